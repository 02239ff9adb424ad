/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stacks and symbols: kstack, ustack, kstack(...), ustack(...), ksym(),
 * usym(), uaddr() and func.
 *
 * A stack is an id in a stack map of its depth (the kernel dedupes
 * equal stacks there); a user stack or symbol also carries its pid.
 * User addresses are named through the process's mappings, which user
 * space captures when the kernel first reports the pid (REC_PROC), so
 * that they can still be named at exit after the process has gone.
 */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/bpf.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../kernel/symtab.h"
#include "../providers/provider.h"
#include "../runtime/symbols.h"

/* kstack(mode), kstack(limit), kstack(mode, limit); bare words for mode. */
static int stack_args(struct sema *s, struct node *n, int *depth, bool *perf)
{
	int i;

	*depth = STACK_DEPTH;
	*perf = false;
	if (n->kind != N_CALL)
		return 0;
	if (n->nlist > 2)
		return sema_error(s, n, "%s() takes a mode and a frame limit", n->name);
	for (i = 0; i < n->nlist; i++) {
		struct node *a = n->list[i];
		int64_t v;

		if (a->kind == N_BUILTIN && i == 0 && n->nlist <= 2 &&
		    (!strcmp(a->name, "perf") || !strcmp(a->name, "bpftrace"))) {
			*perf = a->name[0] == 'p';
			continue;
		}
		if (a->kind == N_BUILTIN && i == 0)
			return sema_error(s, a, "%s: unknown stack mode '%s' (expected bpftrace or perf)",
					  n->name, a->name);
		if (i == 0 && n->nlist == 2)
			return sema_error(s, a, "%s: the first of two arguments is the mode, bpftrace or perf",
					  n->name);
		if (sema_const_int(s, a, &v))
			return -EINVAL;
		if (v < 1 || v > STACK_DEPTH)
			return sema_error(s, a, "%s: the frame limit must be 1 to %d (kernel.perf_event_max_stack)",
					  n->name, STACK_DEPTH);
		*depth = v;
	}
	return 0;
}

static int sema_stack(struct sema *s, struct node *n)
{
	bool user = n->name[0] == 'u', perf;
	int depth, map;

	if (stack_args(s, n, &depth, &perf))
		return -EINVAL;
	map = compile_stack_map(s->c, depth);
	if (map < 0)
		return sema_error(s, n, "too many stack depths in one script (at most %d)",
				  STACK_MAPS_MAX);
	if (user)
		s->c->uses_pids = true;
	n->type = type_stack(user, depth, perf, map);
	return 0;
}

/*
 * Tells user space about pid (in a register) the first time it is seen,
 * so that its mappings are captured while it lives.  The map makes the
 * record rare: one lookup per event, one record per process.
 */
static void note_pid(struct cg *g, int pid)
{
	int key = cg_alloc(g, 8), val = cg_alloc(g, 8);
	int done = ir_label(&g->ir), rec;

	ir_st(&g->ir, BPF_DW, BPF_REG_10, key, pid);
	cg_lookup(g, MAP_PIDS, key);
	ir_jmp_imm(&g->ir, BPF_JNE, BPF_REG_0, 0, done);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, val, 0);
	ir_ld_map(&g->ir, BPF_REG_1, MAP_PIDS);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_mov(&g->ir, BPF_REG_3, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, val);
	ir_mov_imm(&g->ir, BPF_REG_4, BPF_NOEXIST);
	ir_call(&g->ir, BPF_FUNC_map_update_elem, 4);
	/* Another CPU won the race, or the map is full: no record. */
	ir_jmp_imm(&g->ir, BPF_JNE, BPF_REG_0, 0, done);
	rec = cg_record_begin(g, REC_PROC, 0, 8, done);
	ir_ld(&g->ir, BPF_DW, BPF_REG_1, BPF_REG_10, key);
	ir_st(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), BPF_REG_1);
	/* At once: a short-lived process may be gone after a timed poll. */
	cg_record_end(g, rec, true);
	ir_place(&g->ir, done);
}

/* The current process id (tgid) in a new register. */
static int current_pid(struct cg *g)
{
	int r = cg_call0(g, BPF_FUNC_get_current_pid_tgid);

	ir_alu_imm(&g->ir, BPF_RSH, r, 32);
	return r;
}

int bi_with_pid(struct cg *g, int reg, struct type *t, struct val *out)
{
	int off = cg_alloc(g, 16), pid = current_pid(g);

	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, reg);
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off + 8, pid);
	note_pid(g, pid);
	out->kind = V_STACK;
	out->off = off;
	out->type = t;
	return 0;
}

