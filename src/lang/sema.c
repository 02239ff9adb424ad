/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Semantic analysis: name resolution, typing and probe expansion.
 *
 * Map types are inferred from every probe at once, the way bpftrace does:
 * a map assigned in one probe may be read in an earlier one.  So the
 * checker runs over the whole program several times with errors muted,
 * letting map types settle, then once more reporting what is still wrong.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sema.h"
#include "lex.h"
#include "../compile/compile.h"
#include "../builtins/builtin.h"
#include "../builtins/dtrace.h"
#include "../providers/provider.h"

#define SEMA_QUIET_PASSES 3

int sema_error(struct sema *s, const struct node *n, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	s->errors++;
	if (!s->report)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(s->src, &n->loc, "%s", msg);
	return -EINVAL;
}

static struct symbol *find_sym(struct vec *v, const char *name)
{
	int i;

	for (i = 0; i < v->n; i++) {
		struct symbol *sym = v->v[i];

		if (!strcmp(sym->name, name))
			return sym;
	}
	return NULL;
}

/*
 * Unifies an existing slot type with a new one: strings grow to the
 * larger size, tuples field by field.  Returns false on a real mismatch.
 */
static bool unify(struct type **slot, struct type *t)
{
	struct type *old = *slot;
	int i;

	if (!old) {
		*slot = t;
		return true;
	}
	if (old->kind == TY_INT && t->kind == TY_INT)
		return true;
	if (old->kind != t->kind)
		return false;
	if (old->kind == TY_STR) {
		if (t->size > old->size)
			*slot = t;
		return true;
	}
	if (old->kind == TY_TUPLE) {
		struct type **f;
		bool ok = true, grew = false;

		if (old->nfields != t->nfields)
			return false;
		f = xcalloc(old->nfields, sizeof(*f));
		for (i = 0; i < old->nfields; i++) {
			f[i] = old->fields[i].type;
			ok &= unify(&f[i], t->fields[i].type);
			grew |= f[i] != old->fields[i].type;
		}
		if (ok && grew)
			*slot = type_tuple(f, old->nfields);
		free(f);
		return ok;
	}
	if (old->kind == TY_LHIST || old->kind == TY_LLQUANT)
		return type_equal(old, t);
	if (old->kind == TY_NAMED || old->kind == TY_STRUCT)
		return type_equal(old, t);
	return true;
}

static int expect_sized(struct sema *s, struct node *n, struct type *t);

/* Map keys and values hold integers as 64-bit words. */
static struct type *storage_type(struct type *t)
{
	if (t->kind == TY_INT)
		return type_int(8, t->is_signed);
	return t;
}

/* D's scalars: integers, pointers and the values held as either. */
static bool d_scalar(const struct type *t)
{
	return t && type_in_reg(t);
}

/* D's integers (its arithmetic types, floating point being none). */
static bool d_integer(const struct type *t)
{
	return d_scalar(t) && t->kind != TY_PTR;
}

/*
 * D's usual arithmetic conversions (dtrace's dt_type_promote()): of two
 * integer types, the one of greater rank, ranked by size and then
 * unsigned over signed.  Unlike C, D promotes nothing to int first: a
 * char plus a char is a char.
 */
static const struct type *d_promote(const struct type *a, const struct type *b)
{
	if (a->size != b->size)
		return a->size > b->size ? a : b;
	return a->is_signed ? b : a;
}

/*
 * The type D gives integer expression n, where it differs from the
 * engine's (which computes in 64 bits, as dtrace-utils does): D's
 * arithmetic conversions, an operator's result of its operand's type,
 * and a D global keeping the type of its first value.  What D prints
 * and stores follows it: printf()'s and trace()'s records, sizeof, an
 * aggregation's key columns, and a variable first assigned the value.
 */
static struct type *d_shown_type(const struct node *n)
{
	const struct type *a, *b;

	if (!n || !n->type || n->type->kind != TY_INT)
		return n ? n->type : NULL;
	switch (n->kind) {
	case N_MAP:
		return n->name[0] != '@' && n->sym && n->sym->shown_val &&
		       n->sym->shown_val->kind == TY_INT ? n->sym->shown_val :
							   n->type;
	case N_ASSIGN:
	case N_INCDEC:
		/* the lvalue's value after it (before it, for x++) */
		return d_shown_type(n->a);
	case N_UNOP:
		if (n->op == T_NOT)
			return type_int(4, true);
		a = d_shown_type(n->a);
		if (!a || a->kind != TY_INT)
			return n->type;
		return type_int(a->size, a->is_signed);
	case N_TERNARY:
	case N_BINOP:
		if (n->kind == N_BINOP) {
			switch (n->op) {
			case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE:
			case T_GE: case T_LAND: case T_LOR:
				return type_int(4, true);
			default:
				break;
			}
		}
		a = d_shown_type(n->kind == N_BINOP ? n->a : n->b);
		b = d_shown_type(n->kind == N_BINOP ? n->b : n->c);
		if (!a || !b || a->kind != TY_INT || b->kind != TY_INT)
			return n->type;
		if (n->kind == N_BINOP && (n->op == T_SHL || n->op == T_SHR))
			return type_int(a->size, a->is_signed);
		b = d_promote(a, b);
		return type_int(b->size, b->is_signed);
	default:
		return n->type;
	}
}

const struct type *sema_d_type(const struct node *n)
{
	return d_shown_type(n);
}

/*
 * Whether D computes a op b as signed: D's arithmetic conversions on the
 * types D gives a and b (a shift takes its left operand's).  Only
 * division, remainder and right shift differ by it in 64 bits.
 */
static bool d_signed(const struct node *a, const struct node *b, int op)
{
	const struct type *x = d_shown_type(a), *y = d_shown_type(b);

	if (!x || !y || x->kind != TY_INT || y->kind != TY_INT)
		return x && y && x->is_signed && y->is_signed;
	if (op == T_SHL || op == T_SHR || op == T_SHL_ASSIGN ||
	    op == T_SHR_ASSIGN)
		return x->is_signed;
	return d_promote(x, y)->is_signed;
}

/* Field i of key k (a tuple of several keys, or the one key). */
static const struct type *key_field(const struct type *k, int i)
{
	return k->kind == TY_TUPLE ? k->fields[i].type : k;
}

/*
 * dtrace's errors for a D array used with keys other than its first
 * use's: a scalar as an array or the reverse (D_IDENT_BADREF), another
 * count of keys (D_PROTO_LEN), or a key of another type (D_PROTO_ARG).
 */
static void d_key_mismatch(struct sema *s, struct node *n,
			   const struct symbol *sym, const struct type *key,
			   const struct type *shown)
{
	const struct type *had = sym->shown_key ? sym->shown_key : sym->key;
	int nk = !key ? 0 : key->kind == TY_TUPLE ? key->nfields : 1;
	int sk = !had ? 0 : had->kind == TY_TUPLE ? had->nfields : 1;
	char a[64], b[64];
	int i;

	if (!sk || !nk) {
		sema_error(s, n, "[D_IDENT_BADREF] %s '%s' may not be referenced as %s",
			   sk ? "associative array" : "scalar", n->name,
			   sk ? "scalar" : "associative array");
		return;
	}
	if (nk != sk) {
		sema_error(s, n, "[D_PROTO_LEN] %s[ ] prototype mismatch: %d key%spassed, %d expected",
			   n->name, nk, nk == 1 ? " " : "s ", sk);
		return;
	}
	if (!shown)
		shown = key;
	for (i = 0; i < nk; i++) {
		struct type *h = (struct type *)key_field(sym->key, i);

		if (unify(&h, (struct type *)key_field(key, i)))
			continue;
		sema_error(s, n, "[D_PROTO_ARG] %s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s",
			   n->name, i + 1,
			   bi_d_type_word(key_field(had, i), a, sizeof(a)),
			   bi_d_type_word(key_field(shown, i), b, sizeof(b)));
		return;
	}
	sema_error(s, n, "[D_PROTO_ARG] %s[ ] key is incompatible with prototype",
		   n->name);
}

/* The keys of one of D's associative arrays: dtrace's tuple registers. */
#define D_TUPLE_MAX 8

struct symbol *sema_map(struct sema *s, struct node *n)
{
	struct compiled *c = s->c;
	struct symbol *sym = find_sym(&c->maps, n->name);
	struct type *key = NULL, *shown = NULL;
	int i;

	/*
	 * dtrace passes an associative array's keys in its 8 tuple
	 * registers (DIF_DTR_NREGS), and names no line when they run out.
	 */
	if (c->opts.dtrace && n->name[0] != '@' && n->nlist > D_TUPLE_MAX) {
		struct loc none = { 0, 0, 1, 0 };

		diag_error(s->src, &none, "Insufficient tuple registers to generate code");
		s->errors++;
		return NULL;
	}
	for (i = 0; i < n->nlist; i++)
		if (sema_expr(s, n->list[i]))
			return NULL;
	for (i = 0; i < n->nlist; i++) {
		if (n->list[i]->type->kind == TY_TUPLE) {
			sema_error(s, n->list[i],
				   "tuple cannot be used as a map key. Try a multi-key associative array instead (eg `@map[$1, $2] = ...)`.");
			return NULL;
		}
	}
	if (n->nlist == 1) {
		key = storage_type(n->list[0]->type);
		if (c->opts.dtrace)
			shown = d_shown_type(n->list[0]);
	} else if (n->nlist > 1) {
		struct type **f = xcalloc(n->nlist, sizeof(*f));

		for (i = 0; i < n->nlist; i++)
			f[i] = storage_type(n->list[i]->type);
		key = type_tuple(f, n->nlist);
		for (i = 0; c->opts.dtrace && i < n->nlist; i++)
			f[i] = d_shown_type(n->list[i]);
		if (c->opts.dtrace)
			shown = type_tuple(f, n->nlist);
		free(f);
	}
	for (i = 0; key && i < (key->kind == TY_TUPLE ? key->nfields : 1); i++) {
		struct type *k = key->kind == TY_TUPLE ? key->fields[i].type : key;

		if (k->kind != TY_INT && k->kind != TY_PTR && !type_is_text(k) &&
		    !type_is_record(k) && k->kind != TY_TUPLE) {
			char b[64];

			sema_error(s, n, "%s cannot be a map key",
				   type_name(k, b, sizeof(b)));
			return NULL;
		}
	}
	if (!sym) {
		sym = xcalloc(1, sizeof(*sym));
		sym->kind = SYM_MAP;
		sym->name = xstrdup(n->name);
		sym->id = MAP_NFIXED + c->maps.n;
		sym->first = n;
		sym->key = key;
		sym->shown_key = shown;
		if (c->opts.decl_type && n->name[0] != '@' &&
		    (sym->val = c->opts.decl_type(n->name, c->opts.strlen))) {
			if (sym->val->kind == TY_INT)
				sym->shown_val = sym->val;
			sym->val = storage_type(sym->val);
		}
		vec_push(&c->maps, sym);
	} else if (!!sym->key != !!key || (key && !unify(&sym->key, key))) {
		char a[64], b[64];

		if (c->opts.dtrace) {
			d_key_mismatch(s, n, sym, key, shown);
			return NULL;
		}
		sema_error(s, n, "Argument mismatch for %s: trying to access with arguments: [%s] when map expects arguments: [%s]",
			   n->name, key ? type_name(key, a, sizeof(a)) : "none",
			   sym->key ? type_name(sym->key, b, sizeof(b)) : "none");
		return NULL;
	}
	n->sym = sym;
	return sym;
}

