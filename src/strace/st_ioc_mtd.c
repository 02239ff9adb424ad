/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the MTD requests (type 'M', which the sound mixer's
 * share), as strace decodes them: erase, lock and OOB ranges, write
 * requests, OTP selection and regions, and what the device answers
 * (its geometry, ECC layout and statistics).  The mixer's requests are
 * left to the generic printing.
 */
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <mtd/mtd-abi.h>

#include "st_ioctl.h"
#include "st_region.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat mtd_types[] = {
	X(MTD_ABSENT), X(MTD_RAM), X(MTD_ROM), X(MTD_NORFLASH), X(MTD_NANDFLASH),
	X(MTD_DATAFLASH), X(MTD_UBIVOLUME), X(MTD_MLCNANDFLASH), END,
};

static const struct st_xlat mtd_flags[] = {
	X(MTD_WRITEABLE), X(MTD_BIT_WRITEABLE), X(MTD_NO_ERASE), X(MTD_POWERUP_LOCK),
	{ 0x4000, "MTD_SLC_ON_MLC_EMULATION" }, END,
};

static const struct st_xlat nandecc[] = {
	X(MTD_NANDECC_OFF), X(MTD_NANDECC_PLACE), X(MTD_NANDECC_AUTOPLACE),
	X(MTD_NANDECC_PLACEONLY), X(MTD_NANDECC_AUTOPL_USR), END,
};

static const struct st_xlat ops_modes[] = {
	X(MTD_OPS_PLACE_OOB), X(MTD_OPS_AUTO_OOB), X(MTD_OPS_RAW), END,
};

static const struct st_xlat file_modes[] = {
	X(MTD_FILE_MODE_NORMAL), X(MTD_FILE_MODE_OTP_FACTORY), X(MTD_FILE_MODE_OTP_USER),
	X(MTD_FILE_MODE_RAW), END,
};

static const struct st_xlat otp_modes[] = {
	X(MTD_OTP_OFF), X(MTD_OTP_FACTORY), X(MTD_OTP_USER), END,
};

/* n u32s in hex, -s of them at most, as strace prints an array. */
static void hex32s(struct buf *b, const uint32_t *v, int n, const struct st_dopts *o)
{
	int i;

	buf_printf(b, "[");
	for (i = 0; i < n; i++) {
		if (i == o->strsize && !o->verbose) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s%#x", i ? ", " : "", v[i]);
	}
	buf_printf(b, "]");
}

static void erase_info(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct erase_info_user e;

	if (st_ioctl_umove(b, c, o, false, &e, sizeof(e)))
		buf_printf(b, "{start=%#x, length=%#x}", e.start, e.length);
}

