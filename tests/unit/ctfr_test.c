/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CTF reader on fixed input: traces made by ferret's writer (two
 * CPUs, several packets, lost events, every field type), CTF written by
 * babeltrace2 (its sink.ctf.fs, from a dmesg text and from the writer's
 * trace), hand-made metadata with LTTng's compact/extended event header
 * (enum tag, variant, 5- and 27-bit fields), a big-endian trace,
 * packetised metadata, text arrays, floats; and bad input: every
 * truncation of a stream and of the metadata, every byte corrupted,
 * each giving an error naming the file and offset, never a crash.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "record/ctf.h"
#include "record/ctfr.h"

static const uint8_t uuid[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x47, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x00,
};

#define OFFSET_NS 1700000000000000000LL

static const struct ctf_opts fixed = {
	.trace_name = "fixture", .uuid = uuid, .clock_offset = OFFSET_NS,
	.hostname = "host1", .sysname = "Linux", .kernel_release = "6.1.0",
	.kernel_version = "#1 SMP", .created = 1700000000, .packet_size = 4096,
};

static const struct ctf_field switch_f[] = {
	{ "prev_comm", CTF_STRING }, { "prev_tid", CTF_S32 },
	{ "prev_prio", CTF_S32 }, { "prev_state", CTF_S64 },
	{ "next_comm", CTF_STRING }, { "next_tid", CTF_S32 },
	{ "next_prio", CTF_S32 },
};

static const struct ctf_field all_f[] = {
	{ "a", CTF_U8 }, { "b", CTF_S8 }, { "c", CTF_S16 }, { "d", CTF_U64 },
	{ "stack", CTF_SEQ_HEX64 }, { "event", CTF_S64 }, { "s", CTF_STRING },
	{ "p", CTF_HEX64 }, { "e", CTF_U32 },
};

#define NSWITCH 1500

/*
 * The fixture: NSWITCH sched_switch events alternating CPUs 0 and 1
 * (several 4 KiB packets each), an all_types event, and 7 events lost
 * on CPU 1 between its packets.
 */
static int write_fixture(const char *dir)
{
	static const uint64_t ips[3] = { 0xffffffff81000010ULL, 0x401000, 0x7f0000001234ULL };
	struct ctf_writer *w = ctf_open(dir, &fixed);
	union ctf_value v[9];
	char comm[32];
	int sw, al, err = 0, i;

	if (!w)
		return -errno;
	sw = ctf_event_class(w, "sched_switch", switch_f, ARRAY_SIZE(switch_f));
	al = ctf_event_class(w, "all_types", all_f, ARRAY_SIZE(all_f));
	for (i = 0; i < NSWITCH && !err; i++) {
		snprintf(comm, sizeof(comm), "task%d", i);
		v[0].s = comm; v[1].i = i; v[2].i = 120; v[3].i = i % 3;
		v[4].s = "next"; v[5].i = i + 1; v[6].i = 100;
		err = ctf_event(w, i % 2, 1000 + 10 * (uint64_t)i, sw, v);
		if (i == NSWITCH / 2)
			ctf_discarded(w, 1, 7);
	}
	v[0].u = 255; v[1].i = -1; v[2].i = -300; v[3].u = UINT64_MAX;
	v[4].seq.v = ips; v[4].seq.n = 3; v[5].i = INT64_MIN; v[6].s = "";
	v[7].u = 0xdeadbeef; v[8].u = 7;
	err = err ? err : ctf_event(w, 1, 1000000, al, v);
	err = err ? err : ctf_close(w);
	return err;
}

/* Events rendered one a line: "ts cpu name: f=v ..." (values by kind). */
static void render_val(struct buf *b, const struct ctfr_event *ev, uint32_t i)
{
	const struct ctfr_val *v = &ev->vals[i];
	uint32_t j, k;

	switch (v->kind) {
	case CTFR_INT:
	case CTFR_ENUM:
		if (v->type && ctfr_int_info(v->type)->base == 16)
			buf_printf(b, "0x%llx", (unsigned long long)v->u);
		else if (v->type && ctfr_int_info(v->type)->sign)
			buf_printf(b, "%lld", (long long)v->s);
		else
			buf_printf(b, "%llu", (unsigned long long)v->u);
		if (v->kind == CTFR_ENUM && v->str)
			buf_printf(b, "(%s)", v->str);
		break;
	case CTFR_FLOAT:
		buf_printf(b, "%g", v->f);
		break;
	case CTFR_STRING:
		buf_printf(b, "\"%.*s\"", (int)v->len, v->str);
		break;
	default:
		buf_printf(b, "{");
		for (j = i + 1, k = 0; k < v->n; k++) {
			if (k)
				buf_printf(b, ",");
			if (ev->vals[j].name)
				buf_printf(b, "%s=", ev->vals[j].name);
			render_val(b, ev, j);
			j = ev->vals[j].end;
		}
		buf_printf(b, "}");
	}
}

