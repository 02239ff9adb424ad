/* SPDX-License-Identifier: GPL-2.0 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/lex.h"

static const char *const token_names[T_NTOKENS] = {
	[T_EOF] = "end of file",
	[T_ERROR] = "invalid token",
	[T_SPEC] = "probe",
	[T_IDENT] = "identifier",
	[T_VAR] = "variable",
	[T_POSPARAM] = "positional parameter",
	[T_MAP] = "map",
	[T_INT] = "integer",
	[T_STR] = "string",
	[T_IF] = "'if'",
	[T_ELSE] = "'else'",
	[T_WHILE] = "'while'",
	[T_UNROLL] = "'unroll'",
	[T_BREAK] = "'break'",
	[T_CONTINUE] = "'continue'",
	[T_RETURN] = "'return'",
	[T_SIZEOF] = "'sizeof'",
	[T_LBRACE] = "'{'",
	[T_RBRACE] = "'}'",
	[T_LPAREN] = "'('",
	[T_RPAREN] = "')'",
	[T_LBRACKET] = "'['",
	[T_RBRACKET] = "']'",
	[T_COMMA] = "','",
	[T_SEMI] = "';'",
	[T_COLON] = "':'",
	[T_QUESTION] = "'?'",
	[T_DOT] = "'.'",
	[T_ARROW] = "'->'",
	[T_PLUS] = "'+'",
	[T_MINUS] = "'-'",
	[T_STAR] = "'*'",
	[T_SLASH] = "'/'",
	[T_PERCENT] = "'%'",
	[T_AMP] = "'&'",
	[T_PIPE] = "'|'",
	[T_CARET] = "'^'",
	[T_TILDE] = "'~'",
	[T_NOT] = "'!'",
	[T_SHL] = "'<<'",
	[T_SHR] = "'>>'",
	[T_LT] = "'<'",
	[T_GT] = "'>'",
	[T_LE] = "'<='",
	[T_GE] = "'>='",
	[T_EQ] = "'=='",
	[T_NE] = "'!='",
	[T_LAND] = "'&&'",
	[T_LOR] = "'||'",
	[T_INC] = "'++'",
	[T_DEC] = "'--'",
	[T_ASSIGN] = "'='",
	[T_PLUS_ASSIGN] = "'+='",
	[T_MINUS_ASSIGN] = "'-='",
	[T_STAR_ASSIGN] = "'*='",
	[T_SLASH_ASSIGN] = "'/='",
	[T_PERCENT_ASSIGN] = "'%='",
	[T_AMP_ASSIGN] = "'&='",
	[T_PIPE_ASSIGN] = "'|='",
	[T_CARET_ASSIGN] = "'^='",
	[T_SHL_ASSIGN] = "'<<='",
	[T_SHR_ASSIGN] = "'>>='",
};

const char *lex_token_name(enum token_kind kind)
{
	if ((unsigned)kind >= T_NTOKENS || !token_names[kind])
		return "token";
	return token_names[kind];
}

static const struct {
	const char *word;
	enum token_kind kind;
} keywords[] = {
	{ "if", T_IF },
	{ "else", T_ELSE },
	{ "while", T_WHILE },
	{ "unroll", T_UNROLL },
	{ "break", T_BREAK },
	{ "continue", T_CONTINUE },
	{ "return", T_RETURN },
	{ "sizeof", T_SIZEOF },
};

/* Longest first, so that "<<=" wins over "<<" and "<". */
static const struct {
	const char *text;
	enum token_kind kind;
} puncts[] = {
	{ "<<=", T_SHL_ASSIGN }, { ">>=", T_SHR_ASSIGN },
	{ "->", T_ARROW }, { "<<", T_SHL }, { ">>", T_SHR },
	{ "<=", T_LE }, { ">=", T_GE }, { "==", T_EQ }, { "!=", T_NE },
	{ "&&", T_LAND }, { "||", T_LOR }, { "++", T_INC }, { "--", T_DEC },
	{ "+=", T_PLUS_ASSIGN }, { "-=", T_MINUS_ASSIGN },
	{ "*=", T_STAR_ASSIGN }, { "/=", T_SLASH_ASSIGN },
	{ "%=", T_PERCENT_ASSIGN }, { "&=", T_AMP_ASSIGN },
	{ "|=", T_PIPE_ASSIGN }, { "^=", T_CARET_ASSIGN },
	{ "{", T_LBRACE }, { "}", T_RBRACE }, { "(", T_LPAREN },
	{ ")", T_RPAREN }, { "[", T_LBRACKET }, { "]", T_RBRACKET },
	{ ",", T_COMMA }, { ";", T_SEMI }, { ":", T_COLON },
	{ "?", T_QUESTION }, { ".", T_DOT }, { "+", T_PLUS },
	{ "-", T_MINUS }, { "*", T_STAR }, { "/", T_SLASH },
	{ "%", T_PERCENT }, { "&", T_AMP }, { "|", T_PIPE },
	{ "^", T_CARET }, { "~", T_TILDE }, { "!", T_NOT },
	{ "<", T_LT }, { ">", T_GT }, { "=", T_ASSIGN },
};

