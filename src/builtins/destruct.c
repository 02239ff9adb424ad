/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's destructive actions: raise(), stop(), freopen(), copyout() and
 * copyoutstr() (where the kernel lets BPF write user memory), and those
 * eBPF cannot do, refused with the reason (chill(), breakpoint(),
 * panic()).  system() is the engine's own.  Each marks the program
 * destructive: the front end runs it only when allowed (dtrace -w).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../kernel/features.h"
#include "../providers/provider.h"

/* DTrace's words for a call with the wrong number of arguments. */
static int d_nargs(struct sema *s, struct node *n, int want)
{
	if (n->nlist == want)
		return 0;
	return sema_error(s, n, "[D_PROTO_LEN] %s( ) prototype mismatch: %d arg%s passed, %d expected",
			  n->name, n->nlist, n->nlist == 1 ? "" : "s", want);
}

/*
 * raise() and stop() act on the current process: in the probes ferret
 * runs itself (BEGIN, END), that is ferret.
 */
static int on_events(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];

		if (pi->when != WHEN_EVENT)
			return sema_error(s, n, "%s( ) acts on the current process, which in %s is dtrace itself",
					  n->name, pi->name);
	}
	return 0;
}

/* raise(sig): the signal goes to the current process, as in DTrace. */
static int sema_raise(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	s->c->destructive = true;
	return d_nargs(s, n, 1) || bi_d_int_arg(s, n, 0, "int") ||
	       on_events(s, n) ? -EINVAL : 0;
}

static int cg_raise(struct cg *g, struct node *n, struct val *out)
{
	struct val v;

	out->kind = V_NONE;
	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	bi_send_signal(g, cg_reg(g, &v), BPF_FUNC_send_signal);
	return 0;
}

/*
 * stop(): the current process stops (SIGSTOP).  A -c command stopped so
 * is continued when the run ends, so that it can be ended.
 */
static int sema_stop(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	s->c->destructive = true;
	s->c->stops_target = true;
	return d_nargs(s, n, 0) || on_events(s, n) ? -EINVAL : 0;
}

static int cg_stop(struct cg *g, struct node *n, struct val *out)
{
	int sig = ir_vreg(&g->ir);

	out->kind = V_NONE;
	ir_mov_imm(&g->ir, sig, SIGSTOP);
	bi_send_signal(g, sig, BPF_FUNC_send_signal);
	return 0;
}

/*
 * Actions eBPF cannot take: refused where they are written, with why,
 * once their arguments pass dtrace's checks (which dtrace reports first).
 */
static int sema_refused(struct sema *s, struct node *n)
{
	static const struct { const char *name, *why; int nargs; } why[] = {
		{ "chill", "dtrace-utils does not implement it, and a clause that spins with preemption off stalls its CPU for the whole time", 1 },
		{ "breakpoint", "a BPF program has no way to stop the kernel in a debugger", 0 },
		{ "panic", "a BPF program has no way to panic the kernel", 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(why); i++)
		if (!strcmp(n->name, why[i].name))
			break;
	if (i == ARRAY_SIZE(why))
		return sema_error(s, n, "%s( ) is not available", n->name);
	if (d_nargs(s, n, why[i].nargs) ||
	    (why[i].nargs && bi_d_int_arg(s, n, 0, "int")))
		return -EINVAL;
	return sema_error(s, n, "%s( ) is not available: %s", n->name,
			  why[i].why);
}

/*
 * copyout(buf, addr, nbytes), copyoutstr(str, addr, maxlen): with
 * bpf_probe_write_user(), which the kernel may refuse (lockdown).  The
 * source is a string or another value in the frame, or memory at a
 * pointer, read into the frame first (at most COPYOUT_MAX bytes).
 */
#define COPYOUT_MAX 256

/* Argument i suits dtrace's "uintptr_t": an integer or a pointer. */
static int d_addr_proto(struct sema *s, struct node *n, int i)
{
	if (sema_expr(s, n->list[i]))
		return -EINVAL;
	if (n->list[i]->type->kind == TY_INT ||
	    n->list[i]->type->kind == TY_PTR)
		return 0;
	return bi_d_proto_arg(s, n, i, "uintptr_t");
}

static int sema_copyout(struct sema *s, struct node *n)
{
	const char *why;
	struct node *src;

	n->type = type_simple(TY_NONE);
	s->c->destructive = true;
	if (d_nargs(s, n, 3) || sema_expr(s, n->list[0]) ||
	    d_addr_proto(s, n, 1) || bi_d_int_arg(s, n, 2, "size_t"))
		return -EINVAL;
	if (!s->c->opts.dump && !feat_write_user(&why))
		return sema_error(s, n, "%s( ) is not available: %s", n->name,
				  why);
	src = n->list[0];
	if (sema_expr(s, src) || bi_addr_arg(s, n, 1) || bi_int_arg(s, n, 2))
		return -EINVAL;
	if (n->name[7] == 's' && !type_is_text(src->type))
		return sema_error(s, src, "copyoutstr( ) argument #1 is incompatible with prototype: it must be a string");
	if (!type_is_text(src->type) && src->type->kind != TY_PTR &&
	    src->type->kind != TY_INT && !type_is_record(src->type))
		return sema_error(s, src, "copyout( ) argument #1 is incompatible with prototype: it must be a pointer or a value in memory");
	return 0;
}

static int cg_copyout(struct cg *g, struct node *n, struct val *out)
{
	struct val src, addr, len;
	int off, base = BPF_REG_10, size, t = ir_vreg(&g->ir), ok = ir_label(&g->ir);
	int done = ir_label(&g->ir), fits = ir_label(&g->ir);
	bool str = n->name[7] == 's';

	out->kind = V_NONE;
	if (cg_expr(g, n->list[0], &src) || cg_expr(g, n->list[1], &addr) ||
	    cg_expr(g, n->list[2], &len))
		return -EINVAL;
	ir_mov(&g->ir, t, cg_reg(g, &len));
	if (src.kind == V_STACK) {
		off = src.off;
		base = cg_base(&src);
		size = src.type->size;
	} else {
		size = COPYOUT_MAX;
		off = cg_alloc(g, size);
		cg_zero(g, off, size);
	}
	/* The helper's length must be known to fit its source. */
	ir_jmp_imm(&g->ir, BPF_JLE, t, size, fits);
	ir_mov_imm(&g->ir, t, size);
	ir_place(&g->ir, fits);
	ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, done);
	if (src.kind != V_STACK) {
		ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
		ir_mov(&g->ir, BPF_REG_2, t);
		ir_mov(&g->ir, BPF_REG_3, cg_reg(g, &src));
		ir_call(&g->ir, BPF_FUNC_probe_read, 3);
	}
	if (str) {
		/* The string and its NUL, at most maxlen bytes of them. */
		int copy = cg_alloc(g, size), n2 = ir_vreg(&g->ir);

		ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, copy);
		ir_mov_imm(&g->ir, BPF_REG_2, size);
		ir_mov(&g->ir, BPF_REG_3, base);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, off);
		ir_call(&g->ir, BPF_FUNC_probe_read_kernel_str, 3);
		ir_mov(&g->ir, n2, BPF_REG_0);
		ir_jmp(&g->ir, BPF_JGE, n2, t, ok);
		ir_jmp_imm(&g->ir, BPF_JSLE, n2, 0, done);
		ir_mov(&g->ir, t, n2);
		ir_place(&g->ir, ok);
		ok = ir_label(&g->ir);
		/* Bounds the verifier sees again after the register moved. */
		ir_jmp_imm(&g->ir, BPF_JGT, t, size, done);
		ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, done);
	}
	ir_mov(&g->ir, BPF_REG_1, cg_reg(g, &addr));
	ir_mov(&g->ir, BPF_REG_2, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, off);
	ir_mov(&g->ir, BPF_REG_3, t);
	ir_call(&g->ir, BPF_FUNC_probe_write_user, 3);
	/* A user address that cannot be written is DTrace's fault. */
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, done);
	cg_fault(g, FAULT_BADADDR, cg_reg(g, &addr));
	ir_place(&g->ir, done);
	return 0;
}

