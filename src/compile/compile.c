/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler driver: sema, then one program per probe instance, then
 * register allocation.  Instances whose code comes out identical (the
 * common case for wildcards: the probe name comes from the attach cookie)
 * share one loaded program, so 361 syscall probes cost one verification.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "cg.h"
#include "../lang/sema.h"
#include "../providers/provider.h"
#include "../runtime/record.h"

const char *compile_map_name(int map_id, void *arg)
{
	struct compiled *c = arg;
	struct symbol *sym;

	if (map_id == MAP_RINGBUF)
		return "ringbuf";
	if (map_id == MAP_STATS)
		return "stats";
	if (map_id == MAP_PIDS)
		return "pids";
	if (map_id >= MAP_STACKS && map_id < MAP_NFIXED)
		return "stacks";
	if (map_id == MAP_SCRATCH)
		return "scratch";
	if (map_id == MAP_CONTROL)
		return "control";
	if (map_id == MAP_SKB)
		return "skb";
	if (map_id == MAP_TAILS)
		return "tails";
	if (map_id == MAP_CARRY)
		return "carry";
	if (map_id == MAP_SPEC)
		return "spec";
	if (map_id == MAP_DSCRATCH)
		return "dscratch";
	if (map_id == MAP_DLOCALS)
		return "dlocals";
	if (map_id == MAP_DGLOBALS)
		return "dglobals";
	if (map_id - MAP_NFIXED >= c->maps.n)
		return "?";
	sym = c->maps.v[map_id - MAP_NFIXED];
	return sym->name;
}

int compile_stack_map(struct compiled *c, int depth)
{
	int i;

	for (i = 0; i < c->nstack_maps; i++)
		if (c->stack_depth[i] == depth)
			return i;
	if (c->nstack_maps == STACK_MAPS_MAX)
		return -ENOSPC;
	c->stack_depth[c->nstack_maps] = depth;
	return c->nstack_maps++;
}

/* Programs loaded for one traced function (btf_id) serve only that one. */
static bool same_code(const struct cprog *p, const struct probe_inst *pi,
		      const struct bpf_code *code)
{
	return p->prog_type == pi->prov->prog_type &&
	       p->attach_type == pi->prov->attach_type &&
	       p->btf_id == pi->btf_id && p->code.n == code->n &&
	       p->code.nreloc == code->nreloc &&
	       !memcmp(p->code.insn, code->insn, code->n * sizeof(*code->insn)) &&
	       !memcmp(p->code.reloc, code->reloc,
		       code->nreloc * sizeof(*code->reloc));
}

/*
 * How many attachments so far reach pi's kernel event, or of them how
 * many run program prog (>= 0).  0 where attachments are events of
 * their own (provider_same_event).
 */
static int on_event(const struct compiled *c, const struct probe_inst *pi,
		    int prog)
{
	int i, n = 0;

	if (!pi->prov->event_progs_max)
		return 0;
	for (i = 0; i < c->attach.n; i++) {
		const struct cattach *at = c->attach.v[i];

		if ((prog < 0 || at->prog == prog) && !at->rides &&
		    provider_same_event(at->pi, pi))
			n++;
	}
	return n;
}

/* Where pi is written: its spec if it is one name, else the first. */
static const struct loc *inst_loc(const struct node *p,
				  const struct probe_inst *pi)
{
	int i;

	for (i = 0; i < p->nspecs; i++)
		if (!strcmp(p->specs[i]->str, pi->name))
			return &p->specs[i]->loc;
	return p->nspecs ? &p->specs[0]->loc : &p->loc;
}

static uint32_t probe_hash(const struct probe_inst *pi)
{
	uint32_t h = hash_bytes(HASH_INIT, &pi->when, sizeof(pi->when));

	h = hash_bytes(h, &pi->prov, sizeof(pi->prov));
	return hash_bytes(h, pi->name, strlen(pi->name));
}

static bool same_probe(const struct probe_inst *a, const struct probe_inst *b)
{
	return a->prov == b->prov && a->when == b->when &&
	       !strcmp(a->name, b->name);
}

