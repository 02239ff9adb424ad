/* SPDX-License-Identifier: GPL-2.0 */
/* String functions: str(), strncmp(). */
#include <errno.h>

#include "internal.h"
#include "../compile/compile.h"

static int sema_str(struct sema *s, struct node *n)
{
	struct node *a;

	if (bi_nargs(s, n, 1, 2))
		return -EINVAL;
	a = n->list[0];
	if (sema_expr(s, a))
		return -EINVAL;
	if (n->nlist == 2 && bi_int_arg(s, n, 1))
		return -EINVAL;
	if (a->type->kind == TY_STR) {
		n->type = a->type;
		return 0;
	}
	if (a->type->kind != TY_INT)
		return sema_error(s, a, "str() takes a pointer or a string");
	n->type = type_str(s->c->opts.strlen);
	return 0;
}

/* Reads a NUL-terminated string from kernel or user memory. */
static int cg_str(struct cg *g, struct node *n, struct val *out)
{
	struct val a, len;
	int off, size = n->type->size;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	if (a.type->kind == TY_STR && n->nlist == 1) {
		*out = a;
		return 0;
	}
	if (n->nlist == 2 && cg_expr(g, n->list[1], &len))
		return -EINVAL;
	off = cg_alloc(g, size);
	cg_zero(g, off, size);
	if (a.type->kind == TY_STR) {
		/* str(s, n) of a string: keep the first n - 1 characters. */
		cg_copy(g, BPF_REG_10, off, BPF_REG_10, a.off,
			a.type->size < size ? a.type->size : size);
	} else {
		int ptr = cg_reg(g, &a);

		ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
		if (n->nlist == 2) {
			int l = ir_vreg(&g->ir), ok = ir_label(&g->ir);

			/* The verifier needs the size bounded by the buffer. */
			ir_mov(&g->ir, l, cg_reg(g, &len));
			ir_jmp_imm(&g->ir, BPF_JLE, l, size, ok);
			ir_mov_imm(&g->ir, l, size);
			ir_place(&g->ir, ok);
			ir_mov(&g->ir, BPF_REG_2, l);
		} else {
			ir_mov_imm(&g->ir, BPF_REG_2, size);
		}
		ir_mov(&g->ir, BPF_REG_3, ptr);
		/* probe_read_str: bpftrace's str() takes user or kernel pointers. */
		ir_call(&g->ir, BPF_FUNC_probe_read_str, 3);
	}
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static int sema_strncmp(struct sema *s, struct node *n)
{
	int64_t k;
	int i;

	if (bi_nargs(s, n, 3, 3))
		return -EINVAL;
	for (i = 0; i < 2; i++) {
		if (sema_expr(s, n->list[i]))
			return -EINVAL;
		if (n->list[i]->type->kind != TY_STR)
			return sema_error(s, n->list[i], "strncmp() compares strings");
	}
	if (sema_const_int(s, n->list[2], &k))
		return -EINVAL;
	if (k < 0)
		return sema_error(s, n->list[2], "strncmp() length must not be negative");
	n->ival = k;
	n->type = type_int(8, true);
	return 0;
}

static int cg_strncmp_fn(struct cg *g, struct node *n, struct val *out)
{
	struct val a, b;
	int r;

	if (cg_expr(g, n->list[0], &a) || cg_expr(g, n->list[1], &b))
		return -EINVAL;
	if (n->ival == 0) {
		r = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, r, 0);
	} else {
		r = cg_strncmp(g, &a, &b, n->ival);
	}
	return bi_int(out, r, n->type);
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_strings[] = {
	FN("str", sema_str, cg_str),
	FN("strncmp", sema_strncmp, cg_strncmp_fn),
	{ .name = NULL },
};
