/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the btrfs requests (type 0x94, with FICLONE,
 * FICLONERANGE and the label requests that share it), as strace 6.1
 * decodes them.  The flag and value names are the UAPI header's
 * (linux/btrfs.h), those strace 6.1 knows; the compression types, which
 * no UAPI header names, are the kernel's numbers.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
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

/* The key types strace names (linux/btrfs_tree.h), and UINT32_MAX. */
static const struct st_xlat key_types[] = {
	X(BTRFS_INODE_ITEM_KEY), X(BTRFS_INODE_REF_KEY), X(BTRFS_INODE_EXTREF_KEY),
	X(BTRFS_XATTR_ITEM_KEY), X(BTRFS_VERITY_DESC_ITEM_KEY), X(BTRFS_VERITY_MERKLE_ITEM_KEY),
	X(BTRFS_ORPHAN_ITEM_KEY), X(BTRFS_DIR_LOG_ITEM_KEY), X(BTRFS_DIR_LOG_INDEX_KEY),
	X(BTRFS_DIR_ITEM_KEY), X(BTRFS_DIR_INDEX_KEY), X(BTRFS_EXTENT_DATA_KEY),
	X(BTRFS_EXTENT_CSUM_KEY), X(BTRFS_ROOT_ITEM_KEY), X(BTRFS_ROOT_BACKREF_KEY),
	X(BTRFS_ROOT_REF_KEY), X(BTRFS_EXTENT_ITEM_KEY), X(BTRFS_METADATA_ITEM_KEY),
	X(BTRFS_TREE_BLOCK_REF_KEY), X(BTRFS_EXTENT_DATA_REF_KEY), X(BTRFS_EXTENT_REF_V0_KEY),
	X(BTRFS_SHARED_BLOCK_REF_KEY), X(BTRFS_SHARED_DATA_REF_KEY),
	X(BTRFS_BLOCK_GROUP_ITEM_KEY), X(BTRFS_FREE_SPACE_INFO_KEY),
	X(BTRFS_FREE_SPACE_EXTENT_KEY), X(BTRFS_FREE_SPACE_BITMAP_KEY), X(BTRFS_DEV_EXTENT_KEY),
	X(BTRFS_DEV_ITEM_KEY), X(BTRFS_CHUNK_ITEM_KEY), X(BTRFS_QGROUP_STATUS_KEY),
	X(BTRFS_QGROUP_INFO_KEY), X(BTRFS_QGROUP_LIMIT_KEY), X(BTRFS_QGROUP_RELATION_KEY),
	X(BTRFS_TEMPORARY_ITEM_KEY), X(BTRFS_PERSISTENT_ITEM_KEY), X(BTRFS_DEV_REPLACE_KEY),
	X(BTRFS_UUID_KEY_SUBVOL), X(BTRFS_UUID_KEY_RECEIVED_SUBVOL), X(BTRFS_STRING_ITEM_KEY),
	X(UINT32_MAX), END,
};

static const struct st_xlat logical_ino_flags[] = { X(BTRFS_LOGICAL_INO_ARGS_IGNORE_OFFSET), END };

static const struct st_xlat dev_replace_cmds[] = {
	X(BTRFS_IOCTL_DEV_REPLACE_CMD_START), X(BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS),
	X(BTRFS_IOCTL_DEV_REPLACE_CMD_CANCEL), END,
};

static const struct st_xlat dev_replace_results[] = {
	X(BTRFS_IOCTL_DEV_REPLACE_RESULT_NO_ERROR), X(BTRFS_IOCTL_DEV_REPLACE_RESULT_NOT_STARTED),
	X(BTRFS_IOCTL_DEV_REPLACE_RESULT_ALREADY_STARTED),
	X(BTRFS_IOCTL_DEV_REPLACE_RESULT_SCRUB_INPROGRESS), END,
};

static const struct st_xlat dev_replace_states[] = {
	X(BTRFS_IOCTL_DEV_REPLACE_STATE_NEVER_STARTED), X(BTRFS_IOCTL_DEV_REPLACE_STATE_STARTED),
	X(BTRFS_IOCTL_DEV_REPLACE_STATE_FINISHED), X(BTRFS_IOCTL_DEV_REPLACE_STATE_CANCELED),
	X(BTRFS_IOCTL_DEV_REPLACE_STATE_SUSPENDED), END,
};

static const struct st_xlat srcdev_modes[] = {
	X(BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_ALWAYS),
	X(BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_AVOID), END,
};

/* No compat feature has a name. */
static const struct st_xlat features_compat[] = { END };

static const struct st_xlat features_compat_ro[] = {
	X(BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE), X(BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE_VALID),
	X(BTRFS_FEATURE_COMPAT_RO_VERITY), X(BTRFS_FEATURE_COMPAT_RO_BLOCK_GROUP_TREE), END,
};

