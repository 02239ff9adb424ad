/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_DT_PROBES_H
#define FERRET_DT_PROBES_H

#include <stddef.h>
#include <stdio.h>
#include "../builtins/dtrace.h"
#include "dlang/d_attr.h"

struct probe_inst;
struct vec;

/* A D probe description split into its four fields (never NULL). */
struct dt_desc {
	char *prov, *mod, *func, *name;
};

/*
 * Splits D description text ("syscall::read:entry", "BEGIN",
 * "read:entry") into d, filling from the name leftwards as DTrace does.
 * 0, or -EINVAL with a sentence in err.
 */
int dt_desc_parse(const char *text, struct dt_desc *d, char *err,
		  size_t errlen);
void dt_desc_free(struct dt_desc *d);

/*
 * The ferret probe specs (char *, appended to out) that D description d
 * stands for.  target is $target (-c or -p), or -1.  0, or -ENOENT /
 * -EINVAL / -EOPNOTSUPP with DTrace's sentence in err.
 */
int dt_desc_specs(const struct dt_desc *d, long target, struct vec *out,
		  char *err, size_t errlen);

/*
 * d_args_hook (dlang/d_parse.h): args[idx]'s D type at the probes that
 * descriptions descs name, where those are proc, sched, io or lockstat
 * probes, or rawtp and sdt probes with a string argument there.
 */
int dt_args_type(const char *const *descs, int ndescs, int idx,
		 const char **xlate, const char **ctype, char *err,
		 size_t errlen);

/* Fills p with pi's D name (strings owned by p; free with dt_probe_free). */
/* The syscall provider's function for syscall number nr ("" if none). */
const char *dt_syscall_func(unsigned nr);
/* Its inverse: the number of the syscall named func, or -1. */
long dt_syscall_nr(const char *func);
void dt_probe_name(const struct probe_inst *pi, struct bi_dtrace_probe *p);
void dt_probe_free(struct bi_dtrace_probe *p);

/*
 * The stability dtrace-utils gives description d (*desc), and what a
 * clause's probeprov, probemod, probefunc, probename and args take under
 * it (parts[0..4]): its provider's attributes, *desc lowered by each
 * component it names, or Unstable when it names no provider.  False,
 * with all Unstable, when it matches no probe, or several where its
 * provider's stable components are left open (dtrace's EDT_UNSTABLE).
 */
bool dt_desc_attr(const struct dt_desc *d, long target, struct d_attr *desc,
		  struct d_attr parts[5]);
/*
 * -e -v: a statement's description d as dtrace describes it, on f: its
 * fields, then (unless dt_desc_attr() finds no probe: -ENOENT) its
 * attributes, its arguments' and the argument types of the first probe
 * it matches.  0 or -ENOENT.
 */
int dt_desc_info(const struct dt_desc *d, long target, FILE *f);
/* An attribute block of -v and -lv: "\n\tTITLE\n" and its three lines. */
void dt_print_attr(FILE *f, const char *title, struct d_attr a);
/*
 * #pragma D attributes A provider PROV PART: component PART of provider
 * PROV has attributes a from here on (d_provider_attr_hook).  0;
 * -ENOENT for a provider ferret does not have, -EINVAL for a PART that
 * is none of provider, module, function, name and args.
 */
int dt_provider_attr(const char *prov, const char *part, struct d_attr a);

/* dtrace -l's heading: ID PROVIDER MODULE FUNCTION NAME. */
void dt_list_header(void);
/*
 * The description of the probe that dtrace -l numbers id
 * ("prov:mod:func:name", to free), or NULL if none has that number.
 */
char *dt_probe_by_id(long id);
/*
 * Lists the probes description text matches (NULL: all) as dtrace -l
 * does, under dt_list_header(), IDs counted from 1 in listing order.
 * verbose (-lv): each with its attributes and argument types.  0, or
 * -ENOENT after dtrace's "failed to match" (or -EINVAL after its error).
 */
int dt_list(const char *text, long target, bool verbose);

#endif
