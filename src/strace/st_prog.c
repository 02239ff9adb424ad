/* SPDX-License-Identifier: GPL-2.0 */
/* The BPF side of ferret strace, as a program in ferret's language. */
#include <errno.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <linux/if_packet.h>
#include <linux/seccomp.h>
#include <linux/prctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "../kernel/btf.h"
#include "st_bpf.h"
#include "st_bpfsys.h"
#include "st_uring.h"
#include "st_perf.h"
#include "st_keyctl.h"
#include "st_fsconfig.h"
#include "st_kexec.h"
#include "st_ldt.h"
#include "st_move_pages.h"
#include "st_ptrace.h"
#include "st_aio.h"
#include "st_inject.h"
#include "st_prog.h"
#include "st_decode.h"
#include "st_ioctl.h"
#include "st_stack.h"
#include "st_sys.h"

#define ST_STR_(x) #x
#define ST_STR(x) ST_STR_(x)

/* rt_sigreturn's number on x86-64 (asm/unistd_64.h). */
#define ST_NR_RT_SIGRETURN 15

/* Where x86-64 pt_regs keeps each argument, and orig_ax. */
static const int reg_off[6] = { 112, 104, 96, 56, 72, 64 };
#define ORIG_AX 120
/*
 * The E record carries pt_regs bytes REGS_FROM..REGS_FROM+64: r10 to di,
 * the arguments; -i adds orig_ax and ip (REGS_IP_LEN).
 */
#define REGS_FROM 56
#define REGS_IP_LEN 80
#define REGS_IP 128

/*
 * The n bytes at $a (n an expression the verifier can bound) in records
 * of letter l, argument i: record 0 up to the end of $a's page, record
 * ST_IDX_REST what lies past it, which may be unmapped (user space joins
 * them, or marks the capture cut), so that an array that ends a mapping
 * shows what comes before the end.
 */
static void split_read(struct buf *b, char l, int i, const char *n)
{
	buf_printf(b, "$n = %s; $f = 4096 - ($a & 4095); if ($f > $n) { $f = $n; } "
		   "printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $f)); "
		   "if ($n > $f) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($a + $f, $n - $f)); } ",
		   n, l, i, l, i, ST_IDX_REST);
}

int st_prog_iov_shown(const struct st_opts *o)
{
	return o->verbose || o->strsize > ST_IOV_MAX ? ST_IOV_MAX : o->strsize;
}

/*
 * iovec buffers read by straight code at most: past that, a loop, whose
 * body the verifier walks once per entry (~350 instructions, where
 * straight code's pieces, which it prunes, cost a few dozen each), but
 * whose code does not grow with the entries.
 */
#define ST_IOV_UNROLL 64

/*
 * The iovec array at $a of cnt entries (an expression) in records of
 * letter l, argument i: 0 the entries, as many as strace shows and one
 * more (which means "..."), in two pieces (split_read()); k + 1 the
 * first io bytes of entry k's buffer, for each entry shown.  A loop:
 * the verifier walks its body once per entry it may run for, which
 * only -s and -v make more than a few.
 */
static void iov_capture(struct buf *b, const struct st_opts *o, char l,
			int i, const char *cnt, int io)
{
	int n = st_prog_iov_shown(o), k;

	buf_printf(b, "$c = %s; if ($c > %d) { $c = %d; } ", cnt, n + 1, n + 1);
	split_read(b, l, i, "$c * 16");
	/* process_vm_*'s remote iovecs (argument 3) are another process's addresses. */
	if (i == 3)
		return;
	if (n <= ST_IOV_UNROLL) {
		for (k = 0; k < n; k++)
			buf_printf(b, "if ($c > %d) { $p = *($a + %d); $l = *($a + %d); "
				   "if ($l > %d) { $l = %d; } "
				   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $l)); } ",
				   k, 16 * k, 16 * k + 8, io, io, l, i, k + 1);
		return;
	}
	buf_printf(b, "if ($c > %d) { $c = %d; } $k = 0; "
		   "while ($k < $c) { $p = *($a + $k * 16); $l = *($a + $k * 16 + 8); "
		   "if ($l > %d) { $l = %d; } "
		   "printf(\"c%c%d %%d %%d %%r\", $t, $k + 1, buf($p, $l)); $k = $k + 1; } ",
		   n, n, io, io, l, i);
}

/*
 * Copies the pages that hold max bytes from $a (at most $r bytes when r
 * is set: an expression) in records of letter l, argument i, numbered
 * first, first + 1, ...: whole pages from $a's, so that a read that faults loses only
 * a page none of the data is on, and user space skips $a's offset in its
 * page.  Fixed sizes in straight-line code: a loop, or a length the
 * verifier must track, costs it a walk per iteration or per value.
 */
static void pages(struct buf *b, char l, int i, const char *r, int max, int first)
{
	int k, n = (max + 4095) / 4096 + 1;

	buf_printf(b, "$o = $a & 0xfff; $q = $a - $o; ");
	if (r)
		buf_printf(b, "$r = %s; if ($r > %d) { $r = %d; } ", r, max, max);
	for (k = 0; k < n; k++) {
		if (r && k)
			buf_printf(b, "if ($o + $r > %d) { ", 4096 * k);
		buf_printf(b, "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($q + %d, 4096)); ",
			   l, i, first + k, 4096 * k);
		if (r && k)
			buf_printf(b, "} ");
	}
}

/*
 * -v: the instructions of the struct sock_fprog at $a (an unsigned short
 * count, then their address) in page records of letter l, argument i,
 * from number first (st_bpf.h).
 */
static void fprog_insns(struct buf *b, const struct st_opts *o, char l, int i, int first)
{
	if (!o->verbose)
		return;
	buf_printf(b, "$n = *(uint16 *)$a; $a = *($a + 8); if ($a && $n) { ");
	pages(b, l, i, "$n * 8", ST_BPF_INSNS_BYTES, first);
	buf_printf(b, "} ");
}

/*
 * $nlm: ST_NL_READ when call nr1 or nr2 (0: none) is made on a netlink
 * socket (argument 0), else dflt: how many bytes of a buffer it sends or
 * receives to read; and the socket's protocol and inode in a record of
 * its own (ST_L_NLPROTO), which user space could not learn of a
 * descriptor that has been closed or passed on by then.  The task's file table tells, so
 * that a descriptor duplicated, inherited, passed or opened before
 * ferret attached counts as well.  Its file's private_data is taken for a
 * struct socket unchecked: these calls fail with ENOTSOCK on another
 * file, which costs at worst a longer read.  Other calls pay one
 * comparison.
 */
static void netlink_bound(struct buf *b, int nr1, int nr2, int dflt)
{
	buf_printf(b, "$nlm = %d; ", dflt);
	if (dflt >= ST_NL_READ)
		return;
	buf_printf(b, "if ($nr == %d || $nr == %d) { $nlt = curtask->files->fdt; "
		   "$nlk = *(arg0 + %d) & 0xffffffff; if ($nlk < $nlt->max_fds) { "
		   "$nlf = (struct file *)*((uint64)$nlt->fd + $nlk * 8); "
		   "if ($nlf) { $nls = ((struct socket *)$nlf->private_data)->sk; "
		   "if ($nls->__sk_common.skc_family == %d) { $nlm = %d; "
		   "printf(\"c%c%d %%d %%d %%d\", $t, 0, "
		   "$nls->sk_protocol | ($nlf->f_inode->i_ino << 8)); } } } } ",
		   nr1, nr2 ? nr2 : nr1, reg_off[0], AF_NETLINK, ST_NL_READ, ST_L_NLPROTO,
		   ST_NLPROTO_ARG);
}

/*
 * A struct msghdr in records of letter l, argument i: 0 the msghdr, 1 the
 * iovec array (as many entries as -s shows, all under -v, and one
 * more), 2.. the first ST_MSG_BUFS buffers (-s bytes each, a dump's
 * when dumping; netlink_bound()'s on a netlink socket; the others are
 * read from the process when the line prints), 6 msg_name up to its
 * page's end and 8 the rest of it (a name buffer shorter than
 * msg_namelen says at exit may end a mapping), 7 msg_control
 * (st_decode.c's msghdr() reads them).  got, where not NULL, is an
 * expression of the bytes the call received: the buffers are read no
 * further, as the pages past them may never have been touched (a 32 KiB
 * buffer a netlink reply fills the start of), which fails a read of
 * them all.
 */
static void msghdr_capture(struct buf *b, const struct st_opts *o, char l,
			   int i, int base, const char *got)
{
	/* The buffers: -s bytes, or what -e read= and -e write= dump. */
	int s = o->dumping && o->strsize < ST_DUMP_MAX ? ST_DUMP_MAX : o->strsize, k;
	int n = st_prog_iov_shown(o) + 1;

	buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($a, 56)); "
		   "$v = *($a + 16); $c = *($a + 24); if ($c > %d) { $c = %d; } "
		   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($v, $c * 16)); ",
		   l, i, base, n, n, l, i, base + 1);
	netlink_bound(b, __NR_sendmsg, __NR_recvmsg, s);
	if (got)
		buf_printf(b, "$rcv = %s; if ($rcv < 0) { $rcv = 0; } ", got);
	for (k = 0; k < ST_MSG_BUFS; k++)
		buf_printf(b, "if ($c > %d) { $p = *($v + %d); $l = *($v + %d); "
			   "if ($l > $nlm) { $l = $nlm; } %s"
			   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $l)); } ",
			   k, 16 * k, 16 * k + 8,
			   got ? "if ($l > $rcv) { $l = $rcv; } $rcv = $rcv - $l; " : "",
			   l, i, base + k + 2);
	buf_printf(b, "$p = *($a); $l = *($a + 8) & 0xffffffff; if ($l > 128) { $l = 128; } "
		   "$f = 4096 - ($p & 4095); if ($f > $l) { $f = $l; } "
		   "if ($p) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $f)); "
		   "if ($l > $f) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p + $f, $l - $f)); } } "
		   "$p = *($a + 32); $l = *($a + 40); ",
		   l, i, base + 6, l, i, base + 8);
	/*
	 * -v shows every descriptor of an SCM_RIGHTS message: as much as
	 * strace reads (st_optmem_max()), in chunks, for sendmsg and
	 * recvmsg; else 256 bytes.
	 */
	if (o->verbose && !base && l == '+') {
		uint64_t max = st_optmem_max();

		if (max > ST_MSG_CTL_MAX)
			max = ST_MSG_CTL_MAX;
		buf_printf(b, "if ($l < 0 || $l > %llu) { $l = %llu; } if ($p) { "
			   "$m = $l >> %d; $k = 0; while ($k < $m) { "
			   "printf(\"c%c%d %%d %%d %%r\", $t, $k + %d, __ubuf($p + ($k << %d), %d, %d)); "
			   "$k = $k + 1; } $l = $l - ($m << %d); if ($l > 0) { "
			   "printf(\"c%c%d %%d %%d %%r\", $t, $m + %d, __ubuf($p + ($m << %d), $l, %d)); } } } ",
			   (unsigned long long)max, (unsigned long long)max, ST_DUMP_SHIFT,
			   l, i, ST_MSG_CTL_IDX, ST_DUMP_SHIFT, ST_DUMP_CHUNK, ST_DUMP_CHUNK,
			   ST_DUMP_SHIFT, l, i, ST_MSG_CTL_IDX, ST_DUMP_SHIFT, ST_DUMP_CHUNK);
		return;
	}
	buf_printf(b, "if ($l > 256) { $l = 256; } "
		   "if ($p) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $l)); } } ",
		   l, i, base + 7);
}

