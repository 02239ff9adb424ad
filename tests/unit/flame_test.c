/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Folded stacks and the flame-graph SVG, without root: frame names as
 * fold.c writes them, line merging, XML escaping, labels, and SVGs drawn
 * from fixed folded input checked box by box (count, widths, nesting,
 * colours) and as XML by xmllint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "runtime/fold.h"
#include "runtime/flame.h"
#include "profile/profile.h"
#include "harness.h"

static char dir[64];

/* One box of a drawn SVG, read back. */
struct box {
	unsigned long long s, n;
	int d;
	char title[256];
	double x, w;
	int y;
	char fill[32];
	char label[256];
};

static struct box *parse_boxes(const char *svg, int *nboxes)
{
	const char *p = svg;
	struct box *v = NULL;
	int n = 0;

	while ((p = strstr(p, "<g class=\"f\" "))) {
		struct box b;
		const char *q;
		int len;

		memset(&b, 0, sizeof(b));
		if (sscanf(p, "<g class=\"f\" data-s=\"%llu\" data-n=\"%llu\" data-d=\"%d\"><title>",
			   &b.s, &b.n, &b.d) != 3)
			break;
		p = strstr(p, "<title>") + 7;
		q = strstr(p, "</title>");
		len = q - p < 255 ? (int)(q - p) : 255;
		memcpy(b.title, p, len);
		p = q;
		if (sscanf(p, "</title><rect x=\"%lf\" y=\"%d\" width=\"%lf\" height=\"15\" rx=\"2\" fill=\"%31[^\"]\"",
			   &b.x, &b.y, &b.w, b.fill) != 4)
			break;
		p = strstr(p, "<text ");
		p = strchr(p, '>') + 1;
		if (p[-2] != '/') {
			q = strstr(p, "</text>");
			len = q - p < 255 ? (int)(q - p) : 255;
			memcpy(b.label, p, len);
		}
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = b;
	}
	*nboxes = n;
	return v;
}

static char *draw(const char *folded, struct flame_stats *st)
{
	struct flame_opts o = { .title = "test", .subtitle = "fixed input" };
	struct buf out = { 0 };

	flame_svg(folded, strlen(folded), &o, &out, st);
	buf_put(&out, "", 1);
	return out.p;
}

static struct box *find(struct box *v, int n, const char *title_prefix)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(v[i].title, title_prefix, strlen(title_prefix)))
			return &v[i];
	return NULL;
}

/* Whether xmllint accepts svg as well-formed XML. */
static bool xml_ok(struct tc *t, const char *svg, const char *name)
{
	char *path = xasprintf("%s/%s.svg", dir, name), *out;
	FILE *f = fopen(path, "w");
	bool ok;

	if (!f) {
		expect(t, false, "cannot write %s", path);
		free(path);
		return false;
	}
	fputs(svg, f);
	fclose(f);
	out = run("xmllint --noout %s 2>&1 && echo valid", path);
	ok = out && strstr(out, "valid");
	expect(t, ok, "xmllint rejects %s: %s", path,
	       out ? out : "(xmllint did not run: is libxml2-utils installed?)");
	free(out);
	free(path);
	return ok;
}

static void test_fold_frame(void)
{
	struct tc t = { .name = "fold_frame" };
	struct buf b = { 0 };

	fold_frame(&b, "main", 4);
	fold_frame(&b, "a;b\tc\nd", 7);
	fold_frame(&b, "", 0);
	fold_frame(&b, "x y", 3);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "main;a_b_c_d;[empty];x y"), "got '%s'", b.p);
	buf_free(&b);
	finish(&t);
}

static void test_fold_write(void)
{
	struct tc t = { .name = "fold_write: sorted, equal stacks summed" };
	struct fold f = { 0 };
	struct buf b = { 0 };

	fold_add(&f, "b;c", 3, 2);
	fold_add(&f, "a;b;c", 5, 1);
	fold_add(&f, "b;c", 3, 5);
	fold_add(&f, "a", 1, 9);
	fold_add(&f, "a;b;c", 5, 3);
	fold_write(&f, &b);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "a 9\na;b;c 4\nb;c 7\n"), "got '%s'", b.p);
	expect(&t, f.lines.n == 0, "fold_write left %d lines", f.lines.n);
	buf_free(&b);
	finish(&t);
}

