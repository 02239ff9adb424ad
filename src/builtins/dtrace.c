/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Builtins only D programs see (compile_opts.dtrace): the probe's D name
 * in parts (probeprov, probemod, probefunc, probename), walltimestamp,
 * trace(), and __dprobe, the label a clause's output starts with when
 * dtrace is not quiet.
 *
 * The probe name parts are the probe's index in the program's probe
 * table, named in user space from the table the front end installs with
 * bi_dtrace_set_probes() once the program is compiled.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "dtrace.h"
#include "../compile/compile.h"
#include "../providers/provider.h"

static const struct bi_dtrace_probe *d_probes;
static int d_nprobes;
static const struct bi_dtrace_label *d_label;

void bi_dtrace_set_probes(const struct bi_dtrace_probe *probes, int n,
			  const struct bi_dtrace_label *label)
{
	d_probes = probes;
	d_nprobes = n;
	d_label = label;
}

static const struct bi_dtrace_probe *probe_at(uint64_t i)
{
	return i < (uint64_t)d_nprobes ? &d_probes[i] : NULL;
}

static uint64_t rd64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* t->name says which part: "prov", "mod", "func" or "name". */
static void show_part(const struct type *t, const void *p, struct buf *out)
{
	const struct bi_dtrace_probe *d = probe_at(rd64(p));
	const char *s = "";

	if (d && !strcmp(t->name, "prov"))
		s = d->prov;
	else if (d && !strcmp(t->name, "mod"))
		s = d->mod;
	else if (d && !strcmp(t->name, "func"))
		s = d->func;
	else if (d)
		s = d->name;
	buf_put(out, s, strlen(s));
}

static int sema_part(struct sema *s, struct node *n)
{
	n->type = type_named(n->bi, 8, n->name + 5);
	return 0;
}

/*
 * The clause's label: the CPU in the upper 32 bits, the probe index in
 * the lower.  The front end's label hook writes it (and the header
 * before the first).
 */
static void show_label(const struct type *t, const void *p, struct buf *out)
{
	uint64_t v = rd64(p);

	if (d_label && d_label->show)
		d_label->show(d_label->arg, v >> 32, probe_at(v & 0xffffffff),
			      out);
}

static int sema_label(struct sema *s, struct node *n)
{
	n->type = type_named(n->bi, 8, NULL);
	return 0;
}

static int cg_label(struct cg *g, struct node *n, struct val *out)
{
	struct val idx;
	int cpu = bi_call0(g, BPF_FUNC_get_smp_processor_id);

	if (bi_probe_index(g, n, &idx))
		return -EINVAL;
	ir_alu_imm(&g->ir, BPF_LSH, cpu, 32);
	ir_alu(&g->ir, BPF_OR, cpu, cg_reg(g, &idx));
	return bi_int(out, cpu, n->type);
}

/*
 * walltimestamp: the boot-time clock plus the offset of the real-time
 * clock from it, taken when the program is compiled.  A clock set while
 * tracing is not followed, as in a kernel without a real-time helper.
 */
static int cg_walltimestamp(struct cg *g, struct node *n, struct val *out)
{
	struct timespec real, boot;
	int64_t off;
	int r = bi_call0(g, BPF_FUNC_ktime_get_boot_ns), o;

	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_BOOTTIME, &boot);
	off = (real.tv_sec - boot.tv_sec) * 1000000000LL +
	      (real.tv_nsec - boot.tv_nsec);
	o = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, o, off);
	ir_alu(&g->ir, BPF_ADD, r, o);
	return bi_int(out, r, n->type);
}

/*
 * trace(e): becomes printf() of e with the conversion the front end's
 * trace hook chooses for e's type (DTrace's widths differ by size and
 * with quiet).
 */
static int sema_trace(struct sema *s, struct node *n)
{
	const struct builtin *pf = builtin_find("printf", true, false);
	struct node *fmt;
	const char *conv;
	int i;

	if (bi_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	/* Map values settle over the passes: the last one decides. */
	if (!s->report) {
		n->type = type_simple(TY_NONE);
		return 0;
	}
	if (n->list[0]->type->kind == TY_NONE)
		return sema_error(s, n->list[0], "trace( ) argument #1 is incompatible with prototype: prototype: vartype, argument: void");
	conv = d_label && d_label->trace_conv ?
	       d_label->trace_conv(d_label->arg, n->list[0]->type) : NULL;
	if (!conv)
		return sema_error(s, n->list[0], "trace() of a value of this type is not supported yet");
	fmt = ast_new(N_STR, &n->loc);
	fmt->str = xstrdup(conv);
	fmt->slen = strlen(conv);
	ast_push(n, fmt);
	for (i = n->nlist - 1; i > 0; i--)
		n->list[i] = n->list[i - 1];
	n->list[0] = fmt;
	free(n->name);
	n->name = xstrdup("printf");
	n->bi = pf;
	return pf->sema(s, n);
}

/* exit(status): dtrace exits with status once the run ends. */
static int sema_exit(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	return bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0) ? -EINVAL : 0;
}

static int cg_exit(struct cg *g, struct node *n, struct val *out)
{
	struct val v;
	int skip = ir_label(&g->ir), rec;

	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	rec = cg_record_begin(g, REC_EXIT, 0, 8, skip);
	cg_store(g, rec, sizeof(struct rec_hdr), &v, 8);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	/* Nothing after exit() runs, as in DTrace. */
	ir_ja(&g->ir, g->exit_label);
	return 0;
}

/*
 * printa([format,] @a, ...): the maps' ids go in the record, the format
 * in the format table; the front end prints them as DTrace does.
 */
