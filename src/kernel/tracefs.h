/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_TRACEFS_H
#define FERRET_TRACEFS_H

#include <stdbool.h>

struct type;

/* One field of a tracepoint record, as events/CAT/EVENT/format states it. */
struct tracefs_field {
	char *name;
	char *ctype;		/* "const char *", "char[16]", "__data_loc char[]" */
	int offset;		/* from the start of the record */
	int size;
	bool is_signed;		/* the format's signed: flag */
	bool data_loc;		/* u32 (len << 16 | offset from record start) */
	bool rel_loc;		/* u32 (len << 16 | offset from field end) */
	int array_len;		/* "x[16]": 16, "x[]": -1, not an array: 0 */
};

/* A parsed format; common_* fields are left out. */
struct tracefs_event {
	char *category;
	char *name;
	int id;			/* perf config for PERF_TYPE_TRACEPOINT */
	int size;		/* end of the last field (common ones too) */
	struct tracefs_field *fields;
	int nfields;
	/*
	 * TY_STRUCT "_tracepoint_CAT_EVENT": integers by size and sign (the
	 * C type decides for syscall arguments, as in bpftrace), "char x[N]"
	 * as string[N], pointers as uint64, "__data_loc char[]" as
	 * string[64] with struct field.data_loc set and size 4 (bpftrace
	 * gives the data's address as int64 there, which str() reads).
	 * Fields ferret cannot read (other arrays and __data_loc/__rel_loc
	 * kinds, structs) have type TY_NONE; ctype above says what they are.
	 */
	struct type *type;
};

/*
 * The tracefs mount point, mounting it on /sys/kernel/tracing if nothing
 * is there yet; /sys/kernel/debug/tracing is the fallback.  NULL with
 * errno set if neither works.
 */
const char *tracefs_path(void);

/*
 * Parsed format of CAT:EVENT, cached for the life of the process.
 * NULL with errno ENOENT if there is no such event, or another errno.
 */
const struct tracefs_event *tracefs_event(const char *category,
					  const char *event);

/*
 * Parses format text (the contents of a format file) into a new event
 * the caller frees with tracefs_event_free(); NULL with errno EINVAL if
 * the text has no ID or a malformed field line.
 */
struct tracefs_event *tracefs_parse(const char *category, const char *event,
				    const char *text);
void tracefs_event_free(struct tracefs_event *ev);

/*
 * Calls fn(category, event, arg) for every event whose category matches
 * cat_glob and whose name matches event_glob (shell globs), sorted by
 * category then name.  Stops early and returns what fn returns if that
 * is not 0; otherwise returns the number of matches or -errno.  The
 * "ftrace" category (internal events perf cannot open) is never listed.
 */
int tracefs_list(const char *cat_glob, const char *event_glob,
		 int (*fn)(const char *category, const char *event, void *arg),
		 void *arg);

/* True if events/CAT exists (for telling a bad category from a bad event). */
bool tracefs_has_category(const char *category);

#endif
