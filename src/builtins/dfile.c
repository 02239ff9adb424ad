/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's ftruncate(): the output so far is dropped, as dtrace drops it: the
 * output file (-o, freopen()'s, or standard output where that is a file)
 * is cut to nothing and written again from its start, when user space
 * reads the record, in order with the output before and after it.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "internal.h"
#include "../lang/types.h"

static int sema_ftruncate(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 0, 0))
		return -EINVAL;
	n->type = type_simple(TY_NONE);
	return 0;
}

static int cg_ftruncate(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir), rec;

	rec = cg_record_begin(g, REC_FTRUNCATE, 0, 0, skip);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	out->kind = V_NONE;
	return 0;
}

/* A terminal or a pipe cannot be cut: dtrace ignores that, as here. */
static int rt_ftruncate(struct runtime *rt, const struct rec_hdr *h,
			const void *data, size_t len)
{
	fflush(rt->out.f);
	if (ftruncate(rt->out_fd, 0) == 0)
		lseek(rt->out_fd, 0, SEEK_SET);
	return 0;
}

const struct builtin builtin_dfile[] = {
	{ .name = "ftruncate", .func = true, .rec_kind = REC_FTRUNCATE,
	  .sema = sema_ftruncate, .cg = cg_ftruncate, .rt = rt_ftruncate },
	{ .name = NULL },
};
