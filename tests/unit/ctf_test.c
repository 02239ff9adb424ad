/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CTF writer on fixed events: the metadata's text, the packet
 * header and context at their offsets, packets cut where they fill, a
 * timestamp going back raised, the argument checks; and babeltrace2's
 * listing of the trace, event by event, and its count of the events
 * lost, where babeltrace2 is installed.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "record/ctf.h"

static const uint8_t uuid[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x47, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x00,
};

/* 2023-11-14T22:13:20Z, so that the listing's times are fixed. */
#define OFFSET_NS 1700000000000000000LL

static const struct ctf_opts fixed = {
	.trace_name = "fixture", .uuid = uuid, .clock_offset = OFFSET_NS,
	.hostname = "host1", .sysname = "Linux", .kernel_release = "6.1.0",
	.kernel_version = "#1 SMP", .created = 1700000000,
};

static const struct ctf_field switch_f[] = {
	{ "prev_comm", CTF_STRING }, { "prev_tid", CTF_S32 },
	{ "prev_prio", CTF_S32 }, { "prev_state", CTF_S64 },
	{ "next_comm", CTF_STRING }, { "next_tid", CTF_S32 },
	{ "next_prio", CTF_S32 },
};

static const struct ctf_field open_f[] = {
	{ "dfd", CTF_S32 }, { "filename", CTF_STRING },
	{ "flags", CTF_U32 }, { "mode", CTF_U16 }, { "buf", CTF_HEX64 },
};

static const struct ctf_field all_f[] = {
	{ "a", CTF_U8 }, { "b", CTF_S8 }, { "c", CTF_S16 }, { "d", CTF_U64 },
	{ "stack", CTF_SEQ_HEX64 }, { "event", CTF_S64 },
};

static char *slurp(const char *dir, const char *name, size_t *len)
{
	char *p = xasprintf("%s/%s", dir, name), *s;

	s = util_read_file(p, len);
	free(p);
	return s;
}

