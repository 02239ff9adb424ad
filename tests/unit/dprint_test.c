/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tests of src/dtrace/d_print.c on made-up aggregation entries and
 * values.  The expected text follows the layouts of dtrace-utils'
 * test/unittest expectations (column widths, distribution tables, sort
 * orders); the data are our own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "lang/types.h"
#include "runtime/print.h"
#include "dtrace/d_print.h"

/* Compares out with exp, showing the first difference. */
static void same(struct tc *t, struct buf *out, const char *exp)
{
	size_t i = 0, n = strlen(exp);
	const char *got = out->p ? out->p : "";

	if (out->len == n && !memcmp(got, exp, n))
		return;
	while (i < out->len && i < n && got[i] == exp[i])
		i++;
	expect(t, false, "differs at byte %zu: got \"%.*s\" want \"%.*s\"", i,
	       (int)(out->len - i < 60 ? out->len - i : 60), got + i,
	       (int)(n - i < 60 ? n - i : 60), exp + i);
}

/* Symbols made for the cases, freed at the end with the types. */
static struct vec syms;

static struct symbol *sym_of(struct type *key, struct type *val)
{
	struct symbol *s = xcalloc(1, sizeof(*s));

	vec_push(&syms, s);

	s->kind = SYM_MAP;
	s->name = "@";
	s->key = key;
	s->val = val;
	return s;
}

static struct type *lquant(int64_t base, int64_t limit, int64_t step)
{
	struct type *t = type_new();

	t->kind = TY_LHIST;
	t->size = 8;
	t->lh_min = base;
	t->lh_max = limit;
	t->lh_step = step;
	return t;
}

/* Keys of one 8-byte slot each, as ferret lays out single keys. */
static uint64_t keys8[64];
static int nkeys8;

static const void *k64(int64_t v)
{
	keys8[nkeys8] = (uint64_t)v;
	return &keys8[nkeys8++];
}

static void test_exit_order(void)
{
	struct tc t = { .name = "exit: value order, ties by key, then rev" };
	struct print_entry ca[] = { { .agg = { 10 } } };
	char k[3][16] = { "alpha", "beta", "gamma" };
	struct print_entry sb[] = {
		{ .key = k[2], .agg = { 7 } },
		{ .key = k[0], .agg = { 7 } },
		{ .key = k[1], .agg = { -3 } },
	};
	struct dp_agg aggs[] = {
		{ sym_of(NULL, type_simple(TY_COUNT)), ca, 1, 0 },
		{ sym_of(type_str(16), type_simple(TY_SUM)), sb, 3, 0 },
	};
	struct dp_opts o = { 0 };
	struct buf out = { 0 };

	d_print_exit(&out, aggs, 2, &o, NULL);
	same(&t, &out,
		"\n"
		"               10\n"
		"  beta                                                             -3\n"
		"  alpha                                                             7\n"
		"  gamma                                                             7\n");
	out.len = 0;
	o.sortrev = true;
	d_print_exit(&out, aggs, 2, &o, NULL);
	same(&t, &out,
		"\n"
		"  gamma                                                             7\n"
		"  alpha                                                             7\n"
		"  beta                                                             -3\n"
		"               10\n");
	out.len = 0;
	d_print_exit(&out, NULL, 0, &o, NULL);
	same(&t, &out, "\n");
	buf_free(&out);
	finish(&t);
}

/* Integer keys print in their width and sort as unsigned. */
static void test_signed_keys(void)
{
	static const struct {
		int size;
		int64_t a, b;
		const char *exp;
	} c[] = {
		{ 1, -1, 5,
		  "\n"
		  "   5                5\n"
		  " 255               -1\n" },
		{ 2, 7, -1,
		  "\n"
		  "     7                7\n"
		  " 65535               -1\n" },
		{ 4, -3, 4,
		  "\n"
		  "        4                4\n"
		  "       -3               -3\n" },
		{ 8, 6, -5,
		  "\n"
		  "                6                6\n"
		  "               -5               -5\n" },
	};
	struct tc t = { .name = "keys: int8..int64 widths, unsigned key order" };
	struct dp_opts o = { .sortkey = true };
	struct buf out = { 0 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		struct print_entry e[] = {
			{ .key = k64(c[i].a), .agg = { c[i].a } },
			{ .key = k64(c[i].b), .agg = { c[i].b } },
		};
		struct dp_agg a = {
			sym_of(type_int(c[i].size, true), type_simple(TY_SUM)),
			e, 2, 0
		};

		out.len = 0;
		d_print_printa(&out, &a, 1, &o, NULL);
		same(&t, &out, c[i].exp);
	}
	buf_free(&out);
	finish(&t);
}

static void test_avg(void)
{
	struct tc t = { .name = "avg: total / count, truncated" };
	struct print_entry e1[] = { { .agg = { 25, 4 } } };
	struct print_entry e2[] = { { .key = k64(2), .agg = { -25, 4 } } };
	struct dp_agg a[] = {
		{ sym_of(NULL, type_simple(TY_AVG)), e1, 1, 0 },
		{ sym_of(type_int(4, true), type_simple(TY_AVG)), e2, 1, 0 },
	};
	struct buf out = { 0 };

	d_print_exit(&out, a, 2, NULL, NULL);
	same(&t, &out,
		"\n"
		"                6\n"
		"        2               -6\n");
	buf_free(&out);
	finish(&t);
}

