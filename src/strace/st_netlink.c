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
 * NETLINK_ROUTE's messages: after the header, a struct by message type
 * whose first byte is an address family, then attributes.
 */
static const struct st_xlat arphrd[] = {
	X(ARPHRD_NETROM), X(ARPHRD_ETHER), X(ARPHRD_EETHER), X(ARPHRD_AX25),
	X(ARPHRD_PRONET), X(ARPHRD_CHAOS), X(ARPHRD_IEEE802), X(ARPHRD_ARCNET),
	X(ARPHRD_APPLETLK), X(ARPHRD_DLCI), X(ARPHRD_ATM), X(ARPHRD_METRICOM),
	X(ARPHRD_IEEE1394), X(ARPHRD_EUI64), X(ARPHRD_INFINIBAND), X(ARPHRD_SLIP),
	X(ARPHRD_CSLIP), X(ARPHRD_SLIP6), X(ARPHRD_CSLIP6), X(ARPHRD_RSRVD),
	X(ARPHRD_ADAPT), X(ARPHRD_ROSE), X(ARPHRD_X25), X(ARPHRD_HWX25),
	X(ARPHRD_CAN), X(ARPHRD_MCTP), X(ARPHRD_PPP), X(ARPHRD_CISCO),
	X(ARPHRD_LAPB), X(ARPHRD_DDCMP), X(ARPHRD_RAWHDLC), X(ARPHRD_RAWIP),
	X(ARPHRD_TUNNEL), X(ARPHRD_TUNNEL6), X(ARPHRD_FRAD), X(ARPHRD_SKIP),
	X(ARPHRD_LOOPBACK), X(ARPHRD_LOCALTLK), X(ARPHRD_FDDI), X(ARPHRD_BIF),
	X(ARPHRD_SIT), X(ARPHRD_IPDDP), X(ARPHRD_IPGRE), X(ARPHRD_PIMREG),
	X(ARPHRD_HIPPI), X(ARPHRD_ASH), X(ARPHRD_ECONET), X(ARPHRD_IRDA),
	X(ARPHRD_FCPP), X(ARPHRD_FCAL), X(ARPHRD_FCPL), X(ARPHRD_FCFABRIC),
	X(ARPHRD_IEEE802_TR), X(ARPHRD_IEEE80211), X(ARPHRD_IEEE80211_PRISM),
	X(ARPHRD_IEEE80211_RADIOTAP), X(ARPHRD_IEEE802154),
	X(ARPHRD_IEEE802154_MONITOR), X(ARPHRD_PHONET), X(ARPHRD_PHONET_PIPE),
	X(ARPHRD_CAIF), X(ARPHRD_IP6GRE), X(ARPHRD_NETLINK), X(ARPHRD_6LOWPAN),
	X(ARPHRD_VSOCKMON), X(ARPHRD_VOID), X(ARPHRD_NONE), END,
};

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
	X(IFA_RT_PRIORITY), X(IFA_TARGET_NETNSID), END,
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
	X(NDA_FDB_EXT_ATTRS), X(NDA_FLAGS_EXT), END,
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

/* How an attribute's value prints: as strace's decoder for its type. */
enum {
	NV_HEX,		/* the bytes in hex (no decoder, or too short) */
	NV_STR,		/* a string, its terminating NUL not shown */
	NV_U8, NV_U16, NV_U32, NV_U64, NV_S32,
	NV_IFINDEX,	/* an interface index */
	NV_ADDR,	/* an address of the struct's family */
};

struct nla_kind {
	uint16_t type;
	uint8_t kind;
};

