/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_NETLINK_H
#define FERRET_ST_NETLINK_H

#include <stddef.h>
#include <stdint.h>

#include "st_decode.h"
#include "st_xlat.h"

/*
 * The netlink messages in len bytes at addr, sent or received on a socket
 * of protocol proto (NETLINK_ROUTE, ...), have of them read into p.
 */
void st_netlink_msgs(struct buf *b, int proto, const unsigned char *p, size_t have,
		     uint64_t len, uint64_t addr, const struct st_dopts *o);

/* A message's memory as a decoder sees it: have bytes read at p, from addr. */
struct st_nl_mem {
	const unsigned char *p;
	size_t have;
	uint64_t addr;
	const struct st_dopts *o;
};

/* n bytes at off in hex escapes, -s of them at most; their address when unread. */
void st_nl_hex(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t n);

/*
 * An attribute's value decoder: len bytes at off of an attribute of
 * type (NLA_TYPE_MASK applied); false where strace shows them in hex.
 */
typedef bool (*st_nl_value_fn)(struct buf *b, unsigned type, uint64_t off,
			       uint64_t len, void *arg);

/*
 * The attributes in len bytes at off, as strace prints them: an array
 * when there are several, -s of them without -v, each {nla_len,
 * nla_type} named from names (dflt for others) and its value by value
 * or in hex.
 */
void st_nl_attrs(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len,
		 const struct st_xlat *names, const char *dflt, st_nl_value_fn value,
		 void *arg);

#endif
