/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CG_H
#define FERRET_CG_H

#include "ir.h"
#include "compile.h"
#include "../lang/ast.h"
#include "../lang/types.h"

struct probe_inst;

/* Where an expression's value is. */
enum val_kind {
	V_NONE,
	V_REG,		/* in a register: integers, probe ids */
	V_STACK,	/* in memory at base + off: strings, tuples, keys */
};

struct val {
	enum val_kind kind;
	int reg;
	int off;
	int base;	/* V_STACK: the register off is from, 0 for r10 (the
			 * frame); see cg_base() */
	struct type *type;
};

/* The register a V_STACK value's off is from: r10 or g->tstr. */
static inline int cg_base(const struct val *v)
{
	return v->base ? v->base : BPF_REG_10;
}

/* Code generation state for one program (one probe instance). */
struct cg {
	struct ir ir;
	struct compiled *c;
	const struct probe_inst *pi;
	struct node *probe;
	int ctx;		/* register holding the context pointer */
	int stack;		/* frame bytes in use */
	struct vec vars;	/* struct cg_var * */
	int brk, cont;		/* loop labels, -1 outside loops */
	int exit_label;		/* return 0, after the tails (see cg_end()) */
	int skip_label;		/* return 0 at once: the predicate failed */
	int sent;		/* a register: SENT_HELD, and the held
				 * records sent times SENT_ONE (cg.c) */
	int clause_sent;	/* D: a register, sent as the clause began */
	int lost;		/* a register: records lost to a full buffer */
	int tail_init;		/* where sent and lost are zeroed (each
				 * dropped if unused) */
	bool wake_tail;		/* the exit decides on a wake-up (cg.c) */
	bool lost_used;		/* the exit adds lost to STAT_LOST */
	int nrec;		/* record sites in the program */
	int nweak;		/* D: sites of BEGIN/END-like probes, held
				 * only where the program can fault */
	int nfaults;		/* D: fault sites (cg_fault()) */
	int fault_label;	/* D: the clause's fault tail, -1 for none
				 * yet; its registers: */
	int fault_kind, fault_addr, fault_pc;
	bool strtok_set;	/* D: the clause has called strtok() on a
				 * string before (dstring.c) */
	struct vec holds;	/* IR ranges that hold records (cg.c) */
	bool use_cookie;	/* probe id from bpf_get_attach_cookie() */
	int probe_id;
	int err;
	const struct loc *overflow;	/* where the frame first passed 512 bytes */
	int from;		/* in: the probe body's first top-level
				 * statement to generate (a later part of a
				 * split probe when > 0); out: where the next
				 * part starts, or -1 (see cg_probe()) */
	int tail_next;		/* out: the next part's MAP_TAILS slot */
	struct vec part_maps;	/* ids of the maps this part's IR loads,
				 * as of IR instruction maps_scanned */
	int maps_scanned;
	bool first_clause;	/* in: no earlier clause has this probe (D's
				 * per-firing state starts here) */
	/*
	 * D's scratch space in a clause that uses it (else top is -1):
	 * registers holding the bytes allocated so far, the per-CPU map
	 * value, and its address as an integer, which pointers into it are.
	 */
	struct { int top, ptr, addr; } dscratch;
	/*
	 * in: the frame is tight (a probe whose frame overflowed is
	 * generated again so, see gen_part()): keys over KEY_FRAME_MAX
	 * bytes are built in MAP_SCRATCH's SCRATCH_STMT entry, and so are
	 * records whose arguments are values in the frame, each argument
	 * computed and stored before the next takes its frame space.
	 */
	bool tight;
	int stmt_scratch;	/* bytes of SCRATCH_STMT the statement uses */
	/*
	 * A tight probe's temporaries of more than KEY_FRAME_MAX bytes
	 * (strings above all: strsize + 1 bytes each) live in SCRATCH_STMT,
	 * at offsets cg_alloc_tmp() hands out, from the register tstr, which
	 * holds the entry's address from the clause's start (0: the probe
	 * is not tight).  Offsets there are 0 or more, which no access from
	 * r10 may use: a value taken for a frame one is refused by the
	 * verifier rather than read wrong.
	 */
	int tstr;
	int xsou_top;		/* bytes of MAP_SCRATCH's first entry that D's
				 * translated structs used as values take,
				 * each its own, past where records are
				 * assembled (builtins/dtrace.c) */
	bool can_tighten;	/* out: tight would move something */
	/*
	 * D: this-> variables are found by name, not by symbol: the
	 * program runs several clauses, each with symbols of its own
	 * (cg_clauses()).
	 */
	bool by_name;
	int epid;		/* D: the clause's epid, 0: one more than the
				 * attachments made so far */
	bool keep_locals;	/* this-> variables come from MAP_DLOCALS and
				 * go back there at the exit */
	int timestamp;		/* D: a register holding the firing's
				 * timestamp, read once at the start where
				 * a clause reads it (DTrace's is one value
				 * for the firing), else -1 */
	int spec;		/* a register ORed into the header of each
				 * record (REC_SPEC_SHIFT: D's speculate()),
				 * 0 until speculate() sets it; -1 in clauses
				 * that do not speculate */
};

