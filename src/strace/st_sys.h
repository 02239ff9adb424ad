/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_SYS_H
#define FERRET_ST_SYS_H

#include <stdbool.h>
#include <stdint.h>

struct buf;

/* Classes for -e trace=%CLASS. */
enum st_class {
	ST_FILE = 1 << 0,
	ST_DESC = 1 << 1,
	ST_NETWORK = 1 << 2,
	ST_PROCESS = 1 << 3,
	ST_MEMORY = 1 << 4,
	ST_SIGNAL = 1 << 5,
	ST_IPC = 1 << 6,
	ST_CREDS = 1 << 7,
	ST_STAT = 1 << 8,
	ST_LSTAT = 1 << 9,
	ST_FSTAT = 1 << 10,
	ST_STAT_LIKE = 1 << 11,
	ST_STATFS = 1 << 12,
	ST_FSTATFS = 1 << 13,
	ST_STATFS_LIKE = 1 << 14,
	ST_PURE = 1 << 15,
	ST_CLOCK = 1 << 16,
};

/*
 * One x86-64 system call.  sig has one letter per argument, then ':'
 * and a letter for the return value when it is not a plain integer; NULL
 * means unknown: six arguments in hex.
 *
 * Arguments read from the tracee's memory at entry: P path, S string
 * (-s applies), W bytes written (length: the next argument), t timespec,
 * A sockaddr (length: the next argument), v iovec array (count: the next
 * argument), E argv, e envp (counted), q sigaction, g sigset, j rlimit,
 * 3 struct clone_args, ~ the mask in rt_sigreturn's signal frame (not an
 * argument: read from the user stack), ( struct pollfd[] (count: the next
 * argument; read again at exit for revents), { ppoll's timespec (read
 * again at exit for the time left), & struct epoll_event, [ struct
 * itimerval, < stack_t, n a socklen_t (its value at exit from the sockaddr
 * before it), | getsockopt's optlen (read again at exit), $ an fd_set of
 * argument 0's bits (read again at exit), ? pselect6's sigmask struct,
 * . setsockopt's value, + sendmsg's struct msghdr, - recvmsg's (read
 * again at exit), 0 struct open_how, 1 struct sched_attr.  At exit: R bytes read (length: the return
 * value), T struct stat, X struct statx, U timespec, B sockaddr (length
 * through the pointer in the next argument, printed by n), V iovec array,
 * F int[2], w wait status, G directory entries (counted), Q sigaction,
 * H sigset, J rlimit, N struct utsname, 4 struct statfs, 5 struct sysinfo,
 * 6 gid_t array (as many as the return value says), ^ struct
 * epoll_event[] (as many as returned), * struct rusage, @ struct tms,
 * ] struct itimerval, > stack_t, = a uid or gid ([N]), _ CPU mask (the
 * bytes returned), , getsockopt's value, 2 siginfo (waitid), % struct
 * sched_attr, ' struct timex, \\ a path (getcwd: as long as returned).  Values: ; a socket level,
 * ` a socket option (of the level before it).
 * Values: d int, u unsigned long, 7 unsigned int, x hex, p pointer, f fd, D dirfd, O open
 * flags, m mode, r mmap prot, M mmap flags, C clone flags, a AT_ flags,
 * s signal, h sigprocmask how, k address family, K socket type, L access
 * mode, l lseek whence, c fcntl command, i rlimit resource, z futex op,
 * Z arch_prctl code, o clock id, y getrandom flags, b madvise advice,
 * I ioctl request, Y prctl option, 8 a mode with its file type, 9 dev_t,
 * # a socket protocol (of the family in argument 0).
 * Returns: x hex, f fd, o octal, ? none (the call does not return).
 *
 * Past the printable letters, ST_L_PRCTL: prctl's second argument, which
 * each option reads or writes differently: at entry a string of at most
 * 15 characters and its first 15 bytes (indexes 0, 1), and at exit its
 * first 4, 8 and 16 bytes (records of letter ST_L_PRCTL_OUT, indexes 0,
 * 1, 2).
 */
#define ST_L_PRCTL '\200'
#define ST_L_PRCTL_OUT '\201'
/*
 * ST_L_ITS struct itimerspec at entry, ST_L_ITS_OUT at exit; ST_L_SIGEV
 * struct sigevent at entry; ST_L_INT_OUT an int written at exit ([N]).
 */
#define ST_L_ITS '\202'
#define ST_L_ITS_OUT '\203'
#define ST_L_SIGEV '\204'
#define ST_L_INT_OUT '\205'
/*
 * struct mq_attr: ST_L_MQATTR_X at entry, its flags in hex (mq_open);
 * ST_L_MQATTR at entry and ST_L_MQATTR_OUT at exit, flags by name.
 */