/* Whether an attachment to pi's probe (provider, when, name) is made. */
static bool probe_attached(const struct compiled *c, const struct probe_inst *pi)
{
	uint32_t h = probe_hash(pi);
	size_t pos = 0;
	int k;

	while ((k = hindex_next(&c->probe_index, h, &pos)) >= 0)
		if (same_probe(((struct cattach *)c->attach.v[k])->pi, pi))
			return true;
	return false;
}

/* Adds attachment at to c->attach, and its probe to the probe index. */
static void attach_add(struct compiled *c, struct cattach *at)
{
	if (!probe_attached(c, at->pi))
		hindex_put(&c->probe_index, probe_hash(at->pi), c->attach.n);
	vec_push(&c->attach, at);
}

static uint32_t code_hash(int prog_type, int attach_type, int btf_id,
			  const struct bpf_code *code)
{
	uint32_t h = hash_bytes(HASH_INIT, &prog_type, sizeof(prog_type));

	h = hash_bytes(h, &attach_type, sizeof(attach_type));
	h = hash_bytes(h, &btf_id, sizeof(btf_id));
	h = hash_bytes(h, code->insn, code->n * sizeof(*code->insn));
	return hash_bytes(h, code->reloc, code->nreloc * sizeof(*code->reloc));
}

/* Adds cp to c->progs and the program index; returns its index. */
static int prog_add(struct compiled *c, struct cprog *cp)
{
	hindex_put(&c->prog_index, code_hash(cp->prog_type, cp->attach_type,
					     cp->btf_id, &cp->code),
		   c->progs.n);
	vec_push(&c->progs, cp);
	return c->progs.n - 1;
}

/*
 * The program of an armed instance's arm (see provider.h), attached at
 * start in pi's place; pi's own program is attached while tracing.
 */
static int gen_arm(struct compiled *c, const struct node *p,
		   struct probe_inst *pi)
{
	struct cg g = { .c = c };
	struct cprog *cp;
	struct cattach *at;
	int ret;

	ret = cg_arm(&g, p, pi);
	if (ret) {
		ir_free(&g.ir);
		diag_error(c->src, &p->loc, "%s: cannot read argument %d of %s",
			   pi->name, pi->arm_arg, pi->arm->name);
		return ret;
	}
	if (c->opts.dump) {
		fprintf(c->opts.dump, "IR %s\n", pi->arm->name);
		ir_dump(c->opts.dump, &g.ir, compile_map_name, c);
	}
	cp = xcalloc(1, sizeof(*cp));
	ret = ra_lower(&g.ir, &cp->code);
	ir_free(&g.ir);
	if (ret) {
		diag_error(c->src, &p->loc, "register allocation failed: %s",
			   strerror(-ret));
		bpf_code_free(&cp->code);
		free(cp);
		return ret;
	}
	cp->prog_type = pi->arm->prov->prog_type;
	cp->attach_type = pi->arm->prov->attach_type;
	cp->name = xstrdup(pi->arm->name);
	cp->fd = -1;
	cp->tail = -1;
	at = xcalloc(1, sizeof(*at));
	at->prog = prog_add(c, cp);
	if (c->opts.dump) {
		fprintf(c->opts.dump, "BPF %s (%d instructions, %d bytes of stack)\n",
			cp->name, cp->code.n, cp->code.stack);
		bpf_code_dump(c->opts.dump, &cp->code, compile_map_name, c);
	}
	at->pi = pi->arm;
	at->cookie = pi->index;
	attach_add(c, at);
	return 0;
}

/*
 * One program of instance pi: the whole probe, or the part of a split
 * probe from top-level statement *from (cg_probe() sets *from to where
 * the next part starts, or -1, and *tail to that part's MAP_TAILS slot).
 * The first part is attached; the others are reached by tail calls.
 * With n > 1, the program of D clauses cl[0..n) on one event
 * (cg_clauses()), attached as cl[0]'s.
 */
