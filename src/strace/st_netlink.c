/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the netlink messages a netlink socket sends or receives,
 * as strace prints them: each struct nlmsghdr with its type named by the
 * socket's protocol (NETFILTER's as SUBSYS<<8|MSG, GENERIC's by the
 * family's name) and its flags by the type's kind (get, new, delete, an
 * error's ack), its payload in hex unless the protocol's decoder knows it,
 * several messages as an array of at most -s of them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <linux/audit.h>
#include <linux/cryptouser.h>
#include <linux/genetlink.h>
#include <linux/dcbnl.h>
#include <linux/fib_rules.h>
#include <linux/if_addr.h>
#include <linux/if_addrlabel.h>
#include <linux/if_arp.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <linux/net_namespace.h>
#include <linux/netconf.h>
#include <linux/netlink.h>
#include <linux/nexthop.h>
#include <linux/rtnetlink.h>
#include <linux/selinux_netlink.h>
#include <linux/sock_diag.h>
#include <linux/xfrm.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_acct.h>
#include <linux/netfilter/nfnetlink_conntrack.h>
#include <linux/netfilter/nfnetlink_cthelper.h>
#include <linux/netfilter/nfnetlink_cttimeout.h>
#include <linux/netfilter/nfnetlink_hook.h>
#include <linux/netfilter/nfnetlink_log.h>
#include <linux/netfilter/nfnetlink_osf.h>
#include <linux/netfilter/nfnetlink_queue.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_tables_compat.h>
#include <linux/netfilter/ipset/ip_set.h>

#include "st_decode.h"
#include "st_netlink.h"
#include "st_nl_route.h"
#include "st_nl_diag.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* Not in this system's UAPI headers: older ones strace still names. */
#define ST_TCPDIAG_GETSOCK 18
#define ST_DCCPDIAG_GETSOCK 19
#define ST_AUDIT_FS_WATCH 1301
#define ST_IPSET_CMD_NONE 0

static const struct st_xlat nlmsg_ctl[] = {
	X(NLMSG_NOOP), X(NLMSG_ERROR), X(NLMSG_DONE), X(NLMSG_OVERRUN), END,
};

static const struct st_xlat audit_types[] = {
	X(AUDIT_GET), X(AUDIT_SET), X(AUDIT_LIST), X(AUDIT_ADD), X(AUDIT_DEL),
	X(AUDIT_USER), X(AUDIT_LOGIN), X(AUDIT_WATCH_INS), X(AUDIT_WATCH_REM),
	X(AUDIT_WATCH_LIST), X(AUDIT_SIGNAL_INFO), X(AUDIT_ADD_RULE),
	X(AUDIT_DEL_RULE), X(AUDIT_LIST_RULES), X(AUDIT_TRIM), X(AUDIT_MAKE_EQUIV),
	X(AUDIT_TTY_GET), X(AUDIT_TTY_SET), X(AUDIT_SET_FEATURE),
	X(AUDIT_GET_FEATURE), X(AUDIT_FIRST_USER_MSG), X(AUDIT_USER_AVC),
	X(AUDIT_USER_TTY), X(AUDIT_LAST_USER_MSG), X(AUDIT_DAEMON_START),
	X(AUDIT_DAEMON_END), X(AUDIT_DAEMON_ABORT), X(AUDIT_DAEMON_CONFIG),
	X(AUDIT_SYSCALL), { ST_AUDIT_FS_WATCH, "AUDIT_FS_WATCH" }, X(AUDIT_PATH),
	X(AUDIT_IPC), X(AUDIT_SOCKETCALL), X(AUDIT_CONFIG_CHANGE),
	X(AUDIT_SOCKADDR), X(AUDIT_CWD), X(AUDIT_EXECVE), X(AUDIT_IPC_SET_PERM),
	X(AUDIT_MQ_OPEN), X(AUDIT_MQ_SENDRECV), X(AUDIT_MQ_NOTIFY),
	X(AUDIT_MQ_GETSETATTR), X(AUDIT_KERNEL_OTHER), X(AUDIT_FD_PAIR),
	X(AUDIT_OBJ_PID), X(AUDIT_TTY), X(AUDIT_EOE), X(AUDIT_BPRM_FCAPS),
	X(AUDIT_CAPSET), X(AUDIT_MMAP), X(AUDIT_NETFILTER_PKT),
	X(AUDIT_NETFILTER_CFG), X(AUDIT_SECCOMP), X(AUDIT_PROCTITLE),
	X(AUDIT_FEATURE_CHANGE), X(AUDIT_REPLACE), X(AUDIT_KERN_MODULE),
	X(AUDIT_FANOTIFY), X(AUDIT_TIME_INJOFFSET), X(AUDIT_TIME_ADJNTPVAL),
	X(AUDIT_BPF), X(AUDIT_EVENT_LISTENER), X(AUDIT_URINGOP), X(AUDIT_OPENAT2),
	X(AUDIT_DM_CTRL), X(AUDIT_DM_EVENT), X(AUDIT_AVC), X(AUDIT_SELINUX_ERR),
	X(AUDIT_AVC_PATH), X(AUDIT_MAC_POLICY_LOAD), X(AUDIT_MAC_STATUS),
	X(AUDIT_MAC_CONFIG_CHANGE), X(AUDIT_MAC_UNLBL_ALLOW),
	X(AUDIT_MAC_CIPSOV4_ADD), X(AUDIT_MAC_CIPSOV4_DEL), X(AUDIT_MAC_MAP_ADD),
	X(AUDIT_MAC_MAP_DEL), X(AUDIT_MAC_IPSEC_ADDSA), X(AUDIT_MAC_IPSEC_DELSA),
	X(AUDIT_MAC_IPSEC_ADDSPD), X(AUDIT_MAC_IPSEC_DELSPD),
	X(AUDIT_MAC_IPSEC_EVENT), X(AUDIT_MAC_UNLBL_STCADD),
	X(AUDIT_MAC_UNLBL_STCDEL), X(AUDIT_MAC_CALIPSO_ADD),
	X(AUDIT_MAC_CALIPSO_DEL), X(AUDIT_ANOM_PROMISCUOUS), X(AUDIT_ANOM_ABEND),
	X(AUDIT_ANOM_LINK), X(AUDIT_ANOM_CREAT), X(AUDIT_INTEGRITY_DATA),
	X(AUDIT_INTEGRITY_METADATA), X(AUDIT_INTEGRITY_STATUS),
	X(AUDIT_INTEGRITY_HASH), X(AUDIT_INTEGRITY_PCR), X(AUDIT_INTEGRITY_RULE),
	X(AUDIT_INTEGRITY_EVM_XATTR), X(AUDIT_INTEGRITY_POLICY_RULE),
	X(AUDIT_KERNEL), X(AUDIT_FIRST_USER_MSG2), X(AUDIT_LAST_USER_MSG2), END,
};

static const struct st_xlat crypto_types[] = {
	X(CRYPTO_MSG_NEWALG), X(CRYPTO_MSG_DELALG), X(CRYPTO_MSG_UPDATEALG),
	X(CRYPTO_MSG_GETALG), X(CRYPTO_MSG_DELRNG), END,
};

static const struct st_xlat route_types[] = {
	X(RTM_NEWLINK), X(RTM_DELLINK), X(RTM_GETLINK), X(RTM_SETLINK),
	X(RTM_NEWADDR), X(RTM_DELADDR), X(RTM_GETADDR), X(RTM_NEWROUTE),
	X(RTM_DELROUTE), X(RTM_GETROUTE), X(RTM_NEWNEIGH), X(RTM_DELNEIGH),
	X(RTM_GETNEIGH), X(RTM_NEWRULE), X(RTM_DELRULE), X(RTM_GETRULE),
	X(RTM_NEWQDISC), X(RTM_DELQDISC), X(RTM_GETQDISC), X(RTM_NEWTCLASS),
	X(RTM_DELTCLASS), X(RTM_GETTCLASS), X(RTM_NEWTFILTER), X(RTM_DELTFILTER),
	X(RTM_GETTFILTER), X(RTM_NEWACTION), X(RTM_DELACTION), X(RTM_GETACTION),
	X(RTM_NEWPREFIX), X(RTM_GETMULTICAST), X(RTM_GETANYCAST),
	X(RTM_NEWNEIGHTBL), X(RTM_GETNEIGHTBL), X(RTM_SETNEIGHTBL),
	X(RTM_NEWNDUSEROPT), X(RTM_NEWADDRLABEL), X(RTM_DELADDRLABEL),
	X(RTM_GETADDRLABEL), X(RTM_GETDCB), X(RTM_SETDCB), X(RTM_NEWNETCONF),
	X(RTM_DELNETCONF), X(RTM_GETNETCONF), X(RTM_NEWMDB), X(RTM_DELMDB),
	X(RTM_GETMDB), X(RTM_NEWNSID), X(RTM_DELNSID), X(RTM_GETNSID),
	X(RTM_NEWSTATS), X(RTM_GETSTATS), X(RTM_NEWCACHEREPORT), X(RTM_NEWCHAIN),
	X(RTM_DELCHAIN), X(RTM_GETCHAIN), X(RTM_NEWNEXTHOP), X(RTM_DELNEXTHOP),
	X(RTM_GETNEXTHOP), X(RTM_NEWLINKPROP), X(RTM_DELLINKPROP),
	X(RTM_GETLINKPROP), X(RTM_NEWVLAN), X(RTM_DELVLAN), X(RTM_GETVLAN),
	X(RTM_NEWNEXTHOPBUCKET), X(RTM_DELNEXTHOPBUCKET), X(RTM_GETNEXTHOPBUCKET),
	END,
};

static const struct st_xlat selinux_types[] = {
	X(SELNL_MSG_SETENFORCE), X(SELNL_MSG_POLICYLOAD), END,
};

static const struct st_xlat sock_diag_types[] = {
	{ ST_TCPDIAG_GETSOCK, "TCPDIAG_GETSOCK" }, { ST_DCCPDIAG_GETSOCK, "DCCPDIAG_GETSOCK" },
	X(SOCK_DIAG_BY_FAMILY), X(SOCK_DESTROY), END,
};

static const struct st_xlat xfrm_types[] = {
	X(XFRM_MSG_NEWSA), X(XFRM_MSG_DELSA), X(XFRM_MSG_GETSA),
	X(XFRM_MSG_NEWPOLICY), X(XFRM_MSG_DELPOLICY), X(XFRM_MSG_GETPOLICY),
	X(XFRM_MSG_ALLOCSPI), X(XFRM_MSG_ACQUIRE), X(XFRM_MSG_EXPIRE),
	X(XFRM_MSG_UPDPOLICY), X(XFRM_MSG_UPDSA), X(XFRM_MSG_POLEXPIRE),
	X(XFRM_MSG_FLUSHSA), X(XFRM_MSG_FLUSHPOLICY), X(XFRM_MSG_NEWAE),
	X(XFRM_MSG_GETAE), X(XFRM_MSG_REPORT), X(XFRM_MSG_MIGRATE),
	X(XFRM_MSG_NEWSADINFO), X(XFRM_MSG_GETSADINFO), X(XFRM_MSG_NEWSPDINFO),
	X(XFRM_MSG_GETSPDINFO), X(XFRM_MSG_MAPPING), X(XFRM_MSG_SETDEFAULT),
	X(XFRM_MSG_GETDEFAULT), END,
};

static const struct st_xlat nf_subsys[] = {
	X(NFNL_SUBSYS_NONE), X(NFNL_SUBSYS_CTNETLINK), X(NFNL_SUBSYS_CTNETLINK_EXP),
	X(NFNL_SUBSYS_QUEUE), X(NFNL_SUBSYS_ULOG), X(NFNL_SUBSYS_OSF),
	X(NFNL_SUBSYS_IPSET), X(NFNL_SUBSYS_ACCT), X(NFNL_SUBSYS_CTNETLINK_TIMEOUT),
	X(NFNL_SUBSYS_CTHELPER), X(NFNL_SUBSYS_NFTABLES), X(NFNL_SUBSYS_NFT_COMPAT),
	X(NFNL_SUBSYS_HOOK), END,
};

static const struct st_xlat nf_batch[] = {
	X(NFNL_MSG_BATCH_BEGIN), X(NFNL_MSG_BATCH_END), END,
};

static const struct st_xlat nf_ct[] = {
	X(IPCTNL_MSG_CT_NEW), X(IPCTNL_MSG_CT_GET), X(IPCTNL_MSG_CT_DELETE),
	X(IPCTNL_MSG_CT_GET_CTRZERO), X(IPCTNL_MSG_CT_GET_STATS_CPU),
	X(IPCTNL_MSG_CT_GET_STATS), X(IPCTNL_MSG_CT_GET_DYING),
	X(IPCTNL_MSG_CT_GET_UNCONFIRMED), END,
};

static const struct st_xlat nf_exp[] = {
	X(IPCTNL_MSG_EXP_NEW), X(IPCTNL_MSG_EXP_GET), X(IPCTNL_MSG_EXP_DELETE),
	X(IPCTNL_MSG_EXP_GET_STATS_CPU), END,
};

static const struct st_xlat nf_queue[] = {
	X(NFQNL_MSG_PACKET), X(NFQNL_MSG_VERDICT), X(NFQNL_MSG_CONFIG),
	X(NFQNL_MSG_VERDICT_BATCH), END,
};

static const struct st_xlat nf_ulog[] = { X(NFULNL_MSG_PACKET), X(NFULNL_MSG_CONFIG), END };
static const struct st_xlat nf_osf[] = { X(OSF_MSG_ADD), X(OSF_MSG_REMOVE), END };

static const struct st_xlat nf_ipset[] = {
	{ ST_IPSET_CMD_NONE, "IPSET_CMD_NONE" }, X(IPSET_CMD_PROTOCOL),
	X(IPSET_CMD_CREATE), X(IPSET_CMD_DESTROY), X(IPSET_CMD_FLUSH),
	X(IPSET_CMD_RENAME), X(IPSET_CMD_SWAP), X(IPSET_CMD_LIST), X(IPSET_CMD_SAVE),
	X(IPSET_CMD_ADD), X(IPSET_CMD_DEL), X(IPSET_CMD_TEST), X(IPSET_CMD_HEADER),
	X(IPSET_CMD_TYPE), X(IPSET_CMD_RESTORE), X(IPSET_CMD_HELP),
	X(IPSET_CMD_VERSION), X(IPSET_CMD_QUIT), X(IPSET_CMD_COMMIT), END,
};

static const struct st_xlat nf_acct[] = {
	X(NFNL_MSG_ACCT_NEW), X(NFNL_MSG_ACCT_GET), X(NFNL_MSG_ACCT_GET_CTRZERO),
	X(NFNL_MSG_ACCT_DEL), X(NFNL_MSG_ACCT_OVERQUOTA), END,
};

static const struct st_xlat nf_timeout[] = {
	X(IPCTNL_MSG_TIMEOUT_NEW), X(IPCTNL_MSG_TIMEOUT_GET),
	X(IPCTNL_MSG_TIMEOUT_DELETE), X(IPCTNL_MSG_TIMEOUT_DEFAULT_SET),
	X(IPCTNL_MSG_TIMEOUT_DEFAULT_GET), END,
};

static const struct st_xlat nf_cthelper[] = {
	X(NFNL_MSG_CTHELPER_NEW), X(NFNL_MSG_CTHELPER_GET), X(NFNL_MSG_CTHELPER_DEL), END,
};

static const struct st_xlat nf_nft[] = {
	X(NFT_MSG_NEWTABLE), X(NFT_MSG_GETTABLE), X(NFT_MSG_DELTABLE),
	X(NFT_MSG_NEWCHAIN), X(NFT_MSG_GETCHAIN), X(NFT_MSG_DELCHAIN),
	X(NFT_MSG_NEWRULE), X(NFT_MSG_GETRULE), X(NFT_MSG_DELRULE),
	X(NFT_MSG_NEWSET), X(NFT_MSG_GETSET), X(NFT_MSG_DELSET),
	X(NFT_MSG_NEWSETELEM), X(NFT_MSG_GETSETELEM), X(NFT_MSG_DELSETELEM),
	X(NFT_MSG_NEWGEN), X(NFT_MSG_GETGEN), X(NFT_MSG_TRACE), X(NFT_MSG_NEWOBJ),
	X(NFT_MSG_GETOBJ), X(NFT_MSG_DELOBJ), X(NFT_MSG_GETOBJ_RESET),
	X(NFT_MSG_NEWFLOWTABLE), X(NFT_MSG_GETFLOWTABLE), X(NFT_MSG_DELFLOWTABLE),
	END,
};

static const struct st_xlat nf_compat[] = { X(NFNL_MSG_COMPAT_GET), END };
static const struct st_xlat nf_hook[] = { X(NFNL_MSG_HOOK_GET), END };

/* Each netfilter subsystem's messages, and the kind of flags each takes. */
enum kind { K_OTHER, K_GET, K_NEW, K_DEL };

static const struct {
	const struct st_xlat *types;
	const char *dflt;
	unsigned char kind[32];	/* by message type */
} nf_msgs[] = {
	[NFNL_SUBSYS_CTNETLINK] = { nf_ct, "IPCTNL_MSG_CT_???",
		{ [IPCTNL_MSG_CT_NEW] = K_NEW, [IPCTNL_MSG_CT_GET] = K_GET,
		  [IPCTNL_MSG_CT_DELETE] = K_DEL, [IPCTNL_MSG_CT_GET_CTRZERO] = K_GET,
		  [IPCTNL_MSG_CT_GET_STATS_CPU] = K_GET, [IPCTNL_MSG_CT_GET_STATS] = K_GET,
		  [IPCTNL_MSG_CT_GET_DYING] = K_GET, [IPCTNL_MSG_CT_GET_UNCONFIRMED] = K_GET } },
	[NFNL_SUBSYS_CTNETLINK_EXP] = { nf_exp, "IPCTNL_MSG_EXP_???",
		{ [IPCTNL_MSG_EXP_NEW] = K_NEW, [IPCTNL_MSG_EXP_GET] = K_GET,
		  [IPCTNL_MSG_EXP_DELETE] = K_DEL, [IPCTNL_MSG_EXP_GET_STATS_CPU] = K_GET } },
	[NFNL_SUBSYS_QUEUE] = { nf_queue, "NFQNL_MSG_???", { 0 } },
	[NFNL_SUBSYS_ULOG] = { nf_ulog, "NFULNL_MSG_???", { 0 } },
	[NFNL_SUBSYS_OSF] = { nf_osf, "OSF_MSG_???", { 0 } },
	[NFNL_SUBSYS_IPSET] = { nf_ipset, "IPSET_CMD_???", { 0 } },
	[NFNL_SUBSYS_ACCT] = { nf_acct, "NFNL_MSG_ACCT_???",
		{ [NFNL_MSG_ACCT_NEW] = K_NEW, [NFNL_MSG_ACCT_GET] = K_GET,
		  [NFNL_MSG_ACCT_GET_CTRZERO] = K_GET, [NFNL_MSG_ACCT_DEL] = K_DEL } },
	[NFNL_SUBSYS_CTNETLINK_TIMEOUT] = { nf_timeout, "IPCTNL_MSG_TIMEOUT_???",
		{ [IPCTNL_MSG_TIMEOUT_NEW] = K_NEW, [IPCTNL_MSG_TIMEOUT_GET] = K_GET,
		  [IPCTNL_MSG_TIMEOUT_DELETE] = K_DEL } },
	[NFNL_SUBSYS_CTHELPER] = { nf_cthelper, "NFNL_MSG_CTHELPER_???",
		{ [NFNL_MSG_CTHELPER_NEW] = K_NEW, [NFNL_MSG_CTHELPER_GET] = K_GET,
		  [NFNL_MSG_CTHELPER_DEL] = K_DEL } },
	[NFNL_SUBSYS_NFTABLES] = { nf_nft, "NFT_MSG_???",
		{ [NFT_MSG_NEWTABLE] = K_NEW, [NFT_MSG_NEWCHAIN] = K_NEW,
		  [NFT_MSG_NEWRULE] = K_NEW, [NFT_MSG_NEWSET] = K_NEW,
		  [NFT_MSG_NEWSETELEM] = K_NEW, [NFT_MSG_NEWGEN] = K_NEW,
		  [NFT_MSG_NEWOBJ] = K_NEW, [NFT_MSG_NEWFLOWTABLE] = K_NEW,
		  [NFT_MSG_GETTABLE] = K_GET, [NFT_MSG_GETCHAIN] = K_GET,
		  [NFT_MSG_GETRULE] = K_GET, [NFT_MSG_GETSET] = K_GET,
		  [NFT_MSG_GETSETELEM] = K_GET, [NFT_MSG_GETGEN] = K_GET,
		  [NFT_MSG_GETOBJ] = K_GET, [NFT_MSG_GETOBJ_RESET] = K_GET,
		  [NFT_MSG_GETFLOWTABLE] = K_GET,
		  [NFT_MSG_DELTABLE] = K_DEL, [NFT_MSG_DELCHAIN] = K_DEL,
		  [NFT_MSG_DELRULE] = K_DEL, [NFT_MSG_DELSET] = K_DEL,
		  [NFT_MSG_DELSETELEM] = K_DEL, [NFT_MSG_DELOBJ] = K_DEL,
		  [NFT_MSG_DELFLOWTABLE] = K_DEL } },
	[NFNL_SUBSYS_NFT_COMPAT] = { nf_compat, "NFNL_MSG_COMPAT_???",
		{ [NFNL_MSG_COMPAT_GET] = K_GET } },
	[NFNL_SUBSYS_HOOK] = { nf_hook, "NFT_MSG_HOOK_???", { [NFNL_MSG_HOOK_GET] = K_GET } },
};

/* The flags every message may have, then those of each kind. */
static const struct st_xlat flags_base[] = {
	X(NLM_F_REQUEST), X(NLM_F_MULTI), X(NLM_F_ACK), X(NLM_F_ECHO),
	X(NLM_F_DUMP_INTR), X(NLM_F_DUMP_FILTERED), END,
};
static const struct st_xlat flags_get[] = {
	X(NLM_F_DUMP), X(NLM_F_ROOT), X(NLM_F_MATCH), X(NLM_F_ATOMIC), END,
};
static const struct st_xlat flags_new[] = {
	X(NLM_F_REPLACE), X(NLM_F_EXCL), X(NLM_F_CREATE), X(NLM_F_APPEND), END,
};
static const struct st_xlat flags_del[] = { X(NLM_F_NONREC), X(NLM_F_BULK), END };
static const struct st_xlat flags_ack[] = { X(NLM_F_CAPPED), X(NLM_F_ACK_TLVS), END };

/* The kind of flags a message of type takes in protocol proto. */
static const struct st_xlat *kind_flags(int proto, unsigned type)
{
	enum kind k = K_OTHER;

	if (type < NLMSG_MIN_TYPE)
		return type == NLMSG_ERROR ? flags_ack : NULL;
	switch (proto) {
	case NETLINK_ROUTE:
		k = type == RTM_DELACTION ? K_GET : (type & 3) == 0 ? K_NEW :
		    (type & 3) == 1 ? K_DEL : (type & 3) == 2 ? K_GET : K_OTHER;
		break;
	case NETLINK_SOCK_DIAG:
		k = K_GET;
		break;
	case NETLINK_CRYPTO:
		k = type == CRYPTO_MSG_NEWALG ? K_NEW :
		    type == CRYPTO_MSG_DELALG || type == CRYPTO_MSG_DELRNG ? K_DEL :
		    type == CRYPTO_MSG_GETALG ? K_GET : K_OTHER;
		break;
	case NETLINK_XFRM:
		switch (type) {
		case XFRM_MSG_NEWSA: case XFRM_MSG_NEWPOLICY: case XFRM_MSG_NEWAE:
		case XFRM_MSG_NEWSADINFO: case XFRM_MSG_NEWSPDINFO:
			k = K_NEW;
			break;
		case XFRM_MSG_DELSA: case XFRM_MSG_DELPOLICY:
			k = K_DEL;
			break;
		case XFRM_MSG_GETSA: case XFRM_MSG_GETPOLICY: case XFRM_MSG_GETAE:
		case XFRM_MSG_GETSADINFO: case XFRM_MSG_GETSPDINFO:
			k = K_GET;
			break;
		}
		break;
	case NETLINK_NETFILTER:
		if ((type >> 8) < sizeof(nf_msgs) / sizeof(nf_msgs[0]) && (type & 0xff) < 32)
			k = nf_msgs[type >> 8].kind[type & 0xff];
		break;
	}
	return k == K_GET ? flags_get : k == K_NEW ? flags_new : k == K_DEL ? flags_del : NULL;
}

static void flags(struct buf *b, int proto, unsigned type, unsigned v)
{
	const struct st_xlat *more = kind_flags(proto, type);
	struct st_xlat t[16];
	size_t n = 0, i;

	for (i = 0; flags_base[i].name; i++)
		t[n++] = flags_base[i];
	for (i = 0; more && more[i].name; i++)
		t[n++] = more[i];
	t[n] = (struct st_xlat)END;
	st_xlat_flags_dflt(b, t, v, "0", "NLM_F_???");
}

/*
 * The name of generic netlink family id, from the kernel's controller
 * (asked once), or NULL.
 */
static const char *genl_family(unsigned id)
{
	static struct { unsigned id; char name[GENL_NAMSIZ]; } fam[64];
	static int nfam = -1;
	struct {
		struct nlmsghdr h;
		struct genlmsghdr g;
	} req = {
		.h = { .nlmsg_len = sizeof(req), .nlmsg_type = GENL_ID_CTRL,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.g = { .cmd = CTRL_CMD_GETFAMILY, .version = 1 },
	};
	char buf[16384];
	int fd, i;
	ssize_t n;

	if (nfam < 0) {
		nfam = 0;
		fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
		if (fd >= 0 && send(fd, &req, sizeof(req), 0) == (ssize_t)sizeof(req)) {
			while ((n = recv(fd, buf, sizeof(buf), 0)) > 0) {
				struct nlmsghdr *h = (struct nlmsghdr *)buf;
				bool done = false;

				for (; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
					struct nlattr *a;
					int left;
					unsigned fid = 0;
					const char *fname = NULL;

					if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
						done = true;
						break;
					}
					a = (struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
					left = (int)h->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
					while (left >= (int)sizeof(*a) && a->nla_len >= sizeof(*a) &&
					       a->nla_len <= left) {
						if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID)
							fid = *(uint16_t *)(a + 1);
						else if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_NAME)
							fname = (const char *)(a + 1);
						left -= NLA_ALIGN(a->nla_len);
						a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
					}
					if (fname && nfam < 64) {
						fam[nfam].id = fid;
						snprintf(fam[nfam].name, sizeof(fam[nfam].name), "%s", fname);
						nfam++;
					}
				}
				if (done)
					break;
			}
		}
		if (fd >= 0)
			close(fd);
	}
	for (i = 0; i < nfam; i++)
		if (fam[i].id == id)
			return fam[i].name;
	return NULL;
}

