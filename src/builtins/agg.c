/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations: @m[k] = count(), sum(), avg(), min(), max(), stats(),
 * hist(), lhist().  They live in per-CPU maps (layouts in types.h), so
 * the update needs no atomics; user space folds the CPUs at print time.
 */
#include <errno.h>

#include "internal.h"

enum agg_op { A_COUNT, A_SUM, A_MIN, A_MAX, A_AVG, A_HIST };

static int sema_count(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 0, 0))
		return -EINVAL;
	n->type = type_simple(TY_COUNT);
	return 0;
}

static int sema_one(struct sema *s, struct node *n, enum type_kind k)
{
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	n->type = type_simple(k);
	return 0;
}

static int sema_sum(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_SUM);
}

static int sema_min(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_MIN);
}

static int sema_max(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_MAX);
}

static int sema_avg(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_AVG);
}

static int sema_stats(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_STATS);
}

static int sema_hist(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_HIST);
}

static int sema_lhist(struct sema *s, struct node *n)
{
	int64_t v[3];
	struct type *t;
	int i;

	if (bi_nargs(s, n, 4, 4) || bi_int_arg(s, n, 0))
		return -EINVAL;
	for (i = 0; i < 3; i++)
		if (sema_const_int(s, n->list[i + 1], &v[i]))
			return -EINVAL;
	if (v[0] < 0)
		return sema_error(s, n->list[1],
				  "lhist() min must be non-negative (provided min %lld)",
				  (long long)v[0]);
	if (v[2] <= 0)
		return sema_error(s, n->list[3], "lhist() step must be positive");
	if (v[1] <= v[0])
		return sema_error(s, n->list[2], "lhist() max must be above min");
	if ((v[1] - v[0]) / v[2] > 1000)
		return sema_error(s, n, "lhist() too many buckets, must be <= 1000 (would need %lld)",
				  (long long)((v[1] - v[0]) / v[2]));
	t = type_new();
	t->kind = TY_LHIST;
	t->size = 8;
	t->lh_min = v[0];
	t->lh_max = v[1];
	t->lh_step = v[2];
	n->type = t;
	return 0;
}

/*
 * acc += floor(log2(x)) for x > 0 below 2^(2 * top), by shifts of top,
 * top / 2 ... 1; x is clobbered, t is scratch.
 */
static void add_log2(struct cg *g, int x, int acc, int t, int top)
{
	int sh;

	for (sh = top; sh; sh >>= 1) {
		int skip = ir_label(&g->ir);

		ir_mov(&g->ir, t, x);
		ir_alu_imm(&g->ir, BPF_RSH, t, sh);
		ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, skip);
		ir_mov(&g->ir, x, t);
		ir_alu_imm(&g->ir, BPF_ADD, acc, sh);
		ir_place(&g->ir, skip);
	}
}

/*
 * bucket = v < 0 ? 0 : v == 0 ? 1 : 2 + floor(log2(v)), with log2 taken
 * by shifts of 16, 8, 4, 2 and 1 as bpftrace 0.17 does: values from 2^31
 * up all land in its last bucket, [2G, 4G).
 */
static int hist_bucket(struct cg *g, int v)
{
	int b = ir_vreg(&g->ir), x = ir_vreg(&g->ir), t = ir_vreg(&g->ir);
	int done = ir_label(&g->ir);

	ir_mov_imm(&g->ir, b, 0);
	ir_jmp_imm(&g->ir, BPF_JSLT, v, 0, done);
	ir_mov_imm(&g->ir, b, 1);
	ir_jmp_imm(&g->ir, BPF_JEQ, v, 0, done);
	ir_mov_imm(&g->ir, b, 2);
	ir_mov(&g->ir, x, v);
	add_log2(g, x, b, t, 16);
	ir_place(&g->ir, done);
	return b;
}