/*
 * sendmmsg's and recvmmsg's struct mmsghdr array at exit (ST_L_MMSG):
 * as many as the call was given or received, ST_MMSG_MAX at most, then
 * the first ST_MMSG_SHOWN messages each as a msghdr.
 */
static void mmsg_capture(struct buf *b, const struct st_opts *o, int i)
{
	int k;

	buf_printf(b, "$n = *(arg0 + %d) & 0xffffffff; if ($nr == %d) { $n = (int64)arg1; } "
		   "if ($n < 0) { $n = 0; } if ($n > %d) { $n = %d; } $w = $a; ",
		   reg_off[i + 1], __NR_recvmmsg, ST_MMSG_MAX, ST_MMSG_MAX);
	for (k = 0; k < ST_MMSG_SHOWN; k++) {
		buf_printf(b, "if ($n > %d) { $a = $w + %d; ", k, k * ST_MMSG_SIZE);
		msghdr_capture(b, o, ST_L_MMSG, i, ST_MMSG_IDX(k), NULL);
		buf_printf(b, "} ");
	}
}

/*
 * sendmmsg's and recvmmsg's array again, in two pieces (split_read(),
 * records ST_L_MMSG_PART), for one that runs into an unmapped page,
 * which mmsg_capture()'s read in one piece misses whole: a statement of
 * its own after the argument's, where the paths of that have met, as a
 * branch there would have the verifier walk what follows twice.
 */
static void mmsg_parts(struct buf *b)
{
	buf_printf(b, "\tif ($nr == %d || $nr == %d) { $a = *(arg0 + %d); "
		   "$n = *(arg0 + %d) & 0xffffffff; if ($nr == %d) { $n = (int64)arg1; } "
		   "if ($n < 0) { $n = 0; } if ($n > %d) { $n = %d; } if ($a) { ",
		   __NR_sendmmsg, __NR_recvmmsg, reg_off[1], reg_off[2], __NR_recvmmsg,
		   ST_MMSG_MAX, ST_MMSG_MAX);
	split_read(b, ST_L_MMSG_PART, 1, "$n * " ST_STR(ST_MMSG_SIZE));
	buf_printf(b, "} }\n");
}

/*
 * -y: the struct file of each descriptor (ST_SCM_FILES at most) of the
 * SCM_RIGHTS message first or second in sendmsg's control data at
 * entry, or recvmsg's at exit (ST_L_SCM_FILE); a statement of its own, at the top
 * of the program, where its branches cost the verifier little.
 */
static void scm_files(struct buf *b, bool exit)
{
	int k;

	if (exit)
		buf_printf(b, "\tif ($nr == %d && (int64)arg1 >= 0) { ", __NR_recvmsg);
	else
		buf_printf(b, "\tif ($nr == %d) { ", __NR_sendmsg);
	/* The first message, or the second (after SCM_CREDENTIALS, say). */
	buf_printf(b, "$a = *(arg0 + %d); if ($a) { $p = *($a + 32); $l = *($a + 40); "
		   "if ($p && $l >= 20 && *($p + 8) != %llu) { $n = (*($p) + 7) & ~7; "
		   "$p = $p + $n; $l = $l - $n; } "
		   "if ($p && $l >= 20 && *($p + 8) == %llu) { $n = (*($p) - 16) / 4; "
		   "$nlt = curtask->files->fdt; ",
		   reg_off[1], (unsigned long long)SOL_SOCKET | (unsigned long long)SCM_RIGHTS << 32,
		   (unsigned long long)SOL_SOCKET | (unsigned long long)SCM_RIGHTS << 32);
	for (k = 0; k < ST_SCM_FILES; k++)
		buf_printf(b, "if ($n > %d) { $nlk = *(uint32 *)($p + %d); if ($nlk < $nlt->max_fds) { "
			   "printf(\"c%c1 %%d %%d %%d\", $t, %d, *((uint64)$nlt->fd + $nlk * 8)); } } ",
			   k, 16 + 4 * k, ST_L_SCM_FILE, k);
	buf_printf(b, "} } }\n");
}

/*
 * -y: pidfd_getfd's new descriptor at exit, compared with the caller's
 * first ST_GETFD_SCAN others (ST_L_GETFD_SAME, a bit for each that
 * holds the same file): one that holds the same
 * file names what the other process's descriptor named, after both
 * processes have gone.  A statement of its own, at the top of the
 * program.
 */
static void getfd_same(struct buf *b)
{
	int j;

	/*
	 * A bit for each descriptor that holds the file, in arithmetic
	 * (x ^ file is 0 for it): a branch for each would cost the
	 * verifier a walk of what follows; the fd array holds 64 at least
	 * (NR_OPEN_DEFAULT).
	 */
	buf_printf(b, "\tif ($nr == %d && (int64)arg1 >= 0) { $gt = curtask->files->fdt; "
		   "if (arg1 < $gt->max_fds) { $gp = (uint64)$gt->fd; "
		   "$gf = *($gp + arg1 * 8); $gm = 0; ",
		   __NR_pidfd_getfd);
	for (j = 0; j < ST_GETFD_SCAN; j++)
		buf_printf(b, "$gx = *($gp + %d) ^ $gf; $gm = $gm | (((($gx | (0 - $gx)) >> 63) ^ 1) << %d); ",
			   8 * j, j);
	buf_printf(b, "if (arg1 < 64) { $gm = $gm & ~(1 << arg1); } "
		   "if ($gm) { printf(\"c%c0 %%d %%d %%d\", $t, 0, $gm); } } }\n", ST_L_GETFD_SAME);
}

/*
 * A socket option's value of $l bytes, 64 at most (record 0), and as
 * many as strace reads for the option's int or struct (record 1): those
 * may be readable where $l bytes are not, and a struct may be longer
 * than 64.  Its level and name are arguments 1 and 2.
 */
static void sockopt_capture(struct buf *b, char l, int i)
{
	/* level, name, and the size of what strace reads for them */
	static const struct { int level, name, size; } sizes[] = {
		{ SOL_SOCKET, SO_LINGER, 8 }, { SOL_SOCKET, SO_PEERCRED, 12 },
		{ SOL_IP, IP_ADD_MEMBERSHIP, 8 }, { SOL_IP, IP_DROP_MEMBERSHIP, 8 },
		{ SOL_IP, MCAST_JOIN_GROUP, 136 }, { SOL_IP, MCAST_LEAVE_GROUP, 136 },
		{ SOL_IPV6, IPV6_ADD_MEMBERSHIP, 20 }, { SOL_IPV6, IPV6_DROP_MEMBERSHIP, 20 },
		{ SOL_IPV6, IPV6_JOIN_ANYCAST, 20 }, { SOL_IPV6, IPV6_LEAVE_ANYCAST, 20 },
		{ SOL_IPV6, MCAST_JOIN_GROUP, 136 }, { SOL_IPV6, MCAST_LEAVE_GROUP, 136 },
		{ SOL_PACKET, PACKET_ADD_MEMBERSHIP, 16 }, { SOL_PACKET, PACKET_DROP_MEMBERSHIP, 16 },
		{ SOL_PACKET, PACKET_RX_RING, 16 }, { SOL_PACKET, PACKET_TX_RING, 16 },
		{ SOL_PACKET, PACKET_STATISTICS, 12 },
	};
	size_t j;

	buf_printf(b, "$n = 4; $v = *(arg0 + %d) & 0xffffffff; $m = *(arg0 + %d) & 0xffffffff; ",
		   reg_off[1], reg_off[2]);
	for (j = 0; j < ARRAY_SIZE(sizes); j++)
		buf_printf(b, "if ($v == %d && $m == %d) { $n = %d; } ",
			   sizes[j].level, sizes[j].name, sizes[j].size);
	buf_printf(b, "if ($n > $l) { $n = $l; } if ($l > 64) { $l = 64; } "
		   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l)); "
		   "printf(\"c%c%d %%d %%d %%r\", $t, 1, buf($a, $n)); } ",
		   l, i, l, i);
}

/*
 * A string of at most n bytes, reading no further, as strace reads one
 * (what follows may not be mapped): one record with the last byte alone,
 * then the string of the first n - 1, since str() keeps a byte for its
 * NUL (st_out.c keeps them as elements 1 and 0).
 */
static void exact_str(struct buf *b, char l, int i, int n)
{
	buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r %%s\", $t, 0, buf($a + %d, 1), "
		   "str($a, %d)); } ", l, i, n - 1, n);
}

/*
 * exact_str() of the calls' ST_L_LIMSTR strings, each with -s + 1 bytes
 * or its own limit, whichever is less: the limit by call number.
 */
static void limited_str(struct buf *b, const struct st_opts *o, char l, int i)
{
	int nr, lim;

	buf_printf(b, "$n = %d; ", o->strsize + 1);
	for (nr = 0; nr < ST_NR_MAX; nr++) {
		const struct st_sys *s = st_sys_by_nr(nr);

		if (!s || !s->sig || !strchr(s->sig, l))
			continue;
		lim = st_str_limit(s);
		if (lim < o->strsize + 1)
			buf_printf(b, "if ($nr == %d) { $n = %d; } ", nr, lim);
	}
	buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r %%s\", $t, 0, buf($a + $n - 1, 1), "
		   "str($a, $n)); } ", l, i);
}

/*
 * argv strings to one record (see capture()): 8, or as many of -s + 2
 * bytes as the kernel's per-CPU value (ST_REC_VALUE_MAX) holds past
 * the record's 24 bytes of header and fields, each 8-aligned.
 */
static int argv_pack(const struct st_opts *o)
{
	int n = (ST_REC_VALUE_MAX - 24) / ((o->strsize + 2 + 7) / 8 * 8);

	return n < 1 ? 1 : n > 8 ? 8 : n;
}

/* argv strings shown: as many as -s, as strace shows, up to ST_ARGV_MAX. */
static int argv_max(const struct st_opts *o)
{
	return o->strsize < ST_ARGV_MAX ? o->strsize : ST_ARGV_MAX;
}

/* execve's strings shown: -v shows them all, up to ST_ARGV_MAX_V. */
static int strings_max(const struct st_opts *o)
{
	return o->verbose ? ST_ARGV_MAX_V : argv_max(o);
}

/*
 * An array the call filled at exit, of as many elements of size bytes as
 * it returned: as many as strace shows (-s) and one more, which means
 * "...".
 */
static void returned_array(struct buf *b, const struct st_opts *o, char l,
			   int i, int size)
{
	buf_printf(b, "$l = (int64)arg1; if ($l < 0) { $l = 0; } "
		   "if ($l > %d) { $l = %d; } "
		   "printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l * %d)); ",
		   argv_max(o) + 1, argv_max(o) + 1, l, i, size);
}

/*
 * Arguments read at entry and again at exit, in records of a second
 * letter: poll's fds for their revents, ppoll's timeout for the time left.
 */