#define ST_L_MQATTR_X '\206'
#define ST_L_MQATTR '\207'
#define ST_L_MQATTR_OUT '\210'
/*
 * ST_L_CAPHDR struct __user_cap_header_struct at entry; ST_L_CAPDATA its
 * data (two struct __user_cap_data_struct) at entry, ST_L_CAPDATA_OUT at
 * exit.
 */
#define ST_L_CAPHDR '\213'
#define ST_L_CAPDATA '\214'
#define ST_L_CAPDATA_OUT '\215'
/* A siginfo_t read at entry (rt_sigqueueinfo). */
#define ST_L_SIGINFO '\216'
/*
 * System V IPC.  Values: ST_L_IPCKEY a key (IPC_PRIVATE or hex),
 * ST_L_IPCFLG IPC_ flags with the permission bits, ST_L_IPCCMD a ctl
 * command (IPC_64 too).  Memory: ST_L_SEMBUF struct sembuf[] (count: the
 * next argument) at entry; ST_L_MSGBUF a message of the next argument's
 * size at entry, ST_L_MSGBUF_OUT at exit.
 */
#define ST_L_IPCKEY '\217'
#define ST_L_IPCFLG '\220'
#define ST_L_IPCCMD '\221'
#define ST_L_SEMBUF '\222'
#define ST_L_MSGBUF '\223'
#define ST_L_MSGBUF_OUT '\224'
/* An I/O priority: IOPRIO_PRIO_VALUE(class, data). */
#define ST_L_IOPRIO '\225'
/*
 * prctl's fifth argument, ST_L_PRCTL5: at entry a string (PR_SET_VMA's
 * name), at exit in records of ST_L_PRCTL5_OUT the u64 PR_SCHED_CORE_GET
 * wrote (8 bytes); hex for the other options.
 */
#define ST_L_PRCTL5_OUT '\230'
#define ST_L_PRCTL5 '\231'
/*
 * A string the call reads a bounded number of bytes of, which strace
 * reads no further (st_str_limit(): memfd_create's name, reboot's
 * command string).
 */
#define ST_L_LIMSTR '\232'
/* The bytes of a path strace reads (PATH_MAX): at most one less are shown. */
#define ST_PATH_READ 4096
/* utimensat's struct timespec[2] at entry, with UTIME_NOW and UTIME_OMIT. */
#define ST_L_UTIMES '\233'
/*
 * clone3's struct clone_args is '3' (records 0: the struct, as much as
 * its size says; 1: what follows it up to a page; 2: the set_tid array);
 * at exit ST_L_CLONE3_OUT, what its pidfd (0) and parent_tid (1) point to.
 */
#define ST_L_CLONE3_OUT '\234'
/*
 * msgctl's, shmctl's and semctl's buffer, read at exit (IPC_SET's too:
 * the call does not change it): ST_IPC_BUF_READ bytes, the largest of
 * the structs (struct msqid_ds).
 */
#define ST_L_IPCBUF '\235'
#define ST_IPC_BUF_READ 120
/* utime's struct utimbuf; futimesat's and utimes' struct timeval[2]. */
#define ST_L_UTIMBUF '\236'
#define ST_L_TIMEVAL2 '\237'
/* Landlock's struct landlock_ruleset_attr and landlock_path_beneath_attr. */
#define ST_L_LL_RULESET '\240'
#define ST_L_LL_PATH '\241'
/*
 * seccomp's argument by operation: at entry the struct sock_fprog (16
 * bytes) or the action (4), at exit in ST_L_SECCOMP_OUT the notification
 * sizes (6).
 */
#define ST_L_SECCOMP '\242'
#define ST_L_SECCOMP_OUT '\243'
/* struct clone_args as clone3 first knew it (CLONE_ARGS_SIZE_VER0), and now. */
#define ST_CLONE_ARGS_VER0 64
#define ST_CLONE_ARGS_SIZE 88
/* arch_prctl's second argument: hex, or the base ARCH_GET_* wrote (8 bytes at exit). */
#define ST_L_ARCH_OUT '\227'
/* kcmp's last argument: a descriptor, or struct kcmp_epoll_slot read at entry. */
#define ST_L_KCMP_SLOT '\226'
/*
 * struct timeval and struct timezone read at entry (ST_L_TV_IN,
 * ST_L_TZ_IN) or written by a call that returned 0 (ST_L_TV_OUT,
 * ST_L_TZ_OUT); a pointer and an unsigned long written ([N]:
 * get_robust_list); a loff_t read at entry ([N]: splice).
 */
