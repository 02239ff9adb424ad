/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's print() in dtrace-utils' layout: "ADDR = *", then the value from
 * column 44 on, one line an item, each nesting level one column
 * further: "(TYPE) {" for a struct or union, "(TYPE) [" for an array,
 * "(TYPE)VALUE," for a scalar, ".NAME = " before a member.  Below the
 * top, items whose bytes are all zero are left out (so is the rest of a
 * char array from its first NUL); floats and functions are not shown;
 * past printsize bytes, or ten levels down, "..." ends the listing.
 * Types are named as CTF names them (libctf's declarator order: "char
 * *[4]", "int [3][2]" for int a[2][3]): kernel types from BTF, the
 * script's from the spelling of its C definitions.  Kernel integers of
 * 8 bits are unsigned, as dtrace-utils' BTF to CTF conversion makes
 * them.
 */
#include <bpf/btf.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "d_type.h"
#include "../kernel/btf.h"
#include "../lang/types.h"

#define DT_INDENT 44
#define DT_DEPTH 10

enum tkind { TK_OTHER, TK_INT, TK_ENUM, TK_PTR, TK_ARRAY, TK_STRUCT };

/*
 * A type as print() walks it: a kernel BTF id (btf set), or a language
 * type t with the C name its definition gave it (cname, or NULL: named
 * from t).  bits: the width of the bitfield member it is, 0 if none.
 */
struct tref {
	const struct btf *btf;
	int id;
	const struct type *t;
	const char *cname;
	int bits;
};

/* A tref resolved through typedefs and qualifiers. */
struct tinfo {
	enum tkind kind;
	size_t size;
	int bits;		/* integers */
	bool is_signed, is_bool;
	struct tref elem;	/* arrays */
	int count;
	char elem_name[160];	/* arrays of language types: elem's name */
};

struct walk {
	struct buf *out;
	const unsigned char *data;
	size_t n;		/* bytes recorded */
	size_t size;		/* bytes shown: at most printsize */
	enum tkind kinds[DT_DEPTH];
	int last;		/* the depth of the last item shown */
};

/* ---- names ---- */

static int btf_skip(const struct btf *btf, int id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t) ||
		     btf_is_type_tag(t))) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return id;
}

/* libctf's declarator precedences. */
enum { P_BASE, P_PTR, P_ARRAY, P_FUNC, P_MAX };
#define DECL_MAX 16

struct decl {
	int ids[P_MAX][DECL_MAX];
	int n[P_MAX];
	int order[P_MAX];
	int next_order, qual;
};

static void decl_add(struct decl *d, int prec, int id, bool qual)
{
	int i;

	if (d->n[prec] == DECL_MAX)
		return;
	if (!d->n[prec])
		d->order[prec] = d->next_order++;
	if (prec > d->qual && prec < P_ARRAY)
		d->qual = prec;
	/* A qualifier of a base type goes first: "const int". */
	if (qual && prec == P_BASE) {
		for (i = d->n[prec]; i > 0; i--)
			d->ids[prec][i] = d->ids[prec][i - 1];
		d->ids[prec][0] = id;
	} else {
		d->ids[prec][d->n[prec]] = id;
	}
	d->n[prec]++;
}

static void decl_push(struct decl *d, const struct btf *btf, int id,
		      int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name;

	if (!t || depth > 32 || id == 0) {
		decl_add(d, P_BASE, 0, false);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_ARRAY:
		decl_push(d, btf, btf_array(t)->type, depth + 1);
		decl_add(d, P_ARRAY, id, false);
		return;
	case BTF_KIND_TYPEDEF:
		name = btf__name_by_offset(btf, t->name_off);
		if (!name || !*name) {
			decl_push(d, btf, t->type, depth + 1);
			return;
		}
		decl_add(d, P_BASE, id, false);
		return;
	case BTF_KIND_FUNC_PROTO:
		decl_push(d, btf, t->type, depth + 1);
		decl_add(d, P_FUNC, id, false);
		return;
	case BTF_KIND_PTR:
		decl_push(d, btf, t->type, depth + 1);
		decl_add(d, P_PTR, id, false);
		return;
	case BTF_KIND_TYPE_TAG:
		decl_push(d, btf, t->type, depth + 1);
		return;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
		decl_push(d, btf, t->type, depth + 1);
		decl_add(d, d->qual, id, true);
		return;
	default:
		decl_add(d, P_BASE, id, false);
		return;
	}
}

