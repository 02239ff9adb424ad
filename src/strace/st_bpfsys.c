/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the bpf(2) system call as strace 6.1 decodes it, the
 * union bpf_attr of each command as far as the size argument covers
 * it, and the bpf_map_info and bpf_prog_info BPF_OBJ_GET_INFO_BY_FD
 * writes.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/sysmacros.h>
#include <linux/bpf.h>

#include "st_bpf.h"
#include "st_bpfsys.h"
#include "st_fds.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat commands[] = {
	X(BPF_MAP_CREATE), X(BPF_MAP_LOOKUP_ELEM), X(BPF_MAP_UPDATE_ELEM),
	X(BPF_MAP_DELETE_ELEM), X(BPF_MAP_GET_NEXT_KEY), X(BPF_PROG_LOAD),
	X(BPF_OBJ_PIN), X(BPF_OBJ_GET), X(BPF_PROG_ATTACH), X(BPF_PROG_DETACH),
	X(BPF_PROG_TEST_RUN), X(BPF_PROG_GET_NEXT_ID), X(BPF_MAP_GET_NEXT_ID),
	X(BPF_PROG_GET_FD_BY_ID), X(BPF_MAP_GET_FD_BY_ID), X(BPF_OBJ_GET_INFO_BY_FD),
	X(BPF_PROG_QUERY), X(BPF_RAW_TRACEPOINT_OPEN), X(BPF_BTF_LOAD),
	X(BPF_BTF_GET_FD_BY_ID), X(BPF_TASK_FD_QUERY), X(BPF_MAP_LOOKUP_AND_DELETE_ELEM),
	X(BPF_MAP_FREEZE), X(BPF_BTF_GET_NEXT_ID), X(BPF_MAP_LOOKUP_BATCH),
	X(BPF_MAP_LOOKUP_AND_DELETE_BATCH), X(BPF_MAP_UPDATE_BATCH),
	X(BPF_MAP_DELETE_BATCH), X(BPF_LINK_CREATE), X(BPF_LINK_UPDATE),
	X(BPF_LINK_GET_FD_BY_ID), X(BPF_LINK_GET_NEXT_ID), X(BPF_ENABLE_STATS),
	X(BPF_ITER_CREATE), X(BPF_LINK_DETACH), X(BPF_PROG_BIND_MAP), END,
};

static const struct st_xlat map_types[] = {
	X(BPF_MAP_TYPE_UNSPEC), X(BPF_MAP_TYPE_HASH), X(BPF_MAP_TYPE_ARRAY),
	X(BPF_MAP_TYPE_PROG_ARRAY), X(BPF_MAP_TYPE_PERF_EVENT_ARRAY),
	X(BPF_MAP_TYPE_PERCPU_HASH), X(BPF_MAP_TYPE_PERCPU_ARRAY),
	X(BPF_MAP_TYPE_STACK_TRACE), X(BPF_MAP_TYPE_CGROUP_ARRAY),
	X(BPF_MAP_TYPE_LRU_HASH), X(BPF_MAP_TYPE_LRU_PERCPU_HASH),
	X(BPF_MAP_TYPE_LPM_TRIE), X(BPF_MAP_TYPE_ARRAY_OF_MAPS),
	X(BPF_MAP_TYPE_HASH_OF_MAPS), X(BPF_MAP_TYPE_DEVMAP), X(BPF_MAP_TYPE_SOCKMAP),
	X(BPF_MAP_TYPE_CPUMAP), X(BPF_MAP_TYPE_XSKMAP), X(BPF_MAP_TYPE_SOCKHASH),
	X(BPF_MAP_TYPE_CGROUP_STORAGE), X(BPF_MAP_TYPE_REUSEPORT_SOCKARRAY),
	X(BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE), X(BPF_MAP_TYPE_QUEUE),
	X(BPF_MAP_TYPE_STACK), X(BPF_MAP_TYPE_SK_STORAGE), X(BPF_MAP_TYPE_DEVMAP_HASH),
	X(BPF_MAP_TYPE_STRUCT_OPS), X(BPF_MAP_TYPE_RINGBUF), X(BPF_MAP_TYPE_INODE_STORAGE),
	X(BPF_MAP_TYPE_TASK_STORAGE), X(BPF_MAP_TYPE_BLOOM_FILTER),
	X(BPF_MAP_TYPE_USER_RINGBUF), END,
};

static const struct st_xlat map_flags[] = {
	X(BPF_F_NO_PREALLOC), X(BPF_F_NO_COMMON_LRU), X(BPF_F_NUMA_NODE),
	X(BPF_F_RDONLY), X(BPF_F_WRONLY), X(BPF_F_STACK_BUILD_ID), X(BPF_F_ZERO_SEED),
	X(BPF_F_RDONLY_PROG), X(BPF_F_WRONLY_PROG), X(BPF_F_CLONE), X(BPF_F_MMAPABLE),
	X(BPF_F_PRESERVE_ELEMS), X(BPF_F_INNER_MAP), END,
};

static const struct st_xlat prog_types[] = {
	X(BPF_PROG_TYPE_UNSPEC), X(BPF_PROG_TYPE_SOCKET_FILTER), X(BPF_PROG_TYPE_KPROBE),
	X(BPF_PROG_TYPE_SCHED_CLS), X(BPF_PROG_TYPE_SCHED_ACT), X(BPF_PROG_TYPE_TRACEPOINT),
	X(BPF_PROG_TYPE_XDP), X(BPF_PROG_TYPE_PERF_EVENT), X(BPF_PROG_TYPE_CGROUP_SKB),
	X(BPF_PROG_TYPE_CGROUP_SOCK), X(BPF_PROG_TYPE_LWT_IN), X(BPF_PROG_TYPE_LWT_OUT),
	X(BPF_PROG_TYPE_LWT_XMIT), X(BPF_PROG_TYPE_SOCK_OPS), X(BPF_PROG_TYPE_SK_SKB),
	X(BPF_PROG_TYPE_CGROUP_DEVICE), X(BPF_PROG_TYPE_SK_MSG),
	X(BPF_PROG_TYPE_RAW_TRACEPOINT), X(BPF_PROG_TYPE_CGROUP_SOCK_ADDR),
	X(BPF_PROG_TYPE_LWT_SEG6LOCAL), X(BPF_PROG_TYPE_LIRC_MODE2),
	X(BPF_PROG_TYPE_SK_REUSEPORT), X(BPF_PROG_TYPE_FLOW_DISSECTOR),
	X(BPF_PROG_TYPE_CGROUP_SYSCTL), X(BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE),
	X(BPF_PROG_TYPE_CGROUP_SOCKOPT), X(BPF_PROG_TYPE_TRACING),
	X(BPF_PROG_TYPE_STRUCT_OPS), X(BPF_PROG_TYPE_EXT), X(BPF_PROG_TYPE_LSM),
	X(BPF_PROG_TYPE_SK_LOOKUP), X(BPF_PROG_TYPE_SYSCALL), END,
};

static const struct st_xlat prog_flags[] = {
	X(BPF_F_STRICT_ALIGNMENT), X(BPF_F_ANY_ALIGNMENT), X(BPF_F_TEST_RND_HI32),
	X(BPF_F_TEST_STATE_FREQ), X(BPF_F_SLEEPABLE), END,
};

static const struct st_xlat lookup_flags[] = { X(BPF_ANY), X(BPF_F_LOCK), END };

static const struct st_xlat update_flags[] = {
	X(BPF_ANY), X(BPF_NOEXIST), X(BPF_EXIST), X(BPF_F_LOCK), END,
};

