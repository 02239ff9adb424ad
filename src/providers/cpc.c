/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpc:EVENT-MODE-COUNT, D's CPU performance counter provider: a perf
 * event on every CPU whose program runs each COUNT events counted in
 * user space, in the kernel or in both (MODE user, kernel or all).  The
 * events are the generic ones of libpfm4's "perf" PMU, named as
 * dtrace-utils names its probes after them: lower case, '-' made '_'
 * (PERF_COUNT_SW_CPU_CLOCK and its alias CPU-CLOCK are
 * perf_count_sw_cpu_clock and cpu_clock).  An event this machine cannot
 * open (a hardware one without a PMU) is neither listed nor matched, as
 * dtrace-utils leaves out what perf_event_open() refuses.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/perf.h"
#include "providers/provider.h"

#define HW PERF_TYPE_HARDWARE
#define SW PERF_TYPE_SOFTWARE
#define CACHE PERF_TYPE_HW_CACHE

/* A cache event's config: cache, operation and result (read misses). */
#define C(cache, op, res) (PERF_COUNT_HW_CACHE_##cache | \
			   PERF_COUNT_HW_CACHE_OP_##op << 8 | \
			   PERF_COUNT_HW_CACHE_RESULT_##res << 16)

/* libpfm4's perf PMU, in its order, which dtrace -l keeps. */
static const struct cpc_event {
	const char *name;
	uint32_t type;
	uint64_t config;
} events[] = {
	{ "PERF_COUNT_HW_CPU_CYCLES", HW, PERF_COUNT_HW_CPU_CYCLES },
	{ "CYCLES", HW, PERF_COUNT_HW_CPU_CYCLES },
	{ "CPU-CYCLES", HW, PERF_COUNT_HW_CPU_CYCLES },
	{ "PERF_COUNT_HW_INSTRUCTIONS", HW, PERF_COUNT_HW_INSTRUCTIONS },
	{ "INSTRUCTIONS", HW, PERF_COUNT_HW_INSTRUCTIONS },
	{ "PERF_COUNT_HW_CACHE_REFERENCES", HW, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "CACHE-REFERENCES", HW, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "PERF_COUNT_HW_CACHE_MISSES", HW, PERF_COUNT_HW_CACHE_MISSES },
	{ "CACHE-MISSES", HW, PERF_COUNT_HW_CACHE_MISSES },
	{ "PERF_COUNT_HW_BRANCH_INSTRUCTIONS", HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "BRANCH-INSTRUCTIONS", HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "BRANCHES", HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "PERF_COUNT_HW_BRANCH_MISSES", HW, PERF_COUNT_HW_BRANCH_MISSES },
	{ "BRANCH-MISSES", HW, PERF_COUNT_HW_BRANCH_MISSES },
	{ "PERF_COUNT_HW_BUS_CYCLES", HW, PERF_COUNT_HW_BUS_CYCLES },
	{ "BUS-CYCLES", HW, PERF_COUNT_HW_BUS_CYCLES },
	{ "PERF_COUNT_HW_STALLED_CYCLES_FRONTEND", HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "STALLED-CYCLES-FRONTEND", HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "IDLE-CYCLES-FRONTEND", HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "PERF_COUNT_HW_STALLED_CYCLES_BACKEND", HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "STALLED-CYCLES-BACKEND", HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "IDLE-CYCLES-BACKEND", HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "PERF_COUNT_HW_REF_CPU_CYCLES", HW, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "REF-CYCLES", HW, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "PERF_COUNT_SW_CPU_CLOCK", SW, PERF_COUNT_SW_CPU_CLOCK },
	{ "CPU-CLOCK", SW, PERF_COUNT_SW_CPU_CLOCK },
	{ "PERF_COUNT_SW_TASK_CLOCK", SW, PERF_COUNT_SW_TASK_CLOCK },
	{ "TASK-CLOCK", SW, PERF_COUNT_SW_TASK_CLOCK },
	{ "PERF_COUNT_SW_PAGE_FAULTS", SW, PERF_COUNT_SW_PAGE_FAULTS },
	{ "PAGE-FAULTS", SW, PERF_COUNT_SW_PAGE_FAULTS },
	{ "FAULTS", SW, PERF_COUNT_SW_PAGE_FAULTS },
	{ "PERF_COUNT_SW_CONTEXT_SWITCHES", SW, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "CONTEXT-SWITCHES", SW, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "CS", SW, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "PERF_COUNT_SW_CPU_MIGRATIONS", SW, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "CPU-MIGRATIONS", SW, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "MIGRATIONS", SW, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "PERF_COUNT_SW_PAGE_FAULTS_MIN", SW, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "MINOR-FAULTS", SW, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "PERF_COUNT_SW_PAGE_FAULTS_MAJ", SW, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "MAJOR-FAULTS", SW, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "PERF_COUNT_SW_CGROUP_SWITCHES", SW, PERF_COUNT_SW_CGROUP_SWITCHES },
	{ "CGROUP-SWITCHES", SW, PERF_COUNT_SW_CGROUP_SWITCHES },
	{ "PERF_COUNT_HW_CACHE_L1D", CACHE, C(L1D, READ, MISS) },
	{ "L1-DCACHE-LOADS", CACHE, C(L1D, READ, ACCESS) },
	{ "L1-DCACHE-LOAD-MISSES", CACHE, C(L1D, READ, MISS) },
	{ "L1-DCACHE-STORES", CACHE, C(L1D, WRITE, ACCESS) },
	{ "L1-DCACHE-STORE-MISSES", CACHE, C(L1D, WRITE, MISS) },
	{ "L1-DCACHE-PREFETCHES", CACHE, C(L1D, PREFETCH, ACCESS) },
	{ "L1-DCACHE-PREFETCH-MISSES", CACHE, C(L1D, PREFETCH, MISS) },
	{ "PERF_COUNT_HW_CACHE_L1I", CACHE, C(L1I, READ, MISS) },
	{ "L1-ICACHE-LOADS", CACHE, C(L1I, READ, ACCESS) },
	{ "L1-ICACHE-LOAD-MISSES", CACHE, C(L1I, READ, MISS) },
	{ "L1-ICACHE-PREFETCHES", CACHE, C(L1I, PREFETCH, ACCESS) },
	{ "L1-ICACHE-PREFETCH-MISSES", CACHE, C(L1I, PREFETCH, MISS) },
	{ "PERF_COUNT_HW_CACHE_LL", CACHE, C(LL, READ, MISS) },
	{ "LLC-LOADS", CACHE, C(LL, READ, ACCESS) },
	{ "LLC-LOAD-MISSES", CACHE, C(LL, READ, MISS) },
	{ "LLC-STORES", CACHE, C(LL, WRITE, ACCESS) },
	{ "LLC-STORE-MISSES", CACHE, C(LL, WRITE, MISS) },
	{ "LLC-PREFETCHES", CACHE, C(LL, PREFETCH, ACCESS) },
	{ "LLC-PREFETCH-MISSES", CACHE, C(LL, PREFETCH, MISS) },
	{ "PERF_COUNT_HW_CACHE_DTLB", CACHE, C(DTLB, READ, MISS) },
	{ "DTLB-LOADS", CACHE, C(DTLB, READ, ACCESS) },
	{ "DTLB-LOAD-MISSES", CACHE, C(DTLB, READ, MISS) },
	{ "DTLB-STORES", CACHE, C(DTLB, WRITE, ACCESS) },
	{ "DTLB-STORE-MISSES", CACHE, C(DTLB, WRITE, MISS) },
	{ "DTLB-PREFETCHES", CACHE, C(DTLB, PREFETCH, ACCESS) },
	{ "DTLB-PREFETCH-MISSES", CACHE, C(DTLB, PREFETCH, MISS) },
	{ "PERF_COUNT_HW_CACHE_ITLB", CACHE, C(ITLB, READ, MISS) },
	{ "ITLB-LOADS", CACHE, C(ITLB, READ, ACCESS) },
	{ "ITLB-LOAD-MISSES", CACHE, C(ITLB, READ, MISS) },
	{ "PERF_COUNT_HW_CACHE_BPU", CACHE, C(BPU, READ, MISS) },
	{ "BRANCH-LOADS", CACHE, C(BPU, READ, ACCESS) },
	{ "BRANCH-LOAD-MISSES", CACHE, C(BPU, READ, MISS) },
	{ "PERF_COUNT_HW_CACHE_NODE", CACHE, C(NODE, READ, MISS) },
	{ "NODE-LOADS", CACHE, C(NODE, READ, ACCESS) },
	{ "NODE-LOAD-MISSES", CACHE, C(NODE, READ, MISS) },
	{ "NODE-STORES", CACHE, C(NODE, WRITE, ACCESS) },
	{ "NODE-STORE-MISSES", CACHE, C(NODE, WRITE, MISS) },
	{ "NODE-PREFETCHES", CACHE, C(NODE, PREFETCH, ACCESS) },
	{ "NODE-PREFETCH-MISSES", CACHE, C(NODE, PREFETCH, MISS) },
};

