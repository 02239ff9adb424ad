/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Makes known system calls with known arguments and prints, on stdout,
 * the lines a trace of it must contain (after normalisation: addresses
 * become ADDR).  Run as "workload MODE"; modes: basic, fork, thread, and
 * flags, signal, fresh, structs, values, thread-exec, thread-exec-busy,
 * leader-exit, kvm, uring-workers,
 * btrfs, btrfs2, dm, sgio, waits, more, fds,
 * sockets, msgs, sleeps and waitid, whose lines are compared with
 * strace's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/epoll.h>
#include <sched.h>
#include <sys/resource.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/inet_diag.h>
#include <linux/unix_diag.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/icmp.h>
#include <linux/if_packet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <termios.h>
#include <sys/utsname.h>
#include <sys/un.h>
#include <stddef.h>
#include <arpa/inet.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/timex.h>
#include <sys/sysmacros.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <asm/prctl.h>
#include <sys/xattr.h>
#include <sys/uio.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include <linux/aio_abi.h>
#include <linux/sockios.h>
#include <linux/counter.h>
#include <linux/keyctl.h>
#include <linux/mount.h>
#include <linux/kexec.h>
#include <asm/ldt.h>
#include <linux/mempolicy.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <elf.h>
#include <linux/gpio.h>
#include <linux/random.h>
#include <linux/watchdog.h>
#include <linux/nsfs.h>
#include <linux/hdreg.h>
#include <linux/ptp_clock.h>
#include <sys/ioctl.h>
#include <linux/videodev2.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <linux/kvm.h>
#include <sys/mount.h>
#include <linux/dqblk_xfs.h>
#include <sys/quota.h>
#include <utime.h>
#include <sys/fanotify.h>
#include <sys/prctl.h>
#include <mqueue.h>
#include <sys/signalfd.h>
#include <linux/capability.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/sem.h>
#include <sys/msg.h>
#include <linux/ioprio.h>
#include <linux/kcmp.h>
#include <linux/memfd.h>
#include <linux/seccomp.h>
#include <linux/io_uring.h>
#include <linux/perf_event.h>
#include <linux/audit.h>
#include <linux/rtc.h>
#include <linux/loop.h>
#include <linux/nbd.h>
#include <linux/lirc.h>
#include <linux/userfaultfd.h>
#include <linux/blkpg.h>
#include <linux/tee.h>
#include <linux/blktrace_api.h>
#include <mtd/mtd-abi.h>
#include <scsi/sg.h>
#include <mtd/ubi-user.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/dm-ioctl.h>
#include <linux/bsg.h>
#include <linux/filter.h>
#include <linux/bpf.h>
#include <linux/version.h>
#include <linux/landlock.h>
#include <linux/personality.h>
#include <linux/if_arp.h>
#include <linux/if_ether.h>
#include <linux/if_xdp.h>
#include <linux/mctp.h>
#include <linux/nfc.h>
#include <linux/qrtr.h>
#include <linux/vm_sockets.h>

static void basic(void)
{
	char buf[16];
	int fd, p[2], q[2];

	fd = open("/nonexistent/ferret", O_RDONLY);
	printf("openat(AT_FDCWD, \"/nonexistent/ferret\", O_RDONLY) = -1 ENOENT (No such file or directory)\n");
	(void)fd;
	if (pipe(p))
		exit(1);
	printf("pipe2([%d, %d], 0) = 0\n", p[0], p[1]);
	if (write(p[1], "hello\n\1", 7) != 7)
		exit(1);
	printf("write(%d, \"hello\\n\\1\", 7) = 7\n", p[1]);
	if (read(p[0], buf, sizeof(buf)) != 7)
		exit(1);
	printf("read(%d, \"hello\\n\\1\", 16) = 7\n", p[0]);
	close(p[0]);
	printf("close(%d) = 0\n", p[0]);
	close(p[1]);
	printf("close(%d) = 0\n", p[1]);
	syscall(SYS_getppid);
	printf("getppid() = PID\n");
	fd = open("/dev/null", O_WRONLY | O_CREAT | O_CLOEXEC, 0640);
	printf("openat(AT_FDCWD, \"/dev/null\", O_WRONLY|O_CREAT|O_CLOEXEC, 0640) = %d\n", fd);
	close(fd);
	printf("close(%d) = 0\n", fd);
	if (pipe(q))
		exit(1);
	if (write(q[1], "x", 1) != 1)
		exit(1);
	printf("pipe2([%d, %d], 0) = 0\nwrite(%d, \"x\", 1) = 1\n", q[0], q[1], q[1]);
	syscall(SYS_close, 9999);
	printf("close(9999) = -1 EBADF (Bad file descriptor)\n");
	fflush(stdout);
	/* Stay a while, so that -y finds the fds in /proc. */
	if (getenv("WORKLOAD_LINGER"))
		usleep(300000);
}

static void *thread_fn(void *arg __attribute__((unused)))
{
	syscall(SYS_getppid);
	return NULL;
}

/* "leader-exit": threads that outlive their leader, by arg * 100 ms. */
static void *late_fn(void *arg)
{
	usleep(100000 * (long)arg);
	syscall(SYS_getppid);
	return NULL;
}

/*
 * Flags whose names or order strace prints its own way: open flags with
 * and without a mode, socket type flags, statx's sync type and masks,
 * fadvise advice, F_GETFL's answer.
 */
static void flags(void)
{
	struct statx stx;
	int fd;

	fd = open(".", O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
	fcntl(fd, F_GETFL);
	close(fd);
	fd = openat(AT_FDCWD, "flags.tmp", O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0640);
	posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	unlink("flags.tmp");
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	close(fd);
	/* The protocol is named in the family's own list. */
	fd = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
	close(fd);
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	close(fd);
	statx(AT_FDCWD, ".", AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT,
	      STATX_MODE | STATX_NLINK | STATX_SIZE, &stx);
	statx(AT_FDCWD, ".", AT_STATX_DONT_SYNC, STATX_ALL, &stx);
	statx(AT_FDCWD, "/nonexistent", 0, STATX_BASIC_STATS, &stx);
}

static void on_signal(int sig __attribute__((unused)))
{
}

/* rt_sigreturn restores the mask; orig_ax is -1 at its exit. */
static void signals(void)
{
	sigset_t m;

	signal(SIGUSR1, on_signal);
	raise(SIGUSR1);
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	sigprocmask(SIG_BLOCK, &m, NULL);
	raise(SIGUSR1);
}

/*
 * A path on a page nothing has touched, 64 KiB away from anything else so
 * that the kernel's fault-around does not map it either: the call's
 * entry cannot read it.
 */
static const char far[4][65536] __attribute__((aligned(65536))) = {
	"a", "b", "c", "/nonexistent/ferret-untouched-page",
};

static void fresh(void)
{
	rmdir(far[3]);
}

/*
 * Memory eBPF cannot read: a string that runs into an unmapped page
 * (strace's read fails too: the address), open_how's bytes past the
 * struct (shown when not zero, "???" when unmapped), and a path on a
 * file page the process never touched, which openat2 never reads when
 * it refuses the flags: BPF cannot fault it in, strace reads it.
 * The pause keeps the process there while its lines are decoded.
 */
static void unread(void)
{
	struct { unsigned long long flags, mode, resolve, more; } how = {
		O_RDONLY, 0, 0, 0,
	};
	char *pg = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char path[] = "unread.XXXXXX", *late;
	int fd;

	if (pg == MAP_FAILED)
		exit(1);
	munmap(pg + 4096, 4096);
	munmap(pg + 3 * 4096, 4096);
	memcpy(pg + 4093, "abc", 3);
	syscall(SYS_faccessat, AT_FDCWD, pg + 4093, F_OK);
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent", &how, 11);
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent", &how, 24);
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent", &how, 32);
	how.more = 0x8786858483828180ULL;
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent", &how, 32);
	memcpy(pg + 3 * 4096 - 24, &how, 24);
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent", pg + 3 * 4096 - 24, 32);
	fd = mkstemp(path);
	if (fd < 0 || write(fd, "/nonexistent/late", 18) != 18)
		exit(1);
	late = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	if (late == MAP_FAILED)
		exit(1);
	/* Flags openat2 refuses before it reads the path. */
	how.flags = 0xffffffff;
	how.more = 0;
	syscall(SYS_openat2, AT_FDCWD, late, &how, 24);
	unlink(path);
	/* The path is read from this process when the line is decoded. */
	usleep(1000000);
}

/*
 * ppoll with more descriptors than -s 2 shows, the ready ones past them,
 * and nfds with garbage in its register's upper half; CPU time burnt for
 * times() to show.
 */
static void polls(void)
{
	struct timespec ts = { 42, 0 };
	struct pollfd pf[4];
	struct tms t;
	int p[2], q[2];
	volatile unsigned long n = 0;

	if (pipe(p) || pipe(q))
		exit(1);
	pf[0] = (struct pollfd){ p[0], POLLIN, 0 };
	pf[1] = (struct pollfd){ q[0], POLLIN, 0 };
	pf[2] = (struct pollfd){ p[1], POLLOUT, 0 };
	/* Descriptor 9 when the caller left one open there (-P's test). */
	pf[3] = (struct pollfd){ fcntl(9, F_GETFD) >= 0 ? 9 : q[1], POLLOUT, 0 };
	syscall(SYS_ppoll, pf, 0xdefaced00000004UL, &ts, NULL, 8);
	{
		/* select's sets: -P matches a descriptor in them. */
		struct timeval tv = { 0, 0 };
		fd_set w;

		FD_ZERO(&w);
		FD_SET(pf[3].fd, &w);
		FD_SET(p[1], &w);
		syscall(SYS_select, pf[3].fd + 1, NULL, &w, NULL, &tv);
		select(pf[3].fd + 1, NULL, &w, NULL, &tv);
		FD_ZERO(&w);
		FD_SET(p[1], &w);
		syscall(SYS_select, p[1] + 1, NULL, &w, NULL, &tv);
	}
	while (n < 100000000)
		n++;
	times(&t);
}

/*
 * Socket options as strace decodes them: ints at lengths of 3, 4 and 5,
 * linger and peer credentials cut short, SO_ERROR, SO_TXREHASH, option
 * 26 both ways, a netlink option; a received timestamp.
 */
static void sockopts(void)
{
	int sv[2], v = 1, nl;
	struct linger lg = { 1, 5 };
	struct ucred uc;
	socklen_t l;
	char buf[16], cbuf[64];
	struct iovec io = { buf, sizeof(buf) };
	struct msghdr mh = { 0 };

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		exit(1);
	setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, 4);
	setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, 3);
	l = 5;
	getsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, &l);
	l = 3;
	getsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &v, &l);
	setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	l = 6;
	getsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, &l);
	l = sizeof(uc);
	getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &uc, &l);
	l = 7;
	getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &uc, &l);
	l = 4;
	getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &v, &l);
	v = 2;
	setsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &v, 4);
	setsockopt(sv[0], SOL_SOCKET, SO_ATTACH_FILTER, NULL, 0);
	l = 0;
	getsockopt(sv[0], SOL_SOCKET, SO_ATTACH_FILTER, NULL, &l);
	nl = socket(AF_NETLINK, SOCK_RAW, 0);
	if (nl >= 0) {
		l = 4;
		getsockopt(nl, SOL_NETLINK, NETLINK_LIST_MEMBERSHIPS, &v, &l);
		v = 1;
		setsockopt(nl, SOL_NETLINK, NETLINK_NO_ENOBUFS, &v, 4);
		close(nl);
	}
	{
		/* The IP, IPv6, packet and raw structs, on no socket (EBADF). */
		struct ip_mreq mr = { { htonl(0xe0000003) }, { htonl(0x7f000001) } };
		struct { struct in6_addr addr; int ifindex; } m6 = { .ifindex = 1 };
		struct group_req gr = { .gr_interface = 1 };
		struct sockaddr_in *gin = (struct sockaddr_in *)&gr.gr_group;
		struct packet_mreq pm = { 0, PACKET_MR_PROMISC, 6, { 1, 2, 3, 4, 5, 6 } };
		struct tpacket_req tr = { 4096, 1, 2048, 2 };
		unsigned filt = (1 << ICMP_ECHO) | (1 << ICMP_REDIRECT);

		inet_pton(AF_INET6, "ff01::c", &m6.addr);
		gin->sin_family = AF_INET;
		gin->sin_port = htons(65535);
		gin->sin_addr.s_addr = htonl(0xe0000003);
		setsockopt(-1, SOL_IP, IP_ADD_MEMBERSHIP, &mr, sizeof(mr));
		setsockopt(-1, SOL_IP, IP_DROP_MEMBERSHIP, &mr, 7);
		setsockopt(-1, SOL_IPV6, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6));
		setsockopt(-1, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr));
		setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &pm, sizeof(pm));
		setsockopt(-1, SOL_PACKET, PACKET_RX_RING, &tr, sizeof(tr));
		setsockopt(-1, SOL_RAW, ICMP_FILTER, &filt, 4);
		filt = ~filt;
		setsockopt(-1, SOL_RAW, ICMP_FILTER, &filt, 4);
	}
	v = 1;
	setsockopt(sv[1], SOL_SOCKET, SO_TIMESTAMPNS_OLD, &v, 4);
	if (send(sv[0], "x", 1, 0) != 1)
		exit(1);
	mh.msg_iov = &io;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	recvmsg(sv[1], &mh, 0);
	close(sv[0]);
	close(sv[1]);
}

/*
 * wait4 and waitid on a child stopped, continued, polled and killed:
 * each status as strace decodes it, rusage only when a child was reaped
 * or changed state.
 */
static void stops(void)
{
	struct rusage ru;
	siginfo_t si;
	int st = 0x1234;
	pid_t p;

	wait4(-1, &st, 0, &ru);
	p = fork();
	if (p < 0)
		exit(1);
	if (!p) {
		pause();
		_exit(0);
	}
	kill(p, SIGSTOP);
	wait4(p, &st, WUNTRACED, &ru);
	kill(p, SIGCONT);
	wait4(p, &st, WCONTINUED, &ru);
	wait4(p, &st, WNOHANG, &ru);
	kill(p, SIGSTOP);
	waitid(P_PID, p, &si, WSTOPPED);
	kill(p, SIGKILL);
	wait4(p, &st, 0, NULL);
}

/*
 * clone3: sizes below the first version, unknown flags, a set_tid array,
 * bytes past the struct; one child forked with a pidfd and its tid
 * written to the parent, which waits for it.
 */
static void clone3s(void)
{
	struct {
		unsigned long long flags, pidfd, child_tid, parent_tid, exit_signal;
		unsigned long long stack, stack_size, tls, set_tid, set_tid_size, cgroup;
		unsigned long long more;
	} ca = { 0 };
	int tids[3] = { 1, 2, 3 }, pidfd = -1, ptid = 0;
	long pid;

	syscall(SYS_clone3, &ca, 56);
	ca.flags = 0xbad0000000000001ULL | CLONE_SETTLS;
	ca.tls = 0x1000;
	syscall(SYS_clone3, &ca, 64);
	ca.flags = 0;
	ca.set_tid = (unsigned long)tids;
	ca.set_tid_size = 3;
	ca.exit_signal = 250;
	syscall(SYS_clone3, &ca, 88);
	ca.set_tid = 0;
	ca.set_tid_size = 0;
	ca.more = 0xfacefeeddeadc0deULL;
	syscall(SYS_clone3, &ca, 96);
	memset(&ca, 0, sizeof(ca));
	ca.flags = CLONE_PIDFD | CLONE_PARENT_SETTID;
	ca.pidfd = (unsigned long)&pidfd;
	ca.parent_tid = (unsigned long)&ptid;
	ca.exit_signal = SIGCHLD;
	pid = syscall(SYS_clone3, &ca, 88);
	if (pid == 0)
		syscall(SYS_exit, 0);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	if (pidfd >= 0)
		close(pidfd);
}

/* utimensat on a path that is not there: dates, UTIME_NOW and UTIME_OMIT, every flag. */
static void utimes_(void)
{
	struct timespec ts[2] = { { 1492358706, 123456789 }, { 0, UTIME_NOW } };

	syscall(SYS_utimensat, AT_FDCWD, "/nonexistent", ts, AT_SYMLINK_NOFOLLOW);
	ts[0].tv_nsec = UTIME_OMIT;
	syscall(SYS_utimensat, AT_FDCWD, "/nonexistent", ts, 0xffffffff);
	ts[0] = (struct timespec){ -1, 2000000000 };
	syscall(SYS_utimensat, AT_FDCWD, "/nonexistent", ts, 0);
	syscall(SYS_utimensat, AT_FDCWD, "/nonexistent", NULL, 0);
	syscall(SYS_statx, AT_FDCWD, "/nonexistent", AT_STATX_FORCE_SYNC | AT_STATX_DONT_SYNC,
		0x1, NULL);
}

/* mmap's flags with a huge page size and an unknown type; remap_file_pages. */
static void maps(void)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | (21U << 26),
		       -1, 0);

	if (p != MAP_FAILED)
		munmap(p, 4096);
	syscall(SYS_mmap, 0, 4096, PROT_READ, 0xf | MAP_FIXED | MAP_NORESERVE, -1, 0);
	syscall(SYS_remap_file_pages, 0xfacefeeddeadbeefUL, 4096, PROT_READ | PROT_WRITE, 0,
		MAP_PRIVATE | MAP_ANONYMOUS);
	/* mount on a path that is not there: the type and data it ignores by flags. */
	syscall(SYS_mount, "src", "/nonexistent/x", "tmpfs", MS_RDONLY | MS_NOSUID, "size=1");
	syscall(SYS_mount, "src", "/nonexistent/x", "tmpfs", MS_REMOUNT | 0x200, "size=1");
	syscall(SYS_mount, "src", "/nonexistent/x", "tmpfs", MS_MGC_VAL | MS_BIND, "size=1");
	/* fanotify: a class that does not exist, marks on no descriptor. */
	syscall(SYS_fanotify_init, 0xc | 0x1, O_WRONLY);
	syscall(SYS_fanotify_mark, -1, FAN_MARK_ADD | FAN_MARK_ONLYDIR,
		FAN_OPEN | FAN_ONDIR | 0x20000000000ULL, -1, "/nonexistent");
	syscall(SYS_fanotify_mark, -1, 0x800, FAN_ACCESS, AT_FDCWD, NULL);
}

/*
 * Calls that fail before they change anything: times on a path that is
 * not there, modules that do not exist, I/O privileges out of range,
 * flags no call takes; the kernel log's size.
 */
/* A fault the kernel raises: SIGSEGV with SEGV_ACCERR, handled. */
static void segv_handler(int sig)
{
	(void)sig;
	_exit(0);
}

static void segv(void)
{
	volatile char *pg = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	signal(SIGSEGV, segv_handler);
	if (pg != MAP_FAILED)
		pg[16] = 1;
}

/*
 * A child in a pid namespace of its own, which asks its ids and lives on
 * long enough (200 ms) for the tracer to find it in /proc.
 */
static void pidns(void)
{
	pid_t c;

	if (unshare(CLONE_NEWPID))
		return;
	c = fork();
	if (c == 0) {
		/* Reaped at once: its line comes after /proc has forgotten it. */
		pid_t g = fork();

		if (g == 0) {
			syscall(SYS_getpid);
			_exit(0);
		}
		if (g > 0)
			waitpid(g, NULL, 0);
		syscall(SYS_getpid);
		syscall(SYS_gettid);
		syscall(SYS_getpgid, 0);
		syscall(SYS_kill, 1, 0);
		usleep(200000);
		_exit(0);
	}
	if (c > 0)
		waitpid(c, NULL, 0);
}

/*
 * A child made with CLONE_PARENT is the tracer's: the command waits, 5 s
 * at most, for the tracer to reap it, and says whether it did.
 */
static int clone_parent(void)
{
	struct timespec t0, t;
	long pid = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, 0);

	if (pid == 0)
		_exit(42);
	if (pid < 0)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!kill(pid, 0)) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec > 5) {
			printf("not reaped\n");
			return 1;
		}
	}
	printf("reaped\n");
	return 0;
}

/*
 * Signals the process ignores: a child's SIGCHLD (the child ends 100 ms
 * on, while the parent waits for it), a SIGWINCH it sends itself.
 */
static void ignored(void)
{
	pid_t p = fork();

	if (p == 0) {
		usleep(100000);
		_exit(3);
	}
	if (p > 0)
		waitpid(p, NULL, 0);
	kill(getpid(), SIGWINCH);
}

/* clone: what CLONE_PARENT_SETTID and CLONE_PIDFD write. */
static void clones(void)
{
	int ptid = 0, pidfd = -1;
	long r = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD, NULL, &ptid, NULL, 0);

	if (r == 0)
		_exit(0);
	if (r > 0)
		waitpid(r, NULL, 0);
	r = syscall(SYS_clone, CLONE_PIDFD | SIGCHLD, NULL, &pidfd, NULL, 0);
	if (r == 0)
		_exit(0);
	if (r > 0) {
		waitpid(r, NULL, 0);
		close(pidfd);
	}
}

/* linux/inotify.h's request, which glibc's fcntl.h keeps out. */
#define WL_INOTIFY_IOC_SETNEXTWD _IOW('I', 0, int)

/*
 * Calls whose arguments are named constants or sized values, each failing
 * or reading only: unsigned int counts, loff_t offsets, priorities,
 * namespaces, inotify masks, swap flags, sigset sizes, a truncated
 * datagram.
 */
static void tables(void)
{
	unsigned long hi = 0xdefaced00000000UL;
	unsigned long long mask = 1ULL << (SIGHUP - 1);
	char dgram[4] = "AB", one;
	int sv[2];

	syscall(SYS_getdents64, -1, NULL, hi | 0xdeadbeef);
	syscall(SYS_semop, -1, NULL, hi | 3);
	syscall(SYS_readahead, -1, 1ULL << 63, 0);
	syscall(SYS_fadvise64, -1, -5LL, -7UL, 0xdeadca75);
	syscall(SYS_process_mrelease, -1, hi);
	syscall(SYS_unshare, 0xbadc0ded0000000fUL);
	syscall(SYS_unshare, 0xdeadcaf5UL);
	syscall(SYS_userfaultfd, -1U);
	syscall(SYS_inotify_add_watch, -1, "/nonexistent", 0xffffda7a);
	syscall(SYS_swapon, "/nonexistent", 0x8000 | 42);
	syscall(SYS_swapon, "/nonexistent", 0);
	syscall(SYS_getpriority, PRIO_PROCESS, 0);
	syscall(SYS_setpriority, 7, 0, 0);
	syscall(SYS_shutdown, -1, SHUT_RDWR);
	syscall(SYS_setns, -1, hi);
	syscall(SYS_setns, -1, 0x40000080);
	syscall(SYS_getrandom, NULL, 0, 0);
	{
		/* readv and writev on a pipe, for -e read= and -e write= dumps. */
		char one[4], two[8];
		struct iovec out[2] = { { "abc", 3 }, { "defgh", 5 } };
		struct iovec in[2] = { { one, sizeof(one) }, { two, sizeof(two) } };
		int p[2];

		if (!pipe(p)) {
			if (dup2(p[1], 1000) == 1000 && dup2(p[0], 2000) == 2000) {
				syscall(SYS_writev, 1000, out, 2);
				syscall(SYS_readv, 2000, in, 2);
				close(1000);
				close(2000);
			}
			close(p[0]);
			close(p[1]);
		}
	}
	{
		/* Arrays that end a mapping before their count: what comes before. */
		char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (pg != MAP_FAILED) {
			struct pollfd *pfd = (struct pollfd *)(pg + 4096 - 8);
			struct iovec *iov = (struct iovec *)(pg + 4096 - 16);
			struct sembuf *sb = (struct sembuf *)(pg + 4096 - 6);

			mprotect(pg + 4096, 4096, PROT_NONE);
			pfd->fd = -5;
			pfd->events = POLLIN;
			syscall(SYS_poll, pfd, 2, 0);
			iov->iov_base = "ab";
			iov->iov_len = 2;
			syscall(SYS_writev, -1, iov, 3);
			sb->sem_num = 1;
			sb->sem_op = -1;
			sb->sem_flg = IPC_NOWAIT;
			syscall(SYS_semop, -1, sb, 2);
			munmap(pg, 8192);
		}
	}
	{
		/*
		 * execve's arrays ending a mapping: pointers that lead
		 * nowhere, and no NULL before the mapping ends.
		 */
		char **pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (pg != MAP_FAILED) {
			char **argv = pg + 512 - 4, **envp = pg + 512 - 2;

			mprotect((char *)pg + 4096, 4096, PROT_NONE);
			argv[0] = "/nonexistent";
			argv[1] = "arg";
			envp[0] = (char *)-1;
			envp[1] = "X=1";
			syscall(SYS_execve, "/nonexistent", argv, envp);
			argv[2] = NULL;
			syscall(SYS_execve, "/nonexistent", argv, NULL);
			{
				/* More strings than one record carries, ending the mapping. */
				static char *const many[] = { "a0", "a1", "a2", "a3", "a4", "a5",
							      "a6", "a7", "a8", "a9", "a10", NULL };
				char **tail = pg + 512 - 12;

				memcpy(tail, many, sizeof(many));
				syscall(SYS_execve, "/nonexistent", tail, NULL);
			}
			munmap(pg, 8192);
		}
	}
	{
		/* sendfile: the offset, and where the call moved it. */
		long long off = 1;
		int p[2], fd = open("/etc/os-release", O_RDONLY);

		if (fd >= 0 && !pipe(p)) {
			syscall(SYS_sendfile, p[1], fd, &off, 16);
			syscall(SYS_sendfile, p[1], fd, &off, 0);
			syscall(SYS_sendfile, -1, fd, &off, 16);
			close(p[0]);
			close(p[1]);
		}
		if (fd >= 0)
			close(fd);
	}
	{
		/* CPU masks read as long as their size says; mincore's vector. */
		static unsigned char mask[200] = { 0x3, [150] = 0x1 };
		unsigned char vec[4];
		char *m = mmap(NULL, 3 * 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		syscall(SYS_sched_setaffinity, 0x7fffffff, 0, mask);
		syscall(SYS_sched_setaffinity, 0x7fffffff, 8, mask);
		syscall(SYS_sched_setaffinity, 0x7fffffff, 200, mask);
		if (m != MAP_FAILED) {
			syscall(SYS_mincore, m, 3 * 4096 - 1, vec);
			munmap(m, 3 * 4096);
		}
	}
	{
		/* Terminal requests on a pseudo-terminal of our own. */
		struct termios t;
		struct winsize ws = { 24, 80, 0, 0 };
		int fd = open("/dev/ptmx", O_RDWR | O_NOCTTY), n, lock = 0;

		if (fd >= 0) {
			ioctl(fd, TCGETS, &t);
			ioctl(fd, TCSETS, &t);
			ioctl(fd, TIOCSWINSZ, &ws);
			ioctl(fd, TIOCGWINSZ, &ws);
			ioctl(fd, FIONREAD, &n);
			ioctl(fd, TIOCGPTN, &n);
			ioctl(fd, TIOCSPTLCK, &lock);
			ioctl(fd, TCFLSH, TCIFLUSH);
			ioctl(fd, TIOCMGET, &n);
			ioctl(fd, TIOCNXCL);
			ioctl(-1, TCGETS, NULL);
			{
				unsigned flags = FS_IMMUTABLE_FL | FS_NOATIME_FL | 0x0d000000;

				ioctl(-1, FS_IOC_SETFLAGS, &flags);
				ioctl(-1, FS_IOC32_GETFLAGS, &flags);
			}
			{
				/* Requests named from the headers' table; nsfs, watchdog, random. */
				struct { int count, size; char bytes[8]; } pool = { 3, 8, "12345678" };
				int ns = open("/proc/self/ns/net", O_RDONLY), v = 123;

				ioctl(-1, BLKSECTGET, NULL);
				if (ns >= 0) {
					ioctl(ns, NS_GET_NSTYPE);
					close(ns);
				}
				ioctl(-1, WDIOC_SETTIMEOUT, &v);
				ioctl(-1, WDIOC_KEEPALIVE);
				ioctl(-1, RNDADDENTROPY, &pool);
				ioctl(-1, RNDZAPENTCNT);
				ioctl(-1, WL_INOTIFY_IOC_SETNEXTWD, -7);
				{
					/* Block devices' values, ints, pairs, and what the gets fill. */
					unsigned long long range[2] = { 1ULL << 40, 4096 }, size;
					int ro = -3;

					ioctl(-1, BLKRASET, 0xfedcba9876543210UL);
					ioctl(-1, BLKROSET, &ro);
					ioctl(-1, BLKDISCARD, range);
					ioctl(-1, BLKGETSIZE64, &size);
					ioctl(-1, BLKFLSBUF);
				}
			}
			close(fd);
		}
	}
	{
		/* Keyrings by name, umount flags, lengths past the kernel's limits, xattr values. */
		static char host[65];
		char list[4];

		syscall(SYS_add_key, NULL, NULL, NULL, 0, -1);
		syscall(SYS_add_key, "user", "ferret", "", 0, 1234567890);
		syscall(SYS_request_key, NULL, NULL, NULL, -3);
		syscall(SYS_umount2, "/nonexistent", 0x1f);
		syscall(SYS_sethostname, host, sizeof(host));
		syscall(SYS_fsetxattr, -1, "user.ferret", "foo\0bar", 8, 2);
		syscall(SYS_listxattr, "/", list, 0);
	}
	{
		/* -v: every field of uname; getdents' own record layout. */
		struct utsname u;
		char dents[512];
		int fd = open("/", O_RDONLY | O_DIRECTORY);

		syscall(SYS_uname, &u);
		if (fd >= 0) {
			syscall(SYS_getdents, fd, dents, sizeof(dents));
			close(fd);
		}
	}
	{
		/* Four entries' bytes; a failed read's addresses. */
		static char bytes[] = "abcdefgh";
		struct iovec iov[4];
		int e;

		for (e = 0; e < 4; e++) {
			iov[e].iov_base = bytes + e;
			iov[e].iov_len = 2;
		}
		syscall(SYS_writev, -1, iov, 4);
		syscall(SYS_preadv, -1, iov, 1, -1L, 0);
		syscall(SYS_pwritev, -1, iov, 2, 1L << 40, 0);
	}
	{
		/* select: a timeout, ready descriptors, a negative count. */
		struct timeval tv = { 0, 123 };
		fd_set r, w;
		int p[2];

		syscall(SYS_select, 0, NULL, NULL, NULL, &tv);
		if (!pipe(p)) {
			if (write(p[1], "x", 1) != 1)
				return;
			FD_ZERO(&r);
			FD_ZERO(&w);
			FD_SET(p[0], &r);
			FD_SET(p[1], &r);
			FD_SET(p[1], &w);
			syscall(SYS_select, p[1] + 1, &r, &w, NULL, NULL);
			syscall(SYS_pselect6, -1, NULL, &r, NULL, NULL, NULL);
			close(p[0]);
			close(p[1]);
		}
	}
	{
		/* Modes with a type, set-id bits, or no type at all; I/O priorities; futex ops. */
		siginfo_t si = { .si_signo = SIGUSR1, .si_code = SI_QUEUE, .si_errno = ENOENT };
		struct epoll_event ev = { .events = EPOLLIN };
		int word = 0;

		syscall(SYS_mknod, "/nonexistent/node", 0xffff, 0);
		syscall(SYS_mknod, "/nonexistent/node", S_IFBLK | 07777, 0);
		syscall(SYS_mknod, "/nonexistent/node", 0644, 0);
		syscall(SYS_ioprio_get, 1, 0);
		syscall(SYS_ioprio_set, 2, -1, 8191);
		syscall(SYS_futex, &word, 0x101, 1, NULL, NULL, 0);
		syscall(SYS_futex, &word, 0x82, 1, NULL, NULL, 0);
		syscall(SYS_futex, &word, 0x189, 1, NULL, NULL, 0);
		syscall(SYS_rt_tgsigqueueinfo, -1, -1, SIGUSR1, &si);
		syscall(SYS_epoll_ctl, -1, EPOLL_CTL_DEL, -1, &ev);
	}
	{
		/* -y: a path with bytes to escape; anonymous inodes, by name. */
		int fd = open("fd\1<name>\n\"7", O_CREAT | O_RDWR, 0600);

		if (fd >= 0) {
			fsync(fd);
			unlink("fd\1<name>\n\"7");
			close(fd);
		}
		fd = syscall(SYS_inotify_init1, 0);
		close(fd);
		fd = syscall(SYS_eventfd2, 0, 0);
		close(fd);
		fd = syscall(SYS_pidfd_open, getpid(), 0);
		close(fd);
	}
	{
		struct timeval tv = { -1, 1000000 };
		struct timezone tz = { -60, 0 };
		unsigned cpu, node;
		long long off = -5, off2 = 1LL << 40;
		void *head;
		size_t len;

		syscall(SYS_gettimeofday, &tv, &tz);
		tv.tv_sec = -1;
		tv.tv_usec = 1000000;
		syscall(SYS_settimeofday, &tv, &tz);
		syscall(SYS_getcpu, &cpu, &node, NULL);
		syscall(SYS_get_robust_list, 0, &head, &len);
		syscall(SYS_splice, -1, &off, -2, &off2, 16, 1);
		syscall(SYS_copy_file_range, -1, &off, -2, NULL, 16, 0);
	}
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &mask, NULL, 16);
	syscall(SYS_rt_sigsuspend, &mask, 128);
	syscall(SYS_rt_sigpending, &mask, 8);
	{
		/*
		 * A name longer than the buffer, which ends a mapping: the
		 * kernel writes no more than the buffer's 16 bytes.
		 */
		struct sockaddr_un un = { .sun_family = AF_UNIX };
		char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		socklen_t len = 16;
		int fd = socket(AF_UNIX, SOCK_DGRAM, 0);

		memcpy(un.sun_path, "\0ferret-strace-abstract-name", 29);
		if (pg != MAP_FAILED && fd >= 0 &&
		    !bind(fd, (struct sockaddr *)&un, offsetof(struct sockaddr_un, sun_path) + 29)) {
			mprotect(pg + 4096, 4096, PROT_NONE);
			getsockname(fd, (struct sockaddr *)(pg + 4096 - 16), &len);
			len = 2;
			getsockname(fd, (struct sockaddr *)(pg + 4096 - 2), &len);
		}
		if (fd >= 0)
			close(fd);
	}
	if (!socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)) {
		send(sv[0], dgram, 2, 0);
		recv(sv[1], &one, 1, MSG_TRUNC);
		close(sv[0]);
		close(sv[1]);
	}
}

static void fails(void)
{
	struct utimbuf ub = { 1492350678, 1492350678 };
	struct timeval tv[2] = { { 1492356708, 567891 }, { 0, 2000000 } };

	static char longpath[5000];

	/* A path longer than PATH_MAX: strace shows PATH_MAX - 1 bytes, then "...". */
	memset(longpath, '/', sizeof(longpath) - 1);
	syscall(SYS_chdir, longpath);
	syscall(SYS_utime, "/nonexistent", &ub);
	syscall(SYS_utime, "/nonexistent", NULL);
	syscall(SYS_utimes, "/nonexistent", tv);
	syscall(SYS_futimesat, AT_FDCWD, "/nonexistent", tv);
	syscall(SYS_delete_module, "ferret_no_such_module", O_NONBLOCK | O_TRUNC);
	syscall(SYS_finit_module, -1, "a-module-parameter-longer-than-thirty-two", 0x3);
	syscall(SYS_init_module, NULL, 0, "p=1");
	syscall(SYS_iopl, 4);
	syscall(SYS_ioperm, 0xdeafbeefffffffffUL, 1, 0);
	syscall(SYS_memfd_secret, 0xde97face);
	syscall(SYS_set_mempolicy_home_node, 0, 0, 0, 3);
	syscall(SYS_syslog, 10, NULL, 0);
	{
		/* Landlock and the mount API, short of restricting or mounting anything. */
		unsigned long long access = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_DIR;
		struct __attribute__((packed)) { unsigned long long a; int fd; } pb = { access, -1 };
		int fd;

		syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
		fd = syscall(SYS_landlock_create_ruleset, &access, 8, 0);
		syscall(SYS_landlock_add_rule, fd, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
		syscall(SYS_landlock_restrict_self, -1, 0);
		if (fd >= 0)
			close(fd);
		fd = syscall(SYS_open_tree, -1, "/dev/full", 0);
		if (fd >= 0)
			close(fd);
		syscall(SYS_move_mount, AT_FDCWD, "/nonexistent", AT_FDCWD, "/nonexistent2",
			0x1 | 0x40);
		syscall(SYS_fsopen, "ferret-no-such-fs", 1);
		syscall(SYS_fsmount, -1, 1, 0x1 | 0x10);
		syscall(SYS_fspick, AT_FDCWD, "/nonexistent", 0x1 | 0x8);
	}
	{
		/* seccomp's queries; a filter refused for its flags, never installed. */
		unsigned act = SECCOMP_RET_LOG;
		unsigned short sizes[3];
		struct sock_filter insn = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		struct sock_fprog prog = { 1, &insn };

		syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &act);
		act = 0xffffffff;
		syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &act);
		syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, sizes);
		syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0xffffffc0 | SECCOMP_FILTER_FLAG_LOG,
			&prog);
	}
}

/* memfd_create: names longer than -s, flags with a huge page size, unknown flags. */
static void memfds(void)
{
	int fd = syscall(SYS_memfd_create, "a-memfd-name-longer-than-thirty-two-chars",
			 MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd >= 0)
		close(fd);
	syscall(SYS_memfd_create, "huge", MFD_HUGETLB | (30U << MFD_HUGE_SHIFT) | 0x40);
	syscall(SYS_memfd_create, NULL, 0x3fffff8);
}