void lex_init(struct lexer *lx, const struct source *src)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = src;
	lx->p = src->text;
	lx->line = 1;
	lx->col = 1;
	lx->end_line = 1;
	lx->end_col = 1;
	if (lx->p[0] == '#' && lx->p[1] == '!') {
		while (*lx->p && *lx->p != '\n') {
			lx->p++;
			lx->col++;
		}
	}
}

void lex_token_free(struct token *tok)
{
	free(tok->str);
	tok->str = NULL;
}

static void advance(struct lexer *lx)
{
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->p++;
}

static void advance_n(struct lexer *lx, int n)
{
	while (n-- > 0)
		advance(lx);
}

/* Characters from col to the end of the line, at least 1. */
static int rest_of_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	int n = nl ? (int)(nl - p) : (int)strlen(p);

	return n > 0 ? n : 1;
}

static int lex_error(struct lexer *lx, struct token *tok, int line, int col,
		     int len, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static int lex_error(struct lexer *lx, struct token *tok, int line, int col,
		     int len, const char *fmt, ...)
{
	struct loc loc = { line, col, len > 0 ? len : 1, 0 };
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	diag_error(lx->src, &loc, "%s", msg ? msg : "lexical error");
	free(msg);
	lex_token_free(tok);
	tok->kind = T_ERROR;
	tok->loc = loc;
	return -EINVAL;
}

/*
 * Skips blanks and comments.  Returns -EINVAL after reporting an
 * unterminated block comment.
 */
static int skip_space(struct lexer *lx, struct token *tok)
{
	for (;;) {
		if (isspace((unsigned char)*lx->p)) {
			advance(lx);
		} else if (lx->p[0] == '/' && lx->p[1] == '/') {
			while (*lx->p && *lx->p != '\n')
				advance(lx);
		} else if (lx->p[0] == '/' && lx->p[1] == '*') {
			int line = lx->line, col = lx->col;

			advance_n(lx, 2);
			while (*lx->p && !(lx->p[0] == '*' && lx->p[1] == '/'))
				advance(lx);
			if (!*lx->p)
				return lex_error(lx, tok, line, col, 2,
						 "unterminated comment");
			advance_n(lx, 2);
		} else {
			return 0;
		}
	}
}

int lex_peek(const struct lexer *lx)
{
	const char *p = lx->p;

	for (;;) {
		if (isspace((unsigned char)*p)) {
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			p = strstr(p + 2, "*/");
			if (!p)
				return 0;
			p += 2;
		} else {
			return (unsigned char)*p;
		}
	}
}

bool lex_pred_end(const struct lexer *lx)
{
	int c = lex_peek(lx);

	return c == '{' || c == 0;
}

static bool is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool is_ident_char(int c)
{
	return isalnum(c) || c == '_';
}

static int ident_len(const char *p)
{
	int n = 0;

	while (is_ident_char((unsigned char)p[n]))
		n++;
	return n;
}

static int lex_spec(struct lexer *lx, struct token *tok)
{
	const char *p = lx->p;

	while (*p && !isspace((unsigned char)*p) && !strchr(",{};", *p)) {
		if (*p == '"' || *p == '\'') {
			const char *q = p + 1;

			while (*q && *q != *p && *q != '\n')
				q++;
			if (*q != *p)
				return lex_error(lx, tok, lx->line,
						 lx->col + (int)(p - lx->p),
						 rest_of_line(p),
						 "unterminated quote in probe");
			p = q;
		}
		p++;
	}
	tok->kind = T_SPEC;
	tok->len = (int)(p - lx->p);
	tok->str = xstrndup(lx->p, tok->len);
	tok->slen = tok->len;
	return 0;
}

static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/*
 * Decimal, 0x hex, 0 octal, and decimal scientific "1e6": bpftrace reads
 * all of them as integers.
 */
static int lex_int(struct lexer *lx, struct token *tok)
{
	const char *p = lx->p, *start = lx->p;
	uint64_t v = 0, e;
	int base = 10, d;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
		if (digit_value((unsigned char)*p) >= 16)
			return lex_error(lx, tok, lx->line, lx->col, 2,
					 "hex literal has no digits");
	} else if (p[0] == '0') {
		base = 8;
	}
	for (; (d = digit_value((unsigned char)*p)) < base; p++) {
		if (v > (UINT64_MAX - d) / base)
			goto too_large;
		v = v * base + d;
	}
	if (base == 8 && isdigit((unsigned char)*p))
		return lex_error(lx, tok, lx->line, lx->col + (int)(p - start),
				 1, "invalid digit '%c' in octal literal", *p);
	if (base == 10 && (*p == 'e' || *p == 'E') &&
	    isdigit((unsigned char)p[1])) {
		for (p++, e = 0; isdigit((unsigned char)*p); p++) {
			e = e * 10 + (*p - '0');
			if (e > 20)
				e = 20;
		}
		for (; e > 0; e--) {
			if (v > UINT64_MAX / 10)
				goto too_large;
			v *= 10;
		}
	}
	if (is_ident_char((unsigned char)*p))
		return lex_error(lx, tok, lx->line, lx->col + (int)(p - start),
				 ident_len(p),
				 "invalid suffix '%.*s' on integer literal",
				 ident_len(p), p);
	tok->kind = T_INT;
	tok->ival = v;
	tok->len = (int)(p - start);
	return 0;

too_large:
	while (is_ident_char((unsigned char)*p))
		p++;
	return lex_error(lx, tok, lx->line, lx->col, (int)(p - start),
			 "integer literal is too large");
}

