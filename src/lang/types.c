/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "lang/types.h"


/* Every type ever made, so that type_free_all() can release them. */
static struct type **arena;
static int narena, carena;

struct type *type_new(void)
{
	struct type *t = xcalloc(1, sizeof(*t));

	if (narena == carena) {
		carena = carena ? 2 * carena : 256;
		arena = xrealloc(arena, carena * sizeof(*arena));
	}
	arena[narena++] = t;
	return t;
}

void type_free_all(void)
{
	int i, j;

	for (i = 0; i < narena; i++) {
		struct type *t = arena[i];

		if (t->kind == TY_STRUCT || t->kind == TY_TUPLE) {
			for (j = 0; j < t->nfields; j++)
				free(t->fields[j].name);
		}
		free(t->fields);
		free(t->name);
		free(t);
	}
	free(arena);
	arena = NULL;
	narena = carena = 0;
}

/*
 * Types are immutable once returned and live for the whole program, so
 * the common ones are interned and nothing is ever freed.
 */
static struct type *int_types[2][4];
static struct type *simple_types[TY_LHIST + 1];

struct str_type {
	struct type t;
	struct str_type *next;
};
static struct str_type *str_types;

static int int_slot(int size)
{
	switch (size) {
	case 1:
		return 0;
	case 2:
		return 1;
	case 4:
		return 2;
	default:
		return 3;
	}
}

struct type *type_int(int size, bool is_signed)
{
	struct type **slot;
	int i = int_slot(size);

	slot = &int_types[is_signed][i];
	if (!*slot) {
		*slot = xcalloc(1, sizeof(**slot));
		(*slot)->kind = TY_INT;
		(*slot)->size = 1 << i;
		(*slot)->is_signed = is_signed;
	}
	return *slot;
}

struct type *type_str(int size)
{
	struct str_type *s;

	for (s = str_types; s; s = s->next)
		if (s->t.size == size)
			return &s->t;
	s = xcalloc(1, sizeof(*s));
	s->t.kind = TY_STR;
	s->t.size = size;
	s->next = str_types;
	str_types = s;
	return &s->t;
}

struct type *type_buf(int n)
{
	struct type *t = type_new();

	t->kind = TY_BUF;
	t->size = n + 8;
	return t;
}

/*
 * Kinds with parameters get a default: TY_INT is int64, TY_STR is
 * string[64], TY_PTR is void *; TY_TUPLE and TY_STRUCT are empty.
 */
struct type *type_simple(enum type_kind kind)
{
	struct type *t;

	if (kind == TY_INT)
		return type_int(8, true);
	if (kind == TY_STR)
		return type_str(64);
	if ((unsigned)kind > TY_LHIST)
		kind = TY_NONE;
	if (simple_types[kind])
		return simple_types[kind];
	t = type_new();
	t->kind = kind;
	switch (kind) {
	case TY_NONE:
	case TY_TUPLE:
	case TY_STRUCT:
		t->size = 0;
		break;
	case TY_AVG:
	case TY_STATS:
		t->size = sizeof(struct agg_avg);
		break;
	case TY_MIN:
	case TY_MAX:
		t->size = sizeof(struct agg_minmax);
		break;
	case TY_USYM:
		t->size = 16;
		break;
	case TY_INET:
		t->size = 24;
		break;
	case TY_COUNT:
	case TY_SUM:
		t->is_signed = kind == TY_SUM;
		t->size = 8;
		break;
	default:
		t->size = 8;
		break;
	}
	simple_types[kind] = t;
	return t;
}

/*
 * Strings keep their size and are not aligned; everything else takes an
 * 8-byte slot, or its size if larger (tuples, user stacks), at an
 * 8-aligned offset.
 * Fields are named "0", "1", ... for t.N access.
 */
struct type *type_tuple(struct type **elems, int n)
{
	struct type *t = type_new();
	int off = 0, i;

	t->kind = TY_TUPLE;
	t->nfields = n;
	t->fields = xcalloc(n, sizeof(*t->fields));
	for (i = 0; i < n; i++) {
		struct field *f = &t->fields[i];
		int size;

		if (elems[i]->kind == TY_STR) {
			size = elems[i]->size;
		} else if (elems[i]->kind == TY_TUPLE ||
			   elems[i]->size > 8) {
			off = ALIGN_UP(off, 8);
			size = elems[i]->size;
		} else {
			off = ALIGN_UP(off, 8);
			size = 8;
		}
		f->name = xasprintf("%d", i);
		f->type = elems[i];
		f->offset = off;
		f->size = size;
		off += size;
	}
	t->size = ALIGN_UP(off, 8);
	return t;
}

struct type *type_stack(bool user, int depth, bool perf, int map)
{
	struct type *t = type_new();

