/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watchpoint:ADDR:LEN:MODE and asyncwatchpoint:ADDR:LEN:MODE: a hardware
 * breakpoint (PERF_TYPE_BREAKPOINT) on LEN bytes at ADDR of the -p or -c
 * process, firing on MODE accesses: r, w, x or rw.  The CPU's debug
 * registers do the watching, so the machine must offer them.
 *
 * watchpoint:FUNC+argN:LEN:MODE: the address is the one argN holds when
 * FUNC of the traced program is entered.  A uprobe on FUNC (the instance's
 * arm, see provider.h) sends it to user space, which sets the breakpoint
 * then; the plain form stops the process meanwhile (SIGSTOP from BPF,
 * SIGCONT once attached), the async one lets it run on, as in bpftrace.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elf.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/perf.h"
#include "kernel/symtab.h"
#include "providers/provider.h"

/* argN of the function form names a register: x86-64 passes six. */
#define WP_ARGS_MAX 6

static pid_t wp_pid(void)
{
	return provider_pid > 0 ? provider_pid : provider_cpid;
}

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

/* An ELF executable or shared object, as bpftrace takes a -c program. */
static bool wp_is_elf(const char *path)
{
	unsigned char h[EI_NIDENT + 2];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = read(fd, h, sizeof(h)) == (ssize_t)sizeof(h) &&
	     !memcmp(h, ELFMAG, SELFMAG) &&
	     (h[EI_NIDENT] == ET_EXEC || h[EI_NIDENT] == ET_DYN);
	close(fd);
	return ok;
}

/*
 * The traced program, as bpftrace names it in the probe: the -c
 * command's first word as given when that is an ELF file, else the
 * file $PATH finds; with -p, /proc/PID/exe.  *file gets a path the
 * uprobe provider reads as that file (a bare name in the working
 * directory gets "./").  Both xstrdup'd; 0 or -ENOENT.
 */
static int wp_program(char **shown, char **file)
{
	char path[4096], *word;
	size_t n;

	if (provider_pid > 0) {
		*shown = xasprintf("/proc/%d/exe", provider_pid);
		*file = xstrdup(*shown);
		return 0;
	}
	n = strcspn(provider_cmd, " ");
	word = xasprintf("%.*s", (int)n, provider_cmd);
	if (wp_is_elf(word)) {
		*shown = word;
		*file = strchr(word, '/') ? xstrdup(word) : xasprintf("./%s", word);
		return 0;
	}
	if (strchr(word, '/') ||
	    symtab_resolve_path(word, -1, path, sizeof(path))) {
		free(word);
		return -ENOENT;
	}
	free(word);
	*shown = xstrdup(path);
	*file = xstrdup(path);
	return 0;
}

/* The arms: uprobes on FUNC of the traced process alone. */
static int wp_arm_attach(const struct probe_inst *pi, int prog_fd,
			 uint64_t cookie, struct fdset *fds, char *err,
			 size_t errlen)
{
	int pfd = perf_open_probe("uprobe", pi->target, pi->config, false,
				  wp_pid(), 0);

	if (pfd < 0) {
		snprintf(err, errlen, "cannot create the uprobe: %s",
			 util_strerror(-pfd));
		return pfd;
	}
	return provider_attach_pfd(pfd, prog_fd, cookie, fds, err, errlen);
}

/* Not in the provider table: no spec names it. */
static const struct provider wp_arm_provider = {
	.name = "uprobe",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.arg_offset = provider_ptregs_arg,
	.attach = wp_arm_attach,
};

/*
 * "FUNC+argN": an instance per function FUNC matches in the traced
 * program, each armed by a uprobe there.  Checked in bpftrace's order
 * and words.
 */
static int wp_expand_func(const struct provider *p, const char *where,
			  long len, int mode, const char *mode_text,
			  struct vec *out, char *err, size_t errlen)
{
	const char *plus = strchr(where, '+'), *argn = plus + 1;
	char *func, *shown = NULL, *file = NULL, *spec, *end;
	struct vec ups = { 0 };
	unsigned long n;
	int i, ret;

