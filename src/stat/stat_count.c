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

/*
 * e's counters' attributes on t; leader says whether each leads its
 * group in the kernel (or is alone).  A leader starts disabled, to be
 * enabled (or enabled at the exec), and its members with it.
 */
static void attr_of(const struct stat_event *e, const struct stat_target *t,
		    bool leader, struct perf_event_attr *attr)
{
	const struct stat_mod *m = &e->mod;

	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = e->type;
	attr->config = e->config;
	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			    PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr->disabled = leader;
	attr->inherit = !t->system_wide || t->all_threads;
	attr->enable_on_exec = leader && t->cmd && !t->system_wide && !t->delayed;
	attr->exclude_user = m->exclude_user;
	attr->exclude_kernel = m->exclude_kernel;
	attr->exclude_hv = m->exclude_hv;
	attr->exclude_host = m->exclude_host;
	attr->exclude_guest = m->exclude_guest;
	attr->exclude_idle = m->exclude_idle;
	attr->pinned = m->pinned;
	attr->exclusive = m->exclusive;
	attr->precise_ip = m->precise;
	/* P: the most precise a hardware event opens with, as perf tries. */
	if (m->precise_max && (e->type == PERF_TYPE_HARDWARE ||
			       e->type == PERF_TYPE_HW_CACHE))
		attr->precise_ip = 3;
}

/*
 * Opens e's counter on pid or cpu; group_fd is its group's leader's
 * counter on the same one, or -1.
 */
static int open_one(const struct stat_event *e, const struct stat_target *t,
		    pid_t pid, int cpu, int group_fd)
{
	const struct stat_mod *m = &e->mod;
	struct perf_event_attr attr;
	int fd;

	attr_of(e, t, group_fd < 0, &attr);
	for (;;) {

		fd = (int)syscall(__NR_perf_event_open, &attr, pid, cpu,
				  group_fd, PERF_FLAG_FD_CLOEXEC);
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

/* A thread's name, from /proc, without its newline ("" once it ended). */
static char *comm_of(pid_t pid, pid_t tid)
{
	char path[64], *text;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", (int)pid, (int)tid);
	text = util_read_file(path, NULL);
	if (!text)
		return xstrdup("");
	text[strcspn(text, "\n")] = '\0';
	return text;
}

/*
 * Every thread of the system, but skip's, as *pids (each thread's
 * process) and *tids.
 */
static int all_threads(pid_t skip, pid_t **pids, pid_t **tids)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int n = 0, m, i;

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		pid_t pid, *t = NULL;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		pid = (pid_t)atoi(de->d_name);
		if (pid == skip)
			continue;
		/* A process that ended meanwhile has no threads left. */
		m = threads_of(pid, &t);
		if (m > 0) {
			*pids = xrealloc(*pids, (n + m) * sizeof(**pids));
			*tids = xrealloc(*tids, (n + m) * sizeof(**tids));
			for (i = 0; i < m; i++) {
				(*pids)[n + i] = pid;
				(*tids)[n + i] = t[i];
			}
			n += m;
		}
		free(t);
	}
	closedir(d);
	return n;
}

/*
 * The threads of each of n processes, in the order given (a process
 * named twice twice, as perf's thread map has it), as *pids (each
 * thread's process) and *tids.  A process that ended since it was
 * named has none.
 */
static int pids_threads(const int *list, int n, pid_t **pids, pid_t **tids)
{
	int i, j, m, k = 0;

	for (i = 0; i < n; i++) {
		pid_t *t = NULL;

		m = threads_of(list[i], &t);
		if (m == -ENOENT)
			continue;
		if (m < 0) {
			free(*pids);
			free(*tids);
			*pids = *tids = NULL;
			return m;
		}
		*pids = xrealloc(*pids, (k + m) * sizeof(**pids));
		*tids = xrealloc(*tids, (k + m) * sizeof(**tids));
		for (j = 0; j < m; j++) {
			(*pids)[k + j] = list[i];
			(*tids)[k + j] = t[j];
		}
		k += m;
		free(t);
	}
	return k;
}

