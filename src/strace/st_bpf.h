/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_BPF_H
#define FERRET_ST_BPF_H

#include <stddef.h>
#include <stdint.h>

#include "../util.h"

/* The most instructions of a classic BPF program shown (the kernel's BPF_MAXINSNS). */
#define ST_BPF_MAXINSNS 4096
/* What a capture of a program's instructions reads: one past the most shown. */
#define ST_BPF_INSNS_BYTES ((ST_BPF_MAXINSNS + 1) * 8)

/* Whose program: what an instruction's constant means. */
enum st_bpf_owner {
	ST_BPF_SECCOMP,		/* return values are SECCOMP_RET_* actions */
	ST_BPF_SOCKET,		/* absolute loads may be SKF_*_OFF offsets */
};

/*
 * The len classic BPF instructions at addr, have bytes of which were
 * read into p, as strace prints them: [BPF_STMT(...), BPF_JUMP(...)],
 * "..." past ST_BPF_MAXINSNS, "... / * addr * /" where reading stopped,
 * and addr alone when not even the first could be read.
 */
void st_bpf_insns(struct buf *b, const unsigned char *p, size_t have, uint64_t addr,
		  unsigned len, enum st_bpf_owner owner);
/* One instruction (a struct sock_filter's 8 bytes at p), as st_bpf_insns() shows each. */
void st_bpf_insn(struct buf *b, const unsigned char *p, enum st_bpf_owner owner);

/*
 * An eBPF instruction's opcode as strace shows it: its class, then the
 * fields the class has (BPF_ALU64|BPF_K|BPF_MOV).
 */
void st_bpf_ebpf_code(struct buf *b, unsigned c);

#endif
