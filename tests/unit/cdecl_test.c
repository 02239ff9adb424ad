/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C definitions laid out by src/lang/cdecl.c against the layout this
 * very compiler gives the same definitions: each case is written once,
 * as a macro expanded both into C and into the text of a script, so the
 * two cannot drift apart.  Bitfields are located by setting all of a
 * field's bits in a zeroed object and looking for them.
 */
#include <stddef.h>

#include "harness.h"
#include "lang/ast.h"
#include "lang/loc.h"
#include "lang/parse.h"
#include "lang/types.h"

#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)

#define DEF_MIXED struct mixed { char c; int i; short s; long l; char name[5]; \
	unsigned char u[3]; int *p; };
#define DEF_NESTED struct inner { short a; char b; }; \
	struct nested { char c; struct inner in; struct inner arr[2]; long tail; };
#define DEF_BITS struct bits { unsigned int a : 3, b : 5; unsigned int c : 30; \
	int d : 4; char e; unsigned long f : 40; unsigned int : 0; int g; };
#define DEF_UNION union un { int i; char c[7]; short s; }; \
	struct holds { char c; union un u; struct { int x; int y; }; };
#define DEF_ARRAYS struct arrays { char c; int m[2][3]; void (*fn)(int); long long q; };

DEF_MIXED
DEF_NESTED
DEF_BITS
DEF_UNION
DEF_ARRAYS

static struct type *define(const char *text, const char *tag, const char *name)
{
	struct source src = { "cdecl", NULL };
	char *script = xasprintf("%s BEGIN { exit(); }", text);
	struct node *prog;
	struct type *t;

	src.text = script;
	prog = parse_program(&src);
	t = prog ? type_defined(tag, name) : NULL;
	if (prog)
		ast_free(prog);
	free(script);
	return t;
}

static const struct field *field(const struct type *t, const char *name)
{
	int i;

	for (i = 0; t && i < t->nfields; i++)
		if (!strcmp(t->fields[i].name, name))
			return &t->fields[i];
	return NULL;
}