static void btf_name(struct buf *b, const struct btf *btf, int id, int depth);

/* One declarator node's text. */
static void decl_node(struct buf *b, const struct btf *btf, int id, int depth)
{
	const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
	const char *name = t ? btf__name_by_offset(btf, t->name_off) : NULL;
	const struct btf_param *p;
	int i, n;

	if (!name)
		name = "";
	if (!t) {
		buf_printf(b, "void");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		buf_printf(b, "*");
		break;
	case BTF_KIND_ARRAY:
		buf_printf(b, "[%u]", btf_array(t)->nelems);
		break;
	case BTF_KIND_FUNC_PROTO:
		buf_printf(b, "(*) (");
		p = btf_params(t);
		n = btf_vlen(t);
		for (i = 0; i < n; i++) {
			if (!p[i].type && i == n - 1) {
				buf_printf(b, "...");
				break;
			}
			btf_name(b, btf, p[i].type, depth + 1);
			if (i < n - 1)
				buf_printf(b, ", ");
		}
		buf_printf(b, ")");
		break;
	case BTF_KIND_STRUCT:
		buf_printf(b, "struct %s", name);
		break;
	case BTF_KIND_UNION:
		buf_printf(b, "union %s", name);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		buf_printf(b, "enum %s", name);
		break;
	case BTF_KIND_FWD:
		buf_printf(b, "%s %s", btf_kflag(t) ? "union" : "struct", name);
		break;
	case BTF_KIND_CONST:
		buf_printf(b, "const");
		break;
	case BTF_KIND_VOLATILE:
		buf_printf(b, "volatile");
		break;
	case BTF_KIND_RESTRICT:
		buf_printf(b, "restrict");
		break;
	default:
		buf_printf(b, "%s", name);
		break;
	}
}

/* The CTF name of BTF type id, as libctf's ctf_type_name() gives it. */
static void btf_name(struct buf *b, const struct btf *btf, int id, int depth)
{
	struct decl d = { .next_order = P_BASE };
	bool ptr, arr;
	int prec, i, lp, rp, k = P_PTR, kind;

	if (depth > 8) {
		buf_printf(b, "?");
		return;
	}
	for (i = 0; i < P_MAX; i++)
		d.order[i] = P_BASE - 1;
	decl_push(&d, btf, id, 0);
	ptr = d.order[P_PTR] > P_PTR;
	arr = d.order[P_ARRAY] > P_ARRAY;
	rp = arr ? P_ARRAY : ptr ? P_PTR : -1;
	lp = ptr ? P_PTR : arr ? P_ARRAY : -1;
	/* k: the last node's kind, as a precedence: no space after * or [] */
	for (prec = P_BASE; prec < P_MAX; prec++) {
		for (i = 0; i < d.n[prec]; i++) {
			const struct btf_type *t = d.ids[prec][i] ?
				btf__type_by_id(btf, d.ids[prec][i]) : NULL;

			if (k != P_PTR && k != P_ARRAY)
				buf_printf(b, " ");
			if (lp == prec) {
				buf_printf(b, "(");
				lp = -1;
			}
			decl_node(b, btf, d.ids[prec][i], depth);
			kind = t ? btf_kind(t) : BTF_KIND_INT;
			k = kind == BTF_KIND_PTR ? P_PTR :
			    kind == BTF_KIND_ARRAY ? P_ARRAY : P_BASE;
		}
		if (rp == prec)
			buf_printf(b, ")");
	}
}

/* The canonical C name of a language integer type. */
static const char *int_name(const struct type *t)
{
	static const char *const names[2][9] = {
		{ [1] = "unsigned char", [2] = "unsigned short",
		  [4] = "unsigned int", [8] = "unsigned long" },
		{ [1] = "signed char", [2] = "short", [4] = "int", [8] = "long" },
	};

	if (t->size < 1 || t->size > 8 || !names[t->is_signed][t->size])
		return "int";
	return names[t->is_signed][t->size];
}

