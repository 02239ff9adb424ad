/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <sys/stat.h>
#include <limits.h>
#include <glob.h>
#include <dirent.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stddef.h>
#include <asm/ptrace.h>
#include <linux/perf_event.h>
#include <linux/bpf.h>

#include "util.h"
#include "compile/cg.h"
#include "lang/loc.h"
#include "kernel/features.h"
#include "kernel/perf.h"
#include "providers/provider.h"

/* Threads for closing BPF links, and the fewest links worth them. */
#define FDSET_THREADS 512
#define FDSET_MIN_PARALLEL 8

const struct provider *const provider_table[] = {
	&begin_provider,
	&end_provider,
	&error_provider,
	&tracepoint_provider,
	&rawtracepoint_provider,
	&kprobe_provider,
	&kretprobe_provider,
	&fentry_provider,
	&fexit_provider,
	&uprobe_provider,
	&uretprobe_provider,
	&usdt_provider,
	&syscall_provider,
	&profile_provider,
	&interval_provider,
	&software_provider,
	&hardware_provider,
	&cpc_provider,
	&watchpoint_provider,
	&asyncwatchpoint_provider,
	&sdt_provider,
	&sdt_fentry_provider,
	&sdt_fexit_provider,
	&dtracepoint_provider,
	&rawfbt_provider,
	&rawfbt_return_provider,
	NULL,
};

static bool provider_named(const struct provider *p, const char *s, size_t len)
{
	const char *names[] = { p->name, p->alias, p->alias2 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i] && strlen(names[i]) == len &&
		    !strncmp(names[i], s, len))
			return true;
	return false;
}

const struct provider *provider_find(const char *spec)
{
	const char *colon = strchr(spec, ':');
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
	const struct provider *const *p;

	for (p = provider_table; *p; p++)
		if (provider_named(*p, spec, len) &&
		    (!(*p)->dtrace || provider_dtrace))
			return *p;
	return NULL;
}

const char *provider_rest(const struct provider *p, const char *spec)
{
	const char *colon = strchr(spec, ':');

	if (!colon || !provider_named(p, spec, colon - spec))
		return NULL;
	return colon + 1;
}

char *provider_pattern(const struct provider *p, const char *pattern)
{
	const char *rest;

	if (!pattern)
		return NULL;
	rest = provider_rest(p, pattern);
	if (!rest)
		return xstrdup(pattern);
	return xasprintf("%s:%s", p->name, rest);
}

int provider_split(const char *rest, char **parts, int max)
{
	const char *colon;
	int n = 0;

	for (;;) {
		colon = strchr(rest, ':');
		if (n == max) {
			provider_free_parts(parts, n);
			return -E2BIG;
		}
		parts[n++] = colon ? xstrndup(rest, colon - rest) :
				     xstrdup(rest);
		if (!colon)
			return n;
		rest = colon + 1;
	}
}

void provider_free_parts(char **parts, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(parts[i]);
		parts[i] = NULL;
	}
}

int provider_parse_count(const char *s, uint64_t *out)
{
	uint64_t v = 0, exp = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (*p - '0')) / 10)
			return -ERANGE;
		v = v * 10 + (*p - '0');
	}
	if (*p == 'e' || *p == 'E') {
		if (p[1] < '0' || p[1] > '9')
			return -EINVAL;
		for (p++; *p >= '0' && *p <= '9'; p++) {
			exp = exp * 10 + (*p - '0');
			if (exp > 19)
				return -ERANGE;
		}
		for (; exp; exp--) {
			if (v > UINT64_MAX / 10)
				return -ERANGE;
			v *= 10;
		}
	}
	if (*p)
		return -EINVAL;
	*out = v;
	return 0;
}

int provider_parse_timer(const char *unit, const char *count,
			 uint64_t *period, bool *freq, char *err,
			 size_t errlen)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {
		{ "s", 1000000000 }, { "ms", 1000000 }, { "us", 1000 },
		{ "hz", 0 },
	};
	uint64_t v;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(unit, units[i].unit))
			break;
	if (i == ARRAY_SIZE(units)) {
		snprintf(err, errlen,
			 "'%s' is not a unit of time: use s, ms, us or hz", unit);
		return -EINVAL;
	}
	ret = provider_parse_count(count, &v);
	if (ret || v == 0) {
		snprintf(err, errlen, "'%s' is not a positive integer", count);
		return -EINVAL;
	}
	*freq = !units[i].ns;
	if (*freq) {
		*period = v;
	} else {
		if (v > UINT64_MAX / units[i].ns) {
			snprintf(err, errlen, "%s%s is too long", count, unit);
			return -EINVAL;
		}
		*period = v * units[i].ns;
	}
	return 0;
}

