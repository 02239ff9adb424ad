/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Program-order resolution of D variables (see d_undef.h), after
 * dtrace-utils' dt_xcook_ident() and dt_cook_var(): an assignment makes
 * its variable exist before its value is read, and marks it assigned
 * after; ++ and -- make and assign it; a compound assignment makes it
 * and reads it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "d_undef.h"
#include "../lang/lex.h"

enum { VAR_UNKNOWN, VAR_NAMED, VAR_USED };

struct d_undef_var {
	char *name;
	int state;
};

/* The error of a walk, reported once the clause's order is known. */
struct undef_err {
	const struct node *at;
	const char *name;
	bool ident;		/* D_IDENT_UNDEF rather than D_VAR_UNDEF */
};

struct walk {
	struct d_undef *u;
	bool (*declared)(const char *);
	struct undef_err err;
};

static struct d_undef_var *find(struct d_undef *u, const char *name)
{
	int i;

	for (i = 0; i < u->vars.n; i++) {
		struct d_undef_var *v = u->vars.v[i];

		if (!strcmp(v->name, name))
			return v;
	}
	return NULL;
}

static int state(struct walk *w, const char *name)
{
	struct d_undef_var *v = find(w->u, name);

	if (w->declared && w->declared(name))
		return VAR_USED;
	return v ? v->state : VAR_UNKNOWN;
}

static void set_state(struct walk *w, const char *name, int st)
{
	struct d_undef_var *v = find(w->u, name);

	if (!v) {
		v = xcalloc(1, sizeof(*v));
		v->name = xstrdup(name);
		vec_push(&w->u->vars, v);
	}
	if (st > v->state)
		v->state = st;
}

/* A variable dtrace resolves by name: not an aggregation or a builtin. */
static bool is_var(const struct node *n)
{
	return (n->kind == N_MAP && n->name[0] != '@') ||
	       (n->kind == N_VAR && !strncmp(n->name, "this->", 6));
}

/* A global scalar: the one kind a read does not make exist. */
static bool is_global_scalar(const struct node *n)
{
	return n->kind == N_MAP && !n->nlist && strncmp(n->name, "self->", 6);
}

static int fail(struct walk *w, const struct node *at, bool ident)
{
	w->err = (struct undef_err){ at, at->name, ident };
	return -EINVAL;
}

static int read_var(struct walk *w, const struct node *n)
{
	int st = state(w, n->name);

	if (st == VAR_USED)
		return 0;
	return fail(w, n, is_global_scalar(n) && st == VAR_UNKNOWN);
}

static int walk(struct walk *w, const struct node *n);

/* The keys of variable n (a thread-local's first, tid, is the parser's). */
static int walk_keys(struct walk *w, const struct node *n)
{
	int i;

	for (i = 0; i < n->nlist; i++)
		if (walk(w, n->list[i]))
			return -EINVAL;
	return 0;
}

static int walk_assign(struct walk *w, const struct node *n)
{
	const struct node *lv = n->a;

	if (!is_var(lv))
		return walk(w, lv) || walk(w, n->b) ? -EINVAL : 0;
	if (walk_keys(w, lv))
		return -EINVAL;
	set_state(w, lv->name, VAR_NAMED);
	if (n->op != T_ASSIGN && read_var(w, lv))
		return -EINVAL;
	if (walk(w, n->b))
		return -EINVAL;
	set_state(w, lv->name, VAR_USED);
	return 0;
}

static int walk(struct walk *w, const struct node *n)
{
	int i;

	if (!n)
		return 0;
	switch (n->kind) {
	case N_MAP:
	case N_VAR:
		if (walk_keys(w, n))
			return -EINVAL;
		return is_var(n) ? read_var(w, n) : 0;
	case N_ASSIGN:
		return walk_assign(w, n);
	case N_INCDEC:
		if (!is_var(n->a))
			return walk(w, n->a);
		if (walk_keys(w, n->a))
			return -EINVAL;
		set_state(w, n->a->name, VAR_USED);
		return 0;
	default:
		break;
	}
	if (walk(w, n->a) || walk(w, n->b) || walk(w, n->c))
		return -EINVAL;
	for (i = 0; i < n->nlist; i++)
		if (walk(w, n->list[i]))
			return -EINVAL;
	return 0;
}

int d_undef_clause(struct d_undef *u, const struct source *src,
		   const struct node *clause, bool (*declared)(const char *))
{
	struct walk w = { .u = u, .declared = declared };

	/*
	 * dtrace cooks the actions, then the predicate; when the actions
	 * fail on an undefined variable it cooks the predicate first
	 * instead (which may assign it), then the actions again.
	 */
	if (walk(&w, clause->b) ? walk(&w, clause->a) || walk(&w, clause->b) :
	    walk(&w, clause->a)) {
		if (w.err.ident)
			diag_error(src, &w.err.at->loc,
				   "[D_IDENT_UNDEF] failed to resolve %s: Unknown variable name",
				   w.err.name);
		else
			diag_error(src, &w.err.at->loc,
				   "[D_VAR_UNDEF] %s has not yet been declared or assigned",
				   w.err.name);
		return -EINVAL;
	}
	return 0;
}

void d_undef_free(struct d_undef *u)
{
	int i;

	for (i = 0; i < u->vars.n; i++) {
		struct d_undef_var *v = u->vars.v[i];

		free(v->name);
		free(v);
	}
	vec_free(&u->vars);
}
