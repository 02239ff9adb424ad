/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_SOCKADDR_H
#define FERRET_ST_SOCKADDR_H

#include <stddef.h>

#include "st_decode.h"
#include "st_xlat.h"

/*
 * Socket addresses of the families st_decode.c's sockaddr() leaves to this
 * module (all but AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK), printed as
 * strace 6.1 prints them.
 */

/*
 * The call whose arguments print next: a descriptor inside a sockaddr
 * (AF_XDP's shared umem) prints as -y says for thread tid.  o must outlive
 * the printing.
 */
void st_sa_call(int tid, const struct st_dopts *o);

/*
 * The fields after sa_family of the sockaddr of len bytes at p (len > 2:
 * what the caller gave, no more than was read), each led by ", ".  x: as
 * st_quote's.  Returns 0, or -EAFNOSUPPORT for a family without a
 * decoder and -EINVAL for one whose len is short of the family's
 * least; then nothing is printed and the caller shows the raw bytes.
 */
int st_sa_decode(struct buf *b, const unsigned char *p, size_t len, int x);

/* The ETH_P_ protocols, by their value in host byte order. */
extern const struct st_xlat st_eth_protos[];

#endif
