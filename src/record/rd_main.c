/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret record: a program in ferret's language whose printf records are
 * the events, taken through a run_sink and written as CTF (ctf.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "ctf.h"
#include "rd_main.h"
#include "../compile/compile.h"
#include "../kernel/btf.h"
#include "../kernel/features.h"
#include "../kernel/ksyms.h"
#include "../kernel/loader.h"
#include "../kernel/perf.h"
#include "../kernel/usdt.h"
#include "../kernel/tracefs.h"
#include "../lang/ast.h"
#include "../lang/lex.h"
#include "../lang/parse.h"
#include "../lang/types.h"
#include "../providers/provider.h"
#include "../runtime/print.h"
#include "../runtime/record.h"
#include "../runtime/run.h"
#include "../strace/st_sys.h"
#include "rd_sysdec.h"
#include "rd_sysio.h"

/* System call numbers with a table entry; larger ones share the last. */
#define RD_NR_MAX 1024
/*
 * Events of one CPU are held back this many records, sorted by time, to
 * undo the inversions the shared ring buffer lets through (see rd_pend).
 */
#define RD_WINDOW 32
/* Strings (fields) per event at most, and tracepoint fields. */
#define RD_FIELDS_MAX 32

/*
 * The contexts --context adds to every event, as LTTng's lttng
 * add-context -k -t TYPE does: a stream event context declared as
 * LTTng's kernel tracer (lttng-modules) declares it.  Where a value
 * rides (enum rd_ctxsrc) keeps records small: every record already
 * carries a CPU value with the CPU in its low RD_CPU_BITS bits, and
 * small values are packed, first fit in the order given, into the rest
 * of it and then into words of 64 bits at the record's end; comm and
 * stacks follow those words.
 */
enum rd_ctxsrc {
	RD_SRC_PACKED,		/* expr's value, bits wide */
	RD_SRC_CPU,		/* the record's CPU: no work in BPF */
	RD_SRC_TEXT,		/* expr's bytes, bits of them, at the end */
	RD_SRC_STACK,		/* expr, a stack, at the end: two fields */
	RD_SRC_IDMAP,		/* expr: a cred id, and its user namespace above it */
	RD_SRC_REFUSED,		/* expr: why ferret cannot give it */
};

struct rd_ctxdesc {
	const char *name;	/* LTTng's context type */
	enum ctf_type type;
	struct ctf_decl decl;
	enum rd_ctxsrc src;
	const char *expr;	/* the language's expression of its value */
	int bits;		/* its width packed; signed types are sign-extended */
};

#define RD_CPU_BITS 16
#define RD_CPU_MASK ((1 << RD_CPU_BITS) - 1)
/* The bits of a thread or process id (PID_MAX_LIMIT is 2^22). */
#define RD_ID_BITS 24
#define RD_INT32 "integer { size = 32; align = 8; signed = 1; encoding = none; base = 10; }"
#define RD_UINT32 "integer { size = 32; align = 8; signed = 0; encoding = none; base = 10; }"
#define RD_UINT8 "integer { size = 8; align = 8; signed = 0; encoding = none; base = 10; }"
#define RD_CHAR "integer { size = 8; align = 8; signed = 1; encoding = UTF8; base = 10; }"
#define RD_ADDR "integer { size = 64; align = 8; signed = 0; encoding = none; base = 16; }"
/* LTTng's array of the nodename: __NEW_UTS_LEN + 1 characters. */
#define RD_HOST_LEN 65
/*
 * A namespace of the task's nsproxy, which an exiting task no longer
 * has: 0 then, as LTTng gives.
 */
#define RD_NSPROXY(ns) "(curtask->nsproxy ? curtask->nsproxy->" ns "->ns.inum : 0)"
/* The pid of a task's pid struct p in the task's own pid namespace. */
#define RD_LEVEL "curtask->thread_pid->level"
#define RD_VNR(p) "(curtask->nsproxy ? " p "->numbers[" RD_LEVEL "].nr : 0)"
#define RD_PPID "curtask->real_parent->group_leader->thread_pid"

enum {
	RD_CTX_TID, RD_CTX_PID, RD_CTX_PROCNAME, RD_CTX_PRIO, RD_CTX_NICE, RD_CTX_PPID,
	RD_CTX_VPID, RD_CTX_VTID, RD_CTX_VPPID, RD_CTX_CPU_ID, RD_CTX_HOSTNAME,
	RD_CTX_UID, RD_CTX_EUID, RD_CTX_SUID, RD_CTX_GID, RD_CTX_EGID, RD_CTX_SGID,
	RD_CTX_VUID, RD_CTX_VEUID, RD_CTX_VSUID, RD_CTX_VGID, RD_CTX_VEGID, RD_CTX_VSGID,
	RD_CTX_PID_NS, RD_CTX_MNT_NS, RD_CTX_NET_NS, RD_CTX_USER_NS, RD_CTX_UTS_NS,
	RD_CTX_IPC_NS, RD_CTX_CGROUP_NS, RD_CTX_TIME_NS,
	RD_CTX_KSTACK, RD_CTX_USTACK,
	RD_CTX_NEED_RESCHED, RD_CTX_INTERRUPTIBLE, RD_CTX_PREEMPTIBLE, RD_CTX_MIGRATABLE,
	RD_CTX_N
};

/* The event context's fields at most: a stack context makes two. */
#define RD_CTXF_MAX (RD_CTX_N + 2)

static const struct rd_ctxdesc rd_ctxs[RD_CTX_N] = {
	[RD_CTX_TID] = { "tid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED, "tid", RD_ID_BITS },
	[RD_CTX_PID] = { "pid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED, "pid", RD_ID_BITS },
	/* The task's comm, all TASK_COMM_LEN bytes, as characters. */
	[RD_CTX_PROCNAME] = { "procname", CTF_RAW, { RD_CHAR, "[16]" }, RD_SRC_TEXT, "comm", 16 },
	/* LTTng's prio is the kernel's less MAX_RT_PRIO; nice its static prio's. */
	[RD_CTX_PRIO] = { "prio", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		"curtask->prio - 100", 8 },
	[RD_CTX_NICE] = { "nice", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		"curtask->static_prio - 120", 8 },
	[RD_CTX_PPID] = { "ppid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		"curtask->real_parent->tgid", RD_ID_BITS },
	/*
	 * The v forms: the ids in the task's own pid namespace (its level's
	 * entry of its pid structs); the parent's only if the parent is in
	 * that namespace too, else 0, as pid_nr_ns() gives.
	 */
	[RD_CTX_VPID] = { "vpid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		RD_VNR("curtask->group_leader->thread_pid"), RD_ID_BITS },
	[RD_CTX_VTID] = { "vtid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		RD_VNR("curtask->thread_pid"), RD_ID_BITS },
	[RD_CTX_VPPID] = { "vppid", CTF_S32, { RD_INT32, NULL }, RD_SRC_PACKED,
		"((curtask->nsproxy && " RD_PPID "->level >= " RD_LEVEL " && " RD_PPID "->numbers["
		RD_LEVEL "].ns == curtask->thread_pid->numbers[" RD_LEVEL "].ns) ? " RD_PPID
		"->numbers[" RD_LEVEL "].nr : 0)", RD_ID_BITS },
	[RD_CTX_CPU_ID] = { "cpu_id", CTF_S32, { RD_INT32, NULL }, RD_SRC_CPU, NULL, 0 },
	/*
	 * The nodename of the task's UTS namespace, read at each event as
	 * LTTng reads it: a name can differ from task to task (containers)
	 * and change at any time (sethostname), so it cannot be read once
	 * from user space.  An exiting task past its nsproxy reads zeros.
	 */
	[RD_CTX_HOSTNAME] = { "hostname", CTF_RAW, { RD_CHAR, "[65]" }, RD_SRC_TEXT,
		"curtask->nsproxy->uts_ns->name.nodename", RD_HOST_LEN },
	/* The ids of the task's credentials, as the initial user namespace sees them. */
	[RD_CTX_UID] = { "uid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->uid.val", 32 },
	[RD_CTX_EUID] = { "euid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->euid.val", 32 },
	[RD_CTX_SUID] = { "suid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->suid.val", 32 },
	[RD_CTX_GID] = { "gid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->gid.val", 32 },
	[RD_CTX_EGID] = { "egid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->egid.val", 32 },
	[RD_CTX_SGID] = { "sgid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, "curtask->cred->sgid.val", 32 },
	[RD_CTX_VUID] = { "vuid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->uid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	[RD_CTX_VEUID] = { "veuid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->euid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	[RD_CTX_VSUID] = { "vsuid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->suid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	[RD_CTX_VGID] = { "vgid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->gid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	[RD_CTX_VEGID] = { "vegid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->egid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	[RD_CTX_VSGID] = { "vsgid", CTF_U32, { RD_UINT32, NULL }, RD_SRC_IDMAP,
		"curtask->cred->sgid.val | (uint64)curtask->cred->user_ns->ns.inum << 32", 64 },
	/* Namespace inode numbers; the pid namespace is the task's active one. */
	[RD_CTX_PID_NS] = { "pid_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED,
		"curtask->thread_pid->numbers[" RD_LEVEL "].ns->ns.inum", 32 },
	[RD_CTX_MNT_NS] = { "mnt_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, RD_NSPROXY("mnt_ns"), 32 },
	[RD_CTX_NET_NS] = { "net_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, RD_NSPROXY("net_ns"), 32 },
	[RD_CTX_USER_NS] = { "user_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED,
		"curtask->cred->user_ns->ns.inum", 32 },
	[RD_CTX_UTS_NS] = { "uts_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, RD_NSPROXY("uts_ns"), 32 },
	[RD_CTX_IPC_NS] = { "ipc_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, RD_NSPROXY("ipc_ns"), 32 },
	[RD_CTX_CGROUP_NS] = { "cgroup_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED,
		RD_NSPROXY("cgroup_ns"), 32 },
	[RD_CTX_TIME_NS] = { "time_ns", CTF_U32, { RD_UINT32, NULL }, RD_SRC_PACKED, RD_NSPROXY("time_ns"), 32 },
	/* A sequence of addresses after its length field, as LTTng's callstack contexts. */
	[RD_CTX_KSTACK] = { "callstack-kernel", CTF_RAW, { RD_ADDR, NULL }, RD_SRC_STACK, "kstack", 0 },
	[RD_CTX_USTACK] = { "callstack-user", CTF_RAW, { RD_ADDR, NULL }, RD_SRC_STACK, "ustack", 0 },
	/* TIF_NEED_RESCHED of the task's thread_info flags: its bit by rd_tif_resched(). */
	[RD_CTX_NEED_RESCHED] = { "need_reschedule", CTF_U8, { RD_UINT8, NULL }, RD_SRC_PACKED,
		NULL, 1 },
	[RD_CTX_INTERRUPTIBLE] = { "interruptible", CTF_S8, { NULL, NULL }, RD_SRC_REFUSED,
		"LTTng takes it from the interrupt flag at the traced instruction, which a BPF "
		"program cannot read" },
	[RD_CTX_PREEMPTIBLE] = { "preemptible", CTF_U8, { NULL, NULL }, RD_SRC_REFUSED,
		"it needs the CPU's preempt count at the traced instruction, which a BPF program "
		"cannot read (and LTTng offers it only on CONFIG_PREEMPT kernels)" },
	[RD_CTX_MIGRATABLE] = { "migratable", CTF_U8, { NULL, NULL }, RD_SRC_REFUSED,
		"LTTng offers it only on PREEMPT_RT_FULL kernels (the -rt patch set), from a "
		"task field mainline kernels do not have" },
};

/* Where a context rides in a record (ctx_exprs()). */
struct rd_ctxat {
	int word;		/* packed: 0 the CPU value, w > 0 the w-th word at the end */
	int shift;
	int tail;		/* comm, stack: its place after the words */
	int field;		/* its first field in the stream's event context */
};

/*
 * A user namespace's uid or gid map, as /proc/PID/uid_map shows it:
 * n ranges of count ids from lower (the initial namespace's) up to first.
 */
struct rd_idmap {
	uint32_t ns;
	bool gid;
	int n;
	uint32_t *first, *lower, *count;
};

/* The two fields of a stack context, as LTTng names and declares them. */
static const struct { const char *len, *name, *dims; } rd_stackf[2] = {
	{ "_callstack_kernel_length", "callstack_kernel", "[ __callstack_kernel_length ]" },
	{ "_callstack_user_length", "callstack_user", "[ __callstack_user_length ]" },
};

enum rd_mode {
	RD_FIXED,		/* the record's values are the class's fields */
	RD_SYS_ENTER,		/* nr, six arguments, then nstr strings */
	RD_SYS_EXIT,		/* nr, return value, then (regs) the
				 * registers and nstr strings, or (arr)
				 * the registers and an int[2] */
	RD_PROBE,		/* the probe, then the class's fields: a
				 * class per probe, named prefix_FUNC */
	RD_PROFILE,		/* tid, pid, kstack, ustack */
	RD_GRAPH_ENTRY,		/* function id, depth */
	RD_GRAPH_EXIT,		/* function id, depth, calltime */
	RD_SYS_DEC,		/* a decoded call's entry (nr) or exit (nr,
				 * result), the registers, then what its
				 * read gives (rd_sysdec_shape()) */
};

/*
 * The function graph's deepest nesting recorded, ftrace's
 * FTRACE_RETFUNC_DEPTH: calls deeper still are left out.
 */
#define RD_GRAPH_DEPTH 50
/*
 * The most functions a graph takes.  Each costs an fentry and an fexit
 * program of its own, or a kprobe and a kretprobe (kprobe_multi links
 * are not used: see README); beyond this many the setup runs to
 * minutes.
 */
#define RD_GRAPH_MAX 4096

/*
 * What one printf of the program records: its format starts "K<index>",
 * the index of its kind; its first two values are the time and the CPU.
 */
struct rd_kind {
	enum rd_mode mode;
	int nstr;
	char *name;
	struct ctf_field fields[RD_FIELDS_MAX];
	int nfields;
	int id;			/* class id, or -1 until its first event */
	int *pcls;		/* RD_PROBE: class id by probe index, or -1 */
	int npcls;
	bool regs, arr;		/* RD_SYS_EXIT: what follows the result */
	enum rd_sysdec_read dread;	/* RD_SYS_DEC: the read, */
	bool dexit;			/* at the exit */
};

/* A system call's classes, made at its first event. */
struct rd_sys {
	bool known;		/* the rest is filled */
	int entry_id, exit_id;
	int nargs;
	enum ctf_type type[6];
	char *names[6];
	signed char str_slot[6];	/* which string of the record, or -1 */
	char dir[6];		/* which events carry it (rd_sysio.h) */
	const struct rd_sysdec *dec;	/* or LTTng's decoding of the call */
};

/* Whether an argument of direction d is the entry's, the exit's. */
#define DIR_ENTRY(d) ((d) == 'i' || (d) == 'b')
#define DIR_EXIT(d) ((d) != 'i')

/*
 * One record held back.  Why: every CPU writes into one ring buffer, and
 * records of one CPU come out in the order they were reserved, which is
 * not always the order of their timestamps: a program that an
 * interrupt's program preempts between reading the clock and reserving
 * its record (or the other way round) lands on the wrong side of the
 * interrupt's.  Such inversions are a few records deep; RD_WINDOW
 * records per CPU sorted by time repair them, and anything older still
 * the CTF writer raises to its CPU's last time (counted in
 * ctf_stats.clamped), so a stream's times never go back.
 */
struct rd_pend {
	uint64_t ts;
	const struct fmt_spec *fs;
	void *data;
	size_t cap;
};

struct rd_cpu {
	struct rd_pend slot[RD_WINDOW + 1];
	int n;
	uint64_t lost;		/* STAT_LOST of this CPU, as last read */
};

struct rd_opts {
	char **cmd;		/* -c or the trailing command, NULL-ended */
	char *cmd_copy;
	pid_t *pids;
	int npids;
	bool all;
	double duration;	/* -d, seconds; 0: none */
	const char *out;
	char **sets;
	int nsets;
	int strsize;
	int bufsize_mb;
	const char *script;	/* --script FILE */
	char **groot;		/* -g FUNC: the graph's roots (globs) */
	int ngroot;
	char **gglob;		/* -G GLOB: the functions under them */
	int ngglob;
	/*
	 * --graph-probes: the providers of the graph's entries and returns,
	 * kprobe/kretprobe or fentry/fexit (NULL: chosen by graph_via()).
	 */
	const char *gvia[2];
	int ctx[RD_CTX_N];	/* --context: rd_ctxs indexes, in order */
	int nctx;
	bool verbose, quiet, dump;
};

struct rd_run {
	struct rd_opts *o;
	struct ctf_writer *w;
	struct vec kinds;	/* struct rd_kind * */
	struct rd_sys *sys;	/* RD_NR_MAX + 1 */
	bool want_sys;
	bool filter;		/* -c/-p: @pids holds the threads */
	struct rd_cpu *cpus;
	int ncpus;
	pid_t child;
	int timer_fd;
	bool expired;
	int err;		/* the CTF writer's first error */
	struct buf scratch;
	struct buf decbytes;	/* raw fields of a decoded call's event */
	uint64_t *lostv;
	uint64_t skipped;	/* prog_misses() at the end */
	size_t ring_size;	/* each CPU's ring buffer, bytes */
	struct runtime *rt;
	/*
	 * The function graph: the lines of its entry and return blocks in
	 * the program, and by function id (from 1) each function's name
	 * and address, ids given in rd_setup() (see graph_prog()).
	 */
	int graph_line[2];
	char **gname;
	uint64_t *gaddr;
	int ngfunc;
	int grefused;		/* matches the kernel refused */
	/*
	 * The event context (--context), laid out by ctx_exprs(): the
	 * expression of every record's CPU value, the values (tfmt, targs)
	 * every record ends with (nwords packed words, then comm and
	 * stacks: ntail in all), where each context rides (cat, by
	 * rd_opts.ctx order), the stream's context fields, and the values
	 * of the event being written, for put_event().
	 */
	struct buf cpuv, tfmt, targs;
	int nwords, ntail;
	struct rd_ctxat cat[RD_CTX_N];
	struct ctf_field ctxf[RD_CTXF_MAX];
	struct ctf_decl ctxd[RD_CTXF_MAX];
	int nctxf;
	union ctf_value ctxv[RD_CTXF_MAX];
	char procname[17];
	char hostname[RD_HOST_LEN];
	uint64_t cstack[2][STACK_DEPTH + 1];
	struct rd_idmap *idmaps;	/* id maps of the user namespaces seen */
	int nidmaps;
};

static void rd_usage(FILE *f)
{
	fprintf(f,
"usage: ferret record [options] -c 'COMMAND [ARG...]'\n"
"       ferret record [options] COMMAND [ARG...]\n"
"       ferret record [options] -p PID[,PID...] [-p PID...]\n"
"       ferret record [options] -a\n"
"\n"
"Records events into a CTF trace directory (LTTng's kernel event names)\n"
"that babeltrace2, Trace Compass and ferret report read.\n"
"\n"
"  -c CMD         run CMD and record it and its descendants\n"
"  -p PID[,PID...] record process PID and its descendants (several allowed)\n"
"  -a             record the whole system\n"
"  -d SECONDS     stop after SECONDS (also: Ctrl-C, the command's exit)\n"
"  -o DIR         the trace directory (default: ferret.ctf)\n"
"  -e SET         what to record (several allowed; default: sched, syscalls):\n"
"                 sched      sched_switch, sched_wakeup, sched_waking,\n"
"                            sched_wakeup_new, sched_process_fork/exec/exit/free,\n"
"                            sched_migrate_task\n"
"                 syscalls   every system call's entry and exit, arguments\n"
"                            named as their tracepoints name them\n"
"                 irq        hard and soft interrupts\n"
"                 tracepoint:CAT:EVENT  any tracepoint (wildcards allowed),\n"
"                            its format's fields\n"
"                 rawtracepoint:EVENT  a raw tracepoint (wildcards allowed),\n"
"                            its arguments arg0..argN typed from BTF\n"
"                 kprobe:FUNC, kretprobe:FUNC  a kernel function's entry\n"
"                            (arg0..arg5) or return (retval)\n"
"                 fentry:FUNC, fexit:FUNC  a kernel function's entry or\n"
"                            return, its parameters typed from BTF (retval)\n"
"                 uprobe:PATH:FUNC, uretprobe:PATH:FUNC  a user function's\n"
"                            entry (arg0..arg5) or return (retval)\n"
"                 usdt:PATH:PROVIDER:NAME  USDT probes, their arguments\n"
"                 profile:HZ  samples of each CPU, kernel and user stacks\n"
"  -g FUNC       the function graph of kernel function FUNC (a glob; several\n"
"                 allowed): its calls and returns, and those of the\n"
"                 functions -G names that run inside it, with depth and times\n"
"  -G GLOB        kernel functions (a glob; several allowed) in the graph\n"
"  --graph-probes=kprobe|fentry  how the graph's functions are probed (default:\n"
"                 kprobe/kretprobe where the kernel has kprobes, else\n"
"                 fentry/fexit)\n"
"  --script FILE  a program in ferret's language run with the recording:\n"
"                 each line it prints is a ferret_printf event (msg)\n"
"  --context TYPE add TYPE to every event's context, as lttng add-context -t\n"
"                 TYPE does (several allowed, or TYPE,TYPE): tid, pid, procname,\n"
"                 prio, nice, ppid, vpid, vtid, vppid, cpu_id, hostname, uid,\n"
"                 euid, suid, gid, egid, sgid and their v forms (vuid, ...),\n"
"                 pid_ns, mnt_ns, net_ns, user_ns, uts_ns, ipc_ns, cgroup_ns,\n"
"                 time_ns, callstack-kernel, callstack-user, need_reschedule\n"
"  -s N           bytes of a string argument kept (default 256)\n"
"  -b MB          ring buffer memory in MiB, split among the CPUs (default 32)\n"
"  -v             say more at the end\n"
"  -q             say nothing at the end but errors\n"
"  --dump-program print the program in ferret's language and exit\n"
"  -h, --help     this help\n");
}

/* ------------------------------------------------------------------ */
/* The kinds of events and the program that records them.              */

static struct rd_kind *kind_new(struct rd_run *r, enum rd_mode mode,
				const char *name, int *index)
{
	struct rd_kind *k = xcalloc(1, sizeof(*k));

	k->mode = mode;
	k->name = name ? xstrdup(name) : NULL;
	k->id = -1;
	*index = r->kinds.n;
	vec_push(&r->kinds, k);
	return k;
}

static void kind_field(struct rd_kind *k, const char *name, enum ctf_type t)
{
	if (k->nfields < RD_FIELDS_MAX) {
		k->fields[k->nfields].name = xstrdup(name);
		k->fields[k->nfields++].type = t;
	}
}

static bool kind_has(const struct rd_run *r, const char *name)
{
	int i;

	for (i = 0; i < r->kinds.n; i++) {
		const struct rd_kind *k = r->kinds.v[i];

		if (k->name && !strcmp(k->name, name))
			return true;
	}
	return false;
}

/* A field of a built-in event: its name, type and the expression of its value. */
struct rd_fexpr {
	const char *name;
	enum ctf_type type;
	const char *expr;
};

/*
 * The events -e sched and -e irq record, on raw tracepoints (their
 * arguments are the kernel's: no record is built for a perf buffer).
 * traced: under -c/-p, the expression that says the event concerns a
 * traced thread (NULL: the thread it runs in).  post: statements after
 * the record under -c/-p (the set of threads follows forks and frees).
 */
struct rd_builtin {
	const char *set;
	const char *name;
	const char *probe;
	const char *pre;
	const char *traced;
	const char *post;
	struct rd_fexpr f[8];
};

#define TASK_P "$p = (struct task_struct *)arg0; "

static const struct rd_builtin builtins[] = {
	/*
	 * prev_state as the tracepoint reports it: 0 (runnable) when the
	 * task was preempted; TASK_IDLE as its report bit 0x80.
	 */
	{ "sched", "sched_switch", "sched_switch",
	  "$p = (struct task_struct *)arg1; $n = (struct task_struct *)arg2; "
	  "$s = (arg3 | $p->exit_state) & 0xfff; "
	  "if ($s == 0x402) { $s = 0x80; } else { $s = $s & 0x7f; } "
	  "if (arg0) { $s = 0; } ",
	  "@pids[$p->pid] || @pids[$n->pid]", NULL,
	  { { "prev_comm", CTF_STRING, "$p->comm" }, { "prev_tid", CTF_S32, "$p->pid" },
	    { "prev_prio", CTF_S32, "$p->prio" }, { "prev_state", CTF_S64, "$s" },
	    { "next_comm", CTF_STRING, "$n->comm" }, { "next_tid", CTF_S32, "$n->pid" },
	    { "next_prio", CTF_S32, "$n->prio" } } },
	{ "sched", "sched_wakeup", "sched_wakeup", TASK_P, "@pids[$p->pid]", NULL,
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" }, { "target_cpu", CTF_S32, "$p->wake_cpu" } } },
	{ "sched", "sched_waking", "sched_waking", TASK_P, "@pids[$p->pid]", NULL,
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" }, { "target_cpu", CTF_S32, "$p->wake_cpu" } } },
	{ "sched", "sched_wakeup_new", "sched_wakeup_new", TASK_P, "@pids[$p->pid]", NULL,
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" }, { "target_cpu", CTF_S32, "$p->wake_cpu" } } },
	{ "sched", "sched_process_fork", "sched_process_fork",
	  TASK_P "$c = (struct task_struct *)arg1; ", "@pids[tid]", "@pids[$c->pid] = 1; ",
	  { { "parent_comm", CTF_STRING, "$p->comm" }, { "parent_tid", CTF_S32, "$p->pid" },
	    { "parent_pid", CTF_S32, "$p->tgid" }, { "child_comm", CTF_STRING, "$c->comm" },
	    { "child_tid", CTF_S32, "$c->pid" }, { "child_pid", CTF_S32, "$c->tgid" } } },
	{ "sched", "sched_process_exec", "sched_process_exec",
	  TASK_P "$b = (struct linux_binprm *)arg2; ", "@pids[tid]", NULL,
	  { { "filename", CTF_STRING, "str($b->filename)" }, { "tid", CTF_S32, "$p->pid" },
	    { "old_tid", CTF_S32, "(int32)arg1" } } },
	{ "sched", "sched_process_exit", "sched_process_exit", TASK_P, "@pids[tid]", NULL,
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" } } },
	/* Freed after its last switch: the thread leaves the set here. */
	{ "sched", "sched_process_free", "sched_process_free", TASK_P, "@pids[$p->pid]",
	  "delete(@pids[$p->pid]); ",
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" } } },
	{ "sched", "sched_migrate_task", "sched_migrate_task", TASK_P, "@pids[$p->pid]", NULL,
	  { { "comm", CTF_STRING, "$p->comm" }, { "tid", CTF_S32, "$p->pid" },
	    { "prio", CTF_S32, "$p->prio" }, { "orig_cpu", CTF_S32, "$p->thread_info.cpu" },
	    { "dest_cpu", CTF_S32, "(int32)arg1" } } },
	{ "irq", "irq_handler_entry", "irq_handler_entry", "", NULL, NULL,
	  { { "irq", CTF_S32, "(int32)arg0" },
	    { "name", CTF_STRING, "str(((struct irqaction *)arg1)->name)" } } },
	{ "irq", "irq_handler_exit", "irq_handler_exit", "", NULL, NULL,
	  { { "irq", CTF_S32, "(int32)arg0" }, { "ret", CTF_S32, "(int32)arg2" } } },
	{ "irq", "irq_softirq_entry", "softirq_entry", "", NULL, NULL,
	  { { "vec", CTF_U32, "(uint32)arg0" } } },
	{ "irq", "irq_softirq_exit", "softirq_exit", "", NULL, NULL,
	  { { "vec", CTF_U32, "(uint32)arg0" } } },
	{ "irq", "irq_softirq_raise", "softirq_raise", "", NULL, NULL,
	  { { "vec", CTF_U32, "(uint32)arg0" } } },
};

static const char *conv(enum ctf_type t)
{
	return t == CTF_STRING ? "%s" : "%d";
}

/*
 * The bit of TIF_NEED_RESCHED in a task's thread_info flags on this
 * kernel, or -1 where ferret does not know it.  x86-64 moved to the
 * generic TIF layout (asm-generic/thread_info_tif.h) in Linux 6.18:
 * bit 4 from then, bit 3 before.
 */
static int rd_tif_resched(void)
{
#if defined(__x86_64__)
	struct utsname u;
	int maj = 0, min = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &maj, &min) != 2)
		return -1;
	return maj > 6 || (maj == 6 && min >= 18) ? 4 : 3;
#else
	return -1;
#endif
}

/* Whether s is one identifier (a builtin such as tid). */
static bool is_ident(const char *s)
{
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/*
 * Lays out the event context (--context) in r: where each context
 * rides (r->cat), the expressions of the CPU value (r->cpuv) and of
 * the values at each record's end (r->tfmt, r->targs), and the
 * stream's context fields.  A packed value goes to the first word with
 * room for it, word 0 being the CPU value above its RD_CPU_BITS.
 */
static void ctx_exprs(struct rd_run *r)
{
	struct buf words[RD_CTX_N + 1];
	struct buf comm = { 0 }, commf = { 0 };
	int used[RD_CTX_N + 1] = { RD_CPU_BITS };
	int nw = 1, nt = 0, i, w;

	memset(words, 0, sizeof(words));
	for (i = 0; i < r->o->nctx; i++) {
		int id = r->o->ctx[i];
		const struct rd_ctxdesc *d = &rd_ctxs[id];
		struct rd_ctxat *at = &r->cat[i];
		struct buf e = { 0 };

		at->field = r->nctxf;
		if (d->src == RD_SRC_STACK) {
			int k = id == RD_CTX_KSTACK ? 0 : 1;

			r->ctxf[r->nctxf] = (struct ctf_field){ rd_stackf[k].len, CTF_U32 };
			r->ctxd[r->nctxf++] = (struct ctf_decl){ RD_UINT32, NULL };
			r->ctxf[r->nctxf] = (struct ctf_field){ rd_stackf[k].name, CTF_RAW };
			r->ctxd[r->nctxf++] = (struct ctf_decl){ RD_ADDR, rd_stackf[k].dims };
		} else {
			r->ctxf[r->nctxf] = (struct ctf_field){ d->name, d->type };
			r->ctxd[r->nctxf++] = d->decl;
		}
		if (d->src == RD_SRC_TEXT || d->src == RD_SRC_STACK) {
			at->tail = nt++;
			buf_printf(&commf, " %%s");
			buf_printf(&comm, ", %s", d->expr);
			continue;
		}
		if (d->src == RD_SRC_CPU)
			continue;
		for (w = 0; w < nw && used[w] + d->bits > 64; w++)
			;
		if (w == nw)
			used[nw++] = 0;
		at->word = w;
		at->shift = used[w];
		used[w] += d->bits;
		if (id == RD_CTX_NEED_RESCHED)
			buf_printf(&e, "(curtask->thread_info.flags >> %d) & 1", rd_tif_resched());
		else
			buf_printf(&e, "%s", d->expr);
		if (w || words[w].len)
			buf_printf(&words[w], " | ");
		if (is_ident(e.p))
			buf_printf(&words[w], "(uint64)%s", e.p);
		else if (d->bits < 64)
			buf_printf(&words[w], "((uint64)(%s) & 0x%llx)", e.p, (1ULL << d->bits) - 1);
		else
			buf_printf(&words[w], "(uint64)(%s)", e.p);
		if (at->shift)
			buf_printf(&words[w], " << %d", at->shift);
		buf_free(&e);
	}
	if (words[0].len)
		buf_printf(&r->cpuv, "((uint64)cpu | %s)", words[0].p);
	else
		buf_printf(&r->cpuv, "cpu");
	buf_put(&r->tfmt, "", 1);
	buf_put(&r->targs, "", 1);
	r->tfmt.len = r->targs.len = 0;
	for (w = 1; w < nw; w++) {
		/* words[w] begins with " | ": the first term's. */
		buf_printf(&r->tfmt, " %%d");
		buf_printf(&r->targs, ", (%s)", words[w].p + 3);
	}
	r->nwords = nw - 1;
	r->ntail = r->nwords + nt;
	if (comm.len) {
		buf_printf(&r->tfmt, "%s", commf.p);
		buf_printf(&r->targs, "%s", comm.p);
	}
	for (w = 0; w < nw; w++)
		buf_free(&words[w]);
	buf_free(&comm);
	buf_free(&commf);
}

/*
 * A record's printf: format "K<kind> %d %d" then fmt (" %d %s ..."),
 * its values ts, the CPU value and args (NULL: none), then the event
 * context's values (ctx_exprs()).
 */
static void rec_printf(struct buf *b, const struct rd_run *r, int kind, const char *ts,
		       const char *fmt, const char *args)
{
	buf_printf(b, "printf(\"K%d %%d %%d%s%s\", %s, %s%s%s%s);", kind, fmt, r->tfmt.p, ts,
		   r->cpuv.p, args ? ", " : "", args ? args : "", r->targs.p);
}

/* The predicate of an event in the thread it runs in. */
static void pred_self(struct buf *b, const struct rd_run *r, bool skip_self)
{
	if (r->filter)
		buf_printf(b, "/@pids[tid]/ ");
	else if (skip_self)
		/* Under -a, ferret's own calls would feed themselves. */
		buf_printf(b, "/pid != %d/ ", (int)getpid());
}

static void builtin_prog(struct buf *b, struct rd_run *r,
			 const struct rd_builtin *e)
{
	struct buf fmt = { 0 }, args = { 0 };
	struct rd_kind *k;
	int idx, i;

	k = kind_new(r, RD_FIXED, e->name, &idx);
	buf_printf(b, "rawtracepoint:%s ", e->probe);
	if (!e->traced)
		pred_self(b, r, false);
	buf_printf(b, "{\n\t%s\n", e->pre);
	if (r->filter && e->traced)
		buf_printf(b, "\tif (!(%s)) { return; }\n", e->traced);
	for (i = 0; i < 8 && e->f[i].name; i++) {
		kind_field(k, e->f[i].name, e->f[i].type);
		buf_printf(&fmt, " %s", conv(e->f[i].type));
		buf_printf(&args, "%s%s", i ? ", " : "", e->f[i].expr);
	}
	buf_printf(b, "\t");
	rec_printf(b, r, idx, "nsecs", fmt.p ? fmt.p : "", args.p);
	buf_printf(b, "\n");
	buf_free(&fmt);
	buf_free(&args);
	if (r->filter && e->post)
		buf_printf(b, "\t%s\n", e->post);
	buf_printf(b, "}\n");
}

/*
 * The system call's registers go in one read of pt_regs bytes
 * RD_REGS_FROM..+64 (x86-64: r9, r8, r10, rdx, rsi, rdi, then rax...);
 * reg_off[i]: argument i's offset in those bytes.  A string argument is
 * read again by itself, which only calls that have one pay for.  At the
 * exit, the registers still hold the arguments: only calls with
 * arguments their exit event carries read them.
 */
#define RD_REGS_FROM 56
static const int reg_off[6] = { 56, 48, 40, 0, 16, 8 };

/*
 * @ss, by call number: bits 0-2 the first string argument's index + 1,
 * bits 3-5 the second's; SS_EXIT_REGS: the exit event carries
 * arguments; SS_EXIT_STR: strings among them (read again at the exit);
 * bits SS_ARR_SHIFT.. the index + 1 of an int[2] argument the exit reads.
 */
#define SS_STR_MASK 0x3f
#define SS_EXIT_REGS 0x40
#define SS_EXIT_STR 0x80
#define SS_ARR_SHIFT 8
/* Bits 12-15 and 16-19: the call's rd_sysdec_read at entry, at exit. */
#define SS_DEC_IN_SHIFT 12
#define SS_DEC_OUT_SHIFT 16
#define SS_DEC_IN_MASK (15 << SS_DEC_IN_SHIFT)

/* $x and $y: the pointers of the call's string arguments, by $m. */
static void strings_code(struct buf *b, const struct rd_run *r, int entry_kind)
{
	int n, i;

	for (n = 0; n < 2; n++) {
		const char *v = n ? "$y" : "$x";

		buf_printf(b, "\t$i = ($m >> %d) & 7; %s = 0;", 3 * n, v);
		for (i = 0; i < 6; i++)
			buf_printf(b, " if ($i == %d) { %s = *(arg0 + %d); }", i + 1, v,
				   RD_REGS_FROM + reg_off[i]);
		buf_printf(b, "\n");
		if (!n && entry_kind >= 0) {
			char args[64];

			snprintf(args, sizeof(args), "arg1, buf(arg0 + %d, 64), str($x)", RD_REGS_FROM);
			buf_printf(b, "\tif (($m & 0x38) == 0) { ");
			rec_printf(b, r, entry_kind, "nsecs", " %d %r %s", args);
			buf_printf(b, " return; }\n");
		}
	}
}

/*
 * The blocks of the decoded calls' reads (rd_sysdec.h) at entry (exit
 * false) or exit, by the read's number in $d.
 */
static void sysdec_prog(struct buf *b, struct rd_run *r, bool exit)
{
	char regs[6][32];
	const char *reg[6];
	int i, idx;

	for (i = 0; i < 6; i++) {
		snprintf(regs[i], sizeof(regs[i]), "*(arg0 + %d)", RD_REGS_FROM + reg_off[i]);
		reg[i] = regs[i];
	}
	buf_printf(b, "\t$d = ($%c >> %d) & 15;\n", exit ? 'm' : 'v',
		   exit ? SS_DEC_OUT_SHIFT : SS_DEC_IN_SHIFT);
	for (i = 1; i < RD_READ_N; i++) {
		struct rd_kind *k;
		struct buf args = { 0 };

		if (rd_sysdec_at_exit(i) != exit)
			continue;
		k = kind_new(r, RD_SYS_DEC, NULL, &idx);
		k->dread = i;
		k->dexit = exit;
		buf_printf(b, "\tif ($d == %d) {\n", i);
		if (exit)
			buf_printf(&args, "nsecs, %s, $nr, (int64)arg1, buf(arg0 + %d, 64)",
				   r->cpuv.p, RD_REGS_FROM);
		else
			buf_printf(&args, "nsecs, %s, arg1, buf(arg0 + %d, 64)", r->cpuv.p, RD_REGS_FROM);
		rd_sysdec_code(b, i, idx, exit ? "%d %d %d %d %r" : "%d %d %d %r", args.p, r->tfmt.p,
			       r->targs.p, reg);
		buf_free(&args);
		buf_printf(b, "\t}\n");
	}
}

static void syscalls_prog(struct buf *b, struct rd_run *r)
{
	int ks[3], kx[3], kx0, kxa, n, i;
	char a[96];

	for (n = 0; n < 3; n++) {
		struct rd_kind *k = kind_new(r, RD_SYS_ENTER, NULL, &ks[n]);

		k->nstr = n;
	}
	kind_new(r, RD_SYS_EXIT, NULL, &kx0);
	for (n = 0; n < 3; n++) {
		struct rd_kind *k = kind_new(r, RD_SYS_EXIT, NULL, &kx[n]);

		k->nstr = n;
		k->regs = true;
	}
	kind_new(r, RD_SYS_EXIT, NULL, &kxa)->arr = true;
	r->want_sys = true;
	buf_printf(b, "rawtracepoint:sys_enter ");
	pred_self(b, r, true);
	buf_printf(b, "{\n\t$nr = arg1;\n\tif ((int64)$nr < 0 || (int64)$nr > %d) { $nr = %d; }\n"
		   "\t$v = @ss[$nr];\n\t$m = $v & %d;\n", RD_NR_MAX, RD_NR_MAX, SS_STR_MASK);
	buf_printf(b, "\tif (($v & %d) == 0) { ", SS_STR_MASK | SS_DEC_IN_MASK);
	snprintf(a, sizeof(a), "arg1, buf(arg0 + %d, 64)", RD_REGS_FROM);
	rec_printf(b, r, ks[0], "nsecs", " %d %r", a);
	buf_printf(b, " return; }\n");
	sysdec_prog(b, r, false);
	strings_code(b, r, ks[1]);
	snprintf(a, sizeof(a), "arg1, buf(arg0 + %d, 64), str($x), str($y)", RD_REGS_FROM);
	buf_printf(b, "\t");
	rec_printf(b, r, ks[2], "nsecs", " %d %r %s %s", a);
	buf_printf(b, "\n}\n");
	/*
	 * rt_sigreturn sets orig_ax to -1 (no restart follows): its exit
	 * is known by that.
	 */
	buf_printf(b, "rawtracepoint:sys_exit ");
	pred_self(b, r, true);
	buf_printf(b, "{\n\t$nr = *(arg0 + 120);\n\tif ((int64)$nr == -1) { $nr = 15; }\n"
		   "\t$n = $nr;\n\tif ((int64)$n < 0 || (int64)$n > %d) { $n = %d; }\n"
		   "\t$m = @ss[$n];\n", RD_NR_MAX, RD_NR_MAX);
	buf_printf(b, "\tif (($m & %d) == 0) { ", SS_EXIT_REGS);
	rec_printf(b, r, kx0, "nsecs", " %d %d", "$nr, (int64)arg1");
	buf_printf(b, " return; }\n");
	sysdec_prog(b, r, true);
	buf_printf(b, "\t$a = ($m >> %d) & 7;\n\tif ($a != 0) {\n\t\t$p = 0;", SS_ARR_SHIFT);
	for (i = 0; i < 6; i++)
		buf_printf(b, " if ($a == %d) { $p = *(arg0 + %d); }", i + 1,
			   RD_REGS_FROM + reg_off[i]);
	snprintf(a, sizeof(a), "$nr, (int64)arg1, buf(arg0 + %d, 64), *($p)", RD_REGS_FROM);
	buf_printf(b, "\n\t\t");
	rec_printf(b, r, kxa, "nsecs", " %d %d %r %d", a);
	buf_printf(b, "\n\t\treturn;\n\t}\n");
	snprintf(a, sizeof(a), "$nr, (int64)arg1, buf(arg0 + %d, 64)", RD_REGS_FROM);
	buf_printf(b, "\tif (($m & %d) == 0) { ", SS_EXIT_STR);
	rec_printf(b, r, kx[0], "nsecs", " %d %d %r", a);
	buf_printf(b, " return; }\n");
	strings_code(b, r, -1);
	snprintf(a, sizeof(a), "$nr, (int64)arg1, buf(arg0 + %d, 64), str($x)", RD_REGS_FROM);
	buf_printf(b, "\tif (($m & 0x38) == 0) { ");
	rec_printf(b, r, kx[1], "nsecs", " %d %d %r %s", a);
	buf_printf(b, " return; }\n");
	snprintf(a, sizeof(a), "$nr, (int64)arg1, buf(arg0 + %d, 64), str($x), str($y)",
		 RD_REGS_FROM);
	buf_printf(b, "\t");
	rec_printf(b, r, kx[2], "nsecs", " %d %d %r %s %s", a);
	buf_printf(b, "\n}\n");
}

/* The CTF type of a tracepoint field, or -1 for one not recorded. */
static int tp_type(const struct tracefs_field *f, const struct field *tf)
{
	if (!tf->type || tf->type->kind == TY_NONE)
		return -1;
	if (tf->type->kind == TY_STR)
		return CTF_STRING;
	if (strchr(f->ctype, '*'))
		return CTF_HEX64;
	if (tf->type->kind != TY_INT)
		return -1;
	switch (f->size) {
	case 1:
		return f->is_signed ? CTF_S8 : CTF_U8;
	case 2:
		return f->is_signed ? CTF_S16 : CTF_U16;
	case 4:
		return f->is_signed ? CTF_S32 : CTF_U32;
	case 8:
		return f->is_signed ? CTF_S64 : CTF_U64;
	}
	return -1;
}

struct tp_ctx {
	struct buf *b;
	struct rd_run *r;
	int n;
};

static int tp_one(const char *cat, const char *ev, void *arg)
{
	struct tp_ctx *c = arg;
	const struct tracefs_event *te = tracefs_event(cat, ev);
	struct buf fmt = { 0 }, args = { 0 };
	struct rd_kind *k;
	size_t i;
	int idx, j, shown[RD_FIELDS_MAX], ns = 0;

	c->n++;
	/* An event of -e sched or -e irq, or one matched twice, is recorded once. */
	for (i = 0; i < ARRAY_SIZE(builtins); i++)
		if (!strcmp(builtins[i].probe, ev) && !strcmp(cat, builtins[i].set[0] == 's' ? "sched" : "irq")) {
			if (!kind_has(c->r, builtins[i].name))
				builtin_prog(c->b, c->r, &builtins[i]);
			return 0;
		}
	if (!te || !te->type || kind_has(c->r, ev))
		return 0;
	k = kind_new(c->r, RD_FIXED, ev, &idx);
	for (j = 0; j < te->nfields && ns < RD_FIELDS_MAX - 2; j++) {
		const struct field *tf = NULL;
		int t, m;

		for (m = 0; m < te->type->nfields; m++)
			if (!strcmp(te->type->fields[m].name, te->fields[j].name))
				tf = &te->type->fields[m];
		t = tf ? tp_type(&te->fields[j], tf) : -1;
		if (t < 0)
			continue;
		kind_field(k, te->fields[j].name, (enum ctf_type)t);
		shown[ns++] = j;
	}
	buf_printf(c->b, "tracepoint:%s:%s ", cat, ev);
	pred_self(c->b, c->r, true);
	for (j = 0; j < ns; j++) {
		buf_printf(&fmt, " %s", conv(k->fields[j].type));
		buf_printf(&args, "%sargs->%s", j ? ", " : "", te->fields[shown[j]].name);
	}
	buf_printf(c->b, "{\n\t");
	rec_printf(c->b, c->r, idx, "nsecs", fmt.p ? fmt.p : "", args.p);
	buf_printf(c->b, "\n}\n");
	buf_free(&fmt);
	buf_free(&args);
	return 0;
}

static const char *const arg_names[] = { "arg0", "arg1", "arg2", "arg3", "arg4", "arg5" };

/*
 * A probe with registers for arguments (uprobe:, uretprobe:, kprobe:,
 * kretprobe:), wildcards allowed: a class per function, named after
 * the probe type, arg0..arg5 at the entry, retval at the return.
 */
static void regs_prog(struct buf *b, struct rd_run *r, const char *spec, const char *type,
		      bool ret, bool kernel)
{
	struct rd_kind *k;
	int idx, i;

	k = kind_new(r, RD_PROBE, type, &idx);
	buf_printf(b, "%s ", spec);
	pred_self(b, r, kernel);
	buf_printf(b, "{\n\t");
	if (ret) {
		kind_field(k, "retval", CTF_S64);
		rec_printf(b, r, idx, "nsecs", " %s %d", "probe, retval");
	} else {
		for (i = 0; i < 6; i++)
			kind_field(k, arg_names[i], CTF_HEX64);
		rec_printf(b, r, idx, "nsecs", " %s %d %d %d %d %d %d",
			   "probe, arg0, arg1, arg2, arg3, arg4, arg5");
	}
	buf_printf(b, "\n}\n");
}

/*
 * The CTF types of raw tracepoint event's arguments, from the prototype
 * of its btf_trace_EVENT typedef (whose first parameter is the probe's
 * data, not an argument): pointers in hex, signed integers signed (the
 * kernel widens each argument to a u64 keeping its sign), the rest
 * unsigned.  Without BTF, all unsigned.
 */
static void rawtp_types(const char *event, enum ctf_type *t, int n)
{
	struct btf *btf = kbtf_vmlinux();
	const struct btf_type *ft = NULL;
	const struct btf_param *pa;
	char *tname = xasprintf("btf_trace_%s", event);
	int i, id = btf ? btf__find_by_name_kind(btf, tname, BTF_KIND_TYPEDEF) : -1;

	free(tname);
	for (i = 0; i < n; i++)
		t[i] = CTF_U64;
	if (id > 0 && (ft = btf__type_by_id(btf, btf__type_by_id(btf, id)->type)) &&
	    btf_is_ptr(ft))
		ft = btf__type_by_id(btf, ft->type);
	if (!ft || !btf_is_func_proto(ft))
		return;
	pa = btf_params(ft);
	for (i = 0; i < n && i + 1 < btf_vlen(ft); i++) {
		const struct btf_type *at = btf__type_by_id(btf, pa[i + 1].type);

		while (at && (btf_is_typedef(at) || btf_is_mod(at)))
			at = btf__type_by_id(btf, at->type);
		if (!at)
			continue;
		if (btf_is_ptr(at))
			t[i] = CTF_HEX64;
		else if (btf_is_int(at) && (btf_int_encoding(at) & BTF_INT_SIGNED))
			t[i] = CTF_S64;
		else if (btf_is_enum(at) && btf_kflag(at) == 0)
			t[i] = CTF_S64;
	}
}

/* The probes spec names, by its provider, in insts; 0 or an error told. */
static int expand_spec(const char *spec, struct vec *insts)
{
	const struct provider *p = provider_find(spec);
	char err[256] = "";
	int ret = p ? p->expand(p, spec, insts, err, sizeof(err)) : -EINVAL;

	if (ret)
		fprintf(stderr, "ferret record: '%s': %s\n", spec, err[0] ? err : strerror(-ret));
	return ret;
}

/*
 * rawtracepoint:[vmlinux:]EVENT (wildcards allowed): a class per event,
 * rawtracepoint_EVENT, with its arguments arg0..argN-1 as the language
 * reads them.
 */
static int rawtp_prog(struct buf *b, struct rd_run *r, const char *spec)
{
	struct buf fmt = { 0 }, args = { 0 };
	struct vec insts = { 0 };
	int ret, i, j;

	ret = expand_spec(spec, &insts);
	if (ret)
		goto out;
	for (i = 0; i < insts.n; i++) {
		const struct probe_inst *pi = insts.v[i];
		enum ctf_type types[RD_FIELDS_MAX];
		int n = pi->nargs < 0 ? 0 : pi->nargs > RD_FIELDS_MAX - 2 ? RD_FIELDS_MAX - 2 : pi->nargs;
		char *ev = xasprintf("rawtracepoint_%s", pi->target);
		struct rd_kind *k;
		int idx;

		if (kind_has(r, ev)) {
			free(ev);
			continue;
		}
		k = kind_new(r, RD_FIXED, ev, &idx);
		free(ev);
		rawtp_types(pi->target, types, n);
		buf_printf(b, "rawtracepoint:%s ", pi->target);
		pred_self(b, r, true);
		fmt.len = args.len = 0;
		for (j = 0; j < n; j++) {
			char an[16];

			snprintf(an, sizeof(an), "arg%d", j);
			kind_field(k, an, types[j]);
			buf_printf(&fmt, " %%d");
			buf_printf(&args, "%sarg%d", j ? ", " : "", j);
		}
		buf_printf(b, "{\n\t");
		rec_printf(b, r, idx, "nsecs", n ? fmt.p : "", n ? args.p : NULL);
		buf_printf(b, "\n}\n");
	}
out:
	buf_free(&fmt);
	buf_free(&args);
	for (i = 0; i < insts.n; i++)
		provider_inst_free(insts.v[i]);
	vec_free(&insts);
	return ret ? -EINVAL : 0;
}

/* The CTF type a value of language type t is recorded as, or -1: not at all. */
static int lang_ctf_type(const struct type *t)
{
	if (!t)
		return -1;
	if (t->kind == TY_PTR)
		return CTF_HEX64;
	if (t->kind != TY_INT)
		return -1;
	return t->is_signed ? CTF_S64 : CTF_U64;
}

/*
 * fentry:FUNC and fexit:FUNC (wildcards allowed): a class per function,
 * fentry_FUNC or fexit_FUNC, with its parameters by their names and
 * types in kernel BTF (pointers in hex; a struct passed by value is
 * left out), and for fexit its retval.
 */
static int fentry_prog(struct buf *b, struct rd_run *r, const char *spec, bool fexit)
{
	struct buf fmt = { 0 }, args = { 0 };
	struct vec insts = { 0 };
	int ret, i, j;

	ret = expand_spec(spec, &insts);
	if (ret)
		goto out;
	for (i = 0; i < insts.n; i++) {
		const struct probe_inst *pi = insts.v[i];
		const struct type *at = pi->args;
		char *ev = xasprintf("%s_%s", fexit ? "fexit" : "fentry", pi->func);
		int shown[RD_FIELDS_MAX], ns = 0, rt = -1, idx;
		struct rd_kind *k;

		if (kind_has(r, ev)) {
			free(ev);
			continue;
		}
		k = kind_new(r, RD_FIXED, ev, &idx);
		free(ev);
		for (j = 0; at && j < at->nfields && ns < RD_FIELDS_MAX - 1; j++) {
			int t = lang_ctf_type(at->fields[j].type);

			if (t < 0 || !at->fields[j].name[0] || !strcmp(at->fields[j].name, "retval"))
				continue;
			kind_field(k, at->fields[j].name, (enum ctf_type)t);
			shown[ns++] = j;
		}
		if (fexit) {
			rt = pi->ret ? lang_ctf_type(pi->ret) : -1;
			if (rt >= 0)
				kind_field(k, "retval", (enum ctf_type)rt);
		}
		buf_printf(b, "%s:%s ", fexit ? "fexit" : "fentry", pi->func);
		pred_self(b, r, true);
		fmt.len = args.len = 0;
		for (j = 0; j < ns + (rt >= 0); j++)
			buf_printf(&fmt, " %%d");
		for (j = 0; j < ns; j++)
			buf_printf(&args, "%s(uint64)args->%s", j ? ", " : "",
				   at->fields[shown[j]].name);
		if (rt >= 0)
			buf_printf(&args, "%s(uint64)retval", ns ? ", " : "");
		buf_printf(b, "{\n\t");
		rec_printf(b, r, idx, "nsecs", fmt.len ? fmt.p : "", args.len ? args.p : NULL);
		buf_printf(b, "\n}\n");
	}
out:
	buf_free(&fmt);
	buf_free(&args);
	for (i = 0; i < insts.n; i++)
		provider_inst_free(insts.v[i]);
	vec_free(&insts);
	return ret ? -EINVAL : 0;
}

struct usdt_ctx {
	struct buf *b;
	struct rd_run *r;
	const char *path, *prov, *name;
	int n;
};

/* A clause per USDT probe that matches, with as many arguments as it has. */
static int usdt_one(const struct usdtn_probe *p, void *arg)
{
	struct usdt_ctx *c = arg;
	struct buf fmt = { 0 }, args = { 0 };
	struct rd_kind *k;
	char *ev;
	int idx, i, n;

	if ((c->prov && !util_glob(c->prov, p->provider)) || !util_glob(c->name, p->name))
		return 0;
	ev = xasprintf("usdt_%s_%s", p->provider, p->name);
	if (kind_has(c->r, ev)) {
		free(ev);
		return 0;
	}
	c->n++;
	k = kind_new(c->r, RD_FIXED, ev, &idx);
	free(ev);
	n = p->argc < 0 ? 0 : p->argc > 6 ? 6 : p->argc;
	buf_printf(c->b, "usdt:%s:%s:%s ", c->path, p->provider, p->name);
	pred_self(c->b, c->r, false);
	for (i = 0; i < n; i++) {
		kind_field(k, arg_names[i], CTF_S64);
		buf_printf(&fmt, " %%d");
		buf_printf(&args, "%sarg%d", i ? ", " : "", i);
	}
	buf_printf(c->b, "{\n\t");
	rec_printf(c->b, c->r, idx, "nsecs", n ? fmt.p : "", n ? args.p : NULL);
	buf_printf(c->b, "\n}\n");
	buf_free(&fmt);
	buf_free(&args);
	return 0;
}

/* usdt:PATH:[PROVIDER:]NAME, globs allowed in the provider and name. */
static int usdt_prog(struct buf *b, struct rd_run *r, const char *spec)
{
	char *copy = xstrdup(spec + 5), *parts[3];
	struct usdt_ctx c = { b, r, NULL, NULL, NULL, 0 };
	int n = 0, err;
	char *p, *save = NULL;

	for (p = strtok_r(copy, ":", &save); p && n < 3; p = strtok_r(NULL, ":", &save))
		parts[n++] = p;
	if (n < 2) {
		fprintf(stderr, "ferret record: '%s': a USDT probe is usdt:PATH:[PROVIDER:]NAME\n",
			spec);
		free(copy);
		return -EINVAL;
	}
	c.path = parts[0];
	c.prov = n == 3 ? parts[1] : NULL;
	c.name = parts[n - 1];
	err = usdtn_list(c.path, usdt_one, &c);
	if (err || !c.n) {
		fprintf(stderr, "ferret record: '%s' %s%s\n", spec,
			err ? "cannot be read: " : "matches no USDT probe",
			err ? strerror(-err) : "");
		free(copy);
		return -EINVAL;
	}
	free(copy);
	return 0;
}

static int profile_prog(struct buf *b, struct rd_run *r, const char *spec)
{
	const char *hz = strrchr(spec, ':') + 1;
	struct rd_kind *k;
	char *end;
	long v = strtol(hz, &end, 10);
	int idx;

	if (*end || v <= 0 || v > 100000) {
		fprintf(stderr, "ferret record: '%s': profile:HZ takes a rate from 1 to 100000\n",
			spec);
		return -EINVAL;
	}
	k = kind_new(r, RD_PROFILE, "perf_cpu_clock", &idx);
	kind_field(k, "ip", CTF_HEX64);
	kind_field(k, "tid", CTF_S32);
	kind_field(k, "pid", CTF_S32);
	kind_field(k, "kstack", CTF_SEQ_HEX64);
	kind_field(k, "ustack", CTF_SEQ_HEX64);
	buf_printf(b, "profile:hz:%ld ", v);
	pred_self(b, r, false);
	buf_printf(b, "{\n\t");
	rec_printf(b, r, idx, "nsecs", " %d %d %s %s", "tid, pid, kstack, ustack");
	buf_printf(b, "\n}\n");
	return 0;
}

/* The program's line that the text in b starts next. */
static int next_line(const struct buf *b)
{
	size_t i;
	int n = 1;

	for (i = 0; i < b->len; i++)
		n += b->p[i] == '\n';
	return n;
}

static void graph_specs(struct buf *b, const struct rd_opts *o, const char *type)
{
	int i;

	for (i = 0; i < o->ngroot + o->ngglob; i++)
		buf_printf(b, "%s%s:%s", i ? ", " : "", type,
			   i < o->ngroot ? o->groot[i] : o->gglob[i - o->ngroot]);
	buf_printf(b, " ");
}

/*
 * -g and -G: the entry and the return of every function they match, in
 * two blocks (an fentry and an fexit, or a kprobe and a kretprobe, per
 * function).  @fgid, by probe
 * (func), holds what user space gave each (rd_setup()): the function's
 * id << 1, | 1 for a root (-g); 0 for a probe to ignore (a function
 * matched twice is recorded once).  A thread's calls nest: @fgdepth is
 * its depth, @fgstack and @fgtime the id and entry time of each open
 * call.  Outside a root nothing is recorded, and a return is recorded
 * only when it closes the innermost open call (an entry the kernel
 * skipped, as it does for a probe hit inside another BPF program,
 * leaves its return out too).
 */
static void graph_prog(struct buf *b, struct rd_run *r)
{
	int entry, ret;
	struct rd_kind *k;

	k = kind_new(r, RD_GRAPH_ENTRY, "funcgraph_entry", &entry);
	kind_field(k, "func", CTF_HEX64);
	kind_field(k, "name", CTF_STRING);
	kind_field(k, "depth", CTF_U32);
	k = kind_new(r, RD_GRAPH_EXIT, "funcgraph_exit", &ret);
	kind_field(k, "func", CTF_HEX64);
	kind_field(k, "name", CTF_STRING);
	kind_field(k, "depth", CTF_U32);
	kind_field(k, "overrun", CTF_U32);
	kind_field(k, "calltime", CTF_U64);
	kind_field(k, "rettime", CTF_U64);
	r->graph_line[0] = next_line(b);
	graph_specs(b, r->o, r->o->gvia[0]);
	pred_self(b, r, true);
	buf_printf(b, "{\n\t$v = @fgid[func];\n"
		   "\tif ($v == 0) { @fgid[func] = 0; return; }\n"
		   "\t$d = @fgdepth[tid];\n"
		   "\tif (($d == 0 && ($v & 1) == 0) || $d >= %d) { return; }\n"
		   "\t$t = nsecs;\n\t@fgstack[tid, $d] = $v >> 1;\n\t@fgtime[tid, $d] = $t;\n"
		   "\t@fgdepth[tid] = $d + 1;\n\t", RD_GRAPH_DEPTH);
	rec_printf(b, r, entry, "$t", " %d %d", "$v >> 1, $d");
	buf_printf(b, "\n}\n");
	r->graph_line[1] = next_line(b);
	graph_specs(b, r->o, r->o->gvia[1]);
	pred_self(b, r, true);
	buf_printf(b, "{\n\t$d = @fgdepth[tid];\n\tif ($d == 0) { return; }\n"
		   "\t$d = $d - 1;\n\t$v = @fgid[func];\n"
		   "\tif ($v == 0 || @fgstack[tid, $d] != $v >> 1) { return; }\n"
		   "\tif ($d == 0) { delete(@fgdepth[tid]); } else { @fgdepth[tid] = $d; }\n\t");
	rec_printf(b, r, ret, "nsecs", " %d %d %d", "$v >> 1, $d, @fgtime[tid, $d]");
	buf_printf(b, "\n}\n");
}

/*
 * The graph's probes, when --graph-probes chose none: kprobe/kretprobe
 * where the kernel has kprobes, else fentry/fexit.  A kprobe program is
 * loaded once for every function, where fentry loads and verifies one
 * per function and rebuilds the function's trampoline for each of its
 * two, which takes longer (bench/record-vm.sh times both).
 */
static void graph_via(struct rd_opts *o)
{
	const char *why;
	bool k = kprobe_provider.available(&why) || !feat_fentry(NULL);

	if (o->gvia[0])
		return;
	o->gvia[0] = k ? "kprobe" : "fentry";
	o->gvia[1] = k ? "kretprobe" : "fexit";
}

/*
 * Whether this kernel can record the function graph with the probes
 * chosen, said once here rather than at each of the program's specs.
 * With neither available both reasons are given.
 */
static bool graph_available(const struct rd_opts *o)
{
	const char *why, *fwhy;
	bool fentry = !strcmp(o->gvia[0], "fentry");

	if (fentry ? feat_fentry(&fwhy) : kprobe_provider.available(&why))
		return true;
	if (fentry) {
		fprintf(stderr, "ferret record: -g %s: --graph-probes=fentry: %s\n", o->groot[0],
			fwhy);
		return false;
	}
	fprintf(stderr, "ferret record: -g %s: the function graph needs kprobes: %s", o->groot[0],
		why);
	if (!feat_fentry(&fwhy))
		fprintf(stderr, " (and %s)", fwhy);
	fprintf(stderr, "\n");
	return false;
}

/* Whether s names kernel functions: kprobe:, kretprobe:, fentry:, fexit:. */
static bool kernel_fn_spec(const char *s)
{
	const struct provider *p = provider_find(s);

	return strchr(s, ':') && (p == &kprobe_provider || p == &kretprobe_provider ||
				  p == &fentry_provider || p == &fexit_provider);
}

/* The program for the sets asked for; 0, or -EINVAL after saying why. */
static int rd_prog(struct buf *b, struct rd_run *r)
{
	bool sched = false, irq = false, sys = false;
	int i;
	size_t j;

	for (i = 0; i < r->o->nsets; i++) {
		const char *s = r->o->sets[i];

		if (!strcmp(s, "sched"))
			sched = true;
		else if (!strcmp(s, "irq"))
			irq = true;
		else if (!strcmp(s, "syscalls"))
			sys = true;
		else if (strncmp(s, "tracepoint:", 11) && strncmp(s, "t:", 2) &&
			 strncmp(s, "rawtracepoint:", 14) && strncmp(s, "rt:", 3) &&
			 !kernel_fn_spec(s) &&
			 strncmp(s, "uprobe:", 7) && strncmp(s, "uretprobe:", 10) &&
			 strncmp(s, "usdt:", 5) && strncmp(s, "profile:", 8)) {
			fprintf(stderr, "ferret record: unknown event set '%s' (sched, syscalls, irq, "
				"tracepoint:CATEGORY:EVENT, rawtracepoint:EVENT, kprobe:, kretprobe:, fentry:, "
				"fexit:, uprobe:, uretprobe:, usdt:, profile:HZ)\n", s);
			return -EINVAL;
		}
	}
	buf_printf(b, "BEGIN {");
	if (r->filter)
		buf_printf(b, " @pids[0] = 0;");
	if (sys)
		buf_printf(b, " @ss[%d] = 0;", RD_NR_MAX + 1);
	buf_printf(b, " }\n");
	for (j = 0; j < ARRAY_SIZE(builtins); j++)
		if ((sched && !strcmp(builtins[j].set, "sched")) ||
		    (irq && !strcmp(builtins[j].set, "irq")))
			builtin_prog(b, r, &builtins[j]);
	/* The set of threads follows forks and frees whatever is recorded. */
	if (r->filter && !sched)
		buf_printf(b, "rawtracepoint:sched_process_fork /@pids[tid]/ {\n"
			   "\t@pids[((struct task_struct *)arg1)->pid] = 1;\n}\n"
			   "rawtracepoint:sched_process_free {\n"
			   "\tdelete(@pids[((struct task_struct *)arg0)->pid]);\n}\n");
	if (sys)
		syscalls_prog(b, r);
	if (r->o->ngroot)
		graph_prog(b, r);
	for (i = 0; i < r->o->nsets; i++) {
		const char *s = r->o->sets[i], *spec = strchr(s, ':') + 1;
		const struct provider *p;
		char *cat, *ev;
		struct tp_ctx c = { b, r, 0 };
		int n;

		p = provider_find(s);
		if (p == &uprobe_provider || p == &uretprobe_provider ||
		    p == &kprobe_provider || p == &kretprobe_provider) {
			regs_prog(b, r, s, p->name, p == &uretprobe_provider ||
				  p == &kretprobe_provider, p == &kprobe_provider ||
				  p == &kretprobe_provider);
			continue;
		}
		if (p == &fentry_provider || p == &fexit_provider) {
			if (fentry_prog(b, r, s, p == &fexit_provider))
				return -EINVAL;
			continue;
		}
		if (!strncmp(s, "rawtracepoint:", 14) || !strncmp(s, "rt:", 3)) {
			if (rawtp_prog(b, r, s))
				return -EINVAL;
			continue;
		}
		if (!strncmp(s, "usdt:", 5)) {
			if (usdt_prog(b, r, s))
				return -EINVAL;
			continue;
		}
		if (!strncmp(s, "profile:", 8)) {
			if (profile_prog(b, r, s))
				return -EINVAL;
			continue;
		}
		if (strncmp(s, "tracepoint:", 11) && strncmp(s, "t:", 2))
			continue;
		cat = xstrdup(spec);
		ev = strchr(cat, ':');
		if (!ev || !*cat || !ev[1]) {
			fprintf(stderr, "ferret record: '%s': a tracepoint is tracepoint:CATEGORY:EVENT\n", s);
			free(cat);
			return -EINVAL;
		}
		*ev++ = 0;
		n = tracefs_list(cat, ev, tp_one, &c);
		if (n <= 0 || !c.n) {
			if (n < 0)
				fprintf(stderr, "ferret record: '%s': %s\n", s, strerror(-n));
			else
				fprintf(stderr, "ferret record: '%s' matches no tracepoint\n", s);
			free(cat);
			return -EINVAL;
		}
		free(cat);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Records to CTF events.                                               */

static uint64_t u64at(const struct fmt_spec *fs, const void *p, int i)
{
	uint64_t v;

	memcpy(&v, (const char *)p + fs->args[i].offset, 8);
	return v;
}

/*
 * The string of argument i, NUL-terminated: in place when its buffer
 * holds a NUL, else copied to scratch at *off.
 */
static const char *strat(struct rd_run *r, const struct fmt_spec *fs,
			 const void *p, int i, size_t *off)
{
	const char *s = (const char *)p + fs->args[i].offset;
	size_t n = (size_t)fs->args[i].type->size, l = strnlen(s, n);

	if (l < n)
		return s;
	/* scratch was sized before: pointers into it stay valid. */
	memcpy(r->scratch.p + *off, s, l);
	r->scratch.p[*off + l] = 0;
	s = r->scratch.p + *off;
	*off += l + 1;
	return s;
}

static int class_of(struct rd_run *r, struct rd_kind *k)
{
	if (k->id < 0) {
		k->id = ctf_event_class(r->w, k->name, k->fields, k->nfields);
		if (k->id < 0) {
			fprintf(stderr, "ferret record: event %s: %s\n", k->name, strerror(-k->id));
			k->id = -2;
		}
	}
	return k->id;
}

/* The C type of a system call's argument as a CTF type. */
static enum ctf_type sys_type(const char *ctype)
{
	static const char *const s32[] = { "int", "pid_t", "clockid_t", "timer_t",
		"mqd_t", "key_serial_t", "__s32", "key_t" };
	static const char *const u32[] = { "unsigned int", "unsigned", "u32", "__u32",
		"umode_t", "uid_t", "gid_t", "qid_t", "rwf_t", "old_uid_t", "old_gid_t",
		"unsigned short" };
	static const char *const s64[] = { "long", "loff_t", "off_t", "ssize_t",
		"__kernel_old_time_t", "time_t", "long long" };
	size_t i;

	if (strchr(ctype, '*'))
		return CTF_HEX64;
	for (i = 0; i < ARRAY_SIZE(s32); i++)
		if (!strcmp(ctype, s32[i]))
			return CTF_S32;
	for (i = 0; i < ARRAY_SIZE(u32); i++)
		if (!strcmp(ctype, u32[i]))
			return CTF_U32;
	for (i = 0; i < ARRAY_SIZE(s64); i++)
		if (!strcmp(ctype, s64[i]))
			return CTF_S64;
	return CTF_U64;
}

/* Whether argument i of s is a string read at entry. */
static bool sys_is_str(const struct st_sys *s, int i)
{
	char l = s ? st_sys_arg(s, i) : 0;

	return l == 'P' || l == 'S' || l == ST_L_LIMSTR;
}

/* Argument i's direction (rd_sysio.h) for call s. */
static char sys_dir(const struct st_sys *s, int i)
{
	const struct rd_sysio *io = s ? rd_sysio_find(s->name) : NULL;

	return io && i < (int)strlen(io->dir) ? io->dir[i] : 'i';
}

/* Call s's @ss value (see SS_EXIT_REGS). */
static int64_t ss_bits(const struct st_sys *s)
{
	const struct rd_sysdec *dec = s ? rd_sysdec_find(s->name) : NULL;
	int64_t v = 0;
	int a, n = 0;

	if (dec) {
		v = (int64_t)rd_sysdec_read_of(dec, false) << SS_DEC_IN_SHIFT |
		    (int64_t)rd_sysdec_read_of(dec, true) << SS_DEC_OUT_SHIFT;
		return rd_sysdec_read_of(dec, true) ? v | SS_EXIT_REGS : v;
	}

	for (a = 0; s && a < st_sys_nargs(s); a++) {
		char d = sys_dir(s, a);

		if (DIR_EXIT(d))
			v |= SS_EXIT_REGS;
		if (d == 'A')
			v |= (int64_t)(a + 1) << SS_ARR_SHIFT;
		if (sys_is_str(s, a) && n < 2) {
			v |= (int64_t)(a + 1) << (3 * n++);
			if (d == 'b')
				v |= SS_EXIT_STR;
		}
	}
	return v;
}

/*
 * Call nr's classes: syscall_entry_NAME with the arguments its
 * tracepoint names that LTTng's entry event has (strings where ferret
 * strace reads one), and syscall_exit_NAME with ret and those its exit
 * event has (rd_sysio.h); NAME is the kernel's, as in LTTng's events.
 */
static struct rd_sys *sys_of(struct rd_run *r, long nr)
{
	struct rd_sys *y = &r->sys[nr < 0 || nr > RD_NR_MAX ? RD_NR_MAX : nr];
	const struct st_sys *s;
	const struct rd_sysio *io;
	const char *call;
	struct ctf_field f[7];
	char name[96], ev[80];
	const struct tracefs_event *te;
	int i, n, nstr = 0;

	/* Every record comes here: what follows runs once a call. */
	if (y->known)
		return y;
	s = nr >= 0 && nr < RD_NR_MAX ? st_sys_by_nr(nr) : NULL;
	io = s ? rd_sysio_find(s->name) : NULL;
	call = s ? rd_sysio_event_name(s->name) : "";
	y->known = true;
	y->entry_id = y->exit_id = -1;
	y->dec = s ? rd_sysdec_find(s->name) : NULL;
	if (y->dec) {
		struct ctf_field df[RD_SYSDEC_FIELDS];
		struct ctf_decl dd[RD_SYSDEC_FIELDS];

		snprintf(name, sizeof(name), "syscall_entry_%s", call);
		n = rd_sysdec_fields(y->dec, false, df, dd);
		y->entry_id = ctf_event_class_decl(r->w, name, df, n, dd);
		snprintf(name, sizeof(name), "syscall_exit_%s", call);
		n = rd_sysdec_fields(y->dec, true, df, dd);
		y->exit_id = ctf_event_class_decl(r->w, name, df, n, dd);
		return y;
	}
	snprintf(ev, sizeof(ev), "sys_enter_%s", call);
	te = s ? tracefs_event("syscalls", ev) : NULL;
	if (te) {
		/* The arguments, after the call's number. */
		for (i = 0; i < te->nfields && y->nargs < 6; i++) {
			if (!strcmp(te->fields[i].name, "__syscall_nr"))
				continue;
			y->names[y->nargs] = xstrdup(io && io->arg == y->nargs ? io->name :
						     te->fields[i].name);
			y->type[y->nargs++] = sys_type(te->fields[i].ctype);
		}
	} else {
		y->nargs = s ? st_sys_nargs(s) : 6;
		for (i = 0; i < y->nargs; i++) {
			y->names[i] = xasprintf("arg%d", i);
			y->type[i] = CTF_HEX64;
		}
	}
	for (i = n = 0; i < y->nargs; i++) {
		y->dir[i] = sys_dir(s, i);
		y->str_slot[i] = -1;
		if (sys_is_str(s, i) && nstr < 2) {
			y->type[i] = CTF_STRING;
			y->str_slot[i] = (signed char)nstr++;
		}
		if (y->dir[i] == 'A')
			y->type[i] = CTF_PAIR_S32;
		if (!DIR_ENTRY(y->dir[i]))
			continue;
		f[n].name = y->names[i];
		f[n++].type = y->type[i];
	}
	if (s) {
		snprintf(name, sizeof(name), "syscall_entry_%s", call);
		y->entry_id = ctf_event_class(r->w, name, f, n);
		snprintf(name, sizeof(name), "syscall_exit_%s", call);
		f[0].name = "ret";
		f[0].type = io && io->ret_hex ? CTF_HEX64 : CTF_S64;
		for (i = 0, n = 1; i < y->nargs; i++) {
			if (!DIR_EXIT(y->dir[i]))
				continue;
			f[n].name = y->names[i];
			/* A string the entry alone reads is its pointer here. */
			f[n++].type = y->type[i] == CTF_STRING && y->dir[i] != 'b' ? CTF_HEX64 :
				      y->type[i];
		}
		y->exit_id = ctf_event_class(r->w, name, f, n);
		return y;
	}
	f[0].name = "id";
	f[0].type = CTF_S32;
	for (i = 0; i < 6; i++) {
		f[i + 1].name = y->names[i];
		f[i + 1].type = CTF_HEX64;
	}
	y->entry_id = ctf_class_id(r->w, "syscall_entry_unknown");
	if (y->entry_id < 0)
		y->entry_id = ctf_event_class(r->w, "syscall_entry_unknown", f, 7);
	f[1].name = "ret";
	f[1].type = CTF_S64;
	y->exit_id = ctf_class_id(r->w, "syscall_exit_unknown");
	if (y->exit_id < 0)
		y->exit_id = ctf_event_class(r->w, "syscall_exit_unknown", f, 2);
	return y;
}

static void put_event(struct rd_run *r, int cpu, uint64_t ts, int id,
		      const union ctf_value *v)
{
	int err;

	if (id < 0 || r->err)
		return;
	err = ctf_event_ctx(r->w, cpu, ts, id, r->ctxv, v);
	if (err && err != -EMSGSIZE && err != -EINVAL)
		r->err = err;
}

/*
 * The class of probe index i of an RD_PROBE kind: prefix_FUNC, FUNC the
 * probe name's last part, any byte a TSDL string cannot hold as '_'.
 */
static int probe_class(struct rd_run *r, struct rd_kind *k, uint64_t i)
{
	const char *pn, *fn;
	char *name, *c;
	int id;

	if (!r->rt || i >= (uint64_t)r->rt->out.nprobes)
		return -1;
	if ((int)i >= k->npcls) {
		int n = (int)i + 1, j;

		k->pcls = xrealloc(k->pcls, (size_t)n * sizeof(*k->pcls));
		for (j = k->npcls; j < n; j++)
			k->pcls[j] = -1;
		k->npcls = n;
	}
	if (k->pcls[i] >= 0)
		return k->pcls[i];
	pn = r->rt->out.probe_names[i];
	fn = pn ? strrchr(pn, ':') : NULL;
	name = xasprintf("%s_%s", k->name, fn ? fn + 1 : "unknown");
	for (c = name; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == '"' || *c == '\\' || *c == 0x7f)
			*c = '_';
	id = ctf_class_id(r->w, name);
	if (id < 0)
		id = ctf_event_class(r->w, name, k->fields, k->nfields);
	free(name);
	k->pcls[i] = id;
	return id;
}

/* The frames of the stack in argument i, into ips (STACK_DEPTH). */
static uint32_t stack_at(struct rd_run *r, const struct fmt_spec *fs,
			 const void *p, int i, uint64_t *ips)
{
	const struct type *t = fs->args[i].type;
	int64_t id = (int64_t)u64at(fs, p, i);
	uint32_t key = (uint32_t)id, n = 0;
	int fd;

	if (!r->rt || id < 0 || t->stack_map < 0 || t->stack_map >= r->rt->out.nstack_fds)
		return 0;
	fd = r->rt->out.stack_fds[t->stack_map];
	memset(ips, 0, STACK_DEPTH * sizeof(*ips));
	if (fd < 0 || bpf_map_lookup_elem(fd, &key, ips))
		return 0;
	while (n < (uint32_t)t->stack_depth && n < STACK_DEPTH && ips[n])
		n++;
	return n;
}

/*
 * "/proc/PID" of a process in namespace ns of kind (as /proc/PID/ns
 * names them) into path: ferret's own if it is there.  0, or -ENOENT.
 */
static int ns_proc(const char *kind, uint32_t ns, char *path, size_t size)
{
	struct dirent *de;
	struct stat sb;
	char p[300];
	DIR *d;
	int err = -ENOENT;

	snprintf(p, sizeof(p), "/proc/self/ns/%s", kind);
	if (!stat(p, &sb) && sb.st_ino == ns) {
		snprintf(path, size, "/proc/self");
		return 0;
	}
	d = opendir("/proc");
	while (d && err && (de = readdir(d))) {
		if (atoi(de->d_name) <= 0)
			continue;
		snprintf(p, sizeof(p), "/proc/%s/ns/%s", de->d_name, kind);
		if (!stat(p, &sb) && sb.st_ino == ns) {
			snprintf(path, size, "/proc/%s", de->d_name);
			err = 0;
		}
	}
	if (d)
		closedir(d);
	return err;
}

/* The kernel's overflow id (kind "uid" or "gid"): what an unmapped id shows as. */
static uint32_t overflow_id(const char *kind)
{
	char path[64];
	unsigned long v = 65534;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/kernel/overflow%s", kind);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%lu", &v) != 1)
			v = 65534;
		fclose(f);
	}
	return (uint32_t)v;
}

/*
 * A v form of a credential id (vuid, ...): kid, an id of the initial
 * user namespace, as user namespace ns maps it up (from_kuid_munged()),
 * the overflow id if it maps no range holding it.  Records carry kid
 * and ns; each namespace's map is read once, from a process in it (a
 * map is written once: it cannot change after).  Mapping in BPF instead
 * costs ~200 bytes of BPF stack per range and form, more than a probe
 * has for all six forms.  A namespace whose processes are all gone
 * before its first event is written has no map to read: its ids show
 * as the overflow id.
 */
static uint32_t map_id(struct rd_run *r, uint32_t ns, bool gid, uint32_t kid)
{
	struct rd_idmap *m = NULL;
	char dir[300], path[320];
	unsigned long a, b, c;
	int i;
	FILE *f;

	for (i = 0; i < r->nidmaps && !m; i++)
		if (r->idmaps[i].ns == ns && r->idmaps[i].gid == gid)
			m = &r->idmaps[i];
	if (!m) {
		r->idmaps = xrealloc(r->idmaps, (size_t)(r->nidmaps + 1) * sizeof(*r->idmaps));
		m = &r->idmaps[r->nidmaps++];
		memset(m, 0, sizeof(*m));
		m->ns = ns;
		m->gid = gid;
		snprintf(path, sizeof(path), "/nonexistent");
		if (!ns_proc("user", ns, dir, sizeof(dir)))
			snprintf(path, sizeof(path), "%s/%s_map", dir, gid ? "gid" : "uid");
		f = fopen(path, "r");
		while (f && fscanf(f, "%lu %lu %lu", &a, &b, &c) == 3) {
			m->first = xrealloc(m->first, (size_t)(m->n + 1) * sizeof(*m->first));
			m->lower = xrealloc(m->lower, (size_t)(m->n + 1) * sizeof(*m->lower));
			m->count = xrealloc(m->count, (size_t)(m->n + 1) * sizeof(*m->count));
			m->first[m->n] = (uint32_t)a;
			m->lower[m->n] = (uint32_t)b;
			m->count[m->n++] = (uint32_t)c;
		}
		if (f)
			fclose(f);
	}
	for (i = 0; i < m->n; i++)
		if (kid >= m->lower[i] && kid - m->lower[i] < m->count[i])
			return m->first[i] + (kid - m->lower[i]);
	return overflow_id(gid ? "gid" : "uid");
}

/*
 * The event context of a record (--context) into r->ctxv: packed values
 * from its CPU value cv and the words from value index tail on, comm
 * and stacks from the values after those words.
 */
static void ctx_values(struct rd_run *r, const struct fmt_spec *fs, const void *p,
		       uint64_t cv, int tail)
{
	int i;

	for (i = 0; i < r->o->nctx; i++) {
		int id = r->o->ctx[i];
		const struct rd_ctxdesc *d = &rd_ctxs[id];
		const struct rd_ctxat *at = &r->cat[i];
		union ctf_value *v = &r->ctxv[at->field];
		int a = tail + r->nwords + at->tail;
		uint64_t x;

		switch (d->src) {
		case RD_SRC_CPU:
			v->i = (int64_t)(cv & RD_CPU_MASK);
			break;
		case RD_SRC_TEXT: {
			char *t = id == RD_CTX_PROCNAME ? r->procname : r->hostname;
			size_t n = (size_t)d->bits;

			memset(t, 0, n);
			if (a < fs->nargs)
				memcpy(t, (const char *)p + fs->args[a].offset,
				       (size_t)fs->args[a].type->size < n ? (size_t)fs->args[a].type->size : n);
			v->raw.p = t;
			v->raw.n = (uint32_t)n;
			break;
		}
		case RD_SRC_STACK: {
			uint64_t *ips = r->cstack[id == RD_CTX_KSTACK ? 0 : 1];
			uint32_t n = a < fs->nargs ? stack_at(r, fs, p, a, ips) : 0;

			/* A stack as deep as taken may go on: LTTng's delimiter says so. */
			if (n == STACK_DEPTH)
				ips[n++] = UINT64_MAX;
			v[0].u = n;
			v[1].raw.p = ips;
			v[1].raw.n = n * 8;
			break;
		}
		default:
			x = at->word ? (tail + at->word - 1 < fs->nargs ?
					u64at(fs, p, tail + at->word - 1) : 0) : cv;
			x >>= at->shift;
			if (d->bits < 64)
				x &= (1ULL << d->bits) - 1;
			if (d->src == RD_SRC_IDMAP) {
				v->u = map_id(r, (uint32_t)(x >> 32), strchr(d->name, 'g') != NULL,
					      (uint32_t)x);
			} else if (d->type >= CTF_S8 && d->type <= CTF_S64 && d->bits < 64 &&
				   (x >> (d->bits - 1)) & 1) {
				v->i = (int64_t)(x | ~((1ULL << d->bits) - 1));
			} else {
				v->u = x;
			}
			break;
		}
	}
}

/*
 * A --script printf record: its format is SCRIPT_PREFIX, "%s" for each
 * value of the event context at the end of other records, and the
 * script's own; its first values the time, the CPU value and those
 * (see script_rewrite()).
 */
#define SCRIPT_PREFIX "S%d%d"

static void script_line(struct rd_run *r, const struct fmt_spec *fs,
			const void *p, int cpu, uint64_t ts)
{
	static const struct ctf_field msg_f[] = { { "msg", CTF_STRING } };
	struct fmt_spec own = *fs;
	struct buf text = { 0 };
	union ctf_value v[1];
	int id;

	if (!r->rt || fs->nargs < 2 + r->ntail)
		return;
	ctx_values(r, fs, p, u64at(fs, p, 1), 2);
	own.fmt = fs->fmt + strlen(SCRIPT_PREFIX) + 2 * (size_t)r->ntail;
	own.args = fs->args + 2 + r->ntail;
	own.nargs = fs->nargs - 2 - r->ntail;
	if (print_format(&r->rt->out, &own, p, &text) < 0)
		return;
	while (text.len && text.p[text.len - 1] == '\n')
		text.len--;
	buf_put(&text, "", 1);
	id = ctf_class_id(r->w, "ferret_printf");
	if (id < 0)
		id = ctf_event_class(r->w, "ferret_printf", msg_f, 1);
	v[0].s = text.p;
	put_event(r, cpu, ts, id, v);
	buf_free(&text);
}

/* The argument registers of a record's register bytes (RD_REGS_FROM..). */
static void regs_args(const char *regs, uint64_t a[6])
{
	int i;

	for (i = 0; i < 6; i++) {
		a[i] = 0;
		if (regs)
			memcpy(&a[i], regs + reg_off[i], 8);
	}
}

/*
 * A decoded call's event (rd_sysdec.h): an RD_SYS_DEC record, or a
 * plain entry or exit record (regs NULL: none) of a side it reads
 * nothing at.
 */
static void sysdec_event(struct rd_run *r, const struct rd_sys *y, bool exit,
			 const struct fmt_spec *fs, const void *p, int cpu, uint64_t ts,
			 const char *regs, const struct rd_kind *k)
{
	union ctf_value v[RD_SYSDEC_FIELDS];
	struct rd_sysdec_in in = { 0 };
	int first = exit ? 5 : 4, j, nb = 0;
	const char *shape = k && k->mode == RD_SYS_DEC ? rd_sysdec_shape(k->dread) : "";
	uint64_t a[6];

	regs_args(regs, a);
	for (j = 0; shape[j] && first + j < fs->nargs && nb < 3; j++) {
		const char *q = (const char *)p + fs->args[first + j].offset;
		uint64_t len, cap = (uint64_t)fs->args[first + j].type->size - 8;

		if (shape[j] == 'd') {
			in.num = (int32_t)u64at(fs, p, first + j);
			continue;
		}
		memcpy(&len, q, 8);
		in.p[nb] = (const uint8_t *)q + 8;
		in.len[nb++] = len != BUF_UNREAD && len > cap ? cap : len;
	}
	rd_sysdec_values(y->dec, exit, a, exit ? (int64_t)u64at(fs, p, 3) : 0,
			 k && k->mode == RD_SYS_DEC ? &in : NULL, v, &r->decbytes);
	put_event(r, cpu, ts, exit ? y->exit_id : y->entry_id, v);
}

/*
 * Writes one record as its CTF event: the values of its kind, then
 * (--context) those of its context, which are left out of fs here.
 */
static void emit(struct rd_run *r, const struct fmt_spec *fs, const void *p)
{
	union ctf_value v[RD_FIELDS_MAX + 8];
	struct fmt_spec own;
	struct rd_kind *k;
	uint64_t ts = u64at(fs, p, 0), cv = u64at(fs, p, 1);
	int cpu = (int)(cv & RD_CPU_MASK), idx, i;
	size_t need = 0, off = 0;
	long nr;

	if (fs->fmt[0] == 'S') {
		script_line(r, fs, p, cpu, ts);
		return;
	}
	if (fs->nargs < 2 + r->ntail)
		return;
	ctx_values(r, fs, p, cv, fs->nargs - r->ntail);
	own = *fs;
	own.nargs -= r->ntail;
	fs = &own;
	idx = (int)strtol(fs->fmt + 1, NULL, 10);
	if (idx < 0 || idx >= r->kinds.n)
		return;
	k = r->kinds.v[idx];
	for (i = 2; i < fs->nargs; i++)
		if (fs->args[i].type->kind == TY_STR)
			need += (size_t)fs->args[i].type->size + 1;
	if (r->scratch.cap < need) {
		r->scratch.p = xrealloc(r->scratch.p, need);
		r->scratch.cap = need;
	}
	switch (k->mode) {
	case RD_FIXED:
		for (i = 0; i < k->nfields && i + 2 < fs->nargs; i++) {
			if (k->fields[i].type == CTF_STRING)
				v[i].s = strat(r, fs, p, i + 2, &off);
			else
				v[i].u = u64at(fs, p, i + 2);
		}
		put_event(r, cpu, ts, class_of(r, k), v);
		break;
	case RD_PROBE:
		for (i = 0; i < k->nfields && i + 3 < fs->nargs; i++)
			v[i].u = u64at(fs, p, i + 3);
		put_event(r, cpu, ts, probe_class(r, k, u64at(fs, p, 2)), v);
		break;
	case RD_GRAPH_ENTRY:
	case RD_GRAPH_EXIT: {
		uint64_t id = u64at(fs, p, 2);

		if (!id || id > (uint64_t)r->ngfunc)
			break;
		v[0].u = r->gaddr[id];
		v[1].s = r->gname[id];
		v[2].u = u64at(fs, p, 3);
		if (k->mode == RD_GRAPH_EXIT) {
			v[3].u = 0;
			v[4].u = u64at(fs, p, 4);
			v[5].u = ts;
		}
		put_event(r, cpu, ts, class_of(r, k), v);
		break;
	}
	case RD_SYS_DEC: {
		struct rd_sys *y;

		nr = (long)u64at(fs, p, 2);
		y = sys_of(r, nr);
		if (y->dec && fs->nargs > (k->dexit ? 4 : 3))
			sysdec_event(r, y, k->dexit, fs, p, cpu, ts,
				     (const char *)p + fs->args[k->dexit ? 4 : 3].offset + 8, k);
		break;
	}
	case RD_PROFILE: {
		uint64_t ks[STACK_DEPTH], us[STACK_DEPTH];

		v[1].u = u64at(fs, p, 2);
		v[2].u = u64at(fs, p, 3);
		v[3].seq.v = ks;
		v[3].seq.n = stack_at(r, fs, p, 4, ks);
		v[4].seq.v = us;
		v[4].seq.n = stack_at(r, fs, p, 5, us);
		v[0].u = v[3].seq.n ? ks[0] : v[4].seq.n ? us[0] : 0;
		put_event(r, cpu, ts, class_of(r, k), v);
		break;
	}
	case RD_SYS_ENTER: {
		const char *regs;
		struct rd_sys *y;
		int base = 0, j;

		nr = (long)u64at(fs, p, 2);
		y = sys_of(r, nr);
		if (nr < 0 || nr >= RD_NR_MAX || !st_sys_by_nr(nr)) {
			v[0].i = nr;
			base = 1;
		}
		/* The registers: a buf(), its u64 length first. */
		regs = (const char *)p + fs->args[3].offset + 8;
		if (y->dec) {
			sysdec_event(r, y, false, fs, p, cpu, ts, regs, k);
			break;
		}
		for (i = j = 0; i < y->nargs; i++) {
			if (!DIR_ENTRY(y->dir[i]) && !base)
				continue;
			if (y->str_slot[i] >= 0 && y->str_slot[i] < k->nstr)
				v[base + j].s = strat(r, fs, p, 4 + y->str_slot[i], &off);
			else if (y->str_slot[i] >= 0)
				v[base + j].s = "";
			else
				memcpy(&v[base + j].u, regs + reg_off[i], 8);
			j++;
		}
		put_event(r, cpu, ts, y->entry_id, v);
		break;
	}
	case RD_SYS_EXIT: {
		const char *regs = NULL;
		struct rd_sys *y;
		int j;

		nr = (long)u64at(fs, p, 2);
		y = sys_of(r, nr);
		if (nr < 0 || nr >= RD_NR_MAX || !st_sys_by_nr(nr)) {
			v[0].i = nr;
			v[1].u = u64at(fs, p, 3);
			put_event(r, cpu, ts, y->exit_id, v);
			break;
		}
		v[0].u = u64at(fs, p, 3);
		if ((k->regs || k->arr) && fs->nargs > 4)
			regs = (const char *)p + fs->args[4].offset + 8;
		if (y->dec) {
			sysdec_event(r, y, true, fs, p, cpu, ts, regs, k);
			break;
		}
		for (i = 0, j = 1; i < y->nargs; i++) {
			if (!DIR_EXIT(y->dir[i]))
				continue;
			v[j].u = 0;
			if (y->dir[i] == 'A') {
				if (k->arr && fs->nargs > 5)
					v[j].u = u64at(fs, p, 5);
			} else if (y->str_slot[i] >= 0 && y->dir[i] == 'b') {
				v[j].s = y->str_slot[i] < k->nstr ?
					 strat(r, fs, p, 5 + y->str_slot[i], &off) : "";
			} else if (regs) {
				memcpy(&v[j].u, regs + reg_off[i], 8);
			}
			j++;
		}
		put_event(r, cpu, ts, y->exit_id, v);
		break;
	}
	}
}

static void emit_pend(struct rd_run *r, struct rd_pend *e)
{
	emit(r, e->fs, e->data);
}

/* Takes a record through its CPU's window (see struct rd_pend). */
static void rd_printf(void *arg, const struct fmt_spec *fs, const void *payload)
{
	struct rd_run *r = arg;
	struct rd_cpu *c;
	struct rd_pend e;
	int cpu, i;

	if ((fs->fmt[0] != 'K' && fs->fmt[0] != 'S') || fs->nargs < 2)
		return;
	cpu = (int)(u64at(fs, payload, 1) & RD_CPU_MASK);
	if (cpu < 0 || cpu >= r->ncpus) {
		emit(r, fs, payload);
		return;
	}
	c = &r->cpus[cpu];
	/* The spare slot past the n held takes the record. */
	e = c->slot[c->n];
	if (e.cap < (size_t)fs->size) {
		e.data = xrealloc(e.data, (size_t)fs->size);
		e.cap = (size_t)fs->size;
	}
	memcpy(e.data, payload, (size_t)fs->size);
	e.fs = fs;
	e.ts = u64at(fs, payload, 0);
	for (i = c->n; i > 0 && c->slot[i - 1].ts > e.ts; i--)
		c->slot[i] = c->slot[i - 1];
	c->slot[i] = e;
	if (++c->n <= RD_WINDOW)
		return;
	e = c->slot[0];
	emit_pend(r, &e);
	memmove(c->slot, c->slot + 1, (size_t)(c->n - 1) * sizeof(c->slot[0]));
	c->n--;
	c->slot[c->n] = e;
}

static void drain(struct rd_run *r)
{
	int cpu, i;

	for (cpu = 0; cpu < r->ncpus; cpu++) {
		struct rd_cpu *c = &r->cpus[cpu];

		for (i = 0; i < c->n; i++)
			emit_pend(r, &c->slot[i]);
		c->n = 0;
	}
}

/*
 * The probe runs the kernel skipped: a program is not run again on a CPU
 * where it is already running (a tracepoint hit from within it, by way
 * of an interrupt's), and the kernel counts those only in the program.
 * No record was reserved, so no CPU's stream can count them: the end
 * of the run tells them.  record's programs are its own (no pin cache),
 * so the count starts at 0.
 */
static uint64_t prog_misses(const struct runtime *rt)
{
	uint64_t n = 0;
	int i;

	for (i = 0; i < rt->c->progs.n; i++) {
		const struct cprog *p = rt->c->progs.v[i];
		struct bpf_prog_info info;
		uint32_t len = sizeof(info);

		memset(&info, 0, sizeof(info));
		if (p->fd >= 0 && !bpf_obj_get_info_by_fd(p->fd, &info, &len))
			n += info.recursion_misses;
	}
	return n;
}

/* Records lost since the last look, counted on their CPUs' streams. */
static void count_lost(struct rd_run *r, struct runtime *rt)
{
	uint32_t key = STAT_LOST;
	int cpu;

	if (!rt || rt->stats_fd < 0 || bpf_map_lookup_elem(rt->stats_fd, &key, r->lostv))
		return;
	for (cpu = 0; cpu < r->ncpus; cpu++)
		if (r->lostv[cpu] > r->cpus[cpu].lost) {
			ctf_discarded(r->w, cpu, r->lostv[cpu] - r->cpus[cpu].lost);
			r->cpus[cpu].lost = r->lostv[cpu];
		}
}

/* ------------------------------------------------------------------ */
/* The statedump: the threads alive at the start, from /proc.           */

/* LTTng's lttng_process_status values. */
enum { LT_UNNAMED = 0, LT_WAIT_CPU = 2, LT_ZOMBIE = 4, LT_WAIT = 5, LT_DEAD = 7 };

static const struct ctf_field sd_fields[] = {
	{ "tid", CTF_S32 }, { "pid", CTF_S32 }, { "ppid", CTF_S32 },
	{ "name", CTF_STRING }, { "type", CTF_S32 }, { "mode", CTF_S32 },
	{ "submode", CTF_S32 }, { "status", CTF_S32 }, { "cpu", CTF_S32 },
};

/* One thread's state from /proc/PID/task/TID/stat; false if it is gone. */
static bool thread_state(int pid, int tid, union ctf_value *v, char *comm, size_t n)
{
	char path[64], buf[1024], *e, state;
	unsigned long flags;
	int ppid, cpu = 0, i;
	ssize_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	len = (ssize_t)fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	if (len <= 0)
		return false;
	buf[len] = 0;
	e = strrchr(buf, ')');
	if (!e || !strchr(buf, '('))
		return false;
	*e = 0;
	snprintf(comm, n, "%s", strchr(buf, '(') + 1);
	if (sscanf(e + 1, " %c %d %*d %*d %*d %*d %lu", &state, &ppid, &flags) != 3)
		return false;
	/* The processor field, the 39th. */
	for (i = 3, e = e + 1; i < 39 && e; i++)
		e = strchr(e + 1, ' ');
	if (e)
		cpu = atoi(e + 1);
	v[0].i = tid;
	v[1].i = pid;
	v[2].i = ppid;
	v[3].s = comm;
	/* PF_KTHREAD: LTTng's KERNEL_THREAD (1), else USER_THREAD (0). */
	v[4].i = (flags & 0x00200000) ? 1 : 0;
	v[5].i = 5;	/* LTTNG_MODE_UNKNOWN */
	v[6].i = 0;	/* LTTNG_NONE */
	v[7].i = state == 'R' ? LT_WAIT_CPU : state == 'Z' ? LT_ZOMBIE :
		 state == 'X' ? LT_DEAD : strchr("SDIT t", state) ? LT_WAIT : LT_UNNAMED;
	v[8].i = cpu;
	return true;
}

/* The inode number of ferret's own namespace kind (/proc/thread-self/ns/KIND). */
static uint32_t self_ns(const char *kind)
{
	char path[64];
	struct stat sb;

	snprintf(path, sizeof(path), "/proc/thread-self/ns/%s", kind);
	return stat(path, &sb) ? 0 : (uint32_t)sb.st_ino;
}

/*
 * The event context of ferret's own thread, which writes the statedump
 * (LTTng's statedump events carry the context of the thread that runs
 * it), on CPU 0's stream: its cpu_id 0.  Its stacks are left empty.
 */
static void self_context(struct rd_run *r)
{
	static const char *const ns[] = {
		[RD_CTX_PID_NS - RD_CTX_PID_NS] = "pid", [RD_CTX_MNT_NS - RD_CTX_PID_NS] = "mnt",
		[RD_CTX_NET_NS - RD_CTX_PID_NS] = "net", [RD_CTX_USER_NS - RD_CTX_PID_NS] = "user",
		[RD_CTX_UTS_NS - RD_CTX_PID_NS] = "uts", [RD_CTX_IPC_NS - RD_CTX_PID_NS] = "ipc",
		[RD_CTX_CGROUP_NS - RD_CTX_PID_NS] = "cgroup", [RD_CTX_TIME_NS - RD_CTX_PID_NS] = "time",
	};
	struct utsname un;
	uid_t u[3];
	gid_t g[3];
	int i, prio = 0, nice = 0;
	FILE *f;

	memset(r->procname, 0, sizeof(r->procname));
	if (prctl(PR_GET_NAME, r->procname))
		snprintf(r->procname, sizeof(r->procname), "ferret");
	if (getresuid(&u[0], &u[1], &u[2]))
		u[0] = u[1] = u[2] = 0;
	if (getresgid(&g[0], &g[1], &g[2]))
		g[0] = g[1] = g[2] = 0;
	/* Fields 18 and 19 of stat: the priority as LTTng's prio, and nice. */
	f = fopen("/proc/thread-self/stat", "r");
	if (f) {
		char line[1024], *e;

		if (fgets(line, sizeof(line), f) && (e = strrchr(line, ')')) &&
		    sscanf(e + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %d %d",
			   &prio, &nice) != 2)
			prio = nice = 0;
		fclose(f);
	}
	for (i = 0; i < r->o->nctx; i++) {
		int id = r->o->ctx[i];
		union ctf_value *v = &r->ctxv[r->cat[i].field];

		switch (id) {
		case RD_CTX_TID:
		case RD_CTX_VTID:
			v->i = (int64_t)syscall(SYS_gettid);
			break;
		case RD_CTX_PID:
		case RD_CTX_VPID:
			v->i = (int64_t)getpid();
			break;
		case RD_CTX_PPID:
		case RD_CTX_VPPID:
			v->i = (int64_t)getppid();
			break;
		case RD_CTX_PRIO:
			v->i = prio;
			break;
		case RD_CTX_NICE:
			v->i = nice;
			break;
		case RD_CTX_PROCNAME:
			v->raw.p = r->procname;
			v->raw.n = 16;
			break;
		case RD_CTX_HOSTNAME:
			memset(r->hostname, 0, sizeof(r->hostname));
			if (!uname(&un))
				snprintf(r->hostname, sizeof(r->hostname), "%s", un.nodename);
			v->raw.p = r->hostname;
			v->raw.n = RD_HOST_LEN;
			break;
		case RD_CTX_UID: case RD_CTX_VUID: v->u = u[0]; break;
		case RD_CTX_EUID: case RD_CTX_VEUID: v->u = u[1]; break;
		case RD_CTX_SUID: case RD_CTX_VSUID: v->u = u[2]; break;
		case RD_CTX_GID: case RD_CTX_VGID: v->u = g[0]; break;
		case RD_CTX_EGID: case RD_CTX_VEGID: v->u = g[1]; break;
		case RD_CTX_SGID: case RD_CTX_VSGID: v->u = g[2]; break;
		case RD_CTX_KSTACK:
		case RD_CTX_USTACK:
			v[0].u = 0;
			v[1].raw.p = r->cstack[0];
			v[1].raw.n = 0;
			break;
		default:
			if (id >= RD_CTX_PID_NS && id <= RD_CTX_TIME_NS)
				v->u = self_ns(ns[id - RD_CTX_PID_NS]);
			else
				v->u = 0;	/* cpu_id, need_reschedule */
			break;
		}
	}
}

/*
 * lttng_statedump_start, a process_state per thread, lttng_statedump_end,
 * on CPU 0 at the start: before anything is attached, so before every
 * event of that stream.
 */
static void statedump(struct rd_run *r)
{
	int start = ctf_event_class(r->w, "lttng_statedump_start", NULL, 0);
	int ps = ctf_event_class(r->w, "lttng_statedump_process_state", sd_fields,
				 ARRAY_SIZE(sd_fields));
	int end = ctf_event_class(r->w, "lttng_statedump_end", NULL, 0);
	struct timespec now;
	struct dirent *de, *te;
	uint64_t ts;
	DIR *d, *td;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ts = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
	self_context(r);
	put_event(r, 0, ts, start, NULL);
	d = opendir("/proc");
	while (d && (de = readdir(d))) {
		char path[64];
		int pid = atoi(de->d_name);

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task", pid);
		td = opendir(path);
		while (td && (te = readdir(td))) {
			union ctf_value v[9];
			char comm[64];
			int tid = atoi(te->d_name);

			if (tid > 0 && thread_state(pid, tid, v, comm, sizeof(comm)))
				put_event(r, 0, ts, ps, v);
		}
		if (td)
			closedir(td);
	}
	if (d)
		closedir(d);
	put_event(r, 0, ts, end, NULL);
}

/* ------------------------------------------------------------------ */
/* The run.                                                             */

/* The threads of process pid into @pids. */
static int add_threads(int fd, pid_t pid)
{
	char path[64];
	struct dirent *de;
	uint64_t one = 1;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	while (d && (de = readdir(d))) {
		uint64_t tid = (uint64_t)atoi(de->d_name);

		if (tid > 0 && !bpf_map_update_elem(fd, &tid, &one, BPF_ANY))
			n++;
	}
	if (d)
		closedir(d);
	if (!d) {
		uint64_t k = (uint64_t)pid;

		if (!bpf_map_update_elem(fd, &k, &one, BPF_ANY))
			n++;
	}
	return n ? 0 : -errno;
}

/* A probe of the function graph: its function, probe index, what it is. */
struct graph_probe {
	const char *func;
	uint64_t index;
	bool ret, root;
};

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Whether the graph's functions are few enough (RD_GRAPH_MAX), told
 * before anything is compiled; a spec that matches nothing is said.
 */
static bool graph_size_ok(const struct rd_opts *o)
{
	struct vec insts = { 0 };
	const char **names;
	int i, n = 0, err = 0;

	for (i = 0; i < o->ngroot + o->ngglob && !err; i++) {
		char *spec = xasprintf("%s:%s", o->gvia[0], i < o->ngroot ? o->groot[i] :
				       o->gglob[i - o->ngroot]);

		err = expand_spec(spec, &insts);
		free(spec);
	}
	names = xcalloc((size_t)insts.n + 1, sizeof(*names));
	for (i = 0; i < insts.n; i++)
		names[i] = ((struct probe_inst *)insts.v[i])->func;
	qsort(names, (size_t)insts.n, sizeof(*names), str_cmp);
	for (i = 0; i < insts.n; i++)
		n += !i || strcmp(names[i - 1], names[i]);
	if (!err && n > RD_GRAPH_MAX)
		fprintf(stderr, "ferret record: the function graph's globs match %d kernel functions; "
			"at most %d (each takes a%s %s and %s of its own): narrow -G\n",
			n, RD_GRAPH_MAX, strcmp(o->gvia[0], "fentry") ? "" : "n", o->gvia[0], o->gvia[1]);
	free(names);
	for (i = 0; i < insts.n; i++)
		provider_inst_free(insts.v[i]);
	vec_free(&insts);
	return !err && n <= RD_GRAPH_MAX;
}

static int graph_probe_cmp(const void *a, const void *b)
{
	const struct graph_probe *x = a, *y = b;
	int c = strcmp(x->func, y->func);

	if (c)
		return c;
	if (x->ret != y->ret)
		return x->ret ? 1 : -1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * Gives each function of the graph's blocks an id, from 1 in name
 * order, with its address from kallsyms, and @fgid the value of each
 * probe (see graph_prog()): the first entry and the first return probe
 * of a function have its id, others none (no entry: 0).  0 or -errno,
 * said.
 */
static int graph_setup(struct rd_run *r, struct runtime *rt)
{
	const struct map_info *m = run_map_named(rt, "@fgid");
	struct graph_probe *gp;
	int i, j, n = 0, err = 0;
	const void *last_group = NULL;

	if (!m || !m->sym || !m->sym->key || m->sym->key->size != 8) {
		fprintf(stderr, "ferret record: the function graph's map is missing\n");
		return -ENOENT;
	}
	gp = xcalloc((size_t)rt->c->attach.n + 1, sizeof(*gp));
	for (i = 0; i < rt->c->attach.n; i++) {
		const struct cattach *at = rt->c->attach.v[i];
		int line = at->clause ? at->clause->loc.line : 0;

		if (line != r->graph_line[0] && line != r->graph_line[1])
			continue;
		if (!at->pi->func)
			continue;
		gp[n].func = at->pi->func;
		gp[n].index = (uint64_t)at->pi->index;
		gp[n].ret = line == r->graph_line[1];
		for (j = 0; j < r->o->ngroot; j++)
			gp[n].root |= util_glob(r->o->groot[j], at->pi->func);
		/* The refused matches of a wildcard, once per wildcard. */
		if (!gp[n].ret && at->pi->group != last_group)
			r->grefused += provider_group_skipped(at->pi);
		last_group = at->pi->group;
		n++;
	}
	qsort(gp, (size_t)n, sizeof(*gp), graph_probe_cmp);
	r->gname = xcalloc((size_t)n + 2, sizeof(*r->gname));
	r->gaddr = xcalloc((size_t)n + 2, sizeof(*r->gaddr));
	for (i = 0; i < n && !err; i++) {
		bool first = !i || strcmp(gp[i - 1].func, gp[i].func);
		bool first_ret = gp[i].ret && (first || !gp[i - 1].ret);
		uint64_t v;

		if (first) {
			r->ngfunc++;
			r->gname[r->ngfunc] = xstrdup(gp[i].func);
			if (ksyms_lookup(gp[i].func, &r->gaddr[r->ngfunc]))
				r->gaddr[r->ngfunc] = 0;
		}
		if (!first && !first_ret)
			continue;
		v = (uint64_t)r->ngfunc << 1 | (gp[i].root ? 1 : 0);
		if (bpf_map_update_elem(m->fd, &gp[i].index, &v, BPF_ANY))
			err = -errno;
	}
	free(gp);
	if (err)
		fprintf(stderr, "ferret record: cannot fill the function graph's map: %s\n",
			strerror(-err));
	return err;
}

static int rd_setup(void *arg, struct runtime *rt)
{
	struct rd_run *r = arg;
	const struct map_info *m;
	int i, err;

	r->rt = rt;
	if (r->o->ngroot && (err = graph_setup(r, rt)))
		return err;
	if (r->want_sys) {
		int64_t *vals = xcalloc(RD_NR_MAX + 2, sizeof(*vals));
		long nr;

		for (nr = 0; nr < RD_NR_MAX; nr++)
			vals[nr] = ss_bits(st_sys_by_nr(nr));
		m = run_map_named(rt, "@ss");
		err = m ? loader_array_fill(m->fd, vals, RD_NR_MAX + 2, sizeof(*vals)) : -ENOENT;
		free(vals);
		if (err) {
			fprintf(stderr, "ferret record: cannot fill the map of calls: %s\n",
				strerror(-err));
			return err;
		}
	}
	if (r->filter) {
		m = run_map_named(rt, "@pids");
		if (!m)
			return -ENOENT;
		if (r->child > 0 && (err = add_threads(m->fd, r->child))) {
			fprintf(stderr, "ferret record: cannot set the threads to record: %s\n",
				strerror(-err));
			return err;
		}
		for (i = 0; i < r->o->npids; i++)
			if ((err = add_threads(m->fd, r->o->pids[i]))) {
				fprintf(stderr, "ferret record: process %d: %s\n",
					(int)r->o->pids[i], strerror(-err));
				return err;
			}
	}
	statedump(r);
	if (r->o->duration > 0) {
		struct itimerspec its = { 0 };

		r->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
		its.it_value.tv_sec = (time_t)r->o->duration;
		its.it_value.tv_nsec = (long)((r->o->duration - (double)its.it_value.tv_sec) * 1e9);
		if (!its.it_value.tv_sec && !its.it_value.tv_nsec)
			its.it_value.tv_nsec = 1;
		if (r->timer_fd < 0 || timerfd_settime(r->timer_fd, 0, &its, NULL)) {
			fprintf(stderr, "ferret record: -d: %s\n", strerror(errno));
			return -errno;
		}
	}
	return 0;
}

static int rd_poll_fd(void *arg)
{
	struct rd_run *r = arg;

	return r->timer_fd;
}

static void rd_poll_ready(void *arg)
{
	struct rd_run *r = arg;
	uint64_t n;

	if (read(r->timer_fd, &n, sizeof(n)) == (ssize_t)sizeof(n) || errno != EAGAIN)
		r->expired = true;
}

static bool rd_tick(void *arg, bool child_done)
{
	struct rd_run *r = arg;
	int i;

	if (r->expired || r->err)
		return true;
	if (r->child > 0)
		return child_done;
	if (!r->o->npids)
		return false;
	for (i = 0; i < r->o->npids; i++)
		if (kill(r->o->pids[i], 0) == 0 || errno != ESRCH)
			return false;
	return true;
}

static void rd_finish(void *arg, struct runtime *rt)
{
	struct rd_run *r = arg;

	drain(r);
	count_lost(r, rt);
	r->skipped = prog_misses(rt);
}

/* Gives n and everything under it the location loc. */
static void relocate(struct node *n, const struct loc *loc)
{
	int i;

	if (!n)
		return;
	n->loc = *loc;
	relocate(n->a, loc);
	relocate(n->b, loc);
	relocate(n->c, loc);
	for (i = 0; i < n->nlist; i++)
		relocate(n->list[i], loc);
}

/* The first call under n. */
static struct node *find_call(struct node *n)
{
	struct node *c = NULL;
	int i;

	if (!n || n->kind == N_CALL)
		return n;
	c = find_call(n->a);
	if (!c)
		c = find_call(n->b);
	if (!c)
		c = find_call(n->c);
	for (i = 0; !c && i < n->nlist; i++)
		c = find_call(n->list[i]);
	return c;
}

/*
 * The values every record starts with (the time and the CPU value of
 * ctx_exprs()) and ends with (its words, comm, stacks) as nodes at loc,
 * into head: how many, or -1 if they do not parse (they always do).
 */
static int head_nodes(const struct rd_run *r, struct node **head, int max,
		      const struct loc *loc)
{
	struct source src = { .name = "ferret-record" };
	struct buf t = { 0 };
	struct node *prog, *n;
	int nh = -1, j;

	buf_printf(&t, "BEGIN { printf(\"\", nsecs, %s%s); }", r->cpuv.p, r->targs.p);
	src.text = t.p;
	prog = parse_program(&src);
	n = find_call(prog);
	if (n && n->nlist - 1 <= max) {
		nh = n->nlist - 1;
		for (j = 0; j < nh; j++) {
			head[j] = n->list[1 + j];
			relocate(head[j], loc);
		}
		n->nlist = 1;
	}
	if (prog)
		ast_free(prog);
	buf_free(&t);
	return nh;
}

/*
 * The script's printf calls (in probes up to line last, the script's
 * part of the text) get the time, the CPU value and the values at the
 * end of other records (ctx_exprs()) as their first values, and
 * SCRIPT_PREFIX with a "%d" for each word and a "%s" for each other
 * value of those before their format, which rd_printf() knows them by.
 */
static void script_rewrite(struct node *n, int last, const struct rd_run *r)
{
	int i;

	if (!n)
		return;
	if (n->kind == N_PROBE && n->loc.line > last)
		return;
	if (n->kind == N_CALL && n->name && !strcmp(n->name, "printf") && n->nlist >= 1 &&
	    n->list[0]->kind == N_STR) {
		struct node *f = n->list[0], *head[2 + 2 * RD_CTX_N];
		size_t pl = strlen(SCRIPT_PREFIX);
		int nh, j;
		char *s;

		nh = head_nodes(r, head, (int)ARRAY_SIZE(head), &n->loc);
		if (nh < 0)
			return;
		s = xmalloc(f->slen + pl + 2 * (size_t)r->ntail + 1);
		memcpy(s, SCRIPT_PREFIX, pl);
		for (j = 0; j < r->ntail; j++)
			memcpy(s + pl + 2 * j, j < r->nwords ? "%d" : "%s", 2);
		pl += 2 * (size_t)r->ntail;
		memcpy(s + pl, f->str, f->slen);
		s[f->slen + pl] = 0;
		free(f->str);
		f->str = s;
		f->slen += pl;
		for (j = 0; j < nh; j++)
			ast_push(n, head[j]);
		memmove(n->list + 1 + nh, n->list + 1, (size_t)(n->nlist - 1 - nh) * sizeof(*n->list));
		for (j = 0; j < nh; j++)
			n->list[1 + j] = head[j];
	}
	script_rewrite(n->a, last, r);
	script_rewrite(n->b, last, r);
	script_rewrite(n->c, last, r);
	for (i = 0; i < n->nlist; i++)
		script_rewrite(n->list[i], last, r);
}

/* ------------------------------------------------------------------ */
/* Options.                                                             */

/* --context TYPE[,TYPE...]: the event context's fields, in order. */
static int add_contexts(struct rd_opts *o, const char *arg)
{
	char *copy = xstrdup(arg), *save = NULL, *t;
	int i, j, err = 0;

	for (t = strtok_r(copy, ",", &save); t && !err; t = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < RD_CTX_N && strcmp(rd_ctxs[i].name, t); i++)
			;
		if (i == RD_CTX_N && !strncmp(t, "perf:", 5)) {
			fprintf(stderr, "ferret record: --context: '%s': LTTng's perf counter "
				"contexts are not supported yet\n", t);
			err = -1;
		} else if (i == RD_CTX_N) {
			fprintf(stderr, "ferret record: --context: unknown context type '%s' (", t);
			for (i = j = 0; i < RD_CTX_N; i++)
				if (rd_ctxs[i].src != RD_SRC_REFUSED)
					fprintf(stderr, "%s%s", j++ ? ", " : "", rd_ctxs[i].name);
			fprintf(stderr, ")\n");
			err = -1;
			break;
		}
		if (rd_ctxs[i].src == RD_SRC_REFUSED ||
		    (i == RD_CTX_NEED_RESCHED && rd_tif_resched() < 0)) {
			fprintf(stderr, "ferret record: --context: %s is not supported: %s\n", t,
				rd_ctxs[i].src == RD_SRC_REFUSED ? rd_ctxs[i].expr :
				"the bit of TIF_NEED_RESCHED on this architecture is not known");
			err = -1;
			break;
		}
		for (j = 0; j < o->nctx; j++)
			if (o->ctx[j] == i) {
				fprintf(stderr, "ferret record: --context: %s given twice\n", t);
				err = -1;
			}
		if (!err)
			o->ctx[o->nctx++] = i;
	}
	free(copy);
	return err;
}

static int parse_opts(int argc, char **argv, struct rd_opts *o)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "dump-program", no_argument, NULL, 'D' },
		{ "output", required_argument, NULL, 'o' },
		{ "event", required_argument, NULL, 'e' },
		{ "all-cpus", no_argument, NULL, 'a' },
		{ "pid", required_argument, NULL, 'p' },
		{ "duration", required_argument, NULL, 'd' },
		{ "script", required_argument, NULL, 'S' },
		{ "graph", required_argument, NULL, 'g' },
		{ "graph-funcs", required_argument, NULL, 'G' },
		{ "graph-probes", required_argument, NULL, 'P' },
		{ "context", required_argument, NULL, 'C' },
		{ NULL, 0, NULL, 0 },
	};
	const char *cmd = NULL;
	char *end;
	int opt, i, j;
	long v;

	while ((opt = getopt_long(argc, argv, "+c:p:ad:o:e:g:G:s:b:vqh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			cmd = optarg;
			break;
		case 'p':
			/* PID[,PID...], as perf record -p takes them. */
			for (end = optarg;; end++) {
				const char *at = end;

				errno = 0;
				v = strtol(at, &end, 10);
				if (end == at || (*end && *end != ',') || errno || v <= 0 ||
				    v > INT_MAX) {
					fprintf(stderr, "ferret record: -p: '%s' is not a process id\n",
						optarg);
					return -1;
				}
				o->pids = xrealloc(o->pids, (size_t)(o->npids + 1) * sizeof(*o->pids));
				o->pids[o->npids++] = (pid_t)v;
				if (!*end)
					break;
			}
			break;
		case 'a':
			o->all = true;
			break;
		case 'd':
			o->duration = strtod(optarg, &end);
			if (*end || end == optarg || !(o->duration > 0) || o->duration > 1e9) {
				fprintf(stderr, "ferret record: -d: '%s' is not a number of seconds\n",
					optarg);
				return -1;
			}
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'e':
			o->sets = xrealloc(o->sets, (size_t)(o->nsets + 1) * sizeof(*o->sets));
			o->sets[o->nsets++] = optarg;
			break;
		case 'g':
			o->groot = xrealloc(o->groot, (size_t)(o->ngroot + 1) * sizeof(*o->groot));
			o->groot[o->ngroot++] = optarg;
			break;
		case 'G':
			o->gglob = xrealloc(o->gglob, (size_t)(o->ngglob + 1) * sizeof(*o->gglob));
			o->gglob[o->ngglob++] = optarg;
			break;
		case 'P':
			if (!strcmp(optarg, "fentry")) {
				o->gvia[0] = "fentry";
				o->gvia[1] = "fexit";
			} else if (!strcmp(optarg, "kprobe")) {
				o->gvia[0] = "kprobe";
				o->gvia[1] = "kretprobe";
			} else {
				fprintf(stderr, "ferret record: --graph-probes: '%s' is not kprobe or "
					"fentry\n", optarg);
				return -1;
			}
			break;
		case 's':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 4095) {
				fprintf(stderr, "ferret record: -s: '%s' is not a size from 1 to 4095\n",
					optarg);
				return -1;
			}
			o->strsize = (int)v;
			break;
		case 'b':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 4096 || (v & (v - 1))) {
				fprintf(stderr, "ferret record: -b: '%s' is not a power of two from 1 to 4096 (MiB)\n",
					optarg);
				return -1;
			}
			o->bufsize_mb = (int)v;
			break;
		case 'S':
			o->script = optarg;
			break;
		case 'C':
			if (add_contexts(o, optarg))
				return -1;
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'D':
			o->dump = true;
			break;
		case 'h':
			rd_usage(stdout);
			return 1;
		default:
			rd_usage(stderr);
			return -1;
		}
	}
	if (cmd && optind < argc) {
		fprintf(stderr, "ferret record: both -c and a command given\n");
		return -1;
	}
	if (cmd) {
		o->cmd = run_split_command(cmd, &o->cmd_copy);
		if (!o->cmd[0] || !*o->cmd[0]) {
			fprintf(stderr, "ferret record: -c: an empty command\n");
			return -1;
		}
	} else if (optind < argc) {
		o->cmd = argv + optind;
	}
	if (!o->cmd && !o->npids && !o->all && !o->dump) {
		fprintf(stderr, "ferret record: nothing to record: give a command (-c CMD), "
			"processes (-p PID) or the whole system (-a)\n");
		return -1;
	}
	if (o->all && (o->cmd || o->npids)) {
		fprintf(stderr, "ferret record: -a records the whole system: not with -c or -p\n");
		return -1;
	}
	if (o->cmd && o->npids) {
		fprintf(stderr, "ferret record: -c and -p do not go together\n");
		return -1;
	}
	if (o->ngglob && !o->ngroot) {
		fprintf(stderr, "ferret record: -G names functions under a -g FUNC: give one\n");
		return -1;
	}
	if (o->gvia[0] && !o->ngroot) {
		fprintf(stderr, "ferret record: --graph-probes is for a -g FUNC: give one\n");
		return -1;
	}
	if (o->ngroot)
		graph_via(o);
	/* A graph alone: the scheduler's events say which thread ran it. */
	if (!o->nsets && o->ngroot) {
		static char *sched[] = { "sched" };

		o->sets = xcalloc(1, sizeof(*o->sets));
		o->sets[0] = sched[0];
		o->nsets = 1;
	}
	if (!o->nsets) {
		static char *dflt[] = { "sched", "syscalls" };

		o->sets = xcalloc(2, sizeof(*o->sets));
		o->sets[0] = dflt[0];
		o->sets[1] = dflt[1];
		o->nsets = 2;
	}
	/*
	 * Without the scheduler's switches nothing says which thread ran an
	 * event: each then carries its tid, as `lttng add-context -t tid`
	 * would add; the statedump names the threads.
	 */
	for (i = 0; i < o->nsets && strcmp(o->sets[i], "sched"); i++)
		;
	for (j = 0; i == o->nsets && j < o->nctx && o->ctx[j] != RD_CTX_TID; j++)
		;
	if (i == o->nsets && j == o->nctx) {
		memmove(o->ctx + 1, o->ctx, (size_t)o->nctx * sizeof(*o->ctx));
		o->ctx[0] = RD_CTX_TID;
		o->nctx++;
	}
	return 0;
}

static void free_run(struct rd_run *r)
{
	int i, j;

	for (i = 0; i < r->kinds.n; i++) {
		struct rd_kind *k = r->kinds.v[i];

		for (j = 0; j < k->nfields; j++)
			free((char *)k->fields[j].name);
		free(k->name);
		free(k->pcls);
		free(k);
	}
	vec_free(&r->kinds);
	for (i = 0; r->sys && i <= RD_NR_MAX; i++)
		for (j = 0; j < 6; j++)
			free(r->sys[i].names[j]);
	free(r->sys);
	for (i = 0; r->cpus && i < r->ncpus; i++)
		for (j = 0; j <= RD_WINDOW; j++)
			free(r->cpus[i].slot[j].data);
	free(r->cpus);
	free(r->lostv);
	free(r->scratch.p);
	buf_free(&r->decbytes);
	for (i = 1; i <= r->ngfunc; i++)
		free(r->gname[i]);
	free(r->gname);
	free(r->gaddr);
	buf_free(&r->cpuv);
	buf_free(&r->tfmt);
	buf_free(&r->targs);
	for (i = 0; i < r->nidmaps; i++) {
		free(r->idmaps[i].first);
		free(r->idmaps[i].lower);
		free(r->idmaps[i].count);
	}
	free(r->idmaps);
	if (r->timer_fd >= 0)
		close(r->timer_fd);
}

/*
 * Each CPU's ring buffer, in bytes: -b's MiB shared by the online CPUs
 * (their count rounded up to a power of two, as a ring's size must be
 * one), at least 64 KiB.  A CPU writes to its own ring, as with perf's
 * and ftrace's per-CPU buffers: CPUs that record at once do not contend
 * for one ring's lock and producer position.
 */
static size_t ring_size(int mb)
{
	const int *online = NULL;
	size_t size = (size_t)mb << 20;
	int n = perf_online_cpus(&online), p = 1;

	while (n > 0 && p < n)
		p <<= 1;
	size /= (size_t)p;
	return size < (64 << 10) ? 64 << 10 : size;
}

static void summary(struct rd_run *r, const struct ctf_stats *st)
{
	const int *online = NULL;

	if (st->discarded)
		fprintf(stderr, "ferret record: %llu events lost (the ring buffer was full; -b "
			"makes it larger): counted in the trace\n",
			(unsigned long long)st->discarded);
	if (r->skipped)
		fprintf(stderr, "ferret record: %llu probe hits not recorded: the kernel does not "
			"run a program on a CPU where it is already running\n",
			(unsigned long long)r->skipped);
	if (r->o->quiet)
		return;
	fprintf(stderr, "ferret record: %llu events, %.1f MiB, written to %s\n",
		(unsigned long long)st->events, (double)st->bytes / (1024.0 * 1024.0),
		r->o->out);
	if (r->o->ngroot)
		fprintf(stderr, "ferret record: function graph of %d kernel functions%s",
			r->ngfunc, r->grefused ? "" : "\n");
	if (r->o->ngroot && r->grefused)
		fprintf(stderr, " (%d more matched that the kernel refused)\n", r->grefused);
	if (r->o->verbose)
		fprintf(stderr, "ferret record: %d ring buffers of %zu KiB, one per online CPU\n",
			perf_online_cpus(&online), r->ring_size >> 10);
	if (r->o->verbose && st->clamped)
		fprintf(stderr, "ferret record: %llu events came later than the window "
			"that orders a CPU's events: given their CPU's last time\n",
			(unsigned long long)st->clamped);
}

int rd_main(int argc, char **argv)
{
	struct rd_opts o = { .out = "ferret.ctf", .strsize = 256, .bufsize_mb = 32 };
	struct rd_run r = { .o = &o, .timer_fd = -1 };
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { 0 };
	struct run_sink sink = { 0 };
	struct source src = { .name = "ferret-record" };
	struct ctf_stats st = { 0 };
	struct ctf_opts wopts = { 0 };
	struct compiled c = { 0 };
	struct buf text = { 0 };
	struct node *ast = NULL;
	int ret = 1, go_fd = -1, status = -1, err, script_lines = 0;

	err = parse_opts(argc, argv, &o);
	if (err) {
		free(o.pids);
		free(o.sets);
		free(o.groot);
		free(o.gglob);
		if (o.cmd_copy)
			free(o.cmd);
		free(o.cmd_copy);
		return err > 0 ? 0 : 1;
	}
	r.filter = o.cmd || o.npids;
	if (o.script) {
		size_t len, i;
		char *stext = util_read_file(o.script, &len);

		if (!stext) {
			fprintf(stderr, "ferret record: --script: cannot read '%s': %s\n", o.script,
				strerror(errno));
			goto out;
		}
		/* The script first: its diagnostics keep its own line numbers. */
		buf_put(&text, stext, len);
		buf_put(&text, "\n", 1);
		for (i = 0, script_lines = 1; i < len; i++)
			script_lines += stext[i] == '\n';
		free(stext);
	}
	ctx_exprs(&r);
	if (rd_prog(&text, &r))
		goto out;
	buf_put(&text, "", 1);
	if (o.dump) {
		fputs(text.p, stdout);
		ret = 0;
		goto out;
	}
	if (o.ngroot && (!graph_available(&o) || !graph_size_ok(&o)))
		goto out;
	if (o.cmd) {
		int bad = util_which(o.cmd[0], NULL);

		if (bad) {
			fprintf(stderr, "ferret record: cannot run '%s': %s\n", o.cmd[0],
				strerror(-bad));
			goto out;
		}
	}
	wopts.context = r.ctxf;
	wopts.context_decls = r.ctxd;
	wopts.ncontext = r.nctxf;
	r.w = ctf_open(o.out, &wopts);
	if (!r.w) {
		fprintf(stderr, "ferret record: cannot make the trace directory '%s': %s\n",
			o.out, strerror(errno));
		goto out;
	}
	r.ncpus = libbpf_num_possible_cpus();
	if (r.ncpus <= 0)
		r.ncpus = 1;
	r.cpus = xcalloc((size_t)r.ncpus, sizeof(*r.cpus));
	r.lostv = xcalloc((size_t)r.ncpus, sizeof(*r.lostv));
	r.sys = xcalloc(RD_NR_MAX + 1, sizeof(*r.sys));
	if (o.cmd) {
		r.child = run_spawn_held(NULL, o.cmd, &go_fd, NULL, NULL, false);
		if (r.child < 0) {
			fprintf(stderr, "ferret record: cannot start %s: %s\n", o.cmd[0],
				strerror(errno));
			r.child = 0;
			goto out;
		}
	}
	src.text = text.p;
	if (o.script)
		src.name = o.script;
	copts.strlen = o.strsize + 1;
	copts.ringbuf_size = r.ring_size = ring_size(o.bufsize_mb);
	copts.ring_per_cpu = true;
	copts.interleave = true;
	copts.array_map = "@ss";
	copts.array_size = RD_NR_MAX + 2;
	copts.cpid = r.child;
	copts.map_keys_max = 65536;
	kbtf_preload();
	kbtf_install();
	ast = parse_program(&src);
	if (!ast)
		goto out;
	if (script_lines)
		script_rewrite(ast, script_lines, &r);
	if (compile_program(&c, &src, ast, &copts)) {
		compile_free(&c);
		goto out;
	}
	sink.arg = &r;
	sink.printf_rec = rd_printf;
	sink.tick = rd_tick;
	sink.setup = rd_setup;
	sink.finish = rd_finish;
	sink.poll_fd = rd_poll_fd;
	sink.poll_ready = rd_poll_ready;
	ropts.quiet = true;
	ropts.out = stdout;
	ropts.sink = &sink;
	ropts.child_status = &status;
	/* A script's END runs once the probes have stopped. */
	ropts.no_stop = !o.script;
	ret = run_program(&c, &ropts, r.child, go_fd);
	go_fd = -1;
	compile_free(&c);
	/* The last packets written first: the summary counts their bytes. */
	ctf_flush(r.w);
	ctf_stats(r.w, &st);
	err = ctf_close(r.w);
	r.w = NULL;
	if (!err)
		err = r.err;
	if (err) {
		fprintf(stderr, "ferret record: writing %s: %s (the trace holds what came before)\n",
			o.out, strerror(-err));
		ret = 1;
	}
	summary(&r, &st);
out:
	if (go_fd >= 0)
		close(go_fd);
	if (r.child > 0 && status < 0) {
		kill(r.child, SIGKILL);
		waitpid(r.child, NULL, 0);
	}
	if (r.w)
		ctf_close(r.w);
	if (ast)
		ast_free(ast);
	buf_free(&text);
	free_run(&r);
	free(o.pids);
	free(o.sets);
	free(o.groot);
	free(o.gglob);
	if (o.cmd_copy)
		free(o.cmd);
	free(o.cmd_copy);
	kbtf_release();
	type_free_all();
	return ret;
}