static void test_escape(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "a<b>&c", "a&lt;b&gt;&amp;c" },
		{ "\"q\" 'a'", "&quot;q&quot; &#39;a&#39;" },
		{ "ctl\x01\x1f", "ctl??" },
		{ "caf\xc3\xa9", "caf\xc3\xa9" },
		{ "\xe2\x82\xac 4", "\xe2\x82\xac 4" },
		{ "bad\xc3", "bad?" },
		{ "bad\xff\xfe", "bad??" },
		{ "over\xc0\xaf", "over??" },
		{ "sur\xed\xa0\x80", "sur???" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct tc t = { .name = "flame_xml_escape" };
		struct buf b = { 0 };

		flame_xml_escape(&b, cases[i].in, strlen(cases[i].in));
		buf_put(&b, "", 1);
		expect(&t, !strcmp(b.p, cases[i].out), "'%s' -> '%s', want '%s'",
		       cases[i].in, b.p, cases[i].out);
		buf_free(&b);
		finish(&t);
	}
}

static void test_label(void)
{
	struct tc t = { .name = "flame_label: fit, cut with '..', nothing" };
	const char *s = "do_syscall_64";	/* 13 characters */
	size_t keep;
	bool dots;

	/* 13 characters need 13 * 7.3 + 6 = 100.9 pixels. */
	keep = flame_label(s, 13, 101, &dots);
	expect(&t, keep == 13 && !dots, "101 px: kept %zu, dots %d", keep, dots);
	keep = flame_label(s, 13, 100, &dots);
	expect(&t, keep == 10 && dots, "100 px (12 chars): kept %zu, dots %d",
	       keep, dots);
	keep = flame_label(s, 13, 28, &dots);
	expect(&t, keep == 1 && dots, "28 px (3 chars): kept %zu, dots %d",
	       keep, dots);
	keep = flame_label(s, 13, 27, &dots);
	expect(&t, keep == 0 && !dots, "27 px (2 chars): kept %zu", keep);
	keep = flame_label("ab", 2, 21, &dots);
	expect(&t, keep == 2 && !dots, "a 2-char name in 2 chars: kept %zu",
	       keep);
	keep = flame_label(s, 13, -5, &dots);
	expect(&t, keep == 0 && !dots, "negative width: kept %zu", keep);
	/* "\xc3\xa9" is one character: cuts fall between characters. */
	keep = flame_label("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 10,
			   4 * 7.3 + 6.1, &dots);
	expect(&t, keep == 4 && dots, "UTF-8: kept %zu bytes, want 4", keep);
	finish(&t);
}

/* The fixed input most cases draw: 100 samples. */
static const char fixed[] =
	"main;parse;lex 10\n"
	"main;parse 5\n"
	"main;run;exec;syscall_k_[k] 30\n"
	"main;run;exec 20\n"
	"\n"
	"main;parse;lex 5\n"		/* repeated: summed with the first */
	"idle 25\n"
	"main;run;gc 5\n"
	"main;zero 0\n"			/* no samples: no box */
	"no count here\n"		/* bad line */
	"main;<esc&\"ape'> 0\n";

static void test_svg_structure(void)
{
	struct tc t = { .name = "flame_svg: boxes, widths, nesting" };
	struct flame_stats st;
	char *svg = draw(fixed, &st);
	struct box *v, *all, *main_b, *parse, *lex, *run_b, *idle;
	double sum;
	int n, i, j, kids;

	v = parse_boxes(svg, &n);
	expect(&t, st.samples == 100, "samples %llu, want 100",
	       (unsigned long long)st.samples);
	expect(&t, st.stacks == 7, "stacks %d, want 7", st.stacks);
	expect(&t, st.bad_lines == 1, "bad lines %d, want 1", st.bad_lines);
	expect(&t, st.depth == 4, "depth %d, want 4", st.depth);
	/* all, idle, main, parse, lex, run, exec, syscall_k, gc */
	expect(&t, n == 9 && st.boxes == 9, "%d boxes (stats %d), want 9", n,
	       st.boxes);
	all = find(v, n, "all (");
	main_b = find(v, n, "main (");
	parse = find(v, n, "parse (");
	lex = find(v, n, "lex (");
	run_b = find(v, n, "run (");
	idle = find(v, n, "idle (");
	if (!expect(&t, all && main_b && parse && lex && run_b && idle,
		    "a box is missing"))
		goto out;
	expect(&t, all == &v[0] && all->d == 0, "all is not the first box");
	expect(&t, !strcmp(all->title, "all (100 samples, 100.00%)"),
	       "all's title: '%s'", all->title);
	expect(&t, !strcmp(lex->title, "lex (15 samples, 15.00%)"),
	       "lex's title: '%s'", lex->title);
	expect(&t, all->x == 10 && all->w == 1180, "all at %.2f, %.2f wide",
	       all->x, all->w);
	expect(&t, main_b->n == 75 && main_b->w == 885,
	       "main: %llu samples, %.2f px; want 75, 885", main_b->n,
	       main_b->w);
	/* Siblings by name: idle left of main. */
	expect(&t, idle->x == 10 && main_b->x == 10 + 0.25 * 1180,
	       "idle at %.2f, main at %.2f", idle->x, main_b->x);
	expect(&t, parse->y > lex->y && main_b->y > parse->y &&
	       all->y > main_b->y, "callees are not drawn above callers");
	/*
	 * Every box lies within its parent (the box one deeper that
	 * contains it), and children never fill more than the parent.
	 */
	for (i = 0; i < n; i++) {
		sum = 0;
		kids = 0;
		for (j = 0; j < n; j++) {
			if (v[j].d != v[i].d + 1 || v[j].s < v[i].s ||
			    v[j].s + v[j].n > v[i].s + v[i].n)
				continue;
			kids++;
			sum += v[j].w;
			expect(&t, v[j].x >= v[i].x - 0.01 &&
			       v[j].x + v[j].w <= v[i].x + v[i].w + 0.01,
			       "%s sticks out of %s", v[j].title, v[i].title);
			expect(&t, v[j].y == v[i].y - 16,
			       "%s is not right above %s", v[j].title,
			       v[i].title);
		}
		expect(&t, sum <= v[i].w + 0.01 * kids,
		       "children of %s are %.2f px wide, more than its %.2f",
		       v[i].title, sum, v[i].w);
		if (!strncmp(v[i].title, "all ", 4))
			expect(&t, kids == 2 && sum > 1180 - 0.02,
			       "the root's children sum to %.2f px", sum);
		if (!strncmp(v[i].title, "run ", 4))
			expect(&t, kids == 2 && v[i].n == 55,
			       "run: %d children, %llu samples", kids, v[i].n);
	}
	/* Width is proportional to samples. */
	for (i = 0; i < n; i++)
		expect(&t, v[i].w > v[i].n * 11.8 - 0.01 &&
		       v[i].w < v[i].n * 11.8 + 0.01,
		       "%s: %.2f px for %llu samples", v[i].title, v[i].w,
		       v[i].n);
out:
	free(v);
	free(svg);
	finish(&t);
}

