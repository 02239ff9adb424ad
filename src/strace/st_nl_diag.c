/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: NETLINK_SOCK_DIAG payloads as strace prints them: by
 * the first byte's address family, a request's struct (NLM_F_REQUEST)
 * or a reply's, then the reply's attributes, each decoded by its type;
 * a family without a decoder as {family=..., data="..."}.  Also the
 * attributes of an NLMSG_ERROR's extended ack, which share the walker.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/sysmacros.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/inet_diag.h>
#include <linux/mptcp.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <linux/tls.h>
#include <linux/unix_diag.h>

#include "st_decode.h"
#include "st_bpf.h"
#include "st_nl_diag.h"
#include "st_sock.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Not in the UAPI headers: the kernel's own, which strace names. */
#define ST_TCPDIAG_GETSOCK 18
#define ST_DCCPDIAG_GETSOCK 19
#define ST_RCV_SHUTDOWN 1
#define ST_SEND_SHUTDOWN 2
#define ST_NETLINK_UNCONNECTED 0
#define ST_NETLINK_CONNECTED 1
#define ST_IPPROTO_SMC 256

/* The kernel's TCP states (include/net/tcp_states.h), not UAPI. */
static const struct st_xlat tcp_states[] = {
	{ 1, "TCP_ESTABLISHED" }, { 2, "TCP_SYN_SENT" }, { 3, "TCP_SYN_RECV" },
	{ 4, "TCP_FIN_WAIT1" }, { 5, "TCP_FIN_WAIT2" }, { 6, "TCP_TIME_WAIT" },
	{ 7, "TCP_CLOSE" }, { 8, "TCP_CLOSE_WAIT" }, { 9, "TCP_LAST_ACK" },
	{ 10, "TCP_LISTEN" }, { 11, "TCP_CLOSING" }, { 12, "TCP_NEW_SYN_RECV" }, END,
};

static const struct st_xlat tcp_state_flags[] = {
	{ 1 << 1, "1<<TCP_ESTABLISHED" }, { 1 << 2, "1<<TCP_SYN_SENT" },
	{ 1 << 3, "1<<TCP_SYN_RECV" }, { 1 << 4, "1<<TCP_FIN_WAIT1" },
	{ 1 << 5, "1<<TCP_FIN_WAIT2" }, { 1 << 6, "1<<TCP_TIME_WAIT" },
	{ 1 << 7, "1<<TCP_CLOSE" }, { 1 << 8, "1<<TCP_CLOSE_WAIT" },
	{ 1 << 9, "1<<TCP_LAST_ACK" }, { 1 << 10, "1<<TCP_LISTEN" },
	{ 1 << 11, "1<<TCP_CLOSING" }, { 1 << 12, "1<<TCP_NEW_SYN_RECV" }, END,
};

#define EXT(n) { 1ULL << ((n) - 1), "1<<(" #n "-1)" }
static const struct st_xlat inet_diag_ext[] = {
	EXT(INET_DIAG_MEMINFO), EXT(INET_DIAG_INFO), EXT(INET_DIAG_VEGASINFO),
	EXT(INET_DIAG_CONG), EXT(INET_DIAG_TOS), EXT(INET_DIAG_TCLASS),
	EXT(INET_DIAG_SKMEMINFO), EXT(INET_DIAG_SHUTDOWN), EXT(INET_DIAG_DCTCPINFO),
	EXT(INET_DIAG_PROTOCOL), EXT(INET_DIAG_SKV6ONLY), EXT(INET_DIAG_LOCALS),
	EXT(INET_DIAG_PEERS), EXT(INET_DIAG_PAD), EXT(INET_DIAG_MARK),
	EXT(INET_DIAG_BBRINFO), EXT(INET_DIAG_CLASS_ID), EXT(INET_DIAG_MD5SIG),
	EXT(INET_DIAG_ULP_INFO), EXT(INET_DIAG_SK_BPF_STORAGES),
	EXT(INET_DIAG_CGROUP_ID), EXT(INET_DIAG_SOCKOPT), END,
};

static const struct st_xlat smc_diag_ext[] = {
	EXT(SMC_DIAG_CONNINFO), EXT(SMC_DIAG_LGRINFO), END,
};

static const struct st_xlat inet_diag_attrs[] = {
	X(INET_DIAG_NONE), X(INET_DIAG_MEMINFO), X(INET_DIAG_INFO),
	X(INET_DIAG_VEGASINFO), X(INET_DIAG_CONG), X(INET_DIAG_TOS),
	X(INET_DIAG_TCLASS), X(INET_DIAG_SKMEMINFO), X(INET_DIAG_SHUTDOWN),
	X(INET_DIAG_DCTCPINFO), X(INET_DIAG_PROTOCOL), X(INET_DIAG_SKV6ONLY),
	X(INET_DIAG_LOCALS), X(INET_DIAG_PEERS), X(INET_DIAG_PAD), X(INET_DIAG_MARK),
	X(INET_DIAG_BBRINFO), X(INET_DIAG_CLASS_ID), X(INET_DIAG_MD5SIG),
	X(INET_DIAG_ULP_INFO), X(INET_DIAG_SK_BPF_STORAGES), X(INET_DIAG_CGROUP_ID),
	X(INET_DIAG_SOCKOPT), END,
};

static const struct st_xlat inet_diag_req_attrs[] = {
	X(INET_DIAG_REQ_NONE), X(INET_DIAG_REQ_BYTECODE),
	X(INET_DIAG_REQ_SK_BPF_STORAGES), X(INET_DIAG_REQ_PROTOCOL), END,
};

static const struct st_xlat inet_diag_bc[] = {
	X(INET_DIAG_BC_NOP), X(INET_DIAG_BC_JMP), X(INET_DIAG_BC_S_GE),
	X(INET_DIAG_BC_S_LE), X(INET_DIAG_BC_D_GE), X(INET_DIAG_BC_D_LE),
	X(INET_DIAG_BC_AUTO), X(INET_DIAG_BC_S_COND), X(INET_DIAG_BC_D_COND),
	X(INET_DIAG_BC_DEV_COND), X(INET_DIAG_BC_MARK_COND), X(INET_DIAG_BC_S_EQ),
	X(INET_DIAG_BC_D_EQ), X(INET_DIAG_BC_CGROUP_COND), END,
};

static const struct st_xlat shutdown_flags[] = {
	{ ST_RCV_SHUTDOWN, "RCV_SHUTDOWN" }, { ST_SEND_SHUTDOWN, "SEND_SHUTDOWN" }, END,
};

static const struct st_xlat ulp_attrs[] = {
	X(INET_ULP_INFO_UNSPEC), X(INET_ULP_INFO_NAME), X(INET_ULP_INFO_TLS),
	X(INET_ULP_INFO_MPTCP), END,
};

static const struct st_xlat tls_attrs[] = {
	X(TLS_INFO_UNSPEC), X(TLS_INFO_VERSION), X(TLS_INFO_CIPHER),
	X(TLS_INFO_TXCONF), X(TLS_INFO_RXCONF), X(TLS_INFO_ZC_RO_TX),
	X(TLS_INFO_RX_NO_PAD), END,
};

static const struct st_xlat tls_versions[] = {
	X(TLS_1_2_VERSION), X(TLS_1_3_VERSION), END,
};

static const struct st_xlat tls_ciphers[] = {
	X(TLS_CIPHER_AES_GCM_128), X(TLS_CIPHER_AES_GCM_256),
	X(TLS_CIPHER_AES_CCM_128), X(TLS_CIPHER_CHACHA20_POLY1305),
	X(TLS_CIPHER_SM4_GCM), X(TLS_CIPHER_SM4_CCM), X(TLS_CIPHER_ARIA_GCM_128),
	X(TLS_CIPHER_ARIA_GCM_256), END,
};

static const struct st_xlat tls_configs[] = {
	X(TLS_CONF_BASE), X(TLS_CONF_SW), X(TLS_CONF_HW), X(TLS_CONF_HW_RECORD), END,
};

static const struct st_xlat mptcp_attrs[] = {
	X(MPTCP_SUBFLOW_ATTR_UNSPEC), X(MPTCP_SUBFLOW_ATTR_TOKEN_REM),
	X(MPTCP_SUBFLOW_ATTR_TOKEN_LOC), X(MPTCP_SUBFLOW_ATTR_RELWRITE_SEQ),
	X(MPTCP_SUBFLOW_ATTR_MAP_SEQ), X(MPTCP_SUBFLOW_ATTR_MAP_SFSEQ),
	X(MPTCP_SUBFLOW_ATTR_SSN_OFFSET), X(MPTCP_SUBFLOW_ATTR_MAP_DATALEN),
	X(MPTCP_SUBFLOW_ATTR_FLAGS), X(MPTCP_SUBFLOW_ATTR_ID_REM),
	X(MPTCP_SUBFLOW_ATTR_ID_LOC), X(MPTCP_SUBFLOW_ATTR_PAD), END,
};

