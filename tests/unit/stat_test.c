/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret stat's output (src/stat/stat_fmt.c) on fixed counts, against
 * the text perf stat 6.1 prints for the same counts: the layouts were
 * taken from the real binary's output, numbers and all.
 */
#include "harness.h"
#include "stat/stat_fmt.h"
#include "stat/stat_ev.h"

#include <linux/perf_event.h>

/* The default events of a run of "true": two lines with metrics. */
static const struct stat_line lines[] = {
	{ "task-clock", true, true, 490000, 0, 490000, 490000, { 0 }, 0 },
	{ "page-faults", false, true, 46, 0, 490000, 490000, { 0 }, 0 },
	{ "cycles", false, false, 0, 0, 0, 0, { 0 }, 0 },
	{ "syscalls:sys_enter_getppid", false, true, 0, 0, 490000, 490000, { 0 }, 0 },
};

static char *render(struct stat_out *o, const struct stat_line *l, int n,
		    const char *target, bool footer)
{
	char *text = NULL;
	size_t len = 0;

	o->f = open_memstream(&text, &len);
	stat_fmt_header(o, target);
	stat_fmt_lines(o, l, n);
	if (footer)
		stat_fmt_footer(o, true, 0.001411, 0);
	fclose(o->f);
	return text;
}

static void check(const char *name, const char *got, const char *want)
{
	struct tc t = { .name = name };

	expect(&t, !strcmp(got, want), "got\n%s\nwant\n%s", got, want);
	finish(&t);
}

static void test_std(void)
{
	struct stat_out o = { .mode = STAT_STD, .thousands = "", .runs = 1,
			      .wall_ns = 1150287 };
	char *got = render(&o, lines, 4, "'true'", true);

	check("std", got,
"\n Performance counter stats for 'true':\n\n"
"              0.49 msec task-clock                       #    0.426 CPUs utilized          \n"
"                46      page-faults                      #   93.878 K/sec                  \n"
"   <not supported>      cycles                                                      \n"
"                 0      syscalls:sys_enter_getppid       #    0.000 /sec                   \n"
"\n       0.001150287 seconds time elapsed\n\n"
"       0.001411000 seconds user\n"
"       0.000000000 seconds sys\n\n\n");
	free(got);
}

static void test_no_clock(void)
{
	struct stat_out o = { .mode = STAT_STD, .thousands = ",", .runs = 1,
			      .wall_ns = 4107455 };
	struct stat_line l[] = {
		{ "syscalls:sys_enter_getppid", false, true, 1234567, 0, 5, 5, { 0 }, 0 },
		{ "task-clock", true, true, 0, 0, 0, 0, { 0 }, 0 },
	};
	char *got = render(&o, l, 2, "process id '12'", false);

	/* No clock counted: no rates; a count never running: not counted. */
	check("no_clock_grouped", got,
"\n Performance counter stats for process id '12':\n\n"
"         1,234,567      syscalls:sys_enter_getppid                                         \n"
"     <not counted> msec task-clock                                                  \n");
	free(got);
}

static void test_repeat(void)
{
	struct stat_out o = { .mode = STAT_STD, .thousands = "", .runs = 3,
			      .wall_ns = 732000, .wall_sd = 374784 };
	struct stat_line l[] = {
		{ "task-clock", true, true, 550000, 29975, 550000, 550000, { 0 }, 0 },
		{ "page-faults", false, true, 48, 0.576, 550000, 550000, { 0 }, 0 },
		{ "cycles", false, false, 0, 0, 0, 0, { 0 }, 0 },
	};
	char *got = render(&o, l, 3, "'true'", true);

	check("repeat", got,
"\n Performance counter stats for 'true' (3 runs):\n\n"
"              0.55 msec task-clock                       #    0.751 CPUs utilized            ( +-  5.45% )\n"
"                48      page-faults                      #   87.273 K/sec                    ( +-  1.20% )\n"
"   <not supported>      cycles                                                      \n"
"\n          0.000732 +- 0.000375 seconds time elapsed  ( +- 51.20% )\n\n");
	free(got);
}

