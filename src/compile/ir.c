/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IR construction and listings.  Text follows the kernel verifier's
 * notation ("r1 = *(u64 *)(r10 -8)") so a listing and a verifier log
 * read alike.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "../util.h"

void ir_init(struct ir *ir)
{
	memset(ir, 0, sizeof(*ir));
	ir->nvregs = IR_VREG0;
}

void ir_free(struct ir *ir)
{
	int i;

	for (i = 0; i < ir->nsub; i++) {
		ir_free(ir->sub[i]);
		free(ir->sub[i]);
	}
	free(ir->sub);
	free(ir->insn);
	memset(ir, 0, sizeof(*ir));
}

int ir_vreg(struct ir *ir)
{
	return ir->nvregs++;
}

int ir_label(struct ir *ir)
{
	return ir->nlabels++;
}

static struct ir_insn *ir_add(struct ir *ir, int kind)
{
	struct ir_insn *in;

	if (ir->n == ir->cap) {
		ir->cap = ir->cap ? ir->cap * 2 : 64;
		ir->insn = xrealloc(ir->insn, ir->cap * sizeof(*ir->insn));
	}
	in = &ir->insn[ir->n++];
	memset(in, 0, sizeof(*in));
	in->kind = kind;
	in->loc = ir->loc;
	return in;
}

void ir_add_copy(struct ir *ir, const struct ir_insn *in)
{
	struct ir_insn *to = ir_add(ir, in->kind);

	*to = *in;
}

void ir_remove(struct ir *ir, int at)
{
	ir_remove_range(ir, at, at + 1);
}

void ir_remove_range(struct ir *ir, int from, int to)
{
	memmove(&ir->insn[from], &ir->insn[to],
		(ir->n - to) * sizeof(*ir->insn));
	ir->n -= to - from;
}

void ir_place(struct ir *ir, int label)
{
	ir_add(ir, IR_LABEL)->imm = label;
}

static void ir_op(struct ir *ir, uint8_t code, int dst, int src, int16_t off,
		  int64_t imm)
{
	struct ir_insn *in = ir_add(ir, IR_INSN);

	in->code = code;
	in->dst = dst;
	in->src = src;
	in->off = off;
	in->imm = imm;
}

void ir_mov(struct ir *ir, int dst, int src)
{
	if (dst != src)
		ir_op(ir, BPF_ALU64 | BPF_MOV | BPF_X, dst, src, 0, 0);
}

void ir_mov_imm(struct ir *ir, int dst, int64_t imm)
{
	struct ir_insn *in;

	if (imm >= INT32_MIN && imm <= INT32_MAX) {
		ir_op(ir, BPF_ALU64 | BPF_MOV | BPF_K, dst, 0, 0, imm);
		return;
	}
	in = ir_add(ir, IR_LD_IMM64);
	in->dst = dst;
	in->imm = imm;
}

void ir_alu(struct ir *ir, int op, int dst, int src)
{
	ir_op(ir, BPF_ALU64 | op | BPF_X, dst, src, 0, 0);
}

void ir_alu_imm(struct ir *ir, int op, int dst, int32_t imm)
{
	ir_op(ir, BPF_ALU64 | op | BPF_K, dst, 0, 0, imm);
}

void ir_alu32_imm(struct ir *ir, int op, int dst, int32_t imm)
{
	ir_op(ir, BPF_ALU | op | BPF_K, dst, 0, 0, imm);
}

void ir_ld(struct ir *ir, int size, int dst, int base, int16_t off)
{
	ir_op(ir, BPF_LDX | size | BPF_MEM, dst, base, off, 0);
}

void ir_st(struct ir *ir, int size, int base, int16_t off, int src)
{
	ir_op(ir, BPF_STX | size | BPF_MEM, base, src, off, 0);
}

void ir_atomic(struct ir *ir, int size, int base, int16_t off, int src, int op)
{
	ir_op(ir, BPF_STX | size | BPF_ATOMIC, base, src, off, op);
}

void ir_st_imm(struct ir *ir, int size, int base, int16_t off, int32_t imm)
{
	ir_op(ir, BPF_ST | size | BPF_MEM, base, 0, off, imm);
}

void ir_jmp(struct ir *ir, int op, int a, int b, int label)
{
	struct ir_insn *in = ir_add(ir, IR_JUMP);

	in->code = BPF_JMP | op | BPF_X;
	in->dst = a;
	in->src = b;
	in->imm2 = label;
}

