/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../lang/ast.h"
#include "../runtime/format.h"
#include "../providers/provider.h"

/* D's own groups, looked up first when compiling D. */
static const struct builtin *const groups[] = {
	builtin_vars, builtin_aggs, builtin_output, builtin_strings,
	builtin_symbols, builtin_bytes, builtin_system, builtin_watch,
};

/* D's own, found first when compiling D. */
static const struct builtin *const d_groups[] = {
	builtin_dtrace, builtin_dtrace_aggs, builtin_dtrace_vars,
	builtin_dstring, builtin_dtrace_spec, builtin_dtrace_destructive,
	builtin_dscratch, builtin_dtrace_locks, builtin_dstack,
	builtin_dksym, builtin_dcpu, builtin_dnet, builtin_dfile,
};

const struct builtin *builtin_find(const char *name, bool func, bool dtrace)
{
	size_t g;
	const struct builtin *b;

	for (g = 0; dtrace && g < ARRAY_SIZE(d_groups); g++)
		for (b = d_groups[g]; b->name; b++)
			if (b->func == func && !strcmp(b->name, name))
				return b;
	for (g = 0; g < ARRAY_SIZE(groups); g++)
		for (b = groups[g]; b->name; b++)
			if (b->func == func && !strcmp(b->name, name))
				return b;
	return NULL;
}

const struct builtin *builtin_for_record(int kind)
{
	size_t g;
	const struct builtin *b;

	for (g = 0; g < ARRAY_SIZE(d_groups); g++)
		for (b = d_groups[g]; b->name; b++)
			if (b->rec_kind == kind && b->rt)
				return b;

	for (g = 0; g < ARRAY_SIZE(groups); g++)
		for (b = groups[g]; b->name; b++)
			if (b->rec_kind == kind && b->rt)
				return b;
	return NULL;
}

bool builtin_reads_into(const struct node *n)
{
	/*
	 * Only bytes are read into memory: not a value one call gives
	 * typed, nor one whose read may fault, which must come before a
	 * record is reserved.
	 */
	return n->kind == N_CALL && n->bi && n->bi->cg_into &&
	       !(n->flags & NF_READ_FAULTS) &&
	       n->nlist > 0 && n->list[0]->type->kind != TY_STR &&
	       (!n->type || n->type->kind == TY_STR || n->type->kind == TY_BUF);
}

struct type *builtin_slot_type(const struct node *n)
{
	struct type *t = NULL;

	if (builtin_reads_into(n) && n->bi->slot_type)
		t = n->bi->slot_type(n);
	return t ? t : n->type;
}

int bi_probe_index(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	cg_probe_id(g, r);
	if (g->pi && g->pi->nsub && g->pi->prov->sub_emit) {
		int sub = g->pi->prov->sub_emit(g->pi, g);

		if (sub < 0)
			return cg_error(g, n, "cannot tell %s's probes apart",
					g->pi->name);
		ir_alu_imm(&g->ir, BPF_LSH, sub, 32);
		ir_alu(&g->ir, BPF_OR, r, sub);
	}
	return bi_int(out, r, n->type);
}

int bi_sema_u64(struct sema *s, struct node *n)
{
	n->type = type_int(8, false);
	return 0;
}

int bi_sema_u32(struct sema *s, struct node *n)
{
	n->type = type_int(4, false);
	return 0;
}

int bi_nargs(struct sema *s, struct node *n, int min, int max)
{
	char want[64];

	if (n->nlist >= min && n->nlist <= max)
		return 0;
	/* bpftrace's sentences: "requires one argument (0 provided)" ... */
	if (min == max && min <= 1)
		snprintf(want, sizeof(want), "requires %s",
			 min ? "one argument" : "no arguments");
	else if (min == max)
		snprintf(want, sizeof(want), "requires %d arguments", min);
	else if (n->nlist < min && min == 1)
		snprintf(want, sizeof(want), "requires at least one argument");
	else if (n->nlist < min)
		snprintf(want, sizeof(want), "requires at least %d arguments", min);
	else
		snprintf(want, sizeof(want), "takes up to %d arguments", max);
	return sema_error(s, n, "%s() %s (%d provided)", n->name, want, n->nlist);
}

