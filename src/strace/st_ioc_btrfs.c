/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the btrfs requests (type 0x94, with FICLONE,
 * FICLONERANGE and the label requests that share it), as strace 6.1
 * decodes them.  The flag and value names are the UAPI header's
 * (linux/btrfs.h), those strace 6.1 knows; the compression types, which
 * no UAPI header names, are the kernel's numbers.
 */
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat subvol_flags[] = {
	X(BTRFS_SUBVOL_CREATE_ASYNC), X(BTRFS_SUBVOL_RDONLY), X(BTRFS_SUBVOL_QGROUP_INHERIT), END,
};

static const struct st_xlat qgroup_inherit_flags[] = { X(BTRFS_QGROUP_INHERIT_SET_LIMITS), END };

static const struct st_xlat qgroup_limit_flags[] = {
	X(BTRFS_QGROUP_LIMIT_MAX_RFER), X(BTRFS_QGROUP_LIMIT_MAX_EXCL),
	X(BTRFS_QGROUP_LIMIT_RSV_RFER), X(BTRFS_QGROUP_LIMIT_RSV_EXCL),
	X(BTRFS_QGROUP_LIMIT_RFER_CMPR), X(BTRFS_QGROUP_LIMIT_EXCL_CMPR), END,
};

static const struct st_xlat balance_flags[] = {
	X(BTRFS_BALANCE_DATA), X(BTRFS_BALANCE_SYSTEM), X(BTRFS_BALANCE_METADATA),
	X(BTRFS_BALANCE_FORCE), X(BTRFS_BALANCE_RESUME), END,
};

static const struct st_xlat balance_state[] = {
	X(BTRFS_BALANCE_STATE_RUNNING), X(BTRFS_BALANCE_STATE_PAUSE_REQ),
	X(BTRFS_BALANCE_STATE_CANCEL_REQ), END,
};

static const struct st_xlat balance_args_flags[] = {
	X(BTRFS_BALANCE_ARGS_PROFILES), X(BTRFS_BALANCE_ARGS_USAGE), X(BTRFS_BALANCE_ARGS_DEVID),
	X(BTRFS_BALANCE_ARGS_DRANGE), X(BTRFS_BALANCE_ARGS_VRANGE), X(BTRFS_BALANCE_ARGS_LIMIT),
	X(BTRFS_BALANCE_ARGS_LIMIT_RANGE), X(BTRFS_BALANCE_ARGS_STRIPES_RANGE),
	X(BTRFS_BALANCE_ARGS_CONVERT), X(BTRFS_BALANCE_ARGS_SOFT),
	X(BTRFS_BALANCE_ARGS_USAGE_RANGE), END,
};

static const struct st_xlat space_info_flags[] = {
	X(BTRFS_BLOCK_GROUP_DATA), X(BTRFS_BLOCK_GROUP_SYSTEM), X(BTRFS_BLOCK_GROUP_METADATA),
	X(BTRFS_BLOCK_GROUP_RAID0), X(BTRFS_BLOCK_GROUP_RAID1), X(BTRFS_BLOCK_GROUP_DUP),
	X(BTRFS_BLOCK_GROUP_RAID10), X(BTRFS_BLOCK_GROUP_RAID5), X(BTRFS_BLOCK_GROUP_RAID6),
	X(BTRFS_AVAIL_ALLOC_BIT_SINGLE), X(BTRFS_SPACE_INFO_GLOBAL_RSV), END,
};

static const struct st_xlat balance_ctl[] = {
	X(BTRFS_BALANCE_CTL_PAUSE), X(BTRFS_BALANCE_CTL_CANCEL), END,
};

static const struct st_xlat defrag_flags[] = {
	X(BTRFS_DEFRAG_RANGE_COMPRESS), X(BTRFS_DEFRAG_RANGE_START_IO), END,
};

/* The kernel's enum btrfs_compression_type (fs/btrfs/compression.h). */
static const struct st_xlat compress_types[] = {
	{ 0, "BTRFS_COMPRESS_NONE" }, { 1, "BTRFS_COMPRESS_ZLIB" },
	{ 2, "BTRFS_COMPRESS_LZO" }, { 3, "BTRFS_COMPRESS_ZSTD" }, END,
};

