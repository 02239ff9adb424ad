/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus text format on made-up map entries (prom.h), and the
 * HTTP request heads the exporter's server parses (http.h).  Where
 * promtool is installed, it checks every rendered family too.
 */
#include <unistd.h>

#include "harness.h"
#include "lang/types.h"
#include "runtime/http.h"
#include "runtime/prom.h"

static const struct rt_out rt = { .ncpus = 1 };

/* Renders one map of value type val and key type key (or NULL). */
static char *render(const char *name, struct type *key, struct type *val,
		    char *const *labels, int nlabels,
		    struct print_entry *e, int n)
{
	struct symbol sym = { .kind = SYM_MAP, .key = key, .val = val };
	struct prom_map m = { name, &sym, labels, nlabels };
	struct buf out = { 0 };

	prom_render(&rt, &m, e, n, &out);
	buf_put(&out, "", 1);
	return out.p;
}

static bool promtool_ok(const char *text, char *why, size_t len)
{
	char dir[64], path[96];
	char *out;
	bool ok;
	FILE *f;

	if (!harness_mkdtemp(dir, sizeof(dir), "prom")) {
		snprintf(why, len, "cannot make a directory: %s", strerror(errno));
		return false;
	}
	snprintf(path, sizeof(path), "%s/m.prom", dir);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		snprintf(why, len, "cannot write %s", path);
		harness_rmtree(dir);
		return false;
	}
	out = run("promtool check metrics < %s 2>&1; echo rc=$?", path);
	ok = out && strstr(out, "rc=0\n");
	snprintf(why, len, "%s", out ? out : "promtool did not run");
	free(out);
	harness_rmtree(dir);
	return ok;
}

static void check(struct tc *t, const char *got, const char *want)
{
	char why[512];

	expect(t, !strcmp(got, want), "got:\n%s\nwant:\n%s", got, want);
	if (access("/usr/bin/promtool", X_OK))
		return;
	expect(t, promtool_ok(got, why, sizeof(why)), "promtool: %s", why);
}

static void test_counter(void)
{
	struct tc t = { .name = "count() is a counter: _total, a label per key part" };
	struct type *parts[2] = { type_str(16), type_int(4, true) };
	struct type *key = type_tuple(parts, 2);
	char k[2][24] = { { 0 }, { 0 } };
	int32_t v = -7;
	struct print_entry e[2] = { { 0 } };
	char *names[2] = { "comm", NULL };
	char *got;

	memcpy(k[0] + key->fields[0].offset, "tar", 3);
	memcpy(k[0] + key->fields[1].offset, &v, 4);
	memcpy(k[1] + key->fields[0].offset, "a\"b\\c\nd", 7);
	e[0].key = k[0];
	e[0].agg[0] = 42;
	e[1].key = k[1];
	e[1].agg[0] = 1;
	got = render("@syscalls", key, type_simple(TY_COUNT), names, 2, e, 2);
	check(&t, got,
	      "# HELP ferret_syscalls_total ferret map @syscalls: count\n"
	      "# TYPE ferret_syscalls_total counter\n"
	      "ferret_syscalls_total{comm=\"tar\",key1=\"-7\"} 42\n"
	      "ferret_syscalls_total{comm=\"a\\\"b\\\\c\\nd\",key1=\"0\"} 1\n");
	free(got);
	finish(&t);
}

static void test_scalars(void)
{
	struct tc t = { .name = "a scalar map: no labels; min a gauge; avg a summary" };
	struct print_entry e = { 0 };
	char *got;

	e.agg[0] = -3;
	got = render("@lowest", NULL, type_simple(TY_MIN), NULL, 0, &e, 1);
	check(&t, got,
	      "# HELP ferret_lowest ferret map @lowest: min\n"
	      "# TYPE ferret_lowest gauge\n"
	      "ferret_lowest -3\n");
	free(got);
	e.agg[0] = 300;
	e.agg[1] = 4;
	got = render("@", NULL, type_simple(TY_AVG), NULL, 0, &e, 1);
	check(&t, got,
	      "# HELP ferret_map ferret map @: avg\n"
	      "# TYPE ferret_map summary\n"
	      "ferret_map_sum 300\n"
	      "ferret_map_count 4\n");
	free(got);
	got = render("@names", type_int(8, false), type_str(16), NULL, 0, &e, 0);
	expect(&t, !strcmp(got, "# ferret: @names holds string[16] values, which Prometheus has no type for\n"),
	       "strings: %s", got);
	free(got);
	finish(&t);
}