static char exit_letter(char l)
{
	switch (l) {
	case '(': return ')';
	case '{': return '}';
	case '$': return '!';
	case '|': return '/';
	case '-': return '+';
	case ST_L_PRCTL: return ST_L_PRCTL_OUT;
	case ST_L_PRCTL5: return ST_L_PRCTL5_OUT;
	case '3': return ST_L_CLONE3_OUT;
	case ST_L_SECCOMP: return ST_L_SECCOMP_OUT;
	case ST_L_IOCTL: return ST_L_IOCTL_OUT;
	case ST_L_BPF_ATTR: return ST_L_BPF_ATTR_OUT;
	case ST_L_URING: return ST_L_URING_OUT;
	case ST_L_PERF: return ST_L_PERF_OUT;
	case ST_L_KEYCTL: return ST_L_KEYCTL_OUT;
	case ST_L_MOVE_PAGES: return ST_L_MOVE_PAGES_OUT;
	case ST_L_PTRACE: return ST_L_PTRACE_OUT;
	case ST_L_SENDFILE_OFF: return ST_L_SENDFILE_OFF_OUT;
	case '1': return ST_L_SCHED_SIZE_OUT;
	}
	return 0;
}

/*
 * Letters whose memory is a struct of fixed size: read by one unit of
 * code for them all (fixed_unit()), the size from @sd.
 */
static const struct { char l; int size; } fixed[] = {
	{ 't', 16 }, { 'U', 16 }, { 'T', 144 }, { 'X', 256 },
	{ 'F', 8 }, { 'w', 4 }, { 'q', 32 }, { 'Q', 32 },
	{ 'g', 8 }, { 'j', 16 }, { 'J', 16 },
	{ 'N', 390 }, { '4', 120 }, { '5', 112 },
	{ '&', 12 }, { '*', 144 }, { '@', 32 }, { '[', 32 },
	{ 'n', 4 }, { '|', 4 }, { '2', 48 },
	{ ST_L_ITS, 32 }, { ST_L_ITS_OUT, 32 }, { ST_L_SIGEV, 32 },
	{ ST_L_INT_OUT, 4 }, { ST_L_MQATTR_X, 64 },
	{ ST_L_MQATTR, 64 }, { ST_L_MQATTR_OUT, 64 },
	{ ST_L_INT_IN, 4 }, { ST_L_TIME_OUT, 8 },
	{ ST_L_CAPHDR, 8 }, { ST_L_UTIMES, 32 }, { ST_L_IPCBUF, ST_IPC_BUF_READ },
	{ ST_L_UTIMBUF, 16 }, { ST_L_TIMEVAL2, 32 }, { ST_L_LL_RULESET, 8 },
	{ ST_L_LL_PATH, 12 },
	{ ST_L_SIGINFO, 128 }, { ST_L_KCMP_SLOT, 12 }, { ST_L_ARCH_OUT, 8 },
	{ ']', 32 }, { '<', 24 }, { '>', 24 }, { '=', 4 },
	{ '%', 56 }, { '\'', 208 },
	{ ST_L_TV_IN, 16 }, { ST_L_TV_OUT, 16 }, { ST_L_TZ_IN, 8 }, { ST_L_TZ_OUT, 8 },
	{ ST_L_PTR_OUT, 8 }, { ST_L_ULONG_OUT, 8 }, { ST_L_LOFF_IN, 8 },
	{ ST_L_SYSCTL, 80 }, { ST_L_USER_DESC, ST_USER_DESC_SIZE },
	{ ST_L_IOCB, ST_IOCB_SIZE }, { ST_L_IO_EVENT, ST_IO_EVENT_SIZE },
};

