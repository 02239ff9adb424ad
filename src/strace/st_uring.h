/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_URING_H
#define FERRET_ST_URING_H

#include <stdbool.h>

#include "st_decode.h"
#include "st_main.h"
#include "../util.h"

/*
 * io_uring_setup(2) and io_uring_register(2) as strace decodes them.
 *
 * Their struct argument (io_uring_setup's params, io_uring_register's
 * arg) is read in records of letter ST_L_URING at entry and
 * ST_L_URING_OUT at exit (st_sys.h), as regions (st_region.h): 0 the
 * argument, as long as the call and its opcode say; 1 and 2 what
 * its fields point to (the descriptors, then the tags).
 */

/*
 * The BPF program's code that reads the argument at $a at entry or exit;
 * reg_off: the pt_regs offsets of the six arguments.
 */
void st_uring_capture(struct buf *b, bool exit, const int *reg_off);
/* The arguments of io_uring_setup or io_uring_register, as strace prints them. */
void st_uring_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);

#endif
