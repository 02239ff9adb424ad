/* SPDX-License-Identifier: GPL-2.0 */
/* Builtin variables: pid, comm, nsecs, args ... */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../providers/provider.h"


static int cg_pid(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_current_pid_tgid);

	ir_alu_imm(&g->ir, BPF_RSH, r, 32);
	return bi_int(out, r, n->type);
}

static int cg_tid(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_current_pid_tgid);

	ir_alu32_imm(&g->ir, BPF_AND, r, -1);
	return bi_int(out, r, n->type);
}

static int cg_uid(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_current_uid_gid);

	ir_alu32_imm(&g->ir, BPF_AND, r, -1);
	return bi_int(out, r, n->type);
}

static int cg_gid(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_current_uid_gid);

	ir_alu_imm(&g->ir, BPF_RSH, r, 32);
	return bi_int(out, r, n->type);
}

static int cg_nsecs(struct cg *g, struct node *n, struct val *out)
{
	int r;

	/* D's timestamp: the firing's, read at its start (cg.c) */
	if (g->timestamp >= 0) {
		r = ir_vreg(&g->ir);
		ir_mov(&g->ir, r, g->timestamp);
		return bi_int(out, r, n->type);
	}
	return bi_int(out, cg_call0(g, BPF_FUNC_ktime_get_ns), n->type);
}

static int cg_elapsed(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_ktime_get_ns), s = ir_vreg(&g->ir);

	ir_ld_start(&g->ir, s);
	ir_alu(&g->ir, BPF_SUB, r, s);
	return bi_int(out, r, n->type);
}

static int cg_cpu(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_get_smp_processor_id), n->type);
}

static int cg_rand(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_get_prandom_u32), n->type);
}

static int sema_comm(struct sema *s, struct node *n)
{
	n->type = type_str(16);
	return 0;
}

/* Zeroed first: before Linux 6.2 the helper leaves the bytes after the
 * NUL as they were, and a map key must not vary with them. */
static int cg_comm(struct cg *g, struct node *n, struct val *out)
{
	int off = cg_alloc(g, 16);

	cg_zero(g, off, 16);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov_imm(&g->ir, BPF_REG_2, 16);
	ir_call(&g->ir, BPF_FUNC_get_current_comm, 2);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static int sema_cpid(struct sema *s, struct node *n)
{
	if (!s->c->opts.cpid)
		return sema_error(s, n, "cpid is only set with -c COMMAND");
	n->type = type_int(4, false);
	return 0;
}

static int cg_cpid(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, g->c->opts.cpid);
	return bi_int(out, r, n->type);
}

static int sema_probe(struct sema *s, struct node *n)
{
	s->cur->uses_probe = true;
	n->type = type_simple(TY_PROBE);
	return 0;
}

static int sema_args(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		if (!pi->args)
			return sema_error(s, n, "The args builtin can only be used with tracepoint/kfunc/uprobe probes: %s has no args",
					  pi->name);
	}
	s->cur->uses_args = true;
	n->type = type_simple(TY_CTX);
	return 0;
}

static int cg_args(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, g->ctx, n->type);
}

/* argN and retval: where the provider says they are in the context. */
static int ctx_slot(const struct probe_inst *pi, const char *name)
{
	if (!strcmp(name, "retval"))
		return pi->prov->retval_offset ? pi->prov->retval_offset(pi) : -1;
	return pi->prov->arg_offset ? pi->prov->arg_offset(pi, atoi(name + 3))
				    : -1;
}

/*
 * D's name of the argument at a function's return probe (a provider
 * with a return value that is no syscall's result: pid, fbt and rawfbt
 * return): arg1 is the return value, which the engine
 * calls retval; arg0, the offset of the returning instruction, is not
 * known to uretprobes, kretprobes or fexit.  NULL when name is not given
 * there, else the engine's name.
 */
static const char *d_return_arg(const struct compiled *c,
				const struct probe_inst *pi, const char *name)
{
	const struct provider *p = pi->prov;

	if (!c->opts.dtrace || !p->retval_offset || p->ret_errno ||
	    !strncmp(name, "retval", 6))
		return name;
	return strcmp(name, "arg1") ? NULL : "retval";
}

/* True if the provider computes argN itself (see arg_emit, d_arg_emit). */
static bool emits_arg(const struct compiled *c, const struct probe_inst *pi,
		      const char *name)
{
	return (pi->prov->arg_emit || (c->opts.dtrace && pi->prov->d_arg_emit)) &&
	       strcmp(name, "retval");
}

/* The provider's arg_emit, or d_arg_emit for D programs. */
static int arg_emit(const struct compiled *c, const struct probe_inst *pi,
		    int n, struct cg *g, char *err, size_t errlen)
{
	if (c->opts.dtrace && pi->prov->d_arg_emit)
		return pi->prov->d_arg_emit(pi, n, g, err, errlen);
	return pi->prov->arg_emit(pi, n, g, err, errlen);
}

/*
 * retval has the type the providers give (fexit: the function's, from
 * BTF); where the probes of a block disagree, int64, which holds every
 * integer and pointer once each is read at its own size; else uint64.
 */
static struct type *retval_type(struct sema *s)
{
	struct type *t = NULL;
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		if (i && (!t) != (!pi->ret))
			return type_int(8, true);
		if (i && t && !type_equal(t, pi->ret))
			return type_int(8, true);
		t = pi->ret;
	}
	return t ? t : type_int(8, false);
}

