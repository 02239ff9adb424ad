/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PCAP_H
#define FERRET_PCAP_H

#include <stdint.h>
#include <stdio.h>

/*
 * pcap files of raw IP packets (link type 101, LINKTYPE_RAW), as
 * skboutput() writes them: microsecond timestamps, each packet whole
 * (its captured and original lengths equal).
 */
#define PCAP_LINKTYPE_RAW 101
#define PCAP_SNAPLEN 65535

/* Writes the file header.  0 or -errno. */
int pcap_begin(FILE *f);
/* Writes one packet taken at realtime_ns.  0 or -errno. */
int pcap_packet(FILE *f, uint64_t realtime_ns, const void *data,
		uint32_t len);

#endif
