/* SPDX-License-Identifier: GPL-2.0 */
/* Stack samples as perf report's --stdio table. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static const char *const key_names[] = {
	[REPORT_COMM] = "comm",
	[REPORT_DSO] = "dso",
	[REPORT_SYM] = "sym",
	[REPORT_PID] = "pid",
	[REPORT_CPU] = "cpu",
};

static const char *const key_headers[] = {
	[REPORT_COMM] = "Command",
	[REPORT_DSO] = "Shared Object",
	[REPORT_SYM] = "Symbol",
	[REPORT_PID] = "    Pid:Command",
	[REPORT_CPU] = "CPU",
};

bool report_wants_cpu(const struct report_opts *o)
{
	int i;

	for (i = 0; i < o->nkeys; i++)
		if (o->keys[i] == REPORT_CPU)
			return true;
	return false;
}

int report_parse_sort(const char *spec, struct report_opts *o, char **bad)
{
	const char *p = spec;
	int i, k;

	*bad = NULL;
	o->nkeys = 0;
	while (*p) {
		size_t len = strcspn(p, ",");

		for (k = 0; k < (int)ARRAY_SIZE(key_names); k++)
			if (len == strlen(key_names[k]) &&
			    !strncmp(p, key_names[k], len))
				break;
		if (k == (int)ARRAY_SIZE(key_names)) {
			*bad = xstrndup(p, len);
			return -EINVAL;
		}
		for (i = 0; i < o->nkeys && o->keys[i] != (enum report_key)k; i++)
			;
		if (i == o->nkeys)
			o->keys[o->nkeys++] = k;
		p += len;
		if (*p)
			p++;
	}
	return o->nkeys ? 0 : -EINVAL;
}

/* One row: its values by key (sym without its marker) and its count. */
struct row {
	const char *val[REPORT_MAX_KEYS];
	char kind;		/* 'k' or '.' */
	uint64_t count;
};

/* Rows by the values of o's keys, for qsort_r. */
static int cmp_keys(const void *a, const void *b, void *o)
{
	const struct report_opts *cmp_opts = o;
	const struct row *x = a, *y = b;
	int i, c;

	for (i = 0; i < cmp_opts->nkeys; i++) {
		enum report_key k = cmp_opts->keys[i];

		c = strcmp(x->val[k], y->val[k]);
		if (c)
			return c;
		if (k == REPORT_SYM && x->kind != y->kind)
			return x->kind == 'k' ? -1 : 1;
	}
	return 0;
}

/* Rows by count, largest first, then by o's keys. */
static int cmp_rows(const void *a, const void *b, void *o)
{
	const struct row *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return cmp_keys(a, b, o);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return path[0] == '/' && slash ? slash + 1 : path;
}

/* The values of sample x; the strings made for them go in names. */
static void row_of(const struct samples *s, const struct samples_sample *x,
		   const struct report_opts *o, struct row *r, struct vec *names)
{
	int leaf = x->nkern ? x->kern[0] : x->nuser ? x->user[0] : -1;
	const struct samples_loc *l = leaf >= 0 ? &s->locs[leaf] : NULL;
	char *hex, *pid, *cpu;

	r->count = x->count;
	r->val[REPORT_CPU] = "-001";
	if (o->cpu_root > 0 && o->cpu_root < x->nroots) {
		cpu = xasprintf("%03d", atoi(x->roots[o->cpu_root]));
		vec_push(names, cpu);
		r->val[REPORT_CPU] = cpu;
	}
	r->val[REPORT_COMM] = x->nroots ? x->roots[0] : "[unknown]";
	pid = xasprintf("%7lld:%s", (long long)x->pid, r->val[REPORT_COMM]);
	vec_push(names, pid);
	r->val[REPORT_PID] = pid;
	r->val[REPORT_DSO] = l && l->mapping >= 0 ?
			     base_name(s->mappings[l->mapping].file) :
			     "[unknown]";
	r->kind = l && l->kernel ? 'k' : '.';
	if (l && l->name) {
		r->val[REPORT_SYM] = l->name;
	} else {
		hex = xasprintf("0x%016" PRIx64, l ? l->addr : 0);
		vec_push(names, hex);
		r->val[REPORT_SYM] = hex;
	}
}

