/*
 * D's built-in library: the process model of the Dynamic Tracing Guide
 * (psinfo_t, lwpsinfo_t) translated from the kernel's task_struct, and
 * curpsinfo and curlwpsinfo, the current thread's.  Members this kernel
 * has nothing for are left out of the translators: naming one is a
 * compile error (D_XLATE_NOCONV), not a made-up value.
 *
 * pr_start is the wall-clock time the process (the thread) started, from
 * its start_boottime; lwpsinfo_t's pr_time the thread's on-CPU time as
 * the scheduler last accounted it.  pr_argc is the count exec left at
 * the bottom of the stack, for the current address space only.
 * pr_argv is the argument vector above that count, which exec left
 * there (its pointers are user addresses of the task's own address
 * space), and pr_envp the environment vector past argv's NULL: 0 where
 * pr_argc is not known (since 5.18 exec gives every process an argv[0],
 * so an argc of 0 is never a real one).
 *
 * The members' expressions name task_struct's fields as the kernel's
 * BTF has them (5.14 and later: __state, thread_info.cpu); they are
 * checked where a program uses them.
 */

typedef struct timestruc {
	time_t tv_sec;
	long tv_nsec;
} timestruc_t;

typedef struct lwpsinfo {
	int pr_flag;			/* PR_STOPPED if stopped */
	int pr_lwpid;			/* thread id */
	uintptr_t pr_addr;		/* its task_struct */
	uintptr_t pr_wchan;		/* wait address: none */
	char pr_stype;
	char pr_state;			/* SSLEEP, SRUN ... */
	char pr_sname;			/* 'S', 'R' ... */
	char pr_nice;
	short pr_syscall;
	char pr_oldpri;
	char pr_cpu;
	int pr_pri;			/* the kernel's priority */
	ushort_t pr_pctcpu;
	ushort_t pr_pad;
	timestruc_t pr_start;
	timestruc_t pr_time;
	char pr_clname[8];
	char pr_name[16];		/* the thread's name */
	processorid_t pr_onpro;		/* CPU it last ran on */
	processorid_t pr_bindpro;
	psetid_t pr_bindpset;
	int pr_lgrp;
	int pr_filler[4];
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;
	int pr_nlwp;			/* threads in the process */
	pid_t pr_pid;
	pid_t pr_ppid;
	pid_t pr_pgid;
	pid_t pr_sid;
	uid_t pr_uid;
	uid_t pr_euid;
	gid_t pr_gid;
	gid_t pr_egid;
	uintptr_t pr_addr;		/* its task_struct */
	size_t pr_size;
	size_t pr_rssize;
	size_t pr_pad1;
	void *pr_ttydev;		/* its struct tty_struct, or NULL */
	ushort_t pr_pctcpu;
	ushort_t pr_pctmem;
	timestruc_t pr_start;
	timestruc_t pr_time;
	timestruc_t pr_ctime;
	char pr_fname[16];		/* the executable's name */
	char pr_psargs[80];
	int pr_wstat;
	int pr_argc;
	uintptr_t pr_argv;
	uintptr_t pr_envp;
	char pr_dmodel;			/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	char pr_pad2[3];
	taskid_t pr_taskid;
	projid_t pr_projid;
	int pr_nzomb;
	int pr_poolid;
	zoneid_t pr_zoneid;
	id_t pr_contract;
	int pr_filler[1];
	lwpsinfo_t pr_lwp;
} psinfo_t;

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_IDLE = 0x10000000;

inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;
inline int CLD_TRAPPED = 4;
inline int CLD_STOPPED = 5;
inline int CLD_CONTINUED = 6;

/* task_struct's __state and exit_state bits (include/linux/sched.h). */
inline int __D_TASK_SLEEPING = 0x0001 | 0x0002;	/* (UN)INTERRUPTIBLE */
inline int __D_TASK_STOPPED = 0x0004 | 0x0008;	/* __TASK_STOPPED, _TRACED */
inline int __D_TASK_EXITED = 0x0010 | 0x0020;	/* EXIT_DEAD, EXIT_ZOMBIE */
inline int __D_TASK_WAITING = 0x0100 | 0x0200;	/* TASK_WAKEKILL, _WAKING */

/* The kernel's enum pid_type. */
inline int __D_PIDTYPE_PGID = 2;
inline int __D_PIDTYPE_SID = 3;

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[__D_PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[__D_PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_ttydev = T->signal->tty;
	pr_fname = T->comm;
	pr_psargs = __psargs(T);
	pr_argc = __argc(T);
	pr_argv = T->mm ? T->mm->start_stack + 8 : 0;
	pr_envp = __argc(T) ? T->mm->start_stack + 8 * (__argc(T) + 2) : 0;
	pr_start.tv_sec = __walltime(T->group_leader->start_boottime) / 1000000000;
	pr_start.tv_nsec = __walltime(T->group_leader->start_boottime) % 1000000000;
	pr_wstat = 0;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->__state & __D_TASK_STOPPED ? PR_STOPPED : 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->__state & __D_TASK_SLEEPING ? SSLEEP :
		   T->__state & __D_TASK_STOPPED ? SSTOP :
		   T->exit_state & __D_TASK_EXITED ? SZOMB :
		   T->__state & __D_TASK_WAITING ? SWAIT : SRUN;
	pr_sname = T->__state & __D_TASK_SLEEPING ? 'S' :
		   T->__state & __D_TASK_STOPPED ? 'T' :
		   T->exit_state & __D_TASK_EXITED ? 'Z' :
		   T->__state & __D_TASK_WAITING ? 'W' : 'R';
	pr_start.tv_sec = __walltime(T->start_boottime) / 1000000000;
	pr_start.tv_nsec = __walltime(T->start_boottime) % 1000000000;
	pr_time.tv_sec = T->se.sum_exec_runtime / 1000000000;
	pr_time.tv_nsec = T->se.sum_exec_runtime % 1000000000;
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
#pragma D attributes Stable/Stable/Common curpsinfo
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);
#pragma D attributes Stable/Stable/Common curlwpsinfo
