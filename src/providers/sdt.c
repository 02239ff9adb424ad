/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sdt:PROV:NAME: DTrace's proc, sched and io probes on the raw
 * tracepoints that fire at the same moments, which need neither kprobes
 * nor trampolines, or where no tracepoint fires then, on the kernel
 * functions dtrace-utils puts them on (sched:::enqueue on
 * enqueue_task_*), through BPF trampolines (fentry, fexit) as
 * dtrace-utils' fbt uses them where the kernel has BTF.  Only D programs
 * name it (provider.dtrace), through src/dtrace/dt_probes.c.
 *
 * As in dtrace-utils, a probe is a kernel event (a site; some probes
 * have two), conditions on the event's arguments that select the
 * firings that are the probe's (guard_emit: proc:::start is a fork-like
 * syscall returning 0), and the mapping of the event's arguments onto
 * the probe's (arg_emit: proc:::create's arg0 is sched_process_fork's
 * child).  arg_type gives those values' C types; the D types DTrace
 * declares (psinfo_t * ...) come from the translators of src/dlang/lib,
 * which the D compiler applies where a program names a member, so an
 * argument costs its member reads alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "util.h"
#include "compile/cg.h"
#include "kernel/btf.h"
#include "kernel/features.h"
#include "kernel/ksyms.h"
#include "lang/types.h"
#include "providers/provider.h"
#include "providers/sdt.h"

/* A value a probe computes from its event. */
enum sdt_kind {
	SV_SLOT,	/* the event's argument slot */
	SV_NULL,	/* 0 */
	SV_CUR,		/* the current task */
	SV_MEMBER,	/* member mem (a path: "sa.sa_handler") of struct st
			 * at the pointer in slot */
	SV_LEADER,	/* 1 if the task in slot leads its thread group */
	SV_CURLEADER,	/* 1 if the current thread leads its group */
	SV_WSTATUS,	/* CLD_EXITED, CLD_KILLED or CLD_DUMPED, from the
			 * exit_code of the task in slot */
	SV_SIGNO,	/* the signal in slot; for SIGKILL, the current
			 * group's exit code when set: the fatal signal
			 * that the kernel turned into a SIGKILL */
	SV_FLAG,	/* 1 if the value in slot has a bit of imm set */
	SV_CONST,	/* imm */
	SV_NICEPRIO,	/* the priority set_user_nice() gives the task in
			 * slot for the nice value in slot + 1: that nice
			 * value's (120 + nice), unless the task runs at a
			 * real-time priority (below 100), which it keeps */
};

struct sdt_val {
	enum sdt_kind kind;
	int slot;
	const char *st, *mem;
	int imm;
};

enum sdt_op {
	SC_NONE,
	SC_EQ,		/* v == imm */
	SC_NE,		/* v != imm */
	SC_SLT,		/* v < imm, signed */
	SC_SGT,		/* v > imm, signed */
	SC_MASK,	/* v & imm */
	SC_IN,		/* v is one of set[0 .. imm) */
	SC_KSYM,	/* v is the address of kernel symbol sym */
};

struct sdt_cond {
	struct sdt_val v;
	enum sdt_op op;
	int imm;
	int set[4];
	const char *sym;
};

/*
 * event is a raw tracepoint, or "fentry:FUNCTIONS" or "fexit:FUNCTIONS"
 * (a glob: dtrace-utils' fbt::enqueue_task_*:entry), the entry or the
 * return of kernel functions, where the arguments' slots are the
 * function's (at a return too).
 */
struct sdt_site {
	const char *event;
	struct sdt_cond cond[3];	/* all must hold, tested in order:
					 * the cheap ones first */
	struct sdt_val arg[SDT_MAXARGS];
};

#define SDT_NSITES 4

struct sdt_probe {
	const char *prov, *name;
	struct sdt_sig sig;
	struct sdt_site site[SDT_NSITES];
};

#define SLOT(n) { SV_SLOT, n, NULL, NULL, 0 }
#define NIL { SV_NULL, 0, NULL, NULL, 0 }
#define MEMBER(n, s, m) { SV_MEMBER, n, s, m, 0 }
#define VAL(k, n) { k, n, NULL, NULL, 0 }
#define FLAG(n, bits) { SV_FLAG, n, NULL, NULL, bits }
#define CONST(k) { SV_CONST, 0, NULL, NULL, k }

#define IF(v, op, imm) { v, op, imm, { 0 }, NULL }
#define IN(v, n, ...) { v, SC_IN, n, { __VA_ARGS__ }, NULL }
#define IS_SYM(v, sym) { v, SC_KSYM, 0, { 0 }, sym }
#define ALWAYS IF(NIL, SC_NONE, 0)
#define NOARGS { 0, { { 0 } } }

