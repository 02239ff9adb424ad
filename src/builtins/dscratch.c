/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's scratch space: alloca(), copyin(), copyinto(), bcopy(), and the
 * stores through a pointer that D allows into it.
 *
 * Scratch is a per-CPU map value (MAP_DSCRATCH) that each clause using
 * it allocates from, from its start, when it runs: the bytes allocated
 * so far are a register of the clause (g->dscratch.top), so allocations
 * last for one clause firing, as in DTrace.  A pointer into scratch is
 * the value's kernel address, an integer, so that it works wherever an
 * address does (loads, member access, stringof(), tracemem(), string
 * subroutines) and survives any arithmetic; writes go through the map
 * value pointer plus the pointer's offset from that address, checked
 * against what the clause has allocated.
 *
 * The map value is twice -x scratchsize: offsets and sizes are each
 * checked to be at most scratchsize, which proves to the verifier that
 * an access of a variable size at a variable offset stays in the value.
 */
#include <errno.h>

#include "internal.h"
#include "../compile/compile.h"

/* The bytes a clause may allocate: -x scratchsize, in whole words. */
static int scratch_max(const struct compiled *c)
{
	return ALIGN_UP(c->opts.scratchsize, 8);
}

void bi_dscratch_begin(struct cg *g)
{
	int key = cg_alloc(g, 8);
	int max = scratch_max(g->c);

	if (g->c->dscratch_size < 2 * max)
		g->c->dscratch_size = 2 * max;
	g->dscratch.top = ir_vreg(&g->ir);
	g->dscratch.ptr = ir_vreg(&g->ir);
	g->dscratch.addr = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, g->dscratch.top, 0);
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, 0);
	cg_lookup(g, MAP_DSCRATCH, key);
	ir_mov(&g->ir, g->dscratch.ptr, BPF_REG_0);
	/* Key 0 of a one-entry array is always there. */
	ir_jmp_imm(&g->ir, BPF_JEQ, g->dscratch.ptr, 0, g->exit_label);
	/* The value's address as an integer, for D's pointer arithmetic. */
	cg_ptr_bits(g, g->dscratch.addr, g->dscratch.ptr);
}

/* Stops the clause at fault kind (at address addr, or -1) unless reg op imm. */
static void need(struct cg *g, int reg, int op, int32_t imm, int kind, int addr)
{
	int ok = ir_label(&g->ir);

	ir_jmp_imm(&g->ir, op, reg, imm, ok);
	cg_fault(g, kind, addr);
	ir_place(&g->ir, ok);
}

/*
 * Allocates the number of bytes in register size, at the next word: the
 * register holding the allocation's offset in scratch, at most
 * scratch_max() to the verifier; size is then at most that too.  As in
 * DTrace, what the clause has allocated ends with the allocation's last
 * byte, not its word's.  Too much is DTrace's "out of scratch space".
 */
static int alloc(struct cg *g, int size)
{
	int max = scratch_max(g->c), end = ir_vreg(&g->ir), off = ir_vreg(&g->ir);

	need(g, size, BPF_JLE, max, FAULT_NOSCRATCH, -1);
	ir_mov(&g->ir, off, g->dscratch.top);
	ir_alu_imm(&g->ir, BPF_ADD, off, 7);
	ir_alu_imm(&g->ir, BPF_AND, off, -8);
	need(g, off, BPF_JLE, max, FAULT_NOSCRATCH, -1);
	ir_mov(&g->ir, end, off);
	ir_alu(&g->ir, BPF_ADD, end, size);
	need(g, end, BPF_JLE, max, FAULT_NOSCRATCH, -1);
	ir_mov(&g->ir, g->dscratch.top, end);
	return off;
}

/*
 * The offset in scratch of the size bytes (a register) at address addr,
 * which must lie in what the clause has allocated, as DTrace checks an
 * alloca pointer: an address outside it is an invalid address fault at
 * addr, bytes from it past its end an invalid size fault of size.  Both
 * come out at most scratch_max().
 */