int provider_expand_timer(const struct provider *p, const char *spec,
			  int cpu, struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	struct probe_inst *pi;
	uint64_t period;
	char *parts[2], *name;
	bool freq;
	int n, ret;

	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n != 2) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen, "%s probes need a unit and a count: %s:UNIT:N (UNIT is s, ms, us or hz)",
			 p->name, p->name);
		return -EINVAL;
	}
	ret = provider_parse_timer(parts[0], parts[1], &period, &freq, err,
				   errlen);
	if (!ret) {
		name = xasprintf("%s:%s", p->name, rest);
		pi = provider_inst(p, name);
		free(name);
		pi->config = PERF_COUNT_SW_CPU_CLOCK;
		pi->period = period;
		pi->freq = freq;
		pi->cpu = cpu;
		pi->cpu_local = true;
		vec_push(out, pi);
	}
	provider_free_parts(parts, n);
	return ret;
}

static const struct provider_event *
provider_find_event(const char *name, const struct provider_event *events,
		    int nevents)
{
	int i;

	for (i = 0; i < nevents; i++)
		if (!strcmp(events[i].name, name) ||
		    (events[i].alias && !strcmp(events[i].alias, name)))
			return &events[i];
	return NULL;
}

int provider_expand_event(const struct provider *p, const char *spec,
			  const struct provider_event *events, int nevents,
			  const struct provider_event **found,
			  struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	const struct provider_event *ev = NULL;
	struct probe_inst *pi;
	struct buf names = { 0 };
	uint64_t count = 0;
	char *parts[2], *name;
	int n, i, ret = -EINVAL;

	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n < 1 || !*parts[0]) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen,
			 "%s probes need an event and an optional count: %s:EVENT[:COUNT]",
			 p->name, p->name);
		return -EINVAL;
	}
	if (util_has_glob(parts[0])) {
		snprintf(err, errlen, "wildcards are not allowed in %s probes",
			 p->name);
		goto out;
	}
	ev = provider_find_event(parts[0], events, nevents);
	if (!ev) {
		for (i = 0; i < nevents; i++)
			buf_printf(&names, "%s%s", i ? ", " : "", events[i].name);
		snprintf(err, errlen, "%s is not a %s probe (events: %s)",
			 parts[0], p->name, names.p);
		buf_free(&names);
		goto out;
	}
	if (n == 2 && provider_parse_count(parts[1], &count)) {
		snprintf(err, errlen, "'%s' is not a count", parts[1]);
		goto out;
	}
	name = xasprintf("%s:%s", p->name, rest);
	pi = provider_inst(p, name);
	free(name);
	pi->config = ev->config;
	pi->period = count ? count : ev->period;
	pi->cpu = -1;
	pi->cpu_local = true;
	pi->target = xstrdup(parts[0]);
	vec_push(out, pi);
	if (found)
		*found = ev;
	ret = 0;
out:
	provider_free_parts(parts, n);
	return ret;
}

int provider_list_events(const struct provider *p, const char *pattern,
			 const struct provider_event *events, int nevents,
			 void (*fn)(const char *name, void *arg), void *arg)
{
	char *pat = provider_pattern(p, pattern);
	char *name;
	int i;

	for (i = 0; i < nevents; i++) {
		name = xasprintf("%s:%s:", p->name, events[i].name);
		if (!pat || util_glob(pat, name))
			fn(name, arg);
		free(name);
	}
	free(pat);
	return 0;
}

int provider_pid, provider_cpid;
bool provider_dtrace;
const char *provider_cmd;

int provider_attach_pfd(int pfd, int prog_fd, uint64_t cookie,
			struct fdset *fds, char *err, size_t errlen)
{
	int link, e;

	fdset_add(fds, pfd);
	e = perf_attach(pfd, prog_fd, cookie, &link);
	if (e) {
		snprintf(err, errlen, "cannot attach the BPF program: %s",
			 util_strerror(-e));
		return e;
	}
	if (link >= 0)
		fdset_add_link(fds, link);
	return 0;
}

