/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uprobe:PATH:FUNC and uretprobe:PATH:FUNC.  PATH is a file, a library
 * name resolved like bpftrace ("libc"), or a program on $PATH; FUNC is a
 * symbol, a wildcard over function symbols, SYMBOL+OFFSET or an address;
 * in D, FUNC+GLOB also places one at each instruction whose offset (in
 * hexadecimal) GLOB matches, DTrace's pid offset probes.
 * Probes go through perf's uprobe PMU: each exists exactly as long as its
 * fd, so nothing outlives ferret in tracefs.
 */
#include <errno.h>
#include <elf.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "kernel/insn.h"
#include "kernel/perf.h"
#include "kernel/symtab.h"
#include "providers/provider.h"

struct uprobe_add {
	const struct provider *p;
	const struct symtab *st;
	const char *path;
	struct vec *out;
	int err;
	char *errbuf;
	size_t errlen;
	/*
	 * D's FUNC+GLOB: a probe at each instruction of the function whose
	 * offset, in hexadecimal, matches insn_glob; the functions done, by
	 * address, so an alias adds none.
	 */
	const char *insn_glob;
	uint64_t *insn_done;
	int ninsn_done;
};

/*
 * Adds an instance at ELF virtual address vaddr, named after label; func
 * is the function "func" names, NULL to look it up by address.
 */
static int uprobe_add_at(struct uprobe_add *a, const char *label,
			 const char *func, uint64_t vaddr)
{
	const struct symtab_sym *sym;
	struct probe_inst *pi;
	uint64_t off;
	char *name;

	if (symtab_vaddr_to_offset(a->st, vaddr, &off)) {
		snprintf(a->errbuf, a->errlen,
			 "%s: address 0x%llx of '%s' is not in a loaded segment",
			 a->path, (unsigned long long)vaddr, label);
		return -ENOENT;
	}
	name = xasprintf("%s:%s:%s", a->p->name, a->path, label);
	pi = provider_inst(a->p, name);
	free(name);
	pi->target = xstrdup(a->path);
	pi->config = off;
	pi->pid = provider_pid > 0 ? provider_pid : 0;
	if (!func) {
		sym = symtab_lookup_addr(a->st, vaddr, &off);
		pi->func = sym ? xstrdup(sym->name)
			       : xasprintf("0x%llx", (unsigned long long)vaddr);
	} else {
		pi->func = xstrdup(func);
	}
	vec_push(a->out, pi);
	return 0;
}

/*
 * The instructions of function sym whose offsets match a->insn_glob,
 * found by decoding its bytes in the file from its start; where the
 * bytes stop being instructions, so do the probes.  A function of
 * unknown size (assembly) has none: where it ends is not known.
 */
static int uprobe_add_insns(struct uprobe_add *a, const struct symtab_sym *sym)
{
	unsigned char *code;
	uint64_t foff, off;
	char hex[32], *label;
	int i, len, fd, ret = 0;

	for (i = 0; i < a->ninsn_done; i++)
		if (a->insn_done[i] == sym->addr)
			return 0;
	if (!(a->ninsn_done % 64))
		a->insn_done = xrealloc(a->insn_done, (a->ninsn_done + 64) *
					sizeof(*a->insn_done));
	a->insn_done[a->ninsn_done++] = sym->addr;
	if (!sym->size || symtab_vaddr_to_offset(a->st, sym->addr, &foff))
		return 0;
	fd = open(a->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		snprintf(a->errbuf, a->errlen, "%s: %s", a->path,
			 util_strerror(-ret));
		return ret;
	}
	code = xmalloc(sym->size);
	if (pread(fd, code, sym->size, (off_t)foff) != (ssize_t)sym->size) {
		snprintf(a->errbuf, a->errlen, "%s: cannot read the code of %s",
			 a->path, sym->name);
		ret = -EIO;
	}
	for (off = 0; !ret && off < sym->size; off += len) {
		len = insn_len(code + off, sym->size - off);
		if (len < 0)
			break;
		snprintf(hex, sizeof(hex), "%llx", (unsigned long long)off);
		/* the kernel refuses a uprobe on hlt: none is placed there */
		if (code[off] == 0xf4 || !util_glob(a->insn_glob, hex))
			continue;
		label = xasprintf("%s+0x%s", sym->name, hex);
		ret = uprobe_add_at(a, label, sym->name, sym->addr + off);
		free(label);
	}
	free(code);
	close(fd);
	return ret;
}

