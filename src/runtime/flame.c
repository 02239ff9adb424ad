/* SPDX-License-Identifier: GPL-2.0 */
/* Flame graphs as SVG, drawn from folded stacks. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "flame.h"
#include "fold.h"

/* Geometry, in pixels. */
#define FLAME_PAD	10	/* left and right margins */
#define FLAME_TOP	60	/* title, subtitle and buttons */
#define FLAME_BOTTOM	36	/* details line */
#define FLAME_FRAME_H	16
#define FLAME_FONT	12
#define FLAME_TEXT_PAD	3	/* between a box's edge and its label */
/*
 * The advance of one character of the label font (DejaVu Sans Mono and
 * most monospace fonts: 0.6 em), rounded up so labels never overflow.
 */
#define FLAME_CHAR_W	7.3

/* One frame of one stack: a name inside the input text. */
struct flame_frame {
	const char *name;
	size_t len;
};

/* One input line. */
struct flame_stack {
	struct flame_frame *frames;
	int n;
	uint64_t count;
};

/* One box: a distinct path of frames from the root. */
struct flame_node {
	const char *name;
	size_t len;
	int parent;		/* index; -1 for the root */
	int depth;
	uint64_t total;		/* samples in this box and above it */
	uint64_t x;		/* samples left of it */
	uint64_t next_x;	/* where its next child starts */
};

struct flame_tree {
	struct flame_node *v;
	int n, cap;
};

static int flame_push(struct flame_tree *t, const char *name, size_t len,
		      int parent)
{
	struct flame_node *nd;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	nd = &t->v[t->n];
	memset(nd, 0, sizeof(*nd));
	nd->name = name;
	nd->len = len;
	nd->parent = parent;
	nd->depth = parent < 0 ? 0 : t->v[parent].depth + 1;
	return t->n++;
}

/* Parses one line, cut out of a writable copy; false if it has no count. */
static bool flame_parse_line(char *s, size_t len, struct flame_stack *st)
{
	size_t end = len, i;
	char *p, *q;
	int cap = 0;

	while (end && strchr(" \t\r", s[end - 1]))
		end--;
	i = end;
	while (i && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i == end || (i && s[i - 1] != ' ' && s[i - 1] != '\t'))
		return false;
	s[end] = '\0';
	errno = 0;
	st->count = strtoull(s + i, NULL, 10);
	if (errno)
		return false;
	end = i;
	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	st->frames = NULL;
	st->n = 0;
	if (!end)
		return true;
	s[end] = '\0';
	for (p = s;; p = q + 1) {
		q = strchr(p, ';');
		if (!q)
			q = s + end;
		if (st->n == cap) {
			cap = cap ? cap * 2 : 16;
			st->frames = xrealloc(st->frames,
					      cap * sizeof(*st->frames));
		}
		st->frames[st->n].name = p;
		st->frames[st->n].len = q - p;
		st->n++;
		if (q == s + end)
			break;
	}
	return true;
}

static int flame_cmp_frame(const struct flame_frame *a,
			   const struct flame_frame *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	return a->len < b->len ? -1 : a->len > b->len;
}

/* Frame by frame, a prefix first: stacks sharing a path are adjacent. */
static int flame_cmp_stack(const void *pa, const void *pb)
{
	const struct flame_stack *a = pa, *b = pb;
	int i, c;

	for (i = 0; i < a->n && i < b->n; i++) {
		c = flame_cmp_frame(&a->frames[i], &b->frames[i]);
		if (c)
			return c;
	}
	return a->n < b->n ? -1 : a->n > b->n;
}

/*
 * Builds the tree from stacks sorted by flame_cmp_stack: each stack
 * shares the nodes of its common prefix with the one before, so nodes
 * come out in preorder with siblings sorted by name.
 */
static void flame_build(struct flame_stack *stacks, int n,
			struct flame_tree *t)
{
	int *path = NULL, depth = 0, cap = 0, i, j, k, node;