struct probe_inst *provider_inst(const struct provider *p, const char *name)
{
	struct probe_inst *pi = xcalloc(1, sizeof(*pi));

	pi->name = xstrdup(name);
	pi->prov = p;
	pi->when = WHEN_EVENT;
	return pi;
}

bool provider_same_event(const struct probe_inst *a,
			 const struct probe_inst *b)
{
	return a->prov == b->prov && a->prov->event_progs_max > 0 &&
	       a->config == b->config && a->when == b->when;
}

int provider_attach_fds(const struct probe_inst *pi)
{
	const int *cpus;
	int ncpus = 1;

	if (pi->when != WHEN_EVENT)
		return 0;
	switch (pi->prov->prog_type) {
	case BPF_PROG_TYPE_KPROBE:
	case BPF_PROG_TYPE_TRACEPOINT:
	case BPF_PROG_TYPE_PERF_EVENT:
		if (pi->cpu < 0)
			ncpus = perf_online_cpus(&cpus);
		if (ncpus < 1)
			ncpus = 1;
		return ncpus * (feat_perf_link(NULL) ? 2 : 1);
	default:
		return 1;
	}
}

bool provider_has_cookie(const struct provider *p)
{
	return p->cookie && feat_cookie(p->prog_type, NULL);
}

static void fdset_push(int **v, int *n, int *cap, int fd)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*n)++] = fd;
}

void fdset_add(struct fdset *s, int fd)
{
	fdset_push(&s->fd, &s->n, &s->cap, fd);
	s->nslow++;
}

void fdset_add_link(struct fdset *s, int fd)
{
	fdset_push(&s->link, &s->nlink, &s->linkcap, fd);
	s->nslow++;
	s->nslow_link++;
}

void fdset_add_fast(struct fdset *s, int fd, bool link)
{
	if (link)
		fdset_push(&s->link, &s->nlink, &s->linkcap, fd);
	else
		fdset_push(&s->fd, &s->n, &s->cap, fd);
}

struct fdset_closer {
	pthread_t thread;
	const int *fd;
	int n, stride;
};

static void *fdset_closer_run(void *arg)
{
	struct fdset_closer *c = arg;
	int i;

	for (i = 0; i < c->n; i += c->stride)
		close(c->fd[i]);
	return NULL;
}

static void fdset_close_links(struct fdset *s)
{
	struct fdset_closer c[FDSET_THREADS];
	int n = s->nlink < FDSET_THREADS ? s->nlink : FDSET_THREADS;
	int i, started;

	if (n < FDSET_MIN_PARALLEL)
		n = 1;
	for (i = 0; i < n; i++) {
		c[i].fd = s->link + i;
		c[i].n = s->nlink - i;
		c[i].stride = n;
	}
	/* c[0] runs in this thread, as does any closer that cannot start. */
	for (started = 1; started < n; started++)
		if (pthread_create(&c[started].thread, NULL, fdset_closer_run,
				   &c[started]))
			break;
	for (i = started; i < n; i++)
		fdset_closer_run(&c[i]);
	fdset_closer_run(&c[0]);
	for (i = 1; i < started; i++)
		pthread_join(c[i].thread, NULL);
	s->nlink = 0;
}

void fdset_close(struct fdset *s)
{
	fdset_close_links(s);
	while (s->n > 0)
		close(s->fd[--s->n]);
	free(s->fd);
	free(s->link);
	memset(s, 0, sizeof(*s));
}

/*
 * Releasing a tracepoint perf event costs the kernel tens of milliseconds
 * (it waits for RCU readers), one event at a time, so 360 syscall probes
 * take seconds to let go; a link costs a grace period too.  Once no event
 * reaches the programs any more, what is left is that wait.  The fds are
 * left to a detached grandchild that holds only those, so the tracer
 * exits at once and the release finishes behind it.
 */
/* Fast links closed in place of a fork's ~2 ms. */
#define FAST_CLOSE_MAX 16

static int fdset_cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * Closes every descriptor but the n in keep (sorted), a range per gap:
 * with the limit on open files raised, one close() per possible number
 * would be a million calls.  Kernels before 5.9 lack close_range(), and
 * get a loop up to the limit.
 */
