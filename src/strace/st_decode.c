/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Argument decoders: one per signature letter, on the argument's value
 * and the memory the kernel read for it, printing what strace prints.
 */
/* Before any linux/ header: linux/libc-compat.h then leaves glibc's alone. */
#include <net/if.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <linux/ioctl.h>
#include <asm/prctl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/if_packet.h>
#include <linux/icmp.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/epoll.h>
#include <linux/nsfs.h>
#include <sys/wait.h>
#include <sys/sysmacros.h>
#include <netinet/in.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <linux/capability.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <linux/ioprio.h>
#include <linux/kcmp.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>
#include <linux/mempolicy.h>
#include <sys/mman.h>
#include <linux/landlock.h>
#include <linux/memfd.h>
#include <linux/netlink.h>
#include <sched.h>
#include <linux/personality.h>
#include <linux/mman.h>
#include <sys/prctl.h>

#include "st_decode.h"
#include "st_netlink.h"
#include "st_ioctl.h"
#include "st_sock.h"
#include "st_prog.h"
#include "st_bpf.h"
#include "st_sockaddr.h"
#include "st_bpfsys.h"
#include "st_uring.h"
#include "st_perf.h"
#include "st_keyctl.h"
#include "st_fsconfig.h"
#include "st_kexec.h"
#include "st_ldt.h"
#include "st_aio.h"
#include "st_move_pages.h"
#include "st_ptrace.h"
#include "st_pidns.h"
#include "st_xlat.h"

static const struct st_cap *cap_of(const struct st_call *c, int arg, int idx)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == arg && c->caps[i].idx == idx)
			return &c->caps[i];
	return NULL;
}

struct st_cap *st_cap_find(const struct st_call *c, char l, int arg, int idx)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == arg && c->caps[i].letter == l &&
		    c->caps[i].idx == idx)
			return (struct st_cap *)&c->caps[i];
	return NULL;
}

/* The capture of argument arg in records of letter l, element idx. */
static const struct st_cap *cap_li(const struct st_call *c, int arg, char l,
				   int idx)
{
	return st_cap_find(c, l, arg, idx);
}

static const struct st_cap *cap_letter(const struct st_call *c, int arg,
				       char l)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == arg && c->caps[i].letter == l)
			return &c->caps[i];
	return NULL;
}

/*
 * The page records first, first + 1, ... of letter l that st_prog.c's
 * pages() read from the one addr is on, joined from addr on, up to the
 * first that did not come.  NULL if none came.
 */
static unsigned char *pieces(const struct st_call *c, int arg, char l, int first,
			     uint64_t addr, size_t *len)
{
	const struct st_cap *k;
	unsigned char *p = NULL;
	size_t skip = addr & 4095, n;
	int idx;

	*len = 0;
	for (idx = first; (k = cap_li(c, arg, l, idx)); idx++) {
		n = k->len > skip ? k->len - skip : 0;
		p = xrealloc(p, *len + n + 1);
		memcpy(p + *len, k->data + (k->len - n), n);
		*len += n;
		skip -= k->len - n;
	}
	return p;
}

/* Whether one of the n page records of argument arg (pages()) did not come. */
static bool pages_missing(const struct st_call *c, int arg, int n)
{
	int idx;

	for (idx = 0; idx < n; idx++)
		if (!cap_of(c, arg, idx))
			return true;
	return false;
}

/* Pointers before the NULL that ends an array such as envp. */
static uint64_t count_ptrs(const unsigned char *p, size_t len)
{
	uint64_t v;
	size_t off;

	for (off = 0; off + 8 <= len; off += 8) {
		memcpy(&v, p + off, 8);
		if (!v)
			break;
	}
	return off / 8;
}

/* Directory entries in the first len bytes (d_reclen at byte 16). */
static uint64_t count_dents(const unsigned char *p, size_t len)
{
	uint64_t n = 0;
	size_t off = 0;
	uint16_t reclen;

	while (off + 18 <= len) {
		memcpy(&reclen, p + off + 16, 2);
		if (!reclen)
			break;
		off += reclen;
		n++;
	}
	return n;
}

static uint64_t rd(const unsigned char *p, size_t len, size_t off, int size)
{
	uint64_t v = 0;

	if (off + size > len)
		return 0;
	memcpy(&v, p + off, size);
	return v;
}

/* The first size bytes of p (fewer if it holds fewer), zero-extended. */
static uint64_t rd_upto(const unsigned char *p, size_t len, size_t size)
{
	uint64_t v = 0;

	memcpy(&v, p, len < size ? len : size);
	return v;
}

void st_call_name(struct buf *b, const struct st_call *c)
{
	if (c->sys)
		buf_printf(b, "%s", c->sys->name);
	else
		buf_printf(b, "syscall_%#lx", (unsigned long)c->nr);
}

/*
 * The kernel reads the mode when the flags create a file: O_CREAT, or
 * O_TMPFILE, whose bit is not the libc's __O_TMPFILE (that one includes
 * O_DIRECTORY).
 */
#define KERNEL_O_TMPFILE 020000000

static bool open_creates(uint64_t flags)
{
	return flags & (O_CREAT | KERNEL_O_TMPFILE);
}

int st_call_nargs(const struct st_call *c)
{
	if (c->raw)
		return st_sys_nargs(c->sys);
	/* mknod's device only for a character or block special file. */
	if ((ST_IS(c, "mknod") && !S_ISCHR(c->args[1]) && !S_ISBLK(c->args[1])) ||
	    (ST_IS(c, "mknodat") && !S_ISCHR(c->args[2]) && !S_ISBLK(c->args[2])))
		return st_sys_nargs(c->sys) - 1;
	if ((ST_IS(c, "openat") && !open_creates(c->args[2])) ||
	    (ST_IS(c, "open") && !open_creates(c->args[1])))
		return st_sys_nargs(c->sys) - 1;
	/* mremap's new address only with MREMAP_FIXED. */
	if (ST_IS(c, "mremap") && !(c->args[3] & MREMAP_FIXED))
		return 4;
	/* kcmp's indexes only for the types that compare an object in a table. */
	if (ST_IS(c, "kcmp") && (unsigned)c->args[2] != KCMP_FILE &&
	    (unsigned)c->args[2] != KCMP_EPOLL_TFD && (unsigned)c->args[2] <= KCMP_EPOLL_TFD)
		return 3;
	/* reboot's argument only for LINUX_REBOOT_CMD_RESTART2. */
	if (ST_IS(c, "reboot") && (uint32_t)c->args[2] != 0xA1B2C3D4)
		return 3;
	/* syslog's actions that take no buffer. */
	if (ST_IS(c, "syslog")) {
		switch ((int)c->args[0]) {
		case 0: case 1: case 5: case 6: case 7: case 9: case 10:
			return 1;
		}
	}
	/* ARCH_GET_CPUID takes no argument. */
	if (ST_IS(c, "arch_prctl") && (unsigned)c->args[0] == ARCH_GET_CPUID)
		return 1;
	/* mq_open's mode and attributes only with O_CREAT. */
	if (ST_IS(c, "mq_open") && !(c->args[1] & O_CREAT))
		return 2;
	/* Requests that take no argument, as strace prints them. */
	if (ST_IS(c, "ioctl") && st_ioctl_no_arg((unsigned)c->args[1]))
		return 2;
	if (ST_IS(c, "fcntl")) {
		switch ((unsigned)c->args[1]) {
		case F_GETFD: case F_GETFL: case F_GETOWN: case F_GETSIG:
		case F_GETLEASE: case F_GETPIPE_SZ: case F_GET_SEALS:
			return 2;
		}
	}
	return st_sys_nargs(c->sys);
}

int st_first_out(const struct st_call *c)
{
	int i, n = st_call_nargs(c);

	if (c->raw)
		return n;

	for (i = 0; i < n; i++)
		if (st_sys_is_out(st_sys_arg(c->sys, i)))
			return i;
	return n;
}

/*
 * The n bytes of s escaped as strace escapes a string, without the
 * quotes; the characters of extra are escaped in octal too.
 */
static void quote_body(struct buf *b, const unsigned char *s, size_t n, int x,
		       const char *extra)
{
	bool hex = x == 2;
	size_t i;

	/* -x: a string with a byte that is neither printable nor a space. */
	for (i = 0; x == 1 && i < n && !hex; i++)
		hex = s[i] > 0x7e || (s[i] < ' ' && (unsigned)(s[i] - 9) >= 5);
	for (i = 0; hex && i < n; i++)
		buf_printf(b, "\\x%02x", s[i]);
	for (i = 0; !hex && i < n; i++) {
		unsigned char ch = s[i];
		size_t run = i;

		/* A run of bytes shown as they are, in one piece: strings can be long. */
		while (run < n && s[run] >= 0x20 && s[run] < 0x7f && s[run] != '"' &&
		       s[run] != '\\' && !(extra && strchr(extra, s[run])))
			run++;
		if (run > i) {
			buf_put(b, s + i, run - i);
			i = run - 1;
			continue;
		}
		switch (ch) {
		case '"': buf_printf(b, "\\\""); break;
		case '\\': buf_printf(b, "\\\\"); break;
		case '\t': buf_printf(b, "\\t"); break;
		case '\n': buf_printf(b, "\\n"); break;
		case '\v': buf_printf(b, "\\v"); break;
		case '\f': buf_printf(b, "\\f"); break;
		case '\r': buf_printf(b, "\\r"); break;
		default:
			if (ch >= 0x20 && ch < 0x7f && !(extra && strchr(extra, ch)))
				buf_put(b, &ch, 1);
			/* --strings-in-hex=non-ascii-chars: each in hex. */
			else if (x == 3)
				buf_printf(b, "\\x%02x", ch);
			/* Three digits when an octal digit follows, as strace. */
			else if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7')
				buf_printf(b, "\\%03o", ch);
			else
				buf_printf(b, "\\%o", ch);
		}
	}
}

void st_quote(struct buf *b, const unsigned char *s, size_t n, bool ellipsis,
	      int x)
{
	buf_put(b, "\"", 1);
	quote_body(b, s, n, x, NULL);
	buf_put(b, "\"", 1);
	if (ellipsis)
		buf_printf(b, "...");
}

static void ptr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/* A pointer the call wrote through an argument: [ptr]. */
static void ptr_ref(struct buf *b, uint64_t v)
{
	buf_printf(b, "[");
	ptr(b, v);
	buf_printf(b, "]");
}

/*
 * An absolute path with "." and ".." and repeated slashes taken out, in
 * place: what the kernel would name a file that no longer exists (lines
 * are decoded after the calls, and the program may have removed it).
 */
static char *lexical_path(char *path)
{
	char *r = path, *w = path;

	while (*r) {
		while (*r == '/')
			r++;
		if (!*r)
			break;
		if (r[0] == '.' && (r[1] == '/' || !r[1])) {
			r++;
			continue;
		}
		if (r[0] == '.' && r[1] == '.' && (r[2] == '/' || !r[2])) {
			r += 2;
			while (w > path && *--w != '/')
				;
			continue;
		}
		*w++ = '/';
		while (*r && *r != '/')
			*w++ = *r++;
	}
	if (w == path)
		*w++ = '/';
	*w = 0;
	return path;
}

static const char *cwd_any(int tid, const struct st_dopts *o, char *buf,
			   size_t len);

/*
 * The working directory of tid, remembered or from /proc, or NULL (also
 * when it is too long for the kernel to name, as strace leaves it).
 */
static const char *cwd_of(int tid, const struct st_dopts *o, char *buf,
			  size_t len)
{
	const char *known = cwd_any(tid, o, buf, len);

	/* The kernel names no path longer than a page, as /proc shows it. */
	return known && strlen(known) < PATH_MAX ? known : NULL;
}

/* The working directory of tid, remembered (of any length) or from /proc. */
static const char *cwd_any(int tid, const struct st_dopts *o, char *buf,
			   size_t len)
{
	const char *known = st_fds_get(o->fds, tid, AT_FDCWD);
	char path[64];
	ssize_t n;

	if (known)
		return known;
	snprintf(path, sizeof(path), "/proc/%d/cwd", tid);
	n = readlink(path, buf, len - 1);
	if (n <= 0)
		return NULL;
	buf[n] = 0;
	return buf;
}

/* open(2)'s flags: O_RDONLY is named, though it is 0. */
static void open_flags(struct buf *b, uint64_t v)
{
	/* The access mode by name, O_ACCMODE for both bits, as strace. */
	if ((v & O_ACCMODE) == O_RDONLY || (v & O_ACCMODE) == O_ACCMODE) {
		buf_printf(b, (v & O_ACCMODE) ? "O_ACCMODE" : "O_RDONLY");
		if (v & ~(uint64_t)O_ACCMODE) {
			buf_printf(b, "|");
			st_xlat_flags(b, st_open_flags, v & ~(uint64_t)O_ACCMODE, "");
		}
	} else {
		st_xlat_flags(b, st_open_flags, v, "0");
	}
}

/* The -X style styled() was called in, for the names it prints. */
static enum st_cstyle outer_style;

/*
 * A constant that several names or a rule make up, in -X's style: its
 * names (name() as without -X), the number alone (num: its printf
 * format), or both, the names in a comment unless they are the number.
 */
static void styled(struct buf *b, const char *num, uint64_t v,
		   void (*name)(struct buf *, uint64_t))
{
	enum st_cstyle style = st_xlat_style(ST_C_ABBREV);
	size_t at = b->len;

	outer_style = style;
	if (style == ST_C_ABBREV) {
		name(b, v);
		return;
	}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	buf_printf(b, num, (unsigned long long)v);
#pragma GCC diagnostic pop
	if (style == ST_C_VERBOSE) {
		size_t len = b->len - at;

		buf_printf(b, " /* ");
		name(b, v);
		/*
		 * The names are the number itself, or the number with its
		 * unknown-value comment: that alone.
		 */
		if (b->len - (at + len + 4) == len &&
		    !memcmp(b->p + at, b->p + at + len + 4, len))
			b->len = at + len;
		else if (b->len - (at + len + 4) > len + 4 &&
			 !memcmp(b->p + at, b->p + at + len + 4, len) &&
			 !memcmp(b->p + at + 2 * len + 4, " /* ", 4)) {
			memmove(b->p + at + len, b->p + at + 2 * len + 4,
				b->len - (at + 2 * len + 4));
			b->len -= len + 4;
		} else
			buf_printf(b, " */");
	}
	st_xlat_style(style);
}

/* A table with no names: every value prints as unknown. */
static const struct st_xlat st_no_names[] = { { 0, NULL } };

/*
 * A futex operation: the command, _PRIVATE, and FUTEX_CLOCK_REALTIME
 * where the command takes a clock (the waits); any other value is
 * unknown as a whole, as strace names them.
 */
static void futex_op(struct buf *b, uint64_t v)
{
	unsigned cmd = v & FUTEX_CMD_MASK;

	if (!st_xlat_name(st_futex, cmd) ||
	    ((v & FUTEX_CLOCK_REALTIME) && cmd != FUTEX_WAIT &&
	     cmd != FUTEX_WAIT_BITSET && cmd != FUTEX_WAIT_REQUEUE_PI)) {
		st_xlat_val(b, st_no_names, v, "FUTEX_???");
		return;
	}
	st_xlat_val(b, st_futex, cmd, "FUTEX_???");
	/* FUTEX_FD, long gone, has no _PRIVATE name. */
	if ((v & FUTEX_PRIVATE_FLAG) && cmd == FUTEX_FD)
		buf_printf(b, "|FUTEX_PRIVATE_FLAG");
	else if (v & FUTEX_PRIVATE_FLAG)
		buf_printf(b, "_PRIVATE");
	if (v & FUTEX_CLOCK_REALTIME)
		buf_printf(b, "|FUTEX_CLOCK_REALTIME");
}

static void dev_names(struct buf *b, uint64_t v)
{
	buf_printf(b, "makedev(%#x, %#x)", major(v), minor(v));
}

/* An ioctl request's name, or its fields as strace spells them. */
static void ioctl_request(struct buf *b, uint64_t v)
{
	const char *n = st_ioctl_name((unsigned)v);
	bool param = st_ioctl_number(b, (unsigned)v, outer_style == ST_C_VERBOSE);

	if (n) {
		buf_printf(b, "%s%s", param ? " or " : "", n);
		return;
	}
	if (param)
		return;
	buf_printf(b, "_IOC(");
	st_xlat_flags_dflt(b, st_ioc_dirs, _IOC_DIR(v), "_IOC_NONE", "_IOC_???");
	buf_printf(b, ", %#x, %#x, %#x)", (unsigned)_IOC_TYPE(v), (unsigned)_IOC_NR(v),
		   (unsigned)_IOC_SIZE(v));
}

static void at_fdcwd_name(struct buf *b, uint64_t v)
{
	buf_printf(b, "AT_FDCWD");
}

/* AT_FDCWD, with -y the working directory, as strace. */
static void at_fdcwd(struct buf *b, int tid, const struct st_dopts *o)
{
	char target[4096];
	const char *cwd;

	styled(b, "%lld", (uint64_t)(int64_t)AT_FDCWD, at_fdcwd_name);
	if (!o->fdplain)
		return;
	cwd = cwd_of(tid, o, target, sizeof(target));
	if (cwd)
		buf_printf(b, "<%s>", cwd);
}

void st_decode_dirfd(struct buf *b, int tid, int64_t fd, const struct st_dopts *o)
{
	if ((int)fd == AT_FDCWD)
		at_fdcwd(b, tid, o);
	else
		st_decode_fd(b, tid, (int)fd, o, NULL);
}

/* The process a pidfd refers to, from /proc's fdinfo; 0 if unknown. */
static long pidfd_pid(int tid, int fd)
{
	char path[64], line[128];
	long pid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", tid, fd);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Pid: %ld", &pid) == 1)
			break;
	fclose(f);
	return pid;
}

/*
 * pidfd_getfd's descriptor fd of the pidfd's process, with -y's path:
 * from that process's /proc while it lives; else, when the call
 * returned a descriptor of a file the caller held at another one
 * (ST_L_GETFD_SAME), that one's path, which the returned descriptor
 * names as well.
 */
static void getfd_target(struct buf *b, const struct st_call *c, int fd,
			 const struct st_dopts *o)
{
	const struct st_cap *k = cap_li(c, 0, ST_L_GETFD_SAME, 0);
	long pid = pidfd_pid(c->tid, (int)c->args[0]);
	char path[64], target[4096];
	const char *same = NULL;
	ssize_t n;

	if (k && k->n && !st_call_failed(c)) {
		int other = __builtin_ctzll(k->n);

		same = st_fds_get(o->fds, c->tid, other);
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", c->tid, other);
		n = readlink(path, target, sizeof(target) - 1);
		if (!same && n > 0) {
			target[n] = 0;
			same = target;
		}
		if (same && !st_fds_get(o->fds, c->tid, (int)c->ret))
			st_fds_set(o->fds, c->tid, (int)c->ret, same);
	}
	snprintf(path, sizeof(path), "/proc/%ld/fd/%d", pid, fd);
	if (pid > 0 && (!same || access(path, F_OK) == 0)) {
		st_decode_fd(b, (int)pid, fd, o, NULL);
		return;
	}
	/* Under a number no process has: what the caller's descriptor named. */
	if (same) {
		st_fds_drop(o->fds, -1, fd);
		st_decode_fd(b, -1, fd, o, same);
		st_fds_drop(o->fds, -1, fd);
		return;
	}
	buf_printf(b, "%d", fd);
}

/*
 * -yy: the socket of inode ino as one of the call's records saw it (at
 * entry for argument 0, at exit for one returned), into sn; false if none.
 */
static bool sock_snap(const struct st_call *c, unsigned long ino,
		      struct st_sock_snap *sn)
{
	const struct st_cap *k, *a[4], *name, *path;
	uint64_t x;
	int base, j;

	for (base = ST_SNAP_ARG0; c && base <= ST_SNAP_PAIR + 8; base += 8) {
		k = cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base);
		if (!k || k->n != ino)
			continue;
		x = cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base + 1) ?
		    cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base + 1)->n : 0;
		for (j = 0; j < 4; j++)
			a[j] = cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base + 2 + j);
		name = cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base + 6);
		path = cap_li(c, ST_SNAP_ARG, ST_L_SOCKSNAP, base + 7);
		if (!name || !name->len || !a[0] || !a[1] || !a[2] || !a[3])
			return false;
		memset(sn, 0, sizeof(*sn));
		sn->ino = ino;
		sn->family = (int)(x & 0xffff);
		sn->sport = (unsigned)(x >> 16) & 0xffff;
		sn->dport = ntohs((uint16_t)(x >> 32));
		sn->protocol = (int)(x >> 48) & 0xff;
		sn->state = (int)(x >> 56);
		snprintf(sn->proto, sizeof(sn->proto), "%.*s", (int)name->len, name->data);
		if (sn->family == AF_INET) {
			memcpy(sn->dst, &a[0]->n, 4);
			memcpy(sn->src, &a[1]->n, 4);
		} else if (sn->family == AF_INET6) {
			memcpy(sn->dst, &a[0]->n, 8);
			memcpy(sn->dst + 8, &a[1]->n, 8);
			memcpy(sn->src, &a[2]->n, 8);
			memcpy(sn->src + 8, &a[3]->n, 8);
		} else if (sn->family == AF_UNIX) {
			sn->peer = a[0]->n;
			/* sun_path: past sun_family, as many bytes as bound. */
			if (path && path->len > 2) {
				sn->plen = path->len - 2 < sizeof(sn->path) ?
					   path->len - 2 : sizeof(sn->path);
				memcpy(sn->path, path->data + 2, sn->plen);
			}
		} else if (sn->family == AF_NETLINK) {
			sn->portid = (unsigned)a[0]->n;
		}
		return true;
	}
	return false;
}

/*
 * -yy: a socket's protocol and endpoints in place of its name, a
 * device's numbers after its path, as strace; false for anything else.
 */
static bool fd_info(struct buf *b, int tid, int fd, const char *name,
		    const struct st_dopts *o)
{
	char details[512];
	unsigned long ino;
	struct stat st;

	/* A pidfd: its process, named when the pidfd was made, or now. */
	if (o->fdpidfd && !strncmp(name, "pid:", 4)) {
		buf_printf(b, "<%s>", name);
		return true;
	}
	if (o->fdpidfd && !strcmp(name, "anon_inode:[pidfd]")) {
		long pid = pidfd_pid(tid, fd);

		if (pid <= 0)
			return false;
		buf_printf(b, "<pid:%ld>", pid);
		return true;
	}
	if (sscanf(name, "socket:[%lu]", &ino) == 1) {
		struct st_sock_snap sn;

		const char *cached = st_sock_cached(ino);
		int found;

		if (!o->fdsock)
			return false;
		if (cached) {
			buf_printf(b, "<%s>", cached);
			return true;
		}
		/* As the call's records saw it, else as the kernel says now. */
		if (sock_snap(o->call, ino, &sn))
			found = st_sock_snap_details(&sn, details, sizeof(details));
		else
			found = st_sock_details(tid, fd, ino, details, sizeof(details));
		if (found < 0)
			return false;
		if (found)
			st_sock_cache(ino, details);
		buf_printf(b, "<%s>", details);
		return true;
	}
	if (!o->fddev || name[0] != '/' || stat(name, &st) ||
	    !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return false;
	buf_printf(b, "<%s<%s %u:%u>>", name, S_ISCHR(st.st_mode) ? "char" : "block",
		   major(st.st_rdev), minor(st.st_rdev));
	return true;
}

/*
 * Whether the kernel's " (deleted)" ends the link target of /proc's
 * link because the file is gone, not because its name ends so: then
 * target loses that suffix.  As strace: the link's file is not the one
 * the name now leads to.
 */
static bool unlinked(const char *link, char *target, size_t n)
{
	static const char sfx[] = " (deleted)";
	struct stat a, b;

	if (n <= sizeof(sfx) - 1 || strcmp(target + n - (sizeof(sfx) - 1), sfx))
		return false;
	if (stat(link, &a))
		return false;
	target[n - (sizeof(sfx) - 1)] = 0;
	if (!lstat(target, &b) && a.st_ino == b.st_ino && a.st_dev == b.st_dev) {
		target[n - (sizeof(sfx) - 1)] = ' ';
		return false;
	}
	return true;
}

void st_decode_fd(struct buf *b, int tid, int64_t fd,
		  const struct st_dopts *o, const char *hint)
{
	char path[64], target[4096];
	const char *known;
	bool deleted = false;
	ssize_t n;

	buf_printf(b, "%d", (int)fd);
	if ((int)fd < 0)
		return;
	/*
	 * What the calls said first: /proc answers when the line prints,
	 * and the thread may have closed and reused the descriptor by then.
	 * Remembered for -P too.
	 */
	if (hint)
		st_fds_set(o->fds, tid, (int)fd, hint);
	if (!o->fdpaths)
		return;
	known = st_fds_get(o->fds, tid, (int)fd);
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", tid, (int)fd);
	n = readlink(path, target, sizeof(target) - 1);
	if (n > 0) {
		target[n] = 0;
		deleted = unlinked(path, target, (size_t)n);
		/* The path remembered, when the descriptor still has it. */
		if (deleted && known && strcmp(known, target))
			deleted = false;
	}
	/*
	 * The process gone and no call seen to make the descriptor: the
	 * socket in argument 0 as the call's entry record saw it (st_prog.c).
	 */
	if (!known && n <= 0 && o->call &&
	    (int)o->call->args[0] == (int)fd) {
		const struct st_cap *k = cap_li(o->call, ST_SNAP_ARG, ST_L_SOCKSNAP,
						ST_SNAP_ARG0);

		if (k && k->n) {
			snprintf(target, sizeof(target), "socket:[%llu]",
				 (unsigned long long)k->n);
			known = target;
		}
	}
	if (!known && n <= 0)
		return;
	/* Gone from /proc: what the traced calls did to the file. */
	if (n <= 0)
		deleted = st_fds_deleted(o->fds, tid, (int)fd);
	if (!known)
		known = target;
	if ((o->fdsock || o->fddev || o->fdpidfd) && fd_info(b, tid, (int)fd, known, o))
		return;
	/* decode-fds= without path: sockets' and devices' only, as strace. */
	if (o->fdplain) {
		buf_put(b, "<", 1);
		quote_body(b, (const unsigned char *)known, strlen(known), o->xstyle, "<>");
		buf_printf(b, deleted ? ">(deleted)" : ">");
	}
}

/* The working directory after chdir(path): path, or path joined to it. */
static void chdir_to(const struct st_call *c, const struct st_dopts *o)
{
	const struct st_cap *k = cap_of(c, 0, 0);
	char buf[4096];
	const char *cwd = cwd_any(c->tid, o, buf, sizeof(buf));
	char *path, *real;

	if (!k || !k->len || !memchr(k->data, 0, k->len))
		return;
	if (k->data[0] == '/')
		path = xstrdup((const char *)k->data);
	else if (cwd)
		path = xasprintf("%s%s%s", cwd, strcmp(cwd, "/") ? "/" : "",
				 (const char *)k->data);
	else
		return;
	/*
	 * As the kernel resolved it (symbolic links, then ".."), while the
	 * directories are there; else, or when too long to resolve, lexically.
	 */
	real = realpath(path, NULL);
	if (!real)
		real = xstrdup(lexical_path(path));
	st_fds_set(o->fds, c->tid, AT_FDCWD, real);
	free(real);
	free(path);
}

static const char *ret_hint(const struct st_call *c, const struct st_dopts *o,
			    char *resolved);
static const char *arg_path(const struct st_call *c, const struct st_dopts *o,
			    int i, int at, char *resolved);

/* The calls that return a descriptor of an anonymous inode, and its name. */
static const struct { const char *call, *name; } anon_fds[] = {
	{ "pidfd_open", "anon_inode:[pidfd]" },
	{ "landlock_create_ruleset", "anon_inode:[landlock-ruleset]" },
	{ "inotify_init", "anon_inode:inotify" }, { "inotify_init1", "anon_inode:inotify" },
	{ "eventfd", "anon_inode:[eventfd]" }, { "eventfd2", "anon_inode:[eventfd]" },
	{ "epoll_create", "anon_inode:[eventpoll]" }, { "epoll_create1", "anon_inode:[eventpoll]" },
	{ "signalfd", "anon_inode:[signalfd]" }, { "signalfd4", "anon_inode:[signalfd]" },
	{ "timerfd_create", "anon_inode:[timerfd]" }, { "userfaultfd", "anon_inode:[userfaultfd]" },
	{ "fanotify_init", "anon_inode:[fanotify]" },
	{ "io_uring_setup", "anon_inode:[io_uring]" },
	{ "perf_event_open", "anon_inode:[perf_event]" },
};

/* The name of the anonymous inode call n returns a descriptor of, or NULL. */
static const char *anon_name(const char *n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(anon_fds); i++)
		if (!strcmp(n, anon_fds[i].call))
			return anon_fds[i].name;
	return NULL;
}

/*
 * What -y names descriptor j (0, 1) of the pair pipe, pipe2 or socketpair
 * made, by the inode the kernel gave it (st_prog.c), in h; or NULL.
 */
static const char *pair_hint(const struct st_call *c, int j, char *h)
{
	const struct st_cap *k = cap_li(c, ST_SOCKINO_ARG, ST_L_NLPROTO, j);

	if (!k)
		return NULL;
	snprintf(h, 32, "%s:[%llu]", strcmp(c->sys->name, "socketpair") ? "pipe" : "socket",
		 (unsigned long long)k->n);
	return h;
}

void st_decode_after(const struct st_call *c, const struct st_dopts *o)
{
	const char *n = c->sys ? c->sys->name : "";
	char resolved[PATH_MAX];
	int fd;

	/* An injected return value made no descriptor. */
	if (!o->fds || st_call_failed(c) || c->ret_ok)
		return;
	/* Without -y or -P only netlink sockets are kept, at no cost to opens. */
	if (!o->keep_paths && strcmp(n, "socket") && strcmp(n, "close") &&
	    strncmp(n, "dup", 3) && strcmp(n, "fcntl"))
		return;
	if (!strcmp(n, "close")) {
		st_fds_drop(o->fds, c->tid, (int)c->args[0]);
	} else if (!strcmp(n, "dup") ||
		   (!strcmp(n, "fcntl") && ((unsigned)c->args[1] == F_DUPFD ||
					    (unsigned)c->args[1] == F_DUPFD_CLOEXEC))) {
		st_fds_dup(o->fds, c->tid, (int)c->args[0], (int)c->ret);
	} else if (!strcmp(n, "dup2") || !strcmp(n, "dup3")) {
		st_fds_dup(o->fds, c->tid, (int)c->args[0], (int)c->args[1]);
	} else if (!strcmp(n, "fchdir")) {
		st_fds_dup(o->fds, c->tid, (int)c->args[0], AT_FDCWD);
	} else if (!strcmp(n, "chdir")) {
		chdir_to(c, o);
	} else if (!strcmp(n, "pipe") || !strcmp(n, "pipe2") || !strcmp(n, "socketpair")) {
		const struct st_cap *k = cap_of(c, strcmp(n, "socketpair") ? 0 : 3, 0);
		char h[32];

		for (fd = 0; k && fd < 2; fd++)
			if (pair_hint(c, fd, h))
				st_fds_set(o->fds, c->tid, (int)rd(k->data, k->len, 4 * fd, 4), h);
	} else if (!strcmp(n, "unlink") ||
		   (!strcmp(n, "unlinkat") && !(c->args[2] & AT_REMOVEDIR))) {
		const char *h = arg_path(c, o, !strcmp(n, "unlinkat"),
					 !strcmp(n, "unlinkat") ? 0 : -1, resolved);

		if (h)
			st_fds_unlink(o->fds, h);
	} else if (!strncmp(n, "rename", 6)) {
		bool at2 = strcmp(n, "rename");
		char to[PATH_MAX];
		const char *from = arg_path(c, o, at2 ? 1 : 0, at2 ? 0 : -1, resolved);
		const char *h = arg_path(c, o, at2 ? 3 : 1, at2 ? 2 : -1, to);

		if (from && h)
			st_fds_rename(o->fds, from, h);
	} else if (!strcmp(n, "close_range")) {
		for (fd = (int)c->args[0]; fd >= 0 &&
		     (unsigned)fd <= (unsigned)c->args[1] && fd < 65536; fd++)
			st_fds_drop(o->fds, c->tid, fd);
	} else if (!strncmp(n, "open", 4) || !strcmp(n, "creat")) {
		/* Also for the calls -P or -e trace= do not print. */
		const char *h = ret_hint(c, o, resolved);

		if (h)
			st_fds_set(o->fds, c->tid, (int)c->ret, h);
		else
			st_fds_drop(o->fds, c->tid, (int)c->ret);
	} else if (!strcmp(n, "pidfd_open") || (!strcmp(n, "landlock_create_ruleset") &&
						!(c->args[2] & LANDLOCK_CREATE_RULESET_VERSION))) {
		st_fds_set(o->fds, c->tid, (int)c->ret, ret_hint(c, o, resolved));
	} else if (!strcmp(n, "landlock_create_ruleset")) {
		/* The ABI version, not a descriptor. */
	} else if (!strcmp(n, "seccomp")) {
		/* A filter's listener, the only descriptor seccomp returns. */
		if (c->args[0] == SECCOMP_SET_MODE_FILTER &&
		    (c->args[1] & SECCOMP_FILTER_FLAG_NEW_LISTENER))
			st_fds_set(o->fds, c->tid, (int)c->ret, "anon_inode:seccomp notify");
	} else if (anon_name(n)) {
		/* Named now: the process may be gone from /proc by the lines that use it. */
		st_fds_set(o->fds, c->tid, (int)c->ret, anon_name(n));
	} else if (!strcmp(n, "ioctl")) {
		/* A VM's, a vCPU's: named now, as the anonymous inodes above. */
		if (st_ioctl_ret_fd(c, resolved, sizeof(resolved)))
			st_fds_set(o->fds, c->tid, (int)c->ret, resolved);
	} else if (!strcmp(n, "bpf")) {
		/* Maps and programs are named as the kernel names them. */
		if (st_bpfsys_ret_fd(c) && st_bpfsys_fd_name(c))
			st_fds_set(o->fds, c->tid, (int)c->ret, st_bpfsys_fd_name(c));
		else if (st_bpfsys_ret_fd(c))
			st_fds_drop(o->fds, c->tid, (int)c->ret);
	} else if (st_sys_ret(c->sys) == 'f') {
		/*
		 * A descriptor no open named (pipe, ...): ask /proc; a socket
		 * by the inode the call's record holds, when -y asked for it.
		 */
		const char *h = ret_hint(c, o, resolved);

		if (h && (!strcmp(n, "socket") || !strncmp(n, "accept", 6)))
			st_fds_set(o->fds, c->tid, (int)c->ret, h);
		else
			st_fds_drop(o->fds, c->tid, (int)c->ret);
		if (!strcmp(n, "socket") && (int)c->args[0] == AF_NETLINK)
			st_fds_set_netlink(o->fds, c->tid, (int)c->ret, (int)c->args[2]);
	}
}

static bool one_of(const char *p, char *const *paths, int npaths)
{
	int i;

	for (i = 0; p && i < npaths; i++)
		if (!strcmp(p, paths[i]))
			return true;
	return false;
}

/* The path of tid's descriptor fd, as -y knows it or /proc says, or NULL. */
static const char *fd_path(const struct st_call *c, const struct st_dopts *o,
			   int fd, char *target, size_t size)
{
	const char *p = st_fds_get(o->fds, c->tid, fd);
	char link[64];
	ssize_t len;

	if (p)
		return p;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", c->tid, fd);
	len = readlink(link, target, size - 1);
	if (len <= 0)
		return NULL;
	target[len] = 0;
	return target;
}

bool st_decode_touches(const struct st_call *c, const struct st_dopts *o,
		       char *const *paths, int npaths)
{
	char target[4096];
	int i, n = st_call_nargs(c);

	/* fsconfig: its value's path and aux descriptor, never its fs_fd (strace's). */
	if (ST_IS(c, "fsconfig") && !c->raw) {
		char path[ST_PATH_READ];
		const char *p = st_fsconfig_refs(c, path, &i);

		return (p && one_of(p, paths, npaths)) ||
		       (i >= 0 && one_of(fd_path(c, o, i, target, sizeof(target)), paths, npaths));
	}
	for (i = 0; c->sys && i < n; i++) {
		char l = st_sys_arg(c->sys, i);
		const struct st_cap *k;
		const char *p;
		int fd = (int)c->args[i];
		size_t j;

		if (l == '(') {
			/* poll's descriptors: all of those read at exit. */
			k = cap_letter(c, i, ')');
			if (!k)
				k = cap_letter(c, i, '(');
			for (j = 0; k && 8 * (j + 1) <= k->len; j++) {
				fd = (int)rd(k->data, k->len, 8 * j, 4);
				if (fd >= 0 && one_of(fd_path(c, o, fd, target, sizeof(target)),
						      paths, npaths))
					return true;
			}
			continue;
		}

		if (l == '$') {
			/* select's sets as the call was given them: every descriptor in them. */
			uint64_t bit, nfds = (uint32_t)c->args[0];

			k = cap_letter(c, i, '$');
			for (bit = 0; k && bit < nfds && bit < 8 * (uint64_t)k->len; bit++)
				if ((k->data[bit / 8] & (1u << (bit % 8))) &&
				    one_of(fd_path(c, o, (int)bit, target, sizeof(target)),
					   paths, npaths))
					return true;
			continue;
		}
		if (l == 'P') {
			k = cap_of(c, i, 0);
			if (k && k->len && memchr(k->data, 0, k->len) &&
			    one_of((const char *)k->data, paths, npaths))
				return true;
			continue;
		}
		if ((l != 'f' && l != 'D') || fd < 0)
			continue;
		p = fd_path(c, o, fd, target, sizeof(target));
		if (one_of(p, paths, npaths))
			return true;
	}
	return false;
}