#define A_INT { "int", "int", false }
#define A_LWP { "lwpsinfo_t *", "struct task_struct *", true }
#define A_PS { "psinfo_t *", "struct task_struct *", true }
#define SIG_TASK { 2, { A_LWP, A_PS } }
#define SIG_TASK_INT { 3, { A_LWP, A_PS, A_INT } }
#define A_CPU { "cpuinfo_t *", "struct rq *", true }
#define SIG_IO { 3, { { "bufinfo_t *", "struct bio *", true }, \
		      { "devinfo_t *", "struct bio *", true }, \
		      { "fileinfo_t *", "struct file *", true } } }

#define A_U64 { "uint64_t", "uint64_t", false }
#define A_MUTEX { "struct mutex *", "struct mutex *", false }
#define A_RW { "struct rwlock *", "rwlock_t *", false }
#define A_SPIN { "spinlock_t *", "spinlock_t *", false }
/*
 * lockstat's spin and block probes time a kernel function from its entry
 * to its return, which takes state kept from one program to another.
 */
static const struct {
	const char *prov, *name, *fns;
} sdt_timed[] = {
	{ "lockstat", "adaptive-block", "mutex_lock() and schedule_preempt_disabled()" },
	{ "lockstat", "adaptive-spin", "mutex_lock() and _raw_spin_lock()" },
	{ "lockstat", "rw-spin", "queued_read_lock_slowpath() and queued_write_lock_slowpath()" },
	{ "lockstat", "spin-spin", "queued_spin_lock_slowpath()" },
};

/* The syscalls that return in a new task, and its first run. */
#define FORKS __NR_clone, __NR_clone3, __NR_fork, __NR_vfork
#define SYSNR MEMBER(0, "pt_regs", "orig_ax")

/*
 * sched_switch's prev_state bits of a task going to sleep:
 * TASK_INTERRUPTIBLE, TASK_UNINTERRUPTIBLE.
 */
#define SLEEPING 0x3

/*
 * enqueue_task_*()'s flag that puts the task at the head of its queue
 * (kernel/sched/sched.h, which no BTF describes).
 */
#define ENQUEUE_HEAD 0x10

/* signal_generate's results: the signal was queued, or ignored. */
#define SIG_DELIVERED 0
#define SIG_IGNORED 1
#define SIG_LOSE_INFO 4

