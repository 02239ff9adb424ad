/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's syscall provider, syscall:MODULE:FUNCTION:entry|return, on the
 * kernel's syscalls tracepoints (sys_enter_FUNC, sys_exit_FUNC).  Only D
 * programs name it (provider.dtrace).  MODULE is "vmlinux" or empty.
 *
 * An entry record holds the syscall number (an int, padded to 8 bytes)
 * after the common fields, then each argument as a u64: argN is at
 * SC_ARGS + 8 * N.  A return record holds the result there instead,
 * which D gives as both arg0 and arg1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "kernel/perf.h"
#include "kernel/tracefs.h"
#include "providers/provider.h"

#define SC_ARGS 16
#define SC_NARGS 6

struct sc_ctx {
	const struct provider *p;
	struct vec *out;
	char *err;
	size_t errlen;
	bool entry;
	const char *name_glob;
	void (*fn)(const char *name, void *arg);
	void *arg;
	int n;
};

static const char *const sc_names[] = { "entry", "return" };

static char *sc_inst_name(const char *func, bool entry)
{
	return xasprintf("syscall:vmlinux:%s:%s", func, entry ? "entry" : "return");
}

static int sc_add(const char *cat, const char *event, void *arg)
{
	struct sc_ctx *c = arg;
	const char *func = event + (c->entry ? 10 : 9);
	const struct tracefs_event *ev;
	struct probe_inst *pi;
	char *name;

	c->n++;
	name = sc_inst_name(func, c->entry);
	if (c->fn) {
		c->fn(name, c->arg);
		free(name);
		return 0;
	}
	ev = tracefs_event(cat, event);
	if (!ev) {
		snprintf(c->err, c->errlen,
			 "cannot read the format of tracepoint '%s:%s': %s",
			 cat, event, util_strerror(errno));
		free(name);
		return -errno;
	}
	pi = provider_inst(c->p, name);
	free(name);
	pi->args = ev->type;
	pi->config = ev->id;
	pi->target = xasprintf("%s:%s", cat, event);
	pi->func = xstrdup(func);
	pi->cpu = perf_first_cpu();
	pi->period = 1;
	vec_push(c->out, pi);
	return 0;
}

/* Walks the syscalls matching module, func and name globs with c. */
static int sc_walk(struct sc_ctx *c, const char *mod, const char *func,
		   const char *name)
{
	size_t i;
	int ret;

	if (*mod && !util_glob(mod, "vmlinux"))
		return 0;
	for (i = 0; i < ARRAY_SIZE(sc_names); i++) {
		char *glob;

		if (*name && !util_glob(name, sc_names[i]))
			continue;
		c->entry = i == 0;
		glob = xasprintf("%s%s", c->entry ? "sys_enter_" : "sys_exit_",
				 *func ? func : "*");
		ret = tracefs_list("syscalls", glob, sc_add, c);
		free(glob);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int sc_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	struct sc_ctx c = { .p = p, .out = out, .err = err, .errlen = errlen };
	const char *rest = provider_rest(p, spec);
	char *parts[3];
	int n, ret;

	n = rest ? provider_split(rest, parts, 3) : -EINVAL;
	if (n != 3) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen,
			 "syscall probes are named syscall:MODULE:FUNCTION:NAME");
		return -EINVAL;
	}
	ret = sc_walk(&c, parts[0], parts[1], parts[2]);
	if (ret < 0 && !err[0])
		snprintf(err, errlen, "cannot list the syscalls tracepoints: %s",
			 util_strerror(-ret));
	else if (ret == 0 && !c.n) {
		snprintf(err, errlen, "no syscall probe matches '%s'", spec);
		ret = -ENOENT;
	}
	provider_free_parts(parts, 3);
	return ret < 0 ? ret : 0;
}

static int sc_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	struct sc_ctx c = { .p = p, .fn = fn, .arg = arg };
	const char *rest = pattern ? provider_rest(p, pattern) : NULL;
	char *parts[3];
	int n = rest ? provider_split(rest, parts, 3) : -EINVAL, ret;

	if (n == 3)
		ret = sc_walk(&c, parts[0], parts[1], parts[2]);
	else
		ret = sc_walk(&c, "", "", "");
	if (n > 0)
		provider_free_parts(parts, n);
	return ret < 0 ? ret : 0;
}

static bool sc_entry(const struct probe_inst *pi)
{
	return !strncmp(pi->target, "syscalls:sys_enter_", 19);
}

static int sc_arg_offset(const struct probe_inst *pi, int n)
{
	if (!sc_entry(pi))
		return n < 2 ? SC_ARGS : -1;
	return n < SC_NARGS ? SC_ARGS + 8 * n : -1;
}

static int sc_retval_offset(const struct probe_inst *pi)
{
	return sc_entry(pi) ? -1 : SC_ARGS;
}

static int sc_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds, char *err,
		     size_t errlen)
{
	return provider_attach_perf(pi, PERF_TYPE_TRACEPOINT, prog_fd, cookie,
				    fds, err, errlen);
}

const struct provider syscall_provider = {
	.name = "syscall",
	.dtrace = true,
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.ctx = CTX_RECORD,
	.event_progs_max = 64,
	.cookie = true,
	.expand = sc_expand,
	.list = sc_list,
	.arg_offset = sc_arg_offset,
	.retval_offset = sc_retval_offset,
	.attach = sc_attach,
};
