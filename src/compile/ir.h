/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_IR_H
#define FERRET_IR_H

#include <stdint.h>
#include <stdio.h>
#include <linux/bpf.h>
#include "../lang/loc.h"

/*
 * The IR is BPF with an unbounded register file.  Registers 0..10 are the
 * machine registers r0..r10 (r1-r5 carry helper arguments, r0 the result,
 * r10 the frame pointer); registers from IR_VREG0 up are virtual and get
 * a machine register or a stack slot from the register allocator.
 * Jumps name labels, not offsets; map references name map ids, not fds.
 */
#define IR_VREG0 16
#define IR_NPHYS 11

enum ir_kind {
	IR_INSN,	/* a BPF instruction: code, dst, src, off, imm */
	IR_LABEL,	/* label: imm is the label id */
	IR_JUMP,	/* a BPF jump whose target is label imm2 */
	IR_LD_MAP,	/* dst = address of map imm (ld_imm64 pseudo map fd) */
	IR_LD_MAP_VALUE,	/* dst = address of element 0 of array map imm */
	IR_LD_IMM64,	/* dst = imm (64-bit) */
	IR_LD_START,	/* dst = monotonic ns at program start (patched at load) */
	IR_LD_PC,	/* dst = the index of this instruction in the program
			 * ra_lower() makes (a fault's place, as DTrace names
			 * it) */
	IR_LD_FUNC,	/* dst = address of subprogram imm (ir->sub[imm]), a
			 * helper's callback */
};

struct ir_insn {
	uint8_t kind;
	uint8_t code;
	int16_t off;
	int dst, src;
	int64_t imm;
	int imm2;		/* IR_JUMP: label; cmp-with-immediate uses imm */
	const struct loc *loc;	/* the script construct it implements */
};

struct ir {
	struct ir_insn *insn;
	int n, cap;
	int nvregs;		/* next virtual register */
	int nlabels;
	int stack;		/* bytes of frame used by the code generator */
	const struct loc *loc;	/* current source location for new insns */
	/*
	 * Subprograms (callbacks of bpf_loop()): each a function of its
	 * own, with registers and a frame of its own, entered with its
	 * arguments in r1..r5, returning r0.  They go after the program.
	 */
	struct ir **sub;
	int nsub;
};

void ir_init(struct ir *ir);
void ir_free(struct ir *ir);
int ir_vreg(struct ir *ir);
int ir_label(struct ir *ir);
void ir_place(struct ir *ir, int label);
/* Appends a copy of in, location and all. */
void ir_add_copy(struct ir *ir, const struct ir_insn *in);
/* Drops instruction at (labels are instructions too: jumps stay right). */
void ir_remove(struct ir *ir, int at);
/* Drops instructions from..to-1. */
void ir_remove_range(struct ir *ir, int from, int to);
/* "map_update_elem" for BPF_FUNC_map_update_elem; "helper" if unknown. */
const char *ir_helper_name(int64_t id);

void ir_mov(struct ir *ir, int dst, int src);
void ir_mov_imm(struct ir *ir, int dst, int64_t imm);	/* picks mov or ld_imm64 */
void ir_alu(struct ir *ir, int op, int dst, int src);	/* op: BPF_ADD ... */
void ir_alu_imm(struct ir *ir, int op, int dst, int32_t imm);
void ir_alu32_imm(struct ir *ir, int op, int dst, int32_t imm);
void ir_ld(struct ir *ir, int size, int dst, int base, int16_t off);	/* size: BPF_B .. BPF_DW */
void ir_st(struct ir *ir, int size, int base, int16_t off, int src);
void ir_st_imm(struct ir *ir, int size, int base, int16_t off, int32_t imm);
/*
 * An atomic operation on the size bytes (BPF_W or BPF_DW) at base+off:
 * op BPF_ADD adds src; BPF_CMPXCHG stores src there if it holds r0, and
 * sets r0 to what it held (the register allocator knows r0 is read and
 * written).  The kernel's BPF_ATOMIC instructions (5.12).
 */
void ir_atomic(struct ir *ir, int size, int base, int16_t off, int src, int op);
void ir_jmp(struct ir *ir, int op, int a, int b, int label);	/* op: BPF_JEQ ...; a op b */
void ir_jmp_imm(struct ir *ir, int op, int a, int32_t imm, int label);
void ir_ja(struct ir *ir, int label);
/* nargs: how many of r1..r5 the helper reads. */
void ir_call(struct ir *ir, int helper, int nargs);
void ir_ld_map(struct ir *ir, int dst, int map_id);
/* Needs no lookup and no NULL check: map_id must be an array map. */
void ir_ld_map_value(struct ir *ir, int dst, int map_id);
void ir_ld_start(struct ir *ir, int dst);
void ir_ld_pc(struct ir *ir, int dst);
/* Adds sub (taken over, *sub left empty) as a subprogram; returns its index. */
int ir_add_sub(struct ir *ir, struct ir *sub);
void ir_ld_func(struct ir *ir, int dst, int sub);
void ir_exit(struct ir *ir);

/* Names a map id in listings; set by whoever owns the map table. */
typedef const char *(*ir_map_namer)(int map_id, void *arg);

void ir_dump(FILE *f, const struct ir *ir, ir_map_namer namer, void *arg);

/*
 * A finished program: real BPF instructions, with relocations left for
 * map fds and the start time, and each instruction's source location so
 * a verifier complaint can be told in the script's terms.
 */
enum reloc_kind { RELOC_MAP, RELOC_MAP_VALUE, RELOC_START };

struct bpf_reloc {
	int insn;		/* index of the ld_imm64 */
	enum reloc_kind kind;
	int map_id;
};

struct bpf_code {
	struct bpf_insn *insn;
	int n;
	struct bpf_reloc *reloc;
	int nreloc;
	const struct loc **loc;	/* per instruction, may be NULL */
	int stack;		/* frame bytes */
	/*
	 * Where each subprogram starts (after the main program, which starts
	 * at 0): the kernel wants BTF func_info for a program that passes
	 * one as a callback.
	 */
	int *func;
	int nfunc;
};

/*
 * Allocates registers (liveness-based linear scan, spilling to the stack)
 * and lowers ir into code, its subprograms after it.  Returns 0, or
 * -E2BIG if the frame (with a subprogram's on top) would pass the
 * 512-byte BPF stack (code->stack then says how much was needed).  A
 * jump further than a BPF jump's 16-bit offset becomes a 32-bit gotol.
 */
int ra_lower(struct ir *ir, struct bpf_code *code);
void bpf_code_free(struct bpf_code *code);
void bpf_code_dump(FILE *f, const struct bpf_code *code,
		   ir_map_namer namer, void *arg);
/* One instruction as text, as the listings print it. */
void bpf_insn_str(const struct bpf_insn *insn, char *buf, size_t len,
		  ir_map_namer namer, void *arg, const struct bpf_reloc *rel);

#endif