/*
 * A glob's match.  D names a function by DTrace's preferred symbol at its
 * address, so aliases (malloc, __libc_malloc) make one probe, which fires
 * once per call; the bpftrace language, as bpftrace, attaches each.
 */
static int uprobe_glob_one(const struct symtab_sym *sym, void *arg)
{
	struct uprobe_add *a = arg;
	char *name;
	int i, dup;

	if (sym->type != STT_FUNC && sym->type != STT_GNU_IFUNC)
		return 0;
	if (provider_dtrace)
		sym = symtab_preferred(a->st, sym);
	if (a->insn_glob)
		return uprobe_add_insns(a, sym);
	if (provider_dtrace) {
		name = xasprintf("%s:%s:%s", a->p->name, a->path, sym->name);
		for (i = dup = 0; !dup && i < a->out->n; i++)
			dup = !strcmp(((struct probe_inst *)a->out->v[i])->name, name);
		free(name);
		if (dup)
			return 0;
	}
	return uprobe_add_at(a, sym->name, sym->name, sym->addr);
}

/*
 * glibc 2.34 moved libpthread, libdl, librt, libutil and libanl into
 * libc and left stubs of those names without the functions.  When a
 * library named so (not a path) lacks func, the symbols are libc's:
 * *st and path become libc's.  Scripts written for older systems
 * (threadsnoop.bt's "uprobe:libpthread:pthread_create") then still work.
 */
static void uprobe_glibc_stub(const char *target, const char *func,
			      struct symtab **st, char *path, size_t len)
{
	static const char *const stubs[] = {
		"libpthread", "libdl", "librt", "libutil", "libanl",
	};
	char name[256], libc[4096];
	struct symtab *c;
	size_t i, n;

	if (strchr(target, '/') || util_has_glob(func))
		return;
	n = strcspn(func, "+");
	if (n >= sizeof(name))
		return;
	memcpy(name, func, n);
	name[n] = '\0';
	for (i = 0; i < ARRAY_SIZE(stubs); i++)
		if (!strncmp(target, stubs[i], strlen(stubs[i])) &&
		    (!target[strlen(stubs[i])] || target[strlen(stubs[i])] == '.'))
			break;
	if (i == ARRAY_SIZE(stubs) || symtab_find(*st, name))
		return;
	if (symtab_resolve_path("libc", provider_pid > 0 ? provider_pid : -1,
				libc, sizeof(libc)) ||
	    strlen(libc) >= len)
		return;
	c = symtab_open(libc);
	if (!c)
		return;
	if (!symtab_find(c, name)) {
		symtab_close(c);
		return;
	}
	symtab_close(*st);
	*st = c;
	strcpy(path, libc);
}