/* The code that reads argument i's memory (letter l) at entry or exit. */
static void capture(struct buf *b, const struct st_opts *o, char l, int i,
		    bool exit)
{
	int s = o->strsize, next = i < 5 ? reg_off[i + 1] : 0, k;
	char len[16];
	char rl = exit && exit_letter(l) ? exit_letter(l) : l;
	/*
	 * Data read or written: -s bytes and one more, as strace reads them
	 * (so that a buffer that ends a mapping just past -s shows as its
	 * address, as in strace); an iovec's buffers all of it, up to a
	 * limit, for a dump.
	 */
	int io = o->dumping && s < ST_DUMP_MAX ? ST_DUMP_MAX : s + 1;

	buf_printf(b, "$a = *(arg0 + %d); ", reg_off[i]);
	switch (l) {
	case 'P':
		/* A path: PATH_MAX bytes, as strace reads it. */
		exact_str(b, l, i, ST_PATH_READ);
		break;
	case 'S':
		/* -s characters and one more, which tells a longer string. */
		exact_str(b, l, i, s + 1);
		break;
	case 'W':
		/*
		 * In two pieces: what precedes a mapping's end still shows.
		 * What -e write= dumps comes apart (dump_capture()).
		 */
		netlink_bound(b, __NR_sendto, 0, s + 1);
		buf_printf(b, "$w = *(arg0 + %d); if ($w > $nlm) { $w = $nlm; } ", next);
		split_read(b, l, i, "$w");
		break;
	case 'A':
		buf_printf(b, "$l = *(arg0 + %d); if ($l > 128) { $l = 128; } "
			   "printf(\"cA%d %%d %%d %%r\", $t, 0, buf($a, $l)); ",
			   next, i);
		break;
	case '\\':
		/* A path the call wrote: as long as it returned, never cut by -s. */
		buf_printf(b, "$l = (int64)arg1; if ($l < 0) { $l = 0; } if ($l > 4096) { $l = 4096; } "
			   "printf(\"c\\\\%d %%d %%d %%r\", $t, 0, buf($a, $l)); ", i);
		break;
	case 'H':
		/* rt_sigpending fills as many bytes as its size asks, 8 at most. */
		buf_printf(b, "$l = *(arg0 + %d); if ($l > 8) { $l = 8; } "
			   "printf(\"cH%d %%d %%d %%r\", $t, 0, buf($a, $l)); ", next, i);
		break;
	case 'R':
		/*
		 * As much as the call returned, but no more than the buffer
		 * (the next argument) holds: recvfrom() with MSG_TRUNC
		 * returns the datagram's length.
		 */
		netlink_bound(b, __NR_recvfrom, 0, s + 1);
		buf_printf(b, "$l = (int64)arg1; if ($l < 0) { $l = 0; } if ($l > $nlm) { $l = $nlm; } "
			   "$m = (int64)*(arg0 + %d); if ($m >= 0 && $m < $l) { $l = $m; } "
			   "printf(\"cR%d %%d %%d %%r\", $t, 0, buf($a, $l)); ",
			   next, i);
		break;
	case 'B':
		/*
		 * The kernel wrote no more than the caller's length, which
		 * is gone at exit: up to the page's end in one record, what
		 * lies past it in another, so that a short buffer at the end
		 * of a mapping still shows.
		 */
		buf_printf(b, "$p = *(arg0 + %d); $l = 0; if ($p) { $l = *(uint32 *)$p; } "
			   "$m = $l; if ($m > 128) { $m = 128; } "
			   "$f = 4096 - ($a & 4095); if ($f > $m) { $f = $m; } "
			   "printf(\"cB%d %%d %%d %%r\", $t, $l, buf($a, $f)); "
			   "if ($m > $f) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a + $f, $m - $f)); } ",
			   next, i, ST_L_SOCKADDR_REST, i);
		break;
	case 'v':
	case 'V':
		snprintf(len, sizeof(len), "*(arg0 + %d)", next);
		iov_capture(b, o, l, i, len, io);
		break;
	case 'E':
		/*
		 * The pointers, one array read in two pieces (split_read()),
		 * which tell user space where the array ends and where it
		 * stops being readable; then argv_pack() strings to a record:
		 * straight code, no loop (the verifier walks a loop once per
		 * iteration and per way out) and no test per string, whose
		 * branches would each be a state to walk.  Strings past the
		 * NULL are read and dropped; a record starts only if the slot
		 * before it is not NULL.  One more slot than shown: its
		 * presence means "...".
		 */
	strings:
		snprintf(len, sizeof(len), "%d", 8 * (strings_max(o) + 1));
		split_read(b, ST_L_ARGV_PTRS, i, len);
		for (k = 0; k <= strings_max(o); k += argv_pack(o)) {
			int m, nstr = strings_max(o) + 1 - k;

			if (nstr > argv_pack(o))
				nstr = argv_pack(o);
			if (k)
				buf_printf(b, "$p = *($a + %d); if ($p != 0) { ", 8 * (k - 1));
			buf_printf(b, "printf(\"cE%d %%d %%d", i);
			for (m = 0; m < nstr; m++)
				buf_printf(b, " %%s");
			buf_printf(b, "\", $t, %d", k);
			for (m = 0; m < nstr; m++)
				buf_printf(b, ", str(*($a + %d), %d)", 8 * (k + m),
					   k + m < strings_max(o) ? s + 2 : 1);
			buf_printf(b, "); ");
			if (k)
				buf_printf(b, "} ");
		}
		break;
	case ST_L_PRCTL:
		/*
		 * prctl's second argument, whatever the option makes of it
		 * (st_decode.c decides): at entry a name of at most 15
		 * characters; at exit an int, a pointer and a name.
		 */
		if (!exit) {
			/* The name up to its NUL, and its first 15 bytes, which
			 * tell a name cut at 15 from one that ends there. */
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%s\", $t, 0, str($a, 16)); "
				   "printf(\"c%c%d %%d %%d %%r\", $t, 1, buf($a, 15)); } ",
				   l, i, l, i);
			break;
		}
		for (k = 0; k < 3; k++)
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($a, %d)); } ",
				   rl, i, k, 4 << k);
		break;
	case ST_L_FUTEXV:
		buf_printf(b, "$w = *(arg0 + %d) & 0xffffffff; if ($w > %d) { $w = %d; } "
			   "if ($a) { ", next, ST_FUTEXV_MAX + 1, ST_FUTEXV_MAX + 1);
		split_read(b, l, i, "$w * 24");
		buf_printf(b, "} ");
		break;
	case ST_L_PRCTL_FPROG:
		buf_printf(b, "if ($a && (*(arg0 + %d) & 0xffffffff) == %d && "
			   "(*(arg0 + %d) & 0xffffffff) == %d) { "
			   "printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 16)); ",
			   reg_off[0], PR_SET_SECCOMP, reg_off[1], SECCOMP_MODE_FILTER, l, i);
		fprog_insns(b, o, l, i, 1);
		buf_printf(b, "} ");
		break;
	case ST_L_PRCTL5:
		/* PR_SET_VMA's name at entry, as an 'S' string; a u64 at exit. */
		if (!exit)
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%s\", $t, 0, str($a)); } ",
				   l, i);
		else
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 8)); } ",
				   rl, i);
		break;
	case '3':
		if (exit) {
			/* The pidfd and the parent's tid the call wrote. */
			buf_printf(b, "if ($a) { $p = *($a + 8); if ($p) { "
				   "printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($p, 4)); } "
				   "$p = *($a + 24); if ($p) { "
				   "printf(\"c%c%d %%d %%d %%r\", $t, 1, buf($p, 4)); } } ",
				   rl, i, rl, i);
			break;
		}
		/*
		 * The struct, as much as the size (the next argument) says;
		 * what follows it up to a page, which strace shows when not
		 * zeros; the set_tid array, 32 tids at most.
		 */
		buf_printf(b, "if ($a) { $l = *(arg0 + %d); if ($l > %d) { $l = %d; } "
			   "printf(\"c3%d %%d %%d %%r\", $t, 0, buf($a, $l)); "
			   "$l = *(arg0 + %d); if ($l > 4096) { $l = 4096; } "
			   "if ($l > %d) { printf(\"c3%d %%d %%d %%r\", $t, 1, buf($a + %d, $l - %d)); } "
			   "$p = *($a + 64); $n = *($a + 72); "
			   "if ($p != 0 && $n > 0 && $n <= 32) { "
			   "printf(\"c3%d %%d %%d %%r\", $t, 2, buf($p, $n * 4)); } } ",
			   next, ST_CLONE_ARGS_SIZE, ST_CLONE_ARGS_SIZE, i, next,
			   ST_CLONE_ARGS_SIZE, i, ST_CLONE_ARGS_SIZE, ST_CLONE_ARGS_SIZE, i);
		break;
	case ST_L_SECCOMP:
		/* What the operation (argument 0) reads or writes there. */
		if (exit) {
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 6)); } ",
				   rl, i);
			break;
		}
		buf_printf(b, "$n = 16; if ((*(arg0 + %d) & 0xffffffff) == %d) { $n = 4; } "
			   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $n)); ",
			   reg_off[0], SECCOMP_GET_ACTION_AVAIL, l, i);
		if (o->verbose) {
			buf_printf(b, "if ((*(arg0 + %d) & 0xffffffff) == %d) { ",
				   reg_off[0], SECCOMP_SET_MODE_FILTER);
			fprog_insns(b, o, l, i, 1);
			buf_printf(b, "} ");
		}
		buf_printf(b, "} ");
		break;
	case ST_L_LIMSTR:
		limited_str(b, o, l, i);
		break;
	case ST_L_CAPDATA:
	case ST_L_CAPDATA_OUT:
		/* Two structs, in two pieces: version 1's one may end a mapping. */
		buf_printf(b, "if ($a) { ");
		split_read(b, l, i, "24");
		buf_printf(b, "} ");
		break;
	case ST_L_NODEMASK:
	case ST_L_NODEMASK_OUT:
	case ST_L_NODEMASK_A1:
		/*
		 * unsigned long[(maxnode + 62) / 64]: as many as -s shows and
		 * one more, up to the one that cannot be read.
		 */
		buf_printf(b, "$c = (*(arg0 + %d) + 62) / 64; if ($c > %d) { $c = %d; } if ($a) { ",
			   l == ST_L_NODEMASK_A1 ? reg_off[1] : next, argv_max(o) + 1,
			   argv_max(o) + 1);
		split_read(b, l, i, "$c * 8");
		buf_printf(b, "} ");
		break;
	case ST_L_GIDS_IN:
		/* gid_t[size] (argument 0): as many as -s shows and one more. */
		buf_printf(b, "$c = *(arg0 + %d) & 0xffffffff; if ($c > %d) { $c = %d; } if ($a) { ",
			   reg_off[0], argv_max(o) + 1, argv_max(o) + 1);
		split_read(b, l, i, "$c * 4");
		buf_printf(b, "} ");
		break;
	case ST_L_SEMBUF:
		/* struct sembuf[nsops], 6 bytes each: as many as -s shows, and one more. */
		buf_printf(b, "$c = *(arg0 + %d) & 0xffffffff; if ($c > %d) { $c = %d; } if ($a) { ",
			   next, argv_max(o) + 1, argv_max(o) + 1);
		split_read(b, l, i, "$c * 6");
		buf_printf(b, "} ");
		break;
	case ST_L_MSGBUF:
	case ST_L_MSGBUF_OUT:
		/* long mtype, then the text: the next argument's bytes, -s at most. */
		buf_printf(b, "$l = *(arg0 + %d); if ($l > %d) { $l = %d; } "
			   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l + 8)); } ",
			   next, s, s, l, i);
		break;
	case '~':
		/*
		 * rt_sigreturn: the mask it restores, in the signal frame on
		 * the user stack (pt_regs' sp at 152): the frame's return
		 * address has been popped, and its ucontext's uc_sigmask is
		 * 296 bytes in (flags, link, stack_t, sigcontext).
		 */
		buf_printf(b, "$a = *(arg0 + 152) + 296; "
			   "printf(\"c~%d %%d %%d %%r\", $t, 0, buf($a, 8)); ", i);
		break;
	case '6':
		/* gid_t[] */
		returned_array(b, o, l, i, 4);
		break;
	case '(': {
		/*
		 * struct pollfd[nfds] (an unsigned int): at entry as many as
		 * strace shows and one more (-v: all); at exit those whose
		 * revents it may show, which can be anywhere in the array.
		 */
		int max = exit || o->verbose ? ST_POLL_OUT_MAX : argv_max(o) + 1;

		buf_printf(b, "$c = *(arg0 + %d) & 0xffffffff; if ($c > %d) { $c = %d; } ",
			   next, max, max);
		split_read(b, rl, i, "$c * 8");
		break;
	}
	case '{':
		buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 16)); } ",
			   rl, i);
		break;
	case ST_L_IOCTL:
		/*
		 * In two pieces: a short struct may end a mapping.  ioctl's
		 * argument as long as the size its request carries, when
		 * that is longer (st_ioctl.h): the task may change it
		 * before user space could read it.
		 */
		snprintf(len, sizeof(len), "%d", ST_IOCTL_READ);
		if (i == 2) {
			buf_printf(b, "$z = %d; if ($nr == %d) { $z = (*(arg0 + %d) >> 16) & 0x3fff; "
				   "if ($z < %d) { $z = %d; } if ($z > %d) { $z = %d; } } ",
				   ST_IOCTL_READ, __NR_ioctl, reg_off[1], ST_IOCTL_READ,
				   ST_IOCTL_READ, ST_IOCTL_READ_MAX, ST_IOCTL_READ_MAX);
			if (o->verbose) {
				snprintf(len, sizeof(len), "*(arg0 + %d)", reg_off[1]);
				st_ioctl_len_capture(b, len);
			}
			snprintf(len, sizeof(len), "$z");
		}
		split_read(b, rl, i, len);
		/* And what requests need past them, or a pointer in them gives. */
		snprintf(len, sizeof(len), "*(arg0 + %d)", reg_off[1]);
		st_ioctl_capture(b, rl, i, s, len);
		break;
	case '+':
	case '-':
		msghdr_capture(b, o, exit ? '+' : rl, i, 0, exit ? "(int64)arg1" : NULL);
		break;
	case ST_L_MMSG:
		/* recvmmsg at entry: each msg_namelen as given. */
		if (!exit) {
			buf_printf(b, "if ($a && $nr == %d) { $n = *(arg0 + %d) & 0xffffffff; "
				   "if ($n > %d) { $n = %d; } ",
				   __NR_recvmmsg, next, ST_MMSG_MAX, ST_MMSG_MAX);
			split_read(b, ST_L_MMSG_IN, i, "$n * " ST_STR(ST_MMSG_SIZE));
			buf_printf(b, "} ");
			break;
		}
		mmsg_capture(b, o, i);
		break;
	case ST_L_BPF_ATTR:
		st_bpfsys_capture(b, o, exit, reg_off[0], reg_off[2]);
		break;
	case ST_L_URING:
		st_uring_capture(b, exit, reg_off);
		break;
	case ST_L_PERF:
		st_perf_capture(b, exit);
		break;
	case ST_L_KEYCTL:
		st_keyctl_capture(b, o, exit, reg_off);
		break;
	case ST_L_FSCONFIG:
		st_fsconfig_capture(b, o, reg_off);
		break;
	case ST_L_KEXEC:
		st_kexec_capture(b, o, i, reg_off);
		break;
	case ST_L_MOVE_PAGES:
		st_move_pages_capture(b, o, exit, reg_off);
		break;
	case ST_L_PTRACE:
		st_ptrace_capture(b, o, exit, reg_off);
		break;
	case ST_L_AIO_IOCBS:
	case ST_L_IO_EVENTS:
		st_aio_capture(b, o, l, i, reg_off);
		break;
	case '$':
		/* An fd_set of nfds (argument 0) bits, 1024 at most. */
		buf_printf(b, "$l = (*(arg0 + %d) & 0xffffffff) + 7; if ($l > 1031) { $l = 1031; } "
			   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l / 8)); } ",
			   reg_off[0], rl, i);
		break;
	case '?':
		/* pselect6's { const sigset_t *ss; size_t ss_len; }, and *ss. */
		buf_printf(b, "if ($a) { printf(\"c?%d %%d %%d %%r\", $t, 0, buf($a, 16)); "
			   "$p = *($a); if ($p) { printf(\"c'%d %%d %%d %%r\", $t, 0, buf($p, 8)); } } ",
			   i, i);
		break;
	case '.':
		/* setsockopt's value: optlen (the next argument) bytes, 64 at most. */
		buf_printf(b, "$l = *(arg0 + %d) & 0xffffffff; ", next);
		sockopt_capture(b, l, i);
		/* A socket filter's program, from record 2. */
		if (o->verbose) {
			buf_printf(b, "if ($a && $v == %d && ($m == %d || $m == %d) && $l == 16) { ",
				   SOL_SOCKET, SO_ATTACH_FILTER, SO_ATTACH_REUSEPORT_CBPF);
			fprog_insns(b, o, l, i, 2);
			buf_printf(b, "} ");
		}
		break;
	case ',':
		/* getsockopt's value: as many bytes as *optlen says at exit. */
		buf_printf(b, "$p = *(arg0 + %d); $l = 0; if ($p) { $l = *(uint32 *)$p; } ", next);
		sockopt_capture(b, l, i);
		/* SO_GET_FILTER: *optlen instructions, from record 2. */
		if (o->verbose) {
			buf_printf(b, "if ($a && $v == %d && $m == %d) { $l = *(uint32 *)$p; ",
				   SOL_SOCKET, SO_ATTACH_FILTER);
			pages(b, l, i, "$l * 8", ST_BPF_INSNS_BYTES, 2);
			buf_printf(b, "} ");
		}
		break;
	case '0':
		/*
		 * struct open_how, and what follows it up to its size (the
		 * next argument, a page at most), which strace shows when
		 * not all zeros.
		 */
		buf_printf(b, "if ($a) { printf(\"c0%d %%d %%d %%r\", $t, 0, buf($a, 24)); "
			   "$l = *(arg0 + %d); if ($l > 4096) { $l = 4096; } "
			   "if ($l > 24) { printf(\"c0%d %%d %%d %%r\", $t, 1, buf($a + 24, $l - 24)); } } ",
			   i, next, i);
		break;
	case '_':
		/* A CPU mask: the bytes the kernel wrote (the return value). */
		buf_printf(b, "$l = (int64)arg1; if ($l < 0) { $l = 0; } if ($l > 128) { $l = 128; } "
			   "printf(\"c_%d %%d %%d %%r\", $t, 0, buf($a, $l)); ", i);
		break;
	case '1':
		/* struct sched_attr; at exit its size, which E2BIG rewrote. */
		if (exit)
			buf_printf(b, "if ($a && (int64)arg1 == %d) { "
				   "printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 4)); } ",
				   -E2BIG, rl, i);
		else
			buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 56)); } ",
				   l, i);
		break;
	case ST_L_SENDFILE_OFF:
		buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 8)); } ", rl, i);
		break;
	case ST_L_CPUMASK_IN:
		buf_printf(b, "$l = *(arg0 + %d) & 0xffffffff; if ($l > 128) { $l = 128; } "
			   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l)); } ",
			   reg_off[i - 1], l, i);
		break;
	case ST_L_MINCORE_OUT:
		buf_printf(b, "$l = (*(arg0 + %d) + 4095) / 4096; if ($l > %d) { $l = %d; } "
			   "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, $l)); } ",
			   reg_off[i - 1], s + 1, s + 1, l, i);
		break;
	case '^':
		/* struct epoll_event[] (12 bytes, packed) */
		returned_array(b, o, l, i, 12);
		break;
	case 'e':
		/*
		 * execve unabbreviated (-v): the strings, as argv's; else the
		 * pointers, counted in user space (see pages()).
		 */
		if (o->unabbrev[__NR_execve])
			goto strings;
		pages(b, l, i, NULL, ST_ENVP_BYTES, 0);
		break;
	case 'G':
		/* The entries written, counted in user space. */
		pages(b, l, i, "(int64)arg1", ST_DENTS_BYTES, 0);
		break;
	case '|':
		/* A socklen_t in, read again at exit as '/' (see exit_letter()). */
		buf_printf(b, "if ($a) { printf(\"c%c%d %%d %%d %%r\", $t, 0, buf($a, 4)); } ",
			   rl, i);
		break;
	}
}