static int render(const struct ctfr_event *ev, void *arg)
{
	struct buf *b = arg;

	if (ev->kind == CTFR_EV_DISCARDED) {
		buf_printf(b, "%llu %d LOST %llu\n", (unsigned long long)ev->ts,
			   ev->cpu, (unsigned long long)ev->discarded);
		return 0;
	}
	buf_printf(b, "%llu %d %s:", (unsigned long long)ev->ts, ev->cpu, ev->name);
	if (ev->payload >= 0) {
		buf_printf(b, " ");
		render_val(b, ev, ev->payload);
	}
	buf_printf(b, "\n");
	return 0;
}

/* Reads dir whole; the rendering, or NULL with the error in err. */
static char *read_dir(const char *dir, char *err, size_t errlen)
{
	struct ctfr *r = ctfr_new();
	struct buf b = { 0 };
	int e;

	buf_put(&b, "", 0);
	e = ctfr_open(r, dir);
	if (!e)
		e = ctfr_read(r, render, &b);
	if (e) {
		snprintf(err, errlen, "%s", ctfr_error(r));
		buf_free(&b);
		ctfr_free(r);
		return NULL;
	}
	buf_put(&b, "", 1);
	ctfr_free(r);
	return b.p;
}

struct count {
	int n, lost_events;
	uint64_t last_ts;
	bool ordered;
	int per_cpu[2];
	const struct ctfr_event *bad;
	char why[256];
};

static int count_fn(const struct ctfr_event *ev, void *arg)
{
	struct count *c = arg;
	int64_t tid, state;
	const char *comm;
	char want[32];

	if (ev->ts < c->last_ts)
		c->ordered = false;
	c->last_ts = ev->ts;
	if (ev->kind == CTFR_EV_DISCARDED) {
		c->lost_events += ev->discarded;
		return 0;
	}
	if (strcmp(ev->name, "sched_switch"))
		return 0;
	if (!ctfr_field_int(ev, "prev_tid", &tid) ||
	    !ctfr_field_int(ev, "prev_state", &state) ||
	    !(comm = ctfr_field_str(ev, "prev_comm"))) {
		snprintf(c->why, sizeof(c->why), "event %d lacks fields", c->n);
		return -EPROTO;
	}
	snprintf(want, sizeof(want), "task%lld", (long long)tid);
	if (strcmp(comm, want) || state != tid % 3 || ev->cpu != tid % 2 ||
	    ev->ts != 1000 + 10 * (uint64_t)tid) {
		snprintf(c->why, sizeof(c->why), "event %d: tid %lld comm %s state %lld cpu %d ts %llu",
			 c->n, (long long)tid, comm, (long long)state, ev->cpu,
			 (unsigned long long)ev->ts);
		return -EPROTO;
	}
	if (ev->cpu >= 0 && ev->cpu < 2)
		c->per_cpu[ev->cpu]++;
	c->n++;
	return 0;
}

static void test_writer(const char *dir)
{
	struct tc t = { .name = "reads the writer's trace: order, fields, packets, lost events" };
	struct ctfr *r = ctfr_new();
	struct count c = { .ordered = true };
	int e;

	e = ctfr_open(r, dir);
	expect(&t, !e, "open: %s", ctfr_error(r));
	if (!e) {
		e = ctfr_read(r, count_fn, &c);
		expect(&t, !e, "read: %d %s %s", e, ctfr_error(r), c.why);
	}
	expect(&t, c.n == NSWITCH, "%d sched_switch events", c.n);
	expect(&t, c.per_cpu[0] == NSWITCH / 2 && c.per_cpu[1] == NSWITCH / 2,
	       "per CPU %d %d", c.per_cpu[0], c.per_cpu[1]);
	expect(&t, c.ordered, "events out of time order");
	expect(&t, c.lost_events == 7 && ctfr_discarded(r) == 7,
	       "lost %d (counted %llu), want 7", c.lost_events,
	       (unsigned long long)ctfr_discarded(r));
	expect(&t, ctfr_nstreams(r) == 2, "%d streams", ctfr_nstreams(r));
	expect(&t, ctfr_clock_offset(r) == OFFSET_NS, "clock offset %lld",
	       (long long)ctfr_clock_offset(r));
	expect(&t, ctfr_env(r, "domain") && !strcmp(ctfr_env(r, "domain"), "kernel"),
	       "env domain %s", ctfr_env(r, "domain") ?: "(none)");
	expect(&t, ctfr_env(r, "hostname") && !strcmp(ctfr_env(r, "hostname"), "host1"),
	       "env hostname");
	expect(&t, ctfr_env(r, "tracer_major") && !strcmp(ctfr_env(r, "tracer_major"), "2"),
	       "env tracer_major");
	ctfr_free(r);
	finish(&t);
}

