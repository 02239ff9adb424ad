/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: probes counted in a BPF map. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "stat_bpf.h"
#include "runtime/run.h"

void stat_bpf_text(struct buf *b, const struct stat_evlist *l, bool tree)
{
	int i, k = 0;

	if (tree)
		buf_printf(b, "tracepoint:sched:sched_process_fork /@p[(int64)pid]/ "
			   "{ @p[(int64)args->child_pid] = 1; }\n");
	for (i = 0; i < l->n; i++) {
		if (l->v[i].kind != STAT_BPF)
			continue;
		buf_printf(b, "%s %s{ @c[%d] = count(); }\n", l->v[i].name,
			   tree ? "/@p[(int64)pid]/ " : "", k);
		k++;
	}
	buf_put(b, "", 1);
}

int stat_bpf_seed(struct runtime *rt, pid_t pid)
{
	const struct map_info *m = run_map_named(rt, "@p");
	int64_t key = pid, one = 1;

	if (!m)
		return -ENOENT;
	if (bpf_map_update_elem(m->fd, &key, &one, BPF_ANY))
		return -errno;
	return 0;
}

/* The sum over CPUs of the 8-byte value under key in the map fd. */
static int sum_value(int fd, const struct bpf_map_info *info, const void *key,
		     uint64_t *sum)
{
	bool percpu = info->type == BPF_MAP_TYPE_PERCPU_HASH ||
		      info->type == BPF_MAP_TYPE_PERCPU_ARRAY ||
		      info->type == BPF_MAP_TYPE_LRU_PERCPU_HASH;
	int ncpu = percpu ? libbpf_num_possible_cpus() : 1;
	size_t stride = percpu ? ALIGN_UP((size_t)info->value_size, 8) :
			info->value_size;
	uint8_t *v;
	int c;

	if (ncpu <= 0)
		ncpu = 1;
	v = xcalloc(ncpu, stride);
	if (bpf_map_lookup_elem(fd, key, v)) {
		int err = -errno;

		free(v);
		return err;
	}
	*sum = 0;
	for (c = 0; c < ncpu; c++) {
		uint64_t x;

		memcpy(&x, v + c * stride, sizeof(x));
		*sum += x;
	}
	free(v);
	return 0;
}

int stat_bpf_read(struct runtime *rt, struct stat_evlist *l, uint64_t ns)
{
	const struct map_info *m = run_map_named(rt, "@c");
	struct bpf_map_info info;
	uint32_t len = sizeof(info);
	int i, k = 0;

	if (!m)
		return -ENOENT;
	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(m->fd, &info, &len))
		return -errno;
	if (info.key_size != 8 || info.value_size < 8)
		return -EINVAL;
	for (i = 0; i < l->n; i++) {
		struct stat_event *e = &l->v[i];
		int64_t key;
		uint64_t v = 0;

		if (e->kind != STAT_BPF)
			continue;
		key = k++;
		/* A probe that never fired has no key yet. */
		if (sum_value(m->fd, &info, &key, &v))
			v = 0;
		e->val = v;
		e->run = e->ena = ns;
	}
	return 0;
}
