/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uprobeloop N: calls the function tick() N times and prints the cost of
 * one call, timed with clock_gettime (vDSO, no system call):
 *   uprobeloop: N calls, X.X ns/call
 * tick() is kept out of line and global so that a uprobe (or a
 * uretprobe) can be placed on it by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

long tick(long i);

__attribute__((noinline)) long tick(long i)
{
	/* Opaque to the optimiser: the call and its result stay. */
	__asm__ volatile("" : "+r"(i));
	return i;
}

int main(int argc, char **argv)
{
	struct timespec a, b;
	long n = argc > 1 ? atol(argv[1]) : 200000, i, sum = 0;
	double ns;

	if (n <= 0) {
		fprintf(stderr, "usage: uprobeloop N\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		sum += tick(i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("uprobeloop: %ld calls, %.1f ns/call\n", n, ns / n);
	return sum == (n - 1) * n / 2 ? 0 : 1;
}
