/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Code generation: typed AST to IR, one program per probe instance.
 *
 * Expression results are read-only to their consumer: a register a
 * variable lives in may be handed out as the value of "$x", so every
 * operator computes into a fresh register and the allocator folds the
 * copies away.  Strings, tuples and keys live in the frame, or, in a
 * probe whose frame would pass 512 bytes, the large ones in per-CPU
 * scratch (cg_alloc_tmp()); temporaries are released at the end of each
 * statement, and sooner where their value is used up (cg_release()).
 */
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cg.h"
#include "../lang/lex.h"
#include "../lang/sema.h"
#include "../builtins/builtin.h"
#include "../providers/provider.h"
#include "../runtime/record.h"

/*
 * The largest variable a member or element store makes from zeros: in
 * MAP_SCRATCH past 256 bytes, a store instruction for each 8.
 */
#define VAR_BYTES_MAX 8192

struct cg_var {
	struct symbol *sym;
	int reg;		/* integers */
	int off;		/* strings and tuples: offset from base */
	int base;		/* r10, or g->tstr (see cg_alloc_tmp()) */
};

int cg_error(struct cg *g, const struct node *n, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(g->c->src, &n->loc, "%s", msg);
	g->err = -EINVAL;
	return -EINVAL;
}

int cg_alloc(struct cg *g, int size)
{
	g->stack += ALIGN_UP(size, 8);
	if (g->stack > g->ir.stack)
		g->ir.stack = g->stack;
	if (g->stack > 512 && !g->overflow)
		g->overflow = g->ir.loc;
	return -g->stack;
}

void cg_zero_at(struct cg *g, int base, int off, int size)
{
	int i;

	for (i = 0; i + 8 <= size; i += 8)
		ir_st_imm(&g->ir, BPF_DW, base, off + i, 0);
	for (; i < size; i++)
		ir_st_imm(&g->ir, BPF_B, base, off + i, 0);
}

void cg_zero(struct cg *g, int off, int size)
{
	cg_zero_at(g, BPF_REG_10, off, size);
}

void cg_copy(struct cg *g, int dbase, int doff, int sbase, int soff, int size)
{
	static const int op[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int t = ir_vreg(&g->ir), i = 0, w;

	/*
	 * The verifier refuses misaligned stack accesses, and a member of a
	 * struct in the frame sits at any offset: each access is as wide as
	 * both offsets' alignment allows.
	 */
	while (i < size) {
		for (w = 8; w > 1; w /= 2)
			if (i + w <= size && !((doff + i) % w) && !((soff + i) % w))
				break;
		ir_ld(&g->ir, op[w], t, sbase, soff + i);
		ir_st(&g->ir, op[w], dbase, doff + i, t);
		i += w;
	}
}

int cg_reg(struct cg *g, const struct val *v)
{
	int r;

	if (v->kind == V_REG)
		return v->reg;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_base(v));
	ir_alu_imm(&g->ir, BPF_ADD, r, v->off);
	return r;
}

void cg_store(struct cg *g, int base, int off, const struct val *v, int size)
{
	int n;

	if (v->kind == V_REG && type_is_record(v->type)) {
		/* A struct or array still in kernel or user memory. */
		cg_probe_read(g, base, off, v->type->size < size ? v->type->size : size,
			      v->reg);
		return;
	}
	if (v->kind == V_REG) {
		ir_st(&g->ir, size == 1 ? BPF_B : size == 2 ? BPF_H :
			      size == 4 ? BPF_W : BPF_DW, base, off, v->reg);
		return;
	}
	n = v->type->size < size ? v->type->size : size;
	cg_copy(g, base, off, cg_base(v), v->off, n);
	if (n < size) {
		int z = ir_vreg(&g->ir), i;

		ir_mov_imm(&g->ir, z, 0);
		for (i = n; i < size; i++)
			ir_st(&g->ir, BPF_B, base, off + i, z);
	}
}

void cg_probe_read(struct cg *g, int base, int off, int size, int addr)
{
	ir_mov(&g->ir, BPF_REG_1, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, addr);
	/* probe_read: the address may be kernel or user memory (x86). */
	ir_call(&g->ir, BPF_FUNC_probe_read, 3);
}

int cg_call0(struct cg *g, int helper)
{
	int r = ir_vreg(&g->ir);

	ir_call(&g->ir, helper, 0);
	ir_mov(&g->ir, r, BPF_REG_0);
	return r;
}

void cg_opaque(struct cg *g, int slot, int src, int dst)
{
	ir_st(&g->ir, BPF_DW, BPF_REG_10, slot, src);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, slot + 8);
	ir_mov_imm(&g->ir, BPF_REG_2, 8);
	ir_mov(&g->ir, BPF_REG_3, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, slot);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	ir_ld(&g->ir, BPF_DW, dst, BPF_REG_10, slot + 8);
}

/* reg = value i of the loop's block at base+off (see struct cg_loop). */
static void loop_val(struct cg *g, const struct cg_loop *l, int i, int reg,
		     int base, int off)
{
	int hi;

	if (i < l->nptr) {
		ir_ld(&g->ir, BPF_DW, reg, base, off);
		return;
	}
	hi = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_W, reg, base, off);
	ir_ld(&g->ir, BPF_W, hi, base, off + 4);
	ir_alu_imm(&g->ir, BPF_LSH, hi, 32);
	ir_alu(&g->ir, BPF_OR, reg, hi);
}

void cg_loop_begin(struct cg *g, struct cg_loop *l, const int *in, int n,
		   int nptr)
{
	const struct loc *loc = g->ir.loc;
	int i;

	l->n = n;
	l->nptr = nptr;
	l->slot = cg_alloc(g, 8 * n);
	for (i = 0; i < n; i++)
		ir_st(&g->ir, BPF_DW, BPF_REG_10, l->slot + 8 * i, in[i]);
	l->outer = g->ir;
	l->stack = g->stack;
	l->tstr = g->tstr;
	g->stack = 0;
	g->tstr = 0;
	ir_init(&g->ir);
	g->ir.loc = loc;
	l->idx = ir_vreg(&g->ir);
	l->ctx = ir_vreg(&g->ir);
	l->next = ir_label(&g->ir);
	l->stop = ir_label(&g->ir);
	ir_mov(&g->ir, l->idx, BPF_REG_1);
	ir_mov(&g->ir, l->ctx, BPF_REG_2);
	for (i = 0; i < n; i++) {
		l->v[i] = ir_vreg(&g->ir);
		loop_val(g, l, i, l->v[i], l->ctx, 8 * i);
	}
}

void cg_loop_set(struct cg *g, struct cg_loop *l, int i, int reg)
{
	ir_st(&g->ir, BPF_DW, l->ctx, 8 * i, reg);
}

void cg_loop_end(struct cg *g, struct cg_loop *l, int turns)
{
	struct ir body;
	int i, sub;

	ir_place(&g->ir, l->next);
	ir_mov_imm(&g->ir, BPF_REG_0, 0);
	ir_exit(&g->ir);
	ir_place(&g->ir, l->stop);
	ir_mov_imm(&g->ir, BPF_REG_0, 1);
	ir_exit(&g->ir);
	body = g->ir;
	g->ir = l->outer;
	g->stack = l->stack;
	g->tstr = l->tstr;
	sub = ir_add_sub(&g->ir, &body);
	ir_mov(&g->ir, BPF_REG_1, turns);
	ir_ld_func(&g->ir, BPF_REG_2, sub);
	ir_mov(&g->ir, BPF_REG_3, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, l->slot);
	ir_mov_imm(&g->ir, BPF_REG_4, 0);
	ir_call(&g->ir, BPF_FUNC_loop, 4);
	for (i = 0; i < l->n; i++) {
		l->v[i] = ir_vreg(&g->ir);
		loop_val(g, l, i, l->v[i], BPF_REG_10, l->slot + 8 * i);
	}
}

int cg_kread(struct cg *g, int addr, int off, int size)
{
	static const int op[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int slot = cg_alloc(g, 8), a = ir_vreg(&g->ir), r = ir_vreg(&g->ir);

	ir_mov(&g->ir, a, addr);
	ir_alu_imm(&g->ir, BPF_ADD, a, off);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, size, a);
	ir_ld(&g->ir, op[size], r, BPF_REG_10, slot);
	return r;
}

void cg_ptr_bits(struct cg *g, int dst, int ptr)
{
	int spill = cg_alloc(g, 8), word = cg_alloc(g, 8);

	ir_st(&g->ir, BPF_DW, BPF_REG_10, spill, ptr);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, word);
	ir_mov_imm(&g->ir, BPF_REG_2, 8);
	ir_mov(&g->ir, BPF_REG_3, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, spill);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	ir_ld(&g->ir, BPF_DW, dst, BPF_REG_10, word);
}

void cg_count_stat(struct cg *g, int slot)
{
	int key = cg_alloc(g, 8), p = ir_vreg(&g->ir), t = ir_vreg(&g->ir);
	int done = ir_label(&g->ir);

	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, slot);
	ir_ld_map(&g->ir, BPF_REG_1, MAP_STATS);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_call(&g->ir, BPF_FUNC_map_lookup_elem, 2);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	ir_ld(&g->ir, BPF_DW, t, p, 0);
	ir_alu_imm(&g->ir, BPF_ADD, t, 1);
	ir_st(&g->ir, BPF_DW, p, 0, t);
	ir_place(&g->ir, done);
}

/*
 * A record lost to a full buffer.  Counted in a register and added to
 * STAT_LOST once, on the way out (see cg_end()): a map lookup here would
 * repeat per record, and the verifier's work on each (inlining it, then
 * dropping the NULL check a constant key makes dead) grows with the size
 * of the program.  The count is data only, and no branch depends on it:
 * paths differing only in how many records they lost are one state to
 * the verifier.
 */
void cg_count_lost(struct cg *g)
{
	g->lost_used = true;
	ir_alu_imm(&g->ir, BPF_ADD, g->lost, 1);
}

void cg_lookup(struct cg *g, int map_id, int key_off)
{
	struct cg_key k = { BPF_REG_10, key_off };

	cg_key_lookup(g, map_id, &k);
}

/* The D scalar global map map_id stands for, kept in MAP_DGLOBALS, or NULL. */
static const struct symbol *packed_sym(const struct cg *g, int map_id)
{
	const struct symbol *sym;

	if (map_id < MAP_NFIXED || map_id - MAP_NFIXED >= g->c->maps.n)
		return NULL;
	sym = g->c->maps.v[map_id - MAP_NFIXED];
	return sym->packed ? sym : NULL;
}

/* In register r, the address of packed global sym's bytes: never NULL. */
static void packed_addr(struct cg *g, int r, const struct symbol *sym)
{
	ir_ld_map_value(&g->ir, r, MAP_DGLOBALS);
	ir_alu_imm(&g->ir, BPF_ADD, r, sym->packed - 1);
}

void cg_key_lookup(struct cg *g, int map_id, const struct cg_key *k)
{
	const struct symbol *sym = packed_sym(g, map_id);

	if (sym) {
		packed_addr(g, BPF_REG_0, sym);
		return;
	}
	ir_ld_map(&g->ir, BPF_REG_1, map_id);
	ir_mov(&g->ir, BPF_REG_2, k->base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, k->off);
	ir_call(&g->ir, BPF_FUNC_map_lookup_elem, 2);
}

void cg_update(struct cg *g, int map_id, int key_off, int val_off, int flags)
{
	struct cg_key k = { BPF_REG_10, key_off };

	cg_key_update(g, map_id, &k, val_off, flags);
}

int cg_key_update(struct cg *g, int map_id, const struct cg_key *k,
		  int val_off, int flags)
{
	return cg_key_update_at(g, map_id, k, BPF_REG_10, val_off, flags);
}

int cg_key_update_at(struct cg *g, int map_id, const struct cg_key *k,
		     int vbase, int val_off, int flags)
{
	int ok = ir_label(&g->ir), r = ir_vreg(&g->ir);
	const struct symbol *sym = packed_sym(g, map_id);

	/* A packed global always has its bytes: BPF_NOEXIST keeps them. */
	if (sym) {
		int p = ir_vreg(&g->ir);

		if (flags != BPF_NOEXIST) {
			packed_addr(g, p, sym);
			cg_copy(g, p, 0, vbase, val_off, sym->val->size);
		}
		ir_mov_imm(&g->ir, r, 0);
		return r;
	}
	ir_ld_map(&g->ir, BPF_REG_1, map_id);
	ir_mov(&g->ir, BPF_REG_2, k->base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, k->off);
	ir_mov(&g->ir, BPF_REG_3, vbase);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, val_off);
	ir_mov_imm(&g->ir, BPF_REG_4, flags);
	ir_call(&g->ir, BPF_FUNC_map_update_elem, 4);
	ir_mov(&g->ir, r, BPF_REG_0);
	/* A full hash map answers -E2BIG: count it so the user hears. */
	ir_jmp_imm(&g->ir, BPF_JNE, r, -E2BIG, ok);
	cg_count_stat(g, STAT_MAP_FULL0 + map_id - MAP_NFIXED);
	ir_place(&g->ir, ok);
	return r;
}

void cg_key_delete(struct cg *g, int map_id, const struct cg_key *k)
{
	const struct symbol *sym = packed_sym(g, map_id);

	if (sym) {
		int p = ir_vreg(&g->ir);

		packed_addr(g, p, sym);
		cg_zero_at(g, p, 0, sym->val->size);
		return;
	}
	ir_ld_map(&g->ir, BPF_REG_1, map_id);
	ir_mov(&g->ir, BPF_REG_2, k->base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, k->off);
	ir_call(&g->ir, BPF_FUNC_map_delete_elem, 2);
}

/*
 * The offset of size bytes of MAP_SCRATCH's SCRATCH_STMT entry, past
 * what the statement already uses there; a located error where the
 * entry cannot hold them.
 */
static int take_scratch(struct cg *g, int size)
{
	int off = g->stmt_scratch;

	g->stmt_scratch += ALIGN_UP(size, 8);
	if (g->c->scratch_stmt < g->stmt_scratch)
		g->c->scratch_stmt = g->stmt_scratch;
	if (g->stmt_scratch > SCRATCH_STMT_MAX && !g->err) {
		diag_error(g->c->src, g->ir.loc,
			   "this statement needs %d bytes of per-CPU scratch for its values; a map value holds at most %d",
			   g->stmt_scratch, SCRATCH_STMT_MAX);
		g->err = -EINVAL;
	}
	return off;
}

/*
 * take_scratch(g, size) in *off, and a new register pointing at the
 * entry: g->tstr's copy, or where the probe has none, the entry looked
 * up.  The per-CPU array's lookup does not fail; the verifier needs the
 * NULL check all the same.
 */
static int stmt_scratch(struct cg *g, int size, int *off)
{
	int idx, base = ir_vreg(&g->ir);

	*off = take_scratch(g, size);
	if (g->tstr) {
		ir_mov(&g->ir, base, g->tstr);
		return base;
	}
	idx = cg_alloc(g, 8);
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, idx, SCRATCH_STMT);
	cg_lookup(g, MAP_SCRATCH, idx);
	ir_mov(&g->ir, base, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, base, 0, g->exit_label);
	return base;
}

int cg_alloc_tmp(struct cg *g, int size, int *base)
{
	*base = BPF_REG_10;
	if (size <= KEY_FRAME_MAX)
		return cg_alloc(g, size);
	if (!g->tstr) {
		g->can_tighten = true;
		return cg_alloc(g, size);
	}
	*base = g->tstr;
	return take_scratch(g, size);
}

struct cg_mark cg_mark(const struct cg *g)
{
	return (struct cg_mark){ g->stack, g->stmt_scratch };
}

void cg_release(struct cg *g, struct cg_mark m)
{
	g->stack = m.stack;
	g->stmt_scratch = m.scratch;
}

/*
 * Room for a key of size bytes: in the frame, or where the frame cannot
 * spare it (g->tight) in the statement's scratch.
 */
static void key_room(struct cg *g, int size, bool scratch, struct cg_key *k)
{
	if (scratch) {
		k->base = stmt_scratch(g, size, &k->off);
		return;
	}
	k->base = BPF_REG_10;
	k->off = cg_alloc(g, size);
}

/*
 * Whether value n, bound for a slot of type t (a part of a key, a
 * variable), is read straight into the slot (its builtin's cg_into)
 * rather than into the frame and copied.  Not where user space marks
 * unreadable memory (mark_unread): the slot holds what the frame's copy
 * would.
 */
static bool reads_into_slot(struct cg *g, const struct node *n,
			   const struct type *t)
{
	return builtin_reads_into(n) && !g->c->opts.mark_unread &&
	       n->type->kind == t->kind && n->type->size <= t->size;
}

