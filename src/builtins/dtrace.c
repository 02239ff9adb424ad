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

int bi_dtrace_sym(uint64_t addr, int pid, struct bi_dtrace_sym *s)
{
	if (!d_label || !d_label->sym)
		return -ENOENT;
	return d_label->sym(d_label->arg, addr, pid, s);
}

/*
 * The probe a probe index names (bi_probe_index: the table's index in
 * the lower 32 bits, which of its probes in the next 16), copied to *p
 * with the function of that probe; NULL if out of range.
 */
static const struct bi_dtrace_probe *probe_at(uint64_t v,
					      struct bi_dtrace_probe *p)
{
	uint64_t i = v & 0xffffffff;

	if (i >= (uint64_t)d_nprobes)
		return NULL;
	*p = d_probes[i];
	if (p->sub_func)
		p->func = p->sub_func((v >> 32) & 0xffff);
	return p;
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
	struct bi_dtrace_probe copy;
	const struct bi_dtrace_probe *d = probe_at(rd64(p), &copy);
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

static const char *part_of(const struct bi_dtrace_probe *d, const char *part)
{
	if (!strcmp(part, "prov"))
		return d->prov;
	if (!strcmp(part, "mod"))
		return d->mod;
	if (!strcmp(part, "func"))
		return d->func;
	return d->name;
}

/*
 * probefunc == "read" and the like: the probes whose part is lit are
 * known when compiling, so the test is of the probe index against
 * theirs (and of the syscall number, for an instance standing for
 * every syscall).  Where the index is a constant, the verifier prunes
 * the branch not taken.
 */
static int cg_part_eq(struct cg *g, struct node *n, const char *lit)
{
	const char *part = n->type->name;
	struct vec *probes = &g->c->probes;
	int res = ir_vreg(&g->ir), yes = ir_label(&g->ir), k, v, low, want;
	struct val idx;
	long sub;

	if (!d_label || !d_label->probe_name)
		return cg_error(g, n, "probe names are not known here");
	if (bi_probe_index(g, n, &idx))
		return -EINVAL;
	v = cg_reg(g, &idx);
	low = ir_vreg(&g->ir);
	ir_mov(&g->ir, low, v);
	ir_alu32_imm(&g->ir, BPF_AND, low, -1);	/* the 32-bit op clears the upper half */
	want = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, res, 1);
	for (k = 0; k < probes->n; k++) {
		const struct probe_inst *pi = probes->v[k];
		struct bi_dtrace_probe d;

		d_label->probe_name(pi, &d);
		if (d.sub_func && !strcmp(part, "func")) {
			sub = d.sub_of(lit);
			if (sub >= 0) {
				ir_mov_imm(&g->ir, want,
					   (int64_t)sub << 32 | pi->index);
				ir_jmp(&g->ir, BPF_JEQ, v, want, yes);
			}
		} else if (!strcmp(part_of(&d, part), lit)) {
			ir_jmp_imm(&g->ir, BPF_JEQ, low, pi->index, yes);
		}
		d_label->probe_free(&d);
	}
	ir_mov_imm(&g->ir, res, 0);
	ir_place(&g->ir, yes);
	return res;
}

bool bi_dtrace_is_part(const struct type *t)
{
	return t->kind == TY_NAMED && t->namer && t->namer->show == show_part;
}

/* Stores the bytes of lit (and its NUL, within size) at base + off. */
static void store_lit(struct cg *g, const char *lit, int base, int off,
		      int size)
{
	int len = (int)strlen(lit) + 1, i;

	if (len > size)
		len = size;
	for (i = 0; i < len - 1; i++)
		ir_st_imm(&g->ir, BPF_B, base, off + i, (uint8_t)lit[i]);
	ir_st_imm(&g->ir, BPF_B, base, off + len - 1, 0);
}

int bi_dtrace_part_str(struct cg *g, struct node *n, int idx, int base,
		       int off, int size)
{
	const char *part = n->type->name;
	struct vec *probes = &g->c->probes;
	int low = ir_vreg(&g->ir), done = ir_label(&g->ir), k;

	if (!d_label || !d_label->probe_name)
		return cg_error(g, n, "probe names are not known here");
	ir_mov(&g->ir, low, idx);
	ir_alu32_imm(&g->ir, BPF_AND, low, -1);
	for (k = 0; k < probes->n; k++) {
		const struct probe_inst *pi = probes->v[k];
		int next = ir_label(&g->ir);
		struct bi_dtrace_probe d;
		bool sub;

		d_label->probe_name(pi, &d);
		sub = d.sub_func && !strcmp(part, "func");
		if (!sub) {
			ir_jmp_imm(&g->ir, BPF_JNE, low, pi->index, next);
			store_lit(g, part_of(&d, part), base, off, size);
			ir_ja(&g->ir, done);
			ir_place(&g->ir, next);
		}
		d_label->probe_free(&d);
		if (sub)
			return cg_error(g, n, "probefunc of a probe for every syscall is the syscall's name, which ferret names when it prints: it cannot be a string operand here");
	}
	ir_place(&g->ir, done);
	return 0;
}

/*
 * Over every probe of the program: a variable may hold the part of a
 * probe of another clause.
 */
