/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watchpoint:ADDR:LEN:MODE and asyncwatchpoint:ADDR:LEN:MODE: a hardware
 * breakpoint (PERF_TYPE_BREAKPOINT) on LEN bytes at ADDR of the -p or -c
 * process, firing on MODE accesses: r, w, x or rw.  The CPU's debug
 * registers do the watching, so the machine must offer them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "util.h"
#include "providers/provider.h"

static int wp_open(uint64_t addr, int len, int type, pid_t pid)
{
	struct perf_event_attr attr = { 0 };
	int fd;

	attr.type = PERF_TYPE_BREAKPOINT;
	attr.size = sizeof(attr);
	attr.bp_type = type;
	attr.bp_addr = addr;
	attr.bp_len = len;
	attr.sample_period = 1;
	attr.precise_ip = 2;
	fd = syscall(SYS_perf_event_open, &attr, pid, pid > 0 ? -1 : 0, -1,
		     PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* Whether this machine has hardware breakpoints, tried on ourselves. */
static bool wp_available(const char **why)
{
	static char msg[160];
	static int state;	/* 0 unknown, 1 yes, -1 no */
	static long probe_word;
	int fd;

	if (!state) {
		fd = wp_open((uint64_t)(uintptr_t)&probe_word, HW_BREAKPOINT_LEN_8,
			     HW_BREAKPOINT_W, 0);
		if (fd >= 0) {
			close(fd);
			state = 1;
		} else {
			snprintf(msg, sizeof(msg),
				 "watchpoints need hardware breakpoints, and this machine has none (perf_event_open of PERF_TYPE_BREAKPOINT: %s)",
				 util_strerror(-fd));
			state = -1;
		}
	}
	if (state < 0 && why)
		*why = msg;
	return state > 0;
}

/*
 * MODE checked as bpftrace checks it, in its words: letters of "rwx",
 * each once; x86-64 cannot watch reads alone or mix execution with data
 * (r, rx, wx and rwx are refused).  HW_BREAKPOINT_* mask, or -EINVAL
 * with err set.
 */
static int wp_mode(const char *s, char *err, size_t errlen)
{
	const char *c;
	int t = 0, bit;

	for (c = s; *c; c++) {
		bit = *c == 'r' ? HW_BREAKPOINT_R : *c == 'w' ? HW_BREAKPOINT_W :
		      *c == 'x' ? HW_BREAKPOINT_X : 0;
		if (!bit) {
			snprintf(err, errlen, "watchpoint mode must be combination of (r,w,x)");
			return -EINVAL;
		}
		if (t & bit) {
			snprintf(err, errlen, "watchpoint modes may not be duplicated");
			return -EINVAL;
		}
		t |= bit;
	}
	if (!t) {
		snprintf(err, errlen, "watchpoint mode must be combination of (r,w,x)");
		return -EINVAL;
	}
	if (t == HW_BREAKPOINT_R || ((t & HW_BREAKPOINT_X) && t != HW_BREAKPOINT_X)) {
		snprintf(err, errlen,
			 "invalid watchpoint mode: %s (x86-64 watches w, rw or x)", s);
		return -EINVAL;
	}
	return t;
}

static int wp_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	char *parts[3], *end;
	struct probe_inst *pi;
	uint64_t addr;
	long len;
	int n, mode, ret = -EINVAL;

	n = rest ? provider_split(rest, parts, 3) : -EINVAL;
	if (n != 3) {
		snprintf(err, errlen, "%s probe type requires 3 arguments: %s:ADDRESS:LENGTH:MODE",
			 p->name, p->name);
		if (n > 0)
			provider_free_parts(parts, n);
		return -EINVAL;
	}
	addr = strtoull(parts[0], &end, 0);
	if (*end || !*parts[0]) {
		snprintf(err, errlen, "%s: '%s' is not an address (the function+arg form is not supported)",
			 p->name, parts[0]);
		goto out;
	}
	len = strtol(parts[1], &end, 10);
	if (*end || (len != 1 && len != 2 && len != 4 && len != 8)) {
		snprintf(err, errlen, "watchpoint length must be one of (1,2,4,8), not '%s'",
			 parts[1]);
		goto out;
	}
	mode = wp_mode(parts[2], err, errlen);
	if (mode < 0)
		goto out;
	if (provider_pid <= 0 && provider_cpid <= 0) {
		snprintf(err, errlen, "%s needs a process: -p PID or -c COMMAND",
			 p->name);
		goto out;
	}
	pi = xcalloc(1, sizeof(*pi));
	pi->prov = p;
	pi->when = WHEN_EVENT;
	pi->cpu = -1;
	pi->name = xasprintf("%s:0x%llx:%ld:%s", p->name,
			     (unsigned long long)addr, len, parts[2]);
	pi->target = xasprintf("0x%llx", (unsigned long long)addr);
	pi->config = addr;
	pi->period = ((uint64_t)len << 8) | (uint64_t)mode;
	vec_push(out, pi);
	ret = 0;
out:
	provider_free_parts(parts, n);
	return ret;
}

/* Watchpoints are made by address, not found: there is nothing to list. */
static int wp_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

static int wp_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds, char *err,
		     size_t errlen)
{
	pid_t pid = provider_pid > 0 ? provider_pid : provider_cpid;
	int pfd = wp_open(pi->config, (int)(pi->period >> 8),
			  (int)(pi->period & 0xff), pid);

	if (pfd < 0) {
		snprintf(err, errlen, "cannot set the hardware breakpoint: %s",
			 util_strerror(-pfd));
		return pfd;
	}
	return provider_attach_pfd(pfd, prog_fd, cookie, fds, err, errlen);
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

/* The same breakpoint; bpftrace reports it without stopping the process. */
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
