/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fentry:[vmlinux:]FUNCTION and fexit:[vmlinux:]FUNCTION (kfunc: and
 * kretfunc: in bpftrace 0.17, whose names probe and -l print: "kfunc:
 * vmlinux:vfs_read").  Programs run from the function's BPF trampoline
 * with the arguments as a u64 array, typed from the function's prototype
 * in kernel BTF: args->NAME, and for fexit retval of the return type.
 * Each program is loaded for its one function (attach_btf_id), so
 * instances never share a program.  Only vmlinux functions: modules'
 * functions live in split BTF objects of their own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "util.h"
#include "kernel/btf.h"
#include "kernel/features.h"
#include "kernel/ksyms.h"
#include "lang/types.h"
#include "providers/provider.h"

/*
 * Argument slots an x86-64 trampoline saves on the kernels this runs on
 * (Linux 6.1 refuses more); a struct passed by value takes one per 8
 * bytes, and no more than two.
 */
#define KFUNC_MAX_SLOTS 6
#define KFUNC_MAX_STRUCT 16
/*
 * Functions the verifier refuses to attach tracing programs to, because
 * the trampoline itself calls them (kernel/bpf/verifier.c, btf_id_deny).
 */
static const char *const kfunc_denied[] = {
	"migrate_disable", "migrate_enable", "rcu_read_unlock_strict",
	"preempt_count_add", "preempt_count_sub", "__rcu_read_lock",
	"__rcu_read_unlock",
};

struct kfunc {
	const char *name;
	int id;			/* BTF_KIND_FUNC */
};

static struct kfunc *kfuncs;
static int nkfuncs = -1;

static int kfunc_cmp(const void *a, const void *b)
{
	const struct kfunc *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->id - y->id;
}

/* Every function of vmlinux BTF, sorted by name, one id per name. */
static int kfunc_load(void)
{
	const struct btf_type *t;
	struct btf *btf;
	int i, n, cap = 0;

	if (nkfuncs >= 0)
		return 0;
	btf = kbtf_vmlinux();
	if (!btf)
		return errno ? -errno : -ENOENT;
	nkfuncs = 0;
	n = btf__type_cnt(btf);
	for (i = 1; i < n; i++) {
		t = btf__type_by_id(btf, i);
		if (!btf_is_func(t))
			continue;
		if (nkfuncs == cap) {
			cap = cap ? 2 * cap : 16384;
			kfuncs = xrealloc(kfuncs, cap * sizeof(*kfuncs));
		}
		kfuncs[nkfuncs].name = btf__name_by_offset(btf, t->name_off);
		kfuncs[nkfuncs++].id = i;
	}
	qsort(kfuncs, nkfuncs, sizeof(*kfuncs), kfunc_cmp);
	for (i = n = 0; i < nkfuncs; i++)
		if (!n || strcmp(kfuncs[n - 1].name, kfuncs[i].name))
			kfuncs[n++] = kfuncs[i];
	nkfuncs = n;
	return 0;
}

/* u64 slots an argument of BTF type id takes: one per 8 bytes. */
static int kfunc_slots(const struct btf *btf, int id)
{
	long size = btf__resolve_size(btf, id);

	return size > 8 ? 2 : 1;
}

/* The type under typedefs and qualifiers. */
static const struct btf_type *kfunc_resolve(const struct btf *btf, int *id)
{
	const struct btf_type *t = btf__type_by_id(btf, *id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
		*id = t->type;
		t = btf__type_by_id(btf, *id);
	}
	return t;
}

/*
 * Whether a trampoline can serve the function with BTF id: 0, or -errno
 * with why (a static string) saying what stands in the way.
 */
static int kfunc_check(int id, bool fexit, const char **why)
{
	const struct btf *btf = kbtf_vmlinux();
	const struct btf_type *fn = btf__type_by_id(btf, id), *proto, *t;
	const struct btf_param *par;
	int i, n, tid, slots = 0;

	proto = fn ? btf__type_by_id(btf, fn->type) : NULL;
	if (!proto || !btf_is_func_proto(proto)) {
		*why = "its BTF has no prototype";
		return -EINVAL;
	}
	for (i = 0; i < (int)ARRAY_SIZE(kfunc_denied); i++) {
		if (!strcmp(btf__name_by_offset(btf, fn->name_off),
			    kfunc_denied[i])) {
			*why = "the kernel refuses tracing programs on it (BPF trampolines call it)";
			return -EPERM;
		}
	}
	n = btf_vlen(proto);
	par = btf_params(proto);
	for (i = 0; i < n; i++) {
		if (!par[i].type) {
			*why = "it takes variable arguments";
			return -EOPNOTSUPP;
		}
		tid = par[i].type;
		t = kfunc_resolve(btf, &tid);
		if (t && (btf_is_struct(t) || btf_is_union(t)) &&
		    t->size > KFUNC_MAX_STRUCT) {
			*why = "it takes a struct of more than 16 bytes by value";
			return -EOPNOTSUPP;
		}
		slots += kfunc_slots(btf, tid);
	}
	if (slots > KFUNC_MAX_SLOTS) {
		*why = "it has more arguments than a trampoline passes (6 slots of 8 bytes)";
		return -EOPNOTSUPP;
	}
	if (!fexit || !proto->type)
		return 0;
	tid = proto->type;
	t = kfunc_resolve(btf, &tid);
	if (!t || !(btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t)) ||
	    btf__resolve_size(btf, tid) > 8) {
		*why = "its return type is not an integer or a pointer";
		return -EOPNOTSUPP;
	}
	return 0;
}

