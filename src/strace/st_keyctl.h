/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_KEYCTL_H
#define FERRET_ST_KEYCTL_H

#include <stdbool.h>

#include "st_decode.h"
#include "../util.h"

/*
 * keyctl(2) as strace decodes it, by command.  What the command's
 * arguments point to is read in regions (st_region.h) of letter
 * ST_L_KEYCTL at entry and ST_L_KEYCTL_OUT at exit, argument 0.
 */

/*
 * The BPF program's code that reads them at entry or exit; $a is the
 * command; reg_off: where pt_regs keeps each argument.
 */
struct st_opts;
void st_keyctl_capture(struct buf *b, const struct st_opts *o, bool exit,
		       const int *reg_off);
/* keyctl's arguments, as many as the command takes. */
void st_keyctl_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