static const struct sdt_probe sdt_probes[] = {
	{ "proc", "create", { 1, { A_PS } },
	  { { "sched_process_fork", { IF(VAL(SV_LEADER, 1), SC_NE, 0) },
	      { SLOT(1) } } } },
	{ "proc", "exec", { 1, { { "string", NULL, false } } },
	  { { "sys_enter", { IF(SLOT(1), SC_EQ, __NR_execve) },
	      { MEMBER(0, "pt_regs", "di") } },
	    { "sys_enter", { IF(SLOT(1), SC_EQ, __NR_execveat) },
	      { MEMBER(0, "pt_regs", "si") } } } },
	{ "proc", "exec-failure", { 1, { A_INT } },
	  { { "sys_exit", { IF(SLOT(1), SC_SLT, 0),
			    IN(SYSNR, 2, __NR_execve, __NR_execveat) },
	      { SLOT(1) } } } },
	{ "proc", "exec-success", NOARGS,
	  { { "sched_process_exec", { ALWAYS },
	      { NIL } } } },
	{ "proc", "exit", { 1, { A_INT } },
	  { { "sched_process_exit",
	      { IF(VAL(SV_CURLEADER, 0), SC_NE, 0) },
	      { VAL(SV_WSTATUS, 0) } } } },
	{ "proc", "lwp-create", SIG_TASK,
	  { { "sched_process_fork", { IF(VAL(SV_LEADER, 1), SC_EQ, 0) },
	      { SLOT(1), SLOT(1) } } } },
	{ "proc", "lwp-exit", NOARGS,
	  { { "sched_process_exit", { ALWAYS },
	      { NIL } } } },
	{ "proc", "lwp-start", NOARGS,
	  { { "sys_exit", { IF(SLOT(1), SC_EQ, 0),
			    IN(SYSNR, 4, FORKS) },
	      { NIL } } } },
	{ "proc", "signal-clear", { 1, { A_INT } },
	  { { "sys_exit", { IF(SLOT(1), SC_SGT, 0),
			    IN(SYSNR, 1, __NR_rt_sigtimedwait) },
	      { SLOT(1) } } } },
	{ "proc", "signal-discard", SIG_TASK_INT,
	  { { "signal_generate",
	      { IF(SLOT(4), SC_EQ, SIG_IGNORED) },
	      { SLOT(2), SLOT(2), SLOT(0) } } } },
	{ "proc", "signal-handle", { 3, { A_INT,
		{ "siginfo_t *", "struct kernel_siginfo *", false },
		{ "void (*)(void)", "uintptr_t", false } } },
	  { { "signal_deliver", { ALWAYS },
	      { VAL(SV_SIGNO, 0), SLOT(1),
		MEMBER(2, "k_sigaction", "sa.sa_handler") } } } },
	{ "proc", "signal-send", SIG_TASK_INT,
	  { { "signal_generate",
	      { IN(SLOT(4), 2, SIG_DELIVERED, SIG_LOSE_INFO) },
	      { SLOT(2), SLOT(2), SLOT(0) } } } },
	{ "proc", "start", NOARGS,
	  { { "sys_exit", { IF(SLOT(1), SC_EQ, 0),
			    IF(VAL(SV_CURLEADER, 0), SC_NE, 0),
			    IN(SYSNR, 4, FORKS) },
	      { NIL } } } },
	/*
	 * A new nice value (nice(2), setpriority(2), the kernel's own
	 * callers): set_user_nice(struct task_struct *, long nice), before
	 * the change, so args[0]->pr_pri is the old priority.
	 */
	{ "sched", "change-pri", SIG_TASK_INT,
	  { { "fentry:set_user_nice", { ALWAYS },
	      { SLOT(0), SLOT(0), VAL(SV_NICEPRIO, 0) } } } },
	/*
	 * A task put on or taken off a CPU's run queue: enqueue_task_fair(),
	 * _rt(), _dl() ... (struct rq *, struct task_struct *, int flags).
	 */
	{ "sched", "dequeue", { 3, { A_LWP, A_PS, A_CPU } },
	  { { "fentry:dequeue_task_*", { ALWAYS },
	      { SLOT(1), SLOT(1), SLOT(0) } } } },
	{ "sched", "enqueue", { 4, { A_LWP, A_PS, A_CPU, A_INT } },
	  { { "fentry:enqueue_task_*", { ALWAYS },
	      { SLOT(1), SLOT(1), SLOT(0), FLAG(2, ENQUEUE_HEAD) } } } },
	/*
	 * sched_exit_tp ends __schedule(): after a switch it runs in the
	 * thread switched to, and with is_switch false in the one the
	 * scheduler kept.
	 */
	{ "sched", "off-cpu", SIG_TASK,
	  { { "sched_switch", { ALWAYS },
	      { SLOT(2), SLOT(2) } } } },
	{ "sched", "on-cpu", NOARGS,
	  { { "sched_exit_tp", { IF(SLOT(0), SC_MASK, 0xff) },
	      { NIL } } } },
	{ "sched", "preempt", NOARGS,
	  { { "sched_switch", { IF(SLOT(0), SC_MASK, 0xff) },
	      { NIL } } } },
	{ "sched", "remain-cpu", NOARGS,
	  { { "sched_exit_tp", { IF(SLOT(0), SC_EQ, 0) },
	      { NIL } } } },
	{ "sched", "sleep", NOARGS,
	  { { "sched_switch", { IF(SLOT(0), SC_EQ, 0),
				IF(SLOT(3), SC_MASK, SLEEPING) },
	      { NIL } } } },
	{ "sched", "surrender", SIG_TASK,
	  { { "sys_enter", { IF(SLOT(1), SC_EQ, __NR_sched_yield) },
	      { VAL(SV_CUR, 0), VAL(SV_CUR, 0) } } } },
	/*
	 * The scheduler's tick is the tick hrtimer's handler (in the
	 * high-resolution mode Linux runs where it can) calling
	 * sched_tick(), in the interrupted thread.
	 */
	{ "sched", "tick", SIG_TASK,
	  { { "hrtimer_expire_entry",
	      { IS_SYM(MEMBER(0, "hrtimer", "function"), "tick_nohz_handler") },
	      { VAL(SV_CUR, 0), VAL(SV_CUR, 0) } } } },
	/* sched_waking runs in the waker, as DTrace's wakeup does. */
	{ "sched", "wakeup", SIG_TASK,
	  { { "sched_waking", { ALWAYS },
	      { SLOT(0), SLOT(0) } } } },
	/*
	 * io:::start is a bio's submission; io:::done is a request's
	 * completion, given by its first bio (none: not an I/O of data),
	 * or a bio-based device's bio completion.  No file is known.
	 */
	{ "io", "done", SIG_IO,
	  { { "block_rq_complete",
	      { IF(MEMBER(0, "request", "bio"), SC_NE, 0) },
	      { MEMBER(0, "request", "bio"), MEMBER(0, "request", "bio"),
		NIL } },
	    { "block_bio_complete", { ALWAYS },
	      { SLOT(1), SLOT(1), NIL } } } },
	{ "io", "start", SIG_IO,
	  { { "block_bio_queue", { ALWAYS },
	      { SLOT(0), SLOT(0), NIL } } } },
	/* A thread waiting for its bio: submit_bio_wait(struct bio *). */
	{ "io", "wait-done", SIG_IO,
	  { { "fexit:submit_bio_wait", { ALWAYS },
	      { SLOT(0), SLOT(0), NIL } } } },
	{ "io", "wait-start", SIG_IO,
	  { { "fentry:submit_bio_wait", { ALWAYS },
	      { SLOT(0), SLOT(0), NIL } } } },
	/*
	 * lockstat: at the return of the kernel's lock functions that
	 * dtrace-utils puts each probe on, where fexit still has the
	 * lock's address in the first argument's slot and the result in
	 * the next (the functions take one argument).  A trylock counts
	 * when it returns 1, a killable or interruptible mutex_lock() is
	 * an error when it returns non-zero (-EINTR); int results are
	 * tested in their low bits, which are all the ABI defines.
	 * rw-acquire's and rw-release's args[1] is RW_READER (1) or
	 * RW_WRITER (0).
	 */
	{ "lockstat", "adaptive-acquire", { 1, { A_MUTEX } },
	  { { "fexit:mutex_lock", { ALWAYS }, { SLOT(0) } } } },
	{ "lockstat", "adaptive-acquire-error", { 2, { A_MUTEX, A_INT } },
	  { { "fexit:*mutex_lock_killable",
	      { IF(SLOT(1), SC_MASK, 0x7fffffff) }, { SLOT(0), SLOT(1) } },
	    { "fexit:*mutex_lock_interruptible",
	      { IF(SLOT(1), SC_MASK, 0x7fffffff) }, { SLOT(0), SLOT(1) } } } },
	{ "lockstat", "adaptive-block", { 2, { A_MUTEX, A_U64 } },
	  { { NULL } } },
	{ "lockstat", "adaptive-release", { 1, { A_MUTEX } },
	  { { "fexit:mutex_unlock", { ALWAYS }, { SLOT(0) } } } },
	{ "lockstat", "adaptive-spin", { 2, { A_MUTEX, A_U64 } },
	  { { NULL } } },
	{ "lockstat", "rw-acquire", { 2, { A_RW, A_INT } },
	  { { "fexit:_raw_read_lock*", { ALWAYS }, { SLOT(0), CONST(1) } },
	    { "fexit:_raw_read_trylock*", { IF(SLOT(1), SC_MASK, 0xff) },
	      { SLOT(0), CONST(1) } },
	    { "fexit:_raw_write_lock*", { ALWAYS }, { SLOT(0), CONST(0) } },
	    { "fexit:_raw_write_trylock*", { IF(SLOT(1), SC_MASK, 0xff) },
	      { SLOT(0), CONST(0) } } } },
	{ "lockstat", "rw-release", { 2, { A_RW, A_INT } },
	  { { "fexit:_raw_read_unlock*", { ALWAYS }, { SLOT(0), CONST(1) } },
	    { "fexit:_raw_write_unlock*", { ALWAYS }, { SLOT(0), CONST(0) } } } },
	{ "lockstat", "rw-spin", { 3, { A_RW, A_U64, A_INT } },
	  { { NULL } } },
	{ "lockstat", "spin-acquire", { 1, { A_SPIN } },
	  { { "fexit:_raw_spin_lock*", { ALWAYS }, { SLOT(0) } },
	    { "fexit:_raw_spin_trylock*", { IF(SLOT(1), SC_MASK, 0xff) },
	      { SLOT(0) } } } },
	{ "lockstat", "spin-release", { 1, { A_SPIN } },
	  { { "fexit:_raw_spin_unlock*", { ALWAYS }, { SLOT(0) } } } },
	{ "lockstat", "spin-spin", { 2, { A_SPIN, A_U64 } },
	  { { NULL } } },
};

