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
 * kernel.  Per thread, the count is @c[i, slot's thread].
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
};

/* The program's text (NUL-terminated) for l's STAT_BPF events. */
void stat_bpf_text(struct buf *b, const struct stat_evlist *l,
		   const struct stat_bpf_mode *m);

/* Puts each slot's thread of l in @p, as its own root.  0 or -errno. */
int stat_bpf_seed(struct runtime *rt, const struct stat_evlist *l);

/*
 * Reads @c into each STAT_BPF event of l: its slots' readings (per CPU
 * or per thread) and its val, their sum (under per_cpu, the slots' CPUs
 * alone); run and ena become ns, the time counted so far, but for an
 * event whose group counts nothing.  0 or -errno.
 */
int stat_bpf_read(struct runtime *rt, struct stat_evlist *l,
		  const struct stat_bpf_mode *m, uint64_t ns);

#endif
