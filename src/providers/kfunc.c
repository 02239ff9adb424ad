/* SPDX-License-Identifier: GPL-2.0 */
/* fentry:/kfunc: and fexit:/kretfunc: are recognised and refused with a
 * sentence naming what the kernel lacks, or that ferret lacks them yet. */
#include <errno.h>
#include <stdio.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "providers/provider.h"

static int kfunc_expand(const struct provider *p, const char *spec,
			struct vec *out, char *err, size_t errlen)
{
	const char *why;

	if (!feat_fentry(&why))
		snprintf(err, errlen, "%s", why);
	else
		snprintf(err, errlen, "%s probes are not supported yet",
			 p->name);
	return -EOPNOTSUPP;
}

const struct provider fentry_provider = {
	.name = "fentry",
	.alias = "f",
	.alias2 = "kfunc",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = kfunc_expand,
	.list = provider_list_none,
	.attach = provider_attach_unsupported,
};

const struct provider fexit_provider = {
	.name = "fexit",
	.alias = "fr",
	.alias2 = "kretfunc",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = kfunc_expand,
	.list = provider_list_none,
	.attach = provider_attach_unsupported,
};
