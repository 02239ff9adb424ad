/* SPDX-License-Identifier: GPL-2.0 */
/*
 * usdt:PATH:PROVIDER:NAME and usdt:PATH:NAME (any provider), with
 * wildcards in each part.  PATH is a file, a glob over files, a library
 * name resolved like uprobe's ("libstdc++") or a program on $PATH.
 *
 * With -p PID the objects are those the process maps, named and opened
 * through /proc/PID/root as bpftrace does, and PATH selects among them
 * ("*" for all).  With -p or -c, probes fire for that process alone and
 * raise their semaphores only there; otherwise in every process.
 *
 * Each site of a probe is one instance: a name may have several sites,
 * each with operands of its own, so argN is generated per instance from
 * the operand (kernel/usdt.h).  Symbol-relative operands ("v(%rip)")
 * are read relative to the probe's own run-time address, %rip at the
 * probe: the symbol lies at a fixed distance from the probe in the same
 * file, so PIE, shared libraries and fixed-address programs need no
 * load address.
 *
 * Probes go through perf's uprobe PMU with the semaphore's file offset
 * as ref_ctr_offset: the kernel raises the semaphore in every process
 * the probe is installed in, those running and those that map the file
 * later, and lowers it when the probe goes.
 */
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <asm/ptrace.h>
#include <linux/bpf.h>

#include "util.h"
#include "compile/cg.h"
#include "kernel/features.h"
#include "kernel/perf.h"
#include "kernel/symtab.h"
#include "kernel/usdt.h"
#include "providers/provider.h"

#define USDT_RIP ((int)offsetof(struct pt_regs, rip))

/* One operand, ready for code generation. */
struct usdt_arg {
	enum usdtn_kind kind;
	int size;		/* 1, 2, 4 or 8 */
	bool is_signed;
	bool ip_rel;		/* address: %rip at the probe + offset */
	bool unresolved;	/* its symbol is not in the file */
	int reg, reg_size;	/* as in struct usdtn_arg */
	int index, scale;
	int64_t offset;		/* the constant, or the address's offset */
};

/* pi->data: one block, the argument text at its end. */
struct usdt_inst {
	uint64_t sema_offset;	/* file offset of the semaphore, or 0 */
	pid_t pid;		/* the only process probed, or 0 */
	int nargs;		/* -1 if the argument text does not parse */
	const char *text;	/* the note's argument text */
	struct usdt_arg args[];
};

/* A spec or -l pattern taken apart. */
struct usdt_pat {
	const char *path, *prov, *name;
};

/* State of one walk over the objects' notes. */
struct usdt_walk {
	const struct provider *p;
	const struct usdt_pat *pat;
	const char *path;		/* the object being walked */
	struct symtab *st;		/* its symbols, opened on first need */
	bool st_failed;
	struct vec *out;		/* instances (expand) or names (list) */
	bool list;
};

/*
 * Splits rest at the colons outside double quotes into at most max
 * parts, without the quotes (bpftrace's usdt:"/lib/libstdc++.so.6":x).
 */
static int usdt_split(const char *rest, char **parts, int max)
{
	struct buf b = { 0 };
	bool quoted = false;
	int n = 0;

	for (;; rest++) {
		if (*rest == '"') {
			quoted = !quoted;
			continue;
		}
		if (*rest && (*rest != ':' || quoted)) {
			buf_put(&b, rest, 1);
			continue;
		}
		if (n == max) {
			buf_free(&b);
			provider_free_parts(parts, n);
			return -E2BIG;
		}
		buf_put(&b, "", 0);
		parts[n++] = b.p;
		memset(&b, 0, sizeof(b));
		if (!*rest)
			return n;
	}
}

/* Splits "PATH:PROV:NAME", "PATH:NAME" or (for -l) "PATH" into *pat. */
static int usdt_parse(const char *rest, char **parts, int *n,
		      struct usdt_pat *pat, bool list)
{
	*n = rest ? usdt_split(rest, parts, 3) : -EINVAL;
	if (*n < 1 || (*n == 1 && !list)) {
		if (*n > 0)
			provider_free_parts(parts, *n);
		return -EINVAL;
	}
	pat->path = parts[0];
	pat->prov = *n == 3 ? parts[1] : "*";
	pat->name = *n >= 2 ? parts[*n - 1] : "*";
	/* usdt:PATH::NAME: any provider; usdt::PROV:NAME: what -p maps. */
	if (!*pat->prov)
		pat->prov = "*";
	if (!*pat->path && provider_pid > 0)
		pat->path = "*";
	if (!*pat->path || !*pat->name) {
		int err = *pat->path ? -EINVAL : -EDESTADDRREQ;

		provider_free_parts(parts, *n);
		return err;
	}
	return 0;
}