static uint64_t u64_at(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* The fixed trace: two CPUs, three classes, lost events on CPU 1. */
static int write_fixture(const char *dir, struct ctf_stats *st)
{
	static const uint64_t ips[3] = { 0xffffffff81000010ULL, 0x401000, 0x7f0000001234ULL };
	struct ctf_writer *w = ctf_open(dir, &fixed);
	union ctf_value v[7];
	int sw, op, al, err;

	if (!w)
		return -errno;
	sw = ctf_event_class(w, "sched_switch", switch_f, ARRAY_SIZE(switch_f));
	op = ctf_event_class(w, "syscall_entry_openat", open_f, ARRAY_SIZE(open_f));
	al = ctf_event_class(w, "all_types", all_f, ARRAY_SIZE(all_f));
	if (sw != 0 || op != 1 || al != 2) {
		ctf_close(w);
		return -EPROTO;
	}
	v[0].s = "swapper/0"; v[1].i = 0; v[2].i = 120; v[3].i = 0;
	v[4].s = "tar"; v[5].i = 1234; v[6].i = 120;
	err = ctf_event(w, 0, 1000, sw, v);
	v[0].i = -100; v[1].s = "/etc/passwd"; v[2].u = 0x80000; v[3].u = 0644;
	v[4].u = 0x7ffd1000;
	err = err ? err : ctf_event(w, 0, 2500, op, v);
	v[0].s = "tar"; v[1].i = 1234; v[2].i = 120; v[3].i = 1;
	v[4].s = "kworker/1:0"; v[5].i = 42; v[6].i = 100;
	err = err ? err : ctf_event(w, 1, 1500, sw, v);
	ctf_discarded(w, 1, 3);
	v[0].u = 255; v[1].i = -1; v[2].i = -300; v[3].u = UINT64_MAX;
	v[4].seq.v = ips; v[4].seq.n = 3; v[5].i = INT64_MIN;
	err = err ? err : ctf_event(w, 1, 3000, al, v);
	if (st) {
		err = err ? err : ctf_flush(w);
		ctf_stats(w, st);
	}
	err = err ? err : ctf_close(w);
	if (err)
		return err;
	return 0;
}

static void test_metadata(void)
{
	struct tc t = { .name = "ctf metadata text" };
	char dir[64];
	size_t len;
	char *m;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	expect(&t, write_fixture(dir, NULL) == 0, "writing the fixture failed");
	m = slurp(dir, "metadata", &len);
	expect(&t, m != NULL, "no metadata: %s", strerror(errno));
	if (m) {
		static const char *const want[] = {
			"byte_order = le;",
			"uuid = \"11223344-5566-4788-99aa-bbccddeeff00\";",
			"domain = \"kernel\";",
			"tracer_name = \"lttng-modules\";",
			"tracer_major = 2;",
			"tracer_minor = 9;",
			"hostname = \"host1\";",
			"trace_name = \"fixture\";",
			"trace_creation_datetime = \"20231114T221320+0000\";",
			"writer = \"ferret ",
			"offset_s = 1700000000;",
			"offset = 0;",
			"freq = 1000000000;",
			"map = clock.monotonic.value;",
			"unsigned long events_discarded;",
			"name = \"sched_switch\";",
			"\t\tstring _prev_comm;\n\t\tint32_t _prev_tid;",
			"\t\tuint32_t _stack_length;\n\t\tuint64_hex_t _stack[_stack_length];",
			"\t\tint64_t _event;",
		};
		size_t i;

		expect(&t, !strncmp(m, "/* CTF 1.8 */\n", 14), "first line: %.20s", m);
		for (i = 0; i < ARRAY_SIZE(want); i++)
			expect(&t, strstr(m, want[i]) != NULL, "no \"%s\" in the metadata",
			       want[i]);
		expect(&t, strlen(m) == len, "a NUL in the metadata");
		free(m);
	}
	harness_rmtree(dir);
	finish(&t);
}

static void test_packets(void)
{
	struct tc t = { .name = "ctf packet header and context" };
	struct ctf_stats st;
	const unsigned char *p;
	char dir[64];
	size_t len;
	char *s;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	expect(&t, write_fixture(dir, &st) == 0, "writing the fixture failed");
	expect(&t, st.events == 4 && st.discarded == 3 && st.ncpus == 2 &&
	       st.clamped == 0, "stats: %llu events, %llu lost, %d cpus",
	       (unsigned long long)st.events, (unsigned long long)st.discarded, st.ncpus);
	s = slurp(dir, "channel0_0", &len);
	p = (const unsigned char *)s;
	/* Header 32 + context 52; switch 12+10+4+4+8+4+4+4; openat 12+4+12+4+2+8. */
	expect(&t, s && len == 84 + 50 + 42, "channel0_0 is %zu bytes", s ? len : 0);
	if (s && len >= 84) {
		expect(&t, u32_at(p) == 0xC1FC1FC1, "magic %#x", u32_at(p));
		expect(&t, !memcmp(p + 4, uuid, 16), "uuid differs");
		expect(&t, u32_at(p + 20) == 0 && u64_at(p + 24) == 0,
		       "stream id %u instance %llu", u32_at(p + 20),
		       (unsigned long long)u64_at(p + 24));
		expect(&t, u64_at(p + 32) == 1000 && u64_at(p + 40) == 2500,
		       "packet times %llu..%llu", (unsigned long long)u64_at(p + 32),
		       (unsigned long long)u64_at(p + 40));
		expect(&t, u64_at(p + 48) == len * 8 && u64_at(p + 56) == len * 8,
		       "content %llu packet %llu bits", (unsigned long long)u64_at(p + 48),
		       (unsigned long long)u64_at(p + 56));
		expect(&t, u64_at(p + 64) == 0 && u64_at(p + 72) == 0 && u32_at(p + 80) == 0,
		       "seq %llu discarded %llu cpu %u", (unsigned long long)u64_at(p + 64),
		       (unsigned long long)u64_at(p + 72), u32_at(p + 80));
		expect(&t, u32_at(p + 84) == 0 && u64_at(p + 88) == 1000 &&
		       !strcmp((const char *)p + 96, "swapper/0"), "first event header");
	}
	free(s);
	s = slurp(dir, "channel0_1", &len);
	p = (const unsigned char *)s;
	/*
	 * Events lost before the stream's first packet: an empty packet
	 * that says none were lost comes first.
	 */
	if (s && len >= 2 * 84) {
		expect(&t, u64_at(p + 24) == 1 && u32_at(p + 80) == 1, "CPU 1's ids");
		expect(&t, u64_at(p + 56) == 84 * 8 && u64_at(p + 64) == 0 &&
		       u64_at(p + 72) == 0, "CPU 1's first packet: %llu bits, lost %llu",
		       (unsigned long long)u64_at(p + 56), (unsigned long long)u64_at(p + 72));
		expect(&t, u64_at(p + 84 + 64) == 1 && u64_at(p + 84 + 72) == 3,
		       "CPU 1's second packet: seq %llu, lost %llu",
		       (unsigned long long)u64_at(p + 84 + 64),
		       (unsigned long long)u64_at(p + 84 + 72));
	} else {
		expect(&t, false, "channel0_1 missing or short");
	}
	free(s);
	harness_rmtree(dir);
	finish(&t);
}

/* Small packets: a new one each time the next event does not fit, times kept going up. */
static void test_cut(void)
{
	struct tc t = { .name = "ctf packets cut when full, times raised" };
	struct ctf_opts o = fixed;
	struct ctf_writer *w;
	struct ctf_stats st;
	union ctf_value v[5];
	char dir[64], *s;
	size_t len, off;
	uint64_t prev_end = 0, seq = 0, n = 0;
	int id, i;

	o.packet_size = 4096;
	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	w = ctf_open(dir, &o);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (!w)
		goto out;
	id = ctf_event_class(w, "syscall_entry_openat", open_f, ARRAY_SIZE(open_f));
	v[0].i = 3; v[1].s = "/tmp/x"; v[2].u = 0; v[3].u = 0; v[4].u = 0;
	for (i = 0; i < 1000; i++)
		expect(&t, ctf_event(w, 0, i == 500 ? 10 : 100 + (uint64_t)i, id, v) == 0,
		       "event %d not written", i);
	ctf_stats(w, &st);
	expect(&t, st.clamped == 1, "%llu clamped", (unsigned long long)st.clamped);
	expect(&t, ctf_close(w) == 0, "ctf_close failed");
	s = slurp(dir, "channel0_0", &len);
	for (off = 0; s && off + 84 <= len; n++) {
		const unsigned char *p = (const unsigned char *)s + off;
		uint64_t bits = u64_at(p + 56);

		expect(&t, bits % 8 == 0 && bits / 8 <= 4096 && bits / 8 > 84 &&
		       off + bits / 8 <= len, "packet %llu: %llu bits",
		       (unsigned long long)n, (unsigned long long)bits);
		expect(&t, u64_at(p + 64) == seq++, "packet %llu: seq", (unsigned long long)n);
		expect(&t, u64_at(p + 32) >= prev_end && u64_at(p + 40) >= u64_at(p + 32),
		       "packet %llu: times %llu..%llu after %llu", (unsigned long long)n,
		       (unsigned long long)u64_at(p + 32), (unsigned long long)u64_at(p + 40),
		       (unsigned long long)prev_end);
		prev_end = u64_at(p + 40);
		if (bits / 8 < 84)
			break;
		off += bits / 8;
	}
	expect(&t, s && off == len && n >= 9, "%llu packets over %zu bytes",
	       (unsigned long long)n, s ? len : 0);
	free(s);
out:
	harness_rmtree(dir);
	finish(&t);
}

static void test_errors(void)
{
	struct tc t = { .name = "ctf argument checks" };
	static const struct ctf_field bad1[] = { { "1x", CTF_U8 } };
	static const struct ctf_field dup[] = { { "a", CTF_U8 }, { "a", CTF_U16 } };
	static const struct ctf_field ok[] = { { "a", CTF_U8 } };
	struct ctf_opts o = fixed;
	struct ctf_writer *w;
	union ctf_value v[1] = { { .u = 1 } };
	char dir[64];
	int fd;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	w = ctf_open(dir, &o);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (w) {
		expect(&t, ctf_event_class(w, "x", bad1, 1) == -EINVAL, "bad field name taken");
		expect(&t, ctf_event_class(w, "x", dup, 2) == -EINVAL, "duplicate field taken");
		expect(&t, ctf_event_class(w, "a\"b", ok, 1) == -EINVAL, "quote in a name taken");
		expect(&t, ctf_event_class(w, "x", ok, 1) == 0, "good class refused");
		expect(&t, ctf_event_class(w, "x", ok, 1) == -EEXIST, "class declared twice");
		expect(&t, ctf_class_id(w, "x") == 0 && ctf_class_id(w, "y") == -ENOENT,
		       "ctf_class_id");
		expect(&t, ctf_event(w, -1, 1, 0, v) == -EINVAL, "cpu -1 taken");
		expect(&t, ctf_event(w, 0, 1, 1, v) == -EINVAL, "class 1 taken");
		expect(&t, ctf_close(w) == 0, "ctf_close failed");
	}
	/* A file where the directory should be. */
	fd = open(strcat(dir, "/f"), O_CREAT | O_WRONLY, 0644);
	if (fd >= 0)
		close(fd);
	errno = 0;
	expect(&t, ctf_open(dir, &o) == NULL && errno == ENOTDIR, "a file taken for a directory: %s",
	       strerror(errno));
	dir[strlen(dir) - 2] = 0;
	harness_rmtree(dir);
	finish(&t);
}

/*
 * A device that fills: CPU 1's stream is /dev/full.  The error comes
 * back, and the events counted as written are CPU 0's alone.
 */
static void test_full(void)
{
	struct tc t = { .name = "ctf: a full device counts only what was written" };
	struct ctf_opts o = fixed;
	struct ctf_writer *w;
	struct ctf_stats st;
	union ctf_value v[1] = { { .u = 1 } };
	static const struct ctf_field one[] = { { "a", CTF_U8 } };
	char dir[64], path[96];
	int i, id, err = 0;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	w = ctf_open(dir, &o);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (!w)
		goto out;
	/* After ctf_open(), which clears the streams of an earlier trace. */
	snprintf(path, sizeof(path), "%s/channel0_1", dir);
	expect(&t, symlink("/dev/full", path) == 0, "symlink: %s", strerror(errno));
	id = ctf_event_class(w, "e", one, 1);
	for (i = 0; i < 10 && !err; i++)
		err = ctf_event(w, i < 7 ? 0 : 1, 100 + (uint64_t)i, id, v);
	expect(&t, !err, "event refused: %d", err);
	err = ctf_flush(w);
	expect(&t, err == -ENOSPC, "flush: %d, want -ENOSPC", err);
	ctf_stats(w, &st);
	expect(&t, st.events == 7, "%llu events counted written, want 7",
	       (unsigned long long)st.events);
	expect(&t, ctf_close(w) == -ENOSPC, "close: not -ENOSPC");
out:
	harness_rmtree(dir);
	finish(&t);
}

/*
 * A file size limit below the packet: the packet fails whole, and the
 * writer keeps what fits in smaller packets: whole packets, numbered in
 * order, their events counted as written, babeltrace2 listing as many.
 */
static void test_split(void)
{
	struct tc t = { .name = "ctf: what fits of a packet kept when the file cannot grow" };
	struct ctf_opts o = fixed;
	struct ctf_writer *w;
	struct ctf_stats st;
	struct rlimit old, lim;
	union ctf_value v[1] = { { .u = 7 } };
	static const struct ctf_field one[] = { { "a", CTF_U8 } };
	char dir[64], *data, *out;
	size_t len, off, nev = 0;
	uint64_t seq = 0;
	int i, id, err = 0;
	void (*oldsig)(int);

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	o.packet_size = 65536;
	w = ctf_open(dir, &o);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (!w)
		goto out;
	id = ctf_event_class(w, "e", one, 1);
	/* 13 bytes an event: 3000 of them fill 39 KiB of one packet. */
	for (i = 0; i < 3000 && !err; i++)
		err = ctf_event(w, 0, 100 + (uint64_t)i, id, v);
	expect(&t, !err, "event refused: %d", err);
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 16384;
	oldsig = signal(SIGXFSZ, SIG_IGN);
	expect(&t, setrlimit(RLIMIT_FSIZE, &lim) == 0, "setrlimit: %s", strerror(errno));
	err = ctf_flush(w);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, oldsig);
	expect(&t, err == -EFBIG, "flush: %d, want -EFBIG", err);
	ctf_stats(w, &st);
	expect(&t, ctf_close(w) == -EFBIG, "close: not -EFBIG");
	data = slurp(dir, "channel0_0", &len);
	expect(&t, data && len <= 16384, "stream of %zu bytes", len);
	for (off = 0; data && off + 84 <= len; seq++) {
		const unsigned char *p = (const unsigned char *)data + off;
		uint64_t bits = u64_at(p + 56);

		expect(&t, u64_at(p + 64) == seq, "packet %llu: seq %llu", (unsigned long long)seq,
		       (unsigned long long)u64_at(p + 64));
		if (bits / 8 < 84 || off + bits / 8 > len || (bits / 8 - 84) % 13) {
			expect(&t, false, "packet %llu: %llu bits", (unsigned long long)seq,
			       (unsigned long long)bits);
			break;
		}
		nev += (bits / 8 - 84) / 13;
		off += bits / 8;
	}
	expect(&t, off == len, "%zu bytes past the last whole packet", len - off);
	expect(&t, seq > 1 && nev > 1000 && nev == st.events && nev < 3000,
	       "%llu packets, %zu events in the file, %llu counted written",
	       (unsigned long long)seq, nev, (unsigned long long)st.events);
	free(data);
	if (!system("command -v babeltrace2 >/dev/null 2>&1")) {
		out = run("babeltrace2 %s 2>&1 | grep -c ' e: '", dir);
		expect(&t, out && (size_t)atol(out) == nev, "babeltrace2 lists %s events, want %zu",
		       out ? out : "no", nev);
		free(out);
	}
out:
	harness_rmtree(dir);
	finish(&t);
}

