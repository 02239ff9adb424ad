/* SPDX-License-Identifier: GPL-2.0 */
/* Stack samples as a gzipped pprof profile (profile.proto). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "pprof.h"
#include "dwline.h"

/* Field numbers of profile.proto. */
enum {
	PROFILE_SAMPLE_TYPE = 1,
	PROFILE_SAMPLE = 2,
	PROFILE_MAPPING = 3,
	PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5,
	PROFILE_STRING_TABLE = 6,
	PROFILE_TIME_NANOS = 9,
	PROFILE_DURATION_NANOS = 10,
	PROFILE_PERIOD_TYPE = 11,
	PROFILE_PERIOD = 12,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,

	VALUETYPE_TYPE = 1,
	VALUETYPE_UNIT = 2,

	SAMPLE_LOCATION_ID = 1,
	SAMPLE_VALUE = 2,
	SAMPLE_LABEL = 3,

	LABEL_KEY = 1,
	LABEL_STR = 2,
	LABEL_NUM = 3,

	MAPPING_ID = 1,
	MAPPING_MEMORY_START = 2,
	MAPPING_MEMORY_LIMIT = 3,
	MAPPING_FILE_OFFSET = 4,
	MAPPING_FILENAME = 5,
	MAPPING_BUILD_ID = 6,
	MAPPING_HAS_FUNCTIONS = 7,
	MAPPING_HAS_FILENAMES = 8,
	MAPPING_HAS_LINE_NUMBERS = 9,

	LOCATION_ID = 1,
	LOCATION_MAPPING_ID = 2,
	LOCATION_ADDRESS = 3,
	LOCATION_LINE = 4,

	LINE_FUNCTION_ID = 1,
	LINE_LINE = 2,

	FUNCTION_ID = 1,
	FUNCTION_NAME = 2,
	FUNCTION_SYSTEM_NAME = 3,
	FUNCTION_FILENAME = 4,
};

enum { WIRE_VARINT = 0, WIRE_LEN = 2 };

static void pb_varint(struct buf *b, uint64_t v)
{
	unsigned char c[10];
	int n = 0;

	do {
		c[n] = v & 0x7f;
		v >>= 7;
		if (v)
			c[n] |= 0x80;
		n++;
	} while (v);
	buf_put(b, c, n);
}

static void pb_key(struct buf *b, int field, int wire)
{
	pb_varint(b, (uint64_t)field << 3 | wire);
}

/* A varint field; proto3 leaves zero values out. */
static void pb_uint(struct buf *b, int field, uint64_t v)
{
	if (!v)
		return;
	pb_key(b, field, WIRE_VARINT);
	pb_varint(b, v);
}

static void pb_bytes(struct buf *b, int field, const void *p, size_t len)
{
	pb_key(b, field, WIRE_LEN);
	pb_varint(b, len);
	buf_put(b, p, len);
}

/* A nested message, built in msg, appended and msg emptied. */
static void pb_msg(struct buf *b, int field, struct buf *msg)
{
	pb_bytes(b, field, msg->p ? msg->p : "", msg->len);
	msg->len = 0;
}

/* The string table: each string once, index 0 the empty string. */
struct strtab {
	struct buf out;		/* the string_table fields */
	char **v;		/* by index */
	int n, cap;
	int *hash, hashcap;
};

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static void str_rehash(struct strtab *t)
{
	int i, cap = t->hashcap ? t->hashcap * 2 : 256;

	free(t->hash);
	t->hash = xmalloc(cap * sizeof(*t->hash));
	for (i = 0; i < cap; i++)
		t->hash[i] = -1;
	t->hashcap = cap;
	for (i = 0; i < t->n; i++) {
		uint64_t h = str_hash(t->v[i]);

		while (t->hash[h & (cap - 1)] >= 0)
			h++;
		t->hash[h & (cap - 1)] = i;
	}
}

static int64_t str_index(struct strtab *t, const char *s)
{
	uint64_t h;
	int i;

	if ((t->n + 1) * 2 > t->hashcap)
		str_rehash(t);
	for (h = str_hash(s);; h++) {
		i = t->hash[h & (t->hashcap - 1)];
		if (i < 0)
			break;
		if (!strcmp(t->v[i], s))
			return i;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n] = xstrdup(s);
	t->hash[h & (t->hashcap - 1)] = t->n;
	pb_bytes(&t->out, PROFILE_STRING_TABLE, s, strlen(s));
	return t->n++;
}

static void str_free(struct strtab *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	free(t->hash);
	buf_free(&t->out);
}

static void value_type(struct buf *b, int field, struct strtab *t,
		       const char *type, const char *unit, struct buf *msg)
{
	pb_uint(msg, VALUETYPE_TYPE, str_index(t, type));
	pb_uint(msg, VALUETYPE_UNIT, str_index(t, unit));
	pb_msg(b, field, msg);
}

