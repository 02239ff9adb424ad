/* SPDX-License-Identifier: GPL-2.0 */
#include <string.h>

#include "format.h"

/* Widths and precisions past this are clamped, so a typo cannot eat memory. */
#define FMT_MAX_WIDTH (1 << 20)

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "i" is not a conversion to bpftrace 0.17; ferret takes it as "d". */
static bool is_int_conv(char c)
{
	return c && strchr("diuoxXp", c);
}

/* Matches bpftrace's regex at fmt[i] == '%'; the end offset or 0. */
static size_t match_conv(const char *fmt, size_t i, struct fmt_conv *c)
{
	size_t j = i + 1;

	if (fmt[j] == '-')
		j++;
	while (is_digit(fmt[j]))
		j++;
	if (fmt[j] == '.' && is_digit(fmt[j + 1])) {
		j++;
		while (is_digit(fmt[j]))
			j++;
	}
	switch (fmt[j]) {
	case 's':
		c->want = FMT_WANT_STR;
		c->conv = 's';
		return j + 1;
	case 'r':
		c->want = FMT_WANT_BUF;
		c->conv = 'r';
		return fmt[j + 1] == 'x' ? j + 2 : j + 1;
	case 'c':
		c->want = FMT_WANT_INT;
		c->conv = 'c';
		return j + 1;
	case 'h':
	case 'l':
		if (fmt[j + 1] == fmt[j])
			j++;
		j++;
		break;
	case 'j':
	case 'z':
	case 't':
		j++;
		break;
	default:
		break;
	}
	if (!is_int_conv(fmt[j]))
		return 0;
	c->want = FMT_WANT_INT;
	c->conv = fmt[j];
	return j + 1;
}

bool fmt_next_conv(const char *fmt, size_t from, struct fmt_conv *c)
{
	size_t len = strlen(fmt), i, end;

	for (i = from; i < len; i++) {
		if (fmt[i] != '%')
			continue;
		end = match_conv(fmt, i, c);
		if (end) {
			c->start = i;
			c->end = end;
			return true;
		}
	}
	return false;
}

int fmt_count_convs(const char *fmt)
{
	struct fmt_conv c;
	size_t pos = 0;
	int n = 0;

	while (fmt_next_conv(fmt, pos, &c)) {
		pos = c.end;
		n++;
	}
	return n;
}

/* A glibc conversion specification. */
struct spec {
	bool left, plus, space, alt, zero, group, i18n;
	int width;		/* 0: none */
	int prec;		/* -1: none */
	int len;		/* 0 int, 1 short, 2 char, 3 long */
	char conv;
};

static void pad(struct buf *out, char c, int n)
{
	static const char spaces[] = "                                ";
	static const char zeros[] = "00000000000000000000000000000000";
	const char *src = c == '0' ? zeros : spaces;
	int k;

	while (n > 0) {
		k = n < 32 ? n : 32;
		buf_put(out, src, k);
		n -= k;
	}
}

/* Text padded to the width, the way glibc pads %s, %c and "(nil)". */
static void put_padded(struct buf *out, const struct spec *sp, const char *s,
		       size_t n)
{
	int fill = sp->width > (int)n ? sp->width - (int)n : 0;

	if (!sp->left)
		pad(out, ' ', fill);
	buf_put(out, s, n);
	if (sp->left)
		pad(out, ' ', fill);
}

static void put_int(struct buf *out, const struct spec *sp, uint64_t mag,
		    bool neg, bool is_signed)
{
	char digits[32], prefix[3];
	const char *set = sp->conv == 'X' ? "0123456789ABCDEF" :
		"0123456789abcdef";
	unsigned base = 10;
	int nd = 0, np = 0, zeros = 0, fill, total;
	uint64_t m = mag;
	bool ptr = sp->conv == 'p';

	if (sp->conv == 'o')
		base = 8;
	else if (sp->conv == 'x' || sp->conv == 'X' || ptr)
		base = 16;
	if (!(sp->prec == 0 && mag == 0)) {
		do {
			digits[nd++] = set[m % base];
			m /= base;
		} while (m);
	}
	if (sp->prec > nd)
		zeros = sp->prec - nd;
	if (sp->alt && sp->conv == 'o' && zeros == 0 &&
	    (nd == 0 || digits[nd - 1] != '0'))
		zeros = 1;
	if (is_signed || ptr) {
		if (neg)
			prefix[np++] = '-';
		else if (sp->plus)
			prefix[np++] = '+';
		else if (sp->space)
			prefix[np++] = ' ';
	}
	if (((sp->alt && base == 16) || ptr) && mag != 0) {
		prefix[np++] = '0';
		prefix[np++] = sp->conv == 'X' ? 'X' : 'x';
	}
	total = np + zeros + nd;
	fill = sp->width > total ? sp->width - total : 0;
	if (sp->zero && !sp->left && sp->prec < 0) {
		zeros += fill;
		fill = 0;
	}
	if (!sp->left)
		pad(out, ' ', fill);
	buf_put(out, prefix, np);
	pad(out, '0', zeros);
	while (nd > 0)
		buf_put(out, &digits[--nd], 1);
	if (sp->left)
		pad(out, ' ', fill);
}

