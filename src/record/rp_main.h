/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret report, ferret convert and ferret timeline: the readers of a
 * recorded trace directory (CTF, see ctfr.h).  report prints ftrace's
 * text lines or a per-thread summary; convert and timeline draw the
 * model below, built from the scheduler, syscall and other events.
 */
#ifndef FERRET_RECORD_RP_MAIN_H
#define FERRET_RECORD_RP_MAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util.h"

int rp_report_main(int argc, char **argv);
int rp_convert_main(int argc, char **argv);
int rp_timeline_main(int argc, char **argv);

enum rp_kind {
	RP_RUN,			/* tid ran on cpu: a CPU lane's slice */
	RP_RUNNING,		/* thread lane: on a CPU */
	RP_RUNNABLE,		/* thread lane: woken or preempted, waiting */
	RP_BLOCKED,		/* thread lane: asleep */
	RP_SYSCALL,		/* thread lane: entry to exit (name, args) */
	RP_INSTANT,		/* any other event (name, args); end == start */
	RP_LOST,		/* events lost on cpu (args: how many) */
	RP_FUNC,		/* thread lane: a kernel function's call (-g), nested */
};

struct rp_slice {
	uint64_t start, end;	/* ns, CLOCK_MONOTONIC */
	int32_t tid;		/* -1: none (a CPU's) */
	int32_t cpu;		/* -1: unknown */
	uint32_t kind;
	uint32_t name;		/* index in rp_model.names */
	int64_t args;		/* offset of a JSON object in text, or -1 */
};

struct rp_thread {
	int tid, pid;
	char comm[64];
};

struct rp_model {
	struct rp_slice *s;
	size_t n, cap;
	char **names;
	uint32_t nnames, names_cap;
	struct buf text;	/* NUL-separated JSON objects */
	struct rp_thread *threads;
	int nthreads;
	int ncpus;
	uint64_t t0, t1;	/* first and last event */
	int64_t clock_offset;	/* realtime - monotonic, ns */
	const char *hostname;	/* from the trace's env, or "" */
	uint64_t events, lost;
};

/* The JSON string literal of s (n bytes): escaped, invalid UTF-8 replaced. */
void rp_json_str(struct buf *b, const char *s, size_t n);

#endif
