/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "lang/types.h"


/* The script's own definitions: tagged types, typedefs, enumerators. */
struct def {
	char *tag;		/* "struct", "union", "enum"; NULL: typedef */
	char *name;
	struct type *type;
	int64_t value;		/* enumerators (type NULL) */
	char *owner;		/* enumerators: their enum's tag, or NULL */
};
static struct def *defs;
static int ndefs;

/* Kinds without parameters, made once per type_free_all() cycle. */
static struct type *simple_types[TY_AGG_LAST + 1];

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

#define MAX_ON_FREE 8
static void (*on_free[MAX_ON_FREE])(void);

void type_on_free(void (*fn)(void))
{
	int i;

	for (i = 0; i < MAX_ON_FREE && on_free[i]; i++)
		if (on_free[i] == fn)
			return;
	if (i < MAX_ON_FREE)
		on_free[i] = fn;
	else
		abort();	/* a new cache of types: raise MAX_ON_FREE */
}

void type_free_all(void)
{
	int i, j;

	for (i = 0; i < MAX_ON_FREE && on_free[i]; i++)
		on_free[i]();

	for (i = 0; i < narena; i++) {
		struct type *t = arena[i];

		if (t->kind == TY_STRUCT || t->kind == TY_TUPLE) {
			for (j = 0; j < t->nfields; j++) {
				free(t->fields[j].name);
				free(t->fields[j].ctype);
			}
		}
		free(t->fields);
		free(t->name);
		free(t);
	}
	free(arena);
	arena = NULL;
	narena = carena = 0;
	memset(simple_types, 0, sizeof(simple_types));
	for (i = 0; i < ndefs; i++) {
		free(defs[i].tag);
		free(defs[i].name);
		free(defs[i].owner);
	}
	free(defs);
	defs = NULL;
	ndefs = 0;
}

/*
 * Types are immutable once returned and live for the whole program, so
 * the common ones are interned and nothing is ever freed.
 */
static struct type *int_types[2][4];

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

static struct type *str_of(int size, bool ubytes)
{
	struct str_type *s;

	for (s = str_types; s; s = s->next)
		if (s->t.size == size && s->t.ubytes == ubytes)
			return &s->t;
	s = xcalloc(1, sizeof(*s));
	s->t.kind = TY_STR;
	s->t.size = size;
	s->t.ubytes = ubytes;
	s->next = str_types;
	str_types = s;
	return &s->t;
}

struct type *type_str(int size)
{
	return str_of(size, false);
}

struct type *type_str_unsigned(int size)
{
	return str_of(size, true);
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
	if ((unsigned)kind > TY_AGG_LAST)
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
	case TY_STDDEV:
		t->size = sizeof(struct agg_stddev);
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
 * Elements are laid out as C lays out a struct of them: each at its own
 * alignment, integers at their declared size, strings unaligned; the
 * size is rounded to the largest alignment.  Fields are named "0", "1",
 * ... for t.N access.
 */
struct type *type_tuple(struct type **elems, int n)
{
	struct type *t = type_new();
	int off = 0, i;

	t->kind = TY_TUPLE;
	t->nfields = n;
	t->fields = xcalloc(n, sizeof(*t->fields));
	t->align = 1;
	for (i = 0; i < n; i++) {
		struct field *f = &t->fields[i];
		int a = type_align(elems[i]);

		off = ALIGN_UP(off, a);
		if (a > t->align)
			t->align = a;
		f->name = xasprintf("%d", i);
		f->type = elems[i];
		f->offset = off;
		f->size = elems[i]->size;
		off += f->size;
	}
	t->size = ALIGN_UP(off, t->align);
	return t;
}

int type_align(const struct type *t)
{
	switch (t->kind) {
	case TY_INT:
	case TY_FLOAT:
		return t->size ? t->size : 1;
	case TY_STR:
		return 1;
	case TY_ARRAY:
		return type_align(t->elem);
	case TY_STRUCT:
	case TY_TUPLE:
		return t->align ? t->align : 8;
	default:
		return 8;
	}
}

struct type *type_named(const struct builtin *b, int size, const char *arg)
{
	struct type *t = type_new();

	t->kind = TY_NAMED;
	t->size = size;
	t->namer = b;
	t->name = arg ? xstrdup(arg) : NULL;
	return t;
}

struct type *type_array(struct type *elem, int count)
{
	struct type *t;

	if (elem->kind == TY_INT && elem->size == 1 && elem->name &&
	    !strcmp(elem->name, "char"))
		return type_str(count);
	t = type_new();
	t->kind = TY_ARRAY;
	t->elem = elem;
	t->count = count;
	t->size = elem->size * count;
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
	case TY_FLOAT:
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
	case TY_ARRAY:
		return a->count == b->count && type_equal(a->elem, b->elem);
	case TY_NAMED:
		return a->namer == b->namer && a->size == b->size &&
		       !strcmp(a->name ? a->name : "", b->name ? b->name : "");
	case TY_STRUCT:
		if (!a->name || !b->name)
			return a->name == b->name;
		return strcmp(a->name, b->name) == 0;
	case TY_KSTACK:
	case TY_USTACK:
		return a->stack_depth == b->stack_depth &&
		       a->stack_perf == b->stack_perf;
	case TY_LHIST:
	case TY_LLQUANT:
		return a->lh_min == b->lh_min && a->lh_max == b->lh_max &&
		       a->lh_step == b->lh_step && a->lh_factor == b->lh_factor;
	default:
		return true;
	}
}

