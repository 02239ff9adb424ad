/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the SCSI generic requests (type 0x22, old numbers with
 * no size) as strace decodes them before the device answers: the ints
 * the setters pass, SG_SET_TRANSFORM's value, SG_SCSI_RESET's request;
 * SG_GET_TIMEOUT takes no argument.  The getters' and SG_IO's pointers
 * are left to the generic printing.
 */
#include <sys/ioctl.h>
#include <scsi/sg.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The kernel's, which the C library's scsi/sg.h leaves out. */
#define ST_SG_SCSI_RESET_NO_ESCALATE 0x100

static const struct st_xlat resets[] = {
	{ 0, "SG_SCSI_RESET_NOTHING" }, { 1, "SG_SCSI_RESET_DEVICE" },
	{ 2, "SG_SCSI_RESET_BUS" }, { 3, "SG_SCSI_RESET_HOST" },
	{ 4, "SG_SCSI_RESET_TARGET" }, END,
};

static const struct st_xlat reset_flags[] = {
	{ ST_SG_SCSI_RESET_NO_ESCALATE, "SG_SCSI_RESET_NO_ESCALATE" }, END,
};

static bool no_arg(unsigned request)
{
	return request == SG_GET_TIMEOUT;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	int32_t v;

	switch (request) {
	case SG_SET_TRANSFORM:
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
		return true;
	case SG_NEXT_CMD_LEN: case SG_SET_COMMAND_Q: case SG_SET_DEBUG:
	case SG_SET_FORCE_LOW_DMA: case SG_SET_FORCE_PACK_ID: case SG_SET_KEEP_ORPHAN:
	case SG_SET_RESERVED_SIZE: case SG_SET_TIMEOUT:
		if (st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			buf_printf(b, "[%d]", v);
		return true;
	case SG_SCSI_RESET:
		if (!st_ioctl_umove(b, c, o, false, &v, sizeof(v)))
			return true;
		buf_printf(b, "[");
		/* NO_ESCALATE is a flag on the request in the low byte. */
		if ((uint32_t)v & ST_SG_SCSI_RESET_NO_ESCALATE &&
		    st_xlat_name(resets, (uint32_t)v & ~ST_SG_SCSI_RESET_NO_ESCALATE)) {
			st_xlat_val(b, reset_flags, ST_SG_SCSI_RESET_NO_ESCALATE, NULL);
			buf_printf(b, "|");
			v &= ~ST_SG_SCSI_RESET_NO_ESCALATE;
		}
		st_xlat_val(b, resets, (uint32_t)v, "SG_SCSI_RESET_???");
		buf_printf(b, "]");
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_scsi = { 0x22, no_arg, decode };