static void test_normalize(void)
{
	struct tc t = { .name = "normalize: values divided" };
	struct print_entry e[] = { { .agg = { 100 } } };
	struct dp_agg a = { sym_of(NULL, type_simple(TY_SUM)), e, 1, 3 };
	struct buf out = { 0 };

	d_print_printa(&out, &a, 1, NULL, NULL);
	same(&t, &out, "\n               33\n");
	buf_free(&out);
	finish(&t);
}

static void test_quantize(void)
{
	struct tc t = { .name = "quantize: table trimmed to one zero row" };
	uint64_t b[D_QUANT_NBUCKETS] = { 0 }, nb[D_QUANT_NBUCKETS] = { 0 };
	uint64_t lb[D_QUANT_NBUCKETS] = { 0 };
	struct print_entry e[] = { { .key = k64(7), .buckets = b,
				     .nbuckets = D_QUANT_NBUCKETS } };
	struct print_entry n[] = { { .buckets = nb,
				     .nbuckets = D_QUANT_NBUCKETS } };
	struct print_entry l[] = { { .buckets = lb,
				     .nbuckets = D_QUANT_NBUCKETS } };
	struct dp_agg a = { sym_of(type_int(8, true), type_simple(TY_QUANT)),
			    e, 1, 0 };
	struct dp_agg an = { sym_of(NULL, type_simple(TY_QUANT)), n, 1, 0 };
	struct dp_agg al = { sym_of(NULL, type_simple(TY_QUANT)), l, 1, 0 };
	struct buf out = { 0 };

	b[D_QUANT_ZERO + 1] = 1;		/* 1 */
	b[D_QUANT_ZERO + 1 + 3] = 3;		/* 8 .. 15 */
	d_print_printa(&out, &a, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"                7\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0 |                                         0        \n"
		"               1 |@@@@@@@@@@                               1        \n"
		"               2 |                                         0        \n"
		"               4 |                                         0        \n"
		"               8 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		"              16 |                                         0        \n"
		"\n");

	/* Negative counts (quantize(v, -n)) split the bar at a centre line. */
	nb[D_QUANT_ZERO] = (uint64_t)-3;
	nb[D_QUANT_ZERO + 1] = 1;
	out.len = 0;
	d_print_printa(&out, &an, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"              -1                     |                     0        \n"
		"               0      @@@@@@@@@@@@@@@|                     -3       \n"
		"               1                     |@@@@@                1        \n"
		"               2                     |                     0        \n"
		"\n");

	/* Negative values: -1 and -4 .. -7. */
	lb[D_QUANT_ZERO - 1] = 2;
	lb[D_QUANT_ZERO - 1 - 2] = 2;
	out.len = 0;
	d_print_printa(&out, &al, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"              -8 |                                         0        \n"
		"              -4 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
		"              -2 |                                         0        \n"
		"              -1 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
		"               0 |                                         0        \n"
		"\n");
	buf_free(&out);
	finish(&t);
}

static void test_lquantize(void)
{
	struct tc t = { .name = "lquantize: < base and >= limit rows" };
	uint64_t b[7] = { 1, 0, 0, 2, 0, 0, 0 }, h[7] = { 0, 0, 0, 0, 0, 4, 4 };
	struct print_entry e[] = { { .key = k64(-1), .buckets = b,
				     .nbuckets = 7 } };
	struct print_entry eh[] = { { .buckets = h, .nbuckets = 7 } };
	struct dp_agg a = { sym_of(type_int(4, true), lquant(0, 10, 2)), e, 1,
			    0 };
	struct dp_agg ah = { sym_of(NULL, lquant(0, 10, 2)), eh, 1, 0 };
	struct buf out = { 0 };

	d_print_printa(&out, &a, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"       -1\n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 0 |@@@@@@@@@@@@@                            1        \n"
		"               0 |                                         0        \n"
		"               2 |                                         0        \n"
		"               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              2        \n"
		"               6 |                                         0        \n"
		"\n");
	out.len = 0;
	d_print_printa(&out, &ah, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               6 |                                         0        \n"
		"               8 |@@@@@@@@@@@@@@@@@@@@                     4        \n"
		"           >= 10 |@@@@@@@@@@@@@@@@@@@@                     4        \n"
		"\n");
	buf_free(&out);
	finish(&t);
}

/* quantize sorts by the sum of value times count, ties by key. */
static void test_quantize_order(void)
{
	struct tc t = { .name = "quantize: entries ordered by weighted sum" };
	static uint64_t b1[D_QUANT_NBUCKETS], b2[D_QUANT_NBUCKETS],
		b3[D_QUANT_NBUCKETS];
	struct print_entry e[] = {
		{ .key = k64(1), .buckets = b1, .nbuckets = D_QUANT_NBUCKETS },
		{ .key = k64(2), .buckets = b2, .nbuckets = D_QUANT_NBUCKETS },
		{ .key = k64(3), .buckets = b3, .nbuckets = D_QUANT_NBUCKETS },
	};
	struct dp_agg a = { sym_of(type_int(8, true), type_simple(TY_QUANT)),
			    e, 3, 0 };
	struct buf out = { 0 };

	b1[D_QUANT_ZERO + 5] = 1;	/* 16 */
	b2[D_QUANT_ZERO + 1] = 9;	/* 9 */
	b3[D_QUANT_ZERO - 1] = 1;	/* -1 */
	d_print_printa_fmt(&out, "%d ", &a, 1, NULL, NULL);
	same(&t, &out, "3 2 1 ");
	buf_free(&out);
	finish(&t);
}

