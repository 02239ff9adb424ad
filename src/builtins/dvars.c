/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's builtin variables that the engine has under no name of its own:
 * errno, ppid, caller, ucaller and args[], as DTrace defines them.  Those
 * this engine cannot give yet are rows that say why, so that a D
 * program naming them fails with that reason, located.
 */
#include <errno.h>
#include <string.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../kernel/btf.h"
#include "../lang/types.h"
#include "../providers/provider.h"

/*
 * errno: at a syscall's return, the error it returns (the result when
 * that is in -4095..-1, negated), else 0; 0 at every other probe, as in
 * DTrace, whose errno is the syscall provider's.
 */
static int sema_errno(struct sema *s, struct node *n)
{
	s->cur->uses_args = true;
	n->type = type_int(4, true);
	return 0;
}

static int cg_errno(struct cg *g, struct node *n, struct val *out)
{
	const struct provider *p = g->pi->prov;
	int r = ir_vreg(&g->ir), off = -1;
	int zero = ir_label(&g->ir), done = ir_label(&g->ir);

	if (p->ret_errno && p->retval_offset)
		off = p->retval_offset(g->pi);
	ir_mov_imm(&g->ir, r, 0);
	if (off < 0)
		return bi_int(out, r, n->type);
	ir_ld(&g->ir, BPF_DW, r, g->ctx, off);
	ir_alu_imm(&g->ir, BPF_NEG, r, 0);
	ir_jmp_imm(&g->ir, BPF_JSLT, r, 1, zero);
	ir_jmp_imm(&g->ir, BPF_JSLE, r, 4095, done);
	ir_place(&g->ir, zero);
	ir_mov_imm(&g->ir, r, 0);
	ir_place(&g->ir, done);
	return bi_int(out, r, n->type);
}

/* The byte offset of member name of the kernel's struct task_struct. */
static int task_member(const char *name)
{
	struct type *t = kbtf_struct("task_struct");
	int i;

	if (!t || type_complete(t))
		return -ENOENT;
	for (i = 0; i < t->nfields; i++)
		if (t->fields[i].name && !strcmp(t->fields[i].name, name))
			return t->fields[i].offset;
	return -ENOENT;
}

static int sema_ppid(struct sema *s, struct node *n)
{
	if (task_member("real_parent") < 0 || task_member("tgid") < 0)
		return sema_error(s, n, "ppid needs the kernel's BTF description of struct task_struct, which this kernel does not give");
	n->type = type_int(4, true);
	return 0;
}

/* ppid: current->real_parent->tgid, read as DTrace reads it. */
static int cg_ppid(struct cg *g, struct node *n, struct val *out)
{
	int task = cg_call0(g, BPF_FUNC_get_current_task);
	int slot = cg_alloc(g, 8), r = ir_vreg(&g->ir);

	ir_alu_imm(&g->ir, BPF_ADD, task, task_member("real_parent"));
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, 8, task);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	ir_alu_imm(&g->ir, BPF_ADD, r, task_member("tgid"));
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, 4, r);
	ir_ld(&g->ir, BPF_W, r, BPF_REG_10, slot);
	return bi_int(out, r, n->type);
}

/*
 * progenyof(pid): whether the current process is pid or descends from it,
 * walked up the real parents (as dtrace walks them) for at most
 * PROGENY_DEPTH generations: a bound the verifier can see, unrolled.
 */
#define PROGENY_DEPTH 32

static int sema_progenyof(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, "pid_t"))
		return -EINVAL;
	if (task_member("real_parent") < 0 || task_member("tgid") < 0)
		return sema_error(s, n, "progenyof( ) needs the kernel's BTF description of struct task_struct, which this kernel does not give");
	n->type = type_int(4, true);
	return 0;
}

static int cg_progenyof(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int pid = ir_vreg(&g->ir), task, t = ir_vreg(&g->ir), r = ir_vreg(&g->ir);
	int slot = cg_alloc(g, 8), found = ir_label(&g->ir), done = ir_label(&g->ir);
	int i;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	/* pid_t: the low 32 bits, as tgid is read. */
	ir_mov(&g->ir, pid, cg_reg(g, &a));
	ir_alu_imm(&g->ir, BPF_LSH, pid, 32);
	ir_alu_imm(&g->ir, BPF_RSH, pid, 32);
	task = cg_call0(g, BPF_FUNC_get_current_task);
	ir_mov_imm(&g->ir, r, 0);
	for (i = 0; i < PROGENY_DEPTH; i++) {
		ir_mov(&g->ir, t, task);
		ir_alu_imm(&g->ir, BPF_ADD, t, task_member("tgid"));
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
		cg_probe_read(g, BPF_REG_10, slot, 4, t);
		ir_ld(&g->ir, BPF_W, t, BPF_REG_10, slot);
		ir_jmp(&g->ir, BPF_JEQ, t, pid, found);
		/* The idle task (tgid 0) is its own parent: the top. */
		ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, done);
		ir_alu_imm(&g->ir, BPF_ADD, task, task_member("real_parent"));
		ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
		cg_probe_read(g, BPF_REG_10, slot, 8, task);
		ir_ld(&g->ir, BPF_DW, task, BPF_REG_10, slot);
		ir_jmp_imm(&g->ir, BPF_JEQ, task, 0, done);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, found);
	ir_mov_imm(&g->ir, r, 1);
	ir_place(&g->ir, done);
	return bi_int(out, r, n->type);
}