/* What a function's prototype gives a program: its arguments and return. */
struct kfunc_proto {
	struct type *args;	/* TY_STRUCT, a field per argument */
	int slots;		/* u64 slots the arguments take */
	struct type *ret;	/* fexit: the return type, NULL for void */
};

/*
 * Types the arguments and return of a function kfunc_check() accepted.
 * Arguments wider than 8 bytes (structs by value) take two slots and
 * cannot be read.
 */
static void kfunc_proto(int id, bool fexit, struct kfunc_proto *kp)
{
	const struct btf *btf = kbtf_vmlinux();
	const struct btf_type *fn = btf__type_by_id(btf, id);
	const struct btf_type *proto = btf__type_by_id(btf, fn->type), *t;
	const struct btf_param *par = btf_params(proto);
	struct type *st = type_new();
	const char *name;
	struct field *f;
	int i, n = btf_vlen(proto), tid;

	st->kind = TY_STRUCT;
	st->name = xasprintf("kfunc_%s_args",
			     btf__name_by_offset(btf, fn->name_off));
	st->fields = xcalloc(n + 1, sizeof(*st->fields));
	kp->slots = 0;
	for (i = 0; i < n; i++) {
		tid = par[i].type;
		t = kfunc_resolve(btf, &tid);
		name = btf__name_by_offset(btf, par[i].name_off);
		f = &st->fields[st->nfields++];
		f->name = xstrdup(name ? name : "");
		f->offset = 8 * kp->slots;
		if (t && (btf_is_struct(t) || btf_is_union(t)))
			f->type = type_simple(TY_NONE);
		else
			f->type = kbtf_type(tid);
		kp->slots += kfunc_slots(btf, tid);
		f->size = f->type->size;
	}
	st->size = 8 * kp->slots;
	kp->args = st;
	kp->ret = fexit && proto->type ? kbtf_type(proto->type) : NULL;
}

static bool kfunc_is_fexit(const struct provider *p)
{
	return p->attach_type == BPF_TRACE_FEXIT;
}

/* "kfunc" or "kretfunc": bpftrace 0.17's names. */
static const char *kfunc_label(const struct provider *p)
{
	return kfunc_is_fexit(p) ? "kretfunc" : "kfunc";
}

static void kfunc_add(const struct provider *p, const struct kfunc *k,
		      struct vec *out)
{
	char *name = xasprintf("%s:vmlinux:%s", kfunc_label(p), k->name);
	struct probe_inst *pi = provider_inst(p, name);
	struct kfunc_proto kp;

	free(name);
	kfunc_proto(k->id, kfunc_is_fexit(p), &kp);
	pi->func = xstrdup(k->name);
	pi->target = xstrdup(k->name);
	pi->btf_id = k->id;
	pi->args = kp.args;
	pi->nargs = kp.slots;
	pi->ret = kp.ret;
	vec_push(out, pi);
}

/*
 * Functions ftrace can attach to: with the list unreadable (lockdown),
 * every BTF function is taken and the kernel judges at attach time.
 */
static bool kfunc_traceable(const char *name)
{
	const struct ksyms_func *tf;
	int n = ksyms_traceable(&tf);

	return n < 0 || ksyms_has(tf, n, name);
}

/* Parses "[MODULE:]FUNCTION"; 0 or -EINVAL with err set. */
static int kfunc_parse(const struct provider *p, const char *spec,
		       char **parts, int *nparts, const char **module,
		       const char **func, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	int n = rest ? provider_split(rest, parts, 2) : -EINVAL;

	*nparts = n > 0 ? n : 0;
	if (n < 1 || !*parts[n - 1] || (n == 2 && !*parts[0])) {
		snprintf(err, errlen, "expected %s:FUNCTION or %s:vmlinux:FUNCTION",
			 p->name, p->name);
		return -EINVAL;
	}
	*module = n == 2 ? parts[0] : "vmlinux";
	*func = parts[n - 1];
	return 0;
}

static int kfunc_expand(const struct provider *p, const char *spec,
			struct vec *out, char *err, size_t errlen)
{
	const char *module, *func, *why;
	const struct kfunc *k;
	struct kfunc one;
	struct btf *btf;
	char *parts[2];
	int i, n, ret, before = out->n;

