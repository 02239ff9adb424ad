/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_KEXEC_H
#define FERRET_ST_KEXEC_H

#include "st_decode.h"
#include "../util.h"

/*
 * kexec_load(2) and kexec_file_load(2) as strace decodes them: the
 * segments of the one and the command line of the other read at entry
 * in a region (st_region.h) of letter ST_L_KEXEC.
 */

struct st_opts;
/* The BPF program's code that reads them; $a is argument i, the letter's. */
void st_kexec_capture(struct buf *b, const struct st_opts *o, int i, const int *reg_off);
/* kexec_load's four arguments, or kexec_file_load's five. */
void st_kexec_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
