/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the perf event requests (type '$'), as strace decodes
 * them: flags, values, descriptors, the filter string, the event's id,
 * the BPF programs attached, and a new struct perf_event_attr.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <linux/perf_event.h>

#include "st_ioctl.h"
#include "st_perf.h"
#include "st_region.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat flags[] = { X(PERF_IOC_FLAG_GROUP), END };

/* The u64 the argument points to, at entry or exit, as [N]. */
static void u64_ref(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit)
{
	uint64_t v;

	if (st_ioctl_umove(b, c, o, exit, &v, sizeof(v)))
		buf_printf(b, "[%llu]", (unsigned long long)v);
}

static void uint_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)idx;
	(void)arg;
	buf_printf(b, "%u", st_u32(e));
}

/*
 * struct perf_event_query_bpf: the room for ids the call was given at
 * entry; at exit, after a call that succeeded, how many programs there
 * are and their ids.
 */
static void query_bpf(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	enum { IDS = 8 };
	unsigned char q[ST_IOCTL_READ_MAX];
	uint32_t len, cnt;
	size_t want, got;

	if (!st_ioctl_umove(b, c, o, false, &len, sizeof(len)))
		return;
	buf_printf(b, "{ids_len=%u, ", len);
	if (st_call_failed(c) || st_ioctl_struct(c, true, q, IDS) < IDS) {
		buf_printf(b, "...}");
		return;
	}
	cnt = st_u32(q + 4);
	buf_printf(b, "prog_cnt=%u, ids=", cnt);
	/* The ids strace shows; one more tells whether the array goes on. */
	want = o->verbose ? cnt : cnt < (uint32_t)o->strsize ? cnt : (size_t)o->strsize;
	if (want > (sizeof(q) - IDS) / 4)
		want = (sizeof(q) - IDS) / 4;
	got = st_ioctl_struct(c, true, q, IDS + want * 4) - IDS;
	if (got == want * 4 && want < cnt)
		got = (want + 1) * 4;
	st_region_array(b, o, c->args[2] + IDS, cnt, 4, q + IDS, got, uint_elem, NULL);
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t v = c->args[2];
	unsigned char p[ST_IOCTL_READ];
	size_t n;

	switch ((unsigned)c->args[1]) {
	case PERF_EVENT_IOC_ENABLE:
	case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET:
		st_xlat_flags_dflt(b, flags, (uint32_t)v, "0", "PERF_IOC_FLAG_???");
		return true;
	case PERF_EVENT_IOC_REFRESH:
		buf_printf(b, "%d", (int)v);
		return true;
	case PERF_EVENT_IOC_PERIOD:
		u64_ref(b, c, o, false);
		return true;
	case PERF_EVENT_IOC_ID:
		u64_ref(b, c, o, true);
		return true;
	case PERF_EVENT_IOC_SET_OUTPUT:
	case PERF_EVENT_IOC_SET_BPF:
		st_decode_fd(b, c->tid, (int)v, o, NULL);
		return true;
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
		buf_printf(b, "%llu", (unsigned long long)v);
		return true;
	case PERF_EVENT_IOC_SET_FILTER:
		/* A string up to its NUL, of a page at most. */
		n = st_ioctl_arg_bytes(c, 2, false, p);
		st_region_str(b, o, v, 4096, ST_STR_NUL, p, n);
		return true;
	case PERF_EVENT_IOC_QUERY_BPF:
		query_bpf(b, c, o);
		return true;
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		n = st_ioctl_arg_bytes(c, 2, false, p);
		st_perf_attr(b, c, o, v, n ? p : NULL, n);
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_perf = { .type = '$', .decode = decode };
