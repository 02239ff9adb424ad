/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: ptrace(2) as strace 6.1 prints it. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <sys/ptrace.h>
#include <sys/reg.h>
#include <sys/user.h>

#include "st_ptrace.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The requests: the kernel's PEEKUSR and POKEUSR by strace's names. */
static const struct st_xlat cmds[] = {
	X(PTRACE_TRACEME), X(PTRACE_PEEKTEXT), X(PTRACE_PEEKDATA),
	{ PTRACE_PEEKUSER, "PTRACE_PEEKUSER" }, X(PTRACE_POKETEXT), X(PTRACE_POKEDATA),
	{ PTRACE_POKEUSER, "PTRACE_POKEUSER" }, X(PTRACE_CONT), X(PTRACE_KILL),
	X(PTRACE_SINGLESTEP), X(PTRACE_GETREGS), X(PTRACE_SETREGS), X(PTRACE_GETFPREGS),
	X(PTRACE_SETFPREGS), X(PTRACE_ATTACH), X(PTRACE_DETACH), X(PTRACE_GETFPXREGS),
	X(PTRACE_SETFPXREGS), X(PTRACE_SYSCALL), X(PTRACE_GET_THREAD_AREA),
	X(PTRACE_SET_THREAD_AREA), X(PTRACE_ARCH_PRCTL), X(PTRACE_SYSEMU),
	X(PTRACE_SYSEMU_SINGLESTEP), X(PTRACE_SINGLEBLOCK), X(PTRACE_SETOPTIONS),
	X(PTRACE_GETEVENTMSG), X(PTRACE_GETSIGINFO), X(PTRACE_SETSIGINFO),
	X(PTRACE_GETREGSET), X(PTRACE_SETREGSET), X(PTRACE_SEIZE), X(PTRACE_INTERRUPT),
	X(PTRACE_LISTEN), X(PTRACE_PEEKSIGINFO), X(PTRACE_GETSIGMASK), X(PTRACE_SETSIGMASK),
	X(PTRACE_SECCOMP_GET_FILTER), X(PTRACE_SECCOMP_GET_METADATA),
	X(PTRACE_GET_SYSCALL_INFO), X(PTRACE_GET_RSEQ_CONFIGURATION), END,
};

static const struct st_xlat options[] = {
	X(PTRACE_O_TRACESYSGOOD), X(PTRACE_O_TRACEFORK), X(PTRACE_O_TRACEVFORK),
	X(PTRACE_O_TRACECLONE), X(PTRACE_O_TRACEEXEC), X(PTRACE_O_TRACEVFORKDONE),
	X(PTRACE_O_TRACEEXIT), X(PTRACE_O_TRACESECCOMP), X(PTRACE_O_EXITKILL),
	X(PTRACE_O_SUSPEND_SECCOMP), END,
};

/* linux/ptrace.h's names, which glibc's <sys/ptrace.h> cannot be included with. */
static const struct st_xlat psi_ops[] = {
	{ 0, "PTRACE_SYSCALL_INFO_NONE" }, { 1, "PTRACE_SYSCALL_INFO_ENTRY" },
	{ 2, "PTRACE_SYSCALL_INFO_EXIT" }, { 3, "PTRACE_SYSCALL_INFO_SECCOMP" }, END,
};

static const struct st_xlat peeksiginfo_flags[] = { X(PTRACE_PEEKSIGINFO_SHARED), END };

/* The note types of register sets (elf.h). */
static const struct st_xlat nt_types[] = {
	X(NT_PRSTATUS), X(NT_FPREGSET), X(NT_PRPSINFO), X(NT_PRXREG), X(NT_PLATFORM),
	X(NT_AUXV), X(NT_GWINDOWS), X(NT_ASRS), X(NT_PSTATUS), X(NT_PSINFO), X(NT_PRCRED),
	X(NT_UTSNAME), X(NT_LWPSTATUS), X(NT_LWPSINFO), X(NT_PRFPXREG),
	X(NT_386_TLS), X(NT_386_IOPERM), X(NT_X86_XSTATE), X(NT_FILE), X(NT_PRXFPREG),
	X(NT_SIGINFO), END,
};

