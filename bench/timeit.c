/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timeit WARMUP RUNS COMMAND [ARG...]: runs COMMAND WARMUP times untimed,
 * then RUNS times, and prints the wall time of each timed run, one line
 * each: "MILLISECONDS EXIT_STATUS".  The command's stdin, stdout and stderr
 * are /dev/null; it is started with fork and execvp, without a shell.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int run(char **argv)
{
	int status, fd;
	pid_t pid = fork();

	if (pid < 0) {
		perror("timeit: fork");
		exit(2);
	}
	if (pid == 0) {
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("timeit: waitpid");
		exit(2);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
	int warmup, runs, i, rc;
	double t;

	if (argc < 4) {
		fprintf(stderr, "usage: timeit WARMUP RUNS COMMAND [ARG...]\n");
		return 2;
	}
	warmup = atoi(argv[1]);
	runs = atoi(argv[2]);
	for (i = 0; i < warmup; i++)
		run(argv + 3);
	for (i = 0; i < runs; i++) {
		t = now_ms();
		rc = run(argv + 3);
		printf("%.3f %d\n", now_ms() - t, rc);
		fflush(stdout);
	}
	return 0;
}
