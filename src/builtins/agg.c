/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations: @m[k] = count(), sum(), avg(), min(), max(), stats(),
 * hist(), lhist(), and D's quantize(), lquantize(), llquantize() and
 * stddev().  They live in per-CPU maps (layouts in types.h), so the
 * update needs no atomics; user space folds the CPUs at print time.
 */
#include <errno.h>

#include "internal.h"

enum agg_op { A_COUNT, A_SUM, A_MIN, A_MAX, A_AVG, A_HIST, A_STDDEV };

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

/* The argument index of a D quantizing function's increment. */
static int d_incr_arg(const struct type *t)
{
	return t->kind == TY_QUANT ? 1 : t->kind == TY_LHIST ? 4 : 5;
}

/*
 * sq = v * v as 128 bits (sq[0] low, sq[1] high) from the 32-bit halves
 * of |v|: hi * hi << 64 + 2 * hi * lo << 32 + lo * lo.
 */
static void square(struct cg *g, int v, int sq[2])
{
	int lo = ir_vreg(&g->ir), hi = ir_vreg(&g->ir);
	int mid = ir_vreg(&g->ir), low = ir_vreg(&g->ir);
	int pos = ir_label(&g->ir), nocarry = ir_label(&g->ir);

	ir_mov(&g->ir, lo, v);
	ir_jmp_imm(&g->ir, BPF_JSGE, lo, 0, pos);
	ir_alu_imm(&g->ir, BPF_NEG, lo, 0);
	ir_place(&g->ir, pos);
	ir_mov(&g->ir, hi, lo);
	ir_alu_imm(&g->ir, BPF_RSH, hi, 32);
	ir_alu_imm(&g->ir, BPF_LSH, lo, 32);
	ir_alu_imm(&g->ir, BPF_RSH, lo, 32);
	ir_mov(&g->ir, mid, lo);
	ir_alu(&g->ir, BPF_MUL, mid, hi);
	ir_alu(&g->ir, BPF_MUL, lo, lo);
	ir_alu(&g->ir, BPF_MUL, hi, hi);
	/* 2 * mid << 32: its low 31 bits up by 33, the rest down by 31. */
	ir_mov(&g->ir, low, mid);
	ir_alu_imm(&g->ir, BPF_LSH, low, 33);
	ir_alu_imm(&g->ir, BPF_RSH, mid, 31);
	ir_alu(&g->ir, BPF_ADD, lo, low);
	ir_jmp(&g->ir, BPF_JGE, lo, low, nocarry);
	ir_alu_imm(&g->ir, BPF_ADD, hi, 1);
	ir_place(&g->ir, nocarry);
	ir_alu(&g->ir, BPF_ADD, hi, mid);
	sq[0] = lo;
	sq[1] = hi;
}

/* factor^n, or 0 past 64 bits. */
static uint64_t upow(uint64_t factor, int64_t n)
{
	unsigned __int128 r = 1;

	while (n-- > 0) {
		r *= factor;
		if (r > UINT64_MAX)
			return 0;
	}
	return (uint64_t)r;
}

/*
 * D's llquantize bucket (types.h), ranges unrolled: |v| below
 * factor^lmag is the underflow bucket; in the range of magnitude m it
 * is bucket |v| / (factor^(m+1) / steps) of the range, less the
 * steps / factor that lower ranges cover (|v| * steps / factor for
 * m = 0); above factor^(hmag+1) the overflow bucket.  Then it is
 * counted from the underflow bucket up for v >= 0 and down below.
 */
