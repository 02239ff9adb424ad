/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: socket addresses of the families beyond AF_UNIX, AF_INET,
 * AF_INET6 and AF_NETLINK, as strace 6.1 prints them: one function a
 * family, chosen from families[] once the address covers the family's
 * least.  A family strace 6.1 has no decoder for (AF_CAN, AF_LLC,
 * AF_APPLETALK, ...) is not in the table and shows as sa_data.
 *
 * Every decoder reads a copy of the address padded with zeros to
 * sockaddr_storage's size and one byte more, as strace does, so fields the
 * caller's length leaves out read as zero.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <linux/if_alg.h>
#include <linux/if_arp.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_xdp.h>
#include <linux/ax25.h>
#include <linux/mctp.h>
#include <linux/nfc.h>
#include <linux/qrtr.h>
#include <linux/vm_sockets.h>
#include <linux/x25.h>

#include "st_sockaddr.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/*
 * Constants of the kernel's internal or of BlueZ's headers, which the
 * system's UAPI headers do not carry.
 */
#define L2CAP_PSM_SDP		0x0001
#define L2CAP_PSM_RFCOMM	0x0003
#define L2CAP_PSM_3DSP		0x0021
#define L2CAP_PSM_IPSP		0x0023
#define L2CAP_PSM_LE_DYN_START	0x0080
#define L2CAP_PSM_LE_DYN_END	0x00ff
#define L2CAP_PSM_DYN_START	0x1001
#define L2CAP_PSM_AUTO_END	0x10ff
#define L2CAP_PSM_DYN_END	0xffff
#define L2CAP_CID_SIGNALING	0x0001
#define L2CAP_CID_CONN_LESS	0x0002
#define L2CAP_CID_A2MP		0x0003
#define L2CAP_CID_ATT		0x0004
#define L2CAP_CID_LE_SIGNALING	0x0005
#define L2CAP_CID_SMP		0x0006
#define L2CAP_CID_SMP_BREDR	0x0007
#define L2CAP_CID_DYN_START	0x0040
#define L2CAP_CID_LE_DYN_END	0x007f
#define L2CAP_CID_DYN_END	0xffff
#define BDADDR_BREDR		0x00
#define BDADDR_LE_PUBLIC	0x01
#define BDADDR_LE_RANDOM	0x02
#define HCI_CHANNEL_RAW		0
#define HCI_CHANNEL_USER	1
#define HCI_CHANNEL_MONITOR	2
#define HCI_CHANNEL_CONTROL	3
#define HCI_CHANNEL_LOGGING	4
#define IEEE802154_ADDR_NONE	0x0
#define IEEE802154_ADDR_SHORT	0x2
#define IEEE802154_ADDR_LONG	0x3
#define IEEE802154_ADDR_UNDEF	0xfffe
#define IEEE802154_ADDR_BROADCAST	0xffff
#define IEEE802154_PANID_BROADCAST	0xffff
#define CRYPTO_ALG_KERN_DRIVER_ONLY	0x00001000
#define LLCP_SAP_SDP		0x1
#define LLCP_SAP_IP		0x2
#define LLCP_SAP_OBEX		0x3
#define LLCP_SAP_SNEP		0x4
#define LLCP_SAP_MAX		0xff
/* AFS's services (fs/afs). */
#define CM_SERVICE		1
#define YFS_FS_SERVICE		2500
#define YFS_CM_SERVICE		2501
#define YFS_VL_SERVICE		2503

/* Bytes of a sockaddr decoded at most: sockaddr_storage's. */
#define SA_MAX 128