int cg_key(struct cg *g, struct node *n, int extra_reg, struct cg_key *k)
{
	struct type *kt = n->sym->key;
	int ksize = kt ? kt->size : 8, i, nparts = n->nlist, ret = 0;
	bool big, any = false, *in;
	struct val *vs;

	/* hist/lhist keys end in an 8-byte-aligned u64 bucket */
	if (extra_reg >= 0)
		ksize = ALIGN_UP(ksize, 8) + 8;
	if (!kt) {
		key_room(g, ksize, false, k);
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, k->off, 0);
		if (extra_reg >= 0)
			ir_st(&g->ir, BPF_DW, BPF_REG_10, k->off + 8, extra_reg);
		return 0;
	}
	if (ksize > KEY_FRAME_MAX)
		g->can_tighten = true;
	big = g->tight && ksize > KEY_FRAME_MAX;
	vs = xcalloc(2 * nparts, sizeof(*vs));
	in = xcalloc(nparts, sizeof(*in));
	for (i = 0; i < nparts && !ret; i++) {
		struct node *a = n->list[i];

		in[i] = reads_into_slot(g, a, nparts == 1 ? kt : kt->fields[i].type);
		/* A lone string of the key's size read in the frame is the key. */
		if (nparts == 1 && extra_reg < 0 && !big && a->type->size == ksize)
			in[i] = false;
		ret = in[i] ? a->bi->cg_prep(g, a, &vs[2 * i])
			    : cg_expr(g, a, &vs[2 * i]);
		any |= in[i];
	}
	if (ret)
		goto out;
	/* Not from tstr for cg_map_key(), whose key is in the frame. */
	if (nparts == 1 && !any && vs[0].kind == V_STACK &&
	    vs[0].type->size == ksize &&
	    (cg_base(&vs[0]) == BPF_REG_10 || g->tight)) {
		k->base = cg_base(&vs[0]);
		k->off = vs[0].off;
		goto out;
	}
	key_room(g, ksize, big, k);
	if (nparts > 1 || any)
		cg_zero_at(g, k->base, k->off, kt->size);
	else if (kt->size % 8)
		cg_zero_at(g, k->base, k->off + (kt->size & ~7), 8);
	for (i = 0; i < nparts; i++) {
		struct node *a = n->list[i];
		int off = k->off + (nparts == 1 ? 0 : kt->fields[i].offset);

		if (in[i])
			a->bi->cg_into(g, a, &vs[2 * i], k->base, off);
		else
			cg_store(g, k->base, off, &vs[2 * i], nparts == 1 ?
				 kt->size : kt->fields[i].type->size);
	}
	if (extra_reg >= 0)
		ir_st(&g->ir, BPF_DW, k->base, k->off + ALIGN_UP(kt->size, 8),
		      extra_reg);
out:
	free(in);
	free(vs);
	return ret;
}

int cg_map_key(struct cg *g, struct node *n, int extra_reg)
{
	bool tight = g->tight;
	struct cg_key k = { BPF_REG_10, 0 };

	g->tight = false;
	cg_key(g, n, extra_reg, &k);
	g->tight = tight;
	return k.off;
}

/*
 * Whether the record about to be begun is held (see REC_HELD); if so,
 * counts the site and counts it sent in g->sent.  Emitted before the
 * record's reserve, so that a run whose reserve fails counts it too: the
 * run then still sends its REC_END, and a lost record is counted as
 * sent.  g->sent is thus the same on both ways past the reserve, which
 * the verifier would otherwise walk apart to the end of the program, the
 * exit branching on g->sent (hold_tail()).  cg_end() drops the
 * instructions of hold_count() and hold_mark() again where the program
 * has one site only: its runs send one record, which nothing can cut.
 */
static bool hold_count(struct cg *g)
{
	int from = g->ir.n;
	bool weak = g->pi->when != WHEN_EVENT && g->spec < 0;

	/*
	 * A speculating clause's run is also what fits its speculation
	 * whole or not at all (run.c): BEGIN's and END's too.  In D, a
	 * run that faults drops what its clause sent (run.c), so BEGIN's
	 * and END's are held where the program can fault (cg_end()).
	 */
	if ((weak && !g->c->opts.dtrace) || g->c->opts.interleave)
		return false;
	if (weak)
		g->nweak++;
	else
		g->nrec++;
	ir_alu_imm(&g->ir, BPF_OR, g->sent, SENT_HELD);
	if (g->c->opts.dtrace)
		ir_alu_imm(&g->ir, BPF_ADD, g->sent, SENT_ONE);
	vec_push(&g->holds, (void *)(intptr_t)from);
	vec_push(&g->holds, (void *)(intptr_t)g->ir.n);
	return true;
}

/* Marks held record rec (of kind) held, with this CPU (see REC_HELD). */
static void hold_mark(struct cg *g, int rec, int kind)
{
	int from = g->ir.n, t;

	ir_call(&g->ir, BPF_FUNC_get_smp_processor_id, 0);
	t = ir_vreg(&g->ir);
	ir_mov(&g->ir, t, BPF_REG_0);
	ir_alu32_imm(&g->ir, BPF_LSH, t, REC_CPU_SHIFT);
	ir_alu32_imm(&g->ir, BPF_OR, t, (int32_t)(REC_HELD | kind));
	ir_st(&g->ir, BPF_W, rec, 0, t);
	vec_push(&g->holds, (void *)(intptr_t)from);
	vec_push(&g->holds, (void *)(intptr_t)g->ir.n);
}

/* A label for ld_ring()'s failed lookup, or -1 with one ring. */
static int ring_fail(struct cg *g)
{
	return g->c->opts.ring_per_cpu ? ir_label(&g->ir) : -1;
}

/*
 * The ring buffer a record goes to, into reg: MAP_RINGBUF, or under
 * ring_per_cpu the ring of the CPU the program runs on, looked up in
 * MAP_RINGBUF (an array of rings by CPU number, whose lookup the
 * verifier inlines).  A failed lookup, which a CPU number below
 * the array's size never gives, jumps to fail.
 */
static void ld_ring(struct cg *g, int reg, int fail)
{
	int key;

	if (!g->c->opts.ring_per_cpu) {
		ir_ld_map(&g->ir, reg, MAP_RINGBUF);
		return;
	}
	key = cg_alloc(g, 8);
	ir_call(&g->ir, BPF_FUNC_get_smp_processor_id, 0);
	ir_st(&g->ir, BPF_W, BPF_REG_10, key, BPF_REG_0);
	ir_ld_map(&g->ir, BPF_REG_1, MAP_RINGBUF);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_call(&g->ir, BPF_FUNC_map_lookup_elem, 2);
	ir_jmp_imm(&g->ir, BPF_JEQ, BPF_REG_0, 0, fail);
	ir_mov(&g->ir, reg, BPF_REG_0);
}

/*
 * On the way out of a run that sent held records: REC_END, which lets
 * user space print them.  Quiet: wake_tail() decides on the wake-up.  A
 * REC_END lost to a full buffer leaves them to this CPU's next one.
 */
static void hold_tail(struct cg *g)
{
	int done = ir_label(&g->ir), t = ir_vreg(&g->ir);
	int rec = ir_vreg(&g->ir);

	ir_mov(&g->ir, t, g->sent);
	ir_alu_imm(&g->ir, BPF_AND, t, SENT_HELD);
	ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, done);
	ld_ring(g, BPF_REG_1, done);
	ir_mov_imm(&g->ir, BPF_REG_2, sizeof(struct rec_hdr));
	ir_mov_imm(&g->ir, BPF_REG_3, 0);
	ir_call(&g->ir, BPF_FUNC_ringbuf_reserve, 3);
	ir_mov(&g->ir, rec, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, rec, 0, done);
	ir_call(&g->ir, BPF_FUNC_get_smp_processor_id, 0);
	ir_mov(&g->ir, t, BPF_REG_0);
	ir_alu32_imm(&g->ir, BPF_LSH, t, REC_CPU_SHIFT);
	ir_alu32_imm(&g->ir, BPF_OR, t, REC_END);
	ir_st(&g->ir, BPF_W, rec, 0, t);
	ir_st_imm(&g->ir, BPF_W, rec, 4, 0);
	ir_mov(&g->ir, BPF_REG_1, rec);
	ir_mov_imm(&g->ir, BPF_REG_2, BPF_RB_NO_WAKEUP);
	ir_call(&g->ir, BPF_FUNC_ringbuf_submit, 2);
	ir_place(&g->ir, done);
}

/*
 * A record of a clause after its speculate(): the speculation's id and
 * generation go into the header (rec_hdr as one u64: kind low, id high).
 * After hold_mark(), which may be dropped again, and which writes the kind.
 */
static void spec_stamp(struct cg *g, int rec)
{
	int t;

	if (g->spec < 0)
		return;
	t = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, t, rec, 0);
	ir_alu(&g->ir, BPF_OR, t, g->spec);
	ir_st(&g->ir, BPF_DW, rec, 0, t);
}

int cg_record_begin(struct cg *g, int kind, int id, int size, int skip)
{
	int rec = ir_vreg(&g->ir), ok = ir_label(&g->ir), lost = ring_fail(g);
	bool held = hold_count(g);

	ld_ring(g, BPF_REG_1, lost);
	ir_mov_imm(&g->ir, BPF_REG_2, sizeof(struct rec_hdr) + size);
	ir_mov_imm(&g->ir, BPF_REG_3, 0);
	ir_call(&g->ir, BPF_FUNC_ringbuf_reserve, 3);
	ir_mov(&g->ir, rec, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JNE, rec, 0, ok);
	if (lost >= 0)
		ir_place(&g->ir, lost);
	cg_count_lost(g);
	ir_ja(&g->ir, skip);
	ir_place(&g->ir, ok);
	ir_st_imm(&g->ir, BPF_W, rec, 0, kind);
	ir_st_imm(&g->ir, BPF_W, rec, 4, id);
	if (held)
		hold_mark(g, rec, kind);
	spec_stamp(g, rec);
	return rec;
}

/*
 * The flags of a ring buffer submit, in a new register.  A wake-up costs
 * the reader microseconds, so a flood must not wake it per record, yet a
 * lone printf() must reach the output at once.  Records of event probes
 * go in quietly; on its way out the program wakes the reader (see
 * wake_tail()) when the buffer is a quarter full, or when the reader has
 * caught up (at most WAKE_BUSY_BYTES unread: more means it is still
 * reading, and will read this too), and either way only if no record
 * has woken it for WAKE_GAP_NS.  Only a reader that has caught up, or a
 * buffer a quarter full, costs a clock read.  The
 * reader keeps polling for longer than WAKE_GAP_NS after each batch (see run.c), so a record that did not wake
 * it is read within that time: at most 1,000 wake-ups a second, and no
 * record waits longer than ~1 ms.  Deciding once per run of the program,
 * not per record, keeps the code small: the verifier's time grows with
 * it.  exit() and the like wake the reader at once.
 */
static int wakeup_flags(struct cg *g, bool wakeup)
{
	int flags = ir_vreg(&g->ir);

	if (wakeup) {
		ir_mov_imm(&g->ir, flags, BPF_RB_FORCE_WAKEUP);
		return flags;
	}
	/*
	 * BEGIN and END records are read as soon as the probe has run.  No
	 * flag says that a run sent something: one set per record would
	 * split the verifier's states into paths that sent and paths that
	 * did not.  The wake-up tail runs after every run past the
	 * predicate instead, and asks the buffer.
	 */
	if (g->pi->when == WHEN_EVENT)
		g->wake_tail = true;
	ir_mov_imm(&g->ir, flags, BPF_RB_NO_WAKEUP);
	return flags;
}

/*
 * At the exit of an event probe that sent records quietly: wakes the
 * reader, if it is due (see wakeup_flags()), with a record reserved and
 * discarded at once, which the reader skips.  MAP_CONTROL is there:
 * event probes read its stop word.
 */
static void wake_tail(struct cg *g)
{
	int done = ir_label(&g->ir), due = ir_label(&g->ir);
	int now = ir_vreg(&g->ir), ctl = ir_vreg(&g->ir);
	int gap = ir_vreg(&g->ir), hot = ir_vreg(&g->ir), avail = ir_vreg(&g->ir);

	ld_ring(g, BPF_REG_1, done);
	ir_mov_imm(&g->ir, BPF_REG_2, BPF_RB_AVAIL_DATA);
	ir_call(&g->ir, BPF_FUNC_ringbuf_query, 2);
	/* Nothing unread: this run sent nothing, or the reader has it. */
	ir_jmp_imm(&g->ir, BPF_JEQ, BPF_REG_0, 0, done);
	ir_mov(&g->ir, avail, BPF_REG_0);
	ir_ld_map_value(&g->ir, ctl, MAP_CONTROL);
	/*
	 * A quarter full: wake the reader, but no more often than the gap
	 * allows either.  A wake-up is an interrupt the kernel sends itself
	 * (microseconds in a virtual machine); a flood that keeps the
	 * buffer that full must not pay one per event.
	 */
	ir_jmp_imm(&g->ir, BPF_JGE, avail,
		   (int32_t)(g->c->ringbuf_size / 4), due);
	/*
	 * The reader polls again soon without a wake-up (it says so while
	 * it does): no clock read per record of a flood it keeps up with.
	 * It clears the word, then looks at the buffer once more, before
	 * it sleeps; this reads the word after the record's commit (a
	 * locked exchange), so one of the two sees the other.
	 */
	ir_ld(&g->ir, BPF_DW, hot, ctl, CONTROL_HOT);
	ir_jmp_imm(&g->ir, BPF_JNE, hot, 0, done);
	/*
	 * More unread than a page (or what a front end whose runs each send
	 * more says): the reader is busy catching up.
	 */
	ir_jmp_imm(&g->ir, BPF_JGT, avail,
		   g->c->opts.wake_busy ? g->c->opts.wake_busy : WAKE_BUSY_BYTES, done);
	ir_place(&g->ir, due);
	ir_call(&g->ir, BPF_FUNC_ktime_get_ns, 0);
	ir_mov(&g->ir, now, BPF_REG_0);
	ir_ld_map_value(&g->ir, ctl, MAP_CONTROL);
	ir_ld(&g->ir, BPF_DW, gap, ctl, CONTROL_WAKE_NS);
	ir_alu(&g->ir, BPF_SUB, gap, now);
	ir_alu_imm(&g->ir, BPF_NEG, gap, 0);
	ir_jmp_imm(&g->ir, BPF_JLT, gap, WAKE_GAP_NS, done);
	ir_st(&g->ir, BPF_DW, ctl, CONTROL_WAKE_NS, now);
	ld_ring(g, BPF_REG_1, done);
	ir_mov_imm(&g->ir, BPF_REG_2, 8);
	ir_mov_imm(&g->ir, BPF_REG_3, 0);
	ir_call(&g->ir, BPF_FUNC_ringbuf_reserve, 3);
	ir_jmp_imm(&g->ir, BPF_JEQ, BPF_REG_0, 0, done);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_0);
	ir_mov_imm(&g->ir, BPF_REG_2, BPF_RB_FORCE_WAKEUP);
	ir_call(&g->ir, BPF_FUNC_ringbuf_discard, 2);
	ir_place(&g->ir, done);
}

/*
 * The clause's number as a fault tells it: its place in the program, or
 * in D that of the statement dtrace-utils makes of each probe
 * description of each clause (dt_clause_N), the description g->pi is
 * named by where one is.
 */
static int clause_number(const struct cg *g)
{
	const struct node *ast = g->c->ast;
	int n = 0, i, j;

	for (i = 0; ast && i < ast->nlist; i++) {
		const struct node *p = ast->list[i];

		if (p != g->probe) {
			n += g->c->opts.dtrace && p->nspecs ? p->nspecs : 1;
			continue;
		}
		for (j = 0; g->c->opts.dtrace && g->pi && j < p->nspecs; j++)
			if (!strcmp(p->specs[j]->str, g->pi->name))
				return n + j;
		return n;
	}
	return 0;
}

void cg_fault(struct cg *g, int kind, int addr)
{
	g->c->faults = true;
	g->nfaults++;
	if (g->fault_label < 0) {
		g->fault_label = ir_label(&g->ir);
		g->fault_kind = ir_vreg(&g->ir);
		g->fault_addr = ir_vreg(&g->ir);
		g->fault_pc = ir_vreg(&g->ir);
	}
	ir_mov_imm(&g->ir, g->fault_kind, kind);
	if (addr >= 0)
		ir_mov(&g->ir, g->fault_addr, addr);
	else
		ir_mov_imm(&g->ir, g->fault_addr, 0);
	ir_ld_pc(&g->ir, g->fault_pc);
	ir_ja(&g->ir, g->fault_label);
}

/*
 * The clause's faults (cg_fault()) all go on here, at its end: one
 * REC_FAULT record built for them, then the clause ends.  A no-op for a
 * clause that cannot fault.
 */
static void fault_tail(struct cg *g)
{
	int skip, spec = g->spec, rec, r, past;
	int base = sizeof(struct rec_hdr);

	if (g->fault_label < 0)
		return;
	past = ir_label(&g->ir);
	ir_ja(&g->ir, past);
	ir_place(&g->ir, g->fault_label);
	g->fault_label = -1;
	skip = ir_label(&g->ir);
	r = ir_vreg(&g->ir);
	/* The fault is no part of a speculation: it is told at once. */
	g->spec = -1;
	rec = cg_record_begin(g, REC_FAULT, 0, sizeof(struct rec_fault), skip);
	g->spec = spec;
	cg_probe_id(g, r);
	ir_st(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, probe), r);
	ir_st_imm(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, clause),
		  clause_number(g));
	ir_st(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, pc),
	      g->fault_pc);
	ir_st(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, fault),
	      g->fault_kind);
	ir_st(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, addr),
	      g->fault_addr);
	ir_st(&g->ir, BPF_DW, rec, base + offsetof(struct rec_fault, keep),
	      g->clause_sent);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	ir_ja(&g->ir, g->exit_label);
	ir_place(&g->ir, past);
}