static const struct st_xlat attach_types[] = {
	X(BPF_CGROUP_INET_INGRESS), X(BPF_CGROUP_INET_EGRESS),
	X(BPF_CGROUP_INET_SOCK_CREATE), X(BPF_CGROUP_SOCK_OPS),
	X(BPF_SK_SKB_STREAM_PARSER), X(BPF_SK_SKB_STREAM_VERDICT), X(BPF_CGROUP_DEVICE),
	X(BPF_SK_MSG_VERDICT), X(BPF_CGROUP_INET4_BIND), X(BPF_CGROUP_INET6_BIND),
	X(BPF_CGROUP_INET4_CONNECT), X(BPF_CGROUP_INET6_CONNECT),
	X(BPF_CGROUP_INET4_POST_BIND), X(BPF_CGROUP_INET6_POST_BIND),
	X(BPF_CGROUP_UDP4_SENDMSG), X(BPF_CGROUP_UDP6_SENDMSG), X(BPF_LIRC_MODE2),
	X(BPF_FLOW_DISSECTOR), X(BPF_CGROUP_SYSCTL), X(BPF_CGROUP_UDP4_RECVMSG),
	X(BPF_CGROUP_UDP6_RECVMSG), X(BPF_CGROUP_GETSOCKOPT), X(BPF_CGROUP_SETSOCKOPT),
	X(BPF_TRACE_RAW_TP), X(BPF_TRACE_FENTRY), X(BPF_TRACE_FEXIT),
	X(BPF_MODIFY_RETURN), X(BPF_LSM_MAC), X(BPF_TRACE_ITER),
	X(BPF_CGROUP_INET4_GETPEERNAME), X(BPF_CGROUP_INET6_GETPEERNAME),
	X(BPF_CGROUP_INET4_GETSOCKNAME), X(BPF_CGROUP_INET6_GETSOCKNAME),
	X(BPF_XDP_DEVMAP), X(BPF_CGROUP_INET_SOCK_RELEASE), X(BPF_XDP_CPUMAP),
	X(BPF_SK_LOOKUP), X(BPF_XDP), X(BPF_SK_SKB_VERDICT), X(BPF_SK_REUSEPORT_SELECT),
	X(BPF_SK_REUSEPORT_SELECT_OR_MIGRATE), X(BPF_PERF_EVENT),
	X(BPF_TRACE_KPROBE_MULTI), X(BPF_LSM_CGROUP), END,
};

static const struct st_xlat attach_flags[] = {
	X(BPF_F_ALLOW_OVERRIDE), X(BPF_F_ALLOW_MULTI), X(BPF_F_REPLACE), END,
};

static const struct st_xlat query_flags[] = { X(BPF_F_QUERY_EFFECTIVE), END };

static const struct st_xlat fd_types[] = {
	X(BPF_FD_TYPE_RAW_TRACEPOINT), X(BPF_FD_TYPE_TRACEPOINT), X(BPF_FD_TYPE_KPROBE),
	X(BPF_FD_TYPE_KRETPROBE), X(BPF_FD_TYPE_UPROBE), X(BPF_FD_TYPE_URETPROBE), END,
};

static const struct st_xlat test_run_flags[] = {
	X(BPF_F_TEST_RUN_ON_CPU), X(BPF_F_TEST_XDP_LIVE_FRAMES), END,
};

static const struct st_xlat file_flags[] = { X(BPF_F_RDONLY), X(BPF_F_WRONLY), END };

static const struct st_xlat kprobe_multi_flags[] = { X(BPF_F_KPROBE_MULTI_RETURN), END };

static const struct st_xlat regs[] = {
	X(BPF_REG_0), X(BPF_REG_1), X(BPF_REG_2), X(BPF_REG_3), X(BPF_REG_4),
	X(BPF_REG_5), X(BPF_REG_6), X(BPF_REG_7), X(BPF_REG_8), X(BPF_REG_9),
	X(BPF_REG_10), END,
};

/*
 * The size of each command's part of union bpf_attr as strace 6.1 knows
 * it: bytes past it that are not zero show as extra data.
 */
static const unsigned attr_sizes[] = {
	[BPF_MAP_CREATE] = 72, [BPF_MAP_LOOKUP_ELEM] = 32, [BPF_MAP_UPDATE_ELEM] = 32,
	[BPF_MAP_DELETE_ELEM] = 16, [BPF_MAP_GET_NEXT_KEY] = 24, [BPF_PROG_LOAD] = 128,
	[BPF_OBJ_PIN] = 16, [BPF_OBJ_GET] = 16, [BPF_PROG_ATTACH] = 20,
	[BPF_PROG_DETACH] = 12, [BPF_PROG_TEST_RUN] = 76, [BPF_PROG_GET_NEXT_ID] = 12,
	[BPF_MAP_GET_NEXT_ID] = 12, [BPF_PROG_GET_FD_BY_ID] = 12,
	[BPF_MAP_GET_FD_BY_ID] = 12, [BPF_OBJ_GET_INFO_BY_FD] = 16, [BPF_PROG_QUERY] = 28,
	[BPF_RAW_TRACEPOINT_OPEN] = 12, [BPF_BTF_LOAD] = 28, [BPF_BTF_GET_FD_BY_ID] = 4,
	[BPF_TASK_FD_QUERY] = 48, [BPF_MAP_LOOKUP_AND_DELETE_ELEM] = 32,
	[BPF_MAP_FREEZE] = 4, [BPF_BTF_GET_NEXT_ID] = 12, [BPF_MAP_LOOKUP_BATCH] = 56,
	[BPF_MAP_LOOKUP_AND_DELETE_BATCH] = 56, [BPF_MAP_UPDATE_BATCH] = 56,
	[BPF_MAP_DELETE_BATCH] = 56, [BPF_LINK_CREATE] = 48, [BPF_LINK_UPDATE] = 16,
	[BPF_LINK_GET_FD_BY_ID] = 4, [BPF_LINK_GET_NEXT_ID] = 12,
};
/* The info structs as strace 6.1 knows them. */
#define MAP_INFO_SIZE 88
#define PROG_INFO_SIZE 220
/* strace's limits: BPF_MAXINSNS instructions, a raw tracepoint's name. */
#define MAXINSNS 4096
#define TP_NAME_SIZE 128

#define ATTR(f) offsetof(union bpf_attr, f)
#define PINFO(f) offsetof(struct bpf_prog_info, f)
#define MINFO(f) offsetof(struct bpf_map_info, f)

/* Commands whose attr strace reads again at exit. */
static bool read_at_exit(unsigned cmd)
{
	switch (cmd) {
	case BPF_PROG_GET_NEXT_ID: case BPF_MAP_GET_NEXT_ID: case BPF_BTF_GET_NEXT_ID:
	case BPF_LINK_GET_NEXT_ID: case BPF_OBJ_GET_INFO_BY_FD: case BPF_PROG_QUERY:
	case BPF_TASK_FD_QUERY: case BPF_MAP_LOOKUP_BATCH:
	case BPF_MAP_LOOKUP_AND_DELETE_BATCH: case BPF_MAP_UPDATE_BATCH:
	case BPF_MAP_DELETE_BATCH:
		return true;
	}
	return false;
}

/* Commands strace decodes (the others' attr is an address). */
static bool decoded(unsigned cmd)
{
	return cmd < ARRAY_SIZE(attr_sizes) && attr_sizes[cmd];
}

/*
 * Records first, first + 1, ... of letter l, argument 1: the pages that
 * hold the len bytes (an expression; max at most) at the address in $w,
 * whole from $w's page on, so that one that cannot be read loses only
 * itself.
 */
static void pages(struct buf *b, char l, const char *len, int max, int first)
{
	int k, n = (max + 4095) / 4096 + 1;

	buf_printf(b, "$o = $w & 0xfff; $q = $w - $o; $r = %s; if ($r > %d) { $r = %d; } ",
		   len, max, max);
	for (k = 0; k < n; k++) {
		if (k)
			buf_printf(b, "if ($o + $r > %d) { ", 4096 * k);
		buf_printf(b, "printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($q + %d, 4096)); ",
			   l, first + k, 4096 * k);
		if (k)
			buf_printf(b, "} ");
	}
}

/* A string of at most n - 1 bytes at $w in record idx. */
static void str_rec(struct buf *b, char l, int idx, const char *n)
{
	buf_printf(b, "if ($w) { printf(\"c%c1 %%d %%d %%s\", $t, %d, str($w, %s)); } ", l, idx, n);
}

/* As many elements an array shows: -s of them and one more, all under -v. */
static int arr_max(const struct st_opts *o)
{
	return o->verbose || o->strsize + 1 > ST_BPFSYS_ARR_MAX ? ST_BPFSYS_ARR_MAX :
	       o->strsize + 1;
}

