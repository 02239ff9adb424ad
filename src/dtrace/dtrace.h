/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_DTRACE_H
#define FERRET_DTRACE_H

/*
 * ferret dtrace: dtrace(8)'s command line running D programs on the
 * engine.  argv[0] is "dtrace".  Returns the exit status dtrace gives:
 * 0, exit()'s status, 1 for a failure, 2 for a usage error.
 */
int dt_main(int argc, char **argv);

/* getopt's option string, for main.c's privilege check. */
extern const char dt_optstring[];

#endif