static void test_csv(void)
{
	struct stat_out o = { .mode = STAT_CSV, .sep = ",", .thousands = "",
			      .runs = 1, .wall_ns = 1482993 };
	char *got = render(&o, lines, 4, "'true'", true);

	check("csv", got,
"0.49,msec,task-clock,490000,100.00,0.330,CPUs utilized\n"
"46,,page-faults,490000,100.00,93.878,K/sec\n"
"<not supported>,,cycles,0,100.00,,\n"
"0,,syscalls:sys_enter_getppid,490000,100.00,0.000,/sec\n");
	free(got);
	o.runs = 3;
	o.sep = ";";
	got = render(&o, lines + 2, 1, "'true'", true);
	check("csv_repeat", got, "<not supported>;;cycles;0.00%;0;100.00;;\n");
	free(got);
}

static void test_json(void)
{
	struct stat_out o = { .mode = STAT_JSON, .thousands = "", .runs = 1,
			      .wall_ns = 980000 };
	char *got = render(&o, lines, 4, "'true'", true);

	check("json", got,
"{\"counter-value\" : \"0.490000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 490000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.500000, \"metric-unit\" : \"CPUs utilized\"}\n"
"{\"counter-value\" : \"46.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 490000, \"pcnt-running\" : 100.00, \"metric-value\" : 93.877551, \"metric-unit\" : \"K/sec\"}\n"
"{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
"{\"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"syscalls:sys_enter_getppid\", \"event-runtime\" : 490000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"/sec\"}\n");
	free(got);
	/* A supported count without a metric: perf 6.1's "(null)". */
	got = render(&o, lines + 3, 1, "'true'", false);
	check("json_no_metric", got,
"{\"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"syscalls:sys_enter_getppid\", \"event-runtime\" : 490000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"(null)\"}\n");
	free(got);
}

static void test_interval(void)
{
	struct stat_out o = { .mode = STAT_STD, .thousands = "", .runs = 1,
			      .interval = true, .ts_ns = 101547860,
			      .wall_ns = 100e6 };
	struct stat_line l[] = {
		{ "task-clock", true, true, 744000, 0, 744000, 744000, { 0 }, 0 },
		{ "page-faults", false, true, 74, 0, 744000, 744000, { 0 }, 0 },
		{ "cycles", false, false, 0, 0, 0, 0, { 0 }, 0 },
	};
	char *got = render(&o, l, 3, "'sleep'", true);

	check("interval", got,
"#           time             counts unit events\n"
"     0.101547860               0.74 msec task-clock                       #    0.007 CPUs utilized          \n"
"     0.101547860                 74      page-faults                      #   99.462 K/sec                  \n"
"     0.101547860    <not supported>      cycles                                                      \n");
	free(got);
	o.mode = STAT_CSV;
	o.sep = ",";
	got = render(&o, l, 1, "'sleep'", true);
	check("interval_csv", got,
"     0.101547860,0.74,msec,task-clock,744000,100.00,0.007,CPUs utilized\n");
	free(got);
	o.mode = STAT_JSON;
	got = render(&o, l + 2, 1, "'sleep'", true);
	check("interval_json", got,
"{\"interval\" : 0.101547860, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n");
	free(got);
}

