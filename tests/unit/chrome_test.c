/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Chrome trace-event JSON writer on fixed models: the text of a
 * small one, and CPU slices that abut at the nanosecond read back as
 * readers read them (ts + dur in doubles), never past the next start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "record/chrome.h"

static char *name_v[] = { "getppid", "sched_waking" };

/* chrome_write() of m as a string (caller frees). */
static char *write_json(const struct rp_model *m)
{
	char *p = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&p, &len);

	if (!f)
		return NULL;
	chrome_write(f, m);
	fclose(f);
	return p;
}

static void test_text(void)
{
	static const char want[] =
		"{\"displayTimeUnit\":\"ns\",\"otherData\":{\"writer\":\"ferret convert\",\"hostname\":\"h\","
		"\"first_event_monotonic_ns\":1000,\"clock_offset_ns\":5,\"events\":3,\"lost_events\":0},\n"
		"\"traceEvents\":[\n"
		"{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":4194304,\"tid\":4194304,\"args\":{\"name\":\"CPUs\"}},\n"
		"{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":4194304,\"tid\":4194304,\"args\":{\"sort_index\":-1}},\n"
		"{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":4194304,\"tid\":4194305,\"args\":{\"name\":\"CPU 0\"}},\n"
		"{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":4194304,\"tid\":4194305,\"args\":{\"sort_index\":0}},\n"
		"{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":7,\"tid\":7,\"args\":{\"name\":\"tar\"}},\n"
		"{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":7,\"tid\":7,\"args\":{\"name\":\"tar\"}},\n"
		"{\"ph\":\"X\",\"cat\":\"sched\",\"name\":\"tar\",\"pid\":4194304,\"tid\":4194305,\"ts\":0.000,\"dur\":2.500,\"args\":{\"tid\":7,\"pid\":7}},\n"
		"{\"ph\":\"X\",\"cat\":\"syscall\",\"name\":\"getppid\",\"pid\":7,\"tid\":7,\"ts\":1.000,\"dur\":0.250,\"args\":{\"ret\":1}},\n"
		"{\"ph\":\"i\",\"cat\":\"event\",\"name\":\"sched_waking\",\"s\":\"t\",\"pid\":7,\"tid\":7,\"ts\":2.000}\n"
		"]}\n";
	struct rp_thread th[] = { { 7, 7, "tar" } };
	struct rp_slice s[] = {
		{ 1000, 3500, 7, 0, RP_RUN, 0, -1 },
		{ 2000, 2250, 7, 0, RP_SYSCALL, 0, 0 },
		{ 3000, 3000, 7, 0, RP_INSTANT, 1, -1 },
	};
	struct rp_model m = { 0 };
	struct tc t = { .name = "chrome: the JSON of a fixed model" };
	char *out;

	m.s = s;
	m.n = ARRAY_SIZE(s);
	m.names = name_v;
	m.nnames = 2;
	buf_put(&m.text, "{\"ret\":1}", 10);
	m.threads = th;
	m.nthreads = 1;
	m.ncpus = 1;
	m.t0 = 1000;
	m.t1 = 3500;
	m.clock_offset = 5;
	m.hostname = "h";
	m.events = 3;
	out = write_json(&m);
	expect(&t, out && !strcmp(out, want), "got:\n%s\nwant:\n%s", out ? out : "(none)", want);
	free(out);
	buf_free(&m.text);
	finish(&t);
}

/*
 * 20,000 CPU slices, each starting at the nanosecond the one before
 * ends, at odd nanosecond times: read back with strtod() as a reader
 * does, ts + dur never passes the next slice's ts, and dur is the true
 * length or a nanosecond less.
 */
static void test_abutting(void)
{
	enum { N = 20000 };
	struct rp_thread th[] = { { 9, 9, "busy" } };
	struct rp_slice *s = calloc(N, sizeof(*s));
	struct rp_model m = { 0 };
	struct tc t = { .name = "chrome: abutting slices end no later than the next begins, in doubles" };
	uint64_t at = 123456789, x = 88172645463325252ull;
	char *out, *p;
	double prev_end = -1;
	int i, seen = 0, cut = 0;

	for (i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		s[i] = (struct rp_slice){ at, at + 1 + x % 5000000, 9, 0, RP_RUN, 0, -1 };
		at = s[i].end;
	}
	m.s = s;
	m.n = N;
	m.names = name_v;
	m.nnames = 1;
	m.threads = th;
	m.nthreads = 1;
	m.ncpus = 1;
	m.t0 = 1000;
	m.hostname = "";
	out = write_json(&m);
	for (p = out; p && (p = strstr(p, "\"ph\":\"X\"")); p++, seen++) {
		char *ts = strstr(p, "\"ts\":"), *dur = strstr(p, "\"dur\":");
		double a, d;
		uint64_t want, got;

		if (!ts || !dur)
			break;
		a = strtod(ts + 5, NULL);
		d = strtod(dur + 6, NULL);
		want = s[seen].end - s[seen].start;
		got = (uint64_t)(d * 1000.0 + 0.5);
		cut += got != want;
		if (!expect(&t, a >= prev_end, "slice %d starts at %.3f before the last ended at %.17g",
			    seen, a, prev_end) ||
		    !expect(&t, got == want || got + 1 == want, "slice %d: dur %.3f for %llu ns",
			    seen, d, (unsigned long long)want))
			break;
		prev_end = a + d;
	}
	expect(&t, seen == N, "%d slices read, want %d", seen, N);
	expect(&t, cut > 0 && cut < N / 4, "%d of %d durations cut by a nanosecond", cut, N);
	free(out);
	free(s);
	finish(&t);
}

int main(void)
{
	test_text();
	test_abutting();
	return harness_summary();
}
