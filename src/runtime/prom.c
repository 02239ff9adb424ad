/* SPDX-License-Identifier: GPL-2.0 */
/* Maps in Prometheus' text exposition format. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "../lang/types.h"

char *prom_name(const char *s)
{
	size_t n = strlen(s), i, j = 0;
	char *r = xmalloc(n + 2);

	if (isdigit((unsigned char)*s))
		r[j++] = '_';
	for (i = 0; i < n; i++)
		r[j++] = isalnum((unsigned char)s[i]) ? s[i] : '_';
	r[j] = 0;
	return r;
}

/* A label value, escaped as the format asks: backslash, quote, newline. */
static void put_escaped(struct buf *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '\\')
			buf_printf(out, "\\\\");
		else if (s[i] == '"')
			buf_printf(out, "\\\"");
		else if (s[i] == '\n')
			buf_printf(out, "\\n");
		else
			buf_put(out, &s[i], 1);
	}
}

static const char *label_of(const struct prom_map *m, int i, char *tmp, size_t len)
{
	if (m->labels && i < m->nlabels && m->labels[i])
		return m->labels[i];
	snprintf(tmp, len, "key%d", i);
	return tmp;
}

/*
 * The labels of entry e, "name=\"value\"," each (the trailing comma
 * left for le to follow, or taken off by the caller).
 */
static void put_labels(const struct rt_out *rt, const struct prom_map *m,
		       const struct print_entry *e, struct buf *out)
{
	const struct type *k = m->sym->key;
	struct buf v = { 0 };
	char tmp[16];
	int i, n;

	if (!k)
		return;
	n = k->kind == TY_TUPLE ? k->nfields : 1;
	for (i = 0; i < n; i++) {
		const struct type *t = k->kind == TY_TUPLE ? k->fields[i].type : k;
		const char *p = (const char *)e->key +
				(k->kind == TY_TUPLE ? k->fields[i].offset : 0);

		v.len = 0;
		print_key_part(rt, t, p, &v);
		buf_printf(out, "%s=\"", label_of(m, i, tmp, sizeof(tmp)));
		put_escaped(out, v.p ? v.p : "", v.len);
		buf_printf(out, "\",");
	}
	buf_free(&v);
}

/* name{labels[,extra]} value */
static void sample(const struct rt_out *rt, const struct prom_map *m,
		   const struct print_entry *e, const char *name,
		   const char *suffix, const char *extra, const char *value,
		   struct buf *out)
{
	size_t at;

	buf_printf(out, "%s%s{", name, suffix);
	at = out->len;
	put_labels(rt, m, e, out);
	if (extra)
		buf_printf(out, "%s,", extra);
	/* "{" alone is dropped with the comma: no labels, no braces. */
	if (out->len == at)
		out->len--;
	else
		out->p[out->len - 1] = '}';
	buf_printf(out, " %s\n", value);
}

static void sample_i(const struct rt_out *rt, const struct prom_map *m,
		     const struct print_entry *e, const char *name,
		     const char *suffix, const char *extra, int64_t v,
		     bool is_signed, struct buf *out)
{
	char num[32];

	if (is_signed)
		snprintf(num, sizeof(num), "%lld", (long long)v);
	else
		snprintf(num, sizeof(num), "%llu", (unsigned long long)v);
	sample(rt, m, e, name, suffix, extra, num, out);
}

/*
 * The inclusive upper bound of bucket b, false for a bucket that only
 * +Inf bounds.
 */
static bool bucket_le(const struct type *t, int b, int nb, int64_t *le)
{
	if (t->kind == TY_HIST) {
		/* bpftrace 0.17 puts every value from 2^31 in bucket 33. */
		if (b >= 33)
			return false;
		*le = b == 0 ? -1 : b == 1 ? 0 : (int64_t)((1ULL << (b - 1)) - 1);
		return true;
	}
	if (b >= nb - 1)
		return false;
	*le = t->lh_min + (int64_t)b * t->lh_step - 1;
	return true;
}

static void put_hist(const struct rt_out *rt, const struct prom_map *m,
		     const struct print_entry *e, const char *name,
		     struct buf *out)
{
	const struct type *t = m->sym->val;
	int nb = t->kind == TY_HIST ? 34 : e->nbuckets, b;
	uint64_t total = 0, cum = 0;
	char le[48];
	int64_t bound;

	for (b = 0; b < e->nbuckets; b++)
		total += e->buckets[b];
	for (b = 0; b < nb && b < e->nbuckets; b++) {
		cum += e->buckets[b];
		if (!bucket_le(t, b, nb, &bound))
			break;
		snprintf(le, sizeof(le), "le=\"%lld\"", (long long)bound);
		sample_i(rt, m, e, name, "_bucket", le, (int64_t)cum, false, out);
	}
	sample_i(rt, m, e, name, "_bucket", "le=\"+Inf\"", (int64_t)total, false, out);
	if (e->agg[0])
		sample_i(rt, m, e, name, "_sum", NULL, e->agg[1], true, out);
	sample_i(rt, m, e, name, "_count", NULL, (int64_t)total, false, out);
}

void prom_render(const struct rt_out *rt, const struct prom_map *m,
		 const struct print_entry *e, int n, struct buf *out)
{
	const struct type *t = m->sym->val;
	char *base = prom_name(m->name[0] == '@' && m->name[1] ? m->name + 1 : "map");
	char name[256], tn[64];
	const char *type = NULL, *suffix = "";
	bool is_signed = true;
	int i;

	snprintf(name, sizeof(name), "ferret_%s", base);
	free(base);
	switch (t->kind) {
	case TY_COUNT:
		type = "counter";
		suffix = "_total";
		is_signed = false;
		break;
	case TY_SUM:
		type = "counter";
		suffix = "_total";
		is_signed = t->elem ? t->elem->is_signed : true;
		break;
	case TY_MIN:
	case TY_MAX:
		type = "gauge";
		break;
	case TY_INT:
		type = "gauge";
		is_signed = t->is_signed;
		break;
	case TY_AVG:
	case TY_STATS:
		type = "summary";
		break;
	case TY_HIST:
	case TY_LHIST:
		type = "histogram";
		break;
	default:
		buf_printf(out, "# ferret: %s holds %s values, which Prometheus has no type for\n",
			   m->name, type_name(t, tn, sizeof(tn)));
		return;
	}
	buf_printf(out, "# HELP %s%s ferret map %s: %s\n", name, suffix, m->name,
		   type_name(t, tn, sizeof(tn)));
	buf_printf(out, "# TYPE %s%s %s\n", name, suffix, type);
	for (i = 0; i < n; i++) {
		const struct print_entry *x = &e[i];

		switch (t->kind) {
		case TY_INT: {
			int64_t v = 0;

			memcpy(&v, x->val, t->size < 8 ? t->size : 8);
			if (t->is_signed && t->size < 8)
				v = (int64_t)((uint64_t)v << (64 - 8 * t->size)) >> (64 - 8 * t->size);
			sample_i(rt, m, x, name, "", NULL, v, is_signed, out);
			break;
		}
		case TY_AVG:
		case TY_STATS:
			sample_i(rt, m, x, name, "_sum", NULL, x->agg[0], true, out);
			sample_i(rt, m, x, name, "_count", NULL, x->agg[1], false, out);
			break;
		case TY_HIST:
		case TY_LHIST:
			put_hist(rt, m, x, name, out);
			break;
		default:
			sample_i(rt, m, x, name, suffix, NULL, x->agg[0], is_signed, out);
		}
	}
}
