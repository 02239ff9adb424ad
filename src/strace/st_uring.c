/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: io_uring_setup(2)'s params and io_uring_register(2)'s
 * opcodes and what their argument points to, as strace 6.1 decodes them.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/io_uring.h>

#include "st_region.h"
#include "st_sys.h"
#include "st_uring.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The names strace 6.1 knows, no more: later ones print as numbers there too. */
static const struct st_xlat setup_flags[] = {
	X(IORING_SETUP_IOPOLL), X(IORING_SETUP_SQPOLL), X(IORING_SETUP_SQ_AFF),
	X(IORING_SETUP_CQSIZE), X(IORING_SETUP_CLAMP), X(IORING_SETUP_ATTACH_WQ),
	X(IORING_SETUP_R_DISABLED), X(IORING_SETUP_SUBMIT_ALL),
	X(IORING_SETUP_COOP_TASKRUN), X(IORING_SETUP_TASKRUN_FLAG),
	X(IORING_SETUP_SQE128), X(IORING_SETUP_CQE32), END,
};

static const struct st_xlat features[] = {
	X(IORING_FEAT_SINGLE_MMAP), X(IORING_FEAT_NODROP), X(IORING_FEAT_SUBMIT_STABLE),
	X(IORING_FEAT_RW_CUR_POS), X(IORING_FEAT_CUR_PERSONALITY), X(IORING_FEAT_FAST_POLL),
	X(IORING_FEAT_POLL_32BITS), X(IORING_FEAT_SQPOLL_NONFIXED), X(IORING_FEAT_EXT_ARG),
	X(IORING_FEAT_NATIVE_WORKERS), X(IORING_FEAT_RSRC_TAGS), X(IORING_FEAT_CQE_SKIP),
	X(IORING_FEAT_LINKED_FILE), END,
};

static const struct st_xlat opcodes[] = {
	X(IORING_REGISTER_BUFFERS), X(IORING_UNREGISTER_BUFFERS), X(IORING_REGISTER_FILES),
	X(IORING_UNREGISTER_FILES), X(IORING_REGISTER_EVENTFD), X(IORING_UNREGISTER_EVENTFD),
	X(IORING_REGISTER_FILES_UPDATE), X(IORING_REGISTER_EVENTFD_ASYNC),
	X(IORING_REGISTER_PROBE), X(IORING_REGISTER_PERSONALITY),
	X(IORING_UNREGISTER_PERSONALITY), X(IORING_REGISTER_RESTRICTIONS),
	X(IORING_REGISTER_ENABLE_RINGS), X(IORING_REGISTER_FILES2),
	X(IORING_REGISTER_FILES_UPDATE2), X(IORING_REGISTER_BUFFERS2),
	X(IORING_REGISTER_BUFFERS_UPDATE), X(IORING_REGISTER_IOWQ_AFF),
	X(IORING_UNREGISTER_IOWQ_AFF), X(IORING_REGISTER_IOWQ_MAX_WORKERS),
	X(IORING_REGISTER_RING_FDS), X(IORING_UNREGISTER_RING_FDS),
	X(IORING_REGISTER_PBUF_RING), X(IORING_UNREGISTER_PBUF_RING), END,
};

