/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's speculations: speculation(), speculate(id), commit(id), discard(id).
 *
 * The kernel side is MAP_SPEC, one slot per id (see SPEC_FREE): the
 * programs claim a slot and end it with compare-and-exchange, so that of
 * two CPUs racing for a slot one wins.  Ending a speculation frees its
 * slot at once, with the next generation, and sends a commit or discard
 * record naming the generation that ended.  The records a clause makes
 * after speculate() carry the id and the generation it saw (spec_stamp()
 * in cg.c).  User space keeps them per id until the commit or discard of
 * their generation arrives, then prints or drops them (run.c).
 *
 * Why that order holds: the ring buffer is one ordered stream, and user
 * space takes each record where it is in it (a held run where its
 * REC_END is).  A speculation's records are made before the run that
 * ends it reserves its commit, so they come before it in the stream,
 * unless another CPU made them while the commit ran, in which case they
 * come after the end of their generation and are dropped, as DTrace
 * drops data speculated into a buffer that is being committed.  Records
 * of the next generation may come before the commit of the last (a held
 * run of another CPU that ended first): they are told apart by their
 * generation, and kept for their own end.
 */
#include <errno.h>
#include <string.h>

#include "internal.h"
#include "../compile/compile.h"

/* DTrace's words for a call with the wrong number of arguments. */
static int d_nargs(struct sema *s, struct node *n, int want)
{
	if (n->nlist == want)
		return 0;
	return sema_error(s, n, "[D_PROTO_LEN] %s( ) prototype mismatch: %d arg%s passed, %d expected",
			  n->name, n->nlist, n->nlist == 1 ? "" : "s", want);
}

static int sema_speculation(struct sema *s, struct node *n)
{
	n->type = type_int(4, true);
	s->c->uses_spec = true;
	return d_nargs(s, n, 0);
}

