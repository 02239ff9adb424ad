/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function graph's text (src/record/fgraph.c) on fixed input: the
 * duration column and its marks at each boundary, nesting and leaves,
 * a return without its entry, comments and their indent, the banner of
 * a CPU changing threads, lines of two CPUs kept in time order while an
 * entry waits for its CPU's next event, and the CPU column's width.
 */
#include "harness.h"
#include "record/fgraph.h"

static const struct fg_thread wl = { 100, "workload" };
static const struct fg_thread kw = { 200, "kworker/0:1" };

/* Compares the text f made so far (and forgot) with want. */
static void expect_text(struct tc *t, struct fg *f, const char *want)
{
	struct buf out = { 0 };

	buf_put(&out, "", 0);
	fg_take(f, &out);
	buf_put(&out, "", 1);
	expect(t, !strcmp(out.p, want), "got\n%s\nwant\n%s", out.p, want);
	buf_free(&out);
}

static void test_duration(void)
{
	static const struct {
		uint64_t ns;
		const char *want;
	} cases[] = {
		{ 520, "  0.520 us    |  " },
		{ 10000, "  10.000 us   |  " },
		{ 10001, "+ 10.001 us   |  " },
		{ 99999, "+ 99.999 us   |  " },
		{ 100001, "! 100.001 us  |  " },
		{ 1000001, "# 1000.001 us |  " },
		{ 12345678, "* 12345.67 us |  " },
		{ 123456789, "@ 123456.7 us |  " },
		{ 1234567890, "$ 1234567 us  |  " },
		{ 0, "  0.000 us    |  " },
	};
	struct tc t = { .name = "fgraph_duration_marks_and_widths" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf b = { 0 };

		fg_duration(&b, cases[i].ns);
		buf_put(&b, "", 1);
		expect(&t, !strcmp(b.p, cases[i].want), "%llu ns: '%s', want '%s'",
		       (unsigned long long)cases[i].ns, b.p, cases[i].want);
		buf_free(&b);
	}
	finish(&t);
}

static void test_header(void)
{
	struct tc t = { .name = "fgraph_header" };
	struct buf b = { 0 };

	fg_header(&b);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "# tracer: function_graph\n#\n"
			   "# CPU  DURATION                  FUNCTION CALLS\n"
			   "# |     |   |                     |   |   |   |\n"),
	       "got\n%s", b.p);
	buf_free(&b);
	finish(&t);
}

static void test_nesting(void)
{
	struct tc t = { .name = "fgraph_nesting_leaf_and_braces" };
	struct fg *f = fg_new(2);

	fg_entry(f, 1, &wl, "vfs_read", 0);
	fg_entry(f, 1, &wl, "rw_verify_area", 1);
	fg_entry(f, 1, &wl, "security_file_permission", 2);
	fg_exit(f, 1, &wl, "security_file_permission", 2, 1000, 4570);
	fg_exit(f, 1, &wl, "rw_verify_area", 1, 900, 12080);
	fg_entry(f, 1, &wl, "read_iter_zero", 1);
	fg_exit(f, 1, &wl, "read_iter_zero", 1, 13000, 150000);
	fg_exit(f, 1, &wl, "vfs_read", 0, 500, 151000);
	fg_finish(f);
	expect_text(&t, f,
		    " 1)               |  vfs_read() {\n"
		    " 1)               |    rw_verify_area() {\n"
		    " 1)   3.570 us    |      security_file_permission();\n"
		    " 1) + 11.180 us   |    }\n"
		    " 1) ! 137.000 us  |    read_iter_zero();\n"
		    " 1) ! 150.500 us  |  }\n");
	fg_free(f);
	finish(&t);
}

static void test_unmatched(void)
{
	struct tc t = { .name = "fgraph_return_without_entry" };
	struct fg *f = fg_new(1);

	fg_exit(f, 0, &wl, "vfs_read", 0, 0, 2000);
	fg_entry(f, 0, &wl, "vfs_read", 0);
	fg_finish(f);
	expect_text(&t, f,
		    " 0)   2.000 us    |  } /* vfs_read */\n"
		    " 0)               |  vfs_read() {\n");
	fg_free(f);
	finish(&t);
}

