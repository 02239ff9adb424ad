/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_COMPILE_H
#define FERRET_COMPILE_H

#include <stdbool.h>
#include <stdio.h>
#include "ir.h"
#include "../util.h"
#include "../lang/ast.h"
#include "../runtime/print.h"

struct probe_inst;

/*
 * A front end's rules for the format of a printf-like call (printf(),
 * system() ...) in place of bpftrace's: func is the call's name, fmt its
 * format (argument 0), args the types of its nargs value arguments.
 * Returns 0 when they suit, 1 to leave the call to bpftrace's rules, or
 * -EINVAL with the error text in err (len bytes) and in *at the argument
 * it is about (1: the first value, 0: the call).  The formats it accepts
 * are printed by the front end's printf_rec hook.
 */
typedef int (*compile_fmt_check_fn)(const char *func, const char *fmt,
				    const struct type *const *args, int nargs,
				    int *at, char *err, size_t len);

/* Options that change what the compiler accepts or generates. */
struct compile_opts {
	char **params;		/* positional parameters $1.. */
	int nparams;
	bool unsafe;		/* system() and signal() allowed */
	bool dtrace;		/* a D program: D's builtins are found */
	bool one_cpu;		/* D's -x cpu: event probes fire on cpu
				 * alone, BEGIN, END and ERROR run there */
	int cpu;
	int64_t cpid;		/* pid of the -c child, 0 if none */
	int pid;		/* -p: the process probes are limited to, or 0 */
	int strlen;		/* bytes of str() buffers (bpftrace's 64) */
	int map_keys_max;	/* entries per map */
	FILE *dump;		/* -d: AST, IR and BPF listings go here */
	bool dump_all;		/* -dd: the IR of every instance, not the first */
	int helper_check;	/* -k: 1 checks helpers but reads, -kk: 2 all */
	size_t ringbuf_size;	/* bytes, a power of two; 0: 1 MiB */
	bool ring_per_cpu;	/* MAP_RINGBUF is an array of ring buffers
				 * by CPU number, one per online CPU of
				 * ringbuf_size bytes each, and a record
				 * goes to its CPU's (ferret record) */
	bool interleave;	/* the reader takes records as they come: no
				 * REC_HELD (ferret strace orders by thread) */
	bool hold_runs;		/* every event run that sends records holds
				 * them till its REC_END, a run of one
				 * record site too: the front end weighs
				 * each run whole (D's buffer policies) */
	const char *array_map;	/* a map of integers that is a BPF array of
				 * array_size entries, keyed by a u32 index:
				 * its lookups cost an index, not a hash (a
				 * front end's table user space fills), or
				 * NULL */
	int array_size;
	bool mark_unread;	/* memory that cannot be read is marked, not
				 * zeros: a buf() has the length BUF_UNREAD,
				 * a str() the bytes STR_UNREAD */
	const char *wake_formats;	/* printf records whose format starts
				 * with one of these characters wake the
				 * reader at once, or NULL */
	int wake_busy;		/* bytes unread past which a reader that
				 * was woken is taken to be still reading,
				 * so that records do not wake it; 0:
				 * WAKE_BUSY_BYTES (see cg.c) */
	int split_insns;	/* with interleave, > 0: an event probe whose
				 * integer-only code passes this many IR
				 * instructions goes on in a program of its
				 * own, tail-called (see cg_probe()) */
	bool hist_sums;		/* hist() and lhist() also add each value to
				 * the key's PRINT_HIST_SUM bucket (for
				 * exporters, whose histograms have a sum) */
	int nspec;		/* D: speculations open at once (-x nspec),
				 * at most SPEC_MAX */
	size_t specsize;	/* D: bytes of records one speculation
				 * keeps (-x specsize); 0: no limit */
	int scratchsize;	/* D: bytes of scratch space a clause may
				 * allocate (-x scratchsize); 0: 256 */
	int pcapsize;		/* D: bytes of a packet pcap() takes
				 * (-x pcapsize); 0: 1514 */
	int stackframes;	/* D: frames of stack() without an argument
				 * (-x stackframes); 0: 20 */
	int ustackframes;	/* D: of ustack() (-x ustackframes); 0: 100 */
	int jstackframes;	/* D: of jstack() (-x jstackframes); 0: 50 */
	int maxframes;		/* D: the most frames any stack keeps (-x
				 * maxframes); 0: STACK_DEPTH */
	compile_fmt_check_fn fmt_check;	/* the front end's format rules,
				 * or NULL: bpftrace's */
	/*
	 * D: the declared type of the global or self-> variable name
	 * ("x", "self->x"), which a map of that name holds from the start
	 * (read before any assignment, it is zeros), or NULL where none is
	 * declared; strlen is the size of a string.  NULL: none declared.
	 */
	struct type *(*decl_type)(const char *name, int strlen);
	/*
	 * The entries map sym is made with (its key and value of key_size
	 * and value_size bytes), or 0 for map_keys_max; NULL: always that.
	 * D sizes its dynamic variables' maps from -x dynvarsize.
	 */
	int (*map_entries)(const struct symbol *sym, int key_size,
			   int value_size);
};