void cg_record_discard(struct cg *g, int rec)
{
	ir_mov(&g->ir, BPF_REG_1, rec);
	ir_mov_imm(&g->ir, BPF_REG_2, 0);
	ir_call(&g->ir, BPF_FUNC_ringbuf_discard, 2);
}

void cg_record_end(struct cg *g, int rec, bool wakeup)
{
	int flags = wakeup_flags(g, wakeup);

	ir_mov(&g->ir, BPF_REG_1, rec);
	ir_mov(&g->ir, BPF_REG_2, flags);
	ir_call(&g->ir, BPF_FUNC_ringbuf_submit, 2);
}

void cg_probe_id(struct cg *g, int r)
{
	if (g->use_cookie) {
		ir_mov(&g->ir, BPF_REG_1, g->ctx);
		ir_call(&g->ir, BPF_FUNC_get_attach_cookie, 1);
		ir_mov(&g->ir, r, BPF_REG_0);
	} else {
		ir_mov_imm(&g->ir, r, g->probe_id);
	}
}

/* The header of a record built in scratch at register rec. */
static int scratch_head(struct cg *g, int rec, int kind, int id)
{
	ir_st_imm(&g->ir, BPF_W, rec, 0, kind);
	ir_st_imm(&g->ir, BPF_W, rec, 4, id);
	if (hold_count(g))
		hold_mark(g, rec, kind);
	spec_stamp(g, rec);
	return rec;
}

int cg_scratch_begin(struct cg *g, int kind, int id, int size, int skip)
{
	int rec = ir_vreg(&g->ir), key = cg_alloc(g, 8);
	int need = sizeof(struct rec_hdr) + size;

	if (g->c->scratch_size < need)
		g->c->scratch_size = need;
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, 0);
	cg_lookup(g, MAP_SCRATCH, key);
	ir_mov(&g->ir, rec, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, rec, 0, skip);
	return scratch_head(g, rec, kind, id);
}

int cg_stmt_record_begin(struct cg *g, int kind, int id, int size)
{
	int off, rec = stmt_scratch(g, sizeof(struct rec_hdr) + size, &off);

	ir_alu_imm(&g->ir, BPF_ADD, rec, off);
	return scratch_head(g, rec, kind, id);
}

void cg_output_end(struct cg *g, int rec, int len, bool wakeup)
{
	int flags, ok = ir_label(&g->ir), lost = ring_fail(g);

	flags = wakeup_flags(g, wakeup);
	ld_ring(g, BPF_REG_1, lost);
	ir_mov(&g->ir, BPF_REG_2, rec);
	ir_mov(&g->ir, BPF_REG_3, len);
	ir_mov(&g->ir, BPF_REG_4, flags);
	ir_call(&g->ir, BPF_FUNC_ringbuf_output, 4);
	ir_jmp_imm(&g->ir, BPF_JEQ, BPF_REG_0, 0, ok);
	if (lost >= 0)
		ir_place(&g->ir, lost);
	cg_count_lost(g);
	ir_place(&g->ir, ok);
}

static struct cg_var *var_of(struct cg *g, struct symbol *sym)
{
	int i;

	for (i = 0; i < g->vars.n; i++) {
		struct cg_var *v = g->vars.v[i];

		if (v->sym == sym ||
		    (g->by_name && !strncmp(sym->name, "this->", 6) &&
		     !strcmp(v->sym->name, sym->name)))
			return v;
	}
	return NULL;
}

static int val_int(struct cg *g, struct val *out, int reg, struct type *t)
{
	out->kind = V_REG;
	out->reg = reg;
	out->type = t;
	return 0;
}

static int const_str(struct cg *g, const char *s, size_t len, struct val *out,
		     struct type *t)
{
	int size = t->size, base, off = cg_alloc_tmp(g, size, &base), i;

	for (i = 0; i < size; i += 4) {
		uint32_t w = 0;
		int k;

		for (k = 0; k < 4 && i + k < size; k++)
			if ((size_t)(i + k) < len)
				w |= (uint32_t)(uint8_t)s[i + k] << (8 * k);
		if (i + 4 <= size)
			ir_st_imm(&g->ir, BPF_W, base, off + i, (int32_t)w);
		else
			for (k = 0; i + k < size; k++)
				ir_st_imm(&g->ir, BPF_B, base, off + i + k,
					  (w >> (8 * k)) & 0xff);
	}
	out->kind = V_STACK;
	out->off = off;
	out->base = base;
	out->type = t;
	return 0;
}

static int jmp_op(int tok, bool sign)
{
	switch (tok) {
	case T_EQ: return BPF_JEQ;
	case T_NE: return BPF_JNE;
	case T_LT: return sign ? BPF_JSLT : BPF_JLT;
	case T_LE: return sign ? BPF_JSLE : BPF_JLE;
	case T_GT: return sign ? BPF_JSGT : BPF_JGT;
	case T_GE: return sign ? BPF_JSGE : BPF_JGE;
	}
	return -1;
}

static int alu_op(int tok)
{
	switch (tok) {
	case T_PLUS: case T_PLUS_ASSIGN: return BPF_ADD;
	case T_MINUS: case T_MINUS_ASSIGN: return BPF_SUB;
	case T_STAR: case T_STAR_ASSIGN: return BPF_MUL;
	case T_SLASH: case T_SLASH_ASSIGN: return BPF_DIV;
	case T_PERCENT: case T_PERCENT_ASSIGN: return BPF_MOD;
	case T_AMP: case T_AMP_ASSIGN: return BPF_AND;
	case T_PIPE: case T_PIPE_ASSIGN: return BPF_OR;
	case T_CARET: case T_CARET_ASSIGN: return BPF_XOR;
	case T_SHL: case T_SHL_ASSIGN: return BPF_LSH;
	/* bpftrace shifts right logically whatever the signedness. */
	case T_SHR: case T_SHR_ASSIGN: return BPF_RSH;
	}
	return -1;
}

/*
 * dst op= src for the arithmetic operator token tok.  D divides, takes
 * remainders and shifts right in the type of the operation
 * (sign): BPF's DIV and MOD are unsigned, so a signed quotient or
 * remainder is that of the magnitudes, negated when the signs differ, as
 * dtrace-utils computes both when the program runs (19 % -5 is -4, where
 * C's, and dtrace's folding of constants, is 4).  bpftrace's operators
 * stay BPF's.
 */
static void arith(struct cg *g, int tok, int dst, int src, bool sign)
{
	int op = alu_op(tok);
	int m, neg, done;

	if (!g->c->opts.dtrace || !sign) {
		ir_alu(&g->ir, op, dst, src);
		return;
	}
	if (op == BPF_RSH) {
		ir_alu(&g->ir, BPF_ARSH, dst, src);
		return;
	}
	if (op != BPF_DIV && op != BPF_MOD) {
		ir_alu(&g->ir, op, dst, src);
		return;
	}
	m = ir_vreg(&g->ir);
	neg = ir_vreg(&g->ir);
	done = ir_label(&g->ir);
	ir_mov(&g->ir, m, src);
	ir_mov_imm(&g->ir, neg, 0);
	{
		int pos = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSGE, dst, 0, pos);
		ir_alu_imm(&g->ir, BPF_NEG, dst, 0);
		ir_mov_imm(&g->ir, neg, 1);
		ir_place(&g->ir, pos);
	}
	{
		int pos = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSGE, m, 0, pos);
		ir_alu_imm(&g->ir, BPF_NEG, m, 0);
		ir_alu_imm(&g->ir, BPF_XOR, neg, 1);
		ir_place(&g->ir, pos);
	}
	ir_alu(&g->ir, op, dst, m);
	ir_jmp_imm(&g->ir, BPF_JEQ, neg, 0, done);
	ir_alu_imm(&g->ir, BPF_NEG, dst, 0);
	ir_place(&g->ir, done);
}

/* D: a division by zero is a fault; BPF would answer 0. */
static void div_check(struct cg *g, int tok, int divisor)
{
	int ok;

	if (!g->c->opts.dtrace || (alu_op(tok) != BPF_DIV &&
				   alu_op(tok) != BPF_MOD))
		return;
	ok = ir_label(&g->ir);
	ir_jmp_imm(&g->ir, BPF_JNE, divisor, 0, ok);
	cg_fault(g, FAULT_DIVZERO, -1);
	ir_place(&g->ir, ok);
}

int cg_str_is_null(struct cg *g, int base, int off)
{
	int r = ir_vreg(&g->ir), x = ir_vreg(&g->ir), no = ir_label(&g->ir);

	ir_mov_imm(&g->ir, r, 0);
	ir_ld(&g->ir, BPF_B, x, base, off);
	ir_jmp_imm(&g->ir, BPF_JNE, x, 0, no);
	ir_ld(&g->ir, BPF_B, x, base, off + 1);
	ir_jmp_imm(&g->ir, BPF_JNE, x, STR_UNREAD_BYTE, no);
	ir_mov_imm(&g->ir, r, 1);
	ir_place(&g->ir, no);
	return r;
}

/*
 * As cg_str_is_null() for string v; one of fewer than 2 bytes ("")
 * cannot be NULL.
 */
static int str_is_null(struct cg *g, const struct val *v)
{
	int r;

	if (v->type->size >= 2)
		return cg_str_is_null(g, cg_base(v), v->off);
	r = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, r, 0);
	return r;
}

/*
 * D: where a string may hold NULL, a NULL string orders before every
 * other, "" included, and equals only NULL, as in dtrace-utils.  Where
 * a or b is NULL, res gets -1, 0 or 1 and the code jumps to label
 * nul; else it falls through.  False where no string can be NULL.
 */
static bool null_order(struct cg *g, const struct val *a,
		       const struct val *b, int res, int nul)
{
	int na, nb, neither;

	/* A string of fewer than 2 bytes ("") cannot hold NULL. */
	if (!g->c->null_strs || (a->type->size < 2 && b->type->size < 2))
		return false;
	na = str_is_null(g, a);
	nb = str_is_null(g, b);
	neither = ir_label(&g->ir);
	ir_mov(&g->ir, res, na);
	ir_alu(&g->ir, BPF_OR, res, nb);
	ir_jmp_imm(&g->ir, BPF_JEQ, res, 0, neither);
	ir_mov(&g->ir, res, nb);
	ir_alu(&g->ir, BPF_SUB, res, na);
	ir_ja(&g->ir, nul);
	ir_place(&g->ir, neither);
	return true;
}

/* Compares two strings up to the first NUL or the shorter size. */
static int str_eq(struct cg *g, const struct val *a, const struct val *b,
		  int limit)
{
	int res = ir_vreg(&g->ir), x = ir_vreg(&g->ir), y = ir_vreg(&g->ir);
	int ne = ir_label(&g->ir), done = ir_label(&g->ir), eq = ir_label(&g->ir);
	int n = a->type->size < b->type->size ? a->type->size : b->type->size;
	int nul = -1, i;
	bool nulls = false;

	if (limit <= 0 && g->c->null_strs) {
		nul = ir_label(&g->ir);
		nulls = null_order(g, a, b, res, nul);
	}
	if (limit > 0 && limit < n)
		n = limit;
	for (i = 0; i < n; i++) {
		ir_ld(&g->ir, BPF_B, x, cg_base(a), a->off + i);
		ir_ld(&g->ir, BPF_B, y, cg_base(b), b->off + i);
		ir_jmp(&g->ir, BPF_JNE, x, y, ne);
		ir_jmp_imm(&g->ir, BPF_JEQ, x, 0, eq);
	}
	if (nulls) {
		ir_ja(&g->ir, eq);
		ir_place(&g->ir, nul);
		ir_jmp_imm(&g->ir, BPF_JNE, res, 0, ne);
	}
	ir_place(&g->ir, eq);
	ir_mov_imm(&g->ir, res, 1);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, ne);
	ir_mov_imm(&g->ir, res, 0);
	ir_place(&g->ir, done);
	return res;
}

/*
 * strcmp() of two strings in the frame, as D orders them: by their
 * bytes unsigned, up to the first NUL; where one's size ends first, it
 * is the shorter unless the other ends there too.  A register holding
 * -1, 0 or 1.
 */
static int str_cmp(struct cg *g, const struct val *a, const struct val *b)
{
	int res = ir_vreg(&g->ir), x = ir_vreg(&g->ir), y = ir_vreg(&g->ir);
	int ne = ir_label(&g->ir), done = ir_label(&g->ir);
	int n = a->type->size < b->type->size ? a->type->size : b->type->size;
	int i;

	null_order(g, a, b, res, done);
	ir_mov_imm(&g->ir, res, 0);
	for (i = 0; i < n; i++) {
		ir_ld(&g->ir, BPF_B, x, cg_base(a), a->off + i);
		ir_ld(&g->ir, BPF_B, y, cg_base(b), b->off + i);
		ir_jmp(&g->ir, BPF_JNE, x, y, ne);
		ir_jmp_imm(&g->ir, BPF_JEQ, x, 0, done);
	}
	/* Equal up to the shorter size: the longer's next byte decides. */
	if (a->type->size > n) {
		ir_ld(&g->ir, BPF_B, x, cg_base(a), a->off + n);
		ir_jmp_imm(&g->ir, BPF_JEQ, x, 0, done);
		ir_mov_imm(&g->ir, res, 1);
	} else if (b->type->size > n) {
		ir_ld(&g->ir, BPF_B, y, cg_base(b), b->off + n);
		ir_jmp_imm(&g->ir, BPF_JEQ, y, 0, done);
		ir_mov_imm(&g->ir, res, -1);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, ne);
	ir_mov_imm(&g->ir, res, 1);
	ir_jmp(&g->ir, BPF_JGT, x, y, done);
	ir_mov_imm(&g->ir, res, -1);
	ir_place(&g->ir, done);
	return res;
}

/* A struct or array still in memory, read into the frame. */
static void to_frame(struct cg *g, struct val *v)
{
	int off;

	if (v->kind != V_REG || !type_is_record(v->type))
		return;
	off = cg_alloc(g, v->type->size);
	cg_probe_read(g, BPF_REG_10, off, v->type->size, v->reg);
	v->kind = V_STACK;
	v->off = off;
	v->base = 0;
}

