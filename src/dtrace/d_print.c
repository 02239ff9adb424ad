/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's output formats.  Widths, orders and quirks follow dtrace(8)
 * of dtrace-utils; where DTrace's behaviour is surprising the comment
 * says what it does.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "d_print.h"
#include "../lang/types.h"
#include "../builtins/dtrace.h"
#include "../runtime/record.h"

#define DIST_BAR 40

/*
 * Appends printf(fmt, ...).  The formats come from this file's own
 * pieces (flags, width, precision and a known conversion), never from a
 * script verbatim.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void put_fmt(struct buf *out, const char *fmt, ...)
{
	char small[256], *p = small;
	va_list ap, ap2;
	int n;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= (int)sizeof(small)) {
		p = xmalloc((size_t)n + 1);
		vsnprintf(p, (size_t)n + 1, fmt, ap2);
	}
	va_end(ap2);
	va_end(ap);
	if (n > 0)
		buf_put(out, p, (size_t)n);
	if (p != small)
		free(p);
}
#pragma GCC diagnostic pop

static void put_str(struct buf *out, const char *s)
{
	buf_put(out, s, strlen(s));
}

static void put_chars(struct buf *out, char c, int n)
{
	while (n-- > 0)
		buf_put(out, &c, 1);
}

static uint64_t rd64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The low size bytes of v, sign- or zero-extended. */
static int64_t narrow(int64_t v, int size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2:
		return is_signed ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4:
		return is_signed ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default:
		return v;
	}
}

/* An integer of a key or value, which ferret keeps in 8 bytes. */
static int64_t int_at(const struct type *t, const void *p)
{
	uint64_t v = 0;

	memcpy(&v, p, t->size > 0 && t->size < 8 ? (size_t)t->size : 8);
	return narrow((int64_t)v, t->size, t->is_signed);
}

/*
 * DTrace divides by the normalization in unsigned arithmetic for these
 * values (a negative one divided by more than 1 comes out huge).
 */
static int64_t udiv_norm(int64_t v, uint64_t normal)
{
	return normal > 1 ? (int64_t)((uint64_t)v / normal) : v;
}

/* a / b without the trap of INT64_MIN / -1. */
static int64_t sdiv(int64_t a, int64_t b)
{
	if (b == -1)
		return (int64_t)(0 - (uint64_t)a);
	return b ? a / b : 0;
}

/* Keys */

static int key_count(const struct symbol *sym)
{
	if (!sym->key)
		return 0;
	return sym->key->kind == TY_TUPLE ? sym->key->nfields : 1;
}

/*
 * Key field i and its offset in the stored key.  An integer shows in the
 * width the program gave it (DTrace's key columns follow it), though it
 * is stored in 8 bytes.
 */
static const struct type *key_field(const struct symbol *sym, int i,
				    int *off)
{
	const struct type *t = sym->key, *shown = sym->shown_key;

	*off = 0;
	if (t->kind == TY_TUPLE) {
		*off = t->fields[i].offset;
		t = t->fields[i].type;
		shown = shown && shown->kind == TY_TUPLE &&
			shown->nfields > i ? shown->fields[i].type : NULL;
	}
	if (shown && shown->kind == TY_INT && t->kind == TY_INT)
		return shown;
	return t;
}

/* Types held as an integer; kernel symbols compare as their address. */
static bool int_like(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PTR || t->kind == TY_KSYM;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

static int cmp_s64(int64_t a, int64_t b)
{
	return a < b ? -1 : a > b;
}

static int cmp_ld(long double a, long double b)
{
	return a < b ? -1 : a > b;
}

/* Two keys named in user space, by their text. */
static int named_cmp(const struct dp_ctx *ctx, const struct type *ta,
		     const uint8_t *a, const struct type *tb, const uint8_t *b)
{
	struct buf x = { 0 }, y = { 0 };
	int r;

	ctx->text(ctx->text_arg, ta, a, &x);
	buf_put(&x, "", 1);
	ctx->text(ctx->text_arg, tb, b, &y);
	buf_put(&y, "", 1);
	r = strcmp(x.p, y.p);
	buf_free(&x);
	buf_free(&y);
	return r < 0 ? -1 : r > 0;
}

/*
 * One key field: integers as unsigned of their width, as DTrace does;
 * with ctx, a name made in user space (probefunc) by its text, DTrace's
 * string.
 */
static int field_cmp(const struct type *ta, const uint8_t *a,
		     const struct type *tb, const uint8_t *b,
		     const struct dp_ctx *ctx)
{
	int r, i;

	if (ta->kind == TY_NAMED && tb->kind == TY_NAMED && ctx && ctx->text)
		return named_cmp(ctx, ta, a, tb, b);
	/* Strings compare by their text: maps may hold them in other sizes. */
	if (ta->kind == TY_STR && tb->kind == TY_STR) {
		for (i = 0; i < ta->size || i < tb->size; i++) {
			uint8_t ca = i < ta->size ? a[i] : 0;
			uint8_t cb = i < tb->size ? b[i] : 0;

			if (ca != cb)
				return ca < cb ? -1 : 1;
			if (!ca)
				break;
		}
		return 0;
	}
	if (ta->size != tb->size)
		return ta->size < tb->size ? -1 : 1;
	if (int_like(ta) && int_like(tb) && ta->size <= 8)
		return cmp_u64((uint64_t)narrow(int_at(ta, a), ta->size, false),
			       (uint64_t)narrow(int_at(tb, b), tb->size, false));
	if (bi_dtrace_symaddr(ta, NULL, NULL, NULL) && ta->size == 8)
		return cmp_u64(rd64(a), rd64(b));
	if ((ta->kind == TY_USYM || bi_dtrace_symaddr(ta, NULL, NULL, NULL)) &&
	    ta->size >= 16) {
		/* DTrace orders user symbols by process, then address. */
		r = cmp_u64(rd64(a + 8), rd64(b + 8));
		return r ? r : cmp_u64(rd64(a), rd64(b));
	}
	r = memcmp(a, b, (size_t)ta->size);
	return r < 0 ? -1 : r > 0;
}

/* Keys of two entries, from field keypos on and round. */
static int key_cmp(const struct symbol *sa, const void *ka,
		   const struct symbol *sb, const void *kb, int keypos,
		   const struct dp_ctx *ctx)
{
	int na = key_count(sa), nb = key_count(sb), i, r;

	if (na != nb)
		return na < nb ? -1 : 1;
	if (keypos < 0 || keypos >= na)
		keypos = 0;
	for (i = 0; i < na; i++) {
		int f = (i + keypos) % na, oa, ob;
		const struct type *ta = key_field(sa, f, &oa);
		const struct type *tb = key_field(sb, f, &ob);

		r = field_cmp(ta, (const uint8_t *)ka + oa, tb,
			      (const uint8_t *)kb + ob, ctx);
		if (r)
			return r;
	}
	return 0;
}

/* Values */

static int64_t lq_levels(const struct type *t)
{
	int64_t n = t->lh_step > 0 ? (t->lh_max - t->lh_min) / t->lh_step : 0;

	return n < 0 || n > 1 << 20 ? 0 : n;
}

static int agg_nbuckets(const struct type *t)
{
	if (t->kind == TY_QUANT)
		return D_QUANT_NBUCKETS;
	if (t->kind == TY_LHIST)
		return (int)lq_levels(t) + 2;
	if (t->kind == TY_LLQUANT)
		return d_llq_nbuckets(t);
	return 0;
}

/* Bucket i of e, 0 past the ones it has. */
static int64_t bucket(const struct print_entry *e, int i)
{
	if (!e->buckets || i < 0 || i >= e->nbuckets)
		return 0;
	return (int64_t)e->buckets[i];
}

static int64_t quant_value(int i)
{
	if (i < D_QUANT_ZERO)
		return -(int64_t)(1ULL << (D_QUANT_ZERO - 1 - i));
	if (i == D_QUANT_ZERO)
		return 0;
	return (int64_t)(1ULL << (i - D_QUANT_ZERO - 1));
}

static int64_t avg_of(const struct print_entry *e)
{
	int64_t total = e->agg[0], count = e->agg[1];

	return sdiv(total, count);
}

/* floor(sqrt(v)), bit by bit. */
static uint64_t isqrt128(unsigned __int128 v)
{
	unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)r;
}

/*
 * DTrace's integer standard deviation: the square root of the mean of
 * the squares (divided by normal, then the count, in 128 bits) less the
 * square of the mean (total / normal / count in signed 64 bits), the
 * difference taken modulo 2^128 as DTrace takes it.  0 without values.
 */
