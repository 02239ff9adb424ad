/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_SDT_H
#define FERRET_SDT_H

#include <stdbool.h>

/* One argument of a D probe, as DTrace declares it. */
struct sdt_arg {
	const char *dtype;	/* its D type: "psinfo_t *", "int", "string" */
	const char *ctype;	/* the C type of its value as the program
				 * reads it ("struct task_struct *"), which
				 * a translator to dtype takes; NULL for a
				 * user address read as a string */
	bool xlate;		/* dtype is a translator's output */
};

#define SDT_MAXARGS 4

/* A D probe's signature. */
struct sdt_sig {
	int nargs;
	struct sdt_arg args[SDT_MAXARGS];
};

/*
 * The signature of D probe prov:::name (proc, sched, io or lockstat), or NULL if
 * there is no such probe.  Whether this kernel can run it is
 * sdt_provider's to say: it lists and expands only those it can, and
 * refuses the others by name with the reason.
 */
const struct sdt_sig *sdt_signature(const char *prov, const char *name);

#endif