static const struct st_xlat features_incompat[] = {
	X(BTRFS_FEATURE_INCOMPAT_MIXED_BACKREF), X(BTRFS_FEATURE_INCOMPAT_DEFAULT_SUBVOL),
	X(BTRFS_FEATURE_INCOMPAT_MIXED_GROUPS), X(BTRFS_FEATURE_INCOMPAT_COMPRESS_LZO),
	X(BTRFS_FEATURE_INCOMPAT_COMPRESS_ZSTD), X(BTRFS_FEATURE_INCOMPAT_BIG_METADATA),
	X(BTRFS_FEATURE_INCOMPAT_EXTENDED_IREF), X(BTRFS_FEATURE_INCOMPAT_RAID56),
	X(BTRFS_FEATURE_INCOMPAT_SKINNY_METADATA), X(BTRFS_FEATURE_INCOMPAT_NO_HOLES),
	X(BTRFS_FEATURE_INCOMPAT_METADATA_UUID), X(BTRFS_FEATURE_INCOMPAT_RAID1C34),
	X(BTRFS_FEATURE_INCOMPAT_ZONED), X(BTRFS_FEATURE_INCOMPAT_EXTENT_TREE_V2), END,
};

static const struct st_xlat csum_types[] = {
	X(BTRFS_CSUM_TYPE_CRC32), X(BTRFS_CSUM_TYPE_XXHASH), X(BTRFS_CSUM_TYPE_SHA256),
	X(BTRFS_CSUM_TYPE_BLAKE2), END,
};

static const struct st_xlat fs_info_flags[] = {
	X(BTRFS_FS_INFO_FLAG_CSUM_INFO), X(BTRFS_FS_INFO_FLAG_GENERATION),
	X(BTRFS_FS_INFO_FLAG_METADATA_UUID), END,
};

static const struct st_xlat dev_stats_values[] = {
	X(BTRFS_DEV_STAT_WRITE_ERRS), X(BTRFS_DEV_STAT_READ_ERRS), X(BTRFS_DEV_STAT_FLUSH_ERRS),
	X(BTRFS_DEV_STAT_CORRUPTION_ERRS), X(BTRFS_DEV_STAT_GENERATION_ERRS), END,
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

/* A named unsigned value: decimal, its name in the -X style. */
static void xval_u(struct buf *b, const struct st_xlat *t, uint64_t v)
{
	st_xlat_enum(b, t, v, "%llu");
}

/*
 * One element of an array at e, shown into b; false stops the array
 * there (its caller has printed what ends it).
 */
typedef bool (*elem_fn)(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			const void *e, void *data);

/*
 * n elements of size bytes at addr (in the process), as strace prints an
 * array: read as the call saw them at entry or at exit (where the bytes
 * read of the argument cover them; past those the process's memory when
 * the line prints), cut with "..." after -s elements unless -v; where
 * the memory ends, "..." and the address in a comment, or the address
 * alone when the first cannot be read or under -e verbose=none.  Whether it reached the end
 * (strace's answer, on which some decoders' exit line depends).
 */
static bool array(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit,
		  uint64_t addr, uint64_t n, size_t size, elem_fn f, void *data)
{
	unsigned char e[32];
	uint64_t i, lim;

	if (!addr) {
		buf_printf(b, "NULL");
		return false;
	}
	if (!n) {
		buf_printf(b, "[]");
		return false;
	}
	if (n > UINT64_MAX / size || addr + n * size <= addr) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return false;
	}
	lim = !o->verbose && (uint64_t)o->strsize < n ? (uint64_t)o->strsize : n;
	for (i = 0; i < n; i++) {
		uint64_t at = addr + i * size;

		if (i)
			buf_printf(b, ", ");
		if (o->noderef || st_ioctl_mem(c, exit, at, e, size, false) < size) {
			if (!i) {
				buf_printf(b, "%#llx", (unsigned long long)at);
				return false;
			}
			buf_printf(b, "... /* %#llx */]", (unsigned long long)at);
			return false;
		}
		if (!i)
			buf_printf(b, "[");
		if (i >= lim) {
			buf_printf(b, "...");
			break;
		}
		if (!f(b, c, o, e, data))
			break;
	}
	buf_printf(b, "]");
	return true;
}

/*
 * A NUL-ended path in the process at addr, as strace's printpath: whole
 * whatever -s says, "..." after PATH_MAX - 1 bytes with no NUL.
 */
static void path(struct buf *b, const struct st_call *c, const struct st_dopts *o, uint64_t addr)
{
	static char p[PATH_MAX];
	size_t n;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	n = st_ioctl_mem(c, true, addr, p, sizeof(p) - 1, true);
	if (memchr(p, 0, n))
		st_quote(b, (const unsigned char *)p, strlen(p), false, o->xstyle);
	else if (n == sizeof(p) - 1)
		st_quote(b, (const unsigned char *)p, n, true, o->xstyle);
	else
		buf_printf(b, "%#llx", (unsigned long long)addr);
}

