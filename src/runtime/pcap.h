/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PCAP_H
#define FERRET_PCAP_H

#include <stdint.h>
#include <stdio.h>

/*
 * pcap files, as skboutput() (raw IP packets, link type 101,
 * LINKTYPE_RAW) and D's pcap() write them: microsecond timestamps, each
 * packet as captured (its captured and original lengths equal).
 */
#define PCAP_LINKTYPE_RAW 101
#define PCAP_SNAPLEN 65535

/* Writes the file header: packets of linktype, at most snaplen bytes.
 * 0 or -errno. */
int pcap_begin(FILE *f, uint32_t linktype, uint32_t snaplen);
/* Writes one packet taken at realtime_ns.  0 or -errno. */
int pcap_packet(FILE *f, uint64_t realtime_ns, const void *data,
		uint32_t len);

/* pcap files by path, as D's pcap() writes them after freopen(). */
struct pcap_set {
	struct pcap_out {
		char *path;
		FILE *f;
		uint32_t linktype;
	} *v;
	int n;
};
/*
 * The file at path, opened (emptied) and begun with linktype and snaplen
 * on its first use; NULL with errno set, EINVAL where it was begun with
 * another link type.
 */
FILE *pcap_set_file(struct pcap_set *s, const char *path, uint32_t linktype,
		    uint32_t snaplen);
/* Closes them all.  0, or -errno of the first that could not be written. */
int pcap_set_close(struct pcap_set *s);

#endif