/* Offsets into struct user, sorted, the last its size (strace's names). */
#define UREG(r) { 8 * (r), "8*" #r }
#define UOFF(f) { offsetof(struct user, f), "offsetof(struct user, " #f ")" }
static const struct st_xlat user_offsets[] = {
	UREG(R15), UREG(R14), UREG(R13), UREG(R12), UREG(RBP), UREG(RBX), UREG(R11),
	UREG(R10), UREG(R9), UREG(R8), UREG(RAX), UREG(RCX), UREG(RDX), UREG(RSI),
	UREG(RDI), UREG(ORIG_RAX), UREG(RIP), UREG(CS), { 8 * EFLAGS, "8*EFL" },
	UREG(RSP), UREG(SS),
	UOFF(u_fpvalid), UOFF(i387), UOFF(u_tsize), UOFF(u_dsize), UOFF(u_ssize),
	UOFF(start_code), UOFF(start_stack), UOFF(signal), UOFF(reserved), UOFF(u_ar0),
	UOFF(u_fpstate), UOFF(magic), UOFF(u_comm), UOFF(u_debugreg),
	{ sizeof(struct user), "sizeof(struct user)" }, END,
};

static const char *const regs[] = {
	"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8", "rax",
	"rcx", "rdx", "rsi", "rdi", "orig_rax", "rip", "cs", "eflags", "rsp", "ss",
	"fs_base", "gs_base", "ds", "es", "fs", "gs",
};

#define REGS_SIZE ((int)sizeof(struct user_regs_struct))
#define FPREGS_SIZE ((int)sizeof(struct user_fpregs_struct))
#define SIGINFO_SIZE 128
/*
 * struct ptrace_syscall_info (linux/ptrace.h): op u8 at 0, arch u32 at 4,
 * instruction_pointer at 8, stack_pointer at 16, then the union at 24:
 * entry and seccomp nr at 24 and args[6] at 32, seccomp's ret_data u32
 * at 80; exit's rval at 24 and is_error u8 at 32.  PSI_SIZE is the end
 * of the largest (seccomp's), as much as strace reads.
 */
#define PSI_UNION 24
#define PSI_ARGS 32
#define PSI_EXIT_END 33
#define PSI_SIZE 84
/* The siginfos of PEEKSIGINFO read: a region's worth. */
#define PEEK_MAX (ST_REGION_MAX / SIGINFO_SIZE)

enum { R_DATA, R_ADDR, R_REGSET };