bool type_is_agg(const struct type *t)
{
	return t && t->kind >= TY_COUNT && t->kind <= TY_AGG_LAST;
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
	[TY_ARRAY] = "array",
	[TY_NAMED] = "named",
	[TY_FLOAT] = "float",
	[TY_COUNT] = "count",
	[TY_SUM] = "sum",
	[TY_MIN] = "min",
	[TY_MAX] = "max",
	[TY_AVG] = "avg",
	[TY_STATS] = "stats",
	[TY_HIST] = "hist",
	[TY_LHIST] = "lhist",
	[TY_QUANT] = "quantize",
	[TY_STDDEV] = "stddev",
	[TY_LLQUANT] = "llquantize",
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
		buf_printf(b, "%s %s", t->is_union ? "union" : "struct",
			   t->name ? t->name : "?");
		break;
	case TY_ARRAY:
		name_into(b, t->elem);
		buf_printf(b, "[%d]", t->count);
		break;
	case TY_FLOAT:
		buf_printf(b, "%s", t->size == 4 ? "float" : t->size == 8 ?
			   "double" : "long double");
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
struct type *(*type_typedef_hook)(const char *name);

int type_complete(struct type *t)
{
	if (t->kind != TY_STRUCT || !t->incomplete)
		return 0;
	if (!t->btf_id || !type_complete_hook)
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

struct type *type_scratch_ptr(const struct type *ptr, int scratch)
{
	struct type *t = type_ptr(ptr->elem);

	t->scratch = scratch;
	return t;
}

struct type *type_scratch_int(const struct type *t)
{
	struct type *c = type_new();

	*c = *t;
	c->scratch = SCRATCH_PTR;
	return c;
}

static struct def *def_find(const char *tag, const char *name, bool is_const)
{
	int i;

	for (i = 0; i < ndefs; i++) {
		struct def *d = &defs[i];

		if (is_const != !d->type || strcmp(d->name, name))
			continue;
		if (is_const || (!tag && !d->tag) ||
		    (tag && d->tag && !strcmp(tag, d->tag)))
			return d;
	}
	return NULL;
}

static int def_add(const char *tag, const char *name, struct type *t,
		   int64_t value)
{
	if (def_find(tag, name, !t))
		return -EEXIST;
	defs = xrealloc(defs, (ndefs + 1) * sizeof(*defs));
	defs[ndefs].tag = tag ? xstrdup(tag) : NULL;
	defs[ndefs].name = xstrdup(name);
	defs[ndefs].type = t;
	defs[ndefs].value = value;
	defs[ndefs].owner = NULL;
	ndefs++;
	return 0;
}

int type_define(const char *tag, const char *name, struct type *t)
{
	return def_add(tag, name, t, 0);
}

struct type *type_defined(const char *tag, const char *name)
{
	struct def *d = def_find(tag, name, false);

	return d ? d->type : NULL;
}

int type_define_const(const char *name, int64_t value)
{
	return def_add(NULL, name, NULL, value);
}

int type_define_enumerator(const char *tag, const char *name, int64_t value)
{
	int ret = def_add(NULL, name, NULL, value);

	if (!ret && tag)
		defs[ndefs - 1].owner = xstrdup(tag);
	return ret;
}

const char *type_enumerator(const char *tag, int64_t v)
{
	int i;

	for (i = 0; i < ndefs; i++)
		if (!defs[i].type && defs[i].owner && defs[i].value == v &&
		    !strcmp(defs[i].owner, tag))
			return defs[i].name;
	return NULL;
}

int type_script_const(const char *name, int64_t *value)
{
	struct def *d = def_find(NULL, name, true);

	if (!d)
		return -ENOENT;
	*value = d->value;
	return 0;
}

int type_const(const char *name, int64_t *value)
{
	struct def *d = def_find(NULL, name, true);

	if (d) {
		*value = d->value;
		return 0;
	}
	if (!type_const_named)
		return -ENOENT;
	return type_const_named(name, value);
}

struct type *type_struct(const char *tag, const char *name)
{
	struct type *t = type_defined(tag, name);

	if (t)
		return t;
	if (!type_struct_named) {
		errno = ENOENT;
		return NULL;
	}
	return type_struct_named(name);
}

struct int_name {
	const char *name;
	int size;
	bool sign;
};

/* bpftrace's integer type names. */
static const struct int_name lang_ints[] = {
	{ "int8", 1, true }, { "int16", 2, true }, { "int32", 4, true },
	{ "int64", 8, true }, { "uint8", 1, false }, { "uint16", 2, false },
	{ "uint32", 4, false }, { "uint64", 8, false },
};

/* C's <stdint.h> and the kernel's, for C definitions. */
static const struct int_name c_ints[] = {
	{ "int8_t", 1, true }, { "int16_t", 2, true }, { "int32_t", 4, true },
	{ "int64_t", 8, true }, { "uint8_t", 1, false }, { "uint16_t", 2, false },
	{ "uint32_t", 4, false }, { "uint64_t", 8, false },
	{ "size_t", 8, false }, { "ssize_t", 8, true }, { "uintptr_t", 8, false },
	{ "intptr_t", 8, true }, { "ptrdiff_t", 8, true }, { "off_t", 8, true },
	{ "pid_t", 4, true }, { "uid_t", 4, false }, { "gid_t", 4, false },
	{ "u8", 1, false }, { "u16", 2, false }, { "u32", 4, false },
	{ "u64", 8, false }, { "s8", 1, true }, { "s16", 2, true },
	{ "s32", 4, true }, { "s64", 8, true }, { "__u8", 1, false },
	{ "__u16", 2, false }, { "__u32", 4, false }, { "__u64", 8, false },
	{ "__s8", 1, true }, { "__s16", 2, true }, { "__s32", 4, true },
	{ "__s64", 8, true },
};

static struct type *int_lookup(const struct int_name *t, size_t n,
			       const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, t[i].name))
			return type_int(t[i].size, t[i].sign);
	return NULL;
}