static uint64_t stddev_of(const struct print_entry *e, uint64_t normal)
{
	unsigned __int128 sq = ((unsigned __int128)e->sq[1] << 64) | e->sq[0];
	uint64_t count = (uint64_t)e->agg[0];
	int64_t mean;
	uint64_t m;

	if (!count)
		return 0;
	if (normal < 1)
		normal = 1;
	sq = sq / normal / count;
	mean = sdiv(sdiv(e->agg[1], (int64_t)normal), (int64_t)count);
	m = mean < 0 ? 0 - (uint64_t)mean : (uint64_t)mean;
	return isqrt128(sq - (unsigned __int128)m * m);
}

static long double powld(int64_t factor, int64_t n)
{
	long double r = 1;

	while (n-- > 0)
		r *= (long double)factor;
	return r;
}

/*
 * llquantize's weights, as DTrace sorts by them: each bucket pair round
 * the underflow bucket weighs its positive count less its negative one
 * times the bucket's lower bound.
 */
static long double llquant_sum(const struct type *t,
			       const struct print_entry *e)
{
	int64_t factor = t->lh_factor, lmag = t->lh_min, steps = t->lh_step;
	int64_t sf = steps / factor, step, mag;
	int z = d_llq_zero(t), i = 1;
	long double total, scale;

	total = powld(factor, lmag) *
		(long double)(bucket(e, z + 1) - bucket(e, z - 1));
	if (lmag == 0 && steps > factor) {
		for (step = 2; step <= factor; step++) {
			i += (int)sf;
			total += (long double)(step * (bucket(e, z + i) -
						       bucket(e, z - i)));
		}
		lmag = 1;
	}
	scale = powld(factor, lmag + 1) / (long double)steps;
	for (mag = lmag; mag <= t->lh_max; mag++) {
		for (step = sf + 1; step <= steps; step++) {
			i++;
			total += (long double)step * scale *
				 (long double)(bucket(e, z + i) -
					       bucket(e, z - i));
		}
		scale *= (long double)factor;
	}
	return total;
}

/*
 * quantize and lquantize order by the sum of bucket value times count,
 * ties by the count at zero.
 */
static int quant_cmp(const struct print_entry *a, const struct print_entry *b)
{
	long double ta = 0, tb = 0;
	int i, r;

	for (i = 0; i < D_QUANT_NBUCKETS; i++) {
		ta += (long double)quant_value(i) * (long double)bucket(a, i);
		tb += (long double)quant_value(i) * (long double)bucket(b, i);
	}
	r = cmp_ld(ta, tb);
	return r ? r : cmp_s64(bucket(a, D_QUANT_ZERO), bucket(b, D_QUANT_ZERO));
}

/*
 * lquantize's weights: "< base" counts as base - 1, ">= limit" as
 * limit + 1, the steps as their lower bound.
 */
static long double lquant_sum(const struct type *t, const struct print_entry *e)
{
	int64_t levels = lq_levels(t), i, v = t->lh_min;
	long double total = (long double)bucket(e, 0) * (long double)(v - 1);

	for (i = 0; i < levels; i++, v += t->lh_step)
		total += (long double)bucket(e, (int)i + 1) * (long double)v;
	return total + (long double)bucket(e, (int)levels + 1) *
		       (long double)(v + 1);
}

static int64_t lquant_zero(const struct type *t, const struct print_entry *e)
{
	int64_t levels = lq_levels(t), i, v = t->lh_min;

	if (v - 1 == 0)
		return bucket(e, 0);
	for (i = 0; i < levels; i++, v += t->lh_step)
		if (v == 0)
			return bucket(e, (int)i + 1);
	if (v + 1 == 0)
		return bucket(e, (int)levels + 1);
	return 0;
}

static int val_cmp(const struct type *t, const struct print_entry *a,
		   const struct print_entry *b)
{
	int r;

	switch (t->kind) {
	case TY_AVG:
		return cmp_s64(avg_of(a), avg_of(b));
	case TY_QUANT:
		return quant_cmp(a, b);
	case TY_LHIST:
		r = cmp_ld(lquant_sum(t, a), lquant_sum(t, b));
		return r ? r : cmp_s64(lquant_zero(t, a), lquant_zero(t, b));
	case TY_LLQUANT:
		r = cmp_ld(llquant_sum(t, a), llquant_sum(t, b));
		return r ? r : cmp_s64(bucket(a, d_llq_zero(t)),
				       bucket(b, d_llq_zero(t)));
	case TY_STDDEV:
		return cmp_u64(stddev_of(a, 1), stddev_of(b, 1));
	default:
		return cmp_s64(a->agg[0], b->agg[0]);
	}
}

/* Rendering of keys and values without a format */

static const char ats[DIST_BAR + 1] =
	"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";

/* One row's bar and count, as DTrace draws it for the rows' mix of signs. */
static void dist_line(struct buf *out, int64_t val, uint64_t normal,
		      long double total, bool pos, bool neg)
{
	int64_t shown = udiv_norm(val, normal);
	long double mag = val < 0 ? -(long double)val : (long double)val;
	int len = DIST_BAR, depth = 0;

	if (neg && pos)
		len /= 2;
	if ((pos || neg) && total > 0)
		depth = (int)(mag * len / total + 0.5L);
	if (depth > len)
		depth = len;
	if (!neg) {
		buf_put(out, "|", 1);
		buf_put(out, ats, (size_t)depth);
		put_chars(out, ' ', len - depth);
	} else if (!pos) {
		put_chars(out, ' ', len - depth);
		buf_put(out, ats, (size_t)depth);
		buf_put(out, "|", 1);
	} else if (val <= 0) {
		put_chars(out, ' ', len - depth);
		buf_put(out, ats, (size_t)depth);
		buf_put(out, "|", 1);
		put_chars(out, ' ', len);
	} else {
		put_chars(out, ' ', len);
		buf_put(out, "|", 1);
		buf_put(out, ats, (size_t)depth);
		put_chars(out, ' ', len - depth);
	}
	put_fmt(out, " %-9lld\n", (long long)shown);
}

/*
 * A quantize or lquantize table: from one zero row before the first
 * non-zero bucket to one after the last; when every bucket is zero, the
 * three rows round zero (quantize) or the first three (lquantize).
 */
static void put_dist(struct buf *out, const struct type *t,
		     const struct print_entry *e, uint64_t normal)
{
	int nb = agg_nbuckets(t), first = 0, last = nb - 1, i;
	int64_t levels = lq_levels(t), v;
	long double total = 0;
	bool pos = false, neg = false;
	char label[48];

	while (first <= last && bucket(e, first) == 0)
		first++;
	if (first > last) {
		first = t->kind == TY_QUANT ? D_QUANT_ZERO - 1 : 0;
		last = first + 2;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && bucket(e, last) == 0)
			last--;
		if (last < nb - 1)
			last++;
	}
	for (i = first; i <= last; i++) {
		v = bucket(e, i);
		pos |= v > 0;
		neg |= v < 0;
		total += v < 0 ? -(long double)v : (long double)v;
	}
	put_fmt(out, "\n%16s %41s %-9s\n", "value",
		"------------- Distribution -------------", "count");
	for (i = first; i <= last; i++) {
		if (t->kind == TY_QUANT) {
			put_fmt(out, "%16lld ", (long long)quant_value(i));
		} else if (i == 0) {
			snprintf(label, sizeof(label), "< %lld",
				 (long long)t->lh_min);
			put_fmt(out, "%16s ", label);
		} else if (i == levels + 1) {
			snprintf(label, sizeof(label), ">= %lld",
				 (long long)(t->lh_min + levels * t->lh_step));
			put_fmt(out, "%16s ", label);
		} else {
			put_fmt(out, "%16lld ",
				(long long)(t->lh_min + (i - 1) * t->lh_step));
		}
		dist_line(out, bucket(e, i), normal, total, pos, neg);
	}
}

/* DTrace keeps llquantize labels in 16 bytes: longer ones are cut. */
#define LLQ_LABEL 16

/*
 * The labels of llquantize's buckets (lab[i], "" for a bucket no value
 * can reach); first is the first bucket shown.
 */
