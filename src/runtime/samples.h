/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_SAMPLES_H
#define FERRET_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../util.h"

/*
 * Stack samples with their addresses: what a map keyed by stacks holds
 * once its frames are resolved, kept apart from any output format so
 * that pprof profiles, perf-report tables and folded stacks are all
 * rendered from one recording.
 *
 * Mappings and locations are deduplicated: a mapping by all of its
 * fields, a location by its address, side (user or kernel) and mapping.
 * A sample refers to locations by index, leaf first.
 *
 * The dump (-f raw) is this data as text, one record a line:
 *
 *	ferret-samples 1
 *	hz HZ				(optional; likewise the next two)
 *	time NS				(when sampling began, epoch ns)
 *	duration NS
 *	m START LIMIT OFFSET BUILDID FILE
 *	l ADDR k|u MAPPING NAME
 *	s COUNT PID u|- NROOTS ROOT... NUSER LOC... NKERN LOC...
 *
 * Numbers are decimal except START, LIMIT, OFFSET and ADDR (hex without
 * "0x").  MAPPING and LOC count m and l lines from 1 since the last
 * header (MAPPING 0: none).  A string is "=" and its bytes with '%',
 * space, control characters and 0x7f as %XX; "-" is no string at all.
 * PID -1 is unknown; 'u' says the key held a user stack (fold.h's
 * kernel-suffix rule).  A dump may hold several documents, each from
 * its header on (one per print() of a map); they add up.
 */

struct samples_mapping {
	uint64_t start, limit, offset;
	char *file;		/* path, "[vdso]", "[kernel.kallsyms]" */
	char *build_id;		/* lowercase hex, or NULL */
};

struct samples_loc {
	uint64_t addr;
	int mapping;		/* index in mappings, or -1 */
	bool kernel;
	char *name;		/* function, or NULL if no symbol names it */
};

struct samples_sample {
	uint64_t count;
	int64_t pid;		/* -1: unknown */
	bool has_user;		/* the key held a user stack */
	char **roots;		/* the key's other parts, as text */
	int nroots;
	int *user, nuser;	/* locations, leaf first */
	int *kern, nkern;
};

struct samples {
	struct samples_mapping *mappings;
	int nmappings, capmappings;
	struct samples_loc *locs;
	int nlocs, caplocs;
	struct samples_sample *v;
	int n, cap;
	int hz;			/* 0: unknown */
	int64_t time_ns;	/* 0: unknown */
	int64_t duration_ns;	/* 0: unknown */
	/* location index by (addr, kernel, mapping): open addressing */
	int *hash;
	int hashcap;
};

/*
 * The index of the mapping with these fields, added if new (build_id
 * may be NULL).
 */
int samples_mapping(struct samples *s, uint64_t start, uint64_t limit,
		    uint64_t offset, const char *file, const char *build_id);

/*
 * The index of the location addr on that side in mapping (-1: none),
 * added with name (NULL: unnamed) if new.  The name of the first wins.
 */
int samples_loc(struct samples *s, uint64_t addr, bool kernel, int mapping,
		const char *name);

/*
 * Adds a sample; copies roots and the location indices.  user and kern
 * leaf first.
 */
void samples_add(struct samples *s, uint64_t count, int64_t pid,
		 bool has_user, const char *const *roots, int nroots,
		 const int *user, int nuser, const int *kern, int nkern);

/* The sum of every sample's count. */
uint64_t samples_total(const struct samples *s);

void samples_free(struct samples *s);

/* Appends s as a dump document to out. */
void samples_write(const struct samples *s, struct buf *out);

/* Whether text[0, len) starts like a dump. */
bool samples_is_dump(const char *text, size_t len);

/*
 * Reads the dump text[0, len) into s (empty, or added to).  0, or
 * -EINVAL with *line set to the first bad line (1-based).
 */
int samples_read(struct samples *s, const char *text, size_t len, int *line);

/*
 * Appends the folded stacks of s (fold.h's format, equal stacks summed,
 * sorted): what -f folded prints for the map they came from.
 */
void samples_fold(const struct samples *s, struct buf *out);

#endif