static int uprobe_expand(const struct provider *p, const char *spec,
			 struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec), *why;
	struct uprobe_add a = { .p = p, .out = out, .errbuf = err,
				.errlen = errlen };
	char path[4096], *parts[2], *plus, *end;
	const struct symtab_sym *sym;
	struct symtab *st;
	uint64_t off = 0;
	int n, ret, before = out->n;

	if (!feat_uprobes(&why)) {
		snprintf(err, errlen, "%s", why);
		return -EOPNOTSUPP;
	}
	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n != 2 || !*parts[0] || !*parts[1]) {
		if (n > 0)
			provider_free_parts(parts, n);
		snprintf(err, errlen, "expected %s:PATH:FUNCTION", p->name);
		return -EINVAL;
	}
	ret = symtab_resolve_path(parts[0], provider_pid > 0 ? provider_pid : -1,
				  path, sizeof(path));
	if (ret) {
		/* A missing file is an error even among other specs (bpftrace). */
		snprintf(err, errlen,
			 "uprobe target file '%s' does not exist or is not executable (no such file, library or program)",
			 parts[0]);
		ret = -EINVAL;
		goto out_parts;
	}
	st = symtab_open(path);
	if (!st) {
		ret = -errno;
		snprintf(err, errlen, "%s: cannot read its symbols: %s", path,
			 util_strerror(errno));
		goto out_parts;
	}
	uprobe_glibc_stub(parts[0], parts[1], &st, path, sizeof(path));
	a.st = st;
	a.path = path;
	plus = provider_dtrace ? strchr(parts[1], '+') : NULL;
	if (plus && util_has_glob(plus + 1)) {
		*plus = '\0';
		a.insn_glob = plus + 1;
	}
	if (a.insn_glob) {
		/* every instruction: a group, whose refused ones are skipped */
		if (util_has_glob(parts[1]))
			ret = symtab_glob(st, parts[1], uprobe_glob_one, &a);
		else if (!(sym = symtab_find(st, parts[1])))
			ret = -ENOENT;
		else
			ret = uprobe_add_insns(&a, symtab_preferred(st, sym));
		if (ret == -ENOENT)
			snprintf(err, errlen, "Could not resolve symbol: %s:%s",
				 path, parts[1]);
		if (!ret) {
			char *name = xasprintf("%s:%s:%s+%s", p->name, path,
					       parts[1], a.insn_glob);

			provider_group_insts(name, out, before);
			free(name);
		}
		free(a.insn_done);
	} else if (util_has_glob(parts[1])) {
		ret = symtab_glob(st, parts[1], uprobe_glob_one, &a);
		if (!ret && out->n == before) {
			snprintf(err, errlen, "no function in %s matches '%s'",
				 path, parts[1]);
			ret = -ENOENT;
		} else if (!ret) {
			char *name = xasprintf("%s:%s:%s", p->name, path,
					       parts[1]);

			provider_group_insts(name, out, before);
			free(name);
		}
	} else if (parts[1][0] >= '0' && parts[1][0] <= '9') {
		uint64_t addr = strtoull(parts[1], &end, 0);

		if (*end) {
			snprintf(err, errlen, "bad address '%s'", parts[1]);
			ret = -EINVAL;
		} else if (!(sym = symtab_lookup_addr(st, addr, &off)) ||
			   (off && off >= sym->size)) {
			/*
			 * An address in no function would never be hit; the
			 * lookup's fallback to an unsized function below it
			 * (assembly) is taken only at that function's start.
			 */
			snprintf(err, errlen, "Could not resolve address: %s:%s: no function of the file holds it",
				 path, parts[1]);
			ret = -EINVAL;
		} else {
			/* Named in decimal, as bpftrace names it. */
			char dec[32];

			snprintf(dec, sizeof(dec), "%llu", (unsigned long long)addr);
			ret = uprobe_add_at(&a, dec, NULL, addr);
		}
	} else {
		/* "name"+off: quotes keep a symbol's odd characters. */
		if (parts[1][0] == '"') {
			char *q = strchr(parts[1] + 1, '"');

			if (q) {
				memmove(q, q + 1, strlen(q + 1) + 1);
				memmove(parts[1], parts[1] + 1, strlen(parts[1]));
			}
		}
		plus = strchr(parts[1], '+');
		if (plus) {
			*plus = 0;
			off = strtoull(plus + 1, &end, 0);
			if (*end) {
				snprintf(err, errlen, "bad offset '%s'", plus + 1);
				ret = -EINVAL;
				goto out_st;
			}
		}
		sym = symtab_find(st, parts[1]);
		if (!sym) {
			snprintf(err, errlen, "Could not resolve symbol: %s:%s",
				 path, parts[1]);
			ret = -ENOENT;
		} else if (plus && off && p->retval_offset) {
			snprintf(err, errlen,
				 "Offset not allowed: a uretprobe attaches at a function's entry");
			ret = -EINVAL;
		} else if (plus && sym->size && off >= sym->size) {
			snprintf(err, errlen,
				 "Offset outside the function bounds ('%s' size is %llu)",
				 parts[1], (unsigned long long)sym->size);
			ret = -EINVAL;
		} else if (provider_dtrace) {
			/* D's name of an alias: its preferred one's */
			const struct symtab_sym *ps = symtab_preferred(st, sym);
			char *label = plus && off ?
				      xasprintf("%s+%s", ps->name, plus + 1) :
				      xstrdup(ps->name);

			ret = uprobe_add_at(&a, label, ps->name, sym->addr + off);
			free(label);
		} else {
			/* "+0" is the function itself, and named so. */
			if (plus && off)
				*plus = '+';
			ret = uprobe_add_at(&a, parts[1], sym->name,
					    sym->addr + off);
		}
	}