int bi_dtrace_part_len(struct sema *s, struct node *n)
{
	const char *part = n->type->name;
	int i, j, len, max = 0;

	if (!d_label || !d_label->probe_name)
		return sema_error(s, n, "probe names are not known here");
	for (i = 0; i < s->probes.n; i++) {
		const struct sema_probe *sp = s->probes.v[i];

		for (j = 0; j < sp->insts.n; j++) {
			const struct probe_inst *pi = sp->insts.v[j];
			struct bi_dtrace_probe d;
			bool sub;

			d_label->probe_name(pi, &d);
			sub = d.sub_func && !strcmp(part, "func");
			len = sub ? 0 : (int)strlen(part_of(&d, part));
			d_label->probe_free(&d);
			if (sub)
				return sema_error(s, n, "probefunc of a probe for every syscall is the syscall's name, which ferret names when it prints: it cannot be a string operand here");
			if (len > max)
				max = len;
		}
	}
	return max;
}

static int sema_part(struct sema *s, struct node *n)
{
	s->cur->uses_probe = true;
	n->type = type_named(n->bi, 8, n->name + 5);
	return 0;
}

/*
 * The clause's label: the CPU in the upper 16 bits, the probe index
 * (bi_probe_index) in the lower 48.  The front end's label hook writes it (and the header
 * before the first).
 */
static void show_label(const struct type *t, const void *p, struct buf *out)
{
	struct bi_dtrace_probe copy;
	uint64_t v = rd64(p);

	if (d_label && d_label->show)
		d_label->show(d_label->arg, v >> 48,
			      probe_at(v & 0xffffffffffff, &copy), out);
}

static int sema_label(struct sema *s, struct node *n)
{
	s->cur->uses_probe = true;
	n->type = type_named(n->bi, 8, NULL);
	return 0;
}

static int cg_label(struct cg *g, struct node *n, struct val *out)
{
	struct val idx;
	int cpu = cg_call0(g, BPF_FUNC_get_smp_processor_id);

	if (bi_probe_index(g, n, &idx))
		return -EINVAL;
	ir_alu_imm(&g->ir, BPF_LSH, cpu, 48);
	ir_alu(&g->ir, BPF_OR, cpu, cg_reg(g, &idx));
	return bi_int(out, cpu, n->type);
}

/*
 * walltimestamp: the boot-time clock plus the offset of the real-time
 * clock from it, taken when the program is compiled.  A clock set while
 * tracing is not followed, as in a kernel without a real-time helper.
 */
/* The offset, taken once, so that every use in a program agrees. */
static int64_t boot_to_real(void)
{
	static int64_t off;
	struct timespec real, boot;

	if (off)
		return off;
	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_BOOTTIME, &boot);
	off = (real.tv_sec - boot.tv_sec) * 1000000000LL +
	      (real.tv_nsec - boot.tv_nsec);
	return off;
}

static int cg_walltimestamp(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_ktime_get_boot_ns), o = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, o, boot_to_real());
	ir_alu(&g->ir, BPF_ADD, r, o);
	return bi_int(out, r, n->type);
}

/*
 * __walltime(ns): boot-time clock value ns (a task's start_boottime) as
 * walltimestamp would have given it then, for psinfo's pr_start.
 */
static int sema_walltime(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, "uint64_t"))
		return -EINVAL;
	n->type = type_int(8, true);
	return 0;
}

static int cg_walltime(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir), o = ir_vreg(&g->ir);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, r, cg_reg(g, &a));
	ir_mov_imm(&g->ir, o, boot_to_real());
	ir_alu(&g->ir, BPF_ADD, r, o);
	return bi_int(out, r, n->type);
}

static int dump_bytes(struct sema *s, struct node *n, int64_t size);

/*
 * trace(e): becomes printf() of e with the conversion the front end's
 * trace hook chooses for e's type (DTrace's widths differ by size and
 * with quiet).
 */
static int sema_trace(struct sema *s, struct node *n)
{
	const struct builtin *pf = builtin_find("printf", true, false);
	struct node *fmt, *e;
	const char *conv;
	int i;

	if (bi_d_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind == N_MAP && n->list[0]->name[0] == '@')
		return sema_error(s, n->list[0], "[D_TRACE_DYN] trace( ) may not be applied to a dynamic expression");
	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	/* Map values settle over the passes: the last one decides. */
	if (!s->report) {
		n->type = type_simple(TY_NONE);
		return 0;
	}
	if (n->list[0]->type->kind == TY_NONE)
		return sema_error(s, n->list[0], "[D_TRACE_VOID] trace( ) may not be applied to a void expression");
	/* A struct or array: its bytes, dumped as tracemem() dumps them. */
	if (type_is_record(n->list[0]->type)) {
		struct node *size = ast_new(N_INT, &n->loc);

		size->ival = (uint64_t)n->list[0]->type->size;
		ast_push(n, size);
		return dump_bytes(s, n, (int64_t)size->ival);
	}
	/*
	 * A char array member that a pointer reaches is an array to
	 * trace(), whose bytes DTrace dumps, though elsewhere it is a
	 * string: tracemem(&p->m, sizeof(p->m)).
	 */
	e = n->list[0];
	if (e->kind == N_FIELD && e->op != T_DOT && e->type->kind == TY_STR &&
	    !e->type->dstring && e->a->type && e->a->type->kind == TY_PTR &&
	    !sema_var_root(e)) {
		struct node *amp = ast_new(N_UNOP, &e->loc);
		struct node *size = ast_new(N_INT, &n->loc);

		amp->op = T_AMP;
		amp->a = e;
		n->list[0] = amp;
		size->ival = (uint64_t)e->type->size;
		ast_push(n, size);
		if (sema_expr(s, amp))
			return -EINVAL;
		return dump_bytes(s, n, (int64_t)size->ival);
	}
	conv = d_label && d_label->trace_conv ?
	       d_label->trace_conv(d_label->arg, sema_d_type(n->list[0])) : NULL;
	if (!conv)
		return sema_error(s, n->list[0], "trace() of a value of this type is not supported yet");
	fmt = ast_new(N_STR, &n->loc);
	fmt->str = xstrdup(conv);
	fmt->slen = strlen(conv);
	ast_push(n, fmt);
	for (i = n->nlist - 1; i > 0; i--)
		n->list[i] = n->list[i - 1];
	n->list[0] = fmt;
	/*
	 * printf() of the front end's own format, which its format check
	 * takes as it is: named trace() still, in errors too.
	 */
	n->bi = pf;
	return pf->sema(s, n);
}