static int in_scratch(struct cg *g, int addr, int size)
{
	int max = scratch_max(g->c), off = ir_vreg(&g->ir), end = ir_vreg(&g->ir);
	int bad = ir_label(&g->ir), ok = ir_label(&g->ir), base_ok = ir_label(&g->ir);

	ir_mov(&g->ir, off, addr);
	ir_alu(&g->ir, BPF_SUB, off, g->dscratch.addr);
	/* Unsigned: an address below scratch is a huge offset. */
	ir_jmp(&g->ir, BPF_JLT, off, g->dscratch.top, base_ok);
	cg_fault(g, FAULT_BADADDR, addr);
	ir_place(&g->ir, base_ok);
	ir_jmp_imm(&g->ir, BPF_JGT, size, max, bad);
	ir_mov(&g->ir, end, off);
	ir_alu(&g->ir, BPF_ADD, end, size);
	ir_jmp(&g->ir, BPF_JGT, end, g->dscratch.top, bad);
	ir_jmp_imm(&g->ir, BPF_JLE, off, max, ok);
	ir_place(&g->ir, bad);
	cg_fault(g, FAULT_BADSIZE, size);
	ir_place(&g->ir, ok);
	return off;
}

void bi_dscratch_check(struct cg *g, int addr, int size)
{
	int n = ir_vreg(&g->ir);

	if (g->dscratch.top < 0)
		return;
	ir_mov_imm(&g->ir, n, size);
	in_scratch(g, addr, n);
}

/* DTrace's offset of the first allocation: 0 is NULL. */
#define SHOWN_BASE 8

void bi_dscratch_shown(struct cg *g, const struct node *e, struct val *v)
{
	int r;

	if (g->dscratch.top < 0 || !e->type || e->type->kind != TY_PTR ||
	    e->type->scratch != SCRATCH_PTR || v->kind != V_REG)
		return;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, v->reg);
	ir_alu(&g->ir, BPF_SUB, r, g->dscratch.addr);
	ir_alu_imm(&g->ir, BPF_ADD, r, SHOWN_BASE);
	v->reg = r;
}

void bi_dscratch_unshown(struct cg *g, int r)
{
	if (g->dscratch.top < 0)
		return;
	ir_alu_imm(&g->ir, BPF_SUB, r, SHOWN_BASE);
	ir_alu(&g->ir, BPF_ADD, r, g->dscratch.addr);
}

int bi_dscratch_store(struct cg *g, int addr, int val, int size)
{
	static const int op[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int n = ir_vreg(&g->ir), off, p = ir_vreg(&g->ir);

	/* BPF_W is 0: the sizes are checked, not the table's entries. */
	if (g->dscratch.top < 0 || (size != 1 && size != 2 && size != 4 && size != 8))
		return -EINVAL;
	ir_mov_imm(&g->ir, n, size);
	off = in_scratch(g, addr, n);
	ir_mov(&g->ir, p, g->dscratch.ptr);
	ir_alu(&g->ir, BPF_ADD, p, off);
	ir_st(&g->ir, op[size], p, 0, val);
	return 0;
}

/*
 * D's *p = s of a string: its characters and NUL, at most size bytes
 * (strsize + 1), from the string at address src into scratch at addr,
 * whose size bytes must lie in what the clause has allocated, as
 * dtrace checks a store of the string's type.
 */
int bi_dscratch_store_str(struct cg *g, int addr, int src, int size)
{
	int n = ir_vreg(&g->ir), off;

	if (g->dscratch.top < 0)
		return -EINVAL;
	ir_mov_imm(&g->ir, n, size);
	off = in_scratch(g, addr, n);
	ir_mov(&g->ir, BPF_REG_1, g->dscratch.ptr);
	ir_alu(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, src);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel_str, 3);
	return 0;
}

/*
 * Reads size bytes (a register, at most scratch_max()) at src into
 * scratch at offset off with helper (a probe_read): an invalid address
 * fault at src if it fails.
 */
static void read_into(struct cg *g, int off, int size, int src, int helper)
{
	int ok = ir_label(&g->ir);

	ir_mov(&g->ir, BPF_REG_1, g->dscratch.ptr);
	ir_alu(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, src);
	ir_call(&g->ir, helper, 3);
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, src);
	ir_place(&g->ir, ok);
}