static void llquant_labels(const struct type *t, char (*lab)[LLQ_LABEL],
			   int nb, int first)
{
	int64_t factor = t->lh_factor, lmag = t->lh_min, steps = t->lh_step;
	int64_t sf = steps / factor, step, mag = lmag;
	int z = d_llq_zero(t), i = 1;
	uint64_t scale = (uint64_t)powld(factor, lmag);

#define LABEL(b, ...) do { \
	if ((b) >= 0 && (b) < nb) \
		snprintf(lab[b], LLQ_LABEL, __VA_ARGS__); \
} while (0)
	if (scale == 1)
		LABEL(z, "0");
	else if (first >= z)
		LABEL(z, "< %llu", (unsigned long long)scale);
	else
		LABEL(z, "abs() < %llu", (unsigned long long)scale);
	LABEL(z - 1, "-%llu", (unsigned long long)scale);
	LABEL(z + 1, "%llu", (unsigned long long)scale);
	if (lmag == 0 && steps > factor) {
		for (step = 2; step <= factor; step++) {
			i += (int)sf;
			LABEL(z - i, "-%d", (int)step);
			LABEL(z + i, "%d", (int)step);
		}
		mag++;
	}
	scale = (uint64_t)(powld(factor, mag + 1) / (long double)steps);
	for (; mag <= t->lh_max; mag++) {
		for (step = sf + 1; step <= steps; step++) {
			i++;
			LABEL(z - i, "-%llu", (unsigned long long)(step * scale));
			LABEL(z + i, "%llu", (unsigned long long)(step * scale));
		}
		scale *= (uint64_t)factor;
	}
	scale = (uint64_t)powld(factor, t->lh_max + 1);
	LABEL(0, "<= -%llu", (unsigned long long)scale);
	LABEL(nb - 1, ">= %llu", (unsigned long long)scale);
#undef LABEL
}

/*
 * An llquantize table: from the bucket before the first non-zero one to
 * the one after the last (around the first positive bucket when all are
 * zero), leaving out buckets no value reaches.  Where the first or last
 * row shown is such a bucket, it takes the label of the nearest one
 * further out, as DTrace's does.
 */
static void put_llquant(struct buf *out, const struct type *t,
			const struct print_entry *e, uint64_t normal)
{
	int nb = d_llq_nbuckets(t), z = d_llq_zero(t), first = 0, last = nb - 1;
	int i, j, pad = 0;
	long double total = 0;
	bool pos = false, neg = false;
	char (*lab)[LLQ_LABEL] = xcalloc(nb, sizeof(*lab));

	while (first <= last && bucket(e, first) == 0)
		first++;
	if (first > last) {
		first = last = z + 1;
	} else {
		while (bucket(e, last) == 0)
			last--;
	}
	for (i = first; i <= last; i++) {
		int64_t v = bucket(e, i);

		pos |= v > 0;
		neg |= v < 0;
		total += v < 0 ? -(long double)v : (long double)v;
	}
	put_fmt(out, "\n%16s %41s %-9s\n", "value",
		"------------- Distribution -------------", "count");
	if (first > 0)
		first--;
	if (last < nb - 1)
		last++;
	if (t->lh_min == 0 && t->lh_step > t->lh_factor)
		pad = (int)(t->lh_step / t->lh_factor);
	llquant_labels(t, lab, nb, first);
	for (j = 1; pad && !lab[first][0] && j < pad; j++)
		if (first - j >= 0 && lab[first - j][0]) {
			memcpy(lab[first], lab[first - j], LLQ_LABEL);
			break;
		}
	for (j = 1; pad && !lab[last][0] && j < pad; j++)
		if (last + j < nb && lab[last + j][0]) {
			memcpy(lab[last], lab[last + j], LLQ_LABEL);
			break;
		}
	for (i = first; i <= last; i++) {
		if (!lab[i][0])
			continue;
		put_fmt(out, "%16s ", lab[i]);
		dist_line(out, bucket(e, i), normal, total, pos, neg);
	}
	free(lab);
}

/* Bytes that are not a string: DTrace's offset, hex and ASCII dump. */
static void put_rawbytes(struct buf *out, const uint8_t *p, size_t n)
{
	size_t i, j;

	if (!n)
		return;
	put_str(out, "\n           ");
	for (i = 0; i < 16; i++)
		put_fmt(out, "  %c", "0123456789abcdef"[i]);
	put_str(out, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		put_fmt(out, "     %5zx:", i);
		for (j = i; j < i + 16 && j < n; j++)
			put_fmt(out, " %02x", p[j]);
		for (; j % 16; j++)
			put_str(out, "   ");
		put_str(out, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			put_fmt(out, "%c", p[j] < ' ' || p[j] > '~' ? '.' : p[j]);
		put_str(out, "\n");
	}
}

/*
 * A key of bytes: a string when it is printable characters up to a NUL
 * followed by NULs only, or up to the end; else a dump.  An empty string
 * is not one of those: DTrace dumps it.
 */
static void put_bytes(struct buf *out, const uint8_t *p, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		int c = (char)p[i];

		if (isprint(c) || isspace(c) || c == '\b' || c == '\a')
			continue;
		if (c == 0 && i > 0) {
			for (j = i + 1; j < n && !p[j]; j++)
				;
			if (j == n) {
				put_fmt(out, "  %-50s", (const char *)p);
				return;
			}
		}
		break;
	}
	if (i == n && n) {
		put_fmt(out, "  %-50.*s", (int)n, (const char *)p);
		return;
	}
	put_rawbytes(out, p, n);
}

/*
 * An address as DTrace names it: object`symbol[+0xoff], object`0xaddr
 * when only the object is known, else 0xaddr.
 */
static void put_addr(struct buf *out, const struct dp_ctx *ctx,
		     uint64_t addr, int pid, bool offset)
{
	struct dp_sym s = { 0 };

	if (!ctx || !ctx->sym || ctx->sym(ctx->sym_arg, addr, pid, &s) ||
	    !s.object) {
		put_fmt(out, "0x%llx", (unsigned long long)addr);
	} else if (!s.name) {
		put_fmt(out, "%s`0x%llx", s.object, (unsigned long long)addr);
	} else if (offset && addr > s.value) {
		put_fmt(out, "%s`%s+0x%llx", s.object, s.name,
			(unsigned long long)(addr - s.value));
	} else {
		put_fmt(out, "%s`%s", s.object, s.name);
	}
}

/*
 * A stack as DTrace prints one: a newline, then each of its n frames on a
 * line of its own after indent spaces, in a field of width (0: none).
 * pid is the process of a user stack, -1 for the kernel's.
 */
static void put_stack(struct buf *out, const struct dp_ctx *ctx,
		      const uint64_t *pcs, int n, int pid, int indent,
		      int width)
{
	struct buf f = { 0 };
	int i;

	buf_put(out, "\n", 1);
	for (i = 0; i < n; i++) {
		f.len = 0;
		put_addr(&f, ctx, pcs[i], pid, true);
		buf_put(&f, "", 1);
		put_chars(out, ' ', indent);
		put_fmt(out, "%*s\n", width, f.p);
	}
	buf_free(&f);
}

/* The frames of the stack of type t at p, through ctx. */
static int read_stack(const struct dp_ctx *ctx, const struct type *t,
		      const void *p, uint64_t *pcs, int *pid)
{
	*pid = -1;
	if (!ctx || !ctx->stack)
		return 0;
	return ctx->stack(ctx->text_arg, t, p, pcs, pid);
}

/* dtrace's stackindent: stacks are indented by it, but in printf(). */
#define STACK_INDENT 14

static void put_key_field(struct buf *out, const struct type *t,
			  const uint8_t *p, const struct dp_ctx *ctx)
{
	struct buf text = { 0 };
	int64_t v;

	if (t->kind == TY_KSTACK || t->kind == TY_USTACK) {
		uint64_t pcs[STACK_DEPTH];
		int pid, n = read_stack(ctx, t, p, pcs, &pid);

		put_stack(out, ctx, pcs, n, pid, STACK_INDENT, 0);
		return;
	}

	if (int_like(t) && t->kind != TY_KSYM && t->size <= 8) {
		v = int_at(t, p);
		switch (t->size) {
		case 1:
			put_fmt(out, " %3d", (int)(uint8_t)v);
			return;
		case 2:
			put_fmt(out, " %5d", (int)(uint16_t)v);
			return;
		case 4:
			put_fmt(out, " %8d", (int)(int32_t)v);
			return;
		default:
			put_fmt(out, " %16lld", (long long)v);
			return;
		}
	}
	switch (t->kind) {
	case TY_STR:
		put_bytes(out, p, (size_t)t->size);
		return;
	case TY_KSYM:
		put_addr(&text, ctx, rd64(p), -1, false);
		break;
	case TY_USYM:
		put_addr(&text, ctx, rd64(p), (int)rd64(p + 8), false);
		break;
	default:
		if (!ctx || !ctx->text) {
			put_rawbytes(out, p, (size_t)t->size);
			return;
		}
		ctx->text(ctx->text_arg, t, p, &text);
		break;
	}
	buf_put(&text, "", 1);
	put_fmt(out, "  %-50s", text.p);
	buf_free(&text);
}

