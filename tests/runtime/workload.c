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
 *   workload nice N      sets its own nice value to N (setpriority(2))
 *   workload calls N     ferret_add(i, 10) for i < N, ferret_mul(i, 3) for
 *                        even i, then getppid(): targets for uprobes
 *   workload ticks N     N times ferret_add(i, 10) then 20 ms of sleep: a
 *                        process to attach to with -p
 *   workload forkcalls N forks, then parent and child each call
 *                        ferret_add(i, 10) for i < N, a millisecond apart
 *   workload spin MS     ferret_add() then getppid(), over and over for MS
 *                        milliseconds: events while probes attach (-p)
 *   workload stack N     N times main -> ferret_outer -> ferret_inner ->
 *                        getppid(), then lives 300 ms more: user stacks
 *                        (built with frame pointers) with known frames
 *   workload watch N     prints the address of a long, waits for SIGUSR1,
 *                        writes it N times, lives 200 ms more: a target for
 *                        watchpoints
 *   workload sargs N     N times ferret_sargs(1, ..., 8): the 7th and 8th
 *                        arguments go on the stack (sarg0, sarg1)
 *   workload structs N   N times ferret_struct(rec, vals, 4) on two linked
 *                        struct ferret_rec of known contents: targets for
 *                        C definitions, pointers and arrays in scripts
 *   workload poke N [F]  ferret_poke(0, &long, F) writes the long F times
 *                        (F: N if not given), 300 ms later ferret_poke(1,
 *                        &long, N) N times, then lives 100 ms: a target for
 *                        watchpoint:ferret_poke+arg1 (F 0 leaves nothing
 *                        to miss before an async watchpoint is set)
 *   workload pokes N     ferret_poke(i, &cell[i], 1) for i < N (at most
 *                        16): N addresses, more than the debug registers
 *                        hold
 *   workload outs        calls that write through pointers, printing
 *                        what they wrote and where: pipe2 (its fds and
 *                        /proc/self/fd's links), socketpair, wait4 of a
 *                        child exiting 3, getresuid, read of 6 bytes
 *   workload net         a TCP listener on 127.0.0.1 (a port the kernel
 *                        picks), connect() to it, accept4(), and the same
 *                        over IPv6 (::1) with accept(): prints the
 *                        listeners' ports ("listen4", "listen6") and the
 *                        accepted peers' ports with the listening,
 *                        connecting and accepted fds ("inet", "inet6")
 *   workload polls       on a pipe holding a byte: poll and ppoll of its
 *                        read end (POLLIN) and write end (POLLOUT, and
 *                        POLLIN, which is not ready), select
 *                        and pselect6 with the read end in readfds and the
 *                        write end in writefds, epoll_ctl ADD of the read
 *                        end (EPOLLIN, data 0x1234567800000000 | fd) and
 *                        epoll_wait, epoll_pwait: prints the fds
 *   workload clone       two raw clone()s of children that exit at once:
 *                        CHILD_SETTID|CHILD_CLEARTID with SIGCHLD and a
 *                        child_tid, then PARENT_SETTID|FS|FILES with no
 *                        exit signal and a parent_tid; prints each one's
 *                        flags (hex), pointer and child
 *   workload renamed     the calls strace and the kernel name apart, as
 *                        raw calls: stat, lstat and fstat (newstat ...),
 *                        uname (newuname), sendfile (sendfile64) of bad
 *                        fds, umount2 (umount) of a missing path
 *   workload threads N   prints its thread id ("main TID"), starts a second
 *                        thread that prints its own ("thread TID"); then,
 *                        at the same time, the main thread makes N
 *                        getppid() and the other N getuid(): calls whose
 *                        thread a trace must tell
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>

/* "workload threads": both threads start their calls together. */
static pthread_barrier_t calls_start;

static void *uid_calls(void *arg)
{
	long n = (long)arg, i;

	printf("thread %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	pthread_barrier_wait(&calls_start);
	for (i = 0; i < n; i++)
		syscall(SYS_getuid);
	return NULL;
}

/*
 * "workload sharedkeys N": two threads call getpgid(1000000 + i) for i
 * below N together, so each key of a map is first counted by both at
 * about the same time, on the two CPUs.
 */
static void *pgid_calls(void *arg)
{
	long n = (long)arg, i;

	pthread_barrier_wait(&calls_start);
	for (i = 0; i < n; i++)
		syscall(SYS_getpgid, 1000000 + i);
	return NULL;
}

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

/*
 * The layout the struct tests declare in their scripts: members of every
 * kind gcc lays out differently (padding, arrays, a nested struct, a
 * pointer, bitfields, a union).
 */
struct ferret_inner {
	short s;
	unsigned char flags;
};

struct ferret_rec {
	int id;
	char name[8];
	int vals[4];
	struct ferret_inner in;
	struct ferret_rec *next;
	unsigned int lo : 3, hi : 5;
	union {
		int i;
		unsigned char c[4];
	} u;
	long big;
};

__attribute__((noinline)) long ferret_struct(struct ferret_rec *r, int *vals, long n);

__attribute__((noinline)) long ferret_struct(struct ferret_rec *r, int *vals, long n)
{
	__asm__ volatile("" : : "r"(r), "r"(vals) : "memory");
	return r->id + vals[0] + n;
}

__attribute__((noinline)) long ferret_sargs(long a, long b, long c, long d,
					   long e, long f, long g, long h);

__attribute__((noinline)) long ferret_sargs(long a, long b, long c, long d,
					   long e, long f, long g, long h)
{
	__asm__ volatile("");
	return a + b + c + d + e + f + g + h;
}

/* Written by "workload watch": volatile, so every write happens. */
volatile long ferret_watched;

/* Writes *p n times: its second argument is the address to watch. */
__attribute__((noinline)) void ferret_poke(long tag, volatile long *p, long n);

__attribute__((noinline)) void ferret_poke(long tag, volatile long *p, long n)
{
	long i;

	for (i = 0; i < n; i++)
		*p = tag + i;
}

/* Written by "workload poke" and "pokes", a long each. */
volatile long ferret_poked, ferret_cells[16];

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
	} else if (!strcmp(argv[1], "forkcalls")) {
		long sum = 0;
		pid_t child = fork();
		int status;

		for (i = 0; i < n; i++) {
			struct timespec ms = { 0, 1000 * 1000 };

			sum += ferret_add(i, 10);
			nanosleep(&ms, NULL);
		}
		if (child == 0)
			_exit(sum < 0);
		if (child < 0 || waitpid(child, &status, 0) != child)
			return 1;
	} else if (!strcmp(argv[1], "spin")) {
		struct timespec t0, t;
		long sum = 0;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		do {
			sum += ferret_add(sum, 1);
			syscall(SYS_getppid);
			clock_gettime(CLOCK_MONOTONIC, &t);
		} while ((t.tv_sec - t0.tv_sec) * 1000 +
			 (t.tv_nsec - t0.tv_nsec) / 1000000 < n);
		if (sum < 0)
			return 1;
	} else if (!strcmp(argv[1], "watch")) {
		struct timespec wait = { 10, 0 }, after = { 0, 200 * 1000 * 1000 };
		sigset_t go;

		/* Writes once SIGUSR1 says the tracer is attached (or 10 s). */
		sigemptyset(&go);
		sigaddset(&go, SIGUSR1);
		sigprocmask(SIG_BLOCK, &go, NULL);
		printf("%p\n", (void *)&ferret_watched);
		fflush(stdout);
		sigtimedwait(&go, NULL, &wait);
		for (i = 0; i < n; i++)
			ferret_watched = i;
		nanosleep(&after, NULL);
	} else if (!strcmp(argv[1], "poke")) {
		struct timespec gap = { 0, 300 * 1000 * 1000 };
		struct timespec after = { 0, 100 * 1000 * 1000 };

		ferret_poke(0, &ferret_poked, argc > 3 ? atol(argv[3]) : n);
		nanosleep(&gap, NULL);
		ferret_poke(1, &ferret_poked, n);
		nanosleep(&after, NULL);
	} else if (!strcmp(argv[1], "pokes")) {
		for (i = 0; i < n && i < 16; i++)
			ferret_poke(i, &ferret_cells[i], 1);
	} else if (!strcmp(argv[1], "sargs")) {
		long sum = 0;

		for (i = 0; i < n; i++)
			sum += ferret_sargs(1, 2, 3, 4, 5, 6, 70 + i, 80 + i);
		if (sum == 42)
			return 1;
	} else if (!strcmp(argv[1], "structs")) {
		static struct ferret_rec b = {
			.id = 2, .name = "second", .vals = { -1, -2, -3, -4 },
			.in = { -7, 200 }, .lo = 5, .hi = 17, .u.i = 0x01020304,
			.big = -5000000000,
		};
		static struct ferret_rec a = {
			.id = 1, .name = "first", .vals = { 10, 20, 30, 40 },
			.in = { 300, 9 }, .next = &b, .lo = 7, .hi = 31,
			.u.i = 0x41424344, .big = 1L << 40,
		};
		long sum = 0;

		for (i = 0; i < n; i++)
			sum += ferret_struct(i % 2 ? &b : &a, a.vals, 4);
		if (sum == 42)
			return 1;
	} else if (!strcmp(argv[1], "stat")) {
		struct stat st;

		for (i = 0; i < n; i++)
			if (!stat("/nonexistent/ferret", &st))
				return 1;
	} else if (!strcmp(argv[1], "outs")) {
		char l0[64] = "", l1[64] = "";
		int fds[2], sv[2], status = 0;
		uid_t ru, eu, su;
		pid_t child;

		if (pipe2(fds, O_CLOEXEC) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
			return 1;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fds[0]);
		if (readlink(path, l0, sizeof(l0) - 1) < 0)
			return 1;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fds[1]);
		if (readlink(path, l1, sizeof(l1) - 1) < 0)
			return 1;
		printf("pipe2 %d %d %s %s\n", fds[0], fds[1], l0, l1);
		printf("socketpair %d %d\n", sv[0], sv[1]);
		child = fork();
		if (child == 0)
			_exit(3);
		if (child < 0 || syscall(SYS_wait4, child, &status, 0, NULL) != child)
			return 1;
		printf("wait4 %d %d %lu\n", (int)child, status, (unsigned long)&status);
		if (getresuid(&ru, &eu, &su))
			return 1;
		printf("getresuid %lu %lu %lu\n", (unsigned long)&ru, (unsigned long)&eu,
		       (unsigned long)&su);
		if (write(fds[1], "ferret", 6) != 6 || read(fds[0], buf, sizeof(buf)) != 6)
			return 1;
		printf("read %d %lu\n", fds[0], (unsigned long)buf);
	} else if (!strcmp(argv[1], "net")) {
		struct sockaddr_in a4 = { .sin_family = AF_INET };
		struct sockaddr_in6 a6 = { .sin6_family = AF_INET6 };
		socklen_t len = sizeof(a4);
		int l, c, s;

		a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		l = socket(AF_INET, SOCK_STREAM, 0);
		c = socket(AF_INET, SOCK_STREAM, 0);
		if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&a4, sizeof(a4)) || listen(l, 1) ||
		    getsockname(l, (struct sockaddr *)&a4, &len) ||
		    connect(c, (struct sockaddr *)&a4, sizeof(a4)))
			return 1;
		len = sizeof(a4);
		s = accept4(l, (struct sockaddr *)&a4, &len, SOCK_CLOEXEC);
		if (s < 0)
			return 1;
		printf("inet %d %d %d %d\n", ntohs(a4.sin_port), l, c, s);
		len = sizeof(a4);
		if (getsockname(l, (struct sockaddr *)&a4, &len))
			return 1;
		printf("listen4 %d\n", ntohs(a4.sin_port));
		a6.sin6_addr = in6addr_loopback;
		l = socket(AF_INET6, SOCK_STREAM, 0);
		c = socket(AF_INET6, SOCK_STREAM, 0);
		len = sizeof(a6);
		if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&a6, sizeof(a6)) || listen(l, 1) ||
		    getsockname(l, (struct sockaddr *)&a6, &len) ||
		    connect(c, (struct sockaddr *)&a6, sizeof(a6)))
			return 1;
		printf("listen6 %d\n", ntohs(a6.sin6_port));
		len = sizeof(a6);
		s = accept(l, (struct sockaddr *)&a6, &len);
		if (s < 0)
			return 1;
		printf("inet6 %d %d %d %d\n", ntohs(a6.sin6_port), l, c, s);
	} else if (!strcmp(argv[1], "polls")) {
		struct epoll_event ev = { .events = EPOLLIN }, out[4];
		struct pollfd pf[3];
		struct timespec zero = { 0, 0 };
		fd_set rd, wr;
		int fds[2], ep;

		if (pipe(fds) || write(fds[1], "x", 1) != 1)
			return 1;
		pf[0] = (struct pollfd){ .fd = fds[0], .events = POLLIN };
		pf[1] = (struct pollfd){ .fd = fds[1], .events = POLLOUT };
		pf[2] = (struct pollfd){ .fd = fds[1], .events = POLLIN };
		if (poll(pf, 3, 0) != 2 || ppoll(pf, 3, &zero, NULL) != 2)
			return 1;
		FD_ZERO(&rd);
		FD_ZERO(&wr);
		FD_SET(fds[0], &rd);
		FD_SET(fds[1], &wr);
		/* glibc's select() is pselect6: the call itself. */
		if (syscall(SYS_select, fds[1] + 1, &rd, &wr, NULL, &(struct timeval){ 0, 0 }) != 2)
			return 1;
		FD_SET(fds[0], &rd);
		FD_SET(fds[1], &wr);
		if (pselect(fds[1] + 1, &rd, &wr, NULL, &zero, NULL) != 2)
			return 1;
		ep = epoll_create1(0);
		ev.data.u64 = 0x1234567800000000ULL | (unsigned)fds[0];
		if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &ev) ||
		    epoll_wait(ep, out, 4, 0) != 1 || epoll_pwait(ep, out, 4, 0, NULL) != 1)
			return 1;
		printf("polls %d %d %d\n", fds[0], fds[1], ep);
	} else if (!strcmp(argv[1], "clone")) {
		static const unsigned long fl[2] = {
			CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD,
			CLONE_PARENT_SETTID | CLONE_FS | CLONE_FILES,
		};
		pid_t tid = 0;
		long child;
		int status;

		for (i = 0; i < 2; i++) {
			/* No new stack: the child runs on a copy, as fork's. */
			child = syscall(SYS_clone, fl[i], 0UL, i ? &tid : NULL, i ? NULL : &tid, 0UL);
			if (child == 0)
				_exit(0);
			if (child < 0 || waitpid((pid_t)child, &status, __WALL) != child)
				return 1;
			printf("clone 0x%lx %lu %ld\n", fl[i], (unsigned long)&tid, child);
		}
	} else if (!strcmp(argv[1], "renamed")) {
		struct utsname u;
		struct stat st;

		fd = open("/dev/null", O_RDONLY);
		if (fd < 0 || syscall(SYS_stat, "/dev/null", &st) ||
		    syscall(SYS_lstat, "/nonexistent/ferret", &st) != -1 ||
		    syscall(SYS_fstat, fd, &st) || syscall(SYS_uname, &u) ||
		    syscall(SYS_sendfile, -1, -1, NULL, 1) != -1 ||
		    syscall(SYS_umount2, "/nonexistent/ferret", 0) != -1)
			return 1;
		printf("renamed %d %lu %lu\n", fd, (unsigned long)&st, (unsigned long)&u);
	} else if (!strcmp(argv[1], "threads")) {
		pthread_t t;

		printf("main %ld\n", (long)syscall(SYS_gettid));
		fflush(stdout);
		pthread_barrier_init(&calls_start, NULL, 2);
		if (pthread_create(&t, NULL, uid_calls, (void *)n))
			return 1;
		pthread_barrier_wait(&calls_start);
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
		pthread_join(t, NULL);
	} else if (!strcmp(argv[1], "sharedkeys")) {
		pthread_t t[2];

		pthread_barrier_init(&calls_start, NULL, 2);
		for (i = 0; i < 2; i++)
			if (pthread_create(&t[i], NULL, pgid_calls, (void *)n))
				return 1;
		for (i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
	} else if (!strcmp(argv[1], "nice")) {
		if (setpriority(PRIO_PROCESS, 0, (int)n))
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
