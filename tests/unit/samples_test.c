/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stack samples (runtime/samples.h) on fixed input: deduplication of
 * mappings and locations, the -f raw dump written and read back
 * (escapes, several documents, bad lines refused with their number),
 * and the folded stacks made from samples, which must be fold.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "runtime/samples.h"
#include "harness.h"

/*
 * A process "busy" (pid 42) in main -> busy_spin, and in main -> read
 * -> the kernel's vfs_read -> read_zero; one frame no symbol names.
 */
static void fixture(struct samples *s)
{
	const char *roots[] = { "busy" };
	int exe, libc, kern, spin, mainf, rd, vfs, zero, anon;
	int u1[2], u2[2], k2[2];

	kern = samples_mapping(s, 0xffffffff81000000ull, 0xffffffff82000000ull,
			       0, "[kernel.kallsyms]", "85c7");
	exe = samples_mapping(s, 0x555555555000ull, 0x555555556000ull, 0x1000,
			      "/tmp/busy", "daa0");
	libc = samples_mapping(s, 0x7f0000028000ull, 0x7f000017d000ull,
			       0x28000, "/usr/lib/libc.so.6", NULL);
	spin = samples_loc(s, 0x5555555552c1ull, false, exe, "busy_spin");
	mainf = samples_loc(s, 0x555555555137ull, false, exe, "main");
	rd = samples_loc(s, 0x7f00000f92adull, false, libc, "read");
	vfs = samples_loc(s, 0xffffffff816d5c2bull, true, kern, "vfs_read");
	zero = samples_loc(s, 0xffffffff81d7f4a8ull, true, kern, "read_zero");
	anon = samples_loc(s, 0x7f00000f0000ull, false, libc, NULL);
	u1[0] = spin;
	u1[1] = mainf;
	samples_add(s, 70, 42, true, roots, 1, u1, 2, NULL, 0);
	u2[0] = rd;
	u2[1] = mainf;
	k2[0] = zero;
	k2[1] = vfs;
	samples_add(s, 25, 42, true, roots, 1, u2, 2, k2, 2);
	u2[0] = anon;
	samples_add(s, 5, 42, true, roots, 1, u2, 2, NULL, 0);
}

static void test_dedup(void)
{
	struct tc t = { .name = "samples_dedup" };
	struct samples s = { 0 };
	int a, b, c, i;

	a = samples_mapping(&s, 0x1000, 0x2000, 0, "/bin/x", "ab");
	b = samples_mapping(&s, 0x1000, 0x2000, 0, "/bin/x", "ab");
	c = samples_mapping(&s, 0x1000, 0x2000, 0, "/bin/x", NULL);
	expect(&t, a == b && a != c && s.nmappings == 2,
	       "mappings %d %d %d, %d of them", a, b, c, s.nmappings);
	a = samples_loc(&s, 0x1234, false, 0, "f");
	b = samples_loc(&s, 0x1234, false, 0, "g");
	c = samples_loc(&s, 0x1234, true, 0, "f");
	expect(&t, a == b && a != c && !strcmp(s.locs[a].name, "f"),
	       "locations %d %d %d, name %s", a, b, c, s.locs[a].name);
	expect(&t, samples_loc(&s, 0x1234, false, 1, "f") != a,
	       "another mapping, another location");
	/* Past the index's first growths, every location still found. */
	for (i = 0; i < 5000; i++)
		samples_loc(&s, 0x10000 + i * 4, false, -1, NULL);
	for (i = 0; i < 5000; i++)
		if (samples_loc(&s, 0x10000 + i * 4, false, -1, NULL) != 3 + i)
			break;
	expect(&t, i == 5000 && s.nlocs == 5003, "lost location %d of %d", i,
	       s.nlocs);
	samples_free(&s);
	finish(&t);
}

static const char fixture_dump[] =
	"ferret-samples 1\n"
	"hz 99\n"
	"time 1700000000000000000\n"
	"duration 1500000000\n"
	"m ffffffff81000000 ffffffff82000000 0 =85c7 =[kernel.kallsyms]\n"
	"m 555555555000 555555556000 1000 =daa0 =/tmp/busy\n"
	"m 7f0000028000 7f000017d000 28000 - =/usr/lib/libc.so.6\n"
	"l 5555555552c1 u 2 =busy_spin\n"
	"l 555555555137 u 2 =main\n"
	"l 7f00000f92ad u 3 =read\n"
	"l ffffffff816d5c2b k 1 =vfs_read\n"
	"l ffffffff81d7f4a8 k 1 =read_zero\n"
	"l 7f00000f0000 u 3 -\n"
	"s 70 42 u 1 =busy 2 1 2 0\n"
	"s 25 42 u 1 =busy 2 3 2 2 5 4\n"
	"s 5 42 u 1 =busy 2 6 2 0\n";