struct symbol *sema_map_whole(struct sema *s, struct node *n)
{
	struct symbol *sym = find_sym(&s->c->maps, n->name);

	if (!sym) {
		sema_error(s, n, "map %s is never assigned", n->name);
		return NULL;
	}
	n->sym = sym;
	return sym;
}

int sema_map_value(struct sema *s, struct node *n, struct type *t)
{
	struct symbol *sym = n->sym;
	char a[64], b[64];

	if (!sym)
		return -EINVAL;
	if (type_is_record(t) && expect_sized(s, n, t))
		return -EINVAL;
	if (t->kind == TY_NONE || t->kind == TY_CTX)
		return sema_error(s, n, "cannot store %s in map %s",
				  type_name(t, a, sizeof(a)), sym->name);
	if (s->c->opts.dtrace && sym->val && sym->val->kind == TY_ARRAY &&
	    sym->name[0] != '@')
		return sema_error(s, n, "[D_OP_ARRFUN] operator = may not be applied to operand of type \"%s\"",
				  bi_d_type_word(sym->val, a, sizeof(a)));
	if (unify(&sym->val, storage_type(t)))
		return 0;
	if (s->c->opts.dtrace && sym->name[0] != '@')
		return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types:\n\t\"%s\" = \"%s\"",
				  bi_d_type_word(sym->val, a, sizeof(a)),
				  bi_d_type_word(t, b, sizeof(b)));
	return sema_error(s, n, "Type mismatch for %s: trying to assign value of type '%s' when map already contains a value of type '%s'",
			  sym->name, type_name(t, b, sizeof(b)),
			  type_name(sym->val, a, sizeof(a)));
}

int sema_add_fmt(struct sema *s, const char *fmt, struct node **args,
		 int nargs)
{
	struct fmt_spec *fs;
	int i, off = 0;

	if (!s->report)
		return -1;
	fs = xcalloc(1, sizeof(*fs));
	fs->fmt = xstrdup(fmt);
	fs->nargs = nargs;
	fs->args = xcalloc(nargs + 1, sizeof(*fs->args));
	/*
	 * Arguments keep their declared type (printing narrows to it, as
	 * bpftrace does) but integers take 8 bytes in the record, and a
	 * value read into the record takes the bytes it can fill.
	 */
	for (i = 0; i < nargs; i++) {
		struct type *t = builtin_slot_type(args[i]);
		const struct type *d = s->c->opts.dtrace ? d_shown_type(args[i]) : NULL;

		/*
		 * D: an integer is recorded in its D type, so printf("%x",
		 * ~i) of an int shows the int's 32 bits as DTrace's record
		 * holds them.
		 */
		if (t->kind == TY_INT && d && d->kind == TY_INT)
			t = (struct type *)d;

		fs->args[i].type = t;
		fs->args[i].offset = off;
		off += ALIGN_UP(storage_type(t)->size, 8);
	}
	fs->size = off;
	vec_push(&s->c->fmts, fs);
	return s->c->fmts.n - 1;
}

int sema_const_int(struct sema *s, struct node *n, int64_t *v)
{
	int64_t a;

	if (n->kind == N_INT) {
		*v = n->ival;
		return 0;
	}
	if (n->kind == N_UNOP && n->op == T_MINUS &&
	    !sema_const_int(s, n->a, &a)) {
		*v = -a;
		return 0;
	}
	if (n->kind == N_POSPARAM) {
		const struct compile_opts *o = &s->c->opts;
		char *end;

		if (n->ival == 0) {
			*v = o->nparams;
			return 0;
		}
		if ((int)n->ival <= o->nparams) {
			*v = strtoll(o->params[n->ival - 1], &end, 0);
			if (!*end && *o->params[n->ival - 1])
				return 0;
			return sema_error(s, n, "$%d used numerically but given \"%s\": it is not a valid decimal number",
					  (int)n->ival, o->params[n->ival - 1]);
		}
		*v = 0;
		return 0;
	}
	return sema_error(s, n, "expected an integer constant");
}

/*
 * The value of integer constant expression n, as D folds it: true and
 * *v, or false when n is not one (or divides by zero).
 */
static bool d_const(const struct node *n, int64_t *v)
{
	int64_t a, b;

	if (n->kind == N_INT) {
		*v = (int64_t)n->ival;
		return true;
	}
	/* sizeof, once typed: its value is known when compiling */
	if (n->kind == N_SIZEOF && n->type) {
		*v = (int64_t)n->ival;
		return true;
	}
	if (n->kind == N_UNOP && d_const(n->a, &a)) {
		switch (n->op) {
		case T_MINUS: *v = (int64_t)-(uint64_t)a; return true;
		case T_TILDE: *v = ~a; return true;
		case T_NOT: *v = !a; return true;
		default: return false;
		}
	}
	if (n->kind != N_BINOP || !d_const(n->a, &a) || !d_const(n->b, &b))
		return false;
	switch (n->op) {
	case T_PLUS: *v = (int64_t)((uint64_t)a + (uint64_t)b); return true;
	case T_MINUS: *v = (int64_t)((uint64_t)a - (uint64_t)b); return true;
	case T_STAR: *v = (int64_t)((uint64_t)a * (uint64_t)b); return true;
	case T_AMP: *v = a & b; return true;
	case T_PIPE: *v = a | b; return true;
	case T_CARET: *v = a ^ b; return true;
	case T_SLASH:
	case T_PERCENT:
		if (!b || (a == INT64_MIN && b == -1))
			return false;
		*v = n->op == T_SLASH ? a / b : a % b;
		return true;
	default:
		return false;
	}
}

bool sema_d_const(const struct node *n, int64_t *v)
{
	return d_const(n, v);
}

/* D refuses a division by a constant 0 when it compiles (D_DIV_ZERO). */
static int d_div_zero(struct sema *s, struct node *n, int op,
		      const struct node *divisor)
{
	int64_t v;

	if (!s->c->opts.dtrace || (op != T_SLASH && op != T_PERCENT &&
				   op != T_SLASH_ASSIGN &&
				   op != T_PERCENT_ASSIGN))
		return 0;
	if (!d_const(divisor, &v) || v)
		return 0;
	return sema_error(s, n, "[D_DIV_ZERO] expression contains division by zero");
}

/*
 * A D integer constant's type, as C's: the first of int, unsigned int,
 * long, unsigned long, long long, unsigned long long that holds it,
 * starting from the one its suffix names; a decimal constant without a
 * u suffix is never unsigned.  A negative one (a macro argument "-N", a
 * folded value) is an int, or a long when it needs one.
 */
static int d_int_type(struct sema *s, struct node *n)
{
	static const struct { int size; bool sign; uint64_t max; } ints[] = {
		{ 4, true, INT32_MAX }, { 4, false, UINT32_MAX },
		{ 8, true, INT64_MAX }, { 8, false, UINT64_MAX },
		{ 8, true, INT64_MAX }, { 8, false, UINT64_MAX },
	};
	uint64_t v = n->ival;
	int i = 0, step;

	if (n->flags & NF_SIGNED) {
		n->type = type_int((int64_t)v >= INT32_MIN ? 4 : 8, true);
		return 0;
	}
	if (n->flags & NF_INT_U)
		i += 1;
	if (n->flags & NF_INT_L)
		i += 2;
	if (n->flags & NF_INT_LL)
		i += 4;
	step = (n->flags & (NF_INT_NONDEC | NF_INT_U)) == NF_INT_NONDEC ? 1 : 2;
	for (; i < (int)ARRAY_SIZE(ints); i += step) {
		if (v <= ints[i].max) {
			n->type = type_int(ints[i].size, ints[i].sign);
			return 0;
		}
	}
	return sema_error(s, n, "[D_INT_OFLOW] integer constant 0x%llx cannot be represented in any built-in integral type",
			  (unsigned long long)v);
}

static bool is_int(const struct type *t)
{
	return t && (t->kind == TY_INT || t->kind == TY_PTR);
}

static int expect_int(struct sema *s, struct node *n, const char *what)
{
	char b[64];

	if (is_int(n->type))
		return 0;
	return sema_error(s, n, "%s must be an integer, not %s", what,
			  n->type ? type_name(n->type, b, sizeof(b)) : "unknown");
}

static int posparam(struct sema *s, struct node *n)
{
	const struct compile_opts *o = &s->c->opts;
	const char *p;
	char *end;

	if (n->ival == 0 || (int)n->ival > o->nparams) {
		n->type = type_int(8, true);
		return 0;
	}
	p = o->params[n->ival - 1];
	strtoll(p, &end, 0);
	if (*p && !*end)
		n->type = type_int(8, true);
	else
		n->type = type_str(strlen(p) + 1);
	return 0;
}

static int call_builtin(struct sema *s, struct node *n, bool func)
{
	const struct builtin *b = builtin_find(n->name, func, s->c->opts.dtrace);

	if (!b) {
		int64_t v;

		if (func)
			return sema_error(s, n, "Unknown function: %s", n->name);
		if (!type_const(n->name, &v)) {
			/* A kernel constant: the node becomes its value. */
			n->kind = N_INT;
			n->ival = v;
			n->flags |= v < 0 ? NF_SIGNED : 0;
			n->type = type_int(8, true);
			return 0;
		}
		return sema_error(s, n, "Unknown identifier: '%s'", n->name);
	}
	if (b->unsupported)
		return sema_error(s, n, "%s '%s' is not supported yet%s%s",
				  func ? "function" : "builtin", n->name,
				  *b->unsupported ? ": " : "", b->unsupported);
	n->bi = b;
	return b->sema(s, n);
}