/* What the device answered: its geometry, OOB and ECC layouts and counts. */
static void answer(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		   unsigned request)
{
	union {
		struct mtd_info_user info;
		struct nand_oobinfo oob;
		struct nand_ecclayout_user ecc;
		struct mtd_ecc_stats stats;
		struct otp_info otp;
		int32_t n;
	} u;
	size_t size = request == MEMGETINFO ? sizeof(u.info) :
		request == MEMGETOOBSEL ? sizeof(u.oob) :
		request == ECCGETLAYOUT ? sizeof(u.ecc) :
		request == ECCGETSTATS ? sizeof(u.stats) :
		request == OTPGETREGIONINFO ? sizeof(u.otp) : sizeof(u.n);
	int i;

	if (!st_ioctl_umove(b, c, o, true, &u, size))
		return;
	switch (request) {
	case MEMGETINFO:
		buf_printf(b, "{type=");
		st_xlat_val(b, mtd_types, u.info.type, "MTD_???");
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, mtd_flags, u.info.flags, "0", "MTD_???");
		buf_printf(b, ", size=%#x, erasesize=%#x, writesize=%#x, oobsize=%#x, padding=%#llx}",
			   u.info.size, u.info.erasesize, u.info.writesize, u.info.oobsize,
			   (unsigned long long)u.info.padding);
		break;
	case MEMGETOOBSEL:
		buf_printf(b, "{useecc=");
		st_xlat_val(b, nandecc, u.oob.useecc, "MTD_NANDECC_???");
		buf_printf(b, ", eccbytes=%#x, oobfree=[", u.oob.eccbytes);
		for (i = 0; i < 8; i++)
			buf_printf(b, "%s[%#x, %#x]", i ? ", " : "", u.oob.oobfree[i][0],
				   u.oob.oobfree[i][1]);
		buf_printf(b, "], eccpos=");
		hex32s(b, u.oob.eccpos, 32, o);
		buf_printf(b, "}");
		break;
	case ECCGETLAYOUT:
		buf_printf(b, "{eccbytes=%#x, eccpos=", u.ecc.eccbytes);
		hex32s(b, u.ecc.eccpos, MTD_MAX_ECCPOS_ENTRIES, o);
		buf_printf(b, ", oobavail=%#x, oobfree=[", u.ecc.oobavail);
		for (i = 0; i < MTD_MAX_OOBFREE_ENTRIES; i++)
			buf_printf(b, "%s{offset=%#x, length=%#x}", i ? ", " : "",
				   u.ecc.oobfree[i].offset, u.ecc.oobfree[i].length);
		buf_printf(b, "]}");
		break;
	case ECCGETSTATS:
		buf_printf(b, "{corrected=%#x, failed=%#x, badblocks=%#x, bbtblocks=%#x}",
			   u.stats.corrected, u.stats.failed, u.stats.badblocks,
			   u.stats.bbtblocks);
		break;
	case OTPGETREGIONINFO:
		buf_printf(b, "{start=%#x, length=%#x, locked=%u}", u.otp.start, u.otp.length,
			   u.otp.locked);
		break;
	default:
		buf_printf(b, "[%d]", u.n);
	}
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];

	switch (request) {
	case MTDFILEMODE:
		st_xlat_val(b, file_modes, c->args[2], "MTD_FILE_MODE_???");
		return true;
	case OTPSELECT: {
		uint32_t v;

		if (!st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			return true;
		buf_printf(b, "[");
		st_xlat_val(b, otp_modes, v, "MTD_OTP_???");
		buf_printf(b, "]");
		return true;
	}
	case MEMGETBADBLOCK: case MEMSETBADBLOCK: {
		uint64_t v;

		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			buf_printf(b, "[%llu]", (unsigned long long)v);
		return true;
	}
	case MEMGETREGIONINFO: {
		struct region_info_user r;

		if (!st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			return true;
		buf_printf(b, "{regionindex=%#x", r.regionindex);
		if (!st_call_failed(c) && !o->noderef &&
		    st_ioctl_struct(c, true, &r, sizeof(r)) == sizeof(r))
			buf_printf(b, ", offset=%#x, erasesize=%#x, numblocks=%#x", r.offset,
				   r.erasesize, r.numblocks);
		buf_printf(b, "}");
		return true;
	}
	case MEMERASE: case MEMLOCK: case MEMUNLOCK: case MEMISLOCKED:
		erase_info(b, c, o);
		return true;
	case MEMERASE64: {
		struct erase_info_user64 e;

		if (st_ioctl_umove(b, c, o, false, &e, sizeof(e)))
			buf_printf(b, "{start=%#llx, length=%#llx}", (unsigned long long)e.start,
				   (unsigned long long)e.length);
		return true;
	}
	case MEMWRITEOOB: case MEMREADOOB: {
		struct mtd_oob_buf m;

		if (!st_ioctl_umove(b, c, o, false, &m, sizeof(m)))
			return true;
		buf_printf(b, "{start=%#x, length=%#x, ptr=", m.start, m.length);
		st_region_ptr(b, (uintptr_t)m.ptr);
		buf_printf(b, "}");
		return true;
	}
	case MEMWRITEOOB64: case MEMREADOOB64: {
		struct mtd_oob_buf64 m;

		if (!st_ioctl_umove(b, c, o, false, &m, sizeof(m)))
			return true;
		buf_printf(b, "{start=%#llx, length=%#x, usr_ptr=", (unsigned long long)m.start,
			   m.length);
		st_region_ptr(b, m.usr_ptr);
		buf_printf(b, "}");
		return true;
	}
	case OTPLOCK: {
		struct otp_info i;

		if (st_ioctl_umove(b, c, o, false, &i, sizeof(i)))
			buf_printf(b, "{start=%#x, length=%#x, locked=%u}", i.start, i.length,
				   i.locked);
		return true;
	}
	case MEMWRITE: {
		struct mtd_write_req w;

		if (!st_ioctl_umove(b, c, o, false, &w, sizeof(w)))
			return true;
		buf_printf(b, "{start=%#llx, len=%#llx, ooblen=%#llx, usr_data=",
			   (unsigned long long)w.start, (unsigned long long)w.len,
			   (unsigned long long)w.ooblen);
		st_region_ptr(b, w.usr_data);
		buf_printf(b, ", usr_oob=");
		st_region_ptr(b, w.usr_oob);
		buf_printf(b, ", mode=");
		st_xlat_val(b, ops_modes, w.mode, "MTD_OPS_???");
		buf_printf(b, "}");
		return true;
	}
	case MEMGETINFO: case MEMGETOOBSEL: case ECCGETLAYOUT: case ECCGETSTATS:
	case OTPGETREGIONINFO: case MEMGETREGIONCOUNT: case OTPGETREGIONCOUNT:
		answer(b, c, o, request);
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_mtd = { .type = 'M', .decode = decode };