/* Structs and arrays written at exit; /proc's statfs does not change. */
static void structs(void)
{
	struct statfs sf;
	struct sysinfo si;
	gid_t g[64];
	int fd;

	statfs("/proc", &sf);
	fd = open("/proc", O_RDONLY | O_DIRECTORY);
	fstatfs(fd, &sf);
	close(fd);
	statfs("/nonexistent", &sf);
	sysinfo(&si);
	getgroups(0, NULL);
	getgroups(64, g);
}

/*
 * An unsigned int with garbage in the register's upper half, and values
 * no name covers, which strace prints in hex with a comment.
 */
static void values(void)
{
	syscall(SYS_alarm, 0xffffffff00000000ULL | 42);
	syscall(SYS_alarm, 0);
	syscall(SYS_getrlimit, 16, 0);
	syscall(SYS_close_range, 7, 7, 8);
	syscall(SYS_close_range, 7, 7, 2 | 8);
	syscall(SYS_lseek, -1, 0, 9);
	syscall(SYS_fcntl, -1, 0xffff);
	syscall(SYS_clock_gettime, 99, 0);
}

/* A thread that is not the leader replaces the process. */
static void *exec_fn(void *arg __attribute__((unused)))
{
	/* The leader is in pause() by then, whose line the execve ends. */
	usleep(50000);
	execl("/bin/true", "true", (char *)NULL);
	return NULL;
}

/*
 * A thread's execveat while its leader runs in user space, not in a
 * call: "thread-exec-busy" runs itself again by execveat (one thread),
 * which makes a thread that runs itself a third time.
 */
static volatile unsigned busy_trigger;
static char *busy_self;

static void *busy_exec_fn(void *arg __attribute__((unused)))
{
	char *av[] = { busy_self, (char *)"thread-exec-busy", (char *)"1", (char *)"2", NULL };

	while (!busy_trigger)
		;
	syscall(SYS_execveat, AT_FDCWD, busy_self, av, NULL, 0);
	return NULL;
}

static int thread_exec_busy(int argc, char **argv)
{
	char *av[] = { argv[0], (char *)"thread-exec-busy", (char *)"1", NULL };
	pthread_t t;

	busy_self = argv[0];
	if (argc == 2) {
		syscall(SYS_execveat, AT_FDCWD, argv[0], av, NULL, 0);
		return 1;
	}
	if (argc == 3) {
		if (pthread_create(&t, NULL, busy_exec_fn, NULL))
			return 1;
		for (;;)
			busy_trigger++;
	}
	return 0;
}

/* poll, ppoll, epoll and futex arguments by kind and command; mknod. */
static void waits(void)
{
	int p[2], e = epoll_create1(EPOLL_CLOEXEC), f = 0;
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET, .data.u64 = 0x1234 }, out[4];
	struct timespec ts = { 0, 1000 };
	struct pollfd pf[2];
	sigset_t m;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	if (pipe(p) || write(p[1], "x", 1) != 1)
		return;
	epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev);
	epoll_wait(e, out, 4, 0);
	epoll_pwait(e, out, 4, 0, &m);
	/* A call that succeeds shows its timeout and mask; one that fails, their addresses. */
	syscall(SYS_epoll_pwait2, e, out, 4, &ts, &m, 8);
	syscall(SYS_epoll_pwait2, -1, out, 4, &ts, &m, 8);
	pf[0].fd = p[0];
	pf[0].events = POLLIN;
	pf[1].fd = p[1];
	pf[1].events = POLLOUT | POLLIN;
	poll(pf, 2, 0);
	ppoll(pf, 2, &ts, &m);
	ppoll(pf, 2, NULL, NULL);
	pf[0].fd = -1;
	poll(pf, 1, 0);
	syscall(SYS_futex, &f, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	syscall(SYS_futex, &f, FUTEX_WAIT_PRIVATE, 1, &ts, NULL, 0);
	syscall(SYS_futex, &f, FUTEX_WAIT_BITSET_PRIVATE, 1, &ts, NULL, 0xffffffff);
	syscall(SYS_futex, &f, FUTEX_WAKE_OP_PRIVATE, 1, 1, &f, 0);
	mknod("/nonexistent/fifo", S_IFIFO | 0600, 0);
	mknod("/nonexistent/null", S_IFCHR | 0600, makedev(1, 3));
}

/* Structs read at entry or written at exit: rusage, tms, itimerval, ... */
static void more(void)
{
	struct itimerval it = { { 0, 0 }, { 5, 0 } }, old;
	stack_t ss = { .ss_sp = malloc(65536), .ss_size = 65536, .ss_flags = 0 }, oss;
	struct rusage ru;
	struct tms tm;
	uid_t a, b, c;
	sigset_t pend;
	cpu_set_t cs;
	pid_t p;
	int st;

	getrusage(RUSAGE_SELF, &ru);
	times(&tm);
	setitimer(ITIMER_REAL, &it, &old);
	getitimer(ITIMER_REAL, &old);
	it.it_value.tv_sec = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	sigaltstack(&ss, &oss);
	sigaltstack(NULL, &oss);
	getresuid(&a, &b, &c);
	sigpending(&pend);
	sched_getaffinity(0, sizeof(cs), &cs);
	p = fork();
	if (p == 0)
		_exit(3);
	wait4(p, &st, 0, &ru);
	free(ss.ss_sp);
}

/*
 * Descriptors -y must name after the process is gone: an open, dups of
 * it, a write, closes; a relative open after chdir.
 */
static void fds(void)
{
	int fd = open("/dev/full", O_WRONLY), d = dup(fd);

	dup2(d, 9);
	close(fd);
	if (write(9, "x", 1) < 0)
		close(d);
	close(9);
	/* A directory removed before the lines are decoded. */
	if (mkdir("gone.d", 0700))
		return;
	fd = open("gone.d/./", O_RDONLY | O_DIRECTORY);
	dup2(fd, 9);
	close(9);
	close(fd);
	rmdir("gone.d");
	if (chdir("/etc"))
		return;
	fd = open("hostname", O_RDONLY);
	close(fd);
}

/* Socket options both ways, socklen in => out, pselect6's sets. */
static void sockets(void)
{
	int p[2], s = socket(AF_INET, SOCK_STREAM, 0), one = 1, v;
	struct timeval tv = { 1, 0 };
	struct timespec ts = { 0, 1000 };
	struct sockaddr_in sa;
	socklen_t l = sizeof(v), sl = sizeof(sa);
	fd_set r, w;
	sigset_t m;

	sigemptyset(&m);
	if (pipe(p) || write(p[1], "x", 1) != 1)
		return;
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(p[0], &r);
	FD_SET(p[1], &w);
	select(p[1] + 1, &r, &w, NULL, &tv);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	pselect(p[0] + 1, &r, NULL, NULL, &ts, &m);
	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	getsockopt(s, SOL_SOCKET, SO_TYPE, &v, &l);
	getsockname(s, (struct sockaddr *)&sa, &sl);
	sl = 128;
	getsockname(s, (struct sockaddr *)&sa, &sl);
	getpeername(s, (struct sockaddr *)&sa, &sl);
	{
		struct linger lg = { 1, 5 };
		struct ucred uc;
		int sv[2];

		setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
		l = sizeof(lg);
		getsockopt(s, SOL_SOCKET, SO_LINGER, &lg, &l);
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
			l = sizeof(uc);
			getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &uc, &l);
			close(sv[0]);
			close(sv[1]);
		}
	}
}

/* sendmsg and recvmsg: iovecs both ways, a descriptor passed. */
static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
}

/*
 * A datagram to itself on loopback with SOL_IP's control messages on:
 * IP_PKTINFO, IP_TTL, IP_TOS, IP_ORIGDSTADDR and IP_RETOPTS.
 */
static void ip_cmsgs(void)
{
	union { struct cmsghdr h; char b[256]; } ctl;
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	char in[8];
	struct iovec v = { in, sizeof(in) };
	struct msghdr m = { .msg_name = &a, .msg_namelen = sizeof(a), .msg_iov = &v,
			    .msg_iovlen = 1, .msg_control = &ctl, .msg_controllen = sizeof(ctl) };
	int s = socket(AF_INET, SOCK_DGRAM, 0), one = 1;

	if (s < 0)
		return;
	setsockopt(s, SOL_IP, IP_PKTINFO, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVTTL, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVTOS, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVORIGDSTADDR, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RETOPTS, &one, sizeof(one));
	if (!bind(s, (struct sockaddr *)&a, sizeof(a)) &&
	    !getsockname(s, (struct sockaddr *)&a, &alen) &&
	    sendto(s, "data", 4, 0, (struct sockaddr *)&a, sizeof(a)) == 4)
		recvmsg(s, &m, 0);
	close(s);
}

static void msgs(void)
{
	struct sigaction act;
	struct sockaddr_un sa;
	char cbuf[CMSG_SPACE(sizeof(int))], in[16];
	struct iovec iov[2] = { { "ab", 2 }, { "cd", 2 } }, riov = { in, sizeof(in) };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	struct cmsghdr *cm;
	int sv[2], fd = 0;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return;
	memset(cbuf, 0, sizeof(cbuf));
	m.msg_control = cbuf;
	m.msg_controllen = sizeof(cbuf);
	cm = CMSG_FIRSTHDR(&m);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	sendmsg(sv[0], &m, 0);
	memset(&m, 0, sizeof(m));
	m.msg_iov = &riov;
	m.msg_iovlen = 1;
	m.msg_control = cbuf;
	m.msg_controllen = sizeof(cbuf);
	recvmsg(sv[1], &m, 0);
	ip_cmsgs();
	/* Nothing to read: a failed recvmsg shows only msg_namelen. */
	m.msg_name = &sa;
	m.msg_namelen = sizeof(sa);
	recvmsg(sv[1], &m, MSG_DONTWAIT);
	/* sa_flags in strace's order: SA_RESTORER first, SA_SIGINFO later. */
	act.sa_sigaction = on_info;
	act.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
	sigaction(SIGUSR2, &act, NULL);
}

/* A sleep's remaining time shows only when a signal interrupts it. */
static void sleeps(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 20000 } };
	struct timespec a = { 0, 1000 }, r;

	nanosleep(&a, &r);
	signal(SIGALRM, on_signal);
	setitimer(ITIMER_REAL, &it, NULL);
	a.tv_sec = 5;
	nanosleep(&a, &r);
}

/*
 * openat2's struct open_how, sched_setattr/sched_getattr's struct
 * sched_attr and adjtimex/clock_adjtime's struct timex (modes 0: read).
 */
static void kstructs(void)
{
	struct { unsigned long long flags, mode, resolve; } how = {
		O_RDONLY | O_CLOEXEC, 0, 0x04 /* RESOLVE_NO_SYMLINKS */,
	};
	struct {
		unsigned size, policy;
		unsigned long long flags;
		int nice;
		unsigned prio;
		unsigned long long runtime, deadline, period;
		unsigned util_min, util_max;
	} attr = { .size = 48 };
	struct timex tx = { 0 };
	long fd;

	fd = syscall(SYS_openat2, AT_FDCWD, "/etc/hostname", &how, sizeof(how));
	if (fd >= 0)
		close(fd);
	how.flags = O_WRONLY | O_CREAT;
	how.mode = 0600;
	how.resolve = 0x08 | 0x02;	/* RESOLVE_BENEATH|RESOLVE_NO_MAGICLINKS */
	syscall(SYS_openat2, AT_FDCWD, "/nonexistent/x", &how, sizeof(how));
	syscall(SYS_sched_getattr, 0, &attr, sizeof(attr), 0);
	attr.size = 48;
	syscall(SYS_sched_setattr, 0, &attr, 0);
	syscall(SYS_sched_getattr, 0, NULL, sizeof(attr), 0);
	/* SCHED_FLAG_KEEP_POLICY | SCHED_FLAG_KEEP_PARAMS hide what they keep. */
	attr.size = 56;
	((unsigned long long *)&attr)[1] = 0x08 | 0x10;
	syscall(SYS_sched_setattr, -1, &attr, 0);
	sched_getscheduler(0);
	adjtimex(&tx);
	tx.modes = 0;
	clock_adjtime(CLOCK_REALTIME, &tx);
}

/* Process ids in arguments and return values (-Y names them). */
static void pids(void)
{
	pid_t me = getpid();
	cpu_set_t set;
	struct rlimit r;
	long fd;

	syscall(SYS_gettid);
	kill(me, 0);
	syscall(SYS_tkill, me, 0);
	syscall(SYS_tgkill, me, me, 0);
	getpgid(me);
	getsid(me);
	setpgid(me, me);
	sched_getaffinity(me, sizeof(set), &set);
	prlimit(me, RLIMIT_NOFILE, NULL, &r);
	fd = syscall(SYS_pidfd_open, me, 0);
	if (fd >= 0)
		close(fd);
	sched_getscheduler(me);
	kill(999999, 0);
}

/*
 * Descriptors -yy describes while they are open: TCP with and without a
 * peer, a socket pair, netlink, an abstract unix name, a device.
 */
static void yy(void)
{
	struct sockaddr_in in = { .sin_family = AF_INET,
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(in);
	int l, c, sv[2], n, u, d;

	l = socket(AF_INET, SOCK_STREAM, 0);
	bind(l, (struct sockaddr *)&in, sizeof(in));
	listen(l, 1);
	getsockname(l, (struct sockaddr *)&in, &len);
	c = socket(AF_INET, SOCK_STREAM, 0);
	connect(c, (struct sockaddr *)&in, sizeof(in));
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	n = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	bind(n, (struct sockaddr *)&nl, sizeof(nl));
	u = socket(AF_UNIX, SOCK_STREAM, 0);
	memcpy(un.sun_path, "\0ferret-yy", 10);
	bind(u, (struct sockaddr *)&un, offsetof(struct sockaddr_un, sun_path) + 10);
	d = open("/dev/null", O_WRONLY);
	if (write(d, "x", 1) != 1)
		return;
	len = sizeof(in);
	getsockname(c, (struct sockaddr *)&in, &len);
	len = sizeof(un);
	getsockname(sv[0], (struct sockaddr *)&un, &len);
	len = sizeof(nl);
	getsockname(n, (struct sockaddr *)&nl, &len);
	len = sizeof(un);
	getsockname(u, (struct sockaddr *)&un, &len);
	/* Open until the lines are out. */
	usleep(300000);
}

/*
 * Modes as strace prints them (051, 000), int arguments with garbage in
 * the register's upper half, and pointers neither the call nor the
 * tracer can read.
 */
static void bits(void)
{
	int fds[2];

	chmod("/nonexistent/x", 051);
	chmod("/nonexistent/x", 0);
	umask(umask(022));
	syscall(SYS_dup3, 0, 0, 0xdefaced00000000UL);
	if (syscall(SYS_pipe2, fds, O_NONBLOCK | 0xffffffff00000000UL))
		return;
	syscall(SYS_chdir, (char *)0x1000);
	/* A pipe copies what is written: the call fails with EFAULT. */
	syscall(SYS_write, fds[1], (char *)0x1000, 1);
	syscall(SYS_mkdir, (char *)0x1000, 0755);
	close(fds[0]);
	close(fds[1]);
	/* uid_t unsigned (-1 aside), umode_t's 16 bits, tv_nsec unsigned. */
	syscall(SYS_chown, "/nonexistent/x", 4294901760U, -1);
	syscall(SYS_mkdir, "/nonexistent/d", 0177777);
	umask(umask(0107777));
	{
		struct timespec ts = { 0, 0 };
		unsigned long long *raw = (void *)&ts;

		raw[1] = 0xbadc0ded00000001ULL;
		syscall(SYS_nanosleep, &ts, NULL);
	}
}

/* Flags with their own names: EFD_, TFD_, IN_, LOCK_. */
static void fdflags(void)
{
	int fds[3];

	fds[0] = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	fds[1] = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	fds[2] = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	syscall(SYS_inotify_init1, 0xfacefeedde80002cUL);
	flock(-1, LOCK_SH);
	flock(-1, LOCK_EX | LOCK_NB);
	flock(-1, LOCK_UN);
	close(fds[0]);
	close(fds[1]);
	close(fds[2]);
}

/* ioctl requests: named, unknown (strace's _IOC form), without argument. */
static void ioctls(void)
{
	ioctl(-1, BLKBSZGET, 0);
	ioctl(-1, 0x3e03, 0xdeadbeefbadc0dedUL);
	ioctl(-1, _IOW(0xfd, 0xde, int), 0x1234);
	ioctl(-1, EVIOCGVERSION, 0);
	ioctl(-1, _IOWR('x', 1, long), 0);
	ioctl(-1, TCGETS, 0);
	ioctl(-1, FIFREEZE, 0);
	/* No data (an old number, _IO): the argument in hex, 0 as 0. */
	ioctl(-1, 0x305 /* HDIO_GET_QDMA */, 0);
	ioctl(-1, _IO(0xae, 0) /* KVM_GET_API_VERSION */, 0);
	ioctl(-1, _IOR('E', 0x06, char[16]) /* EVIOCGNAME(16) */, 0);
}

/*
 * A netlink socket of protocol proto, bound: strace learns a socket's
 * protocol from the kernel's socket diagnostics, which list bound ones.
 */
static int nl_socket(int proto)
{
	struct sockaddr_nl a = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);

	bind(fd, (struct sockaddr *)&a, sizeof(a));
	return fd;
}

/* A netlink message being built: its header, then what nl_put() appends. */
static unsigned char nl_msg[512];
static size_t nl_len;

static void nl_begin(unsigned type, unsigned flags)
{
	struct nlmsghdr h = { 0, (uint16_t)type, (uint16_t)flags, 5, 0 };

	memset(nl_msg, 0, sizeof(nl_msg));
	memcpy(nl_msg, &h, sizeof(h));
	nl_len = NLMSG_HDRLEN;
}

static void nl_put(const void *p, size_t n)
{
	memcpy(nl_msg + nl_len, p, n);
	nl_len += NLMSG_ALIGN(n);
}

/* An attribute of type with n bytes of data; its length says len. */
static void nl_attr(unsigned type, unsigned len, const void *p, size_t n)
{
	struct nlattr a = { (uint16_t)len, (uint16_t)type };

	memcpy(nl_msg + nl_len, &a, sizeof(a));
	memcpy(nl_msg + nl_len + NLA_HDRLEN, p, n);
	nl_len += NLA_ALIGN(NLA_HDRLEN + n);
}

/* Sends the message, n bytes of it (0: all), its nlmsg_len saying len (0: n). */
static void nl_send(int fd, size_t n, size_t len)
{
	struct nlmsghdr *h = (struct nlmsghdr *)nl_msg;

	if (!n)
		n = nl_len;
	h->nlmsg_len = (uint32_t)(len ? len : n);
	sendto(fd, nl_msg, n, MSG_DONTWAIT, NULL, 0);
}

/*
 * NETLINK_SOCK_DIAG: each family's request (the kernel answers those
 * with NLM_F_REQUEST) and reply with attributes, an unknown family, a
 * struct cut short, NLMSG_DONE, an NLMSG_ERROR ack with its attributes,
 * a buffer that cannot be read.
 */
static void sockdiags(void)
{
	int fd = nl_socket(NETLINK_SOCK_DIAG);
	uint32_t v32[4] = { 1, 0xffffffff, 3, 4 };
	uint64_t groups[2] = { 0x5, 0 };
	uint8_t u8 = 3;

	{
		struct unix_diag_req r = { AF_UNIX, 0, 0, 1 << 1 | 1 << 10, 0,
					   UDIAG_SHOW_NAME | UDIAG_SHOW_PEER | 0x1000, { 1, 2 } };
		struct unix_diag_msg m = { AF_UNIX, SOCK_STREAM, 10, 0, 1234, { 5, 6 } };
		struct unix_diag_vfs vfs = { 77, 0x801 };
		struct unix_diag_rqlen rq = { 3, 9 };

		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP);
		nl_put(&r, sizeof(r));
		nl_send(fd, 0, 0);
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(UNIX_DIAG_NAME, 9, "/tmp/x", 5);
		nl_attr(UNIX_DIAG_VFS, 12, &vfs, sizeof(vfs));
		nl_attr(UNIX_DIAG_PEER, 8, v32, 4);
		nl_attr(UNIX_DIAG_ICONS, 16, v32, 12);
		nl_attr(UNIX_DIAG_RQLEN, 12, &rq, sizeof(rq));
		nl_attr(UNIX_DIAG_MEMINFO, 16, v32, 12);
		nl_attr(UNIX_DIAG_SHUTDOWN, 5, &u8, 1);
		nl_attr(UNIX_DIAG_UID, 8, v32 + 1, 4);
		nl_attr(0x55, 6, "ab", 2);
		nl_send(fd, 0, 0);
		/* A struct cut short, and one whose attribute runs past the message. */
		nl_send(fd, NLMSG_HDRLEN + 8, 0);
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(UNIX_DIAG_NAME, 40, "abc", 3);
		nl_send(fd, 0, 0);
	}
	{
		struct inet_diag_req_v2 r = { AF_INET, IPPROTO_TCP, 1 << (INET_DIAG_INFO - 1) | 0x80,
					      0, 0xfff, { 0 } };
		struct inet_diag_req c = { AF_INET6, 0, 0, 1 << (INET_DIAG_CONG - 1), { 0 }, 0x2, 0 };
		struct inet_diag_msg m = { AF_INET, 10, 0, 1, { 0 }, 0, 0, 0, 1000, 4242 };
		struct inet_diag_bc_op op = { INET_DIAG_BC_S_GE, 4, 8 };
		struct inet_diag_meminfo mi = { 1, 2, 3, 4 };
		unsigned char bc[sizeof(op) * 2];

		r.id.idiag_sport = htons(80);
		r.id.idiag_src[0] = htonl(0x7f000001);
		r.id.idiag_if = 1;
		r.id.idiag_cookie[0] = 9;
		memcpy(bc, &op, sizeof(op));
		op.code = INET_DIAG_BC_D_LE;
		memcpy(bc + sizeof(op), &op, sizeof(op));
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP);
		nl_put(&r, sizeof(r));
		nl_attr(INET_DIAG_REQ_BYTECODE, 4 + sizeof(bc), bc, sizeof(bc));
		nl_attr(INET_DIAG_REQ_PROTOCOL, 5, &u8, 1);
		nl_send(fd, 0, 0);
		c.id.idiag_dport = htons(443);
		inet_pton(AF_INET6, "fe80::1", c.id.idiag_dst);
		nl_begin(18 /* TCPDIAG_GETSOCK */, NLM_F_REQUEST);
		nl_put(&c, sizeof(c));
		nl_send(fd, 0, 0);
		m.id.idiag_src[0] = htonl(0x0a000001);
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(INET_DIAG_MEMINFO, 20, &mi, sizeof(mi));
		nl_attr(INET_DIAG_CONG, 8, "cubic", 4);
		nl_attr(INET_DIAG_TOS, 5, &u8, 1);
		nl_attr(INET_DIAG_SHUTDOWN, 5, &u8, 1);
		nl_attr(INET_DIAG_MARK, 8, v32 + 2, 4);
		nl_attr(INET_DIAG_SKMEMINFO, 12, v32, 8);
		nl_send(fd, 0, 0);
	}
	{
		struct netlink_diag_req r = { AF_NETLINK, NDIAG_PROTO_ALL, 0, 0,
					      NDIAG_SHOW_GROUPS | NDIAG_SHOW_FLAGS, { 0, 0 } };
		struct netlink_diag_msg m = { .ndiag_family = AF_NETLINK, .ndiag_type = SOCK_RAW,
					      .ndiag_state = 1, .ndiag_ino = 99,
					      .ndiag_cookie = { 1, 2 } };
		struct netlink_diag_ring ring = { 4096, 2, 2048, 4 };
		uint32_t fl = NDIAG_FLAG_PKTINFO | 0x100;

		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP);
		nl_put(&r, sizeof(r));
		nl_send(fd, 0, 0);
		r.sdiag_protocol = NETLINK_AUDIT;
		nl_send(fd, 0, 0);
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(NETLINK_DIAG_GROUPS, 20, groups, 16);
		nl_attr(NETLINK_DIAG_RX_RING, 20, &ring, sizeof(ring));
		nl_attr(NETLINK_DIAG_FLAGS, 8, &fl, 4);
		nl_send(fd, 0, 0);
	}
	{
		struct packet_diag_req r = { AF_PACKET, 0, 0, 0, PACKET_SHOW_INFO | 0x400, { 0, 0 } };
		struct packet_diag_msg m = { .pdiag_family = AF_PACKET, .pdiag_type = SOCK_DGRAM,
					     .pdiag_num = htons(0x0800), .pdiag_ino = 5 };
		struct packet_diag_info pi = { 1, 2, 0, 0, 0, PDI_RUNNING | PDI_LOSS };
		struct packet_diag_mclist mc = { 1, 2, 3, 6, "\x01\x02\x03\x04\x05\x06" };

		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP);
		nl_put(&r, sizeof(r));
		nl_send(fd, 0, 0);
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(PACKET_DIAG_INFO, 4 + sizeof(pi), &pi, sizeof(pi));
		nl_attr(PACKET_DIAG_MCLIST, 4 + sizeof(mc), &mc, sizeof(mc));
		nl_attr(PACKET_DIAG_FANOUT, 8, v32 + 2, 4);
		nl_attr(PACKET_DIAG_UID, 8, v32 + 3, 4);
		nl_send(fd, 0, 0);
	}
	{
		struct smc_diag_req r = { .diag_family = AF_SMC,
					  .diag_ext = 1 << (SMC_DIAG_CONNINFO - 1) | 0x80 };
		struct smc_diag_msg m = { .diag_family = AF_SMC, .diag_state = 1, .diag_shutdown = 3,
					  .diag_inode = 8 };
		struct smc_diag_fallback fb = { 0x03010000, 0x7 };

		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nl_put(&m, sizeof(m));
		nl_attr(SMC_DIAG_SHUTDOWN, 5, &u8, 1);
		nl_attr(SMC_DIAG_FALLBACK, 12, &fb, sizeof(fb));
		nl_send(fd, 0, 0);
		/* A request, not sent to the kernel (it would load a module). */
		nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST);
		nl_put(&r, sizeof(r));
		sendto(-1, nl_msg, nl_len, MSG_DONTWAIT, NULL, 0);
	}
	/* A family without a decoder; a lone family byte; NLMSG_DONE. */
	nl_begin(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	nl_put("\xfe\x01\x02\x03", 4);
	nl_send(fd, NLMSG_HDRLEN + 4, 0);
	nl_send(fd, NLMSG_HDRLEN + 1, 0);
	nl_begin(NLMSG_DONE, NLM_F_MULTI);
	nl_put(v32 + 2, 4);
	nl_send(fd, 0, 0);
	/* An ack: the error, the request it answers, its attributes. */
	{
		int e = -13;
		struct nlmsghdr h = { 20, SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST, 1, 0 };

		nl_begin(NLMSG_ERROR, NLM_F_ACK_TLVS);
		nl_put(&e, 4);
		memcpy(nl_msg + nl_len, &h, sizeof(h));
		nl_msg[nl_len + 16] = AF_UNIX;
		nl_len += 20;
		nl_attr(NLMSGERR_ATTR_MSG, 8, "bad", 4);
		nl_attr(NLMSGERR_ATTR_OFFS, 8, v32 + 2, 4);
		nl_send(fd, 0, 0);
		nl_begin(NLMSG_ERROR, NLM_F_CAPPED);
		e = -4095;
		nl_put(&e, 4);
		memcpy(nl_msg + nl_len, &h, sizeof(h));
		nl_len += 16;
		nl_attr(NLMSGERR_ATTR_COOKIE, 7, "\x01\x02\x03", 3);
		nl_send(fd, 0, 0);
	}
	sendto(fd, (void *)8, 40, MSG_DONTWAIT, NULL, 0);
	close(fd);
}

/* Netlink messages sent: headers by protocol, payloads in hex, an array. */
/* One NETLINK_ROUTE message: type, flags, payload. */
static void rtnl_send(int fd, unsigned type, unsigned flags, const void *p, size_t n)
{
	struct { struct nlmsghdr h; unsigned char p[160]; } m;

	memset(&m, 0, sizeof(m));
	m.h = (struct nlmsghdr) { (uint32_t)(NLMSG_HDRLEN + n), (uint16_t)type, (uint16_t)flags, 7, 0 };
	memcpy(m.p, p, n);
	sendto(fd, &m, m.h.nlmsg_len, MSG_DONTWAIT, NULL, 0);
}

/*
 * rtnetlink's structs by message type, and attributes (of types whose
 * values ferret shows in hex as strace does: those it does not know;
 * two make an array).  Only the request asks for anything: the kernel
 * ignores a message without NLM_F_REQUEST.
 */
static void rtnl_msgs(int fd)
{
	/* ifinfomsg: AF_UNSPEC, ARPHRD_LOOPBACK, lo, IFF_UP|IFF_LOOPBACK; two attributes. */
	static const unsigned char link[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		8, 0, 0xfe, 0x3f, 'l', 'o', 0, 0, 8, 0, 0xff, 0x3f, 'a', 'b', 'c', 'd' };
	/* ifaddrmsg: AF_INET /24 IFA_F_PERMANENT RT_SCOPE_HOST lo; an attribute. */
	static const unsigned char addr[] = {
		2, 24, 0x80, 254, 1, 0, 0, 0, 8, 0, 0xfe, 0x3f, 127, 0, 0, 1 };
	/* rtmsg: AF_INET /32, IPTOS_LOWDELAY, main, kernel, link, unicast, RTM_F_NOTIFY. */
	static const unsigned char route[] = {
		2, 32, 0, 0x10, 254, 2, 253, 1, 0, 1, 0, 0 };
	/* ndmsg: AF_INET, lo, NUD_REACHABLE, NTF_SELF, RTN_UNICAST. */
	static const unsigned char neigh[] = {
		2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 2, 1 };
	/* fib_rule_hdr: AF_INET, main, FR_ACT_TO_TBL, FIB_RULE_INVERT. */
	static const unsigned char rule[] = {
		2, 0, 0, 0, 254, 0, 0, 1, 2, 0, 0, 0 };
	/* tcmsg: AF_UNSPEC, lo, handle, parent. */
	static const unsigned char qdisc[] = {
		0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 };
	/* netconfmsg: AF_INET; an attribute with only its header. */
	static const unsigned char conf[] = { 2, 0, 0, 0, 4, 0, 0xfd, 0x3f };
	/* br_port_msg: AF_BRIDGE, lo; an attribute of an unknown type. */
	static const unsigned char mdb[] = {
		7, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0xff, 0x3f, 1, 2, 3, 4 };
	/* dcbmsg: AF_UNSPEC, DCB_CMD_GSTATE. */
	static const unsigned char dcb[] = { 0, 1, 0, 0 };
	/* A type without a struct: its family, then its bytes. */
	static const unsigned char other[] = { 2, 0xa, 0xb, 0xc };

	rtnl_send(fd, RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP, link, sizeof(link));
	rtnl_send(fd, RTM_GETLINK, 0, link, 4);
	rtnl_send(fd, RTM_NEWADDR, 0, addr, sizeof(addr));
	rtnl_send(fd, RTM_GETROUTE, 0, route, sizeof(route));
	rtnl_send(fd, RTM_NEWNEIGH, 0, neigh, sizeof(neigh));
	rtnl_send(fd, RTM_GETRULE, 0, rule, sizeof(rule));
	rtnl_send(fd, RTM_GETQDISC, 0, qdisc, sizeof(qdisc));
	rtnl_send(fd, RTM_GETNETCONF, 0, conf, sizeof(conf));
	rtnl_send(fd, RTM_GETMDB, 0, mdb, sizeof(mdb));
	rtnl_send(fd, RTM_GETDCB, 0, dcb, sizeof(dcb));
	rtnl_send(fd, 0x7fff, 0, other, sizeof(other));
	/* Attributes whose values strace decodes: names, numbers, addresses, an interface. */
	{
		static const unsigned char link2[] = {
			0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
			7, 0, 3, 0, 'l', 'o', 0, 0, 8, 0, 4, 0, 0, 0, 1, 0,
			5, 0, 16, 0, 6, 0, 0, 0, 6, 0, 4, 0, 0xdc, 0x05, 0, 0 };
		static const unsigned char addr2[] = {
			2, 8, 0x80, 254, 1, 0, 0, 0, 8, 0, 2, 0, 127, 0, 0, 1,
			7, 0, 3, 0, 'l', 'o', 0, 0, 8, 0, 3, 0, 'a', 'b', 'c', 'd',
			5, 0, 11, 0, 1, 0, 0, 0 };
		static const unsigned char route2[] = {
			10, 128, 0, 0, 254, 2, 0, 1, 0, 0, 0, 0,
			20, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
			8, 0, 4, 0, 1, 0, 0, 0 };
		static const unsigned char conf2[] = {
			2, 0, 0, 0, 8, 0, 1, 0, 1, 0, 0, 0, 8, 0, 2, 0, 0xff, 0xff, 0xff, 0xff };

		rtnl_send(fd, RTM_GETLINK, 0, link2, sizeof(link2));
		rtnl_send(fd, RTM_NEWADDR, 0, addr2, sizeof(addr2));
		rtnl_send(fd, RTM_GETROUTE, 0, route2, sizeof(route2));
		rtnl_send(fd, RTM_GETNETCONF, 0, conf2, sizeof(conf2));
	}
	/* A message's buffers on a netlink socket: messages too. */
	{
		struct { struct nlmsghdr h; unsigned char p[4]; } m = {
			{ sizeof(m), RTM_GETDCB, 0, 8, 0 }, { 0, 1, 0, 0 } };
		struct iovec v[2] = { { &m, sizeof(m) }, { NULL, 0 } };
		struct sockaddr_nl k = { .nl_family = AF_NETLINK };
		struct msghdr mh = { .msg_iov = v, .msg_iovlen = 2 };

		/* As strace: decoded as messages when sent to a netlink address. */
		sendmsg(fd, &mh, MSG_DONTWAIT);
		mh.msg_name = &k;
		mh.msg_namelen = sizeof(k);
		sendmsg(fd, &mh, MSG_DONTWAIT);
	}
}

/*
 * NETLINK_ROUTE attributes whose values strace decodes: nested sets,
 * structs, arrays, named values and flags, unknown types and values,
 * values shorter than their type; each message within -s 64.
 */
