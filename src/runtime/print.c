/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output of printf, print() and maps, byte for byte as bpftrace 0.17
 * prints it.  Where bpftrace's behaviour is surprising the comment says
 * what it does; tests/unit/print/ holds the outputs it was checked on.
 */
#include <errno.h>
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "print.h"
#include "../builtins/builtin.h"
#include "format.h"
#include "../lang/types.h"
#include "record.h"
#include "symbols.h"
#include "fold.h"

/* bpftrace's hist and lhist bars are 52 '@' wide at most. */
#define BAR_WIDTH 52

static uint64_t rd64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* An integer narrowed to its declared width, as bpftrace reads it. */
static int64_t int_of(const struct type *t, const void *p)
{
	uint64_t v = 0;

	/* Only the integer's own bytes: it may end its buffer. */
	memcpy(&v, p, t->size > 0 && t->size < 8 ? t->size : 8);

	switch (t->size) {
	case 1:
		return t->is_signed ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2:
		return t->is_signed ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4:
		return t->is_signed ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default:
		return (int64_t)v;
	}
}

/* Whether to print as int64: all but full-width unsigned ints. */
static bool int_signed(const struct type *t)
{
	return t->kind != TY_INT || t->size < 8 || t->is_signed;
}

static void put_s64(struct buf *out, int64_t v)
{
	buf_put_sdec(out, v);
}

static void put_u64(struct buf *out, uint64_t v)
{
	buf_put_udec(out, v, 0);
}

static void put_str(struct buf *out, const char *s)
{
	buf_put(out, s, strlen(s));
}

static const char *probe_name(const struct rt_out *rt, uint64_t i)
{
	if (!rt->probe_names || i >= (uint64_t)rt->nprobes)
		return "";
	return rt->probe_names[i];
}

/* The divisor of print(@m, top, div): bpftrace keeps it in a u32. */
static uint32_t div_of(uint64_t div)
{
	return (uint32_t)div ? (uint32_t)div : 1;
}

static int64_t sdiv(int64_t v, uint32_t div)
{
	return v / (int64_t)div;
}

void print_json_string(struct buf *out, const char *s, size_t n)
{
	size_t i;

	buf_put(out, "\"", 1);
	for (i = 0; i < n; i++) {
		signed char c = s[i];

		switch (c) {
		case '"':
			put_str(out, "\\\"");
			break;
		case '\\':
			put_str(out, "\\\\");
			break;
		case '\n':
			put_str(out, "\\n");
			break;
		case '\r':
			put_str(out, "\\r");
			break;
		case '\t':
			put_str(out, "\\t");
			break;
		default:
			if (c <= 0x1f)
				buf_printf(out, "\\u%04x", (unsigned)(int)c);
			else
				buf_put(out, &s[i], 1);
		}
	}
	buf_put(out, "\"", 1);
}

static bool quoted_in_json(const struct type *t)
{
	return t->kind == TY_STR || t->kind == TY_PROBE ||
	       t->kind == TY_KSYM || t->kind == TY_USYM ||
	       t->kind == TY_FUNC || t->kind == TY_KSTACK ||
	       t->kind == TY_USTACK || t->kind == TY_NAMED;
}

/*
 * The mappings of the process of the user stack or symbol at p (pid at
 * p + 8), captured again while it lives if they miss a frame (a library
 * loaded after the capture).
 */
static struct sym_proc *user_proc(const void *p, const uint64_t *ips, int n)
{
	pid_t pid = (pid_t)rd64((const char *)p + 8);
	struct sym_proc *sp = sym_proc_get(pid);
	int i;

	for (i = 0; i < n; i++)
		if (!sym_proc_covers(sp, ips[i]))
			return sym_proc_note(pid, true);
	return sp;
}

/*
 * A stack (TY_KSTACK or TY_USTACK at p) as bpftrace prints it: a
 * newline, then one frame a line, indented by indent, or in perf's
 * format.  An id the kernel could not store (negative: no stack of that
 * kind, as a kernel stack where a user breakpoint fired) prints as
 * nothing at all, as in bpftrace.  User frames are named through the
 * mappings captured for the stack's process.
 */
int print_stack_read(const struct rt_out *rt, const struct type *t,
		     const void *p, uint64_t *ips,
		     struct sym_proc **proc)
{
	int64_t id = (int64_t)rd64(p);
	uint32_t key = id;
	int n = 0, fd = -1;

	memset(ips, 0, STACK_DEPTH * sizeof(*ips));
	if (t->stack_map >= 0 && t->stack_map < rt->nstack_fds)
		fd = rt->stack_fds[t->stack_map];
	if (id >= 0 && fd >= 0 && !bpf_map_lookup_elem(fd, &key, ips))
		while (n < t->stack_depth && n < STACK_DEPTH && ips[n])
			n++;
	*proc = t->kind == TY_USTACK && n ? user_proc(p, ips, n) : NULL;
	return n;
}

static void put_stack(const struct rt_out *rt, const struct type *t,
		      const void *p, int indent, struct buf *out)
{
	uint64_t ips[STACK_DEPTH];
	struct sym_proc *proc;
	int n = print_stack_read(rt, t, p, ips, &proc);

	/* A stored stack has a frame at least: none read is none stored. */
	if (!n)
		return;
	sym_stack(ips, n, t->kind == TY_USTACK, proc, t->stack_perf, indent,
		  out);
}

/* An ntop() value: the address in the usual text form for its family. */
static void put_inet(const void *p, struct buf *out)
{
	char text[INET6_ADDRSTRLEN];
	int af = (int)rd64(p);

	if ((af == AF_INET || af == AF_INET6) &&
	    inet_ntop(af, (const char *)p + 8, text, sizeof(text)))
		put_str(out, text);
	else
		put_str(out, "(unknown address family)");
}

static const char *func_name(const struct rt_out *rt, uint64_t i)
{
	if (!rt->func_names || i >= (uint64_t)rt->nprobes || !rt->func_names[i])
		return "";
	return rt->func_names[i];
}

static void put_value(const struct rt_out *rt, const struct type *t,
		      const void *p, uint32_t div, bool json, struct buf *out);

/* A bitfield's value, from the bytes at its field offset. */
static int64_t bitfield_of(const struct field *f, const void *p)
{
	uint64_t v = 0;

	memcpy(&v, p, (f->bitoff + f->bits + 7) / 8);
	v <<= 64 - f->bitoff - f->bits;
	if (f->type->is_signed)
		return (int64_t)v >> (64 - f->bits);
	return (int64_t)(v >> (64 - f->bits));
}

