/* SPDX-License-Identifier: GPL-2.0 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/ast.h"
#include "lang/lex.h"

static const char *const kind_names[] = {
	[N_PROGRAM] = "program",
	[N_PROBE] = "probe",
	[N_SPEC] = "spec",
	[N_BLOCK] = "block",
	[N_EXPRSTMT] = "exprstmt",
	[N_ASSIGN] = "assign",
	[N_IF] = "if",
	[N_WHILE] = "while",
	[N_UNROLL] = "unroll",
	[N_BREAK] = "break",
	[N_CONTINUE] = "continue",
	[N_RETURN] = "return",
	[N_INT] = "int",
	[N_STR] = "str",
	[N_BUILTIN] = "builtin",
	[N_POSPARAM] = "posparam",
	[N_VAR] = "var",
	[N_MAP] = "map",
	[N_CALL] = "call",
	[N_BINOP] = "binop",
	[N_UNOP] = "unop",
	[N_INCDEC] = "incdec",
	[N_TERNARY] = "ternary",
	[N_CAST] = "cast",
	[N_FIELD] = "field",
	[N_INDEX] = "index",
	[N_TUPLE] = "tuple",
	[N_SIZEOF] = "sizeof",
};

const char *ast_kind_name(enum node_kind kind)
{
	if ((unsigned)kind >= ARRAY_SIZE(kind_names) || !kind_names[kind])
		return "node";
	return kind_names[kind];
}

struct node *ast_new(enum node_kind kind, const struct loc *loc)
{
	struct node *n = xcalloc(1, sizeof(*n));

	n->kind = kind;
	if (loc)
		n->loc = *loc;
	return n;
}

/* Grows at powers of two, so that long lists stay linear to build. */
static void push(struct node ***list, int *n, struct node *child)
{
	if (*n == 0 || (*n & (*n - 1)) == 0)
		*list = xrealloc(*list, (*n ? *n * 2 : 4) * sizeof(**list));
	(*list)[(*n)++] = child;
}

void ast_push(struct node *parent, struct node *child)
{
	push(&parent->list, &parent->nlist, child);
}

void ast_push_spec(struct node *probe, struct node *spec)
{
	push(&probe->specs, &probe->nspecs, spec);
}

struct node *ast_copy(const struct node *n)
{
	struct node *c;
	int i;

	if (!n)
		return NULL;
	c = xmalloc(sizeof(*c));
	*c = *n;
	c->name = n->name ? xstrdup(n->name) : NULL;
	if (n->str) {
		/* a literal's slen counts its NULs; other kinds' str is text */
		size_t len = strlen(n->str);

		if (n->slen > len)
			len = n->slen;
		c->str = xmalloc(len + 1);
		memcpy(c->str, n->str, len + 1);
	}
	c->a = ast_copy(n->a);
	c->b = ast_copy(n->b);
	c->c = ast_copy(n->c);
	c->list = NULL;
	c->nlist = 0;
	for (i = 0; i < n->nlist; i++)
		ast_push(c, ast_copy(n->list[i]));
	c->specs = NULL;
	c->nspecs = 0;
	for (i = 0; i < n->nspecs; i++)
		ast_push_spec(c, ast_copy(n->specs[i]));
	return c;
}

bool ast_pure(const struct node *n)
{
	int i;

	if (!n)
		return true;
	if (n->kind == N_CALL || n->kind == N_INCDEC || n->kind == N_ASSIGN)
		return false;
	if (!ast_pure(n->a) || !ast_pure(n->b) || !ast_pure(n->c))
		return false;
	for (i = 0; i < n->nlist; i++)
		if (!ast_pure(n->list[i]))
			return false;
	return true;
}

void ast_free(struct node *n)
{
	int i;

	if (!n)
		return;
	ast_free(n->a);
	ast_free(n->b);
	ast_free(n->c);
	for (i = 0; i < n->nlist; i++)
		ast_free(n->list[i]);
	for (i = 0; i < n->nspecs; i++)
		ast_free(n->specs[i]);
	free(n->list);
	free(n->specs);
	free(n->name);
	free(n->str);
	free(n);
}

/* Token spelling without the quotes lex_token_name puts around it. */
static void put_op(FILE *f, int op)
{
	const char *s = lex_token_name(op);
	size_t len = strlen(s);

	if (len >= 2 && s[0] == '\'')
		fprintf(f, "%.*s", (int)len - 2, s + 1);
	else
		fputs(s, f);
}

static void put_str(FILE *f, const char *s, size_t len)
{
	size_t i;

	fputc('"', f);
	for (i = 0; s && i < len; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\\':
		case '"':
			fprintf(f, "\\%c", c);
			break;
		default:
			if (isprint(c))
				fputc(c, f);
			else
				fprintf(f, "\\x%02x", c);
		}
	}
	fputc('"', f);
}

static void dump_expr(FILE *f, const struct node *n);

static void dump_list(FILE *f, struct node *const *list, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		fputc(' ', f);
		dump_expr(f, list[i]);
	}
}

/* An assignment's operator, lvalue and value, as both its forms end. */
static void dump_assign(FILE *f, const struct node *n)
{
	put_op(f, n->op);
	if (n->op != T_ASSIGN)
		fputc('=', f);
	fputc(' ', f);
	dump_expr(f, n->a);
	fputc(' ', f);
	dump_expr(f, n->b);
}