static void scratch_load(struct sema *s, const struct type *t);

/* The width of typed member n (an N_FIELD) if it is a bit-field, else 0. */
static int field_bits(const struct node *n)
{
	const struct type *t;

	if (n->kind != N_FIELD || !n->a->type)
		return 0;
	t = n->a->type->kind == TY_PTR ? n->a->type->elem : n->a->type;
	if (!t || t->kind != TY_STRUCT || n->id < 0 || n->id >= t->nfields)
		return 0;
	return t->fields[n->id].bits;
}

/* D: operator -> or . (n->op) of a value of type t, checked as dtrace does. */
static int d_member_op(struct sema *s, const struct node *n,
		       const struct type *t)
{
	char b[64];

	if (t->kind == TY_CTX)
		return 0;
	if (n->op == T_ARROW && t->kind != TY_PTR)
		return sema_error(s, n, "[D_OP_PTR] operator -> must be applied to a pointer");
	if (n->op == T_ARROW && (!t->elem || t->elem->kind != TY_STRUCT))
		return sema_error(s, n, "[D_OP_SOU] operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
				  t->elem ? bi_d_type_word(t->elem, b, sizeof(b)) : "void");
	if (n->op == T_DOT && t->kind != TY_STRUCT && t->kind != TY_TUPLE)
		return sema_error(s, n, "[D_OP_SOU] operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
				  bi_d_type_word(t, b, sizeof(b)));
	return 0;
}

static int field(struct sema *s, struct node *n)
{
	struct type *t, *ft = NULL;
	int i, j;

	if (sema_expr(s, n->a))
		return -EINVAL;
	t = n->a->type;
	if (t->kind == TY_CTX) {
		for (i = 0; i < s->cur->insts.n; i++) {
			struct probe_inst *pi = s->cur->insts.v[i];
			struct type *args = pi->args;

			for (j = 0; args && j < args->nfields; j++)
				if (!strcmp(args->fields[j].name, n->name))
					break;
			if (!args || j == args->nfields)
				return sema_error(s, n, "%s has no argument '%s'",
						  pi->name, n->name);
			if (!ft)
				ft = args->fields[j].type;
			else if (!type_equal(ft, args->fields[j].type))
				return sema_error(s, n,
					"argument '%s' has different types across the probes of this block",
					n->name);
		}
		n->type = ft;
		return 0;
	}
	if (s->c->opts.dtrace && d_member_op(s, n, t))
		return -EINVAL;
	if ((t->kind == TY_PTR && t->elem && t->elem->kind == TY_STRUCT &&
	     n->op == T_ARROW) ||
	    (t->kind == TY_STRUCT && n->op == T_DOT)) {
		struct type *st = t->kind == TY_PTR ? t->elem : t;

		if (type_complete(st) || st->incomplete)
			return sema_error(s, n, "struct %s is incomplete: %s", st->name,
					  st->btf_id ? "kernel BTF is not available"
						     : "it is declared but never defined");
		for (i = 0; i < st->nfields; i++)
			if (!strcmp(st->fields[i].name, n->name))
				break;
		if (i == st->nfields && s->c->opts.dtrace)
			return sema_error(s, n, "[D_TYPE_MEMBER] %s is not a member of %s %s",
					  n->name, st->is_union ? "union" : "struct",
					  st->name);
		if (i == st->nfields)
			return sema_error(s, n, "Struct/union of type '%s %s' does not contain a field named '%s'",
					  st->is_union ? "union" : "struct", st->name, n->name);
		ft = st->fields[i].type;
		if (ft->kind == TY_NONE)
			return sema_error(s, n,
				"field '%s' of struct %s has a type ferret cannot read (floating point or function)",
				n->name, st->name);
		if (st->fields[i].bits && st->fields[i].bitoff + st->fields[i].bits > 64)
			return sema_error(s, n, "bitfield '%s' spans more than 8 bytes",
					  n->name);
		n->type = ft;
		n->ival = st->fields[i].offset;
		n->id = i;
		scratch_load(s, t);
		return 0;
	}
	if (t->kind == TY_PTR && n->op == T_DOT)
		return sema_error(s, n, "'%s' is a pointer: use -> to reach its fields",
				  n->name);
	if (t->kind == TY_TUPLE && n->op == T_DOT) {
		char *end;
		long k = strtol(n->name, &end, 10);

		if (*end || k < 0 || k >= t->nfields)
			return sema_error(s, n, "tuple has no element '%s'", n->name);
		n->type = t->fields[k].type;
		return 0;
	}
	{
		char b[64];

		return sema_error(s, n, "%s has no fields",
				  type_name(t, b, sizeof(b)));
	}
}

/*
 * A type name as written: D's "string" (and "string *") is its string
 * of strsize characters, as sized for this compilation.
 */
static struct type *parse_type_name(struct sema *s, const char *text)
{
	struct type *t;

	if (s->c->opts.dtrace && !strncmp(text, "string", 6) &&
	    (!text[6] || text[6] == ' ' || text[6] == '*')) {
		t = type_str(s->c->opts.strlen);
		for (text += 6; *text; text++)
			if (*text == '*')
				t = type_ptr(t);
		return t;
	}
	if (s->c->opts.dtrace && (t = type_c_float(text)))
		return t;
	return type_parse(text);
}

/* n, an array, becomes &n[0] in place, and is typed again. */
static int first_elem_addr(struct sema *s, struct node *n)
{
	struct node *v, *i;

	v = xmalloc(sizeof(*v));
	*v = *n;
	i = ast_new(N_INDEX, &n->loc);
	i->a = v;
	i->b = ast_new(N_INT, &n->loc);
	memset(n, 0, sizeof(*n));
	n->kind = N_UNOP;
	n->op = T_AMP;
	n->loc = v->loc;
	n->a = i;
	return sema_expr(s, n);
}

/*
 * D: an array variable used as a value is the address of its first
 * element, as C's arrays decay (p = a, (int *)a, a + 1): n, typed,
 * becomes &n[0] in place.
 */
static int d_decay(struct sema *s, struct node *n)
{
	if (!s->c->opts.dtrace || (n->kind != N_MAP && n->kind != N_VAR) ||
	    !n->type || n->type->kind != TY_ARRAY)
		return 0;
	return first_elem_addr(s, n);
}

int sema_d_decay(struct sema *s, struct node *n)
{
	return d_decay(s, n);
}

/*
 * D: a struct's char array (typed a string) or array member cast to a
 * pointer is the address of its first element, as in C:
 * (char *)curthread->comm is &curthread->comm[0].
 */
static int d_decay_member(struct sema *s, struct node *n)
{
	if (!s->c->opts.dtrace || n->kind != N_FIELD || !n->type ||
	    (n->type->kind != TY_STR && n->type->kind != TY_ARRAY))
		return 0;
	return first_elem_addr(s, n);
}

/* A value named in user space that D takes as a string (str_conv). */
static bool str_named(const struct type *t)
{
	return t->kind == TY_NAMED && t->namer && t->namer->str_conv;
}

/*
 * *slot (a str_named value) becomes the string its builtin's str_conv
 * makes of it, or with ptr the char * its ptr_conv makes.
 */
static int named_conv(struct sema *s, struct node **slot, bool ptr)
{
	const struct builtin *b = (*slot)->type->namer;
	struct node *call = ast_new(N_CALL, &(*slot)->loc);

	call->name = xstrdup(ptr ? b->ptr_conv : b->str_conv);
	ast_push(call, *slot);
	*slot = call;
	return call_builtin(s, call, true);
}

static int named_to_str(struct sema *s, struct node **slot)
{
	return named_conv(s, slot, false);
}

/*
 * A load through pointer type t: one into scratch is checked against
 * what the clause has allocated, which the clause must then track.
 */
static void scratch_load(struct sema *s, const struct type *t)
{
	if (t->kind == TY_PTR && t->scratch == SCRATCH_PTR && s->cur)
		s->cur->uses_dscratch = true;
}

static int cast(struct sema *s, struct node *n)
{
	struct type *t;
	char b[64];

	if (sema_expr(s, n->a) || d_decay(s, n->a))
		return -EINVAL;
	/* D's casts name C's integer types. */
	t = s->c->opts.dtrace ? type_c_int(n->str) : NULL;
	if (!t)
		t = parse_type_name(s, n->str);
	if (!t) {
		if (!strncmp(n->str, "struct ", 7) || !strncmp(n->str, "union ", 6))
			return sema_error(s, n, "Unknown struct/union: '%.*s'",
					  (int)strcspn(n->str, " *") +
					  (int)strcspn(strchr(n->str, ' ') + 1, " *") + 1,
					  n->str);
		return sema_error(s, n, "Unknown type: '%s'", n->str);
	}
	if (t->kind == TY_INT) {
		/* a declared variable's conversion of the value assigned */
		if (s->c->opts.dtrace && n->op == '=' && !d_scalar(n->a->type)) {
			char w[64];

			return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"%s\" = \"%s\"",
					  bi_d_type_word(t, w, sizeof(w)),
					  bi_d_type_word(n->a->type, b, sizeof(b)));
		}
		if (d_decay_member(s, n->a) ||
		    expect_int(s, n->a, "a cast operand"))
			return -EINVAL;
		/* A scratch pointer's offset stays one (DTrace's alloca taint). */
		if (n->a->type->scratch == SCRATCH_PTR)
			t = type_scratch_int(t);
		n->type = t;
		return 0;
	}
	/* D casts a struct or union to its own type, C's identity */
	if (s->c->opts.dtrace && t->kind == TY_STRUCT &&
	    type_equal(t, n->a->type)) {
		struct node *a = n->a;

		free(n->str);
		*n = *a;
		free(a);
		return 0;
	}
	if (s->c->opts.dtrace && t->kind == TY_STRUCT) {
		char f[64];

		return sema_error(s, n, "[D_CAST_INVAL] invalid cast expression: \"%s\" to \"%s\"",
				  type_name(n->a->type, f, sizeof(f)),
				  type_name(t, b, sizeof(b)));
	}
	if (t->kind != TY_PTR)
		return sema_error(s, n, "Cannot cast to \"%s\": cast to a pointer and dereference it",
				  type_name(t, b, sizeof(b)));
	/* D's probe name parts are strings: their text's address */
	if (s->c->opts.dtrace && str_named(n->a->type) &&
	    n->a->type->namer->ptr_conv && named_conv(s, &n->a, true))
		return -EINVAL;
	if (d_decay_member(s, n->a) || expect_int(s, n->a, "a cast operand"))
		return -EINVAL;
	/* A cast keeps a scratch pointer one, and makes its offset one. */
	if ((n->a->type->kind == TY_PTR || n->a->type->kind == TY_INT) &&
	    n->a->type->scratch)
		t = type_scratch_ptr(t, n->a->type->scratch);
	n->type = t;
	return 0;
}