static void test_stats(void)
{
	struct stat_acc a = { 0 };
	struct tc t = { .name = "rel_stddev" };
	char buf[64];

	/* 1, 2, 3: variance 1, of the mean 1/3; relative to 2. */
	stat_acc_add(&a, 1);
	stat_acc_add(&a, 2);
	stat_acc_add(&a, 3);
	snprintf(buf, sizeof(buf), "%.4f", stat_rel_sd(stat_acc_sd(&a), a.mean));
	expect(&t, !strcmp(buf, "28.8675"), "got %s", buf);
	expect(&t, stat_rel_sd(1, 0) == 0, "a zero mean has no error");
	finish(&t);
	t = (struct tc){ .name = "grouped" };
	stat_fmt_grouped(buf, sizeof(buf), 1234567.891, 2, ".");
	expect(&t, !strcmp(buf, "1.234.567.89"), "got %s", buf);
	stat_fmt_grouped(buf, sizeof(buf), 999, 0, ",");
	expect(&t, !strcmp(buf, "999"), "got %s", buf);
	stat_fmt_grouped(buf, sizeof(buf), 1000, 0, "\u202f");
	expect(&t, !strcmp(buf, "1\u202f000"), "got %s", buf);
	finish(&t);
}

static void test_lookup(void)
{
	struct tc t = { .name = "event_names" };
	uint32_t type = 0;
	uint64_t config = 0;

	expect(&t, !stat_ev_lookup("cs", &type, &config) &&
	       type == PERF_TYPE_SOFTWARE && config == PERF_COUNT_SW_CONTEXT_SWITCHES,
	       "cs");
	expect(&t, !stat_ev_lookup("LLC-load-misses", &type, &config) &&
	       type == PERF_TYPE_HW_CACHE && config == (2 | 0 << 8 | 1 << 16),
	       "LLC-load-misses: %u %llx", type, (unsigned long long)config);
	expect(&t, stat_ev_lookup("L1-dcache-nope", &type, &config) == -ENOENT,
	       "unknown cache op");
	expect(&t, stat_ev_lookup("", &type, &config) == -ENOENT, "empty");
	finish(&t);
}

/* The prefixes of -A, --per-core and --per-thread, laid out as perf's. */
static void test_aggr(void)
{
	struct stat_out o = { .mode = STAT_STD, .thousands = "", .runs = 1,
			      .wall_ns = 101740000, .aggr = STAT_AGGR_CORE };
	struct stat_line l[] = {
		{ "task-clock", true, true, 101740000, 0, 101740000, 101740000,
		  { .socket = 0, .die = 0, .core = 1, .nr = 1 }, 0 },
		{ "cycles", false, false, 0, 0, 0, 0,
		  { .socket = 0, .die = 0, .core = 1, .nr = 1 }, 0 },
	};
	char *got = render(&o, l, 2, "'system wide'", false);

	check("per_core", got,
"\n Performance counter stats for 'system wide':\n\n"
"S0-D0-C1           1             101.74 msec task-clock                       #    1.000 CPUs utilized          \n"
"S0-D0-C1           1    <not supported>      cycles                                                      \n");
	free(got);
	o.mode = STAT_CSV;
	o.sep = ",";
	o.aggr = STAT_AGGR_SOCKET;
	l[0].id.nr = 2;
	got = render(&o, l, 1, "'system wide'", false);
	check("per_socket_csv", got,
"S0,2,101.74,msec,task-clock,101740000,100.00,1.000,CPUs utilized\n");
	free(got);
	o.mode = STAT_JSON;
	o.aggr = STAT_AGGR_NONE;
	l[1].id.cpu = 1;
	got = render(&o, l + 1, 1, "'system wide'", false);
	check("no_aggr_json", got,
"{\"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n");
	free(got);
	o.mode = STAT_STD;
	o.aggr = STAT_AGGR_THREAD;
	o.interval = true;
	o.ts_ns = 100015257;
	o.wall_ns = 100e6;
	l[0].id.comm = "mt";
	l[0].id.tid = 29691;
	l[0].val = l[0].run = l[0].ena = 18650000;
	got = render(&o, l, 1, "", false);
	check("per_thread_interval", got,
"#           time             comm-pid                  counts unit events\n"
"     0.100015257               mt-29691                 18.65 msec task-clock                       #    0.186 CPUs utilized          \n");
	free(got);
}

