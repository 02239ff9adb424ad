/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cstore.h"
#include "../lang/types.h"
#include "../providers/provider.h"
#include "../runtime/print.h"

/* Bumped whenever the layout below changes. */
#define CSTORE_MAGIC 0x36534366u	/* "fCS6" */

static void put32(struct buf *b, int32_t v)
{
	buf_put(b, &v, sizeof(v));
}

static void put64(struct buf *b, uint64_t v)
{
	buf_put(b, &v, sizeof(v));
}

/* A string as its length and bytes; NULL as -1. */
static void put_str(struct buf *b, const char *s)
{
	int32_t n = s ? (int32_t)strlen(s) : -1;

	put32(b, n);
	if (s)
		buf_put(b, s, n);
}

/* -ENOTSUP for the kinds that hold what bytes cannot carry. */
static int put_type(struct buf *b, const struct type *t)
{
	int i, err;

	if (!t) {
		put32(b, -1);
		return 0;
	}
	if (t->kind == TY_NAMED || t->kind == TY_CTX ||
	    (t->kind == TY_STRUCT && t->incomplete))
		return -ENOTSUP;
	put32(b, t->kind);
	put32(b, t->size);
	put32(b, t->is_signed);
	put32(b, t->count);
	put32(b, t->align);
	put32(b, t->is_union);
	put32(b, t->btf_id);
	put32(b, t->stack_map);
	put32(b, t->stack_depth);
	put32(b, t->stack_perf);
	put64(b, (uint64_t)t->lh_min);
	put64(b, (uint64_t)t->lh_max);
	put64(b, (uint64_t)t->lh_step);
	put64(b, (uint64_t)t->lh_factor);
	put_str(b, t->name);
	put32(b, t->nfields);
	for (i = 0; i < t->nfields; i++) {
		const struct field *f = &t->fields[i];

		put_str(b, f->name);
		put32(b, f->offset);
		put32(b, f->size);
		put32(b, f->data_loc);
		put32(b, f->bitoff);
		put32(b, f->bits);
		err = put_type(b, f->type);
		if (err)
			return err;
	}
	/* A pointer's value is its address; what it points to stays behind. */
	return put_type(b, t->kind == TY_PTR ? NULL : t->elem);
}

int cstore_save(const struct compiled *c, struct buf *out)
{
	struct buf b = { 0 };
	int i, j, err = 0;

	if (c->helper_sites.n || c->pcaps.n || c->uses_spec)
		return -ENOTSUP;
	put32(&b, CSTORE_MAGIC);
	put32(&b, c->nstats);
	put32(&b, c->nstack_maps);
	for (i = 0; i < STACK_MAPS_MAX; i++)
		put32(&b, c->stack_depth[i]);
	put32(&b, c->uses_pids);
	put32(&b, c->uses_control);
	put32(&b, c->stops_target);
	put32(&b, c->scratch_size);
	put32(&b, c->scratch_stmt);
	put32(&b, c->ntails);
	put32(&b, c->carry_size);
	put32(&b, c->dlocals_size);
	put32(&b, c->dglobals_size);
	put32(&b, c->dscratch_size);
	put64(&b, c->ringbuf_size);
	put32(&b, c->maps.n);
	for (i = 0; i < c->maps.n && !err; i++) {
		const struct symbol *sym = c->maps.v[i];

		put_str(&b, sym->name);
		put32(&b, sym->id);
		put32(&b, sym->array);
		put32(&b, sym->packed);
		err = put_type(&b, sym->key);
		if (!err)
			err = put_type(&b, sym->val);
	}
	put32(&b, c->fmts.n);
	for (i = 0; i < c->fmts.n && !err; i++) {
		const struct fmt_spec *fs = c->fmts.v[i];

		put_str(&b, fs->fmt);
		put32(&b, fs->size);
		put32(&b, fs->nargs);
		for (j = 0; j < fs->nargs && !err; j++) {
			put32(&b, fs->args[j].offset);
			err = put_type(&b, fs->args[j].type);
		}
	}
	put32(&b, c->probes.n);
	for (i = 0; i < c->probes.n && !err; i++) {
		const struct probe_inst *pi = c->probes.v[i];

		if (pi->data || pi->arm || pi->group || pi->addr) {
			err = -ENOTSUP;
			break;
		}
		put_str(&b, pi->prov->name);
		put_str(&b, pi->name);
		put_str(&b, pi->target);
		put_str(&b, pi->func);
		put32(&b, pi->when);
		put32(&b, pi->index);
		put32(&b, pi->nargs);
		put32(&b, pi->btf_id);
		put32(&b, pi->cpu);
		put32(&b, pi->freq);
		put64(&b, pi->config);
		put64(&b, pi->period);
	}
	put32(&b, c->progs.n);
	for (i = 0; i < c->progs.n && !err; i++) {
		const struct cprog *p = c->progs.v[i];

		put_str(&b, p->name);
		put32(&b, p->prog_type);
		put32(&b, p->attach_type);
		put32(&b, p->btf_id);
		put32(&b, p->tail);
	}
	put32(&b, c->attach.n);
	for (i = 0; i < c->attach.n && !err; i++) {
		const struct cattach *at = c->attach.v[i];

		put32(&b, at->pi->index);
		put32(&b, at->prog);
		put64(&b, at->cookie);
		put32(&b, at->rides);
	}
	if (!err)
		buf_put(out, b.p, b.len);
	buf_free(&b);
	return err;
}

