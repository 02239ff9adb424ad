/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_REPORT_H
#define FERRET_REPORT_H

#include "../util.h"
#include "samples.h"

/*
 * Stack samples as the table "perf report --stdio" (perf 6.1) prints
 * for a recording without call graphs: each sample counts for its leaf
 * frame (the innermost kernel frame, else the innermost user frame),
 * and entries equal in the sort keys add up.
 *
 *	# <title>
 *	#
 *	#
 *	# Total Lost Samples: 0
 *	#
 *	# Samples: N  of event 'EVENT'		(above 1000: "1K of", "2M of")
 *	# Event count (approx.): N * PERIOD
 *	#
 *	# Overhead  Command  Shared Object      Symbol
 *	# ........  .......  .................  ..............
 *	#
 *	    72.80%  busy     busy               [.] busy_spin
 *	    26.90%  busy     [kernel.kallsyms]  [k] read_zero
 *	(two empty lines, then "#", "# (Tip: ...)", "#")
 *
 * Columns come in the order of the sort keys, each as wide as its
 * header or its widest value, two spaces apart, padded with spaces,
 * except a Symbol column at the end.  Overhead is "%7.2f%%" after two
 * spaces.  Command is the first of the key's other parts (the command
 * name of ferret profile), "[unknown]" if there is none; Shared Object
 * the file name of the leaf's mapping without its directory,
 * "[kernel.kallsyms]" for the kernel, "[unknown]" without a mapping;
 * Symbol "[k] " for kernel frames and "[.] " for user frames, then the
 * name, or the address as "0x" and 16 hex digits when no symbol names
 * it; Pid:Command (the key pid) the sample's process id as "%7d:" and
 * the command, under the header "    Pid:Command" (perf's is the
 * thread's id: a multi-threaded process's threads are one row here);
 * CPU (the key cpu) the CPU the sample was taken on as "%03d", under
 * the header "CPU", and "-001" for samples that do not say, as perf
 * prints a recording made without the CPU.
 * Rows go by overhead, largest first, ties by the sort keys'
 * values in byte order (a symbol by its name).  The sampling loses
 * nothing on the way to user space (the kernel counts in a map), hence
 * the 0 lost samples.
 */

enum report_key { REPORT_COMM, REPORT_DSO, REPORT_SYM, REPORT_PID, REPORT_CPU };

#define REPORT_MAX_KEYS 5

struct report_opts {
	enum report_key keys[REPORT_MAX_KEYS];
	int nkeys;		/* 0: comm,dso,sym, perf's default */
	const char *title;	/* the first header line; NULL: a default */
	const char *event;	/* NULL: "cpu-clock" */
	int cpu_root;		/* which of a sample's roots is its CPU
				 * (a decimal number); 0: none */
};

/* Whether o's keys include cpu. */
bool report_wants_cpu(const struct report_opts *o);

/*
 * Parses perf report's --sort list ("comm,dso", "sym", "pid", ...; a key given
 * twice counts once) into o.  0, or -EINVAL with *bad set to the first
 * unknown key (an allocated copy) or NULL for an empty list.
 */
int report_parse_sort(const char *spec, struct report_opts *o, char **bad);

/* Appends the table of s to out. */
void report_render(const struct samples *s, const struct report_opts *o,
		   struct buf *out);

#endif