void ir_jmp_imm(struct ir *ir, int op, int a, int32_t imm, int label)
{
	struct ir_insn *in = ir_add(ir, IR_JUMP);

	in->code = BPF_JMP | op | BPF_K;
	in->dst = a;
	in->imm = imm;
	in->imm2 = label;
}

void ir_ja(struct ir *ir, int label)
{
	struct ir_insn *in = ir_add(ir, IR_JUMP);

	in->code = BPF_JMP | BPF_JA;
	in->imm2 = label;
}

void ir_call(struct ir *ir, int helper, int nargs)
{
	ir_op(ir, BPF_JMP | BPF_CALL, 0, 0, 0, helper);
	ir->insn[ir->n - 1].imm2 = nargs;
}

void ir_ld_map(struct ir *ir, int dst, int map_id)
{
	struct ir_insn *in = ir_add(ir, IR_LD_MAP);

	in->dst = dst;
	in->imm = map_id;
}

void ir_ld_map_value(struct ir *ir, int dst, int map_id)
{
	struct ir_insn *in = ir_add(ir, IR_LD_MAP_VALUE);

	in->dst = dst;
	in->imm = map_id;
}

void ir_ld_start(struct ir *ir, int dst)
{
	ir_add(ir, IR_LD_START)->dst = dst;
}

void ir_ld_pc(struct ir *ir, int dst)
{
	ir_add(ir, IR_LD_PC)->dst = dst;
}

int ir_add_sub(struct ir *ir, struct ir *sub)
{
	struct ir *s = xmalloc(sizeof(*s));

	*s = *sub;
	ir_init(sub);
	ir->sub = xrealloc(ir->sub, (ir->nsub + 1) * sizeof(*ir->sub));
	ir->sub[ir->nsub] = s;
	return ir->nsub++;
}

void ir_ld_func(struct ir *ir, int dst, int sub)
{
	struct ir_insn *in = ir_add(ir, IR_LD_FUNC);

	in->dst = dst;
	in->imm = sub;
}