/*
 * What -y can say of the descriptor c returned: for an open, the file
 * the path it named resolves to (relative to the working directory
 * only); for a dup, what its source was.  NULL if nothing is known.
 */
/*
 * The absolute path argument i of c names, argument at (-1: none) its
 * directory descriptor, in resolved; NULL if unknown.  Links resolved as
 * the kernel resolves them while the file or its directory is there,
 * else lexically.  A path relative to another directory than the working
 * one is not guessed (that directory's remembered path may be stale).
 */
static const char *arg_path(const struct st_call *c, const struct st_dopts *o,
			    int i, int at, char *resolved)
{
	const struct st_cap *k = cap_of(c, i, 0);
	char cwd[4096], *joined, *slash, *dir;
	const char *name;

	if (!k || !k->len || !memchr(k->data, 0, k->len) || !k->data[0])
		return NULL;
	name = (const char *)k->data;
	if (name[0] == '/') {
		joined = xstrdup(name);
	} else {
		if (at >= 0 && (int)c->args[at] != AT_FDCWD)
			return NULL;
		name = cwd_of(c->tid, o, cwd, sizeof(cwd));
		if (!name)
			return NULL;
		joined = xasprintf("%s/%s", name, (const char *)k->data);
	}
	name = realpath(joined, resolved);
	if (!name && strlen(joined) < PATH_MAX) {
		lexical_path(joined);
		/* A file that is gone, in a directory that is not. */
		slash = strrchr(joined, '/');
		*slash = 0;
		dir = realpath(*joined ? joined : "/", NULL);
		*slash = '/';
		if (dir && strlen(dir) + strlen(slash) < PATH_MAX)
			name = strcat(strcpy(resolved, strcmp(dir, "/") ? dir : ""), slash);
		else
			name = strcpy(resolved, joined);
		free(dir);
	}
	free(joined);
	return name;
}

static const char *ret_hint(const struct st_call *c, const struct st_dopts *o,
			    char *resolved)
{
	const char *n = c->sys ? c->sys->name : "";
	const struct st_cap *k = NULL;
	int i, at = -1;

	/* An injected return value names whatever the process has there. */
	if (c->ret_ok)
		return NULL;
	if (!strcmp(n, "dup") || !strcmp(n, "dup2") || !strcmp(n, "dup3") ||
	    !strcmp(n, "fcntl"))
		return st_fds_get(o->fds, c->tid, (int)c->args[0]);
	/*
	 * Named now, as the kernel names their anonymous inodes: the
	 * process may be gone when /proc would be asked.
	 */
	/* decode-fds=pidfd: the process, which may be gone by the line. */
	if (o->fdpidfd && !strcmp(n, "pidfd_open")) {
		snprintf(resolved, PATH_MAX, "pid:%d", (int)c->args[0]);
		return resolved;
	}
	if (anon_name(n))
		return anon_name(n);
	if (!strcmp(n, "bpf"))
		return st_bpfsys_fd_name(c);
	if (!strcmp(n, "ioctl"))
		return st_ioctl_ret_fd(c, resolved, PATH_MAX);
	/* A socket, by the inode the kernel gave it (st_prog.c). */
	if (!strcmp(n, "socket") || !strcmp(n, "accept") || !strcmp(n, "accept4")) {
		k = cap_li(c, ST_SOCKINO_ARG, ST_L_NLPROTO, 0);
		if (!k)
			return NULL;
		snprintf(resolved, PATH_MAX, "socket:[%llu]", (unsigned long long)k->n);
		return resolved;
	}
	for (i = 0; i < st_call_nargs(c) && !k; i++) {
		if (st_sys_arg(c->sys, i) == 'D')
			at = i;
		if (st_sys_arg(c->sys, i) == 'P')
			k = cap_of(c, i, 0);
	}
	/* An empty path (AT_EMPTY_PATH): the directory descriptor's file. */
	if (k && k->len && !k->data[0] && at >= 0 && (int)c->args[at] >= 0)
		return st_fds_get(o->fds, c->tid, (int)c->args[at]);
	return k ? arg_path(c, o, i - 1, at, resolved) : NULL;
}

const char *st_call_path(const struct st_call *c, const struct st_dopts *o,
			 char *resolved)
{
	return ret_hint(c, o, resolved);
}

/* A string the kernel read with str(): NUL-terminated in its capture. */
static void cstr(struct buf *b, const struct st_cap *k, uint64_t v, int max,
		 int x)
{
	size_t n;

	if (!v) {
		buf_printf(b, "NULL");
		return;
	}
	if (!k) {
		ptr(b, v);
		return;
	}
	n = strnlen((const char *)k->data, k->len);
	if (max > 0 && n > (size_t)max)
		st_quote(b, k->data, max, true, x);
	else
		st_quote(b, k->data, n, n == k->len, x);
}

/* A buffer of total bytes of which the capture holds the first ones. */
static void bytes(struct buf *b, const struct st_cap *k, uint64_t v,
		  uint64_t total, int max, int x)
{
	size_t n;

	/*
	 * strace reads what it shows, and one byte more when there is more,
	 * at once: short of that, the address.
	 */
	n = total <= (uint64_t)max ? total : (uint64_t)max + 1;
	if (!k || (k->cut && k->len < n)) {
		ptr(b, v);
		return;
	}
	if (n > (size_t)max)
		n = max;
	if (n > k->len)
		n = k->len;
	st_quote(b, k->data, n, total > n, x);
}

/* Random bytes, which strace shows as hex escapes, every one. */
/* n bytes as a string of \x escapes. */
static void hex_quote(struct buf *b, const unsigned char *p, size_t n)
{
	size_t i;

	buf_put(b, "\"", 1);
	for (i = 0; i < n; i++)
		buf_printf(b, "\\x%02x", p[i]);
	buf_put(b, "\"", 1);
}

static void hex_bytes(struct buf *b, const struct st_cap *k, uint64_t total,
		      int max)
{
	size_t n = k->len < total ? k->len : total;

	if (n > (size_t)max)
		n = max;
	hex_quote(b, k->data, n);
	if (total > n)
		buf_printf(b, "...");
}

/*
 * A mode with its file type: the type's name, the set-id and sticky bits
 * by name, then the permissions; a type that is no type, the whole mode
 * in octal.
 */
static void file_mode_names(struct buf *b, uint64_t m)
{
	const char *t = m & S_IFMT ? st_xlat_name(st_ifmt, m & S_IFMT) : "";

	if (!t) {
		buf_printf(b, "%#03llo", (unsigned long long)m);
		return;
	}
	buf_printf(b, "%s%s%s%s%s%#03llo", t, *t ? "|" : "",
		   m & S_ISUID ? "S_ISUID|" : "", m & S_ISGID ? "S_ISGID|" : "",
		   m & S_ISVTX ? "S_ISVTX|" : "", (unsigned long long)(m & 0777));
}

/* As strace: a type that is no type is the number alone, in every -X style. */
static void file_mode(struct buf *b, uint64_t m)
{
	enum st_cstyle style = st_xlat_get_style();

	if (style == ST_C_ABBREV || ((m & S_IFMT) && !st_xlat_name(st_ifmt, m & S_IFMT))) {
		file_mode_names(b, m);
		return;
	}
	buf_printf(b, "%#03llo", (unsigned long long)m);
	if (style == ST_C_VERBOSE) {
		buf_printf(b, " /* ");
		file_mode_names(b, m);
		buf_printf(b, " */");
	}
}

/* -v: a time in seconds with its date in a comment, as strace. */
static void time_comment(struct buf *b, int64_t sec, uint64_t nsec)
{
	char date[64], zone[16];
	time_t t = sec;
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return;
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	buf_printf(b, " /* %s", date);
	if (nsec)
		buf_printf(b, ".%09llu", (unsigned long long)nsec);
	buf_printf(b, "%s */", zone);
}

/*
 * utimensat's times: two timespecs, each with its date in a comment
 * (none for 0 or an invalid tv_nsec, as strace), or UTIME_NOW and
 * UTIME_OMIT by name in the -X style.
 */
static void utime_pair(struct buf *b, const struct st_cap *k)
{
	enum st_cstyle st = st_xlat_get_style();
	int i;

	buf_printf(b, "[");
	for (i = 0; i < 2; i++) {
		int64_t sec = (int64_t)rd(k->data, k->len, 16 * i, 8);
		uint64_t nsec = rd(k->data, k->len, 16 * i + 8, 8);
		bool special = nsec == UTIME_NOW || nsec == UTIME_OMIT;

		if (i)
			buf_printf(b, ", ");
		if (!special || st != ST_C_ABBREV)
			buf_printf(b, "{tv_sec=%lld, tv_nsec=%llu}", (long long)sec,
				   (unsigned long long)nsec);
		if (special && st != ST_C_RAW)
			buf_printf(b, st == ST_C_VERBOSE ? " /* %s */" : "%s",
				   nsec == UTIME_NOW ? "UTIME_NOW" : "UTIME_OMIT");
		if (!special && (sec || nsec) && nsec <= 999999999)
			time_comment(b, sec, nsec);
	}
	buf_printf(b, "]");
}

/* A time's date in a comment, with its microseconds when not 0. */
static void time_comment_us(struct buf *b, int64_t sec, uint64_t usec)
{
	char date[64], zone[16];
	time_t t = sec;
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return;
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	buf_printf(b, " /* %s", date);
	if (usec)
		buf_printf(b, ".%06llu", (unsigned long long)usec);
	buf_printf(b, "%s */", zone);
}

/* struct stat (x86-64); -v: every field, times with their dates. */
static void stat_struct(struct buf *b, const struct st_cap *k, bool verbose)
{
	static const char *const times[] = { "st_atime", "st_mtime", "st_ctime" };
	uint64_t m = rd(k->data, k->len, 24, 4);
	size_t i;

	buf_printf(b, "{");
	if (verbose) {
		buf_printf(b, "st_dev=");
		styled(b, "%#llx", rd(k->data, k->len, 0, 8), dev_names);
		buf_printf(b, ", st_ino=%llu, ", (unsigned long long)rd(k->data, k->len, 8, 8));
	}
	buf_printf(b, "st_mode=");
	file_mode(b, m);
	if (verbose)
		buf_printf(b, ", st_nlink=%llu, st_uid=%u, st_gid=%u, st_blksize=%lld, st_blocks=%lld",
			   (unsigned long long)rd(k->data, k->len, 16, 8),
			   (unsigned)rd(k->data, k->len, 28, 4), (unsigned)rd(k->data, k->len, 32, 4),
			   (long long)rd(k->data, k->len, 56, 8), (long long)rd(k->data, k->len, 64, 8));
	if (S_ISCHR(m) || S_ISBLK(m)) {
		uint64_t r = rd(k->data, k->len, 40, 8);

		buf_printf(b, ", st_rdev=");
		styled(b, "%#llx", r, dev_names);
	} else {
		buf_printf(b, ", st_size=%lld", (long long)rd(k->data, k->len, 48, 8));
	}
	if (!verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(times); i++) {
		int64_t sec = rd(k->data, k->len, 72 + 16 * i, 8);
		uint64_t nsec = rd(k->data, k->len, 80 + 16 * i, 8);

		buf_printf(b, ", %s=%lld", times[i], (long long)sec);
		time_comment(b, sec, nsec);
		buf_printf(b, ", %s_nsec=%llu", times[i], (unsigned long long)nsec);
	}
	buf_printf(b, "}");
}

/* A struct statx_timestamp at off, with its date. */
static void statx_time(struct buf *b, const struct st_cap *k, size_t off)
{
	int64_t sec = rd(k->data, k->len, off, 8);
	uint32_t nsec = rd(k->data, k->len, off + 8, 4);

	buf_printf(b, "{tv_sec=%lld, tv_nsec=%u}", (long long)sec, nsec);
	time_comment(b, sec, nsec);
}

/* struct statx; -v: every field its mask says the kernel filled. */
static void statx_struct(struct buf *b, const struct st_cap *k, bool verbose)
{
	static const struct { const char *name; unsigned mask; int off; } times[] = {
		{ "stx_atime", STATX_ATIME, 64 }, { "stx_btime", STATX_BTIME, 80 },
		{ "stx_ctime", STATX_CTIME, 96 }, { "stx_mtime", STATX_MTIME, 112 },
	};
	uint64_t m = rd(k->data, k->len, 28, 2);
	unsigned mask = rd(k->data, k->len, 0, 4);
	size_t i;

	buf_printf(b, "{stx_mask=");
	st_xlat_flags(b, st_statx_mask, mask, "0");
	if (verbose)
		buf_printf(b, ", stx_blksize=%u", (unsigned)rd(k->data, k->len, 4, 4));
	buf_printf(b, ", stx_attributes=");
	st_xlat_flags_dflt(b, st_statx_attrs, rd(k->data, k->len, 8, 8), "0", "STATX_ATTR_???");
	if (verbose && (mask & STATX_NLINK))
		buf_printf(b, ", stx_nlink=%u", (unsigned)rd(k->data, k->len, 16, 4));
	if (verbose && (mask & STATX_UID))
		buf_printf(b, ", stx_uid=%u", (unsigned)rd(k->data, k->len, 20, 4));
	if (verbose && (mask & STATX_GID))
		buf_printf(b, ", stx_gid=%u", (unsigned)rd(k->data, k->len, 24, 4));
	if (!verbose || (mask & (STATX_TYPE | STATX_MODE))) {
		buf_printf(b, ", stx_mode=");
		file_mode(b, m);
	}
	if (verbose && (mask & STATX_INO))
		buf_printf(b, ", stx_ino=%llu", (unsigned long long)rd(k->data, k->len, 32, 8));
	if (!verbose || (mask & STATX_SIZE))
		buf_printf(b, ", stx_size=%lld", (long long)rd(k->data, k->len, 40, 8));
	if (!verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	if (mask & STATX_BLOCKS)
		buf_printf(b, ", stx_blocks=%llu", (unsigned long long)rd(k->data, k->len, 48, 8));
	buf_printf(b, ", stx_attributes_mask=");
	st_xlat_flags_dflt(b, st_statx_attrs, rd(k->data, k->len, 56, 8), "0", "STATX_ATTR_???");
	for (i = 0; i < ARRAY_SIZE(times); i++) {
		if (!(mask & times[i].mask))
			continue;
		buf_printf(b, ", %s=", times[i].name);
		statx_time(b, k, times[i].off);
	}
	buf_printf(b, ", stx_rdev_major=%u, stx_rdev_minor=%u, stx_dev_major=%u, stx_dev_minor=%u",
		   (unsigned)rd(k->data, k->len, 128, 4), (unsigned)rd(k->data, k->len, 132, 4),
		   (unsigned)rd(k->data, k->len, 136, 4), (unsigned)rd(k->data, k->len, 140, 4));
	if (mask & STATX_MNT_ID)
		buf_printf(b, ", stx_mnt_id=%#llx", (unsigned long long)rd(k->data, k->len, 144, 8));
	if (mask & 0x2000)	/* STATX_DIOALIGN */
		buf_printf(b, ", stx_dio_mem_align=%u, stx_dio_offset_align=%u",
			   (unsigned)rd(k->data, k->len, 152, 4), (unsigned)rd(k->data, k->len, 156, 4));
	buf_printf(b, "}");
}

/* struct statfs (x86-64: eleven longs, f_fsid two ints, spare). */
static void statfs_struct(struct buf *b, const struct st_cap *k)
{
	static const char *const u[] = {
		"f_bsize", "f_blocks", "f_bfree", "f_bavail", "f_files", "f_ffree",
	};
	uint64_t flags = rd(k->data, k->len, 80, 8);
	size_t i;

	buf_printf(b, "{f_type=");
	st_xlat_val(b, st_fsmagic, rd(k->data, k->len, 0, 8), NULL);
	for (i = 0; i < ARRAY_SIZE(u); i++)
		buf_printf(b, ", %s=%llu", u[i],
			   (unsigned long long)rd(k->data, k->len, 8 + 8 * i, 8));
	buf_printf(b, ", f_fsid={val=[%#x, %#x]}, f_namelen=%llu, f_frsize=%llu",
		   (unsigned)rd(k->data, k->len, 56, 4),
		   (unsigned)rd(k->data, k->len, 60, 4),
		   (unsigned long long)rd(k->data, k->len, 64, 8),
		   (unsigned long long)rd(k->data, k->len, 72, 8));
	/* As strace: the flags only when the kernel says they are valid. */
	if (flags & 0x20) {
		buf_printf(b, ", f_flags=");
		st_xlat_flags(b, st_statfs_flags, flags, "0");
	}
	buf_printf(b, "}");
}

/* struct sysinfo (x86-64 layout). */
/* A struct timeval; tv_usec unsigned, as strace prints it. */
static void timeval_at(struct buf *b, const struct st_cap *k, size_t off)
{
	buf_printf(b, "{tv_sec=%lld, tv_usec=%llu}",
		   (long long)rd(k->data, k->len, off, 8),
		   (unsigned long long)rd(k->data, k->len, off + 8, 8));
}

/* sched_getscheduler's flag on the policy (linux/sched.h). */
#define ST_SCHED_RESET_ON_FORK 0x40000000

/*
 * Bytes from..end of a struct that a call reads past the size it knows:
 * shown when not all zeros, "???" when they could not be read, as
 * strace's print_nonzero_bytes().  k: the capture of those bytes.
 */
static bool nonzero_tail(struct buf *b, const struct st_cap *k, uint64_t from,
			 uint64_t end, int max, const char *sep)
{
	size_t n;

	if (end <= from)
		return false;
	if (!k) {
		buf_printf(b, "%s???", sep);
		return true;
	}
	for (n = 0; n < k->len && !k->data[n]; n++)
		;
	if (n == k->len)
		return false;
	n = k->len < (size_t)max ? k->len : (size_t)max;
	buf_printf(b, "%s/* bytes %llu..%llu */ ", sep, (unsigned long long)from,
		   (unsigned long long)end - 1);
	hex_quote(b, k->data, n);
	if (n < k->len)
		buf_printf(b, "...");
	return true;
}

/* The size openat2 knows of struct open_how (OPEN_HOW_SIZE_VER0). */
#define ST_OPEN_HOW_SIZE 24

/*
 * openat2's struct open_how: mode only where it counts, as strace; the
 * address if size is below the first version's.  Bytes past the struct
 * (capture 1, up to a page) show when any is not zero, "???" when they
 * could not be read.
 */
static void open_how(struct buf *b, const struct st_call *c,
		     const struct st_dopts *o, int i, uint64_t v,
		     const struct st_cap *k)
{
	uint64_t size = c->args[i + 1], fl, mode, res, end;
	const struct st_cap *x = cap_of(c, i, 1);

	if (!v || !k || size < ST_OPEN_HOW_SIZE) {
		ptr(b, v);
		return;
	}
	fl = rd(k->data, k->len, 0, 8);
	mode = rd(k->data, k->len, 8, 8);
	res = rd(k->data, k->len, 16, 8);
	buf_printf(b, "{flags=");
	styled(b, "%#llx", fl, open_flags);
	if (mode || (fl & (O_CREAT | __O_TMPFILE)))
		buf_printf(b, ", mode=%#03llo", (unsigned long long)mode);
	buf_printf(b, ", resolve=");
	st_xlat_flags_dflt(b, st_resolve, res, "0", "RESOLVE_???");
	end = size < 4096 ? size : 4096;
	nonzero_tail(b, x, ST_OPEN_HOW_SIZE, end, o->strsize, ", ");
	buf_printf(b, "}");
}

/*
 * struct sched_attr: as many fields as its size says (48 bytes before
 * the utilization clamps).
 */
/* The kernel's struct sched_attr sizes (linux/sched/types.h). */
#define ST_SCHED_ATTR_VER0 48
#define ST_SCHED_ATTR_VER1 56
#define ST_SCHED_FLAG_KEEP_POLICY 0x08
#define ST_SCHED_FLAG_KEEP_PARAMS 0x10

/*
 * struct sched_attr as strace prints it: size bytes of it known (the
 * fields they cover), usize the size it claims (past what ferret knows:
 * "..."); set: sched_setattr's, whose KEEP flags hide fields.
 */
static void sched_attr_fields(struct buf *b, const struct st_cap *k, unsigned size,
			      unsigned usize, bool set)
{
	uint64_t fl = rd(k->data, k->len, 8, 8);
	int policy = (int)rd(k->data, k->len, 4, 4);

	buf_printf(b, "{size=%u", (unsigned)rd(k->data, k->len, 0, 4));
	if (size >= ST_SCHED_ATTR_VER0) {
		if (!set || policy < 0 ||
		    !(fl & (ST_SCHED_FLAG_KEEP_POLICY | ST_SCHED_FLAG_KEEP_PARAMS))) {
			buf_printf(b, ", sched_policy=");
			st_xlat_val(b, st_sched_policy, (uint32_t)policy, "SCHED_???");
		}
		buf_printf(b, ", sched_flags=");
		st_xlat_flags_dflt(b, st_sched_flags, fl, "0", "SCHED_FLAG_???");
		if (!set || !(fl & ST_SCHED_FLAG_KEEP_PARAMS))
			buf_printf(b, ", sched_nice=%d, sched_priority=%u, sched_runtime=%llu, "
				   "sched_deadline=%llu, sched_period=%llu",
				   (int)rd(k->data, k->len, 16, 4), (unsigned)rd(k->data, k->len, 20, 4),
				   (unsigned long long)rd(k->data, k->len, 24, 8),
				   (unsigned long long)rd(k->data, k->len, 32, 8),
				   (unsigned long long)rd(k->data, k->len, 40, 8));
		if (size >= ST_SCHED_ATTR_VER1)
			buf_printf(b, ", sched_util_min=%u, sched_util_max=%u",
				   (unsigned)rd(k->data, k->len, 48, 4),
				   (unsigned)rd(k->data, k->len, 52, 4));
	}
	if (usize > size)
		buf_printf(b, ", ...");
	buf_printf(b, "}");
}

/*
 * sched_setattr's struct, as its size field says (0: the first version);
 * after E2BIG, the size the kernel wrote back.
 */
static void sched_attr_set(struct buf *b, const struct st_call *c, const struct st_cap *k,
			   uint64_t v)
{
	const struct st_cap *x;
	unsigned usize, size;
	uint32_t back;

	if (!v || !k || k->len < 4) {
		ptr(b, v);
		return;
	}
	usize = (unsigned)rd(k->data, k->len, 0, 4);
	if (!usize)
		usize = ST_SCHED_ATTR_VER0;
	size = usize < ST_SCHED_ATTR_VER1 ? usize : ST_SCHED_ATTR_VER1;
	if (size >= ST_SCHED_ATTR_VER0 && k->len < size) {
		ptr(b, v);
		return;
	}
	sched_attr_fields(b, k, size, usize, true);
	if (c->ret == -E2BIG && (x = cap_letter(c, 1, ST_L_SCHED_SIZE_OUT)) && x->len >= 4) {
		memcpy(&back, x->data, 4);
		buf_printf(b, " => {size=%u}", back);
	}
}

/* sched_getattr's struct: what the kernel wrote, as its size says. */
static void sched_attr_get(struct buf *b, const struct st_call *c, const struct st_cap *k,
			   uint64_t v)
{
	unsigned usize = (unsigned)c->args[2], size;

	if (!v || !k || c->ret != 0 || !usize) {
		ptr(b, v);
		return;
	}
	size = (unsigned)rd(k->data, k->len, 0, 4);
	sched_attr_fields(b, k, size, size, false);
}

/* struct timex (x86-64: longs, and ints padded to 8). */
static void timex_struct(struct buf *b, const struct st_cap *k)
{
	static const struct { const char *name; int off, size; } tail[] = {
		{ "tick", 88, 8 }, { "ppsfreq", 96, 8 }, { "jitter", 104, 8 },
		{ "shift", 112, 4 }, { "stabil", 120, 8 }, { "jitcnt", 128, 8 },
		{ "calcnt", 136, 8 }, { "errcnt", 144, 8 }, { "stbcnt", 152, 8 },
		{ "tai", 160, 4 },
	};
	size_t i;

	buf_printf(b, "{modes=");
	st_xlat_flags_dflt(b, st_adj_modes, rd(k->data, k->len, 0, 4), "0", "ADJ_???");
	buf_printf(b, ", offset=%lld, freq=%lld, maxerror=%lld, esterror=%lld, status=",
		   (long long)rd(k->data, k->len, 8, 8), (long long)rd(k->data, k->len, 16, 8),
		   (long long)rd(k->data, k->len, 24, 8), (long long)rd(k->data, k->len, 32, 8));
	st_xlat_flags_dflt(b, st_sta_status, rd(k->data, k->len, 40, 4), "0", "STA_???");
	buf_printf(b, ", constant=%lld, precision=%lld, tolerance=%lld, time=",
		   (long long)rd(k->data, k->len, 48, 8), (long long)rd(k->data, k->len, 56, 8),
		   (long long)rd(k->data, k->len, 64, 8));
	timeval_at(b, k, 72);
	for (i = 0; i < ARRAY_SIZE(tail); i++)
		buf_printf(b, ", %s=%lld", tail[i].name, tail[i].size == 4 ?
			   (long long)(int)rd(k->data, k->len, tail[i].off, 4) :
			   (long long)rd(k->data, k->len, tail[i].off, 8));
	buf_printf(b, "}");
}

static void sysinfo_struct(struct buf *b, const struct st_cap *k)
{
	static const char *const ram[] = {
		"totalram", "freeram", "sharedram", "bufferram", "totalswap",
		"freeswap",
	};
	size_t i;

	buf_printf(b, "{uptime=%lld, loads=[%llu, %llu, %llu]",
		   (long long)rd(k->data, k->len, 0, 8),
		   (unsigned long long)rd(k->data, k->len, 8, 8),
		   (unsigned long long)rd(k->data, k->len, 16, 8),
		   (unsigned long long)rd(k->data, k->len, 24, 8));
	for (i = 0; i < ARRAY_SIZE(ram); i++)
		buf_printf(b, ", %s=%llu", ram[i],
			   (unsigned long long)rd(k->data, k->len, 32 + 8 * i, 8));
	buf_printf(b, ", procs=%llu, totalhigh=%llu, freehigh=%llu, mem_unit=%llu}",
		   (unsigned long long)rd(k->data, k->len, 80, 2),
		   (unsigned long long)rd(k->data, k->len, 88, 8),
		   (unsigned long long)rd(k->data, k->len, 96, 8),
		   (unsigned long long)rd(k->data, k->len, 104, 4));
}

/* Where an array stopped being readable, as strace marks it. */
static void cut_at(struct buf *b, uint64_t addr)
{
	buf_printf(b, "... /* %#llx */", (unsigned long long)addr);
}

/* n gid_t values, at most max shown, then "..." as strace's arrays. */
static void gid_array(struct buf *b, const struct st_cap *k, int64_t n,
		      int max, uint64_t v)
{
	int64_t i;

	buf_printf(b, "[");
	for (i = 0; i < n; i++) {
		uint32_t g;

		if (i)
			buf_printf(b, ", ");
		/* An element that cannot be read ends it before -s does, as strace. */
		if (4 * (size_t)(i + 1) > k->len && k->cut) {
			cut_at(b, v + 4 * i);
			break;
		}
		if (i == max || 4 * (size_t)(i + 1) > k->len) {
			buf_printf(b, "...");
			break;
		}
		g = (uint32_t)rd(k->data, k->len, 4 * i, 4);
		if (g == (uint32_t)-1)
			buf_printf(b, "-1");
		else
			buf_printf(b, "%u", g);
	}
	buf_printf(b, "]");
}

/* struct pollfd[n] at entry: fd and events, -s of them at most. */

static void pollfds(struct buf *b, const struct st_call *c,
		    const struct st_cap *k, uint64_t v, uint64_t n, int max,
		    const struct st_dopts *o)
{
	uint64_t i;

	buf_printf(b, "[");
	for (i = 0; i < n; i++) {
		int fd;

		if (i)
			buf_printf(b, ", ");
		/* An element that cannot be read ends it before -s does, as strace. */
		if (8 * (i + 1) > k->len && k->cut) {
			cut_at(b, v + 8 * i);
			break;
		}
		if (i == (uint64_t)max || 8 * (i + 1) > k->len) {
			buf_printf(b, "...");
			break;
		}
		fd = (int)rd(k->data, k->len, 8 * i, 4);
		buf_printf(b, "{fd=");
		st_decode_fd(b, c->tid, fd, o, NULL);
		if (fd >= 0) {
			buf_printf(b, ", events=");
			st_xlat_flags(b, st_poll, rd(k->data, k->len, 8 * i + 4, 2), "0");
		}
		buf_printf(b, "}");
	}
	buf_printf(b, "]");
}

static void sockaddr(struct buf *b, const unsigned char *p, size_t len, int x);

/*
 * The netlink protocol of call c's socket (its first argument), or -1:
 * as the kernel found it when the call ran, else as ferret knows the
 * descriptor, else as /proc says now.
 */
static int netlink_proto(const struct st_call *c, const struct st_dopts *o)
{
	const struct st_cap *k = cap_li(c, ST_NLPROTO_ARG, ST_L_NLPROTO, 0);
	int proto;

	if (k)
		return (int)(k->n & 0xff);
	proto = st_fds_netlink(o->fds, c->tid, (int)c->args[0]);

	return proto >= 0 ? proto : st_sock_netlink_proto(c->tid, (int)c->args[0]);
}

/*
 * len bytes of netlink messages at addr, the first of them in k (or
 * nowhere): as strace decodes them.  The record holds -s bytes: the rest
 * of the messages strace decodes, up to 64 KiB, is read from the
 * process while it lasts (and, as strace, up to a page that cannot be
 * read).
 */
static void netlink_at(struct buf *b, const struct st_call *c,
		       const struct st_dopts *o, int proto,
		       const struct st_cap *k, uint64_t addr, uint64_t len)
{
	unsigned char *more = NULL;
	size_t want = len < 65536 ? (size_t)len : 65536;
	size_t have = k ? (k->len < want ? k->len : want) : 0;

	if (have < want) {
		more = xmalloc(want);
		if (have)
			memcpy(more, k->data, have);
		have += st_tracee_read(c->tid, addr + have, more + have, want - have, false);
	}
	st_netlink_msgs(b, proto, more ? more : k ? k->data : NULL, have, len, addr, o);
	free(more);
}

/*
 * A buffer of total bytes at v read from the process now, as much as
 * bytes() shows of it, into k (its data to be freed): a msghdr's past
 * those read in the kernel.
 */
static const struct st_cap *late_buf(struct st_cap *k, const struct st_call *c,
				     uint64_t v, uint64_t total, int max)
{
	size_t want = total <= (uint64_t)max ? (size_t)total : (size_t)max + 1;

	memset(k, 0, sizeof(*k));
	k->data = xmalloc(want + 1);
	k->len = st_tracee_read(c->tid, v, k->data, want, false);
	k->cut = k->len < want;
	return k;
}

/*
 * An iovec array (k: the array) of cnt entries, whose buffers are the
 * captures of argument arg from element first on, the first nbuf of
 * them (the others read from the process now); out: filled by the
 * call, as much as it returned; proto, a netlink protocol or -1: the
 * buffers hold netlink messages.
 */
static void iov_list(struct buf *b, const struct st_call *c,
		     const struct st_dopts *o, int arg, const struct st_cap *k,
		     uint64_t cnt, bool out, int first, int nbuf, int proto, uint64_t left)
{
	uint64_t array = first == 1 ? c->args[arg] : 0;
	/* process_madvise's ranges and the remote iovecs of process_vm_*v are addresses, not data. */
	bool ranges = !strcmp(c->sys->name, "process_madvise") ||
		      (!strncmp(c->sys->name, "process_vm_", 11) && arg == 3);
	int j;
	uint64_t e;

	buf_printf(b, "[");
	for (e = 0; e < cnt && (e + 1) * 16 <= k->len; e++) {
		uint64_t base = rd(k->data, k->len, e * 16, 8);
		uint64_t len = rd(k->data, k->len, e * 16 + 8, 8);
		const struct st_cap *d = NULL;
		struct st_cap late = { 0 };

		/* The buffer in records of the array's own letter. */
		for (j = 0; j < c->ncaps && !d && e < (uint64_t)nbuf; j++)
			if (c->caps[j].arg == arg && c->caps[j].letter == k->letter &&
			    c->caps[j].idx == (int)e + first)
				d = &c->caps[j];
		if (e >= (uint64_t)nbuf && base && !ranges && proto < 0 &&
		    !(out && st_call_failed(c)) && (e < (uint64_t)o->strsize || o->verbose))
			d = late_buf(&late, c, base, out ? (left < len ? left : len) : len,
				     o->strsize);

		if (e)
			buf_printf(b, ", ");
		if (e >= (uint64_t)o->strsize && !o->verbose) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "{iov_base=");
		/* A read that failed filled nothing: the addresses, as strace. */
		if (ranges || (out && st_call_failed(c)) || !base) {
			ptr(b, base);
			if (out)
				left -= left < len ? left : len;
		} else if (out) {
			uint64_t got = left < len ? left : len;

			if (proto >= 0 && got)
				netlink_at(b, c, o, proto, d, base, got);
			else if (d && got)
				bytes(b, d, base, got, o->strsize, o->xstyle);
			else if (d)
				buf_printf(b, "\"\"");
			else
				ptr(b, base);
			left -= got;
		} else if (proto >= 0) {
			netlink_at(b, c, o, proto, d, base, len);
		} else if (d) {
			bytes(b, d, base, len, o->strsize, o->xstyle);
		} else {
			ptr(b, base);
		}
		free(late.data);
		buf_printf(b, ", iov_len=%llu}", (unsigned long long)len);
	}
	if (e < cnt && (e + 1) * 16 > k->len && k->cut) {
		if (e)
			buf_printf(b, ", ");
		cut_at(b, array + 16 * e);
	}
	buf_printf(b, "]");
}


/*
 * A SOL_IP control message's data (d, n bytes), shown where strace
 * shows it: only for the types it knows and with enough bytes.
 */
/* Element j of an array in a control message: false after -s of them, "..." printed. */
static bool cmsg_elem(struct buf *b, size_t j, const struct st_dopts *o)
{
	if (j == (size_t)o->strsize && !o->verbose) {
		buf_printf(b, ", ...");
		return false;
	}
	return true;
}

static void cmsg_ip(struct buf *b, int type, const unsigned char *d,
		    size_t n, const struct st_dopts *o)
{
	int x = o->xstyle;
	size_t j;

	switch (type) {
	case IP_PKTINFO:
		if (n < 12)
			return;
		buf_printf(b, ", cmsg_data={ipi_ifindex=");
		st_ifindex(b, st_u32(d));
		buf_printf(b, ", ");
		st_inet_addr(b, d + 4, AF_INET, "ipi_spec_dst");
		buf_printf(b, ", ");
		st_inet_addr(b, d + 8, AF_INET, "ipi_addr");
		buf_printf(b, "}");
		return;
	case IP_TTL:
	case IP_CHECKSUM:
		if (n < 4)
			return;
		buf_printf(b, ", cmsg_data=[");
		for (j = 0; j + 4 <= n && cmsg_elem(b, j / 4, o); j += 4)
			buf_printf(b, "%s%u", j ? ", " : "", st_u32(d + j));
		buf_printf(b, "]");
		return;
	case IP_TOS:
	case IP_RECVOPTS:
	case IP_RETOPTS:
		if (!n)
			return;
		buf_printf(b, ", cmsg_data=[");
		for (j = 0; j < n && cmsg_elem(b, j, o); j++)
			buf_printf(b, d[j] ? "%s%#x" : "%s%u", j ? ", " : "", d[j]);
		buf_printf(b, "]");
		return;
	case IP_RECVERR:
		/* struct sock_extended_err, then the offender's sockaddr_in. */
		if (n < 32)
			return;
		buf_printf(b, ", cmsg_data={ee_errno=%u, ee_origin=%u, ee_type=%u, ee_code=%u, ee_info=%u, ee_data=%u, offender=",
			   st_u32(d), d[4], d[5], d[6], st_u32(d + 8), st_u32(d + 12));
		sockaddr(b, d + 16, 16, x);
		buf_printf(b, "}");
		return;
	case IP_ORIGDSTADDR:
		if (n < 16)
			return;
		buf_printf(b, ", cmsg_data=");
		sockaddr(b, d, n < 128 ? n : 128, x);
		return;
	}
}

