/* SPDX-License-Identifier: GPL-2.0 */
/* Stack samples with addresses, their text dump, and folding them. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "samples.h"
#include "fold.h"

#define SAMPLES_MAGIC "ferret-samples 1"

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int samples_mapping(struct samples *s, uint64_t start, uint64_t limit,
		    uint64_t offset, const char *file, const char *build_id)
{
	struct samples_mapping *m;
	int i;

	/* Few mappings, looked up once per new location: a scan will do. */
	for (i = s->nmappings - 1; i >= 0; i--) {
		m = &s->mappings[i];
		if (m->start == start && m->limit == limit &&
		    m->offset == offset && !strcmp(m->file, file) &&
		    same_str(m->build_id, build_id))
			return i;
	}
	if (s->nmappings == s->capmappings) {
		s->capmappings = s->capmappings ? s->capmappings * 2 : 16;
		s->mappings = xrealloc(s->mappings,
				       s->capmappings * sizeof(*s->mappings));
	}
	m = &s->mappings[s->nmappings];
	m->start = start;
	m->limit = limit;
	m->offset = offset;
	m->file = xstrdup(file);
	m->build_id = build_id ? xstrdup(build_id) : NULL;
	return s->nmappings++;
}

static uint64_t loc_hash(uint64_t addr, bool kernel, int mapping)
{
	uint64_t h = addr * 0x9e3779b97f4a7c15ull;

	h ^= (uint64_t)(mapping + 1) * 0xc2b2ae3d27d4eb4full + kernel;
	return h ^ (h >> 29);
}

/* Rebuilds the location index at twice the size. */
static void loc_rehash(struct samples *s)
{
	int i, cap = s->hashcap ? s->hashcap * 2 : 1024;

	free(s->hash);
	s->hash = xmalloc(cap * sizeof(*s->hash));
	for (i = 0; i < cap; i++)
		s->hash[i] = -1;
	s->hashcap = cap;
	for (i = 0; i < s->nlocs; i++) {
		const struct samples_loc *l = &s->locs[i];
		uint64_t h = loc_hash(l->addr, l->kernel, l->mapping);

		while (s->hash[h & (cap - 1)] >= 0)
			h++;
		s->hash[h & (cap - 1)] = i;
	}
}

int samples_loc(struct samples *s, uint64_t addr, bool kernel, int mapping,
		const char *name)
{
	struct samples_loc *l;
	uint64_t h;
	int i;

	if ((s->nlocs + 1) * 2 > s->hashcap)
		loc_rehash(s);
	h = loc_hash(addr, kernel, mapping);
	for (;; h++) {
		i = s->hash[h & (s->hashcap - 1)];
		if (i < 0)
			break;
		l = &s->locs[i];
		if (l->addr == addr && l->kernel == kernel &&
		    l->mapping == mapping)
			return i;
	}
	if (s->nlocs == s->caplocs) {
		s->caplocs = s->caplocs ? s->caplocs * 2 : 256;
		s->locs = xrealloc(s->locs, s->caplocs * sizeof(*s->locs));
	}
	l = &s->locs[s->nlocs];
	l->addr = addr;
	l->kernel = kernel;
	l->mapping = mapping;
	l->name = name ? xstrdup(name) : NULL;
	s->hash[h & (s->hashcap - 1)] = s->nlocs;
	return s->nlocs++;
}

static int *dup_ints(const int *v, int n)
{
	int *p = xmalloc((n ? n : 1) * sizeof(*p));

	if (n)
		memcpy(p, v, n * sizeof(*p));
	return p;
}

void samples_add(struct samples *s, uint64_t count, int64_t pid,
		 bool has_user, const char *const *roots, int nroots,
		 const int *user, int nuser, const int *kern, int nkern)
{
	struct samples_sample *x;
	int i;

	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
	}
	x = &s->v[s->n++];
	x->count = count;
	x->pid = pid;
	x->has_user = has_user;
	x->nroots = nroots;
	x->roots = xmalloc((nroots ? nroots : 1) * sizeof(*x->roots));
	for (i = 0; i < nroots; i++)
		x->roots[i] = xstrdup(roots[i]);
	x->user = dup_ints(user, nuser);
	x->nuser = nuser;
	x->kern = dup_ints(kern, nkern);
	x->nkern = nkern;
}

