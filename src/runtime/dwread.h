/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_DWREAD_H
#define FERRET_DWREAD_H

/*
 * What the DWARF readers (dwline.c, dwinfo.c) share: a bounded
 * little-endian cursor over a section's bytes, and a section's bytes.
 * Past the end a cursor reads zeros and says so in bad, so that a
 * damaged section ends a reader's loop instead of overrunning it.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A section's bytes: mapped, or decompressed (owned). */
struct dwr_sect {
	const uint8_t *p;
	size_t len;
	uint8_t *owned;
};

struct dwr {
	const uint8_t *p, *end;
	bool bad;
};

/* A cursor on s from off, bad if off is past its end. */
static inline struct dwr dwr_at(const struct dwr_sect *s, uint64_t off)
{
	struct dwr c = { s->p, s->p, true };

	if (s->p && off <= s->len) {
		c.p = s->p + off;
		c.end = s->p + s->len;
		c.bad = false;
	}
	return c;
}

static inline bool dwr_take(struct dwr *c, uint64_t n)
{
	if (c->bad || (uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return false;
	}
	return true;
}

static inline void dwr_skip(struct dwr *c, uint64_t n)
{
	if (dwr_take(c, n))
		c->p += n;
}

/* An n-byte little-endian number (n <= 8). */
static inline uint64_t dwr_u(struct dwr *c, int n)
{
	uint64_t v = 0;
	int i;

	if (!dwr_take(c, n))
		return 0;
	for (i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

/*
 * A LEB128 number's bits, low first; *shift (if not NULL) the bit count
 * its groups made, and *last its last byte (for a signed one's sign).
 */
static inline uint64_t dwr_leb(struct dwr *c, int *shift, uint8_t *last)
{
	uint64_t v = 0;
	int n = 0;
	uint8_t b = 0;

	do {
		if (!dwr_take(c, 1))
			return 0;
		b = *c->p++;
		if (n < 64)
			v |= (uint64_t)(b & 0x7f) << n;
		n += 7;
	} while (b & 0x80);
	if (shift)
		*shift = n;
	if (last)
		*last = b;
	return v;
}

static inline uint64_t dwr_uleb(struct dwr *c)
{
	return dwr_leb(c, NULL, NULL);
}

static inline int64_t dwr_sleb(struct dwr *c)
{
	int shift = 64;
	uint8_t b = 0;
	uint64_t v = dwr_leb(c, &shift, &b);

	/* Sign-extended in unsigned arithmetic: a shift by 63 is defined. */
	if (shift < 64 && (b & 0x40))
		v |= ~0ull << shift;
	return (int64_t)v;
}

/* A NUL-terminated string in place, or "" past the end. */
static inline const char *dwr_str(struct dwr *c)
{
	const uint8_t *nul = c->bad ? NULL : memchr(c->p, 0, c->end - c->p);
	const char *s;

	if (!nul) {
		c->bad = true;
		c->p = c->end;
		return "";
	}
	s = (const char *)c->p;
	c->p = nul + 1;
	return s;
}

/* The string at off of a string section, or NULL. */
static inline const char *dwr_sect_str(const struct dwr_sect *s, uint64_t off)
{
	if (!s->p || off >= s->len || !memchr(s->p + off, 0, s->len - off))
		return NULL;
	return (const char *)s->p + off;
}

#endif
