/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A CPU-bound workload whose hot code is inlined, for the pprof tests:
 * for MS milliseconds (default 1000) inl_outer() loops, with inl_mix()
 * forced inline in inl_burn(), itself forced inline in inl_outer(), so
 * that at -O2 the samples' addresses lie in two levels of inlined calls.
 *
 *   inlined [MS]
 */
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

static inline __attribute__((always_inline)) unsigned long inl_mix(unsigned long x)
{
	x ^= x >> 13;
	x *= 0x9e3779b97f4a7c15ul;
	return x ^ (x >> 7);
}

static inline __attribute__((always_inline)) unsigned long inl_burn(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += inl_mix(i + s);
	return s;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((noinline)) void inl_outer(double ms);

__attribute__((noinline)) void inl_outer(double ms)
{
	double t0 = now_ms();

	while (now_ms() - t0 < ms)
		sink += inl_burn(200000);
}

int main(int argc, char **argv)
{
	inl_outer(argc > 1 ? atof(argv[1]) : 1000);
	return 0;
}