static void nlroutes(void)
{
	/* rtmsg: RTA_TABLE named, RTA_METRICS nested (RTAX_MTU, RTAX_CC_ALGO). */
	static const unsigned char route[] = {
		2, 32, 0, 0, 254, 2, 253, 1, 0, 0, 0, 0,
		8, 0, 15, 0, 254, 0, 0, 0,
		20, 0, 8, 0, 8, 0, 2, 0, 0xdc, 5, 0, 0, 8, 0, 16, 0, 'b', 'b', 'r', 0 };
	/* rtmsg: RTA_CACHEINFO, a struct. */
	static const unsigned char cache[] = {
		2, 32, 0, 0, 254, 2, 253, 1, 0, 0, 0, 0,
		36, 0, 12, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0,
		5, 0, 0, 0, 0xab, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0 };
	/* ndmsg: NDA_CACHEINFO cut short (hex), NDA_NDM_FLAGS_MASK zero. */
	static const unsigned char neigh[] = {
		2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 2, 1,
		12, 0, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 6, 0, 17, 0, 0, 0, 0, 0 };
	/* nhmsg: NHA_ID, NHA_GROUP (two entries), NHA_GROUP_TYPE unknown. */
	static const unsigned char nh[] = {
		2, 0, 3, 0, 0, 0, 0, 0,
		8, 0, 1, 0, 42, 0, 0, 0,
		20, 0, 2, 0, 1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 4, 9, 0, 0,
		6, 0, 3, 0, 7, 0, 0, 0 };
	/* tcmsg: TCA_KIND, TCA_STATS2 nested TCA_STATS_RATE_EST. */
	static const unsigned char qdisc[] = {
		0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0,
		8, 0, 1, 0, 'f', 'q', 0, 0,
		16, 0, 7, 0, 12, 0, 2, 0, 100, 0, 0, 0, 5, 0, 0, 0 };
	/* br_port_msg: MDBA_ROUTER, a port with its attributes. */
	static const unsigned char mdb[] = {
		7, 0, 0, 0, 1, 0, 0, 0,
		24, 0, 2, 0, 20, 0, 1, 0, 1, 0, 0, 0, 5, 0, 2, 0, 2, 0, 0, 0,
		4, 0, 0x3f, 0 };
	/* ifinfomsg (AF_BRIDGE): IFLA_EXT_MASK flags, IFLA_PROTINFO a bridge port's. */
	static const unsigned char link[] = {
		7, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		8, 0, 29, 0, 0x09, 0, 0, 0x80,
		20, 0, 12, 0, 5, 0, 1, 0, 3, 0, 0, 0, 6, 0, 31, 0, 0xff, 0x0f, 0, 0 };
	/*
	 * ifinfomsg (AF_INET6): IFLA_PROTINFO IPv6's flags, configuration,
	 * ICMPv6 counters (the last one's index unnamed), token, address
	 * generation mode and cache info.
	 */
	static const unsigned char link6[] = {
		10, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		132, 0, 12, 0,
		8, 0, 1, 0, 0x40, 0, 0, 0x80,
		12, 0, 2, 0, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
		60, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
		2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
		5, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0,
		20, 0, 7, 0, 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		5, 0, 8, 0, 2, 0, 0, 0,
		20, 0, 5, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0 };
	/*
	 * ifinfomsg: IFLA_VFINFO_LIST, a virtual function's link state,
	 * trust, a VLAN (802.1Q), a counter and node GUID.
	 */
	static const unsigned char vfs[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		92, 0, 22, 0, 88, 0, 1, 0,
		12, 0, 5, 0, 1, 0, 0, 0, 2, 0, 0, 0,
		12, 0, 9, 0, 1, 0, 0, 0, 1, 0, 0, 0,
		24, 0, 12, 0, 20, 0, 1, 0, 1, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0x81, 0, 0, 0,
		16, 0, 8, 0, 12, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0,
		20, 0, 10, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde, 0, 0, 0, 0 };
	/*
	 * ifinfomsg: IFLA_LINKINFO of kind "bridge": a forward delay in clock
	 * ticks, the VLAN protocol, boolean options, the querier's address.
	 */
	static const unsigned char bridge[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		60, 0, 18, 0, 11, 0, 1, 0, 'b', 'r', 'i', 'd', 'g', 'e', 0, 0,
		44, 0, 2, 0,
		8, 0, 1, 0, 0xdc, 0x05, 0, 0,
		6, 0, 8, 0, 0x81, 0x00, 0, 0,
		12, 0, 46, 0, 1, 0, 0, 0, 3, 0, 0, 0,
		12, 0, 47, 0, 8, 0, 1, 0, 10, 0, 0, 1 };
	/*
	 * ifinfomsg: IFLA_AF_SPEC, IPv4's configuration and MCTP's network;
	 * of a bridge (AF_BRIDGE): flags, mode, a VLAN and its tunnel.
	 */
	static const unsigned char afspec[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		32, 0, 26, 0,
		16, 0, 2, 0, 12, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0,
		12, 0, 45, 0, 8, 0, 1, 0, 7, 0, 0, 0 };
	static const unsigned char brspec[] = {
		7, 0, 0x01, 0, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		48, 0, 26, 0,
		6, 0, 0, 0, 2, 0, 0, 0,
		6, 0, 1, 0, 1, 0, 0, 0,
		8, 0, 2, 0, 6, 0, 10, 0,
		20, 0, 3, 0, 8, 0, 1, 0, 100, 0, 0, 0, 6, 0, 2, 0, 10, 0, 0, 0 };
	/* A multicast cache report of RTNL_FAMILY_IPMR: type, addresses. */
	static const unsigned char report[] = {
		128, 0, 0, 0,
		5, 0, 1, 0, 1, 0, 0, 0, 8, 0, 3, 0, 10, 0, 0, 1, 8, 0, 99, 0, 1, 2, 3, 4 };
	/* if_stats_msg: lo; a bond's LACPDUs received, three attributes deep. */
	static const unsigned char stats[] = {
		0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,
		24, 0, 2, 0, 20, 0, 2, 0, 16, 0, 1, 0, 12, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0 };
	/* ifinfomsg: IFLA_LINKINFO of kind "tun": IFF_TAP, owner -1. */
	static const unsigned char tun[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		32, 0, 18, 0, 8, 0, 1, 0, 't', 'u', 'n', 0,
		20, 0, 2, 0, 5, 0, 3, 0, 2, 0, 0, 0, 8, 0, 1, 0, 0xff, 0xff, 0xff, 0xff };
	/* ifinfomsg: IFLA_PROP_LIST with an IFLA_ALT_IFNAME. */
	static const unsigned char props[] = {
		0, 0, 0x04, 0x03, 1, 0, 0, 0, 0x09, 0, 0, 0, 0, 0, 0, 0,
		12, 0, 52, 0, 8, 0, 53, 0, 'l', 'o', '0', 0 };
	int fd = nl_socket(NETLINK_ROUTE);

	rtnl_send(fd, RTM_GETSTATS, 0, stats, sizeof(stats));
	rtnl_send(fd, RTM_GETLINK, 0, tun, sizeof(tun));
	rtnl_send(fd, RTM_GETLINK, 0, props, sizeof(props));
	rtnl_send(fd, RTM_GETROUTE, NLM_F_REQUEST | NLM_F_DUMP, route, sizeof(route));
	rtnl_send(fd, RTM_GETROUTE, 0, cache, sizeof(cache));
	rtnl_send(fd, RTM_NEWNEIGH, 0, neigh, sizeof(neigh));
	rtnl_send(fd, RTM_GETNEXTHOP, 0, nh, sizeof(nh));
	rtnl_send(fd, RTM_GETQDISC, 0, qdisc, sizeof(qdisc));
	rtnl_send(fd, RTM_GETMDB, 0, mdb, sizeof(mdb));
	rtnl_send(fd, RTM_GETLINK, 0, link, sizeof(link));
	rtnl_send(fd, RTM_GETLINK, 0, link6, sizeof(link6));
	rtnl_send(fd, RTM_GETLINK, 0, vfs, sizeof(vfs));
	rtnl_send(fd, RTM_GETLINK, 0, bridge, sizeof(bridge));
	rtnl_send(fd, RTM_GETLINK, 0, afspec, sizeof(afspec));
	rtnl_send(fd, RTM_GETLINK, 0, brspec, sizeof(brspec));
	rtnl_send(fd, RTM_NEWCACHEREPORT, 0, report, sizeof(report));
	sendto(fd, NULL, 32, MSG_DONTWAIT, NULL, 0);
	sendto(-1, route, sizeof(route), MSG_DONTWAIT, NULL, 0);
	close(fd);
}

/*
 * Netlink messages longer than -s's default, in buffers the process
 * overwrites, frees or leaves by exiting right after each call: sent and
 * received (the kernel's error reply echoes the request), on a socket
 * duplicated and one a child inherits.
 */
static void nlwholes(void)
{
	/* ifinfomsg for lo's index 0x7ffffff0 (none): IFLA_IFNAME, IFLA_MTU, IFLA_GROUP. */
	static const unsigned char link[] = {
		0, 0, 0x04, 0x03, 0xf0, 0xff, 0xff, 0x7f, 0x01, 0, 0, 0, 0, 0, 0, 0,
		16, 0, 3, 0, 'n', 'o', '-', 's', 'u', 'c', 'h', '-', 'd', 'e', 'v', 0,
		8, 0, 4, 0, 0xdc, 0x05, 0, 0, 8, 0, 27, 0, 7, 0, 0, 0 };
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	struct { struct nlmsghdr h; unsigned char p[sizeof(link)]; } *m = malloc(sizeof(*m));
	unsigned char *r = malloc(4096), *big;
	struct iovec v = { m, sizeof(*m) };
	struct msghdr mh = { .msg_name = &k, .msg_namelen = sizeof(k), .msg_iov = &v, .msg_iovlen = 1 };
	int fd = nl_socket(NETLINK_ROUTE), d;
	pid_t pid;

	m->h = (struct nlmsghdr) { sizeof(*m), RTM_GETLINK, NLM_F_REQUEST | NLM_F_ACK, 9, 0 };
	memcpy(m->p, link, sizeof(link));
	sendto(fd, m, sizeof(*m), 0, NULL, 0);
	memset(m->p, 0xee, sizeof(link));
	recvfrom(fd, r, 4096, 0, NULL, NULL);
	memset(r, 0xee, 4096);
	memcpy(m->p, link, sizeof(link));
	m->p[4] = 0xf1;
	sendmsg(fd, &mh, 0);
	memset(m->p, 0xee, sizeof(link));
	v.iov_base = r;
	v.iov_len = 4096;
	recvmsg(fd, &mh, 0);
	memset(r, 0xee, 4096);
	/*
	 * A reply received 512 bytes into a 12 KiB buffer whose pages past
	 * the first nothing has touched, unmapped at once.
	 */
	big = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (big != MAP_FAILED) {
		memcpy(m->p, link, sizeof(link));
		m->p[4] = 0xf3;
		v.iov_base = m;
		v.iov_len = sizeof(*m);
		sendmsg(fd, &mh, 0);
		v.iov_base = big + 512;
		v.iov_len = 3 * 4096;
		recvmsg(fd, &mh, 0);
		munmap(big, 4 * 4096);
	}
	/* A duplicate, and a descriptor of the same number that is no netlink socket. */
	d = dup(fd);
	memcpy(m->p, link, sizeof(link));
	m->p[4] = 0xf2;
	sendto(d, m, sizeof(*m), MSG_DONTWAIT, NULL, 0);
	memset(m->p, 0xee, sizeof(link));
	close(d);
	d = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	sendto(d, r, sizeof(link), MSG_DONTWAIT, NULL, 0);
	close(d);
	pid = fork();
	if (pid == 0) {
		memcpy(m->p, link, sizeof(link));
		m->p[4] = 0xf3;
		sendto(fd, m, sizeof(*m), MSG_DONTWAIT, NULL, 0);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	memcpy(m->p, link, sizeof(link));
	m->p[4] = 0xf4;
	sendto(fd, m, sizeof(*m), MSG_DONTWAIT, NULL, 0);
	free(m);
	free(r);
	_exit(0);
}

static void netlinks(void)
{
	struct { struct nlmsghdr h; unsigned char p[4]; } m[2];
	int fd, i;

	memset(m, 0, sizeof(m));
	fd = nl_socket(NETLINK_XFRM);
	m[0].h = (struct nlmsghdr) { 16, 0x12 /* XFRM_MSG_GETSA */, NLM_F_REQUEST | NLM_F_DUMP, 1, 0 };
	sendto(fd, m, 16, MSG_DONTWAIT, NULL, 0);
	/* Two messages: XFRM_MSG_DELSA, XFRM_MSG_ALLOCSPI (a kind of its own). */
	for (i = 0; i < 2; i++)
		m[i].h = (struct nlmsghdr) { 20, 0x11 + 5 * i, NLM_F_REQUEST | 0x100 | 0x1000, 2, 0 };
	m[1].p[0] = 0x2a;
	sendto(fd, m, sizeof(m), MSG_DONTWAIT, NULL, 0);
	close(fd);
	fd = nl_socket(NETLINK_ROUTE);
	m[0].h.nlmsg_len = 16;
	m[0].h.nlmsg_type = RTM_NEWROUTE;
	m[0].h.nlmsg_flags = NLM_F_REQUEST | NLM_F_CREATE | NLM_F_EXCL;
	sendto(fd, m, 16, MSG_DONTWAIT, NULL, 0);
	sendto(fd, "abc", 3, MSG_DONTWAIT, NULL, 0);
	rtnl_msgs(fd);
	close(fd);
	fd = nl_socket(NETLINK_GENERIC);
	m[0].h = (struct nlmsghdr) { 20, 0x10 /* GENL_ID_CTRL */, NLM_F_REQUEST, 3, 0 };
	m[0].p[0] = 3;	/* CTRL_CMD_GETFAMILY */
	m[0].p[1] = 1;
	sendto(fd, m, 20, MSG_DONTWAIT, NULL, 0);
	close(fd);
	fd = nl_socket(NETLINK_NETFILTER);
	m[0].h = (struct nlmsghdr) { 16, (7 << 8) | 1 /* ACCT_GET */, NLM_F_REQUEST | NLM_F_DUMP, 4, 0 };
	sendto(fd, m, 16, MSG_DONTWAIT, NULL, 0);
	m[0].h.nlmsg_type = (7 << 8) | 0x77;
	sendto(fd, m, 16, MSG_DONTWAIT, NULL, 0);
	{
		/*
		 * nfgenmsg: nftables' subsystem as res_id in host order, in
		 * network order with an attribute after it; a batch's begin
		 * with bytes after it; a payload short of an nfgenmsg.
		 */
		static const unsigned char nf1[] = {
			20, 0, 0, 0, 0, 10, 1, 0, 5, 0, 0, 0, 0, 0, 0, 0, 2, 0, 10, 0 };
		static const unsigned char nf2[] = {
			28, 0, 0, 0, 0, 10, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 10,
			8, 0, 1, 0, 'a', 'b', 'c', 0 };
		static const unsigned char nf3[] = {
			24, 0, 0, 0, 0x10, 0, 1, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10,
			1, 2, 3, 4 };
		static const unsigned char nf4[] = {
			18, 0, 0, 0, 0, 7, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 2 };

		sendto(fd, nf1, sizeof(nf1), MSG_DONTWAIT, NULL, 0);
		sendto(fd, nf2, sizeof(nf2), MSG_DONTWAIT, NULL, 0);
		sendto(fd, nf3, sizeof(nf3), MSG_DONTWAIT, NULL, 0);
		sendto(fd, nf4, sizeof(nf4), MSG_DONTWAIT, NULL, 0);
	}
	close(fd);
	{
		/* A udev monitor's header and properties; a kernel's event, a string. */
		unsigned char u[52] = "libudev";
		uint32_t h[8] = { htonl(0xfeedcafe), 40, 40, 11, htonl(0x1234), 0, htonl(1), 0 };

		memcpy(u + 8, h, sizeof(h));
		memcpy(u + 40, "ACTION=add", 11);
		fd = nl_socket(NETLINK_KOBJECT_UEVENT);
		sendto(fd, u, sizeof(u), MSG_DONTWAIT, NULL, 0);
		sendto(fd, u, 40, MSG_DONTWAIT, NULL, 0);
		sendto(fd, "add@/devices/virtual/x", 23, MSG_DONTWAIT, NULL, 0);
		close(fd);
	}
}

/* fcntl's commands by their third argument: locks, owners, signals, seals. */
static void fcntls(void)
{
	struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 10 };
	struct f_owner_ex ow = { F_OWNER_PID, getpid() };
	int fd = open("fcntl.tmp", O_RDWR | O_CREAT | O_TRUNC, 0600), p[2];
	int m = (int)syscall(SYS_memfd_create, "f", MFD_ALLOW_SEALING);

	fcntl(fd, F_SETLK, &l);
	fcntl(fd, F_GETLK, &l);
	l.l_type = F_RDLCK;
	l.l_whence = SEEK_END;
	l.l_start = -5;
	fcntl(fd, F_GETLK, &l);
	l.l_pid = 0;
	fcntl(fd, F_OFD_SETLKW, &l);
	fcntl(fd, F_OFD_GETLK, &l);
	fcntl(-1, F_GETLK, &l);
	fcntl(fd, F_SETLK, NULL);
	fcntl(fd, F_SETOWN_EX, &ow);
	fcntl(fd, F_GETOWN_EX, &ow);
	fcntl(fd, F_SETOWN, getpid());
	fcntl(fd, F_SETSIG, SIGUSR1);
	fcntl(fd, F_GETSIG);
	fcntl(fd, F_SETSIG, 0);
	fcntl(fd, F_SETLEASE, F_UNLCK);
	fcntl(fd, F_GETLEASE);
	/* F_SETFL names the access mode, O_RDONLY too, as open's flags do. */
	fcntl(fd, F_SETFL, O_NONBLOCK);
	fcntl(fd, F_SETFL, 0100000 | O_NONBLOCK);
	fcntl(fd, F_SETFL, 0);
	fcntl(fd, F_SETFL, O_RDWR | O_APPEND);
	fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	/* The kernel takes the command as an unsigned int. */
	syscall(SYS_fcntl, fd, 0xdeadbeef00000000UL | F_GETFD);
	fcntl(fd, F_NOTIFY, DN_MODIFY | DN_MULTISHOT | 0x100000);
	fcntl(m, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
	fcntl(m, F_GET_SEALS);
	if (pipe(p) == 0)
		fcntl(p[0], F_SETPIPE_SZ, 8192);
	close(fd);
	unlink("fcntl.tmp");
}

/* NUMA memory policies: modes with flags, node masks, get and set. */
static void numa(void)
{
	unsigned long mask[3] = { 1, 0, 0x8000000000000000UL }, got[2] = { 0 };
	void *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int mode = -1;

	syscall(SYS_set_mempolicy, 0, NULL, 0);
	syscall(SYS_set_mempolicy, 2 | (1 << 15), mask, 2);
	syscall(SYS_set_mempolicy, 3 | (1 << 13) | (1 << 14), mask, 129);
	syscall(SYS_set_mempolicy, 0x7777, mask, 65);
	syscall(SYS_get_mempolicy, &mode, got, 65, NULL, 0);
	syscall(SYS_get_mempolicy, &mode, got, 65, p, 2 | 8);
	syscall(SYS_mbind, p, 8192, 0, NULL, 0, 1 | 2);
	syscall(SYS_mbind, p, 8192, 1, mask, 3, 4 | 0x40);
	syscall(SYS_migrate_pages, 0, 65, mask, mask + 1);
	munmap(p, 8192);
}

/* quotactl and quotactl_fd by command: formats, structs, XFS's flags. */
static void quotas(void)
{
	struct if_dqblk dq = { 1, 2, 3, 4, 5, 6, 7, 8, QIF_BLIMITS | QIF_ITIME };
	struct if_dqinfo di = { 60, 120, DQF_ROOT_SQUASH, IIF_FLAGS | 0x80 };
	fs_disk_quota_t xd = { .d_version = 1, .d_flags = FS_USER_QUOTA, .d_id = 7 };
	unsigned int f = FS_QUOTA_UDQ_ACCT | FS_QUOTA_GDQ_ENFD;
	const char *dev = "/dev/ferret-bogus";

	syscall(SYS_quotactl, QCMD(Q_SYNC, USRQUOTA), NULL, 0, NULL);
	syscall(SYS_quotactl, QCMD(Q_QUOTAON, GRPQUOTA), dev, QFMT_VFS_V1, "/tmp/quota.ferret");
	syscall(SYS_quotactl, QCMD(Q_QUOTAOFF, PRJQUOTA), dev, 0, NULL);
	syscall(SYS_quotactl, QCMD(Q_GETQUOTA, USRQUOTA), dev, -1, &dq);
	syscall(SYS_quotactl, QCMD(Q_SETQUOTA, GRPQUOTA), dev, 1000, &dq);
	syscall(SYS_quotactl, QCMD(Q_GETFMT, USRQUOTA), dev, 0, &f);
	syscall(SYS_quotactl, QCMD(Q_SETINFO, USRQUOTA), dev, 0, &di);
	syscall(SYS_quotactl, QCMD(Q_XSETQLIM, USRQUOTA), dev, 7, &xd);
	syscall(SYS_quotactl, QCMD(Q_XQUOTAON, USRQUOTA), dev, 0, &f);
	syscall(SYS_quotactl, QCMD(0x7777, 9), dev, 3, NULL);
	syscall(SYS_quotactl_fd, -1, QCMD(Q_GETINFO, USRQUOTA), 0, &di);
	syscall(SYS_quotactl_fd, -1, QCMD(Q_SYNC, GRPQUOTA), 0, NULL);
}

/* Socket addresses: abstract names with NULs, short ones, IPv6 scopes. */
static void sockaddrs(void)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	struct sockaddr_in in = { .sin_family = AF_INET, .sin_port = htons(80) };
	struct sockaddr_in6 in6 = { .sin6_family = AF_INET6, .sin6_port = htons(443),
				    .sin6_flowinfo = htonl(7), .sin6_scope_id = 1 };

	memcpy(un.sun_path, "\0a\0b\001c", 7);
	connect(-1, (struct sockaddr *)&un, offsetof(struct sockaddr_un, sun_path) + 7);
	memset(un.sun_path, 'p', sizeof(un.sun_path));
	connect(-1, (struct sockaddr *)&un, sizeof(un) + 2);
	inet_pton(AF_INET, "127.0.0.1", &in.sin_addr);
	connect(-1, (struct sockaddr *)&in, sizeof(in));
	connect(-1, (struct sockaddr *)&in, 8);
	inet_pton(AF_INET6, "fe80::1", &in6.sin6_addr);
	connect(-1, (struct sockaddr *)&in6, sizeof(in6));
	connect(-1, (struct sockaddr *)&in6, 24);
	inet_pton(AF_INET6, "2001:db8::2", &in6.sin6_addr);
	connect(-1, (struct sockaddr *)&in6, sizeof(in6));
}

/* mount_setattr's struct mount_attr: flags, propagation, bytes past it. */
static void mount_attrs(void)
{
	unsigned long long a[5] = { 0x1 | 0x100000, 0x2 | 0x40000000, 1 << 19, 1, 0 };

	syscall(SYS_mount_setattr, -1, "/nonexistent", 0x8000, a, 32);
	syscall(SYS_mount_setattr, AT_FDCWD, "", 0x1000 | 0x200000, a, 40);
	a[4] = 0x1122;
	syscall(SYS_mount_setattr, -1, "/nonexistent", 0, a, 40);
	syscall(SYS_mount_setattr, -1, "/nonexistent", 0, a, 16);
}

/* Waits ms milliseconds without a system call (the vDSO's clock). */
static void spin_ms(long ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

/*
 * Socket addresses of the families beyond AF_UNIX, AF_INET, AF_INET6 and
 * AF_NETLINK, given to calls on no socket: filled in, with unknown values,
 * shorter than the family's least, NULL and unreadable; then a packet
 * socket bound for real and asked its name.
 */
static void sa_put(void *sa, unsigned off, const void *v, unsigned n)
{
	memcpy((char *)sa + off, v, n);
}

static void sa_u16(void *sa, unsigned off, uint16_t v)
{
	sa_put(sa, off, &v, 2);
}

static void sa_u32(void *sa, unsigned off, uint32_t v)
{
	sa_put(sa, off, &v, 4);
}

/* An AX.25 callsign (up to 6 characters) and SSID, as the kernel keeps it. */
static void ax25_call(void *at, const char *call, unsigned ssid)
{
	unsigned char *p = at;
	size_t i, n = strlen(call);

	for (i = 0; i < 6; i++)
		p[i] = (i < n ? call[i] : ' ') << 1;
	p[6] = (ssid & 0xf) << 1;
}

static void sa_families(void)
{
	unsigned char sa[160];
	long psz = sysconf(_SC_PAGESIZE);
	unsigned char *pg = mmap(NULL, 2 * psz, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sockaddr_ll ll;
	socklen_t len;
	int fd, nul = open("/dev/null", O_RDONLY);
	static const uint16_t psms[] = { 1, 0x85, 0x1003, 0x7, 0x80 };
	static const uint16_t cids[] = { 4, 0x41, 0x10, 0x40, 0xffff };
	unsigned i;

	munmap(pg + psz, psz);

	/* AF_PACKET: named values, unknown ones, an address longer than sll_addr. */
	memset(&ll, 0, sizeof(ll));
	ll.sll_family = AF_PACKET;
	ll.sll_protocol = htons(ETH_P_IP);
	ll.sll_ifindex = 1;
	ll.sll_hatype = ARPHRD_LOOPBACK;
	ll.sll_pkttype = PACKET_OUTGOING;
	ll.sll_halen = 6;
	memcpy(ll.sll_addr, "\x00\x11\x22\xa3\x04\x05", 6);
	connect(-1, (void *)&ll, sizeof(ll));
	ll.sll_protocol = htons(0x1234);
	ll.sll_ifindex = 0xdeadbeef;
	ll.sll_hatype = 0xfff0;
	ll.sll_pkttype = 9;
	ll.sll_halen = 12;
	bind(-1, (void *)&ll, sizeof(ll));
	connect(-1, (void *)&ll, sizeof(ll) - 1);
	ll.sll_halen = 0;
	sendto(-1, "x", 1, 0, (void *)&ll, sizeof(ll));

	/* AF_IPX, with and without sipx_zero. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_IPX);
	sa_u16(sa, 2, htons(4242));
	sa_u32(sa, 4, htonl(0xc0ffee));
	sa_put(sa, 8, "\x01\x02\xab\xcd\x00\xff", 6);
	sa[14] = 4;
	connect(-1, (void *)sa, 16);
	sa[15] = 0x7f;
	connect(-1, (void *)sa, 16);

	/* AF_X25: a terminated address, one filling the array, one cut short. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_X25);
	sa_put(sa, 2, "31102", 5);
	connect(-1, (void *)sa, 18);
	sa_put(sa, 2, "3110298765432101", 16);
	connect(-1, (void *)sa, 18);
	connect(-1, (void *)sa, 17);

	/* AF_AX25: plain, with digipeaters, cut, malformed and unprintable calls. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_AX25);
	ax25_call(sa + 2, "FERRET", 7);
	connect(-1, (void *)sa, 16);
	sa_u32(sa, 12, 2);
	ax25_call(sa + 16, "RELAY1", 0);
	ax25_call(sa + 23, "R2", 15);
	connect(-1, (void *)sa, 30);
	connect(-1, (void *)sa, 16);
	connect(-1, (void *)sa, 35);
	sa_u32(sa, 12, 3);
	connect(-1, (void *)sa, 30);
	ax25_call(sa + 30, "", 0);
	connect(-1, (void *)sa, 37);
	ax25_call(sa + 2, "lower", 3);
	sa[24] |= 1;
	connect(-1, (void *)sa, 72);
	ax25_call(sa + 2, "A/B", 1);
	sa_u32(sa, 12, -1);
	connect(-1, (void *)sa, 72);
	sa_u32(sa, 12, 9);
	connect(-1, (void *)sa, 79);

	/* AF_BLUETOOTH: its protocols by length, and a length none has. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_BLUETOOTH);
	sa_u16(sa, 2, 3);
	sa_u16(sa, 4, 1);
	connect(-1, (void *)sa, 4);
	connect(-1, (void *)sa, 6);
	sa_u16(sa, 4, 9);
	connect(-1, (void *)sa, 6);
	sa_put(sa, 2, "\x01\x23\x45\x67\x89\xab", 6);
	sa[8] = 5;
	connect(-1, (void *)sa, 8);
	connect(-1, (void *)sa, 10);
	connect(-1, (void *)sa, 5);
	for (i = 0; i < sizeof(psms) / sizeof(psms[0]); i++) {
		sa_u16(sa, 2, psms[i]);
		sa_put(sa, 4, "\xde\xad\xbe\xef\x00\x01", 6);
		sa_u16(sa, 10, cids[i]);
		sa[12] = i == 3 ? 7 : 1;
		connect(-1, (void *)sa, i & 1 ? 12 : 14);
	}

	/* AF_RXRPC over IPv4, IPv6, a transport too short, another family. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_RXRPC);
	sa_u16(sa, 2, 2500);
	sa_u16(sa, 4, SOCK_DGRAM);
	sa_u16(sa, 6, 16);
	sa_u16(sa, 8, AF_INET);
	sa_u16(sa, 10, htons(7001));
	sa_u32(sa, 12, htonl(INADDR_LOOPBACK));
	connect(-1, (void *)sa, 36);
	sa_u16(sa, 6, 8);
	connect(-1, (void *)sa, 36);
	sa_u16(sa, 2, 77);
	sa_u16(sa, 4, 99);
	sa_u16(sa, 6, 28);
	sa_u16(sa, 8, AF_INET6);
	sa_put(sa, 16, "\xfe\x80\0\0\0\0\0\0\0\0\0\0\0\0\0\x01", 16);
	sa_u32(sa, 32, 1);
	connect(-1, (void *)sa, 36);
	sa_u16(sa, 6, 20);
	connect(-1, (void *)sa, 36);
	sa_u16(sa, 8, AF_CAN);
	connect(-1, (void *)sa, 40);
	connect(-1, (void *)sa, 35);

	/* AF_IEEE802154: each address type and an unknown one. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_IEEE802154);
	connect(-1, (void *)sa, 20);
	sa_u32(sa, 4, 2);
	sa_u16(sa, 8, 0xffff);
	sa_u16(sa, 10, 0xffff);
	connect(-1, (void *)sa, 20);
	sa_u16(sa, 10, 0x1234);
	connect(-1, (void *)sa, 20);
	sa_u32(sa, 4, 3);
	sa_u16(sa, 8, 0xabcd);
	sa_put(sa, 10, "\x00\x12\x4b\x00\x01\x02\x03\x04", 8);
	connect(-1, (void *)sa, 20);
	sa_u32(sa, 4, 7);
	connect(-1, (void *)sa, 20);
	connect(-1, (void *)sa, 19);

	/* AF_ALG: bound for real, then flags, names unterminated and cut. */
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_ALG);
	sa_put(sa, 2, "hash", 4);
	sa_put(sa, 24, "sha256", 6);
	bind(fd, (void *)sa, 88);
	close(fd);
	sa_u32(sa, 16, 0x1000);
	sa_u32(sa, 20, 0x1003);
	connect(-1, (void *)sa, 31);
	connect(-1, (void *)sa, 30);
	connect(-1, (void *)sa, 25);
	sa_u32(sa, 16, 0x20);
	sa_put(sa, 2, "skcipher\"\\\n12345", 14);
	connect(-1, (void *)sa, 24);
	connect(-1, (void *)sa, 40);

	/* AF_NFC: sockaddr_nfc, a little more, sockaddr_nfc_llcp. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_NFC);
	sa_u32(sa, 4, 1);
	sa_u32(sa, 8, 0x17);
	sa_u32(sa, 12, NFC_PROTO_NFC_DEP);
	connect(-1, (void *)sa, 16);
	connect(-1, (void *)sa, 17);
	sa[16] = 4;		/* LLCP_SAP_SNEP */
	sa[17] = 0x20;
	sa_put(sa, 18, "urn:nfc:sn:snep", 15);
	sa_u32(sa, 88, 15);
	connect(-1, (void *)sa, 96);
	sa_u32(sa, 12, 99);
	sa_u32(sa, 88, 200);
	connect(-1, (void *)sa, 96);
	connect(-1, (void *)sa, 15);

	/* AF_VSOCK: named cids, ports, flags; reserved and trailing bytes set. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_VSOCK);
	sa_u32(sa, 4, 1234);
	sa_u32(sa, 8, VMADDR_CID_HOST);
	sa[12] = VMADDR_FLAG_TO_HOST;
	connect(-1, (void *)sa, 16);
	sa_u16(sa, 2, 0xbeef);
	sa_u32(sa, 4, VMADDR_PORT_ANY);
	sa_u32(sa, 8, 77);
	sa[12] = 0x83;
	sa[14] = 1;
	connect(-1, (void *)sa, 16);

	/* AF_QIPCRTR, AF_MCTP. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_QIPCRTR);
	sa_u32(sa, 4, QRTR_NODE_BCAST);
	sa_u32(sa, 8, QRTR_PORT_CTRL);
	connect(-1, (void *)sa, 12);
	sa_u32(sa, 4, 3);
	sa_u32(sa, 8, 0x4000);
	connect(-1, (void *)sa, 12);
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_MCTP);
	sa[8] = MCTP_ADDR_ANY;
	sa[9] = 1;
	sa[10] = 8;
	connect(-1, (void *)sa, 12);
	sa_u16(sa, 2, 0x55);
	sa_u32(sa, 4, 12);
	sa[8] = 9;
	sa[11] = 0xaa;
	connect(-1, (void *)sa, 12);

	/* AF_XDP: the shared umem's descriptor, or its field's bits when unshared. */
	memset(sa, 0, sizeof(sa));
	sa_u16(sa, 0, AF_XDP);
	sa_u16(sa, 2, XDP_SHARED_UMEM | XDP_USE_NEED_WAKEUP);
	sa_u32(sa, 4, 1);
	sa_u32(sa, 8, 3);
	sa_u32(sa, 12, nul);
	connect(-1, (void *)sa, 16);
	sa_u16(sa, 2, XDP_COPY | 0x100);
	sa_u32(sa, 12, 0xfeed);
	connect(-1, (void *)sa, 16);
	sa_u16(sa, 2, 0);
	sa_u32(sa, 12, 0);
	connect(-1, (void *)sa, 16);

	/* Families strace keeps raw, a netlink pad, NULL, memory that ends. */
	memset(sa, 0, sizeof(sa));
	sa_put(sa, 2, "\x01\x02\x03\x04", 4);
	sa_u16(sa, 0, AF_CAN);
	connect(-1, (void *)sa, 24);
	sa_u16(sa, 0, AF_LLC);
	connect(-1, (void *)sa, 16);
	sa_u16(sa, 0, AF_APPLETALK);
	connect(-1, (void *)sa, 16);
	sa_u16(sa, 0, AF_NETLINK);
	sa_u16(sa, 2, 0x9);
	sa_u32(sa, 4, 0);
	sa_u32(sa, 8, 5);
	connect(-1, (void *)sa, 12);
	connect(-1, NULL, 16);
	memcpy(pg + psz - 12, sa, 12);
	connect(-1, (void *)(pg + psz - 12), 16);
	connect(-1, (void *)(pg + psz - 12), 12);

	/* A packet socket bound to lo for real, and its name read back. */
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	memset(&ll, 0, sizeof(ll));
	ll.sll_family = AF_PACKET;
	ll.sll_protocol = htons(ETH_P_ALL);
	ll.sll_ifindex = 1;
	bind(fd, (void *)&ll, sizeof(ll));
	len = sizeof(ll);
	getsockname(fd, (void *)&ll, &len);
	len = 14;
	getsockname(fd, (void *)&ll, &len);
	close(fd);
	close(nul);
	munmap(pg, psz);
}

/*
 * Input event device requests on no device: filled structs, NULL, memory
 * that ends mid-struct, unknown codes and types.  Run under an injected
 * return value too, so that what the kernel would fill is shown.
 */
static void evdev(void)
{
	long psz = sysconf(_SC_PAGESIZE);
	unsigned char *pg = mmap(NULL, 2 * psz, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *end;
	struct input_absinfo ai = { 5, -3, 100, 1, 2, 7 };
	struct input_keymap_entry ke = { .flags = 1, .len = 4, .index = 9,
					 .keycode = KEY_ENTER, .scancode = { 0x1c, 0, 0xff } };
	struct ff_effect ff = {
		.type = FF_PERIODIC, .id = -1, .direction = 0x4000,
		.trigger = { 3, 4 }, .replay = { 500, 10 },
		.u.periodic = { FF_SINE, 100, -200, 50, 90, { 1, 2, 3, 0x7fff }, 0, NULL },
	};
	unsigned int rep[2] = { 250, 33 }, kc[2] = { 0x1e, KEY_MAX }, clk = CLOCK_MONOTONIC;
	unsigned long bits[12] = {
		1UL << EV_KEY | 1UL << EV_ABS | 1UL << 6 | 1UL << EV_SW | 1UL << EV_FF |
		1UL << EV_FF_STATUS | 1UL << 30,
		[KEY_F12 / 64] = 1UL << (KEY_F12 % 64), [11] = 1UL << 63,
	};
	int slots[5] = { ABS_MT_POSITION_X, 10, -20, 30, 40 };
	char name[32] = "ferret pad\0tail";
	struct input_mask mask = { EV_KEY, 8, 0 };

	if (pg == MAP_FAILED)
		return;
	munmap(pg + psz, psz);
	end = pg + psz;
	memset(pg, 0x5a, psz);
	ioctl(-1, EVIOCGVERSION, NULL);
	ioctl(-1, EVIOCGVERSION, &clk);
	ioctl(-1, EVIOCGEFFECTS, &clk);
	ioctl(-1, EVIOCGID, name);
	ioctl(-1, EVIOCGID, end - 4);
	ioctl(-1, EVIOCGREP, rep);
	ioctl(-1, EVIOCSREP, rep);
	ioctl(-1, EVIOCSREP, end - 4);
	ioctl(-1, EVIOCGKEYCODE, kc);
	ioctl(-1, EVIOCSKEYCODE, kc);
	kc[1] = BTN_LEFT;
	ioctl(-1, EVIOCSKEYCODE, kc);
	ioctl(-1, EVIOCSKEYCODE_V2, &ke);
	ioctl(-1, EVIOCGKEYCODE_V2, &ke);
	ioctl(-1, EVIOCSFF, &ff);
	ff.u.periodic.custom_data = (short *)rep;
	ioctl(-1, EVIOCSFF, &ff);
	ff.type = FF_RAMP;
	ioctl(-1, EVIOCSFF, &ff);
	ff.type = FF_CONSTANT;
	ioctl(-1, EVIOCSFF, &ff);
	ff.type = FF_RUMBLE;
	ioctl(-1, EVIOCSFF, &ff);
	ff.type = FF_SPRING;
	ioctl(-1, EVIOCSFF, &ff);
	ff.type = 0x7f;
	ioctl(-1, EVIOCSFF, &ff);
	ioctl(-1, EVIOCSFF, end - 8);
	ioctl(-1, EVIOCRMFF, 3);
	ioctl(-1, EVIOCGRAB, 1);
	ioctl(-1, EVIOCREVOKE, 0);
	ioctl(-1, EVIOCSCLOCKID, &clk);
	ioctl(-1, EVIOCSCLOCKID, NULL);
	ioctl(-1, EVIOCGABS(ABS_MT_SLOT), &ai);
	ioctl(-1, EVIOCSABS(ABS_PRESSURE), &ai);
	ioctl(-1, EVIOCSABS(0x30), &ai);
	ioctl(-1, EVIOCSABS(ABS_X), end - 12);
	ioctl(-1, _IOC(_IOC_WRITE, 'E', 0xc0 + ABS_Y, 16), &ai);
	ioctl(-1, _IOC(_IOC_WRITE, 'E', 0xc0 + ABS_Y, 22), &ai);
	ioctl(-1, _IOC(_IOC_READ, 'E', 0x40 + ABS_Y, 40), &ai);
	ioctl(-1, EVIOCGNAME(sizeof(name)), name);
	ioctl(-1, EVIOCGPHYS(8), name);
	ioctl(-1, EVIOCGUNIQ(0), NULL);
	ioctl(-1, EVIOCGNAME(8), end - 4);
	ioctl(-1, EVIOCGPROP(8), bits);
	ioctl(-1, EVIOCGBIT(0, sizeof(bits)), bits);
	ioctl(-1, EVIOCGBIT(EV_KEY, sizeof(bits)), bits);
	ioctl(-1, EVIOCGBIT(EV_SW, 8), bits);
	ioctl(-1, EVIOCGBIT(EV_REP, 4), bits);
	ioctl(-1, EVIOCGBIT(EV_FF, 16), bits);
	ioctl(-1, EVIOCGBIT(EV_PWR, 4), &clk);
	ioctl(-1, EVIOCGBIT(7, 4), bits);
	ioctl(-1, EVIOCGBIT(EV_MSC, 8), end - 4);
	ioctl(-1, EVIOCGKEY(sizeof(bits)), bits);
	ioctl(-1, EVIOCGLED(8), bits);
	ioctl(-1, EVIOCGSND(8), bits);
	ioctl(-1, EVIOCGSW(8), bits);
	ioctl(-1, EVIOCGMTSLOTS(sizeof(slots)), slots);
	ioctl(-1, EVIOCGMTSLOTS(16), end - 8);
	ioctl(-1, EVIOCGMTSLOTS(16), end - 4);
	ioctl(-1, EVIOCGMTSLOTS(4), slots);
	ioctl(-1, EVIOCGMTSLOTS(0), slots);
	slots[0] = 0x77;
	ioctl(-1, EVIOCGMTSLOTS(8), slots);
	ioctl(-1, EVIOCGMASK, &mask);
	ioctl(-1, EVIOCSMASK, &mask);
	ioctl(-1, _IOC(_IOC_READ | _IOC_WRITE, 'E', 0x99, 4), bits);
	ioctl(-1, _IOC(_IOC_NONE, 'E', 0x99, 0), 0);
	munmap(pg, psz);
}

/*
 * The console's and keyboard's ioctls (linux/kd.h) on no descriptor:
 * values named and not, filled tables and fonts, strings, NULL and an
 * address nothing is mapped at; a table that ends a mapping.
 */
static void kdioctls(void)
{
	static const unsigned short keys[] = {
		K_F5, K(KT_LATIN, 'a'), K(KT_META, '\n'), K(KT_CUR, 9), K(KT_LETTER, '\''),
		K(KT_SPEC, 0x30), K_BRL_DOT3, K(0x11, 2),
	};
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *end = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *bad = (void *)0x10;
	struct kbentry ke = { K_ALTTAB, 30, 0 };
	struct kbsentry *ks = calloc(1, sizeof(*ks));
	struct kbdiacrs *kd = calloc(1, sizeof(*kd));
	struct kbdiacrsuc *ku = calloc(1, sizeof(*ku));
	struct kbkeycode kc = { 0x1d, 0x61 };
	struct kbd_repeat rep = { 250, 33 };
	struct unipair pairs[3] = { { 0x41, 1 }, { 0x263a, 2 }, { 0xf00f, 3 } };
	struct unimapdesc um = { 3, pairs };
	struct unimapinit ui = { 7, 3, 2 };
	struct consolefontdesc cfd;
	struct console_font_op op = { KD_FONT_OP_SET, 0, 8, 16, 2, NULL };
	unsigned short *uni = calloc(E_TABSZ, sizeof(*uni));
	unsigned char *font = malloc(8192), c = 0x13;
	unsigned int v = 2;
	size_t i;

	if (end == MAP_FAILED || !ks || !kd || !ku || !uni || !font)
		return;
	munmap(end + page, page);
	/* Written, as a program's tables are: BPF cannot fault a page in. */
	memset(end, 0x5a, page);
	end += page;
	for (i = 0; i < 8192; i++)
		font[i] = (unsigned char)(i * 7);
	for (i = 0; i < E_TABSZ; i++)
		uni[i] = (unsigned short)(0xefe0 + i * 3);
	ioctl(-1, KIOCSOUND, 0);
	ioctl(-1, KIOCSOUND, 1000);
	ioctl(-1, KDMKTONE, (100 << 16) | 1193);
	ioctl(-1, KDMKTONE, 0x20000);
	ioctl(-1, KDGETLED, &c);
	ioctl(-1, KDGETLED, NULL);
	ioctl(-1, KDSETLED, 0x17);
	ioctl(-1, KDGKBLED, &c);
	ioctl(-1, KDSKBLED, 0x23);
	ioctl(-1, KDSKBLED, 0x180);
	ioctl(-1, KDGKBTYPE, &c);
	ioctl(-1, KDADDIO, 0x3c0);
	ioctl(-1, KDDELIO, 0x100);
	ioctl(-1, KDENABIO);
	ioctl(-1, KDDISABIO);
	ioctl(-1, KDSETMODE, KD_GRAPHICS);
	ioctl(-1, KDSETMODE, 7);
	ioctl(-1, KDGETMODE, &v);
	ioctl(-1, KDMAPDISP);
	ioctl(-1, KDUNMAPDISP);
	ioctl(-1, PIO_SCRNMAP, font);
	ioctl(-1, PIO_SCRNMAP, end - 100);
	ioctl(-1, GIO_SCRNMAP, font);
	ioctl(-1, KDGKBMODE, &v);
	ioctl(-1, KDSKBMODE, K_UNICODE);
	ioctl(-1, KDSKBMODE, 9);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		ke.kb_value = keys[i];
		ke.kb_table = i & 1 ? K_ALTTAB : 0x50;
		ioctl(-1, KDSKBENT, &ke);
	}
	ioctl(-1, KDGKBENT, &ke);
	ioctl(-1, KDSKBENT, end - 2);
	ks->kb_func = KVAL(K_F13);
	strcpy((char *)ks->kb_string, "\033[25~\tdone\n");
	ioctl(-1, KDSKBSENT, ks);
	ioctl(-1, KDGKBSENT, ks);
	ks->kb_func = KVAL(K_PGUP);
	memset(ks->kb_string, 'k', sizeof(ks->kb_string));
	ioctl(-1, KDSKBSENT, ks);
	ioctl(-1, KDSKBSENT, bad);
	kd->kb_cnt = 3;
	for (i = 0; i < 3; i++) {
		kd->kbdiacr[i].diacr = '`' + i;
		kd->kbdiacr[i].base = "a\ne"[i];
		kd->kbdiacr[i].result = 0xe0 + i;
	}
	ioctl(-1, KDSKBDIACR, kd);
	kd->kb_cnt = 300;
	ioctl(-1, KDSKBDIACR, kd);
	ioctl(-1, KDGKBDIACR, kd);
	ku->kb_cnt = 2;
	ku->kbdiacruc[0] = (struct kbdiacruc){ 0x301, 'e', 0xe9 };
	ku->kbdiacruc[1] = (struct kbdiacruc){ 0x308, 'u', 0xfc };
	ioctl(-1, KDSKBDIACRUC, ku);
	ioctl(-1, KDGKBDIACRUC, ku);
	ioctl(-1, KDSETKEYCODE, &kc);
	ioctl(-1, KDGETKEYCODE, &kc);
	ioctl(-1, KDSIGACCEPT, SIGUSR2);
	ioctl(-1, KDSIGACCEPT, 40);
	ioctl(-1, KDSIGACCEPT, 100);
	ioctl(-1, KDKBDREP, &rep);
	ioctl(-1, KDKBDREP, bad);
	ioctl(-1, PIO_FONT, font);
	ioctl(-1, GIO_FONT, font);
	ioctl(-1, PIO_CMAP, font + 1);
	ioctl(-1, GIO_CMAP, font);
	ioctl(-1, KDGKBMETA, &v);
	ioctl(-1, KDSKBMETA, K_ESCPREFIX);
	ioctl(-1, KDSKBMETA, 7);
	ioctl(-1, PIO_UNIMAP, &um);
	ioctl(-1, GIO_UNIMAP, &um);
	um.entries = (struct unipair *)(end - 8);
	ioctl(-1, PIO_UNIMAP, &um);
	ioctl(-1, PIO_UNIMAPCLR, &ui);
	ioctl(-1, PIO_UNISCRNMAP, uni);
	ioctl(-1, GIO_UNISCRNMAP, uni);
	cfd = (struct consolefontdesc){ 2, 16, (char *)font };
	ioctl(-1, PIO_FONTX, &cfd);
	ioctl(-1, GIO_FONTX, &cfd);
	ioctl(-1, PIO_FONTRESET);
	op.data = font;
	ioctl(-1, KDFONTOP, &op);
	op.op = KD_FONT_OP_GET;
	op.flags = KD_FONT_FLAG_DONT_RECALC | 0x100;
	ioctl(-1, KDFONTOP, &op);
	op.op = KD_FONT_OP_SET_DEFAULT;
	op.data = (unsigned char *)"default8x16";
	ioctl(-1, KDFONTOP, &op);
	op.op = KD_FONT_OP_COPY;
	ioctl(-1, KDFONTOP, &op);
	op.op = 9;
	ioctl(-1, KDFONTOP, &op);
	ioctl(-1, KDFONTOP, bad);
	ioctl(-1, _IO('K', 0x99), 0x1234);
	free(ks);
	free(kd);
	free(ku);
	free(uni);
	free(font);
	munmap(end - page, page);
}

/* ioctls of files and counters whose argument is a struct. */
static void fsioctls(void)
{
	struct fstrim_range r = { 0x1000, 1 << 20, 4096 };
	struct fsxattr x = { .fsx_xflags = FS_XFLAG_APPEND | FS_XFLAG_NODUMP | 0x40000000,
			     .fsx_extsize = 7, .fsx_projid = 0x1234, .fsx_cowextsize = 9 };
	struct { struct fiemap m; struct fiemap_extent e[2]; } fm = {
		.m = { .fm_length = ~0ULL, .fm_flags = FIEMAP_FLAG_SYNC,
		       .fm_extent_count = 2 } };
	struct counter_watch w = { { COUNTER_COMPONENT_SIGNAL, COUNTER_SCOPE_COUNT, 1, 2 },
				   COUNTER_EVENT_INDEX, 3 };
	int fd = open("fsioctl.tmp", O_RDWR | O_CREAT | O_TRUNC, 0644);
	struct fiemap *last;
	char *end;

	if (write(fd, "x", 1) != 1)
		return;
	fsync(fd);
	ioctl(-1, FITRIM, &r);
	ioctl(-1, FS_IOC_FSSETXATTR, &x);
	ioctl(fd, FS_IOC_FSGETXATTR, &x);
	ioctl(fd, FS_IOC_FIEMAP, &fm);
	fm.m.fm_flags |= 0x100;
	ioctl(-1, FS_IOC_FIEMAP, &fm);
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, &w);
	w.component.type = 0x77;
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, &w);
	ioctl(-1, COUNTER_ENABLE_EVENTS_IOCTL, 0);
	close(fd);
	unlink("fsioctl.tmp");
	/* A struct fiemap that ends a mapping: no extent readable. */
	end = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (end == MAP_FAILED)
		return;
	munmap(end + 4096, 4096);
	last = (struct fiemap *)(end + 4096 - sizeof(*last));
	memset(last, 0, sizeof(*last));
	last->fm_extent_count = 3;
	last->fm_mapped_extents = 3;
	ioctl(-1, FS_IOC_FIEMAP, last);
	munmap(end, 4096);
}