static const struct nla_kind ifla_kinds[] = {
	{ IFLA_IFNAME, NV_STR }, { IFLA_MTU, NV_U32 }, { IFLA_LINK, NV_U32 },
	{ IFLA_QDISC, NV_STR }, { IFLA_MASTER, NV_U32 }, { IFLA_TXQLEN, NV_U32 },
	{ IFLA_WEIGHT, NV_U32 }, { IFLA_OPERSTATE, NV_U8 }, { IFLA_LINKMODE, NV_U8 },
	{ IFLA_NET_NS_PID, NV_U32 }, { IFLA_IFALIAS, NV_STR }, { IFLA_NUM_VF, NV_U32 },
	{ IFLA_GROUP, NV_U32 }, { IFLA_PROMISCUITY, NV_U32 },
	{ IFLA_NUM_TX_QUEUES, NV_U32 }, { IFLA_NUM_RX_QUEUES, NV_U32 },
	{ IFLA_CARRIER, NV_U8 }, { IFLA_CARRIER_CHANGES, NV_U32 },
	{ IFLA_LINK_NETNSID, NV_S32 }, { IFLA_PHYS_PORT_NAME, NV_STR },
	{ IFLA_PROTO_DOWN, NV_U8 }, { IFLA_GSO_MAX_SEGS, NV_U32 },
	{ IFLA_GSO_MAX_SIZE, NV_U32 }, { IFLA_NEW_NETNSID, NV_S32 },
	{ IFLA_TARGET_NETNSID, NV_S32 }, { IFLA_CARRIER_UP_COUNT, NV_U32 },
	{ IFLA_CARRIER_DOWN_COUNT, NV_U32 }, { IFLA_NEW_IFINDEX, NV_IFINDEX },
	{ IFLA_MIN_MTU, NV_U32 }, { IFLA_MAX_MTU, NV_U32 }, { IFLA_ALT_IFNAME, NV_STR },
	{ IFLA_PARENT_DEV_NAME, NV_STR }, { IFLA_PARENT_DEV_BUS_NAME, NV_STR },
	{ IFLA_GRO_MAX_SIZE, NV_U32 }, { IFLA_TSO_MAX_SIZE, NV_U32 },
	{ IFLA_TSO_MAX_SEGS, NV_U32 }, { IFLA_ALLMULTI, NV_U32 }, { 0, NV_HEX },
};

static const struct nla_kind ifa_kinds[] = {
	{ IFA_ADDRESS, NV_ADDR }, { IFA_LOCAL, NV_ADDR }, { IFA_LABEL, NV_STR },
	{ IFA_BROADCAST, NV_ADDR }, { IFA_ANYCAST, NV_ADDR }, { IFA_MULTICAST, NV_ADDR },
	{ IFA_RT_PRIORITY, NV_U32 }, { IFA_TARGET_NETNSID, NV_S32 }, { 0, NV_HEX },
};

static const struct nla_kind rta_kinds[] = {
	{ RTA_DST, NV_ADDR }, { RTA_SRC, NV_ADDR }, { RTA_IIF, NV_IFINDEX },
	{ RTA_OIF, NV_IFINDEX }, { RTA_GATEWAY, NV_ADDR }, { RTA_PRIORITY, NV_U32 },
	{ RTA_PREFSRC, NV_ADDR }, { RTA_PROTOINFO, NV_U32 }, { RTA_FLOW, NV_U32 },
	{ RTA_MP_ALGO, NV_U32 }, { RTA_MARK, NV_U32 }, { RTA_NEWDST, NV_ADDR },
	{ RTA_PREF, NV_U8 }, { RTA_EXPIRES, NV_U64 }, { RTA_UID, NV_U32 },
	{ RTA_TTL_PROPAGATE, NV_U8 }, { RTA_IP_PROTO, NV_U8 }, { RTA_SPORT, NV_U16 },
	{ RTA_DPORT, NV_U16 }, { 0, NV_HEX },
};

static const struct nla_kind netconf_kinds[] = {
	{ NETCONFA_IFINDEX, NV_IFINDEX }, { NETCONFA_FORWARDING, NV_S32 },
	{ NETCONFA_RP_FILTER, NV_S32 }, { NETCONFA_MC_FORWARDING, NV_S32 },
	{ NETCONFA_PROXY_NEIGH, NV_S32 }, { NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN, NV_S32 },
	{ NETCONFA_INPUT, NV_S32 }, { NETCONFA_BC_FORWARDING, NV_S32 }, { 0, NV_HEX },
};

