/* SPDX-License-Identifier: GPL-2.0 */
/* The CTF 1.8 trace writer (see ctf.h for the TSDL it writes). */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "ctf.h"
#include "../util.h"

#define CTF_MAGIC 0xC1FC1FC1u
/* packet.header (32 bytes) and packet.context (52 bytes). */
#define HDR_BYTES (4 + 16 + 4 + 8)
#define CTX_BYTES (8 * 6 + 4)
#define PKT_HEAD (HDR_BYTES + CTX_BYTES)
/* event.header: uint32_t id, uint64_t timestamp. */
#define EV_HEAD 12

struct ctf_class {
	char *name;
	struct ctf_field *fields;
	struct ctf_decl *decls;	/* by field; tsdl NULL: the type's name */
	int nfields;
};

struct ctf_stream {
	int fd;			/* channel0_N, or -1 before its first event */
	unsigned char *buf;	/* the packet under way: PKT_HEAD bytes left
				 * for its header, then events */
	size_t used;		/* bytes of buf in use, PKT_HEAD at least */
	uint64_t nev;		/* events in the packet */
	uint32_t *evoff;	/* where each of them starts in buf */
	uint64_t evcap;
	uint64_t ts_begin, ts_last;
	bool any;		/* ts_last holds an event's timestamp */
	uint64_t seq;		/* packets written */
	uint64_t discarded;	/* lost so far, cumulative */
	uint64_t disc_written;	/* as the last packet written said */
	off_t off;		/* bytes of whole packets in the file */
};

struct ctf_writer {
	char *dir;
	int dfd;
	struct ctf_opts o;	/* strings owned */
	uint8_t uuid[16];
	struct ctf_class *classes;
	int nclasses, cap;
	struct ctf_class ctx;	/* the stream's event context (no name) */
	bool meta_dirty;
	struct ctf_stream *streams;
	int nstreams;
	size_t pkt;		/* packet capacity in bytes */
	int err;		/* first failure, -errno */
	struct ctf_stats st;
};

static bool is_ident(const char *s)
{
	const char *p;

	if (!s || !*s || (*s >= '0' && *s <= '9'))
		return false;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return p - s < 200;
}

/* Event names are TSDL strings: printable, no quote or backslash. */
static bool is_event_name(const char *s)
{
	const unsigned char *p;

	if (!s || !*s)
		return false;
	for (p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || *p == '"' || *p == '\\')
			return false;
	return p - (const unsigned char *)s < 256;
}

/* A TSDL string literal's text: quotes, backslashes and controls escaped. */
static void put_quoted(struct buf *b, const char *s)
{
	const unsigned char *p;

	buf_put(b, "\"", 1);
	for (p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(b, "\\x%02x", *p);
		else
			buf_put(b, p, 1);
	}
	buf_put(b, "\"", 1);
}

static void put_uuid(struct buf *b, const uint8_t *u)
{
	int i;

	buf_put(b, "\"", 1);
	for (i = 0; i < 16; i++)
		buf_printf(b, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "",
			   u[i]);
	buf_put(b, "\"", 1);
}

static const char *type_name(enum ctf_type t)
{
	static const char *const names[] = {
		[CTF_U8] = "uint8_t", [CTF_U16] = "uint16_t",
		[CTF_U32] = "uint32_t", [CTF_U64] = "uint64_t",
		[CTF_S8] = "int8_t", [CTF_S16] = "int16_t",
		[CTF_S32] = "int32_t", [CTF_S64] = "int64_t",
		[CTF_HEX64] = "uint64_hex_t", [CTF_STRING] = "string",
		[CTF_BE16] = "integer { size = 16; align = 8; signed = false; byte_order = be; }",
		[CTF_XS32] = "integer { size = 32; align = 8; signed = true; base = 16; }",
	};

	return (unsigned)t < ARRAY_SIZE(names) ? names[t] : NULL;
}

