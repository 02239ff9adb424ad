/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency [-n N] [-f CALLS] TRACER ARGS...: how soon a tracer prints a
 * sparse event, and how often it wakes up in a flood.
 *
 * Starts TRACER ARGS (the word PID in an argument becomes this process's
 * pid) with its stdout on a pipe, waits for its first line ("Attaching"),
 * then N times: takes the time, calls getppid(), reads one line, takes
 * the time, sleeps 5 ms.  The tracer's program must print one line per
 * getppid() of PID.  Then it calls getppid() CALLS times in a tight loop
 * while a thread drains the pipe, and counts the tracer's voluntary
 * context switches meanwhile: the times its reader went to sleep.
 *
 * Prints "p50_us P99_us wakeups_per_s flood_s".  Measures only.
 */
#include <errno.h>
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

/* Reads up to and including one '\n'; -1 at EOF. */
static int read_line(void)
{
	char c;

	for (;;) {
		ssize_t n = read(rfd, &c, 1);

		if (n <= 0)
			return -1;
		if (c == '\n')
			return 0;
	}
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
	int n = 200, i, fds[2], opt;
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
	if (read_line()) {
		fprintf(stderr, "latency: the tracer printed nothing\n");
		return 1;
	}
	lat = calloc(n, sizeof(*lat));
	for (i = 0; i < n; i++) {
		t0 = now_us();
		syscall(SYS_getppid);
		if (read_line()) {
			fprintf(stderr, "latency: the tracer ended early\n");
			return 1;
		}
		t1 = now_us();
		lat[i] = t1 - t0;
		usleep(5000);
	}
	qsort(lat, n, sizeof(*lat), cmp);
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
	printf("%.1f %.1f %.0f %.3f\n", lat[n / 2], lat[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1],
	       (v1 - v0) / ((t1 - t0) / 1e6), (t1 - t0) / 1e6);
	return 0;
}