static int lex_string(struct lexer *lx, struct token *tok)
{
	const char *p = lx->p + 1;
	struct buf b = { 0 };
	int c, n, v;

	buf_put(&b, "", 0);
	while (*p != '"') {
		if (*p == '\0' || *p == '\n') {
			buf_free(&b);
			return lex_error(lx, tok, lx->line, lx->col,
					 rest_of_line(lx->p),
					 "unterminated string literal");
		}
		if (*p != '\\') {
			buf_put(&b, p++, 1);
			continue;
		}
		switch (p[1]) {
		case 'n':
			c = '\n';
			break;
		case 't':
			c = '\t';
			break;
		case 'r':
			c = '\r';
			break;
		case '\\':
		case '"':
			c = p[1];
			break;
		case 'x':
			if (digit_value((unsigned char)p[2]) >= 16)
				goto bad_escape;
			v = digit_value((unsigned char)p[2]);
			n = 3;
			if (digit_value((unsigned char)p[3]) < 16) {
				v = v * 16 + digit_value((unsigned char)p[3]);
				n = 4;
			}
			c = v;
			buf_put(&b, (char[]){ (char)c }, 1);
			p += n;
			continue;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7':
			v = 0;
			for (n = 1; n <= 3 && p[n] >= '0' && p[n] <= '7'; n++)
				v = v * 8 + (p[n] - '0');
			if (v > 255) {
				buf_free(&b);
				return lex_error(lx, tok, lx->line,
						 lx->col + (int)(p - lx->p), n,
						 "octal escape out of range");
			}
			buf_put(&b, (char[]){ (char)v }, 1);
			p += n;
			continue;
		default:
			goto bad_escape;
		}
		buf_put(&b, (char[]){ (char)c }, 1);
		p += 2;
	}
	tok->kind = T_STR;
	tok->len = (int)(p + 1 - lx->p);
	tok->str = b.p;
	tok->slen = b.len;
	return 0;

bad_escape:
	buf_free(&b);
	if (p[1] == '\0' || p[1] == '\n')
		return lex_error(lx, tok, lx->line, lx->col,
				 rest_of_line(lx->p),
				 "unterminated string literal");
	if (isprint((unsigned char)p[1]))
		return lex_error(lx, tok, lx->line, lx->col + (int)(p - lx->p),
				 2, "invalid escape sequence '\\%c'", p[1]);
	return lex_error(lx, tok, lx->line, lx->col + (int)(p - lx->p), 1,
			 "invalid escape sequence");
}

