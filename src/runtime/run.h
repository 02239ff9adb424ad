/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RUN_H
#define FERRET_RUN_H

#include <stdbool.h>
#include <sys/types.h>
#include "print.h"

struct compiled;

struct run_opts {
	char *cmd;		/* -c: command run as the child */
	pid_t pid;		/* -p: exit when it exits */
	bool verbose;		/* -v: verifier logs */
	bool quiet;		/* -q: no "Attaching" line */
	enum out_format format;
	FILE *out;
};

/* A running program, as the builtins' runtime hooks see it. */
struct runtime {
	struct compiled *c;
	struct rt_out out;
	struct map_info *maps;	/* by map id - MAP_NFIXED */
	int nmaps;
	int ringbuf_fd, stats_fd;
	int pids_fd;		/* MAP_PIDS, or -1 */
	bool exiting;
	uint64_t start_ns;	/* CLOCK_MONOTONIC at start */
};

/* Loads, attaches and runs c until exit; returns the exit status. */
int run_program(struct compiled *c, const struct run_opts *o, pid_t child,
		int child_go_fd);

/* Writes text as one output record (a JSON object under -f json). */
void run_emit(struct runtime *rt, const char *type, const char *text,
	      size_t len);

#endif
