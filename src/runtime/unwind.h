/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_UNWIND_H
#define FERRET_UNWIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * User stacks unwound in user space from a copy of the stack, with the
 * call frame information of each ELF file's .eh_frame: what perf's
 * --call-graph dwarf and strace -k do, for code built without frame
 * pointers.  x86-64 only.
 */

/* DWARF register numbers of x86-64 (System V psABI, figure 3.36). */
enum {
	UNW_RAX, UNW_RDX, UNW_RCX, UNW_RBX, UNW_RSI, UNW_RDI, UNW_RBP, UNW_RSP,
	UNW_R8, UNW_R9, UNW_R10, UNW_R11, UNW_R12, UNW_R13, UNW_R14, UNW_R15,
	UNW_RIP, UNW_NREGS
};

struct unw_regs {
	uint64_t r[UNW_NREGS];
	uint32_t known;		/* bit i: r[i] holds the register's value */
};

/* The registers of a struct pt_regs (asm/ptrace.h) of len bytes. */
void unw_regs_from_pt(struct unw_regs *r, const void *pt, size_t len);

/* A copy of len bytes of the thread's memory from address base. */
struct unw_mem {
	uint64_t base;
	const unsigned char *data;
	size_t len;
};

/* An ELF file's CFI, load segments, sections and symbols. */
struct unw_image;

/* A PT_LOAD program header. */
struct unw_seg {
	uint64_t vaddr, offset, filesz;
};

/* One entry of the file's symbol table, in the file's order. */
struct unw_sym {
	const char *name;
	uint64_t value, size;
	uint16_t shndx;
	uint8_t type, bind;
};

/*
 * Reads path.  NULL with errno set: from open(2), or ENOEXEC for a file
 * that is not a readable ELF file.
 */
struct unw_image *unw_image_open(const char *path);
void unw_image_close(struct unw_image *im);

/*
 * The symbol table libdw reads for an address: the file's .symtab, else
 * its .dynsym; *first_global the index of its first non-local symbol
 * (sh_info), 0 for a .dynsym read without one.  Entries 1..n-1.
 */
int unw_image_syms(const struct unw_image *im, const struct unw_sym **syms,
		   int *first_global);

/* The file's PT_LOAD headers. */
int unw_image_loads(const struct unw_image *im, const struct unw_seg **segs);
/* Its PT_INTERP (the dynamic loader), or NULL. */
const char *unw_image_interp(const struct unw_image *im);
/*
 * The virtual address of its program headers, which the kernel passes
 * loaded as AT_PHDR: that less this is the program's load bias.
 */
uint64_t unw_image_phdr(const struct unw_image *im);

/* The index of the section holding virtual address vaddr, or 0. */
int unw_image_section_of(const struct unw_image *im, uint64_t vaddr);

/*
 * The load bias of a mapping of the file that starts at map_start with
 * file offset map_pgoff: what is added to a virtual address of the file
 * to give the address in the process.  0 or -ENOENT.
 */
int unw_image_bias(const struct unw_image *im, uint64_t map_start,
		   uint64_t map_pgoff, uint64_t *bias);

/*
 * One step of the unwind: from the frame of r (r->r[UNW_RIP] in this
 * image, loaded at bias; activation: the frame is where the thread
 * stopped, not a caller waiting on a call, whose return address is one
 * past the call), the registers of its caller.  *signal_frame: the
 * caller was interrupted by a signal, so that its rip is an activation.
 * 1 on a step, 0 at the outermost frame (its return address undefined),
 * -ENOENT without CFI for the address, -EFAULT for memory outside m,
 * -EINVAL for CFI that cannot be read.
 */
int unw_step(const struct unw_image *im, uint64_t bias, bool activation,
	     struct unw_regs *r, const struct unw_mem *m, bool *signal_frame);

#endif
