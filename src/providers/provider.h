/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PROVIDER_H
#define FERRET_PROVIDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include "../util.h"

struct type;
struct provider;
struct provider_group;
struct cg;

/* When a probe's program runs, for providers the kernel does not fire. */
enum probe_when {
	WHEN_EVENT,	/* attached to a kernel event */
	WHEN_BEGIN,	/* run once after every probe is attached */
	WHEN_END,	/* run once at exit, before maps are printed */
	WHEN_ERROR,	/* D's ERROR: run by user space after each fault in
			 * another clause, with the fault in arg0..arg5 */
};

/* How generated code reaches args->field and argN. */
enum ctx_mode {
	CTX_NONE,	/* no arguments */
	CTX_RECORD,	/* ctx points at a tracepoint record: direct loads */
	CTX_U64_ARRAY,	/* ctx is u64 args[] (raw tracepoints) */
};

/* One attach point, after wildcard expansion. */
struct probe_inst {
	char *name;		/* canonical, as the "probe" builtin prints it */
	const struct provider *prov;
	enum probe_when when;
	struct type *args;	/* TY_STRUCT of args->fields, or NULL */
	uint64_t config;	/* provider data: tracepoint id, perf config */
	uint64_t period;	/* perf events: sample period or frequency */
	bool freq;		/* period is a frequency in Hz */
	unsigned perf_excl;	/* perf events: the modes left out
				 * (PERF_EXCL_USER, PERF_EXCL_KERNEL) */
	int cpu;		/* perf events: -1 for every CPU, else that CPU */
	int pid;		/* uprobes and USDT: the process whose hits
				 * alone fire it (provider_pid, else -c's
				 * child for USDT, when expanded), 0 for any */
	bool cpu_local;		/* fires on its perf event's CPU alone (a
				 * timer, a counter), where a tracepoint's
				 * one event serves every CPU */
	char *target;		/* provider data: raw tracepoint name ... */
	char *func;		/* the traced function, for the "func" builtin,
				 * or NULL where the probe type has none */
	int index;		/* position in the program's probe table */
	int nsub;		/* > 0: the instance stands for this many
				 * probes, told apart at run time by the
				 * provider's sub_emit (every syscall on
				 * raw_syscalls); 0: for one */
	int nargs;		/* CTX_U64_ARRAY: the event's argument count,
				 * -1 if unknown */
	void *data;		/* provider data, one block freed with free() */
	struct type *ret;	/* retval's type where the provider knows it
				 * (BTF), or NULL: uint64 */
	int btf_id;		/* kernel BTF id of the function the program
				 * is loaded for (attach_btf_id), or 0 */
	struct provider_group *group;	/* the wildcard it came from, or
					 * NULL: see provider_group_insts */
	uint64_t addr;		/* the address its attachment watches
				 * (watchpoints), which unwatch() names;
				 * 0 for probes that watch none */
	/*
	 * An instance attached while tracing, at an address found then
	 * (watchpoint:FUNC+argN): arm is the probe, owned by pi, whose
	 * program (cg_arm) sends argument arm_arg of its context, and
	 * stops the process until user space attached pi when arm_stop.
	 * User space sets addr to it and attaches pi with attach(); it
	 * ignores an address equal to addr.  NULL for the others.
	 */
	struct probe_inst *arm;
	int arm_arg;
	bool arm_stop;
};

/* File descriptors an attachment holds; closing them detaches. */
struct fdset {
	int *fd;
	int n, cap;
	int *link;		/* BPF links, kept apart: see fdset_close() */
	int nlink, linkcap;
	int nslow;		/* those whose release waits for the kernel */
	int nslow_link;		/* the links among them */
};
/* A perf event, or another fd whose release may wait for the kernel. */
void fdset_add(struct fdset *s, int fd);
/* A BPF link whose release may wait (trampolines, perf events). */
void fdset_add_link(struct fdset *s, int fd);
/*
 * An fd, or a link, that the kernel releases at once (a raw
 * tracepoint's link: ~0.1 ms; a lock).
 */
