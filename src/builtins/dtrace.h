/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_BI_DTRACE_H
#define FERRET_BI_DTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf;
struct cg;
struct sema;
struct node;
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

/*
 * An address as DTrace names it: the object that holds it (the kernel's
 * "vmlinux", a module's name, a user object's base name) and the symbol
 * at or below it.
 */
struct bi_dtrace_sym {
	const char *object;	/* NULL: no object holds it */
	const char *name;	/* NULL: no symbol, or no object */
	uint64_t value;		/* the symbol's address */
	uint64_t base;		/* the object's: where its text (the
				 * kernel's, a module's) or its mapping (a
				 * user object's) starts */
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
	/*
	 * Names addr of the kernel (pid < 0) or of process pid into s,
	 * whose strings live until the next call.  0, or -ENOENT with s
	 * untouched when no object holds it.
	 */
	int (*sym)(void *arg, uint64_t addr, int pid, struct bi_dtrace_sym *s);
};

/* The front end's sym hook; -ENOENT without one. */
int bi_dtrace_sym(uint64_t addr, int pid, struct bi_dtrace_sym *s);

/*
 * Whether t is the value of one of D's symbol subroutines (func(), sym(),
 * mod(), ufunc(), usym(), umod(), uaddr()), which hold an address (and,
 * for a user address, the process: *user); with p, its address and
 * process (-1 for the kernel) from the value's bytes.
 */
bool bi_dtrace_symaddr(const struct type *t, const void *p, uint64_t *addr,
		       int *pid);

/*
 * The key value k of type t (one of D's symbol values) as an aggregation
 * groups it: the start of its function (func(), sym(), ufunc(), usym())
 * or of its object (mod(), umod()), rewritten in place; uaddr() keeps
 * its address.  Addresses nothing names stay.
 */
void bi_dtrace_sym_group(const struct type *t, void *k);

/* Whether t is a probe's name or one of its parts (probeprov ...). */
bool bi_dtrace_is_part(const struct type *t);

/*
 * The length of the longest text probe part n (probeprov ...) has among
 * the program's probes, or -EINVAL after reporting a part not known
 * when compiling.
 */
int bi_dtrace_part_len(struct sema *s, struct node *n);

/*
 * Writes the text of probe part n (probeprov ...), whose probe index
 * (bi_probe_index) is in register idx, as a string into the zeroed
 * bytes at register base + off, at most size of them with its NUL.  0,
 * or -EINVAL after reporting a part not known when compiling.
 */
int bi_dtrace_part_str(struct cg *g, struct node *n, int idx, int base,
		       int off, int size);

/* The words dtrace's prototypes use for a value of type t ("int"). */
const char *bi_d_type_word(const struct type *t, char *b, size_t len);
/*
 * Marks a, where it is a string search (strstr(), strchr(), strrchr(),
 * strtok()), to fault when it finds nothing: its NULL is to be read.
 */
void bi_d_null_faults(struct node *a);

/*
 * Installs the probe names and the label hooks: the table must outlive
 * the run.  Before sema (trace_conv) and before the run (names).
 */
void bi_dtrace_set_probes(const struct bi_dtrace_probe *probes, int n,
			  const struct bi_dtrace_label *label);

#endif
