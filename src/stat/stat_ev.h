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

/*
 * The perf_event_attr bits an event modifier (perf's ":ukhpPGHSDIWeb"
 * suffix) sets, and the state perf keeps while applying one.
 */
struct stat_mod {
	bool exclude_user, exclude_kernel, exclude_hv;
	bool exclude_host, exclude_guest, exclude_idle;
	bool gh;		/* G or H given: host and guest decided */
	bool pinned, exclusive;
	bool precise_max;	/* P: the highest precise_ip that opens */
	bool weak;		/* W: a group that fails opens as singles */
	unsigned precise;	/* precise_ip, from p's */
};

/* One counter's reading: the count, and its times enabled and running. */
struct stat_cnt {
	uint64_t val, ena, run;
};

struct stat_event {
	char *name;		/* as printed */
	enum stat_kind kind;
	uint32_t type;		/* STAT_PERF: perf_event_attr's type */
	uint64_t config;	/* and config */
	bool clock;		/* task-clock or cpu-clock */
	struct stat_mod mod;	/* STAT_PERF: the exclude_* and other bits */
	int leader;		/* in a group ({a,b}): its first event's
				 * index, which may be this one; or -1.  A
				 * group's perf counters are led in the
				 * kernel by its first STAT_PERF event */
	/*
	 * Counting state (stat_count.c, stat_bpf.c): a counter per slot of
	 * the list (fds[i] -1 where none opened), its last reading and the
	 * one an interval started at.
	 */
	int *fds;
	int nfds;
	struct stat_cnt *cnt, *pcnt;
	bool supported;		/* false once the kernel refused it */
	bool uncounted;		/* its group cannot count (a member the
				 * kernel refused): no reading */
	uint64_t val, run, ena;	/* the last reading */
	uint64_t pval, prun, pena;	/* the reading an interval started at */
	/*
	 * STAT_BPF: whether its probe counts (its gate, stat_bpf.c), since
	 * when, and for how long it counted before: its time counted.
	 */
	bool open;
	uint64_t open_since, open_ns;
	struct stat_acc acc;	/* the counts of -r's runs */
	struct stat_acc iacc;	/* -I with -r: the intervals' counts */
};

struct stat_evlist {
	struct stat_event *v;
	int n;
	int nbpf;		/* how many are STAT_BPF */
	/* What each counter slot counts: a CPU, or a thread (stat_count.c). */
	int *ids;
	int nids;
	char **comms;		/* a thread's name, per slot */
};

/*
 * Appends the events of list (comma-separated, as one -e takes them).
 * An event that does not exist is reported, as perf reports it, on
 * stderr: -EINVAL.
 */
int stat_ev_parse(struct stat_evlist *l, const char *list);

/*
 * Whether event i leads a group whose types perf calls mixed, and hints
 * at when the group counted nothing.
 */
bool stat_ev_mixed_group(const struct stat_evlist *l, int i);

/* perf stat's events when no -e is given. */
void stat_ev_default(struct stat_evlist *l);

void stat_ev_free(struct stat_evlist *l);

/*
 * Looks name up among the software, hardware and cache events by perf's
 * names: 0 and *type, *config set, or -ENOENT.  For tests too.
 */
int stat_ev_lookup(const char *name, uint32_t *type, uint64_t *config);

/*
 * Applies the modifier letters mod to *m as perf 6.1 applies them: *m
 * holds the bits so far (zeroed for an event's own modifier, the
 * event's for a group's).  The first of u, k and h excludes the other
 * two unless they are named too, the first of G and H likewise guest
 * and host; u and p exclude the guest unless G or H decided it.
 * -EINVAL for a letter that is not a modifier, one given twice (p
 * excepted), or more than three p.
 */
int stat_ev_modifier(const char *mod, struct stat_mod *m);

/* The bits of an event without a modifier: perf excludes the guest. */
void stat_ev_mod_default(struct stat_mod *m);

#endif