static void test_writer_types(const char *dir)
{
	struct tc t = { .name = "every writer field type decodes" };
	char err[512], *out = read_dir(dir, err, sizeof(err)), *line;

	expect(&t, out != NULL, "%s", err);
	line = out ? strstr(out, "all_types:") : NULL;
	expect(&t, line != NULL, "no all_types event");
	if (line) {
		*strchr(line, '\n') = 0;
		expect(&t, !strcmp(line, "all_types: {a=255,b=-1,c=-300,d=18446744073709551615,"
				   "stack_length=3,stack={0xffffffff81000010,0x401000,0x7f0000001234},"
				   "event=-9223372036854775808,s=\"\",p=0xdeadbeef,e=7}"),
		       "got %s", line);
	}
	free(out);
	finish(&t);
}

static bool have(const char *cmd)
{
	char *c = xasprintf("command -v %s >/dev/null 2>&1", cmd);
	bool ok = !system(c);

	free(c);
	return ok;
}

/* CTF that babeltrace2's sink.ctf.fs wrote from a dmesg text. */
static void test_bt_dmesg(const char *tmp)
{
	struct tc t = { .name = "reads babeltrace2's CTF (dmesg source)" };
	char err[512], *out, *cmd, *dir;
	FILE *f;

	if (!have("babeltrace2")) {
		skip(t.name, "babeltrace2 is not installed");
		return;
	}
	cmd = xasprintf("%s/dmesg.txt", tmp);
	f = fopen(cmd, "w");
	if (f) {
		fputs("[    0.000000] Linux version 6.1\n[    0.100000] hello world\n"
		      "[    1.500000] third line\n", f);
		fclose(f);
	}
	free(cmd);
	out = run("cd %s && babeltrace2 --component=src.text.dmesg --params='path=\"dmesg.txt\"' "
		  "-o ctf -w bt 2>&1", tmp);
	expect(&t, out != NULL, "babeltrace2 could not write CTF");
	free(out);
	dir = xasprintf("%s/bt/dmesg.txt", tmp);
	out = read_dir(dir, err, sizeof(err));
	expect(&t, out != NULL, "%s", err);
	expect(&t, out && !strcmp(out,
				  "0 -1 string: {str=\"Linux version 6.1\"}\n"
				  "100000000 -1 string: {str=\"hello world\"}\n"
				  "1500000000 -1 string: {str=\"third line\"}\n"),
	       "got:\n%s", out ? out : "");
	free(out);
	free(dir);
	finish(&t);
}

/* The writer's trace converted by babeltrace2 to its own CTF, read back. */
static void test_bt_convert(const char *tmp, const char *dir)
{
	struct tc t = { .name = "reads babeltrace2's CTF (converted from the writer's)" };
	char err[512], *a, *b, *out, *conv;
	char *p, *q;

	if (!have("babeltrace2")) {
		skip(t.name, "babeltrace2 is not installed");
		return;
	}
	out = run("babeltrace2 %s -o ctf -w %s/conv 2>&1", dir, tmp);
	expect(&t, out != NULL, "babeltrace2 could not convert");
	free(out);
	conv = run("ls -d %s/conv/*/ | head -1", tmp);
	if (conv && (p = strchr(conv, '\n')))
		*p = 0;
	a = read_dir(dir, err, sizeof(err));
	expect(&t, a != NULL, "%s", err);
	b = conv ? read_dir(conv, err, sizeof(err)) : NULL;
	expect(&t, b != NULL, "%s", err);
	/*
	 * babeltrace2 keeps no cpu_id nor discarded count in its packets
	 * unless asked: compare names, times and fields.
	 */
	if (a && b) {
		struct buf x = { 0 }, y = { 0 };
		char *s[2] = { a, b };
		struct buf *o[2] = { &x, &y };

		for (int k = 0; k < 2; k++) {
			for (p = strtok_r(s[k], "\n", &q); p; p = strtok_r(NULL, "\n", &q)) {
				char *sp = strchr(p, ' '), *sp2 = sp ? strchr(sp + 1, ' ') : NULL;

				if (!sp2 || strstr(sp2, " LOST "))
					continue;
				buf_put(o[k], p, sp - p);
				buf_printf(o[k], "%s\n", sp2);
			}
			buf_put(o[k], "", 1);
		}
		expect(&t, !strcmp(x.p, y.p), "differ:\nours %.300s\ntheirs %.300s", x.p, y.p);
		buf_free(&x);
		buf_free(&y);
	}
	free(a);
	free(b);
	free(conv);
	finish(&t);
}