/*
 * babeltrace2's listing, times as seconds since the epoch: every event
 * with every field, in time order across the two CPUs, and the lost
 * events it reports from the packet context.
 */
static void test_babeltrace(void)
{
	static const char *const want[] = {
		"[1700000000.000001000] host1 sched_switch: { cpu_id = 0 }, { prev_comm = \"swapper/0\", prev_tid = 0, prev_prio = 120, prev_state = 0, next_comm = \"tar\", next_tid = 1234, next_prio = 120 }",
		"[1700000000.000001500] host1 sched_switch: { cpu_id = 1 }, { prev_comm = \"tar\", prev_tid = 1234, prev_prio = 120, prev_state = 1, next_comm = \"kworker/1:0\", next_tid = 42, next_prio = 100 }",
		"[1700000000.000002500] host1 syscall_entry_openat: { cpu_id = 0 }, { dfd = -100, filename = \"/etc/passwd\", flags = 524288, mode = 420, buf = 0x7FFD1000 }",
		"[1700000000.000003000] host1 all_types: { cpu_id = 1 }, { a = 255, b = -1, c = -300, d = 18446744073709551615, stack_length = 3, stack = [ [0] = 0xFFFFFFFF81000010, [1] = 0x401000, [2] = 0x7F0000001234 ], event = -9223372036854775808 }",
	};
	struct tc t = { .name = "ctf read by babeltrace2" };
	char dir[64], *out, *line, *save = NULL;
	size_t i = 0;
	bool lost = false;

	if (system("command -v babeltrace2 >/dev/null 2>&1")) {
		skip(t.name, "babeltrace2 is not installed");
		return;
	}
	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	expect(&t, write_fixture(dir, NULL) == 0, "writing the fixture failed");
	out = run("babeltrace2 --clock-seconds --no-delta %s 2>&1", dir);
	expect(&t, out != NULL, "babeltrace2 failed");
	for (line = out ? strtok_r(out, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strstr(line, "WARNING: Tracer discarded")) {
			lost = strstr(line, "discarded 3 events between [1700000000.000001500]") &&
			       strstr(line, "channel0_1");
			continue;
		}
		expect(&t, i < ARRAY_SIZE(want) && !strcmp(line, want[i]),
		       "line %zu:\n  got  %s\n  want %s", i + 1, line,
		       i < ARRAY_SIZE(want) ? want[i] : "(none)");
		i++;
	}
	expect(&t, i == ARRAY_SIZE(want), "%zu events listed", i);
	expect(&t, lost, "no line for CPU 1's 3 lost events");
	free(out);
	harness_rmtree(dir);
	finish(&t);
}