static void test_svg_colors(void)
{
	struct tc t = { .name = "flame_svg: colours by name, kernel apart" };
	char *svg = draw("a;f;g 1\nb;f;g_[k] 1\nc;[unknown] 1\n", NULL);
	struct box *v, *f1 = NULL, *f2 = NULL, *gk;
	int n, i, r, g, b;

	v = parse_boxes(svg, &n);
	for (i = 0; i < n; i++) {
		if (strncmp(v[i].title, "f (", 3))
			continue;
		if (!f1)
			f1 = &v[i];
		else
			f2 = &v[i];
	}
	if (!expect(&t, f1 && f2, "two boxes named f not found"))
		goto out;
	expect(&t, !strcmp(f1->fill, f2->fill), "f is %s and %s", f1->fill,
	       f2->fill);
	for (i = 0; i < n; i++) {
		if (sscanf(v[i].fill, "rgb(%d,%d,%d)", &r, &g, &b) != 3) {
			expect(&t, false, "fill '%s'", v[i].fill);
			continue;
		}
		if (!strncmp(v[i].title, "all (", 5))
			continue;
		if (!strncmp(v[i].title, "[unknown]", 9))
			expect(&t, r == g && g == b, "[unknown] is %s",
			       v[i].fill);
		else
			expect(&t, r >= 200 && r > g && r > b + 100,
			       "%s is %s, not warm", v[i].title, v[i].fill);
	}
	gk = find(v, n, "g_[k] (");
	if (expect(&t, gk != NULL, "no kernel box")) {
		sscanf(gk->fill, "rgb(%d,%d,%d)", &r, &g, &b);
		expect(&t, r <= 240 && g >= 120 && g < 180 && b >= 40,
		       "the kernel frame is %s", gk->fill);
	}
out:
	free(v);
	free(svg);
	finish(&t);
}

static void test_svg_escaping(void)
{
	struct tc t = { .name = "flame_svg: names escaped, valid XML" };
	char *svg = draw("m;<tag a=\"1\">&amp'x' 3\n"
			 "m;bad\xff\xc3 utf8 2\n"
			 "m;caf\xc3\xa9;]]> 1\n", NULL);

	expect(&t, strstr(svg, "&lt;tag a=&quot;1&quot;&gt;&amp;amp&#39;x&#39; (3 samples, 50.00%)") != NULL,
	       "escaped title not found");
	expect(&t, strstr(svg, "<tag") == NULL, "a raw '<tag' is in the SVG");
	expect(&t, strstr(svg, "bad?? utf8 (2 samples") != NULL,
	       "bytes that are not UTF-8 are not '?'");
	expect(&t, strstr(svg, "caf\xc3\xa9 (1 sample, 16.67%)") != NULL,
	       "UTF-8 name changed");
	expect(&t, strstr(svg, "]]&gt; (1 sample") != NULL, "]]> not escaped");
	xml_ok(&t, svg, "escaping");
	free(svg);
	finish(&t);
}