static const struct st_xlat ops[] = {
	X(IORING_OP_NOP), X(IORING_OP_READV), X(IORING_OP_WRITEV), X(IORING_OP_FSYNC),
	X(IORING_OP_READ_FIXED), X(IORING_OP_WRITE_FIXED), X(IORING_OP_POLL_ADD),
	X(IORING_OP_POLL_REMOVE), X(IORING_OP_SYNC_FILE_RANGE), X(IORING_OP_SENDMSG),
	X(IORING_OP_RECVMSG), X(IORING_OP_TIMEOUT), X(IORING_OP_TIMEOUT_REMOVE),
	X(IORING_OP_ACCEPT), X(IORING_OP_ASYNC_CANCEL), X(IORING_OP_LINK_TIMEOUT),
	X(IORING_OP_CONNECT), X(IORING_OP_FALLOCATE), X(IORING_OP_OPENAT),
	X(IORING_OP_CLOSE), X(IORING_OP_FILES_UPDATE), X(IORING_OP_STATX),
	X(IORING_OP_READ), X(IORING_OP_WRITE), X(IORING_OP_FADVISE), X(IORING_OP_MADVISE),
	X(IORING_OP_SEND), X(IORING_OP_RECV), X(IORING_OP_OPENAT2), X(IORING_OP_EPOLL_CTL),
	X(IORING_OP_SPLICE), X(IORING_OP_PROVIDE_BUFFERS), X(IORING_OP_REMOVE_BUFFERS),
	X(IORING_OP_TEE), X(IORING_OP_SHUTDOWN), X(IORING_OP_RENAMEAT),
	X(IORING_OP_UNLINKAT), X(IORING_OP_MKDIRAT), X(IORING_OP_SYMLINKAT),
	X(IORING_OP_LINKAT), X(IORING_OP_MSG_RING), X(IORING_OP_FSETXATTR),
	X(IORING_OP_SETXATTR), X(IORING_OP_FGETXATTR), X(IORING_OP_GETXATTR),
	X(IORING_OP_SOCKET), X(IORING_OP_URING_CMD), END,
};

static const struct st_xlat op_flags[] = { X(IO_URING_OP_SUPPORTED), END };

static const struct st_xlat sqe_flags[] = {
	X(IOSQE_FIXED_FILE), X(IOSQE_IO_DRAIN), X(IOSQE_IO_LINK), X(IOSQE_IO_HARDLINK),
	X(IOSQE_ASYNC), X(IOSQE_BUFFER_SELECT), X(IOSQE_CQE_SKIP_SUCCESS), END,
};

static const struct st_xlat restriction_ops[] = {
	X(IORING_RESTRICTION_REGISTER_OP), X(IORING_RESTRICTION_SQE_OP),
	X(IORING_RESTRICTION_SQE_FLAGS_ALLOWED), X(IORING_RESTRICTION_SQE_FLAGS_REQUIRED), END,
};

static const struct st_xlat rsrc_flags[] = { X(IORING_RSRC_REGISTER_SPARSE), END };

static const struct st_xlat iowq_acct[] = { X(IO_WQ_BOUND), X(IO_WQ_UNBOUND), END };

static const struct st_xlat update_fds[] = { X(IORING_REGISTER_FILES_SKIP), END };

/* strace reads no more of a CPU mask than the kernel's cpuset (its probe finds 128 bytes). */
#define CPUSET_SIZE 128
#define PARAMS_SIZE ((int)sizeof(struct io_uring_params))

