/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_PTRACE_H
#define FERRET_ST_PTRACE_H

#include <stdbool.h>

#include "st_decode.h"
#include "../util.h"

/*
 * ptrace(2) as strace decodes it, by request.  What its addr and data
 * point to in the caller (a siginfo, a sigset, an iovec and the register
 * set it points to, struct user_regs_struct, struct user_fpregs_struct)
 * is read in regions (st_region.h) of letter ST_L_PTRACE at entry and
 * ST_L_PTRACE_OUT at exit, argument 3.
 */

struct st_opts;
/* The BPF program's code that reads them; $a is data. */
void st_ptrace_capture(struct buf *b, const struct st_opts *o, bool exit, const int *reg_off);
/* The request into b; false if the request takes no other argument. */
bool st_ptrace_request(struct buf *b, const struct st_call *c);
/* The arguments after the pid, each led by ", ". */
void st_ptrace_rest(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