/* Control messages: SCM_RIGHTS' descriptors, SCM_CREDENTIALS, SOL_IP's. */
/* linux/socket.h's, which the C library's headers leave out. */
#define ST_SCM_SECURITY 3

uint64_t st_optmem_max(void)
{
	static uint64_t max;
	FILE *f;

	if (max)
		return max;
	max = 20480;
	f = fopen("/proc/sys/net/core/optmem_max", "re");
	if (f) {
		unsigned long long v;

		if (fscanf(f, "%llu", &v) == 1 && v)
			max = (v + 7) & ~7ULL;
		fclose(f);
	}
	return max;
}

/*
 * -y: descriptor fd, the j-th of an SCM_RIGHTS message that leads the
 * control data of the call being decoded: sent, what it names is noted
 * with the kernel's file; received, it names what the sender's did, when
 * ferret saw that sent and /proc cannot say (the process has gone).
 */
static void scm_file(int tid, int fd, int j, const struct st_dopts *o)
{
	const struct st_call *c = o->call;
	const struct st_cap *k = c ? cap_li(c, 1, ST_L_SCM_FILE, j) : NULL;
	char path[64], target[4096];
	const char *known;
	ssize_t n;

	if (!k || !k->n || !o->fdpaths)
		return;
	known = st_fds_get(o->fds, tid, fd);
	if (c->sys && !strcmp(c->sys->name, "recvmsg")) {
		const char *sent = st_fds_passed(o->fds, k->n);

		if (sent && !known)
			st_fds_set(o->fds, tid, fd, sent);
		return;
	}
	if (!known) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", tid, fd);
		n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0)
			return;
		target[n] = 0;
		known = target;
	}
	st_fds_pass(o->fds, k->n, known);
}

/*
 * msg_control: the control messages of len bytes at addr, k holding what
 * was read of them; SCM_RIGHTS' descriptors are tid's.  As strace walks them: each header as far as the
 * buffer goes, even one whose cmsg_len is short of a header (the walk
 * ends there), then "..." and the address of what is left, when a part
 * shorter than a header is.
 */
static void cmsgs(struct buf *b, int tid, const struct st_cap *k, uint64_t addr,
		  uint64_t len, const struct st_dopts *o)
{
	uint64_t off = 0, left = len < k->len ? len : k->len;
	bool first = true, rights = false;
	int x = o->xstyle, nth = 0;

	buf_printf(b, "[");
	while (left >= 16) {
		uint64_t clen = rd(k->data, k->len, off, 8), j, n, dlen;
		int level = (int)rd(k->data, k->len, off + 8, 4);
		int type = (int)rd(k->data, k->len, off + 12, 4);

		n = clen < left ? clen : left;
		dlen = n > 16 ? n - 16 : 0;
		buf_printf(b, "%s{cmsg_len=%llu, cmsg_level=", first ? "" : ", ",
			   (unsigned long long)clen);
		st_xlat_val(b, st_sol, (unsigned)level, "SOL_???");
		buf_printf(b, ", cmsg_type=");
		if (level == SOL_SOCKET && type == SCM_RIGHTS) {
			st_xlat_val(b, st_scm, type, NULL);
			if (dlen >= 4) {
				buf_printf(b, ", cmsg_data=[");
				for (j = 0; j + 4 <= dlen; j += 4) {
					int fd = (int)rd(k->data, k->len, off + 16 + j, 4);

					if (j / 4 == (uint64_t)o->strsize && !o->verbose) {
						buf_printf(b, ", ...");
						break;
					}
					if (j)
						buf_printf(b, ", ");
					if (nth < 2 && !rights)
						scm_file(tid, fd, (int)(j / 4), o);
					st_decode_fd(b, tid, fd, o, NULL);
				}
				buf_printf(b, "]");
			}
			rights = true;
			buf_printf(b, "}");
		} else if (level == SOL_SOCKET && type == SCM_CREDENTIALS && dlen >= 12) {
			st_xlat_val(b, st_scm, type, NULL);
			buf_printf(b, ", cmsg_data={pid=%d, uid=%u, gid=%u}}",
				   (int)rd(k->data, k->len, off + 16, 4),
				   (unsigned)rd(k->data, k->len, off + 20, 4),
				   (unsigned)rd(k->data, k->len, off + 24, 4));
		} else if (level == SOL_SOCKET && type == ST_SCM_SECURITY) {
			st_xlat_val(b, st_scm, type, NULL);
			/* The security context: all of it, -s does not cut it. */
			if (dlen) {
				buf_printf(b, ", cmsg_data=");
				st_quote(b, k->data + off + 16, (size_t)dlen, false, x);
			}
			buf_printf(b, "}");
		} else if (level == SOL_SOCKET && st_xlat_name(st_scm, type)) {
			/* The timestamps: a timeval, a timespec, or three. */
			bool usec = type == SO_TIMESTAMP_OLD || type == SO_TIMESTAMP_NEW;
			int nt = type == SO_TIMESTAMPING_OLD || type == SO_TIMESTAMPING_NEW ? 3 :
				usec || type == SO_TIMESTAMPNS_OLD || type == SO_TIMESTAMPNS_NEW ? 1 : 0;
			int t;

			st_xlat_val(b, st_scm, type, NULL);
			/* A timestamp of another size than its struct's: "???", as strace. */
			if (nt && dlen && dlen != 16 * (uint64_t)nt)
				buf_printf(b, ", cmsg_data=???");
			else if (nt && dlen) {
				buf_printf(b, ", cmsg_data=%s", nt > 1 ? "[" : "");
				for (t = 0; t < nt; t++)
					buf_printf(b, "%s{tv_sec=%lld, tv_%ssec=%llu}", t ? ", " : "",
						   (long long)rd(k->data, k->len, off + 16 + 16 * t, 8),
						   usec ? "u" : "n",
						   (unsigned long long)rd(k->data, k->len, off + 24 + 16 * t, 8));
				buf_printf(b, "%s", nt > 1 ? "]" : "");
			}
			buf_printf(b, "}");
		} else if (level == SOL_SOCKET) {
			st_xlat_val(b, st_scm, (unsigned)type, "SCM_???");
			buf_printf(b, "}");
		} else if (level == SOL_IP) {
			st_xlat_val(b, st_ip_cmsg, (unsigned)type, "IP_???");
			cmsg_ip(b, type, k->data + off + 16, dlen, o);
			buf_printf(b, "}");
		} else {
			buf_printf(b, "%#x}", (unsigned)type);
		}
		first = false;
		nth++;
		if (n < 16) {
			left -= 16;
			break;
		}
		n = (clen + 7) & ~7ULL;
		if (n >= left) {
			left = 0;
			break;
		}
		off += n;
		left -= n;
	}
	if (left)
		buf_printf(b, "%s... /* %#llx */", first ? "" : ", ",
			   (unsigned long long)(addr + (len < k->len ? len : k->len) - left));
	else if (len > st_optmem_max())
		buf_printf(b, ", ...");
	buf_printf(b, "]");
}

/*
 * A struct msghdr whose bytes are h (56), its other records of letter l
 * and argument i numbered from base: base + 1 the iovec array, + 2..
 * the buffers, + 6 msg_name, + 7 msg_control, + 8 the rest of msg_name.
 * in_namelen: what msg_namelen was before the call, or -1; out: the
 * call received, left bytes in all.
 */
static void msghdr_at(struct buf *b, const struct st_call *c,
		      const struct st_dopts *o, int i, char l, int base,
		      const struct st_cap *h, int64_t in_namelen, bool out,
		      uint64_t left)
{
	const struct st_cap *iov = NULL, *name = NULL, *ctl = NULL, *rest = NULL;
	struct st_cap late_iov = { 0 }, late_name = { 0 };
	unsigned char sa[256];
	size_t salen = 0;
	uint64_t namelen, ctllen, flags, shown;
	int j;

	for (j = 0; j < c->ncaps; j++) {
		const struct st_cap *k = &c->caps[j];

		if (k->arg != i || k->letter != l)
			continue;
		if (k->idx == base + 1)
			iov = k;
		else if (k->idx == base + 6)
			name = k;
		else if (k->idx == base + 7)
			ctl = k;
		else if (k->idx == base + 8)
			rest = k;
	}
	if (name) {
		salen = name->len < sizeof(sa) ? name->len : sizeof(sa);
		memcpy(sa, name->data, salen);
		if (rest && rest->len <= sizeof(sa) - salen) {
			memcpy(sa + salen, rest->data, rest->len);
			salen += rest->len;
		}
	}
	namelen = rd(h->data, h->len, 8, 4);
	ctllen = rd(h->data, h->len, 40, 8);
	/*
	 * sendmmsg's and recvmmsg's messages past the first ST_MMSG_SHOWN,
	 * which the kernel does not read: their name and iovecs from the
	 * process, while it is there.
	 */
	if (base < 0) {
		uint64_t at = rd(h->data, h->len, 0, 8), cnt = rd(h->data, h->len, 24, 8);
		size_t want = namelen < sizeof(sa) ? (size_t)namelen : sizeof(sa);

		if (at && want)
			salen = st_tracee_read(c->tid, at, sa, want, false);
		if (salen)
			name = &late_name;
		at = rd(h->data, h->len, 16, 8);
		if (cnt > (uint64_t)o->strsize + 1 && !o->verbose)
			cnt = (uint64_t)o->strsize + 1;
		if (cnt > ST_IOV_MAX)
			cnt = ST_IOV_MAX;
		if (at && cnt) {
			late_iov.letter = l;
			late_iov.arg = i;
			late_iov.idx = base + 1;
			late_iov.data = xmalloc((size_t)cnt * 16);
			late_iov.len = st_tracee_read(c->tid, at, late_iov.data, (size_t)cnt * 16,
						      false);
			late_iov.cut = late_iov.len < cnt * 16;
			if (late_iov.len >= 16)
				iov = &late_iov;
		}
	}
	/* The name is shown as far as the buffer the caller gave goes. */
	shown = out && in_namelen >= 0 && (uint64_t)in_namelen < namelen ?
		(uint64_t)in_namelen : namelen;
	flags = rd(h->data, h->len, 48, 4);
	buf_printf(b, "{msg_name=");
	if (!rd(h->data, h->len, 0, 8))
		buf_printf(b, "NULL");
	else if (name && shown >= 2)
		sockaddr(b, sa, salen < shown ? salen : shown, o->xstyle);
	else
		ptr(b, rd(h->data, h->len, 0, 8));
	buf_printf(b, ", msg_namelen=");
	if (out && in_namelen >= 0 && (uint64_t)in_namelen != namelen)
		buf_printf(b, "%llu => ", (unsigned long long)in_namelen);
	buf_printf(b, "%llu, msg_iov=", (unsigned long long)namelen);
	if (iov && rd(h->data, h->len, 16, 8))
		iov_list(b, c, o, i, iov, rd(h->data, h->len, 24, 8), out, base + 2,
			 base < 0 ? 0 : ST_MSG_BUFS,
			 /* As strace: netlink messages to or from a netlink address. */
			 name && shown >= 2 && salen >= 2 && st_u16(sa) == AF_NETLINK ?
			 netlink_proto(c, o) : -1, left);
	else
		ptr(b, rd(h->data, h->len, 16, 8));
	buf_printf(b, ", msg_iovlen=%llu", (unsigned long long)rd(h->data, h->len, 24, 8));
	if (ctllen) {
		uint64_t at = rd(h->data, h->len, 32, 8);

		/* As strace: the address of a buffer short of a header, or not read whole. */
		buf_printf(b, ", msg_control=");
		if (ctllen < 16 || !at || !ctl || ctl->cut ||
		    ctl->len < (ctllen < 256 ? ctllen : 256))
			ptr(b, at);
		else
			cmsgs(b, c->tid, ctl, at, ctllen, o);
	}
	buf_printf(b, ", msg_controllen=%llu, msg_flags=", (unsigned long long)ctllen);
	st_xlat_flags(b, st_msg_flags, flags, "0");
	buf_printf(b, "}");
	free(late_iov.data);
}

/*
 * struct msghdr of sendmsg (read at entry) or recvmsg (out: read at
 * entry as '-' for what msg_namelen was, at exit as '+'), in records
 * numbered from 0 (see msghdr_at()).
 */
static void msghdr(struct buf *b, const struct st_call *c,
		   const struct st_dopts *o, int i, bool out)
{
	const struct st_cap *h = cap_letter(c, i, '+'), *in = cap_letter(c, i, '-');
	uint64_t v = c->args[i];

	/* A failed recvmsg shows what msg_namelen was, when it could be read. */
	if (v && out && st_call_failed(c) && in && !in->idx && in->len >= 12) {
		buf_printf(b, "{msg_namelen=%d}", (int)rd(in->data, in->len, 8, 4));
		return;
	}
	if (!v || !h || h->idx || (out && st_call_failed(c))) {
		ptr(b, v);
		return;
	}
	msghdr_at(b, c, o, i, '+', 0, h,
		  out && in && in->len >= 12 ? (int64_t)rd(in->data, in->len, 8, 4) : -1,
		  out, (uint64_t)c->ret);
}

/*
 * sendmmsg's and recvmmsg's struct mmsghdr array, read at exit (record
 * 0: the array; each of the first ST_MMSG_SHOWN messages' records from
 * ST_MMSG_IDX(e), as msghdr_at() numbers them): as many messages as the
 * call was given (sendmmsg) or received (recvmmsg), msg_len for those
 * it sent or received.
 */
static void mmsgvec(struct buf *b, const struct st_call *c,
		    const struct st_dopts *o, int i)
{
	bool recv = !strcmp(c->sys->name, "recvmmsg");
	const struct st_cap *a = cap_li(c, i, ST_L_MMSG, 0), *in = cap_li(c, i, ST_L_MMSG_IN, 0);
	uint64_t v = c->args[i], n, done, e;
	bool failed = st_call_failed(c);
	struct st_cap late = { 0 };

	n = recv ? (failed ? 0 : (uint64_t)c->ret) : (uint32_t)c->args[2];
	done = failed ? 0 : (uint64_t)c->ret;
	/*
	 * An array the kernel could not read whole (it runs into an
	 * unmapped page): from the process, up to that page, if it is
	 * still there.
	 */
	if (!a)
		a = cap_li(c, i, ST_L_MMSG_PART, 0);
	if (!a && v && n && !(recv && failed)) {
		size_t want = (n < ST_MMSG_MAX ? n : ST_MMSG_MAX) * ST_MMSG_SIZE;

		late.letter = ST_L_MMSG;
		late.arg = i;
		late.data = xmalloc(want);
		late.len = st_tracee_read(c->tid, v, late.data, want, false);
		late.cut = late.len < want;
		if (late.len >= ST_MMSG_SIZE)
			a = &late;
	}
	if (!v || !a || (recv && failed) || !n || a->len < ST_MMSG_SIZE) {
		ptr(b, v);
		free(late.data);
		return;
	}
	buf_printf(b, "[");
	for (e = 0; e < n; e++) {
		struct st_cap h;

		if (e)
			buf_printf(b, ", ");
		if (e == (uint64_t)o->strsize && !o->verbose) {
			buf_printf(b, "...");
			break;
		}
		if ((e + 1) * ST_MMSG_SIZE > a->len) {
			/* Past what was read: the address it could not be read at. */
			if (a->cut)
				cut_at(b, v + e * ST_MMSG_SIZE);
			else
				ptr(b, v + e * ST_MMSG_SIZE);
			break;
		}
		h = *a;
		h.data = a->data + e * ST_MMSG_SIZE;
		h.len = ST_MMSG_SIZE;
		buf_printf(b, "{msg_hdr=");
		/* recvmmsg: the msg_namelen each message was given. */
		msghdr_at(b, c, o, i, ST_L_MMSG, e < ST_MMSG_SHOWN ? (int)ST_MMSG_IDX(e) : -16, &h,
			  recv && in && (e + 1) * ST_MMSG_SIZE <= in->len ?
			  (int64_t)rd(in->data, in->len, e * ST_MMSG_SIZE + 8, 4) : -1,
			  recv, recv ? rd(h.data, h.len, 56, 4) : UINT64_MAX);
		if (e < done)
			buf_printf(b, ", msg_len=%u", (unsigned)rd(h.data, h.len, 56, 4));
		buf_printf(b, "}");
	}
	buf_printf(b, "]");
	free(late.data);
}

void st_ifindex(struct buf *b, unsigned idx)
{
	char name[IF_NAMESIZE];
	enum st_cstyle st = st_xlat_get_style();

	if (!idx || !if_indextoname(idx, name)) {
		buf_printf(b, "%u", idx);
		return;
	}
	if (st != ST_C_ABBREV)
		buf_printf(b, "%u", idx);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* if_nametoindex(\"%s\") */", name);
	else if (st == ST_C_ABBREV)
		buf_printf(b, "if_nametoindex(\"%s\")", name);
}

/* An IPv4 address as inet_addr("a.b.c.d"), or an IPv6 one as inet_pton(), with its field. */
void st_inet_addr(struct buf *b, const unsigned char *p, int af, const char *field)
{
	char ip[INET6_ADDRSTRLEN];
	enum st_cstyle st = st_xlat_get_style();

	inet_ntop(af, p, ip, sizeof(ip));
	if (st == ST_C_ABBREV) {
		if (af == AF_INET)
			buf_printf(b, "%s%sinet_addr(\"%s\")", field ? field : "",
				   field ? "=" : "", ip);
		else if (field)
			buf_printf(b, "inet_pton(AF_INET6, \"%s\", &%s)", ip, field);
		else
			buf_printf(b, "inet_pton(AF_INET6, \"%s\")", ip);
		return;
	}
	/* -X raw: the bytes; verbose: with the call that makes them. */
	if (field)
		buf_printf(b, "%s=", field);
	hex_quote(b, p, af == AF_INET ? 4 : 16);
	if (st == ST_C_VERBOSE && af == AF_INET)
		buf_printf(b, " /* inet_addr(\"%s\") */", ip);
	else if (st == ST_C_VERBOSE)
		buf_printf(b, " /* inet_pton(AF_INET6, \"%s\") */", ip);
}

/*
 * ICMP_FILTER's bits: the message types filtered, or those not (~)
 * when more than half are.
 */
static void icmp_filter(struct buf *b, uint32_t bits)
{
	int t;
	bool any = false;

	if (__builtin_popcount(bits) > 16) {
		bits = ~bits;
		buf_printf(b, "~");
	}
	buf_printf(b, "[");
	for (t = 0; t < 32; t++) {
		if (!(bits & (1U << t)))
			continue;
		buf_printf(b, "%s", any ? " " : "");
		st_xlat_val(b, st_icmp_types, t, "ICMP_???");
		any = true;
	}
	buf_printf(b, "]");
}

/*
 * The structs setsockopt takes at IP, IPv6, packet and raw levels, as
 * strace prints them; false for another option.
 */
static bool sockopt_struct(struct buf *b, const struct st_call *c,
			   const struct st_cap *k, uint64_t v, int len)
{
	int level = (int)c->args[1], name = (int)c->args[2];
	enum st_cstyle st = st_xlat_get_style();
	int j, alen;

	if (level == SOL_IP && (name == IP_ADD_MEMBERSHIP || name == IP_DROP_MEMBERSHIP)) {
		if (len < 8 || !k || k->len < 8) {
			ptr(b, v);
			return true;
		}
		buf_printf(b, "{");
		st_inet_addr(b, k->data, AF_INET, "imr_multiaddr");
		buf_printf(b, ", ");
		st_inet_addr(b, k->data + 4, AF_INET, "imr_interface");
		buf_printf(b, "}");
		return true;
	}
	if (level == SOL_IPV6 && (name == IPV6_ADD_MEMBERSHIP || name == IPV6_DROP_MEMBERSHIP ||
				  name == IPV6_JOIN_ANYCAST || name == IPV6_LEAVE_ANYCAST)) {
		if (len < 20 || !k || k->len < 20) {
			ptr(b, v);
			return true;
		}
		buf_printf(b, "{");
		st_inet_addr(b, k->data, AF_INET6, "ipv6mr_multiaddr");
		buf_printf(b, ", ipv6mr_interface=");
		st_ifindex(b, (unsigned)rd(k->data, k->len, 16, 4));
		buf_printf(b, "}");
		return true;
	}
	if ((level == SOL_IP || level == SOL_IPV6) &&
	    (name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP)) {
		if (len < 136 || !k || k->len < 136) {
			ptr(b, v);
			return true;
		}
		buf_printf(b, "{gr_interface=");
		st_ifindex(b, (unsigned)rd(k->data, k->len, 0, 4));
		buf_printf(b, ", gr_group=");
		sockaddr(b, k->data + 8, 128, 0);
		buf_printf(b, "}");
		return true;
	}
	if (level == SOL_PACKET && (name == PACKET_ADD_MEMBERSHIP || name == PACKET_DROP_MEMBERSHIP)) {
		if (len != 16 || !k || k->len < 16) {
			ptr(b, v);
			return true;
		}
		buf_printf(b, "{mr_ifindex=");
		st_ifindex(b, (unsigned)rd(k->data, k->len, 0, 4));
		buf_printf(b, ", mr_type=");
		st_xlat_val(b, st_packet_mr_types, rd(k->data, k->len, 4, 2), "PACKET_MR_???");
		alen = (int)rd(k->data, k->len, 6, 2);
		buf_printf(b, ", mr_alen=%d, mr_address=", alen);
		if (alen > 8)
			alen = 8;
		/* A MAC address: its bytes under -X raw and verbose, as strace. */
		if (st != ST_C_ABBREV)
			hex_quote(b, k->data + 8, alen);
		if (st == ST_C_VERBOSE)
			buf_printf(b, " /* ");
		for (j = 0; st != ST_C_RAW && j < alen; j++)
			buf_printf(b, "%s%02x", j ? ":" : "", k->data[8 + j]);
		if (st == ST_C_VERBOSE)
			buf_printf(b, " */");
		buf_printf(b, "}");
		return true;
	}
	if (level == SOL_PACKET && (name == PACKET_RX_RING || name == PACKET_TX_RING)) {
		if (len != 16 || !k || k->len < 16) {
			ptr(b, v);
			return true;
		}
		buf_printf(b, "{tp_block_size=%u, tp_block_nr=%u, tp_frame_size=%u, tp_frame_nr=%u}",
			   (unsigned)rd(k->data, k->len, 0, 4), (unsigned)rd(k->data, k->len, 4, 4),
			   (unsigned)rd(k->data, k->len, 8, 4), (unsigned)rd(k->data, k->len, 12, 4));
		return true;
	}
	if (level == SOL_RAW && name == ICMP_FILTER) {
		/* As many bytes as len says, 4 at most, over all bits set. */
		uint32_t bits = ~0U;

		if (len <= 0 || !k || !v) {
			ptr(b, v);
			return true;
		}
		if (len > 4)
			len = 4;
		if (k->len < (size_t)len) {
			ptr(b, v);
			return true;
		}
		memcpy(&bits, k->data, len);
		icmp_filter(b, bits);
		return true;
	}
	return false;
}

/* SOL_SOCKET options whose value is an int (strace's list). */
static bool so_int(int name)
{
	static const int ints[] = {
		SO_DEBUG, SO_REUSEADDR, SO_DONTROUTE, SO_BROADCAST, SO_SNDBUF,
		SO_RCVBUF, SO_KEEPALIVE, SO_OOBINLINE, SO_NO_CHECK, SO_PRIORITY,
		SO_BSDCOMPAT, SO_REUSEPORT, SO_PASSCRED, SO_RCVLOWAT, SO_SNDLOWAT,
		SO_DETACH_FILTER, SO_TIMESTAMP_OLD, SO_ACCEPTCONN, SO_SNDBUFFORCE,
		SO_RCVBUFFORCE, SO_PASSSEC, SO_TIMESTAMPNS_OLD, SO_MARK,
		SO_TIMESTAMPING_OLD, SO_RXQ_OVFL, SO_WIFI_STATUS, SO_PEEK_OFF,
		SO_NOFCS, SO_LOCK_FILTER, SO_SELECT_ERR_QUEUE, SO_BUSY_POLL,
		SO_INCOMING_CPU, SO_CNX_ADVICE, SO_INCOMING_NAPI_ID, SO_ZEROCOPY,
		SO_TIMESTAMP_NEW, SO_TIMESTAMPNS_NEW, SO_TIMESTAMPING_NEW,
		SO_DETACH_REUSEPORT_BPF, SO_PREFER_BUSY_POLL, SO_BUSY_POLL_BUDGET,
		SO_RESERVE_MEM, SO_RCVMARK,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ints); i++)
		if (ints[i] == name)
			return true;
	return false;
}

/* "[N]" from the first 4 bytes of a capture, or the address. */
static void int_at(struct buf *b, const struct st_cap *k, uint64_t v)
{
	if (k && k->len >= 4)
		buf_printf(b, "[%d]", (int)rd(k->data, k->len, 0, 4));
	else
		ptr(b, v);
}

/*
 * The fields of a struct of 4-byte ints that len covers, as strace
 * prints what getsockopt returned: a field cut short in hex.
 */
static void int_fields(struct buf *b, const struct st_cap *k, uint64_t v,
		       size_t len, const char *const *names, const char *fmts,
		       size_t n)
{
	size_t i, at;

	if (len > 4 * n)
		len = 4 * n;
	if (!k || k->len < len) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "{");
	for (i = 0; i < n && len > 4 * i; i++) {
		at = 4 * i;
		buf_printf(b, "%s%s=", i ? ", " : "", names[i]);
		if (len < at + 4)
			hex_quote(b, k->data + at, len - at);
		else if (fmts[i] == 'u')
			buf_printf(b, "%u", (unsigned)rd(k->data, k->len, at, 4));
		else
			buf_printf(b, "%d", (int)rd(k->data, k->len, at, 4));
	}
	buf_printf(b, "}");
}

/* An int named by t, in decimal where it has no name, in the -X style. */
static void xlat_d(struct buf *b, const struct st_xlat *t, int v, const char *dflt)
{
	const char *n = st_xlat_name(t, (unsigned)v);
	enum st_cstyle st = st_xlat_get_style();

	if (n && st == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%d", v);
	if (st != ST_C_RAW)
		buf_printf(b, " /* %s */", n ? n : dflt);
}

/* n bytes in hex escapes, -s of them at most, then "...". */
static void hex_str(struct buf *b, const struct st_cap *k, uint64_t v,
		    uint64_t n, int max)
{
	if (!k) {
		ptr(b, v);
		return;
	}
	hex_bytes(b, k, n, max);
}

/*
 * A classic BPF program's len instructions at addr: under -v as the page
 * records of letter l, argument i from number first hold them, else the
 * address, as strace.
 */
static void bpf_insns(struct buf *b, const struct st_call *c, int i, char l, int first,
		      uint64_t addr, unsigned len, enum st_bpf_owner owner,
		      const struct st_dopts *o)
{
	unsigned char *p;
	size_t have;

	if (!o->verbose || !addr) {
		ptr(b, addr);
		return;
	}
	p = pieces(c, i, l, first, addr, &have);
	st_bpf_insns(b, p, have, addr, len, owner);
	free(p);
}

/* A struct sock_fprog (16 bytes), k its bytes: its length and its instructions (bpf_insns()). */
static void sock_fprog(struct buf *b, const struct st_call *c, const struct st_cap *k,
		       int i, int first, enum st_bpf_owner owner, const struct st_dopts *o)
{
	unsigned len = (unsigned)rd(k->data, k->len, 0, 2);

	buf_printf(b, "{len=%u, filter=", len);
	bpf_insns(b, c, i, k->letter, first, rd(k->data, k->len, 8, 8), len, owner, o);
	buf_printf(b, "}");
}

/*
 * What getsockopt wrote (rlen bytes of ulen), as strace's
 * print_getsockopt(): by level and name, else an int for 4 bytes,
 * a string for others.
 */
static void getsockopt_val(struct buf *b, const struct st_call *c,
			   const struct st_cap *all, const struct st_cap *head,
			   uint64_t v, int ulen, int rlen, const struct st_dopts *o)
{
	/* The ints and structs need only the head strace reads. */
	const struct st_cap *k = all ? all : head;
	static const char *const linger[] = { "l_onoff", "l_linger" };
	static const char *const ucred[] = { "pid", "uid", "gid" };
	/* struct tpacket_stats, or tpacket_stats_v3 when the length holds it. */
	static const char *const tpstats[] = { "tp_packets", "tp_drops", "tp_freeze_q_cnt" };
	int level = (int)c->args[1], name = (int)c->args[2];

	if (ulen <= 0 || rlen <= 0 || !v) {
		ptr(b, v);
		return;
	}
	/* SO_GET_FILTER: the length counts instructions, an unsigned short. */
	if (level == SOL_SOCKET && name == SO_ATTACH_FILTER) {
		if ((unsigned short)rlen != (unsigned)rlen)
			ptr(b, v);
		else
			bpf_insns(b, c, 3, ',', 2, v, (unsigned)rlen, ST_BPF_SOCKET, o);
		return;
	}
	if (level == SOL_RAW && name == ICMP_FILTER) {
		sockopt_struct(b, c, head ? head : all, v, rlen);
		return;
	}
	if (level == SOL_PACKET && name == PACKET_STATISTICS) {
		int_fields(b, k, v, rlen, tpstats, "uuu", 3);
		return;
	}
	if (level == SOL_NETLINK && name == NETLINK_LIST_MEMBERSHIPS) {
		/* The groups, as many as both lengths hold. */
		int j, n = (ulen < rlen ? ulen : rlen) / 4;
		const struct st_cap *g = all && all->len >= (size_t)4 * n ? all : head;

		if (!n) {
			buf_printf(b, "[]");
			return;
		}
		if (!g || g->len < (size_t)4 * n) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "[");
		for (j = 0; j < n; j++) {
			if (j == o->strsize && !o->verbose) {
				buf_printf(b, ", ...");
				break;
			}
			buf_printf(b, "%s%u", j ? ", " : "", (unsigned)rd(g->data, g->len, 4 * j, 4));
		}
		buf_printf(b, "]");
		return;
	}
	if (level == SOL_NETLINK) {
		int_at(b, head, v);
		return;
	}
	if (level == SOL_SOCKET) {
		if (name == SO_LINGER) {
			int_fields(b, k, v, rlen, linger, "dd", 2);
			return;
		}
		if (name == SO_TXREHASH) {
			if (rlen < 4)
				hex_str(b, k, v, rlen, o->strsize);
			else if (!k || k->len < 4)
				ptr(b, v);
			else {
				buf_printf(b, "[");
				xlat_d(b, st_txrehash, (int)rd(k->data, k->len, 0, 4), "SOCK_TXREHASH_???");
				buf_printf(b, "]");
			}
			return;
		}
		if (name == SO_PEERCRED) {
			int_fields(b, k, v, rlen, ucred, "duu", 3);
			return;
		}
		if (name == SO_ERROR || so_int(name)) {
			if (rlen < 4) {
				hex_str(b, k, v, rlen, o->strsize);
			} else if (name == SO_ERROR && k && k->len >= 4) {
				unsigned e = (unsigned)rd(k->data, k->len, 0, 4);
				const char *n = st_errno_name((int)e);

				buf_printf(b, "[");
				if (!n || st_xlat_get_style() != ST_C_ABBREV)
					buf_printf(b, "%u", e);
				if (n && st_xlat_get_style() == ST_C_ABBREV)
					buf_printf(b, "%s", n);
				else if (n && st_xlat_get_style() == ST_C_VERBOSE)
					buf_printf(b, " /* %s */", n);
				buf_printf(b, "]");
			} else {
				int_at(b, k, v);
			}
			return;
		}
	}
	if (rlen == 4)
		int_at(b, k, v);
	else
		bytes(b, all, v, rlen, o->strsize, o->xstyle);
}

/* What setsockopt is given (len bytes), as strace's print_setsockopt(). */
static void setsockopt_val(struct buf *b, const struct st_call *c,
			   const struct st_cap *all, const struct st_cap *head,
			   uint64_t v, int len, const struct st_dopts *o)
{
	const struct st_cap *k = all ? all : head;
	int level = (int)c->args[1], name = (int)c->args[2];

	if (v && sockopt_struct(b, c, head ? head : all, v, len))
		return;
	if (v && level == SOL_SOCKET &&
	    (name == SO_ATTACH_FILTER || name == SO_ATTACH_REUSEPORT_CBPF)) {
		if (len != 16 || !k || k->len < 16)
			ptr(b, v);
		else
			sock_fprog(b, c, k, 3, 2, ST_BPF_SOCKET, o);
		return;
	}
	if (v && level == SOL_SOCKET && name == SO_LINGER) {
		if (len < 8 || !k || k->len < 8)
			ptr(b, v);
		else
			buf_printf(b, "{l_onoff=%d, l_linger=%d}", (int)rd(k->data, k->len, 0, 4),
				   (int)rd(k->data, k->len, 4, 4));
		return;
	}
	if (v && level == SOL_SOCKET && name == SO_TXREHASH) {
		if (len < 4 || !k || k->len < 4) {
			ptr(b, v);
		} else {
			buf_printf(b, "[");
			xlat_d(b, st_txrehash, (int)rd(k->data, k->len, 0, 4), "SOCK_TXREHASH_???");
			buf_printf(b, "]");
		}
		return;
	}
	if (v && ((level == SOL_SOCKET && so_int(name)) || level == SOL_NETLINK)) {
		if (len < 4)
			ptr(b, v);
		else
			int_at(b, k, v);
		return;
	}
	if (!k || !v)
		ptr(b, v);
	else if (len == 4)
		int_at(b, k, v);
	else
		bytes(b, all, v, len, o->strsize, o->xstyle);
}

/* An fd_set's members below nfds, as strace lists them: [3 4]. */
/* An fd_set of nfds bits: its descriptors, each as -y shows one. */
static void fd_set_(struct buf *b, const struct st_cap *k, int nfds, int tid,
		    const struct st_dopts *o)
{
	int i;
	bool any = false;

	buf_printf(b, "[");
	for (i = 0; i < nfds && (size_t)i / 8 < k->len; i++)
		if (k->data[i / 8] & (1u << (i % 8))) {
			if (any)
				buf_printf(b, " ");
			st_decode_fd(b, tid, i, o, NULL);
			any = true;
		}
	buf_printf(b, "]");
}

/* struct epoll_event (packed: events, then the 8-byte data at 4). */
static void epoll_event(struct buf *b, const unsigned char *p, size_t len)
{
	uint64_t d = rd(p, len, 4, 8);

	buf_printf(b, "{events=");
	st_xlat_flags(b, st_epoll_events, rd(p, len, 0, 4), "0");
	buf_printf(b, ", data={u32=%u, u64=%llu}}", (unsigned)d,
		   (unsigned long long)d);
}


static void itimerval(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "{it_interval=");
	timeval_at(b, k, 0);
	buf_printf(b, ", it_value=");
	timeval_at(b, k, 16);
	buf_printf(b, "}");
}

static void itimerspec(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "{it_interval={tv_sec=%lld, tv_nsec=%llu}, "
		   "it_value={tv_sec=%lld, tv_nsec=%llu}}",
		   (long long)rd(k->data, k->len, 0, 8),
		   (unsigned long long)rd(k->data, k->len, 8, 8),
		   (long long)rd(k->data, k->len, 16, 8),
		   (unsigned long long)rd(k->data, k->len, 24, 8));
}

/*
 * struct sigevent as strace prints it: the value only when its pointer
 * is not NULL, the signal by name for the notifications that send one,
 * the thread id or function and attributes after the notification.
 */
static void sigevent_struct(struct buf *b, const struct st_cap *k)
{
	uint64_t val = rd(k->data, k->len, 0, 8);
	unsigned signo = rd(k->data, k->len, 8, 4);
	unsigned notify = rd(k->data, k->len, 12, 4);
	static const struct st_xlat notifies[] = {
		{ SIGEV_SIGNAL, "SIGEV_SIGNAL" }, { SIGEV_NONE, "SIGEV_NONE" },
		{ SIGEV_THREAD, "SIGEV_THREAD" }, { SIGEV_THREAD_ID, "SIGEV_THREAD_ID" },
		{ 0, NULL },
	};

	buf_printf(b, "{");
	if (val)
		buf_printf(b, "sigev_value={sival_int=%d, sival_ptr=%#llx}, ",
			   (int)val, (unsigned long long)val);
	buf_printf(b, "sigev_signo=");
	if (notify == SIGEV_SIGNAL || notify == SIGEV_THREAD || notify == SIGEV_THREAD_ID)
		st_sig(b, signo);
	else
		buf_printf(b, "%u", signo);
	buf_printf(b, ", sigev_notify=");
	st_xlat_val(b, notifies, notify, "SIGEV_???");
	if (notify == SIGEV_THREAD_ID)
		buf_printf(b, ", sigev_notify_thread_id=%d", (int)rd(k->data, k->len, 16, 4));
	if (notify == SIGEV_THREAD) {
		buf_printf(b, ", sigev_notify_function=");
		ptr(b, rd(k->data, k->len, 16, 8));
		buf_printf(b, ", sigev_notify_attributes=");
		ptr(b, rd(k->data, k->len, 24, 8));
	}
	buf_printf(b, "}");
}

