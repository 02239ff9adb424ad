/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pcap writer on fixed packets: the file header and each record's
 * fields at the offsets the pcap format gives them, read back byte by
 * byte, and tcpdump's reading of the file where tcpdump is installed.
 */
#include <unistd.h>

#include "harness.h"
#include "runtime/pcap.h"

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint16_t u16_at(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

/* An IPv4 header, 20 bytes: 10.0.0.1 -> 10.0.0.2, protocol 17 (UDP). */
static const unsigned char ip4[] = {
	0x45, 0, 0, 20, 0, 0, 0, 0, 64, 17, 0, 0,
	10, 0, 0, 1, 10, 0, 0, 2,
};

static void test_layout(void)
{
	struct tc t = { .name = "pcap file and record headers" };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const unsigned char *p;

	if (!f) {
		expect(&t, false, "open_memstream: %s", strerror(errno));
		finish(&t);
		return;
	}
	expect(&t, pcap_begin(f, PCAP_LINKTYPE_RAW, PCAP_SNAPLEN) == 0, "pcap_begin failed");
	expect(&t, pcap_packet(f, 1700000000123456789ULL, ip4, sizeof(ip4)) == 0,
	       "pcap_packet failed");
	expect(&t, pcap_packet(f, 5000000000ULL, ip4, 0) == 0,
	       "an empty packet failed");
	fclose(f);
	p = (const unsigned char *)buf;
	expect(&t, len == 24 + 16 + sizeof(ip4) + 16, "file is %zu bytes", len);
	if (len >= 24 + 16 + sizeof(ip4) + 16) {
		expect(&t, u32_at(p) == 0xa1b2c3d4, "magic %#x", u32_at(p));
		expect(&t, u16_at(p + 4) == 2 && u16_at(p + 6) == 4,
		       "version %u.%u", u16_at(p + 4), u16_at(p + 6));
		expect(&t, u32_at(p + 8) == 0 && u32_at(p + 12) == 0,
		       "thiszone/sigfigs not zero");
		expect(&t, u32_at(p + 16) == 65535, "snaplen %u", u32_at(p + 16));
		expect(&t, u32_at(p + 20) == 101, "linktype %u", u32_at(p + 20));
		p += 24;
		expect(&t, u32_at(p) == 1700000000, "ts_sec %u", u32_at(p));
		expect(&t, u32_at(p + 4) == 123456, "ts_usec %u", u32_at(p + 4));
		expect(&t, u32_at(p + 8) == sizeof(ip4) &&
		       u32_at(p + 12) == sizeof(ip4), "lengths %u %u",
		       u32_at(p + 8), u32_at(p + 12));
		expect(&t, !memcmp(p + 16, ip4, sizeof(ip4)), "packet bytes differ");
		p += 16 + sizeof(ip4);
		expect(&t, u32_at(p) == 5 && u32_at(p + 4) == 0 &&
		       u32_at(p + 8) == 0, "second record %u.%u len %u",
		       u32_at(p), u32_at(p + 4), u32_at(p + 8));
	}
	free(buf);
	finish(&t);
}

/* What tcpdump makes of the file: one raw IP packet, UDP, at that time. */
static void test_tcpdump(void)
{
	struct tc t = { .name = "tcpdump reads the file" };
	char path[] = "/tmp/ferret-pcap-XXXXXX", cmd[256], line[512] = "";
	int fd = mkstemp(path);
	FILE *f, *p;

	if (system("command -v tcpdump >/dev/null 2>&1")) {
		skip(t.name, "tcpdump is not installed");
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
		return;
	}
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		expect(&t, false, "mkstemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	pcap_begin(f, PCAP_LINKTYPE_RAW, PCAP_SNAPLEN);
	pcap_packet(f, 1700000000123456000ULL, ip4, sizeof(ip4));
	fclose(f);
	snprintf(cmd, sizeof(cmd), "TZ=UTC tcpdump -n -tt -r %s 2>&1", path);
	p = popen(cmd, "r");
	if (p) {
		char l[512];

		while (fgets(l, sizeof(l), p))
			if (strstr(l, "10.0.0.1"))
				snprintf(line, sizeof(line), "%s", l);
		pclose(p);
	}
	unlink(path);
	expect(&t, !strncmp(line, "1700000000.123456 IP 10.0.0.1 > 10.0.0.2:", 40),
	       "tcpdump printed '%s'", line);
	finish(&t);
}

int main(void)
{
	test_layout();
	test_tcpdump();
	return harness_summary();
}