enum rec_mode { REC_VALUE, REC_KEY, REC_JSON };

/*
 * A struct or array as bpftrace prints it: "{ .a = 1, .b = [1,2] }" as a
 * value, "{.a=1,.b=[1,2]}" in a map key (where integers read as signed at
 * their width, as bpftrace's key printer reads them), and
 * "{ "a": 1, "b": [1,2] }" in JSON.
 */
static void put_record(const struct rt_out *rt, const struct type *t,
		       const void *p, enum rec_mode mode, struct buf *out)
{
	const char *data = p;
	int i;

	if (t->kind == TY_ARRAY) {
		buf_put(out, "[", 1);
		for (i = 0; i < t->count; i++) {
			if (i)
				buf_put(out, ",", 1);
			put_record(rt, t->elem, data + i * t->elem->size, mode, out);
		}
		buf_put(out, "]", 1);
		return;
	}
	if (t->kind != TY_STRUCT) {
		if (mode == REC_KEY && t->kind == TY_INT)
			put_s64(out, int_of(type_int(t->size, true), p));
		else
			put_value(rt, t, p, 1, mode == REC_JSON, out);
		return;
	}
	put_str(out, mode == REC_KEY ? "{" : "{ ");
	for (i = 0; i < t->nfields; i++) {
		const struct field *f = &t->fields[i];

		if (i)
			put_str(out, mode == REC_KEY ? "," : ", ");
		if (mode == REC_JSON)
			buf_printf(out, "\"%s\": ", f->name);
		else
			buf_printf(out, mode == REC_KEY ? ".%s=" : ".%s = ", f->name);
		if (f->bits)
			put_s64(out, bitfield_of(f, data + f->offset));
		else
			put_record(rt, f->type, data + f->offset, mode, out);
	}
	put_str(out, mode == REC_KEY ? "}" : " }");
}

/*
 * A value in text, as bpftrace's value_to_str: integers (also inside
 * tuples) divided by div, pointers in decimal.
 */
static void put_value(const struct rt_out *rt, const struct type *t,
		      const void *p, uint32_t div, bool json, struct buf *out)
{
	struct buf tmp = { 0 };
	int i;

	if (json && quoted_in_json(t)) {
		put_value(rt, t, p, div, false, &tmp);
		print_json_string(out, tmp.p, tmp.len);
		buf_free(&tmp);
		return;
	}
	switch (t->kind) {
	case TY_INT:
		if (int_signed(t))
			put_s64(out, sdiv(int_of(t, p), div));
		else
			put_u64(out, (uint64_t)int_of(t, p) / div);
		break;
	case TY_STR:
		buf_put(out, p, strnlen(p, t->size));
		break;
	case TY_PROBE:
		put_str(out, probe_name(rt, rd64(p)));
		break;
	case TY_FUNC:
		put_str(out, func_name(rt, rd64(p)));
		break;
	case TY_KSYM:
		sym_kernel_ex(rd64(p), 0, out);
		break;
	case TY_USYM:
		sym_user_ex(user_proc(p, (const uint64_t *)p, 1), rd64(p), 0,
			    out);
		break;
	case TY_KSTACK:
	case TY_USTACK:
		put_stack(rt, t, p, 8, out);
		break;
	case TY_INET:
		put_inet(p, out);
		break;
	case TY_BUF:
		print_buf(out, p, t->size);
		break;
	case TY_TUPLE:
		buf_put(out, json ? "[" : "(", 1);
		for (i = 0; i < t->nfields; i++) {
			if (i)
				put_str(out, json ? "," : ", ");
			put_value(rt, t->fields[i].type,
				  (const char *)p + t->fields[i].offset, div,
				  json, out);
		}
		buf_put(out, json ? "]" : ")", 1);
		break;
	case TY_STRUCT:
	case TY_ARRAY:
		put_record(rt, t, p, json ? REC_JSON : REC_VALUE, out);
		break;
	case TY_NAMED:
		t->namer->show(t, p, out);
		break;
	case TY_NONE:
		break;
	default:
		put_s64(out, sdiv((int64_t)rd64(p), div));
		break;
	}
}

void print_value(const struct rt_out *rt, const struct type *t,
		 const void *data, struct buf *out)
{
	put_value(rt, t, data, 1, rt->format == OUT_JSON, out);
}

void print_value_record(const struct rt_out *rt, const struct type *t,
			const void *data)
{
	struct buf b = { 0 };

	if (rt->format == OUT_JSON) {
		put_str(&b, "{\"type\": \"value\", \"data\": ");
		put_value(rt, t, data, 1, true, &b);
		put_str(&b, "}\n");
	} else {
		put_value(rt, t, data, 1, false, &b);
		buf_put(&b, "\n", 1);
	}
	fwrite(b.p, 1, b.len, rt->f);
	buf_free(&b);
}

/* One key argument as bpftrace's argument_value: pointers in hex. */
static void put_key_arg(const struct rt_out *rt, const struct type *t,
			const void *p, struct buf *out)
{
	if (t->kind == TY_PTR)
		buf_printf(out, "0x%llx", (unsigned long long)rd64(p));
	else if (t->kind == TY_KSTACK || t->kind == TY_USTACK)
		put_stack(rt, t, p, 4, out);
	else if (type_is_record(t))
		put_record(rt, t, p, REC_KEY, out);
	else
		put_value(rt, t, p, 1, false, out);
}

void print_key_part(const struct rt_out *rt, const struct type *t,
		    const void *p, struct buf *out)
{
	put_key_arg(rt, t, p, out);
}

/* The key arguments joined with sep. */
static void put_key_args(const struct rt_out *rt, const struct type *k,
			 const void *key, const char *sep, struct buf *out)
{
	int i;

	if (k->kind != TY_TUPLE) {
		put_key_arg(rt, k, key, out);
		return;
	}
	for (i = 0; i < k->nfields; i++) {
		if (i)
			put_str(out, sep);
		put_key_arg(rt, k->fields[i].type,
			    (const char *)key + k->fields[i].offset, out);
	}
}

/* "@x[1, ab]: " in text, "\"1,ab\": " in JSON, nothing for a scalar. */
static void put_key(const struct rt_out *rt, const char *name,
		    const struct symbol *sym, const void *key, bool json,
		    struct buf *out)
{
	struct buf tmp = { 0 };

