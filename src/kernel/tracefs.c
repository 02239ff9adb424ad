/* SPDX-License-Identifier: GPL-2.0 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>

#include "util.h"
#include "lang/types.h"
#include "kernel/tracefs.h"
#include "kernel/btf.h"

#define TRACEFS_DIR "/sys/kernel/tracing"
#define TRACEFS_DEBUG_DIR "/sys/kernel/debug/tracing"
#define TRACEFS_NBUCKETS 1024
#define TRACEFS_DATA_LOC_STRLEN 64

struct tracefs_entry {
	struct tracefs_event *ev;
	struct tracefs_entry *next;
};

static struct tracefs_entry *tracefs_cache[TRACEFS_NBUCKETS];

static bool tracefs_is_mounted(const char *dir)
{
	struct statfs st;

	return statfs(dir, &st) == 0 && st.f_type == TRACEFS_MAGIC;
}

const char *tracefs_path(void)
{
	static const char *path;
	int err;

	if (path)
		return path;
	if (tracefs_is_mounted(TRACEFS_DIR))
		return path = TRACEFS_DIR;
	err = mount("nodev", TRACEFS_DIR, "tracefs", 0, NULL) ? errno : 0;
	if (!err && tracefs_is_mounted(TRACEFS_DIR))
		return path = TRACEFS_DIR;
	/* An automount point when debugfs is mounted: statfs triggers it. */
	if (tracefs_is_mounted(TRACEFS_DEBUG_DIR))
		return path = TRACEFS_DEBUG_DIR;
	errno = err ? err : ENODEV;
	return NULL;
}

