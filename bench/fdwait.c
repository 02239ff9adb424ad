/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fdwait PID MIN TIMEOUT_MS: waits until process PID holds at least MIN
 * attachments, polling /proc/PID/fd every millisecond, and prints how many
 * it holds.  An attachment is a perf event fd ("anon_inode:[perf_event]")
 * or a raw tracepoint BPF link (an "anon_inode:bpf_link" whose fdinfo says
 * link_type raw_tracepoint): a tracer attaches a tracepoint one way or the
 * other, so the count says how far attaching has got, whatever the tracer
 * prints and when.
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

/* Whether fd name of the process whose fd directory is dir is a raw
 * tracepoint link, by its fdinfo. */
static int raw_tp_link(const char *dir, const char *name)
{
	char path[512], line[256];
	FILE *f;
	int yes = 0;

	snprintf(path, sizeof(path), "%.*sinfo/%s", (int)strlen(dir), dir, name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "link_type:", 10) && strstr(line, "raw_tracepoint"))
			yes = 1;
	fclose(f);
	return yes;
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
		else if (!strcmp(link, "anon_inode:bpf_link") &&
			 raw_tp_link(dir, de->d_name))
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
