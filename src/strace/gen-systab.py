#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Writes st_systab.c: every x86-64 system call of the UAPI header
unistd_64.h with the argument signature and classes ferret strace uses.
Run: python3 src/strace/gen-systab.py > src/strace/st_systab.c
tests/unit/strace_test.c checks the numbers against the header."""
import re, sys

HDR = "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"

# Signature: one letter per argument (see st_sys.h), then ":" and the
# return's letter when it is not a plain integer.
SIG = {
 "read": "fRu", "write": "fWu", "open": "POm:f", "close": "f", "stat": "PT",
 "fstat": "fT", "lstat": "PT", "poll": "(7d", "lseek": "fdl", "mmap": "purMfx:x", "remap_file_pages": "puruM",
 "mprotect": "pur", "munmap": "pu", "brk": "p:x", "rt_sigaction": "sqQu",
 "rt_sigprocmask": "hgHu", "rt_sigreturn": "~", "ioctl": "fI\xad", "pread64": "fRud",
 "pwrite64": "fWud", "readv": "fVu", "writev": "fvu", "access": "PL", "pipe": "F",
 "select": "d$$${", "sched_yield": "", "mremap": "puuxp:x", "msync": "pux",
 "mincore": "pu\xb0", "madvise": "pub", "dup": "f:f", "dup2": "ff:f", "pause": "",
 "nanosleep": "tU", "getitimer": "d]", "alarm": "7", "setitimer": "d[]",
 "getpid": "", "sendfile": "ff\xb1u", "socket": "kK#:f", "connect": "fA7",
 "accept": "fBn:f", "sendto": "fWuxA7", "recvfrom": "fRuxBn", "sendmsg": "f+x",
 "recvmsg": "f-x", "shutdown": "fd", "bind": "fA7", "listen": "fd",
 "getsockname": "fBn", "getpeername": "fBn", "socketpair": "kK#F",
 "setsockopt": "f;`.d", "getsockopt": "f;`,|", "clone": "Cp\x85pp", "fork": "",
 "vfork": "", "execve": "PEe", "exit": "d:?", "wait4": "dwx*", "kill": "ds",
 "uname": "N", "fcntl": "fc\xad", "flock": "fx", "fsync": "f", "fdatasync": "f",
 "truncate": "Pd", "ftruncate": "fd", "getdents": "fG7", "getcwd": "\\u",
 "chdir": "P", "fchdir": "f", "rename": "PP", "mkdir": "Pm", "rmdir": "P",
 "creat": "Pm:f", "link": "PP", "unlink": "P", "symlink": "PP", "readlink": "PRu",
 "chmod": "Pm", "fchmod": "fm", "chown": "Pdd", "fchown": "fdd", "lchown": "Pdd",
 "umask": "m:o", "gettimeofday": "\xa6\xa8", "settimeofday": "\xa5\xa7", "getrlimit": "iJ", "getrusage": "d*",
 "sysinfo": "5", "times": "@", "getuid": "", "getgid": "", "setuid": "d",
 "setgid": "d", "geteuid": "", "getegid": "", "setpgid": "dd", "getppid": "",
 "getpgrp": "", "setsid": "", "getgroups": "d6", "setgroups": "d\xbc",
 "getresuid": "===", "getresgid": "===", "getpgid": "d", "getsid": "d",
 "capget": "\x8b\x8d", "capset": "\x8b\x8c", "rt_sigtimedwait": "g2tu",
 "rt_sigqueueinfo": "ds\x8e", "rt_tgsigqueueinfo": "dds\x8e",
 "shmget": "\x8fu\x90", "shmat": "dpx:x", "shmdt": "p", "shmctl": "d\x91\x9d",
 "semget": "\x8fd\x90", "semop": "d\x927", "semtimedop": "d\x927t", "semctl": "dd\x91\x9d",
 "msgget": "\x8f\x90", "msgsnd": "d\x93ux", "msgrcv": "d\x94udx", "msgctl": "d\x91\x9d",
 "ioprio_get": "dd", "ioprio_set": "dd\x95", "kcmp": "dddx\x96", "epoll_pwait2": "f^dtgu", "rt_sigpending": "Hu", "rt_sigsuspend": "gu", "sigaltstack": "<>",
 "mknod": "P89", "mknodat": "DP89", "statfs": "P4", "fstatfs": "f4", "getpriority": "dd",
 "setpriority": "ddd", "prctl": "Y\x80\xbfx\x99", "arch_prctl": "Z\x97", "setrlimit": "ij",
 "chroot": "P", "sync": "", "mount": "PPSxS", "umount2": "Px", "gettid": "",
 "tkill": "ds", "futex": "pzdtpd", "sched_setaffinity": "d7\xaf",
 "sched_getaffinity": "d7_", "set_tid_address": "p", "getdents64": "fG7",
 "fadvise64": "fdud", "clock_gettime": "oU", "clock_getres": "oU",
 "clock_nanosleep": "oxtU", "exit_group": "d:?", "epoll_wait": "f^dd",
 "epoll_ctl": "fdf&", "tgkill": "dds", "utimes": "P\x9f", "waitid": "dd2x*",
 "inotify_add_watch": "fPx", "delete_module": "Sx", "finit_module": "fSx",
 "init_module": "puS", "ioperm": "xxd",
 # Calls strace prints as their raw arguments (its printargs), and aio's simplest.
 "afs_syscall": "xxxxx", "create_module": "xx", "get_kernel_syms": "x",
 "getpmsg": "xxxxx", "putpmsg": "xxxxx", "query_module": "xxxxx",
 "nfsservctl": "xxx", "security": "xxx", "tuxcall": "xxx", "vserver": "xxxxx",
 "sysfs": "xxx", "epoll_ctl_old": "xxxx", "epoll_wait_old": "xxxx",
 "io_destroy": "p", "io_setup": "7\xa9", "io_submit": "pd\xd3", "io_cancel": "p\xd4\xd5",
 "io_getevents": "pdd\xd6t", "io_pgetevents": "pdd\xd6t?", "iopl": "d", "memfd_secret": "x:f",
 "set_mempolicy_home_node": "puux", "ustat": "9p", "utime": "P\x9e", "futimesat": "DP\x9f",
 "reboot": "xxx\x9a", "open_tree": "DPx:f", "move_mount": "DPDPx", "fsopen": "Sx:f",
 "fsmount": "fxx:f", "fspick": "DPx:f", "landlock_create_ruleset": "\xa0ux:f",
 "landlock_add_rule": "fd\xa1x", "landlock_restrict_self": "fx", "seccomp": "dx\xa2", "syslog": "dRd", "fanotify_init": "xO:f", "fanotify_mark": "fxxDP", "openat": "DPOm:f", "mkdirat": "DPm",
 "fchownat": "DPdda", "newfstatat": "DPTa", "unlinkat": "DPa", "renameat": "DPDP",
 "linkat": "DPDPa", "symlinkat": "PDP", "readlinkat": "DPRu", "fchmodat": "DPm",
 "faccessat": "DPL", "pselect6": "d$$${?", "ppoll": "(7{gu", "set_robust_list": "pu",
 "get_robust_list": "d\xa9\xaa", "utimensat": "DP\x9ba", "epoll_pwait": "f^ddgu",
 "timerfd_create": "ox:f", "eventfd2": "7x:f", "epoll_create1": "x:f",
 "dup3": "ffO:f", "pipe2": "FO", "inotify_init1": "x:f", "prlimit64": "dijJ",
 "getrandom": "Ruy", "memfd_create": "\x9ax:f", "execveat": "DPEea", "statx": "DPaxX",
 "rseq": "pxdx", "clone3": "3u", "close_range": "77x", "openat2": "DP0u:f",
 "faccessat2": "DPLa", "getcpu": "\x85\x85p", "accept4": "fBnx:f", "renameat2": "DPDPx",
 "sched_getaffinity": "d7_", "epoll_create": "d:f", "eventfd": "7:f",
 "pidfd_open": "dx:f", "lgetxattr": "PSpu", "getxattr": "PSpu", "fgetxattr": "fSpu",
 "mlock": "pu", "munlock": "pu", "sched_getparam": "d\x85", "sched_setscheduler": "dd\x89",
 "sched_getscheduler": "d", "personality": "x", "syncfs": "f", "setns": "fx",
 "unshare": "x", "membarrier": "dxd", "copy_file_range": "f\xabf\xabux",
 "splice": "f\xabf\xabux", "tee": "ffux", "sendmmsg": "f\xbd7x", "recvmmsg": "f\xbd7x{",
 "timerfd_settime": "fx\x82\x83", "timer_create": "o\x84\x85", "timer_settime": "dx\x82\x83",
 "timer_gettime": "d\x83", "timer_getoverrun": "d", "timer_delete": "d",
 "mq_open": "POm\x86:f", "mq_unlink": "P", "mq_timedsend": "fWu7t",
 "mq_timedreceive": "fRu\x85t", "mq_notify": "f\x84", "mq_getsetattr": "f\x87\x88",
 "clock_settime": "ot", "sched_get_priority_max": "d", "sched_get_priority_min": "d",
 "sched_setparam": "d\x89", "mlockall": "x", "munlockall": "", "mlock2": "pux",
 "pkey_alloc": "xx", "pkey_mprotect": "purd", "sync_file_range": "fddx",
 "vmsplice": "fvux", "signalfd": "fgu:f", "time": "\x8a", "swapoff": "P", "swapon": "Px", "lookup_dcookie": "upu", "add_key": "SSWud", "request_key": "SSSd",
 "pivot_root": "PP", "timerfd_gettime": "f\x83", "signalfd4": "fgux:f",
 "inotify_rm_watch": "fd", "acct": "P", "setreuid": "dd", "setregid": "dd",
 "setresuid": "ddd", "setresgid": "ddd", "setfsuid": "d", "setfsgid": "d",
 "pwritev": "fvdd", "preadv": "fVdd", "readahead": "fdu",
 "setxattr": "PSWux", "lsetxattr": "PSWux", "fsetxattr": "fSWux",
 "listxattr": "PRu", "llistxattr": "PRu", "flistxattr": "fRu",
 "removexattr": "PS", "lremovexattr": "PS", "fremovexattr": "fS",
 "inotify_init": ":f", "pkey_free": "d", "sethostname": "W7",
 "setdomainname": "W7", "vhangup": "", "sched_rr_get_interval": "dU",
 "userfaultfd": "x:f", "pidfd_getfd": "fdx:f", "pidfd_send_signal": "fs\x8ex",
 "process_mrelease": "fx", "sched_setattr": "d17", "futex_waitv": "\xc27\xc3to",
 "sched_getattr": "d%77", "adjtimex": "'", "clock_adjtime": "o'", "fallocate": "fxdd", "fchmodat2": "DPma",
 "preadv2": "fVud\xbb\xb4", "pwritev2": "fvud\xbb\xb4", "restart_syscall": "\xb5",
 "io_uring_enter": "f77\xb6gu", "io_uring_setup": "7\xc4:f", "io_uring_register": "f7\xc47",
 "perf_event_open": "\xc6ddfx:f", "_sysctl": "\xc8", "keyctl": "\xcaxxxx", "fsconfig": "d\xccxxx",
 "kexec_load": "pu\xcdx", "modify_ldt": "d\xceu",
 "set_thread_area": "\xce", "get_thread_area": "\x89",
 "move_pages": "du\xcfxxx", "ptrace": "xdx\xd1", "kexec_file_load": "ffu\xcdx",
 "set_mempolicy": "\xba\xb7u", "get_mempolicy": "\x85\xb8upx",
 "mbind": "pu\xba\xb7ux", "migrate_pages": "du\xb9\xb9",
 "bpf": "x\xc07:f", "quotactl": "xPx\xad", "quotactl_fd": "fxx\xad", "mount_setattr": "DPx\xadu", "process_madvise": "fvubx",
 "process_vm_readv": "dVuvuu", "process_vm_writev": "dvuvuu",
}

# Classes, as strace's -e trace=%CLASS selects them.
CLASS = {
 "FILE": "open stat lstat access execve truncate chdir rename mkdir rmdir creat link unlink symlink readlink chmod chown lchown utime mknod statfs chroot mount umount2 swapon swapoff acct pivot_root setxattr lsetxattr getxattr lgetxattr listxattr llistxattr removexattr lremovexattr utimes inotify_add_watch openat mkdirat mknodat fchownat futimesat newfstatat unlinkat renameat linkat symlinkat readlinkat fchmodat faccessat utimensat name_to_handle_at fanotify_mark execveat renameat2 statx open_tree move_mount fsconfig openat2 faccessat2 mount_setattr fchmodat2 quotactl uselib",
 "DESC": "read write open close fstat poll lseek mmap ioctl pread64 pwrite64 readv writev pipe select dup dup2 sendfile fcntl flock fsync fdatasync ftruncate getdents fchdir creat fchmod fchown fstatfs readahead fsetxattr fgetxattr flistxattr fremovexattr epoll_create getdents64 fadvise64 epoll_wait epoll_ctl inotify_init inotify_add_watch inotify_rm_watch openat mkdirat mknodat fchownat futimesat newfstatat unlinkat renameat linkat symlinkat readlinkat fchmodat faccessat pselect6 ppoll splice tee sync_file_range vmsplice utimensat epoll_pwait signalfd timerfd_create eventfd fallocate timerfd_settime timerfd_gettime signalfd4 eventfd2 epoll_create1 dup3 pipe2 inotify_init1 preadv pwritev perf_event_open fanotify_init fanotify_mark name_to_handle_at open_by_handle_at syncfs setns finit_module renameat2 memfd_create bpf execveat userfaultfd copy_file_range preadv2 pwritev2 statx pidfd_open openat2 pidfd_getfd close_range faccessat2 epoll_pwait2 fchmodat2 io_uring_setup io_uring_enter io_uring_register fspick fsmount fsopen open_tree move_mount fsconfig pidfd_send_signal process_madvise mount_setattr mq_open mq_timedsend mq_timedreceive mq_notify mq_getsetattr",
 "NETWORK": "socket connect accept sendto recvfrom sendmsg recvmsg shutdown bind listen getsockname getpeername socketpair setsockopt getsockopt accept4 recvmmsg sendmmsg",
 "PROCESS": "clone fork vfork execve exit wait4 kill exit_group tgkill tkill waitid execveat clone3 rt_sigqueueinfo rt_tgsigqueueinfo pidfd_send_signal pidfd_open unshare",
 "MEMORY": "mmap mprotect munmap brk mremap msync mincore madvise shmat shmdt mlock munlock mlockall munlockall io_setup io_destroy remap_file_pages mbind set_mempolicy get_mempolicy migrate_pages move_pages mlock2 pkey_mprotect process_madvise process_mrelease map_shadow_stack",
 "SIGNAL": "rt_sigaction rt_sigprocmask rt_sigreturn pause kill rt_sigpending rt_sigtimedwait rt_sigqueueinfo rt_sigsuspend sigaltstack tkill tgkill signalfd signalfd4 rt_tgsigqueueinfo pidfd_send_signal",
 "IPC": "shmget shmat shmctl semget semop semctl shmdt msgget msgsnd msgrcv msgctl semtimedop",
 "CREDS": "getuid getgid setuid setgid geteuid getegid setreuid setregid getgroups setgroups setresuid getresuid setresgid getresgid setfsuid setfsgid capget capset prctl",
 "STAT": "stat",
 "LSTAT": "lstat",
 "FSTAT": "fstat newfstatat statx",
 "STAT_LIKE": "stat fstat lstat newfstatat statx",
 "STATFS": "statfs",
 "FSTATFS": "fstatfs",
 "STATFS_LIKE": "ustat statfs fstatfs",
 "PURE": "getpid getuid getgid geteuid getegid getppid getpgrp gettid",
 "CLOCK": "gettimeofday adjtimex settimeofday time clock_settime clock_gettime clock_getres clock_adjtime",
}

# The other x86 personalities' headers: their names are valid in -e trace=
# (strace knows them) though no x86-64 call has them.
OTHER = ["/usr/include/x86_64-linux-gnu/asm/unistd_32.h",
         "/usr/include/x86_64-linux-gnu/asm/unistd_x32.h"]

def main():
    calls = []
    for line in open(HDR):
        m = re.match(r"#define __NR_(\w+)\s+(\d+)", line)
        if m:
            calls.append((int(m.group(2)), m.group(1)))
    calls.sort()
    cls = {}
    for c, names in CLASS.items():
        for n in names.split():
            cls.setdefault(n, []).append("ST_" + c)
    out = sys.stdout
    out.write("/* SPDX-License-Identifier: GPL-2.0 */\n")
    out.write("/* Generated by gen-systab.py from the UAPI header asm/unistd_64.h. */\n")
    out.write("#include <stddef.h>\n\n#include \"st_sys.h\"\n\nconst struct st_sys st_systab[] = {\n")
    for nr, name in calls:
        sig = SIG.get(name)
        c = "|".join(cls.get(name, [])) or "0"
        if sig is None:
            out.write('\t{ %d, "%s", NULL, %s },\n' % (nr, name, c))
        else:
            lit = "".join("\\%03o" % ord(ch) if ord(ch) > 126 else
                          "\\\\" if ch == "\\" else ch for ch in sig)
            out.write('\t{ %d, "%s", "%s", %s },\n' % (nr, name, lit, c))
    out.write("};\n\nconst int st_nsys = sizeof(st_systab) / sizeof(st_systab[0]);\n")
    mine = set(n for _, n in calls)
    other = set()
    for h in OTHER:
        for line in open(h):
            m = re.match(r"#define __NR_(\w+)\s", line)
            if m and m.group(1) not in mine:
                other.add(m.group(1))
    out.write("\n/* Names only the i386 and x32 personalities have. */\n")
    out.write("const char *const st_other_names[] = {\n")
    for n in sorted(other):
        out.write('\t"%s",\n' % n)
    out.write("\tNULL,\n};\n")

main()