#define CHECK_FIELD(tc, t, type, member)                                     \
	do {                                                                 \
		const struct field *f_ = field(t, #member);                  \
		expect(tc, f_ && f_->offset == (int)offsetof(type, member) &&  \
		       f_->size == (int)sizeof(((type *)0)->member),          \
		       "%s: offset %d size %d, gcc %zu %zu", #member,        \
		       f_ ? f_->offset : -1, f_ ? f_->size : -1,             \
		       offsetof(type, member), sizeof(((type *)0)->member)); \
	} while (0)

#define CHECK_SIZE(tc, t, type)                                              \
	expect(tc, t && t->size == (int)sizeof(type) &&                      \
	       t->align == (int)_Alignof(type), "size %d align %d, gcc %zu %zu", \
	       t ? t->size : -1, t ? t->align : -1, sizeof(type), _Alignof(type))

/* The first bit and width of a bitfield, found in an object of its own. */
#define BITS_OF(type, member, first, width)                                  \
	do {                                                                 \
		type o_;                                                     \
		unsigned char *b_ = (unsigned char *)&o_;                    \
		size_t k_;                                                   \
		memset(&o_, 0, sizeof(o_));                                  \
		o_.member = -1;                                              \
		first = -1;                                                  \
		width = 0;                                                   \
		for (k_ = 0; k_ < 8 * sizeof(o_); k_++)                      \
			if (b_[k_ / 8] >> (k_ % 8) & 1) {                    \
				if (first < 0)                               \
					first = (int)k_;                     \
				width++;                                     \
			}                                                    \
	} while (0)

#define CHECK_BITS(tc, t, type, member)                                      \
	do {                                                                 \
		const struct field *f_ = field(t, #member);                  \
		int first_, width_;                                          \
		BITS_OF(type, member, first_, width_);                       \
		expect(tc, f_ && f_->bits == width_ &&                       \
		       8 * f_->offset + f_->bitoff == first_,                \
		       "%s: bit %d width %d, gcc bit %d width %d", #member,  \
		       f_ ? 8 * f_->offset + f_->bitoff : -1,                \
		       f_ ? f_->bits : -1, first_, width_);                  \
	} while (0)

static void test_mixed(void)
{
	struct tc tc = { .name = "layout_mixed" };
	struct type *t = define(STR(DEF_MIXED), "struct", "mixed");

	CHECK_SIZE(&tc, t, struct mixed);
	CHECK_FIELD(&tc, t, struct mixed, c);
	CHECK_FIELD(&tc, t, struct mixed, i);
	CHECK_FIELD(&tc, t, struct mixed, s);
	CHECK_FIELD(&tc, t, struct mixed, l);
	CHECK_FIELD(&tc, t, struct mixed, name);
	CHECK_FIELD(&tc, t, struct mixed, u);
	CHECK_FIELD(&tc, t, struct mixed, p);
	expect(&tc, t && field(t, "name")->type->kind == TY_STR &&
	       field(t, "u")->type->kind == TY_ARRAY,
	       "char[] is a string, unsigned char[] an array");
	finish(&tc);
	type_free_all();
}

static void test_nested(void)
{
	struct tc tc = { .name = "layout_nested" };
	struct type *t = define(STR(DEF_NESTED), "struct", "nested");

	CHECK_SIZE(&tc, t, struct nested);
	CHECK_FIELD(&tc, t, struct nested, in);
	CHECK_FIELD(&tc, t, struct nested, arr);
	CHECK_FIELD(&tc, t, struct nested, tail);
	finish(&tc);
	type_free_all();
}

static void test_bits(void)
{
	struct tc tc = { .name = "layout_bitfields" };
	struct type *t = define(STR(DEF_BITS), "struct", "bits");

	CHECK_SIZE(&tc, t, struct bits);
	CHECK_BITS(&tc, t, struct bits, a);
	CHECK_BITS(&tc, t, struct bits, b);
	CHECK_BITS(&tc, t, struct bits, c);
	CHECK_BITS(&tc, t, struct bits, d);
	CHECK_FIELD(&tc, t, struct bits, e);
	CHECK_BITS(&tc, t, struct bits, f);
	CHECK_FIELD(&tc, t, struct bits, g);
	finish(&tc);
	type_free_all();
}

static void test_union(void)
{
	struct tc tc = { .name = "layout_union_anonymous" };
	struct type *t = define(STR(DEF_UNION), "struct", "holds");
	struct type *u = type_defined("union", "un");

	CHECK_SIZE(&tc, u, union un);
	CHECK_SIZE(&tc, t, struct holds);
	CHECK_FIELD(&tc, t, struct holds, u);
	CHECK_FIELD(&tc, t, struct holds, x);
	CHECK_FIELD(&tc, t, struct holds, y);
	finish(&tc);
	type_free_all();
}

static void test_arrays(void)
{
	struct tc tc = { .name = "layout_arrays" };
	struct type *t = define(STR(DEF_ARRAYS), "struct", "arrays");

	CHECK_SIZE(&tc, t, struct arrays);
	CHECK_FIELD(&tc, t, struct arrays, m);
	CHECK_FIELD(&tc, t, struct arrays, fn);
	CHECK_FIELD(&tc, t, struct arrays, q);
	expect(&tc, t && field(t, "m")->type->kind == TY_ARRAY &&
	       field(t, "m")->type->count == 2 &&
	       field(t, "m")->type->elem->count == 3, "int m[2][3]");
	finish(&tc);
	type_free_all();
}

/* Malformed definitions: a located error, never a crash. */
static void test_errors(void)
{
	static const char *const bad[] = {
		"struct a { int x int y; };",
		"struct a { int x; ",
		"struct a { float f; };",
		"struct a { int x : 40; };",
		"struct a { struct nope n; };",
		"struct a { int x; }; struct a { int y; };",
		"enum e { A = B };",
		"typedef int;",
		"struct a { int m[x]; };",
		"union { int x; ",
		"struct a { void v; };",
		"struct a { int; };",
		"struct a { int x; struct a { int y; } z; };",
		"struct a { struct b { int x; } *p; struct b [2]; };",
	};
	struct tc tc = { .name = "cdecl_errors" };
	size_t i;
	FILE *null = fopen("/dev/null", "w");

	diag_set_stream(null);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct source src = { "cdecl", NULL };
		char *script = xasprintf("%s BEGIN { exit(); }", bad[i]);
		struct node *prog;
		int before = diag_count();

		src.text = script;
		prog = parse_program(&src);
		expect(&tc, !prog && diag_count() > before, "accepted: %s", bad[i]);
		if (prog)
			ast_free(prog);
		free(script);
		type_free_all();
	}
	diag_set_stream(stderr);
	fclose(null);
	finish(&tc);
}

int main(void)
{
	test_mixed();
	test_nested();
	test_bits();
	test_union();
	test_arrays();
	test_errors();
	return harness_summary();
}
