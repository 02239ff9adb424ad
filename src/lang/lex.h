/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_LEX_H
#define FERRET_LEX_H

#include <stdbool.h>
#include <stdint.h>
#include "loc.h"

enum token_kind {
	T_EOF = 0,
	T_ERROR,
	T_SPEC,		/* probe spec, lexed only at the top level */
	T_IDENT,	/* pid, printf, struct, ... (keywords are separate) */
	T_VAR,		/* $name */
	T_POSPARAM,	/* $1 .. $N; ival = N; "$#" has ival 0 */
	T_MAP,		/* @ or @name */
	T_INT,
	T_STR,
	/* keywords */
	T_IF, T_ELSE, T_WHILE, T_UNROLL, T_BREAK, T_CONTINUE, T_RETURN, T_SIZEOF,
	/* punctuation */
	T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACKET, T_RBRACKET,
	T_COMMA, T_SEMI, T_COLON, T_QUESTION, T_DOT, T_ARROW,
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT,
	T_AMP, T_PIPE, T_CARET, T_TILDE, T_NOT,
	T_SHL, T_SHR,
	T_LT, T_GT, T_LE, T_GE, T_EQ, T_NE,
	T_LAND, T_LOR,
	T_INC, T_DEC,
	T_ASSIGN,
	T_PLUS_ASSIGN, T_MINUS_ASSIGN, T_STAR_ASSIGN, T_SLASH_ASSIGN,
	T_PERCENT_ASSIGN, T_AMP_ASSIGN, T_PIPE_ASSIGN, T_CARET_ASSIGN,
	T_SHL_ASSIGN, T_SHR_ASSIGN,
	T_NTOKENS
};

struct token {
	enum token_kind kind;
	struct loc loc;
	const char *start;	/* into the source text */
	int len;
	char *str;		/* T_STR: decoded literal (owned); T_IDENT etc: copy */
	size_t slen;
	uint64_t ival;
};

/*
 * Lexer state.  The parser owns the mode: with spec set, a token starting
 * with a letter or '_' is a probe spec (T_SPEC) running up to whitespace,
 * ',', '{', '}' or ';' (a "..." or '...' part may hold any of those);
 * '/', ',' and '{' lex as punctuation.  A leading "#!" line is skipped.
 */
struct lexer {
	const struct source *src;
	const char *p;		/* next character */
	int line, col;		/* of *p */
	int end_line, end_col;	/* just past the last token, for T_EOF */
	bool spec;
};

void lex_init(struct lexer *lx, const struct source *src);
/*
 * Fills tok with the next token; tok->str is owned by the caller (free it
 * with lex_token_free).  On a lexical error it reports it with diag_error,
 * sets tok->kind to T_ERROR and returns -EINVAL.  T_EOF is located just
 * past the last token so that "expecting '}'" points at the script's end.
 */
int lex_next(struct lexer *lx, struct token *tok);
void lex_token_free(struct token *tok);
/*
 * True if the next token would be '{' or the end of the script: a '/'
 * just before either closes a predicate and cannot be a division.
 */
bool lex_pred_end(const struct lexer *lx);
/* The next character that is not space or a comment; 0 at the end. */
int lex_peek(const struct lexer *lx);
/*
 * lex_token_name gives "'{'", "'if'" for fixed tokens and a word for the
 * others ("identifier", "end of file"), ready for "unexpected %s".
 */
const char *lex_token_name(enum token_kind kind);

#endif
