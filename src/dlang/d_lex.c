/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D lexer.  Two modes, as in DTrace: the outer scope (probe
 * descriptions and the words that start declarations) and clauses
 * (expression tokens, with macro variables substituted).  Error texts
 * are DTrace's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dlang/d_lex.h"
#include "lang/ast.h"
#include "dlang/d_parse.h"
#include "lang/types.h"

static const char *const d_keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "counter",
	"default", "do", "double", "else", "enum", "extern", "float", "for",
	"goto", "if", "import", "inline", "int", "long", "offsetof", "probe",
	"provider", "register", "restrict", "return", "self", "short",
	"signed", "sizeof", "static", "string", "stringof", "struct",
	"switch", "this", "translator", "typedef", "union", "unsigned",
	"void", "volatile", "while", "xlate",
};

/* The keywords that the outer scope knows: those that start a declaration. */
static bool outer_keyword(int kind)
{
	switch (kind) {
	case D_KW_AUTO: case D_KW_CHAR: case D_KW_CONST: case D_KW_COUNTER:
	case D_KW_DOUBLE: case D_KW_ENUM: case D_KW_EXTERN: case D_KW_FLOAT:
	case D_KW_IMPORT: case D_KW_INLINE: case D_KW_INT: case D_KW_LONG:
	case D_KW_PROVIDER: case D_KW_REGISTER: case D_KW_RESTRICT:
	case D_KW_SELF: case D_KW_SHORT: case D_KW_SIGNED: case D_KW_STATIC:
	case D_KW_STRING: case D_KW_STRUCT: case D_KW_THIS:
	case D_KW_TRANSLATOR: case D_KW_TYPEDEF: case D_KW_UNION:
	case D_KW_UNSIGNED: case D_KW_VOID: case D_KW_VOLATILE:
		return true;
	default:
		return false;
	}
}

static const char *const d_typedefs[] = {
	"int8_t", "int16_t", "int32_t", "int64_t", "intptr_t", "ssize_t",
	"uint8_t", "uint16_t", "uint32_t", "uint64_t", "uintptr_t", "size_t",
	"uchar_t", "ushort_t", "uint_t", "ulong_t", "u_longlong_t",
	"ptrdiff_t", "id_t", "pid_t", "uid_t", "gid_t", "processorid_t",
	"psetid_t", "zoneid_t", "taskid_t", "projid_t", "hrtime_t", "time_t",
	"off_t", "dev_t", "mode_t", "caddr_t", "boolean_t", "_Bool",
};

bool d_lex_typedef(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(d_typedefs); i++)
		if (!strcmp(name, d_typedefs[i]))
			return true;
	return false;
}

/* Longest first, so that "<<=" wins over "<<" and "<". */
static const struct {
	const char *text;
	int kind;
} puncts[] = {
	{ "<<=", T_SHL_ASSIGN }, { ">>=", T_SHR_ASSIGN }, { "...", D_ELLIPSIS },
	{ "->", T_ARROW }, { "<<", T_SHL }, { ">>", T_SHR },
	{ "<=", T_LE }, { ">=", T_GE }, { "==", T_EQ }, { "!=", T_NE },
	{ "&&", T_LAND }, { "||", T_LOR }, { "^^", D_LXOR },
	{ "++", T_INC }, { "--", T_DEC },
	{ "+=", T_PLUS_ASSIGN }, { "-=", T_MINUS_ASSIGN },
	{ "*=", T_STAR_ASSIGN }, { "/=", T_SLASH_ASSIGN },
	{ "%=", T_PERCENT_ASSIGN }, { "&=", T_AMP_ASSIGN },
	{ "|=", T_PIPE_ASSIGN }, { "^=", T_CARET_ASSIGN },
	{ "{", T_LBRACE }, { "}", T_RBRACE }, { "(", T_LPAREN },
	{ ")", T_RPAREN }, { "[", T_LBRACKET }, { "]", T_RBRACKET },
	{ ",", T_COMMA }, { ";", T_SEMI }, { ":", T_COLON },
	{ "?", T_QUESTION }, { ".", T_DOT }, { "+", T_PLUS },
	{ "-", T_MINUS }, { "*", T_STAR }, { "%", T_PERCENT },
	{ "&", T_AMP }, { "|", T_PIPE }, { "^", T_CARET }, { "~", T_TILDE },
	{ "!", T_NOT }, { "<", T_LT }, { ">", T_GT }, { "=", T_ASSIGN },
};

