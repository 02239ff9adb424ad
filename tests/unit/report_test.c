/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report tables (runtime/report.h) on fixed samples: --sort keys
 * parsed as perf takes them, and whole tables compared byte for byte
 * with the layout perf 6.1 prints (column widths, padding, markers,
 * ties, unnamed frames, merging by the chosen keys).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "runtime/report.h"
#include "harness.h"

static void test_sort_keys(void)
{
	struct tc t = { .name = "report_sort_keys" };
	struct report_opts o = { 0 };
	char *bad;
	int err;

	err = report_parse_sort("dso,sym", &o, &bad);
	expect(&t, !err && o.nkeys == 2 && o.keys[0] == REPORT_DSO &&
	       o.keys[1] == REPORT_SYM, "dso,sym");
	err = report_parse_sort("sym,comm,sym", &o, &bad);
	expect(&t, !err && o.nkeys == 2 && o.keys[0] == REPORT_SYM &&
	       o.keys[1] == REPORT_COMM, "a key twice counts once");
	err = report_parse_sort("comm,pid", &o, &bad);
	expect(&t, !err && o.nkeys == 2 && o.keys[1] == REPORT_PID, "comm,pid");
	err = report_parse_sort("cpu,comm", &o, &bad);
	expect(&t, !err && o.nkeys == 2 && o.keys[0] == REPORT_CPU, "cpu,comm");
	err = report_parse_sort("comm,srcline", &o, &bad);
	expect(&t, err == -EINVAL && bad && !strcmp(bad, "srcline"),
	       "unknown key: error %d, bad %s", err, bad ? bad : "(null)");
	free(bad);
	err = report_parse_sort("", &o, &bad);
	expect(&t, err == -EINVAL && !bad, "empty list: error %d", err);
	finish(&t);
}

/* busy in busy_spin, read_zero, read; sh in main; a frame unnamed. */
static void fixture(struct samples *s)
{
	const char *busy[] = { "busy" }, *sh[] = { "sh" };
	int exe, libc, kern, shm, spin, mainf, rd, vfs, zero, anon, shl, cr;
	int u[2], k[2];

	s->hz = 999;
	kern = samples_mapping(s, 0xffffffff81000000ull, 0xffffffff82000000ull,
			       0, "[kernel.kallsyms]", NULL);
	exe = samples_mapping(s, 0x555555555000ull, 0x555555556000ull, 0x1000,
			      "/tmp/busy", NULL);
	libc = samples_mapping(s, 0x7f0000028000ull, 0x7f000017d000ull,
			       0x28000, "/usr/lib/libc.so.6", NULL);
	shm = samples_mapping(s, 0x400000, 0x401000, 0, "/bin/sh", NULL);
	spin = samples_loc(s, 0x5555555552c1ull, false, exe, "busy_spin");
	mainf = samples_loc(s, 0x555555555137ull, false, exe, "main");
	rd = samples_loc(s, 0x7f00000f92adull, false, libc, "read");
	vfs = samples_loc(s, 0xffffffff816d5c2bull, true, kern, "vfs_read");
	zero = samples_loc(s, 0xffffffff81d7f4a8ull, true, kern, "read_zero");
	cr = samples_loc(s, 0xffffffff81d7f000ull, true, kern, "__cond_resched");
	anon = samples_loc(s, 0x7f00000f0000ull, false, -1, NULL);
	shl = samples_loc(s, 0x400100, false, shm, "main");
	u[0] = spin;
	u[1] = mainf;
	samples_add(s, 728, 42, true, busy, 1, u, 2, NULL, 0);
	u[0] = rd;
	k[0] = zero;
	k[1] = vfs;
	samples_add(s, 200, 42, true, busy, 1, u, 2, k, 2);
	/* The same leaf from another stack: one row. */
	samples_add(s, 69, 42, true, busy, 1, u, 2, k, 1);
	samples_add(s, 1, 42, true, busy, 1, u, 2, &cr, 1);
	samples_add(s, 1, 42, true, busy, 1, u, 2, &vfs, 1);
	samples_add(s, 1, 42, true, busy, 1, u, 1, NULL, 0);
	samples_add(s, 1, 9, true, sh, 1, &anon, 1, NULL, 0);
	samples_add(s, 1, 9, true, sh, 1, &shl, 1, NULL, 0);
}