/* struct mq_attr, its flags in hex (mq_open) or as O_NONBLOCK. */
static void mq_attr_with(struct buf *b, const struct st_cap *k, bool names)
{
	static const struct st_xlat mq_flags[] = { { O_NONBLOCK, "O_NONBLOCK" }, { 0, NULL } };
	uint64_t fl = rd(k->data, k->len, 0, 8);

	buf_printf(b, "{mq_flags=");
	if (names)
		st_xlat_flags_dflt(b, mq_flags, fl, "0", "O_???");
	else
		buf_printf(b, "%#llx", (unsigned long long)fl);
	buf_printf(b, ", mq_maxmsg=%lld, mq_msgsize=%lld, mq_curmsgs=%lld}",
		   (long long)rd(k->data, k->len, 8, 8),
		   (long long)rd(k->data, k->len, 16, 8),
		   (long long)rd(k->data, k->len, 24, 8));
}

static void mq_attr_hex(struct buf *b, const struct st_cap *k)
{
	mq_attr_with(b, k, false);
}

static void mq_attr_named(struct buf *b, const struct st_cap *k)
{
	mq_attr_with(b, k, true);
}

static const struct st_xlat cap_versions[] = {
	{ _LINUX_CAPABILITY_VERSION_1, "_LINUX_CAPABILITY_VERSION_1" },
	{ _LINUX_CAPABILITY_VERSION_2, "_LINUX_CAPABILITY_VERSION_2" },
	{ _LINUX_CAPABILITY_VERSION_3, "_LINUX_CAPABILITY_VERSION_3" },
	{ 0, NULL },
};

/* A capability set: 1<<CAP_X|..., bits no name covers as 1<<N. */
static void cap_set(struct buf *b, uint64_t set)
{
	bool any = false;
	int bit;

	for (bit = 0; bit < 64; bit++) {
		const char *n;

		if (!(set >> bit & 1))
			continue;
		n = st_xlat_name(st_caps, bit);
		if (n)
			buf_printf(b, "%s1<<%s", any ? "|" : "", n);
		else
			buf_printf(b, "%s1<<%d", any ? "|" : "", bit);
		any = true;
	}
	if (!any)
		buf_printf(b, "0");
}

/*
 * capget and capset: the header, then the three sets of the data, which
 * only a known version gives a size (one u32 per set in version 1, two
 * from version 2 on).
 */
static void cap_args(struct buf *b, const struct st_call *c, char l,
		     uint64_t v, const struct st_cap *k)
{
	const struct st_cap *h = cap_letter(c, 0, ST_L_CAPHDR);
	uint32_t ver = h && h->len >= 8 ? rd(h->data, h->len, 0, 4) : 0;
	int slots = ver == _LINUX_CAPABILITY_VERSION_1 ? 1 :
		    (ver == _LINUX_CAPABILITY_VERSION_2 ||
		     ver == _LINUX_CAPABILITY_VERSION_3) ? 2 : 0;
	static const char *const sets[] = { "effective", "permitted", "inheritable" };
	int s;

	if (!v || !k || k->len < 8 || (l != ST_L_CAPHDR && k->len < 12 * (size_t)slots) ||
	    (l == ST_L_CAPDATA_OUT && (st_call_failed(c) || !slots)) ||
	    (l == ST_L_CAPDATA && !slots)) {
		ptr(b, v);
		return;
	}
	if (l == ST_L_CAPHDR) {
		buf_printf(b, "{version=");
		st_xlat_val(b, cap_versions, rd(k->data, k->len, 0, 4),
			    "_LINUX_CAPABILITY_VERSION_???");
		buf_printf(b, ", pid=%d}", (int)rd(k->data, k->len, 4, 4));
		return;
	}
	buf_printf(b, "{");
	for (s = 0; s < 3; s++) {
		uint64_t set = rd(k->data, k->len, 4 * s, 4);

		if (slots == 2)
			set |= rd(k->data, k->len, 12 + 4 * s, 4) << 32;
		buf_printf(b, "%s%s=", s ? ", " : "", sets[s]);
		cap_set(b, set);
	}
	buf_printf(b, "}");
}

void st_ioprio(struct buf *b, unsigned v)
{
	/* The class is all the bits above the data, as strace shows it. */
	buf_printf(b, "IOPRIO_PRIO_VALUE(");
	st_xlat_val(b, st_ioprio_class, v >> IOPRIO_CLASS_SHIFT, "IOPRIO_CLASS_???");
	buf_printf(b, ", %d)", (int)IOPRIO_PRIO_DATA(v));
}

/* The new-layout flag of ctl commands (linux/ipc.h; glibc's headers lack it). */
#define ST_IPC_64 0x0100

/* System V IPC flags: names, then the permission bits in octal. */
static void ipc_flags(struct buf *b, uint64_t v, const struct st_xlat *t)
{
	uint64_t names = v & ~(uint64_t)0777;

	if (names) {
		st_xlat_flags(b, t, names, "0");
		buf_printf(b, "|");
	}
	buf_printf(b, "%#03llo", (unsigned long long)(v & 0777));
}

/* shmget's flags: its bits, then the huge page size as N<<SHM_HUGE_SHIFT, then the mode. */
static void shm_flags(struct buf *b, uint32_t v)
{
	/* linux/shm.h's SHM_HUGE_*, which collides with <sys/shm.h>. */
	uint32_t mask = (uint32_t)HUGETLB_FLAG_ENCODE_MASK << HUGETLB_FLAG_ENCODE_SHIFT;
	uint32_t fl = v & ~0777U & ~mask, huge = v & mask;
	enum st_cstyle st = st_xlat_get_style();

	if (fl)
		st_xlat_flags_dflt(b, st_shm_flags, fl, "0", NULL);
	if (huge) {
		buf_printf(b, "%s%u<<", fl ? "|" : "", huge >> HUGETLB_FLAG_ENCODE_SHIFT);
		if (st == ST_C_ABBREV)
			buf_printf(b, "SHM_HUGE_SHIFT");
		else
			buf_printf(b, st == ST_C_RAW ? "%d" : "%d /* SHM_HUGE_SHIFT */",
				   HUGETLB_FLAG_ENCODE_SHIFT);
	}
	if (fl || huge)
		buf_printf(b, "|");
	buf_printf(b, "%#03o", v & 0777);
}

/* struct sembuf[] of count entries, as many as captured. */
static void sembufs(struct buf *b, const struct st_cap *k, uint64_t v,
		    uint64_t count, int max)
{
	uint64_t j;

	if (!v || !k || !count) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "[");
	for (j = 0; j < count; j++) {
		if (6 * (j + 1) > k->len) {
			if (k->cut) {
				if (j)
					buf_printf(b, ", ");
				cut_at(b, v + 6 * j);
			}
			break;
		}
		if ((int)j == max) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s{sem_num=%u, sem_op=%d, sem_flg=", j ? ", " : "",
			   (unsigned)rd(k->data, k->len, 6 * j, 2),
			   (int16_t)rd(k->data, k->len, 6 * j + 2, 2));
		st_xlat_flags(b, st_sem_flags, rd(k->data, k->len, 6 * j + 4, 2), "0");
		buf_printf(b, "}");
	}
	buf_printf(b, "]");
}

/* A System V message: its type and n bytes of text. */
static void msgbuf(struct buf *b, const struct st_cap *k, uint64_t v,
		   uint64_t n, const struct st_dopts *o)
{
	if (!v || !k || k->len < 8) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "{mtype=%lld, mtext=", (long long)rd(k->data, k->len, 0, 8));
	st_quote(b, k->data + 8, k->len - 8 < n ? k->len - 8 : n,
		 n > k->len - 8, o->xstyle);
	buf_printf(b, "}");
}

/* A time_t as strace annotates it: local time in ISO 8601, or false. */
static bool iso_time(struct buf *b, int64_t t)
{
	time_t tt = t;
	struct tm tm;
	char s[64];

	if (!localtime_r(&tt, &tm) || !strftime(s, sizeof(s), "%FT%T%z", &tm))
		return false;
	buf_printf(b, "%s", s);
	return true;
}

/* A time_t the call wrote: [N], the date in a comment. */
static void time_ref(struct buf *b, const struct st_cap *k)
{
	int64_t t = rd(k->data, k->len, 0, 8);

	buf_printf(b, "[%lld", (long long)t);
	buf_printf(b, " /* ");
	if (!iso_time(b, t))
		b->len -= 4;
	else
		buf_printf(b, " */");
	buf_printf(b, "]");
}

/* An int the call wrote: [N]. */
static void int_ref(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "[%d]", (int)rd(k->data, k->len, 0, 4));
}

static void timeval(struct buf *b, const struct st_cap *k)
{
	timeval_at(b, k, 0);
}

static void timezone_(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "{tz_minuteswest=%d, tz_dsttime=%d}",
		   (int)rd(k->data, k->len, 0, 4), (int)rd(k->data, k->len, 4, 4));
}

static void ptr_ref8(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "[%#llx]", (unsigned long long)rd(k->data, k->len, 0, 8));
}

static void ulong_ref(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "[%llu]", (unsigned long long)rd(k->data, k->len, 0, 8));
}

static void loff_ref(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "[%lld]", (long long)rd(k->data, k->len, 0, 8));
}

static void stack_t_(struct buf *b, const struct st_cap *k)
{
	buf_printf(b, "{ss_sp=");
	ptr(b, rd(k->data, k->len, 0, 8));
	buf_printf(b, ", ss_flags=");
	st_xlat_flags(b, st_ss_flags, rd(k->data, k->len, 8, 4), "0");
	buf_printf(b, ", ss_size=%llu}", (unsigned long long)rd(k->data, k->len, 16, 8));
}

/* A CPU mask as strace lists it: the numbers of the bits set. */
static void cpu_mask(struct buf *b, const struct st_cap *k)
{
	size_t i;
	bool any = false;

	buf_printf(b, "[");
	for (i = 0; i < 8 * k->len; i++)
		if (k->data[i / 8] & (1u << (i % 8))) {
			buf_printf(b, "%s%zu", any ? " " : "", i);
			any = true;
		}
	buf_printf(b, "]");
}

static void timespec(struct buf *b, const struct st_cap *k)
{
	/* tv_nsec unsigned, as strace prints it. */
	buf_printf(b, "{tv_sec=%lld, tv_nsec=%llu}",
		   (long long)rd(k->data, k->len, 0, 8),
		   (unsigned long long)rd(k->data, k->len, 8, 8));
}

void st_net_val(struct buf *b, const unsigned char *p, size_t n, const char *meaning)
{
	enum st_cstyle style = st_xlat_get_style();

	if (style != ST_C_ABBREV)
		hex_quote(b, p, n);
	if (style == ST_C_VERBOSE)
		buf_printf(b, " /* %s */", meaning);
	else if (style == ST_C_ABBREV)
		buf_printf(b, "%s", meaning);
}

/* A port in network byte order, as htons(N). */
static void net_port(struct buf *b, const unsigned char *p)
{
	char m[32];

	snprintf(m, sizeof(m), "htons(%u)", ntohs((uint16_t)(p[0] | p[1] << 8)));
	st_net_val(b, p, 2, m);
}

void st_sockaddr_inet(struct buf *b, const unsigned char *p, size_t len)
{
	char ip[INET6_ADDRSTRLEN], m[INET6_ADDRSTRLEN + 64];

	if (rd(p, len, 0, 2) == AF_INET) {
		inet_ntop(AF_INET, p + 4, ip, sizeof(ip));
		buf_printf(b, ", sin_port=");
		net_port(b, p + 2);
		buf_printf(b, ", sin_addr=");
		snprintf(m, sizeof(m), "inet_addr(\"%s\")", ip);
		st_net_val(b, p + 4, 4, m);
	} else {
		const struct in6_addr *a = (const struct in6_addr *)(p + 8);
		enum st_cstyle style = st_xlat_get_style();
		unsigned scope = (unsigned)rd(p, len, 24, 4);

		inet_ntop(AF_INET6, p + 8, ip, sizeof(ip));
		buf_printf(b, ", sin6_port=");
		net_port(b, p + 2);
		buf_printf(b, ", sin6_flowinfo=");
		snprintf(m, sizeof(m), "htonl(%u)", ntohl((uint32_t)rd(p, len, 4, 4)));
		st_net_val(b, p + 4, 4, m);
		buf_printf(b, style == ST_C_ABBREV ? ", " : ", sin6_addr=");
		snprintf(m, sizeof(m), "inet_pton(AF_INET6, \"%s\"%s)", ip,
			 style == ST_C_ABBREV ? ", &sin6_addr" : "");
		st_net_val(b, p + 8, 16, m);
		if (len > 24) {
			buf_printf(b, ", sin6_scope_id=");
			/* An interface only for a link-local address. */
			if (IN6_IS_ADDR_LINKLOCAL(a) || IN6_IS_ADDR_MC_LINKLOCAL(a))
				st_ifindex(b, scope);
			else
				buf_printf(b, "%u", scope);
		}
	}
}

/*
 * The sockaddr of len bytes at p (len: what the caller said, up to what
 * was read), as strace prints one: each family's fields once len covers
 * the family's least, its raw bytes before.
 */
static void sockaddr(struct buf *b, const unsigned char *p, size_t len, int x)
{
	uint64_t fam = rd(p, len, 0, 2);

	if (len < 2) {
		buf_printf(b, "{}");
		return;
	}
	buf_printf(b, "{sa_family=");
	st_xlat_val(b, st_af, fam, "AF_???");
	if (len == 2) {
		buf_printf(b, "}");
		return;
	}
	if (fam == AF_UNIX) {
		/* At most sun_path's 108 bytes; an abstract name whole, NULs too. */
		size_t n = (len > sizeof(struct sockaddr_un) ? sizeof(struct sockaddr_un) : len) - 2;
		const unsigned char *sp = p + 2;

		if (sp[0] == 0) {
			buf_printf(b, ", sun_path=@");
			st_quote(b, sp + 1, n - 1, false, x);
		} else {
			buf_printf(b, ", sun_path=");
			st_quote(b, sp, strnlen((const char *)sp, n), false, x);
		}
	} else if (fam == AF_NETLINK && len >= sizeof(struct sockaddr_nl)) {
		if (rd(p, len, 2, 2))
			buf_printf(b, ", nl_pad=%#x", (unsigned)rd(p, len, 2, 2));
		buf_printf(b, ", nl_pid=%d, nl_groups=%#08x", (int)rd(p, len, 4, 4),
			   (unsigned)rd(p, len, 8, 4));
	} else if ((fam == AF_INET && len >= sizeof(struct sockaddr_in)) ||
		   (fam == AF_INET6 && len >= 24)) {
		st_sockaddr_inet(b, p, len);
	} else if (st_sa_decode(b, p, len, x) < 0) {
		buf_printf(b, ", sa_data=");
		st_quote(b, p + 2, len - 2, false, x);
	}
	buf_printf(b, "}");
}

/* futex_waitv's waiters (st_sys.h's ST_L_FUTEXV), n of them, as strace. */
static void futex_waiters(struct buf *b, const struct st_cap *k, uint64_t v, unsigned n)
{
	static const struct st_xlat flags[] = {
		{ FUTEX_32, "FUTEX_32" }, { FUTEX_PRIVATE_FLAG, "FUTEX_PRIVATE_FLAG" }, { 0, NULL },
	};
	unsigned e;

	if (!v) {
		buf_printf(b, "NULL");
		return;
	}
	if (!n) {
		buf_printf(b, "[]");
		return;
	}
	if (!k || k->len < 24) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "[");
	for (e = 0; e < n; e++) {
		size_t off = (size_t)e * 24;
		uint32_t resv;

		if (e)
			buf_printf(b, ", ");
		if (off + 24 > k->len) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(v + off));
			break;
		}
		if (e == ST_FUTEXV_MAX) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "{val=%#llx, uaddr=", (unsigned long long)rd(k->data, k->len, off, 8));
		ptr(b, rd(k->data, k->len, off + 8, 8));
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, flags, rd(k->data, k->len, off + 16, 4), "0", "FUTEX_???");
		resv = (uint32_t)rd(k->data, k->len, off + 20, 4);
		if (resv)
			buf_printf(b, ", __reserved=%#x", resv);
		buf_printf(b, "}");
	}
	buf_printf(b, "]");
}

static void put_sigset(struct buf *b, uint64_t set)
{
	enum st_cstyle style = st_xlat_get_style();
	bool inv = __builtin_popcountll(set) > 32;
	bool any = false;
	int sig;

	if (inv) {
		set = ~set;
		buf_printf(b, "~");
	}
	buf_printf(b, "[");
	for (sig = 1; sig <= 64; sig++) {
		struct buf t = { 0 };
		const char *n;

		if (!(set & (1ULL << (sig - 1))))
			continue;
		st_signame(&t, sig);
		n = !strncmp(t.p, "SIG", 3) ? t.p + 3 : t.p;
		buf_printf(b, "%s", any ? " " : "");
		if (style == ST_C_ABBREV)
			buf_printf(b, "%s", n);
		else if (style == ST_C_RAW || !strcmp(n, t.p))
			buf_printf(b, "%d", sig);
		else
			buf_printf(b, "%d /* %s */", sig, n);
		buf_free(&t);
		any = true;
	}
	buf_printf(b, "]");
}

void st_decode_sigset(struct buf *b, uint64_t set)
{
	put_sigset(b, set);
}

static void put_sigaction(struct buf *b, const struct st_cap *k)
{
	uint64_t h = rd(k->data, k->len, 0, 8), fl = rd(k->data, k->len, 8, 8);

	buf_printf(b, "{sa_handler=");
	if (h < 2)
		st_xlat_enum(b, st_sig_handlers, h, "%llu");
	else
		buf_printf(b, "%#llx", (unsigned long long)h);
	buf_printf(b, ", sa_mask=");
	put_sigset(b, rd(k->data, k->len, 24, 8));
	buf_printf(b, ", sa_flags=");
	st_xlat_flags(b, st_sa_flags, fl, "0");
	if (fl & 0x04000000)
		buf_printf(b, ", sa_restorer=%#llx",
			   (unsigned long long)rd(k->data, k->len, 16, 8));
	buf_printf(b, "}");
}

static void rlim_names(struct buf *b, uint64_t v)
{
	if (v == ~0ULL)
		buf_printf(b, "RLIM64_INFINITY");
	else if (v && v % 1024 == 0)
		buf_printf(b, "%llu*1024", (unsigned long long)v / 1024);
	else
		buf_printf(b, "%llu", (unsigned long long)v);
}

static void rlim_val(struct buf *b, uint64_t v)
{
	styled(b, "%llu", v, rlim_names);
}

/*
 * A wait status as strace decodes it: stopped, killed, exited or
 * continued, then a ptrace event (<<16) and any bits left, in hex.
 */
static void wstatus(struct buf *b, uint64_t s)
{
	int st = (int)s, sig;

	buf_printf(b, "[{");
	if (WIFSTOPPED(st)) {
		sig = WSTOPSIG(st);
		buf_printf(b, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		st_signame(b, sig & 0x7f);
		if (sig & 0x80)
			buf_printf(b, " | 0x80");
		st &= ~((sig << 8) | 0x7f);
	} else if (WIFSIGNALED(st)) {
		buf_printf(b, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		st_signame(b, WTERMSIG(st));
		if (WCOREDUMP(st))
			buf_printf(b, " && WCOREDUMP(s)");
		st &= ~(WTERMSIG(st) | 0x80);
	} else if (WIFEXITED(st)) {
		buf_printf(b, "WIFEXITED(s) && WEXITSTATUS(s) == %d", WEXITSTATUS(st));
		st &= ~(WEXITSTATUS(st) << 8);
	} else if (WIFCONTINUED(st)) {
		buf_printf(b, "WIFCONTINUED(s)");
		st &= ~0xffff;
	} else {
		buf_printf(b, "%#x}]", st);
		return;
	}
	buf_printf(b, "}");
	if ((unsigned)st >> 16) {
		buf_printf(b, "|");
		st_xlat_val(b, st_ptrace_events, (unsigned)st >> 16, "PTRACE_EVENT_???");
		buf_printf(b, "<<16");
		st &= 0xffff;
	}
	if (st)
		buf_printf(b, "|%#x", st);
	buf_printf(b, "]");
}


/* Flags arguments named per call where the signature says plain 'x'. */
static const struct {
	const char *call;
	int arg;
	const struct st_xlat *t;
	const char *dflt;	/* comment of unknown bits, or NULL */
	bool ulong;		/* an unsigned long: all 64 bits, not an int's */
} named_flags[] = {
	{ "wait4", 2, st_wait_opts, "W???", false },
	{ "waitid", 3, st_wait_opts, "W???", false },
	{ "sendto", 3, st_msg_flags, "MSG_???", false },
	{ "recvfrom", 3, st_msg_flags, "MSG_???", false },
	{ "sendmsg", 2, st_msg_flags, "MSG_???", false },
	{ "recvmsg", 2, st_msg_flags, "MSG_???", false },
	{ "sendmmsg", 3, st_msg_flags, "MSG_???", false },
	{ "recvmmsg", 3, st_msg_flags, "MSG_???", false },
	{ "accept4", 3, st_sock_flags, "SOCK_???", false },
	{ "mremap", 3, st_mremap, "MREMAP_???", true },
	{ "renameat2", 4, st_rename_flags, "RENAME_???", false },
	{ "close_range", 2, st_close_range, "CLOSE_RANGE_???", false },
	{ "statx", 3, st_statx_mask, "STATX_???", false },
	{ "eventfd2", 1, st_efd_flags, "EFD_???", false },
	{ "epoll_create1", 0, st_epoll_create_flags, NULL, false },
	{ "timerfd_create", 1, st_tfd_flags, "TFD_???", false },
	{ "inotify_init1", 0, st_inotify_flags, "IN_???", false },
	{ "flock", 1, st_flock, "LOCK_???", false },
	{ "setxattr", 4, st_xattr_flags, "XATTR_???", false },
	{ "clock_nanosleep", 1, st_timer_flags, "TIMER_???", false },
	{ "timer_settime", 1, st_timer_flags, "TIMER_???", false },
	{ "timerfd_settime", 1, st_tfd_flags, "TFD_???", false },
	{ "mlockall", 0, st_mlockall, "MCL_???", false },
	{ "msync", 2, st_ms_flags, "MS_???", false },
	{ "pidfd_open", 1, st_pidfd_flags, "PIDFD_???", false },
	{ "fanotify_mark", 1, st_fan_mark_flags, "FAN_MARK_???", false },
	{ "delete_module", 1, st_delete_module_flags, "O_???", false },
	{ "finit_module", 2, st_module_init_flags, "MODULE_INIT_???", false },
	{ "memfd_secret", 0, st_memfd_secret_flags, NULL, false },
	{ "open_tree", 2, st_open_tree_flags, "OPEN_TREE_???", false },
	{ "move_mount", 4, st_move_mount_flags, "MOVE_MOUNT_???", false },
	{ "fsopen", 1, st_fsopen_flags, "FSOPEN_???", false },
	{ "fsmount", 1, st_fsmount_flags, "FSMOUNT_???", false },
	{ "fsmount", 2, st_mount_attr_flags, "MOUNT_ATTR_???", false },
	{ "fspick", 2, st_fspick_flags, "FSPICK_???", false },
	{ "landlock_create_ruleset", 2, st_landlock_create_flags, "LANDLOCK_CREATE_RULESET_???", false },
	{ "landlock_add_rule", 3, st_no_names, NULL, false },
	{ "landlock_restrict_self", 1, st_no_names, NULL, false },
	{ "process_mrelease", 1, st_no_names, NULL, false },
	{ "umount2", 1, st_umount_flags, "MNT_???", false },
	{ "fanotify_mark", 2, st_fan_event_flags, "FAN_???", true },
	{ "mlock2", 2, st_mlock2, "MLOCK_???", false },
	{ "pidfd_send_signal", 3, st_no_names, NULL, false },
	{ "process_madvise", 4, st_no_names, NULL, false },
	{ "mount_setattr", 2, st_mount_setattr_flags, "AT_???", false },
	{ "mbind", 5, st_mbind_flags, "MPOL_???", false },
	{ "get_mempolicy", 4, st_get_mempolicy_flags, "MPOL_???", true },
	{ "pkey_alloc", 1, st_pkey_rights, "PKEY_???", true },
	{ "sync_file_range", 3, st_sync_file_range, "SYNC_FILE_RANGE_???", false },
	{ "setns", 1, st_setns_types, "CLONE_NEW???", false },
	{ "unshare", 0, st_unshare_flags, "CLONE_???", true },
	{ "userfaultfd", 0, st_uffd_flags, "UFFD_???", false },
	{ "inotify_add_watch", 2, st_inotify_mask, "IN_???", false },
	{ "splice", 5, st_splice_flags, "SPLICE_F_???", false },
	{ "tee", 3, st_splice_flags, "SPLICE_F_???", false },
	{ "vmsplice", 3, st_splice_flags, "SPLICE_F_???", false },
	{ "signalfd4", 3, st_sfd_flags, "SFD_???", false },
	{ "shmat", 2, st_shmat_flags, "SHM_???", false },
	{ "msgsnd", 3, st_msg_ipc_flags, "MSG_???", false },
	{ "msgrcv", 4, st_msg_ipc_flags, "MSG_???", false },
	{ "fallocate", 1, st_falloc_flags, "FALLOC_FL_???", false },
	{ "lsetxattr", 4, st_xattr_flags, "XATTR_???", false },
	{ "fsetxattr", 4, st_xattr_flags, "XATTR_???", false },
	/* Flags no value has a name for yet: an unsigned int in hex. */
	{ "pidfd_getfd", 2, st_no_names, NULL, false },
};

/*
 * A string of which the program read n bytes at most, as strace reads
 * it (record 0: the first n - 1, record 1: the last byte): up to its
 * NUL; or, without one, its first shown characters and "..."; its
 * address if the bytes before a NUL could not all be read.
 */
static void exact_str(struct buf *b, const struct st_call *c,
		      const struct st_dopts *o, int i, char l, uint64_t v, int n,
		      int shown)
{
	const struct st_cap *k = cap_li(c, i, l, 0), *last = cap_li(c, i, l, 1);
	size_t len;
	unsigned char *str;

	if (!v) {
		buf_printf(b, "NULL");
		return;
	}
	if (!k) {
		ptr(b, v);
		return;
	}
	len = strnlen((const char *)k->data, k->len < (size_t)n - 1 ? k->len : (size_t)n - 1);
	if (len < (size_t)n - 1) {
		st_quote(b, k->data, len, false, o->xstyle);
		return;
	}
	if (!last || !last->len) {
		ptr(b, v);
		return;
	}
	str = xmalloc(n);
	memcpy(str, k->data, n - 1);
	str[n - 1] = last->data[0];
	if (!str[n - 1])
		st_quote(b, str, n - 1, false, o->xstyle);
	else
		st_quote(b, str, shown, true, o->xstyle);
	free(str);
}

/*
 * memfd_create's flags: names (abbreviated in every style), then the
 * huge page size as N<<MFD_HUGE_SHIFT, as strace.
 */
static void memfd_flags(struct buf *b, uint32_t v)
{
	enum st_cstyle st = st_xlat_get_style();
	uint32_t mask = MFD_HUGE_MASK << MFD_HUGE_SHIFT, huge = v & mask;

	if (!v || st != ST_C_ABBREV)
		buf_printf(b, "%#x", v);
	if (!v || st == ST_C_RAW)
		return;
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* ");
	v &= ~mask;
	st_xlat_style(ST_C_ABBREV);
	if (v || !huge)
		st_xlat_flags_dflt(b, st_memfd_flags, v, "0", "MFD_???");
	st_xlat_style(st);
	if (huge)
		buf_printf(b, "%s%u<<MFD_HUGE_SHIFT", v ? "|" : "", huge >> MFD_HUGE_SHIFT);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " */");
}

/* Values named per call where the signature says plain 'd'. */
static const struct {
	const char *call;
	int arg;
	const struct st_xlat *t;
	const char *dflt;
} named_enums[] = {
	{ "fadvise64", 3, st_fadvise, "POSIX_FADV_???" },
	{ "epoll_ctl", 1, st_epoll_ctl, "EPOLL_CTL_???" },
	{ "landlock_add_rule", 1, st_landlock_rule_types, "LANDLOCK_RULE_???" },
	{ "seccomp", 0, st_seccomp_ops, "SECCOMP_SET_MODE_???" },
	{ "getitimer", 0, st_itimer, "ITIMER_???" },
	{ "setitimer", 0, st_itimer, "ITIMER_???" },
	{ "getrusage", 0, st_rusage_who, "RUSAGE_???" },
	{ "waitid", 0, st_idtype, "P_???" },
	{ "sched_get_priority_max", 0, st_sched_policy, "SCHED_???" },
	{ "sched_get_priority_min", 0, st_sched_policy, "SCHED_???" },
	{ "sched_setscheduler", 1, st_sched_policy, "SCHED_???" },
	{ "ioprio_get", 0, st_ioprio_who, "IOPRIO_WHO_???" },
	{ "ioprio_set", 0, st_ioprio_who, "IOPRIO_WHO_???" },
	{ "kcmp", 2, st_kcmp_types, "KCMP_???" },
	{ "getpriority", 0, st_prio_which, "PRIO_???" },
	{ "setpriority", 0, st_prio_which, "PRIO_???" },
	{ "shutdown", 1, st_shutdown_how, "SHUT_???" },
};

/* execve's argv (and envp under -v): the strings captured, "..." past. */
static void str_array(struct buf *b, const struct st_call *c, int i,
		      uint64_t v, const struct st_dopts *o)
{
	const struct st_cap *k;
	int e;

	if (!v) {
		buf_printf(b, "NULL");
		return;
	}
	/* Not one pointer could be read: the array's address. */
	k = cap_li(c, i, 'E', 0);
	if (k && k->cut) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "[");
	for (e = 0; (k = cap_li(c, i, 'E', e)); e++) {
		if (e)
			buf_printf(b, ", ");
		/* The slot past the last shown only says more follow. */
		if (e == o->argv_max) {
			buf_printf(b, "...");
			break;
		}
		/* Pointers past what could be read: where, as strace. */
		if (k->cut) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)k->n);
			break;
		}
		if (k->unread)
			ptr(b, k->n);
		else
			cstr(b, k, 1, o->strsize, o->xstyle);
	}
	buf_printf(b, "]");
}

/* -v: getdents64's entries, each struct linux_dirent64. */
/*
 * Directory entries, as -v shows them: struct linux_dirent64, or with
 * old, getdents' struct linux_dirent (the name at 18, the type in the
 * record's last byte, shown after the name).
 */
static void dents_list(struct buf *b, const unsigned char *p, size_t len,
		       const struct st_dopts *o, bool old)
{
	static const char *const types[] = {
		[DT_UNKNOWN] = "DT_UNKNOWN", [DT_FIFO] = "DT_FIFO",
		[DT_CHR] = "DT_CHR", [DT_DIR] = "DT_DIR", [DT_BLK] = "DT_BLK",
		[DT_REG] = "DT_REG", [DT_LNK] = "DT_LNK", [DT_SOCK] = "DT_SOCK",
		[DT_WHT] = "DT_WHT",
	};
	size_t off = 0, at = old ? 18 : 19;
	uint16_t reclen;

	buf_printf(b, "[");
	while (off + 19 <= len) {
		const unsigned char *name = p + off + at;
		unsigned type;

		memcpy(&reclen, p + off + 16, 2);
		if (reclen < 19 || off + reclen > len)
			break;
		type = old ? p[off + reclen - 1] : p[off + 18];
		buf_printf(b, "%s{d_ino=%llu, d_off=%lld, d_reclen=%u, ",
			   off ? ", " : "", (unsigned long long)rd(p, len, off, 8),
			   (long long)rd(p, len, off + 8, 8), reclen);
		if (old) {
			buf_printf(b, "d_name=");
			st_quote(b, name, strnlen((const char *)name, reclen - at), false, o->xstyle);
			buf_printf(b, ", ");
		}
		buf_printf(b, "d_type=");
		if (type < ARRAY_SIZE(types) && types[type])
			buf_printf(b, "%s", types[type]);
		else
			buf_printf(b, "%#x /* DT_??? */", type);
		if (!old) {
			buf_printf(b, ", d_name=");
			st_quote(b, name, strnlen((const char *)name, reclen - at), false, o->xstyle);
		}
		buf_printf(b, "}");
		off += reclen;
	}
	buf_printf(b, "]");
}

/*
 * Structs a letter reads, printed when the call has filled them (when:
 * at entry, or after a return of 0, of 0 or more, of more than 0); their
 * address otherwise, as strace.
 */
static const struct {
	char letter;
	enum { ST_AT_ENTRY, ST_RET_ZERO, ST_RET_NONNEG, ST_RET_POS } when;
	void (*put)(struct buf *b, const struct st_cap *k);
} structs[] = {
	{ 't', ST_AT_ENTRY, timespec }, { '[', ST_AT_ENTRY, itimerval },
	{ ']', ST_RET_ZERO, itimerval }, { '<', ST_AT_ENTRY, stack_t_ },
	{ '>', ST_RET_ZERO, stack_t_ }, { '_', ST_RET_POS, cpu_mask },
	{ '4', ST_RET_ZERO, statfs_struct },
	{ '\'', ST_RET_NONNEG, timex_struct }, { '5', ST_RET_ZERO, sysinfo_struct },
	{ ST_L_ITS, ST_AT_ENTRY, itimerspec }, { ST_L_ITS_OUT, ST_RET_ZERO, itimerspec },
	{ ST_L_SIGEV, ST_AT_ENTRY, sigevent_struct }, { ST_L_INT_OUT, ST_RET_NONNEG, int_ref },
	{ ST_L_MQATTR_X, ST_AT_ENTRY, mq_attr_hex }, { ST_L_MQATTR, ST_AT_ENTRY, mq_attr_named },
	{ ST_L_MQATTR_OUT, ST_RET_ZERO, mq_attr_named },
	{ ST_L_INT_IN, ST_AT_ENTRY, int_ref }, { ST_L_TIME_OUT, ST_RET_NONNEG, time_ref },
	{ ST_L_TV_IN, ST_AT_ENTRY, timeval }, { ST_L_TV_OUT, ST_RET_ZERO, timeval },
	{ ST_L_TZ_IN, ST_AT_ENTRY, timezone_ }, { ST_L_TZ_OUT, ST_RET_ZERO, timezone_ },
	{ ST_L_PTR_OUT, ST_RET_ZERO, ptr_ref8 }, { ST_L_ULONG_OUT, ST_RET_ZERO, ulong_ref },
	{ ST_L_LOFF_IN, ST_AT_ENTRY, loff_ref },
};

static bool struct_arg(struct buf *b, const struct st_call *c, char l,
		       uint64_t v, const struct st_cap *k)
{
	size_t j;
	bool filled;

	for (j = 0; j < ARRAY_SIZE(structs); j++) {
		if (structs[j].letter != l)
			continue;
		filled = k && v && (structs[j].when == ST_AT_ENTRY ||
				    (structs[j].when == ST_RET_ZERO && c->ret == 0) ||
				    (structs[j].when == ST_RET_NONNEG && c->ret >= 0) ||
				    (structs[j].when == ST_RET_POS && c->ret > 0));
		if (filled)
			structs[j].put(b, k);
		else
			ptr(b, v);
		return true;
	}
	return false;
}

/* Arguments that are uid_t or gid_t: unsigned, but -1 as -1. */
static bool id_arg(const char *call, int i)
{
	static const struct { const char *call; unsigned args; } ids[] = {
		{ "chown", 6 }, { "fchown", 6 }, { "lchown", 6 }, { "fchownat", 12 },
		{ "setuid", 1 }, { "setgid", 1 }, { "setfsuid", 1 }, { "setfsgid", 1 },
		{ "setreuid", 3 }, { "setregid", 3 }, { "setresuid", 7 },
		{ "setresgid", 7 },
	};
	size_t j;

	for (j = 0; j < ARRAY_SIZE(ids); j++)
		if (!strcmp(ids[j].call, call))
			return ids[j].args >> i & 1;
	return false;
}

/* A capture that found nothing: none, or only zero bytes. */
/* A clock_t, with its seconds in a comment when not 0 (not under -X raw), as strace. */
static void clock_ticks(struct buf *b, uint64_t t)
{
	long hz = sysconf(_SC_CLK_TCK);

	buf_printf(b, "%llu", (unsigned long long)t);
	if (st_xlat_get_style() == ST_C_RAW)
		return;
	if (t && hz == 100)
		buf_printf(b, " /* %llu.%02llu s */", (unsigned long long)t / 100,
			   (unsigned long long)t % 100);
	else if (t && hz > 0)
		buf_printf(b, " /* %.2f s */", (double)t / hz);
}

/*
 * arch_prctl's second argument: the base ARCH_GET_FS/GS write ([base]),
 * the XSAVE features ARCH_GET_XCOMP_* write ([mask], read even when the
 * call failed, as strace), the feature ARCH_REQ_XCOMP_* asks for; hex
 * for the others.  The features always with their names in a comment
 * (none under -X raw).
 */