/* Reading: a failed read sets bad and yields zeros. */
struct rd {
	const unsigned char *p;
	size_t n, off;
	bool bad;
};

static void get(struct rd *r, void *v, size_t n)
{
	if (r->bad || r->n - r->off < n) {
		r->bad = true;
		memset(v, 0, n);
		return;
	}
	memcpy(v, r->p + r->off, n);
	r->off += n;
}

static int32_t get32(struct rd *r)
{
	int32_t v;

	get(r, &v, sizeof(v));
	return v;
}

static uint64_t get64(struct rd *r)
{
	uint64_t v;

	get(r, &v, sizeof(v));
	return v;
}

static char *get_str(struct rd *r)
{
	int32_t n = get32(r);
	char *s;

	if (n < 0 || r->bad)
		return NULL;
	if ((size_t)n > r->n - r->off) {
		r->bad = true;
		return NULL;
	}
	s = xmalloc(n + 1);
	get(r, s, n);
	s[n] = 0;
	return s;
}

/* Bounded: a description nests a few levels at most. */
static struct type *get_type(struct rd *r, int depth)
{
	struct type *t;
	int32_t kind = get32(r);
	int i;

	if (kind < 0 || r->bad)
		return NULL;
	if (kind > TY_AGG_LAST || depth > 32) {
		r->bad = true;
		return NULL;
	}
	t = type_new();
	t->kind = kind;
	t->size = get32(r);
	t->is_signed = get32(r);
	t->count = get32(r);
	t->align = get32(r);
	t->is_union = get32(r);
	t->btf_id = get32(r);
	t->stack_map = get32(r);
	t->stack_depth = get32(r);
	t->stack_perf = get32(r);
	t->lh_min = (int64_t)get64(r);
	t->lh_max = (int64_t)get64(r);
	t->lh_step = (int64_t)get64(r);
	t->lh_factor = (int64_t)get64(r);
	t->name = get_str(r);
	t->nfields = get32(r);
	if (t->nfields < 0 || t->nfields > 4096) {
		t->nfields = 0;
		r->bad = true;
		return t;
	}
	if (t->nfields)
		t->fields = xcalloc(t->nfields, sizeof(*t->fields));
	for (i = 0; i < t->nfields && !r->bad; i++) {
		struct field *f = &t->fields[i];

		f->name = get_str(r);
		f->offset = get32(r);
		f->size = get32(r);
		f->data_loc = get32(r);
		f->bitoff = get32(r);
		f->bits = get32(r);
		f->type = get_type(r, depth + 1);
	}
	t->elem = get_type(r, depth + 1);
	return t;
}

static const struct provider *provider_by_name(const char *name)
{
	const struct provider *const *p;

	for (p = provider_table; name && *p; p++)
		if (!strcmp((*p)->name, name))
			return *p;
	return NULL;
}

/* A count read from r, 0 to max. */
static int get_count(struct rd *r, int max)
{
	int32_t n = get32(r);

	if (n < 0 || n > max)
		r->bad = true;
	return r->bad ? 0 : n;
}

