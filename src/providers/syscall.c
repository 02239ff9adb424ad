/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's syscall provider, syscall:MODULE:FUNCTION:entry|return, on the
 * kernel's syscalls tracepoints (sys_enter_FUNC, sys_exit_FUNC).  Only D
 * programs name it (provider.dtrace).  MODULE is "vmlinux" or empty.
 *
 * An entry record holds the syscall number (an int, padded to 8 bytes)
 * after the common fields, then each argument as a u64: argN is at
 * SC_ARGS + 8 * N.  A return record holds the result there instead,
 * which D gives as both arg0 and arg1.  raw_syscalls' records have the
 * same layout, with the number as a long.
 *
 * A description naming every function (syscall:::entry) becomes one
 * instance on raw_syscalls, which stands for all of them (nsub): the
 * per-syscall events hang off raw_syscalls in the kernel, so each of
 * their hits costs raw_syscalls' dispatch plus a perf record of its own,
 * while one program there costs the dispatch alone.  The syscall number
 * tells the probes apart.  Unlike the per-syscall events, it also fires
 * for numbers this kernel leaves unimplemented (they fail with ENOSYS).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "util.h"
#include "compile/cg.h"
#include "kernel/btf.h"
#include "kernel/perf.h"
#include "kernel/tracefs.h"
#include "lang/types.h"
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

static int sc_count(const char *cat, const char *event, void *arg)
{
	return 0;
}

/* The instance for every syscall's entry or return (see the top). */
static int sc_add_all(struct sc_ctx *c)
{
	const char *event = c->entry ? "sys_enter" : "sys_exit";
	const struct tracefs_event *ev;
	struct probe_inst *pi;
	int n;

	n = tracefs_list("syscalls", c->entry ? "sys_enter_*" : "sys_exit_*",
			 sc_count, NULL);
	if (n <= 0)
		return n;
	ev = tracefs_event("raw_syscalls", event);
	if (!ev) {
		snprintf(c->err, c->errlen,
			 "cannot read the format of tracepoint 'raw_syscalls:%s': %s",
			 event, util_strerror(errno));
		return -errno;
	}
	pi = provider_inst(c->p, c->entry ? "syscall:vmlinux::entry" :
					    "syscall:vmlinux::return");
	pi->args = ev->type;
	pi->config = ev->id;
	pi->target = xasprintf("raw_syscalls:%s", event);
	pi->cpu = perf_first_cpu();
	pi->period = 1;
	pi->nsub = n;
	vec_push(c->out, pi);
	c->n += n;
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
		if (!c->fn && (!*func || !strcmp(func, "*"))) {
			ret = sc_add_all(c);
			if (ret < 0)
				return ret;
			continue;
		}
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
	return strstr(pi->target, ":sys_enter") != NULL;
}

/*
 * The arguments a probe's record holds: a syscall's entry event has its
 * parameters alone, and a program reading past its record is refused
 * when it is attached (EACCES); raw_syscalls' entry has all six.
 */
static int sc_nargs(const struct probe_inst *pi)
{
	const struct tracefs_event *ev;
	const char *event;

	if (!sc_entry(pi))
		return 2;
	if (pi->nsub)
		return SC_NARGS;
	event = strchr(pi->target, ':');
	ev = event ? tracefs_event("syscalls", event + 1) : NULL;
	if (!ev || ev->nfields < 1)
		return SC_NARGS;
	return ev->nfields - 1 < SC_NARGS ? ev->nfields - 1 : SC_NARGS;
}

static int sc_arg_offset(const struct probe_inst *pi, int n)
{
	if (n < 0 || n >= sc_nargs(pi))
		return -1;
	return sc_entry(pi) ? SC_ARGS + 8 * n : SC_ARGS;
}

/* D's arg0..arg9: those past the syscall's parameters are 0. */
static int sc_d_arg(const struct probe_inst *pi, int n, struct cg *g,
		    char *err, size_t errlen)
{
	int r, off = sc_arg_offset(pi, n);

	if (!g || off < 0)
		return provider_d_arg_zero(pi, n, g, err, errlen);
	r = ir_vreg(&g->ir);
	ir_ld(&g->ir, BPF_DW, r, g->ctx, off);
	return r;
}

static int sc_retval_offset(const struct probe_inst *pi)
{
	return sc_entry(pi) ? -1 : SC_ARGS;
}

/*
 * A parameter's C type: integers by their C names, pointers to structs
 * from BTF, other pointers as pointers to bytes (char's signed ones);
 * NULL for the rest (kernel typedefs such as umode_t).
 */
static struct type *sc_ctype(const char *ctype)
{
	const char *star = strchr(ctype, '*');
	struct type *t;
	char *base;

	if (!star)
		return type_c_int(ctype);
	t = kbtf_parse_ctype(ctype);
	if (t)
		return t;
	base = xstrndup(ctype, star - ctype);
	while (*base && base[strlen(base) - 1] == ' ')
		base[strlen(base) - 1] = 0;
	t = type_c_int(base);
	free(base);
	t = t && t->size == 1 ? t : type_int(1, false);
	for (; *star; star++)
		if (*star == '*')
			t = type_ptr(t);
	return t;
}

/*
 * A syscall's parameter types, as its entry event's format declares
 * them (after __syscall_nr); unknown for returns and for the instance of
 * every syscall, whose arguments differ by call.
 */
static struct type *sc_arg_type(const struct probe_inst *pi, int n)
{
	const struct tracefs_event *ev;
	const char *event;

	if (pi->nsub || !sc_entry(pi) || n < 0 || n >= SC_NARGS)
		return NULL;
	event = strchr(pi->target, ':');
	ev = event ? tracefs_event("syscalls", event + 1) : NULL;
	if (!ev || n + 1 >= ev->nfields)
		return NULL;
	return sc_ctype(ev->fields[n + 1].ctype);
}

/* The syscall number: raw_syscalls' long id after the common fields. */
static int sc_sub_emit(const struct probe_inst *pi, struct cg *g)
{
	int r = ir_vreg(&g->ir);

	ir_ld(&g->ir, BPF_DW, r, g->ctx, 8);
	ir_alu_imm(&g->ir, BPF_AND, r, 0xffff);
	return r;
}

/* Without arguments or probe names, raw_syscalls' raw tracepoint does. */
static int sc_lighten(struct probe_inst *pi)
{
	if (!pi->nsub)
		return -ENOENT;
	return rawtracepoint_adopt(pi, sc_entry(pi) ? "sys_enter" : "sys_exit");
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
	.ret_errno = true,
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.ctx = CTX_RECORD,
	.event_progs_max = 64,
	.cookie = true,
	.expand = sc_expand,
	.list = sc_list,
	.arg_offset = sc_arg_offset,
	.retval_offset = sc_retval_offset,
	.arg_type = sc_arg_type,
	.d_arg_emit = sc_d_arg,
	.lighten = sc_lighten,
	.sub_emit = sc_sub_emit,
	.attach = sc_attach,
};