/* linux/sched.h's, which glibc's <sched.h> lacks and collides with. */
#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif

/*
 * clone3's struct clone_args as strace prints it: the fields the flags
 * use, exit_signal as a signal, set_tid's tids, cgroup, the bytes past
 * the struct; at exit " => {pidfd=[N], parent_tid=[N]}" where the call
 * wrote them.  The address if size is below the first version's.
 */
static void clone3_args(struct buf *b, const struct st_call *c,
			const struct st_dopts *o, uint64_t v)
{
	const struct st_cap *k = cap_li(c, 0, '3', 0), *tids = cap_li(c, 0, '3', 2);
	uint64_t size = c->args[1], fetch = size < ST_CLONE_ARGS_SIZE ? size : ST_CLONE_ARGS_SIZE;
	uint64_t fl, sig, set_tid, nset, cgroup;
	const char *sep = " => {";
	uint64_t j;

	if (!v || fetch < ST_CLONE_ARGS_VER0 || !k || k->len < fetch) {
		ptr(b, v);
		return;
	}
	fl = rd(k->data, k->len, 0, 8);
	sig = rd(k->data, k->len, 32, 8);
	set_tid = rd(k->data, k->len, 64, 8);
	nset = rd(k->data, k->len, 72, 8);
	cgroup = rd(k->data, k->len, 80, 8);
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, st_clone_flags, fl, "0", "CLONE_???");
	if (fl & CLONE_PIDFD) {
		buf_printf(b, ", pidfd=");
		ptr(b, rd(k->data, k->len, 8, 8));
	}
	if (fl & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		buf_printf(b, ", child_tid=");
		ptr(b, rd(k->data, k->len, 16, 8));
	}
	if (fl & CLONE_PARENT_SETTID) {
		buf_printf(b, ", parent_tid=");
		ptr(b, rd(k->data, k->len, 24, 8));
	}
	buf_printf(b, ", exit_signal=");
	if (sig < INT_MAX)
		st_sig(b, (int)sig);
	else
		buf_printf(b, "%llu", (unsigned long long)sig);
	buf_printf(b, ", stack=");
	ptr(b, rd(k->data, k->len, 40, 8));
	buf_printf(b, ", stack_size=%#llx", (unsigned long long)rd(k->data, k->len, 48, 8));
	if (fl & CLONE_SETTLS) {
		buf_printf(b, ", tls=");
		ptr(b, rd(k->data, k->len, 56, 8));
	}
	if (set_tid || nset) {
		buf_printf(b, ", set_tid=");
		if (!set_tid || !nset || nset > 32 || !tids || tids->len < 4 * nset) {
			ptr(b, set_tid);
		} else {
			buf_printf(b, "[");
			for (j = 0; j < nset; j++) {
				if (j && j == (uint64_t)o->strsize && !o->verbose) {
					buf_printf(b, ", ...");
					break;
				}
				buf_printf(b, "%s%d", j ? ", " : "", (int)rd(tids->data, tids->len, 4 * j, 4));
			}
			buf_printf(b, "]");
		}
		buf_printf(b, ", set_tid_size=%llu", (unsigned long long)nset);
	}
	if (fetch > 80 && (cgroup || (fl & CLONE_INTO_CGROUP)))
		buf_printf(b, ", cgroup=%llu", (unsigned long long)cgroup);
	if (size > fetch)
		nonzero_tail(b, cap_li(c, 0, '3', 1), fetch, size < 4096 ? size : 4096,
			     o->strsize, ", ");
	buf_printf(b, "}");
	if (st_call_failed(c) || !(fl & (CLONE_PIDFD | CLONE_PARENT_SETTID) || size > fetch))
		return;
	/* What the call wrote, read at its exit. */
	if (fl & CLONE_PIDFD) {
		const struct st_cap *x = cap_li(c, 0, ST_L_CLONE3_OUT, 0);

		buf_printf(b, "%spidfd=", sep);
		sep = ", ";
		if (x && x->len >= 4) {
			buf_printf(b, "[");
			st_decode_fd(b, c->tid, (int)rd(x->data, x->len, 0, 4), o, NULL);
			buf_printf(b, "]");
		} else {
			ptr(b, rd(k->data, k->len, 8, 8));
		}
	}
	if (fl & CLONE_PARENT_SETTID) {
		const struct st_cap *x = cap_li(c, 0, ST_L_CLONE3_OUT, 1);

		buf_printf(b, "%sparent_tid=", sep);
		sep = ", ";
		if (x && x->len >= 4)
			buf_printf(b, "[%d]", (int)rd(x->data, x->len, 0, 4));
		else
			ptr(b, rd(k->data, k->len, 24, 8));
	}
	/* The bytes past the struct, again: the call may have written them. */
	if (size > fetch && nonzero_tail(b, cap_li(c, 0, '3', 1), fetch,
					 size < 4096 ? size : 4096, o->strsize, sep))
		sep = ", ";
	if (sep[0] == ',')
		buf_printf(b, "}");
}

/* A uid or gid: -1 as -1, as strace. */
static void id_val(struct buf *b, uint32_t id)
{
	if (id == (uint32_t)-1)
		buf_printf(b, "-1");
	else
		buf_printf(b, "%u", id);
}

#define IPC_FIELD(st, f) offsetof(struct st, f), sizeof(((struct st *)0)->f)

/* Fields of a struct read from k: name, offset, size, signed. */
struct ipc_field {
	const char *name;
	size_t off, size;
	bool sgn;
};

static void ipc_fields(struct buf *b, const struct st_cap *k,
		       const struct ipc_field *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t v = rd(k->data, k->len, f[i].off, f[i].size);

		buf_printf(b, ", %s=", f[i].name);
		if (f[i].sgn && f[i].size == 4)
			buf_printf(b, "%d", (int)v);
		else if (f[i].sgn)
			buf_printf(b, "%lld", (long long)v);
		else
			buf_printf(b, "%llu", (unsigned long long)v);
	}
}

/* struct ipc_perm at off: IPC_SET sets uid, gid and mode only. */
static void ipc_perm(struct buf *b, const struct st_cap *k, size_t off, bool set)
{
	const unsigned char *p = k->data;
	size_t n = k->len;

	buf_printf(b, "{uid=");
	id_val(b, rd(p, n, off + offsetof(struct ipc_perm, uid), 4));
	buf_printf(b, ", gid=");
	id_val(b, rd(p, n, off + offsetof(struct ipc_perm, gid), 4));
	buf_printf(b, ", mode=%#03llo", (unsigned long long)rd(p, n, off + offsetof(struct ipc_perm, mode),
							    sizeof(((struct ipc_perm *)0)->mode)));
	if (!set) {
		buf_printf(b, ", key=%u", (unsigned)rd(p, n, off + offsetof(struct ipc_perm, __key), 4));
		buf_printf(b, ", cuid=");
		id_val(b, rd(p, n, off + offsetof(struct ipc_perm, cuid), 4));
		buf_printf(b, ", cgid=");
		id_val(b, rd(p, n, off + offsetof(struct ipc_perm, cgid), 4));
	}
	buf_printf(b, "}");
}

/*
 * The buffer of msgctl, shmctl and semctl by command, as strace prints
 * it: the *id_ds an IPC_SET sets (its permissions and what else it
 * changes) or a STAT fills, the *info an INFO fills; the address for
 * the other commands, or when the call failed (semctl's STAT structs
 * are printed all the same, as strace reads them).
 */
static void ipc_buf(struct buf *b, const struct st_call *c, int i, uint64_t v,
		    const struct st_cap *k)
{
	static const struct ipc_field msq[] = {
		{ "msg_stime", IPC_FIELD(msqid_ds, msg_stime), false },
		{ "msg_rtime", IPC_FIELD(msqid_ds, msg_rtime), false },
		{ "msg_ctime", IPC_FIELD(msqid_ds, msg_ctime), false },
		{ "msg_qnum", IPC_FIELD(msqid_ds, msg_qnum), false },
	}, msq_tail[] = {
		{ "msg_lspid", IPC_FIELD(msqid_ds, msg_lspid), true },
		{ "msg_lrpid", IPC_FIELD(msqid_ds, msg_lrpid), true },
	}, msginfo[] = {
		{ "msgpool", IPC_FIELD(msginfo, msgpool), true },
		{ "msgmap", IPC_FIELD(msginfo, msgmap), true },
		{ "msgmax", IPC_FIELD(msginfo, msgmax), true },
		{ "msgmnb", IPC_FIELD(msginfo, msgmnb), true },
		{ "msgmni", IPC_FIELD(msginfo, msgmni), true },
		{ "msgssz", IPC_FIELD(msginfo, msgssz), true },
		{ "msgtql", IPC_FIELD(msginfo, msgtql), true },
		{ "msgseg", IPC_FIELD(msginfo, msgseg), false },
	}, shm[] = {
		{ "shm_segsz", IPC_FIELD(shmid_ds, shm_segsz), false },
		{ "shm_cpid", IPC_FIELD(shmid_ds, shm_cpid), true },
		{ "shm_lpid", IPC_FIELD(shmid_ds, shm_lpid), true },
		{ "shm_nattch", IPC_FIELD(shmid_ds, shm_nattch), false },
		{ "shm_atime", IPC_FIELD(shmid_ds, shm_atime), false },
		{ "shm_dtime", IPC_FIELD(shmid_ds, shm_dtime), false },
		{ "shm_ctime", IPC_FIELD(shmid_ds, shm_ctime), false },
	}, shminfo[] = {
		{ "shmmax", IPC_FIELD(shminfo, shmmax), false },
		{ "shmmin", IPC_FIELD(shminfo, shmmin), false },
		{ "shmmni", IPC_FIELD(shminfo, shmmni), false },
		{ "shmseg", IPC_FIELD(shminfo, shmseg), false },
		{ "shmall", IPC_FIELD(shminfo, shmall), false },
	}, shm_info[] = {
		{ "used_ids", IPC_FIELD(shm_info, used_ids), true },
		{ "shm_tot", IPC_FIELD(shm_info, shm_tot), false },
		{ "shm_rss", IPC_FIELD(shm_info, shm_rss), false },
		{ "shm_swp", IPC_FIELD(shm_info, shm_swp), false },
		{ "swap_attempts", IPC_FIELD(shm_info, swap_attempts), false },
		{ "swap_successes", IPC_FIELD(shm_info, swap_successes), false },
	}, sem[] = {
		{ "sem_otime", IPC_FIELD(semid_ds, sem_otime), false },
		{ "sem_ctime", IPC_FIELD(semid_ds, sem_ctime), false },
		{ "sem_nsems", IPC_FIELD(semid_ds, sem_nsems), false },
	}, seminfo[] = {
		{ "semmap", IPC_FIELD(seminfo, semmap), true },
		{ "semmni", IPC_FIELD(seminfo, semmni), true },
		{ "semmns", IPC_FIELD(seminfo, semmns), true },
		{ "semmnu", IPC_FIELD(seminfo, semmnu), true },
		{ "semmsl", IPC_FIELD(seminfo, semmsl), true },
		{ "semopm", IPC_FIELD(seminfo, semopm), true },
		{ "semume", IPC_FIELD(seminfo, semume), true },
		{ "semusz", IPC_FIELD(seminfo, semusz), true },
		{ "semvmx", IPC_FIELD(seminfo, semvmx), true },
		{ "semaem", IPC_FIELD(seminfo, semaem), true },
	};
	const char *name = c->sys->name;
	unsigned cmd = (unsigned)c->args[i - 1] & ~ST_IPC_64;
	bool set = cmd == IPC_SET, failed = st_call_failed(c);

	if (!v || !k) {
		ptr(b, v);
		return;
	}
	if (!strcmp(name, "msgctl")) {
		if (set || (!failed && (cmd == IPC_STAT || cmd == MSG_STAT || cmd == MSG_STAT_ANY))) {
			buf_printf(b, "{msg_perm=");
			ipc_perm(b, k, offsetof(struct msqid_ds, msg_perm), set);
			if (!set)
				ipc_fields(b, k, msq, ARRAY_SIZE(msq));
			ipc_fields(b, k, &(struct ipc_field){ "msg_qbytes",
				   IPC_FIELD(msqid_ds, msg_qbytes), false }, 1);
			if (!set)
				ipc_fields(b, k, msq_tail, ARRAY_SIZE(msq_tail));
			buf_printf(b, "}");
		} else if (!failed && (cmd == IPC_INFO || cmd == MSG_INFO)) {
			buf_printf(b, "{msgpool=%d", (int)rd(k->data, k->len, 0, 4));
			ipc_fields(b, k, msginfo + 1, ARRAY_SIZE(msginfo) - 1);
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	}
	if (!strcmp(name, "shmctl")) {
		if (set || (!failed && (cmd == IPC_STAT || cmd == SHM_STAT || cmd == SHM_STAT_ANY))) {
			buf_printf(b, "{shm_perm=");
			ipc_perm(b, k, offsetof(struct shmid_ds, shm_perm), set);
			if (!set)
				ipc_fields(b, k, shm, ARRAY_SIZE(shm));
			buf_printf(b, "}");
		} else if (!failed && cmd == IPC_INFO) {
			buf_printf(b, "{shmmax=%llu", (unsigned long long)rd(k->data, k->len, 0, 8));
			ipc_fields(b, k, shminfo + 1, ARRAY_SIZE(shminfo) - 1);
			buf_printf(b, "}");
		} else if (!failed && cmd == SHM_INFO) {
			buf_printf(b, "{used_ids=%d", (int)rd(k->data, k->len, 0, 4));
			ipc_fields(b, k, shm_info + 1, ARRAY_SIZE(shm_info) - 1);
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	}
	if (set || cmd == IPC_STAT || cmd == SEM_STAT || cmd == SEM_STAT_ANY) {
		buf_printf(b, "{sem_perm=");
		ipc_perm(b, k, offsetof(struct semid_ds, sem_perm), set);
		if (!set)
			ipc_fields(b, k, sem, ARRAY_SIZE(sem));
		buf_printf(b, "}");
	} else if (!failed && (cmd == IPC_INFO || cmd == SEM_INFO)) {
		buf_printf(b, "{semmap=%d", (int)rd(k->data, k->len, 0, 4));
		ipc_fields(b, k, seminfo + 1, ARRAY_SIZE(seminfo) - 1);
		buf_printf(b, "}");
	} else {
		ptr(b, v);
	}
}

/*
 * mmap's flags as strace prints them: the mapping type (MAP_FILE for
 * none, an unknown one in hex), the flags, the huge page size as
 * N<<MAP_HUGE_SHIFT; names abbreviated in every style, the number first
 * under -X raw and verbose.
 */
static void mmap_flags(struct buf *b, uint64_t v)
{
	enum st_cstyle st = st_xlat_get_style();
	const char *n = v & MAP_TYPE ? st_xlat_name(st_mmap_types, v & MAP_TYPE) : "MAP_FILE";
	uint32_t mask = (uint32_t)HUGETLB_FLAG_ENCODE_MASK << HUGETLB_FLAG_ENCODE_SHIFT;
	uint64_t huge = v & mask, fl = v & ~(uint64_t)MAP_TYPE & ~(uint64_t)mask;

	if (st != ST_C_ABBREV)
		buf_printf(b, "%#llx", (unsigned long long)v);
	if (st == ST_C_RAW)
		return;
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* ");
	if (n)
		buf_printf(b, "%s", n);
	else
		buf_printf(b, "%#llx /* MAP_??? */", (unsigned long long)(v & MAP_TYPE));
	if (fl) {
		buf_printf(b, "|");
		st_xlat_style(ST_C_ABBREV);
		st_xlat_flags(b, st_mmap_flags, fl, "");
		st_xlat_style(st);
	}
	if (huge)
		buf_printf(b, "|%llu<<MAP_HUGE_SHIFT",
			   (unsigned long long)huge >> HUGETLB_FLAG_ENCODE_SHIFT);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " */");
}

/* mount's magic in the flags' upper half (MS_MGC_VAL), which the kernel discards. */
#define ST_MS_MGC_VAL 0xc0ed0000ULL
#define ST_MS_MGC_MSK 0xffff0000ULL
/* The flags that make mount ignore its type (MS_REMOUNT) and data too. */
#define ST_MS_REMOUNT 0x20
#define ST_MS_NO_DATA 0x1e3000	/* MS_BIND|MS_MOVE|MS_UNBINDABLE|MS_PRIVATE|MS_SLAVE|MS_SHARED */

/* mount's flags: the old magic by name, then MS_* flags. */
static void mount_flags(struct buf *b, uint64_t v)
{
	bool magic = (v & ST_MS_MGC_MSK) == ST_MS_MGC_VAL;

	if (magic) {
		v &= ~ST_MS_MGC_MSK;
		st_xlat_val(b, (const struct st_xlat[]){ { ST_MS_MGC_VAL, "MS_MGC_VAL" }, { 0, NULL } },
			    ST_MS_MGC_VAL, NULL);
		if (v)
			buf_printf(b, "|");
	}
	if (v || !magic)
		st_xlat_flags_dflt(b, st_mount_flags, v, "0", "MS_???");
}

/* Whether mount ignores its argument i (2: the type, 4: the data). */
static bool mount_ignores(const struct st_call *c, int i)
{
	uint64_t fl = c->args[3];

	if ((fl & ST_MS_MGC_MSK) == ST_MS_MGC_VAL)
		fl &= ~ST_MS_MGC_MSK;
	if (fl & ST_MS_REMOUNT)
		return i == 2;
	return (fl & ST_MS_NO_DATA) != 0;
}

/* A personality: its type (PER_MASK's bits) and its flags, each in the -X style. */
static void personality(struct buf *b, unsigned v)
{
	st_xlat_val(b, st_personality_types, v & PER_MASK, "PER_???");
	if (v & ~PER_MASK) {
		buf_printf(b, "|");
		st_xlat_flags_dflt(b, st_personality_flags, v & ~PER_MASK, "0", NULL);
	}
}

static void arch_prctl_arg(struct buf *b, const struct st_call *c, uint64_t v,
			   const struct st_cap *k)
{
	enum st_cstyle st = st_xlat_get_style();

	switch ((unsigned)c->args[0]) {
	case ARCH_GET_FS: case ARCH_GET_GS:
		if (k && k->len >= 8 && !st_call_failed(c))
			ptr_ref(b, rd(k->data, k->len, 0, 8));
		else
			ptr(b, v);
		return;
	case ARCH_GET_XCOMP_SUPP: case ARCH_GET_XCOMP_PERM:
	case ARCH_GET_XCOMP_GUEST_PERM:
		if (!v || !k || k->len < 8) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "[");
		st_xlat_style(st == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
		st_xlat_flags_dflt(b, st_x86_xfeatures, rd(k->data, k->len, 0, 8), "0",
				   "XFEATURE_MASK_???");
		st_xlat_style(st);
		buf_printf(b, "]");
		return;
	case ARCH_REQ_XCOMP_PERM: case ARCH_REQ_XCOMP_GUEST_PERM:
		st_xlat_style(st == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
		st_xlat_val(b, st_x86_xfeature_bits, v, "XFEATURE_???");
		st_xlat_style(st);
		return;
	}
	buf_printf(b, "%#llx", (unsigned long long)v);
}

/* swapon's priority bits (SWAP_FLAG_PRIO_MASK of <sys/swap.h>). */
#define SWAP_PRIO_MASK 0x7fffU

/*
 * A sigset argument is shown when the size that follows it (the next
 * 'u' of the signature) is the kernel's 8 bytes, as strace checks it;
 * rt_sigpending() takes any size from 1 to 8.
 */
static bool sigset_size_ok(const struct st_call *c, int i)
{
	const char *sig = c->sys->sig, *u = strchr(sig + i + 1, 'u');
	uint64_t n;

	if (!u || u - sig > 5)
		return true;
	n = c->args[u - sig];
	if (!strcmp(c->sys->name, "rt_sigpending"))
		return n >= 1 && n <= 8;
	return n == 8;
}

/* The kernel's XATTR_SIZE_MAX and __NEW_UTS_LEN. */
#define ST_XATTR_SIZE_MAX 65536
#define ST_UTS_LEN 64

/* Whether any of the n bytes at p is not zero. */
static bool memchr_nonzero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return true;
	return false;
}

size_t st_tracee_read(int tid, uint64_t a, unsigned char *out, size_t n, bool to_nul)
{
	size_t got = 0;

	while (got < n) {
		size_t want = 4096 - ((a + got) & 4095);
		struct iovec loc, rem;
		ssize_t r;

		if (want > n - got)
			want = n - got;
		loc.iov_base = out + got;
		loc.iov_len = want;
		rem.iov_base = (void *)(uintptr_t)(a + got);
		rem.iov_len = want;
		r = process_vm_readv(tid, &loc, 1, &rem, 1, 0);
		if (r <= 0)
			break;
		if (to_nul && memchr(out + got, 0, (size_t)r))
			return got + (size_t)r;
		got += (size_t)r;
	}
	return got;
}

/* struct udev_monitor_netlink_header's size: strace's own copy of udev's. */
#define UDEV_HDR 40

/*
 * A NETLINK_KOBJECT_UEVENT buffer of len bytes at addr (k: its record)
 * that a udev monitor's header leads (prefix "libudev"): the header and
 * the properties after it as a string.  False for any other buffer, or
 * a failed recvfrom's, which print as strings.
 */
static bool udev_buf(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		     const struct st_cap *k, uint64_t addr, uint64_t len)
{
	unsigned char h[UDEV_HDR], *more = NULL;
	size_t have = k ? (k->len < UDEV_HDR ? k->len : UDEV_HDR) : 0, want;
	struct st_cap rest = { 0 };
	int j;

	if ((ST_IS(c, "recvfrom") && st_call_failed(c)) || !addr || len < UDEV_HDR)
		return false;
	if (have)
		memcpy(h, k->data, have);
	if (have < UDEV_HDR)
		have += st_tracee_read(c->tid, addr + have, h + have, UDEV_HDR - have, false);
	if (have < UDEV_HDR || memcmp(h, "libudev", 8))
		return false;
	if (len > UDEV_HDR)
		buf_printf(b, "[");
	buf_printf(b, "{prefix=");
	st_quote(b, h, 7, false, o->xstyle);
	buf_printf(b, ", magic=htonl(%#x), header_size=%u, properties_off=%u, properties_len=%u",
		   ntohl(st_u32(h + 8)), st_u32(h + 12), st_u32(h + 16), st_u32(h + 20));
	for (j = 0; j < 4; j++)
		buf_printf(b, ", %s=htonl(%#x)", (const char *[]){ "filter_subsystem_hash",
			   "filter_devtype_hash", "filter_tag_bloom_hi", "filter_tag_bloom_lo" }[j],
			   ntohl(st_u32(h + 24 + 4 * j)));
	buf_printf(b, "}");
	if (len <= UDEV_HDR)
		return true;
	/* The properties: what the record holds past the header, or the process's memory. */
	want = len - UDEV_HDR < (uint64_t)o->strsize + 1 ? (size_t)(len - UDEV_HDR) : (size_t)o->strsize + 1;
	more = xmalloc(want);
	rest.data = more;
	if (k && k->len > UDEV_HDR)
		rest.len = k->len - UDEV_HDR < want ? k->len - UDEV_HDR : want;
	memcpy(more, k && rest.len ? k->data + UDEV_HDR : more, rest.len);
	if (rest.len < want)
		rest.len += st_tracee_read(c->tid, addr + UDEV_HDR + rest.len, more + rest.len,
					   want - rest.len, false);
	rest.cut = true;
	buf_printf(b, ", ");
	bytes(b, &rest, addr + UDEV_HDR, len - UDEV_HDR, o->strsize, o->xstyle);
	buf_printf(b, "]");
	free(more);
	return true;
}

/*
 * sendto's and recvfrom's buffer of len bytes on a netlink socket: its
 * messages, as strace decodes them.  False for another socket.
 */
static bool netlink_buf(struct buf *b, const struct st_call *c,
			const struct st_dopts *o, int i, const struct st_cap *k,
			uint64_t len)
{
	int proto;

	if (!ST_IS(c, "sendto") && !ST_IS(c, "recvfrom"))
		return false;
	proto = netlink_proto(c, o);
	if (proto < 0)
		return false;
	/* -e verbose=none: a string, as strace. */
	if (o->noderef)
		return false;
	/* Not netlink messages: udev's header, or a string. */
	if (proto == NETLINK_KOBJECT_UEVENT)
		return udev_buf(b, c, o, k, c->args[i], len);
	netlink_at(b, c, o, proto, k, c->args[i], len);
	return true;
}

static const struct st_xlat mpol_modes[] = {
	{ MPOL_DEFAULT, "MPOL_DEFAULT" }, { MPOL_PREFERRED, "MPOL_PREFERRED" },
	{ MPOL_BIND, "MPOL_BIND" }, { MPOL_INTERLEAVE, "MPOL_INTERLEAVE" },
	{ MPOL_LOCAL, "MPOL_LOCAL" }, { MPOL_PREFERRED_MANY, "MPOL_PREFERRED_MANY" },
	{ 0, NULL },
};

static const struct st_xlat mpol_mode_flags[] = {
	{ MPOL_F_STATIC_NODES, "MPOL_F_STATIC_NODES" },
	{ MPOL_F_RELATIVE_NODES, "MPOL_F_RELATIVE_NODES" },
	{ MPOL_F_NUMA_BALANCING, "MPOL_F_NUMA_BALANCING" }, { 0, NULL },
};

/* A memory policy mode and its flags, as strace prints one. */
static void mpol_mode(struct buf *b, uint64_t v)
{
	uint64_t fl = v & (MPOL_F_STATIC_NODES | MPOL_F_RELATIVE_NODES | MPOL_F_NUMA_BALANCING);
	const char *mode = st_xlat_name(mpol_modes, v & ~fl);
	enum st_cstyle style = st_xlat_get_style();

	if (!fl) {
		st_xlat_val(b, mpol_modes, v, "MPOL_???");
		return;
	}
	if (!mode) {
		st_xlat_flags_dflt(b, mpol_mode_flags, v, "0", "MPOL_???");
		return;
	}
	if (style != ST_C_ABBREV)
		buf_printf(b, "%#llx", (unsigned long long)v);
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* %s|" : "%s|", mode);
	st_xlat_style(ST_C_ABBREV);
	st_xlat_flags(b, mpol_mode_flags, fl, "0");
	st_xlat_style(style);
	if (style == ST_C_VERBOSE)
		buf_printf(b, " */");
}

/*
 * A node mask of maxnode - 1 bits at v, unsigned longs, -s of them at
 * most, up to the first that cannot be read, as strace prints one.
 */
static void nodemask(struct buf *b, const struct st_cap *k, uint64_t v,
		     uint64_t maxnode, int max)
{
	uint64_t n = (maxnode + 62) / 64, j;

	if (!v) {
		buf_printf(b, "NULL");
		return;
	}
	if (n < maxnode / 64 || (maxnode && !n)) {
		ptr(b, v);
		return;
	}
	if (!n) {
		buf_printf(b, "[]");
		return;
	}
	if (v + 8 * n <= v) {
		ptr(b, v);
		return;
	}
	if (!k || k->len < 8) {
		ptr(b, v);
		return;
	}
	buf_printf(b, "[");
	for (j = 0; j < n; j++) {
		if (j)
			buf_printf(b, ", ");
		if (8 * (j + 1) > k->len) {
			if (k->cut)
				cut_at(b, v + 8 * j);
			else
				buf_printf(b, "...");
			break;
		}
		if ((int)j == max) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "%#0*llx", 16, (unsigned long long)rd(k->data, k->len, 8 * j, 8));
	}
	buf_printf(b, "]");
}

/*
 * mount_setattr's struct mount_attr of the size the next argument says,
 * and past the struct the bytes that are not zero.
 */
static void mount_attr(struct buf *b, const struct st_call *c, const struct st_dopts *o, int i)
{
	const struct st_cap *k = cap_li(c, i, ST_L_IOCTL, 0);
	uint64_t v = c->args[i], size = c->args[i + 1], tail;
	unsigned char p[4096];
	size_t n = k ? (k->len < sizeof(p) ? k->len : sizeof(p)) : 0;
	uint64_t fd;

	if (!v || size < 32 || !k || n < 32) {
		ptr(b, v);
		return;
	}
	memcpy(p, k->data, n);
	buf_printf(b, "{attr_set=");
	st_xlat_flags_dflt(b, st_mount_attr, st_u64(p), "0", "MOUNT_ATTR_???");
	buf_printf(b, ", attr_clr=");
	st_xlat_flags_dflt(b, st_mount_attr, st_u64(p + 8), "0", "MOUNT_ATTR_???");
	buf_printf(b, ", propagation=");
	st_xlat_val(b, st_mount_propagation, st_u64(p + 16), "MS_???");
	fd = st_u64(p + 24);
	buf_printf(b, ", userns_fd=");
	if (fd > INT_MAX || !((st_u64(p) | st_u64(p + 8)) & 0x100000))
		buf_printf(b, "%llu", (unsigned long long)fd);
	else
		st_decode_fd(b, c->tid, (int)fd, o, NULL);
	tail = size < 4096 ? size : 4096;
	if (tail > 32) {
		/* Past what the record holds: from the process while it lasts. */
		if (n < tail && !k->cut)
			n += st_tracee_read(c->tid, v + n, p + n, tail - n, false);
		if (n < tail) {
			buf_printf(b, ", ???");
		} else {
			size_t j;

			for (j = 32; j < tail && !p[j]; j++)
				;
			if (j < tail) {
				buf_printf(b, ", /* bytes 32..%llu */ ", (unsigned long long)tail - 1);
				hex_quote(b, p + 32, tail - 32 < (uint64_t)o->strsize ?
					  tail - 32 : (size_t)o->strsize);
				if (tail - 32 > (uint64_t)o->strsize)
					buf_printf(b, "...");
			}
		}
	}
	buf_printf(b, "}");
}

static const struct st_xlat lock_types[] = {
	{ F_RDLCK, "F_RDLCK" }, { F_WRLCK, "F_WRLCK" }, { F_UNLCK, "F_UNLCK" },
	{ 4, "F_EXLCK" }, { 8, "F_SHLCK" }, { 0, NULL },
};

static const struct st_xlat dn_flags[] = {
	{ DN_ACCESS, "DN_ACCESS" }, { DN_MODIFY, "DN_MODIFY" }, { DN_CREATE, "DN_CREATE" },
	{ DN_DELETE, "DN_DELETE" }, { DN_RENAME, "DN_RENAME" }, { DN_ATTRIB, "DN_ATTRIB" },
	{ DN_MULTISHOT, "DN_MULTISHOT" }, { 0, NULL },
};

static const struct st_xlat seal_flags[] = {
	{ F_SEAL_SEAL, "F_SEAL_SEAL" }, { F_SEAL_SHRINK, "F_SEAL_SHRINK" },
	{ F_SEAL_GROW, "F_SEAL_GROW" }, { F_SEAL_WRITE, "F_SEAL_WRITE" },
	{ F_SEAL_FUTURE_WRITE, "F_SEAL_FUTURE_WRITE" }, { 0, NULL },
};

static const struct st_xlat owner_types[] = {
	{ F_OWNER_TID, "F_OWNER_TID" }, { F_OWNER_PID, "F_OWNER_PID" },
	{ F_OWNER_PGRP, "F_OWNER_PGRP" }, { 0, NULL },
};

/*
 * fcntl's third argument by command: a descriptor, flags, or the struct
 * flock and f_owner_ex it reads at entry or fills by exit (when the call
 * succeeded), as strace shows them.
 */
static void fcntl_arg(struct buf *b, const struct st_call *c, uint64_t v)
{
	unsigned char p[ST_IOCTL_READ];
	int cmd = (int)c->args[1];
	bool get = cmd == F_GETLK || cmd == F_OFD_GETLK || cmd == F_GETOWN_EX;
	size_t n;

	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		buf_printf(b, "%d", (int)v);
		return;
	case F_SETFD:
		st_xlat_flags(b, st_fd_flags, v, "0");
		return;
	case F_SETFL:
		styled(b, "%#llx", v, open_flags);
		return;
	case F_SETOWN:
	case F_SETPIPE_SZ:
		buf_printf(b, "%d", (int)v);
		return;
	case F_NOTIFY:
		st_xlat_flags_dflt(b, dn_flags, v, "0", "DN_???");
		return;
	case F_SETLEASE:
		st_xlat_val(b, lock_types, v, "F_???");
		return;
	case F_ADD_SEALS:
		st_xlat_flags_dflt(b, seal_flags, v, "0", "F_SEAL_???");
		return;
	case F_SETSIG:
		if (v)
			st_sig(b, (int)v);
		else
			buf_printf(b, "0");
		return;
	case F_GETLK: case F_OFD_GETLK: case F_SETLK: case F_SETLKW:
	case F_OFD_SETLK: case F_OFD_SETLKW: case F_GETOWN_EX: case F_SETOWN_EX:
		break;
	default:
		buf_printf(b, "%#llx", (unsigned long long)v);
		return;
	}
	n = st_ioctl_arg_bytes(c, 2, get, p);
	if (!v || (get && st_call_failed(c)) ||
	    n < (cmd == F_GETOWN_EX || cmd == F_SETOWN_EX ? sizeof(struct f_owner_ex) :
		 sizeof(struct flock))) {
		ptr(b, v);
		return;
	}
	if (cmd == F_GETOWN_EX || cmd == F_SETOWN_EX) {
		buf_printf(b, "{type=");
		st_xlat_val(b, owner_types, st_u32(p), "F_OWNER_???");
		buf_printf(b, ", pid=%d}", (int)st_u32(p + 4));
		return;
	}
	buf_printf(b, "{l_type=");
	st_xlat_val(b, lock_types, st_u16(p), "F_???");
	buf_printf(b, ", l_whence=");
	st_xlat_val(b, st_whence, st_u16(p + 2), "SEEK_???");
	buf_printf(b, ", l_start=%lld, l_len=%lld", (long long)st_u64(p + 8),
		   (long long)st_u64(p + 16));
	if (get)
		buf_printf(b, ", l_pid=%d", (int)st_u32(p + 24));
	buf_printf(b, "}");
}

/*
 * Whether an argument of letter l is a struct or an array that -e
 * verbose= leaves as its address: what strace reads with
 * umove_or_printaddr() and print_array(), not strings and buffers, nor
 * the requests whose decoders heed it themselves.
 */
static bool no_deref(const struct st_call *c, char l)
{
	static const char letters[] = {
		'v', 'V', '+', '-', 'A', 'B', 'n', '(', '&', '^', '$', '?', '{', 'E', 'e',
		'0', '3', '_', '6', '.', ',', '|', 'H', ST_L_MMSG, ST_L_MINCORE_OUT, ST_L_CAPHDR, ST_L_CAPDATA, ST_L_CAPDATA_OUT,
		ST_L_CPUMASK_IN, ST_L_GIDS_IN, ST_L_SEMBUF, ST_L_NODEMASK, ST_L_NODEMASK_OUT,
		ST_L_NODEMASK_A1, ST_L_FUTEXV, '1', ST_L_MSGBUF, ST_L_MSGBUF_OUT,
	};
	size_t j;

	/* ioctl's decoders heed it themselves; empty arrays show as []. */
	if (l == '~' || ((l == ST_L_IOCTL || l == ST_L_IOCTL_OUT) && !ST_IS(c, "fcntl")) ||
	    ((l == '^' || l == '6') && c->ret == 0) ||
	    (l == ST_L_GIDS_IN && !(uint32_t)c->args[0]))
		return false;
	/* fcntl's struct flock and f_owner_ex. */
	if (l == ST_L_IOCTL || l == ST_L_IOCTL_OUT)
		switch ((int)c->args[1]) {
		case F_GETLK: case F_SETLK: case F_SETLKW: case F_OFD_GETLK:
		case F_OFD_SETLK: case F_OFD_SETLKW: case F_GETOWN_EX: case F_SETOWN_EX:
			return true;
		default:
			return false;
		}
	if (st_prog_fixed((unsigned char)l))
		return true;
	for (j = 0; j < sizeof(letters); j++)
		if (letters[j] == l)
			return true;
	return false;
}

