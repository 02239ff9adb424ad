/* SPDX-License-Identifier: GPL-2.0 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/lex.h"
#include "lang/parse.h"
#include "lang/cdecl.h"
#include "lang/types.h"

/*
 * Recursive descent with one token of lookahead.  Parsing stops at the
 * first error: every function returns NULL (or false) once p->failed is
 * set, and the nodes made so far are freed from p->nodes, which records
 * every node whether or not it has been linked into the tree yet.
 */
struct parser {
	const struct source *src;
	struct lexer lx;
	struct token tok;
	struct vec nodes;
	int depth;
	int expr_nodes;
	bool in_pred;
	bool failed;
};

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
	lex_token_free(&p->tok);
	if (lex_next(&p->lx, &p->tok) < 0)
		p->failed = true;
	return !p->failed;
}

/* Moves the current token's string into the caller's hands. */
static char *take_str(struct parser *p)
{
	char *s = p->tok.str;

	p->tok.str = NULL;
	return s;
}

static void describe(const struct token *t, char *buf, size_t len)
{
	const char *name = lex_token_name(t->kind);

	switch (t->kind) {
	case T_IDENT:
	case T_VAR:
	case T_MAP:
	case T_SPEC:
	case T_INT:
	case T_POSPARAM:
		if (t->len > 40)
			snprintf(buf, len, "%s '%.37s...'", name, t->start);
		else
			snprintf(buf, len, "%s '%.*s'", name, t->len, t->start);
		break;
	default:
		snprintf(buf, len, "%s", name);
		break;
	}
}

/* Reports "unexpected <token>", unless the lexer already reported it. */
static void *unexpected(struct parser *p, const char *expecting)
{
	char what[80];

	if (p->failed)
		return NULL;
	p->failed = true;
	if (p->tok.kind == T_ERROR)
		return NULL;
	describe(&p->tok, what, sizeof(what));
	if (expecting)
		diag_error(p->src, &p->tok.loc,
			   "syntax error: unexpected %s, expecting %s", what,
			   expecting);
	else
		diag_error(p->src, &p->tok.loc, "syntax error: unexpected %s",
			   what);
	return NULL;
}

static void *fail_at(struct parser *p, const struct loc *loc, const char *msg)
{
	if (!p->failed)
		diag_error(p->src, loc, "%s", msg);
	p->failed = true;
	return NULL;
}

static bool expect(struct parser *p, enum token_kind kind)
{
	if (p->tok.kind != kind) {
		unexpected(p, lex_token_name(kind));
		return false;
	}
	return next(p);
}

static bool too_complex(struct parser *p)
{
	if (p->expr_nodes <= PARSE_MAX_EXPR_NODES)
		return false;
	fail_at(p, &p->tok.loc, "syntax error: expression is too complex");
	return true;
}

static bool enter(struct parser *p)
{
	if (++p->depth > PARSE_MAX_DEPTH) {
		fail_at(p, &p->tok.loc, "syntax error: nesting is too deep");
		return false;
	}
	return !too_complex(p);
}

static struct node *parse_expr(struct parser *p);
static struct node *parse_unary(struct parser *p);
static struct node *parse_block(struct parser *p, bool top);

static const char *const int_types[] = {
	"int8", "int16", "int32", "int64",
	"uint8", "uint16", "uint32", "uint64",
};

static bool at_type(struct parser *p)
{
	size_t i;

	if (p->tok.kind != T_IDENT)
		return false;
	if (!strcmp(p->tok.str, "struct") || !strcmp(p->tok.str, "union") ||
	    !strcmp(p->tok.str, "enum") || type_defined(NULL, p->tok.str))
		return true;
	for (i = 0; i < ARRAY_SIZE(int_types); i++)
		if (!strcmp(p->tok.str, int_types[i]))
			return true;
	return false;
}

/*
 * type = int-type | ("struct" | "union" | "enum") NAME | typedef-name,
 * then any number of '*'.  Returns the
 * name normalised to "uint32", "struct task_struct *", "uint8 **".
 */