static void put_keys(struct buf *out, const struct symbol *sym,
		     const void *key, const struct dp_ctx *ctx)
{
	int i, n = key_count(sym), off;
	const struct type *t;

	for (i = 0; i < n; i++) {
		t = key_field(sym, i, &off);
		put_key_field(out, t, (const uint8_t *)key + off, ctx);
	}
}

/* A value after the keys, without a format. */
static void put_value(struct buf *out, const struct dp_agg *a,
		      const struct print_entry *e)
{
	const struct type *t = a->sym->val;
	int64_t count = e->agg[1];

	switch (t->kind) {
	case TY_COUNT:
	case TY_SUM:
	case TY_MIN:
	case TY_MAX:
		put_fmt(out, " %16lld", (long long)udiv_norm(e->agg[0], a->normal));
		break;
	case TY_AVG:
		put_fmt(out, " %16lld", (long long)sdiv(sdiv(e->agg[0],
			(int64_t)(a->normal > 1 ? a->normal : 1)), count));
		break;
	case TY_STDDEV:
		put_fmt(out, " %16llu",
			(unsigned long long)stddev_of(e, a->normal));
		break;
	case TY_QUANT:
	case TY_LHIST:
		put_dist(out, t, e, a->normal);
		break;
	case TY_LLQUANT:
		put_llquant(out, t, e, a->normal);
		break;
	default:
		break;
	}
}

/* Sorting */

struct sort_ctx {
	const struct dp_agg *aggs;
	int n;
	const struct dp_opts *o;
	const struct dp_ctx *ctx;	/* or NULL: names by their value */
};

static int keypos(const struct dp_opts *o)
{
	return o && o->keypos > 0 ? o->keypos : 0;
}

static int rev(const struct dp_opts *o, int r)
{
	return o && o->sortrev ? -r : r;
}

static int cmp_entry(const void *pa, const void *pb, void *arg)
{
	const struct print_entry *a = *(const struct print_entry *const *)pa;
	const struct print_entry *b = *(const struct print_entry *const *)pb;
	const struct sort_ctx *s = arg;
	const struct symbol *sym = s->aggs->sym;
	int r = 0;

	if (!s->o || !s->o->sortkey)
		r = val_cmp(sym->val, a, b);
	if (!r)
		r = key_cmp(sym, a->key, sym, b->key, keypos(s->o), s->ctx);
	return rev(s->o, r);
}

/* The entries of a in the order DTrace prints them, in an array to free. */
static const struct print_entry **sorted_entries(const struct dp_agg *a,
						 const struct dp_opts *o,
						 const struct dp_ctx *ctx)
{
	const struct print_entry **v = xcalloc(a->n ? a->n : 1, sizeof(*v));
	struct sort_ctx s = { a, 1, o, ctx };
	int i;

	for (i = 0; i < a->n; i++)
		v[i] = &a->ents[i];
	qsort_r(v, a->n, sizeof(*v), cmp_entry, &s);
	return v;
}

static int cmp_key_bytes(const void *pa, const void *pb, void *arg)
{
	const struct print_entry *a = pa, *b = pb;
	const struct symbol *sym = arg;

	return memcmp(a->key, b->key, (size_t)sym->key->size);
}

/* Adds entry b's value into a's. */
static void merge_value(const struct type *t, struct print_entry *a,
			const struct print_entry *b)
{
	uint64_t lo;
	int i;

	switch (t->kind) {
	case TY_MIN:
		if (b->agg[0] < a->agg[0])
			a->agg[0] = b->agg[0];
		return;
	case TY_MAX:
		if (b->agg[0] > a->agg[0])
			a->agg[0] = b->agg[0];
		return;
	case TY_STDDEV:
		lo = a->sq[0] + b->sq[0];
		a->sq[1] += b->sq[1] + (lo < a->sq[0]);
		a->sq[0] = lo;
		break;
	default:
		break;
	}
	a->agg[0] = (int64_t)((uint64_t)a->agg[0] + (uint64_t)b->agg[0]);
	a->agg[1] = (int64_t)((uint64_t)a->agg[1] + (uint64_t)b->agg[1]);
	/* the entries' buckets are the reader's storage: a's are written */
	for (i = 0; a->buckets && b->buckets && i < a->nbuckets &&
		    i < b->nbuckets; i++)
		((uint64_t *)a->buckets)[i] += b->buckets[i];
}

void d_print_merge(const struct symbol *sym, struct print_entry *v, int *n)
{
	int i, k = 0;

	if (!sym->key || *n < 2)
		return;
	qsort_r(v, *n, sizeof(*v), cmp_key_bytes, (void *)sym);
	for (i = 1; i < *n; i++) {
		if (!cmp_key_bytes(&v[k], &v[i], (void *)sym))
			merge_value(sym->val, &v[k], &v[i]);
		else
			v[++k] = v[i];
	}
	*n = k + 1;
}

int d_print_trunc(const struct dp_agg *a, int64_t keep,
		  const struct print_entry **drop)
{
	const struct print_entry **v = sorted_entries(a, NULL, NULL);
	int64_t from = 0, to = a->n, i;
	int n = 0;

	/* v runs from the smallest value up. */
	if (keep > 0)
		to = keep < a->n ? a->n - keep : 0;
	else if (keep < 0)
		from = -keep < a->n ? -keep : a->n;
	for (i = from; i < to; i++)
		drop[n++] = v[i];
	free(v);
	return n;
}

/*
 * A joined printa's rows: a key and each aggregation's entry for it, the
 * aggregation's zero entry where it has none.
 */
struct row {
	const struct print_entry **m;	/* n members */
	const struct symbol *sym;	/* the key's type */
	const void *key;
};

struct member {
	int agg;
	const struct print_entry *e;
};

static int cmp_member(const void *pa, const void *pb, void *arg)
{
	const struct member *a = pa, *b = pb;
	const struct sort_ctx *s = arg;

	return key_cmp(s->aggs[a->agg].sym, a->e->key, s->aggs[b->agg].sym,
		       b->e->key, 0, s->ctx);
}

static int cmp_row(const void *pa, const void *pb, void *arg)
{
	const struct row *a = pa, *b = pb;
	const struct sort_ctx *s = arg;
	int sortpos = s->o && s->o->sortpos > 0 && s->o->sortpos < s->n ?
		      s->o->sortpos : 0;
	bool bykey = s->o && s->o->sortkey;
	int i, j, r;

	if (bykey) {
		r = key_cmp(a->sym, a->key, b->sym, b->key, keypos(s->o),
			    s->ctx);
		if (r)
			return rev(s->o, r);
	}
	for (i = 0; i < s->n; i++) {
		j = (i + sortpos) % s->n;
		r = val_cmp(s->aggs[j].sym->val, a->m[j], b->m[j]);
		if (r)
			return rev(s->o, r);
	}
	if (bykey)
		return 0;
	return rev(s->o, key_cmp(a->sym, a->key, b->sym, b->key, keypos(s->o),
				 s->ctx));
}

struct joined {
	struct row *rows;
	int nrows;
	const struct print_entry **members;
	struct print_entry *zero;
	uint64_t *zero_buckets;
};

static void joined_free(struct joined *j)
{
	free(j->rows);
	free(j->members);
	free(j->zero);
	free(j->zero_buckets);
}

/* Groups the entries of aggs by key and sorts the groups. */
static void join(struct joined *j, const struct dp_agg *aggs, int n,
		 const struct dp_opts *o, const struct dp_ctx *ctx)
{
	struct sort_ctx s = { aggs, n, o, ctx };
	struct member *mv;
	int total = 0, i, k, g, nb = D_QUANT_NBUCKETS;

	memset(j, 0, sizeof(*j));
	for (i = 0; i < n; i++) {
		total += aggs[i].n;
		if (agg_nbuckets(aggs[i].sym->val) > nb)
			nb = agg_nbuckets(aggs[i].sym->val);
	}
	j->zero = xcalloc(n, sizeof(*j->zero));
	j->zero_buckets = xcalloc(nb, sizeof(uint64_t));
	for (i = 0; i < n; i++) {
		j->zero[i].buckets = j->zero_buckets;
		j->zero[i].nbuckets = nb;
	}
	mv = xcalloc(total ? total : 1, sizeof(*mv));
	for (i = 0, k = 0; i < n; i++)
		for (g = 0; g < aggs[i].n; g++) {
			mv[k].agg = i;
			mv[k++].e = &aggs[i].ents[g];
		}
	qsort_r(mv, total, sizeof(*mv), cmp_member, &s);
	j->rows = xcalloc(total ? total : 1, sizeof(*j->rows));
	j->members = xcalloc((size_t)(total ? total : 1) * n,
			     sizeof(*j->members));
	for (k = 0, g = -1; k < total; k++) {
		if (g < 0 || cmp_member(&mv[k - 1], &mv[k], &s)) {
			g++;
			j->rows[g].m = j->members + (size_t)g * n;
			j->rows[g].sym = aggs[mv[k].agg].sym;
			j->rows[g].key = mv[k].e->key;
			for (i = 0; i < n; i++)
				j->rows[g].m[i] = &j->zero[i];
		}
		/* The same aggregation twice in one printa shows it twice. */
		for (i = 0; i < n; i++)
			if (aggs[i].ents == aggs[mv[k].agg].ents &&
			    aggs[i].sym == aggs[mv[k].agg].sym)
				j->rows[g].m[i] = mv[k].e;
	}
	j->nrows = g + 1;
	free(mv);
	qsort_r(j->rows, j->nrows, sizeof(*j->rows), cmp_row, &s);
}