	flame_push(t, "all", 3, -1);
	for (i = 0; i < n; i++) {
		struct flame_stack *s = &stacks[i];

		j = 0;
		if (i > 0)
			while (j < s->n && j < stacks[i - 1].n && j < depth &&
			       !flame_cmp_frame(&s->frames[j],
						&stacks[i - 1].frames[j]))
				j++;
		if (s->n > cap) {
			cap = s->n * 2;
			path = xrealloc(path, cap * sizeof(*path));
		}
		for (k = j; k < s->n; k++)
			path[k] = flame_push(t, s->frames[k].name,
					     s->frames[k].len,
					     k ? path[k - 1] : 0);
		depth = s->n;
		t->v[0].total += s->count;
		for (k = 0; k < s->n; k++)
			t->v[path[k]].total += s->count;
	}
	free(path);
	for (node = 1; node < t->n; node++) {
		struct flame_node *p = &t->v[t->v[node].parent];

		t->v[node].x = p->x + p->next_x;
		p->next_x += t->v[node].total;
	}
}

void flame_xml_escape(struct buf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n, k;

	while (i < len) {
		unsigned char c = p[i];
		uint32_t cp;

		switch (c) {
		case '&':
			buf_put(out, "&amp;", 5);
			i++;
			continue;
		case '<':
			buf_put(out, "&lt;", 4);
			i++;
			continue;
		case '>':
			buf_put(out, "&gt;", 4);
			i++;
			continue;
		case '"':
			buf_put(out, "&quot;", 6);
			i++;
			continue;
		case '\'':
			buf_put(out, "&#39;", 5);
			i++;
			continue;
		}
		if (c < 0x80) {
			/* XML 1.0 has no other control characters. */
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				c = '?';
			buf_put(out, &c, 1);
			i++;
			continue;
		}
		/* A well-formed UTF-8 sequence passes; any other byte is '?'. */
		if (c >= 0xc2 && c <= 0xdf) {
			n = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 4;
			cp = c & 0x07;
		} else {
			n = 0;
			cp = 0;
		}
		for (k = 1; n && k < n; k++) {
			if (i + k >= len || (p[i + k] & 0xc0) != 0x80) {
				n = 0;
				break;
			}
			cp = cp << 6 | (p[i + k] & 0x3f);
		}
		if (n && ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
			  cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
			  cp == 0xfffe || cp == 0xffff))
			n = 0;
		if (!n) {
			buf_put(out, "?", 1);
			i++;
			continue;
		}
		buf_put(out, s + i, n);
		i += n;
	}
}

/* Code points in s[0, len), counting each byte that starts one. */
static size_t flame_chars(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			n++;
	return n;
}

size_t flame_label(const char *name, size_t len, double w, bool *dots)
{
	double room = (w - 2 * FLAME_TEXT_PAD) / FLAME_CHAR_W;
	size_t fit = room > 0 ? (size_t)room : 0, i, n = 0;

	*dots = false;
	if (flame_chars(name, len) <= fit)
		return len;
	if (fit < 3)
		return 0;
	/* The bytes of the first fit - 2 code points. */
	for (i = 0; i < len; i++) {
		if (((unsigned char)name[i] & 0xc0) != 0x80 && n++ == fit - 2)
			break;
	}
	*dots = true;
	return i;
}

static uint32_t flame_hash(const char *s, size_t len)
{
	uint32_t h = hash_bytes(HASH_INIT, s, len);

	/* Mix the high bits down: the channels below take bytes of h. */
	h ^= h >> 15;
	h *= 0x2c1b3c6du;
	h ^= h >> 12;
	return h;
}

static bool flame_ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

/* The fill of a box named name, "rgb(r,g,b)". */
static void flame_color(struct buf *out, const char *name, size_t len,
			bool root)
{
	uint32_t h;
	int r, g, b;

	if (root) {
		buf_printf(out, "rgb(214,196,178)");
		return;
	}
	if (len == 9 && !memcmp(name, "[unknown]", 9)) {
		buf_printf(out, "rgb(190,190,190)");
		return;
	}
	if (flame_ends_with(name, len, FOLD_KERNEL_SUFFIX)) {
		len -= strlen(FOLD_KERNEL_SUFFIX);
		h = flame_hash(name, len);
		r = 200 + (int)(h & 0xff) % 40;
		g = 120 + (int)(h >> 8 & 0xff) % 60;
		b = 40 + (int)(h >> 16 & 0xff) % 40;
	} else {
		h = flame_hash(name, len);
		r = 225 + (int)(h & 0xff) % 31;
		g = 50 + (int)(h >> 8 & 0xff) % (r - 70);
		b = (int)(h >> 16 & 0xff) % 60;
	}
	buf_printf(out, "rgb(%d,%d,%d)", r, g, b);
}