static void test_svg_valid(void)
{
	struct tc t = { .name = "flame_svg: the fixed input is valid XML" };
	char *svg = draw(fixed, NULL);

	xml_ok(&t, svg, "fixed");
	expect(&t, strstr(svg, "<script type=\"text/ecmascript\"><![CDATA[") &&
	       strstr(svg, "]]></script>\n</svg>\n"), "no script at the end");
	expect(&t, strstr(svg, ">test</text>") && strstr(svg,
	       ">fixed input, 100 samples</text>"), "title or subtitle missing");
	free(svg);
	finish(&t);
}

static void test_svg_empty(void)
{
	struct tc t = { .name = "flame_svg: no samples" };
	struct flame_stats st;
	char *svg = draw("", &st);
	struct box *v;
	int n;

	v = parse_boxes(svg, &n);
	expect(&t, n == 0 && st.boxes == 0 && st.samples == 0,
	       "%d boxes for no input", n);
	expect(&t, strstr(svg, ">No samples</text>") != NULL,
	       "does not say there are no samples");
	xml_ok(&t, svg, "empty");
	free(v);
	free(svg);
	finish(&t);
}

static void test_svg_narrow(void)
{
	struct tc t = { .name = "flame_svg: boxes under 0.1 px left out" };
	struct flame_stats st;
	char *svg = draw("big;a 1000000\nsmall;b;c 1\n", &st);
	struct box *v;
	int n;

	v = parse_boxes(svg, &n);
	expect(&t, n == 3 && st.boxes == 3, "%d boxes, want all, big, a", n);
	expect(&t, !strstr(svg, "small"), "the narrow stack is drawn");
	expect(&t, st.depth == 3, "depth %d counts undrawn stacks too",
	       st.depth);
	free(v);
	free(svg);
	finish(&t);
}

static void test_svg_labels(void)
{
	struct tc t = { .name = "flame_svg: labels clipped to their boxes" };
	char *svg = draw("a_rather_long_function_name 1\nz 199\n", NULL);
	struct box *v, *b;
	int n;

	v = parse_boxes(svg, &n);
	/* 5.9 px: no room for a label. */
	b = find(v, n, "a_rather_long_function_name (");
	if (expect(&t, b != NULL, "box not found"))
		expect(&t, b->label[0] == 0, "label '%s' in %.2f px", b->label,
		       b->w);
	b = find(v, n, "z (");
	if (expect(&t, b != NULL, "box z not found"))
		expect(&t, !strcmp(b->label, "z"), "label '%s'", b->label);
	free(v);
	free(svg);
	v = NULL;
	svg = draw("a_rather_long_function_name 10\nz 190\n", NULL);
	v = parse_boxes(svg, &n);
	/* 59 px: 7 characters, 5 of the name and "..". */
	b = find(v, n, "a_rather_long_function_name (");
	if (expect(&t, b != NULL, "box not found"))
		expect(&t, !strcmp(b->label, "a_rat.."), "label '%s' in %.2f px",
		       b->label, b->w);
	free(v);
	free(svg);
	finish(&t);
}

static void test_program(void)
{
	struct tc t = { .name = "prof_program" };
	char *p;

	p = prof_program(99, 0, false, 0, false);
	expect(&t, !strcmp(p, "profile:hz:99 { @[comm, ustack, kstack] = count(); }"),
	       "system-wide: '%s'", p);
	free(p);
	p = prof_program(999, 0, true, 0, false);
	expect(&t, !strcmp(p, "profile:hz:999 /pid == cpid/ { @[comm, ustack, kstack] = count(); }"),
	       "-c: '%s'", p);
	free(p);
	p = prof_program(49, 1234, false, 2500, false);
	expect(&t, !strcmp(p, "profile:hz:49 /pid == 1234/ { @[comm, ustack, kstack] = count(); } interval:ms:2500 { exit(); }"),
	       "-p -d: '%s'", p);
	free(p);
	p = prof_program(99, 0, true, 0, true);
	expect(&t, !strcmp(p, "profile:hz:99 /pid == cpid/ { @[comm, cpu, ustack, kstack] = count(); }"),
	       "--sort cpu: '%s'", p);
	free(p);
	finish(&t);
}

int main(void)
{
	if (!harness_mkdtemp(dir, sizeof(dir), "flame")) {
		printf("FAIL setup: cannot make a temporary directory\n");
		printf("0 passed, 1 failed\n");
		return 1;
	}
	test_fold_frame();
	test_fold_write();
	test_escape();
	test_label();
	test_svg_structure();
	test_svg_colors();
	test_svg_escaping();
	test_svg_valid();
	test_svg_empty();
	test_svg_narrow();
	test_svg_labels();
	test_program();
	harness_rmtree(dir);
	return harness_summary();
}