static void entry_capture(struct buf *b, const struct st_opts *o, char l)
{
	int s = o->strsize, k;
	char n[32];

	/* BPF_PROG_LOAD: the license, the log buffer, the instructions (-v). */
	buf_printf(b, "if ($c == %d) { if ($z >= %zu) { $w = *($a + %zu); ",
		   BPF_PROG_LOAD, ATTR(license) + 8, ATTR(license));
	snprintf(n, sizeof(n), "%d", s + 2);
	str_rec(b, l, ST_BPFSYS_IDX_STR, n);
	buf_printf(b, "} if ($z >= %zu) { $w = *($a + %zu); $m = *(uint32 *)($a + %zu); "
		   "if ($m > %d) { $m = %d; } if ($m) { ",
		   ATTR(log_buf) + 8, ATTR(log_buf), ATTR(log_size), s + 1, s + 1);
	str_rec(b, l, ST_BPFSYS_IDX_STR2, "$m + 1");
	buf_printf(b, "} } ");
	if (o->verbose) {
		buf_printf(b, "if ($z >= %zu) { $w = *($a + %zu); $m = *(uint32 *)($a + %zu); "
			   "if ($w && $m) { ", ATTR(insns) + 8, ATTR(insns), ATTR(insn_cnt));
		pages(b, l, "$m * 8", (MAXINSNS + 1) * 8, ST_BPFSYS_IDX_ARR0);
		buf_printf(b, "} } ");
	}
	buf_printf(b, "} ");
	/* BPF_OBJ_PIN, BPF_OBJ_GET: the path. */
	buf_printf(b, "if (($c == %d || $c == %d) && $z >= 8) { $w = *($a); ",
		   BPF_OBJ_PIN, BPF_OBJ_GET);
	str_rec(b, l, ST_BPFSYS_IDX_STR, "4096");
	buf_printf(b, "} ");
	/* BPF_RAW_TRACEPOINT_OPEN: the name. */
	buf_printf(b, "if ($c == %d && $z >= 8) { $w = *($a); ", BPF_RAW_TRACEPOINT_OPEN);
	snprintf(n, sizeof(n), "%d", (s + 1 < TP_NAME_SIZE ? s + 1 : TP_NAME_SIZE) + 1);
	str_rec(b, l, ST_BPFSYS_IDX_STR, n);
	buf_printf(b, "} ");
	/* BPF_BTF_LOAD: btf_size bytes, -s + 1 at most. */
	buf_printf(b, "if ($c == %d && $z >= 8) { $w = *($a); $m = 0; "
		   "if ($z >= %zu) { $m = *(uint32 *)($a + %zu); } if ($m > %d) { $m = %d; } "
		   "if ($w && $m) { printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($w, $m)); } } ",
		   BPF_BTF_LOAD, ATTR(btf_size) + 4, ATTR(btf_size), s + 1, s + 1,
		   l, ST_BPFSYS_IDX_STR);
	/* BPF_OBJ_GET_INFO_BY_FD (-v): the info as the call found it. */
	if (o->verbose)
		buf_printf(b, "if ($c == %d && $z >= 16) { $w = *($a + 8); $m = *(uint32 *)($a + 4); "
			   "if ($w && $m > 0 && $m <= 4096) { "
			   "printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($w, $m)); } } ",
			   BPF_OBJ_GET_INFO_BY_FD, l, ST_BPFSYS_IDX_STR);
	/* BPF_LINK_CREATE: BPF_TRACE_ITER's iter_info, kprobe_multi's arrays. */
	buf_printf(b, "if ($c == %d && $z > 16) { $e = *(uint32 *)($a + 8); "
		   "if ($e == %d) { $w = *($a + 16); $m = 0; if ($z >= 28) { $m = *(uint32 *)($a + 24); } "
		   "if ($w && $m) { ", BPF_LINK_CREATE, BPF_TRACE_ITER);
	snprintf(n, sizeof(n), "$m * 4");
	pages(b, l, n, arr_max(o) * 4, ST_BPFSYS_IDX_ARR0);
	buf_printf(b, "} } if ($e == %d) { $m = 0; if ($z >= 24) { $m = *(uint32 *)($a + 20); } "
		   "if ($m > %d) { $m = %d; } $h = $m; ",
		   BPF_TRACE_KPROBE_MULTI, arr_max(o), arr_max(o));
	for (k = 0; k < 3; k++) {
		buf_printf(b, "$w = 0; if ($z >= %d) { $w = *($a + %d); } if ($w && $m) { ",
			   32 + 8 * k, 24 + 8 * k);
		pages(b, l, "$m * 8", arr_max(o) * 8, ST_BPFSYS_IDX_ARR0 + 16 * k);
		buf_printf(b, "} ");
	}
	/* The first symbols' strings. */
	buf_printf(b, "$v = 0; if ($z >= 32) { $v = *($a + 24); } if ($v) { ");
	snprintf(n, sizeof(n), "%d", s + 2);
	for (k = 0; k < ST_BPFSYS_SYMS; k++) {
		buf_printf(b, "if ($h > %d) { $w = *($v + %d); ", k, 8 * k);
		str_rec(b, l, ST_BPFSYS_IDX_BYTES + k, n);
		buf_printf(b, "} ");
	}
	buf_printf(b, "} } } ");
}

static void exit_capture(struct buf *b, const struct st_opts *o, char l)
{
	int s = o->strsize;

	/* BPF_OBJ_GET_INFO_BY_FD (-v): the info, and what bpf_prog_info's fields point to. */
	if (o->verbose) {
		buf_printf(b, "if ($c == %d && $z >= 16) { $p = *($a + 8); $m = *(uint32 *)($a + 4); "
			   "if ($p && $m > 0 && $m <= 4096) { "
			   "printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($p, $m)); ",
			   BPF_OBJ_GET_INFO_BY_FD, l, ST_BPFSYS_IDX_STR);
		buf_printf(b, "if ($m >= %zu) { $w = *($p + %zu); $h = *(uint32 *)($p + %zu); "
			   "if ($h > %d) { $h = %d; } if ($w && $h) { "
			   "printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($w, $h * 4)); } } ",
			   PINFO(map_ids) + 8, PINFO(map_ids), PINFO(nr_map_ids),
			   ST_BPFSYS_ARR_MAX, ST_BPFSYS_ARR_MAX, l, ST_BPFSYS_IDX_STR2);
		buf_printf(b, "if ($m >= %zu) { $w = *($p + %zu); $h = *(uint32 *)($p + %zu); "
			   "if ($h > %d) { $h = %d; } if ($w && $h) { "
			   "printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($w, $h)); } ",
			   PINFO(xlated_prog_insns) + 8, PINFO(jited_prog_insns),
			   PINFO(jited_prog_len), s + 1, s + 1, l, ST_BPFSYS_IDX_BYTES);
		buf_printf(b, "$w = *($p + %zu); $h = *(uint32 *)($p + %zu); if ($w && $h) { ",
			   PINFO(xlated_prog_insns), PINFO(xlated_prog_len));
		pages(b, l, "$h", (MAXINSNS + 1) * 8, ST_BPFSYS_IDX_ARR0);
		buf_printf(b, "} } } } ");
	}
	/* BPF_PROG_QUERY: the ids written. */
	buf_printf(b, "if ($c == %d && $z >= 28) { $w = *($a + 16); $m = *(uint32 *)($a + 24); "
		   "if ($w && $m) { ", BPF_PROG_QUERY);
	pages(b, l, "$m * 4", arr_max(o) * 4, ST_BPFSYS_IDX_ARR0);
	buf_printf(b, "} } ");
	/* BPF_TASK_FD_QUERY: the name written. */
	buf_printf(b, "if ($c == %d && $z >= 24) { $w = *($a + 16); $m = *(uint32 *)($a + 12); "
		   "if ($m > %d) { $m = %d; } if ($m) { ", BPF_TASK_FD_QUERY, s + 1, s + 1);
	str_rec(b, l, ST_BPFSYS_IDX_STR, "$m + 1");
	buf_printf(b, "} } ");
}

/*
 * BPF_PROG_LOAD's license and instructions (-v) again at exit, for when
 * their pages had not been touched at entry (a program's read-only
 * data): the call has read them since.
 */
static void load_again(struct buf *b, const struct st_opts *o, char l)
{
	char n[32];

	buf_printf(b, "if ($c == %d) { if ($z >= %zu) { $w = *($a + %zu); ",
		   BPF_PROG_LOAD, ATTR(license) + 8, ATTR(license));
	snprintf(n, sizeof(n), "%d", o->strsize + 2);
	str_rec(b, l, ST_BPFSYS_IDX_STR, n);
	buf_printf(b, "} ");
	if (o->verbose) {
		buf_printf(b, "if ($z >= %zu) { $w = *($a + %zu); $m = *(uint32 *)($a + %zu); "
			   "if ($w && $m) { ", ATTR(insns) + 8, ATTR(insns), ATTR(insn_cnt));
		pages(b, l, "$m * 8", (MAXINSNS + 1) * 8, ST_BPFSYS_IDX_ARR0);
		buf_printf(b, "} } ");
	}
	buf_printf(b, "} ");
}