/* The search key at entry (whole; -v: the default object ids too), at exit its nr_items. */
static void search_key(struct buf *b, const struct btrfs_ioctl_search_key *k, bool exit,
		       const struct st_dopts *o)
{
	buf_printf(b, "key={");
	if (exit) {
		buf_printf(b, "nr_items=%u}", k->nr_items);
		return;
	}
	buf_printf(b, "tree_id=");
	objectid(b, k->tree_id);
	if (k->min_objectid != BTRFS_FIRST_FREE_OBJECTID || o->verbose) {
		buf_printf(b, ", min_objectid=");
		objectid(b, k->min_objectid);
	}
	if (k->max_objectid != BTRFS_LAST_FREE_OBJECTID || o->verbose) {
		buf_printf(b, ", max_objectid=");
		objectid(b, k->max_objectid);
	}
	buf_printf(b, ", min_offset=%llu, max_offset=", (unsigned long long)k->min_offset);
	u64_max(b, k->max_offset);
	buf_printf(b, ", min_transid=%llu, max_transid=", (unsigned long long)k->min_transid);
	u64_max(b, k->max_transid);
	buf_printf(b, ", min_type=");
	xval_u(b, key_types, k->min_type);
	buf_printf(b, ", max_type=");
	xval_u(b, key_types, k->max_type);
	buf_printf(b, ", nr_items=%u}", k->nr_items);
}

/*
 * At exit, the items' headers a search put in its buffer at addr of
 * size bytes: "..." unless -v, at most -s of them.
 */
static void search_buf(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		       uint64_t addr, uint64_t size, unsigned nr)
{
	uint64_t off = 0;
	unsigned i;

	if (!o->verbose) {
		buf_printf(b, ", ...");
		return;
	}
	buf_printf(b, ", buf=[");
	for (i = 0; i < nr; i++) {
		struct btrfs_ioctl_search_header h;

		if (i)
			buf_printf(b, ", ");
		if (addr + off < addr || off + sizeof(h) > size || i > (unsigned)o->strsize) {
			buf_printf(b, "...");
			break;
		}
		if (o->noderef || st_ioctl_mem(c, true, addr + off, &h, sizeof(h), false) < sizeof(h)) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + off));
			break;
		}
		buf_printf(b, "{transid=%llu, objectid=", (unsigned long long)h.transid);
		objectid(b, h.objectid);
		buf_printf(b, ", offset=%llu, type=", (unsigned long long)h.offset);
		xval_u(b, key_types, h.type);
		buf_printf(b, ", len=%u}", h.len);
		off += sizeof(h) + h.len;
	}
	buf_printf(b, "]");
}

/* BTRFS_IOC_TREE_SEARCH and _V2 (v2), at entry and after a success at exit. */
static void tree_search(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool v2)
{
	struct btrfs_ioctl_search_args_v2 a;
	size_t size = v2 ? sizeof(a) : sizeof(a.key);
	uint64_t buf_at = c->args[2] + (v2 ? sizeof(a) : offsetof(struct btrfs_ioctl_search_args, buf));
	int exit;

	for (exit = 0; exit < 2; exit++) {
		if (exit && st_call_failed(c)) {
			/* What size an item needs, which the kernel writes with EOVERFLOW. */
			if (v2 && c->ret == -EOVERFLOW) {
				buf_printf(b, " => ");
				if (c->args[2] && !o->noderef && st_ioctl_struct(c, true, &a, size) == size)
					buf_printf(b, "{buf_size=%llu}", (unsigned long long)a.buf_size);
				else
					buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
			}
			return;
		}
		if (exit)
			buf_printf(b, " => ");
		if (!st_ioctl_umove(b, c, o, exit, &a, size))
			return;
		buf_printf(b, "{");
		search_key(b, &a.key, exit, o);
		if (v2)
			buf_printf(b, ", buf_size=%llu", (unsigned long long)a.buf_size);
		if (exit)
			search_buf(b, c, o, buf_at, v2 ? a.buf_size : BTRFS_SEARCH_ARGS_BUFSIZE,
				   a.key.nr_items);
		buf_printf(b, "}");
	}
}

/* A btrfs_data_container's header, which the kernel fills at exit. */
static bool container(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		      uint64_t addr, struct btrfs_data_container *d)
{
	if (!addr || o->noderef || st_ioctl_mem(c, true, addr, d, sizeof(*d), false) < sizeof(*d)) {
		if (addr)
			buf_printf(b, "%#llx", (unsigned long long)addr);
		else
			buf_printf(b, "NULL");
		return false;
	}
	buf_printf(b, "{bytes_left=%u, bytes_missing=%u, elem_cnt=%u, elem_missed=%u", d->bytes_left,
		   d->bytes_missing, d->elem_cnt, d->elem_missed);
	if (o->verbose)
		return true;
	buf_printf(b, ", ...}");
	return false;
}