/* A BPF program to load; several probe instances may share one. */
struct cprog {
	int prog_type;
	int attach_type;	/* expected_attach_type, or 0 */
	int btf_id;		/* attach_btf_id: the traced function, or 0 */
	struct bpf_code code;
	char *name;		/* the first probe it serves */
	int fd;
	int tail;		/* its slot in MAP_TAILS when a probe's code
				 * goes on in it, or -1: attached */
};

/* An attachment: one probe instance and the program that serves it. */
struct cattach {
	struct probe_inst *pi;
	const struct node *clause;	/* the probe block it runs */
	int prog;		/* index into compiled.progs */
	uint64_t cookie;	/* the probe index, for bpf_get_attach_cookie */
	/*
	 * D: the clause runs in the program of an earlier attachment to
	 * the same probe (see compile.c), which alone is attached.
	 */
	bool rides;
};

/* Maps that every program has besides the script's. */
enum {
	MAP_RINGBUF,		/* output records */
	MAP_STATS,		/* per-CPU u64 counters, enum stat_slot */
	MAP_PIDS,		/* processes whose mappings user space has seen */
	MAP_SCRATCH,		/* per-CPU record assembly area, when needed;
				 * entry SCRATCH_STMT holds what the frame
				 * cannot spare (see cg.tight) */
	MAP_CONTROL,		/* CONTROL_SIZE bytes, see CONTROL_STOP */
	MAP_SKB,		/* perf event array of skboutput() packets */
	MAP_TAILS,		/* program array of the later parts of split
				 * probes (cprog.tail) */
	MAP_CARRY,		/* per-CPU: a split probe's variables, from one
				 * part to the next */
	MAP_SPEC,		/* D's speculations: one value of nspec + 1
				 * u64 slots (see SPEC_FREE) */
	MAP_DSCRATCH,		/* per-CPU: D's scratch space (alloca(),
				 * copyin()), dscratch_size bytes */
	MAP_DLOCALS,		/* D's this-> variables, from one clause of
				 * BEGIN, END or ERROR to the next: an area
				 * of dlocals_size bytes for each, in that
				 * order (see struct clocal) */
	MAP_DGLOBALS,		/* D's scalar globals, dglobals_size bytes:
				 * one map, not one each (a program may use
				 * at most 64 maps) */
	MAP_STACKS,		/* stack maps, one per depth a script uses, made
				 * only when used: MAP_STACKS + stack_depth index */
	MAP_NFIXED = MAP_STACKS + 8,
};

/*
 * MAP_SCRATCH's entry for a statement's map keys and records that the
 * frame cannot spare (scratch_stmt bytes).
 */
#define SCRATCH_STMT 1
/* The most a per-CPU map's value holds (the kernel's PCPU_MIN_UNIT_SIZE). */
#define SCRATCH_STMT_MAX 32768

/*
 * MAP_CONTROL's one value: at CONTROL_STOP a u64, nonzero once event
 * probes must stop (CONTROL_HELD while a D program's probes are being
 * attached); at CONTROL_WAKE_NS the ktime of the last record that
 * woke the reader; at CONTROL_HOT a u64 the reader sets while it polls
 * again within HOT_NS of its last batch (run.c), when records need not
 * wake it.
 */
#define CONTROL_STOP	0
#define CONTROL_HELD	2
#define CONTROL_WAKE_NS	8
#define CONTROL_HOT	16
#define CONTROL_SIZE	24
/* Records wake the reader at most once per this gap (see run.c). */
#define WAKE_GAP_NS	1000000
/* Unread bytes past which the reader is taken to be busy reading. */
#define WAKE_BUSY_BYTES	4096

/* Distinct stack depths (kstack(N), ustack(N)) one script may use. */
#define STACK_MAPS_MAX (MAP_NFIXED - MAP_STACKS)


/*
 * What skboutput() sends ahead of a packet's bytes: which file, how many
 * leading bytes to leave out, when (CLOCK_BOOTTIME), and how many bytes
 * were asked for (the sample's size is rounded up).
 */
struct skb_hdr {
	uint32_t file;
	uint32_t offset;
	uint64_t boot_ns;
	uint32_t len;
	uint32_t pad;
};

enum stat_slot {
	STAT_LOST,		/* ring buffer full: records dropped */
	STAT_MAP_FULL0,		/* + map id: updates refused */
};
/*
 * The slot after the maps' counts D's speculation() calls that found
 * every speculation in use.
 */
#define STAT_SPEC_UNAVAIL(c) (STAT_MAP_FULL0 + (c)->maps.n)

/*
 * MAP_SPEC's slot of speculation id (1..nspec) is a u64: SPEC_FREE or
 * SPEC_ACTIVE in the low byte, and above SPEC_GEN_SHIFT a generation,
 * counted up each time a speculation on the slot ends.  The programs
 * claim a free slot (speculation()) and end an active one (commit(),
 * discard()) with compare-and-exchange, so that of two CPUs one wins.
 * Speculative records, and the records of commits and discards, carry
 * the id and the low byte of the generation (REC_SPEC_SHIFT,
 * REC_GEN_SHIFT), which user space sorts them by (see spec.c).
 */