static void decode_one(struct buf *b, const struct st_call *c,
		       const struct st_dopts *o, int i)
{
	char l = st_sys_arg(c->sys, i);
	uint64_t v = c->args[i];
	const struct st_cap *k = cap_of(c, i, 0);
	const char *name = c->sys ? c->sys->name : "";
	size_t j;

	if (!c->sys) {
		buf_printf(b, "%#llx", (unsigned long long)v);
		return;
	}
	/*
	 * int and unsigned int arguments: the register's upper half is not
	 * the caller's to set, and the kernel ignores it.
	 */
	if (l && strchr("OamshkKLlcizZoybIY89#;`D7", l))
		v = (uint32_t)v;
	/* -e verbose=: strace reads no struct of the call, only strings. */
	if (o->noderef && v && no_deref(c, l)) {
		ptr(b, v);
		return;
	}
	if (l == ST_L_CAPHDR || l == ST_L_CAPDATA || l == ST_L_CAPDATA_OUT) {
		cap_args(b, c, l, v, k);
		return;
	}
	if (l == '0') {
		open_how(b, c, o, i, v, k);
		return;
	}
	/*
	 * epoll_pwait and epoll_pwait2 read their timeout and sigmask at
	 * entry, but strace prints them at exit, where a failed call's
	 * structs are not fetched.
	 */
	if (i >= 3 && v && st_call_failed(c) && st_sys_is_in(l) &&
	    (!strcmp(name, "epoll_pwait") || !strcmp(name, "epoll_pwait2"))) {
		ptr(b, v);
		return;
	}
	if (l == ST_L_INT_OUT && !strcmp(name, "get_mempolicy")) {
		if (k && v && k->len >= 4 && c->ret >= 0) {
			buf_printf(b, "[");
			st_xlat_val(b, mpol_modes, (uint32_t)rd(k->data, k->len, 0, 4), "MPOL_???");
			buf_printf(b, "]");
		} else {
			ptr(b, v);
		}
		return;
	}
	if (l == '1') {
		sched_attr_set(b, c, k, v);
		return;
	}
	if (l == ST_L_SYSCTL) {
		/* struct __sysctl_args: its pointers and lengths. */
		if (!v || !k || k->len < 48 || o->noderef) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "{name=");
		ptr(b, rd(k->data, k->len, 0, 8));
		buf_printf(b, ", nlen=%d, oldval=", (int)rd(k->data, k->len, 8, 4));
		ptr(b, rd(k->data, k->len, 16, 8));
		buf_printf(b, ", oldlenp=");
		ptr(b, rd(k->data, k->len, 24, 8));
		buf_printf(b, ", newval=");
		ptr(b, rd(k->data, k->len, 32, 8));
		buf_printf(b, ", newlen=%llu}", (unsigned long long)rd(k->data, k->len, 40, 8));
		return;
	}
	if (l == '%') {
		sched_attr_get(b, c, k, v);
		return;
	}
	if (l == ST_L_AIO_IOCBS || l == ST_L_IOCB || l == ST_L_IO_EVENT || l == ST_L_IO_EVENTS) {
		st_aio_arg(b, c, o, l, i);
		return;
	}
	if (struct_arg(b, c, l, v, k))
		return;
	switch (l) {
	case ST_L_MPOL_MODE:
		mpol_mode(b, !strcmp(name, "set_mempolicy") ? (uint32_t)v : v);
		return;
	case ST_L_NODEMASK_OUT:
		if (st_call_failed(c) && v) {
			ptr(b, v);
			return;
		}
		/* fall through */
	case ST_L_NODEMASK:
		nodemask(b, k, v, c->args[i + 1], o->argv_max);
		return;
	case ST_L_GIDS_IN:
		/* setgroups' list, as long as argument 0 says. */
		if (!v)
			buf_printf(b, "NULL");
		else if (!(uint32_t)c->args[0])
			buf_printf(b, "[]");
		/* More than NGROUPS_MAX: strace reads none of it. */
		else if (!k || k->len < 4 || (uint32_t)c->args[0] > 65536)
			ptr(b, v);
		else
			gid_array(b, k, (uint32_t)c->args[0], o->strsize, v);
		return;
	case ST_L_NODEMASK_A1:
		nodemask(b, k, v, c->args[1], o->argv_max);
		return;
	case 'd':
		/* syslog's action, and its console level: always with the name. */
		if (!strcmp(name, "syslog") && (i == 0 || (int)c->args[0] == 8)) {
			const char *n = st_xlat_name(i ? st_log_levels : st_syslog_actions, (unsigned)v);

			buf_printf(b, "%d /* %s */", (int)v,
				   n ? n : i ? "LOGLEVEL_???" : "SYSLOG_ACTION_???");
			return;
		}
		/* pidfd_getfd's descriptor is one of the pidfd's process. */
		if (!strcmp(name, "pidfd_getfd") && i == 1 && o->fdpaths) {
			getfd_target(b, c, (int)v, o);
			return;
		}
		/* A key serial: the special keyrings by name. */
		if ((!strcmp(name, "add_key") && i == 4) || (!strcmp(name, "request_key") && i == 3)) {
			st_xlat_enum(b, st_key_spec, (uint64_t)(int64_t)(int)v, "%lld");
			return;
		}
		if (id_arg(name, i)) {
			if ((uint32_t)v == (uint32_t)-1)
				buf_printf(b, "-1");
			else
				buf_printf(b, "%u", (unsigned)v);
			return;
		}
		for (j = 0; j < ARRAY_SIZE(named_enums); j++)
			if (named_enums[j].arg == i &&
			    !strcmp(named_enums[j].call, name)) {
				st_xlat_val(b, named_enums[j].t, (unsigned)v,
					    named_enums[j].dflt);
				return;
			}
		/* loff_t offsets and lengths, not int. */
		if ((!strcmp(name, "fallocate") && i >= 2) ||
		    /* msgrcv's msgtyp is a long. */
		    (!strcmp(name, "msgrcv") && i == 3) ||
		    ((!strcmp(name, "pread64") || !strcmp(name, "pwrite64") ||
		      !strcmp(name, "preadv") || !strcmp(name, "pwritev") ||
		      !strcmp(name, "preadv2") || !strcmp(name, "pwritev2")) && i == 3) ||
		    ((!strcmp(name, "lseek") || !strcmp(name, "truncate") ||
		      !strcmp(name, "ftruncate")) && i == 1) ||
		    (!strcmp(name, "fadvise64") && i == 1) ||
		    (!strcmp(name, "readahead") && i == 1) ||
		    /* AIO's counts are longs. */
		    (!strcmp(name, "io_submit") && i == 1) ||
		    ((!strcmp(name, "io_getevents") || !strcmp(name, "io_pgetevents")) &&
		     (i == 1 || i == 2)) ||
		    (!strcmp(name, "sync_file_range") && (i == 1 || i == 2)))
			buf_printf(b, "%lld", (long long)v);
		else
			buf_printf(b, "%d", (int)v);
		return;
	case 'u':
		buf_printf(b, "%llu", (unsigned long long)v);
		return;
	case '7':
		/* unsigned int: the register's upper half is not the value's. */
		buf_printf(b, "%u", (unsigned)v);
		return;
	case ST_L_FUTEXV:
		futex_waiters(b, k, v, (unsigned)c->args[i + 1]);
		return;
	case ST_L_HEX32:
		buf_printf(b, "%#x", (unsigned)v);
		return;
	case 'x':
		/* kcmp's first index: a descriptor for KCMP_FILE and KCMP_EPOLL_TFD. */
		if (!strcmp(name, "kcmp") &&
		    ((unsigned)c->args[2] == KCMP_FILE ||
		     (unsigned)c->args[2] == KCMP_EPOLL_TFD)) {
			st_decode_fd(b, c->tid, (int)v, o, NULL);
			return;
		}
		if (!strcmp(name, "memfd_create")) {
			memfd_flags(b, (uint32_t)v);
			return;
		}
		if (!strcmp(name, "mount")) {
			mount_flags(b, v);
			return;
		}
		/* swapon: the flags, then the priority they may carry. */
		if (!strcmp(name, "swapon")) {
			if ((uint32_t)v & ~SWAP_PRIO_MASK) {
				st_xlat_flags_dflt(b, st_swap_flags, (uint32_t)v & ~SWAP_PRIO_MASK,
						   "0", "SWAP_FLAG_???");
				buf_printf(b, "|");
			}
			buf_printf(b, "%u", (uint32_t)v & SWAP_PRIO_MASK);
			return;
		}
		/* seccomp's flags: named for SECCOMP_SET_MODE_FILTER only. */
		if (!strcmp(name, "seccomp")) {
			if ((uint32_t)c->args[0] == SECCOMP_SET_MODE_FILTER)
				st_xlat_flags_dflt(b, st_seccomp_filter_flags, (uint32_t)v, "0",
						   "SECCOMP_FILTER_FLAG_???");
			else
				buf_printf(b, "%#x", (uint32_t)v);
			return;
		}
		if (!strcmp(name, "reboot")) {
			st_xlat_val(b, i == 0 ? st_reboot_magic1 : i == 1 ? st_reboot_magic2 :
				    st_reboot_cmds, (uint32_t)v,
				    i == 2 ? "LINUX_REBOOT_CMD_???" : "LINUX_REBOOT_MAGIC_???");
			return;
		}
		/* fanotify_init's class, then its flags. */
		if (!strcmp(name, "fanotify_init")) {
			st_xlat_val(b, st_fan_classes, (uint32_t)v & 0xc, "FAN_CLASS_???");
			if ((uint32_t)v & ~0xcU) {
				buf_printf(b, "|");
				st_xlat_flags_dflt(b, st_fan_init_flags, (uint32_t)v & ~0xcU, "0", "FAN_???");
			}
			return;
		}
		/* 0xffffffff asks for the personality without setting it. */
		if (!strcmp(name, "personality") && (uint32_t)v != 0xffffffff) {
			personality(b, (uint32_t)v);
			return;
		}
		for (j = 0; j < ARRAY_SIZE(named_flags); j++)
			if (named_flags[j].arg == i && named_flags[j].t &&
			    !strcmp(named_flags[j].call, name)) {
				st_xlat_flags_dflt(b, named_flags[j].t,
						   named_flags[j].ulong ? v : (uint32_t)v,
						   "0", named_flags[j].dflt);
				return;
			}
		buf_printf(b, "%#llx", (unsigned long long)v);
		return;
	case 'p':
		ptr(b, v);
		return;
	case 'f': {
		/* A netlink socket as the kernel found it (see netlink_proto()). */
		const struct st_cap *nl = i ? NULL : cap_li(c, ST_NLPROTO_ARG, ST_L_NLPROTO, 0);
		char hint[40];

		if (nl)
			snprintf(hint, sizeof(hint), "socket:[%llu]", (unsigned long long)(nl->n >> 8));
		st_decode_fd(b, c->tid, (int)v, o, nl ? hint : NULL);
		return;
	}
	case 'D':
		/* fanotify_mark's FAN_NOFD: no directory. */
		if ((int)v == -1 && !strcmp(name, "fanotify_mark")) {
			enum st_cstyle st = st_xlat_get_style();

			buf_printf(b, st == ST_C_ABBREV ? "FAN_NOFD" : st == ST_C_RAW ? "-1" :
				   "-1 /* FAN_NOFD */");
			return;
		}
		if ((int)v == AT_FDCWD)
			at_fdcwd(b, c->tid, o);
		else
			st_decode_fd(b, c->tid, (int)v, o, NULL);
		return;
	case 'P':
		exact_str(b, c, o, i, l, v, ST_PATH_READ, ST_PATH_READ - 1);
		return;
	case 'S':
		if (!strcmp(name, "mount") && mount_ignores(c, i))
			ptr(b, v);
		else
			exact_str(b, c, o, i, l, v, o->strsize + 1, o->strsize);
		return;
	case ST_L_LIMSTR: {
		int n = o->strsize + 1 < st_str_limit(c->sys) ? o->strsize + 1 : st_str_limit(c->sys);

		/* n bytes, -s of them shown, all n when fewer (strace's printstr_ex). */
		exact_str(b, c, o, i, l, v, n, n < o->strsize ? n : o->strsize);
		return;
	}
	case ST_L_UTIMES:
		if (k && v)
			utime_pair(b, k);
		else
			ptr(b, v);
		return;
	case ST_L_SECCOMP: {
		const struct st_cap *x = cap_li(c, i, ST_L_SECCOMP_OUT, 0);

		switch ((uint32_t)c->args[0]) {
		case SECCOMP_GET_ACTION_AVAIL:
			/* Read at entry, as strace: shown whatever the call returns. */
			if (!v || !k || k->len < 4) {
				ptr(b, v);
				return;
			}
			buf_printf(b, "[");
			st_xlat_val(b, st_seccomp_ret_actions, rd(k->data, k->len, 0, 4),
				    "SECCOMP_RET_???");
			buf_printf(b, "]");
			return;
		case SECCOMP_GET_NOTIF_SIZES:
			if (!v || !x || x->len < 6 || st_call_failed(c)) {
				ptr(b, v);
				return;
			}
			buf_printf(b, "{seccomp_notif=%u, seccomp_notif_resp=%u, seccomp_data=%u}",
				   (unsigned)rd(x->data, x->len, 0, 2), (unsigned)rd(x->data, x->len, 2, 2),
				   (unsigned)rd(x->data, x->len, 4, 2));
			return;
		case SECCOMP_SET_MODE_FILTER:
			/* The program's length and address (its instructions under -v in strace). */
			if (!v || !k || k->len < 16) {
				ptr(b, v);
				return;
			}
			sock_fprog(b, c, k, i, 1, ST_BPF_SECCOMP, o);
			return;
		}
		ptr(b, v);
		return;
	}
	case ST_L_LL_RULESET:
		/* The struct as far as size says, which must hold its first field. */
		if (!v || !k || c->args[i + 1] < 8) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "{handled_access_fs=");
		st_xlat_flags_dflt(b, st_landlock_access_fs, rd(k->data, k->len, 0, 8), "0",
				   "LANDLOCK_ACCESS_FS_???");
		buf_printf(b, "%s}", c->args[i + 1] > 8 ? ", ..." : "");
		return;
	case ST_L_LL_PATH:
		/* Only a LANDLOCK_RULE_PATH_BENEATH rule is read. */
		if (!v || !k || (uint32_t)c->args[i - 1] != LANDLOCK_RULE_PATH_BENEATH) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "{allowed_access=");
		st_xlat_flags_dflt(b, st_landlock_access_fs, rd(k->data, k->len, 0, 8), "0",
				   "LANDLOCK_ACCESS_FS_???");
		buf_printf(b, ", parent_fd=");
		st_decode_fd(b, c->tid, (int)rd(k->data, k->len, 8, 4), o, NULL);
		buf_printf(b, "}");
		return;
	case ST_L_UTIMBUF:
		if (k && v) {
			int64_t a = (int64_t)rd(k->data, k->len, 0, 8), m = (int64_t)rd(k->data, k->len, 8, 8);

			buf_printf(b, "{actime=%lld", (long long)a);
			if (a)
				time_comment(b, a, 0);
			buf_printf(b, ", modtime=%lld", (long long)m);
			if (m)
				time_comment(b, m, 0);
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	case ST_L_TIMEVAL2:
		if (k && v) {
			int t;

			buf_printf(b, "[");
			for (t = 0; t < 2; t++) {
				int64_t sec = (int64_t)rd(k->data, k->len, 16 * t, 8);
				uint64_t usec = rd(k->data, k->len, 16 * t + 8, 8);

				buf_printf(b, "%s{tv_sec=%lld, tv_usec=%llu}", t ? ", " : "",
					   (long long)sec, (unsigned long long)usec);
				/* A date only for a valid time, as strace. */
				if ((sec || usec) && usec <= 999999)
					time_comment_us(b, sec, usec);
			}
			buf_printf(b, "]");
		} else {
			ptr(b, v);
		}
		return;
	case 'W':
		if (!v)
			buf_printf(b, "NULL");
		/* Longer than the kernel takes: strace reads none of it. */
		else if ((strstr(name, "setxattr") && c->args[i + 1] > ST_XATTR_SIZE_MAX) ||
			 ((!strcmp(name, "sethostname") || !strcmp(name, "setdomainname")) &&
			  (unsigned)c->args[i + 1] > ST_UTS_LEN))
			ptr(b, v);
		/* An xattr value's one trailing NUL is not shown, as strace. */
		else if (strstr(name, "setxattr") && k && c->args[i + 1] &&
			 c->args[i + 1] <= k->len && c->args[i + 1] <= (uint64_t)o->strsize &&
			 !k->data[c->args[i + 1] - 1])
			bytes(b, k, v, c->args[i + 1] - 1, o->strsize, o->xstyle);
		else if (netlink_buf(b, c, o, i, k, c->args[i + 1]))
			;
		else
			bytes(b, k, v, c->args[i + 1], o->strsize, o->xstyle);
		return;
	case 'R':
		/* syslog's buffer: filled by the READ actions only. */
		if (!v)
			buf_printf(b, "NULL");
		else if (!strcmp(name, "syslog") && ((int)c->args[0] < 2 || (int)c->args[0] > 4))
			ptr(b, v);
		else if (c->ret < 0 || !k)
			ptr(b, v);
		/* A list of xattr names asked with no room: its address. */
		else if (strstr(name, "listxattr") && !c->args[i + 1])
			ptr(b, v);
		else if (!strcmp(name, "getrandom"))
			hex_bytes(b, k, c->ret, o->strsize);
		else if (netlink_buf(b, c, o, i, k, c->args[i + 1] < (uint64_t)c->ret ?
				     c->args[i + 1] : (uint64_t)c->ret))
			;
		else
			bytes(b, k, v, c->args[i + 1] < (uint64_t)c->ret ?
			      c->args[i + 1] : (uint64_t)c->ret, o->strsize, o->xstyle);
		return;
	case '\\':
		/* A path: up to its NUL, which the length counts. */
		if (k && c->ret >= 0)
			cstr(b, k, v, 0, o->xstyle);
		else
			ptr(b, v);
		return;
	case '~':
		if (k && k->len >= 8) {
			buf_printf(b, "{mask=");
			put_sigset(b, rd(k->data, k->len, 0, 8));
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	case 'O':
		/*
		 * Where the access mode is part of the flags: O_RDONLY too;
		 * elsewhere the flags alone, the access bits unknown (the
		 * table's first two entries are O_WRONLY and O_RDWR).
		 */
		if (strcmp(name, "open") && strcmp(name, "openat") && strcmp(name, "mq_open") &&
		    strcmp(name, "fanotify_init"))
			st_xlat_flags_dflt(b, st_open_flags + 2, v, "0", "O_???");
		else
			styled(b, "%#llx", v, open_flags);
		return;
	case 'm':
		/* A umode_t: 16 bits, all shown, as strace. */
		buf_printf(b, "%#03llo", (unsigned long long)(v & 0177777));
		return;
	case 'r':
		st_xlat_flags_dflt(b, st_prot, v, "PROT_NONE", "PROT_???");
		return;
	case 'M':
		mmap_flags(b, v);
		return;
	case 'C':
		st_xlat_flags(b, st_clone_flags, v & ~0xffULL, "");
		if (v & 0xff) {
			if (v & ~0xffULL)
				buf_printf(b, "|");
			st_sig(b, v & 0xff);
		}
		if (!v)
			buf_printf(b, "0");
		return;
	case 'a':
		/* statx: the sync type first, AT_STATX_SYNC_AS_STAT (0) too. */
		if (!strcmp(name, "statx")) {
			/* -X raw: strace prints nothing for a sync type of 0. */
			if ((v & AT_STATX_SYNC_TYPE) || st_xlat_get_style() != ST_C_RAW)
				st_xlat_flags_dflt(b, st_statx_sync, v & AT_STATX_SYNC_TYPE,
						   "AT_STATX_SYNC_AS_STAT", NULL);
			v &= ~(uint64_t)AT_STATX_SYNC_TYPE;
			if (!v)
				return;
			buf_printf(b, "|");
		}
		st_xlat_flags_dflt(b, strcmp(name, "faccessat2") ? st_at_flags :
				   st_access_at_flags, v, "0", "AT_???");
		return;
	case 's':
		st_sig(b, (int)v);
		return;
	case 'h':
		st_xlat_val(b, st_sigmask_how, v, "SIG_???");
		return;
	case 'k':
		st_xlat_val(b, st_af, (unsigned)v, "AF_???");
		return;
	case 'K':
		st_xlat_val(b, st_sock_type, v & 0xf, "SOCK_???");
		if (v & ~0xfULL) {
			buf_printf(b, "|");
			st_xlat_flags(b, st_sock_flags, v & ~0xfULL, "0");
		}
		return;
	case 'L':
		st_xlat_flags_dflt(b, st_access, v, "F_OK", "?_OK");
		return;
	case 'l':
		st_xlat_val(b, st_whence, (unsigned)v, "SEEK_???");
		return;
	case 'c':
		st_xlat_val(b, st_fcntl, (unsigned)v, "F_???");
		return;
	case 'i':
		st_xlat_val(b, st_rlimit, (unsigned)v, "RLIMIT_???");
		return;
	case 'o':
		st_xlat_val(b, st_clocks, (unsigned)v, "CLOCK_???");
		return;
	case 'y':
		st_xlat_flags(b, st_grnd, v, "0");
		return;
	case 'b':
		st_xlat_val(b, st_madvise, (unsigned)v, "MADV_???");
		return;
	case 'I':
		styled(b, "%#llx", (unsigned)v, ioctl_request);
		return;
	case 'Y':
		st_xlat_val(b, st_prctl, (unsigned)v, "PR_???");
		return;
	case 'Z':
		st_xlat_val(b, st_arch_prctl, (unsigned)v, "ARCH_???");
		return;
	case 'z':
		styled(b, "%#llx", v, futex_op);
		return;
	case 'T':
		if (k && c->ret == 0)
			stat_struct(b, k, o->verbose);
		else
			ptr(b, v);
		return;
	case 'X':
		if (k && c->ret == 0)
			statx_struct(b, k, o->verbose);
		else
			ptr(b, v);
		return;
	case '{':
		k = cap_letter(c, i, '{');
		if (k && v && !strcmp(name, "select"))
			timeval_at(b, k, 0);
		else if (k && v)
			timespec(b, k);
		else
			ptr(b, v);
		return;
	case '#':
		/* A socket's protocol, named in the family of argument 0. */
		if (c->args[0] == AF_INET || c->args[0] == AF_INET6)
			st_xlat_val(b, st_inet_proto, (unsigned)v, "IPPROTO_???");
		else if (c->args[0] == AF_NETLINK)
			st_xlat_val(b, st_netlink_proto, (unsigned)v, "NETLINK_???");
		else
			buf_printf(b, "%d", (int)v);
		return;
	case '2':
		/* waitid returns 0, rt_sigtimedwait the signal it took. */
		if (k && v && c->ret == 0 && !rd(k->data, k->len, 0, 4))
			buf_printf(b, "{}");
		else if (k && v && c->ret >= 0 && !st_call_failed(c)) {
			const struct st_dopts *so = o;
			struct st_dopts reaped;
			int code = (int)rd(k->data, k->len, 8, 4);

			/*
			 * -Y: strace names si_pid from /proc after the call,
			 * which reaped the child unless WNOWAIT.
			 */
			if (ST_IS(c, "waitid") && !(c->args[3] & WNOWAIT) &&
			    (code == CLD_EXITED || code == CLD_KILLED || code == CLD_DUMPED)) {
				reaped = *o;
				reaped.pidcomm = false;
				so = &reaped;
			}
			st_decode_siginfo_fd(b, (int)rd(k->data, k->len, 0, 4), k->data, k->len,
					     c->tid, so);
		} else {
			ptr(b, v);
		}
		return;
	case ST_L_ARCH_OUT:
		arch_prctl_arg(b, c, v, k);
		return;
	case ST_L_KCMP_SLOT:
		/* A descriptor (KCMP_FILE), the slot of KCMP_EPOLL_TFD, or hex. */
		if ((unsigned)c->args[2] == KCMP_FILE)
			st_decode_fd(b, c->tid, (int)v, o, NULL);
		else if ((unsigned)c->args[2] != KCMP_EPOLL_TFD)
			buf_printf(b, "%#llx", (unsigned long long)v);
		else if (!v || !k || k->len < 12)
			ptr(b, v);
		else
			buf_printf(b, "{efd=%d, tfd=%d, toff=%u}", (int)rd(k->data, k->len, 0, 4),
				   (int)rd(k->data, k->len, 4, 4), (unsigned)rd(k->data, k->len, 8, 4));
		return;
	case ST_L_SENDFILE_OFF: {
		/* The offset, and what it became when the call moved it. */
		const struct st_cap *in = cap_letter(c, i, ST_L_SENDFILE_OFF);
		const struct st_cap *out = cap_letter(c, i, ST_L_SENDFILE_OFF_OUT);

		if (!v || !in || in->len < 8) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "[%llu]", (unsigned long long)rd(in->data, 8, 0, 8));
		if (c->args[i + 1] && !st_call_failed(c) && c->ret && out && out->len >= 8)
			buf_printf(b, " => [%llu]", (unsigned long long)rd(out->data, 8, 0, 8));
		return;
	}
	case ST_L_CPUMASK_IN:
		/* As strace: no bytes, []; a size past 128 bytes, "..." after them. */
		if (v && !(uint32_t)c->args[i - 1]) {
			buf_printf(b, "[]");
		} else if (k && v && k->len >= ((uint32_t)c->args[i - 1] < 128 ?
						(uint32_t)c->args[i - 1] : 128)) {
			cpu_mask(b, k);
			if ((uint32_t)c->args[i - 1] > 128) {
				b->len--;
				buf_printf(b, "%s...]", k->len && memchr_nonzero(k->data, k->len) ? " " : "");
			}
		} else {
			ptr(b, v);
		}
		return;
	case ST_L_MINCORE_OUT: {
		uint64_t pages = c->args[i - 1] / 4096 + !!(c->args[i - 1] % 4096);
		uint64_t e, want = pages < (uint64_t)o->strsize + 1 ? pages : (uint64_t)o->strsize + 1;

		if (!k || !v || st_call_failed(c) || k->len < want) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "[");
		for (e = 0; e < pages; e++) {
			if (e)
				buf_printf(b, ", ");
			if (e == (uint64_t)o->strsize) {
				buf_printf(b, "...");
				break;
			}
			buf_printf(b, "%u", k->data[e] & 1);
		}
		buf_printf(b, "]");
		return;
	}
	case ST_L_IOCTL:
		if (!strcmp(name, "fcntl")) {
			fcntl_arg(b, c, v);
			return;
		}
		if (!strcmp(name, "mount_setattr")) {
			mount_attr(b, c, o, i);
			return;
		}
		if (st_ioctl_arg(b, c, o))
			return;
		/*
		 * A request no decoder knows: the argument in hex, as strace
		 * prints it, but NULL for one whose data the kernel reads or
		 * writes where strace has a decoder for its type.
		 */
		if (st_ioctl_pointer((unsigned)c->args[1]))
			ptr(b, v);
		else
			buf_printf(b, "%#llx", (unsigned long long)v);
		return;
	case ST_L_RWF:
		st_xlat_flags(b, st_rwf, (uint32_t)v, "0");
		return;
	case ST_L_URING_ENTER:
		st_xlat_flags(b, st_uring_enter, (uint32_t)v, "0");
		return;
	case ST_L_RESTART: {
		const struct st_sys *prev = c->prev_nr >= 0 ? st_sys_by_nr(c->prev_nr) : NULL;

		if (prev)
			buf_printf(b, "<... resuming interrupted %s ...>", prev->name);
		else if (c->prev_nr >= 0)
			buf_printf(b, "<... resuming interrupted syscall_%#lx ...>",
				   (unsigned long)c->prev_nr);
		else
			buf_printf(b, "<... resuming interrupted system call ...>");
		return;
	}
	case ST_L_IOPRIO:
		/* -X raw: the number; verbose: the number, the value in a comment. */
		if (st_xlat_get_style() != ST_C_ABBREV)
			buf_printf(b, "%d", (int)v);
		if (st_xlat_get_style() == ST_C_VERBOSE) {
			buf_printf(b, " /* ");
			st_ioprio(b, (unsigned)v);
			buf_printf(b, " */");
		} else if (st_xlat_get_style() == ST_C_ABBREV) {
			st_ioprio(b, (unsigned)v);
		}
		return;
	case ST_L_IPCKEY:
		st_xlat_val(b, st_ipc_private, (unsigned)v, NULL);
		return;
	case ST_L_IPCFLG:
		if (!strcmp(name, "shmget"))
			shm_flags(b, (uint32_t)v);
		else
			ipc_flags(b, (unsigned)v, st_ipc_flags);
		return;
	case ST_L_IPCCMD:
		if (v & ST_IPC_64)
			buf_printf(b, "IPC_64|");
		if (!strcmp(name, "msgctl"))
			st_xlat_val(b, st_msgctl_cmds, (unsigned)v & ~ST_IPC_64, "MSG_???");
		else if (!strcmp(name, "shmctl"))
			st_xlat_val(b, st_shmctl_cmds, (unsigned)v & ~ST_IPC_64, "SHM_???");
		else
			st_xlat_val(b, st_semctl_cmds, (unsigned)v & ~ST_IPC_64, "SEM_???");
		return;
	case ST_L_IPCBUF:
		ipc_buf(b, c, i, v, k);
		return;
	case ST_L_SEMBUF:
		sembufs(b, k, v, (unsigned)c->args[i + 1], o->argv_max);
		return;
	case ST_L_MSGBUF:
		msgbuf(b, k, v, c->args[i + 1], o);
		return;
	case ST_L_MSGBUF_OUT:
		if (st_call_failed(c))
			ptr(b, v);
		else
			msgbuf(b, k, v, c->args[i + 1], o);
		return;
	case ST_L_SIGINFO:
		if (k && v)
			st_decode_siginfo_fd(b, (int)rd(k->data, k->len, 0, 4), k->data, k->len,
					     c->tid, o);
		else
			ptr(b, v);
		return;
	case '8':
		/* mknod's mode is the kernel's umode_t: 16 bits. */
		file_mode(b, (uint16_t)v);
		return;
	case '9':
		styled(b, "%#llx", v, dev_names);
		return;
	case '*':
		/* wait4 fills it only when it returns a child's pid. */
		if (k && v && c->ret >= 0 && (c->ret > 0 || strcmp(name, "wait4"))) {
			static const char *const longs[] = {
				"ru_maxrss", "ru_ixrss", "ru_idrss", "ru_isrss",
				"ru_minflt", "ru_majflt", "ru_nswap", "ru_inblock",
				"ru_oublock", "ru_msgsnd", "ru_msgrcv", "ru_nsignals",
				"ru_nvcsw", "ru_nivcsw",
			};

			buf_printf(b, "{ru_utime=");
			timeval_at(b, k, 0);
			buf_printf(b, ", ru_stime=");
			timeval_at(b, k, 16);
			for (j = 0; o->verbose && j < ARRAY_SIZE(longs); j++)
				buf_printf(b, ", %s=%llu", longs[j],
					   (unsigned long long)rd(k->data, k->len, 32 + 8 * j, 8));
			buf_printf(b, o->verbose ? "}" : ", ...}");
		} else {
			ptr(b, v);
		}
		return;
	case '@':
		if (k && v && c->ret != -1 && !st_call_failed(c)) {
			static const char *const f[] = {
				"tms_utime", "tms_stime", "tms_cutime", "tms_cstime",
			};

			for (j = 0; j < 4; j++) {
				buf_printf(b, "%s%s=", j ? ", " : "{", f[j]);
				clock_ticks(b, rd(k->data, k->len, 8 * j, 8));
			}
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	case '=':
		if (k && v && c->ret == 0)
			buf_printf(b, "[%u]", (unsigned)rd(k->data, k->len, 0, 4));
		else
			ptr(b, v);
		return;
	case '(':
		k = cap_letter(c, i, '(');
		if (k && v)
			pollfds(b, c, k, v, (uint32_t)c->args[i + 1],
				o->verbose ? -1 : o->strsize, o);
		else
			ptr(b, v);
		return;
	case '&':
		/* EPOLL_CTL_DEL ignores the event: its address, as strace. */
		if (k && v && (int)c->args[1] != EPOLL_CTL_DEL)
			epoll_event(b, k->data, k->len);
		else
			ptr(b, v);
		return;
	case '^':
		if (k && v && c->ret >= 0) {
			int64_t e;

			buf_printf(b, "[");
			for (e = 0; e < c->ret; e++) {
				if (e)
					buf_printf(b, ", ");
				if (e == o->strsize || 12 * (size_t)(e + 1) > k->len) {
					buf_printf(b, "...");
					break;
				}
				epoll_event(b, k->data + 12 * e, 12);
			}
			buf_printf(b, "]");
		} else {
			ptr(b, v);
		}
		return;
	case 'U': {
		/* A sleep's remaining time is written only when interrupted. */
		bool sleep = !strcmp(name, "nanosleep") || !strcmp(name, "clock_nanosleep");
		/* An absolute sleep never writes it. */
		bool abs = !strcmp(name, "clock_nanosleep") && (c->args[1] & TIMER_ABSTIME);

		if (k && v && !abs && (sleep ? c->ret == -EINTR || (c->ret <= -512 && c->ret >= -516)
				       : c->ret == 0))
			timespec(b, k);
		else
			ptr(b, v);
		return;
	}
	case 'A':
		/* As strace: the address of one too short for its family. */
		if (k && v && k->len >= 2)
			sockaddr(b, k->data, k->len, o->xstyle);
		else
			ptr(b, v);
		return;
	case 'B':
		k = cap_letter(c, i, 'B');
		if (k && v && c->ret >= 0) {
			/* No further than the length the caller gave (the next argument's). */
			const struct st_cap *in = cap_letter(c, i + 1, 'n');
			const struct st_cap *rest = cap_letter(c, i, ST_L_SOCKADDR_REST);
			unsigned char sa[256];
			size_t n = k->len < sizeof(sa) ? k->len : sizeof(sa);

			memcpy(sa, k->data, n);
			if (rest && rest->len <= sizeof(sa) - n) {
				memcpy(sa + n, rest->data, rest->len);
				n += rest->len;
			}
			if (in && in->len >= 4 && rd(in->data, in->len, 0, 4) < n)
				n = rd(in->data, in->len, 0, 4);
			sockaddr(b, sa, n, o->xstyle);
		}
		else
			ptr(b, v);
		return;
	case 'n': {
		/* A socklen_t: "[in => out]" when the call changed it. */
		const struct st_cap *s = cap_letter(c, i - 1, 'B'), *in = cap_letter(c, i, 'n');
		uint64_t before = in && in->len >= 4 ? rd(in->data, in->len, 0, 4) : 0;

		if (!v)
			ptr(b, v);
		else if (s && !st_call_failed(c) && (!in || s->n == before))
			buf_printf(b, "[%llu]", (unsigned long long)s->n);
		else if (s && !st_call_failed(c))
			buf_printf(b, "[%llu => %llu]", (unsigned long long)before,
				   (unsigned long long)s->n);
		else if (in)
			buf_printf(b, "[%llu]", (unsigned long long)before);
		else
			ptr(b, v);
		return;
	}
	case '|': {
		const struct st_cap *in = cap_letter(c, i, '|'), *out = cap_letter(c, i, '/');
		uint64_t x = in ? rd(in->data, in->len, 0, 4) : 0;
		uint64_t y = out ? rd(out->data, out->len, 0, 4) : 0;

		if (!v || !in)
			ptr(b, v);
		/* A socklen_t, which strace prints signed. */
		else if (!out || st_call_failed(c) || x == y)
			buf_printf(b, "[%d]", (int)(out && !st_call_failed(c) ? y : x));
		else
			buf_printf(b, "[%d => %d]", (int)x, (int)y);
		return;
	}
	case ';':
		st_xlat_val(b, st_sol, (unsigned)v, NULL);
		return;
	case '`': {
		const struct st_xlat *t = NULL;
		const char *d = NULL;

		/* Option 26 sets a filter, and reads one back (getsockopt). */
		if ((unsigned)c->args[1] == SOL_SOCKET && (unsigned)v == SO_ATTACH_FILTER) {
			const char *n = strcmp(name, "getsockopt") ? "SO_ATTACH_FILTER" : "SO_GET_FILTER";
			enum st_cstyle st = st_xlat_get_style();

			if (st != ST_C_ABBREV)
				buf_printf(b, "%#x", (unsigned)v);
			if (st == ST_C_VERBOSE)
				buf_printf(b, " /* %s */", n);
			else if (st == ST_C_ABBREV)
				buf_printf(b, "%s", n);
			return;
		}
		switch ((unsigned)c->args[1]) {
		case SOL_NETLINK: t = st_netlink_opts; d = "NETLINK_???"; break;
		case 1: t = st_so; d = "SO_???"; break;
		case 6: t = st_tcp_opts; d = "TCP_???"; break;
		case 0: t = st_ip_opts; d = "IP_???"; break;
		case 41: t = st_ipv6_opts; d = "IPV6_???"; break;
		case 255: t = st_raw_opts; d = "ICMP_???"; break;
		case 263: t = st_packet_opts; d = "PACKET_???"; break;
		}
		if (t)
			st_xlat_val(b, t, (unsigned)v, d);
		else
			buf_printf(b, "%u", (unsigned)v);
		return;
	}
	case '.':
		setsockopt_val(b, c, cap_li(c, i, l, 0), cap_li(c, i, l, 1), v,
			       (int)c->args[i + 1], o);
		return;
	case ',': {
		const struct st_cap *out = cap_letter(c, i + 1, '/');
		const struct st_cap *in = cap_letter(c, i + 1, '|');

		if (st_call_failed(c) || !out)
			ptr(b, v);
		else
			getsockopt_val(b, c, cap_li(c, i, l, 0), cap_li(c, i, l, 1), v,
				       in ? (int)rd(in->data, in->len, 0, 4) : 0,
				       (int)rd(out->data, out->len, 0, 4), o);
		return;
	}
	case '$':
		/* No bits to read: strace reads none and shows the address. */
		k = cap_letter(c, i, '$');
		if (k && v && (int)c->args[0] > 0)
			fd_set_(b, k, (int)c->args[0] < 1024 ? (int)c->args[0] : 1024, c->tid, o);
		else
			ptr(b, v);
		return;
	case '?': {
		const struct st_cap *ss = cap_letter(c, i, '\'');

		if (!k || !v) {
			ptr(b, v);
			return;
		}
		buf_printf(b, "{sigmask=");
		if (!rd(k->data, k->len, 0, 8))
			buf_printf(b, "NULL");
		/* A size other than a sigset's: strace reads none of it. */
		else if (ss && rd(k->data, k->len, 8, 8) == 8)
			put_sigset(b, rd(ss->data, ss->len, 0, 8));
		else
			ptr(b, rd(k->data, k->len, 0, 8));
		buf_printf(b, ", sigsetsize=%llu}", (unsigned long long)rd(k->data, k->len, 8, 8));
		return;
	}
	case 'F':
		if (k && c->ret == 0) {
			char h[32];

			buf_printf(b, "[");
			st_decode_fd(b, c->tid, (int)rd(k->data, k->len, 0, 4), o,
				     pair_hint(c, 0, h));
			buf_printf(b, ", ");
			st_decode_fd(b, c->tid, (int)rd(k->data, k->len, 4, 4), o,
				     pair_hint(c, 1, h));
			buf_printf(b, "]");
		} else {
			ptr(b, v);
		}
		return;
	case 'w':
		if (k && v && c->ret > 0)
			wstatus(b, rd(k->data, k->len, 0, 4));
		else
			ptr(b, v);
		return;
	case 'E':
		str_array(b, c, i, v, o);
		return;
	case 'e':
	case 'G': {
		size_t len;
		unsigned char *p = pieces(c, i, l, 0, v, &len);
		uint64_t n;

		if (o->verbose && l == 'e') {
			str_array(b, c, i, v, o);
			free(p);
			return;
		}
		if (o->verbose && p && v && c->ret >= 0 && l == 'G') {
			dents_list(b, p, len < (size_t)c->ret ? len : (size_t)c->ret, o,
				   !strcmp(name, "getdents"));
			free(p);
			return;
		}
		ptr(b, v);
		if (p && v && l == 'e') {
			n = count_ptrs(p, len);
			/*
			 * No NULL in what could be read, with a page of the
			 * array unreadable: "unterminated", as strace says.
			 */
			buf_printf(b, " /* %llu var%s%s */", (unsigned long long)n,
				   n == 1 ? "" : "s",
				   8 * n + 8 > len && pages_missing(c, i, ST_ENVP_BYTES / 4096 + 1) ?
				   ", unterminated" : "");
		} else if (p && c->ret >= 0 && l == 'G') {
			n = count_dents(p, len < (size_t)c->ret ? len : (size_t)c->ret);
			buf_printf(b, " /* %llu entr%s */", (unsigned long long)n,
				   n == 1 ? "y" : "ies");
		}
		free(p);
		return;
	}
	case 'q':
	case 'Q':
		if (k && v && (l == 'q' || c->ret == 0))
			put_sigaction(b, k);
		else
			ptr(b, v);
		return;
	case 'g':
	case 'H':
		if (k && v && (l == 'g' || c->ret == 0) && sigset_size_ok(c, i) &&
		    k->len >= (l == 'g' ? 8 : c->args[i + 1]))
			put_sigset(b, rd_upto(k->data, k->len, 8));
		else
			ptr(b, v);
		return;
	case 'j':
	case 'J':
		if (k && v && (l == 'j' || !st_call_failed(c))) {
			buf_printf(b, "{rlim_cur=");
			rlim_val(b, rd(k->data, k->len, 0, 8));
			buf_printf(b, ", rlim_max=");
			rlim_val(b, rd(k->data, k->len, 8, 8));
			buf_printf(b, "}");
		} else {
			ptr(b, v);
		}
		return;
	case '6':
		if (k && v && c->ret >= 0)
			gid_array(b, k, c->ret, o->strsize, v);
		else
			ptr(b, v);
		return;
	case 'N':
		if (k && c->ret == 0) {
			buf_printf(b, "{sysname=");
			st_quote(b, k->data, strnlen((const char *)k->data, 65), false, o->xstyle);
			buf_printf(b, ", nodename=");
			st_quote(b, k->data + 65, strnlen((const char *)k->data + 65, 65), false,
				 o->xstyle);
			/* -v: every field. */
			if (o->verbose && k->len >= 6 * 65) {
				static const char *const more[] = {
					"release", "version", "machine", "domainname",
				};
				int f;

				for (f = 0; f < 4; f++) {
					const char *q = (const char *)k->data + 65 * (f + 2);

					buf_printf(b, ", %s=", more[f]);
					st_quote(b, (const unsigned char *)q, strnlen(q, 65), false,
						 o->xstyle);
				}
				buf_printf(b, "}");
			} else {
				buf_printf(b, ", ...}");
			}
		} else {
			ptr(b, v);
		}
		return;
	case 'v':
	case 'V':
		if (!k || !v)
			ptr(b, v);
		else
			iov_list(b, c, o, i, k, c->args[i + 1], l == 'V', 1, INT_MAX, -1, c->ret);
		return;
	case '+':
	case '-':
		msghdr(b, c, o, i, l == '-');
		return;
	case ST_L_MMSG:
		mmsgvec(b, c, o, i);
		return;
	case '3':
		clone3_args(b, c, o, v);
		return;
	default:
		buf_printf(b, "%#llx", (unsigned long long)v);
	}
}