static void type_name(struct buf *b, int proto, unsigned type)
{
	static const struct { int proto; const struct st_xlat *t; const char *dflt; } by[] = {
		{ NETLINK_AUDIT, audit_types, "AUDIT_???" },
		{ NETLINK_CRYPTO, crypto_types, "CRYPTO_MSG_???" },
		{ NETLINK_ROUTE, route_types, "RTM_???" },
		{ NETLINK_SELINUX, selinux_types, "SELNL_MSG_???" },
		{ NETLINK_SOCK_DIAG, sock_diag_types, "SOCK_DIAG_???" },
		{ NETLINK_XFRM, xfrm_types, "XFRM_MSG_???" },
	};
	size_t i;

	if (type < NLMSG_MIN_TYPE) {
		st_xlat_val(b, nlmsg_ctl, type, "NLMSG_???");
		return;
	}
	if (proto == NETLINK_GENERIC) {
		const char *n = st_xlat_get_style() == ST_C_RAW ? NULL : genl_family(type);

		if (n && st_xlat_get_style() == ST_C_ABBREV)
			buf_printf(b, "%s", n);
		else if (n)
			buf_printf(b, "%#x /* %s */", type, n);
		else
			st_xlat_val(b, nlmsg_ctl, type, "GENERIC_FAMILY_???");
		return;
	}
	if (proto == NETLINK_NETFILTER) {
		unsigned sub = type >> 8, msg = type & 0xff;

		if (st_xlat_name(nf_batch, type)) {
			st_xlat_val(b, nf_batch, type, NULL);
			return;
		}
		st_xlat_val(b, nf_subsys, sub, "NFNL_SUBSYS_???");
		buf_printf(b, "<<8|");
		if (sub < sizeof(nf_msgs) / sizeof(nf_msgs[0]) && nf_msgs[sub].types)
			st_xlat_val(b, nf_msgs[sub].types, msg, nf_msgs[sub].dflt);
		else
			buf_printf(b, "%#x", msg);
		return;
	}
	for (i = 0; i < sizeof(by) / sizeof(by[0]); i++)
		if (by[i].proto == proto) {
			st_xlat_val(b, by[i].t, type, by[i].dflt);
			return;
		}
	st_xlat_val(b, nlmsg_ctl, type, "NLMSG_???");
}

