/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency [-n N] [-f CALLS] TRACER ARGS...: how soon a tracer prints a
 * sparse event, and how often it wakes up in a flood.
 *
 * Starts TRACER ARGS (the word PID in an argument becomes this process's
 * pid) with its stdout on a pipe, waits for its first line ("Attaching"),
 * and calls getppid() every 20 ms until a line says the probe is live
 * (bpftrace prints "Attaching" before it attaches).  Then N times: takes
 * the time, calls getppid(), reads one line, takes the time, sleeps 5 ms;
 * an event whose line has not come within a second is counted as missed.  The tracer's program must print one line per
 * getppid() of PID.  Then it calls getppid() CALLS times in a tight loop
 * while a thread drains the pipe, and counts the tracer's voluntary
 * context switches meanwhile: the times its reader went to sleep.
 *
 * Prints "p50_us p99_us wakeups_per_s flood_s missed".  Measures only.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static int rfd;

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/*
 * Reads up to and including one '\n'; -1 at EOF, 1 when nothing came
 * for timeout_ms.
 */
static int read_line(int timeout_ms)
{
	struct pollfd p = { .fd = rfd, .events = POLLIN };
	char c;

	for (;;) {
		ssize_t n;

		if (poll(&p, 1, timeout_ms) == 0)
			return 1;
		n = read(rfd, &c, 1);
		if (n <= 0)
			return -1;
		if (c == '\n')
			return 0;
	}
}

/* Reads whatever the tracer has written so far. */
static void drain_now(void)
{
	char buf[4096];
	struct pollfd p = { .fd = rfd, .events = POLLIN };

	while (poll(&p, 1, 0) > 0 && read(rfd, buf, sizeof(buf)) > 0)
		;
}

static void *drain(void *arg)
{
	char buf[65536];

	(void)arg;

	while (read(rfd, buf, sizeof(buf)) > 0)
		;
	return NULL;
}

static long vol_switches(pid_t pid)
{
	char path[64], line[256];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &v) == 1)
			break;
	fclose(f);
	return v;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int n = 200, i, got, missed = 0, fds[2], opt, r;
	long calls = 1000000, k, v0, v1;
	char pidstr[16];
	double *lat, t0, t1;
	pthread_t th;
	pid_t tracer;

	while ((opt = getopt(argc, argv, "+n:f:")) != -1) {
		if (opt == 'n')
			n = atoi(optarg);
		else if (opt == 'f')
			calls = atol(optarg);
		else
			return 2;
	}
	if (optind >= argc || n < 1) {
		fprintf(stderr, "usage: latency [-n N] [-f CALLS] TRACER ARGS...\n");
		return 2;
	}
	snprintf(pidstr, sizeof(pidstr), "%d", (int)getpid());
	for (i = optind; i < argc; i++) {
		char *p = strstr(argv[i], "PID");

		if (p) {
			char *s = malloc(strlen(argv[i]) + 16);

			sprintf(s, "%.*s%s%s", (int)(p - argv[i]), argv[i],
				pidstr, p + 3);
			argv[i] = s;
		}
	}
	if (pipe(fds))
		return 1;
	tracer = fork();
	if (tracer == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execvp(argv[optind], argv + optind);
		_exit(127);
	}
	close(fds[1]);
	rfd = fds[0];
	if (read_line(-1)) {
		fprintf(stderr, "latency: the tracer printed nothing\n");
		return 1;
	}
	for (i = 0; i < 500; i++) {
		syscall(SYS_getppid);
		r = read_line(20);
		if (r < 0) {
			fprintf(stderr, "latency: the tracer ended early\n");
			return 1;
		}
		if (r == 0)
			break;
	}
	usleep(100000);
	drain_now();
	lat = calloc(n, sizeof(*lat));
	for (i = got = 0; i < n; i++) {
		t0 = now_us();
		syscall(SYS_getppid);
		r = read_line(1000);
		if (r < 0) {
			fprintf(stderr, "latency: the tracer ended early\n");
			return 1;
		}
		t1 = now_us();
		if (r == 0)
			lat[got++] = t1 - t0;
		else
			missed++;
		usleep(5000);
		drain_now();
	}
	if (!got) {
		fprintf(stderr, "latency: no event's line came\n");
		return 1;
	}
	qsort(lat, got, sizeof(*lat), cmp);
	pthread_create(&th, NULL, drain, NULL);
	v0 = vol_switches(tracer);
	t0 = now_us();
	for (k = 0; k < calls; k++)
		syscall(SYS_getppid);
	t1 = now_us();
	v1 = vol_switches(tracer);
	kill(tracer, SIGINT);
	waitpid(tracer, NULL, 0);
	pthread_join(th, NULL);
	close(rfd);
	printf("%.1f %.1f %.0f %.3f %d\n", lat[got / 2], lat[(got * 99) / 100],
	       (v1 - v0) / ((t1 - t0) / 1e6), (t1 - t0) / 1e6, missed);
	return 0;
}
