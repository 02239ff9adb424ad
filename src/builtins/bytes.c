/* SPDX-License-Identifier: GPL-2.0 */
/* Byte-level functions: bswap() and ntop(). */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
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
	    !((a->type->kind == TY_STR || a->type->kind == TY_ARRAY) &&
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
		ir_mov_imm(&g->ir, af, an->type->size == 16 &&
				       an->type->kind != TY_INT ? AF_INET6 : AF_INET);
	}
	cg_zero(g, off, 24);
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, af);
	/* An integer's low 4 bytes; an array read from memory or copied. */
	cg_store(g, BPF_REG_10, off + 8, &a,
		 an->type->kind == TY_INT || an->type->kind == TY_PTR ? 4 :
		 an->type->size);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

/* pton("addr"): an IPv4 or IPv6 literal as its bytes, now. */
static int sema_pton(struct sema *s, struct node *n)
{
	unsigned char bytes[16];
	bool v6;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "pton() expects a string literal");
	v6 = strchr(n->list[0]->str, ':') != NULL;
	if (inet_pton(v6 ? AF_INET6 : AF_INET, n->list[0]->str, bytes) != 1)
		return sema_error(s, n->list[0], "pton() expects a valid IPv4 or IPv6 address, not \"%s\"",
				  n->list[0]->str);
	n->type = type_array(type_int(1, false), v6 ? 16 : 4);
	return 0;
}

static int cg_pton(struct cg *g, struct node *n, struct val *out)
{
	unsigned char bytes[16];
	int size = n->type->size, off = cg_alloc(g, size), i;

	inet_pton(size == 16 ? AF_INET6 : AF_INET, n->list[0]->str, bytes);
	for (i = 0; i < size; i++)
		ir_st_imm(&g->ir, BPF_B, BPF_REG_10, off + i, bytes[i]);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

/* macaddr(a): six bytes (an array or a pointer to them) as a MAC address. */
static int sema_macaddr(struct sema *s, struct node *n)
{
	const struct type *t;

	if (bi_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	t = n->list[0]->type;
	if (t->kind != TY_PTR && t->kind != TY_INT &&
	    !((t->kind == TY_ARRAY || t->kind == TY_STR) && t->size == 6))
		return sema_error(s, n->list[0], "macaddr() argument must be 6 bytes in size");
	n->type = type_named(n->bi, 6, NULL);
	return 0;
}

static void show_macaddr(const struct type *t, const void *p, struct buf *out)
{
	const uint8_t *m = p;

	buf_printf(out, "%02X:%02X:%02X:%02X:%02X:%02X", m[0], m[1], m[2],
		   m[3], m[4], m[5]);
}

static int cg_macaddr(struct cg *g, struct node *n, struct val *out)
{
	const struct type *t = n->list[0]->type;
	int off = cg_alloc(g, 8);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, off, 0);
	if (t->kind == TY_PTR || t->kind == TY_INT)
		cg_probe_read(g, BPF_REG_10, off, 6, cg_reg(g, &a));
	else
		cg_store(g, BPF_REG_10, off, &a, 6);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

const struct builtin builtin_bytes[] = {
	{ .name = "pton", .func = true, .sema = sema_pton, .cg = cg_pton },
	{ .name = "macaddr", .func = true, .sema = sema_macaddr, .cg = cg_macaddr,
	  .show = show_macaddr },
	FN("bswap", sema_bswap, cg_bswap),
	FN("ntop", sema_ntop, cg_ntop),
	{ .name = NULL },
};
