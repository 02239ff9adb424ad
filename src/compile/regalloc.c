/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register allocation and lowering of the IR to BPF.
 *
 * Liveness comes from backward dataflow over basic blocks; each virtual
 * register gets one conservative interval over "half positions" (2i: the
 * uses of instruction i, 2i+1: its definitions).  Machine registers named
 * in the IR (helper arguments, r0 results) are live ranges of their own
 * that a virtual register must not overlap; a helper call defines r0-r5,
 * so a value live across a call lands in r6-r9 or on the stack.  When no
 * register is free, the interval reaching furthest is spilled: every use
 * reloads into a fresh short-lived register and every definition stores,
 * and allocation runs again.  Spill temporaries are never chosen to spill,
 * so the loop ends, and a long script never fails for want of registers.
 */
#include <errno.h>
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
	int words;		/* bitset words per set */
	uint64_t *use, *def;	/* per instruction */
	uint64_t *livein, *liveout;	/* per instruction */
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

struct regs_arg {
	struct ra *ra;
	int i;
};

static void collect(void *arg, int reg, int kind)
{
	struct regs_arg *a = arg;
	struct ra *ra = a->ra;

	if (reg == BPF_REG_10)
		return;
	if (kind)
		bs_set(&ra->def[a->i * ra->words], reg);
	else
		bs_set(&ra->use[a->i * ra->words], reg);
}

static void liveness(struct ra *ra)
{
	int n = ra->n, w = ra->words, i, k;
	int *label_at = xcalloc(ra->ir->nlabels + 1, sizeof(int));
	bool changed = true;

	for (i = 0; i < n; i++) {
		struct regs_arg a = { ra, i };

		if (ra->ir->insn[i].kind == IR_LABEL)
			label_at[ra->ir->insn[i].imm] = i;
		insn_regs(&ra->ir->insn[i], collect, &a);
	}
	/*
	 * Per-instruction dataflow, iterated backwards to a fixpoint; jumps
	 * are forward except loop back-edges, so few rounds are needed.
	 */
	while (changed) {
		changed = false;
		for (i = n - 1; i >= 0; i--) {
			const struct ir_insn *in = &ra->ir->insn[i];
			uint64_t *out = &ra->liveout[i * w];
			uint64_t *lin = &ra->livein[i * w];
			uint64_t *u = &ra->use[i * w], *d = &ra->def[i * w];
			bool fall = !is_exit(in) &&
				    !(is_jump(in) && BPF_OP(in->code) == BPF_JA);

			for (k = 0; k < w; k++) {
				uint64_t o = 0, l;

				if (fall && i + 1 < n)
					o |= ra->livein[(i + 1) * w + k];
				if (is_jump(in))
					o |= ra->livein[label_at[in->imm2] * w + k];
				l = u[k] | (o & ~d[k]);
				if (o != out[k] || l != lin[k]) {
					out[k] = o;
					lin[k] = l;
					changed = true;
				}
			}
		}
	}
	free(label_at);
}

static void intervals(struct ra *ra)
{
	int n = ra->n, w = ra->words, span = 2 * n + 2, i, r, p;
	char *occ1 = xcalloc((size_t)NALLOC * span, 1);

	for (r = 0; r < ra->nv; r++) {
		ra->lo[r] = INT32_MAX;
		ra->hi[r] = -1;
	}
	for (i = 0; i < n; i++) {
		for (r = 0; r < ra->nv; r++) {
			bool u = bs_has(&ra->use[i * w], r);
			bool d = bs_has(&ra->def[i * w], r);
			bool o = bs_has(&ra->liveout[i * w], r);
			int a = INT32_MAX, b = -1;

			if (!u && !d && !o)
				continue;
			if (u)
				a = 2 * i, b = 2 * i;
			if (d || o) {
				if (a > 2 * i + 1)
					a = 2 * i + 1;
				b = 2 * i + 1;
			}
			if (o)
				b = 2 * i + 2;
			if (r < NALLOC) {
				for (p = a; p <= b; p++)
					occ1[r * span + p] = 1;
				continue;
			}
			if (a < ra->lo[r])
				ra->lo[r] = a;
			if (b > ra->hi[r])
				ra->hi[r] = b;
		}
	}
	for (r = 0; r < NALLOC; r++) {
		int *o = &ra->occ[r * (span + 1)];

		o[0] = 0;
		for (p = 0; p < span; p++)
			o[p + 1] = o[p] + occ1[r * span + p];
	}
	free(occ1);
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

/* Whether insn reads and/or writes its dst register. */
static void dst_access(const struct ir_insn *in, bool *reads, bool *writes)
{
	*reads = *writes = false;
	switch (in->kind) {
	case IR_LD_MAP:
	case IR_LD_MAP_VALUE:
	case IR_LD_IMM64:
	case IR_LD_START:
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
	free(ra->use);
	free(ra->def);
	free(ra->livein);
	free(ra->liveout);
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
		ra.words = (ra.nv + 63) / 64;
		ra.use = xcalloc((size_t)ra.n * ra.words + 1, 8);
		ra.def = xcalloc((size_t)ra.n * ra.words + 1, 8);
		ra.livein = xcalloc((size_t)ra.n * ra.words + 1, 8);
		ra.liveout = xcalloc((size_t)ra.n * ra.words + 1, 8);
		ra.lo = xcalloc(ra.nv, sizeof(int));
		ra.hi = xcalloc(ra.nv, sizeof(int));
		ra.occ = xcalloc((size_t)NALLOC * (2 * ra.n + 3), sizeof(int));
		ra.assign = xcalloc(ra.nv, sizeof(int));
		ra.hint = xcalloc(ra.nv, sizeof(int));
		ra.temp = temp;
		liveness(&ra);
		intervals(&ra);
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

int ra_lower(struct ir *ir, struct bpf_code *code)
{
	int *assign = NULL, *pc_of_label, *pc_of, frame, ret, i, pc = 0;
	struct bpf_insn *out;

	memset(code, 0, sizeof(*code));
	ret = allocate(ir, &assign, &frame);
	if (ret)
		goto out_assign;
	code->stack = frame;
	pc_of_label = xcalloc(ir->nlabels + 1, sizeof(int));
	pc_of = xcalloc(ir->n + 1, sizeof(int));
	for (i = 0; i < ir->n; i++) {
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
			pc += 2;
			break;
		case IR_INSN:
			if (in->code == (BPF_ALU64 | BPF_MOV | BPF_X) &&
			    phys(assign, in->dst) == phys(assign, in->src))
				break;
			pc++;
			break;
		default:
			pc++;
		}
	}
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
			o->code = in->code;
			o->dst_reg = BPF_OP(in->code) == BPF_JA ? 0 : d;
			o->src_reg = BPF_SRC(in->code) == BPF_X ? s : 0;
			o->imm = in->imm;
			o->off = pc_of_label[in->imm2] - (pc_of[i] + 1);
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
	if (frame > BPF_STACK_MAX)
		ret = -E2BIG;
out_assign:
	free(assign);
	return ret;
}