static char *parse_type(struct parser *p)
{
	struct buf b = { 0 };
	bool first = true;

	if (!strcmp(p->tok.str, "struct") || !strcmp(p->tok.str, "union") ||
	    !strcmp(p->tok.str, "enum")) {
		char *tag = take_str(p);

		if (!next(p)) {
			free(tag);
			return NULL;
		}
		if (p->tok.kind != T_IDENT) {
			free(tag);
			return unexpected(p, "struct name");
		}
		buf_printf(&b, "%s %s", tag, p->tok.str);
		free(tag);
	} else {
		buf_printf(&b, "%s", p->tok.str);
	}
	if (!next(p))
		goto err;
	while (p->tok.kind == T_STAR) {
		buf_printf(&b, "%s*", first ? " " : "");
		first = false;
		if (!next(p))
			goto err;
	}
	return b.p;
err:
	buf_free(&b);
	return NULL;
}

/* Parses "(arg, ...)" or "[key, ...]" into n->list. */
static bool parse_list(struct parser *p, struct node *n, enum token_kind close)
{
	struct node *e;

	if (!next(p))
		return false;
	if (p->tok.kind == close && close == T_RPAREN)
		return next(p);
	for (;;) {
		e = parse_expr(p);
		if (!e)
			return false;
		ast_push(n, e);
		if (p->tok.kind == close)
			return next(p);
		if (p->tok.kind != T_COMMA) {
			unexpected(p, close == T_RPAREN ? "',' or ')'" :
				   "',' or ']'");
			return false;
		}
		if (!next(p))
			return false;
	}
}

/* After '(' when a type follows: a cast, "(TYPE) unary". */
static struct node *parse_cast(struct parser *p, const struct loc *lparen)
{
	struct node *n = new_node(p, N_CAST, lparen);

	n->str = parse_type(p);
	if (!n->str || !expect(p, T_RPAREN))
		return NULL;
	n->a = parse_unary(p);
	return n->a ? n : NULL;
}

/* '(' expr ')' or a tuple '(' expr ',' expr ... ')' or a cast. */
static struct node *parse_paren(struct parser *p)
{
	struct loc loc = p->tok.loc;
	struct node *e, *t;

	if (!next(p))
		return NULL;
	if (at_type(p))
		return parse_cast(p, &loc);
	e = parse_expr(p);
	if (!e)
		return NULL;
	if (p->tok.kind == T_RPAREN)
		return next(p) ? e : NULL;
	if (p->tok.kind != T_COMMA)
		return unexpected(p, "')'");
	t = new_node(p, N_TUPLE, &loc);
	ast_push(t, e);
	while (p->tok.kind == T_COMMA) {
		if (!next(p))
			return NULL;
		e = parse_expr(p);
		if (!e)
			return NULL;
		ast_push(t, e);
	}
	if (p->tok.kind != T_RPAREN)
		return unexpected(p, "',' or ')'");
	return next(p) ? t : NULL;
}

static struct node *parse_sizeof(struct parser *p)
{
	struct node *n = new_node(p, N_SIZEOF, &p->tok.loc);

	if (!next(p) || !expect(p, T_LPAREN))
		return NULL;
	if (at_type(p)) {
		n->str = parse_type(p);
		if (!n->str)
			return NULL;
	} else {
		n->a = parse_expr(p);
		if (!n->a)
			return NULL;
	}
	return expect(p, T_RPAREN) ? n : NULL;
}

static struct node *parse_primary(struct parser *p)
{
	struct node *n;

	switch (p->tok.kind) {
	case T_INT:
		n = new_node(p, N_INT, &p->tok.loc);
		n->ival = p->tok.ival;
		break;
	case T_STR:
		n = new_node(p, N_STR, &p->tok.loc);
		n->slen = p->tok.slen;
		n->str = take_str(p);
		break;
	case T_POSPARAM:
		n = new_node(p, N_POSPARAM, &p->tok.loc);
		n->ival = p->tok.ival;
		break;
	case T_VAR:
		n = new_node(p, N_VAR, &p->tok.loc);
		n->name = take_str(p);
		break;
	case T_MAP:
		n = new_node(p, N_MAP, &p->tok.loc);
		n->name = take_str(p);
		if (!next(p))
			return NULL;
		if (p->tok.kind == T_LBRACKET && !parse_list(p, n, T_RBRACKET))
			return NULL;
		return n;
	case T_IDENT:
		n = new_node(p, N_BUILTIN, &p->tok.loc);
		n->name = take_str(p);
		if (!next(p))
			return NULL;
		if (p->tok.kind == T_LPAREN) {
			n->kind = N_CALL;
			if (!parse_list(p, n, T_RPAREN))
				return NULL;
		}
		return n;
	case T_SIZEOF:
		return parse_sizeof(p);
	case T_LPAREN:
		return parse_paren(p);
	default:
		return unexpected(p, "expression");
	}
	return next(p) ? n : NULL;
}