/*
 * tracemem(addr, size[, dsize]): size bytes at addr (dsize of them, at
 * most size), printed as DTrace dumps them: a printf of a buffer's bytes,
 * whose %r the D printer turns into the dump.
 */
static int sema_tracemem(struct sema *s, struct node *n)
{
	const struct type *t;
	int64_t size;
	char w[64];

	if (bi_d_nargs(s, n, 2, 3) || sema_expr(s, n->list[0]))
		return -EINVAL;
	t = n->list[0]->type;
	if (t->kind != TY_INT && t->kind != TY_PTR)
		return sema_error(s, n->list[0], "[D_TRACEMEM_ADDR] tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
				  bi_d_type_word(t, w, sizeof(w)));
	if (bi_d_int_arg(s, n, 1, "size_t"))
		return -EINVAL;
	if (!sema_d_const(n->list[1], &size) || size <= 0)
		return sema_error(s, n->list[1], "[D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	if (size > 1 << 15)
		return sema_error(s, n->list[1], "tracemem( ) argument #2: at most 32768 bytes are recorded");
	if (n->nlist == 3 && bi_d_int_arg(s, n, 2, "size_t"))
		return -EINVAL;
	/* A constant dsize is the size recorded. */
	if (n->nlist == 3 && n->list[2]->kind == N_INT) {
		if ((int64_t)n->list[2]->ival < size)
			size = (int64_t)n->list[2]->ival > 0 ? (int64_t)n->list[2]->ival : 0;
		n->list[2]->ival = (uint64_t)size;
	}
	return dump_bytes(s, n, size);
}

/*
 * n (tracemem's arguments, checked) becomes printf("%r", __dmem(addr,
 * last)) of size bytes.
 */
static int dump_bytes(struct sema *s, struct node *n, int64_t size)
{
	const struct builtin *pf = builtin_find("printf", true, false);
	const struct builtin *bf = builtin_find("__dmem", true, false);
	struct node *fmt, *b;

	b = ast_new(N_CALL, &n->loc);
	b->name = xstrdup("__dmem");
	b->bi = bf;
	ast_push(b, n->list[0]);
	ast_push(b, n->list[n->nlist - 1]);
	/* The record holds size bytes, of which dsize print. */
	b->ival = (uint64_t)size;
	b->type = type_buf((int)size);
	if (n->nlist == 3)
		ast_free(n->list[1]);
	fmt = ast_new(N_STR, &n->loc);
	fmt->str = xstrdup("%r");
	fmt->slen = 2;
	n->list[0] = fmt;
	n->list[1] = b;
	n->nlist = 2;
	free(n->name);
	n->name = xstrdup("printf");
	n->bi = pf;
	return pf->sema(s, n);
}

/*
 * __dxsou(off, size, value, ...): a translated struct used whole (the
 * front end's *xlate <T *>(e)), n->ival bytes: zeros, and each member's
 * translated value of size bytes at off.  Its type is a buffer of those
 * bytes, which trace() dumps as tracemem() does, as DTrace traces a
 * struct.
 *
 * The struct is too large for the BPF stack (psinfo_t is 416 bytes),
 * and the members' reads can fault, which must not happen while a
 * ring buffer record is reserved: it is built before the record, in the
 * per-CPU scratch map past the record the statement assembles there
 * (trace()'s, at its start) and past the frames stackdepth takes there,
 * and copied into the record.
 */
#define DXSOU_AT(size) \
	ALIGN_UP((int)sizeof(struct rec_hdr) + 8 + (size), 8) + 8 * 128

/*
 * A translated struct used as a value (op 'S': the struct, as a record
 * still in memory that a variable's store copies) or as a pointer (op
 * 'P': xlate <T *>(e) kept or cast, as curcpu) is built in a place of
 * its own in the scratch map, past the records assembled there, so that
 * two of them in one clause do not overlap; a pointer to one is good
 * until the program that built it returns, as DTrace's to its scratch.
 */
#define XSOU_BASE DXSOU_AT(1024)

static int sema_dxsou(struct sema *s, struct node *n)
{
	char w[64];
	int i;

	for (i = 0; i < n->nlist; i++) {
		const struct type *t;

		if (sema_expr(s, n->list[i]))
			return -EINVAL;
		t = n->list[i]->type;
		if (i % 3 == 2 && t->kind != TY_INT && t->kind != TY_PTR &&
		    t->kind != TY_STR)
			return sema_error(s, n->list[i], "a translated struct's member of type %s cannot be built in memory yet",
					  bi_d_type_word(t, w, sizeof(w)));
	}
	if (n->op == 'S' || n->op == 'P') {
		struct type *t = n->str ? type_parse(n->str) : NULL;

		if (!t || t->kind != TY_STRUCT || t->size != (int)n->ival)
			return sema_error(s, n, "the translated struct %s is not known as a type",
					  n->str ? n->str : "");
		n->type = n->op == 'P' ? type_ptr(t) : t;
		return 0;
	}
	n->type = type_buf((int)n->ival);
	/* Its D type name, for DTrace's errors (printf's) */
	if (n->str)
		n->type->name = xstrdup(n->str);
	return 0;
}

/* Builds the struct in the scratch map at at: its address, or 0. */
static int xsou_build(struct cg *g, struct node *n, int at)
{
	int size = (int)n->ival, key = cg_alloc(g, 8);
	int p = ir_vreg(&g->ir), done = ir_label(&g->ir), i;

	if (g->c->scratch_size < at + 8 + size)
		g->c->scratch_size = at + 8 + size;
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, key, 0);
	cg_lookup(g, MAP_SCRATCH, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	for (i = 0; i + 8 <= size; i += 8)
		ir_st_imm(&g->ir, BPF_DW, p, at + i, 0);
	for (; i < size; i++)
		ir_st_imm(&g->ir, BPF_B, p, at + i, 0);
	for (i = 0; i + 2 < n->nlist; i += 3) {
		int mark = g->stack, msize = (int)n->list[i + 1]->ival;
		struct val v;

		if (cg_expr(g, n->list[i + 2], &v))
			return -EINVAL;
		cg_store(g, p, at + (int)n->list[i]->ival, &v, msize);
		/* the member's temporaries are dead: the next reuses them */
		g->stack = mark;
	}
	ir_alu_imm(&g->ir, BPF_ADD, p, at);
	ir_place(&g->ir, done);
	return p;
}

/* Builds the struct in the scratch map: ops[0] its address, or 0. */
static int cg_prep_dxsou(struct cg *g, struct node *n, struct val *ops)
{
	int p = xsou_build(g, n, DXSOU_AT((int)n->ival));

	return p < 0 ? p : bi_int(&ops[0], p, type_int(8, false));
}

static int cg_into_dxsou(struct cg *g, struct node *n, const struct val *ops,
			 int base, int off)
{
	int size = (int)n->ival, used = ir_vreg(&g->ir);

	ir_st_imm(&g->ir, BPF_DW, base, off, size);
	ir_mov(&g->ir, BPF_REG_1, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off + 8);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, ops[0].reg);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	ir_mov_imm(&g->ir, used, size + 8);
	return used;
}