/*
 * Strings and buffers read at entry that are read again at exit when the
 * entry read found nothing: a page the tracee has never touched (a string
 * literal, a page shared since fork) cannot be read from BPF until the
 * call itself faults it in.  Not after an execve that succeeded, whose
 * exit sees the new image.
 */
static bool refetched(char l)
{
	return l == 'P' || l == 'S' || l == 'W';
}

/* Whether call s has an argument refetched() letters name. */
static bool can_refetch(const struct st_sys *s)
{
	int i;

	if (!s || !s->sig)
		return false;
	for (i = 0; i < st_sys_nargs(s); i++)
		if (refetched(s->sig[i]))
			return true;
	return false;
}

/*
 * The bit of a refetched argument in @rr: which letter (P, S, W) of
 * which argument the exit reads again.
 */
static unsigned long refetch_bit(char l, int i)
{
	return 1UL << ((l == 'P' ? 0 : l == 'S' ? 6 : 12) + i);
}

static bool traced(const struct st_opts *o, long nr)
{
	if (!o->filtered)
		return true;
	/* As strace: a number the table does not name is traced whatever the filter. */
	if (nr >= ST_NR_MAX || !st_sys_by_nr(nr))
		return true;
	return o->traced[nr] || st_fd_keeping(o, nr);
}

uint64_t st_prog_fixed(unsigned char l)
{
	size_t j;

	/* Not those read again at exit under a letter of their own ('|'). */
	if (exit_letter((char)l))
		return 0;
	for (j = 0; j < ARRAY_SIZE(fixed); j++)
		if ((unsigned char)fixed[j].l == l)
			return (uint64_t)fixed[j].size |
			       (st_sys_is_in((char)l) ? ST_FIXED_IN : 0) |
			       (st_sys_is_out((char)l) ? ST_FIXED_OUT : 0);
	return 0;
}

/* Whether letter l is read by fixed_unit() in this phase. */
static bool fixed_in(char l, bool exit)
{
	return st_prog_fixed((unsigned char)l) & (exit ? ST_FIXED_OUT : ST_FIXED_IN);
}

/* The letter argument i of call s has in a phase's code, or 0. */
static char slot_letter(const struct st_opts *o, const struct st_sys *s,
			int i, bool exit)
{
	char l;

	if (!o->lines || !s || !s->sig || i >= st_sys_nargs(s))
		return 0;
	l = s->sig[i];
	if (exit ? st_sys_is_out(l) || exit_letter(l) : st_sys_is_in(l))
		return l;
	return 0;
}

uint64_t st_prog_desc(const struct st_opts *o, long nr)
{
	const struct st_sys *s = nr < ST_NR_MAX ? st_sys_by_nr(nr) : NULL;
	uint64_t d;
	int i;

	if (!traced(o, nr))
		return 0;
	d = ST_DESC_TRACED;
	/* -e raw=: the registers alone. */
	for (i = 0; s && o->lines && s->sig && !o->raw[nr] && i < st_sys_nargs(s); i++) {
		d |= (uint64_t)(unsigned char)s->sig[i] << (8 * i);
		if (slot_letter(o, s, i, false))
			d |= ST_DESC_ENTRY;
		if (slot_letter(o, s, i, true))
			d |= ST_DESC_EXIT;
	}
	if (o->lines && can_refetch(s))
		d |= ST_DESC_REFETCH;
	if (st_inj_has(o->inject, nr))
		d |= ST_DESC_INJECT;
	return d;
}

bool st_prog_uses_pids(const struct st_opts *o, int ntids)
{
	/* -b execve: a task let go leaves the set. */
	return o->follow || ntids > 1 || o->detach_exec;
}

/* Whether the thread id in expression e is traced. */
static void is_traced(struct buf *b, const struct st_opts *o, int ntids,
		      const char *e)
{
	if (st_prog_uses_pids(o, ntids))
		buf_printf(b, "@pids[%s]", e);
	else
		/* An array's lookup, which the verifier inlines: no hash. */
		buf_printf(b, "%s == @sd[%d]", e, ST_SD_TID);
}

static void pred(struct buf *b, const struct st_opts *o, int ntids)
{
	buf_printf(b, "/");
	is_traced(b, o, ntids, "tid");
	buf_printf(b, "/");
}

/*
 * At exit, for the calls that may have some: the strings and buffers
 * whose read at entry found nothing, read again.
 */
static void refetch_code(struct buf *b, const struct st_opts *o)
{
	static const char letters[] = "PSW";
	bool used[3][6] = { { false } };
	int nr, i, j;

	for (nr = 0; nr < ST_NR_MAX; nr++) {
		const struct st_sys *s = st_sys_by_nr(nr);

		if (!s || !traced(o, nr) || !can_refetch(s))
			continue;
		for (i = 0; i < st_sys_nargs(s); i++)
			for (j = 0; j < 3; j++)
				if (s->sig[i] == letters[j])
					used[j][i] = true;
	}
	for (j = 0, i = 0; i < 18; i++)
		j |= used[i / 6][i % 6];
	if (!j)
		return;
	/*
	 * Nothing after an execve that succeeded: $x is 1 for execve and
	 * execveat, $y 1 for a return of 0 or more; arithmetic, as a
	 * branch would have the verifier walk what follows twice.
	 */
	buf_printf(b, "\tif ($d & %llu) { $r = @rr[$t]; if ($r) { delete(@rr[$t]); "
		   "$x = ((($nr ^ %d) - 1) >> 63) | ((($nr ^ %d) - 1) >> 63); "
		   "$y = ((uint64)arg1 >> 63) ^ 1; $r = $r & (($x & $y) - 1); ",
		   (unsigned long long)ST_DESC_REFETCH, __NR_execve, __NR_execveat);
	for (j = 0; j < 3; j++)
		for (i = 0; i < 6; i++) {
			if (!used[j][i])
				continue;
			buf_printf(b, "if ($r & %lu) { ", refetch_bit(letters[j], i));
			capture(b, o, letters[j], i, false);
			buf_printf(b, "} ");
		}
	buf_printf(b, "} }\n");
}

/* The capture code of argument i for letter l, with its refetch mark. */
static void unit(struct buf *b, const struct st_opts *o, int i, char l,
		 bool exit)
{
	buf_printf(b, "if ($g == %d) { ", (unsigned char)l);
	capture(b, o, l, i, exit);
	if (!exit && refetched(l))
		/* A first byte of 0: nothing read, or an empty string. */
		buf_printf(b, "if (($d & %llu) && $a != 0 && *(uint8 *)$a == 0) { "
			   "@rr[$t] = @rr[$t] | %lu; } ",
			   (unsigned long long)ST_DESC_REFETCH, refetch_bit(l, i));
	buf_printf(b, "} ");
}

/* A binary search over letters[lo, hi) on $g, down to their units. */
static void letter_tree(struct buf *b, const struct st_opts *o, int i,
			const char *letters, int lo, int hi, bool exit)
{
	int mid = lo + (hi - lo) / 2;

	if (hi - lo == 1) {
		unit(b, o, i, letters[lo], exit);
		return;
	}
	buf_printf(b, "if ($g < %d) { ", (unsigned char)letters[mid]);
	letter_tree(b, o, i, letters, lo, mid, exit);
	buf_printf(b, "} else { ");
	letter_tree(b, o, i, letters, mid, hi, exit);
	buf_printf(b, "} ");
}

/*
 * The capture code of argument i: the letter of the call's descriptor
 * found by a binary search among those traced calls have there, then
 * its unit.  One statement per argument, which the compiler may put in
 * a part of its own (see phase()).  The verifier cannot know the letter
 * (it comes from a map), so it walks each unit once and the paths meet
 * again after it: its work grows with the letters, not with the calls.
 */
static void slot_code(struct buf *b, const struct st_opts *o, int i,
		      bool exit, const char *guard)
{
	bool seen[256] = { false }, any_fixed = false;
	char letters[256];
	int nr, n = 0;

	for (nr = 0; nr < ST_NR_MAX; nr++) {
		char l;

		if (!traced(o, nr))
			continue;
		l = slot_letter(o, st_sys_by_nr(nr), i, exit);
		if (l)
			seen[(unsigned char)l] = true;
	}
	for (nr = 1; nr < 256; nr++)
		if (seen[nr] && fixed_in((char)nr, exit))
			any_fixed = true;
		else if (seen[nr])
			letters[n++] = (char)nr;
	if (!n && !any_fixed)
		return;
	buf_printf(b, "\t$g = ($d >> %d) & 0xff;\n\tif ($g%s%s) { ", 8 * i,
		   guard ? " && " : "", guard ? guard : "");
	/*
	 * The fixed-size structs: the size and phase from @sd, the letter
	 * in the record (no branch per letter for the verifier to walk).
	 */
	if (any_fixed) {
		buf_printf(b, "$z = @sd[%d + $g]; if ($z & %llu) { $a = *(arg0 + %d); "
			   "if ($a) { printf(\"c%c%d %%d %%d %%d %%r\", $t, 0, $g, buf($a, $z & 0xffff)); } } ",
			   ST_FIXED_BASE, (unsigned long long)(exit ? ST_FIXED_OUT : ST_FIXED_IN),
			   reg_off[i], ST_FIXED_REC, i);
		if (n)
			buf_printf(b, "else { ");
	}
	if (n)
		letter_tree(b, o, i, letters, 0, n, exit);
	if (any_fixed && n)
		buf_printf(b, "} ");
	buf_printf(b, "}\n");
}

/*
 * -k: the thread's registers (pt_regs up to sp) and its user stack from
 * the stack pointer up, to its page's end, then ST_STACK_BYTES more in
 * a record a page, numbered (st_stack.c): a page past the stack's end,
 * or one inside it never touched, cannot be read.  which: 2 at a signal's
 * delivery, with regs the thread's user registers.  The main thread's frames
 * are all below mm->start_stack (argc; argv and the environment lie
 * above): no page past it is sent.  which: 0 at entry, 1 at
 * an execve's exit (the new program's first frame).
 */
static void stack_capture(struct buf *b, int which, const char *regs)
{
	int k;

	buf_printf(b, "printf(\"U %%d %%d %%r\", $t, %d, buf(%s, %d)); "
		   "$a = *(%s + 152); $f = $a & 4095; $q = $a - $f; "
		   "$e = curtask->mm->start_stack; ", which, regs, ST_STACK_REGS, regs);
	/*
	 * At an execve's return the stack pointer is at argc: what lies
	 * above (argv, envp, the auxiliary vector) places the program.
	 */
	if (which == 1)
		buf_printf(b, "$e = $a + %d; ", 2 * 4096);
	else
		buf_printf(b, "if ($e < $a || $e - $a > %d) { $e = $a + %d; } ",
			   ST_STACK_BYTES + 4096, ST_STACK_BYTES + 4096);
	buf_printf(b, "printf(\"u %%d %%d %%r\", $t, 0, buf($a, 4096 - $f)); ");
	for (k = 1; k <= ST_STACK_BYTES / 4096; k++)
		buf_printf(b, "if ($q + %d < $e) { printf(\"u %%d %%d %%r\", $t, %d, buf($q + %d, 4096)); } ",
			   4096 * k, k, 4096 * k);
}

