/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret stat's workload: N calls of ferret_stat_target (a uprobe
 * target), then G getppid() calls, so that counts are known exactly.
 *   workload N G [t]
 * With t it prints the nanoseconds the getppid() calls took (bench/).
 *   workload spin
 * runs two threads that spin and sleep in turn until killed (-p, -t).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

__attribute__((noinline)) int ferret_stat_target(int x)
{
	__asm__ volatile("" ::: "memory");
	return x + 1;
}

static void *spin(void *arg)
{
	volatile long i;

	for (;;) {
		for (i = 0; i < 1000000; i++)
			;
		usleep(1000);
	}
	return arg;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i;
	long g = argc > 2 ? atol(argv[2]) : 0;
	struct timespec a, b;
	int s = 0;
	pthread_t t;

	if (argc > 1 && !strcmp(argv[1], "spin")) {
		if (pthread_create(&t, NULL, spin, NULL))
			return 1;
		spin(NULL);
	}

	for (i = 0; i < n; i++)
		s += ferret_stat_target((int)i);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < g; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	if (argc > 3)
		printf("%lld\n", (long long)(b.tv_sec - a.tv_sec) * 1000000000LL +
		       (b.tv_nsec - a.tv_nsec));
	return s == -1;
}
