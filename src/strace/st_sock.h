/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_SOCK_H
#define FERRET_ST_SOCK_H

#include <stdbool.h>
#include <stddef.h>

/*
 * -yy: what strace shows for socket inode ino, descriptor fd of thread
 * tid: the protocol the kernel names for it (TCP, UNIX-STREAM, NETLINK,
 * ...) and, from the kernel's socket diagnostics, its endpoints:
 * "TCP:[127.0.0.1:40000->127.0.0.1:80]", "UNIX-STREAM:[12->13]",
 * "NETLINK:[ROUTE:42]", or "TCP:[348788]" when the kernel has no more to
 * say.  1 with details found, 0 with the protocol and inode alone, or
 * -errno when the descriptor is gone (nothing written).
 */
int st_sock_details(int tid, int fd, unsigned long ino, char *out, size_t len);

/*
 * The protocol (NETLINK_ROUTE, ...) of thread tid's descriptor fd if it
 * is a netlink socket, from /proc and the kernel's socket diagnostics;
 * -1 otherwise or when the descriptor is gone.
 */
int st_sock_netlink_proto(int tid, int fd);

/* The kernel's TCP_CLOSE (include/net/tcp_states.h), a socket's first state. */
#define ST_TCP_CLOSE 7

/* -yy: a socket as the call found it, read by the program (st_prog.c). */
struct st_sock_snap {
	unsigned long ino;
	int family, protocol, state;
	unsigned sport, dport;			/* host order */
	unsigned char src[16], dst[16];		/* network order */
	unsigned long peer;			/* AF_UNIX: the peer's inode */
	unsigned portid;			/* AF_NETLINK */
	char proto[32];				/* the kernel's name: TCP, UNIX-STREAM */
	char path[110];				/* AF_UNIX: sun_path, plen bytes */
	size_t plen;
};

/* What st_sock_details() says, of a socket as sn has it: true if found. */
bool st_sock_snap_details(const struct st_sock_snap *sn, char *out, size_t len);

/* The details found first of socket ino, or NULL; st_sock_cache() keeps them. */
const char *st_sock_cached(unsigned long ino);
void st_sock_cache(unsigned long ino, const char *details);

#endif