int bi_d_nargs(struct sema *s, struct node *n, int min, int max)
{
	char want[32];

	if (n->nlist >= min && (max < 0 || n->nlist <= max))
		return 0;
	if (min == max)
		snprintf(want, sizeof(want), "%d", min);
	else
		snprintf(want, sizeof(want), "at %s %d",
			 n->nlist < min ? "least" : "most",
			 n->nlist < min ? min : max);
	return sema_error(s, n, "[D_PROTO_LEN] %s( ) prototype mismatch: %d arg%s passed, %s expected",
			  n->name, n->nlist, n->nlist == 1 ? "" : "s", want);
}

int bi_d_proto_arg(struct sema *s, struct node *n, int i, const char *proto)
{
	char b[64];

	return sema_error(s, n->list[i], "[D_PROTO_ARG] %s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			  n->name, i + 1, proto,
			  bi_d_type_word(n->list[i]->type, b, sizeof(b)));
}

int bi_d_int_arg(struct sema *s, struct node *n, int i, const char *proto)
{
	if (sema_expr(s, n->list[i]))
		return -EINVAL;
	if (n->list[i]->type->kind == TY_INT)
		return 0;
	return bi_d_proto_arg(s, n, i, proto);
}

int bi_int_arg(struct sema *s, struct node *n, int i)
{
	char b[64];
	struct node *a = n->list[i];

	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind != TY_INT)
		return sema_error(s, a, "%s() only supports integer arguments (%s provided): argument %d is %s",
				  n->name, type_is_text(a->type) ? "string" : "other",
				  i + 1, type_name(a->type, b, sizeof(b)));
	return 0;
}

int bi_addr_arg(struct sema *s, struct node *n, int i)
{
	char b[64];
	struct node *a = n->list[i];

	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind != TY_INT && a->type->kind != TY_PTR)
		return sema_error(s, a, "%s() argument %d must be an address, not %s",
				  n->name, i + 1, type_name(a->type, b, sizeof(b)));
	return 0;
}

int bi_map_arg(struct sema *s, struct node *n, int i)
{
	struct node *a = n->list[i];

	if (a->kind != N_MAP)
		return sema_error(s, a, "%s() expects a map to be provided (argument %d)",
				  n->name, i + 1);
	if (a->nlist ? !sema_map(s, a) : !sema_map_whole(s, a))
		return -EINVAL;
	if (!a->sym->val)
		return sema_error(s, a, "map %s is never assigned", a->name);
	return 0;
}

/* The kind of value, in the words bpftrace's printf errors use. */
static const char *kind_word(const struct type *t)
{
	switch (t->kind) {
	case TY_INT:
	case TY_PTR:
		return "integer";
	case TY_TUPLE:
		return "tuple";
	case TY_BUF:
		return "buffer";
	default:
		return type_is_text(t) ? "string" : "other";
	}
}

/* Argument i of a printf-like call has a type a record can carry. */
static int printable(struct sema *s, struct node *n, int i)
{
	const struct type *t = n->list[i]->type;
	char b[64];

	if (t->kind == TY_INT || t->kind == TY_TUPLE || t->kind == TY_PTR ||
	    type_is_text(t) || t->kind == TY_BUF || t->kind == TY_FLOAT)
		return 0;
	return sema_error(s, n->list[i], "%s() cannot print %s", n->name,
			  type_name(t, b, sizeof(b)));
}

/*
 * The front end's format rules (compile_opts.fmt_check): 0 when the
 * call suits them, 1 when they leave it to bpftrace's, -EINVAL after
 * reporting.
 */
static int front_fmt_check(struct sema *s, struct node *n)
{
	const struct type **types;
	char err[512];
	int i, at = 0, ret;

	types = xcalloc(n->nlist, sizeof(*types));
	for (i = 1; i < n->nlist; i++) {
		struct node *a = n->list[i];

		/* An aggregation is a value no conversion takes. */
		if (s->c->opts.dtrace && a->kind == N_MAP && a->name[0] == '@' &&
		    !a->nlist) {
			if (!sema_map_whole(s, a)) {
				free(types);
				return -EINVAL;
			}
			if (a->sym->val && type_is_agg(a->sym->val)) {
				types[i - 1] = a->sym->val;
				continue;
			}
		}
		s->fmt_depth++;
		ret = sema_expr(s, a);
		s->fmt_depth--;
		if (ret) {
			free(types);
			return -EINVAL;
		}
		types[i - 1] = sema_d_type(a);
	}
	ret = s->c->opts.fmt_check(n->name, n->list[0]->str, types,
				   n->nlist - 1, &at, err, sizeof(err));
	free(types);
	/*
	 * D: an action given as another's argument is void, which the
	 * other reports; dtrace checks its format only where it runs.
	 */
	if (ret < 0 && s->c->opts.dtrace && s->fmt_depth)
		return 0;
	if (ret < 0)
		return sema_error(s, at > 0 && at < n->nlist ? n->list[at] : n,
				  "%s", err);
	return ret;
}