/* A path's offset in an INO_PATHS container, from its values' start (*data). */
static bool ino_path(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		     const void *e, void *data)
{
	uint64_t off;

	memcpy(&off, e, sizeof(off));
	path(b, c, o, *(uint64_t *)data + off);
	return true;
}

static bool logical_ino_rec(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			    const void *e, void *data)
{
	uint64_t r[3];

	(void)c;
	(void)o;
	(void)data;
	memcpy(r, e, sizeof(r));
	buf_printf(b, "{inum=%llu, offset=%llu, root=%llu}", (unsigned long long)r[0],
		   (unsigned long long)r[1], (unsigned long long)r[2]);
	return true;
}

static bool clone_source(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			 const void *e, void *data)
{
	uint64_t v;

	(void)c;
	(void)o;
	(void)data;
	memcpy(&v, e, sizeof(v));
	objectid(b, v);
	return true;
}

/* The exit of a request that answers in a struct of its own: " => " after a success. */
static bool at_exit(struct buf *b, const struct st_call *c)
{
	if (st_call_failed(c))
		return false;
	buf_printf(b, " => ");
	return true;
}

static void ino_lookup(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_ino_lookup_args a;
	bool tree0;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{treeid=");
	objectid(b, a.treeid);
	buf_printf(b, ", objectid=");
	objectid(b, a.objectid);
	buf_printf(b, "}");
	/* A treeid of 0 asks for the containing subvolume's, which the exit shows. */
	tree0 = !a.treeid;
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{");
	if (tree0) {
		buf_printf(b, "treeid=");
		objectid(b, a.treeid);
		buf_printf(b, ", ");
	}
	buf_printf(b, "name=");
	st_ioctl_cstring(b, a.name, sizeof(a.name), o);
	buf_printf(b, "}");
}

static void ino_paths(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct btrfs_ioctl_ino_path_args a;
	struct btrfs_data_container d;
	uint64_t vals;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{inum=%llu, size=%llu, fspath=", (unsigned long long)a.inum,
		   (unsigned long long)a.size);
	if (a.fspath)
		buf_printf(b, "%#llx}", (unsigned long long)a.fspath);
	else
		buf_printf(b, "NULL}");
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{fspath=");
	if (container(b, c, o, a.fspath, &d)) {
		vals = a.fspath + offsetof(struct btrfs_data_container, val);
		buf_printf(b, ", val=");
		array(b, c, o, true, vals, d.elem_cnt, sizeof(uint64_t), ino_path, &vals);
		buf_printf(b, "}");
	}
	buf_printf(b, "}");
}

static void logical_ino(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct btrfs_ioctl_logical_ino_args a;
	struct btrfs_data_container d;
	int i;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{logical=%llu, size=%llu", (unsigned long long)a.logical,
		   (unsigned long long)a.size);
	if (a.reserved[0] || a.reserved[1] || a.reserved[2])
		for (i = 0; i < 3; i++)
			buf_printf(b, a.reserved[i] ? "%s%#llx" : "%s%llu", i ? ", " : ", reserved=[",
				   (unsigned long long)a.reserved[i]);
	if (a.reserved[0] || a.reserved[1] || a.reserved[2])
		buf_printf(b, "]");
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, logical_ino_flags, a.flags, "0", "BTRFS_LOGICAL_INO_ARGS_???");
	if (a.inodes)
		buf_printf(b, ", inodes=%#llx}", (unsigned long long)a.inodes);
	else
		buf_printf(b, ", inodes=NULL}");
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{inodes=");
	if (container(b, c, o, a.inodes, &d)) {
		buf_printf(b, ", val=");
		array(b, c, o, true, a.inodes + offsetof(struct btrfs_data_container, val),
		      d.elem_cnt / 3, 3 * sizeof(uint64_t), logical_ino_rec, NULL);
		buf_printf(b, "}");
	}
	buf_printf(b, "}");
}

/* A UUID's 16 bytes as 8-4-4-4-12 hex digits. */
static void uuid(struct buf *b, const uint8_t *u)
{
	int i;

	for (i = 0; i < 16; i++)
		buf_printf(b, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", u[i]);
}

static bool uuid_zero(const uint8_t *u)
{
	static const uint8_t zero[16];

	return !memcmp(u, zero, sizeof(zero));
}

/*
 * A time's date in a comment, as strace's: local time, nsec (up to 1e9)
 * digits when not 0; none for 0 or a time localtime cannot give.
 */
static void date(struct buf *b, uint64_t sec, uint64_t nsec)
{
	char d[64], z[16];
	time_t t = (time_t)sec;
	struct tm tm;

	if ((!sec && !nsec) || nsec > 999999999 || (uint64_t)t != sec || !localtime_r(&t, &tm) ||
	    !strftime(d, sizeof(d), "%FT%T", &tm) || !strftime(z, sizeof(z), "%z", &tm))
		return;
	buf_printf(b, " /* %s", d);
	if (nsec)
		buf_printf(b, ".%09llu", (unsigned long long)nsec);
	buf_printf(b, "%s */", z);
}

static void timespec(struct buf *b, const struct btrfs_ioctl_timespec *t)
{
	buf_printf(b, "{sec=%llu, nsec=%u}", (unsigned long long)t->sec, t->nsec);
	date(b, t->sec, t->nsec);
}

static void dev_info(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_dev_info_args a;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{devid=");
	devid(b, a.devid);
	if (!uuid_zero(a.uuid)) {
		buf_printf(b, ", uuid=");
		uuid(b, a.uuid);
	}
	buf_printf(b, "}");
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{");
	if (!uuid_zero(a.uuid)) {
		buf_printf(b, "uuid=");
		uuid(b, a.uuid);
		buf_printf(b, ", ");
	}
	buf_printf(b, "bytes_used=%llu, total_bytes=%llu, path=", (unsigned long long)a.bytes_used,
		   (unsigned long long)a.total_bytes);
	st_ioctl_cstring(b, (const char *)a.path, sizeof(a.path), o);
	buf_printf(b, "}");
}

static void dev_replace(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_dev_replace_args a;
	const struct btrfs_ioctl_dev_replace_status_params *st = &a.status;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{cmd=");
	st_xlat_val(b, dev_replace_cmds, a.cmd, "BTRFS_IOCTL_DEV_REPLACE_CMD_???");
	if (a.cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_START) {
		buf_printf(b, ", start={srcdevid=");
		devid(b, a.start.srcdevid);
		buf_printf(b, ", cont_reading_from_srcdev_mode=");
		st_xlat_val(b, srcdev_modes, a.start.cont_reading_from_srcdev_mode,
			    "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_???");
		buf_printf(b, ", srcdev_name=");
		st_ioctl_cstring(b, (const char *)a.start.srcdev_name, sizeof(a.start.srcdev_name), o);
		buf_printf(b, ", tgtdev_name=");
		st_ioctl_cstring(b, (const char *)a.start.tgtdev_name, sizeof(a.start.tgtdev_name), o);
		buf_printf(b, "}");
	}
	buf_printf(b, "}");
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{result=");
	st_xlat_val(b, dev_replace_results, a.result, "BTRFS_IOCTL_DEV_REPLACE_RESULT_???");
	if (a.cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS) {
		buf_printf(b, ", status={replace_state=");
		st_xlat_val(b, dev_replace_states, st->replace_state,
			    "BTRFS_IOCTL_DEV_REPLACE_STATE_???");
		buf_printf(b, ", progress_1000=%llu", (unsigned long long)st->progress_1000);
		if (st->progress_1000 <= 1000)
			buf_printf(b, " /* %u.%u%% */", (unsigned)st->progress_1000 / 10,
				   (unsigned)st->progress_1000 % 10);
		buf_printf(b, ", time_started=%llu", (unsigned long long)st->time_started);
		date(b, st->time_started, 0);
		buf_printf(b, ", time_stopped=%llu", (unsigned long long)st->time_stopped);
		date(b, st->time_stopped, 0);
		buf_printf(b, ", num_write_errors=%llu, num_uncorrectable_read_errors=%llu}",
			   (unsigned long long)st->num_write_errors,
			   (unsigned long long)st->num_uncorrectable_read_errors);
	}
	buf_printf(b, "}");
}

static void fs_info(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_fs_info_args a;

	if (!st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{max_id=%llu, num_devices=%llu, fsid=", (unsigned long long)a.max_id,
		   (unsigned long long)a.num_devices);
	uuid(b, a.fsid);
	buf_printf(b, ", nodesize=%u, sectorsize=%u, clone_alignment=%u", a.nodesize,
		   a.sectorsize, a.clone_alignment);
	if (a.flags & BTRFS_FS_INFO_FLAG_CSUM_INFO) {
		buf_printf(b, ", csum_type=");
		st_xlat_val(b, csum_types, a.csum_type, "BTRFS_CSUM_TYPE_???");
		buf_printf(b, ", csum_size=%u", a.csum_size);
	}
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, fs_info_flags, a.flags, "0", "BTRFS_FS_INFO_FLAG_???");
	if (a.flags & BTRFS_FS_INFO_FLAG_GENERATION)
		buf_printf(b, ", generation=%llu", (unsigned long long)a.generation);
	if (a.flags & BTRFS_FS_INFO_FLAG_METADATA_UUID) {
		buf_printf(b, ", metadata_uuid=");
		uuid(b, a.metadata_uuid);
	}
	buf_printf(b, "}");
}

static void received_subvol(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_received_subvol_args a;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{uuid=");
	uuid(b, (const uint8_t *)a.uuid);
	buf_printf(b, ", stransid=%llu, stime=", (unsigned long long)a.stransid);
	timespec(b, &a.stime);
	buf_printf(b, ", flags=%llu}", (unsigned long long)a.flags);
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{rtransid=%llu, rtime=", (unsigned long long)a.rtransid);
	timespec(b, &a.rtime);
	buf_printf(b, "}");
}

static void features(struct buf *b, const struct btrfs_ioctl_feature_flags *f)
{
	buf_printf(b, "{compat_flags=");
	st_xlat_flags_dflt(b, features_compat, f->compat_flags, "0", "BTRFS_FEATURE_COMPAT_???");
	buf_printf(b, ", compat_ro_flags=");
	st_xlat_flags_dflt(b, features_compat_ro, f->compat_ro_flags, "0",
			   "BTRFS_FEATURE_COMPAT_RO_???");
	buf_printf(b, ", incompat_flags=");
	st_xlat_flags_dflt(b, features_incompat, f->incompat_flags, "0",
			   "BTRFS_FEATURE_INCOMPAT_???");
	buf_printf(b, "}");
}

/*
 * The feature sets of GET_FEATURES (1, at exit), SET_FEATURES (2: those
 * to change and their values) or GET_SUPPORTED_FEATURES (3, at exit).
 */
static void feature_sets(struct buf *b, const struct st_call *c, const struct st_dopts *o, int n)
{
	static const char *const what[] = { "supported", "safe to set", "safe to clear" };
	struct btrfs_ioctl_feature_flags f[3];
	int i;

	if (!st_ioctl_umove(b, c, o, n != 2, f, n * sizeof(f[0])))
		return;
	if (n == 1) {
		features(b, f);
		return;
	}
	for (i = 0; i < n; i++) {
		buf_printf(b, i ? ", " : "[");
		features(b, &f[i]);
		if (n == 3)
			buf_printf(b, " /* %s */", what[i]);
	}
	buf_printf(b, "]");
}

/* How many of FIDEDUPERANGE's destinations strace shows unless -v. */
#define DEDUPE_ABBREV 2

static bool dedupe_info(struct buf *b, const struct st_call *c, const struct st_dopts *o,
			const void *e, void *data)
{
	const struct st_call *exit_of = data;
	struct file_dedupe_range_info i;

	memcpy(&i, e, sizeof(i));
	if (exit_of) {
		buf_printf(b, "{bytes_deduped=%llu, status=%d}", (unsigned long long)i.bytes_deduped,
			   i.status);
		return true;
	}
	buf_printf(b, "{dest_fd=");
	st_decode_fd(b, c->tid, i.dest_fd, o, NULL);
	buf_printf(b, ", dest_offset=%llu}", (unsigned long long)i.dest_offset);
	return true;
}

/*
 * FIDEDUPERANGE: at entry the range and its destinations, after a
 * success what each deduplicated; without -v the first DEDUPE_ABBREV
 * destinations and "...".
 */
static void dedupe(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct file_dedupe_range r;
	struct st_dopts lim = *o;
	uint64_t info = c->args[2] + offsetof(struct file_dedupe_range, info);
	int exit;

	for (exit = 0; exit < 2; exit++) {
		if (exit)
			buf_printf(b, " => ");
		if (!st_ioctl_umove(b, c, o, exit, &r, sizeof(r)))
			return;
		if (!exit)
			buf_printf(b, "{src_offset=%llu, src_length=%llu, dest_count=%u, ",
				   (unsigned long long)r.src_offset, (unsigned long long)r.src_length,
				   r.dest_count);
		else
			buf_printf(b, "{");
		buf_printf(b, "info=");
		/* strace's own cut when abbreviated: at 2, or -s if less. */
		if (!o->verbose && r.dest_count > DEDUPE_ABBREV && lim.strsize > DEDUPE_ABBREV)
			lim.strsize = DEDUPE_ABBREV;
		if (!array(b, c, &lim, exit, info, r.dest_count, sizeof(struct file_dedupe_range_info),
			   dedupe_info, exit ? (void *)c : NULL)) {
			buf_printf(b, "}");
			return;
		}
		buf_printf(b, "}");
		if (st_call_failed(c))
			return;
	}
}

static bool space(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  const void *e, void *data)
{
	struct btrfs_ioctl_space_info i;

	(void)c;
	(void)o;
	(void)data;
	memcpy(&i, e, sizeof(i));
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, space_info_flags, i.flags, "0", "BTRFS_SPACE_INFO_???");
	buf_printf(b, ", total_bytes=%llu, used_bytes=%llu}", (unsigned long long)i.total_bytes,
		   (unsigned long long)i.used_bytes);
	return true;
}

/*
 * SPACE_INFO: the slots offered, after a success how many spaces there
 * are and (-v) those filled, which follow the struct.
 */
static void space_info(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct btrfs_ioctl_space_args a;

	if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
		return;
	buf_printf(b, "{space_slots=%llu}", (unsigned long long)a.space_slots);
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &a, sizeof(a)))
		return;
	buf_printf(b, "{total_spaces=%llu", (unsigned long long)a.total_spaces);
	/* With no slots the kernel only counts the spaces. */
	if (!a.space_slots && a.total_spaces) {
		buf_printf(b, "}");
		return;
	}
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	buf_printf(b, ", spaces=");
	array(b, c, o, true, c->args[2] + offsetof(struct btrfs_ioctl_space_args, spaces),
	      a.total_spaces, sizeof(struct btrfs_ioctl_space_info), space, NULL);
	buf_printf(b, "}");
}

/* SCRUB (whole) and SCRUB_PROGRESS (its devid) at entry, their progress after a success. */
static void scrub(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool whole)
{
	static struct btrfs_ioctl_scrub_args s;
	const struct btrfs_scrub_progress *p = &s.progress;

	if (!st_ioctl_umove(b, c, o, false, &s, sizeof(s)))
		return;
	buf_printf(b, "{devid=");
	devid(b, s.devid);
	if (whole) {
		buf_printf(b, ", start=%llu, end=", (unsigned long long)s.start);
		u64_max(b, s.end);
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, scrub_flags, s.flags, "0", "BTRFS_SCRUB_???");
	}
	buf_printf(b, "}");
	if (!at_exit(b, c) || !st_ioctl_umove(b, c, o, true, &s, sizeof(s)))
		return;
	buf_printf(b, "{progress={data_extents_scrubbed=%llu, tree_extents_scrubbed=%llu, "
		   "data_bytes_scrubbed=%llu, tree_bytes_scrubbed=%llu, read_errors=%llu, "
		   "csum_errors=%llu, verify_errors=%llu, no_csum=%llu, csum_discards=%llu, "
		   "super_errors=%llu, malloc_errors=%llu, uncorrectable_errors=%llu, "
		   "corrected_errors=%llu, last_physical=%llu, unverified_errors=%llu}}",
		   (unsigned long long)p->data_extents_scrubbed,
		   (unsigned long long)p->tree_extents_scrubbed,
		   (unsigned long long)p->data_bytes_scrubbed,
		   (unsigned long long)p->tree_bytes_scrubbed, (unsigned long long)p->read_errors,
		   (unsigned long long)p->csum_errors, (unsigned long long)p->verify_errors,
		   (unsigned long long)p->no_csum, (unsigned long long)p->csum_discards,
		   (unsigned long long)p->super_errors, (unsigned long long)p->malloc_errors,
		   (unsigned long long)p->uncorrectable_errors,
		   (unsigned long long)p->corrected_errors, (unsigned long long)p->last_physical,
		   (unsigned long long)p->unverified_errors);
}

/* GET_DEV_STATS: the request, after a success the statistics by name (at most those the struct holds). */
static void dev_stats(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	static struct btrfs_ioctl_get_dev_stats d;
	uint64_t i;
	int exit;

	for (exit = 0; exit < 2; exit++) {
		if (exit && !at_exit(b, c))
			return;
		if (!st_ioctl_umove(b, c, o, exit, &d, sizeof(d)))
			return;
		buf_printf(b, "{");
		if (!exit) {
			buf_printf(b, "devid=");
			devid(b, d.devid);
			buf_printf(b, ", ");
		}
		buf_printf(b, "nr_items=%llu, flags=", (unsigned long long)d.nr_items);
		st_xlat_flags_dflt(b, dev_stats_flags, d.flags, "0", "BTRFS_DEV_STATS_???");
		if (!exit) {
			buf_printf(b, "}");
			continue;
		}
		buf_printf(b, ", [");
		for (i = 0; i < d.nr_items; i++) {
			if (i)
				buf_printf(b, ", ");
			if (i >= BTRFS_DEV_STAT_VALUES_MAX) {
				buf_printf(b, "...");
				break;
			}
			buf_printf(b, "[");
			xval_u(b, dev_stats_values, i);
			buf_printf(b, "]=%llu", (unsigned long long)d.values[i]);
		}
		buf_printf(b, "]}");
	}
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

static void qgroup_limit(struct buf *b, const struct btrfs_qgroup_limit *l)
{
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, qgroup_limit_flags, l->flags, "0", "BTRFS_QGROUP_LIMIT_???");
	buf_printf(b, ", max_rfer=%llu, max_excl=%llu, rsv_rfer=%llu, rsv_excl=%llu}",
		   (unsigned long long)l->max_rfer, (unsigned long long)l->max_excl,
		   (unsigned long long)l->rsv_rfer, (unsigned long long)l->rsv_excl);
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
	buf_printf(b, ", num_qgroups=%llu, num_ref_copies=%llu, num_excl_copies=%llu, lim=",
		   (unsigned long long)q.num_qgroups, (unsigned long long)q.num_ref_copies,
		   (unsigned long long)q.num_excl_copies);
	qgroup_limit(b, &q.lim);
	buf_printf(b, ", ");
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "qgroups=");
	for (i = 0; i < q.num_qgroups; i++) {
		uint64_t at = addr + offsetof(struct btrfs_qgroup_inherit, qgroups) + 8 * i, v;

		if (st_ioctl_mem(c, false, at, &v, sizeof(v), false) < sizeof(v)) {
			st_ioctl_arr_cut(b, i, at);
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
	case BTRFS_IOC_ADD_DEV: case BTRFS_IOC_RM_DEV: case BTRFS_IOC_DEVICES_READY:
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
	/* What only the kernel fills: shown after a success, else the address. */
	case BTRFS_IOC_START_SYNC: {
		uint64_t v;

		if (st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
			buf_printf(b, "[%llu]", (unsigned long long)v);
		return true;
	}
	case BTRFS_IOC_SUBVOL_GETFLAGS: {
		uint64_t v;

		if (st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
			st_xlat_flags_dflt(b, subvol_flags, v, "0", "BTRFS_SUBVOL_???");
		return true;
	}
	case BTRFS_IOC_QGROUP_LIMIT: {
		struct btrfs_ioctl_qgroup_limit_args q;

		if (!st_ioctl_umove(b, c, o, true, &q, sizeof(q)))
			return true;
		buf_printf(b, "{qgroupid=%llu, lim=", (unsigned long long)q.qgroupid);
		qgroup_limit(b, &q.lim);
		buf_printf(b, "}");
		return true;
	}
	case BTRFS_IOC_QUOTA_RESCAN_STATUS: {
		struct btrfs_ioctl_quota_rescan_args q;

		if (!st_ioctl_umove(b, c, o, true, &q, sizeof(q)))
			return true;
		buf_printf(b, "{flags=%llu, progress=", (unsigned long long)q.flags);
		objectid(b, q.progress);
		buf_printf(b, "}");
		return true;
	}
	case FS_IOC_GETFSLABEL: {
		static char label[FSLABEL_MAX];

		if (st_ioctl_umove(b, c, o, true, label, sizeof(label)))
			name(b, label, sizeof(label), o);
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
	case BTRFS_IOC_SPACE_INFO:
		space_info(b, c, o);
		return true;
	case BTRFS_IOC_SCRUB: case BTRFS_IOC_SCRUB_PROGRESS:
		scrub(b, c, o, request == BTRFS_IOC_SCRUB);
		return true;
	case BTRFS_IOC_GET_DEV_STATS:
		dev_stats(b, c, o);
		return true;
	case BTRFS_IOC_TREE_SEARCH: case BTRFS_IOC_TREE_SEARCH_V2:
		tree_search(b, c, o, request == BTRFS_IOC_TREE_SEARCH_V2);
		return true;
	case BTRFS_IOC_INO_LOOKUP:
		ino_lookup(b, c, o);
		return true;
	case BTRFS_IOC_INO_PATHS:
		ino_paths(b, c, o);
		return true;
	case BTRFS_IOC_LOGICAL_INO:
		logical_ino(b, c, o);
		return true;
	case BTRFS_IOC_DEV_INFO:
		dev_info(b, c, o);
		return true;
	case BTRFS_IOC_DEV_REPLACE:
		dev_replace(b, c, o);
		return true;
	case BTRFS_IOC_FS_INFO:
		fs_info(b, c, o);
		return true;
	case BTRFS_IOC_SET_RECEIVED_SUBVOL:
		received_subvol(b, c, o);
		return true;
	case BTRFS_IOC_GET_FEATURES:
		feature_sets(b, c, o, 1);
		return true;
	case BTRFS_IOC_SET_FEATURES:
		feature_sets(b, c, o, 2);
		return true;
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
		feature_sets(b, c, o, 3);
		return true;
	case FIDEDUPERANGE:
		dedupe(b, c, o);
		return true;
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
		if (o->verbose)
			array(b, c, o, false, (uintptr_t)s.clone_sources, s.clone_sources_count,
			      sizeof(uint64_t), clone_source, NULL);
		else if (s.clone_sources)
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

const struct st_ioc_family st_ioc_btrfs = {
	.type = BTRFS_IOCTL_MAGIC, .no_arg = no_arg, .decode = decode,
};