void st_uring_capture(struct buf *b, bool exit, const int *reg_off)
{
	char l = exit ? ST_L_URING_OUT : ST_L_URING;
	int i = 2;

	buf_printf(b, "if ($nr == %d) { ", __NR_io_uring_setup);
	if (exit)
		buf_printf(b, "if ((int64)arg1 >= 0) { ");
	st_region_capture(b, l, 1, 0, "$a", "120");
	buf_printf(b, exit ? "} } else { " : "} else { ");
	buf_printf(b, "$o = *(arg0 + %d) & 0xffffffff; $n = *(arg0 + %d) & 0xffffffff; $z = 0; ",
		   reg_off[1], reg_off[3]);
	if (exit) {
		/* Only what the call writes: the probe, the workers' limits. */
		buf_printf(b, "if ((int64)arg1 >= 0) { if ($o == %d && $n <= 256) { $z = 16 + $n * 8; } "
			   "if ($o == %d) { $z = $n * 4; } ",
			   IORING_REGISTER_PROBE, IORING_REGISTER_IOWQ_MAX_WORKERS);
		st_region_capture(b, l, i, 0, "$a", "$z");
		buf_printf(b, "} } ");
		return;
	}
	buf_printf(b, "if ($o == %d || $o == %d || $o == %d || $o == %d) { $z = $n * 16; } "
		   "if ($o == %d || $o == %d || $o == %d || $o == %d) { $z = $n * 4; } "
		   "if ($o == %d) { $z = 16; } if ($o == %d && $n <= 256) { $z = 16 + $n * 8; } "
		   "if ($o >= %d && $o <= %d && $n >= 32) { $z = $n; } "
		   "if ($o == %d) { $z = $n; if ($z > %d) { $z = %d; } } "
		   "if ($o == %d || $o == %d) { $z = 40; } ",
		   IORING_REGISTER_BUFFERS, IORING_REGISTER_RESTRICTIONS, IORING_REGISTER_RING_FDS,
		   IORING_UNREGISTER_RING_FDS, IORING_REGISTER_FILES, IORING_REGISTER_EVENTFD,
		   IORING_REGISTER_EVENTFD_ASYNC, IORING_REGISTER_IOWQ_MAX_WORKERS,
		   IORING_REGISTER_FILES_UPDATE, IORING_REGISTER_PROBE,
		   IORING_REGISTER_FILES2, IORING_REGISTER_BUFFERS_UPDATE,
		   IORING_REGISTER_IOWQ_AFF, CPUSET_SIZE, CPUSET_SIZE,
		   IORING_REGISTER_PBUF_RING, IORING_UNREGISTER_PBUF_RING);
	st_region_capture(b, l, i, 0, "$a", "$z");
	/* What the struct points to: the descriptors or buffers, the tags. */
	buf_printf(b, "if ($a != 0 && $o == %d) { ", IORING_REGISTER_FILES_UPDATE);
	st_region_capture(b, l, i, 1, "*($a + 8)", "$n * 4");
	buf_printf(b, "} if ($a != 0 && $o >= %d && $o <= %d && $n >= 32) { "
		   "$w = *(uint32 *)$a; $d = *($a + 16); $p = *($a + 24); "
		   "if ($o == %d || $o == %d) { $w = *(uint32 *)($a + 24); $d = *($a + 8); $p = *($a + 16); } "
		   "$e = 16; if ($o == %d || $o == %d) { $e = 4; } ",
		   IORING_REGISTER_FILES2, IORING_REGISTER_BUFFERS_UPDATE,
		   IORING_REGISTER_FILES_UPDATE2, IORING_REGISTER_BUFFERS_UPDATE,
		   IORING_REGISTER_FILES2, IORING_REGISTER_FILES_UPDATE2);
	st_region_capture(b, l, i, 1, "$d", "$w * $e");
	st_region_capture(b, l, i, 2, "$p", "$w * 8");
	buf_printf(b, "} } ");
}

/* A value named in t in -X's style, in decimal where it has no name. */
static void xval_u(struct buf *b, const struct st_xlat *t, uint64_t v, const char *dflt)
{
	enum st_cstyle s = st_xlat_get_style();
	const char *n = s == ST_C_RAW ? NULL : st_xlat_name(t, v);

	if (n && s == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%llu", (unsigned long long)v);
	if (n)
		buf_printf(b, " /* %s */", n);
	else if (dflt && s != ST_C_RAW)
		buf_printf(b, " /* %s */", dflt);
}

static bool all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

/* n u32 fields at p as strace prints an array of them in hex. */
static void hex32s(struct buf *b, const char *name, const unsigned char *p, int n)
{
	int k;

	if (all_zero(p, 4 * n))
		return;
	buf_printf(b, ", %s=[", name);
	for (k = 0; k < n; k++)
		buf_printf(b, "%s%#x", k ? ", " : "", st_u32(p + 4 * k));
	buf_printf(b, "]");
}

struct ctx {
	const struct st_call *c;
	const struct st_dopts *o;
};

static void fd_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	struct ctx *x = arg;

	st_decode_fd(b, x->c->tid, (int)st_u32(e), x->o, NULL);
}

/* IORING_REGISTER_FILES_UPDATE's descriptors: IORING_REGISTER_FILES_SKIP by name. */
static void update_fd_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	int fd = (int)st_u32(e);

	if (fd < -1) {
		enum st_cstyle s = st_xlat_get_style();
		const char *n = s == ST_C_RAW ? NULL : st_xlat_name(update_fds, (uint64_t)(int64_t)fd);

		if (n && s == ST_C_ABBREV)
			buf_printf(b, "%s", n);
		else if (n)
			buf_printf(b, "%d /* %s */", fd, n);
		else
			buf_printf(b, "%d", fd);
		return;
	}
	fd_elem(b, e, idx, arg);
}