/* The instance's probe and site, in its config. */
#define SDT_SITE_BITS 4

static const struct sdt_probe *sdt_of(const struct probe_inst *pi)
{
	return &sdt_probes[pi->config >> SDT_SITE_BITS];
}

static const struct sdt_site *sdt_site_of(const struct probe_inst *pi)
{
	return &sdt_of(pi)->site[pi->config & ((1 << SDT_SITE_BITS) - 1)];
}

/* Whether this kernel has raw tracepoint event (its BTF names it). */
static bool sdt_has_event(const char *event)
{
	struct btf *btf = kbtf_vmlinux();
	char *name;
	int id;

	if (!btf)
		return false;
	name = xasprintf("btf_trace_%s", event);
	id = btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF);
	free(name);
	return id > 0;
}

/* fentry or fexit for a kernel function site, NULL for a raw tracepoint. */
static const struct provider *sdt_fn_provider(const struct sdt_site *s)
{
	return strchr(s->event, ':') ? provider_find(s->event) : NULL;
}

/*
 * Whether this kernel can hook function site s: it lets BPF trampolines
 * run, and its BTF has a function of the site's glob.  0, or -errno
 * with the reason in err.  Which of them a trampoline can patch is the
 * kernel's to say when attaching.
 */
static int sdt_fn_check(const struct sdt_site *s, char *err, size_t errlen)
{
	const struct provider *fp = sdt_fn_provider(s);
	const char *pat = strchr(s->event, ':') + 1, *why;
	struct btf *btf;
	int i, n;

	if (fp->available && !fp->available(&why)) {
		snprintf(err, errlen, "%s", why);
		return -EOPNOTSUPP;
	}
	btf = kbtf_vmlinux();
	if (btf && !util_has_glob(pat) &&
	    btf__find_by_name_kind(btf, pat, BTF_KIND_FUNC) > 0)
		return 0;
	n = btf && util_has_glob(pat) ? btf__type_cnt(btf) : 0;
	for (i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);

		if (btf_is_func(t) &&
		    util_glob(pat, btf__name_by_offset(btf, t->name_off)))
			return 0;
	}
	snprintf(err, errlen, "the kernel's BTF has no function %s", pat);
	return -ENOENT;
}