	if (json) {
		if (!sym->key)
			return;
		put_key_args(rt, sym->key, key, ",", &tmp);
		print_json_string(out, tmp.p ? tmp.p : "", tmp.len);
		put_str(out, ": ");
		buf_free(&tmp);
		return;
	}
	put_str(out, name);
	if (sym->key) {
		buf_put(out, "[", 1);
		put_key_args(rt, sym->key, key, ", ", out);
		buf_put(out, "]", 1);
	}
	put_str(out, ": ");
}

/*
 * Sorting.  bpftrace sorts with std::sort, which is not stable, so for
 * ties to come out in its order this is libstdc++'s introsort step for
 * step; stable sorts only need to be stable.
 */
struct item {
	struct print_entry *e;
	int64_t k;
};

struct sort_ctx {
	bool is_unsigned;	/* compare item.k as u64 */
	const struct type *field;	/* key field for sort_by_key */
	int offset;
};

typedef bool (*less_fn)(const struct item *a, const struct item *b,
			const struct sort_ctx *c);

static bool less_k(const struct item *a, const struct item *b,
		   const struct sort_ctx *c)
{
	if (c->is_unsigned)
		return (uint64_t)a->k < (uint64_t)b->k;
	return a->k < b->k;
}

static void swap_item(struct item *a, struct item *b)
{
	struct item t = *a;

	*a = *b;
	*b = t;
}

static void move_median_to_first(struct item *result, struct item *a,
				 struct item *b, struct item *c, less_fn less,
				 const struct sort_ctx *ctx)
{
	if (less(a, b, ctx)) {
		if (less(b, c, ctx))
			swap_item(result, b);
		else if (less(a, c, ctx))
			swap_item(result, c);
		else
			swap_item(result, a);
	} else if (less(a, c, ctx)) {
		swap_item(result, a);
	} else if (less(b, c, ctx)) {
		swap_item(result, c);
	} else {
		swap_item(result, b);
	}
}

static struct item *unguarded_partition(struct item *first, struct item *last,
					struct item *pivot, less_fn less,
					const struct sort_ctx *ctx)
{
	for (;;) {
		while (less(first, pivot, ctx))
			first++;
		last--;
		while (less(pivot, last, ctx))
			last--;
		if (!(first < last))
			return first;
		swap_item(first, last);
		first++;
	}
}

static void adjust_heap(struct item *first, long hole, long len,
			struct item value, less_fn less,
			const struct sort_ctx *ctx)
{
	long top = hole, child = hole, parent;

	while (child < (len - 1) / 2) {
		child = 2 * (child + 1);
		if (less(&first[child], &first[child - 1], ctx))
			child--;
		first[hole] = first[child];
		hole = child;
	}
	if ((len & 1) == 0 && child == (len - 2) / 2) {
		child = 2 * (child + 1);
		first[hole] = first[child - 1];
		hole = child - 1;
	}
	parent = (hole - 1) / 2;
	while (hole > top && less(&first[parent], &value, ctx)) {
		first[hole] = first[parent];
		hole = parent;
		parent = (hole - 1) / 2;
	}
	first[hole] = value;
}

static void heap_sort(struct item *first, struct item *last, less_fn less,
		      const struct sort_ctx *ctx)
{
	long len = last - first, parent;
	struct item value;

	if (len >= 2) {
		for (parent = (len - 2) / 2;; parent--) {
			adjust_heap(first, parent, len, first[parent], less,
				    ctx);
			if (parent == 0)
				break;
		}
	}
	while (last - first > 1) {
		last--;
		value = *last;
		*last = *first;
		adjust_heap(first, 0, last - first, value, less, ctx);
	}
}

static void introsort_loop(struct item *first, struct item *last, int depth,
			   less_fn less, const struct sort_ctx *ctx)
{
	struct item *cut, *mid;

	while (last - first > 16) {
		if (depth == 0) {
			heap_sort(first, last, less, ctx);
			return;
		}
		depth--;
		mid = first + (last - first) / 2;
		move_median_to_first(first, first + 1, mid, last - 1, less,
				     ctx);
		cut = unguarded_partition(first + 1, last, first, less, ctx);
		introsort_loop(cut, last, depth, less, ctx);
		last = cut;
	}
}

static void unguarded_linear_insert(struct item *last, less_fn less,
				    const struct sort_ctx *ctx)
{
	struct item val = *last, *next = last - 1;

	while (less(&val, next, ctx)) {
		*last = *next;
		last = next;
		next--;
	}
	*last = val;
}

static void insertion_sort(struct item *first, struct item *last,
			   less_fn less, const struct sort_ctx *ctx)
{
	struct item *i, val;

	if (first == last)
		return;
	for (i = first + 1; i != last; i++) {
		if (less(i, first, ctx)) {
			val = *i;
			memmove(first + 1, first, (i - first) * sizeof(*i));
			*first = val;
		} else {
			unguarded_linear_insert(i, less, ctx);
		}
	}
}

static void std_sort(struct item *v, int n, less_fn less,
		     const struct sort_ctx *ctx)
{
	struct item *first = v, *last = v + n, *i;
	int lg = 0;

	if (n <= 1)
		return;
	while ((2L << lg) <= n)
		lg++;
	introsort_loop(first, last, 2 * lg, less, ctx);
	if (last - first > 16) {
		insertion_sort(first, first + 16, less, ctx);
		for (i = first + 16; i != last; i++)
			unguarded_linear_insert(i, less, ctx);
	} else {
		insertion_sort(first, last, less, ctx);
	}
}

static void merge_sort(struct item *v, struct item *tmp, int n, less_fn less,
		       const struct sort_ctx *ctx)
{
	int h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, h, less, ctx);
	merge_sort(v + h, tmp, n - h, less, ctx);
	while (i < h && j < n) {
		if (less(&v[j], &v[i], ctx))
			tmp[k++] = v[j++];
		else
			tmp[k++] = v[i++];
	}
	while (i < h)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

static void stable_sort(struct item *v, int n, less_fn less,
			const struct sort_ctx *ctx)
{
	struct item *tmp = xmalloc((n ? n : 1) * sizeof(*tmp));

	merge_sort(v, tmp, n, less, ctx);
	free(tmp);
}

static bool less_field(const struct item *a, const struct item *b,
		       const struct sort_ctx *c)
{
	const char *ka = (const char *)a->e->key + c->offset;
	const char *kb = (const char *)b->e->key + c->offset;

	if (c->field->kind == TY_STR)
		return strncmp(ka, kb, c->field->size) < 0;
	return (uint64_t)int_of(c->field, ka) < (uint64_t)int_of(c->field, kb);
}

