/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the UBI requests (types 'o', of the UBI device and its
 * control device, and 'O', of a volume), as strace decodes them: the
 * volume's and the attachment's requests with the number the kernel
 * chose, renames, eraseblock changes and maps, and ints through the
 * pointer.
 */
#include <string.h>
#include <sys/ioctl.h>
#include <mtd/ubi-user.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat volume_types[] = {
	X(UBI_DYNAMIC_VOLUME), X(UBI_STATIC_VOLUME), END,
};

static const struct st_xlat volume_flags[] = { X(UBI_VOL_SKIP_CRC_CHECK_FLG), END };

static const struct st_xlat volume_props[] = { X(UBI_VOL_PROP_DIRECT_WRITE), END };

/* The data types of old headers (the kernel ignores the field now). */
static const struct st_xlat data_types[] = {
	{ 1, "UBI_LONGTERM" }, { 2, "UBI_SHORTTERM" }, { 3, "UBI_UNKNOWN" }, END,
};

static bool no_arg(unsigned request)
{
	return request == UBI_IOCVOLCRBLK || request == UBI_IOCVOLRMBLK;
}

/*
 * A volume's name of name_len bytes (clamped to the array) as strace
 * prints it: up to a NUL, "..." after when none ends it there.
 */
static void name(struct buf *b, const char *s, int len, const struct st_dopts *o)
{
	size_t max = len < 0 ? 0 : len > UBI_MAX_VOLUME_NAME ? UBI_MAX_VOLUME_NAME : (size_t)len;
	size_t n = strnlen(s, max);

	st_quote(b, (const unsigned char *)s, n, n == max && s[n], o->xstyle);
}

/* After a call that succeeded, " => [N]": the number the kernel wrote. */
static void number_out(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	int32_t v;

	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
		buf_printf(b, "[%d]", v);
}

static void rnvol(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct ubi_rnvol_req r;
	int i, n;

	if (!st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
		return;
	n = r.count < 0 ? 0 : r.count > UBI_MAX_RNVOL ? UBI_MAX_RNVOL : r.count;
	buf_printf(b, "{count=%d, ents=[", r.count);
	for (i = 0; i < n; i++) {
		if (i == o->strsize && !o->verbose) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s{vol_id=%d, name_len=%d, name=", i ? ", " : "", r.ents[i].vol_id,
			   r.ents[i].name_len);
		name(b, r.ents[i].name, r.ents[i].name_len, o);
		buf_printf(b, "}");
	}
	buf_printf(b, "]}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch ((unsigned)c->args[1]) {
	case UBI_IOCMKVOL: {
		struct ubi_mkvol_req m;

		if (!st_ioctl_umove(b, c, o, false, &m, sizeof(m)))
			return true;
		buf_printf(b, "{vol_id=%d, alignment=%d, bytes=%lld, vol_type=", m.vol_id,
			   m.alignment, (long long)m.bytes);
		st_xlat_val(b, volume_types, (uint64_t)(int64_t)m.vol_type, "UBI_???_VOLUME");
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, volume_flags, m.flags, "0", "UBI_VOL_???");
		buf_printf(b, ", name_len=%d, name=", m.name_len);
		name(b, m.name, m.name_len, o);
		buf_printf(b, "}");
		number_out(b, c, o);
		return true;
	}
	case UBI_IOCATT: {
		struct ubi_attach_req a;

		if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			return true;
		buf_printf(b, "{ubi_num=%d, mtd_num=%d, vid_hdr_offset=%d, max_beb_per1024=%d}",
			   a.ubi_num, a.mtd_num, a.vid_hdr_offset, a.max_beb_per1024);
		number_out(b, c, o);
		return true;
	}
	case UBI_IOCRSVOL: {
		struct ubi_rsvol_req r;

		if (st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			buf_printf(b, "{bytes=%lld, vol_id=%d}", (long long)r.bytes, r.vol_id);
		return true;
	}
	case UBI_IOCRNVOL:
		rnvol(b, c, o);
		return true;
	case UBI_IOCEBCH: {
		struct ubi_leb_change_req l;

		if (!st_ioctl_umove(b, c, o, false, &l, sizeof(l)))
			return true;
		buf_printf(b, "{lnum=%d, bytes=%d, dtype=", l.lnum, l.bytes);
		st_xlat_val(b, data_types, (uint64_t)(int64_t)l.dtype, "UBI_???");
		buf_printf(b, "}");
		return true;
	}
	case UBI_IOCEBMAP: {
		struct ubi_map_req m;

		if (!st_ioctl_umove(b, c, o, false, &m, sizeof(m)))
			return true;
		buf_printf(b, "{lnum=%d, dtype=", m.lnum);
		st_xlat_val(b, data_types, (uint64_t)(int64_t)m.dtype, "UBI_???");
		buf_printf(b, "}");
		return true;
	}
	case UBI_IOCSETVOLPROP: {
		struct ubi_set_vol_prop_req p;

		if (!st_ioctl_umove(b, c, o, false, &p, sizeof(p)))
			return true;
		buf_printf(b, "{property=");
		st_xlat_val(b, volume_props, p.property, "UBI_VOL_PROP_???");
		buf_printf(b, ", value=%#llx}", (unsigned long long)p.value);
		return true;
	}
	case UBI_IOCVOLUP: {
		int64_t v;

		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			buf_printf(b, "[%lld]", (long long)v);
		return true;
	}
	case UBI_IOCDET: case UBI_IOCEBER: case UBI_IOCEBISMAP: case UBI_IOCEBUNMAP:
	case UBI_IOCRMVOL: case UBI_IOCRPEB: case UBI_IOCSPEB: {
		int32_t v;

		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			buf_printf(b, "[%d]", v);
		return true;
	}
	}
	return false;
}

const struct st_ioc_family st_ioc_ubi = { .type = 'o', .no_arg = no_arg, .decode = decode };
const struct st_ioc_family st_ioc_ubi_volume = { .type = 'O', .no_arg = no_arg, .decode = decode };
