/* SPDX-License-Identifier: GPL-2.0 */
/* Stack maps as folded stacks, the input of flame graphs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "record.h"
#include "samples.h"
#include "symbols.h"
#include "../lang/types.h"

struct fold_line {
	char *stack;
	uint64_t count;
};

/* Which stack a key part is, if any. */
enum fold_side {
	FOLD_NONE,
	FOLD_KERNEL,
	FOLD_USER,
};

static enum fold_side fold_side_of(const struct type *t)
{
	switch (t->kind) {
	case TY_KSTACK:
		return FOLD_KERNEL;
	case TY_USTACK:
		return FOLD_USER;
	default:
		return FOLD_NONE;
	}
}

void fold_frame(struct buf *stack, const char *name, size_t len)
{
	size_t i;

	if (stack->len)
		buf_put(stack, ";", 1);
	if (!len) {
		buf_put(stack, "[empty]", 7);
		return;
	}
	for (i = 0; i < len; i++) {
		unsigned char c = name[i];

		if (c == ';' || c < 0x20 || c == 0x7f)
			c = '_';
		buf_put(stack, &c, 1);
	}
}

void fold_add(struct fold *f, const char *stack, size_t len, uint64_t count)
{
	struct fold_line *l = xmalloc(sizeof(*l));

	l->stack = xstrndup(stack, len);
	l->count = count;
	vec_push(&f->lines, l);
}

static int fold_cmp_line(const void *a, const void *b)
{
	const struct fold_line *x = *(const struct fold_line *const *)a;
	const struct fold_line *y = *(const struct fold_line *const *)b;

	return strcmp(x->stack, y->stack);
}

void fold_write(struct fold *f, struct buf *out)
{
	int i, j;

	if (f->lines.n)
		qsort(f->lines.v, f->lines.n, sizeof(*f->lines.v),
		      fold_cmp_line);
	for (i = 0; i < f->lines.n; i = j) {
		struct fold_line *l = f->lines.v[i];
		uint64_t sum = l->count;

		for (j = i + 1; j < f->lines.n &&
		     !fold_cmp_line(&f->lines.v[i], &f->lines.v[j]); j++)
			sum += ((struct fold_line *)f->lines.v[j])->count;
		buf_printf(out, "%s %llu\n", l->stack, (unsigned long long)sum);
	}
	fold_free(f);
}

void fold_free(struct fold *f)
{
	int i;

	for (i = 0; i < f->lines.n; i++) {
		struct fold_line *l = f->lines.v[i];

		free(l->stack);
		free(l);
	}
	vec_free(&f->lines);
}

bool fold_has_stack(const struct type *key)
{
	int i;

	if (!key)
		return false;
	if (key->kind != TY_TUPLE)
		return fold_side_of(key) != FOLD_NONE;
	for (i = 0; i < key->nfields; i++)
		if (fold_side_of(key->fields[i].type) != FOLD_NONE)
			return true;
	return false;
}

static uint64_t fold_rd64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * The frames of the stack at p (its type t), leaf first, as names
 * without offsets: pushed on names as allocated strings.
 */
static void fold_stack_names(const struct rt_out *rt, const struct type *t,
			     const void *p, struct vec *names)
{
	uint64_t ips[STACK_DEPTH];
	struct sym_proc *proc;
	struct buf b = { 0 };
	int n, i, err;

	n = print_stack_read(rt, t, p, ips, &proc);
	for (i = 0; i < n; i++) {
		b.len = 0;
		if (t->kind == TY_USTACK)
			err = sym_user_ex(proc, ips[i], 0, &b);
		else
			err = sym_kernel_ex(ips[i], 0, &b);
		if (err)
			vec_push(names, xstrdup("[unknown]"));
		else
			vec_push(names, xstrndup(b.p, b.len));
	}
	buf_free(&b);
}

/* Appends the stack parts of side in key k, outermost frame first. */
static void fold_key_stacks(const struct rt_out *rt, const struct type *k,
			    const void *key, enum fold_side side,
			    const char *suffix, struct buf *line)
{
	int nparts = k->kind == TY_TUPLE ? k->nfields : 1, i, j;
	struct buf name = { 0 };

	for (i = 0; i < nparts; i++) {
		const struct type *t = k->kind == TY_TUPLE ? k->fields[i].type : k;
		const char *p = (const char *)key +
				(k->kind == TY_TUPLE ? k->fields[i].offset : 0);
		struct vec names = { 0 };

		if (fold_side_of(t) != side)
			continue;
		fold_stack_names(rt, t, p, &names);
		for (j = names.n - 1; j >= 0; j--) {
			name.len = 0;
			buf_printf(&name, "%s%s", (char *)names.v[j], suffix);
			fold_frame(line, name.p, name.len);
			free(names.v[j]);
		}
		vec_free(&names);
	}
	buf_free(&name);
}

