/* SPDX-License-Identifier: GPL-2.0 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpp.h"
#include "../util.h"

#define CPP_MAX_DEPTH 32	/* #if nesting */
#define CPP_MAX_NEST 64		/* macros expanding inside each other */
#define CPP_MAX_OUT (1 << 20)	/* bytes one line may expand to */

struct cpp_macro {
	char *name;
	char **params;		/* function-like: parameter names */
	int nparams;
	bool func;		/* NAME(...) rather than NAME */
	char *body;		/* comments removed */
};

struct cpp {
	const struct source *src;
	struct loc loc;		/* of the line being read, col of its token */
	struct vec macros;	/* struct cpp_macro * */
	const char *active[CPP_MAX_NEST];	/* macros being expanded */
	int nactive;
	int nargs;		/* arguments being expanded, for error columns */
	bool failed;
};

static bool cpp_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool cpp_ident_char(int c)
{
	return isalnum(c) || c == '_';
}

static size_t cpp_ident_len(const char *s, const char *e)
{
	const char *p = s;

	while (p < e && cpp_ident_char((unsigned char)*p))
		p++;
	return p - s;
}

/*
 * Whether a block comment is still open at e, given whether one was at
 * s: a '#' inside a comment starts no directive.  Strings and line
 * comments are skipped so that a comment opener inside them opens nothing.
 */
static bool cpp_comment_after(const char *s, const char *e, bool in)
{
	for (; s < e; s++) {
		if (in) {
			if (s[0] == '*' && s + 1 < e && s[1] == '/') {
				in = false;
				s++;
			}
		} else if (s[0] == '/' && s + 1 < e && s[1] == '*') {
			in = true;
			s++;
		} else if (s[0] == '/' && s + 1 < e && s[1] == '/') {
			break;
		} else if (s[0] == '"') {
			for (s++; s < e && *s != '"'; s++)
				if (*s == '\\' && s + 1 < e)
					s++;
		}
	}
	return in;
}

/* The end of the string or character literal opening at s, before e. */
static const char *cpp_skip_quoted(const char *s, const char *e)
{
	const char *p;

	for (p = s + 1; p < e && *p != *s; p++)
		if (*p == '\\' && p + 1 < e)
			p++;
	return p < e ? p + 1 : e;
}

