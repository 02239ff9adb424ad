/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_TYPES_H
#define FERRET_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/*
 * Value types of the language.  Integers live in 64-bit registers and are
 * 8 bytes wide in map keys, values and output records whatever their
 * declared size; strings are fixed-size NUL-padded byte arrays.
 */
enum type_kind {
	TY_NONE,	/* statement value, void functions */
	TY_INT,		/* size 1/2/4/8, is_signed */
	TY_STR,		/* size: buffer bytes including the NUL */
	TY_PROBE,	/* probe name, held as a u64 probe index */
	TY_KSYM,	/* kernel address printed as a symbol: u64 */
	TY_USYM,	/* user address printed as a symbol: u64 address,
			 * u64 pid whose mappings name it */
	TY_FUNC,	/* the traced function: a u64 probe index, printed
			 * as the instance's function name */
	TY_TUPLE,	/* fields */
	TY_CTX,		/* "args": pointer to the tracepoint record */
	TY_PTR,		/* pointer to elem (or NULL elem for void *) */
	TY_STRUCT,	/* record with named fields (args pointee) */
	TY_TIMESTAMP,
	TY_INET,	/* an IP address: u64 family, then 16 bytes (4 used
			 * for AF_INET) */
	TY_KSTACK,	/* a kernel stack: s64 id in a stack map (negative: none) */
	TY_USTACK,	/* a user stack: s64 id, then u64 pid */
	TY_BUF,		/* buf(): u64 length, then size - 8 bytes of data */
	TY_ARRAY,	/* count elements of elem, as C lays them out */
	TY_NAMED,	/* bytes the kernel sends that user space names
			 * (a uid as its user, an errno as its message):
			 * namer->show prints them; name: its argument */
	TY_FLOAT,	/* D's float, double and long double: size 4, 8 or
			 * 16 bytes as C keeps them; stored, copied and
			 * printed (%e %f %g), taken by no operator */
	/* aggregations: only as map values */
	TY_COUNT, TY_SUM, TY_MIN, TY_MAX, TY_AVG, TY_STATS, TY_HIST, TY_LHIST,
	TY_QUANT,	/* D's quantize(): D_QUANT_NBUCKETS buckets */
	TY_STDDEV,	/* D's stddev(): struct agg_stddev */
	TY_LLQUANT,	/* D's llquantize(): d_llq_nbuckets() buckets */
};

/* The last aggregation kind. */
#define TY_AGG_LAST TY_LLQUANT

struct field {
	char *name;
	struct type *type;
	int offset;		/* byte offset in the struct or tuple */
	int size;		/* bytes it occupies at the source */
	bool data_loc;		/* tracepoint __data_loc: u32 (len << 16 | off) */
	int bitoff;		/* bitfield: first bit, counted from offset */
	int bits;		/* bitfield: width; 0 for an ordinary member */
	/*
	 * The member's type as a C definition of the script spelled it,
	 * in the form CTF names types ("__u8", "char [5]", "struct page *",
	 * "enum eh", "struct" for an anonymous one), or NULL: what D's
	 * print() shows, since types themselves keep no typedef names.
	 */
	char *ctype;
};

struct type {
	enum type_kind kind;
	int size;		/* bytes in a key, value or record */
	bool is_signed;
	struct field *fields;	/* TY_TUPLE, TY_STRUCT */
	int nfields;
	struct type *elem;	/* TY_PTR, TY_ARRAY, TY_SUM/MIN/MAX (the summed int) */
	int count;		/* TY_ARRAY: elements */
	int align;		/* TY_STRUCT, TY_TUPLE: alignment as C has it */
	bool is_union;		/* TY_STRUCT: a union (printed the same) */
	/*
	 * TY_STR: D's string as a struct member, strsize bytes, a size
	 * cdecl_strsize() sets for each compile; TY_STRUCT: one of D's
	 * whose layout holds such a member, laid out again then.
	 */
	bool dstring;
	bool ubytes;		/* TY_STR: an array of unsigned bytes
				 * (unsigned char, __u8), whose chars D reads
				 * unsigned */
	const struct builtin *namer;	/* TY_NAMED: who prints it */
	char *name;		/* TY_STRUCT */
	/*
	 * TY_LHIST: min, max, step; TY_LLQUANT: low and high magnitude,
	 * steps, and lh_factor.
	 */
	int64_t lh_min, lh_max, lh_step;
	int64_t lh_factor;
	int btf_id;		/* TY_STRUCT from kernel BTF, 0 otherwise */
	bool incomplete;	/* TY_STRUCT whose fields are not read yet */
	int stack_map;		/* stacks: index of the stack map (by depth) */
	int stack_depth;	/* stacks: frames kept */
	bool stack_perf;	/* stacks: printed in perf's format */
	/*
	 * TY_PTR in D: a pointer alloca() or copyin() gave, into the
	 * clause's scratch space (DTrace's alloca pointer), whose loads are
	 * checked against what the clause has allocated; SCRATCH_MIXED: a
	 * ?: of one and of another pointer.  TY_INT (SCRATCH_PTR): such a
	 * pointer cast to an integer, its offset in scratch, and that plus
	 * or minus an integer, which a cast makes a scratch pointer again.
	 */
	int scratch;
};

