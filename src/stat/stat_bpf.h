/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_BPF_H
#define FERRET_STAT_BPF_H

/*
 * ferret stat's probes that perf cannot count (uprobes, USDT probes,
 * kernel functions): a program in ferret's language counts each in a
 * per-CPU BPF map, @c[i] for the i-th STAT_BPF event, so that a CPU's
 * count is its slot of the map.  Limited to threads (a command's tree,
 * -p's process, -t's threads, or every thread under -a --per-thread),
 * the program keeps them in @p, each mapped to the slot's thread it
 * descends from, as perf's inherited counters count: seeded with the
 * slots' threads, and every fork of a member adds the child, in the
 * kernel.  Per thread, the count is @c[i, slot's thread].  Gated (-D,
 * --control), each probe counts only while @on[i], a BPF array that
 * user space sets, is nonzero.
 */

#include <stdbool.h>
#include <sys/types.h>

#include "stat_ev.h"
#include "util.h"

struct runtime;

/* How the program counts: its filter, and its key. */
struct stat_bpf_mode {
	bool tree;		/* only the threads of @p */
	bool per_thread;	/* keyed by the slot's thread too */
	bool per_cpu;		/* the slots are CPUs (l->ids) */
	bool gated;		/* counts only while @on[i] says so */
};

/* The array that gates the probes, for compile_opts.array_map. */
#define STAT_BPF_GATES "@on"

/* The program's text (NUL-terminated) for l's STAT_BPF events. */
void stat_bpf_text(struct buf *b, const struct stat_evlist *l,
		   const struct stat_bpf_mode *m);

/* Puts each slot's thread of l in @p, as its own root.  0 or -errno. */
int stat_bpf_seed(struct runtime *rt, const struct stat_evlist *l);

/*
 * Opens (on) or closes the gate of event i's probe at now
 * (CLOCK_MONOTONIC ns), or of its group's probes when i leads a group,
 * or of every probe when i is -1, keeping the time each counted.
 * Without m->gated, only that time is kept: the probes always count.
 * 0 or -errno.
 */
int stat_bpf_gate(struct runtime *rt, struct stat_evlist *l,
		  const struct stat_bpf_mode *m, int i, bool on, uint64_t now);

/*
 * Reads @c into each STAT_BPF event of l: its slots' readings (per CPU
 * or per thread) and its val, their sum (under per_cpu, the slots' CPUs
 * alone); run and ena become the time its gate was open until now, but
 * for an event whose group counts nothing.  0 or -errno.
 */
int stat_bpf_read(struct runtime *rt, struct stat_evlist *l,
		  const struct stat_bpf_mode *m, uint64_t now);

/* The array size STAT_BPF_GATES needs for l: a slot per probe, and BEGIN's. */
int stat_bpf_ngates(const struct stat_evlist *l);

#endif