/*
 * The behaviour in a browser; plain ECMAScript 2015 working on the boxes
 * the C side drew.  Kept in step with flame_label() and the geometry
 * above through the attributes of the <svg> element.
 */
static const char flame_script[] =
"(function () {\n"
"\"use strict\";\n"
"var svg = document.documentElement;\n"
"var total = +svg.getAttribute(\"data-samples\");\n"
"var pad = +svg.getAttribute(\"data-pad\");\n"
"var fw = +svg.getAttribute(\"data-fw\");\n"
"var cw = +svg.getAttribute(\"data-charw\");\n"
"var tp = +svg.getAttribute(\"data-textpad\");\n"
"var minw = +svg.getAttribute(\"data-minw\");\n"
"var boxes = [], zoomed = null, query = null;\n"
"var details = document.getElementById(\"details\");\n"
"var matched = document.getElementById(\"matched\");\n"
"var unzoom = document.getElementById(\"unzoom\");\n"
"var unsearch = document.getElementById(\"unsearch\");\n"
"\n"
"function label(name, w) {\n"
"\tvar room = (w - 2 * tp) / cw, fit = room > 0 ? Math.floor(room) : 0;\n"
"\tvar chars = Array.from(name);\n"
"\tif (chars.length <= fit)\n"
"\t\treturn name;\n"
"\tif (fit < 3)\n"
"\t\treturn \"\";\n"
"\treturn chars.slice(0, fit - 2).join(\"\") + \"..\";\n"
"}\n"
"\n"
"function place(b, x, w) {\n"
"\tb.rect.setAttribute(\"x\", x.toFixed(2));\n"
"\tb.rect.setAttribute(\"width\", w.toFixed(2));\n"
"\tb.text.setAttribute(\"x\", (x + tp).toFixed(2));\n"
"\tb.text.textContent = label(b.name, w);\n"
"\tb.g.style.display = \"\";\n"
"}\n"
"\n"
"/* Box z spans the width; its ancestors are dimmed, the rest hidden. */\n"
"function zoom(z) {\n"
"\tboxes.forEach(function (b) {\n"
"\t\tvar w;\n"
"\n"
"\t\tb.g.classList.remove(\"up\");\n"
"\t\tif (b.s + b.n <= z.s || z.s + z.n <= b.s) {\n"
"\t\t\tb.g.style.display = \"none\";\n"
"\t\t} else if (b.d < z.d) {\n"
"\t\t\tplace(b, pad, fw);\n"
"\t\t\tb.g.classList.add(\"up\");\n"
"\t\t} else {\n"
"\t\t\tw = b.n / z.n * fw;\n"
"\t\t\tif (w < minw)\n"
"\t\t\t\tb.g.style.display = \"none\";\n"
"\t\t\telse\n"
"\t\t\t\tplace(b, pad + (b.s - z.s) / z.n * fw, w);\n"
"\t\t}\n"
"\t});\n"
"\tzoomed = z.d > 0 ? z : null;\n"
"\tunzoom.style.display = zoomed ? \"\" : \"none\";\n"
"\tremember();\n"
"}\n"
"\n"
"function percent(n) {\n"
"\treturn (100 * n / total).toFixed(2) + \"%\";\n"
"}\n"
"\n"
"/* Highlights the boxes re matches; counts the samples under them once. */\n"
"function search(re) {\n"
"\tvar hits = [], sum = 0, end = 0;\n"
"\n"
"\tquery = re;\n"
"\tboxes.forEach(function (b) {\n"
"\t\tif (re && re.test(b.name)) {\n"
"\t\t\tb.rect.setAttribute(\"fill\", \"rgb(224,64,224)\");\n"
"\t\t\thits.push(b);\n"
"\t\t} else {\n"
"\t\t\tb.rect.setAttribute(\"fill\", b.fill);\n"
"\t\t}\n"
"\t});\n"
"\thits.sort(function (a, b) { return a.s - b.s; });\n"
"\thits.forEach(function (b) {\n"
"\t\tif (b.s + b.n > end) {\n"
"\t\t\tsum += b.s + b.n - Math.max(b.s, end);\n"
"\t\t\tend = b.s + b.n;\n"
"\t\t}\n"
"\t});\n"
"\tmatched.textContent = re ? \"Matched: \" + percent(sum) : \"\";\n"
"\tunsearch.style.display = re ? \"\" : \"none\";\n"
"\tremember();\n"
"}\n"
"\n"
"function ask() {\n"
"\tvar t = window.prompt(\"Search frames (regular expression)\",\n"
"\t\t\t      query ? query.source : \"\");\n"
"\n"
"\tif (t === null)\n"
"\t\treturn;\n"
"\ttry {\n"
"\t\tsearch(t === \"\" ? null : new RegExp(t));\n"
"\t} catch (e) {\n"
"\t\twindow.alert(\"Not a regular expression: \" + e.message);\n"
"\t}\n"
"}\n"
"\n"
"/* Keeps the view in the URL, so that it can be shared or reloaded. */\n"
"function remember() {\n"
"\tvar q = [];\n"
"\n"
"\tif (query)\n"
"\t\tq.push(\"s=\" + encodeURIComponent(query.source));\n"
"\tif (zoomed)\n"
"\t\tq.push(\"z=\" + boxes.indexOf(zoomed));\n"
"\ttry {\n"
"\t\thistory.replaceState(null, \"\", location.pathname +\n"
"\t\t\t\t     (q.length ? \"?\" + q.join(\"&\") : \"\"));\n"
"\t} catch (e) {\n"
"\t\t/* Some browsers refuse it for files; the view still works. */\n"
"\t}\n"
"}\n"
"\n"
"Array.prototype.forEach.call(document.querySelectorAll(\"g.f\"), function (g) {\n"
"\tvar title = g.querySelector(\"title\").textContent;\n"
"\tvar b = {\n"
"\t\tg: g,\n"
"\t\trect: g.querySelector(\"rect\"),\n"
"\t\ttext: g.querySelector(\"text\"),\n"
"\t\ts: +g.getAttribute(\"data-s\"),\n"
"\t\tn: +g.getAttribute(\"data-n\"),\n"
"\t\td: +g.getAttribute(\"data-d\"),\n"
"\t\tinfo: title,\n"
"\t\tname: title.slice(0, title.lastIndexOf(\" (\"))\n"
"\t};\n"
"\n"
"\tb.fill = b.rect.getAttribute(\"fill\");\n"
"\tboxes.push(b);\n"
"\tg.addEventListener(\"mouseover\", function () {\n"
"\t\tdetails.textContent = b.info;\n"
"\t});\n"
"\tg.addEventListener(\"mouseout\", function () {\n"
"\t\tdetails.textContent = \" \";\n"
"\t});\n"
"\tg.addEventListener(\"click\", function () {\n"
"\t\tzoom(b);\n"
"\t});\n"
"});\n"
"unzoom.addEventListener(\"click\", function () {\n"
"\tzoom(boxes[0]);\n"
"});\n"
"document.getElementById(\"search\").addEventListener(\"click\", ask);\n"
"unsearch.addEventListener(\"click\", function () {\n"
"\tsearch(null);\n"
"});\n"
"document.addEventListener(\"keydown\", function (e) {\n"
"\tif (e.key === \"F3\" || ((e.ctrlKey || e.metaKey) && e.key === \"f\")) {\n"
"\t\te.preventDefault();\n"
"\t\task();\n"
"\t} else if (e.key === \"Escape\") {\n"
"\t\tsearch(null);\n"
"\t\tzoom(boxes[0]);\n"
"\t}\n"
"});\n"
"(function () {\n"
"\tvar p = new URLSearchParams(location.search), z = p.get(\"z\");\n"
"\n"
"\tif (p.get(\"s\")) {\n"
"\t\ttry {\n"
"\t\t\tsearch(new RegExp(p.get(\"s\")));\n"
"\t\t} catch (e) {\n"
"\t\t\tsearch(null);\n"
"\t\t}\n"
"\t}\n"
"\tif (z !== null && boxes[+z])\n"
"\t\tzoom(boxes[+z]);\n"
"})();\n"
"svg.setAttribute(\"data-ready\", boxes.length);\n"
"})();\n";

