/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: NETLINK_ROUTE messages as strace prints them.  After
 * the netlink header each message type has a struct whose first byte is
 * an address family; its attributes follow, each a struct nlattr and a
 * value decoded by the attribute's type in its set (a number, a string,
 * an address, a struct, an array, or attributes nested in it), in hex
 * where the set has no decoder or the value is shorter than it reads.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <linux/dcbnl.h>
#include <linux/fib_rules.h>
#include <linux/can/netlink.h>
#include <linux/gen_stats.h>
#include <linux/if_addr.h>
#include <linux/if_addrlabel.h>
#include <linux/if_arp.h>
#include <linux/if_bonding.h>
#include <linux/if_bridge.h>
#include <linux/if_tun.h>
#include <linux/if_link.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/lwtunnel.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>
#include <linux/mpls.h>
#include <linux/neighbour.h>
#include <linux/net_namespace.h>
#include <linux/netconf.h>
#include <linux/netlink.h>
#include <linux/nexthop.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include "st_decode.h"
#include "st_netlink.h"
#include "st_nl_route.h"
#include "st_sockaddr.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The values of the structs' fields and the names of their attributes. */
/* struct net_device_flags (linux/if.h) */
static const struct st_xlat iff_flags[] = {
	{ 0x1, "IFF_UP" }, { 0x2, "IFF_BROADCAST" }, { 0x4, "IFF_DEBUG" },
	{ 0x8, "IFF_LOOPBACK" }, { 0x10, "IFF_POINTOPOINT" },
	{ 0x20, "IFF_NOTRAILERS" }, { 0x40, "IFF_RUNNING" }, { 0x80, "IFF_NOARP" },
	{ 0x100, "IFF_PROMISC" }, { 0x200, "IFF_ALLMULTI" }, { 0x400, "IFF_MASTER" },
	{ 0x800, "IFF_SLAVE" }, { 0x1000, "IFF_MULTICAST" }, { 0x2000, "IFF_PORTSEL" },
	{ 0x4000, "IFF_AUTOMEDIA" }, { 0x8000, "IFF_DYNAMIC" },
	{ 0x10000, "IFF_LOWER_UP" }, { 0x20000, "IFF_DORMANT" }, { 0x40000, "IFF_ECHO" },
	END,
};

static const struct st_xlat ifa_flags[] = {
	X(IFA_F_SECONDARY), X(IFA_F_NODAD), X(IFA_F_OPTIMISTIC), X(IFA_F_DADFAILED),
	X(IFA_F_HOMEADDRESS), X(IFA_F_DEPRECATED), X(IFA_F_TENTATIVE),
	X(IFA_F_PERMANENT), X(IFA_F_MANAGETEMPADDR), X(IFA_F_NOPREFIXROUTE),
	X(IFA_F_MCAUTOJOIN), X(IFA_F_STABLE_PRIVACY), END,
};

static const struct st_xlat rt_scopes[] = {
	X(RT_SCOPE_UNIVERSE), X(RT_SCOPE_SITE), X(RT_SCOPE_LINK), X(RT_SCOPE_HOST),
	X(RT_SCOPE_NOWHERE), END,
};

/* The type-of-service bits of <netinet/ip.h>. */
static const struct st_xlat ip_tos[] = {
	{ 0x10, "IPTOS_LOWDELAY" }, { 0x08, "IPTOS_THROUGHPUT" },
	{ 0x04, "IPTOS_RELIABILITY" }, { 0x02, "IPTOS_MINCOST" }, END,
};

static const struct st_xlat rt_tables[] = {
	X(RT_TABLE_UNSPEC), X(RT_TABLE_COMPAT), X(RT_TABLE_DEFAULT),
	X(RT_TABLE_MAIN), X(RT_TABLE_LOCAL), END,
};

static const struct st_xlat rt_protos[] = {
	X(RTPROT_UNSPEC), X(RTPROT_REDIRECT), X(RTPROT_KERNEL), X(RTPROT_BOOT),
	X(RTPROT_STATIC), X(RTPROT_GATED), X(RTPROT_RA), X(RTPROT_MRT),
	X(RTPROT_ZEBRA), X(RTPROT_BIRD), X(RTPROT_DNROUTED), X(RTPROT_XORP),
	X(RTPROT_NTK), X(RTPROT_DHCP), X(RTPROT_MROUTED), X(RTPROT_KEEPALIVED),
	X(RTPROT_BABEL), X(RTPROT_OPENR), X(RTPROT_BGP), X(RTPROT_ISIS),
	X(RTPROT_OSPF), X(RTPROT_RIP), X(RTPROT_EIGRP), END,
};

static const struct st_xlat rt_types[] = {
	X(RTN_UNSPEC), X(RTN_UNICAST), X(RTN_LOCAL), X(RTN_BROADCAST),
	X(RTN_ANYCAST), X(RTN_MULTICAST), X(RTN_BLACKHOLE), X(RTN_UNREACHABLE),
	X(RTN_PROHIBIT), X(RTN_THROW), X(RTN_NAT), X(RTN_XRESOLVE), END,
};

static const struct st_xlat rtm_flags[] = {
	X(RTM_F_NOTIFY), X(RTM_F_CLONED), X(RTM_F_EQUALIZE), X(RTM_F_PREFIX),
	X(RTM_F_LOOKUP_TABLE), X(RTM_F_FIB_MATCH), X(RTM_F_OFFLOAD), X(RTM_F_TRAP),
	X(RTM_F_OFFLOAD_FAILED), END,
};

static const struct st_xlat nud_states[] = {
	X(NUD_INCOMPLETE), X(NUD_REACHABLE), X(NUD_STALE), X(NUD_DELAY),
	X(NUD_PROBE), X(NUD_FAILED), X(NUD_NOARP), X(NUD_PERMANENT), END,
};

static const struct st_xlat ntf_flags[] = {
	X(NTF_USE), X(NTF_SELF), X(NTF_MASTER), X(NTF_PROXY), X(NTF_EXT_LEARNED),
	X(NTF_OFFLOADED), X(NTF_STICKY), X(NTF_ROUTER), END,
};

static const struct st_xlat fr_actions[] = {
	X(FR_ACT_UNSPEC), X(FR_ACT_TO_TBL), X(FR_ACT_GOTO), X(FR_ACT_NOP),
	X(FR_ACT_RES3), X(FR_ACT_RES4), X(FR_ACT_BLACKHOLE), X(FR_ACT_UNREACHABLE),
	X(FR_ACT_PROHIBIT), END,
};

static const struct st_xlat fib_rule_flags[] = {
	X(FIB_RULE_PERMANENT), X(FIB_RULE_INVERT), X(FIB_RULE_UNRESOLVED),
	X(FIB_RULE_IIF_DETACHED), X(FIB_RULE_OIF_DETACHED), X(FIB_RULE_FIND_SADDR),
	END,
};

static const struct st_xlat dcb_cmds[] = {
	X(DCB_CMD_UNDEFINED), X(DCB_CMD_GSTATE), X(DCB_CMD_SSTATE),
	X(DCB_CMD_PGTX_GCFG), X(DCB_CMD_PGTX_SCFG), X(DCB_CMD_PGRX_GCFG),
	X(DCB_CMD_PGRX_SCFG), X(DCB_CMD_PFC_GCFG), X(DCB_CMD_PFC_SCFG),
	X(DCB_CMD_SET_ALL), X(DCB_CMD_GPERM_HWADDR), X(DCB_CMD_GCAP),
	X(DCB_CMD_GNUMTCS), X(DCB_CMD_SNUMTCS), X(DCB_CMD_PFC_GSTATE),
	X(DCB_CMD_PFC_SSTATE), X(DCB_CMD_BCN_GCFG), X(DCB_CMD_BCN_SCFG),
	X(DCB_CMD_GAPP), X(DCB_CMD_SAPP), X(DCB_CMD_IEEE_SET), X(DCB_CMD_IEEE_GET),
	X(DCB_CMD_GDCBX), X(DCB_CMD_SDCBX), X(DCB_CMD_GFEATCFG), X(DCB_CMD_SFEATCFG),
	X(DCB_CMD_CEE_GET), X(DCB_CMD_IEEE_DEL), END,
};

static const struct st_xlat rtnh_flags[] = {
	X(RTNH_F_DEAD), X(RTNH_F_PERVASIVE), X(RTNH_F_ONLINK), X(RTNH_F_OFFLOAD),
	X(RTNH_F_LINKDOWN), X(RTNH_F_UNRESOLVED), X(RTNH_F_TRAP), END,
};

static const struct st_xlat ifla_stats_mask[] = {
	{ 1U << IFLA_STATS_UNSPEC, "1<<IFLA_STATS_UNSPEC" },
	{ 1U << IFLA_STATS_LINK_64, "1<<IFLA_STATS_LINK_64" },
	{ 1U << IFLA_STATS_LINK_XSTATS, "1<<IFLA_STATS_LINK_XSTATS" },
	{ 1U << IFLA_STATS_LINK_XSTATS_SLAVE, "1<<IFLA_STATS_LINK_XSTATS_SLAVE" },
	{ 1U << IFLA_STATS_LINK_OFFLOAD_XSTATS, "1<<IFLA_STATS_LINK_OFFLOAD_XSTATS" },
	{ 1U << IFLA_STATS_AF_SPEC, "1<<IFLA_STATS_AF_SPEC" }, END,
};

static const struct st_xlat rtnl_families[] = {
	X(RTNL_FAMILY_IPMR), X(RTNL_FAMILY_IP6MR), END,
};

/* The attribute types of each struct's messages. */
static const struct st_xlat ifla_attrs[] = {
	X(IFLA_UNSPEC), X(IFLA_ADDRESS), X(IFLA_BROADCAST), X(IFLA_IFNAME),
	X(IFLA_MTU), X(IFLA_LINK), X(IFLA_QDISC), X(IFLA_STATS), X(IFLA_COST),
	X(IFLA_PRIORITY), X(IFLA_MASTER), X(IFLA_WIRELESS), X(IFLA_PROTINFO),
	X(IFLA_TXQLEN), X(IFLA_MAP), X(IFLA_WEIGHT), X(IFLA_OPERSTATE),
	X(IFLA_LINKMODE), X(IFLA_LINKINFO), X(IFLA_NET_NS_PID), X(IFLA_IFALIAS),
	X(IFLA_NUM_VF), X(IFLA_VFINFO_LIST), X(IFLA_STATS64), X(IFLA_VF_PORTS),
	X(IFLA_PORT_SELF), X(IFLA_AF_SPEC), X(IFLA_GROUP), X(IFLA_NET_NS_FD),
	X(IFLA_EXT_MASK), X(IFLA_PROMISCUITY), X(IFLA_NUM_TX_QUEUES),
	X(IFLA_NUM_RX_QUEUES), X(IFLA_CARRIER), X(IFLA_PHYS_PORT_ID),
	X(IFLA_CARRIER_CHANGES), X(IFLA_PHYS_SWITCH_ID), X(IFLA_LINK_NETNSID),
	X(IFLA_PHYS_PORT_NAME), X(IFLA_PROTO_DOWN), X(IFLA_GSO_MAX_SEGS),
	X(IFLA_GSO_MAX_SIZE), X(IFLA_PAD), X(IFLA_XDP), X(IFLA_EVENT),
	X(IFLA_NEW_NETNSID), X(IFLA_TARGET_NETNSID), X(IFLA_CARRIER_UP_COUNT),
	X(IFLA_CARRIER_DOWN_COUNT), X(IFLA_NEW_IFINDEX), X(IFLA_MIN_MTU),
	X(IFLA_MAX_MTU), X(IFLA_PROP_LIST), X(IFLA_ALT_IFNAME),
	X(IFLA_PERM_ADDRESS), X(IFLA_PROTO_DOWN_REASON), X(IFLA_PARENT_DEV_NAME),
	X(IFLA_PARENT_DEV_BUS_NAME), X(IFLA_GRO_MAX_SIZE), X(IFLA_TSO_MAX_SIZE),
	X(IFLA_TSO_MAX_SEGS), X(IFLA_ALLMULTI), END,
};

static const struct st_xlat ifa_attrs[] = {
	X(IFA_UNSPEC), X(IFA_ADDRESS), X(IFA_LOCAL), X(IFA_LABEL), X(IFA_BROADCAST),
	X(IFA_ANYCAST), X(IFA_CACHEINFO), X(IFA_MULTICAST), X(IFA_FLAGS),
	X(IFA_RT_PRIORITY), X(IFA_TARGET_NETNSID), X(IFA_PROTO), END,
};

static const struct st_xlat rta_attrs[] = {
	X(RTA_UNSPEC), X(RTA_DST), X(RTA_SRC), X(RTA_IIF), X(RTA_OIF),
	X(RTA_GATEWAY), X(RTA_PRIORITY), X(RTA_PREFSRC), X(RTA_METRICS),
	X(RTA_MULTIPATH), X(RTA_PROTOINFO), X(RTA_FLOW), X(RTA_CACHEINFO),
	X(RTA_SESSION), X(RTA_MP_ALGO), X(RTA_TABLE), X(RTA_MARK),
	X(RTA_MFC_STATS), X(RTA_VIA), X(RTA_NEWDST), X(RTA_PREF),
	X(RTA_ENCAP_TYPE), X(RTA_ENCAP), X(RTA_EXPIRES), X(RTA_PAD), X(RTA_UID),
	X(RTA_TTL_PROPAGATE), X(RTA_IP_PROTO), X(RTA_SPORT), X(RTA_DPORT),
	X(RTA_NH_ID), END,
};

static const struct st_xlat nda_attrs[] = {
	X(NDA_UNSPEC), X(NDA_DST), X(NDA_LLADDR), X(NDA_CACHEINFO), X(NDA_PROBES),
	X(NDA_VLAN), X(NDA_PORT), X(NDA_VNI), X(NDA_IFINDEX), X(NDA_MASTER),
	X(NDA_LINK_NETNSID), X(NDA_SRC_VNI), X(NDA_PROTOCOL), X(NDA_NH_ID),
	X(NDA_FDB_EXT_ATTRS), X(NDA_FLAGS_EXT), X(NDA_NDM_STATE_MASK),
	X(NDA_NDM_FLAGS_MASK), END,
};

static const struct st_xlat fra_attrs[] = {
	X(FRA_UNSPEC), X(FRA_DST), X(FRA_SRC), X(FRA_IIFNAME), X(FRA_GOTO),
	X(FRA_UNUSED2), X(FRA_PRIORITY), X(FRA_UNUSED3), X(FRA_UNUSED4),
	X(FRA_UNUSED5), X(FRA_FWMARK), X(FRA_FLOW), X(FRA_TUN_ID),
	X(FRA_SUPPRESS_IFGROUP), X(FRA_SUPPRESS_PREFIXLEN), X(FRA_TABLE),
	X(FRA_FWMASK), X(FRA_OIFNAME), X(FRA_PAD), X(FRA_L3MDEV),
	X(FRA_UID_RANGE), X(FRA_PROTOCOL), X(FRA_IP_PROTO), X(FRA_SPORT_RANGE),
	X(FRA_DPORT_RANGE), END,
};

static const struct st_xlat tca_attrs[] = {
	X(TCA_UNSPEC), X(TCA_KIND), X(TCA_OPTIONS), X(TCA_STATS), X(TCA_XSTATS),
	X(TCA_RATE), X(TCA_FCNT), X(TCA_STATS2), X(TCA_STAB), X(TCA_PAD),
	X(TCA_DUMP_INVISIBLE), X(TCA_CHAIN), X(TCA_HW_OFFLOAD),
	X(TCA_INGRESS_BLOCK), X(TCA_EGRESS_BLOCK), X(TCA_DUMP_FLAGS), END,
};

/* A tcamsg's attributes are an action's (linux/pkt_cls.h's TCA_ACT_*). */
static const struct st_xlat tca_act_attrs[] = {
	{ 0, "TCA_ACT_UNSPEC" }, { 1, "TCA_ACT_KIND" }, { 2, "TCA_ACT_OPTIONS" },
	{ 3, "TCA_ACT_INDEX" }, { 4, "TCA_ACT_STATS" }, { 5, "TCA_ACT_PAD" },
	{ 6, "TCA_ACT_COOKIE" }, { 7, "TCA_ACT_FLAGS" }, { 8, "TCA_ACT_HW_STATS" },
	{ 9, "TCA_ACT_USED_HW_STATS" }, { 10, "TCA_ACT_IN_HW_COUNT" }, END,
};

static const struct st_xlat ndta_attrs[] = {
	X(NDTA_UNSPEC), X(NDTA_NAME), X(NDTA_THRESH1), X(NDTA_THRESH2),
	X(NDTA_THRESH3), X(NDTA_CONFIG), X(NDTA_PARMS), X(NDTA_STATS),
	X(NDTA_GC_INTERVAL), X(NDTA_PAD), END,
};

static const struct st_xlat ifal_attrs[] = { X(IFAL_ADDRESS), X(IFAL_LABEL), END };

static const struct st_xlat dcb_attrs[] = {
	X(DCB_ATTR_UNDEFINED), X(DCB_ATTR_IFNAME), X(DCB_ATTR_STATE),
	X(DCB_ATTR_PFC_STATE), X(DCB_ATTR_PFC_CFG), X(DCB_ATTR_NUM_TC),
	X(DCB_ATTR_PG_CFG), X(DCB_ATTR_SET_ALL), X(DCB_ATTR_PERM_HWADDR),
	X(DCB_ATTR_CAP), X(DCB_ATTR_NUMTCS), X(DCB_ATTR_BCN), X(DCB_ATTR_APP),
	X(DCB_ATTR_IEEE), X(DCB_ATTR_DCBX), X(DCB_ATTR_FEATCFG), X(DCB_ATTR_CEE),
	END,
};

static const struct st_xlat netconf_attrs[] = {
	X(NETCONFA_UNSPEC), X(NETCONFA_IFINDEX), X(NETCONFA_FORWARDING),
	X(NETCONFA_RP_FILTER), X(NETCONFA_MC_FORWARDING), X(NETCONFA_PROXY_NEIGH),
	X(NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN), X(NETCONFA_INPUT),
	X(NETCONFA_BC_FORWARDING), END,
};

static const struct st_xlat mdba_attrs[] = {
	X(MDBA_UNSPEC), X(MDBA_MDB), X(MDBA_ROUTER), END,
};

static const struct st_xlat netnsa_attrs[] = {
	X(NETNSA_NONE), X(NETNSA_NSID), X(NETNSA_PID), X(NETNSA_FD),
	X(NETNSA_TARGET_NSID), X(NETNSA_CURRENT_NSID), END,
};

