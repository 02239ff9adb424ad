/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_D_LEX_H
#define FERRET_D_LEX_H

#include <stdbool.h>
#include <stdint.h>
#include "util.h"
#include "lang/lex.h"
#include "lang/loc.h"
#include "dlang/d_attr.h"

struct d_macros;

/* #pragma D attributes A name: name's attributes from there on. */
struct d_attr_pragma {
	char *name;
	struct d_attr attr;
};

/*
 * D's tokens.  Operators and punctuation use bpftrace's token kinds
 * (T_PLUS ... from lang/lex.h) so that the AST's op fields need no
 * translation; T_IDENT, T_INT, T_STR, T_EOF and T_ERROR keep their
 * meaning, T_SPEC is a probe description and T_MAP an aggregation
 * ("@name" or "@").  What D has beyond bpftrace starts at T_NTOKENS.
 */
enum d_token_kind {
	D_LXOR = T_NTOKENS,	/* ^^ */
	D_EPRED,		/* the '/' that closes a predicate */
	D_ELLIPSIS,		/* ... */
	/* keywords, in the order of d_keywords[] in d_lex.c */
	D_KW_FIRST,
	D_KW_AUTO = D_KW_FIRST, D_KW_BREAK, D_KW_CASE, D_KW_CHAR, D_KW_CONST,
	D_KW_CONTINUE, D_KW_COUNTER, D_KW_DEFAULT, D_KW_DO, D_KW_DOUBLE,
	D_KW_ELSE, D_KW_ENUM, D_KW_EXTERN, D_KW_FLOAT, D_KW_FOR, D_KW_GOTO,
	D_KW_IF, D_KW_IMPORT, D_KW_INLINE, D_KW_INT, D_KW_LONG, D_KW_OFFSETOF,
	D_KW_PROBE, D_KW_PROVIDER, D_KW_REGISTER, D_KW_RESTRICT, D_KW_RETURN,
	D_KW_SELF, D_KW_SHORT, D_KW_SIGNED, D_KW_SIZEOF, D_KW_STATIC,
	D_KW_STRING, D_KW_STRINGOF, D_KW_STRUCT, D_KW_SWITCH, D_KW_THIS,
	D_KW_TRANSLATOR, D_KW_TYPEDEF, D_KW_UNION, D_KW_UNSIGNED, D_KW_VOID,
	D_KW_VOLATILE, D_KW_WHILE, D_KW_XLATE,
	D_KW_LAST = D_KW_XLATE,
	D_NTOKENS
};

struct d_token {
	int kind;		/* enum token_kind or enum d_token_kind */
	struct loc loc;
	const char *start;	/* into the source text: the token as written */
	int len;
	char *str;		/* T_STR: decoded (owned); T_IDENT, T_SPEC, T_MAP: copy */
	size_t slen;
	uint64_t ival;		/* T_INT */
	bool neg;		/* T_INT from a macro argument written "-N" */
	int lit;		/* T_INT: NF_INT_* as written (lang/ast.h) */
	/*
	 * The line dtrace's lexer has reached once it has read the token
	 * (past the blanks after a predicate's closing '/'): a node yacc
	 * makes with this token ahead is on that line in its messages.
	 */
	int reach_line;
};

/*
 * "#pragma D attributes A provider PROV PART": sets the attributes of
 * component PART ("provider", "module", "function", "name" or "args")
 * of provider PROV, set by the D front end.  Returns 0; -ENOENT where no
 * such provider is loaded (the pragma then waits for an identifier PROV,
 * as dtrace's does); -EINVAL for another PART.  NULL: none is loaded.
 */
extern int (*d_provider_attr_hook)(const char *prov, const char *part,
				   struct d_attr a);

/*
 * Lexer state.  The parser owns the mode: with outer set the lexer is in
 * D's outer scope, where a word is a probe description (T_SPEC), a
 * keyword that may start a declaration, or a well-known type name
 * (T_IDENT); otherwise it lexes clause and expression tokens, in which
 * macro variables ($1, $$1, $pid, $target ...) are already replaced by
 * the T_INT or T_STR they stand for.  Control lines (a '#' first on its
 * line) are consumed here: "#pragma D option NAME[=VALUE]" is appended
 * to pragmas as a struct d_pragma.
 */
struct d_lexer {
	const struct source *src;
	const struct d_macros *m;
	struct vec *pragmas;	/* may be NULL */
	struct vec *attrs;	/* struct d_attr_pragma *; may be NULL */
	const char *p;		/* next character */
	int line, col;		/* of *p */
	int end_line, end_col;	/* just past the last token, for T_EOF */
	bool outer;
	bool bol;		/* only blanks so far on the current line */
	bool defargs;		/* defaultargs: -x or its pragma, seen */
	bool pspec;		/* pspec: -x or its pragma, seen */
	bool empty;		/* empty: -x or its pragma, seen */
	int parens, brackets;
	int named_line;		/* the line an error names (struct loc) */
};

void d_lex_init(struct d_lexer *lx, const struct source *src,
		const struct d_macros *m, struct vec *pragmas);
/*
 * Fills tok with the next token (tok->str owned by the caller, free it
 * with d_token_free).  On a lexical error it reports it with diag_error,
 * sets tok->kind to T_ERROR and returns -EINVAL.
 */
int d_lex_next(struct d_lexer *lx, struct d_token *tok);
void d_token_free(struct d_token *tok);
/* The next character that is not a blank or inside a comment; 0 at the end. */
int d_lex_peek(const struct d_lexer *lx);
/*
 * The macro variable $name (target, pid, ppid, uid, gid, euid, egid,
 * pgid, sid); *found false if there is none.
 */
long d_lex_macro_value(const struct d_lexer *lx, const char *name, int len,
		       bool *found);
/* The text of $i: the script's name for $0; NULL if there is no such argument. */
const char *d_lex_macro_arg(const struct d_lexer *lx, unsigned long i);
/* True if name is one of the type names D predefines (uint64_t, size_t ...). */
bool d_lex_typedef(const char *name);

#endif
