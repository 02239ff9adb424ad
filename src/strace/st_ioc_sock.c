/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the socket requests (type 0x89), as strace decodes them:
 * the ints of the owner and mark requests, bridge names, and struct
 * ifreq and ifconf of the interface requests.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/if.h>
#include <linux/if_arp.h>
#include <linux/sockios.h>

#include "st_ioctl.h"
#include "st_nl_route.h"
#include "st_region.h"
#include "st_xlat.h"

/* struct ifreq: the name, then the union at IFR_U. */
#define IFR_SIZE 40
#define IFR_U 16
/* struct ifconf: int ifc_len, then the buffer's address at 8. */
#define IFC_SIZE 16

/* The bytes of a hardware address of a device type, where it has a fixed size. */
static const struct { unsigned short type; unsigned char len; } hw_lens[] = {
	{ ARPHRD_NETROM, 7 }, { ARPHRD_ETHER, 6 }, { ARPHRD_AX25, 7 },
	{ ARPHRD_IEEE802, 6 }, { ARPHRD_ARCNET, 1 }, { ARPHRD_DLCI, 2 },
	{ ARPHRD_IEEE1394, 16 }, { ARPHRD_EUI64, 8 }, { ARPHRD_INFINIBAND, 20 },
	{ ARPHRD_SLIP, 0 }, { ARPHRD_ROSE, 5 }, { ARPHRD_X25, 0 }, { ARPHRD_CAN, 0 },
	{ ARPHRD_MCTP, 1 }, { ARPHRD_PPP, 0 }, { ARPHRD_RAWHDLC, 0 }, { ARPHRD_RAWIP, 0 },
	{ ARPHRD_TUNNEL, 4 }, { ARPHRD_TUNNEL6, 16 }, { ARPHRD_LOOPBACK, 6 },
	{ ARPHRD_LOCALTLK, 1 }, { ARPHRD_FDDI, 6 }, { ARPHRD_SIT, 4 }, { ARPHRD_IPDDP, 0 },
	{ ARPHRD_IPGRE, 4 }, { ARPHRD_PIMREG, 0 }, { ARPHRD_HIPPI, 6 }, { ARPHRD_IRDA, 4 },
	{ ARPHRD_IEEE80211, 6 }, { ARPHRD_IEEE80211_PRISM, 6 },
	{ ARPHRD_IEEE80211_RADIOTAP, 6 }, { ARPHRD_IEEE802154, 8 },
	{ ARPHRD_IEEE802154_MONITOR, 8 }, { ARPHRD_PHONET, 1 }, { ARPHRD_PHONET_PIPE, 1 },
	{ ARPHRD_CAIF, 0 }, { ARPHRD_IP6GRE, 16 }, { ARPHRD_NETLINK, 0 },
	{ ARPHRD_6LOWPAN, 8 }, { ARPHRD_VSOCKMON, 0 },
};

/* struct net_device_flags' low 16 bits, which ifr_flags holds. */
static const struct st_xlat iff_flags[] = {
	{ IFF_UP, "IFF_UP" }, { IFF_BROADCAST, "IFF_BROADCAST" }, { IFF_DEBUG, "IFF_DEBUG" },
	{ IFF_LOOPBACK, "IFF_LOOPBACK" }, { IFF_POINTOPOINT, "IFF_POINTOPOINT" },
	{ IFF_NOTRAILERS, "IFF_NOTRAILERS" }, { IFF_RUNNING, "IFF_RUNNING" },
	{ IFF_NOARP, "IFF_NOARP" }, { IFF_PROMISC, "IFF_PROMISC" },
	{ IFF_ALLMULTI, "IFF_ALLMULTI" }, { IFF_MASTER, "IFF_MASTER" },
	{ IFF_SLAVE, "IFF_SLAVE" }, { IFF_MULTICAST, "IFF_MULTICAST" },
	{ IFF_PORTSEL, "IFF_PORTSEL" }, { IFF_AUTOMEDIA, "IFF_AUTOMEDIA" },
	{ IFF_DYNAMIC, "IFF_DYNAMIC" }, { 0, NULL },
};

/* A char array of n bytes as strace's print_quoted_cstring(): "..." when it has no NUL. */
static void cstring(struct buf *b, const unsigned char *p, size_t n, const struct st_dopts *o)
{
	size_t len = strnlen((const char *)p, n);

	st_quote(b, p, len < n ? len : n - 1, len == n, o->xstyle);
}

/* sockaddr ifr_hwaddr: the device type, and as many bytes as its addresses have. */
static void hwaddr(struct buf *b, const unsigned char *p)
{
	unsigned type = st_u16(p);
	size_t shown = 14, i;

	for (i = 0; i < ARRAY_SIZE(hw_lens); i++)
		if (hw_lens[i].type == type)
			shown = hw_lens[i].len;
	buf_printf(b, "{sa_family=");
	st_xlat_val(b, st_arphrd, type, "ARPHRD_???");
	buf_printf(b, ", sa_data=");
	st_hwaddr(b, p + 2, 14, shown);
	buf_printf(b, "}");
}

