/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counts kinds of pixels in a PNG screenshot, so that a test can tell a
 * drawn flame graph from a blank or broken page:
 *
 *   pngstat FILE  ->  "WIDTH HEIGHT warm=N dark=N magenta=N colours=N"
 *
 * warm: reds, oranges and yellows of the flame boxes (red high, blue far
 * below it); dark: text; magenta: search highlights; colours: distinct
 * RGB values.  Reads 8-bit RGB or RGBA, non-interlaced, as headless
 * Chromium writes its screenshots; anything else is an error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	if (pa <= pb && pa <= pc)
		return a;
	return pb <= pc ? b : c;
}

static int fail(const char *why)
{
	fprintf(stderr, "pngstat: %s\n", why);
	return 1;
}

int main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char *file = NULL, *idat = NULL, *raw, *prev, *cur, *seen;
	size_t flen = 0, fcap = 0, ilen = 0, off, n;
	uint32_t w = 0, h = 0, x, y, len;
	unsigned long warm = 0, dark = 0, magenta = 0, colours = 0;
	int bpp = 0, i;
	uLongf rawlen;
	FILE *f;

	if (argc != 2)
		return fail("usage: pngstat FILE");
	f = fopen(argv[1], "rb");
	if (!f)
		return fail("cannot open the file");
	for (;;) {
		if (flen == fcap) {
			fcap = fcap ? fcap * 2 : 1 << 16;
			file = realloc(file, fcap);
			if (!file)
				return fail("out of memory");
		}
		n = fread(file + flen, 1, fcap - flen, f);
		if (!n)
			break;
		flen += n;
	}
	fclose(f);
	if (flen < 8 || memcmp(file, sig, 8))
		return fail("not a PNG file");
	idat = malloc(flen);
	if (!idat)
		return fail("out of memory");
	for (off = 8; off + 12 <= flen; off += 12 + len) {
		len = be32(file + off);
		if (off + 12 + len > flen)
			return fail("truncated chunk");
		if (!memcmp(file + off + 4, "IHDR", 4)) {
			const unsigned char *d = file + off + 8;

			w = be32(d);
			h = be32(d + 4);
			if (d[8] != 8 || d[12] != 0)
				return fail("not 8-bit non-interlaced");
			if (d[9] == 2)
				bpp = 3;
			else if (d[9] == 6)
				bpp = 4;
			else
				return fail("not RGB or RGBA");
		} else if (!memcmp(file + off + 4, "IDAT", 4)) {
			memcpy(idat + ilen, file + off + 8, len);
			ilen += len;
		}
	}
	if (!bpp || !w || !h || w > 20000 || h > 20000)
		return fail("no usable IHDR");
	rawlen = (uLongf)h * (1 + (uLongf)w * bpp);
	raw = malloc(rawlen);
	prev = calloc((size_t)w * bpp, 1);
	seen = calloc(1 << 21, 1);	/* one bit per 24-bit colour */
	if (!raw || !prev || !seen)
		return fail("out of memory");
	if (uncompress(raw, &rawlen, idat, ilen) != Z_OK ||
	    rawlen != (uLongf)h * (1 + (uLongf)w * bpp))
		return fail("bad image data");
	for (y = 0; y < h; y++) {
		int filter = raw[y * (1 + (size_t)w * bpp)];

		cur = raw + y * (1 + (size_t)w * bpp) + 1;
		for (i = 0; i < (int)(w * bpp); i++) {
			int a = i >= bpp ? cur[i - bpp] : 0, b = prev[i];
			int c = i >= bpp ? prev[i - bpp] : 0;

			switch (filter) {
			case 0:
				break;
			case 1:
				cur[i] += a;
				break;
			case 2:
				cur[i] += b;
				break;
			case 3:
				cur[i] += (a + b) / 2;
				break;
			case 4:
				cur[i] += paeth(a, b, c);
				break;
			default:
				return fail("bad filter");
			}
		}
		for (x = 0; x < w; x++) {
			const unsigned char *p = cur + x * bpp;
			uint32_t rgb = (uint32_t)p[0] << 16 | p[1] << 8 | p[2];

			if (p[0] >= 180 && p[0] - p[2] >= 80 && p[1] <= p[0] &&
			    !(p[2] > 150))
				warm++;
			if (p[0] < 100 && p[1] < 100 && p[2] < 100)
				dark++;
			if (p[0] > 190 && p[1] < 110 && p[2] > 190)
				magenta++;
			if (!(seen[rgb >> 3] & 1 << (rgb & 7))) {
				seen[rgb >> 3] |= 1 << (rgb & 7);
				colours++;
			}
		}
		prev = memcpy(prev, cur, (size_t)w * bpp);
	}
	printf("%u %u warm=%lu dark=%lu magenta=%lu colours=%lu\n", w, h, warm,
	       dark, magenta, colours);
	free(seen);
	free(prev);
	free(raw);
	free(idat);
	free(file);
	return 0;
}
