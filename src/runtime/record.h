/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RECORD_H
#define FERRET_RECORD_H

#include <stdint.h>

/*
 * Records the BPF programs send user space through the ring buffer.
 * Every record starts with struct rec_hdr; the payload that follows is
 * laid out by the compiler and described by the format table
 * (struct fmt_spec) that id names.
 */
enum rec_kind {
	REC_PRINTF = 1,	/* id: format; payload: arguments */
	REC_EXIT,	/* stop tracing */
	REC_PRINT_MAP,	/* id: map; payload: struct rec_print_map */
	REC_PRINT_VAL,	/* id: format (one argument: the value) */
	REC_CLEAR,	/* id: map */
	REC_ZERO,	/* id: map */
	REC_TIME,	/* id: format (the strftime string) */
	REC_SYSTEM,	/* id: format; payload: arguments */
	REC_CAT,	/* id: format; payload: arguments */
	REC_JOIN,	/* id: format (the separator); payload: struct rec_join */
	REC_PROC,	/* a process to symbolize later; payload: u64 pid */
	REC_HELPER_ERR,	/* -k: id: helper call site; payload: s64 error */
	REC_ARM,	/* id: an armed probe (probe_inst.arm); payload: u64
			 * address to attach it at */
	REC_UNWATCH,	/* unwatch(): payload: u64 address */
	REC_END,	/* the end of a run of an event program whose records
			 * were held (REC_HELD); no payload */
	REC_DPRINTA,	/* D's printa(): id: format ("" for none); payload:
			 * u32 count, then u32 map ids */
	REC_DAGGACT,	/* D's clear(), trunc(), normalize(), denormalize():
			 * id: map; payload: struct rec_daggact */
	REC_DSETOPT,	/* D's setopt(): id: format holding the option's
			 * name; payload: s32 format of its value, -1: none */
	REC_SPEC_COMMIT,	/* D's commit(): id: the speculation */
	REC_SPEC_DISCARD,	/* D's discard(): id: the speculation */
	REC_FAULT,	/* a D clause stopped at a fault: payload: struct
			 * rec_fault */
	REC_FREOPEN,	/* D's freopen(): id: format; payload: arguments */
	REC_DPRINT,	/* D's print(): id: format; payload: u64 address,
			 * then the bytes there (its one argument's buffer) */
	REC_FTRUNCATE,	/* D's ftruncate(): no payload */
	REC_PCAP,	/* D's pcap(): payload: u64 ktime ns, u64 link type,
			 * then a buffer (u64 length, the packet's bytes) */
};

/* What REC_DAGGACT does to its map. */
enum rec_daggop { DAGG_CLEAR, DAGG_TRUNC, DAGG_NORMALIZE, DAGG_DENORMALIZE };

struct rec_daggact {
	uint32_t op;		/* enum rec_daggop */
	uint32_t pad;
	int64_t value;		/* trunc's count, normalize's divisor */
};

/*
 * rec_hdr.kind: the kind in the low 16 bits.  REC_HELD marks a record of
 * an event program that can send more than one per run: user space keeps
 * it until that CPU's REC_END, so that what one run prints (a line made
 * of several printf() calls) is never cut by another CPU's records, as
 * with bpftrace's per-CPU buffers.  Both carry the CPU at REC_CPU_SHIFT.
 */
#define REC_KIND_MASK 0xffffu
/*
 * Within those 16 bits, a speculative record (D's speculate()) has its
 * speculation's id at REC_SPEC_SHIFT, and the low byte of the slot's
 * generation in the top byte of rec_hdr.id (REC_GEN_SHIFT): kinds and
 * ids of other records stay below both.
 */
#define REC_TYPE_MASK 0xffu
#define REC_SPEC_SHIFT 8
#define REC_SPEC_MASK 0xff00u
#define REC_GEN_SHIFT 24
#define REC_ID_MASK 0xffffffu
#define REC_CPU_SHIFT 16
#define REC_CPU_MASK 0x7fffu
#define REC_HELD 0x80000000u

struct rec_hdr {
	uint32_t kind;
	uint32_t id;
};

/*
 * A fault that stopped a clause (D): where (the probe's index, the
 * clause's index in the program, the BPF instruction), what (enum
 * rec_fault_kind) and the address or value at fault.
 */
struct rec_fault {
	uint64_t probe;
	uint64_t clause;
	uint64_t pc;
	uint64_t fault;
	uint64_t addr;
	/*
	 * The held records of the run that came before the faulting
	 * clause began, times 2 (bit 0 is another flag): those after them,
	 * up to this one, are the clause's, which DTrace drops with it.
	 * Counted as sent, so a record lost to a full buffer can leave one
	 * printed.
	 */
	uint64_t keep;
};

/* DTrace's fault codes (DTRACEFLT_*), as the ERROR probe's arg4 has them. */
enum rec_fault_kind {
	FAULT_UNKNOWN = 0,
	FAULT_BADADDR = 1,
	FAULT_BADALIGN = 2,
	FAULT_ILLOP = 3,
	FAULT_DIVZERO = 4,
	FAULT_NOSCRATCH = 5,
	FAULT_BADSIZE = 10,	/* the size at fault in addr */
	FAULT_BADINDEX = 11,	/* the index at fault in addr */
};

struct rec_print_map {
	uint64_t top;
	uint64_t div;
};

/* Frames a stack map entry holds (bpftrace's default depth, and the
 * kernel's default kernel.perf_event_max_stack). */
#define STACK_DEPTH 127

/* Processes whose mappings are captured for user symbols. */
#define PIDS_MAX 65536

/* join(): up to JOIN_ARGS strings read from a NULL-terminated array. */
#define JOIN_ARGS 16
#define JOIN_STRLEN 64

struct rec_join {
	uint64_t n;			/* strings present */
	char s[JOIN_ARGS][JOIN_STRLEN];
};

#endif