/* The slots to count: CPUs, or the threads of the target. */
static int slots_of(struct stat_evlist *l, const struct stat_target *t)
{
	const int *cpus = t->cpus;
	pid_t *tids = NULL, *pids = NULL;
	int i, n = t->ncpus;

	if (t->system_wide && !t->all_threads) {
		if (!cpus)
			n = perf_online_cpus(&cpus);
		if (n < 0)
			return n;
		l->ids = xmalloc(n * sizeof(*l->ids));
		memcpy(l->ids, cpus, n * sizeof(*l->ids));
		l->nids = n;
		return 0;
	}
	if (t->all_threads) {
		n = all_threads(t->skip, &pids, &tids);
	} else if (t->pids) {
		n = pids_threads(t->pids, t->npids, &pids, &tids);
	} else if (t->tids) {
		n = t->ntids;
		tids = xmalloc(n * sizeof(*tids));
		for (i = 0; i < n; i++)
			tids[i] = t->tids[i];
	} else if (t->cmd) {
		tids = xmalloc(sizeof(*tids));
		tids[0] = t->pid;
		n = 1;
	} else {
		n = threads_of(t->pid, &tids);
	}
	if (n < 0)
		return n;
	l->ids = xmalloc(n * sizeof(*l->ids));
	l->comms = xcalloc(n, sizeof(*l->comms));
	for (i = 0; i < n; i++) {
		l->ids[i] = tids[i];
		l->comms[i] = comm_of(pids ? pids[i] : t->tids ? tids[i] : t->pid,
				      tids[i]);
	}
	l->nids = n;
	free(pids);
	free(tids);
	return 0;
}

static void slots_free(struct stat_evlist *l)
{
	int i;

	for (i = 0; l->comms && i < l->nids; i++)
		free(l->comms[i]);
	free(l->comms);
	free(l->ids);
	l->comms = NULL;
	l->ids = NULL;
	l->nids = 0;
}

/* Closes e's counters, keeping its slots. */
static void close_event(struct stat_event *e)
{
	int j;

	for (j = 0; j < e->nfds; j++) {
		if (e->fds[j] >= 0)
			close(e->fds[j]);
		e->fds[j] = -1;
	}
}

/* The first perf counter of e's group, which leads it in the kernel. */
static int kernel_leader(const struct stat_evlist *l, int i)
{
	int j, lead = l->v[i].leader;

	for (j = lead; j < l->n && l->v[j].leader == lead; j++)
		if (l->v[j].kind == STAT_PERF)
			return j;
	return i;
}

int stat_count_open(struct stat_evlist *l, const struct stat_target *t)
{
	bool per_cpu = t->system_wide && !t->all_threads;
	int i, j, n, err;

	stat_count_release(l);
	err = slots_of(l, t);
	if (err) {
		fprintf(stderr, "ferret stat: %s: %s\n", per_cpu ?
			"cannot read the online CPUs" : "cannot find the threads",
			strerror(-err));
		return err;
	}
	n = l->nids;
	for (i = 0; i < l->n; i++) {
		struct stat_event *e = &l->v[i];

		e->fds = xmalloc((n ? n : 1) * sizeof(*e->fds));
		e->cnt = xcalloc(n ? n : 1, sizeof(*e->cnt));
		e->pcnt = xcalloc(n ? n : 1, sizeof(*e->pcnt));
		e->nfds = n;
		e->uncounted = false;
		for (j = 0; j < n; j++)
			e->fds[j] = -1;
	}
	for (i = 0; i < l->n && !err; i++) {
		struct stat_event *e = &l->v[i];
		int lead = e->leader >= 0 ? kernel_leader(l, i) : i;

		if (e->kind != STAT_PERF)
			continue;
		if (lead != i && !l->v[lead].supported) {
			/*
			 * perf gives up on a group whose leader it cannot
			 * open; led by a probe counted by BPF, the group only
			 * counts nothing, as below.
			 */
			if (lead != e->leader)
				continue;
			fprintf(stderr, "Error:\nThe %s event is not supported.\n",
				l->v[lead].name);
			return -EOPNOTSUPP;
		}
		for (j = 0; j < n; j++) {
			int gfd = lead != i ? l->v[lead].fds[j] : -1;
			int fd;

			/* A member goes where its leader could go. */
			if (lead != i && gfd < 0)
				continue;
			fd = per_cpu ? open_one(e, t, -1, l->ids[j], gfd) :
			     open_one(e, t, l->ids[j], -1, gfd);

			/* A thread that ended meanwhile has nothing to count. */
			if (fd == -ESRCH && !t->tids)
				continue;
			if (fd == -ESRCH) {
				/* perf's words for a -t thread that is not there. */
				fprintf(stderr, "Error:\nThe sys_perf_event_open() syscall returned with %d (%s) for event (%s).\n"
					"/bin/dmesg | grep -i perf may provide additional information.\n\n",
					ESRCH, strerror(ESRCH), e->name);
				err = fd;
				break;
			}
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
			e->fds[j] = fd;
		}
		if (!e->supported)
			close_event(e);
	}
	/*
	 * A group with a member the kernel does not have counts nothing:
	 * as in perf, its others are "not counted", probes counted by BPF
	 * included.
	 */
	for (i = 0; i < l->n && !err; i++) {
		struct stat_event *e = &l->v[i];

		if (e->leader < 0 || e->supported)
			continue;
		for (j = e->leader; j < l->n && l->v[j].leader == e->leader; j++) {
			close_event(&l->v[j]);
			l->v[j].uncounted = true;
		}
	}
	return err;
}