/*
 * n bytes at offset off of what p holds (have bytes, from addr) as a
 * string of hex escapes, up to -s of them; their address when they
 * were not read.
 */
void st_nl_hex(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t n)
{
	size_t show = n < (uint64_t)m->o->strsize ? (size_t)n : (size_t)m->o->strsize;

	if (off + show > m->have)
		buf_printf(b, "%#llx", (unsigned long long)(m->addr + off));
	else
		st_quote(b, m->p + off, show, show < n, 2);
}

static void hex_at(struct buf *b, const unsigned char *p, size_t have,
		   uint64_t off, uint64_t n, uint64_t addr,
		   const struct st_dopts *o)
{
	const struct st_nl_mem m = { p, have, addr, o };

	st_nl_hex(b, &m, off, n);
}

void st_nl_attrs(struct buf *b, const struct st_nl_mem *m, uint64_t off, uint64_t len,
		 const struct st_xlat *names, const char *dflt, st_nl_value_fn value,
		 void *arg)
{
	bool array = false;
	int elt;

	for (elt = 0;; elt++) {
		uint64_t alen, next = 0, n;
		unsigned nla_len, type;

		if (len < NLA_HDRLEN) {
			st_nl_hex(b, m, off, len);
			break;
		}
		if (off + NLA_HDRLEN > m->have) {
			if (array)
				buf_printf(b, "... /* %#llx */", (unsigned long long)(m->addr + off));
			else
				buf_printf(b, "%#llx", (unsigned long long)(m->addr + off));
			break;
		}
		if (!m->o->verbose && elt == m->o->strsize) {
			buf_printf(b, "...");
			break;
		}
		nla_len = st_u16(m->p + off);
		type = st_u16(m->p + off + 2);
		alen = NLA_ALIGN(nla_len);
		if (nla_len >= NLA_HDRLEN && len > alen)
			next = alen;
		if (!array && next) {
			buf_printf(b, "[");
			array = true;
		}
		n = nla_len < len ? nla_len : len;
		if (n > NLA_HDRLEN)
			buf_printf(b, "[");
		buf_printf(b, "{nla_len=%u, nla_type=", nla_len);
		if (type & NLA_F_NESTED)
			buf_printf(b, "NLA_F_NESTED|");
		if (type & NLA_F_NET_BYTEORDER)
			buf_printf(b, "NLA_F_NET_BYTEORDER|");
		st_xlat_val(b, names, type & NLA_TYPE_MASK, dflt);
		buf_printf(b, "}");
		if (n > NLA_HDRLEN) {
			buf_printf(b, ", ");
			if (!value || !value(b, type & NLA_TYPE_MASK, off + NLA_HDRLEN,
					     n - NLA_HDRLEN, arg))
				st_nl_hex(b, m, off + NLA_HDRLEN, n - NLA_HDRLEN);
			buf_printf(b, "]");
		}
		if (!next)
			break;
		buf_printf(b, ", ");
		off += next;
		len -= next;
	}
	if (array)
		buf_printf(b, "]");
}