void fdset_add_fast(struct fdset *s, int fd, bool link);
/*
 * Closes the links first, then the other fds newest first.  Each costs
 * an RCU grace period in the kernel (tens of ms per tracepoint); link
 * closes overlap when done from several threads, so many links are
 * closed concurrently.  Perf events serialise on a kernel mutex.
 */
void fdset_close(struct fdset *s);
/*
 * Leaves the slow releases to a detached process (see provider.c): the
 * perf events, and the links too when links_done says their programs
 * are stopped already (loader_stop_events()); otherwise the links are
 * closed here first.  A set with nothing slow and a few links is closed
 * here: that is quicker than a fork.
 */
void fdset_close_async(struct fdset *s, bool links_done);
/*
 * Whether stopping the programs first (loader_stop_events(): one grace
 * period) and leaving the links to fdset_close_async()'s releaser costs
 * less than closing them here, which a set of many links does even
 * where nothing needs the programs stopped.
 */
bool fdset_stop_pays(const struct fdset *s);

/*
 * A probe type.  Providers never print: they return 0 or a negative errno
 * and describe a failure in err, which the caller reports at the spec.
 */
struct provider {
	const char *name;		/* "tracepoint" */
	const char *alias;		/* "t", or NULL */
	const char *alias2;		/* another ("kfunc" for fentry), or NULL */
	int prog_type;			/* enum bpf_prog_type */
	int attach_type;		/* expected_attach_type of its programs
					 * (enum bpf_attach_type), or 0 */
	enum ctx_mode ctx;
	bool cookie;			/* bpf_get_attach_cookie() works: one
					 * program can serve many instances */
	bool can_override;		/* bpf_override_return() may change the
					 * probed kernel function's result */
	bool can_d_path;		/* bpf_d_path() may be called (on the
					 * functions the kernel allows it for) */
	bool can_skb_output;		/* bpf_skb_output() takes a BTF
					 * struct sk_buff pointer */
	bool ret_errno;			/* retval is a syscall's result:
					 * -errno on failure (D's errno) */
	bool dtrace;			/* only D programs name it (ferret
					 * dtrace sets provider_dtrace) */
	bool user;			/* probes in user-space code: with -p,
					 * -l with no type or a wildcard type
					 * lists these alone, as bpftrace does */
	bool attach_lifo;		/* the kernel runs the program attached
					 * last to a site first: attached in
					 * reverse, blocks run in script order */
	int event_progs_max;		/* > 0: everyone's attachments to one
					 * site share one kernel event and its
					 * program list (a tracepoint's), which
					 * holds a program once and at most
					 * this many (BPF_TRACE_MAX_PROGS);
					 * 0: each attachment is an event */

	/*
	 * Whether this kernel can run the probe type, with a sentence naming
	 * what it lacks or forbids in *why when not (the feat_* checks).
	 * Checked before expanding specs to run, never for -d listings.
	 * NULL: always.
	 */
	bool (*available)(const char **why);

	/*
	 * Expands spec (the whole text, e.g. "tracepoint:sched:sched_*")
	 * into struct probe_inst pointers appended to out.  Matching nothing
	 * is an error.
	 */
	int (*expand)(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen);

	/*
	 * Where argN (n from 0) and retval sit in the context: a byte
	 * offset of a u64, or -1 where the probe type has none.  NULL hooks
	 * mean none at all.
	 */
	int (*arg_offset)(const struct probe_inst *pi, int n);
	int (*retval_offset)(const struct probe_inst *pi);
	/*
	 * argN's C type where the probe declares one (a syscall's parameter
	 * types), or NULL: a 64-bit integer.  NULL hook: never.
	 */
	struct type *(*arg_type)(const struct probe_inst *pi, int n);