static void test_comments(void)
{
	struct tc t = { .name = "fgraph_comments_indented_by_cpu_depth" };
	struct fg *f = fg_new(2);

	fg_comment(f, 0, &wl, "sched_waking: comm=a pid=1 prio=120 target_cpu=000");
	fg_entry(f, 0, &wl, "vfs_read", 0);
	fg_comment(f, 0, &wl, "x: a=1");
	fg_entry(f, 0, &wl, "rw_verify_area", 1);
	fg_comment(f, 0, &wl, "y: b=2");
	fg_exit(f, 0, &wl, "rw_verify_area", 1, 10, 20);
	fg_exit(f, 0, &wl, "vfs_read", 0, 0, 30);
	expect_text(&t, f,
		    " 0)               |  /* sched_waking: comm=a pid=1 prio=120 target_cpu=000 */\n"
		    " 0)               |  vfs_read() {\n"
		    " 0)               |  /* x: a=1 */\n"
		    " 0)               |    rw_verify_area() {\n"
		    " 0)               |      /* y: b=2 */\n"
		    " 0)   0.010 us    |    }\n"
		    " 0)   0.030 us    |  }\n");
	fg_free(f);
	finish(&t);
}

static void test_banner(void)
{
	struct tc t = { .name = "fgraph_thread_banner" };
	struct fg *f = fg_new(2);

	fg_entry(f, 0, &wl, "vfs_read", 0);
	fg_exit(f, 0, &wl, "vfs_read", 0, 0, 1000);
	fg_entry(f, 0, &kw, "vfs_write", 0);
	fg_exit(f, 0, &kw, "vfs_write", 0, 0, 2000);
	expect_text(&t, f,
		    " 0)   1.000 us    |  vfs_read();\n"
		    " ------------------------------------------\n"
		    " 0)  workloa-100   =>  kworker-200  \n"
		    " ------------------------------------------\n"
		    "\n"
		    " 0)   2.000 us    |  vfs_write();\n");
	fg_free(f);
	finish(&t);
}

static void test_order(void)
{
	struct tc t = { .name = "fgraph_cpus_in_time_order" };
	struct fg *f = fg_new(2);
	struct buf early = { 0 };

	fg_entry(f, 0, &wl, "vfs_read", 0);
	fg_comment(f, 1, &kw, "z: c=3");
	/* Nothing is final while CPU 0's entry waits. */
	buf_put(&early, "", 0);
	fg_take(f, &early);
	expect(&t, early.len == 0, "%zu bytes out before the entry was known", early.len);
	buf_free(&early);
	fg_entry(f, 1, &kw, "vfs_write", 0);
	fg_exit(f, 0, &wl, "vfs_read", 0, 0, 5000);
	fg_exit(f, 1, &kw, "vfs_write", 0, 0, 7000);
	expect_text(&t, f,
		    " 0)   5.000 us    |  vfs_read();\n"
		    " 1)               |  /* z: c=3 */\n"
		    " 1)   7.000 us    |  vfs_write();\n");
	fg_free(f);
	finish(&t);
}

static void test_width(void)
{
	struct tc t = { .name = "fgraph_cpu_column_width" };
	struct fg *f = fg_new(16);

	fg_entry(f, 3, &wl, "vfs_read", 0);
	fg_entry(f, 12, &kw, "vfs_write", 0);
	fg_finish(f);
	expect_text(&t, f,
		    "  3)               |  vfs_read() {\n"
		    " 12)               |  vfs_write() {\n");
	fg_free(f);
	finish(&t);
}

int main(void)
{
	test_duration();
	test_header();
	test_nesting();
	test_unmatched();
	test_comments();
	test_banner();
	test_order();
	test_width();
	return harness_summary();
}