const struct st_xlat st_eth_protos[] = {
	X(ETH_P_802_3), X(ETH_P_AX25), X(ETH_P_ALL), X(ETH_P_802_2),
	X(ETH_P_SNAP), X(ETH_P_DDCMP), X(ETH_P_WAN_PPP), X(ETH_P_PPP_MP),
	X(ETH_P_LOCALTALK), X(ETH_P_CAN), X(ETH_P_CANFD), X(ETH_P_CANXL),
	X(ETH_P_PPPTALK), X(ETH_P_TR_802_2), X(ETH_P_MOBITEX), X(ETH_P_CONTROL),
	X(ETH_P_IRDA), X(ETH_P_ECONET), X(ETH_P_HDLC), X(ETH_P_ARCNET),
	X(ETH_P_DSA), X(ETH_P_TRAILER), X(ETH_P_LOOP), X(ETH_P_PHONET),
	X(ETH_P_IEEE802154), X(ETH_P_CAIF), X(ETH_P_XDSA), X(ETH_P_MAP),
	X(ETH_P_MCTP), X(ETH_P_PUP), X(ETH_P_PUPAT), X(ETH_P_802_3_MIN),
	X(ETH_P_IP), X(ETH_P_X25), X(ETH_P_ARP), X(ETH_P_BPQ), X(ETH_P_IEEEPUP),
	X(ETH_P_IEEEPUPAT), X(ETH_P_ERSPAN2), X(ETH_P_TSN), X(ETH_P_BATMAN),
	X(ETH_P_DEC), X(ETH_P_DNA_DL), X(ETH_P_DNA_RC), X(ETH_P_DNA_RT),
	X(ETH_P_LAT), X(ETH_P_DIAG), X(ETH_P_CUST), X(ETH_P_SCA), X(ETH_P_TEB),
	X(ETH_P_RARP), X(ETH_P_ATALK), X(ETH_P_AARP), X(ETH_P_8021Q),
	X(ETH_P_IPX), X(ETH_P_IPV6), X(ETH_P_PAUSE), X(ETH_P_SLOW), X(ETH_P_WCCP),
	X(ETH_P_MPLS_UC), X(ETH_P_MPLS_MC), X(ETH_P_ATMMPOA), X(ETH_P_PPP_DISC),
	X(ETH_P_PPP_SES), X(ETH_P_LINK_CTL), X(ETH_P_ATMFATE), X(ETH_P_PAE),
	X(ETH_P_REALTEK), X(ETH_P_AOE), X(ETH_P_8021AD), X(ETH_P_802_EX1),
	X(ETH_P_ERSPAN), X(ETH_P_PREAUTH), X(ETH_P_TIPC), X(ETH_P_LLDP),
	X(ETH_P_MRP), X(ETH_P_MACSEC), X(ETH_P_8021AH), X(ETH_P_MVRP),
	X(ETH_P_1588), X(ETH_P_NCSI), X(ETH_P_PRP), X(ETH_P_CFM), X(ETH_P_FCOE),
	X(ETH_P_TDLS), X(ETH_P_FIP), X(ETH_P_IBOE), X(ETH_P_80221), X(ETH_P_HSR),
	X(ETH_P_NSH), X(ETH_P_LOOPBACK), X(ETH_P_QINQ1), X(ETH_P_QINQ2),
	X(ETH_P_QINQ3), X(ETH_P_EDSA), X(ETH_P_DSA_8021Q), X(ETH_P_DSA_A5PSW),
	X(ETH_P_IFE), X(ETH_P_AF_IUCV), END,
};

static const struct st_xlat packet_types[] = {
	X(PACKET_HOST), X(PACKET_BROADCAST), X(PACKET_MULTICAST),
	X(PACKET_OTHERHOST), X(PACKET_OUTGOING), X(PACKET_LOOPBACK),
	X(PACKET_USER), X(PACKET_KERNEL), END,
};

static const struct st_xlat l2_psms[] = {
	X(L2CAP_PSM_SDP), X(L2CAP_PSM_RFCOMM), X(L2CAP_PSM_3DSP),
	X(L2CAP_PSM_IPSP), X(L2CAP_PSM_LE_DYN_START), X(L2CAP_PSM_LE_DYN_END),
	X(L2CAP_PSM_DYN_START), X(L2CAP_PSM_AUTO_END), X(L2CAP_PSM_DYN_END), END,
};

static const struct st_xlat l2_cids[] = {
	X(L2CAP_CID_SIGNALING), X(L2CAP_CID_CONN_LESS), X(L2CAP_CID_A2MP),
	X(L2CAP_CID_ATT), X(L2CAP_CID_LE_SIGNALING), X(L2CAP_CID_SMP),
	X(L2CAP_CID_SMP_BREDR), X(L2CAP_CID_DYN_START), X(L2CAP_CID_LE_DYN_END),
	X(L2CAP_CID_DYN_END), END,
};

static const struct st_xlat bdaddr_types[] = {
	X(BDADDR_BREDR), X(BDADDR_LE_PUBLIC), X(BDADDR_LE_RANDOM), END,
};

static const struct st_xlat hci_channels[] = {
	X(HCI_CHANNEL_RAW), X(HCI_CHANNEL_USER), X(HCI_CHANNEL_MONITOR),
	X(HCI_CHANNEL_CONTROL), X(HCI_CHANNEL_LOGGING), END,
};

static const struct st_xlat rxrpc_services[] = {
	X(CM_SERVICE), X(YFS_FS_SERVICE), X(YFS_CM_SERVICE), X(YFS_VL_SERVICE), END,
};