static bool tracefs_valid_name(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

static unsigned int tracefs_hash(const char *cat, const char *ev)
{
	uint32_t h = hash_bytes(HASH_INIT, cat, strlen(cat));

	h = hash_bytes(h, ":", 1);
	return hash_bytes(h, ev, strlen(ev)) % TRACEFS_NBUCKETS;
}

static bool tracefs_is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static const char *tracefs_skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * Splits a declaration such as "char prev_comm[16]", "const char * name"
 * or "__data_loc char[] filename" into name and C type; an array suffix
 * on the name moves to the type ("char[16]").
 */
static int tracefs_parse_decl(const char *decl, size_t len,
			      struct tracefs_field *f)
{
	const char *end = decl + len, *name, *name_end, *arr = NULL;
	const char *type_end;
	char *num_end;

	while (end > decl && isspace((unsigned char)end[-1]))
		end--;
	name_end = end;
	if (end > decl && end[-1] == ']') {
		for (arr = end - 1; arr > decl && *arr != '['; arr--)
			;
		if (*arr != '[')
			return -EINVAL;
		if (arr + 1 == end - 1) {
			f->array_len = -1;
		} else {
			f->array_len = strtol(arr + 1, &num_end, 0);
			if (num_end != end - 1 || f->array_len <= 0)
				f->array_len = -1;
		}
		name_end = arr;
		while (name_end > decl && isspace((unsigned char)name_end[-1]))
			name_end--;
	}
	for (name = name_end; name > decl && tracefs_is_ident(name[-1]); name--)
		;
	if (name == name_end)
		return -EINVAL;
	for (type_end = name; type_end > decl &&
	     isspace((unsigned char)type_end[-1]); type_end--)
		;
	decl = tracefs_skip_space(decl);
	if (type_end <= decl)
		return -EINVAL;
	f->name = xstrndup(name, name_end - name);
	f->ctype = xasprintf("%.*s%.*s", (int)(type_end - decl), decl,
			     arr ? (int)(end - arr) : 0, arr ? arr : "");
	f->data_loc = !strncmp(f->ctype, "__data_loc", 10);
	f->rel_loc = !strncmp(f->ctype, "__rel_loc", 9);
	return 0;
}

static int tracefs_parse_num(const char *line, const char *key, int *out)
{
	const char *p = strstr(line, key);
	char *end;
	long v;

	if (!p)
		return -EINVAL;
	v = strtol(p + strlen(key), &end, 10);
	if (end == p + strlen(key) || v < 0 || v > 0xffff)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

/* line points after "field:" and ends at '\n' or NUL. */
static int tracefs_parse_field(const char *line, struct tracefs_field *f)
{
	const char *semi = strchr(line, ';');
	const char *nl = strchr(line, '\n');
	char *rest;
	int sign = 0, err;

	if (!semi || (nl && semi > nl))
		return -EINVAL;
	rest = xstrndup(semi, nl ? (size_t)(nl - semi) : strlen(semi));
	err = tracefs_parse_num(rest, "offset:", &f->offset);
	if (!err)
		err = tracefs_parse_num(rest, "size:", &f->size);
	if (!err && strstr(rest, "signed:"))
		err = tracefs_parse_num(rest, "signed:", &sign);
	free(rest);
	if (err)
		return err;
	f->is_signed = sign;
	return tracefs_parse_decl(line, semi - line, f);
}

static const char *tracefs_strip_const(const char *t)
{
	while (!strncmp(t, "const ", 6) || !strncmp(t, "volatile ", 9))
		t = strchr(t, ' ') + 1;
	return t;
}

/*
 * Syscall tracepoints declare every argument as an unsigned long slot with
 * signed:0 whatever its C type; bpftrace goes by the C type, so does this.
 */
static bool tracefs_field_signed(const struct tracefs_field *f)
{
	static const char *const names[] = {
		"int", "long", "short", "long long", "long int", "short int",
		"long long int", "signed", "signed int", "signed long",
		"signed char", "s8", "s16", "s32", "s64", "__s8", "__s16",
		"__s32", "__s64", "ssize_t", "loff_t", "off_t", "time_t",
		"clockid_t", "key_serial_t", "mqd_t", "timer_t",
		"__kernel_ssize_t", "__kernel_off_t", "__kernel_loff_t",
		"__kernel_time_t", "__kernel_clockid_t", "__kernel_timer_t",
	};
	const char *t = tracefs_strip_const(f->ctype);
	size_t i;

	if (f->is_signed)
		return true;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(t, names[i]))
			return true;
	return false;
}

static struct type *tracefs_field_type(const struct tracefs_field *f)
{
	const char *t = tracefs_strip_const(f->ctype);

	if (f->data_loc)
		return !strcmp(f->ctype, "__data_loc char[]") ||
		       !strcmp(f->ctype, "__data_loc const char[]") ?
		       type_str(TRACEFS_DATA_LOC_STRLEN) : type_simple(TY_NONE);
	if (f->rel_loc)
		return type_simple(TY_NONE);
	if (f->array_len) {
		if (f->array_len > 0 && f->size == f->array_len &&
		    !strncmp(t, "char[", 5))
			return type_str(f->size);
		return type_simple(TY_NONE);
	}
	if (strchr(t, '*')) {
		/* "struct timespec *": typed through BTF, so -> works */
		struct type *bt = f->size == 8 ? kbtf_parse_ctype(t) : NULL;

		if (bt)
			return bt;
		return f->size == 8 || f->size == 4 ? type_int(f->size, false) :
						      type_simple(TY_NONE);
	}
	if (!strncmp(t, "struct ", 7) || !strncmp(t, "union ", 6))
		return type_simple(TY_NONE);
	switch (f->size) {
	case 1:
	case 2:
	case 4:
	case 8:
		return type_int(f->size, tracefs_field_signed(f));
	default:
		return type_simple(TY_NONE);
	}
}

static struct type *tracefs_build_type(const struct tracefs_event *ev)
{
	struct type *t = type_new();
	int i;

	t->kind = TY_STRUCT;
	t->size = ev->size;
	t->name = xasprintf("_tracepoint_%s_%s", ev->category, ev->name);
	t->nfields = ev->nfields;
	t->fields = xcalloc(ev->nfields, sizeof(*t->fields));
	for (i = 0; i < ev->nfields; i++) {
		const struct tracefs_field *tf = &ev->fields[i];
		struct field *f = &t->fields[i];

		f->name = xstrdup(tf->name);
		f->type = tracefs_field_type(tf);
		f->offset = tf->offset;
		f->size = tf->size;
		f->data_loc = tf->data_loc;
	}
	return t;
}

static void tracefs_free_fields(struct tracefs_field *fields, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(fields[i].name);
		free(fields[i].ctype);
	}
	free(fields);
}

void tracefs_event_free(struct tracefs_event *ev)
{

	if (!ev)
		return;
	/* ev->type belongs to the type arena (type_free_all). */
	tracefs_free_fields(ev->fields, ev->nfields);
	free(ev->category);
	free(ev->name);
	free(ev);
}