/*
 * bpftrace's sort_by_key: a stable sort on each key argument from the
 * last to the first, integers as unsigned, strings with strncmp; other
 * argument types leave the order alone.
 */
static void sort_by_key(const struct symbol *sym, struct item *v, int n)
{
	const struct type *k = sym->key;
	struct sort_ctx ctx = { 0 };
	int i;

	if (!k)
		return;
	for (i = k->kind == TY_TUPLE ? k->nfields - 1 : 0; i >= 0; i--) {
		ctx.field = k->kind == TY_TUPLE ? k->fields[i].type : k;
		ctx.offset = k->kind == TY_TUPLE ? k->fields[i].offset : 0;
		if (ctx.field->kind == TY_INT || ctx.field->kind == TY_STR)
			stable_sort(v, n, less_field, &ctx);
	}
}

static int key_bytes_size(const struct symbol *sym)
{
	return sym->key ? sym->key->size : 0;
}

static bool less_key_bytes(const struct item *a, const struct item *b,
			   const struct sort_ctx *c)
{
	return memcmp(a->e->key, b->e->key, c->offset) < 0;
}

/* bpftrace gathers hist, lhist, avg and stats maps in a std::map first. */
static void sort_by_key_bytes(const struct symbol *sym, struct item *v, int n)
{
	struct sort_ctx ctx = { .offset = key_bytes_size(sym) };

	if (ctx.offset)
		stable_sort(v, n, less_key_bytes, &ctx);
}

static bool is_hist(const struct type *t)
{
	return t->kind == TY_HIST || t->kind == TY_LHIST;
}

static bool is_stats(const struct type *t)
{
	return t->kind == TY_AVG || t->kind == TY_STATS;
}

static bool sum_signed(const struct type *t)
{
	return t->elem ? t->elem->is_signed : t->is_signed;
}

static int64_t avg_of(const struct print_entry *e)
{
	int64_t total = e->agg[0], count = e->agg[1];

	if (count == 0 || (count == -1 && total == INT64_MIN))
		return 0;
	return total / count;
}

/* Puts the entries in the order bpftrace prints them. */
static void sort_entries(const struct symbol *sym, struct item *v, int n)
{
	const struct type *t = sym->val;
	struct sort_ctx ctx = { 0 };
	uint64_t total;
	int i, b;

	if (is_hist(t) || is_stats(t)) {
		sort_by_key_bytes(sym, v, n);
		for (i = 0; i < n; i++) {
			if (is_stats(t)) {
				v[i].k = avg_of(v[i].e);
				continue;
			}
			total = 0;
			for (b = 0; b < v[i].e->nbuckets; b++)
				total += v[i].e->buckets[b];
			v[i].k = (int64_t)total;
		}
		ctx.is_unsigned = is_hist(t);
		std_sort(v, n, less_k, &ctx);
		return;
	}
	switch (t->kind) {
	case TY_COUNT:
	case TY_SUM:
	case TY_MIN:
	case TY_MAX:
		for (i = 0; i < n; i++)
			v[i].k = v[i].e->agg[0];
		ctx.is_unsigned = t->kind == TY_COUNT ||
				  (t->kind == TY_SUM && !sum_signed(t));
		break;
	case TY_INT:
		for (i = 0; i < n; i++)
			v[i].k = int_of(t, v[i].e->val);
		ctx.is_unsigned = !int_signed(t);
		break;
	default:
		sort_by_key(sym, v, n);
		return;
	}
	std_sort(v, n, less_k, &ctx);
}

/* bpftrace's hist labels: 1 << power with a K, M, G or T suffix. */
static void hist_label(struct buf *out, int power)
{
	char suffix = 0;

	if (power >= 40) {
		suffix = 'T';
		power -= 40;
	} else if (power >= 30) {
		suffix = 'G';
		power -= 30;
	} else if (power >= 20) {
		suffix = 'M';
		power -= 20;
	} else if (power >= 10) {
		suffix = 'K';
		power -= 10;
	}
	buf_printf(out, "%lld", 1LL << power);
	if (suffix)
		buf_put(out, &suffix, 1);
}

/* lhist labels: exact multiples of 1M or 1K get the suffix. */
static void lhist_label(struct buf *out, int64_t n)
{
	if (n != 0 && n % 1048576 == 0)
		buf_printf(out, "%lldM", (long long)(n / 1048576));
	else if (n != 0 && n % 1024 == 0)
		buf_printf(out, "%lldK", (long long)(n / 1024));
	else
		put_s64(out, n);
}

/*
 * bpftrace scans the counts as int (a count of 2^32 looks empty to it)
 * and scales the bar in float.
 */
static void hist_line(struct buf *out, const char *label, uint64_t v,
		      int max_value, uint64_t shown)
{
	char bar[BAR_WIDTH + 1];
	float f = (float)v / (float)max_value * (float)BAR_WIDTH;
	int w = f > 0 ? (int)f : 0;

	if (w > BAR_WIDTH || max_value <= 0)
		w = max_value <= 0 ? 0 : BAR_WIDTH;
	memset(bar, '@', w);
	bar[w] = '\0';
	buf_printf(out, "%-16s%8llu |%-52s|\n", label,
		   (unsigned long long)shown, bar);
}

static void hist_bounds(const struct print_entry *e, int *lo, int *hi,
			int *max_value)
{
	int i, v;

	*lo = *hi = -1;
	*max_value = 0;
	for (i = 0; i < e->nbuckets; i++) {
		v = (int)e->buckets[i];
		if (v > 0) {
			if (*lo == -1)
				*lo = i;
			*hi = i;
		}
		if (v > *max_value)
			*max_value = v;
	}
}

static void put_hist_text(const struct print_entry *e, uint32_t div,
			  struct buf *out)
{
	struct buf label = { 0 };
	int lo, hi, max_value, i;

	hist_bounds(e, &lo, &hi, &max_value);
	if (hi == -1)
		return;
	for (i = lo; i <= hi; i++) {
		label.len = 0;
		if (i == 0) {
			put_str(&label, "(..., 0)");
		} else if (i == 1) {
			put_str(&label, "[0]");
		} else if (i == 2) {
			put_str(&label, "[1]");
		} else {
			buf_put(&label, "[", 1);
			hist_label(&label, i - 2);
			put_str(&label, ", ");
			hist_label(&label, i - 1);
			buf_put(&label, ")", 1);
		}
		hist_line(out, label.p, e->buckets[i], max_value,
			  e->buckets[i] / div);
	}
	buf_free(&label);
}

