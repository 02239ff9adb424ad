/* SPDX-License-Identifier: GPL-2.0 */
/*
 * benchloop N: makes N getppid system calls in a tight loop and prints the
 * cost of one call, timed with clock_gettime (vDSO, no system call).
 *
 * The workload of benchmarks 2, 3 and 5.  Its output is one line:
 *   benchloop: N calls, X.X ns/call
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	long n = argc > 1 ? atol(argv[1]) : 2000000, i;
	double ns;

	if (n <= 0) {
		fprintf(stderr, "usage: benchloop N\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("benchloop: %ld calls, %.1f ns/call\n", n, ns / n);
	return 0;
}
