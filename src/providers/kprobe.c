/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobe:[MODULE:]FUNCTION[+OFFSET] and kretprobe:[MODULE:]FUNCTION.
 * FUNCTION may be a wildcard over the functions ftrace lists as
 * traceable that kallsyms also names and kprobes do not refuse.  Probes
 * go through perf's kprobe PMU: each exists exactly as long as its fd, so
 * nothing outlives ferret in tracefs.  The context is struct pt_regs:
 * arg0..arg5 and retval by the x86-64 calling convention.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "kernel/ksyms.h"
#include "kernel/perf.h"
#include "providers/provider.h"

static bool kprobe_is_ret(const struct provider *p)
{
	return p->retval_offset != NULL;
}

/*
 * A probe on func of module (NULL, "" or "vmlinux" for the kernel itself)
 * at offset off; named_module: the probe's name says the module.
 */
static void kprobe_add(const struct provider *p, const char *module,
		       const char *func, uint64_t off, bool named_module,
		       struct vec *out)
{
	bool mod = module && *module && strcmp(module, "vmlinux");
	struct probe_inst *pi;
	char *name, *where;

	if (named_module)
		where = xasprintf("%s:%s", mod ? module : "vmlinux", func);
	else
		where = xstrdup(func);
	if (off)
		name = xasprintf("%s:%s+%llu", p->name, where,
				 (unsigned long long)off);
	else
		name = xasprintf("%s:%s", p->name, where);
	pi = provider_inst(p, name);
	free(name);
	free(where);
	/* The kernel resolves "MODULE:FUNCTION" in that module only. */
	pi->target = mod ? xasprintf("%s:%s", module, func) : xstrdup(func);
	pi->config = off;
	pi->func = xstrdup(func);
	vec_push(out, pi);
}

/*
 * Whether f may be probed: ftrace lists it, kallsyms names it (the list
 * keeps names the linker dropped) and kprobes do not refuse it.  Lists
 * that cannot be read do not filter.
 */
static bool kprobe_usable(const struct ksyms_func *f)
{
	const struct ksyms_func *text, *deny;
	int ntext = ksyms_text(&text), ndeny = ksyms_kprobe_blacklist(&deny);

	if (ntext > 0 && !ksyms_has(text, ntext, f->name))
		return false;
	return ndeny <= 0 || !ksyms_has(deny, ndeny, f->name);
}

/* Modules match "vmlinux" for the kernel itself. */
static bool kprobe_module_matches(const char *glob, const char *module)
{
	return !glob || util_glob(glob, *module ? module : "vmlinux");
}

/*
 * True if kallsyms names it (or cannot be read), as the kernel will look
 * it up: one pass that stops at the name, cheaper than reading the lists.
 */
static bool kprobe_known(const char *name)
{
	uint64_t addr;

	return ksyms_lookup(name, &addr) != -ENOENT;
}

/*
 * Splits "[MODULE:]FUNCTION[+OFFSET]".  0, or -EINVAL with err set; on
 * success *module is NULL when not given.
 */
static int kprobe_parse(const struct provider *p, const char *rest,
			char **parts, int *nparts, const char **module,
			char **func, uint64_t *off, char *err, size_t errlen)
{
	char *plus, *end;
	int n = rest ? provider_split(rest, parts, 2) : -EINVAL;

	*nparts = n > 0 ? n : 0;
	if (n < 1 || !*parts[n - 1] || (n == 2 && !*parts[0])) {
		snprintf(err, errlen, "expected %s:[MODULE:]FUNCTION%s", p->name,
			 kprobe_is_ret(p) ? "" : "[+OFFSET]");
		return -EINVAL;
	}
	*module = n == 2 ? parts[0] : NULL;
	*func = parts[n - 1];
	*off = 0;
	plus = strchr(*func, '+');
	if (!plus)
		return 0;
	*plus = 0;
	if (kprobe_is_ret(p)) {
		snprintf(err, errlen, "%s probes take no offset", p->name);
		return -EINVAL;
	}
	*off = strtoull(plus + 1, &end, 0);
	if (!plus[1] || *end || util_has_glob(*func)) {
		snprintf(err, errlen, "bad offset '%s'%s", plus + 1,
			 util_has_glob(*func) ? " (not allowed with a wildcard)"
					      : "");
		return -EINVAL;
	}
	return 0;
}

/* Whether a wildcard over module:func (module NULL: any) takes f. */
static bool kprobe_wanted(const struct ksyms_func *f, const char *module,
			  const char *func)
{
	return util_glob(func, f->name) &&
	       kprobe_module_matches(module, f->module) && kprobe_usable(f);
}

static int kprobe_expand(const struct provider *p, const char *spec,
			 struct vec *out, char *err, size_t errlen)
{
	const struct ksyms_func *funcs;
	const char *module, *last = NULL;
	char *parts[2], *func;
	uint64_t off;
	int i, n, nparts, ret, before = out->n;