/* A key (string, int32, int64) laid out as a C struct. */
struct tour {
	char city[16];
	int32_t i;
	int32_t pad;
	int64_t j;
};

static void test_sort_options(void)
{
	struct tc t = { .name = "printa: aggsortkey, keypos, rev" };
	static const struct tour k[] = {
		{ "Oslo", 0, 0, 0 }, { "Lima", 1, 0, 1 }, { "Kyiv", 2, 0, 1 },
		{ "Lima", 3, 0, 2 }, { "Bern", 4, 0, 3 },
	};
	struct print_entry e[5];
	struct type *f[] = { type_str(16), type_int(4, true),
			     type_int(8, true) };
	struct dp_agg a = { sym_of(type_tuple(f, 3), type_simple(TY_SUM)), e,
			    5, 0 };
	const char *fmt = "%s %d %d %@d|";
	struct dp_opts o = { 0 };
	struct buf out = { 0 };
	int i;

	for (i = 0; i < 5; i++) {
		memset(&e[i], 0, sizeof(e[i]));
		e[i].key = &k[i];
		e[i].agg[0] = 3 - k[i].j;
	}
	expect(&t, d_print_printa_fmt(&out, fmt, &a, 1, &o, NULL) == 0,
	       "printa failed");
	same(&t, &out, "Bern 4 3 0|Lima 3 2 1|Kyiv 2 1 2|Lima 1 1 2|"
		       "Oslo 0 0 3|");
	o.sortkey = true;
	out.len = 0;
	d_print_printa_fmt(&out, fmt, &a, 1, &o, NULL);
	same(&t, &out, "Bern 4 3 0|Kyiv 2 1 2|Lima 1 1 2|Lima 3 2 1|"
		       "Oslo 0 0 3|");
	o.keypos = 2;
	out.len = 0;
	d_print_printa_fmt(&out, fmt, &a, 1, &o, NULL);
	same(&t, &out, "Oslo 0 0 3|Kyiv 2 1 2|Lima 1 1 2|Lima 3 2 1|"
		       "Bern 4 3 0|");
	o.keypos = 7;
	o.sortrev = true;
	out.len = 0;
	d_print_printa_fmt(&out, fmt, &a, 1, &o, NULL);
	same(&t, &out, "Oslo 0 0 3|Lima 3 2 1|Lima 1 1 2|Kyiv 2 1 2|"
		       "Bern 4 3 0|");
	o.sortkey = false;
	out.len = 0;
	d_print_printa_fmt(&out, fmt, &a, 1, &o, NULL);
	same(&t, &out, "Oslo 0 0 3|Lima 1 1 2|Kyiv 2 1 2|Lima 3 2 1|"
		       "Bern 4 3 0|");
	buf_free(&out);
	finish(&t);
}

static void test_joined(void)
{
	struct tc t = { .name = "printa: joined aggregations, sortpos" };
	struct print_entry x[] = {
		{ .key = k64(1), .agg = { 5 } }, { .key = k64(2), .agg = { 3 } },
	};
	struct print_entry y[] = {
		{ .key = k64(2), .agg = { 10 } }, { .key = k64(3), .agg = { 1 } },
	};
	struct type *i32 = type_int(4, true);
	struct dp_agg a[] = {
		{ sym_of(i32, type_simple(TY_COUNT)), x, 2, 0 },
		{ sym_of(i32, type_simple(TY_SUM)), y, 2, 0 },
	};
	struct dp_opts o = { 0 };
	struct buf out = { 0 };

	d_print_printa(&out, a, 2, &o, NULL);
	same(&t, &out,
		"\n"
		"        3                0                1\n"
		"        2                3               10\n"
		"        1                5                0\n");
	out.len = 0;
	d_print_printa_fmt(&out, "%d %@d %@d\n", a, 2, &o, NULL);
	same(&t, &out, "3 0 1\n2 3 10\n1 5 0\n");
	o.sortpos = 1;
	out.len = 0;
	d_print_printa_fmt(&out, "%d %@d %@d\n", a, 2, &o, NULL);
	same(&t, &out, "1 5 0\n3 0 1\n2 3 10\n");
	/* The same aggregation twice, and a %@ past the last one. */
	out.len = 0;
	o.sortpos = 0;
	d_print_printa_fmt(&out, "%d %@d %@d %@d;", (struct dp_agg[]){ a[1],
			   a[1] }, 2, &o, NULL);
	same(&t, &out, "3 1 1 1;2 10 10 10;");
	out.len = 0;
	d_print_printa_fmt(&out, "%@d %@d;", a, 1, &o, NULL);
	same(&t, &out, "3 3;5 5;");
	buf_free(&out);
	finish(&t);
}