/*
 * caller and ucaller: the second frame of the kernel's (the user's)
 * stack at the probe, where the first is the probed site itself; 0 when
 * the stack cannot be read.
 */
static int cg_caller(struct cg *g, struct node *n, struct val *out)
{
	int buf = cg_alloc(g, 16), r = ir_vreg(&g->ir);

	cg_zero(g, buf, 16);
	ir_mov(&g->ir, BPF_REG_1, g->ctx);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, buf);
	ir_mov_imm(&g->ir, BPF_REG_3, 16);
	ir_mov_imm(&g->ir, BPF_REG_4, n->name[0] == 'u' ? BPF_F_USER_STACK : 0);
	ir_call(&g->ir, BPF_FUNC_get_stack, 4);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, buf + 8);
	return bi_int(out, r, n->type);
}

/*
 * args[N] (the front end's __dargs(N)): argument N as the probe types it
 * (a syscall's parameter types), where every probe of the clause gives
 * it the same type; else, as argN, a 64-bit integer.
 */
static int sema_dargs(struct sema *s, struct node *n)
{
	struct type *t = NULL;
	int64_t idx;
	int i;

	if (bi_nargs(s, n, 1, 1) || sema_const_int(s, n->list[0], &idx))
		return -EINVAL;
	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];
		const struct provider *p = pi->prov;
		struct type *it;

		if (idx < 0 || idx > 9 ||
		    (p->arg_emit ? p->arg_emit(pi, (int)idx, NULL, NULL, 0) < 0 :
		     !p->arg_offset || p->arg_offset(pi, (int)idx) < 0))
			return sema_error(s, n, "args[%lld] is not available for probe %s",
					  (long long)idx, pi->name);
		it = p->arg_type ? p->arg_type(pi, (int)idx) : NULL;
		if (it && it->kind != TY_INT && it->kind != TY_PTR)
			it = NULL;
		/* DTrace's D_ARGS_MULTI: one clause, one type per argument */
		if (i && (!t != !it || (t && !type_equal(t, it))))
			return sema_error(s, n, "args[ ] may not be referenced because probe description %s matches an unstable set of probes",
					  pi->name);
		t = it;
	}
	n->ival = idx;
	n->type = t ? t : type_int(8, true);
	s->cur->uses_args = true;
	return 0;
}

static int cg_dargs(struct cg *g, struct node *n, struct val *out)
{
	const struct type *t = n->type;
	char why[256] = "";
	int r;

	if (g->pi->prov->arg_emit) {
		r = g->pi->prov->arg_emit(g->pi, (int)n->ival, g, why,
					  sizeof(why));
		if (r < 0)
			return cg_error(g, n, "%s", why);
	} else {
		r = ir_vreg(&g->ir);
		ir_ld(&g->ir, BPF_DW, r, g->ctx,
		      g->pi->prov->arg_offset(g->pi, (int)n->ival));
	}
	if (t->kind == TY_INT && t->size < 8) {
		int bits = 64 - 8 * t->size;

		ir_alu_imm(&g->ir, BPF_LSH, r, bits);
		ir_alu_imm(&g->ir, t->is_signed ? BPF_ARSH : BPF_RSH, r, bits);
	}
	return bi_int(out, r, n->type);
}

/*
 * epid: the enabled probe's ID, a clause on one probe, numbered from 1
 * in the order of the script's clauses and of each clause's probes (as
 * dtrace numbers them); a constant of the program.
 */
static int cg_epid(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir), i, epid = 1;

	for (i = 0; i < g->c->attach.n && !g->epid; i++)
		if (((struct cattach *)g->c->attach.v[i])->clause)
			epid++;
	ir_mov_imm(&g->ir, r, g->epid ? g->epid : epid);
	return bi_int(out, r, n->type);
}

