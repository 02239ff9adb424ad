/* SPDX-License-Identifier: GPL-2.0 */
/* interval:UNIT:N: a cpu-clock timer on one CPU. */
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/perf.h"
#include "providers/provider.h"

static int interval_expand(const struct provider *p, const char *spec,
			   struct vec *out, char *err, size_t errlen)
{
	return provider_expand_timer(p, spec, perf_first_cpu(), out, err,
				     errlen);
}

static int interval_list(const struct provider *p, const char *pattern,
			 void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

static int interval_attach(const struct probe_inst *pi, int prog_fd,
			   uint64_t cookie, struct fdset *fds,
			   char *err, size_t errlen)
{
	return provider_attach_perf(pi, PERF_TYPE_SOFTWARE, prog_fd, cookie,
				    fds, err, errlen);
}

const struct provider interval_provider = {
	.name = "interval",
	.alias = "i",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = interval_expand,
	.list = interval_list,
	.attach = interval_attach,
	.d_arg_emit = provider_d_arg_pc,
};
