/* SPDX-License-Identifier: GPL-2.0 */
/* hardware:EVENT[:COUNT]: PMU counters on every CPU. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/features.h"
#include "kernel/perf.h"
#include "providers/provider.h"

/* Names, aliases and default counts as bpftrace 0.17 has them. */
static const struct provider_event hw_events[] = {
	{ "backend-stalls", NULL, PERF_COUNT_HW_STALLED_CYCLES_BACKEND, 1000000 },
	{ "branch-instructions", "branches", PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 100000 },
	{ "branch-misses", NULL, PERF_COUNT_HW_BRANCH_MISSES, 100000 },
	{ "bus-cycles", NULL, PERF_COUNT_HW_BUS_CYCLES, 100000 },
	{ "cache-misses", NULL, PERF_COUNT_HW_CACHE_MISSES, 1000000 },
	{ "cache-references", NULL, PERF_COUNT_HW_CACHE_REFERENCES, 1000000 },
	{ "cpu-cycles", "cycles", PERF_COUNT_HW_CPU_CYCLES, 1000000 },
	{ "frontend-stalls", NULL, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, 1000000 },
	{ "instructions", NULL, PERF_COUNT_HW_INSTRUCTIONS, 1000000 },
	{ "ref-cycles", NULL, PERF_COUNT_HW_REF_CPU_CYCLES, 1000000 },
};

/* The PMU is checked here so the error lands on the spec, not at attach. */
static int hw_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	int first = out->n, ret;
	struct probe_inst *pi;

	ret = provider_expand_event(p, spec, hw_events, ARRAY_SIZE(hw_events),
				    NULL, out, err, errlen);
	if (ret || feat_hw_pmu(NULL))
		return ret;
	pi = out->v[first];
	perf_strerror(err, errlen, PERF_TYPE_HARDWARE, pi->target, 0, false,
		      -ENOENT);
	while (out->n > first) {
		pi = out->v[--out->n];
		free(pi->name);
		free(pi->target);
		free(pi);
	}
	return -EOPNOTSUPP;
}

static int hw_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	return provider_list_events(p, pattern, hw_events,
				    ARRAY_SIZE(hw_events), fn, arg);
}

static int hw_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds,
		     char *err, size_t errlen)
{
	return provider_attach_perf(pi, PERF_TYPE_HARDWARE, prog_fd, cookie,
				    fds, err, errlen);
}

const struct provider hardware_provider = {
	.name = "hardware",
	.alias = "h",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = hw_expand,
	.list = hw_list,
	.attach = hw_attach,
};