static void lang_name(struct buf *b, const struct type *t)
{
	size_t at;

	if (!t) {
		buf_printf(b, "void");
		return;
	}
	switch (t->kind) {
	case TY_INT:
		buf_printf(b, "%s", t->name && !strcmp(t->name, "char") ?
			   "char" : int_name(t));
		break;
	case TY_STR:
		buf_printf(b, "char [%d]", t->size);
		break;
	case TY_PTR:
		at = b->len;
		lang_name(b, t->elem);
		buf_printf(b, b->len > at && b->p[b->len - 1] == '*' ? "*" : " *");
		break;
	case TY_ARRAY:
		at = b->len;
		lang_name(b, t->elem);
		buf_printf(b, b->len > at && b->p[b->len - 1] == '*' ? "[%d]" : " [%d]",
			   t->count);
		break;
	case TY_STRUCT:
		if (!t->name || !strcmp(t->name, "(anonymous)") ||
		    !strcmp(t->name, "(anon)"))
			buf_printf(b, "%s", t->is_union ? "union" : "struct");
		else
			buf_printf(b, "%s %s", t->is_union ? "union" : "struct",
				   t->name);
		break;
	default:
		buf_printf(b, "void");
		break;
	}
}

/* r's name into buf (without a trailing space, as dtrace shows it). */
static const char *ref_name(const struct tref *r, char *buf, size_t len)
{
	struct buf b = { 0 };

	if (r->cname)
		buf_printf(&b, "%s", r->cname);
	else if (r->btf)
		btf_name(&b, r->btf, r->id, 0);
	else
		lang_name(&b, r->t);
	buf_put(&b, "", 1);
	snprintf(buf, len, "%s", b.p);
	buf_free(&b);
	len = strlen(buf);
	if (len && buf[len - 1] == ' ')
		buf[len - 1] = '\0';
	return buf;
}

/* ---- types ---- */

/* A language struct from kernel BTF is walked in BTF, which keeps its
 * unnamed members and member types' names. */
static void to_btf(struct tref *r)
{
	const struct btf *btf;

	if (r->btf || !r->t || r->t->kind != TY_STRUCT || !r->t->btf_id)
		return;
	btf = kbtf_vmlinux();
	if (!btf)
		return;
	r->btf = btf;
	r->id = r->t->btf_id;
	r->t = NULL;
}

static void info_btf(const struct tref *r, struct tinfo *i)
{
	int id = btf_skip(r->btf, r->id);
	const struct btf_type *t = id ? btf__type_by_id(r->btf, id) : NULL;
	__u32 enc;

	if (!t)
		return;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		enc = *(const __u32 *)(t + 1);
		i->kind = TK_INT;
		i->size = t->size;
		i->bits = BTF_INT_BITS(enc);
		i->is_bool = BTF_INT_ENCODING(enc) & BTF_INT_BOOL;
		i->is_signed = (BTF_INT_ENCODING(enc) & BTF_INT_SIGNED) &&
			       i->bits != 8;
		if (i->bits == 8 && !strcmp(btf__name_by_offset(r->btf, t->name_off),
					    "_Bool"))
			i->is_bool = true;
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		i->kind = TK_ENUM;
		i->size = t->size;
		break;
	case BTF_KIND_PTR:
		i->kind = TK_PTR;
		i->size = 8;
		break;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		__s64 es = btf__resolve_size(r->btf, a->type);

		i->kind = TK_ARRAY;
		i->count = (int)a->nelems;
		i->elem.btf = r->btf;
		i->elem.id = (int)a->type;
		i->size = es > 0 ? (size_t)es * a->nelems : 0;
		break;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		i->kind = TK_STRUCT;
		i->size = t->size;
		break;
	default:
		break;
	}
}

/* The element name of an array named name: its last dimension off. */
static void elem_cname(const char *name, char *out, size_t len)
{
	const char *lb = strrchr(name, '[');
	size_t n = lb ? (size_t)(lb - name) : strlen(name);

	while (n && name[n - 1] == ' ')
		n--;
	snprintf(out, len, "%.*s", (int)n, name);
}

static void info_lang(const struct tref *r, struct tinfo *i)
{
	const struct type *t = r->t;

	if (!t)
		return;
	switch (t->kind) {
	case TY_INT:
		i->kind = r->cname && !strncmp(r->cname, "enum ", 5) ?
			  TK_ENUM : TK_INT;
		i->size = t->size;
		i->bits = 8 * t->size;
		i->is_signed = t->is_signed;
		i->is_bool = r->cname && (!strcmp(r->cname, "bool") ||
					  !strcmp(r->cname, "_Bool"));
		break;
	case TY_PTR:
		i->kind = TK_PTR;
		i->size = 8;
		break;
	case TY_STR:
	case TY_ARRAY:
		i->kind = TK_ARRAY;
		i->size = t->size;
		i->count = t->kind == TY_STR ? t->size : t->count;
		i->elem.t = t->kind == TY_STR ? type_int(1, true) : t->elem;
		if (r->cname) {
			elem_cname(r->cname, i->elem_name, sizeof(i->elem_name));
			i->elem.cname = i->elem_name;
		} else if (t->kind == TY_STR) {
			i->elem.cname = "char";
		}
		break;
	case TY_STRUCT:
		i->kind = TK_STRUCT;
		i->size = t->size;
		break;
	default:
		break;
	}
}