static const struct st_xlat ifla_stats_attrs[] = {
	X(IFLA_STATS_UNSPEC), X(IFLA_STATS_LINK_64), X(IFLA_STATS_LINK_XSTATS),
	X(IFLA_STATS_LINK_XSTATS_SLAVE), X(IFLA_STATS_LINK_OFFLOAD_XSTATS),
	X(IFLA_STATS_AF_SPEC), END,
};

static const struct st_xlat nha_attrs[] = {
	X(NHA_UNSPEC), X(NHA_ID), X(NHA_GROUP), X(NHA_GROUP_TYPE), X(NHA_BLACKHOLE),
	X(NHA_OIF), X(NHA_GATEWAY), X(NHA_ENCAP_TYPE), X(NHA_ENCAP), X(NHA_GROUPS),
	X(NHA_MASTER), X(NHA_FDB), X(NHA_RES_GROUP), X(NHA_RES_BUCKET), END,
};

static const struct st_xlat rtax_attrs[] = {
	X(RTAX_UNSPEC), X(RTAX_LOCK), X(RTAX_MTU), X(RTAX_WINDOW), X(RTAX_RTT),
	X(RTAX_RTTVAR), X(RTAX_SSTHRESH), X(RTAX_CWND), X(RTAX_ADVMSS),
	X(RTAX_REORDERING), X(RTAX_HOPLIMIT), X(RTAX_INITCWND), X(RTAX_FEATURES),
	X(RTAX_RTO_MIN), X(RTAX_INITRWND), X(RTAX_QUICKACK), X(RTAX_CC_ALGO),
	X(RTAX_FASTOPEN_NO_COOKIE), END,
};

static const struct st_xlat lwt_encap[] = {
	X(LWTUNNEL_ENCAP_NONE), X(LWTUNNEL_ENCAP_MPLS), X(LWTUNNEL_ENCAP_IP),
	X(LWTUNNEL_ENCAP_ILA), X(LWTUNNEL_ENCAP_IP6), X(LWTUNNEL_ENCAP_SEG6),
	X(LWTUNNEL_ENCAP_BPF), X(LWTUNNEL_ENCAP_SEG6_LOCAL), X(LWTUNNEL_ENCAP_RPL),
	END,
};

static const struct st_xlat nh_grp_types[] = {
	X(NEXTHOP_GRP_TYPE_MPATH), X(NEXTHOP_GRP_TYPE_RES), END,
};

static const struct st_xlat nha_res_group_attrs[] = {
	X(NHA_RES_GROUP_PAD), X(NHA_RES_GROUP_BUCKETS), X(NHA_RES_GROUP_IDLE_TIMER),
	X(NHA_RES_GROUP_UNBALANCED_TIMER), X(NHA_RES_GROUP_UNBALANCED_TIME), END,
};

static const struct st_xlat nha_res_bucket_attrs[] = {
	X(NHA_RES_BUCKET_PAD), X(NHA_RES_BUCKET_INDEX), X(NHA_RES_BUCKET_IDLE_TIME),
	X(NHA_RES_BUCKET_NH_ID), END,
};

static const struct st_xlat nfea_attrs[] = {
	X(NFEA_UNSPEC), X(NFEA_ACTIVITY_NOTIFY), X(NFEA_DONT_REFRESH), END,
};

static const struct st_xlat fdb_notify_flags[] = {
	X(FDB_NOTIFY_BIT), X(FDB_NOTIFY_INACTIVE_BIT), END,
};

static const struct st_xlat ntf_ext_flags[] = {
	X(NTF_EXT_MANAGED), END,
};

static const struct st_xlat ndtpa_attrs[] = {
	X(NDTPA_UNSPEC), X(NDTPA_IFINDEX), X(NDTPA_REFCNT), X(NDTPA_REACHABLE_TIME),
	X(NDTPA_BASE_REACHABLE_TIME), X(NDTPA_RETRANS_TIME), X(NDTPA_GC_STALETIME),
	X(NDTPA_DELAY_PROBE_TIME), X(NDTPA_QUEUE_LEN), X(NDTPA_APP_PROBES),
	X(NDTPA_UCAST_PROBES), X(NDTPA_MCAST_PROBES), X(NDTPA_ANYCAST_DELAY),
	X(NDTPA_PROXY_DELAY), X(NDTPA_PROXY_QLEN), X(NDTPA_LOCKTIME),
	X(NDTPA_QUEUE_LENBYTES), X(NDTPA_MCAST_REPROBES), X(NDTPA_PAD),
	X(NDTPA_INTERVAL_PROBE_TIME_MS), END,
};

static const struct st_xlat tca_stats_attrs[] = {
	X(TCA_STATS_UNSPEC), X(TCA_STATS_BASIC), X(TCA_STATS_RATE_EST),
	X(TCA_STATS_QUEUE), X(TCA_STATS_APP), X(TCA_STATS_RATE_EST64),
	X(TCA_STATS_PAD), X(TCA_STATS_BASIC_HW), X(TCA_STATS_PKT64), END,
};

static const struct st_xlat tca_stab_attrs[] = {
	X(TCA_STAB_UNSPEC), X(TCA_STAB_BASE), X(TCA_STAB_DATA), END,
};

static const struct st_xlat tca_act_flags[] = {
	X(TCA_ACT_FLAGS_NO_PERCPU_STATS), X(TCA_ACT_FLAGS_SKIP_HW),
	X(TCA_ACT_FLAGS_SKIP_SW), END,
};

static const struct st_xlat tca_act_hw_stats[] = {
	X(TCA_ACT_HW_STATS_IMMEDIATE), X(TCA_ACT_HW_STATS_DELAYED), END,
};

static const struct st_xlat mdba_mdb_attrs[] = {
	X(MDBA_MDB_UNSPEC), X(MDBA_MDB_ENTRY), END,
};

static const struct st_xlat mdba_mdb_entry_attrs[] = {
	X(MDBA_MDB_ENTRY_UNSPEC), X(MDBA_MDB_ENTRY_INFO), END,
};

static const struct st_xlat mdba_mdb_eattr_attrs[] = {
	X(MDBA_MDB_EATTR_UNSPEC), X(MDBA_MDB_EATTR_TIMER), X(MDBA_MDB_EATTR_SRC_LIST),
	X(MDBA_MDB_EATTR_GROUP_MODE), X(MDBA_MDB_EATTR_SOURCE), X(MDBA_MDB_EATTR_RTPROT),
	END,
};

static const struct st_xlat mdba_router_attrs[] = {
	X(MDBA_ROUTER_UNSPEC), X(MDBA_ROUTER_PORT), END,
};

static const struct st_xlat mdba_router_pattr_attrs[] = {
	X(MDBA_ROUTER_PATTR_UNSPEC), X(MDBA_ROUTER_PATTR_TIMER),
	X(MDBA_ROUTER_PATTR_TYPE), X(MDBA_ROUTER_PATTR_INET_TIMER),
	X(MDBA_ROUTER_PATTR_INET6_TIMER), END,
};

static const struct st_xlat mdb_states[] = { X(MDB_TEMPORARY), X(MDB_PERMANENT), END };

static const struct st_xlat mdb_flags[] = {
	X(MDB_FLAGS_OFFLOAD), X(MDB_FLAGS_FAST_LEAVE), X(MDB_FLAGS_STAR_EXCL),
	X(MDB_FLAGS_BLOCKED), END,
};

static const struct st_xlat mdb_rtr_types[] = {
	X(MDB_RTR_TYPE_DISABLED), X(MDB_RTR_TYPE_TEMP_QUERY), X(MDB_RTR_TYPE_PERM),
	X(MDB_RTR_TYPE_TEMP), END,
};

static const struct st_xlat ipmra_attrs[] = {
	X(IPMRA_CREPORT_UNSPEC), X(IPMRA_CREPORT_MSGTYPE), X(IPMRA_CREPORT_VIF_ID),
	X(IPMRA_CREPORT_SRC_ADDR), X(IPMRA_CREPORT_DST_ADDR), X(IPMRA_CREPORT_PKT),
	X(IPMRA_CREPORT_TABLE), END,
};

static const struct st_xlat ip6mra_attrs[] = {
	X(IP6MRA_CREPORT_UNSPEC), X(IP6MRA_CREPORT_MSGTYPE), X(IP6MRA_CREPORT_MIF_ID),
	X(IP6MRA_CREPORT_SRC_ADDR), X(IP6MRA_CREPORT_DST_ADDR), X(IP6MRA_CREPORT_PKT),
	END,
};

static const struct st_xlat igmpmsg_types[] = {
	X(IGMPMSG_NOCACHE), X(IGMPMSG_WRONGVIF), X(IGMPMSG_WHOLEPKT),
	X(IGMPMSG_WRVIFWHOLE), END,
};

static const struct st_xlat mrt6msg_types[] = {
	X(MRT6MSG_NOCACHE), X(MRT6MSG_WRONGMIF), X(MRT6MSG_WHOLEPKT), END,
};

static const struct st_xlat rtext_filters[] = {
	X(RTEXT_FILTER_VF), X(RTEXT_FILTER_BRVLAN), X(RTEXT_FILTER_BRVLAN_COMPRESSED),
	X(RTEXT_FILTER_SKIP_STATS), X(RTEXT_FILTER_MRP), X(RTEXT_FILTER_CFM_CONFIG),
	X(RTEXT_FILTER_CFM_STATUS), END,
};

static const struct st_xlat xdp_attrs[] = {
	X(IFLA_XDP_UNSPEC), X(IFLA_XDP_FD), X(IFLA_XDP_ATTACHED), X(IFLA_XDP_FLAGS),
	X(IFLA_XDP_PROG_ID), X(IFLA_XDP_DRV_PROG_ID), X(IFLA_XDP_SKB_PROG_ID),
	X(IFLA_XDP_HW_PROG_ID), X(IFLA_XDP_EXPECTED_FD), END,
};

static const struct st_xlat xdp_attached[] = {
	X(XDP_ATTACHED_NONE), X(XDP_ATTACHED_DRV), X(XDP_ATTACHED_SKB),
	X(XDP_ATTACHED_HW), X(XDP_ATTACHED_MULTI), END,
};

static const struct st_xlat xdp_flags[] = {
	X(XDP_FLAGS_UPDATE_IF_NOEXIST), X(XDP_FLAGS_SKB_MODE), X(XDP_FLAGS_DRV_MODE),
	X(XDP_FLAGS_HW_MODE), X(XDP_FLAGS_REPLACE), END,
};

static const struct st_xlat ifla_port_attrs[] = {
	X(IFLA_PORT_UNSPEC), X(IFLA_PORT_VF), X(IFLA_PORT_PROFILE),
	X(IFLA_PORT_VSI_TYPE), X(IFLA_PORT_INSTANCE_UUID), X(IFLA_PORT_HOST_UUID),
	X(IFLA_PORT_REQUEST), X(IFLA_PORT_RESPONSE), END,
};

static const struct st_xlat ifla_vf_port_attrs[] = {
	X(IFLA_VF_PORT_UNSPEC), X(IFLA_VF_PORT), END,
};

static const struct st_xlat proto_down_reason_attrs[] = {
	X(IFLA_PROTO_DOWN_REASON_UNSPEC), X(IFLA_PROTO_DOWN_REASON_MASK),
	X(IFLA_PROTO_DOWN_REASON_VALUE), END,
};

static const struct st_xlat brport_attrs[] = {
	X(IFLA_BRPORT_UNSPEC), X(IFLA_BRPORT_STATE), X(IFLA_BRPORT_PRIORITY),
	X(IFLA_BRPORT_COST), X(IFLA_BRPORT_MODE), X(IFLA_BRPORT_GUARD),
	X(IFLA_BRPORT_PROTECT), X(IFLA_BRPORT_FAST_LEAVE), X(IFLA_BRPORT_LEARNING),
	X(IFLA_BRPORT_UNICAST_FLOOD), X(IFLA_BRPORT_PROXYARP),
	X(IFLA_BRPORT_LEARNING_SYNC), X(IFLA_BRPORT_PROXYARP_WIFI),
	X(IFLA_BRPORT_ROOT_ID), X(IFLA_BRPORT_BRIDGE_ID),
	X(IFLA_BRPORT_DESIGNATED_PORT), X(IFLA_BRPORT_DESIGNATED_COST),
	X(IFLA_BRPORT_ID), X(IFLA_BRPORT_NO), X(IFLA_BRPORT_TOPOLOGY_CHANGE_ACK),
	X(IFLA_BRPORT_CONFIG_PENDING), X(IFLA_BRPORT_MESSAGE_AGE_TIMER),
	X(IFLA_BRPORT_FORWARD_DELAY_TIMER), X(IFLA_BRPORT_HOLD_TIMER),
	X(IFLA_BRPORT_FLUSH), X(IFLA_BRPORT_MULTICAST_ROUTER), X(IFLA_BRPORT_PAD),
	X(IFLA_BRPORT_MCAST_FLOOD), X(IFLA_BRPORT_MCAST_TO_UCAST),
	X(IFLA_BRPORT_VLAN_TUNNEL), X(IFLA_BRPORT_BCAST_FLOOD),
	X(IFLA_BRPORT_GROUP_FWD_MASK), X(IFLA_BRPORT_NEIGH_SUPPRESS),
	X(IFLA_BRPORT_ISOLATED), X(IFLA_BRPORT_BACKUP_PORT),
	X(IFLA_BRPORT_MRP_RING_OPEN), X(IFLA_BRPORT_MRP_IN_OPEN),
	X(IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT), X(IFLA_BRPORT_MCAST_EHT_HOSTS_CNT),
	X(IFLA_BRPORT_LOCKED), END,
};

/*
 * The message being decoded: its payload (have bytes of it read, at p,
 * from addr), and what the struct before the attributes tells them.
 */
struct ctx {
	struct buf *b;
	const unsigned char *p;
	size_t have;
	uint64_t addr;
	const struct st_dopts *o;
	int tid;		/* the caller, whose descriptors -y names */
	unsigned family;	/* the struct's family byte */
	/* IFLA_LINKINFO's kinds seen so far, which choose its data's decoders */
	char kind[16], slave_kind[16];
};

/*
 * A decoder of an attribute's value: len bytes at offset off; false
 * when strace shows them in hex instead.
 */
typedef bool (*dec_fn)(struct ctx *c, uint64_t off, uint64_t len, const void *arg);

struct dec {
	dec_fn fn;
	const void *arg;
};

/* A set of attributes: their names and their decoders, by type. */
struct set {
	const struct st_xlat *names;
	const char *dflt;
	const struct dec *dec;
	size_t n;
};

#define SET(names, dflt, dec) { names, dflt, dec, sizeof(dec) / sizeof(dec[0]) }

static bool readable(const struct ctx *c, uint64_t off, uint64_t n)
{
	return off + n <= c->have;
}

static void addr_of(const struct ctx *c, uint64_t off)
{
	buf_printf(c->b, "%#llx", (unsigned long long)(c->addr + off));
}

/* n bytes at off in hex escapes, -s of them at most; their address when unread. */
static void hex(const struct ctx *c, uint64_t off, uint64_t n)
{
	const struct st_nl_mem m = { c->p, c->have, c->addr, c->o };

	st_nl_hex(c->b, &m, off, n);
}

/* A string of n bytes whose NUL strace expects and does not show. */
static void str0(const struct ctx *c, uint64_t off, uint64_t n)
{
	uint64_t s = (uint64_t)c->o->strsize;
	/* One byte more than -s, as strace reads to know it was cut. */
	uint64_t need = n < s ? n : s + 1;
	const unsigned char *v = c->p + off;

	if (need > n)
		need = n;
	if (!readable(c, off, need)) {
		addr_of(c, off);
	} else if (n <= s && n && !v[n - 1]) {
		st_quote(c->b, v, (size_t)n - 1, false, c->o->xstyle);
	} else {
		need = n < s ? n : s;
		st_quote(c->b, v, (size_t)need, true, c->o->xstyle);
	}
}

/* A little-endian unsigned integer of size bytes (8 at most) at v. */
static uint64_t get(const unsigned char *v, unsigned size)
{
	uint64_t x = 0;

	while (size--)
		x = x << 8 | v[size];
	return x;
}

/* A clock_t count, with its seconds in a comment as strace adds them. */
static void clock_ticks(struct buf *b, uint64_t v)
{
	long hz = sysconf(_SC_CLK_TCK);
	int w = 0;
	long t;

	buf_printf(b, "%llu", (unsigned long long)v);
	if (st_xlat_get_style() == ST_C_RAW || hz <= 0 || !v)
		return;
	uint64_t scale = 1;

	for (t = hz; t >= 10 && w < 9; t /= 10) {
		w++;
		scale *= 10;
	}
	buf_printf(b, " /* %llu.%0*llu s */", (unsigned long long)(v / (uint64_t)hz), w,
		   (unsigned long long)((v % (uint64_t)hz) * scale / (uint64_t)hz));
}

void st_hwaddr(struct buf *b, const unsigned char *v, size_t n, size_t shown)
{
	enum st_cstyle st = st_xlat_get_style();
	char s[3 * 32 + 1];
	size_t i, k = 0;

	if (st != ST_C_ABBREV)
		st_quote(b, v, n, false, 2);
	if (st == ST_C_RAW)
		return;
	for (i = 0; i < shown && i < 32; i++)
		k += (size_t)snprintf(s + k, sizeof(s) - k, "%s%02x", i ? ":" : "", v[i]);
	s[k] = 0;
	if (st == ST_C_VERBOSE)
		buf_printf(b, " /* %s */", s);
	else
		buf_printf(b, "%s", s);
}

static void nlattrs(struct ctx *c, uint64_t off, uint64_t len, const struct set *s);

/* How a field of a struct prints. */
enum {
	F_U,		/* unsigned decimal */
	F_D,		/* signed decimal */
	F_X,		/* hexadecimal */
	F_0X,		/* hexadecimal, 0x even for 0 */
	F_XNZ,		/* hexadecimal, and only when not zero (padding) */
	F_IFINDEX,	/* an interface index */
	F_VAL,		/* a name from x, else the number with dflt */
	F_FLAGS,	/* bits named from x, dflt for those without */
	F_MAC,		/* a hardware address of size bytes */
	F_CLOCK,	/* clock ticks */
	F_HEX,		/* bytes in hex */
	F_HEXNZ,	/* bytes in hex, only when any is not zero */
	F_U64IDX,	/* u64[size / 8], each shown with its index named from x */
	F_BE16VAL,	/* a 16-bit value in network byte order named from x: htons(NAME) */
};

struct field {
	const char *name;
	uint16_t off;
	uint8_t size, kind;
	const struct st_xlat *x;
	const char *dflt;
};