struct pid_count {
	int64_t pid;
	uint64_t count;
};

static int cmp_pid(const void *a, const void *b)
{
	const struct pid_count *x = a, *y = b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/*
 * The main binary: the lowest file-backed user mapping among the
 * samples of the process with the most of them; -1 if none.
 */
static int main_mapping(const struct samples *s)
{
	struct pid_count *v = xmalloc((s->n ? s->n : 1) * sizeof(*v));
	int64_t best_pid = -1;
	uint64_t best = 0, sum;
	int i, j, k, n = 0, m = -1;

	for (i = 0; i < s->n; i++)
		if (s->v[i].nuser) {
			v[n].pid = s->v[i].pid;
			v[n++].count = s->v[i].count;
		}
	qsort(v, n, sizeof(*v), cmp_pid);
	for (i = 0; i < n; i = j) {
		for (sum = 0, j = i; j < n && v[j].pid == v[i].pid; j++)
			sum += v[j].count;
		if (sum > best) {
			best = sum;
			best_pid = v[i].pid;
		}
	}
	free(v);
	for (i = 0; best && i < s->n; i++) {
		if (s->v[i].pid != best_pid)
			continue;
		for (j = 0; j < s->v[i].nuser; j++) {
			k = s->locs[s->v[i].user[j]].mapping;
			if (k >= 0 && s->mappings[k].file[0] == '/' &&
			    (m < 0 || s->mappings[k].start < s->mappings[m].start))
				m = k;
		}
	}
	return m;
}

/* The function ids of the names and files: each pair once, ids from 1. */
struct funcs {
	struct strtab names;	/* a strtab used as a set: index = id */
	struct buf out;		/* the function fields */
};

static uint64_t func_id(struct funcs *f, struct strtab *t, const char *name,
			const char *file, struct buf *msg)
{
	int n = f->names.n;
	/* "\x01" is in no symbol name: name and file apart in one key. */
	char *key = xasprintf("%s\x01%s", name, file ? file : "");
	int64_t i = str_index(&f->names, key);

	free(key);
	if (i == n) {
		pb_uint(msg, FUNCTION_ID, i + 1);
		pb_uint(msg, FUNCTION_NAME, str_index(t, name));
		pb_uint(msg, FUNCTION_SYSTEM_NAME, str_index(t, name));
		if (file)
			pb_uint(msg, FUNCTION_FILENAME, str_index(t, file));
		pb_msg(&f->out, PROFILE_FUNCTION, msg);
	}
	return i + 1;
}

void pprof_encode(const struct samples *s, const struct pprof_opts *o,
		  struct buf *out)
{
	struct strtab t = { 0 }, roots = { 0 };
	struct funcs f = { 0 };
	struct buf body = { 0 }, msg = { 0 }, sub = { 0 }, ids = { 0 };
	uint64_t period = s->hz ? (1000000000ull + s->hz / 2) / s->hz : 0;
	bool *named = xcalloc(s->nmappings ? s->nmappings : 1, sizeof(*named));
	bool *lined = xcalloc(s->nmappings ? s->nmappings : 1, sizeof(*lined));
	int *order = xmalloc((s->nmappings ? s->nmappings : 1) * sizeof(*order));
	int *mid = xmalloc((s->nmappings ? s->nmappings : 1) * sizeof(*mid));
	int i, j, n, main = main_mapping(s);

	str_index(&t, "");

	value_type(&body, PROFILE_SAMPLE_TYPE, &t, "samples", "count", &msg);
	if (period)
		value_type(&body, PROFILE_SAMPLE_TYPE, &t, "cpu", "nanoseconds",
			   &msg);

	/* Mapping ids: the main binary first, the rest in their order. */
	n = 0;
	if (main >= 0)
		order[n++] = main;
	for (i = 0; i < s->nmappings; i++)
		if (i != main)
			order[n++] = i;
	/*
	 * A mapping has functions (file names, lines) when any of its
	 * locations has them: go tool pprof symbolizes a mapping that
	 * claims none of the three on its own, replacing every location's
	 * lines, so one unnamed address (a PLT stub) must not hide the rest.
	 */
	for (i = 0; i < s->nmappings; i++)
		mid[order[i]] = i + 1;
	for (i = 0; i < s->nlocs; i++) {
		if (s->locs[i].mapping < 0)
			continue;
		if (s->locs[i].name)
			named[s->locs[i].mapping] = true;
		if (o->lines && o->lines[i].file)
			lined[s->locs[i].mapping] = true;
	}

	for (i = 0; i < s->n; i++) {
		const struct samples_sample *x = &s->v[i];

		ids.len = 0;
		for (j = 0; j < x->nkern; j++)
			pb_varint(&ids, x->kern[j] + 1);
		for (j = 0; j < x->nuser; j++)
			pb_varint(&ids, x->user[j] + 1);
		for (j = x->nroots - 1; j >= 0; j--)
			pb_varint(&ids, s->nlocs + 1 +
					str_index(&roots, x->roots[j]));
		if (ids.len)
			pb_msg(&msg, SAMPLE_LOCATION_ID, &ids);
		pb_varint(&sub, x->count);
		if (period)
			pb_varint(&sub, x->count * period);
		pb_msg(&msg, SAMPLE_VALUE, &sub);
		for (j = 0; j < x->nroots && j < o->nroot_labels; j++) {
			pb_uint(&sub, LABEL_KEY, str_index(&t, o->root_labels[j]));
			pb_uint(&sub, LABEL_STR, str_index(&t, x->roots[j]));
			pb_msg(&msg, SAMPLE_LABEL, &sub);
		}
		if (x->pid >= 0) {
			pb_uint(&sub, LABEL_KEY, str_index(&t, "pid"));
			pb_key(&sub, LABEL_NUM, WIRE_VARINT);
			pb_varint(&sub, (uint64_t)x->pid);
			pb_msg(&msg, SAMPLE_LABEL, &sub);
		}
		pb_msg(&body, PROFILE_SAMPLE, &msg);
	}

	for (i = 0; i < s->nmappings; i++) {
		const struct samples_mapping *m = &s->mappings[order[i]];

		pb_uint(&msg, MAPPING_ID, i + 1);
		pb_uint(&msg, MAPPING_MEMORY_START, m->start);
		pb_uint(&msg, MAPPING_MEMORY_LIMIT, m->limit);
		pb_uint(&msg, MAPPING_FILE_OFFSET, m->offset);
		pb_uint(&msg, MAPPING_FILENAME, str_index(&t, m->file));
		if (m->build_id)
			pb_uint(&msg, MAPPING_BUILD_ID,
				str_index(&t, m->build_id));
		pb_uint(&msg, MAPPING_HAS_FUNCTIONS, named[order[i]]);
		pb_uint(&msg, MAPPING_HAS_FILENAMES, lined[order[i]]);
		pb_uint(&msg, MAPPING_HAS_LINE_NUMBERS, lined[order[i]]);
		pb_msg(&body, PROFILE_MAPPING, &msg);
	}

	for (i = 0; i < s->nlocs; i++) {
		const struct samples_loc *l = &s->locs[i];

		pb_uint(&msg, LOCATION_ID, i + 1);
		if (l->mapping >= 0)
			pb_uint(&msg, LOCATION_MAPPING_ID, mid[l->mapping]);
		pb_uint(&msg, LOCATION_ADDRESS, l->addr);
		if (l->name) {
			const struct pprof_line *ln = o->lines ? &o->lines[i] : NULL;

			/* The functions inlined here first, innermost first. */
			for (j = 0; ln && j < ln->ninl; j++) {
				const struct pprof_inline *in = &ln->inl[j];

				pb_uint(&sub, LINE_FUNCTION_ID,
					func_id(&f, &t, in->func, in->file, &ids));
				pb_uint(&sub, LINE_LINE, (uint64_t)in->line);
				pb_msg(&msg, LOCATION_LINE, &sub);
			}
			pb_uint(&sub, LINE_FUNCTION_ID,
				func_id(&f, &t, l->name, ln ? ln->file : NULL, &ids));
			if (ln && ln->file)
				pb_uint(&sub, LINE_LINE, (uint64_t)ln->line);
			pb_msg(&msg, LOCATION_LINE, &sub);
		}
		pb_msg(&body, PROFILE_LOCATION, &msg);
	}
	/* The roots' locations follow the samples' own, one per string. */
	for (i = 0; i < roots.n; i++) {
		pb_uint(&msg, LOCATION_ID, s->nlocs + 1 + i);
		pb_uint(&sub, LINE_FUNCTION_ID,
			func_id(&f, &t, roots.v[i], NULL, &ids));
		pb_msg(&msg, LOCATION_LINE, &sub);
		pb_msg(&body, PROFILE_LOCATION, &msg);
	}
	buf_put(&body, f.out.p, f.out.len);

	pb_uint(&body, PROFILE_TIME_NANOS, (uint64_t)s->time_ns);
	pb_uint(&body, PROFILE_DURATION_NANOS, (uint64_t)s->duration_ns);
	if (period) {
		value_type(&body, PROFILE_PERIOD_TYPE, &t, "cpu", "nanoseconds",
			   &msg);
		pb_uint(&body, PROFILE_PERIOD, period);
		pb_uint(&body, PROFILE_DEFAULT_SAMPLE_TYPE, str_index(&t, "cpu"));
	}
	/* Every string is known now: the table can go first. */
	buf_put(out, t.out.p, t.out.len);
	buf_put(out, body.p, body.len);

	free(named);
	free(lined);
	free(order);
	free(mid);
	buf_free(&body);
	buf_free(&msg);
	buf_free(&sub);
	buf_free(&ids);
	str_free(&f.names);
	buf_free(&f.out);
	str_free(&roots);
	str_free(&t);
}

int pprof_gzip(const void *p, size_t len, struct buf *out)
{
	z_stream z = { 0 };
	unsigned char chunk[65536];
	int ret;

	/* 16 + 15: a gzip header and trailer around the deflate stream. */
	if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + 15, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	z.next_in = (unsigned char *)p;
	z.avail_in = len;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof(chunk);
		ret = deflate(&z, Z_FINISH);
		if (ret == Z_STREAM_ERROR)
			break;
		buf_put(out, chunk, sizeof(chunk) - z.avail_out);
	} while (ret != Z_STREAM_END);
	deflateEnd(&z);
	return ret == Z_STREAM_END ? 0 : -EIO;
}