static void payload(struct buf *b, int proto, unsigned type, unsigned mflags,
		    const unsigned char *p, size_t have, uint64_t len, uint64_t addr,
		    const struct st_dopts *o);

/*
 * A header and its payload: of len bytes at addr, have of them at p, the
 * header's nlmsg_len telling how many are the message's.
 */
static void msg(struct buf *b, int proto, const unsigned char *p, size_t have,
		uint64_t len, uint64_t addr, const struct st_dopts *o)
{
	uint32_t mlen = st_u32(p), mtype = st_u16(p + 4), mflags = st_u16(p + 6);
	uint64_t n = mlen < len ? mlen : len;

	if (n > NLMSG_HDRLEN)
		buf_printf(b, "[");
	buf_printf(b, "{nlmsg_len=%u, nlmsg_type=", mlen);
	type_name(b, proto, mtype);
	buf_printf(b, ", nlmsg_flags=");
	flags(b, proto, mtype, mflags);
	buf_printf(b, ", nlmsg_seq=%u, nlmsg_pid=%d}", st_u32(p + 8), (int)st_u32(p + 12));
	if (n > NLMSG_HDRLEN) {
		buf_printf(b, ", ");
		payload(b, proto, mtype, mflags, p + NLMSG_HDRLEN,
			have > NLMSG_HDRLEN ? have - NLMSG_HDRLEN : 0,
			n - NLMSG_HDRLEN, addr + NLMSG_HDRLEN, o);
		buf_printf(b, "]");
	}
}

