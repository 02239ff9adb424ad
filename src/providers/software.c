/* SPDX-License-Identifier: GPL-2.0 */
/* software:EVENT[:COUNT]: perf software events on every CPU. */
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "providers/provider.h"

/* Names, aliases and default counts as bpftrace 0.17 has them. */
static const struct provider_event sw_events[] = {
	{ "alignment-faults", NULL, PERF_COUNT_SW_ALIGNMENT_FAULTS, 1 },
	{ "bpf-output", NULL, PERF_COUNT_SW_BPF_OUTPUT, 1 },
	{ "context-switches", "cs", PERF_COUNT_SW_CONTEXT_SWITCHES, 1000 },
	{ "cpu-clock", "cpu", PERF_COUNT_SW_CPU_CLOCK, 1000000 },
	{ "cpu-migrations", NULL, PERF_COUNT_SW_CPU_MIGRATIONS, 1 },
	{ "dummy", NULL, PERF_COUNT_SW_DUMMY, 1 },
	{ "emulation-faults", NULL, PERF_COUNT_SW_EMULATION_FAULTS, 1 },
	{ "major-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MAJ, 1 },
	{ "minor-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MIN, 100 },
	{ "page-faults", "faults", PERF_COUNT_SW_PAGE_FAULTS, 100 },
	{ "task-clock", NULL, PERF_COUNT_SW_TASK_CLOCK, 1 },
};

static int sw_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	return provider_expand_event(p, spec, sw_events, ARRAY_SIZE(sw_events),
				     NULL, out, err, errlen);
}

static int sw_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	return provider_list_events(p, pattern, sw_events,
				    ARRAY_SIZE(sw_events), fn, arg);
}

static int sw_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds,
		     char *err, size_t errlen)
{
	return provider_attach_perf(pi, PERF_TYPE_SOFTWARE, prog_fd, cookie,
				    fds, err, errlen);
}

const struct provider software_provider = {
	.name = "software",
	.alias = "s",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = sw_expand,
	.list = sw_list,
	.attach = sw_attach,
};