uint64_t samples_total(const struct samples *s)
{
	uint64_t t = 0;
	int i;

	for (i = 0; i < s->n; i++)
		t += s->v[i].count;
	return t;
}

void samples_free(struct samples *s)
{
	int i, j;

	for (i = 0; i < s->nmappings; i++) {
		free(s->mappings[i].file);
		free(s->mappings[i].build_id);
	}
	for (i = 0; i < s->nlocs; i++)
		free(s->locs[i].name);
	for (i = 0; i < s->n; i++) {
		for (j = 0; j < s->v[i].nroots; j++)
			free(s->v[i].roots[j]);
		free(s->v[i].roots);
		free(s->v[i].user);
		free(s->v[i].kern);
	}
	free(s->mappings);
	free(s->locs);
	free(s->v);
	free(s->hash);
	memset(s, 0, sizeof(*s));
}

/* --- The dump ------------------------------------------------------- */

static void put_str(struct buf *out, const char *p)
{
	const unsigned char *c;

	if (!p) {
		buf_put(out, " -", 2);
		return;
	}
	buf_put(out, " =", 2);
	for (c = (const unsigned char *)p; *c; c++) {
		if (*c <= ' ' || *c == '%' || *c == 0x7f)
			buf_printf(out, "%%%02X", *c);
		else
			buf_put(out, c, 1);
	}
}

void samples_write(const struct samples *s, struct buf *out)
{
	int i, j;

	buf_printf(out, SAMPLES_MAGIC "\n");
	if (s->hz)
		buf_printf(out, "hz %d\n", s->hz);
	if (s->time_ns)
		buf_printf(out, "time %" PRId64 "\n", s->time_ns);
	if (s->duration_ns)
		buf_printf(out, "duration %" PRId64 "\n", s->duration_ns);
	for (i = 0; i < s->nmappings; i++) {
		const struct samples_mapping *m = &s->mappings[i];

		buf_printf(out, "m %" PRIx64 " %" PRIx64 " %" PRIx64,
			   m->start, m->limit, m->offset);
		put_str(out, m->build_id);
		put_str(out, m->file);
		buf_put(out, "\n", 1);
	}
	for (i = 0; i < s->nlocs; i++) {
		const struct samples_loc *l = &s->locs[i];

		buf_printf(out, "l %" PRIx64 " %c %d", l->addr,
			   l->kernel ? 'k' : 'u', l->mapping + 1);
		put_str(out, l->name);
		buf_put(out, "\n", 1);
	}
	for (i = 0; i < s->n; i++) {
		const struct samples_sample *x = &s->v[i];

		buf_printf(out, "s %" PRIu64 " %" PRId64 " %c %d", x->count,
			   x->pid, x->has_user ? 'u' : '-', x->nroots);
		for (j = 0; j < x->nroots; j++)
			put_str(out, x->roots[j]);
		buf_printf(out, " %d", x->nuser);
		for (j = 0; j < x->nuser; j++)
			buf_printf(out, " %d", x->user[j] + 1);
		buf_printf(out, " %d", x->nkern);
		for (j = 0; j < x->nkern; j++)
			buf_printf(out, " %d", x->kern[j] + 1);
		buf_put(out, "\n", 1);
	}
}

bool samples_is_dump(const char *text, size_t len)
{
	size_t n = strlen(SAMPLES_MAGIC);

	return len > n && !memcmp(text, SAMPLES_MAGIC, n) && text[n] == '\n';
}

/* A line being read: the cursor, and whether it went wrong. */
struct rd {
	char *p;
	bool bad;
};