/* Appends v padded with spaces to width w. */
static void put_col(struct buf *out, const char *v, size_t w, bool pad)
{
	size_t n = strlen(v);

	buf_printf(out, "  %s", v);
	for (; pad && n < w; n++)
		buf_put(out, " ", 1);
}

/* perf's convert_unit(): thousands cut off above 1000, as K, M or G. */
static uint64_t scaled(uint64_t v, char *unit)
{
	static const char units[] = "KMG";
	int i;

	*unit = ' ';
	for (i = 0; i < 3 && v > 1000; i++) {
		v /= 1000;
		*unit = units[i];
	}
	return v;
}

void report_render(const struct samples *s, const struct report_opts *o,
		   struct buf *out)
{
	static const struct report_opts dflt = {
		.keys = { REPORT_COMM, REPORT_DSO, REPORT_SYM },
		.nkeys = 3,
	};
	struct row *rows;
	uint64_t total = samples_total(s), period, shown;
	struct vec names = { 0 };
	struct buf sym = { 0 };
	size_t width[REPORT_MAX_KEYS];
	int i, j, n = 0, nrows;
	char unit;

	if (!o->nkeys) {
		struct report_opts d = dflt;

		d.title = o->title;
		d.event = o->event;
		d.cpu_root = o->cpu_root;
		report_render(s, &d, out);
		return;
	}
	period = s->hz ? (1000000000ull + s->hz / 2) / s->hz : 1;
	rows = xmalloc((s->n ? s->n : 1) * sizeof(*rows));
	for (i = 0; i < s->n; i++)
		if (s->v[i].count)
			row_of(s, &s->v[i], o, &rows[n++], &names);
	qsort_r(rows, n, sizeof(*rows), cmp_keys, (void *)o);
	for (nrows = 0, i = 0; i < n; i = j) {
		rows[nrows] = rows[i];
		for (j = i + 1; j < n && !cmp_keys(&rows[i], &rows[j], (void *)o); j++)
			rows[nrows].count += rows[j].count;
		nrows++;
	}
	qsort_r(rows, nrows, sizeof(*rows), cmp_rows, (void *)o);

	for (i = 0; i < o->nkeys; i++) {
		enum report_key k = o->keys[i];

		width[i] = strlen(key_headers[k]);
		/* perf's "%3.3d": a CPU of -1 runs past its column. */
		for (j = 0; k != REPORT_CPU && j < nrows; j++) {
			size_t w = strlen(rows[j].val[k]) +
				   (k == REPORT_SYM ? 4 : 0);

			if (w > width[i])
				width[i] = w;
		}
	}

	buf_printf(out, "# %s\n#\n#\n", o->title ? o->title :
		   "ferret profile: stack samples counted in the kernel");
	buf_printf(out, "# Total Lost Samples: 0\n#\n");
	shown = scaled(total, &unit);
	buf_printf(out, "# Samples: %" PRIu64 "%c of event '%s'\n", shown,
		   unit, o->event ? o->event : "cpu-clock");
	buf_printf(out, "# Event count (approx.): %" PRIu64 "\n#\n",
		   total * period);
	buf_printf(out, "# Overhead");
	for (i = 0; i < o->nkeys; i++)
		put_col(out, key_headers[o->keys[i]], width[i], true);
	buf_printf(out, "\n# ........");
	for (i = 0; i < o->nkeys; i++) {
		buf_put(out, "  ", 2);
		for (j = 0; j < (int)width[i]; j++)
			buf_put(out, ".", 1);
	}
	buf_printf(out, "\n#\n");
	for (j = 0; j < nrows; j++) {
		buf_printf(out, "  %7.2f%%",
			   total ? 100.0 * rows[j].count / total : 0.0);
		for (i = 0; i < o->nkeys; i++) {
			enum report_key k = o->keys[i];
			bool last = i == o->nkeys - 1;

			if (k == REPORT_SYM) {
				sym.len = 0;
				buf_printf(&sym, "[%c] %s", rows[j].kind,
					   rows[j].val[k]);
				put_col(out, sym.p, width[i], !last);
			} else {
				put_col(out, rows[j].val[k], width[i], true);
			}
		}
		buf_put(out, "\n", 1);
	}
	buf_printf(out, "\n\n#\n# (Tip: ferret profile -f pprof writes these samples for go tool pprof)\n#\n");

	for (i = 0; i < names.n; i++)
		free(names.v[i]);
	vec_free(&names);
	buf_free(&sym);
	free(rows);
}
