/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_BPFSYS_H
#define FERRET_ST_BPFSYS_H

#include <stdbool.h>

#include "st_decode.h"
#include "st_main.h"
#include "../util.h"

/*
 * The bpf(2) system call, as strace decodes it.
 *
 * Its attr (argument 1) is read in records of letter ST_L_BPF_ATTR at
 * entry and ST_L_BPF_ATTR_OUT at exit (st_sys.h): record 0 and its
 * continuation (ST_IDX_REST) the union bpf_attr, as many bytes as the
 * size (argument 2) says, a page at most; then what the command's
 * fields point to, by the indexes below.
 */
#define ST_BPFSYS_ATTR_MAX 4096
/* Entry: a string or struct the command names (license, path, info). */
#define ST_BPFSYS_IDX_STR 1
/* Entry: BPF_PROG_LOAD's log_buf.  Exit: bpf_prog_info's map_ids. */
#define ST_BPFSYS_IDX_STR2 2
/* Exit: bpf_prog_info's jited_prog_insns; entry: kprobe_multi's syms from here. */
#define ST_BPFSYS_IDX_BYTES 3
#define ST_BPFSYS_SYMS 8
/*
 * Arrays read as whole pages (user space skips the address's offset in
 * its page), each from its own first index: instructions (-v), or
 * iter_info and kprobe_multi's syms, addrs and cookies, prog_ids.
 */
#define ST_BPFSYS_IDX_ARR0 16
#define ST_BPFSYS_IDX_ARR1 32
#define ST_BPFSYS_IDX_ARR2 48
/* Elements of an array read under -v at most (a page and one more). */
#define ST_BPFSYS_ARR_MAX 512

/*
 * The BPF program's code that reads bpf's attr at entry or exit, with $a
 * the attr's address; cmd_off and size_off are the pt_regs offsets of
 * arguments 0 and 2.
 */
void st_bpfsys_capture(struct buf *b, const struct st_opts *o, bool exit,
		       int cmd_off, int size_off);
/* bpf's three arguments, as strace prints them. */
void st_bpfsys_args(struct buf *b, const struct st_call *c, const struct st_dopts *o);
/* Whether call c (bpf) returned a descriptor strace shows as one (-y). */
bool st_bpfsys_ret_fd(const struct st_call *c);

/* The name /proc gives the descriptor call c (bpf) returned, or NULL. */
const char *st_bpfsys_fd_name(const struct st_call *c);

#endif