	/*
	 * For probe types whose argN is no slot of the context (USDT: each
	 * instance has operands of its own); wins over arg_offset.  With g
	 * NULL, 0 if argument n (from 0) of pi can be read, else -errno with
	 * a sentence in err saying why not.  Otherwise emits the code that
	 * computes argN into g and returns the register holding it as a
	 * u64, or -errno with err set.
	 */
	int (*arg_emit)(const struct probe_inst *pi, int n, struct cg *g,
			char *err, size_t errlen);

	/*
	 * D's argN (arg0..arg9) at probes where D gives arguments that the
	 * bpftrace language does not (dtrace:::BEGIN's zeros, a timer's
	 * PCs): as arg_emit, and in D programs it wins over arg_emit and
	 * arg_offset.  NULL: D's argN are the bpftrace language's.
	 */
	int (*d_arg_emit)(const struct probe_inst *pi, int n, struct cg *g,
			  char *err, size_t errlen);

	/*
	 * Emits into g, at the start of pi's program, the conditions on its
	 * event that make a firing pi's (a D probe's on the kernel event it
	 * shares with others: a syscall's number), jumping to label when
	 * one fails.  0 or -errno.  NULL: every firing is pi's.
	 */
	int (*guard_emit)(const struct probe_inst *pi, struct cg *g,
			  int label);

	/*
	 * Called for instances whose program never reads args: may move pi
	 * to a cheaper attachment that runs the program at the same moment
	 * (a tracepoint's raw tracepoint skips building the perf record).
	 * 0 if moved, -ENOENT if not.  NULL: never.
	 */
	int (*lighten)(struct probe_inst *pi);

	/*
	 * For instances with nsub > 0: emits into g the code that leaves
	 * which of its probes fired, a number below 1 << 16, in the
	 * returned register (or -errno).  Such an instance is never
	 * lightened in a block that names its probe.
	 */
	int (*sub_emit)(const struct probe_inst *pi, struct cg *g);

	/* Calls fn with every probe name matching pattern (NULL: all). */
	int (*list)(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg);

	/*
	 * Attaches prog_fd to pi; cookie reaches bpf_get_attach_cookie().
	 * The fds that keep it attached go into fds.
	 */
	int (*attach)(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds,
		      char *err, size_t errlen);
};

/*
 * The process -p names, 0 for none: user-space probes resolve library
 * names among its mappings and fire in it alone.  Set before expansion
 * and listing.  provider_cpid is the -c child, 0 for none: USDT probes
 * fire in it alone, as in bpftrace.
 */
extern int provider_pid, provider_cpid;
/* Set for D programs: the providers marked dtrace are found too. */
extern bool provider_dtrace;
/* The -c command line as given, or NULL: set with -d too, unlike cpid. */
extern const char *provider_cmd;

/*
 * Runs a BEGIN/END program once (BPF_PROG_TEST_RUN), on CPU cpu (-1:
 * this thread's).  0 or -errno.
 */
int special_fire(int prog_fd, int cpu);
/* The arguments D's ERROR probe has. */
#define ERROR_NARGS 6
/* Runs an ERROR program once with arguments args[0..n), as special_fire(). */
int special_fire_args(int prog_fd, const uint64_t *args, int n, int cpu);

/* The provider a spec belongs to (by prefix before ':' or whole word). */
const struct provider *provider_find(const char *spec);
/* Every provider, NULL-terminated, for -l. */
extern const struct provider *const provider_table[];

/*
 * True if this kernel delivers attach()'s cookie to the provider's
 * programs; p->cookie says whether the provider has a way at all.  When
 * false the program reads 0 and must not be shared between instances.
 */
bool provider_has_cookie(const struct provider *p);

