/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CTF 1.8 reader: a trace directory's TSDL metadata (text, or
 * packetised as LTTng writes it) and its binary streams, walked packet
 * by packet and merged across streams in timestamp order, one callback
 * per event with its name, time, CPU and decoded fields.
 *
 * Bad input never crashes or hangs the reader: every size, offset and
 * length is checked against the packet and the file, and the first
 * problem ends the walk with an error naming the file and the offset.
 */
#ifndef FERRET_RECORD_CTFR_H
#define FERRET_RECORD_CTFR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ctfr_kind {
	CTFR_INT,
	CTFR_FLOAT,
	CTFR_STRING,
	CTFR_ENUM,
	CTFR_STRUCT,
	CTFR_ARRAY,
	CTFR_SEQUENCE,
	CTFR_VARIANT,
};

struct ctfr_type;

/* Properties of an integer (or an enumeration's container) type. */
struct ctfr_int_info {
	unsigned size;		/* bits */
	bool sign;
	int base;		/* 2, 8, 10 or 16 */
	bool text;		/* encoding UTF8/ASCII: a character */
	bool clock;		/* mapped to a clock's value */
};

/*
 * One decoded value.  An event's values are an array in pre-order: a
 * compound value (struct, array, sequence, variant) is followed by its
 * subtree, which ends at index end; its direct children are found by
 * starting at its index + 1 and stepping to each child's end.
 * Arrays and sequences of 8-bit text integers decode as one string
 * (kind CTFR_STRING), as babeltrace shows them.
 */
struct ctfr_val {
	const char *name;	/* field or option name; NULL for elements */
	const struct ctfr_type *type;
	enum ctfr_kind kind;
	uint32_t end;		/* index after this value's subtree */
	uint32_t n;		/* direct children */
	union {
		uint64_t u;
		int64_t s;
		double f;
	};
	const char *str;	/* string (len bytes, NUL after), enum label */
	uint32_t len;
};

enum ctfr_ev_kind {
	CTFR_EV_EVENT,
	/* A stream lost events before this point (discarded holds how many). */
	CTFR_EV_DISCARDED,
};

struct ctfr_event {
	enum ctfr_ev_kind kind;
	const char *name;	/* NULL for CTFR_EV_DISCARDED */
	uint64_t id;
	uint64_t ts;		/* ns since the clock's origin, offset not added */
	int cpu;		/* the packet context's cpu_id, or -1 */
	int stream;		/* index of the stream file */
	uint64_t discarded;
	const struct ctfr_val *vals;
	uint32_t nvals;
	/* Roots in vals (structs), -1 if absent. */
	int stream_ctx, event_ctx, payload;
};

struct ctfr;

/* Called per event in time order; a non-zero return ends the walk with it. */
typedef int (*ctfr_event_fn)(const struct ctfr_event *ev, void *arg);

struct ctfr *ctfr_new(void);
void ctfr_free(struct ctfr *r);

/*
 * Opens trace directory dir: reads and parses "metadata" and maps every
 * other regular file not starting with '.' as a stream.  0 or a negative
 * errno, with ctfr_error() saying why.
 */
int ctfr_open(struct ctfr *r, const char *dir);

/* Parses TSDL text (what ctfr_open does with the metadata file). */
int ctfr_parse_metadata(struct ctfr *r, const char *text, size_t len,
			const char *file);

/*
 * Adds a stream from memory (copied); file names it in errors.  For
 * tests and for ctfr_open.
 */
int ctfr_add_stream(struct ctfr *r, const void *data, size_t len,
		    const char *file);

/*
 * Walks every stream's events merged in timestamp order (ties in stream
 * order).  0, fn's non-zero return, or a negative errno (ctfr_error()).
 */
int ctfr_read(struct ctfr *r, ctfr_event_fn fn, void *arg);

/* Why the last call failed: "FILE: offset N: what". */
const char *ctfr_error(const struct ctfr *r);

/* The trace's env entry key as text, or NULL. */
const char *ctfr_env(const struct ctfr *r, const char *key);

/* Realtime minus clock time in ns (the clock's offset_s and offset). */
int64_t ctfr_clock_offset(const struct ctfr *r);

/* The clock's name, or NULL without a clock. */
const char *ctfr_clock_name(const struct ctfr *r);

int ctfr_nstreams(const struct ctfr *r);

/* Events discarded per stream as the packet contexts count them, after a walk. */
uint64_t ctfr_discarded(const struct ctfr *r);

/* Event classes declared in the metadata. */
int ctfr_nevent_classes(const struct ctfr *r);
/* Whether the metadata declares an event class of that name. */
bool ctfr_has_class(const struct ctfr *r, const char *name);

/* Top-level field name in the payload, then the contexts; NULL if none. */
const struct ctfr_val *ctfr_field(const struct ctfr_event *ev,
				  const char *name);

/* Child name of compound value at index i in ev->vals, or NULL. */
const struct ctfr_val *ctfr_child(const struct ctfr_event *ev, int i,
				  const char *name);

/* Integer value of field name (enums too); false if absent or not integral. */
bool ctfr_field_int(const struct ctfr_event *ev, const char *name,
		    int64_t *v);

/* String value of field name; NULL if absent or not a string. */
const char *ctfr_field_str(const struct ctfr_event *ev, const char *name);

/* The integer properties of type t (an integer or an enum), or NULL. */
const struct ctfr_int_info *ctfr_int_info(const struct ctfr_type *t);

#endif
