/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: io_submit, io_cancel and io_getevents as strace 6.1 prints them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/aio_abi.h>

#include "st_aio.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The header keeps IOCB_CMD_PREADX's number in a comment only. */
#define ST_IOCB_CMD_PREADX 4

static const struct st_xlat cmds[] = {
	X(IOCB_CMD_PREAD), X(IOCB_CMD_PWRITE), X(IOCB_CMD_FSYNC), X(IOCB_CMD_FDSYNC),
	{ ST_IOCB_CMD_PREADX, "IOCB_CMD_PREADX" }, X(IOCB_CMD_POLL), X(IOCB_CMD_NOOP),
	X(IOCB_CMD_PREADV), X(IOCB_CMD_PWRITEV), END
};

static const struct st_xlat iocb_flags[] = { X(IOCB_FLAG_RESFD), X(IOCB_FLAG_IOPRIO), END };

/* Regions of iocb k: the iocb, its buffer or iovec array, two iovecs' buffers. */
#define R_IOCB(k) ST_AIO_IOCB(k)
#define R_DATA(k) (ST_AIO_IOCB(k) + 1)
#define R_IOV(k, j) (ST_AIO_IOCB(k) + 2 + (j))
/* The iovecs of an iocb read; the first R_IOV_BUFS of them with their buffers. */
#define IOV_READ 8
#define R_IOV_BUFS 2
/* The most pointers io_submit's array is read for (-v). */
#define PTRS_MAX 256

/* Offsets in struct iocb. */
enum {
	O_DATA = 0, O_KEY = 8, O_RW_FLAGS = 12, O_OPCODE = 16, O_REQPRIO = 18,
	O_FILDES = 20, O_BUF = 24, O_NBYTES = 32, O_OFFSET = 40, O_FLAGS = 56,
	O_RESFD = 60,
};

static int imin(int a, int b)
{
	return a < b ? a : b;
}

void st_aio_capture(struct buf *b, const struct st_opts *o, char l, int i,
		    const int *reg_off)
{
	int s = o->strsize + 1, k, j;
	int ptrs = o->verbose ? PTRS_MAX : imin(s, PTRS_MAX);
	char addr[48];

	if (l == ST_L_IO_EVENTS) {
		/* As many as returned: as many as -s shows and one more. */
		int max = imin(o->verbose ? ST_REGION_MAX : s * ST_IO_EVENT_SIZE, ST_REGION_MAX) /
			  ST_IO_EVENT_SIZE;

		buf_printf(b, "$kn = (int64)arg1; if ($kn < 0) { $kn = 0; } if ($kn > %d) { $kn = %d; } ",
			   max, max);
		st_region_capture(b, l, i, 0, "$a", "$kn * 32");
		return;
	}
	buf_printf(b, "$kn = (int64)*(arg0 + %d); if ($kn < 0) { $kn = 0; } "
		   "if ($kn > %d) { $kn = %d; } ", reg_off[i - 1], ptrs, ptrs);
	st_region_capture(b, l, i, 0, "$a", "$kn * 8");
	for (k = 0; k < ST_AIO_SHOWN; k++) {
		buf_printf(b, "if ($kn > %d) { $kp = *($a + %d); if ($kp) { ", k, 8 * k);
		st_region_capture(b, l, i, R_IOCB(k), "$kp", "64");
		/* What the opcode makes of aio_buf and aio_nbytes, when valid. */
		buf_printf(b, "$ko = *(uint16 *)($kp + %d); $kb = *($kp + %d); "
			   "$kl = (int64)*($kp + %d); if ($kb && $kl >= 0) { "
			   "if ($ko == %d) { if ($kl > %d) { $kl = %d; } ",
			   O_OPCODE, O_BUF, O_NBYTES, IOCB_CMD_PWRITE, s, s);
		st_region_capture(b, l, i, R_DATA(k), "$kb", "$kl");
		buf_printf(b, "} if ($ko == %d || $ko == %d) { if ($kl > %d) { $kl = %d; } ",
			   IOCB_CMD_PREADV, IOCB_CMD_PWRITEV, IOV_READ, IOV_READ);
		st_region_capture(b, l, i, R_DATA(k), "$kb", "$kl * 16");
		buf_printf(b, "if ($ko == %d) { ", IOCB_CMD_PWRITEV);
		for (j = 0; j < R_IOV_BUFS; j++) {
			buf_printf(b, "if ($kl > %d) { $kq = *($kb + %d); $kz = *($kb + %d); "
				   "if ($kz > %d) { $kz = %d; } ", j, 16 * j, 16 * j + 8, s, s);
			snprintf(addr, sizeof(addr), "$kq");
			st_region_capture(b, l, i, R_IOV(k, j), addr, "$kz");
			buf_printf(b, "} ");
		}
		buf_printf(b, "} } } } } ");
	}
}

/*
 * Memory the decoders read: region idx when the BPF program read it
 * (absent: it could not be read), else the process's while it lasts.
 */