/* Output without a format */

static void put_agg_entries(struct buf *out, const struct dp_agg *a,
			    const struct dp_opts *o, const struct dp_ctx *ctx)
{
	const struct print_entry **v;
	int i;

	if (!a->n)
		return;
	v = sorted_entries(a, o, ctx);
	for (i = 0; i < a->n; i++) {
		put_keys(out, a->sym, v[i]->key, ctx);
		put_value(out, a, v[i]);
		buf_put(out, "\n", 1);
	}
	free(v);
}

void d_print_exit(struct buf *out, const struct dp_agg *aggs, int n,
		  const struct dp_opts *o, const struct dp_ctx *ctx)
{
	int i;

	buf_put(out, "\n", 1);
	for (i = 0; i < n; i++)
		put_agg_entries(out, &aggs[o && o->sortrev ? n - 1 - i : i], o,
				ctx);
}

void d_print_printa(struct buf *out, const struct dp_agg *aggs, int n,
		    const struct dp_opts *o, const struct dp_ctx *ctx)
{
	struct joined j;
	int r, i;

	buf_put(out, "\n", 1);
	if (n == 1) {
		put_agg_entries(out, aggs, o, ctx);
		return;
	}
	if (n < 1)
		return;
	join(&j, aggs, n, o, ctx);
	for (r = 0; r < j.nrows; r++) {
		put_keys(out, j.rows[r].sym, j.rows[r].key, ctx);
		for (i = 0; i < n; i++)
			put_value(out, &aggs[i], j.rows[r].m[i]);
		buf_put(out, "\n", 1);
	}
	joined_free(&j);
}

/* printf conversions */

/* The conversions DTrace accepts, length modifiers included ("%%" aside). */
struct conv_proto;
static const struct conv_proto *conv_proto_of(const char *name);

int d_print_conv_parse(const char *s, struct dp_conv *c)
{
	const char *p = s;
	int digits = 0, dot = 0, n, len = 0;

	memset(c, 0, sizeof(*c));
	if (*p != '%')
		return -EINVAL;
	for (;;) {
		char ch = *++p;

		if (isdigit((unsigned char)ch)) {
			/* A leading 0 is the flag, whatever came before. */
			if (!dot && !digits && ch == '0') {
				c->flags |= DP_F_ZERO;
				c->flags &= ~DP_F_LEFT;
				continue;
			}
			for (n = 0; isdigit((unsigned char)*p); p++)
				n = n * 10 + (*p - '0');
			p--;
			if (dot)
				c->prec = n;
			else
				c->width = n;
			digits++;
			continue;
		}
		switch (ch) {
		case '#':
			c->flags |= DP_F_ALT;
			continue;
		case '*':
			n = dot ? DP_F_DYNPREC : DP_F_DYNWIDTH;
			if (c->flags & n)
				return -EINVAL;
			c->flags |= n;
			continue;
		case '+':
			c->flags |= DP_F_PLUS;
			continue;
		case '-':
			c->flags |= DP_F_LEFT;
			c->flags &= ~DP_F_ZERO;
			continue;
		case '.':
			if (dot++)
				return -EINVAL;
			digits = 0;
			continue;
		case '?':
			c->width = 16;
			continue;
		case '@':
			c->flags |= DP_F_AGG;
			continue;
		case '\'':
			c->flags |= DP_F_GROUP;
			continue;
		case ' ':
			c->flags |= DP_F_SPACE;
			continue;
		case 'h':
		case 'l':
		case 'L':
		case 'w':
			if (len < (int)sizeof(c->name) - 2)
				c->name[len++] = ch;
			continue;
		case '%':
			if (p - s != 1)
				return -EINVAL;
			break;
		case '$':
		case '\0':
			return -EINVAL;
		default:
			break;
		}
		c->name[len++] = ch;
		c->name[len] = '\0';
		c->conv = ch;
		p++;
		break;
	}
	if (!strcmp(c->name, "%") || conv_proto_of(c->name))
		return (int)(p - s);
	return -EINVAL;
}

/* The C format for c with conversion text conv ("lld", "s" ...). */
static void c_format(char *f, size_t len, const struct dp_conv *c,
		     const char *conv)
{
	int n = snprintf(f, len, "%%%s%s%s%s%s%s",
			 c->flags & DP_F_ALT ? "#" : "",
			 c->flags & DP_F_ZERO ? "0" : "",
			 c->width < 0 || (c->flags & DP_F_LEFT) ? "-" : "",
			 c->flags & DP_F_PLUS ? "+" : "",
			 c->flags & DP_F_GROUP ? "'" : "",
			 c->flags & DP_F_SPACE ? " " : "");

	if (c->width)
		n += snprintf(f + n, len - n, "%d",
			      c->width < 0 ? -c->width : c->width);
	if (c->prec > 0)
		n += snprintf(f + n, len - n, ".%d", c->prec);
	snprintf(f + n, len - n, "%s", conv);
}

static void put_conv_str(struct buf *out, const struct dp_conv *c,
			 const char *s)
{
	char f[64];

	c_format(f, sizeof(f), c, "s");
	put_fmt(out, f, s);
}

/*
 * DTrace's printf of an integer: signed conversions take 1, 2 and 4 byte
 * values as int, 8 as long long, unsigned ones likewise; normal divides
 * aggregation values (signed or unsigned as the conversion is).
 */
static void put_conv_int(struct buf *out, const struct dp_conv *c,
			 int64_t v, int size, bool sint, uint64_t normal)
{
	char f[64], conv[4] = { 0 };
	char letter = c->conv;

	if (letter == 'p')
		letter = 'x';
	else if (!sint && (letter == 'd' || letter == 'i'))
		letter = 'u';
	if (normal < 1)
		normal = 1;
	if (size == 8 && letter != 'c') {
		conv[0] = 'l';
		conv[1] = 'l';
		conv[2] = letter;
		c_format(f, sizeof(f), c, conv);
		if (sint)
			put_fmt(out, f, (long long)sdiv(v, (int64_t)normal));
		else
			put_fmt(out, f, (unsigned long long)((uint64_t)v / normal));
		return;
	}
	conv[0] = letter;
	c_format(f, sizeof(f), c, conv);
	if (sint)
		put_fmt(out, f, (int)sdiv((int32_t)narrow(v, size, true),
					  (int32_t)normal));
	else
		put_fmt(out, f, (unsigned)((uint32_t)narrow(v, size, false) /
					   (uint32_t)normal));
}

/* s (n bytes) escaped as in a D string literal; stops after a NUL. */
static void escape(struct buf *out, const char *s, size_t n)
{
	static const char from[] = "\0\a\b\f\n\r\t\v\"\\";
	static const char to[] = "0abfnrtv\"\\";
	const char *q;
	size_t i;

	for (i = 0; i < n; i++) {
		char ch = s[i];

		q = memchr(from, ch, sizeof(from) - 1);
		if (q) {
			buf_put(out, "\\", 1);
			buf_put(out, &to[q - from], 1);
		} else if (ch != ' ' && (ch < '!' || ch > '~')) {
			put_fmt(out, "\\%c%c%c", '0' + ((ch >> 6) & 3),
				'0' + ((ch >> 3) & 7), '0' + (ch & 7));
		} else {
			buf_put(out, &ch, 1);
		}
		if (!ch)
			break;
	}
}

/*
 * %Y: ctime()'s fields with the year first ("2026 Nov  6 14:05:33");
 * %T: RFC 822 as DTrace writes it (with the ISO week-numbering year).
 */