int pprof_write(const struct samples *s, const struct pprof_opts *o,
		struct buf *out)
{
	struct buf raw = { 0 };
	int err;

	pprof_encode(s, o, &raw);
	err = pprof_gzip(raw.p ? raw.p : "", raw.len, out);
	buf_free(&raw);
	return err;
}

/* The line tables opened so far, by file; NULL for a file without any. */
struct line_files {
	char **names;
	struct dwline **d;
	int n;
	int nlocs;		/* the lines' count */
};

static struct dwline *lines_of(struct line_files *lf, const struct samples_mapping *m)
{
	int i;

	for (i = 0; i < lf->n; i++)
		if (!strcmp(lf->names[i], m->file))
			return lf->d[i];
	lf->names = xrealloc(lf->names, (lf->n + 1) * sizeof(*lf->names));
	lf->d = xrealloc(lf->d, (lf->n + 1) * sizeof(*lf->d));
	lf->names[lf->n] = xstrdup(m->file);
	lf->d[lf->n] = dwline_open(m->file, m->build_id);
	return lf->d[lf->n++];
}

struct pprof_line *pprof_lines(const struct samples *s, void **ctx)
{
	struct pprof_line *lines = xcalloc(s->nlocs ? s->nlocs : 1, sizeof(*lines));
	struct line_files *lf = xcalloc(1, sizeof(*lf));
	bool *leaf = xcalloc(s->nlocs ? s->nlocs : 1, sizeof(*leaf));
	struct dwline_frame f[DWLINE_MAX_FRAMES + 1];
	int i, k, n;

