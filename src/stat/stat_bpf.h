/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_BPF_H
#define FERRET_STAT_BPF_H

/*
 * ferret stat's probes that perf cannot count (uprobes, USDT probes,
 * kernel functions): a program in ferret's language counts each in a
 * BPF map, @c[i] for the i-th STAT_BPF event.  Limited to a process
 * tree, the program keeps the tree's processes in @p: seeded with the
 * root, and every fork of a member adds the child, in the kernel.
 */

#include <stdbool.h>
#include <sys/types.h>

#include "stat_ev.h"
#include "util.h"

struct runtime;

/* The program's text (NUL-terminated) for l's STAT_BPF events. */
void stat_bpf_text(struct buf *b, const struct stat_evlist *l, bool tree);

/* Puts pid in @p, the root of the tree counted.  0 or -errno. */
int stat_bpf_seed(struct runtime *rt, pid_t pid);

/*
 * Reads @c into the val of each STAT_BPF event of l; run and ena become
 * ns, the time counted so far.  0 or -errno.
 */
int stat_bpf_read(struct runtime *rt, struct stat_evlist *l, uint64_t ns);

#endif