static const struct st_xlat quota_ctl_cmds[] = {
	X(BTRFS_QUOTA_CTL_ENABLE), X(BTRFS_QUOTA_CTL_DISABLE),
	X(BTRFS_QUOTA_CTL_RESCAN__NOTUSED), END,
};

static const struct st_xlat scrub_flags[] = { X(BTRFS_SCRUB_READONLY), END };

static const struct st_xlat dev_stats_flags[] = { X(BTRFS_DEV_STATS_RESET), END };

static const struct st_xlat send_flags[] = {
	X(BTRFS_SEND_FLAG_NO_FILE_DATA), X(BTRFS_SEND_FLAG_OMIT_STREAM_HEADER),
	X(BTRFS_SEND_FLAG_OMIT_END_CMD), X(BTRFS_SEND_FLAG_VERSION),
	X(BTRFS_SEND_FLAG_COMPRESSED), END,
};

/* The trees' object ids strace names (linux/btrfs_tree.h). */
static const struct st_xlat tree_objectids[] = {
	X(BTRFS_ROOT_TREE_OBJECTID), X(BTRFS_EXTENT_TREE_OBJECTID),
	X(BTRFS_CHUNK_TREE_OBJECTID), X(BTRFS_DEV_TREE_OBJECTID), X(BTRFS_FS_TREE_OBJECTID),
	X(BTRFS_ROOT_TREE_DIR_OBJECTID), X(BTRFS_CSUM_TREE_OBJECTID),
	X(BTRFS_QUOTA_TREE_OBJECTID), X(BTRFS_UUID_TREE_OBJECTID),
	X(BTRFS_FREE_SPACE_TREE_OBJECTID), X(BTRFS_BLOCK_GROUP_TREE_OBJECTID),
	X(BTRFS_FIRST_FREE_OBJECTID), X(BTRFS_LAST_FREE_OBJECTID), END,
};

static bool no_arg(unsigned request)
{
	/*
	 * BTRFS_IOC_BALANCE and BTRFS_IOC_DEFRAG carry a struct's size in
	 * their numbers, but strace shows neither argument.
	 */
	return request == BTRFS_IOC_TRANS_START || request == BTRFS_IOC_TRANS_END ||
	       request == BTRFS_IOC_SYNC || request == BTRFS_IOC_SCRUB_CANCEL ||
	       request == BTRFS_IOC_QUOTA_RESCAN_WAIT || request == BTRFS_IOC_BALANCE ||
	       request == BTRFS_IOC_DEFRAG;
}

/* A u64 that strace names when it is all ones: UINT64_MAX, in the -X style. */
static void u64_max(struct buf *b, uint64_t v)
{
	enum st_cstyle style = st_xlat_get_style();

	if (v != UINT64_MAX) {
		buf_printf(b, "%llu", (unsigned long long)v);
		return;
	}
	if (style == ST_C_ABBREV)
		buf_printf(b, "UINT64_MAX");
	else
		buf_printf(b, "%llu%s", (unsigned long long)v,
			   style == ST_C_VERBOSE ? " /* UINT64_MAX */" : "");
}

/* An object id: decimal, a tree's by name, in the -X style. */
static void objectid(struct buf *b, uint64_t v)
{
	enum st_cstyle style = st_xlat_get_style();
	const char *n = st_xlat_name(tree_objectids, v);

	if (!n) {
		u64_max(b, v);
		return;
	}
	if (style == ST_C_ABBREV)
		buf_printf(b, "%s", n);
	else
		buf_printf(b, "%llu", (unsigned long long)v);
	if (style == ST_C_VERBOSE)
		buf_printf(b, " /* %s */", n);
}

/* A device id, which strace prints as a device number, in the -X style. */
static void devid(struct buf *b, uint64_t v)
{
	st_ioctl_dev(b, v);
}

/* A name in a char array of size bytes: up to its NUL, "..." when it has none. */
static void name(struct buf *b, const char *s, size_t size, const struct st_dopts *o)
{
	size_t n = strnlen(s, size);

	st_quote(b, (const unsigned char *)s, n, n == size, o->xstyle);
}