static void iov_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	buf_printf(b, "{iov_base=");
	st_region_ptr(b, st_u64(e));
	buf_printf(b, ", iov_len=%llu}", (unsigned long long)st_u64(e + 8));
}

static void hex64_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	buf_printf(b, "%#llx", (unsigned long long)st_u64(e));
}

static void restriction_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	unsigned op = st_u16(e);

	buf_printf(b, "{opcode=");
	st_xlat_val(b, restriction_ops, op, "IORING_RESTRICTION_???");
	switch (op) {
	case IORING_RESTRICTION_REGISTER_OP:
		buf_printf(b, ", register_op=");
		st_xlat_val(b, opcodes, e[2], "IORING_REGISTER_???");
		break;
	case IORING_RESTRICTION_SQE_OP:
		buf_printf(b, ", sqe_op=");
		st_xlat_val(b, ops, e[2], "IORING_OP_???");
		break;
	case IORING_RESTRICTION_SQE_FLAGS_ALLOWED:
	case IORING_RESTRICTION_SQE_FLAGS_REQUIRED:
		buf_printf(b, ", sqe_flags=");
		st_xlat_flags_dflt(b, sqe_flags, e[2], "0", "IOSQE_???");
		break;
	default:
		buf_printf(b, " /* op: %#x */", e[2]);
	}
	if (e[3])
		buf_printf(b, ", resv=%#x", e[3]);
	hex32s(b, "resv2", e + 4, 3);
	buf_printf(b, "}");
}

static void iowq_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	buf_printf(b, "[");
	xval_u(b, iowq_acct, idx, "IO_WQ_???");
	buf_printf(b, "]=%u", st_u32(e));
}

static void ringfd_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	struct ctx *x = arg;
	uint32_t off = st_u32(e);

	if (off == UINT32_MAX)
		buf_printf(b, "{offset=-1");
	else
		buf_printf(b, "{offset=%u", off);
	if (st_u32(e + 4))
		buf_printf(b, ", resv=%#x", st_u32(e + 4));
	buf_printf(b, ", data=");
	st_decode_fd(b, x->c->tid, (int)st_u64(e + 8), x->o, NULL);
	buf_printf(b, "}");
}

static void ringfd_un_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	buf_printf(b, "{offset=%u", st_u32(e));
	if (st_u32(e + 4))
		buf_printf(b, ", resv=%#x", st_u32(e + 4));
	if (st_u64(e + 8))
		buf_printf(b, ", data=%#llx", (unsigned long long)st_u64(e + 8));
	buf_printf(b, "}");
}

static void probe_op_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	buf_printf(b, "{op=");
	xval_u(b, ops, e[0], "IORING_OP_???");
	if (e[1])
		buf_printf(b, ", resv=%#x", e[1]);
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, op_flags, st_u16(e + 2), "0", "IO_URING_OP_???");
	if (st_u32(e + 4))
		buf_printf(b, ", resv2=%#x", st_u32(e + 4));
	buf_printf(b, "}");
}

/*
 * The array region idx of the call's argument 2 points to, from addr;
 * n elements of size bytes.
 */
static bool region_array(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			 int idx, uint64_t addr, uint64_t n, size_t size,
			 st_elem_fn *elem)
{
	struct ctx x = { c, o };
	size_t have;
	unsigned char *p = st_region(c, ST_L_URING, 2, idx, &have);
	bool all;

	all = st_region_array(b, o, addr, n, size, p, have, elem, &x);
	free(p);
	return all;
}

/* The bytes from 32 up to size (a page at most), shown when not zeros. */
static void tail_bytes(struct buf *b, const struct st_dopts *o, const unsigned char *p,
		       size_t have, uint32_t size)
{
	size_t end = size < 4096 ? size : 4096, n, k;

	if (end <= 32)
		return;
	if (have < end) {
		buf_printf(b, ", ???");
		return;
	}
	if (all_zero(p + 32, end - 32))
		return;
	n = end - 32 < (size_t)o->strsize ? end - 32 : (size_t)o->strsize;
	buf_printf(b, ", /* bytes 32..%zu */ \"", end - 1);
	for (k = 0; k < n; k++)
		buf_printf(b, "\\x%02x", p[32 + k]);
	buf_printf(b, "\"%s", n < end - 32 ? "..." : "");
}

