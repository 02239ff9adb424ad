/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D parser: recursive descent over dt_grammar.y's language with one
 * token of lookahead, lowering D onto ferret's AST as DBRIEF.md's
 * contract says.  Parsing stops at the first error.  Every node is
 * recorded in p->nodes when made; at the end the nodes that neither the
 * program nor the scope's definitions reach (lowered-away operators) are
 * freed from there, and on failure all of them are.
 *
 * Definitions (inlines, translators, declared variables, and through
 * lang/types the C types) live in one scope shared by every program
 * parsed until type_free_all(): the programs of a command line see each
 * other's, as in DTrace, and D's built-in library (lib/NN-NAME.d,
 * compiled into d_lib_text) is parsed into it before the first.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "lang/cdecl.h"
#include "lang/lex.h"
#include "lang/parse.h"
#include "dlang/d_attr.h"
#include "dlang/d_lex.h"
#include "dlang/d_parse.h"
#include "lang/types.h"

#define NF_REACHED (1 << 30)	/* the final sweep's mark; never left set */
#define NF_XPARAM (1 << 29)	/* a translator's input name in a member */
#define NF_IPARAM (1 << 28)	/* an inline's parameter; ival its index */
/* xlate <T *>(e) as written, of DTrace's dynamic type: no inline types it */
#define NF_XDYN (1 << 27)

/* The files lib/NN-NAME.d joined, made by the Makefile. */
extern const char d_lib_text[];

struct inline_def {
	char *name;
	struct node *value;	/* N_INT / N_STR, or an expression to copy;
				 * NULL until used, for the library's */
	const char *text;	/* the library's: where its definition starts */
	struct loc at;
	struct inline_def *next;	/* in its hash bucket */
	/*
	 * An inline array's (inline int f[int x, int y] = x + y;)
	 * parameters: each's cast, NULL where none applies; value has
	 * NF_IPARAM nodes for them.  -1 for a scalar inline.
	 */
	int nparams;
	char **params;
	struct d_attr attr;	/* its value's, at most Stable/Stable/Common */
};

/* A definition of the library parsed where a program first needs it. */
struct lazy_def {
	const char *text;
	struct loc at;
};

/* Inlines by name: the library alone defines hundreds. */
#define INLINE_BUCKETS 512

#define DECL_DIMS 8

/* A declared variable: "x", "self->x" or "this->x". */
struct global_decl {
	char *name;
	bool assoc;		/* "T x[type, ...]": x[k] has keys */
	char *cast;		/* the type its values are cast to, or NULL */
	char *local;		/* a clause-local's declared type, or NULL */
	char **keys;		/* assoc: each key's cast, or NULL */
	int nkeys;
	/*
	 * Its type, for what it holds before anything is assigned: base
	 * (a struct, union or enum defined with the declaration) or else
	 * text, the type as parse_type() writes it ("" for none), then
	 * stars (base's) and dims, a scalar array's dimensions.
	 */
	char *text;
	struct type *base;
	int stars;
	int dims[DECL_DIMS], ndims;
};

/*
 * A symbol an extern declaration (or a function prototype) puts in the
 * D module, as dtrace does: its type, compared with the engine's names
 * (canon) and shown as the program spelled it.  Nothing is at its
 * address: dtrace gives it none.
 */
struct d_extern {
	char *name;
	char *canon;
	char *shown;
};

struct xlator_member {
	char *name;
	struct node *value;	/* with NF_XPARAM nodes for the input */
};

/* translator OUT < IN NAME > { member = value; ... } */
struct xlator {
	char *out, *in;		/* types as parse_type() writes them */
	struct type *out_type;
	struct xlator_member *members;
	int nmembers;
	bool library;		/* D's library's: outlives a failed program */
	struct d_attr attr;	/* the least of its members' values' */
};

static struct {
	bool loaded;		/* the library is parsed */
	struct vec inlines;	/* struct inline_def *, in definition order */
	struct inline_def *by_name[INLINE_BUCKETS];
	struct vec globals;	/* struct global_decl * */
	struct vec xlators;	/* struct xlator * */
	struct vec lazy_xlators;	/* struct lazy_def *: the library's */
	struct vec externs;	/* struct d_extern *: the D module's */
	struct vec attrs;	/* struct d_attr_pragma *: the programs' */
	struct vec clauses;	/* struct d_clause_attr *, see d_clause_attr() */
} scope;

static const struct source lib_src = { .name = "<D library>", .text = d_lib_text };

static unsigned name_hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % INLINE_BUCKETS;
}

struct parser {
	const struct source *src;
	struct d_lexer lx;
	struct d_token tok;
	struct vec nodes;
	const char *defining;	/* the inline whose value is being parsed */
	const char *xparam;	/* the translator input name, in its members */
	char **iparams;		/* an inline array's parameter names, */
	int niparams;		/* in its value */
	struct inline_def *resolving;	/* the library inline being parsed */
	const struct node *clause;	/* the clause being parsed, or NULL */
	bool cmdline;		/* a dtrace -n/-P/... argument, not a file */
	bool library;		/* D's built-in library: may define builtins */
	struct vec scalars;	/* char *: undeclared globals and
				 * thread-locals ("self->x") first used
				 * without keys, which [] then indexes */
	int depth;
	int expr_nodes;
	bool failed;
	bool void_ptr;		/* parse_type() read a void pointer */
	bool in_decl;		/* in a declaration of the outer scope */
	char *decl_raw;		/* the declaration's type as the program
				 * spells it, for a prototype's extern */
	int body_end;		/* the line of the last clause body's '}' */
	/*
	 * What the expression being parsed uses, for -v: the least
	 * attributes of its names, the D_ATTR_USE_ bits of those its
	 * probe decides, and its names of less than D's own (leaves).
	 */
	struct d_attr attr;
	unsigned uses;
	struct vec *leaves;	/* struct d_attr_leaf *, or NULL */
	bool in_pred;
};

static const char *const builtin_vars[] = {
	"arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg6", "arg7",
	"arg8", "arg9", "args", "caller", "cpu", "curcpu", "curlwpsinfo",
	"curpsinfo", "curthread", "cwd", "epid", "errno", "execname", "gid",
	"id", "ipl", "pid", "ppid", "probefunc", "probemod", "probename",
	"probeprov", "root", "stackdepth", "tid", "timestamp", "ucaller",
	"uid", "uregs", "ustackdepth", "vtimestamp", "walltimestamp",
};

/* D's actions and subroutines, which an inline may not redefine. */
static const char *const builtin_funcs[] = {
	"alloca", "avg", "basename", "bcopy", "breakpoint", "chill",
	"cleanpath", "clear", "commit", "copyin", "copyinstr", "copyinto",
	"copyout", "copyoutstr", "count", "d_path", "ddi_pathname",
	"denormalize", "dirname", "discard", "exit", "freopen", "ftruncate",
	"func", "getmajor", "getminor", "htonl", "htonll", "htons", "index",
	"inet_ntoa", "inet_ntoa6", "inet_ntop", "jstack", "link_ntop",
	"llquantize", "lltostr", "lquantize", "max", "min", "mod",
	"msgdsize", "msgsize", "mutex_owned", "mutex_owner",
	"mutex_type_adaptive", "mutex_type_spin", "normalize", "ntohl",
	"ntohll", "ntohs", "panic", "pcap", "print", "printa", "printf",
	"progenyof", "quantize", "raise", "rand", "rindex", "rw_iswriter",
	"rw_read_held", "rw_write_held", "setopt", "speculate",
	"speculation", "stack", "stddev", "stop", "strchr", "strjoin",
	"strlen", "strrchr", "strstr", "strtok", "substr", "sum", "sym",
	"system", "trace", "tracemem", "trunc", "uaddr", "ufunc", "umod",
	"ustack", "usym",
};

static bool in_list(const char *const *list, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return true;
	return false;
}

static bool is_builtin_var(const char *name)
{
	return in_list(builtin_vars, ARRAY_SIZE(builtin_vars), name);
}

/* ---- stability attributes (-v, -x amin) ---- */

/* D's subroutines of Evolving stability; its other names are Stable. */
static const char *const evolving_funcs[] = {
	"d_path", "ddi_pathname", "getmajor", "getminor", "htonl", "htonll",
	"htons", "mutex_owned", "mutex_owner", "mutex_type_adaptive",
	"mutex_type_spin", "ntohl", "ntohll", "ntohs", "rw_iswriter",
	"rw_read_held", "rw_write_held",
};

static void free_leaf(void *v)
{
	struct d_attr_leaf *l = v;

	free(l->what);
	free(l);
}

static void free_clause_attr(struct d_clause_attr *ca)
{
	int i;

	for (i = 0; i < ca->leaves.n; i++)
		free_leaf(ca->leaves.v[i]);
	vec_free(&ca->leaves);
	free(ca);
}

/*
 * The expression being parsed uses name (of kind, as dtrace names kinds:
 * "scalar", "type" ...) with attributes a, or those its probe gives
 * (use, a D_ATTR_USE_ bit).
 */
static void note(struct parser *p, const char *kind, const char *name,
		 struct d_attr a, unsigned use, const struct loc *loc)
{
	struct d_attr_leaf *l;

	if (!use)
		p->attr = d_attr_min(p->attr, a);
	p->uses |= use;
	if (!p->leaves || (!use && !d_attr_below(a, d_attr_default)))
		return;
	l = xcalloc(1, sizeof(*l));
	l->what = xasprintf("%s %s", kind, name);
	l->attr = a;
	l->use = use;
	l->loc = *loc;
	l->in_pred = p->in_pred;
	vec_push(p->leaves, l);
}

/* The attributes a #pragma D attributes gave name, if one did. */
static bool pragma_attr(const char *name, struct d_attr *a)
{
	int i;

	for (i = scope.attrs.n - 1; i >= 0; i--) {
		const struct d_attr_pragma *ap = scope.attrs.v[i];

		if (!strcmp(ap->name, name)) {
			*a = ap->attr;
			return true;
		}
	}
	return false;
}

static void note_builtin(struct parser *p, const char *name, const struct loc *loc)
{
	static const char *const by_probe[] = {
		"probeprov", "probemod", "probefunc", "probename", "args",
	};
	static const struct d_attr curthread = {
		D_STAB_STABLE, D_STAB_PRIVATE, D_CLASS_COMMON,
	};
	size_t i;

	if (!strcmp(name, "curthread"))
		note(p, "scalar", name, curthread, 0, loc);
	for (i = 0; i < ARRAY_SIZE(by_probe); i++)
		if (!strcmp(name, by_probe[i]))
			note(p, i == 4 ? "associative array" : "scalar", name,
			     d_attr_default, 1u << i, loc);
}

static void note_var(struct parser *p, const char *name, const struct loc *loc)
{
	struct d_attr a;

	if (pragma_attr(name, &a))
		note(p, "scalar", name, a, 0, loc);
}

/*
 * A type a clause names (a cast, sizeof, offsetof): the kernel's are
 * Private, as dtrace holds types from outside D and the program.
 */
static void note_type(struct parser *p, const char *text, const struct loc *loc)
{
	static const char *const tags[] = { "struct", "union", "enum" };
	char *base = xstrdup(text);
	const char *tag = NULL, *name = base;
	size_t n = strcspn(base, "*"), i;
	bool d_own;

	while (n > 0 && base[n - 1] == ' ')
		n--;
	base[n] = 0;
	for (i = 0; i < ARRAY_SIZE(tags); i++) {
		size_t l = strlen(tags[i]);

		if (!strncmp(base, tags[i], l) && base[l] == ' ') {
			tag = tags[i];
			name = base + l + 1;
		}
	}
	if (tag)
		d_own = type_defined(tag, name) != NULL;
	else
		d_own = type_defined(NULL, name) || type_int_named(name, false) ||
			type_c_float(name) || !strcmp(name, "string") ||
			!strcmp(name, "void");
	if (!d_own)
		note(p, "type", text, d_attr_private, 0, loc);
	free(base);
}

const struct d_clause_attr *d_clause_attr(const struct node *clause)
{
	int i;

	for (i = scope.clauses.n - 1; i >= 0; i--) {
		const struct d_clause_attr *ca = scope.clauses.v[i];

		if (ca->clause == clause)
			return ca;
	}
	return NULL;
}

static struct node *new_node(struct parser *p, enum node_kind kind,
			     const struct loc *loc)
{
	struct node *n = ast_new(kind, loc);

	vec_push(&p->nodes, n);
	p->expr_nodes++;
	return n;
}

static bool next(struct parser *p)
{
	d_token_free(&p->tok);
	if (d_lex_next(&p->lx, &p->tok) < 0)
		p->failed = true;
	return !p->failed;
}

static char *take_str(struct parser *p)
{
	char *s = p->tok.str;

	p->tok.str = NULL;
	return s;
}

