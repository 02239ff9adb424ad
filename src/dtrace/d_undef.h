/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D variables read before they exist, as dtrace finds them: it resolves
 * variables in program order, clause by clause, so a global read in a
 * clause before any clause above it assigns it is an error even when a
 * later clause assigns it.  A global scalar nothing has named yet fails
 * to resolve (D_IDENT_UNDEF); a variable named but not yet assigned or
 * declared (x = x + 1, x += 1, a read of this->, self-> or an
 * associative array) "has not yet been declared or assigned"
 * (D_VAR_UNDEF).
 */
#ifndef FERRET_D_UNDEF_H
#define FERRET_D_UNDEF_H

#include "../util.h"
#include "../lang/ast.h"
#include "../lang/loc.h"

/* The variables the clauses seen so far name, and what they did. */
struct d_undef {
	struct vec vars;	/* struct d_undef_var * */
};

/*
 * Checks clause (an N_PROBE as the D parser makes it) after those given
 * before: its actions, then its predicate, as dtrace cooks them (the
 * predicate's error is the one reported when both have one).  0, or
 * -EINVAL after reporting the error at its place in src.  declared(name)
 * says whether a declaration names "x", "self->x" or "this->x".
 */
int d_undef_clause(struct d_undef *u, const struct source *src,
		   const struct node *clause, bool (*declared)(const char *));

void d_undef_free(struct d_undef *u);

#endif