static bool usdt_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* True if the object mapped as path in pid is what target names. */
static bool usdt_pid_matches(pid_t pid, const char *target, const char *path)
{
	char resolved[PATH_MAX], *a, *b;
	bool same;

	if (util_has_glob(target))
		return util_glob(target, path);
	if (!strcmp(target, path))
		return true;
	if (*target != '/') {
		/* A name or relative path: resolved among pid's mappings. */
		if (symtab_resolve_path(target, pid, resolved, sizeof(resolved)))
			return false;
		if (!strcmp(resolved, path))
			return true;
		target = resolved;
	}
	a = !strncmp(target, "/proc/", 6) ? xstrdup(target) :
	    xasprintf("/proc/%d/root%s", (int)pid, target);
	b = xasprintf("/proc/%d/root%s", (int)pid, path);
	same = usdt_same_file(a, b);
	free(a);
	free(b);
	return same;
}

static int usdt_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The files of the objects pid maps that target names, as
 * /proc/PID/root/PATH, sorted, into out (xstrdup'd strings).
 */
static int usdt_pid_objects(pid_t pid, const char *target, struct vec *out,
			    char *err, size_t errlen)
{
	char mpath[64], line[PATH_MAX + 256];
	struct vec seen = { 0 };
	int i, ret = 0;
	FILE *f;

	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	f = fopen(mpath, "re");
	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "cannot read %s: %s", mpath,
			 util_strerror(errno));
		return ret;
	}
	while (fgets(line, sizeof(line), f)) {
		char *path = strchr(line, '/');
		size_t len;

		if (!path)
			continue;
		len = strcspn(path, "\n");
		path[len] = 0;
		if (len > 10 && !strcmp(path + len - 10, " (deleted)"))
			continue;
		for (i = 0; i < seen.n; i++)
			if (!strcmp(seen.v[i], path))
				break;
		if (i < seen.n)
			continue;
		vec_push(&seen, xstrdup(path));
		if (usdt_pid_matches(pid, target, path))
			vec_push(out, xasprintf("/proc/%d/root%s", (int)pid,
						path));
	}
	fclose(f);
	for (i = 0; i < seen.n; i++)
		free(seen.v[i]);
	vec_free(&seen);
	if (!out->n) {
		snprintf(err, errlen, "process %d maps no file that '%s' names",
			 (int)pid, target);
		return -ENOENT;
	}
	qsort(out->v, out->n, sizeof(*out->v), usdt_cmp_str);
	return ret;
}

/* The files target names, into out (xstrdup'd strings). */
static int usdt_objects(const char *target, struct vec *out, char *err,
			size_t errlen)
{
	char path[PATH_MAX];
	struct stat sb;
	glob_t gl;
	size_t i;

	/* -c's command has not run exec() yet: its file is the path given */
	if (provider_pid > 0 && provider_pid != provider_cpid)
		return usdt_pid_objects(provider_pid, target, out, err, errlen);
	if (strchr(target, '/') && util_has_glob(target)) {
		if (glob(target, 0, NULL, &gl) == 0) {
			for (i = 0; i < gl.gl_pathc; i++)
				if (!stat(gl.gl_pathv[i], &sb) &&
				    S_ISREG(sb.st_mode))
					vec_push(out, xstrdup(gl.gl_pathv[i]));
			globfree(&gl);
		}
		if (!out->n) {
			snprintf(err, errlen, "no file matches '%s'", target);
			return -ENOENT;
		}
		return 0;
	}
	if (symtab_resolve_path(target, -1, path, sizeof(path))) {
		snprintf(err, errlen,
			 "usdt target file '%s' does not exist or is not executable (no such file, library or program)",
			 target);
		return -EINVAL;
	}
	vec_push(out, xstrdup(path));
	return 0;
}

static void usdt_free_strings(struct vec *v)
{
	int i;

	for (i = 0; i < v->n; i++)
		free(v->v[i]);
	vec_free(v);
}