static bool is_lvalue(const struct node *n)
{
	return n->kind == N_MAP || n->kind == N_VAR;
}

static struct node *parse_postfix(struct parser *p)
{
	struct node *e = parse_primary(p), *n;

	while (e && !too_complex(p)) {
		switch (p->tok.kind) {
		case T_LBRACKET:
			n = new_node(p, N_INDEX, &p->tok.loc);
			n->a = e;
			if (!next(p))
				return NULL;
			n->b = parse_expr(p);
			if (!n->b || !expect(p, T_RBRACKET))
				return NULL;
			e = n;
			break;
		case T_DOT:
		case T_ARROW:
			n = new_node(p, N_FIELD, NULL);
			n->op = p->tok.kind;
			n->a = e;
			if (!next(p))
				return NULL;
			if (p->tok.kind != T_IDENT && p->tok.kind != T_INT &&
			    !(p->tok.kind >= T_IF && p->tok.kind <= T_SIZEOF))
				return unexpected(p, "field name");
			n->loc = p->tok.loc;
			n->name = xstrndup(p->tok.start, p->tok.len);
			if (!next(p))
				return NULL;
			e = n;
			break;
		case T_INC:
		case T_DEC:
			if (!is_lvalue(e))
				return fail_at(p, &p->tok.loc,
					       "syntax error: '++' and '--' need a map or variable");
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

static struct node *parse_unary(struct parser *p)
{
	struct node *n;

	switch (p->tok.kind) {
	case T_MINUS:
	case T_NOT:
	case T_TILDE:
	case T_STAR:
	case T_AMP:
		n = new_node(p, N_UNOP, &p->tok.loc);
		break;
	case T_INC:
	case T_DEC:
		n = new_node(p, N_INCDEC, &p->tok.loc);
		break;
	default:
		return parse_postfix(p);
	}
	n->op = p->tok.kind;
	if (!next(p) || !enter(p))
		return NULL;
	n->a = parse_unary(p);
	p->depth--;
	if (!n->a)
		return NULL;
	if (n->kind == N_INCDEC && !is_lvalue(n->a))
		return fail_at(p, &n->a->loc,
			       "syntax error: '++' and '--' need a map or variable");
	return n;
}

/* Binary operators from loosest to tightest; all left-associative. */
static const enum token_kind binops[][5] = {
	{ T_LOR },
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
	const enum token_kind *ops = binops[level];
	int i;

	if (p->tok.kind == T_SLASH && p->in_pred && lex_pred_end(&p->lx))
		return false;
	for (i = 0; i < 5 && ops[i]; i++)
		if (p->tok.kind == ops[i])
			return true;
	return false;
}

static struct node *parse_binary(struct parser *p, int level)
{
	struct node *e, *n;

	if (level == (int)ARRAY_SIZE(binops))
		return parse_unary(p);
	e = parse_binary(p, level + 1);
	while (e && is_binop(p, level)) {
		n = new_node(p, N_BINOP, &p->tok.loc);
		n->op = p->tok.kind;
		n->a = e;
		if (!next(p) || !(n->b = parse_binary(p, level + 1)))
			return NULL;
		e = n;
	}
	return e;
}

/* cond ? a : b, right-associative, loosest of all. */
static struct node *parse_expr(struct parser *p)
{
	struct node *e, *n = NULL;

	if (!enter(p))
		return NULL;
	e = parse_binary(p, 0);
	if (!e || p->tok.kind != T_QUESTION) {
		n = e;
		goto out;
	}
	n = new_node(p, N_TERNARY, &p->tok.loc);
	n->a = e;
	if (!next(p) || !(n->b = parse_expr(p)) || !expect(p, T_COLON) ||
	    !(n->c = parse_expr(p)))
		n = NULL;
out:
	p->depth--;
	return n;
}

static bool parse_cond(struct parser *p, struct node *n)
{
	if (!next(p) || !expect(p, T_LPAREN))
		return false;
	p->expr_nodes = 0;
	n->a = parse_expr(p);
	return n->a && expect(p, T_RPAREN);
}

static struct node *parse_if(struct parser *p)
{
	struct node *n = new_node(p, N_IF, &p->tok.loc);

	if (!parse_cond(p, n) || !(n->b = parse_block(p, false)))
		return NULL;
	if (p->tok.kind != T_ELSE)
		return n;
	if (!next(p))
		return NULL;
	if (p->tok.kind == T_IF) {
		if (!enter(p))
			return NULL;
		n->c = parse_if(p);
		p->depth--;
	} else {
		n->c = parse_block(p, false);
	}
	return n->c ? n : NULL;
}

static int assign_op(enum token_kind kind)
{
	switch (kind) {
	case T_ASSIGN:
		return T_ASSIGN;
	case T_PLUS_ASSIGN:
		return T_PLUS;
	case T_MINUS_ASSIGN:
		return T_MINUS;
	case T_STAR_ASSIGN:
		return T_STAR;
	case T_SLASH_ASSIGN:
		return T_SLASH;
	case T_PERCENT_ASSIGN:
		return T_PERCENT;
	case T_AMP_ASSIGN:
		return T_AMP;
	case T_PIPE_ASSIGN:
		return T_PIPE;
	case T_CARET_ASSIGN:
		return T_CARET;
	case T_SHL_ASSIGN:
		return T_SHL;
	case T_SHR_ASSIGN:
		return T_SHR;
	default:
		return 0;
	}
}

static struct node *parse_simple_stmt(struct parser *p)
{
	struct node *e, *n;
	int op;

	p->expr_nodes = 0;
	e = parse_expr(p);
	if (!e)
		return NULL;
	op = assign_op(p->tok.kind);
	if (!op) {
		n = new_node(p, N_EXPRSTMT, &e->loc);
		n->a = e;
		return n;
	}
	if (!is_lvalue(e))
		return fail_at(p, &e->loc,
			       "syntax error: only a map or variable can be assigned to");
	n = new_node(p, N_ASSIGN, &p->tok.loc);
	n->op = op;
	n->a = e;
	if (!next(p) || !(n->b = parse_expr(p)))
		return NULL;
	return n;
}

/* Sets *compound for statements that end with a block and need no ';'. */
static struct node *parse_stmt(struct parser *p, bool *compound)
{
	struct node *n;

	*compound = false;
	switch (p->tok.kind) {
	case T_IF:
		*compound = true;
		return parse_if(p);
	case T_WHILE:
		*compound = true;
		n = new_node(p, N_WHILE, &p->tok.loc);
		if (!parse_cond(p, n) || !(n->b = parse_block(p, false)))
			return NULL;
		return n;
	case T_UNROLL:
		*compound = true;
		n = new_node(p, N_UNROLL, &p->tok.loc);
		if (!next(p) || !expect(p, T_LPAREN))
			return NULL;
		if (p->tok.kind == T_POSPARAM) {
			/* unroll($1): the count comes with the parameters. */
			n->a = new_node(p, N_POSPARAM, &p->tok.loc);
		} else if (p->tok.kind == T_INT) {
			n->a = new_node(p, N_INT, &p->tok.loc);
		} else {
			return unexpected(p, "integer");
		}
		n->a->ival = p->tok.ival;
		if (!next(p) || !expect(p, T_RPAREN) ||
		    !(n->b = parse_block(p, false)))
			return NULL;
		return n;
	case T_BREAK:
	case T_CONTINUE:
		n = new_node(p, p->tok.kind == T_BREAK ? N_BREAK : N_CONTINUE,
			     &p->tok.loc);
		return next(p) ? n : NULL;
	case T_RETURN:
		n = new_node(p, N_RETURN, &p->tok.loc);
		if (!next(p))
			return NULL;
		if (p->tok.kind != T_SEMI && p->tok.kind != T_RBRACE) {
			p->expr_nodes = 0;
			n->a = parse_expr(p);
			if (!n->a)
				return NULL;
		}
		return n;
	default:
		return parse_simple_stmt(p);
	}
}

/*
 * '{' stmt (';' stmt)* [';'] '}'.  Statements ending in a block need no
 * ';' and stray ';' are accepted.  The token after a probe's '}' (top) is
 * lexed in spec mode.
 */
static struct node *parse_block(struct parser *p, bool top)
{
	struct node *b, *s;
	bool compound;

	if (p->tok.kind != T_LBRACE)
		return unexpected(p, "'{'");
	p->expr_nodes = 0;
	if (!enter(p))
		return NULL;
	b = new_node(p, N_BLOCK, &p->tok.loc);
	p->lx.spec = false;
	if (!next(p))
		return NULL;
	for (;;) {
		while (p->tok.kind == T_SEMI)
			if (!next(p))
				return NULL;
		if (p->tok.kind == T_RBRACE)
			break;
		s = parse_stmt(p, &compound);
		if (!s)
			return NULL;
		ast_push(b, s);
		if (p->tok.kind == T_RBRACE)
			break;
		if (p->tok.kind == T_SEMI || compound)
			continue;
		return unexpected(p, p->tok.kind == T_EOF ? "'}'" : "';'");
	}
	p->lx.spec = top;
	if (!next(p))
		return NULL;
	p->depth--;
	return b;
}

static struct node *parse_spec(struct parser *p)
{
	struct node *n;

	if (p->tok.kind != T_SPEC)
		return unexpected(p, "probe");
	n = new_node(p, N_SPEC, &p->tok.loc);
	n->str = take_str(p);
	return next(p) ? n : NULL;
}

/* spec (',' spec)* ['/' expr '/'] block */
static struct node *parse_probe(struct parser *p)
{
	struct node *n, *s;

	p->expr_nodes = 0;
	n = new_node(p, N_PROBE, &p->tok.loc);
	for (;;) {
		s = parse_spec(p);
		if (!s)
			return NULL;
		ast_push_spec(n, s);
		if (p->tok.kind != T_COMMA)
			break;
		if (!next(p))
			return NULL;
	}
	if (p->tok.kind == T_SLASH) {
		p->lx.spec = false;
		if (!next(p))
			return NULL;
		p->in_pred = true;
		p->expr_nodes = 0;
		n->a = parse_expr(p);
		p->in_pred = false;
		if (!n->a)
			return NULL;
		if (!expect(p, T_SLASH))
			return NULL;
	}
	n->b = parse_block(p, true);
	return n->b ? n : NULL;
}

/* Frees nodes one by one: children are in p->nodes too. */
static void free_nodes(struct parser *p)
{
	int i;

	for (i = 0; i < p->nodes.n; i++) {
		struct node *n = p->nodes.v[i];

		free(n->list);
		free(n->specs);
		free(n->name);
		free(n->str);
		free(n);
	}
	vec_free(&p->nodes);
}

struct node *parse_program(const struct source *src)
{
	struct parser p = { .src = src };
	struct node *prog, *probe;
	struct loc start = { 1, 1, 1, 0 };

	lex_init(&p.lx, src);
	p.lx.spec = true;
	prog = new_node(&p, N_PROGRAM, &start);
	if (next(&p)) {
		while (p.tok.kind != T_EOF) {
			/* C definitions come before the first probe. */
			if (!prog->nlist && p.tok.kind == T_SPEC &&
			    cdecl_starts(p.tok.str)) {
				p.tok.kind = T_IDENT;
				if (cdecl_parse(&p.lx, &p.tok)) {
					p.failed = true;
					break;
				}
				continue;
			}
			probe = parse_probe(&p);
			if (!probe)
				break;
			ast_push(prog, probe);
		}
	}
	lex_token_free(&p.tok);
	if (p.failed) {
		free_nodes(&p);
		return NULL;
	}
	vec_free(&p.nodes);
	return prog;
}
