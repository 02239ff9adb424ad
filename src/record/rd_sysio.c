/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The direction of each system call's arguments (rd_sysio.h), for the
 * x86-64 calls with an argument the exit event carries, by number.  The
 * classification is LTTng's: its generated syscall headers mark each
 * parameter in, out or inout (calls newer than its table are inout
 * throughout), and its overrides make pipe's, pipe2's and socketpair's
 * int[2] arrays and record clone's and execve's arguments at entry
 * alone.  The calls whose structures its overrides decode (accept,
 * connect, poll, select, epoll_ctl, epoll_wait and their variants) are
 * rd_sysdec.h's, not in this table.
 */
#include <string.h>

#include "rd_sysio.h"
#include "../util.h"

static const struct rd_sysio rows[] = {
	{ "read", "ioi", -1, NULL, false },
	{ "mmap", "iiiiii", -1, NULL, true },
	{ "stat", "io", -1, NULL, false },
	{ "fstat", "io", -1, NULL, false },
	{ "lstat", "io", -1, NULL, false },
	{ "rt_sigaction", "iioi", -1, NULL, false },
	{ "rt_sigprocmask", "iioi", -1, NULL, false },
	{ "ioctl", "iib", -1, NULL, false },
	{ "pread64", "ioii", -1, NULL, false },
	{ "readv", "ibi", -1, NULL, false },
	{ "writev", "ibi", -1, NULL, false },
	{ "pipe", "A", -1, NULL, false },
	{ "mincore", "iio", -1, NULL, false },
	{ "shmctl", "iib", -1, NULL, false },
	{ "nanosleep", "io", -1, NULL, false },
	{ "getitimer", "io", -1, NULL, false },
	{ "setitimer", "iio", -1, NULL, false },
	{ "sendfile", "iibi", -1, NULL, false },
	{ "recvfrom", "ioiiob", -1, NULL, false },
	{ "recvmsg", "ibi", -1, NULL, false },
	{ "getsockname", "iob", -1, NULL, false },
	{ "getpeername", "iob", -1, NULL, false },
	{ "socketpair", "iiiA", 3, "socket", false },
	{ "getsockopt", "iiiob", -1, NULL, false },
	{ "wait4", "ioio", -1, NULL, false },
	{ "uname", "o", -1, NULL, false },
	{ "semctl", "iiib", -1, NULL, false },
	{ "msgrcv", "ioiii", -1, NULL, false },
	{ "msgctl", "iib", -1, NULL, false },
	{ "fcntl", "iib", -1, NULL, false },
	{ "getdents", "ioi", -1, NULL, false },
	{ "getcwd", "oi", -1, NULL, false },
	{ "readlink", "ioi", -1, NULL, false },
	{ "gettimeofday", "oo", -1, NULL, false },
	{ "getrlimit", "io", -1, NULL, false },
	{ "getrusage", "io", -1, NULL, false },
	{ "sysinfo", "o", -1, NULL, false },
	{ "times", "o", -1, NULL, false },
	{ "ptrace", "iibb", -1, NULL, false },
	{ "syslog", "ioi", -1, NULL, false },
	{ "getgroups", "io", -1, NULL, false },
	{ "getresuid", "ooo", -1, NULL, false },
	{ "getresgid", "ooo", -1, NULL, false },
	{ "rt_sigpending", "oi", -1, NULL, false },
	{ "rt_sigtimedwait", "ooii", -1, NULL, false },
	{ "sigaltstack", "ib", -1, NULL, false },
	{ "ustat", "io", -1, NULL, false },
	{ "statfs", "io", -1, NULL, false },
	{ "fstatfs", "io", -1, NULL, false },
	{ "sched_getparam", "io", -1, NULL, false },
	{ "sched_rr_get_interval", "io", -1, NULL, false },
	{ "modify_ldt", "bbb", -1, NULL, false },
	{ "prctl", "ibiii", -1, NULL, false },
	{ "arch_prctl", "bb", -1, NULL, false },
	{ "adjtimex", "b", -1, NULL, false },
	{ "iopl", "b", -1, NULL, false },
	{ "ioperm", "bbb", -1, NULL, false },
	{ "quotactl", "iiib", -1, NULL, false },
	{ "getxattr", "iioi", -1, NULL, false },
	{ "lgetxattr", "iioi", -1, NULL, false },
	{ "fgetxattr", "iioi", -1, NULL, false },
	{ "listxattr", "ioi", -1, NULL, false },
	{ "llistxattr", "ioi", -1, NULL, false },
	{ "flistxattr", "ioi", -1, NULL, false },
	{ "time", "o", -1, NULL, false },
	{ "futex", "biiibi", -1, NULL, false },
	{ "sched_getaffinity", "iio", -1, NULL, false },
	{ "io_getevents", "iiiob", -1, NULL, false },
	{ "io_cancel", "iio", -1, NULL, false },
	{ "getdents64", "ioi", -1, NULL, false },
	{ "semtimedop", "iiib", -1, NULL, false },
	{ "timer_create", "iio", -1, NULL, false },
	{ "timer_settime", "iiio", -1, NULL, false },
	{ "timer_gettime", "io", -1, NULL, false },
	{ "clock_gettime", "io", -1, NULL, false },
	{ "clock_getres", "io", -1, NULL, false },
	{ "clock_nanosleep", "iiio", -1, NULL, false },
	{ "get_mempolicy", "ooiii", -1, NULL, false },
	{ "mq_timedreceive", "ioioi", -1, NULL, false },
	{ "mq_getsetattr", "iio", -1, NULL, false },
	{ "waitid", "iioio", -1, NULL, false },
	{ "keyctl", "ibbbb", -1, NULL, false },
	{ "newfstatat", "iioi", -1, NULL, false },
	{ "readlinkat", "iioi", -1, NULL, false },
	{ "get_robust_list", "ioo", -1, NULL, false },
	{ "move_pages", "iiiioi", -1, NULL, false },
	{ "timerfd_settime", "iiio", -1, NULL, false },
	{ "timerfd_gettime", "io", -1, NULL, false },
	{ "pipe2", "Ai", -1, NULL, false },
	{ "preadv", "ioiii", -1, NULL, false },
	{ "recvmmsg", "ioiib", -1, NULL, false },
	{ "prlimit64", "iiio", -1, NULL, false },
	{ "name_to_handle_at", "iiboi", -1, NULL, false },
	{ "clock_adjtime", "ib", -1, NULL, false },
	{ "getcpu", "oob", 2, "tcache", false },
	{ "process_vm_readv", "ioiiii", -1, NULL, false },
	{ "kcmp", "bbbbb", -1, NULL, false },
	{ "sched_setattr", "bbb", -1, NULL, false },
	{ "sched_getattr", "bbbb", -1, NULL, false },
	{ "renameat2", "bbbbb", -1, NULL, false },
	{ "seccomp", "bbb", -1, NULL, false },
	{ "getrandom", "bbb", -1, NULL, false },
	{ "memfd_create", "bb", -1, NULL, false },
	{ "kexec_file_load", "bbbbb", -1, NULL, false },
	{ "bpf", "bbb", -1, NULL, false },
	{ "execveat", "bbbbb", -1, NULL, false },
	{ "userfaultfd", "b", -1, NULL, false },
	{ "membarrier", "bbb", -1, NULL, false },
	{ "mlock2", "bbb", -1, NULL, false },
	{ "copy_file_range", "bbbbbb", -1, NULL, false },
	{ "preadv2", "bbbbbb", -1, NULL, false },
	{ "pwritev2", "bbbbbb", -1, NULL, false },
	{ "pkey_mprotect", "bbbb", -1, NULL, false },
	{ "pkey_alloc", "bb", -1, NULL, false },
	{ "pkey_free", "b", -1, NULL, false },
	{ "statx", "bbbbb", -1, NULL, false },
	{ "io_pgetevents", "bbbbbb", -1, NULL, false },
	{ "rseq", "bbbb", -1, NULL, false },
	{ "pidfd_send_signal", "bbbb", -1, NULL, false },
	{ "io_uring_setup", "bb", -1, NULL, false },
	{ "io_uring_enter", "bbbbbb", -1, NULL, false },
	{ "io_uring_register", "bbbb", -1, NULL, false },
	{ "open_tree", "bbb", -1, NULL, false },
	{ "move_mount", "bbbbb", -1, NULL, false },
	{ "fsopen", "bb", -1, NULL, false },
	{ "fsconfig", "bbbbb", -1, NULL, false },
	{ "fsmount", "bbb", -1, NULL, false },
	{ "fspick", "bbb", -1, NULL, false },
	{ "pidfd_open", "bb", -1, NULL, false },
	{ "clone3", "bb", -1, NULL, false },
	{ "close_range", "bbb", -1, NULL, false },
	{ "openat2", "bbbb", -1, NULL, false },
	{ "pidfd_getfd", "bbb", -1, NULL, false },
	{ "faccessat2", "bbbb", -1, NULL, false },
	{ "process_madvise", "bbbbb", -1, NULL, false },
	{ "epoll_pwait2", "bbbbbb", -1, NULL, false },
	{ "mount_setattr", "bbbbb", -1, NULL, false },
	{ "quotactl_fd", "bbbb", -1, NULL, false },
	{ "memfd_secret", "b", -1, NULL, false },
	{ "process_mrelease", "bb", -1, NULL, false },
	{ "futex_waitv", "bbbbb", -1, NULL, false },
	{ "set_mempolicy_home_node", "bbbb", -1, NULL, false },
};

const struct rd_sysio *rd_sysio_find(const char *call)
{
	size_t i;

	for (i = 0; call && i < ARRAY_SIZE(rows); i++)
		if (!strcmp(rows[i].call, call))
			return &rows[i];
	return NULL;
}

/*
 * The x86-64 calls that strace names by their user-space names and the
 * kernel (its SYSCALL_DEFINE, so its tracepoints and LTTng's tables) by
 * the name of the implementation.
 */
static const char *const renames[][2] = {
	{ "stat", "newstat" },
	{ "fstat", "newfstat" },
	{ "lstat", "newlstat" },
	{ "sendfile", "sendfile64" },
	{ "uname", "newuname" },
	{ "umount2", "umount" },
};

const char *rd_sysio_event_name(const char *call)
{
	size_t i;

	for (i = 0; call && i < ARRAY_SIZE(renames); i++)
		if (!strcmp(renames[i][0], call))
			return renames[i][1];
	return call;
}