/* speculate(id), commit(id), discard(id). */
static int sema_spec_id(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	s->c->uses_spec = true;
	if (d_nargs(s, n, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	return 0;
}

/* r |= the generation of slot value v, as record headers carry it. */
static void gen_tag(struct cg *g, int r, int v, int shift)
{
	int t = ir_vreg(&g->ir);

	ir_mov(&g->ir, t, v);
	ir_alu_imm(&g->ir, BPF_RSH, t, SPEC_GEN_SHIFT);
	ir_alu_imm(&g->ir, BPF_AND, t, 0xff);
	ir_alu_imm(&g->ir, BPF_LSH, t, shift);
	ir_alu(&g->ir, BPF_OR, r, t);
}

/* A register with the address of slot id (a register, 1..nspec). */
static int slot_addr(struct cg *g, int id)
{
	int p = ir_vreg(&g->ir), o = ir_vreg(&g->ir);

	ir_ld_map_value(&g->ir, p, MAP_SPEC);
	ir_mov(&g->ir, o, id);
	ir_alu_imm(&g->ir, BPF_LSH, o, 3);
	ir_alu(&g->ir, BPF_ADD, p, o);
	return p;
}

/* The first free slot, claimed; 0 when none is, counted. */
static int cg_speculation(struct cg *g, struct node *n, struct val *out)
{
	int res = ir_vreg(&g->ir), p = ir_vreg(&g->ir), v = ir_vreg(&g->ir);
	int t = ir_vreg(&g->ir), nv = ir_vreg(&g->ir), done = ir_label(&g->ir);
	int i;

	ir_mov_imm(&g->ir, res, 0);
	ir_ld_map_value(&g->ir, p, MAP_SPEC);
	for (i = 1; i <= g->c->opts.nspec; i++) {
		int next = ir_label(&g->ir);

		ir_ld(&g->ir, BPF_DW, v, p, 8 * i);
		ir_mov(&g->ir, t, v);
		ir_alu_imm(&g->ir, BPF_AND, t, SPEC_STATE_MASK);
		ir_jmp_imm(&g->ir, BPF_JNE, t, SPEC_FREE, next);
		ir_mov(&g->ir, nv, v);
		ir_alu_imm(&g->ir, BPF_OR, nv, SPEC_ACTIVE);
		ir_mov(&g->ir, BPF_REG_0, v);
		ir_atomic(&g->ir, BPF_DW, p, 8 * i, nv, BPF_CMPXCHG);
		/* Another CPU took it first: try the next. */
		ir_jmp(&g->ir, BPF_JNE, BPF_REG_0, v, next);
		ir_mov_imm(&g->ir, res, i);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, next);
	}
	cg_count_stat(g, STAT_SPEC_UNAVAIL(g->c));
	ir_place(&g->ir, done);
	return bi_int(out, res, n->type);
}

/*
 * speculate(id): the clause's records from here on belong to speculation
 * id.  With an id that is 0, past nspec or not active, the clause ends
 * here, recording nothing, as in DTrace.
 */
static int cg_speculate(struct cg *g, struct node *n, struct val *out)
{
	struct val v;
	int r = ir_vreg(&g->ir), p, s = ir_vreg(&g->ir), t = ir_vreg(&g->ir);

	out->kind = V_NONE;
	if (g->spec < 0)
		return cg_error(g, n, "speculate( ) is not supported here");
	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	ir_mov(&g->ir, r, cg_reg(g, &v));
	ir_jmp_imm(&g->ir, BPF_JEQ, r, 0, g->exit_label);
	ir_jmp_imm(&g->ir, BPF_JGT, r, g->c->opts.nspec, g->exit_label);
	p = slot_addr(g, r);
	ir_ld(&g->ir, BPF_DW, s, p, 0);
	ir_mov(&g->ir, t, s);
	ir_alu_imm(&g->ir, BPF_AND, t, SPEC_STATE_MASK);
	ir_jmp_imm(&g->ir, BPF_JNE, t, SPEC_ACTIVE, g->exit_label);
	/* The header as one u64: kind in the low half, id in the high. */
	ir_mov(&g->ir, g->spec, r);
	ir_alu_imm(&g->ir, BPF_LSH, g->spec, REC_SPEC_SHIFT);
	gen_tag(g, g->spec, s, 32 + REC_GEN_SHIFT);
	return 0;
}

/*
 * commit(id), discard(id): frees an active slot for its next generation,
 * and tells user space with a record of kind naming the generation that
 * ended.  The record is reserved first, so that a full buffer leaves the
 * speculation active rather than ended unheard; it goes back unsent when
 * the slot was not active (ended already: the first end wins, as in
 * DTrace).  An id past nspec is DTrace's illegal operation; 0 does
 * nothing.
 */
static int end_spec(struct cg *g, struct node *n, int kind)
{
	struct val v;
	int r = ir_vreg(&g->ir), ok = ir_label(&g->ir), done = ir_label(&g->ir);
	int drop = ir_label(&g->ir), spec = g->spec, rec, p;
	int cur = ir_vreg(&g->ir), t = ir_vreg(&g->ir), nv = ir_vreg(&g->ir);

	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	ir_mov(&g->ir, r, cg_reg(g, &v));
	ir_jmp_imm(&g->ir, BPF_JEQ, r, 0, done);
	ir_jmp_imm(&g->ir, BPF_JLE, r, g->c->opts.nspec, ok);
	cg_fault(g, FAULT_ILLOP, -1);
	ir_place(&g->ir, ok);
	/* The record is about the speculation, not part of one. */
	g->spec = -1;
	rec = cg_record_begin(g, kind, 0, 0, done);
	g->spec = spec;
	p = slot_addr(g, r);
	ir_ld(&g->ir, BPF_DW, cur, p, 0);
	ir_mov(&g->ir, t, cur);
	ir_alu_imm(&g->ir, BPF_AND, t, SPEC_STATE_MASK);
	ir_jmp_imm(&g->ir, BPF_JNE, t, SPEC_ACTIVE, drop);
	ir_mov(&g->ir, nv, cur);
	ir_alu_imm(&g->ir, BPF_ADD, nv, 1 << SPEC_GEN_SHIFT);
	ir_alu_imm(&g->ir, BPF_AND, nv, ~SPEC_STATE_MASK);
	ir_mov(&g->ir, BPF_REG_0, cur);
	ir_atomic(&g->ir, BPF_DW, p, 0, nv, BPF_CMPXCHG);
	ir_jmp(&g->ir, BPF_JNE, BPF_REG_0, cur, drop);
	gen_tag(g, r, cur, REC_GEN_SHIFT);
	ir_st(&g->ir, BPF_W, rec, 4, r);
	cg_record_end(g, rec, true);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, drop);
	cg_record_discard(g, rec);
	ir_place(&g->ir, done);
	return 0;
}

static int cg_commit(struct cg *g, struct node *n, struct val *out)
{
	out->kind = V_NONE;
	return end_spec(g, n, REC_SPEC_COMMIT);
}

static int cg_discard(struct cg *g, struct node *n, struct val *out)
{
	out->kind = V_NONE;
	return end_spec(g, n, REC_SPEC_DISCARD);
}

static int rt_commit(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	return run_spec_end(rt, h->id & REC_ID_MASK, h->id >> REC_GEN_SHIFT, true);
}

static int rt_discard(struct runtime *rt, const struct rec_hdr *h,
		      const void *data, size_t len)
{
	return run_spec_end(rt, h->id & REC_ID_MASK, h->id >> REC_GEN_SHIFT, false);
}

#define FN(n, k, s, c, r) { .name = n, .func = true, .rec_kind = k, \
			    .sema = s, .cg = c, .rt = r }

const struct builtin builtin_dtrace_spec[] = {
	FN("speculation", 0, sema_speculation, cg_speculation, NULL),
	FN("speculate", 0, sema_spec_id, cg_speculate, NULL),
	FN("commit", REC_SPEC_COMMIT, sema_spec_id, cg_commit, rt_commit),
	FN("discard", REC_SPEC_DISCARD, sema_spec_id, cg_discard, rt_discard),
	{ .name = NULL },
};