/*
 * The GPIO character device's requests, v1 and v2, on fd -1 (no chip
 * here; -e inject= makes them succeed): filled structs, NULL, structs
 * that end a mapping, strings without their NUL, empty and long arrays,
 * unknown flags and attribute ids, nonzero padding.  Each struct is
 * copied to the start of a mapping at a fixed address before its call
 * (the next copy overwrites it at once), so that the lines show every
 * value, addresses too.
 */
static void gpios(void)
{
	char *pg = mmap((void *)0x5a5a00000000, 8192, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	struct gpiochip_info ci = { "gpio-sim.0", "\tlabel\x01", 16 };
	struct gpioline_info li = { .line_offset = 7, .consumer = "user" };
	uint32_t unwatch = 9;
	struct gpiohandle_request hr = { .lines = 3, .lineoffsets = { 1, 5, 70000 },
		.flags = GPIOHANDLE_REQUEST_OUTPUT | GPIOHANDLE_REQUEST_BIAS_PULL_DOWN,
		.default_values = { 1, 0, 255 }, .consumer_label = "blinker", .fd = 1 };
	struct gpioevent_request er = { .lineoffset = 3, .eventflags = GPIOEVENT_REQUEST_RISING_EDGE | 0x8,
		.consumer_label = "edges", .fd = 2 };
	struct gpiohandle_data hd;
	struct gpiohandle_config hc = { .flags = 0x100 };
	struct gpio_v2_line_info v2i = { .name = "line", .offset = 4, .num_attrs = 4,
		.flags = GPIO_V2_LINE_FLAG_USED | GPIO_V2_LINE_FLAG_EDGE_FALLING | 0x10000 };
	struct gpio_v2_line_request lr = { .offsets = { 4, 5 }, .consumer = "req",
		.num_lines = 2, .event_buffer_size = 32, .fd = 1 };
	struct gpio_v2_line_values lv = { 0x5, 0xf };
	struct gpio_v2_line_config lc = { .flags = GPIO_V2_LINE_FLAG_INPUT };
	int i;

#define G(obj) memcpy(pg, &(obj), sizeof(obj))

	if (pg == MAP_FAILED)
		return;
	mprotect(pg + 4096, 4096, PROT_NONE);
	ioctl(-1, _IOC(_IOC_READ | _IOC_WRITE, 0xb4, 0x5e, 0x10), 0x1234);
	ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, NULL);
	ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, pg + 4096 - 40);
	ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, G(ci));
	memset(li.name, 'n', sizeof(li.name));
	li.flags = GPIOLINE_FLAG_IS_OUT | GPIOLINE_FLAG_BIAS_DISABLE | 0x100;
	ioctl(-1, GPIO_GET_LINEINFO_IOCTL, G(li));
	ioctl(-1, GPIO_GET_LINEINFO_WATCH_IOCTL, pg + 4096 - 40);
	li.flags = 0;
	ioctl(-1, GPIO_GET_LINEINFO_WATCH_IOCTL, G(li));
	ioctl(-1, GPIO_GET_LINEINFO_UNWATCH_IOCTL, G(unwatch));
	ioctl(-1, GPIO_GET_LINEINFO_UNWATCH_IOCTL, pg + 4094);
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, G(hr));
	hr.lines = 0;
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, G(hr));
	hr.lines = 40;
	for (i = 0; i < GPIOHANDLES_MAX; i++)
		hr.lineoffsets[i] = 3 * i;
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, G(hr));
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, pg + 4096 - 200);
	ioctl(-1, GPIO_GET_LINEEVENT_IOCTL, G(er));
	er.handleflags = 0x400;
	ioctl(-1, GPIO_GET_LINEEVENT_IOCTL, G(er));
	for (i = 0; i < GPIOHANDLES_MAX; i++)
		hd.values[i] = i & 1;
	ioctl(-1, GPIOHANDLE_GET_LINE_VALUES_IOCTL, G(hd));
	ioctl(-1, GPIOHANDLE_SET_LINE_VALUES_IOCTL, G(hd));
	ioctl(-1, GPIOHANDLE_SET_LINE_VALUES_IOCTL, NULL);
	ioctl(-1, GPIOHANDLE_SET_CONFIG_IOCTL, G(hc));
	hc.flags = 0;
	ioctl(-1, GPIOHANDLE_SET_CONFIG_IOCTL, G(hc));
	v2i.attrs[0].id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	v2i.attrs[0].flags = GPIO_V2_LINE_FLAG_OUTPUT | 0x4000;
	v2i.attrs[1].id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
	v2i.attrs[1].debounce_period_us = 5000;
	v2i.attrs[2].id = 0;
	v2i.attrs[2].values = 0x1122334455667788ULL;
	v2i.attrs[3].id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	v2i.attrs[3].padding = 1;
	v2i.padding[3] = 0xabc;
	ioctl(-1, GPIO_V2_GET_LINEINFO_IOCTL, G(v2i));
	ioctl(-1, GPIO_V2_GET_LINEINFO_WATCH_IOCTL, pg + 4096 - 200);
	ioctl(-1, GPIO_V2_GET_LINEINFO_WATCH_IOCTL, NULL);
	lr.config.flags = GPIO_V2_LINE_FLAG_OUTPUT | GPIO_V2_LINE_FLAG_ACTIVE_LOW;
	lr.config.num_attrs = 3;
	lr.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
	lr.config.attrs[0].attr.values = 0x3;
	lr.config.attrs[0].mask = 0x3;
	lr.config.attrs[1].attr.id = 77;
	lr.config.attrs[1].attr.values = 0xff;
	lr.config.attrs[1].mask = 0;
	lr.config.attrs[2].attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
	lr.config.attrs[2].attr.padding = 0x10;
	lr.config.attrs[2].mask = 0x1;
	lr.config.padding[4] = 2;
	lr.padding[0] = 0xff;
	ioctl(-1, GPIO_V2_GET_LINE_IOCTL, G(lr));
	memcpy(pg + 4096 - sizeof(lr) + 8, &lr, sizeof(lr) - 8);
	ioctl(-1, GPIO_V2_GET_LINE_IOCTL, pg + 4096 - sizeof(lr) + 8);
	ioctl(-1, GPIO_V2_LINE_GET_VALUES_IOCTL, G(lv));
	ioctl(-1, GPIO_V2_LINE_SET_VALUES_IOCTL, G(lv));
	ioctl(-1, GPIO_V2_LINE_SET_VALUES_IOCTL, pg + 4092);
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, G(lc));
	lc.num_attrs = 1;
	lc.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	lc.attrs[0].attr.flags = GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME;
	lc.attrs[0].mask = ~0ULL;
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, G(lc));
	/* The task changes what it passed at once: the line shows what the call saw. */
	memcpy(pg + 4096 - sizeof(lc), &lc, sizeof(lc));
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, pg + 4096 - sizeof(lc));
	memset(pg + 4096 - sizeof(lc), 0xff, sizeof(lc));
	munmap(pg, 8192);
#undef G
}

/*
 * HDIO requests (the disk's geometry for real where there is a disk)
 * and PTP clock requests: filled structs, NULL, unknown values, and a
 * struct longer than the BPF program's ioctl read whose end is unmapped.
 */
static void hdioptp(void)
{
	struct hd_geometry g = { 0 };
	struct { struct hd_drive_cmd_hdr h; unsigned char data[512]; } cmd = {
		{ 0xec, 1, 2, 1 }, { 0 } };
	unsigned long v = 7;
	int three[3] = { 1, -2, 0x30 };
	char id[512] = "ferret disk";
	struct ptp_clock_caps caps = { .max_adj = 1000, .n_pins = 2, .rsv = { [3] = 5 } };
	struct ptp_extts_request e = { 1, PTP_ENABLE_FEATURE | PTP_RISING_EDGE | 0x100, { 0, 7 } };
	struct ptp_perout_request po = { .start = { 1700000000, 5, 0 }, .period = { 1, 0, 3 },
					 .index = 2, .flags = PTP_PEROUT_DUTY_CYCLE,
					 .on = { 0, 500000000, 0 } };
	struct ptp_sys_offset_precise sp = { { 1700000001, 1, 0 }, { 1700000002, 2000000000, 0 },
					     { 3, 4, 0 }, { 0, 0, 9 } };
	struct ptp_pin_desc pd = { "pin0", 1, PTP_PF_PEROUT, 3, { 0, 0, 0, 0, 1 } };
	struct ptp_sys_offset so = { 0 };
	struct ptp_sys_offset_extended se = { 0 };
	unsigned char *pages = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = open("/dev/vda", O_RDONLY), i;

	ioctl(fd, HDIO_GETGEO, &g);
	ioctl(-1, HDIO_GETGEO, NULL);
	ioctl(-1, HDIO_DRIVE_CMD, &cmd);
	cmd.h.command = 0x77;
	ioctl(-1, HDIO_DRIVE_CMD, &cmd);
	ioctl(-1, HDIO_DRIVE_CMD, NULL);
	ioctl(-1, HDIO_DRIVE_RESET, three);
	ioctl(-1, HDIO_SCAN_HWIF, NULL);
	ioctl(-1, HDIO_GET_DMA, &v);
	ioctl(-1, HDIO_GET_NICE, &v);
	ioctl(-1, HDIO_GET_BUSSTATE, &v);
	ioctl(-1, HDIO_GET_IDENTITY, id);
	ioctl(-1, HDIO_SET_DMA, 1UL);
	ioctl(-1, HDIO_SET_NICE, (1UL << IDE_NICE_0) | (1UL << IDE_NICE_2) | 0x100);
	ioctl(-1, HDIO_SET_NICE, 0x100UL);
	ioctl(-1, HDIO_SET_BUSSTATE, (unsigned long)BUSSTATE_TRISTATE);
	ioctl(-1, HDIO_SET_BUSSTATE, 9UL);
	ioctl(-1, HDIO_GET_QDMA, 0);
	ioctl(-1, PTP_CLOCK_GETCAPS, &caps);
	ioctl(-1, PTP_EXTTS_REQUEST, &e);
	ioctl(-1, PTP_EXTTS_REQUEST2, &e);
	e.flags = 0x100;
	ioctl(-1, PTP_EXTTS_REQUEST2, &e);
	ioctl(-1, PTP_PEROUT_REQUEST2, &po);
	po.flags = PTP_PEROUT_PHASE;
	ioctl(-1, PTP_PEROUT_REQUEST2, &po);
	ioctl(-1, PTP_ENABLE_PPS, 1);
	so.n_samples = 2;
	so.rsv[1] = 4;
	for (i = 0; i < 5; i++)
		so.ts[i] = (struct ptp_clock_time){ 1700000000 + i, i * 1000, i & 1 };
	ioctl(-1, PTP_SYS_OFFSET, &so);
	ioctl(-1, PTP_SYS_OFFSET2, NULL);
	se.n_samples = 1;
	se.ts[0][0] = (struct ptp_clock_time){ 1700000000, 7, 0 };
	se.ts[0][1] = (struct ptp_clock_time){ 12, 0, 0 };
	ioctl(-1, PTP_SYS_OFFSET_EXTENDED, &se);
	ioctl(-1, PTP_SYS_OFFSET_PRECISE, &sp);
	ioctl(-1, PTP_PIN_GETFUNC, &pd);
	ioctl(-1, PTP_PIN_GETFUNC2, &pd);
	pd.func = 9;
	ioctl(-1, PTP_PIN_SETFUNC2, &pd);
	if (pages != MAP_FAILED && !mprotect(pages + 4096, 4096, PROT_NONE)) {
		/* Its last byte on the page that cannot be read. */
		struct ptp_sys_offset *cut = (void *)(pages + 4097 - sizeof(*cut));

		memcpy(cut, &so, sizeof(*cut) - 1);
		ioctl(-1, PTP_SYS_OFFSET, cut);
		/* One that ends its page, whole. */
		memcpy(pages + 4096 - sizeof(so), &so, sizeof(so));
		ioctl(-1, PTP_SYS_OFFSET, pages + 4096 - sizeof(so));
	}
	if (fd >= 0)
		close(fd);
}

/*
 * Video4Linux2 requests on fd -1: each struct filled, NULL, an address
 * past a mapping's end, unknown values; a window's clips and the
 * extended controls running off a mapping.  Under -e inject the
 * answers show as well.
 */
static void v4l2(void)
{
	char *m = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct v4l2_clip *clips, two[2] = { { { 1, -2, 3, 4 }, NULL }, { { -5, 6, 7, 8 }, NULL } };
	struct v4l2_ext_control *ctl;
	/* A card name of 32 characters: no NUL, shown cut. */
	struct v4l2_capability cap = { .driver = "drv", .card = "a card name of 32 characters ...",
				       .bus_info = "bus", .version = 0x060102,
				       .capabilities = V4L2_CAP_VIDEO_CAPTURE |
				       V4L2_CAP_STREAMING | 0x10000000 };
	struct v4l2_fmtdesc fd = { 3, V4L2_BUF_TYPE_VIDEO_CAPTURE, V4L2_FMT_FLAG_COMPRESSED,
				   "Motion-JPEG", V4L2_PIX_FMT_MJPEG, 0, { 0 } };
	struct v4l2_format f;
	struct v4l2_requestbuffers rb = { 4, V4L2_BUF_TYPE_VIDEO_CAPTURE, V4L2_MEMORY_MMAP, 0, 0,
					  { 0 } };
	struct v4l2_buffer vb = { .index = 1, .type = V4L2_BUF_TYPE_VIDEO_OUTPUT,
				  .bytesused = 100, .flags = V4L2_BUF_FLAG_MAPPED |
				  V4L2_BUF_FLAG_TIMESTAMP_COPY | V4L2_BUF_FLAG_TSTAMP_SRC_SOE,
				  .timestamp = { 12, 345 }, .memory = V4L2_MEMORY_USERPTR,
				  .m.userptr = 0x1000, .length = 4096 };
	struct v4l2_framebuffer fb = { .capability = 0x12, .flags = 0x3, .base = (void *)0x2000 };
	struct v4l2_streamparm sp = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
				      .parm.capture = { V4L2_CAP_TIMEPERFRAME, V4L2_MODE_HIGHQUALITY,
							{ 1, 30 }, 0x5, 2, { 0 } } };
	v4l2_std_id std = V4L2_STD_PAL_B;
	struct v4l2_standard st = { .index = 2, .name = "PAL", .frameperiod = { 1, 25 },
				    .framelines = 625 };
	struct v4l2_input in = { .index = 1, .name = "Camera 1", .type = V4L2_INPUT_TYPE_CAMERA };
	struct v4l2_control ct = { V4L2_CID_BRIGHTNESS, -7 };
	struct v4l2_tuner tu = { .index = 0, .name = "tuner", .type = V4L2_TUNER_RADIO,
				 .capability = V4L2_TUNER_CAP_LOW | V4L2_TUNER_CAP_STEREO,
				 .rangelow = 100, .rangehigh = 200, .rxsubchans = V4L2_TUNER_SUB_MONO,
				 .audmode = V4L2_TUNER_MODE_STEREO, .signal = -1, .afc = 3 };
	struct v4l2_queryctrl qc = { .id = V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CID_CONTRAST,
				     .type = V4L2_CTRL_TYPE_INTEGER, .name = "Contrast",
				     .minimum = -5, .maximum = 5, .step = 1,
				     .flags = V4L2_CTRL_FLAG_SLIDER, .reserved = { 0, 9 } };
	struct v4l2_query_ext_ctrl qe = { .id = V4L2_CID_USER_CLASS + 0x1234,
					  .type = V4L2_CTRL_TYPE_U8, .name = "ext", .minimum = -1,
					  .maximum = 1LL << 40, .step = 2, .nr_of_dims = 2,
					  .dims = { 3, 4, 5, 6 } };
	int input = 3;
	struct v4l2_cropcap cc = { .type = V4L2_BUF_TYPE_VIDEO_OVERLAY, .bounds = { 0, 0, 640, 480 },
				   .defrect = { -1, 1, 320, 240 }, .pixelaspect = { 1, 1 } };
	struct v4l2_crop cr = { V4L2_BUF_TYPE_VIDEO_CAPTURE, { 10, -20, 30, 40 } };
	char str[] = "value";
	struct v4l2_ext_control two_ctl[2] = { { .id = V4L2_CID_SATURATION, .value64 = -3 },
					       { .id = V4L2_CID_HUE, .size = 5, .string = str } };
	struct v4l2_ext_controls ec = { .ctrl_class = V4L2_CTRL_CLASS_USER, .count = 2,
					.error_idx = 1, .controls = two_ctl };
	struct v4l2_frmsizeenum fs = { .index = 0, .pixel_format = V4L2_PIX_FMT_YUYV,
				       .type = V4L2_FRMSIZE_TYPE_DISCRETE,
				       .discrete = { 640, 480 } };
	struct v4l2_frmivalenum fi = { .index = 1, .pixel_format = v4l2_fourcc('a', '\'', '\\', 1),
				       .width = 640, .height = 480,
				       .type = V4L2_FRMIVAL_TYPE_STEPWISE,
				       .stepwise = { { 1, 30 }, { 1, 5 }, { 1, 1 } } };
	struct v4l2_create_buffers cb = { .count = 2, .memory = V4L2_MEMORY_DMABUF,
					  .format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
					  .format.fmt.pix = { 320, 240, V4L2_PIX_FMT_RGB24,
							      V4L2_FIELD_NONE, 960, 230400,
							      V4L2_COLORSPACE_SRGB } };
	static const unsigned types[] = {
		V4L2_BUF_TYPE_VIDEO_CAPTURE, V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE,
		V4L2_BUF_TYPE_VIDEO_OVERLAY, V4L2_BUF_TYPE_VBI_OUTPUT,
		V4L2_BUF_TYPE_SLICED_VBI_CAPTURE, V4L2_BUF_TYPE_SDR_CAPTURE,
		V4L2_BUF_TYPE_META_OUTPUT, 0x77,
	};
	unsigned i;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	munmap(m + 12288, 4096);
	/* Three clips, and three controls, of which the last is past a mapping's end. */
	clips = (struct v4l2_clip *)(m + 4096 - 2 * sizeof(*clips));
	memcpy(clips, two, sizeof(two));
	ctl = (struct v4l2_ext_control *)(m + 12288 - 2 * sizeof(*ctl));
	memcpy(ctl, two_ctl, sizeof(two_ctl));

	ioctl(-1, VIDIOC_QUERYCAP, 0);
	ioctl(-1, VIDIOC_QUERYCAP, &cap);
	ioctl(-1, VIDIOC_ENUM_FMT, &fd);
	ioctl(-1, VIDIOC_ENUM_FMT, m + 4096 - 8);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		memset(&f, 0, sizeof(f));
		f.type = types[i];
		switch (types[i]) {
		case V4L2_BUF_TYPE_VIDEO_CAPTURE:
			f.fmt.pix = (struct v4l2_pix_format){ 640, 480, V4L2_PIX_FMT_H264,
				V4L2_FIELD_INTERLACED, 1280, 614400, V4L2_COLORSPACE_REC709,
				0, 0, { 0 }, 0, 0 };
			break;
		case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE:
			f.fmt.pix_mp.width = 1920;
			f.fmt.pix_mp.height = 1080;
			f.fmt.pix_mp.pixelformat = V4L2_PIX_FMT_NV12M;
			f.fmt.pix_mp.field = 77;
			f.fmt.pix_mp.colorspace = 99;
			f.fmt.pix_mp.num_planes = 2;
			f.fmt.pix_mp.plane_fmt[0] = (struct v4l2_plane_pix_format){ 100, 200, { 0 } };
			f.fmt.pix_mp.plane_fmt[1] = (struct v4l2_plane_pix_format){ 300, 400, { 0 } };
			break;
		case V4L2_BUF_TYPE_VIDEO_OVERLAY:
			f.fmt.win = (struct v4l2_window){ { 1, 2, 3, 4 }, V4L2_FIELD_TOP, 0xff00,
							  clips, 3, (void *)0x1234, 0x80 };
			break;
		case V4L2_BUF_TYPE_VBI_OUTPUT:
			f.fmt.vbi = (struct v4l2_vbi_format){ 27000000, 244, 1440, V4L2_PIX_FMT_GREY,
							      { 6, -318 }, { 17, 17 },
							      V4L2_VBI_UNSYNC | 0x100, { 0 } };
			break;
		case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE:
			f.fmt.sliced.service_set = V4L2_SLICED_VPS | V4L2_SLICED_WSS_625;
			f.fmt.sliced.service_lines[1][23] = 0xabc;
			f.fmt.sliced.io_size = 1024;
			break;
		case V4L2_BUF_TYPE_SDR_CAPTURE:
			f.fmt.sdr.pixelformat = V4L2_SDR_FMT_CU8;
			break;
		case V4L2_BUF_TYPE_META_OUTPUT:
			f.fmt.meta.dataformat = V4L2_META_FMT_UVC;
			f.fmt.meta.buffersize = 512;
			break;
		}
		ioctl(-1, VIDIOC_G_FMT, &f);
		ioctl(-1, VIDIOC_S_FMT, &f);
		ioctl(-1, VIDIOC_TRY_FMT, &f);
	}
	f.fmt.win = (struct v4l2_window){ { 1, 2, 3, 4 }, V4L2_FIELD_TOP, 0xff00, NULL, 0, NULL, 0 };
	f.type = V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY;
	ioctl(-1, VIDIOC_S_FMT, &f);
	ioctl(-1, VIDIOC_S_FMT, 0);
	ioctl(-1, VIDIOC_REQBUFS, &rb);
	ioctl(-1, VIDIOC_QUERYBUF, &vb);
	ioctl(-1, VIDIOC_QBUF, &vb);
	vb.memory = V4L2_MEMORY_MMAP;
	vb.m.offset = 0xabcd;
	vb.flags = 0x80000000;
	ioctl(-1, VIDIOC_DQBUF, &vb);
	ioctl(-1, VIDIOC_G_FBUF, &fb);
	ioctl(-1, VIDIOC_S_FBUF, &fb);
	ioctl(-1, VIDIOC_STREAMON, &types[1]);
	ioctl(-1, VIDIOC_STREAMOFF, &types[7]);
	ioctl(-1, VIDIOC_G_PARM, &sp);
	ioctl(-1, VIDIOC_S_PARM, &sp);
	sp.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
	ioctl(-1, VIDIOC_S_PARM, &sp);
	sp.type = V4L2_BUF_TYPE_VBI_CAPTURE;
	ioctl(-1, VIDIOC_S_PARM, &sp);
	ioctl(-1, VIDIOC_G_STD, &std);
	ioctl(-1, VIDIOC_S_STD, &std);
	ioctl(-1, VIDIOC_ENUMSTD, &st);
	ioctl(-1, VIDIOC_ENUMINPUT, &in);
	ioctl(-1, VIDIOC_G_CTRL, &ct);
	ioctl(-1, VIDIOC_S_CTRL, &ct);
	ct.id = V4L2_CID_CAMERA_CLASS_BASE + 0x777;
	ioctl(-1, VIDIOC_S_CTRL, &ct);
	ct.id = 0x12345;
	ioctl(-1, VIDIOC_S_CTRL, &ct);
	ioctl(-1, VIDIOC_G_TUNER, &tu);
	ioctl(-1, VIDIOC_S_TUNER, &tu);
	ioctl(-1, VIDIOC_QUERYCTRL, &qc);
	ioctl(-1, VIDIOC_QUERY_EXT_CTRL, &qe);
	ioctl(-1, VIDIOC_G_INPUT, &input);
	ioctl(-1, VIDIOC_S_INPUT, &input);
	ioctl(-1, VIDIOC_CROPCAP, &cc);
	ioctl(-1, VIDIOC_G_CROP, &cr);
	ioctl(-1, VIDIOC_S_CROP, &cr);
	ioctl(-1, VIDIOC_S_EXT_CTRLS, &ec);
	ioctl(-1, VIDIOC_G_EXT_CTRLS, &ec);
	ec.controls = ctl;
	ec.count = 3;
	ioctl(-1, VIDIOC_TRY_EXT_CTRLS, &ec);
	ec.count = 0;
	ioctl(-1, VIDIOC_S_EXT_CTRLS, &ec);
	ioctl(-1, VIDIOC_ENUM_FRAMESIZES, &fs);
	ioctl(-1, VIDIOC_ENUM_FRAMEINTERVALS, &fi);
	ioctl(-1, VIDIOC_CREATE_BUFS, &cb);
	/* Named, not decoded: the argument as a number. */
	ioctl(-1, VIDIOC_OVERLAY, 0);
	ioctl(-1, VIDIOC_G_AUDIO, &input);
	ioctl(-1, VIDIOC_G_EDID, 0);
	ioctl(-1, VIDIOC_QUERYSTD, &std);
}

/*
 * A seccomp listener's requests: a notification received from a child
 * the filter stops and the response sent, then requests the kernel
 * refuses (a struct not zeroed, ids that are not pending, fd -1).
 */
static void seccomp_ioctls(char *edge)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_acct, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };
	struct seccomp_notif n;
	struct seccomp_notif_resp r = { 0 };
	struct seccomp_notif_addfd a = { .id = 7, .flags = SECCOMP_ADDFD_FLAG_SETFD | 0x10,
					  .srcfd = 1, .newfd = 9, .newfd_flags = O_CLOEXEC };
	uint64_t id = 0x1234;
	int lfd;
	pid_t pid;

	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	lfd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	if (lfd < 0)
		return;
	pid = fork();
	if (pid == 0)
		_exit(syscall(SYS_acct, NULL) == -1 && errno == ENOSYS ? 0 : 1);
	memset(&n, 0, sizeof(n));
	if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_RECV, &n) == 0) {
		r.id = n.id;
		r.error = -ENOSYS;
		ioctl(lfd, SECCOMP_IOCTL_NOTIF_ID_VALID, &r.id);
		ioctl(lfd, SECCOMP_IOCTL_NOTIF_SEND, &r);
		ioctl(lfd, SECCOMP_IOCTL_NOTIF_ID_VALID, &r.id);
	}
	waitpid(pid, NULL, 0);
	n.data.arch = 0x1234;
	ioctl(lfd, SECCOMP_IOCTL_NOTIF_RECV, &n);
	ioctl(lfd, SECCOMP_IOCTL_NOTIF_ADDFD, &a);
	a.flags = 0;
	a.newfd_flags = 0x80000000;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, &a);
	r.error = 5;
	r.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE | 8;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, &r);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, &id);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, edge + 4);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, NULL);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, edge);
	ioctl(-1, _IOWR('!', 9, int), 0x42);
	close(lfd);
}

