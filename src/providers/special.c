/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BEGIN and END: raw tracepoint programs the runtime runs itself with
 * BPF_PROG_TEST_RUN, so nothing is attached and the cookie reads 0.
 * D's ERROR too, run after each fault with the fault's description as
 * its arguments (the context of a raw tracepoint is its u64 arguments).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "util.h"
#include "compile/cg.h"
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
	pi->when = p == &begin_provider ? WHEN_BEGIN :
		   p == &end_provider ? WHEN_END : WHEN_ERROR;
	if (pi->when == WHEN_ERROR)
		pi->nargs = ERROR_NARGS;
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

int special_fire(int prog_fd, int cpu)
{
	return special_fire_args(prog_fd, NULL, 0, cpu);
}

/* A raw tracepoint program's test run takes the CPU to run on. */
int special_fire_args(int prog_fd, const uint64_t *args, int n, int cpu)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args,
		    .ctx_size_in = n * sizeof(*args));

	if (cpu >= 0) {
		opts.flags = BPF_F_TEST_RUN_ON_CPU;
		opts.cpu = (__u32)cpu;
	}
	return bpf_prog_test_run_opts(prog_fd, &opts) ? -errno : 0;
}

static int error_arg_offset(const struct probe_inst *pi, int n)
{
	return n >= 0 && n < ERROR_NARGS ? 8 * n : -1;
}

/* D's ERROR has arg0..arg5 from its context; arg6..arg9 are 0. */
static int error_d_arg(const struct probe_inst *pi, int n, struct cg *g,
		       char *err, size_t errlen)
{
	int r;

	if (!g || n >= ERROR_NARGS)
		return provider_d_arg_zero(pi, n, g, err, errlen);
	r = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, r, g->ctx, error_arg_offset(pi, n));
	return r;
}

const struct provider begin_provider = {
	.name = "BEGIN",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_NONE,
	.expand = special_expand,
	.list = special_list,
	.attach = special_attach,
	.d_arg_emit = provider_d_arg_zero,
};

const struct provider end_provider = {
	.name = "END",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_NONE,
	.expand = special_expand,
	.list = special_list,
	.attach = special_attach,
	.d_arg_emit = provider_d_arg_zero,
};

const struct provider error_provider = {
	.name = "ERROR",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_U64_ARRAY,
	.dtrace = true,
	.expand = special_expand,
	.list = special_list,
	.attach = special_attach,
	.arg_offset = error_arg_offset,
	.d_arg_emit = error_d_arg,
};
