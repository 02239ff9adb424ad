/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the SCSI generic requests (type 0x22, old numbers with
 * no size) as strace decodes them: the ints the setters pass,
 * SG_SET_TRANSFORM's value, SG_SCSI_RESET's request, SG_GET_TIMEOUT
 * without an argument, and SG_IO's struct sg_io_hdr (interface 'S') or
 * struct sg_io_v4 (guard 'Q', linux/bsg.h) at entry and at exit, with
 * the command, data and sense buffers they point to.  Those buffers are
 * taken from the bytes read of the struct where they lie in them, else
 * from the process when the line prints.  The getters' pointers are
 * left to the generic printing.
 */
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <scsi/sg.h>
#include <linux/bsg.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }
/* An int's name, its value as the unsigned int strace prints. */
#define X32(n) { (uint32_t)(n), #n }

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

static const struct st_xlat dxfer_dirs[] = {
	X32(SG_DXFER_NONE), X32(SG_DXFER_TO_DEV), X32(SG_DXFER_FROM_DEV),
	X32(SG_DXFER_TO_FROM_DEV), { (uint32_t)-5, "SG_DXFER_UNKNOWN" }, END,
};

/*
 * The kernel's names (its scsi/sg.h; the C library's copy is older and
 * calls 2 SG_FLAG_LUN_INHIBIT), in strace's order, not the values'.
 */
static const struct st_xlat sg_flags[] = {
	X(SG_FLAG_DIRECT_IO), { 2, "SG_FLAG_UNUSED_LUN_INHIBIT" }, { 4, "SG_FLAG_MMAP_IO" },
	X(SG_FLAG_NO_DXFER), { 0x10, "SG_FLAG_Q_AT_TAIL" }, { 0x20, "SG_FLAG_Q_AT_HEAD" }, END,
};

static const struct st_xlat sg_info[] = {
	X(SG_INFO_CHECK), X(SG_INFO_DIRECT_IO), X(SG_INFO_MIXED_IO), END,
};

static const struct st_xlat bsg_protocols[] = { X(BSG_PROTOCOL_SCSI), END };

static const struct st_xlat bsg_subprotocols[] = {
	X(BSG_SUB_PROTOCOL_SCSI_CMD), X(BSG_SUB_PROTOCOL_SCSI_TMF),
	X(BSG_SUB_PROTOCOL_SCSI_TRANSPORT), END,
};

static const struct st_xlat bsg_flags[] = { X(BSG_FLAG_Q_AT_TAIL), X(BSG_FLAG_Q_AT_HEAD), END };

/*
 * len bytes at addr, -s of them, as a string (hex: every byte escaped
 * in hex), "..." when len is longer; the address when they cannot be
 * read, NULL for none.
 */
static void bytes(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit,
		  uint64_t addr, uint64_t len, bool hex)
{
	static unsigned char tmp[ST_IOCTL_READ_MAX];
	size_t n = len;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (n > (size_t)o->strsize)
		n = o->strsize;
	if (n > sizeof(tmp))
		n = sizeof(tmp);
	if (st_ioctl_mem(c, exit, addr, tmp, n, false) < n) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	st_quote(b, tmp, n, len > n, hex ? 2 : o->xstyle);
}

/*
 * A transfer's buffer: count iovecs at addr (each base shown as far as
 * the size left of len, -s of them without -v), or len bytes in hex.
 */
static void xfer(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool exit,
		 uint64_t addr, uint32_t len, uint32_t count)
{
	uint64_t left = len;
	uint32_t i;

	if (!count) {
		bytes(b, c, o, exit, addr, len, true);
		return;
	}
	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	for (i = 0; i < count; i++) {
		uint64_t at = addr + i * sizeof(struct iovec), show;
		struct iovec v;

		if (st_ioctl_mem(c, exit, at, &v, sizeof(v), false) < sizeof(v)) {
			st_ioctl_arr_cut(b, i, at);
			break;
		}
		buf_printf(b, i ? ", " : "[");
		if (!o->verbose && i >= (uint32_t)o->strsize) {
			buf_printf(b, "...");
			i = count;
			break;
		}
		show = v.iov_len < left ? v.iov_len : left;
		left -= show;
		buf_printf(b, "{iov_base=");
		bytes(b, c, o, exit, (uint64_t)(uintptr_t)v.iov_base, show, false);
		buf_printf(b, ", iov_len=%llu}", (unsigned long long)v.iov_len);
	}
	if (i)
		buf_printf(b, "]");
}