/*
 * stackdepth and ustackdepth: how many frames stack() and ustack() would
 * give at the probe, up to -x maxframes (the kernel's default
 * perf_event_max_stack), as dtrace-utils counts them.
 */
static int cg_stackdepth(struct cg *g, struct node *n, struct val *out)
{
	return bi_stack_depth(g, n->name[0] == 'u', g->c->opts.maxframes,
			      n->type, out);
}

/*
 * vtimestamp: the nanoseconds the current thread has been on a CPU.  The
 * scheduler accounts them in the task: se.sum_exec_runtime up to
 * se.exec_start, a time of the run queue's clock_task, plus for the
 * running thread (which current is) the time since, up to the clock's
 * last update (at the latest the last tick): as the kernel's
 * task_sched_runtime() counts them, less what it adds by reading the
 * clock anew, which BPF cannot.  A tick's update between the reads
 * shows as a changed exec_start, and the reads are made again.
 */
static const struct {
	const char *sname, *path;
} vts_members[] = {
	{ "task_struct", "se.exec_start" },
	{ "task_struct", "se.sum_exec_runtime" },
	{ "task_struct", "se.cfs_rq" },
	{ "cfs_rq", "rq" },
	{ "rq", "clock_task" },
};

static int sema_vtimestamp(struct sema *s, struct node *n)
{
	size_t i;
	int size;

	for (i = 0; i < ARRAY_SIZE(vts_members); i++)
		if (kbtf_member(vts_members[i].sname, vts_members[i].path,
			       &size) < 0 || size != 8)
			return sema_error(s, n, "vtimestamp needs the kernel's BTF description of struct %s's %s, which this kernel does not give",
					  vts_members[i].sname,
					  vts_members[i].path);
	n->type = type_int(8, false);
	return 0;
}

static int cg_vtimestamp(struct cg *g, struct node *n, struct val *out)
{
	int exec = kbtf_member("task_struct", "se.exec_start", NULL);
	int sum = kbtf_member("task_struct", "se.sum_exec_runtime", NULL);
	int task = cg_call0(g, BPF_FUNC_get_current_task);
	int r = ir_vreg(&g->ir), done = ir_label(&g->ir);
	int rq, e, c, e2, again, i;

	rq = cg_kread(g, task, kbtf_member("task_struct", "se.cfs_rq", NULL), 8);
	rq = cg_kread(g, rq, kbtf_member("cfs_rq", "rq", NULL), 8);
	for (i = 0; i < 2; i++) {
		again = ir_label(&g->ir);
		e = cg_kread(g, task, exec, 8);
		ir_mov(&g->ir, r, cg_kread(g, task, sum, 8));
		c = cg_kread(g, rq, kbtf_member("rq", "clock_task", NULL), 8);
		e2 = cg_kread(g, task, exec, 8);
		ir_jmp(&g->ir, BPF_JNE, e, e2, i ? done : again);
		ir_jmp(&g->ir, BPF_JLE, c, e, done);
		ir_alu(&g->ir, BPF_SUB, c, e);
		ir_alu(&g->ir, BPF_ADD, r, c);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, again);
	}
	ir_place(&g->ir, done);
	return bi_int(out, r, n->type);
}

/*
 * uregs[N] (the front end's __duregs(N)): the current thread's user
 * registers, as DTrace indexes them on x86-64 (20-regs.d).  0..20 are
 * the slots of the pt_regs the thread entered the kernel with, at the
 * top of its kernel stack (bpf_task_pt_regs(): at a uprobe, the
 * registers at the probed instruction); 21..25 are thread_struct's ds,
 * es, fsbase, gsbase and trap_nr.  N is a constant, as in DTrace.
 */
#define UREGS_PTREGS 21

static const char *const uregs_thread[] = {
	"thread.ds", "thread.es", "thread.fsbase", "thread.gsbase",
	"thread.trap_nr",
};

static int sema_duregs(struct sema *s, struct node *n)
{
	struct node *a = n->list[0];
	int64_t idx;
	char b[64];
	int size;

	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind != TY_INT || !sema_d_const(a, &idx))
		return sema_error(s, a, "[D_PROTO_ARG] uregs[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: %s",
				  bi_d_type_word(a->type, b, sizeof(b)));
	if (idx < 0)
		return sema_error(s, a, "[D_REGS_IDX] index %lld is out of range for array uregs",
				  (long long)idx);
	if (idx >= UREGS_PTREGS + (int64_t)ARRAY_SIZE(uregs_thread))
		return sema_error(s, a, "[D_UNKNOWN] uregs[]: index out of bounds (%lld)",
				  (long long)idx);
	if (idx >= UREGS_PTREGS &&
	    kbtf_member("task_struct", uregs_thread[idx - UREGS_PTREGS],
		       &size) < 0)
		return sema_error(s, a, "uregs[%lld] needs the kernel's BTF description of struct task_struct's %s, which this kernel does not give",
				  (long long)idx, uregs_thread[idx - UREGS_PTREGS]);
	n->ival = idx;
	n->type = type_int(8, false);
	return 0;
}

