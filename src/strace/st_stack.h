/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_STACK_H
#define FERRET_ST_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util.h"

/*
 * -k: a user stack per call, as strace -k prints it.  The BPF side sends
 * the thread's pt_regs ("U" records) and the pages of its stack from the
 * stack pointer's up ("u"); user space unwinds them with the .eh_frame
 * of each file mapped (runtime/unwind.c), placing addresses with each
 * process's /proc/PID/maps, and names them as libdw names them for
 * strace: the file's .symtab, else its .dynsym.
 */

/* Bytes of stack the kernel copies past the stack pointer's page. */
#define ST_STACK_BYTES (60 * 1024)
/* pt_regs bytes of a "U" record: r15 .. sp. */
#define ST_STACK_REGS 160

/* A stack as the kernel copied it. */
struct st_ustack {
	unsigned char regs[ST_STACK_REGS];
	unsigned char *mem;	/* from the stack pointer on */
	size_t len, cap;
	bool have;		/* regs arrived */
};

/* A "U" record: a new stack (regs of len bytes). */
void st_ustack_regs(struct st_ustack *u, const void *regs, size_t len);
/*
 * A "u" record: page k of the stack (0 the stack pointer's, from the
 * stack pointer), len bytes, or len < 0: unread.
 */
void st_ustack_page(struct st_ustack *u, int k, const void *page, int64_t len);
void st_ustack_free(struct st_ustack *u);

struct st_stack;

struct st_stack *st_stack_new(void);
void st_stack_free(struct st_stack *k);

/*
 * What a process's mappings are: read from /proc when a thread is first
 * seen, shared by a child made by fork or clone (which has its parent's
 * until it runs execve), and read again after an execve and whenever an
 * address falls outside them.
 */
void st_stack_seen(struct st_stack *k, int tid);
void st_stack_fork(struct st_stack *k, int parent, int child);
/*
 * tid's execve of path (resolved) returned; u: its stack then (argc,
 * argv, envp and the auxiliary vector from its stack pointer), which
 * places the program and its loader when /proc no longer can.
 */
void st_stack_exec(struct st_stack *k, int tid, const char *path,
		   const struct st_ustack *u);
void st_stack_mapped(struct st_stack *k, int tid);
void st_stack_gone(struct st_stack *k, int tid);
/* An mmap of path at start (len bytes, file offset pgoff); a munmap. */
void st_stack_map(struct st_stack *k, int tid, uint64_t start, uint64_t len,
		  uint64_t pgoff, const char *path);
void st_stack_unmap(struct st_stack *k, int tid, uint64_t start, uint64_t len);

/*
 * Appends tid's stack u, one " > " line a frame, as strace -k writes it.
 * queued: in the form of a stack strace takes at a call's entry and
 * prints later (execve, exit): a frame without a symbol reads
 * "FILE(+0x0)" there, "FILE()" otherwise.
 */
void st_stack_print(struct st_stack *k, int tid, const struct st_ustack *u,
		    bool queued, struct buf *b);

#endif