/*
 * A size argument; one that allocates (alloca(), copyin()) and is a
 * constant over -x scratchsize is refused when compiling.
 */
static int size_arg(struct sema *s, struct node *n, int i, bool allocates)
{
	struct node *a = n->list[i];
	int max = s->c->opts.scratchsize ? s->c->opts.scratchsize : 256;

	if (bi_d_int_arg(s, n, i, "size_t"))
		return -EINVAL;
	if (allocates && a->kind == N_INT && a->ival > (uint64_t)max)
		return sema_error(s, a, "[D_ALLOCA_SIZE] %s(%llu) size larger than scratchsize %d",
				  n->name, (unsigned long long)a->ival, max);
	return 0;
}

/* An address argument (uintptr_t, void *): an integer or a pointer. */
static int addr_arg(struct sema *s, struct node *n, int i, const char *proto)
{
	if (sema_expr(s, n->list[i]) || sema_d_decay(s, n->list[i]))
		return -EINVAL;
	if (n->list[i]->type->kind == TY_INT || n->list[i]->type->kind == TY_PTR)
		return 0;
	return bi_d_proto_arg(s, n, i, proto);
}

/* The value's register, copied: checks narrow it for the verifier. */
static int arg_reg(struct cg *g, struct node *n, int *reg)
{
	struct val v;

	if (cg_expr(g, n, &v))
		return -EINVAL;
	*reg = ir_vreg(&g->ir);
	ir_mov(&g->ir, *reg, cg_reg(g, &v));
	return 0;
}

/* void *: D's untyped pointer, bytes to ferret, into scratch. */
static struct type *void_ptr(void)
{
	struct type *t = type_ptr(type_int(1, false));

	t->scratch = SCRATCH_PTR;
	return t;
}

/* alloca(size): size bytes of scratch, their address. */
static int sema_alloca(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || size_arg(s, n, 0, true))
		return -EINVAL;
	s->cur->uses_dscratch = true;
	n->type = void_ptr();
	return 0;
}

static int cg_alloca(struct cg *g, struct node *n, struct val *out)
{
	int size, off, r = ir_vreg(&g->ir);

	if (g->dscratch.top < 0)
		return cg_error(g, n, "D's scratch space is not set up here");
	if (arg_reg(g, n->list[0], &size))
		return -EINVAL;
	off = alloc(g, size);
	ir_mov(&g->ir, r, g->dscratch.addr);
	ir_alu(&g->ir, BPF_ADD, r, off);
	return bi_int(out, r, n->type);
}

/* copyin(addr, size): size bytes of user memory, copied to scratch. */
static int sema_copyin(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 2, 2) || addr_arg(s, n, 0, "uintptr_t") ||
	    size_arg(s, n, 1, true))
		return -EINVAL;
	s->cur->uses_dscratch = true;
	n->type = void_ptr();
	return 0;
}

static int cg_copyin(struct cg *g, struct node *n, struct val *out)
{
	int src, size, off, r = ir_vreg(&g->ir);

	if (g->dscratch.top < 0)
		return cg_error(g, n, "D's scratch space is not set up here");
	if (arg_reg(g, n->list[0], &src) || arg_reg(g, n->list[1], &size))
		return -EINVAL;
	off = alloc(g, size);
	read_into(g, off, size, src, BPF_FUNC_probe_read_user);
	ir_mov(&g->ir, r, g->dscratch.addr);
	ir_alu(&g->ir, BPF_ADD, r, off);
	return bi_int(out, r, n->type);
}

/*
 * copyinto(addr, size, dest) and bcopy(src, dest, size): into scratch
 * the clause has allocated, from user memory (copyinto) or from kernel
 * memory or a string (bcopy).
 */