/* FUTEX_WAKE_OP's val3: op<<28|oparg<<12|cmp<<24|cmparg, as strace. */
static void futex_wake_op(struct buf *b, unsigned v)
{
	static const char *const ops[] = {
		"FUTEX_OP_SET", "FUTEX_OP_ADD", "FUTEX_OP_OR", "FUTEX_OP_ANDN",
		"FUTEX_OP_XOR",
	};
	static const char *const cmps[] = {
		"FUTEX_OP_CMP_EQ", "FUTEX_OP_CMP_NE", "FUTEX_OP_CMP_LT",
		"FUTEX_OP_CMP_LE", "FUTEX_OP_CMP_GT", "FUTEX_OP_CMP_GE",
	};
	unsigned op = (v >> 28) & 7, cmp = (v >> 24) & 0xf;

	bool raw = st_xlat_get_style() == ST_C_RAW;
	bool verbose = st_xlat_get_style() == ST_C_VERBOSE;

	if ((v >> 28) & 8)
		buf_printf(b, "FUTEX_OP_OPARG_SHIFT<<28|");
	if (op < ARRAY_SIZE(ops) && verbose)
		buf_printf(b, "%u /* %s */<<28", op, ops[op]);
	else if (op < ARRAY_SIZE(ops) && !raw)
		buf_printf(b, "%s<<28", ops[op]);
	else
		buf_printf(b, "%#x<<28 /* FUTEX_OP_??? */", op);
	buf_printf(b, "|%#x<<12|", (v >> 12) & 0xfff);
	if (cmp < ARRAY_SIZE(cmps) && verbose)
		buf_printf(b, "%u /* %s */<<24", cmp, cmps[cmp]);
	else if (cmp < ARRAY_SIZE(cmps) && !raw)
		buf_printf(b, "%s<<24", cmps[cmp]);
	else
		buf_printf(b, "%#x<<24 /* FUTEX_OP_CMP_??? */", cmp);
	buf_printf(b, "|%#x", v & 0xfff);
}

static void futex_bitset(struct buf *b, unsigned v)
{
	if (v == 0xffffffffU && st_xlat_get_style() == ST_C_VERBOSE)
		buf_printf(b, "%#x /* FUTEX_BITSET_MATCH_ANY */", v);
	else if (v == 0xffffffffU && st_xlat_get_style() != ST_C_RAW)
		buf_printf(b, "FUTEX_BITSET_MATCH_ANY");
	else
		buf_printf(b, "%#x", v);
}

/* quotactl's commands: the kernel's new ones, XFS's, and the old ones by number. */
#define ST_Q_OLD(x) ((uint32_t)(x) << 8)
static const struct st_xlat quota_cmds[] = {
	{ ST_Q_OLD(1), "Q_V1_QUOTAON" }, { ST_Q_OLD(2), "Q_V1_QUOTAOFF" },
	{ ST_Q_OLD(3), "Q_V1_GETQUOTA" }, { ST_Q_OLD(4), "Q_V1_SETQUOTA" },
	{ ST_Q_OLD(5), "Q_V1_SETUSE" }, { ST_Q_OLD(6), "Q_V1_SYNC" },
	{ ST_Q_OLD(7), "Q_SETQLIM" }, { ST_Q_OLD(8), "Q_V1_GETSTATS" },
	{ ST_Q_OLD(0x10), "Q_V1_RSQUASH" }, { ST_Q_OLD(0xD), "Q_V2_GETQUOTA" },
	{ ST_Q_OLD(0xE), "Q_V2_SETQUOTA" }, { ST_Q_OLD(0xF), "Q_V2_SETUSE" },
	{ ST_Q_OLD(9), "Q_V2_GETINFO" }, { ST_Q_OLD(0xA), "Q_V2_SETINFO" },
	{ ST_Q_OLD(0xB), "Q_V2_SETGRACE" }, { ST_Q_OLD(0xC), "Q_V2_SETFLAGS" },
	{ ST_Q_OLD(0x11), "Q_V2_GETSTATS" },
	{ Q_SYNC, "Q_SYNC" }, { Q_QUOTAON, "Q_QUOTAON" }, { Q_QUOTAOFF, "Q_QUOTAOFF" },
	{ Q_GETFMT, "Q_GETFMT" }, { Q_GETINFO, "Q_GETINFO" }, { Q_SETINFO, "Q_SETINFO" },
	{ Q_GETQUOTA, "Q_GETQUOTA" }, { Q_SETQUOTA, "Q_SETQUOTA" },
	{ Q_GETNEXTQUOTA, "Q_GETNEXTQUOTA" },
	{ Q_XQUOTAON, "Q_XQUOTAON" }, { Q_XQUOTAOFF, "Q_XQUOTAOFF" },
	{ Q_XGETQUOTA, "Q_XGETQUOTA" }, { Q_XSETQLIM, "Q_XSETQLIM" },
	{ Q_XGETQSTAT, "Q_XGETQSTAT" }, { Q_XQUOTARM, "Q_XQUOTARM" },
	{ Q_XQUOTASYNC, "Q_XQUOTASYNC" }, { Q_XGETQSTATV, "Q_XGETQSTATV" },
	{ Q_XGETNEXTQUOTA, "Q_XGETNEXTQUOTA" }, { 0, NULL },
};

static const struct st_xlat quota_types[] = {
	{ USRQUOTA, "USRQUOTA" }, { GRPQUOTA, "GRPQUOTA" }, { PRJQUOTA, "PRJQUOTA" }, { 0, NULL },
};

static const struct st_xlat quota_formats[] = {
	{ QFMT_VFS_OLD, "QFMT_VFS_OLD" }, { QFMT_VFS_V0, "QFMT_VFS_V0" },
	{ QFMT_OCFS2, "QFMT_OCFS2" }, { QFMT_VFS_V1, "QFMT_VFS_V1" }, { 0, NULL },
};

static const struct st_xlat dqblk_valid[] = {
	{ QIF_BLIMITS, "QIF_BLIMITS" }, { QIF_SPACE, "QIF_SPACE" },
	{ QIF_ILIMITS, "QIF_ILIMITS" }, { QIF_INODES, "QIF_INODES" },
	{ QIF_BTIME, "QIF_BTIME" }, { QIF_ITIME, "QIF_ITIME" }, { 0, NULL },
};

static const struct st_xlat dqinfo_flags[] = {
	{ DQF_ROOT_SQUASH, "DQF_ROOT_SQUASH" }, { DQF_SYS_FILE, "DQF_SYS_FILE" }, { 0, NULL },
};

static const struct st_xlat dqinfo_valid[] = {
	{ IIF_BGRACE, "IIF_BGRACE" }, { IIF_IGRACE, "IIF_IGRACE" }, { IIF_FLAGS, "IIF_FLAGS" },
	{ 0, NULL },
};

static const struct st_xlat xfs_quota_flags[] = {
	{ FS_QUOTA_UDQ_ACCT, "FS_QUOTA_UDQ_ACCT" }, { FS_QUOTA_UDQ_ENFD, "FS_QUOTA_UDQ_ENFD" },
	{ FS_QUOTA_GDQ_ACCT, "FS_QUOTA_GDQ_ACCT" }, { FS_QUOTA_GDQ_ENFD, "FS_QUOTA_GDQ_ENFD" },
	{ FS_QUOTA_PDQ_ACCT, "FS_QUOTA_PDQ_ACCT" }, { FS_QUOTA_PDQ_ENFD, "FS_QUOTA_PDQ_ENFD" },
	{ 0, NULL },
};

static const struct st_xlat xfs_dqblk_flags[] = {
	{ FS_USER_QUOTA, "FS_USER_QUOTA" }, { FS_PROJ_QUOTA, "FS_PROJ_QUOTA" },
	{ FS_GROUP_QUOTA, "FS_GROUP_QUOTA" }, { 0, NULL },
};

/* QCMD(command, type) in the -X style, the names always abbreviated. */
static void qcmd(struct buf *b, uint32_t q)
{
	enum st_cstyle style = st_xlat_get_style();

	if (style != ST_C_ABBREV)
		buf_printf(b, "%u", q);
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* QCMD(" : "QCMD(");
	st_xlat_style(ST_C_ABBREV);
	st_xlat_val(b, quota_cmds, q >> 8, "Q_???");
	buf_printf(b, ", ");
	st_xlat_val(b, quota_types, q & 0xff, "???QUOTA");
	st_xlat_style(style);
	buf_printf(b, style == ST_C_VERBOSE ? ") */" : ")");
}

/* XFS's fs_disk_quota_t at p. */
static void xfs_quota(struct buf *b, const unsigned char *p, const struct st_dopts *o)
{
	fs_disk_quota_t d;

	memcpy(&d, p, sizeof(d));
	buf_printf(b, "{d_version=%d, d_flags=", d.d_version);
	st_xlat_flags_dflt(b, xfs_dqblk_flags, (uint8_t)d.d_flags, "0", "FS_???_QUOTA");
	buf_printf(b, ", d_fieldmask=%#x, d_id=%u, d_blk_hardlimit=%llu, d_blk_softlimit=%llu, "
		   "d_ino_hardlimit=%llu, d_ino_softlimit=%llu, d_bcount=%llu, d_icount=%llu",
		   d.d_fieldmask, d.d_id, (unsigned long long)d.d_blk_hardlimit,
		   (unsigned long long)d.d_blk_softlimit, (unsigned long long)d.d_ino_hardlimit,
		   (unsigned long long)d.d_ino_softlimit, (unsigned long long)d.d_bcount,
		   (unsigned long long)d.d_icount);
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	buf_printf(b, ", d_itimer=%d, d_btimer=%d, d_iwarns=%u, d_bwarns=%u, "
		   "d_rtb_hardlimit=%llu, d_rtb_softlimit=%llu, d_rtbcount=%llu, "
		   "d_rtbtimer=%d, d_rtbwarns=%u}", d.d_itimer, d.d_btimer, d.d_iwarns,
		   d.d_bwarns, (unsigned long long)d.d_rtb_hardlimit,
		   (unsigned long long)d.d_rtb_softlimit, (unsigned long long)d.d_rtbcount,
		   d.d_rtbtimer, d.d_rtbwarns);
}

/* XFS's struct fs_quota_stat, or struct fs_quota_statv (v), at p. */
static void xfs_stat(struct buf *b, const unsigned char *p, bool v, const struct st_dopts *o)
{
	struct fs_quota_stat st;
	struct fs_quota_statv sv;
	const struct fs_qfilestatv *fv[3] = { &sv.qs_uquota, &sv.qs_gquota, &sv.qs_pquota };
	const struct fs_qfilestat *f[2] = { &st.qs_uquota, &st.qs_gquota };
	int k;

	memcpy(&st, p, sizeof(st));
	memcpy(&sv, p, sizeof(sv));
	buf_printf(b, "{qs_version=%d", v ? sv.qs_version : st.qs_version);
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	buf_printf(b, ", qs_flags=");
	st_xlat_flags_dflt(b, xfs_quota_flags, v ? sv.qs_flags : st.qs_flags, "0", "FS_QUOTA_???");
	if (v)
		buf_printf(b, ", qs_incoredqs=%u", sv.qs_incoredqs);
	for (k = 0; k < (v ? 3 : 2); k++)
		buf_printf(b, ", qs_%cquota={qfs_ino=%llu, qfs_nblks=%llu, qfs_nextents=%u}", "ugp"[k],
			   (unsigned long long)(v ? fv[k]->qfs_ino : f[k]->qfs_ino),
			   (unsigned long long)(v ? fv[k]->qfs_nblks : f[k]->qfs_nblks),
			   v ? fv[k]->qfs_nextents : f[k]->qfs_nextents);
	if (!v)
		buf_printf(b, ", qs_incoredqs=%u", st.qs_incoredqs);
	buf_printf(b, ", qs_btimelimit=%d, qs_itimelimit=%d, qs_rtbtimelimit=%d, "
		   "qs_bwarnlimit=%u, qs_iwarnlimit=%u}",
		   v ? sv.qs_btimelimit : st.qs_btimelimit, v ? sv.qs_itimelimit : st.qs_itimelimit,
		   v ? sv.qs_rtbtimelimit : st.qs_rtbtimelimit,
		   v ? sv.qs_bwarnlimit : st.qs_bwarnlimit, v ? sv.qs_iwarnlimit : st.qs_iwarnlimit);
}

/*
 * quotactl's and quotactl_fd's data argument for command cmd: what it
 * points to at entry, or once a call that succeeded filled it.
 */
static void quota_data(struct buf *b, const struct st_call *c,
		       const struct st_dopts *o, uint32_t cmd, bool out)
{
	unsigned char p[sizeof(struct fs_quota_statv)] = { 0 };
	uint64_t v = c->args[3];
	size_t n = st_ioctl_arg_bytes(c, 3, out, p), need;
	bool xfs = cmd == Q_XGETQUOTA || cmd == Q_XGETNEXTQUOTA || cmd == Q_XSETQLIM;

	need = cmd == Q_GETINFO || cmd == Q_SETINFO ? sizeof(struct if_dqinfo) :
	       cmd == Q_GETFMT || cmd == Q_XQUOTAON || cmd == Q_XQUOTAOFF ||
	       cmd == Q_XQUOTARM ? 4 : cmd == Q_GETNEXTQUOTA ? sizeof(struct if_nextdqblk) :
	       xfs ? sizeof(fs_disk_quota_t) : cmd == Q_XGETQSTAT ? sizeof(struct fs_quota_stat) :
	       cmd == Q_XGETQSTATV ? sizeof(struct fs_quota_statv) : sizeof(struct if_dqblk);
	/* Past what the record holds: from the process while it lasts. */
	if (v && n == ST_IOCTL_READ && n < need)
		n += st_tracee_read(c->tid, v + n, p + n, need - n, false);
	if (!v || n < need || (out && st_call_failed(c))) {
		ptr(b, v);
		return;
	}
	if (xfs) {
		xfs_quota(b, p, o);
		return;
	}
	if (cmd == Q_XGETQSTAT || cmd == Q_XGETQSTATV) {
		xfs_stat(b, p, cmd == Q_XGETQSTATV, o);
		return;
	}
	switch (cmd) {
	case Q_GETFMT:
		buf_printf(b, "[");
		st_xlat_val(b, quota_formats, st_u32(p), "QFMT_VFS_???");
		buf_printf(b, "]");
		return;
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
	case Q_XQUOTARM:
		buf_printf(b, "[");
		st_xlat_flags_dflt(b, cmd == Q_XQUOTARM ? xfs_dqblk_flags : xfs_quota_flags,
				   st_u32(p), "0", cmd == Q_XQUOTARM ? "FS_???_QUOTA" : "FS_QUOTA_???");
		buf_printf(b, "]");
		return;
	case Q_GETINFO:
	case Q_SETINFO:
		buf_printf(b, "{dqi_bgrace=%llu, dqi_igrace=%llu, dqi_flags=",
			   (unsigned long long)st_u64(p), (unsigned long long)st_u64(p + 8));
		st_xlat_flags_dflt(b, dqinfo_flags, st_u32(p + 16), "0", "DQF_???");
		buf_printf(b, ", dqi_valid=");
		st_xlat_flags_dflt(b, dqinfo_valid, st_u32(p + 20), "0", "IIF_???");
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, "{dqb_bhardlimit=%llu, dqb_bsoftlimit=%llu, dqb_curspace=%llu, "
		   "dqb_ihardlimit=%llu, dqb_isoftlimit=%llu, dqb_curinodes=%llu",
		   (unsigned long long)st_u64(p), (unsigned long long)st_u64(p + 8),
		   (unsigned long long)st_u64(p + 16), (unsigned long long)st_u64(p + 24),
		   (unsigned long long)st_u64(p + 32), (unsigned long long)st_u64(p + 40));
	if (o->verbose) {
		buf_printf(b, ", dqb_btime=%llu, dqb_itime=%llu, dqb_valid=",
			   (unsigned long long)st_u64(p + 48), (unsigned long long)st_u64(p + 56));
		st_xlat_flags_dflt(b, dqblk_valid, st_u32(p + 64), "0", "QIF_???");
	}
	if (cmd == Q_GETNEXTQUOTA)
		buf_printf(b, ", dqb_id=%u", st_u32(p + 68));
	buf_printf(b, o->verbose ? "}" : ", ...}");
}

/*
 * quotactl(qcmd, special, id, data) and quotactl_fd(fd, qcmd, id, data)
 * with the arguments each command takes, as strace prints them.
 */
static void quota_args(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		       bool fd)
{
	uint32_t q = (uint32_t)c->args[fd ? 1 : 0], cmd = q >> 8, id = (uint32_t)c->args[2];

	if (fd) {
		decode_one(b, c, o, 0);
		buf_printf(b, ", ");
		qcmd(b, q);
	} else {
		qcmd(b, q);
		buf_printf(b, ", ");
		decode_one(b, c, o, 1);
	}
	switch (cmd) {
	case Q_QUOTAOFF:
	case Q_SYNC:
	case Q_XQUOTASYNC:
		return;
	case Q_QUOTAON: {
		unsigned char p[ST_IOCTL_READ + 1];
		size_t n = st_ioctl_arg_bytes(c, 3, false, p);
		char path[4097];

		buf_printf(b, ", ");
		st_xlat_val(b, quota_formats, id, "QFMT_VFS_???");
		buf_printf(b, ", ");
		if (!c->args[3]) {
			buf_printf(b, "NULL");
		} else if (n && memchr(p, 0, n)) {
			st_quote(b, p, strlen((const char *)p), false, o->xstyle);
		} else if ((n = st_tracee_read(c->tid, c->args[3], (unsigned char *)path,
					       sizeof(path) - 1, true)) && memchr(path, 0, n)) {
			st_quote(b, (unsigned char *)path, strlen(path), false, o->xstyle);
		} else {
			ptr(b, c->args[3]);
		}
		return;
	}
	case Q_GETFMT: case Q_GETINFO: case Q_SETINFO: case Q_XGETQSTAT:
	case Q_XGETQSTATV: case Q_XQUOTAON: case Q_XQUOTAOFF: case Q_XQUOTARM:
		buf_printf(b, ", ");
		quota_data(b, c, o, cmd, cmd == Q_GETFMT || cmd == Q_GETINFO ||
			   cmd == Q_XGETQSTAT || cmd == Q_XGETQSTATV);
		return;
	}
	buf_printf(b, id == UINT32_MAX ? ", -1, " : ", %u, ", id);
	if (cmd == Q_GETQUOTA || cmd == Q_SETQUOTA || cmd == Q_GETNEXTQUOTA ||
	    cmd == Q_XGETQUOTA || cmd == Q_XGETNEXTQUOTA || cmd == Q_XSETQLIM)
		quota_data(b, c, o, cmd, cmd != Q_SETQUOTA && cmd != Q_XSETQLIM);
	else
		ptr(b, c->args[3]);
}

/*
 * futex's arguments depend on its command, as strace prints them: the
 * timeout is a timespec only for the waiting commands, where val2 is not.
 */
static void futex_args(struct buf *b, const struct st_call *c,
		       const struct st_dopts *o)
{
	unsigned val = c->args[2], val2 = c->args[3], val3 = c->args[5];

	ptr(b, c->args[0]);
	buf_printf(b, ", ");
	decode_one(b, c, o, 1);
	switch (c->args[1] & FUTEX_CMD_MASK) {
	case FUTEX_WAIT:
		buf_printf(b, ", %u, ", val);
		decode_one(b, c, o, 3);
		break;
	case FUTEX_LOCK_PI:
	case FUTEX_LOCK_PI2:
		buf_printf(b, ", ");
		decode_one(b, c, o, 3);
		break;
	case FUTEX_WAIT_BITSET:
		buf_printf(b, ", %u, ", val);
		decode_one(b, c, o, 3);
		buf_printf(b, ", ");
		futex_bitset(b, val3);
		break;
	case FUTEX_WAKE_BITSET:
		buf_printf(b, ", %u, ", val);
		futex_bitset(b, val3);
		break;
	case FUTEX_REQUEUE:
		buf_printf(b, ", %u, %u, ", val, val2);
		ptr(b, c->args[4]);
		break;
	case FUTEX_CMP_REQUEUE:
	case FUTEX_CMP_REQUEUE_PI:
		buf_printf(b, ", %u, %u, ", val, val2);
		ptr(b, c->args[4]);
		buf_printf(b, ", %u", val3);
		break;
	case FUTEX_WAKE_OP:
		buf_printf(b, ", %u, %u, ", val, val2);
		ptr(b, c->args[4]);
		buf_printf(b, ", ");
		futex_wake_op(b, val3);
		break;
	case FUTEX_WAIT_REQUEUE_PI:
		buf_printf(b, ", %u, ", val);
		decode_one(b, c, o, 3);
		buf_printf(b, ", ");
		ptr(b, c->args[4]);
		break;
	case FUTEX_FD:
	case FUTEX_WAKE:
		buf_printf(b, ", %u", val);
		break;
	case FUTEX_UNLOCK_PI:
	case FUTEX_TRYLOCK_PI:
		break;
	default:
		buf_printf(b, ", %u, ", val);
		ptr(b, c->args[3]);
		buf_printf(b, ", ");
		ptr(b, c->args[4]);
		buf_printf(b, ", %#x", val3);
	}
}


/*
 * The n bytes prctl wrote at its second argument (ST_L_PRCTL_OUT records
 * of 4, 8 and 16 bytes), or NULL: the call failed, or they were not
 * readable.
 */
static const unsigned char *prctl_out(const struct st_call *c, size_t n)
{
	const struct st_cap *k = cap_li(c, 1, ST_L_PRCTL_OUT, n == 4 ? 0 : n == 8 ? 1 : 2);

	if (st_call_failed(c) || !k || k->len < n)
		return NULL;
	return k->data;
}

/*
 * A vector length and its flags (PR_SVE_SET_VL, PR_SME_SET_VL; t: their
 * flags): the flags by name, always abbreviated, then the length; -X
 * raw the number, -X verbose the number with those in a comment.  aux:
 * the comment of a return value, which has none without flags; false if
 * nothing was printed.
 */
static bool vl_val(struct buf *b, const struct st_xlat *t, uint64_t v,
		   bool aux)
{
	enum st_cstyle st = st_xlat_get_style();
	uint64_t fl = v & ~0xffffULL;
	bool comment = !aux && fl && st == ST_C_VERBOSE;

	if (st == ST_C_RAW) {
		if (!aux)
			buf_printf(b, "%#llx", (unsigned long long)v);
		return !aux;
	}
	if (!fl && aux)
		return false;
	if (comment)
		buf_printf(b, "%#llx /* ", (unsigned long long)v);
	if (fl) {
		st_xlat_style(ST_C_ABBREV);
		st_xlat_flags(b, t, fl, "");
		st_xlat_style(st);
		buf_printf(b, "|");
	}
	buf_printf(b, "%#llx", (unsigned long long)(v & 0xffff));
	if (comment)
		buf_printf(b, " */");
	return true;
}

/*
 * PR_SET_TAGGED_ADDR_CTRL's argument, or (rval) the comment of what
 * PR_GET_TAGGED_ADDR_CTRL returns: the enable bit, the MTE fault mode,
 * the tag mask, the rest.  False if nothing was printed.
 */
static bool tagged_addr(struct buf *b, uint64_t v, bool rval)
{
	enum st_cstyle st = st_xlat_get_style();
	uint64_t tcf = v & PR_MTE_TCF_MASK, tag = v & PR_MTE_TAG_MASK;
	uint64_t rest = v & ~(PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_MASK | PR_MTE_TAG_MASK);
	const char *n = st_xlat_name(st_pr_mte_tcf, tcf);

	if (!rval && st != ST_C_ABBREV)
		buf_printf(b, "%#llx", (unsigned long long)v);
	if (st == ST_C_RAW)
		return !rval;
	if (!rval && st == ST_C_VERBOSE)
		buf_printf(b, " /* ");
	buf_printf(b, "%sPR_TAGGED_ADDR_ENABLE|%s", v & PR_TAGGED_ADDR_ENABLE ? "" : "!",
		   n ? n : "");
	if (tag)
		buf_printf(b, "|%#llx<<PR_MTE_TAG_SHIFT",
			   (unsigned long long)tag >> PR_MTE_TAG_SHIFT);
	if (rest)
		buf_printf(b, "|%#llx", (unsigned long long)rest);
	if (!rval && st == ST_C_VERBOSE)
		buf_printf(b, " */");
	return true;
}

/* Arguments from..4 of prctl in hex, as strace prints what it leaves raw. */
static void prctl_hex(struct buf *b, const struct st_call *c, int from)
{
	int i;

	for (i = from; i < 5; i++)
		buf_printf(b, ", %#llx", (unsigned long long)c->args[i]);
}

/*
 * prctl's arguments after the option, by option, as strace 6.1 prints
 * them: those an option reads, in their types; what it writes through
 * its second argument, at exit; the others in hex, or left out where
 * the option takes none.
 */
static void prctl_args(struct buf *b, const struct st_call *c,
		       const struct st_dopts *o)
{
	uint64_t a2 = c->args[1], a3 = c->args[2];
	const unsigned char *p;
	unsigned v;

	switch ((unsigned)c->args[0]) {
	case PR_GET_KEEPCAPS: case PR_GET_SECCOMP: case PR_GET_TIMERSLACK:
	case PR_GET_TIMING: case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE: case PR_GET_DUMPABLE:
	case PR_GET_SECUREBITS: case PR_GET_FP_MODE:
		return;
	case PR_GET_CHILD_SUBREAPER: case PR_GET_ENDIAN: case PR_GET_FPEMU:
	case PR_GET_FPEXC: case PR_GET_PDEATHSIG: case PR_GET_TSC:
	case PR_GET_UNALIGN:
		/* An int written through the second argument. */
		buf_printf(b, ", ");
		if (!(p = prctl_out(c, 4))) {
			ptr(b, a2);
			return;
		}
		memcpy(&v, p, 4);
		buf_printf(b, "[");
		if (c->args[0] == PR_GET_PDEATHSIG)
			st_sig(b, v);
		else if (c->args[0] == PR_GET_TSC)
			st_xlat_val(b, st_pr_tsc, v, "PR_TSC_???");
		else if (c->args[0] == PR_GET_UNALIGN)
			st_xlat_flags_dflt(b, st_pr_unalign, v, "0", "PR_UNALIGN_???");
		else
			buf_printf(b, "%u", v);
		buf_printf(b, "]");
		return;
	case PR_GET_NAME: {
		const struct st_cap *k = cap_li(c, 1, ST_L_PRCTL_OUT, 2);

		buf_printf(b, ", ");
		if (st_call_failed(c) || !k || k->len < 16) {
			ptr(b, a2);
			return;
		}
		v = strnlen((const char *)k->data, 16);
		st_quote(b, k->data, v, v == 16, o->xstyle);
		return;
	}
	case PR_GET_TID_ADDRESS: {
		uint64_t q;

		buf_printf(b, ", ");
		if (!(p = prctl_out(c, 8))) {
			ptr(b, a2);
			return;
		}
		memcpy(&q, p, 8);
		ptr_ref(b, q);
		return;
	}
	case PR_SET_NAME: {
		/*
		 * At most TASK_COMM_LEN - 1 characters, then "..." when no NUL
		 * came in them: from the 15 bytes, or, where those could not
		 * all be read, the string that ended before the fault.
		 */
		const struct st_cap *k = cap_li(c, 1, ST_L_PRCTL, 1);

		buf_printf(b, ", ");
		if (k && k->len == 15) {
			v = strnlen((const char *)k->data, 15);
			st_quote(b, k->data, v, v == 15, o->xstyle);
			return;
		}
		k = cap_li(c, 1, ST_L_PRCTL, 0);
		if (!a2 || !k) {
			ptr(b, a2);
			return;
		}
		st_quote(b, k->data, strnlen((const char *)k->data, k->len), false, o->xstyle);
		return;
	}
	case PR_SET_CHILD_SUBREAPER: case PR_SET_ENDIAN: case PR_SET_FPEMU:
	case PR_SET_FPEXC: case PR_SET_KEEPCAPS: case PR_SET_TIMING:
		buf_printf(b, ", %llu", (unsigned long long)a2);
		return;
	case PR_SET_DUMPABLE:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_dumpable, a2, "SUID_DUMP_???");
		return;
	case PR_CAPBSET_DROP: case PR_CAPBSET_READ:
		buf_printf(b, ", ");
		st_xlat_val(b, st_caps, a2, "CAP_???");
		return;
	case PR_CAP_AMBIENT:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_cap_ambient, a2, "PR_CAP_AMBIENT_???");
		if (a2 == PR_CAP_AMBIENT_RAISE || a2 == PR_CAP_AMBIENT_LOWER ||
		    a2 == PR_CAP_AMBIENT_IS_SET) {
			buf_printf(b, ", ");
			st_xlat_val(b, st_caps, a3, "CAP_???");
			prctl_hex(b, c, 3);
		} else {
			prctl_hex(b, c, 2);
		}
		return;
	case PR_MCE_KILL:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_mce_kill, a2, "PR_MCE_KILL_???");
		buf_printf(b, ", ");
		if (a2 == PR_MCE_KILL_SET)
			st_xlat_val(b, st_pr_mce_policy, a3, "PR_MCE_KILL_???");
		else
			buf_printf(b, "%#llx", (unsigned long long)a3);
		prctl_hex(b, c, 3);
		return;
	case PR_SET_MM:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_set_mm, (unsigned)a2, "PR_SET_MM_???");
		prctl_hex(b, c, 2);
		return;
	case PR_SET_PDEATHSIG:
		buf_printf(b, ", ");
		if (a2 > 128)
			buf_printf(b, "%llu", (unsigned long long)a2);
		else
			st_sig(b, (int)a2);
		return;
	case PR_SET_PTRACER:
		if ((int)a2 == -1) {
			enum st_cstyle style = st_xlat_get_style();

			buf_printf(b, ", %s", style == ST_C_RAW ? "-1" :
				   style == ST_C_VERBOSE ? "-1 /* PR_SET_PTRACER_ANY */" :
				   "PR_SET_PTRACER_ANY");
		} else
			buf_printf(b, ", %d", (int)a2);
		return;
	case PR_SET_SECCOMP:
		buf_printf(b, ", ");
		st_xlat_val(b, st_seccomp_modes, a2, "SECCOMP_MODE_???");
		if (a2 == SECCOMP_MODE_STRICT)
			return;
		if (a2 == SECCOMP_MODE_FILTER) {
			const struct st_cap *k = cap_li(c, 2, ST_L_PRCTL_FPROG, 0);

			buf_printf(b, ", ");
			if (a3 && k && k->len >= 16)
				sock_fprog(b, c, k, 2, 1, ST_BPF_SECCOMP, o);
			else
				ptr(b, a3);
			return;
		}
		prctl_hex(b, c, 2);
		return;
	case PR_SET_SECUREBITS:
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_secbits, a2, "0", "SECBIT_???");
		return;
	case PR_SET_TIMERSLACK:
		buf_printf(b, ", %lld", (long long)a2);
		return;
	case PR_SET_TSC:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_tsc, (unsigned)a2, "PR_TSC_???");
		return;
	case PR_SET_UNALIGN:
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_pr_unalign, (unsigned)a2, "0", "PR_UNALIGN_???");
		return;
	case PR_SET_NO_NEW_PRIVS: case PR_SET_THP_DISABLE: case PR_SET_IO_FLUSHER:
		buf_printf(b, ", %llu", (unsigned long long)a2);
		prctl_hex(b, c, 2);
		return;
	case PR_SET_FP_MODE:
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_pr_fp_mode, (unsigned)a2, "0", "PR_FP_MODE_???");
		return;
	case PR_GET_SPECULATION_CTRL:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_spec, a2, "PR_SPEC_???");
		return;
	case PR_SET_SPECULATION_CTRL:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_spec, a2, "PR_SPEC_???");
		buf_printf(b, ", ");
		if (a2 == PR_SPEC_STORE_BYPASS || a2 == PR_SPEC_INDIRECT_BRANCH ||
		    a2 == PR_SPEC_L1D_FLUSH)
			st_xlat_val(b, st_pr_spec_set, a3, "PR_SPEC_???");
		else
			buf_printf(b, "%#llx", (unsigned long long)a3);
		return;
	case PR_PAC_RESET_KEYS:
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_pr_pac_keys, a2, "0", "PR_PAC_???");
		prctl_hex(b, c, 2);
		return;
	case PR_PAC_SET_ENABLED_KEYS:
		/* The keys that can be enabled: not the generic one. */
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_pr_pac_enabled, a2, "0", "PR_PAC_???");
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, st_pr_pac_enabled, a3, "0", "PR_PAC_???");
		prctl_hex(b, c, 3);
		return;
	case PR_SCHED_CORE: {
		const struct st_cap *k = cap_li(c, 4, ST_L_PRCTL5_OUT, 0);
		const char *n = st_xlat_name(st_pidtypes, (unsigned)c->args[3]);

		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_sched_core, (unsigned)a2, "PR_SCHED_CORE_???");
		/* The pid type: its number, its name in a comment, as strace. */
		buf_printf(b, ", %d, %#x", (int)a3, (unsigned)c->args[3]);
		if (st_xlat_get_style() != ST_C_RAW)
			buf_printf(b, " /* %s */", n ? n : "PIDTYPE_???");
		buf_printf(b, ", ");
		if ((unsigned)a2 == PR_SCHED_CORE_GET && !st_call_failed(c) && k && k->len >= 8)
			buf_printf(b, "[%#llx]", (unsigned long long)rd(k->data, k->len, 0, 8));
		else
			ptr(b, c->args[4]);
		return;
	}
	case PR_SVE_GET_VL: case PR_SME_GET_VL:
		return;
	case PR_SVE_SET_VL: case PR_SME_SET_VL:
		buf_printf(b, ", ");
		vl_val(b, c->args[0] == PR_SVE_SET_VL ? st_pr_sve_vl_flags : st_pr_sme_vl_flags,
		       a2, false);
		return;
	case PR_SET_TAGGED_ADDR_CTRL:
		buf_printf(b, ", ");
		tagged_addr(b, a2, false);
		prctl_hex(b, c, 2);
		return;
	case PR_SET_SYSCALL_USER_DISPATCH:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_sud_cmds, a2, "PR_SYS_DISPATCH_???");
		buf_printf(b, ", %#llx, %#llx, ", (unsigned long long)a3,
			   (unsigned long long)c->args[3]);
		ptr(b, c->args[4]);
		return;
	case PR_SET_VMA:
		buf_printf(b, ", ");
		st_xlat_val(b, st_pr_set_vma, a2, "PR_SET_VMA_???");
		if (a2 == PR_SET_VMA_ANON_NAME) {
			buf_printf(b, ", ");
			ptr(b, a3);
			buf_printf(b, ", %llu, ", (unsigned long long)c->args[3]);
			cstr(b, cap_li(c, 4, ST_L_PRCTL5, 0), c->args[4], o->strsize,
			     o->xstyle);
		} else {
			prctl_hex(b, c, 2);
		}
		return;
	default:
		prctl_hex(b, c, 1);
	}
}