static int cg_dxsou(struct cg *g, struct node *n, struct val *out)
{
	int at, p;

	if (n->op != 'S' && n->op != 'P')
		return cg_error(g, n, "a translated struct is built only in the record trace( ) sends");
	at = XSOU_BASE + g->xsou_top;
	g->xsou_top += ALIGN_UP((int)n->ival, 8);
	p = xsou_build(g, n, at);
	if (p < 0)
		return p;
	if (n->op == 'P') {
		int ptr = p;

		/* The address as an integer, as D's pointers are. */
		p = ir_vreg(&g->ir);
		cg_ptr_bits(g, p, ptr);
	}
	/* A record still in memory (cg_store() reads it) or its address */
	out->kind = V_REG;
	out->reg = p;
	out->type = n->type;
	return 0;
}

/* exit(status): dtrace exits with status once the run ends. */
static int sema_exit(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	return bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, "int") ?
	       -EINVAL : 0;
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
	/*
	 * As in DTrace, the rest of the clause runs, and no clause starts
	 * after it but END's: the stop word every event program tests
	 * first is set here, at once, not when user space reads the record
	 * (BEGIN's clauses are run one by one from user space, which reads
	 * the record in between).
	 */
	g->c->exits = true;
	g->c->uses_control = true;
	if (g->pi->when != WHEN_END) {
		int ctl = ir_vreg(&g->ir);

		ir_ld_map_value(&g->ir, ctl, MAP_CONTROL);
		ir_st_imm(&g->ir, BPF_DW, ctl, CONTROL_STOP, 1);
	}
	return 0;
}

/* The number of keys of aggregation symbol sym, and its key i. */
static int agg_nkeys(const struct symbol *sym)
{
	const struct type *k = sym->shown_key ? sym->shown_key : sym->key;

	return !k ? 0 : k->kind == TY_TUPLE ? k->nfields : 1;
}

static const struct type *agg_key(const struct symbol *sym, int i)
{
	const struct type *k = sym->shown_key ? sym->shown_key : sym->key;

	return k->kind == TY_TUPLE ? k->fields[i].type : k;
}

