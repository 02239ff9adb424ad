/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: memory that struct decoders read through pointers. */
#include <stdlib.h>
#include <string.h>

#include "st_region.h"

void st_region_capture(struct buf *b, char l, int i, int idx, const char *addr,
		       const char *len)
{
	buf_printf(b, "$s = %s; $m = %s; if ($m > %d) { $m = %d; } "
		   "if ($s != 0 && $m > 0) { $f = 4096 - ($s & 4095); if ($f > $m) { $f = $m; } "
		   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($s, $f)); "
		   "if ($m > $f) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($s + $f, $m - $f)); } } ",
		   addr, len, ST_REGION_MAX, ST_REGION_MAX, l, i, idx, l, i,
		   ST_REGION_REST(idx));
}

static const struct st_cap *find(const struct st_call *c, char l, int i, int idx)
{
	int k;

	for (k = 0; k < c->ncaps; k++)
		if (c->caps[k].letter == l && c->caps[k].arg == i && c->caps[k].idx == idx)
			return &c->caps[k];
	return NULL;
}

unsigned char *st_region(const struct st_call *c, char l, int i, int idx, size_t *len)
{
	const struct st_cap *a = find(c, l, i, idx), *r;
	unsigned char *p;

	*len = 0;
	if (!a)
		return NULL;
	r = find(c, l, i, ST_REGION_REST(idx));
	p = xmalloc(a->len + (r ? r->len : 0) + 1);
	memcpy(p, a->data, a->len);
	*len = a->len;
	if (r) {
		memcpy(p + a->len, r->data, r->len);
		*len += r->len;
	}
	return p;
}

uint64_t st_region_str_size(const struct st_dopts *o, uint64_t len)
{
	uint64_t size = (uint64_t)o->strsize + 1;

	return size > len ? len : size;
}

/* Whether -x quotes these n bytes in hex (a byte neither printable nor a space). */
static bool wants_hex(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] > 0x7e || (p[i] < ' ' && (unsigned)(p[i] - 9) >= 5))
			return true;
	return false;
}

void st_region_str(struct buf *b, const struct st_dopts *o, uint64_t addr, uint64_t len,
		   int style, const unsigned char *p, size_t have)
{
	uint64_t size = st_region_str_size(o, len), max = (uint64_t)o->strsize, show, n;
	bool more, hex;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (!p)
		have = 0;
	if (have > size)
		have = size;
	show = size > max ? max : size;
	if (style & ST_STR_NUL) {
		n = strnlen((const char *)p, have);
		/* Short of the NUL, strace's read of the string fails. */
		if (n == have && have < size) {
			st_region_ptr(b, addr);
			return;
		}
		if (n > show)
			n = show;
		/* A NUL just past what is shown ends it too. */
		more = n == show && !(size > max && have > show && p[show] == 0);
		more = more && len;
	} else {
		if (have < size) {
			st_region_ptr(b, addr);
			return;
		}
		n = show;
		more = len > max;
	}
	hex = (style & ST_STR_HEX) || o->xstyle == 2 || (o->xstyle == 1 && wants_hex(p, n));
	if ((style & ST_STR_OMIT0) && !hex && n && p[n - 1] == 0) {
		n--;
		more = false;
	}
	st_quote(b, p ? p : (const unsigned char *)"", n, more, hex ? 2 : o->xstyle == 3 ? 3 : 0);
}

void st_region_ptr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

bool st_region_array(struct buf *b, const struct st_dopts *o, uint64_t addr,
		     uint64_t n, size_t size, const unsigned char *data, size_t have,
		     st_elem_fn *elem, void *arg)
{
	uint64_t e;

	if (!addr) {
		buf_printf(b, "NULL");
		return false;
	}
	if (!n) {
		buf_printf(b, "[]");
		return false;
	}
	/* -e verbose=none: strace reads no element. */
	if (addr + n * size <= addr || n * size / size != n || !data || have < size ||
	    o->noderef) {
		st_region_ptr(b, addr);
		return false;
	}
	buf_printf(b, "[");
	for (e = 0; e < n; e++) {
		if (e)
			buf_printf(b, ", ");
		if ((e + 1) * size > have) {
			buf_printf(b, "... /* %#llx */]", (unsigned long long)(addr + e * size));
			return false;
		}
		if (!o->verbose && e >= (uint64_t)o->strsize) {
			buf_printf(b, "...");
			break;
		}
		elem(b, data + e * size, e, arg);
	}
	buf_printf(b, "]");
	return true;
}