/* A struct or array value must have a known, non-zero size. */
static int expect_sized(struct sema *s, struct node *n, struct type *t)
{
	char b[64];

	if (t->kind == TY_ARRAY) {
		if (!t->count)
			return sema_error(s, n, "%s has no fixed size",
					  type_name(t, b, sizeof(b)));
		return expect_sized(s, n, t->elem);
	}
	if (t->kind != TY_STRUCT)
		return 0;
	if (type_complete(t) || t->incomplete)
		return sema_error(s, n, "%s is incomplete", type_name(t, b, sizeof(b)));
	return 0;
}

/* A value named in user space, compared with a literal (cg_eq_lit). */
static bool named_lit(const struct node *named, const struct node *lit)
{
	return named->type->kind == TY_NAMED && named->type->namer &&
	       named->type->namer->cg_eq_lit && lit->kind == N_STR;
}

static bool is_null(const struct node *n)
{
	return n->kind == N_INT && n->ival == 0;
}

/*
 * D's "s == NULL" and "s != NULL" of a string: the node becomes a call
 * of __dstrnull(s), ival 1 for !=, which tells the NULL that strchr(),
 * strtok() ... return from a string (builtins/dstring.c).
 */
static int null_test(struct sema *s, struct node *n)
{
	struct node *str = is_null(n->b) ? n->a : n->b;

	ast_free(str == n->a ? n->b : n->a);
	n->a = n->b = NULL;
	n->kind = N_CALL;
	n->name = xstrdup("__dstrnull");
	n->ival = n->op == T_NE;
	ast_push(n, str);
	return call_builtin(s, n, true);
}

/*
 * D's s + k and k + s, a string and an integer: the string from its
 * char k, as __dstroff (builtins/dstring.c).
 */
static bool str_offset(const struct node *n)
{
	const struct type *a = n->a->type, *b = n->b->type;

	return n->op == T_PLUS && ((a->kind == TY_STR && d_integer(b)) ||
				   (b->kind == TY_STR && d_integer(a)));
}

static int str_add(struct sema *s, struct node *n)
{
	struct node *str = n->a->type->kind == TY_STR ? n->a : n->b;
	struct node *off = str == n->a ? n->b : n->a;

	n->a = n->b = NULL;
	n->kind = N_CALL;
	n->name = xstrdup("__dstroff");
	n->op = 0;
	ast_push(n, str);
	ast_push(n, off);
	return call_builtin(s, n, true);
}

/* An operator token as dtrace writes it: "&", "<<=". */
static const char *d_opstr(int tok, char *buf, size_t len)
{
	const char *q = lex_token_name(tok);

	snprintf(buf, len, "%.*s", (int)strlen(q) - 2, q + 1);
	return buf;
}

/*
 * dtrace's checks of an operator's operands, in its words: D_OP_INT for
 * the bitwise operators, shifts and %, D_OP_ARITH for * and /,
 * D_OP_SCALAR for the logical ones; op is the operator as written
 * ("&=" for a compound assignment).  0, or -EINVAL after reporting.
 */
static int d_operands(struct sema *s, const struct node *n, int tok,
		      const char *op, const struct type *a,
		      const struct type *b)
{
	switch (tok) {
	case T_AMP: case T_PIPE: case T_CARET: case T_SHL: case T_SHR:
	case T_PERCENT:
		if (d_integer(a) && d_integer(b))
			return 0;
		return sema_error(s, n, "[D_OP_INT] operator %s requires operands of integral type",
				  op);
	case T_STAR: case T_SLASH:
		if (d_integer(a) && d_integer(b))
			return 0;
		return sema_error(s, n, "[D_OP_ARITH] operator %s requires operands of arithmetic type",
				  op);
	case T_LAND: case T_LOR:
		if (d_scalar(a) && d_scalar(b))
			return 0;
		return sema_error(s, n, "[D_OP_SCALAR] operator %s requires operands of scalar type",
				  op);
	case T_PLUS: case T_MINUS: {
		char x[64], y[64];

		/* void * has no element size to step by */
		if (!((a->kind == TY_PTR && a->elem && a->elem->kind == TY_NONE) ||
		      (b->kind == TY_PTR && b->elem && b->elem->kind == TY_NONE)))
			return 0;
		return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"%s\" %s \"%s\"",
				  bi_d_type_word(a, x, sizeof(x)), op,
				  bi_d_type_word(b, y, sizeof(y)));
	}
	default:
		return 0;
	}
}

static int binop(struct sema *s, struct node *n)
{
	struct type *a, *b;
	char ob[8];

	if (sema_expr(s, n->a) || sema_expr(s, n->b) ||
	    d_decay(s, n->a) || d_decay(s, n->b))
		return -EINVAL;
	a = n->a->type;
	b = n->b->type;
	if (s->c->opts.dtrace && str_offset(n))
		return str_add(s, n);
	if (s->c->opts.dtrace &&
	    d_operands(s, n, n->op, d_opstr(n->op, ob, sizeof(ob)), a, b))
		return -EINVAL;
	if ((n->op == T_EQ || n->op == T_NE) &&
	    (named_lit(n->a, n->b) || named_lit(n->b, n->a))) {
		n->type = type_int(8, true);
		return 0;
	}
	/* D's probe name parts compared with strings known when running */
	if (s->c->opts.dtrace && (str_named(a) || str_named(b)) &&
	    (a->kind == TY_STR || b->kind == TY_STR ||
	     (str_named(a) && str_named(b)))) {
		if ((str_named(a) && named_to_str(s, &n->a)) ||
		    (str_named(b) && named_to_str(s, &n->b)))
			return -EINVAL;
		a = n->a->type;
		b = n->b->type;
	}
	if (s->c->opts.dtrace && (n->op == T_EQ || n->op == T_NE) &&
	    ((a->kind == TY_STR && is_null(n->b)) ||
	     (b->kind == TY_STR && is_null(n->a))))
		return null_test(s, n);
	if (a->kind == TY_STR || b->kind == TY_STR) {
		char ta[64], tb[64];

		/* D orders strings as strcmp() does. */
		bool rel = s->c->opts.dtrace && (n->op == T_LT || n->op == T_LE ||
						 n->op == T_GT || n->op == T_GE);

		if (a->kind != b->kind ||
		    (n->op != T_EQ && n->op != T_NE && !rel))
			return sema_error(s, n,
				"Type mismatch for %s: comparing '%s' with '%s' (strings can only be compared with %s against strings)",
				lex_token_name(n->op), type_name(a, ta, sizeof(ta)),
				type_name(b, tb, sizeof(tb)),
				s->c->opts.dtrace ? "==, !=, <, <=, > and >=" : "== and !=");
		n->type = type_int(8, true);
		return 0;
	}
	if (type_is_record(a) || type_is_record(b)) {
		char x[64], y[64];

		if (!type_equal(a, b) || (n->op != T_EQ && n->op != T_NE))
			return sema_error(s, n, "The %s operator can not be used on expressions of types %s, %s",
					  lex_token_name(n->op), type_name(a, x, sizeof(x)),
					  type_name(b, y, sizeof(y)));
		n->type = type_int(8, true);
		return 0;
	}
	if (a->kind == TY_PROBE && b->kind == TY_PROBE &&
	    (n->op == T_EQ || n->op == T_NE)) {
		n->type = type_int(8, true);
		return 0;
	}
	if (expect_int(s, n->a, "an operand") || expect_int(s, n->b, "an operand") ||
	    d_div_zero(s, n, n->op, n->b))
		return -EINVAL;
	switch (n->op) {
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
	case T_LAND: case T_LOR:
		n->type = type_int(8, true);
		break;
	default:
		n->type = type_int(8, a->is_signed && b->is_signed);
		if ((n->op == T_PLUS || n->op == T_MINUS) &&
		    a->kind == TY_PTR && b->kind == TY_INT)
			n->type = a;
		else if (s->c->opts.dtrace && n->op == T_MINUS &&
			 a->kind == TY_PTR && b->kind == TY_PTR)
			n->type = type_int(8, true);	/* ptrdiff_t, in elements */
		else if (s->c->opts.dtrace)
			n->type = type_int(8, d_signed(n->a, n->b, n->op));
		/* A scratch offset plus or minus an integer is one. */
		if (n->type->kind == TY_INT &&
		    ((n->op == T_PLUS && (a->scratch == SCRATCH_PTR) != (b->scratch == SCRATCH_PTR)) ||
		     (n->op == T_MINUS && a->scratch == SCRATCH_PTR && b->scratch != SCRATCH_PTR)))
			n->type = type_scratch_int(n->type);
	}
	return 0;
}

static struct type *local_type(struct sema *s, const struct node *lv);

/*
 * D's clause-local this->x read before the clause stores it: it holds
 * what an earlier clause of the same firing stored, or zero, of its
 * declared type ("this int x;"), of the type an earlier clause gives
 * it (this-> variables are typed once for the program), or else an
 * int64_t.  Until the passes settle it is only typed, so that a store
 * later in the clause (or in the same statement, "this->x = c ? 1 :
 * this->x") still decides its type; the last pass makes the variable
 * of one never stored.
 */
static int unstored_local(struct sema *s, struct node *n)
{
	struct type *t = type_int(8, true), *d;
	struct symbol *v;

	/* One declared an array, whose text is no type name: its type. */
	if (!n->str && s->c->opts.decl_type &&
	    (d = s->c->opts.decl_type(n->name, s->c->opts.strlen))) {
		if (expect_sized(s, n, d))
			return -EINVAL;
		t = d;
	} else if (n->str) {
		t = type_c_int(n->str);
		if (!t)
			t = parse_type_name(s, n->str);
		if (!t || t->kind == TY_NONE)
			return sema_error(s, n, "Unknown type: '%s'", n->str);
		if (type_is_record(t) && expect_sized(s, n, t))
			return -EINVAL;
	} else if ((d = local_type(s, n))) {
		t = d;
	}
	n->type = t;
	if (!s->report)
		return 0;
	v = find_sym(&s->cur->vars, n->name);
	if (!v) {
		v = xcalloc(1, sizeof(*v));
		v->kind = SYM_VAR;
		v->name = xstrdup(n->name);
		v->first = n;
		vec_push(&s->cur->vars, v);
	}
	if (!v->val)
		v->val = t;
	n->sym = v;
	n->type = v->val;
	return 0;
}