static int cg_duregs(struct cg *g, struct node *n, struct val *out)
{
	int idx = (int)n->ival, task, r, off, size;

	if (idx >= UREGS_PTREGS) {
		off = kbtf_member("task_struct", uregs_thread[idx - UREGS_PTREGS],
				 &size);
		task = cg_call0(g, BPF_FUNC_get_current_task);
		return bi_int(out, cg_kread(g, task, off, size), n->type);
	}
	task = cg_call0(g, BPF_FUNC_get_current_task_btf);
	ir_mov(&g->ir, BPF_REG_1, task);
	r = ir_vreg(&g->ir);
	ir_call(&g->ir, BPF_FUNC_task_pt_regs, 1);
	ir_mov(&g->ir, r, BPF_REG_0);
	/* a BTF pointer: the verifier makes the load one that cannot fault */
	ir_ld(&g->ir, BPF_DW, r, r, idx * 8);
	return bi_int(out, r, n->type);
}

/*
 * __argc(T), psinfo_t's pr_argc (30-procfs.d): the argument count exec
 * left at the bottom of the new stack, where the mm's start_stack
 * points.  BPF reads user memory of the current address space only:
 * for a task of another one (or a kernel thread) it is 0.
 */
static int sema_argc(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	if (n->list[0]->type->kind != TY_PTR && n->list[0]->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 0, "struct task_struct *");
	if (kbtf_member("task_struct", "mm", NULL) < 0 ||
	    kbtf_member("mm_struct", "start_stack", NULL) < 0)
		return sema_error(s, n, "pr_argc needs the kernel's BTF description of task_struct's mm and mm_struct's start_stack, which this kernel does not give");
	n->type = type_int(4, true);
	return 0;
}

static int cg_argc(struct cg *g, struct node *n, struct val *out)
{
	int mm_off = kbtf_member("task_struct", "mm", NULL);
	int r = ir_vreg(&g->ir), task = ir_vreg(&g->ir), done = ir_label(&g->ir);
	int slot = cg_alloc(g, 8), mm, cur, sp;
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, task, cg_reg(g, &a));
	ir_mov_imm(&g->ir, r, 0);
	ir_jmp_imm(&g->ir, BPF_JEQ, task, 0, done);
	mm = cg_kread(g, task, mm_off, 8);
	ir_jmp_imm(&g->ir, BPF_JEQ, mm, 0, done);
	cur = cg_kread(g, cg_call0(g, BPF_FUNC_get_current_task), mm_off, 8);
	ir_jmp(&g->ir, BPF_JNE, cur, mm, done);
	sp = cg_kread(g, mm, kbtf_member("mm_struct", "start_stack", NULL), 8);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, slot);
	ir_mov_imm(&g->ir, BPF_REG_2, 8);
	ir_mov(&g->ir, BPF_REG_3, sp);
	ir_call(&g->ir, BPF_FUNC_probe_read_user, 3);
	ir_ld(&g->ir, BPF_W, r, BPF_REG_10, slot);
	ir_place(&g->ir, done);
	return bi_int(out, r, n->type);
}

/*
 * cwd and root: the path of the current task's fs->pwd (fs->root), as
 * the kernel's d_path() builds one: each dentry's name up its d_parent
 * chain, and at the root of a mount on to the dentry it is mounted on
 * in the parent mount (struct mount, which embeds the vfsmount, by its
 * mnt_parent and mnt_mountpoint), up to the root of the mount
 * namespace.  Paths are from that root, not the task's own (as in
 * Solaris, where a chrooted process's cwd names its root's path too).
 *
 * BPF cannot build the path backwards and move it, for want of stack,
 * so the walk is made twice: once to add up the names' lengths, once to
 * write each name where that total puts it.  A path longer than
 * strsize is cut to its first strsize characters, as any D string; one
 * whose walk takes more than PATH_DEPTH steps (names and mount
 * crossings) is "<unknown>", the one path dtrace-utils gives.  Names
 * that change between the walks are clipped to the string.  A directory
 * removed while it is the working one (or the root) ends in " (deleted)",
 * as d_path() ends it: unhashed, and not a file system's root.
 */
#define PATH_DEPTH 32

