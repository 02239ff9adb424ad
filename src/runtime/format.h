/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_FORMAT_H
#define FERRET_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../util.h"

/*
 * printf formats the way bpftrace 0.17 handles them.  bpftrace finds its
 * conversions with the regex
 *
 *	%-?[0-9]*(\.[0-9]+)?(s|r|rx|c|(hh|h|l|ll|j|z|t)?[duoxXp])
 *
 * (so "%i", "%+d", "%#x", "% d" and "%%" are not conversions to it; ferret
 * also takes "%i", as "%d"), cuts
 * the format after each one and hands each piece with its one argument to
 * snprintf; the text after the last conversion is copied as it is, "%%"
 * included.  Integers reach snprintf as 64-bit values, so "%d" prints the
 * low 32 bits and only the l, ll, j, z and t lengths print all 64.
 */

/* The argument type a conversion takes. */
enum fmt_want {
	FMT_WANT_INT,		/* c d u o x X p, any length */
	FMT_WANT_STR,		/* s */
	FMT_WANT_BUF,		/* r rx: buf() values */
};

/* A conversion as bpftrace's regex finds it: fmt[start, end). */
struct fmt_conv {
	size_t start, end;
	enum fmt_want want;
	char conv;		/* the conversion letter; 'r' for rx too */
};

/*
 * Finds the leftmost conversion starting at or after byte from of the
 * NUL-terminated fmt.  True and *c filled if there is one.
 */
bool fmt_next_conv(const char *fmt, size_t from, struct fmt_conv *c);

/* How many arguments bpftrace expects for fmt. */
int fmt_count_convs(const char *fmt);

/* The one argument of a piece. */
struct fmt_val {
	bool is_str;
	uint64_t i;		/* !is_str: the 64-bit value */
	const char *s;		/* is_str: bytes, not NUL-terminated */
	size_t slen;
};

/*
 * Appends what glibc's snprintf(buf, size, piece, arg) prints for the
 * n bytes at p, cut at the first NUL written (bpftrace streams the
 * buffer as a C string, so "%c" of 0 prints nothing).  Conversions
 * after the first, which only a piece bpftrace misparsed can hold, read
 * garbage in bpftrace; here they print 0 or "".
 */
void fmt_piece(struct buf *out, const char *p, size_t n,
	       const struct fmt_val *v);

#endif