static void put_time(struct buf *out, const struct dp_conv *c, int64_t ns)
{
	time_t sec = (time_t)((uint64_t)ns / 1000000000ULL);
	char text[64] = "";
	struct tm tm;

	if (localtime_r(&sec, &tm))
		strftime(text, sizeof(text), c->conv == 'Y' ?
			 "%Y %b %e %H:%M:%S" : "%a, %d %b %G %T %Z", &tm);
	put_conv_str(out, c, text);
}

static int conv_val(struct buf *out, const struct dp_conv *c,
		    const struct dp_val *v, const struct dp_ctx *ctx,
		    uint64_t normal)
{
	struct buf text = { 0 };
	bool sint;
	char ch;

	switch (c->conv) {
	case '%':
		buf_put(out, "%", 1);
		return 0;
	case 'd':
	case 'i':
	case 'u':
	case 'o':
	case 'x':
	case 'X':
	case 'p':
	case 'c':
		if (v->s)
			return -EINVAL;
		if (c->name[0] == 'w' && c->conv != 'c')
			return -ENOTSUP;
		sint = c->conv == 'c' ||
		       ((c->conv == 'd' || c->conv == 'i') &&
			(v->is_signed || c->name[1]));
		put_conv_int(out, c, v->i, v->size, sint, normal);
		return 0;
	case 's':
	case 'S':
		if (!v->s)
			return -EINVAL;
		if (c->name[0] == 'l' || c->name[0] == 'w')
			return -ENOTSUP;
		if (c->conv == 'S')
			escape(&text, v->s, v->n);
		else
			buf_put(&text, v->s, strnlen(v->s, v->n));
		break;
	case 'r':
		if (!v->s)
			return -EINVAL;
		buf_put(&text, v->s, v->n);
		break;
	case 'C':
		if (v->s)
			return -EINVAL;
		ch = (char)v->i;
		escape(&text, &ch, 1);
		break;
	case 'a':
	case 'A':
		if (v->s && !v->addr)
			return -EINVAL;
		put_addr(&text, ctx, (uint64_t)narrow(v->i, v->size, false),
			 c->conv == 'a' ? -1 : v->pid, true);
		break;
	case 'Y':
	case 'T':
		if (v->s)
			return -EINVAL;
		put_time(out, c, v->i);
		return 0;
	case 'e':
	case 'E':
	case 'f':
	case 'g':
	case 'G': {
		char f[64], conv[3] = { 'L', c->conv, 0 };

		if (!v->fp)
			return -EINVAL;
		c_format(f, sizeof(f), c, conv);
		put_fmt(out, f, v->f);
		return 0;
	}
	case 'k': {
		/* left-aligned, the width indents each frame, as in DTrace */
		bool left = (c->flags & DP_F_LEFT) || c->width < 0;
		int w = c->width < 0 ? -c->width : c->width;

		if (!v->stack)
			return -EINVAL;
		put_stack(out, ctx, v->pcs, v->npcs, v->pid, left ? w : 0,
			  left ? 0 : w);
		return 0;
	}
	default:
		return -ENOTSUP;
	}
	buf_put(&text, "", 1);
	put_conv_str(out, c, text.p);
	buf_free(&text);
	return 0;
}

int d_print_conv(struct buf *out, const struct dp_conv *c,
		 const struct dp_val *v, const struct dp_ctx *ctx)
{
	return conv_val(out, c, v, ctx, 1);
}

/* printa() with a format */

/* One piece of a format: literal text, then a conversion or none. */
struct piece {
	const char *lit;
	size_t litlen;
	bool has_conv;
	struct dp_conv c;
};

static int split_format(const char *fmt, struct piece **pv, int *np)
{
	struct piece *v = NULL;
	const char *q = fmt, *p;
	int n = 0, len;

	while ((p = strchr(q, '%'))) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].lit = q;
		v[n].litlen = (size_t)(p - q);
		v[n].has_conv = true;
		len = d_print_conv_parse(p, &v[n].c);
		if (len < 0) {
			free(v);
			return len;
		}
		n++;
		q = p + len;
	}
	if (*q || !n) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].lit = q;
		v[n].litlen = strlen(q);
		v[n].has_conv = false;
		n++;
	}
	*pv = v;
	*np = n;
	return 0;
}

/*
 * Key field i of a row as a printf argument; pcs (STACK_DEPTH) and text
 * hold what it points to.
 */
static int key_val(const struct symbol *sym, const void *key, int i,
		   struct dp_val *v, const struct dp_ctx *ctx, uint64_t *pcs,
		   struct buf *text)
{
	const struct type *t;
	const uint8_t *p;
	uint64_t addr;
	int off;

	memset(v, 0, sizeof(*v));
	if (i >= key_count(sym))
		return -EINVAL;
	t = key_field(sym, i, &off);
	p = (const uint8_t *)key + off;
	if (t->kind == TY_STR) {
		v->s = (const char *)p;
		v->n = (size_t)t->size;
	} else if (int_like(t) && t->size <= 8) {
		v->i = int_at(t, p);
		v->size = t->size;
		v->is_signed = t->is_signed;
	} else if (t->kind == TY_USYM) {
		v->i = (int64_t)rd64(p);
		v->size = 8;
		v->pid = (int)rd64(p + 8);
	} else if (t->kind == TY_KSTACK || t->kind == TY_USTACK) {
		v->stack = true;
		v->pcs = pcs;
		v->npcs = read_stack(ctx, t, p, pcs, &v->pid);
	} else if (bi_dtrace_symaddr(t, p, &addr, &v->pid)) {
		v->i = (int64_t)addr;
		v->size = 8;
		v->addr = true;
		text->len = 0;
		if (ctx && ctx->text)
			ctx->text(ctx->text_arg, t, p, text);
		buf_put(text, "", 1);
		v->s = text->p;
		v->n = text->len - 1;
	} else if (t->kind == TY_NAMED && ctx && ctx->text) {
		/* a string named in user space: probefunc, execname ... */
		text->len = 0;
		ctx->text(ctx->text_arg, t, p, text);
		buf_put(text, "", 1);
		v->s = text->p;
		v->n = text->len - 1;
	} else {
		return -EINVAL;
	}
	return 0;
}

/* A %@ conversion of aggregation a's entry e. */
static int put_agg_conv(struct buf *out, const struct dp_conv *c,
			const struct dp_agg *a, const struct print_entry *e,
			const struct dp_ctx *ctx)
{
	const struct type *t = a->sym->val;
	struct dp_val v = { .size = 8, .is_signed = true };
	uint64_t normal = a->normal > 1 ? a->normal : 1;

	switch (t->kind) {
	case TY_QUANT:
	case TY_LHIST:
		put_dist(out, t, e, a->normal);
		return 0;
	case TY_LLQUANT:
		put_llquant(out, t, e, a->normal);
		return 0;
	case TY_STDDEV:
		v.i = (int64_t)stddev_of(e, normal);
		v.is_signed = false;
		return conv_val(out, c, &v, ctx, 1);
	case TY_AVG:
		/* DTrace computes a printa() average in unsigned arithmetic. */
		v.i = e->agg[1] ? (int64_t)((uint64_t)e->agg[0] / normal /
					    (uint64_t)e->agg[1]) : 0;
		return conv_val(out, c, &v, ctx, 1);
	case TY_COUNT:
		v.is_signed = false;
		/* fall through */
	case TY_SUM:
	case TY_MIN:
	case TY_MAX:
		v.i = e->agg[0];
		return conv_val(out, c, &v, ctx, normal);
	default:
		return -ENOTSUP;
	}
}

static int format_row(struct buf *out, const struct piece *pv, int np,
		      const struct dp_agg *aggs, int n,
		      const struct print_entry *const *m,
		      const struct symbol *sym, const void *key,
		      const struct dp_ctx *ctx)
{
	int i, nextkey = 0, cur = 0, err = 0;
	uint64_t pcs[STACK_DEPTH];
	struct buf text = { 0 };
	struct dp_val v;
	struct dp_conv c;

	for (i = 0; i < np; i++) {
		buf_put(out, pv[i].lit, pv[i].litlen);
		if (!pv[i].has_conv)
			continue;
		c = pv[i].c;
		if (c.conv == '%') {
			buf_put(out, "%", 1);
			continue;
		}
		if (c.flags & DP_F_DYNWIDTH) {
			err = key_val(sym, key, nextkey++, &v, ctx, pcs, &text);
			if (err || v.s || v.stack)
				break;
			c.width = (int)v.i;
		}
		if (c.flags & DP_F_DYNPREC) {
			err = key_val(sym, key, nextkey++, &v, ctx, pcs, &text);
			if (err || v.s || v.stack)
				break;
			c.prec = (int)v.i;
		}
		if (c.flags & DP_F_AGG) {
			err = put_agg_conv(out, &c, &aggs[cur], m[cur], ctx);
			if (cur < n - 1)
				cur++;
		} else {
			err = key_val(sym, key, nextkey++, &v, ctx, pcs, &text);
			if (!err)
				err = conv_val(out, &c, &v, ctx, 1);
		}
		if (err)
			break;
	}
	buf_free(&text);
	if (!err && i < np)
		err = -EINVAL;
	return err;
}