static void test_printa_dist(void)
{
	struct tc t = { .name = "printa: %@ of quantize and empty lquantize" };
	uint64_t b[D_QUANT_NBUCKETS] = { 0 };
	struct print_entry e[] = { { .key = k64(7), .buckets = b,
				     .nbuckets = D_QUANT_NBUCKETS } };
	struct print_entry c[] = { { .key = k64(9), .agg = { 1 } } };
	struct type *i64 = type_int(8, true);
	struct dp_agg a = { sym_of(i64, type_simple(TY_QUANT)), e, 1, 0 };
	struct dp_agg j[] = {
		{ sym_of(i64, type_simple(TY_COUNT)), c, 1, 0 },
		{ sym_of(i64, lquant(-4, 4, 2)), NULL, 0, 0 },
	};
	struct buf out = { 0 };

	b[D_QUANT_ZERO + 1] = 1;
	b[D_QUANT_ZERO + 4] = 3;
	d_print_printa_fmt(&out, "key %d:%@d\n", &a, 1, NULL, NULL);
	same(&t, &out,
		"key 7:\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0 |                                         0        \n"
		"               1 |@@@@@@@@@@                               1        \n"
		"               2 |                                         0        \n"
		"               4 |                                         0        \n"
		"               8 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		"              16 |                                         0        \n"
		"\n");
	out.len = 0;
	d_print_printa_fmt(&out, "k %d:%@.0d%@d\n", j, 2, NULL, NULL);
	same(&t, &out,
		"k 9:1\n"
		"           value  ------------- Distribution ------------- count    \n"
		"            < -4 |                                         0        \n"
		"              -4 |                                         0        \n"
		"              -2 |                                         0        \n"
		"\n");
	/* printa(@) of an empty aggregation is its blank line alone. */
	out.len = 0;
	d_print_printa(&out, &j[1], 1, NULL, NULL);
	d_print_printa_fmt(&out, "%@d\n", &j[1], 1, NULL, NULL);
	same(&t, &out, "\n");
	buf_free(&out);
	finish(&t);
}

static void test_printa_fmt(void)
{
	struct tc t = { .name = "printa: '*' from keys, count unsigned, errors" };
	static const int64_t k1[2] = { 8, 42 }, k2[2] = { -6, 3 };
	struct print_entry e[] = {
		{ .key = k1, .agg = { 1 } }, { .key = k2, .agg = { 2 } },
	};
	struct type *f[] = { type_int(8, true), type_int(8, true) };
	struct dp_agg a = { sym_of(type_tuple(f, 2), type_simple(TY_SUM)), e,
			    2, 0 };
	struct print_entry c[] = { { .agg = { -1 } } };
	struct dp_agg ac = { sym_of(NULL, type_simple(TY_COUNT)), c, 1, 0 };
	struct print_entry v[] = { { .agg = { -10, 3 } } };
	struct dp_agg av = { sym_of(NULL, type_simple(TY_AVG)), v, 1, 0 };
	struct buf out = { 0 };

	d_print_printa_fmt(&out, "[%*d]", &a, 1, NULL, NULL);
	same(&t, &out, "[      42][3     ]");
	out.len = 0;
	d_print_printa_fmt(&out, "%@d %@x %%", &ac, 1, NULL, NULL);
	same(&t, &out, "18446744073709551615 ffffffffffffffff %");
	/* DTrace divides a printa() average as unsigned. */
	out.len = 0;
	d_print_printa_fmt(&out, "%@d", &av, 1, NULL, NULL);
	same(&t, &out, "6148914691236517202");
	out.len = 0;
	expect(&t, d_print_printa_fmt(&out, "%d %d %d|", &a, 1, NULL, NULL) ==
	       -EINVAL, "a third key conversion should fail");
	same(&t, &out, "8 42 ");
	expect(&t, d_print_printa_fmt(&out, "%q", &a, 1, NULL, NULL) == -EINVAL,
	       "%%q should fail");
	out.len = 0;
	d_print_printa_fmt(&out, "-\n", &a, 1, NULL, NULL);
	same(&t, &out, "-\n-\n");
	buf_free(&out);
	finish(&t);
}

static int fake_sym(void *arg, uint64_t addr, int pid, struct dp_sym *s)
{
	if (pid > 0 && addr >= 0x400000 && addr < 0x401000) {
		s->object = "a.out";
		s->name = "main";
		s->value = 0x400100;
		return 0;
	}
	if (pid < 0 && addr >= 0xffffffff81000000ULL &&
	    addr < 0xffffffff81000100ULL) {
		s->object = "vmlinux";
		s->name = "do_sys_open";
		s->value = 0xffffffff81000000ULL;
		return 0;
	}
	if (pid < 0 && addr >= 0xffffffffc0000000ULL) {
		s->object = "mod";
		return 0;
	}
	return -ENOENT;
}

static void test_sym_keys(void)
{
	struct tc t = { .name = "keys: sym() and an empty string" };
	struct print_entry e[] = {
		{ .key = k64((int64_t)0xffffffff81000040ULL), .agg = { 3 } },
		{ .key = k64((int64_t)0xffffffffc0001000ULL), .agg = { 4 } },
		{ .key = k64(0x1234), .agg = { 9 } },
	};
	static const char empty[8];
	struct print_entry s[] = { { .key = empty, .agg = { 4 } } };
	struct dp_agg a = { sym_of(type_simple(TY_KSYM), type_simple(TY_SUM)),
			    e, 3, 0 };
	struct dp_agg as = { sym_of(type_str(8), type_simple(TY_SUM)), s, 1,
			     0 };
	struct dp_ctx ctx = { .sym = fake_sym };
	struct buf out = { 0 };

	d_print_printa(&out, &a, 1, NULL, &ctx);
	same(&t, &out,
		"\n"
		"  vmlinux`do_sys_open                                               3\n"
		"  mod`0xffffffffc0001000                                            4\n"
		"  0x1234                                                            9\n");
	out.len = 0;
	d_print_printa(&out, &as, 1, NULL, &ctx);
	same(&t, &out,
		"\n"
		"\n"
		"             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		"         0: 00 00 00 00 00 00 00 00                          ........\n"
		"                4\n");
	buf_free(&out);
	finish(&t);
}