/* How a field of a struct prints. */
enum {
	RF_U,		/* unsigned decimal */
	RF_X,		/* hexadecimal */
	RF_XNZ,		/* hexadecimal, and only when not zero (padding) */
	RF_IFINDEX,	/* an interface index */
	RF_VAL,		/* a name from x, else the number with dflt */
	RF_FLAGS,	/* bits named from x, dflt for those without */
};

struct rtnl_field {
	const char *name;
	uint8_t off, size, kind;
	const struct st_xlat *x;
	const char *dflt;
};

/*
 * A message type's struct: the name of its first byte (the family),
 * its size, the fields after that byte (none: the struct is the family
 * and padding, and the attributes follow it whatever its length), and
 * the names of its attributes.
 */
struct rtnl_struct {
	const char *family;
	uint8_t size;
	struct rtnl_field f[8];
	const struct st_xlat *attrs;
	const char *attrs_dflt;
	const struct nla_kind *kinds;	/* the values decoded, or NULL */
};

static const struct rtnl_struct ifinfomsg = {
	"ifi_family", 16, {
		{ "ifi_type", 2, 2, RF_VAL, arphrd, "ARPHRD_???" },
		{ "ifi_index", 4, 4, RF_IFINDEX, NULL, NULL },
		{ "ifi_flags", 8, 4, RF_FLAGS, iff_flags, "IFF_???" },
		{ "ifi_change", 12, 4, RF_X, NULL, NULL } },
	ifla_attrs, "IFLA_???", ifla_kinds,
};

static const struct rtnl_struct ifaddrmsg = {
	"ifa_family", 8, {
		{ "ifa_prefixlen", 1, 1, RF_U, NULL, NULL },
		{ "ifa_flags", 2, 1, RF_FLAGS, ifa_flags, "IFA_F_???" },
		{ "ifa_scope", 3, 1, RF_VAL, rt_scopes, NULL },
		{ "ifa_index", 4, 4, RF_IFINDEX, NULL, NULL } },
	ifa_attrs, "IFA_???", ifa_kinds,
};

static const struct rtnl_struct rtmsg = {
	"rtm_family", 12, {
		{ "rtm_dst_len", 1, 1, RF_U, NULL, NULL },
		{ "rtm_src_len", 2, 1, RF_U, NULL, NULL },
		{ "rtm_tos", 3, 1, RF_FLAGS, ip_tos, "IPTOS_TOS_???" },
		{ "rtm_table", 4, 1, RF_VAL, rt_tables, "RT_TABLE_???" },
		{ "rtm_protocol", 5, 1, RF_VAL, rt_protos, "RTPROT_???" },
		{ "rtm_scope", 6, 1, RF_VAL, rt_scopes, NULL },
		{ "rtm_type", 7, 1, RF_VAL, rt_types, "RTN_???" },
		{ "rtm_flags", 8, 4, RF_FLAGS, rtm_flags, "RTM_F_???" } },
	rta_attrs, "RTA_???", rta_kinds,
};

static const struct rtnl_struct ndmsg = {
	"ndm_family", 12, {
		{ "ndm_ifindex", 4, 4, RF_IFINDEX, NULL, NULL },
		{ "ndm_state", 8, 2, RF_FLAGS, nud_states, "NUD_???" },
		{ "ndm_flags", 10, 1, RF_FLAGS, ntf_flags, "NTF_???" },
		{ "ndm_type", 11, 1, RF_VAL, rt_types, "RTN_???" } },
	nda_attrs, "NDA_???", NULL,
};

static const struct rtnl_struct fib_rule_hdr = {
	"family", 12, {
		{ "dst_len", 1, 1, RF_U, NULL, NULL },
		{ "src_len", 2, 1, RF_U, NULL, NULL },
		{ "tos", 3, 1, RF_FLAGS, ip_tos, "IPTOS_TOS_???" },
		{ "table", 4, 1, RF_VAL, rt_tables, "RT_TABLE_???" },
		{ "action", 7, 1, RF_VAL, fr_actions, "FR_ACT_???" },
		{ "flags", 8, 4, RF_FLAGS, fib_rule_flags, "FIB_RULE_???" } },
	fra_attrs, "FRA_???", NULL,
};

