/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dtracepoint:CATEGORY:EVENT: a tracepoint as DTrace's sdt provider
 * gives it to D programs (src/dtrace/dt_probes.c names it
 * sdt:CATEGORY::EVENT).  The program runs on the event's perf record, as
 * tracepoint:'s does, and argN (D's args[N]) is the record's field N
 * after the common ones, in the format's order: an integer or pointer
 * field read at its size and sign, for an array (a char[16] comm) or a
 * __data_loc/__rel_loc field (a string) the address of its data in the
 * record, which D reads as a string (dt_probes.c types it so).  Only D
 * programs name it (provider.dtrace).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>

#include "util.h"
#include "compile/cg.h"
#include "kernel/tracefs.h"
#include "lang/types.h"
#include "providers/provider.h"

/* The instance's event (its target is "CATEGORY:EVENT"), or NULL. */
static const struct tracefs_event *dtp_event(const struct probe_inst *pi)
{
	const char *colon = pi->target ? strchr(pi->target, ':') : NULL;
	const struct tracefs_event *ev;
	char *cat;

	if (!colon)
		return NULL;
	cat = xstrndup(pi->target, colon - pi->target);
	ev = tracefs_event(cat, colon + 1);
	free(cat);
	return ev;
}

static int dtp_expand(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen)
{
	const char *rest = provider_rest(p, spec);
	char *tp = xasprintf("tracepoint:%s", rest ? rest : "");
	int i, from = out->n, ret;

	ret = tracepoint_provider.expand(&tracepoint_provider, tp, out, err,
					 errlen);
	free(tp);
	for (i = from; !ret && i < out->n; i++) {
		struct probe_inst *pi = out->v[i];

		pi->prov = p;
		free(pi->name);
		pi->name = xasprintf("%s:%s", p->name, pi->target);
		pi->nargs = dtp_event(pi) ? dtp_event(pi)->nfields : -1;
	}
	return ret;
}

/*
 * Field n: its value, or the address of its data (arrays and
 * __data_loc/__rel_loc), in a new register.  With g NULL, 0 if the
 * event has field n, else -EINVAL with err saying so.
 */
static int dtp_arg_emit(const struct probe_inst *pi, int n, struct cg *g,
			char *err, size_t errlen)
{
	static const int sz[9] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				   [8] = BPF_DW };
	const struct tracefs_event *ev = dtp_event(pi);
	const struct tracefs_field *f;
	int r;

	if (!ev || n < 0 || n >= ev->nfields) {
		if (err)
			snprintf(err, errlen, "%s has %d arguments: arg%d is not one",
				 pi->name, ev ? ev->nfields : 0, n);
		return -EINVAL;
	}
	f = &ev->fields[n];
	if (!f->data_loc && !f->rel_loc && !f->array_len &&
	    (f->size > 8 || (f->size & (f->size - 1)))) {
		if (err)
			snprintf(err, errlen, "%s's field %s (%s) is %d bytes, not an integer ferret can read",
				 pi->name, f->name, f->ctype, f->size);
		return -EINVAL;
	}
	if (!g)
		return 0;
	r = ir_vreg(&g->ir);
	if (f->data_loc || f->rel_loc) {
		/* u32: the data's length << 16 | its offset */
		ir_ld(&g->ir, BPF_W, r, g->ctx, f->offset);
		ir_alu_imm(&g->ir, BPF_AND, r, 0xffff);
		if (f->rel_loc)
			ir_alu_imm(&g->ir, BPF_ADD, r, f->offset + f->size);
		ir_alu(&g->ir, BPF_ADD, r, g->ctx);
	} else if (f->array_len) {
		ir_mov(&g->ir, r, g->ctx);
		ir_alu_imm(&g->ir, BPF_ADD, r, f->offset);
	} else {
		ir_ld(&g->ir, sz[f->size], r, g->ctx, f->offset);
		if (f->is_signed && f->size < 8) {
			ir_alu_imm(&g->ir, BPF_LSH, r, 64 - 8 * f->size);
			ir_alu_imm(&g->ir, BPF_ARSH, r, 64 - 8 * f->size);
		}
	}
	return r;
}

/*
 * Field n's C type, as tracepoint: types it (integers by size and sign,
 * pointers to kernel structs through BTF); the address of an array or of
 * __data_loc data is a uint64_t (dt_probes.c makes char data strings).
 */
static struct type *dtp_arg_type(const struct probe_inst *pi, int n)
{
	const struct tracefs_event *ev = dtp_event(pi);
	struct type *t;

	if (!ev || n < 0 || n >= ev->nfields)
		return NULL;
	t = ev->type->fields[n].type;
	if (ev->fields[n].data_loc || ev->fields[n].rel_loc ||
	    ev->fields[n].array_len || (t->kind != TY_INT && t->kind != TY_PTR))
		return type_int(8, false);
	return t;
}

static int dtp_attach(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds, char *err,
		      size_t errlen)
{
	return tracepoint_provider.attach(pi, prog_fd, cookie, fds, err,
					  errlen);
}

/* A program that reads no field runs on the event's raw tracepoint. */
static int dtp_lighten(struct probe_inst *pi)
{
	const char *event = pi->target ? strchr(pi->target, ':') : NULL;

	return event ? rawtracepoint_adopt(pi, event + 1) : -ENOENT;
}

/* dt_probes.c lists the D probes: this lists nothing of its own. */
static int dtp_list(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg)
{
	return 0;
}

const struct provider dtracepoint_provider = {
	.name = "dtracepoint",
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.ctx = CTX_RECORD,
	.dtrace = true,
	.lighten = dtp_lighten,
	.event_progs_max = 64,		/* tracepoint's BPF_TRACE_MAX_PROGS */
	.cookie = true,
	.expand = dtp_expand,
	.list = dtp_list,
	.arg_emit = dtp_arg_emit,
	.arg_type = dtp_arg_type,
	.attach = dtp_attach,
};
