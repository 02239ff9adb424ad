/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pprof profiles (runtime/pprof.h) on fixed samples: the exact bytes of
 * a minimal profile, then a profile read back field by field with a
 * small protobuf decoder (sample types, period, samples' location
 * order and values, labels, mappings with the main binary first,
 * locations, functions, string table), and the gzip wrapper inflated
 * back.  go tool pprof reads the same profiles in tests/profile/run.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "util.h"
#include "runtime/pprof.h"
#include "harness.h"

/* One field of a message: its number, wire type and value. */
struct field {
	int num, wire;
	uint64_t v;			/* varint */
	const unsigned char *p;		/* length-delimited */
	size_t len;
};

static bool rd_varint(const unsigned char **p, const unsigned char *end,
		      uint64_t *v)
{
	int shift = 0;

	*v = 0;
	while (*p < end && shift < 64) {
		unsigned char c = *(*p)++;

		*v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80))
			return true;
		shift += 7;
	}
	return false;
}

/* Splits a message into at most max fields; -1 if malformed. */
static int fields(const unsigned char *p, size_t len, struct field *f, int max)
{
	const unsigned char *end = p + len;
	int n = 0;
	uint64_t key;

	while (p < end) {
		if (n == max || !rd_varint(&p, end, &key))
			return -1;
		f[n].num = key >> 3;
		f[n].wire = key & 7;
		if (f[n].wire == 0) {
			if (!rd_varint(&p, end, &f[n].v))
				return -1;
		} else if (f[n].wire == 2) {
			if (!rd_varint(&p, end, &f[n].v) ||
			    f[n].v > (uint64_t)(end - p))
				return -1;
			f[n].p = p;
			f[n].len = f[n].v;
			p += f[n].len;
		} else {
			return -1;
		}
		n++;
	}
	return n;
}

/* The varint field num of a message, 0 if absent. */
static uint64_t get(const struct field *f, int n, int num)
{
	int i;

	for (i = 0; i < n; i++)
		if (f[i].num == num && f[i].wire == 0)
			return f[i].v;
	return 0;
}

/* A packed varint list into v (max entries); its length. */
static int packed(const struct field *f, uint64_t *v, int max)
{
	const unsigned char *p = f->p, *end = f->p + f->len;
	int n = 0;

	while (p < end && n < max && rd_varint(&p, end, &v[n]))
		n++;
	return n;
}

/* A decoded profile, the parts the tests look at. */
struct prof {
	struct field top[4096];
	int ntop;
	char *strings[256];
	int nstrings;
};

static bool decode(struct prof *pr, const struct buf *b)
{
	int i;

	pr->ntop = fields((const unsigned char *)b->p, b->len, pr->top,
			  ARRAY_SIZE(pr->top));
	if (pr->ntop < 0)
		return false;
	pr->nstrings = 0;
	for (i = 0; i < pr->ntop; i++)
		if (pr->top[i].num == 6 && pr->nstrings < 256)
			pr->strings[pr->nstrings++] =
				xstrndup((const char *)pr->top[i].p,
					 pr->top[i].len);
	return true;
}

static void prof_free(struct prof *pr)
{
	int i;

	for (i = 0; i < pr->nstrings; i++)
		free(pr->strings[i]);
}

static const char *str(const struct prof *pr, uint64_t i)
{
	return i < (uint64_t)pr->nstrings ? pr->strings[i] : "<out of range>";
}

/* The k-th (from 0) top-level field num, split into sub; its count. */
static int nth(const struct prof *pr, int num, int k, struct field *sub,
	       int max)
{
	int i;

	for (i = 0; i < pr->ntop; i++)
		if (pr->top[i].num == num && pr->top[i].wire == 2 && !k--)
			return fields(pr->top[i].p, pr->top[i].len, sub, max);
	return -1;
}

static int count(const struct prof *pr, int num)
{
	int i, n = 0;

	for (i = 0; i < pr->ntop; i++)
		n += pr->top[i].num == num;
	return n;
}