/*
 * An NLMSG_ERROR's struct nlmsgerr: the error and the header of the
 * message it answers (its payload too unless capped), then the extended
 * ack's attributes.
 */
static void nlmsgerr(struct buf *b, int proto, bool capped, const unsigned char *p,
		     size_t have, uint64_t len, uint64_t addr, const struct st_dopts *o)
{
	size_t hs = sizeof(struct nlmsghdr), es = sizeof(struct nlmsgerr);
	const char *name;
	uint64_t mlen, n;
	int e;

	if (len < es) {
		hex_at(b, p, have, 0, len, addr, o);
		return;
	}
	if (have < es) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	mlen = st_u32(p + 4);
	if (mlen < hs)
		mlen = hs;
	n = len - 4;
	if (n > (capped ? hs : mlen))
		n = capped ? hs : mlen;
	if (len - 4 > n)
		buf_printf(b, "[");
	e = (int)st_u32(p);
	buf_printf(b, "{error=");
	name = e < 0 ? st_errno_name(-e) : NULL;
	if (!name || st_xlat_get_style() != ST_C_ABBREV)
		buf_printf(b, "%d", e);
	if (name && st_xlat_get_style() == ST_C_ABBREV)
		buf_printf(b, "-%s", name);
	else if (name && st_xlat_get_style() == ST_C_VERBOSE)
		buf_printf(b, " /* -%s */", name);
	buf_printf(b, ", msg=");
	msg(b, proto, p + 4, have - 4, n, addr + 4, o);
	buf_printf(b, "}");
	if (len - 4 > n) {
		struct st_nl_mem m = { p, have, addr, o };

		buf_printf(b, ", ");
		st_nld_nlmsgerr_attrs(b, &m, 4 + n, len - 4 - n);
		buf_printf(b, "]");
	}
}