static const struct rtnl_struct tcmsg = {
	"tcm_family", 20, {
		{ "tcm_ifindex", 4, 4, RF_IFINDEX, NULL, NULL },
		{ "tcm_handle", 8, 4, RF_U, NULL, NULL },
		{ "tcm_parent", 12, 4, RF_U, NULL, NULL },
		{ "tcm_info", 16, 4, RF_U, NULL, NULL } },
	tca_attrs, "TCA_???", NULL,
};

static const struct rtnl_struct tcamsg = {
	"tca_family", 4, { { NULL } }, tca_act_attrs, "TCA_ACT_???", NULL,
};

static const struct rtnl_struct ndtmsg = {
	"ndtm_family", 4, { { NULL } }, ndta_attrs, "NDTA_???", NULL,
};

static const struct rtnl_struct ifaddrlblmsg = {
	"ifal_family", 12, {
		{ "ifal_prefixlen", 1, 1, RF_U, NULL, NULL },
		{ "ifal_flags", 2, 1, RF_U, NULL, NULL },
		{ "ifal_index", 4, 4, RF_IFINDEX, NULL, NULL },
		{ "ifal_seq", 8, 4, RF_U, NULL, NULL } },
	ifal_attrs, "IFAL_???", NULL,
};

static const struct rtnl_struct dcbmsg = {
	"dcb_family", 4, {
		{ "cmd", 1, 1, RF_VAL, dcb_cmds, "DCB_CMD_???" } },
	dcb_attrs, "DCB_ATTR_???", NULL,
};

static const struct rtnl_struct netconfmsg = {
	"ncm_family", 1, { { NULL } }, netconf_attrs, "NETCONFA_???", netconf_kinds,
};

static const struct rtnl_struct br_port_msg = {
	"family", 8, {
		{ "ifindex", 4, 4, RF_IFINDEX, NULL, NULL } },
	mdba_attrs, "MDBA_???", NULL,
};

static const struct rtnl_struct nsid_msg = {
	"rtgen_family", 1, { { NULL } }, netnsa_attrs, "NETNSA_???", NULL,
};

static const struct rtnl_struct if_stats_msg = {
	"family", 12, {
		{ "pad1", 1, 1, RF_XNZ, NULL, NULL },
		{ "pad2", 2, 2, RF_XNZ, NULL, NULL },
		{ "ifindex", 4, 4, RF_IFINDEX, NULL, NULL },
		{ "filter_mask", 8, 4, RF_FLAGS, ifla_stats_mask, "1<<IFLA_STATS_???" } },
	ifla_stats_attrs, "IFLA_STATS_???", NULL,
};

static const struct rtnl_struct nhmsg = {
	"nh_family", 8, {
		{ "nh_scope", 1, 1, RF_VAL, rt_scopes, NULL },
		{ "nh_protocol", 2, 1, RF_VAL, rt_protos, "RTPROT_???" },
		{ "resvd", 3, 1, RF_XNZ, NULL, NULL },
		{ "nh_flags", 4, 4, RF_FLAGS, rtnh_flags, "RTNH_F_???" } },
	nha_attrs, "NHA_???", NULL,
};

/* The struct of message type t, with the family byte f, or NULL. */
static const struct rtnl_struct *rtnl_struct_of(unsigned t, unsigned f)
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

/*
 * n bytes at offset off of what p holds (have bytes, from addr) as a
 * string of hex escapes, up to -s of them; their address when they
 * were not read.
 */
static void hex_at(struct buf *b, const unsigned char *p, size_t have,
		   uint64_t off, uint64_t n, uint64_t addr,
		   const struct st_dopts *o)
{
	size_t show = n < (uint64_t)o->strsize ? (size_t)n : (size_t)o->strsize;

	if (off + show > have)
		buf_printf(b, "%#llx", (unsigned long long)(addr + off));
	else
		st_quote(b, p + off, show, show < n, 2);
}

/*
 * Attributes from offset off to len: each struct nlattr and its data in
 * hex, an array of them when there are more than one, at most -s.
 */