static int lhist_bucket(struct cg *g, int v, const struct type *t)
{
	int b = ir_vreg(&g->ir), done = ir_label(&g->ir);
	int64_t n = (t->lh_max - t->lh_min) / t->lh_step;

	ir_mov_imm(&g->ir, b, 0);
	ir_jmp_imm(&g->ir, BPF_JSLT, v, t->lh_min, done);
	ir_mov_imm(&g->ir, b, n + 1);
	ir_jmp_imm(&g->ir, BPF_JSGE, v, t->lh_max, done);
	ir_mov(&g->ir, b, v);
	ir_alu_imm(&g->ir, BPF_SUB, b, t->lh_min);
	ir_alu_imm(&g->ir, BPF_DIV, b, t->lh_step);
	ir_alu_imm(&g->ir, BPF_ADD, b, 1);
	ir_place(&g->ir, done);
	return b;
}

/*
 * D's quantize bucket (types.h): D_QUANT_ZERO for 0, D_QUANT_ZERO + 1 +
 * floor(log2(v)) above it, D_QUANT_ZERO - 1 - floor(log2(-v)) below,
 * with -v taken as unsigned so that INT64_MIN lands in bucket 0.
 */
static int quant_bucket(struct cg *g, int v)
{
	int b = ir_vreg(&g->ir), x = ir_vreg(&g->ir), t = ir_vreg(&g->ir);
	int l = ir_vreg(&g->ir), done = ir_label(&g->ir);
	int pos = ir_label(&g->ir);

	ir_mov_imm(&g->ir, b, D_QUANT_ZERO);
	ir_jmp_imm(&g->ir, BPF_JEQ, v, 0, done);
	ir_mov(&g->ir, x, v);
	ir_jmp_imm(&g->ir, BPF_JSGT, v, 0, pos);
	ir_alu_imm(&g->ir, BPF_NEG, x, 0);
	ir_place(&g->ir, pos);
	ir_mov_imm(&g->ir, l, 0);
	add_log2(g, x, l, t, 32);
	ir_mov_imm(&g->ir, b, D_QUANT_ZERO + 1);
	ir_alu(&g->ir, BPF_ADD, b, l);
	ir_jmp_imm(&g->ir, BPF_JSGT, v, 0, done);
	ir_mov_imm(&g->ir, b, D_QUANT_ZERO - 1);
	ir_alu(&g->ir, BPF_SUB, b, l);
	ir_jmp_imm(&g->ir, BPF_JSGE, b, 0, done);
	ir_mov_imm(&g->ir, b, 0);
	ir_place(&g->ir, done);
	return b;
}

/*
 * The shared shape: find this CPU's value for the key and update it in
 * place, or insert the first value.
 */
static int agg(struct cg *g, struct node *n, enum agg_op op)
{
	struct node *m = n->target;
	int v = -1, bucket = -1, key, p, miss, done, init, t;
	struct val a;

	if (n->nlist && cg_expr(g, n->list[0], &a))
		return -EINVAL;
	if (n->nlist)
		v = cg_reg(g, &a);
	if (op == A_HIST)
		bucket = n->type->kind == TY_HIST ? hist_bucket(g, v) :
			 n->type->kind == TY_QUANT ? quant_bucket(g, v) :
			 lhist_bucket(g, v, n->type);
	key = cg_map_key(g, m, bucket);
	p = ir_vreg(&g->ir);
	t = ir_vreg(&g->ir);
	miss = ir_label(&g->ir);
	done = ir_label(&g->ir);
	cg_lookup(g, m->sym->id, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, miss);
	switch (op) {
	case A_COUNT:
	case A_HIST:
	case A_SUM:
		ir_ld(&g->ir, BPF_DW, t, p, 0);
		if (op == A_SUM)
			ir_alu(&g->ir, BPF_ADD, t, v);
		else
			ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		ir_st(&g->ir, BPF_DW, p, 0, t);
		break;
	case A_MIN:
	case A_MAX: {
		int keep = ir_label(&g->ir), set = ir_label(&g->ir);

		ir_ld(&g->ir, BPF_DW, t, p, 8);
		ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, set);
		ir_ld(&g->ir, BPF_DW, t, p, 0);
		ir_jmp(&g->ir, op == A_MIN ? BPF_JSLE : BPF_JSGE, t, v, keep);
		ir_place(&g->ir, set);
		ir_st(&g->ir, BPF_DW, p, 0, v);
		ir_st_imm(&g->ir, BPF_DW, p, 8, 1);
		ir_place(&g->ir, keep);
		break;
	}
	case A_AVG:
		ir_ld(&g->ir, BPF_DW, t, p, 0);
		ir_alu(&g->ir, BPF_ADD, t, v);
		ir_st(&g->ir, BPF_DW, p, 0, t);
		ir_ld(&g->ir, BPF_DW, t, p, 8);
		ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		ir_st(&g->ir, BPF_DW, p, 8, t);
		break;
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, miss);
	if (op == A_MIN || op == A_MAX || op == A_AVG) {
		init = cg_alloc(g, 16);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, init, v);
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, init + 8, 1);
	} else {
		init = cg_alloc(g, 8);
		if (op == A_SUM)
			ir_st(&g->ir, BPF_DW, BPF_REG_10, init, v);
		else
			ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, init, 1);
	}
	cg_update(g, m->sym->id, key, init, BPF_NOEXIST);
	ir_place(&g->ir, done);
	return 0;
}