/* The count dtrace-utils lists each event with. */
#define CPC_LIST_COUNT "1000000000"

/* events[i]'s probe-name part, in buf. */
static const char *cpc_dname(size_t i, char *buf, size_t len)
{
	size_t j;

	for (j = 0; events[i].name[j] && j + 1 < len; j++)
		buf[j] = events[i].name[j] == '-' ? '_' :
			 tolower((unsigned char)events[i].name[j]);
	buf[j] = 0;
	return buf;
}

/*
 * Whether this machine opens events[i], as dtrace-utils tries each
 * (counting, on one CPU); asked once per event.
 */
static bool cpc_usable(size_t i)
{
	static signed char usable[ARRAY_SIZE(events)];
	int fd;

	if (!usable[i]) {
		fd = perf_open(events[i].type, events[i].config, 0, false, 0,
			       perf_first_cpu());
		usable[i] = fd >= 0 ? 1 : -1;
		if (fd >= 0)
			close(fd);
	}
	return usable[i] > 0;
}

/*
 * Decodes probe name EVENT-MODE-COUNT as dtrace-utils does: an event
 * this machine opens, user, kernel or all, and a count of digits alone
 * (an attribute part, EVENT-MODE-ATTR-COUNT, is taken by no event).
 * 0, or -ENOENT if name is no cpc probe.
 */
