/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: perf counters in counting mode. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

#include "stat_count.h"
#include "util.h"
#include "kernel/perf.h"

static int open_one(const struct stat_event *e, const struct stat_target *t,
		    pid_t pid, int cpu)
{
	const struct stat_mod *m = &e->mod;
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = e->type;
	attr.config = e->config;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.disabled = 1;
	attr.inherit = !t->system_wide;
	attr.enable_on_exec = t->cmd && !t->system_wide;
	attr.exclude_user = m->exclude_user;
	attr.exclude_kernel = m->exclude_kernel;
	attr.exclude_hv = m->exclude_hv;
	attr.exclude_host = m->exclude_host;
	attr.exclude_guest = m->exclude_guest;
	attr.exclude_idle = m->exclude_idle;
	attr.pinned = m->pinned;
	attr.exclusive = m->exclusive;
	attr.precise_ip = m->precise;
	/* P: the most precise a hardware event opens with, as perf tries. */
	if (m->precise_max && (e->type == PERF_TYPE_HARDWARE ||
			       e->type == PERF_TYPE_HW_CACHE))
		attr.precise_ip = 3;
	for (;;) {
		fd = (int)syscall(__NR_perf_event_open, &attr, pid, cpu, -1,
				  PERF_FLAG_FD_CLOEXEC);
		if (fd >= 0 || !m->precise_max || !attr.precise_ip ||
		    (errno != EOPNOTSUPP && errno != EINVAL))
			break;
		attr.precise_ip--;
	}
	return fd < 0 ? -errno : fd;
}

/* The threads of pid, from /proc. */
static int threads_of(pid_t pid, pid_t **tids)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		*tids = xrealloc(*tids, (n + 1) * sizeof(**tids));
		(*tids)[n++] = (pid_t)atoi(de->d_name);
	}
	closedir(d);
	return n;
}

/* Refusals that mean "this kernel or machine has no such event". */
static bool unsupported(int err)
{
	return err == -ENOENT || err == -EOPNOTSUPP || err == -ENODEV ||
	       err == -EINVAL || err == -UTIL_ENOTSUPP;
}

int stat_count_open(struct stat_evlist *l, const struct stat_target *t)
{
	const int *cpus = NULL;
	pid_t *tids = NULL;
	int i, j, n, err = 0;

	if (t->system_wide) {
		n = perf_online_cpus(&cpus);
	} else if (t->cmd) {
		tids = xmalloc(sizeof(*tids));
		tids[0] = t->pid;
		n = 1;
	} else {
		n = threads_of(t->pid, &tids);
	}
	if (n < 0) {
		fprintf(stderr, "ferret stat: %s: %s\n", t->system_wide ?
			"cannot read the online CPUs" : "cannot find the threads",
			strerror(-n));
		return n;
	}
	for (i = 0; i < l->n && !err; i++) {
		struct stat_event *e = &l->v[i];

		if (e->kind != STAT_PERF)
			continue;
		e->fds = xcalloc(n, sizeof(*e->fds));
		for (j = 0; j < n; j++) {
			int fd = t->system_wide ? open_one(e, t, -1, cpus[j]) :
				 open_one(e, t, tids[j], -1);

			/* A thread that ended meanwhile has nothing to count. */
			if (fd == -ESRCH && !t->system_wide)
				continue;
			if (fd < 0 && unsupported(fd)) {
				e->supported = false;
				break;
			}
			if (fd < 0) {
				fprintf(stderr, "ferret stat: cannot open event '%s': %s\n",
					e->name, util_strerror(fd));
				err = fd;
				break;
			}
			e->fds[e->nfds++] = fd;
		}
		if (!e->supported) {
			while (e->nfds)
				close(e->fds[--e->nfds]);
		}
	}
	free(tids);
	return err;
}

void stat_count_enable(struct stat_evlist *l, const struct stat_target *t)
{
	int i, j;

	if (t->cmd && !t->system_wide)
		return;
	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i].nfds; j++)
			ioctl(l->v[i].fds[j], PERF_EVENT_IOC_ENABLE, 0);
}

void stat_count_read(struct stat_evlist *l)
{
	int i, j;

	for (i = 0; i < l->n; i++) {
		struct stat_event *e = &l->v[i];
		uint64_t val = 0, run = 0, ena = 0;

		if (e->kind != STAT_PERF || !e->supported)
			continue;
		for (j = 0; j < e->nfds; j++) {
			uint64_t r[3];

			if (read(e->fds[j], r, sizeof(r)) != sizeof(r))
				continue;
			val += r[0];
			ena += r[1];
			run += r[2];
		}
		e->val = val;
		e->ena = ena;
		e->run = run;
	}
}

void stat_count_close(struct stat_evlist *l)
{
	int i;

	for (i = 0; i < l->n; i++) {
		while (l->v[i].nfds)
			close(l->v[i].fds[--l->v[i].nfds]);
		free(l->v[i].fds);
		l->v[i].fds = NULL;
	}
}