int bi_cg_stack(struct cg *g, struct node *n, struct val *out)
{
	struct type *t = n->type;
	int id = ir_vreg(&g->ir);

	/*
	 * D's BEGIN, END and ERROR fire in the consumer's user context,
	 * with no kernel frames of the probe's own: ferret's run by a bpf()
	 * call would show that call's.
	 */
	if (t->kind == TY_KSTACK && bi_d_consumer_probe(g)) {
		ir_mov_imm(&g->ir, id, -1);
		return bi_int(out, id, t);
	}
	ir_mov(&g->ir, BPF_REG_1, g->ctx);
	ir_ld_map(&g->ir, BPF_REG_2, MAP_STACKS + t->stack_map);
	ir_mov_imm(&g->ir, BPF_REG_3,
		   t->kind == TY_USTACK ? BPF_F_USER_STACK : 0);
	ir_call(&g->ir, BPF_FUNC_get_stackid, 3);
	ir_mov(&g->ir, id, BPF_REG_0);
	if (t->kind == TY_KSTACK)
		return bi_int(out, id, t);
	return bi_with_pid(g, id, t, out);
}

/* Whether path is the file this program runs from. */
static bool same_exe(pid_t pid)
{
	char path[64];
	struct stat a, b;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	return !stat(path, &a) && !stat("/proc/self/exe", &b) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int rt_proc(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	uint64_t pid;

	if (len < sizeof(pid))
		return -EINVAL;
	memcpy(&pid, data, sizeof(pid));
	sym_proc_note((pid_t)pid, true);
	/*
	 * The -c child reports before it execs the command: forget it, so
	 * that the kernel reports it again with the command's mappings.
	 */
	if (rt->c->opts.cpid == (int64_t)pid && same_exe((pid_t)pid)) {
		uint32_t key = pid;

		sym_proc_forget((pid_t)pid);
		if (rt->pids_fd >= 0)
			bpf_map_delete_elem(rt->pids_fd, &key);
	}
	return 0;
}

static int sema_ksym(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	n->type = type_simple(n->name[0] == 'k' ? TY_KSYM : TY_USYM);
	if (n->type->kind == TY_USYM)
		s->c->uses_pids = true;
	return 0;
}

int bi_sym_addr(struct cg *g, struct node *n, bool user, struct val *out)
{
	struct val a;
	int r;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &a));
	if (!user)
		return bi_int(out, r, n->type);
	return bi_with_pid(g, r, n->type, out);
}

static int cg_ksym(struct cg *g, struct node *n, struct val *out)
{
	return bi_sym_addr(g, n, n->type->kind != TY_KSYM, out);
}

/* The user-space file a probe instance is in, or NULL. */
static const char *uprobe_file(const struct probe_inst *pi)
{
	const char *p = pi->prov->name;

	if (strcmp(p, "uprobe") && strcmp(p, "uretprobe") && strcmp(p, "usdt"))
		return NULL;
	return pi->target;
}

/*
 * Looks name up in pi's file (its symbols read once per run, however
 * many instances ask).  0, or -errno with err filled.
 */
static int uaddr_lookup(const struct probe_inst *pi, const char *name,
			uint64_t *addr, uint64_t *size, char *err, size_t len)
{
	const struct symtab_sym *sym;
	const char *file = uprobe_file(pi);
	const struct symtab *st;

	if (!file) {
		snprintf(err, len, "uaddr() is only for uprobe, uretprobe and usdt probes, not %s",
			 pi->name);
		return -EINVAL;
	}
	st = sym_symtab(file);
	if (!st) {
		snprintf(err, len, "uaddr(): cannot read the symbols of %s", file);
		return -ENOENT;
	}
	sym = symtab_find(st, name);
	if (!sym) {
		snprintf(err, len, "uaddr(): %s has no symbol '%s'", file, name);
		return -ENOENT;
	}
	if (symtab_elf_type(st) != ET_EXEC) {
		snprintf(err, len, "uaddr(): %s is position-independent: the address of '%s' is only known in a running process",
			 file, name);
		return -EOPNOTSUPP;
	}
	*addr = sym->addr;
	*size = sym->size;
	return 0;
}

