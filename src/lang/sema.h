/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_SEMA_H
#define FERRET_SEMA_H

#include <stdbool.h>
#include "ast.h"
#include "types.h"
#include "../util.h"

struct compiled;
struct provider;

/* What sema knows of one probe block. */
struct sema_probe {
	struct node *node;
	struct vec insts;	/* struct probe_inst *, after expansion */
	struct vec vars;	/* struct symbol *, its $variables */
	bool uses_probe;	/* reads the "probe" builtin */
	bool uses_args;		/* reads "args" */
	bool uses_dscratch;	/* allocates or writes D's scratch space */
	bool dscratch_in_pred;	/* ... in its predicate already */
};

struct sema {
	struct compiled *c;
	const struct source *src;
	struct vec probes;	/* struct sema_probe * */
	struct vec missing;	/* specs that matched nothing (sema.c) */
	struct sema_probe *cur;
	bool report;		/* last pass: report what is still untyped */
	int loop_depth;
	int fmt_depth;		/* formatted calls whose arguments are typed */
	int errors;
};

/*
 * Checks and types c->ast in place, expands probe specs through the
 * providers and fills c->maps, c->fmts and c->probes.  0 or -EINVAL
 * after reporting located errors.
 */
int sema_run(struct sema *s, struct compiled *c);
void sema_free(struct sema *s);

/* Reports a located error and counts it; returns -EINVAL. */
int sema_error(struct sema *s, const struct node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Types expression n (and its children). 0 or -EINVAL. */
int sema_expr(struct sema *s, struct node *n);
/* The map symbol for an N_MAP node, typing its keys; NULL on error. */
struct symbol *sema_map(struct sema *s, struct node *n);
/* The map an N_MAP names as a whole (print(@m), clear(@m)); NULL on error. */
struct symbol *sema_map_whole(struct sema *s, struct node *n);
/* Records that map n holds values of type t (first use fixes it). */
int sema_map_value(struct sema *s, struct node *n, struct type *t);
/* Adds a printf-like format with args (nodes, typed); returns its id. */
int sema_add_fmt(struct sema *s, const char *fmt, struct node **args,
		 int nargs);
/* An integer constant expression's value. 0 or -EINVAL. */
int sema_const_int(struct sema *s, struct node *n, int64_t *v);
/*
 * The value of integer constant expression n as D folds it, in *v; false
 * if n is none.  Reports nothing.
 */
bool sema_d_const(const struct node *n, int64_t *v);
/*
 * D: the variable (an N_MAP or N_VAR) whose own bytes typed lvalue n is
 * part of, a member or element of the struct or array it holds ("s.m",
 * "a[i]", "s.in.a[2]", no pointer on the way), or NULL.
 */
struct node *sema_var_root(struct node *n);
/*
 * D: typed n, an array variable used as a value (a subroutine's pointer
 * argument), becomes the address of its first element, as C's arrays
 * decay.  0 or -EINVAL after reporting.
 */
int sema_d_decay(struct sema *s, struct node *n);
/*
 * D: assignment n stores the constant 0 to an associative array's or a
 * thread-local variable's element of integer, pointer, struct or union
 * type (one a store has typed), which deletes the element and frees its
 * room, as DTrace frees a dynamic variable set to 0.
 */
bool sema_d_deletes(const struct node *n);
/* D: n is an element of an associative array (not a thread-local). */
bool sema_d_assoc_elem(const struct node *n);
/*
 * D: n is a dynamic variable, an associative array's element or a
 * thread-local, which holds nothing until assigned: a string one is
 * then NULL.
 */
bool sema_d_dyn_var(const struct node *n);
/*
 * D: the type D gives typed integer expression n (C's conversions, and
 * a global's first value's type), where the engine computes in 64 bits;
 * n's own type for any other.
 */
const struct type *sema_d_type(const struct node *n);

#endif