	if (plus == where || !*argn || strchr(argn, '+')) {
		snprintf(err, errlen, "Invalid function/address argument");
		return -EINVAL;
	}
	if (strlen(argn) <= 3 || strncmp(argn, "arg", 3)) {
		snprintf(err, errlen, "Invalid function argument");
		return -EINVAL;
	}
	n = strtoul(argn + 3, &end, 10);
	if (*end || argn[3] < '0' || argn[3] > '9') {
		snprintf(err, errlen, "Invalid function argument: '%s' is not argN",
			 argn);
		return -EINVAL;
	}
	if (provider_pid <= 0 && !provider_cmd) {
		snprintf(err, errlen, "-p PID or -c CMD required for watchpoint");
		return -EINVAL;
	}
	if (n >= WP_ARGS_MAX) {
		snprintf(err, errlen, "x86_64 doesn't support arg%lu", n);
		return -EINVAL;
	}
	if (wp_program(&shown, &file)) {
		snprintf(err, errlen, "%s: cannot find the program the -c command runs",
			 p->name);
		return -ENOENT;
	}
	func = xasprintf("%.*s", (int)(plus - where), where);
	spec = xasprintf("uprobe:%s:%s", file, func);
	ret = uprobe_provider.expand(&uprobe_provider, spec, &ups, err, errlen);
	for (i = 0; i < ups.n; i++) {
		struct probe_inst *arm = ups.v[i], *pi;
		char num[24] = "", *name;

		if (ret) {
			provider_inst_free(arm);
			continue;
		}
		/* bpftrace's name: argN's number, left out for arg0. */
		if (n)
			snprintf(num, sizeof(num), ":%lu", n);
		name = xasprintf("%s:%s:%s%s:%ld:%s", p->name, shown,
				 arm->func ? arm->func : func, num, len,
				 mode_text);
		pi = provider_inst(p, name);
		free(name);
		pi->cpu = -1;
		pi->period = ((uint64_t)len << 8) | (uint64_t)mode;
		arm->prov = &wp_arm_provider;
		pi->arm = arm;
		pi->arm_arg = (int)n;
		pi->arm_stop = p == &watchpoint_provider;
		vec_push(out, pi);
	}
	vec_free(&ups);
	free(spec);
	free(func);
	free(shown);
	free(file);
	return ret;
}

static int wp_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	char *parts[3], *end;
	struct probe_inst *pi;
	uint64_t addr = 0;
	long len;
	int n, mode, ret = -EINVAL;
	bool func;

	n = rest ? provider_split(rest, parts, 3) : -EINVAL;
	if (n != 3) {
		snprintf(err, errlen, "%s probe type requires 3 arguments: %s:ADDRESS:LENGTH:MODE",
			 p->name, p->name);
		if (n > 0)
			provider_free_parts(parts, n);
		return -EINVAL;
	}
	func = strchr(parts[0], '+') != NULL;
	if (!func) {
		addr = strtoull(parts[0], &end, 0);
		if (*end || !*parts[0]) {
			snprintf(err, errlen, "%s: '%s' is neither an address nor FUNCTION+argN",
				 p->name, parts[0]);
			goto out;
		}
		if (!addr) {
			snprintf(err, errlen, "watchpoint must be attached to a non-zero address");
			goto out;
		}
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
	if (func) {
		ret = wp_expand_func(p, parts[0], len, mode, parts[2], out, err,
				     errlen);
		goto out;
	}
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
	pi->addr = addr;
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

/* A breakpoint at pi->addr, which an armed instance has by now. */
static int wp_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds, char *err,
		     size_t errlen)
{
	int pfd = wp_open(pi->addr, (int)(pi->period >> 8),
			  (int)(pi->period & 0xff), wp_pid());

	if (pfd < 0) {
		snprintf(err, errlen, "cannot set the hardware breakpoint at 0x%llx: %s",
			 (unsigned long long)pi->addr, util_strerror(-pfd));
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

/*
 * The same breakpoint, armed without stopping the process: writes made
 * before user space has set it go unseen.  bpftrace takes only the
 * FUNC+argN form; ferret takes an address too.
 */
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
