/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PRINT_H
#define FERRET_PRINT_H

#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include "../util.h"

struct type;
struct symbol;
struct sym_proc;

/*
 * OUT_FOLDED: maps as folded stacks (fold.h), the rest as text.  OUT_RAW:
 * maps as stack samples with addresses (samples.h), the rest as text.
 */
enum out_format { OUT_TEXT, OUT_JSON, OUT_FOLDED, OUT_RAW };

/* What printing needs to know of the running program. */
struct rt_out {
	FILE *f;
	enum out_format format;
	const char *const *probe_names;	/* TY_PROBE values index this */
	int nprobes;
	int ncpus;			/* possible CPUs: per-CPU value count */
	const char *const *func_names;	/* TY_FUNC values index this */
	const int *stack_fds;		/* stack maps, by type->stack_map */
	int nstack_fds;
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

/*
 * Reads the stack at p (a TY_KSTACK or TY_USTACK t) into ips
 * (STACK_DEPTH entries), leaf first; returns how many frames it has (0 for a stack the kernel could
 * not store).  *proc: the mappings that name its user frames, or NULL.
 */
int print_stack_read(const struct rt_out *rt, const struct type *t,
		     const void *p, uint64_t *ips,
		     struct sym_proc **proc);

/*
 * A buf() value of size bytes (u64 length, data) as bpftrace's %r shows
 * it: printable ASCII as it is, any other byte as \xNN.
 */
void print_buf(struct buf *out, const void *p, int size);

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
/* Every map, by name, as SIGUSR1 prints them in bpftrace. */
int print_maps(const struct rt_out *rt, const struct map_info *maps, int n);
int print_maps_at_exit(const struct rt_out *rt, const struct map_info *maps,
		       int n);

/* clear() and zero() semantics for map m. */
int print_clear_map(const struct map_info *m);
int print_zero_map(const struct rt_out *rt, const struct map_info *m);
/* Sets every value of map m, on every CPU, to v (len bytes, 0 after). */
int print_fill_map(const struct rt_out *rt, const struct map_info *m,
		   const void *v, size_t len);
/*
 * Deletes the entries of map m whose keys are keys[0..n) (the keys
 * print_read_map() gave them: every bucket of a hist goes).  0 or -errno.
 */
int print_delete_keys(const struct rt_out *rt, const struct map_info *m,
		      const void *const *keys, int n);

/*
 * Additions.  The map printer is split in a kernel reader and a pure
 * renderer so that the renderer can be tested on made-up entries.
 */

/* One map entry: its key and its value summed over CPUs. */
struct print_entry {
	const void *key;		/* sym->key->size bytes; unused when
					 * the map has no key */
	const void *val;		/* plain maps: sym->val->size bytes */
	int64_t agg[2];			/* count, sum, min, max: agg[0];
					 * avg, stats: total, count;
					 * D's stddev: count, total */
	uint64_t sq[2];			/* D's stddev: the sum of squares,
					 * low and high 64 bits */
	const uint64_t *buckets;	/* hist, lhist: count per bucket;
					 * agg[0] is 1 when the map has the
					 * key's PRINT_HIST_SUM slot, agg[1]
					 * its value */
	int nbuckets;
};

/*
 * The bucket number of the slot in which a hist() or lhist() map keeps
 * the sum of its values for a key, under compile_opts.hist_sums.  The
 * printer shows no such bucket.
 */
#define PRINT_HIST_SUM UINT64_MAX

/* One key part (a tuple's field, or the whole key) as print() shows it. */
void print_key_part(const struct rt_out *rt, const struct type *t,
		    const void *p, struct buf *out);

/* Entries read from a map, with the storage they point into. */
struct print_entries {
	struct print_entry *v;
	int n;
	void *keys, *vals;
	uint64_t *buckets;
};

/*
 * Reads map m into e, in the order the kernel iterates it; hist and lhist
 * bucket entries are gathered into one entry per map key.  min and max
 * take the extreme of the CPUs that have a value, 0 if none has.
 * 0 or -errno; free e with print_entries_free() either way.
 */
int print_read_map(const struct rt_out *rt, const struct map_info *m,
		   struct print_entries *e);
void print_entries_free(struct print_entries *e);

/*
 * Appends map name (key and value types from sym) as bpftrace's print()
 * shows it, text or JSON after rt->format, sorting ents in place.  ents
 * must come in kernel order: bpftrace leaves ties among equal count, sum,
 * min, max and int values in that order (std::sort keeps it up to 16
 * entries), and orders hist, lhist, avg and stats ties by key bytes.
 * An empty map is "\n" ("\n\n" for avg and stats) in text, nothing
 * in JSON.
 */
void print_render_map(const struct rt_out *rt, const char *name,
		      const struct symbol *sym, struct print_entry *ents,
		      int n, uint64_t top, uint64_t div, struct buf *out);

/*
 * Appends s as a quoted JSON string escaped the way bpftrace escapes it:
 * bytes from 0x80 up come out as "\uffffffXX" since bpftrace escapes a
 * signed char.
 */
void print_json_string(struct buf *out, const char *s, size_t n);

/*
 * Writes the whole output of print(value) to rt->f: the value and a
 * newline in text, {"type": "value", "data": ...} in JSON, where the
 * data is a JSON value rather than a string.
 */
void print_value_record(const struct rt_out *rt, const struct type *t,
			const void *data);

#endif