static int cg_count(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_COUNT);
}

static int cg_sum(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_SUM);
}

static int cg_min(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_MIN);
}

static int cg_max(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_MAX);
}

static int cg_avg(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_AVG);
}

static int cg_hist(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_HIST);
}

static int sema_quantize(struct sema *s, struct node *n)
{
	return sema_one(s, n, TY_QUANT);
}

/*
 * D's lquantize(value, base, limit[, step]): lhist's buckets, base may
 * be negative and step defaults to 1.
 */
static int sema_lquantize(struct sema *s, struct node *n)
{
	int64_t v[3] = { 0, 0, 1 };
	struct type *t;
	int i;

	if (n->nlist < 3 || n->nlist > 4)
		return sema_error(s, n, "lquantize( ) prototype mismatch: %d args passed, at least 3 expected",
				  n->nlist);
	if (bi_int_arg(s, n, 0))
		return -EINVAL;
	for (i = 1; i < n->nlist; i++)
		if (sema_const_int(s, n->list[i], &v[i - 1]))
			return -EINVAL;
	if (v[2] <= 0)
		return sema_error(s, n->list[3], "lquantize( ) step must be greater than zero");
	if (v[1] <= v[0])
		return sema_error(s, n->list[2], "lquantize( ) upper bound must be greater than lower bound");
	if ((v[1] - v[0]) / v[2] > 65535)
		return sema_error(s, n, "lquantize( ) range of bounds (%lld) with step (%lld) exceeds %d levels",
				  (long long)(v[1] - v[0]), (long long)v[2], 65535);
	t = type_new();
	t->kind = TY_LHIST;
	t->size = 8;
	t->lh_min = v[0];
	t->lh_max = v[1];
	t->lh_step = v[2];
	n->type = t;
	return 0;
}

#define AGG(n, s, c) { .name = n, .func = true, .agg = true, .sema = s, .cg = c }

const struct builtin builtin_aggs[] = {
	AGG("count", sema_count, cg_count),
	AGG("sum", sema_sum, cg_sum),
	AGG("min", sema_min, cg_min),
	AGG("max", sema_max, cg_max),
	AGG("avg", sema_avg, cg_avg),
	AGG("stats", sema_stats, cg_avg),
	AGG("hist", sema_hist, cg_hist),
	AGG("lhist", sema_lhist, cg_hist),
	{ .name = NULL },
};

/* Aggregations only D programs name. */
const struct builtin builtin_dtrace_aggs[] = {
	AGG("quantize", sema_quantize, cg_hist),
	AGG("lquantize", sema_lquantize, cg_hist),
	{ .name = NULL },
};