void st_ptrace_capture(struct buf *b, const struct st_opts *o, bool exit, const int *reg_off)
{
	char l = exit ? ST_L_PTRACE_OUT : ST_L_PTRACE, len[32];

	(void)o;
	buf_printf(b, "$kc = *(arg0 + %d); $k2 = *(arg0 + %d); ", reg_off[0], reg_off[2]);
	/* An iovec and, through it, the register set: as long as iov_len says. */
	buf_printf(b, "if ($kc == %d || $kc == %d) { ", PTRACE_GETREGSET, PTRACE_SETREGSET);
	st_region_capture(b, l, 3, R_DATA, "$a", "16");
	buf_printf(b, "if ($a && ($kc == %d || %d)) { $kp = *($a); $kn = *($a + 8); "
		   "if ($kn > %d) { $kn = %d; } ", PTRACE_SETREGSET, exit, FPREGS_SIZE + 8,
		   FPREGS_SIZE + 8);
	st_region_capture(b, l, 3, R_REGSET, "$kp", "$kn");
	buf_printf(b, "} } ");
	if (exit) {
		buf_printf(b, "if ($kc == %d || $kc == %d || $kc == %d || $kc == %d || "
			   "$kc == %d) { ", PTRACE_PEEKTEXT, PTRACE_PEEKDATA, PTRACE_PEEKUSER,
			   PTRACE_GETEVENTMSG, PTRACE_GETSIGMASK);
		st_region_capture(b, l, 3, R_DATA, "$a", "8");
		buf_printf(b, "} if ($kc == %d) { ", PTRACE_GETSIGINFO);
		snprintf(len, sizeof(len), "%d", SIGINFO_SIZE);
		st_region_capture(b, l, 3, R_DATA, "$a", len);
		buf_printf(b, "} if ($kc == %d) { $kn = (int64)arg1; if ($kn > %d) { $kn = %d; } "
			   "if ($kn > 0) { ", PTRACE_PEEKSIGINFO, PEEK_MAX, PEEK_MAX);
		snprintf(len, sizeof(len), "$kn * %d", SIGINFO_SIZE);
		st_region_capture(b, l, 3, R_DATA, "$a", len);
		buf_printf(b, "} } if ($kc == %d) { ", PTRACE_SECCOMP_GET_METADATA);
		st_region_capture(b, l, 3, R_DATA, "$a", "16");
		/* As much of the struct as both the size asked and the return allow. */
		buf_printf(b, "} if ($kc == %d && (int64)arg1 > 0) { $kn = arg1; "
			   "if ($kn > $k2) { $kn = $k2; } if ($kn > %d) { $kn = %d; } ",
			   PTRACE_GET_SYSCALL_INFO, PSI_SIZE, PSI_SIZE);
		st_region_capture(b, l, 3, R_DATA, "$a", "$kn");
		buf_printf(b, "} if ($kc == %d) { ", PTRACE_GETREGS);
		snprintf(len, sizeof(len), "%d", REGS_SIZE);
		st_region_capture(b, l, 3, R_DATA, "$a", len);
		buf_printf(b, "} if ($kc == %d) { ", PTRACE_GETFPREGS);
		snprintf(len, sizeof(len), "%d", FPREGS_SIZE);
		st_region_capture(b, l, 3, R_DATA, "$a", len);
		buf_printf(b, "} ");
		return;
	}
	buf_printf(b, "if ($kc == %d) { ", PTRACE_SETSIGINFO);
	snprintf(len, sizeof(len), "%d", SIGINFO_SIZE);
	st_region_capture(b, l, 3, R_DATA, "$a", len);
	buf_printf(b, "} if ($kc == %d || $kc == %d) { ", PTRACE_SETSIGMASK,
		   PTRACE_SECCOMP_GET_METADATA);
	st_region_capture(b, l, 3, R_DATA, "$a", "8");
	buf_printf(b, "} if ($kc == %d) { ", PTRACE_PEEKSIGINFO);
	st_region_capture(b, l, 3, R_ADDR, "$k2", "16");
	buf_printf(b, "} if ($kc == %d) { ", PTRACE_SETREGS);
	snprintf(len, sizeof(len), "%d", REGS_SIZE);
	st_region_capture(b, l, 3, R_DATA, "$a", len);
	buf_printf(b, "} if ($kc == %d) { ", PTRACE_SETFPREGS);
	snprintf(len, sizeof(len), "%d", FPREGS_SIZE);
	st_region_capture(b, l, 3, R_DATA, "$a", len);
	buf_printf(b, "} ");
}

/* A region of the call, NULL (and *have 0) if nothing of it came. */
static unsigned char *region(const struct st_call *c, bool exit, int idx, size_t *have)
{
	return st_region(c, exit ? ST_L_PTRACE_OUT : ST_L_PTRACE, 3, idx, have);
}

static void ptr(struct buf *b, uint64_t v)
{
	st_region_ptr(b, v);
}

/*
 * size bytes of data as strace's umoven_or_printaddr() reads them: the
 * bytes (the caller frees them), or NULL with the address printed.
 */
static unsigned char *umove(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			    bool exit, int idx, uint64_t addr, size_t size)
{
	size_t have;
	unsigned char *p;

	if (!addr || o->noderef || (exit && st_call_failed(c))) {
		ptr(b, addr);
		return NULL;
	}
	p = region(c, exit, idx, &have);
	if (!p || have < size) {
		free(p);
		ptr(b, addr);
		return NULL;
	}
	return p;
}

