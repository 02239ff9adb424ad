/* SPDX-License-Identifier: GPL-2.0 */
/*
 * link_ntop(type, addr): a link-layer address as dtrace-utils writes it,
 * each byte two lowercase hex digits, colons between: 6 bytes of an
 * ARPHRD_ETHER address, 20 of an ARPHRD_INFINIBAND one.  As the inet
 * subroutines, the bytes are read when the clause runs and the text is
 * made when the record is printed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "../lang/types.h"
#include "../util.h"

#define ARPHRD_ETHER 1
#define ARPHRD_INFINIBAND 32
#define ETH_ALEN 6
#define INFINIBAND_ALEN 20

/* The slot: the type as 8 bytes, then the address's bytes. */
#define LINK_SLOT (8 + 24)

static int sema_link_ntop(struct sema *s, struct node *n)
{
	struct node *a;
	char b[32];

	if (bi_d_nargs(s, n, 2, 2) || bi_d_int_arg(s, n, 0, "int"))
		return -EINVAL;
	a = n->list[1];
	if (sema_expr(s, a) || sema_d_decay(s, a))
		return -EINVAL;
	/* NULL and a type of neither kind are DTrace's faults as it runs. */
	if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 1, "void *");
	snprintf(b, sizeof(b), "%d", s->c->opts.strlen - 1);
	n->type = type_named(n->bi, LINK_SLOT, b);
	return 0;
}

/* Reads len bytes at addr into the slot, or faults as a load would. */
static void link_read(struct cg *g, int off, int len, int addr)
{
	int ok = ir_label(&g->ir);

	cg_probe_read(g, BPF_REG_10, off + 8, len, addr);
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, addr);
	ir_place(&g->ir, ok);
}

static int cg_link_ntop(struct cg *g, struct node *n, struct val *out)
{
	int off = cg_alloc(g, LINK_SLOT), type = ir_vreg(&g->ir), addr;
	int eth = ir_label(&g->ir), bad = ir_label(&g->ir);
	int done = ir_label(&g->ir);
	struct val t, a;

	if (cg_expr(g, n->list[0], &t) || cg_expr(g, n->list[1], &a))
		return -EINVAL;
	addr = cg_reg(g, &a);
	cg_zero(g, off, LINK_SLOT);
	ir_mov(&g->ir, type, cg_reg(g, &t));
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, type);
	ir_jmp_imm(&g->ir, BPF_JEQ, type, ARPHRD_ETHER, eth);
	ir_jmp_imm(&g->ir, BPF_JNE, type, ARPHRD_INFINIBAND, bad);
	link_read(g, off, INFINIBAND_ALEN, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, eth);
	link_read(g, off, ETH_ALEN, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, bad);
	cg_fault(g, FAULT_ILLOP, -1);
	ir_place(&g->ir, done);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static void show_link_ntop(const struct type *t, const void *p,
			   struct buf *out)
{
	static const char hex[] = "0123456789abcdef";
	const uint8_t *b = p;
	uint64_t type;
	int strsize = 0, len, i, n = 0;
	char s[3 * INFINIBAND_ALEN];

	if (t->name)
		sscanf(t->name, "%d", &strsize);
	memcpy(&type, b, sizeof(type));
	len = type == ARPHRD_INFINIBAND ? INFINIBAND_ALEN : ETH_ALEN;
	for (i = 0; i < len; i++) {
		if (i)
			s[n++] = ':';
		s[n++] = hex[b[8 + i] >> 4];
		s[n++] = hex[b[8 + i] & 0xf];
	}
	buf_put(out, s, n < strsize ? (size_t)n : (size_t)strsize);
}

static int sema_unimplemented(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, n->name[0] == 'd' ? 2 : 1, n->name[0] == 'd' ? 2 : 1))
		return -EINVAL;
	return sema_error(s, n, "[D_FUNC_UNDEF] unimplemented subroutine: %s",
			  n->name);
}

const struct builtin builtin_dnet[] = {
	{ .name = "msgsize", .func = true, .sema = sema_unimplemented },
	{ .name = "msgdsize", .func = true, .sema = sema_unimplemented },
	{ .name = "ddi_pathname", .func = true, .sema = sema_unimplemented },
	{ .name = "link_ntop", .func = true, .sema = sema_link_ntop,
	  .cg = cg_link_ntop, .show = show_link_ntop },
	{ .name = NULL },
};
