/* SPDX-License-Identifier: GPL-2.0 */
/* Byte-level functions: bswap() and ntop(). */
#include <errno.h>
#include <sys/socket.h>

#include "internal.h"

static int sema_bswap(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	/* As bpftrace: the same width, unsigned. */
	n->type = type_int(n->list[0]->type->size, false);
	return 0;
}

static int cg_bswap(struct cg *g, struct node *n, struct val *out)
{
	int bits = n->type->size * 8, r;
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &a));
	if (bits > 8)
		ir_alu32_imm(&g->ir, BPF_END | BPF_TO_BE, r, bits);
	return bi_int(out, r, n->type);
}

/*
 * ntop([af,] addr): addr is an integer (an IPv4 address as the kernel
 * stores it, network byte order in memory) or a 4- or 16-byte array (the
 * language holds arrays as strings).  Without af the family follows from
 * the size.
 */
static int sema_ntop(struct sema *s, struct node *n)
{
	struct node *a;

	if (bi_nargs(s, n, 1, 2))
		return -EINVAL;
	if (n->nlist == 2 && bi_int_arg(s, n, 0))
		return -EINVAL;
	a = n->list[n->nlist - 1];
	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind != TY_INT && a->type->kind != TY_PTR &&
	    !(a->type->kind == TY_STR &&
	      (a->type->size == 4 || a->type->size == 16)))
		return sema_error(s, a, "ntop() takes an integer or a 4- or 16-byte array");
	n->type = type_simple(TY_INET);
	return 0;
}

static int cg_ntop(struct cg *g, struct node *n, struct val *out)
{
	struct node *an = n->list[n->nlist - 1];
	int off = cg_alloc(g, 24), af;
	struct val a, f;

	if (cg_expr(g, an, &a))
		return -EINVAL;
	if (n->nlist == 2) {
		if (cg_expr(g, n->list[0], &f))
			return -EINVAL;
		af = cg_reg(g, &f);
	} else {
		af = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, af, an->type->kind == TY_STR &&
				       an->type->size == 16 ? AF_INET6 : AF_INET);
	}
	cg_zero(g, off, 24);
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, af);
	if (a.kind == V_REG)
		ir_st(&g->ir, BPF_W, BPF_REG_10, off + 8, a.reg);
	else
		cg_copy(g, BPF_REG_10, off + 8, BPF_REG_10, a.off,
			an->type->size);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_bytes[] = {
	FN("bswap", sema_bswap, cg_bswap),
	FN("ntop", sema_ntop, cg_ntop),
	{ .name = NULL },
};
