/* SPDX-License-Identifier: GPL-2.0 */
/* -yy: socket endpoints from the kernel's socket diagnostics (sock_diag). */
#include <arpa/inet.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/xattr.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>

#include "../util.h"
#include "st_sock.h"
#include "st_decode.h"
#include "st_xlat.h"

/* Sends one sock_diag request; the socket, or -errno. */
static int diag_send(const void *req, size_t len)
{
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);

	if (fd < 0)
		return -errno;
	if (sendto(fd, req, len, 0, (struct sockaddr *)&nl, sizeof(nl)) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/*
 * Reads the answers to a request on fd until NLMSG_DONE or an error;
 * calls found() on each message's payload until it returns true.
 */
static bool diag_read(int fd, bool (*found)(const void *msg, size_t len,
					    unsigned long ino, char *out,
					    size_t outlen, const char *proto),
		      unsigned long ino, char *out, size_t outlen,
		      const char *proto)
{
	static char buf[32768] __attribute__((aligned(NLMSG_ALIGNTO)));

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h = (struct nlmsghdr *)buf;

		if (n <= 0)
			return false;
		for (; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR)
				return false;
			if (found(NLMSG_DATA(h), h->nlmsg_len - NLMSG_HDRLEN, ino,
				  out, outlen, proto))
				return true;
		}
	}
}

/* One request and its answers (see diag_read()); false if it failed. */
static bool diag_ask(const void *req, size_t reqlen,
		     bool (*found)(const void *msg, size_t len, unsigned long ino,
				   char *out, size_t outlen, const char *proto),
		     unsigned long ino, char *out, size_t outlen, const char *proto)
{
	int fd = diag_send(req, reqlen);
	bool ok;

	if (fd < 0)
		return false;
	ok = diag_read(fd, found, ino, out, outlen, proto);
	close(fd);
	return ok;
}

/*
 * An inet socket as strace names it: the local endpoint, and the remote
 * one once the socket has a peer.  Addresses in network order, ports in
 * host order; false if an address cannot be written.
 */
static bool inet_text(char *out, size_t outlen, const char *proto, int family,
		      const void *src, unsigned sport, const void *dst,
		      unsigned dport)
{
	static const unsigned char zero[16];
	bool v6 = family == AF_INET6;
	char s[INET6_ADDRSTRLEN], d[INET6_ADDRSTRLEN];
	const char *ob = v6 ? "[" : "", *cb = v6 ? "]" : "";

	if (!inet_ntop(family, src, s, sizeof(s)))
		return false;
	if (dport || memcmp(dst, zero, v6 ? 16 : 4)) {
		if (!inet_ntop(family, dst, d, sizeof(d)))
			return false;
		snprintf(out, outlen, "%s:[%s%s%s:%u->%s%s%s:%u]", proto, ob, s,
			 cb, sport, ob, d, cb, dport);
	} else {
		snprintf(out, outlen, "%s:[%s%s%s:%u]", proto, ob, s, cb, sport);
	}
	return true;
}

static bool inet_found(const void *msg, size_t len, unsigned long ino,
		       char *out, size_t outlen, const char *proto)
{
	const struct inet_diag_msg *m = msg;

	if (len < sizeof(*m) || m->idiag_inode != ino)
		return false;
	return inet_text(out, outlen, proto, m->idiag_family, m->id.idiag_src,
			 ntohs(m->id.idiag_sport), m->id.idiag_dst,
			 ntohs(m->id.idiag_dport));
}