/* The union's member the request reads or writes, with its name. */
static void ifreq_field(struct buf *b, unsigned req, const unsigned char *p,
			const struct st_dopts *o)
{
	const unsigned char *u = p + IFR_U;
	const char *sa = NULL;

	switch (req) {
	case SIOCSIFADDR: case SIOCGIFADDR:
		sa = "ifr_addr";
		break;
	case SIOCSIFDSTADDR: case SIOCGIFDSTADDR:
		sa = "ifr_dstaddr";
		break;
	case SIOCSIFBRDADDR: case SIOCGIFBRDADDR:
		sa = "ifr_broadaddr";
		break;
	case SIOCSIFNETMASK: case SIOCGIFNETMASK:
		sa = "ifr_netmask";
		break;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCGIFHWADDR: case SIOCSIFHWADDR:
	case SIOCSIFHWBROADCAST:
		buf_printf(b, "ifr_hwaddr=");
		hwaddr(b, u);
		return;
	case SIOCSIFFLAGS: case SIOCGIFFLAGS:
		buf_printf(b, "ifr_flags=");
		st_xlat_flags_dflt(b, iff_flags, st_u16(u), "0", "IFF_???");
		return;
	case SIOCGIFINDEX:
		buf_printf(b, "ifr_ifindex=%d", (int)st_u32(u));
		return;
	case SIOCSIFMETRIC: case SIOCGIFMETRIC:
		buf_printf(b, "ifr_metric=%d", (int)st_u32(u));
		return;
	case SIOCSIFMTU: case SIOCGIFMTU:
		buf_printf(b, "ifr_mtu=%d", (int)st_u32(u));
		return;
	case SIOCSIFSLAVE: case SIOCGIFSLAVE:
		buf_printf(b, "ifr_slave=");
		cstring(b, u, IFNAMSIZ, o);
		return;
	case SIOCSIFNAME:
		buf_printf(b, "ifr_newname=");
		cstring(b, u, IFNAMSIZ, o);
		return;
	case SIOCGIFNAME:
		buf_printf(b, "ifr_name=");
		cstring(b, p, IFNAMSIZ, o);
		return;
	case SIOCSIFTXQLEN: case SIOCGIFTXQLEN:
		buf_printf(b, "ifr_qlen=%d", (int)st_u32(u));
		return;
	case SIOCSIFMAP: case SIOCGIFMAP:
		buf_printf(b, "ifr_map={mem_start=%#llx, mem_end=%#llx, base_addr=%#x, irq=%#x, "
			   "dma=%#x, port=%#x}", (unsigned long long)st_u64(u),
			   (unsigned long long)st_u64(u + 8), st_u16(u + 16), u[18], u[19], u[20]);
		return;
	default:
		return;
	}
	buf_printf(b, "%s=", sa);
	st_sockaddr(b, u, 16, o->xstyle);
}

/* SIOCGIFCONF's buffer at exit, as long as ifc_len says, in region IFC_IDX. */
#define IFC_IDX 1

void st_ioc_sock_capture(struct buf *b, char l)
{
	if (l != ST_L_IOCTL_OUT)
		return;
	buf_printf(b, "if ($v == %u) { $kb = *($a + 8); $kn = *(uint32 *)$a; ", (unsigned)SIOCGIFCONF);
	st_region_capture(b, l, 2, IFC_IDX, "$kb", "$kn");
	buf_printf(b, "} ");
}

/* ifc_len, with how many struct ifreq it holds. */
static void ifc_len(struct buf *b, int len)
{
	buf_printf(b, "%d", len);
	if (len > 0 && len % IFR_SIZE == 0)
		buf_printf(b, " /* %d * sizeof(struct ifreq) */", len / IFR_SIZE);
}

