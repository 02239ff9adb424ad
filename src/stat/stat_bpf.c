/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: probes counted in a BPF map. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "stat_bpf.h"
#include "runtime/run.h"

void stat_bpf_text(struct buf *b, const struct stat_evlist *l,
		   const struct stat_bpf_mode *m)
{
	char filter[64];
	int i, k = 0;

	/*
	 * The gate is an array slot, which the verifier turns into a load:
	 * a few instructions on a uprobe whose trap costs microseconds (a
	 * function called 100,000 times took as long gated as not, open or
	 * shut).  Detaching a disabled probe would spare the trap too, but
	 * "enable" would then wait for the probes to attach again before
	 * its ack (tens of milliseconds for one uprobe, a second for some
	 * hundred and forty), where perf's counters start at once.
	 * Without -D or --control there is no gate.
	 */
	if (m->gated)
		buf_printf(b, "BEGIN { %s[%d] = 0; }\n", STAT_BPF_GATES, l->nbpf);
	if (m->tree) {
		buf_printf(b, "tracepoint:sched:sched_process_fork /@p[(int64)tid]/ "
			   "{ @p[(int64)args->child_pid] = @p[(int64)tid]; }\n");
		/* A thread id used again later is another thread's. */
		buf_printf(b, "tracepoint:sched:sched_process_exit /@p[(int64)tid]/ "
			   "{ delete(@p[(int64)tid]); }\n");
	}
	for (i = 0; i < l->n; i++) {
		if (l->v[i].kind != STAT_BPF)
			continue;
		if (m->gated && m->tree)
			snprintf(filter, sizeof(filter), "/%s[%d] && @p[(int64)tid]/ ",
				 STAT_BPF_GATES, k);
		else if (m->gated)
			snprintf(filter, sizeof(filter), "/%s[%d]/ ", STAT_BPF_GATES, k);
		else
			snprintf(filter, sizeof(filter), "%s",
				 m->tree ? "/@p[(int64)tid]/ " : "");
		if (m->per_thread)
			buf_printf(b, "%s %s{ @c[%d, @p[(int64)tid]] = count(); }\n",
				   l->v[i].name, filter, k);
		else
			buf_printf(b, "%s %s{ @c[%d] = count(); }\n",
				   l->v[i].name, filter, k);
		k++;
	}
	buf_put(b, "", 1);
}

int stat_bpf_seed(struct runtime *rt, const struct stat_evlist *l)
{
	const struct map_info *m = run_map_named(rt, "@p");
	int j;

	if (!m)
		return -ENOENT;
	for (j = 0; j < l->nids; j++) {
		int64_t key = l->ids[j];

		/* A thread that ended meanwhile is not there to count. */
		if (bpf_map_update_elem(m->fd, &key, &key, BPF_ANY) && errno != ENOENT)
			return -errno;
	}
	return 0;
}

int stat_bpf_ngates(const struct stat_evlist *l)
{
	return l->nbpf + 1;
}

int stat_bpf_gate(struct runtime *rt, struct stat_evlist *l,
		  const struct stat_bpf_mode *m, int i, bool on, uint64_t now)
{
	const struct map_info *map = NULL;
	int j, k = -1, err = 0;

	if (m->gated) {
		map = run_map_named(rt, STAT_BPF_GATES);
		if (!map)
			return -ENOENT;
	}
	for (j = 0; j < l->n; j++) {
		struct stat_event *e = &l->v[j];
		uint32_t key;
		int64_t v = on;

		if (e->kind != STAT_BPF)
			continue;
		k++;
		if (i >= 0 && j != i && !(l->v[i].leader == i && e->leader == i))
			continue;
		key = (uint32_t)k;
		if (map && bpf_map_update_elem(map->fd, &key, &v, BPF_ANY)) {
			err = -errno;
			continue;
		}
		if (on && !e->open)
			e->open_since = now;
		if (!on && e->open)
			e->open_ns += now - e->open_since;
		e->open = on;
	}
	return err;
}

/* The map's values under key, one per possible CPU, into v (ncpu of them). */
static int values(int fd, const void *key, uint64_t *v, int ncpu)
{
	memset(v, 0, ncpu * sizeof(*v));
	return bpf_map_lookup_elem(fd, key, v) ? -errno : 0;
}

/* The event counted k-th in @c, or NULL. */
static struct stat_event *bpf_event(struct stat_evlist *l, int64_t k)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].kind == STAT_BPF && k-- == 0)
			return &l->v[i];
	return NULL;
}

/* The slot whose id is id, or -1. */
static int slot_of(const struct stat_evlist *l, int64_t id)
{
	int j;

	for (j = 0; j < l->nids; j++)
		if (l->ids[j] == id)
			return j;
	return -1;
}

int stat_bpf_read(struct runtime *rt, struct stat_evlist *l,
		  const struct stat_bpf_mode *m, uint64_t now)
{
	const struct map_info *map = run_map_named(rt, "@c");
	int ncpu = libbpf_num_possible_cpus(), i, j, c, r;
	int64_t key[2], next[2];
	struct bpf_map_info info;
	uint32_t len = sizeof(info);
	uint64_t *v;
	void *prev = NULL;

	if (!map)
		return -ENOENT;
	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(map->fd, &info, &len))
		return -errno;
	/* count()'s map: per CPU, 8 bytes a value, keyed by one or two int64s. */
	if (info.key_size != (m->per_thread ? 16 : 8) || info.value_size != 8 ||
	    info.type != BPF_MAP_TYPE_PERCPU_HASH || ncpu <= 0)
		return -EINVAL;
	for (i = 0; i < l->n; i++) {
		struct stat_event *e = &l->v[i];

		if (e->kind != STAT_BPF)
			continue;
		e->val = 0;
		e->run = e->ena = e->uncounted ? 0 : e->open_ns +
			(e->open && now > e->open_since ? now - e->open_since : 0);
		for (j = 0; j < e->nfds && e->cnt; j++) {
			e->cnt[j].val = 0;
			e->cnt[j].run = e->cnt[j].ena = e->run;
		}
	}
	v = xcalloc(ncpu, sizeof(*v));
	/* A probe that never fired has no key. */
	while (!(r = bpf_map_get_next_key(map->fd, prev, next))) {
		struct stat_event *e;
		uint64_t sum = 0;

		memcpy(key, next, info.key_size);
		prev = key;
		e = bpf_event(l, key[0]);
		if (!e || e->uncounted)
			continue;
		if (values(map->fd, key, v, ncpu))
			continue;	/* gone since (never, in this map) */
		if (m->per_cpu) {
			for (j = 0; j < l->nids; j++) {
				c = l->ids[j];
				if (c < 0 || c >= ncpu)
					continue;
				if (e->cnt && j < e->nfds)
					e->cnt[j].val += v[c];
				sum += v[c];
			}
		} else {
			for (c = 0; c < ncpu; c++)
				sum += v[c];
			j = m->per_thread ? slot_of(l, key[1]) : -1;
			if (j >= 0 && e->cnt && j < e->nfds)
				e->cnt[j].val += sum;
		}
		e->val += sum;
	}
	free(v);
	return r == -ENOENT ? 0 : r;
}
