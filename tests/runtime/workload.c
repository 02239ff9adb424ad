/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deterministic workload for the runtime tests: each mode makes a known
 * number of known system calls, so a trace of it has one right answer.
 *
 *   workload open N      N openat() of /nonexistent/ferret-N (ENOENT)
 *   workload read N      N read()s of 1, 2, 4 ... bytes from /dev/zero
 *   workload getppid N   N getppid()
 *   workload write N     N write()s of "ferret\n" to /dev/null
 *   workload stat N      N stat()s of /nonexistent/ferret (ENOENT)
 *   workload sleep MS    sleeps MS milliseconds
 *   workload calls N     ferret_add(i, 10) for i < N, ferret_mul(i, 3) for
 *                        even i, then getppid(): targets for uprobes
 *   workload ticks N     N times ferret_add(i, 10) then 20 ms of sleep: a
 *                        process to attach to with -p
 *   workload stack N     N times main -> ferret_outer -> ferret_inner ->
 *                        getppid(), then lives 300 ms more: user stacks
 *                        (built with frame pointers) with known frames
 *   workload watch N MS  prints the address of the 8-byte ferret_watched,
 *                        sleeps MS ms (for a tracer to attach with -p),
 *                        then writes it N times: a target for watchpoints
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

/* Targets for uprobe tests: not inlined, not merged, not elided. */
__attribute__((noinline)) long ferret_add(long a, long b);
__attribute__((noinline)) long ferret_mul(long a, long b);

__attribute__((noinline)) long ferret_add(long a, long b)
{
	__asm__ volatile("");
	return a + b;
}

__attribute__((noinline)) long ferret_mul(long a, long b)
{
	__asm__ volatile("");
	return a * b;
}

/* Written by "watch" only; volatile so that every store happens. */
volatile long ferret_watched;

__attribute__((noinline)) long ferret_inner(long a);
__attribute__((noinline)) long ferret_outer(long a);

__attribute__((noinline)) long ferret_inner(long a)
{
	__asm__ volatile("");
	return syscall(SYS_getppid) + a;
}

__attribute__((noinline)) long ferret_outer(long a)
{
	long r = ferret_inner(a) + 1;

	__asm__ volatile("");
	return r;
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 1, i;
	char path[64], buf[1 << 16];
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: workload open|read|getppid|write|stat|sleep N\n");
		return 2;
	}
	if (!strcmp(argv[1], "open")) {
		for (i = 0; i < n; i++) {
			snprintf(path, sizeof(path), "/nonexistent/ferret-%ld", i);
			fd = open(path, O_RDONLY);
			if (fd >= 0)
				close(fd);
		}
	} else if (!strcmp(argv[1], "read")) {
		fd = open("/dev/zero", O_RDONLY);
		for (i = 0; i < n; i++)
			if (read(fd, buf, (size_t)1 << (i % 16)) < 0)
				return 1;
		close(fd);
	} else if (!strcmp(argv[1], "getppid")) {
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
	} else if (!strcmp(argv[1], "write")) {
		fd = open("/dev/null", O_WRONLY);
		for (i = 0; i < n; i++)
			if (write(fd, "ferret\n", 7) != 7)
				return 1;
		close(fd);
	} else if (!strcmp(argv[1], "ticks")) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		long sum = 0;

		for (i = 0; i < n; i++) {
			sum += ferret_add(i, 10);
			nanosleep(&ts, NULL);
		}
		if (sum < 0)
			return 1;
	} else if (!strcmp(argv[1], "stack")) {
		struct timespec ts = { 0, 300 * 1000 * 1000 };
		long sum = 0;

		for (i = 0; i < n; i++)
			sum += ferret_outer(i);
		nanosleep(&ts, NULL);
		if (sum < 0)
			return 1;
	} else if (!strcmp(argv[1], "calls")) {
		long sum = 0;

		for (i = 0; i < n; i++) {
			sum += ferret_add(i, 10);
			if (i % 2 == 0)
				sum += ferret_mul(i, 3);
		}
		syscall(SYS_getppid);
		if (sum < 0)
			return 1;
	} else if (!strcmp(argv[1], "watch")) {
		long ms = argc > 3 ? atol(argv[3]) : 1000;
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

		printf("%p\n", (void *)&ferret_watched);
		fflush(stdout);
		nanosleep(&ts, NULL);
		for (i = 0; i < n; i++)
			ferret_watched = i;
	} else if (!strcmp(argv[1], "stat")) {
		struct stat st;

		for (i = 0; i < n; i++)
			if (!stat("/nonexistent/ferret", &st))
				return 1;
	} else if (!strcmp(argv[1], "sleep")) {
		struct timespec ts = { n / 1000, (n % 1000) * 1000000 };

		nanosleep(&ts, NULL);
	} else {
		fprintf(stderr, "workload: unknown mode %s\n", argv[1]);
		return 2;
	}
	return 0;
}