static void dump_expr(FILE *f, const struct node *n)
{
	if (!n) {
		fputs("(null)", f);
		return;
	}
	fprintf(f, "(%s", ast_kind_name(n->kind));
	switch (n->kind) {
	case N_INT:
		if (n->flags & NF_SIGNED)
			fprintf(f, " %" PRId64, (int64_t)n->ival);
		else
			fprintf(f, " %" PRIu64, n->ival);
		break;
	case N_STR:
		fputc(' ', f);
		put_str(f, n->str, n->slen);
		break;
	case N_BUILTIN:
	case N_VAR:
		fprintf(f, " %s", n->name);
		break;
	case N_POSPARAM:
		if (n->ival)
			fprintf(f, " %" PRIu64, n->ival);
		else
			fputs(" #", f);
		break;
	case N_MAP:
	case N_CALL:
		fprintf(f, " %s", n->name);
		dump_list(f, n->list, n->nlist);
		break;
	case N_BINOP:
	case N_UNOP:
		fputc(' ', f);
		put_op(f, n->op);
		fputc(' ', f);
		dump_expr(f, n->a);
		if (n->kind == N_BINOP) {
			fputc(' ', f);
			dump_expr(f, n->b);
		}
		break;
	case N_INCDEC:
		fputc(' ', f);
		put_op(f, n->op);
		fprintf(f, "%s ", n->flags & NF_POST ? "post" : "pre");
		dump_expr(f, n->a);
		break;
	case N_TERNARY:
		fputc(' ', f);
		dump_expr(f, n->a);
		fputc(' ', f);
		dump_expr(f, n->b);
		fputc(' ', f);
		dump_expr(f, n->c);
		break;
	case N_CAST:
		fputc(' ', f);
		put_str(f, n->str, strlen(n->str));
		fputc(' ', f);
		dump_expr(f, n->a);
		break;
	case N_FIELD:
		fputc(' ', f);
		put_op(f, n->op);
		fputc(' ', f);
		dump_expr(f, n->a);
		fprintf(f, " %s", n->name);
		break;
	case N_INDEX:
		fputc(' ', f);
		dump_expr(f, n->a);
		fputc(' ', f);
		dump_expr(f, n->b);
		break;
	case N_TUPLE:
		dump_list(f, n->list, n->nlist);
		break;
	case N_SIZEOF:
		fputc(' ', f);
		if (n->str)
			put_str(f, n->str, strlen(n->str));
		else
			dump_expr(f, n->a);
		break;
	case N_ASSIGN:
		/* D's assignment used as a value */
		fputc(' ', f);
		dump_assign(f, n);
		break;
	default:
		fputs(" ?", f);
		break;
	}
	fputc(')', f);
}

static void indent(FILE *f, int depth)
{
	fprintf(f, "\n%*s", depth * 2, "");
}

static void dump_node(FILE *f, const struct node *n, int depth);

static void dump_children(FILE *f, struct node *const *list, int n, int depth)
{
	int i;

	for (i = 0; i < n; i++) {
		indent(f, depth);
		dump_node(f, list[i], depth);
	}
}

static void dump_node(FILE *f, const struct node *n, int depth)
{
	if (!n) {
		fputs("(null)", f);
		return;
	}
	switch (n->kind) {
	case N_PROGRAM:
	case N_BLOCK:
		fprintf(f, "(%s", ast_kind_name(n->kind));
		dump_children(f, n->list, n->nlist, depth + 1);
		break;
	case N_PROBE:
		fputs("(probe", f);
		dump_children(f, n->specs, n->nspecs, depth + 1);
		if (n->a) {
			indent(f, depth + 1);
			fputs("(pred ", f);
			dump_expr(f, n->a);
			fputc(')', f);
		}
		indent(f, depth + 1);
		dump_node(f, n->b, depth + 1);
		break;
	case N_SPEC:
		fputs("(spec ", f);
		put_str(f, n->str, n->str ? strlen(n->str) : 0);
		break;
	case N_EXPRSTMT:
		dump_expr(f, n->a);
		return;
	case N_ASSIGN:
		fputs("(assign ", f);
		dump_assign(f, n);
		break;
	case N_IF:
	case N_WHILE:
	case N_UNROLL:
		fprintf(f, "(%s ", ast_kind_name(n->kind));
		dump_expr(f, n->a);
		indent(f, depth + 1);
		dump_node(f, n->b, depth + 1);
		if (n->c) {
			indent(f, depth + 1);
			dump_node(f, n->c, depth + 1);
		}
		break;
	case N_BREAK:
	case N_CONTINUE:
		fprintf(f, "(%s", ast_kind_name(n->kind));
		break;
	case N_RETURN:
		fputs("(return", f);
		if (n->a) {
			fputc(' ', f);
			dump_expr(f, n->a);
		}
		break;
	default:
		dump_expr(f, n);
		return;
	}
	fputc(')', f);
}

void ast_dump(FILE *f, const struct node *n)
{
	dump_node(f, n, 0);
	fputc('\n', f);
}