static void test_trace(void)
{
	struct tc t = { .name = "trace: header, record prefix, values" };
	struct buf out = { 0 };

	d_print_trace_header(&out);
	same(&t, &out, "CPU     ID                    FUNCTION:NAME\n");
	out.len = 0;
	d_print_trace_prefix(&out, 1, 123, "read", "entry");
	d_print_trace_int(&out, -2, 1, true, false);
	d_print_trace_int(&out, 0x1ff, 1, false, false);
	d_print_trace_int(&out, -2, 2, true, false);
	d_print_trace_int(&out, 70000, 4, true, false);
	d_print_trace_int(&out, -1, 8, true, false);
	d_print_trace_int(&out, -1, 8, false, false);
	d_print_trace_str(&out, "hi", 16, false);
	d_print_trace_end(&out, false);
	same(&t, &out, "  1    123                       read:entry "
		       "  -2 255    -2      70000                  -1 "
		       "18446744073709551615  hi                               \n");
	out.len = 0;
	d_print_trace_int(&out, -2, 1, true, true);
	d_print_trace_int(&out, -1, 4, false, true);
	d_print_trace_str(&out, "ab\0cd", 5, true);
	d_print_trace_end(&out, true);
	same(&t, &out, "-24294967295ab");
	buf_free(&out);
	finish(&t);
}

/*
 * The conversion spec starts with, on an integer or (s set) a string;
 * the rest of spec is appended as it is.
 */
static void conv(struct tc *t, const char *spec, int64_t i, int size,
		 bool sgn, const char *s, const struct dp_ctx *ctx,
		 const char *exp)
{
	struct dp_val v = { .i = i, .size = size, .is_signed = sgn, .s = s,
			    .n = s ? strlen(s) + 1 : 0, .pid = 77 };
	struct buf out = { 0 };
	struct dp_conv c;
	int n = d_print_conv_parse(spec, &c);

	if (!expect(t, n > 0, "%s: parse failed", spec))
		return;
	if (c.flags & DP_F_DYNWIDTH)
		c.width = -6;
	if (!expect(t, d_print_conv(&out, &c, &v, ctx) == 0, "%s failed", spec))
		return;
	buf_put(&out, spec + n, strlen(spec + n) + 1);
	expect(t, !strcmp(out.p, exp), "%s: got \"%s\" want \"%s\"", spec,
	       out.p, exp);
	buf_free(&out);
}

static void test_conv_ints(void)
{
	struct tc t = { .name = "printf: integer conversions and flags" };

	conv(&t, "%d", 0xef, 1, true, NULL, NULL, "-17");
	conv(&t, "%d", 0xef, 1, false, NULL, NULL, "239");
	conv(&t, "%d", -1, 4, false, NULL, NULL, "4294967295");
	conv(&t, "%i", -5, 8, true, NULL, NULL, "-5");
	conv(&t, "%u", -1, 2, true, NULL, NULL, "65535");
	conv(&t, "%hd", 0xffff, 2, false, NULL, NULL, "-1");
	conv(&t, "%x", -1, 4, true, NULL, NULL, "ffffffff");
	conv(&t, "%X", 0xabc, 8, false, NULL, NULL, "ABC");
	conv(&t, "%o", 8, 8, false, NULL, NULL, "10");
	conv(&t, "%#8x", 0x123, 8, false, NULL, NULL, "   0x123");
	conv(&t, "%08x", 0x123, 4, false, NULL, NULL, "00000123");
	conv(&t, "%-8x|", 0x123, 4, false, NULL, NULL, "123     |");
	conv(&t, "%+8d", 123, 4, true, NULL, NULL, "    +123");
	conv(&t, "% 8d", 123, 4, true, NULL, NULL, "     123");
	conv(&t, "%-05d", 7, 4, true, NULL, NULL, "00007");
	conv(&t, "%.3d", 7, 4, true, NULL, NULL, "007");
	conv(&t, "%p", 0x12345678, 8, false, NULL, NULL, "12345678");
	conv(&t, "%?p", 0xbeef, 8, false, NULL, NULL, "            beef");
	conv(&t, "%c", 'a', 4, true, NULL, NULL, "a");
	conv(&t, "%*d", 5, 4, true, NULL, NULL, "5     ");
	conv(&t, "%%", 0, 0, false, NULL, NULL, "%");
	finish(&t);
}

