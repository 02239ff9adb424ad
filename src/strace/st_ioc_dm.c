/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the device mapper's requests (type 0xfd), as strace
 * 6.1 decodes them: struct dm_ioctl at entry, and again at exit after a
 * success or when the call changed it, in brackets with what follows it
 * in its buffer.  That payload (target specs, the strings of a rename,
 * a geometry and a message, and at exit the dependencies, the name and
 * version lists, a table's status) shows only under -v, "..." otherwise;
 * it is read in the kernel with the struct under -v, as far as
 * data_size says (a page at most), past that from the process.  Names
 * from linux/dm-ioctl.h.
 */
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/dm-ioctl.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* libdevmapper's flag, which no UAPI header names but strace does. */
#define ST_DM_EXISTS_FLAG 0x4

static const struct st_xlat flags[] = {
	X(DM_READONLY_FLAG), X(DM_SUSPEND_FLAG), { ST_DM_EXISTS_FLAG, "DM_EXISTS_FLAG" },
	X(DM_PERSISTENT_DEV_FLAG), X(DM_STATUS_TABLE_FLAG), X(DM_ACTIVE_PRESENT_FLAG),
	X(DM_INACTIVE_PRESENT_FLAG), X(DM_BUFFER_FULL_FLAG), X(DM_SKIP_BDGET_FLAG),
	X(DM_SKIP_LOCKFS_FLAG), X(DM_NOFLUSH_FLAG), X(DM_QUERY_INACTIVE_TABLE_FLAG),
	X(DM_UEVENT_GENERATED_FLAG), X(DM_UUID_FLAG), X(DM_SECURE_DATA_FLAG),
	X(DM_DATA_OUT_FLAG), X(DM_DEFERRED_REMOVE), X(DM_INTERNAL_SUSPEND_FLAG),
	X(DM_IMA_MEASUREMENT_FLAG), END,
};

/* The struct's fixed part, what strace reads of it. */
#define HDR offsetof(struct dm_ioctl, data)

/* One side of the call: the struct as read then, and where it is. */
struct side {
	const struct st_call *c;
	const struct st_dopts *o;
	bool exit;
	uint64_t addr;
	struct dm_ioctl d;
};

static bool known(unsigned request)
{
	switch (request) {
	case DM_VERSION: case DM_REMOVE_ALL: case DM_LIST_DEVICES: case DM_DEV_CREATE:
	case DM_DEV_REMOVE: case DM_DEV_RENAME: case DM_DEV_SUSPEND: case DM_DEV_STATUS:
	case DM_DEV_WAIT: case DM_TABLE_LOAD: case DM_TABLE_CLEAR: case DM_TABLE_DEPS:
	case DM_TABLE_STATUS: case DM_LIST_VERSIONS: case DM_TARGET_MSG:
	case DM_DEV_SET_GEOMETRY: case DM_DEV_ARM_POLL:
		return true;
	}
	return false;
}

/* Whether the request's struct has a payload, whose offset strace shows. */
static bool has_params(unsigned request)
{
	switch (request) {
	case DM_VERSION: case DM_REMOVE_ALL: case DM_DEV_CREATE: case DM_DEV_REMOVE:
	case DM_DEV_SUSPEND: case DM_DEV_STATUS: case DM_TABLE_CLEAR: case DM_DEV_ARM_POLL:
		return false;
	}
	return true;
}

/*
 * The NUL-terminated string of at most len bytes at addr, -s of them,
 * as strace prints such a buffer; its length with the NUL, 0 if none
 * ended it within -s bytes, -1 if it could not be read (its address
 * printed).
 */
static int str_at(struct buf *b, const struct side *s, uint64_t addr, uint32_t len)
{
	static unsigned char tmp[ST_IOCTL_READ_MAX];
	size_t size = len, got;
	unsigned char *nul;

	if (size > (size_t)s->o->strsize)
		size = s->o->strsize;
	if (size > sizeof(tmp))
		size = sizeof(tmp);
	got = st_ioctl_mem(s->c, s->exit, addr, tmp, size, true);
	nul = memchr(tmp, 0, got < size ? got : size);
	if (!nul && got < size) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return -1;
	}
	st_quote(b, tmp, nul ? (size_t)(nul - tmp) : size, !nul && len, s->o->xstyle);
	return nul ? (int)(nul - tmp) + 1 : 0;
}