/* An integer argument as the va_arg type the length modifier names. */
static void conv_int(struct buf *out, const struct spec *sp, uint64_t v)
{
	bool is_signed = sp->conv == 'd' || sp->conv == 'i';
	int64_t s;

	if (sp->conv == 'p') {
		if (v == 0) {
			put_padded(out, sp, "(nil)", 5);
			return;
		}
		put_int(out, sp, v, false, false);
		return;
	}
	switch (sp->len) {
	case 0:
		s = is_signed ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
		break;
	case 1:
		s = is_signed ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
		break;
	case 2:
		s = is_signed ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
		break;
	default:
		s = (int64_t)v;
		break;
	}
	if (is_signed && s < 0)
		put_int(out, sp, -(uint64_t)s, true, true);
	else if (is_signed)
		put_int(out, sp, (uint64_t)s, false, true);
	else
		put_int(out, sp, sp->len == 3 ? v : (uint64_t)s, false, false);
}

/* glibc prints a conversion it does not know back, normalised. */
static void conv_unknown(struct buf *out, const struct spec *sp)
{
	buf_put(out, "%", 1);
	if (sp->alt)
		buf_put(out, "#", 1);
	if (sp->group)
		buf_put(out, "'", 1);
	if (sp->plus)
		buf_put(out, "+", 1);
	else if (sp->space)
		buf_put(out, " ", 1);
	if (sp->left)
		buf_put(out, "-", 1);
	if (sp->zero && !sp->left)
		buf_put(out, "0", 1);
	if (sp->i18n)
		buf_put(out, "I", 1);
	if (sp->width)
		buf_printf(out, "%d", sp->width);
	if (sp->prec >= 0)
		buf_printf(out, ".%d", sp->prec);
	if (sp->conv)
		buf_put(out, &sp->conv, 1);
}

/* Reads a decimal run, clamped. */
static int read_num(const char *p, size_t n, size_t *i)
{
	long v = 0;

	while (*i < n && is_digit(p[*i])) {
		if (v < FMT_MAX_WIDTH)
			v = v * 10 + (p[*i] - '0');
		(*i)++;
	}
	return v > FMT_MAX_WIDTH ? FMT_MAX_WIDTH : (int)v;
}

/*
 * A '*' width or precision takes the next argument as an int, as glibc
 * does; only the first argument is real.
 */
static int star_arg(const struct fmt_val *v, bool *used)
{
	int64_t w = 0;

	if (!*used && !v->is_str)
		w = (int32_t)v->i;
	*used = true;
	if (w > FMT_MAX_WIDTH)
		w = FMT_MAX_WIDTH;
	if (w < -FMT_MAX_WIDTH)
		w = -FMT_MAX_WIDTH;
	return (int)w;
}

/* Parses the specification after the '%' at p[*i - 1]. */
static void parse_spec(const char *p, size_t n, size_t *i, struct spec *sp,
		       const struct fmt_val *v, bool *used)
{
	memset(sp, 0, sizeof(*sp));
	sp->prec = -1;
	for (; *i < n; (*i)++) {
		switch (p[*i]) {
		case '-': sp->left = true; continue;
		case '+': sp->plus = true; continue;
		case ' ': sp->space = true; continue;
		case '#': sp->alt = true; continue;
		case '0': sp->zero = true; continue;
		case '\'': sp->group = true; continue;
		case 'I': sp->i18n = true; continue;
		default: break;
		}
		break;
	}
	if (*i < n && p[*i] == '*') {
		(*i)++;
		sp->width = star_arg(v, used);
		if (sp->width < 0) {
			sp->left = true;
			sp->width = -sp->width;
		}
	} else {
		sp->width = read_num(p, n, i);
	}
	if (*i < n && p[*i] == '.') {
		(*i)++;
		if (*i < n && p[*i] == '*') {
			(*i)++;
			sp->prec = star_arg(v, used);
			if (sp->prec < 0)
				sp->prec = -1;
		} else {
			sp->prec = read_num(p, n, i);
		}
	}
	while (*i < n) {
		char c = p[*i];

		if (c == 'h')
			sp->len = sp->len == 1 ? 2 : 1;
		else if (c == 'l' || c == 'L' || c == 'q' || c == 'j' ||
			 c == 'z' || c == 'Z' || c == 't')
			sp->len = 3;
		else
			break;
		(*i)++;
	}
	sp->conv = *i < n ? p[(*i)++] : '\0';
}

void fmt_piece(struct buf *out, const char *p, size_t n,
	       const struct fmt_val *v)
{
	struct buf tmp = { 0 };
	bool used = false, real;
	struct spec sp;
	size_t i = 0, start;
	char ch;

	buf_put(&tmp, "", 0);
	while (i < n) {
		start = i;
		while (i < n && p[i] != '%')
			i++;
		buf_put(&tmp, p + start, i - start);
		if (i >= n)
			break;
		i++;
		parse_spec(p, n, &i, &sp, v, &used);
		real = !used;
		switch (sp.conv) {
		case '%':
			buf_put(&tmp, "%", 1);
			continue;
		case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
		case 'p':
			conv_int(&tmp, &sp, real && !v->is_str ? v->i : 0);
			break;
		case 'c': case 'C':
			ch = real && !v->is_str ? (char)(unsigned char)v->i : 0;
			put_padded(&tmp, &sp, &ch, 1);
			break;
		case 's': case 'S':
			if (real && v->is_str) {
				size_t len = v->slen;

				if (sp.prec >= 0 && (size_t)sp.prec < len)
					len = sp.prec;
				put_padded(&tmp, &sp, v->s, len);
			} else {
				put_padded(&tmp, &sp, "", 0);
			}
			break;
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		case 'a': case 'A': case 'm':
			continue;
		case 'n':
			break;
		default:
			conv_unknown(&tmp, &sp);
			continue;
		}
		used = true;
	}
	buf_put(out, tmp.p, strlen(tmp.p));
	buf_free(&tmp);
}
