/* SPDX-License-Identifier: GPL-2.0 */
/* uprobe: and uretprobe: are recognised and refused with a sentence
 * naming what the kernel lacks, or that ferret lacks them yet. */
#include <errno.h>
#include <stdio.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "providers/provider.h"

static int uprobe_expand(const struct provider *p, const char *spec,
			 struct vec *out, char *err, size_t errlen)
{
	const char *why;

	if (!feat_uprobes(&why))
		snprintf(err, errlen, "%s", why);
	else
		snprintf(err, errlen, "%s probes are not supported yet",
			 p->name);
	return -EOPNOTSUPP;
}

const struct provider uprobe_provider = {
	.name = "uprobe",
	.alias = "u",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = uprobe_expand,
	.list = provider_list_none,
	.attach = provider_attach_unsupported,
};

const struct provider uretprobe_provider = {
	.name = "uretprobe",
	.alias = "ur",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = uprobe_expand,
	.list = provider_list_none,
	.attach = provider_attach_unsupported,
};