/* SIOCGIFCONF's struct ifconf: the room given, and what the kernel wrote there. */
static void ifconf(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned char in[IFC_SIZE], out[IFC_SIZE], *p;
	int len_in, len_out;
	uint64_t buf_in, buf_out, n;
	size_t want, have, e;

	/* strace reads it even under -e verbose=none. */
	if (st_ioctl_struct(c, false, in, sizeof(in)) < sizeof(in)) {
		st_region_ptr(b, c->args[2]);
		return;
	}
	len_in = (int)st_u32(in);
	buf_in = st_u64(in + 8);
	buf_printf(b, "{ifc_len=");
	if (buf_in)
		ifc_len(b, len_in);
	if (st_ioctl_struct(c, true, out, sizeof(out)) < sizeof(out)) {
		if (!buf_in)
			ifc_len(b, len_in);
		buf_printf(b, ", ifc_buf=");
		st_region_ptr(b, buf_in);
		buf_printf(b, "}");
		return;
	}
	len_out = (int)st_u32(out);
	buf_out = st_u64(out + 8);
	if (buf_in && len_in != len_out)
		buf_printf(b, " => ");
	if (!buf_in || len_in != len_out)
		ifc_len(b, len_out);
	buf_printf(b, ", ifc_buf=");
	if (!buf_in || st_call_failed(c)) {
		st_region_ptr(b, buf_in);
		if (buf_in != buf_out) {
			buf_printf(b, " => ");
			st_region_ptr(b, buf_out);
		}
		buf_printf(b, "}");
		return;
	}
	/* The entries strace shows: as the kernel wrote them, else the process's. */
	n = (unsigned)len_out / IFR_SIZE;
	want = o->verbose || n <= (uint64_t)o->strsize ? n : (uint64_t)o->strsize;
	if (want > 1024)
		want = 1024;
	p = st_region(c, ST_L_IOCTL_OUT, 2, IFC_IDX, &have);
	if (!p) {
		p = xmalloc(want * IFR_SIZE + 1);
		have = buf_out ? st_tracee_read(c->tid, buf_out, p, want * IFR_SIZE, false) : 0;
	}
	if (!buf_out)
		buf_printf(b, "NULL");
	else if (!n)
		buf_printf(b, "[]");
	else if (have < IFR_SIZE || o->noderef)
		st_region_ptr(b, buf_out);
	else {
		buf_printf(b, "[");
		for (e = 0; e < n; e++) {
			if (e)
				buf_printf(b, ", ");
			if (e == want) {
				buf_printf(b, "...");
				break;
			}
			if ((e + 1) * IFR_SIZE > have) {
				buf_printf(b, "... /* %#llx */",
					   (unsigned long long)(buf_out + e * IFR_SIZE));
				break;
			}
			buf_printf(b, "{ifr_name=");
			cstring(b, p + e * IFR_SIZE, IFNAMSIZ, o);
			buf_printf(b, ", ifr_addr=");
			st_sockaddr(b, p + e * IFR_SIZE + IFR_U, 16, o->xstyle);
			buf_printf(b, "}");
		}
		buf_printf(b, "]");
	}
	free(p);
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned req = (unsigned)c->args[1];
	unsigned char p[IFR_SIZE];
	size_t n;
	int v;

	switch (req) {
	case SIOCGIFCONF:
		ifconf(b, c, o);
		return true;
	case SIOCBRADDBR:
	case SIOCBRDELBR: {
		unsigned char s[ST_IOCTL_READ];

		n = st_ioctl_arg_bytes(c, 2, false, s);
		st_region_str(b, o, c->args[2], IFNAMSIZ, ST_STR_NUL, s, n);
		return true;
	}
	case FIOGETOWN: case SIOCATMARK: case SIOCGIFENCAP: case SIOCGPGRP: case SIOCOUTQNSD:
	case FIOSETOWN: case SIOCSIFENCAP: case SIOCSPGRP: {
		bool out = req != FIOSETOWN && req != SIOCSIFENCAP && req != SIOCSPGRP;

		if (st_ioctl_umove(b, c, o, out, &v, sizeof(v)))
			buf_printf(b, "[%d]", v);
		return true;
	}
	case SIOCBRADDIF:
	case SIOCBRDELIF:
		if (st_ioctl_umove(b, c, o, false, p, sizeof(p))) {
			buf_printf(b, "{ifr_ifindex=");
			st_ifindex(b, st_u32(p + IFR_U));
			buf_printf(b, "}");
		}
		return true;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCSIFADDR: case SIOCSIFBRDADDR:
	case SIOCSIFDSTADDR: case SIOCSIFFLAGS: case SIOCSIFHWADDR: case SIOCSIFHWBROADCAST:
	case SIOCSIFMAP: case SIOCSIFMETRIC: case SIOCSIFMTU: case SIOCSIFNAME:
	case SIOCSIFNETMASK: case SIOCSIFSLAVE: case SIOCSIFTXQLEN:
		if (st_ioctl_umove(b, c, o, false, p, sizeof(p))) {
			buf_printf(b, "{ifr_name=");
			cstring(b, p, IFNAMSIZ, o);
			buf_printf(b, ", ");
			ifreq_field(b, req, p, o);
			buf_printf(b, "}");
		}
		return true;
	case SIOCGIFADDR: case SIOCGIFBRDADDR: case SIOCGIFDSTADDR: case SIOCGIFFLAGS:
	case SIOCGIFHWADDR: case SIOCGIFINDEX: case SIOCGIFMAP: case SIOCGIFMETRIC:
	case SIOCGIFMTU: case SIOCGIFNAME: case SIOCGIFNETMASK: case SIOCGIFSLAVE:
	case SIOCGIFTXQLEN:
		if (!st_ioctl_umove(b, c, o, false, p, sizeof(p)))
			return true;
		if (req == SIOCGIFNAME)
			buf_printf(b, "{ifr_ifindex=%d", (int)st_u32(p + IFR_U));
		else {
			buf_printf(b, "{ifr_name=");
			cstring(b, p, IFNAMSIZ, o);
		}
		if (!st_call_failed(c) && st_ioctl_struct(c, true, p, sizeof(p)) == sizeof(p)) {
			buf_printf(b, ", ");
			ifreq_field(b, req, p, o);
		}
		buf_printf(b, "}");
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_sock = { .type = 0x89, .decode = decode };