static void test_hist(void)
{
	struct tc t = { .name = "hist(): cumulative buckets at 2^(k+1)-1, +Inf, _sum, _count" };
	uint64_t b[HIST_NBUCKETS] = { 0 };
	struct print_entry e = { 0 };
	struct buf want = { 0 };
	char *got;
	int i;

	b[0] = 1;		/* -5 */
	b[1] = 2;		/* 0, 0 */
	b[4] = 3;		/* [4, 8) */
	b[33] = 1;		/* 2^31 and up */
	e.buckets = b;
	e.nbuckets = HIST_NBUCKETS;
	e.agg[0] = 1;
	e.agg[1] = 2147483648LL + 15;
	got = render("@latency", NULL, type_simple(TY_HIST), NULL, 0, &e, 1);
	buf_printf(&want, "# HELP ferret_latency ferret map @latency: hist\n"
		   "# TYPE ferret_latency histogram\n"
		   "ferret_latency_bucket{le=\"-1\"} 1\n"
		   "ferret_latency_bucket{le=\"0\"} 3\n"
		   "ferret_latency_bucket{le=\"1\"} 3\n"
		   "ferret_latency_bucket{le=\"3\"} 3\n");
	for (i = 3; i <= 31; i++)
		buf_printf(&want, "ferret_latency_bucket{le=\"%llu\"} 6\n",
			   (1ULL << i) - 1);
	buf_printf(&want, "ferret_latency_bucket{le=\"+Inf\"} 7\n"
		   "ferret_latency_sum 2147483663\n"
		   "ferret_latency_count 7\n");
	buf_put(&want, "", 1);
	check(&t, got, want.p);
	free(got);
	buf_free(&want);
	finish(&t);
}

static void test_lhist(void)
{
	struct tc t = { .name = "lhist(): below min at min-1, steps, from max up only +Inf; no sum slot, no _sum" };
	struct type *lh = type_simple(TY_LHIST);
	uint64_t b[5] = { 1, 0, 2, 0, 4 };
	struct print_entry e = { 0 };
	char *got;

	lh->lh_min = 10;
	lh->lh_max = 40;
	lh->lh_step = 10;
	e.buckets = b;
	e.nbuckets = 5;
	got = render("@sizes", NULL, lh, NULL, 0, &e, 1);
	check(&t, got,
	      "# HELP ferret_sizes ferret map @sizes: lhist\n"
	      "# TYPE ferret_sizes histogram\n"
	      "ferret_sizes_bucket{le=\"9\"} 1\n"
	      "ferret_sizes_bucket{le=\"19\"} 1\n"
	      "ferret_sizes_bucket{le=\"29\"} 3\n"
	      "ferret_sizes_bucket{le=\"39\"} 3\n"
	      "ferret_sizes_bucket{le=\"+Inf\"} 7\n"
	      "ferret_sizes_count 7\n");
	free(got);
	finish(&t);
}

static void test_names(void)
{
	struct tc t = { .name = "names: invalid characters and a leading digit" };
	char *a = prom_name("a.b-c"), *b = prom_name("9x");

	expect(&t, !strcmp(a, "a_b_c"), "a.b-c: %s", a);
	expect(&t, !strcmp(b, "_9x"), "9x: %s", b);
	free(a);
	free(b);
	finish(&t);
}

static int parse(const char *req, char *path, int *head)
{
	return http_parse(req, strlen(req), path, 64, head);
}

static void test_http(void)
{
	struct tc t = { .name = "HTTP request heads: status, path without query, HEAD" };
	char path[64], longreq[200];
	int head = -1;

	expect(&t, parse("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", path, &head) == 200 &&
	       !strcmp(path, "/metrics") && head == 0, "GET: %s %d", path, head);
	expect(&t, parse("HEAD /metrics?x=1 HTTP/1.0\n\n", path, &head) == 200 &&
	       !strcmp(path, "/metrics") && head == 1, "HEAD: %s %d", path, head);
	expect(&t, parse("POST /metrics HTTP/1.1\r\n\r\n", path, &head) == 405, "POST");
	expect(&t, parse("GET /metrics HTTP/2.0\r\n\r\n", path, &head) == 505, "HTTP/2.0");
	expect(&t, parse("GET /metrics\r\n\r\n", path, &head) == 400, "no version");
	expect(&t, parse("GET  /metrics HTTP/1.1\r\n\r\n", path, &head) == 400, "two spaces");
	expect(&t, parse("GET metrics HTTP/1.1\r\n\r\n", path, &head) == 400, "no slash");
	expect(&t, parse("\r\n\r\n", path, &head) == 400, "empty");
	expect(&t, parse("GET / HTTP/1.1 x\r\n\r\n", path, &head) == 400, "extra word");
	memset(longreq, 'a', sizeof(longreq));
	memcpy(longreq, "GET /", 5);
	strcpy(longreq + 150, " HTTP/1.1\r\n\r\n");
	expect(&t, parse(longreq, path, &head) == 414, "path longer than the buffer");
	finish(&t);
}

int main(void)
{
	test_counter();
	test_scalars();
	test_hist();
	test_lhist();
	test_names();
	test_http();
	type_free_all();
	return harness_summary();
}