static const char tail[] =
	"\n"
	"\n"
	"#\n"
	"# (Tip: ferret profile -f pprof writes these samples for go tool pprof)\n"
	"#\n";

static void check_table(struct tc *t, const char *keys, const char *want)
{
	struct report_opts o = { .title = "fixed samples" };
	struct samples s = { 0 };
	struct buf b = { 0 };
	char *full, *bad;

	if (keys && report_parse_sort(keys, &o, &bad)) {
		expect(t, false, "keys %s refused", keys);
		free(bad);
		return;
	}
	fixture(&s);
	report_render(&s, &o, &b);
	full = xasprintf(
		"# fixed samples\n"
		"#\n"
		"#\n"
		"# Total Lost Samples: 0\n"
		"#\n"
		"# Samples: 1K of event 'cpu-clock'\n"
		"# Event count (approx.): 1003003002\n"
		"#\n"
		"%s%s", want, tail);
	expect(t, b.p && !strcmp(b.p, full), "--sort %s gave\n%s",
	       keys ? keys : "(default)", b.p);
	free(full);
	buf_free(&b);
	samples_free(&s);
}

/*
 * cpu: the root the options name, as perf's "%03d"; without one, perf's
 * -001 for a recording that kept no CPU, past the column's width.
 */
static void test_cpu(void)
{
	struct tc t = { .name = "report_cpu_column" };
	const char *b0[] = { "busy", "0" }, *b1[] = { "busy", "1" }, *s1[] = { "sh", "1" };
	struct report_opts o = { .title = "cpu" };
	struct samples s = { 0 };
	struct buf b = { 0 };
	char *bad = NULL;
	int exe, spin;

	s.hz = 999;
	exe = samples_mapping(&s, 0x555555555000ull, 0x555555556000ull, 0x1000,
			      "/tmp/busy", NULL);
	spin = samples_loc(&s, 0x5555555552c1ull, false, exe, "busy_spin");
	samples_add(&s, 3, 42, true, b0, 2, &spin, 1, NULL, 0);
	samples_add(&s, 1, 42, true, b1, 2, &spin, 1, NULL, 0);
	samples_add(&s, 1, 9, true, s1, 2, &spin, 1, NULL, 0);
	expect(&t, !report_parse_sort("cpu,comm", &o, &bad), "cpu,comm refused");
	o.cpu_root = 1;
	report_render(&s, &o, &b);
	expect(&t, b.p && strstr(b.p, "# Overhead  CPU  Command\n"
			       "# ........  ...  .......\n#\n"
			       "    60.00%  000  busy   \n"
			       "    20.00%  001  busy   \n"
			       "    20.00%  001  sh     \n\n"), "with the CPU:\n%s", b.p);
	b.len = 0;
	o.cpu_root = 0;
	expect(&t, !report_parse_sort("cpu", &o, &bad), "cpu refused");
	report_render(&s, &o, &b);
	expect(&t, b.p && strstr(b.p, "# Overhead  CPU\n# ........  ...\n#\n"
			       "   100.00%  -001\n\n"), "without it:\n%s", b.p);
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

static void test_default(void)
{
	struct tc t = { .name = "report_default_columns" };

	check_table(&t, NULL,
		"# Overhead  Command  Shared Object      Symbol                \n"
		"# ........  .......  .................  ......................\n"
		"#\n"
		"    72.65%  busy     busy               [.] busy_spin\n"
		"    26.85%  busy     [kernel.kallsyms]  [k] read_zero\n"
		"     0.10%  busy     [kernel.kallsyms]  [k] __cond_resched\n"
		"     0.10%  busy     [kernel.kallsyms]  [k] vfs_read\n"
		"     0.10%  busy     libc.so.6          [.] read\n"
		"     0.10%  sh       [unknown]          [.] 0x00007f00000f0000\n"
		"     0.10%  sh       sh                 [.] main\n");
	finish(&t);
}

static void test_sym_first(void)
{
	struct tc t = { .name = "report_sym_then_comm" };

	check_table(&t, "sym,comm",
		"# Overhead  Symbol                  Command\n"
		"# ........  ......................  .......\n"
		"#\n"
		"    72.65%  [.] busy_spin           busy   \n"
		"    26.85%  [k] read_zero           busy   \n"
		"     0.10%  [.] 0x00007f00000f0000  sh     \n"
		"     0.10%  [k] __cond_resched      busy   \n"
		"     0.10%  [.] main                sh     \n"
		"     0.10%  [.] read                busy   \n"
		"     0.10%  [k] vfs_read            busy   \n");
	finish(&t);
}

static void test_merge(void)
{
	struct tc t = { .name = "report_dso_comm_merged" };

	check_table(&t, "dso,comm",
		"# Overhead  Shared Object      Command\n"
		"# ........  .................  .......\n"
		"#\n"
		"    72.65%  busy               busy   \n"
		"    27.05%  [kernel.kallsyms]  busy   \n"
		"     0.10%  [unknown]          sh     \n"
		"     0.10%  libc.so.6          busy   \n"
		"     0.10%  sh                 sh     \n");
	check_table(&t, "comm",
		"# Overhead  Command\n"
		"# ........  .......\n"
		"#\n"
		"    99.80%  busy   \n"
		"     0.20%  sh     \n");
	finish(&t);
}

/* perf's Pid:Command: "%7d:" and the command, under "    Pid:Command". */
static void test_pid(void)
{
	struct tc t = { .name = "report_pid_column" };

	check_table(&t, "pid,sym",
		"# Overhead      Pid:Command  Symbol                \n"
		"# ........  ...............  ......................\n"
		"#\n"
		"    72.65%       42:busy     [.] busy_spin\n"
		"    26.85%       42:busy     [k] read_zero\n"
		"     0.10%        9:sh       [.] 0x00007f00000f0000\n"
		"     0.10%        9:sh       [.] main\n"
		"     0.10%       42:busy     [k] __cond_resched\n"
		"     0.10%       42:busy     [.] read\n"
		"     0.10%       42:busy     [k] vfs_read\n");
	finish(&t);
}

static void test_empty(void)
{
	struct tc t = { .name = "report_no_samples" };
	struct report_opts o = { 0 };
	struct samples s = { 0 };
	struct buf b = { 0 };

	report_render(&s, &o, &b);
	expect(&t, b.p && strstr(b.p, "# Samples: 0  of event 'cpu-clock'\n") &&
	       strstr(b.p, "# Overhead  Command  Shared Object  Symbol\n"
			   "# ........  .......  .............  ......\n#\n\n\n"),
	       "empty table\n%s", b.p);
	buf_free(&b);
	finish(&t);
}

/* The sample count as perf scales it: above 1000, in K, M, G. */
static void test_units(void)
{
	static const struct {
		uint64_t n;
		const char *want;
	} cases[] = {
		{ 1000, "# Samples: 1000  of event" },
		{ 1001, "# Samples: 1K of event" },
		{ 999999, "# Samples: 999K of event" },
		{ 1500000, "# Samples: 1M of event" },
		{ 2000000001ull, "# Samples: 2G of event" },
	};
	struct tc t = { .name = "report_sample_units" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct report_opts o = { 0 };
		struct samples s = { 0 };
		struct buf b = { 0 };

		samples_add(&s, cases[i].n, 1, false, NULL, 0, NULL, 0, NULL, 0);
		report_render(&s, &o, &b);
		expect(&t, b.p && strstr(b.p, cases[i].want), "%llu samples:\n%s",
		       (unsigned long long)cases[i].n, b.p);
		buf_free(&b);
		samples_free(&s);
	}
	finish(&t);
}

int main(void)
{
	test_units();
	test_sort_keys();
	test_default();
	test_cpu();
	test_sym_first();
	test_merge();
	test_pid();
	test_empty();
	return harness_summary();
}