static const struct {
	const char *sname, *path;
	int size;
} path_members[] = {
	{ "task_struct", "fs", 8 },
	{ "fs_struct", "pwd.mnt", 8 },
	{ "fs_struct", "pwd.dentry", 8 },
	{ "fs_struct", "root.mnt", 8 },
	{ "fs_struct", "root.dentry", 8 },
	{ "dentry", "d_parent", 8 },
	{ "dentry", "d_name.len", 4 },
	{ "dentry", "d_name.name", 8 },
	{ "dentry", "d_hash.pprev", 8 },
	{ "vfsmount", "mnt_root", 8 },
	{ "mount", "mnt", 0 },
	{ "mount", "mnt_parent", 8 },
	{ "mount", "mnt_mountpoint", 8 },
};

static int path_off(const char *sname, const char *path)
{
	return kbtf_member(sname, path, NULL);
}

static int sema_path(struct sema *s, struct node *n)
{
	size_t i;
	int size;

	/* d_path(struct path *): the path of a file or directory */
	if (n->kind == N_CALL) {
		struct node *a;

		if (bi_d_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
			return -EINVAL;
		a = n->list[0];
		if (a->kind == N_INT && a->ival == 0)
			return sema_error(s, a, "d_path( ) argument #1 is NULL: dtrace reports an invalid address when it runs, ferret refuses it");
		if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
			return bi_d_proto_arg(s, n, 0, "struct path *");
		if (kbtf_member("path", "dentry", &size) < 0 ||
		    kbtf_member("path", "mnt", &size) < 0)
			return sema_error(s, n, "d_path( ) needs the kernel's BTF description of struct path, which this kernel does not give");
	}

	for (i = 0; i < ARRAY_SIZE(path_members); i++)
		if (kbtf_member(path_members[i].sname, path_members[i].path,
			       &size) < 0 ||
		    (path_members[i].size && size != path_members[i].size))
			return sema_error(s, n, "%s needs the kernel's BTF description of struct %s's %s, which this kernel does not give",
					  n->name, path_members[i].sname,
					  path_members[i].path);
	n->type = type_str(s->c->opts.strlen);
	return 0;
}

/* Register r = the size bytes at kernel address a + off, read through slot. */
static void path_read(struct cg *g, int slot, int r, int a, int off, int size)
{
	int p = ir_vreg(&g->ir);

	ir_mov(&g->ir, p, a);
	ir_alu_imm(&g->ir, BPF_ADD, p, off);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, size, p);
	ir_ld(&g->ir, size == 4 ? BPF_W : BPF_DW, r, BPF_REG_10, slot);
}

/*
 * One walk from dentry d in mount m (registers, consumed) to the top,
 * reading through slot (8 bytes of frame) and tmp (16 bytes: each step
 * ends making len opaque through it, cg_opaque(), else the steps'
 * different bounds on len would keep the verifier from merging its
 * paths, which double at each step):
 * at top when it ends there, at deep when it takes more than
 * PATH_DEPTH steps or meets a NULL.  Without a string (base 0),
 * adds each name's length and a slash to len; with one (size bytes at
 * register base + buf), counts len down by the same and writes the
 * name and its slash at len, as far as they fall within the string.
 * The verifier bounds a name's place and length apart, so it sees the
 * writes reach up to size bytes past the string: those must be the
 * frame's or the scratch's too (they are never written).
 */