/*
 * What prctl returns, annotated as strace 6.1 does: a dumpable mode or a
 * machine-check policy by name, securebits and FP modes in hex with their
 * flags, speculation control flags.
 */
/* Whether v has all the bits of some nonzero flag of t. */
static bool any_flag(const struct st_xlat *t, uint64_t v)
{
	for (; t->name; t++)
		if (t->val && (v & t->val) == t->val)
			return true;
	return false;
}

/*
 * A return of flags from t, in hex, and strace's note on it: the names
 * alone in any -X style but raw, and none without a flag it knows.
 */
static void flags_ret(struct buf *b, const struct st_xlat *t, uint64_t v)
{
	buf_printf(b, "%#llx", (unsigned long long)v);
	/* A table that names 0 names it. */
	if (!v && !t->val && t->name && st_xlat_get_style() != ST_C_RAW)
		buf_printf(b, " (%s)", t->name);
	if (st_xlat_get_style() != ST_C_RAW && any_flag(t, v)) {
		enum st_cstyle style = st_xlat_style(ST_C_ABBREV);

		buf_printf(b, " (");
		st_xlat_flags(b, t, v, "0");
		buf_printf(b, ")");
		st_xlat_style(style);
	}
}

static bool prctl_ret(struct buf *b, const struct st_call *c)
{
	const struct st_xlat *t = NULL;
	const char *n;
	bool hex = false;

	switch ((unsigned)c->args[0]) {
	case PR_SVE_SET_VL: case PR_SVE_GET_VL: case PR_SME_SET_VL:
	case PR_SME_GET_VL: case PR_GET_TAGGED_ADDR_CTRL: {
		struct buf x = { 0 };
		bool vl = c->args[0] != PR_GET_TAGGED_ADDR_CTRL;

		if (st_call_failed(c) || (vl && !c->ret))
			return false;
		/* In hex, with what it says in a comment. */
		buf_printf(b, "%#llx", (unsigned long long)c->ret);
		if (vl ? vl_val(&x, c->args[0] == PR_SVE_SET_VL || c->args[0] == PR_SVE_GET_VL ?
				    st_pr_sve_vl_flags : st_pr_sme_vl_flags, c->ret, true)
		       : tagged_addr(&x, c->ret, true))
			buf_printf(b, " (%.*s)", (int)x.len, x.p);
		free(x.p);
		return true;
	}
	case PR_GET_DUMPABLE:
		t = st_pr_dumpable;
		break;
	case PR_MCE_KILL_GET:
		t = st_pr_mce_policy;
		break;
	case PR_GET_SECUREBITS:
		t = st_secbits;
		hex = true;
		break;
	case PR_GET_FP_MODE:
		t = st_pr_fp_mode;
		hex = true;
		break;
	case PR_PAC_GET_ENABLED_KEYS:
		t = st_pr_pac_enabled;
		hex = true;
		break;
	case PR_GET_SPECULATION_CTRL:
		if (c->args[1] > PR_SPEC_L1D_FLUSH)
			return false;
		t = st_pr_spec_get;
		hex = true;
		break;
	default:
		return false;
	}
	if (!hex) {
		buf_printf(b, "%lld", (long long)c->ret);
		if ((n = st_xlat_name(t, c->ret)))
			buf_printf(b, " (%s)", n);
		return true;
	}
	flags_ret(b, t, (uint64_t)c->ret);
	return true;
}

bool st_call_whole(const struct st_call *c)
{
	return c->sys && !c->raw && (!strcmp(c->sys->name, "clone") ||
			  !strcmp(c->sys->name, "futex") ||
			  !strcmp(c->sys->name, "prctl"));
}

void st_read_comm(long pid, char *comm, size_t size)
{
	char path[64];
	ssize_t n;
	int fd;

	comm[0] = 0;
	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, comm, size - 1);
	close(fd);
	comm[n > 0 ? n : 0] = 0;
	comm[strcspn(comm, "\n")] = 0;
}

void st_pid_comm(struct buf *b, long pid, const struct st_dopts *o)
{
	const char *known;
	char comm[64];

	if (!o->pidcomm || pid <= 0)
		return;
	known = o->comm ? o->comm(o->comm_arg, pid) : NULL;
	if (!known) {
		st_read_comm(pid, comm, sizeof(comm));
		known = comm;
	}
	/* Quoted as strace quotes it: a name may hold anything but a NUL. */
	if (*known) {
		buf_put(b, "<", 1);
		quote_body(b, (const unsigned char *)known, strlen(known), o->xstyle, "<>");
		buf_put(b, ">", 1);
	}
}

/*
 * The process ids a call passes (i, an argument) or returns (i == -1),
 * and what they name, as strace 6.1 prints them with -Y and
 * --pidns-translation; -1 for what is no process id.  kill's and wait4's
 * negative ids are groups.
 */
static int pid_type(const struct st_call *c, int i, int64_t *id)
{
	static const struct { const char *call; int arg; int type; } ids[] = {
		{ "getpid", -1, ST_PT_TGID }, { "getppid", -1, ST_PT_TGID },
		{ "gettid", -1, ST_PT_TID }, { "getpgrp", -1, ST_PT_PGID },
		{ "getpgid", -1, ST_PT_PGID }, { "getsid", -1, ST_PT_SID },
		{ "clone", -1, ST_PT_TID }, { "clone3", -1, ST_PT_TID },
		{ "fork", -1, ST_PT_TGID }, { "vfork", -1, ST_PT_TGID },
		{ "wait4", -1, ST_PT_TGID },
		{ "tkill", 0, ST_PT_TID }, { "tgkill", 0, ST_PT_TGID }, { "tgkill", 1, ST_PT_TID },
		{ "getpgid", 0, ST_PT_TGID }, { "getsid", 0, ST_PT_TGID },
		{ "setpgid", 0, ST_PT_TGID }, { "setpgid", 1, ST_PT_PGID },
		{ "sched_getaffinity", 0, ST_PT_TGID }, { "sched_setaffinity", 0, ST_PT_TGID },
		{ "prlimit64", 0, ST_PT_TGID }, { "pidfd_open", 0, ST_PT_TGID },
		{ "sched_getscheduler", 0, ST_PT_TGID }, { "sched_setscheduler", 0, ST_PT_TGID },
		{ "sched_getparam", 0, ST_PT_TGID }, { "sched_setparam", 0, ST_PT_TGID },
		{ "sched_getattr", 0, ST_PT_TGID }, { "sched_setattr", 0, ST_PT_TGID },
		{ "rt_sigqueueinfo", 0, ST_PT_TGID }, { "rt_tgsigqueueinfo", 0, ST_PT_TGID },
		{ "rt_tgsigqueueinfo", 1, ST_PT_TID }, { "process_vm_readv", 0, ST_PT_TGID },
		{ "process_vm_writev", 0, ST_PT_TGID }, { "get_robust_list", 0, ST_PT_TID },
		{ "kcmp", 0, ST_PT_TGID }, { "kcmp", 1, ST_PT_TGID },
		{ "migrate_pages", 0, ST_PT_TGID }, { "move_pages", 0, ST_PT_TGID },
		{ "ptrace", 1, ST_PT_TGID },
	};
	const char *call = c->sys ? c->sys->name : "";
	size_t j;

	*id = i < 0 ? c->ret : (int)c->args[i];
	if (i < 0 && st_call_failed(c))
		return -1;
	/* A group when negative. */
	if ((!strcmp(call, "kill") || !strcmp(call, "wait4")) && i == 0) {
		if (*id > 0)
			return ST_PT_TGID;
		*id = -*id;
		return *id > 1 ? ST_PT_PGID : -1;
	}
	/* By which: a process or a group. */
	if ((!strcmp(call, "getpriority") || !strcmp(call, "setpriority") ||
	     !strcmp(call, "ioprio_get") || !strcmp(call, "ioprio_set")) && i == 1)
		return (int)c->args[0] == 1 ? ST_PT_TGID : (int)c->args[0] == 2 ? ST_PT_PGID : -1;
	if (!strcmp(call, "waitid") && i == 1)
		return (int)c->args[0] == P_PID ? ST_PT_TGID : (int)c->args[0] == P_PGID ? ST_PT_PGID : -1;
	for (j = 0; j < ARRAY_SIZE(ids); j++)
		if (ids[j].arg == i && !strcmp(ids[j].call, call))
			return ids[j].type;
	return -1;
}

int st_call_pid_args(const struct st_call *c, long *pids, int max)
{
	int i, n = 0, type;
	int64_t id;

	for (i = 0; i < st_call_nargs(c) && n < max; i++) {
		type = pid_type(c, i, &id);
		if ((type == ST_PT_TID || type == ST_PT_TGID) && id > 0 && id <= INT32_MAX)
			pids[n++] = (long)id;
	}
	return n;
}

/*
 * After a process id: -Y's "<comm>" (a thread's or a process's), and
 * --pidns-translation's "/ * N in strace's PID NS * /" when the traced
 * process sees another number than ferret.
 */
static void pid_note(struct buf *b, const struct st_call *c,
		     const struct st_dopts *o, int i)
{
	int64_t id;
	int type, ours;

	if (!o->pidcomm && !o->pidns)
		return;
	type = pid_type(c, i, &id);
	if (type < 0 || id <= 0 || id > INT32_MAX)
		return;
	ours = o->pidns ? st_pidns_translate(c->tid, (int)id, type) : (int)id;
	if (!ours)
		return;
	/*
	 * wait4's child, returned reaped (no WUNTRACED or WCONTINUED), has
	 * no /proc when strace looks at the exit: no name, whatever ferret
	 * remembers of it.
	 */
	if (o->pidcomm && (type == ST_PT_TID || type == ST_PT_TGID) &&
	    !(i < 0 && !strcmp(c->sys->name, "wait4") &&
	      !(c->args[2] & (WUNTRACED | WCONTINUED))))
		st_pid_comm(b, ours, o);
	if (ours != id)
		buf_printf(b, " /* %d in strace's PID NS */", ours);
}

void st_decode_args(struct buf *b, const struct st_call *c,
		    const struct st_dopts *o, int from, int to)
{
	int i;

	if (c->raw) {
		for (i = from; i < to; i++)
			buf_printf(b, "%s%#llx", i > from ? ", " : "", (unsigned long long)c->args[i]);
		return;
	}
	st_sa_call(c->tid, o);
	if (c->sys && !strcmp(c->sys->name, "futex")) {
		if (from == 0)
			futex_args(b, c, o);
		return;
	}
	if (c->sys && !strncmp(c->sys->name, "quotactl", 8)) {
		if (from == 0)
			quota_args(b, c, o, c->sys->name[8] == '_');
		return;
	}
	if (ST_IS(c, "bpf")) {
		if (from == 0)
			st_bpfsys_args(b, c, o);
		return;
	}
	if (ST_IS(c, "io_uring_setup") || ST_IS(c, "io_uring_register")) {
		if (from == 0)
			st_uring_args(b, c, o);
		return;
	}
	if (ST_IS(c, "perf_event_open")) {
		if (from == 0)
			st_perf_args(b, c, o);
		return;
	}
	if (ST_IS(c, "keyctl")) {
		if (from == 0)
			st_keyctl_args(b, c, o);
		return;
	}
	if (ST_IS(c, "fsconfig")) {
		if (from == 0)
			st_fsconfig_args(b, c, o);
		return;
	}
	if (ST_IS(c, "kexec_load") || ST_IS(c, "kexec_file_load")) {
		if (from == 0)
			st_kexec_args(b, c, o);
		return;
	}
	if (ST_IS(c, "ptrace")) {
		if (from == 0 && st_ptrace_request(b, c)) {
			buf_printf(b, ", ");
			decode_one(b, c, o, 1);
			pid_note(b, c, o, 1);
			st_ptrace_rest(b, c, o);
		}
		return;
	}
	if (ST_IS(c, "move_pages")) {
		if (from == 0) {
			decode_one(b, c, o, 0);
			pid_note(b, c, o, 0);
			st_move_pages_args(b, c, o);
		}
		return;
	}
	if (ST_IS(c, "modify_ldt")) {
		if (from == 0)
			st_ldt_args(b, c, o);
		return;
	}
	if (ST_IS(c, "set_thread_area") || ST_IS(c, "get_thread_area")) {
		if (from == 0)
			st_thread_area_args(b, c, o);
		return;
	}
	if (c->sys && !strcmp(c->sys->name, "prctl")) {
		if (from == 0) {
			decode_one(b, c, o, 0);
			prctl_args(b, c, o);
		}
		return;
	}
	if (c->sys && !strcmp(c->sys->name, "clone")) {
		/*
		 * clone(flags, stack, parent_tid, child_tid, tls) as strace:
		 * the stack and flags at entry, the rest at exit, each
		 * after its ", " (see st_entry_comma()).
		 */
		if (from == 0) {
			buf_printf(b, "child_stack=");
			ptr(b, c->args[1]);
			buf_printf(b, ", flags=");
			decode_one(b, c, o, 0);
		}
		if (to <= st_first_out(c))
			return;
		/*
		 * What CLONE_PARENT_SETTID and CLONE_PIDFD wrote: the
		 * child's tid or the pidfd, [N]; then the TLS and the
		 * child's tid pointer, in strace's order.
		 */
		if (c->args[0] & (CLONE_PARENT_SETTID | CLONE_PIDFD)) {
			const struct st_cap *k = cap_of(c, 2, 0);

			buf_printf(b, ", parent_tid=");
			if (!k || k->len < 4 || st_call_failed(c)) {
				ptr(b, c->args[2]);
			} else if (c->args[0] & CLONE_PARENT_SETTID) {
				buf_printf(b, "[%d]", (int)rd(k->data, k->len, 0, 4));
			} else {
				buf_printf(b, "[");
				st_decode_fd(b, c->tid, (int)rd(k->data, k->len, 0, 4), o,
					     "anon_inode:[pidfd]");
				buf_printf(b, "]");
			}
		}
		if (c->args[0] & CLONE_SETTLS)
			buf_printf(b, ", tls=%#llx", (unsigned long long)c->args[4]);
		if (c->args[0] & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID))
			buf_printf(b, ", child_tidptr=%#llx", (unsigned long long)c->args[3]);
		return;
	}
	for (i = from; i < to; i++) {
		if (st_sys_arg(c->sys, i) == ST_L_SKIP)
			continue;
		if (i > from)
			buf_printf(b, ", ");
		decode_one(b, c, o, i);
		pid_note(b, c, o, i);
	}
}

/*
 * Whether a line cut at entry ends its arguments with ", " before
 * "<unfinished ...>": strace's does, but for clone, whose part after
 * the flags opens with its own separator when it resumes.
 */
bool st_entry_comma(const struct st_call *c)
{
	return !(c->sys && !c->raw && !strcmp(c->sys->name, "clone"));
}

bool st_call_failed(const struct st_call *c)
{
	return c->ret < 0 && c->ret >= -4095 && !c->ret_ok;
}

/*
 * poll's answer as strace adds it: "(Timeout)", or the fds with revents
 * and, for ppoll with a timeout, the time left.
 */
static void poll_ret(struct buf *b, const struct st_call *c,
		     const struct st_dopts *o)
{
	const struct st_cap *k = cap_letter(c, 0, ')');
	const struct st_cap *left = cap_letter(c, 2, '}');
	uint64_t n = (uint32_t)c->args[1], i;
	int shown = 0;
	bool any = false;

	if (c->ret == 0) {
		buf_printf(b, " (Timeout)");
		return;
	}
	/* -e verbose=: no revents, nor the time left. */
	if (o->noderef)
		return;
	buf_printf(b, " (");
	for (i = 0; k && i < n && 8 * (i + 1) <= k->len; i++) {
		unsigned re = rd(k->data, k->len, 8 * i + 6, 2);

		if (!re)
			continue;
		buf_printf(b, "%s", any ? ", " : "[");
		any = true;
		if (shown++ == o->strsize && !o->verbose) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "{fd=%d, revents=", (int)rd(k->data, k->len, 8 * i, 4));
		st_xlat_flags(b, st_poll, re, "0");
		buf_printf(b, "}");
	}
	if (any)
		buf_printf(b, "]");
	if (!strcmp(c->sys->name, "ppoll") && c->args[2] && left) {
		buf_printf(b, "%sleft ", any ? ", " : "");
		timespec(b, left);
		any = true;
	}
	if (any)
		buf_printf(b, ")");
	else
		b->len -= 2;
}

/*
 * select's and pselect6's answer: "(Timeout)", or the descriptors
 * returned, as many as the return value counts, and the time left.  As
 * strace builds it, a set closes with "]" whenever anything came before.
 */
static void select_ret(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static const char *const set[] = { "in", "out", "except" };
	const struct st_cap *left = cap_letter(c, 4, '}');
	int64_t ready = c->ret;
	int nfds = (int)c->args[0] < 0 ? 0 : (int)c->args[0] > 1024 ? 1024 : (int)c->args[0];
	const char *sep = "";
	size_t start;
	int i, j;

	if (c->ret == 0) {
		buf_printf(b, " (Timeout)");
		return;
	}
	buf_printf(b, " (");
	start = b->len;
	for (i = 0; i < 3 && ready > 0; i++) {
		const struct st_cap *k = cap_letter(c, i + 1, '!');
		bool first = true;

		if (!k || !c->args[i + 1] || !nfds)
			continue;
		for (j = 0; j < nfds && (size_t)j / 8 < k->len; j++) {
			if (!(k->data[j / 8] & (1u << (j % 8))))
				continue;
			if (first)
				buf_printf(b, "%s%s [%d", sep, set[i], j);
			else
				buf_printf(b, " %d", j);
			first = false;
			sep = ", ";
			if (--ready == 0)
				break;
		}
		if (b->len != start)
			buf_printf(b, "]");
	}
	if (c->args[4] && left) {
		buf_printf(b, "%sleft ", sep);
		/* -e verbose=: the time left's address. */
		if (o->noderef)
			ptr(b, c->args[4]);
		else if (!strcmp(c->sys->name, "select"))
			timeval_at(b, left, 0);
		else
			timespec(b, left);
	}
	buf_printf(b, ")");
}

void st_decode_ret(struct buf *b, const struct st_call *c,
		   const struct st_dopts *o)
{
	char resolved[PATH_MAX];
	char l = st_sys_ret(c->sys);
	enum st_cstyle style;

	if (st_call_failed(c)) {
		int e = (int)-c->ret;
		const char *n = st_errno_name(e);

		if (e >= 512 && e <= 530) {
			static const char *const why[] = {
				[0] = "To be restarted if SA_RESTART is set",
				[1] = "To be restarted",
				[2] = "To be restarted if no handler",
				[4] = "Interrupted by signal",
			};
			buf_printf(b, "? %s (%s)", n ? n : "ERESTART",
				   e - 512 < 5 && why[e - 512] ? why[e - 512] : strerror(e));
			return;
		}
		buf_printf(b, "-1 ");
		if (n)
			buf_printf(b, "%s (%s)", n, strerror(e));
		else
			buf_printf(b, "E??? (errno %d)", e);
		return;
	}
	if (st_ldt_ret(b, c))
		return;
	if (c->raw) {
		buf_printf(b, "%#llx", (unsigned long long)c->ret);
		return;
	}
	if (ST_IS(c, "fcntl") && ((unsigned)c->args[1] == F_GETFL || (unsigned)c->args[1] == F_GETFD ||
				       (unsigned)c->args[1] == F_GETLEASE ||
				       (unsigned)c->args[1] == F_GET_SEALS))
		l = 'x';
	/* LANDLOCK_CREATE_RULESET_VERSION returns the ABI version, not a descriptor. */
	if (ST_IS(c, "landlock_create_ruleset") && (c->args[2] & LANDLOCK_CREATE_RULESET_VERSION))
		l = 'd';
	if (ST_IS(c, "prctl") && prctl_ret(b, c))
		return;
	if (ST_IS(c, "bpf") && !st_bpfsys_ret_fd(c))
		l = 'd';
	/* The features the process may now use. */
	if (ST_IS(c, "arch_prctl") && ((unsigned)c->args[0] == ARCH_REQ_XCOMP_PERM ||
				       (unsigned)c->args[0] == ARCH_REQ_XCOMP_GUEST_PERM)) {
		flags_ret(b, st_x86_xfeatures, (uint64_t)c->ret);
		return;
	}
	if (ST_IS(c, "personality")) {
		buf_printf(b, "%#llx (", (unsigned long long)c->ret);
		personality(b, (unsigned)c->ret);
		buf_printf(b, ")");
		return;
	}
	/* NS_GET_NSTYPE: the namespace's type by name. */
	if (ST_IS(c, "ioctl") && (unsigned)c->args[1] == NS_GET_NSTYPE && c->ret > 0 &&
	    st_xlat_name(st_setns_types, c->ret)) {
		buf_printf(b, "%lld (%s)", (long long)c->ret, st_xlat_name(st_setns_types, c->ret));
		return;
	}
	if (ST_IS(c, "ioctl") && st_ioctl_ret(b, c, o))
		return;
	if (ST_IS(c, "ioctl") && st_ioctl_ret_fd(c, resolved, sizeof(resolved)))
		l = 'f';
	if (ST_IS(c, "ioprio_get") && st_xlat_get_style() != ST_C_RAW) {
		buf_printf(b, "%lld (", (long long)c->ret);
		st_ioprio(b, (unsigned)c->ret);
		buf_printf(b, ")");
		return;
	}
	if (ST_IS(c, "rt_sigtimedwait") && c->ret > 0) {
		buf_printf(b, "%lld (", (long long)c->ret);
		st_signame(b, c->ret);
		buf_printf(b, ")");
		return;
	}
	if (ST_IS(c, "time")) {
		buf_printf(b, "%lld (", (long long)c->ret);
		if (!iso_time(b, c->ret))
			b->len -= 2;
		else
			buf_printf(b, ")");
		return;
	}
	switch (l) {
	case 'x':
		buf_printf(b, "%#llx", (unsigned long long)c->ret);
		break;
	case 'o':
		buf_printf(b, "%#03llo", (unsigned long long)c->ret);
		break;
	case 'f':
		st_decode_fd(b, c->tid, c->ret, o, ret_hint(c, o, resolved));
		break;
	default:
		/* As strace: unsigned, whatever the call. */
		buf_printf(b, "%llu", (unsigned long long)c->ret);
		pid_note(b, c, o, -1);
	}
	if (ST_IS(c, "poll") || ST_IS(c, "ppoll"))
		poll_ret(b, c, o);
	if (ST_IS(c, "recvmmsg") && !c->ret) {
		buf_printf(b, " (Timeout)");
	} else if (ST_IS(c, "recvmmsg") && c->args[4] && !o->noderef) {
		/* The time left, as the call wrote it back. */
		const struct st_cap *left = cap_letter(c, 4, '}');

		buf_printf(b, " (left ");
		if (left && left->len >= 16)
			timespec(b, left);
		else
			ptr(b, c->args[4]);
		buf_printf(b, ")");
	}
	if (ST_IS(c, "pselect6") || ST_IS(c, "select"))
		select_ret(b, c, o);
	/* Names in any -X style, as strace. */
	style = st_xlat_style(ST_C_ABBREV);
	if (ST_IS(c, "adjtimex") || ST_IS(c, "clock_adjtime")) {
		const char *n = st_xlat_name(st_time_states, c->ret);

		/* Only after the struct was shown (not under -e verbose=). */
		if (n && !o->noderef)
			buf_printf(b, " (%s)", n);
	} else if (ST_IS(c, "sched_getscheduler")) {
		const char *n = st_xlat_name(st_sched_policy, c->ret & ~ST_SCHED_RESET_ON_FORK);

		if (n)
			buf_printf(b, " (%s%s)", c->ret & ST_SCHED_RESET_ON_FORK ?
				   "SCHED_RESET_ON_FORK|" : "", n);
	}
	if (ST_IS(c, "fcntl") && (unsigned)c->args[1] == F_GETFL) {
		buf_printf(b, " (flags ");
		open_flags(b, c->ret);
		buf_printf(b, ")");
	} else if (ST_IS(c, "fcntl") && ((unsigned)c->args[1] == F_GETFD ||
					      (unsigned)c->args[1] == F_GET_SEALS) && c->ret) {
		/* These flags in the -X style. */
		bool fd = (unsigned)c->args[1] == F_GETFD;

		st_xlat_style(style);
		buf_printf(b, fd ? " (flags " : " (seals ");
		st_xlat_flags(b, fd ? st_fd_flags : seal_flags, c->ret, "0");
		buf_printf(b, ")");
		st_xlat_style(ST_C_ABBREV);
	} else if (ST_IS(c, "fcntl") && (unsigned)c->args[1] == F_GETLEASE &&
		   st_xlat_name(lock_types, c->ret)) {
		buf_printf(b, " (%s)", st_xlat_name(lock_types, c->ret));
	} else if (ST_IS(c, "fcntl") && (unsigned)c->args[1] == F_GETSIG && c->ret) {
		buf_printf(b, " (");
		st_signame(b, (int)c->ret);
		buf_printf(b, ")");
	}
	st_xlat_style(style);
}

/* A uid or gid as strace prints one: -1 for (uid_t)-1. */
static void put_uid(struct buf *b, uint32_t u)
{
	if (u == UINT32_MAX)
		buf_printf(b, "-1");
	else
		buf_printf(b, "%u", u);
}

/* The names of the codes the kernel gives signal sig it raises, or NULL. */
static const struct st_xlat *kernel_codes(int sig)
{
	switch (sig) {
	case SIGCHLD: return st_cld_codes;
	case SIGILL: return st_ill_codes;
	case SIGFPE: return st_fpe_codes;
	case SIGSEGV: return st_segv_codes;
	case SIGBUS: return st_bus_codes;
	case SIGTRAP: return st_trap_codes;
	case SIGIO: return st_poll_codes;
	case SIGSYS: return st_sys_codes;
	}
	return NULL;
}

/* si_pid and the si_uid= after it: with -Y (o not NULL) the process's name. */
static void put_si_pid(struct buf *b, int pid, const struct st_dopts *o)
{
	buf_printf(b, ", si_pid=%d", pid);
	if (o)
		st_pid_comm(b, pid, o);
	buf_printf(b, ", si_uid=");
}

/* si_fd: with -y (o not NULL) the descriptor's path in thread tid. */
static void put_si_fd(struct buf *b, int fd, int tid, const struct st_dopts *o)
{
	buf_printf(b, ", si_fd=");
	if (o)
		st_decode_fd(b, tid, fd, o, NULL);
	else
		buf_printf(b, "%d", fd);
}

void st_decode_siginfo_fd(struct buf *b, int sig, const unsigned char *si, size_t len,
			  int tid, const struct st_dopts *o)
{
	int code = (int)rd(si, len, 8, 4);
	const struct st_xlat *kc = code > 0 ? kernel_codes(sig) : NULL;

	buf_printf(b, "{si_signo=");
	st_sig(b, sig);
	buf_printf(b, ", si_code=");
	/* -X raw and verbose: the code in hex, as strace. */
	if (st_xlat_get_style() != ST_C_ABBREV) {
		const char *n = st_xlat_name(kc ? kc : st_si_codes, (uint64_t)(int64_t)code);

		buf_printf(b, "%#x", (unsigned)code);
		if (n && st_xlat_get_style() == ST_C_VERBOSE)
			buf_printf(b, " /* %s */", n);
	} else {
		/* A code without a name in hex, as strace. */
		const char *n = st_xlat_name(kc ? kc : st_si_codes, (uint64_t)(int64_t)code);

		if (n)
			buf_printf(b, "%s", n);
		else
			buf_printf(b, "%#x", (unsigned)code);
	}
	if (rd(si, len, 4, 4)) {
		buf_printf(b, ", si_errno=");
		st_xlat_enum(b, st_errno, (uint32_t)rd(si, len, 4, 4), "%llu");
	}
	if (sig == SIGCHLD && code > 0) {
		put_si_pid(b, (int)rd(si, len, 16, 4), o);
		put_uid(b, (uint32_t)rd(si, len, 20, 4));
		buf_printf(b, ", si_status=");
		/* An exit code, or the signal that stopped, continued or killed it. */
		if (code != CLD_EXITED)
			st_sig(b, (int)rd(si, len, 24, 4));
		else
			buf_printf(b, "%d", (int)rd(si, len, 24, 4));
		buf_printf(b, ", si_utime=");
		clock_ticks(b, rd(si, len, 32, 8));
		buf_printf(b, ", si_stime=");
		clock_ticks(b, rd(si, len, 40, 8));
		buf_printf(b, "}");
		return;
	}
	/* SI_KERNEL outside a fault carries nothing more, as strace shows. */
	if (code == 0x80 && sig != SIGSEGV && sig != SIGBUS && sig != SIGILL &&
	    sig != SIGFPE) {
		buf_printf(b, "}");
		return;
	}
	if (code <= 0 || code == 0x80 || !kc) {
		uint64_t val = rd(si, len, 24, 8);

		if (code > 0 && code != 0x80) {
			/* A code of the kernel's for a signal that has none. */
			if (rd(si, len, 16, 4) || rd(si, len, 20, 4))
				{
				put_si_pid(b, (int)rd(si, len, 16, 4), o);
				put_uid(b, (uint32_t)rd(si, len, 20, 4));
			}
			if (val)
				buf_printf(b, ", si_int=%d, si_ptr=%#llx", (int)val,
					   (unsigned long long)val);
			buf_printf(b, "}");
			return;
		}
		if (code == 0x80) {
			buf_printf(b, ", si_addr=%#llx}", (unsigned long long)rd(si, len, 16, 8));
			return;
		}
		/* Sent by a process: who, and the value it sent along. */
		if (code == SI_TIMER)
			buf_printf(b, ", si_timerid=%#x, si_overrun=%d",
				   (unsigned)rd(si, len, 16, 4), (int)rd(si, len, 20, 4));
		else if (code == SI_SIGIO)
			{
			buf_printf(b, ", si_band=%lld", (long long)rd(si, len, 16, 8));
			put_si_fd(b, (int)rd(si, len, 24, 4), tid, o);
			buf_printf(b, "}");
		}
		else
			{
			put_si_pid(b, (int)rd(si, len, 16, 4), o);
			put_uid(b, (uint32_t)rd(si, len, 20, 4));
		}
		if (code == SI_SIGIO)
			return;
		if (code == SI_TIMER || (code != SI_USER && code != SI_TKILL && val))
			buf_printf(b, ", si_int=%d, si_ptr=%#llx", (int)val,
				   (unsigned long long)val);
		buf_printf(b, "}");
		return;
	}
	/* The kernel's own: the fault's fields, by signal and code. */
	switch (sig) {
	case SIGIO:
		buf_printf(b, ", si_band=%lld", (long long)rd(si, len, 16, 8));
		put_si_fd(b, (int)rd(si, len, 24, 4), tid, o);
		break;
	case SIGSYS: {
		buf_printf(b, ", si_call_addr=");
		ptr(b, rd(si, len, 16, 8));
		buf_printf(b, ", si_syscall=");
		st_sys_nr_arch(b, (uint32_t)rd(si, len, 24, 4), (uint32_t)rd(si, len, 28, 4));
		buf_printf(b, ", si_arch=");
		st_xlat_val(b, st_audit_arch, (uint32_t)rd(si, len, 28, 4), "AUDIT_ARCH_???");
		break;
	}
	default:
		buf_printf(b, ", si_addr=%#llx", (unsigned long long)rd(si, len, 16, 8));
		if (sig == SIGSEGV && code == 3) {
			buf_printf(b, ", si_lower=");
			ptr(b, rd(si, len, 32, 8));
			buf_printf(b, ", si_upper=");
			ptr(b, rd(si, len, 40, 8));
		}
		else if (sig == SIGSEGV && code == 4)
			buf_printf(b, ", si_pkey=%u", (unsigned)rd(si, len, 32, 4));
		else if (sig == SIGBUS && (code == 4 || code == 5))
			buf_printf(b, ", si_addr_lsb=%#x", (unsigned)(uint16_t)rd(si, len, 24, 2));
		break;
	}
	buf_printf(b, "}");
}

void st_hexdump(struct buf *b, const unsigned char *p, size_t n, uint64_t from,
		uint64_t len)
{
	static const char hex[] = "0123456789abcdef";
	/* " | ", the offset, " ", 16 of " xx" and one " ", "  ", 16, " |\n" */
	char line[3 + 16 + 1 + 48 + 1 + 2 + 16 + 3];
	int width = 5, w;
	size_t off, i, at;

	/* Past 1 MiB, the hex digits of the last offset, as strace counts them. */
	if (len > 1 << 20)
		width = 1 + (63 - __builtin_clzll(len - 1)) / 4;
	for (off = 0; off < n; off += 16) {
		w = snprintf(line, sizeof(line), " | %0*llx ", width,
			     (unsigned long long)(from + off));
		at = (size_t)w;
		for (i = 0; i < 16; i++) {
			if (i == 8)
				line[at++] = ' ';
			line[at++] = ' ';
			line[at++] = off + i < n ? hex[p[off + i] >> 4] : ' ';
			line[at++] = off + i < n ? hex[p[off + i] & 15] : ' ';
		}
		line[at++] = ' ';
		line[at++] = ' ';
		for (i = 0; i < 16; i++)
			line[at++] = off + i >= n ? ' ' :
				     p[off + i] >= ' ' && p[off + i] < 0x7f ? (char)p[off + i] : '.';
		memcpy(line + at, " |\n", 3);
		buf_put(b, line, at + 3);
	}
}

void st_sockaddr(struct buf *b, const unsigned char *p, size_t len, int x)
{
	sockaddr(b, p, len, x);
}