/* IORING_REGISTER_FILES2 and _BUFFERS2, _FILES_UPDATE2 and _BUFFERS_UPDATE. */
static void rsrc(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		 unsigned op, const unsigned char *p, size_t have)
{
	uint32_t size = (uint32_t)c->args[3], nr;
	uint64_t data, tags;
	bool update = op == IORING_REGISTER_FILES_UPDATE2 || op == IORING_REGISTER_BUFFERS_UPDATE;
	bool files = op == IORING_REGISTER_FILES2 || op == IORING_REGISTER_FILES_UPDATE2;

	if (size < 32 || have < 32 || o->noderef) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	nr = update ? st_u32(p + 24) : st_u32(p);
	if (update) {
		buf_printf(b, "{offset=%u", st_u32(p));
		if (st_u32(p + 4))
			buf_printf(b, ", resv=%#x", st_u32(p + 4));
	} else {
		buf_printf(b, "{nr=%u, flags=", nr);
		st_xlat_flags_dflt(b, rsrc_flags, st_u32(p + 4), "0", "IORING_RSRC_REGISTER_???");
		if (st_u64(p + 8))
			buf_printf(b, ", resv2=%#llx", (unsigned long long)st_u64(p + 8));
	}
	/* struct io_uring_rsrc_update2's data and tags come 8 bytes sooner. */
	data = st_u64(p + (update ? 8 : 16));
	tags = st_u64(p + (update ? 16 : 24));
	buf_printf(b, ", data=");
	if (files)
		region_array(b, c, o, 1, data, nr, 4,
			     op == IORING_REGISTER_FILES2 ? fd_elem : update_fd_elem);
	else
		region_array(b, c, o, 1, data, nr, 16, iov_elem);
	buf_printf(b, ", tags=");
	region_array(b, c, o, 2, tags, nr, 8, hex64_elem);
	if (update) {
		buf_printf(b, ", nr=%u", nr);
		if (st_u32(p + 28))
			buf_printf(b, ", resv2=%#x", st_u32(p + 28));
	}
	tail_bytes(b, o, p, have, size);
	buf_printf(b, "}");
}

/* io_uring_probe's ops as strace prints a local array: "..." for those not shown. */
static void probe_ops(struct buf *b, const struct st_dopts *o, const unsigned char *p,
		      uint32_t n, bool truncated)
{
	uint32_t e;

	buf_printf(b, "[");
	for (e = 0; e < n; e++) {
		if (e)
			buf_printf(b, ", ");
		if (!o->verbose && e >= (uint32_t)o->strsize) {
			buf_printf(b, "...");
			truncated = false;
			break;
		}
		probe_op_elem(b, p + 16 + 8 * e, e, NULL);
	}
	if (truncated)
		buf_printf(b, "%s...", n ? ", " : "");
	buf_printf(b, "]");
}

static void probe_struct(struct buf *b, const struct st_dopts *o, const unsigned char *p,
			 uint32_t n, bool truncated)
{
	buf_printf(b, "{last_op=");
	xval_u(b, ops, p[0], "IORING_OP_???");
	buf_printf(b, ", ops_len=%u", p[1]);
	if (st_u16(p + 2))
		buf_printf(b, ", resv=%#x", st_u16(p + 2));
	hex32s(b, "resv2", p + 4, 3);
	buf_printf(b, ", ops=");
	probe_ops(b, o, p, n, truncated);
	buf_printf(b, "}");
}

static void probe(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint32_t n = (uint32_t)c->args[3];
	size_t need = 16 + 8 * (size_t)n, have, have_out;
	unsigned char *p, *q;
	bool shown;

	if (n > 256) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	p = st_region(c, ST_L_URING, 2, 0, &have);
	if (!c->args[2] || !p || have < need || o->noderef) {
		st_region_ptr(b, c->args[2]);
		free(p);
		return;
	}
	/* The kernel wants it zeroed: strace shows it at entry only when not. */
	shown = !all_zero(p, need);
	if (shown)
		probe_struct(b, o, p, n, false);
	if (st_call_failed(c)) {
		if (!shown)
			st_region_ptr(b, c->args[2]);
		free(p);
		return;
	}
	if (shown)
		buf_printf(b, " => ");
	q = st_region(c, ST_L_URING_OUT, 2, 0, &have_out);
	if (q && have_out >= need)
		probe_struct(b, o, q, q[1] < n ? q[1] : n, n < q[1]);
	else
		st_region_ptr(b, c->args[2]);
	free(p);
	free(q);
}

