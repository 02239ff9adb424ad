/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_FSCONFIG_H
#define FERRET_ST_FSCONFIG_H

#include "st_decode.h"
#include "../util.h"

/*
 * fsconfig(2) as strace decodes it, by command: its key and value are
 * read at entry in regions (st_region.h) of letter ST_L_FSCONFIG,
 * argument 1.
 */

struct st_opts;
/* The BPF program's code that reads them; $a is the command. */
void st_fsconfig_capture(struct buf *b, const struct st_opts *o, const int *reg_off);
/* fsconfig's five arguments. */
void st_fsconfig_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);
/*
 * What -P matches of the call, as strace: the path its value names (NULL
 * if none, else in path, PATH_MAX bytes) and the descriptor of its aux
 * argument (-1 if none); never its fs_fd.
 */
const char *st_fsconfig_refs(const struct st_call *c, char *path, int *fd);

#endif