/* The struct at offset off of the buffer, or its address printed. */
static bool read_at(struct buf *b, const struct side *s, uint32_t off, void *out, size_t size)
{
	if (st_ioctl_mem(s->c, s->exit, s->addr + off, out, size, false) == size)
		return true;
	buf_printf(b, "%#llx", (unsigned long long)(s->addr + off));
	return false;
}

static void misplaced(struct buf *b, const char *what)
{
	buf_printf(b, "??? /* misplaced %s */", what);
}

/*
 * The payload's struct what, whose fixed part ends at end, read into out
 * (size bytes): false when there is none, or -v does not ask for it
 * ("..."), or it does not fit the buffer, or cannot be read, each as
 * strace prints it.
 */
static bool fixed_part(struct buf *b, const struct side *s, uint32_t end,
		       const char *what, void *out, size_t size)
{
	uint32_t off = s->d.data_start;

	if (off == s->d.data_size)
		return false;
	buf_printf(b, ", ");
	if (!s->o->verbose) {
		buf_printf(b, "...");
		return false;
	}
	if (end <= off || end > s->d.data_size) {
		misplaced(b, what);
		return false;
	}
	return read_at(b, s, off, out, size);
}

/* The target specs of a table: loaded (entry) or its status (exit). */
static void targets(struct buf *b, const struct side *s)
{
	uint32_t off = s->d.data_start, end = 0, i;

	if (!s->o->verbose) {
		if (s->d.target_count)
			buf_printf(b, ", ...");
		return;
	}
	for (i = 0; i < s->d.target_count; i++) {
		struct dm_target_spec t;

		buf_printf(b, ", ");
		if (i && off <= end) {
			misplaced(b, "struct dm_target_spec");
			return;
		}
		end = off + sizeof(t);
		if (end <= off || end > s->d.data_size) {
			misplaced(b, "struct dm_target_spec");
			return;
		}
		if (i >= (uint32_t)s->o->strsize) {
			buf_printf(b, "...");
			return;
		}
		if (!read_at(b, s, off, &t, sizeof(t)))
			return;
		buf_printf(b, "{sector_start=%llu, length=%llu", (unsigned long long)t.sector_start,
			   (unsigned long long)t.length);
		if (s->exit)
			buf_printf(b, ", status=%d", t.status);
		buf_printf(b, ", target_type=");
		st_ioctl_cstring(b, t.target_type, sizeof(t.target_type), s->o);
		buf_printf(b, ", string=");
		str_at(b, s, s->addr + end, s->d.data_size - end);
		buf_printf(b, "}");
		/* At entry next is from this spec; the kernel's, from the first. */
		off = s->exit ? s->d.data_start + t.next : off + t.next;
	}
}

static void deps(struct buf *b, const struct side *s)
{
	uint32_t off = s->d.data_start, end = off + offsetof(struct dm_target_deps, dev), i;
	struct dm_target_deps t;

	if (!fixed_part(b, s, end, "struct dm_target_deps", &t, sizeof(t)))
		return;
	if (t.count > (s->d.data_size - end) / sizeof(uint64_t)) {
		misplaced(b, "struct dm_target_deps");
		return;
	}
	buf_printf(b, "{count=%u, deps=", t.count);
	for (i = 0; i < t.count; i++) {
		uint64_t at = s->addr + end + 8ULL * i, dev;

		if (st_ioctl_mem(s->c, s->exit, at, &dev, sizeof(dev), false) < sizeof(dev)) {
			st_ioctl_arr_cut(b, i, at);
			break;
		}
		buf_printf(b, i ? ", " : "[");
		st_ioctl_dev(b, dev);
	}
	if (!t.count)
		buf_printf(b, "[");
	if (i || !t.count)
		buf_printf(b, "]");
	buf_printf(b, "}");
}

/*
 * A chain of records from data_start, each next bytes after the one
 * before it until a next of 0: the device names (with the event number
 * after a name, from ABI 4.37 on) or the targets' versions.
 */
