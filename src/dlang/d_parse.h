/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_D_PARSE_H
#define FERRET_D_PARSE_H

#include "util.h"
#include "dlang/d_attr.h"
#include "lang/ast.h"
#include "lang/loc.h"

struct d_macros {		/* dtrace(8)'s macro variables, and options
				 * that change how D is read */
	char **args;		/* $1.. / $$1..: script arguments */
	int nargs;
	long target;		/* $target: -c/-p pid, or -1 if none */
	long pid, ppid, uid, gid;	/* $pid $ppid $uid $gid (dtrace's own) */
	bool defargs;		/* -x defaultargs: unset arguments are 0, "" */
	bool pspec;		/* -x pspec: an outer word is a description */
	bool empty;		/* -x empty: an empty program is no error */
	/*
	 * The fields a probe description names, counted from the right:
	 * 1 provider (-P), 2 module (-m), 3 function (-f), 4 or 0 name
	 * (-n, scripts); dtrace's probe specifier context.
	 */
	int level;
	bool *argref;		/* if set: argref[i] is set where $i is read
				 * (nargs + 1 of them) */
};

struct d_pragma {
	char *name;
	char *value;		/* NULL if none */
	struct loc loc;
};

/*
 * Parses a whole D script (already through cpp if -C) into an N_PROGRAM;
 * #pragma D option lines go to *pragmas (vec of struct d_pragma *, free
 * with d_pragmas_free).  NULL after reporting the first error with
 * diag_error (errno EINVAL).
 *
 * In detail:
 * - A probe description with neither predicate nor body (dtrace -n BEGIN)
 *   is accepted, with an empty body, only when src->name starts with '-'
 *   (a -n, -P, -m, -f or -i argument); in a script file it is an error.
 * - $0 is src->name.  $target is 0 when m->target is -1, as in DTrace.
 *   $egid, $euid, $pgid and $sid are dtrace's own, read here.
 * - m may be NULL (no arguments, every id 0); pragmas may be NULL.  On
 *   failure *pragmas is left empty.
 * - Declarations are checked and dropped, except that they decide what
 *   "x[i]" means: indexing for a declared scalar or array, keys of an
 *   associative array otherwise.  Inline constants and enumerators are
 *   substituted at each use (a copy of the definition, with integer
 *   arithmetic folded).
 */
/*
 * What args[idx] is at the probes a clause names, where their provider
 * declares D types for its arguments (dtrace's proc, sched, io), set by
 * the D front end; NULL: never.  descs are the clause's descriptions.
 * Sets *xlate to the type a translator gives it ("psinfo_t *"), or NULL
 * when untranslated, and *ctype to the C type of the value it is
 * translated from ("struct task_struct *"), or NULL for a user address
 * that D reads as a string.  Returns 0; -ENOENT when the probes declare
 * no types (args[idx] is then the raw argument); -EINVAL with DTrace's
 * sentence in err.  The parser translates args[idx] where it is named,
 * as it does xlate.
 */
extern int (*d_args_hook)(const char *const *descs, int ndescs, int idx,
			  const char **xlate, const char **ctype, char *err,
			  size_t errlen);

/*
 * The type a declaration in the scope gives variable name ("x",
 * "self->x", "this->x"), for compile_opts.decl_type; strings are
 * strlen bytes; an associative array's is its values'.  NULL where none
 * is declared or it names no type ("self x;").
 */
struct type *d_decl_type(const char *name, int strlen);
/* Whether a declaration in the scope names variable name (as above). */
bool d_declared(const char *name);

/*
 * -v and -x amin: what a clause's names give its statement's stability
 * attributes.  The names whose attributes its probe decides (probeprov,
 * probemod, probefunc, probename, args) are D_ATTR_USE_ bits; those of
 * less than D's own (Stable/Stable/Common) are kept as leaves, in source
 * order, for the first to fall below a minimum.
 */
enum {
	D_ATTR_USE_PROV = 1, D_ATTR_USE_MOD = 2, D_ATTR_USE_FUNC = 4,
	D_ATTR_USE_NAME = 8, D_ATTR_USE_ARGS = 16,
};

struct d_attr_leaf {
	char *what;		/* as dtrace names it: "scalar curthread" */
	struct d_attr attr;	/* when use is 0 */
	unsigned use;		/* a D_ATTR_USE_ bit, or 0 */
	struct loc loc;
	bool in_pred;		/* dtrace reads the predicate after the actions */
};

struct d_clause_attr {
	const struct node *clause;
	struct d_attr attr;	/* the least of its names', uses aside */
	unsigned uses;
	struct vec leaves;	/* struct d_attr_leaf * */
	int end_line;		/* the line of its last token */
};

/* What the parser found of clause, an N_PROBE it made, or NULL. */
const struct d_clause_attr *d_clause_attr(const struct node *clause);

struct node *d_parse_program(const struct source *src, const struct d_macros *m,
			     struct vec *pragmas);
void d_pragmas_free(struct vec *pragmas);

#endif