static void ref_info(struct tref *r, struct tinfo *i)
{
	memset(i, 0, sizeof(*i));
	to_btf(r);
	if (r->btf)
		info_btf(r, i);
	else
		info_lang(r, i);
	if (r->bits)
		i->bits = r->bits;
}

/* ---- values ---- */

static bool all_zero(const struct walk *w, size_t off, size_t len)
{
	size_t k;

	for (k = off; k < off + len && k < w->n; k++)
		if (w->data[k])
			return false;
	return true;
}

static uint64_t load(const struct walk *w, size_t off, size_t len)
{
	uint64_t v = 0;
	size_t k;

	for (k = 0; k < len && k < 8 && off + k < w->n; k++)
		v |= (uint64_t)w->data[off + k] << (8 * k);
	return v;
}

/* The name of enumerator v of enum r, or NULL. */
static const char *enum_name(const struct tref *r, int32_t v)
{
	const struct btf_type *t;
	int id, k;

	if (!r->btf) {
		const char *tag = r->cname ? r->cname + 5 : "";

		return *tag ? type_enumerator(tag, v) : NULL;
	}
	id = btf_skip(r->btf, r->id);
	t = btf__type_by_id(r->btf, id);
	if (!t)
		return NULL;
	for (k = 0; k < btf_vlen(t); k++) {
		int64_t ev;
		const char *name;

		if (btf_is_enum(t)) {
			ev = btf_enum(t)[k].val;
			name = btf__name_by_offset(r->btf, btf_enum(t)[k].name_off);
		} else {
			ev = (int64_t)btf_enum64_value(btf_enum64(t) + k);
			name = btf__name_by_offset(r->btf, btf_enum64(t)[k].name_off);
		}
		if ((int32_t)ev == v)
			return name;
	}
	return NULL;
}

static void indent(struct walk *w, int depth)
{
	buf_printf(w->out, "%*s", DT_INDENT + depth, "");
}

/* Closes the structs and unions opened below depth since its last item. */
static void close_braces(struct walk *w, int depth)
{
	int k;

	if (w->kinds[depth] != TK_STRUCT)
		return;
	/* The top struct closes even when nothing in it was shown. */
	if (depth == 0 && w->last == 0)
		w->last = 1;
	for (k = w->last - depth; k > 0; k--) {
		indent(w, depth + k - 1);
		buf_printf(w->out, "}%s\n", depth > 0 || k > 1 ? "," : "");
		w->last = depth;
	}
}

static int visit(struct walk *w, const char *member, struct tref *r,
		 size_t bitoff, int depth);

static int visit_array(struct walk *w, struct tinfo *ti, size_t bitoff,
		       int depth)
{
	struct tinfo ei;
	struct walk sub = *w;
	size_t off = bitoff / 8, esize;
	bool is_char;
	int k;

	ref_info(&ti->elem, &ei);
	esize = ei.size;
	if (all_zero(w, off, esize * ti->count))
		return 0;
	is_char = ei.kind == TK_INT && ei.bits == 8 && !ei.is_bool;
	/* Elements are items of their own: what they open they close. */
	for (k = 0; k < ti->count; k++) {
		struct tref e = ti->elem;

		if (is_char && off + k < w->n && !w->data[off + k])
			break;
		if (visit(&sub, NULL, &e, bitoff + 8 * esize * k, depth + 1) < 0)
			return -1;
	}
	if (sub.last > depth + 1)
		close_braces(&sub, depth + 1);
	if (ti->count > 0) {
		indent(w, depth);
		buf_printf(w->out, "],\n");
	}
	return 0;
}

/*
 * One item at bit offset bitoff, then (for a struct or union) its
 * members a level down.  -1 stops the whole listing.
 */