void st_bpfsys_capture(struct buf *b, const struct st_opts *o, bool exit,
		       int cmd_off, int size_off)
{
	char l = exit ? ST_L_BPF_ATTR_OUT : ST_L_BPF_ATTR;
	unsigned cmd;

	buf_printf(b, "$z = *(arg0 + %d) & 0xffffffff; $c = *(arg0 + %d) & 0xffffffff; "
		   "if ($a && $z > 0 && $z <= %d) { ", size_off, cmd_off, ST_BPFSYS_ATTR_MAX);
	if (exit) {
		buf_printf(b, "if (0");
		for (cmd = 0; cmd < ARRAY_SIZE(attr_sizes); cmd++)
			if (read_at_exit(cmd))
				buf_printf(b, " || $c == %u", cmd);
		buf_printf(b, ") { ");
	}
	/* In two pieces: an attr that ends a mapping still shows. */
	buf_printf(b, "$n = $z; $f = 4096 - ($a & 4095); if ($f > $n) { $f = $n; } "
		   "printf(\"c%c1 %%d %%d %%r\", $t, 0, buf($a, $f)); "
		   "if ($n > $f) { printf(\"c%c1 %%d %%d %%r\", $t, %d, buf($a + $f, $n - $f)); } ",
		   l, l, ST_IDX_REST);
	if (exit) {
		exit_capture(b, o, l);
		buf_printf(b, "} ");
		load_again(b, o, l);
	} else {
		entry_capture(b, o, l);
	}
	buf_printf(b, "} ");
}

static const struct st_cap *cap(const struct st_call *c, char l, int idx)
{
	return st_cap_find(c, l, 1, idx);
}

/*
 * The page records from first on (pages()) joined from addr on, up to
 * the first missing, into out (n bytes at most); how many.
 */
static size_t joined(const struct st_call *c, char l, int first, uint64_t addr,
		     unsigned char *out, size_t n)
{
	const struct st_cap *k;
	size_t skip = addr & 4095, got = 0, m;
	int idx;

	for (idx = first; got < n && (k = cap(c, l, idx)); idx++) {
		if (k->len <= skip) {
			skip -= k->len;
			continue;
		}
		m = k->len - skip;
		if (m > n - got)
			m = n - got;
		memcpy(out + got, k->data + skip, m);
		got += m;
		skip = 0;
	}
	return got;
}

static void ptr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/* One struct being printed: its bytes (zeros past len) and the call's. */
struct pr {
	struct buf *b;
	const struct st_call *c;
	const struct st_dopts *o;
	const unsigned char *d;
	unsigned len;
	bool first;
};

static uint32_t u32(const struct pr *x, size_t off)
{
	return st_u32(x->d + off);
}

static uint64_t u64(const struct pr *x, size_t off)
{
	return st_u64(x->d + off);
}

/* Whether the struct reaches into the field at off. */
static bool has(const struct pr *x, size_t off)
{
	return x->len > off;
}

static void field(struct pr *x, const char *name)
{
	buf_printf(x->b, "%s%s=", x->first ? "" : ", ", name);
	x->first = false;
}

static void f_u(struct pr *x, const char *name, size_t off)
{
	field(x, name);
	buf_printf(x->b, "%u", u32(x, off));
}

static void f_u64(struct pr *x, const char *name, size_t off)
{
	field(x, name);
	buf_printf(x->b, "%llu", (unsigned long long)u64(x, off));
}

static void f_x(struct pr *x, const char *name, size_t off, bool wide)
{
	field(x, name);
	buf_printf(x->b, "%#llx", (unsigned long long)(wide ? u64(x, off) : u32(x, off)));
}

static void f_fd(struct pr *x, const char *name, size_t off)
{
	field(x, name);
	st_decode_fd(x->b, x->c->tid, (int)u32(x, off), x->o, NULL);
}

static void f_addr(struct pr *x, const char *name, size_t off)
{
	field(x, name);
	ptr(x->b, u64(x, off));
}

static void f_val(struct pr *x, const char *name, size_t off,
		  const struct st_xlat *t, const char *dflt)
{
	field(x, name);
	st_xlat_val(x->b, t, u32(x, off), dflt);
}

static void f_flags(struct pr *x, const char *name, size_t off,
		    const struct st_xlat *t, const char *dflt)
{
	field(x, name);
	st_xlat_flags_dflt(x->b, t, u32(x, off), "0", dflt);
}

/* A char array of n bytes, which should end with a NUL: "..." when it does not. */
static void f_cstr(struct pr *x, const char *name, size_t off, size_t n)
{
	const unsigned char *s = x->d + off;
	size_t l = strnlen((const char *)s, n);

	field(x, name);
	if (l < n)
		st_quote(x->b, s, l, false, x->o->xstyle);
	else
		st_quote(x->b, s, n ? n - 1 : 0, true, x->o->xstyle);
}

static void f_ifindex(struct pr *x, const char *name, size_t off)
{
	field(x, name);
	st_ifindex(x->b, u32(x, off));
}

/* A u32 the call changed: "OLD => NEW" when it did. */
static void f_changed(struct pr *x, const char *name, uint32_t was, uint32_t now)
{
	field(x, name);
	if (was != now)
		buf_printf(x->b, "%u => ", was);
	buf_printf(x->b, "%u", now);
}

/*
 * A string of the call's, as strace reads one: m bytes at most (up to a
 * NUL when term), -s of them shown, from record k (read as m + 1 bytes
 * for a string); the address when it could not be read.
 */
static void str_at(struct buf *b, const struct st_cap *k, uint64_t addr, uint64_t m,
		   uint64_t len, bool term, const struct st_dopts *o, int x)
{
	size_t s = (size_t)o->strsize, l;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (!m) {
		buf_printf(b, "\"\"");
		return;
	}
	if (!k) {
		ptr(b, addr);
		return;
	}
	if (term) {
		l = strnlen((const char *)k->data, k->len);
		if (l > m)
			l = m;
		st_quote(b, k->data, l < s ? l : s, l == m, x);
		return;
	}
	if (k->len < m) {
		ptr(b, addr);
		return;
	}
	st_quote(b, k->data, m < s ? m : s, len > s, x);
}

static unsigned min_u(uint64_t a, uint64_t b)
{
	return (unsigned)(a < b ? a : b);
}

/* Bytes past size that are not zero: "..." or, under -v, all of them in hex. */
static void extra(struct pr *x, unsigned size)
{
	unsigned i;

	if (x->len <= size)
		return;
	for (i = size; i < x->len && !x->d[i]; i++)
		;
	if (i == x->len)
		return;
	if (!x->o->verbose) {
		buf_printf(x->b, ", ...");
		return;
	}
	buf_printf(x->b, ", extra_data=");
	st_quote(x->b, x->d + size, x->len - size, false, 2);
	buf_printf(x->b, " /* bytes %u..%u */", size, x->len - 1);
}

/* Element flags, whose 0 has a name (BPF_ANY). */
static void any_flags(struct buf *b, uint64_t v)
{
	if (v)
		st_xlat_flags_dflt(b, lookup_flags, v, "0", "BPF_???");
	else
		st_xlat_val(b, lookup_flags, 0, "BPF_???");
}

static void kernel_version(struct buf *b, uint32_t v)
{
	enum st_cstyle st = st_xlat_get_style();

	if (st != ST_C_ABBREV)
		buf_printf(b, "%#x", v);
	if (st == ST_C_RAW)
		return;
	buf_printf(b, st == ST_C_VERBOSE ? " /* KERNEL_VERSION(%u, %u, %u) */" :
		   "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
}

/*
 * count eBPF instructions at addr, have bytes of them in p, as strace
 * shows them: "..." and the address in a comment where reading stopped,
 * the address alone when not even the first could be read, "..." past
 * MAXINSNS.
 */
static void insns(struct buf *b, const unsigned char *p, size_t have, uint64_t addr,
		  uint64_t count)
{
	uint64_t i;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (count && have < 8) {
		ptr(b, addr);
		return;
	}
	buf_printf(b, "[");
	for (i = 0; i < count; i++) {
		const unsigned char *q = p + 8 * i;

		if (i)
			buf_printf(b, ", ");
		if (i == MAXINSNS) {
			buf_printf(b, "...");
			break;
		}
		if ((i + 1) * 8 > have) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + 8 * i));
			break;
		}
		buf_printf(b, "{code=");
		st_bpf_ebpf_code(b, q[0]);
		buf_printf(b, ", dst_reg=");
		st_xlat_val(b, regs, q[1] & 0xf, "BPF_REG_???");
		buf_printf(b, ", src_reg=");
		st_xlat_val(b, regs, q[1] >> 4, "BPF_REG_???");
		buf_printf(b, ", off=%d, imm=%#x}", (int16_t)st_u16(q + 2), st_u32(q + 4));
	}
	buf_printf(b, "]");
}