static const char flame_style[] =
"text { font-family: \"DejaVu Sans Mono\", \"Menlo\", \"Consolas\", monospace; font-size: 12px; fill: #000; }\n"
"#title { font-family: sans-serif; font-size: 17px; text-anchor: middle; }\n"
"#subtitle { font-family: sans-serif; font-size: 12px; fill: #555; text-anchor: middle; }\n"
"#details, #matched { fill: #333; }\n"
"#matched { text-anchor: end; }\n"
".btn { fill: #235; cursor: pointer; text-decoration: underline; }\n"
".f { cursor: pointer; }\n"
".f rect { stroke: #fff; stroke-width: 0.5; }\n"
".f:hover rect { stroke: #000; stroke-width: 1; }\n"
".f text { pointer-events: none; }\n"
".up rect { opacity: 0.55; }\n";

struct flame_layout {
	double fw;		/* frame area width */
	uint64_t total;
	int height, top_depth;	/* top_depth: deepest box drawn */
};

static double flame_x(const struct flame_layout *l, uint64_t x)
{
	return FLAME_PAD + (double)x / (double)l->total * l->fw;
}

static double flame_w(const struct flame_layout *l, uint64_t n)
{
	return (double)n / (double)l->total * l->fw;
}

static void flame_box(struct buf *out, const struct flame_layout *l,
		      const struct flame_node *nd, bool root)
{
	double x = flame_x(l, nd->x), w = flame_w(l, nd->total);
	int y = FLAME_TOP + (l->top_depth - nd->depth) * FLAME_FRAME_H;
	size_t keep;
	bool dots;

	buf_printf(out, "<g class=\"f\" data-s=\"%llu\" data-n=\"%llu\" data-d=\"%d\"><title>",
		   (unsigned long long)nd->x, (unsigned long long)nd->total,
		   nd->depth);
	flame_xml_escape(out, nd->name, nd->len);
	buf_printf(out, " (%llu sample%s, %.2f%%)</title>",
		   (unsigned long long)nd->total, nd->total == 1 ? "" : "s",
		   100.0 * (double)nd->total / (double)l->total);
	buf_printf(out, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" rx=\"2\" fill=\"",
		   x, y, w, FLAME_FRAME_H - 1);
	flame_color(out, nd->name, nd->len, root);
	buf_printf(out, "\"/><text x=\"%.2f\" y=\"%d\">", x + FLAME_TEXT_PAD,
		   y + FLAME_FONT - 1);
	keep = flame_label(nd->name, nd->len, w, &dots);
	flame_xml_escape(out, nd->name, keep);
	if (dots)
		buf_put(out, "..", 2);
	buf_put(out, "</text></g>\n", 12);
}

