/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register allocation and lowering of the IR to BPF.
 *
 * Liveness comes from basic blocks: a backward dataflow on one-word sets
 * for the machine registers, and for each virtual register a search over
 * just the blocks it is live in (most are temporaries of one block), so
 * time and memory grow with the program, not with its square.  Each virtual register gets one conservative interval over
 * "half positions" (2i: the uses of instruction i, 2i+1: its definitions).  Machine registers named
 * in the IR (helper arguments, r0 results) are live ranges of their own
 * that a virtual register must not overlap; a helper call defines r0-r5,
 * so a value live across a call lands in r6-r9 or on the stack.  When no
 * register is free, the interval reaching furthest is spilled: every use
 * reloads into a fresh short-lived register and every definition stores,
 * and allocation runs again.  Spill temporaries are never chosen to spill,
 * so the loop ends, and a long script never fails for want of registers.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "../util.h"

#define NALLOC 10		/* r0..r9 */
#define BPF_STACK_MAX 512

struct ra {
	struct ir *ir;
	int n;			/* instructions */
	int nv;			/* registers, machine and virtual */
	int *lo, *hi;		/* interval per register, lo = INT_MAX unused */
	int *occ;		/* prefix counts: occ[p * (2n + 2) + pos] */
	int *assign;		/* machine register, or -1 spilled */
	int *hint;		/* preferred register, or -1 */
	bool *temp;		/* spill temporaries: never spilled again */
};

static inline void bs_set(uint64_t *s, int i)
{
	s[i >> 6] |= 1ULL << (i & 63);
}

static inline bool bs_has(const uint64_t *s, int i)
{
	return s[i >> 6] & (1ULL << (i & 63));
}

static bool is_jump(const struct ir_insn *in)
{
	return in->kind == IR_JUMP;
}

static bool is_exit(const struct ir_insn *in)
{
	return in->kind == IR_INSN && in->code == (BPF_JMP | BPF_EXIT);
}

/* Calls fn for each register insn reads (kind 0) and writes (kind 1). */
/*
 * Whether an ALU operation reads a source register: BPF_NEG has none,
 * and BPF_END's BPF_X bit means "to big endian", not a register.
 */
static bool alu_reads_src(uint8_t code)
{
	return BPF_SRC(code) == BPF_X && BPF_OP(code) != BPF_NEG &&
	       BPF_OP(code) != BPF_END;
}

static void insn_regs(const struct ir_insn *in,
		      void (*fn)(void *arg, int reg, int kind), void *arg)
{
	int i;

	switch (in->kind) {
	case IR_LABEL:
		return;
	case IR_LD_MAP:
	case IR_LD_MAP_VALUE:
	case IR_LD_IMM64:
	case IR_LD_START:
	case IR_LD_PC:
	case IR_LD_FUNC:
		fn(arg, in->dst, 1);
		return;
	case IR_JUMP:
		if (BPF_OP(in->code) == BPF_JA)
			return;
		fn(arg, in->dst, 0);
		if (BPF_SRC(in->code) == BPF_X)
			fn(arg, in->src, 0);
		return;
	}
	switch (BPF_CLASS(in->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		if (BPF_OP(in->code) == BPF_MOV) {
			if (BPF_SRC(in->code) == BPF_X)
				fn(arg, in->src, 0);
		} else {
			fn(arg, in->dst, 0);
			if (alu_reads_src(in->code))
				fn(arg, in->src, 0);
		}
		fn(arg, in->dst, 1);
		break;
	case BPF_LDX:
		fn(arg, in->src, 0);
		fn(arg, in->dst, 1);
		break;
	case BPF_STX:
		fn(arg, in->dst, 0);
		fn(arg, in->src, 0);
		/* ir_atomic(): compare-and-exchange compares and answers in r0. */
		if (BPF_MODE(in->code) == BPF_ATOMIC && in->imm == BPF_CMPXCHG) {
			fn(arg, 0, 0);
			fn(arg, 0, 1);
		}
		break;
	case BPF_ST:
		fn(arg, in->dst, 0);
		break;
	case BPF_JMP:
		if (BPF_OP(in->code) == BPF_CALL) {
			for (i = 1; i <= in->imm2; i++)
				fn(arg, i, 0);
			for (i = 0; i <= 5; i++)
				fn(arg, i, 1);
		} else if (BPF_OP(in->code) == BPF_EXIT) {
			fn(arg, 0, 0);
		}
		break;
	}
}

/*
 * Register references of the whole program, flattened in instruction
 * order: those of instruction i are reg[at[i]] .. reg[at[i + 1] - 1],
 * reads before writes, as insn_regs reports them.
 */
struct refs {
	int *reg;
	bool *def;
	int *at;
	int n, cap;
};

static void collect(void *arg, int reg, int kind)
{
	struct refs *r = arg;

	if (reg == BPF_REG_10)
		return;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->reg = xrealloc(r->reg, r->cap * sizeof(*r->reg));
		r->def = xrealloc(r->def, r->cap * sizeof(*r->def));
	}
	r->reg[r->n] = reg;
	r->def[r->n++] = kind;
}