/* An array's elements, as strace's print_array() shows them. */
enum elem { E_U32, E_X64, E_MAPFD };

static void array(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  char l, int first, uint64_t addr, uint64_t count, enum elem e)
{
	static unsigned char p[ST_BPFSYS_ARR_MAX * 8];
	size_t size = e == E_X64 ? 8 : 4, have;
	uint64_t i, shown = o->verbose ? count : min_u(count, o->strsize);

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (!count) {
		buf_printf(b, "[]");
		return;
	}
	/* strace reads no array a failed call wrote. */
	if (l == ST_L_BPF_ATTR_OUT && st_call_failed(c)) {
		ptr(b, addr);
		return;
	}
	have = joined(c, l, first, addr, p,
		      size * (count < ST_BPFSYS_ARR_MAX ? count : ST_BPFSYS_ARR_MAX));
	if (have < size) {
		ptr(b, addr);
		return;
	}
	buf_printf(b, "[");
	for (i = 0; i < count; i++) {
		if (i)
			buf_printf(b, ", ");
		if (i == shown) {
			buf_printf(b, "...");
			break;
		}
		if ((i + 1) * size > have) {
			if (i >= ST_BPFSYS_ARR_MAX)
				buf_printf(b, "...");
			else
				buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + size * i));
			break;
		}
		if (e == E_U32) {
			buf_printf(b, "%u", st_u32(p + size * i));
		} else if (e == E_X64) {
			buf_printf(b, "%#llx", (unsigned long long)st_u64(p + size * i));
		} else {
			buf_printf(b, "{map={map_fd=");
			st_decode_fd(b, c->tid, (int)st_u32(p + size * i), o, NULL);
			buf_printf(b, "}}");
		}
	}
	buf_printf(b, "]");
}

/* kprobe_multi's syms: strings, the first ST_BPFSYS_SYMS read. */
static void syms(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		 uint64_t addr, uint64_t count)
{
	static unsigned char p[ST_BPFSYS_ARR_MAX * 8];
	uint64_t i, shown = o->verbose ? count : min_u(count, o->strsize);
	size_t have;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (!count) {
		buf_printf(b, "[]");
		return;
	}
	have = joined(c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR0, addr, p,
		      8 * (count < ST_BPFSYS_ARR_MAX ? count : ST_BPFSYS_ARR_MAX));
	if (have < 8) {
		ptr(b, addr);
		return;
	}
	buf_printf(b, "[");
	for (i = 0; i < count; i++) {
		uint64_t s;

		if (i)
			buf_printf(b, ", ");
		if (i == shown) {
			buf_printf(b, "...");
			break;
		}
		if ((i + 1) * 8 > have) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + 8 * i));
			break;
		}
		s = st_u64(p + 8 * i);
		if (i < ST_BPFSYS_SYMS)
			str_at(b, cap(c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_BYTES + (int)i), s,
			       (uint64_t)o->strsize + 1, 0, true, o, o->xstyle);
		else
			ptr(b, s);
	}
	buf_printf(b, "]");
}

static void link_create(struct pr *x)
{
	unsigned size = attr_sizes[BPF_LINK_CREATE];
	uint32_t type = u32(x, 8);
	uint64_t cnt;

	buf_printf(x->b, "link_create={");
	x->first = true;
	f_fd(x, "prog_fd", 0);
	f_fd(x, "target_fd", 4);
	f_val(x, "attach_type", 8, attach_types, "BPF_???");
	f_x(x, "flags", 12, false);
	if (!has(x, 16)) {
		buf_printf(x->b, "}");
		extra(x, size);
		return;
	}
	switch (type) {
	case 0:
		if (u32(x, 16))
			f_u(x, "target_btf_id", 16);
		size = 20;
		break;
	case BPF_TRACE_ITER:
		field(x, "iter_info");
		array(x->b, x->c, x->o, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR0, u64(x, 16),
		      u32(x, 24), E_MAPFD);
		f_u(x, "iter_info_len", 24);
		size = 28;
		break;
	case BPF_PERF_EVENT:
		buf_printf(x->b, ", perf_event={bpf_cookie=%#llx}", (unsigned long long)u64(x, 16));
		size = 24;
		break;
	case BPF_TRACE_KPROBE_MULTI:
		cnt = u32(x, 20);
		buf_printf(x->b, ", kprobe_multi={flags=");
		st_xlat_flags_dflt(x->b, kprobe_multi_flags, u32(x, 16), "0", "BPF_F_???");
		buf_printf(x->b, ", cnt=%u, syms=", (unsigned)cnt);
		syms(x->b, x->c, x->o, u64(x, 24), cnt);
		buf_printf(x->b, ", addrs=");
		array(x->b, x->c, x->o, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR1, u64(x, 32), cnt, E_X64);
		buf_printf(x->b, ", cookies=");
		array(x->b, x->c, x->o, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR2, u64(x, 40), cnt, E_X64);
		buf_printf(x->b, "}");
		size = 48;
		break;
	default:
		size = 16;
	}
	buf_printf(x->b, "}");
	extra(x, size);
}

static void map_create(struct pr *x)
{
	f_val(x, "map_type", 0, map_types, "BPF_MAP_TYPE_???");
	f_u(x, "key_size", 4);
	f_u(x, "value_size", 8);
	f_u(x, "max_entries", 12);
	if (!has(x, ATTR(map_flags)))
		return;
	f_flags(x, "map_flags", ATTR(map_flags), map_flags, "BPF_F_???");
	if (!has(x, ATTR(inner_map_fd)))
		return;
	f_fd(x, "inner_map_fd", ATTR(inner_map_fd));
	if (!has(x, ATTR(numa_node)))
		return;
	if (u32(x, ATTR(map_flags)) & BPF_F_NUMA_NODE) {
		field(x, "numa_node");
		buf_printf(x->b, "%u", u32(x, ATTR(numa_node)));
		/* Its name in a comment whatever the -X style, but raw. */
		if (u32(x, ATTR(numa_node)) == 0xffffffff && st_xlat_get_style() != ST_C_RAW)
			buf_printf(x->b, " /* NUMA_NO_NODE */");
	}
	if (!has(x, ATTR(map_name)))
		return;
	f_cstr(x, "map_name", ATTR(map_name), min_u(16, x->len - ATTR(map_name)));
	if (!has(x, ATTR(map_ifindex)))
		return;
	f_ifindex(x, "map_ifindex", ATTR(map_ifindex));
	if (!has(x, ATTR(btf_fd)))
		return;
	f_fd(x, "btf_fd", ATTR(btf_fd));
	f_u(x, "btf_key_type_id", ATTR(btf_key_type_id));
	f_u(x, "btf_value_type_id", ATTR(btf_value_type_id));
	if (!has(x, ATTR(btf_vmlinux_value_type_id)))
		return;
	f_u(x, "btf_vmlinux_value_type_id", ATTR(btf_vmlinux_value_type_id));
	if (!has(x, ATTR(map_extra)))
		return;
	f_u64(x, "map_extra", ATTR(map_extra));
}