void d_lex_init(struct d_lexer *lx, const struct source *src,
		const struct d_macros *m, struct vec *pragmas)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = src;
	lx->m = m;
	lx->pragmas = pragmas;
	lx->p = src->text;
	lx->line = 1;
	lx->col = 1;
	lx->end_line = 1;
	lx->end_col = 1;
	lx->outer = true;
	lx->bol = true;
	lx->defargs = m && m->defargs;
	lx->pspec = m && m->pspec;
	lx->empty = m && m->empty;
}

void d_token_free(struct d_token *tok)
{
	free(tok->str);
	tok->str = NULL;
}

static void advance(struct d_lexer *lx)
{
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
		lx->bol = true;
	} else {
		lx->col++;
		if (!strchr(" \t\f\v\r", *lx->p))
			lx->bol = false;
	}
	lx->p++;
}

static void advance_n(struct d_lexer *lx, int n)
{
	while (n-- > 0)
		advance(lx);
}

static int lex_error(struct d_lexer *lx, struct d_token *tok, int line,
		     int col, int len, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * The line dtrace's lexer has reached once it has read the n characters
 * at the lexer's position, which an error it finds there names.
 */
static int reached_line(const struct d_lexer *lx, int n)
{
	int line = lx->line, i;

	for (i = 0; i < n && lx->p[i]; i++)
		line += lx->p[i] == '\n';
	return line;
}

static int lex_error(struct d_lexer *lx, struct d_token *tok, int line,
		     int col, int len, const char *fmt, ...)
{
	struct loc loc = { line, col, len > 0 ? len : 1, lx->named_line };
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	diag_error(lx->src, &loc, "%s", msg ? msg : "lexical error");
	free(msg);
	d_token_free(tok);
	tok->kind = T_ERROR;
	tok->loc = loc;
	return -EINVAL;
}

/* An error about the n characters at the lexer's position. */
#define here_error(lx, tok, n, ...) \
	lex_error(lx, tok, (lx)->line, (lx)->col, n, __VA_ARGS__)

static bool is_ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '`';
}

static bool is_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '`';
}

static int ident_len(const char *p)
{
	int n = 0;

	while (is_ident_char((unsigned char)p[n]))
		n++;
	return n;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Decodes D's escapes in s[0..n) onto out, as dtrace decodes them in
 * strings and character constants alike: \x takes every hex digit that
 * follows, and an escape D does not know, \' and \? among them (C's),
 * stays as written, so '\'' is the two characters \ and '.
 */
static void unescape(const char *s, size_t n, struct buf *out)
{
	const char *end = s + n;
	unsigned v;
	char c;
	int i;

	while (s < end) {
		if (*s != '\\' || s + 1 == end) {
			buf_put(out, s++, 1);
			continue;
		}
		s++;
		switch (*s) {
		case 'a': c = '\a'; break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		case 'v': c = '\v'; break;
		case '\\': case '"': c = *s; break;
		case 'x':
			for (v = 0, s++; s < end && hex_value((unsigned char)*s) >= 0; s++)
				v = v * 16 + hex_value((unsigned char)*s);
			c = (char)v;
			buf_put(out, &c, 1);
			continue;
		default:
			if (*s >= '0' && *s <= '7') {
				for (v = 0, i = 0; i < 3 && s < end && *s >= '0' && *s <= '7'; i++, s++)
					v = v * 8 + (*s - '0');
				c = (char)v;
				buf_put(out, &c, 1);
				continue;
			}
			buf_put(out, s - 1, 2);
			s++;
			continue;
		}
		buf_put(out, &c, 1);
		s++;
	}
}

static void set_str(struct d_token *tok, const char *s, size_t n, bool escapes)
{
	struct buf b = { 0 };

	buf_put(&b, "", 0);
	if (escapes)
		unescape(s, n, &b);
	else
		buf_put(&b, s, n);
	tok->str = b.p;
	tok->slen = b.len;
}

/* ---- control lines ---- */

struct ctl_word {
	const char *s;
	int len;
	int col;
	char kind;		/* 'w' word, 'i' integer, 's' string */
};

static bool is_rgx_int(const char *s, int len)
{
	int i = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		for (i = 2; i < len && isxdigit((unsigned char)s[i]); i++)
			;
		if (i == 2)
			return false;
	} else {
		for (; i < len && isdigit((unsigned char)s[i]); i++)
			;
		if (i == 0)
			return false;
	}
	if (i < len && (s[i] == 'u' || s[i] == 'U'))
		i++;
	if (i < len && (s[i] == 'l' || s[i] == 'L'))
		i++;
	if (i < len && (s[i] == 'l' || s[i] == 'L'))
		i++;
	return i == len;
}

