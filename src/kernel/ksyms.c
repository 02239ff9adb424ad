/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksyms.h"
#include "tracefs.h"
#include "../util.h"

int ksyms_lookup(const char *name, uint64_t *addr)
{
	char line[512], sym[256];
	uint64_t a;
	char kind;
	FILE *f = fopen("/proc/kallsyms", "r");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNx64 " %c %255s", &a, &kind, sym) != 3)
			continue;
		if (strcmp(sym, name))
			continue;
		*addr = a;
		ret = a ? 0 : -EPERM;
		break;
	}
	fclose(f);
	return ret;
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

/* kallsyms: "ADDR TYPE name" or "ADDR TYPE name\t[module]". */
static bool ksyms_parse_kallsyms(char *line, struct ksyms_func *f)
{
	char *type = strchr(line, ' '), *name;
	size_t n;

	if (!type || (type[1] != 't' && type[1] != 'T') || type[2] != ' ')
		return false;
	name = type + 3;
	n = strcspn(name, " \t");
	if (!n)
		return false;
	ksyms_module(name + n, f);
	name[n] = 0;
	f->name = name;
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
	static struct ksyms_list l = { .parse = ksyms_parse_kallsyms };

	return ksyms_list_load(&l, "/proc/kallsyms", out);
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