#define SPEC_FREE	0
#define SPEC_ACTIVE	1
#define SPEC_STATE_MASK	0xff
#define SPEC_GEN_SHIFT	8
#define SPEC_MAX	255

/* A helper call -k checks: where it is and which helper it calls. */
struct helper_site {
	const struct loc *loc;
	int helper;
};

/* A buf() length that says its memory could not be read (mark_unread). */
#define BUF_UNREAD UINT64_MAX
/*
 * A str() whose memory could not be read starts with these two bytes
 * (mark_unread): a string read has nothing after its NUL, and the
 * kernel zeroes the whole buffer of a failed read.
 */
#define STR_UNREAD "\0\377"
#define STR_UNREAD_BYTE 0xff

/*
 * A D clause-local variable's place in each area of MAP_DLOCALS.  BEGIN,
 * END and ERROR run their clauses one program at a time from user space
 * (a fault in one runs ERROR before the next starts, as in DTrace), and
 * from one thread, so one plain array carries this-> variables from one
 * of those programs to the next: an area for each probe, since ERROR
 * fires between two clauses of BEGIN or END.  The clauses of a kernel
 * event share a program instead (compile.c), and keep them in its frame.
 */
struct clocal {
	char *name;		/* "this->x" */
	int off;
	int size;		/* 8 for a value held in a register */
};

/* MAP_DLOCALS's areas: BEGIN's, END's, ERROR's (enum probe_when). */
#define DLOCALS_AREAS 3

/* The whole compiled script. */
struct compiled {
	const struct source *src;
	struct node *ast;
	struct vec maps;	/* struct symbol *; index = map id - MAP_NFIXED */
	struct vec fmts;	/* struct fmt_spec * */
	struct vec probes;	/* struct probe_inst *, index = probe id */
	struct vec progs;	/* struct cprog * */
	struct vec attach;	/* struct cattach * */
	/*
	 * attach's first attachment to each probe (provider, when, name),
	 * and progs by code, so that a wildcard's thousands of instances
	 * are not compared pairwise.
	 */
	struct hindex probe_index, prog_index;
	int nstats;		/* slots in MAP_STATS */
	int stack_depth[STACK_MAPS_MAX];	/* frames of each stack map */
	int nstack_maps;
	bool uses_pids;		/* MAP_PIDS is needed */
	bool uses_control;	/* MAP_CONTROL is needed: there are event probes */
	bool stops_target;	/* a program stops the traced process (SIGSTOP)
				 * until user space continues it */
	int scratch_size;	/* MAP_SCRATCH value bytes, 0: no such map */
	int scratch_stmt;	/* bytes of MAP_SCRATCH's SCRATCH_STMT entry
				 * in use, 0: none (the map then has one
				 * entry) */
	int ntails;		/* MAP_TAILS slots, 0: no such map */
	int carry_size;		/* MAP_CARRY value bytes, 0: no such map */
	bool uses_spec;		/* MAP_SPEC is needed (opts.nspec slots) */
	int dscratch_size;	/* MAP_DSCRATCH value bytes, 0: no such map */
	struct vec dlocals;	/* struct clocal *, by name */
	int dlocals_size;	/* bytes of each of MAP_DLOCALS's areas, 0:
				 * no such map */
	int dglobals_size;	/* MAP_DGLOBALS value bytes, 0: no such map */
	bool faults;		/* a D clause can stop at a fault (REC_FAULT) */
	bool exits;		/* a D clause calls exit() */
	bool null_strs;		/* a D string may hold NULL (STR_UNREAD's
				 * bytes): s[i] faults on one, as on
				 * address 0 */
	struct node *strtok_state;	/* D's strtok() state, per CPU (an
					 * N_MAP keyed by cpu), or NULL */
	bool destructive;	/* a builtin that changes the system is used
				 * (signal(), system(), D's raise() ...) */
	struct vec helper_sites;	/* struct helper_site *, by record id */
	struct vec pcaps;	/* char *: skboutput() files, by file id */
	size_t ringbuf_size;
	struct compile_opts opts;
};

/*
 * Parses nothing: takes a parsed program, checks and types it, expands its
 * probes and generates BPF.  Errors are reported located; returns 0 or a
 * negative errno.
 */
int compile_program(struct compiled *c, const struct source *src,
		    struct node *ast, const struct compile_opts *opts);
void compile_free(struct compiled *c);
/* c->opts from opts, with the defaults filled in. */
void compile_set_opts(struct compiled *c, const struct compile_opts *opts);
/*
 * The index of the stack map holding depth frames, made if new; -ENOSPC
 * when the script already uses STACK_MAPS_MAX other depths.
 */
int compile_stack_map(struct compiled *c, int depth);
/* The name listings use for map id. */
const char *compile_map_name(int map_id, void *compiled);

#endif