static void test_write(void)
{
	struct tc t = { .name = "samples_write" };
	struct samples s = { .hz = 99, .time_ns = 1700000000000000000ll,
			     .duration_ns = 1500000000 };
	struct buf b = { 0 };

	fixture(&s);
	samples_write(&s, &b);
	expect(&t, !strcmp(b.p, fixture_dump), "wrote\n%s", b.p);
	expect(&t, samples_total(&s) == 100, "total %llu",
	       (unsigned long long)samples_total(&s));
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

static void test_read(void)
{
	struct tc t = { .name = "samples_read_round_trip" };
	struct samples s = { 0 };
	struct buf b = { 0 };
	int line, err;

	err = samples_read(&s, fixture_dump, strlen(fixture_dump), &line);
	expect(&t, !err, "error %d at line %d", err, line);
	samples_write(&s, &b);
	expect(&t, b.p && !strcmp(b.p, fixture_dump), "wrote back\n%s", b.p);
	expect(&t, s.hz == 99 && s.duration_ns == 1500000000 &&
	       s.v[1].nkern == 2 && s.locs[s.v[1].kern[0]].kernel &&
	       !strcmp(s.locs[s.v[1].kern[0]].name, "read_zero") &&
	       !s.mappings[2].build_id,
	       "fields lost");
	buf_free(&b);
	samples_free(&s);
	finish(&t);
}

static void test_escapes(void)
{
	struct tc t = { .name = "samples_escapes" };
	struct samples s = { 0 }, r = { 0 };
	const char *roots[] = { "my prog%", "" };
	struct buf b = { 0 }, c = { 0 };
	int l, line;

	l = samples_loc(&s, 0x10, false, -1, "operator new(unsigned long)");
	samples_add(&s, 3, -1, false, roots, 2, &l, 1, NULL, 0);
	samples_write(&s, &b);
	expect(&t, strstr(b.p, "=operator%20new(unsigned%20long)\n") &&
	       strstr(b.p, " =my%20prog%25 = 1 1 0\n"), "wrote\n%s", b.p);
	expect(&t, !samples_read(&r, b.p, b.len, &line), "unread at %d", line);
	samples_write(&r, &c);
	expect(&t, c.p && !strcmp(b.p, c.p), "read back as\n%s", c.p);
	expect(&t, r.n == 1 && !strcmp(r.v[0].roots[0], "my prog%") &&
	       !strcmp(r.v[0].roots[1], "") && r.v[0].pid == -1,
	       "roots or pid lost");
	buf_free(&b);
	buf_free(&c);
	samples_free(&s);
	samples_free(&r);
	finish(&t);
}

/* Two documents: ids count from each header, equal entries merge. */
static void test_documents(void)
{
	struct tc t = { .name = "samples_documents" };
	static const char two[] =
		"ferret-samples 1\n"
		"m 1000 2000 0 - =/a\n"
		"l 1100 u 1 =f\n"
		"s 2 7 u 0 1 1 0\n"
		"\n"
		"ferret-samples 1\n"
		"m 5000 6000 0 - =/b\n"
		"m 1000 2000 0 - =/a\n"
		"l 5100 u 1 =g\n"
		"l 1100 u 2 =f\n"
		"s 3 7 u 0 2 2 1 0\n";
	struct samples s = { 0 };
	int line, err;

	err = samples_read(&s, two, strlen(two), &line);
	expect(&t, !err, "error at line %d", line);
	expect(&t, s.nmappings == 2 && s.nlocs == 2 && s.n == 2,
	       "%d mappings, %d locations, %d samples", s.nmappings, s.nlocs,
	       s.n);
	expect(&t, s.n == 2 && s.v[1].nuser == 2 && s.v[1].user[0] == 0 &&
	       s.v[1].user[1] == 1 && s.locs[1].mapping == 1,
	       "second document's ids not its own");
	samples_free(&s);
	finish(&t);
}

static void test_bad(void)
{
	static const struct {
		const char *text;
		int line;
	} cases[] = {
		{ "s 1 1 u 0 0 0\n", 1 },				/* no header */
		{ "ferret-samples 1\nx 1\n", 2 },			/* kind */
		{ "ferret-samples 1\nl 10 u 1 =f\n", 2 },		/* no mapping 1 */
		{ "ferret-samples 1\nl 10 u 0 =f\ns 1 1 u 0 1 2 0\n", 3 },
		{ "ferret-samples 1\nl 10 k 0 =f\ns 1 1 u 0 1 1 0\n", 3 },	/* kernel as user */
		{ "ferret-samples 1\nl 10 u 0 =f\ns 1 1 u 0 0 1 1\n", 3 },	/* user as kernel */
		{ "ferret-samples 1\nm 1 2 0 - =/a extra\n", 2 },
		{ "ferret-samples 1\nm 1 2 0 - -\n", 2 },		/* no file */
		{ "ferret-samples 1\nl 10 u 0 f\n", 2 },		/* unmarked string */
		{ "ferret-samples 1\nl 10 u 0 =a%2\n", 2 },		/* short escape */
		{ "ferret-samples 1\nl 10 u 0 =a%00\n", 2 },		/* NUL */
		{ "ferret-samples 1\ns -1 1 u 0 0 0\n", 2 },		/* count */
		{ "ferret-samples 1\ns 1 1 x 0 0 0\n", 2 },		/* flag */
		{ "ferret-samples 1\ns 1 1 u 1 0 0\n", 2 },		/* root missing */
		{ "ferret-samples 1\ns 1 1 u 0 0 0 9\n", 2 },		/* trailing */
		{ "ferret-samples 1\nhz 0\n", 2 },
		{ "", 0 },						/* empty */
	};
	struct tc t = { .name = "samples_bad_lines" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct samples s = { 0 };
		int line = -1, err;

		err = samples_read(&s, cases[i].text, strlen(cases[i].text),
				   &line);
		expect(&t, err == -EINVAL && line == cases[i].line,
		       "case %zu: error %d at line %d, want line %d", i, err,
		       line, cases[i].line);
		samples_free(&s);
	}
	expect(&t, samples_is_dump(fixture_dump, strlen(fixture_dump)) &&
	       !samples_is_dump("main;f 3\n", 9) &&
	       !samples_is_dump("ferret-samples 10\n", 18),
	       "dump not told from folded stacks");
	finish(&t);
}

static void test_fold(void)
{
	struct tc t = { .name = "samples_fold" };
	struct samples s = { 0 };
	struct buf b = { 0 };
	const char *roots[] = { "a;b" };
	int k, u;

	fixture(&s);
	/* The same stack again: summed into one line. */
	samples_add(&s, 1, 42, true, (const char *[]){ "busy" }, 1,
		    s.v[0].user, 2, NULL, 0);
	samples_fold(&s, &b);
	expect(&t, b.p && !strcmp(b.p,
		"busy;main;[unknown] 5\n"
		"busy;main;busy_spin 71\n"
		"busy;main;read;vfs_read_[k];read_zero_[k] 25\n"),
	       "folded\n%s", b.p);
	samples_free(&s);

	/* No user stack in the key: no suffix; nothing at all: [unknown]. */
	b.len = 0;
	k = samples_loc(&s, 0xffffffff81000010ull, true, -1, "schedule");
	u = samples_loc(&s, 0x10, false, -1, "");
	samples_add(&s, 4, -1, false, roots, 1, NULL, 0, &k, 1);
	samples_add(&s, 2, -1, false, NULL, 0, NULL, 0, NULL, 0);
	samples_add(&s, 1, -1, false, NULL, 0, &u, 1, NULL, 0);
	samples_add(&s, 0, -1, false, NULL, 0, &u, 1, NULL, 0);
	samples_fold(&s, &b);
	expect(&t, b.p && !strcmp(b.p, "[empty] 1\n[unknown] 2\na_b;schedule 4\n"),
	       "folded\n%s", b.p);
	samples_free(&s);
	buf_free(&b);
	finish(&t);
}

int main(void)
{
	test_dedup();
	test_write();
	test_read();
	test_escapes();
	test_documents();
	test_bad();
	test_fold();
	return harness_summary();
}
