/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_DWLINE_H
#define FERRET_DWLINE_H

/*
 * Source lines of a binary's code, from the DWARF line tables in its
 * .debug_line section (DWARF 2 to 5, 32- and 64-bit units, ELF64 little
 * endian): what an address was compiled from, as addr2line answers it.
 * A binary without that section (stripped, or built without -g) is
 * looked for in /usr/lib/debug/.build-id by its build id.  The
 * compilation's directory, which DWARF 4 and older leave to
 * .debug_info, and the calls inlined come from .debug_info (dwinfo.h),
 * from the file dwz shares among binaries where it moved them, and from
 * split DWARF's .dwo files.
 */

#include <stdint.h>

struct dwline;

/*
 * The line tables of the ELF file at path (build_id, lowercase hex, or
 * NULL, names a separate debug file to try).  NULL with errno set: no
 * such file (ENOENT), not an ELF64 file that can be read (ENOEXEC), or
 * no line tables in it or its debug file (ENODATA).
 */
struct dwline *dwline_open(const char *path, const char *build_id);

/*
 * The file name and line of the instruction at vaddr, an address of the
 * file as linked (its symbols' and program headers' addresses): 0, or
 * -ENOENT for code no line covers.  *file lives as long as d.
 */
int dwline_find(const struct dwline *d, uint64_t vaddr, const char **file,
		int *line);

/* The most frames dwline_frames() gives an instruction. */
#define DWLINE_MAX_FRAMES 32

/*
 * One function's frame at an instruction: func NULL for the function
 * around the rest (its symbol names it), file NULL where unknown.
 */
struct dwline_frame {
	const char *func;
	const char *file;
	int line;
};

/*
 * The frames of the instruction at vaddr, innermost first, as addr2line
 * -i gives them: where code was inlined, the function inlined at the
 * instruction's line, then each function it was inlined into at the
 * line of the call, the last one the function around them all (func
 * NULL).  Their count, 1 where nothing is inlined, at most max and
 * DWLINE_MAX_FRAMES + 1; -ENOENT for code no line covers.  The strings
 * live as long as d.
 */
int dwline_frames(const struct dwline *d, uint64_t vaddr,
		  struct dwline_frame *f, int max);

/*
 * The address as linked of the byte at offset off of the file, from its
 * PT_LOAD program headers: 0, or -ENOENT where none maps it.
 */
int dwline_vaddr(const struct dwline *d, uint64_t off, uint64_t *vaddr);

void dwline_close(struct dwline *d);

#endif