static void path_walk(struct cg *g, int slot, int tmp, int d, int m,
		      int len, int base, int buf, int size, int top, int deep)
{
	int mnt = path_off("mount", "mnt");
	int root = ir_vreg(&g->ir), par = ir_vreg(&g->ir), nl = ir_vreg(&g->ir);
	int t = ir_vreg(&g->ir), name = ir_vreg(&g->ir), i;

	path_read(g, slot, root, m, mnt + path_off("vfsmount", "mnt_root"), 8);
	for (i = 0; i < PATH_DEPTH; i++) {
		int next = ir_label(&g->ir), name_step = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JEQ, d, 0, deep);
		ir_jmp(&g->ir, BPF_JNE, d, root, name_step);
		/* the root of mount m: on to where it is mounted */
		path_read(g, slot, par, m, path_off("mount", "mnt_parent"), 8);
		ir_jmp(&g->ir, BPF_JEQ, par, m, top);
		ir_jmp_imm(&g->ir, BPF_JEQ, par, 0, deep);
		path_read(g, slot, d, m, path_off("mount", "mnt_mountpoint"), 8);
		ir_mov(&g->ir, m, par);
		path_read(g, slot, root, m,
			  mnt + path_off("vfsmount", "mnt_root"), 8);
		cg_opaque(g, tmp, len, len);
		ir_ja(&g->ir, next);
		ir_place(&g->ir, name_step);
		path_read(g, slot, par, d, path_off("dentry", "d_parent"), 8);
		/* a file system's root that is no mount's: as far as it goes */
		ir_jmp(&g->ir, BPF_JEQ, par, d, top);
		path_read(g, slot, nl, d, path_off("dentry", "d_name.len"), 4);
		ir_alu_imm(&g->ir, BPF_ADD, nl, 1);
		if (!base) {
			ir_alu(&g->ir, BPF_ADD, len, nl);
		} else {
			int skip = ir_label(&g->ir), fits = ir_label(&g->ir);
			int in = ir_label(&g->ir), p = ir_vreg(&g->ir);

			ir_alu(&g->ir, BPF_SUB, len, nl);
			/* names that grew since the first walk: stop */
			ir_jmp_imm(&g->ir, BPF_JSLT, len, 0, top);
			ir_jmp_imm(&g->ir, BPF_JSGE, len, size - 1, skip);
			ir_mov(&g->ir, p, base);
			ir_alu(&g->ir, BPF_ADD, p, len);
			ir_mov_imm(&g->ir, t, '/');
			ir_st(&g->ir, BPF_B, p, buf, t);
			/* the name after it, in the size - 2 - len bytes left */
			ir_mov_imm(&g->ir, t, size - 2);
			ir_alu(&g->ir, BPF_SUB, t, len);
			ir_alu_imm(&g->ir, BPF_ADD, nl, -1);
			ir_jmp(&g->ir, BPF_JGE, nl, t, fits);
			ir_mov(&g->ir, t, nl);
			ir_place(&g->ir, fits);
			/* a bound the verifier sees on both paths */
			ir_jmp_imm(&g->ir, BPF_JLE, t, size - 2, in);
			ir_mov_imm(&g->ir, t, size - 2);
			ir_place(&g->ir, in);
			path_read(g, slot, name, d, path_off("dentry", "d_name.name"), 8);
			ir_alu_imm(&g->ir, BPF_ADD, p, buf + 1);
			ir_mov(&g->ir, BPF_REG_1, p);
			ir_mov(&g->ir, BPF_REG_2, t);
			ir_mov(&g->ir, BPF_REG_3, name);
			ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
			ir_place(&g->ir, skip);
		}
		ir_mov(&g->ir, d, par);
		cg_opaque(g, tmp, len, len);
		ir_place(&g->ir, next);
	}
	ir_ja(&g->ir, deep);
}

/*
 * " (deleted)" after the total bytes of the path at register base +
 * buf (size bytes), as far as it fits, when dentry d is unlinked.
 */
static void path_deleted(struct cg *g, int slot, int d, int total, int base,
			 int buf, int size)
{
	static const char deleted[] = " (deleted)";
	int par = ir_vreg(&g->ir), pp = ir_vreg(&g->ir), p = ir_vreg(&g->ir);
	int c = ir_vreg(&g->ir), skip = ir_label(&g->ir), i;

	path_read(g, slot, par, d, path_off("dentry", "d_parent"), 8);
	ir_jmp(&g->ir, BPF_JEQ, par, d, skip);
	path_read(g, slot, pp, d, path_off("dentry", "d_hash.pprev"), 8);
	ir_jmp_imm(&g->ir, BPF_JNE, pp, 0, skip);
	ir_jmp_imm(&g->ir, BPF_JSLT, total, 0, skip);
	for (i = 0; i < (int)sizeof(deleted) - 1; i++) {
		/* a D string keeps its first strsize characters */
		ir_jmp_imm(&g->ir, BPF_JSGT, total, size - 2 - i, skip);
		ir_mov(&g->ir, p, base);
		ir_alu(&g->ir, BPF_ADD, p, total);
		ir_mov_imm(&g->ir, c, (uint8_t)deleted[i]);
		ir_st(&g->ir, BPF_B, p, buf + i, c);
	}
	ir_place(&g->ir, skip);
}

/*
 * d_path(p)'s start: the dentry and the vfsmount of the struct path at
 * p, into registers d and m; a struct path that cannot be read is
 * DTrace's fault, at its address.
 */
static int dpath_start(struct cg *g, struct node *n, int slot, int d, int m)
{
	int p = ir_vreg(&g->ir), ok = ir_label(&g->ir);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, p, cg_reg(g, &a));
	ir_alu_imm(&g->ir, BPF_ADD, p, path_off("path", "dentry"));
	cg_probe_read(g, BPF_REG_10, slot, 8, p);
	ir_alu_imm(&g->ir, BPF_ADD, p, -path_off("path", "dentry"));
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, p);
	ir_place(&g->ir, ok);
	ir_ld(&g->ir, BPF_DW, d, BPF_REG_10, slot);
	path_read(g, slot, m, p, path_off("path", "mnt"), 8);
	return 0;
}

