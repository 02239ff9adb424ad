/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_BI_DTRACE_H
#define FERRET_BI_DTRACE_H

#include <stddef.h>
#include <stdint.h>

struct buf;
struct runtime;
struct type;
struct probe_inst;

/*
 * Probe IDs: dtrace:::BEGIN, END and ERROR are 1, 2 and 3, as dtrace -l
 * numbers them; every other probe's is its index in the program's probe
 * table plus this.
 */
#define BI_DTRACE_FIRST_ID 4

/* A probe's D name in parts, by index in the program's probe table. */
struct bi_dtrace_probe {
	const char *prov, *mod, *func, *name;
	int id;			/* its ID as dtrace -l numbers it */
	/* For an instance standing for several probes (probe_inst.nsub):
	 * the function of probe sub, or NULL for all the same func. */
	const char *(*sub_func)(unsigned sub);
	/* Its inverse: the probe whose function is func, or -1 for none. */
	long (*sub_of)(const char *func);
};

/* What the D front end decides for the builtins of builtin_dtrace[]. */
struct bi_dtrace_label {
	void *arg;
	/* Writes the label a clause's output starts with (not quiet). */
	void (*show)(void *arg, unsigned cpu, const struct bi_dtrace_probe *p,
		     struct buf *out);
	/* The printf conversion trace() uses for a value of type t, or
	 * NULL if trace() cannot print it. */
	const char *(*trace_conv)(void *arg, const struct type *t);
	/*
	 * printa(): prints maps ids[0..n) (map ids, MAP_NFIXED based) with
	 * format fmt, NULL for none.  0 or -errno after reporting.
	 */
	int (*printa)(void *arg, struct runtime *rt, const char *fmt,
		      const uint32_t *ids, int n);
	/* The D name of instance pi into p, and freeing it: at compile
	 * time, where comparisons of the parts with literals are decided. */
	void (*probe_name)(const struct probe_inst *pi,
			   struct bi_dtrace_probe *p);
	void (*probe_free)(struct bi_dtrace_probe *p);
	/*
	 * clear(), trunc(), normalize(), denormalize(): op (enum
	 * rec_daggop) on map id with value.  0 or -errno after reporting.
	 */
	int (*aggact)(void *arg, struct runtime *rt, int op, uint32_t id,
		      int64_t value);
	/*
	 * setopt(name[, value]) in clause number clause of probe p (NULL if
	 * unknown): value NULL when not given.
	 */
	int (*setopt)(void *arg, const char *name, const char *value,
		      int clause, const struct bi_dtrace_probe *p);
	/*
	 * print(): the n bytes data of a value of type t (named name, or
	 * NULL for t's own name) that were at addr.  0 or -errno.
	 */
	int (*print)(void *arg, struct runtime *rt, const struct type *t,
		     const char *name, uint64_t addr, const void *data,
		     size_t n);
};

/* The words dtrace's prototypes use for a value of type t ("int"). */
const char *bi_d_type_word(const struct type *t, char *b, size_t len);

/*
 * Installs the probe names and the label hooks: the table must outlive
 * the run.  Before sema (trace_conv) and before the run (names).
 */
void bi_dtrace_set_probes(const struct bi_dtrace_probe *probes, int n,
			  const struct bi_dtrace_label *label);

#endif
