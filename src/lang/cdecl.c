/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C definitions in a script.
 *
 *   definition  = "typedef" type declarator {"," declarator} ";"
 *               | ("struct" | "union") [NAME] "{" {member} "}" [";"]
 *               | "enum" [NAME] "{" enumerator {"," enumerator} [","] "}" [";"]
 *               | ("struct" | "union" | "enum") NAME ";"
 *   member      = type [declarator {"," declarator}] ";"
 *   declarator  = {"*"} (NAME | "(" "*" NAME ")" "(" ... ")") {"[" INT "]"}
 *                 [":" INT]
 *   type        = {qualifier} (record | enum | C integer words | typedef name)
 *   enumerator  = NAME ["=" integer constant expression]
 *
 * Layout follows the x86-64 System V ABI as gcc implements it: members at
 * their natural alignment, a bitfield in the next bits unless it would
 * straddle a unit of its declared type, a zero-width bitfield closing the
 * unit, unions overlaid at offset 0, sizes rounded to the alignment.
 *
 * D's definitions are laid out as dtrace's CTF container lays them out
 * (libctf's members at their "natural alignment"): each member starts on
 * the first byte after the last one's bits, rounded up to its alignment;
 * a bitfield is an integer of the next power of two bytes that hold its
 * bits, aligned to that size; a zero-width one is ignored; a struct ends
 * where its last member does, with no padding after it, and is aligned
 * as its first member; a union is as large as its largest member.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cdecl.h"
#include "types.h"
#include "../util.h"

#define MAX_NESTING 32

/* What place() was given for one member, to place it again. */
struct placed {
	char *name;
	struct type *type;
	char *ctype;
	int bits;
	bool bitfield;
};

/*
 * D's records that hold a string member (t->dstring), in the order they
 * were completed, so that one a member holds is laid out before it, and
 * their members as placed; and D's string member types.
 */
struct relayout {
	struct type *t;
	struct placed *m;
	int n;
};

static struct relayout *relayouts;
static int nrelayouts;
static struct type **dstrings;
static int ndstrings;
static int dstring_size = 256;

struct cparser {
	struct lexer *lx;
	struct token *tok;
	bool failed;
	struct type *open[MAX_NESTING];	/* records being defined, outermost first */
	int nopen;
	bool d;			/* for D: DTrace's error texts, stop at the end */
	/*
	 * The type parse_type() read last, and with the declarator
	 * parse_declarator() read last, spelled as CTF names them.
	 */
	char spell[128], dspell[160];
	struct type *defined;	/* parse_definition(): the struct, union or
				 * enum defined (not a typedef's) */
};

static int cp_error(struct cparser *c, const struct loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int cp_error(struct cparser *c, const struct loc *loc, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (c->failed)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(c->lx->src, loc, "%s", msg);
	c->failed = true;
	return -EINVAL;
}

static int cp_next(struct cparser *c)
{
	lex_token_free(c->tok);
	if (lex_next(c->lx, c->tok) < 0) {
		c->failed = true;
		return -EINVAL;
	}
	return 0;
}

static bool is_word(const struct cparser *c, const char *w)
{
	return c->tok->kind == T_IDENT && !strcmp(c->tok->str, w);
}

/* D words every syntax error so: the token as written. */
static int d_syntax(struct cparser *c)
{
	int len = c->tok->len;

	if (c->tok->kind == T_EOF)
		return cp_error(c, &c->tok->loc, "[D_SYNTAX] syntax error near end of input");
	/*
	 * dtrace's lexer looks past a name it does not know, which leaves
	 * the text of the error running on to the end of the line.
	 */
	if (c->tok->kind == T_IDENT && !type_defined(NULL, c->tok->str))
		len = (int)strcspn(c->tok->start, "\n");
	return cp_error(c, &c->tok->loc, "[D_SYNTAX] syntax error near \"%.*s\"",
			len, c->tok->start);
}

static int cp_expect(struct cparser *c, enum token_kind k, const char *what)
{
	if (c->tok->kind != k && c->d)
		return d_syntax(c);
	if (c->tok->kind != k)
		return cp_error(c, &c->tok->loc,
				"syntax error: unexpected %s in a C definition, expecting %s",
				lex_token_name(c->tok->kind), what);
	return cp_next(c);
}

bool cdecl_starts(const char *word)
{
	return !strcmp(word, "struct") || !strcmp(word, "union") ||
	       !strcmp(word, "enum") || !strcmp(word, "typedef");
}

static bool is_qualifier(const struct cparser *c)
{
	return is_word(c, "const") || is_word(c, "volatile") ||
	       is_word(c, "restrict") || is_word(c, "__restrict");
}

/* "char" alone: a 1-byte signed integer whose arrays are strings. */
static struct type *char_type(void)
{
	struct type *t = type_new();

	t->kind = TY_INT;
	t->size = 1;
	t->is_signed = true;
	t->name = xstrdup("char");
	return t;
}

/* C integer words in any order: "unsigned long long int", "short", ... */
static struct type *int_words(struct cparser *c)
{
	struct loc loc = c->tok->loc;
	int sign = 0, chr = 0, shrt = 0, lng = 0, integer = 0, boolean = 0;

	for (;;) {
		if (is_word(c, "signed") || is_word(c, "__signed__"))
			sign = 1;
		else if (is_word(c, "unsigned"))
			sign = -1;
		else if (is_word(c, "char"))
			chr = 1;
		else if (is_word(c, "short"))
			shrt = 1;
		else if (is_word(c, "long"))
			lng++;
		else if (is_word(c, "int"))
			integer = 1;
		else if (is_word(c, "_Bool"))
			boolean = 2;
		else if (is_word(c, "bool"))
			boolean = 1;
		else if (!is_qualifier(c))
			break;
		if (cp_next(c))
			return NULL;
	}
	/* D: "long double", a floating-point type as "double" is */
	if (c->d && lng == 1 && !sign && !chr && !shrt && !integer &&
	    !boolean && is_word(c, "double")) {
		snprintf(c->spell, sizeof(c->spell), "long double");
		return cp_next(c) ? NULL : type_c_float("long double");
	}
	snprintf(c->spell, sizeof(c->spell), "%s%s", sign < 0 ? "unsigned " :
		 sign > 0 && chr ? "signed " : "",
		 chr ? "char" : shrt ? "short" : lng > 1 ? "long long" :
		 lng ? "long" : "int");
	if (boolean) {
		snprintf(c->spell, sizeof(c->spell), "%s", boolean > 1 ? "_Bool" : "bool");
		return type_int(1, false);
	}
	if (chr) {
		if (!sign)
			return char_type();
		return type_int(1, sign > 0);
	}
	if (shrt)
		return type_int(2, sign >= 0);
	if (lng > 2) {
		cp_error(c, &loc, "too many 'long's in a C type");
		return NULL;
	}
	if (lng)
		return type_int(8, sign >= 0);
	return type_int(4, sign >= 0);
}

static bool at_int_word(const struct cparser *c)
{
	static const char *const words[] = {
		"signed", "__signed__", "unsigned", "char", "short", "long",
		"int", "_Bool", "bool",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (is_word(c, words[i]))
			return true;
	return false;
}

static struct type *parse_type(struct cparser *c, bool top);
static int parse_declarator(struct cparser *c, struct type *base,
			    struct type **out, char **name, int *bits,
			    struct loc *loc);

/* A struct or union named tag/name, made empty if not seen yet. */
static struct type *record_named(const char *tag, const char *name)
{
	struct type *t = type_defined(tag, name);

	if (t)
		return t;
	if (type_struct_named) {
		t = type_struct_named(name);
		if (t && t->is_union == !strcmp(tag, "union"))
			return t;
	}
	t = type_new();
	t->kind = TY_STRUCT;
	t->name = xstrdup(name);
	t->is_union = !strcmp(tag, "union");
	t->incomplete = true;
	t->align = 1;
	type_define(tag, name, t);
	return t;
}

struct layout {
	struct type *t;
	int bitpos;		/* struct: next free bit */
	int size;		/* union: largest member; D: struct's end */
	bool d;			/* dtrace's layout (above), not gcc's */
	int nplaced;		/* D: members placed so far */
};

static struct field *add_field(struct type *t)
{
	struct field *f;

	t->fields = xrealloc(t->fields, (t->nfields + 1) * sizeof(*t->fields));
	f = &t->fields[t->nfields++];
	memset(f, 0, sizeof(*f));
	return f;
}

/* Whether t holds a D string, itself, in a member or as an element. */
static bool holds_dstring(const struct type *t)
{
	while (t->kind == TY_ARRAY)
		t = t->elem;
	return (t->kind == TY_STR || t->kind == TY_STRUCT) && t->dstring;
}

static void place(struct layout *l, const char *name, struct type *ft,
		  const char *ctype, int bits, bool bitfield)
{
	struct type *t = l->t;
	int a = type_align(ft), unit = 8 * ft->size, off, bitoff = 0, i;
	int msize = ft->size;
	struct field *f;

	if (l->d) {
		/* a bitfield: its bits' bytes, rounded to a power of two */
		if (bitfield) {
			if (bits == 0)
				return;
			for (msize = 1; 8 * msize < bits; msize *= 2)
				;
			a = msize;
		}
		off = t->is_union ? 0 : ALIGN_UP((l->bitpos + 7) / 8, a);
		l->bitpos = 8 * off + (bitfield ? bits : 8 * msize);
		/* libctf: a struct ends where its last member does */
		if (!t->is_union || off + msize > l->size)
			l->size = off + msize;
		if (t->is_union ? a > t->align : !l->nplaced)
			t->align = a;
		l->nplaced++;
	} else if (bitfield) {
		if (!t->is_union) {
			if (bits == 0 ||
			    l->bitpos / unit != (l->bitpos + bits - 1) / unit)
				l->bitpos = ALIGN_UP(l->bitpos, unit);
			off = l->bitpos / 8;
			bitoff = l->bitpos % 8;
			l->bitpos += bits;
		} else {
			off = 0;
			if (ft->size > l->size)
				l->size = ft->size;
		}
		if (bits == 0 || !name)
			return;
	} else if (t->is_union) {
		off = 0;
		if (ft->size > l->size)
			l->size = ft->size;
	} else {
		l->bitpos = ALIGN_UP(l->bitpos, 8 * a);
		off = l->bitpos / 8;
		l->bitpos += 8 * ft->size;
	}
	if (a > t->align && !l->d)
		t->align = a;
	if (!name && ft->kind == TY_STRUCT) {
		/* An anonymous struct or union: its members are ours. */
		for (i = 0; i < ft->nfields; i++) {
			f = add_field(t);
			*f = ft->fields[i];
			f->name = xstrdup(ft->fields[i].name);
			if (f->ctype)
				f->ctype = xstrdup(f->ctype);
			f->offset += off;
		}
		return;
	}
	f = add_field(t);
	f->name = xstrdup(name ? name : "");
	f->ctype = ctype ? xstrdup(ctype) : NULL;
	f->type = ft;
	f->offset = off;
	f->size = msize;
	if (bitfield) {
		f->bitoff = bitoff;
		f->bits = bits;
	}
}

/*
 * Why member name of type ft (a bitfield of bits, if >= 0) of open, the
 * struct or union being defined, is refused.
 */
static void member_error(struct cparser *c, const struct loc *loc,
			 const struct type *ft, const char *name, int bits,
			 const struct type *open)
{

	if (!name && bits < 0)
		cp_error(c, loc, c->d ? "[D_DECL_MNAME] member declaration requires a name" :
			 "expected a member name");
	else if (ft->kind == TY_NONE && c->d)
		cp_error(c, loc, "[D_DECL_VOIDOBJ] cannot have void member: %s",
			 name ? name : "(anon)");
	else if (ft->kind == TY_NONE)
		cp_error(c, loc, "field has type void");
	/*
	 * dtrace names a union's forward declaration a struct, and the
	 * union being defined a union.
	 */
	else if (ft->kind == TY_STRUCT && ft->incomplete && c->d)
		cp_error(c, loc, "[D_DECL_INCOMPLETE] incomplete struct/union/enum %s %s: %s",
			 ft == open && ft->is_union ? "union" : "struct",
			 ft->name, name ? name : "(anon)");
	else if (ft->kind == TY_STRUCT && ft->incomplete)
		cp_error(c, loc, "field has incomplete type 'struct %s'", ft->name);
	else if (c->d && ft->kind != TY_INT)
		cp_error(c, loc, "[D_DECL_BFTYPE] invalid type for bit-field: %s",
			 name ? name : "(anon)");
	else if (c->d)
		cp_error(c, loc, "[D_DECL_BFSIZE] bit-field too big for type: %s",
			 name ? name : "(anon)");
	else
		cp_error(c, loc, "invalid bitfield width %d for a field of %d bytes",
			 bits, ft->size);
}

static void remember(struct relayout *m, const char *name, struct type *ft,
		     const char *ctype, int bits, bool bitfield)
{
	struct placed *pl;

	m->m = xrealloc(m->m, (m->n + 1) * sizeof(*m->m));
	pl = &m->m[m->n++];
	pl->name = name ? xstrdup(name) : NULL;
	pl->type = ft;
	pl->ctype = ctype ? xstrdup(ctype) : NULL;
	pl->bits = bits;
	pl->bitfield = bitfield;
	if (holds_dstring(ft))
		m->t->dstring = true;
}

/* Whether a member of m so far is named name. */
static bool member_named(const struct relayout *m, const char *name)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->m[i].name && !strcmp(m->m[i].name, name))
			return true;
	return false;
}

static void forget(struct relayout *m)
{
	int i;

	for (i = 0; i < m->n; i++) {
		free(m->m[i].name);
		free(m->m[i].ctype);
	}
	free(m->m);
}

/* t's size from its members as l placed them. */
static void close_layout(struct type *t, const struct layout *l)
{
	if (l->d)
		t->size = l->size;
	else if (t->is_union)
		t->size = ALIGN_UP(l->size, t->align);
	else
		t->size = ALIGN_UP((l->bitpos + 7) / 8, t->align);
}

static int members(struct cparser *c, struct type *t, bool top,
		   struct relayout *m);

/*
 * '{' members '}': the current token is '{'.  Leaves '}' current when
 * top.  A record of D's that holds a string is kept to lay out again.
 */
static int parse_members(struct cparser *c, struct type *t, bool top)
{
	struct relayout m = { .t = t };
	int err = members(c, t, top, &m);

	if (err || !t->dstring) {
		forget(&m);
		return err;
	}
	relayouts = xrealloc(relayouts, (nrelayouts + 1) * sizeof(*relayouts));
	relayouts[nrelayouts++] = m;
	return 0;
}

static int members(struct cparser *c, struct type *t, bool top,
		   struct relayout *m)
{
	struct layout l = { .t = t, .d = c->d };
	int i;

	for (i = 0; i < c->nopen; i++)
		if (c->open[i] == t)
			return cp_error(c, &c->tok->loc, c->d ?
					"[D_DECL_TYPERED] type redeclared: %s %s" :
					"nested redefinition of '%s %s'",
					t->is_union ? "union" : "struct", t->name);
	if (c->nopen == MAX_NESTING)
		return cp_error(c, &c->tok->loc,
				"C definitions nested more than %d deep", MAX_NESTING);
	c->open[c->nopen++] = t;
	t->align = 1;
	if (cp_next(c))
		return -EINVAL;
	while (c->tok->kind != T_RBRACE) {
		struct type *base, *ft;
		char *name = NULL;
		int bits = -1;
		struct loc loc;

		if (c->tok->kind == T_EOF && c->d)
			return d_syntax(c);
		if (c->tok->kind == T_EOF)
			return cp_error(c, &c->tok->loc,
					"syntax error: unexpected end of file in the definition of %s %s",
					t->is_union ? "union" : "struct", t->name);
		base = parse_type(c, false);
		if (!base)
			return -EINVAL;
		/* A kernel struct is read from BTF on first use. */
		if (base->kind == TY_STRUCT)
			type_complete(base);
		if (c->tok->kind == T_SEMI) {
			/*
			 * An anonymous struct or union defined right here
			 * lends us its members; "struct x;" declares nothing.
			 */
			if (base->kind != TY_STRUCT)
				return cp_error(c, &c->tok->loc, c->d ?
						"[D_DECL_MNAME] member declaration requires a name" :
						"declaration does not declare anything");
			if (!base->incomplete && base != t && base->name &&
			    !strcmp(base->name, "(anonymous)")) {
				place(&l, NULL, base, NULL, 0, false);
				remember(m, NULL, base, NULL, 0, false);
			}
		} else {
			for (;;) {
				char ctype[160];

				if (parse_declarator(c, base, &ft, &name, &bits, &loc))
					return -EINVAL;
				snprintf(ctype, sizeof(ctype), "%s", c->dspell);
				/* D: a function is no object, a member least of all */
				if (c->d && name && c->tok->kind == T_LPAREN) {
					cp_error(c, &loc, "[D_DECL_VOIDOBJ] cannot have void member: %s",
						 name);
					free(name);
					return -EINVAL;
				}
				if (ft->kind == TY_NONE || (ft->kind == TY_STRUCT &&
							       ft->incomplete) ||
				    (bits >= 0 && (ft->kind != TY_INT ||
						   bits > 8 * ft->size)) ||
				    (!name && bits < 0)) {
					member_error(c, &loc, ft, name, bits, t);
					free(name);
					return -EINVAL;
				}
				if (c->d && name && member_named(m, name)) {
					/* named where dtrace stands: the token after */
					loc.named_line = c->tok->loc.line;
					cp_error(c, &loc, "[D_UNKNOWN] failed to define member '%s': Duplicate member or variable name",
						 name);
					free(name);
					return -EINVAL;
				}
				place(&l, name, ft, ctype, bits < 0 ? 0 : bits,
				      bits >= 0);
				remember(m, name, ft, ctype, bits < 0 ? 0 : bits,
					 bits >= 0);
				free(name);
				name = NULL;
				if (c->tok->kind != T_COMMA)
					break;
				if (cp_next(c))
					return -EINVAL;
			}
		}
		if (cp_expect(c, T_SEMI, "';'"))
			return -EINVAL;
	}
	close_layout(t, &l);
	t->incomplete = false;
	c->nopen--;
	return top ? 0 : cp_next(c);
}

/* "struct" or "union", then [NAME] ['{' members '}']. */
static struct type *parse_record(struct cparser *c, bool top)
{
	const char *tag = is_word(c, "union") ? "union" : "struct";
	struct loc loc = c->tok->loc;
	struct type *t;

	if (cp_next(c))
		return NULL;
	if (c->tok->kind == T_IDENT) {
		char *name = xstrdup(c->tok->str);

		loc = c->tok->loc;
		if (cp_next(c)) {
			free(name);
			return NULL;
		}
		if (c->tok->kind == T_LBRACE) {
			t = type_defined(tag, name);
			if (t && !t->incomplete) {
				cp_error(c, &loc, c->d ? "[D_DECL_TYPERED] type redeclared: %s %s" :
					 "redefinition of '%s %s'", tag, name);
				free(name);
				return NULL;
			}
			if (!t) {
				t = type_new();
				t->kind = TY_STRUCT;
				t->name = xstrdup(name);
				t->is_union = !strcmp(tag, "union");
				t->incomplete = true;
				type_define(tag, name, t);
			}
		} else {
			t = record_named(tag, name);
		}
		free(name);
	} else if (c->tok->kind == T_LBRACE) {
		t = type_new();
		t->kind = TY_STRUCT;
		t->name = xstrdup("(anonymous)");
		t->is_union = !strcmp(tag, "union");
	} else {
		if (c->d)
			d_syntax(c);
		else
			cp_error(c, &c->tok->loc, "expected a name or '{' after '%s'", tag);
		return NULL;
	}
	if (c->tok->kind == T_LBRACE && parse_members(c, t, top))
		return NULL;
	return t;
}

/*
 * An enumerator's value: an integer constant expression of integers,
 * enumerators defined before, parentheses and C's unary and binary
 * integer operators, computed in 64 bits.
 */
static int const_expr(struct cparser *c, const char *e, int level, int64_t *v);

static int const_error(struct cparser *c, const char *e)
{
	if (c->d) {
		struct loc loc = c->tok->loc;

		/* dtrace names the line of the token that ends the enumerator */
		while (c->tok->kind != T_COMMA && c->tok->kind != T_RBRACE &&
		       c->tok->kind != T_SEMI && c->tok->kind != T_EOF &&
		       !cp_next(c))
			;
		c->failed = false;
		loc.named_line = c->tok->loc.line;
		return cp_error(c, &loc,
				"[D_DECL_ENCONST] enumerator '%s' must be assigned to an integral constant expression",
				e);
	}
	if (c->tok->kind == T_IDENT)
		return cp_error(c, &c->tok->loc, "use of undeclared identifier '%s'",
				c->tok->str);
	return cp_error(c, &c->tok->loc,
			"an enumerator's value must be an integer constant");
}

static int const_unary(struct cparser *c, const char *e, int64_t *v)
{
	enum token_kind op = c->tok->kind;

	switch (op) {
	case T_MINUS:
	case T_PLUS:
	case T_TILDE:
	case T_NOT:
		if (cp_next(c) || const_unary(c, e, v))
			return -EINVAL;
		*v = op == T_MINUS ? (int64_t)-(uint64_t)*v : op == T_TILDE ? ~*v :
		     op == T_NOT ? !*v : *v;
		return 0;
	case T_LPAREN:
		if (cp_next(c) || const_expr(c, e, 0, v))
			return -EINVAL;
		return cp_expect(c, T_RPAREN, "')'");
	case T_INT:
		*v = (int64_t)c->tok->ival;
		return cp_next(c);
	case T_IDENT:
		if (type_const(c->tok->str, v))
			return const_error(c, e);
		return cp_next(c);
	default:
		return const_error(c, e);
	}
}

/* Binary operators by level, loosest first. */
static const enum token_kind const_ops[][3] = {
	{ T_PIPE }, { T_CARET }, { T_AMP }, { T_SHL, T_SHR },
	{ T_PLUS, T_MINUS }, { T_STAR, T_SLASH, T_PERCENT },
};

static int const_expr(struct cparser *c, const char *e, int level, int64_t *v)
{
	enum token_kind op;
	struct loc loc;
	int64_t r;
	int i;

	if (level == (int)ARRAY_SIZE(const_ops))
		return const_unary(c, e, v);
	if (const_expr(c, e, level + 1, v))
		return -EINVAL;
	for (;;) {
		op = c->tok->kind;
		for (i = 0; i < 3 && const_ops[level][i] != op; i++)
			;
		if (i == 3 || op == T_EOF)
			return 0;
		loc = c->tok->loc;
		if (cp_next(c) || const_expr(c, e, level + 1, &r))
			return -EINVAL;
		if ((op == T_SLASH || op == T_PERCENT) && r == 0)
			return cp_error(c, &loc, "division by zero in the value of '%s'", e);
		switch (op) {
		case T_PIPE: *v |= r; break;
		case T_CARET: *v ^= r; break;
		case T_AMP: *v &= r; break;
		case T_SHL: *v = r >= 0 && r < 64 ? (int64_t)((uint64_t)*v << r) : 0; break;
		case T_SHR: *v = r >= 0 && r < 64 ? *v >> r : 0; break;
		case T_PLUS: *v = (int64_t)((uint64_t)*v + (uint64_t)r); break;
		case T_MINUS: *v = (int64_t)((uint64_t)*v - (uint64_t)r); break;
		case T_STAR: *v = (int64_t)((uint64_t)*v * (uint64_t)r); break;
		case T_SLASH: *v = r == -1 ? (int64_t)-(uint64_t)*v : *v / r; break;
		default: *v = r == -1 ? 0 : *v % r; break;
		}
	}
}

static int enum_value(struct cparser *c, const char *e, int64_t *v)
{
	return const_expr(c, e, 0, v);
}

/* "enum" [NAME] ['{' enumerators '}']: a 4-byte integer. */
/* Whether names (char *) holds name. */
static bool enum_named(const struct vec *names, const char *name)
{
	int i;

	for (i = 0; i < names->n; i++)
		if (!strcmp(names->v[i], name))
			return true;
	return false;
}


static struct type *parse_enum(struct cparser *c, bool top)
{
	struct vec seen = { 0 };	/* this enum's enumerators */
	struct type *t;
	char *name = NULL;
	int64_t next_val = 0;
	bool neg = false;

	if (cp_next(c))
		return NULL;
	if (c->tok->kind == T_IDENT) {
		name = xstrdup(c->tok->str);
		if (cp_next(c))
			goto err;
	}
	snprintf(c->spell, sizeof(c->spell), "enum%s%s", name ? " " : "",
		 name ? name : "");
	if (c->tok->kind != T_LBRACE) {
		t = name ? type_defined("enum", name) : NULL;
		free(name);
		return t ? t : type_int(4, false);
	}
	if (cp_next(c))
		goto err;
	while (c->tok->kind != T_RBRACE) {
		struct loc loc = c->tok->loc;
		char *e;

		if (c->tok->kind != T_IDENT) {
			if (c->d)
				d_syntax(c);
			else
				cp_error(c, &loc, "expected an enumerator name");
			goto err;
		}
		e = xstrdup(c->tok->str);
		if (cp_next(c)) {
			free(e);
			goto err;
		}
		if (c->tok->kind == T_ASSIGN &&
		    (cp_next(c) || enum_value(c, e, &next_val))) {
			free(e);
			goto err;
		}
		/*
		 * D checks an enumerator once it has read the token after it,
		 * and names that token's line.
		 */
		loc.named_line = c->d ? c->tok->loc.line : 0;
		if (c->d && (next_val > INT32_MAX || next_val < INT32_MIN)) {
			cp_error(c, &loc, "[D_DECL_ENOFLOW] enumerator '%s' value overflows INT_MAX (2147483647)",
				 e);
			free(e);
			goto err;
		}
		if (c->d && enum_named(&seen, e)) {
			cp_error(c, &loc, "[D_UNKNOWN] failed to define enumerator '%s': Duplicate member or variable name",
				 e);
			free(e);
			goto err;
		}
		if (type_define_enumerator(name, e, next_val)) {
			cp_error(c, &loc, c->d ? "[D_DECL_IDRED] identifier redeclared: %s" :
				 "redefinition of enumerator '%s'", e);
			free(e);
			goto err;
		}
		vec_push(&seen, e);
		neg |= next_val < 0;
		next_val++;
		if (c->tok->kind == T_COMMA) {
			if (cp_next(c))
				goto err;
		} else if (c->tok->kind != T_RBRACE) {
			cp_expect(c, T_RBRACE, "',' or '}'");
			goto err;
		}
	}
	t = type_int(4, neg);
	if (name && type_define("enum", name, t)) {
		cp_error(c, &c->tok->loc, c->d ? "[D_DECL_TYPERED] type redeclared: enum %s" :
			 "redefinition of 'enum %s'", name);
		goto err;
	}
	free(name);
	vec_free_all(&seen);
	if (!top && cp_next(c))
		return NULL;
	return t;
err:
	free(name);
	vec_free_all(&seen);
	return NULL;
}

static struct type *parse_type(struct cparser *c, bool top)
{
	struct type *t = NULL;

	while (is_qualifier(c))
		if (cp_next(c))
			return NULL;
	if (is_word(c, "struct") || is_word(c, "union")) {
		bool u = is_word(c, "union");

		t = parse_record(c, top);
		if (t)
			snprintf(c->spell, sizeof(c->spell), "%s%s%s",
				 u ? "union" : "struct",
				 strcmp(t->name, "(anonymous)") ? " " : "",
				 strcmp(t->name, "(anonymous)") ? t->name : "");
	} else if (is_word(c, "enum"))
		t = parse_enum(c, top);
	else if (at_int_word(c))
		return int_words(c);
	else if (is_word(c, "void")) {
		/* Only behind a '*': see parse_declarator. */
		t = type_simple(TY_NONE);
		snprintf(c->spell, sizeof(c->spell), "void");
		if (cp_next(c))
			return NULL;
	}
	else if (c->d && is_word(c, "string")) {
		/* Laid out again by cdecl_strsize(). */
		t = type_new();
		t->kind = TY_STR;
		t->size = dstring_size;
		t->dstring = true;
		dstrings = xrealloc(dstrings, (ndstrings + 1) * sizeof(*dstrings));
		dstrings[ndstrings++] = t;
		snprintf(c->spell, sizeof(c->spell), "string");
		if (cp_next(c))
			return NULL;
	}
	else if (c->d && (is_word(c, "float") || is_word(c, "double"))) {
		/* D declares them (kernel structs hold them); no operator takes one */
		t = type_c_float(c->tok->str);
		snprintf(c->spell, sizeof(c->spell), "%s", c->tok->str);
		if (!t || cp_next(c))
			return NULL;
	} else if (is_word(c, "float") || is_word(c, "double")) {
		cp_error(c, &c->tok->loc, "floating-point types are not supported");
		return NULL;
	} else if (c->tok->kind == T_IDENT) {
		t = type_int_named(c->tok->str, false);
		if (!t)
			t = type_defined(NULL, c->tok->str);
		if (!t && type_typedef_hook)
			t = type_typedef_hook(c->tok->str);
		if (!t) {
			/*
			 * D's grammar takes an unknown name for the
			 * declarator, so a name after it is the error.
			 */
			if (c->d) {
				struct loc at = c->tok->loc;
				const char *s = c->tok->start;

				if (cp_next(c))
					return NULL;
				if (c->tok->kind == T_IDENT)
					d_syntax(c);
				else
					cp_error(c, &at, "[D_SYNTAX] syntax error near \"%.*s\"",
						 (int)strcspn(s, "\n"), s);
			} else
				cp_error(c, &c->tok->loc, "unknown type name '%s'", c->tok->str);
			return NULL;
		}
		snprintf(c->spell, sizeof(c->spell), "%s", c->tok->str);
		if (cp_next(c))
			return NULL;
	} else {
		if (c->d)
			d_syntax(c);
		else
			cp_error(c, &c->tok->loc, "syntax error: unexpected %s, expecting a type",
				 lex_token_name(c->tok->kind));
		return NULL;
	}
	if (!t)
		return NULL;
	if (!top)
		while (is_qualifier(c))
			if (cp_next(c))
				return NULL;
	return t;
}

/* Skips a parenthesised parameter list; the current token is '('. */
static int skip_parens(struct cparser *c)
{
	int depth = 0;

	do {
		if (c->tok->kind == T_LPAREN)
			depth++;
		else if (c->tok->kind == T_RPAREN)
			depth--;
		else if (c->tok->kind == T_EOF)
			return cp_error(c, &c->tok->loc, "unterminated parameter list");
		if (cp_next(c))
			return -EINVAL;
	} while (depth > 0);
	return 0;
}

#define MAX_DIMS 8

static int parse_declarator(struct cparser *c, struct type *base,
			    struct type **out, char **name, int *bits,
			    struct loc *loc)
{
	struct type *t = base;
	int dims[MAX_DIMS], ndims = 0;

	int stars = 0, i;
	size_t n;

	*name = NULL;
	*bits = -1;
	*loc = c->tok->loc;
	while (c->tok->kind == T_STAR || is_qualifier(c)) {
		if (c->tok->kind == T_STAR) {
			t = type_ptr(t->kind == TY_NONE ? NULL : t);
			stars++;
		}
		if (cp_next(c))
			return -EINVAL;
	}
	snprintf(c->dspell, sizeof(c->dspell), "%s%s%.*s", c->spell,
		 stars ? " " : "", stars, "****************");
	if (c->tok->kind == T_LPAREN) {
		/* A function pointer: only its size matters here. */
		if (cp_next(c) || cp_expect(c, T_STAR, "'*'"))
			return -EINVAL;
		if (c->tok->kind != T_IDENT)
			return cp_error(c, &c->tok->loc, "expected a member name");
		*loc = c->tok->loc;
		*name = xstrdup(c->tok->str);
		if (cp_next(c))
			goto err;
		/* an array of them: (*name[N]) */
		while (c->tok->kind == T_LBRACKET) {
			if (cp_next(c) || c->tok->kind != T_INT ||
			    c->tok->ival < 1 || c->tok->ival > 1 << 20) {
				cp_error(c, &c->tok->loc, c->d ?
					 "[D_DECL_ARRSUB] positive integral constant expression expected as array size" :
					 "an array size must be an integer constant");
				goto err;
			}
			if (ndims == MAX_DIMS - 1) {
				cp_error(c, &c->tok->loc, "arrays of more than %d dimensions are not supported",
					 MAX_DIMS - 1);
				goto err;
			}
			dims[ndims++] = (int)c->tok->ival;
			if (cp_next(c) || cp_expect(c, T_RBRACKET, "']'"))
				goto err;
		}
		if (cp_expect(c, T_RPAREN, "')'") ||
		    (c->tok->kind == T_LPAREN && skip_parens(c)))
			goto err;
		n = strlen(c->dspell);
		snprintf(c->dspell + n, sizeof(c->dspell) - n, " (*");
		for (i = 0; i < ndims; i++) {
			n = strlen(c->dspell);
			snprintf(c->dspell + n, sizeof(c->dspell) - n, "[%d]", dims[i]);
		}
		n = strlen(c->dspell);
		snprintf(c->dspell + n, sizeof(c->dspell) - n, ")()");
		t = type_ptr(NULL);
		while (ndims > 0)
			t = type_array(t, dims[--ndims]);
		*out = t;
		return 0;
	}
	if (c->tok->kind == T_IDENT) {
		*loc = c->tok->loc;
		*name = xstrdup(c->tok->str);
		if (cp_next(c))
			goto err;
	}
	while (c->tok->kind == T_LBRACKET) {
		if (cp_next(c))
			goto err;
		if (c->tok->kind == T_RBRACKET) {
			dims[ndims] = 0;	/* a flexible array member */
		} else if (c->tok->kind != T_INT || c->tok->ival > 1 << 20) {
			cp_error(c, &c->tok->loc, c->d ?
				 "[D_DECL_ARRSUB] positive integral constant expression expected as array size" :
				 "an array size must be an integer constant");
			goto err;
		} else {
			dims[ndims] = (int)c->tok->ival;
			if (cp_next(c))
				goto err;
		}
		if (ndims == MAX_DIMS - 1) {
			cp_error(c, &c->tok->loc, "arrays of more than %d dimensions are not supported",
				 MAX_DIMS - 1);
			goto err;
		}
		ndims++;
		if (cp_expect(c, T_RBRACKET, "']'"))
			goto err;
	}
	/* CTF names int a[2][3] "int [3][2]": the element type's first. */
	for (i = ndims - 1; i >= 0; i--) {
		n = strlen(c->dspell);
		snprintf(c->dspell + n, sizeof(c->dspell) - n, "%s[%d]",
			 i == ndims - 1 && !stars ? " " : "", dims[i]);
	}
	while (ndims > 0)
		t = type_array(t, dims[--ndims]);
	if (c->tok->kind == T_COLON) {
		if (cp_next(c))
			goto err;
		/* D takes no zero-width bit-field, which C uses to align */
		if (c->tok->kind != T_INT || (c->d && !c->tok->ival)) {
			cp_error(c, &c->tok->loc, c->d ?
				 "[D_DECL_BFCONST] positive integral constant expression expected as bit-field size" :
				 "a bitfield width must be an integer constant");
			goto err;
		}
		*bits = (int)c->tok->ival;
		if (cp_next(c))
			goto err;
	}
	*out = t;
	return 0;
err:
	free(*name);
	*name = NULL;
	return -EINVAL;
}

/* The current token ends the definition: lex what follows as probes. */
static int finish(struct cparser *c)
{
	if (c->d) {
		/* D's parser reads the ';' itself. */
		if (c->tok->kind == T_SEMI) {
			c->lx->p = c->tok->start;
			c->lx->line = c->tok->loc.line;
			c->lx->col = c->tok->loc.col;
		}
		lex_token_free(c->tok);
		return 0;
	}
	if (c->tok->kind == T_RBRACE && lex_peek(c->lx) == ';' && cp_next(c))
		return -EINVAL;
	c->lx->spec = true;
	return cp_next(c);
}

static int parse_definition(struct cparser *c)
{
	struct type *t;

	c->lx->spec = false;
	if (is_word(c, "typedef")) {
		if (cp_next(c))
			return -EINVAL;
		t = parse_type(c, false);
		if (!t)
			return -EINVAL;
		for (;;) {
			struct type *dt;
			char *name;
			int bits;
			struct loc loc;

			if (parse_declarator(c, t, &dt, &name, &bits, &loc))
				return -EINVAL;
			if (!name)
				return c->d ? d_syntax(c) :
				       cp_error(c, &loc, "a typedef needs a name");
			if (type_define(NULL, name, dt)) {
				cp_error(c, &loc, c->d ? "[D_DECL_IDRED] typedef redeclared: %s" :
					 "redefinition of typedef '%s'", name);
				free(name);
				return -EINVAL;
			}
			free(name);
			if (c->tok->kind != T_COMMA)
				break;
			if (cp_next(c))
				return -EINVAL;
		}
		if (c->tok->kind != T_SEMI)
			return cp_expect(c, T_SEMI, "';'");
		return finish(c);
	}
	t = parse_type(c, true);
	if (!t)
		return -EINVAL;
	c->defined = t;
	if (c->tok->kind != T_RBRACE && c->tok->kind != T_SEMI)
		return c->d ? d_syntax(c) :
		       cp_error(c, &c->tok->loc,
				"syntax error: unexpected %s after a C definition, expecting ';'",
				lex_token_name(c->tok->kind));
	return finish(c);
}

int cdecl_parse(struct lexer *lx, struct token *tok)
{
	struct cparser c = { .lx = lx, .tok = tok };

	return parse_definition(&c);
}

int cdecl_parse_d(struct lexer *lx, struct token *tok, struct type **defined)
{
	struct cparser c = { .lx = lx, .tok = tok, .d = true };
	int err = parse_definition(&c);

	*defined = err ? NULL : c.defined;
	return err;
}

/* An array's size again, from its elements' new one. */
static void resize(struct type *t)
{
	if (t->kind != TY_ARRAY)
		return;
	resize(t->elem);
	t->size = t->elem->size * t->count;
}

void cdecl_strsize(int strsize)
{
	int i, k;

	if (strsize == dstring_size)
		return;
	dstring_size = strsize;
	for (i = 0; i < ndstrings; i++)
		dstrings[i]->size = strsize;
	for (i = 0; i < nrelayouts; i++) {
		struct relayout *r = &relayouts[i];
		struct layout l = { .t = r->t, .d = true };

		for (k = 0; k < r->t->nfields; k++) {
			free(r->t->fields[k].name);
			free(r->t->fields[k].ctype);
		}
		free(r->t->fields);
		r->t->fields = NULL;
		r->t->nfields = 0;
		r->t->align = 1;
		for (k = 0; k < r->n; k++) {
			resize(r->m[k].type);
			place(&l, r->m[k].name, r->m[k].type, r->m[k].ctype,
			      r->m[k].bits, r->m[k].bitfield);
		}
		close_layout(r->t, &l);
	}
}