/* printa() of several aggregations: a and b keyed alike, as dtrace wants. */
static int printa_keys(struct sema *s, const struct node *a,
		       const struct node *b)
{
	int na = agg_nkeys(a->sym), nb = agg_nkeys(b->sym), i;
	char x[64], y[64];

	if (na != nb)
		return sema_error(s, b, "[D_PRINTA_AGGKEY] printa( ): %s and %s do not have matching key signatures: %s has %d key%s, %s has %d key%s",
				  a->name, b->name, a->name, na, na == 1 ? "" : "s",
				  b->name, nb, nb == 1 ? "" : "s");
	for (i = 0; i < na; i++) {
		const struct type *ka = agg_key(a->sym, i), *kb = agg_key(b->sym, i);

		if ((ka->kind == TY_INT) == (kb->kind == TY_INT) &&
		    type_is_text(ka) == type_is_text(kb))
			continue;
		return sema_error(s, b, "[D_PRINTA_AGGPROTO] printa( ): %s[ ] key #%d is incompatible with %s:\n      %s key #%d: %s\n      %s key #%d: %s",
				  b->name, i + 1, a->name, a->name + 1, i + 1,
				  bi_d_type_word(ka, x, sizeof(x)), b->name + 1,
				  i + 1, bi_d_type_word(kb, y, sizeof(y)));
	}
	return 0;
}

/* printa()'s format against its first aggregation's keys (the front end's). */
static int printa_format(struct sema *s, struct node *n)
{
	const struct symbol *sym = n->list[1]->sym;
	const struct type *keys[16];
	int nkeys = agg_nkeys(sym), at = 2, i;
	char err[512];

	if (!s->c->opts.fmt_check || nkeys > (int)ARRAY_SIZE(keys))
		return 0;
	for (i = 0; i < nkeys; i++)
		keys[i] = agg_key(sym, i);
	if (s->c->opts.fmt_check("printa", n->list[0]->str, keys, nkeys, &at,
				 err, sizeof(err)) < 0)
		return sema_error(s, n, "%s", err);
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
	if (!n->nlist)
		return sema_error(s, n, "[D_PROTO_LEN] printa( ) prototype mismatch: 0 args passed, at least 1 expected");
	if (n->nlist == first)
		return sema_error(s, n, "[D_PRINTA_PROTO] printa( ) prototype mismatch: 1 args passed, 2 expected");
	for (i = first; i < n->nlist; i++) {
		struct node *m = n->list[i];
		char b[64] = "aggregation";

		if (m->kind != N_MAP || m->nlist) {
			if (m->kind != N_MAP && !sema_expr(s, m) && m->type)
				bi_d_type_word(m->type, b, sizeof(b));
			return sema_error(s, m, "[D_PRINTA_AGGARG] printa( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
					  i + 1, b);
		}
		if (!sema_map_whole(s, m))
			return -EINVAL;
		if (m->sym->val && !type_is_agg(m->sym->val))
			return sema_error(s, m, "printa( ) argument #%d is incompatible with prototype: %s is not an aggregation",
					  i + 1, m->name);
		if (i > first && printa_keys(s, n->list[first], m))
			return -EINVAL;
	}
	if (first && printa_format(s, n))
		return -EINVAL;
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

/*
 * D's type name of an argument in its prototype errors: integers as C's
 * names, strings as string, anything else as ferret names it.
 */
static const char *d_type_name(const struct type *t, char *b, size_t len)
{
	static const char *const ints[2][4] = {
		{ "uint8_t", "uint16_t", "uint32_t", "uint64_t" },
		{ "char", "short", "int", "int64_t" },
	};

	if (t && t->kind == TY_INT && t->size >= 1 && t->size <= 8)
		return ints[t->is_signed][t->size == 8 ? 3 : t->size / 2];
	if (t && t->kind == TY_STR)
		return "string";
	return type_name(t, b, len);
}

/* DTrace's count check of an action with a fixed and an optional part. */
static int d_action_nargs(struct sema *s, struct node *n, int min, int max)
{
	if (n->nlist >= min && n->nlist <= max)
		return 0;
	return sema_error(s, n, "[D_PROTO_LEN] %s( ) prototype mismatch: %d arg%spassed, %s%d expected",
			  n->name, n->nlist, n->nlist == 1 ? " " : "s ",
			  min == max ? "" : n->nlist < min ? "at least " : "at most ",
			  n->nlist < min ? min : max);
}

/*
 * Argument #1 of clear(), trunc(), normalize() and denormalize(): an
 * aggregation, used as a whole, that the program has already made.
 */
static int d_agg_arg(struct sema *s, struct node *n)
{
	struct node *m = n->list[0];
	char b[64];
	int i;

	if (m->kind != N_MAP || m->name[0] != '@' || m->nlist) {
		if (m->kind != N_MAP && sema_expr(s, m))
			return -EINVAL;
		return sema_error(s, n, "%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
				  n->name, m->kind == N_MAP ? "aggregation" :
				  d_type_name(m->type, b, sizeof(b)));
	}
	m->sym = NULL;
	for (i = 0; i < s->c->maps.n; i++) {
		struct symbol *sym = s->c->maps.v[i];

		if (!strcmp(sym->name, m->name))
			m->sym = sym;
	}
	if (!m->sym)
		return sema_error(s, n, "undefined aggregation: %s", m->name);
	if (m->sym->val && !type_is_agg(m->sym->val))
		return sema_error(s, n, "%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
				  n->name, d_type_name(m->sym->val, b, sizeof(b)));
	return 0;
}

/* An integer argument i of an action: DTrace's prototype error if not. */
static int d_int_arg(struct sema *s, struct node *n, int i, const char *proto)
{
	struct node *a = n->list[i];
	char b[64];

	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind == TY_INT || a->type->kind == TY_PTR)
		return 0;
	if (!proto)
		return sema_error(s, n, "%s( ) argument #%d must be of scalar type",
				  n->name, i + 1);
	return sema_error(s, n, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			  n->name, i + 1, proto, d_type_name(a->type, b, sizeof(b)));
}

