/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the network block device requests (type 0xab), as
 * strace decodes them: values, a socket descriptor, the export's flags.
 */
#include <sys/ioctl.h>
#include <linux/nbd.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The server's flags; those linux/nbd.h lacks pass through it all the same. */
static const struct st_xlat nbd_flags[] = {
	X(NBD_FLAG_HAS_FLAGS), X(NBD_FLAG_READ_ONLY), X(NBD_FLAG_SEND_FLUSH),
	X(NBD_FLAG_SEND_FUA), { 1 << 4, "NBD_FLAG_ROTATIONAL" }, X(NBD_FLAG_SEND_TRIM),
	{ 1 << 6, "NBD_FLAG_SEND_WRITE_ZEROES" }, { 1 << 7, "NBD_FLAG_SEND_DF" },
	X(NBD_FLAG_CAN_MULTI_CONN), { 1 << 9, "NBD_FLAG_SEND_RESIZE" },
	{ 1 << 10, "NBD_FLAG_SEND_CACHE" }, END,
};

static bool no_arg(unsigned request)
{
	switch (request) {
	case NBD_DISCONNECT: case NBD_CLEAR_SOCK: case NBD_DO_IT:
	case NBD_CLEAR_QUE: case NBD_PRINT_DEBUG:
		return true;
	}
	return false;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t v = c->args[2];

	switch ((unsigned)c->args[1]) {
	case NBD_SET_SOCK:
		st_decode_fd(b, c->tid, (int)v, o, NULL);
		return true;
	case NBD_SET_BLKSIZE:
	case NBD_SET_SIZE:
	case NBD_SET_SIZE_BLOCKS:
	case NBD_SET_TIMEOUT:
		buf_printf(b, "%llu", (unsigned long long)v);
		return true;
	case NBD_SET_FLAGS:
		st_xlat_flags_dflt(b, nbd_flags, v, "0", "NBD_IOC_FLAG_???");
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_nbd = { .type = 0xab, .no_arg = no_arg, .decode = decode };