static int sema_uaddr(struct sema *s, struct node *n)
{
	uint64_t addr, size = 8;
	char err[512];
	int i;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "uaddr() takes a symbol name in quotes");
	for (i = 0; i < s->cur->insts.n; i++)
		if (uaddr_lookup(s->cur->insts.v[i], n->list[0]->str, &addr,
				 &size, err, sizeof(err)))
			return sema_error(s, n, "%s", err);
	/* As bpftrace: a pointer to an integer as wide as the symbol. */
	if (size != 1 && size != 2 && size != 4)
		size = 8;
	n->type = type_ptr(type_int(size, true));
	return 0;
}

static int cg_uaddr(struct cg *g, struct node *n, struct val *out)
{
	uint64_t addr, size;
	char err[512];
	int r = ir_vreg(&g->ir);

	if (uaddr_lookup(g->pi, n->list[0]->str, &addr, &size, err, sizeof(err)))
		return cg_error(g, n, "%s", err);
	ir_mov_imm(&g->ir, r, (int64_t)addr);
	return bi_int(out, r, n->type);
}

static int sema_func(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		if (!pi->func)
			return sema_error(s, n, "func is not available for %s",
					  pi->name);
	}
	s->cur->uses_probe = true;
	n->type = type_simple(TY_FUNC);
	return 0;
}

/*
 * len(kstack), len(ustack(N)) ...: how many frames the stack has now.
 * A stack value is only an id in a stack map, which BPF cannot read, so
 * the stack is taken again with bpf_get_stack into the per-CPU scratch
 * map (127 frames do not fit the BPF stack); n->ival is the depth.
 */
static int sema_len(struct sema *s, struct node *n)
{
	struct node *a;
	bool perf;
	int depth;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	a = n->list[0];
	if ((a->kind != N_BUILTIN && a->kind != N_CALL) ||
	    (strcmp(a->name, "kstack") && strcmp(a->name, "ustack")))
		return sema_error(s, a, "len() takes kstack or ustack itself (a stack kept in a variable or map is only an id)");
	if (stack_args(s, a, &depth, &perf))
		return -EINVAL;
	n->ival = depth;
	n->type = type_int(8, true);
	return 0;
}

static int cg_len(struct cg *g, struct node *n, struct val *out)
{
	return bi_stack_depth(g, n->list[0]->name[0] == 'u', (int)n->ival, n->type,
			      out);
}

bool bi_d_consumer_probe(const struct cg *g)
{
	return g->c->opts.dtrace && g->pi && g->pi->when != WHEN_EVENT;
}

int bi_stack_depth(struct cg *g, bool user, int depth, struct type *t,
		   struct val *out)
{
	int size = 8 * depth, key = cg_alloc(g, 8);
	int r = ir_vreg(&g->ir), done = ir_label(&g->ir);

	/* No kernel frames of its own: see bi_cg_stack(). */
	if (!user && bi_d_consumer_probe(g)) {
		ir_mov_imm(&g->ir, r, 0);
		return bi_int(out, r, t);
	}
	if (g->c->scratch_size < size)
		g->c->scratch_size = size;
	ir_mov_imm(&g->ir, r, 0);
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, 0);
	cg_lookup(g, MAP_SCRATCH, key);
	ir_jmp_imm(&g->ir, BPF_JEQ, BPF_REG_0, 0, done);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_0);
	ir_mov(&g->ir, BPF_REG_1, g->ctx);
	ir_mov_imm(&g->ir, BPF_REG_3, size);
	ir_mov_imm(&g->ir, BPF_REG_4, user ? BPF_F_USER_STACK : 0);
	ir_call(&g->ir, BPF_FUNC_get_stack, 4);
	ir_jmp_imm(&g->ir, BPF_JSLE, BPF_REG_0, 0, done);
	ir_mov(&g->ir, r, BPF_REG_0);
	ir_alu_imm(&g->ir, BPF_RSH, r, 3);
	ir_place(&g->ir, done);
	return bi_int(out, r, t);
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_symbols[] = {
	VAR("kstack", sema_stack, bi_cg_stack),
	VAR("ustack", sema_stack, bi_cg_stack),
	FN("kstack", sema_stack, bi_cg_stack),
	FN("ustack", sema_stack, bi_cg_stack),
	FN("ksym", sema_ksym, cg_ksym),
	FN("usym", sema_ksym, cg_ksym),
	FN("uaddr", sema_uaddr, cg_uaddr),
	FN("len", sema_len, cg_len),
	VAR("func", sema_func, bi_probe_index),
	{ .name = "(proc)", .rec_kind = REC_PROC, .rt = rt_proc },
	{ .name = NULL },
};