static const struct st_xlat mptcp_flags[] = {
	X(MPTCP_SUBFLOW_FLAG_MCAP_REM), X(MPTCP_SUBFLOW_FLAG_MCAP_LOC),
	X(MPTCP_SUBFLOW_FLAG_JOIN_REM), X(MPTCP_SUBFLOW_FLAG_JOIN_LOC),
	X(MPTCP_SUBFLOW_FLAG_BKUP_REM), X(MPTCP_SUBFLOW_FLAG_BKUP_LOC),
	X(MPTCP_SUBFLOW_FLAG_FULLY_ESTABLISHED), X(MPTCP_SUBFLOW_FLAG_CONNECTED),
	X(MPTCP_SUBFLOW_FLAG_MAPVALID), END,
};

static const struct st_xlat bpf_storage_attrs[] = {
	X(SK_DIAG_BPF_STORAGE_NONE), X(SK_DIAG_BPF_STORAGE_PAD),
	X(SK_DIAG_BPF_STORAGE_MAP_ID), X(SK_DIAG_BPF_STORAGE_MAP_VALUE), END,
};

static const struct st_xlat bpf_storages_attrs[] = {
	X(SK_DIAG_BPF_STORAGE_REP_NONE), X(SK_DIAG_BPF_STORAGE), END,
};

static const struct st_xlat unix_diag_show[] = {
	X(UDIAG_SHOW_NAME), X(UDIAG_SHOW_VFS), X(UDIAG_SHOW_PEER), X(UDIAG_SHOW_ICONS),
	X(UDIAG_SHOW_RQLEN), X(UDIAG_SHOW_MEMINFO), X(UDIAG_SHOW_UID), END,
};

static const struct st_xlat unix_diag_attrs[] = {
	X(UNIX_DIAG_NAME), X(UNIX_DIAG_VFS), X(UNIX_DIAG_PEER), X(UNIX_DIAG_ICONS),
	X(UNIX_DIAG_RQLEN), X(UNIX_DIAG_MEMINFO), X(UNIX_DIAG_SHUTDOWN),
	X(UNIX_DIAG_UID), END,
};

static const struct st_xlat netlink_diag_show[] = {
	X(NDIAG_SHOW_MEMINFO), X(NDIAG_SHOW_GROUPS), X(NDIAG_SHOW_RING_CFG),
	X(NDIAG_SHOW_FLAGS), END,
};

static const struct st_xlat netlink_diag_attrs[] = {
	X(NETLINK_DIAG_MEMINFO), X(NETLINK_DIAG_GROUPS), X(NETLINK_DIAG_RX_RING),
	X(NETLINK_DIAG_TX_RING), X(NETLINK_DIAG_FLAGS), END,
};

static const struct st_xlat netlink_states[] = {
	{ ST_NETLINK_UNCONNECTED, "NETLINK_UNCONNECTED" },
	{ ST_NETLINK_CONNECTED, "NETLINK_CONNECTED" }, { ST_TCP_CLOSE, "TCP_CLOSE" }, END,
};

static const struct st_xlat netlink_sock_flags[] = {
	X(NDIAG_FLAG_CB_RUNNING), X(NDIAG_FLAG_PKTINFO), X(NDIAG_FLAG_BROADCAST_ERROR),
	X(NDIAG_FLAG_NO_ENOBUFS), X(NDIAG_FLAG_LISTEN_ALL_NSID), X(NDIAG_FLAG_CAP_ACK),
	END,
};

static const struct st_xlat packet_diag_show[] = {
	X(PACKET_SHOW_INFO), X(PACKET_SHOW_MCLIST), X(PACKET_SHOW_RING_CFG),
	X(PACKET_SHOW_FANOUT), X(PACKET_SHOW_MEMINFO), X(PACKET_SHOW_FILTER), END,
};

static const struct st_xlat packet_diag_attrs[] = {
	X(PACKET_DIAG_INFO), X(PACKET_DIAG_MCLIST), X(PACKET_DIAG_RX_RING),
	X(PACKET_DIAG_TX_RING), X(PACKET_DIAG_FANOUT), X(PACKET_DIAG_UID),
	X(PACKET_DIAG_MEMINFO), X(PACKET_DIAG_FILTER), END,
};

static const struct st_xlat pdi_flags[] = {
	X(PDI_RUNNING), X(PDI_AUXDATA), X(PDI_ORIGDEV), X(PDI_VNETHDR), X(PDI_LOSS), END,
};

static const struct st_xlat tpacket_versions[] = {
	{ 0, "TPACKET_V1" }, { 1, "TPACKET_V2" }, { 2, "TPACKET_V3" }, END,
};

static const struct st_xlat eth_protos[] = {
	X(ETH_P_LOOP), X(ETH_P_PUP), X(ETH_P_PUPAT), X(ETH_P_TSN), X(ETH_P_ERSPAN2),
	X(ETH_P_IP), X(ETH_P_X25), X(ETH_P_ARP), X(ETH_P_BPQ), X(ETH_P_IEEEPUP),
	X(ETH_P_IEEEPUPAT), X(ETH_P_BATMAN), X(ETH_P_DEC), X(ETH_P_DNA_DL),
	X(ETH_P_DNA_RC), X(ETH_P_DNA_RT), X(ETH_P_LAT), X(ETH_P_DIAG), X(ETH_P_CUST),
	X(ETH_P_SCA), X(ETH_P_TEB), X(ETH_P_RARP), X(ETH_P_ATALK), X(ETH_P_AARP),
	X(ETH_P_8021Q), X(ETH_P_ERSPAN), X(ETH_P_IPX), X(ETH_P_IPV6), X(ETH_P_PAUSE),
	X(ETH_P_SLOW), X(ETH_P_WCCP), X(ETH_P_MPLS_UC), X(ETH_P_MPLS_MC),
	X(ETH_P_ATMMPOA), X(ETH_P_PPP_DISC), X(ETH_P_PPP_SES), X(ETH_P_LINK_CTL),
	X(ETH_P_ATMFATE), X(ETH_P_PAE), X(ETH_P_AOE), X(ETH_P_8021AD),
	X(ETH_P_802_EX1), X(ETH_P_PREAUTH), X(ETH_P_TIPC), X(ETH_P_LLDP),
	X(ETH_P_MRP), X(ETH_P_MACSEC), X(ETH_P_8021AH), X(ETH_P_MVRP),
	X(ETH_P_1588), X(ETH_P_NCSI), X(ETH_P_PRP), X(ETH_P_CFM), X(ETH_P_FCOE),
	X(ETH_P_IBOE), X(ETH_P_TDLS), X(ETH_P_FIP), X(ETH_P_80221), X(ETH_P_HSR),
	X(ETH_P_NSH), X(ETH_P_LOOPBACK), X(ETH_P_QINQ1), X(ETH_P_QINQ2),
	X(ETH_P_QINQ3), X(ETH_P_EDSA), X(ETH_P_DSA_8021Q), X(ETH_P_DSA_A5PSW),
	X(ETH_P_IFE), X(ETH_P_AF_IUCV), X(ETH_P_802_3_MIN), X(ETH_P_802_3),
	X(ETH_P_AX25), X(ETH_P_ALL), X(ETH_P_802_2), X(ETH_P_SNAP), X(ETH_P_DDCMP),
	X(ETH_P_WAN_PPP), X(ETH_P_PPP_MP), X(ETH_P_LOCALTALK), X(ETH_P_CAN),
	X(ETH_P_CANFD), X(ETH_P_CANXL), X(ETH_P_PPPTALK), X(ETH_P_TR_802_2),
	X(ETH_P_MOBITEX), X(ETH_P_CONTROL), X(ETH_P_IRDA), X(ETH_P_ECONET),
	X(ETH_P_HDLC), X(ETH_P_ARCNET), X(ETH_P_DSA), X(ETH_P_TRAILER),
	X(ETH_P_PHONET), X(ETH_P_IEEE802154), X(ETH_P_CAIF), X(ETH_P_XDSA),
	X(ETH_P_MAP), X(ETH_P_MCTP), END,
};

static const struct st_xlat smc_states[] = {
	{ 1, "SMC_ACTIVE" }, { 2, "SMC_INIT" }, { 7, "SMC_CLOSED" }, { 10, "SMC_LISTEN" },
	{ 20, "SMC_PEERCLOSEWAIT1" }, { 21, "SMC_PEERCLOSEWAIT2" },
	{ 22, "SMC_APPCLOSEWAIT1" }, { 23, "SMC_APPCLOSEWAIT2" },
	{ 24, "SMC_APPFINCLOSEWAIT" }, { 25, "SMC_PEERFINCLOSEWAIT" },
	{ 26, "SMC_PEERABORTWAIT" }, { 27, "SMC_PROCESSABORT" }, END,
};