	ret = kprobe_parse(p, provider_rest(p, spec), parts, &nparts, &module,
			   &func, &off, err, errlen);
	if (ret)
		goto out;
	if (!util_has_glob(func) && (!module || !util_has_glob(module))) {
		if (!module && !kprobe_known(func)) {
			snprintf(err, errlen,
				 "kernel function '%s' not found (no such symbol in /proc/kallsyms)",
				 func);
			ret = -ENOENT;
		} else {
			kprobe_add(p, module, func, off, module != NULL, out);
		}
		goto out;
	}
	n = ksyms_traceable(&funcs);
	if (n < 0) {
		snprintf(err, errlen,
			 "cannot read the traceable functions (available_filter_functions): %s",
			 util_strerror(-n));
		ret = n;
		goto out;
	}
	for (i = 0; i < n; i++) {
		const struct ksyms_func *f = &funcs[i];

		if (!kprobe_wanted(f, module, func))
			continue;
		/* One probe per name: the kernel resolves it in vmlinux first. */
		if (!module && last && !strcmp(last, f->name))
			continue;
		kprobe_add(p, module ? f->module : NULL, f->name, 0,
			   module != NULL, out);
		last = f->name;
	}
	if (out->n == before) {
		snprintf(err, errlen, "no traceable kernel function matches '%s'",
			 func);
		ret = -ENOENT;
	} else {
		char *name = module ? xasprintf("%s:%s:%s", p->name, module, func)
				    : xasprintf("%s:%s", p->name, func);

		provider_group_insts(name, out, before);
		free(name);
	}
out:
	provider_free_parts(parts, nparts);
	return ret;
}

/*
 * Lists "kprobe:FUNCTION" (modules' as "kprobe:MODULE:FUNCTION") for
 * what a wildcard would take.  kretprobe probes are listed only for a
 * pattern that names them: they are the same functions again.
 */
static int kprobe_list(const struct provider *p, const char *pattern,
		       void (*fn)(const char *name, void *arg), void *arg)
{
	const struct ksyms_func *funcs;
	const char *module = NULL;
	char *parts[2], *func = "*", *name, err[128];
	uint64_t off;
	int i, n, nparts = 0;
	bool whole = !pattern || !provider_rest(p, pattern);

	if (whole && kprobe_is_ret(p))
		return 0;
	if (!whole && kprobe_parse(p, provider_rest(p, pattern), parts,
				   &nparts, &module, &func, &off, err,
				   sizeof(err)))
		goto out;
	n = ksyms_traceable(&funcs);
	if (n < 0) {
		provider_free_parts(parts, nparts);
		return n;
	}
	for (i = 0; i < n; i++) {
		const struct ksyms_func *f = &funcs[i];

		if (!kprobe_wanted(f, module, func))
			continue;
		if (*f->module)
			name = xasprintf("%s:%s:%s", p->name, f->module, f->name);
		else
			name = xasprintf("%s:%s", p->name, f->name);
		if (!whole || !pattern || util_glob(pattern, name))
			fn(name, arg);
		free(name);
	}
out:
	provider_free_parts(parts, nparts);
	return 0;
}

static int kprobe_attach(const struct probe_inst *pi, int prog_fd,
			 uint64_t cookie, struct fdset *fds,
			 char *err, size_t errlen)
{
	bool ret = kprobe_is_ret(pi->prov);
	int pfd;

	pfd = perf_open_probe("kprobe", pi->target, pi->config, ret, -1, 0);
	if (pfd == -EILSEQ)
		snprintf(err, errlen,
			 "offset %llu is not at an instruction boundary of %s",
			 (unsigned long long)pi->config, pi->target);
	else if (pfd == -ENOENT)
		snprintf(err, errlen, "kernel function '%s' not found",
			 pi->target);
	else if (pfd == -EINVAL)
		snprintf(err, errlen,
			 "the kernel refuses a kprobe on %s (kprobes blacklist, or not a function)",
			 pi->target);
	else if (pfd < 0)
		snprintf(err, errlen, "cannot create the kprobe on %s: %s",
			 pi->target, util_strerror(-pfd));
	/*
	 * What ftrace lists may still be refused, function by function
	 * (bpftrace skips those matches of a wildcard too).
	 */
	if (pfd < 0)
		return provider_attach_result(pi, pfd,
					      pfd == -ENOENT || pfd == -EINVAL ||
					      pfd == -EILSEQ || pfd == -UTIL_ENOTSUPP,
					      err, errlen);
	return provider_attach_result(pi, provider_attach_pfd(pfd, prog_fd,
							      cookie, fds, err,
							      errlen),
				      false, err, errlen);
}

const struct provider kprobe_provider = {
	.name = "kprobe",
	.alias = "k",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.can_override = true,
	.available = feat_kprobes,
	.arg_offset = provider_ptregs_arg,
	.d_arg_emit = provider_d_arg_stack,
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
	.available = feat_kprobes,
	.retval_offset = provider_ptregs_retval,
	.expand = kprobe_expand,
	.list = kprobe_list,
	.attach = kprobe_attach,
};

/*
 * D's rawfbt provider (ferret dtrace names it rawfbt:MODULE:FUNCTION:
 * entry|return): kprobes and kretprobes, on any function kprobes take,
 * the compiler's .isra/.constprop/.cold copies too.  Providers of their
 * own so that D names their probes rawfbt; only D programs name them.
 */
const struct provider rawfbt_provider = {
	.name = "rawfbt",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.dtrace = true,
	.available = feat_kprobes,
	.arg_offset = provider_ptregs_arg,
	.d_arg_emit = provider_d_arg_stack,
	.expand = kprobe_expand,
	.list = kprobe_list,
	.attach = kprobe_attach,
};

const struct provider rawfbt_return_provider = {
	.name = "rawfbt-return",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.dtrace = true,
	.available = feat_kprobes,
	.retval_offset = provider_ptregs_retval,
	.expand = kprobe_expand,
	.list = kprobe_list,
	.attach = kprobe_attach,
};
