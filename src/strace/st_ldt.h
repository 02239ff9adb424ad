/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_LDT_H
#define FERRET_ST_LDT_H

#include "st_decode.h"
#include "../util.h"

/*
 * modify_ldt(2) as strace decodes it: its struct user_desc is read at
 * entry, a fixed-size struct of letter ST_L_USER_DESC (st_prog.c).
 */
#define ST_USER_DESC_SIZE 16

/* modify_ldt's three arguments. */
void st_ldt_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);
/*
 * set_thread_area's and get_thread_area's struct user_desc: the whole
 * struct read at entry (letter ST_L_USER_DESC), or get_thread_area's
 * entry number (ST_L_INT_IN).
 */
void st_thread_area_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);
/*
 * modify_ldt's return value, which the kernel truncates to an int and
 * strace takes for an error when it is one as an int: "4294967258 ENOSYS
 * (...)" into b; false for any other value or call.
 */
bool st_ldt_ret(struct buf *b, const struct st_call *c);

#endif