static const struct st_xlat nf_versions[] = { X(NFNETLINK_V0), END };
static const struct st_xlat no_names[] = { END };

/*
 * NETLINK_NETFILTER's struct nfgenmsg and what follows it: attributes,
 * or bytes for a batch's begin and end and the control messages.
 * res_id is big-endian, but nftables once sent its subsystem in host
 * order; either way strace names that subsystem.
 */
static void nfgenmsg(struct buf *b, unsigned type, const unsigned char *p, size_t have,
		     uint64_t len, uint64_t addr, const struct st_dopts *o)
{
	const struct st_nl_mem m = { p, have, addr, o };
	enum st_cstyle st = st_xlat_get_style();
	bool nft = type >> 8 == NFNL_SUBSYS_NFTABLES;
	const char *named = NULL;
	uint16_t res;

	if (len < sizeof(struct nfgenmsg)) {
		st_nl_hex(b, &m, 0, len);
		return;
	}
	if (have < sizeof(struct nfgenmsg)) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	res = st_u16(p + 2);
	buf_printf(b, "{nfgen_family=");
	st_xlat_val(b, st_af, p[0], "AF_???");
	buf_printf(b, ", version=");
	st_xlat_val(b, nf_versions, p[1], "NFNETLINK_???");
	buf_printf(b, ", res_id=");
	if (nft && ntohs(res) == NFNL_SUBSYS_NFTABLES)
		named = "htons(NFNL_SUBSYS_NFTABLES)";
	else if (nft && res == NFNL_SUBSYS_NFTABLES)
		named = "NFNL_SUBSYS_NFTABLES";
	if (!named)
		buf_printf(b, "htons(%u)", ntohs(res));
	else if (st == ST_C_ABBREV)
		buf_printf(b, "%s", named);
	else
		buf_printf(b, st == ST_C_RAW ? "%#x" : "%#x /* %s */", res, named);
	buf_printf(b, "}");
	if (len <= NLMSG_ALIGN(sizeof(struct nfgenmsg)))
		return;
	buf_printf(b, ", ");
	if ((type >= NFNL_MSG_BATCH_BEGIN && type <= NFNL_MSG_BATCH_END) || type < NLMSG_MIN_TYPE)
		st_nl_hex(b, &m, NLMSG_ALIGN(sizeof(struct nfgenmsg)),
			  len - NLMSG_ALIGN(sizeof(struct nfgenmsg)));
	else
		st_nl_attrs(b, &m, NLMSG_ALIGN(sizeof(struct nfgenmsg)),
			    len - NLMSG_ALIGN(sizeof(struct nfgenmsg)), no_names, NULL, NULL, NULL);
}

