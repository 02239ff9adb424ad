/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_DECODE_H
#define FERRET_ST_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "st_fds.h"
#include <string.h>

#include "st_sys.h"
#include "../util.h"

/*
 * The most captures of a call: execve under -v (its path and
 * ST_ARGV_MAX_V strings of argv and of envp, st_prog.h, each with the
 * slot that says more follow), or an iovec array's buffers and the
 * call's other captures.
 */
#define ST_MAXCAPS (ST_IOV_MAX + 32)

/* Memory the kernel read for one argument (see st_sys.h's letters). */
struct st_cap {
	char letter;
	int arg;		/* argument index */
	int idx;		/* E: element; v/V: iovec number */
	uint64_t n;		/* B: the socklen read; E, e: the pointer */
	bool unread;		/* E, e: the string at n could not be read */
	bool cut;		/* E, e: the array could not be read from n on */
	unsigned char *data;
	size_t len;
};

/* One system call as the records describe it. */
struct st_call {
	const struct st_sys *sys;	/* NULL: unknown number */
	long nr;
	long prev_nr;		/* the thread's call before this one, -1 unknown */
	int tid;
	uint64_t args[6];
	int ncaps;
	int64_t ret;
	bool ret_ok;		/* a success whatever ret is (-e inject=:retval=) */
	bool raw;		/* -e raw=: arguments and return in hex, undecoded */
	uint64_t t_enter, t_exit;	/* CLOCK_MONOTONIC ns */
	uint64_t ip_enter, ip_exit;	/* -i: the user ip at entry, exit */
	struct st_cap caps[ST_MAXCAPS];	/* last: clearing a call clears
					 * only the ncaps used */
};

/* c's capture of letter l, argument arg, element idx, or NULL. */
struct st_cap *st_cap_find(const struct st_call *c, char l, int arg, int idx);

struct st_dopts {
	int strsize;		/* -s */
	bool fdpaths;		/* -y, or descriptors named for decode-fds= */
	bool fdplain;		/* a descriptor's path shown (decode-fds=path) */
	bool fdsock, fddev;	/* -yy: sockets' endpoints, devices' numbers */
	bool fdpidfd;		/* -yy: a pidfd's process, "pid:N" */
	int xstyle;		/* -x 1, -xx 2, --strings-in-hex=non-ascii-chars 3 */
	struct st_fds *fds;	/* -y: paths /proc no longer gives */
	bool keep_paths;	/* -y or -P: fds keeps paths */
	bool pidcomm;		/* -Y */
	bool pidns;		/* --pidns-translation */
	bool verbose;		/* -v: structs whole, arrays unabbreviated */
	bool noderef;		/* -e verbose=none: ioctl's structs as addresses */
	bool kvm_vcpu;		/* -e kvm=vcpu: KVM_RUN's exit reason */
	int argv_max;		/* execve's strings shown (st_prog.c's) */
	/* -Y: the name of a traced task as of the record being printed, or
	 * NULL (then /proc says, if the process is still there). */
	const char *(*comm)(void *arg, long pid);
	void *comm_arg;
	/* The call being decoded: -yy's sockets as its records saw them. */
	const struct st_call *call;
};

/* /proc/PID/comm without its newline, "" if the process has gone. */
void st_read_comm(long pid, char *comm, size_t size);
/* -Y: "<comm>" of live process pid, as strace prints it after a pid. */
void st_pid_comm(struct buf *b, long pid, const struct st_dopts *o);

/* The call's name ("syscall_463" for an unknown number) into b. */
void st_call_name(struct buf *b, const struct st_call *c);
/* Index of the first argument decoded only at exit (nargs if none). */
int st_first_out(const struct st_call *c);
/* Arguments from..to-1, separated by ", ". */
void st_decode_args(struct buf *b, const struct st_call *c,
		    const struct st_dopts *o, int from, int to);
int st_call_nargs(const struct st_call *c);
/* True if the call's arguments print as one whole (clone, futex). */
bool st_call_whole(const struct st_call *c);
/* "= 3", "= -1 ENOENT (No such file or directory)" without the "= ". */
void st_decode_ret(struct buf *b, const struct st_call *c,
		   const struct st_dopts *o);
/* True if the call failed (an errno return). */
bool st_call_failed(const struct st_call *c);
/* Whether a line cut at entry puts ", " before "<unfinished ...>". */
bool st_entry_comma(const struct st_call *c);
/*
 * A string quoted as strace quotes it; ellipsis appends "...".  x: 0, or 1
 * (-x: hex escapes throughout if a byte is not printable), 2 (-xx: hex).
 */
