/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksyms.h"
#include "tracefs.h"
#include "../util.h"

/* One /proc/kallsyms line. */
struct ksyms_sym {
	const char *name;
	const char *module;	/* "" for vmlinux */
	uint64_t addr;
	int line;		/* its place in the file */
	bool text;		/* 't' or 'T' */
	char kind;		/* the type letter: 'T', 'd', 'B' ... */
};

/*
 * /proc/kallsyms, read on first use and kept (it runs to 100,000 lines
 * and more): sorted by name, then by place in the file.  n is the count
 * or -errno.
 */
static struct {
	char *text;
	struct ksyms_sym *syms;
	int n;
	bool done;
} ksyms_all;

static int ksyms_sym_cmp(const void *a, const void *b)
{
	const struct ksyms_sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->line - y->line;
}

/* "ADDR TYPE name" or "ADDR TYPE name\t[module]", split in place. */
static bool ksyms_parse_sym(char *line, struct ksyms_sym *s)
{
	char *type, *name, *end, *mod;
	size_t n;

	s->addr = strtoull(line, &end, 16);
	if (end == line || *end != ' ' || !end[1] || end[2] != ' ')
		return false;
	type = end + 1;
	name = type + 2;
	n = strcspn(name, " \t");
	if (!n)
		return false;
	s->module = "";
	mod = strchr(name + n, '[');
	if (mod && strchr(mod, ']')) {
		*strchr(mod, ']') = 0;
		s->module = mod + 1;
	}
	name[n] = 0;
	s->name = name;
	s->text = *type == 't' || *type == 'T';
	s->kind = *type;
	return true;
}

static int ksyms_load_all(void)
{
	char *line, *next;
	int cap = 0, nline = 0;

	if (ksyms_all.done)
		return ksyms_all.n;
	ksyms_all.done = true;
	ksyms_all.text = util_read_file("/proc/kallsyms", NULL);
	if (!ksyms_all.text) {
		ksyms_all.n = errno ? -errno : -ENOENT;
		return ksyms_all.n;
	}
	for (line = ksyms_all.text; *line; line = next, nline++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else
			next = line + strlen(line);
		if (ksyms_all.n == cap) {
			cap = cap ? 2 * cap : 65536;
			ksyms_all.syms = xrealloc(ksyms_all.syms,
						  cap * sizeof(*ksyms_all.syms));
		}
		ksyms_all.syms[ksyms_all.n].line = nline;
		if (ksyms_parse_sym(line, &ksyms_all.syms[ksyms_all.n]))
			ksyms_all.n++;
	}
	qsort(ksyms_all.syms, ksyms_all.n, sizeof(*ksyms_all.syms),
	      ksyms_sym_cmp);
	return ksyms_all.n;
}

/*
 * The index of the first of name's lines in ksyms_all (sorted by name),
 * as a scan of the file finds it, or where it would be; -errno when the
 * symbols cannot be read.
 */