static void chain(struct buf *b, const struct side *s, bool names)
{
	const char *what = names ? "struct dm_name_list" : "struct dm_target_versions";
	uint32_t name_off = names ? offsetof(struct dm_name_list, name) :
				    offsetof(struct dm_target_versions, name);
	uint32_t off = s->d.data_start, end = 0, n;

	if (s->d.data_start == s->d.data_size)
		return;
	if (!s->o->verbose) {
		buf_printf(b, ", ...");
		return;
	}
	for (n = 0;; n++) {
		struct dm_name_list l;
		struct dm_target_versions v;
		uint32_t next;
		int rc;

		buf_printf(b, ", ");
		if (n && off <= end) {
			misplaced(b, what);
			return;
		}
		end = off + name_off;
		if (end <= off || end > s->d.data_size) {
			misplaced(b, what);
			return;
		}
		if (n >= (uint32_t)s->o->strsize) {
			buf_printf(b, "...");
			return;
		}
		if (names) {
			if (!read_at(b, s, off, &l, sizeof(l)))
				return;
			buf_printf(b, "{dev=");
			st_ioctl_dev(b, l.dev);
			buf_printf(b, ", name=");
			rc = str_at(b, s, s->addr + end, s->d.data_size - end);
			next = l.next;
			if (rc > 0 && s->d.version[1] >= 37) {
				uint64_t ev = (s->addr + end + rc + 7) & ~7ULL;
				uint32_t e;

				if (ev + sizeof(e) <= s->addr + off + next &&
				    st_ioctl_mem(s->c, s->exit, ev, &e, sizeof(e), false) == sizeof(e))
					buf_printf(b, ", event_nr=%u", e);
			}
		} else {
			if (!read_at(b, s, off, &v, sizeof(v)))
				return;
			buf_printf(b, "{name=");
			str_at(b, s, s->addr + end, s->d.data_size - end);
			buf_printf(b, ", version=[%u, %u, %u]", v.version[0], v.version[1], v.version[2]);
			next = v.next;
		}
		buf_printf(b, "}");
		if (!next)
			return;
		off += next;
	}
}

static void message(struct buf *b, const struct side *s)
{
	uint32_t off = s->d.data_start, end = off + offsetof(struct dm_target_msg, message);
	struct dm_target_msg m;

	if (!fixed_part(b, s, end, "struct dm_target_msg", &m, sizeof(m)))
		return;
	buf_printf(b, "{sector=%llu, message=", (unsigned long long)m.sector);
	str_at(b, s, s->addr + end, s->d.data_size - end);
	buf_printf(b, "}");
}

static void string(struct buf *b, const struct side *s)
{
	buf_printf(b, ", ");
	if (!s->o->verbose) {
		buf_printf(b, "...");
		return;
	}
	if (s->d.data_start > s->d.data_size) {
		misplaced(b, "string");
		return;
	}
	buf_printf(b, "{string=");
	str_at(b, s, s->addr + s->d.data_start, s->d.data_size - s->d.data_start);
	buf_printf(b, "}");
}

/* What follows the struct, for the request at this side of the call. */
static void payload(struct buf *b, const struct side *s, unsigned request)
{
	bool ok = !st_call_failed(s->c);

	switch (request) {
	case DM_DEV_WAIT: case DM_TABLE_STATUS:
		if (s->exit && ok)
			targets(b, s);
		break;
	case DM_TABLE_LOAD:
		if (!s->exit)
			targets(b, s);
		break;
	case DM_TABLE_DEPS:
		if (s->exit && ok)
			deps(b, s);
		break;
	case DM_LIST_DEVICES: case DM_LIST_VERSIONS:
		if (s->exit && ok)
			chain(b, s, request == DM_LIST_DEVICES);
		break;
	case DM_TARGET_MSG:
		if (!s->exit)
			message(b, s);
		else if (ok && s->d.flags & DM_DATA_OUT_FLAG)
			string(b, s);
		break;
	case DM_DEV_RENAME: case DM_DEV_SET_GEOMETRY:
		if (!s->exit)
			string(b, s);
		break;
	}
}