/*
 * bpftrace 0.17 computes the JSON bounds in int: from [2G, 4G) on they
 * wrap, and the shift count wraps as x86 does.
 */
static void put_hist_json(const struct print_entry *e, uint32_t div,
			  struct buf *out)
{
	int lo, hi, max_value, i;

	hist_bounds(e, &lo, &hi, &max_value);
	if (hi == -1) {
		put_str(out, "[]");
		return;
	}
	buf_put(out, "[", 1);
	for (i = lo; i <= hi; i++) {
		if (i > lo)
			put_str(out, ", ");
		buf_put(out, "{", 1);
		if (i == 0)
			put_str(out, "\"max\": -1, ");
		else if (i == 1)
			put_str(out, "\"min\": 0, \"max\": 0, ");
		else if (i == 2)
			put_str(out, "\"min\": 1, \"max\": 1, ");
		else
			buf_printf(out, "\"min\": %d, \"max\": %d, ",
				   (int)(1U << ((i - 2) & 31)),
				   (int)((1U << ((i - 1) & 31)) - 1));
		buf_printf(out, "\"count\": %llu}",
			   (unsigned long long)(e->buckets[i] / div));
	}
	buf_put(out, "]", 1);
}

/* lhist shows the non-empty span; bpftrace ignores div for lhist. */
static bool lhist_bounds(const struct type *t, const struct print_entry *e,
			 int *lo, int *hi, int *max_value)
{
	int i, v, max_index = -1, n = e->nbuckets;

	*max_value = 0;
	for (i = 0; i < n; i++) {
		v = (int)e->buckets[i];
		if (v != 0)
			max_index = i;
		if (v > *max_value)
			*max_value = v;
	}
	if (max_index == -1)
		return false;
	*lo = -1;
	*hi = 0;
	for (i = 0; i < n; i++) {
		if (e->buckets[i] > 0) {
			if (*lo == -1)
				*lo = i;
			*hi = i;
		}
	}
	if (*lo == -1)
		*lo = 0;
	return true;
}

static void put_lhist_text(const struct type *t, const struct print_entry *e,
			   struct buf *out)
{
	int64_t nb = t->lh_step ? (t->lh_max - t->lh_min) / t->lh_step : 0;
	struct buf label = { 0 };
	int lo, hi, max_value, i;

	if (!lhist_bounds(t, e, &lo, &hi, &max_value))
		return;
	for (i = lo; i <= hi; i++) {
		label.len = 0;
		if (i == 0) {
			put_str(&label, "(..., ");
			lhist_label(&label, t->lh_min);
			buf_put(&label, ")", 1);
		} else if (i == nb + 1) {
			buf_put(&label, "[", 1);
			lhist_label(&label, t->lh_max);
			put_str(&label, ", ...)");
		} else {
			buf_put(&label, "[", 1);
			lhist_label(&label, (i - 1) * t->lh_step + t->lh_min);
			put_str(&label, ", ");
			lhist_label(&label, i * t->lh_step + t->lh_min);
			buf_put(&label, ")", 1);
		}
		hist_line(out, label.p, e->buckets[i], max_value,
			  e->buckets[i]);
	}
	buf_free(&label);
}

static void put_lhist_json(const struct type *t, const struct print_entry *e,
			   struct buf *out)
{
	int64_t nb = t->lh_step ? (t->lh_max - t->lh_min) / t->lh_step : 0;
	int lo, hi, max_value, i;

	if (!lhist_bounds(t, e, &lo, &hi, &max_value)) {
		put_str(out, "[]");
		return;
	}
	buf_put(out, "[", 1);
	for (i = lo; i <= hi; i++) {
		if (i > lo)
			put_str(out, ", ");
		buf_put(out, "{", 1);
		if (i == 0)
			buf_printf(out, "\"max\": %lld, ",
				   (long long)(t->lh_min - 1));
		else if (i == nb + 1)
			buf_printf(out, "\"min\": %lld, ",
				   (long long)t->lh_max);
		else
			buf_printf(out, "\"min\": %lld, \"max\": %lld, ",
				   (long long)((i - 1) * t->lh_step + t->lh_min),
				   (long long)(i * t->lh_step + t->lh_min - 1));
		buf_printf(out, "\"count\": %llu}",
			   (unsigned long long)e->buckets[i]);
	}
	buf_put(out, "]", 1);
}

/* The value of one entry after its key. */
static void put_entry_value(const struct rt_out *rt, const struct symbol *sym,
			    const struct print_entry *e, uint32_t div,
			    bool json, struct buf *out)
{
	const struct type *t = sym->val;
	int64_t avg;

	switch (t->kind) {
	case TY_COUNT:
		put_u64(out, (uint64_t)e->agg[0] / div);
		break;
	case TY_SUM:
		if (sum_signed(t))
			put_s64(out, sdiv(e->agg[0], div));
		else
			put_u64(out, (uint64_t)e->agg[0] / div);
		break;
	case TY_MIN:
	case TY_MAX:
		put_s64(out, sdiv(e->agg[0], div));
		break;
	case TY_AVG:
		put_s64(out, sdiv(avg_of(e), div));
		break;
	case TY_STATS:
		avg = avg_of(e);
		buf_printf(out, json ?
			   "{\"count\": %lld, \"average\": %lld, \"total\": %lld}" :
			   "count %lld, average %lld, total %lld",
			   (long long)e->agg[1], (long long)avg,
			   (long long)e->agg[0]);
		break;
	case TY_HIST:
		if (json)
			put_hist_json(e, div, out);
		else
			put_hist_text(e, div, out);
		break;
	case TY_LHIST:
		if (json)
			put_lhist_json(t, e, out);
		else
			put_lhist_text(t, e, out);
		break;
	default:
		put_value(rt, t, e->val, div, json, out);
		break;
	}
}