struct tracefs_event *tracefs_parse(const char *category, const char *event,
				    const char *text)
{
	struct tracefs_event *ev = xcalloc(1, sizeof(*ev));
	const char *line = text;
	bool have_id = false;
	int cap = 0, err = -EINVAL;

	ev->category = xstrdup(category);
	ev->name = xstrdup(event);
	while (line && *line) {
		const char *p = tracefs_skip_space(line);
		struct tracefs_field f = { 0 };

		if (!strncmp(p, "ID:", 3)) {
			char *end;
			long id = strtol(p + 3, &end, 10);

			if (end == p + 3 || id < 0 || id > 0x7fffffff)
				goto fail;
			ev->id = (int)id;
			have_id = true;
		} else if (!strncmp(p, "print fmt:", 10)) {
			break;
		} else if (!strncmp(p, "field:", 6)) {
			if (tracefs_parse_field(p + 6, &f))
				goto fail;
			if (f.offset + f.size > ev->size)
				ev->size = f.offset + f.size;
			if (!strncmp(f.name, "common_", 7)) {
				free(f.name);
				free(f.ctype);
			} else {
				if (ev->nfields == cap) {
					cap = cap ? cap * 2 : 8;
					ev->fields = xrealloc(ev->fields,
						cap * sizeof(*ev->fields));
				}
				ev->fields[ev->nfields++] = f;
			}
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	if (!have_id)
		goto fail;
	ev->type = tracefs_build_type(ev);
	return ev;
fail:
	tracefs_event_free(ev);
	errno = -err;
	return NULL;
}

/* The cached formats outlive the types built from them. */
static void tracefs_drop_types(void)
{
	struct tracefs_entry *e;
	int i;

	for (i = 0; i < TRACEFS_NBUCKETS; i++)
		for (e = tracefs_cache[i]; e; e = e->next)
			e->ev->type = NULL;
}

const struct tracefs_event *tracefs_event(const char *category,
					  const char *event)
{
	unsigned int h = tracefs_hash(category, event);
	struct tracefs_entry *e;
	struct tracefs_event *ev;
	const char *dir;
	char *path, *text;
	int err;

	for (e = tracefs_cache[h]; e; e = e->next) {
		if (!strcmp(e->ev->category, category) &&
		    !strcmp(e->ev->name, event)) {
			if (!e->ev->type)
				e->ev->type = tracefs_build_type(e->ev);
			return e->ev;
		}
	}
	if (!tracefs_valid_name(category) || !tracefs_valid_name(event)) {
		errno = ENOENT;
		return NULL;
	}
	dir = tracefs_path();
	if (!dir)
		return NULL;
	path = xasprintf("%s/events/%s/%s/format", dir, category, event);
	text = util_read_file(path, NULL);
	err = errno;
	free(path);
	if (!text) {
		errno = err;
		return NULL;
	}
	ev = tracefs_parse(category, event, text);
	err = errno;
	free(text);
	if (!ev) {
		errno = err;
		return NULL;
	}
	e = xmalloc(sizeof(*e));
	e->ev = ev;
	e->next = tracefs_cache[h];
	tracefs_cache[h] = e;
	type_on_free(tracefs_drop_types);
	return ev;
}

static int tracefs_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool tracefs_is_dir(const char *parent, const char *name)
{
	char *path = xasprintf("%s/%s", parent, name);
	struct stat st;
	bool ok = stat(path, &st) == 0 && S_ISDIR(st.st_mode);

	free(path);
	return ok;
}

/* Directory names under dir matching glob, sorted, into out (xstrdup'd). */
static int tracefs_subdirs(const char *dir, const char *glob, struct vec *out)
{
	struct dirent *d;
	DIR *dp;

	if (!util_has_glob(glob)) {
		if (tracefs_valid_name(glob) && tracefs_is_dir(dir, glob))
			vec_push(out, xstrdup(glob));
		return 0;
	}
	dp = opendir(dir);
	if (!dp)
		return -errno;
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.' || !util_glob(glob, d->d_name))
			continue;
		if (d->d_type == DT_UNKNOWN ? !tracefs_is_dir(dir, d->d_name) :
		    d->d_type != DT_DIR)
			continue;
		vec_push(out, xstrdup(d->d_name));
	}
	closedir(dp);
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), tracefs_cmp);
	return 0;
}

bool tracefs_has_category(const char *category)
{
	const char *dir = tracefs_path();
	char *events;
	bool ok;

	if (!dir || !tracefs_valid_name(category))
		return false;
	events = xasprintf("%s/events", dir);
	ok = tracefs_is_dir(events, category);
	free(events);
	return ok;
}

int tracefs_list(const char *cat_glob, const char *event_glob,
		 int (*fn)(const char *category, const char *event, void *arg),
		 void *arg)
{
	struct vec cats = { 0 }, evs = { 0 };
	const char *dir = tracefs_path();
	char *events, *catdir;
	int i, j, ret, count = 0;

	if (!dir)
		return -errno;
	events = xasprintf("%s/events", dir);
	ret = tracefs_subdirs(events, cat_glob, &cats);
	for (i = 0; !ret && i < cats.n; i++) {
		if (!strcmp(cats.v[i], "ftrace"))
			continue;
		catdir = xasprintf("%s/%s", events, (char *)cats.v[i]);
		ret = tracefs_subdirs(catdir, event_glob, &evs);
		free(catdir);
		for (j = 0; !ret && j < evs.n; j++) {
			count++;
			if (fn)
				ret = fn(cats.v[i], evs.v[j], arg);
		}
		vec_free_all(&evs);
	}
	vec_free_all(&cats);
	free(events);
	return ret ? ret : count;
}