static int lex_dollar(struct lexer *lx, struct token *tok)
{
	const char *p = lx->p + 1;
	uint64_t v = 0;
	int n;

	if (*p == '#') {
		tok->kind = T_POSPARAM;
		tok->ival = 0;
		tok->len = 2;
		return 0;
	}
	if (isdigit((unsigned char)*p)) {
		for (n = 0; isdigit((unsigned char)p[n]); n++) {
			if (v > 100000000)
				return lex_error(lx, tok, lx->line, lx->col,
						 n + 1,
						 "positional parameter number is too large");
			v = v * 10 + (p[n] - '0');
		}
		if (is_ident_char((unsigned char)p[n]) || v == 0)
			return lex_error(lx, tok, lx->line, lx->col,
					 1 + n + ident_len(p + n),
					 "invalid positional parameter '%.*s'",
					 1 + n + ident_len(p + n), lx->p);
		tok->kind = T_POSPARAM;
		tok->ival = v;
		tok->len = n + 1;
		return 0;
	}
	if (!is_ident_start((unsigned char)*p))
		return lex_error(lx, tok, lx->line, lx->col, 1,
				 "'$' must be followed by a variable name");
	tok->kind = T_VAR;
	tok->len = 1 + ident_len(p);
	tok->str = xstrndup(lx->p, tok->len);
	tok->slen = tok->len;
	return 0;
}

static int lex_token(struct lexer *lx, struct token *tok)
{
	const char *p = lx->p;
	unsigned char c = *p;
	size_t i;
	int n;

	if (c == '\0') {
		tok->kind = T_EOF;
		tok->len = 0;
		return 0;
	}
	if (lx->spec && is_ident_start(c))
		return lex_spec(lx, tok);
	if (is_ident_start(c)) {
		n = ident_len(p);
		tok->len = n;
		for (i = 0; i < ARRAY_SIZE(keywords); i++) {
			if (keywords[i].word[0] == c &&
			    (int)strlen(keywords[i].word) == n &&
			    !strncmp(keywords[i].word, p, n)) {
				tok->kind = keywords[i].kind;
				return 0;
			}
		}
		tok->kind = T_IDENT;
		tok->str = xstrndup(p, n);
		tok->slen = n;
		return 0;
	}
	if (isdigit(c))
		return lex_int(lx, tok);
	if (c == '"')
		return lex_string(lx, tok);
	if (c == '$')
		return lex_dollar(lx, tok);
	if (c == '@') {
		tok->kind = T_MAP;
		tok->len = 1 + ident_len(p + 1);
		tok->str = xstrndup(p, tok->len);
		tok->slen = tok->len;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(puncts); i++) {
		if (puncts[i].text[0] != c)
			continue;
		n = strlen(puncts[i].text);
		if (!strncmp(puncts[i].text, p, n)) {
			tok->kind = puncts[i].kind;
			tok->len = n;
			return 0;
		}
	}
	if (isprint(c))
		return lex_error(lx, tok, lx->line, lx->col, 1,
				 "invalid character '%c'", c);
	return lex_error(lx, tok, lx->line, lx->col, 1,
			 "invalid character '\\x%02x'", c);
}

int lex_next(struct lexer *lx, struct token *tok)
{
	int err;

	memset(tok, 0, sizeof(*tok));
	err = skip_space(lx, tok);
	if (err)
		return err;
	tok->start = lx->p;
	tok->loc.line = lx->line;
	tok->loc.col = lx->col;
	err = lex_token(lx, tok);
	if (err)
		return err;
	if (tok->kind == T_EOF) {
		tok->loc.line = lx->end_line;
		tok->loc.col = lx->end_col;
		tok->loc.len = 1;
		return 0;
	}
	tok->loc.len = tok->len;
	advance_n(lx, tok->len);
	lx->end_line = lx->line;
	lx->end_col = lx->col;
	return 0;
}
