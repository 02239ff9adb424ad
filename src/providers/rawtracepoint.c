/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rawtracepoint:EVENT: the tracepoint's own arguments as u64 arg0..argN.
 * Kernel BTF names every tracepoint (typedef btf_trace_EVENT, a pointer
 * to a prototype whose first parameter is the probe's private data).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "util.h"
#include "kernel/features.h"
#include "kernel/tracefs.h"
#include "kernel/btf.h"
#include "lang/types.h"
#include "providers/provider.h"

#define RTP_BTF_PREFIX "btf_trace_"

struct rtp_event {
	char *name;
	int nargs;		/* -1: unknown (no BTF) */
};

static struct rtp_event *rtp_events;
static int rtp_nevents = -1;
static bool rtp_from_btf;

static int rtp_cmp(const void *a, const void *b)
{
	return strcmp(((const struct rtp_event *)a)->name,
		      ((const struct rtp_event *)b)->name);
}

static void rtp_push(struct vec *v, const char *name, int nargs)
{
	struct rtp_event *e = xmalloc(sizeof(*e));

	e->name = xstrdup(name);
	e->nargs = nargs;
	vec_push(v, e);
}

static int rtp_nargs(const struct btf *btf, const struct btf_type *t)
{
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_ptr(t))
		return -1;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) < 1)
		return -1;
	return btf_vlen(t) - 1;
}

static int rtp_from_tracefs(const char *cat, const char *event, void *arg)
{
	/* Events made by the syscall tracer ride on sys_enter/sys_exit. */
	if (strcmp(cat, "syscalls"))
		rtp_push(arg, event, -1);
	return 0;
}

/* Every raw tracepoint name, sorted and unique, read once. */
static int rtp_load(void)
{
	struct vec v = { 0 };
	struct btf *btf;
	const struct btf_type *t;
	const char *name;
	int i, n, ret;

	if (rtp_nevents >= 0)
		return 0;
	btf = kbtf_vmlinux();
	if (btf) {
		n = btf__type_cnt(btf);
		for (i = 1; i < n; i++) {
			t = btf__type_by_id(btf, i);
			if (!btf_is_typedef(t))
				continue;
			name = btf__name_by_offset(btf, t->name_off);
			if (name && !strncmp(name, RTP_BTF_PREFIX,
					     strlen(RTP_BTF_PREFIX)))
				rtp_push(&v, name + strlen(RTP_BTF_PREFIX),
					 rtp_nargs(btf, t));
		}
		rtp_from_btf = true;
	} else {
		ret = tracefs_list("*", "*", rtp_from_tracefs, &v);
		if (ret < 0) {
			vec_free(&v);
			return ret;
		}
	}
	rtp_events = xcalloc(v.n, sizeof(*rtp_events));
	for (i = 0; i < v.n; i++) {
		rtp_events[i] = *(struct rtp_event *)v.v[i];
		free(v.v[i]);
	}
	qsort(rtp_events, v.n, sizeof(*rtp_events), rtp_cmp);
	for (i = n = 0; i < v.n; i++) {
		if (n && !strcmp(rtp_events[n - 1].name, rtp_events[i].name))
			free(rtp_events[i].name);
		else
			rtp_events[n++] = rtp_events[i];
	}
	rtp_nevents = n;
	vec_free(&v);
	return 0;
}

/*
 * An event named exactly, found by its BTF typedef alone: listing every
 * raw tracepoint (rtp_load()) costs a pass over all of kernel BTF, a copy
 * of each name and a sort.  false when there is no BTF, or no such
 * typedef (a tracefs event, or no event: rtp_load() tells).
 */
static bool rtp_exact(const char *event, struct rtp_event *e)
{
	struct btf *btf = kbtf_vmlinux();
	char *tname;
	int id;

	if (!btf)
		return false;
	tname = xasprintf(RTP_BTF_PREFIX "%s", event);
	id = btf__find_by_name_kind(btf, tname, BTF_KIND_TYPEDEF);
	free(tname);
	if (id <= 0)
		return false;
	e->name = (char *)event;
	e->nargs = rtp_nargs(btf, btf__type_by_id(btf, id));
	return true;
}

static const struct rtp_event *rtp_find(const char *name)
{
	struct rtp_event key = { .name = (char *)name };

	return bsearch(&key, rtp_events, rtp_nevents, sizeof(*rtp_events),
		       rtp_cmp);
}

static void rtp_add(const struct provider *p, const struct rtp_event *e,
		    struct vec *out)
{
	char *name = xasprintf("rawtracepoint:%s", e->name);
	struct probe_inst *pi = provider_inst(p, name);

	free(name);
	pi->target = xstrdup(e->name);
	pi->nargs = e->nargs;
	vec_push(out, pi);
}