static void fdset_close_others(const int *keep, int n)
{
	unsigned int from = 0, fd;
	long max;
	int i;

	for (i = 0; i <= n; i++) {
		unsigned int to = i < n ? (unsigned int)keep[i] : ~0U;

		if (i < n && (keep[i] < 0 || (unsigned int)keep[i] < from))
			continue;
		if (to > from &&
		    close_range(from, i < n ? to - 1 : to, 0) && errno == ENOSYS) {
			max = sysconf(_SC_OPEN_MAX);
			for (fd = from; fd < to && (long)fd < max; fd++)
				close(fd);
		}
		if (i < n)
			from = to + 1;
	}
}

/*
 * A perf event's link takes the kernel a grace period to release, and
 * releases from several threads do not overlap in the QEMU guest's
 * kernel (Debian's 6.1): a graph's hundreds of kprobe links took most
 * of its run to close, where stopping the programs takes one grace
 * period.
 */
bool fdset_stop_pays(const struct fdset *s)
{
	return s->nslow_link > FAST_CLOSE_MAX;
}

void fdset_close_async(struct fdset *s, bool links_done)
{
	pid_t pid;
	int i, n, null, *keep, go[2];
	char c;

	if (!links_done)
		fdset_close_links(s);
	if (s->nslow == 0 && s->nlink <= FAST_CLOSE_MAX) {
		fdset_close(s);
		return;
	}
	/*
	 * Whoever closes last pays the wait, so the releaser starts only
	 * once this process has closed its copies: until then it holds
	 * the read end of go, which this process closes its end of last.
	 */
	if (pipe2(go, O_CLOEXEC)) {
		fdset_close(s);
		return;
	}
	pid = fork();
	if (pid == 0) {
		if (fork() != 0)
			_exit(0);
		setsid();
		close(go[1]);
		null = open("/dev/null", O_RDWR);
		keep = malloc((s->n + s->nlink + 2) * sizeof(*keep));
		if (keep) {
			n = 0;
			for (i = 0; i < s->n; i++)
				keep[n++] = s->fd[i];
			for (i = 0; i < s->nlink; i++)
				keep[n++] = s->link[i];
			keep[n++] = null;
			keep[n++] = go[0];
			qsort(keep, n, sizeof(*keep), fdset_cmp_int);
			fdset_close_others(keep, n);
			free(keep);
		}
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
		}
		while (read(go[0], &c, 1) < 0 && errno == EINTR)
			;
		close(go[0]);
		fdset_close(s);
		_exit(0);
	}
	close(go[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	/* Our copies go quickly: the releaser holds the last reference. */
	fdset_close(s);
	close(go[1]);
}

/* Closes what was added since s had n fds and nlink links. */
static void provider_fdset_trim(struct fdset *s, int n, int nlink)
{
	while (s->nlink > nlink)
		close(s->link[--s->nlink]);
	while (s->n > n)
		close(s->fd[--s->n]);
}

static int provider_attach_one(const struct probe_inst *pi, uint32_t type,
			       int cpu, int prog_fd, uint64_t cookie,
			       struct fdset *fds, char *err, size_t errlen)
{
	int pfd, link, ret;

	pfd = perf_open(type, pi->config, pi->period, pi->freq, pi->perf_excl,
			cpu);
	if (pfd < 0) {
		perf_strerror(err, errlen, type,
			      type == PERF_TYPE_HARDWARE && pi->target ?
			      pi->target : pi->name, pi->period, pi->freq, pfd);
		return pfd;
	}
	fdset_add(fds, pfd);
	ret = perf_attach(pfd, prog_fd, cookie, &link);
	if (ret) {
		snprintf(err, errlen, "%s: cannot attach the BPF program on CPU %d: %s",
			 pi->name, cpu, util_strerror(-ret));
		return ret;
	}
	if (link >= 0)
		fdset_add_link(fds, link);
	return 0;
}

int provider_attach_perf(const struct probe_inst *pi, uint32_t type,
			 int prog_fd, uint64_t cookie, struct fdset *fds,
			 char *err, size_t errlen)
{
	const int *cpus;
	int n, i, ret, start = fds->n, start_link = fds->nlink;

	if (pi->cpu >= 0) {
		ret = provider_attach_one(pi, type, pi->cpu, prog_fd, cookie,
					  fds, err, errlen);
		if (ret)
			provider_fdset_trim(fds, start, start_link);
		return ret;
	}
	n = perf_online_cpus(&cpus);
	if (n < 0) {
		snprintf(err, errlen, "cannot read the online CPUs: %s",
			 util_strerror(-n));
		return n;
	}
	for (i = 0; i < n; i++) {
		ret = provider_attach_one(pi, type, cpus[i], prog_fd, cookie,
					  fds, err, errlen);
		if (ret) {
			provider_fdset_trim(fds, start, start_link);
			return ret;
		}
	}
	return 0;
}

/* The matches of one wildcard spec: see provider_group_insts(). */
struct provider_group {
	char *spec;
	int n;			/* instances */
	int tried;		/* of them, attach() calls so far */
	int skipped;		/* of those, refused and skipped */
	char *first;		/* the first skipped, "NAME: why" */
	int refs;
};

void provider_group_insts(const char *spec, struct vec *out, int from)
{
	struct provider_group *g;
	int i;

	if (from >= out->n)
		return;
	g = xcalloc(1, sizeof(*g));
	g->spec = xstrdup(spec);
	for (i = from; i < out->n; i++) {
		struct probe_inst *pi = out->v[i];

		pi->group = g;
		g->n++;
		g->refs++;
	}
}

int provider_attach_result(const struct probe_inst *pi, int ret,
			   bool skippable, char *err, size_t errlen)
{
	struct provider_group *g = pi->group;

	if (!g)
		return ret;
	g->tried++;
	if (ret && skippable) {
		g->skipped++;
		if (!g->first)
			g->first = xasprintf("%s: %s", pi->name, err);
		if (g->skipped == g->n) {
			snprintf(err, errlen,
				 "none of the %d probes %s matches can be attached; %s",
				 g->n, g->spec, g->first);
			return ret;
		}
		ret = 0;
	}
	if (!ret && g->tried == g->n && g->skipped)
		diag_warn(NULL, NULL,
			  "could not attach %d of the %d probes %s matches, skipping them; the first, %s",
			  g->skipped, g->n, g->spec, g->first);
	return ret;
}

int provider_group_skipped(const struct probe_inst *pi)
{
	return pi->group ? pi->group->skipped : 0;
}

void provider_inst_free(struct probe_inst *pi)
{
	if (!pi)
		return;
	if (pi->group && !--pi->group->refs) {
		free(pi->group->spec);
		free(pi->group->first);
		free(pi->group);
	}
	free(pi->name);
	free(pi->target);
	free(pi->func);
	free(pi->data);
	provider_inst_free(pi->arm);
	free(pi);
}

int provider_ptregs_arg(const struct probe_inst *pi, int n)
{
	static const int regs[] = {
		offsetof(struct pt_regs, rdi), offsetof(struct pt_regs, rsi),
		offsetof(struct pt_regs, rdx), offsetof(struct pt_regs, rcx),
		offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9),
	};

	return n >= 0 && n < (int)ARRAY_SIZE(regs) ? regs[n] : -1;
}

