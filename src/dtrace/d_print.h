/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's output formats, as dtrace(8) of dtrace-utils prints them:
 * aggregations (at exit and by printa() with or without a format),
 * trace() records and the printf() conversions that differ from C's.
 * Pure: values come from the caller (print_read_map() for maps), text is
 * appended to a struct buf.
 */
#ifndef FERRET_D_PRINT_H
#define FERRET_D_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../util.h"
#include "../runtime/print.h"

struct symbol;
struct type;

/*
 * dtrace(8)'s sorting options.  Aggregations sort by value (ties by key)
 * unless sortkey; keys compare field by field from keypos on, wrapping
 * round (integers as unsigned of their width, strings byte by byte);
 * sortrev reverses every comparison; a joined printa() compares the
 * values of its aggregations from the sortpos-th on.  Out of range
 * positions count as 0.
 */
struct dp_opts {
	bool sortkey;		/* aggsortkey */
	bool sortrev;		/* aggsortrev */
	int keypos;		/* aggsortkeypos */
	int sortpos;		/* aggsortpos */
};

/* What a symbol lookup found for an address. */
struct dp_sym {
	const char *object;	/* module or object base name, NULL: none */
	const char *name;	/* symbol, NULL when only object is known */
	uint64_t value;		/* the symbol's address */
};

/*
 * Finds the symbol of addr in the kernel (pid < 0) or in process pid.
 * 0, or -ENOENT with s untouched.
 */
typedef int (*dp_sym_fn)(void *arg, uint64_t addr, int pid,
			 struct dp_sym *s);

/* What output needs from the running program; any member may be NULL. */
struct dp_ctx {
	dp_sym_fn sym;		/* without it addresses print as 0x... */
	void *sym_arg;
	/*
	 * Appends the text of a key of type t at p that this module does not
	 * render itself (stacks, probe names ...); without it such keys
	 * print as a dump of their bytes.
	 */
	void (*text)(void *arg, const struct type *t, const void *p,
		     struct buf *out);
	void *text_arg;
	/*
	 * Reads the stack of type t (TY_KSTACK or TY_USTACK) at p into pcs
	 * (STACK_DEPTH of them), leaf first, and returns how many frames it
	 * has; *pid is the process of a user stack, -1 for the kernel's.
	 * Without it stacks have no frames.  Takes text_arg.
	 */
	int (*stack)(void *arg, const struct type *t, const void *p,
		     uint64_t *pcs, int *pid);
};

/*
 * One aggregation: sym gives the key type (NULL, one type, or TY_TUPLE)
 * and the value kind: TY_COUNT, TY_SUM, TY_MIN, TY_MAX (agg[0]), TY_AVG
 * (agg[0] total, agg[1] count), TY_QUANT (D_QUANT_NBUCKETS buckets) or
 * TY_LHIST as D's lquantize (buckets: "< base", the steps, ">= limit";
 * base, limit, step in lh_min, lh_max, lh_step).  Counts are read as
 * signed.  normal: normalize()'s divisor, 0 or 1 for none.  Other value
 * kinds print nothing.
 */
struct dp_agg {
	const struct symbol *sym;
	const struct print_entry *ents;
	int n;
	uint64_t normal;
};

/*
 * The output dtrace(8) ends a run with: an empty line, then the entries
 * of every aggregation given, in the order given (reversed by sortrev),
 * each sorted.  The caller leaves out aggregations printa() printed.
 */
void d_print_exit(struct buf *out, const struct dp_agg *aggs, int n,
		  const struct dp_opts *o, const struct dp_ctx *ctx);

/*
 * printa(@a) and printa(@a, @b, ...) without a format: an empty line,
 * then one line per key: the key columns, then each aggregation's value
 * (zero where an aggregation lacks the key), sorted as for a joined
 * printa when n > 1.
 */
void d_print_printa(struct buf *out, const struct dp_agg *aggs, int n,
		    const struct dp_opts *o, const struct dp_ctx *ctx);

/*
 * printa(fmt, @a, ...): fmt once per key (per joined key when n > 1).
 * %@ conversions take the aggregations' values in turn (the last one
 * again once they run out), the others and any '*' take the keys in
 * order.  quantize and lquantize values print their table whatever the
 * conversion.  0, or -EINVAL for a bad format or one that wants more
 * keys than there are (output stops there, as in DTrace).
 */
int d_print_printa_fmt(struct buf *out, const char *fmt,
		       const struct dp_agg *aggs, int n,
		       const struct dp_opts *o, const struct dp_ctx *ctx);

/*
 * Merges the entries of v (*n of them, values of sym's kind) whose keys
 * are equal byte for byte into one each, as DTrace aggregates a key: sums
 * and counts and buckets add up, min and max take the extreme.  The
 * first entry of each key keeps the result (its buckets written in
 * place); *n becomes how many are left, in key order.
 */
void d_print_merge(const struct symbol *sym, struct print_entry *v, int *n);

/*
 * trunc(@a, keep): the entries of a to remove, into drop (room for a->n);
 * returns how many.  keep > 0 keeps the keep largest values, keep < 0
 * the -keep smallest, 0 none; ties go by key, whatever the sorting
 * options, as in DTrace.
 */
int d_print_trunc(const struct dp_agg *a, int64_t keep,
		  const struct print_entry **drop);