static void flame_text(struct buf *out, const char *id, const char *cls,
		       double x, int y, const char *extra, const char *s)
{
	buf_printf(out, "<text id=\"%s\"", id);
	if (cls)
		buf_printf(out, " class=\"%s\"", cls);
	buf_printf(out, " x=\"%.2f\" y=\"%d\"%s>", x, y, extra);
	flame_xml_escape(out, s, strlen(s));
	buf_put(out, "</text>\n", 8);
}

static void flame_write(struct buf *out, const struct flame_opts *o,
			struct flame_tree *t, struct flame_stats *st)
{
	int width = o->width > 0 ? o->width : FLAME_WIDTH, i;
	struct flame_layout l = { .fw = width - 2 * FLAME_PAD };
	bool *drawn = xcalloc(t->n, sizeof(*drawn));
	struct buf sub = { 0 };

	l.total = t->v[0].total;
	for (i = 0; i < t->n; i++) {
		const struct flame_node *nd = &t->v[i];

		if (!l.total || (i && (!drawn[nd->parent] ||
				       flame_w(&l, nd->total) < FLAME_MIN_PX)))
			continue;
		drawn[i] = true;
		st->boxes++;
		if (nd->depth > l.top_depth)
			l.top_depth = nd->depth;
	}
	l.height = FLAME_TOP + (l.top_depth + 1) * FLAME_FRAME_H + FLAME_BOTTOM;
	buf_printf(out,
		   "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
		   "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"",
		   width, l.height, width, l.height);
	buf_printf(out,
		   " data-samples=\"%llu\" data-pad=\"%d\" data-fw=\"%.2f\" data-charw=\"%g\" data-textpad=\"%d\" data-minw=\"%g\">\n",
		   (unsigned long long)l.total, FLAME_PAD, l.fw, FLAME_CHAR_W,
		   FLAME_TEXT_PAD, FLAME_MIN_PX);
	buf_printf(out, "<style type=\"text/css\"><![CDATA[\n%s]]></style>\n",
		   flame_style);
	buf_printf(out,
		   "<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
		   "<stop offset=\"0%%\" stop-color=\"#fdfbf7\"/><stop offset=\"100%%\" stop-color=\"#f1ebdf\"/>"
		   "</linearGradient></defs>\n"
		   "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"url(#bg)\"/>\n",
		   width, l.height);
	flame_text(out, "title", NULL, width / 2.0, 24, "",
		   o->title ? o->title : "Flame Graph");
	sub.len = 0;
	buf_printf(&sub, "%s%s%llu sample%s", o->subtitle ? o->subtitle : "",
		   o->subtitle ? ", " : "", (unsigned long long)l.total,
		   l.total == 1 ? "" : "s");
	buf_put(&sub, "", 1);
	flame_text(out, "subtitle", NULL, width / 2.0, 42, "", sub.p);
	buf_free(&sub);
	flame_text(out, "unzoom", "btn", FLAME_PAD, 24,
		   " style=\"display:none\"", "Reset Zoom");
	flame_text(out, "search", "btn", width - FLAME_PAD, 24,
		   " text-anchor=\"end\"", "Search");
	flame_text(out, "unsearch", "btn", width - FLAME_PAD - 70, 24,
		   " text-anchor=\"end\" style=\"display:none\"", "Reset Search");
	flame_text(out, "details", NULL, FLAME_PAD, l.height - 12, "", " ");
	flame_text(out, "matched", NULL, width - FLAME_PAD, l.height - 12, "",
		   "");
	if (!l.total)
		flame_text(out, "empty", NULL, width / 2.0, FLAME_TOP + 12,
			   " text-anchor=\"middle\"", "No samples");
	buf_put(out, "<g id=\"frames\">\n", 16);
	for (i = 0; i < t->n; i++)
		if (drawn[i])
			flame_box(out, &l, &t->v[i], i == 0);
	buf_put(out, "</g>\n", 5);
	buf_printf(out, "<script type=\"text/ecmascript\"><![CDATA[\n%s]]></script>\n",
		   flame_script);
	buf_put(out, "</svg>\n", 7);
	st->depth = 0;
	for (i = 0; i < t->n; i++)
		if (t->v[i].depth > st->depth)
			st->depth = t->v[i].depth;
	free(drawn);
}

void flame_svg(const char *text, size_t len, const struct flame_opts *o,
	       struct buf *out, struct flame_stats *stp)
{
	static const struct flame_opts defaults;
	struct flame_stats st = { 0 };
	struct flame_stack *stacks = NULL;
	struct flame_tree t = { 0 };
	char *copy = xmalloc(len + 1), *p, *nl;
	int n = 0, cap = 0, i;

	if (!o)
		o = &defaults;
	if (len)
		memcpy(copy, text, len);
	copy[len] = '\0';
	for (p = copy; p < copy + len; p = nl + 1) {
		nl = memchr(p, '\n', copy + len - p);
		if (!nl)
			nl = copy + len;
		*nl = '\0';
		if (strspn(p, " \t\r") == (size_t)(nl - p))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			stacks = xrealloc(stacks, cap * sizeof(*stacks));
		}
		if (!flame_parse_line(p, nl - p, &stacks[n])) {
			st.bad_lines++;
			continue;
		}
		if (!stacks[n].count) {
			free(stacks[n].frames);
			continue;
		}
		st.samples += stacks[n].count;
		n++;
	}
	st.stacks = n;
	if (n)
		qsort(stacks, n, sizeof(*stacks), flame_cmp_stack);
	flame_build(stacks, n, &t);
	flame_write(out, o, &t, &st);
	for (i = 0; i < n; i++)
		free(stacks[i].frames);
	free(stacks);
	free(t.v);
	free(copy);
	if (stp)
		*stp = st;
}