#define SENT_HELD 1		/* a held record went out: REC_END is due */
#define SENT_ONE 2		/* added for each held record sent */

struct sema_probe;
/* Generates g->ir for probe block sp on instance pi. 0 or -errno. */
/*
 * -k (level 1) and -kk (2): after each call of a helper that reports
 * errors (level 2 adds the probe_read family), a negative result is sent
 * to user space with the call's site, and r0 kept as it was.
 */
void cg_check_helpers(struct cg *g, int level);
int cg_probe(struct cg *g, struct sema_probe *sp, const struct probe_inst *pi,
	     bool use_cookie);
/* One D clause on one instance, as one program of several runs it. */
struct cg_clause {
	struct sema_probe *sp;
	const struct probe_inst *pi;
	int epid;
};
/*
 * Generates g->ir for n clauses on one kernel event, run in order in
 * one program, as DTrace runs the clauses of a probe: their this->
 * variables are one set, zeroed at the firing's start; a clause whose
 * predicate fails, or that faults, ends and the next starts; after an
 * exit() none starts.  The instances cl[].pi are one event (compile.c),
 * cl[0].pi the one attached.  0 or -errno.
 */
int cg_clauses(struct cg *g, const struct cg_clause *cl, int n);
/*
 * Generates g->ir for the program of pi->arm (see provider.h), written
 * at probe p: it sends REC_ARM with pi's index and argument pi->arm_arg
 * of the arm's context, stopping the process (SIGSTOP) when pi->arm_stop.
 * 0, or -EINVAL where the arm's context has no such argument.
 */
int cg_arm(struct cg *g, const struct node *p, const struct probe_inst *pi);

int cg_expr(struct cg *g, struct node *n, struct val *out);
int cg_stmt(struct cg *g, struct node *n);

/* A value in a register (ints); V_STACK values give their address. */
int cg_reg(struct cg *g, const struct val *v);
/* Frame space: returns the (negative) r10 offset of size bytes, 8-aligned. */
int cg_alloc(struct cg *g, int size);
/*
 * Room for a temporary of size bytes that lives until its statement
 * ends: in the frame (*base BPF_REG_10), or in a tight probe, where it
 * is larger than KEY_FRAME_MAX, in SCRATCH_STMT (*base g->tstr).
 * Returns its offset from *base.
 */
int cg_alloc_tmp(struct cg *g, int size, int *base);
/*
 * What the frame and SCRATCH_STMT hold at a point of a statement:
 * cg_release() gives back all taken since cg_mark(), when none of it is
 * used again (the operands of a comparison once it is made, a
 * condition's once it has jumped).
 */