/* An offset into struct user by name, as strace: the field at or below it, "+N" past it. */
static void user_offset(struct buf *b, uint64_t addr)
{
	const struct st_xlat *t, *best = NULL;
	enum st_cstyle st = st_xlat_get_style();

	for (t = user_offsets; t->name; t++)
		if (t->val <= addr)
			best = t;
	/* Past sizeof(struct user): no name. */
	if (best && !best[1].name && addr > best->val)
		best = NULL;
	if (!best || st != ST_C_ABBREV)
		ptr(b, addr);
	if (!best || st == ST_C_RAW)
		return;
	buf_printf(b, st == ST_C_VERBOSE ? " /* %s" : "%s", best->name);
	if (addr != best->val)
		buf_printf(b, "+%llu", (unsigned long long)(addr - best->val));
	if (st == ST_C_VERBOSE)
		buf_printf(b, " */");
}

/* Elements n of an array of u32 at p, "..." past -s. */
static void u32_array(struct buf *b, const struct st_dopts *o, const char *name,
		      const unsigned char *p, size_t n)
{
	size_t i;

	buf_printf(b, ", %s=[", name);
	for (i = 0; i < n; i++) {
		if (!o->verbose && i >= (size_t)o->strsize) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s%#x", i ? ", " : "", st_u32(p + 4 * i));
	}
	buf_printf(b, "]");
}

/* struct user_regs_struct, the fields that begin in its first size bytes. */
static void regs_fields(struct buf *b, const unsigned char *p, size_t size, uint64_t all)
{
	size_t i, n = size < (size_t)REGS_SIZE ? size : (size_t)REGS_SIZE;

	buf_printf(b, "{");
	for (i = 0; i * 8 < n; i++)
		buf_printf(b, "%s%s=%#llx", i ? ", " : "", regs[i],
			   (unsigned long long)st_u64(p + 8 * i));
	if (all > (uint64_t)REGS_SIZE)
		buf_printf(b, ", ...");
	buf_printf(b, "}");
}

/* struct user_fpregs_struct likewise. */
static void fpregs_fields(struct buf *b, const struct st_dopts *o, const unsigned char *p,
			  size_t size, uint64_t all)
{
	static const struct { const char *name; size_t off; int width; } f[] = {
		{ "cwd", 0, 2 }, { "swd", 2, 2 }, { "ftw", 4, 2 }, { "fop", 6, 2 },
		{ "rip", 8, 8 }, { "rdp", 16, 8 }, { "mxcsr", 24, 4 }, { "mxcr_mask", 28, 4 },
	};
	static const struct { const char *name; size_t off, n; } a[] = {
		{ "st_space", 32, 32 }, { "xmm_space", 160, 64 }, { "padding", 416, 24 },
	};
	size_t i, n = size < (size_t)FPREGS_SIZE ? size : (size_t)FPREGS_SIZE;

	buf_printf(b, "{");
	for (i = 0; i < ARRAY_SIZE(f) && (!i || n > f[i].off); i++) {
		uint64_t v = f[i].width == 2 ? st_u16(p + f[i].off) :
			     f[i].width == 4 ? st_u32(p + f[i].off) : st_u64(p + f[i].off);

		buf_printf(b, "%s%s=%#llx", i ? ", " : "", f[i].name, (unsigned long long)v);
	}
	for (i = 0; i < ARRAY_SIZE(a) && n > a[i].off; i++) {
		size_t k = (n - a[i].off) / 4;

		u32_array(b, o, a[i].name, p + a[i].off, k < a[i].n ? k : a[i].n);
	}
	if (all > (uint64_t)FPREGS_SIZE)
		buf_printf(b, ", ...");
	buf_printf(b, "}");
}