struct mem {
	const struct st_call *c;
	char l;
	int arg;
	bool captured;		/* the regions hold this iocb's memory */
};

static unsigned char *fetch(const struct mem *m, int idx, uint64_t addr, size_t want,
			    size_t *have)
{
	unsigned char *p;

	if (m->captured)
		return st_region(m->c, m->l, m->arg, idx, have);
	p = xmalloc(want + 1);
	*have = addr ? st_tracee_read(m->c->tid, addr, p, want, false) : 0;
	return p;
}

/* printxval's decimal form: a name, or the number with dflt in a comment. */
static void xval_u(struct buf *b, const struct st_xlat *t, unsigned v, const char *dflt)
{
	const char *n = st_xlat_get_style() == ST_C_RAW ? NULL : st_xlat_name(t, v);

	if (n && st_xlat_get_style() == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%u", v);
	if (st_xlat_get_style() != ST_C_RAW)
		buf_printf(b, " /* %s */", n ? n : dflt);
}

/* An I/O priority as strace's print_ioprio(): hex, the macro, or both. */
static void ioprio(struct buf *b, unsigned v)
{
	enum st_cstyle st = st_xlat_get_style();

	if (st != ST_C_ABBREV)
		buf_printf(b, "%#x", v);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* ");
	if (st != ST_C_RAW)
		st_ioprio(b, v);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " */");
}

/* The fields up to aio_fildes; the opcode. */
static unsigned header(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		       const unsigned char *cb)
{
	unsigned op = st_u16(cb + O_OPCODE), flags = st_u32(cb + O_FLAGS);

	buf_printf(b, "aio_data=%#llx", (unsigned long long)st_u64(cb + O_DATA));
	if (st_u32(cb + O_KEY))
		buf_printf(b, ", aio_key=%u", st_u32(cb + O_KEY));
	if (st_u32(cb + O_RW_FLAGS)) {
		buf_printf(b, ", aio_rw_flags=");
		st_xlat_flags_dflt(b, st_rwf, st_u32(cb + O_RW_FLAGS), "0", "RWF_???");
	}
	buf_printf(b, ", aio_lio_opcode=");
	xval_u(b, cmds, op, "IOCB_CMD_???");
	if (flags & IOCB_FLAG_IOPRIO) {
		buf_printf(b, ", aio_reqprio=");
		ioprio(b, st_u16(cb + O_REQPRIO));
	} else if (st_u16(cb + O_REQPRIO)) {
		buf_printf(b, ", aio_reqprio=%d", (int16_t)st_u16(cb + O_REQPRIO));
	}
	buf_printf(b, ", aio_fildes=");
	st_decode_fd(b, c->tid, (int32_t)st_u32(cb + O_FILDES), o, NULL);
	return op;
}

static void common_flags(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			 const unsigned char *cb)
{
	unsigned flags = st_u32(cb + O_FLAGS), resfd = st_u32(cb + O_RESFD);

	if (flags) {
		buf_printf(b, ", aio_flags=");
		st_xlat_flags_dflt(b, iocb_flags, flags, "0", "IOCB_FLAG_???");
	}
	if (flags & IOCB_FLAG_RESFD) {
		buf_printf(b, ", aio_resfd=");
		st_decode_fd(b, c->tid, (int32_t)resfd, o, NULL);
	} else if (resfd) {
		buf_printf(b, ", aio_resfd=%#x", resfd);
	}
}

/* A region of n elements of size bytes, of which -s are shown (-v: all). */
static size_t shown_len(const struct st_dopts *o, size_t have, uint64_t n, size_t size)
{
	/* The elements past those shown were not read: no cut to show. */
	if (!o->verbose && n > (uint64_t)o->strsize && have >= (size_t)o->strsize * size)
		return (size_t)(o->strsize + 1) * size;
	return have;
}

/* One iovec of an iocb's array; strings for IOCB_CMD_PWRITEV. */
struct iov_arg {
	const struct mem *m;
	const struct st_dopts *o;
	int k;
	bool str;
};

static void iovec(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	const struct iov_arg *a = arg;
	uint64_t base = st_u64(e), len = st_u64(e + 8);

	buf_printf(b, "{iov_base=");
	if (a->str) {
		size_t have, want = st_region_str_size(a->o, len);
		struct mem m = *a->m;
		unsigned char *p;

		/* Buffers past the first few were not read in the kernel. */
		m.captured = m.captured && idx < R_IOV_BUFS;
		p = fetch(&m, R_IOV(a->k, (int)idx), base, want, &have);
		st_region_str(b, a->o, base, len, 0, p, have);
		free(p);
	} else {
		st_region_ptr(b, base);
	}
	buf_printf(b, ", iov_len=%llu}", (unsigned long long)len);
}