static bool is_clause_local(struct sema *s, const struct node *n)
{
	return s->c->opts.dtrace && n->kind == N_VAR && !strncmp(n->name, "this->", 6);
}

static int lvalue_int(struct sema *s, struct node *lv)
{
	if (lv->kind == N_VAR) {
		struct symbol *v = find_sym(&s->cur->vars, lv->name);

		if ((!v || !v->val) && is_clause_local(s, lv)) {
			if (unstored_local(s, lv))
				return -EINVAL;
			return expect_int(s, lv, lv->name);
		}
		if (!v)
			return sema_error(s, lv, "Undefined or undeclared variable: %s",
					  lv->name);
		lv->sym = v;
		lv->type = v->val;
		return expect_int(s, lv, lv->name);
	}
	if (lv->kind == N_MAP) {
		if (!sema_map(s, lv))
			return -EINVAL;
		if (sema_map_value(s, lv, type_int(8, true)))
			return -EINVAL;
		lv->type = lv->sym->val;
		return 0;
	}
	return sema_error(s, lv, "can only assign to a map or a variable");
}

static int assign_value(struct sema *s, struct node *n);
static bool is_mem_lvalue(const struct node *n);
static int mem_incdec(struct sema *s, struct node *n);

/*
 * D's s[i] of a string is *(s + i), a char.  A char array of a struct
 * is bounded by its length and a D string by strsize, as DTrace's
 * string type is char[strsize]: a constant index past that is DTrace's
 * compile error (arrays of 0 or 1 elements, which often end a struct
 * and are sized at run time, are not checked, as in DTrace).
 */
static int index_string(struct sema *s, struct node *n)
{
	int max = n->a->kind == N_FIELD ? n->a->type->size :
		  s->c->opts.strlen - 1;

	if (expect_int(s, n->b, "an index"))
		return -EINVAL;
	if (n->b->kind == N_INT && max > 1 && n->b->ival >= (uint64_t)max)
		return sema_error(s, n->b, "[D_ARR_BOUNDS] index outside array bounds: %llu, max is %d",
				  (unsigned long long)n->b->ival, max);
	n->type = type_int(1, !n->a->type->ubytes);
	return 0;
}

/*
 * sizeof of D string-typed expression n: D's string is char[strsize],
 * whatever its value, as a string variable or element is; a char array
 * (a member, a variable declared one) is its length, and a literal its
 * characters and NUL, as dtrace sizes them.
 */
static int64_t d_str_size(struct sema *s, const struct node *n)
{
	const struct type *d = NULL;

	if (n->kind == N_FIELD || n->kind == N_INDEX || n->kind == N_STR)
		return n->type->size;
	if ((n->kind == N_MAP || n->kind == N_VAR) && s->c->opts.decl_type)
		d = s->c->opts.decl_type(n->name, s->c->opts.strlen);
	if (d && d->kind == TY_STR && !d->dstring &&
	    d->size != s->c->opts.strlen)
		return d->size;
	/* opts.strlen counts the NUL, which D's strsize does not */
	return s->c->opts.strlen - 1;
}

int sema_expr(struct sema *s, struct node *n)
{
	char b[64];
	int i;

	switch (n->kind) {
	case N_INT:
		if (s->c->opts.dtrace)
			return d_int_type(s, n);
		else
			n->type = type_int(8, !(n->ival > INT64_MAX &&
						!(n->flags & NF_SIGNED)));
		return 0;
	case N_STR:
		n->type = type_str(n->slen + 1);
		return 0;
	case N_POSPARAM:
		return posparam(s, n);
	case N_BUILTIN:
		return call_builtin(s, n, false);
	case N_CALL:
		return call_builtin(s, n, true);
	case N_VAR: {
		struct symbol *v = find_sym(&s->cur->vars, n->name);

		if ((!v || !v->val) && is_clause_local(s, n))
			return unstored_local(s, n);
		if (!v || !v->val)
			return sema_error(s, n, "Undefined or undeclared variable: %s",
					  n->name);
		n->sym = v;
		n->type = v->val;
		return 0;
	}
	case N_MAP:
		if (!sema_map(s, n))
			return -EINVAL;
		/*
		 * D: an associative array or thread-local variable that
		 * no pass found assigned is an integer, and reads as 0.
		 */
		if (!n->sym->val && s->report && s->c->opts.dtrace &&
		    n->name[0] != '@' && n->nlist > 0) {
			n->sym->val = type_int(8, true);
			n->sym->shown_val = n->sym->val;
		}
		if (!n->sym->val) {
			/*
			 * Until the passes settle, an unassigned map reads as
			 * an integer: "@b = @b + 1" types @b from itself.
			 */
			n->type = type_int(8, true);
			if (!s->report)
				return 0;
			return sema_error(s, n, "Undefined map: %s (it is read but never assigned)",
					  n->name);
		}
		if (type_is_agg(n->sym->val))
			return sema_error(s, n,
				"reading %s map %s inside a probe is not supported yet",
				type_name(n->sym->val, b, sizeof(b)), n->name);
		/* D: a string element never assigned reads as NULL (cg.c). */
		if (s->c->opts.dtrace && sema_d_dyn_var(n) &&
		    n->sym->val->kind == TY_STR && n->sym->val->size >= 2)
			s->c->null_strs = true;
		n->type = n->sym->val;
		return 0;
	case N_BINOP:
		return binop(s, n);
	case N_UNOP:
		/* D's &p->m, &p[i], &*p: the address of memory a pointer reaches */
		if (n->op == T_AMP && s->c->opts.dtrace &&
		    (n->a->kind == N_MAP || n->a->kind == N_VAR))
			return sema_error(s, n, "[D_ADDROF_VAR] cannot take address of dynamic variable");
		if (n->op == T_AMP && s->c->opts.dtrace && is_mem_lvalue(n->a)) {
			if (sema_expr(s, n->a))
				return -EINVAL;
			if (n->a->kind == N_FIELD && n->a->a->type->kind == TY_CTX)
				return sema_error(s, n, "a probe's arguments have no address");
			if (n->a->kind == N_FIELD && sema_var_root(n->a) &&
			    n->a->a->type->fields[n->a->id].bits)
				return sema_error(s, n, "[D_ADDROF_BITFIELD] cannot take address of bit-field");
			/* Stores through a pointer may reach a global's bytes. */
			if (sema_var_root(n->a) &&
			    sema_var_root(n->a)->kind == N_MAP &&
			    !sema_var_root(n->a)->nlist)
				sema_var_root(n->a)->sym->addr_taken = true;
			n->type = type_ptr(n->a->type);
			return 0;
		}
		if (n->op == T_AMP && s->c->opts.dtrace)
			return sema_error(s, n, "[D_ADDROF_LVAL] unacceptable operand for unary & operator");
		if (n->op == T_AMP)
			return sema_error(s, n, "syntax error, unexpected &: bpftrace's language has no address-of operator");
		if (n->op == T_STAR) {
			struct type *t;

			if (sema_expr(s, n->a) || expect_int(s, n->a, "a dereferenced value"))
				return -EINVAL;
			t = n->a->type;
			if (s->c->opts.dtrace && t->kind != TY_PTR)
				return sema_error(s, n, "[D_DEREF_NONPTR] cannot dereference non-pointer type");
			if (s->c->opts.dtrace && t->kind == TY_PTR && t->elem &&
			    t->elem->kind == TY_NONE)
				return sema_error(s, n, "[D_DEREF_VOID] cannot dereference pointer to void");
			if (t->kind == TY_INT || !t->elem)
				n->type = type_int(8, false);
			else
				n->type = t->elem;
			scratch_load(s, t);
			if (type_is_record(n->type) && expect_sized(s, n, n->type))
				return -EINVAL;
			return 0;
		}
		if (sema_expr(s, n->a))
			return -EINVAL;
		if (s->c->opts.dtrace && n->op == T_NOT && !d_scalar(n->a->type))
			return sema_error(s, n, "[D_OP_SCALAR] operator ! requires an operand of scalar type");
		if (s->c->opts.dtrace && n->op != T_NOT && !d_integer(n->a->type))
			return sema_error(s, n, n->op == T_TILDE ?
					  "[D_OP_INT] operator ~ requires an operand of integral type" :
					  "[D_OP_ARITH] operator - requires an operand of arithmetic type");
		if (expect_int(s, n->a, "an operand"))
			return -EINVAL;
		/*
		 * D folds the negation of an unsigned constant in its own
		 * type, as dtrace's parser does: -1u is 0xffffffff.
		 */
		if (s->c->opts.dtrace && n->op == T_MINUS &&
		    n->a->kind == N_INT && n->a->type->kind == TY_INT &&
		    !n->a->type->is_signed && n->a->type->size < 8) {
			struct node *a = n->a;

			*n = *a;
			n->ival = -n->ival & (~0ULL >> (64 - 8 * n->type->size));
			free(a);
			return 0;
		}
		n->type = n->op == T_NOT ? type_int(8, true) : n->a->type;
		if (n->op == T_MINUS)
			n->type = type_int(8, true);
		return 0;
	case N_INCDEC:
		if (s->c->opts.dtrace && is_mem_lvalue(n->a))
			return mem_incdec(s, n);
		if (s->c->opts.dtrace && n->a->kind == N_MAP) {
			struct symbol *sym = find_sym(&s->c->maps, n->a->name);

			if (sym && sym->val && !d_scalar(sym->val))
				return sema_error(s, n, "[D_OP_SCALAR] operator %s requires operand of scalar type",
						  n->op == T_INC ? "++" : "--");
		}
		if (lvalue_int(s, n->a))
			return -EINVAL;
		n->type = type_int(8, true);
		return 0;
	case N_ASSIGN:
		return assign_value(s, n);
	case N_TERNARY:
		if (sema_expr(s, n->a) || sema_expr(s, n->b) || sema_expr(s, n->c))
			return -EINVAL;
		if (s->c->opts.dtrace && !d_scalar(n->a->type))
			return sema_error(s, n, "[D_OP_SCALAR] operator ?: expression must be of scalar type");
		/* an action (trace(), printf() ...) has no value to choose */
		if (s->c->opts.dtrace &&
		    ((n->b->kind == N_CALL && n->b->type->kind == TY_NONE) ||
		     (n->c->kind == N_CALL && n->c->type->kind == TY_NONE)))
			return sema_error(s, n, "[D_OP_ACT] action cannot be used in a conditional context");
		if (expect_int(s, n->a, "a condition"))
			return -EINVAL;
		n->type = n->b->type;
		/* D: a pointer and NULL (the constant 0): the pointer's type */
		if (s->c->opts.dtrace && n->b->type->kind == TY_INT &&
		    n->c->type->kind == TY_PTR && n->b->kind == N_INT &&
		    n->b->ival == 0)
			n->type = n->c->type;
		else if (s->c->opts.dtrace && n->b->type->kind == TY_PTR &&
			 n->c->type->kind == TY_INT && n->c->kind == N_INT &&
			 n->c->ival == 0)
			;
		else if (!unify(&n->type, n->c->type))
			return sema_error(s, n, "the branches of ?: have different types");
		if (n->b->type->kind == TY_PTR && n->c->type->kind == TY_PTR &&
		    (n->b->type->scratch == SCRATCH_PTR) !=
		    (n->c->type->scratch == SCRATCH_PTR))
			n->type = type_scratch_ptr(n->type, SCRATCH_MIXED);
		return 0;
	case N_CAST:
		return cast(s, n);
	case N_FIELD:
		return field(s, n);
	case N_TUPLE: {
		struct type **f = xcalloc(n->nlist, sizeof(*f));

		for (i = 0; i < n->nlist; i++) {
			if (sema_expr(s, n->list[i])) {
				free(f);
				return -EINVAL;
			}
			f[i] = n->list[i]->type;
			if (type_is_record(f[i]) && expect_sized(s, n->list[i], f[i])) {
				free(f);
				return -EINVAL;
			}
			if (f[i]->kind != TY_INT && f[i]->kind != TY_PTR &&
			    f[i]->kind != TY_TUPLE && !type_is_record(f[i]) &&
			    !type_is_text(f[i])) {
				type_name(f[i], b, sizeof(b));
				free(f);
				return sema_error(s, n->list[i], "%s cannot be a tuple element", b);
			}
		}
		n->type = type_tuple(f, n->nlist);
		free(f);
		return 0;
	}
	case N_SIZEOF:
		if (n->a) {
			if (sema_expr(s, n->a))
				return -EINVAL;
			if (s->c->opts.dtrace && field_bits(n->a))
				return sema_error(s, n, "[D_SIZEOF_BITFIELD] cannot apply sizeof to a bit-field");
			if (expect_sized(s, n->a, n->a->type))
				return -EINVAL;
			n->ival = n->a->type->size;
			/*
			 * D: an integer expression's size is its D type's
			 * (C's conversions; a variable's declared or first
			 * type).
			 */
			if (s->c->opts.dtrace && n->a->type->kind == TY_INT &&
			    d_shown_type(n->a)->kind == TY_INT)
				n->ival = d_shown_type(n->a)->size;
			if (s->c->opts.dtrace && n->a->type->kind == TY_STR)
				n->ival = d_str_size(s, n->a);
		} else {
			struct type *t = parse_type_name(s, n->str);

			if (!t)
				return sema_error(s, n, "Unknown type: '%s'", n->str);
			if (s->c->opts.dtrace && t->kind == TY_NONE)
				return sema_error(s, n, "[D_SIZEOF_TYPE] cannot apply sizeof to an operand of unknown size");
			if (expect_sized(s, n, t))
				return -EINVAL;
			n->ival = t->size;
			/* D's string is char[strsize]: its NUL is not counted. */
			if (t->kind == TY_STR)
				n->ival = t->size - 1;
		}
		n->type = type_int(8, false);
		return 0;
	case N_INDEX: {
		struct type *t;

		if (sema_expr(s, n->a) || sema_expr(s, n->b))
			return -EINVAL;
		t = n->a->type;
		/* a probe name's part is a string of its own text */
		if (s->c->opts.dtrace && str_named(t)) {
			if (named_to_str(s, &n->a))
				return -EINVAL;
			t = n->a->type;
		}
		if (t->kind == TY_STR && s->c->opts.dtrace)
			return index_string(s, n);
		if ((t->kind != TY_PTR && t->kind != TY_ARRAY) || !t->elem)
			return sema_error(s, n, "The [] operator can not be used on expressions of type %s",
					  type_name(t, b, sizeof(b)));
		if (expect_int(s, n->b, "an index"))
			return -EINVAL;
		/*
		 * D checks no bounds of an associative array's array when
		 * compiling: past them is an invalid address when it runs.
		 */
		if (t->kind == TY_ARRAY && t->count > 0 && n->b->kind == N_INT &&
		    n->b->ival >= (uint64_t)t->count && s->c->opts.dtrace &&
		    !sema_d_assoc_elem(n->a))
			return sema_error(s, n, "[D_ARR_BOUNDS] index outside array bounds: %lld, max is %d",
					  (long long)n->b->ival, t->count);
		if (t->kind == TY_ARRAY && t->count > 0 && n->b->kind == N_INT &&
		    n->b->ival >= (uint64_t)t->count && !s->c->opts.dtrace)
			return sema_error(s, n->b, "the index %lld is out of bounds for %s",
					  (long long)n->b->ival, type_name(t, b, sizeof(b)));
		n->type = t->elem;
		scratch_load(s, t);
		if (type_is_record(n->type) && expect_sized(s, n, n->type))
			return -EINVAL;
		return 0;
	}
	default:
		return sema_error(s, n, "this is not an expression");
	}
}

