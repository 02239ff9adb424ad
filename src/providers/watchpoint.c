/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watchpoint:ADDRESS:LENGTH:MODE (w:): a hardware breakpoint through
 * perf (PERF_TYPE_BREAKPOINT) that runs the program each time the CPU
 * reads (r), writes (w) or executes (x) the watched bytes.  With -p or
 * -c the address is one of that process; otherwise a kernel address,
 * watched on every CPU.  bpftrace's other form, FUNCTION+argN, which
 * watches an address a function receives, and asyncwatchpoint (aw:),
 * which takes only that form, are refused with a located error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/perf.h"
#include "providers/provider.h"

#define WP_PMU "/sys/bus/event_source/devices/breakpoint"

/* An instance's pi->data. */
struct wp_data {
	uint64_t addr;
	int len;
	int bp_type;		/* HW_BREAKPOINT_* mask */
};

/* What the kernel lacks, as a sentence: the breakpoint PMU. */
static bool wp_available(const char **why)
{
	if (!access(WP_PMU, F_OK))
		return true;
	if (why)
		*why = "watchpoints need hardware breakpoints, and this kernel or machine has none (no " WP_PMU ": CONFIG_HAVE_HW_BREAKPOINT or the CPU's debug registers are missing)";
	return false;
}

static int wp_pid(void)
{
	return provider_pid > 0 ? provider_pid : provider_cpid;
}

/*
 * The mode as bpftrace checks it: letters of "rwx", each once, in any
 * order; x86 cannot watch reads alone or mix execution with data.
 * HW_BREAKPOINT_* mask or -EINVAL with err set.
 */
static int wp_mode(const char *mode, char *err, size_t errlen)
{
	int bp = 0, bit;
	const char *c;

	if (!*mode) {
		snprintf(err, errlen, "watchpoint mode must be combination of (r,w,x)");
		return -EINVAL;
	}
	for (c = mode; *c; c++) {
		bit = *c == 'r' ? HW_BREAKPOINT_R : *c == 'w' ? HW_BREAKPOINT_W :
		      *c == 'x' ? HW_BREAKPOINT_X : 0;
		if (!bit) {
			snprintf(err, errlen, "watchpoint mode must be combination of (r,w,x)");
			return -EINVAL;
		}
		if (bp & bit) {
			snprintf(err, errlen, "watchpoint modes may not be duplicated");
			return -EINVAL;
		}
		bp |= bit;
	}
	if (bp == HW_BREAKPOINT_R || ((bp & HW_BREAKPOINT_X) && bp != HW_BREAKPOINT_X)) {
		snprintf(err, errlen,
			 "invalid watchpoint mode: %s (x86-64 watches w, rw or x)",
			 mode);
		return -EINVAL;
	}
	return bp;
}

static int wp_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	unsigned long long addr, len;
	struct probe_inst *pi;
	struct wp_data *d;
	char *parts[3], *end, *target;
	int n, bp, ret = -EINVAL;

	n = rest ? provider_split(rest, parts, 3) : -EINVAL;
	if (n != 3) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen, "%s probe type requires 3 arguments", p->name);
		return -EINVAL;
	}
	if (strchr(parts[0], '+')) {
		snprintf(err, errlen,
			 "%s:FUNCTION+argN (watching an address a function receives) is not supported yet",
			 p->name);
		ret = -EOPNOTSUPP;
		goto out;
	}
	if (p == &asyncwatchpoint_provider) {
		snprintf(err, errlen, "asyncwatchpoint requires a function name");
		goto out;
	}
	errno = 0;
	addr = strtoull(parts[0], &end, 0);
	if (*end || errno || !*parts[0]) {
		snprintf(err, errlen, "'%s' is not an address", parts[0]);
		goto out;
	}
	if (!addr) {
		snprintf(err, errlen, "watchpoint must be attached to a non-zero address");
		goto out;
	}
	len = strtoull(parts[1], &end, 10);
	if (*end || (len != 1 && len != 2 && len != 4 && len != 8)) {
		snprintf(err, errlen, "watchpoint length must be one of (1,2,4,8)");
		goto out;
	}
	bp = wp_mode(parts[2], err, errlen);
	if (bp < 0)
		goto out;
	/* bpftrace's name: the process's binary, the address in decimal. */
	target = wp_pid() > 0 ? xasprintf(":/proc/%d/exe", wp_pid()) : xstrdup("");
	{
		char *name = xasprintf("%s%s:%llu:%llu:%s", p->name, target,
				       addr, len, parts[2]);

		pi = provider_inst(p, name);
		free(name);
	}
	free(target);
	d = xcalloc(1, sizeof(*d));
	d->addr = addr;
	d->len = (int)len;
	d->bp_type = bp;
	pi->data = d;
	pi->cpu = -1;
	vec_push(out, pi);
	ret = 0;
out:
	provider_free_parts(parts, n);
	return ret;
}

/* bpftrace lists no watchpoints: they are addresses, not names. */
static int wp_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

static void wp_strerror(const struct probe_inst *pi, int e, char *err,
			size_t errlen)
{
	if (e == -ENOSPC)
		snprintf(err, errlen,
			 "No more HW registers left: every debug register of the CPU watches something already");
	else if (e == -ENOENT || e == -EOPNOTSUPP || e == -ENODEV)
		snprintf(err, errlen,
			 "%s: this kernel or machine has no hardware breakpoints (perf_event_open: %s)",
			 pi->name, strerror(-e));
	else if (e == -EINVAL && wp_pid() <= 0)
		snprintf(err, errlen,
			 "%s: the kernel refuses a breakpoint there (perf_event_open: %s; without -p or -c the address is a kernel one)",
			 pi->name, strerror(-e));
	else
		snprintf(err, errlen, "Error attaching probe: %s: perf_event_open: %s",
			 pi->name, strerror(-e));
}

static int wp_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds,
		     char *err, size_t errlen)
{
	int pid = wp_pid(), start = fds->n, nlink = fds->nlink, i, n, pfd, ret;
	const struct wp_data *d = pi->data;
	const int *cpus = NULL;

	n = pid > 0 ? 1 : perf_online_cpus(&cpus);
	if (n < 0) {
		snprintf(err, errlen, "cannot read the online CPUs: %s",
			 strerror(-n));
		return n;
	}
	for (i = 0; i < n; i++) {
		pfd = perf_open_breakpoint(d->addr, d->len, d->bp_type, pid,
					   pid > 0 ? -1 : cpus[i]);
		if (pfd < 0) {
			wp_strerror(pi, pfd, err, errlen);
			ret = pfd;
			goto fail;
		}
		ret = provider_attach_pfd(pfd, prog_fd, cookie, fds, err, errlen);
		if (ret)
			goto fail;
	}
	return 0;
fail:
	while (fds->nlink > nlink)
		close(fds->link[--fds->nlink]);
	while (fds->n > start)
		close(fds->fd[--fds->n]);
	return ret;
}

const struct provider watchpoint_provider = {
	.name = "watchpoint",
	.alias = "w",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.available = wp_available,
	.expand = wp_expand,
	.list = wp_list,
	.attach = wp_attach,
};

const struct provider asyncwatchpoint_provider = {
	.name = "asyncwatchpoint",
	.alias = "aw",
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.ctx = CTX_NONE,
	.cookie = true,
	.available = wp_available,
	.expand = wp_expand,
	.list = wp_list,
	.attach = wp_attach,
};
