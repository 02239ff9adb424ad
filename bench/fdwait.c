/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fdwait PID MIN TIMEOUT_MS: waits until process PID holds at least MIN
 * perf event file descriptors (links to "anon_inode:[perf_event]"), polling
 * /proc/PID/fd every millisecond, and prints how many it holds.
 *
 * A tracer that attaches a tracepoint opens one perf event for it, so the
 * count says how far attaching has got, whatever the tracer prints and when.
 * Exit status: 0 reached, 1 timed out, 2 PID is gone.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int count(const char *dir)
{
	char path[512], link[64];
	struct dirent *de;
	DIR *d = opendir(dir);
	ssize_t len;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		len = readlink(path, link, sizeof(link) - 1);
		if (len <= 0)
			continue;
		link[len] = 0;
		if (!strcmp(link, "anon_inode:[perf_event]"))
			n++;
	}
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	char dir[64];
	double end;
	int min, n;
	const struct timespec ms = { 0, 1000000 };

	if (argc != 4) {
		fprintf(stderr, "usage: fdwait PID MIN TIMEOUT_MS\n");
		return 2;
	}
	snprintf(dir, sizeof(dir), "/proc/%s/fd", argv[1]);
	min = atoi(argv[2]);
	end = now_ms() + atof(argv[3]);
	for (;;) {
		n = count(dir);
		if (n < 0) {
			printf("0\n");
			return 2;
		}
		if (n >= min) {
			printf("%d\n", n);
			return 0;
		}
		if (now_ms() > end) {
			printf("%d\n", n);
			return 1;
		}
		nanosleep(&ms, NULL);
	}
}
