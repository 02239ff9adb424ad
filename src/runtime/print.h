/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PRINT_H
#define FERRET_PRINT_H

#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include "../util.h"

struct type;
struct symbol;

enum out_format { OUT_TEXT, OUT_JSON };

/* What printing needs to know of the running program. */
struct rt_out {
	FILE *f;
	enum out_format format;
	const char *const *probe_names;	/* TY_PROBE values index this */
	int nprobes;
	int ncpus;			/* possible CPUs: per-CPU value count */
};

/* One argument of a printf-like format: its type and payload offset. */
struct fmt_arg {
	struct type *type;
	int offset;
};

/* A printf/system/cat/time/print(value) format, indexed by rec_hdr.id. */
struct fmt_spec {
	char *fmt;
	struct fmt_arg *args;
	int nargs;
	int size;		/* payload bytes after struct rec_hdr */
};

/* A map as the runtime sees it. */
struct map_info {
	const char *name;		/* "@x", "@" */
	const struct symbol *sym;	/* key and value types */
	int fd;
};

/*
 * Expands a bpftrace printf format with arguments decoded from payload
 * into out (text, not NUL-terminated in the count).  0 or -errno.
 */
int print_format(const struct rt_out *rt, const struct fmt_spec *fs,
		 const void *payload, struct buf *out);

/* Prints one value of type t (print(value), map keys), as bpftrace does. */
void print_value(const struct rt_out *rt, const struct type *t,
		 const void *data, struct buf *out);

/*
 * Reads map m from the kernel and prints it as bpftrace does, honouring
 * top (0: all) and div (0 or 1: none).  0 or -errno.
 */
int print_map(const struct rt_out *rt, const struct map_info *m,
	      uint64_t top, uint64_t div);

/* Prints every non-empty map in the order bpftrace uses at exit. */
int print_maps_at_exit(const struct rt_out *rt, const struct map_info *maps,
		       int n);

/* clear() and zero() semantics for map m. */
int print_clear_map(const struct map_info *m);
int print_zero_map(const struct rt_out *rt, const struct map_info *m);

#endif
