/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: classic BPF programs (a struct sock_fprog's
 * instructions) as strace shows them under -v: seccomp filters and
 * socket filters.
 */
#include <string.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "st_bpf.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat classes[] = {
	X(BPF_LD), X(BPF_LDX), X(BPF_ST), X(BPF_STX), X(BPF_ALU), X(BPF_JMP),
	X(BPF_RET), X(BPF_MISC), END,
};

static const struct st_xlat sizes[] = {
	X(BPF_W), X(BPF_H), X(BPF_B), X(BPF_DW), END,
};

static const struct st_xlat modes[] = {
	X(BPF_IMM), X(BPF_ABS), X(BPF_IND), X(BPF_MEM), X(BPF_LEN), X(BPF_MSH),
	X(BPF_XADD), END,
};

static const struct st_xlat srcs[] = { X(BPF_K), X(BPF_X), END };

static const struct st_xlat alu_ops[] = {
	X(BPF_ADD), X(BPF_SUB), X(BPF_MUL), X(BPF_DIV), X(BPF_OR), X(BPF_AND),
	X(BPF_LSH), X(BPF_RSH), X(BPF_NEG), X(BPF_MOD), X(BPF_XOR), X(BPF_MOV),
	X(BPF_ARSH), X(BPF_END), END,
};

static const struct st_xlat jmp_ops[] = {
	X(BPF_JA), X(BPF_JEQ), X(BPF_JGT), X(BPF_JGE), X(BPF_JSET), X(BPF_JNE),
	X(BPF_JSGT), X(BPF_JSGE), X(BPF_CALL), X(BPF_EXIT), X(BPF_JLT), X(BPF_JLE),
	X(BPF_JSLT), X(BPF_JSLE), END,
};

static const struct st_xlat rvals[] = { X(BPF_K), X(BPF_X), X(BPF_A), END };

static const struct st_xlat misc_ops[] = { X(BPF_TAX), X(BPF_TXA), END };

static const struct st_xlat skf_ad[] = {
	X(SKF_AD_PROTOCOL), X(SKF_AD_PKTTYPE), X(SKF_AD_IFINDEX), X(SKF_AD_NLATTR),
	X(SKF_AD_NLATTR_NEST), X(SKF_AD_MARK), X(SKF_AD_QUEUE), X(SKF_AD_HATYPE),
	X(SKF_AD_RXHASH), X(SKF_AD_CPU), X(SKF_AD_ALU_XOR_X), X(SKF_AD_VLAN_TAG),
	X(SKF_AD_VLAN_TAG_PRESENT), X(SKF_AD_PAY_OFFSET), X(SKF_AD_RANDOM),
	X(SKF_AD_VLAN_TPID), END,
};

/* The special offsets of absolute loads, highest first (linux/filter.h). */
static const struct st_xlat skf_offs[] = {
	{ (uint32_t)SKF_AD_OFF, "SKF_AD_OFF" }, { (uint32_t)SKF_NET_OFF, "SKF_NET_OFF" },
	{ (uint32_t)SKF_LL_OFF, "SKF_LL_OFF" }, END,
};

/* Bits no field of the class names: in hex, commented. */
static void rest(struct buf *b, unsigned v)
{
	if (v)
		buf_printf(b, "|%#x /* BPF_??? */", v);
}

/* An instruction's opcode: its class, then the fields the class has. */
static void code(struct buf *b, unsigned c)
{
	unsigned cls = BPF_CLASS(c), r = c & ~cls;

	st_xlat_val(b, classes, cls, "BPF_???");
	switch (cls) {
	case BPF_ST:
	case BPF_STX:
		rest(b, r);
		break;
	case BPF_LD:
	case BPF_LDX:
		buf_printf(b, "|");
		st_xlat_val(b, sizes, BPF_SIZE(c), "BPF_???");
		buf_printf(b, "|");
		st_xlat_val(b, modes, BPF_MODE(c), "BPF_???");
		break;
	case BPF_MISC:
		buf_printf(b, "|");
		st_xlat_val(b, misc_ops, BPF_MISCOP(c), "BPF_???");
		rest(b, r & ~BPF_MISCOP(c));
		break;
	case BPF_ALU:
	case BPF_JMP:
		buf_printf(b, "|");
		st_xlat_val(b, srcs, BPF_SRC(c), "BPF_???");
		buf_printf(b, "|");
		st_xlat_val(b, cls == BPF_ALU ? alu_ops : jmp_ops, BPF_OP(c), "BPF_???");
		break;
	case BPF_RET:
		buf_printf(b, "|");
		st_xlat_val(b, rvals, BPF_RVAL(c), "BPF_???");
		rest(b, r & ~BPF_RVAL(c));
		break;
	}
}