#define ST_L_TV_IN '\245'
#define ST_L_TV_OUT '\246'
#define ST_L_TZ_IN '\247'
#define ST_L_TZ_OUT '\250'
#define ST_L_PTR_OUT '\251'
#define ST_L_ULONG_OUT '\252'
#define ST_L_LOFF_IN '\253'
/*
 * ioctl's third argument: ST_IOCTL_CAPTURE bytes (st_ioctl.h) read at entry
 * (ST_L_IOCTL) and at exit (ST_L_IOCTL_OUT), each in two records, up to
 * its page's end and past it; the request says what they are.
 */
#define ST_L_IOCTL '\255'
#define ST_L_IOCTL_OUT '\256'
/*
 * ST_L_CPUMASK_IN a CPU mask read at entry, as long as the argument
 * before it says (128 bytes at most); ST_L_MINCORE_OUT mincore's vector
 * at exit, a byte per page of the length before it (-s + 1 at most).
 */
#define ST_L_CPUMASK_IN '\257'
#define ST_L_MINCORE_OUT '\260'
/* sendfile's offset, read at entry and, as ST_L_SENDFILE_OFF_OUT, at exit. */
#define ST_L_SENDFILE_OFF '\261'
#define ST_L_SENDFILE_OFF_OUT '\262'
/*
 * The record index that continues record 0 of the same letter and
 * argument: memory past the end of the page record 0 ended on (st_prog.c's
 * split_read()), appended to it, or marking it cut where unreadable.
 */
#define ST_IDX_REST 65535
/*
 * iovec entries the kernel takes at most (UIO_MAXIOV): the most whose
 * buffers are read, under -v or a -s as large (st_prog_iov_shown()).
 */
#define ST_IOV_MAX 1024
/* execve's argv and envp (-v): the array of pointers, ahead of the strings' records. */
#define ST_L_ARGV_PTRS '\263'
/*
 * Values: ST_L_RWF preadv2's RWF_ flags, ST_L_RESTART restart_syscall's
 * "<... resuming interrupted CALL ...>" (not an argument: the thread's
 * previous call), ST_L_URING_ENTER io_uring_enter's flags; ST_L_SKIP an
 * argument strace does not print (preadv2's high half of the offset).
 */
#define ST_L_RWF '\264'
#define ST_L_RESTART '\265'
#define ST_L_URING_ENTER '\266'
#define ST_L_SKIP '\273'
/*
 * sendmmsg's and recvmmsg's struct mmsghdr array, read at exit: record
 * 0 the array (ST_MMSG_MAX entries at most), then the iovecs, buffers,
 * name and control of the first ST_MMSG_SHOWN messages, message e's
 * numbered from ST_MMSG_IDX(e) as a msghdr's are from 0.
 */
#define ST_L_MMSG '\275'
/*
 * Records only: recvmmsg's struct mmsghdr array as it was given, read at
 * entry in two pieces (the msg_namelen of each message).
 */
#define ST_L_MMSG_IN '\331'
/*
 * Records only: sendmmsg's and recvmmsg's array at exit in two pieces,
 * for one the read of ST_L_MMSG misses (it runs into an unmapped page).
 */
#define ST_L_MMSG_PART '\332'
/*
 * Records only, -y: the kernel's struct file of each of the first
 * ST_SCM_FILES descriptors of the SCM_RIGHTS message first or second in
 * the control data of a sendmsg (at entry) or a recvmsg (at exit), index j
 * the j-th descriptor: what the receiver's descriptors name is what the
 * sender's named.
 */
#define ST_L_SCM_FILE '\333'
#define ST_SCM_FILES 8
/*
 * Records only, -y: the other descriptors of pidfd_getfd's caller, of
 * the first ST_GETFD_SCAN, that hold the file the call returned a
 * descriptor of, a bit each: the other process's descriptor named it
 * too.
 */
#define ST_L_GETFD_SAME '\334'
#define ST_GETFD_SCAN 64
#define ST_MMSG_SIZE 64
#define ST_MMSG_MAX 33
#define ST_MMSG_SHOWN 4
/*
 * The buffers of a msghdr's iovecs read in the kernel, records 2 to 5 of
 * its own (st_prog.c's msghdr_capture()); the others are read from the
 * process when the line prints.
 */
