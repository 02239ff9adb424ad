/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PROM_H
#define FERRET_PROM_H

#include "print.h"

/*
 * Maps in Prometheus' text exposition format (version 0.0.4), one metric
 * family per map, named ferret_ and the map's name ("@" is ferret_map):
 *
 *   count(), sum()       counter, the sample named ..._total
 *   integer values,      gauge
 *   min(), max()
 *   avg(), stats()       summary without quantiles: _sum and _count
 *   hist(), lhist()      histogram: cumulative _bucket{le=...}, _sum, _count
 *
 * hist()'s bucket [2^k, 2^(k+1)) ends at le="2^(k+1)-1" (integers), its
 * bucket of negative values at le="-1" and of zero at le="0"; its last
 * bucket, which bpftrace fills with every value from 2^31 up, and
 * lhist()'s bucket from max up count in le="+Inf" only.  A histogram's
 * sum is the map's PRINT_HIST_SUM slot (compile_opts.hist_sums); a map
 * read without one has no _sum sample.  Maps of other values (strings,
 * stacks, D's aggregations) are a comment line.
 *
 * Each part of the key is a label: labels[i] names part i, or key<i>
 * when NULL; the values are the parts as print() shows them.
 */
struct prom_map {
	const char *name;		/* "@reads", "@" */
	const struct symbol *sym;
	char *const *labels;		/* nlabels names, or NULL */
	int nlabels;
};

/* Appends map m, whose entries (print_read_map()) are e[0, n), to out. */
void prom_render(const struct rt_out *rt, const struct prom_map *m,
		 const struct print_entry *e, int n, struct buf *out);

/*
 * s made a valid label or metric name part: characters other than
 * [A-Za-z0-9_] become '_', and a leading digit gets a '_' before it.
 * Allocated.
 */
char *prom_name(const char *s);

#endif