struct cg_mark {
	int stack, scratch;
};
struct cg_mark cg_mark(const struct cg *g);
void cg_release(struct cg *g, struct cg_mark m);
void cg_zero(struct cg *g, int off, int size);
/* Zeroes size bytes at base+off (base: register). */
void cg_zero_at(struct cg *g, int base, int off, int size);
/* Copies size bytes from base+soff (base: register) to r10+doff. */
void cg_copy(struct cg *g, int dbase, int doff, int sbase, int soff, int size);
/*
 * Stores v at base+off as it is laid out in keys, values and records:
 * integers as size bytes (1, 2, 4; else 8), strings padded to size bytes,
 * structs and arrays still in memory read there.
 */
void cg_store(struct cg *g, int base, int off, const struct val *v, int size);
/* Reads size bytes at the kernel or user address in register addr to base+off. */
void cg_probe_read(struct cg *g, int base, int off, int size, int addr);
/*
 * A new register holding the size (1, 2, 4 or 8) bytes read from the
 * kernel at register addr + off; 0 where they cannot be read.
 */
int cg_kread(struct cg *g, int addr, int off, int size);
/* Calls a helper with no arguments; a new register holding r0. */
int cg_call0(struct cg *g, int helper);
/*
 * dst = src, copied by the kernel through the 16 bytes of frame at slot,
 * so that the verifier knows nothing of dst's value: where different
 * bounds on one register would keep it from merging paths.
 */
void cg_opaque(struct cg *g, int slot, int src, int dst);
/*
 * A loop the verifier checks once rather than once per turn: bpf_loop()
 * (5.17) calling a subprogram.  An unrolled or back-edge loop is walked
 * by the verifier for each turn, and loops in loops (index() on strings
 * of 256 characters) for the product: past its million instructions.
 * The price is a helper call per turn, small beside the body's loads.
 *
 * Between cg_loop_begin() and cg_loop_end(), code goes into the
 * subprogram: it sees the caller's registers in[0..n) as l->v[0..n)
 * (pointers first, nptr of them, then integers), the turn (0 up,
 * unknown to the verifier) as
 * l->idx; it may give value i a new value for later turns and for the
 * caller (cg_loop_set()).  Jumping to l->next goes on with the next
 * turn, to l->stop ends the loop; falling off the end goes on.  It has
 * a frame of its own, which cg_alloc() takes from: it may not use the
 * caller's frame or registers, but for the values.  After cg_loop_end(),
 * l->v[i] are registers of the caller holding the values last set.
 * The integers cross between caller and callback as two 32-bit halves,
 * which the verifier reads as unknown: before Linux 6.7 it checks a
 * callback for its first turn alone and would take their first values
 * for constants, dropping branches a later turn takes.
 */
#define CG_LOOP_VALS 8
struct cg_loop {
	struct ir outer;	/* the caller's code, while the body's is made */
	int slot;		/* the values, in the caller's frame */
	int n, nptr;
	int v[CG_LOOP_VALS];
	int idx, ctx;
	int next, stop;
	int stack, tstr;	/* the caller's */
};
void cg_loop_begin(struct cg *g, struct cg_loop *l, const int *in, int n,
		   int nptr);
void cg_loop_set(struct cg *g, struct cg_loop *l, int i, int reg);
/* Runs the loop for turns turns (a register, at most 1 << 23). */
void cg_loop_end(struct cg *g, struct cg_loop *l, int turns);
/* r0 = pointer to map value for the key at r10+key_off, or NULL. */
void cg_lookup(struct cg *g, int map_id, int key_off);
/* map_update_elem with key and value in the frame; counts a full map. */
void cg_update(struct cg *g, int map_id, int key_off, int val_off, int flags);
/*
 * Where a map key is: at base + off, base BPF_REG_10 (the frame) or a
 * register pointing into MAP_SCRATCH's SCRATCH_STMT entry.  Either is a
 * valid key argument of the map helpers.
 */
struct cg_key {
	int base;
	int off;
};