static int rtp_expand(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	const struct rtp_event *e;
	char *parts[2];
	const char *event;
	int n, i, ret = 0, found = 0;

	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n < 1 || !*parts[n - 1]) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen,
			 "raw tracepoint probes need an event: rawtracepoint:EVENT");
		return -EINVAL;
	}
	if (n == 2 && !util_glob(parts[0], "vmlinux")) {
		snprintf(err, errlen,
			 "raw tracepoints of module '%s' are not supported yet; only vmlinux",
			 parts[0]);
		ret = -EOPNOTSUPP;
		goto out;
	}
	event = parts[n - 1];
	if (!util_has_glob(event)) {
		struct rtp_event ex;

		if (rtp_exact(event, &ex)) {
			rtp_add(p, &ex, out);
			goto out;
		}
	}
	ret = rtp_load();
	if (ret) {
		snprintf(err, errlen, "cannot list raw tracepoints: %s",
			 strerror(-ret));
		goto out;
	}
	if (!util_has_glob(event)) {
		e = rtp_find(event);
		if (!e) {
			snprintf(err, errlen, rtp_from_btf ?
				 "raw tracepoint '%s' not found (no btf_trace_%s in kernel BTF)" :
				 "raw tracepoint '%s' not found (no tracefs event of that name)",
				 event, event);
			ret = -ENOENT;
			goto out;
		}
		rtp_add(p, e, out);
		goto out;
	}
	for (i = 0; i < rtp_nevents; i++) {
		if (util_glob(event, rtp_events[i].name)) {
			rtp_add(p, &rtp_events[i], out);
			found++;
		}
	}
	if (!found) {
		snprintf(err, errlen, "no raw tracepoint matches '%s'", event);
		ret = -ENOENT;
	}
out:
	provider_free_parts(parts, n);
	return ret;
}

static int rtp_list(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg)
{
	char *pat = provider_pattern(p, pattern);
	char *name;
	int i, ret;

	ret = rtp_load();
	for (i = 0; !ret && i < rtp_nevents; i++) {
		name = xasprintf("rawtracepoint:%s", rtp_events[i].name);
		if (!pat || util_glob(pat, name))
			fn(name, arg);
		free(name);
	}
	free(pat);
	return ret;
}

/*
 * union bpf_attr's raw_tracepoint member as Linux 6.10 extended it with
 * the cookie; older UAPI headers (Debian 12 ships 6.1) lack the field.
 */
struct rtp_open_attr {
	uint64_t name;
	uint32_t prog_fd;
	uint32_t pad;
	uint64_t cookie;
};

static int rtp_attach(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds,
		      char *err, size_t errlen)
{
	struct rtp_open_attr attr;
	int fd;

	if (cookie && provider_has_cookie(pi->prov)) {
		memset(&attr, 0, sizeof(attr));
		attr.name = (uintptr_t)pi->target;
		attr.prog_fd = prog_fd;
		attr.cookie = cookie;
		fd = syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr,
			     sizeof(attr));
	} else {
		fd = bpf_raw_tracepoint_open(pi->target, prog_fd);
	}
	if (fd < 0) {
		fd = -errno;
		snprintf(err, errlen, "%s: cannot attach: %s", pi->name,
			 strerror(-fd));
		return fd;
	}
	fdset_add_fast(fds, fd, true);
	return 0;
}

int rawtracepoint_adopt(struct probe_inst *pi, const char *event)
{
	const struct rtp_event *e;

	if (rtp_load())
		return -ENOENT;
	e = rtp_find(event);
	if (!e)
		return -ENOENT;
	pi->prov = &rawtracepoint_provider;
	free(pi->target);
	pi->target = xstrdup(e->name);
	pi->nargs = e->nargs;
	return 0;
}

/* A raw tracepoint's context is the u64 array of its arguments. */
static int rawtp_arg_offset(const struct probe_inst *pi, int n)
{
	if (n < 0 || (pi->nargs >= 0 && n >= pi->nargs))
		return -1;
	return 8 * n;
}

/*
 * argN's type as the tracepoint's prototype in kernel BTF declares it
 * (parameter N + 1: the first is the probe's private data), for D's
 * args[]; NULL without BTF or past the last.
 */
static struct type *rawtp_arg_type(const struct probe_inst *pi, int n)
{
	struct btf *btf = kbtf_vmlinux();
	const struct btf_type *t;
	char *tname;
	int id;

	if (!btf || n < 0 || (pi->nargs >= 0 && n >= pi->nargs))
		return NULL;
	tname = xasprintf(RTP_BTF_PREFIX "%s", pi->target);
	id = btf__find_by_name_kind(btf, tname, BTF_KIND_TYPEDEF);
	free(tname);
	t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	t = t ? btf__type_by_id(btf, t->type) : NULL;
	t = t && btf_is_ptr(t) ? btf__type_by_id(btf, t->type) : NULL;
	if (!t || !btf_is_func_proto(t) || n + 1 >= btf_vlen(t))
		return NULL;
	return kbtf_type(btf_params(t)[n + 1].type);
}

const struct provider rawtracepoint_provider = {
	.name = "rawtracepoint",
	.alias = "rt",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_U64_ARRAY,
	.arg_offset = rawtp_arg_offset,
	.arg_type = rawtp_arg_type,
	.cookie = true,
	.expand = rtp_expand,
	.list = rtp_list,
	.attach = rtp_attach,
};