static int sema_argn(struct sema *s, struct node *n)
{
	char why[256];
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];
		const char *name = d_return_arg(s->c, pi, n->name);

		if (!name)
			return sema_error(s, n, "%s is not available at return probe %s: %s",
					  n->name, pi->name,
					  strcmp(n->name, "arg0") ? "arg1 is the return value, and there is no other argument" :
					  "arg0 is the offset of the returning instruction, which the kernel does not give");
		if (strcmp(name, n->name)) {
			/* D's return value: the whole register, signed */
			if (ctx_slot(pi, name) < 0)
				return sema_error(s, n, "%s is not available for %s",
						  n->name, pi->name);
		} else if (emits_arg(s->c, pi, n->name)) {
			why[0] = 0;
			if (arg_emit(s->c, pi, atoi(n->name + 3), NULL, why,
				     sizeof(why)))
				return sema_error(s, n, "%s", why);
		} else if (ctx_slot(pi, n->name) < 0) {
			return sema_error(s, n, "%s is not available for %s",
					  n->name, pi->name);
		}
	}
	s->cur->uses_args = true;
	if (!strcmp(n->name, "retval"))
		n->type = retval_type(s);
	else	/* D's argN are int64_t */
		n->type = type_int(8, s->c->opts.dtrace);
	return 0;
}

/* A retval narrower than its u64 slot is read at its size and extended:
 * the upper bits of the register it came from are undefined. */
static int cg_argn(struct cg *g, struct node *n, struct val *out)
{
	static const int sz[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W };
	const struct type *t = strcmp(n->name, "retval") ? NULL : g->pi->ret;
	const char *name = d_return_arg(g->c, g->pi, n->name);
	char why[256] = "";
	int r;

	if (strcmp(name, n->name))
		t = g->pi->ret;
	else if (emits_arg(g->c, g->pi, n->name)) {
		r = arg_emit(g->c, g->pi, atoi(n->name + 3), g, why,
			     sizeof(why));
		if (r < 0)
			return cg_error(g, n, "%s", why);
		return bi_int(out, r, n->type);
	}
	r = ir_vreg(&g->ir);
	if (!t || t->kind != TY_INT ||
	    (t->size != 1 && t->size != 2 && t->size != 4)) {
		ir_ld(&g->ir, BPF_DW, r, g->ctx, ctx_slot(g->pi, name));
		return bi_int(out, r, n->type);
	}
	ir_ld(&g->ir, sz[t->size], r, g->ctx, ctx_slot(g->pi, name));
	if (t->is_signed) {
		ir_alu_imm(&g->ir, BPF_LSH, r, 64 - 8 * t->size);
		ir_alu_imm(&g->ir, BPF_ARSH, r, 64 - 8 * t->size);
	}
	return bi_int(out, r, n->type);
}

static int sema_reg(struct sema *s, struct node *n)
{
	int i, off;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "reg() takes a register name in quotes");
	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		off = provider_ptregs_offset(pi, n->list[0]->str);
		if (off == -EINVAL)
			return sema_error(s, n, "reg can not be used with \"%s\" probes: it has no registers",
					  pi->name);
		if (off < 0)
			return sema_error(s, n->list[0], "reg(): no register '%s'",
					  n->list[0]->str);
	}
	n->type = type_int(8, false);
	return 0;
}

static int cg_reg_fn(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_ld(&g->ir, BPF_DW, r, g->ctx,
	      provider_ptregs_offset(g->pi, n->list[0]->str));
	return bi_int(out, r, n->type);
}

static int sema_curtask(struct sema *s, struct node *n)
{
	struct type *t = type_struct_named ? type_struct_named("task_struct")
					   : NULL;

	n->type = t ? type_ptr(t) : type_int(8, false);
	return 0;
}

static int cg_curtask(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_get_current_task), n->type);
}

/*
 * ctx: the address of the probe's context (struct pt_regs for kprobes
 * and uprobes), for casts.  Tracepoints have args instead.
 */
static int sema_ctx(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];

		if (pi->prov->ctx == CTX_RECORD)
			return sema_error(s, n, "Use args instead of ctx in tracepoint");
		if (provider_ptregs_offset(pi, "sp") < 0)
			return sema_error(s, n, "ctx: invalid program type (%s has no context to point at)",
					  pi->name);
	}
	n->type = type_int(8, false);
	return 0;
}

static int cg_ctx(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov(&g->ir, r, g->ctx);
	return bi_int(out, r, n->type);
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }

const struct builtin builtin_vars[] = {
	VAR("pid", bi_sema_u32, cg_pid),
	VAR("tid", bi_sema_u32, cg_tid),
	VAR("uid", bi_sema_u32, cg_uid),
	VAR("gid", bi_sema_u32, cg_gid),
	VAR("nsecs", bi_sema_u64, cg_nsecs),
	VAR("elapsed", bi_sema_u64, cg_elapsed),
	VAR("cpu", bi_sema_u32, cg_cpu),
	VAR("rand", bi_sema_u32, cg_rand),
	VAR("comm", sema_comm, cg_comm),
	VAR("cpid", sema_cpid, cg_cpid),
	VAR("probe", sema_probe, bi_probe_index),
	VAR("args", sema_args, cg_args),
	VAR("arg0", sema_argn, cg_argn), VAR("arg1", sema_argn, cg_argn),
	VAR("arg2", sema_argn, cg_argn), VAR("arg3", sema_argn, cg_argn),
	VAR("arg4", sema_argn, cg_argn), VAR("arg5", sema_argn, cg_argn),
	VAR("arg6", sema_argn, cg_argn), VAR("arg7", sema_argn, cg_argn),
	VAR("arg8", sema_argn, cg_argn), VAR("arg9", sema_argn, cg_argn),
	VAR("retval", sema_argn, cg_argn),
	VAR("curtask", sema_curtask, cg_curtask),
	{ .name = "reg", .func = true, .sema = sema_reg, .cg = cg_reg_fn },
	VAR("ctx", sema_ctx, cg_ctx),
	{ .name = NULL },
};
