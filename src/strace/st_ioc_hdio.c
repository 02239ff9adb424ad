/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the HDIO requests (linux/hdreg.h), old numbers of type
 * 0x03 that carry no direction or size, as strace decodes them: the
 * geometry, a drive command and its answer, the settings got through a
 * pointer to an unsigned long and set by value, the identity bytes.
 */
#include <errno.h>
#include <string.h>
#include <linux/hdreg.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* HDIO_DRIVE_CMD's answer: a sector of data per sector_count. */
#define SECTOR_SIZE 512

/*
 * The ATA commands strace names (the kernel's linux/ata.h, which is not
 * part of the UAPI headers).
 */
static const struct st_xlat ata_cmds[] = {
	{ 0x00, "ATA_CMD_NOP" }, { 0x03, "ATA_CMD_CFA_REQ_EXT_ERR" },
	{ 0x06, "ATA_CMD_DSM" }, { 0x08, "ATA_CMD_DEV_RESET" },
	{ 0x0b, "ATA_CMD_REQ_SENSE_DATA" }, { 0x10, "ATA_CMD_RESTORE" },
	{ 0x20, "ATA_CMD_PIO_READ" }, { 0x22, "ATA_CMD_READ_LONG" },
	{ 0x23, "ATA_CMD_READ_LONG_ONCE" }, { 0x24, "ATA_CMD_PIO_READ_EXT" },
	{ 0x25, "ATA_CMD_READ_EXT" }, { 0x26, "ATA_CMD_READ_QUEUED" },
	{ 0x27, "ATA_CMD_READ_NATIVE_MAX_EXT" }, { 0x29, "ATA_CMD_READ_MULTI_EXT" },
	{ 0x2a, "ATA_CMD_READ_STREAM_DMA_EXT" }, { 0x2b, "ATA_CMD_READ_STREAM_EXT" },
	{ 0x2f, "ATA_CMD_READ_LOG_EXT" }, { 0x30, "ATA_CMD_PIO_WRITE" },
	{ 0x32, "ATA_CMD_WRITE_LONG" }, { 0x33, "ATA_CMD_WRITE_LONG_ONCE" },
	{ 0x34, "ATA_CMD_PIO_WRITE_EXT" }, { 0x35, "ATA_CMD_WRITE_EXT" },
	{ 0x36, "ATA_CMD_WRITE_QUEUED" }, { 0x37, "ATA_CMD_SET_MAX_EXT" },
	{ 0x38, "ATA_CMD_CFA_WRITE_NE" }, { 0x39, "ATA_CMD_WRITE_MULTI_EXT" },
	{ 0x3a, "ATA_CMD_WRITE_STREAM_DMA_EXT" }, { 0x3b, "ATA_CMD_WRITE_STREAM_EXT" },
	{ 0x3d, "ATA_CMD_WRITE_FUA_EXT" }, { 0x3e, "ATA_CMD_WRITE_QUEUED_FUA_EXT" },
	{ 0x3f, "ATA_CMD_WRITE_LOG_EXT" }, { 0x40, "ATA_CMD_VERIFY" },
	{ 0x42, "ATA_CMD_VERIFY_EXT" }, { 0x45, "ATA_CMD_WRITE_UNCORR_EXT" },
	{ 0x47, "ATA_CMD_READ_LOG_DMA_EXT" }, { 0x4a, "ATA_CMD_ZAC_MGMT_IN" },
	{ 0x51, "ATA_CMD_CONFIG_STREAM" }, { 0x57, "ATA_CMD_WRITE_LOG_DMA_EXT" },
	{ 0x5b, "ATA_CMD_TRUSTED_NONDATA" }, { 0x5c, "ATA_CMD_TRUSTED_RCV" },
	{ 0x5d, "ATA_CMD_TRUSTED_RCV_DMA" }, { 0x5e, "ATA_CMD_TRUSTED_SND" },
	{ 0x5f, "ATA_CMD_TRUSTED_SND_DMA" }, { 0x60, "ATA_CMD_FPDMA_READ" },
	{ 0x61, "ATA_CMD_FPDMA_WRITE" }, { 0x63, "ATA_CMD_NCQ_NON_DATA" },
	{ 0x64, "ATA_CMD_FPDMA_SEND" }, { 0x65, "ATA_CMD_FPDMA_RECV" },
	{ 0x87, "ATA_CMD_CFA_TRANS_SECT" }, { 0x90, "ATA_CMD_EDD" },
	{ 0x91, "ATA_CMD_INIT_DEV_PARAMS" }, { 0x92, "ATA_CMD_DOWNLOAD_MICRO" },
	{ 0x93, "ATA_CMD_DOWNLOAD_MICRO_DMA" }, { 0x9f, "ATA_CMD_ZAC_MGMT_OUT" },
	{ 0xa0, "ATA_CMD_PACKET" }, { 0xa1, "ATA_CMD_ID_ATAPI" },
	{ 0xa2, "ATA_CMD_SERVICE" }, { 0xb0, "ATA_CMD_SMART" },
	{ 0xb1, "ATA_CMD_CONF_OVERLAY" }, { 0xb4, "ATA_CMD_SANITIZE_DEVICE" },
	{ 0xc0, "ATA_CMD_CFA_ERASE" }, { 0xc4, "ATA_CMD_READ_MULTI" },
	{ 0xc5, "ATA_CMD_WRITE_MULTI" }, { 0xc6, "ATA_CMD_SET_MULTI" },
	{ 0xc8, "ATA_CMD_READ" }, { 0xca, "ATA_CMD_WRITE" },
	{ 0xcd, "ATA_CMD_CFA_WRITE_MULT_NE" }, { 0xce, "ATA_CMD_WRITE_MULTI_FUA_EXT" },
	{ 0xd1, "ATA_CMD_CHK_MED_CRD_TYP" }, { 0xde, "ATA_CMD_MEDIA_LOCK" },
	{ 0xdf, "ATA_CMD_MEDIA_UNLOCK" }, { 0xe0, "ATA_CMD_STANDBYNOW1" },
	{ 0xe1, "ATA_CMD_IDLEIMMEDIATE" }, { 0xe2, "ATA_CMD_STANDBY" },
	{ 0xe3, "ATA_CMD_IDLE" }, { 0xe4, "ATA_CMD_PMP_READ" },
	{ 0xe5, "ATA_CMD_CHK_POWER" }, { 0xe6, "ATA_CMD_SLEEP" },
	{ 0xe7, "ATA_CMD_FLUSH" }, { 0xe8, "ATA_CMD_PMP_WRITE" },
	{ 0xe9, "ATA_CMD_PMP_READ_DMA" }, { 0xea, "ATA_CMD_FLUSH_EXT" },
	{ 0xeb, "ATA_CMD_PMP_WRITE_DMA" }, { 0xec, "ATA_CMD_ID_ATA" },
	{ 0xef, "ATA_CMD_SET_FEATURES" }, { 0xf1, "ATA_CMD_SEC_SET_PASS" },
	{ 0xf2, "ATA_CMD_SEC_UNLOCK" }, { 0xf3, "ATA_CMD_SEC_ERASE_PREP" },
	{ 0xf4, "ATA_CMD_SEC_ERASE_UNIT" }, { 0xf5, "ATA_CMD_SEC_FREEZE_LOCK" },
	{ 0xf6, "ATA_CMD_SEC_DISABLE_PASS" }, { 0xf8, "ATA_CMD_READ_NATIVE_MAX" },
	{ 0xf9, "ATA_CMD_SET_MAX" }, END,
};

