/* SPDX-License-Identifier: GPL-2.0 */
/* Constant names for the decoders; values come from the headers. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <linux/falloc.h>
#include <sys/xattr.h>
#include <linux/audit.h>
#include <linux/elf-em.h>
#include <linux/fs.h>
#include <linux/io_uring.h>
#include <linux/mempolicy.h>
#include <linux/input.h>
#include <linux/fanotify.h>
#include <linux/landlock.h>
#include <linux/memfd.h>
#include <linux/personality.h>
#include <sys/timex.h>
#include <sched.h>
#include <linux/openat2.h>
#include <linux/sched.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <linux/netlink.h>
#include <linux/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/random.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <poll.h>
#include <sys/epoll.h>
#include <unistd.h>
#include <linux/futex.h>
#include <linux/if_arp.h>
#include <linux/magic.h>
#include <sys/statvfs.h>
#include <asm/prctl.h>
#include <linux/capability.h>
#include <sys/signalfd.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/sem.h>
#include <sys/msg.h>
#include <linux/ioprio.h>
#include <linux/kcmp.h>
#include <linux/if_packet.h>
#include <linux/icmp.h>
#include <linux/seccomp.h>
#include <linux/keyctl.h>
#include <linux/securebits.h>
#include <termios.h>

#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* <sched.h> clashes with linux headers on some names: plain values. */
#define CLONE_VM_ 0x00000100

/*
 * In strace's order: O_SYNC (which includes O_DSYNC) before O_DSYNC,
 * O_TMPFILE (which includes O_DIRECTORY) before O_DIRECTORY, and its own
 * bit, __O_TMPFILE, where O_DIRECTORY is not set.  The libc
 * defines O_LARGEFILE as 0 on x86-64; the kernel's bit is 0100000.
 */
/* The first two entries are the access modes; st_open_flags + 2 the flags alone. */
const struct st_xlat st_open_flags[] = {
	X(O_WRONLY), X(O_RDWR), X(O_CREAT), X(O_EXCL), X(O_NOCTTY),
	X(O_TRUNC), X(O_APPEND), X(O_NONBLOCK), X(O_SYNC), { 0x100000, "__O_SYNC" },
	X(O_DSYNC),
	X(O_DIRECT), { 0100000, "O_LARGEFILE" }, X(O_NOFOLLOW), X(O_NOATIME),
	X(O_CLOEXEC), X(O_PATH), X(O_TMPFILE), { 020000000, "__O_TMPFILE" },
	X(O_DIRECTORY), { O_ASYNC, "FASYNC" }, END,
};

const struct st_xlat st_prot[] = {
	X(PROT_READ), X(PROT_WRITE), X(PROT_EXEC), { 0x8, "PROT_SEM" },
	X(PROT_GROWSDOWN), X(PROT_GROWSUP), END,
};

/* The mapping types (MAP_TYPE's bits), then the flags. */
const struct st_xlat st_mmap_types[] = {
	X(MAP_SHARED), X(MAP_PRIVATE), X(MAP_SHARED_VALIDATE), END,
};

const struct st_xlat st_ms_flags[] = { X(MS_ASYNC), X(MS_SYNC), X(MS_INVALIDATE), END };

const struct st_xlat st_mmap_flags[] = {
	X(MAP_FIXED), X(MAP_ANONYMOUS), X(MAP_32BIT), X(MAP_GROWSDOWN), X(MAP_DENYWRITE),
	X(MAP_EXECUTABLE), X(MAP_LOCKED), X(MAP_NORESERVE), X(MAP_POPULATE),
	X(MAP_NONBLOCK), X(MAP_STACK), X(MAP_HUGETLB), X(MAP_SYNC),
	X(MAP_FIXED_NOREPLACE), END,
};