/*
 * A port in network byte order, a hex int, and raw fields (a sequence
 * with its length field, an enum) as their declarations say: what
 * babeltrace2 lists; a raw field without a declaration refused.
 */
static void test_raw(void)
{
	static const struct ctf_field f[] = {
		{ "port", CTF_BE16 }, { "len", CTF_XS32 }, { "_addr_length", CTF_U32 },
		{ "addr", CTF_RAW }, { "op", CTF_RAW },
	};
	static const struct ctf_decl d[] = {
		{ NULL, NULL }, { NULL, NULL }, { NULL, NULL },
		{ "integer { size = 8; align = 8; signed = false; }", "[__addr_length]" },
		{ "enum : int32_t { \"ADD\" = 1, \"DEL\" = 2 }", NULL },
	};
	static const uint8_t addr[4] = { 127, 0, 0, 1 }, op[4] = { 2, 0, 0, 0 };
	struct tc t = { .name = "ctf: network byte order, hex ints, raw declarations (babeltrace2)" };
	union ctf_value v[5];
	struct ctf_writer *w;
	char dir[64], *out = NULL;
	int id;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	w = ctf_open(dir, &fixed);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (w) {
		expect(&t, ctf_event_class(w, "raw", f, 5) == -EINVAL, "raw fields without declarations taken");
		id = ctf_event_class_decl(w, "raw", f, 5, d);
		v[0].u = 8080;
		v[1].i = 16;
		v[2].u = 4;
		v[3].raw.p = addr;
		v[3].raw.n = 4;
		v[4].raw.p = op;
		v[4].raw.n = 4;
		expect(&t, id == 0 && ctf_event(w, 0, 1000, id, v) == 0, "the event");
		expect(&t, ctf_close(w) == 0, "ctf_close failed");
	}
	if (system("command -v babeltrace2 >/dev/null 2>&1")) {
		harness_rmtree(dir);
		skip(t.name, "babeltrace2 is not installed");
		return;
	}
	out = run("babeltrace2 --no-delta %s 2>&1 | sed 's/^.*raw: //'", dir);
	expect(&t, out && !strcmp(out, "{ cpu_id = 0 }, { port = 8080, len = 0x10, _addr_length = 4, "
		  "addr = [ [0] = 127, [1] = 0, [2] = 0, [3] = 1 ], op = ( \"DEL\" : container = 2 ) }\n"),
	       "babeltrace2: %s", out ? out : "failed");
	free(out);
	harness_rmtree(dir);
	finish(&t);
}

