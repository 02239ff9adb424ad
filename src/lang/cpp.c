/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preprocessor: directives line by line, macros expanded in the
 * lines that stay.  See cpp.h for what it takes.
 */
#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpp.h"
#include "../util.h"

#define CPP_MAX_DEPTH 32	/* nested conditionals */
#define CPP_MAX_EXPAND 64	/* nested macro expansions */
#define CPP_MAX_PARAMS 32

struct macro {
	char *name;
	bool func;		/* NAME(params) */
	char *params[CPP_MAX_PARAMS];
	int nparams;
	char *body;
};

struct cpp {
	const struct source *src;
	const struct cpp_opts *o;
	struct macro *macros;
	int nmacros;
	struct loc loc;		/* of the directive being read */
	int includes;		/* headers being read, one inside another */
	bool failed;
};

#define CPP_MAX_INCLUDES 32

static const char *const system_dirs[] = {
	"/usr/local/include", "/usr/include/x86_64-linux-gnu", "/usr/include",
};

static bool ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool ident_char(int c)
{
	return isalnum(c) || c == '_';
}

static void cpp_error(struct cpp *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void cpp_error(struct cpp *c, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (c->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(c->src, &c->loc, "%s", msg);
	c->failed = true;
}

static struct macro *find(struct cpp *c, const char *name, size_t len)
{
	int i;

	for (i = 0; i < c->nmacros; i++)
		if (strlen(c->macros[i].name) == len &&
		    !strncmp(c->macros[i].name, name, len))
			return &c->macros[i];
	return NULL;
}

static void macro_free(struct macro *m)
{
	int i;

	free(m->name);
	free(m->body);
	for (i = 0; i < m->nparams; i++)
		free(m->params[i]);
}

static void undef(struct cpp *c, const char *name, size_t len)
{
	struct macro *m = find(c, name, len);

	if (!m)
		return;
	macro_free(m);
	*m = c->macros[--c->nmacros];
}

static const char *skip_blank(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static size_t ident_len(const char *p, const char *e)
{
	const char *q = p;

	if (q < e && ident_start((unsigned char)*q))
		for (q++; q < e && ident_char((unsigned char)*q); q++)
			;
	return q - p;
}

static void expand(struct cpp *c, const char *s, const char *e, struct buf *out,
		   const struct macro **active, int depth, bool *comment);

static bool is_active(const struct macro *m, const struct macro **active, int depth)
{
	int i;

	for (i = 0; i < depth; i++)
		if (active[i] == m)
			return true;
	return false;
}

/*
 * The arguments of a function-like macro call; p is just past '('.
 * Returns the position after ')', or NULL when it is missing.
 */
static const char *call_args(const char *p, const char *e, const char **as,
			     const char **ae, int *nargs)
{
	int level = 0, n = 0;
	const char *start = p;

	for (; p < e; p++) {
		if (*p == '"') {
			for (p++; p < e && *p != '"'; p++)
				if (*p == '\\' && p + 1 < e)
					p++;
			continue;
		}
		if (*p == '(') {
			level++;
		} else if (*p == ')' && level) {
			level--;
		} else if ((*p == ',' && !level) || *p == ')') {
			if (n == CPP_MAX_PARAMS)
				return NULL;
			as[n] = start;
			ae[n++] = p;
			start = p + 1;
			if (*p == ')') {
				*nargs = n;
				return p + 1;
			}
		}
	}
	return NULL;
}

/* Parameter i of m named by the l characters at p, or -1. */
static int param_of(const struct macro *m, const char *p, size_t l)
{
	int i;

	for (i = 0; l && i < m->nparams; i++)
		if (strlen(m->params[i]) == l && !strncmp(m->params[i], p, l))
			return i;
	return -1;
}

/* Argument i's text, its blanks at either end left out. */
static void arg_text(const char **as, const char **ae, int i,
		     const char **a, const char **b)
{
	*a = skip_blank(as[i], ae[i]);
	*b = ae[i];
	while (*b > *a && ((*b)[-1] == ' ' || (*b)[-1] == '\t'))
		(*b)--;
}

/* Where the literal quoted by *p ends (past its closing quote), or e. */
static const char *literal_end(const char *p, const char *e)
{
	const char *q = p + 1;

	for (; q < e && *q != *p; q++)
		if (*q == '\\' && q + 1 < e)
			q++;
	return q < e ? q + 1 : e;
}

/*
 * One macro's replacement, parameters substituted, into out, as C's
 * preprocessor does it: not inside string and character literals, #x
 * the argument as a string literal, and a ## b the two run together.
 */
static void substitute(const struct macro *m, const char **as, const char **ae,
		       struct buf *out)
{
	const char *p = m->body, *e = p + strlen(p), *a, *b;
	size_t l;
	int i;

	while (p < e) {
		if (*p == '"' || *p == '\'') {
			const char *q = literal_end(p, e);

			buf_put(out, p, q - p);
			p = q;
			continue;
		}
		if (p[0] == '#' && p + 1 < e && p[1] == '#') {
			/* the blanks around ## go */
			while (out->len && (out->p[out->len - 1] == ' ' ||
					    out->p[out->len - 1] == '\t'))
				out->len--;
			p = skip_blank(p + 2, e);
			continue;
		}
		if (*p == '#' && m->nparams) {
			const char *n = skip_blank(p + 1, e);

			l = ident_len(n, e);
			i = param_of(m, n, l);
			if (i >= 0) {
				arg_text(as, ae, i, &a, &b);
				buf_put(out, "\"", 1);
				for (; a < b; a++) {
					if (*a == '"' || *a == '\\')
						buf_put(out, "\\", 1);
					buf_put(out, a, 1);
				}
				buf_put(out, "\"", 1);
				p = n + l;
				continue;
			}
		}
		l = ident_len(p, e);
		if (!l) {
			buf_put(out, p, 1);
			p++;
			continue;
		}
		i = param_of(m, p, l);
		if (i >= 0) {
			arg_text(as, ae, i, &a, &b);
			buf_put(out, a, b - a);
		} else {
			buf_put(out, p, l);
		}
		p += l;
	}
}

/*
 * Expands macros in [s, e) into out.  Strings and comments are copied
 * as they are; *comment carries a block comment across lines.  A name
 * right after '$' or '@' is the script's variable or map, not a macro.
 */
static void expand(struct cpp *c, const char *s, const char *e, struct buf *out,
		   const struct macro **active, int depth, bool *comment)
{
	const char *p = s;

	while (p < e && !c->failed) {
		const char *q = p;
		struct macro *m;
		size_t l;

		if (*comment) {
			const char *end = strstr(p, "*/");

			if (!end || end >= e) {
				buf_put(out, p, e - p);
				return;
			}
			buf_put(out, p, end + 2 - p);
			p = end + 2;
			*comment = false;
			continue;
		}
		if (p[0] == '/' && p + 1 < e && p[1] == '/') {
			buf_put(out, p, e - p);
			return;
		}
		if (p[0] == '/' && p + 1 < e && p[1] == '*') {
			buf_put(out, p, 2);
			p += 2;
			*comment = true;
			continue;
		}
		if (*p == '"') {
			for (q++; q < e && *q != '"'; q++)
				if (*q == '\\' && q + 1 < e)
					q++;
			q = q < e ? q + 1 : e;
			buf_put(out, p, q - p);
			p = q;
			continue;
		}
		l = ident_len(p, e);
		if (!l || (p > s && (ident_char((unsigned char)p[-1]) ||
				     p[-1] == '$' || p[-1] == '@'))) {
			buf_put(out, p, l ? l : 1);
			p += l ? l : 1;
			continue;
		}
		m = find(c, p, l);
		if (!m && l == 8 && c->o && c->o->d_cpp &&
		    (!strncmp(p, "__LINE__", 8) ||
		     !strncmp(p, "__FILE__", 8))) {
			char *v = p[2] == 'L' ? xasprintf("%d", c->loc.line) :
				  xasprintf("\"%s\"", c->src->name ? c->src->name : "");

			buf_put(out, v, strlen(v));
			free(v);
			p += l;
			continue;
		}
		if (!m || is_active(m, active, depth)) {
			buf_put(out, p, l);
			p += l;
			continue;
		}
		if (depth == CPP_MAX_EXPAND) {
			cpp_error(c, "macro '%s' expands more than %d levels deep",
				  m->name, CPP_MAX_EXPAND);
			return;
		}
		active[depth] = m;
		q = p + l;
		if (!m->func) {
			bool no = false;

			expand(c, m->body, m->body + strlen(m->body), out, active,
			       depth + 1, &no);
			p = q;
			continue;
		}
		q = skip_blank(q, e);
		if (q == e || *q != '(') {
			buf_put(out, p, l);
			p += l;
			continue;
		}
		{
			const char *as[CPP_MAX_PARAMS], *ae[CPP_MAX_PARAMS];
			struct buf sub = { 0 };
			int nargs = 0;
			bool no = false;
			const char *after = call_args(q + 1, e, as, ae, &nargs);

			if (!after) {
				cpp_error(c, "unterminated function-like macro invocation '%s'", m->name);
				return;
			}
			if (nargs == 1 && m->nparams == 0 &&
			    skip_blank(as[0], ae[0]) == ae[0])
				nargs = 0;
			if (nargs != m->nparams) {
				cpp_error(c, "too %s arguments provided to function-like macro invocation '%s': it takes %d, not %d",
					  nargs > m->nparams ? "many" : "few",
					  m->name, m->nparams, nargs);
				return;
			}
			substitute(m, as, ae, &sub);
			expand(c, sub.p ? sub.p : "", sub.p ? sub.p + sub.len : NULL,
			       out, active, depth + 1, &no);
			buf_free(&sub);
			p = after;
		}
	}
}

/* #define NAME body, #define NAME(a, b) body; p is past "define". */
static void define(struct cpp *c, const char *p, const char *e)
{
	struct macro m = { 0 };
	size_t l;

	p = skip_blank(p, e);
	l = ident_len(p, e);
	if (!l) {
		cpp_error(c, "macro names must be identifiers");
		return;
	}
	m.name = xstrndup(p, l);
	p += l;
	if (p < e && *p == '(') {
		m.func = true;
		for (p = skip_blank(p + 1, e); p < e && *p != ')';) {
			l = ident_len(p, e);
			if (!l || m.nparams == CPP_MAX_PARAMS) {
				cpp_error(c, "invalid parameter list of macro '%s'", m.name);
				macro_free(&m);
				return;
			}
			m.params[m.nparams++] = xstrndup(p, l);
			p = skip_blank(p + l, e);
			if (p < e && *p == ',')
				p = skip_blank(p + 1, e);
		}
		if (p == e) {
			cpp_error(c, "missing ')' in the parameter list of macro '%s'", m.name);
			macro_free(&m);
			return;
		}
		p++;
	}
	p = skip_blank(p, e);
	{
		/* A comment ends the replacement (strings may hold "//"). */
		const char *q;

		for (q = p; q < e; q++) {
			if (*q == '"') {
				for (q++; q < e && *q != '"'; q++)
					if (*q == '\\' && q + 1 < e)
						q++;
			} else if (*q == '/' && q + 1 < e && (q[1] == '/' || q[1] == '*')) {
				e = q;
				break;
			}
		}
	}
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	m.body = xstrndup(p, e - p);
	undef(c, m.name, strlen(m.name));
	c->macros = xrealloc(c->macros, (c->nmacros + 1) * sizeof(*c->macros));
	c->macros[c->nmacros++] = m;
}

/* #if arithmetic: the C operators on 64-bit integers, over macro-expanded text. */
struct expr {
	struct cpp *c;
	const char *p;
};

static int64_t e_cond(struct expr *x);

static void e_space(struct expr *x)
{
	while (*x->p == ' ' || *x->p == '\t')
		x->p++;
}

static bool e_eat(struct expr *x, const char *op)
{
	size_t l = strlen(op);

	e_space(x);
	if (strncmp(x->p, op, l))
		return false;
	/* "<" is not "<<" nor "<=", "&" is not "&&", "|" is not "||". */
	if (l == 1 && (x->p[1] == x->p[0] || (x->p[1] == '=' && strchr("<>!=", *op))) &&
	    strchr("<>&|=", *op))
		return false;
	x->p += l;
	return true;
}

static int64_t e_unary(struct expr *x)
{
	int64_t v;
	char *end;

	e_space(x);
	if (e_eat(x, "!"))
		return !e_unary(x);
	if (e_eat(x, "-"))
		return -e_unary(x);
	if (e_eat(x, "+"))
		return e_unary(x);
	if (e_eat(x, "~"))
		return ~e_unary(x);
	if (e_eat(x, "(")) {
		v = e_cond(x);
		if (!e_eat(x, ")"))
			cpp_error(x->c, "missing ')' in #if");
		return v;
	}
	if (isdigit((unsigned char)*x->p)) {
		v = (int64_t)strtoull(x->p, &end, 0);
		x->p = end;
		while (*x->p == 'u' || *x->p == 'U' || *x->p == 'l' || *x->p == 'L')
			x->p++;
		return v;
	}
	if (ident_start((unsigned char)*x->p)) {
		/* A name no macro replaced is 0, as in C. */
		x->p += ident_len(x->p, x->p + strlen(x->p));
		return 0;
	}
	cpp_error(x->c, "invalid expression in #if");
	return 0;
}

static int64_t e_binary(struct expr *x, int level)
{
	static const char *const ops[][5] = {
		{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
		{ "<=", ">=", "<", ">" }, { "<<", ">>" }, { "+", "-" },
		{ "*", "/", "%" },
	};
	int64_t a, b;
	int i;

	if (level == (int)ARRAY_SIZE(ops))
		return e_unary(x);
	a = e_binary(x, level + 1);
	for (;;) {
		const char *op = NULL;

		for (i = 0; i < 5 && ops[level][i]; i++)
			if (e_eat(x, ops[level][i])) {
				op = ops[level][i];
				break;
			}
		if (!op || x->c->failed)
			return a;
		b = e_binary(x, level + 1);
		if (!strcmp(op, "||")) a = a || b;
		else if (!strcmp(op, "&&")) a = a && b;
		else if (!strcmp(op, "|")) a |= b;
		else if (!strcmp(op, "^")) a ^= b;
		else if (!strcmp(op, "&")) a &= b;
		else if (!strcmp(op, "==")) a = a == b;
		else if (!strcmp(op, "!=")) a = a != b;
		else if (!strcmp(op, "<=")) a = a <= b;
		else if (!strcmp(op, ">=")) a = a >= b;
		else if (!strcmp(op, "<")) a = a < b;
		else if (!strcmp(op, ">")) a = a > b;
		else if (!strcmp(op, "<<")) a = (int64_t)((uint64_t)a << (b & 63));
		else if (!strcmp(op, ">>")) a >>= (b & 63);
		else if (!strcmp(op, "+")) a = (int64_t)((uint64_t)a + (uint64_t)b);
		else if (!strcmp(op, "-")) a = (int64_t)((uint64_t)a - (uint64_t)b);
		else if (!strcmp(op, "*")) a = (int64_t)((uint64_t)a * (uint64_t)b);
		else if (b == 0 || (a == INT64_MIN && b == -1)) {
			cpp_error(x->c, "division by zero in #if");
			return 0;
		} else if (!strcmp(op, "/")) a /= b;
		else a %= b;
	}
}

static int64_t e_cond(struct expr *x)
{
	int64_t c = e_binary(x, 0), a, b;

	if (!e_eat(x, "?"))
		return c;
	a = e_cond(x);
	if (!e_eat(x, ":"))
		cpp_error(x->c, "missing ':' in #if");
	b = e_cond(x);
	return c ? a : b;
}

/* Evaluates the condition of #if or #elif in [p, e). */
static bool condition(struct cpp *c, const char *p, const char *e)
{
	const struct macro *active[CPP_MAX_EXPAND];
	struct buf d = { 0 }, x = { 0 };
	struct expr ex = { c, NULL };
	bool no = false, ret;

	/* defined(NAME) and defined NAME are decided before expansion. */
	while (p < e) {
		size_t l = ident_len(p, e);

		if (l == 7 && !strncmp(p, "defined", 7)) {
			const char *q = skip_blank(p + 7, e);
			bool paren = q < e && *q == '(';
			size_t nl;

			if (paren)
				q = skip_blank(q + 1, e);
			nl = ident_len(q, e);
			if (!nl) {
				cpp_error(c, "defined() needs a macro name");
				break;
			}
			buf_put(&d, find(c, q, nl) ? "1" : "0", 1);
			q = skip_blank(q + nl, e);
			if (paren) {
				if (q == e || *q != ')') {
					cpp_error(c, "missing ')' after defined");
					break;
				}
				q++;
			}
			p = q;
		} else if (l) {
			buf_put(&d, p, l);
			p += l;
		} else {
			buf_put(&d, p, 1);
			p++;
		}
	}
	buf_put(&d, "", 1);
	if (!c->failed)
		expand(c, d.p, d.p + strlen(d.p), &x, active, 0, &no);
	buf_put(&x, "", 1);
	ex.p = x.p;
	ret = !c->failed && e_cond(&ex) != 0;
	e_space(&ex);
	if (!c->failed && *ex.p)
		cpp_error(c, "unexpected '%c' in #if", *ex.p);
	buf_free(&d);
	buf_free(&x);
	return ret;
}

/* True if dir/name is readable; its path in *pathp (to free) if so. */
static bool file_exists(const char *dir, const char *name, size_t len,
			char **pathp)
{
	char *path = xasprintf("%s/%.*s", dir, (int)len, name);
	bool ok = !access(path, R_OK);

	if (ok && pathp) {
		free(*pathp);
		*pathp = path;
	} else {
		free(path);
	}
	return ok;
}

static void run_text(struct cpp *c, struct buf *out);

/*
 * A header's preprocessed text on the one line of its #include, so that
 * the line numbers of the text after it stay true: its newlines become
 * blanks and its "//" comments are left out.
 */
static void put_flat(struct buf *out, const char *s)
{
	bool str = false;
	char q = 0;

	for (; *s; s++) {
		if (str) {
			if (*s == '\\' && s[1] && s[1] != '\n') {
				buf_put(out, s++, 2);
				continue;
			}
			str = *s != q;
		} else if (*s == '"' || *s == '\'') {
			str = true;
			q = *s;
		} else if (s[0] == '/' && s[1] == '/') {
			s += strcspn(s, "\n");
			if (!*s)
				break;
		}
		buf_put(out, *s == '\n' ? " " : s, 1);
	}
}

/* Reads and preprocesses the header at path into out (see put_flat). */
static void read_header(struct cpp *c, char *path, struct buf *out)
{
	const struct source *src = c->src;
	struct loc loc = c->loc;
	struct source h = { .name = path };
	struct buf text = { 0 };
	char *data;

	if (c->includes == CPP_MAX_INCLUDES) {
		cpp_error(c, "#include nested more than %d deep", CPP_MAX_INCLUDES);
		return;
	}
	data = util_read_file(path, NULL);
	if (!data) {
		cpp_error(c, "cannot read '%s': %s", path, strerror(errno));
		return;
	}
	h.text = data;
	c->src = &h;
	c->includes++;
	run_text(c, &text);
	c->includes--;
	c->src = src;
	c->loc = loc;
	if (!c->failed && text.p) {
		buf_put(&text, "", 1);
		put_flat(out, text.p);
	}
	buf_free(&text);
	free(data);
}

/*
 * #include <name> or "name": the header must exist (the script's own
 * directory first for "name", then -I, then the system's), as clang
 * insists in bpftrace.  A system header is not read: its types come
 * from BTF.  With o->d_cpp, any other header is read
 * and preprocessed in place, its macros defined for the text after it.
 */
static void include(struct cpp *c, const char *p, const char *e,
		    struct buf *out)
{
	char close, *dir = NULL, *path = NULL;
	const char *name, *end;
	size_t i, len;
	bool found = false;

	p = skip_blank(p, e);
	if (p == e || (*p != '<' && *p != '"')) {
		cpp_error(c, "#include expects \"FILENAME\" or <FILENAME>");
		return;
	}
	close = *p == '<' ? '>' : '"';
	name = p + 1;
	end = memchr(name, close, e - name);
	if (!end || end == name) {
		cpp_error(c, "#include expects \"FILENAME\" or <FILENAME>");
		return;
	}
	len = end - name;
	if (name[0] == '/') {
		path = xstrndup(name, len);
		found = !access(path, R_OK);
		for (i = 0; found && i < ARRAY_SIZE(system_dirs); i++)
			if (!strncmp(path, system_dirs[i], strlen(system_dirs[i])))
				goto out;
	}
	if (!found && close == '"') {
		const char *slash = c->src->name ? strrchr(c->src->name, '/') : NULL;

		dir = slash ? xstrndup(c->src->name, slash - c->src->name) : xstrdup(".");
		found = file_exists(dir, name, len, &path);
		free(dir);
	}
	for (i = 0; !found && c->o && c->o->include_dirs && c->o->include_dirs[i]; i++)
		found = file_exists(c->o->include_dirs[i], name, len, &path);
	if (found && c->o && c->o->d_cpp)
		read_header(c, path, out);
	for (i = 0; !found && i < ARRAY_SIZE(system_dirs); i++)
		found = file_exists(system_dirs[i], name, len, NULL);
	if (!found)
		cpp_error(c, "'%.*s' file not found", (int)len, name);
out:
	free(path);
}

/* Preprocesses c->src's text into out; its conditionals its own. */
static void run_text(struct cpp *c, struct buf *out)
{
	const struct macro *stack[CPP_MAX_EXPAND];
	bool active[CPP_MAX_DEPTH + 1] = { true }, done[CPP_MAX_DEPTH + 1] = { true };
	bool seen_else[CPP_MAX_DEPTH + 1] = { false };
	const struct source *src = c->src;
	const struct cpp_opts *o = c->o;
	const char *line = src->text, *end;
	bool comment = false;
	int depth = 0, i;

	c->loc = (struct loc){ .line = 1 };
	for (; *line && !c->failed; line = *end ? end + 1 : end, c->loc.line++) {
		const char *p = line, *w, *e;
		struct buf joined = { 0 };
		size_t wl;
		int extra = 0;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		p = skip_blank(line, end);
		if (comment || p == end || *p != '#' ||
		    (c->loc.line == 1 && p[1] == '!')) {
			if (active[depth])
				expand(c, line, end, out, stack, 0, &comment);
			if (*end)
				buf_put(out, "\n", 1);
			continue;
		}
		/* A directive, with its continued lines. */
		while (end > line && end[-1] == '\\' && *end) {
			buf_put(&joined, p, end - 1 - p);
			p = end + 1;
			end = strchr(p, '\n');
			if (!end)
				end = p + strlen(p);
			extra++;
		}
		buf_put(&joined, p, end - p);
		buf_put(&joined, "", 1);
		p = skip_blank(joined.p + 1, joined.p + strlen(joined.p));
		e = joined.p + strlen(joined.p);
		w = p;
		wl = ident_len(p, e);
		p = skip_blank(p + wl, e);
		c->loc.col = (int)(skip_blank(line, end) - line) + 1;
		c->loc.len = (int)wl + 1;
		if ((wl == 5 && !strncmp(w, "ifdef", 5)) ||
		    (wl == 6 && !strncmp(w, "ifndef", 6)) ||
		    (wl == 2 && !strncmp(w, "if", 2))) {
			bool v;

			if (depth == CPP_MAX_DEPTH) {
				cpp_error(c, "#if nesting is too deep");
				goto next;
			}
			if (wl == 2)
				v = active[depth] && condition(c, p, e);
			else
				v = (find(c, p, ident_len(p, e)) != NULL) == (wl == 5);
			depth++;
			seen_else[depth] = false;
			active[depth] = active[depth - 1] && v;
			done[depth] = active[depth];
		} else if (wl == 4 && !strncmp(w, "elif", 4)) {
			if (!depth || seen_else[depth]) {
				cpp_error(c, "#elif without #if");
				goto next;
			}
			active[depth] = active[depth - 1] && !done[depth] &&
					condition(c, p, e);
			done[depth] |= active[depth];
		} else if (wl == 4 && !strncmp(w, "else", 4)) {
			if (!depth || seen_else[depth]) {
				cpp_error(c, "#else without #if");
				goto next;
			}
			seen_else[depth] = true;
			active[depth] = active[depth - 1] && !done[depth];
			done[depth] = true;
		} else if (wl == 5 && !strncmp(w, "endif", 5)) {
			if (!depth) {
				cpp_error(c, "#endif without #if");
				goto next;
			}
			depth--;
		} else if (!active[depth]) {
			/* Skipped: other directives are not even read. */
		} else if (wl == 6 && !strncmp(w, "define", 6)) {
			define(c, p, e);
		} else if (wl == 5 && !strncmp(w, "undef", 5)) {
			undef(c, p, ident_len(p, e));
		} else if (wl == 7 && !strncmp(w, "include", 7)) {
			include(c, p, e, out);
		} else if (wl == 5 && !strncmp(w, "error", 5)) {
			cpp_error(c, "#error %s", p);
		} else if ((wl == 7 && !strncmp(w, "warning", 7)) ||
			   (wl == 6 && !strncmp(w, "pragma", 6)) || wl == 0) {
			if (wl == 7)
				diag_warn(src, &c->loc, "#warning %s", p);
			/* As cpp passes them on, for the compiler after it. */
			else if (wl == 6 && o && o->keep_pragmas)
				buf_put(out, joined.p, strlen(joined.p));
		} else {
			cpp_error(c, "invalid preprocessing directive '#%.*s'", (int)wl, w);
		}
next:
		buf_free(&joined);
		for (i = 0; i < extra; i++)
			buf_put(out, "\n", 1);
		if (*end)
			buf_put(out, "\n", 1);
		c->loc.line += extra;
	}
	if (!c->failed && depth) {
		c->loc.col = 1;
		c->loc.len = 1;
		c->loc.line--;
		cpp_error(c, "unterminated conditional directive (#if without #endif)");
	}
}

char *cpp_run(const struct source *src, const struct cpp_opts *o)
{
	struct cpp c = { .src = src, .o = o };
	struct buf out = { 0 };
	int i;

	c.loc.line = 1;
	for (i = 0; o && o->defines && o->defines[i]; i++) {
		char *d = xstrdup(o->defines[i]), *eq = strchr(d, '=');

		/* NAME=VALUE, as cc -D takes it: #define NAME VALUE */
		if (eq)
			*eq = ' ';
		define(&c, d, d + strlen(d));
		free(d);
	}
	if (!c.failed)
		run_text(&c, &out);
	for (i = 0; i < c.nmacros; i++)
		macro_free(&c.macros[i]);
	free(c.macros);
	if (c.failed) {
		buf_free(&out);
		return NULL;
	}
	buf_put(&out, "", 1);
	return out.p;
}