/* The nice flags are bit numbers; strace names the bits as shifts. */
static const struct st_xlat ide_nice[] = {
	{ 1ULL << IDE_NICE_DSC_OVERLAP, "1 << IDE_NICE_DSC_OVERLAP" },
	{ 1ULL << IDE_NICE_ATAPI_OVERLAP, "1 << IDE_NICE_ATAPI_OVERLAP" },
	{ 1ULL << IDE_NICE_1, "1 << IDE_NICE_1" },
	{ 1ULL << IDE_NICE_0, "1 << IDE_NICE_0" },
	{ 1ULL << IDE_NICE_2, "1 << IDE_NICE_2" },
	END,
};

static const struct st_xlat busstates[] = {
	X(BUSSTATE_OFF), X(BUSSTATE_ON), X(BUSSTATE_TRISTATE), END,
};

/* What a request's argument is. */
enum kind {
	K_GETGEO,	/* struct hd_geometry, filled */
	K_DRIVE_CMD,	/* struct hd_drive_cmd_hdr, then the answer over it */
	K_INTS3,	/* three ints in hex, read */
	K_GET_ULONG,	/* [N]: an unsigned long, filled */
	K_GET_NICE,	/* [flags] */
	K_GET_BUSSTATE,	/* [state] */
	K_SET_ULONG,	/* the argument itself, unsigned */
	K_SET_NICE,	/* the argument itself, flags */
	K_SET_BUSSTATE,	/* the argument itself, a state */
	K_IDENTITY,	/* bytes filled, as a string */
};

