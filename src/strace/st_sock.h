/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_SOCK_H
#define FERRET_ST_SOCK_H

#include <stddef.h>

/*
 * -yy: what strace shows for socket inode ino, descriptor fd of thread
 * tid: the protocol the kernel names for it (TCP, UNIX-STREAM, NETLINK,
 * ...) and, from the kernel's socket diagnostics, its endpoints:
 * "TCP:[127.0.0.1:40000->127.0.0.1:80]", "UNIX-STREAM:[12->13]",
 * "NETLINK:[ROUTE:42]", or "TCP:[348788]" when the kernel has no more to
 * say.  0, or -errno when the descriptor is gone (nothing written).
 */
int st_sock_details(int tid, int fd, unsigned long ino, char *out, size_t len);

/*
 * The protocol (NETLINK_ROUTE, ...) of thread tid's descriptor fd if it
 * is a netlink socket, from /proc and the kernel's socket diagnostics;
 * -1 otherwise or when the descriptor is gone.
 */
int st_sock_netlink_proto(int tid, int fd);

#endif
