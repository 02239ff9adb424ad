/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A busy workload for the flame-graph tests: for MS milliseconds
 * (default 1500) it alternates a user-space loop in busy_spin() and
 * big read()s of /dev/zero in busy_read(), so that its samples hold
 * both user frames and kernel frames of the read path.
 *
 *   busy [MS]
 */
#include <fcntl.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static char buf[1 << 20];

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((noinline)) unsigned long busy_spin(unsigned long n);
__attribute__((noinline)) int busy_read(int fd, int n);

__attribute__((noinline)) unsigned long busy_spin(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * i;
	return x;
}

__attribute__((noinline)) int busy_read(int fd, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (read(fd, buf, sizeof(buf)) < 0)
			return -1;
	return 0;
}

int main(int argc, char **argv)
{
	double ms = argc > 1 ? atof(argv[1]) : 1500, t0 = now_ms();
	int fd = open("/dev/zero", O_RDONLY);

	if (fd < 0)
		return 1;
	while (now_ms() - t0 < ms) {
		busy_spin(2000000);
		if (busy_read(fd, 20))
			return 1;
	}
	close(fd);
	return 0;
}