static int cg_path(struct cg *g, struct node *n, struct val *out)
{
	static const char unknown[] = "<unknown>";
	int size = g->c->opts.strlen, buf, base, fs = ir_vreg(&g->ir), task;
	int slot = cg_alloc(g, 8), tmp = cg_alloc(g, 16);
	int d = ir_vreg(&g->ir), m = ir_vreg(&g->ir), len = ir_vreg(&g->ir);
	int d2 = ir_vreg(&g->ir), m2 = ir_vreg(&g->ir);
	int d0 = ir_vreg(&g->ir), total = ir_vreg(&g->ir);
	int top = ir_label(&g->ir), deep = ir_label(&g->ir);
	int names = ir_label(&g->ir), written = ir_label(&g->ir);
	int done = ir_label(&g->ir);
	bool pwd = !strcmp(n->name, "cwd");
	size_t i;

	/* size bytes above the string: see path_walk() */
	if (g->tstr && size > KEY_FRAME_MAX) {
		buf = cg_alloc_tmp(g, 2 * size, &base);
	} else {
		if (g->stack < size)
			cg_alloc(g, size - g->stack);
		buf = cg_alloc_tmp(g, size, &base);
	}
	cg_zero_at(g, base, buf, size);
	if (n->kind == N_CALL) {
		if (dpath_start(g, n, slot, d, m))
			return -EINVAL;
	} else {
		task = cg_call0(g, BPF_FUNC_get_current_task);
		path_read(g, slot, fs, task, path_off("task_struct", "fs"), 8);
		ir_jmp_imm(&g->ir, BPF_JEQ, fs, 0, deep);
		path_read(g, slot, d, fs,
			  path_off("fs_struct", pwd ? "pwd.dentry" : "root.dentry"), 8);
		path_read(g, slot, m, fs,
			  path_off("fs_struct", pwd ? "pwd.mnt" : "root.mnt"), 8);
	}
	ir_jmp_imm(&g->ir, BPF_JEQ, m, 0, deep);
	/* the struct mount that embeds the vfsmount */
	ir_alu_imm(&g->ir, BPF_ADD, m, -path_off("mount", "mnt"));
	ir_mov(&g->ir, d2, d);
	ir_mov(&g->ir, d0, d);
	ir_mov(&g->ir, m2, m);
	ir_mov_imm(&g->ir, len, 0);
	path_walk(g, slot, tmp, d, m, len, 0, 0, size, top, deep);
	ir_place(&g->ir, top);
	ir_mov(&g->ir, total, len);
	ir_jmp_imm(&g->ir, BPF_JNE, len, 0, names);
	ir_st_imm(&g->ir, BPF_B, base, buf, '/');
	ir_ja(&g->ir, done);
	ir_place(&g->ir, names);
	path_walk(g, slot, tmp, d2, m2, len, base, buf, size, written,
		  written);
	ir_place(&g->ir, written);
	path_deleted(g, slot, d0, total, base, buf, size);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, deep);
	for (i = 0; i < sizeof(unknown) - 1 && (int)i < size - 1; i++)
		ir_st_imm(&g->ir, BPF_B, base, buf + (int)i,
			  (uint8_t)unknown[i]);
	ir_place(&g->ir, done);
	out->kind = V_STACK;
	out->off = buf;
	out->base = base;
	out->type = n->type;
	return 0;
}

/*
 * The mutex and rwlock subroutines, with dtrace-utils' Linux semantics.
 * A struct mutex's owner is the owning task's address with flag bits in
 * its low 3 bits: mutex_owner() is it without them, mutex_owned()
 * whether that is the current task.  Every Linux mutex is adaptive:
 * mutex_type_adaptive() is 1, mutex_type_spin() 0.  A rwlock_t (a
 * queued rwlock) keeps its state in cnts: the writer's byte (0xff when
 * locked) and a waiting-writer bit (0x100) under readers counted from
 * bit 9; rw_write_held() is cnts & 0xff, rw_iswriter() cnts & 0x1ff and
 * rw_read_held() the readers, cnts & ~0x1ff.  dtrace-utils reads 8
 * bytes there, the 4 of cnts and the 4 of the wait lock after it; these
 * read cnts alone, which is the same while the wait lock is free.
 */
#define MUTEX_FLAGS 0x07
#define QW_LOCKED 0xff
#define QW_WMASK 0x1ff

static const char *lock_proto(bool rw)
{
	return rw ? "rwlock_t *" : "struct mutex *";
}

