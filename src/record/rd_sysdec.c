/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The structures of system calls as LTTng's syscall overrides record
 * them (see rd_sysdec.h).  A call's events are described once, by a
 * function that walks its fields in LTTng's order: declaring them (the
 * event classes) or giving their values from a record.  What LTTng's
 * tracer reads with copy_from_user the program reads with one __ubuf()
 * a side, and everything LTTng then computes (lengths, overflow flags,
 * the active pollfds) is computed here from those bytes.
 */
#include <string.h>

#include "rd_sysdec.h"
#include "../compile/compile.h"

/* LTTng's limits: a page of pollfds (8 bytes) or epoll_events (12). */
#define POLL_MAX 512
#define EPOLL_MAX 341
/* The largest sockaddr LTTng decodes: sockaddr_in6. */
#define SOCKADDR_MAX 28
/* select(): __FD_SETSIZE bits at most. */
#define FDSET_BITS 1024

#define FLAG "integer { size = 1; align = 1; signed = false; }"
#define U8_HEX "integer { size = 8; align = 8; signed = false; base = 16; }"
#define U8_NET "integer { size = 8; align = 8; signed = false; byte_order = be; }"
#define U16_NET "integer { size = 16; align = 8; signed = false; byte_order = be; }"
/*
 * LTTng's flag structs: its tables put the padding at the index of the
 * last flag (ilog2 of POLLNVAL + 1 is POLLNVAL's), so POLLNVAL and
 * EPOLLHUP are the padding's low bit; the byte is the events' low 8 bits.
 */
#define POLLFD "struct { int32_t _fd; integer { size = 16; align = 8; signed = false; " \
	"base = 16; } _raw_events; struct { " FLAG " _POLLIN; " FLAG " _POLLPRI; " \
	FLAG " _POLLOUT; " FLAG " _POLLERR; " FLAG " _POLLHUP; integer { size = 3; " \
	"align = 1; signed = false; } _padding; } _events; }"
#define EPOLL_EVENT "struct { struct { uint64_hex_t _u64; int32_t _fd; } _data_union; " \
	"integer { size = 32; align = 8; signed = false; base = 16; } _raw_events; " \
	"struct { " FLAG " _EPOLLIN; " FLAG " _EPOLLPRI; " FLAG " _EPOLLOUT; " FLAG \
	" _EPOLLERR; integer { size = 4; align = 1; signed = false; } _padding; } _events; }"
#define EPOLL_OP "enum : int32_t { \"EPOLL_CTL_ADD\" = 1, \"EPOLL_CTL_DEL\" = 2, " \
	"\"EPOLL_CTL_MOD\" = 3 }"

/* Declaring a call's fields (decl) or giving their values. */
struct ctx {
	bool decl;
	struct ctf_field *f;
	struct ctf_decl *d;
	union ctf_value *v;
	struct buf *bytes;
	size_t off[RD_SYSDEC_FIELDS];	/* a raw value's bytes, or SIZE_MAX */
	size_t begin;
	int n;
};

static void fld(struct ctx *c, const char *name, enum ctf_type t, uint64_t u)
{
	if (c->n >= RD_SYSDEC_FIELDS)
		return;
	if (c->decl) {
		c->f[c->n] = (struct ctf_field){ name, t };
		c->d[c->n] = (struct ctf_decl){ NULL, NULL };
	} else {
		c->v[c->n].u = u;
		c->off[c->n] = SIZE_MAX;
	}
	c->n++;
}

/* A raw field's bytes are those put into c->bytes since raw_begin(). */
static void raw_begin(struct ctx *c)
{
	if (!c->decl)
		c->begin = c->bytes->len;
}

static void raw_put(struct ctx *c, const void *p, size_t n)
{
	if (!c->decl && n)
		buf_put(c->bytes, p, n);
}

