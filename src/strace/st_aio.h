/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_AIO_H
#define FERRET_ST_AIO_H

#include <stdbool.h>

#include "st_decode.h"
#include "../util.h"

/*
 * The native AIO calls as strace decodes them.  io_submit's iocb
 * pointers (letter ST_L_AIO_IOCBS, argument 2) are read at entry in
 * region 0 (st_region.h), and the first ST_AIO_SHOWN iocbs with what
 * they point to in regions numbered from ST_AIO_IOCB(k); later iocbs
 * are read from the process while it lasts.  io_cancel's iocb
 * (ST_L_IOCB) and its struct io_event (ST_L_IO_EVENT) are fixed-size
 * structs; io_getevents' events (ST_L_IO_EVENTS) are read at exit, as
 * many as it returned.
 */
#define ST_AIO_SHOWN 4
#define ST_AIO_IOCB(k) (1 + 5 * (k))
#define ST_IOCB_SIZE 64
#define ST_IO_EVENT_SIZE 32

struct st_opts;
/* The BPF program's code that reads letter l's memory (argument i, at $a). */
void st_aio_capture(struct buf *b, const struct st_opts *o, char l, int i,
		    const int *reg_off);
/* Argument i of an AIO call, whose letter is l. */
void st_aio_arg(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		char l, int i);

#endif