	for (i = 0; i < s->n; i++)
		if (s->v[i].nuser)
			leaf[s->v[i].user[0]] = true;
	for (i = 0; i < s->nlocs; i++) {
		const struct samples_loc *l = &s->locs[i];
		const struct samples_mapping *m;
		struct dwline *d;
		uint64_t off, vaddr;

		if (l->kernel || !l->name || l->mapping < 0)
			continue;
		m = &s->mappings[l->mapping];
		if (m->file[0] != '/' || l->addr < m->start || l->addr >= m->limit)
			continue;
		d = lines_of(lf, m);
		off = l->addr - m->start + m->offset;
		if (!d || dwline_vaddr(d, off, &vaddr))
			continue;
		if (!leaf[i] && vaddr)
			vaddr--;
		n = dwline_frames(d, vaddr, f, DWLINE_MAX_FRAMES + 1);
		if (n <= 0)
			continue;
		/* The last frame is the location's own function's. */
		lines[i].file = f[n - 1].file;
		lines[i].line = f[n - 1].line;
		if (n == 1)
			continue;
		lines[i].inl = xcalloc(n - 1, sizeof(*lines[i].inl));
		lines[i].ninl = n - 1;
		for (k = 0; k < n - 1; k++)
			lines[i].inl[k] = (struct pprof_inline){ f[k].func, f[k].file,
								 f[k].line };
	}
	free(leaf);
	lf->nlocs = s->nlocs;
	*ctx = lf;
	return lines;
}

void pprof_lines_free(struct pprof_line *lines, void *ctx)
{
	struct line_files *lf = ctx;
	int i;

	for (i = 0; lf && i < lf->n; i++) {
		free(lf->names[i]);
		dwline_close(lf->d[i]);
	}
	for (i = 0; lines && lf && i < lf->nlocs; i++)
		free(lines[i].inl);
	if (lf) {
		free(lf->names);
		free(lf->d);
		free(lf);
	}
	free(lines);
}