void st_quote(struct buf *b, const unsigned char *s, size_t n, bool ellipsis,
	      int x);
/* The tracee's little-endian integers of 2, 4 and 8 bytes at p. */
static inline uint16_t st_u16(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static inline uint32_t st_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline uint64_t st_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/*
 * Up to n bytes of thread tid's memory at a into out, a page at a time,
 * up to a page that cannot be read (or past a NUL when to_nul); how many.
 */
size_t st_tracee_read(int tid, uint64_t a, unsigned char *out, size_t n, bool to_nul);
/*
 * The ids of threads and processes call c passes as arguments (-Y names
 * them), max at most into pids; how many.
 */
int st_call_pid_args(const struct st_call *c, long *pids, int max);
/*
 * A siginfo (the kernel's struct kernel_siginfo) as {si_signo=...}; when
 * o is not NULL, its si_fd with -y's path (thread tid's descriptor) and
 * its si_pid with -Y's name.
 */
void st_decode_siginfo_fd(struct buf *b, int sig, const unsigned char *si, size_t len,
			  int tid, const struct st_dopts *o);
/*
 * The most ancillary data the kernel takes (net.core.optmem_max, rounded
 * up to 8), which strace reads of msg_control at most; 20480, its old
 * default, if unknown.
 */
uint64_t st_optmem_max(void);
/* An I/O priority as strace spells it: IOPRIO_PRIO_VALUE(class, data). */
void st_ioprio(struct buf *b, unsigned v);
/* A sigset of 64 signals, as strace prints one: [USR1 TERM], ~[...]. */
void st_decode_sigset(struct buf *b, uint64_t set);
/*
 * fd, with -y its path: from /proc/TID/fd while the thread lives (and
 * remembered), else what was remembered, else hint (may be NULL).
 */
void st_decode_fd(struct buf *b, int tid, int64_t fd,
		  const struct st_dopts *o, const char *hint);
/* A directory's descriptor: AT_FDCWD by name (-y: the working directory), or as st_decode_fd(). */
void st_decode_dirfd(struct buf *b, int tid, int64_t fd, const struct st_dopts *o);
/* True if c names one of paths, or a descriptor of one (-P). */
bool st_decode_touches(const struct st_call *c, const struct st_dopts *o,
		       char *const *paths, int npaths);
/* After c's line: -y's memory of what close and the dup calls changed. */
void st_decode_after(const struct st_call *c, const struct st_dopts *o);
/*
 * The file the call's path argument names, resolved against its working
 * directory (resolved: PATH_MAX bytes), or NULL.
 */
const char *st_call_path(const struct st_call *c, const struct st_dopts *o,
			 char *resolved);
/*
 * n bytes as -e read= and -e write= show them: lines of 16, each
 * " | OFFSET  HEX...  ASCII |" and a newline; the bytes at offset from
 * (a multiple of 16) of a dump of len bytes, the offsets as wide as
 * strace makes them for that (five digits up to 1 MiB).
 */
void st_hexdump(struct buf *b, const unsigned char *p, size_t n, uint64_t from,
		uint64_t len);
/* An interface index by name where it has one (if_nametoindex("lo")), in the -X style. */
void st_ifindex(struct buf *b, unsigned idx);
/*
 * An IPv4 or IPv6 address (af) at p as strace shows one in the -X style:
 * inet_addr("a.b.c.d") or inet_pton(AF_INET6, "..."), as field's value
 * when field is not NULL.
 */
void st_inet_addr(struct buf *b, const unsigned char *p, int af, const char *field);
/* A sockaddr of len bytes at p as strace prints one (x: -x's style). */
void st_sockaddr(struct buf *b, const unsigned char *p, size_t len, int x);
/*
 * A value in network byte order, n bytes at p, in the -X style: the bytes
 * (raw), the bytes with meaning in a comment (verbose), or meaning alone
 * (abbrev), meaning being the value as the call that makes it: htons(80).
 */
void st_net_val(struct buf *b, const unsigned char *p, size_t n, const char *meaning);
/*
 * The fields after sa_family of the AF_INET or AF_INET6 sockaddr of len
 * bytes at p (at least sockaddr_in's 16, sockaddr_in6's 24), each led by
 * ", ".
 */
void st_sockaddr_inet(struct buf *b, const unsigned char *p, size_t len);

#endif