/* Basic blocks, and the machine registers' liveness over them. */
struct flow {
	int nb;			/* blocks */
	int *first, *last;	/* instruction range of each block */
	int *fall, *jump;	/* successors, -1 for none */
	int *gid;		/* register -> bit in the sets below, or -1 */
	int ng, words;		/* bits and words per block */
	uint64_t *gen, *kill, *in, *out;
};

static void flow_blocks(struct ra *ra, struct flow *f)
{
	const struct ir *ir = ra->ir;
	int n = ra->n, i, b;
	int *label_blk = xcalloc(ir->nlabels + 1, sizeof(int));
	int *blk_of = xcalloc(n + 1, sizeof(int));

	f->first = xcalloc(n + 1, sizeof(int));
	f->last = xcalloc(n + 1, sizeof(int));
	f->nb = 0;
	for (i = 0; i < n; i++) {
		const struct ir_insn *prev = i ? &ir->insn[i - 1] : NULL;

		if (!i || ir->insn[i].kind == IR_LABEL || is_jump(prev) ||
		    is_exit(prev))
			f->first[f->nb++] = i;
		blk_of[i] = f->nb - 1;
		f->last[f->nb - 1] = i;
		if (ir->insn[i].kind == IR_LABEL)
			label_blk[ir->insn[i].imm] = f->nb - 1;
	}
	f->fall = xcalloc(f->nb + 1, sizeof(int));
	f->jump = xcalloc(f->nb + 1, sizeof(int));
	for (b = 0; b < f->nb; b++) {
		const struct ir_insn *in = &ir->insn[f->last[b]];

		f->fall[b] = b + 1 < f->nb && !is_exit(in) &&
			     !(is_jump(in) && BPF_OP(in->code) == BPF_JA) ? b + 1 : -1;
		f->jump[b] = is_jump(in) ? label_blk[in->imm2] : -1;
	}
	free(label_blk);
	free(blk_of);
}

/* The machine registers' liveness is solved on one-word bitsets. */
static void flow_globals(struct ra *ra, struct flow *f)
{
	int i;

	f->gid = xmalloc(ra->nv * sizeof(int));
	for (i = 0; i < ra->nv; i++)
		f->gid[i] = i < NALLOC ? i : -1;
	f->ng = NALLOC;
	f->words = 1;
}

/*
 * The blocks where each virtual register is referenced, as linked lists
 * of (block, flags): EV_GEN when its first reference there reads it (it
 * is live on entry), EV_DEF when the block writes it.
 */
enum { EV_GEN = 1, EV_DEF = 2 };

struct events {
	int *head;		/* per register: first event, -1 for none */
	int *blk, *next;
	unsigned char *flags;
	int n, cap;
};

static void events_build(struct ra *ra, const struct flow *f,
			 const struct refs *r, struct events *e)
{
	int *cur = xmalloc(ra->nv * sizeof(int)), b, k, i;

	e->head = xmalloc(ra->nv * sizeof(int));
	for (i = 0; i < ra->nv; i++)
		e->head[i] = cur[i] = -1;
	for (b = 0; b < f->nb; b++) {
		for (k = r->at[f->first[b]]; k < r->at[f->last[b] + 1]; k++) {
			int reg = r->reg[k];

			if (reg < NALLOC)
				continue;
			if (cur[reg] < 0 || e->blk[cur[reg]] != b) {
				if (e->n == e->cap) {
					e->cap = e->cap ? 2 * e->cap : 1024;
					e->blk = xrealloc(e->blk, e->cap * sizeof(int));
					e->next = xrealloc(e->next, e->cap * sizeof(int));
					e->flags = xrealloc(e->flags, e->cap);
				}
				e->blk[e->n] = b;
				e->flags[e->n] = r->def[k] ? 0 : EV_GEN;
				e->next[e->n] = e->head[reg];
				e->head[reg] = cur[reg] = e->n++;
			}
			if (r->def[k])
				e->flags[cur[reg]] |= EV_DEF;
		}
	}
	free(cur);
}

/*
 * Widens each virtual register's interval over the blocks it is live
 * through: from every block where it is live on entry, backwards through
 * predecessors that do not define it.  The search visits only the blocks
 * the register is live in, so the whole pass costs what the live ranges
 * add up to; a register referenced in one block and written there before
 * it is read is local and costs nothing.
 */