static const struct st_xlat smc_modes[] = {
	X(SMC_DIAG_MODE_SMCR), X(SMC_DIAG_MODE_FALLBACK_TCP), X(SMC_DIAG_MODE_SMCD), END,
};

static const struct st_xlat smc_diag_attrs[] = {
	X(SMC_DIAG_NONE), X(SMC_DIAG_CONNINFO), X(SMC_DIAG_LGRINFO),
	X(SMC_DIAG_SHUTDOWN), X(SMC_DIAG_DMBINFO), X(SMC_DIAG_FALLBACK), END,
};

static const struct st_xlat smc_roles[] = { { 0, "SMC_CLNT" }, { 1, "SMC_SERV" }, END };

/* The kernel's net/smc/smc_clc.h: the reasons a connection fell back to TCP. */
static const struct st_xlat smc_decl_codes[] = {
	{ 0x01010000, "SMC_CLC_DECL_MEM" }, { 0x02010000, "SMC_CLC_DECL_TIMEOUT_CL" },
	{ 0x02020000, "SMC_CLC_DECL_TIMEOUT_AL" }, { 0x03000000, "SMC_CLC_DECL_CNFERR" },
	{ 0x03010000, "SMC_CLC_DECL_PEERNOSMC" }, { 0x03020000, "SMC_CLC_DECL_IPSEC" },
	{ 0x03030000, "SMC_CLC_DECL_NOSMCDEV" }, { 0x03040000, "SMC_CLC_DECL_MODEUNSUPP" },
	{ 0x03050000, "SMC_CLC_DECL_RMBE_EC" }, { 0x03060000, "SMC_CLC_DECL_OPTUNSUPP" },
	{ 0x04000000, "SMC_CLC_DECL_SYNCERR" }, { 0x05000000, "SMC_CLC_DECL_PEERDECL" },
	{ 0x99990000, "SMC_CLC_DECL_INTERR" }, { 0x99990001, "SMC_CLC_DECL_ERR_RTOK" },
	{ 0x99990002, "SMC_CLC_DECL_ERR_RDYLNK" }, { 0x99990003, "SMC_CLC_DECL_ERR_REGRMB" },
	END,
};

static const struct st_xlat sk_meminfo[] = {
	X(SK_MEMINFO_RMEM_ALLOC), X(SK_MEMINFO_RCVBUF), X(SK_MEMINFO_WMEM_ALLOC),
	X(SK_MEMINFO_SNDBUF), X(SK_MEMINFO_FWD_ALLOC), X(SK_MEMINFO_WMEM_QUEUED),
	X(SK_MEMINFO_OPTMEM), X(SK_MEMINFO_BACKLOG), X(SK_MEMINFO_DROPS), END,
};

static const struct st_xlat nlmsgerr_attrs[] = {
	X(NLMSGERR_ATTR_UNUSED), X(NLMSGERR_ATTR_MSG), X(NLMSGERR_ATTR_OFFS),
	X(NLMSGERR_ATTR_COOKIE), X(NLMSGERR_ATTR_POLICY), X(NLMSGERR_ATTR_MISS_TYPE),
	X(NLMSGERR_ATTR_MISS_NEST), END,
};

/* Whether n bytes at off were read; if not, their address is printed. */
static bool got(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t n)
{
	if (off + n <= m->have)
		return true;
	buf_printf(b, "%#llx", (unsigned long long)(m->addr + off));
	return false;
}

static uint64_t rd(const struct st_nl_mem *m, uint64_t off, unsigned size)
{
	const unsigned char *v = m->p + off;

	return size == 1 ? v[0] : size == 2 ? st_u16(v) : size == 4 ? st_u32(v) : st_u64(v);
}

/* A string of n bytes whose NUL strace expects last (nla_str). */
static void nul_str(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t n)
{
	uint64_t s = (uint64_t)m->o->strsize;
	/* One byte more than -s, as strace reads to know it was cut. */
	uint64_t need = n < s ? n : s + 1;
	const unsigned char *v = m->p + off;

	if (!got(b, m, off, need < n ? need : n))
		return;
	if (n <= s && n && !v[n - 1])
		st_quote(b, v, (size_t)n - 1, false, m->o->xstyle);
	else
		st_quote(b, v, (size_t)(n < s ? n : s), true, m->o->xstyle);
}

/* An -X style number with its meaning: "htons(N)" and the like. */
static void styled(struct buf *b, const unsigned char *raw, size_t n, const char *meaning)
{
	enum st_cstyle st = st_xlat_get_style();

	if (st != ST_C_ABBREV)
		st_quote(b, raw, n, false, 2);
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* %s */", meaning);
	else if (st == ST_C_ABBREV)
		buf_printf(b, "%s", meaning);
}

static void port(struct buf *b, const char *name, const unsigned char *p)
{
	char m[32];

	snprintf(m, sizeof(m), "htons(%u)", ntohs((uint16_t)(p[0] | p[1] << 8)));
	buf_printf(b, "%s=", name);
	styled(b, p, 2, m);
}

/* A 16-byte address field of family af, as strace's print_inet_addr. */
static void inet_field(struct buf *b, const char *name, const unsigned char *p, int af)
{
	enum st_cstyle st = st_xlat_get_style();
	char ip[INET_ADDRSTRLEN];

	/* -X raw and verbose show the whole field, an IPv4 address's too. */
	if (af == AF_INET && st != ST_C_ABBREV) {
		buf_printf(b, "%s=", name);
		st_quote(b, p, 16, false, 2);
		inet_ntop(AF_INET, p, ip, sizeof(ip));
		if (st == ST_C_VERBOSE)
			buf_printf(b, " /* inet_addr(\"%s\") */", ip);
		return;
	}
	if (af == AF_INET || af == AF_INET6) {
		st_inet_addr(b, p, af, name);
		return;
	}
	buf_printf(b, "%s=", name);
	st_quote(b, p, 16, false, 2);
}

static void cookie(struct buf *b, const char *name, const unsigned char *p)
{
	buf_printf(b, "%s=[%u, %u]", name, st_u32(p), st_u32(p + 4));
}

static void sockid(struct buf *b, const char *name, const unsigned char *p, int af)
{
	buf_printf(b, "%s={", name);
	port(b, "idiag_sport", p + offsetof(struct inet_diag_sockid, idiag_sport));
	buf_printf(b, ", ");
	port(b, "idiag_dport", p + offsetof(struct inet_diag_sockid, idiag_dport));
	buf_printf(b, ", ");
	inet_field(b, "idiag_src", p + offsetof(struct inet_diag_sockid, idiag_src), af);
	buf_printf(b, ", ");
	inet_field(b, "idiag_dst", p + offsetof(struct inet_diag_sockid, idiag_dst), af);
	buf_printf(b, ", idiag_if=");
	st_ifindex(b, st_u32(p + offsetof(struct inet_diag_sockid, idiag_if)));
	buf_printf(b, ", ");
	cookie(b, "idiag_cookie", p + offsetof(struct inet_diag_sockid, idiag_cookie));
	buf_printf(b, "}");
}

static void uid(struct buf *b, uint32_t v)
{
	if (v == UINT32_MAX)
		buf_printf(b, "-1");
	else
		buf_printf(b, "%u", v);
}

/* The kinds of a struct's fields. */
enum fkind {
	F_U,		/* unsigned decimal */
	F_X,		/* hex */
	F_VAL,		/* a named value */
	F_VERB,		/* a named value in -X verbose style unless -X raw */
	F_FLAGS,	/* named bits */
	F_COOKIE,	/* two u32 */
	F_SOCKID,	/* struct inet_diag_sockid of the struct's family */
	F_SOCKID4,	/* struct inet_diag_sockid of AF_INET */
	F_IFINDEX,
	F_NDPROTO,	/* a netlink protocol, or NDIAG_PROTO_ALL */
	F_CURSOR,	/* struct smc_diag_cursor */
};

struct field {
	const char *name;
	unsigned short off, size;
	enum fkind kind;
	const struct st_xlat *x;
	const char *dflt;
};

#define F(s, f, k, x, d) { #f, offsetof(struct s, f), sizeof(((struct s *)0)->f), k, x, d }

