/* SPDX-License-Identifier: GPL-2.0 */
/* tracepoint:CATEGORY:EVENT, args from the tracefs format. */
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

struct tp_ctx {
	const struct provider *p;
	struct vec *out;
	char *err;
	size_t errlen;
	const char *pattern;
	void (*fn)(const char *name, void *arg);
	void *arg;
};

static int tp_add(const char *cat, const char *event, void *arg)
{
	struct tp_ctx *c = arg;
	const struct tracefs_event *ev = tracefs_event(cat, event);
	struct probe_inst *pi;
	char *name;

	if (!ev) {
		snprintf(c->err, c->errlen,
			 "cannot read the format of tracepoint '%s:%s': %s",
			 cat, event, util_strerror(errno));
		return -errno;
	}
	name = xasprintf("tracepoint:%s:%s", cat, event);
	pi = provider_inst(c->p, name);
	free(name);
	pi->args = ev->type;
	pi->config = ev->id;
	pi->target = xasprintf("%s:%s", cat, event);
	/* One perf event anywhere runs the program for hits on every CPU. */
	pi->cpu = perf_first_cpu();
	pi->period = 1;
	vec_push(c->out, pi);
	return 0;
}

static int tp_not_found(const char *cat, const char *event, char *err,
			size_t errlen)
{
	const char *dir = tracefs_path();

	if (!dir) {
		snprintf(err, errlen,
			 "tracepoint '%s:%s': tracefs is not available (mounting it on /sys/kernel/tracing failed: %s)",
			 cat, event, util_strerror(errno));
		return -ENOENT;
	}
	if (!tracefs_has_category(cat))
		snprintf(err, errlen,
			 "tracepoint not found: %s:%s: there is no category '%s' (no %s/events/%s)",
			 cat, event, cat, dir, cat);
	else
		snprintf(err, errlen,
			 "tracepoint not found: %s:%s (no %s/events/%s/%s)",
			 cat, event, dir, cat, event);
	return -ENOENT;
}

static int tp_expand(const struct provider *p, const char *spec,
		     struct vec *out, char *err, size_t errlen)
{
	struct tp_ctx c = { p, out, err, errlen, NULL, NULL, NULL };
	const char *rest = provider_rest(p, spec);
	char *parts[2];
	int n, ret;

	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n != 2 || !*parts[0] || !*parts[1]) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen,
			 "tracepoint probe type requires 2 arguments: tracepoint:CATEGORY:EVENT");
		return -EINVAL;
	}
	if (!strcmp(parts[0], "ftrace")) {
		snprintf(err, errlen,
			 "'ftrace:%s' is an ftrace-internal event, not a tracepoint BPF can attach to",
			 parts[1]);
		ret = -EINVAL;
	} else if (!util_has_glob(parts[0]) && !util_has_glob(parts[1])) {
		if (tracefs_event(parts[0], parts[1]))
			ret = tp_add(parts[0], parts[1], &c);
		else if (errno == ENOENT)
			ret = tp_not_found(parts[0], parts[1], err, errlen);
		else
			ret = tp_add(parts[0], parts[1], &c);
	} else {
		ret = tracefs_list(parts[0], parts[1], tp_add, &c);
		if (ret == 0) {
			snprintf(err, errlen, "no tracepoint matches '%s:%s'",
				 parts[0], parts[1]);
			ret = -ENOENT;
		} else if (ret > 0) {
			ret = 0;
		} else if (!err[0]) {
			snprintf(err, errlen, "cannot list tracepoints: %s",
				 util_strerror(-ret));
		}
	}
	provider_free_parts(parts, 2);
	return ret;
}

static int tp_list_one(const char *cat, const char *event, void *arg)
{
	struct tp_ctx *c = arg;
	char *name = xasprintf("tracepoint:%s:%s", cat, event);

	if (!c->pattern || util_glob(c->pattern, name))
		c->fn(name, c->arg);
	free(name);
	return 0;
}

static int tp_list(const struct provider *p, const char *pattern,
		   void (*fn)(const char *name, void *arg), void *arg)
{
	struct tp_ctx c = { .p = p, .fn = fn, .arg = arg };
	char *pat = provider_pattern(p, pattern);
	const char *rest = pat ? provider_rest(p, pat) : NULL;
	char *parts[2];
	int n = -EINVAL, ret;

	c.pattern = pat;
	if (rest)
		n = provider_split(rest, parts, 2);
	if (n == 2)
		ret = tracefs_list(parts[0], parts[1], tp_list_one, &c);
	else
		ret = tracefs_list("*", "*", tp_list_one, &c);
	if (n > 0)
		provider_free_parts(parts, n);
	free(pat);
	return ret < 0 ? ret : 0;
}

/* BPF_TRACE_MAX_PROGS: the programs one trace event's list holds. */
#define TP_MAX_PROGS 64

static int tp_attach(const struct probe_inst *pi, int prog_fd,
		     uint64_t cookie, struct fdset *fds,
		     char *err, size_t errlen)
{
	int ret = provider_attach_perf(pi, PERF_TYPE_TRACEPOINT, prog_fd,
				       cookie, fds, err, errlen);

	/* The list is everyone's: other tracers' programs count too. */
	if (ret == -E2BIG)
		snprintf(err, errlen,
			 "the kernel runs at most %d BPF programs on one tracepoint (BPF_TRACE_MAX_PROGS), and %s has that many already, other tracers' included",
			 TP_MAX_PROGS, pi->target);
	return ret;
}

/*
 * A tracepoint's BPF program gets the event's perf record, which the
 * kernel builds for it on every hit; a program that reads no args can
 * sit on the raw tracepoint of the same event instead.  The syscalls
 * category is made of syscall events on top of raw_syscalls, with no raw
 * tracepoints of their own.
 */
static int tracepoint_lighten(struct probe_inst *pi)
{
	const char *event = pi->target ? strchr(pi->target, ':') : NULL;

	if (!event || !strncmp(pi->target, "syscalls:", 9))
		return -ENOENT;
	return rawtracepoint_adopt(pi, event + 1);
}

const struct provider tracepoint_provider = {
	.name = "tracepoint",
	.alias = "t",
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.ctx = CTX_RECORD,
	.lighten = tracepoint_lighten,
	.event_progs_max = TP_MAX_PROGS,
	.cookie = true,
	.expand = tp_expand,
	.list = tp_list,
	.attach = tp_attach,
};
