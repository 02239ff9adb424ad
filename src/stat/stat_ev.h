/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_EV_H
#define FERRET_STAT_EV_H

/*
 * ferret stat's events: -e lists parsed into perf counters (software,
 * hardware and hardware cache events by perf's names, tracepoints by
 * CATEGORY:EVENT with globs in either part, expanded in tracefs's order
 * as perf expands them) and BPF-counted probes (any other probe type
 * ferret's language knows: uprobe:, usdt:, kprobe:..., expanded through
 * its providers' listings).
 */

#include <stdbool.h>
#include <stdint.h>

#include "stat_fmt.h"

enum stat_kind { STAT_PERF, STAT_BPF };

struct stat_event {
	char *name;		/* as printed */
	enum stat_kind kind;
	uint32_t type;		/* STAT_PERF: perf_event_attr's type */
	uint64_t config;	/* and config */
	bool clock;		/* task-clock or cpu-clock */
	/* Counting state (stat_count.c, stat_bpf.c). */
	int *fds;
	int nfds;
	bool supported;		/* false once the kernel refused it */
	uint64_t val, run, ena;	/* the last reading */
	uint64_t pval, prun, pena;	/* the reading an interval started at */
	struct stat_acc acc;	/* the counts of -r's runs */
};

struct stat_evlist {
	struct stat_event *v;
	int n;
	int nbpf;		/* how many are STAT_BPF */
};

/*
 * Appends the events of list (comma-separated, as one -e takes them).
 * An event that does not exist is reported, as perf reports it, on
 * stderr: -EINVAL.
 */
int stat_ev_parse(struct stat_evlist *l, const char *list);

/* perf stat's events when no -e is given. */
void stat_ev_default(struct stat_evlist *l);

void stat_ev_free(struct stat_evlist *l);

/*
 * Looks name up among the software, hardware and cache events by perf's
 * names: 0 and *type, *config set, or -ENOENT.  For tests too.
 */
int stat_ev_lookup(const char *name, uint32_t *type, uint64_t *config);

#endif