/* Fills a from the parsed operand n of probe pr. */
static void usdt_make_arg(struct usdt_walk *w, const struct usdtn_probe *pr,
			  const struct usdtn_arg *in, struct usdt_arg *a)
{
	const struct symtab_sym *sym;

	a->kind = in->kind;
	a->size = in->size;
	a->is_signed = in->is_signed;
	a->reg = in->reg;
	a->reg_size = in->reg_size;
	a->index = in->index;
	a->scale = in->scale;
	a->offset = in->offset;
	if (!in->symbol)
		return;
	if (!w->st && !w->st_failed) {
		w->st = symtab_open(w->path);
		w->st_failed = !w->st;
	}
	sym = w->st ? symtab_find(w->st, in->symbol) : NULL;
	if (!sym) {
		a->unresolved = true;
		return;
	}
	a->ip_rel = true;
	a->offset = (int64_t)(sym->addr - pr->pc) + in->offset;
}

static int usdt_add(struct usdt_walk *w, const struct usdtn_probe *pr)
{
	size_t tlen = strlen(pr->args) + 1;
	int nargs = pr->argc > 0 ? pr->argc : 0, i;
	struct probe_inst *pi;
	struct usdt_inst *ui;
	char *name, *text;

	name = xasprintf("usdt:%s:%s:%s", w->path, pr->provider, pr->name);
	if (w->list) {
		vec_push(w->out, name);
		return 0;
	}
	pi = provider_inst(w->p, name);
	free(name);
	pi->target = xstrdup(w->path);
	pi->config = pr->pc_offset;
	ui = xcalloc(1, sizeof(*ui) + nargs * sizeof(ui->args[0]) + tlen);
	text = (char *)&ui->args[nargs];
	memcpy(text, pr->args, tlen);
	ui->text = text;
	ui->sema_offset = pr->sema_offset;
	ui->pid = provider_pid ? provider_pid : provider_cpid;
	pi->pid = ui->pid > 0 ? ui->pid : 0;
	/* D names a USDT probe's function: the one holding its site */
	if (provider_dtrace) {
		const struct symtab_sym *fs;
		uint64_t off;

		if (!w->st && !w->st_failed) {
			w->st = symtab_open(w->path);
			w->st_failed = !w->st;
		}
		fs = w->st ? symtab_lookup_addr(w->st, pr->pc, &off) : NULL;
		pi->func = xstrdup(fs ? fs->name : "");
	}
	ui->nargs = pr->argc < 0 ? -1 : pr->argc;
	for (i = 0; i < nargs; i++)
		usdt_make_arg(w, pr, &pr->argv[i], &ui->args[i]);
	pi->data = ui;
	vec_push(w->out, pi);
	return 0;
}

static int usdt_note(const struct usdtn_probe *pr, void *arg)
{
	struct usdt_walk *w = arg;

	if (!util_glob(w->pat->prov, pr->provider) ||
	    !util_glob(w->pat->name, pr->name))
		return 0;
	return usdt_add(w, pr);
}

/*
 * Walks the probes of the objects pat->path names, adding instances
 * (or names for -l) to out.  Objects of a process that are not ELF
 * files are skipped.
 */
static int usdt_walk(const struct provider *p, const struct usdt_pat *pat,
		     bool list, struct vec *out, char *err, size_t errlen)
{
	struct usdt_walk w = { p, pat, NULL, NULL, false, out, list };
	struct vec objs = { 0 };
	int i, ret;

	ret = usdt_objects(pat->path, &objs, err, errlen);
	for (i = 0; !ret && i < objs.n; i++) {
		w.path = objs.v[i];
		w.st = NULL;
		w.st_failed = false;
		ret = usdtn_list(w.path, usdt_note, &w);
		symtab_close(w.st);
		if (ret == -ENOEXEC && (provider_pid > 0 || objs.n > 1))
			ret = 0;
		else if (ret == -ENOEXEC)
			snprintf(err, errlen, "%s: not an ELF file, or its .note.stapsdt is corrupt",
				 w.path);
		else if (ret < 0)
			snprintf(err, errlen, "%s: %s", w.path, util_strerror(-ret));
	}
	usdt_free_strings(&objs);
	return ret;
}

static int usdt_expand(const struct provider *p, const char *spec,
		       struct vec *out, char *err, size_t errlen)
{
	struct usdt_pat pat;
	char *parts[3];
	const char *why;
	int n, ret, before = out->n;