static const struct {
	unsigned request;
	enum kind kind;
	unsigned size;	/* K_IDENTITY: how many bytes */
} requests[] = {
	{ HDIO_GETGEO, K_GETGEO, 0 }, { HDIO_DRIVE_CMD, K_DRIVE_CMD, 0 },
	{ HDIO_DRIVE_RESET, K_INTS3, 0 }, { HDIO_SCAN_HWIF, K_INTS3, 0 },
	{ HDIO_GET_32BIT, K_GET_ULONG, 0 }, { HDIO_GET_ACOUSTIC, K_GET_ULONG, 0 },
	{ HDIO_GET_ADDRESS, K_GET_ULONG, 0 }, { HDIO_GET_DMA, K_GET_ULONG, 0 },
	{ HDIO_GET_KEEPSETTINGS, K_GET_ULONG, 0 }, { HDIO_GET_MULTCOUNT, K_GET_ULONG, 0 },
	{ HDIO_GET_NOWERR, K_GET_ULONG, 0 }, { HDIO_GET_UNMASKINTR, K_GET_ULONG, 0 },
	{ HDIO_GET_WCACHE, K_GET_ULONG, 0 },
	{ HDIO_GET_NICE, K_GET_NICE, 0 }, { HDIO_GET_BUSSTATE, K_GET_BUSSTATE, 0 },
	{ HDIO_SET_32BIT, K_SET_ULONG, 0 }, { HDIO_SET_ACOUSTIC, K_SET_ULONG, 0 },
	{ HDIO_SET_ADDRESS, K_SET_ULONG, 0 }, { HDIO_SET_DMA, K_SET_ULONG, 0 },
	{ HDIO_SET_KEEPSETTINGS, K_SET_ULONG, 0 }, { HDIO_SET_MULTCOUNT, K_SET_ULONG, 0 },
	{ HDIO_SET_NOWERR, K_SET_ULONG, 0 }, { HDIO_SET_PIO_MODE, K_SET_ULONG, 0 },
	{ HDIO_SET_UNMASKINTR, K_SET_ULONG, 0 }, { HDIO_SET_WCACHE, K_SET_ULONG, 0 },
	{ HDIO_UNREGISTER_HWIF, K_SET_ULONG, 0 },
	{ HDIO_SET_NICE, K_SET_NICE, 0 }, { HDIO_SET_BUSSTATE, K_SET_BUSSTATE, 0 },
	/* The sizes the kernel's comments give. */
	{ HDIO_OBSOLETE_IDENTITY, K_IDENTITY, 142 }, { HDIO_GET_IDENTITY, K_IDENTITY, 512 },
};

static void addr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/*
 * Three ints read at entry, in hex, -s of them: the address alone when
 * the first cannot be read, "..." and the address of the first that
 * cannot after those that can.
 */
static void ints3(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint32_t v[3];
	size_t n = c->args[2] ? st_ioctl_struct(c, false, v, sizeof(v)) / 4 : 0, i;

	if (!n) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "[");
	for (i = 0; i < 3; i++) {
		if (i)
			buf_printf(b, ", ");
		if (i == n) {
			buf_printf(b, "... /* %#llx */", (unsigned long long)(c->args[2] + 4 * i));
			break;
		}
		if ((int)i == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "%#x", v[i]);
	}
	buf_printf(b, "]");
}