static int cpc_decode(const char *name, size_t *ev, unsigned *excl,
		      uint64_t *count)
{
	const char *mode = strchr(name, '-'), *num;
	char buf[64];
	size_t i;

	if (!mode)
		return -ENOENT;
	num = strchr(mode + 1, '-');
	if (!num || strchr(num + 1, '-') || !num[1] ||
	    strspn(num + 1, "0123456789") != strlen(num + 1))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(events); i++) {
		cpc_dname(i, buf, sizeof(buf));
		if (strlen(buf) == (size_t)(mode - name) &&
		    !strncmp(buf, name, mode - name) && cpc_usable(i))
			break;
	}
	if (i == ARRAY_SIZE(events))
		return -ENOENT;
	mode++;
	if (!strncmp(mode, "user-", 5))
		*excl = PERF_EXCL_KERNEL;
	else if (!strncmp(mode, "kernel-", 7))
		*excl = PERF_EXCL_USER;
	else if (!strncmp(mode, "all-", 4))
		*excl = 0;
	else
		return -ENOENT;
	*ev = i;
	*count = strtoull(num + 1, NULL, 10);
	return 0;
}

static int cpc_expand(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen)
{
	const char *name = provider_rest(p, spec);
	struct probe_inst *pi;
	uint64_t count;
	unsigned excl;
	size_t ev;

	if (!name || cpc_decode(name, &ev, &excl, &count)) {
		snprintf(err, errlen, "%s is no cpc probe: EVENT-MODE-COUNT names an event this machine can count, user, kernel or all, and a count",
			 spec);
		return -ENOENT;
	}
	if (!count) {
		snprintf(err, errlen, "%s: a count of 0 samples nothing (the count is how many events pass from one firing to the next)",
			 name);
		return -EINVAL;
	}
	pi = provider_inst(p, spec);
	pi->target = xstrdup(events[ev].name);
	pi->config = events[ev].config;
	pi->period = count;
	pi->perf_excl = excl;
	pi->cpu = -1;
	pi->cpu_local = true;
	vec_push(out, pi);
	return 0;
}

static int cpc_list(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg)
{
	char buf[64], *s;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(events); i++) {
		if (!cpc_usable(i))
			continue;
		s = xasprintf("cpc:%s-all-" CPC_LIST_COUNT,
			      cpc_dname(i, buf, sizeof(buf)));
		if (!pattern || util_glob(pattern, s))
			fn(s, arg);
		free(s);
	}
	return 0;
}

static int cpc_attach(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds, char *err,
		      size_t errlen)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(events); i++)
		if (!strcmp(events[i].name, pi->target))
			return provider_attach_perf(pi, events[i].type, prog_fd,
						    cookie, fds, err, errlen);
	snprintf(err, errlen, "%s: no such event", pi->name);
	return -ENOENT;
}

const struct provider cpc_provider = {
	.name = "cpc",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.dtrace = true,
	.expand = cpc_expand,
	.list = cpc_list,
	.attach = cpc_attach,
	.d_arg_emit = provider_d_arg_pc,
};