/*
 * -e inject=: what ferret told @inj of the thread's call (st_inject.h),
 * for the calls of the set.  At entry, a call that runs: its signal, and
 * a "J" record before its "E".  At exit, a call that did not run (no
 * sys_enter saw it): the same, its "E" record and its stack, from the
 * registers, which hold its arguments still; $j says so to the code of
 * the entry's reads that follows.
 */
static void inject_code(struct buf *b, const struct st_opts *o, bool exit,
			const char *now)
{
	int sigs[8], n = st_inj_signals(o->inject, sigs, 8), k;

	if (exit)
		buf_printf(b, "\t$j = 0;\n");
	buf_printf(b, "\tif ($d & %llu) { $j = @inj[$t]; if ($j%s) { delete(@inj[$t]); ",
		   (unsigned long long)ST_DESC_INJECT, exit ? " & 1" : "");
	for (k = 0; k < n; k++)
		buf_printf(b, "if (($j >> %d) == %d) { signal_thread(%d); } ",
			   ST_INJ_SIG_SHIFT, sigs[k], sigs[k]);
	if (o->lines)
		buf_printf(b, "printf(\"J %%d %%d\", $t, $j); ");
	if (exit && o->summary)
		buf_printf(b, "@st[$t] = (nsecs, $nr); ");
	if (exit && o->lines) {
		buf_printf(b, "printf(\"E %%d %%d %%d %%r\", $t, $nr, %s, buf(arg0 + %d, %d)); ",
			   now, REGS_FROM, o->iptr ? REGS_IP_LEN : 64);
		if (o->stack)
			stack_capture(b, 0, "arg0");
	}
	buf_printf(b, "}%s }\n", exit ? " else { $j = 0; }" : "");
}

/* Children of the caller -Y looks through for a pid argument's name. */
#define ST_PIDCOMM_KIDS 16

/*
 * -Y: the name of the process a pid argument of wait4, waitid (P_PID),
 * kill, tkill or tgkill names, when it is a child of the calling thread,
 * read at the call's entry ("N pid comm"): these calls can reap it, or
 * make it go, before the line prints and /proc is read.  A walk of the
 * thread's children list (its first ST_PIDCOMM_KIDS), as no kernel
 * function that finds a task by its pid is callable from a raw
 * tracepoint.  Other calls pay a few comparisons.
 */
static void pid_comms(struct buf *b)
{
	int sib, kids, k;

	kbtf_install();
	sib = kbtf_member("task_struct", "sibling", NULL);
	kids = kbtf_member("task_struct", "children", NULL);
	if (sib < 0 || kids < 0)
		return;
	buf_printf(b, "	$yp = 0; if ($nr == %d || $nr == %d || $nr == %d || $nr == %d) { "
		   "$yp = (int32)*(arg0 + %d); } "
		   "if ($nr == %d && (int32)*(arg0 + %d) == %d) { $yp = (int32)*(arg0 + %d); } "
		   "if ($yp > 0) { $yh = (uint64)curtask + %d; $yn = *($yh); ",
		   __NR_wait4, __NR_kill, __NR_tkill, __NR_tgkill, reg_off[0],
		   __NR_waitid, reg_off[0], P_PID, reg_off[1], kids);
	for (k = 0; k < ST_PIDCOMM_KIDS; k++)
		buf_printf(b, "if ($yn != $yh) { $yc = (struct task_struct *)($yn - %d); "
			   "if ($yc->pid == $yp) { printf(\"N %%d %%s\", $yp, $yc->comm); } "
			   "$yn = *($yn); ", sib);
	for (k = 0; k < ST_PIDCOMM_KIDS; k++)
		buf_printf(b, "} ");
	buf_printf(b, "}\n");
}

/*
 * -yy: a record of the socket at descriptor fd (an expression), if it is
 * one, its captures from idx base on (st_sys.h's ST_L_SOCKSNAP): what strace reads from the kernel's socket diagnostics while
 * the tracee is stopped, read here as the call runs, for lines decoded
 * after the socket or the process has gone.  A UNIX socket's address
 * comes in a record of its own: a read of a length the verifier cannot
 * bound takes a slot of -s bytes, and two of them would not fit in one
 * record (ST_STRSIZE_MAX).
 */
/*
 * How a UNIX socket's peer's inode is read: the kernel caches it in the
 * sock since 6.16, where a peer that has closed keeps it (and strace
 * shows it); before, through the peer's struct socket, which closing
 * takes away.  Asked of BTF only when -yy needs it.
 */
static const char *peer_ino(void)
{
	static const char cached[] = "((struct unix_sock *)$sk)->peer->sk_ino";
	static const char via_socket[] = "((struct socket_alloc *)((struct unix_sock *)$sk)->peer->sk_socket)->vfs_inode.i_ino";
	static const char *how;

	if (!how) {
		kbtf_install();
		how = kbtf_member("sock", "sk_ino", NULL) >= 0 ? cached : via_socket;
	}
	return how;
}

static void sock_snap(struct buf *b, const char *fd, int base)
{
	static const char v6[] = "$sk->__sk_common.skc_v6_%s.in6_u.u6_addr32[%d]";
	int j;

	buf_printf(b, "\t$nlk = %s; $nlt = curtask->files->fdt; if ($nlk < $nlt->max_fds) { "
		   "$nlf = (struct file *)*((uint64)$nlt->fd + $nlk * 8); "
		   "if ($nlf && ($nlf->f_inode->i_mode & 0xf000) == 0xc000) { "
		   "$sk = ((struct socket *)$nlf->private_data)->sk; "
		   "$sf = $sk->__sk_common.skc_family; $w0 = 0; $w1 = 0; $w2 = 0; $w3 = 0; "
		   "$ua = (struct unix_address *)0; $ul = 0; "
		   "if ($sf == %d) { $w0 = $sk->__sk_common.skc_daddr; $w1 = $sk->__sk_common.skc_rcv_saddr; } "
		   "if ($sf == %d) { ", fd, AF_INET, AF_INET6);
	/* IPv6: remote then local address, two 32-bit words to a capture. */
	for (j = 0; j < 4; j++) {
		const char *which = j < 2 ? "daddr" : "rcv_saddr";

		buf_printf(b, "$w%d = ", j);
		buf_printf(b, v6, which, 2 * (j % 2));
		buf_printf(b, " | ((uint64)");
		buf_printf(b, v6, which, 2 * (j % 2) + 1);
		buf_printf(b, " << 32); ");
	}
	buf_printf(b, "} "
		   "if ($sf == %d) { $w0 = %s; "
		   "$ua = ((struct unix_sock *)$sk)->addr; if ($ua) { $ul = $ua->len; } } "
		   "if ($sf == %d) { $w0 = ((struct netlink_sock *)$sk)->portid; } "
		   "if ($ul > %d) { $ul = %d; } "
		   "printf(\"c%c%d %%d %%d %%d %%d %%d %%d %%d %%d %%s\", $t, %d, $nlf->f_inode->i_ino, "
		   "$sf | ((uint64)$sk->__sk_common.skc_num << 16) | ((uint64)$sk->__sk_common.skc_dport << 32) | "
		   "(((uint64)$sk->sk_protocol & 0xff) << 48) | ((uint64)$sk->__sk_common.skc_state << 56), "
		   "$w0, $w1, $w2, $w3, $sk->__sk_common.skc_prot->name); "
		   "if ($ul) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($ua->name, $ul)); } } }\n",
		   AF_UNIX, peer_ino(), AF_NETLINK,
		   (int)sizeof(struct sockaddr_un), (int)sizeof(struct sockaddr_un),
		   ST_L_SOCKSNAP, ST_SNAP_ARG, base, ST_L_SOCKSNAP, ST_SNAP_ARG, base + 7);
}

/*
 * -e read= and -e write=: the calls whose buffer (argument 1) strace
 * dumps whole, as many bytes as they were given or as they returned.
 */
static const int dump_nrs[2][4] = {
	{ __NR_write, __NR_pwrite64, __NR_sendto, __NR_mq_timedsend },
	{ __NR_read, __NR_pread64, __NR_recvfrom, __NR_mq_timedreceive },
};

int st_prog_dump_kind(long nr)
{
	int k, j;

	for (k = 0; k < 2; k++)
		for (j = 0; j < 4; j++)
			if (dump_nrs[k][j] == nr)
				return k + 1;
	return 0;
}

/*
 * A condition on $f, a descriptor as an unsigned int, true of each one
 * set s names and of a few more perhaps (user space tells them apart):
 * a whole buffer is read only for those.
 */
static void fdset_cond(struct buf *b, const struct st_fdset *s)
{
	int fd, in = 0, j, terms = 0;

	for (fd = 0; fd < 1024; fd++)
		in += st_fdset_has(s, fd);
	if (in == 1024 || (in > 8 && in < 1016)) {
		buf_printf(b, "$f < 1024");
		terms++;
	} else if (in > 8) {
		buf_printf(b, "($f < 1024");
		for (fd = 0; fd < 1024; fd++)
			if (!st_fdset_has(s, fd))
				buf_printf(b, " && $f != %d", fd);
		buf_printf(b, ")");
		terms++;
	} else {
		for (fd = 0; fd < 1024; fd++)
			if (st_fdset_has(s, fd))
				buf_printf(b, "%s$f == %d", terms++ ? " || " : "", fd);
	}
	if (s->high != s->neg)
		buf_printf(b, "%s$f >= 1024", terms++ ? " || " : "");
	else if (!s->neg)
		for (j = 0; j < s->nextra; j++)
			buf_printf(b, "%s$f == %d", terms++ ? " || " : "", s->extra[j]);
	if (!terms)
		buf_printf(b, "0");
}

/*
 * -e read= (at exit) and -e write= (at entry): the whole buffer of a
 * call strace dumps, on a descriptor of the set, in ST_L_DUMP records.
 * A loop, which the verifier walks once per chunk: only these options
 * pay for it.
 */