int cstore_load(struct compiled *c, const void *p, size_t n,
		const struct compile_opts *opts)
{
	struct rd r = { .p = p, .n = n };
	int i, j, nmaps, nfmts, nprobes, nprogs, nattach;

	memset(c, 0, sizeof(*c));
	compile_set_opts(c, opts);
	if ((uint32_t)get32(&r) != CSTORE_MAGIC)
		return -EINVAL;
	c->nstats = get32(&r);
	c->nstack_maps = get32(&r);
	for (i = 0; i < STACK_MAPS_MAX; i++)
		c->stack_depth[i] = get32(&r);
	c->uses_pids = get32(&r);
	c->uses_control = get32(&r);
	c->stops_target = get32(&r);
	c->scratch_size = get32(&r);
	c->scratch_stmt = get32(&r);
	c->ntails = get32(&r);
	c->carry_size = get32(&r);
	c->dlocals_size = get32(&r);
	c->dglobals_size = get32(&r);
	c->dscratch_size = get32(&r);
	c->ringbuf_size = get64(&r);
	if (c->nstack_maps < 0 || c->nstack_maps > STACK_MAPS_MAX)
		r.bad = true;
	nmaps = get_count(&r, 1 << 16);
	for (i = 0; i < nmaps && !r.bad; i++) {
		struct symbol *sym = xcalloc(1, sizeof(*sym));

		vec_push(&c->maps, sym);
		sym->kind = SYM_MAP;
		sym->name = get_str(&r);
		sym->id = get32(&r);
		sym->array = get32(&r);
		sym->packed = get32(&r);
		sym->key = get_type(&r, 0);
		sym->val = get_type(&r, 0);
		if (!sym->name || !sym->val)
			r.bad = true;
	}
	nfmts = get_count(&r, 1 << 20);
	for (i = 0; i < nfmts && !r.bad; i++) {
		struct fmt_spec *fs = xcalloc(1, sizeof(*fs));

		vec_push(&c->fmts, fs);
		fs->fmt = get_str(&r);
		fs->size = get32(&r);
		fs->nargs = get_count(&r, 1 << 10);
		if (fs->nargs)
			fs->args = xcalloc(fs->nargs, sizeof(*fs->args));
		for (j = 0; j < fs->nargs && !r.bad; j++) {
			fs->args[j].offset = get32(&r);
			fs->args[j].type = get_type(&r, 0);
		}
	}
	nprobes = get_count(&r, 1 << 20);
	for (i = 0; i < nprobes && !r.bad; i++) {
		char *prov = get_str(&r);
		struct probe_inst *pi = xcalloc(1, sizeof(*pi));

		vec_push(&c->probes, pi);
		pi->prov = provider_by_name(prov);
		free(prov);
		pi->name = get_str(&r);
		pi->target = get_str(&r);
		pi->func = get_str(&r);
		pi->when = get32(&r);
		pi->index = get32(&r);
		pi->nargs = get32(&r);
		pi->btf_id = get32(&r);
		pi->cpu = get32(&r);
		pi->freq = get32(&r);
		pi->config = get64(&r);
		pi->period = get64(&r);
		if (!pi->prov || !pi->name || pi->index != i)
			r.bad = true;
	}
	nprogs = get_count(&r, 1 << 20);
	for (i = 0; i < nprogs && !r.bad; i++) {
		struct cprog *cp = xcalloc(1, sizeof(*cp));

		vec_push(&c->progs, cp);
		cp->name = get_str(&r);
		cp->prog_type = get32(&r);
		cp->attach_type = get32(&r);
		cp->btf_id = get32(&r);
		cp->tail = get32(&r);
		cp->fd = -1;
		if (!cp->name)
			r.bad = true;
	}
	nattach = get_count(&r, 1 << 20);
	for (i = 0; i < nattach && !r.bad; i++) {
		struct cattach *at = xcalloc(1, sizeof(*at));
		int pi = get32(&r);

		vec_push(&c->attach, at);
		at->prog = get32(&r);
		at->cookie = get64(&r);
		at->rides = get32(&r);
		if (pi < 0 || pi >= c->probes.n || at->prog < 0 ||
		    at->prog >= c->progs.n)
			r.bad = true;
		else
			at->pi = c->probes.v[pi];
	}
	if (r.bad || r.off != r.n) {
		compile_free(c);
		memset(c, 0, sizeof(*c));
		compile_set_opts(c, opts);
		return -EINVAL;
	}
	return 0;
}