/* The same fixture as samples_test.c's, two processes this time. */
static void fixture(struct samples *s)
{
	const char *roots[] = { "busy" }, *other[] = { "sh" };
	int exe, libc, kern, sh, spin, mainf, rd, vfs, zero, anon, shl;
	int u1[2], u2[2], k2[2];

	kern = samples_mapping(s, 0xffffffff81000000ull, 0xffffffff82000000ull,
			       0, "[kernel.kallsyms]", "85c7");
	libc = samples_mapping(s, 0x7f0000028000ull, 0x7f000017d000ull,
			       0x28000, "/usr/lib/libc.so.6", NULL);
	exe = samples_mapping(s, 0x555555555000ull, 0x555555556000ull, 0x1000,
			      "/tmp/busy", "daa0");
	sh = samples_mapping(s, 0x400000, 0x401000, 0, "/bin/sh", NULL);
	spin = samples_loc(s, 0x5555555552c1ull, false, exe, "busy_spin");
	mainf = samples_loc(s, 0x555555555137ull, false, exe, "main");
	rd = samples_loc(s, 0x7f00000f92adull, false, libc, "read");
	vfs = samples_loc(s, 0xffffffff816d5c2bull, true, kern, "vfs_read");
	zero = samples_loc(s, 0xffffffff81d7f4a8ull, true, kern, "read_zero");
	anon = samples_loc(s, 0x7f00000f0000ull, false, libc, NULL);
	shl = samples_loc(s, 0x400100, false, sh, "main");
	u1[0] = spin;
	u1[1] = mainf;
	samples_add(s, 70, 42, true, roots, 1, u1, 2, NULL, 0);
	u2[0] = rd;
	u2[1] = mainf;
	k2[0] = zero;
	k2[1] = vfs;
	samples_add(s, 25, 42, true, roots, 1, u2, 2, k2, 2);
	u2[0] = anon;
	samples_add(s, 5, 42, true, roots, 1, u2, 2, NULL, 0);
	samples_add(s, 9, 7, true, other, 1, &shl, 1, NULL, 0);
}

/* Nothing sampled, no rate: just the one sample type and its strings. */
static void test_bytes(void)
{
	static const unsigned char want[] = {
		0x32, 0x00,
		0x32, 0x07, 's', 'a', 'm', 'p', 'l', 'e', 's',
		0x32, 0x05, 'c', 'o', 'u', 'n', 't',
		0x0a, 0x04, 0x08, 0x01, 0x10, 0x02,
	};
	struct tc t = { .name = "pprof_minimal_bytes" };
	struct pprof_opts o = { 0 };
	struct samples s = { 0 };
	struct buf b = { 0 };
	size_t i;

	pprof_encode(&s, &o, &b);
	expect(&t, b.len == sizeof(want) && !memcmp(b.p, want, b.len),
	       "%zu bytes, want %zu", b.len, sizeof(want));
	for (i = 0; i < b.len && i < sizeof(want); i++)
		if ((unsigned char)b.p[i] != want[i])
			expect(&t, false, "byte %zu is %02x, want %02x", i,
			       (unsigned char)b.p[i], want[i]);
	buf_free(&b);
	finish(&t);
}