/* The folded stack of one key: its other parts, user, kernel frames. */
static void fold_key(const struct rt_out *rt, const struct type *k,
		     const void *key, struct buf *line)
{
	int nparts = k->kind == TY_TUPLE ? k->nfields : 1, i;
	bool user = false;
	struct buf part = { 0 };

	for (i = 0; i < nparts; i++) {
		const struct type *t = k->kind == TY_TUPLE ? k->fields[i].type : k;
		const char *p = (const char *)key +
				(k->kind == TY_TUPLE ? k->fields[i].offset : 0);

		if (fold_side_of(t) == FOLD_USER)
			user = true;
		if (fold_side_of(t) != FOLD_NONE)
			continue;
		part.len = 0;
		if (t->kind == TY_PTR)
			buf_printf(&part, "0x%llx",
				   (unsigned long long)fold_rd64(p));
		else
			print_value(rt, t, p, &part);
		fold_frame(line, part.p, part.len);
	}
	buf_free(&part);
	fold_key_stacks(rt, k, key, FOLD_USER, "", line);
	fold_key_stacks(rt, k, key, FOLD_KERNEL, user ? FOLD_KERNEL_SUFFIX : "",
			line);
	if (!line->len)
		fold_frame(line, "[unknown]", 9);
}

/* An integer value narrowed to its declared width. */
static int64_t fold_int(const struct type *t, const void *p)
{
	uint64_t v = fold_rd64(p);

	switch (t->size) {
	case 1:
		return t->is_signed ? (int8_t)v : (int64_t)(uint8_t)v;
	case 2:
		return t->is_signed ? (int16_t)v : (int64_t)(uint16_t)v;
	case 4:
		return t->is_signed ? (int32_t)v : (int64_t)(uint32_t)v;
	default:
		return (int64_t)v;
	}
}

/* The weight of an entry; false if it has none to show. */
static bool fold_count(const struct type *t, const struct print_entry *e,
		       uint64_t *count)
{
	bool is_unsigned = false;
	int64_t v;
	int i;

	switch (t->kind) {
	case TY_COUNT:
		is_unsigned = true;
		v = e->agg[0];
		break;
	case TY_SUM:
		is_unsigned = t->elem ? !t->elem->is_signed : !t->is_signed;
		v = e->agg[0];
		break;
	case TY_MIN:
	case TY_MAX:
		v = e->agg[0];
		break;
	case TY_AVG:
	case TY_STATS:
		v = e->agg[1];
		break;
	case TY_HIST:
	case TY_LHIST:
		is_unsigned = true;
		v = 0;
		for (i = 0; i < e->nbuckets; i++)
			v = (int64_t)((uint64_t)v + e->buckets[i]);
		break;
	case TY_INT:
		is_unsigned = t->size == 8 && !t->is_signed;
		v = fold_int(t, e->val);
		break;
	default:
		return false;
	}
	if (is_unsigned ? v == 0 : v <= 0)
		return false;
	*count = (uint64_t)v;
	return true;
}

int fold_map(const struct rt_out *rt, const struct map_info *m,
	     struct buf *out)
{
	struct print_entries e;
	struct fold f = { 0 };
	struct buf line = { 0 };
	uint64_t count;
	int err, i;

	if (!fold_has_stack(m->sym->key))
		return -ENOTSUP;
	err = print_read_map(rt, m, &e);
	for (i = 0; !err && i < e.n; i++) {
		if (!fold_count(m->sym->val, &e.v[i], &count))
			continue;
		line.len = 0;
		fold_key(rt, m->sym->key, e.v[i].key, &line);
		fold_add(&f, line.p, line.len, count);
	}
	if (!err)
		fold_write(&f, out);
	fold_free(&f);
	buf_free(&line);
	print_entries_free(&e);
	return err;
}

/* Adds the frames of the stack at p (its type t) to s; their indices to v. */
static void fold_stack_locs(const struct rt_out *rt, const struct type *t,
			    const void *p, struct samples *s, int *v, int *n)
{
	uint64_t ips[STACK_DEPTH];
	bool kernel = t->kind == TY_KSTACK;
	struct sym_proc *proc;
	struct sym_where w;
	struct buf b = { 0 };
	int i, nips, mapping, err;

	nips = print_stack_read(rt, t, p, ips, &proc);
	for (i = 0; i < nips && *n < STACK_DEPTH * 2; i++) {
		b.len = 0;
		if (kernel) {
			err = sym_kernel_ex(ips[i], 0, &b);
			mapping = sym_kernel_where(ips[i], &w);
		} else {
			err = sym_user_ex(proc, ips[i], 0, &b);
			mapping = sym_user_where(proc, ips[i], &w);
		}
		if (!mapping)
			mapping = samples_mapping(s, w.start, w.end, w.pgoff,
						  w.path, w.build_id);
		else
			mapping = -1;
		v[(*n)++] = samples_loc(s, ips[i], kernel, mapping,
					err ? NULL : b.p);
	}
	buf_free(&b);
}