/* 1 when two structs or arrays of one type hold the same bytes. */
static int rec_eq(struct cg *g, struct val *a, struct val *b)
{
	static const int op[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int res = ir_vreg(&g->ir), x = ir_vreg(&g->ir), y = ir_vreg(&g->ir);
	int ne = ir_label(&g->ir), size = a->type->size, i = 0, w;

	to_frame(g, a);
	to_frame(g, b);
	ir_mov_imm(&g->ir, res, 0);
	while (i < size) {
		for (w = 8; w > 1; w /= 2)
			if (i + w <= size && !((a->off + i) % w) && !((b->off + i) % w))
				break;
		ir_ld(&g->ir, op[w], x, cg_base(a), a->off + i);
		ir_ld(&g->ir, op[w], y, cg_base(b), b->off + i);
		ir_jmp(&g->ir, BPF_JNE, x, y, ne);
		i += w;
	}
	ir_mov_imm(&g->ir, res, 1);
	ir_place(&g->ir, ne);
	return res;
}

int cg_strncmp(struct cg *g, const struct val *a, const struct val *b, int n)
{
	int r = str_eq(g, a, b, n), res = ir_vreg(&g->ir);

	/* strncmp() is 0 when equal; bpftrace only tells equal or not. */
	ir_mov(&g->ir, res, r);
	ir_alu_imm(&g->ir, BPF_XOR, res, 1);
	return res;
}

static bool imm32(const struct node *n, int32_t *imm);

/*
 * Integer arithmetic with a literal right operand that fits an
 * immediate, without a register for it: 0, a negative errno, or 1 when
 * n is not such arithmetic.
 */
static int alu_imm(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int32_t imm;
	int op = alu_op(n->op), res;

	if (op < 0 || !imm32(n->b, &imm) || n->type->kind != TY_INT ||
	    !n->a->type || n->a->type->kind != TY_INT)
		return 1;
	/* The verifier refuses a shift past 63 or a division by 0. */
	if ((op == BPF_LSH || op == BPF_RSH) && (imm < 0 || imm > 63))
		return 1;
	if ((op == BPF_DIV || op == BPF_MOD) && imm <= 0)
		return 1;
	/* D's signed quotients, remainders and right shifts need a register */
	if (g->c->opts.dtrace && n->type->is_signed &&
	    (op == BPF_DIV || op == BPF_MOD || op == BPF_RSH))
		return 1;
	if (cg_expr(g, n->a, &a))
		return -EINVAL;
	res = ir_vreg(&g->ir);
	ir_mov(&g->ir, res, cg_reg(g, &a));
	ir_alu_imm(&g->ir, op, res, imm);
	return val_int(g, out, res, n->type);
}

/* n: named == or != lit, where named's builtin tests it (cg_eq_lit). */
static int eq_lit(struct cg *g, struct node *n, struct node *named,
		  const struct node *lit, struct val *out)
{
	int res = named->type->namer->cg_eq_lit(g, named, lit->str);

	if (res < 0)
		return res;
	if (n->op == T_NE)
		ir_alu_imm(&g->ir, BPF_XOR, res, 1);
	return val_int(g, out, res, n->type);
}

/*
 * The operands' temporaries of a logical operator or a comparison of
 * strings or structs are dead once its result is in a register.
 */
static int binop(struct cg *g, struct node *n, struct val *out)
{
	struct cg_mark m = cg_mark(g);
	struct val a, b;
	int res, ar, br, op;
	int64_t v;
	bool sign;

	if (n->op == T_LAND || n->op == T_LOR) {
		int done = ir_label(&g->ir);

		res = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, res, n->op == T_LOR);
		if (cg_expr(g, n->a, &a))
			return -EINVAL;
		ir_jmp_imm(&g->ir, n->op == T_LAND ? BPF_JEQ : BPF_JNE,
			   cg_reg(g, &a), 0, done);
		cg_release(g, m);
		if (cg_expr(g, n->b, &b))
			return -EINVAL;
		ir_jmp_imm(&g->ir, n->op == T_LAND ? BPF_JEQ : BPF_JNE,
			   cg_reg(g, &b), 0, done);
		cg_release(g, m);
		ir_mov_imm(&g->ir, res, n->op == T_LAND);
		ir_place(&g->ir, done);
		return val_int(g, out, res, n->type);
	}
	if (n->b->kind == N_STR && n->a->type->kind == TY_NAMED &&
	    n->a->type->namer->cg_eq_lit)
		return eq_lit(g, n, n->a, n->b, out);
	if (n->a->kind == N_STR && n->b->type->kind == TY_NAMED &&
	    n->b->type->namer->cg_eq_lit)
		return eq_lit(g, n, n->b, n->a, out);
	/* dtrace folds a constant remainder as C computes it (19 % -5 is 4) */
	if (g->c->opts.dtrace && n->op == T_PERCENT && n->type->kind == TY_INT &&
	    n->type->is_signed && sema_d_const(n, &v)) {
		res = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, res, v);
		return val_int(g, out, res, n->type);
	}
	res = alu_imm(g, n, out);
	if (res <= 0)
		return res;
	if (cg_expr(g, n->a, &a))
		return -EINVAL;
	/* a variable's register, read before b may change it (x - ++x) */
	if (a.kind == V_REG && !ast_pure(n->b)) {
		int r = ir_vreg(&g->ir);

		ir_mov(&g->ir, r, a.reg);
		a.reg = r;
	}
	if (cg_expr(g, n->b, &b))
		return -EINVAL;
	if (a.type->kind == TY_STR && n->op != T_EQ && n->op != T_NE) {
		int c = str_cmp(g, &a, &b), t = ir_label(&g->ir);

		cg_release(g, m);
		res = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, res, 1);
		ir_jmp_imm(&g->ir, jmp_op(n->op, true), c, 0, t);
		ir_mov_imm(&g->ir, res, 0);
		ir_place(&g->ir, t);
		return val_int(g, out, res, n->type);
	}
	if (type_is_record(a.type) || a.type->kind == TY_STR) {
		res = type_is_record(a.type) ? rec_eq(g, &a, &b) : str_eq(g, &a, &b, 0);
		cg_release(g, m);
		if (n->op == T_NE)
			ir_alu_imm(&g->ir, BPF_XOR, res, 1);
		return val_int(g, out, res, n->type);
	}
	ar = cg_reg(g, &a);
	br = cg_reg(g, &b);
	sign = a.type->is_signed && b.type->is_signed;
	res = ir_vreg(&g->ir);
	op = jmp_op(n->op, sign);
	if (op >= 0) {
		int t = ir_label(&g->ir);

		ir_mov_imm(&g->ir, res, 1);
		ir_jmp(&g->ir, op, ar, br, t);
		ir_mov_imm(&g->ir, res, 0);
		ir_place(&g->ir, t);
		return val_int(g, out, res, n->type);
	}
	div_check(g, n->op, br);
	if (n->type->kind == TY_PTR && n->type->elem &&
	    n->type->elem->size > 1) {
		int sc = ir_vreg(&g->ir);

		/* C pointer arithmetic: scaled by the pointee's size */
		ir_mov(&g->ir, sc, br);
		ir_alu_imm(&g->ir, BPF_MUL, sc, n->type->elem->size);
		br = sc;
	}
	ir_mov(&g->ir, res, ar);
	arith(g, n->op, res, br, n->type->is_signed);
	/* D's p - q: the elements between them, as C counts them */
	if (g->c->opts.dtrace && n->op == T_MINUS &&
	    n->a->type->kind == TY_PTR && n->b->type->kind == TY_PTR &&
	    n->a->type->elem && n->a->type->elem->size > 1) {
		int sz = ir_vreg(&g->ir);

		ir_mov_imm(&g->ir, sz, n->a->type->elem->size);
		arith(g, T_SLASH, res, sz, true);
	}
	return val_int(g, out, res, n->type);
}

/* Loads the integer at base+off of the given size, extending it. */
static int load_int(struct cg *g, int base, int off, const struct type *t)
{
	static const int sz[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int r = ir_vreg(&g->ir);

	ir_ld(&g->ir, sz[t->size], r, base, off);
	if (t->is_signed && t->size < 8) {
		ir_alu_imm(&g->ir, BPF_LSH, r, 64 - 8 * t->size);
		ir_alu_imm(&g->ir, BPF_ARSH, r, 64 - 8 * t->size);
	}
	return r;
}

static int ctx_field(struct cg *g, struct node *n, struct val *out)
{
	const struct probe_inst *pi = g->pi;
	const struct field *f = NULL;
	int i, off;

	for (i = 0; pi->args && i < pi->args->nfields; i++)
		if (!strcmp(pi->args->fields[i].name, n->name))
			f = &pi->args->fields[i];
	if (!f)
		return cg_error(g, n, "%s has no argument '%s'", pi->name, n->name);
	if (pi->prov->ctx == CTX_U64_ARRAY)
		return val_int(g, out, load_int(g, g->ctx, f->offset, f->type),
			       f->type);
	if (f->data_loc) {
		int loc = ir_vreg(&g->ir), p = ir_vreg(&g->ir);

		/* __data_loc: u32 with the string's offset in the low half. */
		ir_ld(&g->ir, BPF_W, loc, g->ctx, f->offset);
		ir_alu_imm(&g->ir, BPF_AND, loc, 0xffff);
		ir_mov(&g->ir, p, g->ctx);
		ir_alu(&g->ir, BPF_ADD, p, loc);
		off = cg_alloc_tmp(g, f->type->size, &out->base);
		cg_zero_at(g, out->base, off, f->type->size);
		ir_mov(&g->ir, BPF_REG_1, out->base);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
		ir_mov_imm(&g->ir, BPF_REG_2, f->type->size);
		ir_mov(&g->ir, BPF_REG_3, p);
		ir_call(&g->ir, BPF_FUNC_probe_read_kernel_str, 3);
		out->kind = V_STACK;
		out->off = off;
		out->type = f->type;
		return 0;
	}
	if (f->type->kind == TY_STR) {
		/*
		 * The verifier only allows context loads aligned to their size,
		 * and char arrays sit at any offset: copy with a helper.
		 */
		off = cg_alloc_tmp(g, f->type->size, &out->base);
		ir_mov(&g->ir, BPF_REG_1, out->base);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
		ir_mov_imm(&g->ir, BPF_REG_2, f->size);
		ir_mov(&g->ir, BPF_REG_3, g->ctx);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, f->offset);
		ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
		out->kind = V_STACK;
		out->off = off;
		out->type = f->type;
		return 0;
	}
	if (f->offset % f->type->size == 0)
		return val_int(g, out, load_int(g, g->ctx, f->offset, f->type),
			       f->type);
	off = cg_alloc(g, 8);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov_imm(&g->ir, BPF_REG_2, f->type->size);
	ir_mov(&g->ir, BPF_REG_3, g->ctx);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, f->offset);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	return val_int(g, out, load_int(g, BPF_REG_10, off, f->type), f->type);
}

/*
 * Reads a value of type t at the kernel or user address in register addr.
 * A struct or array is not read: its value is its address, read when it
 * is stored whole (cg_store) or when a member is reached.
 */
/*
 * A load of size bytes at addr through pointer type ptr: through one of
 * D's scratch pointers, checked against what the clause has allocated.
 */
static void scratch_load(struct cg *g, const struct type *ptr, int addr,
			 int size)
{
	if (g->c->opts.dtrace && ptr->kind == TY_PTR &&
	    ptr->scratch == SCRATCH_PTR && size > 0)
		bi_dscratch_check(g, addr, size);
}

static int read_mem(struct cg *g, int addr, struct type *t, struct val *out)
{
	int off, base;

	if (type_is_record(t))
		return val_int(g, out, addr, t);
	off = cg_alloc_tmp(g, t->kind == TY_STR ? t->size : 8, &base);
	if (t->kind == TY_STR)
		cg_zero_at(g, base, off, t->size);
	cg_probe_read(g, base, off, t->size, addr);
	/* D: an address that cannot be read is a fault, not a zero. */
	if (g->c->opts.dtrace) {
		int ok = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
		cg_fault(g, FAULT_BADADDR, addr);
		ir_place(&g->ir, ok);
	}
	if (t->kind == TY_STR) {
		out->kind = V_STACK;
		out->off = off;
		out->base = base;
		out->type = t;
		return 0;
	}
	return val_int(g, out, load_int(g, base, off, t), t);
}

/*
 * A value of type t at off from v's base (v: V_STACK), part of a
 * struct, array, tuple or string there.
 */
static int frame_read(struct cg *g, const struct val *v, int off,
		      struct type *t, struct val *out)
{
	int base = cg_base(v);

	if (type_in_reg(t))
		return val_int(g, out, load_int(g, base, off,
				t->kind == TY_INT ? t : type_int(8, false)), t);
	out->kind = V_STACK;
	out->off = off;
	out->base = v->base;
	out->type = t;
	return 0;
}

/*
 * Bitfield f of a struct at the address in register addr (in NULL) or
 * of V_STACK value in: its bytes are read into a zeroed word, shifted
 * down and sign- or zero-extended from its width.
 */
static int bitfield(struct cg *g, const struct field *f, int addr,
		    const struct val *in, struct val *out)
{
	int nbytes = (f->bitoff + f->bits + 7) / 8, slot = cg_alloc(g, 8);
	int r = ir_vreg(&g->ir);

	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	if (in) {
		cg_copy(g, BPF_REG_10, slot, cg_base(in), in->off + f->offset,
			nbytes);
	} else {
		int p = ir_vreg(&g->ir);

		ir_mov(&g->ir, p, addr);
		ir_alu_imm(&g->ir, BPF_ADD, p, f->offset);
		cg_probe_read(g, BPF_REG_10, slot, nbytes, p);
	}
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	ir_alu_imm(&g->ir, BPF_LSH, r, 64 - f->bitoff - f->bits);
	ir_alu_imm(&g->ir, f->type->is_signed ? BPF_ARSH : BPF_RSH, r,
		   64 - f->bits);
	return val_int(g, out, r, f->type);
}

/* s->field or s.field of a struct in memory or in the frame. */
static int member(struct cg *g, struct node *n, const struct val *a,
		  struct val *out)
{
	const struct type *st = a->type->kind == TY_PTR ? a->type->elem : a->type;
	const struct field *f = &st->fields[n->id];
	int r;

	if (a->kind == V_STACK) {
		if (f->bits)
			return bitfield(g, f, -1, a, out);
		return frame_read(g, a, a->off + f->offset, n->type, out);
	}
	/* D faults on a NULL struct pointer at address 0, not the member's */
	if (g->c->opts.dtrace) {
		int ok = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JNE, cg_reg(g, a), 0, ok);
		cg_fault(g, FAULT_BADADDR, cg_reg(g, a));
		ir_place(&g->ir, ok);
	}
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, a));
	ir_alu_imm(&g->ir, BPF_ADD, r, f->offset);
	scratch_load(g, a->type, r, f->bits ? (f->bitoff + f->bits + 7) / 8 :
		     n->type->size);
	if (f->bits)
		return bitfield(g, f, cg_reg(g, a), NULL, out);
	return read_mem(g, r, n->type, out);
}

/*
 * The address in register r as a number, in a new register.  A map
 * value's or the frame's address is a pointer to the verifier, which
 * refuses most arithmetic on it ((int)p, p - q where q may be 0, p + i
 * for an unbounded i): copied through probe_read it is a number.
 */
static int addr_number(struct cg *g, int r)
{
	int slot = cg_alloc(g, 8), a = ir_vreg(&g->ir);

	ir_st(&g->ir, BPF_DW, BPF_REG_10, slot, r);
	ir_mov(&g->ir, a, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, a, slot);
	cg_probe_read(g, BPF_REG_10, slot, 8, a);
	r = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	return r;
}

/*
 * An index k (a register) past the count elements of array arr, whose
 * elements are esz bytes at the address in register base: D's fault.
 * An associative array's array is bounded by nothing D checks, so its
 * index reaches an address outside the element (DTrace's invalid
 * address); a variable's array is DTrace's index out of bounds.
 */
static void index_check(struct cg *g, const struct node *arr, int base,
			int k, int count, int esz)
{
	int ok = ir_label(&g->ir);

	ir_jmp_imm(&g->ir, BPF_JLT, k, count, ok);
	if (g->c->opts.dtrace && sema_d_assoc_elem(arr)) {
		int a = addr_number(g, base), off = ir_vreg(&g->ir);

		ir_mov(&g->ir, off, k);
		ir_alu_imm(&g->ir, BPF_MUL, off, esz);
		ir_alu(&g->ir, BPF_ADD, a, off);
		cg_fault(g, FAULT_BADADDR, a);
	} else {
		cg_fault(g, FAULT_BADINDEX, k);
	}
	ir_place(&g->ir, ok);
}

/*
 * D's NULL string, which is address 0 to DTrace: char i of it is a read
 * of address i, a fault.  Such a string starts with STR_UNREAD's bytes.
 */
void cg_null_str_fault(struct cg *g, int base, int off, int addr)
{
	int ok = ir_label(&g->ir);

	ir_jmp_imm(&g->ir, BPF_JEQ, cg_str_is_null(g, base, off), 0, ok);
	cg_fault(g, FAULT_BADADDR, addr);
	ir_place(&g->ir, ok);
}

static void str_null_fault(struct cg *g, const struct val *a,
			   const struct val *i)
{
	int p = ir_vreg(&g->ir);

	ir_mov(&g->ir, p, cg_reg(g, a));
	cg_null_str_fault(g, p, 0, cg_reg(g, i));
}

/*
 * D's s[i] of string a, its char i.  The string holds a.type->size
 * bytes; past them, up to strsize, DTrace's string is NUL padding, so
 * an index outside them (sema bounds a constant one) gives 0.
 */
static int str_char(struct cg *g, struct node *n, const struct val *a,
		    const struct val *i, struct val *out)
{
	int r = ir_vreg(&g->ir), k, p, done;

	if (g->c->null_strs && a->type->size >= 2)
		str_null_fault(g, a, i);
	if (n->b->kind == N_INT) {
		if (n->b->ival >= (uint64_t)a->type->size) {
			ir_mov_imm(&g->ir, r, 0);
			return val_int(g, out, r, n->type);
		}
		if (a->kind == V_STACK)
			return frame_read(g, a, a->off + (int)n->b->ival, n->type,
					  out);
	}
	k = ir_vreg(&g->ir);
	p = ir_vreg(&g->ir);
	done = ir_label(&g->ir);
	ir_mov(&g->ir, k, cg_reg(g, i));
	ir_mov_imm(&g->ir, r, 0);
	ir_jmp_imm(&g->ir, BPF_JGE, k, a->type->size, done);
	ir_mov(&g->ir, p, a->kind == V_STACK ? cg_base(a) : cg_reg(g, a));
	if (a->kind == V_STACK)
		ir_alu_imm(&g->ir, BPF_ADD, p, a->off);
	ir_alu(&g->ir, BPF_ADD, p, k);
	ir_ld(&g->ir, BPF_B, r, p, 0);
	if (n->type->is_signed) {
		ir_alu_imm(&g->ir, BPF_LSH, r, 56);
		ir_alu_imm(&g->ir, BPF_ARSH, r, 56);
	}
	ir_place(&g->ir, done);
	return val_int(g, out, r, n->type);
}

/* p[i] of a pointer, or a[i] of an array in memory or in the frame. */
static int subscript(struct cg *g, struct node *n, struct val *out)
{
	struct val a, i;
	int esz = n->type->size, r;
	bool bounded;

	if (cg_expr(g, n->a, &a) || cg_expr(g, n->b, &i))
		return -EINVAL;
	if (a.type->kind == TY_STR)
		return str_char(g, n, &a, &i, out);
	bounded = g->c->opts.dtrace && a.type->kind == TY_ARRAY &&
		  a.type->count > 0;
	if (a.kind == V_STACK && n->b->kind == N_INT &&
	    (!bounded || n->b->ival < (uint64_t)a.type->count))
		return frame_read(g, &a, a.off + (int)n->b->ival * esz, n->type,
				  out);
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &i));
	/* D checks an index into an array against its bounds, as it runs. */
	if (bounded)
		index_check(g, n->a, cg_reg(g, &a), r, a.type->count, esz);
	if (esz != 1)
		ir_alu_imm(&g->ir, BPF_MUL, r, esz);
	if (a.kind == V_STACK) {
		/* A variable index into the frame: read it like memory. */
		ir_alu(&g->ir, BPF_ADD, r, cg_base(&a));
		ir_alu_imm(&g->ir, BPF_ADD, r, a.off);
	} else {
		ir_alu(&g->ir, BPF_ADD, r, cg_reg(g, &a));
		scratch_load(g, a.type, r, esz);
	}
	return read_mem(g, r, n->type, out);
}