int bi_fmt_arg(struct sema *s, struct node *n)
{
	size_t from;
	int i, want, ret;

	/* D: printf's prototype is (string, ...), its format a constant */
	if (s->c->opts.dtrace && n->nlist < 1)
		return bi_d_nargs(s, n, 1, -1);
	if (s->c->opts.dtrace && n->list[0]->kind != N_STR) {
		if (sema_expr(s, n->list[0]))
			return -EINVAL;
		if (!type_is_text(n->list[0]->type))
			return bi_d_proto_arg(s, n, 0, "string");
		return sema_error(s, n, "[D_PRINTF_ARG_FMT] %s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string",
				  n->name);
	}
	if (n->nlist < 1 || n->list[0]->kind != N_STR)
		return sema_error(s, n, "%s() expects a string literal (%s provided)",
				  n->name, n->nlist < 1 ? "none" :
				  n->list[0]->kind == N_INT ? "integer" :
				  "an expression");
	ret = s->c->opts.fmt_check ? front_fmt_check(s, n) : 1;
	if (ret < 0)
		return ret;
	if (!ret) {
		for (i = 1; i < n->nlist; i++)
			if (printable(s, n, i))
				return -EINVAL;
		n->id = sema_add_fmt(s, n->list[0]->str, n->list + 1,
				     n->nlist - 1);
		return 0;
	}
	want = fmt_count_convs(n->list[0]->str);
	if (want != n->nlist - 1)
		return sema_error(s, n, "%s: %s arguments for format string (%d supplied, %d expected)",
				  n->name, want < n->nlist - 1 ? "Too many" : "Not enough",
				  n->nlist - 1, want);
	for (i = 1, from = 0; i < n->nlist; i++) {
		struct fmt_conv conv;
		struct type *t;

		if (sema_expr(s, n->list[i]) || printable(s, n, i))
			return -EINVAL;
		t = n->list[i]->type;
		if (!fmt_next_conv(n->list[0]->str, from, &conv))
			break;
		from = conv.end;
		if (conv.want == FMT_WANT_BUF && t->kind != TY_BUF)
			return sema_error(s, n->list[i], "%s: %%r specifier expects a value of type buffer (%s supplied)",
					  n->name, kind_word(t));
		if (conv.want != FMT_WANT_BUF && t->kind == TY_BUF)
			return sema_error(s, n->list[i], "%s: a buffer prints with %%r, not %%%c",
					  n->name, conv.conv);
		if (conv.want == FMT_WANT_INT && t->kind != TY_INT &&
		    t->kind != TY_PTR)
			return sema_error(s, n->list[i], "%s: %%%c specifier expects a value of type integer (%s supplied)",
					  n->name, conv.conv, kind_word(t));
		if (conv.want == FMT_WANT_STR && !type_is_text(t))
			return sema_error(s, n->list[i], "%s: %%s specifier expects a value of type string (%s supplied)",
					  n->name, kind_word(t));
	}
	n->id = sema_add_fmt(s, n->list[0]->str, n->list + 1, n->nlist - 1);
	return 0;
}

int bi_int(struct val *out, int reg, struct type *t)
{
	out->kind = V_REG;
	out->reg = reg;
	out->type = t;
	return 0;
}

int bi_member_off(struct type *t, const char *name)
{
	int i, off;

	if (!t || type_complete(t) || t->kind != TY_STRUCT)
		return -1;
	for (i = 0; i < t->nfields; i++) {
		const struct field *f = &t->fields[i];

		if (f->name && *f->name) {
			if (!strcmp(f->name, name))
				return f->offset;
			continue;
		}
		off = bi_member_off(f->type, name);
		if (off >= 0)
			return f->offset + off;
	}
	return -1;
}