static void prog_load(struct pr *x)
{
	const struct st_dopts *o = x->o;
	uint64_t a;

	f_val(x, "prog_type", 0, prog_types, "BPF_PROG_TYPE_???");
	f_u(x, "insn_cnt", ATTR(insn_cnt));
	field(x, "insns");
	a = u64(x, ATTR(insns));
	if (o->verbose && a) {
		static unsigned char p[(MAXINSNS + 1) * 8];
		uint64_t n = u32(x, ATTR(insn_cnt));
		size_t want = 8 * (n < MAXINSNS + 1 ? n : MAXINSNS + 1);
		size_t have = joined(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR0, a, p, want);

		/* Pages untouched at entry: as the call's exit found them. */
		if (have < want) {
			size_t again = joined(x->c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_ARR0, a, p, want);

			if (again > have)
				have = again;
			else
				joined(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_ARR0, a, p, want);
		}

		insns(x->b, p, have, a, n);
	} else {
		ptr(x->b, a);
	}
	field(x, "license");
	a = u64(x, ATTR(license));
	str_at(x->b, cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR) ?:
		     cap(x->c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_STR), a,
	       (uint64_t)o->strsize + 1, 0, true, o, o->xstyle);
	if (!has(x, ATTR(log_level)))
		return;
	f_u(x, "log_level", ATTR(log_level));
	f_u(x, "log_size", ATTR(log_size));
	field(x, "log_buf");
	str_at(x->b, cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR2), u64(x, ATTR(log_buf)),
	       min_u(u32(x, ATTR(log_size)), (uint64_t)o->strsize + 1), 0, true, o, o->xstyle);
	if (!has(x, ATTR(kern_version)))
		return;
	field(x, "kern_version");
	kernel_version(x->b, u32(x, ATTR(kern_version)));
	if (!has(x, ATTR(prog_flags)))
		return;
	f_flags(x, "prog_flags", ATTR(prog_flags), prog_flags, "BPF_F_???");
	if (!has(x, ATTR(prog_name)))
		return;
	f_cstr(x, "prog_name", ATTR(prog_name), min_u(16, x->len - ATTR(prog_name)));
	if (!has(x, ATTR(prog_ifindex)))
		return;
	f_ifindex(x, "prog_ifindex", ATTR(prog_ifindex));
	if (!has(x, ATTR(expected_attach_type)))
		return;
	f_val(x, "expected_attach_type", ATTR(expected_attach_type), attach_types, "BPF_???");
	if (!has(x, ATTR(prog_btf_fd)))
		return;
	f_fd(x, "prog_btf_fd", ATTR(prog_btf_fd));
	f_u(x, "func_info_rec_size", ATTR(func_info_rec_size));
	f_addr(x, "func_info", ATTR(func_info));
	f_u(x, "func_info_cnt", ATTR(func_info_cnt));
	f_u(x, "line_info_rec_size", ATTR(line_info_rec_size));
	f_addr(x, "line_info", ATTR(line_info));
	f_u(x, "line_info_cnt", ATTR(line_info_cnt));
	if (!has(x, ATTR(attach_btf_id)))
		return;
	f_u(x, "attach_btf_id", ATTR(attach_btf_id));
	if (!has(x, ATTR(attach_prog_fd)))
		return;
	f_fd(x, "attach_prog_fd", ATTR(attach_prog_fd));
	if (!has(x, ATTR(fd_array)))
		return;
	f_addr(x, "fd_array", ATTR(fd_array));
}

/*
 * The time a boot-time stamp in ns was, as strace approximates it: the
 * offset of the real-time clock from the boot-time one added, to the
 * second.
 */
static void boottime(struct buf *b, uint64_t ns)
{
	struct timespec rt, bt;
	int64_t off;
	char s[64];
	struct tm tm;
	time_t t;

	if (st_xlat_get_style() == ST_C_RAW ||
	    clock_gettime(CLOCK_BOOTTIME, &bt) || clock_gettime(CLOCK_REALTIME, &rt))
		return;
	off = ((int64_t)rt.tv_sec - bt.tv_sec) * 1000000000 + (rt.tv_nsec - bt.tv_nsec);
	t = (time_t)((off + (int64_t)ns) / 1000000000);
	if (!localtime_r(&t, &tm) || !strftime(s, sizeof(s), "%FT%T%z", &tm))
		return;
	buf_printf(b, " /* %s */", s);
}

/* A dev_t field, makedev(MAJOR, MINOR) in the -X style. */
static void f_dev(struct pr *x, const char *name, size_t off)
{
	enum st_cstyle st = st_xlat_get_style();
	uint64_t v = u64(x, off);

	field(x, name);
	if (st != ST_C_ABBREV)
		buf_printf(x->b, "%#llx", (unsigned long long)v);
	if (st == ST_C_RAW)
		return;
	buf_printf(x->b, st == ST_C_VERBOSE ? " /* makedev(%#x, %#x) */" : "makedev(%#x, %#x)",
		   major(v), minor(v));
}

static void map_info(struct pr *x)
{
	buf_printf(x->b, "{");
	x->first = true;
	f_val(x, "type", MINFO(type), map_types, "BPF_MAP_TYPE_???");
	f_u(x, "id", MINFO(id));
	f_u(x, "key_size", MINFO(key_size));
	f_u(x, "value_size", MINFO(value_size));
	f_u(x, "max_entries", MINFO(max_entries));
	f_flags(x, "map_flags", MINFO(map_flags), map_flags, "BPF_F_???");
	if (has(x, MINFO(name))) {
		f_cstr(x, "name", MINFO(name), 16);
		if (has(x, MINFO(ifindex))) {
			f_ifindex(x, "ifindex", MINFO(ifindex));
			f_u(x, "btf_vmlinux_value_type_id", MINFO(btf_vmlinux_value_type_id));
			f_dev(x, "netns_dev", MINFO(netns_dev));
			f_u64(x, "netns_ino", MINFO(netns_ino));
			if (has(x, MINFO(btf_id))) {
				f_u(x, "btf_id", MINFO(btf_id));
				f_u(x, "btf_key_type_id", MINFO(btf_key_type_id));
				f_u(x, "btf_value_type_id", MINFO(btf_value_type_id));
				extra(x, MAP_INFO_SIZE);
			}
		}
	}
	buf_printf(x->b, "}");
}

/* bpf_prog_info at exit (x), with what it held at entry (was: zeros if unread). */
static void prog_info(struct pr *x, const unsigned char *was)
{
	const struct st_call *c = x->c;
	static unsigned char p[(MAXINSNS + 1) * 8];
	const struct st_cap *k;
	uint64_t a, n;
	size_t have;

#define CH(f) f_changed(x, #f, st_u32(was + PINFO(f)), u32(x, PINFO(f)))
#define CHA(f) do { field(x, #f); if (st_u64(was + PINFO(f)) != u64(x, PINFO(f))) { \
		ptr(x->b, st_u64(was + PINFO(f))); buf_printf(x->b, " => "); } \
		ptr(x->b, u64(x, PINFO(f))); } while (0)
	buf_printf(x->b, "{");
	x->first = true;
	f_val(x, "type", PINFO(type), prog_types, "BPF_PROG_TYPE_???");
	f_u(x, "id", PINFO(id));
	field(x, "tag");
	st_quote(x->b, x->d + PINFO(tag), BPF_TAG_SIZE, false, 2);
	CH(jited_prog_len);
	field(x, "jited_prog_insns");
	a = u64(x, PINFO(jited_prog_insns));
	n = u32(x, PINFO(jited_prog_len));
	str_at(x->b, cap(c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_BYTES), a,
	       min_u(n, (uint64_t)x->o->strsize + 1), n, false, x->o, 2);
	CH(xlated_prog_len);
	field(x, "xlated_prog_insns");
	a = u64(x, PINFO(xlated_prog_insns));
	n = min_u(st_u32(was + PINFO(xlated_prog_len)), u32(x, PINFO(xlated_prog_len))) / 8;
	have = a && !st_call_failed(c) ? joined(c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_ARR0, a, p,
			  8 * (n < MAXINSNS + 1 ? n : MAXINSNS + 1)) : 0;
	insns(x->b, p, have, a, n);
	if (!has(x, PINFO(load_time)))
		goto end;
	f_u64(x, "load_time", PINFO(load_time));
	boottime(x->b, u64(x, PINFO(load_time)));
	field(x, "created_by_uid");
	if (u32(x, PINFO(created_by_uid)) == 0xffffffff)
		buf_printf(x->b, "-1");
	else
		buf_printf(x->b, "%u", u32(x, PINFO(created_by_uid)));
	CH(nr_map_ids);
	field(x, "map_ids");
	a = u64(x, PINFO(map_ids));
	n = min_u(st_u32(was + PINFO(nr_map_ids)), u32(x, PINFO(nr_map_ids)));
	k = cap(c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_STR2);
	if (!a) {
		buf_printf(x->b, "NULL");
	} else if (!n) {
		buf_printf(x->b, "[]");
	} else if (!k || k->len < 4 || st_call_failed(c)) {
		ptr(x->b, a);
	} else {
		uint64_t i;

		buf_printf(x->b, "[");
		for (i = 0; i < n; i++) {
			if (i)
				buf_printf(x->b, ", ");
			if ((i + 1) * 4 > k->len) {
				buf_printf(x->b, "... /* %#llx */", (unsigned long long)(a + 4 * i));
				break;
			}
			buf_printf(x->b, "%u", st_u32(k->data + 4 * i));
		}
		buf_printf(x->b, "]");
	}
	f_cstr(x, "name", PINFO(name), 16);
	if (!has(x, PINFO(ifindex)))
		goto end;
	f_ifindex(x, "ifindex", PINFO(ifindex));
	field(x, "gpl_compatible");
	buf_printf(x->b, "%u", u32(x, PINFO(ifindex) + 4) & 1);
	f_dev(x, "netns_dev", PINFO(netns_dev));
	f_u64(x, "netns_ino", PINFO(netns_ino));
	if (!has(x, PINFO(nr_jited_ksyms)))
		goto end;
	CH(nr_jited_ksyms);
	CH(nr_jited_func_lens);
	CHA(jited_ksyms);
	CHA(jited_func_lens);
	if (!has(x, PINFO(btf_id)))
		goto end;
	f_u(x, "btf_id", PINFO(btf_id));
	CH(func_info_rec_size);
	f_addr(x, "func_info", PINFO(func_info));
	CH(nr_func_info);
	CH(nr_line_info);
	f_addr(x, "line_info", PINFO(line_info));
	CHA(jited_line_info);
	CH(nr_jited_line_info);
	CH(line_info_rec_size);
	CH(jited_line_info_rec_size);
	CH(nr_prog_tags);
	f_addr(x, "prog_tags", PINFO(prog_tags));
	if (!has(x, PINFO(run_time_ns)))
		goto end;
	f_u64(x, "run_time_ns", PINFO(run_time_ns));
	f_u64(x, "run_cnt", PINFO(run_cnt));
	if (!has(x, PINFO(recursion_misses)))
		goto end;
	f_u64(x, "recursion_misses", PINFO(recursion_misses));
	if (!has(x, PINFO(verified_insns)))
		goto end;
	f_u(x, "verified_insns", PINFO(verified_insns));
	extra(x, PROG_INFO_SIZE);
