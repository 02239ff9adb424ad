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