static int map_read(struct cg *g, struct node *n, struct val *out)
{
	struct type *t = n->sym->val;
	int p = ir_vreg(&g->ir), done = ir_label(&g->ir);
	struct cg_key key;

	if (cg_key(g, n, -1, &key))
		return -EINVAL;
	cg_key_lookup(g, n->sym->id, &key);
	ir_mov(&g->ir, p, BPF_REG_0);
	if (type_in_reg(t)) {
		int r = ir_vreg(&g->ir);

		ir_mov_imm(&g->ir, r, 0);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
		ir_ld(&g->ir, BPF_DW, r, p, 0);
		ir_place(&g->ir, done);
		return val_int(g, out, r, t);
	}
	out->kind = V_STACK;
	out->off = cg_alloc_tmp(g, t->size, &out->base);
	out->type = t;
	/*
	 * D: a string variable never assigned (an element, a thread-local)
	 * is NULL (STR_UNREAD's bytes), and one read where it is printed or
	 * taken as a string reads address 0 (dstring.c's null_result()).
	 */
	if (g->c->opts.dtrace && sema_d_dyn_var(n) && t->kind == TY_STR &&
	    t->size >= 2 && !(n->flags & NF_NULL_FAULTS)) {
		cg_zero_at(g, out->base, out->off, t->size);
		ir_st_imm(&g->ir, BPF_B, out->base, out->off + 1, STR_UNREAD_BYTE);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
		cg_copy(g, out->base, out->off, p, 0, t->size);
		ir_place(&g->ir, done);
		return 0;
	}
	if (n->flags & NF_NULL_FAULTS) {
		int found = ir_label(&g->ir), z = ir_vreg(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JNE, p, 0, found);
		ir_mov_imm(&g->ir, z, 0);
		cg_fault(g, FAULT_BADADDR, z);
		ir_place(&g->ir, found);
		cg_copy(g, out->base, out->off, p, 0, t->size);
		return 0;
	}
	cg_zero_at(g, out->base, out->off, t->size);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	cg_copy(g, out->base, out->off, p, 0, t->size);
	ir_place(&g->ir, done);
	return 0;
}

/*
 * reg's value converted to integer type t where t is narrower than the
 * register, as C converts a value stored into a narrower variable: its
 * low bits, sign- or zero-extended.
 */
static void narrow_reg(struct cg *g, int reg, const struct type *t)
{
	int sh;

	if (!t || t->kind != TY_INT || t->size >= 8)
		return;
	sh = 64 - 8 * t->size;
	ir_alu_imm(&g->ir, BPF_LSH, reg, sh);
	ir_alu_imm(&g->ir, t->is_signed ? BPF_ARSH : BPF_RSH, reg, sh);
}

/*
 * The integer type a D variable held in a map (a global, an associative
 * array, a thread-local) takes its values in: its declared type or its
 * first value's, which the map's 8-byte words hold extended.  NULL for
 * the bpftrace language's maps and D's aggregations.
 */
static const struct type *map_int_type(struct cg *g, const struct node *m)
{
	const struct type *t = m->sym ? m->sym->shown_val : NULL;

	if (!g->c->opts.dtrace || m->name[0] == '@' || !t || t->kind != TY_INT)
		return NULL;
	return t;
}

/* @m op= v, @m++ and friends: returns the old and new values. */
static int map_rmw(struct cg *g, struct node *m, int tok, bool sign,
		   int vreg, int *oldp, int *newp)
{
	int p = ir_vreg(&g->ir);
	int old = ir_vreg(&g->ir), nv = ir_vreg(&g->ir);
	int miss = ir_label(&g->ir), done = ir_label(&g->ir), val;
	struct cg_key key;

	if (cg_key(g, m, -1, &key))
		return -EINVAL;
	cg_key_lookup(g, m->sym->id, &key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, miss);
	ir_ld(&g->ir, BPF_DW, old, p, 0);
	ir_mov(&g->ir, nv, old);
	arith(g, tok, nv, vreg, sign);
	narrow_reg(g, nv, map_int_type(g, m));
	ir_st(&g->ir, BPF_DW, p, 0, nv);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, miss);
	ir_mov_imm(&g->ir, old, 0);
	ir_mov(&g->ir, nv, old);
	arith(g, tok, nv, vreg, sign);
	narrow_reg(g, nv, map_int_type(g, m));
	val = cg_alloc(g, 8);
	ir_st(&g->ir, BPF_DW, BPF_REG_10, val, nv);
	cg_key_update(g, m->sym->id, &key, val, BPF_ANY);
	ir_place(&g->ir, done);
	if (oldp)
		*oldp = old;
	if (newp)
		*newp = nv;
	return 0;
}

static int var_store(struct cg *g, struct node *n, struct node *root,
		     struct val *res);
static int var_addr(struct cg *g, struct node *n, struct val *out);

static int mem_rmw(struct cg *g, struct node *n, struct val *res);

static int incdec(struct cg *g, struct node *n, struct val *out)
{
	struct node *lv = n->a;
	int one = ir_vreg(&g->ir), old, nv;
	int tok = n->op == T_INC ? T_PLUS : T_MINUS;

	if (lv->kind != N_MAP && lv->kind != N_VAR)
		return sema_var_root(lv) ? var_store(g, n, sema_var_root(lv), out) :
					   mem_rmw(g, n, out);
	ir_mov_imm(&g->ir, one, 1);
	if (lv->kind == N_VAR) {
		struct cg_var *v = var_of(g, lv->sym);

		old = ir_vreg(&g->ir);
		ir_mov(&g->ir, old, v->reg);
		ir_alu(&g->ir, alu_op(tok), v->reg, one);
		if (g->c->opts.dtrace)
			narrow_reg(g, v->reg, lv->sym->val);
		nv = ir_vreg(&g->ir);
		ir_mov(&g->ir, nv, v->reg);
	} else {
		map_rmw(g, lv, tok, false, one, &old, &nv);
	}
	return val_int(g, out, (n->flags & NF_POST) ? old : nv, n->type);
}

/*
 * The condition's temporaries are dead once it is in a register, and a
 * branch's once its value is copied or is a number: a chain of ternaries
 * takes the room of one branch at a time.
 */
static int ternary(struct cg *g, struct node *n, struct val *out)
{
	struct val c, a, b;
	int els = ir_label(&g->ir), done = ir_label(&g->ir);
	int res = -1, off = 0, base = BPF_REG_10, cr;
	bool copied = n->type->kind == TY_STR || n->type->kind == TY_TUPLE;
	bool dies = copied || n->type->kind == TY_INT;
	struct cg_mark m = cg_mark(g);

	if (cg_expr(g, n->a, &c))
		return -EINVAL;
	cr = cg_reg(g, &c);
	cg_release(g, m);
	if (copied) {
		off = cg_alloc_tmp(g, n->type->size, &base);
		cg_zero_at(g, base, off, n->type->size);
	} else {
		res = ir_vreg(&g->ir);
	}
	ir_jmp_imm(&g->ir, BPF_JEQ, cr, 0, els);
	m = cg_mark(g);
	if (cg_expr(g, n->b, &a))
		return -EINVAL;
	if (res >= 0)
		ir_mov(&g->ir, res, cg_reg(g, &a));
	else
		cg_store(g, base, off, &a, n->type->size);
	if (dies)
		cg_release(g, m);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, els);
	if (cg_expr(g, n->c, &b))
		return -EINVAL;
	if (res >= 0)
		ir_mov(&g->ir, res, cg_reg(g, &b));
	else
		cg_store(g, base, off, &b, n->type->size);
	if (dies)
		cg_release(g, m);
	ir_place(&g->ir, done);
	if (res >= 0)
		return val_int(g, out, res, n->type);
	out->kind = V_STACK;
	out->off = off;
	out->base = base;
	out->type = n->type;
	return 0;
}

static int assign(struct cg *g, struct node *n, struct val *res);
static int mem_lvalue(struct cg *g, struct node *lv);

int cg_expr(struct cg *g, struct node *n, struct val *out)
{
	const struct loc *saved = g->ir.loc;
	struct val a;
	int r, i, ret = 0;

	memset(out, 0, sizeof(*out));
	g->ir.loc = &n->loc;
	switch (n->kind) {
	case N_INT:
		r = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, r, (int64_t)n->ival);
		ret = val_int(g, out, r, n->type);
		break;
	case N_SIZEOF:
		r = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, r, (int64_t)n->ival);
		ret = val_int(g, out, r, n->type);
		break;
	case N_STR:
		ret = const_str(g, n->str, n->slen, out, n->type);
		break;
	case N_POSPARAM:
		if (n->type->kind == TY_STR) {
			const char *p = g->c->opts.params[n->ival - 1];

			ret = const_str(g, p, strlen(p), out, n->type);
		} else {
			int64_t v = 0;

			if (n->ival == 0)
				v = g->c->opts.nparams;
			else if ((int)n->ival <= g->c->opts.nparams)
				v = strtoll(g->c->opts.params[n->ival - 1], NULL, 0);
			r = ir_vreg(&g->ir);
			ir_mov_imm(&g->ir, r, v);
			ret = val_int(g, out, r, n->type);
		}
		break;
	case N_BUILTIN:
	case N_CALL:
		ret = n->bi->cg(g, n, out);
		break;
	case N_VAR: {
		struct cg_var *v = var_of(g, n->sym);

		if (v->reg >= 0) {
			ret = val_int(g, out, v->reg, n->type);
		} else {
			out->kind = V_STACK;
			out->off = v->off;
			out->base = v->base;
			out->type = n->sym->val;
		}
		break;
	}
	case N_MAP:
		ret = map_read(g, n, out);
		break;
	case N_BINOP:
		ret = binop(g, n, out);
		break;
	case N_UNOP:
		if (n->op == T_AMP && sema_var_root(n->a)) {
			ret = var_addr(g, n, out);
			break;
		}
		if (n->op == T_AMP) {
			r = mem_lvalue(g, n->a);
			ret = r < 0 ? -EINVAL : val_int(g, out, r, n->type);
			break;
		}
		if (cg_expr(g, n->a, &a)) {
			ret = -EINVAL;
			break;
		}
		if (n->op == T_STAR) {
			scratch_load(g, n->a->type, cg_reg(g, &a), n->type->size);
			ret = read_mem(g, cg_reg(g, &a), n->type, out);
			break;
		}
		r = ir_vreg(&g->ir);
		if (n->op == T_NOT) {
			int t = ir_label(&g->ir);

			ir_mov_imm(&g->ir, r, 1);
			ir_jmp_imm(&g->ir, BPF_JEQ, cg_reg(g, &a), 0, t);
			ir_mov_imm(&g->ir, r, 0);
			ir_place(&g->ir, t);
		} else if (n->op == T_MINUS) {
			ir_mov(&g->ir, r, cg_reg(g, &a));
			ir_alu_imm(&g->ir, BPF_NEG, r, 0);
		} else {
			ir_mov(&g->ir, r, cg_reg(g, &a));
			ir_alu_imm(&g->ir, BPF_XOR, r, -1);
		}
		ret = val_int(g, out, r, n->type);
		break;
	case N_INCDEC:
		ret = incdec(g, n, out);
		break;
	case N_ASSIGN:
		ret = assign(g, n, out);
		break;
	case N_TERNARY:
		ret = ternary(g, n, out);
		break;
	case N_CAST:
		if (cg_expr(g, n->a, &a)) {
			ret = -EINVAL;
			break;
		}
		r = ir_vreg(&g->ir);
		ir_mov(&g->ir, r, cg_reg(g, &a));
		/* D's scratch pointer as an integer: its offset in scratch. */
		if (n->type->kind == TY_INT) {
			struct val v = { .kind = V_REG, .reg = r, .type = a.type };

			bi_dscratch_shown(g, n->a, &v);
			r = v.reg;
		}
		/* and that offset cast back to a pointer, its address */
		if (n->type->kind == TY_PTR && n->a->type->kind == TY_INT &&
		    n->a->type->scratch == SCRATCH_PTR)
			bi_dscratch_unshown(g, r);
		if (n->type->size < 8) {
			int sh = 64 - 8 * n->type->size;

			ir_alu_imm(&g->ir, BPF_LSH, r, sh);
			ir_alu_imm(&g->ir, n->type->is_signed ? BPF_ARSH : BPF_RSH,
				   r, sh);
		}
		ret = val_int(g, out, r, n->type);
		break;
	case N_FIELD:
		if (n->a->type->kind == TY_CTX) {
			ret = ctx_field(g, n, out);
			break;
		}
		if (cg_expr(g, n->a, &a)) {
			ret = -EINVAL;
			break;
		}
		if (a.type->kind == TY_PTR || a.type->kind == TY_STRUCT) {
			ret = member(g, n, &a, out);
			break;
		}
		i = atoi(n->name);
		ret = frame_read(g, &a, a.off + a.type->fields[i].offset,
				 n->type, out);
		break;
	case N_INDEX:
		ret = subscript(g, n, out);
		break;
	case N_TUPLE: {
		struct val *vs = xcalloc(n->nlist, sizeof(*vs));
		int off;

		for (i = 0; i < n->nlist; i++)
			if (cg_expr(g, n->list[i], &vs[i]))
				ret = -EINVAL;
		if (ret) {
			free(vs);
			break;
		}
		off = cg_alloc_tmp(g, n->type->size, &out->base);
		cg_zero_at(g, out->base, off, n->type->size);
		for (i = 0; i < n->nlist; i++)
			cg_store(g, out->base, off + n->type->fields[i].offset,
				 &vs[i], n->type->fields[i].type->size);
		free(vs);
		out->kind = V_STACK;
		out->off = off;
		out->type = n->type;
		break;
	}
	default:
		ret = cg_error(g, n, "cannot generate code for %s",
			       ast_kind_name(n->kind));
	}
	g->ir.loc = saved;
	return ret;
}

static int cg_block(struct cg *g, struct node *n)
{
	int i;

	for (i = 0; i < n->nlist; i++)
		if (cg_stmt(g, n->list[i]))
			return -EINVAL;
	return 0;
}

/*
 * The address of *p, p[i] or p->m in a register: memory a pointer
 * reaches, not a value in the frame.
 */
static int mem_lvalue(struct cg *g, struct node *lv)
{
	const struct type *t;
	struct val a, i;
	int r = ir_vreg(&g->ir);

	/* D's p->chars[i]: the char array is in memory, where p points. */
	if (lv->kind == N_INDEX && lv->a->kind == N_FIELD &&
	    lv->a->type->kind == TY_STR && lv->a->a->type->kind != TY_CTX) {
		int base = mem_lvalue(g, lv->a);

		if (base < 0)
			return base;
		a.kind = V_REG;
		a.reg = base;
		a.type = type_ptr(lv->type);
	} else if (cg_expr(g, lv->a, &a)) {
		return -EINVAL;
	}
	if (a.kind == V_STACK)
		return cg_error(g, lv, "operator = on a value held in a variable is not supported yet");
	ir_mov(&g->ir, r, cg_reg(g, &a));
	if (lv->kind == N_INDEX) {
		int k = ir_vreg(&g->ir);

		if (cg_expr(g, lv->b, &i))
			return -EINVAL;
		ir_mov(&g->ir, k, cg_reg(g, &i));
		if (lv->type->size != 1)
			ir_alu_imm(&g->ir, BPF_MUL, k, lv->type->size);
		ir_alu(&g->ir, BPF_ADD, r, k);
	} else if (lv->kind == N_FIELD) {
		t = a.type->kind == TY_PTR ? a.type->elem : a.type;
		if (t->fields[lv->id].bits)
			return cg_error(g, lv, "operator = on a bitfield is not supported yet");
		ir_alu_imm(&g->ir, BPF_ADD, r, t->fields[lv->id].offset);
	}
	return r;
}

/*
 * The address, in a new register, of the part of a variable's bytes
 * that n (a member or element chain down to root) names, and in *f the
 * bitfield n is, or NULL.  base is the register holding root's bytes'
 * address.  An index known only when the clause runs is checked against
 * the array's bounds: out of them, the clause stops with DTrace's fault.
 */
static int var_part(struct cg *g, struct node *n, struct node *root, int base,
		    const struct field **f)
{
	const struct type *t = n->a->type;
	int r = n->a == root ? base : var_part(g, n->a, root, base, NULL);
	struct val i;
	int count;

	if (r < 0)
		return -EINVAL;
	if (n->a != root) {
		int c = ir_vreg(&g->ir);

		ir_mov(&g->ir, c, r);
		r = c;
	}
	if (n->kind == N_FIELD) {
		const struct field *fl = &t->fields[n->id];

		if (fl->bits && !f)
			return cg_error(g, n, "a bitfield has no address");
		if (f)
			*f = fl->bits ? fl : NULL;
		ir_alu_imm(&g->ir, BPF_ADD, r, fl->offset);
		return r;
	}
	if (f)
		*f = NULL;
	count = t->kind == TY_STR ? t->size : t->count;
	/* sema bounds a constant index, but for an associative array's */
	if (n->b->kind == N_INT && n->b->ival < (uint64_t)count) {
		ir_alu_imm(&g->ir, BPF_ADD, r, (int)n->b->ival * n->type->size);
		return r;
	}
	if (cg_expr(g, n->b, &i))
		return -EINVAL;
	{
		int k = ir_vreg(&g->ir);

		ir_mov(&g->ir, k, cg_reg(g, &i));
		index_check(g, n->a, r, k, count, n->type->size);
		if (n->type->size != 1)
			ir_alu_imm(&g->ir, BPF_MUL, k, n->type->size);
		ir_alu(&g->ir, BPF_ADD, r, k);
	}
	return r;
}