static void vreg_ranges(struct ra *ra, const struct flow *f, const struct refs *r)
{
	struct events e = { 0 };
	int *npred = xcalloc(f->nb + 1, sizeof(int)), *pred, *pat;
	int *visit = xmalloc((f->nb + 1) * sizeof(int));
	int *defd = xmalloc((f->nb + 1) * sizeof(int));
	int *stack = xmalloc((f->nb + 1) * sizeof(int));
	int b, i, reg, top;

	for (b = 0; b < f->nb; b++) {
		if (f->fall[b] >= 0)
			npred[f->fall[b]]++;
		if (f->jump[b] >= 0)
			npred[f->jump[b]]++;
		visit[b] = defd[b] = -1;
	}
	pat = xcalloc(f->nb + 2, sizeof(int));
	for (b = 0; b < f->nb; b++)
		pat[b + 1] = pat[b] + npred[b];
	pred = xmalloc((pat[f->nb] + 1) * sizeof(int));
	memset(npred, 0, (f->nb + 1) * sizeof(int));
	for (b = 0; b < f->nb; b++) {
		if (f->fall[b] >= 0)
			pred[pat[f->fall[b]] + npred[f->fall[b]]++] = b;
		if (f->jump[b] >= 0)
			pred[pat[f->jump[b]] + npred[f->jump[b]]++] = b;
	}
	events_build(ra, f, r, &e);
	for (reg = NALLOC; reg < ra->nv; reg++) {
		top = 0;
		for (i = e.head[reg]; i >= 0; i = e.next[i]) {
			if (e.flags[i] & EV_DEF)
				defd[e.blk[i]] = reg;
			if ((e.flags[i] & EV_GEN) && visit[e.blk[i]] != reg) {
				visit[e.blk[i]] = reg;
				stack[top++] = e.blk[i];
			}
		}
		while (top > 0) {
			b = stack[--top];
			if (2 * f->first[b] < ra->lo[reg])
				ra->lo[reg] = 2 * f->first[b];
			for (i = pat[b]; i < pat[b + 1]; i++) {
				int p = pred[i];

				if (2 * f->last[p] + 2 > ra->hi[reg])
					ra->hi[reg] = 2 * f->last[p] + 2;
				if (defd[p] != reg && visit[p] != reg) {
					visit[p] = reg;
					stack[top++] = p;
				}
			}
		}
	}
	free(e.head);
	free(e.blk);
	free(e.next);
	free(e.flags);
	free(npred);
	free(pat);
	free(pred);
	free(visit);
	free(defd);
	free(stack);
}

static void flow_solve(struct flow *f, const struct refs *r)
{
	size_t sz = (size_t)f->nb * f->words + 1;
	int w = f->words, b, k;
	bool changed = true;

	f->gen = xcalloc(sz, 8);
	f->kill = xcalloc(sz, 8);
	f->in = xcalloc(sz, 8);
	f->out = xcalloc(sz, 8);
	for (b = 0; b < f->nb; b++) {
		uint64_t *gen = &f->gen[b * w], *kill = &f->kill[b * w];

		for (k = r->at[f->first[b]]; k < r->at[f->last[b] + 1]; k++) {
			int g = f->gid[r->reg[k]];

			if (g < 0)
				continue;
			if (r->def[k])
				bs_set(kill, g);
			else if (!bs_has(kill, g))
				bs_set(gen, g);
		}
	}
	/* Backward over blocks to a fixpoint: few rounds, as jumps are
	 * forward but for loop back-edges. */
	while (changed) {
		changed = false;
		for (b = f->nb - 1; b >= 0; b--) {
			for (k = 0; k < w; k++) {
				uint64_t o = 0, l;

				if (f->fall[b] >= 0)
					o |= f->in[f->fall[b] * w + k];
				if (f->jump[b] >= 0)
					o |= f->in[f->jump[b] * w + k];
				l = f->gen[b * w + k] | (o & ~f->kill[b * w + k]);
				if (o != f->out[b * w + k] || l != f->in[b * w + k]) {
					f->out[b * w + k] = o;
					f->in[b * w + k] = l;
					changed = true;
				}
			}
		}
	}
}

static void flow_free(struct flow *f)
{
	free(f->first);
	free(f->last);
	free(f->fall);
	free(f->jump);
	free(f->gid);
	free(f->gen);
	free(f->kill);
	free(f->in);
	free(f->out);
}

/*
 * Intervals over half positions.  A virtual register's one conservative
 * interval spans its references and, where it is live across a block
 * boundary, that block's entry (2 * first) or exit (2 * last + 2)
 * (vreg_ranges).  A
 * machine register's exact occupancy is marked position by position,
 * walking each block backwards from its live-out set.
 */