static void cpp_error(struct cpp *c, int col, int len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void cpp_error(struct cpp *c, int col, int len, const char *fmt, ...)
{
	struct loc l = c->loc;
	char msg[512];
	va_list ap;

	if (c->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	l.col = col > 0 ? col : 1;
	l.len = len > 0 ? len : 1;
	diag_error(c->src, &l, "%s", msg);
	c->failed = true;
}

static struct cpp_macro *cpp_find(struct cpp *c, const char *name, size_t len)
{
	int i;

	for (i = 0; i < c->macros.n; i++) {
		struct cpp_macro *m = c->macros.v[i];

		if (strlen(m->name) == len && !strncmp(m->name, name, len))
			return m;
	}
	return NULL;
}

static void cpp_macro_free(struct cpp_macro *m)
{
	int i;

	for (i = 0; i < m->nparams; i++)
		free(m->params[i]);
	free(m->params);
	free(m->name);
	free(m->body);
	free(m);
}

static void cpp_undef(struct cpp *c, const char *name, size_t len)
{
	struct cpp_macro *m = cpp_find(c, name, len);
	int i;

	if (!m)
		return;
	for (i = 0; c->macros.v[i] != m; i++)
		;
	c->macros.v[i] = c->macros.v[--c->macros.n];
	cpp_macro_free(m);
}

static bool cpp_is_active(struct cpp *c, const char *name, size_t len)
{
	int i;

	for (i = 0; i < c->nactive; i++)
		if (strlen(c->active[i]) == len &&
		    !strncmp(c->active[i], name, len))
			return true;
	return false;
}

static int cpp_expand(struct cpp *c, const char *s, const char *e,
		      struct buf *out, int col);

/* [s, e) without surrounding blanks, xstrndup'd. */
static char *cpp_trimmed(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	return xstrndup(s, e - s);
}

/*
 * Splits the argument list of a function-like macro: *pp is at '(' and
 * is left after the matching ')'.  Arguments are split at commas outside
 * parentheses and literals.  0, or -EINVAL when ')' does not come before e.
 */
static int cpp_args(const char **pp, const char *e, struct vec *args)
{
	const char *p = *pp + 1, *start = p;
	int depth = 0;

	for (; p < e; p++) {
		if (*p == '"' || *p == '\'') {
			p = cpp_skip_quoted(p, e) - 1;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')' && depth) {
			depth--;
		} else if (*p == ',' && !depth) {
			vec_push(args, cpp_trimmed(start, p));
			start = p + 1;
		} else if (*p == ')') {
			vec_push(args, cpp_trimmed(start, p));
			*pp = p + 1;
			return 0;
		}
	}
	return -EINVAL;
}

/* Whether arg is only blanks: "F()" passes no argument, not an empty one. */
static bool cpp_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return !*s;
}

/*
 * Appends m's body to out with each parameter replaced by its argument,
 * macro-expanded first (C's order), then rescans the result with m
 * itself hidden.
 */
static int cpp_invoke(struct cpp *c, struct cpp_macro *m, struct vec *args,
		      struct buf *out, int col)
{
	struct buf body = { 0 };
	const char *p, *e;
	int i, ret;

	buf_put(&body, "", 0);
	p = m->body;
	e = p + strlen(p);
	while (p < e) {
		if (*p == '"' || *p == '\'') {
			const char *q = cpp_skip_quoted(p, e);

			buf_put(&body, p, q - p);
			p = q;
		} else if (*p == '#') {
			buf_free(&body);
			cpp_error(c, col, (int)strlen(m->name),
				  "'#' and '##' in the body of macro '%s' are not supported",
				  m->name);
			return -EINVAL;
		} else if (cpp_ident_start((unsigned char)*p)) {
			size_t n = cpp_ident_len(p, e);

			for (i = 0; i < m->nparams; i++)
				if (strlen(m->params[i]) == n &&
				    !strncmp(m->params[i], p, n))
					break;
			if (i < m->nparams) {
				const char *a = args->v[i];

				c->nargs++;
				ret = cpp_expand(c, a, a + strlen(a), &body, col);
				c->nargs--;
				if (ret) {
					buf_free(&body);
					return ret;
				}
			} else {
				buf_put(&body, p, n);
			}
			p += n;
		} else {
			buf_put(&body, p++, 1);
		}
	}
	c->active[c->nactive++] = m->name;
	ret = cpp_expand(c, body.p, body.p + body.len, out, col);
	c->nactive--;
	buf_free(&body);
	return ret;
}

/*
 * Appends [s, e) to out with macros expanded; e holds no comment.  col
 * is where the text of the current line's outermost invocation starts,
 * for errors.
 */
static int cpp_expand(struct cpp *c, const char *s, const char *e,
		      struct buf *out, int col)
{
	const char *p = s;
	int ret, i;

	while (p < e) {
		struct cpp_macro *m;
		const char *q;
		size_t n;

		if (out->len > CPP_MAX_OUT) {
			cpp_error(c, col, 1, "macro expansion is too large");
			return -E2BIG;
		}
		if (*p == '"' || *p == '\'') {
			q = cpp_skip_quoted(p, e);
			buf_put(out, p, q - p);
			p = q;
			continue;
		}
		if (isdigit((unsigned char)*p)) {
			/* A number, suffixes and exponents included. */
			for (q = p; q < e && (cpp_ident_char((unsigned char)*q) ||
					      *q == '.'); q++)
				;
			buf_put(out, p, q - p);
			p = q;
			continue;
		}
		if (!cpp_ident_start((unsigned char)*p)) {
			buf_put(out, p++, 1);
			continue;
		}
		n = cpp_ident_len(p, e);
		if (!c->nactive && !c->nargs)
			col = c->loc.col + (int)(p - s);
		m = cpp_find(c, p, n);
		if (!m || cpp_is_active(c, p, n)) {
			buf_put(out, p, n);
			p += n;
			continue;
		}
		if (c->nactive == CPP_MAX_NEST) {
			cpp_error(c, col, (int)n, "macro '%s' nests too deeply",
				  m->name);
			return -ELOOP;
		}
		q = p + n;
		if (!m->func) {
			c->active[c->nactive++] = m->name;
			ret = cpp_expand(c, m->body, m->body + strlen(m->body),
					 out, col);
			c->nactive--;
		} else {
			struct vec args = { 0 };

			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			if (q == e || *q != '(') {
				/* A function-like macro's name alone is left. */
				buf_put(out, p, n);
				p += n;
				continue;
			}
			if (cpp_args(&q, e, &args)) {
				cpp_error(c, col, (int)n,
					  "unterminated function-like macro invocation '%s': its arguments must end on the same line",
					  m->name);
				ret = -EINVAL;
			} else if (args.n == 1 && !m->nparams &&
				   cpp_blank(args.v[0])) {
				ret = cpp_invoke(c, m, &args, out, col);
			} else if (args.n != m->nparams) {
				cpp_error(c, col, (int)n, args.n > m->nparams ?
					  "too many arguments provided to function-like macro invocation '%s'" :
					  "too few arguments provided to function-like macro invocation '%s'",
					  m->name);
				ret = -EINVAL;
			} else {
				ret = cpp_invoke(c, m, &args, out, col);
			}
			for (i = 0; i < args.n; i++)
				free(args.v[i]);
			vec_free(&args);
		}
		if (ret)
			return ret;
		p = q;
	}
	return 0;
}

/*
 * Appends the code of line [s, e) to out with macros expanded and
 * comments kept; *comment says whether a block comment is open at s and
 * is updated for the next line.
 */
static int cpp_line(struct cpp *c, const char *s, const char *e,
		    struct buf *out, bool *comment)
{
	const char *p = s, *code = s;
	int ret;

	while (p < e) {
		if (*comment) {
			const char *end = strstr(p, "*/");

			if (!end || end >= e) {
				buf_put(out, p, e - p);
				return 0;
			}
			buf_put(out, p, end + 2 - p);
			p = code = end + 2;
			*comment = false;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			p = cpp_skip_quoted(p, e);
			continue;
		}
		if (*p == '/' && p + 1 < e && (p[1] == '/' || p[1] == '*')) {
			c->loc.col = 1 + (int)(code - s);
			ret = cpp_expand(c, code, p, out, 0);
			if (ret)
				return ret;
			if (p[1] == '/') {
				buf_put(out, p, e - p);
				return 0;
			}
			*comment = true;
			buf_put(out, p, 2);
			p = code = p + 2;
			continue;
		}
		p++;
	}
	c->loc.col = 1 + (int)(code - s);
	return cpp_expand(c, code, e, out, 0);
}

/*
 * Copies a directive's text [s, e) without comments (each becomes a
 * space), for macro bodies and #if expressions.
 */
static char *cpp_strip(const char *s, const char *e)
{
	struct buf b = { 0 };
	const char *p = s, *q;

	buf_put(&b, "", 0);
	while (p < e) {
		if (*p == '"' || *p == '\'') {
			q = cpp_skip_quoted(p, e);
			buf_put(&b, p, q - p);
			p = q;
		} else if (*p == '/' && p + 1 < e && p[1] == '/') {
			break;
		} else if (*p == '/' && p + 1 < e && p[1] == '*') {
			q = strstr(p + 2, "*/");
			p = q && q < e ? q + 2 : e;
			buf_put(&b, " ", 1);
		} else if (*p == '\\' && p + 1 < e && p[1] == '\n') {
			buf_put(&b, " ", 1);
			p += 2;
		} else {
			buf_put(&b, p++, 1);
		}
	}
	while (b.len && isspace((unsigned char)b.p[b.len - 1]))
		b.p[--b.len] = '\0';
	q = b.p;
	while (isspace((unsigned char)*q))
		q++;
	memmove(b.p, q, strlen(q) + 1);
	return b.p;
}

/* #define NAME body, or NAME(a, b) body; p is after "define". */
static int cpp_define(struct cpp *c, const char *p, const char *e)
{
	struct cpp_macro *m;
	const char *q;
	size_t n;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	n = cpp_ident_len(p, e);
	if (!n || !cpp_ident_start((unsigned char)*p)) {
		cpp_error(c, c->loc.col, c->loc.len, "macro name missing");
		return -EINVAL;
	}
	m = xcalloc(1, sizeof(*m));
	m->name = xstrndup(p, n);
	q = p + n;
	if (q < e && *q == '(') {
		m->func = true;
		for (q++;;) {
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			if (q < e && *q == ')' && !m->nparams)
				break;
			n = cpp_ident_len(q, e);
			if (!n || !cpp_ident_start((unsigned char)*q))
				goto bad_params;
			m->params = xrealloc(m->params, (m->nparams + 1) *
					     sizeof(*m->params));
			m->params[m->nparams++] = xstrndup(q, n);
			q += n;
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			if (q < e && *q == ')')
				break;
			if (q == e || *q != ',')
				goto bad_params;
			q++;
		}
		q++;
	}
	m->body = cpp_strip(q, e);
	cpp_undef(c, m->name, strlen(m->name));
	vec_push(&c->macros, m);
	return 0;
bad_params:
	cpp_error(c, c->loc.col, c->loc.len,
		  "invalid parameter list in the definition of macro '%s'",
		  m->name);
	cpp_macro_free(m);
	return -EINVAL;
}

/* Recursive descent over a macro-expanded #if expression. */
struct cpp_expr {
	const char *p;
	bool bad;
};

static int64_t cpp_cond(struct cpp_expr *x);

static void cpp_ws(struct cpp_expr *x)
{
	while (*x->p == ' ' || *x->p == '\t')
		x->p++;
}

static bool cpp_eat(struct cpp_expr *x, const char *op)
{
	size_t n = strlen(op);

	cpp_ws(x);
	if (strncmp(x->p, op, n))
		return false;
	/* "<" is not the start of "<<" or "<=", "&" not of "&&" ... */
	if (n == 1 && x->p[1] && strchr("<>&|=", *op) && x->p[1] == *op)
		return false;
	if (n == 1 && strchr("<>!=", *op) && x->p[1] == '=')
		return false;
	x->p += n;
	return true;
}

static int64_t cpp_unary(struct cpp_expr *x)
{
	char *end;
	int64_t v;

	cpp_ws(x);
	if (cpp_eat(x, "!"))
		return !cpp_unary(x);
	if (cpp_eat(x, "~"))
		return ~cpp_unary(x);
	if (cpp_eat(x, "-"))
		return -cpp_unary(x);
	if (cpp_eat(x, "+"))
		return cpp_unary(x);
	if (cpp_eat(x, "(")) {
		v = cpp_cond(x);
		if (!cpp_eat(x, ")"))
			x->bad = true;
		return v;
	}
	if (isdigit((unsigned char)*x->p)) {
		v = strtoll(x->p, &end, 0);
		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		x->p = end;
		return v;
	}
	if (cpp_ident_start((unsigned char)*x->p)) {
		/* A name no macro defines is 0, as in C. */
		x->p += cpp_ident_len(x->p, x->p + strlen(x->p));
		return 0;
	}
	x->bad = true;
	return 0;
}

static int64_t cpp_binary(struct cpp_expr *x, int level)
{
	static const char *const ops[][5] = {
		{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" },
		{ "==", "!=" }, { "<=", ">=", "<", ">" }, { "<<", ">>" },
		{ "+", "-" }, { "*", "/", "%" },
	};
	int64_t a, b;
	int i;

	if (level == (int)ARRAY_SIZE(ops))
		return cpp_unary(x);
	a = cpp_binary(x, level + 1);
	for (;;) {
		for (i = 0; i < 5 && ops[level][i]; i++)
			if (cpp_eat(x, ops[level][i]))
				break;
		if (i == 5 || !ops[level][i])
			return a;
		b = cpp_binary(x, level + 1);
		switch (ops[level][i][0] * 256 + ops[level][i][1]) {
		case '|' * 256 + '|': a = a || b; break;
		case '&' * 256 + '&': a = a && b; break;
		case '|' * 256: a |= b; break;
		case '^' * 256: a ^= b; break;
		case '&' * 256: a &= b; break;
		case '=' * 256 + '=': a = a == b; break;
		case '!' * 256 + '=': a = a != b; break;
		case '<' * 256 + '=': a = a <= b; break;
		case '>' * 256 + '=': a = a >= b; break;
		case '<' * 256: a = a < b; break;
		case '>' * 256: a = a > b; break;
		case '<' * 256 + '<': a = (int64_t)((uint64_t)a << (b & 63)); break;
		case '>' * 256 + '>': a >>= (b & 63); break;
		case '+' * 256: a = (int64_t)((uint64_t)a + (uint64_t)b); break;
		case '-' * 256: a = (int64_t)((uint64_t)a - (uint64_t)b); break;
		case '*' * 256: a = (int64_t)((uint64_t)a * (uint64_t)b); break;
		default:
			if (!b) {
				x->bad = true;
				return 0;
			}
			if (a == INT64_MIN && b == -1)
				a = ops[level][i][0] == '/' ? a : 0;
			else
				a = ops[level][i][0] == '/' ? a / b : a % b;
		}
	}
}

static int64_t cpp_cond(struct cpp_expr *x)
{
	int64_t c = cpp_binary(x, 0), a, b;

	if (!cpp_eat(x, "?"))
		return c;
	a = cpp_cond(x);
	if (!cpp_eat(x, ":"))
		x->bad = true;
	b = cpp_cond(x);
	return c ? a : b;
}

/*
 * The value of an #if/#elif expression [p, e): defined(NAME) and
 * defined NAME first, then macros, then C's integer arithmetic.
 */
static int cpp_if(struct cpp *c, const char *p, const char *e, bool *val)
{
	char *text = cpp_strip(p, e), *q = text;
	struct buf b = { 0 }, x = { 0 };
	struct cpp_expr ex;
	int ret;

	buf_put(&b, "", 0);
	while (*q) {
		size_t n;

		if (!cpp_ident_start((unsigned char)*q)) {
			buf_put(&b, q++, 1);
			continue;
		}
		n = cpp_ident_len(q, q + strlen(q));
		if (n == 7 && !strncmp(q, "defined", 7)) {
			bool paren;

			q += n;
			while (*q == ' ' || *q == '\t')
				q++;
			paren = *q == '(';
			q += paren;
			while (*q == ' ' || *q == '\t')
				q++;
			n = cpp_ident_len(q, q + strlen(q));
			if (!n)
				goto bad;
			buf_put(&b, cpp_find(c, q, n) ? "1" : "0", 1);
			q += n;
			while (*q == ' ' || *q == '\t')
				q++;
			if (paren && *q++ != ')')
				goto bad;
			continue;
		}
		buf_put(&b, q, n);
		q += n;
	}
	buf_put(&x, "", 0);
	ret = cpp_expand(c, b.p, b.p + b.len, &x, c->loc.col);
	if (ret)
		goto out;
	ex.p = x.p;
	ex.bad = !*x.p;
	*val = cpp_cond(&ex) != 0;
	cpp_ws(&ex);
	if (ex.bad || *ex.p)
		goto bad;
	goto out;
bad:
	cpp_error(c, c->loc.col, c->loc.len,
		  "invalid expression in #if: '%s'", text);
	ret = -EINVAL;
out:
	free(text);
	buf_free(&b);
	buf_free(&x);
	return ret;
}

char *cpp_run(const struct source *src, const char *const *defines)
{
	bool active[CPP_MAX_DEPTH + 1] = { true }, seen_else[CPP_MAX_DEPTH + 1];
	bool taken[CPP_MAX_DEPTH + 1] = { true };
	struct cpp c = { .src = src, .loc = { 1, 1, 1 } };
	const char *line = src->text, *end, *dend;
	struct buf out = { 0 };
	char *dir = NULL;
	bool comment = false, was;
	int depth = 0, i;

	for (; defines && *defines; defines++) {
		struct cpp_macro *m = xcalloc(1, sizeof(*m));

		m->name = xstrdup(*defines);
		m->body = xstrdup("1");
		vec_push(&c.macros, m);
	}
	buf_put(&out, "", 0);
	for (; *line; line = *end ? end + 1 : end, c.loc.line++) {
		const char *p = line, *w;
		size_t wl;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		was = comment;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (was || p == end || *p != '#' ||
		    (c.loc.line == 1 && p[1] == '!')) {
			if (!active[depth]) {
				/* Skipped, but comments still open and close. */
				comment = cpp_comment_after(line, end, was);
			} else if (cpp_line(&c, line, end, &out, &comment)) {
				goto fail;
			}
			if (*end)
				buf_put(&out, "\n", 1);
			continue;
		}
		/* A directive: its continuation lines are part of it. */
		while (end > line && end[-1] == '\\' && *end) {
			buf_put(&out, "\n", 1);
			end = strchr(end + 1, '\n');
			if (!end)
				end = line + strlen(line);
		}
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		w = p;
		while (p < end && *p >= 'a' && *p <= 'z')
			p++;
		wl = p - w;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		c.loc.col = (int)(w - line);
		c.loc.len = wl ? (int)wl + 1 : 1;
		dir = cpp_strip(p, end);
		dend = dir + strlen(dir);
#define IS(word) (wl == strlen(word) && !strncmp(w, word, wl))
		if (IS("ifdef") || IS("ifndef") || IS("if")) {
			bool v = false;

			if (depth == CPP_MAX_DEPTH) {
				diag_error(src, &c.loc, "#if nesting is too deep");
				goto fail_dir;
			}
			if (active[depth]) {
				if (IS("if")) {
					if (cpp_if(&c, dir, dend, &v))
						goto fail_dir;
				} else {
					v = cpp_find(&c, dir, cpp_ident_len(dir, dend)) ?
					    IS("ifdef") : !IS("ifdef");
				}
			}
			depth++;
			seen_else[depth] = false;
			active[depth] = active[depth - 1] && v;
			taken[depth] = active[depth];
		} else if (IS("elif")) {
			bool v = false;

			if (!depth || seen_else[depth]) {
				diag_error(src, &c.loc, "#elif without #if");
				goto fail_dir;
			}
			if (active[depth - 1] && !taken[depth] &&
			    cpp_if(&c, dir, dend, &v))
				goto fail_dir;
			active[depth] = active[depth - 1] && !taken[depth] && v;
			taken[depth] |= active[depth];
		} else if (IS("else")) {
			if (!depth || seen_else[depth]) {
				diag_error(src, &c.loc, "#else without #if");
				goto fail_dir;
			}
			seen_else[depth] = true;
			active[depth] = active[depth - 1] && !taken[depth];
			taken[depth] = true;
		} else if (IS("endif")) {
			if (!depth) {
				diag_error(src, &c.loc, "#endif without #if");
				goto fail_dir;
			}
			depth--;
		} else if (!active[depth]) {
			/* Other directives in a skipped region do nothing. */
		} else if (IS("include")) {
			/* Kernel types come from BTF: nothing to include. */
		} else if (IS("define")) {
			if (cpp_define(&c, dir, dend))
				goto fail_dir;
		} else if (IS("undef")) {
			cpp_undef(&c, dir, cpp_ident_len(dir, dend));
		} else {
			diag_error(src, &c.loc, "preprocessor directive '#%.*s' is not supported yet",
				   (int)wl, w);
			goto fail_dir;
		}
#undef IS
		free(dir);
		for (w = line; w < end; w++)
			if (*w == '\n')
				c.loc.line++;
		if (*end)
			buf_put(&out, "\n", 1);
	}
	if (depth) {
		c.loc.col = 1;
		c.loc.len = 1;
		c.loc.line--;
		diag_error(src, &c.loc, "unterminated conditional directive: #if without #endif");
		goto fail;
	}
	for (i = 0; i < c.macros.n; i++)
		cpp_macro_free(c.macros.v[i]);
	vec_free(&c.macros);
	return out.p;
fail_dir:
	free(dir);
fail:
	for (i = 0; i < c.macros.n; i++)
		cpp_macro_free(c.macros.v[i]);
	vec_free(&c.macros);
	buf_free(&out);
	return NULL;
}