static int ctl_error(struct d_lexer *lx, struct d_token *tok, int line,
		     const struct ctl_word *w, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int ctl_error(struct d_lexer *lx, struct d_token *tok, int line,
		     const struct ctl_word *w, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int r;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	r = lex_error(lx, tok, line, w->col, w->len, "%s", msg ? msg : "error");
	free(msg);
	return r;
}

static bool word_is(const struct ctl_word *w, const char *s)
{
	return w->kind == 'w' && (int)strlen(s) == w->len &&
	       !strncmp(w->s, s, w->len);
}

static int pragma_option(struct d_lexer *lx, struct d_token *tok, int line,
			 const struct ctl_word *w, int n)
{
	struct d_pragma *pr;
	const char *eq;

	if (n < 1 || w[0].kind != 'w')
		return ctl_error(lx, tok, line, &w[-1],
				 "[D_PRAGMA_MALFORM] malformed #pragma option <option>=<val>");
	if (n > 1)
		return ctl_error(lx, tok, line, &w[1],
				 "[D_PRAGMA_MALFORM] superfluous arguments specified for #pragma option");
	eq = memchr(w[0].s, '=', w[0].len);
	/* These change how the rest is read, as dtrace reads pragmas. */
	if (word_is(&w[0], "defaultargs"))
		lx->defargs = true;
	if (word_is(&w[0], "pspec"))
		lx->pspec = true;
	if (word_is(&w[0], "empty"))
		lx->empty = true;
	if (!lx->pragmas)
		return 0;
	pr = xcalloc(1, sizeof(*pr));
	if (eq) {
		pr->name = xstrndup(w[0].s, eq - w[0].s);
		pr->value = xstrndup(eq + 1, w[0].s + w[0].len - eq - 1);
	} else {
		pr->name = xstrndup(w[0].s, w[0].len);
	}
	pr->loc.line = line;
	pr->loc.col = w[0].col;
	pr->loc.len = w[0].len;
	vec_push(lx->pragmas, pr);
	return 0;
}

int (*d_provider_attr_hook)(const char *prov, const char *part,
			    struct d_attr a);

/*
 * #pragma D attributes NAME/DATA/CLASS IDENT: the stability -v reports
 * for what IDENT names from here on, checked as dtrace checks it.  An
 * identifier that cannot be one is no identifier the program has, which
 * dtrace calls unused.  "provider PROV PART" sets a loaded provider's
 * component (d_provider_attr_hook); for a provider not loaded it waits
 * for an identifier PROV, as in dtrace.
 */
static int pragma_attributes(struct d_lexer *lx, struct d_token *tok,
			     int line, const struct ctl_word *w, int n)
{
	struct d_attr_pragma *ap;
	struct d_attr attr;
	const struct ctl_word *id;
	int i;

	if (n < 3)
		return ctl_error(lx, tok, line, &w[0],
				 "[D_PRAGMA_MALFORM] malformed #pragma attributes <attributes> <ident>");
	if (d_attr_parse(w[1].s, w[1].len, &attr))
		return ctl_error(lx, tok, line, &w[1],
				 "[D_PRAGMA_INVAL] invalid attributes specified by #pragma attributes");
	id = &w[2];
	if (word_is(&w[2], "provider")) {
		char *prov, *part;
		int r;

		if (n < 5 || w[3].kind != 'w' || w[4].kind != 'w')
			return ctl_error(lx, tok, line, &w[2],
					 "[D_PRAGMA_MALFORM] malformed #pragma attributes provider <name> <component>");
		prov = xstrndup(w[3].s, w[3].len);
		part = xstrndup(w[4].s, w[4].len);
		r = lx->attrs && d_provider_attr_hook ?
		    d_provider_attr_hook(prov, part, attr) : -ENOENT;
		/* dtrace names the provider as the component, and back. */
		if (r == -EINVAL)
			r = ctl_error(lx, tok, line, &w[4],
				      "[D_PRAGMA_INVAL] invalid component \"%s\" in attribute #pragma for provider %s",
				      prov, part);
		free(prov);
		free(part);
		if (r != -ENOENT)
			return r;
		id = &w[3];
	}
	for (i = 0; i < id->len; i++)
		if (!is_ident_char(id->s[i]))
			return ctl_error(lx, tok, line, id,
					 "[D_PRAGMA_UNUSED] unused #pragma attributes");
	if (!lx->attrs)
		return 0;
	ap = xcalloc(1, sizeof(*ap));
	ap->name = xstrndup(id->s, id->len);
	ap->attr = attr;
	vec_push(lx->attrs, ap);
	return 0;
}

static int pragma_error(struct d_lexer *lx, struct d_token *tok, int line,
			const struct ctl_word *w, int n)
{
	struct buf b = { 0 };
	int i, r;

	/* dtrace writes each word followed by a blank, the last too. */
	buf_put(&b, "", 0);
	for (i = 1; i < n; i++) {
		if (w[i].kind == 's')
			unescape(w[i].s + 1, w[i].len - 2, &b);
		else
			buf_put(&b, w[i].s, w[i].len);
		buf_put(&b, " ", 1);
	}
	r = ctl_error(lx, tok, line, &w[0], "[D_PRAGERR] #error: %s", b.p);
	buf_free(&b);
	return r;
}

/*
 * A control line: "#pragma D option ...", "#pragma D error", "#error",
 * line markers ("# 12 "file"", "#line 12"), "#ident", unknown "#pragma"s
 * (ignored as in C) and "#!" lines.  lx->p is at the '#'; on return it is
 * past the line's newline.
 */
static int control_line(struct d_lexer *lx, struct d_token *tok)
{
	struct ctl_word w[16];
	int n = 0, line = lx->line, hash_col = lx->col;
	const char *q;

	if (lx->p[1] == '!') {
		while (*lx->p && *lx->p != '\n')
			advance(lx);
		return 0;
	}
	advance(lx);
	for (;;) {
		while (*lx->p && strchr(" \t\f\v\r", *lx->p))
			advance(lx);
		if (*lx->p == '\n') {
			advance(lx);
			break;
		}
		if (!*lx->p)
			return here_error(lx, tok, 1,
					  "[D_SYNTAX] end-of-file encountered before end of control line");
		q = lx->p;
		if (*q == '"') {
			for (q++; *q && *q != '"' && *q != '\n'; q++)
				if (*q == '\\' && q[1] && q[1] != '\n')
					q++;
			if (*q != '"')
				return here_error(lx, tok, (int)(q - lx->p),
						  "[D_STR_NL] newline encountered in string literal");
			q++;
		} else {
			while (*q && !strchr(" \t\f\v\r\n\"", *q))
				q++;
		}
		if (n < (int)ARRAY_SIZE(w)) {
			w[n].s = lx->p;
			w[n].len = (int)(q - lx->p);
			w[n].col = lx->col;
			w[n].kind = *lx->p == '"' ? 's' :
				    is_rgx_int(lx->p, w[n].len) ? 'i' : 'w';
			n++;
		}
		advance_n(lx, (int)(q - lx->p));
	}
	if (n == 0 || w[0].kind == 'i')
		return 0;
	if (w[0].kind != 'w') {
		struct ctl_word h = { NULL, 1, hash_col, 'w' };

		return ctl_error(lx, tok, line, &h, "[D_PRAGCTL_INVAL] invalid control directive");
	}
	if (word_is(&w[0], "pragma")) {
		if (n == 1)
			return 0;
		if (word_is(&w[1], "D")) {
			if (n == 2)
				return 0;
			if (word_is(&w[2], "option"))
				return pragma_option(lx, tok, line, w + 3, n - 3);
			if (word_is(&w[2], "error"))
				return pragma_error(lx, tok, line, w + 2, n - 2);
			if (word_is(&w[2], "attributes"))
				return pragma_attributes(lx, tok, line, w + 2, n - 2);
			/* ferret loads no D library of a program's own */
			if (word_is(&w[2], "depends_on") && n > 3 &&
			    word_is(&w[3], "library"))
				return ctl_error(lx, tok, line, &w[3],
						 "[D_PRAGMA_DEPEND] main program may not explicitly depend on a library");
			if (word_is(&w[2], "binding") ||
			    word_is(&w[2], "depends_on") || word_is(&w[2], "ident") ||
			    word_is(&w[2], "line"))
				return 0;
			return ctl_error(lx, tok, line, &w[2], "[D_PRAGMA_INVAL] invalid D pragma: %.*s",
					 w[2].len, w[2].s);
		}
		if (word_is(&w[1], "error"))
			return pragma_error(lx, tok, line, w + 1, n - 1);
		return 0;
	}
	if (word_is(&w[0], "error"))
		return pragma_error(lx, tok, line, w, n);
	if (word_is(&w[0], "ident") || word_is(&w[0], "line"))
		return 0;
	return ctl_error(lx, tok, line, &w[0], "[D_PRAGCTL_INVAL] invalid control directive: #%.*s",
			 w[0].len, w[0].s);
}

/*
 * Skips blanks, comments and control lines.  D has block comments only:
 * "//" is not a comment.
 */
static int skip_space(struct d_lexer *lx, struct d_token *tok)
{
	int err;

	for (;;) {
		if (isspace((unsigned char)*lx->p)) {
			advance(lx);
		} else if (!lx->outer && lx->p[0] == '\\' && lx->p[1] == '\n') {
			advance_n(lx, 2);
		} else if (*lx->p == '#' && lx->bol) {
			err = control_line(lx, tok);
			if (err)
				return err;
		} else if (lx->p[0] == '/' && lx->p[1] == '*') {
			int line = lx->line, col = lx->col;

			advance_n(lx, 2);
			while (*lx->p && !(lx->p[0] == '*' && lx->p[1] == '/')) {
				if (lx->p[0] == '/' && lx->p[1] == '*')
					return here_error(lx, tok, 2,
							  "[D_SYNTAX] /* encountered inside a comment");
				advance(lx);
			}
			if (!*lx->p) {
				lx->named_line = lx->line;
				return lex_error(lx, tok, line, col, 2,
						 "[D_SYNTAX] end-of-file encountered before matching */");
			}
			advance_n(lx, 2);
		} else {
			return 0;
		}
	}
}

int d_lex_peek(const struct d_lexer *lx)
{
	const char *p = lx->p;

	for (;;) {
		if (isspace((unsigned char)*p)) {
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

static int syntax_near(struct d_lexer *lx, struct d_token *tok)
{
	unsigned char c = *lx->p;

	if (isprint(c))
		return here_error(lx, tok, 1, "[D_SYNTAX] syntax error near \"%c\"", c);
	return here_error(lx, tok, 1, "[D_SYNTAX] syntax error near \"\\x%02x\"", c);
}

/* NF_INT_* of the suffix at p (u, l, ll in C's spellings). */
static int int_suffix(const char *p)
{
	int f = 0;

	if (*p == 'u' || *p == 'U') {
		f |= NF_INT_U;
		p++;
	}
	if (*p == 'l' || *p == 'L')
		f |= (p[1] == 'l' || p[1] == 'L') ? NF_INT_LL : NF_INT_L;
	return f;
}

/* RGX_INT, with DTrace's errors for bad digits, overflow and floats. */
static int lex_int(struct d_lexer *lx, struct d_token *tok)
{
	const char *p = lx->p, *digits;
	uint64_t v = 0;
	int base = 10, d, n;
	bool overflow = false;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    hex_value((unsigned char)p[2]) >= 0) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	digits = p;
	while ((base == 16 && hex_value((unsigned char)*p) >= 0) ||
	       (base != 16 && isdigit((unsigned char)*p)))
		p++;
	if (base == 10 && (*p == '.' || *p == 'f' || *p == 'F' ||
			   ((*p == 'e' || *p == 'E') &&
			    (isdigit((unsigned char)p[1]) ||
			     ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2]))))))
		goto fp;
	if (base == 8 && *p == '.')
		goto fp;
	n = (int)(p - lx->p);
	tok->lit = int_suffix(p) | (base != 10 ? NF_INT_NONDEC : 0);
	if (*p == 'u' || *p == 'U')
		p++;
	if (*p == 'l' || *p == 'L')
		p++;
	if (*p == 'l' || *p == 'L')
		p++;
	tok->len = (int)(p - lx->p);
	for (p = digits; p < lx->p + n; p++) {
		d = hex_value((unsigned char)*p);
		if (d >= base)
			return here_error(lx, tok, tok->len,
					  "[D_INT_DIGIT] constant %.*s contains invalid digit %c",
					  tok->len, lx->p, *p);
		if (v > (UINT64_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return here_error(lx, tok, tok->len,
				  "[D_INT_OFLOW] constant %.*s results in integer overflow",
				  tok->len, lx->p);
	tok->kind = T_INT;
	tok->ival = v;
	return 0;
fp:
	return here_error(lx, tok, (int)(p - lx->p) + 1,
			  "[D_SYNTAX] floating-point constants are not permitted");
}

/* A '...' or "..." literal: the length up to the closing quote, or -1. */
static int quoted_len(const char *p)
{
	const char *q = p + 1;

	while (*q != *p) {
		if (*q == '\0' || *q == '\n')
			return -1;
		if (*q == '\\' && q[1] != '\0' && q[1] != '\n')
			q++;
		q++;
	}
	return (int)(q + 1 - p);
}

static int lex_string(struct d_lexer *lx, struct d_token *tok)
{
	int n = quoted_len(lx->p);

	if (n < 0) {
		if (!strchr(lx->p, '\n'))
			return syntax_near(lx, tok);
		lx->named_line = lx->line + 1;
		return here_error(lx, tok, (int)(strchr(lx->p, '\n') - lx->p),
				  "[D_STR_NL] newline encountered in string literal");
	}
	tok->kind = T_STR;
	tok->len = n;
	set_str(tok, lx->p + 1, n - 2, true);
	return 0;
}

/* 'c': the bytes of the decoded constant, first in the most significant. */
static int lex_char(struct d_lexer *lx, struct d_token *tok)
{
	struct buf b = { 0 };
	int n = quoted_len(lx->p);
	uint64_t v = 0;
	size_t i;

	if (n < 0) {
		if (!strchr(lx->p, '\n'))
			return syntax_near(lx, tok);
		lx->named_line = lx->line + 1;
		return here_error(lx, tok, (int)(strchr(lx->p, '\n') - lx->p),
				  "[D_CHR_NL] newline encountered in character constant");
	}
	if (n == 2)
		return here_error(lx, tok, 2, "[D_CHR_NULL] empty character constant");
	buf_put(&b, "", 0);
	unescape(lx->p + 1, n - 2, &b);
	if (b.len > sizeof(v)) {
		buf_free(&b);
		return here_error(lx, tok, n, "[D_CHR_OFLOW] character constant is too long");
	}
	for (i = 0; i < b.len; i++)
		v = v << 8 | (unsigned char)b.p[i];
	buf_free(&b);
	tok->kind = T_INT;
	tok->ival = v;
	tok->len = n;
	return 0;
}

long d_lex_macro_value(const struct d_lexer *lx, const char *name, int len,
		       bool *found)
{
	const struct d_macros *m = lx->m;
	long target = m ? m->target : -1;

	*found = true;
#define IS(s) (len == (int)strlen(s) && !strncmp(name, s, len))
	if (IS("target"))
		return target < 0 ? 0 : target;
	if (IS("pid"))
		return m ? m->pid : 0;
	if (IS("ppid"))
		return m ? m->ppid : 0;
	if (IS("uid"))
		return m ? m->uid : 0;
	if (IS("gid"))
		return m ? m->gid : 0;
	if (IS("euid"))
		return (long)geteuid();
	if (IS("egid"))
		return (long)getegid();
	if (IS("pgid"))
		return (long)getpgid(0);
	if (IS("sid"))
		return (long)getsid(0);
#undef IS
	*found = false;
	return 0;
}

const char *d_lex_macro_arg(const struct d_lexer *lx, unsigned long i)
{
	if (i == 0)
		return lx->src->name;
	if (!lx->m || i > (unsigned long)lx->m->nargs)
		return NULL;
	if (lx->m->argref)
		lx->m->argref[i] = true;
	return lx->m->args[i - 1];
}

/*
 * $N: an integer if the argument reads as one (an optional sign, then C
 * digits and integer suffixes), a string otherwise (surrounding double
 * quotes removed, escapes decoded).
 */
static int macro_number(struct d_lexer *lx, struct d_token *tok, const char *v)
{
	const char *s = v, *end;
	unsigned long long x;
	size_t len = strlen(v);

	if (*s == '+' || *s == '-')
		s++;
	if (isdigit((unsigned char)*s)) {
		errno = 0;
		x = strtoull(s, (char **)&end, 0);
		if (end > s && strspn(end, "uUlL") == strlen(end) &&
		    strlen(end) <= 3) {
			if (errno == ERANGE)
				return here_error(lx, tok, tok->len,
						  "[D_MACRO_OFLOW] macro argument %.*s constant %s results in integer overflow",
						  tok->len, lx->p, v);
			tok->kind = T_INT;
			tok->lit = int_suffix(end) |
				   (*s == '0' && s[1] ? NF_INT_NONDEC : 0);
			tok->neg = *v == '-';
			tok->ival = tok->neg ? -(uint64_t)x : (uint64_t)x;
			return 0;
		}
	}
	tok->kind = T_STR;
	if (len >= 2 && v[0] == '"' && v[len - 1] == '"')
		set_str(tok, v + 1, len - 2, true);
	else
		set_str(tok, v, len, true);
	return 0;
}

static int lex_dollar(struct d_lexer *lx, struct d_token *tok)
{
	const char *p = lx->p + 1, *v;
	bool dd = *p == '$', found;
	unsigned long i;
	long val;
	int n;

	if (dd)
		p++;
	if (isdigit((unsigned char)*p)) {
		for (n = 0; isdigit((unsigned char)p[n]); n++)
			;
		tok->len = (int)(p + n - lx->p);
		errno = 0;
		i = strtoul(p, NULL, 10);
		v = errno ? NULL : d_lex_macro_arg(lx, i);
		if (!v && lx->defargs)
			v = dd ? "" : "0";
		if (!v)
			return here_error(lx, tok, tok->len,
					  "[D_MACRO_UNDEF] macro argument %.*s is not defined",
					  tok->len, lx->p);
		if (!dd)
			return macro_number(lx, tok, v);
		tok->kind = T_STR;
		set_str(tok, v, strlen(v), true);
		return 0;
	}
	if (!is_ident_start((unsigned char)*p))
		return syntax_near(lx, tok);
	n = ident_len(p);
	tok->len = (int)(p + n - lx->p);
	val = d_lex_macro_value(lx, p, n, &found);
	if (!found)
		return here_error(lx, tok, tok->len,
				  "[D_MACRO_UNDEF] macro variable %.*s is not defined",
				  tok->len, lx->p);
	if (dd) {
		char *s = xasprintf("%ld", val);

		tok->kind = T_STR;
		tok->str = s;
		tok->slen = strlen(s);
		return 0;
	}
	tok->kind = T_INT;
	tok->neg = val < 0;
	tok->ival = (uint64_t)val;
	return 0;
}

static int keyword(const char *p, int n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(d_keywords); i++)
		if (d_keywords[i][0] == *p && !strncmp(d_keywords[i], p, n) &&
		    !d_keywords[i][n])
			return D_KW_FIRST + (int)i;
	return 0;
}

static bool is_pspec_start(int c)
{
	return isalpha(c) || (c && strchr("-$:_.?*\\[]!", c));
}

static bool is_pspec_char(int c)
{
	return is_pspec_start(c) || isdigit(c) || c == '`';
}

/* C's type names that are keywords, which "int*x" starts with. */
static bool keyword_type(int kind)
{
	switch (kind) {
	case D_KW_CHAR: case D_KW_DOUBLE: case D_KW_FLOAT: case D_KW_INT:
	case D_KW_LONG: case D_KW_SHORT: case D_KW_SIGNED: case D_KW_STRING:
	case D_KW_UNSIGNED: case D_KW_VOID:
		return true;
	default:
		return false;
	}
}

/*
 * A word of the outer scope: a keyword that starts a declaration, a type
 * name (a declaration such as "uint64_t x;"), or a probe description.
 * As in DTrace, a word with ':', '-', '.', '?', '!' or '`' and the names
 * BEGIN, END and ERROR are always descriptions, and so is every word
 * under pspec, where "int*x" is one too.
 */
static int lex_outer_word(struct d_lexer *lx, struct d_token *tok)
{
	const char *p = lx->p, *star, *after;
	int n = 0, kw, tn;
	char *name;

	while (is_pspec_char((unsigned char)p[n]))
		n++;
	tok->len = n;
	kw = keyword(p, n);
	if (kw && outer_keyword(kw)) {
		tok->kind = kw;
		return 0;
	}
	name = xstrndup(p, n);
	if (!lx->pspec && !strpbrk(name, ":-.?!`") && strcmp(name, "BEGIN") &&
	    strcmp(name, "END") && strcmp(name, "ERROR")) {
		star = strchr(name, '*');
		tn = star && star > name ? (int)(star - name) : n;
		name[tn] = '\0';
		kw = keyword(name, tn);
		if (kw && keyword_type(kw)) {
			free(name);
			tok->kind = kw;
			tok->len = tn;
			return 0;
		}
		after = p + tn;
		while (isspace((unsigned char)*after))
			after++;
		if (d_lex_typedef(name) || type_defined(NULL, name) ||
		    (tn > 2 && !strcmp(name + tn - 2, "_t") &&
		     (is_ident_start((unsigned char)*after) || *after == '*'))) {
			tok->kind = T_IDENT;
			tok->len = tn;
			tok->str = name;
			tok->slen = tn;
			return 0;
		}
		free(name);
		name = xstrndup(p, n);
	}
	tok->kind = T_SPEC;
	tok->str = name;
	tok->slen = n;
	return 0;
}

static int lex_token(struct d_lexer *lx, struct d_token *tok)
{
	const char *p = lx->p, *q;
	unsigned char c = *p;
	size_t i;
	int n;

	if (c == '\0') {
		tok->kind = T_EOF;
		tok->len = 0;
		return 0;
	}
	if (isdigit(c))
		return lex_int(lx, tok);
	if (lx->outer) {
		if (is_pspec_start(c))
			return lex_outer_word(lx, tok);
		tok->len = 1;
		if (c == ',')
			tok->kind = T_COMMA;
		else if (c == '/')
			tok->kind = T_SLASH;
		else if (c == '{')
			tok->kind = T_LBRACE;
		else
			return syntax_near(lx, tok);
		return 0;
	}
	if (is_ident_start(c)) {
		n = ident_len(p);
		tok->len = n;
		tok->kind = keyword(p, n);
		if (tok->kind)
			return 0;
		tok->kind = T_IDENT;
		tok->str = xstrndup(p, n);
		tok->slen = n;
		return 0;
	}
	if (c == '"')
		return lex_string(lx, tok);
	if (c == '\'')
		return lex_char(lx, tok);
	if (c == '$')
		return lex_dollar(lx, tok);
	if (c == '@') {
		n = 1 + (is_ident_start((unsigned char)p[1]) && p[1] != '`' ?
			 ident_len(p + 1) : 0);
		tok->kind = T_MAP;
		tok->len = n;
		tok->str = xstrndup(p, n);
		tok->slen = n;
		return 0;
	}
	if (c == '/') {
		tok->len = 1;
		if (p[1] == '=') {
			tok->kind = T_SLASH_ASSIGN;
			tok->len = 2;
			return 0;
		}
		/*
		 * As in DTrace, a '/' followed (after blanks only) by the end,
		 * ';', '{' or '/' closes a predicate; otherwise it divides.
		 */
		for (q = p + 1; *q && strchr(" \t\n\r\f\v", *q); q++)
			;
		if (!*q || strchr(";{/", *q)) {
			tok->reach_line = reached_line(lx, (int)(q - p));
			if (lx->parens || lx->brackets)
				lx->named_line = tok->reach_line;
			if (lx->parens)
				return here_error(lx, tok, 1,
						  "[D_SYNTAX] closing ) expected in predicate before /");
			if (lx->brackets)
				return here_error(lx, tok, 1,
						  "[D_SYNTAX] closing ] expected in predicate before /");
			tok->kind = D_EPRED;
		} else {
			tok->kind = T_SLASH;
		}
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(puncts); i++) {
		if (puncts[i].text[0] != c)
			continue;
		n = strlen(puncts[i].text);
		if (strncmp(puncts[i].text, p, n))
			continue;
		tok->kind = puncts[i].kind;
		tok->len = n;
		switch (tok->kind) {
		case T_LPAREN:
			lx->parens++;
			break;
		case T_RPAREN:
			if (--lx->parens < 0)
				return here_error(lx, tok, 1, "[D_SYNTAX] extra ) in input stream");
			break;
		case T_LBRACKET:
			lx->brackets++;
			break;
		case T_RBRACKET:
			if (--lx->brackets < 0)
				return here_error(lx, tok, 1, "[D_SYNTAX] extra ] in input stream");
			break;
		default:
			break;
		}
		return 0;
	}
	return syntax_near(lx, tok);
}

int d_lex_next(struct d_lexer *lx, struct d_token *tok)
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
	/* dtrace places the end of input on the line after the last one */
	if (tok->kind == T_EOF) {
		tok->loc.line = lx->line;
		tok->loc.col = lx->col;
		tok->loc.len = 1;
		return 0;
	}
	tok->loc.len = tok->len;
	advance_n(lx, tok->len);
	if (!tok->reach_line)
		tok->reach_line = lx->line;
	lx->end_line = lx->line;
	lx->end_col = lx->col;
	return 0;
}