static const struct st_xlat ieee802154_addr_types[] = {
	X(IEEE802154_ADDR_NONE), X(IEEE802154_ADDR_SHORT),
	X(IEEE802154_ADDR_LONG), END,
};

static const struct st_xlat ieee802154_addrs[] = {
	X(IEEE802154_ADDR_UNDEF), X(IEEE802154_ADDR_BROADCAST), END,
};

static const struct st_xlat ieee802154_pan_ids[] = {
	X(IEEE802154_PANID_BROADCAST), END,
};

static const struct st_xlat alg_flags[] = {
	X(CRYPTO_ALG_KERN_DRIVER_ONLY), END,
};

static const struct st_xlat nfc_protos[] = {
	X(NFC_PROTO_JEWEL), X(NFC_PROTO_MIFARE), X(NFC_PROTO_FELICA),
	X(NFC_PROTO_ISO14443), X(NFC_PROTO_NFC_DEP), X(NFC_PROTO_ISO14443_B),
	X(NFC_PROTO_ISO15693), END,
};

static const struct st_xlat nfc_saps[] = {
	X(LLCP_SAP_SDP), X(LLCP_SAP_IP), X(LLCP_SAP_OBEX), X(LLCP_SAP_SNEP),
	X(LLCP_SAP_MAX), END,
};

static const struct st_xlat vsock_cids[] = {
	X(VMADDR_CID_HYPERVISOR), X(VMADDR_CID_LOCAL), X(VMADDR_CID_HOST),
	X(VMADDR_CID_ANY), END,
};

static const struct st_xlat vsock_ports[] = {
	X(VMADDR_PORT_ANY), END,
};

static const struct st_xlat vsock_flags[] = {
	X(VMADDR_FLAG_TO_HOST), END,
};

static const struct st_xlat qrtr_nodes[] = {
	X(QRTR_NODE_BCAST), END,
};

static const struct st_xlat qrtr_ports[] = {
	X(QRTR_PORT_CTRL), END,
};

static const struct st_xlat xdp_flags[] = {
	X(XDP_SHARED_UMEM), X(XDP_COPY), X(XDP_ZEROCOPY), X(XDP_USE_NEED_WAKEUP),
	END,
};

static const struct st_xlat mctp_nets[] = {
	X(MCTP_NET_ANY), END,
};

static const struct st_xlat mctp_addrs[] = {
	X(MCTP_ADDR_NULL), X(MCTP_ADDR_ANY), END,
};

static int cur_tid;
static const struct st_dopts *cur_opts;

void st_sa_call(int tid, const struct st_dopts *o)
{
	cur_tid = tid;
	cur_opts = o;
}

/* n bytes as a string of \x escapes. */
static void hex_quote(struct buf *b, const unsigned char *p, size_t n)
{
	size_t i;

	buf_printf(b, "\"");
	for (i = 0; i < n; i++)
		buf_printf(b, "\\x%02x", p[i]);
	buf_printf(b, "\"");
}

/*
 * A char array of size bytes holding a string: up to its NUL (the first
 * size - 1 bytes at most), "..." after it when none of the size bytes is
 * a NUL.
 */
static void cstring(struct buf *b, const unsigned char *p, size_t size, int x)
{
	const unsigned char *nul = memchr(p, 0, size);

	st_quote(b, p, nul ? (size_t)(nul - p) : size ? size - 1 : 0, !nul, x);
}

/* A hardware address as xx:xx:..., its bytes too under -X raw or verbose. */
static void mac(struct buf *b, const unsigned char *p, size_t n)
{
	enum st_cstyle style = st_xlat_get_style();
	size_t i;

	if (style != ST_C_ABBREV)
		hex_quote(b, p, n);
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* " : "");
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%02x", i ? ":" : "", p[i]);
	buf_printf(b, style == ST_C_VERBOSE ? " */" : "");
}