static void dump_capture(struct buf *b, const struct st_opts *o, bool exit)
{
	const int *nrs = dump_nrs[exit];

	buf_printf(b, "	if ($nr == %d || $nr == %d || $nr == %d || $nr == %d) { "
		   "$f = *(arg0 + %d) & 0xffffffff; if (",
		   nrs[0], nrs[1], nrs[2], nrs[3], reg_off[0]);
	fdset_cond(b, exit ? &o->dump_read : &o->dump_write);
	buf_printf(b, ") { $a = *(arg0 + %d); ", reg_off[1]);
	if (exit)
		buf_printf(b, "$n = (int64)arg1; if ($n < 0) { $n = 0; } ");
	else
		buf_printf(b, "$n = *(arg0 + %d); if ($n < 0) { $n = %d; } ",
			   reg_off[2], ST_DUMP_BYTES);
	/*
	 * Whole chunks in the loop, whose body has no branch of its own
	 * (each leaves the verifier a state to come back to, and it keeps
	 * 8,192 at most), then what is left.  Shifts, not a division, whose
	 * result the verifier would not bound.
	 */
	buf_printf(b, "if ($n > %d) { $n = %d; } $m = $n >> %d; $i = 0; "
		   "while ($i < $m) { printf(\"c%c1 %%d %%d %%r\", $t, $i, "
		   "__ubuf($a + ($i << %d), %d, %d)); $i = $i + 1; } "
		   "$l = $n - ($m << %d); if ($l > 0) { printf(\"c%c1 %%d %%d %%r\", $t, $m, "
		   "__ubuf($a + ($m << %d), $l, %d)); } } }\n",
		   ST_DUMP_BYTES, ST_DUMP_BYTES, ST_DUMP_SHIFT, ST_L_DUMP,
		   ST_DUMP_SHIFT, ST_DUMP_CHUNK, ST_DUMP_CHUNK, ST_DUMP_SHIFT, ST_L_DUMP,
		   ST_DUMP_SHIFT, ST_DUMP_CHUNK);
}

/*
 * The program of one phase.  Its capture code is large, and the
 * verifier's work on a program grows with its size times its paths, so
 * the compiler splits it into tail-called parts (compile_opts.split_insns),
 * which run in order: the E record first, the X record last.
 */
static void phase(struct buf *b, const struct st_opts *o, bool exit,
		  int ntids)
{
	/* A call's times, only where a line or --json shows them. */
	const char *now = o->tstamp || o->relative || o->timing || o->json ?
			  "nsecs" : "0";
	/* -i: the exit's instruction pointer, which a resumed line shows. */
	const char *xip_fmt = o->iptr ? " %d" : "";
	char xip[32] = "", fdx[64];
	int i, k;

	if (o->iptr)
		snprintf(xip, sizeof(xip), ", *(arg0 + %d)", REGS_IP);

	buf_printf(b, "rawtracepoint:%s ", exit ? "sys_exit" : "sys_enter");
	pred(b, o, ntids);
	buf_printf(b, " {\n\t$nr = %s;\n", exit ? "*(arg0 + 120)" : "arg1");
	/*
	 * rt_sigreturn restores the registers of the interrupted code, and
	 * sets orig_ax to -1 so that no restart follows: its exit is known
	 * by that.
	 */
	if (exit)
		buf_printf(b, "\tif ((int64)$nr == -1) { $nr = %d; }\n", ST_NR_RT_SIGRETURN);
	/* Numbers past the table share one descriptor. */
	buf_printf(b, "\tif ((int64)$nr < 0 || (int64)$nr > %d) { $nr = %d; }\n",
		   ST_NR_MAX, ST_NR_MAX);
	/*
	 * -k: an execve that returned, or code mapped (mmap with PROT_EXEC),
	 * traced or not, wakes user space at once ("M"), which reads the
	 * process's mappings while it lives: a stack is placed in them
	 * when its line is written, maybe after the process has gone.
	 */
	if (exit && o->lines && o->stack)
		buf_printf(b, "\tif ((($nr == %d || $nr == %d) && arg1 == 0) || "
			   "($nr == %d && (*(arg0 + %d) & %d) && (int64)arg1 > 0)) { "
			   "printf(\"M %%d %%d\", tid, $nr); }\n",
			   __NR_execve, __NR_execveat, __NR_mmap, reg_off[2], PROT_EXEC);
	/* -Y: the name prctl(PR_SET_NAME) gives a task, traced or not. */
	if (exit && o->lines && o->pidcomm)
		buf_printf(b, "\tif ($nr == %d && arg1 == 0 && *(arg0 + %d) == %d) { "
			   "printf(\"K %%d %%s\", tid, comm); }\n",
			   __NR_prctl, reg_off[0], PR_SET_NAME);
	buf_printf(b, "\t$d = @sd[$nr];\n\tif ($d == 0) { return; }\n");
	/* One helper call for the thread id, not one per record. */
	buf_printf(b, "\t$t = tid;\n");
	if (o->lines && exit && (traced(o, __NR_sendmmsg) || traced(o, __NR_recvmmsg)))
		mmsg_parts(b);
	if (o->lines && o->fdpaths && exit && traced(o, __NR_recvmsg))
		scm_files(b, true);
	if (o->lines && o->fdpaths && exit && traced(o, __NR_pidfd_getfd))
		getfd_same(b);
	/*
	 * -y: the inode of the socket socket(), accept() or accept4()
	 * returned, which names it as "socket:[N]" after the descriptor
	 * is closed or the process gone, when /proc no longer can.
	 */
	if (exit && o->lines && o->fdpaths)
		buf_printf(b, "\tif (($nr == %d || $nr == %d || $nr == %d) && (int64)arg1 >= 0) { "
			   "$nlt = curtask->files->fdt; if (arg1 < $nlt->max_fds) { "
			   "$nlf = (struct file *)*((uint64)$nlt->fd + arg1 * 8); "
			   "if ($nlf) { printf(\"c%c%d %%d %%d %%d\", $t, 0, $nlf->f_inode->i_ino); } } }\n",
			   __NR_socket, __NR_accept, __NR_accept4, ST_L_NLPROTO, ST_SOCKINO_ARG);
	/* -y: the same of the two descriptors pipe, pipe2 and socketpair made. */
	if (exit && o->lines && o->fdpaths) {
		buf_printf(b, "\tif (($nr == %d || $nr == %d || $nr == %d) && arg1 == 0) { "
			   "$nlp = *(arg0 + %d); if ($nr == %d) { $nlp = *(arg0 + %d); } "
			   "$nlt = curtask->files->fdt; ",
			   __NR_pipe, __NR_pipe2, __NR_socketpair, reg_off[0],
			   __NR_socketpair, reg_off[3]);
		for (k = 0; k < 2; k++)
			buf_printf(b, "$nlk = *(uint32 *)($nlp + %d); if ($nlk < $nlt->max_fds) { "
				   "$nlf = (struct file *)*((uint64)$nlt->fd + $nlk * 8); "
				   "if ($nlf) { printf(\"c%c%d %%d %%d %%d\", $t, %d, $nlf->f_inode->i_ino); } } ",
				   4 * k, ST_L_NLPROTO, ST_SOCKINO_ARG, k);
		buf_printf(b, "}\n");
	}
	if (exit && o->lines && o->kvm_vcpu && traced(o, __NR_ioctl)) {
		char fd[32], req[32];

		snprintf(fd, sizeof(fd), "*(arg0 + %d)", reg_off[0]);
		snprintf(req, sizeof(req), "*(arg0 + %d)", reg_off[1]);
		st_ioc_kvm_exit(b, ST_L_IOCTL_OUT, fd, req);
	}
	/* -yy: the sockets socket, accept, accept4 and socketpair made. */
	if (exit && o->lines && o->fdsock) {
		buf_printf(b, "\tif (($nr == %d || $nr == %d || $nr == %d) && (int64)arg1 >= 0) {\n",
			   __NR_socket, __NR_accept, __NR_accept4);
		sock_snap(b, "arg1", ST_SNAP_RET);
		buf_printf(b, "\t}\n\tif ($nr == %d && arg1 == 0) {\n\t$nlp = *(arg0 + %d);\n",
			   __NR_socketpair, reg_off[3]);
		for (k = 0; k < 2; k++) {
			snprintf(fdx, sizeof(fdx), "*(uint32 *)($nlp + %d)", 4 * k);
			sock_snap(b, fdx, ST_SNAP_PAIR + 8 * k);
		}
		buf_printf(b, "\t}\n");
	}
	if (o->inject)
		inject_code(b, o, exit, now);
	if (o->summary && !exit)
		buf_printf(b, "\t@st[$t] = (nsecs, arg1);\n");
	if (o->summary && exit) {
		buf_printf(b, "\t$s = @st[$t];\n\tif ($s.0) { $v = nsecs - $s.0; ");
		/* Without -w, the time on a CPU: less what the thread spent switched out. */
		if (!o->wall)
			buf_printf(b, "$o = @oc[$t]; if ($o) { $v = $v - $o; delete(@oc[$t]); } ");
		/* -O: the tracer's overhead taken off, never below 0. */
		if (o->overhead)
			buf_printf(b, "if ($v > %llu) { $v = $v - %llu; } else { $v = 0; } ",
				   (unsigned long long)o->overhead, (unsigned long long)o->overhead);
		buf_printf(b, "@t[$s.1] = stats($v); "
			   "if ((int64)arg1 < 0 && (int64)arg1 >= -4095) { @e[$s.1] = count(); } ");
		/* The shortest or longest call only when -S or -U asks for it. */
		if (st_opts_col(o, ST_COL_MIN))
			buf_printf(b, "@mn[$s.1] = min($v); ");
		if (st_opts_col(o, ST_COL_MAX))
			buf_printf(b, "@mx[$s.1] = max($v); ");
		buf_printf(b, "delete(@st[$t]); }\n");
	}
	if (o->lines && !exit)
		buf_printf(b, "\tprintf(\"E %%d %%d %%d %%r\", $t, arg1, %s, buf(arg0 + %d, %d));\n",
			   now, REGS_FROM, o->iptr ? REGS_IP_LEN : 64);
	/* After the E record: user space takes a call's records from there. */
	if (o->lines && !exit && o->fdpaths && traced(o, __NR_sendmsg))
		scm_files(b, false);
	if (o->lines && !exit && o->pidcomm)
		pid_comms(b);
	/* -yy: the socket in argument 0, which most calls on one take. */
	if (o->lines && !exit && o->fdsock) {
		snprintf(fdx, sizeof(fdx), "*(arg0 + %d) & 0xffffffff", reg_off[0]);
		sock_snap(b, fdx, ST_SNAP_ARG0);
	} else if (o->lines && !exit && o->fdpaths) {
		/* -y: that socket's inode alone, for "socket:[N]". */
		buf_printf(b, "\t$nlk = *(arg0 + %d) & 0xffffffff; $nlt = curtask->files->fdt; "
			   "if ($nlk < $nlt->max_fds) { "
			   "$nlf = (struct file *)*((uint64)$nlt->fd + $nlk * 8); "
			   "if ($nlf && ($nlf->f_inode->i_mode & 0xf000) == 0xc000) { "
			   "printf(\"c%c%d %%d %%d %%d\", $t, %d, $nlf->f_inode->i_ino); } }\n",
			   reg_off[0], ST_L_SOCKSNAP, ST_SNAP_ARG, ST_SNAP_ARG0);
	}
	if (o->lines && o->stack) {
		buf_printf(b, "\t");
		if (exit)
			buf_printf(b, "if (($nr == %d || $nr == %d) && arg1 == 0) { ",
				   __NR_execve, __NR_execveat);
		stack_capture(b, exit, "arg0");
		buf_printf(b, exit ? "}\n" : "\n");
	}
	if (o->lines && !exit)
		buf_printf(b, "\tif (!($d & %llu)) { return; }\n",
			   (unsigned long long)ST_DESC_ENTRY);
	/* A call that did not run: its entry's reads too. */
	for (i = 0; o->lines && exit && o->inject && i < 6; i++)
		slot_code(b, o, i, false, "$j");
	if (o->lines && exit)
		buf_printf(b, "\tif (!($d & %llu)) { printf(\"X %%d %%d %%d%s\", $t, (int64)arg1, %s%s); return; }\n",
			   (unsigned long long)(ST_DESC_EXIT | ST_DESC_REFETCH), xip_fmt, now, xip);
	for (i = 0; o->lines && i < 6; i++)
		slot_code(b, o, i, exit, NULL);
	if (o->lines && o->dumping)
		dump_capture(b, o, exit);

	if (o->lines && exit) {
		refetch_code(b, o);
		buf_printf(b, "\tprintf(\"X %%d %%d %%d%s\", $t, (int64)arg1, %s%s);\n",
			   xip_fmt, now, xip);
	}
	buf_printf(b, "}\n");
}