/* For the providers. */
extern const struct provider begin_provider, end_provider, error_provider;
extern const struct provider tracepoint_provider, rawtracepoint_provider;
extern const struct provider interval_provider, profile_provider;
extern const struct provider software_provider, hardware_provider;
extern const struct provider kprobe_provider, kretprobe_provider;
extern const struct provider rawfbt_provider, rawfbt_return_provider;
extern const struct provider fentry_provider, fexit_provider;
extern const struct provider uprobe_provider, uretprobe_provider;
extern const struct provider usdt_provider, syscall_provider;
extern const struct provider watchpoint_provider, asyncwatchpoint_provider;
extern const struct provider sdt_provider, sdt_fentry_provider;
extern const struct provider sdt_fexit_provider, dtracepoint_provider;
extern const struct provider cpc_provider;

/*
 * The text after the provider's prefix ("sched:x" for "t:sched:x"), or
 * NULL if spec does not start with p's name or an alias and a ':'.
 */
const char *provider_rest(const struct provider *p, const char *spec);

/*
 * Splits rest at ':' into at most max parts (xstrdup'd, freed with
 * provider_free_parts); returns the count.
 */
int provider_split(const char *rest, char **parts, int max);
void provider_free_parts(char **parts, int n);

/* A decimal count ("100", "1e6"); 0 or -EINVAL/-ERANGE. */
int provider_parse_count(const char *s, uint64_t *out);

/*
 * A timer spec's unit ("s", "ms", "us" or "hz") and count as a perf
 * period in nanoseconds, or a frequency (*freq set) for "hz".  0 or
 * -EINVAL with err describing the problem.
 */
int provider_parse_timer(const char *unit, const char *count,
			 uint64_t *period, bool *freq, char *err,
			 size_t errlen);

/*
 * Expands "NAME:UNIT:N" for interval and profile: a cpu-clock event on
 * cpu (-1 for every CPU).
 */
int provider_expand_timer(const struct provider *p, const char *spec,
			  int cpu, struct vec *out, char *err, size_t errlen);

/* A named perf event of the software or hardware provider. */
struct provider_event {
	const char *name;
	const char *alias;	/* or NULL */
	uint64_t config;	/* PERF_COUNT_SW_* or PERF_COUNT_HW_* */
	uint64_t period;	/* when the spec gives no count, or 0 */
};

/*
 * Expands "NAME:EVENT[:COUNT]" against events[] (on every CPU), finding
 * the event for *found if that is not NULL.
 */
int provider_expand_event(const struct provider *p, const char *spec,
			  const struct provider_event *events, int nevents,
			  const struct provider_event **found,
			  struct vec *out, char *err, size_t errlen);

/* Lists "NAME:EVENT:" for each of events[] matching pattern. */
int provider_list_events(const struct provider *p, const char *pattern,
			 const struct provider_event *events, int nevents,
			 void (*fn)(const char *name, void *arg), void *arg);

/*
 * d_arg_emit hooks.  provider_d_arg_zero: every argN is 0 (BEGIN, END).
 * provider_d_arg_pc: at a perf event's sample (BPF_PROG_TYPE_PERF_EVENT),
 * arg0 is the interrupted PC if it is in the kernel, else 0, arg1 the PC
 * if it is in user space, else 0, and the others 0, as D's profile
 * provider gives them.  provider_d_arg_stack: at a function's entry on
 * pt_regs (pid, fbt), arg0..arg5 in their registers and the others on
 * the stack above the return address (x86-64's calling convention),
 * 0 where that cannot be read, as dtrace-utils reads them.
 */
int provider_d_arg_zero(const struct probe_inst *pi, int n, struct cg *g,
			char *err, size_t errlen);
int provider_d_arg_pc(const struct probe_inst *pi, int n, struct cg *g,
		      char *err, size_t errlen);
int provider_d_arg_stack(const struct probe_inst *pi, int n, struct cg *g,
			 char *err, size_t errlen);

/*
 * guard_emit's test for a user-space probe of process pid (none if pid
 * <= 0): jump to label unless the current process is pid.  The kernel
 * runs a uprobe's programs for every process that hits its breakpoint
 * (a child forked with it in its copy of the text too), before the perf
 * event's own pid filter.
 */
void provider_guard_pid(struct cg *g, int pid, int label);

