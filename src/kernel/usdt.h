/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_USDT_H
#define FERRET_USDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * USDT probes: SystemTap SDT notes and their x86-64 argument specs.
 *
 * Each probe is a note in .note.stapsdt, owner "stapsdt", type 3, whose
 * descriptor holds three addresses of the ELF's word size, pc (the nop
 * to put the uprobe on), base (the link-time address of .stapsdt.base)
 * and the semaphore (0 if none), then provider, name and argument
 * string, each NUL-terminated.  When the file's .stapsdt.base section
 * lies elsewhere than base says (the file was prelinked), pc and the
 * semaphore move by the difference.
 *
 * Attaching goes through the perf uprobe PMU (type from
 * /sys/bus/event_source/devices/uprobe/type): attr.config1 points to
 * the path, attr.config2 is the file offset of pc, and a semaphore's
 * file offset goes in attr.config bits 32-63, as the PMU's
 * format/ref_ctr_offset says ("config:32-63"; bit 0, format/retprobe,
 * asks for a return probe).  The kernel then increments the semaphore
 * in every process mapping the file while the probe is attached.
 */

enum usdtn_kind {
	USDTN_CONST,		/* the value is offset */
	USDTN_REG,		/* the value is in register reg */
	USDTN_MEM,		/* the value is at an address, see below */
};

/* reg and index when there is no register. */
#define USDTN_NO_REG (-1)

/*
 * One argument, "N@OPERAND": N bytes (1, 2, 4 or 8; 8 when the spec has
 * no "N@"), signed when N is negative.  Registers are byte offsets in
 * the x86-64 struct pt_regs (<asm/ptrace.h>: r15 r14 r13 r12 rbp rbx r11
 * r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags rsp ss), already
 * moved to the byte a narrower name designates (%ah is rax + 1);
 * reg_size is the width of the register named (8 %rax, 4 %eax, 2 %ax,
 * 1 %al or %ah).
 *
 * A USDTN_MEM address is base + index * scale + offset, where base is
 * register reg, or with a symbol the run-time address of that symbol
 * (the operand was "SYM+OFF(%rip)" or an absolute "SYM+OFF"; reg is
 * then USDTN_NO_REG), or nothing (reg USDTN_NO_REG, an absolute
 * address "0x601040").  index is USDTN_NO_REG or a register, scale 1,
 * 2, 4 or 8.
 */
struct usdtn_arg {
	int size;
	bool is_signed;
	enum usdtn_kind kind;
	int reg;
	int reg_size;
	int index;
	int scale;
	int64_t offset;
	char *symbol;		/* owned; NULL if none */
};

/*
 * Parses one argument spec (len bytes at s, no surrounding blanks).
 * 0, or -EINVAL with a message in err (errlen bytes) naming what is
 * wrong.  *arg owns its symbol: usdtn_arg_clear() frees it.
 */
int usdtn_parse_arg(const char *s, size_t len, struct usdtn_arg *arg,
		    char *err, size_t errlen);

void usdtn_arg_clear(struct usdtn_arg *arg);

/*
 * Parses a whole argument string (blank-separated specs) into *args, an
 * array usdtn_args_free() frees.  The count (0 for an empty string), or
 * -EINVAL with a message in err.
 */
int usdtn_parse_args(const char *spec, struct usdtn_arg **args, char *err,
		     size_t errlen);

void usdtn_args_free(struct usdtn_arg *args, int nargs);

/* The name of the register at pt_regs byte offset off of width size. */
const char *usdtn_reg_name(int off, int size);

struct usdtn_probe {
	const char *provider;
	const char *name;
	const char *args;	/* the argument string as in the note */
	uint64_t pc;		/* ELF virtual address, adjusted */
	uint64_t base;		/* as in the note */
	uint64_t semaphore;	/* adjusted like pc; 0 if none */
	uint64_t pc_offset;	/* file offset of pc: uprobe config2 */
	uint64_t sema_offset;	/* file offset of the semaphore, or 0 */
	struct usdtn_arg *argv;	/* NULL when argc < 0 */
	int argc;		/* or -EINVAL if args does not parse */
};

/*
 * Calls cb for each probe note of the ELF file path, in note order; the
 * probe and everything it points to live until cb returns.  A nonzero
 * return from cb stops the walk and is returned.  0 (also when the file
 * has no probes), or -errno: -ENOEXEC if path is not ELF, a note is
 * malformed or its pc or semaphore lies in no loaded part of the file.
 */
int usdtn_list(const char *path,
	       int (*cb)(const struct usdtn_probe *probe, void *arg),
	       void *arg);

#endif