/*
 * A message's payload of len bytes at addr (have of them read, at p): a
 * protocol's struct, an int for NLMSG_DONE, or the bytes in hex.
 */
static void payload(struct buf *b, int proto, unsigned type, unsigned mflags,
		    const unsigned char *p, size_t have, uint64_t len, uint64_t addr,
		    const struct st_dopts *o)
{
	if (type == NLMSG_ERROR) {
		nlmsgerr(b, proto, mflags & NLM_F_CAPPED, p, have, len, addr, o);
		return;
	}
	if (proto == NETLINK_SOCK_DIAG && (type >= NLMSG_MIN_TYPE || type == NLMSG_DONE)) {
		struct st_nl_mem m = { p, have, addr, o };

		if (st_nld_msg(b, type, mflags, &m, len))
			return;
	}
	if (proto == NETLINK_SELINUX && len >= 4 &&
	    (type == SELNL_MSG_SETENFORCE || type == SELNL_MSG_POLICYLOAD)) {
		if (have < 4)
			buf_printf(b, "%#llx", (unsigned long long)addr);
		else if (type == SELNL_MSG_SETENFORCE)
			buf_printf(b, "{val=%d}", (int)st_u32(p));
		else
			buf_printf(b, "{seqno=%u}", st_u32(p));
		return;
	}
	if (proto == NETLINK_ROUTE && type >= RTM_BASE) {
		st_nlr_payload(b, type, p, have, len, addr, 0, o);
		return;
	}
	if (proto == NETLINK_NETFILTER && type != NLMSG_DONE) {
		nfgenmsg(b, type, p, have, len, addr, o);
		return;
	}
	if (type == NLMSG_DONE && len == 4) {
		if (have < 4)
			buf_printf(b, "%#llx", (unsigned long long)addr);
		else
			buf_printf(b, "%d", (int)st_u32(p));
		return;
	}
	hex_at(b, p, have, 0, len, addr, o);
}