static void max_workers(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint32_t n = (uint32_t)c->args[3];
	struct ctx x = { c, o };
	unsigned char *q;
	size_t have;

	if (!region_array(b, c, o, 0, c->args[2], n, 4, iowq_elem))
		return;
	buf_printf(b, " => ");
	if (st_call_failed(c)) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	q = st_region(c, ST_L_URING_OUT, 2, 0, &have);
	st_region_array(b, o, c->args[2], n, 4, q, have, iowq_elem, &x);
	free(q);
}

/* IORING_REGISTER_IOWQ_AFF's CPU mask, as strace's affinity lists. */
static void cpus(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint32_t len = (uint32_t)c->args[3];
	size_t want = len < CPUSET_SIZE ? len : CPUSET_SIZE, size = (want + 7) & ~(size_t)7, have, k;
	unsigned char *p;
	bool any = false;

	if (!c->args[2] || o->noderef) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	if (!len) {
		buf_printf(b, "[]");
		return;
	}
	p = st_region(c, ST_L_URING, 2, 0, &have);
	if (!p || have < want) {
		st_region_ptr(b, c->args[2]);
		free(p);
		return;
	}
	buf_printf(b, "[");
	for (k = 0; k < 8 * want; k++)
		if (p[k / 8] & (1u << (k % 8))) {
			buf_printf(b, "%s%zu", any ? " " : "", k);
			any = true;
		}
	if (size < len)
		buf_printf(b, "%s...", any ? " " : "");
	buf_printf(b, "]");
	free(p);
}