out_st:
	symtab_close(st);
out_parts:
	provider_free_parts(parts, n);
	return ret;
}

struct uprobe_lister {
	const struct provider *p;
	const char *path;
	const char *last;	/* the name reported last: report each once */
	void (*fn)(const char *name, void *arg);
	void *arg;
};

static int uprobe_list_one(const struct symtab_sym *sym, void *arg)
{
	struct uprobe_lister *l = arg;
	char *name;

	if (sym->type != STT_FUNC && sym->type != STT_GNU_IFUNC)
		return 0;
	if (l->last && !strcmp(l->last, sym->name))
		return 0;
	l->last = sym->name;
	name = xasprintf("%s:%s:%s", l->p->name, l->path, sym->name);
	l->fn(name, l->arg);
	free(name);
	return 0;
}

/* Lists the functions of one file matching the function glob. */
static int uprobe_list_file(struct uprobe_lister *l, const char *path,
			    const char *glob)
{
	struct symtab *st = symtab_open(path);
	int ret;

	if (!st)
		return -errno;
	l->path = path;
	l->last = NULL;
	ret = symtab_glob(st, glob, uprobe_list_one, l);
	symtab_close(st);
	return ret;
}

struct uprobe_mapped {
	struct uprobe_lister *l;
	const char *path_glob, *func_glob;
	bool first;		/* only the program, as bpftrace for "*" */
	int n;
};

static void uprobe_list_mapped(const char *path, void *arg)
{
	struct uprobe_mapped *m = arg;
	char *shown;

	if ((m->first && m->n) || !util_glob(m->path_glob, path))
		return;
	m->n++;
	/* As bpftrace names them: through the process's root. */
	shown = xasprintf("/proc/%d/root%s", (int)provider_pid, path);
	uprobe_list_file(m->l, shown, m->func_glob);
	free(shown);
}

static void uprobe_collect(const char *name, void *arg)
{
	vec_push(arg, xstrdup(name));
}

static int uprobe_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The files a wildcard path names (provider_glob_files: the file system
 * and, for a bare name, $PATH), each function matching funcs, in the
 * order bpftrace prints them: whole lines sorted.
 */
static int uprobe_list_glob(struct uprobe_lister *l, const char *path_glob,
			    const char *funcs)
{
	void (*fn)(const char *name, void *arg) = l->fn;
	struct vec files = { 0 }, names = { 0 };
	void *arg = l->arg;
	int i;

	provider_glob_files(path_glob, &files);
	l->fn = uprobe_collect;
	l->arg = &names;
	for (i = 0; i < files.n; i++) {
		/* Files that are no ELF objects are skipped. */
		uprobe_list_file(l, files.v[i], funcs);
		free(files.v[i]);
	}
	vec_free(&files);
	if (names.n)
		qsort(names.v, names.n, sizeof(*names.v), uprobe_cmp_str);
	for (i = 0; i < names.n; i++) {
		fn(names.v[i], arg);
		free(names.v[i]);
	}
	vec_free(&names);
	l->fn = fn;
	l->arg = arg;
	return 0;
}

