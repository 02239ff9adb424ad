/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stackloop [DEPTH [SLEEP_MS]]: for i in 0 .. 2^DEPTH - 1, descends DEPTH
 * levels through left() and right(), taking left() where bit d of i is
 * clear and right() where it is set, and makes one getppid system call
 * at the bottom: 2^DEPTH calls from 2^DEPTH distinct user stacks.  Then
 * it prints
 *   stackloop: N calls, depth D, done at S.NNNNNN
 * (CLOCK_REALTIME, seconds), makes one getpid system call as a marker a
 * tracer can stop on, and sleeps SLEEP_MS (default 1000) before exiting,
 * so that the tracer can still read /proc/PID/maps while it prints.
 * Build with -fno-omit-frame-pointer: the kernel walks user stacks by
 * frame pointer.  DEPTH defaults to 14 (16384 stacks), at most 24.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

long left(long i, int d);
long right(long i, int d);
long bottom(void);

/*
 * The system call is made one frame further down: the kernel's first
 * frame is the instruction pointer (in libc's syscall()), and the next
 * comes from the frame pointer, which names the caller of the function
 * that holds it; without bottom() the deepest left() or right() would
 * not appear.
 */
__attribute__((noinline)) long bottom(void)
{
	long r = syscall(SYS_getppid);

	__asm__ volatile("" : "+r"(r));
	return r;
}

static long descend(long i, int d)
{
	if (d == 0)
		return bottom();
	return (i >> (d - 1)) & 1 ? right(i, d - 1) : left(i, d - 1);
}

/* Not inlined, not merged, not tail calls: each level keeps its frame. */
__attribute__((noinline)) long left(long i, int d)
{
	long r = descend(i, d);

	__asm__ volatile("" : "+r"(r));
	return r + 1;
}

__attribute__((noinline)) long right(long i, int d)
{
	long r = descend(i, d);

	__asm__ volatile("" : "+r"(r));
	return r + 2;
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 14;
	long ms = argc > 2 ? atol(argv[2]) : 1000, i, n;
	struct timespec ts = { ms / 1000, ms % 1000 * 1000000 }, now;
	volatile long sink = 0;

	if (depth < 1 || depth > 24 || ms < 0) {
		fprintf(stderr, "usage: stackloop [DEPTH [SLEEP_MS]]\n");
		return 2;
	}
	n = 1L << depth;
	for (i = 0; i < n; i++)
		sink += descend(i, depth);
	clock_gettime(CLOCK_REALTIME, &now);
	printf("stackloop: %ld calls, depth %d, done at %ld.%06ld\n", n, depth,
	       (long)now.tv_sec, now.tv_nsec / 1000);
	fflush(stdout);
	syscall(SYS_getpid);
	nanosleep(&ts, NULL);
	return 0;
}