static bool inet_details(int family, int protocol, unsigned long ino,
			 char *out, size_t outlen, const char *proto)
{
	struct {
		struct nlmsghdr h;
		struct inet_diag_req_v2 r;
	} req = {
		.h = { .nlmsg_len = sizeof(req), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.r = { .sdiag_family = family, .sdiag_protocol = protocol,
		       .idiag_states = ~0U },
	};

	return diag_ask(&req, sizeof(req), inet_found, ino, out, outlen, proto);
}

/*
 * A UNIX socket as strace names it: its inode, its peer's, its address
 * (plen bytes of sun_path: quoted, an abstract one after '@'); false when
 * it has neither a peer nor an address (strace shows the inode alone).
 */
static bool unix_text(char *out, size_t outlen, const char *proto,
		      unsigned long ino, unsigned long peer, const char *path,
		      size_t plen)
{
	struct buf b = { 0 };

	if (!peer && !plen)
		return false;
	buf_printf(&b, "%s:[%lu", proto, ino);
	if (peer)
		buf_printf(&b, "->%lu", peer);
	if (plen) {
		buf_printf(&b, ",%s", path[0] ? "" : "@");
		st_quote(&b, (const unsigned char *)path + !path[0],
			 strnlen(path + !path[0], plen - !path[0]), false, 0);
	}
	buf_printf(&b, "]");
	snprintf(out, outlen, "%.*s", (int)b.len, b.p);
	buf_free(&b);
	return true;
}

static bool unix_found(const void *msg, size_t len, unsigned long ino,
		       char *out, size_t outlen, const char *proto)
{
	const struct unix_diag_msg *m = msg;
	const struct rtattr *a = (const struct rtattr *)(m + 1);
	size_t rest = len > sizeof(*m) ? len - sizeof(*m) : 0;
	char path[256] = "";
	uint32_t peer = 0;
	size_t plen = 0;

	if (len < sizeof(*m) || m->udiag_ino != ino)
		return false;
	for (; RTA_OK(a, rest); a = RTA_NEXT(a, rest)) {
		if (a->rta_type == UNIX_DIAG_NAME) {
			plen = RTA_PAYLOAD(a) < sizeof(path) - 1 ? RTA_PAYLOAD(a) : sizeof(path) - 1;
			memcpy(path, RTA_DATA(a), plen);
		} else if (a->rta_type == UNIX_DIAG_PEER && RTA_PAYLOAD(a) >= 4) {
			memcpy(&peer, RTA_DATA(a), 4);
		}
	}
	return unix_text(out, outlen, proto, ino, peer, path, plen);
}

static bool unix_details(unsigned long ino, char *out, size_t outlen,
			 const char *proto)
{
	struct {
		struct nlmsghdr h;
		struct unix_diag_req r;
	} req = {
		.h = { .nlmsg_len = sizeof(req), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		       .nlmsg_flags = NLM_F_REQUEST },
		.r = { .sdiag_family = AF_UNIX, .udiag_states = ~0U,
		       .udiag_ino = ino, .udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
		       .udiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE } },
	};

	return diag_ask(&req, sizeof(req), unix_found, ino, out, outlen, proto);
}

/* A netlink socket as strace names it: its protocol and port id. */
static void netlink_text(char *out, size_t outlen, const char *proto,
			 unsigned protocol, unsigned portid)
{
	const char *name = st_xlat_name(st_netlink_proto, protocol);

	if (name) {
		if (!strncmp(name, "NETLINK_", 8))
			name += 8;
		snprintf(out, outlen, "%s:[%s:%u]", proto, name, portid);
	} else {
		snprintf(out, outlen, "%s:[%u]", proto, protocol);
	}
}

static bool netlink_found(const void *msg, size_t len, unsigned long ino,
			  char *out, size_t outlen, const char *proto)
{
	const struct netlink_diag_msg *m = msg;

	if (len < sizeof(*m) || m->ndiag_ino != ino)
		return false;
	netlink_text(out, outlen, proto, m->ndiag_protocol, m->ndiag_portid);
	return true;
}