/*
 * The address, in a new register, of the bytes of variable root (a
 * struct or array): a clause-local's in the frame, a global's or
 * thread-local's map value, made first (zeros) if the variable holds
 * none yet.  *skip is a label to place after the code that uses the
 * address, which a full map (the value not made, counted as the update
 * was) jumps to, or -1.
 */
static int var_bytes(struct cg *g, struct node *lv, struct node *root,
		     int *skip)
{
	int base = ir_vreg(&g->ir);

	*skip = -1;
	if (root->kind == N_VAR) {
		struct cg_var *var = var_of(g, root->sym);

		if (var->reg >= 0)
			return cg_error(g, lv, "this variable holds no struct or array");
		ir_mov(&g->ir, base, var->base);
		ir_alu_imm(&g->ir, BPF_ADD, base, var->off);
	} else {
		int vsize = root->sym->val->size, found = ir_label(&g->ir), zero;
		struct cg_key key;

		if (vsize > VAR_BYTES_MAX)
			return cg_error(g, lv, "a store into a variable of %d bytes is not supported yet (%d at most)",
					vsize, VAR_BYTES_MAX);
		if (cg_key(g, root, -1, &key))
			return -EINVAL;
		*skip = ir_label(&g->ir);
		cg_key_lookup(g, root->sym->id, &key);
		ir_mov(&g->ir, base, BPF_REG_0);
		ir_jmp_imm(&g->ir, BPF_JNE, base, 0, found);
		/* The zeros: in the frame, or where it cannot spare them. */
		if (vsize <= 256) {
			zero = cg_alloc(g, vsize);
			cg_zero(g, zero, vsize);
			cg_key_update(g, root->sym->id, &key, zero, BPF_NOEXIST);
		} else {
			int zbase = stmt_scratch(g, vsize, &zero);

			cg_zero_at(g, zbase, zero, vsize);
			cg_key_update_at(g, root->sym->id, &key, zbase, zero, BPF_NOEXIST);
		}
		cg_key_lookup(g, root->sym->id, &key);
		ir_mov(&g->ir, base, BPF_REG_0);
		ir_jmp_imm(&g->ir, BPF_JEQ, base, 0, *skip);
		ir_place(&g->ir, found);
	}
	return base;
}

/* var_part() of var_bytes(): the address of part lv of variable root. */
static int var_part_addr(struct cg *g, struct node *lv, struct node *root,
			 int *skip, const struct field **f)
{
	int base = var_bytes(g, lv, root, skip);

	return base < 0 ? base : var_part(g, lv, root, base, f);
}

/*
 * The operation and right operand of D's assignment, op=, ++ or -- n:
 * *op the arithmetic token (T_ASSIGN for =), the operand in a register
 * (1 for ++ and --), a divisor checked for zero.  -EINVAL where its
 * code cannot be made.
 */
static int rmw_operand(struct cg *g, struct node *n, int *op)
{
	struct val v;
	int vr;

	if (n->kind == N_INCDEC) {
		*op = n->op == T_INC ? T_PLUS : T_MINUS;
		vr = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, vr, 1);
		return vr;
	}
	*op = n->op;
	if (cg_expr(g, n->b, &v))
		return -EINVAL;
	vr = cg_reg(g, &v);
	if (*op != T_ASSIGN)
		div_check(g, *op, vr);
	return vr;
}

/*
 * D's s.m = v, a[i] op= v, s.m++ and --a[i]: a change of part of the
 * struct or array a variable holds, made where the variable's bytes are
 * (var_bytes()).  n is the N_ASSIGN or N_INCDEC; with res, res is its
 * value: the part's old value for x++ and x--, else the value it holds
 * after (narrowed to its width).  A bitfield's bytes are read, its bits
 * replaced and the bytes written back.  A store lost to a full map
 * leaves 0 in res.
 */
static int var_store(struct cg *g, struct node *n, struct node *root,
		     struct val *res)
{
	bool incdec = n->kind == N_INCDEC;
	struct node *lv = n->a;
	const struct type *lt = lv->type;
	const struct field *f;
	int addr, skip, vr, op, old = -1, nv, out = -1;
	struct val v;

	/*
	 * A string member: the string's bytes, cut to the member's size;
	 * a struct member: the struct's bytes.
	 */
	if (lt->kind == TY_STR || lt->kind == TY_STRUCT) {
		if (cg_expr(g, n->b, &v))
			return -EINVAL;
		addr = var_part_addr(g, lv, root, &skip, &f);
		if (addr < 0)
			return -EINVAL;
		cg_store(g, addr, 0, &v, lt->size);
		if (skip >= 0)
			ir_place(&g->ir, skip);
		return res ? cg_expr(g, lv, res) : 0;
	}
	vr = rmw_operand(g, n, &op);
	if (vr < 0)
		return -EINVAL;
	if (res) {
		out = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, out, 0);
	}
	addr = var_part_addr(g, lv, root, &skip, &f);
	if (addr < 0)
		return -EINVAL;
	nv = ir_vreg(&g->ir);
	if (!f) {
		if (op != T_ASSIGN) {
			old = load_int(g, addr, 0, lt->kind == TY_INT ? lt :
				       type_int(8, false));
			ir_mov(&g->ir, nv, old);
			arith(g, op, nv, vr, !incdec && n->type->is_signed);
		} else {
			ir_mov(&g->ir, nv, vr);
		}
		ir_st(&g->ir, lt->size == 1 ? BPF_B : lt->size == 2 ? BPF_H :
			      lt->size == 4 ? BPF_W : BPF_DW, addr, 0, nv);
		if (res && (op == T_ASSIGN || !incdec || !(n->flags & NF_POST))) {
			int r = load_int(g, addr, 0, lt->kind == TY_INT ? lt :
					 type_int(8, false));

			ir_mov(&g->ir, out, r);
		}
	} else {
		int nbytes = (f->bitoff + f->bits + 7) / 8, slot = cg_alloc(g, 8);
		int w = ir_vreg(&g->ir), x = ir_vreg(&g->ir), m = ir_vreg(&g->ir);
		uint64_t mask = f->bits == 64 ? ~0ULL : (1ULL << f->bits) - 1;
		int up = 64 - f->bitoff - f->bits, down = 64 - f->bits;
		int sh = f->type->is_signed ? BPF_ARSH : BPF_RSH;

		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
		cg_copy(g, BPF_REG_10, slot, addr, 0, nbytes);
		ir_ld(&g->ir, BPF_DW, w, BPF_REG_10, slot);
		ir_mov(&g->ir, nv, vr);
		if (op != T_ASSIGN) {
			old = ir_vreg(&g->ir);
			ir_mov(&g->ir, old, w);
			ir_alu_imm(&g->ir, BPF_LSH, old, up);
			ir_alu_imm(&g->ir, sh, old, down);
			ir_mov(&g->ir, nv, old);
			arith(g, op, nv, vr, !incdec && n->type->is_signed);
		}
		ir_mov_imm(&g->ir, m, (int64_t)~(mask << f->bitoff));
		ir_alu(&g->ir, BPF_AND, w, m);
		ir_mov(&g->ir, x, nv);
		ir_mov_imm(&g->ir, m, (int64_t)mask);
		ir_alu(&g->ir, BPF_AND, x, m);
		if (f->bitoff)
			ir_alu_imm(&g->ir, BPF_LSH, x, f->bitoff);
		ir_alu(&g->ir, BPF_OR, w, x);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, slot, w);
		cg_copy(g, addr, 0, BPF_REG_10, slot, nbytes);
		if (res && (!incdec || !(n->flags & NF_POST))) {
			ir_mov(&g->ir, out, w);
			ir_alu_imm(&g->ir, BPF_LSH, out, up);
			ir_alu_imm(&g->ir, sh, out, down);
		}
	}
	if (res && incdec && (n->flags & NF_POST))
		ir_mov(&g->ir, out, old);
	if (skip >= 0)
		ir_place(&g->ir, skip);
	return res ? val_int(g, res, out, n->type) : 0;
}

/*
 * D's &s.m and &a[i]: the address of part of the bytes a variable
 * holds (var_bytes()), 0 where a full map could not make them.
 */
static int var_addr(struct cg *g, struct node *n, struct val *out)
{
	struct node *root = sema_var_root(n->a);
	int r = ir_vreg(&g->ir), addr, skip;

	ir_mov_imm(&g->ir, r, 0);
	addr = var_part_addr(g, n->a, root, &skip, NULL);
	if (addr < 0)
		return -EINVAL;
	ir_mov(&g->ir, r, addr);
	if (skip >= 0)
		ir_place(&g->ir, skip);
	return val_int(g, out, addr_number(g, r), n->type);
}

/*
 * D's store of size bytes (1, 2, 4 or 8) of register val through a
 * pointer, at the address in register addr, where that lies in the
 * bytes of a global whose address the program takes (its map value):
 * made there, then a jump to done.  Elsewhere, on to what follows.
 * Each such global costs a lookup and a compare.
 */
static void store_in_globals(struct cg *g, int addr, int val, int size,
			     int done)
{
	static const int op[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	int i;

	for (i = 0; i < g->c->maps.n; i++) {
		const struct symbol *sym = g->c->maps.v[i];
		struct cg_key key;
		int next = ir_label(&g->ir), p = ir_vreg(&g->ir), off;

		if (!sym->addr_taken || sym->key || !sym->val ||
		    sym->val->size < size)
			continue;
		key_room(g, 8, false, &key);
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, key.off, 0);
		cg_key_lookup(g, sym->id, &key);
		ir_mov(&g->ir, p, BPF_REG_0);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, next);
		off = addr_number(g, p);
		ir_alu_imm(&g->ir, BPF_NEG, off, 0);
		ir_alu(&g->ir, BPF_ADD, off, addr);
		/* Unsigned: an address below the bytes is a huge offset. */
		ir_jmp_imm(&g->ir, BPF_JGT, off, sym->val->size - size, next);
		ir_alu(&g->ir, BPF_ADD, p, off);
		ir_st(&g->ir, op[size], p, 0, val);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, next);
	}
}

/*
 * D's p->m op= v, *p op= v, p[i]++ and --p->m: an integer read through
 * the pointer (a fault where it cannot be read), the operation, and the
 * store that = through a pointer makes (into a global's bytes, or into
 * scratch space checked against what the clause allocated), the address
 * computed once.  With res: the old value for x++ and x--, else the
 * value stored, narrowed to the lvalue's type.
 */
static int mem_rmw(struct cg *g, struct node *n, struct val *res)
{
	bool incdec = n->kind == N_INCDEC;
	struct node *lv = n->a;
	int addr, vr, op, nv, done = ir_label(&g->ir);
	struct val old;

	addr = mem_lvalue(g, lv);
	if (addr < 0)
		return -EINVAL;
	vr = rmw_operand(g, n, &op);
	if (vr < 0)
		return -EINVAL;
	if (lv->a->type && lv->a->type->kind == TY_PTR)
		scratch_load(g, lv->a->type, addr, lv->type->size);
	if (read_mem(g, addr, lv->type, &old))
		return -EINVAL;
	nv = ir_vreg(&g->ir);
	ir_mov(&g->ir, nv, cg_reg(g, &old));
	arith(g, op, nv, vr, !incdec && n->type->is_signed);
	narrow_reg(g, nv, lv->type);
	store_in_globals(g, addr, nv, lv->type->size, done);
	if (bi_dscratch_store(g, addr, nv, lv->type->size))
		return cg_error(g, lv, "operator %s through a pointer is not supported here",
				incdec ? (n->op == T_INC ? "++" : "--") : "op=");
	ir_place(&g->ir, done);
	if (!res)
		return 0;
	if (incdec && (n->flags & NF_POST))
		return val_int(g, res, cg_reg(g, &old), n->type);
	return val_int(g, res, nv, lv->type);
}

/*
 * $s = str(p): read straight into the variable's zeroed slot (t), with
 * no copy in the frame on the way.
 */
static int read_into_var(struct cg *g, struct node *e, struct cg_var *var,
			 const struct type *t)
{
	struct val ops[2];

	if (e->bi->cg_prep(g, e, ops))
		return -EINVAL;
	cg_zero_at(g, var->base, var->off, t->size);
	e->bi->cg_into(g, e, ops, var->base, var->off);
	return 0;
}

/*
 * An assignment; with res (D's assignment used as a value), res is the
 * value the lvalue holds after it: what was stored in a map (the new
 * value of a map's op=), the variable, or the memory stored to read
 * again (sema saw to it that reading its address again has no effect).
 */
static int assign(struct cg *g, struct node *n, struct val *res)
{
	struct node *lv = n->a;
	struct val v;
	int addr, nv;

	if (lv->kind == N_MAP && n->b->kind == N_CALL && n->b->bi->agg)
		return n->b->bi->cg(g, n->b, &v);
	if (lv->kind != N_MAP && lv->kind != N_VAR && sema_var_root(lv))
		return var_store(g, n, sema_var_root(lv), res);
	if (lv->kind != N_MAP && lv->kind != N_VAR && n->op != T_ASSIGN)
		return mem_rmw(g, n, res);
	if (lv->kind != N_MAP && lv->kind != N_VAR) {
		int done = ir_label(&g->ir);

		addr = mem_lvalue(g, lv);
		if (addr < 0 || cg_expr(g, n->b, &v))
			return -EINVAL;
		if (lv->type->kind == TY_STR) {
			if (bi_dscratch_store_str(g, addr, cg_reg(g, &v), lv->type->size))
				return cg_error(g, lv, "operator = through a pointer is not supported here");
			return res ? cg_expr(g, lv, res) : 0;
		}
		store_in_globals(g, addr, cg_reg(g, &v), lv->type->size, done);
		if (bi_dscratch_store(g, addr, cg_reg(g, &v), lv->type->size))
			return cg_error(g, lv, "operator = through a pointer is not supported here");
		ir_place(&g->ir, done);
		if (!res)
			return 0;
		/*
		 * The value is what was stored, in the lvalue's type, as C
		 * has it: not read back, which would take frame space at
		 * each level of a chain (a[0] = a[1] = ... = 0).
		 */
		if (lv->type->kind == TY_INT) {
			int r = ir_vreg(&g->ir);

			ir_mov(&g->ir, r, cg_reg(g, &v));
			if (lv->type->size < 8) {
				int sh = 64 - 8 * lv->type->size;

				ir_alu_imm(&g->ir, BPF_LSH, r, sh);
				ir_alu_imm(&g->ir, lv->type->is_signed ? BPF_ARSH : BPF_RSH,
					   r, sh);
			}
			return val_int(g, res, r, lv->type);
		}
		return cg_expr(g, lv, res);
	}
	if (lv->kind == N_VAR && n->op == T_ASSIGN &&
	    var_of(g, lv->sym)->reg < 0 && reads_into_slot(g, n->b, lv->sym->val)) {
		if (read_into_var(g, n->b, var_of(g, lv->sym), lv->sym->val))
			return -EINVAL;
		return res ? cg_expr(g, lv, res) : 0;
	}
	if (g->c->opts.dtrace && sema_d_deletes(n)) {
		struct cg_key key;

		if (cg_key(g, lv, -1, &key))
			return -EINVAL;
		cg_key_delete(g, lv->sym->id, &key);
		return res ? cg_expr(g, lv, res) : 0;
	}
	if (cg_expr(g, n->b, &v))
		return -EINVAL;
	if (n->op != T_ASSIGN)
		div_check(g, n->op, cg_reg(g, &v));
	if (lv->kind == N_VAR) {
		struct cg_var *var = var_of(g, lv->sym);

		if (var->reg < 0) {
			cg_store(g, var->base, var->off, &v, lv->sym->val->size);
		} else if (n->op == T_ASSIGN) {
			const struct type *vt = lv->sym->val;

			ir_mov(&g->ir, var->reg, cg_reg(g, &v));
			/* A wider value narrows to the variable's width, as in C. */
			if (vt->kind == TY_INT && vt->size < 8 &&
			    (v.type->kind != TY_INT || v.type->size > vt->size ||
			     v.type->is_signed != vt->is_signed)) {
				int sh = 64 - 8 * vt->size;

				ir_alu_imm(&g->ir, BPF_LSH, var->reg, sh);
				ir_alu_imm(&g->ir, vt->is_signed ? BPF_ARSH : BPF_RSH,
					   var->reg, sh);
			}
		} else {
			arith(g, n->op, var->reg, cg_reg(g, &v),
			      n->type->is_signed);
			if (g->c->opts.dtrace)
				narrow_reg(g, var->reg, lv->sym->val);
		}
		return res ? cg_expr(g, lv, res) : 0;
	}
	if (n->op != T_ASSIGN) {
		if (map_rmw(g, lv, n->op, n->type->is_signed, cg_reg(g, &v),
			    NULL, res ? &nv : NULL))
			return -EINVAL;
		return res ? val_int(g, res, nv, lv->sym->val) : 0;
	}
	{
		int size = lv->sym->val->size, val, base;
		struct cg_key key;

		if (cg_key(g, lv, -1, &key))
			return -EINVAL;
		if (map_int_type(g, lv) && v.kind == V_REG) {
			int r = ir_vreg(&g->ir);

			ir_mov(&g->ir, r, v.reg);
			narrow_reg(g, r, map_int_type(g, lv));
			v.reg = r;
		}
		if (v.kind == V_STACK && v.type->size == size) {
			val = v.off;
			base = cg_base(&v);
		} else {
			val = cg_alloc_tmp(g, size, &base);
			cg_store(g, base, val, &v, size);
		}
		cg_key_update_at(g, lv->sym->id, &key, base, val, BPF_ANY);
		if (res && type_in_reg(lv->sym->val))
			return val_int(g, res, cg_reg(g, &v), lv->sym->val);
		/* the bytes just stored, at hand */
		if (res) {
			res->kind = V_STACK;
			res->off = val;
			res->base = base;
			res->type = lv->sym->val;
		}
	}
	return 0;
}