/* trace() output when not quiet: "CPU     ID  FUNCTION:NAME" line. */
void d_print_trace_header(struct buf *out);
/* The start of each record's line: cpu, probe id and "func:name". */
void d_print_trace_prefix(struct buf *out, int cpu, uint32_t id,
			  const char *func, const char *name);
/*
 * The printf conversion trace() uses for an integer of size bytes (or a
 * string, is_str): DTrace's column widths, none when quiet.
 */
const char *d_print_trace_conv(int size, bool is_signed, bool is_str,
			       bool quiet);
/* A traced integer of size bytes (1, 2, 4, 8), v holding its value. */
void d_print_trace_int(struct buf *out, int64_t v, int size, bool is_signed,
		       bool quiet);
/* A traced string: s up to its first NUL or n bytes. */
void d_print_trace_str(struct buf *out, const char *s, size_t n, bool quiet);
/* The end of a record: a newline unless quiet. */
void d_print_trace_end(struct buf *out, bool quiet);
/*
 * Data that is neither an integer nor a string (rawbytes, a struct):
 * a newline, then DTrace's offset / hex / ASCII dump of n bytes.
 */
void d_print_rawbytes(struct buf *out, const void *p, size_t n);

/* Conversion flags, as written. */
enum {
	DP_F_ALT = 1 << 0,	/* # */
	DP_F_ZERO = 1 << 1,	/* 0 */
	DP_F_LEFT = 1 << 2,	/* - */
	DP_F_PLUS = 1 << 3,	/* + */
	DP_F_SPACE = 1 << 4,	/* ' ' */
	DP_F_GROUP = 1 << 5,	/* ' */
	DP_F_AGG = 1 << 6,	/* @: printa()'s aggregation value */
	DP_F_DYNWIDTH = 1 << 7,	/* width * */
	DP_F_DYNPREC = 1 << 8,	/* precision .* */
};

/* One printf conversion. */
struct dp_conv {
	int flags;
	int width;		/* negative (from '*'): left-aligned */
	int prec;		/* 0 or less: none, as DTrace has it */
	char name[8];		/* "d", "lld", "hx", "Y", "%" ... */
	char conv;		/* name's last character */
};

/*
 * Parses the conversion at s (its '%') into c, with '?' as width 16;
 * returns the characters it spans, or -EINVAL for one DTrace rejects
 * (unknown name, two '.' or '*' for one field, "%n$").  A '*' leaves
 * width or prec for the caller to set from its argument.
 */
int d_print_conv_parse(const char *s, struct dp_conv *c);

/* A printf argument: an integer, or a string when s is set. */
struct dp_val {
	int64_t i;		/* integers, addresses, times (ns) */
	int size;		/* the integer's bytes: 1, 2, 4 or 8 */
	bool is_signed;
	int pid;		/* %A: the address's process, <= 0: none;
				 * stacks: the process, -1 for the kernel */
	const char *s;		/* strings: n bytes, NUL-terminated or not */
	size_t n;
	bool addr;		/* s is the text of the address in i (D's
				 * symbol values): both %s and %a take it */
	const uint64_t *pcs;	/* %k: a stack's npcs frames, leaf first */
	int npcs;
	bool stack;		/* a stack: pcs, npcs and pid hold it */
	bool fp;		/* a float, double or long double: f holds it */
	long double f;
};

/*
 * Appends conversion c of v: %d %i (signed if v is, or with a length
 * modifier), %u %o %x %X %p (unsigned; %p is bare hex), %c, %C and %S
 * (escaped as D string literals), %s, %a (kernel symbol+offset), %A
 * (user symbol), %k (a stack: a newline, then each frame on a line of
 * its own, indented by the width when left-aligned, else in a field of
 * that width), %Y ("2026 Nov 26 14:05:33") and %T (RFC 822), both in
 * local time, %e %E %f %g %G (a floating value, with or without L),
 * %%.  0, -EINVAL when v does not suit c, -ENOTSUP for conversions not
 * handled here (wide strings).
 */
int d_print_conv(struct buf *out, const struct dp_conv *c,
		 const struct dp_val *v, const struct dp_ctx *ctx);

/*
 * A whole printf(fmt, args...): each conversion takes the next argument,
 * after the integers its '*' take.  0, -EINVAL for a bad format, too few
 * arguments or one that does not suit its conversion (output stops
 * there), -ENOTSUP as d_print_conv().
 */
int d_print_printf(struct buf *out, const char *fmt,
		   const struct dp_val *args, int nargs,
		   const struct dp_ctx *ctx);

/*
 * Checks printf(fmt, args...) at compile time as dtrace does, func being
 * the call's name and args the types of its nargs value arguments: the
 * format parses, each conversion has its value (after the int each '*'
 * takes) of a type that suits it, and no argument is left over.  0, or
 * -EINVAL with dtrace's error text in err (len bytes) and in *at the
 * argument it is about (1: the first value, 0: the call).
 */
int d_print_check(const char *func, const char *fmt,
		  const struct type *const *args, int nargs, int *at,
		  char *err, size_t len);
/*
 * Checks printa(fmt, @a ...) as dtrace does: each conversion but %@'s
 * takes the next of the nkeys keys of @a, which must suit it; argno is
 * @a's place among printa()'s arguments.  0, or -EINVAL with dtrace's
 * error text in err (len bytes).
 */
int d_print_check_keys(const char *fmt, const struct type *const *keys,
		       int nkeys, int argno, char *err, size_t len);

#endif