int d_print_printa_fmt(struct buf *out, const char *fmt,
		       const struct dp_agg *aggs, int n,
		       const struct dp_opts *o, const struct dp_ctx *ctx)
{
	const struct print_entry **v;
	struct piece *pv;
	struct joined j;
	int np, i, err;

	if (n < 1)
		return -EINVAL;
	err = split_format(fmt, &pv, &np);
	if (err)
		return err;
	if (n == 1) {
		v = sorted_entries(aggs, o, ctx);
		for (i = 0; i < aggs->n && !err; i++)
			err = format_row(out, pv, np, aggs, 1, &v[i],
					 aggs->sym, v[i]->key, ctx);
		free(v);
	} else {
		join(&j, aggs, n, o, ctx);
		for (i = 0; i < j.nrows && !err; i++)
			err = format_row(out, pv, np, aggs, n, j.rows[i].m,
					 j.rows[i].sym, j.rows[i].key, ctx);
		joined_free(&j);
	}
	free(pv);
	return err;
}

/* trace() */

void d_print_trace_header(struct buf *out)
{
	put_fmt(out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
}

void d_print_trace_prefix(struct buf *out, int cpu, uint32_t id,
			  const char *func, const char *name)
{
	struct buf fn = { 0 };

	buf_printf(&fn, "%s:%s", func ? func : "", name ? name : "");
	buf_put(&fn, "", 1);
	put_fmt(out, "%3d %6d %32s ", cpu, (int)id, fn.p);
	buf_free(&fn);
}

const char *d_print_trace_conv(int size, bool is_signed, bool is_str,
			       bool quiet)
{
	static const char *const conv[2][5] = {
		{ " %3u", " %5u", " %10u", " %20u", "  %-33s" },
		{ " %3d", " %5d", " %10d", " %19d", "  %-33s" },
	};
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	if (quiet)
		return is_str ? "%s" : is_signed ? "%d" : "%u";
	return conv[is_signed][is_str ? 4 : i];
}

void d_print_trace_int(struct buf *out, int64_t v, int size, bool is_signed,
		       bool quiet)
{
	char fmt[16];
	const char *c = d_print_trace_conv(size, is_signed, false, quiet);

	/* The conversion's width, with the length modifier for 64 bits. */
	snprintf(fmt, sizeof(fmt), "%.*sll%c", (int)strlen(c) - 1, c,
		 c[strlen(c) - 1]);
	v = narrow(v, size, is_signed);
	if (is_signed)
		put_fmt(out, fmt, (long long)v);
	else
		put_fmt(out, fmt, (unsigned long long)v);
}

void d_print_trace_str(struct buf *out, const char *s, size_t n, bool quiet)
{
	put_fmt(out, quiet ? "%.*s" : "  %-33.*s", (int)strnlen(s, n), s);
}

void d_print_trace_end(struct buf *out, bool quiet)
{
	if (!quiet)
		buf_put(out, "\n", 1);
}

void d_print_rawbytes(struct buf *out, const void *p, size_t n)
{
	put_rawbytes(out, p, n);
}

int d_print_printf(struct buf *out, const char *fmt,
		   const struct dp_val *args, int nargs,
		   const struct dp_ctx *ctx)
{
	struct piece *pv = NULL;
	struct dp_conv c;
	int np = 0, i, next = 0, err;

	err = split_format(fmt, &pv, &np);
	for (i = 0; !err && i < np; i++) {
		buf_put(out, pv[i].lit, pv[i].litlen);
		if (!pv[i].has_conv)
			continue;
		c = pv[i].c;
		if (c.conv == '%') {
			buf_put(out, "%", 1);
			continue;
		}
		if (c.flags & DP_F_AGG) {
			err = -EINVAL;
			break;
		}
		if (c.flags & DP_F_DYNWIDTH) {
			if (next >= nargs || args[next].s) {
				err = -EINVAL;
				break;
			}
			c.width = (int)args[next++].i;
		}
		if (c.flags & DP_F_DYNPREC) {
			if (next >= nargs || args[next].s) {
				err = -EINVAL;
				break;
			}
			c.prec = (int)args[next++].i;
		}
		if (next >= nargs)
			err = -EINVAL;
		else
			err = conv_val(out, &c, &args[next++], ctx, 1);
	}
	free(pv);
	return err;
}

/* Checking a printf format at compile time */

/* What a conversion takes, with the prototype DTrace names it by. */
struct conv_proto {
	const char *name;
	const char *proto;
	enum {
		CK_INT,		/* any integer (or pointer) */
		CK_ADDR,	/* a pointer, an integer or a symbol */
		CK_CSI,		/* an integer of at most 4 bytes */
		CK_SIZED,	/* an integer of size bytes, signed if sign > 0 */
		CK_TIME,	/* a 64-bit integer */
		CK_STR,		/* a string, text or char array */
		CK_BUF,		/* tracemem()'s bytes: ferret's own %r */
		CK_STACK,	/* stack(), ustack(), jstack() */
		CK_FP,		/* a float, double or long double; of size
				 * bytes where size is set */
		CK_NEVER,	/* wchar_t []: no D value here */
	} check;
	int size, sign;		/* CK_SIZED; sign < 0: either */
};

static const char proto_xint[] = "char, short, int, long, or long long";
static const char proto_csi[] = "char, short, or int";
static const char proto_fp[] = "float, double, or long double";
static const char proto_addr[] = "pointer or integer";
static const char proto_cstr[] = "char [] or string (or use stringof)";
static const char proto_wstr[] = "wchar_t []";

static const struct conv_proto conv_protos[] = {
	{ "a", proto_addr, CK_ADDR, 0, 0 },
	{ "A", "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)",
	  CK_ADDR, 0, 0 },
	{ "c", proto_csi, CK_CSI, 0, 0 },
	{ "C", proto_csi, CK_CSI, 0, 0 },
	{ "d", proto_xint, CK_INT, 0, 0 },
	{ "i", proto_xint, CK_INT, 0, 0 },
	{ "o", proto_xint, CK_INT, 0, 0 },
	{ "u", proto_xint, CK_INT, 0, 0 },
	{ "x", proto_xint, CK_INT, 0, 0 },
	{ "X", proto_xint, CK_INT, 0, 0 },
	{ "p", proto_addr, CK_ADDR, 0, 0 },
	{ "hd", "short", CK_SIZED, 2, 1 },
	{ "hi", "short", CK_SIZED, 2, 1 },
	{ "ho", "unsigned short", CK_SIZED, 2, 0 },
	{ "hu", "unsigned short", CK_SIZED, 2, 0 },
	{ "hx", "short", CK_SIZED, 2, -1 },
	{ "hX", "short", CK_SIZED, 2, -1 },
	{ "ld", "long", CK_SIZED, 8, 1 },
	{ "li", "long", CK_SIZED, 8, 1 },
	{ "lo", "unsigned long", CK_SIZED, 8, 0 },
	{ "lu", "unsigned long", CK_SIZED, 8, 0 },
	{ "lx", "long", CK_SIZED, 8, -1 },
	{ "lX", "long", CK_SIZED, 8, -1 },
	{ "lld", "long long", CK_SIZED, 8, 1 },
	{ "lli", "long long", CK_SIZED, 8, 1 },
	{ "llo", "unsigned long long", CK_SIZED, 8, 0 },
	{ "llu", "unsigned long long", CK_SIZED, 8, 0 },
	{ "llx", "long long", CK_SIZED, 8, -1 },
	{ "llX", "long long", CK_SIZED, 8, -1 },
	{ "lc", "int", CK_SIZED, 4, 1 },
	{ "s", proto_cstr, CK_STR, 0, 0 },
	{ "S", proto_cstr, CK_STR, 0, 0 },
	{ "T", "int64_t", CK_TIME, 0, 0 },
	{ "Y", "int64_t", CK_TIME, 0, 0 },
	{ "e", proto_fp, CK_FP, 0, 0 },
	{ "E", proto_fp, CK_FP, 0, 0 },
	{ "f", proto_fp, CK_FP, 0, 0 },
	{ "g", proto_fp, CK_FP, 0, 0 },
	{ "G", proto_fp, CK_FP, 0, 0 },
	{ "Le", "long double", CK_FP, 16, 0 },
	{ "LE", "long double", CK_FP, 16, 0 },
	{ "Lf", "long double", CK_FP, 16, 0 },
	{ "Lg", "long double", CK_FP, 16, 0 },
	{ "LG", "long double", CK_FP, 16, 0 },
	{ "ls", proto_wstr, CK_NEVER, 0, 0 },
	{ "ws", proto_wstr, CK_NEVER, 0, 0 },
	/* wchar_t is an int, printed as %lc prints it */
	{ "wc", "int", CK_SIZED, 4, 1 },
	{ "k", "stack", CK_STACK, 0, 0 },
	{ "r", "buffer", CK_BUF, 0, 0 },
};

static bool is_integer(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PTR;
}

static bool conv_suits(const struct conv_proto *p, const struct type *t)
{
	switch (p->check) {
	case CK_INT:
		return is_integer(t);
	case CK_ADDR:
		return is_integer(t) || t->kind == TY_KSYM ||
		       t->kind == TY_USYM || bi_dtrace_symaddr(t, NULL, NULL, NULL);
	case CK_CSI:
		return is_integer(t) && t->size <= 4;
	case CK_SIZED:
		return t->kind == TY_INT && t->size == p->size &&
		       (p->sign < 0 || t->is_signed == (p->sign > 0));
	case CK_TIME:
		return is_integer(t) && t->size == 8;
	case CK_STR:
		return type_is_text(t) ||
		       (t->kind == TY_ARRAY && t->elem &&
			t->elem->kind == TY_INT && t->elem->size == 1);
	case CK_BUF:
		return t->kind == TY_BUF;
	case CK_STACK:
		return t->kind == TY_KSTACK || t->kind == TY_USTACK;
	case CK_FP:
		return t->kind == TY_FLOAT && (!p->size || t->size == p->size);
	default:
		return false;
	}
}

static const struct conv_proto *conv_proto_of(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(conv_protos); i++)
		if (!strcmp(conv_protos[i].name, name))
			return &conv_protos[i];
	return NULL;
}