/* The test that is true exactly when op's is false. */
static int jmp_negate(int op)
{
	switch (op) {
	case BPF_JEQ: return BPF_JNE;
	case BPF_JNE: return BPF_JEQ;
	case BPF_JLT: return BPF_JGE;
	case BPF_JGE: return BPF_JLT;
	case BPF_JLE: return BPF_JGT;
	case BPF_JGT: return BPF_JLE;
	case BPF_JSLT: return BPF_JSGE;
	case BPF_JSGE: return BPF_JSLT;
	case BPF_JSLE: return BPF_JSGT;
	case BPF_JSGT: return BPF_JSLE;
	}
	return -1;
}

static bool int_or_ptr(const struct type *t)
{
	return t && (t->kind == TY_INT || t->kind == TY_PTR);
}

/*
 * An integer literal that fits an instruction's immediate, which the
 * CPU sign-extends from 32 bits: *imm, and true.
 */
static bool imm32(const struct node *n, int32_t *imm)
{
	int64_t v;

	if (n->kind != N_INT)
		return false;
	v = (int64_t)n->ival;
	if (v < INT32_MIN || v > INT32_MAX)
		return false;
	*imm = (int32_t)v;
	return true;
}

/*
 * Jumps to label when condition n is true (when) or false (!when).
 * Comparisons of integers, &&, || and ! become conditional jumps, with
 * no 0 or 1 made and tested again: one branch per test, which is one
 * fork for the verifier to walk, not two.
 */
static int cond_jump(struct cg *g, struct node *n, bool when, int label);

static int cond_jump1(struct cg *g, struct node *n, bool when, int label)
{
	struct val a, b;
	int32_t imm;
	int op = -1, skip;

	if (n->kind == N_UNOP && n->op == T_NOT)
		return cond_jump(g, n->a, !when, label);
	if (n->kind == N_BINOP && (n->op == T_LAND || n->op == T_LOR)) {
		/* A false left side of && (true of ||) decides alone. */
		if ((n->op == T_LAND) != when)
			return cond_jump(g, n->a, when, label) ?:
			       cond_jump(g, n->b, when, label);
		skip = ir_label(&g->ir);
		if (cond_jump(g, n->a, !when, skip) ||
		    cond_jump(g, n->b, when, label))
			return -EINVAL;
		ir_place(&g->ir, skip);
		return 0;
	}
	if (n->kind == N_BINOP && int_or_ptr(n->a->type) && int_or_ptr(n->b->type))
		op = jmp_op(n->op, n->a->type->is_signed && n->b->type->is_signed);
	if (op < 0) {
		if (cg_expr(g, n, &a))
			return -EINVAL;
		ir_jmp_imm(&g->ir, when ? BPF_JNE : BPF_JEQ, cg_reg(g, &a), 0, label);
		return 0;
	}
	if (!when)
		op = jmp_negate(op);
	if (cg_expr(g, n->a, &a))
		return -EINVAL;
	if (imm32(n->b, &imm)) {
		ir_jmp_imm(&g->ir, op, cg_reg(g, &a), imm, label);
		return 0;
	}
	if (cg_expr(g, n->b, &b))
		return -EINVAL;
	ir_jmp(&g->ir, op, cg_reg(g, &a), cg_reg(g, &b), label);
	return 0;
}

/* A condition's temporaries are dead once it has jumped. */
static int cond_jump(struct cg *g, struct node *n, bool when, int label)
{
	struct cg_mark m = cg_mark(g);
	int ret = cond_jump1(g, n, when, label);

	cg_release(g, m);
	return ret;
}

int cg_stmt(struct cg *g, struct node *n)
{
	struct cg_mark mark = cg_mark(g);
	int ret = 0;
	const struct loc *saved = g->ir.loc;
	struct val v;

	g->ir.loc = &n->loc;
	switch (n->kind) {
	case N_EXPRSTMT:
		ret = cg_expr(g, n->a, &v);
		break;
	case N_ASSIGN:
		ret = assign(g, n, NULL);
		break;
	case N_IF: {
		int els = ir_label(&g->ir), done = ir_label(&g->ir);

		if (cond_jump(g, n->a, false, els))
			return -EINVAL;
		ret = cg_block(g, n->b);
		if (n->c)
			ir_ja(&g->ir, done);
		ir_place(&g->ir, els);
		if (n->c && !ret)
			ret = n->c->kind == N_IF ? cg_stmt(g, n->c)
						 : cg_block(g, n->c);
		ir_place(&g->ir, done);
		break;
	}
	case N_WHILE: {
		int top = ir_label(&g->ir), done = ir_label(&g->ir);
		int brk = g->brk, cont = g->cont;

		ir_place(&g->ir, top);
		if (cond_jump(g, n->a, false, done))
			return -EINVAL;
		g->brk = done;
		g->cont = top;
		ret = cg_block(g, n->b);
		g->brk = brk;
		g->cont = cont;
		ir_ja(&g->ir, top);
		ir_place(&g->ir, done);
		break;
	}
	case N_UNROLL: {
		uint64_t i;

		for (i = 0; i < n->a->ival && !ret; i++)
			ret = cg_block(g, n->b);
		break;
	}
	case N_BREAK:
		ir_ja(&g->ir, g->brk);
		break;
	case N_CONTINUE:
		ir_ja(&g->ir, g->cont);
		break;
	case N_RETURN:
		ir_ja(&g->ir, g->exit_label);
		break;
	case N_BLOCK:
		ret = cg_block(g, n);
		break;
	default:
		ret = cg_error(g, n, "cannot generate code for %s",
			       ast_kind_name(n->kind));
	}
	cg_release(g, mark);
	g->ir.loc = saved;
	return ret ? ret : g->err;
}

/*
 * Starts the program of instance pi: the context in g->ctx, the flags
 * and the lost-record count zeroed (dropped by cg_end() if unused), and,
 * for event probes, the run's stop word checked.
 */
static void cg_begin(struct cg *g, const struct loc *loc,
		     const struct probe_inst *pi, int probe_id)
{
	ir_init(&g->ir);
	g->pi = pi;
	g->probe_id = probe_id;
	g->brk = g->cont = -1;
	g->spec = -1;
	g->dscratch.top = -1;
	g->strtok_set = false;
	g->timestamp = -1;
	g->exit_label = ir_label(&g->ir);
	g->skip_label = ir_label(&g->ir);
	g->ir.loc = loc;
	g->ctx = ir_vreg(&g->ir);
	ir_mov(&g->ir, g->ctx, BPF_REG_1);
	g->sent = ir_vreg(&g->ir);
	g->lost = ir_vreg(&g->ir);
	g->clause_sent = g->c->opts.dtrace ? ir_vreg(&g->ir) : -1;
	g->nrec = g->nweak = g->nfaults = 0;
	g->fault_label = -1;
	vec_free(&g->holds);
	g->tail_init = g->ir.n;
	ir_mov_imm(&g->ir, g->sent, 0);
	ir_mov_imm(&g->ir, g->lost, 0);
	if (g->c->opts.dtrace)
		ir_mov_imm(&g->ir, g->clause_sent, 0);
	/* A later part of a split probe: the first checked it. */
	if (pi->when == WHEN_EVENT && g->from <= 0) {
		int stop = ir_vreg(&g->ir);

		/*
		 * The run stops event probes by setting this word, which
		 * takes effect at once, rather than by closing their links,
		 * which waits for an RCU grace period per link.
		 */
		g->c->uses_control = true;
		ir_ld_map_value(&g->ir, stop, MAP_CONTROL);
		ir_ld(&g->ir, BPF_DW, stop, stop, CONTROL_STOP);
		ir_jmp_imm(&g->ir, BPF_JNE, stop, 0, g->skip_label);
		/* D's -x cpu: what fires on another CPU is not traced. */
		if (g->c->opts.one_cpu) {
			ir_call(&g->ir, BPF_FUNC_get_smp_processor_id, 0);
			ir_jmp_imm(&g->ir, BPF_JNE, BPF_REG_0, g->c->opts.cpu, g->skip_label);
		}
		if (pi->prov->guard_emit &&
		    pi->prov->guard_emit(pi, g, g->skip_label) < 0 && !g->err)
			g->err = -EINVAL;
	}
}

/*
 * Adds the records this run lost to STAT_LOST (see cg_count_lost()),
 * whether or not it lost any: the verifier inlines the per-CPU array's
 * lookup, and a branch on the count would make it precise.
 */
static void lost_tail(struct cg *g)
{
	int done = ir_label(&g->ir), p = ir_vreg(&g->ir);
	int t = ir_vreg(&g->ir), key = cg_alloc(g, 8);

	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, STAT_LOST);
	cg_lookup(g, MAP_STATS, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	ir_ld(&g->ir, BPF_DW, t, p, 0);
	ir_alu(&g->ir, BPF_ADD, t, g->lost);
	ir_st(&g->ir, BPF_DW, p, 0, t);
	ir_place(&g->ir, done);
}

/* Whether v is a D clause-local (this->) variable. */
static bool clause_local(const struct cg *g, const struct cg_var *v)
{
	return g->c->opts.dtrace && !strncmp(v->sym->name, "this->", 6);
}

static const struct clocal *clocal_of(const struct compiled *c,
				      const char *name)
{
	int i;

	for (i = 0; i < c->dlocals.n; i++) {
		const struct clocal *l = c->dlocals.v[i];

		if (!strcmp(l->name, name))
			return l;
	}
	return NULL;
}

/*
 * this-> variables between the program's variables and the probe's area
 * of MAP_DLOCALS (see struct clocal): save, at the exit, stores them
 * there; else they
 * are loaded from there, or, in the first clause of the probe, where a
 * firing starts, the whole value is zeroed instead.
 */
static void locals_move(struct cg *g, bool save)
{
	int p = ir_vreg(&g->ir), i;

	ir_ld_map_value(&g->ir, p, MAP_DLOCALS);
	ir_alu_imm(&g->ir, BPF_ADD, p,
		   (g->pi->when - WHEN_BEGIN) * g->c->dlocals_size);
	if (!save && g->first_clause) {
		cg_zero_at(g, p, 0, g->c->dlocals_size);
		return;
	}
	for (i = 0; i < g->vars.n; i++) {
		const struct cg_var *v = g->vars.v[i];
		const struct clocal *l = clause_local(g, v) ?
					 clocal_of(g->c, v->sym->name) : NULL;
		int size;

		if (!l)
			continue;
		if (v->reg >= 0) {
			if (save)
				ir_st(&g->ir, BPF_DW, p, l->off, v->reg);
			else
				ir_ld(&g->ir, BPF_DW, v->reg, p, l->off);
			continue;
		}
		size = v->sym->val->size < l->size ? v->sym->val->size : l->size;
		if (save)
			cg_copy(g, p, l->off, v->base, v->off, size);
		else
			cg_copy(g, v->base, v->off, p, l->off, size);
	}
}

/*
 * Ends the program: at g->exit_label the tails a run past the predicate
 * owes (REC_END, lost records, the wake-up), at g->skip_label none.
 */
static int cg_end(struct cg *g)
{
	bool held;
	int i;

	fault_tail(g);
	held = g->nrec > 1 || (g->nrec && g->c->opts.hold_runs) ||
	       (g->nfaults && g->nrec + g->nweak > 1);
	ir_place(&g->ir, g->exit_label);
	if (g->keep_locals)
		locals_move(g, true);
	if (held)
		hold_tail(g);
	else
		for (i = g->holds.n - 2; i >= 0; i -= 2)
			ir_remove_range(&g->ir, (intptr_t)g->holds.v[i],
					(intptr_t)g->holds.v[i + 1]);
	vec_free(&g->holds);
	if (g->lost_used)
		lost_tail(g);
	if (g->wake_tail)
		wake_tail(g);
	if (!g->lost_used)
		ir_remove(&g->ir, g->tail_init + 1);
	if (!held)
		ir_remove(&g->ir, g->tail_init);
	ir_place(&g->ir, g->skip_label);
	ir_mov_imm(&g->ir, BPF_REG_0, 0);
	ir_exit(&g->ir);
	return g->err;
}

/*
 * A program may use at most 64 maps (the kernel's MAX_USED_MAPS).  A
 * probe body whose statements pass SPLIT_MAPS of them goes on in a
 * tail-called part, which leaves room for what one more statement and
 * the program's tails load (MAP_CARRY, MAP_TAILS, the ring buffer).
 */
#define MAX_USED_MAPS 64
#define SPLIT_MAPS 48
/*
 * The verifier follows at most 8192 pending branches (its jump sequence
 * limit) and its work grows faster than a program: a body past this
 * many IR instructions also goes on in a part of its own.
 */
#define SPLIT_INSNS 16384

/*
 * Whether probe sp may go on in tail-called programs: a body of integer
 * variables only, which MAP_CARRY hands from one part to the next, and
 * no D scratch space, whose allocations the next part could not see.
 */
static bool splittable(const struct sema_probe *sp)
{
	int i;

	if (sp->node->b->kind != N_BLOCK || sp->uses_dscratch ||
	    sp->dscratch_in_pred)
		return false;
	for (i = 0; i < sp->vars.n; i++)
		if (!type_in_reg(((struct symbol *)sp->vars.v[i])->val))
			return false;
	return true;
}

/* How many maps this part's IR loads so far. */
static int part_maps(struct cg *g)
{
	int i, j;

	for (i = g->maps_scanned; i < g->ir.n; i++) {
		const struct ir_insn *in = &g->ir.insn[i];

		if (in->kind != IR_LD_MAP && in->kind != IR_LD_MAP_VALUE)
			continue;
		for (j = 0; j < g->part_maps.n; j++)
			if ((intptr_t)g->part_maps.v[j] == in->imm)
				break;
		if (j == g->part_maps.n)
			vec_push(&g->part_maps, (void *)(intptr_t)in->imm);
	}
	g->maps_scanned = g->ir.n;
	return g->part_maps.n;
}

/*
 * Whether the body goes on in a new part after the statement just
 * generated.  ferret strace's capture code splits by a size of its own
 * (compile_opts.split_insns).  Any probe splits by maps and by
 * SPLIT_INSNS, at a point where its run can be cut: no held record sent
 * yet (the next part could not end the run that holds it), no
 * speculation and no firing state the next part would read again (D's
 * timestamp, this-> variables kept across BEGIN's clauses).
 */
static bool split_due(struct cg *g)
{
	if (g->c->opts.split_insns > 0 && g->c->opts.interleave &&
	    g->pi->when == WHEN_EVENT)
		return g->ir.n >= g->c->opts.split_insns;
	if (g->nrec || g->nweak || g->spec >= 0 || g->timestamp >= 0 ||
	    g->keep_locals)
		return false;
	return part_maps(g) >= SPLIT_MAPS || g->ir.n >= SPLIT_INSNS;
}

/*
 * MAP_CARRY's value in a new register, or a jump to g->exit_label when
 * the lookup fails (it cannot: one entry per CPU).
 */
static int carry(struct cg *g)
{
	int p = ir_vreg(&g->ir), key = cg_alloc(g, 8);

	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, 0);
	cg_lookup(g, MAP_CARRY, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, g->exit_label);
	return p;
}

/*
 * Ends a part of a split probe: its variables to MAP_CARRY, and a tail
 * call of the next part, in a new MAP_TAILS slot.  A run that returns
 * or calls exit() never gets here; a failed tail call ends the run.
 */
static void split_here(struct cg *g, int next)
{
	int p, i, size = 8 * g->vars.n;

	/*
	 * A tail call does not come back: what this part lost, now (and
	 * not again on the way out should the call fail).
	 */
	if (g->lost_used) {
		lost_tail(g);
		ir_mov_imm(&g->ir, g->lost, 0);
	}
	if (g->vars.n) {
		p = carry(g);
		for (i = 0; i < g->vars.n; i++)
			ir_st(&g->ir, BPF_DW, p, 8 * i,
			      ((struct cg_var *)g->vars.v[i])->reg);
	}
	if (g->c->carry_size < size)
		g->c->carry_size = size;
	g->tail_next = g->c->ntails++;
	g->from = next;
	ir_mov(&g->ir, BPF_REG_1, g->ctx);
	ir_ld_map(&g->ir, BPF_REG_2, MAP_TAILS);
	ir_mov_imm(&g->ir, BPF_REG_3, g->tail_next);
	ir_call(&g->ir, BPF_FUNC_tail_call, 3);
}

/* Whether n calls a function called name (D's speculate()). */
static bool reads_builtin(const struct node *n, const char *name)
{
	int i;

	if (!n)
		return false;
	if (n->kind == N_BUILTIN && !strcmp(n->name, name))
		return true;
	if (reads_builtin(n->a, name) || reads_builtin(n->b, name) ||
	    reads_builtin(n->c, name))
		return true;
	for (i = 0; i < n->nlist; i++)
		if (reads_builtin(n->list[i], name))
			return true;
	return false;
}

