/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: move_pages(2) as strace 6.1 prints it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/mempolicy.h>

#include "st_move_pages.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat flags[] = { X(MPOL_MF_MOVE), X(MPOL_MF_MOVE_ALL), END };

void st_move_pages_capture(struct buf *b, const struct st_opts *o, bool exit,
			   const int *reg_off)
{
	/* As many elements as strace shows and one more; -v: a region's worth of pointers. */
	int max = o->verbose ? ST_REGION_MAX / 8 : o->strsize + 1;
	char addr[32];

	buf_printf(b, "$kn = *(arg0 + %d); if ($kn > %d) { $kn = %d; } ", reg_off[1], max, max);
	snprintf(addr, sizeof(addr), "*(arg0 + %d)", reg_off[exit ? 4 : 3]);
	if (exit) {
		st_region_capture(b, ST_L_MOVE_PAGES_OUT, 2, 0, addr, "$kn * 4");
		return;
	}
	st_region_capture(b, ST_L_MOVE_PAGES, 2, 0, "$a", "$kn * 8");
	st_region_capture(b, ST_L_MOVE_PAGES, 2, 1, addr, "$kn * 4");
}

static void page(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)idx;
	(void)arg;
	st_region_ptr(b, st_u64(e));
}

static void node(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)idx;
	(void)arg;
	buf_printf(b, "%d", (int32_t)st_u32(e));
}

/* A page's status: a node, or a negated errno by name (strace's print_err()). */
static void status(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	int v = (int32_t)st_u32(e);
	const char *n = v < 0 && v > -4096 ? st_errno_name(-v) : NULL;
	enum st_cstyle st = st_xlat_get_style();

	(void)idx;
	(void)arg;
	if (!n || st != ST_C_ABBREV)
		buf_printf(b, "%d", v);
	if (n && st == ST_C_ABBREV)
		buf_printf(b, "-%s", n);
	else if (n && st == ST_C_VERBOSE)
		buf_printf(b, " /* -%s */", n);
}

static void array(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  char l, int idx, uint64_t addr, size_t size, st_elem_fn *elem)
{
	size_t have;
	unsigned char *p = st_region(c, l, 2, idx, &have);

	st_region_array(b, o, addr, c->args[1], size, p, have, elem, NULL);
	free(p);
}

void st_move_pages_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t n = c->args[1];

	buf_printf(b, ", %llu, ", (unsigned long long)n);
	array(b, c, o, ST_L_MOVE_PAGES, 0, c->args[2], 8, page);
	buf_printf(b, ", ");
	array(b, c, o, ST_L_MOVE_PAGES, 1, c->args[3], 4, node);
	buf_printf(b, ", ");
	/* What a failed call left there strace does not read. */
	if (st_call_failed(c) && c->args[4] && n)
		st_region_ptr(b, c->args[4]);
	else
		array(b, c, o, ST_L_MOVE_PAGES_OUT, 0, c->args[4], 4, status);
	buf_printf(b, ", ");
	st_xlat_flags_dflt(b, flags, (uint32_t)c->args[5], "0", "MPOL_???");
}
