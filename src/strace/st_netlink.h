/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_NETLINK_H
#define FERRET_ST_NETLINK_H

#include <stddef.h>
#include <stdint.h>

#include "st_decode.h"

/*
 * The netlink messages in len bytes at addr, sent or received on a socket
 * of protocol proto (NETLINK_ROUTE, ...), have of them read into p.
 */
void st_netlink_msgs(struct buf *b, int proto, const unsigned char *p, size_t have,
		     uint64_t len, uint64_t addr, const struct st_dopts *o);

#endif