static int stmt(struct sema *s, struct node *n);

static int block(struct sema *s, struct node *n)
{
	int i, err = 0;

	for (i = 0; i < n->nlist; i++) {
		const struct node *st = n->list[i];

		err |= stmt(s, n->list[i]);
		/* Code generation drops what follows; bpftrace says so. */
		if (s->report && i + 1 < n->nlist &&
		    (st->kind == N_RETURN || st->kind == N_BREAK ||
		     st->kind == N_CONTINUE))
			diag_warn(s->src, &st->loc, "All code after a '%s' is unreachable.",
				  st->kind == N_RETURN ? "return" :
				  st->kind == N_BREAK ? "break" : "continue");
	}
	return err ? -EINVAL : 0;
}

static bool is_agg_call(struct sema *s, const struct node *n)
{
	const struct builtin *b;

	if (n->kind != N_CALL)
		return false;
	b = builtin_find(n->name, true, s->c->opts.dtrace);
	return b && b->agg && !b->unsupported;
}

/* *p, p[i] or p->m: memory reached through a pointer. */
static bool is_mem_lvalue(const struct node *n)
{
	return (n->kind == N_UNOP && n->op == T_STAR) || n->kind == N_INDEX ||
	       n->kind == N_FIELD;
}

bool sema_d_assoc_elem(const struct node *n)
{
	return n->kind == N_MAP && n->name[0] != '@' && n->nlist > 0 &&
	       strncmp(n->name, "self->", 6) != 0;
}

bool sema_d_dyn_var(const struct node *n)
{
	return n->kind == N_MAP && n->name[0] != '@' && n->nlist > 0;
}

bool sema_d_deletes(const struct node *n)
{
	const struct node *lv = n->a, *rv = n->b;

	return n->op == T_ASSIGN && lv->kind == N_MAP && lv->name[0] != '@' &&
	       lv->nlist > 0 && lv->sym && lv->sym->val &&
	       (lv->sym->val->kind == TY_STRUCT ||
		lv->sym->val->kind == TY_INT || lv->sym->val->kind == TY_PTR) &&
	       rv->kind == N_INT && rv->ival == 0;
}

struct node *sema_var_root(struct node *n)
{
	struct node *r = n;

	/* A char array member is a string, its element a char in place. */
	if (r->kind == N_INDEX && r->a->type && r->a->type->kind == TY_STR &&
	    ((r->a->kind == N_FIELD && r->a->op == T_DOT) || r->a->kind == N_INDEX))
		r = r->a;
	while (((r->kind == N_FIELD && r->op == T_DOT) || r->kind == N_INDEX) &&
	       r->a->type && type_is_record(r->a->type))
		r = r->a;
	return r != n && (r->kind == N_MAP || r->kind == N_VAR) ? r : NULL;
}

/*
 * D's stores through a pointer, which DTrace allows only into scratch
 * space (alloca(), copyin()): an integer or a pointer, checked when it
 * runs against what the clause has allocated.
 */
/*
 * The text of an N_ASSIGN's or N_INCDEC's operator as D's messages
 * write it: "+=" for op= (whose op is the arithmetic one), "++".
 */
static const char *op_text(const struct node *n, char *buf, size_t len)
{
	const char *q = lex_token_name(n->op);

	snprintf(buf, len, "%.*s%s", (int)strlen(q) - 2, q + 1,
		 n->kind == N_ASSIGN && n->op != T_ASSIGN ? "=" : "");
	return buf;
}