static void test_profile(void)
{
	struct tc t = { .name = "pprof_profile_fields" };
	static const char *const labels[] = { "comm" };
	struct pprof_opts o = { labels, 1, NULL };
	struct samples s = { .hz = 99, .time_ns = 1700000000000000000ll,
			     .duration_ns = 1500000000 };
	static struct prof pr;
	struct field f[64], g[16];
	uint64_t ids[64], vals[4];
	struct buf b = { 0 };
	int n, m, i, nids;

	fixture(&s);
	pprof_encode(&s, &o, &b);
	if (!expect(&t, decode(&pr, &b), "not a protobuf message"))
		goto out;
	expect(&t, pr.nstrings > 0 && !strcmp(pr.strings[0], ""),
	       "string 0 is not empty");

	/* Sample types: samples/count, then cpu/nanoseconds, the default. */
	n = nth(&pr, 1, 0, f, 64);
	expect(&t, n == 2 && !strcmp(str(&pr, get(f, n, 1)), "samples") &&
	       !strcmp(str(&pr, get(f, n, 2)), "count"), "sample type 0");
	n = nth(&pr, 1, 1, f, 64);
	expect(&t, n == 2 && !strcmp(str(&pr, get(f, n, 1)), "cpu") &&
	       !strcmp(str(&pr, get(f, n, 2)), "nanoseconds"), "sample type 1");
	n = nth(&pr, 11, 0, f, 64);
	expect(&t, n == 2 && !strcmp(str(&pr, get(f, n, 1)), "cpu") &&
	       !strcmp(str(&pr, get(f, n, 2)), "nanoseconds"), "period type");
	expect(&t, get(pr.top, pr.ntop, 12) == 10101010, "period %llu",
	       (unsigned long long)get(pr.top, pr.ntop, 12));
	expect(&t, !strcmp(str(&pr, get(pr.top, pr.ntop, 14)), "cpu"),
	       "default sample type");
	expect(&t, get(pr.top, pr.ntop, 9) == 1700000000000000000ull &&
	       get(pr.top, pr.ntop, 10) == 1500000000, "time or duration");

	/* Sample 1: kernel leaf first, then user, then the comm root. */
	expect(&t, count(&pr, 2) == 4, "%d samples", count(&pr, 2));
	n = nth(&pr, 2, 1, f, 64);
	for (i = 0; i < n && f[i].num != 1; i++)
		;
	nids = i < n ? packed(&f[i], ids, 64) : 0;
	expect(&t, nids == 5 && ids[0] == 5 && ids[1] == 4 && ids[2] == 3 &&
	       ids[3] == 2 && ids[4] == 8,
	       "location ids of sample 1: %d of them", nids);
	for (i = 0; i < n && f[i].num != 2; i++)
		;
	m = i < n ? packed(&f[i], vals, 4) : 0;
	expect(&t, m == 2 && vals[0] == 25 && vals[1] == 25 * 10101010ull,
	       "values of sample 1");
	m = 0;
	for (i = 0; i < n; i++) {
		int k;

		if (f[i].num != 3)
			continue;
		k = fields(f[i].p, f[i].len, g, 16);
		if (!strcmp(str(&pr, get(g, k, 1)), "comm"))
			m += !strcmp(str(&pr, get(g, k, 2)), "busy");
		if (!strcmp(str(&pr, get(g, k, 1)), "pid"))
			m += get(g, k, 3) == 42;
	}
	expect(&t, m == 2, "labels of sample 1");

	/* Mappings: the busiest process's lowest file first. */
	expect(&t, count(&pr, 3) == 4, "%d mappings", count(&pr, 3));
	n = nth(&pr, 3, 0, f, 64);
	expect(&t, get(f, n, 1) == 1 && get(f, n, 2) == 0x555555555000ull &&
	       get(f, n, 3) == 0x555555556000ull && get(f, n, 4) == 0x1000 &&
	       !strcmp(str(&pr, get(f, n, 5)), "/tmp/busy") &&
	       !strcmp(str(&pr, get(f, n, 6)), "daa0") && get(f, n, 7) == 1,
	       "main mapping");
	n = nth(&pr, 3, 1, f, 64);
	expect(&t, get(f, n, 1) == 2 &&
	       !strcmp(str(&pr, get(f, n, 5)), "[kernel.kallsyms]") &&
	       get(f, n, 7) == 1, "kernel mapping second");
	n = nth(&pr, 3, 2, f, 64);
	expect(&t, !strcmp(str(&pr, get(f, n, 5)), "/usr/lib/libc.so.6") &&
	       get(f, n, 6) == 0 && get(f, n, 7) == 1,
	       "libc: no build id, functions though one location has no name");

	/* Locations: address, mapping id, a line for named ones. */
	expect(&t, count(&pr, 4) == 9, "%d locations", count(&pr, 4));
	n = nth(&pr, 4, 4, f, 64);
	expect(&t, get(f, n, 1) == 5 && get(f, n, 2) == 2 &&
	       get(f, n, 3) == 0xffffffff81d7f4a8ull && n == 4,
	       "read_zero's location");
	n = nth(&pr, 4, 5, f, 64);
	expect(&t, n == 3 && get(f, n, 2) == 3, "unnamed location has a line");
	n = nth(&pr, 4, 7, f, 64);
	expect(&t, get(f, n, 1) == 8 && !get(f, n, 2) && !get(f, n, 3),
	       "the root's location has a mapping or address");
	/* Functions: main named once for two locations, plus the roots. */
	expect(&t, count(&pr, 5) == 7, "%d functions", count(&pr, 5));
	n = nth(&pr, 5, 1, f, 64);
	expect(&t, get(f, n, 1) == 2 && !strcmp(str(&pr, get(f, n, 2)), "main") &&
	       get(f, n, 3) == get(f, n, 2), "function main");
out:
	prof_free(&pr);
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

/*
 * Source lines: a location's line carries its line number, its function
 * the file; one name in two files is two functions, and a mapping has
 * functions, filenames and line numbers where any of its locations
 * does (an unnamed PLT stub among them keeps go tool pprof from
 * symbolizing the mapping again).
 */
static void test_lines(void)
{
	struct tc t = { .name = "pprof_lines" };
	struct samples s = { 0 };
	struct pprof_line *lines;
	struct pprof_opts o = { NULL, 0, NULL };
	static struct prof pr;
	struct field f[64], g[16];
	struct buf b = { 0 };
	int n, m, i, exe, other, locs[4];
	uint64_t fid[3] = { 0 };

	exe = samples_mapping(&s, 0x1000, 0x2000, 0, "/tmp/a", NULL);
	other = samples_mapping(&s, 0x3000, 0x4000, 0, "/tmp/b", NULL);
	locs[0] = samples_loc(&s, 0x1010, false, exe, "f");
	locs[1] = samples_loc(&s, 0x1020, false, exe, "f");
	locs[2] = samples_loc(&s, 0x3010, false, other, "g");
	locs[3] = samples_loc(&s, 0x1004, false, exe, NULL);
	samples_add(&s, 1, 1, true, NULL, 0, locs, 4, NULL, 0);
	lines = xcalloc(4, sizeof(*lines));
	lines[0] = (struct pprof_line){ "/src/a.c", 12, NULL, 0 };
	lines[1] = (struct pprof_line){ "/src/inl.h", 3, NULL, 0 };
	o.lines = lines;
	pprof_encode(&s, &o, &b);
	if (!expect(&t, decode(&pr, &b), "not a protobuf message"))
		goto out;
	for (i = 0; i < 3; i++) {
		n = nth(&pr, 4, i, f, 64);
		m = -1;
		while (n-- > 0)
			if (f[n].num == 4)
				m = fields(f[n].p, f[n].len, g, 16);
		expect(&t, m > 0, "location %d has no line", i);
		if (m <= 0)
			break;
		fid[i] = get(g, m, 1);
		expect(&t, get(g, m, 2) == (uint64_t)(i == 0 ? 12 : i == 1 ? 3 : 0),
		       "location %d: line %llu", i, (unsigned long long)get(g, m, 2));
	}
	expect(&t, fid[0] && fid[1] && fid[0] != fid[1] && count(&pr, 5) == 3,
	       "f in two files is two functions: ids %llu %llu, %d functions",
	       (unsigned long long)fid[0], (unsigned long long)fid[1], count(&pr, 5));
	n = nth(&pr, 5, 0, f, 64);
	expect(&t, !strcmp(str(&pr, get(f, n, 2)), "f") &&
	       !strcmp(str(&pr, get(f, n, 4)), "/src/a.c"), "function f's file");
	n = nth(&pr, 5, 2, f, 64);
	expect(&t, !strcmp(str(&pr, get(f, n, 2)), "g") && !get(f, n, 4),
	       "g has no file");
	n = nth(&pr, 3, 0, f, 64);
	expect(&t, get(f, n, 7) == 1 && get(f, n, 8) == 1 && get(f, n, 9) == 1,
	       "/tmp/a: lines and names, but for one unnamed location");
	n = nth(&pr, 3, 1, f, 64);
	expect(&t, get(f, n, 7) == 1 && !get(f, n, 8) && !get(f, n, 9),
	       "/tmp/b: no lines");
out:
	free(lines);
	prof_free(&pr);
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

/*
 * Inlined calls: a location gets a line per function inlined there,
 * innermost first, then its own function's at the outermost call; each
 * function keeps its name and file.
 */
static void test_inlined(void)
{
	struct tc t = { .name = "pprof_inlined" };
	struct samples s = { 0 };
	struct pprof_line *lines;
	struct pprof_inline inl[2] = { { "mix", "/src/b.h", 7 }, { "burn", "/src/b.h", 16 } };
	struct pprof_opts o = { NULL, 0, NULL };
	static struct prof pr;
	struct field f[64], g[16], h[16];
	struct buf b = { 0 };
	static const char *const want_fn[] = { "mix", "burn", "work" };
	static const char *const want_file[] = { "/src/b.h", "/src/b.h", "/src/a.c" };
	static const uint64_t want_line[] = { 7, 16, 22 };
	int n, m, i, k, exe, loc;

	exe = samples_mapping(&s, 0x1000, 0x2000, 0, "/tmp/a", NULL);
	loc = samples_loc(&s, 0x1010, false, exe, "work");
	samples_add(&s, 1, 1, true, NULL, 0, &loc, 1, NULL, 0);
	lines = xcalloc(1, sizeof(*lines));
	lines[0] = (struct pprof_line){ "/src/a.c", 22, inl, 2 };
	o.lines = lines;
	pprof_encode(&s, &o, &b);
	if (!expect(&t, decode(&pr, &b), "not a protobuf message"))
		goto out;
	n = nth(&pr, 4, 0, f, 64);
	for (i = k = 0; i < n; i++) {
		uint64_t fid;
		int fn;

		if (f[i].num != 4)
			continue;
		m = fields(f[i].p, f[i].len, g, 16);
		if (!expect(&t, m > 0 && k < 3, "line %d of the location", k))
			break;
		fid = get(g, m, 1);
		fn = nth(&pr, 5, (int)fid - 1, h, 16);
		expect(&t, fn > 0 && get(h, fn, 1) == fid &&
		       !strcmp(str(&pr, get(h, fn, 2)), want_fn[k]) &&
		       !strcmp(str(&pr, get(h, fn, 4)), want_file[k]),
		       "line %d: function %s in %s, want %s in %s", k,
		       fn > 0 ? str(&pr, get(h, fn, 2)) : "?",
		       fn > 0 ? str(&pr, get(h, fn, 4)) : "?", want_fn[k], want_file[k]);
		expect(&t, get(g, m, 2) == want_line[k], "line %d: %llu, want %llu", k,
		       (unsigned long long)get(g, m, 2), (unsigned long long)want_line[k]);
		k++;
	}
	expect(&t, k == 3, "%d lines, want 3", k);
	expect(&t, count(&pr, 5) == 3, "%d functions, want 3", count(&pr, 5));
out:
	free(lines);
	prof_free(&pr);
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

static void test_gzip(void)
{
	struct tc t = { .name = "pprof_gzip" };
	struct pprof_opts o = { 0 };
	struct samples s = { .hz = 999 };
	struct buf raw = { 0 }, gz = { 0 };
	unsigned char back[65536];
	uLongf blen = sizeof(back);
	z_stream z = { 0 };
	int err;

	fixture(&s);
	pprof_encode(&s, &o, &raw);
	err = pprof_write(&s, &o, &gz);
	expect(&t, !err && gz.len > 10 && (unsigned char)gz.p[0] == 0x1f &&
	       (unsigned char)gz.p[1] == 0x8b, "no gzip header (error %d)", err);
	if (!err && inflateInit2(&z, 16 + 15) == Z_OK) {
		z.next_in = (unsigned char *)gz.p;
		z.avail_in = gz.len;
		z.next_out = back;
		z.avail_out = blen;
		err = inflate(&z, Z_FINISH);
		blen = blen - z.avail_out;
		inflateEnd(&z);
		expect(&t, err == Z_STREAM_END && blen == raw.len &&
		       !memcmp(back, raw.p, raw.len),
		       "inflated %lu bytes (status %d), encoded %zu",
		       (unsigned long)blen, err, raw.len);
	}
	buf_free(&raw);
	buf_free(&gz);
	samples_free(&s);
	finish(&t);
}

int main(void)
{
	test_bytes();
	test_profile();
	test_lines();
	test_inlined();
	test_gzip();
	return harness_summary();
}