static void vol_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_vol_args v;

	if (!st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
		return;
	buf_printf(b, "{fd=%lld, name=", (long long)v.fd);
	name(b, v.name, sizeof(v.name), o);
	buf_printf(b, "}");
}

/*
 * The struct btrfs_qgroup_inherit a v2 volume argument points to, read
 * from the process when the line prints; its qgroups under -v.
 */
static void qgroup_inherit(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			   uint64_t addr)
{
	struct btrfs_qgroup_inherit q;
	uint64_t i;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (st_ioctl_mem(c, false, addr, &q, sizeof(q), false) < sizeof(q)) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, qgroup_inherit_flags, q.flags, "0", "BTRFS_QGROUP_INHERIT_???");
	buf_printf(b, ", num_qgroups=%llu, num_ref_copies=%llu, num_excl_copies=%llu, lim={flags=",
		   (unsigned long long)q.num_qgroups, (unsigned long long)q.num_ref_copies,
		   (unsigned long long)q.num_excl_copies);
	st_xlat_flags_dflt(b, qgroup_limit_flags, q.lim.flags, "0", "BTRFS_QGROUP_LIMIT_???");
	buf_printf(b, ", max_rfer=%llu, max_excl=%llu, rsv_rfer=%llu, rsv_excl=%llu}, ",
		   (unsigned long long)q.lim.max_rfer, (unsigned long long)q.lim.max_excl,
		   (unsigned long long)q.lim.rsv_rfer, (unsigned long long)q.lim.rsv_excl);
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "qgroups=");
	for (i = 0; i < q.num_qgroups; i++) {
		uint64_t at = addr + offsetof(struct btrfs_qgroup_inherit, qgroups) + 8 * i, v;

		if (st_ioctl_mem(c, false, at, &v, sizeof(v), false) < sizeof(v)) {
			if (i)
				buf_printf(b, ", ... /* %#llx */", (unsigned long long)at);
			else
				buf_printf(b, "%#llx", (unsigned long long)at);
			break;
		}
		buf_printf(b, i ? ", %llu" : "[%llu", (unsigned long long)v);
	}
	if (!q.num_qgroups)
		buf_printf(b, "[");
	if (i || !q.num_qgroups)
		buf_printf(b, "]");
	buf_printf(b, "}");
}

static void vol_args_v2(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_vol_args_v2 v;

	if (!st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
		return;
	buf_printf(b, "{fd=%lld, flags=", (long long)v.fd);
	st_xlat_flags_dflt(b, subvol_flags, v.flags, "0", "BTRFS_SUBVOL_???");
	if (v.flags & BTRFS_SUBVOL_QGROUP_INHERIT) {
		buf_printf(b, ", size=%llu, qgroup_inherit=", (unsigned long long)v.size);
		qgroup_inherit(b, c, o, (uint64_t)(uintptr_t)v.qgroup_inherit);
	}
	buf_printf(b, ", name=");
	st_ioctl_cstring(b, v.name, sizeof(v.name), o);
	buf_printf(b, "}");
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
		buf_printf(b, "{transid=%llu}", (unsigned long long)v.transid);
}

static void balance_args(struct buf *b, const char *name, const struct btrfs_balance_args *a)
{
	buf_printf(b, ", %s={profiles=", name);
	st_xlat_flags_dflt(b, space_info_flags, a->profiles, "0", "BTRFS_BLOCK_GROUP_???");
	buf_printf(b, ", usage=%llu, devid=", (unsigned long long)a->usage);
	devid(b, a->devid);
	buf_printf(b, ", pstart=");
	u64_max(b, a->pstart);
	buf_printf(b, ", pend=");
	u64_max(b, a->pend);
	buf_printf(b, ", vstart=");
	u64_max(b, a->vstart);
	buf_printf(b, ", vend=");
	u64_max(b, a->vend);
	buf_printf(b, ", target=");
	u64_max(b, a->target);
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, balance_args_flags, a->flags, "0", "BTRFS_BALANCE_ARGS_???");
	buf_printf(b, "}");
}