/* A new instance of p named name (xstrdup'd); the rest zeroed. */
struct probe_inst *provider_inst(const struct provider *p, const char *name);

/* arg_offset/retval_offset for contexts that are struct pt_regs (x86-64
 * calling convention: rdi rsi rdx rcx r8 r9, result in rax). */
int provider_ptregs_arg(const struct probe_inst *pi, int n);
int provider_ptregs_retval(const struct probe_inst *pi);
/*
 * The byte offset of register name (bpftrace's reg() names: "ip", "sp",
 * "ax", "r8" ...) in pi's context: -EINVAL if pi's context is not
 * struct pt_regs, -ENOENT if there is no such register.
 */
int provider_ptregs_offset(const struct probe_inst *pi, const char *name);

/* Makes pi an attachment to the raw tracepoint event, if there is one. */
int rawtracepoint_adopt(struct probe_inst *pi, const char *event);

/*
 * The instances out->v[from..] are the matches of wildcard spec (its
 * canonical text).  The kernel refuses to probe some matches (an
 * instruction uprobes cannot step, a function kprobes refuse): attaching
 * those is skipped, and once every match has been tried one warning
 * counts them, where bpftrace warns of each ("could not attach probe
 * ..., skipping").  A wildcard none of whose matches attach fails.
 */
void provider_group_insts(const char *spec, struct vec *out, int from);

/*
 * For a provider's attach(): its outcome ret (0 or -errno, with err set)
 * for pi, where skippable says the kernel refused this match alone.
 * Returns what attach() returns: 0 for a skipped match of a wildcard.
 */
int provider_attach_result(const struct probe_inst *pi, int ret,
			   bool skippable, char *err, size_t errlen);

/*
 * How many matches of pi's wildcard attach() skipped as refused by the
 * kernel so far; 0 for an instance of no wildcard.
 */
int provider_group_skipped(const struct probe_inst *pi);

/* Frees pi and the strings it owns (its args type is shared and stays). */
void provider_inst_free(struct probe_inst *pi);

/*
 * Opens the perf event (type, pi->config) with pi->period and pi->freq on
 * pi->cpu, or on every online CPU when pi->cpu is -1, and attaches prog_fd
 * to each.  On failure nothing it opened stays in fds.
 */
int provider_attach_perf(const struct probe_inst *pi, uint32_t type,
			 int prog_fd, uint64_t cookie, struct fdset *fds,
			 char *err, size_t errlen);

/*
 * Attaches prog_fd to the perf event pfd (a uprobe or kprobe) and keeps
 * both in fds; on failure err says what went wrong.  0 or -errno.
 */
int provider_attach_pfd(int pfd, int prog_fd, uint64_t cookie,
			struct fdset *fds, char *err, size_t errlen);

/*
 * True if attaching to a and b reaches one kernel event, whose program
 * list takes each program once (see event_progs_max).
 */
bool provider_same_event(const struct probe_inst *a,
			 const struct probe_inst *b);

/*
 * The file descriptors attaching pi holds while it is attached: for
 * programs run by perf events (kprobes, uprobes, tracepoints, timers)
 * an event on each CPU it opens one on, plus its BPF link where the
 * kernel makes those; for the others a link.  0 for BEGIN and END.
 */
int provider_attach_fds(const struct probe_inst *pi);

/*
 * A -l pattern with an alias prefix spelled out ("t:x*" becomes
 * "tracepoint:x*"), xstrdup'd; NULL for NULL.
 */
char *provider_pattern(const struct provider *p, const char *pattern);

/*
 * -l with a wildcard target, as bpftrace finds them: the regular files
 * the pattern matches (glob(3), from the working directory for a
 * relative one) and, for a pattern without '/', the executables in the
 * $PATH directories whose whole path it matches ("*sh" finds
 * /bin/bash, "b*sh" nothing).  Each xstrdup'd, appended to out.
 * Returns how many.
 */
int provider_glob_files(const char *pattern, struct vec *out);

#endif