static int mem_assign(struct sema *s, struct node *n)
{
	struct node *lv = n->a, *rv = n->b;
	char b[64];

	if (sema_expr(s, lv) || sema_expr(s, rv) || d_decay(s, rv))
		return -EINVAL;
	if (lv->kind == N_FIELD && lv->a->type->kind == TY_CTX)
		return sema_error(s, lv, "a probe's arguments cannot be assigned");
	/* A string member of a variable takes a string, cut to strsize. */
	if (lv->type->kind == TY_STR && lv->type->dstring && n->op == T_ASSIGN &&
	    sema_var_root(lv)) {
		if (rv->type->kind != TY_STR)
			return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"%s\"",
					  type_name(rv->type, b, sizeof(b)));
		n->type = lv->type;
		return 0;
	}
	/* A struct or union member of a variable takes one of its type. */
	if (lv->type->kind == TY_STRUCT && n->op == T_ASSIGN &&
	    sema_var_root(lv)) {
		char a[64];

		if (!type_equal(lv->type, rv->type))
			return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"%s\" = \"%s\"",
					  bi_d_type_word(lv->type, a, sizeof(a)),
					  bi_d_type_word(rv->type, b, sizeof(b)));
		n->type = lv->type;
		return 0;
	}
	/* A string through a pointer: into scratch space, as D's others. */
	if (s->c->opts.dtrace && lv->type->kind == TY_STR && !lv->type->dstring &&
	    !sema_var_root(lv) && n->op == T_ASSIGN) {
		if (rv->type->kind != TY_STR)
			return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"%s\"",
					  bi_d_type_word(rv->type, b, sizeof(b)));
		s->cur->uses_dscratch = true;
		n->type = lv->type;
		return 0;
	}
	if ((lv->type->kind != TY_INT && lv->type->kind != TY_PTR) ||
	    lv->type->size < 1 || lv->type->size > 8)
		return sema_error(s, lv, "operator = %s is not supported yet for a value of type %s",
				  sema_var_root(lv) ? "of a member or element" :
				  "through a pointer",
				  type_name(lv->type, b, sizeof(b)));
	if (expect_int(s, rv, "the right-hand side"))
		return -EINVAL;
	if (n->op != T_ASSIGN && lv->type->kind != TY_INT)
		return sema_error(s, n, "operator %s of a pointer member or element is not supported yet",
				  op_text(n, b, sizeof(b)));
	if (d_div_zero(s, n, n->op, rv))
		return -EINVAL;
	/* A variable's own bytes are no scratch space. */
	if (!sema_var_root(lv))
		s->cur->uses_dscratch = true;
	/* op=: the type the operation is done in, as for a variable */
	n->type = n->op == T_ASSIGN ? lv->type :
		  type_int(8, d_signed(lv, rv, n->op));
	return 0;
}

/*
 * D's ++ and -- of a member or element of a struct or array variable,
 * or of an integer through a pointer (into scratch space, as D's stores
 * through pointers), of the lvalue's type.
 */
static int mem_incdec(struct sema *s, struct node *n)
{
	char b[8];

	if (sema_expr(s, n->a))
		return -EINVAL;
	if (n->a->type->kind != TY_INT)
		return sema_error(s, n, "operator %s of a pointer member or element is not supported yet",
				  op_text(n, b, sizeof(b)));
	if (!sema_var_root(n->a))
		s->cur->uses_dscratch = true;
	n->type = n->a->type;
	return 0;
}

/*
 * D's integer constant 0 (NULL, the library's "inline long NULL = 0")
 * is a null pointer or string where one is kept (lt: its type).  Before
 * rv's sema: stored where a string is kept, it is the NULL string that
 * strchr() ... return, and rv becomes __dnullstr() (builtins/dstring.c).
 */
static void null_str(struct sema *s, struct node *rv, const struct type *lt)
{
	if (!s->c->opts.dtrace || !lt || lt->kind != TY_STR ||
	    rv->kind != N_INT || rv->ival != 0)
		return;
	rv->kind = N_CALL;
	rv->name = xstrdup("__dnullstr");
	rv->flags = 0;
}

/* After rv's sema: stored where a pointer is kept, it is one of its type. */
static void null_ptr(struct sema *s, struct node *rv, struct type *lt)
{
	if (s->c->opts.dtrace && lt && lt->kind == TY_PTR &&
	    rv->kind == N_INT && rv->ival == 0)
		rv->type = lt;
}

/*
 * The type an earlier clause gives clause-local lv (D types this->x
 * once for the program), or NULL: where 0 is stored to it, whether that
 * is a null pointer or string.
 */
static struct type *local_type(struct sema *s, const struct node *lv)
{
	struct type *t = NULL;
	int i;

	if (!is_clause_local(s, lv))
		return NULL;
	for (i = 0; i < s->probes.n && s->probes.v[i] != s->cur; i++) {
		struct sema_probe *sp = s->probes.v[i];
		struct symbol *v = find_sym(&sp->vars, lv->name);

		if (v && v->val)
			t = v->val;
	}
	return t;
}

/*
 * dtrace's checks of a compound assignment's operands, before ferret's
 * own: x op= e of a string or another non-integer is D_OP_INT, D_OP_ARITH
 * or, for += and -=, D_OP_INCOMPAT naming both types where one is a
 * string, else D_OP_VFPTR unless x is a pointer to a sized type.  A
 * variable not yet typed is left to the rest.
 */
static int d_compound(struct sema *s, struct node *n)
{
	struct node *lv = n->a;
	const struct type *lt = NULL;
	char op[80], a[64], b[64];

	if (sema_expr(s, n->b))
		return -EINVAL;
	if (lv->kind == N_MAP) {
		struct symbol *sym = find_sym(&s->c->maps, lv->name);

		lt = sym && sym->val ? (sym->shown_val ? sym->shown_val : sym->val) : NULL;
	} else if (lv->kind == N_VAR) {
		struct symbol *v = find_sym(&s->cur->vars, lv->name);

		lt = v ? v->val : NULL;
	}
	if (!lt || (d_integer(lt) && d_integer(n->b->type)) ||
	    (lt->kind == TY_PTR && d_integer(n->b->type) &&
	     (n->op == T_PLUS || n->op == T_MINUS)))
		return 0;
	snprintf(op, sizeof(op), "%s=", d_opstr(n->op, a, sizeof(a)));
	/* Not a string: a pointer to a sized type is all += and -= take. */
	if ((n->op == T_PLUS || n->op == T_MINUS) && lt->kind != TY_STR &&
	    n->b->type->kind != TY_STR &&
	    (lt->kind != TY_PTR || !lt->elem || lt->elem->kind == TY_NONE))
		return sema_error(s, n, "[D_OP_VFPTR] operator %s requires left-hand scalar operand of known size",
				  op);
	if (n->op == T_PLUS || n->op == T_MINUS)
		return sema_error(s, n, "[D_OP_INCOMPAT] operands have incompatible types: \"%s\" %s \"%s\"",
				  bi_d_type_word(lt, a, sizeof(a)), op,
				  bi_d_type_word(n->b->type, b, sizeof(b)));
	return d_operands(s, n, n->op, op, lt, n->b->type);
}

/*
 * D: variable sym takes value rv.  DTrace keeps a variable to scratch
 * pointers or to others (NULL is either), and names the clause where
 * one breaks that; one that holds scratch pointers has their type.
 */
static int d_scratch_mix(struct sema *s, const struct node *n,
			 struct symbol *sym, const struct node *rv)
{
	const struct type *t = rv->type;
	int want;

