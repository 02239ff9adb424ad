/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace's line writer (strace/st_out.c) on records made up here,
 * in orders the ring buffer can deliver: a process's exit line must come
 * however its threads' exit records are ordered.
 */
#include <stdio.h>

#include "harness.h"
#include "runtime/print.h"
#include "strace/st_out.h"

/*
 * Past the largest pid_max (2^22): no process has these, so the writer
 * reads them as gone when it asks the kernel.
 */
#define LEADER 4194400
#define WORKER 4194401

/* "Q tid code group_dead tgid ts": a thread's exit (sched_process_exit). */
static void gone(struct st_out *s, int tid, int tgid, bool group_dead)
{
	static struct fmt_arg args[5] = {
		{ NULL, 0 }, { NULL, 8 }, { NULL, 16 }, { NULL, 24 }, { NULL, 32 },
	};
	struct fmt_spec fs = { .fmt = "Q %d %d %d %d %d", .args = args,
			       .nargs = 5, .size = 40 };
	uint64_t rec[5] = { tid, 0, group_dead, tgid, 1000 };

	st_out_record(s, &fs, rec);
}

/* The lines s has written to its stream (flushed), as a string. */
static const char *lines(FILE *f, char **p)
{
	fflush(f);
	return *p ? *p : "";
}

static void check(const char *name, bool worker_first, bool worker_dead,
		  bool leader_dead, bool at_finish)
{
	struct tc t = { .name = name };
	struct st_opts o = { .follow = true, .lines = true, .ts_digits = -1 };
	pid_t tids[] = { LEADER };
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);
	struct st_out *s = st_out_new(&o, f, 0, tids, 1);

	if (worker_first)
		gone(s, WORKER, LEADER, worker_dead);
	gone(s, LEADER, LEADER, leader_dead);
	if (!worker_first)
		gone(s, WORKER, LEADER, worker_dead);
	if (!at_finish)
		expect(&t, !strcmp(lines(f, &p), "+++ exited with 0 +++\n"),
		       "before the end: \"%s\"", lines(f, &p));
	st_out_finish(s, NULL);
	expect(&t, !strcmp(lines(f, &p), "+++ exited with 0 +++\n"),
	       "at the end: \"%s\"", lines(f, &p));
	st_out_free(s);
	fclose(f);
	free(p);
	finish(&t);
}

int main(void)
{
	check("exit: leader first, then the group's last thread",
	      false, true, false, false);
	check("exit: the last thread's record before the leader's, which saw the group live",
	      true, true, false, false);
	check("exit: both saw the group dead", true, true, true, false);
	check("exit: the group's end never recorded, its pid gone at the end",
	      false, false, false, true);
	return harness_summary();
}