static char *rd_token(struct rd *r)
{
	char *t;

	while (*r->p == ' ')
		r->p++;
	if (!*r->p) {
		r->bad = true;
		return NULL;
	}
	t = r->p;
	while (*r->p && *r->p != ' ')
		r->p++;
	if (*r->p)
		*r->p++ = '\0';
	return t;
}

static uint64_t rd_num(struct rd *r, int base)
{
	char *t = rd_token(r), *end;
	uint64_t v;

	if (!t)
		return 0;
	errno = 0;
	v = strtoull(t, &end, base);
	if (*end || errno || *t == '-' || *t == '+')
		r->bad = true;
	return v;
}

static int64_t rd_int(struct rd *r, int64_t lo, int64_t hi)
{
	char *t = rd_token(r), *end;
	long long v;

	if (!t)
		return 0;
	errno = 0;
	v = strtoll(t, &end, 10);
	if (*end || errno || end == t || v < lo || v > hi)
		r->bad = true;
	return v;
}

static int unhex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* A string token decoded in place; NULL for "-" (and for a bad one). */
static char *rd_str(struct rd *r)
{
	char *t = rd_token(r), *o, *i;

	if (!t || !strcmp(t, "-"))
		return NULL;
	if (*t != '=') {
		r->bad = true;
		return NULL;
	}
	for (o = t, i = t + 1; *i; i++) {
		if (*i == '%') {
			int h = unhex(i[1]), l = h < 0 ? -1 : unhex(i[2]);

			if (h < 0 || l < 0 || (!h && !l)) {
				r->bad = true;
				return NULL;
			}
			*o++ = (char)(h << 4 | l);
			i += 2;
		} else {
			*o++ = *i;
		}
	}
	*o = '\0';
	return t;
}

/* A document being read: its ids (from 1) to indices in s. */
struct rd_doc {
	bool header;
	int *maps, nmaps, capmaps;
	int *locs, nlocs, caplocs;
};

static void doc_push(int **v, int *n, int *cap, int x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*n)++] = x;
}

/* Reads "N ID..." of location ids into a new array of indices in s. */
static int *rd_locs(struct rd *r, const struct rd_doc *d, int *n)
{
	int i, *v;

	*n = (int)rd_int(r, 0, 4096);
	if (r->bad)
		return NULL;
	v = xmalloc((*n ? *n : 1) * sizeof(*v));
	for (i = 0; i < *n; i++) {
		int64_t id = rd_int(r, 1, d->nlocs);

		v[i] = r->bad ? 0 : d->locs[id - 1];
	}
	return v;
}

static int rd_sample(struct samples *s, struct rd *r, const struct rd_doc *d)
{
	int64_t pid, nroots;
	uint64_t count;
	char *flag, **roots = NULL;
	int *user = NULL, *kern = NULL, nuser = 0, nkern = 0, i;

	count = rd_num(r, 10);
	pid = rd_int(r, -1, INT32_MAX);
	flag = rd_token(r);
	if (flag && strcmp(flag, "u") && strcmp(flag, "-"))
		r->bad = true;
	nroots = rd_int(r, 0, 64);
	if (r->bad)
		return -EINVAL;
	roots = xcalloc(nroots ? nroots : 1, sizeof(*roots));
	for (i = 0; i < nroots && !r->bad; i++) {
		roots[i] = rd_str(r);
		if (!roots[i])
			r->bad = true;
	}
	if (!r->bad)
		user = rd_locs(r, d, &nuser);
	if (!r->bad)
		kern = rd_locs(r, d, &nkern);
	if (!r->bad && *r->p)
		r->bad = true;
	for (i = 0; !r->bad && i < nuser; i++)
		r->bad = s->locs[user[i]].kernel;
	for (i = 0; !r->bad && i < nkern; i++)
		r->bad = !s->locs[kern[i]].kernel;
	if (!r->bad)
		samples_add(s, count, pid, !strcmp(flag, "u"),
			    (const char *const *)roots, (int)nroots, user,
			    nuser, kern, nkern);
	free(roots);
	free(user);
	free(kern);
	return r->bad ? -EINVAL : 0;
}