static int gen_part(struct compiled *c, const struct cg_clause *cl, int n,
		    bool cookie, bool dump, int *from, int *tail)
{
	struct sema_probe *sp = cl[0].sp;
	struct probe_inst *pi = (struct probe_inst *)cl[0].pi;
	struct node *p = sp->node;
	struct cg g;
	int self = *from ? *tail : -1, j, ret;
	int ntails = c->ntails, nsites = c->helper_sites.n;
	bool first = true, tight = false;
	struct bpf_code code;
	struct cattach *at;
	struct cprog *cp = NULL;
	char *listing = NULL;
	size_t llen;

	first = !probe_attached(c, pi);
	/*
	 * A probe whose frame passes 512 bytes is generated once more with
	 * its large map keys and records in MAP_SCRATCH (cg.tight): small
	 * probes keep them in the frame and the ring buffer, where they
	 * cost no lookup.
	 */
	for (;;) {
		g = (struct cg){ .c = c, .from = *from, .first_clause = first,
				 .tight = tight };
		ret = n > 1 ? cg_clauses(&g, cl, n) : cg_probe(&g, sp, pi, cookie);
		if (ret) {
			ir_free(&g.ir);
			return ret;
		}
		if (c->opts.helper_check)
			cg_check_helpers(&g, c->opts.helper_check);
		if (dump) {
			FILE *f = open_memstream(&listing, &llen);

			if (!f)
				return -errno;
			fprintf(f, self < 0 ? "IR %s\n" : "IR %s, part in slot %d\n",
				pi->name, self);
			ir_dump(f, &g.ir, compile_map_name, c);
			fclose(f);
		}
		ret = ra_lower(&g.ir, &code);
		ir_free(&g.ir);
		if (ret != -E2BIG || tight || !g.can_tighten)
			break;
		bpf_code_free(&code);
		free(listing);
		listing = NULL;
		c->ntails = ntails;
		while (c->helper_sites.n > nsites)
			free(c->helper_sites.v[--c->helper_sites.n]);
		tight = true;
	}
	*from = g.from;
	*tail = g.tail_next;
	if (listing)
		fputs(listing, c->opts.dump);
	free(listing);
	if (ret == -E2BIG) {
		diag_error(c->src, g.overflow ? g.overflow : &p->loc,
			   "this probe needs %d bytes of BPF stack; the kernel allows 512",
			   code.stack);
		bpf_code_free(&code);
		return -EINVAL;
	}
	if (ret) {
		diag_error(c->src, &p->loc, "register allocation failed: %s",
			   strerror(-ret));
		bpf_code_free(&code);
		return ret;
	}
	if (self < 0 && pi->prov->event_progs_max &&
	    on_event(c, pi, -1) >= pi->prov->event_progs_max) {
		diag_error(c->src, inst_loc(p, pi),
			   "too many BPF programs on %s: the kernel runs at most %d on one event (BPF_TRACE_MAX_PROGS)",
			   pi->name, pi->prov->event_progs_max);
		bpf_code_free(&code);
		return -E2BIG;
	}
	/*
	 * Identical blocks on one event each run, as in bpftrace:
	 * an event takes a program once, so the second gets a copy.
	 */
	j = -1;
	if (self < 0) {
		uint32_t h = code_hash(pi->prov->prog_type,
				       pi->prov->attach_type, pi->btf_id, &code);
		size_t pos = 0;

		while ((j = hindex_next(&c->prog_index, h, &pos)) >= 0)
			if (same_code(c->progs.v[j], pi, &code) &&
			    !on_event(c, pi, j))
				break;
	}
	if (j >= 0) {
		cp = c->progs.v[j];
		bpf_code_free(&code);
	} else {
		cp = xcalloc(1, sizeof(*cp));
		cp->prog_type = pi->prov->prog_type;
		cp->attach_type = pi->prov->attach_type;
		cp->btf_id = pi->btf_id;
		cp->code = code;
		cp->name = self < 0 ? xstrdup(pi->name)
				    : xasprintf("%s, part in slot %d", pi->name, self);
		cp->fd = -1;
		cp->tail = self;
		j = prog_add(c, cp);
		if (dump) {
			fprintf(c->opts.dump, "BPF %s (%d instructions, %d bytes of stack)\n",
				cp->name, code.n, code.stack);
			bpf_code_dump(c->opts.dump, &code, compile_map_name, c);
		}
	}
	if (self >= 0)
		return 0;
	at = xcalloc(1, sizeof(*at));
	at->pi = pi;
	at->clause = sp->node;
	at->prog = j;
	/* 0 is the cookie of an attachment made without one. */
	at->cookie = cookie ? pi->index : 0;
	attach_add(c, at);
	return 0;
}