static int sema_printa(struct sema *s, struct node *n)
{
	int i, first = n->nlist && n->list[0]->kind == N_STR;

	n->type = type_simple(TY_NONE);
	if (n->nlist == first)
		return sema_error(s, n, "printa( ) prototype mismatch: too few arguments");
	for (i = first; i < n->nlist; i++) {
		struct node *m = n->list[i];

		if (m->kind != N_MAP || m->nlist)
			return sema_error(s, m, "printa( ) argument #%d is incompatible with prototype: prototype: aggregation",
					  i + 1);
		if (!sema_map_whole(s, m))
			return -EINVAL;
		if (m->sym->val && !type_is_agg(m->sym->val))
			return sema_error(s, m, "printa( ) argument #%d is incompatible with prototype: %s is not an aggregation",
					  i + 1, m->name);
	}
	n->id = sema_add_fmt(s, first ? n->list[0]->str : "", NULL, 0);
	if (first)
		n->flags |= NF_SIGNED;	/* marks a format */
	return 0;
}

static int cg_printa(struct cg *g, struct node *n, struct val *out)
{
	int first = n->flags & NF_SIGNED ? 1 : 0, cnt = n->nlist - first;
	int skip = ir_label(&g->ir), rec, i, off = sizeof(struct rec_hdr);

	rec = cg_record_begin(g, REC_DPRINTA, n->id, 4 + 4 * cnt, skip);
	ir_st_imm(&g->ir, BPF_W, rec, off, cnt);
	for (i = 0; i < cnt; i++)
		ir_st_imm(&g->ir, BPF_W, rec, off + 4 + 4 * i,
			  n->list[first + i]->sym->id);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_printa(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	const struct fmt_spec *fs = h->id < (uint32_t)rt->c->fmts.n ?
				    rt->c->fmts.v[h->id] : NULL;
	uint32_t n, ids[64];

	if (!fs || len < 4 || !d_label || !d_label->printa)
		return -EINVAL;
	memcpy(&n, data, 4);
	if (n > ARRAY_SIZE(ids) || len < 4 + 4 * (size_t)n)
		return -EINVAL;
	memcpy(ids, (const char *)data + 4, 4 * n);
	return d_label->printa(d_label->arg, rt, *fs->fmt ? fs->fmt : NULL,
			       ids, n);
}

/* DTrace's words for a fault (DTRACEFLT_*). */
static const char *fault_text(uint64_t fault)
{
	switch (fault) {
	case FAULT_BADADDR:
		return "invalid address";
	case FAULT_BADALIGN:
		return "invalid alignment";
	case FAULT_ILLOP:
		return "illegal operation";
	case FAULT_DIVZERO:
		return "divide-by-zero";
	default:
		return "unknown fault";
	}
}

/*
 * A clause stopped at a fault: told as dtrace tells it, then the ERROR
 * probe's clauses run with it: arg1 the probe's ID, arg2 the clause,
 * arg3 the BPF instruction, arg4 the fault, arg5 the address.  A fault
 * in an ERROR clause runs no ERROR clause again.
 */
static int rt_fault(struct runtime *rt, const struct rec_hdr *h,
		    const void *data, size_t len)
{
	const struct bi_dtrace_probe *p;
	const struct probe_inst *pi;
	struct rec_fault f;
	char addr[32] = "";
	uint64_t args[ERROR_NARGS];

	if (len < sizeof(f))
		return -EINVAL;
	memcpy(&f, data, sizeof(f));
	p = probe_at(f.probe);
	if (!p || f.probe >= (uint64_t)rt->c->probes.n)
		return -EINVAL;
	if ((f.fault == FAULT_BADADDR && f.addr != UINT64_MAX) ||
	    f.fault == FAULT_BADALIGN)
		snprintf(addr, sizeof(addr), " (0x%llx)",
			 (unsigned long long)f.addr);
	fflush(rt->out.f);
	fprintf(stderr, "dtrace: error in dt_clause_%llu for probe ID %d (%s:%s:%s:%s): %s%s at BPF pc %llu\n",
		(unsigned long long)f.clause, p->id, p->prov, p->mod, p->func,
		p->name, fault_text(f.fault), addr, (unsigned long long)f.pc);
	pi = rt->c->probes.v[f.probe];
	if (pi->when == WHEN_ERROR)
		return 0;
	args[0] = 0;
	args[1] = p->id;
	args[2] = f.clause;
	args[3] = f.pc;
	args[4] = f.fault;
	args[5] = f.addr;
	return run_fire_error(rt, args, ERROR_NARGS);
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define PART(n) { .name = n, .sema = sema_part, .cg = bi_probe_index, \
		  .show = show_part }

const struct builtin builtin_dtrace[] = {
	PART("probeprov"), PART("probemod"), PART("probefunc"),
	PART("probename"),
	{ .name = "__dprobe", .sema = sema_label, .cg = cg_label,
	  .show = show_label },
	VAR("walltimestamp", bi_sema_u64, cg_walltimestamp),
	{ .name = "trace", .func = true, .sema = sema_trace },
	{ .name = "exit", .func = true, .rec_kind = REC_EXIT, .sema = sema_exit,
	  .cg = cg_exit },
	{ .name = "printa", .func = true, .rec_kind = REC_DPRINTA,
	  .sema = sema_printa, .cg = cg_printa, .rt = rt_printa },
	/* Not callable: no program names a function with a space. */
	{ .name = "fault record", .func = true, .rec_kind = REC_FAULT,
	  .rt = rt_fault },
	{ .name = NULL },
};
