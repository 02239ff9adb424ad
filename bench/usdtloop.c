/* SPDX-License-Identifier: GPL-2.0 */
/*
 * usdtloop N: hits the USDT probe bench:tick (one argument, the loop
 * counter, in a register; no semaphore) N times and prints the cost of
 * one iteration, timed with clock_gettime (vDSO, no system call):
 *   usdtloop: N hits, X.X ns/hit
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/sdt.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	long n = argc > 1 ? atol(argv[1]) : 200000, i;
	double ns;

	if (n <= 0) {
		fprintf(stderr, "usage: usdtloop N\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		STAP_PROBE1(bench, tick, i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("usdtloop: %ld hits, %.1f ns/hit\n", n, ns / n);
	return 0;
}