/*
 * "uprobe:PATH[:GLOB]": PATH's functions; nothing without a PATH.  A
 * wildcard in PATH matches the files the -p process maps ("*" alone: its
 * program, as bpftrace lists it), or without -p the file system.
 */
static int uprobe_list(const struct provider *p, const char *pattern,
		       void (*fn)(const char *name, void *arg), void *arg)
{
	struct uprobe_lister l = { p, NULL, NULL, fn, arg };
	const char *rest = pattern ? provider_rest(p, pattern) : NULL;
	char path[4096], *parts[2];
	const char *funcs;
	int n, ret;

	/* -p with no pattern: the process's program, as "uprobe:*". */
	if (!pattern && provider_pid > 0)
		rest = "*";
	if (!rest || !*rest)
		return 0;
	n = provider_split(rest, parts, 2);
	if (n < 1) {
		ret = 0;
		goto out;
	}
	funcs = n == 2 && *parts[1] ? parts[1] : "*";
	if (util_has_glob(parts[0])) {
		if (provider_pid > 0) {
			struct uprobe_mapped m = { &l, parts[0], funcs,
						   !strcmp(parts[0], "*"), 0 };

			ret = symtab_mapped_files(provider_pid, uprobe_list_mapped, &m);
		} else {
			ret = uprobe_list_glob(&l, parts[0], funcs);
		}
		goto out;
	}
	ret = symtab_resolve_path(parts[0], provider_pid > 0 ? provider_pid : -1,
				  path, sizeof(path));
	if (ret)
		goto out;
	ret = uprobe_list_file(&l, path, funcs);
out:
	if (n > 0)
		provider_free_parts(parts, n);
	return ret;
}

static int uprobe_guard_emit(const struct probe_inst *pi, struct cg *g,
			     int label)
{
	provider_guard_pid(g, pi->pid, label);
	return 0;
}

static int uprobe_attach(const struct probe_inst *pi, int prog_fd,
			 uint64_t cookie, struct fdset *fds,
			 char *err, size_t errlen)
{
	bool ret = pi->prov->retval_offset != NULL;
	int pfd;

	/* a process's uprobe fires in its threads, not in its children */
	pfd = perf_open_probe("uprobe", pi->target, pi->config, ret,
			      pi->pid > 0 ? pi->pid : -1, 0);
	/*
	 * ENOTSUPP (524): the instruction at the address is one uprobes
	 * can neither single-step out of line nor emulate (x86's
	 * uprobe_init_insn); the rest of a wildcard's matches still attach.
	 */
	if (pfd == -UTIL_ENOTSUPP)
		snprintf(err, errlen, "the kernel cannot place a uprobe on the instruction there (%s)",
			 util_strerror(-pfd));
	else if (pfd < 0)
		snprintf(err, errlen, "cannot create the uprobe: %s",
			 util_strerror(-pfd));
	if (pfd < 0)
		return provider_attach_result(pi, pfd,
					      pfd == -UTIL_ENOTSUPP, err,
					      errlen);
	return provider_attach_result(pi, provider_attach_pfd(pfd, prog_fd,
							      cookie, fds, err,
							      errlen),
				      false, err, errlen);
}

const struct provider uprobe_provider = {
	.attach_lifo = true,
	.name = "uprobe",
	.alias = "u",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.arg_offset = provider_ptregs_arg,
	.d_arg_emit = provider_d_arg_stack,
	.guard_emit = uprobe_guard_emit,
	.expand = uprobe_expand,
	.list = uprobe_list,
	.attach = uprobe_attach,
	.user = true,
};

const struct provider uretprobe_provider = {
	.attach_lifo = true,
	.name = "uretprobe",
	.alias = "ur",
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.ctx = CTX_NONE,
	.cookie = true,
	.retval_offset = provider_ptregs_retval,
	.guard_emit = uprobe_guard_emit,
	.expand = uprobe_expand,
	.list = uprobe_list,
	.attach = uprobe_attach,
	.user = true,
};