static int llquant_bucket(struct cg *g, int v, const struct type *t)
{
	int64_t lmag = t->lh_min, hmag = t->lh_max, steps = t->lh_step;
	int64_t sf = steps / t->lh_factor, per = steps - sf, m;
	int zero = d_llq_zero(t);
	int b = ir_vreg(&g->ir), x = ir_vreg(&g->ir), c = ir_vreg(&g->ir);
	int pos = ir_label(&g->ir), sign = ir_label(&g->ir);
	int done = ir_label(&g->ir), up = ir_label(&g->ir);

	ir_mov(&g->ir, x, v);
	ir_jmp_imm(&g->ir, BPF_JSGE, x, 0, pos);
	ir_alu_imm(&g->ir, BPF_NEG, x, 0);
	ir_place(&g->ir, pos);
	ir_mov_imm(&g->ir, b, zero);
	ir_mov_imm(&g->ir, c, (int64_t)upow(t->lh_factor, lmag));
	ir_jmp(&g->ir, BPF_JLT, x, c, done);
	for (m = lmag; m <= hmag; m++) {
		uint64_t max = upow(t->lh_factor, m + 1);
		int next = ir_label(&g->ir);

		ir_mov_imm(&g->ir, c, (int64_t)max);
		ir_jmp(&g->ir, BPF_JGE, x, c, next);
		ir_mov(&g->ir, b, x);
		if (m) {
			ir_mov_imm(&g->ir, c, (int64_t)(max / (uint64_t)steps));
		} else {
			ir_mov_imm(&g->ir, c, steps);
			ir_alu(&g->ir, BPF_MUL, b, c);
			ir_mov_imm(&g->ir, c, (int64_t)max);
		}
		ir_alu(&g->ir, BPF_DIV, b, c);
		ir_mov_imm(&g->ir, c, (m - lmag) * per + 1 - sf);
		ir_alu(&g->ir, BPF_ADD, b, c);
		ir_ja(&g->ir, sign);
		ir_place(&g->ir, next);
	}
	ir_mov_imm(&g->ir, b, (hmag - lmag + 1) * per + 1);
	ir_place(&g->ir, sign);
	ir_jmp_imm(&g->ir, BPF_JSGE, v, 0, up);
	ir_alu_imm(&g->ir, BPF_NEG, b, 0);
	ir_place(&g->ir, up);
	ir_alu_imm(&g->ir, BPF_ADD, b, zero);
	ir_place(&g->ir, done);
	return b;
}

static void agg_update(struct cg *g, struct node *m, enum agg_op op,
		       const struct cg_key *key, int v, int incr, const int *sq);

/* Every aggregation: its value, bucket and key, then agg_update(). */
static int agg(struct cg *g, struct node *n, enum agg_op op)
{
	struct node *m = n->target;
	int v = -1, bucket = -1, incr = -1;
	int sq[2] = { -1, -1 };
	struct cg_key key;
	struct val a;

	if (n->nlist && cg_expr(g, n->list[0], &a))
		return -EINVAL;
	if (n->nlist)
		v = cg_reg(g, &a);
	/* D's quantizing functions take an increment after their bounds. */
	if (op == A_HIST && n->type->kind != TY_HIST &&
	    n->nlist == d_incr_arg(n->type) + 1) {
		if (cg_expr(g, n->list[n->nlist - 1], &a))
			return -EINVAL;
		incr = cg_reg(g, &a);
	}
	if (op == A_HIST)
		bucket = n->type->kind == TY_HIST ? hist_bucket(g, v) :
			 n->type->kind == TY_QUANT ? quant_bucket(g, v) :
			 n->type->kind == TY_LLQUANT ? llquant_bucket(g, v, n->type) :
			 lhist_bucket(g, v, n->type);
	if (op == A_STDDEV)
		square(g, v, sq);
	if (cg_key(g, m, bucket, &key))
		return -EINVAL;
	agg_update(g, m, op, &key, v, incr, sq);
	/* Exporters' histograms have a sum: a slot of its own per key. */
	if (op == A_HIST && g->c->opts.hist_sums &&
	    (n->type->kind == TY_HIST || n->type->kind == TY_LHIST)) {
		bucket = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, bucket, -1);
		if (cg_key(g, m, bucket, &key))
			return -EINVAL;
		agg_update(g, m, A_SUM, &key, v, -1, NULL);
	}
	return 0;
}

/*
 * The update of the value at key: find this CPU's value and change it
 * in place, or insert the first value.  An insert that finds the key
 * there (another CPU's, made since the lookup) changes the value found
 * again: this CPU's share of it, zero, as a per-CPU map's insert leaves
 * the other CPUs'.  Dropping it would lose the event.
 */
