/* SPDX-License-Identifier: GPL-2.0 */
/* kprobe: and kretprobe: are recognised but not implemented yet. */
#include <errno.h>
#include <stdio.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "providers/provider.h"

static int kprobe_expand(const struct provider *p, const char *spec,
			 struct vec *out, char *err, size_t errlen)
{
	const char *why;

	if (!feat_kprobes(&why))
		snprintf(err, errlen, "%s", why);
	else
		snprintf(err, errlen, "%s probes are not supported yet",
			 p->name);
	return -EOPNOTSUPP;
}

static int kprobe_list(const struct provider *p, const char *pattern,
		       void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

static int kprobe_attach(const struct probe_inst *pi, int prog_fd,
			 uint64_t cookie, struct fdset *fds,
			 char *err, size_t errlen)
{
	snprintf(err, errlen, "%s probes are not supported yet",
		 pi->prov->name);
	return -EOPNOTSUPP;
}

const struct provider kprobe_provider = {
	.name = "kprobe",
	.alias = "k",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = kprobe_expand,
	.list = kprobe_list,
	.attach = kprobe_attach,
};

const struct provider kretprobe_provider = {
	.name = "kretprobe",
	.alias = "kr",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = kprobe_expand,
	.list = kprobe_list,
	.attach = kprobe_attach,
};
