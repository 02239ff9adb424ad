/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_NL_ROUTE_H
#define FERRET_ST_NL_ROUTE_H

#include <stddef.h>
#include <stdint.h>

#include "st_decode.h"

/*
 * The payload of a NETLINK_ROUTE message of type (RTM_BASE or more):
 * len bytes at addr, have of them read into p, sent or received by
 * thread tid; as strace decodes it.
 */
void st_nlr_payload(struct buf *b, unsigned type, const unsigned char *p,
		    size_t have, uint64_t len, uint64_t addr, int tid,
		    const struct st_dopts *o);

/*
 * A hardware address of n bytes at v as strace shows one in the -X style:
 * the bytes in hex (raw), the first shown of them as aa:bb:... (abbrev),
 * or both, the second in a comment (verbose).
 */
void st_hwaddr(struct buf *b, const unsigned char *v, size_t n, size_t shown);

#endif