/*
 * D: the firing's timestamp (the engine's nsecs), read here once when
 * one of clauses cl[0 .. n) reads it, as DTrace caches it per firing.
 */
static void timestamp_begin(struct cg *g, struct node *const *cl, int n)
{
	int i;

	for (i = 0; i < n && g->c->opts.dtrace; i++) {
		if (reads_builtin(cl[i]->a, "nsecs") ||
		    reads_builtin(cl[i]->b, "nsecs")) {
			g->timestamp = cg_call0(g, BPF_FUNC_ktime_get_ns);
			return;
		}
	}
}

static bool calls(const struct node *n, const char *name)
{
	int i;

	if (!n)
		return false;
	if (n->kind == N_CALL && !strcmp(n->name, name))
		return true;
	if (calls(n->a, name) || calls(n->b, name) || calls(n->c, name))
		return true;
	for (i = 0; i < n->nlist; i++)
		if (calls(n->list[i], name))
			return true;
	return false;
}

/*
 * g->tstr, the address of MAP_SCRATCH's SCRATCH_STMT entry, at the
 * start of a tight probe: one lookup for all its temporaries.
 */
static void tstr_begin(struct cg *g)
{
	struct cg_mark m = cg_mark(g);
	int key = cg_alloc(g, 8), ok = ir_label(&g->ir);

	g->tstr = ir_vreg(&g->ir);
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, SCRATCH_STMT);
	cg_lookup(g, MAP_SCRATCH, key);
	ir_mov(&g->ir, g->tstr, BPF_REG_0);
	/*
	 * Its own exit, not a jump to g->skip_label: a jump's offset is 16
	 * bits, and a clause of unrolled string code is longer.
	 */
	ir_jmp_imm(&g->ir, BPF_JNE, g->tstr, 0, ok);
	ir_mov_imm(&g->ir, BPF_REG_0, 0);
	ir_exit(&g->ir);
	ir_place(&g->ir, ok);
	/* The key is dead once looked up. */
	cg_release(g, m);
}

/* Whether an instruction outside [from, to) reads g->tstr. */
static bool tstr_used(const struct cg *g, int from, int to)
{
	int i;

	for (i = 0; i < g->ir.n; i++) {
		const struct ir_insn *in = &g->ir.insn[i];

		if (i >= from && i < to)
			continue;
		if ((in->kind == IR_INSN || in->kind == IR_JUMP) &&
		    (in->src == g->tstr || in->dst == g->tstr))
			return true;
	}
	return false;
}

/*
 * Generates the program for one probe block on one instance.  Variables
 * are set up front: integers get a register zeroed at entry (the verifier
 * rejects reads of registers that some path left unset), strings a
 * zeroed frame slot.
 *
 * The verifier's work on a program grows faster than its size, and
 * ferret strace's capture code is large: with opts.split_insns, once the
 * code of a top-level statement passes that many IR instructions, the
 * rest of the body goes in the next part (see split_here()); g->from
 * says which part this is.  A part after the first starts with the
 * variables the previous one left, and has no predicate.
 */
static struct symbol *find_var(const struct vec *vars, const char *name)
{
	int i;

	for (i = 0; i < vars->n; i++) {
		struct symbol *sym = vars->v[i];

		if (!strcmp(sym->name, name))
			return sym;
	}
	return NULL;
}

/*
 * Frame space or a register for each variable of sp that the program
 * has none for yet (by name where g->by_name: a this-> variable of two
 * clauses is one), as large as the largest of later[0..nlater) makes
 * it.  Integers start zeroed unless a later part of a split probe loads
 * them (from > 0).
 */
static int alloc_vars(struct cg *g, struct sema_probe *sp, int from,
		      const struct cg_clause *later, int nlater)
{
	int i, j;

	for (i = 0; i < sp->vars.n; i++) {
		struct symbol *sym = sp->vars.v[i], *o;
		struct cg_var *v = var_of(g, sym);

		for (j = 0; j < nlater && !v; j++) {
			o = find_var(&later[j].sp->vars, sym->name);
			if (o && o->val && !type_in_reg(o->val) &&
			    !type_in_reg(sym->val) && o->val->size > sym->val->size)
				sym = o;
		}

		if (v) {
			bool reg = type_in_reg(sym->val);

			if (reg != (v->reg >= 0) ||
			    (!reg && sym->val->size > v->sym->val->size))
				return cg_error(g, sym->first,
						"%s has another type here than in an earlier clause of this probe",
						sym->name);
			continue;
		}
		v = xcalloc(1, sizeof(*v));
		v->sym = sym;
		v->reg = -1;
		if (type_in_reg(sym->val)) {
			v->reg = ir_vreg(&g->ir);
			/* A later part loads them all from MAP_CARRY. */
			if (from <= 0)
				ir_mov_imm(&g->ir, v->reg, 0);
		} else {
			v->off = cg_alloc_tmp(g, sym->val->size, &v->base);
			cg_zero_at(g, v->base, v->off, sym->val->size);
		}
		vec_push(&g->vars, v);
	}
	return 0;
}

/*
 * D's strtok() state lasts for the clauses of one firing on a CPU, as
 * dtrace's does: the first clause of a probe forgets what the last
 * firing left.
 */
static void strtok_reset(struct cg *g)
{
	int key;

	if (!g->c->strtok_state || !g->first_clause)
		return;
	key = cg_map_key(g, g->c->strtok_state, -1);
	ir_ld_map(&g->ir, BPF_REG_1, g->c->strtok_state->sym->id);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_call(&g->ir, BPF_FUNC_map_delete_elem, 2);
}

static void free_vars(struct cg *g)
{
	int i;

	for (i = 0; i < g->vars.n; i++)
		free(g->vars.v[i]);
	vec_free(&g->vars);
}

/*
 * The end of a probe's program once its clauses are generated (ret their
 * result): the scratch pointer's set-up at [tstr_from, tstr_to) dropped
 * if nothing used it, the tails, and what generating held.
 */
static int probe_finish(struct cg *g, int ret, int tstr_from, int tstr_to)
{
	int i;

	if (!ret && g->tstr && !tstr_used(g, tstr_from, tstr_to)) {
		ir_remove_range(&g->ir, tstr_from, tstr_to);
		/* The held-record ranges come after it. */
		for (i = 0; i < g->holds.n; i++)
			g->holds.v[i] = (void *)((intptr_t)g->holds.v[i] -
						 (tstr_to - tstr_from));
	}
	if (!ret)
		ret = cg_end(g);
	/* cg_end() frees them; a probe that failed before it leaves them. */
	vec_free(&g->holds);
	vec_free(&g->part_maps);
	free_vars(g);
	return ret;
}

int cg_probe(struct cg *g, struct sema_probe *sp, const struct probe_inst *pi,
	     bool use_cookie)
{
	struct node *p = sp->node, *body = p->b;
	bool split = splittable(sp);
	int i, from = g->from, ret = 0, tstr_from, tstr_to;

	g->probe = p;
	g->use_cookie = use_cookie;
	cg_begin(g, &p->loc, pi, pi->index);
	tstr_from = g->ir.n;
	if (g->tight)
		tstr_begin(g);
	tstr_to = g->ir.n;
	ret = alloc_vars(g, sp, from, NULL, 0);
	timestamp_begin(g, &p, 1);
	/* A later part of a split probe goes on with the firing's state. */
	if (from <= 0)
		strtok_reset(g);
	/*
	 * BEGIN, END and ERROR: this-> variables from the probe's earlier
	 * clauses (see struct clocal); the first clear them all.
	 */
	if (g->c->dlocals_size && pi->when != WHEN_EVENT)
		g->keep_locals = g->first_clause;
	for (i = 0; i < g->vars.n && g->c->dlocals_size && !g->keep_locals; i++)
		if (pi->when != WHEN_EVENT && clause_local(g, g->vars.v[i]))
			g->keep_locals = true;
	if (g->keep_locals)
		locals_move(g, false);
	g->from = -1;
	/* Zero before speculate(): a record made before it is no guess. */
	if (g->c->opts.dtrace && calls(body, "speculate")) {
		g->spec = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, g->spec, 0);
	}
	if (from > 0 && g->vars.n) {
		int c = carry(g);

		for (i = 0; i < g->vars.n; i++)
			ir_ld(&g->ir, BPF_DW, ((struct cg_var *)g->vars.v[i])->reg, c, 8 * i);
	}
	/* Scratch is set up after the predicate unless that uses it. */
	if (sp->dscratch_in_pred && from <= 0)
		bi_dscratch_begin(g);
	/* With this-> variables to save, a failed predicate exits. */
	if (!from && p->a && !ret) {
		g->ir.loc = &p->a->loc;
		ret = cond_jump(g, p->a, false,
				g->keep_locals ? g->exit_label : g->skip_label);
	}
	if (sp->uses_dscratch && !sp->dscratch_in_pred && from <= 0 && !ret)
		bi_dscratch_begin(g);
	if (body->kind != N_BLOCK && !ret)
		ret = cg_block(g, body);
	for (i = from; body->kind == N_BLOCK && !ret && i < body->nlist; i++) {
		ret = cg_stmt(g, body->list[i]);
		if (!ret && part_maps(g) > MAX_USED_MAPS)
			ret = cg_error(g, body->list[i],
				       "this statement takes the probe past %d maps, the most one BPF program may use; a probe goes on in another program only where its variables are integers, before it sends output",
				       MAX_USED_MAPS);
		if (!ret && split && i + 1 < body->nlist && split_due(g)) {
			split_here(g, i + 1);
			break;
		}
	}
	g->ir.loc = &p->loc;
	return probe_finish(g, ret, tstr_from, tstr_to);
}

/*
 * The stop word, which exit() sets: once it is set no clause starts
 * (jump to label).
 */
static void stop_check(struct cg *g, int label)
{
	int stop = ir_vreg(&g->ir);

	ir_ld_map_value(&g->ir, stop, MAP_CONTROL);
	ir_ld(&g->ir, BPF_DW, stop, stop, CONTROL_STOP);
	ir_jmp_imm(&g->ir, BPF_JNE, stop, 0, label);
}

/*
 * One clause of cg_clauses(): its predicate and body, ending at
 * g->exit_label, where the next starts.
 */
static int one_clause(struct cg *g, const struct cg_clause *cl)
{
	struct node *p = cl->sp->node;
	int ret = 0;

	g->probe = p;
	g->pi = cl->pi;
	g->probe_id = cl->pi->index;
	g->epid = cl->epid;
	g->brk = g->cont = -1;
	g->dscratch.top = -1;
	g->strtok_set = false;
	g->spec = -1;
	g->ir.loc = &p->loc;
	/* Zero before speculate(): a record made before it is no guess. */
	if (calls(p->b, "speculate")) {
		g->spec = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, g->spec, 0);
	}
	if (cl->sp->dscratch_in_pred)
		bi_dscratch_begin(g);
	if (p->a) {
		g->ir.loc = &p->a->loc;
		ret = cond_jump(g, p->a, false, g->exit_label);
	}
	if (!ret && cl->sp->uses_dscratch && !cl->sp->dscratch_in_pred)
		bi_dscratch_begin(g);
	if (!ret)
		ret = cg_block(g, p->b);
	return ret ? ret : g->err;
}

int cg_clauses(struct cg *g, const struct cg_clause *cl, int n)
{
	const struct probe_inst *pi = cl[0].pi;
	int i, ret = 0, tstr_from, tstr_to, done;
	bool exits = false;

	g->by_name = true;
	g->use_cookie = false;
	g->probe = cl[0].sp->node;
	cg_begin(g, &g->probe->loc, pi, pi->index);
	done = g->exit_label;
	/*
	 * A firing that is not the probe's (the stop word, a guard) returns
	 * here rather than past every clause, which may be further than a
	 * jump reaches.
	 */
	{
		int past = ir_label(&g->ir);

		ir_ja(&g->ir, past);
		ir_place(&g->ir, g->skip_label);
		ir_mov_imm(&g->ir, BPF_REG_0, 0);
		ir_exit(&g->ir);
		ir_place(&g->ir, past);
		g->skip_label = ir_label(&g->ir);
	}
	tstr_from = g->ir.n;
	if (g->tight)
		tstr_begin(g);
	tstr_to = g->ir.n;
	/*
	 * One set of this-> variables for the firing, zeroed here, each
	 * the size of its largest type: a later clause may widen a string
	 * (sema's unify()).
	 */
	for (i = 0; i < n && !ret; i++)
		ret = alloc_vars(g, cl[i].sp, 0, cl + i + 1, n - i - 1);
	for (i = 0; i < n && g->timestamp < 0; i++)
		timestamp_begin(g, &cl[i].sp->node, 1);
	strtok_reset(g);
	g->from = -1;
	for (i = 0; i < n && !ret; i++) {
		struct node *p = cl[i].sp->node;

		/*
		 * As in DTrace, after an exit() no clause of the firing
		 * starts; the rest of the clause that called it runs.  Each
		 * check skips one clause, to the next check: a jump that
		 * passes no more than a clause keeps to BPF's 16-bit offsets
		 * wherever separate programs would.
		 */
		g->exit_label = ir_label(&g->ir);
		if (exits) {
			g->ir.loc = &p->loc;
			stop_check(g, g->exit_label);
		}
		/*
		 * What a fault in the clause keeps of the run (rec_fault):
		 * with the holds, dropped where the run holds nothing.
		 */
		if (g->c->opts.dtrace) {
			vec_push(&g->holds, (void *)(intptr_t)g->ir.n);
			ir_mov(&g->ir, g->clause_sent, g->sent);
			vec_push(&g->holds, (void *)(intptr_t)g->ir.n);
		}
		ret = one_clause(g, &cl[i]);
		fault_tail(g);
		ir_place(&g->ir, g->exit_label);
		/*
		 * Each clause a run of its own where the front end weighs
		 * runs (D's buffer policies charge a record header to each
		 * clause, as DTrace's EPID): its REC_END here.
		 */
		if (g->c->opts.hold_runs && i < n - 1) {
			hold_tail(g);
			ir_mov_imm(&g->ir, g->sent, 0);
		}
		exits |= calls(p->a, "exit") || calls(p->b, "exit");
	}
	g->exit_label = done;
	g->probe = cl[0].sp->node;
	g->pi = pi;
	g->probe_id = pi->index;
	g->ir.loc = &g->probe->loc;
	return probe_finish(g, ret, tstr_from, tstr_to);
}

int cg_arm(struct cg *g, const struct node *p, const struct probe_inst *pi)
{
	const struct probe_inst *arm = pi->arm;
	int off = arm->prov->arg_offset ? arm->prov->arg_offset(arm, pi->arm_arg) : -1;
	int addr, rec;

	if (off < 0)
		return -EINVAL;
	g->probe = NULL;
	cg_begin(g, &p->loc, arm, pi->index);
	addr = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, addr, g->ctx, off);
	/* Reserved first: with the buffer full the process is not stopped. */
	rec = cg_record_begin(g, REC_ARM, pi->index, 8, g->exit_label);
	ir_st(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), addr);
	if (pi->arm_stop) {
		g->c->stops_target = true;
		ir_mov_imm(&g->ir, BPF_REG_1, SIGSTOP);
		ir_call(&g->ir, BPF_FUNC_send_signal, 1);
	}
	cg_record_end(g, rec, true);
	return cg_end(g);
}

/* 1: checked from -k; 2: from -kk (reads fail often and harmlessly). */
static int check_level(int64_t helper)
{
	switch (helper) {
	case BPF_FUNC_map_update_elem:
	case BPF_FUNC_map_delete_elem:
	case BPF_FUNC_send_signal:
	case BPF_FUNC_get_stackid:
	case BPF_FUNC_ringbuf_output:
		return 1;
	case BPF_FUNC_probe_read:
	case BPF_FUNC_probe_read_str:
	case BPF_FUNC_probe_read_user:
	case BPF_FUNC_probe_read_user_str:
	case BPF_FUNC_probe_read_kernel:
	case BPF_FUNC_probe_read_kernel_str:
		return 2;
	default:
		return 0;
	}
}

static void check_one(struct cg *g, const struct ir_insn *call)
{
	struct helper_site *site = xcalloc(1, sizeof(*site));
	int v = ir_vreg(&g->ir), ok = ir_label(&g->ir), rec;

	site->loc = call->loc;
	site->helper = call->imm;
	vec_push(&g->c->helper_sites, site);
	g->ir.loc = call->loc;
	ir_mov(&g->ir, v, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JSGE, v, 0, ok);
	rec = cg_record_begin(g, REC_HELPER_ERR, g->c->helper_sites.n - 1, 8, ok);
	ir_st(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), v);
	cg_record_end(g, rec, false);
	ir_place(&g->ir, ok);
	ir_mov(&g->ir, BPF_REG_0, v);
}

void cg_check_helpers(struct cg *g, int level)
{
	struct ir_insn *old = g->ir.insn;
	int n = g->ir.n, i, lv;

	g->ir.insn = NULL;
	g->ir.n = g->ir.cap = 0;
	for (i = 0; i < n; i++) {
		ir_add_copy(&g->ir, &old[i]);
		if (old[i].kind != IR_INSN ||
		    old[i].code != (BPF_JMP | BPF_CALL))
			continue;
		lv = check_level(old[i].imm);
		if (lv && lv <= level)
			check_one(g, &old[i]);
	}
	free(old);
}