	if (!feat_uprobes(&why)) {
		snprintf(err, errlen, "usdt probes need uprobes; %s", why);
		return -EOPNOTSUPP;
	}
	ret = usdt_parse(provider_rest(p, spec), parts, &n, &pat, false);
	if (ret == -EDESTADDRREQ) {
		snprintf(err, errlen, "usdt probe must specify at least path or pid to probe (usdt:PATH:... or -p PID)");
		return -EINVAL;
	}
	if (ret) {
		snprintf(err, errlen, "expected usdt:PATH:PROVIDER:NAME, usdt:PATH:NAME, usdt:PATH::NAME or, with -p, usdt::PROVIDER:NAME");
		return -EINVAL;
	}
	ret = usdt_walk(p, &pat, false, out, err, errlen);
	if (!ret && out->n == before) {
		if (n == 3)
			snprintf(err, errlen, "no USDT probe matches '%s:%s' in %s",
				 pat.prov, pat.name, pat.path);
		else
			snprintf(err, errlen, "no USDT probe matches '%s' in %s",
				 pat.name, pat.path);
		ret = -ENOENT;
	}
	provider_free_parts(parts, n);
	return ret;
}

/*
 * -l: "usdt:PATH:*" and the like, or a bare pattern over every probe
 * of the -p process.  Sorted, each probe once however many sites it
 * has, as bpftrace lists them.
 */
static int usdt_list(const struct provider *p, const char *pattern,
		     void (*fn)(const char *name, void *arg), void *arg)
{
	static const struct usdt_pat all = { "*", "*", "*" };
	const char *rest = pattern ? provider_rest(p, pattern) : NULL;
	struct usdt_pat pat = all;
	struct vec names = { 0 };
	char *parts[3], err[512];
	int i, n = 0, ret;

	if (!rest && provider_pid <= 0)
		return 0;
	if (rest && usdt_parse(rest, parts, &n, &pat, true))
		return -EINVAL;
	ret = usdt_walk(p, &pat, true, &names, err, sizeof(err));
	if (n)
		provider_free_parts(parts, n);
	if (ret) {
		usdt_free_strings(&names);
		return ret;
	}
	if (names.n)
		qsort(names.v, names.n, sizeof(*names.v), usdt_cmp_str);
	for (i = 0; i < names.n; i++) {
		if (i && !strcmp(names.v[i], names.v[i - 1]))
			continue;
		if (!rest && pattern && !util_glob(pattern, names.v[i]))
			continue;
		fn(names.v[i], arg);
	}
	usdt_free_strings(&names);
	return 0;
}

/* operand n of the note's argument text, for messages. */
static void usdt_operand(const char *text, int n, char *out, size_t len)
{
	size_t l;

	for (;;) {
		text += strspn(text, " \t\n");
		l = strcspn(text, " \t\n");
		if (!n-- || !l)
			break;
		text += l;
	}
	snprintf(out, len, "%.*s", (int)l, text);
}

static int usdt_ldsize(int bytes)
{
	switch (bytes) {
	case 1:
		return BPF_B;
	case 2:
		return BPF_H;
	case 4:
		return BPF_W;
	default:
		return BPF_DW;
	}
}

/* Sign-extends the low bytes of r to 64 bits. */
static void usdt_sext(struct cg *g, int r, int bytes)
{
	if (bytes >= 8)
		return;
	ir_alu_imm(&g->ir, BPF_LSH, r, 64 - 8 * bytes);
	ir_alu_imm(&g->ir, BPF_ARSH, r, 64 - 8 * bytes);
}

/* r += v, for any 64-bit v. */
static void usdt_add_imm(struct cg *g, int r, int64_t v)
{
	int t;

	if (!v)
		return;
	if (v >= INT32_MIN && v <= INT32_MAX) {
		ir_alu_imm(&g->ir, BPF_ADD, r, (int32_t)v);
		return;
	}
	t = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, t, v);
	ir_alu(&g->ir, BPF_ADD, r, t);
}