void ir_exit(struct ir *ir)
{
	ir_op(ir, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

static const char *const helper_names[] = {
	[BPF_FUNC_map_lookup_elem] = "map_lookup_elem",
	[BPF_FUNC_map_update_elem] = "map_update_elem",
	[BPF_FUNC_map_delete_elem] = "map_delete_elem",
	[BPF_FUNC_probe_read] = "probe_read",
	[BPF_FUNC_ktime_get_ns] = "ktime_get_ns",
	[BPF_FUNC_get_prandom_u32] = "get_prandom_u32",
	[BPF_FUNC_get_smp_processor_id] = "get_smp_processor_id",
	[BPF_FUNC_get_current_pid_tgid] = "get_current_pid_tgid",
	[BPF_FUNC_get_current_uid_gid] = "get_current_uid_gid",
	[BPF_FUNC_get_current_comm] = "get_current_comm",
	[BPF_FUNC_get_current_task] = "get_current_task",
	[BPF_FUNC_probe_read_str] = "probe_read_str",
	[BPF_FUNC_probe_read_user] = "probe_read_user",
	[BPF_FUNC_probe_read_kernel] = "probe_read_kernel",
	[BPF_FUNC_probe_read_user_str] = "probe_read_user_str",
	[BPF_FUNC_probe_read_kernel_str] = "probe_read_kernel_str",
	[BPF_FUNC_loop] = "loop",
	[BPF_FUNC_ringbuf_output] = "ringbuf_output",
	[BPF_FUNC_ringbuf_reserve] = "ringbuf_reserve",
	[BPF_FUNC_ringbuf_submit] = "ringbuf_submit",
	[BPF_FUNC_ringbuf_discard] = "ringbuf_discard",
	[BPF_FUNC_ringbuf_query] = "ringbuf_query",
	[BPF_FUNC_get_attach_cookie] = "get_attach_cookie",
	[BPF_FUNC_get_stackid] = "get_stackid",
	[BPF_FUNC_send_signal] = "send_signal",
	[BPF_FUNC_ktime_get_boot_ns] = "ktime_get_boot_ns",
	[BPF_FUNC_skb_output] = "skb_output",
	[BPF_FUNC_get_ns_current_pid_tgid] = "get_ns_current_pid_tgid",
	[BPF_FUNC_jiffies64] = "jiffies64",
	[BPF_FUNC_tail_call] = "tail_call",
};

const char *ir_helper_name(int64_t id)
{
	if (id >= 0 && id < (int64_t)ARRAY_SIZE(helper_names) && helper_names[id])
		return helper_names[id];
	return "helper";
}

static const char *const alu_ops[16] = {
	[BPF_ADD >> 4] = "+=", [BPF_SUB >> 4] = "-=", [BPF_MUL >> 4] = "*=",
	[BPF_DIV >> 4] = "/=", [BPF_OR >> 4] = "|=", [BPF_AND >> 4] = "&=",
	[BPF_LSH >> 4] = "<<=", [BPF_RSH >> 4] = ">>=", [BPF_NEG >> 4] = "neg",
	[BPF_MOD >> 4] = "%=", [BPF_XOR >> 4] = "^=", [BPF_MOV >> 4] = "=",
	[BPF_ARSH >> 4] = "s>>=",
};

static const char *const jmp_ops[16] = {
	[BPF_JEQ >> 4] = "==", [BPF_JGT >> 4] = ">", [BPF_JGE >> 4] = ">=",
	[BPF_JSET >> 4] = "&", [BPF_JNE >> 4] = "!=", [BPF_JSGT >> 4] = "s>",
	[BPF_JSGE >> 4] = "s>=", [BPF_JLT >> 4] = "<", [BPF_JLE >> 4] = "<=",
	[BPF_JSLT >> 4] = "s<", [BPF_JSLE >> 4] = "s<=",
};

static const char *size_name(int code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B: return "u8";
	case BPF_H: return "u16";
	case BPF_W: return "u32";
	default: return "u64";
	}
}

static void reg_name(char *buf, size_t len, int reg, bool w)
{
	if (reg < IR_VREG0)
		snprintf(buf, len, "%c%d", w ? 'w' : 'r', reg);
	else
		snprintf(buf, len, "%c%d", w ? 'W' : 'v', reg);
}

/*
 * Formats one operation.  target: jump target text (label or offset).
 * imm64_text: for ld_imm64-like ops.
 */
static void op_str(char *out, size_t len, uint8_t code, int dst, int src,
		   int16_t off, int64_t imm, const char *target)
{
	char d[16], s[16];
	bool w = BPF_CLASS(code) == BPF_ALU;

	reg_name(d, sizeof(d), dst, w);
	reg_name(s, sizeof(s), src, w);
	switch (BPF_CLASS(code)) {
	case BPF_ALU:
	case BPF_ALU64:
		if (BPF_OP(code) == BPF_NEG)
			snprintf(out, len, "%s = -%s", d, d);
		else if (BPF_OP(code) == BPF_END)
			snprintf(out, len, "%s = %s%d %s", d,
				 BPF_SRC(code) == BPF_X ? "be" : "le",
				 (int)imm, d);
		else if (BPF_SRC(code) == BPF_X)
			snprintf(out, len, "%s %s %s", d, alu_ops[BPF_OP(code) >> 4], s);
		else
			snprintf(out, len, "%s %s %" PRId64, d,
				 alu_ops[BPF_OP(code) >> 4], imm);
		break;
	case BPF_LDX:
		snprintf(out, len, "%s = *(%s *)(%s %+d)", d, size_name(code),
			 s, off);
		break;
	case BPF_STX:
		if (BPF_MODE(code) == BPF_ATOMIC && imm == BPF_CMPXCHG)
			snprintf(out, len, "r0 = cmpxchg(*(%s *)(%s %+d), r0, %s)",
				 size_name(code), d, off, s);
		else if (BPF_MODE(code) == BPF_ATOMIC)
			snprintf(out, len, "lock *(%s *)(%s %+d) %s %s",
				 size_name(code), d, off,
				 alu_ops[BPF_OP(imm) >> 4], s);
		else
			snprintf(out, len, "*(%s *)(%s %+d) = %s",
				 size_name(code), d, off, s);
		break;
	case BPF_ST:
		snprintf(out, len, "*(%s *)(%s %+d) = %" PRId64, size_name(code),
			 d, off, imm);
		break;
	case BPF_JMP:
		switch (BPF_OP(code)) {
		case BPF_JA:
			snprintf(out, len, "goto %s", target);
			break;
		case BPF_CALL:
			snprintf(out, len, "call %s#%" PRId64, ir_helper_name(imm), imm);
			break;
		case BPF_EXIT:
			snprintf(out, len, "exit");
			break;
		default:
			if (BPF_SRC(code) == BPF_X)
				snprintf(out, len, "if %s %s %s goto %s", d,
					 jmp_ops[BPF_OP(code) >> 4], s, target);
			else
				snprintf(out, len, "if %s %s %" PRId64 " goto %s",
					 d, jmp_ops[BPF_OP(code) >> 4], imm,
					 target);
		}
		break;
	default:
		snprintf(out, len, "(code 0x%02x)", code);
	}
}

void ir_dump(FILE *f, const struct ir *ir, ir_map_namer namer, void *arg)
{
	char text[128], target[32], d[16];
	int i;

	for (i = 0; i < ir->n; i++) {
		const struct ir_insn *in = &ir->insn[i];

		reg_name(d, sizeof(d), in->dst, false);
		switch (in->kind) {
		case IR_LABEL:
			fprintf(f, "L%" PRId64 ":\n", in->imm);
			continue;
		case IR_LD_MAP:
			snprintf(text, sizeof(text), "%s = map[%s] ll", d,
				 namer ? namer(in->imm, arg) : "?");
			break;
		case IR_LD_MAP_VALUE:
			snprintf(text, sizeof(text), "%s = map_value[%s] ll", d,
				 namer ? namer(in->imm, arg) : "?");
			break;
		case IR_LD_IMM64:
			snprintf(text, sizeof(text), "%s = %" PRId64 " ll", d,
				 in->imm);
			break;
		case IR_LD_START:
			snprintf(text, sizeof(text), "%s = start_ns ll", d);
			break;
		case IR_LD_PC:
			snprintf(text, sizeof(text), "%s = pc", d);
			break;
		case IR_LD_FUNC:
			snprintf(text, sizeof(text), "%s = &sub%" PRId64, d,
				 in->imm);
			break;
		default:
			snprintf(target, sizeof(target), "L%d", in->imm2);
			op_str(text, sizeof(text), in->code, in->dst, in->src,
			       in->off, in->imm, target);
		}
		fprintf(f, "\t%s\n", text);
	}
	for (i = 0; i < ir->nsub; i++) {
		fprintf(f, "sub%d:\n", i);
		ir_dump(f, ir->sub[i], namer, arg);
	}
}

void bpf_insn_str(const struct bpf_insn *insn, char *buf, size_t len,
		  ir_map_namer namer, void *arg, const struct bpf_reloc *rel)
{
	char target[32];

	if (insn->code == (BPF_LD | BPF_DW | BPF_IMM)) {
		uint64_t v = (uint32_t)insn[0].imm |
			     ((uint64_t)(uint32_t)insn[1].imm << 32);

		if (rel && rel->kind == RELOC_MAP)
			snprintf(buf, len, "r%d = map[%s] ll", insn->dst_reg,
				 namer ? namer(rel->map_id, arg) : "?");
		else if (rel && rel->kind == RELOC_MAP_VALUE)
			snprintf(buf, len, "r%d = map_value[%s] ll",
				 insn->dst_reg,
				 namer ? namer(rel->map_id, arg) : "?");
		else if (rel && rel->kind == RELOC_START)
			snprintf(buf, len, "r%d = start_ns ll", insn->dst_reg);
		else if (insn->src_reg == BPF_PSEUDO_FUNC)
			snprintf(buf, len, "r%d = &func %+d ll", insn->dst_reg,
				 insn->imm);
		else
			snprintf(buf, len, "r%d = %" PRId64 " ll", insn->dst_reg,
				 (int64_t)v);
		return;
	}
	snprintf(target, sizeof(target), "%+d", insn->off);
	op_str(buf, len, insn->code, insn->dst_reg, insn->src_reg, insn->off,
	       insn->imm, target);
}

void bpf_code_dump(FILE *f, const struct bpf_code *code, ir_map_namer namer,
		   void *arg)
{
	char text[128];
	int i, r = 0, k;

	for (i = 0; i < code->n; i++) {
		const struct bpf_reloc *rel = NULL;

		while (r < code->nreloc && code->reloc[r].insn < i)
			r++;
		if (r < code->nreloc && code->reloc[r].insn == i)
			rel = &code->reloc[r];
		for (k = 0; k < code->nfunc; k++)
			if (code->func[k] == i)
				fprintf(f, "func:\n");
		bpf_insn_str(&code->insn[i], text, sizeof(text), namer, arg, rel);
		fprintf(f, "%4d: %s\n", i, text);
		if (code->insn[i].code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
}

void bpf_code_free(struct bpf_code *code)
{
	free(code->insn);
	free(code->reloc);
	free(code->loc);
	free(code->func);
	memset(code, 0, sizeof(*code));
}
