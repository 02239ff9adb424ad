/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flowindent (dtrace -F): the label each record starts with becomes the
 * probe's function, indented by the depth of the entry and return
 * probes seen on its CPU, with dtrace(8)'s markers: "->" and "<-" at an
 * entry and a return ("=>" and "<=" for the syscall provider), "| "
 * and FUNC:NAME for any other probe.
 */
#ifndef FERRET_D_FLOW_H
#define FERRET_D_FLOW_H

#include <stdbool.h>
#include "../util.h"

/* The depth and the last record of one CPU. */
struct d_flow_cpu {
	int indent;
	bool any;		/* a record was seen */
	const void *clause;	/* its clause */
	const char *prov, *mod, *func, *name;	/* its probe */
};

struct d_flow {
	struct d_flow_cpu *cpus;
	unsigned ncpus;
};

/* The heading: "CPU FUNCTION", or "FUNCTION" alone without the CPU column. */
void d_flow_header(struct buf *out, bool cpu_column);

/*
 * The label of a record of clause (any pointer that tells clauses
 * apart) at probe prov:mod:func:name on cpu; the names must outlive f.
 * A record of another clause at the probe of the CPU's last record is
 * not indented again, as dtrace tells the clauses of one firing.
 */
void d_flow_label(struct d_flow *f, struct buf *out, unsigned cpu,
		  bool cpu_column, const void *clause, const char *prov,
		  const char *mod, const char *func, const char *name);

void d_flow_free(struct d_flow *f);

#endif