/* bpftrace's reg() names, in struct pt_regs order (<asm/ptrace.h>). */
#define PTREG(n, f) { n, offsetof(struct pt_regs, f) }
static const struct {
	const char *name;
	int off;
} ptregs[] = {
	PTREG("r15", r15), PTREG("r14", r14), PTREG("r13", r13),
	PTREG("r12", r12), PTREG("bp", rbp), PTREG("bx", rbx),
	PTREG("r11", r11), PTREG("r10", r10), PTREG("r9", r9),
	PTREG("r8", r8), PTREG("ax", rax), PTREG("cx", rcx),
	PTREG("dx", rdx), PTREG("si", rsi), PTREG("di", rdi),
	PTREG("orig_ax", orig_rax), PTREG("ip", rip), PTREG("cs", cs),
	PTREG("flags", eflags), PTREG("sp", rsp), PTREG("ss", ss),
};

int provider_ptregs_offset(const struct probe_inst *pi, const char *name)
{
	size_t i;

	if (pi->prov->arg_offset != provider_ptregs_arg &&
	    pi->prov->retval_offset != provider_ptregs_retval)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(ptregs); i++)
		if (!strcmp(ptregs[i].name, name))
			return ptregs[i].off;
	return -ENOENT;
}

void provider_guard_pid(struct cg *g, int pid, int label)
{
	int r;

	if (pid <= 0)
		return;
	r = cg_call0(g, BPF_FUNC_get_current_pid_tgid);
	ir_alu_imm(&g->ir, BPF_RSH, r, 32);
	ir_jmp_imm(&g->ir, BPF_JNE, r, pid, label);
}

