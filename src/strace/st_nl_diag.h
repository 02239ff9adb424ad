/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_NL_DIAG_H
#define FERRET_ST_NL_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_decode.h"
#include "st_netlink.h"

/*
 * Bytes of the tracee at addr, have of them read into p: what the
 * decoders below print from, offsets counting from p.  A field past
 * have shows as its address, as strace shows memory it cannot read.
 */
/*
 * A NETLINK_SOCK_DIAG payload of len bytes at offset 0 of m, of a
 * message of type with flags, as strace prints it: the request's or the
 * reply's struct by its family, its attributes; false for an NLMSG_DONE,
 * which the caller prints.
 */
bool st_nld_msg(struct buf *b, unsigned type, unsigned flags,
		const struct st_nl_mem *m, uint64_t len);

/* The attributes of an NLMSG_ERROR's ack, len bytes at off (NLMSGERR_ATTR_*). */
void st_nld_nlmsgerr_attrs(struct buf *b, const struct st_nl_mem *m,
			   uint64_t off, uint64_t len);

#endif