/* sdt_fn_check()'s answer for each site, found once: 1 yes, -1 no. */
static signed char sdt_fn_state[ARRAY_SIZE(sdt_probes) * SDT_NSITES];

static bool sdt_fn_ok(const struct sdt_site *s)
{
	size_t p = ((const char *)s - (const char *)sdt_probes) /
		   sizeof(*sdt_probes);
	size_t k = p * SDT_NSITES + (s - sdt_probes[p].site);
	char err[256];

	if (!sdt_fn_state[k])
		sdt_fn_state[k] = sdt_fn_check(s, err, sizeof(err)) ? -1 : 1;
	return sdt_fn_state[k] > 0;
}

/* Whether the kernel has site s's event and the symbols it compares with. */
static bool sdt_site_ok(const struct sdt_site *s)
{
	uint64_t addr;
	size_t i;

	if (!s->event ||
	    !(sdt_fn_provider(s) ? sdt_fn_ok(s) : sdt_has_event(s->event)))
		return false;
	for (i = 0; i < ARRAY_SIZE(s->cond); i++)
		if (s->cond[i].op == SC_KSYM &&
		    (ksyms_lookup(s->cond[i].sym, &addr) || !addr))
			return false;
	return true;
}

static bool sdt_available(const struct sdt_probe *sp)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sp->site); i++)
		if (sdt_site_ok(&sp->site[i]))
			return true;
	return false;
}

static const struct sdt_probe *sdt_find(const char *prov, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sdt_probes); i++)
		if (!strcmp(sdt_probes[i].prov, prov) &&
		    !strcmp(sdt_probes[i].name, name))
			return &sdt_probes[i];
	return NULL;
}

const struct sdt_sig *sdt_signature(const char *prov, const char *name)
{
	const struct sdt_probe *sp = sdt_find(prov, name);

	return sp ? &sp->sig : NULL;
}

/* A member of a kernel struct an sdt argument reads: 1, 2, 4 or 8 bytes. */
static int sdt_member(const char *st, const char *path, int *size)
{
	int off = kbtf_member(st, path, size);

	if (off < 0 || *size < 1 || *size > 8 || (*size & (*size - 1)))
		return -ENOENT;
	return off;
}

static int sdt_check_val(const struct sdt_val *v, char *err, size_t errlen)
{
	static const struct { const char *st, *mem; } uses[] = {
		{ "task_struct", "pid" }, { "task_struct", "tgid" },
		{ "task_struct", "exit_code" }, { "task_struct", "signal" },
		{ "signal_struct", "group_exit_code" },
	};
	int size, i;

	if ((v->kind == SV_MEMBER && sdt_member(v->st, v->mem, &size) < 0) ||
	    (v->kind == SV_NICEPRIO &&
	     sdt_member("task_struct", "prio", &size) < 0)) {
		snprintf(err, errlen, "this kernel's BTF has no member %s of struct %s",
			 v->kind == SV_MEMBER ? v->mem : "prio",
			 v->kind == SV_MEMBER ? v->st : "task_struct");
		return -ENOENT;
	}
	if (v->kind != SV_LEADER && v->kind != SV_WSTATUS &&
	    v->kind != SV_SIGNO)
		return 0;
	for (i = 0; i < (int)ARRAY_SIZE(uses); i++)
		if (sdt_member(uses[i].st, uses[i].mem, &size) < 0) {
			snprintf(err, errlen, "this kernel's BTF has no member %s of struct %s",
				 uses[i].mem, uses[i].st);
			return -ENOENT;
		}
	return 0;
}