/* The real-time clock's requests, on fd -1: times, alarms, the PLL, parameters. */
static void rtc_ioctls(char *edge)
{
	struct rtc_time t = { 1, 2, 3, 4, 5, 126, 6, 7, -1 };
	struct rtc_wkalrm w = { 1, 0, { 59, 59, 23, 31, 11, 99, 0, 364, 0 } };
	struct rtc_pll_info pll = { 1, -2, 3, -4, 5, 6, 32768 };
	struct rtc_param pa = { .param = RTC_PARAM_FEATURES, .uvalue = 0x105, .index = 3 };
	unsigned long v = 64;

	ioctl(-1, RTC_UIE_ON, 0);
	ioctl(-1, RTC_VL_CLR, 0);
	ioctl(-1, RTC_SET_TIME, &t);
	ioctl(-1, RTC_RD_TIME, &t);
	ioctl(-1, RTC_ALM_SET, NULL);
	ioctl(-1, RTC_WKALM_SET, &w);
	ioctl(-1, RTC_WKALM_RD, &w);
	ioctl(-1, RTC_PLL_SET, &pll);
	ioctl(-1, RTC_IRQP_SET, 1024UL);
	ioctl(-1, RTC_EPOCH_READ, &v);
	ioctl(-1, RTC_VL_READ, edge);
	ioctl(-1, RTC_PARAM_SET, &pa);
	ioctl(-1, RTC_PARAM_GET, &pa);
	pa.param = RTC_PARAM_BACKUP_SWITCH_MODE;
	pa.uvalue = RTC_BSM_LEVEL;
	pa.__pad = 1;
	ioctl(-1, RTC_PARAM_SET, &pa);
	pa.param = 9;
	ioctl(-1, RTC_PARAM_SET, &pa);
	ioctl(-1, _IOR('p', 0x7f, int), 0);
}

/* The loop device's requests: a real status query, then on fd -1. */
static void loop_ioctls(char *edge)
{
	struct loop_info li = { .lo_number = 3, .lo_offset = 512, .lo_flags = LO_FLAGS_READ_ONLY,
				.lo_name = "disk.img" };
	struct loop_info64 l64 = { .lo_offset = 4096, .lo_sizelimit = 1 << 20, .lo_number = 1,
				   .lo_encrypt_type = LO_CRYPT_XOR, .lo_encrypt_key_size = 4,
				   .lo_flags = LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN | 0x100,
				   .lo_file_name = "file\twith tab", .lo_crypt_name = "xor",
				   .lo_encrypt_key = "k\1y\0" };
	struct loop_config cfg = { .fd = 1, .block_size = 4096 };
	int fd = open("/dev/loop0", O_RDONLY);

	if (fd >= 0) {
		ioctl(fd, LOOP_GET_STATUS64, &l64);
		close(fd);
	}
	ioctl(-1, LOOP_SET_FD, 1);
	ioctl(-1, LOOP_CLR_FD, 0);
	ioctl(-1, LOOP_SET_STATUS, &li);
	ioctl(-1, LOOP_GET_STATUS, &li);
	memset(li.lo_name, 'n', sizeof(li.lo_name) - 1);
	ioctl(-1, LOOP_SET_STATUS, &li);
	ioctl(-1, LOOP_SET_STATUS64, &l64);
	memset(l64.lo_file_name, 'x', sizeof(l64.lo_file_name));
	l64.lo_encrypt_type = LO_CRYPT_NONE;
	ioctl(-1, LOOP_SET_STATUS64, &l64);
	ioctl(-1, LOOP_SET_STATUS64, edge);
	cfg.info = l64;
	ioctl(-1, LOOP_CONFIGURE, &cfg);
	cfg.__reserved[7] = 1;
	ioctl(-1, LOOP_CONFIGURE, &cfg);
	ioctl(-1, LOOP_CHANGE_FD, 2);
	ioctl(-1, LOOP_SET_CAPACITY, 0);
	ioctl(-1, LOOP_SET_DIRECT_IO, 1);
	ioctl(-1, LOOP_SET_BLOCK_SIZE, 4096);
	ioctl(-1, LOOP_CTL_ADD, -5);
	ioctl(-1, LOOP_CTL_REMOVE, 7);
	ioctl(-1, LOOP_CTL_GET_FREE, 0);
	ioctl(-1, 0x4c0b, 0x1234);
}

/* UBI's requests on fd -1: volumes made, resized, changed and mapped, ints. */
static void ubi_ioctls(char *edge)
{
	struct ubi_mkvol_req mk = { .vol_id = UBI_VOL_NUM_AUTO, .alignment = 1, .bytes = 1 << 20,
				    .vol_type = UBI_DYNAMIC_VOLUME, .flags = 3, .name_len = 4,
				    .name = "rootfs" };
	struct ubi_attach_req at = { .ubi_num = UBI_DEV_NUM_AUTO, .vid_hdr_offset = 2048,
				    .max_beb_per1024 = 20 };
	struct ubi_rsvol_req rs = { 1 << 21, 2 };
	struct ubi_leb_change_req ch = { .lnum = 5, .bytes = 4096, .dtype = 7 };
	struct ubi_map_req map = { .lnum = 6, .dtype = 2 };
	struct ubi_set_vol_prop_req pr = { .property = UBI_VOL_PROP_DIRECT_WRITE, .value = 1 };
	int64_t size = 1 << 30;
	int32_t n = 3;

	ioctl(-1, UBI_IOCMKVOL, &mk);
	mk.vol_type = 9;
	mk.name_len = 200;
	ioctl(-1, UBI_IOCMKVOL, &mk);
	ioctl(-1, UBI_IOCATT, &at);
	ioctl(-1, UBI_IOCRSVOL, &rs);
	ioctl(-1, UBI_IOCEBCH, &ch);
	ioctl(-1, UBI_IOCEBMAP, &map);
	ioctl(-1, UBI_IOCSETVOLPROP, &pr);
	ioctl(-1, UBI_IOCVOLUP, &size);
	ioctl(-1, UBI_IOCRMVOL, &n);
	ioctl(-1, UBI_IOCEBISMAP, edge + 6);
	ioctl(-1, UBI_IOCVOLRMBLK, 0);
}

/*
 * A userfaultfd's handshake and a range registered on it, then nbd's,
 * lirc's and userfaultfd's requests on fd -1.
 */
static void more_ioctls(char *edge)
{
	struct uffdio_api api = { .api = UFFD_API, .features = 0 };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_copy cp = { 0x1000, 0x2000, 0x1000, UFFDIO_COPY_MODE_DONTWAKE | 4, 0 };
	struct uffdio_zeropage zp = { { 0x1000, 0x1000 }, 0, 0 };
	unsigned v = LIRC_MODE_SCANCODE;
	int u = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);

	if (u >= 0) {
		ioctl(u, UFFDIO_API, &api);
		reg.range.start = (unsigned long)edge & ~4095UL;
		reg.range.len = 4096;
		ioctl(u, UFFDIO_REGISTER, &reg);
		ioctl(u, UFFDIO_UNREGISTER, &reg.range);
		api.features = UFFD_FEATURE_THREAD_ID;
		ioctl(u, UFFDIO_API, &api);
		close(u);
	}
	ioctl(-1, UFFDIO_COPY, &cp);
	ioctl(-1, UFFDIO_ZEROPAGE, &zp);
	ioctl(-1, UFFDIO_WAKE, edge);
	ioctl(-1, NBD_SET_SOCK, 1);
	ioctl(-1, NBD_SET_SIZE, 1UL << 40);
	ioctl(-1, NBD_SET_FLAGS, NBD_FLAG_HAS_FLAGS | NBD_FLAG_SEND_TRIM | 0x800);
	ioctl(-1, NBD_DO_IT, 0);
	ioctl(-1, LIRC_SET_SEND_MODE, &v);
	ioctl(-1, LIRC_GET_FEATURES, &v);
	ioctl(-1, LIRC_SET_TRANSMITTER_MASK, &v);
	ioctl(-1, LIRC_SET_REC_TIMEOUT, NULL);
	ubi_ioctls(edge);
}

/*
 * Tree searches with items' headers in their buffers, inode lookups, and
 * the containers of paths and logical inodes the kernel would fill (what
 * an injected success shows at exit).
 */
static void btrfs_search_ioctls(void)
{
	static union {
		struct btrfs_ioctl_search_args_v2 a;
		unsigned char raw[sizeof(struct btrfs_ioctl_search_args_v2) + 256];
	} s2;
	static struct btrfs_ioctl_search_args s1;
	static struct btrfs_ioctl_ino_lookup_args il = { .objectid = BTRFS_FIRST_FREE_OBJECTID,
							 .name = "dir/file" };
	static struct {
		struct btrfs_data_container d;
		uint64_t off[3];
		char names[32];
	} paths = { { .bytes_left = 7, .elem_cnt = 3 }, { 24, 26, 9 }, "" };
	static struct {
		struct btrfs_data_container d;
		uint64_t rec[6];
	} inodes = { { .bytes_missing = 1, .elem_cnt = 6, .elem_missed = 2 },
		     { 257, 0, 5, 258, 4096, BTRFS_FS_TREE_OBJECTID } };
	struct btrfs_ioctl_ino_path_args ip = { .inum = 257, .size = sizeof(paths),
						.fspath = (uintptr_t)&paths };
	struct btrfs_ioctl_logical_ino_args li = { .logical = 4096, .size = sizeof(inodes),
						   .flags = 1, .inodes = (uintptr_t)&inodes };
	struct btrfs_ioctl_search_header h[2] = {
		{ .transid = 7, .objectid = BTRFS_FIRST_FREE_OBJECTID, .offset = 0,
		  .type = BTRFS_INODE_ITEM_KEY, .len = 8 },
		{ .transid = 8, .objectid = 300, .offset = 9, .type = 99, .len = 0 },
	};

	memcpy(paths.names, "a\0dir/b\0", 9);
	s2.a.key = (struct btrfs_ioctl_search_key){ .tree_id = BTRFS_ROOT_TREE_OBJECTID,
		.min_objectid = BTRFS_FIRST_FREE_OBJECTID, .max_objectid = 300,
		.max_offset = -1ULL, .max_transid = -1ULL, .min_type = BTRFS_INODE_ITEM_KEY,
		.max_type = -1U, .nr_items = 2 };
	s2.a.buf_size = 256;
	memcpy(s2.a.buf, &h[0], sizeof(h[0]));
	memcpy(s2.a.buf + sizeof(h[0]) + 8, &h[1], sizeof(h[1]));
	s1.key = s2.a.key;
	s1.key.min_objectid = 0;
	s1.key.nr_items = 3;
	memcpy(s1.buf, h, sizeof(h));
	ioctl(-1, BTRFS_IOC_TREE_SEARCH_V2, &s2);
	ioctl(-1, BTRFS_IOC_TREE_SEARCH, &s1);
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, &il);
	il.treeid = BTRFS_FS_TREE_OBJECTID;
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, &il);
	ioctl(-1, BTRFS_IOC_INO_PATHS, &ip);
	ioctl(-1, BTRFS_IOC_LOGICAL_INO, &li);
}

/* The requests whose argument only the kernel fills, and DEVICES_READY. */
static void btrfs_read_ioctls(void)
{
	static uint64_t v = 0xfacefeed, fl = 0x3;
	static struct btrfs_ioctl_qgroup_limit_args ql = { .qgroupid = 257,
		.lim = { .flags = 3, .max_rfer = 1 << 20, .max_excl = 1 << 19 } };
	static struct btrfs_ioctl_quota_rescan_args qr = { .flags = 1, .progress = 256 };
	static struct btrfs_ioctl_vol_args va = { .fd = 3, .name = "/dev/sda1" };
	static char label[FSLABEL_MAX] = "lbl";

	ioctl(-1, BTRFS_IOC_START_SYNC, &v);
	ioctl(-1, BTRFS_IOC_SUBVOL_GETFLAGS, &fl);
	ioctl(-1, BTRFS_IOC_QGROUP_LIMIT, &ql);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN_STATUS, &qr);
	ioctl(-1, BTRFS_IOC_DEVICES_READY, &va);
	ioctl(-1, FS_IOC_GETFSLABEL, label);
}

/* A scrub's progress, device statistics and space info, as a success fills them. */
static void btrfs_stats_ioctls(void)
{
	static struct btrfs_ioctl_scrub_args sc = { .devid = 1, .end = -1ULL,
		.progress = { .data_extents_scrubbed = 1, .tree_extents_scrubbed = 2,
			      .data_bytes_scrubbed = 3, .csum_errors = 4, .last_physical = 1 << 30,
			      .unverified_errors = 9 } };
	static struct btrfs_ioctl_get_dev_stats ds = { .devid = 1, .nr_items = 5,
		.values = { 1, 2, 3, 4, 5 } };
	static struct {
		struct btrfs_ioctl_space_args a;
		struct btrfs_ioctl_space_info s[3];
	} sp = { { .space_slots = 0, .total_spaces = 3 },
		 { { BTRFS_BLOCK_GROUP_DATA, 1 << 30, 1 << 20 },
		   { BTRFS_BLOCK_GROUP_METADATA | BTRFS_BLOCK_GROUP_DUP, 1 << 28, 1 << 16 },
		   { BTRFS_SPACE_INFO_GLOBAL_RSV | (1ULL << 40), 1 << 24, 0 } } };

	ioctl(-1, BTRFS_IOC_SCRUB, &sc);
	ioctl(-1, BTRFS_IOC_SCRUB_PROGRESS, &sc);
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, &ds);
	ds.nr_items = 7;
	ds.flags = 3;
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, &ds);
	ioctl(-1, BTRFS_IOC_SPACE_INFO, &sp);
	sp.a.space_slots = 3;
	ioctl(-1, BTRFS_IOC_SPACE_INFO, &sp);
	sp.a.total_spaces = 0;
	ioctl(-1, BTRFS_IOC_SPACE_INFO, &sp);
	btrfs_read_ioctls();
}

/*
 * Device info and replace, the filesystem's info, received subvolumes,
 * features and extent dedupe, with what a success would have filled in
 * place.
 */
static void btrfs_dev_ioctls(void)
{
	static const uint8_t id[16] = { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
					0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10 };
	static struct btrfs_ioctl_dev_info_args di = { .devid = 0x801, .bytes_used = 1 << 20,
						       .total_bytes = 1 << 30, .path = "/dev/sda1" };
	static struct btrfs_ioctl_dev_replace_args dr = {
		.cmd = BTRFS_IOCTL_DEV_REPLACE_CMD_START,
		.start = { .srcdevid = 1, .srcdev_name = "/dev/sda1", .tgtdev_name = "/dev/sdb1" },
	};
	static struct btrfs_ioctl_fs_info_args fi = { .max_id = 2, .num_devices = 2, .nodesize = 16384,
		.sectorsize = 4096, .clone_alignment = 4096, .csum_type = 1, .csum_size = 8,
		.flags = 0xf, .generation = 99 };
	static struct btrfs_ioctl_received_subvol_args rs = { .stransid = 74565,
		.stime = { .sec = 1463193386, .nsec = 12345 }, .rtransid = 3,
		.rtime = { .sec = 1463193387 } };
	static struct btrfs_ioctl_feature_flags ff[3] = {
		{ .compat_flags = 1, .compat_ro_flags = 3, .incompat_flags = 0x341 },
		{ .compat_ro_flags = 1ULL << 40, .incompat_flags = 1 },
		{ 0 },
	};
	static struct {
		struct file_dedupe_range r;
		struct file_dedupe_range_info i[3];
	} dd = { { .src_offset = 1024, .src_length = 10240, .dest_count = 3 },
		 { { .dest_fd = 2, .bytes_deduped = 10240 }, { .dest_fd = 2, .dest_offset = 10240,
		   .status = FILE_DEDUPE_RANGE_DIFFERS }, { .dest_fd = 1, .status = -22 } } };

	ioctl(-1, BTRFS_IOC_DEV_INFO, &di);
	memcpy(di.uuid, id, sizeof(id));
	ioctl(-1, BTRFS_IOC_DEV_INFO, &di);
	for (dr.start.cont_reading_from_srcdev_mode = 0; dr.start.cont_reading_from_srcdev_mode < 3;
	     dr.start.cont_reading_from_srcdev_mode++)
		ioctl(-1, BTRFS_IOC_DEV_REPLACE, &dr);
	dr.cmd = BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS;
	dr.result = 1;
	dr.status = (struct btrfs_ioctl_dev_replace_status_params){ .replace_state = 1,
		.progress_1000 = 567, .time_started = 1463193386, .num_write_errors = 2 };
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, &dr);
	dr.status.progress_1000 = 1001;
	dr.cmd = 7;
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, &dr);
	memcpy(fi.fsid, id, sizeof(id));
	memcpy(fi.metadata_uuid, id + 1, sizeof(id) - 1);
	ioctl(-1, BTRFS_IOC_FS_INFO, &fi);
	fi.flags = 0;
	ioctl(-1, BTRFS_IOC_FS_INFO, &fi);
	memcpy(rs.uuid, id, sizeof(id));
	ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, &rs);
	ioctl(-1, BTRFS_IOC_GET_FEATURES, ff);
	ioctl(-1, BTRFS_IOC_SET_FEATURES, ff);
	ioctl(-1, BTRFS_IOC_GET_SUPPORTED_FEATURES, ff);
	ioctl(-1, FIDEDUPERANGE, &dd);
	dd.r.dest_count = 2;
	ioctl(-1, FIDEDUPERANGE, &dd);
	dd.r.dest_count = 0;
	ioctl(-1, FIDEDUPERANGE, &dd);
	btrfs_stats_ioctls();
}

/*
 * The v2 volume arguments, with the qgroup inheritance they point to
 * (read from the process when the line prints: it stays a while), and
 * balance v2.
 */
static void btrfs_v2_ioctls(void)
{
	static struct btrfs_ioctl_vol_args_v2 v2 = { .fd = 3, .flags = 0xd, .size = 48,
						     .name = "snap" };
	static struct {
		struct btrfs_qgroup_inherit q;
		uint64_t ids[3];
	} qi = { { .flags = 1, .num_qgroups = 3, .num_ref_copies = 0, .num_excl_copies = 0,
		   .lim = { .flags = 0x41, .max_rfer = 1 << 20, .rsv_excl = 7 } },
		 { 256, 257, 258 } };
	static struct btrfs_ioctl_balance_args ba = {
		.flags = BTRFS_BALANCE_DATA | BTRFS_BALANCE_SYSTEM | BTRFS_BALANCE_FORCE | 0x40,
		.state = 5,
		.data = { .profiles = BTRFS_BLOCK_GROUP_DATA | BTRFS_BLOCK_GROUP_RAID1,
			  .devid = 0x803, .pend = -1ULL, .vend = 9, .flags = 0x7 },
		.sys = { .profiles = BTRFS_AVAIL_ALLOC_BIT_SINGLE | (1ULL << 60), .usage = 90,
			 .target = -1ULL, .flags = 0x4000 },
	};

	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, &v2);
	v2.qgroup_inherit = &qi.q;
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, &v2);
	v2.flags = 0;
	v2.transid = 77;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, &v2);
	ioctl(-1, BTRFS_IOC_BALANCE_V2, &ba);
	ioctl(-1, BTRFS_IOC_BALANCE_PROGRESS, &ba);
	ioctl(-1, BTRFS_IOC_BALANCE_V2, NULL);
	btrfs_search_ioctls();
	btrfs_dev_ioctls();
	usleep(300000);
}

/* btrfs's requests on fd -1, those ferret decodes, and a page-long name. */
static void btrfs_ioctls(void)
{
	static struct btrfs_ioctl_vol_args va = { .fd = 3, .name = "subvol" };
	static struct btrfs_ioctl_vol_args vl = { .fd = -1 };
	struct btrfs_ioctl_clone_range_args cr = { .src_fd = 4, .src_offset = 4096,
						   .src_length = 8192, .dest_offset = 1 << 20 };
	struct btrfs_ioctl_defrag_range_args dr = { .len = -1ULL, .flags = 7,
						    .extent_thresh = 1 << 17, .compress_type = 3 };
	struct btrfs_ioctl_scrub_args sc = { .devid = 0x801, .end = -1ULL, .flags = 1 };
	struct btrfs_ioctl_get_dev_stats ds = { .devid = 2, .nr_items = 5, .flags = 3 };
	struct btrfs_ioctl_quota_ctl_args qc = { .cmd = BTRFS_QUOTA_CTL_ENABLE };
	struct btrfs_ioctl_qgroup_assign_args qa = { .assign = 1, .src = 257, .dst = 258 };
	struct btrfs_ioctl_qgroup_create_args qg = { .create = 1, .qgroupid = 259 };
	struct btrfs_ioctl_quota_rescan_args qr = { .flags = 0 };
	struct btrfs_ioctl_send_args sa = { .send_fd = 5, .parent_root = 256, .flags = 0x13 };
	struct btrfs_ioctl_space_args sp = { .space_slots = 4 };
	char label[FSLABEL_MAX] = "ferret-label";
	uint64_t v = 0xfacefeed, fl = 0xf;
	static __u64 clones[3] = { BTRFS_FIRST_FREE_OBJECTID, 257, -1ULL };

	memset(vl.name, 'x', sizeof(vl.name) - 1);
	ioctl(-1, BTRFS_IOC_TRANS_START);
	ioctl(-1, BTRFS_IOC_SYNC);
	ioctl(-1, BTRFS_IOC_BALANCE, &va);
	ioctl(-1, BTRFS_IOC_WAIT_SYNC, &v);
	ioctl(-1, BTRFS_IOC_DEFAULT_SUBVOL, NULL);
	ioctl(-1, BTRFS_IOC_SNAP_CREATE, &va);
	ioctl(-1, BTRFS_IOC_RM_DEV, &vl);
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, &fl);
	ioctl(-1, BTRFS_IOC_BALANCE_CTL, BTRFS_BALANCE_CTL_CANCEL);
	ioctl(-1, BTRFS_IOC_BALANCE_CTL, 7);
	ioctl(-1, BTRFS_IOC_CLONE, 4);
	ioctl(-1, BTRFS_IOC_CLONE_RANGE, &cr);
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, &dr);
	dr.len = 10;
	dr.compress_type = 9;
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, &dr);
	ioctl(-1, BTRFS_IOC_SCRUB, &sc);
	ioctl(-1, BTRFS_IOC_SCRUB_PROGRESS, &sc);
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, &ds);
	ioctl(-1, BTRFS_IOC_QUOTA_CTL, &qc);
	ioctl(-1, BTRFS_IOC_QGROUP_ASSIGN, &qa);
	ioctl(-1, BTRFS_IOC_QGROUP_CREATE, &qg);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN, &qr);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN_WAIT);
	ioctl(-1, BTRFS_IOC_SEND, &sa);
	sa.clone_sources = clones;
	sa.clone_sources_count = 3;
	ioctl(-1, BTRFS_IOC_SEND, &sa);
	sa.clone_sources_count = 0;
	ioctl(-1, BTRFS_IOC_SEND, &sa);
	ioctl(-1, BTRFS_IOC_SPACE_INFO, &sp);
	ioctl(-1, FS_IOC_SETFSLABEL, label);
	ioctl(-1, BTRFS_IOC_INO_PATHS, &(struct btrfs_ioctl_ino_path_args){ .inum = 256 });
	ioctl(-1, BTRFS_IOC_LOGICAL_INO, &(struct btrfs_ioctl_logical_ino_args){
		.logical = 1, .reserved = { 0, 0xdeadbeef, 0 }, .flags = 6 });
	ioctl(-1, BTRFS_IOC_TREE_SEARCH, NULL);
	btrfs_v2_ioctls();
}

/* A device mapper request's buffer: struct dm_ioctl and what follows it. */
static struct dm_ioctl *dm_init(void *p, unsigned minor, uint32_t size, uint32_t start)
{
	struct dm_ioctl *d = p;

	memset(p, 0, size < 4096 ? 4096 : size);
	d->version[0] = DM_VERSION_MAJOR;
	d->version[1] = minor;
	d->version[2] = 0;
	d->data_size = size;
	d->data_start = start;
	d->dev = 0xfd01;
	strcpy(d->name, "vg-root");
	strcpy(d->uuid, "LVM-abc");
	return d;
}

/*
 * The device mapper's requests on fd -1 (or, with a success injected,
 * as a device would answer them): each in a buffer of its own, edge a
 * struct that ends a mapping.
 */
/*
 * A VM with one page of real-mode code at 0x1000 (out 0xe9 of a byte,
 * then hlt) and one vCPU that runs it until it halts, through the KVM
 * requests ferret strace decodes: extensions (one unknown), a memory
 * region, CPUID tables (one too short), segment and general registers.
 * 1 if /dev/kvm cannot make it.
 */
static int kvm_guest(void)
{
	static const unsigned char code[] = { 0xb0, 'k', 0xe6, 0xe9, 0xf4 };
	struct kvm_userspace_memory_region region = { 0 };
	struct kvm_cpuid2 *cpuid;
	struct kvm_sregs sregs;
	struct kvm_regs regs;
	struct kvm_run *run;
	int kvm, vm, vcpu, size, i;
	unsigned char *mem;
	cpu_set_t cpus;

	/*
	 * On one CPU, the lowest allowed: CPUID's topology leaves (0xb's
	 * edx, the x2APIC id) tell the CPU KVM_GET_SUPPORTED_CPUID ran on.
	 */
	if (!sched_getaffinity(0, sizeof(cpus), &cpus)) {
		for (i = 0; i < CPU_SETSIZE && !CPU_ISSET(i, &cpus); i++)
			;
		CPU_ZERO(&cpus);
		CPU_SET(i, &cpus);
		sched_setaffinity(0, sizeof(cpus), &cpus);
	}
	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0)
		return 1;
	ioctl(kvm, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY);
	ioctl(kvm, KVM_CHECK_EXTENSION, KVM_CAP_NR_VCPUS);
	ioctl(kvm, KVM_CHECK_EXTENSION, 0x7777);
	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (vm < 0 || mem == MAP_FAILED)
		return 1;
	memcpy(mem, code, sizeof(code));
	region.slot = 1;
	region.flags = KVM_MEM_LOG_DIRTY_PAGES;
	region.guest_phys_addr = 0x1000;
	region.memory_size = 4096;
	region.userspace_addr = (uintptr_t)mem;
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region))
		return 1;
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vcpu < 0 || size < (int)sizeof(*run))
		return 1;
	run = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	cpuid = calloc(1, sizeof(*cpuid) + 100 * sizeof(cpuid->entries[0]));
	if (run == MAP_FAILED || !cpuid)
		return 1;
	cpuid->nent = 1;
	ioctl(kvm, KVM_GET_SUPPORTED_CPUID, cpuid);
	cpuid->nent = 100;
	if (ioctl(kvm, KVM_GET_SUPPORTED_CPUID, cpuid) || ioctl(vcpu, KVM_SET_CPUID2, cpuid))
		return 1;
	ioctl(vcpu, KVM_SET_CPUID2, NULL);
	if (ioctl(vcpu, KVM_GET_SREGS, &sregs))
		return 1;
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs))
		return 1;
	memset(&regs, 0, sizeof(regs));
	regs.rip = 0x1000;
	regs.rflags = 0x2;
	regs.rbx = 0x1234;
	if (ioctl(vcpu, KVM_SET_REGS, &regs) || ioctl(vcpu, KVM_GET_REGS, &regs))
		return 1;
	for (i = 0; i < 4; i++) {
		if (ioctl(vcpu, KVM_RUN, 0))
			return 1;
		if (run->exit_reason == KVM_EXIT_HLT)
			break;
	}
	free(cpuid);
	return 0;
}

/*
 * A ring's no-op that io_uring runs in a worker of its own (IOSQE_ASYNC):
 * the rings mapped, the entry queued, its tail published.  -1 on failure.
 */
static int uring_async_nop(int ring, const struct io_uring_params *par)
{
	size_t sl = par->sq_off.array + par->sq_entries * sizeof(unsigned);
	size_t cl = par->cq_off.cqes + par->cq_entries * sizeof(struct io_uring_cqe);
	struct io_uring_sqe *sqe;
	unsigned *tail, *array;
	char *sq;

	sq = mmap(NULL, sl > cl ? sl : cl, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring,
		  IORING_OFF_SQ_RING);
	sqe = mmap(NULL, par->sq_entries * sizeof(*sqe), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_POPULATE, ring, IORING_OFF_SQES);
	if (sq == MAP_FAILED || sqe == MAP_FAILED)
		return -1;
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_NOP;
	sqe->flags = IOSQE_ASYNC;
	sqe->user_data = 1;
	tail = (unsigned *)(sq + par->sq_off.tail);
	array = (unsigned *)(sq + par->sq_off.array);
	array[*tail & *(unsigned *)(sq + par->sq_off.ring_mask)] = 0;
	__atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
	return 0;
}

/*
 * Threads of the process that the kernel makes and no fork event names:
 * a ring polled by its own thread (iou-sqp), and a no-op on it and on a
 * second ring that each run in an io-wq worker (iou-wrk).  1 if io_uring
 * cannot make them.
 */
static int uring_workers(void)
{
	struct io_uring_params sp = { .flags = IORING_SETUP_SQPOLL, .sq_thread_idle = 1000 };
	struct io_uring_params pp = { 0 };
	int sqp, plain;

	sqp = syscall(__NR_io_uring_setup, 4, &sp);
	plain = syscall(__NR_io_uring_setup, 4, &pp);
	if (sqp < 0 || plain < 0 || uring_async_nop(sqp, &sp) || uring_async_nop(plain, &pp))
		return 1;
	if (syscall(__NR_io_uring_enter, sqp, 0, 1, IORING_ENTER_GETEVENTS | IORING_ENTER_SQ_WAKEUP,
		    NULL, 0) < 0)
		return 1;
	if (syscall(__NR_io_uring_enter, plain, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) != 1)
		return 1;
	/* Stay a while, with the workers, for -p to find them. */
	if (getenv("WORKLOAD_LINGER"))
		usleep(1000000);
	return 0;
}

static void dm_ioctls(char *edge)
{
	static char bufs[16][4096] __attribute__((aligned(8)));
	const size_t hdr = offsetof(struct dm_ioctl, data);
	struct dm_ioctl *d;
	struct dm_target_spec *t;
	struct dm_name_list *nl;
	struct dm_target_versions *tv;
	struct dm_target_deps *dp;
	struct dm_target_msg *m;
	char *q;

	ioctl(-1, _IOC(_IOC_READ, DM_IOCTL, 0x42, 8), bufs[0]);
	ioctl(-1, DM_VERSION, NULL);
	ioctl(-1, DM_VERSION, edge);
	d = dm_init(bufs[0], 4, hdr, 0);
	ioctl(-1, DM_VERSION, d);
	d = dm_init(bufs[1], 4, 8, 0);
	ioctl(-1, DM_VERSION, d);
	d = dm_init(bufs[2], 4, 20, 0);
	ioctl(-1, DM_REMOVE_ALL, d);
	d = dm_init(bufs[3], 4, hdr, 0);
	d->version[0] = 3;
	ioctl(-1, DM_DEV_CREATE, d);
	d = dm_init(bufs[4], 4, sizeof(*d), 0);
	d->flags = 0xffffffff;
	d->event_nr = 7;
	memset(d->name, 'n', sizeof(d->name));
	ioctl(-1, DM_DEV_SUSPEND, d);
	d = dm_init(bufs[5], 4, sizeof(*d), 0);
	d->dev = 0;
	d->uuid[0] = 0;
	d->event_nr = 9;
	ioctl(-1, DM_DEV_SUSPEND, d);
	ioctl(-1, DM_DEV_REMOVE, d);
	ioctl(-1, DM_DEV_WAIT, d);
	ioctl(-1, DM_DEV_ARM_POLL, d);
	ioctl(-1, DM_LIST_DEVICES, d);
	/* A table of three targets, the third past data_size. */
	d = dm_init(bufs[6], 4, 600, sizeof(*d));
	d->target_count = 3;
	t = (void *)(bufs[6] + sizeof(*d));
	t->sector_start = 0;
	t->length = 2048;
	t->next = sizeof(*t) + 24;
	strcpy(t->target_type, "linear");
	strcpy((char *)(t + 1), "/dev/sda1 2048");
	t = (void *)((char *)t + t->next);
	t->sector_start = 2048;
	t->length = 4096;
	t->status = -5;
	t->next = 1000;
	memcpy(t->target_type, "a-very-long-type", 16);
	strcpy((char *)(t + 1), "0 1 2 3 4 5 6 7 8 9 a b c d e f g h i j k l m n o p q r s t u v w x y z");
	ioctl(-1, DM_TABLE_LOAD, d);
	d = dm_init(bufs[7], 4, sizeof(*d), 0xfffffff0);
	d->target_count = 1;
	ioctl(-1, DM_TABLE_LOAD, d);
	d = dm_init(bufs[8], 4, 400, sizeof(*d));
	m = (void *)(bufs[8] + sizeof(*d));
	m->sector = 1234;
	strcpy(m->message, "set_config 7");
	ioctl(-1, DM_TARGET_MSG, d);
	d = dm_init(bufs[9], 4, 400, sizeof(*d));
	strcpy(bufs[9] + sizeof(*d), "vg-new");
	ioctl(-1, DM_DEV_RENAME, d);
	d->data_start = 500;
	ioctl(-1, DM_DEV_RENAME, d);
	d = dm_init(bufs[10], 4, 400, sizeof(*d));
	strcpy(bufs[10] + sizeof(*d), "1024 16 63 0");
	ioctl(-1, DM_DEV_SET_GEOMETRY, d);
	/* What a device answers: a success injected shows the buffers so. */
	d = dm_init(bufs[11], 38, 4096, sizeof(*d));
	nl = (void *)(bufs[11] + sizeof(*d));
	nl->dev = 0xfd00;
	nl->next = 32;
	strcpy(nl->name, "vg-root");
	*(uint32_t *)((char *)nl + 24) = 3;
	nl = (void *)((char *)nl + 32);
	nl->dev = 0xfd01;
	nl->next = 0;
	strcpy(nl->name, "vg-swap");
	ioctl(-1, DM_LIST_DEVICES, d);
	d = dm_init(bufs[12], 4, 4096, sizeof(*d));
	tv = (void *)(bufs[12] + sizeof(*d));
	tv->next = 32;
	tv->version[0] = 1;
	tv->version[1] = 14;
	strcpy(tv->name, "linear");
	tv = (void *)((char *)tv + 32);
	tv->version[0] = 1;
	tv->version[1] = 4;
	tv->version[2] = 1;
	strcpy(tv->name, "striped");
	ioctl(-1, DM_LIST_VERSIONS, d);
	d = dm_init(bufs[13], 4, 4096, sizeof(*d));
	d->target_count = 2;
	d->open_count = 1;
	d->event_nr = 4;
	dp = (void *)(bufs[13] + sizeof(*d));
	dp->count = 2;
	dp->dev[0] = 0x801;
	dp->dev[1] = 0x812;
	ioctl(-1, DM_TABLE_DEPS, d);
	d = dm_init(bufs[14], 4, 4096, sizeof(*d));
	d->target_count = 2;
	t = (void *)(bufs[14] + sizeof(*d));
	t->length = 2048;
	t->next = sizeof(*t) + 8;
	strcpy(t->target_type, "linear");
	t = (void *)((char *)t + t->next);
	t->sector_start = 2048;
	t->length = 2048;
	t->status = 1;
	strcpy(t->target_type, "striped");
	strcpy((char *)(t + 1), "2 64");
	/* At exit next counts from the first spec: the second's is 48. */
	t->next = 0;
	ioctl(-1, DM_TABLE_STATUS, d);
	d = dm_init(bufs[15], 4, 400, sizeof(*d));
	d->flags = DM_DATA_OUT_FLAG;
	q = bufs[15] + sizeof(*d);
	strcpy(q, "reply text");
	ioctl(-1, DM_TARGET_MSG, d);
	ioctl(-1, DM_DEV_STATUS, d);
}

/*
 * SG_IO's v3 and v4 headers on fd -1, edge a page's last 4 bytes: the
 * buffers they point to outside the struct are read from the process
 * when the line prints, so it stays a while at the end.
 */
static void sgio_ioctls(char *edge)
{
	static unsigned char cmd[6] = { 0x12, 0, 0, 0, 0x24, 0 };
	static unsigned char data[64], sense[32], resp[16];
	static struct iovec iov[3] = { { data, 3 }, { data + 8, 4 }, { data + 16, 5 } };
	static struct sg_io_hdr h[7];
	static struct sg_io_v4 q[3];
	int i;

	for (i = 0; i < 64; i++)
		data[i] = 0x40 + i;
	for (i = 0; i < 32; i++)
		sense[i] = 0xf0 + i;
	memcpy(resp, "resp\0\1\2\3\x80\x81", 10);
	ioctl(-1, SG_IO, NULL);
	ioctl(-1, SG_IO, edge + 2);
	*(uint32_t *)edge = 'S';
	ioctl(-1, SG_IO, edge);
	*(uint32_t *)edge = 'Q';
	ioctl(-1, SG_IO, edge);
	*(uint32_t *)edge = 0x1234;
	ioctl(-1, SG_IO, edge);
	for (i = 0; i < 7; i++) {
		h[i].interface_id = 'S';
		h[i].cmd_len = sizeof(cmd);
		h[i].cmdp = cmd;
		h[i].mx_sb_len = sizeof(sense);
		h[i].dxferp = data;
		h[i].dxfer_len = 40;
		h[i].sbp = sense;
		h[i].timeout = 20000;
		h[i].duration = 3;
	}
	h[0].dxfer_direction = SG_DXFER_NONE;
	h[0].dxferp = NULL;
	h[0].dxfer_len = 0;
	ioctl(-1, SG_IO, &h[0]);
	h[1].dxfer_direction = SG_DXFER_TO_DEV;
	h[1].flags = 0x10031;
	h[1].sb_len_wr = 18;
	h[1].status = 2;
	h[1].info = 1;
	ioctl(-1, SG_IO, &h[1]);
	h[2].dxfer_direction = SG_DXFER_FROM_DEV;
	h[2].resid = 30;
	h[2].host_status = 7;
	h[2].info = 0x1f;
	ioctl(-1, SG_IO, &h[2]);
	h[3].dxfer_direction = SG_DXFER_TO_FROM_DEV;
	h[3].resid = 38;
	ioctl(-1, SG_IO, &h[3]);
	h[4].dxfer_direction = SG_DXFER_TO_DEV;
	h[4].iovec_count = 3;
	h[4].dxferp = iov;
	h[4].dxfer_len = 10;
	ioctl(-1, SG_IO, &h[4]);
	h[5].dxfer_direction = -7;
	h[5].cmdp = (void *)(edge + 4);
	h[5].sbp = NULL;
	ioctl(-1, SG_IO, &h[5]);
	/* The data buffer inside the struct, as read with it. */
	h[6].dxfer_direction = SG_DXFER_TO_FROM_DEV;
	h[6].dxferp = &h[6].timeout;
	h[6].dxfer_len = 8;
	ioctl(-1, SG_IO, &h[6]);
	for (i = 0; i < 3; i++) {
		q[i].guard = 'Q';
		q[i].request_len = sizeof(cmd);
		q[i].request = (uintptr_t)cmd;
		q[i].request_tag = 0x77;
		q[i].max_response_len = sizeof(resp);
		q[i].response = (uintptr_t)resp;
		q[i].response_len = 10;
		q[i].dout_xfer_len = 20;
		q[i].dout_xferp = (uintptr_t)data;
		q[i].din_xfer_len = 12;
		q[i].din_xferp = (uintptr_t)(data + 32);
		q[i].timeout = 1000;
		q[i].usr_ptr = 0xdead;
		q[i].generated_tag = 5;
	}
	ioctl(-1, SG_IO, &q[0]);
	q[1].subprotocol = 2;
	q[1].flags = 0x30;
	q[1].info = 2;
	q[1].din_resid = 4;
	q[1].dout_iovec_count = 2;
	q[1].dout_xferp = (uintptr_t)iov;
	q[1].dout_xfer_len = 5;
	ioctl(-1, SG_IO, &q[1]);
	q[2].protocol = 3;
	q[2].subprotocol = 9;
	q[2].din_iovec_count = 3;
	q[2].din_xferp = (uintptr_t)iov;
	q[2].din_xfer_len = 100;
	q[2].din_resid = -1;
	ioctl(-1, SG_IO, &q[2]);
	/* Long enough for a reader a loaded machine holds back. */
	usleep(1000000);
}

