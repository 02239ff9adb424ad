/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret stat's workload: N calls of ferret_stat_target (a uprobe
 * target), then G getppid() calls, so that counts are known exactly.
 *   workload N G [t]
 * With t it prints the nanoseconds the getppid() calls took (bench/).
 *   workload spin
 * runs two threads that spin and sleep in turn until killed (-p, -t).
 *   workload gate N1 N2
 * starts a second thread, waits for SIGUSR1, and then makes N1 calls of
 * ferret_stat_target and N1 getppid() in the main thread, N2 of each in
 * the other: known counts per thread, for a count attached with -p.
 */
#include <pthread.h>
#include <signal.h>
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

static pthread_barrier_t gate_open;

/* n calls of ferret_stat_target and of getppid(), once the gate opens. */
static void *gate_calls(void *arg)
{
	long n = (long)arg, i;
	int s = 0;

	pthread_barrier_wait(&gate_open);
	for (i = 0; i < n; i++) {
		s += ferret_stat_target((int)i);
		syscall(SYS_getppid);
	}
	return s == -1 ? arg : NULL;
}

static int gate(long n1, long n2)
{
	pthread_t t;
	sigset_t set;
	int sig;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pthread_barrier_init(&gate_open, NULL, 2);
	if (pthread_create(&t, NULL, gate_calls, (void *)n2))
		return 1;
	printf("ready\n");
	fflush(stdout);
	sigwait(&set, &sig);
	pthread_barrier_wait(&gate_open);
	/* The other thread's calls first: its count is not the main one's. */
	pthread_join(t, NULL);
	pthread_barrier_init(&gate_open, NULL, 1);
	gate_calls((void *)n1);
	return 0;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i;
	long g = argc > 2 ? atol(argv[2]) : 0;
	struct timespec a, b;
	int s = 0;
	pthread_t t;

	if (argc > 3 && !strcmp(argv[1], "gate"))
		return gate(atol(argv[2]), atol(argv[3]));
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
