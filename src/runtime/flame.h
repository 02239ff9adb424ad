/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_FLAME_H
#define FERRET_FLAME_H

#include <stddef.h>
#include <stdint.h>
#include "../util.h"

/*
 * Flame graphs: folded stacks (fold.h) drawn as one self-contained SVG.
 *
 * Each distinct path of frames from the root is one box; its width is
 * its share of all samples, the root "all" spans the whole width at the
 * bottom, and callees stack on their callers.  Siblings are ordered by
 * name, so the x axis is not time.  A box is coloured from a hash of its
 * name (warm hues; kernel frames, "_[k]", a browner family; "[unknown]"
 * grey), so a function has the same colour wherever it appears and in
 * every graph.  Boxes narrower than FLAME_MIN_PX are left out.
 *
 * In a browser: hovering a box shows its name, samples and percentage
 * (an SVG <title>, and a line at the bottom), a click zooms on it, "Reset
 * Zoom" or Escape goes back, "Search" (or Ctrl-F) highlights the frames
 * a regular expression matches and shows the share of samples they
 * cover.  The state can be set in the URL: "?s=REGEX" searches and
 * "?z=N" zooms on the Nth box in document order ("all" is 0).
 */

#define FLAME_WIDTH 1200	/* pixels, by default */
#define FLAME_MIN_PX 0.1	/* narrowest box drawn */

struct flame_opts {
	const char *title;	/* NULL: "Flame Graph" */
	const char *subtitle;	/* NULL: none; the sample count follows */
	int width;		/* 0: FLAME_WIDTH */
};

/* What a rendering found in its input. */
struct flame_stats {
	uint64_t samples;	/* sum of the counts */
	int stacks;		/* lines taken */
	int bad_lines;		/* non-empty lines without " COUNT" */
	int boxes;		/* boxes drawn, "all" included */
	int depth;		/* most frames in one stack */
};

/*
 * Appends to out an SVG document drawing the folded stacks in
 * text[0, len): lines "frame;frame;...;frame COUNT", in any order,
 * repeats summed; a line without a trailing count is skipped and counted
 * in st->bad_lines.  Names are escaped for XML and bytes that are not
 * UTF-8 become '?'.  Without samples the graph says so.  st may be NULL.
 */
void flame_svg(const char *text, size_t len, const struct flame_opts *o,
	       struct buf *out, struct flame_stats *st);

/* Appends s[0, len) escaped as XML character data or attribute value. */
void flame_xml_escape(struct buf *out, const char *s, size_t len);

/*
 * The label of a box w pixels wide for name: name itself if it fits,
 * else its head and "..", or nothing when under three characters fit.
 * Returns the bytes of name kept (len, or fewer) and sets *dots when
 * ".." follows them.  The script in the SVG does the same when zooming.
 */
size_t flame_label(const char *name, size_t len, double w, bool *dots);

#endif