int provider_d_arg_stack(const struct probe_inst *pi, int n, struct cg *g,
			 char *err, size_t errlen)
{
	int off = provider_ptregs_arg(pi, n), r, sp, base, slot;

	if (!g)
		return 0;
	r = ir_vreg(&g->ir);
	if (off >= 0) {
		ir_ld(&g->ir, BPF_DW, r, g->ctx, off);
		return r;
	}
	/* above the return address: arg6 at sp + 8; zeroed if unreadable */
	sp = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, sp, g->ctx, offsetof(struct pt_regs, rsp));
	ir_alu_imm(&g->ir, BPF_ADD, sp, 8 * (n - 5));
	slot = cg_alloc_tmp(g, 8, &base);
	cg_probe_read(g, base, slot, 8, sp);
	ir_ld(&g->ir, BPF_DW, r, base, slot);
	return r;
}

int provider_d_arg_zero(const struct probe_inst *pi, int n, struct cg *g,
			char *err, size_t errlen)
{
	int r;

	if (!g)
		return 0;
	r = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, r, 0);
	return r;
}

/*
 * The sign bit tells the halves apart: x86-64's kernel addresses are
 * the upper half.  Branch-free: the mask is all ones for a kernel PC.
 */
int provider_d_arg_pc(const struct probe_inst *pi, int n, struct cg *g,
		      char *err, size_t errlen)
{
	int r, mask;

	if (!g || n > 1)
		return provider_d_arg_zero(pi, n, g, err, errlen);
	r = ir_vreg(&g->ir);
	mask = ir_vreg(&g->ir);
	/* struct bpf_perf_event_data starts with the sample's pt_regs */
	ir_ld(&g->ir, BPF_DW, r, g->ctx, offsetof(struct pt_regs, rip));
	ir_mov(&g->ir, mask, r);
	ir_alu_imm(&g->ir, BPF_ARSH, mask, 63);
	if (n == 1)
		ir_alu_imm(&g->ir, BPF_XOR, mask, -1);
	ir_alu(&g->ir, BPF_AND, r, mask);
	return r;
}

int provider_ptregs_retval(const struct probe_inst *pi)
{
	return offsetof(struct pt_regs, rax);
}

/* Appends the regular files glob pattern matches (executables only if
 * exec) to out. */
static void provider_glob_into(const char *pattern, bool exec, struct vec *out)
{
	struct stat sb;
	glob_t gl;
	size_t i;

	if (glob(pattern, 0, NULL, &gl))
		return;
	for (i = 0; i < gl.gl_pathc; i++)
		if (!stat(gl.gl_pathv[i], &sb) && S_ISREG(sb.st_mode) &&
		    (!exec || !access(gl.gl_pathv[i], X_OK)))
			vec_push(out, xstrdup(gl.gl_pathv[i]));
	globfree(&gl);
}

int provider_glob_files(const char *pattern, struct vec *out)
{
	const char *path = getenv("PATH"), *end;
	char buf[PATH_MAX];
	struct dirent *de;
	struct stat sb;
	int before = out->n;
	DIR *d;

	provider_glob_into(pattern, false, out);
	if (strchr(pattern, '/'))
		return out->n - before;
	for (; path && *path; path = *end ? end + 1 : end) {
		end = strchrnul(path, ':');
		if (end == path)
			continue;
		snprintf(buf, sizeof(buf), "%.*s", (int)(end - path), path);
		d = opendir(buf);
		if (!d)
			continue;
		while ((de = readdir(d))) {
			if (snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - path),
				     path, de->d_name) >= (int)sizeof(buf) ||
			    !util_glob(pattern, buf) || stat(buf, &sb) ||
			    !S_ISREG(sb.st_mode) || access(buf, X_OK))
				continue;
			vec_push(out, xstrdup(buf));
		}
		closedir(d);
	}
	return out->n - before;
}