/*
 * eBPF's names where they differ from classic BPF's: classes 6 and 7 are
 * BPF_JMP32 and BPF_ALU64, and its modes lack BPF_LEN and BPF_MSH.
 */
static const struct st_xlat ebpf_classes[] = {
	X(BPF_LD), X(BPF_LDX), X(BPF_ST), X(BPF_STX), X(BPF_ALU), X(BPF_JMP),
	X(BPF_JMP32), X(BPF_ALU64), END,
};

static const struct st_xlat ebpf_modes[] = {
	X(BPF_IMM), X(BPF_ABS), X(BPF_IND), X(BPF_MEM), X(BPF_XADD), END,
};

void st_bpf_ebpf_code(struct buf *b, unsigned c)
{
	unsigned cls = BPF_CLASS(c), r = c & ~cls;

	st_xlat_val(b, ebpf_classes, cls, "BPF_???");
	switch (cls) {
	case BPF_LD:
	case BPF_LDX:
	case BPF_ST:
	case BPF_STX:
		buf_printf(b, "|");
		st_xlat_val(b, sizes, BPF_SIZE(c), "BPF_???");
		buf_printf(b, "|");
		st_xlat_val(b, ebpf_modes, BPF_MODE(c), "BPF_???");
		break;
	case BPF_ALU:
	case BPF_ALU64:
	case BPF_JMP:
		buf_printf(b, "|");
		st_xlat_val(b, srcs, BPF_SRC(c), "BPF_???");
		buf_printf(b, "|");
		st_xlat_val(b, cls == BPF_JMP ? jmp_ops : alu_ops, BPF_OP(c), "BPF_???");
		break;
	default:
		/* BPF_JMP32: strace names none of its fields. */
		rest(b, r);
	}
}

/* A statement's constant as its owner reads it; false: a plain number. */
static bool owned_k(struct buf *b, unsigned c, uint32_t k, enum st_bpf_owner owner)
{
	size_t j;

	if (owner == ST_BPF_SECCOMP && BPF_CLASS(c) == BPF_RET) {
		uint32_t action = k & SECCOMP_RET_ACTION_FULL;

		st_xlat_val(b, st_seccomp_ret_actions, action, "SECCOMP_RET_???");
		if (k & ~action)
			buf_printf(b, "|%#x", k & ~action);
		return true;
	}
	if (owner != ST_BPF_SOCKET || BPF_CLASS(c) != BPF_LD || BPF_MODE(c) != BPF_ABS)
		return false;
	for (j = 0; skf_offs[j].name; j++) {
		uint32_t off = (uint32_t)skf_offs[j].val;

		if (k < off)
			continue;
		st_xlat_val(b, skf_offs, off, NULL);
		buf_printf(b, "+");
		if (off == (uint32_t)SKF_AD_OFF)
			st_xlat_val(b, skf_ad, k - off, "SKF_AD_???");
		else
			buf_printf(b, "%u", k - off);
		return true;
	}
	return false;
}

void st_bpf_insn(struct buf *b, const unsigned char *p, enum st_bpf_owner owner)
{
	struct sock_filter f;

	memcpy(&f, p, sizeof(f));
	if (f.jt || f.jf) {
		buf_printf(b, "BPF_JUMP(");
		code(b, f.code);
		buf_printf(b, ", %#x, %#x, %#x)", f.k, f.jt, f.jf);
		return;
	}
	buf_printf(b, "BPF_STMT(");
	code(b, f.code);
	buf_printf(b, ", ");
	if (!owned_k(b, f.code, f.k, owner))
		buf_printf(b, "%#x", f.k);
	buf_printf(b, ")");
}

void st_bpf_insns(struct buf *b, const unsigned char *p, size_t have, uint64_t addr,
		  unsigned len, enum st_bpf_owner owner)
{
	struct sock_filter f;
	unsigned i;

	if (len && have < sizeof(f)) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	buf_printf(b, "[");
	for (i = 0; i < len; i++) {
		if (i)
			buf_printf(b, ", ");
		if ((size_t)(i + 1) * sizeof(f) > have) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + i * sizeof(f)));
			break;
		}
		if (i == ST_BPF_MAXINSNS) {
			buf_printf(b, "...");
			break;
		}
		st_bpf_insn(b, p + i * sizeof(f), owner);
	}
	buf_printf(b, "]");
}
