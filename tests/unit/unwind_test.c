/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .eh_frame unwinder (runtime/unwind.c) on this program's own stack:
 * three functions deep, built without frame pointers, the innermost
 * copies its registers and its stack as the kernel does for ferret
 * strace -k, and the unwinder must step to each caller's return address
 * (which each caller knows from __builtin_return_address()), with the
 * stack pointer each one had.  Then what it refuses: an address without
 * CFI, and a stack copy too short for the next frame.
 */
#include <unistd.h>

#include "harness.h"
#include "runtime/unwind.h"

#define COPY (32 * 1024)

struct snap {
	struct unw_regs r;
	unsigned char mem[COPY];
	size_t len;
	uint64_t ret[3];	/* the return addresses of inner, middle, outer */
};

static uint64_t stack_end;

/* Where the [stack] mapping ends, for a copy that does not pass it. */
static uint64_t find_stack_end(void)
{
	char line[512];
	unsigned long long s, e;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "[stack]") && sscanf(line, "%llx-%llx", &s, &e) == 2) {
			fclose(f);
			return e;
		}
	if (f)
		fclose(f);
	return 0;
}

/*
 * The stack as the kernel copies it: other frames' bytes, which the
 * sanitizer build marks as out of bounds, read without its checks.
 */
static __attribute__((noinline, no_sanitize_address)) void
copy_stack(unsigned char *to, uint64_t from, size_t n)
{
	const volatile unsigned char *p = (const volatile unsigned char *)(uintptr_t)from;
	size_t i;

	for (i = 0; i < n; i++)
		to[i] = p[i];
}

static __attribute__((noinline)) void inner(struct snap *s)
{
	uint64_t rsp, rip, rbp, rbx, r12, r13, r14, r15;

	__asm__ volatile("mov %%rsp, %0\n\tlea 0(%%rip), %1\n\tmov %%rbp, %2\n\t"
			 "mov %%rbx, %3\n\tmov %%r12, %4\n\tmov %%r13, %5\n\t"
			 "mov %%r14, %6\n\tmov %%r15, %7"
			 : "=m"(rsp), "=r"(rip), "=m"(rbp), "=m"(rbx), "=m"(r12),
			   "=m"(r13), "=m"(r14), "=m"(r15));
	memset(&s->r, 0, sizeof(s->r));
	s->r.r[UNW_RSP] = rsp;
	s->r.r[UNW_RIP] = rip;
	s->r.r[UNW_RBP] = rbp;
	s->r.r[UNW_RBX] = rbx;
	s->r.r[UNW_R12] = r12;
	s->r.r[UNW_R13] = r13;
	s->r.r[UNW_R14] = r14;
	s->r.r[UNW_R15] = r15;
	s->r.known = 1U << UNW_RSP | 1U << UNW_RIP | 1U << UNW_RBP | 1U << UNW_RBX |
		     1U << UNW_R12 | 1U << UNW_R13 | 1U << UNW_R14 | 1U << UNW_R15;
	s->len = stack_end - rsp < COPY ? stack_end - rsp : COPY;
	copy_stack(s->mem, rsp, s->len);
	s->ret[0] = (uint64_t)(uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
}

static __attribute__((noinline)) void middle(struct snap *s, int depth)
{
	volatile char pad[200];

	pad[depth] = 1;
	inner(s);
	s->ret[1] = (uint64_t)(uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
	(void)pad[0];
}

static __attribute__((noinline)) void outer(struct snap *s)
{
	middle(s, 3);
	s->ret[2] = (uint64_t)(uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
}

/* The bias of this program's code mapping that holds addr. */
static int own_bias(struct unw_image *im, uint64_t addr, uint64_t *bias)
{
	char line[4352], exe[4096];
	unsigned long long s, e, off;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	FILE *f = fopen("/proc/self/maps", "r");
	int ret = -ENOENT;

	if (n < 0 || !f)
		goto out;
	exe[n] = 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %*s %llx", &s, &e, &off) == 3 &&
		    addr >= s && addr < e && strstr(line, exe)) {
			ret = unw_image_bias(im, s, off, bias);
			break;
		}
out:
	if (f)
		fclose(f);
	return ret;
}

int main(void)
{
	static struct snap s;
	struct unw_image *im;
	struct unw_mem m;
	struct unw_regs r;
	uint64_t bias;
	bool sig;
	int i, ret;

	stack_end = find_stack_end();
	outer(&s);
	im = unw_image_open("/proc/self/exe");
	{
		struct tc t = { .name = "unwind: this program's .eh_frame is read" };

		expect(&t, im != NULL, "unw_image_open: %s", strerror(errno));
		expect(&t, !im || own_bias(im, s.r.r[UNW_RIP], &bias) == 0, "no mapping");
		finish(&t);
		if (t.failed)
			return harness_summary();
	}
	m.base = s.r.r[UNW_RSP];
	m.data = s.mem;
	m.len = s.len;
	{
		struct tc t = { .name = "unwind: inner -> middle -> outer -> main, each return address" };
		uint64_t sp = s.r.r[UNW_RSP];

		r = s.r;
		for (i = 0; i < 3 && !t.failed; i++) {
			ret = unw_step(im, bias, i == 0, &r, &m, &sig);
			expect(&t, ret == 1, "step %d: %d", i, ret);
			expect(&t, r.r[UNW_RIP] == s.ret[i], "step %d: rip %#llx, want %#llx", i,
			       (unsigned long long)r.r[UNW_RIP], (unsigned long long)s.ret[i]);
			expect(&t, r.r[UNW_RSP] > sp, "step %d: the stack pointer did not rise", i);
			expect(&t, !sig, "step %d: a signal frame", i);
			sp = r.r[UNW_RSP];
		}
		finish(&t);
	}
	{
		struct tc t = { .name = "unwind: no CFI for an address outside the file's code" };

		r = s.r;
		r.r[UNW_RIP] = bias + 8;
		ret = unw_step(im, bias, true, &r, &m, &sig);
		expect(&t, ret == -ENOENT, "step: %d", ret);
		finish(&t);
	}
	{
		struct tc t = { .name = "unwind: a copy too short for the caller's frame" };

		r = s.r;
		m.len = 8;
		ret = unw_step(im, bias, true, &r, &m, &sig);
		expect(&t, ret == -EFAULT, "step: %d", ret);
		finish(&t);
	}
	unw_image_close(im);
	return harness_summary();
}