static void *fail_at(struct parser *p, const struct loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void *fail_at(struct parser *p, const struct loc *loc, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (p->failed)
		return NULL;
	p->failed = true;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	diag_error(p->src, loc, "%s", msg ? msg : "error");
	free(msg);
	return NULL;
}

/*
 * A type name's D scoping operator, "OBJ`name": the type name in object
 * OBJ's types.  D (the program's and D's library's) and C (-C's
 * headers) are one namespace here, and vmlinux's BTF holds the types of
 * the kernel and of its built-in modules, so those scopes name the type
 * the bare name does.  A loadable module's own BTF is not read.  The
 * unscoped name, or NULL after an error at loc ("kind " prefixes the
 * name in it).
 */
static const char *unscope_type(struct parser *p, const struct loc *loc,
				const char *kind, const char *word)
{
	const char *mark = strchr(word, '`');
	char path[64 + 32];
	int n = (int)(mark - word);

	if (!mark)
		return word;
	if (n == 0 || strchr(mark + 1, '`') || !mark[1])
		return fail_at(p, loc, "failed to resolve type %s%s: Improper use of scoping operator in type name",
			       kind, word);
	if ((n == 1 && (*word == 'D' || *word == 'C')) ||
	    (n == 7 && !strncmp(word, "vmlinux", 7)))
		return mark + 1;
	if (n > 56)
		return fail_at(p, loc, "failed to resolve type %s%s: Unknown module name",
			       kind, word);
	snprintf(path, sizeof(path), "/sys/kernel/btf/%.*s", n, word);
	if (!access(path, F_OK))
		return fail_at(p, loc, "failed to resolve type %s%s: module %.*s's types are in its own BTF, which is not read (vmlinux's alone)",
			       kind, word, n, word);
	snprintf(path, sizeof(path), "/sys/module/%.*s", n, word);
	if (!access(path, F_OK))
		return mark + 1;
	return fail_at(p, loc, "failed to resolve type %s%s: Unknown module name",
		       kind, word);
}

static bool ident_char(char ch)
{
	return ch == '_' || isalnum((unsigned char)ch);
}

/*
 * Whether dtrace's lexer takes identifier t for one without looking at
 * what follows it: after struct, union or enum, after -> or ., or where
 * an earlier use of it was followed by ++, --, =, [, ; or a comma, which
 * makes dtrace keep it as a known identifier.  Otherwise its look past
 * the token leaves the text of a syntax error at it running on to the
 * end of the line.
 */
static bool ident_known(const struct parser *p, const struct d_token *t)
{
	const char *text = p->src->text, *b = t->start, *q;
	size_t n = (size_t)t->len;

	while (b > text && isspace((unsigned char)b[-1]))
		b--;
	if (b > text && (b[-1] == '.' || (b[-1] == '>' && b - 1 > text && b[-2] == '-')))
		return true;
	for (q = b; q > text && ident_char(q[-1]); q--)
		;
	if ((b - q == 6 && !strncmp(q, "struct", 6)) ||
	    (b - q == 5 && !strncmp(q, "union", 5)) ||
	    (b - q == 4 && !strncmp(q, "enum", 4)))
		return true;
	for (q = text; (q = strstr(q, t->str)) && q < t->start; q += n) {
		const char *f = q + n;

		if ((q > text && ident_char(q[-1])) || ident_char(*f))
			continue;
		while (isspace((unsigned char)*f))
			f++;
		if ((f[0] == '+' && f[1] == '+') || (f[0] == '-' && f[1] == '-') ||
		    (f[0] == '=' && f[1] != '=') || strchr("[;,", f[0]))
			return true;
	}
	return false;
}

/* DTrace's "syntax error near" the current token, unless already reported. */
static void *syntax(struct parser *p)
{
	const struct d_token *t = &p->tok;
	int len;

	if (p->failed)
		return NULL;
	if (t->kind == T_ERROR) {
		p->failed = true;
		return NULL;
	}
	/* dtrace's lexer words the end of an outer declaration so */
	if (t->kind == T_EOF && p->in_decl)
		return fail_at(p, &t->loc, "[D_SYNTAX] syntax error near end-of-input");
	if (t->kind == T_EOF)
		return fail_at(p, &t->loc, "[D_SYNTAX] syntax error near end of input");
	len = t->len;
	if (t->kind == T_IDENT && t->str && !ident_known(p, t))
		len = (int)strcspn(t->start, "\n");
	if (len > 60)
		return fail_at(p, &t->loc, "[D_SYNTAX] syntax error near \"%.57s...\"",
			       t->start);
	return fail_at(p, &t->loc, "[D_SYNTAX] syntax error near \"%.*s\"", len,
		       t->start);
}

static bool expect(struct parser *p, int kind)
{
	if (p->tok.kind != kind) {
		syntax(p);
		return false;
	}
	return next(p);
}

static bool too_complex(struct parser *p)
{
	if (p->expr_nodes <= PARSE_MAX_EXPR_NODES)
		return false;
	fail_at(p, &p->tok.loc, "[D_SYNTAX] syntax error: expression is too complex");
	return true;
}

static bool enter(struct parser *p)
{
	if (++p->depth > PARSE_MAX_DEPTH) {
		fail_at(p, &p->tok.loc, "[D_SYNTAX] syntax error: nesting is too deep");
		return false;
	}
	return !too_complex(p);
}

static bool is_keyword(int kind)
{
	return kind >= D_KW_FIRST && kind <= D_KW_LAST;
}

static bool resolve(struct parser *p, const char *text, const struct loc *at,
		    struct inline_def *d);

/* ---- inline constants and declared globals ---- */

static struct inline_def *find_inline(struct parser *p, const char *name)
{
	struct inline_def *d;

	for (d = scope.by_name[name_hash(name)]; d; d = d->next)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

static struct global_decl *find_global(struct parser *p, const char *name)
{
	int i;

	for (i = 0; i < scope.globals.n; i++) {
		struct global_decl *g = scope.globals.v[i];

		if (!strcmp(g->name, name))
			return g;
	}
	return NULL;
}

/*
 * A copy of the tree at n, every node located at loc, with a copy of
 * bind in place of each translator input name (NF_XPARAM) and of
 * args[i] in place of an inline's parameter i (NF_IPARAM).
 */
static struct node *copy_args(struct parser *p, const struct node *n,
			      const struct loc *loc, const struct node *bind,
			      struct node *const *args)
{
	struct node *c;
	int i;

	if (!n || p->failed || too_complex(p))
		return NULL;
	if ((n->flags & NF_XPARAM) && bind)
		return copy_args(p, bind, loc, NULL, NULL);
	if ((n->flags & NF_IPARAM) && args)
		return copy_args(p, args[n->ival], loc, NULL, NULL);
	c = new_node(p, n->kind, loc);
	c->op = n->op;
	c->flags = n->flags & ~NF_REACHED;
	c->name = n->name ? xstrdup(n->name) : NULL;
	if (n->str) {
		/* Only a string literal's length is in slen (it may hold NULs). */
		size_t len = n->kind == N_STR ? n->slen : strlen(n->str);

		c->str = xmalloc(len + 1);
		memcpy(c->str, n->str, len + 1);
	}
	c->slen = n->slen;
	c->ival = n->ival;
	if ((n->a && !(c->a = copy_args(p, n->a, loc, bind, args))) ||
	    (n->b && !(c->b = copy_args(p, n->b, loc, bind, args))) ||
	    (n->c && !(c->c = copy_args(p, n->c, loc, bind, args))))
		return NULL;
	for (i = 0; i < n->nlist; i++) {
		struct node *e = copy_args(p, n->list[i], loc, bind, args);

		if (!e)
			return NULL;
		ast_push(c, e);
	}
	return c;
}

static struct node *copy_bind(struct parser *p, const struct node *n,
			      const struct loc *loc, const struct node *bind)
{
	return copy_args(p, n, loc, bind, NULL);
}

static struct node *copy_tree(struct parser *p, const struct node *n,
			      const struct loc *loc)
{
	return copy_args(p, n, loc, NULL, NULL);
}

static void make_int(struct node *n, uint64_t v)
{
	n->kind = N_INT;
	n->ival = v;
	n->flags = (int64_t)v < 0 ? NF_SIGNED : 0;
	n->a = n->b = n->c = NULL;
	n->op = 0;
}

/*
 * Folds integer arithmetic in an inline's or enumerator's value, as D's
 * 64-bit signed integers.  Division by zero is left for later passes.
 */
static void fold(struct node *n)
{
	int64_t a, b;

	if (!n)
		return;
	fold(n->a);
	fold(n->b);
	fold(n->c);
	if (n->kind == N_UNOP && n->a->kind == N_INT) {
		a = (int64_t)n->a->ival;
		switch (n->op) {
		case T_MINUS: make_int(n, -(uint64_t)a); break;
		case T_TILDE: make_int(n, ~(uint64_t)a); break;
		case T_NOT: make_int(n, !a); break;
		default: break;
		}
	} else if (n->kind == N_TERNARY && n->a->kind == N_INT &&
		   n->b->kind == N_INT && n->c->kind == N_INT) {
		make_int(n, n->a->ival ? n->b->ival : n->c->ival);
	} else if (n->kind == N_BINOP && n->a->kind == N_INT &&
		   n->b->kind == N_INT) {
		a = (int64_t)n->a->ival;
		b = (int64_t)n->b->ival;
		switch (n->op) {
		case T_PLUS: make_int(n, (uint64_t)a + (uint64_t)b); break;
		case T_MINUS: make_int(n, (uint64_t)a - (uint64_t)b); break;
		case T_STAR: make_int(n, (uint64_t)a * (uint64_t)b); break;
		case T_SLASH:
			if (b && !(a == INT64_MIN && b == -1))
				make_int(n, a / b);
			break;
		case T_PERCENT:
			if (b && !(a == INT64_MIN && b == -1))
				make_int(n, a % b);
			break;
		case T_SHL: make_int(n, b >= 0 && b < 64 ? (uint64_t)a << b : 0); break;
		case T_SHR: make_int(n, b >= 0 && b < 64 ? (uint64_t)(a >> b) : (uint64_t)(a < 0 ? -1 : 0)); break;
		case T_AMP: make_int(n, a & b); break;
		case T_PIPE: make_int(n, a | b); break;
		case T_CARET: make_int(n, a ^ b); break;
		case T_LAND: make_int(n, a && b); break;
		case T_LOR: make_int(n, a || b); break;
		case T_EQ: make_int(n, a == b); break;
		case T_NE: make_int(n, a != b); break;
		case T_LT: make_int(n, a < b); break;
		case T_GT: make_int(n, a > b); break;
		case T_LE: make_int(n, a <= b); break;
		case T_GE: make_int(n, a >= b); break;
		default: break;
		}
	}
}

static void free_inline(struct inline_def *d)
{
	int i;

	for (i = 0; i < d->nparams; i++)
		free(d->params[i]);
	free(d->params);
	free(d->name);
	free(d);
}

/* Inlines and enumerators may not take a name D already uses. */
static struct inline_def *define_inline(struct parser *p, char *name,
					struct node *value, const struct loc *loc)
{
	struct inline_def *d;
	int64_t v;

	if (find_inline(p, name) || !type_script_const(name, &v) ||
	    (!p->library && (is_builtin_var(name) ||
			     in_list(builtin_funcs, ARRAY_SIZE(builtin_funcs), name)))) {
		fail_at(p, loc, "[D_DECL_IDRED] identifier redefined: %s", name);
		free(name);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->name = name;
	d->value = value;
	d->nparams = -1;
	d->next = scope.by_name[name_hash(name)];
	scope.by_name[name_hash(name)] = d;
	vec_push(&scope.inlines, d);
	return d;
}

/* ---- expressions ---- */

static struct node *parse_expr(struct parser *p);
static struct node *parse_assign(struct parser *p);
static struct node *parse_cond(struct parser *p);
static struct node *parse_cast(struct parser *p);
static struct node *parse_unary(struct parser *p);

static bool type_word(int kind)
{
	switch (kind) {
	case D_KW_VOID: case D_KW_CHAR: case D_KW_SHORT: case D_KW_INT:
	case D_KW_LONG: case D_KW_FLOAT: case D_KW_DOUBLE: case D_KW_SIGNED:
	case D_KW_UNSIGNED: case D_KW_STRING:
		return true;
	default:
		return false;
	}
}

static bool qualifier(int kind)
{
	return kind == D_KW_CONST || kind == D_KW_VOLATILE ||
	       kind == D_KW_RESTRICT;
}

/*
 * Whether a type name starts here, inside '(' (a cast, sizeof, offsetof,
 * xlate) or '[' (an associative array's key types).  Without the
 * kernel's types at hand, an identifier counts as a type if D predefines
 * it, the program or D's library defines it (typedef), or if it ends in
 * "_t" and ')' or '*' follows.
 */
static bool is_scalar(const struct parser *p, const char *name);

static bool at_type(struct parser *p)
{
	const char *s = p->tok.str;
	size_t n;
	int c;

	if (type_word(p->tok.kind) || qualifier(p->tok.kind) ||
	    p->tok.kind == D_KW_STRUCT || p->tok.kind == D_KW_UNION ||
	    p->tok.kind == D_KW_ENUM)
		return true;
	if (p->tok.kind != T_IDENT)
		return false;
	/* OBJ`name is a type where name is one (else a kernel symbol) */
	if (strchr(s, '`') && s[0] != '`')
		s = strrchr(s, '`') + 1;
	if (d_lex_typedef(s) || type_defined(NULL, s))
		return true;
	n = strlen(s);
	c = d_lex_peek(&p->lx);
	if (n > 2 && !strcmp(s + n - 2, "_t") &&
	    (c == ')' || c == '*' || c == ']' || c == ','))
		return true;
	/*
	 * "(name)" of a name no variable has: a kernel typedef if the
	 * kernel's BTF has one (uint), as dtrace looks a name up as a type
	 * where nothing before tells it is a variable.
	 */
	return c == ')' && s == p->tok.str && !find_global(p, s) &&
	       !is_scalar(p, s) && type_parse(s);
}

/*
 * The engine's name of C's integer type written as words ("unsigned
 * long" is "uint64"), of <stdint.h>'s names and of D's typedefs of
 * them; NULL for other types.
 */
static const char *c_int_name(const char *words)
{
	static const struct { const char *d, *name; } d_types[] = {
		{ "uchar_t", "uint8" }, { "ushort_t", "uint16" },
		{ "uint_t", "uint32" }, { "ulong_t", "uint64" },
		{ "longlong_t", "int64" }, { "u_longlong_t", "uint64" },
		{ "off64_t", "int64" }, { "id_t", "int32" }, { "dev_t", "uint64" },
		{ "time_t", "int64" }, { "caddr_t", "uint64" },
	};
	static const char *const ints[2][9] = {
		{ NULL, "uint8", "uint16", NULL, "uint32", NULL, NULL, NULL, "uint64" },
		{ NULL, "int8", "int16", NULL, "int32", NULL, NULL, NULL, "int64" },
	};
	const struct type *t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(d_types); i++)
		if (!strcmp(words, d_types[i].d))
			return d_types[i].name;
	t = type_c_int(words);
	return t && t->size <= 8 ? ints[t->is_signed][t->size] : NULL;
}

/*
 * D's declaration specifiers so far, checked as dtrace checks each one
 * it adds: at most one type, and short, long, signed and unsigned only
 * where they apply.
 */
enum { DA_SIGNED = 1, DA_UNSIGNED = 2, DA_SHORT = 4, DA_LONG = 8,
       DA_LONGLONG = 16 };

struct dspec {
	int attr;		/* DA_* */
	int kind;		/* the type's keyword, or 0 */
	bool integer;		/* it is an integer type (char, int) */
};

/*
 * Adds the specifier of token kind, just read, at loc: NULL after the
 * error dtrace gives, located at the line of the token after it, where
 * dtrace's parser takes it in.
 */
static bool dspec_add(struct parser *p, struct dspec *d, int kind,
		      const struct loc *at)
{
	static const struct { int kind, attr; } attrs[] = {
		{ D_KW_SIGNED, DA_SIGNED }, { D_KW_UNSIGNED, DA_UNSIGNED },
		{ D_KW_SHORT, DA_SHORT }, { D_KW_LONG, DA_LONG },
	};
	struct loc loc = *at;
	const char *err = NULL;
	size_t i;

	if (p->tok.reach_line && p->tok.reach_line != loc.line)
		loc.named_line = p->tok.reach_line;
	for (i = 0; i < ARRAY_SIZE(attrs) && attrs[i].kind != kind; i++)
		;
	if (i < ARRAY_SIZE(attrs)) {
		if (attrs[i].attr == DA_LONG && (d->attr & DA_LONG))
			d->attr = (d->attr & ~DA_LONG) | DA_LONGLONG;
		else
			d->attr |= attrs[i].attr;
	} else if (d->kind) {
		err = "[D_DECL_COMBO] invalid type combination";
	} else {
		d->kind = kind;
		d->integer = kind == D_KW_CHAR || kind == D_KW_INT;
	}
	if (!err && d->kind == D_KW_CHAR &&
	    (d->attr & (DA_SHORT | DA_LONG | DA_LONGLONG)))
		err = "[D_DECL_CHARATTR] invalid type declaration: short and long may not be used with char type";
	else if (!err && d->kind == D_KW_VOID && d->attr)
		err = "[D_DECL_VOIDATTR] invalid type declaration: attributes may not be used with void type";
	else if (!err && d->kind && !d->integer &&
		 (d->attr & (DA_SIGNED | DA_UNSIGNED)))
		err = "[D_DECL_SIGNINT] invalid type declaration: signed and unsigned may only be used with integer type";
	else if (!err && d->kind && !d->integer && d->kind != D_KW_FLOAT &&
		 d->kind != D_KW_DOUBLE && (d->attr & (DA_LONG | DA_LONGLONG)))
		err = "[D_DECL_LONGINT] invalid type declaration: long and long long may only be used with integer or floating-point type";
	if (err)
		fail_at(p, &loc, "%s", err);
	return !err;
}

/*
 * Short and long together name no type: dtrace's words for the type it
 * looks up, its attributes in its order then the type's keyword.
 */
static bool dspec_end(struct parser *p, const struct dspec *d,
		      const char *word, const struct loc *loc)
{
	if (!(d->attr & DA_SHORT) || !(d->attr & (DA_LONG | DA_LONGLONG)))
		return true;
	fail_at(p, loc, "[D_UNKNOWN] failed to resolve type %s%s%s%s%s%s: Unknown type name",
		d->attr & DA_SIGNED ? "signed " : "",
		d->attr & DA_UNSIGNED ? "unsigned " : "",
		d->attr & DA_SHORT ? "short " : "",
		d->attr & DA_LONG ? "long " : "",
		d->attr & DA_LONGLONG ? "long long " : "", word);
	return false;
}

/*
 * type_name: specifiers and qualifiers, then any number of '*', as the
 * type's words separated by single spaces ("unsigned long long",
 * "struct task_struct *", "char **"); qualifiers are dropped.  With decl
 * set, an identifier after the specifiers and any '*' are left for the
 * declarator.  Definitions ("struct s { ... }") are not types here: the
 * outer scope hands them to lang/cdecl.
 */
static char *parse_type(struct parser *p, bool decl)
{
	struct buf b = { 0 };
	struct dspec ds = { 0 };
	bool named = false, words = false;
	int stars = 0, kind;
	struct loc loc, first = p->tok.loc;
	char word[16] = "";

	buf_put(&b, "", 0);
	for (;;) {
		kind = p->tok.kind;
		if (qualifier(kind)) {
			if (!next(p))
				goto err;
			continue;
		}
		if (type_word(kind)) {
			loc = p->tok.loc;
			buf_printf(&b, "%s%.*s", b.len ? " " : "", p->tok.len,
				   p->tok.start);
			if (kind != D_KW_SIGNED && kind != D_KW_UNSIGNED &&
			    kind != D_KW_SHORT && kind != D_KW_LONG)
				snprintf(word, sizeof(word), "%.*s", p->tok.len,
					 p->tok.start);
			named = words = true;
			if (!next(p) || !dspec_add(p, &ds, kind, &loc))
				goto err;
			continue;
		}
		/* After C's type words, only a struct, union or enum is more. */
		if (named && (!words || (kind != D_KW_STRUCT &&
					 kind != D_KW_UNION && kind != D_KW_ENUM)))
			break;
		if (kind == D_KW_STRUCT || kind == D_KW_UNION || kind == D_KW_ENUM) {
			bool tagged = false;

			loc = p->tok.loc;
			buf_printf(&b, "%.*s", p->tok.len, p->tok.start);
			if (!next(p))
				goto err;
			if (p->tok.kind == T_IDENT) {
				const char *kw = kind == D_KW_UNION ? "union " :
					kind == D_KW_ENUM ? "enum " : "struct ";
				const char *tag;

				/*
				 * A scoped tag's definition: dtrace parses it
				 * before it resolves the scope, and an empty
				 * one is a syntax error at its '}'.
				 */
				if (strchr(p->tok.str, '`') &&
				    d_lex_peek(&p->lx) == '{') {
					struct loc at = p->tok.loc;
					char *w = xstrdup(p->tok.str);

					if (next(p) && next(p) && p->tok.kind == T_RBRACE)
						syntax(p);
					else if (!p->failed && unscope_type(p, &at, kw, w))
						fail_at(p, &at, "[D_DECL_SCOPE] D scoping operator may not be used in a declaration name (%s)",
							w);
					free(w);
					goto err;
				}
				tag = unscope_type(p, &p->tok.loc, kw, p->tok.str);
				if (!tag)
					goto err;
				buf_printf(&b, " %s", tag);
				tagged = true;
				if (!next(p))
					goto err;
			}
			if (words && !dspec_add(p, &ds, kind, &loc))
				goto err;
			if (p->tok.kind == T_LBRACE) {
				fail_at(p, &loc, "%s definitions are only allowed outside of clauses",
					kind == D_KW_UNION ? "union" :
					kind == D_KW_ENUM ? "enum" : "struct");
				goto err;
			} else if (!tagged) {
				syntax(p);
				goto err;
			}
			named = true;
			continue;
		}
		if (kind == T_IDENT) {
			const char *name = unscope_type(p, &p->tok.loc, "",
							p->tok.str);

			if (!name)
				goto err;
			buf_printf(&b, "%s", name);
			named = true;
			if (!next(p))
				goto err;
			continue;
		}
		break;
	}
	if (!named) {
		syntax(p);
		goto err;
	}
	if (words && !dspec_end(p, &ds, word, &first))
		goto err;
	if (c_int_name(b.p)) {
		const char *name = c_int_name(b.p);

		b.len = 0;
		buf_printf(&b, "%s", name);
	}
	if (!decl) {
		while (p->tok.kind == T_STAR || qualifier(p->tok.kind)) {
			if (p->tok.kind == T_STAR)
				buf_printf(&b, "%s*", stars++ ? "" : " ");
			if (!next(p))
				goto err;
		}
		note_type(p, b.p, &first);
		/* A void pointer is an address: a pointer to bytes. */
		p->void_ptr = stars && !strncmp(b.p, "void *", 6);
		if (p->void_ptr) {
			char *rest = xstrdup(b.p + 4);

			b.len = 0;
			buf_printf(&b, "uint8%s", rest);
			free(rest);
		}
	}
	return b.p;
err:
	buf_free(&b);
	return NULL;
}

/* "arg, ..." up to close into n->list; the current token is just past '(' or '['. */
static bool parse_args(struct parser *p, struct node *n, int close)
{
	struct node *e;

	if (p->tok.kind == close && close == T_RPAREN)
		return next(p);
	for (;;) {
		e = parse_assign(p);
		if (!e)
			return false;
		ast_push(n, e);
		if (p->tok.kind == close)
			return next(p);
		if (p->tok.kind != T_COMMA) {
			syntax(p);
			return false;
		}
		if (!next(p))
			return false;
	}
}

static bool is_lvalue(const struct node *n)
{
	return n->kind == N_MAP || n->kind == N_VAR;
}

/* *p, p[i], p->m and s.m: memory reached through a pointer. */
static bool is_mem_lvalue(const struct node *n)
{
	return n->kind == N_FIELD || n->kind == N_INDEX ||
	       (n->kind == N_UNOP && n->op == T_STAR);
}

/* `name: a kernel variable, which D reads and never writes. */
static bool is_ksym_ref(const struct node *n)
{
	return n->kind == N_UNOP && n->op == T_STAR && n->a->kind == N_CALL &&
	       !strcmp(n->a->name, "__dksym");
}

/*
 * A member or element, of a variable's struct or array or through a
 * pointer: which one, and what it takes, sema decides once types are
 * known.  A kernel variable is never written.
 */
static bool is_part_lvalue(const struct node *n)
{
	return is_mem_lvalue(n) && !is_ksym_ref(n);
}

/* D lvalues that ferret cannot yet assign to get their own message. */
static void *not_lvalue(struct parser *p, const struct node *n,
			const struct loc *oploc, const char *op)
{
	/* a kernel variable, and D's own (pid, execname ...) */
	if (is_ksym_ref(n) || n->kind == N_BUILTIN)
		return fail_at(p, oploc, "[D_OP_WRITE] operator %s can only be applied to a writable variable",
			       op);
	return fail_at(p, oploc, "[D_OP_LVAL] operator %s requires modifiable lvalue as an operand",
		       op);
}

/* The name after '.' or '->': an identifier, keywords included. */
static char *member_name(struct parser *p)
{
	if (p->tok.kind != T_IDENT && !is_keyword(p->tok.kind))
		return syntax(p);
	return xstrndup(p->tok.start, p->tok.len);
}

/* "(type) e", located at e. */
static struct node *make_cast(struct parser *p, const char *type, struct node *e)
{
	struct node *n = new_node(p, N_CAST, &e->loc);

	n->str = xstrdup(type);
	n->a = e;
	return n;
}

/* The keys of a declared associative array, converted to its key types. */
static struct node *cast_keys(struct parser *p, struct node *n,
			      const struct global_decl *g)
{
	int i;

	for (i = 0; i < n->nlist && i < g->nkeys; i++)
		if (g->keys[i])
			n->list[i] = make_cast(p, g->keys[i], n->list[i]);
	return n;
}

/*
 * The engine's name of an integer or pointer type written as text, for a
 * cast (NULL for strings, structs and the unknown).  A struct is not
 * resolved: that could read kernel BTF for a name never used.
 */
static char *cast_type(const char *text)
{
	static const char *const ints[2][9] = {
		{ NULL, "uint8", "uint16", NULL, "uint32", NULL, NULL, NULL, "uint64" },
		{ NULL, "int8", "int16", NULL, "int32", NULL, NULL, NULL, "int64" },
	};
	const struct type *t;
	size_t n = strlen(text);

	if (n && text[n - 1] == '*')
		return xstrdup(text);
	if (!strncmp(text, "struct ", 7) || !strncmp(text, "union ", 6) ||
	    !strcmp(text, "string"))
		return NULL;
	t = type_c_int(text);
	if (!t)
		t = type_parse(text);
	if (!t || t->kind != TY_INT || t->size > 8)
		return NULL;
	return xstrdup(ints[t->is_signed][t->size]);
}

static bool is_xlate(const struct node *n)
{
	return n->kind == N_CALL && !strcmp(n->name, "xlate");
}

static struct type *out_type(const char *text)
{
	struct type *t = type_parse(text);

	return t && t->kind == TY_STRUCT && !type_complete(t) ? t : NULL;
}

/*
 * The type of member path of struct t: a name, or a struct member's
 * name, a dot and a name of its own ("pr_start.tv_sec"); NULL if none.
 */
static struct type *sou_field(struct type *t, const char *path)
{
	size_t len = strcspn(path, ".");
	int i;

	if (!t || t->kind != TY_STRUCT || type_complete(t))
		return NULL;
	for (i = 0; i < t->nfields; i++)
		if (t->fields[i].name && strlen(t->fields[i].name) == len &&
		    !strncmp(t->fields[i].name, path, len))
			return path[len] ? sou_field(t->fields[i].type,
						     path + len + 1)
					 : t->fields[i].type;
	return NULL;
}

/* The type of member of xlate node x's output struct, or NULL. */
static struct type *xlate_field(const struct node *x, const char *member)
{
	const char *out = x->list[0]->str;
	size_t n = strlen(out);
	struct type *t;
	char *base;

	base = xstrndup(out, n > 2 && !strcmp(out + n - 2, " *") ? n - 2 : n);
	t = out_type(base);
	free(base);
	return sou_field(t, member);
}

/*
 * xlate <OUT>(e).member or xlate <OUT *>(e)->member: the translator's
 * expression for member with its input name bound to e, converted to
 * the member's type.  Of several translators to OUT, the one whose input
 * type e is cast to.
 */
/* Whether xlate node x translates to a pointer (xlate <T *>). */
static bool xlate_ptr(const struct node *x)
{
	const char *out = x->list[0]->str;
	size_t n = strlen(out);

	return n > 2 && !strcmp(out + n - 2, " *");
}

/*
 * The translator xlate node x uses, and its output struct in *tp: of
 * several to the type, the one whose input type x's operand is cast to.
 */
static struct xlator *xlate_find(struct parser *p, struct node *x,
				 struct type **tp)
{
	const char *out = x->list[0]->str;
	struct node *arg = x->list[1];
	struct xlator *xl = NULL;
	struct type *t;
	char *base;
	int i, found = 0;

	while (scope.lazy_xlators.n) {
		struct lazy_def *l = scope.lazy_xlators.v[--scope.lazy_xlators.n];
		bool ok = resolve(p, l->text, &l->at, NULL);

		free(l);
		if (!ok)
			return NULL;
	}
	base = xstrndup(out, strlen(out) - (xlate_ptr(x) ? 2 : 0));
	t = out_type(base);
	for (i = 0; t && i < scope.xlators.n; i++) {
		struct xlator *c = scope.xlators.v[i];

		if (c->out_type != t)
			continue;
		if (!found++ || (arg->kind == N_CAST && !strcmp(arg->str, c->in)))
			xl = c;
	}
	if (!xl)
		fail_at(p, &x->loc, "[D_XLATE_NONE] cannot translate to \"%s\": no translator to it is defined",
			base);
	else if (found > 1 && !(arg->kind == N_CAST && !strcmp(arg->str, xl->in)))
		xl = fail_at(p, &x->loc, "[D_XLATE_NONE] cannot choose among the translators to \"%s\": cast the operand to the input type of one",
			     base);
	else if (xl && (arg->kind == N_MAP || arg->kind == N_VAR) && arg->name &&
		 xl->in[strlen(xl->in) - 1] == '*') {
		const struct global_decl *g = find_global(p, arg->name);

		/* A struct variable where the translator takes a pointer */
		if (g && g->text && !g->stars && !g->ndims && !g->assoc &&
		    (!strncmp(g->text, "struct ", 7) || !strncmp(g->text, "union ", 6)))
			xl = fail_at(p, &x->loc, "[D_XLATE_NONE] cannot translate from \"%s\" to \"%s\"",
				     g->text, base);
	}
	free(base);
	if (xl)
		note(p, "operator", "xlate", xl->attr, 0, &x->loc);
	*tp = t;
	return xl;
}

static struct node *xlate_member(struct parser *p, struct node *x, int op,
				 const char *member, const struct loc *loc)
{
	struct node *arg = x->list[1], *v;
	struct xlator *xl;
	struct type *t, *ft = NULL;
	char *cast;
	int i;

	if (xlate_ptr(x) != (op == T_ARROW))
		return fail_at(p, loc, "[D_OP_SOU] operator %s cannot be applied to type \"%s\"; must be applied to a %s",
			       op == T_ARROW ? "->" : ".", x->list[0]->str,
			       op == T_ARROW ? "pointer to a struct or union" : "struct or union");
	xl = xlate_find(p, x, &t);
	if (!xl)
		return NULL;
	for (i = 0; i < xl->nmembers && strcmp(xl->members[i].name, member); i++)
		;
	if (i == xl->nmembers)
		return fail_at(p, loc, "[D_XLATE_NOCONV] translator does not define conversion for member: %s",
			       member);
	v = copy_bind(p, xl->members[i].value, loc, arg);
	if (!v)
		return NULL;
	ft = sou_field(t, member);
	if (ft && (ft->kind == TY_INT || ft->kind == TY_PTR)) {
		char buf[128];

		type_name(ft, buf, sizeof(buf));
		cast = ft->kind == TY_INT ? cast_type(buf) :
		       ft->elem && (ft->elem->kind == TY_STRUCT ||
				    ft->elem->kind == TY_INT) ? xstrdup(buf) : NULL;
		if (cast)
			v = make_cast(p, cast, v);
		free(cast);
	}
	return v;
}

/* The byte offset of member path (as sou_field() takes it) in struct t. */
static int sou_offset(struct type *t, const char *path)
{
	size_t len = strcspn(path, ".");
	int i, o;

	for (i = 0; t && t->kind == TY_STRUCT && i < t->nfields; i++) {
		if (!t->fields[i].name || strlen(t->fields[i].name) != len ||
		    strncmp(t->fields[i].name, path, len))
			continue;
		if (!path[len])
			return t->fields[i].offset;
		o = sou_offset(t->fields[i].type, path + len + 1);
		return o < 0 ? -1 : t->fields[i].offset + o;
	}
	return -1;
}

/* The C spelling of member path's type in struct t, or NULL. */
static const char *sou_ctype(struct type *t, const char *path)
{
	size_t len = strcspn(path, ".");
	int i;

	for (i = 0; t && t->kind == TY_STRUCT && i < t->nfields; i++) {
		if (!t->fields[i].name || strlen(t->fields[i].name) != len ||
		    strncmp(t->fields[i].name, path, len))
			continue;
		if (!path[len])
			return t->fields[i].ctype;
		return sou_ctype(t->fields[i].type, path + len + 1);
	}
	return NULL;
}

/*
 * The translated struct of xlate node x used whole, or its struct
 * member sub (NULL: the whole): __dxsou(), whose ival is the struct's
 * size, with an offset, a size and the member's translated value for
 * each member the translator defines within it, as DTrace builds the
 * struct in memory.  Members the translator leaves out are zeros.
 * Its str is the struct's D type name ("psinfo_t", "timestruc_t").
 */
static struct node *xlate_whole(struct parser *p, struct node *x,
				const char *sub, const struct loc *loc)
{
	int op = xlate_ptr(x) ? T_ARROW : T_DOT, base = 0, i;
	size_t sl = sub ? strlen(sub) : 0;
	struct xlator *xl;
	struct node *n;
	struct type *t, *st;

	xl = xlate_find(p, x, &t);
	if (!xl)
		return NULL;
	st = sub ? sou_field(t, sub) : t;
	if (sub)
		base = sou_offset(t, sub);
	n = new_node(p, N_CALL, loc);
	n->name = xstrdup("__dxsou");
	n->ival = (uint64_t)st->size;
	if (sub && sou_ctype(t, sub))
		n->str = xstrdup(sou_ctype(t, sub));
	else if (!sub)
		n->str = xstrndup(x->list[0]->str, strlen(x->list[0]->str) -
				  (xlate_ptr(x) ? 2 : 0));
	for (i = 0; i < xl->nmembers; i++) {
		const char *m = xl->members[i].name;
		struct node *o, *z, *v;
		struct type *ft = sou_field(t, m);

		if (sub && (strncmp(m, sub, sl) || m[sl] != '.'))
			continue;
		if (!ft)
			continue;
		v = xlate_member(p, x, op, m, loc);
		if (!v)
			return NULL;
		o = new_node(p, N_INT, loc);
		make_int(o, (uint64_t)(sou_offset(t, m) - base));
		z = new_node(p, N_INT, loc);
		make_int(z, (uint64_t)ft->size);
		ast_push(n, o);
		ast_push(n, z);
		ast_push(n, v);
	}
	return n;
}

static bool is_dxsou(const struct node *n)
{
	return n->kind == N_CALL && !strcmp(n->name, "__dxsou");
}

int (*d_args_hook)(const char *const *descs, int ndescs, int idx,
		   const char **xlate, const char **ctype, char *err,
		   size_t errlen);

/*
 * args[N] at n, where the clause's probes declare its D type: the
 * translated value xlate <T>((C type)args[N]), or copyinstr(args[N])
 * for a string; n itself otherwise.
 */
static struct node *typed_args(struct parser *p, struct node *n)
{
	const struct node *cl = p->clause;
	const char *xl = NULL, *ct = NULL, **descs;
	struct node *x, *s;
	char err[512] = "";
	int i, ret;

	if (!d_args_hook || !cl || n->a->kind != N_BUILTIN ||
	    strcmp(n->a->name, "args"))
		return n;
	fold(n->b);	/* args[-1]: the index's sign is a unary minus */
	if (n->b->kind != N_INT)
		return n;
	descs = xcalloc(cl->nspecs + 1, sizeof(*descs));
	for (i = 0; i < cl->nspecs; i++)
		descs[i] = cl->specs[i]->str ? cl->specs[i]->str : "";
	ret = d_args_hook(descs, cl->nspecs, (int)n->b->ival, &xl, &ct, err,
			  sizeof(err));
	free(descs);
	if (ret == -ENOENT)
		return n;
	if (ret)
		return fail_at(p, &n->loc, "%s", err);
	if (!ct) {
		x = new_node(p, N_CALL, &n->loc);
		x->name = xstrdup("copyinstr");
		ast_push(x, n);
		return x;
	}
	if (!xl)
		return n;
	x = new_node(p, N_CALL, &n->loc);
	x->name = xstrdup("xlate");
	s = new_node(p, N_STR, &n->loc);
	s->str = xstrdup(xl);
	s->slen = strlen(s->str);
	ast_push(x, s);
	ast_push(x, make_cast(p, ct, n));
	return x;
}

static struct node *parse_postfix_tail(struct parser *p, struct node *e)
{
	struct node *n;

	while (e && !too_complex(p)) {
		switch (p->tok.kind) {
		case T_LBRACKET:
			n = new_node(p, N_INDEX, &p->tok.loc);
			n->a = e;
			if (!next(p) || !(n->b = parse_assign(p)))
				return NULL;
			if (p->tok.kind == T_COMMA && e->kind == N_MAP && e->name)
				return fail_at(p, &e->loc,
					       "[D_ARR_BADREF] cannot access scalar %s as an associative array",
					       e->name);
			if (p->tok.kind == T_COMMA)
				return fail_at(p, &p->tok.loc,
					       "only associative arrays take several keys");
			if (!expect(p, T_RBRACKET))
				return NULL;
			e = typed_args(p, n);
			break;
		case T_DOT:
		case T_ARROW:
			if (is_xlate(e)) {
				int op = p->tok.kind;
				struct type *ft;
				char *m;

				if (!next(p) || !(m = member_name(p)))
					return NULL;
				/* a struct member: one of its own members */
				ft = xlate_field(e, m);
				if (ft && ft->kind == TY_STRUCT) {
					struct loc at = p->tok.loc;
					char *sub, *path;

					if (!next(p))
						return NULL;
					if (p->tok.kind != T_DOT) {
						e = xlate_whole(p, e, m, &at);
						free(m);
						if (!e)
							return NULL;
						break;
					}
					if (!next(p) || !(sub = member_name(p))) {
						free(m);
						return NULL;
					}
					path = xmalloc(strlen(m) + strlen(sub) + 2);
					sprintf(path, "%s.%s", m, sub);
					free(m);
					free(sub);
					m = path;
				}
				e = xlate_member(p, e, op, m, &p->tok.loc);
				free(m);
				if (!e || !next(p))
					return NULL;
				break;
			}
			n = new_node(p, N_FIELD, &p->tok.loc);
			n->op = p->tok.kind;
			n->a = e;
			if (!next(p))
				return NULL;
			n->name = member_name(p);
			if (!n->name)
				return NULL;
			n->loc = p->tok.loc;
			if (!next(p))
				return NULL;
			e = n;
			break;
		case T_INC:
		case T_DEC:
			if (!is_lvalue(e) && !is_part_lvalue(e))
				return not_lvalue(p, e, &p->tok.loc,
						  p->tok.kind == T_INC ? "++" : "--");
			n = new_node(p, N_INCDEC, &p->tok.loc);
			n->op = p->tok.kind;
			n->flags = NF_POST;
			n->a = e;
			if (!next(p))
				return NULL;
			e = n;
			break;
		default:
			return e;
		}
	}
	return NULL;
}

static bool is_scalar(const struct parser *p, const char *name);

/* self->name [keys] and this->name */
static struct node *parse_scoped(struct parser *p)
{
	bool self = p->tok.kind == D_KW_SELF;
	const struct global_decl *g;
	struct loc loc = p->tok.loc;
	struct node *n, *tid;
	char *name;

	if (!next(p))
		return NULL;
	if (p->tok.kind != T_ARROW)
		return syntax(p);
	if (!next(p) || !(name = member_name(p)))
		return NULL;
	loc.len = p->tok.loc.col + p->tok.len - loc.col;
	if (loc.len < 1 || p->tok.loc.line != loc.line)
		loc.len = 1;
	n = new_node(p, self ? N_MAP : N_VAR, &loc);
	n->name = xasprintf("%s->%s", self ? "self" : "this", name);
	free(name);
	if (!next(p))
		return NULL;
	g = find_global(p, n->name);
	if (!self) {
		/* Its declared type, for a read before any store. */
		if (g && (g->cast || g->local))
			n->str = xstrdup(g->cast ? g->cast : g->local);
		return n;
	}
	tid = new_node(p, N_BUILTIN, &loc);
	tid->name = xstrdup("tid");
	ast_push(n, tid);
	/*
	 * As a global's, a thread-local's first use decides what it is:
	 * self->s[i] after self->s = "..." indexes the string, and one
	 * declared other than an associative array is indexed as its type
	 * says (self int a[2]: self->a[1] is an element).
	 */
	if (p->tok.kind != T_LBRACKET || (g && !g->assoc)) {
		if (!is_scalar(p, n->name))
			vec_push(&p->scalars, xstrdup(n->name));
	} else if (!is_scalar(p, n->name) &&
		   (!next(p) || !parse_args(p, n, T_RBRACKET))) {
		return NULL;
	}
	return n;
}

static bool is_scalar(const struct parser *p, const char *name)
{
	int i;

	for (i = 0; i < p->scalars.n; i++)
		if (!strcmp(p->scalars.v[i], name))
			return true;
	return false;
}

/*
 * A kernel symbol reference, `name or mod`name: *__dksym("mod`name"),
 * the value at the symbol's address, which the call gives typed.
 */
static struct node *ksym_ref(struct parser *p)
{
	struct node *n, *c, *s;
	const char *mark = strrchr(p->tok.str, '`');
	int i;

	/*
	 * D`name and C`name: the program's modules, whose symbols are its
	 * externs, which dtrace gives no address (and takes for a user
	 * module's symbols).
	 */
	if (mark - p->tok.str == 1 && strchr("DC", p->tok.str[0])) {
		for (i = 0; p->tok.str[0] == 'D' && i < scope.externs.n; i++)
			if (!strcmp(((struct d_extern *)scope.externs.v[i])->name,
				    mark + 1))
				return fail_at(p, &p->tok.loc, "[D_SYM_BADREF] user module 'D' symbol '%s' may not be referenced as a kernel symbol",
					       mark + 1);
		return fail_at(p, &p->tok.loc, "[D_IDENT_UNDEF] failed to resolve %s: Unknown symbol name",
			       p->tok.str);
	}
	note(p, "symbol", p->tok.str, d_attr_private, 0, &p->tok.loc);
	n = new_node(p, N_UNOP, &p->tok.loc);
	c = new_node(p, N_CALL, &p->tok.loc);
	s = new_node(p, N_STR, &p->tok.loc);

	n->op = T_STAR;
	n->a = c;
	c->name = xstrdup("__dksym");
	s->str = take_str(p);
	s->slen = strlen(s->str);
	ast_push(c, s);
	return next(p) ? n : NULL;
}

/*
 * An inline array used, at its '[': its value with the keys in place
 * of its parameters, each converted to its parameter's type.
 */
static struct node *inline_call(struct parser *p, struct inline_def *d,
				const struct loc *loc)
{
	struct node *keys;
	int i;

	if (p->tok.kind != T_LBRACKET)
		return fail_at(p, loc, "[D_IDENT_BADREF] associative array '%s' may not be referenced as scalar",
			       d->name);
	keys = new_node(p, N_MAP, loc);
	if (!next(p) || !parse_args(p, keys, T_RBRACKET))
		return NULL;
	if (keys->nlist != d->nparams)
		return fail_at(p, loc, "[D_PROTO_LEN] %s[ ] prototype mismatch: %d key%spassed, %d expected",
			       d->name, keys->nlist, keys->nlist == 1 ? " " : "s ",
			       d->nparams);
	for (i = 0; i < keys->nlist; i++)
		if (d->params[i])
			keys->list[i] = make_cast(p, d->params[i], keys->list[i]);
	return copy_args(p, d->value, loc, NULL, keys->list);
}

static struct node *parse_ident(struct parser *p)
{
	struct loc loc = p->tok.loc;
	struct inline_def *d;
	struct global_decl *g;
	struct node *n;
	int64_t v;
	char *name;
	int i;

	if (strchr(p->tok.str, '`'))
		return ksym_ref(p);
	name = take_str(p);
	if (!next(p)) {
		free(name);
		return NULL;
	}
	if (p->tok.kind == T_LPAREN) {
		n = new_node(p, N_CALL, &loc);
		n->name = name;
		if (in_list(evolving_funcs, ARRAY_SIZE(evolving_funcs), name)) {
			static const struct d_attr evolving = {
				D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON,
			};
			char *called = xasprintf("%s( )", name);

			note(p, "function", called, evolving, 0, &loc);
			free(called);
		}
		if (!next(p) || !parse_args(p, n, T_RPAREN))
			return NULL;
		return n;
	}
	if (p->defining && !strcmp(name, p->defining)) {
		fail_at(p, &loc, "[D_IDENT_UNDEF] failed to resolve %s: Unknown variable name", name);
		free(name);
		return NULL;
	}
	if (p->xparam && !strcmp(name, p->xparam)) {
		n = new_node(p, N_VAR, &loc);
		n->name = name;
		n->flags = NF_XPARAM;
		return n;
	}
	for (i = 0; i < p->niparams; i++) {
		if (strcmp(name, p->iparams[i]))
			continue;
		n = new_node(p, N_VAR, &loc);
		n->name = name;
		n->flags = NF_IPARAM;
		n->ival = i;
		return n;
	}
	if (!type_script_const(name, &v)) {
		free(name);
		n = new_node(p, N_INT, &loc);
		make_int(n, (uint64_t)v);
		return n;
	}
	d = find_inline(p, name);
	if (d) {
		struct d_attr a;

		if (!d->value && !resolve(p, d->text, &d->at, d)) {
			free(name);
			return NULL;
		}
		if (!pragma_attr(name, &a))
			a = d->attr;
		note(p, d->nparams >= 0 ? "associative array" : "scalar", name, a, 0, &loc);
		free(name);
		if (d->nparams >= 0)
			return inline_call(p, d, &loc);
		n = copy_tree(p, d->value, &loc);
		/* The inline's declared type is its value's (curcpu) */
		if (n)
			n->flags &= ~NF_XDYN;
		return n;
	}
	if (is_builtin_var(name)) {
		note_builtin(p, name, &loc);
		n = new_node(p, N_BUILTIN, &loc);
		n->name = name;
		return n;
	}
	note_var(p, name, &loc);
	n = new_node(p, N_MAP, &loc);
	n->name = name;
	g = find_global(p, name);
	/*
	 * As in DTrace, a variable's first use decides what it is: x[0]
	 * after x = alloca(8) is an element of the pointer x.
	 */
	if (!g && !is_scalar(p, name) && p->tok.kind != T_LBRACKET)
		vec_push(&p->scalars, xstrdup(name));
	if (p->tok.kind == T_LBRACKET && (!g || g->assoc) && !is_scalar(p, name) &&
	    (!next(p) || !parse_args(p, n, T_RBRACKET)))
		return NULL;
	return g ? cast_keys(p, n, g) : n;
}

/* After '(': a cast "(type) cast-expression" or a parenthesized expression. */
static struct node *parse_paren(struct parser *p, const struct loc *lparen)
{
	struct node *n, *e;

	if (at_type(p)) {
		const char *from = p->tok.start;

		n = new_node(p, N_CAST, lparen);
		n->str = parse_type(p, false);
		/* op 'v': a cast to void *, which print( ) cannot print */
		if (n->str && p->void_ptr && !strcmp(n->str, "uint8 *"))
			n->op = 'v';
		/* name: the type as written, for messages ("uintptr_t") */
		if (n->str && p->tok.kind == T_RPAREN) {
			const char *to = p->tok.start;

			while (to > from && isspace((unsigned char)to[-1]))
				to--;
			n->name = xstrndup(from, to - from);
		}
		if (!n->str || !expect(p, T_RPAREN) || !enter(p))
			return NULL;
		n->a = parse_cast(p);
		p->depth--;
		if (!n->a)
			return NULL;
		/* dtrace's line for it: where its lexer is once it has reduced it */
		if (p->tok.reach_line && p->tok.reach_line != n->loc.line)
			n->loc.named_line = p->tok.reach_line;
		/* (string)e is stringof(e): the string at an address. */
		if (!strcmp(n->str, "string")) {
			n->kind = N_CALL;
			free(n->name);
			n->name = xstrdup("stringof");
			free(n->str);
			n->str = NULL;
			ast_push(n, n->a);
			n->a = NULL;
		}
		return n;
	}
	e = parse_expr(p);
	if (!e || !expect(p, T_RPAREN))
		return NULL;
	return parse_postfix_tail(p, e);
}

/* offsetof(type, member) becomes the member's offset. */
static struct node *fold_offsetof(struct parser *p, struct node *n)
{
	const char *member = n->list[1]->str;
	struct type *t = type_parse(n->list[0]->str);
	int i;

	if (!t || t->kind != TY_STRUCT || type_complete(t) || t->incomplete)
		return fail_at(p, &n->list[0]->loc,
			       "[D_OFFSETOF_TYPE] offsetof operand must be a struct or union type");
	for (i = 0; i < t->nfields && strcmp(t->fields[i].name, member); i++)
		;
	if (i == t->nfields)
		return fail_at(p, &n->list[1]->loc,
			       "[D_UNKNOWN] failed to determine offset of %s: Member name not found",
			       member);
	if (t->fields[i].bits)
		return fail_at(p, &n->list[1]->loc,
			       "[D_OFFSETOF_BITFIELD] cannot take offset of a bit-field: %s",
			       member);
	if (t->dstring)
		return fail_at(p, &n->loc,
			       "offsetof in a struct with a string member is not supported yet: "
			       "the member's place waits for strsize, settled after the program is read");
	n->kind = N_INT;
	n->ival = t->fields[i].offset;
	n->nlist = 0;
	return n;
}

static struct node *parse_primary(struct parser *p)
{
	struct node *n, *s;
	struct loc loc = p->tok.loc;

	switch (p->tok.kind) {
	case T_INT:
		n = new_node(p, N_INT, &loc);
		n->ival = p->tok.ival;
		n->flags = p->tok.lit;
		if (p->tok.neg)
			n->flags |= NF_SIGNED;
		break;
	case T_STR:
		n = new_node(p, N_STR, &loc);
		n->slen = p->tok.slen;
		n->str = take_str(p);
		break;
	case T_MAP:
		n = new_node(p, N_MAP, &loc);
		n->name = take_str(p);
		if (!next(p))
			return NULL;
		if (p->tok.kind == T_LBRACKET &&
		    (!next(p) || !parse_args(p, n, T_RBRACKET)))
			return NULL;
		return n;
	case D_KW_SELF:
	case D_KW_THIS:
		return parse_scoped(p);
	case T_IDENT:
		return parse_ident(p);
	case T_LPAREN:
		if (!next(p))
			return NULL;
		return parse_paren(p, &loc);
	case D_KW_OFFSETOF:
		n = new_node(p, N_CALL, &loc);
		n->name = xstrdup("offsetof");
		if (!next(p) || !expect(p, T_LPAREN))
			return NULL;
		/* A name no type has is no type_name to dtrace's grammar */
		if (p->tok.kind == T_IDENT && !strchr(p->tok.str, '`') &&
		    !d_lex_typedef(p->tok.str) && !type_defined(NULL, p->tok.str) &&
		    !type_parse(p->tok.str))
			return syntax(p);
		s = new_node(p, N_STR, &p->tok.loc);
		ast_push(n, s);
		if (!(s->str = parse_type(p, false)))
			return NULL;
		s->slen = strlen(s->str);
		if (!expect(p, T_COMMA))
			return NULL;
		if (p->tok.kind != T_IDENT)
			return syntax(p);
		s = new_node(p, N_STR, &p->tok.loc);
		ast_push(n, s);
		s->str = take_str(p);
		s->slen = strlen(s->str);
		if (!next(p) || !expect(p, T_RPAREN))
			return NULL;
		return fold_offsetof(p, n);
	case D_KW_XLATE:
		n = new_node(p, N_CALL, &loc);
		n->name = xstrdup("xlate");
		n->flags |= NF_XDYN;
		if (!next(p) || !expect(p, T_LT))
			return NULL;
		s = new_node(p, N_STR, &p->tok.loc);
		ast_push(n, s);
		if (!(s->str = parse_type(p, false)))
			return NULL;
		s->slen = strlen(s->str);
		if (!expect(p, T_GT) || !expect(p, T_LPAREN) ||
		    !(s = parse_expr(p)) || !expect(p, T_RPAREN))
			return NULL;
		ast_push(n, s);
		/* xlate <T>(e) not followed by a member: the struct whole */
		if (!xlate_ptr(n) && p->tok.kind != T_DOT)
			return xlate_whole(p, n, NULL, &n->loc);
		return n;
	default:
		return syntax(p);
	}
	return next(p) ? n : NULL;
}

static struct node *parse_sizeof(struct parser *p)
{
	struct node *n = new_node(p, N_SIZEOF, &p->tok.loc);

	if (!next(p))
		return NULL;
	if (p->tok.kind != T_LPAREN) {
		n->a = parse_unary(p);
		return n->a ? n : NULL;
	}
	if (!next(p))
		return NULL;
	if (at_type(p)) {
		n->str = parse_type(p, false);
		return n->str && expect(p, T_RPAREN) ? n : NULL;
	}
	n->a = parse_expr(p);
	if (!n->a || !expect(p, T_RPAREN))
		return NULL;
	n->a = parse_postfix_tail(p, n->a);
	return n->a ? n : NULL;
}

static struct node *parse_unary(struct parser *p)
{
	struct node *n, *e;
	int kind = p->tok.kind;

	if (!enter(p))
		return NULL;
	switch (kind) {
	case T_INC:
	case T_DEC:
		n = new_node(p, N_INCDEC, &p->tok.loc);
		n->op = kind;
		if (!next(p) || !(n->a = parse_unary(p)))
			goto fail;
		if (!is_lvalue(n->a) && !is_part_lvalue(n->a)) {
			not_lvalue(p, n->a, &n->loc, kind == T_INC ? "++" : "--");
			goto fail;
		}
		break;
	case T_PLUS:
		if (!next(p) || !(n = parse_cast(p)))
			goto fail;
		break;
	case T_MINUS:
	case T_NOT:
	case T_TILDE:
	case T_STAR:
	case T_AMP:
		n = new_node(p, N_UNOP, &p->tok.loc);
		n->op = kind;
		if (!next(p) || !(n->a = parse_cast(p)))
			goto fail;
		/* &`name: the symbol's address */
		if (kind == T_AMP && is_ksym_ref(n->a)) {
			n = n->a->a;
			n->op = '&';
		}
		/* *xlate <T *>(e): the translated struct */
		if (kind == T_STAR && is_xlate(n->a) && xlate_ptr(n->a) &&
		    !(n = xlate_whole(p, n->a, NULL, &n->loc)))
			goto fail;
		break;
	case D_KW_SIZEOF:
		if (!(n = parse_sizeof(p)))
			goto fail;
		break;
	case D_KW_STRINGOF:
		n = new_node(p, N_CALL, &p->tok.loc);
		n->name = xstrdup("stringof");
		if (!next(p) || !(e = parse_unary(p)))
			goto fail;
		ast_push(n, e);
		break;
	default:
		n = parse_primary(p);
		if (n && kind != T_LPAREN)
			n = parse_postfix_tail(p, n);
		if (!n)
			goto fail;
		break;
	}
	p->depth--;
	return n;
fail:
	p->depth--;
	return NULL;
}

static struct node *parse_cast(struct parser *p)
{
	return parse_unary(p);
}

/* Binary operators from loosest to tightest; all left-associative. */
static const int binops[][5] = {
	{ T_LOR },
	{ D_LXOR },
	{ T_LAND },
	{ T_PIPE },
	{ T_CARET },
	{ T_AMP },
	{ T_EQ, T_NE },
	{ T_LT, T_GT, T_LE, T_GE },
	{ T_SHL, T_SHR },
	{ T_PLUS, T_MINUS },
	{ T_STAR, T_SLASH, T_PERCENT },
};

static bool is_binop(struct parser *p, int level)
{
	int i;

	for (i = 0; i < 5 && binops[level][i]; i++)
		if (p->tok.kind == binops[level][i])
			return true;
	return false;
}

static struct node *binop(struct parser *p, int op, struct node *a,
			  struct node *b, const struct loc *loc)
{
	struct node *n = new_node(p, N_BINOP, loc);

	/* dtrace's line for it: where its lexer is once it has reduced it */
	if (p->tok.reach_line && p->tok.reach_line != loc->line)
		n->loc.named_line = p->tok.reach_line;
	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

/* (a != 0) != (b != 0): a ^^ b in the operators the AST has. */
static struct node *lxor(struct parser *p, struct node *a, struct node *b,
			 const struct loc *loc)
{
	struct node *za = new_node(p, N_INT, loc), *zb = new_node(p, N_INT, loc);

	return binop(p, T_NE, binop(p, T_NE, a, za, loc),
		     binop(p, T_NE, b, zb, loc), loc);
}

static struct node *parse_binary(struct parser *p, int level)
{
	struct node *e, *r;
	struct loc loc;
	int op;

	if (level == (int)ARRAY_SIZE(binops))
		return parse_cast(p);
	e = parse_binary(p, level + 1);
	while (e && is_binop(p, level)) {
		op = p->tok.kind;
		loc = p->tok.loc;
		if (!next(p) || !(r = parse_binary(p, level + 1)))
			return NULL;
		e = op == D_LXOR ? lxor(p, e, r, &loc) : binop(p, op, e, r, &loc);
	}
	return e;
}

/* logical-or ["?" expression ":" conditional] */
static struct node *parse_cond(struct parser *p)
{
	struct node *e, *n;

	if (!enter(p))
		return NULL;
	e = parse_binary(p, 0);
	if (!e || p->tok.kind != T_QUESTION) {
		p->depth--;
		return e;
	}
	n = new_node(p, N_TERNARY, &p->tok.loc);
	n->a = e;
	if (!next(p) || !(n->b = parse_expr(p)) || !expect(p, T_COLON) ||
	    !(n->c = parse_cond(p)))
		n = NULL;
	p->depth--;
	return n;
}

/* Whether evaluating n stores to a variable (++, --, an assignment). */
static bool has_store(const struct node *n)
{
	int i;

	if (!n)
		return false;
	if (n->kind == N_INCDEC || n->kind == N_ASSIGN)
		return true;
	if (has_store(n->a) || has_store(n->b) || has_store(n->c))
		return true;
	for (i = 0; i < n->nlist; i++)
		if (has_store(n->list[i]))
			return true;
	return false;
}

static int assign_op(int kind)
{
	switch (kind) {
	case T_ASSIGN: return T_ASSIGN;
	case T_PLUS_ASSIGN: return T_PLUS;
	case T_MINUS_ASSIGN: return T_MINUS;
	case T_STAR_ASSIGN: return T_STAR;
	case T_SLASH_ASSIGN: return T_SLASH;
	case T_PERCENT_ASSIGN: return T_PERCENT;
	case T_AMP_ASSIGN: return T_AMP;
	case T_PIPE_ASSIGN: return T_PIPE;
	case T_CARET_ASSIGN: return T_CARET;
	case T_SHL_ASSIGN: return T_SHL;
	case T_SHR_ASSIGN: return T_SHR;
	default: return 0;
	}
}

/*
 * A variable declared of an integer or pointer type takes the values
 * assigned to it converted to that type, as C converts them: "x op= e"
 * becomes "x = (type)(x op e)".
 */
static struct node *convert_assign(struct parser *p, struct node *n)
{
	const struct global_decl *g = is_lvalue(n->a) ?
				      find_global(p, n->a->name) : NULL;

	if (!g || !g->cast)
		return n;
	if (n->op != T_ASSIGN) {
		if (!ast_pure(n->a))
			return n;
		n->b = binop(p, n->op, copy_tree(p, n->a, &n->a->loc), n->b,
			     &n->loc);
		/* The operator written, for dtrace's checks (sema's assign()) */
		n->ival = (uint64_t)n->op;
		n->op = T_ASSIGN;
	}
	n->b = make_cast(p, g->cast, n->b);
	/* op '=': an assignment's conversion, whose errors are its own */
	n->b->op = '=';
	return n;
}

/*
 * Assignments are expressions in D.  They are parsed as N_ASSIGN nodes
 * wherever they appear: a statement, or a value (the lvalue's, after).
 */
static struct node *parse_assign(struct parser *p)
{
	struct node *e, *n;
	char opname[4];
	int op;

	if (!enter(p))
		return NULL;
	e = parse_cond(p);
	op = e ? assign_op(p->tok.kind) : 0;
	if (!op) {
		p->depth--;
		return e;
	}
	snprintf(opname, sizeof(opname), "%.*s", p->tok.len, p->tok.start);
	if (!is_lvalue(e) && !is_part_lvalue(e))
		return not_lvalue(p, e, &p->tok.loc, opname);
	n = new_node(p, N_ASSIGN, &p->tok.loc);
	n->op = op;
	n->a = e;
	if (!next(p) || !(n->b = parse_assign(p)))
		return NULL;
	p->depth--;
	/*
	 * D reads x of "x op= e" before e: "x = x op e" where e stores
	 * (i += i++ is 2i), as the engine's op= reads x after e.
	 */
	if (op != T_ASSIGN && is_lvalue(e) && ast_pure(e) && has_store(n->b)) {
		n->b = binop(p, op, copy_tree(p, e, &e->loc), n->b, &n->loc);
		n->op = T_ASSIGN;
	}
	return convert_assign(p, n);
}

/* The comma operator, as an N_BINOP of T_COMMA until lowered. */
static struct node *parse_expr(struct parser *p)
{
	struct node *e = parse_assign(p), *r;
	struct loc loc;

	while (e && p->tok.kind == T_COMMA) {
		loc = p->tok.loc;
		if (!next(p) || !(r = parse_assign(p)))
			return NULL;
		e = binop(p, T_COMMA, e, r, &loc);
	}
	return e;
}

/* ---- statements ---- */

static bool check_expr(struct parser *p, const struct node *n);

/*
 * The operand at *np as a value: a translated struct's pointer
 * (xlate <T *>(e) kept, cast or compared: curcpu) becomes the struct
 * built, and its address (op 'P'); a translated struct used whole
 * (*curpsinfo, xlate <T>(e)) the struct built, as a value (op 'S').
 */
static bool check_value(struct parser *p, struct node **np)
{
	struct node *n = *np;

	if (!n)
		return true;
	if (is_xlate(n) && xlate_ptr(n)) {
		n = xlate_whole(p, n, NULL, &n->loc);
		if (!n)
			return false;
		n->op = 'P';
		*np = n;
	} else if (is_dxsou(n) && !n->op) {
		n->op = 'S';
	}
	return check_expr(p, n);
}

/* Rejects the assignments and comma operators left inside an expression. */
static bool check_expr(struct parser *p, const struct node *n)
{
	int i;

	if (!n)
		return true;
	if (n->kind == N_BINOP && n->op == T_COMMA) {
		fail_at(p, &n->loc, "the comma operator is not supported yet");
		return false;
	}
	/* A translated struct's address is no integer to DTrace. */
	if (n->kind == N_CAST && n->a && is_xlate(n->a) && xlate_ptr(n->a) &&
	    (n->a->flags & NF_XDYN)) {
		struct type *t = type_parse(n->str);

		if (t && t->kind == TY_INT) {
			fail_at(p, &n->loc, "[D_CAST_INVAL] invalid cast expression: \"pointer to translated data\" to \"%s\"",
				n->name ? n->name : n->str);
			return false;
		}
	}
	/* print(curpsinfo): the translated struct, built, and its address */
	if (n->kind == N_CALL && !strcmp(n->name, "print") && n->nlist == 1 &&
	    is_xlate(n->list[0]) && xlate_ptr(n->list[0])) {
		struct node *w = xlate_whole(p, n->list[0], NULL,
					     &n->list[0]->loc);

		if (!w)
			return false;
		w->op = '*';
		n->list[0] = w;
	}
	/*
	 * A translated struct used whole: what trace( ) dumps, and print( )
	 * refuses with DTrace's own error, as it takes pointers only.
	 */
	if (n->kind == N_CALL && (!strcmp(n->name, "trace") ||
				  !strcmp(n->name, "print")) &&
	    n->nlist == 1 && is_dxsou(n->list[0]))
		n = n->list[0];
	/* printf( ) gives DTrace's error: no conversion takes a struct */
	else if (n->kind == N_CALL && !strcmp(n->name, "printf")) {
		for (i = 0; i < n->nlist; i++) {
			struct node *a = n->list[i];
			int k;

			if (!is_dxsou(a) && !check_value(p, &n->list[i]))
				return false;
			for (k = 0; is_dxsou(a) && k < a->nlist; k++)
				if (!check_expr(p, a->list[k]))
					return false;
		}
		return true;
	}
	{
		struct node *w = (struct node *)n;

		if (!check_value(p, &w->a) || !check_value(p, &w->b) ||
		    !check_value(p, &w->c))
			return false;
		for (i = 0; i < w->nlist; i++)
			if (!check_value(p, &w->list[i]))
				return false;
	}
	return true;
}

/*
 * "a, b" at statement level becomes "a; b".  An assignment is a
 * statement of its own; one inside another ("x = y = e") is a value.
 */
static bool lower_stmt(struct parser *p, struct node *block, struct node *e)
{
	struct node *s;

	if (e->kind == N_BINOP && e->op == T_COMMA)
		return lower_stmt(p, block, e->a) && lower_stmt(p, block, e->b);
	if (e->kind == N_ASSIGN) {
		if (!check_expr(p, e->a) || !check_value(p, &e->b))
			return false;
		ast_push(block, e);
		return true;
	}
	if (!check_expr(p, e))
		return false;
	s = new_node(p, N_EXPRSTMT, &e->loc);
	s->a = e;
	ast_push(block, s);
	return true;
}

/*
 * '{' [statement] (';' [statement])* '}'.  The token after '}' is lexed
 * in the outer scope.
 */
static struct node *parse_body(struct parser *p)
{
	struct node *b, *e;

	b = new_node(p, N_BLOCK, &p->tok.loc);
	p->lx.outer = false;
	if (!next(p))
		return NULL;
	for (;;) {
		if (p->tok.kind == T_RBRACE)
			break;
		if (p->tok.kind == T_SEMI) {
			if (!next(p))
				return NULL;
			continue;
		}
		p->expr_nodes = 0;
		e = parse_expr(p);
		if (!e || !lower_stmt(p, b, e))
			return NULL;
		if (p->tok.kind == T_SEMI) {
			if (!next(p))
				return NULL;
			continue;
		}
		if (p->tok.kind != T_RBRACE)
			return syntax(p);
	}
	p->lx.outer = true;
	p->body_end = p->tok.reach_line;
	return next(p) ? b : NULL;
}

/* ---- probe descriptions and clauses ---- */

/*
 * The description with $N and $name replaced in each field, as dtrace
 * does: the first '$' of a field starts the reference ("$$" is the same
 * as "$"); digits after it are an argument number and the rest of the
 * field stays, otherwise the rest of the field is a macro name.
 */
static char *expand_spec(struct parser *p, const char *spec, const struct loc *loc)
{
	const struct d_macros *m = p->lx.m;
	int level = m && m->level > 0 && m->level < 4 ? m->level : 4;
	struct buf b = { 0 };
	const char *f = spec, *end, *v, *w;
	const char *why = NULL;
	int fields = 1, i;
	bool found;
	long val;

	/*
	 * As dtrace reads fields from the right, a leading ':' starts no
	 * field of its own (":b" is "b"); below a name's level the fields
	 * fill the specifier's level and those right of it are empty.  A
	 * name's description stays as written, read from the right later.
	 */
	for (v = spec; *v; v++)
		fields += *v == ':';
	if (*spec == ':')
		fields--;
	if (*spec == ':' && level < 4)
		f++;
	if (fields > level) {
		fail_at(p, loc, "[D_PDESC_INVAL] invalid probe description \"%s\": Overspecified probe description",
			spec);
		return NULL;
	}
	buf_put(&b, "", 0);
	for (i = fields; i < level && level < 4; i++)
		buf_put(&b, ":", 1);
	for (;;) {
		end = strchr(f, ':');
		if (!end)
			end = f + strlen(f);
		v = memchr(f, '$', end - f);
		if (!v) {
			buf_put(&b, f, end - f);
		} else {
			buf_put(&b, f, v - f);
			if (v[1] == '$' && end - v > 2)
				v++;
			if (v + 1 < end && v[1] >= '0' && v[1] <= '9') {
				unsigned long k = strtoul(v + 1, (char **)&w, 10);
				const char *arg = d_lex_macro_arg(&p->lx, k);

				if (w > end || !arg) {
					why = "Undefined macro variable in probe description";
					break;
				}
				buf_printf(&b, "%s", arg);
				buf_put(&b, w, end - w);
			} else {
				val = end - v > 1 ?
				      d_lex_macro_value(&p->lx, v + 1, (int)(end - v - 1), &found) : 0;
				if (end - v <= 1 || !found) {
					why = "Undefined macro variable in probe description";
					break;
				}
				buf_printf(&b, "%ld", val);
			}
		}
		if (!*end)
			break;
		buf_put(&b, ":", 1);
		f = end + 1;
	}
	for (i = level; i < 4; i++)
		buf_put(&b, ":", 1);
	if (why) {
		buf_free(&b);
		fail_at(p, loc, "[D_PDESC_INVAL] invalid probe description \"%s\": %s", spec, why);
		return NULL;
	}
	return b.p;
}

static struct node *parse_spec(struct parser *p)
{
	struct node *n = new_node(p, N_SPEC, &p->tok.loc);

	if (p->tok.kind == T_INT) {
		if (p->tok.ival > 0xffffffffULL)
			return fail_at(p, &p->tok.loc,
				       "[D_PDESC_INVAL] identifier %llu exceeds maximum probe id",
				       (unsigned long long)p->tok.ival);
		n->str = xstrndup(p->tok.start, p->tok.len);
	} else if (p->tok.kind == T_SPEC) {
		n->str = expand_spec(p, p->tok.str, &p->tok.loc);
		if (!n->str)
			return NULL;
	} else {
		return syntax(p);
	}
	return next(p) ? n : NULL;
}

/* The clause n's attributes as parsed, kept for d_clause_attr(). */
static struct node *clause_done(struct parser *p, struct node *n,
				struct d_clause_attr *ca, int end_line)
{
	p->leaves = NULL;
	p->in_pred = false;
	if (!n) {
		free_clause_attr(ca);
		return NULL;
	}
	ca->clause = n;
	ca->attr = p->attr;
	ca->uses = p->uses;
	ca->end_line = end_line;
	vec_push(&scope.clauses, ca);
	return n;
}

/* description (',' description)* ['/' expression '/'] ['{' statements '}'] */
static struct node *parse_clause(struct parser *p)
{
	struct d_clause_attr *ca = xcalloc(1, sizeof(*ca));
	struct node *n, *s;

	n = new_node(p, N_PROBE, &p->tok.loc);
	for (;;) {
		s = parse_spec(p);
		if (!s)
			return clause_done(p, NULL, ca, 0);
		ast_push_spec(n, s);
		if (p->tok.kind != T_COMMA)
			break;
		if (!next(p))
			return clause_done(p, NULL, ca, 0);
	}
	p->clause = n;
	p->attr = d_attr_default;
	p->uses = 0;
	p->leaves = &ca->leaves;
	if (p->tok.kind == T_SLASH) {
		p->lx.outer = false;
		p->expr_nodes = 0;
		p->in_pred = true;
		if (!next(p) || !(n->a = parse_expr(p)))
			return clause_done(p, NULL, ca, 0);
		p->in_pred = false;
		if (p->tok.kind != D_EPRED)
			return clause_done(p, syntax(p), ca, 0);
		if (!check_expr(p, n->a) || !next(p))
			return clause_done(p, NULL, ca, 0);
		if (p->tok.kind != T_LBRACE)
			return clause_done(p, fail_at(p, &n->a->loc,
				       "[D_SYNTAX] expected actions { } following probe description and predicate"),
				       ca, 0);
	}
	if (p->tok.kind == T_LBRACE) {
		n->b = parse_body(p);
		p->clause = NULL;
		/*
		 * dtrace checks the predicate's type once it has read the
		 * clause, and names the line of its '}'.
		 */
		if (n->b && n->a && !n->a->loc.named_line &&
		    p->body_end != n->a->loc.line)
			n->a->loc.named_line = p->body_end;
		return clause_done(p, n->b ? n : NULL, ca, p->body_end);
	}
	p->clause = NULL;
	if (!p->cmdline)
		return clause_done(p, fail_at(p, &n->specs[0]->loc,
			       "[D_SYNTAX] expected predicate and/or actions following probe description"),
			       ca, 0);
	n->b = new_node(p, N_BLOCK, &n->specs[0]->loc);
	return clause_done(p, n, ca, n->specs[0]->loc.line);
}

/* ---- declarations ---- */

static void free_decl(struct global_decl *g)
{
	int i;

	for (i = 0; i < g->nkeys; i++)
		free(g->keys[i]);
	free(g->keys);
	free(g->cast);
	free(g->text);
	free(g->local);
	free(g->name);
	free(g);
}

/*
 * A scalar array's dimension: a positive integer constant, as DTrace
 * wants it.
 */
static bool parse_dim(struct parser *p, int *dim)
{
	struct loc loc = p->tok.loc;
	struct node *e = parse_cond(p);

	if (!e)
		return false;
	fold(e);
	if (e->kind != N_INT || (int64_t)e->ival <= 0) {
		fail_at(p, &loc, "[D_DECL_ARRSUB] positive integral constant "
			"expression or tuple signature expected as array declaration subscript");
		return false;
	}
	if (e->ival > UINT32_MAX) {
		fail_at(p, &loc, "[D_DECL_ARRBIG] array dimension too big");
		return false;
	}
	if (e->ival > 1 << 20) {
		fail_at(p, &loc, "an array of %llu elements is too big for a BPF map value",
			(unsigned long long)e->ival);
		return false;
	}
	*dim = (int)e->ival;
	return true;
}

/* ---- extern declarations and function prototypes ---- */

static bool end_decl(struct parser *p);

/*
 * A C declarator: its name (NULL for an abstract one) and the steps
 * from the name outward to the declaration's type: "*", "[N]", "[]",
 * "[types]" (an associative array's, dynamic) and "(parameters)".
 */
struct cdecl {
	char *name;
	struct loc loc;		/* of the name, or where it would be */
	struct vec steps;	/* char *, parameters in the engine's names */
	struct vec shown;	/* char *, the same as the program spells them */
	bool dynamic;
};

static void cdecl_free(struct cdecl *d)
{
	int i;

	for (i = 0; i < d->steps.n; i++) {
		free(d->steps.v[i]);
		free(d->shown.v[i]);
	}
	vec_free(&d->steps);
	vec_free(&d->shown);
	free(d->name);
}

/* Adds a step: canon in the engine's type names, shown as spelled. */
static void cdecl_step(struct cdecl *d, char *canon, char *shown)
{
	vec_push(&d->steps, canon);
	vec_push(&d->shown, shown ? shown : xstrdup(canon));
}

/* The source text from start to the current token, spaces made one. */
static char *src_span(struct parser *p, const char *start)
{
	struct buf b = { 0 };
	const char *q;
	bool space = false;

	buf_put(&b, "", 0);
	for (q = start; q < p->tok.start; q++) {
		if (isspace((unsigned char)*q)) {
			space = b.len > 0;
			continue;
		}
		if (space)
			buf_put(&b, " ", 1);
		space = false;
		buf_put(&b, q, 1);
	}
	return b.p;
}

/*
 * The type a declarator d makes of base, written as C writes a type
 * name: "int *(*)(void)", "int [5][6]"; with shown, its parameters as
 * the program spells them.
 */
static char *cdecl_type(const char *base, const struct cdecl *d, bool shown)
{
	char *text = xstrdup(""), *t;
	int i;

	for (i = 0; i < d->steps.n; i++) {
		const char *st = shown ? d->shown.v[i] : d->steps.v[i];

		if (!strcmp(st, "*"))
			t = xasprintf("*%s", text);
		else if (text[0] == '*')
			t = xasprintf("(%s)%s", text, st);
		else
			t = xasprintf("%s%s", text, st);
		free(text);
		text = t;
	}
	t = *text ? xasprintf("%s %s", base, text) : xstrdup(base);
	free(text);
	return t;
}

static bool parse_cdecl(struct parser *p, struct cdecl *d, bool abstract);
static bool parse_suffixes(struct parser *p, struct cdecl *d);

/*
 * An associative array's key types in a declarator, up to ']': no
 * variable-length list, as dtrace checks an array prototype.
 */
static bool parse_keys(struct parser *p)
{
	for (;;) {
		struct cdecl d = { 0 };
		char *type;
		bool ok;

		if (p->tok.kind == D_ELLIPSIS)
			return fail_at(p, &p->tok.loc, "[D_DECL_PROTO_VARARGS] array prototype may not use a variable-length argument list");
		type = parse_type(p, true);
		if (!type)
			return false;
		ok = parse_cdecl(p, &d, true);
		free(type);
		cdecl_free(&d);
		if (!ok)
			return false;
		if (p->tok.kind != T_COMMA)
			return true;
		if (!next(p))
			return false;
	}
}

/*
 * A prototype's parameter list, the current token just past '(', as
 * dtrace checks one: no storage class but register, a void parameter
 * alone and unnamed, no associative array.  Appends "(T, T, ...)" (the
 * engine's type names with canon, else C's) to *canon and *shown.
 */
static bool parse_params(struct parser *p, struct buf *canon,
			 struct buf *shown)
{
	struct loc close;
	int i = 0, nvoid = 0;

	buf_put(canon, "(", 1);
	buf_put(shown, "(", 1);
	while (p->tok.kind != T_RPAREN) {
		struct cdecl d = { 0 };
		struct loc at = p->tok.loc;
		const char *start;
		char *type, *raw, *c, *w;
		bool is_void;

		if (i++) {
			buf_put(canon, ", ", 2);
			buf_put(shown, ", ", 2);
		}
		if (p->tok.kind == D_ELLIPSIS) {
			buf_put(canon, "...", 3);
			buf_put(shown, "...", 3);
			if (!next(p))
				return false;
			break;
		}
		if (p->tok.kind == D_KW_STATIC || p->tok.kind == D_KW_EXTERN ||
		    p->tok.kind == D_KW_AUTO || p->tok.kind == D_KW_SELF ||
		    p->tok.kind == D_KW_THIS || p->tok.kind == D_KW_TYPEDEF)
			return fail_at(p, &at, "[D_DECL_PARMCLASS] inappropriate storage class for function or associative array parameter");
		if (p->tok.kind == D_KW_REGISTER && !next(p))
			return false;
		start = p->tok.start;
		type = parse_type(p, true);
		if (!type)
			return false;
		raw = src_span(p, start);
		if (!parse_cdecl(p, &d, true)) {
			free(type);
			free(raw);
			cdecl_free(&d);
			return false;
		}
		c = cdecl_type(type, &d, false);
		w = cdecl_type(raw, &d, true);
		is_void = !strcmp(c, "void");
		buf_printf(canon, "%s", c);
		buf_printf(shown, "%s", w);
		free(c);
		free(w);
		free(type);
		free(raw);
		nvoid += is_void;
		if (d.dynamic) {
			fail_at(p, &at, "[D_DECL_PROTO_TYPE] function prototype may not use parameter of type dynamic variable: %s, parameter #%d",
				d.name ? d.name : "(anonymous)", i);
		} else if (is_void && d.name) {
			fail_at(p, &at, "[D_DECL_PROTO_NAME] void parameter may not have a name: %s",
				d.name);
		}
		cdecl_free(&d);
		if (p->failed)
			return false;
		if (p->tok.kind != T_COMMA)
			break;
		if (!next(p))
			return false;
	}
	close = p->tok.loc;
	if (!expect(p, T_RPAREN))
		return false;
	if (nvoid && i > 1)
		return fail_at(p, &close, "[D_DECL_PROTO_VOID] void must be sole parameter");
	buf_put(canon, ")", 1);
	buf_put(shown, ")", 1);
	return true;
}

/*
 * '*'* (NAME | '(' declarator ')') ('[' ... ']' | '(' parameters ')')*,
 * or without NAME where abstract.  Steps go into d nearest the name
 * first, so a nested declarator's come before this level's suffixes,
 * and its stars last.  A parameter list is kept in the engine's type
 * names (d's steps compare); its C spelling is not kept.
 */
static bool parse_cdecl(struct parser *p, struct cdecl *d, bool abstract)
{
	int stars = 0, c;

	d->loc = p->tok.loc;
	while (p->tok.kind == T_STAR || qualifier(p->tok.kind)) {
		stars += p->tok.kind == T_STAR;
		if (!next(p))
			return false;
	}
	c = d_lex_peek(&p->lx);
	if (p->tok.kind == T_LPAREN && (!abstract || c == '*' || c == '(')) {
		if (!next(p) || !parse_cdecl(p, d, abstract) ||
		    !expect(p, T_RPAREN))
			return false;
	} else if (p->tok.kind == T_IDENT && !d->name) {
		d->loc = p->tok.loc;
		if (strchr(p->tok.str, '`'))
			return fail_at(p, &d->loc, "[D_DECL_SCOPE] D scoping operator may not be used in a declaration name (%s)",
				       p->tok.str);
		d->name = take_str(p);
		if (!next(p))
			return false;
	} else if (!abstract) {
		syntax(p);
		return false;
	}
	if (!parse_suffixes(p, d))
		return false;
	while (stars--)
		cdecl_step(d, xstrdup("*"), NULL);
	return true;
}

/* A declarator's '[' ... ']' and '(' parameters ')' after its name. */
static bool parse_suffixes(struct parser *p, struct cdecl *d)
{
	while (p->tok.kind == T_LBRACKET || p->tok.kind == T_LPAREN) {
		struct buf canon = { 0 }, shown = { 0 };
		int dim;

		if (p->tok.kind == T_LPAREN) {
			if (!next(p) || !parse_params(p, &canon, &shown)) {
				buf_free(&canon);
				buf_free(&shown);
				return false;
			}
			cdecl_step(d, canon.p, shown.p);
			continue;
		}
		if (!next(p))
			return false;
		if (p->tok.kind == T_RBRACKET) {
			cdecl_step(d, xstrdup("[]"), NULL);
		} else if (p->tok.kind == D_ELLIPSIS || at_type(p)) {
			if (!parse_keys(p))
				return false;
			cdecl_step(d, xstrdup("[dynamic]"), NULL);
			d->dynamic = true;
		} else {
			if (!parse_dim(p, &dim))
				return false;
			cdecl_step(d, xasprintf("[%d]", dim), NULL);
		}
		if (!expect(p, T_RBRACKET))
			return false;
	}
	return true;
}

/*
 * Declares name of type (canon, shown) in the D module, as dtrace's
 * extern does: a second declaration of another type is its
 * D_DECL_IDRED.
 */
static bool add_extern(struct parser *p, const struct loc *loc,
		       const char *name, const char *canon, const char *shown)
{
	struct d_extern *e;
	int i;

	for (i = 0; i < scope.externs.n; i++) {
		e = scope.externs.v[i];
		if (strcmp(e->name, name))
			continue;
		if (strcmp(e->canon, canon))
			return fail_at(p, loc, "[D_DECL_IDRED] identifier redeclared: D`%s\n\t current: %s\n\tprevious: %s",
				       name, shown, e->shown);
		return true;
	}
	e = xcalloc(1, sizeof(*e));
	e->name = xstrdup(name);
	e->canon = xstrdup(canon);
	e->shown = xstrdup(shown);
	vec_push(&scope.externs, e);
	return true;
}

/* Declarator d of type base (raw: as spelled) as an extern. */
static bool declare_extern(struct parser *p, const char *base,
			   const char *raw, const struct cdecl *d)
{
	char *canon = cdecl_type(base, d, false);
	char *shown = cdecl_type(raw, d, true);
	bool ok = add_extern(p, &d->loc, d->name, canon, shown);

	free(canon);
	free(shown);
	return ok;
}

/*
 * extern [type] declarator (',' declarator)* ';', the current token
 * just past "extern": each name a symbol of the D module with that
 * type, as dtrace declares it (no type is C's int).  A data symbol's
 * value is not known to dtrace either: its symbols are the kernel's,
 * which an extern does not type.
 */
static bool parse_extern(struct parser *p)
{
	const char *start = p->tok.start;
	char *type, *raw;
	int c = d_lex_peek(&p->lx);
	bool ok = true;

	if (p->tok.kind == T_IDENT && c && strchr(";,[()", c)) {
		type = xstrdup("int32");
		raw = xstrdup("int");
	} else if (p->tok.kind == T_STAR || p->tok.kind == T_LPAREN) {
		type = xstrdup("int32");
		raw = xstrdup("int");
	} else {
		type = parse_type(p, true);
		if (!type)
			return false;
		raw = src_span(p, start);
	}
	if (p->tok.kind == T_SEMI && strncmp(type, "struct ", 7) &&
	    strncmp(type, "union ", 6) && strncmp(type, "enum ", 5))
		ok = fail_at(p, &p->tok.loc, "[D_DECL_USELESS] useless declaration");
	while (ok && p->tok.kind != T_SEMI) {
		struct cdecl d = { 0 };

		ok = parse_cdecl(p, &d, false) && declare_extern(p, type, raw, &d);
		cdecl_free(&d);
		if (!ok || p->tok.kind != T_COMMA)
			break;
		ok = next(p);
	}
	free(type);
	free(raw);
	return ok && end_decl(p);
}

/*
 * One declarator of type (text, or base, a struct, union or enum
 * defined with the declaration): '*'* NAME ('[' [types | constant] ']')*.
 * Records what "NAME[...]" will mean for a global, its type, and the
 * types its values and keys are converted to.
 */
static bool parse_declarator(struct parser *p, int storage, const char *type,
			     struct type *base)
{
	struct global_decl *g;
	struct buf t = { 0 };
	bool assoc = false;
	char **keys = NULL;
	int nkeys = 0, stars = 0, dims[DECL_DIMS], ndims = 0, i;
	struct loc loc;
	char *name;

	buf_printf(&t, "%s", type);
	while (p->tok.kind == T_STAR || qualifier(p->tok.kind)) {
		if (p->tok.kind == T_STAR)
			buf_printf(&t, "%s*", stars++ ? "" : " ");
		if (!next(p)) {
			buf_free(&t);
			return false;
		}
	}
	if (p->tok.kind == T_LPAREN) {
		fail_at(p, &p->tok.loc, "parenthesized declarators are not supported yet");
		buf_free(&t);
		return false;
	}
	if (p->tok.kind != T_IDENT) {
		syntax(p);
		buf_free(&t);
		return false;
	}
	loc = p->tok.loc;
	if (strchr(p->tok.str, '`')) {
		fail_at(p, &loc, "[D_DECL_SCOPE] D scoping operator may not be used in a declaration name (%s)",
			p->tok.str);
		buf_free(&t);
		return false;
	}
	name = take_str(p);
	if (!next(p))
		goto err;
	while (p->tok.kind == T_LBRACKET) {
		if (!next(p))
			goto err;
		if (p->tok.kind == D_ELLIPSIS) {
			fail_at(p, &p->tok.loc, "[D_DECL_PROTO_VARARGS] array prototype may not use a variable-length argument list");
			goto err;
		}
		if (at_type(p)) {
			assoc = true;
			for (;;) {
				struct loc kloc = p->tok.loc;
				char *k = parse_type(p, false);

				if (!k)
					goto err;
				if (!strcmp(k, "void")) {
					fail_at(p, &kloc, "[D_DECL_PROTO_TYPE] array prototype may not use parameter of type void: (anonymous), parameter #%d",
						nkeys + 1);
					free(k);
					goto err;
				}
				keys = xrealloc(keys, (nkeys + 1) * sizeof(*keys));
				keys[nkeys++] = cast_type(k);
				free(k);
				if (p->tok.kind != T_COMMA)
					break;
				if (!next(p))
					goto err;
				if (p->tok.kind == D_ELLIPSIS) {
					fail_at(p, &p->tok.loc, "[D_DECL_PROTO_VARARGS] array prototype may not use a variable-length argument list");
					goto err;
				}
			}
		} else if (p->tok.kind == T_RBRACKET) {
			fail_at(p, &loc, "[D_DECL_ARRNULL] array declaration requires array dimension or tuple signature: %s",
				name);
			goto err;
		} else {
			if (ndims == DECL_DIMS) {
				fail_at(p, &p->tok.loc, "arrays of more than %d dimensions are not supported",
					DECL_DIMS);
				goto err;
			}
			if (!parse_dim(p, &dims[ndims++]))
				goto err;
		}
		if (!expect(p, T_RBRACKET))
			goto err;
	}
	/* a function's prototype: an extern, as dtrace takes it */
	if (p->tok.kind == T_LPAREN && !assoc && !ndims && !storage) {
		struct cdecl d = { .name = name, .loc = loc };
		bool ok;

		ok = parse_suffixes(p, &d);
		while (ok && stars--)
			cdecl_step(&d, xstrdup("*"), NULL);
		ok = ok && declare_extern(p, type, p->decl_raw ? p->decl_raw : type,
					  &d);
		cdecl_free(&d);
		buf_free(&t);
		return ok;
	}
	if (p->tok.kind == T_LPAREN) {
		fail_at(p, &loc, "[D_DECL_BADCLASS] specified storage class not appropriate in D");
		goto err;
	}
	if (assoc && storage == D_KW_THIS) {
		fail_at(p, &loc, "[D_DECL_LOCASSC] associative arrays may not be declared as local variables: %s",
			name);
		goto err;
	}
	if (storage) {
		char *full = xasprintf("%s->%s", storage == D_KW_SELF ? "self" : "this",
				       name);

		free(name);
		name = full;
	}
	g = find_global(p, name);
	if (!g) {
		g = xcalloc(1, sizeof(*g));
		g->name = name;
		vec_push(&scope.globals, g);
	} else {
		free(name);
		for (i = 0; i < g->nkeys; i++)
			free(g->keys[i]);
		free(g->keys);
		free(g->cast);
		free(g->text);
	}
	g->assoc = assoc;
	g->keys = keys;
	g->nkeys = nkeys;
	/* "self x;" names no type; a scalar array's elements are not converted. */
	g->cast = *type && !ndims && !base ? cast_type(t.p) : NULL;
	g->text = xstrdup(t.p);
	g->base = base;
	g->stars = stars;
	g->ndims = ndims;
	memcpy(g->dims, dims, sizeof(dims));
	free(g->local);
	g->local = *type && !ndims && !assoc && storage == D_KW_THIS ?
		   xstrdup(t.p) : NULL;
	buf_free(&t);
	return true;
err:
	for (i = 0; i < nkeys; i++)
		free(keys[i]);
	free(keys);
	free(name);
	buf_free(&t);
	return false;
}

bool d_declared(const char *name)
{
	return find_global(NULL, name) != NULL;
}

struct type *d_decl_type(const char *name, int strlen)
{
	struct global_decl *g = find_global(NULL, name);
	struct type *t;
	int i;

	if (!g)
		return NULL;
	if (g->base) {
		t = g->base;
		for (i = 0; i < g->stars; i++)
			t = type_ptr(t->kind == TY_NONE ? NULL : t);
	} else if (!strcmp(g->text, "string")) {
		t = type_str(strlen);
	} else if (!*g->text || (!(t = type_c_float(g->text)) &&
				 !(t = type_parse(g->text)))) {
		return NULL;
	}
	for (i = g->ndims - 1; i >= 0; i--)
		t = type_array(t, g->dims[i]);
	return t;
}

/* The current token is ';': the next one is in the outer scope again. */
static bool end_decl(struct parser *p)
{
	if (p->tok.kind != T_SEMI) {
		syntax(p);
		return false;
	}
	p->lx.outer = true;
	return next(p);
}

/* An inline's constant value converted to its integer type. */
static void convert_const(struct node *v, const char *type)
{
	char *cast;
	const struct type *t;

	if (v->kind != N_INT || !(cast = cast_type(type)))
		return;
	t = type_parse(cast);
	free(cast);
	if (!t || t->kind != TY_INT || t->size >= 8)
		return;
	if (t->is_signed)
		make_int(v, (uint64_t)((int64_t)(v->ival << (64 - 8 * t->size)) >>
				       (64 - 8 * t->size)));
	else
		make_int(v, v->ival & ((1ULL << (8 * t->size)) - 1));
}

/*
 * An inline's value of integer type converted to it, as dtrace casts an
 * inline's tree to its declared type where it is used.
 */
static struct node *convert_value(struct parser *p, struct node *v,
				  const char *type)
{
	char *cast;

	if (v->kind == N_INT || is_xlate(v) || !(cast = cast_type(type)))
		return v;
	if (cast[strlen(cast) - 1] != '*')
		v = make_cast(p, cast, v);
	free(cast);
	return v;
}

/*
 * At an inline array's '[': its parameters, "TYPE NAME, ..." and ']',
 * their names into p->iparams and their casts (NULL for none) into
 * *casts.
 */
static bool parse_iparams(struct parser *p, char ***casts)
{
	char *type;

	do {
		if (!next(p))
			return false;
		if (!at_type(p)) {
			syntax(p);
			return false;
		}
		if (!(type = parse_type(p, false)))
			return false;
		if (p->tok.kind != T_IDENT) {
			free(type);
			syntax(p);
			return false;
		}
		*casts = xrealloc(*casts, (p->niparams + 1) * sizeof(**casts));
		p->iparams = xrealloc(p->iparams, (p->niparams + 1) * sizeof(*p->iparams));
		(*casts)[p->niparams] = cast_type(type);
		p->iparams[p->niparams++] = take_str(p);
		free(type);
		if (!next(p))
			return false;
	} while (p->tok.kind == T_COMMA);
	return expect(p, T_RBRACKET);
}

/* inline TYPE NAME ['[' parameters ']'] '=' assignment-expression ';' */
static bool parse_inline(struct parser *p)
{
	struct d_attr saved, attr;
	struct inline_def *d;
	struct node *v;
	struct loc loc;
	char *type, *name, **casts = NULL;
	const char *written;
	bool ok = false;
	int i, wlen;

	p->lx.outer = false;
	if (!next(p))
		return false;
	written = p->tok.start;
	if (!(type = parse_type(p, false)))
		return false;
	if (p->tok.kind != T_IDENT) {
		free(type);
		syntax(p);
		return false;
	}
	/* the type as written, for dtrace's words about it */
	wlen = (int)(p->tok.start - written);
	while (wlen > 0 && strchr(" \t\n", written[wlen - 1]))
		wlen--;
	loc = p->tok.loc;
	name = take_str(p);
	if (!next(p))
		goto err;
	if (p->tok.kind == T_LBRACKET && !parse_iparams(p, &casts))
		goto err;
	if (!expect(p, T_ASSIGN))
		goto err;
	p->defining = name;
	p->expr_nodes = 0;
	saved = p->attr;
	p->attr = d_attr_default;
	v = parse_assign(p);
	attr = p->attr;
	p->attr = saved;
	p->defining = NULL;
	/* An inline may stand for a translated struct, used by member. */
	if (!v || !check_expr(p, is_xlate(v) ? v->list[1] : v))
		goto err;
	/* A string for an integer, or an integer for a string */
	if ((v->kind == N_STR && c_int_name(type)) ||
	    (v->kind == N_INT && !strcmp(type, "string"))) {
		fail_at(p, &loc, "[D_OP_INCOMPAT] inline %s definition uses incompatible types: \"%.*s\" = \"%s\"",
			name, wlen, written, v->kind == N_STR ? "string" : "int");
		goto err;
	}
	fold(v);
	convert_const(v, type);
	v = convert_value(p, v, type);
	free(type);
	type = NULL;
	if (p->resolving) {
		p->resolving->value = v;
		p->resolving->attr = attr;
		if (casts) {
			p->resolving->nparams = p->niparams;
			p->resolving->params = casts;
			casts = NULL;
		}
		free(name);
		ok = true;
		goto done;
	}
	if (!(d = define_inline(p, name, v, &loc)))
		goto done;
	d->attr = attr;
	if (casts) {
		d->nparams = p->niparams;
		d->params = casts;
		casts = NULL;
	}
	ok = end_decl(p);
	goto done;
err:
	free(name);
done:
	free(type);
	if (casts)
		for (i = 0; i < p->niparams; i++)
			free(casts[i]);
	free(casts);
	for (i = 0; i < p->niparams; i++)
		free(p->iparams[i]);
	free(p->iparams);
	p->iparams = NULL;
	p->niparams = 0;
	return ok;
}

static bool is_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* q past blanks and comments. */
static const char *skip_blanks(const char *q)
{
	for (;;) {
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
		if (q[0] == '/' && q[1] == '*' && strstr(q + 2, "*/"))
			q = strstr(q + 2, "*/") + 2;
		else
			return q;
	}
}

/* Whether the outer scope is at a C definition, for lang/cdecl. */
static bool at_definition(struct parser *p)
{
	const char *q = p->lx.p;
	struct d_lexer ahead = p->lx;

	if (p->tok.kind == D_KW_TYPEDEF)
		return true;
	if (p->tok.kind != D_KW_STRUCT && p->tok.kind != D_KW_UNION &&
	    p->tok.kind != D_KW_ENUM)
		return false;
	if (d_lex_peek(&ahead) == '{')
		return true;
	/* struct NAME { ... } or the declaration struct NAME; */
	q = skip_blanks(q);
	if (!(*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
		return false;
	while (*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
	       (*q >= '0' && *q <= '9'))
		q++;
	ahead.p = q;
	return d_lex_peek(&ahead) == '{' || d_lex_peek(&ahead) == ';';
}

/*
 * struct, union and enum definitions and typedefs, parsed by lang/cdecl
 * from where the current token starts, then ';'.  storage: D_KW_SELF
 * or D_KW_THIS where the definition follows "self" or "this", whose
 * variables it declares, or 0.
 */
static bool parse_definition(struct parser *p, int storage)
{
	struct type *defined;
	struct lexer lx;
	struct token tok;

	lex_init(&lx, p->src);
	lx.p = p->tok.start;
	lx.line = p->tok.loc.line;
	lx.col = p->tok.loc.col;
	if (lex_next(&lx, &tok) < 0 || cdecl_parse_d(&lx, &tok, &defined)) {
		lex_token_free(&tok);
		p->failed = true;
		return false;
	}
	p->lx.p = lx.p;
	p->lx.line = p->lx.end_line = lx.line;
	p->lx.col = p->lx.end_col = lx.col;
	p->lx.bol = false;
	p->lx.outer = false;
	if (!next(p))
		return false;
	/* More specifiers after the definition: "struct a { } struct b { }" */
	if (defined && (type_word(p->tok.kind) || p->tok.kind == D_KW_STRUCT ||
			p->tok.kind == D_KW_UNION || p->tok.kind == D_KW_ENUM)) {
		struct dspec ds = { .kind = D_KW_STRUCT };
		struct loc at = p->tok.loc;
		int kind = p->tok.kind;

		if (next(p))
			dspec_add(p, &ds, kind, &at);
		p->failed = true;
		return false;
	}
	/* struct s { ... } x, *p; declares variables of the type too. */
	while (defined && p->tok.kind != T_SEMI) {
		int c = d_lex_peek(&p->lx);

		/* "struct s { ... } BEGIN { ...": a clause, where ';' belongs */
		if (p->tok.kind == T_IDENT && !(c && strchr(";,[", c))) {
			syntax(p);
			return false;
		}
		if (!parse_declarator(p, storage, "", defined))
			return false;
		if (p->tok.kind != T_COMMA)
			break;
		if (!next(p))
			return false;
	}
	return end_decl(p);
}

static void free_xlator(struct xlator *x)
{
	int i;

	for (i = 0; i < x->nmembers; i++)
		free(x->members[i].name);
	free(x->members);
	free(x->out);
	free(x->in);
	free(x);
}

/*
 * Whether cast type text is a pointer to a struct or union that no type
 * defines: C's forward declaration of its tag, put in tag.
 */
static bool xforward(const char *text, char *tag, size_t len)
{
	size_t n;

	if (strncmp(text, "struct ", 7) && strncmp(text, "union ", 6))
		return false;
	n = strcspn(text, " ") + 1;
	n += strcspn(text + n, " *");
	if (!strchr(text + n, '*'))
		return false;
	snprintf(tag, len, "%.*s", (int)n, text);
	return !type_parse(tag);
}

/*
 * The type of a translator member's value v where the parser can tell
 * it: the input (of type in), a cast, or a member of a struct one of
 * those is or points to; its C spelling in *ctype (NULL if none).  NULL
 * where it cannot, or after reporting what dtrace reports when it
 * checks a translator where it is defined: a member of a struct only
 * declared (D_OP_INCOMPLETE) or one the struct does not have
 * (D_TYPE_MEMBER).
 */
static struct type *xmember_type(struct parser *p, const struct node *v,
				 const char *in, const char **ctype)
{
	struct type *t, *ft;
	const char *tc = NULL;
	char name[128];

	*ctype = NULL;
	if (v->kind == N_VAR && (v->flags & NF_XPARAM)) {
		*ctype = in;
		return type_parse(in);
	}
	if (v->kind == N_CAST) {
		*ctype = v->str;
		return type_parse(v->str);
	}
	if (v->kind != N_FIELD)
		return NULL;
	if (v->op == T_ARROW && v->a->kind == N_CAST &&
	    xforward(v->a->str, name, sizeof(name)))
		return fail_at(p, &v->loc, "[D_OP_INCOMPLETE] operator -> cannot be applied to a forward declaration: no %s definition is available",
			       name);
	if (!(t = xmember_type(p, v->a, in, &tc)))
		return NULL;
	if (v->op == T_ARROW)
		t = t->kind == TY_PTR ? t->elem : NULL;
	if (!t || t->kind != TY_STRUCT)
		return NULL;
	type_name(t, name, sizeof(name));
	if (type_complete(t))
		return fail_at(p, &v->loc, "[D_OP_INCOMPLETE] operator %s cannot be applied to a forward declaration: no %s definition is available",
			       v->op == T_ARROW ? "->" : ".", name);
	if (!(ft = sou_field(t, v->name)))
		return fail_at(p, &v->loc, "[D_TYPE_MEMBER] %s is not a member of %s",
			       v->name, name);
	*ctype = sou_ctype(t, v->name);
	return ft;
}

/*
 * dtrace's checks of translator x's members where its definition ends,
 * member by member: that the output has it (D_XLATE_MEMB), then its
 * value (xmember_type(), at the value's line), then that it gives no
 * integer where a pointer is wanted, nor the reverse (D_XLATE_INCOMPAT).
 * The end-of-definition errors are reported at loc.
 */
static bool xmembers_check(struct parser *p, const struct xlator *x,
			   const struct loc *loc)
{
	int i;

	for (i = 0; i < x->nmembers; i++) {
		const struct xlator_member *m = &x->members[i];
		struct type *ot = sou_field(x->out_type, m->name), *vt;
		const char *oc = sou_ctype(x->out_type, m->name), *vc;

		if (!ot) {
			fail_at(p, loc, "[D_XLATE_MEMB] translator member %s is not a member of %s",
				m->name, x->out);
			return false;
		}
		if (p->library)
			continue;
		vt = xmember_type(p, m->value, x->in, &vc);
		if (p->failed)
			return false;
		if (!vt || !vc || !oc)
			continue;
		if ((vt->kind == TY_PTR && ot->kind == TY_INT) ||
		    (vt->kind == TY_INT && ot->kind == TY_PTR)) {
			fail_at(p, loc, "[D_XLATE_INCOMPAT] translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
				m->name, oc, vc);
			return false;
		}
	}
	return true;
}

/*
 * Skips the current token, an opening one, through the one that closes
 * it (close), nested pairs included; the current token is then the
 * closing one.  false at the end of input or after an error.
 */
static bool skip_group(struct parser *p, int open, int close)
{
	int depth = 0;

	do {
		if (p->tok.kind == open)
			depth++;
		else if (p->tok.kind == close)
			depth--;
		if (!depth)
			return true;
	} while (next(p) && p->tok.kind != T_EOF);
	if (!p->failed)
		syntax(p);
	return false;
}

/*
 * "translator struct s {": dtrace's grammar reads a definition of s
 * there, and a second definition of a defined s is D_DECL_TYPERED at its
 * '{'.  true after reporting that.
 */
static bool xlator_redefines(struct parser *p)
{
	const char *q = skip_blanks(p->lx.p), *tag = q;
	struct d_lexer ahead = p->lx;
	char name[128];

	if (p->tok.kind != D_KW_STRUCT && p->tok.kind != D_KW_UNION)
		return false;
	while (*q == '_' || isalnum((unsigned char)*q))
		q++;
	ahead.p = q;
	if (q == tag || d_lex_peek(&ahead) != '{')
		return false;
	snprintf(name, sizeof(name), "%s %.*s",
		 p->tok.kind == D_KW_UNION ? "union" : "struct", (int)(q - tag), tag);
	if (!type_parse(name))
		return false;
	if (next(p) && next(p))
		fail_at(p, &p->tok.loc, "[D_DECL_TYPERED] type redeclared: %s", name);
	return true;
}

/*
 * translator OUT '<' IN NAME '>' '{' (MEMBER '=' expression ';')* '}' ';'
 * Each member's expression is kept with NAME marked, to be copied with
 * the operand of xlate in its place where a program uses the member.
 */
static bool parse_translator(struct parser *p)
{
	struct d_attr saved = p->attr;
	struct xlator *x = xcalloc(1, sizeof(*x));
	char *param = NULL;
	struct node *v;
	int i;

	p->lx.outer = false;
	if (!next(p) || xlator_redefines(p) || !(x->out = parse_type(p, false)))
		goto err;
	/*
	 * "OUT (IN NAME)": a function type to dtrace's grammar, whose
	 * translator then wants '<' where '{' comes.
	 */
	if (p->tok.kind == T_LPAREN) {
		if (skip_group(p, T_LPAREN, T_RPAREN) && next(p))
			syntax(p);
		goto err;
	}
	if (!expect(p, T_LT) || !(x->in = parse_type(p, false)))
		goto err;
	if (p->tok.kind != T_IDENT) {
		syntax(p);
		goto err;
	}
	param = take_str(p);
	if (!next(p) || !expect(p, T_GT))
		goto err;
	x->out_type = type_parse(x->out);
	if (x->out_type && (x->out_type->kind != TY_STRUCT ||
			    type_complete(x->out_type) || x->out_type->incomplete))
		x->out_type = NULL;
	if (p->tok.kind != T_LBRACE) {
		syntax(p);
		goto err;
	}
	if (!next(p))
		goto err;
	p->xparam = param;
	p->attr = d_attr_max;
	while (p->tok.kind != T_RBRACE) {
		struct xlator_member *m;
		bool known;
		int f = 0;

		if (p->tok.kind != T_IDENT) {
			syntax(p);
			goto err;
		}
		if (x->out_type)
			for (; f < x->out_type->nfields &&
			       strcmp(x->out_type->fields[f].name, p->tok.str); f++)
				;
		known = x->out_type && f < x->out_type->nfields;
		x->members = xrealloc(x->members, (x->nmembers + 1) * sizeof(*x->members));
		m = &x->members[x->nmembers];
		m->name = take_str(p);
		m->value = NULL;
		x->nmembers++;
		p->expr_nodes = 0;
		if (!next(p))
			goto err;
		/*
		 * The library's translators define a struct member by its
		 * members: pr_start.tv_sec = ...
		 */
		if (p->library && p->tok.kind == T_DOT && known &&
		    x->out_type->fields[f].type->kind == TY_STRUCT) {
			char *path;

			if (!next(p) || p->tok.kind != T_IDENT)
				goto err;
			path = xmalloc(strlen(m->name) + p->tok.len + 2);
			sprintf(path, "%s.%.*s", m->name, (int)p->tok.len,
				p->tok.start);
			free(m->name);
			m->name = path;
			if (!next(p))
				goto err;
		}
		if (!expect(p, T_ASSIGN) || !(v = parse_assign(p)) ||
		    !check_expr(p, v) || !expect(p, T_SEMI))
			goto err;
		fold(v);
		m->value = v;
	}
	/*
	 * As dtrace, the definition is checked where it ends, and its
	 * errors are on the line of the ';' after its '}'.
	 */
	p->lx.outer = false;
	if (!next(p))
		goto err;
	if (!x->out_type && (!strncmp(x->out, "struct ", 7) ||
			     !strncmp(x->out, "union ", 6))) {
		fail_at(p, &p->tok.loc, "[D_XLATE_SOU] incomplete struct/union/enum %s", x->out);
		goto err;
	}
	if (!x->out_type) {
		fail_at(p, &p->tok.loc, "[D_XLATE_SOU] translator output type must be a struct or union");
		goto err;
	}
	for (i = 0; i < scope.xlators.n; i++) {
		const struct xlator *o = scope.xlators.v[i];

		if (o->out_type == x->out_type && !strcmp(o->in, x->in)) {
			fail_at(p, &p->tok.loc, "[D_XLATE_REDECL] translator from %s to %s has already been declared",
				x->in, x->out);
			goto err;
		}
	}
	if (!xmembers_check(p, x, &p->tok.loc))
		goto err;
	p->xparam = NULL;
	free(param);
	x->attr = p->attr;
	p->attr = saved;
	x->library = p->library;
	vec_push(&scope.xlators, x);
	return end_decl(p);
err:
	p->xparam = NULL;
	p->attr = saved;
	free(param);
	free_xlator(x);
	return false;
}

/* [storage class] type [declarator (',' declarator)*] ';' */
static bool parse_declaration(struct parser *p)
{
	int storage = 0, c;
	char *type = NULL;

	switch (p->tok.kind) {
	case D_KW_EXTERN:
		p->lx.outer = false;
		return next(p) && parse_extern(p);
	case D_KW_STATIC:
	case D_KW_REGISTER:
	case D_KW_AUTO:
		fail_at(p, &p->tok.loc, "[D_DECL_BADCLASS] specified storage class not appropriate in D");
		return false;
	case D_KW_SELF:
	case D_KW_THIS:
		storage = p->tok.kind;
		p->lx.outer = false;
		if (!next(p))
			return false;
		break;
	default:
		break;
	}
	/* this struct { ... } x; defines the type of the variables too */
	if (storage && p->tok.kind != D_KW_TYPEDEF && at_definition(p))
		return parse_definition(p, storage);
	p->lx.outer = false;
	p->in_decl = true;
	c = d_lex_peek(&p->lx);
	if (storage && p->tok.kind == T_IDENT && c && strchr(";,[", c)) {
		/* "self x;": a storage class alone, as D allows. */
	} else if (p->tok.kind == T_IDENT && !storage) {
		/* Lexed in the outer scope as a type name. */
	} else if (!at_type(p) && !(p->tok.kind == T_IDENT && storage)) {
		syntax(p);
		return false;
	}
	if (!(storage && p->tok.kind == T_IDENT && c && strchr(";,[", c))) {
		const char *start = p->tok.start;

		type = parse_type(p, true);
		if (!type)
			return false;
		p->decl_raw = src_span(p, start);
	}
	if (p->tok.kind != T_SEMI) {
		for (;;) {
			if (!parse_declarator(p, storage, type ? type : "", NULL))
				goto err;
			if (p->tok.kind != T_COMMA)
				break;
			if (!next(p))
				goto err;
		}
	}
	free(type);
	free(p->decl_raw);
	p->decl_raw = NULL;
	if (!end_decl(p))
		return false;
	p->in_decl = false;
	return true;
err:
	free(type);
	free(p->decl_raw);
	p->decl_raw = NULL;
	return false;
}

/* Moves the lexer to just past end, in the outer scope. */
static bool skip_to(struct parser *p, const char *end)
{
	const char *q;

	for (q = p->lx.p; q < end; q++) {
		if (*q == '\n') {
			p->lx.line++;
			p->lx.col = 1;
		} else {
			p->lx.col++;
		}
	}
	p->lx.p = end;
	p->lx.outer = true;
	return next(p);
}

/*
 * The library's inlines and translators are only located here, to be
 * parsed where a program first uses them (resolve()): a program pays
 * for none it does not name.  An inline is found by the name before its
 * '=' and ends at the next ';', a translator at the next '}' and its
 * ';': the library's values hold neither.
 */
static bool defer(struct parser *p)
{
	const char *s = p->tok.start, *eq, *end, *n;
	struct inline_def *d;

	if (p->tok.kind == D_KW_TRANSLATOR) {
		struct lazy_def *l = xcalloc(1, sizeof(*l));

		end = strchr(s, '}');
		end = end ? strchr(end, ';') : NULL;
		if (!end) {
			free(l);
			return fail_at(p, &p->tok.loc, "unterminated translator");
		}
		l->text = s;
		l->at = p->tok.loc;
		vec_push(&scope.lazy_xlators, l);
		return skip_to(p, end + 1);
	}
	eq = strchr(s, '=');
	end = eq ? strchr(eq, ';') : NULL;
	if (!end)
		return fail_at(p, &p->tok.loc, "unterminated inline");
	for (n = eq; n > s && (n[-1] == ' ' || n[-1] == '\t'); n--)
		;
	/* an inline array's parameters: "name[int fd] =" */
	if (n > s && n[-1] == ']') {
		while (n > s && n[-1] != '[')
			n--;
		if (n > s)
			n--;
		while (n > s && (n[-1] == ' ' || n[-1] == '\t'))
			n--;
	}
	eq = n;
	while (n > s && is_ident_char(n[-1]))
		n--;
	d = define_inline(p, xstrndup(n, eq - n), NULL, &p->tok.loc);
	if (!d)
		return false;
	d->text = s;
	d->at = p->tok.loc;
	return skip_to(p, end + 1);
}

static bool parse_external(struct parser *p, struct node *prog)
{
	struct node *probe;

	p->expr_nodes = 0;
	if (at_definition(p))
		return parse_definition(p, 0);
	switch (p->tok.kind) {
	case T_SPEC:
	case T_INT:
		if (p->library)
			return fail_at(p, &p->tok.loc, "D's library may not have clauses");
		probe = parse_clause(p);
		if (!probe)
			return false;
		ast_push(prog, probe);
		return true;
	case D_KW_INLINE:
		return p->library ? defer(p) : parse_inline(p);
	case D_KW_PROVIDER:
		fail_at(p, &p->tok.loc, "provider definitions are not supported yet");
		return false;
	case D_KW_TRANSLATOR:
		return p->library ? defer(p) : parse_translator(p);
	case D_KW_COUNTER:
	case D_KW_IMPORT:
		syntax(p);
		return false;
	default:
		if (p->tok.kind == T_IDENT || is_keyword(p->tok.kind))
			return parse_declaration(p);
		syntax(p);
		return false;
	}
}

/* ---- the whole program ---- */

static void mark(struct node *n)
{
	int i;

	if (!n)
		return;
	n->flags |= NF_REACHED;
	mark(n->a);
	mark(n->b);
	mark(n->c);
	for (i = 0; i < n->nlist; i++)
		mark(n->list[i]);
	for (i = 0; i < n->nspecs; i++)
		mark(n->specs[i]);
}

/* Frees the recorded nodes not in prog (all of them if prog is NULL). */
static void sweep(struct parser *p, struct node *prog)
{
	int i;

	mark(prog);
	for (i = 0; i < p->nodes.n; i++) {
		struct node *n = p->nodes.v[i];

		if (n->flags & NF_REACHED) {
			n->flags &= ~NF_REACHED;
			continue;
		}
		free(n->list);
		free(n->specs);
		free(n->name);
		free(n->str);
		free(n);
	}
	vec_free(&p->nodes);
	for (i = 0; i < p->scalars.n; i++)
		free(p->scalars.v[i]);
	vec_free(&p->scalars);
}

void d_pragmas_free(struct vec *pragmas)
{
	int i;

	if (!pragmas)
		return;
	for (i = 0; i < pragmas->n; i++) {
		struct d_pragma *pr = pragmas->v[i];

		free(pr->name);
		free(pr->value);
		free(pr);
	}
	vec_free(pragmas);
}

/* Drops the scope's definitions; type_free_all() calls it. */
static void scope_drop(void)
{
	int i;

	for (i = 0; i < scope.inlines.n; i++) {
		struct inline_def *d = scope.inlines.v[i];

		ast_free(d->value);
		free_inline(d);
	}
	vec_free(&scope.inlines);
	memset(scope.by_name, 0, sizeof(scope.by_name));
	for (i = 0; i < scope.globals.n; i++)
		free_decl(scope.globals.v[i]);
	vec_free(&scope.globals);
	for (i = 0; i < scope.xlators.n; i++) {
		struct xlator *x = scope.xlators.v[i];
		int j;

		for (j = 0; j < x->nmembers; j++)
			ast_free(x->members[j].value);
		free_xlator(x);
	}
	vec_free(&scope.xlators);
	for (i = 0; i < scope.lazy_xlators.n; i++)
		free(scope.lazy_xlators.v[i]);
	vec_free(&scope.lazy_xlators);
	for (i = 0; i < scope.externs.n; i++) {
		struct d_extern *e = scope.externs.v[i];

		free(e->name);
		free(e->canon);
		free(e->shown);
		free(e);
	}
	vec_free(&scope.externs);
	for (i = 0; i < scope.attrs.n; i++) {
		struct d_attr_pragma *ap = scope.attrs.v[i];

		free(ap->name);
		free(ap);
	}
	vec_free(&scope.attrs);
	for (i = 0; i < scope.clauses.n; i++)
		free_clause_attr(scope.clauses.v[i]);
	vec_free(&scope.clauses);
	scope.loaded = false;
}

/*
 * Parses the library's definition at text (at: where it is): the inline
 * d, or a translator when d is NULL.  Errors are the library's; p fails
 * with them.
 */
static bool resolve(struct parser *p, const char *text, const struct loc *at,
		    struct inline_def *d)
{
	struct parser q = { .src = &lib_src, .library = true, .resolving = d };
	int j, nxl = scope.xlators.n;
	bool ok;

	d_lex_init(&q.lx, &lib_src, NULL, NULL);
	q.lx.p = text;
	q.lx.line = at->line;
	q.lx.col = at->col;
	q.lx.bol = false;
	q.lx.outer = true;
	ok = next(&q) && (d ? parse_inline(&q) : parse_translator(&q));
	d_token_free(&q.tok);
	if (!ok) {
		p->failed = true;
		sweep(&q, NULL);
		return false;
	}
	mark(d ? d->value : NULL);
	for (; !d && nxl < scope.xlators.n; nxl++) {
		struct xlator *x = scope.xlators.v[nxl];

		for (j = 0; j < x->nmembers; j++)
			mark(x->members[j].value);
	}
	sweep(&q, NULL);
	return true;
}

/*
 * Parses src into the scope (and, unless it is the library, its clauses
 * into an N_PROGRAM).  On failure the definitions it made are dropped.
 */
static struct node *parse_source(const struct source *src,
				 const struct d_macros *m, struct vec *pragmas,
				 bool library)
{
	struct parser p = { .src = src, .library = library };
	struct loc start = { 1, 1, 1, 0 };
	int ninl = scope.inlines.n, nglob = scope.globals.n, nxl = scope.xlators.n;
	struct node *prog;
	int i, j;

	p.cmdline = src->name && src->name[0] == '-';
	d_lex_init(&p.lx, src, m, pragmas);
	p.lx.attrs = &scope.attrs;
	prog = new_node(&p, N_PROGRAM, &start);
	if (next(&p) && p.tok.kind == T_EOF && !library && !p.lx.empty)
		fail_at(&p, &p.tok.loc, "[D_EMPTY] empty D program translation unit");
	else if (!p.failed)
		while (p.tok.kind != T_EOF && parse_external(&p, prog))
			;
	d_token_free(&p.tok);
	if (p.failed) {
		/* The failed program's nodes, its definitions' too, go. */
		for (i = scope.inlines.n - 1; i >= ninl; i--) {
			struct inline_def *d = scope.inlines.v[i];

			scope.by_name[name_hash(d->name)] = d->next;
			free_inline(d);
		}
		scope.inlines.n = ninl;
		for (i = nglob; i < scope.globals.n; i++)
			free_decl(scope.globals.v[i]);
		scope.globals.n = nglob;
		for (i = j = nxl; i < scope.xlators.n; i++) {
			struct xlator *x = scope.xlators.v[i];

			if (x->library)
				scope.xlators.v[j++] = x;
			else
				free_xlator(x);
		}
		scope.xlators.n = j;
		sweep(&p, NULL);
		d_pragmas_free(pragmas);
		errno = EINVAL;
		return NULL;
	}
	for (i = ninl; i < scope.inlines.n; i++)
		mark(((struct inline_def *)scope.inlines.v[i])->value);
	/* The library's were kept when resolve() parsed them. */
	for (i = nxl; i < scope.xlators.n; i++) {
		struct xlator *x = scope.xlators.v[i];

		for (j = 0; !x->library && j < x->nmembers; j++)
			mark(x->members[j].value);
	}
	sweep(&p, prog);
	return prog;
}

struct node *d_parse_program(const struct source *src, const struct d_macros *m,
			     struct vec *pragmas)
{
	struct node *prog;

	if (!scope.loaded) {
		type_on_free(scope_drop);
		prog = parse_source(&lib_src, NULL, NULL, true);
		if (!prog)
			return NULL;
		ast_free(prog);
		scope.loaded = true;
	}
	return parse_source(src, m, pragmas, false);
}
