/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: counts per CPU, thread, core, die, socket or node. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stat_aggr.h"
#include "util.h"

static int sysfs_int(int cpu, const char *file)
{
	char path[128], *text;
	int v;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s",
		 cpu, file);
	text = util_read_file(path, NULL);
	if (!text)
		return -1;
	v = atoi(text);
	free(text);
	return v;
}

/* The node whose sysfs directory lists the CPU; 0 without NUMA. */
static int node_of(int cpu)
{
	DIR *d = opendir("/sys/devices/system/node");
	struct dirent *de;
	int node = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[300];

		if (strncmp(de->d_name, "node", 4) || de->d_name[4] < '0' ||
		    de->d_name[4] > '9')
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/node/%s/cpu%d",
			 de->d_name, cpu);
		if (!access(path, F_OK)) {
			node = atoi(de->d_name + 4);
			break;
		}
	}
	closedir(d);
	return node;
}

void stat_aggr_topology(int cpu, struct stat_id *id)
{
	id->cpu = cpu;
	id->socket = sysfs_int(cpu, "physical_package_id");
	id->die = sysfs_int(cpu, "die_id");
	/* Kernels without dies have one per socket. */
	if (id->die < 0)
		id->die = 0;
	id->core = sysfs_int(cpu, "core_id");
	id->node = node_of(cpu);
}

/* Orders aggregates by place, and says which slots fall in one. */
static int cmp_place(enum stat_aggr mode, const struct stat_id *a,
		     const struct stat_id *b)
{
	if (mode == STAT_AGGR_NODE)
		return a->node - b->node;
	if (a->socket != b->socket || mode == STAT_AGGR_SOCKET)
		return a->socket - b->socket;
	if (a->die != b->die || mode == STAT_AGGR_DIE)
		return a->die - b->die;
	return a->core - b->core;
}

/* The aggregates of the slots, sorted, and each slot's aggregate. */
static int places(const struct stat_evlist *l, enum stat_aggr mode,
		  struct stat_id **out, int *slot_aggr)
{
	struct stat_id *ids = NULL;
	int n = 0, i, j, k;

	for (i = 0; i < l->nids; i++) {
		struct stat_id id = { 0 };

		if (mode == STAT_AGGR_NONE || mode == STAT_AGGR_THREAD) {
			id.cpu = id.tid = l->ids[i];
			id.comm = l->comms ? l->comms[i] : "";
			id.nr = 1;
			ids = xrealloc(ids, (n + 1) * sizeof(*ids));
			ids[n] = id;
			slot_aggr[i] = n++;
			continue;
		}
		stat_aggr_topology(l->ids[i], &id);
		for (j = 0; j < n && cmp_place(mode, &ids[j], &id) < 0; j++)
			;
		if (j < n && !cmp_place(mode, &ids[j], &id)) {
			ids[j].nr++;
			slot_aggr[i] = j;
			continue;
		}
		ids = xrealloc(ids, (n + 1) * sizeof(*ids));
		memmove(ids + j + 1, ids + j, (n - j) * sizeof(*ids));
		id.nr = 1;
		ids[j] = id;
		/* Slots placed before shift with the aggregates after j. */
		for (k = 0; k < i; k++)
			if (slot_aggr[k] >= j)
				slot_aggr[k]++;
		slot_aggr[i] = j;
		n++;
	}
	*out = ids;
	return n;
}

/* e's count in aggregate a: its slots' readings, each scaled. */
static void sum(const struct stat_event *e, const int *slot_aggr, int a,
		bool delta, struct stat_line *line)
{
	int j;

	for (j = 0; j < e->nfds; j++) {
		struct stat_cnt c = e->cnt[j];

		if (slot_aggr[j] != a || e->fds == NULL)
			continue;
		if (delta) {
			c.val -= e->pcnt[j].val;
			c.ena -= e->pcnt[j].ena;
			c.run -= e->pcnt[j].run;
		}
		/* Counters the kernel multiplexed are scaled up, as perf's. */
		line->val += c.run && c.run < c.ena ?
			     (double)c.val * c.ena / c.run : (double)c.val;
		line->ena += c.ena;
		line->run += c.run;
	}
}

static void fill(struct stat_line *line, const struct stat_event *e,
		 const struct stat_id *id, int a, const int *slot_aggr,
		 bool delta)
{
	memset(line, 0, sizeof(*line));
	line->name = e->name;
	line->clock = e->clock;
	line->supported = e->supported;
	line->id = *id;
	line->group = a;
	/* perf counts one CPU in an aggregate whose event did not open. */
	if (!e->supported)
		line->id.nr = 1;
	if (e->supported && e->cnt)
		sum(e, slot_aggr, a, delta, line);
}

struct stat_line *stat_aggr_lines(const struct stat_evlist *l,
				  enum stat_aggr mode, bool delta, bool nonzero,
				  int *nlines)
{
	int *slot_aggr = xcalloc(l->nids ? l->nids : 1, sizeof(*slot_aggr));
	struct stat_id *ids = NULL;
	struct stat_line *lines;
	int na, i, a, k, n = 0;

	na = places(l, mode, &ids, slot_aggr);
	lines = xcalloc((size_t)(l->n ? l->n : 1) * (na ? na : 1), sizeof(*lines));
	if (mode == STAT_AGGR_NONE || mode == STAT_AGGR_THREAD) {
		for (i = 0; i < l->n; i++) {
			int first = n;

			for (a = 0; a < na; a++)
				fill(&lines[n++], &l->v[i], &ids[a], a, slot_aggr,
				     delta);
			if (mode != STAT_AGGR_THREAD)
				continue;
			/* Threads by count, highest first; ties keep their order. */
			for (a = first + 1; a < n; a++) {
				struct stat_line t = lines[a];

				for (k = a; k > first && lines[k - 1].val < t.val; k--)
					lines[k] = lines[k - 1];
				lines[k] = t;
			}
			/* Sorted, the threads that counted nothing come last. */
			while (nonzero && n > first && !lines[n - 1].val)
				n--;
		}
	} else {
		for (a = 0; a < na; a++)
			for (i = 0; i < l->n; i++)
				fill(&lines[n++], &l->v[i], &ids[a], a, slot_aggr,
				     delta);
	}
	free(ids);
	free(slot_aggr);
	*nlines = n;
	return lines;
}