end:
	buf_printf(x->b, "}");
#undef CH
#undef CHA
}

/* What kind of object fd is, as /proc names it: 1 a map, 2 a program, 0 else. */
static int obj_kind(const struct st_call *c, const struct st_dopts *o, int fd)
{
	char path[64], target[256];
	const char *known = NULL;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/fd/%d", c->tid, fd);
	n = readlink(path, target, sizeof(target) - 1);
	if (n > 0) {
		target[n] = 0;
		known = target;
	} else if (o->fds) {
		/* The process has gone: what its calls said. */
		known = st_fds_get(o->fds, c->tid, fd);
	}
	if (!known)
		return 0;
	if (!strcmp(known, "anon_inode:bpf-map"))
		return 1;
	if (!strcmp(known, "anon_inode:bpf-prog"))
		return 2;
	return 0;
}

/* BPF_OBJ_GET_INFO_BY_FD's info at exit: the struct, or its address. */
static void obj_info(struct pr *x, const struct pr *in)
{
	static unsigned char out[ST_BPFSYS_ATTR_MAX + 8], was[ST_BPFSYS_ATTR_MAX + 8];
	const struct st_cap *k = cap(x->c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_STR);
	const struct st_cap *w = cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR);
	uint64_t a = u64(x, 8);
	uint32_t len = u32(x, 4), inlen = u32(in, 4);
	struct pr info = *x;
	int kind;

	field(x, "info");
	kind = x->o->verbose ? obj_kind(x->c, x->o, (int)u32(in, 0)) : 0;
	if (!kind || !a || !len || len > ST_BPFSYS_ATTR_MAX || !k || k->len < len) {
		ptr(x->b, a);
		return;
	}
	memset(out, 0, sizeof(out));
	memcpy(out, k->data, len);
	memset(was, 0, sizeof(was));
	if (w && inlen && inlen <= ST_BPFSYS_ATTR_MAX && w->len >= inlen)
		memcpy(was, w->data, inlen);
	info.d = out;
	info.len = len;
	if (kind == 1)
		map_info(&info);
	else
		prog_info(&info, was);
}

/*
 * The command's struct from entry (in) and, for those strace reads
 * again, exit (out: NULL when not read); without braces of its own.
 */