/* The fields of a struct at off (read), after a first one printed by the caller. */
static void fields(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		   const struct field *f, size_t n, int af, bool first)
{
	const unsigned char *p = m->p + off;
	size_t i;

	for (i = 0; i < n; i++, f++) {
		uint64_t v = f->size <= 8 ? rd(m, off + f->off, f->size) : 0;

		if (!first || i)
			buf_printf(b, ", ");
		switch (f->kind) {
		case F_COOKIE:
			cookie(b, f->name, p + f->off);
			continue;
		case F_SOCKID:
		case F_SOCKID4:
			sockid(b, f->name, p + f->off, f->kind == F_SOCKID4 ? AF_INET : af);
			continue;
		case F_CURSOR:
			buf_printf(b, "%s={reserved=%u, wrap=%u, count=%u}", f->name,
				   st_u16(p + f->off), st_u16(p + f->off + 2),
				   st_u32(p + f->off + 4));
			continue;
		default:
			break;
		}
		buf_printf(b, "%s=", f->name);
		switch (f->kind) {
		case F_U:
			buf_printf(b, "%llu", (unsigned long long)v);
			break;
		case F_X:
			buf_printf(b, "%#llx", (unsigned long long)v);
			break;
		case F_VAL:
			st_xlat_val(b, f->x, v, f->dflt);
			break;
		case F_VERB: {
			enum st_cstyle old = st_xlat_get_style();

			st_xlat_style(old == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
			st_xlat_val(b, f->x, v, f->dflt);
			st_xlat_style(old);
			break;
		}
		case F_FLAGS:
			st_xlat_flags_dflt(b, f->x, v, "0", f->dflt);
			break;
		case F_IFINDEX:
			st_ifindex(b, (unsigned)v);
			break;
		case F_NDPROTO:
			if (v == NDIAG_PROTO_ALL)
				st_xlat_val(b, (const struct st_xlat[]){ X(NDIAG_PROTO_ALL), END },
					    v, NULL);
			else
				st_xlat_val(b, st_netlink_proto, v, "NETLINK_???");
			break;
		default:
			break;
		}
	}
}

/* Attributes: their names, and a decoder for those strace decodes. */
struct attrs;
typedef bool (*attr_fn)(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			uint64_t len);

struct attrs {
	const struct st_xlat *names;
	const char *dflt;
	const attr_fn *fns;
	size_t nfns;
};

/* The set t and the memory its decoders read: st_nl_attrs()'s argument. */
struct attrs_arg {
	const struct st_nl_mem *m;
	const struct attrs *t;
};

static bool attr_value(struct buf *b, unsigned type, uint64_t off, uint64_t len, void *arg)
{
	const struct attrs_arg *a = arg;

	return type < a->t->nfns && a->t->fns[type] && a->t->fns[type](b, a->m, off, len);
}

/* The attributes in len bytes at off, of the set t. */
static void attrs(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		  uint64_t len, const struct attrs *t)
{
	struct attrs_arg a = { m, t };

	st_nl_attrs(b, m, off, len, t->names, t->dflt, attr_value, &a);
}

/* An element of an array at off (read); idx counts from 0. */
typedef void (*elem_fn)(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			uint64_t idx);

/*
 * nmemb elements of size at off, as strace's print_array: -s of them
 * without -v, an element not read as "..." and its address in a
 * comment (the first as the address alone).
 */
static void array(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		  uint64_t nmemb, uint64_t size, elem_fn fn)
{
	bool open = false;
	uint64_t i;

	for (i = 0; i < nmemb; i++) {
		uint64_t at = off + i * size;

		if (i)
			buf_printf(b, ", ");
		if (!m->o->verbose && i == (uint64_t)m->o->strsize) {
			buf_printf(b, "...");
			break;
		}
		if (at + size > m->have) {
			if (i)
				buf_printf(b, "... /* %#llx */", (unsigned long long)(m->addr + at));
			else
				buf_printf(b, "%#llx", (unsigned long long)(m->addr + at));
			break;
		}
		if (!i) {
			buf_printf(b, "[");
			open = true;
		}
		fn(b, m, at, i);
	}
	if (open)
		buf_printf(b, "]");
}

static void elem_u32(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	buf_printf(b, "%u", st_u32(m->p + off));
}

static void elem_meminfo(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	buf_printf(b, "[");
	st_xlat_enum(b, sk_meminfo, idx, "%llu");
	if (!st_xlat_name(sk_meminfo, idx) && st_xlat_get_style() != ST_C_RAW)
		buf_printf(b, " /* SK_MEMINFO_??? */");
	buf_printf(b, "]=%u", st_u32(m->p + off));
}

/* Fixed-size attribute values. */
#define INT_ATTR(name, size, fmt, type)						\
static bool name(struct buf *b, const struct st_nl_mem *m, uint64_t off,	\
		 uint64_t len)							\
{										\
	if (len < size)								\
		return false;							\
	if (got(b, m, off, size))						\
		buf_printf(b, fmt, (type)rd(m, off, size));			\
	return true;								\
}

INT_ATTR(a_u8, 1, "%u", unsigned)
INT_ATTR(a_u16, 2, "%u", unsigned)
INT_ATTR(a_u32, 4, "%u", unsigned)
INT_ATTR(a_x32, 4, "%#x", unsigned)
INT_ATTR(a_u64, 8, "%llu", unsigned long long)

static bool a_x8(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	if (len != 1 && len != 2 && len != 4 && len != 8)
		return false;
	if (got(b, m, off, len))
		buf_printf(b, "%#llx", (unsigned long long)rd(m, off, (unsigned)len));
	return true;
}

static bool a_str(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	nul_str(b, m, off, len);
	return true;
}

static bool a_uid(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	if (len < 4)
		return false;
	if (got(b, m, off, 4))
		uid(b, st_u32(m->p + off));
	return true;
}

static bool a_meminfo(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	if (len < 4)
		return false;
	array(b, m, off, len / 4, 4, elem_meminfo);
	return true;
}

/* A value of up to 8 bytes named in t (decode_nla_xval), size exactly when set. */
static bool xval(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len,
		 unsigned size, const struct st_xlat *t, const char *dflt, bool flags)
{
	if (len > 8 || len < size)
		return false;
	if (size)
		len = size;
	if (len != 1 && len != 2 && len != 4 && len != 8)
		return false;
	if (!got(b, m, off, len))
		return true;
	if (flags)
		st_xlat_flags_dflt(b, t, rd(m, off, (unsigned)len), "0", dflt);
	else
		st_xlat_val(b, t, rd(m, off, (unsigned)len), dflt);
	return true;
}

static bool a_ip_proto(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	/* strace 6.1 does not know IPPROTO_SMC. */
	if ((len == 2 || len == 4 || len == 8) && off + len <= m->have &&
	    rd(m, off, (unsigned)len) == ST_IPPROTO_SMC)
		return xval(b, m, off, len, 0, (const struct st_xlat[]){ END },
			    "IPPROTO_???", false);
	return xval(b, m, off, len, 0, st_inet_proto, "IPPROTO_???", false);
}

/* A struct of n fields that needs size bytes. */
static bool a_struct(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		     uint64_t len, size_t size, const struct field *f, size_t n)
{
	if (len < size)
		return false;
	if (!got(b, m, off, size))
		return true;
	buf_printf(b, "{");
	fields(b, m, off, f, n, AF_UNSPEC, true);
	buf_printf(b, "}");
	return true;
}

#define STRUCT_ATTR(name, s, ...)						\
static bool name(struct buf *b, const struct st_nl_mem *m, uint64_t off,	\
		 uint64_t len)							\
{										\
	static const struct field f[] = { __VA_ARGS__ };			\
										\
	return a_struct(b, m, off, len, sizeof(struct s), f, N(f));		\
}

/* UNIX */

STRUCT_ATTR(a_unix_rqlen, unix_diag_rqlen,
	    F(unix_diag_rqlen, udiag_rqueue, F_U, NULL, NULL),
	    F(unix_diag_rqlen, udiag_wqueue, F_U, NULL, NULL))

/* The dev of a unix socket's inode as makedev(), as strace prints it. */
static bool a_unix_vfs_dev(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			   uint64_t len)
{
	uint32_t dev;

	if (len < sizeof(struct unix_diag_vfs))
		return false;
	if (!got(b, m, off, sizeof(struct unix_diag_vfs)))
		return true;
	dev = st_u32(m->p + off + offsetof(struct unix_diag_vfs, udiag_vfs_dev));
	buf_printf(b, "{udiag_vfs_dev=");
	if (st_xlat_get_style() != ST_C_ABBREV)
		buf_printf(b, "%#x", dev);
	if (st_xlat_get_style() == ST_C_VERBOSE)
		buf_printf(b, " /* makedev(%#x, %#x) */", major(dev), minor(dev));
	else if (st_xlat_get_style() == ST_C_ABBREV)
		buf_printf(b, "makedev(%#x, %#x)", major(dev), minor(dev));
	buf_printf(b, ", udiag_vfs_ino=%u}",
		   st_u32(m->p + off + offsetof(struct unix_diag_vfs, udiag_vfs_ino)));
	return true;
}

static bool a_unix_icons(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			 uint64_t len)
{
	if (len < 4)
		return false;
	array(b, m, off, len / 4, 4, elem_u32);
	return true;
}

static const attr_fn unix_fns[] = {
	[UNIX_DIAG_NAME] = a_str, [UNIX_DIAG_VFS] = a_unix_vfs_dev,
	[UNIX_DIAG_PEER] = a_u32, [UNIX_DIAG_ICONS] = a_unix_icons,
	[UNIX_DIAG_RQLEN] = a_unix_rqlen, [UNIX_DIAG_MEMINFO] = a_meminfo,
	[UNIX_DIAG_SHUTDOWN] = a_u8, [UNIX_DIAG_UID] = a_uid,
};

static const struct attrs unix_attrs = { unix_diag_attrs, "UNIX_DIAG_???", unix_fns, N(unix_fns) };

/* NETLINK */

static void elem_group(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	uint64_t v = st_u64(m->p + off);

	buf_printf(b, "%#016llx", (unsigned long long)v);
}

static bool a_nl_groups(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			uint64_t len)
{
	if (len < 8)
		return false;
	array(b, m, off, len / 8, 8, elem_group);
	return true;
}

STRUCT_ATTR(a_nl_ring, netlink_diag_ring,
	    F(netlink_diag_ring, ndr_block_size, F_U, NULL, NULL),
	    F(netlink_diag_ring, ndr_block_nr, F_U, NULL, NULL),
	    F(netlink_diag_ring, ndr_frame_size, F_U, NULL, NULL),
	    F(netlink_diag_ring, ndr_frame_nr, F_U, NULL, NULL))

static bool a_nl_flags(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		       uint64_t len)
{
	if (len < 4)
		return false;
	if (got(b, m, off, 4))
		st_xlat_flags_dflt(b, netlink_sock_flags, st_u32(m->p + off), "0",
				   "NDIAG_FLAG_???");
	return true;
}

static const attr_fn netlink_fns[] = {
	[NETLINK_DIAG_MEMINFO] = a_meminfo, [NETLINK_DIAG_GROUPS] = a_nl_groups,
	[NETLINK_DIAG_RX_RING] = a_nl_ring, [NETLINK_DIAG_TX_RING] = a_nl_ring,
	[NETLINK_DIAG_FLAGS] = a_nl_flags,
};

static const struct attrs netlink_attrs = {
	netlink_diag_attrs, "NETLINK_DIAG_???", netlink_fns, N(netlink_fns),
};

/* PACKET */

STRUCT_ATTR(a_pkt_info, packet_diag_info,
	    F(packet_diag_info, pdi_index, F_IFINDEX, NULL, NULL),
	    F(packet_diag_info, pdi_version, F_VAL, tpacket_versions, "TPACKET_???"),
	    F(packet_diag_info, pdi_reserve, F_U, NULL, NULL),
	    F(packet_diag_info, pdi_copy_thresh, F_U, NULL, NULL),
	    F(packet_diag_info, pdi_tstamp, F_U, NULL, NULL),
	    F(packet_diag_info, pdi_flags, F_FLAGS, pdi_flags, "PDI_???"))

STRUCT_ATTR(a_pkt_ring, packet_diag_ring,
	    F(packet_diag_ring, pdr_block_size, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_block_nr, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_frame_size, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_frame_nr, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_retire_tmo, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_sizeof_priv, F_U, NULL, NULL),
	    F(packet_diag_ring, pdr_features, F_U, NULL, NULL))

static void elem_mclist(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	static const struct field f[] = {
		F(packet_diag_mclist, pdmc_index, F_IFINDEX, NULL, NULL),
		F(packet_diag_mclist, pdmc_count, F_U, NULL, NULL),
		F(packet_diag_mclist, pdmc_type, F_U, NULL, NULL),
		F(packet_diag_mclist, pdmc_alen, F_U, NULL, NULL),
	};
	unsigned alen = st_u16(m->p + off + offsetof(struct packet_diag_mclist, pdmc_alen));
	size_t max = sizeof(((struct packet_diag_mclist *)0)->pdmc_addr);

	buf_printf(b, "{");
	fields(b, m, off, f, N(f), AF_UNSPEC, true);
	buf_printf(b, ", pdmc_addr=");
	st_quote(b, m->p + off + offsetof(struct packet_diag_mclist, pdmc_addr),
		 alen < max ? alen : max, false, 2);
	buf_printf(b, "}");
}

static bool a_pkt_mclist(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			 uint64_t len)
{
	size_t size = sizeof(struct packet_diag_mclist);

	if (len < size)
		return false;
	array(b, m, off, len / size, size, elem_mclist);
	return true;
}

/* A socket filter's instruction, as st_bpf.c prints each. */
static void elem_filter(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	st_bpf_insn(b, m->p + off, ST_BPF_SOCKET);
}

static bool a_pkt_filter(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			 uint64_t len)
{
	uint64_t n = len / sizeof(struct sock_filter);

	if (!n || n > 0xffff)
		return false;
	/* As strace: the program's address without -v. */
	if (!m->o->verbose)
		buf_printf(b, "%#llx", (unsigned long long)(m->addr + off));
	else
		array(b, m, off, n, sizeof(struct sock_filter), elem_filter);
	return true;
}

static const attr_fn packet_fns[] = {
	[PACKET_DIAG_INFO] = a_pkt_info, [PACKET_DIAG_MCLIST] = a_pkt_mclist,
	[PACKET_DIAG_RX_RING] = a_pkt_ring, [PACKET_DIAG_TX_RING] = a_pkt_ring,
	[PACKET_DIAG_FANOUT] = a_u32, [PACKET_DIAG_UID] = a_uid,
	[PACKET_DIAG_MEMINFO] = a_meminfo, [PACKET_DIAG_FILTER] = a_pkt_filter,
};

static const struct attrs packet_attrs = {
	packet_diag_attrs, "PACKET_DIAG_???", packet_fns, N(packet_fns),
};

/* SMC */

STRUCT_ATTR(a_smc_conninfo, smc_diag_conninfo,
	    F(smc_diag_conninfo, token, F_U, NULL, NULL),
	    F(smc_diag_conninfo, sndbuf_size, F_U, NULL, NULL),
	    F(smc_diag_conninfo, rmbe_size, F_U, NULL, NULL),
	    F(smc_diag_conninfo, peer_rmbe_size, F_U, NULL, NULL),
	    F(smc_diag_conninfo, rx_prod, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, rx_cons, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, tx_prod, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, tx_cons, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, rx_prod_flags, F_X, NULL, NULL),
	    F(smc_diag_conninfo, rx_conn_state_flags, F_X, NULL, NULL),
	    F(smc_diag_conninfo, tx_prod_flags, F_X, NULL, NULL),
	    F(smc_diag_conninfo, tx_conn_state_flags, F_X, NULL, NULL),
	    F(smc_diag_conninfo, tx_prep, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, tx_sent, F_CURSOR, NULL, NULL),
	    F(smc_diag_conninfo, tx_fin, F_CURSOR, NULL, NULL))

/* A char array of size as strace's PRINT_FIELD_CSTRING. */
static void cstring(struct buf *b, const char *name, const unsigned char *p, size_t size)
{
	const unsigned char *z = memchr(p, 0, size);

	buf_printf(b, "%s=", name);
	if (z)
		st_quote(b, p, (size_t)(z - p), false, 0);
	else
		st_quote(b, p, size, true, 0);
}

static bool a_smc_lgrinfo(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			  uint64_t len)
{
	const unsigned char *p = m->p + off;
	const struct smc_diag_linkinfo *l = NULL;

	if (len < sizeof(struct smc_diag_lgrinfo))
		return false;
	if (!got(b, m, off, sizeof(struct smc_diag_lgrinfo)))
		return true;
	buf_printf(b, "{lnk=[{link_id=%u, ", p[offsetof(struct smc_diag_linkinfo, link_id)]);
	cstring(b, "ibname", p + offsetof(struct smc_diag_linkinfo, ibname), sizeof(l->ibname));
	buf_printf(b, ", ibport=%u, ", p[offsetof(struct smc_diag_linkinfo, ibport)]);
	cstring(b, "gid", p + offsetof(struct smc_diag_linkinfo, gid), sizeof(l->gid));
	buf_printf(b, ", ");
	cstring(b, "peer_gid", p + offsetof(struct smc_diag_linkinfo, peer_gid),
		sizeof(l->peer_gid));
	buf_printf(b, "}], role=");
	st_xlat_val(b, smc_roles, p[offsetof(struct smc_diag_lgrinfo, role)], "SMC_???");
	buf_printf(b, "}");
	return true;
}

static bool a_smc_shutdown(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			   uint64_t len)
{
	return xval(b, m, off, len, 1, shutdown_flags, "???_SHUTDOWN", true);
}

STRUCT_ATTR(a_smc_dmbinfo, smcd_diag_dmbinfo,
	    F(smcd_diag_dmbinfo, linkid, F_U, NULL, NULL),
	    F(smcd_diag_dmbinfo, peer_gid, F_X, NULL, NULL),
	    F(smcd_diag_dmbinfo, my_gid, F_X, NULL, NULL),
	    F(smcd_diag_dmbinfo, token, F_X, NULL, NULL),
	    F(smcd_diag_dmbinfo, peer_token, F_X, NULL, NULL))

STRUCT_ATTR(a_smc_fallback, smc_diag_fallback,
	    F(smc_diag_fallback, reason, F_VERB, smc_decl_codes, "SMC_CLC_DECL_???"),
	    F(smc_diag_fallback, peer_diagnosis, F_VERB, smc_decl_codes, "SMC_CLC_DECL_???"))

static const attr_fn smc_fns[] = {
	[SMC_DIAG_CONNINFO] = a_smc_conninfo, [SMC_DIAG_LGRINFO] = a_smc_lgrinfo,
	[SMC_DIAG_SHUTDOWN] = a_smc_shutdown, [SMC_DIAG_DMBINFO] = a_smc_dmbinfo,
	[SMC_DIAG_FALLBACK] = a_smc_fallback,
};

static const struct attrs smc_attrs = { smc_diag_attrs, "SMC_DIAG_???", smc_fns, N(smc_fns) };

/* INET */

static const struct field bc_op_f[] = {
	F(inet_diag_bc_op, code, F_VAL, inet_diag_bc, "INET_DIAG_BC_???"),
	F(inet_diag_bc_op, yes, F_U, NULL, NULL),
	F(inet_diag_bc_op, no, F_U, NULL, NULL),
};

/* A bytecode op's data of len bytes at off, by the op's code. */
static void bc_data(struct buf *b, const struct st_nl_mem *m, uint64_t off,
		    uint64_t len, unsigned code)
{
	static const struct field hostcond[] = {
		F(inet_diag_hostcond, family, F_VAL, st_af, "AF_???"),
		F(inet_diag_hostcond, prefix_len, F_U, NULL, NULL),
		F(inet_diag_hostcond, port, F_U, NULL, NULL),
	};
	static const struct field markcond[] = {
		F(inet_diag_markcond, mark, F_U, NULL, NULL),
		F(inet_diag_markcond, mask, F_U, NULL, NULL),
	};
	size_t hs = sizeof(struct inet_diag_hostcond);

	switch (code) {
	case INET_DIAG_BC_S_COND:
	case INET_DIAG_BC_D_COND: {
		unsigned af, need;

		if (len < hs || !got(b, m, off, hs)) {
			if (len < hs)
				st_nl_hex(b, m, off, len);
			return;
		}
		af = m->p[off];
		buf_printf(b, "{");
		fields(b, m, off, hostcond, N(hostcond), AF_UNSPEC, true);
		if (len > hs) {
			need = af == AF_INET ? 4 : af == AF_INET6 ? 16 : 0;
			buf_printf(b, ", ");
			if (need && len - hs >= need) {
				/* An address unread is named too. */
				if (off + hs + need > m->have)
					buf_printf(b, "addr=");
				if (got(b, m, off + hs, need))
					st_inet_addr(b, m->p + off + hs, (int)af, "addr");
			} else {
				buf_printf(b, "addr=");
				st_nl_hex(b, m, off + hs, len - hs);
			}
		}
		buf_printf(b, "}");
		return;
	}
	case INET_DIAG_BC_DEV_COND:
		if (len < 4)
			st_nl_hex(b, m, off, len);
		else if (got(b, m, off, 4))
			st_ifindex(b, st_u32(m->p + off));
		return;
	case INET_DIAG_BC_S_GE:
	case INET_DIAG_BC_S_LE:
	case INET_DIAG_BC_D_GE:
	case INET_DIAG_BC_D_LE:
		if (len < sizeof(struct inet_diag_bc_op)) {
			st_nl_hex(b, m, off, len);
		} else if (got(b, m, off, sizeof(struct inet_diag_bc_op))) {
			buf_printf(b, "{");
			fields(b, m, off, bc_op_f, N(bc_op_f), AF_UNSPEC, true);
			buf_printf(b, "}");
		}
		return;
	case INET_DIAG_BC_MARK_COND:
		if (len < sizeof(struct inet_diag_markcond)) {
			st_nl_hex(b, m, off, len);
		} else if (got(b, m, off, sizeof(struct inet_diag_markcond))) {
			buf_printf(b, "{");
			fields(b, m, off, markcond, N(markcond), AF_UNSPEC, true);
			buf_printf(b, "}");
		}
		return;
	}
	st_nl_hex(b, m, off, len);
}

static bool a_bc(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	size_t os = sizeof(struct inet_diag_bc_op);

	if (len < os)
		return false;
	if (!got(b, m, off, os))
		return true;
	buf_printf(b, "{");
	fields(b, m, off, bc_op_f, N(bc_op_f), AF_UNSPEC, true);
	buf_printf(b, "}");
	if (len > os) {
		buf_printf(b, ", ");
		bc_data(b, m, off + os, len - os, m->p[off]);
	}
	return true;
}

static const attr_fn req_fns[] = {
	[INET_DIAG_REQ_BYTECODE] = a_bc, [INET_DIAG_REQ_PROTOCOL] = a_ip_proto,
};

static const struct attrs req_attrs = {
	inet_diag_req_attrs, "INET_DIAG_REQ_???", req_fns, N(req_fns),
};

STRUCT_ATTR(a_inet_meminfo, inet_diag_meminfo,
	    F(inet_diag_meminfo, idiag_rmem, F_U, NULL, NULL),
	    F(inet_diag_meminfo, idiag_wmem, F_U, NULL, NULL),
	    F(inet_diag_meminfo, idiag_fmem, F_U, NULL, NULL),
	    F(inet_diag_meminfo, idiag_tmem, F_U, NULL, NULL))

STRUCT_ATTR(a_vegas, tcpvegas_info,
	    F(tcpvegas_info, tcpv_enabled, F_U, NULL, NULL),
	    F(tcpvegas_info, tcpv_rttcnt, F_U, NULL, NULL),
	    F(tcpvegas_info, tcpv_rtt, F_U, NULL, NULL),
	    F(tcpvegas_info, tcpv_minrtt, F_U, NULL, NULL))

STRUCT_ATTR(a_dctcp, tcp_dctcp_info,
	    F(tcp_dctcp_info, dctcp_enabled, F_U, NULL, NULL),
	    F(tcp_dctcp_info, dctcp_ce_state, F_U, NULL, NULL),
	    F(tcp_dctcp_info, dctcp_alpha, F_U, NULL, NULL),
	    F(tcp_dctcp_info, dctcp_ab_ecn, F_U, NULL, NULL),
	    F(tcp_dctcp_info, dctcp_ab_tot, F_U, NULL, NULL))

STRUCT_ATTR(a_bbr, tcp_bbr_info,
	    F(tcp_bbr_info, bbr_bw_lo, F_X, NULL, NULL),
	    F(tcp_bbr_info, bbr_bw_hi, F_X, NULL, NULL),
	    F(tcp_bbr_info, bbr_min_rtt, F_U, NULL, NULL),
	    F(tcp_bbr_info, bbr_pacing_gain, F_U, NULL, NULL),
	    F(tcp_bbr_info, bbr_cwnd_gain, F_U, NULL, NULL))

/* RCV_SHUTDOWN and SEND_SHUTDOWN are not UAPI: strace shows the numbers too. */
static bool a_inet_shutdown(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			    uint64_t len)
{
	enum st_cstyle old = st_xlat_get_style();
	bool r;

	st_xlat_style(old == ST_C_RAW ? ST_C_RAW : ST_C_VERBOSE);
	r = xval(b, m, off, len, 1, shutdown_flags, "???_SHUTDOWN", true);
	st_xlat_style(old);
	return r;
}

static void elem_md5sig(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	const unsigned char *p = m->p + off;
	unsigned af = p[offsetof(struct tcp_diag_md5sig, tcpm_family)];
	unsigned klen = st_u16(p + offsetof(struct tcp_diag_md5sig, tcpm_keylen));
	size_t kmax = sizeof(((struct tcp_diag_md5sig *)0)->tcpm_key);

	buf_printf(b, "{tcpm_family=");
	st_xlat_val(b, st_af, af, "AF_???");
	buf_printf(b, ", tcpm_prefixlen=%u, tcpm_keylen=%u, ",
		   p[offsetof(struct tcp_diag_md5sig, tcpm_prefixlen)], klen);
	inet_field(b, "tcpm_addr", p + offsetof(struct tcp_diag_md5sig, tcpm_addr), (int)af);
	buf_printf(b, ", tcpm_key=");
	if (klen > kmax)
		klen = (unsigned)kmax;
	st_quote(b, p + offsetof(struct tcp_diag_md5sig, tcpm_key), klen, false, 2);
	buf_printf(b, "}");
}

static bool a_md5sig(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	size_t size = sizeof(struct tcp_diag_md5sig);

	if (len < size)
		return false;
	array(b, m, off, len / size, size, elem_md5sig);
	return true;
}

static bool a_tls_version(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			  uint64_t len)
{
	return xval(b, m, off, len, 2, tls_versions, "TLS_???_VERSION", false);
}

static bool a_tls_cipher(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			 uint64_t len)
{
	return xval(b, m, off, len, 2, tls_ciphers, "TLS_CIPHER_???", false);
}

static bool a_tls_config(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			 uint64_t len)
{
	return xval(b, m, off, len, 2, tls_configs, "TLS_CONF_???", false);
}

static const attr_fn tls_fns[] = {
	[TLS_INFO_VERSION] = a_tls_version, [TLS_INFO_CIPHER] = a_tls_cipher,
	[TLS_INFO_TXCONF] = a_tls_config, [TLS_INFO_RXCONF] = a_tls_config,
};

static const struct attrs tls_attrs_t = { tls_attrs, "TLS_INFO_???", tls_fns, N(tls_fns) };

static bool a_mptcp_flags(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			  uint64_t len)
{
	return xval(b, m, off, len, 4, mptcp_flags, "MPTCP_SUBFLOW_FLAG_???", true);
}

static const attr_fn mptcp_fns[] = {
	[MPTCP_SUBFLOW_ATTR_TOKEN_REM] = a_x32, [MPTCP_SUBFLOW_ATTR_TOKEN_LOC] = a_x32,
	[MPTCP_SUBFLOW_ATTR_RELWRITE_SEQ] = a_u32, [MPTCP_SUBFLOW_ATTR_MAP_SEQ] = a_u64,
	[MPTCP_SUBFLOW_ATTR_MAP_SFSEQ] = a_u32, [MPTCP_SUBFLOW_ATTR_SSN_OFFSET] = a_u32,
	[MPTCP_SUBFLOW_ATTR_MAP_DATALEN] = a_u16, [MPTCP_SUBFLOW_ATTR_FLAGS] = a_mptcp_flags,
	[MPTCP_SUBFLOW_ATTR_ID_REM] = a_u8, [MPTCP_SUBFLOW_ATTR_ID_LOC] = a_u8,
};

static const struct attrs mptcp_attrs_t = {
	mptcp_attrs, "MPTCP_SUBFLOW_ATTR_???", mptcp_fns, N(mptcp_fns),
};

static bool a_ulp_tls(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &tls_attrs_t);
	return true;
}