/* A register set of type nt, size bytes at addr (strace's decode_regset()). */
static void regset(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		   bool exit, unsigned nt, uint64_t addr, uint64_t size)
{
	unsigned char *p;
	int whole = nt == NT_PRSTATUS ? REGS_SIZE : FPREGS_SIZE;
	size_t fetch = size < (uint64_t)whole ? size : (size_t)whole;

	if ((nt != NT_PRSTATUS && nt != NT_FPREGSET) || !size || (size & 7)) {
		ptr(b, addr);
		return;
	}
	p = umove(b, c, o, exit, R_REGSET, addr, fetch);
	if (!p)
		return;
	if (nt == NT_PRSTATUS)
		regs_fields(b, p, fetch, size);
	else
		fpregs_fields(b, o, p, fetch, size);
	free(p);
}

/* GETREGSET's and SETREGSET's struct iovec and the set it points to. */
static void regset_iov(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		       bool get)
{
	size_t hin, hout;
	unsigned char *in = region(c, false, R_DATA, &hin), *out = region(c, true, R_DATA, &hout);
	uint64_t data = c->args[3], len;
	unsigned nt = (unsigned)c->args[2];

	if (!data || o->noderef || !in || hin < 16 || (get && (!out || hout < 16))) {
		ptr(b, data);
		goto out;
	}
	len = st_u64(in + 8);
	buf_printf(b, "{iov_base=");
	if (get)
		regset(b, c, o, true, nt, st_u64(out), st_u64(out + 8));
	else
		regset(b, c, o, false, nt, st_u64(in), len);
	buf_printf(b, ", iov_len=%llu", (unsigned long long)len);
	if (out && hout >= 16 && st_u64(out + 8) != len)
		buf_printf(b, " => %llu", (unsigned long long)st_u64(out + 8));
	buf_printf(b, "}");
out:
	free(in);
	free(out);
}

/* strace's print_sigset_addr_len(): a sigset of len bytes (8 only, on x86-64). */
static void sigmask(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		    bool exit)
{
	uint64_t data = c->args[3];
	unsigned char *p;

	if (c->args[2] != 8) {
		ptr(b, data);
		return;
	}
	p = umove(b, c, o, exit, R_DATA, data, 8);
	if (!p)
		return;
	st_decode_sigset(b, st_u64(p));
	free(p);
}

static void siginfo(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit)
{
	unsigned char *p = umove(b, c, o, exit, R_DATA, c->args[3], SIGINFO_SIZE);

	if (!p)
		return;
	st_decode_siginfo_fd(b, (int)st_u32(p), p, SIGINFO_SIZE, c->tid, o);
	free(p);
}

static void peeksiginfo_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned char *p = umove(b, c, o, false, R_ADDR, c->args[2], 16);

	if (!p)
		return;
	buf_printf(b, "{off=%llu, flags=", (unsigned long long)st_u64(p));
	st_xlat_flags_dflt(b, peeksiginfo_flags, st_u32(p + 8), "0", "PTRACE_PEEKSIGINFO_???");
	buf_printf(b, ", nr=%u}", st_u32(p + 12));
	free(p);
}

static void siginfo_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	const struct st_call *c = ((const void **)arg)[0];

	(void)idx;
	st_decode_siginfo_fd(b, (int)st_u32(e), e, SIGINFO_SIZE, c->tid, ((const void **)arg)[1]);
}

static void peeksiginfo(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	const void *arg[2] = { c, o };
	size_t have;
	unsigned char *p;

	/* -e verbose=none: strace reads none of it. */
	if (st_call_failed(c) || o->noderef) {
		ptr(b, c->args[3]);
		return;
	}
	p = region(c, true, R_DATA, &have);
	st_region_array(b, o, c->args[3], (uint64_t)c->ret, SIGINFO_SIZE, p, have,
			siginfo_elem, arg);
	free(p);
}

/*
 * GET_SYSCALL_INFO's struct, as far as the kernel wrote it and the
 * caller's size (addr) allows: each field only when whole.
 */