static void raw_end(struct ctx *c, const char *name, const char *tsdl, const char *dims)
{
	if (c->n >= RD_SYSDEC_FIELDS)
		return;
	if (c->decl) {
		c->f[c->n] = (struct ctf_field){ name, CTF_RAW };
		c->d[c->n] = (struct ctf_decl){ tsdl, dims };
	} else {
		c->off[c->n] = c->begin;
		c->v[c->n].raw.n = (uint32_t)(c->bytes->len - c->begin);
	}
	c->n++;
}

static void put_le(struct ctx *c, uint64_t v, int n)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < n; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	raw_put(c, b, (size_t)n);
}

static uint64_t get_le(const uint8_t *p, int n)
{
	uint64_t v = 0;
	int i;

	for (i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Buffer i of in: its bytes and how many, 0 when unreadable or absent. */
static size_t in_buf(const struct rd_sysdec_in *in, int i, const uint8_t **p)
{
	*p = in ? in->p[i] : NULL;
	if (!in || !in->p[i] || in->len[i] == BUF_UNREAD)
		return 0;
	return (size_t)in->len[i];
}

static bool unread(const struct rd_sysdec_in *in, int i)
{
	return !in || in->len[i] == BUF_UNREAD;
}

/*
 * family, the port (dport or sport), v4addr and v6addr of the address
 * in sa (have bytes) whose length the caller gave as len: LTTng reads
 * the family if len holds it, the rest if len holds the family's struct
 * (len compared unsigned, as LTTng's int with a sizeof).
 */
static void sockaddr(struct ctx *c, const char *port, const uint8_t *sa, size_t have,
		     uint32_t len)
{
	uint64_t family = 0, pn = 0, n4 = 0, n6 = 0;
	const uint8_t *addr = NULL;

	if (len >= 2 && have >= 2) {
		family = get_le(sa, 2);
		if (family == 2 && len >= 16 && have >= 8) {
			pn = (uint64_t)sa[2] << 8 | sa[3];
			addr = sa + 4;
			n4 = 4;
		} else if (family == 10 && len >= SOCKADDR_MAX && have >= 24) {
			pn = (uint64_t)sa[2] << 8 | sa[3];
			addr = sa + 8;
			n6 = 8;
		}
	}
	fld(c, "family", CTF_U16, family);
	fld(c, port, CTF_BE16, pn);
	fld(c, "_v4addr_length", CTF_U32, n4);
	raw_begin(c);
	raw_put(c, addr, n4);
	raw_end(c, "v4addr", U8_NET, "[__v4addr_length]");
	fld(c, "_v6addr_length", CTF_U32, n6);
	raw_begin(c);
	raw_put(c, addr, 2 * n6);
	raw_end(c, "v6addr", U16_NET, "[__v6addr_length]");
}

static void dec_connect(struct ctx *c, bool exit, const uint64_t a[6], const struct rd_sysdec_in *in)
{
	const uint8_t *sa;
	size_t have = in_buf(in, 0, &sa);

	if (exit)
		return;
	fld(c, "fd", CTF_S32, a[0]);
	fld(c, "uservaddr", CTF_HEX64, a[1]);
	fld(c, "addrlen", CTF_XS32, a[2]);
	sockaddr(c, "dport", sa, have, (uint32_t)a[2]);
}

static void dec_accept(struct ctx *c, bool exit, const uint64_t a[6], const struct rd_sysdec_in *in,
		       bool flags)
{
	const uint8_t *sa;
	size_t have = in_buf(in, 0, &sa);
	int64_t ulen = in ? in->num : 0;

	if (!exit) {
		fld(c, "fd", CTF_S32, a[0]);
		fld(c, "upeer_sockaddr", CTF_HEX64, a[1]);
		fld(c, "upeer_addrlen", CTF_S32, (uint64_t)ulen);
		if (flags)
			fld(c, "flags", CTF_XS32, a[3]);
		return;
	}
	fld(c, "upeer_addrlen", CTF_S32, (uint64_t)ulen);
	sockaddr(c, "sport", sa, have, (uint32_t)ulen);
}

static void dec_accept4(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			const struct rd_sysdec_in *in)
{
	dec_accept(c, exit, a, in, true);
}

static void dec_accept3(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			const struct rd_sysdec_in *in)
{
	dec_accept(c, exit, a, in, false);
}

static void dec_connect_r(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			  const struct rd_sysdec_in *in)
{
	dec_connect(c, exit, a, in);
}

/*
 * nfds, fds_length, overflow and fds as LTTng's poll override makes
 * them: at entry every pollfd (fd and events), at exit those with
 * revents set, fds_length of them (ret, or 512 past a page), zeros where
 * the array holds fewer.  overflow is poll's entry's alone, both of
 * ppoll's events'.
 */
static void pollfds(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		    const struct rd_sysdec_in *in, bool ovf_exit)
{
	uint32_t nfds = (uint32_t)a[1], len = 0, max = 0, i, nr = 0;
	const uint8_t *p;
	size_t have = in_buf(in, 0, &p);
	bool overflow = false, ok = true;

	if (!exit) {
		len = max = nfds > POLL_MAX ? POLL_MAX : nfds;
		overflow = nfds > POLL_MAX;
	} else if (ret > 0 && ret <= (int64_t)nfds) {
		overflow = nfds > POLL_MAX;
		max = overflow ? POLL_MAX : nfds;
		len = overflow ? POLL_MAX : (uint32_t)ret;
	} else {
		ok = false;
	}
	if (ok && !c->decl && (unread(in, 0) || have < (size_t)max * 8))
		len = max = 0;
	if (!ok)
		len = max = 0;
	fld(c, "nfds", CTF_U32, nfds);
	fld(c, "fds_length", CTF_U32, len);
	if (!exit || ovf_exit)
		fld(c, "overflow", CTF_U8, overflow);
	raw_begin(c);
	for (i = 0; !c->decl && i < max && nr < len; i++) {
		const uint8_t *e = p + 8 * i;
		uint64_t ev = get_le(e + (exit ? 6 : 4), 2);

		if (exit && !ev)
			continue;
		nr++;
		put_le(c, get_le(e, 4), 4);
		put_le(c, ev, 2);
		put_le(c, ev & 0xff, 1);
	}
	for (; !c->decl && nr < len; nr++)
		put_le(c, 0, 7);
	raw_end(c, "fds", POLLFD, "[_fds_length]");
}

static void dec_poll(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		     const struct rd_sysdec_in *in)
{
	if (!exit)
		fld(c, "timeout_msecs", CTF_S32, a[2]);
	pollfds(c, exit, a, ret, in, false);
}

static void dec_ppoll(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		      const struct rd_sysdec_in *in)
{
	if (!exit) {
		fld(c, "tsp", CTF_U64, a[2]);
		fld(c, "sigmask", CTF_U64, a[3]);
		fld(c, "sigsetsize", CTF_U64, a[4]);
	}
	pollfds(c, exit, a, ret, in, true);
}

/*
 * The three sets, n bits each (a byte each 8), as LTTng copies them: a
 * set whose pointer is NULL is empty, and if one cannot be read (or the
 * exit's ret is not positive, or n is out of 1..1024) all are.
 */
static void fdsets(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		   const struct rd_sysdec_in *in)
{
	static const char *const names[3][3] = {
		{ "_readfds_length", "readfds", "[__readfds_length]" },
		{ "_writefds_length", "writefds", "[__writefds_length]" },
		{ "_exceptfds_length", "exceptfds", "[__exceptfds_length]" },
	};
	int32_t n = (int32_t)a[0];
	uint32_t bytes = 0;
	int i;

	if ((!exit || ret > 0) && n > 0 && n <= FDSET_BITS) {
		bytes = ((uint32_t)n + 7) / 8;
		for (i = 0; i < 3 && !c->decl; i++)
			if (a[1 + i] && (unread(in, i) || in->len[i] < bytes))
				bytes = 0;
	}
	for (i = 0; i < 3; i++) {
		uint32_t len = a[1 + i] ? bytes : 0;

		fld(c, names[i][0], CTF_U8, len);
		raw_begin(c);
		raw_put(c, in ? in->p[i] : NULL, len);
		raw_end(c, names[i][1], U8_HEX, names[i][2]);
	}
}

static void dec_select(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		       const struct rd_sysdec_in *in)
{
	if (!exit)
		fld(c, "n", CTF_S32, a[0]);
	fld(c, "overflow", CTF_U8, 0);
	fld(c, "tvp", CTF_U64, a[4]);
	fdsets(c, exit, a, ret, in);
}

static void dec_pselect6(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			 const struct rd_sysdec_in *in)
{
	if (!exit)
		fld(c, "n", CTF_S32, a[0]);
	fld(c, "overflow", CTF_U8, 0);
	fld(c, "tvp", CTF_U64, a[4]);
	if (!exit)
		fld(c, "sig", CTF_HEX64, a[5]);
	fdsets(c, exit, a, ret, in);
}

/* An epoll_event (12 bytes, packed on x86-64: events, then data) as LTTng's struct. */
static void epoll_event(struct ctx *c, const uint8_t *e)
{
	static const uint8_t zero[12];
	uint64_t data, events;

	if (!e)
		e = zero;
	events = get_le(e, 4);
	data = get_le(e + 4, 8);
	put_le(c, data, 8);
	put_le(c, data & 0xffffffff, 4);
	put_le(c, events, 4);
	put_le(c, events & 0xff, 1);
}

static void dec_epoll_ctl(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			  const struct rd_sysdec_in *in)
{
	const uint8_t *e;
	size_t have = in_buf(in, 0, &e);

	if (exit)
		return;
	fld(c, "epfd", CTF_S32, a[0]);
	raw_begin(c);
	put_le(c, a[1], 4);
	raw_end(c, "op_enum", EPOLL_OP, NULL);
	fld(c, "fd", CTF_S32, a[2]);
	raw_begin(c);
	if (!c->decl)
		epoll_event(c, have >= 12 ? e : NULL);
	raw_end(c, "event", EPOLL_EVENT, NULL);
}

static void dec_epoll_wait(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			   const struct rd_sysdec_in *in, bool sigmask)
{
	int32_t max = (int32_t)a[2];
	uint32_t len = 0, i;
	bool overflow = false;
	const uint8_t *p;
	size_t have = in_buf(in, 0, &p);

	if (!exit) {
		fld(c, "epfd", CTF_S32, a[0]);
		fld(c, "maxevents", CTF_S32, a[2]);
		fld(c, "timeout", CTF_S32, a[3]);
		if (sigmask) {
			fld(c, "sigmask", CTF_HEX64, a[4]);
			fld(c, "sigsetsize", CTF_U64, a[5]);
		}
		return;
	}
	if (max > 0 && ret > 0 && ret <= max) {
		int64_t alloc = max > EPOLL_MAX ? EPOLL_MAX : max;

		overflow = ret > alloc;
		len = (uint32_t)(overflow ? alloc : ret);
		if (!c->decl && (unread(in, 0) || have < (size_t)len * 12))
			len = 0;
	}
	fld(c, "fds_length", CTF_U32, len);
	fld(c, "overflow", CTF_U8, overflow);
	raw_begin(c);
	for (i = 0; !c->decl && i < len; i++)
		epoll_event(c, p + 12 * i);
	raw_end(c, "fds", EPOLL_EVENT, "[_fds_length]");
}

static void dec_epoll_wait4(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			    const struct rd_sysdec_in *in)
{
	dec_epoll_wait(c, exit, a, ret, in, false);
}

static void dec_epoll_pwait(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
			    const struct rd_sysdec_in *in)
{
	dec_epoll_wait(c, exit, a, ret, in, true);
}

/*
 * clone's entry as LTTng's override has it in its default build: the
 * flags in hex and the pointers, not tls; the exit has ret alone.
 */
static void dec_clone(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		      const struct rd_sysdec_in *in)
{
	if (exit)
		return;
	fld(c, "flags", CTF_HEX64, a[0]);
	fld(c, "newsp", CTF_HEX64, a[1]);
	fld(c, "parent_tid", CTF_HEX64, a[2]);
	fld(c, "child_tid", CTF_HEX64, a[3]);
}

struct rd_sysdec {
	const char *call;
	enum rd_sysdec_read entry, exit;
	/* The fields after ret: declared (c->decl) or given. */
	void (*walk)(struct ctx *c, bool exit, const uint64_t a[6], int64_t ret,
		     const struct rd_sysdec_in *in);
};

static const struct rd_sysdec decs[] = {
	{ "connect", RD_READ_SOCKADDR, RD_READ_NONE, dec_connect_r },
	{ "accept", RD_READ_ADDRLEN, RD_READ_ACCEPTED, dec_accept3 },
	{ "accept4", RD_READ_ADDRLEN, RD_READ_ACCEPTED, dec_accept4 },
	{ "poll", RD_READ_POLLFDS, RD_READ_POLLED, dec_poll },
	{ "ppoll", RD_READ_POLLFDS, RD_READ_POLLED, dec_ppoll },
	{ "select", RD_READ_FDSETS, RD_READ_FDSETS_OUT, dec_select },
	{ "pselect6", RD_READ_FDSETS, RD_READ_FDSETS_OUT, dec_pselect6 },
	{ "epoll_ctl", RD_READ_EPOLL_EVENT, RD_READ_NONE, dec_epoll_ctl },
	{ "epoll_wait", RD_READ_NONE, RD_READ_EPOLL_EVENTS, dec_epoll_wait4 },
	{ "epoll_pwait", RD_READ_NONE, RD_READ_EPOLL_EVENTS, dec_epoll_pwait },
	{ "clone", RD_READ_NONE, RD_READ_NONE, dec_clone },
};

const struct rd_sysdec *rd_sysdec_find(const char *call)
{
	size_t i;

	for (i = 0; call && i < ARRAY_SIZE(decs); i++)
		if (!strcmp(decs[i].call, call))
			return &decs[i];
	return NULL;
}

bool rd_sysdec_at_exit(enum rd_sysdec_read rd)
{
	return rd == RD_READ_ACCEPTED || rd == RD_READ_POLLED || rd == RD_READ_FDSETS_OUT ||
	       rd == RD_READ_EPOLL_EVENTS;
}

enum rd_sysdec_read rd_sysdec_read_of(const struct rd_sysdec *d, bool exit)
{
	return exit ? d->exit : d->entry;
}

const char *rd_sysdec_shape(enum rd_sysdec_read rd)
{
	switch (rd) {
	case RD_READ_ADDRLEN:
		return "d";
	case RD_READ_ACCEPTED:
		return "dr";
	case RD_READ_FDSETS:
	case RD_READ_FDSETS_OUT:
		return "rrr";
	case RD_READ_NONE:
	case RD_READ_N:
		return "";
	default:
		return "r";
	}
}

void rd_sysdec_code(struct buf *b, enum rd_sysdec_read rd, int kind, const char *fmt,
		    const char *args, const char *tfmt, const char *targs,
		    const char *const reg[6])
{
	switch (rd) {
	case RD_READ_SOCKADDR:
		buf_printf(b, "\t\t$dl = %s & 0xffffffff;\n\t\tif ($dl > %d) { $dl = %d; }\n",
			   reg[2], SOCKADDR_MAX, SOCKADDR_MAX);
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%r%s\", %s, __ubuf(%s, $dl, 32)%s);\n", tfmt, args, reg[1], targs);
		break;
	case RD_READ_ADDRLEN:
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%d%s\", %s, *(int32 *)%s%s);\n", tfmt, args, reg[2], targs);
		break;
	case RD_READ_ACCEPTED:
		buf_printf(b, "\t\t$du = *(int32 *)%s;\n\t\t$dl = $du & 0xffffffff;\n"
			   "\t\tif ($dl > %d) { $dl = %d; }\n", reg[2], SOCKADDR_MAX, SOCKADDR_MAX);
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%d %%r%s\", %s, $du, __ubuf(%s, $dl, 32)%s);\n", tfmt, args, reg[1],
			   targs);
		break;
	case RD_READ_POLLFDS:
	case RD_READ_POLLED:
		buf_printf(b, "\t\t$dn = %s & 0xffffffff;\n", reg[1]);
		if (rd == RD_READ_POLLED)
			buf_printf(b, "\t\t$dr = (int64)arg1;\n"
				   "\t\tif ($dr <= 0 || $dr > (int64)$dn) { $dn = 0; }\n");
		buf_printf(b, "\t\tif ($dn > %d) { $dn = %d; }\n", POLL_MAX, POLL_MAX);
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%r%s\", %s, __ubuf(%s, $dn * 8, %d)%s);\n", tfmt, args, reg[0],
			   POLL_MAX * 8, targs);
		break;
	case RD_READ_FDSETS:
	case RD_READ_FDSETS_OUT:
		/* LTTng copies whole longs: (n + 63) / 64 of them. */
		buf_printf(b, "\t\t$ds = (int64)(int32)%s;\n\t\t$dn = 0;\n"
			   "\t\tif ($ds > 0 && $ds <= %d%s) { $dn = (($ds + 63) / 64) * 8; }\n",
			   reg[0], FDSET_BITS, rd == RD_READ_FDSETS_OUT ? " && (int64)arg1 > 0" : "");
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%r %%r %%r%s\", %s, __ubuf(%s, $dn, %d), __ubuf(%s, $dn, %d), "
			   "__ubuf(%s, $dn, %d)%s);\n", tfmt, args, reg[1], FDSET_BITS / 8, reg[2],
			   FDSET_BITS / 8, reg[3], FDSET_BITS / 8, targs);
		break;
	case RD_READ_EPOLL_EVENT:
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%r%s\", %s, __ubuf(%s, 12, 16)%s);\n", tfmt, args, reg[3], targs);
		break;
	case RD_READ_EPOLL_EVENTS:
		/*
		 * LTTng copies min(maxevents, 341) events, the kernel wrote
		 * ret of them: only those are read here.
		 */
		buf_printf(b, "\t\t$dr = (int64)arg1;\n\t\t$dm = (int64)(int32)%s;\n\t\t$dn = 0;\n"
			   "\t\tif ($dm > 0 && $dr > 0 && $dr <= $dm) { $dn = $dr; }\n"
			   "\t\tif ($dn > %d) { $dn = %d; }\n", reg[2], EPOLL_MAX, EPOLL_MAX);
		buf_printf(b, "\t\tprintf(\"K%d %s", kind, fmt);
		buf_printf(b, " %%r%s\", %s, __ubuf(%s, $dn * 12, %d)%s);\n", tfmt, args, reg[1],
			   EPOLL_MAX * 12 + 4, targs);
		break;
	case RD_READ_NONE:
	case RD_READ_N:
		return;
	}
	buf_printf(b, "\t\treturn;\n");
}

int rd_sysdec_fields(const struct rd_sysdec *d, bool exit, struct ctf_field *fields,
		     struct ctf_decl *decls)
{
	static const uint64_t a[6];
	struct ctx c = { .decl = true, .f = fields, .d = decls };

	if (exit)
		fld(&c, "ret", CTF_S64, 0);
	d->walk(&c, exit, a, 0, NULL);
	return c.n;
}

void rd_sysdec_values(const struct rd_sysdec *d, bool exit, const uint64_t a[6], int64_t ret,
		      const struct rd_sysdec_in *in, union ctf_value *v, struct buf *bytes)
{
	struct ctx c = { .v = v, .bytes = bytes };
	int i;

	bytes->len = 0;
	if (exit)
		fld(&c, "ret", CTF_S64, (uint64_t)ret);
	d->walk(&c, exit, a, ret, in);
	for (i = 0; i < c.n; i++)
		if (c.off[i] != SIZE_MAX)
			v[i].raw.p = bytes->p ? bytes->p + c.off[i] : NULL;
}