static struct type *lock_type(bool rw)
{
	return rw ? type_parse("rwlock_t") : kbtf_struct("mutex");
}

static int sema_lock(struct sema *s, struct node *n)
{
	bool rw = n->name[0] == 'r', owner = !strcmp(n->name, "mutex_owner");
	struct type *lt = lock_type(rw), *at;
	struct node *a;

	if (bi_d_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	if (!lt || (rw ? kbtf_member("qrwlock", "cnts", NULL) < 0 :
			 kbtf_member("mutex", "owner", NULL) < 0))
		return sema_error(s, n, "%s( ) needs the kernel's BTF description of %s, which this kernel does not give",
				  n->name, rw ? "rwlock_t's queued rwlock" : "struct mutex's owner");
	a = n->list[0];
	at = a->type;
	/* as DTrace: a pointer to the lock's type or to void, or NULL */
	if (!(at->kind == TY_PTR && (!at->elem || at->elem == lt)) &&
	    !(a->kind == N_INT && a->ival == 0))
		return bi_d_proto_arg(s, n, 0, lock_proto(rw));
	n->type = owner ? type_ptr(kbtf_struct("task_struct")) :
		  type_int(4, true);
	return 0;
}

static int cg_lock(struct cg *g, struct node *n, struct val *out)
{
	bool rw = n->name[0] == 'r';
	const char *what = n->name + (rw ? 3 : 6);
	int r, size;
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	if (!strcmp(what, "type_adaptive") || !strcmp(what, "type_spin")) {
		r = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, r, what[5] == 'a');
		return bi_int(out, r, n->type);
	}
	if (rw) {
		/* rwlock_t's raw_lock, a struct qrwlock, holds cnts */
		int off = kbtf_member("qrwlock", "cnts", &size);

		r = cg_kread(g, cg_reg(g, &a), off, size == 8 ? 8 : 4);
		ir_alu_imm(&g->ir, BPF_AND, r,
			   !strcmp(what, "write_held") ? QW_LOCKED :
			   !strcmp(what, "iswriter") ? QW_WMASK : ~QW_WMASK);
		return bi_int(out, r, n->type);
	}
	r = cg_kread(g, cg_reg(g, &a), kbtf_member("mutex", "owner", NULL), 8);
	ir_alu_imm(&g->ir, BPF_AND, r, ~MUTEX_FLAGS);
	if (!strcmp(what, "owned")) {
		int cur = cg_call0(g, BPF_FUNC_get_current_task);
		int yes = ir_label(&g->ir), done = ir_label(&g->ir);

		ir_jmp(&g->ir, BPF_JEQ, r, cur, yes);
		ir_mov_imm(&g->ir, r, 0);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, yes);
		ir_mov_imm(&g->ir, r, 1);
		ir_place(&g->ir, done);
	}
	return bi_int(out, r, n->type);
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define NOT_YET(n, why) { .name = n, .unsupported = why }

const struct builtin builtin_dtrace_vars[] = {
	VAR("errno", sema_errno, cg_errno),
	VAR("ppid", sema_ppid, cg_ppid),
	VAR("caller", bi_sema_u64, cg_caller),
	VAR("ucaller", bi_sema_u64, cg_caller),
	{ .name = "__dargs", .func = true, .sema = sema_dargs, .cg = cg_dargs },
	VAR("epid", bi_sema_u32, cg_epid),
	{ .name = "progenyof", .func = true, .sema = sema_progenyof, .cg = cg_progenyof },
	{ .name = "__argc", .func = true, .sema = sema_argc, .cg = cg_argc },
	VAR("stackdepth", bi_sema_u32, cg_stackdepth),
	VAR("ustackdepth", bi_sema_u32, cg_stackdepth),
	VAR("vtimestamp", sema_vtimestamp, cg_vtimestamp),
	{ .name = "__duregs", .func = true, .sema = sema_duregs, .cg = cg_duregs },
	VAR("cwd", sema_path, cg_path),
	VAR("root", sema_path, cg_path),
	{ .name = "d_path", .func = true, .sema = sema_path, .cg = cg_path },
	{ .name = NULL },
};

#define LOCK(n) { .name = n, .func = true, .sema = sema_lock, .cg = cg_lock }

/* D's lock subroutines. */
const struct builtin builtin_dtrace_locks[] = {
	LOCK("mutex_owned"), LOCK("mutex_owner"), LOCK("mutex_type_adaptive"),
	LOCK("mutex_type_spin"), LOCK("rw_read_held"), LOCK("rw_write_held"),
	LOCK("rw_iswriter"),
	{ .name = NULL },
};