#define ST_MSG_BUFS 4
/*
 * -v: sendmsg's and recvmsg's msg_control, as much as strace reads
 * (st_optmem_max(), ST_MSG_CTL_MAX at most), in records of
 * ST_DUMP_CHUNK bytes numbered from ST_MSG_CTL_IDX, joined as record 7.
 */
#define ST_MSG_CTL_IDX 200000
#define ST_MSG_CTL_MAX (1 << 20)
/* sched_setattr's size field, read again at exit after E2BIG (the kernel's size). */
#define ST_L_SCHED_SIZE_OUT '\276'
/*
 * prctl's third argument: PR_SET_SECCOMP's struct sock_fprog in record 0,
 * its instructions (-v) from record 1.
 */
#define ST_L_PRCTL_FPROG '\277'
/*
 * futex_waitv's struct futex_waitv array: as many as the next argument
 * says, one past ST_FUTEXV_MAX at most, read up to a mapping's end.
 */
#define ST_L_FUTEXV '\302'
/* An unsigned int in hex. */
#define ST_L_HEX32 '\303'
/*
 * Records only: the netlink protocol of the socket a call sends to or
 * receives from (argument 0), when the kernel found it one (st_prog.c's
 * netlink_bound()), and its inode shifted left by 8, under an argument
 * number no argument has.
 */
#define ST_L_NLPROTO '\311'
#define ST_NLPROTO_ARG 9
/*
 * Records only, of letter ST_L_NLPROTO: the inode of the socket a call
 * returned (socket, accept, accept4), under another argument number.
 */
#define ST_SOCKINO_ARG 8
/*
 * Records only, -yy: a socket as the call saw it (st_prog.c's sock_snap()),
 * for a line decoded once the socket or the process is gone: letter
 * ST_L_SOCKSNAP, argument ST_SNAP_ARG (none has that number), captures
 * from idx base on, base ST_SNAP_ARG0 for the descriptor in argument 0
 * at entry, ST_SNAP_RET for the one returned, ST_SNAP_PAIR + 8 * j for
 * socketpair's j-th.  Captures base + 0: the inode; + 1: family | local
 * port << 16 | remote port (network order) << 32 | protocol (8 bits) << 48
 * | state << 56;
 * + 2..5: the addresses (IPv4: remote, local; IPv6: remote, local, 8
 * bytes each) or a UNIX socket's peer's inode, or a netlink socket's port
 * id; + 6: the kernel's name of the protocol; + 7: a UNIX socket's address.
 */
#define ST_L_SOCKSNAP '\327'
#define ST_SNAP_ARG 6
#define ST_SNAP_ARG0 0
#define ST_SNAP_RET 8
#define ST_SNAP_PAIR 16
/*
 * Records only, -e read= and -e write=: the whole buffer that read,
 * pread64, recvfrom and mq_timedreceive returned (at exit) or that
 * write, pwrite64, sendto and mq_timedsend were given (at entry), on a
 * descriptor the sets may name, argument 1's, in records of
 * ST_DUMP_CHUNK bytes numbered from 0, ST_DUMP_BYTES at most (the
 * verifier walks the loop that reads them once per chunk; the rest is
 * read from the process while it lives): a chunk that cannot be read
 * comes marked so, and ends what is shown.  A chunk divides strace's
 * 64 KiB reads, so that where one of those would fail is known.
 */
#define ST_L_DUMP '\330'
#define ST_DUMP_SHIFT 14
#define ST_DUMP_CHUNK (1 << ST_DUMP_SHIFT)
#define ST_DUMP_BYTES (4 << 20)
#define ST_FUTEXV_MAX 128	/* the kernel's FUTEX_WAITV_MAX */
#define ST_MMSG_IDX(e) (16 * ((e) + 1))
/* setgroups' gid_t list read at entry, as long as argument 0 says. */
#define ST_L_GIDS_IN '\274'
/*
 * A NUMA node mask (unsigned longs) with as many bits as the next
 * argument says less one: ST_L_NODEMASK read at entry, ST_L_NODEMASK_OUT
 * at exit, ST_L_NODEMASK_A1 at entry with argument 1 the count
 * (migrate_pages); ST_L_MPOL_MODE a memory policy mode with its flags.
 */
#define ST_L_NODEMASK '\267'
#define ST_L_NODEMASK_OUT '\270'
#define ST_L_NODEMASK_A1 '\271'
#define ST_L_MPOL_MODE '\272'
/* Records of a sockaddr ('B') past the end of its first page. */
#define ST_L_SOCKADDR_REST '\244'
/* ST_L_INT_IN an int read at entry ([N]); ST_L_TIME_OUT a time_t written at exit. */
#define ST_L_INT_IN '\211'
#define ST_L_TIME_OUT '\212'