static int sema_aggact(struct sema *s, struct node *n)
{
	int max = !strcmp(n->name, "trunc") || !strcmp(n->name, "normalize") ?
		  2 : 1;
	int min = !strcmp(n->name, "normalize") ? 2 : 1;

	n->type = type_simple(TY_NONE);
	if (d_action_nargs(s, n, min, max) || d_agg_arg(s, n))
		return -EINVAL;
	if (n->nlist == 2)
		return d_int_arg(s, n, 1, n->name[0] == 't' ? "int64_t" : NULL);
	return 0;
}

static int cg_aggact(struct cg *g, struct node *n, struct val *out)
{
	static const struct { const char *name; int op; } ops[] = {
		{ "clear", DAGG_CLEAR }, { "trunc", DAGG_TRUNC },
		{ "normalize", DAGG_NORMALIZE },
		{ "denormalize", DAGG_DENORMALIZE },
	};
	int skip = ir_label(&g->ir), rec, op = 0, off = sizeof(struct rec_hdr);
	struct val v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(n->name, ops[i].name))
			op = ops[i].op;
	if (n->nlist == 2 && cg_expr(g, n->list[1], &v))
		return -EINVAL;
	rec = cg_record_begin(g, REC_DAGGACT, n->list[0]->sym->id,
			      sizeof(struct rec_daggact), skip);
	ir_st_imm(&g->ir, BPF_W, rec, off, op);
	ir_st_imm(&g->ir, BPF_W, rec, off + 4, 0);
	if (n->nlist == 2)
		cg_store(g, rec, off + 8, &v, 8);
	else
		ir_st_imm(&g->ir, BPF_DW, rec, off + 8, 0);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_aggact(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	struct rec_daggact a;

	if (len < sizeof(a) || !d_label || !d_label->aggact)
		return -EINVAL;
	memcpy(&a, data, sizeof(a));
	return d_label->aggact(d_label->arg, rt, (int)a.op, h->id, a.value);
}

/* setopt()'s record: no value, or one computed, whose text follows. */
#define SETOPT_NONE (-1)
#define SETOPT_RECORDED (-2)

/*
 * setopt(name[, value]): the name a string constant, kept in the format
 * table, as is a constant value; a computed value's text is recorded.
 * The front end sets the option when the record arrives.  The
 * record also says which clause of which probe asked, for the warning
 * DTrace gives when the option cannot be set.
 */
static int sema_setopt(struct sema *s, struct node *n)
{
	int i, clause = 0;

	n->type = type_simple(TY_NONE);
	if (d_action_nargs(s, n, 1, 2))
		return -EINVAL;
	for (i = 0; i < n->nlist; i++) {
		if (sema_expr(s, n->list[i]))
			return -EINVAL;
		if (!type_is_text(n->list[i]->type)) {
			char b[64];

			return sema_error(s, n, "[D_PROTO_ARG] setopt( ) argument #%d is incompatible with prototype:\n\tprototype: char *\n\t argument: %s",
					  i + 1, d_type_name(n->list[i]->type,
							     b, sizeof(b)));
		}
		/* The value may be computed: its text goes in the record. */
		if (n->list[i]->kind != N_STR && i == 0)
			return sema_error(s, n->list[i], "setopt( ) argument #%d must be a string constant here",
					  i + 1);
	}
	/* dt_clause_N counts each clause's probe descriptions, as cg_fault() */
	for (i = 0; i < s->probes.n && s->probes.v[i] != s->cur; i++) {
		const struct node *p = ((struct sema_probe *)s->probes.v[i])->node;

		clause += p->nspecs ? p->nspecs : 1;
	}
	n->id = sema_add_fmt(s, n->list[0]->str, NULL, 0);
	/*
	 * The value's format, SETOPT_NONE for none, SETOPT_RECORDED for
	 * one computed, whose text follows; the clause above it.
	 */
	n->ival = (uint32_t)(n->nlist < 2 ? SETOPT_NONE :
			     n->list[1]->kind != N_STR ? SETOPT_RECORDED :
			     sema_add_fmt(s, n->list[1]->str, NULL, 0));
	n->ival |= (uint64_t)clause << 32;
	return 0;
}