static void test_conv_text(void)
{
	struct tc t = { .name = "printf: strings, symbols, times" };
	struct dp_ctx ctx = { .sym = fake_sym };
	char *tz = getenv("TZ") ? xstrdup(getenv("TZ")) : NULL;

	conv(&t, "%s", 0, 0, false, "hello", NULL, "hello");
	conv(&t, "%.0s", 0, 0, false, "hello", NULL, "hello");
	conv(&t, "%.2s", 0, 0, false, "hello", NULL, "he");
	conv(&t, "%7s|", 0, 0, false, "hello", NULL, "  hello|");
	conv(&t, "%-7s|", 0, 0, false, "hello", NULL, "hello  |");
	conv(&t, "%S", 0, 0, false, "a\tb\"c\\\x01 d", NULL,
	     "a\\tb\\\"c\\\\\\001 d\\0");
	conv(&t, "%C", '\n', 1, true, NULL, NULL, "\\n");
	conv(&t, "%C", 'q', 1, true, NULL, NULL, "q");
	conv(&t, "%a", (int64_t)0xffffffff81000010ULL, 8, false, NULL, &ctx,
	     "vmlinux`do_sys_open+0x10");
	conv(&t, "%a", (int64_t)0xffffffff81000000ULL, 8, false, NULL, &ctx,
	     "vmlinux`do_sys_open");
	conv(&t, "%a", (int64_t)0xffffffffc0000010ULL, 8, false, NULL, &ctx,
	     "mod`0xffffffffc0000010");
	conv(&t, "%-12a|", 0x10, 8, false, NULL, &ctx, "0x10        |");
	conv(&t, "%a", 0x10, 8, false, NULL, NULL, "0x10");
	conv(&t, "%A", 0x400104, 8, false, NULL, &ctx, "a.out`main+0x4");

	setenv("TZ", "UTC", 1);
	tzset();
	/* 2026-11-26 14:05:33 UTC, and 2026-01-03 07:08:09. */
	conv(&t, "%Y", 1795701933LL * 1000000000LL + 5, 8, false, NULL, NULL,
	     "2026 Nov 26 14:05:33");
	conv(&t, "%-22Y|", 1767424089LL * 1000000000LL, 8, false, NULL, NULL,
	     "2026 Jan  3 07:08:09  |");
	conv(&t, "%T", 1767424089LL * 1000000000LL, 8, false, NULL, NULL,
	     "Sat, 03 Jan 2026 07:08:09 UTC");
	if (tz)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(tz);
	finish(&t);
}

static void test_conv_parse(void)
{
	struct tc t = { .name = "printf: conversion parsing" };
	static const char *const bad[] = {
		"%q", "%1$d", "%..2d", "%**d", "%.*.*d", "%", "%-%", "%lq",
	};
	struct dp_conv c;
	size_t i;

	expect(&t, d_print_conv_parse("%-*.*lld rest", &c) == 8 &&
	       (c.flags & DP_F_LEFT) && (c.flags & DP_F_DYNWIDTH) &&
	       (c.flags & DP_F_DYNPREC) && !strcmp(c.name, "lld") &&
	       c.conv == 'd', "%%-*.*lld");
	expect(&t, d_print_conv_parse("%@10u", &c) == 5 &&
	       (c.flags & DP_F_AGG) && c.width == 10 && c.conv == 'u',
	       "%%@10u");
	expect(&t, d_print_conv_parse("%012.3x", &c) == 7 &&
	       (c.flags & DP_F_ZERO) && c.width == 12 && c.prec == 3, "%%012.3x");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		expect(&t, d_print_conv_parse(bad[i], &c) == -EINVAL,
		       "%s should be rejected", bad[i]);
	expect(&t, d_print_conv_parse("%f", &c) == 2, "%%f parses");
	{
		struct dp_val v = { .i = 1, .size = 8 };
		struct buf out = { 0 };

		struct dp_val f = { .fp = true, .f = 1.5L };

		expect(&t, d_print_conv(&out, &c, &v, NULL) == -EINVAL,
		       "%%f of an integer");
		out.len = 0;
		d_print_conv_parse("%8.2f|", &c);
		expect(&t, d_print_conv(&out, &c, &f, NULL) == 0 &&
		       out.len == 8 && !memcmp(out.p, "    1.50", 8),
		       "%%8.2f of a double");
		out.len = 0;
		d_print_conv_parse("%ls", &c);
		v.s = "w";
		v.n = 1;
		expect(&t, d_print_conv(&out, &c, &v, NULL) == -ENOTSUP,
		       "%%ls is not handled");
		v.s = NULL;
		d_print_conv_parse("%s", &c);
		expect(&t, d_print_conv(&out, &c, &v, NULL) == -EINVAL,
		       "%%s of an integer");
		buf_free(&out);
	}
	finish(&t);
}