/*
 * The seccomp listener's, the real-time clock's and the loop device's
 * ioctls; edge: 8 bytes before an unmapped page, for structs cut short.
 */
static void misc_ioctls(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	munmap(p + 4096, 4096);
	memset(p, 0, 4096);
	rtc_ioctls(p + 4088);
	loop_ioctls(p + 4088);
	more_ioctls(p + 4088);
	seccomp_ioctls(p + 4088);
}

/* Calls decoded by signature alone: ids, vectored I/O, xattrs, pidfds. */
static void misc(void)
{
	char buf[64] = "hello";
	struct iovec iov = { buf, 5 };
	int fd = open("misc.tmp", O_RDWR | O_CREAT | O_TRUNC, 0644);

	syscall(SYS_acct, "/nonexistent/acct");
	syscall(SYS_setreuid, -1, -1);
	syscall(SYS_setregid, -1, -1);
	syscall(SYS_setresuid, -1, -1, -1);
	syscall(SYS_setresgid, -1, -1, -1);
	syscall(SYS_setfsuid, -1);
	syscall(SYS_setfsgid, -1);
	syscall(SYS_pwritev, fd, &iov, 1, 0, 0);
	syscall(SYS_preadv, fd, &iov, 1, 0, 0);
	syscall(SYS_readahead, fd, 0, 4096);
	syscall(SYS_setxattr, "misc.tmp", "user.ferret", "v", 1, XATTR_CREATE);
	syscall(SYS_lsetxattr, "misc.tmp", "user.f2", "vv", 2, 0);
	syscall(SYS_fsetxattr, fd, "user.f3", "vvv", 3, XATTR_REPLACE);
	syscall(SYS_listxattr, "misc.tmp", buf, sizeof(buf));
	syscall(SYS_flistxattr, fd, buf, sizeof(buf));
	syscall(SYS_removexattr, "misc.tmp", "user.ferret");
	syscall(SYS_lremovexattr, "misc.tmp", "user.f2");
	syscall(SYS_fremovexattr, fd, "user.nonexistent");
	syscall(SYS_pkey_free, 99);
	syscall(SYS_sched_rr_get_interval, 0, (void *)buf);
	syscall(SYS_pidfd_getfd, -1, 0, 0);
	syscall(SYS_pidfd_send_signal, -1, 0, 0, 0);
	{
		/* A siginfo sent along: decoded, its uid -1 as -1. */
		siginfo_t si = { .si_signo = SIGUSR1, .si_code = SI_QUEUE };

		si.si_uid = (uid_t)-1;
		si.si_pid = 1;
		syscall(SYS_pidfd_send_signal, -1, SIGUSR2, &si, -1U);
	}
	syscall(SYS_process_mrelease, -1, 0);
	{
		/* process_madvise's ranges: addresses and lengths, not data. */
		struct iovec r[2] = { { buf, 4096 }, { NULL, 8192 } };

		syscall(SYS_process_madvise, -1, r, 2, MADV_COLD, 0);
		syscall(SYS_process_madvise, -1, r, 1, 0x77, 1);
	}
	/* AT_EACCESS, where AT_REMOVEDIR has the same value; AT_RECURSIVE. */
	syscall(SYS_faccessat2, -1, "/dev/full", F_OK, AT_EACCESS);
	syscall(SYS_fchownat, AT_FDCWD, "misc.tmp", -1, -1, AT_SYMLINK_NOFOLLOW | 0x8000);
	syscall(SYS_arch_prctl, 0x2001, 0);
	/* FALLOC_FL_ names and loff_t, a pointer for ARCH_GET_GS, __O_SYNC. */
	syscall(SYS_fallocate, -1, 0xdeadca75UL, 0xbadc0dedc0ffee57ULL, 0xbadc0ded8ffeef55ULL);
	syscall(SYS_arch_prctl, ARCH_GET_GS, 0);
	{
		/* XSAVE features read, one asked for that does not exist. */
		unsigned long long feat = 0;

		syscall(SYS_arch_prctl, ARCH_GET_CPUID, 0xdeadc0de);
		syscall(SYS_arch_prctl, ARCH_GET_XCOMP_SUPP, &feat);
		syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, NULL);
		syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, 0xdead);
	}
	{
		/* This process's personality read, changed, put back. */
		long per = syscall(SYS_personality, 0xffffffff);

		syscall(SYS_personality, PER_BSD | SHORT_INODE | 0x10000);
		syscall(SYS_personality, per);
	}
	syscall(SYS_openat, -1, "misc.tmp", 0x100000);
	{
		/* An absolute sleep: the time left is never written. */
		struct timespec at = { 1, 0 }, left;

		syscall(SYS_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, &at, &left);
	}
	close(fd);
	unlink("misc.tmp");
}

/*
 * prctl by option: names set and read (a long one cut), out-parameters
 * written and failed, values by name, unknown options in hex, annotated
 * returns.  Only options that change this process alone.
 */
static void prctls(void)
{
	char name[16] = "", *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long tid_addr = 0;
	int v = 0;

	if (page == MAP_FAILED)
		return;
	munmap(page + 4096, 4096);
	syscall(SYS_prctl, PR_SET_NAME, "wl-prctl");
	syscall(SYS_prctl, PR_SET_NAME, "a-name-longer-than-fifteen");
	syscall(SYS_prctl, PR_SET_NAME, NULL);
	syscall(SYS_prctl, PR_GET_NAME, name);
	syscall(SYS_prctl, PR_GET_NAME, page + 4096 - 8);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGUSR2);
	syscall(SYS_prctl, PR_GET_PDEATHSIG, &v);
	syscall(SYS_prctl, PR_GET_PDEATHSIG, NULL);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, 0);
	syscall(SYS_prctl, PR_GET_DUMPABLE);
	syscall(SYS_prctl, PR_SET_DUMPABLE, 1);
	syscall(SYS_prctl, PR_SET_DUMPABLE, 7);
	syscall(SYS_prctl, PR_GET_KEEPCAPS, 0xdead, 0xbeef);
	syscall(SYS_prctl, PR_SET_KEEPCAPS, 0);
	syscall(SYS_prctl, PR_CAPBSET_READ, 21);
	syscall(SYS_prctl, PR_CAPBSET_READ, 99);
	syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, 12, 0, 0);
	syscall(SYS_prctl, PR_GET_SECUREBITS);
	syscall(SYS_prctl, PR_GET_TIMERSLACK);
	syscall(SYS_prctl, PR_SET_TIMERSLACK, 50000);
	syscall(SYS_prctl, PR_GET_TID_ADDRESS, &tid_addr);
	syscall(SYS_prctl, PR_GET_CHILD_SUBREAPER, &v);
	syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 0, 1, 2, 3);
	syscall(SYS_prctl, PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0);
	syscall(SYS_prctl, PR_MCE_KILL_GET, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_TSC, &v);
	syscall(SYS_prctl, PR_SET_MM, PR_SET_MM_START_CODE, 0, 0, 0);
	syscall(SYS_prctl, 0xdead, 1, 2, 3, 4);
	/* Options x86-64 refuses (EINVAL), decoded all the same. */
	syscall(SYS_prctl, PR_SVE_SET_VL, PR_SVE_VL_INHERIT | 0x10000 | 0xea57);
	syscall(SYS_prctl, PR_SVE_GET_VL);
	syscall(SYS_prctl, PR_SME_SET_VL, 0xbad00000UL);
	syscall(SYS_prctl, PR_SET_TAGGED_ADDR_CTRL, 0x57ae57f4UL, 1, 2, 3);
	syscall(SYS_prctl, PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON,
		0xdeadbeeffacefeedUL, 0, NULL);
	syscall(SYS_prctl, PR_SET_VMA, PR_SET_VMA_ANON_NAME, NULL, 1,
		"a-name-for-an-anonymous-mapping-longer-than-32");
	syscall(SYS_prctl, PR_SET_VMA, PR_SET_VMA_ANON_NAME, NULL, 1,
		page + 4096 - 3);
	munmap(page, 4096);
}

/*
 * POSIX timers and timerfds: sigevents of each notification, itimerspecs
 * in and out (garbage tv_nsec shown unsigned), flags by name, failures.
 */
static void timers(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its = { { 0, 500000000 }, { 2, 0 } }, old;
	int id = -1, id2 = -1, fd;

	syscall(SYS_timer_create, CLOCK_REALTIME, NULL, NULL);
	syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &id);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR2;
	sev.sigev_value.sival_ptr = (void *)0xdeadbeefUL;
	syscall(SYS_timer_create, CLOCK_BOOTTIME, &sev, &id2);
	sev.sigev_notify = 0x1234;
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &id2);
	syscall(SYS_timer_settime, id, 0, &its, &old);
	syscall(SYS_timer_settime, id, TIMER_ABSTIME | 0x10, &its, NULL);
	syscall(SYS_timer_gettime, id, &old);
	syscall(SYS_timer_getoverrun, id);
	syscall(SYS_timer_delete, id);
	syscall(SYS_timer_delete, id);
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	its.it_interval.tv_nsec = -1;
	syscall(SYS_timerfd_settime, fd, TFD_TIMER_ABSTIME, &its, &old);
	its.it_interval.tv_nsec = 0;
	syscall(SYS_timerfd_settime, fd, 0, &its, &old);
	syscall(SYS_timerfd_gettime, fd, &old);
	syscall(SYS_timerfd_gettime, -1, &old);
	close(fd);
}

/*
 * POSIX message queues: open with and without O_CREAT (attributes in
 * hex), send and receive with priorities and timeouts, notify with a
 * sigevent, get and set attributes (flags by name), failures.  The
 * queue is removed at the end.  The system call takes the name without
 * the slash mq_open(3) strips.
 */
static void mqueues(void)
{
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 16 }, old;
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec ts = { 0, 0 };
	char buf[16];
	unsigned prio = 0;
	int q;

	q = syscall(SYS_mq_open, "ferret-wl", O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	syscall(SYS_mq_open, "ferret-wl-none", O_RDONLY);
	syscall(SYS_mq_timedsend, q, "hello", 5, 7, NULL);
	syscall(SYS_mq_timedsend, q, "world!", 6, 1, &ts);
	syscall(SYS_mq_timedreceive, q, buf, sizeof(buf), &prio, NULL);
	syscall(SYS_mq_timedreceive, q, buf, 4, &prio, &ts);
	syscall(SYS_mq_notify, q, &sev);
	syscall(SYS_mq_notify, q, NULL);
	attr.mq_flags = O_NONBLOCK;
	syscall(SYS_mq_getsetattr, q, &attr, &old);
	syscall(SYS_mq_getsetattr, q, NULL, &old);
	syscall(SYS_mq_getsetattr, -1, NULL, &old);
	close(q);
	syscall(SYS_mq_unlink, "ferret-wl");
	syscall(SYS_mq_unlink, "ferret-wl");
}

/*
 * Calls whose arguments only needed names, a loff_t or an int in or
 * out: scheduling parameters, memory locking flags, protection keys,
 * splice flags, signalfds, time().  Each fails or changes nothing that
 * outlives the process.
 */
static void more2(void)
{
	struct sched_param sp = { 0 };
	struct timespec ts = { 0, 0 };
	char page[64] = "abcd";
	struct iovec iov = { page, 4 };
	sigset_t mask;
	time_t t;
	int fd;

	syscall(SYS_clock_settime, -1, &ts);
	syscall(SYS_sched_get_priority_max, SCHED_FIFO);
	syscall(SYS_sched_get_priority_min, 99);
	syscall(SYS_sched_setparam, 0, &sp);
	syscall(SYS_sched_getparam, 0, &sp);
	syscall(SYS_sched_getparam, 0, NULL);
	syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &sp);
	syscall(SYS_mlockall, MCL_FUTURE | 0x80);
	syscall(SYS_munlockall);
	syscall(SYS_mlock2, NULL, 0, MLOCK_ONFAULT | 0x10);
	syscall(SYS_pkey_alloc, 0, PKEY_DISABLE_WRITE);
	syscall(SYS_sync_file_range, -1, 0x100000000LL, 4096, SYNC_FILE_RANGE_WRITE);
	syscall(SYS_vmsplice, -1, &iov, 1, SPLICE_F_GIFT);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	fd = syscall(SYS_signalfd, -1, &mask, 8);
	close(fd);
	fd = syscall(SYS_signalfd4, -1, &mask, 8, SFD_CLOEXEC | SFD_NONBLOCK);
	close(fd);
	syscall(SYS_time, NULL);
	syscall(SYS_time, &t);
	syscall(SYS_swapoff, "/nonexistent-swap");
	syscall(SYS_pivot_root, "/nonexistent-new", "/nonexistent-old");
}

/*
 * capget and capset: each header version (the data's size follows it),
 * an unknown version, NULL data, and a capset that drops nothing the
 * process keeps (the effective set, in this process only).
 */
static void caps(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	syscall(SYS_capget, &h, d);
	syscall(SYS_capget, &h, NULL);
	d[0].effective = d[1].effective = 0;
	syscall(SYS_capset, &h, d);
	h.version = 0x12345;
	syscall(SYS_capget, &h, d);
	h.version = _LINUX_CAPABILITY_VERSION_1;
	h.pid = getpid();
	syscall(SYS_capget, &h, d);
}

/*
 * Queued signals: rt_sigtimedwait timing out, then taking a signal from
 * kill() and one from rt_sigqueueinfo and rt_tgsigqueueinfo, whose
 * siginfo carries a value.
 */
static void sigqueue_(void)
{
	struct timespec ts = { 0, 1000 };
	siginfo_t si;
	sigset_t m;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	sigprocmask(SIG_BLOCK, &m, NULL);
	syscall(SYS_rt_sigtimedwait, &m, &si, &ts, 8);
	kill(getpid(), SIGUSR1);
	syscall(SYS_rt_sigtimedwait, &m, &si, NULL, 8);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	si.si_value.sival_int = 42;
	syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &si);
	syscall(SYS_rt_sigtimedwait, &m, NULL, NULL, 8);
	syscall(SYS_rt_tgsigqueueinfo, getpid(), getpid(), SIGUSR1, &si);
	syscall(SYS_rt_sigtimedwait, &m, &si, NULL, 8);
}

/*
 * System V IPC: a shared memory segment, a semaphore set and a message
 * queue, each created, used and removed; a key that finds nothing.
 */
static void sysv_ipc(void)
{
	struct sembuf sb[2] = { { 0, 1, SEM_UNDO }, { 0, -1, IPC_NOWAIT } };
	struct { long mtype; char mtext[8]; } m = { 1, "hi" };
	int id = syscall(SYS_shmget, IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	void *p = (void *)syscall(SYS_shmat, id, NULL, SHM_RDONLY);

	union {
		struct shmid_ds shm;
		struct shminfo si;
		struct shm_info sinfo;
		struct semid_ds sem;
		struct seminfo semi;
		struct msqid_ds msq;
		struct msginfo mi;
	} u;

	syscall(SYS_shmdt, p);
	/* The structs each ctl command reads or fills; a set that changes nothing. */
	syscall(SYS_shmctl, id, IPC_STAT, &u.shm);
	syscall(SYS_shmctl, id, IPC_SET, &u.shm);
	syscall(SYS_shmctl, id, IPC_INFO, &u.si);
	syscall(SYS_shmctl, id, SHM_INFO, &u.sinfo);
	syscall(SYS_shmctl, id, IPC_RMID, NULL);
	syscall(SYS_shmget, 0x7e57, 0, 0);
	syscall(SYS_shmget, 0x7e57, 0, SHM_NORESERVE | (21U << 26) | 0644);
	id = syscall(SYS_semget, IPC_PRIVATE, 1, IPC_CREAT | IPC_EXCL | 0600);
	syscall(SYS_semop, id, sb, 2);
	syscall(SYS_semtimedop, id, sb, 1, NULL);
	syscall(SYS_semctl, id, 0, IPC_STAT, &u.sem);
	syscall(SYS_semctl, id, 0, SEM_INFO, &u.semi);
	syscall(SYS_semctl, id, 0, IPC_RMID, 0);
	id = syscall(SYS_msgget, IPC_PRIVATE, IPC_CREAT | 0644);
	syscall(SYS_msgsnd, id, &m, 3, IPC_NOWAIT);
	syscall(SYS_msgctl, id, IPC_STAT, &u.msq);
	syscall(SYS_msgctl, id, IPC_INFO, &u.mi);
	syscall(SYS_msgrcv, id, &m, 8, 0, IPC_NOWAIT | MSG_NOERROR);
	syscall(SYS_msgrcv, id, &m, 8, -5L, IPC_NOWAIT);
	syscall(SYS_msgctl, id, IPC_RMID, NULL);
}

/*
 * I/O priorities of this process alone (never IOPRIO_WHO_USER: that
 * would change every process of the user) and kcmp by type.
 */
static void prio(void)
{
	syscall(SYS_ioprio_get, IOPRIO_WHO_PROCESS, 0);
	syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, 0, IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4));
	syscall(SYS_ioprio_get, IOPRIO_WHO_PROCESS, 0);
	syscall(SYS_ioprio_set, 9, 0, 0xdead);
	syscall(SYS_kcmp, getpid(), getpid(), KCMP_FILE, 0, 0);
	syscall(SYS_kcmp, getpid(), getpid(), KCMP_VM, 1, 2);
	syscall(SYS_kcmp, getpid(), getpid(), KCMP_EPOLL_TFD, 1, 2);
	syscall(SYS_kcmp, getpid(), getpid(), 99, 1, 2);
}

/*
 * sendmmsg and recvmmsg: two datagrams over loopback UDP with their
 * addresses, one sent to a name the kernel refuses, a receive with a
 * timeout that finds nothing, and a bad descriptor.
 */
/*
 * Classic BPF programs: a seccomp filter through prctl and seccomp (one
 * too large to show whole under -v, one cut by an unmapped page, an
 * empty one), and a socket filter set, set with a bad length, and read
 * back.
 */
static long sys_bpf(int cmd, void *attr, unsigned size)
{
	return syscall(__NR_bpf, cmd, attr, size);
}

/*
 * bpf(2): a map and a program that load, their elements and info, then
 * failures: fd -1, a short size, bytes past the struct, an attr that
 * ends a mapping and one that runs past it, NULL, an unknown command.
 */
static void bpf_sys(void)
{
	static const struct bpf_insn prog[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	long pg = sysconf(_SC_PAGESIZE);
	unsigned char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	union bpf_attr a, *end;
	struct bpf_prog_info pi;
	struct bpf_map_info mi;
	static char log[4096];
	uint32_t key = 1, ids[2];
	struct bpf_insn xl[4];
	uint64_t val = 42;
	int map, fd;

	munmap(m + pg, pg);
	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 2;
	strcpy(a.map_name, "ferret_map");
	map = sys_bpf(BPF_MAP_CREATE, &a, 72);
	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&val;
	sys_bpf(BPF_MAP_UPDATE_ELEM, &a, 32);
	a.flags = BPF_F_LOCK;
	sys_bpf(BPF_MAP_LOOKUP_ELEM, &a, 32);
	a.flags = 0;
	sys_bpf(BPF_MAP_LOOKUP_ELEM, &a, 32);
	a.next_key = (uintptr_t)&val;
	sys_bpf(BPF_MAP_GET_NEXT_KEY, &a, 24);
	sys_bpf(BPF_MAP_DELETE_ELEM, &a, 16);

	/* A page never touched reads as nothing from BPF, where strace sees zeros. */
	memset(log, 0, sizeof(log));
	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = 2;
	a.insns = (uintptr_t)prog;
	a.license = (uintptr_t)"GPL";
	a.log_level = 1;
	a.log_size = sizeof(log);
	a.log_buf = (uintptr_t)log;
	a.kern_version = KERNEL_VERSION(6, 1, 0);
	strcpy(a.prog_name, "ferret_prog");
	fd = sys_bpf(BPF_PROG_LOAD, &a, 128);

	memset(&a, 0, sizeof(a));
	memset(&mi, 0, sizeof(mi));
	a.info.bpf_fd = map;
	a.info.info_len = 88;
	a.info.info = (uintptr_t)&mi;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	memset(&pi, 0, sizeof(pi));
	memset(xl, 0, sizeof(xl));
	pi.xlated_prog_len = sizeof(xl);
	pi.xlated_prog_insns = (uintptr_t)xl;
	pi.nr_map_ids = 2;
	pi.map_ids = (uintptr_t)ids;
	a.info.bpf_fd = fd;
	a.info.info_len = 220;
	a.info.info = (uintptr_t)&pi;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);

	/* Failures. */
	memset(&a, 0, sizeof(a));
	a.map_fd = -1;
	a.key = 0xdeadbeef;
	sys_bpf(BPF_MAP_LOOKUP_ELEM, &a, 32);
	a.map_type = BPF_MAP_TYPE_HASH;
	sys_bpf(BPF_MAP_CREATE, &a, 4);
	memset(m, 0, pg);
	m[200] = 1;
	((union bpf_attr *)m)->map_fd = -1;
	sys_bpf(BPF_MAP_FREEZE, m, 256);
	end = (union bpf_attr *)(m + pg - 16);
	end->map_fd = -1;
	end->key = 0x1234;
	sys_bpf(BPF_MAP_DELETE_ELEM, end, 16);
	sys_bpf(BPF_MAP_LOOKUP_ELEM, end, 32);
	sys_bpf(BPF_MAP_CREATE, NULL, 72);
	sys_bpf(999, &a, 16);
	memset(&a, 0, sizeof(a));
	a.pathname = (uintptr_t)"/nonexistent/ferret";
	a.bpf_fd = -1;
	a.file_flags = BPF_F_RDONLY;
	sys_bpf(BPF_OBJ_GET, &a, 16);
	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)"sys_enter";
	a.raw_tracepoint.prog_fd = -1;
	sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a, 16);
	memset(&a, 0, sizeof(a));
	a.query.target_fd = -1;
	a.query.attach_type = BPF_CGROUP_INET_EGRESS;
	a.query.query_flags = BPF_F_QUERY_EFFECTIVE;
	a.query.prog_ids = (uintptr_t)ids;
	a.query.prog_cnt = 2;
	sys_bpf(BPF_PROG_QUERY, &a, 28);
	memset(&a, 0, sizeof(a));
	a.test.prog_fd = -1;
	a.test.repeat = 3;
	sys_bpf(BPF_PROG_TEST_RUN, &a, 76);
	memset(&a, 0, sizeof(a));
	a.btf_id = 0xfffffff0;
	sys_bpf(BPF_BTF_GET_FD_BY_ID, &a, 4);
	close(fd);
	close(map);
	munmap(m, pg);
}

static void bpf_filters(void)
{
	struct sock_filter sk[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_LL_OFF + 4),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, SKF_NET_OFF + 2),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_PKTTYPE),
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, 7, 1, 0),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_X, 0),
		BPF_STMT(BPF_ST, 3),
		BPF_STMT(BPF_RET | BPF_A, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
	};
	struct sock_filter sc[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, 0x00420000),
	};
	/* Refused: an ancillary offset no kernel has, an opcode no class has. */
	struct sock_filter bad[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + 0x7c),
		BPF_STMT(BPF_RET | 0x40, 0),
	};
	struct sock_fprog pb = { 2, bad };
	struct sock_fprog p = { sizeof(sk) / sizeof(sk[0]), sk };
	struct sock_fprog q = { sizeof(sc) / sizeof(sc[0]), sc }, r;
	struct sock_filter back[16];
	socklen_t len = 16;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0 || m == MAP_FAILED)
		exit(1);
	setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &p, sizeof(p));
	setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &p, 12);
	setsockopt(fd, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &pb, sizeof(pb));
	getsockopt(fd, SOL_SOCKET, SO_GET_FILTER, back, &len);
	close(fd);
	/* Two instructions, the second on a page that is gone. */
	munmap(m + pg, pg);
	memcpy(m + pg - sizeof(sc[0]), &sc[3], sizeof(sc[0]));
	r.len = 2;
	r.filter = (struct sock_filter *)(m + pg - sizeof(sc[0]));
	syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &r);
	r.len = 0;
	syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &r);
	r.len = 4097;
	r.filter = calloc(4097, sizeof(sc[0]));
	syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &r);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &q, 0, 0);
	printf("getppid: %ld\n", (long)syscall(__NR_getppid));
	free(r.filter);
}

/*
 * Memory that ends before what a call says: a signal set shorter than 8
 * bytes that ends a mapping (rt_sigpending), buffers that run past one
 * (write), and the size sched_setattr writes back when it refuses one.
 */
static void partial(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned sizes[] = { 4, 2, 1 }, i;
	uint32_t *attr;
	sigset_t set;

	if (m == MAP_FAILED)
		exit(1);
	munmap(m + pg, pg);
	sigemptyset(&set);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGHUP);
	for (i = 0; i < 3; i++)
		syscall(__NR_rt_sigpending, m + pg - sizes[i], sizes[i]);
	/* Buffers longer than their mapping: -s's worth of it there, or not. */
	memset(m + pg - 64, 'w', 64);
	syscall(__NR_write, -1, m + pg - 56, 64);
	syscall(__NR_write, -1, m + pg - 33, 64);
	syscall(__NR_write, -1, m + pg - 32, 64);
	syscall(__NR_write, -1, m + pg - 32, 32);
	syscall(__NR_write, -1, m + pg - 8, 64);
	/* futex_waitv: one waiter whose value differs, then two, the second past the mapping. */
	{
		static uint32_t word = 1;
		struct futex_waitv *w = (struct futex_waitv *)(m + pg - sizeof(*w));
		struct timespec ts = { 0, 1000 };

		memset(w, 0, sizeof(*w));
		w->uaddr = (uintptr_t)&word;
		w->flags = FUTEX_32 | FUTEX_PRIVATE_FLAG;
		syscall(__NR_futex_waitv, w, 1, 0, &ts, CLOCK_MONOTONIC);
		syscall(__NR_futex_waitv, w, 2, 0, NULL, CLOCK_REALTIME);
		syscall(__NR_futex_waitv, NULL, 0, 0x1, NULL, 42);
	}
	attr = (uint32_t *)(m + pg - 64);
	memset(attr, 0, 64);
	attr[0] = 1;
	syscall(__NR_sched_setattr, 0, attr, 0);
	attr[0] = 60;
	attr[14] = 1;
	syscall(__NR_sched_setattr, 0, attr, 0);
}

/*
 * -e read= and -e write= of long buffers: dumped whole, offsets six
 * digits wide past 1 MiB, a buffer that runs off its mapping dumped up
 * to the 64 KiB read that fails, a read past 8 KiB, one past what the
 * program reads in the kernel (the rest from the process), and calls
 * that are not dumped (readlink, getrandom).
 */
static void big_dumps(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), n = (1 << 20) + 65536, i;
	char *m = mmap(NULL, n + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *big = malloc(5 << 20), link[64];
	int out = open("/dev/null", O_WRONLY), in = open("/dev/zero", O_RDONLY);

	if (m == MAP_FAILED || !big || out < 0 || in < 0)
		exit(1);
	munmap(m + n, pg);
	for (i = 0; i < n; i++)
		m[i] = (char)(i * 7);
	for (i = 0; i < (size_t)(5 << 20); i++)
		big[i] = (char)(i % 251);
	dup2(out, 7);
	dup2(in, 8);
	syscall(__NR_write, 7, m, 20000);
	syscall(__NR_write, 7, m, (size_t)1 << 20);
	syscall(__NR_write, 7, m, ((size_t)1 << 20) + 1);
	syscall(__NR_write, 7, m, n + 1);
	syscall(__NR_write, 7, m + 100, n);
	syscall(__NR_write, 7, m + n - 3 * 65536, 65536 + 1);
	syscall(__NR_pwrite64, 7, m, 9000, 0);
	syscall(__NR_write, 7, big, 5 << 20);
	syscall(__NR_read, 8, m, 20000);
	syscall(__NR_pread64, 8, m, 70000, 0);
	syscall(__NR_readlink, "/proc/self/exe", link, sizeof(link));
	/* The line of the long write is read while the process still lives. */
	usleep(300000);
	free(big);
}

/*
 * A flood of calls with long strings (add_key's payload, -s 4096): the
 * reader quotes every byte and falls behind the tracee, which ferret
 * never stops; no line may be lost.
 */
static void string_flood(void)
{
	static char p[8192];
	int i;

	for (i = 0; i < (int)sizeof(p); i++)
		p[i] = (char)('a' + i % 26);
	for (i = 0; i < 40000; i++)
		syscall(__NR_add_key, NULL, NULL, p + i % 4096, 4096 - i % 97, KEY_SPEC_THREAD_KEYRING);
}

/*
 * execve of a path on a page the process never touched (BPF cannot read
 * it at the entry; the call faults it in, and fails), then of a path
 * that exists, which replaces the image the exit would read.
 */
static void exec_untouched(void)
{
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *argv[] = { "true", NULL }, *envp[] = { NULL };

	if (p == MAP_FAILED)
		exit(1);
	syscall(__NR_execve, p, argv, envp);
	syscall(__NR_execve, "/bin/true", argv, envp);
}

/*
 * sendmsg and recvmsg with more iovecs than the kernel's read holds
 * buffers of (four), past -s's count, with a name; the process stays
 * a while, as the buffers past the fourth are read from it.
 */
static void msg_iovs(void)
{
	static char bufs[40][8], rb[40][8];
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct iovec iov[40], riov[40];
	struct msghdr m;
	int sv[2], i;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		exit(1);
	for (i = 0; i < 40; i++) {
		memset(bufs[i], 'a' + i % 26, 8);
		iov[i].iov_base = bufs[i];
		iov[i].iov_len = 1 + i % 8;
		riov[i].iov_base = rb[i];
		riov[i].iov_len = 3;
	}
	memset(&m, 0, sizeof(m));
	m.msg_iov = iov;
	m.msg_iovlen = 12;
	m.msg_name = &sa;
	m.msg_namelen = sizeof(sa.sun_family);
	sendmsg(sv[0], &m, 0);
	m.msg_name = NULL;
	m.msg_namelen = 0;
	sendmsg(sv[0], &m, 0);
	m.msg_iovlen = 40;
	sendmsg(sv[0], &m, 0);
	m.msg_iov = riov;
	recvmsg(sv[1], &m, 0);
	m.msg_iovlen = 12;
	recvmsg(sv[1], &m, 0);
	usleep(300000);
}

/*
 * SCM_RIGHTS messages longer than 256 bytes: 2,000 descriptors, and one
 * whose cmsg_len runs past net.core.optmem_max, which strace reads at
 * most (-v shows every descriptor read).
 */
