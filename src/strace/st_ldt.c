/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: modify_ldt(2) as strace 6.1 prints it. */
#include <stdlib.h>
#include <string.h>

#include "st_ldt.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

/* An id as strace prints one: -1, or unsigned. */
static void id(struct buf *b, uint32_t v)
{
	if (v == (uint32_t)-1)
		buf_printf(b, "-1");
	else
		buf_printf(b, "%u", v);
}

/* A whole struct user_desc at p, as strace prints it. */
static void user_desc(struct buf *b, const unsigned char *p)
{
	uint32_t bits = st_u32(p + 12);

	buf_printf(b, "{entry_number=");
	id(b, st_u32(p));
	/* strace's PRINT_FIELD_0X: at least 8 digits, 0 without 0x. */
	buf_printf(b, ", base_addr=%#08x, limit=%#08x, seg_32bit=%u, contents=%u, "
		   "read_exec_only=%u, limit_in_pages=%u, seg_not_present=%u, "
		   "useable=%u, lm=%u}", st_u32(p + 4), st_u32(p + 8), bits & 1,
		   (bits >> 1) & 3, (bits >> 3) & 1, (bits >> 4) & 1, (bits >> 5) & 1,
		   (bits >> 6) & 1, (bits >> 7) & 1);
}

void st_ldt_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t addr = c->args[1];
	unsigned char *p = NULL;
	size_t have = 0;

	buf_printf(b, "%d, ", (int)c->args[0]);
	if (c->args[2] == ST_USER_DESC_SIZE && addr && !o->noderef)
		p = st_region(c, ST_L_USER_DESC, 1, 0, &have);
	if (!p || have < ST_USER_DESC_SIZE)
		st_region_ptr(b, addr);
	else
		user_desc(b, p);
	free(p);
	buf_printf(b, ", %llu", (unsigned long long)c->args[2]);
}

void st_thread_area_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t addr = c->args[0];
	bool set = ST_IS(c, "set_thread_area");
	unsigned char *p = NULL;
	size_t have = 0;

	/* get_thread_area's entry number alone: it may end a mapping. */
	if (addr && !o->noderef)
		p = st_region(c, set ? ST_L_USER_DESC : ST_L_INT_IN, 0, 0, &have);
	if (set && p && have >= ST_USER_DESC_SIZE) {
		user_desc(b, p);
	} else if (!set && p && have >= 4) {
		/*
		 * Its entry number; the rest is the kernel's answer, which
		 * x86-64 never gives (ENOSYS), so strace's "..." stands for it.
		 */
		buf_printf(b, "{entry_number=");
		id(b, st_u32(p));
		buf_printf(b, ", ...}");
	} else {
		st_region_ptr(b, addr);
	}
	free(p);
}

bool st_ldt_ret(struct buf *b, const struct st_call *c)
{
	uint64_t r = (uint64_t)c->ret;
	int e;
	const char *n;

	if (c->raw || !ST_IS(c, "modify_ldt") || r < 0xfffff000 || r > 0xffffffff)
		return false;
	e = -(int32_t)(uint32_t)r;
	n = st_errno_name(e);
	buf_printf(b, "%llu ", (unsigned long long)r);
	if (n)
		buf_printf(b, "%s (%s)", n, strerror(e));
	else
		buf_printf(b, "(errno %d)", e);
	return true;
}
