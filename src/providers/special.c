/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BEGIN and END: raw tracepoint programs the runtime runs itself with
 * BPF_PROG_TEST_RUN, so nothing is attached and the cookie reads 0.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "util.h"
#include "providers/provider.h"

static int special_expand(const struct provider *p, const char *spec,
			  struct vec *out, char *err, size_t errlen)
{
	struct probe_inst *pi;

	if (strcmp(spec, p->name)) {
		snprintf(err, errlen, "%s takes no arguments", p->name);
		return -EINVAL;
	}
	pi = provider_inst(p, p->name);
	pi->when = p == &begin_provider ? WHEN_BEGIN : WHEN_END;
	vec_push(out, pi);
	return 0;
}

static int special_list(const struct provider *p, const char *pattern,
			void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

static int special_attach(const struct probe_inst *pi, int prog_fd,
			  uint64_t cookie, struct fdset *fds,
			  char *err, size_t errlen)
{
	return 0;
}

int special_fire(int prog_fd)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	return bpf_prog_test_run_opts(prog_fd, &opts) ? -errno : 0;
}

const struct provider begin_provider = {
	.name = "BEGIN",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_NONE,
	.expand = special_expand,
	.list = special_list,
	.attach = special_attach,
};

const struct provider end_provider = {
	.name = "END",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_NONE,
	.expand = special_expand,
	.list = special_list,
	.attach = special_attach,
};