void st_netlink_msgs(struct buf *b, int proto, const unsigned char *p, size_t have,
		     uint64_t len, uint64_t addr, const struct st_dopts *o)
{
	size_t off = 0;
	bool array = false;
	int elt;

	for (elt = 0;; elt++) {
		uint32_t mlen, al;
		uint64_t next_len = 0;

		if (len < NLMSG_HDRLEN) {
			size_t show = len < (uint64_t)o->strsize ? (size_t)len : (size_t)o->strsize;

			if (off + show > have)
				buf_printf(b, "%#llx", (unsigned long long)addr);
			else
				st_quote(b, p + off, show, show < len, 2);
			break;
		}
		if (off + NLMSG_HDRLEN > have) {
			if (array)
				buf_printf(b, "... /* %#llx */", (unsigned long long)addr);
			else
				buf_printf(b, "%#llx", (unsigned long long)addr);
			break;
		}
		if (!o->verbose && elt == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		mlen = st_u32(p + off);
		al = NLMSG_ALIGN(mlen);
		if (mlen >= NLMSG_HDRLEN && len > al)
			next_len = len - al;
		if (!array && next_len) {
			buf_printf(b, "[");
			array = true;
		}
		msg(b, proto, p + off, have - off, len, addr, o);
		if (!next_len)
			break;
		buf_printf(b, ", ");
		off += al;
		addr += al;
		len = next_len;
	}
	if (array)
		buf_printf(b, "]");
}