/*
 * Why DTrace refuses the conversion at s that d_print_conv_parse() did
 * not take, in its words; conversion number k.
 */
static void conv_syntax_error(const char *s, int k, char *err, size_t len)
{
	char name[8];
	int n = 0, dot = 0, stars = 0;
	const char *p;

	for (p = s + 1;; p++) {
		switch (*p) {
		case '.':
			if (dot++) {
				snprintf(err, len, "[D_SYNTAX] format conversion #%d has more than one '.' specified",
					 k);
				return;
			}
			continue;
		case '*':
			if (stars & (dot ? 2 : 1)) {
				snprintf(err, len, "[D_SYNTAX] format conversion #%d has more than one '*' specified for the output %s",
					 k, dot ? "precision" : "width");
				return;
			}
			stars |= dot ? 2 : 1;
			continue;
		case '$':
			snprintf(err, len, "[D_SYNTAX] format conversion #%d uses unsupported positional format (%%n$)",
				 k);
			return;
		case '%':
			snprintf(err, len, "[D_SYNTAX] format conversion #%d cannot be combined with other format flags: %%%%",
				 k);
			return;
		case '\0':
			snprintf(err, len, "[D_SYNTAX] format conversion #%d name expected before end of format string",
				 k);
			return;
		case 'h':
		case 'l':
		case 'L':
		case 'w':
			if (n < (int)sizeof(name) - 2)
				name[n++] = *p;
			continue;
		default:
			if (isdigit((unsigned char)*p) || strchr("#+-?@' ", *p))
				continue;
			break;
		}
		break;
	}
	name[n++] = *p;
	name[n] = '\0';
	snprintf(err, len, "[D_SYNTAX] format conversion #%d is undefined: %%%s",
		 k, name);
}

/* DTrace's error for argument #arg (1: the format) not suiting conv k. */
static int arg_type_error(const char *func, int arg, int k, const char *conv,
			  const char *proto, const struct type *t, char *err,
			  size_t len)
{
	char w[64];

	snprintf(err, len, "[D_PRINTF_ARG_TYPE] %s( ) argument #%d is incompatible with conversion #%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
		 func, arg, k, conv, proto,
		 type_is_agg(t) ? "aggregation" :
		 bi_d_type_word(t, w, sizeof(w)));
	return -EINVAL;
}

int d_print_check(const char *func, const char *fmt,
		  const struct type *const *args, int nargs, int *at,
		  char *err, size_t len)
{
	const struct conv_proto *cp;
	struct dp_conv c;
	const char *p;
	int k = 0, next = 0, n, pass;
	char w[64];

	*at = 0;
	if (!*fmt) {
		snprintf(err, len, "[D_PRINTF_FMT_EMPTY] %s( ) format string is empty",
			 func);
		return -EINVAL;
	}
	/* The whole format parses before any argument is checked. */
	for (pass = 0; pass < 2; pass++) {
		for (p = fmt, k = 0; (p = strchr(p, '%')); p += n) {
			k++;
			n = d_print_conv_parse(p, &c);
			if (n < 0) {
				conv_syntax_error(p, k, err, len);
				return -EINVAL;
			}
			if (!pass || c.conv == '%')
				continue;
			if (c.flags & DP_F_AGG) {
				snprintf(err, len, "[D_PRINTF_AGG_CONV] %%@ conversion requires an aggregation and is not for use with %s( )",
					 func);
				return -EINVAL;
			}
			cp = conv_proto_of(c.name);
			if (!cp) {
				snprintf(err, len, "[D_SYNTAX] format conversion #%d is undefined: %%%s",
					 k, c.name);
				return -EINVAL;
			}
			if (c.flags & DP_F_DYNWIDTH || c.flags & DP_F_DYNPREC) {
				const char *dyn[2] = { "*", ".*" };
				int d;

				for (d = 0; d < 2; d++) {
					if (!(c.flags & (d ? DP_F_DYNPREC :
							 DP_F_DYNWIDTH)))
						continue;
					if (next >= nargs) {
						snprintf(err, len, "[D_PRINTF_DYN_PROTO] %s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding \"%s\" argument",
							 func, k, c.name, dyn[d]);
						return -EINVAL;
					}
					if (args[next]->kind != TY_INT) {
						*at = next + 1;
						snprintf(err, len, "[D_PRINTF_DYN_TYPE] %s( ) argument #%d is incompatible with conversion #%d prototype:\n\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s",
							 func, next + 2, k, dyn[d], c.name,
							 bi_d_type_word(args[next], w, sizeof(w)));
						return -EINVAL;
					}
					next++;
				}
			}
			if (next >= nargs) {
				snprintf(err, len, "[D_PRINTF_ARG_PROTO] %s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding value argument",
					 func, k, c.name);
				return -EINVAL;
			}
			*at = next + 1;
			if (cp->check == CK_BUF && args[next]->kind != TY_BUF) {
				/* %r is ferret's own, for tracemem()'s bytes. */
				snprintf(err, len, "[D_SYNTAX] format conversion #%d is undefined: %%%s",
					 k, c.name);
				return -EINVAL;
			}
			if (!conv_suits(cp, args[next]))
				return arg_type_error(func, next + 2, k, c.name,
						      cp->proto, args[next],
						      err, len);
			next++;
		}
	}
	*at = next + 1;
	if (next < nargs) {
		snprintf(err, len, "[D_PRINTF_ARG_EXTRA] %s( ) prototype mismatch: only %d arguments required by this format string",
			 func, next);
		return -EINVAL;
	}
	return 0;
}

int d_print_check_keys(const char *fmt, const struct type *const *keys,
		       int nkeys, int argno, char *err, size_t len)
{
	const struct conv_proto *cp;
	struct dp_conv c;
	const char *p;
	int k = 0, next = 0, n;

	for (p = fmt; (p = strchr(p, '%')) && next < nkeys; p += n) {
		k++;
		n = d_print_conv_parse(p, &c);
		if (n < 0)
			return 0;
		if (c.conv == '%' || (c.flags & DP_F_AGG))
			continue;
		cp = conv_proto_of(c.name);
		if (!cp)
			return 0;
		if (!conv_suits(cp, keys[next]))
			return arg_type_error("printa", argno, k, c.name,
					      cp->proto, keys[next], err, len);
		next++;
	}
	return 0;
}