enum { SCRATCH_NONE, SCRATCH_PTR, SCRATCH_MIXED };

/* Values of 8 bytes that code keeps in a register. */
static inline bool type_in_reg(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PROBE || t->kind == TY_PTR ||
	       t->kind == TY_FUNC || t->kind == TY_KSYM ||
	       (t->kind == TY_NAMED && t->size == 8);
}

/* Values printed as text: strings, names, symbols, stacks. */
static inline bool type_is_text(const struct type *t)
{
	return t->kind == TY_STR || t->kind == TY_PROBE || t->kind == TY_FUNC ||
	       t->kind == TY_KSYM || t->kind == TY_USYM ||
	       t->kind == TY_KSTACK || t->kind == TY_USTACK ||
	       t->kind == TY_INET || t->kind == TY_NAMED;
}

/* Aggregates: held in memory as C lays them out, never in a register. */
static inline bool type_is_record(const struct type *t)
{
	return t->kind == TY_STRUCT || t->kind == TY_ARRAY;
}

/* A kernel (user false) or user stack type of depth frames. */
struct type *type_stack(bool user, int depth, bool perf, int map);

/*
 * Kernel type information reaches the language through these hooks, set
 * by the kernel layer at start-up, so lang/ needs no kernel headers.
 * type_struct_named: "task_struct" -> TY_STRUCT, or NULL (errno set).
 * type_complete: fills an incomplete struct's fields; 0 or -errno.
 */
extern struct type *(*type_struct_named)(const char *name);
extern int (*type_complete_hook)(struct type *t);
/* A kernel constant (BTF enumerator or well-known macro); 0 or -ENOENT. */
extern int (*type_const_named)(const char *name, int64_t *value);
/* A kernel typedef resolved to its type, or NULL. */
extern struct type *(*type_typedef_hook)(const char *name);
int type_complete(struct type *t);
struct type *type_ptr(struct type *elem);
/* Pointer type ptr as one of D's scratch pointers (SCRATCH_*), a new type. */
struct type *type_scratch_ptr(const struct type *ptr, int scratch);
/* Integer type t holding a scratch pointer's offset, a new type. */
struct type *type_scratch_int(const struct type *t);
/*
 * A value of size bytes that builtin b names in user space; arg is what
 * b's show hook takes besides (a format, a filter), or NULL.
 */
struct builtin;
struct type *type_named(const struct builtin *b, int size, const char *arg);
/* count elements of elem; an array of char is a string (TY_STR). */
struct type *type_array(struct type *elem, int count);
/* Alignment of t in a C struct or a tuple (x86-64 SysV). */
int type_align(const struct type *t);

/*
 * Types a script defines (C struct, union, enum and typedef definitions)
 * are found before kernel BTF's.  tag is "struct", "union", "enum" or
 * NULL for a typedef.  type_define fails with -EEXIST for a redefinition.
 */
int type_define(const char *tag, const char *name, struct type *t);
struct type *type_defined(const char *tag, const char *name);
/* A script's enumerator, also found by type_const(). */
int type_define_const(const char *name, int64_t value);
/* The same, of the enum named tag (NULL: an anonymous one). */
int type_define_enumerator(const char *tag, const char *name, int64_t value);
/* The first enumerator of the script's enum tag whose value is v, or NULL. */
const char *type_enumerator(const char *tag, int64_t v);
/* Only the script's enumerators (no kernel lookup): 0 or -ENOENT. */
int type_script_const(const char *name, int64_t *value);
/* A named constant: the script's enumerators first, then the kernel's. */
int type_const(const char *name, int64_t *value);
/*
 * Resolves a struct or union by name: the script's definitions, then
 * BTF.  NULL with errno set.
 */
struct type *type_struct(const char *tag, const char *name);
/*
 * A type written in a cast or sizeof: "uint32", "struct task_struct *",
 * "int8 **", a typedef of the script; NULL with errno = ENOENT when the
 * name is unknown.
 */
struct type *type_parse(const char *text);
/*
 * A C integer type as written ("unsigned char", "long long", "int",
 * "uint16_t"...), char being signed; NULL if text is none.
 */
struct type *type_c_int(const char *text);
/* C's floating types as written ("float", "double", "long double"), or NULL. */
struct type *type_c_float(const char *text);
/*
 * An integer type by name: bpftrace's (int8 ... uint64) and, unless
 * lang_only, C's and the kernel's (uint32_t, u32, __s64, size_t ...).
 */
struct type *type_int_named(const char *name, bool lang_only);

/*
 * Types live until type_free_all(): every one is made by type_new(),
 * which records it, so any module may build types and none frees them.
 */