static int rd_line(struct samples *s, char *line, struct rd_doc *d)
{
	struct rd r = { .p = line };
	char *kind, *build_id, *file, *name, *side;
	uint64_t start, limit, offset, addr;
	int64_t m;

	if (!strcmp(line, SAMPLES_MAGIC)) {
		d->header = true;
		d->nmaps = 0;
		d->nlocs = 0;
		return 0;
	}
	if (!d->header)
		return -EINVAL;
	kind = rd_token(&r);
	if (!kind)
		return -EINVAL;
	if (!strcmp(kind, "hz")) {
		s->hz = (int)rd_int(&r, 1, 1000000);
	} else if (!strcmp(kind, "time")) {
		s->time_ns = rd_int(&r, 0, INT64_MAX);
	} else if (!strcmp(kind, "duration")) {
		s->duration_ns = rd_int(&r, 0, INT64_MAX);
	} else if (!strcmp(kind, "m")) {
		start = rd_num(&r, 16);
		limit = rd_num(&r, 16);
		offset = rd_num(&r, 16);
		build_id = rd_str(&r);
		file = rd_str(&r);
		if (r.bad || !file || *r.p)
			return -EINVAL;
		doc_push(&d->maps, &d->nmaps, &d->capmaps,
			 samples_mapping(s, start, limit, offset, file,
					 build_id));
	} else if (!strcmp(kind, "l")) {
		addr = rd_num(&r, 16);
		side = rd_token(&r);
		m = rd_int(&r, 0, d->nmaps);
		name = rd_str(&r);
		if (r.bad || *r.p || (strcmp(side, "k") && strcmp(side, "u")))
			return -EINVAL;
		doc_push(&d->locs, &d->nlocs, &d->caplocs,
			 samples_loc(s, addr, *side == 'k',
				     m ? d->maps[m - 1] : -1, name));
	} else if (!strcmp(kind, "s")) {
		return rd_sample(s, &r, d);
	} else {
		return -EINVAL;
	}
	return r.bad || *r.p ? -EINVAL : 0;
}

int samples_read(struct samples *s, const char *text, size_t len, int *line)
{
	char *copy = xstrndup(text, len), *p = copy, *nl;
	struct rd_doc d = { 0 };
	int err = 0;

	*line = 0;
	while (*p) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		++*line;
		if (*p) {
			err = rd_line(s, p, &d);
			if (err)
				break;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	if (!err && !d.header)
		err = -EINVAL;
	free(d.maps);
	free(d.locs);
	free(copy);
	return err;
}

/* --- Folding -------------------------------------------------------- */

static void fold_part(const struct samples *s, const int *locs, int n,
		      const char *suffix, struct buf *line, struct buf *name)
{
	int i;

	for (i = n - 1; i >= 0; i--) {
		const char *f = s->locs[locs[i]].name;

		name->len = 0;
		buf_printf(name, "%s%s", f ? f : "[unknown]", suffix);
		fold_frame(line, name->p, name->len);
	}
}

void samples_fold(const struct samples *s, struct buf *out)
{
	struct buf line = { 0 }, name = { 0 };
	struct fold f = { 0 };
	int i, j;

	for (i = 0; i < s->n; i++) {
		const struct samples_sample *x = &s->v[i];

		if (!x->count)
			continue;
		line.len = 0;
		for (j = 0; j < x->nroots; j++)
			fold_frame(&line, x->roots[j], strlen(x->roots[j]));
		fold_part(s, x->user, x->nuser, "", &line, &name);
		fold_part(s, x->kern, x->nkern,
			  x->has_user ? FOLD_KERNEL_SUFFIX : "", &line, &name);
		if (!line.len)
			fold_frame(&line, "[unknown]", 9);
		fold_add(&f, line.p, line.len, x->count);
	}
	fold_write(&f, out);
	buf_free(&line);
	buf_free(&name);
}