static int sdt_check_site(const struct sdt_probe *sp, const struct sdt_site *s,
			  char *err, size_t errlen)
{
	int i, ret = 0;

	for (i = 0; !ret && i < (int)ARRAY_SIZE(s->cond); i++)
		if (s->cond[i].op != SC_NONE)
			ret = sdt_check_val(&s->cond[i].v, err, errlen);
	for (i = 0; !ret && i < sp->sig.nargs; i++)
		ret = sdt_check_val(&s->arg[i], err, errlen);
	return ret;
}

/*
 * Why probe sp, which this kernel has no event for, cannot be had: the
 * kernel functions it is on cannot be traced (-EOPNOTSUPP), or it has
 * no such tracepoint (-ENOENT).
 */
static int sdt_why_not(const struct sdt_probe *sp, const char *spec,
		       char *err, size_t errlen)
{
	const struct sdt_site *s = &sp->site[0];
	const struct provider *fp = s->event ? sdt_fn_provider(s) : NULL;
	char why[256];

	size_t i;

	for (i = 0; i < ARRAY_SIZE(sdt_timed); i++)
		if (!strcmp(sp->prov, sdt_timed[i].prov) &&
		    !strcmp(sp->name, sdt_timed[i].name)) {
			snprintf(err, errlen, "%s:::%s times %s from entry to return, which needs state kept from one kernel event to another: ferret's D probes keep none yet",
				 sp->prov, sp->name, sdt_timed[i].fns);
			return -EOPNOTSUPP;
		}
	if (!fp) {
		snprintf(err, errlen, "%s: no such probe on this kernel", spec);
		return -ENOENT;
	}
	sdt_fn_check(s, why, sizeof(why));
	snprintf(err, errlen, "%s:::%s is the %s of kernel function %s, which this kernel cannot trace: %s",
		 sp->prov, sp->name, fp == &fexit_provider ? "return" : "entry",
		 strchr(s->event, ':') + 1, why);
	return -EOPNOTSUPP;
}

/*
 * "sdt:PROV:NAME", exactly: instances on each site's events, of
 * sdt_provider on raw tracepoints, of sdt_fentry_provider and
 * sdt_fexit_provider on kernel functions.
 */
static int sdt_expand(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	const struct sdt_probe *sp = NULL;
	char *parts[2];
	size_t i;
	int j, n, ret = 0, from = out->n;

	n = rest ? provider_split(rest, parts, 2) : -EINVAL;
	if (n == 2)
		sp = sdt_find(parts[0], parts[1]);
	if (n > 0)
		provider_free_parts(parts, n);
	if (!sp) {
		snprintf(err, errlen, "%s: no such probe", spec);
		return -ENOENT;
	}
	if (!sdt_available(sp))
		return sdt_why_not(sp, spec, err, errlen);
	for (i = 0; !ret && i < ARRAY_SIZE(sp->site); i++) {
		const struct sdt_site *s = &sp->site[i];
		const struct provider *via, *as;
		char *at;

		if (!sdt_site_ok(s))
			continue;
		ret = sdt_check_site(sp, s, err, errlen);
		if (ret)
			break;
		via = sdt_fn_provider(s);
		if (via) {
			at = xstrdup(s->event);
			as = via == &fexit_provider ? &sdt_fexit_provider :
						      &sdt_fentry_provider;
		} else {
			at = xasprintf("rawtracepoint:%s", s->event);
			via = &rawtracepoint_provider;
			as = &sdt_provider;
		}
		n = out->n;
		ret = via->expand(via, at, out, err, errlen);
		free(at);
		for (j = n; !ret && j < out->n; j++) {
			struct probe_inst *pi = out->v[j];

			pi->prov = as;
			free(pi->name);
			pi->name = xasprintf("sdt:%s:%s", sp->prov, sp->name);
			pi->config = (uint64_t)(sp - sdt_probes) << SDT_SITE_BITS | i;
		}
	}
	if (ret)
		while (out->n > from)
			provider_inst_free(out->v[--out->n]);
	return ret;
}

static int sdt_list(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sdt_probes); i++) {
		char *name = xasprintf("sdt:%s:%s", sdt_probes[i].prov,
				       sdt_probes[i].name);

		/* Availability may read kallsyms: only for a name matched */
		if ((!pattern || util_glob(pattern, name)) &&
		    sdt_available(&sdt_probes[i]))
			fn(name, arg);
		free(name);
	}
	return 0;
}