static bool a_ulp_mptcp(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &mptcp_attrs_t);
	return true;
}

static const attr_fn ulp_fns[] = {
	[INET_ULP_INFO_NAME] = a_str, [INET_ULP_INFO_TLS] = a_ulp_tls,
	[INET_ULP_INFO_MPTCP] = a_ulp_mptcp,
};

static const struct attrs ulp_attrs_t = { ulp_attrs, "INET_ULP_INFO_???", ulp_fns, N(ulp_fns) };

static bool a_ulp(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &ulp_attrs_t);
	return true;
}

static const attr_fn storage_fns[] = {
	[SK_DIAG_BPF_STORAGE_MAP_ID] = a_u32, [SK_DIAG_BPF_STORAGE_MAP_VALUE] = a_x8,
};

static const struct attrs storage_attrs_t = {
	bpf_storage_attrs, "SK_DIAG_BPF_STORAGE_???", storage_fns, N(storage_fns),
};

static bool a_storage(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &storage_attrs_t);
	return true;
}

static const attr_fn storages_fns[] = { [SK_DIAG_BPF_STORAGE] = a_storage };

static const struct attrs storages_attrs_t = {
	bpf_storages_attrs, "SK_DIAG_BPF_STORAGE_???", storages_fns, N(storages_fns),
};

