/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's stability attributes: reading and writing them as dtrace does, and
 * what the parser finds a clause's names give it.
 */
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "dlang/d_attr.h"
#include "dlang/d_parse.h"
#include "lang/ast.h"
#include "lang/types.h"

static const char *str(struct d_attr a)
{
	static char buf[64];

	return d_attr_str(a, buf, sizeof(buf));
}

static void test_parse(void)
{
	struct tc t = { .name = "attributes read as dtrace reads them" };
	static const struct {
		const char *text;
		const char *want;	/* NULL: refused */
	} cases[] = {
		{ "Stable/Private/Common", "Stable/Private/Common" },
		{ "evolving/EVOLVING/isa", "Evolving/Evolving/ISA" },
		{ "Stable", "Stable/Standard/Common" },
		{ "Stable/", "Stable/Standard/Common" },
		{ "", "Standard/Standard/Common" },
		{ "Internal/Obsolete/Unknown", "Internal/Obsolete/Unknown" },
		{ "Stable/Stable/Common/Common", NULL },
		{ "Stable/Firm", NULL },
		{ "/Stable", NULL },
		{ "Stable/Stable/Stable", NULL },
	};
	struct d_attr a;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r = d_attr_parse(cases[i].text, strlen(cases[i].text), &a);

		if (!cases[i].want)
			expect(&t, r == -EINVAL, "\"%s\": %d, not -EINVAL", cases[i].text, r);
		else
			expect(&t, !r && !strcmp(str(a), cases[i].want), "\"%s\": %d %s",
			       cases[i].text, r, r ? "" : str(a));
	}
	finish(&t);
}

static void test_min(void)
{
	struct tc t = { .name = "least attributes, part by part; below a minimum" };
	struct d_attr a, b;

	d_attr_parse("Stable/Private/Common", 21, &a);
	d_attr_parse("Evolving/Evolving/ISA", 21, &b);
	expect(&t, !strcmp(str(d_attr_min(a, b)), "Evolving/Private/ISA"), "%s",
	       str(d_attr_min(a, b)));
	expect(&t, d_attr_below(a, d_attr_default), "Stable/Private/Common is below Stable/Stable/Common");
	expect(&t, !d_attr_below(d_attr_default, d_attr_default), "equal is not below");
	expect(&t, d_attr_below(d_attr_default, d_attr_max), "Stable is below Standard");
	expect(&t, !d_attr_below(d_attr_max, b), "Standard/Standard/Common is not below");
	finish(&t);
}

/* The clause of prog's first probe, and its attributes. */
static const struct d_clause_attr *first_clause(struct node **prog, const char *text)
{
	struct source src = { .name = "-n", .text = text };

	*prog = d_parse_program(&src, NULL, NULL);
	return *prog && (*prog)->nlist ? d_clause_attr((*prog)->list[0]) : NULL;
}

static void test_clause(void)
{
	struct tc t = { .name = "a clause's names: least attributes, probe uses, leaves" };
	const struct d_clause_attr *ca;
	const struct d_attr_leaf *l;
	struct node *prog;

	ca = first_clause(&prog, "BEGIN /probename == \"x\"/ { trace(htonl(curthread->pid)); }");
	expect(&t, ca != NULL, "no clause attributes");
	if (ca) {
		expect(&t, !strcmp(str(ca->attr), "Evolving/Private/Common"), "attr %s", str(ca->attr));
		expect(&t, ca->uses == D_ATTR_USE_NAME, "uses %#x", ca->uses);
		expect(&t, ca->leaves.n == 3, "%d leaves", ca->leaves.n);
		if (ca->leaves.n == 3) {
			l = ca->leaves.v[0];
			expect(&t, !strcmp(l->what, "scalar probename") && l->in_pred &&
			       l->use == D_ATTR_USE_NAME, "leaf 0: %s", l->what);
			l = ca->leaves.v[1];
			expect(&t, !strcmp(l->what, "function htonl( )") && !l->in_pred,
			       "leaf 1: %s", l->what);
			l = ca->leaves.v[2];
			expect(&t, !strcmp(l->what, "scalar curthread") && l->loc.col == 40,
			       "leaf 2: %s at %d", l->what, l->loc.col);
		}
	}
	ast_free(prog);
	ca = first_clause(&prog, "BEGIN { x = 1; trace(x + 2); }");
	expect(&t, ca && !strcmp(str(ca->attr), "Stable/Stable/Common") && !ca->uses &&
	       !ca->leaves.n, "plain clause: %s", ca ? str(ca->attr) : "none");
	ast_free(prog);
	finish(&t);
}

int main(void)
{
	test_parse();
	test_min();
	test_clause();
	type_free_all();
	return harness_summary();
}