/*
 * The value of an attribute of type t (n bytes at offset off) by its
 * kind in kinds, family being the struct's; false where strace shows
 * the bytes in hex (no decoder, or fewer bytes than it reads).
 */
static bool nla_value(struct buf *b, const unsigned char *p, size_t have,
		      uint64_t off, uint64_t n, uint64_t addr, unsigned t,
		      const struct nla_kind *kinds, unsigned family,
		      const struct st_dopts *o)
{
	static const uint8_t size[] = {
		[NV_U8] = 1, [NV_U16] = 2, [NV_U32] = 4, [NV_U64] = 8, [NV_S32] = 4,
		[NV_IFINDEX] = 4,
	};
	const unsigned char *v = p + off;
	uint64_t need;
	int kind = NV_HEX;

	for (; kinds && kinds->kind != NV_HEX; kinds++)
		if (kinds->type == t)
			kind = kinds->kind;
	switch (kind) {
	case NV_HEX:
		return false;
	case NV_STR:
		/* One byte more than -s, as strace reads to know it was cut. */
		need = n < (uint64_t)o->strsize ? n : (uint64_t)o->strsize + 1;
		if (off + need > have) {
			buf_printf(b, "%#llx", (unsigned long long)(addr + off));
		} else if (n <= (uint64_t)o->strsize && n && !v[n - 1]) {
			st_quote(b, v, (size_t)n - 1, false, o->xstyle);
		} else {
			need = n < (uint64_t)o->strsize ? n : (uint64_t)o->strsize;
			st_quote(b, v, (size_t)need, true, o->xstyle);
		}
		return true;
	case NV_ADDR:
		need = family == AF_INET ? 4 : family == AF_INET6 ? 16 : 0;
		if (!need || n < need)
			return false;
		if (off + need > have)
			buf_printf(b, "%#llx", (unsigned long long)(addr + off));
		else
			st_inet_addr(b, v, (int)family, NULL);
		return true;
	}
	if (n < size[kind])
		return false;
	if (off + size[kind] > have) {
		buf_printf(b, "%#llx", (unsigned long long)(addr + off));
		return true;
	}
	switch (kind) {
	case NV_U8: buf_printf(b, "%u", v[0]); break;
	case NV_U16: buf_printf(b, "%u", st_u16(v)); break;
	case NV_U32: buf_printf(b, "%u", st_u32(v)); break;
	case NV_U64: buf_printf(b, "%llu", (unsigned long long)st_u64(v)); break;
	case NV_S32: buf_printf(b, "%d", (int32_t)st_u32(v)); break;
	case NV_IFINDEX: st_ifindex(b, st_u32(v)); break;
	}
	return true;
}

static void nlattrs(struct buf *b, const unsigned char *p, size_t have,
		    uint64_t off, uint64_t len, uint64_t addr,
		    const struct rtnl_struct *s, const struct st_dopts *o)
{
	const struct st_xlat *names = s->attrs;
	const char *dflt = s->attrs_dflt;
	bool array = false;
	int elt;

	for (elt = 0;; elt++) {
		uint64_t left = len - off, alen, next = 0, n;
		unsigned nla_len, type;

		if (left < NLA_HDRLEN) {
			hex_at(b, p, have, off, left, addr, o);
			break;
		}
		if (off + NLA_HDRLEN > have) {
			if (array)
				buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + off));
			else
				buf_printf(b, "%#llx", (unsigned long long)(addr + off));
			break;
		}
		if (!o->verbose && elt == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		nla_len = st_u16(p + off);
		type = st_u16(p + off + 2);
		alen = NLA_ALIGN(nla_len);
		if (nla_len >= NLA_HDRLEN && left > alen)
			next = off + alen;
		if (!array && next) {
			buf_printf(b, "[");
			array = true;
		}
		n = nla_len < left ? nla_len : left;
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
			if (!nla_value(b, p, have, off + NLA_HDRLEN, n - NLA_HDRLEN, addr,
				       type & NLA_TYPE_MASK, s->kinds, p[0], o))
				hex_at(b, p, have, off + NLA_HDRLEN, n - NLA_HDRLEN, addr, o);
			buf_printf(b, "]");
		}
		if (!next)
			break;
		buf_printf(b, ", ");
		off = next;
	}
	if (array)
		buf_printf(b, "]");
}