static void agg_update(struct cg *g, struct node *m, enum agg_op op,
		       const struct cg_key *key, int v, int incr, const int *sq)
{
	int p, have, done, init, t, r;

	p = ir_vreg(&g->ir);
	t = ir_vreg(&g->ir);
	have = ir_label(&g->ir);
	done = ir_label(&g->ir);
	cg_key_lookup(g, m->sym->id, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JNE, p, 0, have);
	if (op == A_STDDEV) {
		init = cg_alloc(g, sizeof(struct agg_stddev));
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, init, 1);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, init + 8, v);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, init + 16, sq[0]);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, init + 24, sq[1]);
	} else if (op == A_MIN || op == A_MAX || op == A_AVG) {
		init = cg_alloc(g, 16);
		ir_st(&g->ir, BPF_DW, BPF_REG_10, init, v);
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, init + 8, 1);
	} else {
		init = cg_alloc(g, 8);
		if (op == A_SUM)
			ir_st(&g->ir, BPF_DW, BPF_REG_10, init, v);
		else if (incr >= 0)
			ir_st(&g->ir, BPF_DW, BPF_REG_10, init, incr);
		else
			ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, init, 1);
	}
	r = cg_key_update(g, m->sym->id, key, init, BPF_NOEXIST);
	ir_jmp_imm(&g->ir, BPF_JNE, r, -EEXIST, done);
	cg_key_lookup(g, m->sym->id, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	ir_place(&g->ir, have);
	switch (op) {
	case A_COUNT:
	case A_HIST:
	case A_SUM:
		ir_ld(&g->ir, BPF_DW, t, p, 0);
		if (op == A_SUM)
			ir_alu(&g->ir, BPF_ADD, t, v);
		else if (incr >= 0)
			ir_alu(&g->ir, BPF_ADD, t, incr);
		else
			ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		ir_st(&g->ir, BPF_DW, p, 0, t);
		break;
	case A_STDDEV: {
		int nocarry = ir_label(&g->ir);

		ir_ld(&g->ir, BPF_DW, t, p, 0);
		ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		ir_st(&g->ir, BPF_DW, p, 0, t);
		ir_ld(&g->ir, BPF_DW, t, p, 8);
		ir_alu(&g->ir, BPF_ADD, t, v);
		ir_st(&g->ir, BPF_DW, p, 8, t);
		ir_ld(&g->ir, BPF_DW, t, p, 16);
		ir_alu(&g->ir, BPF_ADD, t, sq[0]);
		ir_st(&g->ir, BPF_DW, p, 16, t);
		ir_jmp(&g->ir, BPF_JGE, t, sq[0], nocarry);
		ir_alu_imm(&g->ir, BPF_ADD, sq[1], 1);
		ir_place(&g->ir, nocarry);
		ir_ld(&g->ir, BPF_DW, t, p, 24);
		ir_alu(&g->ir, BPF_ADD, t, sq[1]);
		ir_st(&g->ir, BPF_DW, p, 24, t);
		break;
	}
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
	ir_place(&g->ir, done);
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

/* D's aggregating functions: their checks in DTrace's words. */

static bool d_scalar(const struct type *t)
{
	return t && (t->kind == TY_INT || t->kind == TY_PTR);
}

/* The value aggregated: argument #1, an integer or a pointer. */
static int d_value(struct sema *s, struct node *n)
{
	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	if (!d_scalar(n->list[0]->type))
		return sema_error(s, n, "%s( ) argument #1 must be of scalar type",
				  n->name);
	return 0;
}

/* An integer constant expression, as D folds it; false if it is not one. */
static bool d_const(const struct node *n, int64_t *v)
{
	int64_t a, b;

	if (n->kind == N_INT) {
		*v = (int64_t)n->ival;
		return true;
	}
	if (n->kind == N_UNOP && (n->op == T_MINUS || n->op == T_TILDE) &&
	    d_const(n->a, &a)) {
		*v = n->op == T_MINUS ? (int64_t)(0 - (uint64_t)a) : ~a;
		return true;
	}
	if (n->kind != N_BINOP || !d_const(n->a, &a) || !d_const(n->b, &b))
		return false;
	switch (n->op) {
	case T_PLUS: *v = (int64_t)((uint64_t)a + (uint64_t)b); return true;
	case T_MINUS: *v = (int64_t)((uint64_t)a - (uint64_t)b); return true;
	case T_STAR: *v = (int64_t)((uint64_t)a * (uint64_t)b); return true;
	case T_SLASH:
	case T_PERCENT:
		if (!b || (a == INT64_MIN && b == -1))
			return false;
		*v = n->op == T_SLASH ? a / b : a % b;
		return true;
	case T_SHL:
		*v = b >= 0 && b < 64 ? (int64_t)((uint64_t)a << b) : 0;
		return true;
	case T_SHR:
		*v = b >= 0 && b < 64 ? a >> b : a < 0 ? -1 : 0;
		return true;
	case T_AMP: *v = a & b; return true;
	case T_PIPE: *v = a | b; return true;
	case T_CARET: *v = a ^ b; return true;
	default:
		return false;
	}
}

/* The optional increment after the bounds, argument index i. */
static int d_incr(struct sema *s, struct node *n, int i)
{
	if (n->nlist <= i)
		return 0;
	if (n->nlist > i + 1)
		return sema_error(s, n->list[i], "%s( ) prototype mismatch: %d args passed, at most %d expected",
				  n->name, n->nlist, i + 1);
	if (sema_expr(s, n->list[i]))
		return -EINVAL;
	if (!d_scalar(n->list[i]->type))
		return sema_error(s, n, "%s( ) increment value (argument #%d) must be of scalar type",
				  n->name, i + 1);
	return 0;
}

static int d_sema_simple(struct sema *s, struct node *n, enum type_kind k)
{
	if (bi_d_nargs(s, n, 1, 1) || d_value(s, n))
		return -EINVAL;
	n->type = type_simple(k);
	return 0;
}

static int d_sema_count(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 0, 0))
		return -EINVAL;
	n->type = type_simple(TY_COUNT);
	return 0;
}