static bool a_storages(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &storages_attrs_t);
	return true;
}

/*
 * struct inet_diag_sockopt: eleven one-bit fields and five unused bits,
 * the set ones only without -v; then any bytes past it that are not zero.
 */
static bool a_sockopt(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	static const char *const names[] = {
		"recverr", "is_icsk", "freebind", "hdrincl", "mc_loop", "transparent",
		"mc_all", "nodefrag", "bind_address_no_port", "recverr_rfc4884",
		"defer_connect",
	};
	unsigned v, i, unused;
	bool first = true;
	uint64_t end, j;

	if (len < 2)
		return false;
	if (!got(b, m, off, 2))
		return true;
	v = st_u16(m->p + off);
	buf_printf(b, "{");
	for (i = 0; i < N(names); i++) {
		if (m->o->verbose || (v >> i & 1)) {
			buf_printf(b, "%s%s=%u", first ? "" : ", ", names[i], v >> i & 1);
			first = false;
		}
	}
	unused = v >> 11;
	if (m->o->verbose || unused) {
		buf_printf(b, "%sunused=%#x /* bits 3..8 */", first ? "" : ", ", unused);
		first = false;
	}
	buf_printf(b, "}");
	/* What follows, up to a page, shown when it is not all zeros. */
	end = len < 4096 ? len : 4096;
	if (end > 2 && off + end <= m->have) {
		for (j = 2; j < end && !m->p[off + j]; j++)
			;
		if (j < end) {
			buf_printf(b, ", /* bytes 2..%llu */ ", (unsigned long long)(end - 1));
			st_nl_hex(b, m, off + 2, end - 2);
		}
	}
	return true;
}