void print_render_map(const struct rt_out *rt, const char *name,
		      const struct symbol *sym, struct print_entry *ents,
		      int n, uint64_t top64, uint64_t div64, struct buf *out)
{
	const struct type *t = sym->val;
	bool json = rt->format == OUT_JSON;
	uint32_t top = (uint32_t)top64, div = div_of(div64), skipped = 0;
	struct item *v;
	bool first = true;
	int i;

	if (json && n == 0)
		return;
	v = xmalloc((n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].e = &ents[i];
		v[i].k = 0;
	}
	sort_entries(sym, v, n);
	if (json) {
		buf_printf(out, "{\"type\": \"%s\", \"data\": {",
			   is_hist(t) ? "hist" : is_stats(t) ? "stats" : "map");
		print_json_string(out, name, strlen(name));
		put_str(out, ": ");
		if (sym->key)
			buf_put(out, "{", 1);
	}
	for (i = 0; i < n; i++) {
		if (top && t->kind != TY_STATS && (uint32_t)n > top &&
		    skipped++ < (uint32_t)n - top)
			continue;
		if (!first)
			put_str(out, json ? ", " : "\n");
		first = false;
		put_key(rt, name, sym, v[i].e->key, json, out);
		if (!json && is_hist(t))
			buf_put(out, "\n", 1);
		put_entry_value(rt, sym, v[i].e, div, json, out);
	}
	if (json) {
		if (sym->key)
			buf_put(out, "}", 1);
		put_str(out, "}}\n");
	} else {
		put_str(out, is_stats(t) ? "\n\n" : "\n");
	}
	free(v);
}

static bool is_percpu(uint32_t type)
{
	return type == BPF_MAP_TYPE_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_LRU_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_PERCPU_ARRAY;
}

/*
 * The kernel writes a value for every possible CPU, so that count sizes
 * the buffer whatever rt->ncpus says.
 */
static int num_cpus(const struct rt_out *rt)
{
	int n = libbpf_num_possible_cpus();

	if (n <= 0)
		n = rt->ncpus;
	return n > 0 ? n : 1;
}

/* A map's layout as the kernel reports it. */
struct map_shape {
	uint32_t key_size, value_size, max_entries;
	int ncpu;			/* values per lookup */
	size_t stride;			/* bytes between CPUs' values */
};

static int map_shape(const struct rt_out *rt, int fd, struct map_shape *s)
{
	struct bpf_map_info info;
	uint32_t len = sizeof(info);

	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	s->key_size = info.key_size;
	s->value_size = info.value_size;
	s->max_entries = info.max_entries;
	if (is_percpu(info.type)) {
		s->ncpu = num_cpus(rt);
		s->stride = ALIGN_UP((size_t)info.value_size, 8);
	} else {
		s->ncpu = 1;
		s->stride = info.value_size;
	}
	return 0;
}

/*
 * Appends every key of the map to keys, all read before the caller looks
 * anything up, deletes or updates.  The kernel restarts the walk when the
 * previous key vanishes, hence the bound on its length.
 */
static int map_keys(int fd, const struct map_shape *s, struct buf *keys,
		    int *nkeys)
{
	uint8_t *prev = NULL, *next = xmalloc(s->key_size ? s->key_size : 1);
	uint64_t limit = 2ULL * s->max_entries + 16;
	int err = 0;

	*nkeys = 0;
	while (limit--) {
		if (bpf_map_get_next_key(fd, prev, next)) {
			if (errno != ENOENT)
				err = -errno;
			break;
		}
		buf_put(keys, next, s->key_size);
		(*nkeys)++;
		prev = (uint8_t *)keys->p + keys->len - s->key_size;
	}
	free(next);
	return err;
}

/* Makes room in b for n more bytes past b->len. */
static void *buf_room(struct buf *b, size_t n)
{
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 4096;

		while (cap - b->len < n)
			cap *= 2;
		b->p = xrealloc(b->p, cap);
		b->cap = cap;
	}
	return b->p + b->len;
}

/* Entries a batch lookup asks for at first. */
#define BATCH 4096

/*
 * Every entry of the map: its key (key_size bytes) in keys and its
 * value (s->stride * s->ncpu bytes) in vals, in the order the kernel
 * walks it, n of them.  In batches where the kernel looks up the map's
 * type so (BPF_MAP_LOOKUP_BATCH: one system call per BATCH entries, a
 * scrape of ten thousand series is not forty thousand), else a key at
 * a time.
 */
static int map_entries(int fd, const struct map_shape *s, struct buf *keys,
		       struct buf *vals, int *n)
{
	LIBBPF_OPTS(bpf_map_batch_opts, opts);
	size_t vsz = s->stride * s->ncpu, tsz = s->key_size > 8 ? s->key_size : 8;
	uint8_t *tok = xcalloc(2, tsz), *val;
	uint32_t want = BATCH, count;
	bool first = true;
	int err = 0, i, nkeys;

	*n = 0;
	for (;;) {
		count = want;
		buf_room(keys, (size_t)want * s->key_size);
		buf_room(vals, (size_t)want * vsz);
		err = bpf_map_lookup_batch(fd, first ? NULL : tok, tok + tsz,
					   keys->p + keys->len, vals->p + vals->len,
					   &count, &opts) ? -errno : 0;
		/* A hash bucket larger than the batch: a larger batch. */
		if (err == -ENOSPC && !count && want < (1U << 24)) {
			want *= 2;
			continue;
		}
		if (err && first && err != -ENOENT)
			break;
		keys->len += (size_t)count * s->key_size;
		vals->len += (size_t)count * vsz;
		*n += count;
		if (err) {
			free(tok);
			return err == -ENOENT ? 0 : err;
		}
		memcpy(tok, tok + tsz, tsz);
		first = false;
	}
	free(tok);
	/* No batches for this map type: a key at a time. */
	keys->len = vals->len = 0;
	err = map_keys(fd, s, keys, &nkeys);
	if (err)
		return err;
	*n = 0;
	for (i = 0; i < nkeys; i++) {
		val = buf_room(vals, vsz);
		if (bpf_map_lookup_elem(fd, keys->p + (size_t)i * s->key_size, val)) {
			if (errno == ENOENT)
				continue;
			return -errno;
		}
		if (*n != i)
			memmove(keys->p + (size_t)*n * s->key_size,
				keys->p + (size_t)i * s->key_size, s->key_size);
		vals->len += vsz;
		(*n)++;
	}
	keys->len = (size_t)*n * s->key_size;
	return 0;
}

/*
 * Sums a per-CPU value the way its aggregation combines; stddev's sum
 * of squares goes to sq when given.
 */