static int cg_setopt(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir), rec, off = sizeof(struct rec_hdr), len = 0;
	struct val idx, v;

	if (bi_probe_index(g, n, &idx))
		return -EINVAL;
	if ((int32_t)(uint32_t)n->ival == SETOPT_RECORDED) {
		if (cg_expr(g, n->list[1], &v))
			return -EINVAL;
		len = v.type->size;
	}
	rec = cg_record_begin(g, REC_DSETOPT, n->id, 16 + len, skip);
	ir_st_imm(&g->ir, BPF_W, rec, off, (int32_t)(uint32_t)n->ival);
	ir_st_imm(&g->ir, BPF_W, rec, off + 4, (int32_t)(n->ival >> 32));
	cg_store(g, rec, off + 8, &idx, 8);
	if (len)
		cg_store(g, rec, off + 16, &v, len);
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_setopt(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	const struct vec *f = &rt->c->fmts;
	const struct fmt_spec *name, *value = NULL;
	struct bi_dtrace_probe copy;
	char *text = NULL;
	int32_t v[2];
	int ret;

	if (len < 16 || h->id >= (uint32_t)f->n || !d_label ||
	    !d_label->setopt)
		return -EINVAL;
	memcpy(v, data, sizeof(v));
	if (v[0] >= f->n || v[0] < SETOPT_RECORDED)
		return -EINVAL;
	name = f->v[h->id];
	if (v[0] >= 0)
		value = f->v[v[0]];
	if (v[0] == SETOPT_RECORDED)
		text = xstrndup((const char *)data + 16, len - 16);
	ret = d_label->setopt(d_label->arg, name->fmt,
			      value ? value->fmt : text, v[1],
			      probe_at(rd64((const char *)data + 8), &copy));
	free(text);
	return ret;
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
	case FAULT_NOSCRATCH:
		return "out of scratch space";
	case FAULT_BADSIZE:
		return "invalid size";
	case FAULT_BADINDEX:
		return "index out of bounds";
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
	struct bi_dtrace_probe copy;
	const struct probe_inst *pi;
	struct rec_fault f;
	char addr[32] = "";
	uint64_t args[ERROR_NARGS];

	if (len < sizeof(f))
		return -EINVAL;
	memcpy(&f, data, sizeof(f));
	p = probe_at(f.probe, &copy);
	if (!p || f.probe >= (uint64_t)rt->c->probes.n)
		return -EINVAL;
	if ((f.fault == FAULT_BADADDR && f.addr != UINT64_MAX) ||
	    f.fault == FAULT_BADALIGN || f.fault == FAULT_BADSIZE)
		snprintf(addr, sizeof(addr), " (0x%llx)",
			 (unsigned long long)f.addr);
	else if (f.fault == FAULT_BADINDEX)
		snprintf(addr, sizeof(addr), " (%lld)", (long long)f.addr);
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

/*
 * id: the probe's ID, as the clause label's ID column gives it: named by
 * the front end where the program serves one probe; from the attach
 * cookie where it serves several (never dtrace's own probes).
 */
static int cg_id(struct cg *g, struct node *n, struct val *out)
{
	struct bi_dtrace_probe d;
	int r = ir_vreg(&g->ir);

	if (g->use_cookie || !d_label || !d_label->probe_name) {
		cg_probe_id(g, r);
		ir_alu32_imm(&g->ir, BPF_AND, r, -1);
		ir_alu_imm(&g->ir, BPF_ADD, r, BI_DTRACE_FIRST_ID);
		return bi_int(out, r, n->type);
	}
	d_label->probe_name(g->pi, &d);
	ir_mov_imm(&g->ir, r, d.id);
	d_label->probe_free(&d);
	return bi_int(out, r, n->type);
}

static int sema_id(struct sema *s, struct node *n)
{
	s->cur->uses_probe = true;
	n->type = type_int(4, false);
	return 0;
}

/*
 * print(p): what p points to, as DTrace's print() shows it: the record
 * holds p and the bytes of p's referenced type there, and the front end
 * lays them out by the type (d_label->print).  The argument becomes
 * __dprint(p), which reads them straight into the record.  A
 * translated struct pointer (print(curpsinfo)) comes from the front end
 * as __dxsou(...) with op '*' and str its type's D name: the struct is
 * built as trace() builds it and p is its address.
 */
#define DPRINT_MAX ((32 << 10) - 64)

static bool dprint_xlated(const struct node *a)
{
	return a->kind == N_CALL && !strcmp(a->name, "__dxsou");
}

static int sema_dprint(struct sema *s, struct node *n)
{
	const struct builtin *bf = builtin_find("__dprint", true, true);
	struct node *a, *b;
	struct type *t = NULL, *bt;
	const char *name = NULL;
	char w[128];
	int64_t size;

	n->type = type_simple(TY_NONE);
	if (d_action_nargs(s, n, 1, 1))
		return -EINVAL;
	a = n->list[0];
	/* Sema runs twice: the second time finds the record made. */
	if (a->kind == N_CALL && a->bi == bf && a->type) {
		n->id = sema_add_fmt(s, "", n->list, 1);
		return 0;
	}
	if (a->kind == N_MAP && a->name[0] == '@')
		return sema_error(s, n, "[D_PROTO_ARG] print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: aggregation");
	if (sema_expr(s, a))
		return -EINVAL;
	if (dprint_xlated(a) && a->op != '*')
		return sema_error(s, n, "[D_PROTO_ARG] print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: %s",
				  a->str ? a->str : "struct");
	if (dprint_xlated(a)) {
		t = type_parse(a->str);
		name = a->str;
		size = (int64_t)a->ival;
	} else if (a->type->kind == TY_PTR) {
		/* D makes a void pointer a pointer to bytes: print( ) knows */
		t = a->kind == N_CAST && a->op == 'v' ? NULL : a->type->elem;
		if (t && t->kind == TY_STRUCT)
			type_complete(t);
		size = t ? t->size : 0;
		if (!t || t->kind == TY_NONE || size <= 0 ||
		    (t->kind == TY_STRUCT && t->incomplete))
			return sema_error(s, n, "[D_PRINT_SIZE] print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.",
					  t && t->kind != TY_NONE ?
					  type_name(t, w, sizeof(w)) : "void");
	} else {
		return sema_error(s, n, "[D_PROTO_ARG] print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: %s",
				  d_type_name(a->type, w, sizeof(w)));
	}
	if (!t)
		return sema_error(s, a, "print( ): the type %s is not known", name);
	if (size > DPRINT_MAX)
		size = DPRINT_MAX;
	b = ast_new(N_CALL, &a->loc);
	b->name = xstrdup("__dprint");
	b->bi = bf;
	ast_push(b, a);
	b->ival = (uint64_t)size;
	bt = type_buf((int)size);
	/* The buffer's first 8 bytes are the address, not a length. */
	bt->elem = t;
	bt->name = name ? xstrdup(name) : NULL;
	b->type = bt;
	n->list[0] = b;
	n->id = sema_add_fmt(s, "", n->list, 1);
	return 0;
}

static int cg_dprint(struct cg *g, struct node *n, struct val *out)
{
	return bi_send_args(g, n, REC_DPRINT, 0);
}

static int rt_dprint(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	const struct fmt_spec *fs = h->id < (uint32_t)rt->c->fmts.n ?
				    rt->c->fmts.v[h->id] : NULL;
	const struct type *t;
	uint64_t addr;

	if (!fs || fs->nargs != 1 || !d_label || !d_label->print)
		return -EINVAL;
	t = fs->args[0].type;
	if (t->kind != TY_BUF || !t->elem || len < 8)
		return -EINVAL;
	memcpy(&addr, data, 8);
	if (len > (size_t)t->size)
		len = (size_t)t->size;
	return d_label->print(d_label->arg, rt, t->elem, t->name, addr,
			      (const char *)data + 8, len - 8);
}

/* __dprint(p): p's value, then the bytes there; a NULL p faults. */
static int cg_prep_dprint(struct cg *g, struct node *n, struct val *ops)
{
	struct node *a = n->list[0];
	int ok = ir_label(&g->ir), r;
	struct val v;

	if (dprint_xlated(a))
		return cg_prep_dxsou(g, a, ops);
	if (cg_expr(g, a, &v))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &v));
	ir_jmp_imm(&g->ir, BPF_JNE, r, 0, ok);
	cg_fault(g, FAULT_BADADDR, r);
	ir_place(&g->ir, ok);
	return bi_int(&ops[0], r, type_int(8, false));
}