static int sdt_read_member(struct cg *g, int addr, const char *st,
			   const char *mem)
{
	int size = 0, off = sdt_member(st, mem, &size);

	return cg_kread(g, addr, off, size);
}

/* A register holding value v of the event whose context g has. */
static int sdt_emit_val(struct cg *g, const struct sdt_val *v)
{
	int r = ir_vreg(&g->ir), t, u, done = ir_label(&g->ir);

	switch (v->kind) {
	case SV_SLOT:
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		return r;
	case SV_NULL:
		ir_mov_imm(&g->ir, r, 0);
		return r;
	case SV_CUR:
		return cg_call0(g, BPF_FUNC_get_current_task);
	case SV_MEMBER:
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		return sdt_read_member(g, r, v->st, v->mem);
	case SV_LEADER:
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		t = sdt_read_member(g, r, "task_struct", "pid");
		u = sdt_read_member(g, r, "task_struct", "tgid");
		ir_mov_imm(&g->ir, r, 1);
		ir_jmp(&g->ir, BPF_JEQ, t, u, done);
		ir_mov_imm(&g->ir, r, 0);
		break;
	case SV_CURLEADER:
		t = cg_call0(g, BPF_FUNC_get_current_pid_tgid);
		u = ir_vreg(&g->ir);
		ir_mov(&g->ir, u, t);
		ir_alu_imm(&g->ir, BPF_RSH, u, 32);
		ir_alu_imm(&g->ir, BPF_LSH, t, 32);
		ir_alu_imm(&g->ir, BPF_RSH, t, 32);
		ir_mov_imm(&g->ir, r, 1);
		ir_jmp(&g->ir, BPF_JEQ, t, u, done);
		ir_mov_imm(&g->ir, r, 0);
		break;
	case SV_WSTATUS:
		/* wait(2)'s status: a signal in the low 7 bits, 0x80 core */
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		t = sdt_read_member(g, r, "task_struct", "exit_code");
		u = ir_vreg(&g->ir);
		ir_mov(&g->ir, u, t);
		ir_alu_imm(&g->ir, BPF_AND, u, 0x7f);
		ir_mov_imm(&g->ir, r, 1);
		ir_jmp_imm(&g->ir, BPF_JEQ, u, 0, done);
		ir_alu_imm(&g->ir, BPF_AND, t, 0x80);
		ir_mov_imm(&g->ir, r, 3);
		ir_jmp_imm(&g->ir, BPF_JNE, t, 0, done);
		ir_mov_imm(&g->ir, r, 2);
		break;
	case SV_CONST:
		ir_mov_imm(&g->ir, r, v->imm);
		return r;
	case SV_FLAG:
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		ir_alu_imm(&g->ir, BPF_AND, r, v->imm);
		ir_jmp_imm(&g->ir, BPF_JEQ, r, 0, done);
		ir_mov_imm(&g->ir, r, 1);
		break;
	case SV_NICEPRIO:
		/* effective_prio(): MAX_RT_PRIO 100, NICE_TO_PRIO(n) 120 + n */
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * v->slot);
		t = sdt_read_member(g, r, "task_struct", "prio");
		ir_mov(&g->ir, r, t);
		ir_alu_imm(&g->ir, BPF_LSH, r, 32);
		ir_alu_imm(&g->ir, BPF_ARSH, r, 32);
		ir_jmp_imm(&g->ir, BPF_JSLT, r, 100, done);
		ir_ld(&g->ir, BPF_DW, r, g->ctx, 8 * (v->slot + 1));
		ir_alu_imm(&g->ir, BPF_ADD, r, 120);
		break;
	case SV_SIGNO:
		ir_ld(&g->ir, BPF_W, r, g->ctx, 8 * v->slot);
		ir_jmp_imm(&g->ir, BPF_JNE, r, SIGKILL, done);
		t = cg_call0(g, BPF_FUNC_get_current_task);
		t = sdt_read_member(g, t, "task_struct", "signal");
		t = sdt_read_member(g, t, "signal_struct", "group_exit_code");
		ir_jmp_imm(&g->ir, BPF_JEQ, t, 0, done);
		ir_mov(&g->ir, r, t);
		break;
	}
	ir_place(&g->ir, done);
	return r;
}

