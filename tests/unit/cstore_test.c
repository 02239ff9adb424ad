/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compiled program's description (compile/cstore.c) on a fixed
 * program: what cstore_load() makes of cstore_save()'s bytes is the
 * program's maps, formats, probes, programs and attachments again;
 * every truncation, trailing byte or wrong magic is refused; what bytes
 * cannot carry is refused at saving.
 */
#include "harness.h"
#include "compile/cstore.h"
#include "lang/types.h"
#include "providers/provider.h"
#include "runtime/print.h"

static struct symbol *map(const char *name, struct type *key,
			  struct type *val, int array)
{
	struct symbol *s = xcalloc(1, sizeof(*s));

	s->kind = SYM_MAP;
	s->name = xstrdup(name);
	s->key = key;
	s->val = val;
	s->array = array;
	return s;
}

static struct probe_inst *probe(const struct provider *p, const char *name,
				const char *target, enum probe_when when,
				int index)
{
	struct probe_inst *pi = xcalloc(1, sizeof(*pi));

	pi->prov = p;
	pi->name = xstrdup(name);
	pi->target = target ? xstrdup(target) : NULL;
	pi->when = when;
	pi->index = index;
	pi->nargs = -1;
	return pi;
}

/* A program as ferret strace's looks: two probes, three programs. */
static void build(struct compiled *c)
{
	struct type *pair[2] = { type_int(8, false), type_int(8, true) };
	struct type *stats = type_simple(TY_STATS);
	struct fmt_spec *fs = xcalloc(1, sizeof(*fs));
	struct cattach *at;
	int i;

	memset(c, 0, sizeof(*c));
	c->opts.strlen = 4096;
	c->nstats = 4;
	c->uses_control = true;
	c->ntails = 2;
	c->carry_size = 96;
	c->ringbuf_size = 8 << 20;
	stats->elem = type_int(8, true);
	vec_push(&c->maps, map("@sd", type_int(4, false), type_int(8, true), 1283));
	vec_push(&c->maps, map("@st", type_int(4, false), type_tuple(pair, 2), 0));
	vec_push(&c->maps, map("@t", type_int(8, true), stats, 0));
	for (i = 0; i < c->maps.n; i++)
		((struct symbol *)c->maps.v[i])->id = i;
	fs->fmt = xstrdup("E %d %d %r");
	fs->nargs = 3;
	fs->size = 96;
	fs->args = xcalloc(3, sizeof(*fs->args));
	fs->args[0] = (struct fmt_arg){ type_int(4, false), 0 };
	fs->args[1] = (struct fmt_arg){ type_int(8, true), 8 };
	fs->args[2] = (struct fmt_arg){ type_buf(72), 16 };
	vec_push(&c->fmts, fs);
	vec_push(&c->probes, probe(&begin_provider, "BEGIN", NULL, WHEN_BEGIN, 0));
	vec_push(&c->probes, probe(&rawtracepoint_provider, "rawtracepoint:sys_enter",
				   "sys_enter", WHEN_EVENT, 1));
	for (i = 0; i < 3; i++) {
		struct cprog *p = xcalloc(1, sizeof(*p));

		p->prog_type = 17;
		p->tail = i - 1;
		p->fd = -1;
		p->name = xasprintf("part %d", i);
		vec_push(&c->progs, p);
	}
	at = xcalloc(1, sizeof(*at));
	at->pi = c->probes.v[1];
	at->prog = 1;
	at->cookie = 1;
	vec_push(&c->attach, at);
}