static int d_sema_sum(struct sema *s, struct node *n)
{
	return d_sema_simple(s, n, TY_SUM);
}

static int d_sema_min(struct sema *s, struct node *n)
{
	return d_sema_simple(s, n, TY_MIN);
}

static int d_sema_max(struct sema *s, struct node *n)
{
	return d_sema_simple(s, n, TY_MAX);
}

static int d_sema_avg(struct sema *s, struct node *n)
{
	return d_sema_simple(s, n, TY_AVG);
}

static int d_sema_stddev(struct sema *s, struct node *n)
{
	return d_sema_simple(s, n, TY_STDDEV);
}

static int cg_stddev(struct cg *g, struct node *n, struct val *out)
{
	return agg(g, n, A_STDDEV);
}

static int sema_quantize(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, -1) || d_value(s, n) || d_incr(s, n, 1))
		return -EINVAL;
	n->type = type_simple(TY_QUANT);
	return 0;
}

/*
 * The parameters of an earlier lquantize() or llquantize() into the same
 * aggregation, or NULL.
 */
static const struct type *d_earlier(const struct node *n, enum type_kind k)
{
	const struct type *t = n->target && n->target->sym ?
			       n->target->sym->val : NULL;

	return t && t->kind == k ? t : NULL;
}

/*
 * D's lquantize(value, base, limit[, step[, increment]]): lhist's
 * buckets, base may be negative and step defaults to 1.
 */