/*
 * A struct an attribute holds: its size, the size of its older version
 * that strace also decodes (0: none), its fields (NULL name ends them;
 * a field past the version's size is left out), and a set of attributes
 * that follow it in the same value, if any.
 */
struct sdesc {
	uint16_t size, min;
	const struct field *f;
	const struct set *rest;
	bool bare;		/* one value, not a struct in braces */
};

static void field(struct ctx *c, const struct field *f, const unsigned char *v,
		  bool named)
{
	struct buf *b = c->b;
	uint64_t x = f->size <= 8 ? get(v + f->off, f->size) : 0;

	if (named)
		buf_printf(b, "%s=", f->name);
	switch (f->kind) {
	case F_U:
		buf_printf(b, "%llu", (unsigned long long)x);
		break;
	case F_D:
		buf_printf(b, "%lld", (long long)(f->size == 1 ? (int8_t)x : f->size == 2 ?
			   (int16_t)x : f->size == 4 ? (int32_t)x : (int64_t)x));
		break;
	case F_X:
	case F_XNZ:
		buf_printf(b, "%#llx", (unsigned long long)x);
		break;
	case F_0X:
		buf_printf(b, "%#0*llx", 2 * f->size + 2, (unsigned long long)x);
		break;
	case F_IFINDEX:
		st_ifindex(b, (unsigned)x);
		break;
	case F_VAL:
		st_xlat_val(b, f->x, x, f->dflt);
		break;
	case F_FLAGS:
		st_xlat_flags_dflt(b, f->x, x, f->x == nud_states ? "NUD_NONE" : "0", f->dflt);
		break;
	case F_MAC:
		st_hwaddr(b, v + f->off, f->size, f->size);
		break;
	case F_CLOCK:
		clock_ticks(b, x);
		break;
	case F_HEX:
	case F_HEXNZ:
		st_quote(b, v + f->off, f->size, false, 2);
		break;
	case F_BE16VAL:
		buf_printf(b, "htons(");
		st_xlat_val(b, f->x, ntohs((uint16_t)x), f->dflt);
		buf_printf(b, ")");
		break;
	case F_U64IDX: {
		unsigned i;

		buf_printf(b, "[");
		for (i = 0; i < f->size / 8u; i++) {
			buf_printf(b, "%s[", i ? ", " : "");
			st_xlat_enum(b, f->x, i, "%llu");
			buf_printf(b, "]=%llu", (unsigned long long)get(v + f->off + 8 * i, 8));
		}
		buf_printf(b, "]");
		break;
	}
	}
}

static bool nonzero(const unsigned char *v, size_t n)
{
	while (n--)
		if (*v++)
			return true;
	return false;
}

/* The fields of a struct of size bytes at v. */
static void fields(struct ctx *c, const struct sdesc *d, const unsigned char *v,
		   unsigned size)
{
	const struct field *f;
	bool first = true;

	if (!d->bare)
		buf_printf(c->b, "{");
	for (f = d->f; f->name; f++) {
		if (f->off + f->size > size)
			continue;
		if ((f->kind == F_XNZ || f->kind == F_HEXNZ) && !nonzero(v + f->off, f->size))
			continue;
		if (!first)
			buf_printf(c->b, ", ");
		field(c, f, v, !d->bare);
		first = false;
	}
	if (!d->bare)
		buf_printf(c->b, "}");
}

/* A struct (arg: its sdesc): in hex when shorter than it. */
static bool d_struct(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct sdesc *d = arg;
	unsigned size = len >= d->size ? d->size : d->min && len == d->min ? d->min : 0;
	uint64_t next = NLMSG_ALIGN(d->size);

	if (!size)
		return false;
	if (!readable(c, off, size))
		addr_of(c, off);
	else
		fields(c, d, c->p + off, size);
	if (d->rest && len > next) {
		buf_printf(c->b, ", ");
		nlattrs(c, off + next, len - next, d->rest);
	}
	return true;
}

/*
 * An array of structs (arg: the element's sdesc), as many as fit in
 * len, -s of them at most; one that cannot be read ends it.
 */
static bool d_array(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct sdesc *d = arg;
	uint64_t n = len / d->size, i;
	bool opened = false;

	if (!n)
		return false;
	for (i = 0; i < n; i++) {
		uint64_t at = off + i * d->size;

		if (i)
			buf_printf(c->b, ", ");
		if (!c->o->verbose && i == (uint64_t)c->o->strsize) {
			buf_printf(c->b, "...");
			break;
		}
		if (!readable(c, at, d->size)) {
			if (i)
				buf_printf(c->b, "... /* %#llx */", (unsigned long long)(c->addr + at));
			else
				addr_of(c, at);
			break;
		}
		if (!i) {
			buf_printf(c->b, "[");
			opened = true;
		}
		fields(c, d, c->p + at, d->size);
	}
	if (opened)
		buf_printf(c->b, "]");
	return true;
}

/* Attributes nested in the value (arg: their set). */
static bool d_nest(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	nlattrs(c, off, len, arg);
	return true;
}

/* An integer of a size and a format (arg: an int spec). */
struct ispec {
	uint8_t size;
	char fmt;		/* 'u', 'd', 'x' */
};

static bool d_int(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct ispec *s = arg;
	uint64_t v;

	if (len < s->size)
		return false;
	if (!readable(c, off, s->size)) {
		addr_of(c, off);
		return true;
	}
	v = get(c->p + off, s->size);
	if (s->fmt == 'x')
		buf_printf(c->b, "%#llx", (unsigned long long)v);
	else if (s->fmt == 'd')
		buf_printf(c->b, "%lld", (long long)(s->size == 1 ? (int8_t)v : s->size == 2 ?
			   (int16_t)v : s->size == 4 ? (int32_t)v : (int64_t)v));
	else
		buf_printf(c->b, "%llu", (unsigned long long)v);
	return true;
}

static const struct ispec u8 = { 1, 'u' }, u16 = { 2, 'u' }, u32 = { 4, 'u' },
	u64 = { 8, 'u' }, s32 = { 4, 'd' }, x16 = { 2, 'x' }, x32 = { 4, 'x' };

#define U8 { d_int, &u8 }
#define U16 { d_int, &u16 }
#define U32 { d_int, &u32 }
#define U64 { d_int, &u64 }
#define S32 { d_int, &s32 }
#define X16 { d_int, &x16 }
#define X32 { d_int, &x32 }

static bool d_str(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	str0(c, off, len);
	return true;
}

#define STR { d_str, NULL }

static bool d_ifindex(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < 4)
		return false;
	if (!readable(c, off, 4))
		addr_of(c, off);
	else
		st_ifindex(c->b, st_u32(c->p + off));
	return true;
}

#define IFINDEX { d_ifindex, NULL }

static bool d_clock(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len > 8)
		return false;
	if (!readable(c, off, len))
		addr_of(c, off);
	else
		clock_ticks(c->b, get(c->p + off, (unsigned)len));
	return true;
}

#define CLOCK { d_clock, NULL }

/* An address of the struct's family, or of the family arg points to. */
static bool d_inet(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	int af = arg ? *(const int *)arg : (int)c->family;
	uint64_t need = af == AF_INET ? 4 : af == AF_INET6 ? 16 : 0;

	if (!need || len < need) {
		hex(c, off, len);
		return true;
	}
	if (!readable(c, off, need))
		addr_of(c, off);
	else
		st_inet_addr(c->b, c->p + off, af, NULL);
	return true;
}

static const int af_inet = AF_INET, af_inet6 = AF_INET6;
#define ADDR { d_inet, NULL }

/* An IPv4 or IPv6 address of fixed size: in hex when shorter. */
static bool d_inet_fixed(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < (*(const int *)arg == AF_INET ? 4u : 16u))
		return false;
	return d_inet(c, off, len, arg);
}

#define IN_ADDR { d_inet_fixed, &af_inet }
#define IN6_ADDR { d_inet_fixed, &af_inet6 }

/* A named value or flags of a size (0: the value's), as strace's xlat decoders. */
struct xspec {
	const struct st_xlat *x;
	const char *dflt;
	uint8_t size;
	bool flags;
};

static bool d_xlat(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct xspec *s = arg;
	uint64_t v;

	if (len > 8 || len < s->size)
		return false;
	if (s->size)
		len = s->size;
	if (!readable(c, off, len)) {
		addr_of(c, off);
		return true;
	}
	v = get(c->p + off, (unsigned)len);
	if (s->flags)
		st_xlat_flags_dflt(c->b, s->x, v, s->x == nud_states ? "NUD_NONE" : "0", s->dflt);
	else
		st_xlat_val(c->b, s->x, v, s->dflt);
	return true;
}

/* A hardware address of any length (up to 32 bytes). */
static bool d_hwaddr(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len > 32)
		return false;
	if (!readable(c, off, len))
		addr_of(c, off);
	else
		st_hwaddr(c->b, c->p + off, (size_t)len, (size_t)len);
	return true;
}

#define HWADDR { d_hwaddr, NULL }

/* The set s and the message its decoders read: st_nl_attrs()'s argument. */
struct set_arg {
	struct ctx *c;
	const struct set *s;
};

static bool set_value(struct buf *b, unsigned type, uint64_t off, uint64_t len, void *arg)
{
	const struct set_arg *a = arg;
	const struct dec *d = type < a->s->n ? &a->s->dec[type] : NULL;

	return d && d->fn && d->fn(a->c, off, len, d->arg);
}

/* Attributes from offset off, len bytes, of the set s. */
static void nlattrs(struct ctx *c, uint64_t off, uint64_t len, const struct set *s)
{
	const struct st_nl_mem m = { c->p, c->have, c->addr, c->o };
	struct set_arg a = { c, s };

	st_nl_attrs(c->b, &m, off, len, s->names, s->dflt, set_value, &a);
}

/* Route attributes (struct rtmsg's, and each nexthop's in RTA_MULTIPATH). */
static const struct dec rtax_dec[] = {
	[RTAX_LOCK] = U32, [RTAX_MTU] = U32, [RTAX_WINDOW] = U32, [RTAX_RTT] = U32,
	[RTAX_RTTVAR] = U32, [RTAX_SSTHRESH] = U32, [RTAX_CWND] = U32,
	[RTAX_ADVMSS] = U32, [RTAX_REORDERING] = U32, [RTAX_HOPLIMIT] = U32,
	[RTAX_INITCWND] = U32, [RTAX_FEATURES] = U32, [RTAX_RTO_MIN] = U32,
	[RTAX_INITRWND] = U32, [RTAX_QUICKACK] = U32, [RTAX_CC_ALGO] = STR,
};
static const struct set rtax_set = SET(rtax_attrs, "RTAX_???", rtax_dec);