/*
 * The bits perf 6.1 sets for each modifier (perf stat -vv's
 * perf_event_attr dump): U K V user/kernel/hv, O G host/guest, I idle,
 * D pinned, E exclusive, then precise_ip.
 */
static void test_modifiers(void)
{
	static const struct { const char *mod, *bits; } cases[] = {
		{ "u", "KVG0" }, { "k", "UV0" }, { "h", "UK0" }, { "G", "O0" },
		{ "H", "G0" }, { "uk", "VG0" }, { "ku", "VG0" }, { "ukh", "G0" },
		{ "uG", "KVO0" }, { "hG", "UKO0" }, { "I", "I0" }, { "Iu", "KVGI0" },
		{ "p", "G1" }, { "ppp", "G3" }, { "pP", "G1" }, { "P", "0" },
		{ "S", "0" }, { "D", "D0" }, { "e", "E0" }, { "W", "0" },
		{ "b", "0" }, { "", "0" },
	};
	static const char *const bad[] = { "uu", "pppp", "x", "ux", "kGk" };
	struct tc t = { .name = "modifiers" };
	struct stat_mod m;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char got[16];

		memset(&m, 0, sizeof(m));
		expect(&t, !stat_ev_modifier(cases[i].mod, &m), "%s refused",
		       cases[i].mod);
		snprintf(got, sizeof(got), "%s%s%s%s%s%s%s%s%u",
			 m.exclude_user ? "U" : "", m.exclude_kernel ? "K" : "",
			 m.exclude_hv ? "V" : "", m.exclude_host ? "O" : "",
			 m.exclude_guest ? "G" : "", m.exclude_idle ? "I" : "",
			 m.pinned ? "D" : "", m.exclusive ? "E" : "", m.precise);
		expect(&t, !strcmp(got, cases[i].bits), ":%s: got %s, want %s",
		       cases[i].mod, got, cases[i].bits);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&m, 0, sizeof(m));
		expect(&t, stat_ev_modifier(bad[i], &m) == -EINVAL,
		       ":%s accepted", bad[i]);
	}
	stat_ev_mod_default(&m);
	expect(&t, m.exclude_guest && !m.exclude_user && !m.exclude_host,
	       "no modifier: the guest excluded only");
	finish(&t);

	/*
	 * A group's modifier goes on top of each member's own; perf -vv
	 * shows {page-faults:u,cs}:k open the leader with exclude_hv and
	 * exclude_guest, the member with exclude_user too, both named as
	 * written inside the braces.
	 */
	t = (struct tc){ .name = "group_modifier" };
	{
		struct stat_evlist l = { 0 };

		expect(&t, !stat_ev_parse(&l, "{page-faults:u,cs}:k,faults"),
		       "refused");
		expect(&t, l.n == 3, "%d events", l.n);
		if (l.n == 3) {
			expect(&t, l.v[0].leader == 0 && l.v[1].leader == 0 &&
			       l.v[2].leader == -1, "leaders %d %d %d",
			       l.v[0].leader, l.v[1].leader, l.v[2].leader);
			expect(&t, !l.v[0].mod.exclude_user &&
			       !l.v[0].mod.exclude_kernel && l.v[0].mod.exclude_hv &&
			       l.v[0].mod.exclude_guest, "leader's bits");
			expect(&t, l.v[1].mod.exclude_user &&
			       !l.v[1].mod.exclude_kernel && l.v[1].mod.exclude_hv &&
			       l.v[1].mod.exclude_guest, "member's bits");
			expect(&t, !strcmp(l.v[0].name, "page-faults:u") &&
			       !strcmp(l.v[1].name, "cs"), "names %s %s",
			       l.v[0].name, l.v[1].name);
		}
		stat_ev_free(&l);
		finish(&t);
	}
}

int main(void)
{
	test_std();
	test_no_clock();
	test_repeat();
	test_csv();
	test_json();
	test_interval();
	test_stats();
	test_lookup();
	test_modifiers();
	test_aggr();
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed != 0;
}