	ret = kfunc_parse(p, spec, parts, &n, &module, &func, err, errlen);
	if (ret)
		goto out;
	if (!util_glob(module, "vmlinux")) {
		snprintf(err, errlen,
			 "%s probes on module functions ('%s') are not supported; only vmlinux functions",
			 p->name, module);
		ret = -EOPNOTSUPP;
		goto out;
	}
	btf = kbtf_vmlinux();
	if (!btf) {
		snprintf(err, errlen, "%s probes need kernel BTF: %s", p->name,
			 util_strerror(errno));
		ret = -ENOENT;
		goto out;
	}
	/*
	 * One function needs no list: whether ftrace can patch it is the
	 * kernel's to say when attaching.
	 */
	if (!util_has_glob(func)) {
		one.name = func;
		one.id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
		if (one.id < 0) {
			snprintf(err, errlen,
				 "kernel function '%s' not found in the kernel's BTF",
				 func);
			ret = -ENOENT;
		} else if (kfunc_check(one.id, kfunc_is_fexit(p), &why)) {
			snprintf(err, errlen, "%s cannot trace %s: %s", p->name,
				 func, why);
			ret = -EOPNOTSUPP;
		} else {
			kfunc_add(p, &one, out);
		}
		goto out;
	}
	ret = kfunc_load();
	if (ret) {
		snprintf(err, errlen, "%s probes need kernel BTF: %s", p->name,
			 util_strerror(-ret));
		goto out;
	}
	for (i = 0; i < nkfuncs; i++) {
		k = &kfuncs[i];
		if (util_glob(func, k->name) && kfunc_traceable(k->name) &&
		    !kfunc_check(k->id, kfunc_is_fexit(p), &why))
			kfunc_add(p, k, out);
	}
	if (out->n == before) {
		snprintf(err, errlen, "no traceable kernel function matches '%s'",
			 func);
		ret = -ENOENT;
	}
out:
	provider_free_parts(parts, n);
	return ret;
}

/* fexit: the return value follows the argument slots. */
static int kfunc_retval_offset(const struct probe_inst *pi)
{
	return pi->ret ? 8 * pi->nargs : -1;
}

/*
 * Lists what expand would accept.  fexit probes are listed only for a
 * pattern that names them: they are the fentry functions again.
 */
static int kfunc_list(const struct provider *p, const char *pattern,
		      void (*fn)(const char *name, void *arg), void *arg)
{
	const char *module = "*", *func = "*", *why;
	char *parts[2], err[128], *name;
	int i, n = 0, ret;
	bool whole;

	whole = !pattern || !provider_rest(p, pattern);
	if (whole && kfunc_is_fexit(p))
		return 0;
	if (!whole && kfunc_parse(p, pattern, parts, &n, &module, &func, err,
				  sizeof(err)))
		goto out;
	if (!util_glob(module, "vmlinux"))
		goto out;
	ret = kfunc_load();
	if (ret) {
		provider_free_parts(parts, n);
		return ret;
	}
	for (i = 0; i < nkfuncs; i++) {
		const struct kfunc *k = &kfuncs[i];

		if (!util_glob(func, k->name) || !kfunc_traceable(k->name))
			continue;
		name = xasprintf("%s:vmlinux:%s", kfunc_label(p), k->name);
		if ((!whole || !pattern || util_glob(pattern, name)) &&
		    !kfunc_check(k->id, kfunc_is_fexit(p), &why))
			fn(name, arg);
		free(name);
	}
out:
	provider_free_parts(parts, n);
	return 0;
}

static int kfunc_attach(const struct probe_inst *pi, int prog_fd,
			uint64_t cookie, struct fdset *fds,
			char *err, size_t errlen)
{
	int fd = bpf_raw_tracepoint_open(NULL, prog_fd);

	if (fd < 0) {
		fd = -errno;
		if (fd == -UTIL_ENOTSUPP)
			snprintf(err, errlen,
				 "the kernel cannot build a BPF trampoline for %s",
				 pi->target);
		else if (fd == -EBUSY)
			snprintf(err, errlen,
				 "the kernel cannot patch %s: it is not traceable (notrace, or not in available_filter_functions)",
				 pi->target);
		else
			snprintf(err, errlen, "cannot attach to %s: %s",
				 pi->target, util_strerror(-fd));
		return fd;
	}
	fdset_add_link(fds, fd);
	return 0;
}

const struct provider fentry_provider = {
	.can_d_path = true,
	.can_skb_output = true,
	.name = "fentry",
	.alias = "f",
	.alias2 = "kfunc",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FENTRY,
	.ctx = CTX_U64_ARRAY,
	.available = feat_fentry,
	.expand = kfunc_expand,
	.list = kfunc_list,
	.attach = kfunc_attach,
};

const struct provider fexit_provider = {
	.can_d_path = true,
	.can_skb_output = true,
	.name = "fexit",
	.alias = "fr",
	.alias2 = "kretfunc",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FEXIT,
	.ctx = CTX_U64_ARRAY,
	.available = feat_fentry,
	.retval_offset = kfunc_retval_offset,
	.expand = kfunc_expand,
	.list = kfunc_list,
	.attach = kfunc_attach,
};