/* The data read from the device: asked for, less what is left over. */
static uint32_t din_len(uint32_t len, int32_t resid)
{
	return resid > 0 && (uint32_t)resid <= len ? len - (uint32_t)resid : len;
}

static void sg_io_v3(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	const size_t skip = offsetof(struct sg_io_hdr, dxfer_direction);
	struct sg_io_hdr h, x;

	buf_printf(b, "{interface_id='S', ");
	if (st_ioctl_struct(c, false, &h, sizeof(h)) < sizeof(h)) {
		buf_printf(b, "%#llx}", (unsigned long long)c->args[2] + skip);
		return;
	}
	buf_printf(b, "dxfer_direction=");
	st_xlat_val(b, dxfer_dirs, (uint32_t)h.dxfer_direction, "SG_DXFER_???");
	buf_printf(b, ", cmd_len=%u, cmdp=", h.cmd_len);
	bytes(b, c, o, false, (uint64_t)(uintptr_t)h.cmdp, h.cmd_len, true);
	buf_printf(b, ", mx_sb_len=%u, iovec_count=%u, dxfer_len=%u, timeout=%u, flags=",
		   h.mx_sb_len, h.iovec_count, h.dxfer_len, h.timeout);
	st_xlat_flags_dflt(b, sg_flags, h.flags, "0", "SG_FLAG_???");
	if (h.dxfer_direction == SG_DXFER_TO_DEV || h.dxfer_direction == SG_DXFER_TO_FROM_DEV) {
		buf_printf(b, ", dxferp=");
		xfer(b, c, o, false, (uint64_t)(uintptr_t)h.dxferp, h.dxfer_len, h.iovec_count);
	}
	/* At exit, as strace reads it again whether or not the call failed. */
	if (st_ioctl_struct(c, true, &x, sizeof(x)) < sizeof(x)) {
		if (h.dxfer_direction == SG_DXFER_FROM_DEV)
			buf_printf(b, ", dxferp=%#llx", (unsigned long long)(uintptr_t)h.dxferp);
		buf_printf(b, h.sbp ? ", sbp=%#llx}" : ", sbp=NULL}",
			   (unsigned long long)(uintptr_t)h.sbp);
		return;
	}
	if (x.interface_id != 'S') {
		buf_printf(b, " => interface_id=%u}", (unsigned)x.interface_id);
		return;
	}
	if (x.dxfer_direction == SG_DXFER_FROM_DEV) {
		buf_printf(b, ", dxferp=");
		xfer(b, c, o, true, (uint64_t)(uintptr_t)x.dxferp,
		     din_len(x.dxfer_len, x.resid), x.iovec_count);
	} else if (x.dxfer_direction == SG_DXFER_TO_FROM_DEV && din_len(x.dxfer_len, x.resid)) {
		buf_printf(b, " => dxferp=");
		xfer(b, c, o, true, (uint64_t)(uintptr_t)x.dxferp,
		     din_len(x.dxfer_len, x.resid), x.iovec_count);
	}
	buf_printf(b, ", status=%#x, masked_status=%#x, msg_status=%#x, sb_len_wr=%u, sbp=",
		   x.status, x.masked_status, x.msg_status, x.sb_len_wr);
	bytes(b, c, o, true, (uint64_t)(uintptr_t)x.sbp, x.sb_len_wr, true);
	buf_printf(b, ", host_status=%#x, driver_status=%#x, resid=%d, duration=%u, info=",
		   x.host_status, x.driver_status, x.resid, x.duration);
	st_xlat_flags_dflt(b, sg_info, x.info, "0", "SG_INFO_???");
	buf_printf(b, "}");
}