static int sema_copyinto(struct sema *s, struct node *n)
{
	bool b = n->name[0] == 'b';
	int src = 0, dest = b ? 1 : 2, size = b ? 2 : 1;
	const struct type *t;

	if (bi_d_nargs(s, n, 3, 3) || size_arg(s, n, size, false) ||
	    addr_arg(s, n, dest, "void *"))
		return -EINVAL;
	if (sema_expr(s, n->list[src]) || sema_d_decay(s, n->list[src]))
		return -EINVAL;
	t = n->list[src]->type;
	if (t->kind != TY_INT && t->kind != TY_PTR &&
	    !(b && (t->kind == TY_STR || bi_dtrace_is_part(t))))
		return bi_d_proto_arg(s, n, src, b ? "void *" : "uintptr_t");
	s->cur->uses_dscratch = true;
	n->type = type_simple(TY_NONE);
	return 0;
}

static int cg_copyinto(struct cg *g, struct node *n, struct val *out)
{
	bool b = n->name[0] == 'b';
	int src, dest, size, off;
	struct val v;

	if (g->dscratch.top < 0)
		return cg_error(g, n, "D's scratch space is not set up here");
	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	/* A probe name's part is a string once written in the frame. */
	if (bi_dtrace_is_part(v.type)) {
		int len = g->c->opts.strlen, idx = cg_reg(g, &v), base;

		v.kind = V_STACK;
		v.off = cg_alloc_tmp(g, len, &base);
		v.base = base == BPF_REG_10 ? 0 : base;
		v.type = type_str(len);
		cg_zero_at(g, base, v.off, len);
		if (bi_dtrace_part_str(g, n->list[0], idx, base, v.off, len))
			return -EINVAL;
	}
	src = cg_reg(g, &v);
	/* The arguments in the order written, as dtrace evaluates them. */
	if (arg_reg(g, n->list[1], b ? &dest : &size) ||
	    arg_reg(g, n->list[2], b ? &size : &dest))
		return -EINVAL;
	/* bcopy() from scratch reads only what the clause has allocated. */
	if (b && v.type->kind == TY_PTR && v.type->scratch == SCRATCH_PTR)
		in_scratch(g, src, size);
	off = in_scratch(g, dest, size);
	read_into(g, off, size, src, b ? BPF_FUNC_probe_read_kernel :
		  BPF_FUNC_probe_read_user);
	return 0;
}

/*
 * __dpartptr(p): sema's form of probe name part p (probeprov ...) where D
 * takes it as a char * (a cast, a store to a pointer variable): a copy
 * of its text in scratch, as long as the program's longest, and its
 * address.  n->ival is that length.
 */
static int sema_dpartptr(struct sema *s, struct node *n)
{
	int len;

	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	if (!bi_dtrace_is_part(n->list[0]->type))
		return sema_error(s, n, "__dpartptr( ) takes a probe name's part");
	len = bi_dtrace_part_len(s, n->list[0]);
	if (len < 0)
		return -EINVAL;
	if (len + 1 > scratch_max(s->c))
		return sema_error(s, n, "[D_ALLOCA_SIZE] probe name part of %d bytes does not fit in -x scratchsize (%d)",
				  len + 1, scratch_max(s->c));
	s->cur->uses_dscratch = true;
	n->ival = len;
	n->type = type_ptr(type_int(1, true));
	return 0;
}

static int cg_dpartptr(struct cg *g, struct node *n, struct val *out)
{
	int size = ir_vreg(&g->ir), off, p = ir_vreg(&g->ir), r;
	struct val v;

	if (g->dscratch.top < 0)
		return cg_error(g, n, "D's scratch space is not set up here");
	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	ir_mov_imm(&g->ir, size, n->ival + 1);
	off = alloc(g, size);
	ir_mov(&g->ir, p, g->dscratch.ptr);
	ir_alu(&g->ir, BPF_ADD, p, off);
	if (bi_dtrace_part_str(g, n->list[0], cg_reg(g, &v), p, 0,
			       (int)n->ival + 1))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, g->dscratch.addr);
	ir_alu(&g->ir, BPF_ADD, r, off);
	return bi_int(out, r, n->type);
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_dscratch[] = {
	FN("alloca", sema_alloca, cg_alloca),
	FN("__dpartptr", sema_dpartptr, cg_dpartptr),
	FN("copyin", sema_copyin, cg_copyin),
	FN("copyinto", sema_copyinto, cg_copyinto),
	FN("bcopy", sema_copyinto, cg_copyinto),
	{ .name = NULL },
};