static void attr(struct pr *x, const struct pr *out, unsigned cmd)
{
	struct pr y;

	switch (cmd) {
	case BPF_MAP_CREATE:
		map_create(x);
		break;
	case BPF_MAP_LOOKUP_ELEM:
	case BPF_MAP_LOOKUP_AND_DELETE_ELEM:
		f_fd(x, "map_fd", 0);
		f_addr(x, "key", 8);
		f_addr(x, "value", 16);
		if (has(x, 24)) {
			field(x, "flags");
			any_flags(x->b, u32(x, 24));
		}
		break;
	case BPF_MAP_UPDATE_ELEM:
		f_fd(x, "map_fd", 0);
		f_addr(x, "key", 8);
		f_addr(x, "value", 16);
		f_val(x, "flags", 24, update_flags, "BPF_???");
		break;
	case BPF_MAP_DELETE_ELEM:
		f_fd(x, "map_fd", 0);
		f_addr(x, "key", 8);
		break;
	case BPF_MAP_GET_NEXT_KEY:
		f_fd(x, "map_fd", 0);
		f_addr(x, "key", 8);
		f_addr(x, "next_key", 16);
		break;
	case BPF_MAP_FREEZE:
		f_fd(x, "map_fd", 0);
		break;
	case BPF_PROG_LOAD:
		prog_load(x);
		break;
	case BPF_OBJ_PIN:
	case BPF_OBJ_GET: {
		const struct st_cap *k = cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR);
		uint64_t a = u64(x, 0);

		field(x, "pathname");
		if (!a)
			buf_printf(x->b, "NULL");
		else if (!k)
			ptr(x->b, a);
		else
			st_quote(x->b, k->data, strnlen((const char *)k->data, k->len), false,
				 x->o->xstyle);
		f_fd(x, "bpf_fd", 8);
		if (has(x, 12))
			f_flags(x, "file_flags", 12, file_flags, "BPF_F_???");
		break;
	}
	case BPF_PROG_ATTACH:
		f_fd(x, "target_fd", 0);
		f_fd(x, "attach_bpf_fd", 4);
		f_val(x, "attach_type", 8, attach_types, "BPF_???");
		f_flags(x, "attach_flags", 12, attach_flags, "BPF_F_???");
		if (has(x, 16))
			f_fd(x, "replace_bpf_fd", 16);
		break;
	case BPF_PROG_DETACH:
		f_fd(x, "target_fd", 0);
		f_val(x, "attach_type", 8, attach_types, "BPF_???");
		break;
	case BPF_PROG_TEST_RUN:
		buf_printf(x->b, "test={");
		x->first = true;
		f_fd(x, "prog_fd", 0);
		f_u(x, "retval", 4);
		f_u(x, "data_size_in", 8);
		f_u(x, "data_size_out", 12);
		f_addr(x, "data_in", 16);
		f_addr(x, "data_out", 24);
		f_u(x, "repeat", 32);
		f_u(x, "duration", 36);
		if (has(x, 40)) {
			f_u(x, "ctx_size_in", 40);
			f_u(x, "ctx_size_out", 44);
			f_addr(x, "ctx_in", 48);
			f_addr(x, "ctx_out", 56);
		}
		if (has(x, 64)) {
			f_flags(x, "flags", 64, test_run_flags, "BPF_F_???");
			f_u(x, "cpu", 68);
		}
		if (has(x, 72))
			f_u(x, "batch_size", 72);
		buf_printf(x->b, "}");
		break;
	case BPF_PROG_GET_NEXT_ID:
	case BPF_MAP_GET_NEXT_ID:
	case BPF_BTF_GET_NEXT_ID:
	case BPF_LINK_GET_NEXT_ID:
		f_u(x, "start_id", 0);
		f_u(x, "next_id", 4);
		if (!out)
			break;
		if (u32(x, 4) != u32(out, 4))
			buf_printf(x->b, " => %u", u32(out, 4));
		if (has(out, 8))
			f_flags(x, "open_flags", 8, file_flags, "BPF_F_???");
		break;
	case BPF_PROG_GET_FD_BY_ID:
	case BPF_MAP_GET_FD_BY_ID:
		f_u(x, cmd == BPF_PROG_GET_FD_BY_ID ? "prog_id" : "map_id", 0);
		f_u(x, "next_id", 4);
		if (has(x, 8))
			f_flags(x, "open_flags", 8, file_flags, "BPF_F_???");
		break;
	case BPF_OBJ_GET_INFO_BY_FD:
		buf_printf(x->b, "info={");
		x->first = true;
		f_fd(x, "bpf_fd", 0);
		f_u(x, "info_len", 4);
		if (!out)
			break;
		if (u32(x, 4) != u32(out, 4))
			buf_printf(x->b, " => %u", u32(out, 4));
		y = *out;
		y.first = false;
		obj_info(&y, x);
		buf_printf(x->b, "}");
		break;
	case BPF_PROG_QUERY:
		buf_printf(x->b, "query={");
		x->first = true;
		f_fd(x, "target_fd", 0);
		f_val(x, "attach_type", 4, attach_types, "BPF_???");
		f_flags(x, "query_flags", 8, query_flags, "BPF_F_QUERY_???");
		f_flags(x, "attach_flags", 12, attach_flags, "BPF_F_???");
		field(x, "prog_ids");
		if (!out)
			break;
		array(x->b, x->c, x->o, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_ARR0, u64(out, 16),
		      u32(out, 24), E_U32);
		f_changed(x, "prog_cnt", u32(x, 24), u32(out, 24));
		buf_printf(x->b, "}");
		break;
	case BPF_RAW_TRACEPOINT_OPEN:
		buf_printf(x->b, "raw_tracepoint={");
		x->first = true;
		field(x, "name");
		str_at(x->b, cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR), u64(x, 0),
		       min_u(TP_NAME_SIZE, (uint64_t)x->o->strsize + 1), 0, true, x->o, x->o->xstyle);
		f_fd(x, "prog_fd", 8);
		buf_printf(x->b, "}");
		break;
	case BPF_BTF_LOAD:
		field(x, "btf");
		str_at(x->b, cap(x->c, ST_L_BPF_ATTR, ST_BPFSYS_IDX_STR), u64(x, 0),
		       min_u(u32(x, 16), (uint64_t)x->o->strsize + 1), u32(x, 16), false, x->o,
		       x->o->xstyle);
		f_addr(x, "btf_log_buf", 8);
		f_u(x, "btf_size", 16);
		f_u(x, "btf_log_size", 20);
		f_u(x, "btf_log_level", 24);
		break;
	case BPF_BTF_GET_FD_BY_ID:
		f_u(x, "btf_id", 0);
		break;
	case BPF_TASK_FD_QUERY:
		buf_printf(x->b, "task_fd_query={");
		x->first = true;
		field(x, "pid");
		buf_printf(x->b, "%d", (int)u32(x, 0));
		f_fd(x, "fd", 4);
		f_u(x, "flags", 8);
		f_u(x, "buf_len", 12);
		if (!out)
			break;
		if (u32(x, 12) != u32(out, 12))
			buf_printf(x->b, " => %u", u32(out, 12));
		y = *out;
		y.first = false;
		field(&y, "buf");
		str_at(x->b, cap(x->c, ST_L_BPF_ATTR_OUT, ST_BPFSYS_IDX_STR), u64(out, 16),
		       min_u(min_u(u32(x, 12), u32(out, 12)), (uint64_t)x->o->strsize + 1), 0,
		       true, x->o, x->o->xstyle);
		f_u(&y, "prog_id", 24);
		f_val(&y, "fd_type", 28, fd_types, "BPF_FD_TYPE_???");
		f_x(&y, "probe_offset", 32, true);
		f_x(&y, "probe_addr", 40, true);
		buf_printf(x->b, "}");
		break;
	case BPF_MAP_LOOKUP_BATCH:
	case BPF_MAP_LOOKUP_AND_DELETE_BATCH:
	case BPF_MAP_UPDATE_BATCH:
	case BPF_MAP_DELETE_BATCH:
		buf_printf(x->b, "batch={");
		x->first = true;
		if (cmd == BPF_MAP_LOOKUP_BATCH || cmd == BPF_MAP_LOOKUP_AND_DELETE_BATCH) {
			f_addr(x, "in_batch", 0);
			f_addr(x, "out_batch", 8);
		}
		f_addr(x, "keys", 16);
		if (cmd != BPF_MAP_DELETE_BATCH)
			f_addr(x, "values", 24);
		f_u(x, "count", 32);
		f_fd(x, "map_fd", 36);
		field(x, "elem_flags");
		any_flags(x->b, u64(x, 40));
		f_x(x, "flags", 48, true);
		buf_printf(x->b, "}");
		break;
	case BPF_LINK_CREATE:
		link_create(x);
		break;
	case BPF_LINK_UPDATE:
		buf_printf(x->b, "link_update={");
		x->first = true;
		f_fd(x, "link_fd", 0);
		f_fd(x, "new_prog_fd", 4);
		f_flags(x, "flags", 8, attach_flags, "BPF_F_???");
		if (u32(x, 8) & BPF_F_REPLACE)
			f_fd(x, "old_prog_fd", 12);
		buf_printf(x->b, "}");
		break;
	case BPF_LINK_GET_FD_BY_ID:
		f_u(x, "link_id", 0);
		break;
	}
}

/* Loads the attr of records of letter l into d (zeros past size); false if unread. */
static bool load(const struct st_call *c, char l, unsigned size, unsigned char *d)
{
	const struct st_cap *k = cap(c, l, 0);

	memset(d, 0, ST_BPFSYS_ATTR_MAX + 8);
	if (!k || k->cut || k->len < size)
		return false;
	memcpy(d, k->data, size);
	return true;
}

void st_bpfsys_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static unsigned char in[ST_BPFSYS_ATTR_MAX + 8], out[ST_BPFSYS_ATTR_MAX + 8];
	unsigned cmd = (unsigned)c->args[0], size = (unsigned)c->args[2];
	uint64_t a = c->args[1];
	struct pr x = { b, c, o, in, size, true }, y = { b, c, o, out, size, true };
	bool batch = cmd >= BPF_MAP_LOOKUP_BATCH && cmd <= BPF_MAP_DELETE_BATCH;

	st_xlat_val(b, commands, cmd, "BPF_???");
	buf_printf(b, ", ");
	if (!a || !size || size > ST_BPFSYS_ATTR_MAX || !decoded(cmd) ||
	    !load(c, ST_L_BPF_ATTR, size, in)) {
		ptr(b, a);
		buf_printf(b, ", %u", size);
		return;
	}
	buf_printf(b, "{");
	if (read_at_exit(cmd) && !batch && load(c, ST_L_BPF_ATTR_OUT, size, out)) {
		attr(&x, &y, cmd);
		/* What follows the struct, as the call left it. */
		extra(&y, attr_sizes[cmd]);
	} else if (read_at_exit(cmd) && !batch) {
		/* The exit's read failed: the struct as it was. */
		attr(&x, NULL, cmd);
	} else {
		attr(&x, NULL, cmd);
		if (cmd != BPF_LINK_CREATE)
			extra(&x, attr_sizes[cmd]);
	}
	buf_printf(b, "}");
	if (batch && load(c, ST_L_BPF_ATTR_OUT, size, out) && u32(&x, 32) != u32(&y, 32))
		buf_printf(b, " => {batch={count=%u}}", u32(&y, 32));
	buf_printf(b, ", %u", size);
}

bool st_bpfsys_ret_fd(const struct st_call *c)
{
	unsigned cmd = (unsigned)c->args[0], size = (unsigned)c->args[2];

	if ((uint64_t)c->ret > INT_MAX || !c->args[1] || !size || size > ST_BPFSYS_ATTR_MAX ||
	    !decoded(cmd) || !cap(c, ST_L_BPF_ATTR, 0))
		return false;
	switch (cmd) {
	case BPF_MAP_CREATE: case BPF_PROG_LOAD: case BPF_OBJ_PIN: case BPF_OBJ_GET:
	case BPF_PROG_GET_FD_BY_ID: case BPF_MAP_GET_FD_BY_ID: case BPF_BTF_LOAD:
	case BPF_BTF_GET_FD_BY_ID: case BPF_LINK_CREATE: case BPF_LINK_GET_FD_BY_ID:
		return true;
	}
	return false;
}

const char *st_bpfsys_fd_name(const struct st_call *c)
{
	switch ((unsigned)c->args[0]) {
	case BPF_MAP_CREATE: case BPF_MAP_GET_FD_BY_ID:
		return "anon_inode:bpf-map";
	case BPF_PROG_LOAD: case BPF_PROG_GET_FD_BY_ID:
		return "anon_inode:bpf-prog";
	case BPF_LINK_CREATE: case BPF_LINK_GET_FD_BY_ID:
		return "anon_inode:bpf_link";
	case BPF_BTF_LOAD: case BPF_BTF_GET_FD_BY_ID:
		return "anon_inode:btf";
	}
	return NULL;
}
