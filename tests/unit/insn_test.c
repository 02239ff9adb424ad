/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 instruction lengths: fixed encodings of each form (prefixes,
 * REX.W, the immediates, SIB and displacements, VEX, EVEX, XOP, the
 * three-byte maps, group 3), refusals, and every instruction objdump
 * disassembles in this system's C library and in this test's own
 * program, decoded in a run as a probe placer walks a function.
 */
#include <ctype.h>
#include <stdio.h>
#include <unistd.h>

#include "harness.h"
#include "kernel/insn.h"

struct enc {
	const char *what;
	unsigned char b[16];
	int n;		/* bytes given */
	int want;	/* length, or -EINVAL */
};

static const struct enc encs[] = {
	{ "push %rbp", { 0x55 }, 1, 1 },
	{ "mov %rsp,%rbp", { 0x48, 0x89, 0xe5 }, 3, 3 },
	{ "movabs $imm64,%rax", { 0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8 }, 10, 10 },
	{ "mov $imm32,%eax", { 0xb8, 1, 2, 3, 4 }, 5, 5 },
	{ "mov $imm16,%ax", { 0x66, 0xb8, 1, 2 }, 4, 4 },
	{ "call rel32", { 0xe8, 0, 0, 0, 0 }, 5, 5 },
	{ "jne rel8", { 0x75, 0x10 }, 2, 2 },
	{ "jne rel32", { 0x0f, 0x85, 0, 0, 0, 0 }, 6, 6 },
	{ "nopl 0(%rax,%rax)", { 0x0f, 0x1f, 0x44, 0, 0 }, 5, 5 },
	{ "nopw 0(%rax,%rax) disp32", { 0x66, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0 }, 9, 9 },
	{ "mov abs32 through SIB", { 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0 }, 8, 8 },
	{ "mov rip-relative", { 0x48, 0x8b, 0x05, 0, 0, 0, 0 }, 7, 7 },
	{ "mov disp8(%rsp)", { 0x48, 0x8b, 0x44, 0x24, 0x08 }, 5, 5 },
	{ "movl $imm32,disp8(%rbp)", { 0xc7, 0x45, 0xfc, 1, 0, 0, 0 }, 7, 7 },
	{ "movw $imm16,disp8(%rbp)", { 0x66, 0xc7, 0x45, 0xfc, 1, 0 }, 6, 6 },
	{ "add $imm8,%rsp", { 0x48, 0x83, 0xc4, 0x08 }, 4, 4 },
	{ "test $imm8,%al (group 3 /0)", { 0xf6, 0xc0, 0x01 }, 3, 3 },
	{ "test $imm32,%eax (group 3 /0)", { 0xf7, 0xc0, 1, 0, 0, 0 }, 6, 6 },
	{ "not %al (group 3 /2)", { 0xf6, 0xd0 }, 2, 2 },
	{ "neg %rax (group 3 /3)", { 0x48, 0xf7, 0xd8 }, 3, 3 },
	{ "mov moffs64,%eax", { 0xa1, 1, 2, 3, 4, 5, 6, 7, 8 }, 9, 9 },
	{ "mov moffs32,%eax (0x67)", { 0x67, 0xa1, 1, 2, 3, 4 }, 6, 6 },
	{ "enter $16,$0", { 0xc8, 0x10, 0, 0 }, 4, 4 },
	{ "ret $8", { 0xc2, 8, 0 }, 3, 3 },
	{ "popcnt %eax,%eax", { 0xf3, 0x0f, 0xb8, 0xc0 }, 4, 4 },
	{ "lock cmpxchg %ecx,(%rdx)", { 0xf0, 0x0f, 0xb1, 0x0a }, 4, 4 },
	{ "pshufd $imm8", { 0x66, 0x0f, 0x70, 0xc1, 0x1b }, 5, 5 },
	{ "pshufb (0f 38)", { 0x66, 0x0f, 0x38, 0x00, 0xc1 }, 5, 5 },
	{ "palignr $imm8 (0f 3a)", { 0x66, 0x0f, 0x3a, 0x0f, 0xc1, 0x08 }, 6, 6 },
	{ "extrq $imm8,$imm8 (66 0f 78)", { 0x66, 0x0f, 0x78, 0xc0, 1, 2 }, 6, 6 },
	{ "vmread (0f 78)", { 0x0f, 0x78, 0xc1 }, 3, 3 },
	{ "vzeroupper (vex, no ModRM)", { 0xc5, 0xf8, 0x77 }, 3, 3 },
	{ "vmovdqu (vex2)", { 0xc5, 0xfe, 0x6f, 0x06 }, 4, 4 },
	{ "vpbroadcastb rip (vex3 map 2)", { 0xc4, 0xe2, 0x7d, 0x78, 0x05, 0, 0, 0, 0 }, 9, 9 },
	{ "vpalignr $imm8 (vex3 map 3)", { 0xc4, 0xe3, 0x7d, 0x0f, 0xc1, 0x08 }, 6, 6 },
	{ "vpshufd $imm8 (vex2 map 1)", { 0xc5, 0xfd, 0x70, 0xc1, 0x1b }, 5, 5 },
	{ "vmovups (%rsp),%zmm0 (evex)", { 0x62, 0xf1, 0x7c, 0x48, 0x10, 0x04, 0x24 }, 7, 7 },
	{ "vpternlogd $imm8 (evex map 3)", { 0x62, 0xf3, 0x75, 0x48, 0x25, 0xc2, 0x96 }, 7, 7 },
	{ "evex disp8", { 0x62, 0xf1, 0x7c, 0x48, 0x10, 0x46, 0x01 }, 7, 7 },
	{ "xop map 9", { 0x8f, 0xe9, 0x78, 0x01, 0xc8 }, 5, 5 },
	{ "xop map 10 imm32", { 0x8f, 0xea, 0x78, 0x10, 0xc0, 1, 2, 3, 4 }, 9, 9 },
	{ "pop (%rax) (8f /0)", { 0x8f, 0x00 }, 2, 2 },
	{ "fstcw (fwait's waiting form)", { 0x9b, 0xd9, 0x7c, 0x24, 0x08 }, 5, 5 },
	{ "fwait alone", { 0x9b, 0x90 }, 2, 1 },
	{ "push %es: not in 64-bit mode", { 0x06 }, 1, -EINVAL },
	{ "into: not in 64-bit mode", { 0xce }, 1, -EINVAL },
	{ "0f 04: no such opcode", { 0x0f, 0x04 }, 2, -EINVAL },
	{ "call cut short", { 0xe8, 0, 0 }, 3, -EINVAL },
	{ "ModRM cut short", { 0x48, 0x8b }, 2, -EINVAL },
	{ "prefixes only", { 0x66, 0x66 }, 2, -EINVAL },
	{ "longer than 15 bytes", { 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
				    0x66, 0x66, 0x66, 0x66, 0x48, 0xb8, 1, 2, 3 },
	  16, -EINVAL },
};