/* val as strace's verbose fields print it: with its name in a comment unless -X raw. */
static void val_verbose(struct buf *b, const struct st_xlat *t, uint64_t val,
			const char *dflt)
{
	enum st_cstyle style = st_xlat_get_style();

	st_xlat_style(style == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
	st_xlat_val(b, t, val, dflt);
	st_xlat_style(style);
}

static void flags_verbose(struct buf *b, const struct st_xlat *t, uint64_t val,
			  const char *dflt)
{
	enum st_cstyle style = st_xlat_get_style();

	st_xlat_style(style == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
	st_xlat_flags_dflt(b, t, val, "0", dflt);
	st_xlat_style(style);
}

/* A byte in hex, two digits wide with its 0x: 0x5, 0x61, and 00 for zero. */
static void byte_0x(struct buf *b, unsigned v)
{
	buf_printf(b, "%#02x", v);
}

static int packet(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct sockaddr_ll ll;
	enum st_cstyle style = st_xlat_get_style();
	struct buf m = { 0 };
	unsigned i;

	memcpy(&ll, p, sizeof(ll));
	/* The protocol's name in the htons() whatever -X says. */
	st_xlat_style(ST_C_ABBREV);
	buf_printf(&m, "htons(");
	st_xlat_val(&m, st_eth_protos, ntohs(ll.sll_protocol), "ETH_P_???");
	buf_printf(&m, ")");
	st_xlat_style(style);
	buf_printf(b, ", sll_protocol=");
	st_net_val(b, p + offsetof(struct sockaddr_ll, sll_protocol), 2, m.p);
	buf_free(&m);
	buf_printf(b, ", sll_ifindex=");
	st_ifindex(b, (unsigned)ll.sll_ifindex);
	buf_printf(b, ", sll_hatype=");
	st_xlat_val(b, st_arphrd, ll.sll_hatype, "ARPHRD_???");
	buf_printf(b, ", sll_pkttype=");
	st_xlat_val(b, packet_types, ll.sll_pkttype, "PACKET_???");
	buf_printf(b, ", sll_halen=%u", ll.sll_halen);
	if (!ll.sll_halen)
		return 0;
	/* sll_halen may claim more than sll_addr's 8: as far as len goes. */
	buf_printf(b, ", sll_addr=[");
	for (i = 0; i < ll.sll_halen; i++) {
		size_t at = offsetof(struct sockaddr_ll, sll_addr) + i;

		buf_printf(b, "%s", i ? ", " : "");
		if (at >= len) {
			buf_printf(b, "...");
			break;
		}
		byte_0x(b, p[at]);
	}
	buf_printf(b, "]");
	return 0;
}

/* struct sockaddr_ipx, which the UAPI headers no longer carry. */
#define SIPX_PORT	2
#define SIPX_NETWORK	4
#define SIPX_NODE	8
#define SIPX_NODE_LEN	6
#define SIPX_TYPE	14
#define SIPX_ZERO	15
#define SIPX_SIZE	16

static int ipx(struct buf *b, const unsigned char *p, size_t len, int x)
{
	char m[32];
	uint32_t net;
	int i;

	snprintf(m, sizeof(m), "htons(%u)", ntohs(st_u16(p + SIPX_PORT)));
	buf_printf(b, ", sipx_port=");
	st_net_val(b, p + SIPX_PORT, 2, m);
	memcpy(&net, p + SIPX_NETWORK, 4);
	buf_printf(b, ", sipx_network=htonl(%#x), sipx_node=[", ntohl(net));
	for (i = 0; i < SIPX_NODE_LEN; i++) {
		buf_printf(b, "%s", i ? ", " : "");
		byte_0x(b, p[SIPX_NODE + i]);
	}
	buf_printf(b, "], sipx_type=");
	byte_0x(b, p[SIPX_TYPE]);
	if (p[SIPX_ZERO])
		buf_printf(b, ", sipx_zero=%#x", p[SIPX_ZERO]);
	return 0;
}

/*
 * How an AX.25 callsign can print: -1 as -X says, ST_C_VERBOSE when it is
 * not a well-formed one (its bytes with the text), ST_C_RAW when its text
 * could not be printed (bytes alone).
 */
static int ax25_check(const ax25_address *a)
{
	int ret = -1;
	bool space = false, chars = false;
	size_t i;

	for (i = 0; i < sizeof(a->ax25_call) - 1; i++) {
		unsigned char c = (unsigned char)a->ax25_call[i];

		/* Each character is shifted left by one; bit 0 is clear. */
		if (c & 1)
			ret = ST_C_VERBOSE;
		c >>= 1;
		if (c == ' ')
			space = true;
		else
			chars = true;
		/* Digits and capitals, padded with spaces at the end. */
		if ((c < '0' || c > '9') && (c < 'A' || c > 'Z') && c != ' ')
			ret = ST_C_VERBOSE;
		if (c != ' ' && space)
			ret = ST_C_VERBOSE;
		/* What the text cannot show, or what would end a comment. */
		if (c < ' ' || c > 0x7e || c == '*' || c == '/')
			return ST_C_RAW;
	}
	if (a->ax25_call[6] & ~0x1e)
		ret = ST_C_VERBOSE;
	if (!chars && a->ax25_call[6])
		ret = ST_C_VERBOSE;
	return ret;
}

/* An AX.25 callsign as text: CALL-SSID, or * for an empty one with SSID 0. */
static void ax25_text(struct buf *b, const ax25_address *a)
{
	size_t end, i;
	unsigned ssid = ((unsigned char)a->ax25_call[6] >> 1) & 0xf;

	for (end = 6; end; end--)
		if (((unsigned char)a->ax25_call[end - 1] >> 1) != ' ')
			break;
	if (!end && !ssid) {
		buf_printf(b, "*");
		return;
	}
	for (i = 0; i < end; i++)
		buf_printf(b, "%c", (unsigned char)a->ax25_call[i] >> 1);
	buf_printf(b, "-%u", ssid);
}

static void ax25_addr(struct buf *b, const ax25_address *a)
{
	int style = ax25_check(a);

	if (style < 0)
		style = st_xlat_get_style();
	if (style != ST_C_ABBREV) {
		buf_printf(b, "{ax25_call=");
		hex_quote(b, (const unsigned char *)a->ax25_call, sizeof(a->ax25_call));
		buf_printf(b, "}");
	}
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* " : "");
	ax25_text(b, a);
	buf_printf(b, style == ST_C_VERBOSE ? " */" : "");
}

static int ax25(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct full_sockaddr_ax25 fa;
	const size_t one = sizeof(ax25_address), head = sizeof(struct sockaddr_ax25);
	size_t has, want, i;
	bool full;

	memcpy(&fa, p, sizeof(fa));
	/* With digipeaters (or room for them) the head is a struct of its own. */
	full = fa.fsa_ax25.sax25_ndigis || len > head;
	buf_printf(b, full ? ", fsa_ax25={sax25_call=" : ", sax25_call=");
	ax25_addr(b, &fa.fsa_ax25.sax25_call);
	buf_printf(b, ", sax25_ndigis=%d", fa.fsa_ax25.sax25_ndigis);
	if (!full)
		return 0;
	buf_printf(b, "}");
	has = (len - head) / one;
	if (has > AX25_MAX_DIGIS)
		has = AX25_MAX_DIGIS;
	want = fa.fsa_ax25.sax25_ndigis > 0 ? (size_t)fa.fsa_ax25.sax25_ndigis : 0;
	if (want > AX25_MAX_DIGIS)
		want = AX25_MAX_DIGIS;
	if (want) {
		buf_printf(b, ", fsa_digipeater=[");
		for (i = 0; i < want && i < has; i++) {
			buf_printf(b, "%s", i ? ", " : "");
			ax25_addr(b, &fa.fsa_digipeater[i]);
		}
		if (want > has)
			buf_printf(b, "%s...", i ? ", " : "");
		buf_printf(b, "]");
	}
	/* Bytes past the digipeaters shown. */
	if (len > has * one + head)
		buf_printf(b, ", ...");
	return 0;
}

static int x25(struct buf *b, const unsigned char *p, size_t len, int x)
{
	buf_printf(b, ", sx25_addr={x25_addr=");
	cstring(b, p + offsetof(struct sockaddr_x25, sx25_addr),
		sizeof(struct x25_address), x);
	buf_printf(b, "}");
	return 0;
}

/*
 * An L2CAP PSM or CID (little-endian) as htobs(): its name, or its offset
 * from the start of the dynamic range (lo..hi, named range) it falls in;
 * the number with a comment for any other.
 */
struct l2_range {
	uint16_t lo, hi;
	const char *name;
};

static void l2_val(struct buf *b, uint16_t v, const struct st_xlat *t,
		   const struct l2_range *r, size_t nr, const char *dflt)
{
	enum st_cstyle style = st_xlat_get_style();
	const char *name = st_xlat_name(t, v);
	const struct l2_range *in = NULL;
	bool known;
	size_t i;

	for (i = 0; i < nr && !name && !in; i++)
		if (v >= r[i].lo && v <= r[i].hi)
			in = &r[i];
	known = name || in;
	buf_printf(b, "htobs(");
	if (style != ST_C_ABBREV || !known)
		buf_printf(b, "%#x", v);
	if (style == ST_C_RAW) {
		buf_printf(b, ")");
		return;
	}
	if (style == ST_C_VERBOSE || !known)
		buf_printf(b, " /* ");
	if (name)
		buf_printf(b, "%s", name);
	else if (in && style == ST_C_VERBOSE)
		buf_printf(b, "%#x /* %s */+%u", in->lo, in->name, v - in->lo);
	else if (in)
		buf_printf(b, "%s+%u", in->name, v - in->lo);
	else
		buf_printf(b, "%s", dflt);
	if (style == ST_C_VERBOSE || !known)
		buf_printf(b, " */");
	buf_printf(b, ")");
}

static const struct l2_range psm_ranges[] = {
	{ L2CAP_PSM_LE_DYN_START, L2CAP_PSM_LE_DYN_END, "L2CAP_PSM_LE_DYN_START" },
	{ L2CAP_PSM_DYN_START, 0xffff, "L2CAP_PSM_DYN_START" },
};

static const struct l2_range cid_ranges[] = {
	{ L2CAP_CID_DYN_START, 0xffff, "L2CAP_CID_DYN_START" },
};

/*
 * Bluetooth's protocols share the family; the length tells them apart:
 * sockaddr_hci (4 without hci_channel, 6), sockaddr_sco (8), sockaddr_rc
 * (10), sockaddr_l2 (12 without l2_bdaddr_type, 14).
 */
static int bluetooth(struct buf *b, const unsigned char *p, size_t len, int x)
{
	switch (len) {
	case 4:
	case 6:
		buf_printf(b, ", hci_dev=htobs(%u)", st_u16(p + 2));
		if (len == 6) {
			buf_printf(b, ", hci_channel=");
			st_xlat_val(b, hci_channels, st_u16(p + 4), "HCI_CHANNEL_???");
		}
		return 0;
	case 8:
		buf_printf(b, ", sco_bdaddr=");
		mac(b, p + 2, 6);
		return 0;
	case 10:
		buf_printf(b, ", rc_bdaddr=");
		mac(b, p + 2, 6);
		buf_printf(b, ", rc_channel=%u", p[8]);
		return 0;
	case 12:
	case 14:
		buf_printf(b, ", l2_psm=");
		l2_val(b, st_u16(p + 2), l2_psms, psm_ranges,
		       sizeof(psm_ranges) / sizeof(psm_ranges[0]), "L2CAP_PSM_???");
		buf_printf(b, ", l2_bdaddr=");
		mac(b, p + 4, 6);
		buf_printf(b, ", l2_cid=");
		l2_val(b, st_u16(p + 10), l2_cids, cid_ranges,
		       sizeof(cid_ranges) / sizeof(cid_ranges[0]), "L2CAP_CID_???");
		if (len == 14) {
			buf_printf(b, ", l2_bdaddr_type=");
			st_xlat_val(b, bdaddr_types, p[12], "BDADDR_???");
		}
		return 0;
	}
	return -EINVAL;
}

/*
 * struct sockaddr_rxrpc: srx_service, transport_type, transport_len, then
 * the transport's sockaddr (a union of sockaddr_in and sockaddr_in6).
 */
#define SRX_TRANSPORT		8
#define SRX_SIZE		(SRX_TRANSPORT + sizeof(struct sockaddr_in6))

static int rxrpc(struct buf *b, const unsigned char *p, size_t len, int x)
{
	const unsigned char *t = p + SRX_TRANSPORT;
	unsigned tlen_said = st_u16(p + 6), fam = st_u16(t);
	/* The transport as far as both its length and the address go. */
	size_t tlen = tlen_said < len - SRX_TRANSPORT ? tlen_said : len - SRX_TRANSPORT;
	size_t rest = tlen > 2 ? tlen - 2 : 0;

	buf_printf(b, ", srx_service=");
	val_verbose(b, rxrpc_services, st_u16(p + 2), "???_SERVICE");
	buf_printf(b, ", transport_type=");
	st_xlat_val(b, st_sock_type, st_u16(p + 4), "SOCK_???");
	buf_printf(b, ", transport_len=%u, transport={", tlen_said);
	if (fam == AF_INET || fam == AF_INET6) {
		bool in4 = fam == AF_INET;

		buf_printf(b, in4 ? "sin={sin_family=" : "sin6={sin6_family=");
		st_xlat_val(b, st_af, fam, "AF_???");
		if (tlen_said >= (in4 ? sizeof(struct sockaddr_in) : 24)) {
			st_sockaddr_inet(b, t, tlen);
		} else if (rest) {
			buf_printf(b, ", ");
			st_quote(b, t + 2, rest, false, x);
		}
		buf_printf(b, "}");
	} else {
		buf_printf(b, "family=");
		st_xlat_val(b, st_af, fam, "AF_???");
		if (rest) {
			buf_printf(b, ", ");
			st_quote(b, t + 2, rest, false, x);
		}
	}
	buf_printf(b, "}");
	return 0;
}

/*
 * struct sockaddr_ieee802154 (kernel-internal): the family, then
 * struct ieee802154_addr_sa { int addr_type; u16 pan_id; union { u8
 * hwaddr[8]; u16 short_addr; }; } at 4.
 */
#define IEEE802154_TYPE		4
#define IEEE802154_PAN		8
#define IEEE802154_ADDR		10
#define IEEE802154_SIZE		20

static int ieee802154(struct buf *b, const unsigned char *p, size_t len, int x)
{
	uint32_t type = st_u32(p + IEEE802154_TYPE);

	buf_printf(b, ", addr={addr_type=");
	val_verbose(b, ieee802154_addr_types, type, "IEEE802154_ADDR_???");
	buf_printf(b, ", pan_id=");
	val_verbose(b, ieee802154_pan_ids, st_u16(p + IEEE802154_PAN), NULL);
	if (type == IEEE802154_ADDR_SHORT) {
		buf_printf(b, ", short_addr=");
		val_verbose(b, ieee802154_addrs, st_u16(p + IEEE802154_ADDR), NULL);
	} else if (type != IEEE802154_ADDR_NONE) {
		buf_printf(b, ", hwaddr=");
		mac(b, p + IEEE802154_ADDR, 8);
	}
	buf_printf(b, "}");
	return 0;
}

static int alg(struct buf *b, const unsigned char *p, size_t len, int x)
{
	const size_t name = offsetof(struct sockaddr_alg_new, salg_name);

	buf_printf(b, ", salg_type=");
	cstring(b, p + offsetof(struct sockaddr_alg_new, salg_type),
		sizeof(((struct sockaddr_alg_new *)0)->salg_type), x);
	buf_printf(b, ", salg_feat=");
	flags_verbose(b, alg_flags, st_u32(p + offsetof(struct sockaddr_alg_new, salg_feat)),
		      "CRYPTO_ALG_???");
	buf_printf(b, ", salg_mask=");
	flags_verbose(b, alg_flags, st_u32(p + offsetof(struct sockaddr_alg_new, salg_mask)),
		      "CRYPTO_ALG_???");
	/* The name runs to the address's end (no longer 64 bytes at most). */
	buf_printf(b, ", salg_name=");
	cstring(b, p + name, len - name, x);
	return 0;
}

static int nfc(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct sockaddr_nfc_llcp n;
	size_t sn;

	memcpy(&n, p, sizeof(n));
	buf_printf(b, ", dev_idx=");
	st_ifindex(b, n.dev_idx);
	buf_printf(b, ", target_idx=%#x, nfc_protocol=", n.target_idx);
	st_xlat_val(b, nfc_protos, n.nfc_protocol, "NFC_PROTO_???");
	/* sockaddr_nfc_llcp's fields once the whole of it is there. */
	if (len < sizeof(n)) {
		if (len > sizeof(struct sockaddr_nfc))
			buf_printf(b, ", ...");
		return 0;
	}
	buf_printf(b, ", dsap=");
	val_verbose(b, nfc_saps, n.dsap, NULL);
	buf_printf(b, ", ssap=");
	val_verbose(b, nfc_saps, n.ssap, NULL);
	sn = n.service_name_len < sizeof(n.service_name) ? n.service_name_len :
	     sizeof(n.service_name);
	buf_printf(b, ", service_name=");
	st_quote(b, (const unsigned char *)n.service_name, sn, false, x);
	buf_printf(b, ", service_name_len=%llu", (unsigned long long)n.service_name_len);
	return 0;
}

static int vsock(struct buf *b, const unsigned char *p, size_t len, int x)
{
	static const unsigned char zero[sizeof(((struct sockaddr_vm *)0)->svm_zero)];
	struct sockaddr_vm vm;

	memcpy(&vm, p, sizeof(vm));
	buf_printf(b, ", ");
	if (vm.svm_reserved1)
		buf_printf(b, "svm_reserved1=%#x, ", vm.svm_reserved1);
	buf_printf(b, "svm_cid=");
	st_xlat_val(b, vsock_cids, vm.svm_cid, NULL);
	buf_printf(b, ", svm_port=");
	st_xlat_val(b, vsock_ports, vm.svm_port, NULL);
	buf_printf(b, ", svm_flags=");
	st_xlat_flags_dflt(b, vsock_flags, vm.svm_flags, "0", "VMADDR_FLAG_???");
	if (memcmp(vm.svm_zero, zero, sizeof(zero))) {
		buf_printf(b, ", svm_zero=");
		hex_quote(b, vm.svm_zero, sizeof(vm.svm_zero));
	}
	return 0;
}

static int qrtr(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct sockaddr_qrtr q;

	memcpy(&q, p, sizeof(q));
	buf_printf(b, ", sq_node=");
	st_xlat_val(b, qrtr_nodes, q.sq_node, NULL);
	buf_printf(b, ", sq_port=");
	st_xlat_val(b, qrtr_ports, q.sq_port, NULL);
	return 0;
}

static int xdp(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct sockaddr_xdp sx;

	memcpy(&sx, p, sizeof(sx));
	buf_printf(b, ", sxdp_flags=");
	st_xlat_flags_dflt(b, xdp_flags, sx.sxdp_flags, "0", "XDP_???");
	buf_printf(b, ", sxdp_ifindex=");
	st_ifindex(b, sx.sxdp_ifindex);
	buf_printf(b, ", sxdp_queue_id=%u", sx.sxdp_queue_id);
	/* A descriptor only with XDP_SHARED_UMEM; otherwise shown if set. */
	if (sx.sxdp_flags & XDP_SHARED_UMEM) {
		buf_printf(b, ", sxdp_shared_umem_fd=");
		if (cur_opts)
			st_decode_fd(b, cur_tid, (int32_t)sx.sxdp_shared_umem_fd, cur_opts, NULL);
		else
			buf_printf(b, "%d", (int32_t)sx.sxdp_shared_umem_fd);
	} else if (sx.sxdp_shared_umem_fd) {
		buf_printf(b, ", sxdp_shared_umem_fd=%#x", sx.sxdp_shared_umem_fd);
	}
	return 0;
}

static int mctp(struct buf *b, const unsigned char *p, size_t len, int x)
{
	struct sockaddr_mctp m;

	memcpy(&m, p, sizeof(m));
	buf_printf(b, ", ");
	if (m.__smctp_pad0)
		buf_printf(b, "__smctp_pad0=%#x, ", m.__smctp_pad0);
	buf_printf(b, "smctp_network=");
	st_xlat_val(b, mctp_nets, m.smctp_network, NULL);
	buf_printf(b, ", smctp_addr={s_addr=");
	st_xlat_val(b, mctp_addrs, m.smctp_addr.s_addr, NULL);
	buf_printf(b, "}, smctp_type=%#x, smctp_tag=%#x", m.smctp_type, m.smctp_tag);
	if (m.__smctp_pad1)
		buf_printf(b, ", __smctp_pad1=%#x", m.__smctp_pad1);
	return 0;
}

static const struct family {
	int af;
	size_t least;		/* shorter shows as sa_data */
	int (*print)(struct buf *b, const unsigned char *p, size_t len, int x);
} families[] = {
	{ AF_AX25, sizeof(struct sockaddr_ax25), ax25 },
	{ AF_IPX, SIPX_SIZE, ipx },
	{ AF_X25, sizeof(struct sockaddr_x25), x25 },
	{ AF_PACKET, sizeof(struct sockaddr_ll), packet },
	{ AF_BLUETOOTH, 3, bluetooth },
	{ AF_RXRPC, SRX_SIZE, rxrpc },
	{ AF_IEEE802154, IEEE802154_SIZE, ieee802154 },
	/* The type, flags and at least a byte of the name. */
	{ AF_ALG, sizeof(struct sockaddr_alg_new) + 1, alg },
	{ AF_NFC, sizeof(struct sockaddr_nfc), nfc },
	{ AF_VSOCK, sizeof(struct sockaddr_vm), vsock },
	{ AF_QIPCRTR, sizeof(struct sockaddr_qrtr), qrtr },
	{ AF_XDP, sizeof(struct sockaddr_xdp), xdp },
	{ AF_MCTP, sizeof(struct sockaddr_mctp), mctp },
};

int st_sa_decode(struct buf *b, const unsigned char *p, size_t len, int x)
{
	unsigned char sa[SA_MAX + 1] = { 0 };
	unsigned fam;
	size_t i;

	if (len > SA_MAX)
		len = SA_MAX;
	memcpy(sa, p, len);
	fam = st_u16(sa);
	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		if (families[i].af == (int)fam)
			return len >= families[i].least ?
			       families[i].print(b, sa, len, x) : -EINVAL;
	return -EAFNOSUPPORT;
}