static void scm_many(void)
{
	size_t big = 262144, i;
	unsigned char *ctl = malloc(big);
	struct cmsghdr *h = (struct cmsghdr *)ctl;
	struct msghdr m;
	int sv[2];

	if (!ctl || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		exit(1);
	memset(ctl, 0xff, big);
	memset(&m, 0, sizeof(m));
	h->cmsg_len = CMSG_LEN(2000 * sizeof(int));
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	m.msg_control = ctl;
	m.msg_controllen = CMSG_SPACE(2000 * sizeof(int));
	sendmsg(sv[0], &m, 0);
	h->cmsg_len = big;
	m.msg_controllen = big;
	sendmsg(sv[0], &m, 0);
	for (i = 0; i < 3; i++)
		close(sv[i % 2]);
	free(ctl);
}

/*
 * sendmmsg and recvmmsg: an array that runs into an unmapped page, six
 * messages (past the four the kernel reads, from the process, which
 * stays a while), names of each length, msg_namelen given short.
 */
static void mmsg_edges(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	static char data[6][2], rdata[6][4];
	static struct sockaddr_un names[6], from[6];
	struct iovec iov[6], riov[6];
	struct mmsghdr v[6], rv[6], *cut;
	int sv[2], i;

	if (m == MAP_FAILED || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		exit(1);
	munmap(m + pg, pg);
	memset(v, 0, sizeof(v));
	memset(rv, 0, sizeof(rv));
	for (i = 0; i < 6; i++) {
		data[i][0] = (char)('0' + i);
		iov[i].iov_base = data[i];
		iov[i].iov_len = 1;
		v[i].msg_hdr.msg_iov = &iov[i];
		v[i].msg_hdr.msg_iovlen = 1;
		riov[i].iov_base = rdata[i];
		riov[i].iov_len = sizeof(rdata[i]);
		rv[i].msg_hdr.msg_iov = &riov[i];
		rv[i].msg_hdr.msg_iovlen = 1;
		rv[i].msg_hdr.msg_name = &from[i];
		rv[i].msg_hdr.msg_namelen = i == 0 ? 0 : i == 1 ? 1 : sizeof(from[i]);
	}
	sendmmsg(sv[0], v, 6, 0);
	recvmmsg(sv[1], rv, 6, MSG_DONTWAIT, NULL);
	for (i = 0; i < 6; i++) {
		names[i].sun_family = AF_UNIX;
		memset(names[i].sun_path, 'a' + i, (size_t)i);
		v[i].msg_hdr.msg_name = &names[i];
		v[i].msg_hdr.msg_namelen = (socklen_t)(sizeof(sa_family_t) + (size_t)i);
	}
	sendmmsg(-1, v, 6, 0);
	cut = (struct mmsghdr *)(m + pg - sizeof(*cut));
	memcpy(cut, &v[0], sizeof(*cut));
	sendmmsg(-1, cut, 2, MSG_DONTWAIT);
	usleep(300000);
}

/*
 * -y: descriptors an SCM_RIGHTS message passes, closed by the sender and
 * received after an SCM_CREDENTIALS message, by a process that exits at
 * once: their paths come from what the sender's named.
 */
static void scm_pass(void)
{
	union { struct cmsghdr h; char b[CMSG_SPACE(2 * sizeof(int))]; } u;
	char rctl[256], d = 'x', rd;
	struct iovec iov = { &d, 1 }, riov = { &rd, 1 };
	struct msghdr m;
	int sv[2], one = 1, fds[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		exit(1);
	setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
	fds[0] = open("/dev/null", O_RDONLY);
	fds[1] = open("/dev/zero", O_RDONLY);
	memset(&m, 0, sizeof(m));
	memset(&u, 0, sizeof(u));
	u.h.cmsg_len = CMSG_LEN(sizeof(fds));
	u.h.cmsg_level = SOL_SOCKET;
	u.h.cmsg_type = SCM_RIGHTS;
	memcpy(CMSG_DATA(&u.h), fds, sizeof(fds));
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = u.b;
	m.msg_controllen = sizeof(u.b);
	sendmsg(sv[1], &m, 0);
	close(fds[0]);
	close(fds[1]);
	m.msg_iov = &riov;
	m.msg_control = rctl;
	m.msg_controllen = sizeof(rctl);
	recvmsg(sv[0], &m, 0);
	_exit(0);
}

static void mmsgs(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof(a);
	char d1[] = "query-one", d2[] = "second", r1[32], r2[32];
	struct iovec iov[3] = { { d1, 9 }, { d2, 6 }, { d1, 3 } };
	struct iovec riov[2] = { { r1, sizeof(r1) }, { r2, sizeof(r2) } };
	struct sockaddr_in from[2];
	struct mmsghdr m[2], rm[2];
	struct timespec ts = { 0, 1000000 };
	int s = socket(AF_INET, SOCK_DGRAM, 0), i;

	bind(s, (struct sockaddr *)&a, sizeof(a));
	getsockname(s, (struct sockaddr *)&a, &al);
	memset(m, 0, sizeof(m));
	memset(rm, 0, sizeof(rm));
	for (i = 0; i < 2; i++) {
		m[i].msg_hdr.msg_name = &a;
		m[i].msg_hdr.msg_namelen = sizeof(a);
		m[i].msg_hdr.msg_iov = &iov[i];
		m[i].msg_hdr.msg_iovlen = 1;
		rm[i].msg_hdr.msg_name = &from[i];
		rm[i].msg_hdr.msg_namelen = sizeof(from[i]);
		rm[i].msg_hdr.msg_iov = &riov[i];
		rm[i].msg_hdr.msg_iovlen = 1;
	}
	m[1].msg_hdr.msg_iovlen = 2;
	syscall(SYS_sendmmsg, s, m, 2, MSG_DONTWAIT);
	syscall(SYS_recvmmsg, s, rm, 2, MSG_DONTWAIT, NULL);
	syscall(SYS_recvmmsg, s, rm, 2, MSG_DONTWAIT, &ts);
	m[1].msg_hdr.msg_namelen = 3;
	syscall(SYS_sendmmsg, s, m, 2, 0);
	syscall(SYS_sendmmsg, -1, m, 2, 0);
	close(s);
}

static volatile sig_atomic_t usr1_seen;

static void on_usr1(int sig __attribute__((unused)))
{
	usr1_seen++;
}

static void *chdir_thread(void *arg __attribute__((unused)))
{
	int i;

	for (i = 0; i < 3; i++)
		printf("thread chdir %d: %ld\n", i, syscall(SYS_chdir, "."));
	return NULL;
}

/*
 * For -e inject=: calls whose results show what was injected, printed
 * to stdout, so that a run under ferret and one under strace can be
 * compared by what the program saw as well as by their traces.  Each
 * thread and process counts its own calls (when=).
 */
static void inject(void)
{
	pthread_t t;
	pid_t pid;
	int i;

	signal(SIGUSR1, on_usr1);
	for (i = 0; i < 4; i++) {
		long r = syscall(SYS_chdir, ".");

		printf("chdir %d: %ld %s\n", i, r, r < 0 ? strerror(errno) : "");
	}
	printf("getppid: %ld\n", syscall(SYS_getppid));
	printf("geteuid: %lu\n", (unsigned long)syscall(SYS_geteuid));
	printf("usr1: %d\n", (int)usr1_seen);
	fflush(stdout);
	pthread_create(&t, NULL, chdir_thread, NULL);
	pthread_join(t, NULL);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("child chdir: %ld\n", syscall(SYS_chdir, "."));
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	printf("usr1: %d\n", (int)usr1_seen);
}

/*
 * io_uring_setup and io_uring_register (a real ring, a bad descriptor,
 * NULL, unknown opcodes, arrays that end a mapping) and perf_event_open
 * (NULL, a short attr, one that ends a mapping, an unknown type);
 * _sysctl's struct.
 */
/*
 * keyctl's commands: NULL, unknown values, strings and structs that end
 * a mapping, filled structs, and real keys read back.
 */
static void keyctls(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *end, *buf;
	struct iovec *iov;
	int32_t *dh;
	uint32_t *pk;
	uint64_t *kdf;
	long key;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	end = m + 4096;
	buf = m + 2048;
	memset(m, 0, 4096);
	syscall(__NR_keyctl, 0xbadc0de, 1, 2, 3, 4);
	syscall(__NR_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0);
	syscall(__NR_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL);
	memcpy(end - 5, "tail!", 5);
	syscall(__NR_keyctl, KEYCTL_JOIN_SESSION_KEYRING, end - 5);
	strcpy(m, "a keyring name longer than -s");
	syscall(__NR_keyctl, KEYCTL_SEARCH, KEY_SPEC_THREAD_KEYRING, "user", m, 0);
	syscall(__NR_keyctl, KEYCTL_RESTRICT_KEYRING, -12345, end - 5, NULL);
	syscall(__NR_keyctl, KEYCTL_UPDATE, 77, "payload\1\2", 9);
	syscall(__NR_keyctl, KEYCTL_INSTANTIATE, 77, end - 3, 3, KEY_SPEC_USER_KEYRING);
	syscall(__NR_keyctl, KEYCTL_INSTANTIATE, 77, end - 3, 4, KEY_SPEC_USER_KEYRING);
	syscall(__NR_keyctl, KEYCTL_CHOWN, 77, -1, 1000);
	syscall(__NR_keyctl, KEYCTL_SETPERM, 77, 0x3f010000 | 0x40);
	syscall(__NR_keyctl, KEYCTL_SET_REQKEY_KEYRING, 99);
	syscall(__NR_keyctl, KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_NO_CHANGE);
	syscall(__NR_keyctl, KEYCTL_REJECT, 77, 5, ENOKEY, 0);
	syscall(__NR_keyctl, KEYCTL_REJECT, 77, 5, 5000, 0);
	syscall(__NR_keyctl, KEYCTL_MOVE, 77, -1, -2, 3);
	syscall(__NR_keyctl, KEYCTL_NEGATE, 77, 60, -3);
	syscall(__NR_keyctl, KEYCTL_GET_PERSISTENT, -1, -20);
	iov = (struct iovec *)(m + 512);
	iov[0].iov_base = "first";
	iov[0].iov_len = 6;
	iov[1].iov_base = m;
	iov[1].iov_len = 30;
	iov[2].iov_base = end - 2;
	iov[2].iov_len = 4;
	iov[3].iov_base = NULL;
	iov[3].iov_len = 0;
	iov[4].iov_base = "fifth, past what is read at once";
	iov[4].iov_len = 12;
	syscall(__NR_keyctl, KEYCTL_INSTANTIATE_IOV, 77, iov, 5, 0);
	syscall(__NR_keyctl, KEYCTL_INSTANTIATE_IOV, 77, end - 16, 2, 0);
	dh = (int32_t *)(end - 12);
	dh[0] = KEY_SPEC_USER_KEYRING;
	dh[1] = 5;
	dh[2] = -77;
	kdf = (uint64_t *)(m + 1024);
	kdf[0] = (uintptr_t)"sha256";
	kdf[1] = (uintptr_t)"other\377info";
	kdf[2] = 10 | (uint64_t)0xabc << 32;
	syscall(__NR_keyctl, KEYCTL_DH_COMPUTE, dh, buf, 16, kdf);
	syscall(__NR_keyctl, KEYCTL_DH_COMPUTE, end - 8, buf, 16, end - 8);
	syscall(__NR_keyctl, KEYCTL_PKEY_QUERY, 77, 0, "enc=pkcs1", buf);
	pk = (uint32_t *)(end - 40);
	memset(pk, 0, 40);
	pk[0] = 77;
	pk[1] = 4;
	pk[2] = 3;
	pk[5] = 0xbeef;
	syscall(__NR_keyctl, KEYCTL_PKEY_ENCRYPT, pk, "enc=raw", "abcd", buf);
	syscall(__NR_keyctl, KEYCTL_PKEY_VERIFY, pk, "", "abcd", "xyz");
	syscall(__NR_keyctl, KEYCTL_PKEY_SIGN, end - 20, "", "abcd", buf);
	key = syscall(__NR_add_key, "user", "ferret:test", "secret data", 11,
		      KEY_SPEC_PROCESS_KEYRING);
	if (key > 0) {
		syscall(__NR_keyctl, KEYCTL_DESCRIBE, key, buf, 4);
		syscall(__NR_keyctl, KEYCTL_DESCRIBE, key, buf, 200);
		syscall(__NR_keyctl, KEYCTL_READ, key, buf, 200);
		syscall(__NR_keyctl, KEYCTL_READ, key, buf, 5);
		syscall(__NR_keyctl, KEYCTL_GET_SECURITY, key, buf, 200);
		syscall(__NR_keyctl, KEYCTL_SET_TIMEOUT, key, 1000);
		syscall(__NR_keyctl, KEYCTL_INVALIDATE, key);
	}
	syscall(__NR_keyctl, KEYCTL_READ, -1, NULL, 10);
	syscall(__NR_keyctl, KEYCTL_CAPABILITIES, buf, 4);
	syscall(__NR_keyctl, KEYCTL_CAPABILITIES, end - 1, 4);
	syscall(__NR_keyctl, KEYCTL_SESSION_TO_PARENT);
	munmap(m, 4096);
}

/*
 * fsconfig's commands on a descriptor that is no fs context: keys and
 * values cut at -s and at a mapping's end, a blob in hex, paths, and the
 * aux descriptor.
 */
static void fsconfigs(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *end;
	int fd = open("/dev/null", O_RDONLY);

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	end = m + 4096;
	memset(m, 'k', 4096);
	m[300] = 0;
	memcpy(end - 4, "abc", 4);
	syscall(__NR_fsconfig, fd, 0xdead, end - 4, m, -1);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_FLAG, "ro", NULL, 0);
	syscall(__NR_fsconfig, -1, FSCONFIG_SET_FLAG, m, NULL, 0);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_STRING, "source", end - 4, 0);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_STRING, end - 2, "x", 0);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_BINARY, "blob", "\1\2\3zz", 5);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_BINARY, "blob", end - 4, 8);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_BINARY, "blob", end - 4, -1);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_BINARY, "blob", m, 200);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_PATH, "dir", "/dev/null", AT_FDCWD);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_PATH_EMPTY, "dir", "", fd);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_PATH, "dir", m, -1);
	syscall(__NR_fsconfig, fd, FSCONFIG_SET_FD, "fd", NULL, fd);
	syscall(__NR_fsconfig, fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0);
	syscall(__NR_fsconfig, fd, FSCONFIG_CMD_RECONFIGURE, m, m, 7);
	close(fd);
	munmap(m, 4096);
}

/*
 * kexec_load and kexec_file_load, each refused before it acts: an
 * unknown flag bit or architecture in every call (no image is loaded
 * or unloaded), segments cut by -s and a mapping's end.
 */
static void kexecs(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t *seg;
	int i;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	seg = (uint64_t *)(m + 4096 - 3 * 32);
	for (i = 0; i < 12; i++)
		seg[i] = i & 1 ? 4096 * (uint64_t)i : (uint64_t)(uintptr_t)m + i;
	syscall(__NR_kexec_load, 0, 0, NULL, 0x100);
	syscall(__NR_kexec_load, 0x1000, 3, seg, KEXEC_ARCH_SH | KEXEC_ON_CRASH);
	syscall(__NR_kexec_load, 0x1000, 4, seg, KEXEC_ARCH_SH | 0x80);
	syscall(__NR_kexec_load, 0x1000, 17, seg, 0xdead0000UL | KEXEC_PRESERVE_CONTEXT);
	syscall(__NR_kexec_file_load, -1, -1, 0, NULL, 0x100);
	syscall(__NR_kexec_file_load, -1, 0, 4, "root=/dev/sda", KEXEC_FILE_UNLOAD | 0x100);
	syscall(__NR_kexec_file_load, 0, -1, 14, "root=/dev/sda", KEXEC_FILE_NO_INITRAMFS | 0x200);
	syscall(__NR_kexec_file_load, -1, -1, 8, m + 4096 - 4, 0x100);
	munmap(m, 4096);
}

/*
 * modify_ldt: NULL, a size that is no struct user_desc's, a struct that
 * ends a mapping, an unknown function (its int error zero-extended),
 * and an entry really written into the process's own LDT.
 */
static void ldts(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct user_desc *d;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	d = (struct user_desc *)(m + 4096 - sizeof(*d));
	memset(d, 0, sizeof(*d));
	syscall(__NR_modify_ldt, 0, NULL, 0);
	syscall(__NR_modify_ldt, 0x77, d, sizeof(*d));
	syscall(__NR_modify_ldt, 1, d, 8);
	syscall(__NR_modify_ldt, 1, m + 4096 - 8, sizeof(*d));
	d->entry_number = 3;
	d->base_addr = 0x1000;
	d->limit = 0xfff;
	d->seg_32bit = 1;
	d->contents = 2;
	d->limit_in_pages = 1;
	d->useable = 1;
	syscall(__NR_modify_ldt, 1, d, sizeof(*d));
	d->entry_number = -1;
	syscall(__NR_modify_ldt, 0x11, d, sizeof(*d));
	syscall(__NR_modify_ldt, 0, m, 64);
	munmap(m, 4096);
}

/*
 * MTD requests on no device: ranges, OOB buffers, a write request, OTP
 * mode and selection, bad blocks, a region's index, and what a device
 * would answer (its geometry and ECC statistics).
 */
static void mtds(void)
{
	struct erase_info_user e = { 0x1000, 0x2000 };
	struct erase_info_user64 e64 = { 0x100000000ULL, 0x2000 };
	struct mtd_oob_buf ob = { 0x10, 0x20, NULL };
	struct mtd_write_req w = { .start = 0x10, .len = 0x20, .ooblen = 4, .mode = MTD_OPS_RAW };
	struct region_info_user r = { 1, 2, 3, 7 };
	struct otp_info otp = { 0x40, 0x80, 1 };
	struct mtd_info_user info;
	struct mtd_ecc_stats st;
	int otp_mode = MTD_OTP_USER;
	loff_t bad = 4096;

	memset(&info, 0x11, sizeof(info));
	memset(&st, 0x22, sizeof(st));
	ioctl(-1, MEMERASE, &e);
	ioctl(-1, MEMLOCK, &e);
	ioctl(-1, MEMERASE64, &e64);
	ioctl(-1, MEMWRITEOOB, &ob);
	ioctl(-1, MEMWRITE, &w);
	ioctl(-1, MTDFILEMODE, MTD_FILE_MODE_RAW);
	ioctl(-1, MTDFILEMODE, 9);
	ioctl(-1, OTPSELECT, &otp_mode);
	ioctl(-1, OTPLOCK, &otp);
	ioctl(-1, MEMGETBADBLOCK, &bad);
	ioctl(-1, MEMGETREGIONINFO, &r);
	ioctl(-1, MEMGETINFO, &info);
	ioctl(-1, ECCGETSTATS, &st);
	ioctl(-1, MEMERASE, NULL);
}

/*
 * Calls that return a new descriptor, their return injected: descriptor
 * 7 is /dev/null's, which -y names, not what the call would have made.
 */
static void fd_injected(void)
{
	int fd = open("/dev/null", O_RDONLY);

	dup2(fd, 7);
	syscall(__NR_landlock_create_ruleset, NULL, 0, 0);
	syscall(__NR_memfd_secret, 0);
	socket(AF_UNIX, SOCK_STREAM, 0);
}

/*
 * -y: sockets named by the inode the call made, used and closed before
 * the process exits at once: a socket's, an accepted connection's.
 */
static void sockets_y(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(a);
	int l = socket(AF_UNIX, SOCK_STREAM, 0), c = socket(AF_UNIX, SOCK_STREAM, 0), x;

	memcpy(a.sun_path, "\0ferret-y", 9);
	bind(l, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 9);
	listen(l, 1);
	connect(c, (struct sockaddr *)&a, offsetof(struct sockaddr_un, sun_path) + 9);
	x = accept(l, (struct sockaddr *)&a, &len);
	close(x);
	close(c);
	close(l);
}

/*
 * -Y: the process renames itself (its name with a control character and
 * angle brackets), each name shown after it, whether prctl is traced or
 * not.
 */
static void renames(void)
{
	pid_t p = fork();

	if (p == 0) {
		/* On the stack: a literal's page may not be in memory yet. */
		char a[] = "a\033[2Jb<c>", b[] = "plain";

		prctl(PR_SET_NAME, a);
		getppid();
		prctl(PR_SET_NAME, b);
		getppid();
		_exit(0);
	}
	if (p > 0)
		waitpid(p, NULL, 0);
}

/*
 * struct msghdr's edges, on no socket: no iovec array, an empty one;
 * control buffers short of a header, ending a mapping, unmapped, NULL;
 * control messages whose cmsg_len is short of a header, or of the
 * buffer, and a part after the last one too short for a header.
 */
static void msghdr_edges(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct cmsghdr *cm;
	struct msghdr h;
	char c[64] __attribute__((aligned(8)));

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	memset(&h, 0, sizeof(h));
	memset(c, 0, sizeof(c));
	sendmsg(-1, &h, 0);
	/* A name shorter than its family, here and as connect's address. */
	c[0] = AF_UNIX;
	h.msg_name = c;
	h.msg_namelen = 1;
	sendmsg(-1, &h, 0);
	connect(-1, (struct sockaddr *)c, 1);
	h.msg_name = NULL;
	h.msg_namelen = 0;
	c[0] = 0;
	h.msg_iov = (struct iovec *)c;
	sendmsg(-1, &h, 0);
	h.msg_iov = NULL;
	h.msg_control = c;
	h.msg_controllen = 8;
	sendmsg(-1, &h, 0);
	h.msg_control = m + 4096 - 8;
	h.msg_controllen = 16;
	sendmsg(-1, &h, 0);
	h.msg_control = m + 4096;
	sendmsg(-1, &h, 0);
	h.msg_control = NULL;
	sendmsg(-1, &h, 0);
	h.msg_control = c;
	sendmsg(-1, &h, 0);
	cm = (struct cmsghdr *)c;
	cm->cmsg_len = 20;
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	h.msg_controllen = 24;
	sendmsg(-1, &h, 0);
	cm->cmsg_len = 40;
	h.msg_controllen = 36;
	sendmsg(-1, &h, 0);
	cm->cmsg_len = 16;
	cm->cmsg_type = 77;
	h.msg_controllen = 28;
	sendmsg(-1, &h, 0);
	/* A security context, a timestamp of the wrong size, IP options past -s. */
	cm->cmsg_len = 20;
	cm->cmsg_type = 3;
	memcpy(c + 16, "ab\n", 4);
	h.msg_controllen = 24;
	sendmsg(-1, &h, 0);
	cm->cmsg_type = SO_TIMESTAMP_OLD;
	sendmsg(-1, &h, 0);
	cm->cmsg_type = (int)0xfacefeed;
	sendmsg(-1, &h, 0);
	cm->cmsg_level = SOL_IP;
	cm->cmsg_type = IP_RETOPTS;
	cm->cmsg_len = 16 + 40;
	memset(c + 16, 0x41, 40);
	h.msg_controllen = 56;
	sendmsg(-1, &h, 0);
	munmap(m, 4096);
}

/*
 * TEE requests on no device: a cancellation, shared memory, an
 * invocation with two parameters, a session opened by a group, a block
 * whose length is not its parameters'.
 */
static void tees(void)
{
	struct tee_ioctl_cancel_arg cancel = { 7, 0x10 };
	struct tee_ioctl_shm_alloc_data shm = { .size = 4096, .flags = 0x3 };
	struct {
		struct tee_ioctl_invoke_arg a;
		struct tee_ioctl_param p[2];
	} inv = { { .func = 1, .session = 2, .num_params = 2 },
		  { { TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3 },
		    { TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0x10, 0x20, 5 } } };
	struct {
		struct tee_ioctl_open_session_arg a;
		struct tee_ioctl_param p[1];
	} op = { { .uuid = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
		   .clnt_uuid = { 100 }, .clnt_login = TEE_IOCTL_LOGIN_GROUP, .num_params = 1 },
		 { { TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 0, 0, 0 } } };
	struct tee_ioctl_buf_data d = { (uintptr_t)&inv, sizeof(inv) };

	ioctl(-1, TEE_IOC_CANCEL, &cancel);
	ioctl(-1, TEE_IOC_SHM_ALLOC, &shm);
	ioctl(-1, TEE_IOC_INVOKE, &d);
	d.buf_len = sizeof(inv) - 8;
	ioctl(-1, TEE_IOC_INVOKE, &d);
	d.buf_ptr = (uintptr_t)&op;
	d.buf_len = sizeof(op);
	ioctl(-1, TEE_IOC_OPEN_SESSION, &d);
	ioctl(-1, TEE_IOC_SUPPL_SEND, NULL);
}

/*
 * Block requests on no device: BLKPG with its partition (names that fill
 * their arrays and one that ends) and without, a trace's setup.
 */
static void blocks(void)
{
	struct blkpg_partition part = { .start = 1 << 20, .length = -1, .pno = 3 };
	struct blkpg_ioctl_arg a = { BLKPG_ADD_PARTITION, 0, sizeof(part), &part };
	struct blk_user_trace_setup t = { .act_mask = 0xff, .buf_size = 4096, .buf_nr = 4,
					  .start_lba = 0, .end_lba = 1000, .pid = 1 };

	memset(part.devname, 'd', sizeof(part.devname));
	strcpy(part.volname, "vol");
	ioctl(-1, BLKPG, &a);
	a.op = 9;
	a.data = NULL;
	ioctl(-1, BLKPG, &a);
	ioctl(-1, BLKTRACESETUP, &t);
	ioctl(-1, BLKPG, NULL);
}

/*
 * SCSI generic requests on no device: no argument, a setter's int, a
 * value, resets (with the flag that forbids escalation), a getter's
 * pointer, SG_IO without a header, an unknown request.
 */
static void scsis(void)
{
	int v = 30, reset = 0x100, bad = 0x77;

	ioctl(-1, SG_GET_TIMEOUT, 0);
	ioctl(-1, SG_SET_TIMEOUT, &v);
	ioctl(-1, SG_SET_TRANSFORM, 0xbeef);
	ioctl(-1, SG_SCSI_RESET, &reset);
	reset = 2;
	ioctl(-1, SG_SCSI_RESET, &reset);
	ioctl(-1, SG_SCSI_RESET, &bad);
	ioctl(-1, SG_GET_VERSION_NUM, &v);
	ioctl(-1, SG_IO, NULL);
	ioctl(-1, 0x22fe, 5);
}

/*
 * PACKET_STATISTICS of a packet socket: cut short by the length, whole,
 * as TPACKET_V3's struct with its third field, at the end of a mapping.
 */
static void packet_stats(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = socket(AF_PACKET, SOCK_DGRAM, 0), v = TPACKET_V3;
	socklen_t len;

	if (m == MAP_FAILED || fd < 0)
		return;
	munmap(m + 4096, 4096);
	len = 3;
	getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, m, &len);
	len = 4;
	getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, m, &len);
	len = 16;
	getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, m, &len);
	setsockopt(fd, SOL_PACKET, PACKET_VERSION, &v, sizeof(v));
	len = 16;
	getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, m + 4096 - 12, &len);
	len = 0;
	getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, m, &len);
	close(fd);
	munmap(m, 4096);
}

/*
 * set_thread_area, get_thread_area (ENOSYS on x86-64): NULL, an unmapped
 * address, a struct that ends a mapping, an entry number alone before
 * the end of one, whole structs.
 */
static void thread_areas(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct user_desc *d;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	syscall(__NR_set_thread_area, NULL);
	syscall(__NR_get_thread_area, NULL);
	syscall(__NR_set_thread_area, m + 4096);
	syscall(__NR_get_thread_area, m + 4096);
	syscall(__NR_set_thread_area, m + 4096 - 4);
	*(uint32_t *)(m + 4096 - 4) = 0xdeadbeef;
	syscall(__NR_get_thread_area, m + 4096 - 4);
	d = (struct user_desc *)(m + 4096 - sizeof(*d));
	memset(d, 0, sizeof(*d));
	d->entry_number = -1;
	d->base_addr = 0xfeedface;
	d->limit = 0xabc;
	d->contents = 3;
	d->read_exec_only = 1;
	d->lm = 1;
	syscall(__NR_set_thread_area, d);
	syscall(__NR_get_thread_area, d);
	munmap(m, 4096);
}

/*
 * move_pages: the status of real pages (one of them unmapped), arrays
 * cut by -s and by a mapping's end, a failed call's status, unknown
 * flags.
 */
static void move_pagess(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void **pages;
	int *nodes, *status;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	m[0] = 1;
	pages = (void **)(m + 4096 - 4 * sizeof(*pages));
	nodes = (int *)(m + 2048);
	status = (int *)(m + 4096 - 4 * sizeof(*status) - 64);
	pages[0] = m;
	pages[1] = m + 4096;
	pages[2] = m;
	pages[3] = m + 8192;
	nodes[0] = 0;
	nodes[1] = -7;
	nodes[2] = 0;
	syscall(__NR_move_pages, 0, 0, pages, NULL, status, 0);
	syscall(__NR_move_pages, 0, 2, pages, NULL, status, 0);
	syscall(__NR_move_pages, getpid(), 4, pages, NULL, status, MPOL_MF_MOVE);
	syscall(__NR_move_pages, 0, 3, pages, nodes, status, MPOL_MF_MOVE | 0x40);
	syscall(__NR_move_pages, 0, 5, pages, nodes, status, 0);
	syscall(__NR_move_pages, -1, 1, NULL, NULL, NULL, MPOL_MF_MOVE_ALL);
	munmap(m, 4096);
}

/*
 * Native AIO: a context, reads and writes (plain and vectored) on a
 * pipe and /dev/zero with their events, a poll, an iocb array that ends
 * a mapping, unknown opcodes and flags, bad pointers, a cancel and a
 * wait on no context.
 */
static void aios(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	static char rbuf[64], wdata[] = "aio\0write \x01\x7f data past the first bytes of -s";
	struct iovec *iov;
	struct iocb *cb, **pp;
	struct io_event *ev;
	struct timespec *ts;
	aio_context_t ctx = 0;
	int zero = open("/dev/zero", O_RDONLY), p[2];
	struct { uint64_t *mask, size; } *sig;

	if (m == MAP_FAILED || zero < 0 || pipe(p))
		return;
	munmap(m + 4096, 4096);
	memset(m, 0, 4096);
	cb = (struct iocb *)m;
	iov = (struct iovec *)(m + 1024);
	ev = (struct io_event *)(m + 2048);
	ts = (struct timespec *)(m + 3072);
	sig = (void *)(m + 3200);
	pp = (struct iocb **)(m + 4096 - 3 * sizeof(*pp));
	syscall(__NR_io_setup, 0xfeed0004U, NULL);
	if (syscall(__NR_io_setup, 8, &ctx))
		return;
	cb[0].aio_data = 0x1111;
	cb[0].aio_lio_opcode = IOCB_CMD_PREAD;
	cb[0].aio_fildes = zero;
	cb[0].aio_buf = (uintptr_t)rbuf;
	cb[0].aio_nbytes = 16;
	cb[0].aio_offset = 4;
	cb[1].aio_data = 0x2222;
	cb[1].aio_lio_opcode = IOCB_CMD_PWRITE;
	cb[1].aio_reqprio = 3;
	cb[1].aio_fildes = p[1];
	cb[1].aio_buf = (uintptr_t)wdata;
	cb[1].aio_nbytes = sizeof(wdata) - 1;
	iov[0].iov_base = wdata;
	iov[0].iov_len = 5;
	iov[1].iov_base = wdata + 10;
	iov[1].iov_len = 3;
	iov[2].iov_base = NULL;
	iov[2].iov_len = 0;
	cb[2].aio_lio_opcode = IOCB_CMD_PWRITEV;
	cb[2].aio_fildes = p[1];
	cb[2].aio_buf = (uintptr_t)iov;
	cb[2].aio_nbytes = 3;
	cb[2].aio_flags = IOCB_FLAG_IOPRIO;
	cb[2].aio_reqprio = 2 << 13 | 4;
	pp[0] = &cb[0];
	pp[1] = &cb[1];
	pp[2] = &cb[2];
	syscall(__NR_io_submit, ctx, 3, pp);
	ts->tv_nsec = 200000000;
	syscall(__NR_io_getevents, ctx, 3, 3, ev, ts);
	/* A vectored read, a poll, then three pointers and one past the mapping. */
	cb[3].aio_data = 0x3333;
	cb[3].aio_lio_opcode = IOCB_CMD_PREADV;
	cb[3].aio_fildes = zero;
	cb[3].aio_buf = (uintptr_t)iov;
	cb[3].aio_nbytes = 2;
	cb[4].aio_lio_opcode = IOCB_CMD_POLL;
	cb[4].aio_fildes = p[0];
	cb[4].aio_buf = POLLIN | POLLRDNORM | 0x8000;
	cb[4].aio_flags = IOCB_FLAG_RESFD;
	cb[4].aio_resfd = zero;
	cb[5].aio_lio_opcode = 0x77;
	cb[5].aio_key = 5;
	cb[5].aio_rw_flags = RWF_HIPRI | 0x100000;
	cb[5].aio_fildes = -1;
	cb[5].aio_resfd = 9;
	cb[6].aio_lio_opcode = IOCB_CMD_PWRITE;
	cb[6].aio_fildes = p[1];
	cb[6].aio_buf = 0xbad;
	cb[6].aio_nbytes = (size_t)-2;
	pp[0] = &cb[3];
	pp[1] = &cb[4];
	pp[2] = &cb[5];
	syscall(__NR_io_submit, ctx, 4, pp);
	pp[2] = &cb[6];
	syscall(__NR_io_submit, ctx, 3, pp - 1);
	syscall(__NR_io_submit, ctx, 1, pp);
	syscall(__NR_io_submit, ctx, -1L, pp);
	syscall(__NR_io_submit, ctx, 1, NULL);
	syscall(__NR_io_submit, ctx, 0, pp);
	syscall(__NR_io_getevents, ctx, 1, 4, ev, ts);
	syscall(__NR_io_getevents, ctx, 0, 2, NULL, (void *)8);
	syscall(__NR_io_getevents, ctx, -1L, 2, ev, NULL);
	syscall(__NR_io_cancel, ctx, &cb[4], ev);
	syscall(__NR_io_cancel, ctx, m + 4090, NULL);
	sig->mask = (uint64_t *)(m + 3300);
	*sig->mask = 1 << (SIGUSR1 - 1);
	sig->size = 8;
	syscall(__NR_io_pgetevents, ctx, 0, 1, ev, ts, sig);
	sig->size = 4;
	syscall(__NR_io_pgetevents, ctx, 0, 1, ev, ts, sig);
	syscall(__NR_io_pgetevents, ctx, 0, 1, ev, NULL, NULL);
	syscall(__NR_io_destroy, ctx);
	syscall(__NR_io_destroy, 0);
	syscall(__NR_io_getevents, 0, 1, 2, ev, ts);
	munmap(m, 4096);
	close(zero);
	close(p[0]);
	close(p[1]);
}

/*
 * The perf event requests: on no descriptor with flags, values, a
 * filter cut by -s and one that ends a mapping, a query of BPF
 * programs and an attr; on a software event of its own, with success.
 */
static void perf_ioctls(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct perf_event_attr *pa;
	struct perf_event_query_bpf *q;
	uint64_t *u;
	char *f;
	int fd;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	memset(m, 0, 4096);
	u = (uint64_t *)(m + 4096 - 8);
	*u = 0xfeedbeefULL;
	f = m + 4096 - 12;
	strcpy(f, "tid == 42");
	ioctl(-1, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	ioctl(-1, PERF_EVENT_IOC_DISABLE, 0x6UL);
	ioctl(-1, PERF_EVENT_IOC_RESET, 0xffffffff00000001UL);
	ioctl(-1, PERF_EVENT_IOC_REFRESH, -3L);
	ioctl(-1, PERF_EVENT_IOC_PERIOD, u);
	ioctl(-1, PERF_EVENT_IOC_PERIOD, u + 1);
	ioctl(-1, PERF_EVENT_IOC_SET_OUTPUT, 1L);
	ioctl(-1, PERF_EVENT_IOC_SET_BPF, -1L);
	ioctl(-1, PERF_EVENT_IOC_PAUSE_OUTPUT, 0x100000001UL);
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, f);
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, "a filter longer than the thirty-two bytes -s shows");
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, NULL);
	ioctl(-1, PERF_EVENT_IOC_ID, u);
	q = (struct perf_event_query_bpf *)(m + 4096 - 16);
	q->ids_len = 2;
	ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, q);
	ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, m + 4094);
	pa = (struct perf_event_attr *)(m + 1024);
	pa->type = PERF_TYPE_SOFTWARE;
	pa->size = sizeof(*pa);
	pa->config = PERF_COUNT_SW_TASK_CLOCK;
	pa->disabled = 1;
	pa->exclude_kernel = 1;
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, pa);
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, m + 4090);
	fd = syscall(__NR_perf_event_open, pa, 0, -1, -1, 0);
	if (fd < 0)
		goto out;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(fd, PERF_EVENT_IOC_ID, u);
	ioctl(fd, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, q);
	close(fd);
out:
	munmap(m, 4096);
}

/*
 * The socket requests: the owner and mark ints, the loopback
 * interface's index, name, flags, address, MTU, hardware address and
 * the interface list, and on no descriptor the set requests with
 * filled structs, bridge names and a bad pointer.
 */
static void sock_ioctls(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct ifreq *ifr, *list;
	struct ifconf *ifc;
	struct sockaddr_in *sin;
	int *v, s = socket(AF_INET, SOCK_DGRAM, 0);

	if (m == MAP_FAILED || s < 0)
		return;
	munmap(m + 4096, 4096);
	memset(m, 0, 4096);
	v = (int *)(m + 4096 - sizeof(*v));
	ifr = (struct ifreq *)(m + 1024);
	ifc = (struct ifconf *)(m + 2048);
	list = (struct ifreq *)(m + 2560);
	ioctl(s, FIOGETOWN, v);
	*v = getpid();
	ioctl(s, FIOSETOWN, v);
	ioctl(s, SIOCATMARK, v);
	ioctl(s, SIOCGPGRP, v);
	ioctl(s, SIOCGPGRP, v + 1);
	strcpy(ifr->ifr_name, "lo");
	ioctl(s, SIOCGIFINDEX, ifr);
	ioctl(s, SIOCGIFNAME, ifr);
	ioctl(s, SIOCGIFFLAGS, ifr);
	ioctl(s, SIOCGIFADDR, ifr);
	ioctl(s, SIOCGIFMTU, ifr);
	ioctl(s, SIOCGIFHWADDR, ifr);
	ioctl(s, SIOCGIFTXQLEN, ifr);
	ioctl(s, SIOCGIFNETMASK, ifr);
	strcpy(ifr->ifr_name, "nosuchif0");
	ioctl(s, SIOCGIFMTU, ifr);
	ifc->ifc_len = 0;
	ifc->ifc_buf = NULL;
	ioctl(s, SIOCGIFCONF, ifc);
	ifc->ifc_len = 3 * sizeof(*list) + 1;
	ifc->ifc_buf = (char *)list;
	ioctl(s, SIOCGIFCONF, ifc);
	ioctl(s, SIOCGIFCONF, m + 4090);
	memcpy(ifr->ifr_name, "sixteen bytes!!!", 16);
	ifr->ifr_mtu = -1;
	ioctl(-1, SIOCSIFMTU, ifr);
	strcpy(ifr->ifr_name, "eth9");
	ifr->ifr_flags = IFF_UP | IFF_RUNNING | 0x8000;
	ioctl(-1, SIOCSIFFLAGS, ifr);
	sin = (struct sockaddr_in *)&ifr->ifr_addr;
	sin->sin_family = AF_INET;
	sin->sin_port = htons(99);
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ioctl(-1, SIOCSIFADDR, ifr);
	ioctl(-1, SIOCSIFNETMASK, ifr);
	ifr->ifr_hwaddr.sa_family = ARPHRD_ETHER;
	memcpy(ifr->ifr_hwaddr.sa_data, "\x02\x00\x5e\x10\x20\x30\x40", 7);
	ioctl(-1, SIOCSIFHWADDR, ifr);
	ifr->ifr_hwaddr.sa_family = 0xfff0;
	ioctl(-1, SIOCADDMULTI, ifr);
	ifr->ifr_map.mem_start = 0xd0000;
	ifr->ifr_map.irq = 11;
	ioctl(-1, SIOCSIFMAP, ifr);
	strcpy(ifr->ifr_newname, "new0");
	ioctl(-1, SIOCSIFNAME, ifr);
	ifr->ifr_ifindex = 1;
	ioctl(-1, SIOCBRADDIF, ifr);
	ioctl(-1, SIOCBRADDBR, "br-test");
	ioctl(-1, SIOCBRDELBR, m + 4094);
	ioctl(-1, SIOCSIFADDR, m + 4090);
	ioctl(-1, SIOCADDRT, m);
	close(s);
	munmap(m, 4096);
}

/*
 * Messages and vectors for -e read= and -e write=: sendmsg and recvmsg
 * with an empty buffer between two, sendmmsg and recvmmsg (one with a
 * timeout), pwritev with more iovecs than -s 7 shows (the eight
 * ferret reads), and
 * process_vm_readv and process_vm_writev on itself, with a remote
 * range that is not there.
 */
static void iodumps(void)
{
	static char a[] = "first", c[] = "third part", in[64], in2[8];
	struct iovec iov[9], rin[2];
	struct mmsghdr mm[2];
	struct msghdr mh;
	struct timespec ts = { 1, 0 };
	int sv[2], i, null = open("/dev/null", O_WRONLY);

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) || null < 0)
		return;
	iov[0].iov_base = a;
	iov[0].iov_len = 5;
	iov[1].iov_base = c;
	iov[1].iov_len = 0;
	iov[2].iov_base = c;
	iov[2].iov_len = 10;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = 3;
	sendmsg(sv[1], &mh, 0);
	rin[0].iov_base = in;
	rin[0].iov_len = 7;
	rin[1].iov_base = in2;
	rin[1].iov_len = sizeof(in2);
	mh.msg_iov = rin;
	mh.msg_iovlen = 2;
	recvmsg(sv[0], &mh, 0);
	memset(mm, 0, sizeof(mm));
	mm[0].msg_hdr.msg_iov = iov;
	mm[0].msg_hdr.msg_iovlen = 1;
	mm[1].msg_hdr.msg_iov = iov + 2;
	mm[1].msg_hdr.msg_iovlen = 1;
	syscall(__NR_sendmmsg, sv[1], mm, 2, 0);
	mm[0].msg_hdr.msg_iov = rin;
	mm[0].msg_hdr.msg_iovlen = 2;
	mm[1].msg_hdr.msg_iov = rin + 1;
	mm[1].msg_hdr.msg_iovlen = 1;
	syscall(__NR_recvmmsg, sv[0], mm, 2, MSG_DONTWAIT, NULL);
	send(sv[1], "x", 1, 0);
	syscall(__NR_recvmmsg, sv[0], mm, 1, 0, &ts);
	for (i = 0; i < 8; i++) {
		iov[i].iov_base = c + i;
		iov[i].iov_len = 10 - i;
	}
	syscall(__NR_pwritev, null, iov, 8, 0, 0);
	syscall(__NR_pwritev, null, iov, 3, 0, 0);
	rin[0].iov_base = c;
	rin[0].iov_len = 4;
	rin[1].iov_base = (void *)8;
	rin[1].iov_len = 4;
	iov[0].iov_base = in;
	iov[0].iov_len = 6;
	syscall(__NR_process_vm_readv, getpid(), iov, 1, rin, 1, 0);
	syscall(__NR_process_vm_readv, getpid(), iov, 1, rin + 1, 1, 0);
	syscall(__NR_process_vm_writev, getpid(), rin, 1, iov, 1, 0);
	syscall(__NR_process_vm_writev, getpid(), NULL, 0, NULL, 0, 0);
	close(sv[0]);
	close(sv[1]);
	close(null);
}

