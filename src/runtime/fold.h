/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_FOLD_H
#define FERRET_FOLD_H

#include <stdbool.h>
#include <stdint.h>
#include "../util.h"
#include "print.h"

/*
 * Folded stacks (-f folded): one line per distinct stack,
 *
 *	root;frame;...;leaf COUNT
 *
 * the text flame-graph tools read.  A map key becomes one line: first
 * every part of the key that is not a stack, in key order, as a frame of
 * its own (so @[comm, kstack] puts the command name at the root), then
 * the user stack from its outermost frame in, then the kernel stack from
 * its outermost frame in.  When the key holds a user stack too, kernel
 * frames carry the suffix "_[k]" so that a renderer can tell them apart.
 * Frames are function names without offsets; an address no symbol names
 * is "[unknown]", and a key with nothing to show at all is "[unknown]"
 * alone.  ';' and control characters in a name become '_', and an empty
 * name is "[empty]".  COUNT is the map's value: that of count(), sum(),
 * min(), max() and integers, the number of samples of avg(), stats(),
 * hist() and lhist().  Entries whose COUNT is not positive are left out.
 * Lines are sorted bytewise, equal stacks (which differ only in offsets,
 * say) summed into one.
 */

/* The suffix of kernel frames in keys that also hold a user stack. */
#define FOLD_KERNEL_SUFFIX "_[k]"

/* Lines gathered for one map. */
struct fold {
	struct vec lines;	/* struct fold_line * */
};

/*
 * Appends the frame name[0, len) to the stack being built in stack:
 * a ';' first unless stack is empty, then the name with ';' and control
 * characters replaced, "[empty]" for an empty name.
 */
void fold_frame(struct buf *stack, const char *name, size_t len);

/* Records the stack[0, len) (as fold_frame built it) with count. */
void fold_add(struct fold *f, const char *stack, size_t len, uint64_t count);

/*
 * Appends the lines of f to out, sorted, equal stacks summed, and
 * empties f.
 */
void fold_write(struct fold *f, struct buf *out);

void fold_free(struct fold *f);

/* Whether a map key of type key holds a stack (itself or a tuple field). */
bool fold_has_stack(const struct type *key);

/*
 * Reads map m and appends its folded lines to out.  -ENOTSUP if its key
 * holds no stack, 0 or another -errno.
 */
int fold_map(const struct rt_out *rt, const struct map_info *m,
	     struct buf *out);

struct samples;

/*
 * Reads map m and adds its entries to s as samples (samples.h) with
 * every frame's address, mapping and name, resolved now while the
 * processes' mappings are known; the non-stack key parts as roots, the
 * pid of a user stack's process.  -ENOTSUP if m's key holds no stack,
 * 0 or another -errno.
 */
int fold_map_samples(const struct rt_out *rt, const struct map_info *m,
		     struct samples *s);

/*
 * print(@m) under -f folded: m's lines to rt->f, or a note on stderr
 * that m is left out for want of a stack in its key.  0 or -errno.
 */
int fold_print_map(const struct rt_out *rt, const struct map_info *m);

/*
 * Under -f raw, print(@m) writes a dump document of m's samples
 * (samples.h), and print_maps_at_exit one document of all the maps with
 * stacks.
 */

/* print_maps_at_exit under -f folded: fold_print_map of each, by name. */
int fold_maps_at_exit(const struct rt_out *rt, const struct map_info *maps,
		      int n);

#endif