	if (!s->c->opts.dtrace || t->kind != TY_PTR ||
	    (rv->kind == N_INT && rv->ival == 0))
		return 0;
	if (t->scratch == SCRATCH_MIXED)
		return sema_error(s, n, "[D_ALLOCA_INCOMPAT] ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
	want = t->scratch == SCRATCH_PTR ? SCRATCH_PTR : SCRATCH_MIXED;
	if (sym->scratch && sym->scratch != want)
		return sema_error(s, s->cur ? s->cur->node : n,
				  "[D_ALLOCA_INCOMPAT] %s: cannot reuse the same identifier for both alloca and non-alloca allocations",
				  sym->name);
	sym->scratch = want;
	if (want == SCRATCH_PTR && sym->val && sym->val->kind == TY_PTR &&
	    sym->val->scratch != SCRATCH_PTR)
		sym->val = type_scratch_ptr(sym->val, SCRATCH_PTR);
	return 0;
}

/*
 * A variable keeps an integer, not a scratch offset: rv's type loses
 * the mark that makes a cast of it a scratch pointer (type_scratch_int()),
 * which holds within an expression.
 */
static void d_untaint(struct node *rv)
{
	if (rv->type && rv->type->kind == TY_INT && rv->type->scratch)
		rv->type = type_int(rv->type->size, rv->type->is_signed);
}

static int assign(struct sema *s, struct node *n)
{
	struct node *lv = n->a, *rv = n->b;
	char a[64], b[64];

	if (s->c->opts.dtrace && is_mem_lvalue(lv))
		return mem_assign(s, n);
	if (n->op != T_ASSIGN && s->c->opts.dtrace && d_compound(s, n))
		return -EINVAL;
	/*
	 * "x op= e" of a declared global, which the parser made
	 * "x = (type)(x op e)": dtrace's checks of what was written.
	 */
	if (n->op == T_ASSIGN && n->ival && s->c->opts.dtrace &&
	    rv->kind == N_CAST && rv->a->kind == N_BINOP) {
		struct node written = *n;

		written.op = (int)n->ival;
		written.b = rv->a->b;
		if (d_compound(s, &written))
			return -EINVAL;
	}
	if (n->op != T_ASSIGN) {
		if (lvalue_int(s, lv) || sema_expr(s, rv) ||
		    expect_int(s, rv, "the right-hand side") ||
		    d_div_zero(s, n, n->op, rv))
			return -EINVAL;
		/* the type the operation is done in (signed /= and >>=) */
		n->type = type_int(8, s->c->opts.dtrace ?
				   d_signed(lv, rv, n->op) :
				   lv->type->is_signed && rv->type->is_signed);
		return 0;
	}
	if (lv->kind == N_MAP) {
		if (!sema_map(s, lv))
			return -EINVAL;
		if (is_agg_call(s, rv))
			rv->target = lv;
		null_str(s, rv, lv->sym->val);
		if (sema_expr(s, rv) || d_decay(s, rv))
			return -EINVAL;
		d_untaint(rv);
		null_ptr(s, rv, lv->sym->val);
		if (s->c->opts.dtrace && sema_d_deletes(n))
			return 0;
		if (s->c->opts.dtrace && lv->name[0] != '@' &&
		    !lv->sym->shown_val)
			lv->sym->shown_val = d_shown_type(rv);
		if (lv->name[0] != '@' && d_scratch_mix(s, n, lv->sym, rv))
			return -EINVAL;
		return sema_map_value(s, lv, rv->type);
	}
	if (lv->kind == N_VAR) {
		struct type *lt;
		struct symbol *v;

		if (is_agg_call(s, rv))
			return sema_error(s, rv, "%s() can only be assigned to a map",
					  rv->name);
		v = find_sym(&s->cur->vars, lv->name);
		lt = v && v->val ? v->val : local_type(s, lv);
		null_str(s, rv, lt);
		if (sema_expr(s, rv) || d_decay(s, rv))
			return -EINVAL;
		d_untaint(rv);
		null_ptr(s, rv, lt);
		if (rv->type->kind == TY_NONE)
			return sema_error(s, rv, "this has no value to assign");
		if (rv->type->kind == TY_CTX)
			return sema_error(s, rv, "a variable cannot hold args; read its fields");
		if (type_is_record(rv->type) && expect_sized(s, rv, rv->type))
			return -EINVAL;
		v = find_sym(&s->cur->vars, lv->name);
		if (!v) {
			v = xcalloc(1, sizeof(*v));
			v->kind = SYM_VAR;
			v->name = xstrdup(lv->name);
			v->first = lv;
			/*
			 * A clause-local an earlier clause stores is that
			 * variable, of the type the program gave it there.
			 */
			v->val = local_type(s, lv);
			vec_push(&s->cur->vars, v);
		}
		/* A variable keeps the width of its first value (sizeof, bswap). */
		if (!unify(&v->val, rv->type))
			return sema_error(s, n, "Type mismatch for %s: trying to assign value of type '%s' when variable already contains a value of type '%s'",
					  lv->name, type_name(rv->type, b, sizeof(b)),
					  type_name(v->val, a, sizeof(a)));
		if (d_scratch_mix(s, n, v, rv))
			return -EINVAL;
		lv->sym = v;
		lv->type = v->val;
		return 0;
	}
	if (s->c->opts.dtrace && is_mem_lvalue(lv))
		return mem_assign(s, n);
	return sema_error(s, lv, "can only assign to a map or a variable");
}

/*
 * D's assignment used as a value: the value its lvalue holds after it,
 * of the lvalue's type.  Code generation reads a value stored through a
 * pointer back, so the address must be pure; a variable's or a map's it
 * has at hand.
 */
static int assign_value(struct sema *s, struct node *n)
{
	struct node *lv = n->a;

	if (is_agg_call(s, n->b))
		return sema_error(s, n, "operator = of an aggregation has no value: assign %s with a statement of its own",
				  lv->name ? lv->name : "it");
	if (assign(s, n))
		return -EINVAL;
	if (lv->kind == N_MAP) {
		lv->type = lv->sym->val;
		if (!lv->type)
			return sema_error(s, n, "this has no value to assign");
	}
	if (n->op == T_ASSIGN)
		n->type = lv->type;
	if (is_mem_lvalue(lv) && !ast_pure(lv))
		return sema_error(s, n, "assignment inside an expression is not supported yet where its lvalue has a call, an increment or an assignment in it");
	return 0;
}

static int stmt(struct sema *s, struct node *n)
{
	int64_t k;
	int err;

	switch (n->kind) {
	case N_EXPRSTMT:
		if (is_agg_call(s, n->a))
			return sema_error(s, n->a, "%s() must be assigned to a map",
					  n->a->name);
		err = sema_expr(s, n->a);
		if (!err && n->a->kind == N_CALL && n->a->bi &&
		    n->a->bi->action)
			err = n->a->bi->action(s, n);
		return err;
	case N_ASSIGN:
		return assign(s, n);
	case N_IF:
		err = sema_expr(s, n->a);
		if (!err)
			err = expect_int(s, n->a, "a condition");
		err |= block(s, n->b);
		if (n->c)
			err |= n->c->kind == N_IF ? stmt(s, n->c) : block(s, n->c);
		return err ? -EINVAL : 0;
	case N_WHILE:
		err = sema_expr(s, n->a);
		if (!err)
			err = expect_int(s, n->a, "a condition");
		s->loop_depth++;
		err |= block(s, n->b);
		s->loop_depth--;
		return err ? -EINVAL : 0;
	case N_UNROLL:
		if (sema_const_int(s, n->a, &k))
			return -EINVAL;
		if (k > 100)
			return sema_error(s, n->a, "unroll maximum value is 100");
		if (k < 1)
			return sema_error(s, n->a, "unroll minimum value is 1");
		n->a->kind = N_INT;
		n->a->ival = k;
		return block(s, n->b);
	case N_BREAK:
	case N_CONTINUE:
		if (!s->loop_depth)
			return sema_error(s, n, "%s used outside of a loop",
					  n->kind == N_BREAK ? "break" : "continue");
		return 0;
	case N_RETURN:
		if (n->a)
			return sema_error(s, n, "return with a value is not supported yet");
		return 0;
	case N_BLOCK:
		return block(s, n);
	default:
		return sema_error(s, n, "this is not a statement");
	}
}

/*
 * $N in a probe spec is the Nth positional parameter's text ("$#" their
 * count), as bpftrace substitutes it: interval:ms:$1, uprobe:$1:main.
 */
static int spec_params(struct sema *s, struct node *spec)
{
	const struct compile_opts *o = &s->c->opts;
	struct buf b = { 0 };
	const char *p;

	for (p = spec->str; *p; p++) {
		char *end;
		long k;

		if (*p != '$') {
			buf_put(&b, p, 1);
			continue;
		}
		if (p[1] == '#') {
			buf_printf(&b, "%d", o->nparams);
			p++;
			continue;
		}
		k = strtol(p + 1, &end, 10);
		if (end == p + 1 || k < 1) {
			s->report = true;
			sema_error(s, spec, "invalid positional parameter in probe '%s'", spec->str);
			s->report = false;
			buf_free(&b);
			return -EINVAL;
		}
		if (k > o->nparams) {
			s->report = true;
			sema_error(s, spec, "positional parameter $%ld in probe '%s' is not given (%d given)",
				   k, spec->str, o->nparams);
			s->report = false;
			buf_free(&b);
			return -EINVAL;
		}
		buf_printf(&b, "%s", o->params[k - 1]);
		p = end - 1;
	}
	buf_put(&b, "", 1);
	free(spec->str);
	spec->str = b.p;
	return 0;
}

/* A probe spec that matched nothing, kept for sema_run to report. */
struct missing {
	struct node *spec;
	char *why;
};

static int expand(struct sema *s, struct sema_probe *sp)
{
	struct node *p = sp->node;
	const char *why;
	char err[512];
	int i, j, ret, errs = 0;

	for (i = 0; i < p->nspecs; i++) {
		struct node *spec = p->specs[i];
		const struct provider *prov;
		int first = sp->insts.n;

		if (strchr(spec->str, '$') && spec_params(s, spec)) {
			errs++;
			continue;
		}
		prov = provider_find(spec->str);

		if (!prov) {
			s->report = true;
			sema_error(s, spec, "unknown probe type in '%s'", spec->str);
			s->report = false;
			errs++;
			continue;
		}
		err[0] = 0;
		if (prov->available && !s->c->opts.dump &&
		    !prov->available(&why)) {
			s->report = true;
			sema_error(s, spec, "%s", why);
			s->report = false;
			errs++;
			continue;
		}
		{
			/* the process a D pid or USDT description names */
			int pid = provider_pid;

			if (spec->ival > 0)
				provider_pid = (int)spec->ival;
			ret = prov->expand(prov, spec->str, &sp->insts, err,
					   sizeof(err));
			provider_pid = pid;
		}
		if (ret == -ENOENT) {
			/* Told once every probe is expanded: see sema_run. */
			struct missing *m = xcalloc(1, sizeof(*m));

			m->spec = spec;
			m->why = xstrdup(err[0] ? err : strerror(-ret));
			vec_push(&s->missing, m);
			continue;
		}
		if (ret) {
			s->report = true;
			sema_error(s, spec, "%s", err[0] ? err : strerror(-ret));
			s->report = false;
			errs++;
			continue;
		}
		for (j = first; j < sp->insts.n; j++) {
			struct probe_inst *pi = sp->insts.v[j];

			/* D's -x cpu: a timer or counter on that CPU alone. */
			if (s->c->opts.one_cpu && pi->cpu_local)
				pi->cpu = s->c->opts.cpu;
			pi->index = s->c->probes.n;
			vec_push(&s->c->probes, pi);
		}
	}
	return errs ? -EINVAL : 0;
}

static int check_probe(struct sema *s, struct sema_probe *sp)
{
	struct node *p = sp->node;
	int err = 0, i;

	s->cur = sp;
	for (i = 0; i < sp->vars.n; i++) {
		struct symbol *v = sp->vars.v[i];

		free(v->name);
		free(v);
	}
	sp->vars.n = 0;
	sp->uses_dscratch = false;
	if (p->a) {
		err = sema_expr(s, p->a);
		if (!err && s->c->opts.dtrace && !d_scalar(p->a->type))
			err = sema_error(s, p->a, "[D_PRED_SCALAR] predicate result must be of scalar type");
		if (!err)
			err = expect_int(s, p->a, "a predicate");
	}
	sp->dscratch_in_pred = sp->uses_dscratch;
	err |= block(s, p->b);
	return err ? -EINVAL : 0;
}

int sema_run(struct sema *s, struct compiled *c)
{
	struct node *prog = c->ast;
	int i, pass, err = 0;

	memset(s, 0, sizeof(*s));
	s->c = c;
	s->src = c->src;
	for (i = 0; i < prog->nlist; i++) {
		struct sema_probe *sp = xcalloc(1, sizeof(*sp));

		sp->node = prog->list[i];
		sp->node->id = i;
		vec_push(&s->probes, sp);
		err |= expand(s, sp);
	}
	/*
	 * A spec that matches nothing (a symbol this library lacks, a
	 * tracepoint this kernel lacks) is dropped with a warning, as
	 * bpftrace drops it, while something else in the script attaches;
	 * when nothing does, each is an error.
	 */
	for (i = 0; i < s->missing.n; i++) {
		struct missing *m = s->missing.v[i];

		if (c->probes.n) {
			diag_warn(s->src, &m->spec->loc, "%s; this probe is skipped",
				  m->why);
		} else {
			s->report = true;
			sema_error(s, m->spec, "%s", m->why);
			s->report = false;
			err = -EINVAL;
		}
		free(m->why);
		free(m);
	}
	vec_free(&s->missing);
	if (err)
		return -EINVAL;
	for (pass = 0; pass <= SEMA_QUIET_PASSES; pass++) {
		s->report = pass == SEMA_QUIET_PASSES;
		s->errors = 0;
		for (i = 0; i < s->probes.n; i++)
			if (((struct sema_probe *)s->probes.v[i])->insts.n)
				check_probe(s, s->probes.v[i]);
	}
	return s->errors ? -EINVAL : 0;
}

void sema_free(struct sema *s)
{
	int i, j;

	for (i = 0; i < s->probes.n; i++) {
		struct sema_probe *sp = s->probes.v[i];

		for (j = 0; j < sp->vars.n; j++) {
			struct symbol *v = sp->vars.v[j];

			free(v->name);
			free(v);
		}
		vec_free(&sp->vars);
		vec_free(&sp->insts);
		free(sp);
	}
	vec_free(&s->probes);
}