	t->kind = user ? TY_USTACK : TY_KSTACK;
	t->size = user ? 16 : 8;
	t->stack_depth = depth;
	t->stack_perf = perf;
	t->stack_map = map;
	return t;
}

bool type_equal(const struct type *a, const struct type *b)
{
	int i;

	if (a == b)
		return true;
	if (!a || !b || a->kind != b->kind)
		return false;
	switch (a->kind) {
	case TY_INT:
		return a->size == b->size && a->is_signed == b->is_signed;
	case TY_STR:
	case TY_BUF:
		return a->size == b->size;
	case TY_TUPLE:
		if (a->nfields != b->nfields)
			return false;
		for (i = 0; i < a->nfields; i++)
			if (!type_equal(a->fields[i].type, b->fields[i].type))
				return false;
		return true;
	case TY_PTR:
		return type_equal(a->elem, b->elem);
	case TY_STRUCT:
		if (!a->name || !b->name)
			return a->name == b->name;
		return strcmp(a->name, b->name) == 0;
	case TY_KSTACK:
	case TY_USTACK:
		return a->stack_depth == b->stack_depth &&
		       a->stack_perf == b->stack_perf;
	case TY_LHIST:
		return a->lh_min == b->lh_min && a->lh_max == b->lh_max &&
		       a->lh_step == b->lh_step;
	default:
		return true;
	}
}

bool type_is_agg(const struct type *t)
{
	return t && t->kind >= TY_COUNT && t->kind <= TY_LHIST;
}

static const char *const kind_names[] = {
	[TY_NONE] = "none",
	[TY_INT] = "int",
	[TY_STR] = "string",
	[TY_PROBE] = "probe",
	[TY_KSYM] = "ksym",
	[TY_USYM] = "usym",
	[TY_TUPLE] = "tuple",
	[TY_CTX] = "args",
	[TY_PTR] = "pointer",
	[TY_STRUCT] = "struct",
	[TY_TIMESTAMP] = "timestamp",
	[TY_FUNC] = "func",
	[TY_INET] = "inet",
	[TY_KSTACK] = "kstack",
	[TY_BUF] = "buffer",
	[TY_USTACK] = "ustack",
	[TY_COUNT] = "count",
	[TY_SUM] = "sum",
	[TY_MIN] = "min",
	[TY_MAX] = "max",
	[TY_AVG] = "avg",
	[TY_STATS] = "stats",
	[TY_HIST] = "hist",
	[TY_LHIST] = "lhist",
};

static void name_into(struct buf *b, const struct type *t)
{
	int i;

	if (!t) {
		buf_printf(b, "void");
		return;
	}
	switch (t->kind) {
	case TY_INT:
		buf_printf(b, "%sint%d", t->is_signed ? "" : "u", t->size * 8);
		break;
	case TY_STR:
		buf_printf(b, "string[%d]", t->size);
		break;
	case TY_BUF:
		buf_printf(b, "buffer[%d]", t->size - 8);
		break;
	case TY_TUPLE:
		buf_printf(b, "(");
		for (i = 0; i < t->nfields; i++) {
			if (i)
				buf_printf(b, ", ");
			name_into(b, t->fields[i].type);
		}
		buf_printf(b, ")");
		break;
	case TY_PTR:
		name_into(b, t->elem);
		buf_printf(b, t->elem && t->elem->kind == TY_PTR ? "*" : " *");
		break;
	case TY_STRUCT:
		buf_printf(b, "struct %s", t->name ? t->name : "?");
		break;
	default:
		if ((unsigned)t->kind < ARRAY_SIZE(kind_names) &&
		    kind_names[t->kind])
			buf_printf(b, "%s", kind_names[t->kind]);
		else
			buf_printf(b, "type#%d", (int)t->kind);
		break;
	}
}

/* Writes into buf (truncated to len) and returns buf. */
const char *type_name(const struct type *t, char *buf, size_t len)
{
	struct buf b = { 0 };

	if (!len)
		return buf;
	name_into(&b, t);
	snprintf(buf, len, "%s", b.p ? b.p : "");
	buf_free(&b);
	return buf;
}

struct type *(*type_struct_named)(const char *name);
int (*type_complete_hook)(struct type *t);
int (*type_const_named)(const char *name, int64_t *value);

int type_complete(struct type *t)
{
	if (t->kind != TY_STRUCT || !t->incomplete)
		return 0;
	if (!type_complete_hook)
		return -ENOSYS;
	return type_complete_hook(t);
}

struct type *type_ptr(struct type *elem)
{
	struct type *t = type_new();

	t->kind = TY_PTR;
	t->size = 8;
	t->elem = elem;
	return t;
}
