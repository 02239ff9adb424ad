/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_BUILTIN_INTERNAL_H
#define FERRET_BUILTIN_INTERNAL_H

#include "builtin.h"
#include "dtrace.h"
#include "../compile/cg.h"
#include "../lang/sema.h"
#include "../lang/lex.h"
#include "../runtime/record.h"
#include "../runtime/run.h"

/* Each group is terminated by a row with a NULL name. */
extern const struct builtin builtin_vars[];
extern const struct builtin builtin_aggs[];
extern const struct builtin builtin_output[];
extern const struct builtin builtin_strings[];
extern const struct builtin builtin_symbols[];
extern const struct builtin builtin_bytes[];
extern const struct builtin builtin_system[];
extern const struct builtin builtin_watch[];
extern const struct builtin builtin_dtrace[];
extern const struct builtin builtin_dtrace_aggs[];
extern const struct builtin builtin_dtrace_vars[];
extern const struct builtin builtin_dtrace_locks[];
extern const struct builtin builtin_dksym[];
extern const struct builtin builtin_dcpu[];
extern const struct builtin builtin_dnet[];
extern const struct builtin builtin_dfile[];
extern const struct builtin builtin_dstring[];
extern const struct builtin builtin_dtrace_spec[];
extern const struct builtin builtin_dtrace_destructive[];
extern const struct builtin builtin_dscratch[];
extern const struct builtin builtin_dstack[];

/* Sema hooks of builtins whose value is a u64 or u32. */
int bi_sema_u64(struct sema *s, struct node *n);
int bi_sema_u32(struct sema *s, struct node *n);

/* Shared checks. */
int bi_nargs(struct sema *s, struct node *n, int min, int max);
int bi_int_arg(struct sema *s, struct node *n, int i);
int bi_map_arg(struct sema *s, struct node *n, int i);
/* Argument i is a pointer or an integer holding an address. */
int bi_addr_arg(struct sema *s, struct node *n, int i);
int bi_fmt_arg(struct sema *s, struct node *n);
/* Sets out to an integer in reg of type t. */
int bi_int(struct val *out, int reg, struct type *t);
/*
 * The probe's index in the program's probe table (from the attach
 * cookie when programs are shared), for "probe" and "func"; in the upper
 * 32 bits, which of an instance's probes fired when it stands for
 * several (probe_inst.nsub).
 */
int bi_probe_index(struct cg *g, struct node *n, struct val *out);
/* Sends the signal in register sig with helper (bpf_send_signal ...). */
void bi_send_signal(struct cg *g, int sig, int helper);
/*
 * Sends a record of kind with the call's arguments from index first on,
 * laid out as format n->id says (printf(), system() ...).  0 or -EINVAL.
 */
int bi_send_args(struct cg *g, struct node *n, int kind, int first);
/* Formats such a record's arguments with its format into b. */
int bi_format_record(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len, struct buf *b);
/* D's calls: dtrace's D_PROTO_LEN when n has not min..max (< 0: any) arguments. */
/*
 * The byte offset of member name of struct t, looked for through its
 * unnamed members too (mm_struct's are in an unnamed struct), or -1.
 */
int bi_member_off(struct type *t, const char *name);
int bi_d_nargs(struct sema *s, struct node *n, int min, int max);
/* dtrace's D_PROTO_ARG for argument i, which is no proto. */
int bi_d_proto_arg(struct sema *s, struct node *n, int i, const char *proto);
/* Argument i of a D call is an integer (D_PROTO_ARG for proto if not). */
int bi_d_int_arg(struct sema *s, struct node *n, int i, const char *proto);
/*
 * A D program's BEGIN, END or ERROR, which DTrace fires in the
 * consumer's user context: no kernel stack of its own.
 */
bool bi_d_consumer_probe(const struct cg *g);
/*
 * The frames of the kernel's (user's) stack at the probe, up to depth,
 * as an integer of type t: the stack taken with bpf_get_stack into the
 * per-CPU scratch map, for want of room on the BPF stack.
 */
int bi_stack_depth(struct cg *g, bool user, int depth, struct type *t,
		   struct val *out);
/*
 * n's stack (n->type TY_KSTACK or TY_USTACK, of its stack map): its id
 * there, then for a user stack the current pid.
 */
int bi_cg_stack(struct cg *g, struct node *n, struct val *out);
/*
 * A user stack or symbol: the u64 in reg, then the current pid, which
 * user space is told about (REC_PROC), so that the process's mappings
 * are captured while it lives.  out is the 16-byte value in the frame.
 */
int bi_with_pid(struct cg *g, int reg, struct type *t, struct val *out);
/*
 * The address n's one argument gives, typed n->type: for a user address
 * (user), with the process's pid, which names it in user space.
 */
int bi_sym_addr(struct cg *g, struct node *n, bool user, struct val *out);
#endif