/* The TSDL of k's fields, a line each, as a struct's members. */
static void put_fields(struct buf *b, const struct ctf_class *k)
{
	int f;

	for (f = 0; f < k->nfields; f++) {
		const struct ctf_field *fd = &k->fields[f];
		const struct ctf_decl *d = &k->decls[f];

		if (d->tsdl)
			buf_printf(b, "\t\t%s _%s%s;\n", d->tsdl, fd->name, d->dims ? d->dims : "");
		else if (fd->type == CTF_SEQ_HEX64)
			buf_printf(b, "\t\tuint32_t _%s_length;\n"
				   "\t\tuint64_hex_t _%s[_%s_length];\n",
				   fd->name, fd->name, fd->name);
		else if (fd->type == CTF_PAIR_S32)
			buf_printf(b, "\t\tint32_t _%s[2];\n", fd->name);
		else
			buf_printf(b, "\t\t%s _%s;\n", type_name(fd->type), fd->name);
	}
}

static void metadata_text(const struct ctf_writer *w, struct buf *b)
{
	static const struct { int bits; bool sign; const char *name; } ints[] = {
		{ 8, false, "uint8_t" }, { 16, false, "uint16_t" },
		{ 32, false, "uint32_t" }, { 64, false, "uint64_t" },
		{ 8, true, "int8_t" }, { 16, true, "int16_t" },
		{ 32, true, "int32_t" }, { 64, true, "int64_t" },
		{ 64, false, "unsigned long" },
	};
	char date[32];
	struct tm tm;
	time_t t = (time_t)w->o.created;
	int64_t off = w->o.clock_offset;
	uint8_t cu[16];
	size_t i;
	int c;

	buf_printf(b, "/* CTF 1.8 */\n\n");
	for (i = 0; i < ARRAY_SIZE(ints); i++)
		buf_printf(b, "typealias integer { size = %d; align = 8; signed = %s; } := %s;\n",
			   ints[i].bits, ints[i].sign ? "true" : "false", ints[i].name);
	buf_printf(b, "typealias integer { size = 64; align = 8; signed = false; base = 16; } := uint64_hex_t;\n\n");
	buf_printf(b, "trace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = ");
	put_uuid(b, w->uuid);
	buf_printf(b, ";\n\tbyte_order = le;\n\tpacket.header := struct {\n"
		   "\t\tuint32_t magic;\n\t\tuint8_t  uuid[16];\n"
		   "\t\tuint32_t stream_id;\n\t\tuint64_t stream_instance_id;\n\t};\n};\n\n");
	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y%m%dT%H%M%S+0000", &tm);
	buf_printf(b, "env {\n\thostname = ");
	put_quoted(b, w->o.hostname);
	buf_printf(b, ";\n\tdomain = \"kernel\";\n\tsysname = ");
	put_quoted(b, w->o.sysname);
	buf_printf(b, ";\n\tkernel_release = ");
	put_quoted(b, w->o.kernel_release);
	buf_printf(b, ";\n\tkernel_version = ");
	put_quoted(b, w->o.kernel_version);
	buf_printf(b, ";\n\ttracer_name = \"lttng-modules\";\n\ttracer_major = 2;\n"
		   "\ttracer_minor = 9;\n\ttracer_patchlevel = 0;\n"
		   "\ttrace_buffering_scheme = \"global\";\n\ttrace_name = ");
	put_quoted(b, w->o.trace_name);
	buf_printf(b, ";\n\ttrace_creation_datetime = \"%s\";\n"
		   "\twriter = \"ferret %s\";\n};\n\n", date, FERRET_VERSION);
	/* The clock's own uuid: the trace's, its last byte changed. */
	memcpy(cu, w->uuid, 16);
	cu[15] ^= 0x5a;
	buf_printf(b, "clock {\n\tname = \"monotonic\";\n\tuuid = ");
	put_uuid(b, cu);
	buf_printf(b, ";\n\tdescription = \"Monotonic Clock\";\n"
		   "\tfreq = 1000000000; /* Hz */\n\tprecision = 1;\n"
		   "\toffset_s = %lld;\n\toffset = %lld;\n\tabsolute = FALSE;\n};\n\n",
		   (long long)(off >= 0 ? off / 1000000000 : -((-off + 999999999) / 1000000000)),
		   (long long)(off >= 0 ? off % 1000000000 :
			       (1000000000 - (-off % 1000000000)) % 1000000000));
	buf_printf(b, "typealias integer {\n\tsize = 64; align = 8; signed = false;\n"
		   "\tmap = clock.monotonic.value;\n} := uint64_clock_monotonic_t;\n\n");
	buf_printf(b, "struct packet_context {\n"
		   "\tuint64_clock_monotonic_t timestamp_begin;\n"
		   "\tuint64_clock_monotonic_t timestamp_end;\n"
		   "\tuint64_t content_size;\n\tuint64_t packet_size;\n"
		   "\tuint64_t packet_seq_num;\n\tunsigned long events_discarded;\n"
		   "\tuint32_t cpu_id;\n};\n\n"
		   "struct event_header {\n\tuint32_t id;\n"
		   "\tuint64_clock_monotonic_t timestamp;\n};\n\n"
		   "stream {\n\tid = 0;\n\tevent.header := struct event_header;\n"
		   "\tpacket.context := struct packet_context;\n");
	if (w->ctx.nfields) {
		buf_printf(b, "\tevent.context := struct {\n");
		put_fields(b, &w->ctx);
		buf_printf(b, "\t};\n");
	}
	buf_printf(b, "};\n\n");
	for (c = 0; c < w->nclasses; c++) {
		const struct ctf_class *k = &w->classes[c];

		buf_printf(b, "event {\n\tname = ");
		put_quoted(b, k->name);
		buf_printf(b, ";\n\tid = %d;\n\tstream_id = 0;\n\tfields := struct {\n", c);
		put_fields(b, k);
		buf_printf(b, "\t};\n};\n\n");
	}
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t r = write(fd, c, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			return -EIO;
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* metadata.tmp written whole, then renamed over metadata. */
static int write_metadata(struct ctf_writer *w)
{
	struct buf b = { 0 };
	int fd, err;

	metadata_text(w, &b);
	fd = openat(w->dfd, "metadata.tmp", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		buf_free(&b);
		return -errno;
	}
	err = write_all(fd, b.p, b.len);
	buf_free(&b);
	if (close(fd) && !err)
		err = -errno;
	if (!err && renameat(w->dfd, "metadata.tmp", w->dfd, "metadata"))
		err = -errno;
	if (err)
		unlinkat(w->dfd, "metadata.tmp", 0);
	else
		w->meta_dirty = false;
	return err;
}

static void put16(unsigned char *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void put64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static int fail(struct ctf_writer *w, int err)
{
	if (!w->err)
		w->err = err;
	return err;
}

/* The packet header and context of cpu's packet of size bytes, at h. */
static void packet_head(const struct ctf_writer *w, unsigned char *h, int cpu,
			uint64_t ts_begin, uint64_t ts_end, size_t size,
			uint64_t seq, uint64_t discarded)
{
	put32(h, CTF_MAGIC);
	memcpy(h + 4, w->uuid, 16);
	put32(h + 20, 0);
	put64(h + 24, (uint64_t)cpu);
	h += HDR_BYTES;
	put64(h, ts_begin);
	put64(h + 8, ts_end);
	put64(h + 16, (uint64_t)size * 8);
	put64(h + 24, (uint64_t)size * 8);
	put64(h + 32, seq);
	put64(h + 40, discarded);
	put32(h + 48, (uint32_t)cpu);
}

/*
 * Writes a packet of n bytes at p (its header included) to cpu's stream,
 * whole or not at all: 0 or -errno, the file left whole packets.
 */
static int stream_write(struct ctf_writer *w, int cpu, const void *p, size_t n)
{
	struct ctf_stream *s = &w->streams[cpu];
	int err = write_all(s->fd, p, n);

	if (err) {
		/* The file offset too: the next packet goes where this one began. */
		if (ftruncate(s->fd, s->off) || lseek(s->fd, s->off, SEEK_SET) < 0)
			err = err ? err : -errno;
		return err;
	}
	s->off += (off_t)n;
	w->st.bytes += n;
	s->seq++;
	return 0;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/*
 * After a failed write of cpu's whole packet (a full disk, a file size
 * limit): its events again in packets of at most lim bytes, smaller
 * each time one fails, so that what fits is kept.  0, or the error of
 * a packet of one event (the events from it on are dropped).
 */
static int write_split(struct ctf_writer *w, int cpu, int err)
{
	struct ctf_stream *s = &w->streams[cpu];
	size_t lim = w->pkt / 16;
	uint64_t i = 0, ts = s->ts_begin;
	unsigned char *pkt = NULL;

	while (i < s->nev) {
		size_t from = s->evoff[i], to;
		uint64_t j = i + 1, end;

		/* Events i..j-1, one at least, in lim bytes with the header. */
		while (j < s->nev &&
		       (j + 1 < s->nev ? s->evoff[j + 1] : s->used) - from + PKT_HEAD <= lim)
			j++;
		to = j < s->nev ? s->evoff[j] : s->used;
		end = get64(s->buf + s->evoff[j - 1] + 4);
		if (!pkt)
			pkt = xmalloc(w->pkt);
		packet_head(w, pkt, cpu, ts, end, PKT_HEAD + to - from, s->seq, s->discarded);
		memcpy(pkt + PKT_HEAD, s->buf + from, to - from);
		err = stream_write(w, cpu, pkt, PKT_HEAD + to - from);
		if (err) {
			if (j == i + 1)
				break;
			lim = lim / 16 > PKT_HEAD ? lim / 16 : PKT_HEAD + 1;
			continue;
		}
		w->st.events += j - i;
		ts = end;
		i = j;
	}
	free(pkt);
	return i < s->nev ? err : 0;
}

/* Writes cpu's packet under way (empty ones too when force) and starts the next. */
static int flush_stream(struct ctf_writer *w, int cpu, bool force)
{
	struct ctf_stream *s = &w->streams[cpu];
	int err;

	if (w->err)
		return w->err;
	if (!s->nev && !force && s->discarded == s->disc_written)
		return 0;
	if (s->fd < 0) {
		char name[32];

		snprintf(name, sizeof(name), "channel0_%d", cpu);
		s->fd = openat(w->dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (s->fd < 0)
			return fail(w, -errno);
	}
	if (w->meta_dirty) {
		err = write_metadata(w);
		if (err)
			return fail(w, err);
	}
	if (!s->nev)
		s->ts_begin = s->ts_last;
	/*
	 * Readers count the events lost before a packet from the previous
	 * packet's count (babeltrace2 gives no number for a stream's first
	 * packet): events lost before the first go after an empty packet
	 * that says none were.
	 */
	if (!s->seq && s->discarded) {
		unsigned char h[PKT_HEAD];

		packet_head(w, h, cpu, s->ts_begin, s->ts_begin, PKT_HEAD, 0, 0);
		err = stream_write(w, cpu, h, PKT_HEAD);
		if (err)
			return fail(w, err);
	}
	packet_head(w, s->buf, cpu, s->ts_begin, s->ts_last, s->used, s->seq,
		    s->discarded);
	err = stream_write(w, cpu, s->buf, s->used);
	if (err) {
		/* The error ends the trace: what fits of the packet is kept. */
		write_split(w, cpu, err);
		s->used = PKT_HEAD;
		s->nev = 0;
		return fail(w, err);
	}
	w->st.events += s->nev;
	s->disc_written = s->discarded;
	s->used = PKT_HEAD;
	s->nev = 0;
	return 0;
}

static struct ctf_stream *stream(struct ctf_writer *w, int cpu)
{
	struct ctf_stream *s;

	if (cpu < 0 || cpu >= CTF_MAX_CPUS)
		return NULL;
	if (cpu >= w->nstreams) {
		int n = cpu + 1, i;

		w->streams = xrealloc(w->streams, (size_t)n * sizeof(*w->streams));
		for (i = w->nstreams; i < n; i++)
			w->streams[i] = (struct ctf_stream){ .fd = -1 };
		w->nstreams = n;
	}
	s = &w->streams[cpu];
	if (!s->buf) {
		s->buf = xmalloc(w->pkt);
		s->used = PKT_HEAD;
	}
	if (cpu + 1 > w->st.ncpus)
		w->st.ncpus = cpu + 1;
	return s;
}

/* The bytes of k's fields with values v. */
static size_t fields_size(const struct ctf_class *k, const union ctf_value *v)
{
	size_t n = 0;
	int f;

	for (f = 0; f < k->nfields; f++) {
		switch (k->fields[f].type) {
		case CTF_U8: case CTF_S8:
			n += 1;
			break;
		case CTF_U16: case CTF_S16: case CTF_BE16:
			n += 2;
			break;
		case CTF_U32: case CTF_S32: case CTF_XS32:
			n += 4;
			break;
		case CTF_RAW:
			n += v[f].raw.n;
			break;
		case CTF_U64: case CTF_S64: case CTF_HEX64: case CTF_PAIR_S32:
			n += 8;
			break;
		case CTF_STRING:
			n += (v[f].s ? strlen(v[f].s) : 0) + 1;
			break;
		case CTF_SEQ_HEX64:
			n += 4 + (size_t)v[f].seq.n * 8;
			break;
		}
	}
	return n;
}

/* Writes k's fields with values v at p; returns the end. */
static unsigned char *put_values(unsigned char *p, const struct ctf_class *k,
				 const union ctf_value *v)
{
	int f;

	for (f = 0; f < k->nfields; f++) {
		switch (k->fields[f].type) {
		case CTF_U8: case CTF_S8:
			*p++ = (unsigned char)v[f].u;
			break;
		case CTF_U16: case CTF_S16:
			put16(p, (uint16_t)v[f].u);
			p += 2;
			break;
		case CTF_U32: case CTF_S32: case CTF_XS32:
			put32(p, (uint32_t)v[f].u);
			p += 4;
			break;
		case CTF_BE16:
			p[0] = (unsigned char)(v[f].u >> 8);
			p[1] = (unsigned char)v[f].u;
			p += 2;
			break;
		case CTF_RAW:
			if (v[f].raw.n)
				memcpy(p, v[f].raw.p, v[f].raw.n);
			p += v[f].raw.n;
			break;
		case CTF_U64: case CTF_S64: case CTF_HEX64: case CTF_PAIR_S32:
			put64(p, v[f].u);
			p += 8;
			break;
		case CTF_STRING: {
			size_t n = v[f].s ? strlen(v[f].s) : 0;

			memcpy(p, v[f].s ? v[f].s : "", n);
			p[n] = 0;
			p += n + 1;
			break;
		}
		case CTF_SEQ_HEX64:
			put32(p, v[f].seq.n);
			p += 4;
			if (v[f].seq.n)
				memcpy(p, v[f].seq.v, (size_t)v[f].seq.n * 8);
			p += (size_t)v[f].seq.n * 8;
			break;
		}
	}
	return p;
}

int ctf_event(struct ctf_writer *w, int cpu, uint64_t ts, int id,
	      const union ctf_value *v)
{
	return ctf_event_ctx(w, cpu, ts, id, NULL, v);
}

int ctf_event_ctx(struct ctf_writer *w, int cpu, uint64_t ts, int id,
		  const union ctf_value *ctx, const union ctf_value *v)
{
	const struct ctf_class *k;
	struct ctf_stream *s;
	unsigned char *p;
	size_t need;
	int err;

	if (w->err)
		return w->err;
	if (id < 0 || id >= w->nclasses || (w->ctx.nfields && !ctx))
		return -EINVAL;
	s = stream(w, cpu);
	if (!s)
		return -EINVAL;
	k = &w->classes[id];
	need = EV_HEAD + fields_size(k, v) + (w->ctx.nfields ? fields_size(&w->ctx, ctx) : 0);
	if (need > w->pkt - PKT_HEAD)
		return -EMSGSIZE;
	if (s->used + need > w->pkt) {
		err = flush_stream(w, cpu, false);
		if (err)
			return err;
	}
	if (s->any && ts < s->ts_last) {
		ts = s->ts_last;
		w->st.clamped++;
	}
	if (!s->nev)
		s->ts_begin = s->any ? s->ts_last : ts;
	s->ts_last = ts;
	s->any = true;
	if (s->nev == s->evcap) {
		s->evcap = s->evcap ? s->evcap * 2 : 1024;
		s->evoff = xrealloc(s->evoff, s->evcap * sizeof(*s->evoff));
	}
	s->evoff[s->nev] = (uint32_t)s->used;
	p = s->buf + s->used;
	put32(p, (uint32_t)id);
	put64(p + 4, ts);
	p += EV_HEAD;
	if (w->ctx.nfields)
		p = put_values(p, &w->ctx, ctx);
	put_values(p, k, v);
	s->used += need;
	s->nev++;
	return 0;
}

void ctf_discarded(struct ctf_writer *w, int cpu, uint64_t n)
{
	struct ctf_stream *s = stream(w, cpu);

	if (!s || !n)
		return;
	s->discarded += n;
	w->st.discarded += n;
}

/* Whether fields (names, types, declarations) make a struct. */
static bool fields_ok(const struct ctf_field *fields, int nfields,
		      const struct ctf_decl *decls)
{
	int i, j;

	if (nfields < 0 || (nfields && !fields))
		return false;
	for (i = 0; i < nfields; i++) {
		if (!is_ident(fields[i].name) ||
		    (!type_name(fields[i].type) && fields[i].type != CTF_SEQ_HEX64 &&
		     fields[i].type != CTF_PAIR_S32 && fields[i].type != CTF_RAW) ||
		    (fields[i].type == CTF_RAW && (!decls || !decls[i].tsdl || !*decls[i].tsdl)))
			return false;
		for (j = 0; j < i; j++)
			if (!strcmp(fields[i].name, fields[j].name))
				return false;
	}
	return true;
}

/* k made of copies of name (or NULL), the fields and their declarations. */
static void class_fill(struct ctf_class *k, const char *name, const struct ctf_field *fields,
		       int nfields, const struct ctf_decl *decls)
{
	int i;

	k->name = name ? xstrdup(name) : NULL;
	k->nfields = nfields;
	k->fields = xcalloc((size_t)(nfields ? nfields : 1), sizeof(*k->fields));
	k->decls = xcalloc((size_t)(nfields ? nfields : 1), sizeof(*k->decls));
	for (i = 0; i < nfields; i++) {
		k->fields[i].name = xstrdup(fields[i].name);
		k->fields[i].type = fields[i].type;
		if (decls && decls[i].tsdl) {
			k->decls[i].tsdl = xstrdup(decls[i].tsdl);
			k->decls[i].dims = xstrdup(decls[i].dims ? decls[i].dims : "");
		}
	}
}

static void class_free(struct ctf_class *k)
{
	int j;

	for (j = 0; j < k->nfields; j++) {
		free((char *)k->fields[j].name);
		free((char *)k->decls[j].tsdl);
		free((char *)k->decls[j].dims);
	}
	free(k->fields);
	free(k->decls);
	free(k->name);
}

int ctf_event_class(struct ctf_writer *w, const char *name,
		    const struct ctf_field *fields, int nfields)
{
	return ctf_event_class_decl(w, name, fields, nfields, NULL);
}

int ctf_event_class_decl(struct ctf_writer *w, const char *name,
			 const struct ctf_field *fields, int nfields,
			 const struct ctf_decl *decls)
{
	if (!is_event_name(name) || !fields_ok(fields, nfields, decls))
		return -EINVAL;
	if (ctf_class_id(w, name) >= 0)
		return -EEXIST;
	if (w->nclasses == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->classes = xrealloc(w->classes, (size_t)w->cap * sizeof(*w->classes));
	}
	class_fill(&w->classes[w->nclasses], name, fields, nfields, decls);
	w->meta_dirty = true;
	return w->nclasses++;
}

int ctf_class_id(const struct ctf_writer *w, const char *name)
{
	int i;

	for (i = 0; i < w->nclasses; i++)
		if (!strcmp(w->classes[i].name, name))
			return i;
	return -ENOENT;
}

int ctf_flush(struct ctf_writer *w)
{
	int cpu, err;

	for (cpu = 0; cpu < w->nstreams; cpu++) {
		if (!w->streams[cpu].buf)
			continue;
		err = flush_stream(w, cpu, false);
		if (err)
			return err;
	}
	if (w->meta_dirty && !w->err) {
		err = write_metadata(w);
		if (err)
			return fail(w, err);
	}
	return w->err;
}

void ctf_stats(const struct ctf_writer *w, struct ctf_stats *s)
{
	*s = w->st;
}

/* Realtime minus monotonic, read between two monotonic reads. */
static int64_t clock_offset(void)
{
	struct timespec m0, r, m1;
	int64_t mono;

	clock_gettime(CLOCK_MONOTONIC, &m0);
	clock_gettime(CLOCK_REALTIME, &r);
	clock_gettime(CLOCK_MONOTONIC, &m1);
	mono = ((int64_t)m0.tv_sec * 1000000000 + m0.tv_nsec +
		(int64_t)m1.tv_sec * 1000000000 + m1.tv_nsec) / 2;
	return (int64_t)r.tv_sec * 1000000000 + r.tv_nsec - mono;
}

/* Removes a trace's files from an existing directory: a new trace goes there. */
static void clear_trace(int dfd)
{
	int fd = dup(dfd);
	struct dirent *de;
	DIR *d;

	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "channel0_", 9) || !strcmp(de->d_name, "metadata"))
			unlinkat(dfd, de->d_name, 0);
	closedir(d);
}

static void free_writer(struct ctf_writer *w)
{
	int i;

	for (i = 0; i < w->nclasses; i++)
		class_free(&w->classes[i]);
	free(w->classes);
	class_free(&w->ctx);
	for (i = 0; i < w->nstreams; i++) {
		if (w->streams[i].fd >= 0)
			close(w->streams[i].fd);
		free(w->streams[i].buf);
		free(w->streams[i].evoff);
	}
	free(w->streams);
	if (w->dfd >= 0)
		close(w->dfd);
	free((char *)w->o.trace_name);
	free((char *)w->o.hostname);
	free((char *)w->o.sysname);
	free((char *)w->o.kernel_release);
	free((char *)w->o.kernel_version);
	free(w->dir);
	free(w);
}

struct ctf_writer *ctf_open(const char *dir, const struct ctf_opts *o)
{
	static const struct ctf_opts none;
	struct ctf_writer *w;
	struct utsname u;
	const char *base;
	int err;

	if (!o)
		o = &none;
	if (!dir || !*dir || (o->packet_size && o->packet_size < 4096) ||
	    o->ncontext > CTF_CONTEXT_MAX ||
	    !fields_ok(o->context, o->ncontext, o->context_decls)) {
		errno = EINVAL;
		return NULL;
	}
	if (mkdir(dir, 0755) && errno != EEXIST)
		return NULL;
	w = xcalloc(1, sizeof(*w));
	w->dir = xstrdup(dir);
	w->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (w->dfd < 0) {
		err = errno;
		goto fail;
	}
	if (uname(&u))
		memset(&u, 0, sizeof(u));
	base = strrchr(dir, '/');
	base = base && base[1] ? base + 1 : dir;
	w->o = *o;
	w->o.context = NULL;
	w->o.context_decls = NULL;
	class_fill(&w->ctx, NULL, o->context, o->ncontext, o->context_decls);
	w->o.trace_name = xstrdup(o->trace_name ? o->trace_name : base);
	w->o.hostname = xstrdup(o->hostname ? o->hostname : u.nodename);
	w->o.sysname = xstrdup(o->sysname ? o->sysname : u.sysname);
	w->o.kernel_release = xstrdup(o->kernel_release ? o->kernel_release : u.release);
	w->o.kernel_version = xstrdup(o->kernel_version ? o->kernel_version : u.version);
	if (!w->o.created)
		w->o.created = (int64_t)time(NULL);
	if (!w->o.clock_offset)
		w->o.clock_offset = clock_offset();
	w->pkt = o->packet_size ? o->packet_size : CTF_PACKET_SIZE;
	if (o->uuid) {
		memcpy(w->uuid, o->uuid, 16);
	} else {
		if (getrandom(w->uuid, 16, 0) != 16) {
			err = errno ? errno : EIO;
			goto fail;
		}
		w->uuid[6] = (w->uuid[6] & 0x0f) | 0x40;
		w->uuid[8] = (w->uuid[8] & 0x3f) | 0x80;
	}
	clear_trace(w->dfd);
	err = -write_metadata(w);
	if (err)
		goto fail;
	return w;
fail:
	free_writer(w);
	errno = err;
	return NULL;
}

int ctf_close(struct ctf_writer *w)
{
	int err, cpu, any = 0;

	if (!w)
		return 0;
	ctf_flush(w);
	for (cpu = 0; cpu < w->nstreams; cpu++)
		any |= w->streams[cpu].fd >= 0;
	/*
	 * A trace with no stream at all is one readers refuse: an empty
	 * packet on CPU 0 makes it a trace of nothing.
	 */
	if (!any && !w->err && stream(w, 0))
		flush_stream(w, 0, true);
	for (cpu = 0; cpu < w->nstreams; cpu++) {
		if (w->streams[cpu].fd >= 0 && close(w->streams[cpu].fd))
			fail(w, -errno);
		w->streams[cpu].fd = -1;
	}
	err = w->err;
	free_writer(w);
	return err;
}