struct type *type_int_named(const char *name, bool lang_only)
{
	struct type *t = int_lookup(lang_ints, ARRAY_SIZE(lang_ints), name);

	if (!t && !lang_only)
		t = int_lookup(c_ints, ARRAY_SIZE(c_ints), name);
	return t;
}

struct type *type_c_float(const char *text)
{
	static const struct { const char *name; int size; } fl[] = {
		{ "float", 4 }, { "double", 8 }, { "long double", 16 },
	};
	struct type *t;
	size_t i;

	while (!strncmp(text, "const ", 6) || !strncmp(text, "volatile ", 9))
		text = strchr(text, ' ') + 1;
	for (i = 0; i < ARRAY_SIZE(fl); i++) {
		if (strcmp(text, fl[i].name))
			continue;
		t = type_new();
		t->kind = TY_FLOAT;
		t->size = fl[i].size;
		return t;
	}
	return NULL;
}

struct type *type_c_int(const char *text)
{
	int shorts = 0, longs = 0, chars = 0, ints = 0, sign = 0, uns = 0;
	const char *p = text;
	char word[16];
	size_t n;
	struct type *t;

	while (!strncmp(p, "const ", 6) || !strncmp(p, "volatile ", 9))
		p = text = strchr(p, ' ') + 1;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		n = strcspn(p, " \t");
		if (!n)
			break;
		if (n >= sizeof(word))
			return NULL;
		memcpy(word, p, n);
		word[n] = 0;
		p += n;
		if (!strcmp(word, "short"))
			shorts++;
		else if (!strcmp(word, "long"))
			longs++;
		else if (!strcmp(word, "char"))
			chars++;
		else if (!strcmp(word, "int"))
			ints++;
		else if (!strcmp(word, "signed"))
			sign++;
		else if (!strcmp(word, "unsigned"))
			uns++;
		else if (p == text + n && !*p && (t = type_int_named(word, false)))
			return t;
		else
			return NULL;
	}
	if (sign + uns > 1 || chars + shorts + (longs > 0) > 1 || ints > 1 ||
	    longs > 2 || (chars && ints) ||
	    !(sign + uns + chars + shorts + longs + ints))
		return NULL;
	return type_int(chars ? 1 : shorts ? 2 : longs ? 8 : 4, !uns);
}

struct type *type_parse(const char *text)
{
	char word[128];
	const char *p = text, *tag = NULL;
	struct type *t = NULL;
	size_t n;

	if (!strncmp(p, "struct ", 7) || !strncmp(p, "union ", 6) ||
	    !strncmp(p, "enum ", 5)) {
		n = strcspn(p, " ");
		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		tag = word[0] == 'e' ? "enum" : word[0] == 'u' ? "union" : "struct";
		p += n + 1;
	}
	n = strcspn(p, " *");
	if (!n || n >= sizeof(word)) {
		errno = ENOENT;
		return NULL;
	}
	memcpy(word, p, n);
	word[n] = 0;
	p += n;
	if (tag && strcmp(tag, "enum")) {
		t = type_struct(tag, word);
	} else if (tag) {
		t = type_defined(tag, word);
		if (!t)
			t = type_int(4, false);
	} else {
		t = type_int_named(word, true);
		if (!t)
			t = type_defined(NULL, word);
		if (!t && type_typedef_hook)
			t = type_typedef_hook(word);
	}
	if (!t) {
		errno = ENOENT;
		return NULL;
	}
	for (; *p; p++)
		if (*p == '*')
			t = type_ptr(t);
	return t;
}