static void syscall_info(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t data = c->args[3], n = c->args[2];
	size_t have, i, nargs;
	unsigned char *p;
	int64_t rval;
	const char *e;
	enum st_cstyle style = st_xlat_get_style();

	if (st_call_failed(c) || (uint64_t)c->ret < n)
		n = st_call_failed(c) ? 0 : (uint64_t)c->ret;
	if (n > PSI_SIZE)
		n = PSI_SIZE;
	p = n && data && !o->noderef ? region(c, true, R_DATA, &have) : NULL;
	if (!p || have < n) {
		free(p);
		ptr(b, data);
		return;
	}
	buf_printf(b, "{op=");
	st_xlat_val(b, psi_ops, p[0], "PTRACE_SYSCALL_INFO_???");
	if (n >= 8) {
		buf_printf(b, ", arch=");
		st_xlat_val(b, st_audit_arch, st_u32(p + 4), "AUDIT_ARCH_???");
	}
	if (n >= 16)
		buf_printf(b, ", instruction_pointer=%#llx", (unsigned long long)st_u64(p + 8));
	if (n >= 24)
		buf_printf(b, ", stack_pointer=%#llx", (unsigned long long)st_u64(p + 16));
	if (n < PSI_ARGS || p[0] < 1 || p[0] > 3)
		goto out;
	if (p[0] == 2) {
		rval = (int64_t)st_u64(p + PSI_UNION);
		e = n >= PSI_EXIT_END && p[PSI_ARGS] ? st_errno_name((int)-rval) : NULL;
		buf_printf(b, ", exit={rval=");
		if (!e || style != ST_C_ABBREV)
			buf_printf(b, "%lld", (long long)rval);
		if (e && style != ST_C_RAW)
			buf_printf(b, style == ST_C_ABBREV ? "-%s" : " /* -%s */", e);
		if (n >= PSI_EXIT_END)
			buf_printf(b, ", is_error=%u", p[PSI_ARGS]);
		buf_printf(b, "}");
		goto out;
	}
	buf_printf(b, ", %s={nr=", p[0] == 1 ? "entry" : "seccomp");
	st_sys_nr_arch(b, st_u64(p + PSI_UNION), st_u32(p + 4));
	nargs = (n - PSI_ARGS) / 8;
	if (nargs > 6)
		nargs = 6;
	for (i = 0; i < nargs; i++)
		buf_printf(b, "%s%#llx", i ? ", " : ", args=[",
			   (unsigned long long)st_u64(p + PSI_ARGS + 8 * i));
	if (nargs)
		buf_printf(b, "]");
	if (p[0] == 3 && n >= PSI_SIZE)
		buf_printf(b, ", ret_data=%u", st_u32(p + PSI_SIZE - 4));
	buf_printf(b, "}");
out:
	buf_printf(b, "}");
	free(p);
}

/* SECCOMP_GET_METADATA's struct seccomp_metadata of addr bytes. */
static void seccomp_metadata(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t data = c->args[3], size = c->args[2];
	unsigned char *p, *q;
	size_t have;

	if (size < 8) {
		ptr(b, data);
		return;
	}
	p = umove(b, c, o, false, R_DATA, data, 8);
	if (!p)
		return;
	buf_printf(b, "{filter_off=%llu", (unsigned long long)st_u64(p));
	free(p);
	if (!st_call_failed(c) && (uint64_t)c->ret > 8) {
		buf_printf(b, ", ");
		q = region(c, true, R_DATA, &have);
		if ((uint64_t)c->ret < 16 || !q || have < 16) {
			buf_printf(b, "???");
		} else {
			buf_printf(b, "flags=");
			st_xlat_flags_dflt(b, st_seccomp_filter_flags, st_u64(q + 8), "0",
					   "SECCOMP_FILTER_FLAG_???");
			if ((uint64_t)c->ret > 16)
				buf_printf(b, ", ...");
		}
		free(q);
	}
	buf_printf(b, "}");
}

/* A word the call wrote at data, [N]: a pointer (PEEK*) or an unsigned long. */
static void word_out(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool addr)
{
	unsigned char *p = umove(b, c, o, true, R_DATA, c->args[3], 8);

	if (!p)
		return;
	buf_printf(b, "[");
	if (addr)
		ptr(b, st_u64(p));
	else
		buf_printf(b, "%llu", (unsigned long long)st_u64(p));
	buf_printf(b, "]");
	free(p);
}