/*
 * D runs the clauses of a probe in order, sharing the firing's this->
 * variables: the instances of several clauses that are one kernel event
 * (the same probe, attached alike) are one group, whose program runs
 * them all.  member[] holds each clause's instances in program order
 * (its index is one less than the clause's epid), group[k] the member
 * that leads member k's group, size[k] a leader's member count.
 */
struct groups {
	struct cg_clause *member;
	int *group, *size;
	int n;
	int next;	/* the member gen_probe() comes to next */
};

/* Whether attaching a and b is one event, which one program serves. */
static bool same_firing(const struct probe_inst *a, const struct probe_inst *b)
{
	return a->when == WHEN_EVENT && b->when == WHEN_EVENT &&
	       a->prov == b->prov && !strcmp(a->name, b->name) &&
	       a->config == b->config && a->period == b->period &&
	       a->freq == b->freq && a->cpu == b->cpu &&
	       a->nsub == b->nsub && a->btf_id == b->btf_id &&
	       a->addr == b->addr && !a->arm && !b->arm &&
	       !strcmp(a->target ? a->target : "", b->target ? b->target : "");
}

static void groups_make(struct groups *gr, const struct sema *s)
{
	int i, j, k;

	for (i = 0; i < s->probes.n; i++)
		gr->n += ((struct sema_probe *)s->probes.v[i])->insts.n;
	gr->member = xcalloc(gr->n + 1, sizeof(*gr->member));
	gr->group = xcalloc(gr->n + 1, sizeof(*gr->group));
	gr->size = xcalloc(gr->n + 1, sizeof(*gr->size));
	for (i = k = 0; i < s->probes.n; i++) {
		struct sema_probe *sp = s->probes.v[i];

		for (j = 0; j < sp->insts.n; j++, k++) {
			gr->member[k] = (struct cg_clause){ sp, sp->insts.v[j], k + 1 };
			gr->group[k] = k;
		}
	}
	for (k = 0; k < gr->n; k++) {
		for (j = 0; j < k; j++)
			if (gr->group[j] == j &&
			    same_firing(gr->member[j].pi, gr->member[k].pi)) {
				gr->group[k] = j;
				break;
			}
		gr->size[gr->group[k]]++;
	}
}

static void groups_free(struct groups *gr)
{
	free(gr->member);
	free(gr->group);
	free(gr->size);
}

/*
 * The program of leader k's group, whose clauses cl[0..n) run in it;
 * each is lightened alike, or none (provider.h: lighten).
 */
static int gen_group(struct compiled *c, struct groups *gr, int k, bool dump)
{
	struct cg_clause *cl = xcalloc(gr->size[k], sizeof(*cl));
	bool light = gr->member[k].pi->prov->lighten != NULL;
	int i, n = 0, from = 0, tail = -1, ret;

	for (i = k; i < gr->n; i++)
		if (gr->group[i] == k)
			cl[n++] = gr->member[i];
	for (i = 0; i < n; i++)
		if (cl[i].sp->uses_args || (cl[i].pi->nsub && cl[i].sp->uses_probe))
			light = false;
	for (i = 0; i < n && light; i++) {
		struct probe_inst *pi = (struct probe_inst *)cl[i].pi;

		pi->prov->lighten(pi);
	}
	ret = gen_part(c, cl, n, false, dump, &from, &tail);
	free(cl);
	return ret;
}