static void live_ranges(struct ra *ra)
{
	int n = ra->n, span = 2 * n + 2, i, b, k, p, r;
	char *occ1 = xcalloc((size_t)NALLOC * span, 1);
	struct refs refs = { 0 };
	struct flow f = { 0 };

	refs.at = xcalloc(n + 2, sizeof(int));
	for (i = 0; i < n; i++) {
		refs.at[i] = refs.n;
		insn_regs(&ra->ir->insn[i], collect, &refs);
	}
	refs.at[n] = refs.n;
	for (r = 0; r < ra->nv; r++) {
		ra->lo[r] = INT32_MAX;
		ra->hi[r] = -1;
	}
	if (n) {
		flow_blocks(ra, &f);
		flow_globals(ra, &f);
		flow_solve(&f, &refs);
	}
	for (i = 0; i < n; i++) {
		for (k = refs.at[i]; k < refs.at[i + 1]; k++) {
			int pos = 2 * i + refs.def[k];

			r = refs.reg[k];
			if (pos < ra->lo[r])
				ra->lo[r] = pos;
			if (pos > ra->hi[r])
				ra->hi[r] = pos;
		}
	}
	if (n)
		vreg_ranges(ra, &f, &refs);
	for (b = 0; b < f.nb; b++) {
		unsigned live = 0, u, d;

		for (r = 0; r < NALLOC; r++)
			if (bs_has(&f.out[b * f.words], r))
				live |= 1u << r;
		for (i = f.last[b]; i >= f.first[b]; i--) {
			u = d = 0;
			for (k = refs.at[i]; k < refs.at[i + 1]; k++)
				if (refs.reg[k] < NALLOC)
					*(refs.def[k] ? &d : &u) |= 1u << refs.reg[k];
			for (r = 0; r < NALLOC; r++) {
				bool ur = u >> r & 1, dr = d >> r & 1, o = live >> r & 1;
				int a = INT32_MAX, z = -1;

				if (!ur && !dr && !o)
					continue;
				if (ur)
					a = z = 2 * i;
				if (dr || o) {
					if (a > 2 * i + 1)
						a = 2 * i + 1;
					z = 2 * i + 1;
				}
				if (o)
					z = 2 * i + 2;
				for (p = a; p <= z; p++)
					occ1[r * span + p] = 1;
			}
			live = u | (live & ~d);
		}
	}
	for (r = 0; r < NALLOC; r++) {
		int *o = &ra->occ[r * (span + 1)];

		o[0] = 0;
		for (p = 0; p < span; p++)
			o[p + 1] = o[p] + occ1[r * span + p];
	}
	free(occ1);
	free(refs.reg);
	free(refs.def);
	free(refs.at);
	flow_free(&f);
}

static bool phys_conflict(const struct ra *ra, int p, int lo, int hi)
{
	int span = 2 * ra->n + 2;
	const int *o = &ra->occ[p * (span + 1)];

	return o[hi + 1] - o[lo] != 0;
}

static struct ra *sort_ra;

static int by_lo(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	if (sort_ra->lo[x] != sort_ra->lo[y])
		return sort_ra->lo[x] < sort_ra->lo[y] ? -1 : 1;
	return x - y;
}

/* Caller-saved first for values that cross no call, then callee-saved. */
static const int order[NALLOC] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };

static int linear_scan(struct ra *ra)
{
	int nv = ra->nv, *list = xmalloc(nv * sizeof(int)), nlist = 0;
	int *active = xmalloc(nv * sizeof(int)), nactive = 0;
	int i, j, k, nspill = 0;

	for (i = IR_VREG0; i < nv; i++) {
		ra->assign[i] = -2;
		if (ra->hi[i] >= 0)
			list[nlist++] = i;
	}
	sort_ra = ra;
	qsort(list, nlist, sizeof(int), by_lo);
	for (i = 0; i < nlist; i++) {
		int v = list[i], lo = ra->lo[v], hi = ra->hi[v];
		bool taken[NALLOC] = { 0 };
		int pick = -1;

		for (j = k = 0; j < nactive; j++) {
			if (ra->hi[active[j]] >= lo) {
				active[k++] = active[j];
				taken[ra->assign[active[j]]] = true;
			}
		}
		nactive = k;
		if (ra->hint[v] >= 0 && ra->hint[v] < NALLOC &&
		    !taken[ra->hint[v]] &&
		    !phys_conflict(ra, ra->hint[v], lo, hi))
			pick = ra->hint[v];
		for (j = 0; pick < 0 && j < NALLOC; j++) {
			int p = order[j];

			if (!taken[p] && !phys_conflict(ra, p, lo, hi))
				pick = p;
		}
		if (pick < 0) {
			int victim = -1, vj = -1;

			/* Spill whichever compatible interval ends last. */
			for (j = 0; j < nactive; j++) {
				int a = active[j];

				if (ra->temp[a] ||
				    phys_conflict(ra, ra->assign[a], lo, hi))
					continue;
				if (victim < 0 || ra->hi[a] > ra->hi[victim])
					victim = a, vj = j;
			}
			if (victim >= 0 && (ra->temp[v] || ra->hi[victim] > hi)) {
				pick = ra->assign[victim];
				ra->assign[victim] = -1;
				active[vj] = active[--nactive];
				nspill++;
			} else if (!ra->temp[v]) {
				ra->assign[v] = -1;
				nspill++;
				continue;
			} else {
				free(list);
				free(active);
				return -ENOSPC;
			}
		}
		ra->assign[v] = pick;
		active[nactive++] = v;
	}
	free(list);
	free(active);
	return nspill;
}