/* Keys over this many bytes may be built outside the frame (tight). */
#define KEY_FRAME_MAX 64

/*
 * Builds the key of map node n (plus an extra u64 if extra_reg >= 0) in
 * *k: in the frame, or in scratch when g->tight and the key is large.
 * Values read from memory (str(), buf()) are read straight into their
 * part of the key.  0 or -EINVAL.
 */
int cg_key(struct cg *g, struct node *n, int extra_reg, struct cg_key *k);
/* The same, always in the frame: returns the key's r10 offset. */
int cg_map_key(struct cg *g, struct node *n, int extra_reg);
/* r0 = pointer to map value for key k, or NULL. */
void cg_key_lookup(struct cg *g, int map_id, const struct cg_key *k);
/*
 * map_update_elem of key k, value at r10+val_off; counts a full map.
 * Returns a new register holding the helper's result.
 */
int cg_key_update(struct cg *g, int map_id, const struct cg_key *k,
		  int val_off, int flags);
/* cg_key_update() of the value at val_off from register vbase. */
int cg_key_update_at(struct cg *g, int map_id, const struct cg_key *k,
		     int vbase, int val_off, int flags);
/* map_delete_elem of key k. */
void cg_key_delete(struct cg *g, int map_id, const struct cg_key *k);
/* Reserves a ring buffer record of size bytes with kind/id; returns the
 * register holding it, and jumps to skip if the buffer is full. */
int cg_record_begin(struct cg *g, int kind, int id, int size, int skip);
void cg_record_end(struct cg *g, int rec, bool wakeup);
/*
 * D: a fault (enum rec_fault_kind) at this point ends the clause, as in
 * DTrace; a REC_FAULT record with the address or value in register addr
 * (-1: none) tells user space, which reports it and runs the ERROR
 * probe.  Tracing goes on.
 */
void cg_fault(struct cg *g, int kind, int addr);
/*
 * D: the string at base+off a NULL string (STR_UNREAD's bytes) is a
 * fault at the address in register addr.
 */
void cg_null_str_fault(struct cg *g, int base, int off, int addr);
/* 1 in a new register where the string at base+off is NULL, else 0. */
int cg_str_is_null(struct cg *g, int base, int off);
/* Gives reserved record rec back to the ring buffer unsent. */
void cg_record_discard(struct cg *g, int rec);
/*
 * The same for a record of at most size bytes that is sent at the
 * length it turns out to have: it is built in the per-CPU scratch map
 * and copied to the ring buffer by cg_output_end, which sends the
 * header and the first len bytes (len: a register, from the record's
 * start, at most the record's size by a bound the verifier already
 * knows) and counts a full buffer as lost.
 */
int cg_scratch_begin(struct cg *g, int kind, int id, int size, int skip);
/*
 * The same in the statement's part of the scratch map (SCRATCH_STMT),
 * where the values of the record's arguments may be computed after it
 * begins: they may use the scratch map's first entry, and keys the rest
 * of this one.
 */
int cg_stmt_record_begin(struct cg *g, int kind, int id, int size);
void cg_output_end(struct cg *g, int rec, int len, bool wakeup);
void cg_count_stat(struct cg *g, int slot);
/*
 * dst = the address in register ptr (a map value's) as an integer: a
 * copy of the pointer read back by a helper, which the verifier sees as
 * bytes, not as the pointer (on which it allows no arithmetic but
 * adding bounds).
 */
void cg_ptr_bits(struct cg *g, int dst, int ptr);
/*
 * Sets register r to the probe's index in the program's probe table:
 * the attach cookie where instances share the program, else a constant.
 */
void cg_probe_id(struct cg *g, int r);
/* Counts a record lost to a full buffer. */
void cg_count_lost(struct cg *g);
/* 0 when the first n bytes of strings a and b match (up to a NUL). */
int cg_strncmp(struct cg *g, const struct val *a, const struct val *b, int n);
int cg_error(struct cg *g, const struct node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
