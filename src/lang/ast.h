/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_AST_H
#define FERRET_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "loc.h"

/*
 * The abstract syntax tree.  One node type for every construct; which
 * fields a kind uses is listed beside it.  The parser fills the syntax
 * fields, sema fills the "annotations" at the end.
 */
enum node_kind {
	N_PROGRAM,	/* list: probes (N_PROBE) */
	N_PROBE,	/* specs: N_SPEC list; a: predicate or NULL; b: N_BLOCK */
	N_SPEC,		/* str: spec text exactly as written, e.g. "tracepoint:sched:*";
			 * ival: a D description's process, else 0 */
	N_BLOCK,	/* list: statements */

	/* statements */
	N_EXPRSTMT,	/* a: expression */
	N_ASSIGN,	/* a: lvalue (N_MAP or N_VAR); b: value; op: '=' or the
			 * binary operator of a compound assignment (T_PLUS for +=);
			 * ival: that operator where D's parser rewrote one */
	N_IF,		/* a: cond; b: then N_BLOCK; c: else (N_BLOCK, N_IF) or NULL */
	N_WHILE,	/* a: cond; b: body N_BLOCK */
	N_UNROLL,	/* a: count (N_INT after parse); b: body N_BLOCK */
	N_BREAK,
	N_CONTINUE,
	N_RETURN,	/* a: value or NULL */

	/* expressions */
	N_INT,		/* ival (uint64 bit pattern); flags & NF_SIGNED if written negative */
	N_STR,		/* str, slen: literal with escapes decoded */
	N_BUILTIN,	/* name: "pid", "comm", "args", "cpid", "arg0" ... */
	N_POSPARAM,	/* ival: N of $N; 0 means $# */
	N_VAR,		/* name: "$x" (with the '$') */
	N_MAP,		/* name: "@x" or "@"; list: keys (may be empty) */
	N_CALL,		/* name: function; list: arguments (N_MAP args stay N_MAP) */
	N_BINOP,	/* op: token; a, b */
	N_UNOP,		/* op: T_MINUS, T_NOT ('!'), T_TILDE, T_STAR (deref), T_AMP */
	N_INCDEC,	/* op: T_INC or T_DEC; a: lvalue; flags & NF_POST for x++ */
	N_TERNARY,	/* a: cond; b: then; c: else */
	N_CAST,		/* a: expression; str: type name as written ("uint32",
			 * "struct task_struct *") */
	N_FIELD,	/* a: object; name: field; op: T_ARROW or T_DOT */
	N_INDEX,	/* a: object; b: index expression */
	N_TUPLE,	/* list: elements, >= 2 */
	N_SIZEOF,	/* str: type name, or a: expression */
};

enum node_flags {
	NF_POST = 1 << 0,
	NF_SIGNED = 1 << 1,
	/* D's N_INT as written: its suffixes, and a base other than 10 */
	NF_INT_U = 1 << 2,
	NF_INT_L = 1 << 3,
	NF_INT_LL = 1 << 4,
	NF_INT_NONDEC = 1 << 5,
	/* N_CALL of str(): a read that fails is D's invalid address fault */
	NF_READ_FAULTS = 1 << 6,
	/*
	 * N_CALL of a D string search whose NULL is read as it is (given
	 * as a string, traced, printed): finding nothing is the fault
	 */
	NF_NULL_FAULTS = 1 << 7,
};

struct type;
struct symbol;

struct node {
	enum node_kind kind;
	struct loc loc;
	int op;
	int flags;
	char *name;
	char *str;
	size_t slen;
	uint64_t ival;
	struct node *a, *b, *c;
	struct node **list;
	int nlist;
	struct node **specs;	/* N_PROBE only */
	int nspecs;

	/* annotations, filled by sema */
	struct type *type;
	struct symbol *sym;	/* N_MAP, N_VAR: the map or variable */
	const struct builtin *bi;	/* N_BUILTIN, N_CALL: descriptor */
	int id;			/* per-kind index (printf format id ...) */
	struct node *target;	/* aggregation call: the map assigned (not owned) */
};

struct node *ast_new(enum node_kind kind, const struct loc *loc);
void ast_push(struct node *parent, struct node *child);	/* onto ->list */
void ast_free(struct node *n);
/*
 * A copy of the tree n, for compiling it again: the syntax is copied, the
 * annotations (types, symbols, descriptors) are shared, as a tree not yet
 * through sema holds only those the parser set.
 */
struct node *ast_copy(const struct node *n);
/* No calls, increments or assignments in n: evaluating it again is harmless. */
bool ast_pure(const struct node *n);
/*
 * ast_dump format, one S-expression:
 *
 *   (program
 *     (probe
 *       (spec "kprobe:do_sys_open")
 *       (pred (binop == (builtin pid) (int 42)))
 *       (block
 *         (assign += (map @n (builtin comm)) (int 1))
 *         (if (binop > (var $x) (int 1))
 *           (block
 *             (call printf (str "%d\n") (var $x)))
 *           (block)))))
 *
 * The program, probes, specs, the predicate, blocks and statements each
 * start a line, indented two spaces per depth; an expression is written
 * whole on its parent's line.  An expression statement is written as its
 * expression.  (if C THEN [ELSE]), (while C BODY), (unroll N BODY),
 * (return [E]), (break), (continue), (assign OP LVALUE VALUE) with OP one
 * of = += -= *= /= %= &= |= ^= <<= >>=.  Expressions: (int N) (str "..."
 * with \n \t \r \\ \" and \xHH escapes) (builtin NAME) (posparam N)
 * or (posparam #) (var $x) (map @x KEY...) (call NAME ARG...)
 * (binop OP A B) (unop OP A) with OP - ! ~ * &, (incdec ++pre A) and
 * ++post --pre --post, (ternary C A B) (cast "TYPE" A) (field -> A NAME)
 * or (field . A NAME), (index A B) (tuple A B...) (sizeof "TYPE") or
 * (sizeof A), and D's assignment used as a value, (assign OP LVALUE
 * VALUE).  The output ends with a newline.
 */
/* S-expression dump used by -d and the parser tests. */
void ast_dump(FILE *f, const struct node *n);
/* Appends to ->specs (N_PROBE). */
void ast_push_spec(struct node *probe, struct node *spec);
const char *ast_kind_name(enum node_kind kind);

#endif