/* freopen(fmt, ...): the output goes on in the file fmt names. */
static int sema_freopen(struct sema *s, struct node *n)
{
	struct node *f = n->nlist ? n->list[0] : NULL;

	n->type = type_simple(TY_NONE);
	s->c->destructive = true;
	if (f && f->kind == N_STR && n->nlist == 1 &&
	    (!strcmp(f->str, ".") || !strcmp(f->str, "..")))
		return sema_error(s, f, "[D_FREOPEN_INVALID] freopen( ) argument #1 cannot be \"%s\"",
				  f->str);
	return bi_fmt_arg(s, n);
}

static int cg_freopen(struct cg *g, struct node *n, struct val *out)
{
	out->kind = V_NONE;
	return bi_send_args(g, n, REC_FREOPEN, 1);
}

/*
 * The file is opened first, so that a name that cannot be opened leaves
 * the output where it was; "" puts it back where it started.  Opened for
 * appending, as dtrace opens it.
 */
static int rt_freopen(struct runtime *rt, const struct rec_hdr *h,
		      const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = bi_format_record(rt, h, data, len, &b), fd;

	if (ret)
		goto out;
	buf_put(&b, "", 1);
	fflush(rt->out.f);
	if (!*b.p) {
		if (rt->out_orig >= 0)
			dup2(rt->out_orig, rt->out_fd);
		free(rt->out_path);
		rt->out_path = NULL;
		goto out;
	}
	fd = open(b.p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (fd < 0) {
		fprintf(stderr, "dtrace: couldn't freopen() \"%s\": %s\n", b.p,
			strerror(errno));
		goto out;
	}
	if (rt->out_orig < 0)
		rt->out_orig = fcntl(rt->out_fd, F_DUPFD_CLOEXEC, 0);
	dup2(fd, rt->out_fd);
	close(fd);
	free(rt->out_path);
	rt->out_path = xstrdup(b.p);
out:
	buf_free(&b);
	return ret;
}

#define FN(n, k, s, c, r) { .name = n, .func = true, .rec_kind = k, \
			    .sema = s, .cg = c, .rt = r }

const struct builtin builtin_dtrace_destructive[] = {
	FN("raise", 0, sema_raise, cg_raise, NULL),
	FN("stop", 0, sema_stop, cg_stop, NULL),
	FN("freopen", REC_FREOPEN, sema_freopen, cg_freopen, rt_freopen),
	FN("chill", 0, sema_refused, NULL, NULL),
	FN("breakpoint", 0, sema_refused, NULL, NULL),
	FN("panic", 0, sema_refused, NULL, NULL),
	FN("copyout", 0, sema_copyout, cg_copyout, NULL),
	FN("copyoutstr", 0, sema_copyout, cg_copyout, NULL),
	{ .name = NULL },
};