static void reduce(const struct type *t, const struct map_shape *s,
		   const uint8_t *val, int64_t agg[2], uint64_t *sq)
{
	bool any = false;
	int64_t v;
	uint64_t lo;
	int c;

	agg[0] = agg[1] = 0;
	if (sq)
		sq[0] = sq[1] = 0;
	for (c = 0; c < s->ncpu; c++) {
		const uint8_t *p = val + c * s->stride;

		switch (t->kind) {
		case TY_STDDEV:
			agg[0] = (int64_t)((uint64_t)agg[0] + rd64(p));
			agg[1] = (int64_t)((uint64_t)agg[1] + rd64(p + 8));
			if (!sq)
				break;
			lo = sq[0] + rd64(p + 16);
			sq[1] += rd64(p + 24) + (lo < sq[0]);
			sq[0] = lo;
			break;
		case TY_MIN:
		case TY_MAX:
			if (!rd64(p + 8))
				break;
			v = (int64_t)rd64(p);
			if (!any || (t->kind == TY_MIN ? v < agg[0] : v > agg[0]))
				agg[0] = v;
			any = true;
			break;
		case TY_AVG:
		case TY_STATS:
			agg[0] += (int64_t)rd64(p);
			agg[1] += (int64_t)rd64(p + 8);
			break;
		default:
			agg[0] = (int64_t)((uint64_t)agg[0] + rd64(p));
			break;
		}
	}
}

/* One kernel element of a hist map. */
struct hist_rec {
	const uint8_t *prefix;
	uint64_t bucket, count;
};

static int cmp_hist_rec(const void *a, const void *b, void *len)
{
	const struct hist_rec *x = a, *y = b;

	return memcmp(x->prefix, y->prefix, *(size_t *)len);
}

/* Maps stored one element per (key, bucket): hist, lhist, quantize. */
static bool bucketed(const struct type *t)
{
	return is_hist(t) || t->kind == TY_QUANT || t->kind == TY_LLQUANT;
}

static int hist_nbuckets(const struct type *t)
{
	int64_t n;

	if (t->kind == TY_HIST)
		return HIST_NBUCKETS;
	if (t->kind == TY_QUANT)
		return D_QUANT_NBUCKETS;
	if (t->kind == TY_LLQUANT)
		return d_llq_nbuckets(t);
	n = t->lh_step > 0 ? (t->lh_max - t->lh_min) / t->lh_step : 0;
	if (n < 0 || n > 1 << 20)
		n = 0;
	return (int)n + 2;
}

static void read_hist(const struct type *t, const struct map_shape *s,
		      struct print_entries *e, struct hist_rec *r, int nr)
{
	size_t prefix_len = s->key_size - 8;
	int nb = hist_nbuckets(t), i, g = -1;

	qsort_r(r, nr, sizeof(*r), cmp_hist_rec, &prefix_len);
	e->v = xcalloc(nr ? nr : 1, sizeof(*e->v));
	e->buckets = xcalloc((size_t)(nr ? nr : 1) * nb, sizeof(uint64_t));
	for (i = 0; i < nr; i++) {
		if (g < 0 || memcmp(r[i].prefix, e->v[g].key, prefix_len)) {
			g++;
			e->v[g].key = r[i].prefix;
			e->v[g].buckets = e->buckets + (size_t)g * nb;
			e->v[g].nbuckets = nb;
		}
		if (r[i].bucket < (uint64_t)nb) {
			e->buckets[(size_t)g * nb + r[i].bucket] += r[i].count;
		} else if (r[i].bucket == PRINT_HIST_SUM) {
			e->v[g].agg[0] = 1;
			e->v[g].agg[1] = (int64_t)r[i].count;
		}
	}
	e->n = g + 1;
}

int print_read_map(const struct rt_out *rt, const struct map_info *m,
		   struct print_entries *e)
{
	const struct type *t = m->sym->val;
	struct buf keys = { 0 }, vals = { 0 }, all = { 0 };
	struct hist_rec *hr = NULL;
	struct map_shape s;
	int64_t agg[2];
	uint8_t *val, *key;
	int err, nkeys, i, n = 0;

	memset(e, 0, sizeof(*e));
	err = map_shape(rt, m->fd, &s);
	if (err)
		return err;
	if (bucketed(t) && s.key_size < 8)
		return -EINVAL;
	err = map_entries(m->fd, &s, &keys, &all, &nkeys);
	if (err) {
		buf_free(&keys);
		buf_free(&all);
		return err;
	}
	e->v = xcalloc(nkeys ? nkeys : 1, sizeof(*e->v));
	if (bucketed(t))
		hr = xcalloc(nkeys ? nkeys : 1, sizeof(*hr));
	for (i = 0; i < nkeys; i++) {
		key = (uint8_t *)keys.p + (size_t)i * s.key_size;
		val = (uint8_t *)all.p + (size_t)i * s.stride * s.ncpu;
		if (bucketed(t)) {
			hr[n].prefix = key;
			hr[n].bucket = rd64(key + s.key_size - 8);
			reduce(t, &s, val, agg, NULL);
			hr[n].count = (uint64_t)agg[0];
			n++;
			continue;
		}
		e->v[n].key = key;
		if (type_is_agg(t))
			reduce(t, &s, val, e->v[n].agg, e->v[n].sq);
		else
			buf_put(&vals, val, s.value_size);
		n++;
	}
	buf_free(&all);
	e->keys = keys.p;
	if (bucketed(t)) {
		free(e->v);
		e->v = NULL;
		if (!err)
			read_hist(t, &s, e, hr, n);
		free(hr);
		return err;
	}
	e->n = n;
	e->vals = vals.p;
	if (!type_is_agg(t))
		for (i = 0; i < n; i++)
			e->v[i].val = (uint8_t *)vals.p + (size_t)i * s.value_size;
	return err;
}

void print_entries_free(struct print_entries *e)
{
	free(e->v);
	free(e->keys);
	free(e->vals);
	free(e->buckets);
	memset(e, 0, sizeof(*e));
}

int print_map(const struct rt_out *rt, const struct map_info *m,
	      uint64_t top, uint64_t div)
{
	struct print_entries e;
	struct buf b = { 0 };
	int err;

	if (rt->format == OUT_FOLDED || rt->format == OUT_RAW)
		return fold_print_map(rt, m);
	err = print_read_map(rt, m, &e);
	if (!err) {
		print_render_map(rt, m->name, m->sym, e.v, e.n, top, div, &b);
		if (b.len)
			fwrite(b.p, 1, b.len, rt->f);
	}
	print_entries_free(&e);
	buf_free(&b);
	fflush(rt->f);
	return err;
}

