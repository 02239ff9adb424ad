/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_PERF_H
#define FERRET_ST_PERF_H

#include <stdbool.h>

#include "st_decode.h"
#include "../util.h"

/*
 * perf_event_open(2) as strace decodes it.  Its struct perf_event_attr
 * is read at entry in records of letter ST_L_PERF (a region,
 * st_region.h), and after E2BIG its size field again at exit, in
 * ST_L_PERF_OUT (the kernel writes the size it knows there).
 */

/* The BPF program's code that reads the attr at $a at entry or exit. */
void st_perf_capture(struct buf *b, bool exit);
/*
 * A struct perf_event_attr at addr, have bytes of it at p (NULL: none
 * read), or its address where strace could not read it; perf_event_open's
 * E2BIG adds the size the kernel wrote.
 */
void st_perf_attr(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  uint64_t addr, const unsigned char *p, size_t have);
/* perf_event_open's five arguments, as strace prints them. */
void st_perf_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