/*
 * A clause whose instance runs in its group's program: an attachment
 * to its leader's program, not attached (cattach.rides).
 */
static void ride(struct compiled *c, struct groups *gr, int k)
{
	struct cattach *at = xcalloc(1, sizeof(*at)), *lead = NULL;
	int i;

	for (i = 0; i < c->attach.n; i++) {
		struct cattach *o = c->attach.v[i];

		if (o->pi == gr->member[gr->group[k]].pi && !o->rides)
			lead = o;
	}
	at->pi = (struct probe_inst *)gr->member[k].pi;
	at->clause = gr->member[k].sp->node;
	at->prog = lead ? lead->prog : 0;
	at->rides = true;
	attach_add(c, at);
}

static int gen_probe(struct compiled *c, struct sema_probe *sp,
		     struct groups *gr)
{
	struct node *p = sp->node;
	int i, ret;

	for (i = 0; i < sp->insts.n; i++) {
		struct probe_inst *pi = sp->insts.v[i];
		bool cookie, dump = c->opts.dump && (i == 0 || c->opts.dump_all);
		int from = 0, tail = -1, k = gr->n ? gr->next++ : -1;
		struct cg_clause cl = { sp, pi, 0 };

		if (k >= 0 && gr->size[gr->group[k]] > 1) {
			if (gr->group[k] != k) {
				ride(c, gr, k);
				continue;
			}
			ret = gen_group(c, gr, k, dump);
			if (ret)
				return ret;
			continue;
		}
		if (!sp->uses_args && pi->prov->lighten &&
		    !(pi->nsub && sp->uses_probe))
			pi->prov->lighten(pi);
		cookie = sp->insts.n > 1 && pi->prov->cookie && sp->uses_probe;
		do {
			ret = gen_part(c, &cl, 1, cookie, dump, &from, &tail);
			if (ret)
				return ret;
		} while (from > 0);
		if (pi->arm) {
			ret = gen_arm(c, p, pi);
			if (ret)
				return ret;
		}
	}
	return 0;
}

void compile_set_opts(struct compiled *c, const struct compile_opts *opts)
{
	c->opts = *opts;
	provider_pid = opts->pid;
	if (!c->opts.strlen)
		c->opts.strlen = 64;
	if (!c->opts.map_keys_max)
		c->opts.map_keys_max = 4096;
	if (!c->opts.scratchsize)
		c->opts.scratchsize = 256;
	if (!c->opts.stackframes)
		c->opts.stackframes = 20;
	if (!c->opts.ustackframes)
		c->opts.ustackframes = 100;
	if (!c->opts.jstackframes)
		c->opts.jstackframes = 50;
	if (!c->opts.maxframes || c->opts.maxframes > STACK_DEPTH)
		c->opts.maxframes = STACK_DEPTH;
}

/*
 * MAP_DGLOBALS's layout: a place for each of D's scalar globals (no keys,
 * not an aggregation, not an array map), in the order they appear.
 */
static void dglobals_layout(struct compiled *c)
{
	int i;

	for (i = 0; i < c->maps.n; i++) {
		struct symbol *sym = c->maps.v[i];

		if (sym->key || sym->array || sym->name[0] == '@' || !sym->val ||
		    type_is_agg(sym->val) || sym->val->size <= 0)
			continue;
		sym->packed = c->dglobals_size + 1;
		c->dglobals_size += ALIGN_UP(sym->val->size, 8);
	}
}

/*
 * MAP_DLOCALS's layout: a place for each this-> variable of the clauses
 * of BEGIN, END and ERROR, the largest its clauses make it.
 */