bool st_ptrace_request(struct buf *b, const struct st_call *c)
{
	st_xlat_val(b, cmds, c->args[0], "PTRACE_???");
	return c->args[0] != PTRACE_TRACEME;
}

void st_ptrace_rest(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t req = c->args[0], addr = c->args[2], data = c->args[3];
	unsigned char *p;

	switch (req) {
	case PTRACE_ATTACH: case PTRACE_INTERRUPT: case PTRACE_KILL: case PTRACE_LISTEN:
		return;
	case PTRACE_GETREGS: case PTRACE_SETREGS: case PTRACE_GETFPREGS: case PTRACE_SETFPREGS: {
		bool get = req == PTRACE_GETREGS || req == PTRACE_GETFPREGS;
		bool fp = req == PTRACE_GETFPREGS || req == PTRACE_SETFPREGS;

		/* The regs at data; addr is ignored. */
		buf_printf(b, ", ");
		p = umove(b, c, o, get, R_DATA, data, fp ? FPREGS_SIZE : REGS_SIZE);
		if (!p)
			return;
		if (fp)
			fpregs_fields(b, o, p, FPREGS_SIZE, FPREGS_SIZE);
		else
			regs_fields(b, p, REGS_SIZE, REGS_SIZE);
		free(p);
		return;
	}
	}
	buf_printf(b, ", ");
	switch (req) {
	case PTRACE_PEEKUSER: case PTRACE_POKEUSER:
		user_offset(b, addr);
		break;
	case PTRACE_GETREGSET: case PTRACE_SETREGSET:
		st_xlat_val(b, nt_types, (uint32_t)addr, "NT_???");
		break;
	case PTRACE_GETSIGMASK: case PTRACE_SETSIGMASK: case PTRACE_SECCOMP_GET_FILTER:
	case PTRACE_SECCOMP_GET_METADATA: case PTRACE_GET_SYSCALL_INFO:
		buf_printf(b, "%llu", (unsigned long long)addr);
		break;
	case PTRACE_PEEKSIGINFO:
		peeksiginfo_args(b, c, o);
		break;
	default:
		ptr(b, addr);
	}
	buf_printf(b, ", ");
	switch (req) {
	case PTRACE_CONT: case PTRACE_DETACH: case PTRACE_SYSCALL: case PTRACE_SINGLESTEP:
	case PTRACE_SINGLEBLOCK: case PTRACE_SYSEMU: case PTRACE_SYSEMU_SINGLESTEP:
		st_sig(b, (int)data);
		break;
	case PTRACE_SEIZE: case PTRACE_SETOPTIONS:
		st_xlat_flags_dflt(b, options, data, "0", "PTRACE_O_???");
		break;
	case PTRACE_SETSIGINFO:
		siginfo(b, c, o, false);
		break;
	case PTRACE_GETSIGINFO:
		siginfo(b, c, o, true);
		break;
	case PTRACE_SETSIGMASK:
		sigmask(b, c, o, false);
		break;
	case PTRACE_GETSIGMASK:
		sigmask(b, c, o, true);
		break;
	case PTRACE_GETREGSET: case PTRACE_SETREGSET:
		regset_iov(b, c, o, req == PTRACE_GETREGSET);
		break;
	case PTRACE_SECCOMP_GET_METADATA:
		seccomp_metadata(b, c, o);
		break;
	case PTRACE_PEEKTEXT: case PTRACE_PEEKDATA: case PTRACE_PEEKUSER:
		word_out(b, c, o, true);
		break;
	case PTRACE_GETEVENTMSG:
		word_out(b, c, o, false);
		break;
	case PTRACE_PEEKSIGINFO:
		peeksiginfo(b, c, o);
		break;
	case PTRACE_GET_SYSCALL_INFO:
		syscall_info(b, c, o);
		break;
	default:
		/*
		 * SECCOMP_GET_FILTER's instructions are not decoded here:
		 * their address.
		 */
		ptr(b, data);
	}
}