/* ---- hand-made traces ---- */

static int write_file(const char *dir, const char *name, const void *p, size_t n)
{
	char *path = xasprintf("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	bool ok = fd >= 0 && write(fd, p, n) == (ssize_t)n;

	if (fd >= 0)
		close(fd);
	free(path);
	return ok ? 0 : -EIO;
}

/* Bits appended to a packet, either byte order (CTF's bit-field layout). */
struct bits {
	uint8_t b[512];
	size_t pos;		/* bits */
	bool be;
};

static void put(struct bits *w, uint64_t v, unsigned size, unsigned align)
{
	unsigned i;

	w->pos = ALIGN_UP(w->pos, (size_t)align);
	for (i = 0; i < size; i++) {
		unsigned bit = w->be ? size - 1 - i : i;
		size_t p = w->pos + i;

		if ((v >> bit) & 1) {
			if (w->be)
				w->b[p / 8] |= 0x80 >> (p % 8);
			else
				w->b[p / 8] |= 1 << (p % 8);
		}
	}
	w->pos += size;
}

static void put_str(struct bits *w, const char *s)
{
	w->pos = ALIGN_UP(w->pos, (size_t)8);
	memcpy(w->b + w->pos / 8, s, strlen(s) + 1);
	w->pos += (strlen(s) + 1) * 8;
}

static const char lttng_meta[] =
	"/* CTF 1.8 */\n"
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
	"typealias integer { size = 16; align = 8; signed = false; } := uint16_t;\n"
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := unsigned long;\n"
	"typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n"
	"typealias integer { size = 27; align = 1; signed = false; map = clock.monotonic.value; } := uint27_clock_monotonic_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; } := uint64_clock_monotonic_t;\n"
	"trace {\n major = 1; minor = 8; uuid = \"11223344-5566-4788-99aa-bbccddeeff00\";\n"
	" byte_order = %s;\n"
	" packet.header := struct { uint32_t magic; uint8_t uuid[16]; uint32_t stream_id; uint64_t stream_instance_id; } align(8);\n};\n"
	"env { hostname = \"h\"; domain = \"kernel\"; tracer_major = 2; neg = -5; };\n"
	"clock { name = \"monotonic\"; uuid = \"x\"; description = \"Monotonic Clock\"; freq = 1000000000; precision = 1; offset_s = 1700000000; offset = 5; absolute = FALSE; };\n"
	"struct packet_context { uint64_clock_monotonic_t timestamp_begin; uint64_clock_monotonic_t timestamp_end;"
	" uint64_t content_size; uint64_t packet_size; uint64_t packet_seq_num; unsigned long events_discarded; uint32_t cpu_id; } align(8);\n"
	"struct event_header_compact {\n"
	" enum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
	" variant <id> {\n  struct { uint27_clock_monotonic_t timestamp; } compact;\n"
	"  struct { uint32_t id; uint64_clock_monotonic_t timestamp; } extended;\n } v;\n} align(8);\n"
	"stream { id = 0; event.header := struct event_header_compact; packet.context := struct packet_context; };\n"
	"event { name = \"sched_wakeup\"; id = 0; stream_id = 0;\n"
	" fields := struct { integer { size = 8; align = 8; signed = 0; encoding = UTF8; base = 10; } _comm[16];"
	" integer { size = 32; align = 8; signed = 1; base = 10; } _tid; integer { size = 32; align = 8; signed = 1; } _prio;"
	" integer { size = 32; align = 8; signed = 1; } _target_cpu; };\n};\n"
	"event { name = \"syscall_entry_openat\"; id = 40; stream_id = 0;\n"
	" fields := struct { integer { size = 32; align = 8; signed = 1; } _dfd; string _filename;"
	" integer { size = 32; align = 8; base = 16; } _flags; floating_point { exp_dig = 11; mant_dig = 53; align = 8; } _f;"
	" enum : uint8_t { A, B = 5, C } _e; uint8_t __n_length; integer { size = 16; align = 8; } _n[ __n_length ]; };\n};\n";

/*
 * One LTTng-style packet: a compact-header sched_wakeup (id 0, 27-bit
 * timestamp), an extended-header syscall_entry_openat (id 40) whose
 * timestamp wraps the 27 bits, then a compact event after the wrap.
 */
static size_t lttng_packet(uint8_t *out, bool be)
{
	struct bits w = { .be = be };
	size_t ctx_content, ctx_psize, psize;
	uint64_t t0 = 0x10000000;		/* the packet's begin */

	memset(w.b, 0, sizeof(w.b));
	put(&w, 0xC1FC1FC1, 32, 8);
	for (int i = 0; i < 16; i++)
		put(&w, uuid[i], 8, 8);
	put(&w, 0, 32, 8);
	put(&w, 3, 64, 8);
	put(&w, t0, 64, 8);
	put(&w, t0 + 0x9000000, 64, 8);
	ctx_content = w.pos;
	put(&w, 0, 64, 8);
	ctx_psize = w.pos;
	put(&w, 0, 64, 8);
	put(&w, 0, 64, 8);
	put(&w, 2, 64, 8);		/* events_discarded */
	put(&w, 3, 32, 8);		/* cpu_id */
	/* compact: id 0, timestamp low 27 bits */
	put(&w, 0, 5, 8);
	put(&w, (t0 + 100) & 0x7ffffff, 27, 1);
	{
		size_t p = w.pos;

		memcpy(w.b + p / 8, "kworker/3:1\0\0\0\0\0", 16);
		w.pos += 128;
	}
	put(&w, 77, 32, 8);
	put(&w, (uint32_t)-20, 32, 8);
	put(&w, 3, 32, 8);
	/* extended: id 31, then id 40 and a full timestamp */
	put(&w, 31, 5, 8);
	put(&w, 40, 32, 8);
	put(&w, t0 + 0x8000010, 64, 8);
	put(&w, (uint32_t)-100, 32, 8);
	put_str(&w, "/etc/hosts");
	put(&w, 0x80000, 32, 8);
	{
		double d = 2.5;
		uint64_t x;

		memcpy(&x, &d, 8);
		put(&w, x, 64, 8);
	}
	put(&w, 6, 8, 8);		/* C */
	put(&w, 2, 8, 8);
	put(&w, 0x1234, 16, 8);
	put(&w, 0xfffe, 16, 8);
	/* compact after a wrap of the low 27 bits */
	put(&w, 0, 5, 8);
	put(&w, (t0 + 0x10000005) & 0x7ffffff, 27, 1);
	memcpy(w.b + w.pos / 8, "a\0", 2);
	memset(w.b + w.pos / 8 + 2, 0, 14);
	w.pos += 128;
	put(&w, 1, 32, 8);
	put(&w, 2, 32, 8);
	put(&w, 0, 32, 8);
	psize = ALIGN_UP(w.pos + 64, (size_t)64);	/* padding after the content */
	{
		struct bits c = { .be = be };
		size_t save;

		memset(c.b, 0, 8);
		save = w.pos;
		w.pos = ctx_content;
		memset(w.b + w.pos / 8, 0, 8);
		put(&w, save, 64, 8);
		w.pos = ctx_psize;
		memset(w.b + w.pos / 8, 0, 8);
		put(&w, psize, 64, 8);
		w.pos = save;
		(void)c;
	}
	memcpy(out, w.b, psize / 8);
	return psize / 8;
}

static const char *lttng_want =
	"268435456 3 LOST 2\n"
	"268435556 3 sched_wakeup: {comm=\"kworker/3:1\",tid=77,prio=-20,target_cpu=3}\n"
	"402653200 3 syscall_entry_openat: {dfd=-100,filename=\"/etc/hosts\",flags=0x80000,f=2.5,e=6(C),_n_length=2,n={4660,65534}}\n"
	"536870917 3 sched_wakeup: {comm=\"a\",tid=1,prio=2,target_cpu=0}\n";

static void test_lttng(const char *tmp, bool be)
{
	struct tc t = { .name = be ? "LTTng-style compact/extended headers, big-endian" :
				     "LTTng-style compact/extended headers, little-endian" };
	char *dir = xasprintf("%s/lttng-%s", tmp, be ? "be" : "le");
	char *meta = xasprintf(lttng_meta, be ? "be" : "le");
	uint8_t pkt[512];
	size_t n = lttng_packet(pkt, be);
	char err[512], *out;

	mkdir(dir, 0755);
	write_file(dir, "metadata", meta, strlen(meta));
	write_file(dir, "channel0_3", pkt, n);
	out = read_dir(dir, err, sizeof(err));
	expect(&t, out != NULL, "%s", err);
	expect(&t, out && !strcmp(out, lttng_want), "got:\n%swant:\n%s", out ? out : "", lttng_want);
	free(out);
	if (!be) {
		struct ctfr *r = ctfr_new();

		expect(&t, !ctfr_open(r, dir), "%s", ctfr_error(r));
		expect(&t, ctfr_clock_offset(r) == 1700000000000000005LL, "offset");
		expect(&t, ctfr_env(r, "neg") && !strcmp(ctfr_env(r, "neg"), "-5"), "negative env");
		expect(&t, ctfr_nevent_classes(r) == 2, "%d classes", ctfr_nevent_classes(r));
		ctfr_free(r);
	}
	free(meta);
	free(dir);
	finish(&t);
}

/* The same metadata as LTTng writes it: in packets with a binary header. */
static void test_packetised(const char *tmp)
{
	struct tc t = { .name = "packetised metadata" };
	char *dir = xasprintf("%s/lttng-pk", tmp);
	char *meta = xasprintf(lttng_meta, "le");
	size_t len = strlen(meta), off = 0, half = len / 2;
	struct buf m = { 0 };
	uint8_t pkt[512];
	size_t n = lttng_packet(pkt, false);
	char err[512], *out;

	for (int k = 0; k < 2; k++) {
		size_t chunk = k ? len - half : half;
		uint8_t h[37] = { 0x57, 0x1d, 0xd1, 0x75 };
		uint32_t content = (37 + chunk) * 8, psize = (37 + chunk + 3) * 8;

		memcpy(h + 24, &content, 4);
		memcpy(h + 28, &psize, 4);
		h[35] = 1;
		h[36] = 8;
		buf_put(&m, h, 37);
		buf_put(&m, meta + off, chunk);
		buf_put(&m, "\0\0\0", 3);
		off += chunk;
	}
	mkdir(dir, 0755);
	write_file(dir, "metadata", m.p, m.len);
	write_file(dir, "channel0_3", pkt, n);
	out = read_dir(dir, err, sizeof(err));
	expect(&t, out != NULL, "%s", err);
	expect(&t, out && !strcmp(out, lttng_want), "got:\n%s", out ? out : "");
	free(out);
	buf_free(&m);
	free(meta);
	free(dir);
	finish(&t);
}

/* ---- bad input ---- */

static int nop(const struct ctfr_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
	return 0;
}

/* Reads metadata + one stream from memory: 0 or the error, text in err. */
static int read_mem(const char *meta, size_t mlen, const void *s, size_t slen,
		    char *err, size_t errlen)
{
	struct ctfr *r = ctfr_new();
	int e = ctfr_parse_metadata(r, meta, mlen, "metadata");

	if (!e)
		e = ctfr_add_stream(r, s, slen, "channel0_0");
	if (!e)
		e = ctfr_read(r, nop, NULL);
	snprintf(err, errlen, "%s", ctfr_error(r));
	ctfr_free(r);
	return e;
}

static void test_truncated(const char *dir)
{
	struct tc t = { .name = "every truncation of a stream: an error naming file and offset" };
	char *meta, *s, *path, err[512];
	size_t mlen, slen, cut, errors = 0;

	path = xasprintf("%s/metadata", dir);
	meta = util_read_file(path, &mlen);
	free(path);
	path = xasprintf("%s/channel0_0", dir);
	s = util_read_file(path, &slen);
	free(path);
	expect(&t, meta && s && slen > 4096, "fixture files missing");
	/* Every byte of the first two packets, then a sample: bounded time. */
	for (cut = 1; meta && s && cut < slen; cut += cut < 9000 ? 1 : 97) {
		int e = read_mem(meta, mlen, s, cut, err, sizeof(err));
		size_t b = 0;
		uint64_t psize;

		/* A cut at a packet boundary leaves a valid, shorter trace. */
		while (b < cut && b + 64 <= slen) {
			memcpy(&psize, s + b + 56, 8);
			if (!psize)
				break;
			b += psize / 8;
		}
		if (b == cut) {
			expect(&t, !e, "cut at %zu: %s", cut, err);
			continue;
		}
		errors++;
		expect(&t, e == -EINVAL && !strncmp(err, "channel0_0: offset ", 19),
		       "cut at %zu: %d %s", cut, e, err);
	}
	expect(&t, errors > 8000, "only %zu cuts tried", errors);
	free(meta);
	free(s);
	finish(&t);
}

static void test_corrupt(const char *dir)
{
	struct tc t = { .name = "every byte of a packet corrupted: no crash, errors name the offset" };
	char *meta, *s, *path, err[512];
	size_t mlen, slen, i;
	int nerr = 0;

	path = xasprintf("%s/metadata", dir);
	meta = util_read_file(path, &mlen);
	free(path);
	path = xasprintf("%s/channel0_0", dir);
	s = util_read_file(path, &slen);
	free(path);
	expect(&t, meta && s, "fixture files missing");
	if (s) {
		uint64_t psize;

		/* The first packet alone: each read stays short. */
		memcpy(&psize, s + 56, 8);
		if (psize / 8 <= slen)
			slen = psize / 8;
	}
	for (i = 0; meta && s && i < slen; i++) {
		static const uint8_t pats[] = { 0xff, 0x80, 0x00 };

		for (size_t k = 0; k < ARRAY_SIZE(pats); k++) {
			uint8_t save = s[i];
			int e;

			s[i] = save == pats[k] ? (uint8_t)~save : pats[k];
			e = read_mem(meta, mlen, s, slen, err, sizeof(err));
			s[i] = save;
			if (e) {
				nerr++;
				expect(&t, e == -EINVAL && strstr(err, "channel0_0: offset "),
				       "byte %zu: %d %s", i, e, err);
			}
		}
	}
	expect(&t, nerr > 50, "only %d corruptions detected", nerr);
	/* Bad magic and sizes give their own words. */
	if (meta && s) {
		s[0] ^= 1;
		read_mem(meta, mlen, s, slen, err, sizeof(err));
		expect(&t, strstr(err, "offset 0: bad packet magic") != NULL, "%s", err);
		s[0] ^= 1;
	}
	free(meta);
	free(s);
	finish(&t);
}

static void test_bad_metadata(const char *dir)
{
	struct tc t = { .name = "truncated and corrupt metadata: errors with a line, no crash" };
	char *meta, *path;
	size_t mlen, cut;
	int fails = 0;

	path = xasprintf("%s/metadata", dir);
	meta = util_read_file(path, &mlen);
	free(path);
	expect(&t, meta != NULL, "fixture metadata missing");
	for (cut = 0; meta && cut < mlen; cut += 1) {
		struct ctfr *r = ctfr_new();
		char *m = xstrndup(meta, cut);
		int e = ctfr_parse_metadata(r, m, cut, "metadata");

		if (e) {
			fails++;
			expect(&t, !strncmp(ctfr_error(r), "metadata: ", 10), "cut %zu: %s",
			       cut, ctfr_error(r));
		}
		ctfr_free(r);
		free(m);
	}
	expect(&t, fails > (int)mlen / 2, "only %d of %zu cuts refused", fails, mlen);
	for (cut = 0; meta && cut < mlen; cut += 3) {
		struct ctfr *r = ctfr_new();
		char *m = xstrdup(meta);

		m[cut] = "{};=x9\"["[cut % 8];
		ctfr_parse_metadata(r, m, mlen, "metadata");
		ctfr_free(r);
		free(m);
	}
	{
		static const char *const bad[] = {
			"/* CTF 1.8 */ trace { major = 1; byte_order = le; }; event { name = x; fields := struct { nosuchtype a; }; };",
			"trace { major = 1; byte_order = le; }; typealias integer { size = 65; } := t;",
			"trace { major = 1; byte_order = le; }; typealias integer { size = 8; align = 3; } := t;",
			"trace { major = 2; byte_order = le; };",
			"trace { major = 1; byte_order = le; }; /* unterminated",
			"trace { major = 1; byte_order = le; }; event { name = \"unterminated; };",
			"trace { major = 1; byte_order = le; }; event { id = 99999999; };",
			"stream { id = 0; };",
			"trace { major = 1; byte_order = le; }; typealias integer { size = 64; map = clock.x; } := t;",
		};
		static const char *const want[] = {
			"metadata: line 1: unknown type 'nosuchtype'",
			"metadata: line 1: integer size must be 1 to 64 bits",
			"metadata: line 1: align must be a power of two",
			"metadata: line 1: not CTF 1.x",
			"metadata: line 1: unterminated comment",
			"metadata: line 1: unterminated string",
			"metadata: line 1: bad event id",
			"metadata: no trace block",
			"metadata: line 1: map must be clock.NAME.value",
		};

		for (size_t k = 0; k < ARRAY_SIZE(bad); k++) {
			struct ctfr *r = ctfr_new();
			int e = ctfr_parse_metadata(r, bad[k], strlen(bad[k]), "metadata");

			expect(&t, e == -EINVAL && !strcmp(ctfr_error(r), want[k]),
			       "%s: %d %s", bad[k], e, ctfr_error(r));
			ctfr_free(r);
		}
	}
	{
		/* Nesting deep enough to exhaust a recursive parser. */
		struct buf b = { 0 };
		struct ctfr *r = ctfr_new();
		int k;

		buf_printf(&b, "trace { major = 1; byte_order = le; }; typealias ");
		for (k = 0; k < 100000; k++)
			buf_printf(&b, "struct { ");
		buf_put(&b, "", 1);
		expect(&t, ctfr_parse_metadata(r, b.p, b.len - 1, "metadata") == -EINVAL &&
		       strstr(ctfr_error(r), "nested too deeply"), "%s", ctfr_error(r));
		ctfr_free(r);
		buf_free(&b);
	}
	free(meta);
	finish(&t);
}

/* A sequence whose length field claims more than the packet holds. */
static void test_bad_lengths(const char *tmp)
{
	struct tc t = { .name = "lengths past the packet: sequence, packet and content sizes" };
	char *meta = xasprintf(lttng_meta, "le");
	uint8_t pkt[512], bad[512];
	size_t n = lttng_packet(pkt, false);
	char err[512];
	size_t i;
	int e;

	/* The sequence's length byte: find "2" followed by 0x1234. */
	for (i = 0; i + 3 < n; i++)
		if (pkt[i] == 2 && pkt[i + 1] == 0x34 && pkt[i + 2] == 0x12)
			break;
	memcpy(bad, pkt, n);
	bad[i] = 0xff;
	e = read_mem(meta, strlen(meta), bad, n, err, sizeof(err));
	expect(&t, e == -EINVAL && strstr(err, "sequence 'n' of 255 elements runs past"),
	       "%d %s", e, err);
	/* packet_size (context offset 56) past the end of the file */
	memcpy(bad, pkt, n);
	bad[56 + 5] = 0x10;
	e = read_mem(meta, strlen(meta), bad, n, err, sizeof(err));
	expect(&t, e == -EINVAL && strstr(err, "offset 0: packet size"), "%d %s", e, err);
	/* content_size (offset 48) bigger than packet_size */
	memcpy(bad, pkt, n);
	bad[48 + 4] = 0x10;
	e = read_mem(meta, strlen(meta), bad, n, err, sizeof(err));
	expect(&t, e == -EINVAL && strstr(err, "content size"), "%d %s", e, err);
	/* an event id no event has */
	memcpy(bad, pkt, n);
	bad[84] = 7;
	e = read_mem(meta, strlen(meta), bad, n, err, sizeof(err));
	expect(&t, e == -EINVAL && strstr(err, "channel0_0: offset 84: unknown event id 7"),
	       "%d %s", e, err);
	(void)tmp;
	free(meta);
	finish(&t);
}

int main(void)
{
	char tmp[64], *dir;

	if (!harness_mkdtemp(tmp, sizeof(tmp), "ctfr")) {
		printf("FAIL mkdtemp: %s\n0 passed, 1 failed\n", strerror(errno));
		return 1;
	}
	dir = xasprintf("%s/fixture", tmp);
	if (write_fixture(dir)) {
		printf("FAIL writing the fixture\n");
		failed++;
	} else {
		test_writer(dir);
		test_writer_types(dir);
		test_bt_dmesg(tmp);
		test_bt_convert(tmp, dir);
		test_truncated(dir);
		test_corrupt(dir);
		test_bad_metadata(dir);
	}
	test_lttng(tmp, false);
	test_lttng(tmp, true);
	test_packetised(tmp);
	test_bad_lengths(tmp);
	harness_rmtree(tmp);
	free(dir);
	return harness_summary();
}