static bool netlink_details(unsigned long ino, char *out, size_t outlen,
			    const char *proto)
{
	struct {
		struct nlmsghdr h;
		struct netlink_diag_req r;
	} req = {
		.h = { .nlmsg_len = sizeof(req), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.r = { .sdiag_family = AF_NETLINK, .sdiag_protocol = NDIAG_PROTO_ALL },
	};

	return diag_ask(&req, sizeof(req), netlink_found, ino, out, outlen, proto);
}

/* Protocols the kernel names, and how to ask about them. */
static const struct {
	const char *name;
	int family, protocol;	/* inet_diag; AF_UNIX and AF_NETLINK apart */
} protos[] = {
	{ "TCP", AF_INET, IPPROTO_TCP }, { "UDP", AF_INET, IPPROTO_UDP },
	{ "UDPLITE", AF_INET, IPPROTO_UDPLITE }, { "RAW", AF_INET, IPPROTO_RAW },
	{ "PING", AF_INET, IPPROTO_ICMP }, { "SCTP", AF_INET, IPPROTO_SCTP },
	{ "TCPv6", AF_INET6, IPPROTO_TCP }, { "UDPv6", AF_INET6, IPPROTO_UDP },
	{ "UDPLITEv6", AF_INET6, IPPROTO_UDPLITE },
	{ "RAWv6", AF_INET6, IPPROTO_RAW }, { "PINGv6", AF_INET6, IPPROTO_ICMPV6 },
	{ "SCTPv6", AF_INET6, IPPROTO_SCTP },
	{ "UNIX", AF_UNIX, 0 }, { "UNIX-STREAM", AF_UNIX, 0 },
	{ "UNIX-DGRAM", AF_UNIX, 0 }, { "UNIX-SEQPACKET", AF_UNIX, 0 },
	{ "NETLINK", AF_NETLINK, 0 },
};

int st_sock_details(int tid, int fd, unsigned long ino, char *out, size_t len)
{
	char path[64], proto[64];
	ssize_t n;
	size_t i;
	bool ok = false;

	/* The kernel names a socket's protocol in this attribute. */
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", tid, fd);
	n = getxattr(path, "system.sockprotoname", proto, sizeof(proto) - 1);
	if (n <= 0)
		return n < 0 ? -errno : -ENOENT;
	proto[n] = 0;
	if (n > 0 && proto[n - 1] == 0)
		n--;
	for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
		if (strcmp(protos[i].name, proto))
			continue;
		if (protos[i].family == AF_UNIX)
			ok = unix_details(ino, out, len, proto);
		else if (protos[i].family == AF_NETLINK)
			ok = netlink_details(ino, out, len, proto);
		else
			ok = inet_details(protos[i].family, protos[i].protocol,
					  ino, out, len, proto);
		break;
	}
	if (!ok)
		snprintf(out, len, "%s:[%lu]", proto, ino);
	return ok;
}

int st_sock_netlink_proto(int tid, int fd)
{
	char path[64], target[64], out[128];
	const char *p;
	unsigned long ino;
	ssize_t n;
	size_t i;

	snprintf(path, sizeof(path), "/proc/%d/fd/%d", tid, fd);
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return -1;
	target[n] = 0;
	if (sscanf(target, "socket:[%lu]", &ino) != 1 ||
	    st_sock_details(tid, fd, ino, out, sizeof(out)) < 0 ||
	    strncmp(out, "NETLINK:[", 9))
		return -1;
	p = out + 9;
	if (*p >= '0' && *p <= '9')
		return atoi(p);
	for (i = 0; st_netlink_proto[i].name; i++) {
		size_t l = strlen(st_netlink_proto[i].name + 8);

		if (!strncmp(st_netlink_proto[i].name, "NETLINK_", 8) &&
		    !strncmp(p, st_netlink_proto[i].name + 8, l) && p[l] == ':')
			return (int)st_netlink_proto[i].val;
	}
	return -1;
}

bool st_sock_snap_details(const struct st_sock_snap *sn, char *out, size_t len)
{
	bool ok = false;

	switch (sn->family) {
	case AF_INET:
	case AF_INET6:
		/*
		 * The diagnostics list an inet socket once it has a port
		 * (bound, listening or connected: this kernel lists bound TCP
		 * sockets too); strace shows the inode before.
		 */
		if (sn->sport != 0)
			ok = inet_text(out, len, sn->proto, sn->family, sn->src,
				       sn->sport, sn->dst, sn->dport);
		break;
	case AF_UNIX:
		ok = unix_text(out, len, sn->proto, sn->ino, sn->peer, sn->path,
			       sn->plen);
		break;
	case AF_NETLINK:
		/* Only bound ones are listed. */
		if (sn->portid) {
			netlink_text(out, len, sn->proto, sn->protocol, sn->portid);
			ok = true;
		}
		break;
	}
	if (!ok)
		snprintf(out, len, "%s:[%lu]", sn->proto, sn->ino);
	return ok;
}

/*
 * Details once found stay with their inode, as in strace, which asks the
 * kernel only about sockets it has nothing on: a socket keeps the
 * endpoints it first showed after it is closed or its peer is.  strace's
 * table: a slot per inode modulo its size, the last one found kept.
 */
#define SOCK_CACHE 1024

static struct {
	unsigned long ino;
	char *details;
} cache[SOCK_CACHE];

const char *st_sock_cached(unsigned long ino)
{
	return cache[ino % SOCK_CACHE].ino == ino ? cache[ino % SOCK_CACHE].details : NULL;
}

void st_sock_cache(unsigned long ino, const char *details)
{
	free(cache[ino % SOCK_CACHE].details);
	cache[ino % SOCK_CACHE].ino = ino;
	cache[ino % SOCK_CACHE].details = xstrdup(details);
}
