/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_BUILTIN_H
#define FERRET_BUILTIN_H

#include <stddef.h>
#include <stdbool.h>

struct sema;
struct node;
struct cg;
struct val;
struct runtime;
struct rec_hdr;
struct type;
struct buf;

/*
 * A builtin variable or function: one row of the table, one hook per
 * pass.  sema types the node; cg emits its BPF; rt acts on the records
 * it sends to user space (rec_kind).  A row with a NULL cg hook names
 * something ferret does not support yet, and why.
 */
struct builtin {
	const char *name;
	bool func;		/* called as name(...) */
	int rec_kind;		/* enum rec_kind it sends, or 0 */
	bool agg;		/* an aggregation: only as @map = f(...) */
	int (*sema)(struct sema *s, struct node *n);
	int (*cg)(struct cg *g, struct node *n, struct val *out);
	int (*rt)(struct runtime *rt, const struct rec_hdr *h,
		  const void *data, size_t len);
	const char *unsupported;	/* why it is missing */
	/*
	 * Optional, for values read from memory (str(), buf()): prep
	 * evaluates the operands into ops[] ahead of time; into then reads
	 * the value straight to base+off (base a register), so that a large
	 * value never needs the stack, and returns a register holding how
	 * many bytes of the value's slot are in use: at least 1, and at most
	 * the slot's size by a bound the verifier sees (a helper's result
	 * or a check), which cg_output_end() relies on.
	 */
	int (*cg_prep)(struct cg *g, struct node *n, struct val *ops);
	/*
	 * For values the builtin names in user space (TY_NAMED): writes the
	 * text of the value's bytes p to out.
	 */
	void (*show)(const struct type *t, const void *p, struct buf *out);
	/*
	 * Optional, for TY_NAMED values: emits the test of n (a use of this
	 * builtin) against the string literal lit, decided at compile time
	 * as far as the probe allows, and returns the register holding 1
	 * when they are equal and 0 when not, or -errno.  Makes == and !=
	 * against a literal legal.
	 */
	int (*cg_eq_lit)(struct cg *g, struct node *n, const char *lit);
	/*
	 * Optional, for TY_NAMED values that are text known when compiling
	 * (a probe name's parts): the builtin function of one argument, n,
	 * that makes n a string, for D's comparisons with other strings.
	 */
	const char *str_conv;
	/*
	 * Optional, with str_conv: the builtin function of one argument, n,
	 * that makes n a char * to its text (a copy in D's scratch space),
	 * for D's casts and stores of it to pointers.
	 */
	const char *ptr_conv;
	int (*cg_into)(struct cg *g, struct node *n, const struct val *ops,
		       int base, int off);
	/*
	 * Optional, with cg_into: the type of the value's slot in a record
	 * when it is smaller than the value's type (str(p, 8) reads at most
	 * 8 bytes), or NULL.
	 */
	struct type *(*slot_type)(const struct node *n);
	/*
	 * Optional, for D's actions that record a value (stack(), func()
	 * ...): called for a statement st that is a call of this builtin
	 * and nothing else, once the call is typed; replaces st->a with
	 * what records the value.  0 or -EINVAL.
	 */
	int (*action)(struct sema *s, struct node *st);
};

/* True if n is a call whose value can be read straight into memory. */
bool builtin_reads_into(const struct node *n);
/* The type of n's slot in a printf record: n's type, or a smaller one. */
struct type *builtin_slot_type(const struct node *n);

/*
 * Finds a builtin variable (func false) or function (func true); with
 * dtrace, D's own (builtin_dtrace[]) first.
 */
const struct builtin *builtin_find(const char *name, bool func, bool dtrace);
/* The builtin that handles records of kind, or NULL. */
const struct builtin *builtin_for_record(int kind);

/*
 * D's scratch space: sets up a clause that uses it (g->dscratch), after
 * its predicate.
 */
void bi_dscratch_begin(struct cg *g);
/*
 * *(addr) = the size bytes of register val, where addr must lie in the
 * scratch space the clause has allocated: else the clause stops at a
 * fault, as DTrace's stores outside it do.  0 or -EINVAL.
 */
int bi_dscratch_store(struct cg *g, int addr, int val, int size);
/*
 * *(addr) = the string at address src, its characters and NUL, at most
 * size bytes; all size bytes at addr must lie in the clause's scratch
 * space, as for bi_dscratch_store().  0 or -EINVAL.
 */
int bi_dscratch_store_str(struct cg *g, int addr, int src, int size);
/*
 * A load of size bytes at addr through one of D's scratch pointers: the
 * clause stops at DTrace's fault unless they lie in the scratch space it
 * has allocated.  Nothing where the clause has no scratch space.
 */
void bi_dscratch_check(struct cg *g, int addr, int size);
/*
 * Value v of expression e as trace() and printf() show it: a scratch
 * pointer's offset in scratch space, as DTrace's pointers into it are
 * (its first allocation at 8); any other value as it is.
 */
void bi_dscratch_shown(struct cg *g, const struct node *e, struct val *v);
/*
 * The address in register r of the scratch offset it holds (an integer
 * bi_dscratch_shown() made, cast back to a pointer), in place.  Nothing
 * where the clause has no scratch space.
 */
void bi_dscratch_unshown(struct cg *g, int r);

#endif