/* Memory that cannot be read leaves zeros, as DTrace's probe_read(). */
static int cg_into_dprint(struct cg *g, struct node *n, const struct val *ops,
			  int base, int off)
{
	int size = (int)n->ival, used = ir_vreg(&g->ir);

	ir_st(&g->ir, BPF_DW, base, off, ops[0].reg);
	ir_mov(&g->ir, BPF_REG_1, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off + 8);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, ops[0].reg);
	ir_call(&g->ir, BPF_FUNC_probe_read, 3);
	ir_mov_imm(&g->ir, used, size + 8);
	return used;
}

static int sema_dprint_val(struct sema *s, struct node *n)
{
	return sema_error(s, n, "__dprint( ) is print( )'s record, not a function");
}

static int cg_dprint_val(struct cg *g, struct node *n, struct val *out)
{
	return cg_error(g, n, "__dprint() is only print()'s record");
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define AGGACT(n) { .name = n, .func = true, .rec_kind = REC_DAGGACT, \
		    .sema = sema_aggact, .cg = cg_aggact, .rt = rt_aggact }
#define PART(n) { .name = n, .sema = sema_part, .cg = bi_probe_index, \
		  .show = show_part, .cg_eq_lit = cg_part_eq, \
		  .str_conv = "__dpartstr", .ptr_conv = "__dpartptr" }

const struct builtin builtin_dtrace[] = {
	PART("probeprov"), PART("probemod"), PART("probefunc"),
	PART("probename"),
	{ .name = "__dprobe", .sema = sema_label, .cg = cg_label,
	  .show = show_label },
	VAR("walltimestamp", bi_sema_u64, cg_walltimestamp),
	{ .name = "__walltime", .func = true, .sema = sema_walltime,
	  .cg = cg_walltime },
	VAR("id", sema_id, cg_id),
	{ .name = "trace", .func = true, .sema = sema_trace },
	{ .name = "tracemem", .func = true, .sema = sema_tracemem },
	{ .name = "__dxsou", .func = true, .sema = sema_dxsou, .cg = cg_dxsou,
	  .cg_prep = cg_prep_dxsou, .cg_into = cg_into_dxsou },
	{ .name = "print", .func = true, .rec_kind = REC_DPRINT,
	  .sema = sema_dprint, .cg = cg_dprint, .rt = rt_dprint },
	{ .name = "__dprint", .func = true, .sema = sema_dprint_val,
	  .cg = cg_dprint_val,
	  .cg_prep = cg_prep_dprint, .cg_into = cg_into_dprint },
	{ .name = "exit", .func = true, .rec_kind = REC_EXIT, .sema = sema_exit,
	  .cg = cg_exit },
	{ .name = "printa", .func = true, .rec_kind = REC_DPRINTA,
	  .sema = sema_printa, .cg = cg_printa, .rt = rt_printa },
	AGGACT("clear"), AGGACT("trunc"), AGGACT("normalize"),
	AGGACT("denormalize"),
	{ .name = "setopt", .func = true, .rec_kind = REC_DSETOPT,
	  .sema = sema_setopt, .cg = cg_setopt, .rt = rt_setopt },
	/* Not callable: no program names a function with a space. */
	{ .name = "fault record", .func = true, .rec_kind = REC_FAULT,
	  .rt = rt_fault },
	{ .name = NULL },
};
