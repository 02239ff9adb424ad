/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's stacks and symbols: stack(), ustack(), jstack(), and func(), sym(),
 * mod(), ufunc(), usym(), umod(), uaddr(), as DTrace defines them.
 *
 * A stack is the engine's (symbols.c): an id in the stack map of its
 * depth, and for a user stack the pid.  A symbol subroutine's value is
 * the address (and for a user address the pid, whose mappings user space
 * captures while the process lives), named in user space as DTrace names
 * it through the front end's sym hook.  Each is also an action: a
 * statement of its own records the value and prints it as dtrace does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../compile/compile.h"

static uint64_t rd64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * stack([nframes]), ustack([nframes[, strsize]]), jstack(...): nframes a
 * positive constant, by default the stackframes (ustackframes,
 * jstackframes) option, at most maxframes.  strsize, the room for a
 * ustack helper's strings, is checked and left unused: Linux has no
 * ustack helpers (no Java frames for jstack()).
 */
static int sema_dstack(struct sema *s, struct node *n)
{
	const struct compile_opts *o = &s->c->opts;
	bool user = n->name[0] != 's';
	int64_t v;
	int depth, map;

	if (bi_d_nargs(s, n, 0, user ? 2 : 1))
		return -EINVAL;
	depth = !user ? o->stackframes :
		n->name[0] == 'j' ? o->jstackframes : o->ustackframes;
	if (n->nlist >= 1) {
		if (bi_d_int_arg(s, n, 0, "uint32_t"))
			return -EINVAL;
		if (!sema_d_const(n->list[0], &v) || v <= 0)
			return sema_error(s, n->list[0], "%s %s( ) argument #1 must be a non-zero positive integer constant",
					  user ? "[D_USTACK_FRAMES]" : "[D_STACK_SIZE]",
					  n->name);
		depth = v > INT32_MAX ? INT32_MAX : (int)v;
	}
	if (n->nlist == 2) {
		struct node *a = n->list[1];

		if (bi_d_int_arg(s, n, 1, "uint32_t"))
			return -EINVAL;
		if (a->kind != N_INT || (a->type->is_signed && (int64_t)a->ival < 0))
			return sema_error(s, a, "[D_USTACK_STRSIZE] %s( ) argument #2 must be a positive integer constant",
					  n->name);
	}
	if (depth > o->maxframes)
		depth = o->maxframes;
	map = compile_stack_map(s->c, depth);
	if (map < 0)
		return sema_error(s, n, "too many stack depths in one program (at most %d)",
				  STACK_MAPS_MAX);
	if (user)
		s->c->uses_pids = true;
	n->type = type_stack(user, depth, false, map);
	return 0;
}

/*
 * Replaces statement st's call with printf(fmt, call): the record that
 * prints it as DTrace's action does.
 */
static int record_as(struct sema *s, struct node *st, const char *fmt)
{
	struct node *call = ast_new(N_CALL, &st->a->loc);
	struct node *f = ast_new(N_STR, &st->a->loc);

	call->name = xstrdup("printf");
	call->bi = builtin_find("printf", true, false);
	f->str = xstrdup(fmt);
	f->slen = strlen(fmt);
	ast_push(call, f);
	ast_push(call, st->a);
	st->a = call;
	return call->bi->sema(s, call);
}

/*
 * A stack action prints as dtrace's: a newline, then each frame on a line
 * of its own, indented by 14 (stackindent): printf()'s %k left-aligned
 * in 14, which indents by its width.
 */
static int action_stack(struct sema *s, struct node *st)
{
	return record_as(s, st, "%-14k");
}

/* The symbol subroutines' kinds: t->name of their TY_NAMED value. */
static const char *const sym_kinds[] = {
	"sym", "mod", "usym", "umod", "uaddr",
};

static const char *sym_kind(const char *fn)
{
	if (!strcmp(fn, "func") || !strcmp(fn, "sym"))
		return "sym";
	if (!strcmp(fn, "ufunc") || !strcmp(fn, "usym"))
		return "usym";
	return fn;
}