/* struct iocb k of io_submit's array (or io_cancel's, header only). */
static void iocb(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		 const struct mem *m, int k, const unsigned char *cb)
{
	unsigned op = header(b, c, o, cb);
	uint64_t buf = st_u64(cb + O_BUF), n = st_u64(cb + O_NBYTES);
	bool valid = (int64_t)n >= 0;
	unsigned char *p;
	size_t have;

	switch (op) {
	case IOCB_CMD_PREAD:
	case IOCB_CMD_PWRITE:
		if (op == IOCB_CMD_PWRITE && valid) {
			p = fetch(m, R_DATA(k), buf, st_region_str_size(o, n), &have);
			buf_printf(b, ", aio_buf=");
			st_region_str(b, o, buf, n, 0, p, have);
			free(p);
		} else {
			buf_printf(b, ", aio_buf=%#llx", (unsigned long long)buf);
		}
		buf_printf(b, ", aio_nbytes=%llu", (unsigned long long)n);
		break;
	case IOCB_CMD_PREADV:
	case IOCB_CMD_PWRITEV:
		if (valid) {
			struct iov_arg a = { m, o, k, op == IOCB_CMD_PWRITEV };
			uint64_t want = n;

			if (!o->verbose && want > (uint64_t)o->strsize)
				want = o->strsize;
			if (want > ST_REGION_MAX / 16)
				want = ST_REGION_MAX / 16;
			if (m->captured && n > IOV_READ) {
				/* Past what the kernel read: the process's. */
				struct mem live = *m;

				live.captured = false;
				p = fetch(&live, 0, buf, want * 16, &have);
			} else {
				p = fetch(m, R_DATA(k), buf, want * 16, &have);
			}
			buf_printf(b, ", aio_buf=");
			st_region_array(b, o, buf, n, 16, p, shown_len(o, have, n, 16), iovec, &a);
			free(p);
		} else {
			buf_printf(b, ", aio_buf=%#llx, aio_nbytes=%llu",
				   (unsigned long long)buf, (unsigned long long)n);
		}
		break;
	case IOCB_CMD_POLL:
		buf_printf(b, ", aio_buf=");
		st_xlat_flags_dflt(b, st_poll, buf, "0", "POLL???");
		common_flags(b, c, o, cb);
		return;
	default:
		return;
	}
	buf_printf(b, ", aio_offset=%lld", (long long)st_u64(cb + O_OFFSET));
	common_flags(b, c, o, cb);
}

struct ptr_arg {
	const struct st_call *c;
	const struct st_dopts *o;
	char l;
	int i;
};

static void iocb_ptr(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	const struct ptr_arg *a = arg;
	uint64_t at = st_u64(e);
	struct mem m = { a->c, a->l, a->i, idx < ST_AIO_SHOWN };
	unsigned char *p;
	size_t have;

	p = at ? fetch(&m, R_IOCB((int)idx), at, ST_IOCB_SIZE, &have) : NULL;
	if (!p || have < ST_IOCB_SIZE) {
		st_region_ptr(b, at);
	} else {
		buf_printf(b, "{");
		iocb(b, a->c, a->o, &m, (int)idx, p);
		buf_printf(b, "}");
	}
	free(p);
}

static void io_event(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)idx;
	(void)arg;
	buf_printf(b, "{data=%#llx, obj=%#llx, res=%lld, res2=%lld}",
		   (unsigned long long)st_u64(e), (unsigned long long)st_u64(e + 8),
		   (long long)st_u64(e + 16), (long long)st_u64(e + 24));
}

void st_aio_arg(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		char l, int i)
{
	uint64_t v = c->args[i];
	unsigned char *p;
	size_t have;

	p = st_region(c, l, i, 0, &have);
	switch (l) {
	case ST_L_AIO_IOCBS: {
		struct ptr_arg a = { c, o, l, i };
		int64_t n = (int64_t)c->args[i - 1];

		if (n < 0) {
			st_region_ptr(b, v);
			break;
		}
		st_region_array(b, o, v, (uint64_t)n, 8, p, shown_len(o, have, n, 8), iocb_ptr, &a);
		break;
	}
	case ST_L_IOCB:
		if (!p || have < ST_IOCB_SIZE || !v || o->noderef) {
			st_region_ptr(b, v);
			break;
		}
		buf_printf(b, "{");
		header(b, c, o, p);
		buf_printf(b, "}");
		break;
	case ST_L_IO_EVENT:
		if (!p || have < ST_IO_EVENT_SIZE || !v || o->noderef || st_call_failed(c))
			st_region_ptr(b, v);
		else
			io_event(b, p, 0, NULL);
		break;
	case ST_L_IO_EVENTS: {
		/* A failed call returned no count: strace's array is too long to read. */
		uint64_t n = st_call_failed(c) ? (uint64_t)-1 : (uint64_t)c->ret;

		st_region_array(b, o, v, n, ST_IO_EVENT_SIZE, p,
				shown_len(o, have, n, ST_IO_EVENT_SIZE), io_event, NULL);
		break;
	}
	}
	free(p);
}
