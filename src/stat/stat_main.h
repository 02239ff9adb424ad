/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_MAIN_H
#define FERRET_STAT_MAIN_H

/*
 * "ferret stat": perf stat's counting, and its output.  Perf counters
 * count what perf counts; uprobes, USDT probes and kernel functions are
 * counted by a generated program run on ferret's engine.
 */

/* ferret stat ARGS (argv[0] is "stat"); returns the exit status. */
int stat_main(int argc, char **argv);

/* Its options, for main()'s privilege check. */
extern const char stat_optstring[];

#endif