static int cmp_map_name(const void *a, const void *b)
{
	const struct map_info *x = *(const struct map_info *const *)a;
	const struct map_info *y = *(const struct map_info *const *)b;

	return strcmp(x->name, y->name);
}

/*
 * bpftrace prints two newlines at exit in text and JSON alike, then
 * every map by name in byte order ("@" first), empty ones included (a
 * blank line in text, nothing in JSON).
 */
int print_maps_at_exit(const struct rt_out *rt, const struct map_info *maps,
		       int n)
{
	if (rt->format == OUT_FOLDED || rt->format == OUT_RAW)
		return fold_maps_at_exit(rt, maps, n);
	fputs("\n\n", rt->f);
	return print_maps(rt, maps, n);
}

int print_maps(const struct rt_out *rt, const struct map_info *maps, int n)
{
	const struct map_info **v;
	int i, err, ret = 0;

	v = xmalloc((n ? n : 1) * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = &maps[i];
	qsort(v, n, sizeof(*v), cmp_map_name);
	for (i = 0; i < n; i++) {
		err = print_map(rt, v[i], 0, 0);
		if (err && !ret)
			ret = err;
	}
	free(v);
	fflush(rt->f);
	return ret;
}

int print_clear_map(const struct map_info *m)
{
	struct rt_out rt = { 0 };
	struct buf keys = { 0 };
	struct map_shape s;
	int err, nkeys, i;

	err = map_shape(&rt, m->fd, &s);
	if (!err)
		err = map_keys(m->fd, &s, &keys, &nkeys);
	for (i = 0; !err && i < nkeys; i++)
		if (bpf_map_delete_elem(m->fd, keys.p + (size_t)i * s.key_size) &&
		    errno != ENOENT)
			err = -errno;
	buf_free(&keys);
	return err;
}

static int cmp_key_prefix(const void *a, const void *b, void *len)
{
	return memcmp(*(const void *const *)a, *(const void *const *)b,
		      *(size_t *)len);
}

/* Whether the first len bytes of k are one of sorted v[0..n). */
static bool has_key_prefix(const void **v, int n, const void *k, size_t len)
{
	int lo = 0, hi = n - 1, mid, r;

	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		r = memcmp(k, v[mid], len);
		if (!r)
			return true;
		if (r < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return false;
}

int print_delete_keys(const struct rt_out *rt, const struct map_info *m,
		      const void *const *keys, int n)
{
	struct buf all = { 0 };
	struct map_shape s;
	const void **v;
	size_t len;
	int err, nkeys, i;

	err = map_shape(rt, m->fd, &s);
	if (err || !n)
		return err;
	len = bucketed(m->sym->val) && s.key_size >= 8 ? s.key_size - 8 :
							  s.key_size;
	v = xcalloc(n, sizeof(*v));
	memcpy(v, keys, n * sizeof(*v));
	qsort_r(v, n, sizeof(*v), cmp_key_prefix, &len);
	err = map_keys(m->fd, &s, &all, &nkeys);
	for (i = 0; !err && i < nkeys; i++) {
		const void *k = all.p + (size_t)i * s.key_size;

		if (!has_key_prefix(v, n, k, len))
			continue;
		if (bpf_map_delete_elem(m->fd, k) && errno != ENOENT)
			err = -errno;
	}
	free(v);
	buf_free(&all);
	return err;
}

int print_zero_map(const struct rt_out *rt, const struct map_info *m)
{
	return print_fill_map(rt, m, NULL, 0);
}

int print_fill_map(const struct rt_out *rt, const struct map_info *m,
		   const void *v, size_t len)
{
	struct buf keys = { 0 };
	struct map_shape s;
	int err, nkeys, i;
	uint8_t *zero;

	err = map_shape(rt, m->fd, &s);
	if (err)
		return err;
	err = map_keys(m->fd, &s, &keys, &nkeys);
	zero = xcalloc(1, s.stride * s.ncpu + 16);
	if (len > s.value_size)
		len = s.value_size;
	for (i = 0; v && i < s.ncpu; i++)
		memcpy(zero + (size_t)i * s.stride, v, len);
	for (i = 0; !err && i < nkeys; i++)
		if (bpf_map_update_elem(m->fd, keys.p + (size_t)i * s.key_size,
					zero, BPF_EXIST) && errno != ENOENT)
			err = -errno;
	free(zero);
	buf_free(&keys);
	return err;
}

void print_buf(struct buf *out, const void *p, int size)
{
	const unsigned char *d = (const unsigned char *)p + 8;
	uint64_t n = rd64(p), i;

	if (n > (uint64_t)size - 8)
		n = size - 8;
	for (i = 0; i < n; i++) {
		if (d[i] >= 0x20 && d[i] < 0x7f)
			buf_put(out, &d[i], 1);
		else
			buf_printf(out, "\\x%02x", d[i]);
	}
}

int print_format(const struct rt_out *rt, const struct fmt_spec *fs,
		 const void *payload, struct buf *out)
{
	const char *fmt = fs->fmt;
	struct buf tmp = { 0 };
	struct fmt_conv c;
	struct fmt_val v;
	size_t pos = 0;
	int k;

	if (fmt_count_convs(fmt) != fs->nargs)
		return -EINVAL;
	for (k = 0; k < fs->nargs && fmt_next_conv(fmt, pos, &c); k++) {
		const struct fmt_arg *a = &fs->args[k];
		const char *p = (const char *)payload + a->offset;

		memset(&v, 0, sizeof(v));
		switch (a->type->kind) {
		case TY_STR:
			v.is_str = true;
			v.s = p;
			v.slen = strnlen(p, a->type->size);
			break;
		case TY_INT:
			v.i = (uint64_t)int_of(a->type, p);
			break;
		case TY_PTR:
		case TY_NONE:
			v.i = rd64(p);
			break;
		default:
			tmp.len = 0;
			put_value(rt, a->type, p, 1, false, &tmp);
			v.is_str = true;
			v.s = tmp.p ? tmp.p : "";
			v.slen = tmp.len;
			break;
		}
		if (c.conv == 'r') {
			/* %r: the text before it, then the buffer as it is. */
			buf_put(out, fmt + pos, c.start - pos);
			buf_put(out, v.s, v.slen);
		} else {
			fmt_piece(out, fmt + pos, c.end - pos, &v);
		}
		pos = c.end;
	}
	buf_put(out, fmt + pos, strlen(fmt + pos));
	buf_free(&tmp);
	return 0;
}
