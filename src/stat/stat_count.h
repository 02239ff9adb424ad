/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_COUNT_H
#define FERRET_STAT_COUNT_H

/*
 * perf counters in counting mode for ferret stat's STAT_PERF events, as
 * perf stat opens them: on a command (inherited by its children and
 * enabled at its exec), on the threads of running processes (inherited
 * too), or on every CPU.
 */

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "stat_ev.h"

struct stat_target {
	pid_t pid;		/* the held command, or -p's (first) process */
	const int *pids;	/* -p's processes, every thread of each, or
				 * NULL for pid's alone */
	int npids;
	bool cmd;		/* pid is a command that has yet to exec */
	bool system_wide;	/* -a or -C: every task on the CPUs */
	const int *cpus;	/* -C's CPUs, or NULL for the online ones */
	int ncpus;
	const int *tids;	/* -t's threads, each counted alone, or NULL */
	int ntids;
	bool all_threads;	/* -a --per-thread: a counter on each thread
				 * of the system (with the threads it starts),
				 * not on the CPUs */
	pid_t skip;		/* under all_threads: the held command, which
				 * perf's list of threads, read before it
				 * starts, lacks */
	bool delayed;		/* -D: the counters wait for
				 * stat_count_switch(), not for the exec */
};

/*
 * Opens every STAT_PERF event of l on t: one counter per CPU, or per
 * thread, l->ids naming each slot; STAT_BPF events get the slots'
 * readings, without counters.  An event the kernel does not have is
 * marked unsupported, and the rest of its group uncounted; any other
 * refusal is reported: -errno.
 */
int stat_count_open(struct stat_evlist *l, const struct stat_target *t);

/* Starts the counters that do not wait for an exec. */
void stat_count_enable(struct stat_evlist *l, const struct stat_target *t);

/*
 * Starts (on) or stops the counters of event i's group, i its first
 * event, or of event i alone, or of every event when i is -1: what
 * perf's enable and disable do to its group leaders, the counters that
 * lead the kernel's groups.
 */
void stat_count_switch(struct stat_evlist *l, int i, bool on);

/*
 * The attributes event i's counters are opened with on t, as perf's
 * "evlist -v" prints them after the name: ": type: 1, size: ...".
 */
void stat_count_describe(FILE *f, const struct stat_evlist *l, int i,
			 const struct stat_target *t);

/*
 * Stops every counter (and the inherited ones with it), as perf stops
 * them at the end of its count; their readings stay.
 */
void stat_count_disable(struct stat_evlist *l);

/*
 * Reads each counter into its slot's cnt, and each event's count and
 * times, summed over its counters.
 */
void stat_count_read(struct stat_evlist *l);

/* Closes the counters; their last readings and slots stay. */
void stat_count_close(struct stat_evlist *l);

/* Frees the counters' slots and readings too. */
void stat_count_release(struct stat_evlist *l);

#endif