static int visit(struct walk *w, const char *member, struct tref *r,
		 size_t bitoff, int depth)
{
	struct tinfo ti;
	char name[256];
	size_t off = bitoff / 8;
	int64_t v;
	const char *en;
	int k;

	if (off >= w->size || depth >= DT_DEPTH) {
		indent(w, depth);
		buf_printf(w->out, "...\n");
		return -1;
	}
	ref_name(r, name, sizeof(name));
	ref_info(r, &ti);
	if (w->last > depth)
		close_braces(w, depth);
	if (depth > 0 && all_zero(w, off, ti.size))
		goto members;
	w->kinds[depth] = ti.kind;
	w->last = depth;
	if (ti.kind == TK_OTHER)
		return 0;
	if (ti.kind == TK_INT && ti.bits != 8 && ti.bits != 16 &&
	    ti.bits != 32 && ti.bits != 64) {
		/* A bitfield: its bits, counted from its first byte. */
		uint64_t raw = load(w, off, 8) >> (bitoff % 8);

		if (ti.bits < 64)
			raw &= (1ULL << ti.bits) - 1;
		if (!raw)
			return 0;
		v = (int64_t)raw;
		ti.is_signed = true;
	} else if (ti.kind == TK_INT) {
		uint64_t raw = load(w, off, ti.bits / 8);
		int sh = 64 - ti.bits;

		v = ti.is_signed && sh ? (int64_t)(raw << sh) >> sh :
		    (int64_t)raw;
		if (!ti.is_signed && ti.bits == 64)
			v = (int64_t)raw;
	} else {
		v = (int64_t)load(w, off, 8);
	}
	indent(w, depth);
	if (depth > 0 && member && *member)
		buf_printf(w->out, ".%s = ", member);
	switch (ti.kind) {
	case TK_STRUCT:
		buf_printf(w->out, "(%s) {\n", name);
		break;
	case TK_ARRAY:
		buf_printf(w->out, "(%s) [%s\n", name, ti.count ? "" : "],");
		return visit_array(w, &ti, bitoff, depth);
	case TK_INT:
		if (!strcmp(name, "char"))
			buf_printf(w->out, "(%s)'%c',\n", name, (char)v);
		else if (!ti.is_signed && ti.bits == 64)
			buf_printf(w->out, "(%s)%llu,\n", name,
				   (unsigned long long)v);
		else
			buf_printf(w->out, "(%s)%lld,\n", name, (long long)v);
		return 0;
	case TK_ENUM:
		en = enum_name(r, (int32_t)v);
		if (en)
			buf_printf(w->out, "(%s)%s,\n", name, en);
		else
			buf_printf(w->out, "(%s)%d,\n", name, (int32_t)v);
		return 0;
	case TK_PTR:
		buf_printf(w->out, "(%s)0x%llx,\n", name, (unsigned long long)v);
		return 0;
	default:
		return 0;
	}
members:
	if (ti.kind != TK_STRUCT)
		return 0;
	if (r->btf) {
		int id = btf_skip(r->btf, r->id);
		const struct btf_type *t = btf__type_by_id(r->btf, id);
		const struct btf_member *m = btf_members(t);

		for (k = 0; k < btf_vlen(t); k++) {
			struct tref c = { .btf = r->btf, .id = (int)m[k].type,
					  .bits = btf_member_bitfield_size(t, k) };

			if (visit(w, btf__name_by_offset(r->btf, m[k].name_off),
				  &c, bitoff + btf_member_bit_offset(t, k),
				  depth + 1) < 0)
				return -1;
		}
		return 0;
	}
	for (k = 0; k < r->t->nfields; k++) {
		const struct field *f = &r->t->fields[k];
		struct tref c = { .t = f->type, .cname = f->ctype,
				  .bits = f->bits };

		if (visit(w, f->name, &c, bitoff + 8 * (size_t)f->offset +
			  (size_t)f->bitoff, depth + 1) < 0)
			return -1;
	}
	return 0;
}

void d_type_print(struct buf *out, const struct type *t, const char *name,
		  uint64_t addr, const void *data, size_t n, size_t limit)
{
	struct walk w = { .out = out, .data = data, .n = n };
	struct tref r = { .t = t, .cname = name };

	w.size = n < limit ? n : limit;
	if (addr)
		buf_printf(out, "0x%llx = *\n", (unsigned long long)addr);
	else
		buf_printf(out, "(nil) = *\n");
	if (t && t->kind == TY_STRUCT)
		type_complete((struct type *)t);
	visit(&w, NULL, &r, 0, 0);
	close_braces(&w, 0);
}
