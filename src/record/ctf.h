/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CTF_H
#define FERRET_CTF_H

#include <stdint.h>
#include <stddef.h>

/*
 * A CTF 1.8 trace writer: a directory holding "metadata" (TSDL text)
 * and one binary stream per CPU, "channel0_N", in packets.  No BPF, no
 * engine: events come in as (cpu, timestamp, class, values).
 *
 * This API is stable: the reader's tests build their fixtures with it.
 *
 * The TSDL written, which the reader (ctfr.c) relies on:
 *  - first line "/" "* CTF 1.8 *" "/"; integer typealiases first
 *    (uint8_t .. uint64_t, int8_t .. int64_t, "unsigned long",
 *    uint64_hex_t with base = 16), every integer with align = 8: no
 *    padding anywhere, everything little-endian;
 *  - trace { major = 1; minor = 8; uuid; byte_order = le;
 *    packet.header := struct { uint32_t magic; uint8_t uuid[16];
 *    uint32_t stream_id; uint64_t stream_instance_id; }; }
 *    (magic 0xC1FC1FC1, stream_id 0, stream_instance_id the CPU);
 *  - env { ... }: domain = "kernel", tracer_name = "lttng-modules",
 *    tracer_major = 2, tracer_minor = 9 (so that Trace Compass takes the
 *    directory for an LTTng 2.9 kernel trace and applies that event
 *    layout: syscall_entry_/syscall_exit_, irq_softirq_*, sched_waking),
 *    writer = "ferret VERSION" naming the real writer;
 *  - clock monotonic, freq 1 GHz, offset_s/offset: realtime at
 *    monotonic 0; uint64_clock_monotonic_t maps to it;
 *  - one stream (id 0): packet.context := struct { timestamp_begin,
 *    timestamp_end (clock), uint64_t content_size, packet_size (bits;
 *    equal: no padding), packet_seq_num; unsigned long
 *    events_discarded (cumulative per stream); uint32_t cpu_id; },
 *    event.header := struct { uint32_t id; uint64_clock_monotonic_t
 *    timestamp; };
 *  - one event { name; id; stream_id = 0; fields := struct {...}; }
 *    per class.  Field names are written with a leading underscore, as
 *    LTTng writes them (CTF readers drop one): "_prev_tid" is read as
 *    "prev_tid", and a name that is a TSDL keyword stays legal.  A
 *    CTF_SEQ_HEX64 field NAME is "uint32_t _NAME_length;" followed by
 *    "uint64_hex_t _NAME[_NAME_length];", a CTF_PAIR_S32 field
 *    "int32_t _NAME[2];", a CTF_BE16 field a 16-bit integer with
 *    byte_order = be, a CTF_XS32 field a signed 32-bit integer with
 *    base = 16, a CTF_RAW field "TSDL _NAME DIMS" (its struct
 *    ctf_decl); a field of another type with a declaration is
 *    declared with its TSDL, its bytes those of its type;
 *  - with context fields (ctf_opts.context), the stream has
 *    "event.context := struct { ... };" after its packet.context, as
 *    LTTng's channels declare the contexts added to them (lttng
 *    add-context): every event carries their values between its header
 *    and its fields.
 *
 * Timestamps within one CPU's stream never go back: an event older than
 * the last one written on its CPU is written with that last timestamp
 * and counted (ctf_stats.clamped); callers order their events per CPU.
 */

enum ctf_type {
	CTF_U8, CTF_U16, CTF_U32, CTF_U64,
	CTF_S8, CTF_S16, CTF_S32, CTF_S64,
	CTF_HEX64,		/* unsigned 64 bits shown in hex (pointers) */
	CTF_STRING,		/* NUL-terminated UTF-8 */
	CTF_SEQ_HEX64,		/* a uint32_t count, then that many
				 * CTF_HEX64 (stack addresses) */
	CTF_PAIR_S32,		/* int32_t NAME[2], from u: element 0 in
				 * the low 32 bits (an int[2] read from
				 * memory as a little-endian u64) */
	CTF_BE16,		/* unsigned 16 bits in network byte order
				 * (a port), from u in host order */
	CTF_XS32,		/* signed 32 bits shown in hex */
	CTF_RAW,		/* the bytes of raw, laid out as the
				 * field's tsdl and dims declare */
};

struct ctf_field {
	const char *name;	/* [A-Za-z_][A-Za-z0-9_]* */
	enum ctf_type type;
};

/*
 * A field's declaration: its TSDL type ("struct { ... }", "enum : ...",
 * "integer { ... }") and what follows its name ("[__NAME_length]" for a
 * sequence whose length is field _NAME_length, or NULL).  A CTF_RAW
 * field needs one, and the caller's bytes must match it: the writer
 * does not look inside.  Another field's tsdl (NULL: none) replaces its
 * type's name in the metadata, and must describe the type's bytes.
 */