/*
 * The command asked at entry; after a call that succeeded or failed
 * with EIO, the drive's answer the kernel wrote over it, with -s bytes
 * of the sectors that follow it (in hex) when it returned any.
 */
static void drive_cmd(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct hd_drive_cmd_hdr h;
	unsigned char a[4 + 4096];
	uint64_t len, show;

	if (st_ioctl_struct(c, false, &h, sizeof(h)) < sizeof(h)) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{command=");
	st_xlat_val(b, ata_cmds, h.command, "ATA_CMD_???");
	buf_printf(b, ", sector_number=%u, feature=%u, sector_count=%u}",
		   h.sector_number, h.feature, h.sector_count);
	if ((st_call_failed(c) && c->ret != -EIO) || st_ioctl_struct(c, true, a, 4) < 4)
		return;
	buf_printf(b, " => {status=%#x, error=%u, nsector=%u", a[0], a[1], a[2]);
	if (a[3]) {
		len = (uint64_t)a[3] * SECTOR_SIZE;
		show = len < (uint64_t)o->strsize ? len : (uint64_t)o->strsize;
		if (show > sizeof(a) - 4)
			show = sizeof(a) - 4;
		buf_printf(b, ", buf=");
		if (st_ioctl_struct(c, true, a, 4 + show) < 4 + show)
			buf_printf(b, "%#llx", (unsigned long long)(c->args[2] + 4));
		else
			st_quote(b, a + 4, show, len > show, 2);
	}
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	uint64_t v = c->args[2];
	unsigned char p[512];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(requests) && requests[i].request != request; i++)
		;
	if (i == ARRAY_SIZE(requests))
		return false;
	switch (requests[i].kind) {
	case K_DRIVE_CMD:
		drive_cmd(b, c, o);
		return true;
	case K_INTS3:
		ints3(b, c, o);
		return true;
	case K_SET_ULONG:
		buf_printf(b, "%llu", (unsigned long long)v);
		return true;
	case K_SET_NICE:
		st_xlat_flags_dflt(b, ide_nice, v, "0", "IDE_NICE_???");
		return true;
	case K_SET_BUSSTATE:
		st_xlat_val(b, busstates, v, "BUSSTATE_???");
		return true;
	default:
		break;
	}
	/* The rest is filled by the call: its address unless it succeeded. */
	if (!v || st_call_failed(c)) {
		addr(b, v);
		return true;
	}
	switch (requests[i].kind) {
	case K_GETGEO: {
		struct hd_geometry g;

		if (st_ioctl_struct(c, true, &g, sizeof(g)) < sizeof(g))
			break;
		buf_printf(b, "{heads=%u, sectors=%u, cylinders=%u, start=%lu}",
			   g.heads, g.sectors, g.cylinders, g.start);
		return true;
	}
	case K_GET_ULONG:
	case K_GET_NICE:
	case K_GET_BUSSTATE:
		if (st_ioctl_struct(c, true, p, 8) < 8)
			break;
		buf_printf(b, "[");
		if (requests[i].kind == K_GET_NICE)
			st_xlat_flags_dflt(b, ide_nice, st_u64(p), "0", "IDE_NICE_???");
		else if (requests[i].kind == K_GET_BUSSTATE)
			st_xlat_val(b, busstates, st_u64(p), "BUSSTATE_???");
		else
			buf_printf(b, "%llu", (unsigned long long)st_u64(p));
		buf_printf(b, "]");
		return true;
	case K_IDENTITY: {
		/* -s bytes of them, and "..." when that is not all. */
		size_t size = requests[i].size, show = size < (size_t)o->strsize ? size : (size_t)o->strsize;

		if (st_ioctl_struct(c, true, p, show) < show)
			break;
		st_quote(b, p, show, size > show, o->xstyle);
		return true;
	}
	default:
		break;
	}
	addr(b, v);
	return true;
}

const struct st_ioc_family st_ioc_hdio = { .type = 0x03, .decode = decode };