static void test_printf(void)
{
	struct tc t = { .name = "printf: whole formats, '*' arguments, bytes" };
	struct dp_val a[] = {
		{ .s = "x", .n = 2 }, { .i = 4, .size = 4, .is_signed = true },
		{ .i = 7, .size = 4, .is_signed = true },
		{ .i = -6, .size = 4, .is_signed = true },
		{ .i = 2, .size = 4, .is_signed = true },
		{ .s = "hello", .n = 6 },
	};
	struct buf out = { 0 };

	expect(&t, d_print_printf(&out, "%s=%*d|%*.*s|%%\n", a, 6, NULL) == 0,
	       "printf failed");
	same(&t, &out, "x=   7|he    |%\n");
	out.len = 0;
	expect(&t, d_print_printf(&out, "%s %d %d", a, 2, NULL) == -EINVAL,
	       "too few arguments should fail");
	same(&t, &out, "x 4 ");
	expect(&t, d_print_printf(&out, "%@d", a + 1, 1, NULL) == -EINVAL,
	       "%%@ outside printa() should fail");
	expect(&t, d_print_printf(&out, "%d", a, 1, NULL) == -EINVAL,
	       "%%d of a string should fail");
	out.len = 0;
	d_print_rawbytes(&out, "AB\001", 3);
	same(&t, &out,
		"\n"
		"             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		"         0: 41 42 01                                         AB.\n");
	buf_free(&out);
	finish(&t);
}

/* stddev(): the 128-bit mean of squares less the squared mean, rooted. */
static void test_stddev(void)
{
	struct tc t = { .name = "stddev: integer root, normalized, 128 bits" };
	/* 2, 4, 6, 8: squares 120. */
	struct print_entry e1[] = { { .agg = { 4, 20 }, .sq = { 120, 0 } } };
	/* 2^40 and 3 * 2^40: squares 10 * 2^80. */
	struct print_entry e2[] = { { .key = k64(1), .agg = { 2, 4LL << 40 },
				      .sq = { 0, 10ULL << 16 } } };
	struct print_entry e3[] = { { .agg = { 0, 0 } } };
	struct dp_agg a[] = {
		{ sym_of(NULL, type_simple(TY_STDDEV)), e1, 1, 0 },
		{ sym_of(type_int(4, true), type_simple(TY_STDDEV)), e2, 1, 0 },
		{ sym_of(NULL, type_simple(TY_STDDEV)), e3, 1, 0 },
	};
	struct buf out = { 0 };

	d_print_exit(&out, a, 3, NULL, NULL);
	same(&t, &out,
		"\n"
		"                2\n"
		"        1    1099511627776\n"
		"                0\n");
	out.len = 0;
	a[0].normal = 2;
	d_print_printa(&out, a, 1, NULL, NULL);
	same(&t, &out, "\n                3\n");
	out.len = 0;
	if (d_print_printa_fmt(&out, "%d %@x\n", &a[1], 1, NULL, NULL))
		expect(&t, false, "printa failed");
	same(&t, &out, "1 10000000000\n");
	buf_free(&out);
	finish(&t);
}

static struct type *llquant(int factor, int lmag, int hmag, int steps)
{
	struct type *t = type_new();

	t->kind = TY_LLQUANT;
	t->size = 8;
	t->lh_factor = factor;
	t->lh_min = lmag;
	t->lh_max = hmag;
	t->lh_step = steps;
	return t;
}

/*
 * llquantize(): labels per range, the underflow bucket named for what is
 * shown, DTrace's 16-byte label buffer cutting long labels.
 */
static void test_llquantize(void)
{
	struct tc t = { .name = "llquantize: labels, underflow, cut labels" };
	struct type *ty = llquant(10, 7, 7, 10);
	int z = d_llq_zero(ty);
	uint64_t b[32] = { 0 }, pb[32] = { 0 };
	struct print_entry e[] = { { .buckets = b,
				     .nbuckets = d_llq_nbuckets(ty) } };
	struct print_entry p[] = { { .buckets = pb,
				     .nbuckets = d_llq_nbuckets(ty) } };
	struct dp_agg a = { sym_of(NULL, ty), e, 1, 0 };
	struct dp_agg ap = { sym_of(NULL, ty), p, 1, 0 };
	struct buf out = { 0 };

	expect(&t, d_llq_nbuckets(ty) == 21, "%d buckets", d_llq_nbuckets(ty));
	b[z - 1] = 1;
	b[z] = 2;
	b[z + 2] = 1;
	d_print_printa(&out, &a, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"       -20000000 |                                         0        \n"
		"       -10000000 |@@@@@@@@@@                               1        \n"
		" abs() < 1000000 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
		"        10000000 |                                         0        \n"
		"        20000000 |@@@@@@@@@@                               1        \n"
		"        30000000 |                                         0        \n"
		"\n");

	/* Only positive buckets shown: the underflow is "< scale". */
	pb[z + 1] = 1;
	pb[2 * z] = 1;
	out.len = 0;
	d_print_printa(&out, &ap, 1, NULL, NULL);
	same(&t, &out,
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"      < 10000000 |                                         0        \n"
		"        10000000 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		"        20000000 |                                         0        \n"
		"        30000000 |                                         0        \n"
		"        40000000 |                                         0        \n"
		"        50000000 |                                         0        \n"
		"        60000000 |                                         0        \n"
		"        70000000 |                                         0        \n"
		"        80000000 |                                         0        \n"
		"        90000000 |                                         0        \n"
		"    >= 100000000 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		"\n");
	buf_free(&out);
	finish(&t);
}

/* trunc(): the largest or smallest kept, ties by key, no options. */
static void test_trunc(void)
{
	struct tc t = { .name = "trunc: which entries go" };
	struct print_entry e[] = {
		{ .key = k64(1), .agg = { 5 } },
		{ .key = k64(2), .agg = { 9 } },
		{ .key = k64(3), .agg = { 5 } },
		{ .key = k64(4), .agg = { -1 } },
	};
	struct dp_agg a = { sym_of(type_int(8, true), type_simple(TY_SUM)),
			    e, 4, 0 };
	const struct print_entry *drop[4];
	int n;

	n = d_print_trunc(&a, 2, drop);
	expect(&t, n == 2 && drop[0] == &e[3] && drop[1] == &e[0],
	       "keep 2: dropped %d", n);
	n = d_print_trunc(&a, -1, drop);
	expect(&t, n == 3 && drop[0] == &e[0] && drop[1] == &e[2] &&
	       drop[2] == &e[1], "keep -1: dropped %d", n);
	n = d_print_trunc(&a, 0, drop);
	expect(&t, n == 4, "keep 0: dropped %d", n);
	n = d_print_trunc(&a, 10, drop);
	expect(&t, n == 0, "keep 10: dropped %d", n);
	n = d_print_trunc(&a, -10, drop);
	expect(&t, n == 0, "keep -10: dropped %d", n);
	finish(&t);
}

/*
 * Keys stored in 8 bytes show in the width the program gave them, and
 * string keys of maps that keep them in other sizes join by their text.
 */
static void test_shown_keys(void)
{
	struct tc t = { .name = "keys: declared widths, joined strings" };
	struct type *f8[] = { type_str(8), type_int(8, true) };
	struct type *f4[] = { type_str(8), type_int(4, true) };
	struct type *g8[] = { type_str(16), type_int(8, true) };
	struct type *g4[] = { type_str(16), type_int(4, true) };
	struct {
		char s[8];
		int64_t v;
	} k1[] = { { "ant", -2 }, { "bee", 7 } };
	struct {
		char s[16];
		int64_t v;
	} k2[] = { { "bee", 7 } };
	struct print_entry e1[] = {
		{ .key = &k1[0], .agg = { 3 } },
		{ .key = &k1[1], .agg = { 4 } },
	};
	struct print_entry e2[] = { { .key = &k2[0], .agg = { 40 } } };
	struct symbol *s1 = sym_of(type_tuple(f8, 2), type_simple(TY_COUNT));
	struct symbol *s2 = sym_of(type_tuple(g8, 2), type_simple(TY_SUM));
	struct dp_agg a[2] = { { s1, e1, 2, 0 }, { s2, e2, 1, 0 } };
	struct buf out = { 0 };

	s1->shown_key = type_tuple(f4, 2);
	s2->shown_key = type_tuple(g4, 2);
	d_print_printa(&out, a, 2, NULL, NULL);
	same(&t, &out,
		"\n"
		"  ant                                                      -2                3                0\n"
		"  bee                                                       7                4               40\n");
	buf_free(&out);
	finish(&t);
}

/* Three frames: a symbol+offset, an object alone, an unknown address. */
static int fake_stack(void *arg, const struct type *t, const void *p,
		      uint64_t *pcs, int *pid)
{
	pcs[0] = 0xffffffff81000040ULL;
	pcs[1] = 0xffffffffc0001000ULL;
	pcs[2] = 0x1234;
	*pid = -1;
	return t->stack_depth < 3 ? t->stack_depth : 3;
}

static void test_stacks(void)
{
	struct tc t = { .name = "stacks: keys, %k, merged keys" };
	struct print_entry e[] = {
		{ .key = k64(1), .agg = { 3 } },
	};
	struct dp_agg a = { sym_of(type_stack(false, 20, false, 0),
				   type_simple(TY_COUNT)), e, 1, 0 };
	struct dp_ctx ctx = { .sym = fake_sym, .stack = fake_stack };
	uint64_t pcs[2] = { 0xffffffff81000000ULL, 0xffffffff81000010ULL };
	struct dp_val v = { .stack = true, .pcs = pcs, .npcs = 2, .pid = -1 };
	struct print_entry m[] = {
		{ .key = k64(7), .agg = { 2 } }, { .key = k64(5), .agg = { 1 } },
		{ .key = k64(7), .agg = { 4 } },
	};
	struct symbol *ms = sym_of(type_int(8, false), type_simple(TY_SUM));
	struct buf out = { 0 };
	struct dp_conv c;
	int n = 3;

	d_print_printa(&out, &a, 1, NULL, &ctx);
	same(&t, &out,
		"\n"
		"\n"
		"              vmlinux`do_sys_open+0x40\n"
		"              mod`0xffffffffc0001000\n"
		"              0x1234\n"
		"                3\n");
	out.len = 0;
	expect(&t, d_print_printa_fmt(&out, "%k|%@u\n", &a, 1, NULL, &ctx) == 0,
	       "printa %%k");
	same(&t, &out,
		"\n"
		"vmlinux`do_sys_open+0x40\n"
		"mod`0xffffffffc0001000\n"
		"0x1234\n"
		"|3\n");
	out.len = 0;
	d_print_conv_parse("%-4k", &c);
	d_print_conv(&out, &c, &v, &ctx);
	d_print_conv_parse("%22k", &c);
	d_print_conv(&out, &c, &v, &ctx);
	same(&t, &out,
		"\n"
		"    vmlinux`do_sys_open\n"
		"    vmlinux`do_sys_open+0x10\n"
		"\n"
		"   vmlinux`do_sys_open\n"
		"vmlinux`do_sys_open+0x10\n");
	d_print_conv_parse("%k", &c);
	expect(&t, d_print_conv(&out, &c, &(struct dp_val){ .i = 1, .size = 8 },
				  &ctx) == -EINVAL,
	       "%%k of an integer");
	d_print_merge(ms, m, &n);
	expect(&t, n == 2 && m[0].agg[0] == 1 && m[1].agg[0] == 6,
	       "merged sums: %d entries, %lld %lld", n, (long long)m[0].agg[0],
	       (long long)m[1].agg[0]);
	buf_free(&out);
	finish(&t);
}

int main(void)
{
	int i;

	test_exit_order();
	test_signed_keys();
	test_avg();
	test_normalize();
	test_quantize();
	test_lquantize();
	test_quantize_order();
	test_sort_options();
	test_joined();
	test_printa_dist();
	test_printa_fmt();
	test_sym_keys();
	test_stacks();
	test_trace();
	test_conv_ints();
	test_conv_text();
	test_conv_parse();
	test_printf();
	test_stddev();
	test_llquantize();
	test_trunc();
	test_shown_keys();
	for (i = 0; i < syms.n; i++)
		free(syms.v[i]);
	vec_free(&syms);
	type_free_all();
	return harness_summary();
}