static void ir_append(struct ir *ir, const struct ir_insn *in)
{
	if (ir->n == ir->cap) {
		ir->cap = ir->cap ? ir->cap * 2 : 64;
		ir->insn = xrealloc(ir->insn, ir->cap * sizeof(*in));
	}
	ir->insn[ir->n++] = *in;
}

/* Whether insn reads and/or writes its dst register. */
static void dst_access(const struct ir_insn *in, bool *reads, bool *writes)
{
	*reads = *writes = false;
	switch (in->kind) {
	case IR_LD_MAP:
	case IR_LD_MAP_VALUE:
	case IR_LD_IMM64:
	case IR_LD_START:
	case IR_LD_PC:
	case IR_LD_FUNC:
		*writes = true;
		return;
	case IR_JUMP:
		*reads = BPF_OP(in->code) != BPF_JA;
		return;
	}
	switch (BPF_CLASS(in->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		*writes = true;
		*reads = BPF_OP(in->code) != BPF_MOV;
		break;
	case BPF_LDX:
		*writes = true;
		break;
	case BPF_STX:
	case BPF_ST:
		*reads = true;
		break;
	}
}

/*
 * Frame slots for the registers spilled in this round.  Registers whose
 * intervals do not meet share a slot, so that the spills of a long
 * program's separate branches do not add up past the 512-byte frame.
 * Slots of earlier rounds are not shared: their registers have left the
 * code, and their intervals with them.
 */
static void assign_slots(struct ra *ra, int *slot, int *nslots)
{
	int *list = xmalloc(ra->nv * sizeof(int)), n = 0, i, j, nnew = 0;
	int *busy = xmalloc(ra->nv * sizeof(int));
	int *off = xmalloc(ra->nv * sizeof(int));

	for (i = IR_VREG0; i < ra->nv; i++)
		if (ra->assign[i] == -1 && !slot[i] && ra->hi[i] >= 0)
			list[n++] = i;
	sort_ra = ra;
	qsort(list, n, sizeof(int), by_lo);
	for (i = 0; i < n; i++) {
		int v = list[i];

		for (j = 0; j < nnew && busy[j] >= ra->lo[v]; j++)
			;
		if (j == nnew) {
			off[nnew++] = -(ra->ir->stack + 8 * ++(*nslots));
		}
		busy[j] = ra->hi[v];
		slot[v] = off[j];
	}
	free(off);
	free(busy);
	free(list);
}

/*
 * Rewrites spilled registers: a load into a fresh temporary before each
 * instruction that reads one, a store after each that writes one.
 */
static void rewrite_spills(struct ra *ra, int *slot, int *nslots, bool **tempp)
{
	struct ir *ir = ra->ir;
	struct ir out;
	int i;

	ir_init(&out);
	out.nvregs = ir->nvregs;
	out.nlabels = ir->nlabels;
	out.stack = ir->stack;
	out.sub = ir->sub;
	out.nsub = ir->nsub;
	for (i = 0; i < ir->n; i++) {
		const struct ir_insn *orig = &ir->insn[i];
		struct ir_insn in = *orig;
		bool rd, wr, src_used;

		out.loc = in.loc;
		dst_access(orig, &rd, &wr);
		src_used = orig->kind == IR_INSN &&
			   (BPF_CLASS(orig->code) == BPF_LDX ||
			    BPF_CLASS(orig->code) == BPF_STX ||
			    ((BPF_CLASS(orig->code) == BPF_ALU64 ||
			      BPF_CLASS(orig->code) == BPF_ALU) &&
			     alu_reads_src(orig->code)));
		if (orig->kind == IR_JUMP && BPF_SRC(orig->code) == BPF_X &&
		    BPF_OP(orig->code) != BPF_JA)
			src_used = true;
		if (orig->kind == IR_LABEL || (orig->kind == IR_INSN &&
		    BPF_CLASS(orig->code) == BPF_JMP))
			rd = wr = src_used = false;

		if ((rd || wr) && orig->dst >= IR_VREG0 &&
		    ra->assign[orig->dst] == -1) {
			if (!slot[orig->dst])
				slot[orig->dst] = -(ir->stack + 8 * ++(*nslots));
			in.dst = out.nvregs++;
			if (rd)
				ir_ld(&out, BPF_DW, in.dst, BPF_REG_10,
				      slot[orig->dst]);
		}
		if (src_used && orig->src >= IR_VREG0 &&
		    ra->assign[orig->src] == -1) {
			if (orig->src == orig->dst && (rd || wr)) {
				/* a load through the register it sets */
				if (!rd)
					ir_ld(&out, BPF_DW, in.dst, BPF_REG_10,
					      slot[orig->dst]);
				in.src = in.dst;
			} else {
				if (!slot[orig->src])
					slot[orig->src] =
						-(ir->stack + 8 * ++(*nslots));
				in.src = out.nvregs++;
				ir_ld(&out, BPF_DW, in.src, BPF_REG_10,
				      slot[orig->src]);
			}
		}
		ir_append(&out, &in);
		if (wr && in.dst != orig->dst)
			ir_st(&out, BPF_DW, BPF_REG_10, slot[orig->dst], in.dst);
	}
	*tempp = xrealloc(*tempp, out.nvregs * sizeof(bool));
	for (i = ir->nvregs; i < out.nvregs; i++)
		(*tempp)[i] = true;
	free(ir->insn);
	*ir = out;
}

static void set_hints(struct ra *ra)
{
	int i;

	for (i = 0; i < ra->nv; i++)
		ra->hint[i] = -1;
	for (i = 0; i < ra->n; i++) {
		const struct ir_insn *in = &ra->ir->insn[i];

		if (in->kind != IR_INSN ||
		    in->code != (BPF_ALU64 | BPF_MOV | BPF_X))
			continue;
		if (in->dst >= IR_VREG0 && in->src < NALLOC)
			ra->hint[in->dst] = in->src;
		else if (in->src >= IR_VREG0 && in->dst < NALLOC &&
			 ra->hint[in->src] < 0)
			ra->hint[in->src] = in->dst;
	}
}

static void ra_release(struct ra *ra)
{
	free(ra->lo);
	free(ra->hi);
	free(ra->occ);
	free(ra->assign);
	free(ra->hint);
}

static int allocate(struct ir *ir, int **assignp, int *frame)
{
	struct ra ra;
	int *slot = NULL, nslots = 0, ret, i;
	bool *temp = xcalloc(ir->nvregs, sizeof(bool));
	int nslot_cap = 0;

	for (;;) {
		memset(&ra, 0, sizeof(ra));
		ra.ir = ir;
		ra.n = ir->n;
		ra.nv = ir->nvregs;
		ra.lo = xcalloc(ra.nv, sizeof(int));
		ra.hi = xcalloc(ra.nv, sizeof(int));
		ra.occ = xcalloc((size_t)NALLOC * (2 * ra.n + 3), sizeof(int));
		ra.assign = xcalloc(ra.nv, sizeof(int));
		ra.hint = xcalloc(ra.nv, sizeof(int));
		ra.temp = temp;
		live_ranges(&ra);
		set_hints(&ra);
		ret = linear_scan(&ra);
		if (ret <= 0)
			break;
		if (nslot_cap < ra.nv) {
			slot = xrealloc(slot, ra.nv * sizeof(int));
			/* 0: no slot yet (slots are negative r10 offsets) */
			for (i = nslot_cap; i < ra.nv; i++)
				slot[i] = 0;
			nslot_cap = ra.nv;
		}
		assign_slots(&ra, slot, &nslots);
		rewrite_spills(&ra, slot, &nslots, &temp);
		ra_release(&ra);
	}
	*assignp = ra.assign;
	ra.assign = NULL;
	ra_release(&ra);
	free(slot);
	free(temp);
	*frame = ir->stack + 8 * nslots;
	return ret < 0 ? ret : 0;
}

static int phys(const int *assign, int r)
{
	return r < IR_VREG0 ? r : assign[r];
}

/*
 * Drops the blocks no path reaches: statements after exit(), return,
 * break or continue.  The verifier refuses unreachable instructions; in
 * the script they are merely dead, as in bpftrace.
 */
static void prune_unreachable(struct ir *ir)
{
	struct ra ra = { .ir = ir, .n = ir->n };
	struct flow f = { 0 };
	bool *live;
	int *stack, top = 0, b, i, k = 0;

	if (!ir->n)
		return;
	flow_blocks(&ra, &f);
	live = xcalloc(f.nb + 1, sizeof(bool));
	stack = xmalloc((f.nb + 1) * sizeof(int));
	live[0] = true;
	stack[top++] = 0;
	while (top > 0) {
		b = stack[--top];
		if (f.fall[b] >= 0 && !live[f.fall[b]]) {
			live[f.fall[b]] = true;
			stack[top++] = f.fall[b];
		}
		if (f.jump[b] >= 0 && !live[f.jump[b]]) {
			live[f.jump[b]] = true;
			stack[top++] = f.jump[b];
		}
	}
	for (b = 0; b < f.nb; b++)
		if (live[b])
			for (i = f.first[b]; i <= f.last[b]; i++)
				ir->insn[k++] = ir->insn[i];
	ir->n = k;
	free(live);
	free(stack);
	flow_free(&f);
}

/* The kernel's count of a function's frame (check_max_stack_depth()). */
static int frame_round(int bytes)
{
	return ((bytes > 1 ? bytes : 1) + 31) & ~31;
}

/*
 * Lowers ir's subprograms and appends them to code (the main program's,
 * which is code->n long): their code in order, each with its own
 * subprograms after it, and the PSEUDO_FUNC loads in code pointed at
 * them.  A callback's frame sits on its caller's: -E2BIG when the two
 * pass the BPF stack.
 */
static int lower_subs(struct ir *ir, struct bpf_code *code)
{
	int *start, i, k, main_n = code->n, deepest = 0, ret = 0;

	if (!ir->nsub)
		return 0;
	start = xcalloc(ir->nsub, sizeof(int));
	for (i = 0; i < ir->nsub && !ret; i++) {
		struct bpf_code sc;
		int depth;

		ret = ra_lower(ir->sub[i], &sc);
		if (ret && ret != -E2BIG) {
			bpf_code_free(&sc);
			break;
		}
		depth = ret ? sc.stack : frame_round(sc.stack);
		if (depth > deepest)
			deepest = depth;
		start[i] = code->n;
		code->insn = xrealloc(code->insn, (code->n + sc.n + 1) *
				      sizeof(*code->insn));
		code->loc = xrealloc(code->loc, (code->n + sc.n + 1) *
				     sizeof(*code->loc));
		memcpy(code->insn + code->n, sc.insn, sc.n * sizeof(*sc.insn));
		memcpy(code->loc + code->n, sc.loc, sc.n * sizeof(*sc.loc));
		code->reloc = xrealloc(code->reloc, (code->nreloc + sc.nreloc + 1) *
				       sizeof(*code->reloc));
		for (k = 0; k < sc.nreloc; k++) {
			code->reloc[code->nreloc] = sc.reloc[k];
			code->reloc[code->nreloc++].insn += code->n;
		}
		code->func = xrealloc(code->func, (code->nfunc + sc.nfunc + 1) *
				      sizeof(*code->func));
		code->func[code->nfunc++] = code->n;
		for (k = 0; k < sc.nfunc; k++)
			code->func[code->nfunc++] = code->n + sc.func[k];
		code->n += sc.n;
		bpf_code_free(&sc);
	}
	for (i = 0; i < main_n && !ret; i++) {
		struct bpf_insn *o = &code->insn[i];

		if (o->code != (BPF_LD | BPF_DW | BPF_IMM))
			continue;
		if (o->src_reg == BPF_PSEUDO_FUNC)
			o->imm = start[o->imm] - (i + 1);
		i++;
	}
	free(start);
	if (!ret && frame_round(code->stack) + deepest > BPF_STACK_MAX) {
		code->stack = frame_round(code->stack) + deepest;
		ret = -E2BIG;
	}
	return ret;
}

/*
 * The instructions of each IR instruction placed, in pc_of[] (labels in
 * pc_of_label[]), far[i] set for a jump whose target lies past BPF's
 * 16-bit jump offset: it becomes BPF's 32-bit jump (gotol, BPF_JMP32 |
 * BPF_JA), behind a conditional jump over an ordinary one where it has
 * a condition.  Placing far jumps moves others, so this goes on until
 * no jump turns far.  Returns the program's length.
 */
static int place(const struct ir *ir, const int *assign, int *pc_of,
		 int *pc_of_label, bool *far)
{
	bool again = true;
	int i, pc = 0;

	while (again) {
		again = false;
		for (i = 0, pc = 0; i < ir->n; i++) {
			const struct ir_insn *in = &ir->insn[i];

			pc_of[i] = pc;
			switch (in->kind) {
			case IR_LABEL:
				pc_of_label[in->imm] = pc;
				break;
			case IR_LD_MAP:
			case IR_LD_MAP_VALUE:
			case IR_LD_IMM64:
			case IR_LD_START:
			case IR_LD_FUNC:
				pc += 2;
				break;
			case IR_INSN:
				if (in->code == (BPF_ALU64 | BPF_MOV | BPF_X) &&
				    phys(assign, in->dst) == phys(assign, in->src))
					break;
				pc++;
				break;
			case IR_JUMP:
				pc += far[i] && BPF_OP(in->code) != BPF_JA ? 3 : 1;
				break;
			default:
				pc++;
			}
		}
		for (i = 0; i < ir->n; i++) {
			const struct ir_insn *in = &ir->insn[i];
			int off, at;

			if (in->kind != IR_JUMP || far[i])
				continue;
			at = pc_of[i];
			off = pc_of_label[in->imm2] - (at + 1);
			if (off > INT16_MAX || off < INT16_MIN) {
				far[i] = true;
				again = true;
			}
		}
	}
	return pc;
}

int ra_lower(struct ir *ir, struct bpf_code *code)
{
	int *assign = NULL, *pc_of_label, *pc_of, frame, ret, i, pc, off;
	struct bpf_insn *out;
	bool *far;

	memset(code, 0, sizeof(*code));
	prune_unreachable(ir);
	ret = allocate(ir, &assign, &frame);
	if (ret)
		goto out_assign;
	code->stack = frame;
	pc_of_label = xcalloc(ir->nlabels + 1, sizeof(int));
	pc_of = xcalloc(ir->n + 1, sizeof(int));
	far = xcalloc(ir->n + 1, sizeof(*far));
	pc = place(ir, assign, pc_of, pc_of_label, far);
	out = xcalloc(pc + 1, sizeof(*out));
	code->loc = xcalloc(pc + 1, sizeof(*code->loc));
	code->reloc = xcalloc(ir->n + 1, sizeof(*code->reloc));
	for (i = 0; i < ir->n; i++) {
		const struct ir_insn *in = &ir->insn[i];
		struct bpf_insn *o = &out[pc_of[i]];
		int d = phys(assign, in->dst), s = phys(assign, in->src);

		switch (in->kind) {
		case IR_LABEL:
			continue;
		case IR_LD_PC:
			o->code = BPF_ALU64 | BPF_MOV | BPF_K;
			o->dst_reg = d;
			o->imm = pc_of[i];
			break;
		case IR_LD_FUNC:
			/* imm: the subprogram's index until lower_subs() */
			o[0].code = BPF_LD | BPF_DW | BPF_IMM;
			o[0].dst_reg = d;
			o[0].src_reg = BPF_PSEUDO_FUNC;
			o[0].imm = in->imm;
			code->loc[pc_of[i]] = in->loc;
			continue;
		case IR_LD_MAP:
		case IR_LD_MAP_VALUE:
		case IR_LD_IMM64:
		case IR_LD_START:
			o[0].code = BPF_LD | BPF_DW | BPF_IMM;
			o[0].dst_reg = d;
			if (in->kind == IR_LD_IMM64) {
				o[0].imm = (int32_t)(uint32_t)in->imm;
				o[1].imm = (int32_t)(uint32_t)((uint64_t)in->imm >> 32);
			} else {
				struct bpf_reloc *rel = &code->reloc[code->nreloc++];

				rel->insn = pc_of[i];
				rel->map_id = in->imm;
				if (in->kind == IR_LD_MAP) {
					rel->kind = RELOC_MAP;
					o[0].src_reg = BPF_PSEUDO_MAP_FD;
				} else if (in->kind == IR_LD_MAP_VALUE) {
					rel->kind = RELOC_MAP_VALUE;
					o[0].src_reg = BPF_PSEUDO_MAP_VALUE;
				} else {
					rel->kind = RELOC_START;
				}
			}
			code->loc[pc_of[i]] = in->loc;
			continue;
		case IR_JUMP:
			if (far[i]) {
				int at = pc_of[i];

				if (BPF_OP(in->code) != BPF_JA) {
					/* if cond goto the gotol; else over it */
					o->code = in->code;
					o->dst_reg = d;
					o->src_reg = BPF_SRC(in->code) == BPF_X ? s : 0;
					o->imm = in->imm;
					o->off = 1;
					o[1].code = BPF_JMP | BPF_JA;
					o[1].off = 1;
					code->loc[at] = code->loc[at + 1] = in->loc;
					at += 2;
				}
				out[at].code = BPF_JMP32 | BPF_JA;
				out[at].imm = pc_of_label[in->imm2] - (at + 1);
				code->loc[at] = in->loc;
				continue;
			}
			o->code = in->code;
			o->dst_reg = BPF_OP(in->code) == BPF_JA ? 0 : d;
			o->src_reg = BPF_SRC(in->code) == BPF_X ? s : 0;
			o->imm = in->imm;
			off = pc_of_label[in->imm2] - (pc_of[i] + 1);
			o->off = off;
			break;
		default:
			if (in->code == (BPF_ALU64 | BPF_MOV | BPF_X) && d == s)
				continue;
			o->code = in->code;
			o->dst_reg = (in->code == (BPF_JMP | BPF_CALL) ||
				      in->code == (BPF_JMP | BPF_EXIT)) ? 0 : d;
			o->src_reg = (BPF_CLASS(in->code) == BPF_LDX ||
				      BPF_CLASS(in->code) == BPF_STX ||
				      (BPF_SRC(in->code) == BPF_X &&
				       BPF_OP(in->code) != BPF_END)) &&
				     BPF_CLASS(in->code) != BPF_JMP &&
				     BPF_CLASS(in->code) != BPF_ST ? s : 0;
			o->off = in->off;
			o->imm = in->imm;
		}
		code->loc[pc_of[i]] = in->loc;
	}
	code->insn = out;
	code->n = pc;
	free(pc_of);
	free(pc_of_label);
	free(far);
	if (!ret)
		ret = lower_subs(ir, code);
	if (ret == -E2BIG || frame > BPF_STACK_MAX)
		ret = -E2BIG;
out_assign:
	free(assign);
	return ret;
}