static void test_round_trip(void)
{
	struct tc t = { .name = "a described program is the same again" };
	struct compile_opts opts = { .strlen = 0, .array_size = 1283 };
	struct compiled c, d;
	struct buf b = { 0 };
	const struct symbol *st, *tt;
	const struct fmt_spec *fs;
	const struct probe_inst *pi;

	build(&c);
	expect(&t, cstore_save(&c, &b) == 0, "cstore_save failed");
	expect(&t, cstore_load(&d, b.p, b.len, &opts) == 0, "cstore_load failed");
	if (!t.failed) {
		expect(&t, d.maps.n == 3 && d.fmts.n == 1 && d.probes.n == 2 &&
		       d.progs.n == 3 && d.attach.n == 1, "counts %d %d %d %d %d",
		       d.maps.n, d.fmts.n, d.probes.n, d.progs.n, d.attach.n);
		expect(&t, d.nstats == 4 && d.uses_control && d.ntails == 2 &&
		       d.carry_size == 96 && d.ringbuf_size == 8 << 20,
		       "program fields");
		expect(&t, d.opts.strlen == 64 && d.opts.map_keys_max == 4096 &&
		       d.opts.array_size == 1283, "options with their defaults");
	}
	if (!t.failed) {
		st = d.maps.v[1];
		tt = d.maps.v[2];
		expect(&t, !strcmp(((struct symbol *)d.maps.v[0])->name, "@sd") &&
		       ((struct symbol *)d.maps.v[0])->array == 1283, "array map");
		expect(&t, st->val->kind == TY_TUPLE && st->val->nfields == 2 &&
		       st->val->size == 16 && st->val->fields[1].offset == 8 &&
		       st->val->fields[1].type->is_signed && st->key->size == 4,
		       "tuple value");
		expect(&t, tt->val->kind == TY_STATS && tt->val->elem &&
		       tt->val->elem->size == 8, "stats value");
		fs = d.fmts.v[0];
		expect(&t, !strcmp(fs->fmt, "E %d %d %r") && fs->size == 96 &&
		       fs->nargs == 3 && fs->args[2].offset == 16 &&
		       fs->args[2].type->kind == TY_BUF &&
		       fs->args[2].type->size == 80, "format");
		pi = d.probes.v[1];
		expect(&t, pi->prov == &rawtracepoint_provider &&
		       !strcmp(pi->target, "sys_enter") && pi->when == WHEN_EVENT &&
		       pi->index == 1 && pi->nargs == -1, "probe");
		expect(&t, ((struct cattach *)d.attach.v[0])->pi == pi &&
		       ((struct cattach *)d.attach.v[0])->prog == 1 &&
		       ((struct cprog *)d.progs.v[0])->tail == -1 &&
		       ((struct cprog *)d.progs.v[2])->tail == 1 &&
		       ((struct cprog *)d.progs.v[2])->fd == -1 &&
		       !strcmp(((struct cprog *)d.progs.v[2])->name, "part 2"),
		       "programs and attachment");
	}
	compile_free(&c);
	compile_free(&d);
	buf_free(&b);
	finish(&t);
}

static void test_refused(void)
{
	struct tc t = { .name = "truncated, padded or foreign bytes are refused" };
	struct compile_opts opts = { 0 };
	struct compiled c, d;
	struct buf b = { 0 };
	size_t n;
	char *p;

	build(&c);
	cstore_save(&c, &b);
	for (n = 0; n < b.len; n++)
		if (cstore_load(&d, b.p, n, &opts) != -EINVAL ||
		    d.maps.n || d.probes.n || d.progs.n) {
			expect(&t, false, "a description cut at %zu of %zu loaded", n, b.len);
			break;
		}
	p = xmalloc(b.len + 1);
	memcpy(p, b.p, b.len);
	p[b.len] = 0;
	expect(&t, cstore_load(&d, p, b.len + 1, &opts) == -EINVAL, "a trailing byte loaded");
	p[0] ^= 1;
	expect(&t, cstore_load(&d, p, b.len, &opts) == -EINVAL, "a wrong magic loaded");
	free(p);
	compile_free(&c);
	buf_free(&b);
	finish(&t);
}

static void test_not_kept(void)
{
	struct tc t = { .name = "what bytes cannot carry is not saved" };
	struct compiled c;
	struct buf b = { 0 };
	struct probe_inst *pi;

	build(&c);
	((struct symbol *)c.maps.v[0])->val = type_named(NULL, 8, "uid");
	expect(&t, cstore_save(&c, &b) == -ENOTSUP && b.len == 0,
	       "a named type was saved");
	compile_free(&c);
	build(&c);
	pi = c.probes.v[1];
	pi->data = xmalloc(8);
	expect(&t, cstore_save(&c, &b) == -ENOTSUP && b.len == 0,
	       "provider data was saved");
	compile_free(&c);
	buf_free(&b);
	finish(&t);
}

int main(void)
{
	test_round_trip();
	test_refused();
	test_not_kept();
	type_free_all();
	return harness_summary();
}
