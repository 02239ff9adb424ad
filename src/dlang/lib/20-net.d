/*
 * D's built-in library: address families and IP protocol numbers as
 * Linux numbers them, for socket calls' arguments and the inet
 * subroutines.
 */

inline int AF_UNSPEC = 0;
inline int AF_UNIX = 1;
inline int AF_LOCAL = 1;
inline int AF_INET = 2;
inline int AF_INET6 = 10;
inline int AF_NETLINK = 16;
inline int AF_PACKET = 17;

/* link_ntop()'s hardware types, as Linux's ARPHRD_* numbers them */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

/* pcap()'s link types, libpcap's DLT_* numbers as DTrace names them */
inline int PCAP_NULL = 0;
inline int PCAP_ETHER = 1;
inline int PCAP_PPP = 9;
inline int PCAP_IP = 12;
inline int PCAP_WIFI = 105;
inline int PCAP_IPOIB = 242;

inline int IPPROTO_IP = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;

/*
 * IP addresses as the inet subroutines take them (dtrace-utils' ip.d):
 * an IPv4 address in network byte order, and the kernel's IPv6 one.
 */
typedef uint32_t ipaddr_t;
typedef uint32_t in_addr_t;
typedef struct in6_addr in6_addr_t;