const struct st_xlat st_clone_flags[] = {
	{ CLONE_VM_, "CLONE_VM" }, { 0x200, "CLONE_FS" },
	{ 0x400, "CLONE_FILES" }, { 0x800, "CLONE_SIGHAND" },
	{ 0x1000, "CLONE_PIDFD" }, { 0x2000, "CLONE_PTRACE" },
	{ 0x4000, "CLONE_VFORK" }, { 0x8000, "CLONE_PARENT" },
	{ 0x10000, "CLONE_THREAD" }, { 0x20000, "CLONE_NEWNS" },
	{ 0x40000, "CLONE_SYSVSEM" }, { 0x80000, "CLONE_SETTLS" },
	{ 0x100000, "CLONE_PARENT_SETTID" },
	{ 0x200000, "CLONE_CHILD_CLEARTID" },
	{ 0x800000, "CLONE_UNTRACED" }, { 0x1000000, "CLONE_CHILD_SETTID" },
	{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
	{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
	{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" },
	{ 0x80000000, "CLONE_IO" },
	/* In clone(2)'s CSIGNAL bits, which are not flags there: clone3's. */
	{ 0x80, "CLONE_NEWTIME" },
	{ 0x100000000ULL, "CLONE_CLEAR_SIGHAND" }, { 0x200000000ULL, "CLONE_INTO_CGROUP" },
	END,
};

/* faccessat2's: AT_EACCESS shares its value with AT_REMOVEDIR. */
const struct st_xlat st_access_at_flags[] = {
	X(AT_SYMLINK_NOFOLLOW), X(AT_EACCESS), X(AT_EMPTY_PATH), END,
};

/* The *at() calls' flags (statx's sync type apart, as strace). */
const struct st_xlat st_at_flags[] = {
	X(AT_SYMLINK_NOFOLLOW), X(AT_REMOVEDIR), X(AT_SYMLINK_FOLLOW),
	X(AT_NO_AUTOMOUNT), X(AT_EMPTY_PATH), { 0x8000, "AT_RECURSIVE" },
	END,
};

const struct st_xlat st_signals[] = {
	X(SIGHUP), X(SIGINT), X(SIGQUIT), X(SIGILL), X(SIGTRAP), X(SIGABRT),
	X(SIGBUS), X(SIGFPE), X(SIGKILL), X(SIGUSR1), X(SIGSEGV), X(SIGUSR2),
	X(SIGPIPE), X(SIGALRM), X(SIGTERM), X(SIGSTKFLT), X(SIGCHLD),
	X(SIGCONT), X(SIGSTOP), X(SIGTSTP), X(SIGTTIN), X(SIGTTOU), X(SIGURG),
	X(SIGXCPU), X(SIGXFSZ), X(SIGVTALRM), X(SIGPROF), X(SIGWINCH),
	X(SIGIO), X(SIGPWR), X(SIGSYS), END,
};

const struct st_xlat st_sigmask_how[] = {
	X(SIG_BLOCK), X(SIG_UNBLOCK), X(SIG_SETMASK), END,
};

const struct st_xlat st_af[] = {
	X(AF_UNSPEC), X(AF_UNIX), X(AF_INET), X(AF_AX25), X(AF_IPX),
	X(AF_APPLETALK), X(AF_NETROM), X(AF_BRIDGE), X(AF_ATMPVC), X(AF_X25),
	X(AF_INET6), X(AF_ROSE), X(AF_DECnet), X(AF_NETBEUI), X(AF_SECURITY),
	X(AF_KEY), X(AF_NETLINK), X(AF_PACKET), X(AF_ASH), X(AF_ECONET),
	X(AF_ATMSVC), X(AF_RDS), X(AF_SNA), X(AF_IRDA), X(AF_PPPOX),
	X(AF_WANPIPE), X(AF_LLC), X(AF_IB), X(AF_MPLS), X(AF_CAN), X(AF_TIPC),
	X(AF_BLUETOOTH), X(AF_IUCV), X(AF_RXRPC), X(AF_ISDN), X(AF_PHONET),
	X(AF_IEEE802154), X(AF_CAIF), X(AF_ALG), X(AF_NFC), X(AF_VSOCK),
	X(AF_KCM), X(AF_QIPCRTR), X(AF_SMC), X(AF_XDP), X(AF_MCTP), END,
};

const struct st_xlat st_sock_type[] = {
	X(SOCK_STREAM), X(SOCK_DGRAM), X(SOCK_RAW), X(SOCK_RDM),
	X(SOCK_SEQPACKET), X(SOCK_DCCP), X(SOCK_PACKET), END,
};

const struct st_xlat st_sock_flags[] = {
	X(SOCK_CLOEXEC), X(SOCK_NONBLOCK), END,
};

const struct st_xlat st_access[] = {
	X(R_OK), X(W_OK), X(X_OK), END,
};

const struct st_xlat st_whence[] = {
	X(SEEK_SET), X(SEEK_CUR), X(SEEK_END), X(SEEK_DATA), X(SEEK_HOLE),
	END,
};

const struct st_xlat st_fcntl[] = {
	X(F_DUPFD), X(F_GETFD), X(F_SETFD), X(F_GETFL), X(F_SETFL),
	X(F_GETLK), X(F_SETLK), X(F_SETLKW), X(F_SETOWN), X(F_GETOWN),
	X(F_SETSIG), X(F_GETSIG), X(F_SETOWN_EX), X(F_GETOWN_EX),
	X(F_OFD_GETLK), X(F_OFD_SETLK), X(F_OFD_SETLKW), X(F_SETLEASE),
	X(F_GETLEASE), X(F_NOTIFY), X(F_DUPFD_CLOEXEC), X(F_SETPIPE_SZ),
	X(F_GETPIPE_SZ), X(F_ADD_SEALS), X(F_GET_SEALS), END,
};

const struct st_xlat st_fd_flags[] = {
	X(FD_CLOEXEC), END,
};

const struct st_xlat st_errno[] = {
	X(EPERM), X(ENOENT), X(ESRCH), X(EINTR), X(EIO), X(ENXIO), X(E2BIG),
	X(ENOEXEC), X(EBADF), X(ECHILD), X(EAGAIN), X(ENOMEM), X(EACCES),
	X(EFAULT), X(ENOTBLK), X(EBUSY), X(EEXIST), X(EXDEV), X(ENODEV),
	X(ENOTDIR), X(EISDIR), X(EINVAL), X(ENFILE), X(EMFILE), X(ENOTTY),
	X(ETXTBSY), X(EFBIG), X(ENOSPC), X(ESPIPE), X(EROFS), X(EMLINK),
	X(EPIPE), X(EDOM), X(ERANGE), X(EDEADLK), X(ENAMETOOLONG), X(ENOLCK),
	X(ENOSYS), X(ENOTEMPTY), X(ELOOP), X(ENOMSG), X(EIDRM), X(ECHRNG),
	X(EL2NSYNC), X(EL3HLT), X(EL3RST), X(ELNRNG), X(EUNATCH), X(ENOCSI),
	X(EL2HLT), X(EBADE), X(EBADR), X(EXFULL), X(ENOANO), X(EBADRQC),
	X(EBADSLT), X(EBFONT), X(ENOSTR), X(ENODATA), X(ETIME), X(ENOSR),
	X(ENONET), X(ENOPKG), X(EREMOTE), X(ENOLINK), X(EADV), X(ESRMNT),
	X(ECOMM), X(EPROTO), X(EMULTIHOP), X(EDOTDOT), X(EBADMSG),
	X(EOVERFLOW), X(ENOTUNIQ), X(EBADFD), X(EREMCHG), X(ELIBACC),
	X(ELIBBAD), X(ELIBSCN), X(ELIBMAX), X(ELIBEXEC), X(EILSEQ),
	X(ERESTART), X(ESTRPIPE), X(EUSERS), X(ENOTSOCK), X(EDESTADDRREQ),
	X(EMSGSIZE), X(EPROTOTYPE), X(ENOPROTOOPT), X(EPROTONOSUPPORT),
	X(ESOCKTNOSUPPORT), X(EOPNOTSUPP), X(EPFNOSUPPORT), X(EAFNOSUPPORT),
	X(EADDRINUSE), X(EADDRNOTAVAIL), X(ENETDOWN), X(ENETUNREACH),
	X(ENETRESET), X(ECONNABORTED), X(ECONNRESET), X(ENOBUFS), X(EISCONN),
	X(ENOTCONN), X(ESHUTDOWN), X(ETOOMANYREFS), X(ETIMEDOUT),
	X(ECONNREFUSED), X(EHOSTDOWN), X(EHOSTUNREACH), X(EALREADY),
	X(EINPROGRESS), X(ESTALE), X(EUCLEAN), X(ENOTNAM), X(ENAVAIL),
	X(EISNAM), X(EREMOTEIO), X(EDQUOT), X(ENOMEDIUM), X(EMEDIUMTYPE),
	X(ECANCELED), X(ENOKEY), X(EKEYEXPIRED), X(EKEYREVOKED),
	X(EKEYREJECTED), X(EOWNERDEAD), X(ENOTRECOVERABLE), X(ERFKILL),
	X(EHWPOISON),
	/* Kernel-internal codes a traced call can return (linux/errno.h). */
	{ 512, "ERESTARTSYS" }, { 513, "ERESTARTNOINTR" },
	{ 514, "ERESTARTNOHAND" }, { 515, "ENOIOCTLCMD" },
	{ 516, "ERESTART_RESTARTBLOCK" }, { 517, "EPROBE_DEFER" },
	{ 518, "EOPENSTALE" }, { 519, "ENOPARAM" }, { 521, "EBADHANDLE" },
	{ 522, "ENOTSYNC" }, { 523, "EBADCOOKIE" }, { 524, "ENOTSUPP" },
	{ 525, "ETOOSMALL" }, { 526, "ESERVERFAULT" }, { 527, "EBADTYPE" },
	{ 528, "EJUKEBOX" }, { 529, "EIOCBQUEUED" }, { 530, "ERECALLCONFLICT" },
	END,
};

const struct st_xlat st_rlimit[] = {
	X(RLIMIT_CPU), X(RLIMIT_FSIZE), X(RLIMIT_DATA), X(RLIMIT_STACK),
	X(RLIMIT_CORE), X(RLIMIT_RSS), X(RLIMIT_NPROC), X(RLIMIT_NOFILE),
	X(RLIMIT_MEMLOCK), X(RLIMIT_AS), X(RLIMIT_LOCKS), X(RLIMIT_SIGPENDING),
	X(RLIMIT_MSGQUEUE), X(RLIMIT_NICE), X(RLIMIT_RTPRIO), X(RLIMIT_RTTIME),
	END,
};

const struct st_xlat st_clocks[] = {
	X(CLOCK_REALTIME), X(CLOCK_MONOTONIC), X(CLOCK_PROCESS_CPUTIME_ID),
	X(CLOCK_THREAD_CPUTIME_ID), X(CLOCK_MONOTONIC_RAW),
	X(CLOCK_REALTIME_COARSE), X(CLOCK_MONOTONIC_COARSE), X(CLOCK_BOOTTIME),
	X(CLOCK_REALTIME_ALARM), X(CLOCK_BOOTTIME_ALARM), X(CLOCK_TAI), END,
};

const struct st_xlat st_futex[] = {
	X(FUTEX_WAIT), X(FUTEX_WAKE), X(FUTEX_FD), X(FUTEX_REQUEUE),
	X(FUTEX_CMP_REQUEUE), X(FUTEX_WAKE_OP), X(FUTEX_LOCK_PI),
	X(FUTEX_UNLOCK_PI), X(FUTEX_TRYLOCK_PI), X(FUTEX_WAIT_BITSET),
	X(FUTEX_WAKE_BITSET), X(FUTEX_WAIT_REQUEUE_PI),
	X(FUTEX_CMP_REQUEUE_PI), X(FUTEX_LOCK_PI2), END,
};

const struct st_xlat st_arch_prctl[] = {
	X(ARCH_SET_GS), X(ARCH_SET_FS), X(ARCH_GET_FS), X(ARCH_GET_GS),
	X(ARCH_GET_CPUID), X(ARCH_SET_CPUID), X(ARCH_GET_XCOMP_SUPP),
	X(ARCH_GET_XCOMP_PERM), X(ARCH_REQ_XCOMP_PERM), X(ARCH_GET_XCOMP_GUEST_PERM),
	X(ARCH_REQ_XCOMP_GUEST_PERM), X(ARCH_MAP_VDSO_X32),
	X(ARCH_MAP_VDSO_32), X(ARCH_MAP_VDSO_64), END,
};

/*
 * The kernel's XSAVE feature numbers and masks (arch/x86/include/asm/
 * fpu/types.h, which no UAPI header exports); groups before their bits,
 * as strace names them.
 */
const struct st_xlat st_x86_xfeature_bits[] = {
	{ 0, "XFEATURE_FP" }, { 1, "XFEATURE_SSE" }, { 2, "XFEATURE_YMM" },
	{ 3, "XFEATURE_BNDREGS" }, { 4, "XFEATURE_BNDCSR" }, { 5, "XFEATURE_OPMASK" },
	{ 6, "XFEATURE_ZMM_Hi256" }, { 7, "XFEATURE_Hi16_ZMM" },
	{ 8, "XFEATURE_PT_UNIMPLEMENTED_SO_FAR" }, { 9, "XFEATURE_PKRU" },
	{ 10, "XFEATURE_PASID" }, { 15, "XFEATURE_LBR" }, { 17, "XFEATURE_XTILE_CFG" },
	{ 18, "XFEATURE_XTILE_DATA" }, END,
};

const struct st_xlat st_x86_xfeatures[] = {
	{ 0x3, "XFEATURE_MASK_FPSSE" }, { 0x1, "XFEATURE_MASK_FP" },
	{ 0x2, "XFEATURE_MASK_SSE" }, { 0x4, "XFEATURE_MASK_YMM" },
	{ 0x8, "XFEATURE_MASK_BNDREGS" }, { 0x10, "XFEATURE_MASK_BNDCSR" },
	{ 0xe0, "XFEATURE_MASK_AVX512" }, { 0x20, "XFEATURE_MASK_OPMASK" },
	{ 0x40, "XFEATURE_MASK_ZMM_Hi256" }, { 0x80, "XFEATURE_MASK_Hi16_ZMM" },
	{ 0x100, "XFEATURE_MASK_PT" }, { 0x200, "XFEATURE_MASK_PKRU" },
	{ 0x400, "XFEATURE_MASK_PASID" }, { 0x8000, "XFEATURE_MASK_LBR" },
	{ 0x60000, "XFEATURE_MASK_XTILE" }, { 0x20000, "XFEATURE_MASK_XTILE_CFG" },
	{ 0x40000, "XFEATURE_MASK_XTILE_DATA" }, END,
};

const struct st_xlat st_grnd[] = {
	X(GRND_NONBLOCK), X(GRND_RANDOM), X(GRND_INSECURE), END,
};

const struct st_xlat st_madvise[] = {
	X(MADV_NORMAL), X(MADV_RANDOM), X(MADV_SEQUENTIAL), X(MADV_WILLNEED),
	X(MADV_DONTNEED), X(MADV_FREE), X(MADV_REMOVE), X(MADV_DONTFORK),
	X(MADV_DOFORK), X(MADV_MERGEABLE), X(MADV_UNMERGEABLE),
	X(MADV_HUGEPAGE), X(MADV_NOHUGEPAGE), X(MADV_DONTDUMP), X(MADV_DODUMP),
	X(MADV_WIPEONFORK), X(MADV_KEEPONFORK), X(MADV_COLD), X(MADV_PAGEOUT),
	X(MADV_HWPOISON), END,
};

/* An ioctl request's direction bits. */
const struct st_xlat st_ioc_dirs[] = {
	{ 0, "_IOC_NONE" }, { 2, "_IOC_READ" }, { 1, "_IOC_WRITE" }, END,
};

const struct st_xlat st_prctl[] = {
	X(PR_SET_PDEATHSIG), X(PR_GET_PDEATHSIG), X(PR_GET_DUMPABLE),
	X(PR_SET_DUMPABLE), X(PR_GET_UNALIGN), X(PR_SET_UNALIGN),
	X(PR_GET_KEEPCAPS), X(PR_SET_KEEPCAPS), X(PR_GET_FPEMU),
	X(PR_SET_FPEMU), X(PR_GET_FPEXC), X(PR_SET_FPEXC), X(PR_GET_TIMING),
	X(PR_SET_TIMING), X(PR_SET_NAME), X(PR_GET_NAME), X(PR_GET_ENDIAN),
	X(PR_SET_ENDIAN), X(PR_GET_SECCOMP), X(PR_SET_SECCOMP),
	X(PR_CAPBSET_READ), X(PR_CAPBSET_DROP), X(PR_GET_TSC), X(PR_SET_TSC),
	X(PR_GET_SECUREBITS), X(PR_SET_SECUREBITS), X(PR_SET_TIMERSLACK),
	X(PR_GET_TIMERSLACK), X(PR_TASK_PERF_EVENTS_DISABLE),
	X(PR_TASK_PERF_EVENTS_ENABLE), X(PR_MCE_KILL), X(PR_MCE_KILL_GET),
	X(PR_SET_MM), X(PR_SET_PTRACER), X(PR_SET_CHILD_SUBREAPER),
	X(PR_GET_CHILD_SUBREAPER), X(PR_SET_NO_NEW_PRIVS),
	X(PR_GET_NO_NEW_PRIVS), X(PR_GET_TID_ADDRESS), X(PR_SET_THP_DISABLE),
	X(PR_GET_THP_DISABLE), X(PR_MPX_ENABLE_MANAGEMENT),
	X(PR_MPX_DISABLE_MANAGEMENT), X(PR_SET_FP_MODE), X(PR_GET_FP_MODE),
	X(PR_CAP_AMBIENT), X(PR_SVE_SET_VL), X(PR_SVE_GET_VL),
	X(PR_GET_SPECULATION_CTRL), X(PR_SET_SPECULATION_CTRL),
	X(PR_PAC_RESET_KEYS), X(PR_SET_TAGGED_ADDR_CTRL),
	X(PR_GET_TAGGED_ADDR_CTRL), X(PR_SET_IO_FLUSHER), X(PR_GET_IO_FLUSHER),
	X(PR_SET_SYSCALL_USER_DISPATCH), X(PR_PAC_SET_ENABLED_KEYS),
	X(PR_PAC_GET_ENABLED_KEYS), X(PR_SCHED_CORE), X(PR_SME_SET_VL),
	X(PR_SME_GET_VL), X(PR_SET_VMA), END,
};

/* The dumpable modes prctl(2) documents (no UAPI header names them). */
const struct st_xlat st_pr_dumpable[] = {
	{ 0, "SUID_DUMP_DISABLE" }, { 1, "SUID_DUMP_USER" },
	{ 2, "SUID_DUMP_ROOT" }, END,
};

const struct st_xlat st_pr_tsc[] = { X(PR_TSC_ENABLE), X(PR_TSC_SIGSEGV), END };

const struct st_xlat st_pr_unalign[] = {
	X(PR_UNALIGN_NOPRINT), X(PR_UNALIGN_SIGBUS), END,
};

const struct st_xlat st_pr_cap_ambient[] = {
	X(PR_CAP_AMBIENT_IS_SET), X(PR_CAP_AMBIENT_RAISE),
	X(PR_CAP_AMBIENT_LOWER), X(PR_CAP_AMBIENT_CLEAR_ALL), END,
};

const struct st_xlat st_pr_mce_kill[] = {
	X(PR_MCE_KILL_CLEAR), X(PR_MCE_KILL_SET), END,
};

const struct st_xlat st_pr_mce_policy[] = {
	X(PR_MCE_KILL_LATE), X(PR_MCE_KILL_EARLY), X(PR_MCE_KILL_DEFAULT), END,
};

const struct st_xlat st_pr_set_mm[] = {
	X(PR_SET_MM_START_CODE), X(PR_SET_MM_END_CODE), X(PR_SET_MM_START_DATA),
	X(PR_SET_MM_END_DATA), X(PR_SET_MM_START_STACK), X(PR_SET_MM_START_BRK),
	X(PR_SET_MM_BRK), X(PR_SET_MM_ARG_START), X(PR_SET_MM_ARG_END),
	X(PR_SET_MM_ENV_START), X(PR_SET_MM_ENV_END), X(PR_SET_MM_AUXV),
	X(PR_SET_MM_EXE_FILE), X(PR_SET_MM_MAP), X(PR_SET_MM_MAP_SIZE), END,
};

const struct st_xlat st_pr_fp_mode[] = { X(PR_FP_MODE_FR), X(PR_FP_MODE_FRE), END };

const struct st_xlat st_pr_spec[] = {
	X(PR_SPEC_STORE_BYPASS), X(PR_SPEC_INDIRECT_BRANCH), X(PR_SPEC_L1D_FLUSH), END,
};

/* What PR_GET_SPECULATION_CTRL returns: flags, or 0 for a CPU not affected. */
const struct st_xlat st_pr_spec_get[] = {
	X(PR_SPEC_NOT_AFFECTED), X(PR_SPEC_PRCTL), X(PR_SPEC_ENABLE), X(PR_SPEC_DISABLE),
	X(PR_SPEC_FORCE_DISABLE), X(PR_SPEC_DISABLE_NOEXEC), END,
};

/* What PR_SET_SPECULATION_CTRL sets: one value. */
const struct st_xlat st_pr_spec_set[] = {
	X(PR_SPEC_ENABLE), X(PR_SPEC_DISABLE),
	X(PR_SPEC_FORCE_DISABLE), X(PR_SPEC_DISABLE_NOEXEC), END,
};

const struct st_xlat st_pr_set_vma[] = { X(PR_SET_VMA_ANON_NAME), END };

/* Personality types: those that fit in PER_MASK, which is all strace looks up. */
const struct st_xlat st_personality_types[] = {
	X(PER_LINUX), X(PER_BSD), X(PER_LINUX32), X(PER_RISCOS), X(PER_OSF4),
	X(PER_HPUX), X(PER_MASK), END,
};

const struct st_xlat st_personality_flags[] = {
	X(UNAME26), X(ADDR_NO_RANDOMIZE), X(FDPIC_FUNCPTRS), X(MMAP_PAGE_ZERO),
	X(ADDR_COMPAT_LAYOUT), X(READ_IMPLIES_EXEC), X(ADDR_LIMIT_32BIT),
	X(SHORT_INODE), X(WHOLE_SECONDS), X(STICKY_TIMEOUTS), X(ADDR_LIMIT_3GB), END,
};

const struct st_xlat st_memfd_flags[] = {
	X(MFD_CLOEXEC), X(MFD_ALLOW_SEALING), X(MFD_HUGETLB), END,
};

const struct st_xlat st_pr_sve_vl_flags[] = {
	X(PR_SVE_SET_VL_ONEXEC), X(PR_SVE_VL_INHERIT), END,
};

const struct st_xlat st_pr_sme_vl_flags[] = {
	X(PR_SME_SET_VL_ONEXEC), X(PR_SME_VL_INHERIT), END,
};

const struct st_xlat st_pr_mte_tcf[] = {
	X(PR_MTE_TCF_NONE), X(PR_MTE_TCF_SYNC), X(PR_MTE_TCF_ASYNC),
	X(PR_MTE_TCF_MASK), END,
};

const struct st_xlat st_pr_sud_cmds[] = {
	X(PR_SYS_DISPATCH_OFF), X(PR_SYS_DISPATCH_ON), END,
};

const struct st_xlat st_pr_sched_core[] = {
	X(PR_SCHED_CORE_GET), X(PR_SCHED_CORE_CREATE), X(PR_SCHED_CORE_SHARE_TO),
	X(PR_SCHED_CORE_SHARE_FROM), END,
};

/* The kernel's enum pid_type, which no UAPI header exports. */
const struct st_xlat st_pidtypes[] = {
	{ 0, "PIDTYPE_PID" }, { 1, "PIDTYPE_TGID" }, { 2, "PIDTYPE_PGID" },
	{ 3, "PIDTYPE_SID" }, END,
};

/* Pointer authentication keys: those prctl enables, then the generic one. */
const struct st_xlat st_pr_pac_keys[] = {
	X(PR_PAC_APIAKEY), X(PR_PAC_APIBKEY), X(PR_PAC_APDAKEY), X(PR_PAC_APDBKEY),
	X(PR_PAC_APGAKEY), END,
};

const struct st_xlat st_pr_pac_enabled[] = {
	X(PR_PAC_APIAKEY), X(PR_PAC_APIBKEY), X(PR_PAC_APDAKEY), X(PR_PAC_APDBKEY), END,
};

const struct st_xlat st_secbits[] = {
	X(SECBIT_NOROOT), X(SECBIT_NOROOT_LOCKED), X(SECBIT_NO_SETUID_FIXUP),
	X(SECBIT_NO_SETUID_FIXUP_LOCKED), X(SECBIT_KEEP_CAPS),
	X(SECBIT_KEEP_CAPS_LOCKED), X(SECBIT_NO_CAP_AMBIENT_RAISE),
	X(SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED), END,
};

const struct st_xlat st_seccomp_modes[] = {
	X(SECCOMP_MODE_DISABLED), X(SECCOMP_MODE_STRICT), X(SECCOMP_MODE_FILTER), END,
};

const struct st_xlat st_mlockall[] = {
	X(MCL_CURRENT), X(MCL_FUTURE), X(MCL_ONFAULT), END,
};

const struct st_xlat st_mlock2[] = { X(MLOCK_ONFAULT), END };

/* PKEY_DISABLE_EXECUTE: powerpc's, which x86's headers leave out; strace names it. */
const struct st_xlat st_pkey_rights[] = {
	X(PKEY_DISABLE_ACCESS), X(PKEY_DISABLE_WRITE), { 0x4, "PKEY_DISABLE_EXECUTE" }, END,
};

const struct st_xlat st_sync_file_range[] = {
	X(SYNC_FILE_RANGE_WAIT_BEFORE), X(SYNC_FILE_RANGE_WRITE),
	X(SYNC_FILE_RANGE_WAIT_AFTER), END,
};

const struct st_xlat st_splice_flags[] = {
	X(SPLICE_F_MOVE), X(SPLICE_F_NONBLOCK), X(SPLICE_F_MORE), X(SPLICE_F_GIFT), END,
};

const struct st_xlat st_sfd_flags[] = { X(SFD_CLOEXEC), X(SFD_NONBLOCK), END };

const struct st_xlat st_ipc_flags[] = {
	X(IPC_CREAT), X(IPC_EXCL), X(IPC_NOWAIT), END,
};

/* shmget's: its own bits where msgget and semget have IPC_NOWAIT. */
const struct st_xlat st_shm_flags[] = {
	X(IPC_CREAT), X(IPC_EXCL), X(SHM_HUGETLB), X(SHM_NORESERVE), END,
};

const struct st_xlat st_ipc_private[] = { { IPC_PRIVATE, "IPC_PRIVATE" }, END };

const struct st_xlat st_shmat_flags[] = {
	X(SHM_RDONLY), X(SHM_RND), X(SHM_REMAP), X(SHM_EXEC), END,
};

/* The ctl commands of each System V IPC call: their numbers overlap. */
const struct st_xlat st_msgctl_cmds[] = {
	X(IPC_RMID), X(IPC_SET), X(IPC_STAT), X(IPC_INFO), X(MSG_STAT), X(MSG_INFO),
	X(MSG_STAT_ANY), END,
};

const struct st_xlat st_shmctl_cmds[] = {
	X(IPC_RMID), X(IPC_SET), X(IPC_STAT), X(IPC_INFO), X(SHM_LOCK),
	X(SHM_UNLOCK), X(SHM_STAT), X(SHM_INFO), X(SHM_STAT_ANY), END,
};

const struct st_xlat st_semctl_cmds[] = {
	X(IPC_RMID), X(IPC_SET), X(IPC_STAT), X(IPC_INFO), X(GETPID),
	X(GETVAL), X(GETALL), X(GETNCNT), X(GETZCNT), X(SETVAL), X(SETALL),
	X(SEM_STAT), X(SEM_INFO), X(SEM_STAT_ANY), END,
};

const struct st_xlat st_sem_flags[] = { X(SEM_UNDO), X(IPC_NOWAIT), END };

/* msgrcv and msgsnd flags, in strace's order. */
const struct st_xlat st_msg_ipc_flags[] = {
	X(MSG_NOERROR), X(MSG_EXCEPT), X(MSG_COPY), X(IPC_NOWAIT), END,
};

const struct st_xlat st_ioprio_who[] = {
	X(IOPRIO_WHO_PROCESS), X(IOPRIO_WHO_PGRP), X(IOPRIO_WHO_USER), END,
};

const struct st_xlat st_ioprio_class[] = {
	X(IOPRIO_CLASS_NONE), X(IOPRIO_CLASS_RT), X(IOPRIO_CLASS_BE),
	X(IOPRIO_CLASS_IDLE), END,
};

const struct st_xlat st_kcmp_types[] = {
	X(KCMP_FILE), X(KCMP_VM), X(KCMP_FILES), X(KCMP_FS), X(KCMP_SIGHAND),
	X(KCMP_IO), X(KCMP_SYSVSEM), X(KCMP_EPOLL_TFD), END,
};

const struct st_xlat st_packet_opts[] = {
	X(PACKET_ADD_MEMBERSHIP), X(PACKET_DROP_MEMBERSHIP), X(PACKET_RECV_OUTPUT),
	X(PACKET_RX_RING), X(PACKET_STATISTICS), X(PACKET_COPY_THRESH),
	X(PACKET_AUXDATA), X(PACKET_ORIGDEV), X(PACKET_VERSION), X(PACKET_HDRLEN),
	X(PACKET_RESERVE), X(PACKET_TX_RING), X(PACKET_LOSS), X(PACKET_VNET_HDR),
	X(PACKET_TX_TIMESTAMP), X(PACKET_TIMESTAMP), X(PACKET_FANOUT),
	X(PACKET_TX_HAS_OFF), X(PACKET_QDISC_BYPASS), X(PACKET_ROLLOVER_STATS),
	X(PACKET_FANOUT_DATA), X(PACKET_IGNORE_OUTGOING), END,
};

const struct st_xlat st_raw_opts[] = { X(ICMP_FILTER), END };

const struct st_xlat st_pidfd_flags[] = { { O_NONBLOCK, "PIDFD_NONBLOCK" }, END };

const struct st_xlat st_caps[] = {
	X(CAP_CHOWN), X(CAP_DAC_OVERRIDE), X(CAP_DAC_READ_SEARCH), X(CAP_FOWNER),
	X(CAP_FSETID), X(CAP_KILL), X(CAP_SETGID), X(CAP_SETUID), X(CAP_SETPCAP),
	X(CAP_LINUX_IMMUTABLE), X(CAP_NET_BIND_SERVICE), X(CAP_NET_BROADCAST),
	X(CAP_NET_ADMIN), X(CAP_NET_RAW), X(CAP_IPC_LOCK), X(CAP_IPC_OWNER),
	X(CAP_SYS_MODULE), X(CAP_SYS_RAWIO), X(CAP_SYS_CHROOT), X(CAP_SYS_PTRACE),
	X(CAP_SYS_PACCT), X(CAP_SYS_ADMIN), X(CAP_SYS_BOOT), X(CAP_SYS_NICE),
	X(CAP_SYS_RESOURCE), X(CAP_SYS_TIME), X(CAP_SYS_TTY_CONFIG), X(CAP_MKNOD),
	X(CAP_LEASE), X(CAP_AUDIT_WRITE), X(CAP_AUDIT_CONTROL), X(CAP_SETFCAP),
	X(CAP_MAC_OVERRIDE), X(CAP_MAC_ADMIN), X(CAP_SYSLOG), X(CAP_WAKE_ALARM),
	X(CAP_BLOCK_SUSPEND), X(CAP_AUDIT_READ), X(CAP_PERFMON), X(CAP_BPF),
	X(CAP_CHECKPOINT_RESTORE), END,
};

const struct st_xlat st_sa_flags[] = {
	{ 0x04000000, "SA_RESTORER" }, X(SA_ONSTACK), X(SA_RESTART),
	{ 0x20000000, "SA_INTERRUPT" }, X(SA_NODEFER), X(SA_RESETHAND),
	X(SA_SIGINFO), X(SA_NOCLDSTOP), X(SA_NOCLDWAIT), END,
};

/* linux/ptrace.h's events, in a wait status's upper half. */
const struct st_xlat st_ptrace_events[] = {
	{ 1, "PTRACE_EVENT_FORK" }, { 2, "PTRACE_EVENT_VFORK" },
	{ 3, "PTRACE_EVENT_CLONE" }, { 4, "PTRACE_EVENT_EXEC" },
	{ 5, "PTRACE_EVENT_VFORK_DONE" }, { 6, "PTRACE_EVENT_EXIT" },
	{ 7, "PTRACE_EVENT_SECCOMP" }, { 128, "PTRACE_EVENT_STOP" }, END,
};

/* WSTOPPED, not WUNTRACED, names their value, as strace built with glibc. */
const struct st_xlat st_wait_opts[] = {
	X(WNOHANG), X(WEXITED), X(WSTOPPED), X(WCONTINUED), X(WNOWAIT),
	{ 0x80000000, "__WCLONE" }, { 0x40000000, "__WALL" },
	{ 0x20000000, "__WNOTHREAD" }, END,
};

const struct st_xlat st_msg_flags[] = {
	X(MSG_OOB), X(MSG_PEEK), X(MSG_DONTROUTE), X(MSG_CTRUNC), X(MSG_TRUNC),
	X(MSG_DONTWAIT), X(MSG_EOR), X(MSG_WAITALL), X(MSG_NOSIGNAL),
	X(MSG_MORE), X(MSG_CMSG_CLOEXEC), END,
};

const struct st_xlat st_ifmt[] = {
	X(S_IFREG), X(S_IFDIR), X(S_IFCHR), X(S_IFBLK), X(S_IFIFO), X(S_IFLNK),
	X(S_IFSOCK), END,
};

const struct st_xlat st_mremap[] = {
	X(MREMAP_MAYMOVE), X(MREMAP_FIXED), X(MREMAP_DONTUNMAP), END,
};

const struct st_xlat st_cld_codes[] = {
	X(CLD_EXITED), X(CLD_KILLED), X(CLD_DUMPED), X(CLD_TRAPPED),
	X(CLD_STOPPED), X(CLD_CONTINUED), END,
};

/* openat2's struct open_how resolve (linux/openat2.h). */
const struct st_xlat st_resolve[] = {
	X(RESOLVE_NO_XDEV), X(RESOLVE_NO_MAGICLINKS), X(RESOLVE_NO_SYMLINKS),
	X(RESOLVE_BENEATH), X(RESOLVE_IN_ROOT), X(RESOLVE_CACHED), END,
};

const struct st_xlat st_sched_policy[] = {
	X(SCHED_OTHER), X(SCHED_FIFO), X(SCHED_RR), X(SCHED_BATCH),
	{ 4, "SCHED_ISO" }, X(SCHED_IDLE), X(SCHED_DEADLINE), END,
};

/* struct sched_attr's sched_flags (linux/sched.h). */
const struct st_xlat st_sched_flags[] = {
	X(SCHED_FLAG_RESET_ON_FORK), X(SCHED_FLAG_RECLAIM),
	X(SCHED_FLAG_DL_OVERRUN), X(SCHED_FLAG_KEEP_POLICY),
	X(SCHED_FLAG_KEEP_PARAMS), X(SCHED_FLAG_UTIL_CLAMP_MIN),
	X(SCHED_FLAG_UTIL_CLAMP_MAX), END,
};

/* struct timex: modes and status (linux/timex.h), and the clock states. */
const struct st_xlat st_adj_modes[] = {
	X(ADJ_OFFSET_SS_READ), X(ADJ_OFFSET_SINGLESHOT), X(ADJ_OFFSET),
	X(ADJ_FREQUENCY), X(ADJ_MAXERROR), X(ADJ_ESTERROR), X(ADJ_STATUS),
	X(ADJ_TIMECONST), X(ADJ_TAI), X(ADJ_SETOFFSET), X(ADJ_MICRO),
	X(ADJ_NANO), X(ADJ_TICK), END,
};

const struct st_xlat st_sta_status[] = {
	X(STA_PLL), X(STA_PPSFREQ), X(STA_PPSTIME), X(STA_FLL), X(STA_INS),
	X(STA_DEL), X(STA_UNSYNC), X(STA_FREQHOLD), X(STA_PPSSIGNAL),
	X(STA_PPSJITTER), X(STA_PPSWANDER), X(STA_PPSERROR), X(STA_CLOCKERR),
	X(STA_NANO), X(STA_MODE), X(STA_CLK), END,
};

const struct st_xlat st_time_states[] = {
	X(TIME_OK), X(TIME_INS), X(TIME_DEL), X(TIME_OOP), X(TIME_WAIT),
	X(TIME_ERROR), END,
};

/* eventfd2, timerfd_create and inotify_init1 flags, as strace orders them. */
const struct st_xlat st_efd_flags[] = {
	X(EFD_SEMAPHORE), X(EFD_CLOEXEC), X(EFD_NONBLOCK), END,
};

const struct st_xlat st_tfd_flags[] = {
	X(TFD_TIMER_ABSTIME), X(TFD_TIMER_CANCEL_ON_SET), X(TFD_CLOEXEC),
	X(TFD_NONBLOCK), END,
};

const struct st_xlat st_inotify_flags[] = { X(IN_NONBLOCK), X(IN_CLOEXEC), END };

const struct st_xlat st_timer_flags[] = { X(TIMER_ABSTIME), END };

const struct st_xlat st_falloc_flags[] = {
	X(FALLOC_FL_KEEP_SIZE), X(FALLOC_FL_PUNCH_HOLE), X(FALLOC_FL_NO_HIDE_STALE),
	X(FALLOC_FL_COLLAPSE_RANGE), X(FALLOC_FL_ZERO_RANGE),
	X(FALLOC_FL_INSERT_RANGE), X(FALLOC_FL_UNSHARE_RANGE), END,
};

const struct st_xlat st_xattr_flags[] = { X(XATTR_CREATE), X(XATTR_REPLACE), END };

/* flock's operation: LOCK_RW before its two bits. */
const struct st_xlat st_flock[] = {
	X(LOCK_SH), X(LOCK_EX), X(LOCK_NB), X(LOCK_UN), X(LOCK_MAND),
	X(LOCK_RW), X(LOCK_READ), X(LOCK_WRITE), END,
};

const struct st_xlat st_sig_handlers[] = {
	{ 0, "SIG_DFL" }, { 1, "SIG_IGN" }, END,
};

/* SOL_SOCKET's control messages, as strace names them. */
const struct st_xlat st_scm[] = {
	X(SCM_RIGHTS), X(SCM_CREDENTIALS), { 3, "SCM_SECURITY" }, X(SO_WIFI_STATUS),
	X(SO_TXTIME), { 29, "SO_TIMESTAMP_OLD" }, { 35, "SO_TIMESTAMPNS_OLD" },
	{ 37, "SO_TIMESTAMPING_OLD" }, X(SO_TIMESTAMP_NEW), X(SO_TIMESTAMPNS_NEW),
	X(SO_TIMESTAMPING_NEW), { 0x36, "SCM_TIMESTAMPING_OPT_STATS" },
	{ 0x3a, "SCM_TIMESTAMPING_PKTINFO" }, END,
};

const struct st_xlat st_epoll_create_flags[] = { X(EPOLL_CLOEXEC), END };

const struct st_xlat st_si_codes[] = {
	X(SI_USER), X(SI_KERNEL), X(SI_QUEUE), X(SI_TIMER), X(SI_MESGQ),
	X(SI_ASYNCIO), X(SI_SIGIO), X(SI_TKILL), END,
};

const struct st_xlat st_close_range[] = {
	{ 2, "CLOSE_RANGE_UNSHARE" }, { 4, "CLOSE_RANGE_CLOEXEC" }, END,
};

const struct st_xlat st_statx_mask[] = {
	{ 0xfff, "STATX_ALL" }, { 0x7ff, "STATX_BASIC_STATS" },
	{ 0x1, "STATX_TYPE" }, { 0x2, "STATX_MODE" }, { 0x4, "STATX_NLINK" },
	{ 0x8, "STATX_UID" }, { 0x10, "STATX_GID" }, { 0x20, "STATX_ATIME" },
	{ 0x40, "STATX_MTIME" }, { 0x80, "STATX_CTIME" }, { 0x100, "STATX_INO" },
	{ 0x200, "STATX_SIZE" }, { 0x400, "STATX_BLOCKS" },
	{ 0x800, "STATX_BTIME" }, { 0x1000, "STATX_MNT_ID" },
	{ 0x2000, "STATX_DIOALIGN" }, END,
};

const struct st_xlat st_statx_attrs[] = {
	{ 0x4, "STATX_ATTR_COMPRESSED" }, { 0x10, "STATX_ATTR_IMMUTABLE" },
	{ 0x20, "STATX_ATTR_APPEND" }, { 0x40, "STATX_ATTR_NODUMP" },
	{ 0x800, "STATX_ATTR_ENCRYPTED" }, { 0x1000, "STATX_ATTR_AUTOMOUNT" },
	{ 0x2000, "STATX_ATTR_MOUNT_ROOT" }, { 0x100000, "STATX_ATTR_VERITY" },
	{ 0x200000, "STATX_ATTR_DAX" }, { 0x400000, "STATX_ATTR_WRITE_ATOMIC" },
	END,
};

const struct st_xlat st_statx_sync[] = {
	{ 0, "AT_STATX_SYNC_AS_STAT" }, { 0x2000, "AT_STATX_FORCE_SYNC" },
	{ 0x4000, "AT_STATX_DONT_SYNC" }, END,
};

const struct st_xlat st_fadvise[] = {
	X(POSIX_FADV_NORMAL), X(POSIX_FADV_RANDOM), X(POSIX_FADV_SEQUENTIAL),
	X(POSIX_FADV_WILLNEED), X(POSIX_FADV_DONTNEED), X(POSIX_FADV_NOREUSE),
	END,
};

const struct st_xlat st_rename_flags[] = {
	{ 1, "RENAME_NOREPLACE" }, { 2, "RENAME_EXCHANGE" },
	{ 4, "RENAME_WHITEOUT" }, END,
};

const struct st_xlat st_epoll_ctl[] = {
	X(EPOLL_CTL_ADD), X(EPOLL_CTL_DEL), X(EPOLL_CTL_MOD), END,
};

/* Filesystem magics strace names, those linux/magic.h defines. */
const struct st_xlat st_fsmagic[] = {
	X(QNX4_SUPER_MAGIC), X(AUTOFS_SUPER_MAGIC), X(MINIX_SUPER_MAGIC),
	X(MINIX_SUPER_MAGIC2), X(DEVPTS_SUPER_MAGIC), X(MINIX2_SUPER_MAGIC),
	X(MINIX2_SUPER_MAGIC2), X(NILFS_SUPER_MAGIC), X(MSDOS_SUPER_MAGIC),
	X(MINIX3_SUPER_MAGIC), X(SMB_SUPER_MAGIC), X(NCP_SUPER_MAGIC),
	X(NFS_SUPER_MAGIC), X(JFFS2_SUPER_MAGIC), X(ISOFS_SUPER_MAGIC),
	X(PROC_SUPER_MAGIC), X(OPENPROM_SUPER_MAGIC),
	X(USBDEVICE_SUPER_MAGIC), X(ADFS_SUPER_MAGIC), X(AFFS_SUPER_MAGIC),
	X(EXT2_SUPER_MAGIC), X(ECRYPTFS_SUPER_MAGIC), X(CGROUP_SUPER_MAGIC),
	X(EFS_SUPER_MAGIC), X(HOSTFS_SUPER_MAGIC), X(CEPH_SUPER_MAGIC),
	X(TMPFS_MAGIC), X(V9FS_MAGIC), X(ANON_INODE_FS_MAGIC),
	X(FUTEXFS_SUPER_MAGIC), X(MTD_INODE_FS_MAGIC), X(UDF_SUPER_MAGIC),
	X(EXFAT_SUPER_MAGIC), X(CRAMFS_MAGIC), X(BINFMTFS_MAGIC),
	X(SMACK_MAGIC), X(DMA_BUF_MAGIC), X(CRAMFS_MAGIC_WEND),
	X(DEVMEM_MAGIC), X(PIPEFS_MAGIC), X(REISERFS_SUPER_MAGIC),
	X(SECRETMEM_MAGIC), X(AFS_SUPER_MAGIC), X(SOCKFS_MAGIC),
	X(STACK_END_MAGIC), X(XFS_SUPER_MAGIC), X(AAFS_MAGIC),
	X(ZONEFS_MAGIC), X(PSTOREFS_MAGIC), X(BDEVFS_MAGIC), X(SYSFS_MAGIC),
	X(CGROUP2_SUPER_MAGIC), X(DEBUGFS_MAGIC), X(DAXFS_MAGIC),
	X(FUSE_SUPER_MAGIC), X(QNX6_SUPER_MAGIC), X(AFS_FS_MAGIC),
	X(BINDERFS_SUPER_MAGIC), X(NSFS_MAGIC), X(SECURITYFS_MAGIC),
	X(SQUASHFS_MAGIC), X(BTRFS_TEST_MAGIC), X(CODA_SUPER_MAGIC),
	X(OCFS2_SUPER_MAGIC), X(TRACEFS_MAGIC), X(OVERLAYFS_SUPER_MAGIC),
	X(RAMFS_MAGIC), X(BTRFS_SUPER_MAGIC), X(HUGETLBFS_MAGIC),
	X(XENFS_SUPER_MAGIC), X(BPF_FS_MAGIC), X(EFIVARFS_MAGIC),
	X(EROFS_SUPER_MAGIC_V1), X(F2FS_SUPER_MAGIC), X(SELINUX_MAGIC),
	X(HPFS_SUPER_MAGIC), X(SMB2_SUPER_MAGIC), X(CIFS_SUPER_MAGIC), END,
};

const struct st_xlat st_itimer[] = {
	X(ITIMER_REAL), X(ITIMER_VIRTUAL), X(ITIMER_PROF), END,
};

const struct st_xlat st_rusage_who[] = {
	X(RUSAGE_SELF), X(RUSAGE_CHILDREN), X(RUSAGE_THREAD), END,
};

const struct st_xlat st_ss_flags[] = {
	X(SS_ONSTACK), X(SS_DISABLE), { 1U << 31, "SS_AUTODISARM" }, END,
};

const struct st_xlat st_inet_proto[] = {
	X(IPPROTO_IP), X(IPPROTO_ICMP), X(IPPROTO_IGMP), X(IPPROTO_IPIP),
	X(IPPROTO_TCP), X(IPPROTO_EGP), X(IPPROTO_PUP), X(IPPROTO_UDP),
	X(IPPROTO_IDP), X(IPPROTO_TP), X(IPPROTO_DCCP), X(IPPROTO_IPV6),
	X(IPPROTO_ROUTING), X(IPPROTO_FRAGMENT), X(IPPROTO_RSVP), X(IPPROTO_GRE),
	X(IPPROTO_ESP), X(IPPROTO_AH), X(IPPROTO_ICMPV6), X(IPPROTO_NONE),
	X(IPPROTO_DSTOPTS), X(IPPROTO_MTP), X(IPPROTO_BEETPH), X(IPPROTO_ENCAP),
	X(IPPROTO_PIM), X(IPPROTO_COMP), { 115, "IPPROTO_L2TP" }, X(IPPROTO_SCTP),
	X(IPPROTO_MH), X(IPPROTO_UDPLITE), X(IPPROTO_MPLS),
	{ 143, "IPPROTO_ETHERNET" }, { 144, "IPPROTO_AGGFRAG" }, X(IPPROTO_RAW),
	{ 256, "IPPROTO_SMC" }, { 262, "IPPROTO_MPTCP" }, END,
};

const struct st_xlat st_netlink_proto[] = {
	X(NETLINK_ROUTE), X(NETLINK_UNUSED), X(NETLINK_USERSOCK),
	X(NETLINK_FIREWALL), X(NETLINK_SOCK_DIAG), X(NETLINK_NFLOG),
	X(NETLINK_XFRM), X(NETLINK_SELINUX), X(NETLINK_ISCSI), X(NETLINK_AUDIT),
	X(NETLINK_FIB_LOOKUP), X(NETLINK_CONNECTOR), X(NETLINK_NETFILTER),
	X(NETLINK_IP6_FW), X(NETLINK_DNRTMSG), X(NETLINK_KOBJECT_UEVENT),
	X(NETLINK_GENERIC), X(NETLINK_SCSITRANSPORT), X(NETLINK_ECRYPTFS),
	X(NETLINK_RDMA), X(NETLINK_CRYPTO), { 22, "NETLINK_SMC" }, END,
};

const struct st_xlat st_sol[] = {
	{ 0, "SOL_IP" }, { 1, "SOL_SOCKET" }, { 6, "SOL_TCP" }, { 17, "SOL_UDP" },
	{ 41, "SOL_IPV6" }, { 58, "SOL_ICMPV6" }, { 132, "SOL_SCTP" },
	{ 136, "SOL_UDPLITE" }, { 255, "SOL_RAW" }, { 263, "SOL_PACKET" },
	{ 269, "SOL_DCCP" }, { 270, "SOL_NETLINK" }, { 274, "SOL_BLUETOOTH" },
	{ 279, "SOL_ALG" }, { 282, "SOL_TLS" }, { 283, "SOL_XDP" },
	{ 284, "SOL_MPTCP" }, END,
};

/* The types of SOL_IP control messages. */
const struct st_xlat st_ip_cmsg[] = {
	X(IP_TOS), X(IP_TTL), X(IP_RECVOPTS), X(IP_RETOPTS), X(IP_PKTINFO),
	X(IP_RECVERR), X(IP_ORIGDSTADDR), X(IP_CHECKSUM), { 3, "SCM_SECURITY" },
	END,
};

const struct st_xlat st_so[] = {
	X(SO_DEBUG), X(SO_REUSEADDR), X(SO_TYPE), X(SO_ERROR), X(SO_DONTROUTE),
	X(SO_BROADCAST), X(SO_SNDBUF), X(SO_RCVBUF), X(SO_KEEPALIVE),
	X(SO_OOBINLINE), X(SO_NO_CHECK), X(SO_PRIORITY), X(SO_LINGER),
	X(SO_BSDCOMPAT), X(SO_REUSEPORT), X(SO_PASSCRED), X(SO_PEERCRED),
	X(SO_RCVLOWAT), X(SO_SNDLOWAT), { 20, "SO_RCVTIMEO_OLD" },
	{ 21, "SO_SNDTIMEO_OLD" }, X(SO_BINDTODEVICE), X(SO_ATTACH_FILTER),
	X(SO_DETACH_FILTER), X(SO_PEERNAME), { 29, "SO_TIMESTAMP_OLD" },
	X(SO_ACCEPTCONN), X(SO_PEERSEC), X(SO_SNDBUFFORCE), X(SO_RCVBUFFORCE),
	X(SO_PASSSEC), X(SO_MARK), X(SO_PROTOCOL), X(SO_DOMAIN), X(SO_RXQ_OVFL),
	X(SO_BUSY_POLL), X(SO_INCOMING_CPU), X(SO_COOKIE), X(SO_ZEROCOPY),
	X(SO_SECURITY_AUTHENTICATION), X(SO_SECURITY_ENCRYPTION_TRANSPORT),
	X(SO_SECURITY_ENCRYPTION_NETWORK), { 35, "SO_TIMESTAMPNS_OLD" },
	{ 37, "SO_TIMESTAMPING_OLD" }, X(SO_WIFI_STATUS), X(SO_PEEK_OFF),
	X(SO_NOFCS), X(SO_LOCK_FILTER), X(SO_SELECT_ERR_QUEUE), X(SO_MAX_PACING_RATE),
	X(SO_BPF_EXTENSIONS), X(SO_ATTACH_BPF), X(SO_ATTACH_REUSEPORT_CBPF),
	X(SO_ATTACH_REUSEPORT_EBPF), X(SO_CNX_ADVICE), X(SO_MEMINFO),
	X(SO_INCOMING_NAPI_ID), X(SO_PEERGROUPS), X(SO_TXTIME), X(SO_BINDTOIFINDEX),
	X(SO_TIMESTAMP_NEW), X(SO_TIMESTAMPNS_NEW), X(SO_TIMESTAMPING_NEW),
	X(SO_RCVTIMEO_NEW), X(SO_SNDTIMEO_NEW), X(SO_DETACH_REUSEPORT_BPF),
	X(SO_PREFER_BUSY_POLL), X(SO_BUSY_POLL_BUDGET), X(SO_NETNS_COOKIE),
	X(SO_BUF_LOCK), X(SO_RESERVE_MEM), X(SO_TXREHASH), X(SO_RCVMARK), END,
};

const struct st_xlat st_txrehash[] = {
	X(SOCK_TXREHASH_DEFAULT), X(SOCK_TXREHASH_DISABLED), X(SOCK_TXREHASH_ENABLED), END,
};

/* fanotify's (linux/fanotify.h), as strace names them. */
const struct st_xlat st_fan_classes[] = {
	X(FAN_CLASS_NOTIF), X(FAN_CLASS_CONTENT), X(FAN_CLASS_PRE_CONTENT), END,
};

const struct st_xlat st_fan_init_flags[] = {
	X(FAN_CLOEXEC), X(FAN_NONBLOCK), X(FAN_UNLIMITED_QUEUE), X(FAN_UNLIMITED_MARKS),
	X(FAN_ENABLE_AUDIT), X(FAN_REPORT_PIDFD), X(FAN_REPORT_TID), X(FAN_REPORT_FID),
	X(FAN_REPORT_DIR_FID), X(FAN_REPORT_NAME), X(FAN_REPORT_TARGET_FID), END,
};

const struct st_xlat st_fan_mark_flags[] = {
	X(FAN_MARK_ADD), X(FAN_MARK_REMOVE), X(FAN_MARK_DONT_FOLLOW), X(FAN_MARK_ONLYDIR),
	X(FAN_MARK_MOUNT), X(FAN_MARK_IGNORED_MASK), X(FAN_MARK_IGNORED_SURV_MODIFY),
	X(FAN_MARK_FLUSH), X(FAN_MARK_FILESYSTEM), { 0x200, "FAN_MARK_EVICTABLE" },
	{ 0x400, "FAN_MARK_IGNORE" }, END,
};

const struct st_xlat st_fan_event_flags[] = {
	X(FAN_ACCESS), X(FAN_MODIFY), X(FAN_ATTRIB), X(FAN_CLOSE_WRITE),
	X(FAN_CLOSE_NOWRITE), X(FAN_OPEN), X(FAN_MOVED_FROM), X(FAN_MOVED_TO),
	X(FAN_CREATE), X(FAN_DELETE), X(FAN_DELETE_SELF), X(FAN_MOVE_SELF),
	X(FAN_OPEN_EXEC), X(FAN_Q_OVERFLOW), { 0x8000, "FAN_FS_ERROR" }, X(FAN_OPEN_PERM),
	X(FAN_ACCESS_PERM), X(FAN_OPEN_EXEC_PERM), { 0x80000, "FAN_DIR_MODIFY" },
	X(FAN_ONDIR), X(FAN_EVENT_ON_CHILD), { 0x10000000, "FAN_RENAME" }, END,
};

const struct st_xlat st_delete_module_flags[] = { X(O_NONBLOCK), X(O_TRUNC), END };

/* linux/module.h's, which glibc's headers lack. */
const struct st_xlat st_module_init_flags[] = {
	{ 1, "MODULE_INIT_IGNORE_MODVERSIONS" }, { 2, "MODULE_INIT_IGNORE_VERMAGIC" },
	{ 4, "MODULE_INIT_COMPRESSED_FILE" }, END,
};

const struct st_xlat st_memfd_secret_flags[] = { X(O_CLOEXEC), END };

/* linux/reboot.h's magic numbers and commands. */
const struct st_xlat st_reboot_magic1[] = { { 0xfee1dead, "LINUX_REBOOT_MAGIC1" }, END };

const struct st_xlat st_reboot_magic2[] = {
	{ 672274793, "LINUX_REBOOT_MAGIC2" }, { 85072278, "LINUX_REBOOT_MAGIC2A" },
	{ 369367448, "LINUX_REBOOT_MAGIC2B" }, { 537993216, "LINUX_REBOOT_MAGIC2C" }, END,
};

const struct st_xlat st_reboot_cmds[] = {
	{ 0x01234567, "LINUX_REBOOT_CMD_RESTART" }, { 0xCDEF0123, "LINUX_REBOOT_CMD_HALT" },
	{ 0x89ABCDEF, "LINUX_REBOOT_CMD_CAD_ON" }, { 0x00000000, "LINUX_REBOOT_CMD_CAD_OFF" },
	{ 0x4321FEDC, "LINUX_REBOOT_CMD_POWER_OFF" }, { 0xA1B2C3D4, "LINUX_REBOOT_CMD_RESTART2" },
	{ 0xD000FCE2, "LINUX_REBOOT_CMD_SW_SUSPEND" }, { 0x45584543, "LINUX_REBOOT_CMD_KEXEC" },
	END,
};

/* syslog(2)'s actions and console levels (linux/kern_levels.h). */
const struct st_xlat st_syslog_actions[] = {
	{ 0, "SYSLOG_ACTION_CLOSE" }, { 1, "SYSLOG_ACTION_OPEN" }, { 2, "SYSLOG_ACTION_READ" },
	{ 3, "SYSLOG_ACTION_READ_ALL" }, { 4, "SYSLOG_ACTION_READ_CLEAR" },
	{ 5, "SYSLOG_ACTION_CLEAR" }, { 6, "SYSLOG_ACTION_CONSOLE_OFF" },
	{ 7, "SYSLOG_ACTION_CONSOLE_ON" }, { 8, "SYSLOG_ACTION_CONSOLE_LEVEL" },
	{ 9, "SYSLOG_ACTION_SIZE_UNREAD" }, { 10, "SYSLOG_ACTION_SIZE_BUFFER" }, END,
};

const struct st_xlat st_log_levels[] = {
	{ 0, "LOGLEVEL_EMERG" }, { 1, "LOGLEVEL_ALERT" }, { 2, "LOGLEVEL_CRIT" },
	{ 3, "LOGLEVEL_ERR" }, { 4, "LOGLEVEL_WARNING" }, { 5, "LOGLEVEL_NOTICE" },
	{ 6, "LOGLEVEL_INFO" }, { 7, "LOGLEVEL_DEBUG" }, { 8, "LOGLEVEL_DEBUG+1" }, END,
};

/*
 * The mount API's flags (linux/mount.h, which collides with glibc's
 * <sys/mount.h>): open_tree's with the *at flags it takes.
 */
const struct st_xlat st_open_tree_flags[] = {
	{ 1, "OPEN_TREE_CLONE" }, { O_CLOEXEC, "OPEN_TREE_CLOEXEC" },
	X(AT_SYMLINK_NOFOLLOW), X(AT_REMOVEDIR), X(AT_SYMLINK_FOLLOW), X(AT_NO_AUTOMOUNT),
	X(AT_EMPTY_PATH), { 0x8000, "AT_RECURSIVE" }, END,
};

const struct st_xlat st_mount_setattr_flags[] = {
	X(AT_SYMLINK_NOFOLLOW), X(AT_NO_AUTOMOUNT), X(AT_EMPTY_PATH),
	{ 0x8000, "AT_RECURSIVE" }, END,
};

/* struct mount_attr's attributes and propagation (linux/mount.h). */
const struct st_xlat st_mount_attr[] = {
	{ 0x1, "MOUNT_ATTR_RDONLY" }, { 0x2, "MOUNT_ATTR_NOSUID" },
	{ 0x4, "MOUNT_ATTR_NODEV" }, { 0x8, "MOUNT_ATTR_NOEXEC" },
	{ 0x10, "MOUNT_ATTR_NOATIME" }, { 0x20, "MOUNT_ATTR_STRICTATIME" },
	{ 0x80, "MOUNT_ATTR_NODIRATIME" }, { 0x100000, "MOUNT_ATTR_IDMAP" },
	{ 0x200000, "MOUNT_ATTR_NOSYMFOLLOW" }, END,
};

const struct st_xlat st_mount_propagation[] = {
	X(MS_UNBINDABLE), X(MS_PRIVATE), X(MS_SLAVE), X(MS_SHARED), END,
};

const struct st_xlat st_move_mount_flags[] = {
	{ 0x1, "MOVE_MOUNT_F_SYMLINKS" }, { 0x2, "MOVE_MOUNT_F_AUTOMOUNTS" },
	{ 0x4, "MOVE_MOUNT_F_EMPTY_PATH" }, { 0x10, "MOVE_MOUNT_T_SYMLINKS" },
	{ 0x20, "MOVE_MOUNT_T_AUTOMOUNTS" }, { 0x40, "MOVE_MOUNT_T_EMPTY_PATH" },
	{ 0x100, "MOVE_MOUNT_SET_GROUP" }, END,
};

const struct st_xlat st_fsopen_flags[] = { { 1, "FSOPEN_CLOEXEC" }, END };

const struct st_xlat st_fsmount_flags[] = { { 1, "FSMOUNT_CLOEXEC" }, END };

const struct st_xlat st_mount_attr_flags[] = {
	{ 0x1, "MOUNT_ATTR_RDONLY" }, { 0x2, "MOUNT_ATTR_NOSUID" }, { 0x4, "MOUNT_ATTR_NODEV" },
	{ 0x8, "MOUNT_ATTR_NOEXEC" }, { 0x10, "MOUNT_ATTR_NOATIME" },
	{ 0x20, "MOUNT_ATTR_STRICTATIME" }, { 0x80, "MOUNT_ATTR_NODIRATIME" }, END,
};

const struct st_xlat st_fspick_flags[] = {
	{ 0x1, "FSPICK_CLOEXEC" }, { 0x2, "FSPICK_SYMLINK_NOFOLLOW" },
	{ 0x4, "FSPICK_NO_AUTOMOUNT" }, { 0x8, "FSPICK_EMPTY_PATH" }, END,
};

/* Landlock's (linux/landlock.h), as far as strace 6.1 names them. */
const struct st_xlat st_landlock_create_flags[] = {
	X(LANDLOCK_CREATE_RULESET_VERSION), END,
};

const struct st_xlat st_landlock_rule_types[] = { X(LANDLOCK_RULE_PATH_BENEATH), END };

const struct st_xlat st_landlock_access_fs[] = {
	X(LANDLOCK_ACCESS_FS_EXECUTE), X(LANDLOCK_ACCESS_FS_WRITE_FILE),
	X(LANDLOCK_ACCESS_FS_READ_FILE), X(LANDLOCK_ACCESS_FS_READ_DIR),
	X(LANDLOCK_ACCESS_FS_REMOVE_DIR), X(LANDLOCK_ACCESS_FS_REMOVE_FILE),
	X(LANDLOCK_ACCESS_FS_MAKE_CHAR), X(LANDLOCK_ACCESS_FS_MAKE_DIR),
	X(LANDLOCK_ACCESS_FS_MAKE_REG), X(LANDLOCK_ACCESS_FS_MAKE_SOCK),
	X(LANDLOCK_ACCESS_FS_MAKE_FIFO), X(LANDLOCK_ACCESS_FS_MAKE_BLOCK),
	X(LANDLOCK_ACCESS_FS_MAKE_SYM), X(LANDLOCK_ACCESS_FS_REFER), END,
};

const struct st_xlat st_packet_mr_types[] = {
	X(PACKET_MR_MULTICAST), X(PACKET_MR_PROMISC), X(PACKET_MR_ALLMULTI),
	X(PACKET_MR_UNICAST), END,
};

/* ICMP message types (linux/icmp.h) that ICMP_FILTER's bits stand for. */
const struct st_xlat st_icmp_types[] = {
	{ 0, "ICMP_ECHOREPLY" }, { 3, "ICMP_DEST_UNREACH" }, { 4, "ICMP_SOURCE_QUENCH" },
	{ 5, "ICMP_REDIRECT" }, { 8, "ICMP_ECHO" }, { 11, "ICMP_TIME_EXCEEDED" },
	{ 12, "ICMP_PARAMETERPROB" }, { 13, "ICMP_TIMESTAMP" }, { 14, "ICMP_TIMESTAMPREPLY" },
	{ 15, "ICMP_INFO_REQUEST" }, { 16, "ICMP_INFO_REPLY" }, { 17, "ICMP_ADDRESS" },
	{ 18, "ICMP_ADDRESSREPLY" }, END,
};

/* seccomp(2)'s (linux/seccomp.h). */
const struct st_xlat st_seccomp_ops[] = {
	X(SECCOMP_SET_MODE_STRICT), X(SECCOMP_SET_MODE_FILTER), X(SECCOMP_GET_ACTION_AVAIL),
	X(SECCOMP_GET_NOTIF_SIZES), END,
};

const struct st_xlat st_seccomp_filter_flags[] = {
	X(SECCOMP_FILTER_FLAG_TSYNC), X(SECCOMP_FILTER_FLAG_LOG),
	X(SECCOMP_FILTER_FLAG_SPEC_ALLOW), X(SECCOMP_FILTER_FLAG_NEW_LISTENER),
	X(SECCOMP_FILTER_FLAG_TSYNC_ESRCH), { 32, "SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV" }, END,
};

const struct st_xlat st_seccomp_ret_actions[] = {
	X(SECCOMP_RET_KILL_PROCESS), X(SECCOMP_RET_KILL_THREAD), X(SECCOMP_RET_TRAP),
	X(SECCOMP_RET_ERRNO), X(SECCOMP_RET_USER_NOTIF), X(SECCOMP_RET_TRACE),
	X(SECCOMP_RET_LOG), X(SECCOMP_RET_ALLOW), END,
};

/* mount's flags (linux/mount.h: MS_*), by bit. */
const struct st_xlat st_mount_flags[] = {
	{ 1U << 0, "MS_RDONLY" }, { 1U << 1, "MS_NOSUID" }, { 1U << 2, "MS_NODEV" },
	{ 1U << 3, "MS_NOEXEC" }, { 1U << 4, "MS_SYNCHRONOUS" }, { 1U << 5, "MS_REMOUNT" },
	{ 1U << 6, "MS_MANDLOCK" }, { 1U << 7, "MS_DIRSYNC" }, { 1U << 8, "MS_NOSYMFOLLOW" },
	{ 1U << 10, "MS_NOATIME" }, { 1U << 11, "MS_NODIRATIME" }, { 1U << 12, "MS_BIND" },
	{ 1U << 13, "MS_MOVE" }, { 1U << 14, "MS_REC" }, { 1U << 15, "MS_SILENT" },
	{ 1U << 16, "MS_POSIXACL" }, { 1U << 17, "MS_UNBINDABLE" }, { 1U << 18, "MS_PRIVATE" },
	{ 1U << 19, "MS_SLAVE" }, { 1U << 20, "MS_SHARED" }, { 1U << 21, "MS_RELATIME" },
	{ 1U << 22, "MS_KERNMOUNT" }, { 1U << 23, "MS_I_VERSION" }, { 1U << 24, "MS_STRICTATIME" },
	{ 1U << 25, "MS_LAZYTIME" }, { 1U << 26, "MS_SUBMOUNT" }, { 1U << 27, "MS_NOREMOTELOCK" },
	{ 1U << 28, "MS_NOSEC" }, { 1U << 29, "MS_BORN" }, { 1U << 30, "MS_ACTIVE" },
	{ 1U << 31, "MS_NOUSER" }, END,
};

/* SOL_NETLINK's options (linux/netlink.h). */
const struct st_xlat st_netlink_opts[] = {
	X(NETLINK_ADD_MEMBERSHIP), X(NETLINK_DROP_MEMBERSHIP), X(NETLINK_PKTINFO),
	X(NETLINK_BROADCAST_ERROR), X(NETLINK_NO_ENOBUFS), X(NETLINK_RX_RING),
	X(NETLINK_TX_RING), X(NETLINK_LISTEN_ALL_NSID), X(NETLINK_LIST_MEMBERSHIPS),
	X(NETLINK_CAP_ACK), X(NETLINK_EXT_ACK), X(NETLINK_GET_STRICT_CHK), END,
};

const struct st_xlat st_tcp_opts[] = {
	X(TCP_NODELAY), X(TCP_MAXSEG), X(TCP_CORK), X(TCP_KEEPIDLE),
	X(TCP_KEEPINTVL), X(TCP_KEEPCNT), X(TCP_SYNCNT), X(TCP_LINGER2),
	X(TCP_DEFER_ACCEPT), X(TCP_WINDOW_CLAMP), X(TCP_INFO), X(TCP_QUICKACK),
	X(TCP_CONGESTION), X(TCP_MD5SIG), X(TCP_USER_TIMEOUT), X(TCP_FASTOPEN),
	X(TCP_NOTSENT_LOWAT), END,
};

/* SOL_IP's and SOL_IPV6's options, as strace names them. */
const struct st_xlat st_ip_opts[] = {
	X(IP_TOS), X(IP_TTL), X(IP_HDRINCL), X(IP_OPTIONS), X(IP_ROUTER_ALERT),
	X(IP_RECVOPTS), X(IP_RETOPTS), X(IP_PKTINFO), X(IP_PKTOPTIONS),
	X(IP_MTU_DISCOVER), X(IP_RECVERR), X(IP_RECVTTL), X(IP_RECVTOS), X(IP_MTU),
	X(IP_FREEBIND), X(IP_IPSEC_POLICY), X(IP_XFRM_POLICY), X(IP_PASSSEC),
	X(IP_TRANSPARENT), X(IP_ORIGDSTADDR), X(IP_MINTTL), X(IP_NODEFRAG),
	X(IP_CHECKSUM), X(IP_BIND_ADDRESS_NO_PORT), X(IP_RECVFRAGSIZE),
	X(IP_RECVERR_RFC4884), X(IP_MULTICAST_IF), X(IP_MULTICAST_TTL),
	X(IP_MULTICAST_LOOP), X(IP_ADD_MEMBERSHIP), X(IP_DROP_MEMBERSHIP),
	X(IP_UNBLOCK_SOURCE), X(IP_BLOCK_SOURCE), X(IP_ADD_SOURCE_MEMBERSHIP),
	X(IP_DROP_SOURCE_MEMBERSHIP), X(IP_MSFILTER), X(MCAST_JOIN_GROUP),
	X(MCAST_BLOCK_SOURCE), X(MCAST_UNBLOCK_SOURCE), X(MCAST_LEAVE_GROUP),
	X(MCAST_JOIN_SOURCE_GROUP), X(MCAST_LEAVE_SOURCE_GROUP), X(MCAST_MSFILTER),
	X(IP_MULTICAST_ALL), X(IP_UNICAST_IF), END,
};

const struct st_xlat st_ipv6_opts[] = {
	X(IPV6_ADDRFORM), X(IPV6_2292PKTINFO), X(IPV6_2292HOPOPTS), X(IPV6_2292DSTOPTS),
	X(IPV6_2292RTHDR), X(IPV6_2292PKTOPTIONS), X(IPV6_CHECKSUM), X(IPV6_2292HOPLIMIT),
	X(IPV6_NEXTHOP), X(IPV6_AUTHHDR), { 11, "IPV6_FLOWINFO" }, X(IPV6_UNICAST_HOPS),
	X(IPV6_MULTICAST_IF), X(IPV6_MULTICAST_HOPS), X(IPV6_MULTICAST_LOOP),
	X(IPV6_ADD_MEMBERSHIP), X(IPV6_DROP_MEMBERSHIP), X(IPV6_ROUTER_ALERT),
	X(IPV6_MTU_DISCOVER), X(IPV6_MTU), X(IPV6_RECVERR), X(IPV6_V6ONLY),
	X(IPV6_JOIN_ANYCAST), X(IPV6_LEAVE_ANYCAST), X(IPV6_MULTICAST_ALL),
	X(IPV6_ROUTER_ALERT_ISOLATE), X(IPV6_RECVERR_RFC4884), { 32, "IPV6_FLOWLABEL_MGR" },
	{ 33, "IPV6_FLOWINFO_SEND" }, X(IPV6_IPSEC_POLICY), X(IPV6_XFRM_POLICY),
	X(IPV6_HDRINCL), X(MCAST_JOIN_GROUP), X(MCAST_BLOCK_SOURCE),
	X(MCAST_UNBLOCK_SOURCE), X(MCAST_LEAVE_GROUP), X(MCAST_JOIN_SOURCE_GROUP),
	X(MCAST_LEAVE_SOURCE_GROUP), X(MCAST_MSFILTER), X(IPV6_RECVPKTINFO),
	X(IPV6_PKTINFO), X(IPV6_RECVHOPLIMIT), X(IPV6_HOPLIMIT), X(IPV6_RECVHOPOPTS),
	X(IPV6_HOPOPTS), X(IPV6_RTHDRDSTOPTS), X(IPV6_RECVRTHDR), X(IPV6_RTHDR),
	X(IPV6_RECVDSTOPTS), X(IPV6_DSTOPTS), X(IPV6_RECVPATHMTU), X(IPV6_PATHMTU),
	X(IPV6_DONTFRAG), { 63, "IPV6_USE_MIN_MTU" }, X(IPV6_RECVTCLASS), X(IPV6_TCLASS),
	{ 70, "IPV6_AUTOFLOWLABEL" }, { 72, "IPV6_ADDR_PREFERENCES" },
	{ 73, "IPV6_MINHOPCOUNT" }, { 74, "IPV6_ORIGDSTADDR" }, { 75, "IPV6_TRANSPARENT" },
	{ 76, "IPV6_UNICAST_IF" }, { 77, "IPV6_RECVFRAGSIZE" }, { 78, "IPV6_FREEBIND" }, END,
};

const struct st_xlat st_idtype[] = {
	{ 0, "P_ALL" }, { 1, "P_PID" }, { 2, "P_PGID" }, { 3, "P_PIDFD" }, END,
};

/* poll events, in strace's order. */
const struct st_xlat st_mbind_flags[] = {
	X(MPOL_MF_STRICT), X(MPOL_MF_MOVE), X(MPOL_MF_MOVE_ALL), END,
};

const struct st_xlat st_get_mempolicy_flags[] = {
	X(MPOL_F_NODE), X(MPOL_F_ADDR), X(MPOL_F_MEMS_ALLOWED), END,
};

const struct st_xlat st_rwf[] = {
	X(RWF_HIPRI), X(RWF_DSYNC), X(RWF_SYNC), X(RWF_NOWAIT), X(RWF_APPEND), END,
};

const struct st_xlat st_uring_enter[] = {
	X(IORING_ENTER_GETEVENTS), X(IORING_ENTER_SQ_WAKEUP), X(IORING_ENTER_SQ_WAIT),
	X(IORING_ENTER_EXT_ARG), X(IORING_ENTER_REGISTERED_RING), END,
};

const struct st_xlat st_poll[] = {
	X(POLLIN), X(POLLPRI), X(POLLOUT), X(POLLERR), X(POLLHUP), X(POLLNVAL),
	X(POLLRDNORM), X(POLLRDBAND), X(POLLWRNORM), X(POLLWRBAND), X(POLLMSG),
	{ 0x1000, "POLLREMOVE" }, { 0x2000, "POLLRDHUP" }, { 0x8000, "POLL_BUSY_LOOP" }, END,
};

const struct st_xlat st_epoll_events[] = {
	X(EPOLLIN), X(EPOLLPRI), X(EPOLLOUT), X(EPOLLERR), X(EPOLLHUP),
	{ 0x20, "EPOLLNVAL" }, X(EPOLLRDNORM), X(EPOLLRDBAND), X(EPOLLWRNORM),
	X(EPOLLWRBAND), X(EPOLLMSG), X(EPOLLRDHUP), X(EPOLLEXCLUSIVE),
	X(EPOLLWAKEUP), X(EPOLLONESHOT), { 0x80000000U, "EPOLLET" }, END,
};

/* statfs f_flags, in strace's order (ST_VALID first). */
const struct st_xlat st_statfs_flags[] = {
	{ 0x20, "ST_VALID" }, X(ST_RDONLY), X(ST_NOSUID), X(ST_NODEV),
	X(ST_NOEXEC), X(ST_SYNCHRONOUS), X(ST_MANDLOCK), X(ST_NOATIME),
	X(ST_NODIRATIME), X(ST_RELATIME), { 0x2000, "ST_NOSYMFOLLOW" }, END,
};

const char *st_xlat_name(const struct st_xlat *t, uint64_t val)
{
	for (; t->name; t++)
		if (t->val == val)
			return t->name;
	return NULL;
}

static enum st_cstyle cstyle;

enum st_cstyle st_xlat_style(enum st_cstyle style)
{
	enum st_cstyle old = cstyle;

	cstyle = style;
	return old;
}

enum st_cstyle st_xlat_get_style(void)
{
	return cstyle;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
void st_xlat_enum(struct buf *b, const struct st_xlat *t, uint64_t val,
		  const char *fallback)
{
	const char *n = cstyle == ST_C_RAW ? NULL : st_xlat_name(t, val);

	if (n && cstyle == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, fallback, (unsigned long long)val);
	if (n)
		buf_printf(b, " /* %s */", n);
}
#pragma GCC diagnostic pop

void st_xlat_val(struct buf *b, const struct st_xlat *t, uint64_t val,
		 const char *dflt)
{
	const char *n = cstyle == ST_C_RAW ? NULL : st_xlat_name(t, val);

	if (n && cstyle == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%#llx", (unsigned long long)val);
	if (n)
		buf_printf(b, " /* %s */", n);
	else if (dflt && cstyle != ST_C_RAW)
		buf_printf(b, " /* %s */", dflt);
}

/*
 * The names of val's bits in t, joined by '|' (nothing if none has a
 * name); returns the bits no name covers.
 */
static uint64_t flag_names(struct buf *b, const struct st_xlat *t,
			   uint64_t val)
{
	bool any = false;

	for (; t->name; t++) {
		if (t->val && (val & t->val) == t->val) {
			buf_printf(b, "%s%s", any ? "|" : "", t->name);
			val &= ~t->val;
			any = true;
		}
	}
	return val;
}

void st_xlat_flags_dflt(struct buf *b, const struct st_xlat *t, uint64_t val,
			const char *zero, const char *dflt)
{
	size_t at;
	uint64_t rest;

	if (!val) {
		/* A zero that names nothing ("") prints nothing in any style. */
		if (cstyle == ST_C_ABBREV || !*zero)
			buf_printf(b, "%s", zero);
		else if (cstyle == ST_C_RAW || !strcmp(zero, "0"))
			buf_printf(b, "0");
		else
			buf_printf(b, "0 /* %s */", zero);
		return;
	}
	if (cstyle != ST_C_ABBREV) {
		buf_printf(b, "%#llx", (unsigned long long)val);
		if (cstyle == ST_C_RAW)
			return;
		buf_printf(b, " /* ");
		at = b->len;
		rest = flag_names(b, t, val);
		if (b->len == at) {
			b->len = at - 4;
			if (dflt)
				buf_printf(b, " /* %s */", dflt);
			return;
		}
		if (rest)
			buf_printf(b, "|%#llx", (unsigned long long)rest);
		buf_printf(b, " */");
		return;
	}
	at = b->len;
	rest = flag_names(b, t, val);
	if (rest && b->len > at)
		buf_printf(b, "|%#llx", (unsigned long long)rest);
	else if (rest)
		/* As strace: a comment only when no bit had a name. */
		buf_printf(b, dflt ? "%#llx /* %s */" : "%#llx",
			   (unsigned long long)rest, dflt);
}

void st_xlat_flags(struct buf *b, const struct st_xlat *t, uint64_t val,
		   const char *zero)
{
	st_xlat_flags_dflt(b, t, val, zero, NULL);
}

const char *st_errno_name(int e)
{
	return st_xlat_name(st_errno, e);
}

int st_signum(const char *name)
{
	const struct st_xlat *t;
	char full[32];
	char *end;
	long n = strtol(name, &end, 10);

	if (*name && !*end)
		return n;
	snprintf(full, sizeof(full), "%s%s", strncasecmp(name, "SIG", 3) ? "SIG" : "", name);
	for (t = st_signals; t->name; t++)
		if (!strcasecmp(t->name, full))
			return t->val;
	return -1;
}

void st_sig(struct buf *b, int sig)
{
	enum st_cstyle style = st_xlat_style(ST_C_ABBREV);

	if (style == ST_C_ABBREV) {
		st_signame(b, sig);
		return;
	}
	buf_printf(b, "%d", sig);
	if (style == ST_C_VERBOSE && st_xlat_name(st_signals, sig)) {
		buf_printf(b, " /* ");
		st_signame(b, sig);
		buf_printf(b, " */");
	}
	st_xlat_style(style);
}

void st_signame(struct buf *b, int sig)
{
	const char *n = st_xlat_name(st_signals, sig);

	if (n)
		buf_printf(b, "%s", n);
	else if (sig == 32)
		buf_printf(b, "SIGRTMIN");
	else if (sig > 32 && sig <= 64)
		buf_printf(b, "SIGRT_%d", sig - 32);
	else
		buf_printf(b, "%d", sig);
}

/* getpriority's and setpriority's which. */
const struct st_xlat st_prio_which[] = {
	X(PRIO_PROCESS), X(PRIO_PGRP), X(PRIO_USER), END,
};

const struct st_xlat st_shutdown_how[] = { X(SHUT_RD), X(SHUT_WR), X(SHUT_RDWR), END };

/* The namespaces setns() may join, and what unshare() may unshare. */
const struct st_xlat st_setns_types[] = {
	{ 0x80, "CLONE_NEWTIME" }, { 0x20000, "CLONE_NEWNS" },
	{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
	{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
	{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" }, END,
};

const struct st_xlat st_unshare_flags[] = {
	{ 0x80, "CLONE_NEWTIME" }, { 0x100, "CLONE_VM" }, { 0x200, "CLONE_FS" },
	{ 0x400, "CLONE_FILES" }, { 0x800, "CLONE_SIGHAND" },
	{ 0x10000, "CLONE_THREAD" }, { 0x20000, "CLONE_NEWNS" },
	{ 0x40000, "CLONE_SYSVSEM" }, { 0x2000000, "CLONE_NEWCGROUP" },
	{ 0x4000000, "CLONE_NEWUTS" }, { 0x8000000, "CLONE_NEWIPC" },
	{ 0x10000000, "CLONE_NEWUSER" }, { 0x20000000, "CLONE_NEWPID" },
	{ 0x40000000, "CLONE_NEWNET" }, END,
};

/* userfaultfd's flags: its own, then the descriptor's. */
const struct st_xlat st_uffd_flags[] = {
	{ 1, "UFFD_USER_MODE_ONLY" }, X(O_NONBLOCK), X(O_CLOEXEC), END,
};

/* inotify_add_watch's mask. */
const struct st_xlat st_inotify_mask[] = {
	X(IN_ACCESS), X(IN_MODIFY), X(IN_ATTRIB), X(IN_CLOSE_WRITE),
	X(IN_CLOSE_NOWRITE), X(IN_OPEN), X(IN_MOVED_FROM), X(IN_MOVED_TO),
	X(IN_CREATE), X(IN_DELETE), X(IN_DELETE_SELF), X(IN_MOVE_SELF),
	X(IN_UNMOUNT), X(IN_Q_OVERFLOW), X(IN_IGNORED), X(IN_ONLYDIR),
	X(IN_DONT_FOLLOW), X(IN_EXCL_UNLINK), { 0x10000000, "IN_MASK_CREATE" },
	X(IN_MASK_ADD), X(IN_ISDIR), X(IN_ONESHOT), END,
};

/* swapon's flags; the priority (the low 15 bits) follows as a number. */
const struct st_xlat st_swap_flags[] = {
	{ 0x8000, "SWAP_FLAG_PREFER" }, { 0x10000, "SWAP_FLAG_DISCARD" },
	{ 0x20000, "SWAP_FLAG_DISCARD_ONCE" }, { 0x40000, "SWAP_FLAG_DISCARD_PAGES" }, END,
};

/* The special keyrings a key serial may name. */
const struct st_xlat st_key_spec[] = {
	X(KEY_SPEC_THREAD_KEYRING), X(KEY_SPEC_PROCESS_KEYRING),
	X(KEY_SPEC_SESSION_KEYRING), X(KEY_SPEC_USER_KEYRING),
	X(KEY_SPEC_USER_SESSION_KEYRING), X(KEY_SPEC_GROUP_KEYRING),
	X(KEY_SPEC_REQKEY_AUTH_KEY), X(KEY_SPEC_REQUESTOR_KEYRING), END,
};

/* umount2's flags. */
const struct st_xlat st_umount_flags[] = {
	{ 1, "MNT_FORCE" }, { 2, "MNT_DETACH" }, { 4, "MNT_EXPIRE" },
	{ 8, "UMOUNT_NOFOLLOW" }, END,
};

/* The codes the kernel gives a signal it raises, by signal (asm-generic/siginfo.h). */
const struct st_xlat st_ill_codes[] = {
	{ 1, "ILL_ILLOPC" }, { 2, "ILL_ILLOPN" }, { 3, "ILL_ILLADR" }, { 4, "ILL_ILLTRP" },
	{ 5, "ILL_PRVOPC" }, { 6, "ILL_PRVREG" }, { 7, "ILL_COPROC" }, { 8, "ILL_BADSTK" }, END,
};

const struct st_xlat st_fpe_codes[] = {
	{ 1, "FPE_INTDIV" }, { 2, "FPE_INTOVF" }, { 3, "FPE_FLTDIV" }, { 4, "FPE_FLTOVF" },
	{ 5, "FPE_FLTUND" }, { 6, "FPE_FLTRES" }, { 7, "FPE_FLTINV" }, { 8, "FPE_FLTSUB" },
	{ 14, "FPE_FLTUNK" }, { 15, "FPE_CONDTRAP" }, END,
};

const struct st_xlat st_segv_codes[] = {
	{ 1, "SEGV_MAPERR" }, { 2, "SEGV_ACCERR" }, { 3, "SEGV_BNDERR" }, { 4, "SEGV_PKUERR" },
	{ 5, "SEGV_ACCADI" }, { 6, "SEGV_ADIDERR" }, { 7, "SEGV_ADIPERR" },
	{ 8, "SEGV_MTEAERR" }, { 9, "SEGV_MTESERR" }, END,
};

const struct st_xlat st_bus_codes[] = {
	{ 1, "BUS_ADRALN" }, { 2, "BUS_ADRERR" }, { 3, "BUS_OBJERR" },
	{ 4, "BUS_MCEERR_AR" }, { 5, "BUS_MCEERR_AO" }, END,
};

const struct st_xlat st_trap_codes[] = {
	{ 1, "TRAP_BRKPT" }, { 2, "TRAP_TRACE" }, { 3, "TRAP_BRANCH" }, { 4, "TRAP_HWBKPT" },
	{ 5, "TRAP_UNK" }, { 6, "TRAP_PERF" }, END,
};

const struct st_xlat st_poll_codes[] = {
	{ 1, "POLL_IN" }, { 2, "POLL_OUT" }, { 3, "POLL_MSG" }, { 4, "POLL_ERR" },
	{ 5, "POLL_PRI" }, { 6, "POLL_HUP" }, END,
};

const struct st_xlat st_sys_codes[] = { { 1, "SYS_SECCOMP" }, { 2, "SYS_USER_DISPATCH" }, END };

/* Hardware types (linux/if_arp.h): AF_PACKET's sll_hatype, a link's ifi_type. */
const struct st_xlat st_arphrd[] = {
	X(ARPHRD_NETROM), X(ARPHRD_ETHER), X(ARPHRD_EETHER), X(ARPHRD_AX25),
	X(ARPHRD_PRONET), X(ARPHRD_CHAOS), X(ARPHRD_IEEE802), X(ARPHRD_ARCNET),
	X(ARPHRD_APPLETLK), X(ARPHRD_DLCI), X(ARPHRD_ATM), X(ARPHRD_METRICOM),
	X(ARPHRD_IEEE1394), X(ARPHRD_EUI64), X(ARPHRD_INFINIBAND), X(ARPHRD_SLIP),
	X(ARPHRD_CSLIP), X(ARPHRD_SLIP6), X(ARPHRD_CSLIP6), X(ARPHRD_RSRVD),
	X(ARPHRD_ADAPT), X(ARPHRD_ROSE), X(ARPHRD_X25), X(ARPHRD_HWX25),
	X(ARPHRD_CAN), X(ARPHRD_MCTP), X(ARPHRD_PPP), X(ARPHRD_CISCO),
	X(ARPHRD_LAPB), X(ARPHRD_DDCMP), X(ARPHRD_RAWHDLC), X(ARPHRD_RAWIP),
	X(ARPHRD_TUNNEL), X(ARPHRD_TUNNEL6), X(ARPHRD_FRAD), X(ARPHRD_SKIP),
	X(ARPHRD_LOOPBACK), X(ARPHRD_LOCALTLK), X(ARPHRD_FDDI), X(ARPHRD_BIF),
	X(ARPHRD_SIT), X(ARPHRD_IPDDP), X(ARPHRD_IPGRE), X(ARPHRD_PIMREG),
	X(ARPHRD_HIPPI), X(ARPHRD_ASH), X(ARPHRD_ECONET), X(ARPHRD_IRDA),
	X(ARPHRD_FCPP), X(ARPHRD_FCAL), X(ARPHRD_FCPL), X(ARPHRD_FCFABRIC),
	X(ARPHRD_IEEE802_TR), X(ARPHRD_IEEE80211), X(ARPHRD_IEEE80211_PRISM),
	X(ARPHRD_IEEE80211_RADIOTAP), X(ARPHRD_IEEE802154),
	X(ARPHRD_IEEE802154_MONITOR), X(ARPHRD_PHONET), X(ARPHRD_PHONET_PIPE),
	X(ARPHRD_CAIF), X(ARPHRD_IP6GRE), X(ARPHRD_NETLINK), X(ARPHRD_6LOWPAN),
	X(ARPHRD_VSOCKMON), X(ARPHRD_NONE), X(ARPHRD_VOID), END,
};

/* linux/elf-em.h lacks EM_V850; the audit number is its ELF machine's. */
#define ST_EM_V850 87

const struct st_xlat st_audit_arch[] = {
	X(AUDIT_ARCH_AARCH64), X(AUDIT_ARCH_ALPHA), X(AUDIT_ARCH_ARCOMPACT),
	X(AUDIT_ARCH_ARCOMPACTBE), X(AUDIT_ARCH_ARCV2), X(AUDIT_ARCH_ARCV2BE),
	X(AUDIT_ARCH_ARM), X(AUDIT_ARCH_ARMEB), X(AUDIT_ARCH_C6X), X(AUDIT_ARCH_C6XBE),
	X(AUDIT_ARCH_CRIS), X(AUDIT_ARCH_CSKY), X(AUDIT_ARCH_FRV), X(AUDIT_ARCH_H8300),
	X(AUDIT_ARCH_HEXAGON), X(AUDIT_ARCH_I386), X(AUDIT_ARCH_IA64),
	X(AUDIT_ARCH_LOONGARCH32), X(AUDIT_ARCH_LOONGARCH64), X(AUDIT_ARCH_M32R),
	X(AUDIT_ARCH_M68K), X(AUDIT_ARCH_MICROBLAZE), X(AUDIT_ARCH_MIPS),
	X(AUDIT_ARCH_MIPS64), X(AUDIT_ARCH_MIPS64N32), X(AUDIT_ARCH_MIPSEL),
	X(AUDIT_ARCH_MIPSEL64), X(AUDIT_ARCH_MIPSEL64N32), X(AUDIT_ARCH_NDS32),
	X(AUDIT_ARCH_NDS32BE), X(AUDIT_ARCH_NIOS2), X(AUDIT_ARCH_OPENRISC),
	X(AUDIT_ARCH_PARISC), X(AUDIT_ARCH_PARISC64), X(AUDIT_ARCH_PPC),
	X(AUDIT_ARCH_PPC64), X(AUDIT_ARCH_PPC64LE), X(AUDIT_ARCH_RISCV32),
	X(AUDIT_ARCH_RISCV64), X(AUDIT_ARCH_S390), X(AUDIT_ARCH_S390X), X(AUDIT_ARCH_SH),
	X(AUDIT_ARCH_SH64), X(AUDIT_ARCH_SHEL), X(AUDIT_ARCH_SHEL64), X(AUDIT_ARCH_SPARC),
	X(AUDIT_ARCH_SPARC64), X(AUDIT_ARCH_TILEGX), X(AUDIT_ARCH_TILEGX32),
	X(AUDIT_ARCH_TILEPRO), X(AUDIT_ARCH_UNICORE),
	{ ST_EM_V850 | __AUDIT_ARCH_LE, "AUDIT_ARCH_V850" },
	X(AUDIT_ARCH_X86_64), X(AUDIT_ARCH_XTENSA), END,
};