static int sema_lquantize(struct sema *s, struct node *n)
{
	int64_t base, limit, step = 1, levels;
	const struct type *o;
	struct type *t;

	if (bi_d_nargs(s, n, 3, -1) || d_value(s, n))
		return -EINVAL;
	if (!d_const(n->list[1], &base))
		return sema_error(s, n->list[1], "lquantize( ) argument #1 must be an integer constant");
	if (base < INT32_MIN || base > INT32_MAX)
		return sema_error(s, n->list[1], "lquantize( ) argument #1 must be a 32-bit quantity");
	if (!d_const(n->list[2], &limit))
		return sema_error(s, n->list[2], "lquantize( ) argument #2 must be an integer constant");
	if (limit < INT32_MIN || limit > INT32_MAX)
		return sema_error(s, n->list[2], "lquantize( ) argument #2 must be a 32-bit quantity");
	if (limit <= base)
		return sema_error(s, n, "lquantize( ) base (argument #1) must be less than limit (argument #2)");
	if (n->nlist > 3) {
		if (!d_const(n->list[3], &step) || step <= 0)
			return sema_error(s, n->list[3], "lquantize( ) argument #3 must be a non-zero positive integer constant");
		if (step > UINT16_MAX)
			return sema_error(s, n->list[3], "lquantize( ) argument #3 must be a 16-bit quantity");
	}
	levels = (limit - base) / step;
	if (levels == 0)
		return sema_error(s, n, "lquantize( ) step (argument #3) too large: must have at least one quantization level");
	if (levels > UINT16_MAX)
		return sema_error(s, n, "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
	o = d_earlier(n, TY_LHIST);
	if (o && o->lh_min != base)
		return sema_error(s, n, "lquantize( ) base (argument #1) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_min, (int)base);
	if (o && o->lh_max - o->lh_min != levels * step)
		return sema_error(s, n, "lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_max, (int)(base + levels * step));
	if (o && o->lh_step != step)
		return sema_error(s, n, "lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_step, (int)step);
	if (d_incr(s, n, 4))
		return -EINVAL;
	t = type_new();
	t->kind = TY_LHIST;
	t->size = 8;
	t->lh_min = base;
	/* The limit is where the last full step ends, as DTrace keeps it. */
	t->lh_max = base + levels * step;
	t->lh_step = step;
	n->type = t;
	return 0;
}

/* An llquantize() magnitude or count: argument #i, an unsigned 16 bits. */
static int d_u16(struct sema *s, struct node *n, int i, const char *what,
		 uint64_t *v)
{
	int64_t x;

	if (!d_const(n->list[i], &x))
		return sema_error(s, n->list[i], "llquantize( ) argument #%d must be an integer constant",
				  i);
	*v = (uint64_t)x;
	if (*v > UINT16_MAX)
		return sema_error(s, n->list[i], "llquantize( ) argument #%d must be an unsigned 16-bit quantity%s",
				  i, what);
	return 0;
}

/* D's llquantize(value, factor, lmag, hmag, steps[, increment]). */
static int sema_llquantize(struct sema *s, struct node *n)
{
	uint64_t factor, lmag, hmag, steps;
	int64_t x;
	const struct type *o;
	struct type *t;

	if (bi_d_nargs(s, n, 5, -1) || d_value(s, n))
		return -EINVAL;
	if (!d_const(n->list[1], &x))
		return sema_error(s, n->list[1], "llquantize( ) argument #1 must be an integer constant");
	factor = (uint64_t)x;
	if (factor > UINT16_MAX || factor < 2)
		return sema_error(s, n->list[1], "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
	if (d_u16(s, n, 2, "", &lmag) || d_u16(s, n, 3, "", &hmag))
		return -EINVAL;
	if (hmag < lmag)
		return sema_error(s, n->list[3], "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
	if (!upow(factor, (int64_t)hmag + 1))
		return sema_error(s, n->list[3], "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
	if (!d_const(n->list[4], &x) || x <= 0)
		return sema_error(s, n->list[4], "llquantize( ) argument #4 must be a non-zero positive integer constant");
	steps = (uint64_t)x;
	if (steps > UINT16_MAX)
		return sema_error(s, n->list[4], "llquantize( ) argument #4 must be an unsigned 16-bit quantity");
	if (steps < factor && factor % steps)
		return sema_error(s, n->list[1], "llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	if (steps > factor && steps % factor)
		return sema_error(s, n->list[1], "llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
	if (steps > factor && !lmag && (factor * factor) % steps)
		return sema_error(s, n->list[1], "llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0");
	if (steps > factor && lmag && upow(factor, (int64_t)lmag + 1) % steps)
		return sema_error(s, n->list[1], "llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0");
	o = d_earlier(n, TY_LLQUANT);
	if (o && (uint64_t)o->lh_factor != factor)
		return sema_error(s, n, "llquantize() factor (argument #1) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_factor, (int)factor);
	if (o && (uint64_t)o->lh_min != lmag)
		return sema_error(s, n, "llquantize() lmag (argument #2) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_min, (int)lmag);
	if (o && (uint64_t)o->lh_max != hmag)
		return sema_error(s, n, "llquantize() hmag (argument #3) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_max, (int)hmag);
	if (o && (uint64_t)o->lh_step != steps)
		return sema_error(s, n, "llquantize() steps (argument #4) doesn't match previous declaration: expected %d, found %d",
				  (int)o->lh_step, (int)steps);
	if (d_incr(s, n, 5))
		return -EINVAL;
	t = type_new();
	t->kind = TY_LLQUANT;
	t->size = 8;
	t->lh_min = (int64_t)lmag;
	t->lh_max = (int64_t)hmag;
	t->lh_step = (int64_t)steps;
	t->lh_factor = (int64_t)factor;
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

/* D's aggregating functions, found before bpftrace's when compiling D. */
const struct builtin builtin_dtrace_aggs[] = {
	AGG("count", d_sema_count, cg_count),
	AGG("sum", d_sema_sum, cg_sum),
	AGG("min", d_sema_min, cg_min),
	AGG("max", d_sema_max, cg_max),
	AGG("avg", d_sema_avg, cg_avg),
	AGG("stddev", d_sema_stddev, cg_stddev),
	AGG("quantize", sema_quantize, cg_hist),
	AGG("lquantize", sema_lquantize, cg_hist),
	AGG("llquantize", sema_llquantize, cg_hist),
	{ .name = NULL },
};
