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
 *   its mapping and a line naming its function where a symbol names it;
 *   none for an address no symbol names, which readers show as hex;
 * - a mapping per mapped object with its range, file offset, file name
 *   ("[kernel.kallsyms]" for the kernel, as perf names it) and build id;
 *   has_functions where every location in it is named.  mapping[0], the
 *   main binary to readers, is the lowest file-backed user mapping of
 *   the process with the most samples;
 * - the key's other parts (the command name of ferret profile) as root
 *   frames, outermost, as folded stacks show them, so that a reader's
 *   flame graph is the folded one; and as string labels too, keyed by
 *   the names given; the process id as the numeric label "pid".
 *
 * Functions carry no file name or line: ferret reads no debug lines.
 */

struct pprof_opts {
	const char *const *root_labels;	/* label keys of the roots */
	int nroot_labels;
};

/* Appends s, encoded as an uncompressed Profile message, to out. */
void pprof_encode(const struct samples *s, const struct pprof_opts *o,
		  struct buf *out);

/* Appends p[0, len) gzipped to out.  0 or -errno (-ENOMEM, -EIO). */
int pprof_gzip(const void *p, size_t len, struct buf *out);

/* pprof_encode() then pprof_gzip(): a profile file.  0 or -errno. */
int pprof_write(const struct samples *s, const struct pprof_opts *o,
		struct buf *out);

#endif