struct ctf_decl {
	const char *tsdl, *dims;
};

/* One field's value, by its class's field type. */
union ctf_value {
	uint64_t u;		/* unsigned types, CTF_HEX64, CTF_PAIR_S32 */
	int64_t i;		/* signed types */
	const char *s;		/* CTF_STRING; NULL is written as "" */
	struct {
		const uint64_t *v;
		uint32_t n;
	} seq;			/* CTF_SEQ_HEX64 */
	struct {
		const void *p;
		uint32_t n;
	} raw;			/* CTF_RAW: n bytes at p */
};

/* What ctf_open() takes from the system unless given (tests fix them). */
struct ctf_opts {
	const char *trace_name;	/* NULL: the directory's base name */
	const uint8_t *uuid;	/* 16 bytes; NULL: random */
	int64_t clock_offset;	/* realtime ns at CLOCK_MONOTONIC 0;
				 * 0: measured now */
	const char *hostname, *sysname, *kernel_release, *kernel_version;
				/* NULL: uname()'s */
	int64_t created;	/* seconds since the epoch; 0: now */
	size_t packet_size;	/* bytes of a packet at most (>= 4096);
				 * 0: CTF_PACKET_SIZE */
	/*
	 * The stream's event context: fields every event carries
	 * (ctf_event_ctx()), with a declaration each in context_decls
	 * (NULL: none; copied).  ncontext 0: no event context.
	 */
	const struct ctf_field *context;
	const struct ctf_decl *context_decls;
	int ncontext;
};

/* Context fields a writer takes at most. */
#define CTF_CONTEXT_MAX 64

#define CTF_PACKET_SIZE (1 << 20)
#define CTF_MAX_CPUS 8192

struct ctf_writer;

/*
 * Makes dir (or takes it if it is a directory: its metadata and
 * channel0_* files are replaced) and writes its metadata.  NULL with
 * errno set.
 */
struct ctf_writer *ctf_open(const char *dir, const struct ctf_opts *o);

/*
 * Declares an event class: its id (0, 1, ... in order), or -EINVAL for
 * a bad or duplicate name, -EEXIST for a name already declared.  The
 * strings are copied.  Classes may be added while events are written:
 * the metadata is written again before the next packet that may use
 * them reaches the disk.
 */
int ctf_event_class(struct ctf_writer *w, const char *name,
		    const struct ctf_field *fields, int nfields);
/* The same with a declaration for each CTF_RAW field (decls[i] for fields[i]). */
int ctf_event_class_decl(struct ctf_writer *w, const char *name,
			 const struct ctf_field *fields, int nfields,
			 const struct ctf_decl *decls);
/* The id of class name, or -ENOENT. */
int ctf_class_id(const struct ctf_writer *w, const char *name);

/*
 * Appends an event of class id on cpu's stream at ts (CLOCK_MONOTONIC
 * ns), v holding one value per field of the class.  0, -EINVAL (bad cpu
 * or id, or a writer with context fields), -EMSGSIZE (larger than a
 * packet), or the errno of a failed write, which is sticky: every later
 * call returns it.
 */
int ctf_event(struct ctf_writer *w, int cpu, uint64_t ts, int id,
	      const union ctf_value *v);
/*
 * The same with ctx holding one value per context field (ctf_opts):
 * -EINVAL if ctx is NULL and the writer has context fields.
 */
int ctf_event_ctx(struct ctf_writer *w, int cpu, uint64_t ts, int id,
		  const union ctf_value *ctx, const union ctf_value *v);

/* Adds n events lost on cpu, recorded in its next packet's context. */
void ctf_discarded(struct ctf_writer *w, int cpu, uint64_t n);

/*
 * Writes every CPU's packet under way and the metadata: after it the
 * directory is a complete trace of what came so far.  0 or -errno.
 */
int ctf_flush(struct ctf_writer *w);

struct ctf_stats {
	uint64_t events;	/* written */
	uint64_t discarded;	/* ctf_discarded()'s sum */
	uint64_t clamped;	/* events whose timestamp was raised */
	uint64_t bytes;		/* of the streams, on disk */
	int ncpus;		/* streams: the highest CPU seen + 1 */
};
void ctf_stats(const struct ctf_writer *w, struct ctf_stats *s);

/*
 * Flushes, closes and frees w (NULL is nothing).  0, or the first error
 * met since ctf_open(), as -errno.
 */
int ctf_close(struct ctf_writer *w);

#endif