static const struct field rta_cacheinfo_f[] = {
	{ "rta_clntref", 0, 4, F_U, NULL, NULL }, { "rta_lastuse", 4, 4, F_U, NULL, NULL },
	{ "rta_expires", 8, 4, F_U, NULL, NULL }, { "rta_error", 12, 4, F_U, NULL, NULL },
	{ "rta_used", 16, 4, F_U, NULL, NULL }, { "rta_id", 20, 4, F_X, NULL, NULL },
	{ "rta_ts", 24, 4, F_U, NULL, NULL }, { "rta_tsage", 28, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc rta_cacheinfo = { sizeof(struct rta_cacheinfo), 0, rta_cacheinfo_f, NULL, false };

static const struct field mfc_stats_f[] = {
	{ "mfcs_packets", 0, 8, F_U, NULL, NULL }, { "mfcs_bytes", 8, 8, F_U, NULL, NULL },
	{ "mfcs_wrong_if", 16, 8, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc mfc_stats = { sizeof(struct rta_mfc_stats), 0, mfc_stats_f, NULL, false };

static const struct xspec rt_class = { rt_tables, NULL, 4, false };
static const struct xspec lwt_type = { lwt_encap, "LWTUNNEL_ENCAP_???", 2, false };
static const struct xspec ip_proto = { st_inet_proto, "IPPROTO_???", 1, false };
static const struct xspec rt_proto = { rt_protos, "RTPROT_???", 1, false };

/* struct rtvia: the family, then an address of it in the rest. */
static bool d_rtvia(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	int af;

	if (len < 2)
		return false;
	if (!readable(c, off, 2)) {
		addr_of(c, off);
		return true;
	}
	af = st_u16(c->p + off);
	buf_printf(c->b, "{rtvia_family=");
	st_xlat_val(c->b, st_af, (unsigned)af, "AF_???");
	if (len > 2) {
		uint64_t need = af == AF_INET ? 4 : af == AF_INET6 ? 16 : 0;

		buf_printf(c->b, ", ");
		if (need && len - 2 >= need && readable(c, off + 2, need)) {
			st_inet_addr(c->b, c->p + off + 2, af, "rtvia_addr");
		} else {
			buf_printf(c->b, "rtvia_addr=");
			hex(c, off + 2, len - 2);
		}
	}
	buf_printf(c->b, "}");
	return true;
}

static bool d_multipath(struct ctx *c, uint64_t off, uint64_t len, const void *arg);

static const struct dec rta_dec[] = {
	[RTA_DST] = ADDR, [RTA_SRC] = ADDR, [RTA_IIF] = IFINDEX, [RTA_OIF] = IFINDEX,
	[RTA_GATEWAY] = ADDR, [RTA_PRIORITY] = U32, [RTA_PREFSRC] = ADDR,
	[RTA_METRICS] = { d_nest, &rtax_set }, [RTA_MULTIPATH] = { d_multipath, NULL },
	[RTA_PROTOINFO] = U32, [RTA_FLOW] = U32,
	[RTA_CACHEINFO] = { d_struct, &rta_cacheinfo }, [RTA_MP_ALGO] = U32,
	[RTA_TABLE] = { d_xlat, &rt_class }, [RTA_MARK] = U32,
	[RTA_MFC_STATS] = { d_struct, &mfc_stats }, [RTA_VIA] = { d_rtvia, NULL },
	[RTA_NEWDST] = ADDR, [RTA_PREF] = U8, [RTA_ENCAP_TYPE] = { d_xlat, &lwt_type },
	[RTA_EXPIRES] = U64, [RTA_UID] = U32, [RTA_TTL_PROPAGATE] = U8,
	[RTA_IP_PROTO] = U8, [RTA_SPORT] = U16, [RTA_DPORT] = U16,
};
static const struct set rta_set = SET(rta_attrs, "RTA_???", rta_dec);

/*
 * RTA_MULTIPATH: struct rtnexthop, each followed by route attributes
 * within its rtnh_len.
 */
static bool d_multipath(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	static const struct field f[] = {
		{ "rtnh_len", 0, 2, F_U, NULL, NULL },
		{ "rtnh_flags", 2, 1, F_FLAGS, rtnh_flags, "RTNH_F_???" },
		{ "rtnh_hops", 3, 1, F_U, NULL, NULL },
		{ "rtnh_ifindex", 4, 4, F_IFINDEX, NULL, NULL },
		{ NULL, 0, 0, 0, NULL, NULL },
	};
	static const struct sdesc rtnh = { sizeof(struct rtnexthop), 0, f, NULL, false };
	const uint64_t hdr = RTNH_ALIGN(sizeof(struct rtnexthop));
	uint64_t cur = off, left = len;
	bool array = false;

	if (len < sizeof(struct rtnexthop))
		return false;
	for (;;) {
		uint64_t nlen;

		if (!readable(c, cur, sizeof(struct rtnexthop))) {
			addr_of(c, cur);
			break;
		}
		nlen = st_u16(c->p + cur);
		if (nlen > left)
			nlen = left;
		if (cur == off && st_u16(c->p + cur) < len) {
			buf_printf(c->b, "[");
			array = true;
		}
		if (cur > off)
			buf_printf(c->b, ", ");
		if (nlen > hdr)
			buf_printf(c->b, "[");
		fields(c, &rtnh, c->p + cur, sizeof(struct rtnexthop));
		if (nlen > hdr) {
			buf_printf(c->b, ", ");
			nlattrs(c, cur + hdr, nlen - hdr, &rta_set);
			buf_printf(c->b, "]");
		}
		if (RTNH_ALIGN(nlen) >= left)
			break;
		cur += RTNH_ALIGN(nlen);
		left -= RTNH_ALIGN(nlen);
	}
	if (array)
		buf_printf(c->b, "]");
	return true;
}

/* Address attributes. */
static const struct field ifa_cacheinfo_f[] = {
	{ "ifa_prefered", 0, 4, F_U, NULL, NULL }, { "ifa_valid", 4, 4, F_U, NULL, NULL },
	{ "cstamp", 8, 4, F_U, NULL, NULL }, { "tstamp", 12, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc ifa_cacheinfo = { sizeof(struct ifa_cacheinfo), 0, ifa_cacheinfo_f, NULL, false };
static const struct xspec ifa_flags_x = { ifa_flags, "IFA_F_???", 4, true };

static const struct dec ifa_dec[] = {
	[IFA_ADDRESS] = ADDR, [IFA_LOCAL] = ADDR, [IFA_LABEL] = STR,
	[IFA_BROADCAST] = ADDR, [IFA_ANYCAST] = ADDR,
	[IFA_CACHEINFO] = { d_struct, &ifa_cacheinfo }, [IFA_MULTICAST] = ADDR,
	[IFA_FLAGS] = { d_xlat, &ifa_flags_x }, [IFA_RT_PRIORITY] = U32,
	[IFA_TARGET_NETNSID] = S32,
};
static const struct set ifa_set = SET(ifa_attrs, "IFA_???", ifa_dec);

/* Address label attributes. */
static const struct dec ifal_dec[] = { [IFAL_ADDRESS] = ADDR, [IFAL_LABEL] = U32 };
static const struct set ifal_set = SET(ifal_attrs, "IFAL_???", ifal_dec);

/* Neighbour attributes. */
static const struct field nda_cacheinfo_f[] = {
	{ "ndm_confirmed", 0, 4, F_U, NULL, NULL }, { "ndm_used", 4, 4, F_U, NULL, NULL },
	{ "ndm_updated", 8, 4, F_U, NULL, NULL }, { "ndm_refcnt", 12, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc nda_cacheinfo = { sizeof(struct nda_cacheinfo), 0, nda_cacheinfo_f, NULL, false };
static const struct xspec fdb_notify_x = { fdb_notify_flags, "FDB_NOTIFY_???", 1, true };
static const struct xspec ntf_ext_x = { ntf_ext_flags, "NTF_EXT_???", 4, true };
static const struct xspec nud_x = { nud_states, "NUD_???", 2, true };
static const struct xspec ntf_x = { ntf_flags, "NTF_???", 1, true };

static const struct dec nfea_dec[] = { [NFEA_ACTIVITY_NOTIFY] = { d_xlat, &fdb_notify_x } };
static const struct set nfea_set = SET(nfea_attrs, "NFEA_???", nfea_dec);

/* A 16-bit value in network byte order, as htons(N). */
static bool d_be16(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < 2)
		return false;
	if (!readable(c, off, 2)) {
		addr_of(c, off);
		return true;
	}
	buf_printf(c->b, "htons(%u)", ntohs(st_u16(c->p + off)));
	return true;
}

static const struct dec nda_dec[] = {
	[NDA_DST] = ADDR, [NDA_LLADDR] = HWADDR,
	[NDA_CACHEINFO] = { d_struct, &nda_cacheinfo }, [NDA_PROBES] = U32,
	[NDA_VLAN] = U16, [NDA_PORT] = { d_be16, NULL }, [NDA_VNI] = U32,
	[NDA_IFINDEX] = IFINDEX, [NDA_MASTER] = IFINDEX, [NDA_LINK_NETNSID] = U32,
	[NDA_SRC_VNI] = U32, [NDA_PROTOCOL] = { d_xlat, &ip_proto }, [NDA_NH_ID] = U32,
	[NDA_FDB_EXT_ATTRS] = { d_nest, &nfea_set }, [NDA_FLAGS_EXT] = { d_xlat, &ntf_ext_x },
	[NDA_NDM_STATE_MASK] = { d_xlat, &nud_x }, [NDA_NDM_FLAGS_MASK] = { d_xlat, &ntf_x },
};
static const struct set nda_set = SET(nda_attrs, "NDA_???", nda_dec);

/* Neighbour table attributes. */
static const struct field ndt_config_f[] = {
	{ "ndtc_key_len", 0, 2, F_U, NULL, NULL }, { "ndtc_entry_size", 2, 2, F_U, NULL, NULL },
	{ "ndtc_entries", 4, 4, F_U, NULL, NULL }, { "ndtc_last_flush", 8, 4, F_U, NULL, NULL },
	{ "ndtc_last_rand", 12, 4, F_U, NULL, NULL }, { "ndtc_hash_rnd", 16, 4, F_U, NULL, NULL },
	{ "ndtc_hash_mask", 20, 4, F_0X, NULL, NULL },
	{ "ndtc_hash_chain_gc", 24, 4, F_U, NULL, NULL },
	{ "ndtc_proxy_qlen", 28, 4, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc ndt_config = { sizeof(struct ndt_config), 0, ndt_config_f, NULL, false };

static const struct field ndt_stats_f[] = {
	{ "ndts_allocs", 0, 8, F_U, NULL, NULL }, { "ndts_destroys", 8, 8, F_U, NULL, NULL },
	{ "ndts_hash_grows", 16, 8, F_U, NULL, NULL },
	{ "ndts_res_failed", 24, 8, F_U, NULL, NULL },
	{ "ndts_lookups", 32, 8, F_U, NULL, NULL }, { "ndts_hits", 40, 8, F_U, NULL, NULL },
	{ "ndts_rcv_probes_mcast", 48, 8, F_U, NULL, NULL },
	{ "ndts_rcv_probes_ucast", 56, 8, F_U, NULL, NULL },
	{ "ndts_periodic_gc_runs", 64, 8, F_U, NULL, NULL },
	{ "ndts_forced_gc_runs", 72, 8, F_U, NULL, NULL },
	{ "ndts_table_fulls", 80, 8, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc ndt_stats = { sizeof(struct ndt_stats), 80, ndt_stats_f, NULL, false };

static const struct dec ndtpa_dec[] = {
	[NDTPA_IFINDEX] = IFINDEX, [NDTPA_REFCNT] = U32, [NDTPA_REACHABLE_TIME] = U64,
	[NDTPA_BASE_REACHABLE_TIME] = U64, [NDTPA_RETRANS_TIME] = U64,
	[NDTPA_GC_STALETIME] = U64, [NDTPA_DELAY_PROBE_TIME] = U64,
	[NDTPA_QUEUE_LEN] = U32, [NDTPA_APP_PROBES] = U32, [NDTPA_UCAST_PROBES] = U32,
	[NDTPA_MCAST_PROBES] = U32, [NDTPA_ANYCAST_DELAY] = U64,
	[NDTPA_PROXY_DELAY] = U64, [NDTPA_PROXY_QLEN] = U32, [NDTPA_LOCKTIME] = U64,
	[NDTPA_QUEUE_LENBYTES] = U32, [NDTPA_MCAST_REPROBES] = U32,
	[NDTPA_INTERVAL_PROBE_TIME_MS] = U64,
};
static const struct set ndtpa_set = SET(ndtpa_attrs, "NDTPA_???", ndtpa_dec);

static const struct dec ndta_dec[] = {
	[NDTA_NAME] = STR, [NDTA_THRESH1] = U32, [NDTA_THRESH2] = U32,
	[NDTA_THRESH3] = U32, [NDTA_CONFIG] = { d_struct, &ndt_config },
	[NDTA_PARMS] = { d_nest, &ndtpa_set }, [NDTA_STATS] = { d_struct, &ndt_stats },
	[NDTA_GC_INTERVAL] = U64,
};
static const struct set ndta_set = SET(ndta_attrs, "NDTA_???", ndta_dec);

/* Rule attributes. */
static const struct field range_f[] = {
	{ "start", 0, 4, F_U, NULL, NULL }, { "end", 4, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc uid_range = { 8, 0, range_f, NULL, false };
static const struct field port_range_f[] = {
	{ "start", 0, 2, F_U, NULL, NULL }, { "end", 2, 2, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc port_range = { 4, 0, port_range_f, NULL, false };

/* A 64-bit value in network byte order, as htobe64(N). */
static bool d_be64(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < 8)
		return false;
	if (!readable(c, off, 8)) {
		addr_of(c, off);
		return true;
	}
	buf_printf(c->b, "htobe64(%llu)", (unsigned long long)be64toh(st_u64(c->p + off)));
	return true;
}

static const struct dec fra_dec[] = {
	[FRA_DST] = ADDR, [FRA_SRC] = ADDR, [FRA_IIFNAME] = STR, [FRA_GOTO] = U32,
	[FRA_PRIORITY] = U32, [FRA_FWMARK] = U32, [FRA_FLOW] = U32,
	[FRA_TUN_ID] = { d_be64, NULL }, [FRA_SUPPRESS_IFGROUP] = U32,
	[FRA_SUPPRESS_PREFIXLEN] = U32, [FRA_TABLE] = { d_xlat, &rt_class },
	[FRA_FWMASK] = U32, [FRA_OIFNAME] = STR, [FRA_L3MDEV] = U8,
	[FRA_UID_RANGE] = { d_struct, &uid_range }, [FRA_PROTOCOL] = { d_xlat, &rt_proto },
	[FRA_IP_PROTO] = { d_xlat, &ip_proto }, [FRA_SPORT_RANGE] = { d_struct, &port_range },
	[FRA_DPORT_RANGE] = { d_struct, &port_range },
};
static const struct set fra_set = SET(fra_attrs, "FRA_???", fra_dec);

/* Nexthop attributes. */
static const struct field nh_grp_f[] = {
	{ "id", 0, 4, F_U, NULL, NULL }, { "weight", 4, 1, F_U, NULL, NULL },
	{ "resvd1", 5, 1, F_XNZ, NULL, NULL }, { "resvd2", 6, 2, F_XNZ, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc nh_grp = { sizeof(struct nexthop_grp), 0, nh_grp_f, NULL, false };
static const struct xspec nh_grp_type = { nh_grp_types, "NEXTHOP_GRP_TYPE_???", 2, false };

static const struct dec nha_res_group_dec[] = {
	[NHA_RES_GROUP_BUCKETS] = U16, [NHA_RES_GROUP_IDLE_TIMER] = CLOCK,
	[NHA_RES_GROUP_UNBALANCED_TIMER] = CLOCK, [NHA_RES_GROUP_UNBALANCED_TIME] = CLOCK,
};
static const struct set nha_res_group_set =
	SET(nha_res_group_attrs, "NHA_RES_GROUP_???", nha_res_group_dec);
static const struct dec nha_res_bucket_dec[] = {
	[NHA_RES_BUCKET_INDEX] = U16, [NHA_RES_BUCKET_IDLE_TIME] = CLOCK,
	[NHA_RES_BUCKET_NH_ID] = U32,
};
static const struct set nha_res_bucket_set =
	SET(nha_res_bucket_attrs, "NHA_RES_BUCKET_???", nha_res_bucket_dec);

static const struct dec nha_dec[] = {
	[NHA_ID] = U32, [NHA_GROUP] = { d_array, &nh_grp },
	[NHA_GROUP_TYPE] = { d_xlat, &nh_grp_type }, [NHA_BLACKHOLE] = U32,
	[NHA_OIF] = IFINDEX, [NHA_GATEWAY] = ADDR, [NHA_ENCAP_TYPE] = { d_xlat, &lwt_type },
	[NHA_GROUPS] = U32, [NHA_MASTER] = IFINDEX, [NHA_FDB] = U32,
	[NHA_RES_GROUP] = { d_nest, &nha_res_group_set },
	[NHA_RES_BUCKET] = { d_nest, &nha_res_bucket_set },
};
static const struct set nha_set = SET(nha_attrs, "NHA_???", nha_dec);

/* Traffic control attributes. */
static const struct field tc_stats_f[] = {
	{ "bytes", 0, 8, F_U, NULL, NULL }, { "packets", 8, 4, F_U, NULL, NULL },
	{ "drops", 12, 4, F_U, NULL, NULL }, { "overlimits", 16, 4, F_U, NULL, NULL },
	{ "bps", 20, 4, F_U, NULL, NULL }, { "pps", 24, 4, F_U, NULL, NULL },
	{ "qlen", 28, 4, F_U, NULL, NULL }, { "backlog", 32, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
/* Up to backlog: the kernel's struct has padding after it. */
static const struct sdesc tc_stats = { 36, 0, tc_stats_f, NULL, false };
static const struct field tc_est_f[] = {
	{ "interval", 0, 1, F_D, NULL, NULL }, { "ewma_log", 1, 1, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc tc_est = { sizeof(struct tc_estimator), 0, tc_est_f, NULL, false };
static const struct field gs_basic_f[] = {
	{ "bytes", 0, 8, F_U, NULL, NULL }, { "packets", 8, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc gs_basic = { 12, 0, gs_basic_f, NULL, false };
static const struct field gs_rate_f[] = {
	{ "bps", 0, 4, F_U, NULL, NULL }, { "pps", 4, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc gs_rate = { sizeof(struct gnet_stats_rate_est), 0, gs_rate_f, NULL, false };
static const struct field gs_queue_f[] = {
	{ "qlen", 0, 4, F_U, NULL, NULL }, { "backlog", 4, 4, F_U, NULL, NULL },
	{ "drops", 8, 4, F_U, NULL, NULL }, { "requeues", 12, 4, F_U, NULL, NULL },
	{ "overlimits", 16, 4, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc gs_queue = { sizeof(struct gnet_stats_queue), 0, gs_queue_f, NULL, false };
static const struct field gs_rate64_f[] = {
	{ "bps", 0, 8, F_U, NULL, NULL }, { "pps", 8, 8, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc gs_rate64 = { sizeof(struct gnet_stats_rate_est64), 0, gs_rate64_f, NULL, false };

static const struct dec tca_stats_dec[] = {
	[TCA_STATS_BASIC] = { d_struct, &gs_basic }, [TCA_STATS_RATE_EST] = { d_struct, &gs_rate },
	[TCA_STATS_QUEUE] = { d_struct, &gs_queue },
	[TCA_STATS_RATE_EST64] = { d_struct, &gs_rate64 },
	[TCA_STATS_BASIC_HW] = { d_struct, &gs_basic }, [TCA_STATS_PKT64] = U64,
};
static const struct set tca_stats_set = SET(tca_stats_attrs, "TCA_STATS_???", tca_stats_dec);

static const struct field sizespec_f[] = {
	{ "cell_log", 0, 1, F_U, NULL, NULL }, { "size_log", 1, 1, F_U, NULL, NULL },
	{ "cell_align", 2, 2, F_D, NULL, NULL }, { "overhead", 4, 4, F_D, NULL, NULL },
	{ "linklayer", 8, 4, F_U, NULL, NULL }, { "mpu", 12, 4, F_U, NULL, NULL },
	{ "mtu", 16, 4, F_U, NULL, NULL }, { "tsize", 20, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc sizespec = { sizeof(struct tc_sizespec), 0, sizespec_f, NULL, false };
static const struct field u16_elt_f[] = { { "", 0, 2, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL } };
static const struct sdesc u16_elt = { 2, 0, u16_elt_f, NULL, true };

static const struct dec tca_stab_dec[] = {
	[TCA_STAB_BASE] = { d_struct, &sizespec }, [TCA_STAB_DATA] = { d_array, &u16_elt },
};
static const struct set tca_stab_set = SET(tca_stab_attrs, "TCA_STAB_???", tca_stab_dec);

static const struct dec tca_dec[] = {
	[TCA_KIND] = STR, [TCA_STATS] = { d_struct, &tc_stats },
	[TCA_RATE] = { d_struct, &tc_est }, [TCA_FCNT] = U32,
	[TCA_STATS2] = { d_nest, &tca_stats_set }, [TCA_STAB] = { d_nest, &tca_stab_set },
	[TCA_CHAIN] = U32, [TCA_HW_OFFLOAD] = U8, [TCA_INGRESS_BLOCK] = U32,
	[TCA_EGRESS_BLOCK] = U32, [TCA_DUMP_FLAGS] = U32,
};
static const struct set tca_set = SET(tca_attrs, "TCA_???", tca_dec);

static const struct xspec tca_act_flags_x = { tca_act_flags, "TCA_ACT_FLAGS_???", 4, true };
static const struct xspec tca_act_hw_x = { tca_act_hw_stats, "TCA_ACT_HW_STATS_???", 4, true };
static const struct dec tca_act_dec[] = {
	[1] = STR, [3] = U32, [4] = { d_nest, &tca_stats_set },
	[7] = { d_xlat, &tca_act_flags_x }, [8] = { d_xlat, &tca_act_hw_x },
	[9] = { d_xlat, &tca_act_hw_x }, [10] = U32,
};
static const struct set tca_act_set = SET(tca_act_attrs, "TCA_ACT_???", tca_act_dec);

/* Multicast database attributes. */
static const struct dec mdb_eattr_dec[] = { [MDBA_MDB_EATTR_TIMER] = CLOCK };
static const struct set mdb_eattr_set = SET(mdba_mdb_eattr_attrs, "MDBA_MDB_EATTR_???", mdb_eattr_dec);

/* struct br_mdb_entry: addr.u is an address of the family in addr.proto. */
static bool d_mdb_entry(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const uint64_t size = sizeof(struct br_mdb_entry);
	const unsigned char *v = c->p + off;
	int proto;

	if (len < size)
		return false;
	if (!readable(c, off, size)) {
		addr_of(c, off);
	} else {
		buf_printf(c->b, "{ifindex=");
		st_ifindex(c->b, st_u32(v));
		buf_printf(c->b, ", state=");
		st_xlat_val(c->b, mdb_states, v[4], "MDB_???");
		buf_printf(c->b, ", flags=");
		st_xlat_flags_dflt(c->b, mdb_flags, v[5], "0", "MDB_FLAGS_???");
		buf_printf(c->b, ", vid=%u, addr={", st_u16(v + 6));
		proto = ntohs(st_u16(v + 8 + 16));
		if (proto == AF_INET || proto == AF_INET6) {
			st_inet_addr(c->b, v + 8, proto, "u");
		} else {
			buf_printf(c->b, "u=");
			st_quote(c->b, v + 8, 16, false, 2);
		}
		buf_printf(c->b, ", proto=htons(");
		st_xlat_val(c->b, st_af, (unsigned)proto, "AF_???");
		buf_printf(c->b, ")}}");
	}
	if (len > NLMSG_ALIGN(size)) {
		buf_printf(c->b, ", ");
		nlattrs(c, off + NLMSG_ALIGN(size), len - NLMSG_ALIGN(size), &mdb_eattr_set);
	}
	return true;
}

static const struct dec mdb_entry_dec[] = { [MDBA_MDB_ENTRY_INFO] = { d_mdb_entry, NULL } };
static const struct set mdb_entry_set = SET(mdba_mdb_entry_attrs, "MDBA_MDB_ENTRY_???", mdb_entry_dec);
static const struct dec mdb_dec[] = { [MDBA_MDB_ENTRY] = { d_nest, &mdb_entry_set } };
static const struct set mdb_set = SET(mdba_mdb_attrs, "MDBA_MDB_???", mdb_dec);

static const struct xspec mdb_rtr_x = { mdb_rtr_types, "MDB_RTR_TYPE_???", 0, false };
static const struct dec pattr_dec[] = {
	[MDBA_ROUTER_PATTR_TIMER] = CLOCK, [MDBA_ROUTER_PATTR_TYPE] = { d_xlat, &mdb_rtr_x },
	[MDBA_ROUTER_PATTR_INET_TIMER] = CLOCK, [MDBA_ROUTER_PATTR_INET6_TIMER] = CLOCK,
};
static const struct set pattr_set = SET(mdba_router_pattr_attrs, "MDBA_ROUTER_PATTR_???", pattr_dec);
static const struct field ifindex_f[] = {
	{ "", 0, 4, F_IFINDEX, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc router_port = { 4, 0, ifindex_f, &pattr_set, true };
static const struct dec router_dec[] = { [MDBA_ROUTER_PORT] = { d_struct, &router_port } };
static const struct set router_set = SET(mdba_router_attrs, "MDBA_ROUTER_???", router_dec);

static const struct dec mdba_dec[] = {
	[MDBA_MDB] = { d_nest, &mdb_set }, [MDBA_ROUTER] = { d_nest, &router_set },
};
static const struct set mdba_set = SET(mdba_attrs, "MDBA_???", mdba_dec);

/* Multicast routing cache reports, by the message's family. */
static const struct xspec igmpmsg_x = { igmpmsg_types, "IGMPMSG_???", 1, false };
static const struct xspec mrt6msg_x = { mrt6msg_types, "MRT6MSG_???", 1, false };
static const struct dec ipmra_dec[] = {
	[IPMRA_CREPORT_MSGTYPE] = { d_xlat, &igmpmsg_x }, [IPMRA_CREPORT_VIF_ID] = U32,
	[IPMRA_CREPORT_SRC_ADDR] = IN_ADDR, [IPMRA_CREPORT_DST_ADDR] = IN_ADDR,
	[IPMRA_CREPORT_TABLE] = U32,
};
static const struct set ipmra_set = SET(ipmra_attrs, "IPMRA_CREPORT_???", ipmra_dec);
static const struct dec ip6mra_dec[] = {
	[IP6MRA_CREPORT_MSGTYPE] = { d_xlat, &mrt6msg_x }, [IP6MRA_CREPORT_MIF_ID] = U32,
	[IP6MRA_CREPORT_SRC_ADDR] = IN6_ADDR, [IP6MRA_CREPORT_DST_ADDR] = IN6_ADDR,
};
static const struct set ip6mra_set = SET(ip6mra_attrs, "IP6MRA_CREPORT_???", ip6mra_dec);

/* Other sets whose values strace decodes. */
static const struct dec netconf_dec[] = {
	[NETCONFA_IFINDEX] = IFINDEX, [NETCONFA_FORWARDING] = S32,
	[NETCONFA_RP_FILTER] = S32, [NETCONFA_MC_FORWARDING] = S32,
	[NETCONFA_PROXY_NEIGH] = S32, [NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN] = S32,
	[NETCONFA_INPUT] = S32, [NETCONFA_BC_FORWARDING] = S32,
};
static const struct set netconf_set = SET(netconf_attrs, "NETCONFA_???", netconf_dec);
static const struct dec no_dec[] = { { NULL, NULL } };
static const struct set dcb_set = SET(dcb_attrs, "DCB_ATTR_???", no_dec);
static const struct set netnsa_set = SET(netnsa_attrs, "NETNSA_???", no_dec);

/* A struct, then in hex what follows it in the value. */
static bool d_struct_tail(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct sdesc *d = arg;

	if (len < d->size)
		return false;
	if (!readable(c, off, d->size)) {
		addr_of(c, off);
		return true;
	}
	fields(c, d, c->p + off, d->size);
	if (len > d->size) {
		buf_printf(c->b, ", ");
		hex(c, off + d->size, len - d->size);
	}
	return true;
}

static bool d_stats64(struct ctx *c, uint64_t off, uint64_t len, const void *arg);

/* RTM_GETSTATS's attributes. */
static const struct st_xlat bridge_vlan_flags[] = {
	X(BRIDGE_VLAN_INFO_MASTER), X(BRIDGE_VLAN_INFO_PVID), X(BRIDGE_VLAN_INFO_UNTAGGED),
	X(BRIDGE_VLAN_INFO_RANGE_BEGIN), X(BRIDGE_VLAN_INFO_RANGE_END),
	X(BRIDGE_VLAN_INFO_BRENTRY), X(BRIDGE_VLAN_INFO_ONLY_OPTS), END,
};
static const struct st_xlat br_mcast_dirs[] = { X(BR_MCAST_DIR_RX), X(BR_MCAST_DIR_TX), END };

#define FU64(t, m) { #m, offsetof(struct t, m), 8, F_U, NULL, NULL }
#define FDIR(m) { #m, offsetof(struct br_mcast_stats, m), \
		  sizeof(((struct br_mcast_stats *)0)->m), F_U64IDX, br_mcast_dirs, NULL }
static const struct field vlan_xstats_f[] = {
	FU64(bridge_vlan_xstats, rx_bytes), FU64(bridge_vlan_xstats, rx_packets),
	FU64(bridge_vlan_xstats, tx_bytes), FU64(bridge_vlan_xstats, tx_packets),
	{ "vid", offsetof(struct bridge_vlan_xstats, vid), 2, F_U, NULL, NULL },
	{ "flags", offsetof(struct bridge_vlan_xstats, flags), 2, F_FLAGS,
	  bridge_vlan_flags, "BRIDGE_VLAN_INFO_???" },
	{ "pad2", offsetof(struct bridge_vlan_xstats, pad2), 4, F_XNZ, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc vlan_xstats = {
	sizeof(struct bridge_vlan_xstats), 0, vlan_xstats_f, NULL, false };
static const struct field mcast_stats_f[] = {
	FDIR(igmp_v1queries), FDIR(igmp_v2queries), FDIR(igmp_v3queries),
	FDIR(igmp_leaves), FDIR(igmp_v1reports), FDIR(igmp_v2reports),
	FDIR(igmp_v3reports), FU64(br_mcast_stats, igmp_parse_errors),
	FDIR(mld_v1queries), FDIR(mld_v2queries), FDIR(mld_leaves),
	FDIR(mld_v1reports), FDIR(mld_v2reports), FU64(br_mcast_stats, mld_parse_errors),
	FDIR(mcast_bytes), FDIR(mcast_packets), { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc mcast_stats = {
	sizeof(struct br_mcast_stats), 0, mcast_stats_f, NULL, false };
static const struct field stp_xstats_f[] = {
	FU64(bridge_stp_xstats, transition_blk), FU64(bridge_stp_xstats, transition_fwd),
	FU64(bridge_stp_xstats, rx_bpdu), FU64(bridge_stp_xstats, tx_bpdu),
	FU64(bridge_stp_xstats, rx_tcn), FU64(bridge_stp_xstats, tx_tcn),
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc stp_xstats = {
	sizeof(struct bridge_stp_xstats), 0, stp_xstats_f, NULL, false };
static const struct field mpls_stats_f[] = {
	FU64(mpls_link_stats, rx_packets), FU64(mpls_link_stats, tx_packets),
	FU64(mpls_link_stats, rx_bytes), FU64(mpls_link_stats, tx_bytes),
	FU64(mpls_link_stats, rx_errors), FU64(mpls_link_stats, tx_errors),
	FU64(mpls_link_stats, rx_dropped), FU64(mpls_link_stats, tx_dropped),
	FU64(mpls_link_stats, rx_noroute), { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc mpls_stats = {
	sizeof(struct mpls_link_stats), 0, mpls_stats_f, NULL, false };

static const struct st_xlat bridge_xstats_attrs[] = {
	X(BRIDGE_XSTATS_UNSPEC), X(BRIDGE_XSTATS_VLAN), X(BRIDGE_XSTATS_MCAST),
	X(BRIDGE_XSTATS_PAD), X(BRIDGE_XSTATS_STP), END,
};
static const struct dec bridge_xstats_dec[] = {
	[BRIDGE_XSTATS_VLAN] = { d_struct_tail, &vlan_xstats },
	[BRIDGE_XSTATS_MCAST] = { d_struct_tail, &mcast_stats },
	[BRIDGE_XSTATS_STP] = { d_struct_tail, &stp_xstats },
};
static const struct set bridge_xstats_set =
	SET(bridge_xstats_attrs, "BRIDGE_XSTATS_???", bridge_xstats_dec);

static const struct st_xlat bond_3ad_attrs[] = {
	X(BOND_3AD_STAT_LACPDU_RX), X(BOND_3AD_STAT_LACPDU_TX),
	X(BOND_3AD_STAT_LACPDU_UNKNOWN_RX), X(BOND_3AD_STAT_LACPDU_ILLEGAL_RX),
	X(BOND_3AD_STAT_MARKER_RX), X(BOND_3AD_STAT_MARKER_TX),
	X(BOND_3AD_STAT_MARKER_RESP_RX), X(BOND_3AD_STAT_MARKER_RESP_TX),
	X(BOND_3AD_STAT_MARKER_UNKNOWN_RX), X(BOND_3AD_STAT_PAD), END,
};
static const struct dec bond_3ad_dec[] = {
	[BOND_3AD_STAT_LACPDU_RX] = U64, [BOND_3AD_STAT_LACPDU_TX] = U64,
	[BOND_3AD_STAT_LACPDU_UNKNOWN_RX] = U64, [BOND_3AD_STAT_LACPDU_ILLEGAL_RX] = U64,
	[BOND_3AD_STAT_MARKER_RX] = U64, [BOND_3AD_STAT_MARKER_TX] = U64,
	[BOND_3AD_STAT_MARKER_RESP_RX] = U64, [BOND_3AD_STAT_MARKER_RESP_TX] = U64,
	[BOND_3AD_STAT_MARKER_UNKNOWN_RX] = U64,
};
/* strace names the unknown ones of this set BOND_XSTATS_???. */
static const struct set bond_3ad_set = SET(bond_3ad_attrs, "BOND_XSTATS_???", bond_3ad_dec);
static const struct st_xlat bond_xstats_attrs[] = {
	X(BOND_XSTATS_UNSPEC), X(BOND_XSTATS_3AD), END,
};
static const struct dec bond_xstats_dec[] = { [BOND_XSTATS_3AD] = { d_nest, &bond_3ad_set } };
static const struct set bond_xstats_set =
	SET(bond_xstats_attrs, "BOND_XSTATS_???", bond_xstats_dec);

static const struct st_xlat link_xstats_types[] = {
	X(LINK_XSTATS_TYPE_UNSPEC), X(LINK_XSTATS_TYPE_BRIDGE), X(LINK_XSTATS_TYPE_BOND), END,
};
static const struct dec link_xstats_dec[] = {
	[LINK_XSTATS_TYPE_BRIDGE] = { d_nest, &bridge_xstats_set },
	[LINK_XSTATS_TYPE_BOND] = { d_nest, &bond_xstats_set },
};
static const struct set link_xstats_set =
	SET(link_xstats_types, "LINK_XSTATS_TYPE_???", link_xstats_dec);

static const struct st_xlat offload_xstats_attrs[] = {
	X(IFLA_OFFLOAD_XSTATS_UNSPEC), X(IFLA_OFFLOAD_XSTATS_CPU_HIT), END,
};
static const struct dec offload_xstats_dec[] = {
	[IFLA_OFFLOAD_XSTATS_CPU_HIT] = { d_stats64, NULL },
};
static const struct set offload_xstats_set =
	SET(offload_xstats_attrs, "IFLA_OFFLOAD_XSTATS_???", offload_xstats_dec);

static const struct st_xlat mpls_stats_attrs[] = { X(MPLS_STATS_UNSPEC), X(MPLS_STATS_LINK), END };
static const struct dec mpls_stats_dec[] = { [MPLS_STATS_LINK] = { d_struct_tail, &mpls_stats } };
static const struct set mpls_stats_set = SET(mpls_stats_attrs, "MPLS_STATS_???", mpls_stats_dec);
/* IFLA_STATS_AF_SPEC: attributes by address family. */
static const struct dec stats_af_dec[] = { [AF_MPLS] = { d_nest, &mpls_stats_set } };
static const struct set stats_af_set = SET(st_af, "AF_???", stats_af_dec);

static const struct dec ifla_stats_dec[] = {
	[IFLA_STATS_LINK_64] = { d_stats64, NULL },
	[IFLA_STATS_LINK_XSTATS] = { d_nest, &link_xstats_set },
	[IFLA_STATS_LINK_XSTATS_SLAVE] = { d_nest, &link_xstats_set },
	[IFLA_STATS_LINK_OFFLOAD_XSTATS] = { d_nest, &offload_xstats_set },
	[IFLA_STATS_AF_SPEC] = { d_nest, &stats_af_set },
};
static const struct set ifla_stats_set = SET(ifla_stats_attrs, "IFLA_STATS_???", ifla_stats_dec);

/* Link attributes. */
#define STAT(name, i, sz) { #name, (i) * (sz), sz, F_U, NULL, NULL }
#define STATS(sz) \
	STAT(rx_packets, 0, sz), STAT(tx_packets, 1, sz), STAT(rx_bytes, 2, sz), \
	STAT(tx_bytes, 3, sz), STAT(rx_errors, 4, sz), STAT(tx_errors, 5, sz), \
	STAT(rx_dropped, 6, sz), STAT(tx_dropped, 7, sz), STAT(multicast, 8, sz), \
	STAT(collisions, 9, sz), STAT(rx_length_errors, 10, sz), \
	STAT(rx_over_errors, 11, sz), STAT(rx_crc_errors, 12, sz), \
	STAT(rx_frame_errors, 13, sz), STAT(rx_fifo_errors, 14, sz), \
	STAT(rx_missed_errors, 15, sz), STAT(tx_aborted_errors, 16, sz), \
	STAT(tx_carrier_errors, 17, sz), STAT(tx_fifo_errors, 18, sz), \
	STAT(tx_heartbeat_errors, 19, sz), STAT(tx_window_errors, 20, sz), \
	STAT(rx_compressed, 21, sz), STAT(tx_compressed, 22, sz), \
	STAT(rx_nohandler, 23, sz)

static const struct field link_stats_f[] = { STATS(4), { NULL, 0, 0, 0, NULL, NULL } };
static const struct sdesc link_stats = { 24 * 4, 23 * 4, link_stats_f, NULL, false };
static const struct field link_stats64_f[] = {
	STATS(8), STAT(rx_otherhost_dropped, 24, 8), { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc link_stats64 = { 25 * 8, 23 * 8, link_stats64_f, NULL, false };
static const struct sdesc link_stats64_nh = { 25 * 8, 24 * 8, link_stats64_f, NULL, false };

/* struct rtnl_link_stats64 in its three sizes. */
static bool d_stats64(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	return d_struct(c, off, len, len == 24 * 8 ? &link_stats64_nh : &link_stats64);
}

static const struct field ifmap_f[] = {
	{ "mem_start", 0, 8, F_X, NULL, NULL }, { "mem_end", 8, 8, F_X, NULL, NULL },
	{ "base_addr", 16, 8, F_X, NULL, NULL }, { "irq", 24, 2, F_U, NULL, NULL },
	{ "dma", 26, 1, F_U, NULL, NULL }, { "port", 27, 1, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
/* Up to port: the kernel's struct has padding after it. */
static const struct sdesc ifmap = { 28, 0, ifmap_f, NULL, false };

/* struct ifla_bridge_id: prio=[N, N], addr=MAC. */
static bool d_bridge_id(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const unsigned char *v = c->p + off;

	if (len < sizeof(struct ifla_bridge_id))
		return false;
	if (!readable(c, off, sizeof(struct ifla_bridge_id))) {
		addr_of(c, off);
		return true;
	}
	buf_printf(c->b, "{prio=[%u, %u], addr=", v[0], v[1]);
	st_hwaddr(c->b, v + 2, 6, 6);
	buf_printf(c->b, "}");
	return true;
}

static const struct dec brport_dec[] = {
	[IFLA_BRPORT_STATE] = U8, [IFLA_BRPORT_PRIORITY] = U16, [IFLA_BRPORT_COST] = U32,
	[IFLA_BRPORT_MODE] = U8, [IFLA_BRPORT_GUARD] = U8, [IFLA_BRPORT_PROTECT] = U8,
	[IFLA_BRPORT_FAST_LEAVE] = U8, [IFLA_BRPORT_LEARNING] = U8,
	[IFLA_BRPORT_UNICAST_FLOOD] = U8, [IFLA_BRPORT_PROXYARP] = U8,
	[IFLA_BRPORT_LEARNING_SYNC] = U8, [IFLA_BRPORT_PROXYARP_WIFI] = U8,
	[IFLA_BRPORT_ROOT_ID] = { d_bridge_id, NULL },
	[IFLA_BRPORT_BRIDGE_ID] = { d_bridge_id, NULL },
	[IFLA_BRPORT_DESIGNATED_PORT] = U16, [IFLA_BRPORT_DESIGNATED_COST] = U16,
	[IFLA_BRPORT_ID] = U16, [IFLA_BRPORT_NO] = U16,
	[IFLA_BRPORT_TOPOLOGY_CHANGE_ACK] = U8, [IFLA_BRPORT_CONFIG_PENDING] = U8,
	[IFLA_BRPORT_MESSAGE_AGE_TIMER] = CLOCK, [IFLA_BRPORT_FORWARD_DELAY_TIMER] = CLOCK,
	[IFLA_BRPORT_HOLD_TIMER] = CLOCK, [IFLA_BRPORT_MULTICAST_ROUTER] = U8,
	[IFLA_BRPORT_MCAST_FLOOD] = U8, [IFLA_BRPORT_MCAST_TO_UCAST] = U8,
	[IFLA_BRPORT_VLAN_TUNNEL] = U8, [IFLA_BRPORT_BCAST_FLOOD] = U8,
	[IFLA_BRPORT_GROUP_FWD_MASK] = X16, [IFLA_BRPORT_NEIGH_SUPPRESS] = U8,
	[IFLA_BRPORT_ISOLATED] = U8, [IFLA_BRPORT_BACKUP_PORT] = IFINDEX,
	[IFLA_BRPORT_MRP_RING_OPEN] = U8, [IFLA_BRPORT_MRP_IN_OPEN] = U8,
	[IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT] = U32, [IFLA_BRPORT_MCAST_EHT_HOSTS_CNT] = U32,
	[IFLA_BRPORT_LOCKED] = U8,
};
static const struct set brport_set = SET(brport_attrs, "IFLA_BRPORT_???", brport_dec);

/*
 * An array of integers each shown with its index's name, [[NAME]=v, ...]
 * (arg: an idx_spec): as many as fit in len, -s of them at most; one
 * that cannot be read ends it with its address.
 */
struct idx_spec {
	const struct st_xlat *x;
	const char *dflt;
	uint8_t size;
	bool sign;
};

static bool d_idx_array(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	const struct idx_spec *s = arg;
	enum st_cstyle st = st_xlat_get_style();
	uint64_t n = len / s->size, i, v;
	const char *name;

	if (!n)
		return false;
	if (!readable(c, off, s->size)) {
		addr_of(c, off);
		return true;
	}
	buf_printf(c->b, "[");
	for (i = 0; i < n; i++) {
		uint64_t at = off + i * s->size;

		if (i)
			buf_printf(c->b, ", ");
		if (!c->o->verbose && i == (uint64_t)c->o->strsize) {
			buf_printf(c->b, "...");
			break;
		}
		if (!readable(c, at, s->size)) {
			buf_printf(c->b, "... /* %#llx */", (unsigned long long)(c->addr + at));
			break;
		}
		name = st_xlat_name(s->x, i);
		if (name && st == ST_C_ABBREV)
			buf_printf(c->b, "[%s]=", name);
		else if (st == ST_C_RAW)
			buf_printf(c->b, "[%llu]=", (unsigned long long)i);
		else
			buf_printf(c->b, "[%llu /* %s */]=", (unsigned long long)i,
				   name ? name : s->dflt);
		v = get(c->p + at, s->size);
		if (s->sign)
			buf_printf(c->b, "%lld", (long long)(s->size == 4 ? (int32_t)v : (int64_t)v));
		else
			buf_printf(c->b, "%llu", (unsigned long long)v);
	}
	buf_printf(c->b, "]");
	return true;
}

/*
 * IPv6's per-device attributes (IFLA_PROTINFO of AF_INET6, IFLA_AF_SPEC's
 * AF_INET6), with the names strace 6.1 knows: its configuration by
 * DEVCONF_ index, its IP and ICMPv6 counters by MIB index.
 */
static const struct st_xlat inet6_attrs[] = {
	X(IFLA_INET6_UNSPEC), X(IFLA_INET6_FLAGS), X(IFLA_INET6_CONF),
	X(IFLA_INET6_STATS), X(IFLA_INET6_MCAST), X(IFLA_INET6_CACHEINFO),
	X(IFLA_INET6_ICMP6STATS), X(IFLA_INET6_TOKEN), X(IFLA_INET6_ADDR_GEN_MODE),
	X(IFLA_INET6_RA_MTU), END,
};
static const struct st_xlat inet6_if_flags[] = {
	{ 0x10, "IF_RS_SENT" }, { 0x20, "IF_RA_RCVD" }, { 0x40, "IF_RA_MANAGED" },
	{ 0x80, "IF_RA_OTHERCONF" }, { 0x80000000, "IF_READY" }, END,
};
static const struct st_xlat in6_addr_gen_modes[] = {
	X(IN6_ADDR_GEN_MODE_EUI64), X(IN6_ADDR_GEN_MODE_NONE),
	X(IN6_ADDR_GEN_MODE_STABLE_PRIVACY), X(IN6_ADDR_GEN_MODE_RANDOM), END,
};
static const struct st_xlat inet6_devconf[] = {
	X(DEVCONF_FORWARDING), X(DEVCONF_HOPLIMIT), X(DEVCONF_MTU6),
	X(DEVCONF_ACCEPT_RA), X(DEVCONF_ACCEPT_REDIRECTS), X(DEVCONF_AUTOCONF),
	X(DEVCONF_DAD_TRANSMITS), X(DEVCONF_RTR_SOLICITS),
	X(DEVCONF_RTR_SOLICIT_INTERVAL), X(DEVCONF_RTR_SOLICIT_DELAY),
	X(DEVCONF_USE_TEMPADDR), X(DEVCONF_TEMP_VALID_LFT),
	X(DEVCONF_TEMP_PREFERED_LFT), X(DEVCONF_REGEN_MAX_RETRY),
	X(DEVCONF_MAX_DESYNC_FACTOR), X(DEVCONF_MAX_ADDRESSES),
	X(DEVCONF_FORCE_MLD_VERSION), X(DEVCONF_ACCEPT_RA_DEFRTR),
	X(DEVCONF_ACCEPT_RA_PINFO), X(DEVCONF_ACCEPT_RA_RTR_PREF),
	X(DEVCONF_RTR_PROBE_INTERVAL), X(DEVCONF_ACCEPT_RA_RT_INFO_MAX_PLEN),
	X(DEVCONF_PROXY_NDP), X(DEVCONF_OPTIMISTIC_DAD), X(DEVCONF_ACCEPT_SOURCE_ROUTE),
	X(DEVCONF_MC_FORWARDING), X(DEVCONF_DISABLE_IPV6), X(DEVCONF_ACCEPT_DAD),
	X(DEVCONF_FORCE_TLLAO), X(DEVCONF_NDISC_NOTIFY),
	X(DEVCONF_MLDV1_UNSOLICITED_REPORT_INTERVAL),
	X(DEVCONF_MLDV2_UNSOLICITED_REPORT_INTERVAL), X(DEVCONF_SUPPRESS_FRAG_NDISC),
	X(DEVCONF_ACCEPT_RA_FROM_LOCAL), X(DEVCONF_USE_OPTIMISTIC),
	X(DEVCONF_ACCEPT_RA_MTU), X(DEVCONF_STABLE_SECRET),
	X(DEVCONF_USE_OIF_ADDRS_ONLY), X(DEVCONF_ACCEPT_RA_MIN_HOP_LIMIT),
	X(DEVCONF_IGNORE_ROUTES_WITH_LINKDOWN), X(DEVCONF_DROP_UNICAST_IN_L2_MULTICAST),
	X(DEVCONF_DROP_UNSOLICITED_NA), X(DEVCONF_KEEP_ADDR_ON_DOWN),
	X(DEVCONF_RTR_SOLICIT_MAX_INTERVAL), X(DEVCONF_SEG6_ENABLED),
	X(DEVCONF_SEG6_REQUIRE_HMAC), X(DEVCONF_ENHANCED_DAD), X(DEVCONF_ADDR_GEN_MODE),
	X(DEVCONF_DISABLE_POLICY), X(DEVCONF_ACCEPT_RA_RT_INFO_MIN_PLEN),
	X(DEVCONF_NDISC_TCLASS), X(DEVCONF_RPL_SEG_ENABLED), X(DEVCONF_RA_DEFRTR_METRIC),
	X(DEVCONF_IOAM6_ENABLED), X(DEVCONF_IOAM6_ID), X(DEVCONF_IOAM6_ID_WIDE),
	X(DEVCONF_NDISC_EVICT_NOCARRIER), X(DEVCONF_ACCEPT_UNTRACKED_NA), END,
};
static const struct st_xlat ipstats_mib[] = {
	{ 0, "IPSTATS_MIB_NUM" }, { 1, "IPSTATS_MIB_INPKTS" }, { 2, "IPSTATS_MIB_INOCTETS" },
	{ 3, "IPSTATS_MIB_INDELIVERS" }, { 4, "IPSTATS_MIB_OUTFORWDATAGRAMS" },
	{ 5, "IPSTATS_MIB_OUTPKTS" }, { 6, "IPSTATS_MIB_OUTOCTETS" },
	{ 7, "IPSTATS_MIB_INHDRERRORS" }, { 8, "IPSTATS_MIB_INTOOBIGERRORS" },
	{ 9, "IPSTATS_MIB_INNOROUTES" }, { 10, "IPSTATS_MIB_INADDRERRORS" },
	{ 11, "IPSTATS_MIB_INUNKNOWNPROTOS" }, { 12, "IPSTATS_MIB_INTRUNCATEDPKTS" },
	{ 13, "IPSTATS_MIB_INDISCARDS" }, { 14, "IPSTATS_MIB_OUTDISCARDS" },
	{ 15, "IPSTATS_MIB_OUTNOROUTES" }, { 16, "IPSTATS_MIB_REASMTIMEOUT" },
	{ 17, "IPSTATS_MIB_REASMREQDS" }, { 18, "IPSTATS_MIB_REASMOKS" },
	{ 19, "IPSTATS_MIB_REASMFAILS" }, { 20, "IPSTATS_MIB_FRAGOKS" },
	{ 21, "IPSTATS_MIB_FRAGFAILS" }, { 22, "IPSTATS_MIB_FRAGCREATES" },
	{ 23, "IPSTATS_MIB_INMCASTPKTS" }, { 24, "IPSTATS_MIB_OUTMCASTPKTS" },
	{ 25, "IPSTATS_MIB_INBCASTPKTS" }, { 26, "IPSTATS_MIB_OUTBCASTPKTS" },
	{ 27, "IPSTATS_MIB_INMCASTOCTETS" }, { 28, "IPSTATS_MIB_OUTMCASTOCTETS" },
	{ 29, "IPSTATS_MIB_INBCASTOCTETS" }, { 30, "IPSTATS_MIB_OUTBCASTOCTETS" },
	{ 31, "IPSTATS_MIB_CSUMERRORS" }, { 32, "IPSTATS_MIB_NOECTPKTS" },
	{ 33, "IPSTATS_MIB_ECT1PKTS" }, { 34, "IPSTATS_MIB_ECT0PKTS" },
	{ 35, "IPSTATS_MIB_CEPKTS" }, { 36, "IPSTATS_MIB_REASM_OVERLAPS" }, END,
};
static const struct st_xlat icmp6_mib[] = {
	{ 0, "ICMP6_MIB_NUM" }, { 1, "ICMP6_MIB_INMSGS" }, { 2, "ICMP6_MIB_INERRORS" },
	{ 3, "ICMP6_MIB_OUTMSGS" }, { 4, "ICMP6_MIB_OUTERRORS" },
	{ 5, "ICMP6_MIB_CSUMERRORS" }, END,
};

static const struct xspec inet6_flags_x = { inet6_if_flags, "IF_???", 4, true };
static const struct xspec addr_gen_x = { in6_addr_gen_modes, "IN6_ADDR_GEN_MODE_???", 1, false };
static const struct idx_spec devconf6 = { inet6_devconf, "DEVCONF_???", 4, true };
static const struct idx_spec ipstats6 = { ipstats_mib, "IPSTATS_MIB_???", 8, false };
static const struct idx_spec icmp6stats = { icmp6_mib, "ICMP6_MIB_???", 8, false };
static const struct field cacheinfo6_f[] = {
	{ "max_reasm_len", 0, 4, F_U, NULL, NULL }, { "tstamp", 4, 4, F_U, NULL, NULL },
	{ "reachable_time", 8, 4, F_U, NULL, NULL }, { "retrans_time", 12, 4, F_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc cacheinfo6 = { sizeof(struct ifla_cacheinfo), 0, cacheinfo6_f, NULL, false };

static const struct dec inet6_dec[] = {
	[IFLA_INET6_FLAGS] = { d_xlat, &inet6_flags_x },
	[IFLA_INET6_CONF] = { d_idx_array, &devconf6 },
	[IFLA_INET6_STATS] = { d_idx_array, &ipstats6 },
	[IFLA_INET6_CACHEINFO] = { d_struct, &cacheinfo6 },
	[IFLA_INET6_ICMP6STATS] = { d_idx_array, &icmp6stats },
	[IFLA_INET6_TOKEN] = IN6_ADDR,
	[IFLA_INET6_ADDR_GEN_MODE] = { d_xlat, &addr_gen_x },
	[IFLA_INET6_RA_MTU] = U32,
};
static const struct set inet6_set = SET(inet6_attrs, "IFLA_INET6_???", inet6_dec);

/*
 * IFLA_AF_SPEC: attributes of each address family (typed by AF_), IPv4's
 * configuration by IPV4_DEVCONF_ index less one, as the kernel's array
 * starts with IPV4_DEVCONF_FORWARDING; of an AF_BRIDGE link, the
 * bridge's own IFLA_BRIDGE_ attributes.
 */
#define DEVCONF4(n) { IPV4_DEVCONF_##n - 1, "IPV4_DEVCONF_" #n "-1" }
static const struct st_xlat inet_devconf[] = {
	DEVCONF4(FORWARDING), DEVCONF4(MC_FORWARDING), DEVCONF4(PROXY_ARP),
	DEVCONF4(ACCEPT_REDIRECTS), DEVCONF4(SECURE_REDIRECTS), DEVCONF4(SEND_REDIRECTS),
	DEVCONF4(SHARED_MEDIA), DEVCONF4(RP_FILTER), DEVCONF4(ACCEPT_SOURCE_ROUTE),
	DEVCONF4(BOOTP_RELAY), DEVCONF4(LOG_MARTIANS), DEVCONF4(TAG), DEVCONF4(ARPFILTER),
	DEVCONF4(MEDIUM_ID), DEVCONF4(NOXFRM), DEVCONF4(NOPOLICY),
	DEVCONF4(FORCE_IGMP_VERSION), DEVCONF4(ARP_ANNOUNCE), DEVCONF4(ARP_IGNORE),
	DEVCONF4(PROMOTE_SECONDARIES), DEVCONF4(ARP_ACCEPT), DEVCONF4(ARP_NOTIFY),
	DEVCONF4(ACCEPT_LOCAL), DEVCONF4(SRC_VMARK), DEVCONF4(PROXY_ARP_PVLAN),
	DEVCONF4(ROUTE_LOCALNET), DEVCONF4(IGMPV2_UNSOLICITED_REPORT_INTERVAL),
	DEVCONF4(IGMPV3_UNSOLICITED_REPORT_INTERVAL),
	DEVCONF4(IGNORE_ROUTES_WITH_LINKDOWN), DEVCONF4(DROP_UNICAST_IN_L2_MULTICAST),
	DEVCONF4(DROP_GRATUITOUS_ARP), DEVCONF4(BC_FORWARDING),
	DEVCONF4(ARP_EVICT_NOCARRIER), END,
};
static const struct st_xlat inet_attrs[] = { X(IFLA_INET_UNSPEC), X(IFLA_INET_CONF), END };
static const struct st_xlat mctp_attrs[] = { X(IFLA_MCTP_UNSPEC), X(IFLA_MCTP_NET), END };
static const struct idx_spec devconf4 = { inet_devconf, "IPV4_DEVCONF_???", 4, true };
static const struct dec inet_dec[] = { [IFLA_INET_CONF] = { d_idx_array, &devconf4 } };
static const struct set inet_set = SET(inet_attrs, "IFLA_INET_???", inet_dec);
static const struct dec mctp_dec[] = { [IFLA_MCTP_NET] = U32 };
static const struct set mctp_set = SET(mctp_attrs, "IFLA_MCTP_???", mctp_dec);
static const struct dec af_spec_dec[] = {
	[AF_INET] = { d_nest, &inet_set }, [AF_INET6] = { d_nest, &inet6_set },
	[AF_MCTP] = { d_nest, &mctp_set },
};
static const struct set af_spec_set = SET(st_af, "AF_???", af_spec_dec);

static const struct st_xlat br_af_attrs[] = {
	X(IFLA_BRIDGE_FLAGS), X(IFLA_BRIDGE_MODE), X(IFLA_BRIDGE_VLAN_INFO),
	X(IFLA_BRIDGE_VLAN_TUNNEL_INFO), X(IFLA_BRIDGE_MRP), X(IFLA_BRIDGE_CFM),
	X(IFLA_BRIDGE_MST), END,
};
static const struct st_xlat br_tunnel_attrs[] = {
	X(IFLA_BRIDGE_VLAN_TUNNEL_UNSPEC), X(IFLA_BRIDGE_VLAN_TUNNEL_ID),
	X(IFLA_BRIDGE_VLAN_TUNNEL_VID), X(IFLA_BRIDGE_VLAN_TUNNEL_FLAGS), END,
};
static const struct st_xlat bridge_flags[] = { X(BRIDGE_FLAGS_MASTER), X(BRIDGE_FLAGS_SELF), END };
static const struct st_xlat bridge_modes[] = {
	X(BRIDGE_MODE_VEB), X(BRIDGE_MODE_VEPA), { 0xffff, "BRIDGE_MODE_UNDEF" }, END,
};
static const struct xspec bridge_flags_x = { bridge_flags, "BRIDGE_FLAGS_???", 2, true };
static const struct xspec bridge_mode_x = { bridge_modes, "BRIDGE_MODE_???", 2, false };
static const struct xspec vlan_flags_x = { bridge_vlan_flags, "BRIDGE_VLAN_INFO_???", 2, true };
static const struct field vlan_info_f[] = {
	{ "flags", 0, 2, F_FLAGS, bridge_vlan_flags, "BRIDGE_VLAN_INFO_???" },
	{ "vid", 2, 2, F_U, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc vlan_info = { sizeof(struct bridge_vlan_info), 0, vlan_info_f, NULL, false };

/* struct bridge_vlan_info, and whatever follows it in hex. */
static bool d_vlan_info(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (!d_struct(c, off, len, &vlan_info))
		return false;
	if (len > sizeof(struct bridge_vlan_info)) {
		buf_printf(c->b, ", ");
		hex(c, off + sizeof(struct bridge_vlan_info), len - sizeof(struct bridge_vlan_info));
	}
	return true;
}

static const struct dec br_tunnel_dec[] = {
	[IFLA_BRIDGE_VLAN_TUNNEL_ID] = U32, [IFLA_BRIDGE_VLAN_TUNNEL_VID] = U16,
	[IFLA_BRIDGE_VLAN_TUNNEL_FLAGS] = { d_xlat, &vlan_flags_x },
};
static const struct set br_tunnel_set =
	SET(br_tunnel_attrs, "IFLA_BRIDGE_VLAN_TUNNEL_???", br_tunnel_dec);
static const struct dec br_af_dec[] = {
	[IFLA_BRIDGE_FLAGS] = { d_xlat, &bridge_flags_x },
	[IFLA_BRIDGE_MODE] = { d_xlat, &bridge_mode_x },
	[IFLA_BRIDGE_VLAN_INFO] = { d_vlan_info, NULL },
	[IFLA_BRIDGE_VLAN_TUNNEL_INFO] = { d_nest, &br_tunnel_set },
};
static const struct set br_af_set = SET(br_af_attrs, "IFLA_BRIDGE_???", br_af_dec);

static bool d_af_spec(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	nlattrs(c, off, len, c->family == AF_BRIDGE ? &br_af_set : &af_spec_set);
	return true;
}

/*
 * IFLA_PROTINFO: a bridge port's attributes for AF_BRIDGE, IPv6's for
 * AF_INET6, else hex.
 */
static bool d_protinfo(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (c->family == AF_BRIDGE)
		nlattrs(c, off, len, &brport_set);
	else if (c->family == AF_INET6)
		nlattrs(c, off, len, &inet6_set);
	else
		hex(c, off, len);
	return true;
}

static const struct field vsi_f[] = {
	{ "vsi_mgr_id", 0, 1, F_U, NULL, NULL }, { "vsi_type_id", 1, 3, F_HEX, NULL, NULL },
	{ "vsi_type_version", 4, 1, F_U, NULL, NULL }, { "pad", 5, 3, F_HEXNZ, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc vsi = { sizeof(struct ifla_port_vsi), 0, vsi_f, NULL, false };

static const struct dec port_dec[] = {
	[IFLA_PORT_VSI_TYPE] = { d_struct, &vsi },
	[IFLA_PORT_VF] = U32, [IFLA_PORT_PROFILE] = STR, [IFLA_PORT_REQUEST] = U8,
	[IFLA_PORT_RESPONSE] = U16,
};
static const struct set port_set = SET(ifla_port_attrs, "IFLA_VF_PORT_???", port_dec);
static const struct dec vf_port_dec[] = { [IFLA_VF_PORT] = { d_nest, &port_set } };
static const struct set vf_port_set = SET(ifla_vf_port_attrs, "IFLA_VF_PORT_???", vf_port_dec);

/*
 * IFLA_VFINFO_LIST: IFLA_VF_INFO attributes, each a virtual function's
 * settings as structs led by its number, its counters and VLANs nested.
 */
static const struct st_xlat vfinfo_list_attrs[] = {
	X(IFLA_VF_INFO_UNSPEC), X(IFLA_VF_INFO), END,
};
static const struct st_xlat vf_attrs[] = {
	X(IFLA_VF_UNSPEC), X(IFLA_VF_MAC), X(IFLA_VF_VLAN), X(IFLA_VF_TX_RATE),
	X(IFLA_VF_SPOOFCHK), X(IFLA_VF_LINK_STATE), X(IFLA_VF_RATE),
	X(IFLA_VF_RSS_QUERY_EN), X(IFLA_VF_STATS), X(IFLA_VF_TRUST),
	X(IFLA_VF_IB_NODE_GUID), X(IFLA_VF_IB_PORT_GUID), X(IFLA_VF_VLAN_LIST),
	X(IFLA_VF_BROADCAST), END,
};
static const struct st_xlat vf_stats_attrs[] = {
	X(IFLA_VF_STATS_RX_PACKETS), X(IFLA_VF_STATS_TX_PACKETS),
	X(IFLA_VF_STATS_RX_BYTES), X(IFLA_VF_STATS_TX_BYTES),
	X(IFLA_VF_STATS_BROADCAST), X(IFLA_VF_STATS_MULTICAST),
	X(IFLA_VF_STATS_PAD), X(IFLA_VF_STATS_RX_DROPPED),
	X(IFLA_VF_STATS_TX_DROPPED), END,
};
static const struct st_xlat vf_vlan_list_attrs[] = {
	X(IFLA_VF_VLAN_INFO_UNSPEC), X(IFLA_VF_VLAN_INFO), END,
};
static const struct st_xlat vf_link_states[] = {
	X(IFLA_VF_LINK_STATE_AUTO), X(IFLA_VF_LINK_STATE_ENABLE),
	X(IFLA_VF_LINK_STATE_DISABLE), END,
};

#define VF { "vf", 0, 4, F_U, NULL, NULL }
#define VF_U32(name, off) { #name, off, 4, F_U, NULL, NULL }
static const struct field vf_mac_f[] = {
	VF, { "mac", 4, 32, F_MAC, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct field vf_vlan_f[] = { VF, VF_U32(vlan, 4), VF_U32(qos, 8), { NULL, 0, 0, 0, NULL, NULL } };
static const struct field vf_tx_rate_f[] = { VF, VF_U32(rate, 4), { NULL, 0, 0, 0, NULL, NULL } };
static const struct field vf_setting_f[] = { VF, VF_U32(setting, 4), { NULL, 0, 0, 0, NULL, NULL } };
static const struct field vf_link_state_f[] = {
	VF, { "link_state", 4, 4, F_VAL, vf_link_states, "IFLA_VF_LINK_STATE_???" }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct field vf_rate_f[] = {
	VF, VF_U32(min_tx_rate, 4), VF_U32(max_tx_rate, 8), { NULL, 0, 0, 0, NULL, NULL },
};
static const struct field vf_guid_f[] = { VF, { "guid", 8, 8, F_X, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL } };
static const struct field vf_vlan_info_f[] = {
	VF, VF_U32(vlan, 4), VF_U32(qos, 8),
	{ "vlan_proto", 12, 2, F_BE16VAL, st_eth_protos, "ETH_P_???" }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct field vf_broadcast_f[] = {
	{ "broadcast", 0, 32, F_MAC, NULL, NULL }, { NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc vf_mac = { sizeof(struct ifla_vf_mac), 0, vf_mac_f, NULL, false };
static const struct sdesc vf_vlan = { sizeof(struct ifla_vf_vlan), 0, vf_vlan_f, NULL, false };
static const struct sdesc vf_tx_rate = { sizeof(struct ifla_vf_tx_rate), 0, vf_tx_rate_f, NULL, false };
static const struct sdesc vf_setting = { sizeof(struct ifla_vf_spoofchk), 0, vf_setting_f, NULL, false };
static const struct sdesc vf_link_state = {
	sizeof(struct ifla_vf_link_state), 0, vf_link_state_f, NULL, false,
};
static const struct sdesc vf_rate = { sizeof(struct ifla_vf_rate), 0, vf_rate_f, NULL, false };
static const struct sdesc vf_guid = { sizeof(struct ifla_vf_guid), 0, vf_guid_f, NULL, false };
static const struct sdesc vf_vlan_info = {
	sizeof(struct ifla_vf_vlan_info), 0, vf_vlan_info_f, NULL, false,
};
static const struct sdesc vf_broadcast = {
	sizeof(struct ifla_vf_broadcast), 0, vf_broadcast_f, NULL, false,
};

static const struct dec vf_stats_dec[] = {
	[IFLA_VF_STATS_RX_PACKETS] = U64, [IFLA_VF_STATS_TX_PACKETS] = U64,
	[IFLA_VF_STATS_RX_BYTES] = U64, [IFLA_VF_STATS_TX_BYTES] = U64,
	[IFLA_VF_STATS_BROADCAST] = U64, [IFLA_VF_STATS_MULTICAST] = U64,
	[IFLA_VF_STATS_RX_DROPPED] = U64, [IFLA_VF_STATS_TX_DROPPED] = U64,
};
static const struct set vf_stats_set = SET(vf_stats_attrs, "IFLA_VF_STATS_???", vf_stats_dec);
static const struct dec vf_vlan_list_dec[] = { [IFLA_VF_VLAN_INFO] = { d_struct, &vf_vlan_info } };
static const struct set vf_vlan_list_set =
	SET(vf_vlan_list_attrs, "IFLA_VF_VLAN_INFO_???", vf_vlan_list_dec);
static const struct dec vf_dec[] = {
	[IFLA_VF_MAC] = { d_struct, &vf_mac }, [IFLA_VF_VLAN] = { d_struct, &vf_vlan },
	[IFLA_VF_TX_RATE] = { d_struct, &vf_tx_rate },
	[IFLA_VF_SPOOFCHK] = { d_struct, &vf_setting },
	[IFLA_VF_LINK_STATE] = { d_struct, &vf_link_state },
	[IFLA_VF_RATE] = { d_struct, &vf_rate },
	[IFLA_VF_RSS_QUERY_EN] = { d_struct, &vf_setting },
	[IFLA_VF_STATS] = { d_nest, &vf_stats_set },
	[IFLA_VF_TRUST] = { d_struct, &vf_setting },
	[IFLA_VF_IB_NODE_GUID] = { d_struct, &vf_guid },
	[IFLA_VF_IB_PORT_GUID] = { d_struct, &vf_guid },
	[IFLA_VF_VLAN_LIST] = { d_nest, &vf_vlan_list_set },
	[IFLA_VF_BROADCAST] = { d_struct, &vf_broadcast },
};
static const struct set vf_set = SET(vf_attrs, "IFLA_VF_???", vf_dec);
static const struct dec vfinfo_list_dec[] = { [IFLA_VF_INFO] = { d_nest, &vf_set } };
static const struct set vfinfo_list_set =
	SET(vfinfo_list_attrs, "IFLA_VF_INFO_???", vfinfo_list_dec);

static const struct xspec rtext_x = { rtext_filters, "RTEXT_FILTER_???", 4, true };
static const struct xspec xdp_attached_x = { xdp_attached, "XDP_ATTACHED_???", 1, false };
static const struct xspec xdp_flags_x = { xdp_flags, "XDP_FLAGS_???", 4, true };

/* A descriptor the tracee passes (an int), -y's path with it. */
static bool d_fd(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < 4)
		return false;
	if (!readable(c, off, 4))
		addr_of(c, off);
	else
		st_decode_fd(c->b, c->tid, (int32_t)st_u32(c->p + off), c->o, NULL);
	return true;
}

static const struct dec xdp_dec[] = {
	[IFLA_XDP_FD] = { d_fd, NULL }, [IFLA_XDP_ATTACHED] = { d_xlat, &xdp_attached_x },
	[IFLA_XDP_FLAGS] = { d_xlat, &xdp_flags_x }, [IFLA_XDP_PROG_ID] = U32,
	[IFLA_XDP_DRV_PROG_ID] = U32, [IFLA_XDP_SKB_PROG_ID] = U32,
	[IFLA_XDP_HW_PROG_ID] = U32, [IFLA_XDP_EXPECTED_FD] = { d_fd, NULL },
};
static const struct set xdp_set = SET(xdp_attrs, "IFLA_XDP_???", xdp_dec);

static const struct dec pdr_dec[] = {
	[IFLA_PROTO_DOWN_REASON_MASK] = X32, [IFLA_PROTO_DOWN_REASON_VALUE] = X32,
};
static const struct set pdr_set =
	SET(proto_down_reason_attrs, "IFLA_PROTO_DOWN_REASON_???", pdr_dec);

static const struct st_xlat ifla_events[] = {
	X(IFLA_EVENT_NONE), X(IFLA_EVENT_REBOOT), X(IFLA_EVENT_FEATURES),
	X(IFLA_EVENT_BONDING_FAILOVER), X(IFLA_EVENT_NOTIFY_PEERS),
	X(IFLA_EVENT_IGMP_RESEND), X(IFLA_EVENT_BONDING_OPTIONS), END,
};
static const struct xspec ifla_event_x = { ifla_events, "IFLA_EVENT_???", 4, false };

/* IFLA_PROP_LIST: link attributes, of which strace decodes the names alone. */
static const struct dec prop_list_dec[] = { [IFLA_ALT_IFNAME] = STR };
static const struct set prop_list_set = SET(ifla_attrs, "IFLA_???", prop_list_dec);

/*
 * IFLA_INFO_KIND and IFLA_INFO_SLAVE_KIND (arg: where in the ctx): the
 * string, kept when it ends within the value and fits.
 */
static bool d_li_kind(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	char *k = (char *)c + (uintptr_t)arg;

	memset(k, 0, sizeof(c->kind));
	if (len < sizeof(c->kind) && readable(c, off, len) &&
	    memchr(c->p + off, 0, (size_t)len))
		memcpy(k, c->p + off, (size_t)len);
	str0(c, off, len);
	return true;
}

static const struct st_xlat tun_types[] = { X(IFF_TUN), X(IFF_TAP), END };
static const struct xspec tun_type_x = { tun_types, "IFF_???", 1, false };

/* A uid or gid: -1 as strace shows it. */
static bool d_id(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	uint32_t v;

	if (len < 4)
		return false;
	if (!readable(c, off, 4)) {
		addr_of(c, off);
		return true;
	}
	v = st_u32(c->p + off);
	if (v == UINT32_MAX)
		buf_printf(c->b, "-1");
	else
		buf_printf(c->b, "%u", v);
	return true;
}

static const struct st_xlat tun_attrs[] = {
	X(IFLA_TUN_UNSPEC), X(IFLA_TUN_OWNER), X(IFLA_TUN_GROUP), X(IFLA_TUN_TYPE),
	X(IFLA_TUN_PI), X(IFLA_TUN_VNET_HDR), X(IFLA_TUN_PERSIST),
	X(IFLA_TUN_MULTI_QUEUE), X(IFLA_TUN_NUM_QUEUES),
	X(IFLA_TUN_NUM_DISABLED_QUEUES), END,
};
static const struct dec tun_dec[] = {
	[IFLA_TUN_OWNER] = { d_id, NULL }, [IFLA_TUN_GROUP] = { d_id, NULL },
	[IFLA_TUN_TYPE] = { d_xlat, &tun_type_x }, [IFLA_TUN_PI] = U8,
	[IFLA_TUN_VNET_HDR] = U8, [IFLA_TUN_PERSIST] = U8, [IFLA_TUN_MULTI_QUEUE] = U8,
	[IFLA_TUN_NUM_QUEUES] = U32, [IFLA_TUN_NUM_DISABLED_QUEUES] = U32,
};
static const struct set tun_set = SET(tun_attrs, "IFLA_TUN_???", tun_dec);

/* A 16-bit ETH_P_ protocol in network byte order, as htons(ETH_P_IP). */
static bool d_be16_eth(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (len < 2)
		return false;
	if (!readable(c, off, 2)) {
		addr_of(c, off);
		return true;
	}
	buf_printf(c->b, "htons(");
	st_xlat_val(c->b, st_eth_protos, ntohs(st_u16(c->p + off)), "ETH_P_???");
	buf_printf(c->b, ")");
	return true;
}

/* A bridge's attributes (IFLA_INFO_DATA of kind "bridge"). */
static const struct st_xlat br_attrs[] = {
	X(IFLA_BR_UNSPEC), X(IFLA_BR_FORWARD_DELAY), X(IFLA_BR_HELLO_TIME),
	X(IFLA_BR_MAX_AGE), X(IFLA_BR_AGEING_TIME), X(IFLA_BR_STP_STATE),
	X(IFLA_BR_PRIORITY), X(IFLA_BR_VLAN_FILTERING), X(IFLA_BR_VLAN_PROTOCOL),
	X(IFLA_BR_GROUP_FWD_MASK), X(IFLA_BR_ROOT_ID), X(IFLA_BR_BRIDGE_ID),
	X(IFLA_BR_ROOT_PORT), X(IFLA_BR_ROOT_PATH_COST), X(IFLA_BR_TOPOLOGY_CHANGE),
	X(IFLA_BR_TOPOLOGY_CHANGE_DETECTED), X(IFLA_BR_HELLO_TIMER),
	X(IFLA_BR_TCN_TIMER), X(IFLA_BR_TOPOLOGY_CHANGE_TIMER), X(IFLA_BR_GC_TIMER),
	X(IFLA_BR_GROUP_ADDR), X(IFLA_BR_FDB_FLUSH), X(IFLA_BR_MCAST_ROUTER),
	X(IFLA_BR_MCAST_SNOOPING), X(IFLA_BR_MCAST_QUERY_USE_IFADDR),
	X(IFLA_BR_MCAST_QUERIER), X(IFLA_BR_MCAST_HASH_ELASTICITY),
	X(IFLA_BR_MCAST_HASH_MAX), X(IFLA_BR_MCAST_LAST_MEMBER_CNT),
	X(IFLA_BR_MCAST_STARTUP_QUERY_CNT), X(IFLA_BR_MCAST_LAST_MEMBER_INTVL),
	X(IFLA_BR_MCAST_MEMBERSHIP_INTVL), X(IFLA_BR_MCAST_QUERIER_INTVL),
	X(IFLA_BR_MCAST_QUERY_INTVL), X(IFLA_BR_MCAST_QUERY_RESPONSE_INTVL),
	X(IFLA_BR_MCAST_STARTUP_QUERY_INTVL), X(IFLA_BR_NF_CALL_IPTABLES),
	X(IFLA_BR_NF_CALL_IP6TABLES), X(IFLA_BR_NF_CALL_ARPTABLES),
	X(IFLA_BR_VLAN_DEFAULT_PVID), X(IFLA_BR_PAD), X(IFLA_BR_VLAN_STATS_ENABLED),
	X(IFLA_BR_MCAST_STATS_ENABLED), X(IFLA_BR_MCAST_IGMP_VERSION),
	X(IFLA_BR_MCAST_MLD_VERSION), X(IFLA_BR_VLAN_STATS_PER_PORT),
	X(IFLA_BR_MULTI_BOOLOPT), X(IFLA_BR_MCAST_QUERIER_STATE), END,
};
static const struct st_xlat br_querier_attrs[] = {
	X(BRIDGE_QUERIER_UNSPEC), X(BRIDGE_QUERIER_IP_ADDRESS), X(BRIDGE_QUERIER_IP_PORT),
	X(BRIDGE_QUERIER_IP_OTHER_TIMER), X(BRIDGE_QUERIER_PAD),
	X(BRIDGE_QUERIER_IPV6_ADDRESS), X(BRIDGE_QUERIER_IPV6_PORT),
	X(BRIDGE_QUERIER_IPV6_OTHER_TIMER), END,
};
/* struct br_boolopt_multi's bits, by their BR_BOOLOPT_ index. */
static const struct st_xlat br_boolopts[] = {
	{ 1U << BR_BOOLOPT_NO_LL_LEARN, "1<<BR_BOOLOPT_NO_LL_LEARN" },
	{ 1U << BR_BOOLOPT_MCAST_VLAN_SNOOPING, "1<<BR_BOOLOPT_MCAST_VLAN_SNOOPING" },
	{ 1U << BR_BOOLOPT_MST_ENABLE, "1<<BR_BOOLOPT_MST_ENABLE" }, END,
};
static const struct field br_boolopt_f[] = {
	{ "optval", 0, 4, F_FLAGS, br_boolopts, "1<<BR_BOOLOPT_???" },
	{ "optmask", 4, 4, F_FLAGS, br_boolopts, "1<<BR_BOOLOPT_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc br_boolopt = {
	sizeof(struct br_boolopt_multi), 0, br_boolopt_f, NULL, false,
};
static const struct dec br_querier_dec[] = {
	[BRIDGE_QUERIER_IP_ADDRESS] = IN_ADDR, [BRIDGE_QUERIER_IP_PORT] = IFINDEX,
	[BRIDGE_QUERIER_IP_OTHER_TIMER] = CLOCK, [BRIDGE_QUERIER_IPV6_ADDRESS] = IN6_ADDR,
	[BRIDGE_QUERIER_IPV6_PORT] = IFINDEX, [BRIDGE_QUERIER_IPV6_OTHER_TIMER] = CLOCK,
};
static const struct set br_querier_set =
	SET(br_querier_attrs, "BRIDGE_QUERIER_???", br_querier_dec);
static const struct dec br_dec[] = {
	[IFLA_BR_FORWARD_DELAY] = CLOCK, [IFLA_BR_HELLO_TIME] = CLOCK,
	[IFLA_BR_MAX_AGE] = CLOCK, [IFLA_BR_AGEING_TIME] = CLOCK,
	[IFLA_BR_STP_STATE] = U32, [IFLA_BR_PRIORITY] = U16,
	[IFLA_BR_VLAN_FILTERING] = U8, [IFLA_BR_VLAN_PROTOCOL] = { d_be16_eth, NULL },
	[IFLA_BR_GROUP_FWD_MASK] = X16, [IFLA_BR_ROOT_ID] = { d_bridge_id, NULL },
	[IFLA_BR_BRIDGE_ID] = { d_bridge_id, NULL }, [IFLA_BR_ROOT_PORT] = U16,
	[IFLA_BR_ROOT_PATH_COST] = U32, [IFLA_BR_TOPOLOGY_CHANGE] = U8,
	[IFLA_BR_TOPOLOGY_CHANGE_DETECTED] = U8, [IFLA_BR_HELLO_TIMER] = CLOCK,
	[IFLA_BR_TCN_TIMER] = CLOCK, [IFLA_BR_TOPOLOGY_CHANGE_TIMER] = CLOCK,
	[IFLA_BR_GC_TIMER] = CLOCK, [IFLA_BR_GROUP_ADDR] = HWADDR,
	[IFLA_BR_MCAST_ROUTER] = U8, [IFLA_BR_MCAST_SNOOPING] = U8,
	[IFLA_BR_MCAST_QUERY_USE_IFADDR] = U8, [IFLA_BR_MCAST_QUERIER] = U8,
	[IFLA_BR_MCAST_HASH_ELASTICITY] = U32, [IFLA_BR_MCAST_HASH_MAX] = U32,
	[IFLA_BR_MCAST_LAST_MEMBER_CNT] = U32, [IFLA_BR_MCAST_STARTUP_QUERY_CNT] = U32,
	[IFLA_BR_MCAST_LAST_MEMBER_INTVL] = CLOCK, [IFLA_BR_MCAST_MEMBERSHIP_INTVL] = CLOCK,
	[IFLA_BR_MCAST_QUERIER_INTVL] = CLOCK, [IFLA_BR_MCAST_QUERY_INTVL] = CLOCK,
	[IFLA_BR_MCAST_QUERY_RESPONSE_INTVL] = CLOCK,
	[IFLA_BR_MCAST_STARTUP_QUERY_INTVL] = CLOCK, [IFLA_BR_NF_CALL_IPTABLES] = U8,
	[IFLA_BR_NF_CALL_IP6TABLES] = U8, [IFLA_BR_NF_CALL_ARPTABLES] = U8,
	[IFLA_BR_VLAN_DEFAULT_PVID] = U16, [IFLA_BR_VLAN_STATS_ENABLED] = U8,
	[IFLA_BR_MCAST_STATS_ENABLED] = U8, [IFLA_BR_MCAST_IGMP_VERSION] = U8,
	[IFLA_BR_MCAST_MLD_VERSION] = U8, [IFLA_BR_VLAN_STATS_PER_PORT] = U8,
	[IFLA_BR_MULTI_BOOLOPT] = { d_struct, &br_boolopt },
	[IFLA_BR_MCAST_QUERIER_STATE] = { d_nest, &br_querier_set },
};
static const struct set br_set = SET(br_attrs, "IFLA_BR_???", br_dec);

/* IFLA_INFO_DATA by the kind before it: a tun device's or a bridge's. */
static bool d_li_data(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (!strcmp(c->kind, "tun"))
		nlattrs(c, off, len, &tun_set);
	else if (!strcmp(c->kind, "bridge"))
		nlattrs(c, off, len, &br_set);
	else
		return false;
	return true;
}

/* IFLA_INFO_SLAVE_DATA: a bridge port's attributes. */
static bool d_li_slave_data(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (strcmp(c->slave_kind, "bridge"))
		return false;
	nlattrs(c, off, len, &brport_set);
	return true;
}

#define FU32(t, m) { #m, offsetof(struct t, m), 4, F_U, NULL, NULL }
static const struct field can_stats_f[] = {
	FU32(can_device_stats, bus_error), FU32(can_device_stats, error_warning),
	FU32(can_device_stats, error_passive), FU32(can_device_stats, bus_off),
	FU32(can_device_stats, arbitration_lost), FU32(can_device_stats, restarts),
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct sdesc can_stats = { sizeof(struct can_device_stats), 0, can_stats_f, NULL, false };

/* IFLA_INFO_XSTATS: a CAN device's stats. */
static bool d_li_xstats(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	if (strcmp(c->kind, "can"))
		return false;
	return d_struct(c, off, len, &can_stats);
}

static const struct st_xlat linkinfo_attrs[] = {
	X(IFLA_INFO_UNSPEC), X(IFLA_INFO_KIND), X(IFLA_INFO_DATA), X(IFLA_INFO_XSTATS),
	X(IFLA_INFO_SLAVE_KIND), X(IFLA_INFO_SLAVE_DATA), END,
};
static const struct dec linkinfo_dec[] = {
	[IFLA_INFO_KIND] = { d_li_kind, (const void *)offsetof(struct ctx, kind) },
	[IFLA_INFO_DATA] = { d_li_data, NULL }, [IFLA_INFO_XSTATS] = { d_li_xstats, NULL },
	[IFLA_INFO_SLAVE_KIND] = { d_li_kind, (const void *)offsetof(struct ctx, slave_kind) },
	[IFLA_INFO_SLAVE_DATA] = { d_li_slave_data, NULL },
};
static const struct set linkinfo_set = SET(linkinfo_attrs, "IFLA_INFO_???", linkinfo_dec);

/* IFLA_LINKINFO: its kinds start unknown. */
static bool d_linkinfo(struct ctx *c, uint64_t off, uint64_t len, const void *arg)
{
	memset(c->kind, 0, sizeof(c->kind));
	memset(c->slave_kind, 0, sizeof(c->slave_kind));
	nlattrs(c, off, len, &linkinfo_set);
	return true;
}

static const struct dec ifla_dec[] = {
	[IFLA_LINKINFO] = { d_linkinfo, NULL }, [IFLA_PROP_LIST] = { d_nest, &prop_list_set },
	[IFLA_ADDRESS] = HWADDR, [IFLA_BROADCAST] = HWADDR, [IFLA_IFNAME] = STR,
	[IFLA_MTU] = U32, [IFLA_LINK] = U32, [IFLA_QDISC] = STR,
	[IFLA_STATS] = { d_struct, &link_stats }, [IFLA_MASTER] = U32,
	[IFLA_PROTINFO] = { d_protinfo, NULL }, [IFLA_TXQLEN] = U32,
	[IFLA_MAP] = { d_struct, &ifmap }, [IFLA_WEIGHT] = U32, [IFLA_OPERSTATE] = U8,
	[IFLA_LINKMODE] = U8, [IFLA_NET_NS_PID] = U32, [IFLA_IFALIAS] = STR,
	[IFLA_NUM_VF] = U32, [IFLA_STATS64] = { d_stats64, NULL },
	[IFLA_VF_PORTS] = { d_nest, &vf_port_set }, [IFLA_PORT_SELF] = { d_nest, &port_set },
	[IFLA_VFINFO_LIST] = { d_nest, &vfinfo_list_set },
	[IFLA_AF_SPEC] = { d_af_spec, NULL },
	[IFLA_GROUP] = U32, [IFLA_NET_NS_FD] = { d_fd, NULL },
	[IFLA_EXT_MASK] = { d_xlat, &rtext_x }, [IFLA_PROMISCUITY] = U32,
	[IFLA_NUM_TX_QUEUES] = U32, [IFLA_NUM_RX_QUEUES] = U32, [IFLA_CARRIER] = U8,
	[IFLA_CARRIER_CHANGES] = U32, [IFLA_LINK_NETNSID] = S32,
	[IFLA_PHYS_PORT_NAME] = STR, [IFLA_PROTO_DOWN] = U8, [IFLA_GSO_MAX_SEGS] = U32,
	[IFLA_GSO_MAX_SIZE] = U32, [IFLA_XDP] = { d_nest, &xdp_set },
	[IFLA_EVENT] = { d_xlat, &ifla_event_x },
	[IFLA_NEW_NETNSID] = S32, [IFLA_TARGET_NETNSID] = S32,
	[IFLA_CARRIER_UP_COUNT] = U32, [IFLA_CARRIER_DOWN_COUNT] = U32,
	[IFLA_NEW_IFINDEX] = IFINDEX, [IFLA_MIN_MTU] = U32, [IFLA_MAX_MTU] = U32,
	[IFLA_ALT_IFNAME] = STR, [IFLA_PERM_ADDRESS] = HWADDR,
	[IFLA_PROTO_DOWN_REASON] = { d_nest, &pdr_set }, [IFLA_PARENT_DEV_NAME] = STR,
	[IFLA_PARENT_DEV_BUS_NAME] = STR, [IFLA_GRO_MAX_SIZE] = U32,
	[IFLA_TSO_MAX_SIZE] = U32, [IFLA_TSO_MAX_SEGS] = U32, [IFLA_ALLMULTI] = U32,
};
static const struct set ifla_set = SET(ifla_attrs, "IFLA_???", ifla_dec);

/*
 * A message type's struct: the name of its family byte, its size, the
 * fields after that byte (none: the struct is the family and padding,
 * and the attributes follow it whatever the length), its attributes.
 */
struct mdesc {
	const char *family;
	uint8_t size;
	struct field f[8];
	const struct set *attrs;
};

#define NOF { NULL, 0, 0, 0, NULL, NULL }

static const struct mdesc ifinfomsg = {
	"ifi_family", 16, {
		{ "ifi_type", 2, 2, F_VAL, st_arphrd, "ARPHRD_???" },
		{ "ifi_index", 4, 4, F_IFINDEX, NULL, NULL },
		{ "ifi_flags", 8, 4, F_FLAGS, iff_flags, "IFF_???" },
		{ "ifi_change", 12, 4, F_X, NULL, NULL }, NOF },
	&ifla_set,
};

static const struct mdesc ifaddrmsg = {
	"ifa_family", 8, {
		{ "ifa_prefixlen", 1, 1, F_U, NULL, NULL },
		{ "ifa_flags", 2, 1, F_FLAGS, ifa_flags, "IFA_F_???" },
		{ "ifa_scope", 3, 1, F_VAL, rt_scopes, NULL },
		{ "ifa_index", 4, 4, F_IFINDEX, NULL, NULL }, NOF },
	&ifa_set,
};

static const struct mdesc rtmsg = {
	"rtm_family", 12, {
		{ "rtm_dst_len", 1, 1, F_U, NULL, NULL },
		{ "rtm_src_len", 2, 1, F_U, NULL, NULL },
		{ "rtm_tos", 3, 1, F_FLAGS, ip_tos, "IPTOS_TOS_???" },
		{ "rtm_table", 4, 1, F_VAL, rt_tables, NULL },
		{ "rtm_protocol", 5, 1, F_VAL, rt_protos, "RTPROT_???" },
		{ "rtm_scope", 6, 1, F_VAL, rt_scopes, NULL },
		{ "rtm_type", 7, 1, F_VAL, rt_types, "RTN_???" },
		{ "rtm_flags", 8, 4, F_FLAGS, rtm_flags, "RTM_F_???" } },
	&rta_set,
};

static const struct mdesc ndmsg = {
	"ndm_family", 12, {
		{ "ndm_ifindex", 4, 4, F_IFINDEX, NULL, NULL },
		{ "ndm_state", 8, 2, F_FLAGS, nud_states, "NUD_???" },
		{ "ndm_flags", 10, 1, F_FLAGS, ntf_flags, "NTF_???" },
		{ "ndm_type", 11, 1, F_VAL, rt_types, "RTN_???" }, NOF },
	&nda_set,
};

static const struct mdesc fib_rule_hdr = {
	"family", 12, {
		{ "dst_len", 1, 1, F_U, NULL, NULL },
		{ "src_len", 2, 1, F_U, NULL, NULL },
		{ "tos", 3, 1, F_FLAGS, ip_tos, "IPTOS_TOS_???" },
		{ "table", 4, 1, F_VAL, rt_tables, "RT_TABLE_???" },
		{ "action", 7, 1, F_VAL, fr_actions, "FR_ACT_???" },
		{ "flags", 8, 4, F_FLAGS, fib_rule_flags, "FIB_RULE_???" }, NOF },
	&fra_set,
};

static const struct mdesc tcmsg = {
	"tcm_family", 20, {
		{ "tcm_ifindex", 4, 4, F_IFINDEX, NULL, NULL },
		{ "tcm_handle", 8, 4, F_U, NULL, NULL },
		{ "tcm_parent", 12, 4, F_U, NULL, NULL },
		{ "tcm_info", 16, 4, F_U, NULL, NULL }, NOF },
	&tca_set,
};

static const struct mdesc tcamsg = { "tca_family", 4, { NOF }, &tca_act_set };
static const struct mdesc ndtmsg = { "ndtm_family", 4, { NOF }, &ndta_set };

static const struct mdesc ifaddrlblmsg = {
	"ifal_family", 12, {
		{ "ifal_prefixlen", 2, 1, F_U, NULL, NULL },
		{ "ifal_flags", 3, 1, F_U, NULL, NULL },
		{ "ifal_index", 4, 4, F_IFINDEX, NULL, NULL },
		{ "ifal_seq", 8, 4, F_U, NULL, NULL }, NOF },
	&ifal_set,
};

static const struct mdesc dcbmsg = {
	"dcb_family", 4, { { "cmd", 1, 1, F_VAL, dcb_cmds, "DCB_CMD_???" }, NOF },
	&dcb_set,
};

static const struct mdesc netconfmsg = { "ncm_family", 1, { NOF }, &netconf_set };

static const struct mdesc br_port_msg = {
	"family", 8, { { "ifindex", 4, 4, F_IFINDEX, NULL, NULL }, NOF }, &mdba_set,
};

static const struct mdesc nsid_msg = { "rtgen_family", 1, { NOF }, &netnsa_set };

static const struct mdesc if_stats_msg = {
	"family", 12, {
		{ "pad1", 1, 1, F_XNZ, NULL, NULL },
		{ "pad2", 2, 2, F_XNZ, NULL, NULL },
		{ "ifindex", 4, 4, F_IFINDEX, NULL, NULL },
		{ "filter_mask", 8, 4, F_FLAGS, ifla_stats_mask, "1<<IFLA_STATS_???" }, NOF },
	&ifla_stats_set,
};

static const struct mdesc nhmsg = {
	"nh_family", 8, {
		{ "nh_scope", 1, 1, F_VAL, rt_scopes, NULL },
		{ "nh_protocol", 2, 1, F_VAL, rt_protos, "RTPROT_???" },
		{ "resvd", 3, 1, F_XNZ, NULL, NULL },
		{ "nh_flags", 4, 4, F_FLAGS, rtnh_flags, "RTNH_F_???" }, NOF },
	&nha_set,
};

/* The struct of message type t, with the family byte f, or NULL. */
static const struct mdesc *mdesc_of(unsigned t, unsigned f)
{
	switch (t) {
	case RTM_NEWLINK: case RTM_DELLINK: case RTM_GETLINK: case RTM_SETLINK:
		return &ifinfomsg;
	case RTM_NEWADDR: case RTM_DELADDR: case RTM_GETADDR:
	case RTM_GETMULTICAST: case RTM_GETANYCAST:
		return &ifaddrmsg;
	case RTM_NEWROUTE: case RTM_DELROUTE: case RTM_GETROUTE:
		return &rtmsg;
	case RTM_GETNEIGH:
		/* The bridge's neighbours are asked for by interface. */
		return f == AF_BRIDGE ? &ifinfomsg : &ndmsg;
	case RTM_NEWNEIGH: case RTM_DELNEIGH:
		return &ndmsg;
	case RTM_NEWRULE: case RTM_DELRULE: case RTM_GETRULE:
		return &fib_rule_hdr;
	case RTM_NEWQDISC: case RTM_DELQDISC: case RTM_GETQDISC:
	case RTM_NEWTCLASS: case RTM_DELTCLASS: case RTM_GETTCLASS:
	case RTM_NEWTFILTER: case RTM_DELTFILTER: case RTM_GETTFILTER:
	case RTM_NEWCHAIN: case RTM_DELCHAIN: case RTM_GETCHAIN:
		return &tcmsg;
	case RTM_NEWACTION: case RTM_DELACTION: case RTM_GETACTION:
		return &tcamsg;
	case RTM_NEWNEIGHTBL: case RTM_GETNEIGHTBL: case RTM_SETNEIGHTBL:
		return &ndtmsg;
	case RTM_NEWADDRLABEL: case RTM_DELADDRLABEL: case RTM_GETADDRLABEL:
		return &ifaddrlblmsg;
	case RTM_GETDCB: case RTM_SETDCB:
		return &dcbmsg;
	case RTM_NEWNETCONF: case RTM_DELNETCONF: case RTM_GETNETCONF:
		return &netconfmsg;
	case RTM_NEWMDB: case RTM_DELMDB: case RTM_GETMDB:
		return &br_port_msg;
	case RTM_NEWNSID: case RTM_DELNSID: case RTM_GETNSID:
		return &nsid_msg;
	case RTM_NEWSTATS: case RTM_GETSTATS:
		return &if_stats_msg;
	case RTM_NEWNEXTHOP: case RTM_DELNEXTHOP: case RTM_GETNEXTHOP:
		return &nhmsg;
	}
	return NULL;
}

/* RTM_NEWCACHEREPORT: multicast routing's family, its attributes by it. */
static void cachereport(struct ctx *c, uint64_t len)
{
	const struct set *s = c->family == RTNL_FAMILY_IPMR ? &ipmra_set :
			      c->family == RTNL_FAMILY_IP6MR ? &ip6mra_set : NULL;

	buf_printf(c->b, "{rtgen_family=");
	if (st_xlat_name(rtnl_families, c->family))
		st_xlat_val(c->b, rtnl_families, c->family, NULL);
	else
		st_xlat_val(c->b, st_af, c->family, "RTNL_FAMILY_???");
	buf_printf(c->b, "}");
	if (len > NLMSG_ALIGN(1)) {
		buf_printf(c->b, ", ");
		if (s)
			nlattrs(c, NLMSG_ALIGN(1), len - NLMSG_ALIGN(1), s);
		else
			hex(c, NLMSG_ALIGN(1), len - NLMSG_ALIGN(1));
	}
}

void st_nlr_payload(struct buf *b, unsigned type, const unsigned char *p,
		    size_t have, uint64_t len, uint64_t addr, int tid,
		    const struct st_dopts *o)
{
	struct ctx c = { .b = b, .p = p, .have = have, .addr = addr, .o = o, .tid = tid };
	const struct mdesc *m;
	bool whole = true, first = true;
	int i;

	if (!have) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	c.family = p[0];
	if (type == RTM_NEWCACHEREPORT) {
		cachereport(&c, len);
		return;
	}
	m = mdesc_of(type, p[0]);
	if (!m) {
		buf_printf(b, "{family=");
		st_xlat_val(b, st_af, p[0], "AF_???");
		if (len > 1) {
			buf_printf(b, ", data=");
			hex(&c, 1, len - 1);
		}
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, "{%s=", m->family);
	st_xlat_val(b, st_af, p[0], "AF_???");
	if (m->f[0].name) {
		buf_printf(b, ", ");
		if (len < m->size) {
			buf_printf(b, "...");
			whole = false;
		} else if (have < m->size) {
			buf_printf(b, "%#llx", (unsigned long long)(addr + 1));
			whole = false;
		} else {
			for (i = 0; i < (int)(sizeof(m->f) / sizeof(m->f[0])) && m->f[i].name; i++) {
				const struct field *f = &m->f[i];

				if (f->kind == F_XNZ && !nonzero(p + f->off, f->size))
					continue;
				if (!first)
					buf_printf(b, ", ");
				field(&c, f, p, true);
				first = false;
			}
		}
	}
	buf_printf(b, "}");
	if (whole && len > NLMSG_ALIGN(m->size)) {
		buf_printf(b, ", ");
		nlattrs(&c, NLMSG_ALIGN(m->size), len - NLMSG_ALIGN(m->size), m->attrs);
	}
}