static void elem_sockaddr(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			  uint64_t idx)
{
	st_sockaddr(b, m->p + off, sizeof(struct sockaddr_storage), m->o->xstyle);
}

static bool a_sockaddrs(struct buf *b, const struct st_nl_mem *m, uint64_t off,
			uint64_t len)
{
	size_t size = sizeof(struct sockaddr_storage);

	if (len < size)
		return false;
	array(b, m, off, len / size, size, elem_sockaddr);
	return true;
}

static const attr_fn inet_fns[] = {
	[INET_DIAG_MEMINFO] = a_inet_meminfo, [INET_DIAG_VEGASINFO] = a_vegas,
	[INET_DIAG_CONG] = a_str, [INET_DIAG_TOS] = a_u8, [INET_DIAG_TCLASS] = a_u8,
	[INET_DIAG_SKMEMINFO] = a_meminfo, [INET_DIAG_SHUTDOWN] = a_inet_shutdown,
	[INET_DIAG_DCTCPINFO] = a_dctcp, [INET_DIAG_PROTOCOL] = a_ip_proto,
	[INET_DIAG_SKV6ONLY] = a_u8, [INET_DIAG_LOCALS] = a_sockaddrs,
	[INET_DIAG_PEERS] = a_sockaddrs, [INET_DIAG_MARK] = a_u32,
	[INET_DIAG_BBRINFO] = a_bbr, [INET_DIAG_CLASS_ID] = a_u32,
	[INET_DIAG_MD5SIG] = a_md5sig, [INET_DIAG_ULP_INFO] = a_ulp,
	[INET_DIAG_SK_BPF_STORAGES] = a_storages, [INET_DIAG_CGROUP_ID] = a_u64,
	[INET_DIAG_SOCKOPT] = a_sockopt,
};

static const struct attrs inet_attrs = { inet_diag_attrs, "INET_DIAG_???", inet_fns, N(inet_fns) };

/* The requests' and replies' structs. */

struct diag {
	const char *family;	/* the first field's name */
	size_t size;
	const struct field *f;
	size_t n;
	const struct attrs *attrs;	/* NULL: none follow */
};