/* One field of a struct at p. */
static void rtnl_field(struct buf *b, const struct rtnl_field *f,
		       const unsigned char *p)
{
	uint64_t v = f->size == 1 ? p[f->off] : f->size == 2 ? st_u16(p + f->off) :
		     st_u32(p + f->off);

	buf_printf(b, "%s=", f->name);
	switch (f->kind) {
	case RF_U:
		buf_printf(b, "%llu", (unsigned long long)v);
		break;
	case RF_X:
	case RF_XNZ:
		buf_printf(b, "%#llx", (unsigned long long)v);
		break;
	case RF_IFINDEX:
		st_ifindex(b, (unsigned)v);
		break;
	case RF_VAL:
		st_xlat_val(b, f->x, v, f->dflt);
		break;
	case RF_FLAGS:
		st_xlat_flags_dflt(b, f->x, v, f->x == nud_states ? "NUD_NONE" : "0",
				   f->dflt);
		break;
	}
}

/*
 * A NETLINK_ROUTE payload of len bytes at addr (have of them at p), as
 * strace decodes it: the type's struct, its attributes where the struct
 * was whole; a type without one as its family and the rest in hex.
 */
static void rtnl(struct buf *b, unsigned type, const unsigned char *p,
		 size_t have, uint64_t len, uint64_t addr,
		 const struct st_dopts *o)
{
	const struct rtnl_struct *s;
	uint64_t off;
	bool whole = true, first = true;
	int i;

	if (!have) {
		buf_printf(b, "%#llx", (unsigned long long)addr);
		return;
	}
	s = rtnl_struct_of(type, p[0]);
	if (type == RTM_NEWCACHEREPORT) {
		/* Multicast routing's families first, then the others. */
		buf_printf(b, "{rtgen_family=");
		if (st_xlat_name(rtnl_families, p[0]))
			st_xlat_val(b, rtnl_families, p[0], NULL);
		else
			st_xlat_val(b, st_af, p[0], "RTNL_FAMILY_???");
		buf_printf(b, "}");
		if (len > NLMSG_ALIGN(1)) {
			buf_printf(b, ", ");
			hex_at(b, p, have, NLMSG_ALIGN(1), len - NLMSG_ALIGN(1), addr, o);
		}
		return;
	}
	if (!s) {
		buf_printf(b, "{family=");
		st_xlat_val(b, st_af, p[0], "AF_???");
		if (len > 1) {
			buf_printf(b, ", data=");
			hex_at(b, p, have, 1, len - 1, addr, o);
		}
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, "{%s=", s->family);
	st_xlat_val(b, st_af, p[0], "AF_???");
	if (s->f[0].name) {
		buf_printf(b, ", ");
		if (len < s->size) {
			buf_printf(b, "...");
			whole = false;
		} else if (have < s->size) {
			buf_printf(b, "%#llx", (unsigned long long)(addr + 1));
			whole = false;
		} else {
			for (i = 0; i < (int)(sizeof(s->f) / sizeof(s->f[0])) && s->f[i].name; i++) {
				const struct rtnl_field *f = &s->f[i];

				if (f->kind == RF_XNZ &&
				    !(f->size == 1 ? p[f->off] : st_u16(p + f->off)))
					continue;
				if (!first)
					buf_printf(b, ", ");
				rtnl_field(b, f, p);
				first = false;
			}
		}
	}
	buf_printf(b, "}");
	off = NLMSG_ALIGN(s->size);
	if (whole && len > off) {
		buf_printf(b, ", ");
		nlattrs(b, p, have, off, len, addr, s, o);
	}
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
		struct st_nld_mem m = { p, have, addr, o };

		buf_printf(b, ", ");
		st_nld_nlmsgerr_attrs(b, &m, 4 + n, len - 4 - n);
		buf_printf(b, "]");
	}
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
		struct st_nld_mem m = { p, have, addr, o };

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
		rtnl(b, type, p, have, len, addr, o);
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