/* A memory operand: base + index * scale + offset, read from user memory. */
static int usdt_emit_mem(struct cg *g, const struct usdt_arg *a)
{
	int addr = ir_vreg(&g->ir), r, t, slot;

	if (a->ip_rel)
		ir_ld(&g->ir, BPF_DW, addr, g->ctx, USDT_RIP);
	else if (a->reg != USDTN_NO_REG)
		ir_ld(&g->ir, BPF_DW, addr, g->ctx, a->reg);
	else
		ir_mov_imm(&g->ir, addr, 0);
	if (a->index != USDTN_NO_REG) {
		t = ir_vreg(&g->ir);
		ir_ld(&g->ir, BPF_DW, t, g->ctx, a->index);
		if (a->scale > 1)
			ir_alu_imm(&g->ir, BPF_LSH, t, __builtin_ctz(a->scale));
		ir_alu(&g->ir, BPF_ADD, addr, t);
	}
	usdt_add_imm(g, addr, a->offset);
	slot = cg_alloc(g, 8);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, slot);
	ir_mov_imm(&g->ir, BPF_REG_2, a->size);
	ir_mov(&g->ir, BPF_REG_3, addr);
	/* On a fault the helper zeroes the slot: the argument reads 0. */
	ir_call(&g->ir, BPF_FUNC_probe_read_user, 3);
	r = ir_vreg(&g->ir);
	ir_ld(&g->ir, usdt_ldsize(a->size), r, BPF_REG_10, slot);
	if (a->is_signed)
		usdt_sext(g, r, a->size);
	return r;
}

static int usdt_arg_emit(const struct probe_inst *pi, int n, struct cg *g,
			 char *err, size_t errlen)
{
	const struct usdt_inst *ui = pi->data;
	const struct usdt_arg *a;
	char op[128];
	uint64_t v;
	int r, w;

	if (ui->nargs < 0) {
		snprintf(err, errlen, "cannot parse the USDT arguments '%s' of %s",
			 ui->text, pi->name);
		return -EINVAL;
	}
	if (n >= ui->nargs) {
		snprintf(err, errlen, "%s has %d argument%s: there is no arg%d",
			 pi->name, ui->nargs, ui->nargs == 1 ? "" : "s", n);
		return -ENOENT;
	}
	a = &ui->args[n];
	if (a->unresolved) {
		usdt_operand(ui->text, n, op, sizeof(op));
		snprintf(err, errlen, "arg%d of %s is '%s': its symbol is in neither .symtab nor .dynsym of %s (stripped?)",
			 n, pi->name, op, pi->target);
		return -ENOENT;
	}
	if (!g)
		return 0;
	r = ir_vreg(&g->ir);
	switch (a->kind) {
	case USDTN_CONST:
		v = (uint64_t)a->offset;
		if (a->size < 8) {
			v &= (1ull << (8 * a->size)) - 1;
			if (a->is_signed && (v >> (8 * a->size - 1)))
				v |= ~0ull << (8 * a->size);
		}
		ir_mov_imm(&g->ir, r, (int64_t)v);
		return r;
	case USDTN_REG:
		w = a->size < a->reg_size ? a->size : a->reg_size;
		ir_ld(&g->ir, usdt_ldsize(w), r, g->ctx, a->reg);
		if (a->is_signed)
			usdt_sext(g, r, w);
		return r;
	case USDTN_MEM:
		return usdt_emit_mem(g, a);
	}
	snprintf(err, errlen, "arg%d of %s: unknown operand kind", n, pi->name);
	return -EINVAL;
}

static int usdt_attach(const struct probe_inst *pi, int prog_fd,
		       uint64_t cookie, struct fdset *fds, char *err,
		       size_t errlen)
{
	const struct usdt_inst *ui = pi->data;
	int pfd;

	pfd = perf_open_probe("uprobe", pi->target, pi->config, false,
			      ui->pid > 0 ? ui->pid : -1, ui->sema_offset);
	if (pfd == -ESRCH) {
		snprintf(err, errlen, "process %d is gone", (int)ui->pid);
		return pfd;
	}
	if (pfd == -ENOENT && ui->sema_offset) {
		snprintf(err, errlen, "the probe has a semaphore and this kernel's uprobe PMU cannot raise it (no format/ref_ctr_offset; Linux 4.20 added it)");
		return pfd;
	}
	if (pfd < 0) {
		snprintf(err, errlen, "cannot create the uprobe: %s",
			 util_strerror(-pfd));
		return pfd;
	}
	return provider_attach_pfd(pfd, prog_fd, cookie, fds, err, errlen);
}

static int usdt_guard_emit(const struct probe_inst *pi, struct cg *g,
			   int label)
{
	const struct usdt_inst *ui = pi->data;

	provider_guard_pid(g, ui ? ui->pid : 0, label);
	return 0;
}

const struct provider usdt_provider = {
	.attach_lifo = true,
	.name = "usdt",
	.alias = "U",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.expand = usdt_expand,
	.arg_emit = usdt_arg_emit,
	.guard_emit = usdt_guard_emit,
	.list = usdt_list,
	.attach = usdt_attach,
	.user = true,
};