void st_prog_text(struct buf *b, const struct st_opts *o, int ntids)
{
	int k;

	/*
	 * @sd: a descriptor per call number (st_prog_desc()), which user
	 * space fills before anything is attached; this entry, for no call,
	 * only gives the map its type.
	 */
	buf_printf(b, "BEGIN {");
	buf_printf(b, " @sd[%d] = 0;", ST_NR_MAX + 1);
	/* The same for @pids: tid 0 is never traced. */
	if (st_prog_uses_pids(o, ntids))
		buf_printf(b, " @pids[0] = 0;");
	if (o->inject)
		buf_printf(b, " @inj[0] = 0;");
	if (o->detach_exec)
		buf_printf(b, " @bx[0] = 0;");
	buf_printf(b, " }\n");
	/*
	 * The sched events are raw tracepoints: a perf event on a tracepoint
	 * waits for an RCU grace period under the kernel's event_mutex when
	 * it closes, which holds up the next ferret's perf_event_open() by
	 * tens of milliseconds.  Each runs in the task it names (the parent
	 * for a fork).
	 */
	/*
	 * --pidns-translation: the child's id in its own pid namespace and
	 * that namespace's inode, for user space to translate ids of tasks
	 * reaped before their lines are written.  Each fork names the
	 * child's group, for a leader's exit line to wait for the group's
	 * last thread.
	 */
	if (o->follow && o->pidns)
		buf_printf(b, "rawtracepoint:sched_process_fork /@pids[tid]/ {\n"
			   "\t$k = (struct task_struct *)arg1;\n\t$c = $k->pid;\n"
			   "\t@pids[$c] = 1;\n\t$n = $k->thread_pid;\n\t$l = $n->level;\n"
			   "\tprintf(\"F %%d %%d %%d %%d %%d\", tid, $c, $k->tgid, $n->numbers[$l].nr, "
			   "$n->numbers[$l].ns->ns.inum);\n}\n");
	else if (o->follow)
		buf_printf(b, "rawtracepoint:sched_process_fork /@pids[tid]/ {\n"
			   "\t$k = (struct task_struct *)arg1;\n\t$c = $k->pid;\n"
			   "\t@pids[$c] = 1;\n"
			   "\tprintf(\"F %%d %%d %%d\", tid, $c, $k->tgid);\n}\n");
	if (o->detach_exec) {
		/*
		 * -b execve: a task that execs leaves the set, the thread
		 * that called it and the leader whose pid it takes, except at
		 * the command's own first execve (@bx says it was seen).
		 */
		buf_printf(b, "rawtracepoint:sched_process_exec /@pids[(int32)arg1] || @pids[tid]/ {\n"
			   "\tif (tid == @sd[%d] && @bx[tid] == 0) { @bx[tid] = 1; return; }\n"
			   "\t$o = (int32)arg1;\n\tdelete(@pids[$o]);\n\tdelete(@pids[tid]);\n"
			   "\tprintf(\"B %%d %%d\", $o, tid);\n}\n", ST_SD_HELD);
	} else if (o->follow) {
		/*
		 * A thread other than the leader that calls execve takes over
		 * the leader's pid once the others are gone (the leader's exit
		 * has dropped that pid from the set): its new pid is traced,
		 * and user space moves the pending execve to it.
		 */
		buf_printf(b, "rawtracepoint:sched_process_exec /@pids[(int32)arg1]/ {\n"
			   "\t$o = (int32)arg1;\n"
			   "\tif ($o != tid) {\n"
			   "\t\t@pids[tid] = 1;\n\t\tdelete(@pids[$o]);\n"
			   "\t\tprintf(\"R %%d %%d\", $o, tid);\n\t}\n}\n");
	}
	if (o->pidcomm) {
		/* -Y: the name execve gives a task (set before this event). */
		buf_printf(b, "rawtracepoint:sched_process_exec ");
		pred(b, o, ntids);
		buf_printf(b, " {\n\tprintf(\"K %%d %%s\", tid, comm);\n}\n");
	}
	/*
	 * -c without -w counts the system CPU time of each call, as strace
	 * does from the tracee's rusage: the time a thread in a call spends
	 * switched out (@so when it went, @oc the sum) is taken off.
	 */
	if (o->summary && !o->wall)
		buf_printf(b, "rawtracepoint:sched_switch {\n"
			   "\t$w = nsecs;\n\t$p = ((struct task_struct *)arg1)->pid;\n"
			   "\tif (@st[$p].0) { @so[$p] = $w; }\n"
			   "\t$n = ((struct task_struct *)arg2)->pid;\n\t$o = @so[$n];\n"
			   "\tif ($o) { @oc[$n] = @oc[$n] + $w - $o; delete(@so[$n]); }\n}\n");
	/*
	 * The group is dead once its live count has dropped to 0.  Its
	 * last thread may be one no trace follows: one of the kernel's own
	 * (PF_IO_WORKER, PF_USER_WORKER: io_uring's workers, KVM's, vhost's),
	 * which the kernel makes with copy_process() alone, no fork event
	 * naming it, or without -f any thread but the one traced.  The exit
	 * of such a last one ends a traced group, so under -f the leader
	 * stays in @pids until its group is dead, for that exit to find it.
	 *
	 * Nor may a last thread take the leader out before the leader's own
	 * exit has found itself there: the leader can count itself out of
	 * the group, then reach this probe after the last thread has.  The
	 * leader marks its passing (@lead) before it reads the count, so a
	 * last thread that reads the count at 0 either sees the mark and
	 * takes the leader out, or leaves that to the leader, which will
	 * then read the count at 0 as well.
	 */
	buf_printf(b, "rawtracepoint:sched_process_exit /");
	is_traced(b, o, ntids, "tid");
	buf_printf(b, " || (curtask->signal->live.counter == 0 && ");
	is_traced(b, o, ntids, "pid");
	buf_printf(b, ")/ {\n");
	if (o->follow)
		buf_printf(b, "\tif (tid == pid) { @lead[pid] = 1; }\n");
	buf_printf(b, "\t$d = curtask->signal->live.counter == 0;\n"
		   "\tprintf(\"Q %%d %%d %%d %%d %%d\", tid, curtask->exit_code, $d, pid, nsecs);\n");
	if (o->follow)
		buf_printf(b, "\tif (tid != pid) { delete(@pids[tid]); }\n"
			   "\tif ($d && (tid == pid || @lead[pid])) {\n"
			   "\t\tdelete(@pids[pid]);\n\t\tdelete(@lead[pid]);\n\t}\n");
	if (o->summary && !o->wall)
		buf_printf(b, "\tdelete(@so[tid]);\n\tdelete(@oc[tid]);\n");
	buf_printf(b, "}\n");
	if (o->lines) {
		buf_printf(b, "rawtracepoint:signal_deliver ");
		pred(b, o, ntids);
		buf_printf(b, " {\n");
		/*
		 * -k: the stack where the signal stops the thread.  Its user
		 * registers are the pt_regs at the top of its kernel stack
		 * (x86-64: THREAD_SIZE 16 KiB, no padding above them); the
		 * user code segment in cs (__USER_CS, 0x33) says they are.
		 */
		if (o->stack) {
			buf_printf(b, "\t$t = tid; $r = (uint64)curtask->stack + %d - %d;\n"
				   "\tif (*($r + 136) == 0x33) { ", 16384, 168);
			stack_capture(b, 2, "$r");
			buf_printf(b, "}\n");
		}
		/*
		 * With the handler: a stop signal's default action stops the
		 * group.  -i: the user ip from the registers the thread will
		 * return to (the top of its kernel stack, as above).
		 */
		buf_printf(b, "\tprintf(\"G %%d %%d %%r %%d %%d%s\", tid, arg0, buf(arg1, 48), nsecs, "
			   "((struct k_sigaction *)arg2)->sa.sa_handler", o->iptr ? " %d" : "");
		if (o->iptr)
			buf_printf(b, ", *((uint64)curtask->stack + %d)", 16384 - 168 + REGS_IP);
		buf_printf(b, ");\n}\n");
		/*
		 * A signal the target ignores (SIGCHLD by default) the kernel
		 * drops when it is sent (result TRACE_SIGNAL_IGNORED), where
		 * strace's ptrace still stops the target for it: its line
		 * comes from here, the target named by its task; not once its
		 * group is dying, nor when a lower signal that kills (one
		 * pending with no handler) is dequeued first: ptrace would
		 * never stop for it (the SIGCONT after an orphaned group's
		 * SIGHUP).
		 */
		/*
		 * A fatal signal whose default action kills without a core,
		 * sent to a task that is not ptraced, the kernel turns into a
		 * SIGKILL of the group when it is sent (complete_signal()):
		 * no delivery of the signal itself follows, where ptrace would
		 * have shown it.  Seen here by the group exit it set up
		 * (SIGNAL_GROUP_EXIT, 4, with the signal as the exit code).
		 * The siginfo pointer may be SEND_SIG_NOINFO (0) or
		 * SEND_SIG_PRIV (1), whose siginfo the kernel makes from the
		 * sender: its kind, pid and uid go with the record.
		 */
		buf_printf(b, "rawtracepoint:signal_generate /arg4 <= 1/ {\n"
			   "\t$k = (struct task_struct *)arg2;\n\t$p = $k->pid;\n\tif (");
		is_traced(b, o, ntids, "$p");
		buf_printf(b, ") {\n\t\t$f = 0;\n"
			   "\t\tif (arg4 == 0) { if (arg0 != %d && $k->signal->group_exit_code == arg0 && "
			   "($k->signal->flags & 4)) { $f = 1; } else { return; } }\n"
			   "\t\tif (arg4 == 1) { if ($k->signal->flags & 4) { return; }\n"
			   "\t\t\t$m = ($k->pending.signal.sig[0] | $k->signal->shared_pending.signal.sig[0]) & "
			   "((1 << (arg0 - 1)) - 1) & ~(1 << %d);\n"
			   "\t\t\tif ($m) { $h = 1;",
			   SIGKILL, SIGCHLD - 1);
		for (k = 1; k < SIGCHLD; k++)
			buf_printf(b, " %sif ($m & %#x) { $h = (uint64)$k->sighand->action[%d].sa.sa_handler; }",
				   k > 1 ? "else " : "", 1u << (k - 1), k - 1);
		buf_printf(b, "\n\t\t\t\tif (!$h) { return; } }\n\t\t}\n"
			   "\t\t$i = arg1; if ($i > 2) { $i = 2; }\n"
			   "\t\tprintf(\"I %%d %%d %%r %%d %%d %%d %%d %%d%s\", $p, arg0, buf(arg1, 48), nsecs, "
			   "$f, $i, pid, uid", o->iptr ? " %d" : "");
		if (o->iptr)
			buf_printf(b, ", *((uint64)$k->stack + %d)", 16384 - 168 + REGS_IP);
		buf_printf(b, ");\n\t}\n}\n");
	}
	phase(b, o, false, ntids);
	phase(b, o, true, ntids);
}