void stat_count_enable(struct stat_evlist *l, const struct stat_target *t)
{
	int i, j;

	if (t->cmd && !t->system_wide)
		return;
	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i].nfds; j++)
			if (l->v[i].fds[j] >= 0)
				ioctl(l->v[i].fds[j], PERF_EVENT_IOC_ENABLE, 0);
}

/* e's counters, started or stopped. */
static void switch_fds(struct stat_event *e, bool on)
{
	int j;

	for (j = 0; j < e->nfds; j++)
		if (e->fds[j] >= 0)
			ioctl(e->fds[j], on ? PERF_EVENT_IOC_ENABLE :
			      PERF_EVENT_IOC_DISABLE, 0);
}

void stat_count_switch(struct stat_evlist *l, int i, bool on)
{
	int j, k;

	for (j = 0; j < l->n; j++) {
		struct stat_event *e = &l->v[j];

		/* A group's members follow the counter that leads it. */
		if (e->kind != STAT_PERF ||
		    (e->leader >= 0 && kernel_leader(l, j) != j))
			continue;
		k = e->leader >= 0 ? e->leader : j;
		if (i < 0 || k == i)
			switch_fds(e, on);
	}
}

/* A field of perf's attribute listing, after ":" for the first. */
static void attr_field(FILE *f, bool *first, const char *name,
		       unsigned long long v, bool hex)
{
	if (!v)
		return;
	fprintf(f, "%s %s: ", *first ? ":" : ",", name);
	fprintf(f, hex ? "%#llx" : "%llu", v);
	*first = false;
}

void stat_count_describe(FILE *f, const struct stat_evlist *l, int i,
			 const struct stat_target *t)
{
	const struct stat_event *e = &l->v[i];
	struct perf_event_attr a;
	bool first = true;

	if (e->kind != STAT_PERF)
		return;
	attr_of(e, t, e->leader < 0 || kernel_leader(l, i) == i, &a);
	attr_field(f, &first, "type", a.type, false);
	attr_field(f, &first, "size", a.size, false);
	attr_field(f, &first, "config", a.config, true);
	if (a.read_format) {
		fprintf(f, "%s read_format: ", first ? ":" : ",");
		fprintf(f, "%s%s", a.read_format & PERF_FORMAT_TOTAL_TIME_ENABLED ?
			"TOTAL_TIME_ENABLED" : "",
			a.read_format & PERF_FORMAT_TOTAL_TIME_RUNNING ?
			"|TOTAL_TIME_RUNNING" : "");
		first = false;
	}
	attr_field(f, &first, "disabled", a.disabled, false);
	attr_field(f, &first, "inherit", a.inherit, false);
	attr_field(f, &first, "pinned", a.pinned, false);
	attr_field(f, &first, "exclusive", a.exclusive, false);
	attr_field(f, &first, "exclude_user", a.exclude_user, false);
	attr_field(f, &first, "exclude_kernel", a.exclude_kernel, false);
	attr_field(f, &first, "exclude_hv", a.exclude_hv, false);
	attr_field(f, &first, "exclude_idle", a.exclude_idle, false);
	attr_field(f, &first, "enable_on_exec", a.enable_on_exec, false);
	attr_field(f, &first, "precise_ip", a.precise_ip, false);
	attr_field(f, &first, "exclude_host", a.exclude_host, false);
	attr_field(f, &first, "exclude_guest", a.exclude_guest, false);
}

void stat_count_disable(struct stat_evlist *l)
{
	int i, j;

	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i].nfds; j++)
			if (l->v[i].fds[j] >= 0)
				ioctl(l->v[i].fds[j], PERF_EVENT_IOC_DISABLE, 0);
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

			if (e->fds[j] < 0 ||
			    read(e->fds[j], r, sizeof(r)) != sizeof(r))
				continue;
			e->cnt[j].val = r[0];
			e->cnt[j].ena = r[1];
			e->cnt[j].run = r[2];
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

	for (i = 0; i < l->n; i++)
		if (l->v[i].fds)
			close_event(&l->v[i]);
}

void stat_count_release(struct stat_evlist *l)
{
	int i;

	for (i = 0; i < l->n; i++) {
		struct stat_event *e = &l->v[i];

		if (e->fds)
			close_event(e);
		free(e->fds);
		free(e->cnt);
		free(e->pcnt);
		e->fds = NULL;
		e->cnt = e->pcnt = NULL;
		e->nfds = 0;
	}
	slots_free(l);
}