/* func(addr) ...: addr an integer or pointer, as DTrace's uintptr_t. */
static int sema_dsym(struct sema *s, struct node *n)
{
	bool user = n->name[0] == 'u';
	const struct type *t;

	if (bi_d_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	t = n->list[0]->type;
	if (t->kind != TY_INT && t->kind != TY_PTR)
		return bi_d_proto_arg(s, n, 0, "uintptr_t");
	if (user)
		s->c->uses_pids = true;
	/* func() and sym(), ufunc() and usym() are one type: one namer */
	n->type = type_named(builtin_find(sym_kind(n->name), true, true),
			     user ? 16 : 8, sym_kind(n->name));
	return 0;
}

static int cg_dsym(struct cg *g, struct node *n, struct val *out)
{
	return bi_sym_addr(g, n, n->type->size == 16, out);
}

/*
 * The text DTrace prints for a symbol value: object`symbol with its
 * offset (uaddr()) or without (func(), sym(), ufunc(), usym(), whose
 * address is taken as its function's start), object`0xaddr when no
 * symbol holds it; the object alone for mod() and umod(); 0xaddr when
 * no object holds it.
 */
static void show_dsym(const struct type *t, const void *p, struct buf *out)
{
	uint64_t addr;
	int pid;
	struct bi_dtrace_sym ds;
	bool mod = !strcmp(t->name, "mod") || !strcmp(t->name, "umod");

	bi_dtrace_symaddr(t, p, &addr, &pid);
	if (bi_dtrace_sym(addr, pid, &ds) || !ds.object)
		buf_printf(out, "0x%llx", (unsigned long long)addr);
	else if (mod)
		buf_printf(out, "%s", ds.object);
	else if (!ds.name)
		buf_printf(out, "%s`0x%llx", ds.object, (unsigned long long)addr);
	else if (!strcmp(t->name, "uaddr") && addr > ds.value)
		buf_printf(out, "%s`%s+0x%llx", ds.object, ds.name,
			   (unsigned long long)(addr - ds.value));
	else
		buf_printf(out, "%s`%s", ds.object, ds.name);
}

/* A symbol action prints its text as a key does: "  %-50s". */
static int action_dsym(struct sema *s, struct node *st)
{
	return record_as(s, st, "  %-50s");
}

#define STACK(n) { .name = n, .func = true, .sema = sema_dstack, \
		   .cg = bi_cg_stack, .action = action_stack }
#define SYM(n) { .name = n, .func = true, .sema = sema_dsym, .cg = cg_dsym, \
		 .show = show_dsym, .action = action_dsym }

const struct builtin builtin_dstack[] = {
	STACK("stack"), STACK("ustack"), STACK("jstack"),
	SYM("func"), SYM("sym"), SYM("mod"), SYM("ufunc"), SYM("usym"),
	SYM("umod"), SYM("uaddr"),
	{ .name = NULL },
};

bool bi_dtrace_symaddr(const struct type *t, const void *p, uint64_t *addr,
		       int *pid)
{
	size_t i;

	if (t->kind != TY_NAMED || !t->namer || t->namer->show != show_dsym ||
	    !t->name)
		return false;
	for (i = 0; i < ARRAY_SIZE(sym_kinds); i++)
		if (!strcmp(t->name, sym_kinds[i]))
			break;
	if (i == ARRAY_SIZE(sym_kinds))
		return false;
	if (p) {
		*addr = rd64(p);
		*pid = t->size == 16 ? (int)rd64((const char *)p + 8) : -1;
	}
	return true;
}

void bi_dtrace_sym_group(const struct type *t, void *k)
{
	struct bi_dtrace_sym ds;
	uint64_t addr, to;
	int pid;

	if (!bi_dtrace_symaddr(t, k, &addr, &pid) || !strcmp(t->name, "uaddr"))
		return;
	if (bi_dtrace_sym(addr, pid, &ds) || !ds.object)
		return;
	if (!strcmp(t->name, "mod") || !strcmp(t->name, "umod"))
		to = ds.base;
	else if (ds.name)
		to = ds.value;
	else
		return;
	memcpy(k, &to, sizeof(to));
}