static const struct field unix_req_f[] = {
	F(unix_diag_req, sdiag_protocol, F_U, NULL, NULL),
	F(unix_diag_req, udiag_states, F_FLAGS, tcp_state_flags, "1<<TCP_???"),
	F(unix_diag_req, udiag_ino, F_U, NULL, NULL),
	F(unix_diag_req, udiag_show, F_FLAGS, unix_diag_show, "UDIAG_SHOW_???"),
	F(unix_diag_req, udiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field unix_msg_f[] = {
	F(unix_diag_msg, udiag_type, F_VAL, st_sock_type, "SOCK_???"),
	F(unix_diag_msg, udiag_state, F_VAL, tcp_states, "TCP_???"),
	F(unix_diag_msg, udiag_ino, F_U, NULL, NULL),
	F(unix_diag_msg, udiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field inet_req_f[] = {
	F(inet_diag_req_v2, sdiag_protocol, F_VAL, st_inet_proto, "IPPROTO_???"),
	F(inet_diag_req_v2, idiag_ext, F_FLAGS, inet_diag_ext, "1<<INET_DIAG_\?\?\?-1"),
	F(inet_diag_req_v2, idiag_states, F_FLAGS, tcp_state_flags, "1<<TCP_???"),
	F(inet_diag_req_v2, id, F_SOCKID, NULL, NULL),
};

static const struct field inet_compat_f[] = {
	F(inet_diag_req, idiag_src_len, F_U, NULL, NULL),
	F(inet_diag_req, idiag_dst_len, F_U, NULL, NULL),
	F(inet_diag_req, idiag_ext, F_FLAGS, inet_diag_ext, "1<<INET_DIAG_\?\?\?-1"),
	F(inet_diag_req, id, F_SOCKID, NULL, NULL),
	F(inet_diag_req, idiag_states, F_FLAGS, tcp_state_flags, "1<<TCP_???"),
	F(inet_diag_req, idiag_dbs, F_U, NULL, NULL),
};

static const struct field inet_msg_f[] = {
	F(inet_diag_msg, idiag_state, F_VAL, tcp_states, "TCP_???"),
	F(inet_diag_msg, idiag_timer, F_U, NULL, NULL),
	F(inet_diag_msg, idiag_retrans, F_U, NULL, NULL),
	F(inet_diag_msg, id, F_SOCKID, NULL, NULL),
	F(inet_diag_msg, idiag_expires, F_U, NULL, NULL),
	F(inet_diag_msg, idiag_rqueue, F_U, NULL, NULL),
	F(inet_diag_msg, idiag_wqueue, F_U, NULL, NULL),
	F(inet_diag_msg, idiag_uid, F_U, NULL, NULL),
	F(inet_diag_msg, idiag_inode, F_U, NULL, NULL),
};

static const struct field netlink_req_f[] = {
	F(netlink_diag_req, sdiag_protocol, F_NDPROTO, NULL, NULL),
	F(netlink_diag_req, ndiag_ino, F_U, NULL, NULL),
	F(netlink_diag_req, ndiag_show, F_FLAGS, netlink_diag_show, "NDIAG_SHOW_???"),
	F(netlink_diag_req, ndiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field netlink_msg_f[] = {
	F(netlink_diag_msg, ndiag_type, F_VAL, st_sock_type, "SOCK_???"),
	F(netlink_diag_msg, ndiag_protocol, F_VAL, st_netlink_proto, "NETLINK_???"),
	F(netlink_diag_msg, ndiag_state, F_VAL, netlink_states, "NETLINK_???"),
	F(netlink_diag_msg, ndiag_portid, F_U, NULL, NULL),
	F(netlink_diag_msg, ndiag_dst_portid, F_U, NULL, NULL),
	F(netlink_diag_msg, ndiag_dst_group, F_U, NULL, NULL),
	F(netlink_diag_msg, ndiag_ino, F_U, NULL, NULL),
	F(netlink_diag_msg, ndiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field packet_req_f[] = {
	F(packet_diag_req, sdiag_protocol, F_X, NULL, NULL),
	F(packet_diag_req, pdiag_ino, F_U, NULL, NULL),
	F(packet_diag_req, pdiag_show, F_FLAGS, packet_diag_show, "PACKET_SHOW_???"),
	F(packet_diag_req, pdiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field packet_msg_f[] = {
	F(packet_diag_msg, pdiag_type, F_VAL, st_sock_type, "SOCK_???"),
	F(packet_diag_msg, pdiag_num, F_VAL, eth_protos, "ETH_P_???"),
	F(packet_diag_msg, pdiag_ino, F_U, NULL, NULL),
	F(packet_diag_msg, pdiag_cookie, F_COOKIE, NULL, NULL),
};

static const struct field smc_req_f[] = {
	F(smc_diag_req, diag_ext, F_FLAGS, smc_diag_ext, "1<<SMC_DIAG_\?\?\?-1"),
	F(smc_diag_req, id, F_SOCKID4, NULL, NULL),
};

static const struct field smc_msg_f[] = {
	F(smc_diag_msg, diag_state, F_VAL, smc_states, "SMC_???"),
	F(smc_diag_msg, diag_fallback, F_VAL, smc_modes, "SMC_DIAG_MODE_???"),
	F(smc_diag_msg, diag_shutdown, F_U, NULL, NULL),
	F(smc_diag_msg, id, F_SOCKID4, NULL, NULL),
	F(smc_diag_msg, diag_uid, F_U, NULL, NULL),
	F(smc_diag_msg, diag_inode, F_U, NULL, NULL),
};

#define DIAG(fam, s, f, a) { fam, sizeof(struct s), f, N(f), a }

static const struct diag unix_req = DIAG("sdiag_family", unix_diag_req, unix_req_f, NULL);
static const struct diag unix_msg = DIAG("udiag_family", unix_diag_msg, unix_msg_f, &unix_attrs);
static const struct diag inet_req = DIAG("sdiag_family", inet_diag_req_v2, inet_req_f, &req_attrs);
static const struct diag inet_compat = DIAG("idiag_family", inet_diag_req, inet_compat_f, &req_attrs);
static const struct diag inet_msg = DIAG("idiag_family", inet_diag_msg, inet_msg_f, &inet_attrs);
static const struct diag netlink_req = DIAG("sdiag_family", netlink_diag_req, netlink_req_f, NULL);
static const struct diag netlink_msg = DIAG("ndiag_family", netlink_diag_msg, netlink_msg_f,
					    &netlink_attrs);
static const struct diag packet_req = DIAG("sdiag_family", packet_diag_req, packet_req_f, NULL);
static const struct diag packet_msg = DIAG("pdiag_family", packet_diag_msg, packet_msg_f,
					   &packet_attrs);
static const struct diag smc_req = DIAG("diag_family", smc_diag_req, smc_req_f, NULL);
static const struct diag smc_msg = DIAG("diag_family", smc_diag_msg, smc_msg_f, &smc_attrs);

/* The struct of family af's request (or reply), or NULL. */
static const struct diag *diag_of(unsigned af, unsigned type, bool req)
{
	switch (af) {
	case AF_UNIX:
		return req ? &unix_req : &unix_msg;
	case AF_INET:
	case AF_INET6:
		if (!req)
			return &inet_msg;
		return type == ST_TCPDIAG_GETSOCK || type == ST_DCCPDIAG_GETSOCK ?
		       &inet_compat : &inet_req;
	case AF_NETLINK:
		return req ? &netlink_req : &netlink_msg;
	case AF_PACKET:
		return req ? &packet_req : &packet_msg;
	case AF_SMC:
		return req ? &smc_req : &smc_msg;
	}
	return NULL;
}

bool st_nld_msg(struct buf *b, unsigned type, unsigned flags,
		const struct st_nl_mem *m, uint64_t len)
{
	const struct diag *d;
	unsigned af;

	if (type == NLMSG_DONE)
		return false;
	if (!got(b, m, 0, 1))
		return true;
	af = m->p[0];
	d = len > 1 ? diag_of(af, type, flags & NLM_F_REQUEST) : NULL;
	if (!d) {
		buf_printf(b, "{family=");
		st_xlat_val(b, st_af, af, "AF_???");
		if (len > 1) {
			buf_printf(b, ", data=");
			st_nl_hex(b, m, 1, len - 1);
		}
		buf_printf(b, "}");
		return true;
	}
	buf_printf(b, "{%s=", d->family);
	st_xlat_val(b, st_af, af, "AF_???");
	buf_printf(b, ", ");
	if (len < d->size) {
		buf_printf(b, "...}");
		return true;
	}
	if (!got(b, m, 1, d->size - 1)) {
		buf_printf(b, "}");
		return true;
	}
	fields(b, m, 0, d->f, d->n, (int)af, true);
	buf_printf(b, "}");
	if (d->attrs && len > NLMSG_ALIGN(d->size)) {
		buf_printf(b, ", ");
		attrs(b, m, NLMSG_ALIGN(d->size), len - NLMSG_ALIGN(d->size), d->attrs);
	}
	return true;
}

static void elem_u8(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t idx)
{
	buf_printf(b, "%u", m->p[off]);
}

static bool a_cookie(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len)
{
	array(b, m, off, len, 1, elem_u8);
	if (!len)
		buf_printf(b, "[]");
	return true;
}

static const attr_fn nlmsgerr_fns[] = {
	[NLMSGERR_ATTR_MSG] = a_str, [NLMSGERR_ATTR_OFFS] = a_u32,
	[NLMSGERR_ATTR_COOKIE] = a_cookie,
};

static const struct attrs nlmsgerr_attrs_t = {
	nlmsgerr_attrs, "NLMSGERR_ATTR_???", nlmsgerr_fns, N(nlmsgerr_fns),
};

void st_nld_nlmsgerr_attrs(struct buf *b, const struct st_nl_mem *m,
			   uint64_t off, uint64_t len)
{
	attrs(b, m, off, len, &nlmsgerr_attrs_t);
}