/* struct btrfs_ioctl_balance_args, with its state when out (at exit). */
static void balance(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool out)
{
	static struct btrfs_ioctl_balance_args a;

	if (!st_ioctl_umove(b, c, o, out, &a, sizeof(a)))
		return;
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, balance_flags, a.flags, "0", "BTRFS_BALANCE_???");
	if (out) {
		buf_printf(b, ", state=");
		st_xlat_flags_dflt(b, balance_state, a.state, "0", "BTRFS_BALANCE_STATE_???");
	}
	if (a.flags & BTRFS_BALANCE_DATA)
		balance_args(b, "data", &a.data);
	if (a.flags & BTRFS_BALANCE_METADATA)
		balance_args(b, "meta", &a.meta);
	if (a.flags & BTRFS_BALANCE_SYSTEM)
		balance_args(b, "sys", &a.sys);
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];

	switch (request) {
	case BTRFS_IOC_SNAP_CREATE: case BTRFS_IOC_SUBVOL_CREATE: case BTRFS_IOC_SNAP_DESTROY:
	case BTRFS_IOC_RESIZE: case BTRFS_IOC_SCAN_DEV: case BTRFS_IOC_FORGET_DEV:
	case BTRFS_IOC_ADD_DEV: case BTRFS_IOC_RM_DEV:
		vol_args(b, c, o);
		return true;
	case BTRFS_IOC_SNAP_CREATE_V2: case BTRFS_IOC_SUBVOL_CREATE_V2:
		vol_args_v2(b, c, o);
		return true;
	case BTRFS_IOC_BALANCE_V2:
		balance(b, c, o, false);
		if (!st_call_failed(c)) {
			buf_printf(b, " => ");
			balance(b, c, o, true);
		}
		return true;
	case BTRFS_IOC_BALANCE_PROGRESS:
		if (st_call_failed(c))
			return false;
		balance(b, c, o, true);
		return true;
	case BTRFS_IOC_WAIT_SYNC: case BTRFS_IOC_DEFAULT_SUBVOL: {
		uint64_t v;

		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			buf_printf(b, "[%llu]", (unsigned long long)v);
		return true;
	}
	case BTRFS_IOC_SUBVOL_SETFLAGS: {
		uint64_t v;

		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			st_xlat_flags_dflt(b, subvol_flags, v, "0", "BTRFS_SUBVOL_???");
		return true;
	}
	case BTRFS_IOC_BALANCE_CTL:
		st_xlat_val(b, balance_ctl, (uint32_t)c->args[2], "BTRFS_BALANCE_CTL_???");
		return true;
	case BTRFS_IOC_CLONE:
		buf_printf(b, "%d", (int)c->args[2]);
		return true;
	case BTRFS_IOC_CLONE_RANGE: {
		struct btrfs_ioctl_clone_range_args r;

		if (st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			buf_printf(b, "{src_fd=%lld, src_offset=%llu, src_length=%llu, dest_offset=%llu}",
				   (long long)r.src_fd, (unsigned long long)r.src_offset,
				   (unsigned long long)r.src_length, (unsigned long long)r.dest_offset);
		return true;
	}
	case BTRFS_IOC_DEFRAG_RANGE: {
		struct btrfs_ioctl_defrag_range_args r;

		if (!st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			return true;
		buf_printf(b, "{start=%llu, len=", (unsigned long long)r.start);
		u64_max(b, r.len);
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, defrag_flags, r.flags, "0", "BTRFS_DEFRAG_RANGE_???");
		buf_printf(b, ", extent_thresh=%u, compress_type=", r.extent_thresh);
		st_xlat_val(b, compress_types, r.compress_type, "BTRFS_COMPRESS_???");
		buf_printf(b, "}");
		return true;
	}
	case BTRFS_IOC_SPACE_INFO: {
		struct btrfs_ioctl_space_args s;

		/* At entry; what the call filled is not shown here yet. */
		if (st_call_failed(c) && st_ioctl_umove(b, c, o, false, &s, sizeof(s)))
			buf_printf(b, "{space_slots=%llu}", (unsigned long long)s.space_slots);
		else if (!st_call_failed(c))
			return false;
		return true;
	}
	case BTRFS_IOC_SCRUB: {
		struct btrfs_ioctl_scrub_args s;

		if (!st_call_failed(c))
			return false;
		if (!st_ioctl_umove(b, c, o, false, &s, sizeof(s)))
			return true;
		buf_printf(b, "{devid=");
		devid(b, s.devid);
		buf_printf(b, ", start=%llu, end=", (unsigned long long)s.start);
		u64_max(b, s.end);
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, scrub_flags, s.flags, "0", "BTRFS_SCRUB_???");
		buf_printf(b, "}");
		return true;
	}
	case BTRFS_IOC_SCRUB_PROGRESS: {
		struct btrfs_ioctl_scrub_args s;

		if (!st_call_failed(c))
			return false;
		if (st_ioctl_umove(b, c, o, false, &s, sizeof(s))) {
			buf_printf(b, "{devid=");
			devid(b, s.devid);
			buf_printf(b, "}");
		}
		return true;
	}
	case BTRFS_IOC_GET_DEV_STATS: {
		struct btrfs_ioctl_get_dev_stats d;

		if (!st_call_failed(c))
			return false;
		if (!st_ioctl_umove(b, c, o, false, &d, sizeof(d)))
			return true;
		buf_printf(b, "{devid=");
		devid(b, d.devid);
		buf_printf(b, ", nr_items=%llu, flags=", (unsigned long long)d.nr_items);
		st_xlat_flags_dflt(b, dev_stats_flags, d.flags, "0", "BTRFS_DEV_STATS_???");
		buf_printf(b, "}");
		return true;
	}
	case BTRFS_IOC_QUOTA_CTL: {
		struct btrfs_ioctl_quota_ctl_args q;

		if (!st_ioctl_umove(b, c, o, false, &q, sizeof(q)))
			return true;
		buf_printf(b, "{cmd=");
		st_xlat_val(b, quota_ctl_cmds, q.cmd, "BTRFS_QUOTA_CTL_???");
		buf_printf(b, "}");
		return true;
	}
	case BTRFS_IOC_QGROUP_ASSIGN: {
		struct btrfs_ioctl_qgroup_assign_args q;

		if (st_ioctl_umove(b, c, o, false, &q, sizeof(q)))
			buf_printf(b, "{assign=%llu, src=%llu, dst=%llu}", (unsigned long long)q.assign,
				   (unsigned long long)q.src, (unsigned long long)q.dst);
		return true;
	}
	case BTRFS_IOC_QGROUP_CREATE: {
		struct btrfs_ioctl_qgroup_create_args q;

		if (st_ioctl_umove(b, c, o, false, &q, sizeof(q)))
			buf_printf(b, "{create=%llu, qgroupid=%llu}", (unsigned long long)q.create,
				   (unsigned long long)q.qgroupid);
		return true;
	}
	case BTRFS_IOC_QUOTA_RESCAN: {
		struct btrfs_ioctl_quota_rescan_args q;

		if (st_ioctl_umove(b, c, o, false, &q, sizeof(q)))
			buf_printf(b, "{flags=%llu}", (unsigned long long)q.flags);
		return true;
	}
	case BTRFS_IOC_SEND: {
		struct btrfs_ioctl_send_args s;

		if (!st_ioctl_umove(b, c, o, false, &s, sizeof(s)))
			return true;
		buf_printf(b, "{send_fd=%lld, clone_sources_count=%llu, clone_sources=",
			   (long long)s.send_fd, (unsigned long long)s.clone_sources_count);
		if (s.clone_sources)
			buf_printf(b, "%#llx", (unsigned long long)(uintptr_t)s.clone_sources);
		else
			buf_printf(b, "NULL");
		buf_printf(b, ", parent_root=");
		objectid(b, s.parent_root);
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, send_flags, s.flags, "0", "BTRFS_SEND_FLAGS_???");
		buf_printf(b, "}");
		return true;
	}
	case FS_IOC_SETFSLABEL: {
		static char label[FSLABEL_MAX];

		if (st_ioctl_umove(b, c, o, false, label, sizeof(label)))
			name(b, label, sizeof(label), o);
		return true;
	}
	}
	return false;
}

const struct st_ioc_family st_ioc_btrfs = { BTRFS_IOCTL_MAGIC, no_arg, decode };