static void test_encodings(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(encs); i++) {
		char name[128];
		struct tc t = { .name = name };
		int got = insn_len(encs[i].b, encs[i].n);

		snprintf(name, sizeof(name), "insn_len: %s", encs[i].what);
		expect(&t, got == encs[i].want, "%d, want %d", got,
		       encs[i].want);
		finish(&t);
	}
}

struct run {
	unsigned char *code;
	size_t ncode, cap;
	int *lens;
	size_t n, insns;
};

/* Decodes a run as a probe placer walks it: each from the last's end. */
static void run_check(struct tc *t, struct run *r)
{
	size_t i, off = 0;

	for (i = 0; i < r->n && !t->failed; i++) {
		int got = insn_len(r->code + off, r->ncode - off);

		const unsigned char *c = r->code + off;

		expect(t, got == r->lens[i], "at byte %zu of a run (%02x %02x %02x %02x): %d, objdump %d",
		       off, c[0], r->lens[i] > 1 ? c[1] : 0,
		       r->lens[i] > 2 ? c[2] : 0, r->lens[i] > 3 ? c[3] : 0,
		       got, r->lens[i]);
		off += r->lens[i];
	}
	r->insns += r->n;
	r->n = r->ncode = 0;
}

/*
 * objdump -d's instructions of path, each line's bytes (-w keeps them on
 * one line), runs of consecutive addresses decoded in turn.  A line
 * objdump could not decode ends the run.
 */
static void test_objdump(const char *path)
{
	char name[300], *cmd, *line = NULL;
	struct tc t = { .name = name };
	struct run r = { 0 };
	unsigned long long addr, next = 0;
	size_t lcap = 0;
	FILE *f;

	snprintf(name, sizeof(name), "insn_len agrees with objdump -d on %s",
		 path);
	if (access(path, R_OK)) {
		skip(name, "not on this system");
		return;
	}
	cmd = xasprintf("objdump -d -w %s 2>/dev/null", path);
	f = popen(cmd, "r");
	free(cmd);
	if (!f) {
		skip(name, "objdump does not run");
		return;
	}
	while (getline(&line, &lcap, f) >= 0) {
		char *p = line, *tab;
		int used = 0, len = 0;
		unsigned int b;

		while (*p == ' ')
			p++;
		/* %n is set only where the colon matched */
		if (sscanf(p, "%llx:%n", &addr, &used) != 1 || !used ||
		    p[used] != '\t' ||
		    !(tab = strchr(p + used + 1, '\t')) || strstr(tab, "(bad)")) {
			run_check(&t, &r);
			continue;
		}
		if (r.n && addr != next)
			run_check(&t, &r);
		for (p += used + 1; p + 1 < tab && isxdigit(p[0]) &&
		     isxdigit(p[1]) && sscanf(p, "%2x", &b) == 1; p += 3) {
			if (r.ncode == r.cap) {
				r.cap = r.cap ? 2 * r.cap : 4096;
				r.code = xrealloc(r.code, r.cap);
			}
			r.code[r.ncode++] = (unsigned char)b;
			len++;
		}
		if (!(r.n % 1024))
			r.lens = xrealloc(r.lens, (r.n + 1024) * sizeof(*r.lens));
		r.lens[r.n++] = len;
		next = addr + len;
	}
	run_check(&t, &r);
	pclose(f);
	free(line);
	free(r.code);
	free(r.lens);
	if (!r.insns) {
		skip(name, "objdump listed no instructions");
		return;
	}
	expect(&t, r.insns > 1000, "only %zu instructions", r.insns);
	finish(&t);
}

int main(int argc, char **argv)
{
	(void)argc;
	test_encodings();
	test_objdump(argv[0]);
	test_objdump("/lib/x86_64-linux-gnu/libc.so.6");
	test_objdump("/lib/x86_64-linux-gnu/libm.so.6");
	for (int i = 1; i < argc; i++)
		test_objdump(argv[i]);
	return harness_summary();
}
