/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_AGGR_H
#define FERRET_STAT_AGGR_H

/*
 * ferret stat's counts per CPU (-A), per thread, or per core, die,
 * socket or NUMA node (the --per-* options): the counters' slots
 * (stat_count.c) added up by the CPU topology in sysfs, into lines in
 * the order perf stat 6.1 prints them.
 */

#include <stdbool.h>

#include "stat_ev.h"
#include "stat_fmt.h"

/*
 * The lines of l's events under mode (not STAT_AGGR_GLOBAL), from each
 * slot's last reading, or with delta from the reading its interval
 * started at.  -A and --per-thread print event by event, a CPU or a
 * thread to a line (threads by count, highest first, and with nonzero,
 * as perf's -a --per-thread, only those that counted); the others
 * aggregate by aggregate, sorted by place.  *n gets the number of lines.
 */
struct stat_line *stat_aggr_lines(const struct stat_evlist *l,
				  enum stat_aggr mode, bool delta, bool nonzero,
				  int *n);

/* The CPU's socket, die, core and node, from sysfs (-1 unknown). */
void stat_aggr_topology(int cpu, struct stat_id *id);

#endif