/*
 * bpf(2)'s union bpf_attr, as long as its size (the next argument) says,
 * and what the command's fields point to: ST_L_BPF_ATTR at entry,
 * ST_L_BPF_ATTR_OUT at exit (st_bpfsys.h).
 */
#define ST_L_BPF_ATTR '\300'
#define ST_L_BPF_ATTR_OUT '\301'

/*
 * io_uring_setup's params and io_uring_register's argument:
 * ST_L_URING at entry, ST_L_URING_OUT at exit (st_uring.h).
 */
#define ST_L_URING '\304'
#define ST_L_URING_OUT '\305'
/* perf_event_open's attr at entry, its size again at exit (st_perf.h). */
#define ST_L_PERF '\306'
#define ST_L_PERF_OUT '\307'
/* _sysctl's struct __sysctl_args, read at entry. */
#define ST_L_SYSCTL '\310'
/* keyctl's command, and what its arguments point to (st_keyctl.h). */
#define ST_L_KEYCTL '\312'
#define ST_L_KEYCTL_OUT '\313'
/* fsconfig's command, and its key and value (st_fsconfig.h). */
#define ST_L_FSCONFIG '\314'
/* kexec_load's segments, kexec_file_load's command line (st_kexec.h). */
#define ST_L_KEXEC '\315'
/* modify_ldt's struct user_desc, read at entry (st_ldt.h). */
#define ST_L_USER_DESC '\316'
/* move_pages' arrays (st_move_pages.h). */
#define ST_L_MOVE_PAGES '\317'
#define ST_L_MOVE_PAGES_OUT '\320'
/* What ptrace's addr and data point to (st_ptrace.h). */
#define ST_L_PTRACE '\321'
#define ST_L_PTRACE_OUT '\322'
/*
 * The native AIO calls (st_aio.h): io_submit's iocb pointers and the
 * iocbs at entry; io_cancel's iocb at entry and its struct io_event at
 * exit; io_getevents' struct io_event array at exit.
 */
#define ST_L_AIO_IOCBS '\323'
#define ST_L_IOCB '\324'
#define ST_L_IO_EVENT '\325'
#define ST_L_IO_EVENTS '\326'

struct st_sys {
	int nr;
	const char *name;
	const char *sig;
	unsigned cls;
};

extern const struct st_sys st_systab[];
/* Call names of the i386 and x32 personalities only; NULL ends it. */
extern const char *const st_other_names[];
extern const int st_nsys;

/* The call numbered nr, or NULL. */
const struct st_sys *st_sys_by_nr(long nr);

/*
 * A call number of an audit arch as strace prints one: "__NR_name" for
 * the tracee's own (x86-64) calls, the number otherwise, in the -X style.
 */
void st_sys_nr_arch(struct buf *b, uint64_t nr, uint32_t arch);
/* The call named name, or NULL. */
const struct st_sys *st_sys_by_name(const char *name);
/*
 * Whether call c (a struct st_call) is the one named n, a literal: the
 * name is looked up once per place that asks, then it is a pointer
 * compare (decoders ask this for every call they print).
 */
#define ST_IS(c, n) ({						\
	static const struct st_sys *st_is_;			\
	if (!st_is_)						\
		st_is_ = st_sys_by_name(n);			\
	(c)->sys && (c)->sys == st_is_;				\
})
/* The letter of argument i (0-5), or 'x' for one the call has not. */
char st_sys_arg(const struct st_sys *s, int i);
/* How many arguments it prints. */
int st_sys_nargs(const struct st_sys *s);
/* The return value's letter: 'd' unless the signature says. */
char st_sys_ret(const struct st_sys *s);
/* True if letter is read from memory at exit. */
bool st_sys_is_out(char letter);
/* True if letter is read from memory at entry. */
bool st_sys_is_in(char letter);

struct st_opts;
/*
 * True if call nr is traced, though -e trace= leaves it out, to keep -y's
 * memory of descriptors (see st_fds.h) right, or to see the command's
 * execve fail: its line is not printed.
 */
bool st_fd_keeping(const struct st_opts *o, long nr);

/* The bytes strace reads of call s's ST_L_LIMSTR string at most. */
int st_str_limit(const struct st_sys *s);

/*
 * A set of calls as -e trace= and -e inject= name them: names, numbers,
 * %classes, /REGEX, all, none, !SET.  0, or -EINVAL after saying which
 * token is wrong.  set has ST_NR_MAX entries.
 */
int st_sys_set(bool *set, const char *spec);

#endif