static int first_named(const char *name)
{
	int lo = 0, hi = ksyms_load_all(), mid;

	if (hi < 0)
		return hi;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(ksyms_all.syms[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int ksyms_lookup(const char *name, uint64_t *addr)
{
	int lo = first_named(name);

	if (lo < 0)
		return lo;
	if (lo == ksyms_all.n || strcmp(ksyms_all.syms[lo].name, name))
		return -ENOENT;
	*addr = ksyms_all.syms[lo].addr;
	return *addr ? 0 : -EPERM;
}

int ksyms_lookup_in(const char *module, const char *name, uint64_t *addr,
		    char *kind)
{
	int lo = first_named(name), i;
	bool known = !module || !*module;

	if (lo < 0)
		return lo;
	for (i = lo; i < ksyms_all.n && !strcmp(ksyms_all.syms[i].name, name); i++) {
		const struct ksyms_sym *s = &ksyms_all.syms[i];

		if (module && strcmp(s->module, module))
			continue;
		*addr = s->addr;
		*kind = s->kind;
		return s->addr ? 0 : -EPERM;
	}
	for (i = 0; !known && i < ksyms_all.n; i++)
		known = !strcmp(ksyms_all.syms[i].module, module);
	return known ? -ENOENT : -ENODEV;
}

bool ksyms_lists_data(void)
{
	int i, n = ksyms_load_all();

	for (i = 0; i < n; i++)
		if (strchr("dbr", ksyms_all.syms[i].kind))
			return true;
	return false;
}

/* A name list read from one file, parsed in place. */
struct ksyms_list {
	/* Splits line (NUL-terminated, writable) into name and module, or
	 * returns false to skip it. */
	bool (*parse)(char *line, struct ksyms_func *f);
	char *text;
	struct ksyms_func *funcs;
	int n;			/* count, or -errno once read */
	bool done;
};

static int ksyms_cmp(const void *a, const void *b)
{
	const struct ksyms_func *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->module, y->module);
}

/* "[module]" after the name, or nothing. */
static void ksyms_module(char *s, struct ksyms_func *f)
{
	char *open_br, *close_br;

	f->module = "";
	open_br = strchr(s, '[');
	close_br = open_br ? strchr(open_br, ']') : NULL;
	if (close_br) {
		*close_br = 0;
		f->module = open_br + 1;
	}
}

/* available_filter_functions: "name" or "name [module]". */
static bool ksyms_parse_filter(char *line, struct ksyms_func *f)
{
	size_t n = strcspn(line, " \t");

	if (!n || !strncmp(line, "__ftrace_invalid_address__", 26))
		return false;
	ksyms_module(line + n, f);
	line[n] = 0;
	f->name = line;
	return true;
}

/* kprobes/blacklist: "0xSTART-0xEND\tname" (modules' too, no module). */
static bool ksyms_parse_blacklist(char *line, struct ksyms_func *f)
{
	char *name = strchr(line, '\t');
	size_t n;

	if (!name)
		return false;
	name++;
	n = strcspn(name, " \t");
	if (!n)
		return false;
	name[n] = 0;
	f->name = name;
	f->module = "";
	return true;
}

static int ksyms_list_load(struct ksyms_list *l, const char *path,
			   const struct ksyms_func **out)
{
	char *line, *next;
	int cap = 0, i, n;

	if (!l->done) {
		l->done = true;
		l->text = path ? util_read_file(path, NULL) : NULL;
		if (!l->text) {
			l->n = path && errno ? -errno : -ENOENT;
			goto out;
		}
		for (line = l->text; *line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = 0;
			else
				next = line + strlen(line);
			if (l->n == cap) {
				cap = cap ? 2 * cap : 4096;
				l->funcs = xrealloc(l->funcs,
						    cap * sizeof(*l->funcs));
			}
			if (l->parse(line, &l->funcs[l->n]))
				l->n++;
		}
		qsort(l->funcs, l->n, sizeof(*l->funcs), ksyms_cmp);
		for (i = n = 0; i < l->n; i++)
			if (!n || ksyms_cmp(&l->funcs[n - 1], &l->funcs[i]))
				l->funcs[n++] = l->funcs[i];
		l->n = n;
	}
out:
	*out = l->funcs;
	return l->n;
}

int ksyms_traceable(const struct ksyms_func **out)
{
	static struct ksyms_list l = { .parse = ksyms_parse_filter };
	const char *dir = l.done ? NULL : tracefs_path();
	char *path = dir ? xasprintf("%s/available_filter_functions", dir)
			 : NULL;
	int n = ksyms_list_load(&l, path, out);

	free(path);
	return n;
}

int ksyms_text(const struct ksyms_func **out)
{
	static struct ksyms_func *funcs;
	static int n = -1;
	int i, all;

	if (n < 0) {
		all = ksyms_load_all();
		if (all < 0) {
			*out = NULL;
			return all;
		}
		funcs = xcalloc(all, sizeof(*funcs));
		for (i = n = 0; i < all; i++) {
			const struct ksyms_sym *s = &ksyms_all.syms[i];

			if (!s->text)
				continue;
			funcs[n].name = s->name;
			funcs[n].module = s->module;
			n++;
		}
		qsort(funcs, n, sizeof(*funcs), ksyms_cmp);
		all = n;
		for (i = n = 0; i < all; i++)
			if (!n || ksyms_cmp(&funcs[n - 1], &funcs[i]))
				funcs[n++] = funcs[i];
	}
	*out = funcs;
	return n;
}

int ksyms_kprobe_blacklist(const struct ksyms_func **out)
{
	static struct ksyms_list l = { .parse = ksyms_parse_blacklist };

	return ksyms_list_load(&l, "/sys/kernel/debug/kprobes/blacklist", out);
}

bool ksyms_has(const struct ksyms_func *funcs, int n, const char *name)
{
	int lo = 0, hi = n - 1, mid, c;

	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(funcs[mid].name, name);
		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return false;
}