struct type *type_new(void);
void type_free_all(void);
/*
 * fn runs at every type_free_all(), before the types go: a module that
 * keeps types in a cache of its own drops them there.
 */
void type_on_free(void (*fn)(void));
struct type *type_int(int size, bool is_signed);
struct type *type_str(int size);
/* A string of size unsigned bytes: a BTF unsigned char array (ubytes). */
struct type *type_str_unsigned(int size);
/* A buf() value holding up to n bytes (size n + 8). */
struct type *type_buf(int n);
struct type *type_simple(enum type_kind kind);	/* none, probe, count ... */
struct type *type_tuple(struct type **elems, int n);
bool type_equal(const struct type *a, const struct type *b);
bool type_is_agg(const struct type *t);
/* "int64", "string[16]", "hist", "(int64, string[64])" */
const char *type_name(const struct type *t, char *buf, size_t len);

/*
 * Map storage layouts.  Codegen writes them, the runtime reads them.
 *
 * TY_COUNT, TY_SUM	per-CPU hash, value s64/u64 per CPU, summed.
 * TY_MIN, TY_MAX	per-CPU hash, value struct agg_minmax per CPU.
 * TY_AVG, TY_STATS	per-CPU hash, value struct agg_avg per CPU.
 * TY_STDDEV		per-CPU hash, value struct agg_stddev per CPU.
 * TY_HIST, TY_LHIST,	per-CPU hash keyed by (map key, u64 bucket), value
 * TY_QUANT, TY_LLQUANT	u64 count per CPU.  Buckets: see hist_bucket(), and
 *			D_QUANT_ZERO and d_llq_zero() for D's.
 * anything else	plain hash, value as its type's size.
 * A map with no key uses the 8-byte key 0.
 */
struct agg_minmax {
	int64_t value;
	uint64_t set;		/* 0 until this CPU has seen a value */
};

struct agg_avg {
	int64_t total;
	uint64_t count;
};

/* stddev(): the values' count, sum, and the 128-bit sum of squares. */
struct agg_stddev {
	uint64_t count;
	int64_t total;
	uint64_t sq_lo, sq_hi;
};

/*
 * hist bucket: 0 for v < 0, 1 for v == 0, 2 + floor(log2(v)) for v > 0.
 * lhist bucket: 0 for v < min, n+1 for v >= max, else 1 + (v - min) / step,
 * n = (max - min) / step.
 */
#define HIST_NBUCKETS 66

/*
 * quantize bucket (DTrace's layout): D_QUANT_ZERO holds 0;
 * D_QUANT_ZERO + 1 + k holds values in [2^k, 2^(k+1)) and
 * D_QUANT_ZERO - 1 - k values in (-2^(k+1), -2^k], k = 0 .. 62.
 * The counts are signed: quantize(v, incr) may add a negative incr.
 */
#define D_QUANT_NBUCKETS 127
#define D_QUANT_ZERO 63

/*
 * llquantize buckets (DTrace's layout): with m = hmag - lmag + 1 ranges
 * of steps - steps / factor buckets each, bucket 0 holds values down
 * from -factor^(hmag+1), then come the negative ranges, the underflow
 * bucket d_llq_zero() (|v| < factor^lmag), the positive ranges, and the
 * last bucket values from factor^(hmag+1) up.
 */
static inline int d_llq_zero(const struct type *t)
{
	return 1 + (int)((t->lh_max - t->lh_min + 1) *
			 (t->lh_step - t->lh_step / t->lh_factor));
}

static inline int d_llq_nbuckets(const struct type *t)
{
	return 2 * d_llq_zero(t) + 1;
}

enum sym_kind { SYM_MAP, SYM_VAR };

struct symbol {
	enum sym_kind kind;
	char *name;		/* "@x", "@" or "$x" */
	struct type *key;	/* SYM_MAP: NULL for a scalar map, else the key
				 * (TY_TUPLE for several keys) */
	struct type *val;
	struct type *shown_key;	/* SYM_MAP: the key's types where it was
				 * first used, integers in their declared
				 * width (D prints them so) */
	struct type *shown_val;	/* SYM_MAP: D's type of the first value
				 * assigned to a global */
	int id;			/* SYM_MAP: index in the program's map table */
	int stack_off;		/* SYM_VAR: offset from r10 (negative), per probe */
	struct node *first;	/* where it first appears, for diagnostics */
	int array;		/* SYM_MAP: > 0, an array of that many entries
				 * (compile_opts.array_map), keyed by u32 */
	bool addr_taken;	/* SYM_MAP: a D global whose bytes a pointer
				 * may reach (&x.m, an array as a value) */
	int scratch;		/* D: the pointers stored so far: 0 none,
				 * SCRATCH_PTR scratch ones, else others */
	int packed;		/* SYM_MAP: a D scalar global kept in
				 * MAP_DGLOBALS at packed - 1, 0: a map of
				 * its own */
};

#endif