static void pbuf(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		 const unsigned char *p, size_t have)
{
	if (!p || have < 40 || o->noderef) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{ring_addr=");
	st_region_ptr(b, st_u64(p));
	buf_printf(b, ", ring_entries=%u, bgid=%u", st_u32(p + 8), st_u16(p + 12));
	if (st_u16(p + 14))
		buf_printf(b, ", pad=%#x", st_u16(p + 14));
	if (!all_zero(p + 16, 24))
		buf_printf(b, ", resv=[%#llx, %#llx, %#llx]", (unsigned long long)st_u64(p + 16),
			   (unsigned long long)st_u64(p + 24), (unsigned long long)st_u64(p + 32));
	buf_printf(b, "}");
}

static void files_update(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			 const unsigned char *p, size_t have)
{
	if (!p || have < 16 || o->noderef) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{offset=%u", st_u32(p));
	if (st_u32(p + 4))
		buf_printf(b, ", resv=%#x", st_u32(p + 4));
	buf_printf(b, ", fds=");
	region_array(b, c, o, 1, st_u64(p + 8), (uint32_t)c->args[3], 4, update_fd_elem);
	buf_printf(b, "}");
}

static void reg(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned op = (unsigned)c->args[1];
	uint32_t n = (uint32_t)c->args[3];
	unsigned char *p;
	size_t have;

	st_decode_fd(b, c->tid, (int)c->args[0], o, NULL);
	buf_printf(b, ", ");
	st_xlat_val(b, opcodes, op, "IORING_REGISTER_???");
	buf_printf(b, ", ");
	p = st_region(c, ST_L_URING, 2, 0, &have);
	switch (op) {
	case IORING_REGISTER_BUFFERS:
		region_array(b, c, o, 0, c->args[2], n, 16, iov_elem);
		break;
	case IORING_REGISTER_FILES:
	case IORING_REGISTER_EVENTFD:
	case IORING_REGISTER_EVENTFD_ASYNC:
		region_array(b, c, o, 0, c->args[2], n, 4, fd_elem);
		break;
	case IORING_REGISTER_FILES_UPDATE:
		files_update(b, c, o, p, have);
		break;
	case IORING_REGISTER_PROBE:
		probe(b, c, o);
		break;
	case IORING_REGISTER_RESTRICTIONS:
		region_array(b, c, o, 0, c->args[2], n, 16, restriction_elem);
		break;
	case IORING_REGISTER_FILES2:
	case IORING_REGISTER_BUFFERS2:
	case IORING_REGISTER_FILES_UPDATE2:
	case IORING_REGISTER_BUFFERS_UPDATE:
		rsrc(b, c, o, op, p, have);
		break;
	case IORING_REGISTER_IOWQ_AFF:
		cpus(b, c, o);
		break;
	case IORING_REGISTER_IOWQ_MAX_WORKERS:
		max_workers(b, c, o);
		break;
	case IORING_REGISTER_RING_FDS:
		region_array(b, c, o, 0, c->args[2], n, 16, ringfd_elem);
		break;
	case IORING_UNREGISTER_RING_FDS:
		region_array(b, c, o, 0, c->args[2], n, 16, ringfd_un_elem);
		break;
	case IORING_REGISTER_PBUF_RING:
	case IORING_UNREGISTER_PBUF_RING:
		pbuf(b, c, o, p, have);
		break;
	default:
		st_region_ptr(b, c->args[2]);
	}
	buf_printf(b, ", %u", n);
	free(p);
}

static void sq_off(struct buf *b, const unsigned char *p)
{
	buf_printf(b, "{head=%u, tail=%u, ring_mask=%u, ring_entries=%u, flags=%u, "
		   "dropped=%u, array=%u", st_u32(p), st_u32(p + 4), st_u32(p + 8),
		   st_u32(p + 12), st_u32(p + 16), st_u32(p + 20), st_u32(p + 24));
}

static void cq_off(struct buf *b, const unsigned char *p)
{
	buf_printf(b, "{head=%u, tail=%u, ring_mask=%u, ring_entries=%u, overflow=%u, "
		   "cqes=%u, flags=%u", st_u32(p), st_u32(p + 4), st_u32(p + 8),
		   st_u32(p + 12), st_u32(p + 16), st_u32(p + 20), st_u32(p + 24));
}

/* The two reserved fields the ring offsets end with, where not zero. */
static void off_resv(struct buf *b, const unsigned char *p)
{
	if (st_u32(p + 28))
		buf_printf(b, ", resv1=%#x", st_u32(p + 28));
	if (st_u64(p + 32))
		buf_printf(b, ", resv2=%#llx", (unsigned long long)st_u64(p + 32));
	buf_printf(b, "}");
}

static void setup(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned char *p, *q = NULL;
	size_t have, have_out = 0;
	uint32_t flags;

	buf_printf(b, "%u, ", (uint32_t)c->args[0]);
	p = st_region(c, ST_L_URING, 1, 0, &have);
	if (!c->args[1] || !p || have < PARAMS_SIZE || o->noderef) {
		st_region_ptr(b, c->args[1]);
		free(p);
		return;
	}
	flags = st_u32(p + 8);
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, setup_flags, flags, "0", "IORING_SETUP_???");
	buf_printf(b, ", sq_thread_cpu=%#x, sq_thread_idle=%u", st_u32(p + 12), st_u32(p + 16));
	if (flags & IORING_SETUP_ATTACH_WQ) {
		buf_printf(b, ", wq_fd=");
		st_decode_fd(b, c->tid, (int)st_u32(p + 24), o, NULL);
	}
	hex32s(b, "resv", p + 28, 3);
	if (!st_call_failed(c))
		q = st_region(c, ST_L_URING_OUT, 1, 0, &have_out);
	if (q && have_out >= PARAMS_SIZE) {
		buf_printf(b, ", sq_entries=%u, cq_entries=%u, features=", st_u32(q), st_u32(q + 4));
		st_xlat_flags_dflt(b, features, st_u32(q + 20), "0", "IORING_FEAT_???");
		buf_printf(b, ", sq_off=");
		sq_off(b, q + 40);
		off_resv(b, q + 40);
		buf_printf(b, ", cq_off=");
		cq_off(b, q + 80);
		off_resv(b, q + 80);
	}
	buf_printf(b, "}");
	free(p);
	free(q);
}

void st_uring_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	if (ST_IS(c, "io_uring_setup"))
		setup(b, c, o);
	else
		reg(b, c, o);
}
