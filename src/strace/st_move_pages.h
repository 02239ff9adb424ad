/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_MOVE_PAGES_H
#define FERRET_ST_MOVE_PAGES_H

#include <stdbool.h>

#include "st_decode.h"
#include "../util.h"

/*
 * move_pages(2) as strace decodes it: its pages and nodes arrays read at
 * entry in regions (st_region.h) 0 and 1 of letter ST_L_MOVE_PAGES
 * (argument 2), its status array at exit in region 0 of
 * ST_L_MOVE_PAGES_OUT.
 */

struct st_opts;
/* The BPF program's code that reads them; $a is the pages array. */
void st_move_pages_capture(struct buf *b, const struct st_opts *o, bool exit,
			   const int *reg_off);
/* move_pages' arguments after the pid, each led by ", ". */
void st_move_pages_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
