/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A program with USDT probes for the runtime tests, built with
 * <sys/sdt.h> twice: as a PIE and as a fixed-address executable.
 *
 *   fixture            hits every probe once, in a fixed order, then exits
 *   fixture --expect   prints what usdt_args.bt must print for that run
 *   fixture --wait     waits for SIGUSR1 first (for -p: the process is
 *                      running before the probes attach), prints the
 *                      semaphore of fixture:sema, then as above
 *   fixture --loop N   hits fixture:tick N times
 *   fixture --fork N   forks, then parent and child each hit fixture:tick
 *                      N times
 *   fixture --sema     prints fixture:sema's semaphore, then as with no
 *                      option
 *
 * Probes: the C compiler picks the operands of cargs, str, twelve and
 * twice (registers, stack slots, globals, constants); fixture_asm.S
 * writes out asm_regs, asm_mem, asm_sym and asm_const by hand.  twice
 * has two sites with different operands.  sema (fixture_sema.c) has a
 * semaphore and only fires while a tracer has raised it; other:plain is
 * another provider; fxlib:hello is in libferret_usdt.so (fixture_lib.c).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/sdt.h>
#include <sys/wait.h>

#include "fixture.h"

void fixture_asm(void);
void fixture_sema(void);
unsigned fixture_sema_value(void);
void fxlib_hello(const char *who);
extern const unsigned char fixture_data[32];

/* volatile: read at run time, so the compiler cannot make them constants. */
static volatile int8_t v_s8 = -3;
static volatile uint8_t v_u8 = 250;
static volatile int16_t v_s16 = -1234;
static volatile uint16_t v_u16 = 65000;
static volatile int32_t v_s32 = -100000;
static volatile uint32_t v_u32 = 4000000000u;
static volatile int64_t v_s64 = -5000000000ll;
static volatile uint64_t v_u64 = 18000000000000000000ull;
static volatile long v_two = 2;
static const char *volatile greeting = "hello, usdt";

static __attribute__((noinline)) void fire_cargs(void)
{
	int8_t s8 = v_s8;
	uint8_t u8 = v_u8;
	int16_t s16 = v_s16;
	uint16_t u16 = v_u16;
	int32_t s32 = v_s32;
	uint32_t u32 = v_u32;
	int64_t s64 = v_s64;
	uint64_t u64 = v_u64;

	STAP_PROBE8(fixture, cargs, s8, u8, s16, u16, s32, u32, s64, u64);
}

static __attribute__((noinline)) void fire_twice_const(void)
{
	STAP_PROBE1(fixture, twice, 1);
}

static __attribute__((noinline)) void fire_twice_var(void)
{
	long v = v_two;

	STAP_PROBE1(fixture, twice, v);
}

static __attribute__((noinline)) void fire_twelve(void)
{
	long a = v_two;

	STAP_PROBE12(fixture, twelve, 1, a, 3, a + 2, 5, a * 3, 7, a + 6, 9,
		     a * 5, 11, a * 6);
}

static void fire_all(void)
{
	fixture_asm();
	fire_cargs();
	STAP_PROBE2(fixture, str, greeting, (int)strlen(greeting));
	fire_twice_const();
	fire_twice_var();
	fire_twelve();
	fixture_sema();
	STAP_PROBE(other, plain);
	fxlib_hello("lib");
}

/* Little-endian memory as the probes' memory operands read it. */
static uint64_t mem(long off, int size, int is_signed)
{
	uint64_t v = 0;

	memcpy(&v, fixture_data + off, size);
	if (is_signed && size < 8 && (v >> (size * 8 - 1)) & 1)
		v |= ~0ull << (size * 8);
	return v;
}

/* The lines usdt_args.bt prints, computed from the same values. */
static void expect(void)
{
	uint64_t rax = FX_RAX, rbx = FX_RBX, rcx = FX_RCX;
	int64_t rdx = FX_RDX;
	long i = FX_RDI;

	printf("asm_regs %ld %ld %ld %ld %ld %ld %ld %lu\n",
	       (long)(int8_t)rax, (long)(uint8_t)(rax >> 8),
	       (long)(int16_t)rbx, (long)(uint16_t)rbx,
	       (long)(int32_t)rcx, (long)(uint32_t)rcx, (long)rdx,
	       (unsigned long)rdx);
	printf("asm_mem %ld %ld %ld %ld %ld\n", (long)mem(i * 8, 8, 0),
	       (long)mem(6 + i * 4, 2, 1), (long)FX_STACK,
	       (long)mem(i * 8 - 1, 1, 0), (long)mem(i * 8 - 8, 8, 1));
	printf("asm_sym %ld %ld %ld %ld %ld\n", (long)mem(16, 8, 0),
	       (long)mem(4, 4, 1), (long)mem(i * 8, 8, 0), (long)mem(8, 2, 1),
	       (long)mem(31, 1, 0));
	printf("asm_const %ld %ld %ld %ld %ld\n", -5L, (long)(int8_t)200,
	       (long)(uint8_t)200, (long)(uint16_t)70000,
	       (long)(int32_t)4294967295u);
	printf("cargs %ld %ld %ld %ld %ld %ld %ld %lu\n", (long)v_s8,
	       (long)v_u8, (long)v_s16, (long)v_u16, (long)v_s32, (long)v_u32,
	       (long)v_s64, (unsigned long)v_u64);
	printf("str %s %d\n", greeting, (int)strlen(greeting));
	printf("twice 1\ntwice %ld\n", v_two);
	/* bpftrace's argN stops at arg9. */
	printf("twelve");
	for (i = 1; i <= 10; i++)
		printf(" %ld", i);
	printf("\nsema 42\nother:plain\nfxlib 42 lib\n");
}

int main(int argc, char **argv)
{
	sigset_t set;
	long n, i;
	int sig;

	if (argc > 1 && !strcmp(argv[1], "--expect")) {
		expect();
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "--loop")) {
		n = atol(argv[2]);
		for (i = 0; i < n; i++)
			STAP_PROBE1(fixture, tick, i);
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "--fork")) {
		pid_t child;
		int status;

		n = atol(argv[2]);
		child = fork();
		for (i = 0; i < n; i++)
			STAP_PROBE1(fixture, tick, i);
		if (child == 0)
			_exit(0);
		return child < 0 || waitpid(child, &status, 0) != child;
	}
	if (argc > 1 && !strcmp(argv[1], "--wait")) {
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		printf("waiting\n");
		fflush(stdout);
		sigwait(&set, &sig);
		printf("semaphore %u\n", fixture_sema_value());
		fflush(stdout);
	} else if (argc > 1 && !strcmp(argv[1], "--sema")) {
		printf("semaphore %u\n", fixture_sema_value());
		fflush(stdout);
	} else if (argc > 1) {
		fprintf(stderr, "usage: fixture [--expect | --wait | --loop N | --fork N | --sema]\n");
		return 2;
	}
	fire_all();
	return 0;
}