static void sg_io_v4(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	const size_t skip = offsetof(struct sg_io_v4, protocol);
	struct sg_io_v4 h, x;

	buf_printf(b, "{guard='Q', ");
	if (st_ioctl_struct(c, false, &h, sizeof(h)) < sizeof(h)) {
		buf_printf(b, "%#llx}", (unsigned long long)c->args[2] + skip);
		return;
	}
	buf_printf(b, "protocol=");
	st_xlat_val(b, bsg_protocols, h.protocol, "BSG_PROTOCOL_???");
	buf_printf(b, ", subprotocol=");
	st_xlat_val(b, bsg_subprotocols, h.subprotocol, "BSG_SUB_PROTOCOL_???");
	buf_printf(b, ", request_len=%u, request=", h.request_len);
	bytes(b, c, o, false, h.request, h.request_len, true);
	buf_printf(b, ", request_tag=%#llx, request_attr=%u, request_priority=%u, "
		   "request_extra=%u, max_response_len=%u, dout_iovec_count=%u, "
		   "dout_xfer_len=%u, din_iovec_count=%u, din_xfer_len=%u, dout_xferp=",
		   (unsigned long long)h.request_tag, h.request_attr, h.request_priority,
		   h.request_extra, h.max_response_len, h.dout_iovec_count, h.dout_xfer_len,
		   h.din_iovec_count, h.din_xfer_len);
	xfer(b, c, o, false, h.dout_xferp, h.dout_xfer_len, h.dout_iovec_count);
	buf_printf(b, ", timeout=%u, flags=", h.timeout);
	st_xlat_flags_dflt(b, bsg_flags, h.flags, "0", "BSG_FLAG_???");
	buf_printf(b, ", usr_ptr=%#llx", (unsigned long long)h.usr_ptr);
	if (st_ioctl_struct(c, true, &x, sizeof(x)) < sizeof(x)) {
		buf_printf(b, ", response=%#llx, din_xferp=%#llx}", (unsigned long long)h.response,
			   (unsigned long long)h.din_xferp);
		return;
	}
	if (x.guard != 'Q') {
		buf_printf(b, " => guard=%u}", (unsigned)x.guard);
		return;
	}
	buf_printf(b, ", response_len=%u, response=", x.response_len);
	bytes(b, c, o, true, x.response, x.response_len, true);
	buf_printf(b, ", din_xferp=");
	xfer(b, c, o, true, x.din_xferp, din_len(x.din_xfer_len, x.din_resid), x.din_iovec_count);
	buf_printf(b, ", driver_status=%#x, transport_status=%#x, device_status=%#x, "
		   "retry_delay=%u, info=", x.driver_status, x.transport_status,
		   x.device_status, x.retry_delay);
	st_xlat_flags_dflt(b, sg_info, x.info, "0", "SG_INFO_???");
	buf_printf(b, ", duration=%u, response_len=%u, din_resid=%d, dout_resid=%d, "
		   "generated_tag=%#llx}", x.duration, x.response_len, x.din_resid, x.dout_resid,
		   (unsigned long long)x.generated_tag);
}

static bool no_arg(unsigned request)
{
	return request == SG_GET_TIMEOUT;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	int32_t v;

	switch (request) {
	case SG_IO: {
		uint32_t iid;

		if (!st_ioctl_umove(b, c, o, false, &iid, sizeof(iid)))
			return true;
		if (iid == 'S')
			sg_io_v3(b, c, o);
		else if (iid == 'Q')
			sg_io_v4(b, c, o);
		else
			buf_printf(b, "[%u]", iid);
		return true;
	}
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

const struct st_ioc_family st_ioc_scsi = { .type = 0x22, .no_arg = no_arg, .decode = decode };