/*
 * -s above what one record holds: a write and a read of 300,000 bytes,
 * an openat path and execve strings longer than the -s values tested.
 */
static void long_strings(void)
{
	size_t n = 300000, i;
	char *b = malloc(n + 1), *v[3], *env[] = { NULL };
	int fd;

	if (!b)
		return;
	for (i = 0; i < n; i++)
		b[i] = i % 997 == 5 ? '\n' : i % 1009 == 7 ? '\x01' : 'a' + i % 26;
	b[n] = 0;
	fd = open("/dev/null", O_WRONLY);
	if (write(fd, b, n) < 0)
		return;
	close(fd);
	fd = open("/dev/zero", O_RDONLY);
	if (read(fd, b, n) < 0)
		return;
	close(fd);
	memset(b, 'x', n);
	b[40000] = 0;
	v[0] = b;
	v[1] = b + 30000;
	v[2] = NULL;
	execve("/nonexistent/long-strings", v, env);
	b[40000] = 'x';
	b[4200] = 0;
	memcpy(b, "/nonexistent/", 13);
	open(b, O_RDONLY);
	free(b);
}

/*
 * iovec arrays longer than -s's default: writev and pwritev of 40
 * buffers of 3 to 42 bytes, readv and preadv filling 40 from a file of
 * 600 bytes (so that the last ones get nothing), process_vm_readv into
 * 40, and an array whose count says more than the kernel takes (its
 * entries past the 40th zero).
 */
static void long_iovs(void)
{
	static char bufs[40][48], in[40][48];
	static struct iovec w[1100];
	struct iovec r[40], rem;
	char path[] = "/tmp/ferret-iovsXXXXXX";
	int null = open("/dev/null", O_WRONLY), fd = mkstemp(path), i;

	if (null < 0 || fd < 0)
		return;
	unlink(path);
	/* Pages never touched cannot be read from BPF (see README). */
	memset(w, 0, sizeof(w));
	for (i = 0; i < 40; i++) {
		memset(bufs[i], 'A' + i % 26, sizeof(bufs[i]));
		w[i].iov_base = bufs[i];
		w[i].iov_len = 3 + i;
		r[i].iov_base = in[i];
		r[i].iov_len = 20;
	}
	syscall(SYS_writev, null, w, 40);
	syscall(SYS_pwritev, fd, w, 40, 0, 0);
	syscall(SYS_readv, fd, r, 40);
	syscall(SYS_preadv, fd, r, 40, 0, 0);
	rem.iov_base = bufs;
	rem.iov_len = 700;
	syscall(SYS_process_vm_readv, getpid(), r, 40, &rem, 1, 0);
	syscall(SYS_writev, null, w, 1025);
	close(fd);
	close(null);
}

/*
 * ptrace on a child that stops itself: the word a PEEK request reads, a
 * struct user offset, its siginfo and sigmask, options, an iovec too
 * short for a register set, and requests on no process at all.
 */
static void ptraces(void)
{
	static long word = 0x1234abcd;
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *p;
	struct iovec *iov;
	uint64_t *psi;
	pid_t pid;
	int st;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	p = (unsigned char *)m;
	memset(m, 0, 4096);
	syscall(__NR_ptrace, 0xdead, -1, 0, 0);
	syscall(__NR_ptrace, PTRACE_ATTACH, -1, 0, 0);
	syscall(__NR_ptrace, PTRACE_SEIZE, -1, 0, PTRACE_O_TRACECLONE | 0x1000000);
	syscall(__NR_ptrace, PTRACE_SYSCALL, -1, 0, SIGUSR2);
	syscall(__NR_ptrace, PTRACE_SETSIGINFO, -1, 0, m + 4096 - 64);
	pid = fork();
	if (pid == 0) {
		syscall(__NR_ptrace, PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return;
	syscall(__NR_ptrace, PTRACE_PEEKDATA, pid, &word, p);
	syscall(__NR_ptrace, PTRACE_PEEKUSER, pid, offsetof(struct user, u_debugreg) + 8, p);
	syscall(__NR_ptrace, PTRACE_PEEKUSER, pid, 1 << 20, p);
	syscall(__NR_ptrace, PTRACE_GETSIGINFO, pid, 0, p);
	syscall(__NR_ptrace, PTRACE_GETSIGMASK, pid, 8, p);
	syscall(__NR_ptrace, PTRACE_GETSIGMASK, pid, 4, p);
	syscall(__NR_ptrace, PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	syscall(__NR_ptrace, PTRACE_GETEVENTMSG, pid, 0, p);
	psi = (uint64_t *)(m + 256);
	psi[0] = 0;
	psi[1] = 4ULL << 32;
	syscall(__NR_ptrace, PTRACE_PEEKSIGINFO, pid, psi, m + 512);
	iov = (struct iovec *)(m + 4096 - sizeof(*iov));
	iov->iov_base = m + 1024;
	iov->iov_len = 4;
	syscall(__NR_ptrace, PTRACE_GETREGSET, pid, NT_PRSTATUS, iov);
	syscall(__NR_ptrace, PTRACE_GETREGSET, pid, NT_PRSTATUS, m + 4096 - 8);
	syscall(__NR_ptrace, PTRACE_SECCOMP_GET_METADATA, pid, 4, p);
	/* The syscall info of a signal stop and of an entry stop, whole and cut short. */
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 88, NULL);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 0, p);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 1, p);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 12, p);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 88, p);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 88, m + 4096 - 16);
	syscall(__NR_ptrace, PTRACE_SYSCALL, pid, 0, 0);
	waitpid(pid, &st, 0);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 48, p);
	syscall(__NR_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 88, p);
	syscall(__NR_ptrace, PTRACE_CONT, pid, 0, 0);
	waitpid(pid, &st, 0);
	munmap(m, 4096);
}

static void rawcalls(void)
{
	char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct io_uring_params *par;
	struct perf_event_attr *pa;
	struct io_uring_restriction *r;
	struct io_uring_rsrc_register *rr;
	struct iovec *iov;
	uint64_t *tags;
	int *fds, ring;

	if (m == MAP_FAILED)
		return;
	munmap(m + 4096, 4096);
	par = (struct io_uring_params *)(m + 4096 - sizeof(*par));
	memset(par, 0, sizeof(*par));
	syscall(__NR_io_uring_setup, 0, NULL);
	syscall(__NR_io_uring_setup, 1, m + 4096 - 8);
	par->flags = IORING_SETUP_ATTACH_WQ | 0x80000000;
	par->wq_fd = 1;
	par->resv[1] = 7;
	syscall(__NR_io_uring_setup, 4, par);
	memset(par, 0, sizeof(*par));
	ring = syscall(__NR_io_uring_setup, 4, par);
	syscall(__NR_io_uring_register, -1, IORING_UNREGISTER_BUFFERS, NULL, 0);
	syscall(__NR_io_uring_register, ring, 0xdead, m, 3);
	fds = (int *)(m + 4096 - 12);
	fds[0] = 0;
	fds[1] = -1;
	fds[2] = 2;
	syscall(__NR_io_uring_register, ring, IORING_REGISTER_FILES, fds, 3);
	syscall(__NR_io_uring_register, ring, IORING_REGISTER_FILES, fds, 4);
	syscall(__NR_io_uring_register, ring, IORING_UNREGISTER_FILES, NULL, 0);
	iov = (struct iovec *)(m + 4096 - 2 * sizeof(*iov));
	iov[0].iov_base = m;
	iov[0].iov_len = 64;
	iov[1].iov_base = NULL;
	iov[1].iov_len = 3;
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_BUFFERS, iov, 2);
	r = (struct io_uring_restriction *)(m + 4096 - 3 * sizeof(*r));
	memset(r, 0, 3 * sizeof(*r));
	r[0].opcode = IORING_RESTRICTION_SQE_OP;
	r[0].sqe_op = IORING_OP_READV;
	r[1].opcode = IORING_RESTRICTION_SQE_FLAGS_ALLOWED;
	r[1].sqe_flags = IOSQE_ASYNC | 0x80;
	r[2].opcode = 9;
	r[2].resv2[1] = 5;
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_RESTRICTIONS, r, 3);
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_RESTRICTIONS, r, 4);
	memset(m, 0, 256);
	syscall(__NR_io_uring_register, ring, IORING_REGISTER_PROBE, m, 4);
	rr = (struct io_uring_rsrc_register *)m;
	tags = (uint64_t *)(m + 4096 - 16);
	tags[0] = 0xfeed;
	tags[1] = 0;
	memset(rr, 0, sizeof(*rr));
	rr->nr = 3;
	rr->tags = (uintptr_t)tags;
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_FILES2, rr, sizeof(*rr));
	syscall(__NR_io_uring_register, -1, IORING_REGISTER_BUFFERS2, rr, 16);
	close(ring);

	pa = (struct perf_event_attr *)(m + 4096 - sizeof(*pa));
	memset(pa, 0, sizeof(*pa));
	syscall(__NR_perf_event_open, NULL, 0, -1, -1, 0);
	syscall(__NR_perf_event_open, m + 4096 - 4, 0, -1, -1, PERF_FLAG_FD_CLOEXEC | 0x100);
	pa->type = PERF_TYPE_SOFTWARE;
	pa->size = sizeof(*pa);
	pa->config = PERF_COUNT_SW_DUMMY;
	pa->sample_period = 100;
	pa->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	pa->branch_sample_type = PERF_SAMPLE_BRANCH_USER;
	pa->disabled = 1;
	pa->exclude_kernel = 1;
	pa->precise_ip = 2;
	syscall(__NR_perf_event_open, pa, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	pa->type = PERF_TYPE_HW_CACHE;
	pa->config = PERF_COUNT_HW_CACHE_LL | PERF_COUNT_HW_CACHE_OP_WRITE << 8 | 1ULL << 16 | 3ULL << 32;
	pa->size = 60;
	syscall(__NR_perf_event_open, pa, -1, 0, 99, 0);
	pa->type = 77;
	pa->size = 0;
	pa->freq = 1;
	pa->use_clockid = 1;
	pa->clockid = CLOCK_MONOTONIC;
	syscall(__NR_perf_event_open, pa, -1, 0, -1, 0);
	pa->size = 4096;
	syscall(__NR_perf_event_open, pa, -1, 0, -1, 0);
	/* _sysctl: NULL, cut by the mapping's end, filled. */
	syscall(__NR__sysctl, NULL);
	syscall(__NR__sysctl, m + 4096 - 40);
	memset(m, 0, 80);
	((uint64_t *)m)[0] = (uintptr_t)m;
	((int *)m)[2] = -3;
	((uint64_t *)m)[5] = 12;
	syscall(__NR__sysctl, m);
	munmap(m, 4096);
}

/*
 * pidfd_getfd of a descriptor only a live child holds: /dev/full as 9,
 * which the parent closes.  Both stay until the lines have printed.
 */
static void getfd(void)
{
	int fd = open("/dev/full", O_WRONLY), pidfd, got;
	pid_t pid;

	if (fd < 0 || dup2(fd, 9) != 9)
		exit(1);
	close(fd);
	pid = fork();
	if (!pid) {
		pause();
		_exit(0);
	}
	close(9);
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	got = (int)syscall(SYS_pidfd_getfd, pidfd, 9, 0);
	usleep(200000);
	close(got);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/*
 * pidfd_getfd of a descriptor the caller holds at another number too
 * (a dup), by a caller that exits at once, and whose child is gone by
 * then: -y names it from the caller's other descriptor.
 */
static void getfd_gone(void)
{
	int fd = open("/dev/full", O_WRONLY), dupfd, pidfd;
	pid_t pid;

	if (fd < 0)
		exit(1);
	dupfd = dup(fd);
	pid = fork();
	if (!pid) {
		pause();
		_exit(0);
	}
	close(dupfd);
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	syscall(SYS_pidfd_getfd, pidfd, dupfd, 0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	_exit(0);
}

/*
 * The working directory -y shows for AT_FDCWD: after chdir(".."), after
 * a chdir through a symbolic link and "..", and while it is longer than
 * the kernel names (a page).  Runs in a directory of its own (argv[2]).
 */
static void cwds(const char *top)
{
	char name[256];
	size_t len;
	int n = 0;

	if (chdir(top) || mkdir("d", 0700) || mkdir("d/e", 0700) ||
	    symlink("d/e", "l") || chdir("l/..") ||
	    syscall(SYS_openat, AT_FDCWD, "sample", O_RDONLY) != -1)
		return;
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	for (len = strlen(top); len <= 4096; len += sizeof(name), n++)
		if (mkdir(name, 0700) || chdir(name))
			return;
	syscall(SYS_openat, AT_FDCWD, "sample", O_RDONLY);
	if (chdir(".."))
		return;
	syscall(SYS_openat, AT_FDCWD, "sample", O_RDONLY);
	while (n-- > 1)
		if (rmdir(name) || chdir(".."))
			return;
	rmdir(name);
}

/*
 * -y after a file is removed or renamed, in a directory of its own
 * (argv[2]): the descriptors then name the file as the kernel does, the
 * removed one with "(deleted)", though the process is gone when ferret
 * decodes the lines.  One file's name ends in " (deleted)" itself.
 */
static void unlinks(const char *top)
{
	int a, b, d;

	if (chdir(top))
		return;
	a = open("a", O_RDWR | O_CREAT, 0600);
	b = open("b", O_RDWR | O_CREAT, 0600);
	d = open("a (deleted)", O_RDWR | O_CREAT, 0600);
	if (a < 0 || b < 0 || d < 0 || rename("b", "c") || unlink("a"))
		return;
	fchmod(a, 0640);
	fchmod(b, 0640);
	fchmod(d, 0640);
	syscall(SYS_unlinkat, AT_FDCWD, "c", 0);
	fchmod(b, 0600);
}

/*
 * -y on the descriptors pipe2 and socketpair return and on those a
 * sendmsg passes, with the process gone when ferret decodes the lines.
 */
/*
 * clone cut by its child's lines: CLONE_VFORK holds the parent in the
 * call while the child runs, so the child's calls always come between
 * the parent's clone entry and exit, which strace prints
 * "<unfinished ...>" after the flags and resumes with the pointers.
 */
static void clone_cut(void)
{
	static const unsigned long flags[] = {
		CLONE_VFORK | CLONE_PARENT_SETTID | SIGCHLD,
		CLONE_VFORK | CLONE_CHILD_SETTID | SIGCHLD,
		CLONE_VFORK | SIGCHLD,
	};
	int ptid = 0, ctid = 0;
	size_t i;
	long r;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		r = syscall(SYS_clone, flags[i], 0, &ptid, &ctid, 0);
		if (r == 0) {
			syscall(SYS_getppid);
			syscall(SYS_exit_group, 0);
		}
		if (r > 0)
			waitpid((pid_t)r, NULL, 0);
	}
}

static void pairs(void)
{
	int p[2], sv[2], fds[2];
	char data = 'x';
	union {
		char buf[CMSG_SPACE(sizeof(fds))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { &data, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = u.buf, .msg_controllen = sizeof(u.buf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&m);

	if (pipe2(p, 0) || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	fds[0] = open("/dev/null", O_RDONLY);
	fds[1] = p[1];
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(cm), fds, sizeof(fds));
	sendmsg(sv[0], &m, 0);
}

/*
 * -yy on sockets as the calls found them, the process gone when ferret
 * decodes the lines: a pair whose one end closes (the other keeps the
 * peer it showed, as strace's cache keeps it), TCP over loopback through
 * bind, listen, connect and accept, an abstract UNIX address, a bound
 * netlink socket.
 */
static void yy_gone(void)
{
	struct sockaddr_in in = { .sin_family = AF_INET,
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_un un = { .sun_family = AF_UNIX, .sun_path = "\0ferret-yy" };
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	struct sockaddr sa;
	socklen_t len = sizeof(in);
	int sv[2], l, c, a, u, n;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return;
	len = sizeof(sa);
	getpeername(sv[1], &sa, &len);
	close(sv[0]);
	len = sizeof(sa);
	getpeername(sv[1], &sa, &len);
	l = socket(AF_INET, SOCK_STREAM, 0);
	len = sizeof(in);
	if (l < 0 || bind(l, (struct sockaddr *)&in, sizeof(in)) || listen(l, 1) ||
	    getsockname(l, (struct sockaddr *)&in, &len))
		return;
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&in, sizeof(in)))
		return;
	a = accept(l, NULL, NULL);
	send(c, "x", 1, 0);
	close(a);
	shutdown(c, SHUT_RDWR);
	u = socket(AF_UNIX, SOCK_DGRAM, 0);
	bind(u, (struct sockaddr *)&un, offsetof(struct sockaddr_un, sun_path) + 10);
	getsockname(u, &sa, &(socklen_t){ sizeof(sa) });
	n = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	bind(n, (struct sockaddr *)&nl, sizeof(nl));
	getsockname(n, &sa, &(socklen_t){ sizeof(sa) });
}

/*
 * An orphaned group with a stopped member: the middle process exits
 * while its child, alone in its group, is stopped, and the kernel sends
 * that group SIGHUP, then SIGCONT.
 */
static void orphan(void)
{
	pid_t mid = fork(), g;
	int st;

	if (!mid) {
		g = fork();
		if (!g) {
			setpgid(0, 0);
			raise(SIGSTOP);
			_exit(0);
		}
		waitpid(g, &st, WUNTRACED);
		_exit(0);
	}
	waitpid(mid, NULL, 0);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "basic";
	pthread_t t;
	pid_t pid;
	int st;

	if (!strcmp(mode, "basic")) {
		basic();
		return 0;
	}
	if (!strcmp(mode, "cwd") && argc > 2) {
		cwds(argv[2]);
		return 0;
	}
	if (!strcmp(mode, "unlink") && argc > 2) {
		unlinks(argv[2]);
		return 0;
	}
	if (!strcmp(mode, "clone-cut")) {
		clone_cut();
		return 0;
	}
	if (!strcmp(mode, "pairs")) {
		pairs();
		return 0;
	}
	if (!strcmp(mode, "yy-gone")) {
		yy_gone();
		return 0;
	}
	if (!strcmp(mode, "orphan")) {
		orphan();
		return 0;
	}
	if (!strcmp(mode, "getfd")) {
		getfd();
		return 0;
	}
	if (!strcmp(mode, "keyctl")) {
		keyctls();
		return 0;
	}
	if (!strcmp(mode, "fsconfig")) {
		fsconfigs();
		return 0;
	}
	if (!strcmp(mode, "kexec")) {
		kexecs();
		return 0;
	}
	if (!strcmp(mode, "fd-injected")) {
		fd_injected();
		return 0;
	}
	if (!strcmp(mode, "sockets-y")) {
		sockets_y();
		return 0;
	}
	if (!strcmp(mode, "rename")) {
		renames();
		return 0;
	}
	if (!strcmp(mode, "msghdr-edges")) {
		msghdr_edges();
		return 0;
	}
	if (!strcmp(mode, "tee")) {
		tees();
		return 0;
	}
	if (!strcmp(mode, "block")) {
		blocks();
		return 0;
	}
	if (!strcmp(mode, "scsi")) {
		scsis();
		return 0;
	}
	if (!strcmp(mode, "mtd")) {
		mtds();
		return 0;
	}
	if (!strcmp(mode, "packet-stats")) {
		packet_stats();
		return 0;
	}
	if (!strcmp(mode, "thread-area")) {
		thread_areas();
		return 0;
	}
	if (!strcmp(mode, "ldt")) {
		ldts();
		return 0;
	}
	if (!strcmp(mode, "move_pages")) {
		move_pagess();
		return 0;
	}
	if (!strcmp(mode, "aio")) {
		aios();
		return 0;
	}
	if (!strcmp(mode, "perfioc")) {
		perf_ioctls();
		return 0;
	}
	if (!strcmp(mode, "sockioc")) {
		sock_ioctls();
		return 0;
	}
	if (!strcmp(mode, "iodump")) {
		iodumps();
		return 0;
	}
	if (!strcmp(mode, "ptrace")) {
		ptraces();
		return 0;
	}
	if (!strcmp(mode, "rawcalls")) {
		rawcalls();
		return 0;
	}
	if (!strcmp(mode, "mmsg")) {
		mmsgs();
		return 0;
	}
	if (!strcmp(mode, "partial")) {
		partial();
		return 0;
	}
	if (!strcmp(mode, "bpf")) {
		bpf_filters();
		return 0;
	}
	if (!strcmp(mode, "bpfsys")) {
		bpf_sys();
		return 0;
	}
	if (!strcmp(mode, "inject")) {
		inject();
		return 0;
	}
	if (!strcmp(mode, "misc")) {
		misc();
		return 0;
	}
	if (!strcmp(mode, "prctl")) {
		prctls();
		return 0;
	}
	if (!strcmp(mode, "timers")) {
		timers();
		return 0;
	}
	if (!strcmp(mode, "mq")) {
		mqueues();
		return 0;
	}
	if (!strcmp(mode, "more2")) {
		more2();
		return 0;
	}
	if (!strcmp(mode, "caps")) {
		caps();
		return 0;
	}
	if (!strcmp(mode, "sigqueue")) {
		sigqueue_();
		return 0;
	}
	if (!strcmp(mode, "ipc")) {
		sysv_ipc();
		return 0;
	}
	if (!strcmp(mode, "prio")) {
		prio();
		return 0;
	}
	if (!strcmp(mode, "dup9")) {
		/* A descriptor inherited from the shell, used at once. */
		dup(9);
		return 0;
	}
	if (!strcmp(mode, "ioctls")) {
		ioctls();
		return 0;
	}
	if (!strcmp(mode, "fdflags")) {
		fdflags();
		return 0;
	}
	if (!strcmp(mode, "bits")) {
		bits();
		return 0;
	}
	if (!strcmp(mode, "yy")) {
		yy();
		return 0;
	}
	if (!strcmp(mode, "pids")) {
		pids();
		return 0;
	}
	if (!strcmp(mode, "kstructs")) {
		kstructs();
		return 0;
	}
	if (!strcmp(mode, "fork")) {
		pid = fork();
		if (pid == 0) {
			syscall(SYS_getppid);
			_exit(7);
		}
		waitpid(pid, &st, 0);
		pid = vfork();
		if (pid == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(1);
		}
		waitpid(pid, &st, 0);
		return 3;
	}
	if (!strcmp(mode, "waitid")) {
		siginfo_t si;

		pid = fork();
		if (pid == 0)
			_exit(5);
		waitid(P_PID, pid, &si, WEXITED);
		waitid(P_ALL, 0, &si, WEXITED | WNOHANG);
		return 0;
	}
	if (!strcmp(mode, "sleeps")) {
		sleeps();
		return 0;
	}
	if (!strcmp(mode, "msgs")) {
		msgs();
		return 0;
	}
	if (!strcmp(mode, "sockets")) {
		sockets();
		return 0;
	}
	if (!strcmp(mode, "fds")) {
		fds();
		return 0;
	}
	if (!strcmp(mode, "more")) {
		more();
		return 0;
	}
	if (!strcmp(mode, "sockopts")) {
		sockopts();
		return 0;
	}
	if (!strcmp(mode, "stops")) {
		stops();
		return 0;
	}
	if (!strcmp(mode, "clone3")) {
		clone3s();
		return 0;
	}
	if (!strcmp(mode, "utimes")) {
		utimes_();
		return 0;
	}
	if (!strcmp(mode, "segv")) {
		segv();
		return 1;
	}
	if (!strcmp(mode, "blocked-exec") && argc > 2) {
		/* Runs argv[2..] with SIGTERM blocked and SIGCHLD ignored. */
		sigset_t b;

		sigemptyset(&b);
		sigaddset(&b, SIGTERM);
		sigprocmask(SIG_BLOCK, &b, NULL);
		signal(SIGCHLD, SIG_IGN);
		execv(argv[2], argv + 2);
		return 127;
	}
	if (!strcmp(mode, "term-self")) {
		/* Says whether SIGCHLD came ignored, then dies of SIGTERM. */
		struct sigaction sa;
		sigset_t b;

		sigaction(SIGCHLD, NULL, &sa);
		printf("SIGCHLD %s\n", sa.sa_handler == SIG_IGN ? "ignored" : "default");
		fflush(stdout);
		sigemptyset(&b);
		sigaddset(&b, SIGTERM);
		sigprocmask(SIG_UNBLOCK, &b, NULL);
		raise(SIGTERM);
		return 0;
	}
	if (!strcmp(mode, "nap")) {
		struct timespec ts = { 3, 0 };

		nanosleep(&ts, NULL);
		return 0;
	}
	if (!strcmp(mode, "groups")) {
		/* setgroups' lists: empty, -1, up to a page that cannot be read, too long. */
		char *m = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		gid_t *g;

		if (m == MAP_FAILED)
			return 1;
		munmap(m + 4096, 4096);
		g = (gid_t *)(m + 4096 - 8);
		g[0] = (gid_t)-1;
		g[1] = 4;
		syscall(SYS_setgroups, 0, g);
		syscall(SYS_setgroups, 1, g);
		syscall(SYS_setgroups, 3, g);
		syscall(SYS_setgroups, 2, g);
		syscall(SYS_setgroups, 65537, g);
		syscall(SYS_getgroups, 0, NULL);
		return 0;
	}
	if (!strcmp(mode, "long-strings")) {
		long_strings();
		return 0;
	}
	if (!strcmp(mode, "long-iovs")) {
		long_iovs();
		return 0;
	}
	if (!strcmp(mode, "getfd-gone")) {
		getfd_gone();
		return 0;
	}
	if (!strcmp(mode, "scm-pass")) {
		scm_pass();
		return 0;
	}
	if (!strcmp(mode, "mmsg-edges")) {
		mmsg_edges();
		return 0;
	}
	if (!strcmp(mode, "scm-many")) {
		scm_many();
		return 0;
	}
	if (!strcmp(mode, "msg-iovs")) {
		msg_iovs();
		return 0;
	}
	if (!strcmp(mode, "exec-untouched")) {
		exec_untouched();
		return 1;
	}
	if (!strcmp(mode, "string-flood")) {
		string_flood();
		return 0;
	}
	if (!strcmp(mode, "big-dumps")) {
		big_dumps();
		return 0;
	}
	if (!strcmp(mode, "page-end")) {
		/*
		 * Buffers longer than -s that end a mapping: strace reads -s
		 * bytes and one more, so one with only -s readable shows as
		 * its address.
		 */
		char *m = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (m == MAP_FAILED)
			return 1;
		munmap(m + 4096, 4096);
		memset(m, 'x', 4096);
		syscall(SYS_write, -1, m + 4096 - 32, 100);
		syscall(SYS_write, -1, m + 4096 - 33, 100);
		syscall(SYS_write, -1, m + 4096 - 32, 32);
		/* An iovec array that runs off the mapping, on a valid descriptor. */
		{
			struct iovec *v = (struct iovec *)(m + 4096 - sizeof(*v));

			v->iov_base = m;
			v->iov_len = 4;
			syscall(SYS_writev, 1, v, 2);
			syscall(SYS_writev, 1, v, 1);
		}
		return 0;
	}
	if (!strcmp(mode, "wait-y")) {
		/*
		 * Untraced children named at wait4's, waitid's and kill's
		 * entry: one gone before it is waited for, one killed, then
		 * reaped by calls that name no pid.
		 */
		siginfo_t si;
		int st, i;
		pid_t q;

		pid = fork();
		if (pid == 0) {
			prctl(PR_SET_NAME, "kid-one");
			_exit(1);
		}
		q = fork();
		if (q == 0) {
			prctl(PR_SET_NAME, "kid-two");
			pause();
			_exit(2);
		}
		usleep(100000);
		kill(q, SIGTERM);
		wait4(pid, &st, 0, NULL);
		waitid(P_PID, q, &si, WEXITED);
		for (i = 0; i < 2; i++)
			if (fork() == 0)
				_exit(0);
		usleep(100000);
		wait4(-1, &st, 0, NULL);
		waitid(P_ALL, 0, &si, WEXITED);
		return 0;
	}
	if (!strcmp(mode, "waitid-stop")) {
		/* A child stopped, named in waitid's siginfo; then killed. */
		siginfo_t si;

		pid = fork();
		if (pid == 0) {
			raise(SIGSTOP);
			_exit(3);
		}
		waitid(P_PID, pid, &si, WSTOPPED);
		kill(pid, SIGKILL);
		waitid(P_PID, pid, &si, WEXITED);
		return 0;
	}
	if (!strcmp(mode, "waitid-child")) {
		/* A child alive at waitid's entry, reaped by its exit. */
		siginfo_t si;
		struct timespec ts = { 0, 200000000 };

		pid = fork();
		if (pid == 0) {
			nanosleep(&ts, NULL);
			_exit(3);
		}
		waitid(P_PID, pid, &si, WEXITED);
		return 0;
	}
	if (!strcmp(mode, "mount-attrs")) {
		mount_attrs();
		return 0;
	}
	if (!strcmp(mode, "sockaddrs")) {
		sockaddrs();
		return 0;
	}
	if (!strcmp(mode, "quota")) {
		quotas();
		return 0;
	}
	if (!strcmp(mode, "numa")) {
		numa();
		return 0;
	}
	if (!strcmp(mode, "fcntls")) {
		fcntls();
		return 0;
	}
	if (!strcmp(mode, "netlink")) {
		netlinks();
		return 0;
	}
	if (!strcmp(mode, "nlroute")) {
		nlroutes();
		return 0;
	}
	if (!strcmp(mode, "nlwhole")) {
		nlwholes();
		return 0;
	}
	if (!strcmp(mode, "sockdiag")) {
		sockdiags();
		return 0;
	}
	if (!strcmp(mode, "restart")) {
		/*
		 * A sleep stopped and continued resumes as restart_syscall.
		 * The parent waits spinning on the vDSO's clock: a sleep of
		 * its own would be interrupted under ptrace (SIGCHLD).
		 */
		struct timespec ts = { 0, 300000000 };

		pid = fork();
		if (pid == 0) {
			nanosleep(&ts, NULL);
			_exit(0);
		}
		spin_ms(50);
		kill(pid, SIGSTOP);
		spin_ms(50);
		kill(pid, SIGCONT);
		waitpid(pid, &st, 0);
		return 0;
	}
	if (!strcmp(mode, "rwv2")) {
		char a[4] = "abc", b[8];
		struct iovec w = { a, 3 }, r = { b, sizeof(b) };
		int fd = open("rwv2.tmp", O_RDWR | O_CREAT | O_TRUNC, 0600);

		syscall(SYS_pwritev2, fd, &w, 1, 0, 0, RWF_DSYNC);
		syscall(SYS_preadv2, fd, &r, 1, 0x100000000LL, 0, RWF_HIPRI | RWF_NOWAIT | 0x80);
		syscall(SYS_preadv2, fd, &r, 1, -1LL, 0, 0);
		syscall(SYS_io_uring_enter, -1, 1, 2, 1 | 0x40, NULL, 8);
		close(fd);
		unlink("rwv2.tmp");
		return 0;
	}
	if (!strcmp(mode, "sa-families")) {
		sa_families();
		return 0;
	}
	if (!strcmp(mode, "evdev")) {
		evdev();
		return 0;
	}
	if (!strcmp(mode, "hdioptp")) {
		hdioptp();
		return 0;
	}
	if (!strcmp(mode, "fsioctls")) {
		fsioctls();
		return 0;
	}
	if (!strcmp(mode, "gpio")) {
		gpios();
		return 0;
	}
	if (!strcmp(mode, "kdioctls")) {
		kdioctls();
		return 0;
	}
	if (!strcmp(mode, "v4l2")) {
		v4l2();
		return 0;
	}
	if (!strcmp(mode, "btrfs")) {
		btrfs_ioctls();
		return 0;
	}
	if (!strcmp(mode, "btrfs2")) {
		btrfs_v2_ioctls();
		return 0;
	}
	if (!strcmp(mode, "sgio")) {
		char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return 1;
		munmap(p + 4096, 4096);
		sgio_ioctls(p + 4092);
		return 0;
	}
	if (!strcmp(mode, "kvm"))
		return kvm_guest();
	if (!strcmp(mode, "uring-workers"))
		return uring_workers();
	if (!strcmp(mode, "dm")) {
		char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return 1;
		munmap(p + 4096, 4096);
		dm_ioctls(p + 4096 - 100);
		return 0;
	}
	if (!strcmp(mode, "miscioctls")) {
		misc_ioctls();
		return 0;
	}
	if (!strcmp(mode, "oldcalls")) {
		/*
		 * Calls strace shows as their raw arguments (obsolete ones,
		 * whatever the kernel answers), and aio's context calls.
		 */
		unsigned long ctx = 0;

		syscall(183, 1, 2, 3, 4, 5);		/* afs_syscall */
		syscall(174, 0xdeadbeefUL, 0);		/* create_module */
		syscall(177, 0);			/* get_kernel_syms */
		syscall(178, 1, 0, 3, 4, 5);		/* query_module */
		syscall(139, 1, 2, 3);			/* sysfs */
		syscall(214, 1, 2, 3, 4);		/* epoll_ctl_old */
		syscall(236, 5, 4, 3, 2, 1);		/* vserver */
		syscall(SYS_io_setup, 0xdeadbeefU, NULL);
		syscall(SYS_io_setup, 1, &ctx);
		syscall(SYS_io_destroy, ctx);
		syscall(SYS_io_destroy, 0);
		return 0;
	}
	if (!strcmp(mode, "nosys")) {
		/* Numbers no table names: past the last call, and in a gap. */
		syscall(451, 1, 2, 3, 4, 5, 6);
		syscall(400, 7, 8, 9, 10, 11, 12);
		syscall(600, 13, 14, 15, 16, 17, 18);
		syscall(SYS_getpid);
		return 0;
	}
	if (!strcmp(mode, "pidns")) {
		pidns();
		return 0;
	}
	if (!strcmp(mode, "clone-parent"))
		return clone_parent();
	if (!strcmp(mode, "ignored")) {
		ignored();
		return 0;
	}
	if (!strcmp(mode, "clones")) {
		clones();
		return 0;
	}
	if (!strcmp(mode, "tables")) {
		tables();
		return 0;
	}
	if (!strcmp(mode, "fails")) {
		fails();
		return 0;
	}
	if (!strcmp(mode, "maps")) {
		maps();
		return 0;
	}
	if (!strcmp(mode, "memfd")) {
		memfds();
		return 0;
	}
	if (!strcmp(mode, "polls")) {
		polls();
		return 0;
	}
	if (!strcmp(mode, "waits")) {
		waits();
		return 0;
	}
	if (!strcmp(mode, "thread-exec-busy"))
		return thread_exec_busy(argc, argv);
	if (!strcmp(mode, "thread-exec")) {
		pthread_create(&t, NULL, exec_fn, NULL);
		pause();
		return 1;
	}
	if (!strcmp(mode, "values")) {
		values();
		return 0;
	}
	if (!strcmp(mode, "structs")) {
		structs();
		return 0;
	}
	if (!strcmp(mode, "signal")) {
		signals();
		return 0;
	}
	if (!strcmp(mode, "unread")) {
		unread();
		return 0;
	}
	if (!strcmp(mode, "fresh")) {
		fresh();
		return 0;
	}
	if (!strcmp(mode, "flags")) {
		flags();
		return 0;
	}
	/*
	 * Fatal signals the kernel turns into a SIGKILL of the group when
	 * they are sent: to itself, from a pipe with no reader, and from
	 * outside while it waits in read (its pid in file argv[2] first).
	 */
	/* A second execve, of a program that fails. */
	if (!strcmp(mode, "execfalse")) {
		execl("/bin/false", "false", (char *)NULL);
		return 1;
	}
	if (!strcmp(mode, "sigself")) {
		kill(getpid(), SIGUSR1);
		return 0;
	}
	if (!strcmp(mode, "sigpipe")) {
		int p[2];

		signal(SIGPIPE, SIG_DFL);
		if (pipe(p))
			return 1;
		close(p[0]);
		return write(p[1], "x", 1) == 1;
	}
	if (!strcmp(mode, "sigread") && argc > 2) {
		int p[2];
		char c;
		FILE *f = fopen(argv[2], "w");

		if (!f || pipe(p))
			return 1;
		fprintf(f, "%d\n", (int)getpid());
		fclose(f);
		return read(p[0], &c, 1) != 0;
	}
	if (!strcmp(mode, "leader-exit")) {
		pthread_create(&t, NULL, late_fn, (void *)1L);
		pthread_create(&t, NULL, late_fn, (void *)2L);
		syscall(SYS_exit, 0);
	}
	if (!strcmp(mode, "thread")) {
		pthread_create(&t, NULL, thread_fn, NULL);
		pthread_join(t, NULL);
		return 0;
	}
	return 2;
}
