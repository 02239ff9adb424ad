/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PROFILE_H
#define FERRET_PROFILE_H

#include <stdbool.h>
#include <getopt.h>

/*
 * "ferret profile": a sampling profiler that draws a flame graph.
 *
 * It writes a program in the language that samples every CPU at HZ and
 * counts @[comm, ustack, kstack], and hands it to the script runner with "-f folded" into a temporary file,
 * so that every stage of the compiler and runtime is the one scripts
 * use.  The folded stacks are then drawn as an SVG (runtime/flame.h) or
 * copied out as they are.
 */

/* The script runner: ferret's main(), given a command line of its own. */
typedef int (*prof_runner)(int argc, char **argv);

/*
 * Runs "ferret profile ARGS": argv[0] is "profile".  Returns the exit
 * status.
 */
int prof_main(int argc, char **argv, prof_runner run);

/* prof_main's options, for a caller that reads its command line first. */
extern const char prof_optstring[];
extern const struct option prof_longopts[];

/*
 * The program profile runs: sampling at hz, limited to pid (> 0), to
 * the -c child (cpid), or to nothing, and ending after ms (> 0)
 * milliseconds; with cpu, each sample keeps its CPU (the key's second
 * part).  Allocated; for tests too.
 */
char *prof_program(int hz, int pid, bool child, long ms, bool cpu);

#endif