/*
 * An event context as LTTng's channels declare it (lttng add-context
 * -t tid -t procname): the stream's event.context in the metadata, its
 * values before each event's fields, what babeltrace2 lists; an event
 * without context values and a raw context field without a declaration
 * refused.
 */
static void test_context(void)
{
	static const struct ctf_field cf[] = { { "tid", CTF_S32 }, { "procname", CTF_RAW } };
	static const struct ctf_decl cd[] = {
		{ "integer { size = 32; align = 8; signed = 1; encoding = none; base = 10; }", NULL },
		{ "integer { size = 8; align = 8; signed = 1; encoding = UTF8; base = 10; }", "[16]" },
	};
	static const struct ctf_field f[] = { { "ret", CTF_S64 } };
	static const char comm[16] = "tar";
	struct tc t = { .name = "ctf: an event context, as LTTng declares tid and procname (babeltrace2)" };
	struct ctf_opts o = fixed;
	union ctf_value v[1], c[2];
	struct ctf_writer *w;
	char dir[64], *out = NULL, *meta;
	size_t len;
	int id;

	if (!harness_mkdtemp(dir, sizeof(dir), "ctf")) {
		expect(&t, false, "mkdtemp: %s", strerror(errno));
		finish(&t);
		return;
	}
	o.context = cf;
	o.ncontext = 2;
	errno = 0;
	expect(&t, ctf_open(dir, &o) == NULL && errno == EINVAL,
	       "a raw context field without a declaration taken");
	o.context_decls = cd;
	w = ctf_open(dir, &o);
	expect(&t, w != NULL, "ctf_open: %s", strerror(errno));
	if (w) {
		id = ctf_event_class(w, "syscall_exit_getppid", f, 1);
		v[0].i = 1;
		c[0].i = 1234;
		c[1].raw.p = comm;
		c[1].raw.n = 16;
		expect(&t, ctf_event(w, 0, 1000, id, v) == -EINVAL, "an event without its context taken");
		expect(&t, id == 0 && ctf_event_ctx(w, 0, 1000, id, c, v) == 0, "the event");
		expect(&t, ctf_close(w) == 0, "ctf_close failed");
	}
	meta = slurp(dir, "metadata", &len);
	expect(&t, meta && strstr(meta, "\tpacket.context := struct packet_context;\n"
				  "\tevent.context := struct {\n"
				  "\t\tinteger { size = 32; align = 8; signed = 1; encoding = none; base = 10; } _tid;\n"
				  "\t\tinteger { size = 8; align = 8; signed = 1; encoding = UTF8; base = 10; } _procname[16];\n"
				  "\t};\n};\n"),
	       "the stream's event.context: %s", meta ? meta : "no metadata");
	free(meta);
	if (system("command -v babeltrace2 >/dev/null 2>&1")) {
		harness_rmtree(dir);
		skip(t.name, "babeltrace2 is not installed");
		return;
	}
	out = run("babeltrace2 --no-delta %s 2>&1 | sed 's/^.*getppid: //'", dir);
	expect(&t, out && !strcmp(out, "{ cpu_id = 0 }, { tid = 1234, procname = \"tar\" }, { ret = 1 }\n"),
	       "babeltrace2: %s", out ? out : "failed");
	free(out);
	harness_rmtree(dir);
	finish(&t);
}

int main(void)
{
	test_metadata();
	test_packets();
	test_cut();
	test_errors();
	test_full();
	test_split();
	test_babeltrace();
	test_raw();
	test_context();
	return harness_summary();
}
