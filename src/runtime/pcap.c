/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pcap file format: a 24-byte header, then per packet a 16-byte
 * record header and the bytes, all in the writer's byte order (readers
 * tell it from the magic number).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pcap.h"
#include "../util.h"

struct pcap_file_hdr {
	uint32_t magic;
	uint16_t major, minor;
	int32_t thiszone;
	uint32_t sigfigs;
	uint32_t snaplen;
	uint32_t linktype;
};

struct pcap_rec_hdr {
	uint32_t ts_sec, ts_usec;
	uint32_t incl_len, orig_len;
};

/* Microsecond timestamps. */
#define PCAP_MAGIC 0xa1b2c3d4

static int put(FILE *f, const void *p, size_t len)
{
	if (len && fwrite(p, len, 1, f) != 1)
		return errno ? -errno : -EIO;
	return 0;
}

int pcap_begin(FILE *f, uint32_t linktype, uint32_t snaplen)
{
	struct pcap_file_hdr h = {
		.magic = PCAP_MAGIC, .major = 2, .minor = 4,
		.snaplen = snaplen, .linktype = linktype,
	};

	return put(f, &h, sizeof(h));
}

int pcap_packet(FILE *f, uint64_t realtime_ns, const void *data,
		uint32_t len)
{
	struct pcap_rec_hdr r = {
		.ts_sec = (uint32_t)(realtime_ns / 1000000000ULL),
		.ts_usec = (uint32_t)(realtime_ns % 1000000000ULL / 1000),
		.incl_len = len,
		.orig_len = len,
	};
	int err = put(f, &r, sizeof(r));

	return err ? err : put(f, data, len);
}

FILE *pcap_set_file(struct pcap_set *s, const char *path, uint32_t linktype,
		    uint32_t snaplen)
{
	struct pcap_out *o;
	FILE *f;
	int i, err;

	for (i = 0; i < s->n; i++) {
		if (strcmp(s->v[i].path, path))
			continue;
		if (s->v[i].linktype != linktype) {
			errno = EINVAL;
			return NULL;
		}
		return s->v[i].f;
	}
	f = fopen(path, "we");
	if (!f)
		return NULL;
	err = pcap_begin(f, linktype, snaplen);
	if (err) {
		fclose(f);
		errno = -err;
		return NULL;
	}
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	o = &s->v[s->n++];
	o->path = xstrdup(path);
	o->f = f;
	o->linktype = linktype;
	return f;
}

int pcap_set_close(struct pcap_set *s)
{
	int i, err = 0;

	for (i = 0; i < s->n; i++) {
		if ((ferror(s->v[i].f) | fclose(s->v[i].f)) && !err)
			err = errno ? -errno : -EIO;
		free(s->v[i].path);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
	return err;
}