static void dlocals_layout(struct compiled *c, const struct sema *s)
{
	int i, j, k;

	for (i = 0; i < s->probes.n; i++) {
		struct sema_probe *sp = s->probes.v[i];
		bool special = false;

		for (j = 0; j < sp->insts.n; j++)
			if (((struct probe_inst *)sp->insts.v[j])->when != WHEN_EVENT)
				special = true;
		for (j = 0; special && j < sp->vars.n; j++) {
			struct symbol *sym = sp->vars.v[j];
			struct clocal *l = NULL;
			int size = type_in_reg(sym->val) ? 8 :
				   ALIGN_UP(sym->val->size, 8);

			if (strncmp(sym->name, "this->", 6))
				continue;
			for (k = 0; k < c->dlocals.n && !l; k++)
				if (!strcmp(((struct clocal *)c->dlocals.v[k])->name,
					    sym->name))
					l = c->dlocals.v[k];
			if (!l) {
				l = xcalloc(1, sizeof(*l));
				l->name = xstrdup(sym->name);
				vec_push(&c->dlocals, l);
			}
			if (l->size < size)
				l->size = size;
		}
	}
	for (k = 0; k < c->dlocals.n; k++) {
		struct clocal *l = c->dlocals.v[k];

		l->off = c->dlocals_size;
		c->dlocals_size += l->size;
	}
}

int compile_program(struct compiled *c, const struct source *src,
		    struct node *ast, const struct compile_opts *opts)
{
	struct groups gr = { 0 };
	struct sema s;
	int i, ret;

	memset(c, 0, sizeof(*c));
	c->src = src;
	c->ast = ast;
	compile_set_opts(c, opts);
	c->ringbuf_size = opts->ringbuf_size ? opts->ringbuf_size : 1 << 20;
	ret = sema_run(&s, c);
	if (ret)
		goto out;
	c->nstats = STAT_MAP_FULL0 + c->maps.n + (c->uses_spec ? 1 : 0);
	for (i = 0; c->opts.array_map && i < c->maps.n; i++) {
		struct symbol *sym = c->maps.v[i];

		if (strcmp(sym->name, c->opts.array_map))
			continue;
		if (!sym->key || sym->key->kind != TY_INT || sym->val->kind != TY_INT) {
			diag_error(src, &sym->first->loc,
				   "%s is an array: its keys and values must be integers",
				   sym->name);
			ret = -EINVAL;
			goto out;
		}
		/* A BPF array's key is a u32 index. */
		sym->key = type_int(4, false);
		sym->array = c->opts.array_size;
	}
	if (c->opts.dump) {
		fprintf(c->opts.dump, "AST\n");
		ast_dump(c->opts.dump, ast);
	}
	if (c->opts.dtrace) {
		groups_make(&gr, &s);
		dlocals_layout(c, &s);
		dglobals_layout(c);
	}
	for (i = 0; i < s.probes.n; i++) {
		ret = gen_probe(c, s.probes.v[i], &gr);
		if (ret)
			goto out;
	}
out:
	groups_free(&gr);
	sema_free(&s);
	return ret;
}

void compile_free(struct compiled *c)
{
	int i;

	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		bpf_code_free(&p->code);
		free(p->name);
		free(p);
	}
	for (i = 0; i < c->attach.n; i++)
		free(c->attach.v[i]);
	hindex_free(&c->probe_index);
	hindex_free(&c->prog_index);
	for (i = 0; i < c->fmts.n; i++) {
		struct fmt_spec *fs = c->fmts.v[i];

		free(fs->fmt);
		free(fs->args);
		free(fs);
	}
	for (i = 0; i < c->maps.n; i++) {
		struct symbol *sym = c->maps.v[i];

		free(sym->name);
		free(sym);
	}
	for (i = 0; i < c->probes.n; i++)
		provider_inst_free(c->probes.v[i]);
	for (i = 0; i < c->helper_sites.n; i++)
		free(c->helper_sites.v[i]);
	vec_free(&c->helper_sites);
	for (i = 0; i < c->dlocals.n; i++) {
		struct clocal *l = c->dlocals.v[i];

		free(l->name);
		free(l);
	}
	vec_free(&c->dlocals);
	for (i = 0; i < c->pcaps.n; i++)
		free(c->pcaps.v[i]);
	vec_free(&c->pcaps);
	vec_free(&c->progs);
	vec_free(&c->attach);
	vec_free(&c->fmts);
	vec_free(&c->maps);
	vec_free(&c->probes);
}