/* The fields that say which device, for a request about one. */
static void device(struct buf *b, const struct side *s, unsigned request)
{
	if (request == DM_REMOVE_ALL || request == DM_LIST_DEVICES || request == DM_LIST_VERSIONS)
		return;
	if (s->d.dev) {
		buf_printf(b, ", dev=");
		st_ioctl_dev(b, s->d.dev);
	}
	if (s->d.name[0]) {
		buf_printf(b, ", name=");
		st_ioctl_cstring(b, s->d.name, sizeof(s->d.name), s->o);
	}
	if (s->d.uuid[0]) {
		buf_printf(b, ", uuid=");
		st_ioctl_cstring(b, s->d.uuid, sizeof(s->d.uuid), s->o);
	}
}

/* The counts the request passes at entry, or the device's after a success. */
static void values(struct buf *b, const struct side *s, unsigned request)
{
	if (!s->exit) {
		if (request == DM_TABLE_LOAD)
			buf_printf(b, ", target_count=%u", s->d.target_count);
		else if ((request == DM_DEV_SUSPEND && !(s->d.flags & DM_SUSPEND_FLAG)) ||
			 request == DM_DEV_RENAME || request == DM_DEV_REMOVE ||
			 request == DM_DEV_WAIT)
			buf_printf(b, ", event_nr=%u", s->d.event_nr);
		return;
	}
	if (st_call_failed(s->c))
		return;
	switch (request) {
	case DM_DEV_CREATE: case DM_DEV_RENAME: case DM_DEV_SUSPEND: case DM_DEV_STATUS:
	case DM_DEV_WAIT: case DM_TABLE_LOAD: case DM_TABLE_CLEAR: case DM_TABLE_DEPS:
	case DM_TABLE_STATUS: case DM_TARGET_MSG:
		buf_printf(b, ", target_count=%u, open_count=%d, event_nr=%u", s->d.target_count,
			   s->d.open_count, s->d.event_nr);
		break;
	}
}

/* "[{struct}, payload]" for one side of the call. */
static void side(struct buf *b, const struct side *s, unsigned request)
{
	buf_printf(b, "[{version=[%u, %u, %u]", s->d.version[0], s->d.version[1],
		   s->d.version[2]);
	/* Another ABI's fields may be anywhere: not decoded, as strace. */
	if (s->d.version[0] != DM_VERSION_MAJOR) {
		buf_printf(b, " /* unsupported device mapper ABI version */}]");
		return;
	}
	buf_printf(b, ", data_size=%u", s->d.data_size);
	if (s->d.data_size < HDR) {
		buf_printf(b, " /* data_size too small */}]");
		return;
	}
	if (has_params(request))
		buf_printf(b, ", data_start=%u", s->d.data_start);
	device(b, s, request);
	values(b, s, request);
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, flags, s->d.flags, "0", "DM_???");
	buf_printf(b, "}");
	payload(b, s, request);
	buf_printf(b, "]");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	struct side in = { .c = c, .o = o, .addr = c->args[2] }, out = in;

	if (!known(request))
		return false;
	/*
	 * A struct that cannot be read, or too short to say its size:
	 * strace leaves it undecoded, a number.
	 */
	if (o->noderef || !c->args[2] || st_ioctl_struct(c, false, &in.d, HDR) < HDR ||
	    in.d.data_size < offsetof(struct dm_ioctl, data_size)) {
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
		return true;
	}
	side(b, &in, request);
	out.exit = true;
	if (st_ioctl_struct(c, true, &out.d, HDR) < HDR)
		return true;
	/* After a failure, only a struct the call changed shows again. */
	if (st_call_failed(c) && !memcmp(in.d.version, out.d.version, sizeof(in.d.version)) &&
	    in.d.data_size == out.d.data_size && in.d.data_start == out.d.data_start &&
	    in.d.flags == out.d.flags)
		return true;
	buf_printf(b, " => ");
	side(b, &out, request);
	return true;
}

void st_ioc_dm_capture(struct buf *b, const char *request)
{
	buf_printf(b, "if ($nr == %d && ((%s >> 8) & 0xff) == %d && $a) { "
		   "$dz = *(uint32 *)($a + %zu); if ($dz > $z) { $z = $dz; } "
		   "if ($z > %d) { $z = %d; } } ",
		   __NR_ioctl, request, DM_IOCTL, offsetof(struct dm_ioctl, data_size),
		   ST_IOCTL_READ_MAX, ST_IOCTL_READ_MAX);
}

const struct st_ioc_family st_ioc_dm = { .type = DM_IOCTL, .decode = decode };