static int sdt_guard_emit(const struct probe_inst *pi, struct cg *g,
			  int label)
{
	const struct sdt_site *s = sdt_site_of(pi);
	uint64_t addr;
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(s->cond); i++) {
		const struct sdt_cond *c = &s->cond[i];
		int r, ok;

		if (c->op == SC_NONE)
			continue;
		r = sdt_emit_val(g, &c->v);
		switch (c->op) {
		case SC_EQ:
			ir_jmp_imm(&g->ir, BPF_JNE, r, c->imm, label);
			break;
		case SC_NE:
			ir_jmp_imm(&g->ir, BPF_JEQ, r, c->imm, label);
			break;
		case SC_SLT:
			ir_jmp_imm(&g->ir, BPF_JSGE, r, c->imm, label);
			break;
		case SC_SGT:
			ir_jmp_imm(&g->ir, BPF_JSLE, r, c->imm, label);
			break;
		case SC_MASK:
			ir_alu_imm(&g->ir, BPF_AND, r, c->imm);
			ir_jmp_imm(&g->ir, BPF_JEQ, r, 0, label);
			break;
		case SC_IN:
			ok = ir_label(&g->ir);
			for (k = 0; k < (size_t)c->imm && k < ARRAY_SIZE(c->set); k++)
				ir_jmp_imm(&g->ir, BPF_JEQ, r, c->set[k], ok);
			ir_ja(&g->ir, label);
			ir_place(&g->ir, ok);
			break;
		case SC_KSYM:
			ok = ir_vreg(&g->ir);
			addr = 0;
			ksyms_lookup(c->sym, &addr);
			ir_mov_imm(&g->ir, ok, (int64_t)addr);
			ir_jmp(&g->ir, BPF_JNE, r, ok, label);
			break;
		case SC_NONE:
			break;
		}
	}
	return 0;
}

/*
 * argN: the probe's argument N, or 0 past its last, as DTrace's argN
 * are past a probe's arguments.
 */
static int sdt_arg_emit(const struct probe_inst *pi, int n, struct cg *g,
			char *err, size_t errlen)
{
	const struct sdt_probe *sp = sdt_of(pi);
	static const struct sdt_val zero = NIL;

	if (!g)
		return 0;
	return sdt_emit_val(g, n >= 0 && n < sp->sig.nargs ?
			    &sdt_site_of(pi)->arg[n] : &zero);
}

static struct type *sdt_arg_type(const struct probe_inst *pi, int n)
{
	const struct sdt_probe *sp = sdt_of(pi);
	const char *ct;

	if (n < 0 || n >= sp->sig.nargs)
		return NULL;
	ct = sp->sig.args[n].ctype;
	if (!ct)
		return NULL;
	if (!strcmp(ct, "int"))
		return type_int(4, true);
	if (!strcmp(ct, "uintptr_t") || !strcmp(ct, "uint64_t"))
		return type_int(8, false);
	/* kernel typedefs (rwlock_t *) are the language's to resolve */
	return kbtf_parse_ctype(ct) ? kbtf_parse_ctype(ct) : type_parse(ct);
}

static int sdt_attach(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds, char *err,
		      size_t errlen)
{
	return rawtracepoint_provider.attach(pi, prog_fd, cookie, fds, err,
					     errlen);
}

/* Both: the program's attach type says which trampoline it is on. */
static int sdt_fn_attach(const struct probe_inst *pi, int prog_fd,
			 uint64_t cookie, struct fdset *fds, char *err,
			 size_t errlen)
{
	return fentry_provider.attach(pi, prog_fd, cookie, fds, err, errlen);
}

const struct provider sdt_provider = {
	.name = "sdt",
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.ctx = CTX_U64_ARRAY,
	.dtrace = true,
	.expand = sdt_expand,
	.list = sdt_list,
	.arg_emit = sdt_arg_emit,
	.arg_type = sdt_arg_type,
	.guard_emit = sdt_guard_emit,
	.attach = sdt_attach,
};

/* The kernel-function instances list nothing: sdt_provider lists them. */
static int sdt_fn_list(const struct provider *p, const char *pattern,
		       void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

/*
 * The instances of probes on kernel functions (sdt_expand makes them:
 * their specs are sdt_provider's), whose programs are fentry's and
 * fexit's, with the function's arguments in the context's slots.
 */
const struct provider sdt_fentry_provider = {
	.name = "sdt-fentry",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FENTRY,
	.ctx = CTX_U64_ARRAY,
	.dtrace = true,
	.available = feat_fentry,
	.expand = sdt_expand,
	.list = sdt_fn_list,
	.arg_emit = sdt_arg_emit,
	.arg_type = sdt_arg_type,
	.guard_emit = sdt_guard_emit,
	.attach = sdt_fn_attach,
};

const struct provider sdt_fexit_provider = {
	.name = "sdt-fexit",
	.prog_type = BPF_PROG_TYPE_TRACING,
	.attach_type = BPF_TRACE_FEXIT,
	.ctx = CTX_U64_ARRAY,
	.dtrace = true,
	.available = feat_fentry,
	.expand = sdt_expand,
	.list = sdt_fn_list,
	.arg_emit = sdt_arg_emit,
	.arg_type = sdt_arg_type,
	.guard_emit = sdt_guard_emit,
	.attach = sdt_fn_attach,
};