/* Adds the entry of key (type k) and count to s. */
static void fold_key_sample(const struct rt_out *rt, const struct type *k,
			    const void *key, uint64_t count, struct samples *s)
{
	int nparts = k->kind == TY_TUPLE ? k->nfields : 1, i;
	int user[STACK_DEPTH * 2], kern[STACK_DEPTH * 2], nuser = 0, nkern = 0;
	struct vec roots = { 0 };
	struct buf part = { 0 };
	bool has_user = false;
	int64_t pid = -1;

	for (i = 0; i < nparts; i++) {
		const struct type *t = k->kind == TY_TUPLE ? k->fields[i].type : k;
		const char *p = (const char *)key +
				(k->kind == TY_TUPLE ? k->fields[i].offset : 0);

		switch (fold_side_of(t)) {
		case FOLD_USER:
			has_user = true;
			pid = (int64_t)(uint32_t)fold_rd64(p + 8);
			fold_stack_locs(rt, t, p, s, user, &nuser);
			break;
		case FOLD_KERNEL:
			fold_stack_locs(rt, t, p, s, kern, &nkern);
			break;
		case FOLD_NONE:
			part.len = 0;
			if (t->kind == TY_PTR)
				buf_printf(&part, "0x%llx",
					   (unsigned long long)fold_rd64(p));
			else
				print_value(rt, t, p, &part);
			vec_push(&roots, xstrndup(part.p ? part.p : "",
						  part.len));
			break;
		}
	}
	samples_add(s, count, pid, has_user, (const char *const *)roots.v,
		    roots.n, user, nuser, kern, nkern);
	for (i = 0; i < roots.n; i++)
		free(roots.v[i]);
	vec_free(&roots);
	buf_free(&part);
}

int fold_map_samples(const struct rt_out *rt, const struct map_info *m,
		     struct samples *s)
{
	struct print_entries e;
	uint64_t count;
	int err, i;

	if (!fold_has_stack(m->sym->key))
		return -ENOTSUP;
	err = print_read_map(rt, m, &e);
	for (i = 0; !err && i < e.n; i++)
		if (fold_count(m->sym->val, &e.v[i], &count))
			fold_key_sample(rt, m->sym->key, e.v[i].key, count, s);
	print_entries_free(&e);
	return err;
}

/* print(@m) under -f raw: one dump document of m's samples. */
static int fold_print_raw(const struct rt_out *rt, const struct map_info *m)
{
	struct samples s = { 0 };
	struct buf b = { 0 };
	int err;

	err = fold_map_samples(rt, m, &s);
	if (err == -ENOTSUP) {
		fprintf(stderr, "ferret: %s has no stack in its key: left out of the raw output\n",
			m->name);
		err = 0;
	} else if (!err) {
		samples_write(&s, &b);
		fwrite(b.p, 1, b.len, rt->f);
	}
	samples_free(&s);
	buf_free(&b);
	fflush(rt->f);
	return err;
}

int fold_print_map(const struct rt_out *rt, const struct map_info *m)
{
	struct buf b = { 0 };
	int err;

	if (rt->format == OUT_RAW)
		return fold_print_raw(rt, m);
	err = fold_map(rt, m, &b);
	if (err == -ENOTSUP) {
		fprintf(stderr, "ferret: %s has no stack in its key: left out of the folded output\n",
			m->name);
		err = 0;
	}
	if (!err && b.len)
		fwrite(b.p, 1, b.len, rt->f);
	buf_free(&b);
	fflush(rt->f);
	return err;
}

/*
 * The maps with stacks at exit under -f raw: one dump document of all
 * their samples, so that a reader sees one profile.
 */
static int fold_raw_at_exit(const struct rt_out *rt,
			    const struct map_info **v, int n)
{
	struct samples s = { 0 };
	struct buf b = { 0 };
	int i, err, ret = 0;

	for (i = 0; i < n; i++) {
		err = fold_map_samples(rt, v[i], &s);
		if (err == -ENOTSUP)
			fprintf(stderr, "ferret: %s has no stack in its key: left out of the raw output\n",
				v[i]->name);
		else if (err && !ret)
			ret = err;
	}
	samples_write(&s, &b);
	fwrite(b.p, 1, b.len, rt->f);
	fflush(rt->f);
	samples_free(&s);
	buf_free(&b);
	return ret;
}

static int fold_cmp_map(const void *a, const void *b)
{
	const struct map_info *x = *(const struct map_info *const *)a;
	const struct map_info *y = *(const struct map_info *const *)b;

	return strcmp(x->name, y->name);
}

int fold_maps_at_exit(const struct rt_out *rt, const struct map_info *maps,
		      int n)
{
	const struct map_info **v = xmalloc((n ? n : 1) * sizeof(*v));
	int i, err, ret = 0;

	for (i = 0; i < n; i++)
		v[i] = &maps[i];
	qsort(v, n, sizeof(*v), fold_cmp_map);
	if (rt->format == OUT_RAW) {
		ret = fold_raw_at_exit(rt, v, n);
		free(v);
		return ret;
	}
	for (i = 0; i < n; i++) {
		err = fold_print_map(rt, v[i]);
		if (err && !ret)
			ret = err;
	}
	free(v);
	return ret;
}
