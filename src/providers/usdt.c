/* SPDX-License-Identifier: GPL-2.0 */
/* usdt: is recognised and refused with a sentence saying ferret lacks
 * it yet. */
#include <errno.h>
#include <stdio.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "providers/provider.h"

static int usdt_expand(const struct provider *p, const char *spec,
		       struct vec *out, char *err, size_t errlen)
{
	const char *why;

	if (!feat_uprobes(&why))
		snprintf(err, errlen, "usdt probes need uprobes; %s", why);
	else
		snprintf(err, errlen, "usdt probes are not supported yet");
	return -EOPNOTSUPP;
}

const struct provider usdt_provider = {
	.name = "usdt",
	.alias = "U",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = usdt_expand,
	.list = provider_list_none,
	.attach = provider_attach_unsupported,
};
