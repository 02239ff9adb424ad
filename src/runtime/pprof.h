/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PPROF_H
#define FERRET_PPROF_H

#include <stddef.h>
#include "../util.h"
#include "samples.h"

/*
 * Stack samples as a pprof profile (github.com/google/pprof,
 * proto/profile.proto), what go tool pprof, Pyroscope, Parca and
 * speedscope read.  The protobuf encoding is written by hand for the
 * messages and fields profile.proto's Profile needs here:
 *
 * - sample types samples/count and, when the rate is known,
 *   cpu/nanoseconds (count times the period), the default; period_type
 *   cpu/nanoseconds and period 1e9/HZ; time_nanos and duration_nanos
 *   when known;
 * - a location per sampled address (kernel and user frames alike), with
 *   its mapping and a line naming its function where a symbol names it,
 *   and the source file and line number where lines are given (see
 *   pprof_lines()), preceded by a line for each function inlined there;
 *   none for an address no symbol names, which readers show as hex;
 * - a mapping per mapped object with its range, file offset, file name
 *   ("[kernel.kallsyms]" for the kernel, as perf names it) and build id;
 *   has_functions where every location in it is named, has_filenames
 *   and has_line_numbers where every one has a line.  mapping[0], the
 *   main binary to readers, is the lowest file-backed user mapping of
 *   the process with the most samples;
 * - the key's other parts (the command name of ferret profile) as root
 *   frames, outermost, as folded stacks show them, so that a reader's
 *   flame graph is the folded one; and as string labels too, keyed by
 *   the names given; the process id as the numeric label "pid".
 *
 * A function is a name and a file: its id is shared by the lines of both.
 */

/* A function inlined at a location, at its line (file NULL: unknown). */
struct pprof_inline {
	const char *func;
	const char *file;
	int line;
};

/*
 * A location's source line: file NULL for none.  Where calls were
 * inlined at the location, inl[0..ninl) are the functions inlined,
 * innermost first, and file:line the line of the outermost call, in the
 * location's own function: the location gets a line for each, in that
 * order, as profile.proto lists a location's inlined functions.
 */
struct pprof_line {
	const char *file;
	int line;
	struct pprof_inline *inl;
	int ninl;
};

struct pprof_opts {
	const char *const *root_labels;	/* label keys of the roots */
	int nroot_labels;
	const struct pprof_line *lines;	/* by location of the samples, or
					 * NULL: none */
};

/*
 * The source lines of the user locations of s that a symbol names, read
 * from the DWARF line tables of their mappings' files, with the calls
 * inlined there (runtime/dwline.h), as pprof_opts.lines; *ctx keeps the
 * files the strings come from, for pprof_lines_free().  A return address
 * (a location never a leaf) is looked up one byte back, in the call
 * instruction.
 */
struct pprof_line *pprof_lines(const struct samples *s, void **ctx);
void pprof_lines_free(struct pprof_line *lines, void *ctx);

/* Appends s, encoded as an uncompressed Profile message, to out. */
void pprof_encode(const struct samples *s, const struct pprof_opts *o,
		  struct buf *out);

/* Appends p[0, len) gzipped to out.  0 or -errno (-ENOMEM, -EIO). */
int pprof_gzip(const void *p, size_t len, struct buf *out);

/* pprof_encode() then pprof_gzip(): a profile file.  0 or -errno. */
int pprof_write(const struct samples *s, const struct pprof_opts *o,
		struct buf *out);

#endif
