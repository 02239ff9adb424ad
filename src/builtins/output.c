/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions that act in user space: printf, print, time, exit, system,
 * cat, clear, zero.  In BPF they only send a record; their rt hook does
 * the work when the record arrives, in order with everything else.
 */
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../providers/provider.h"
#include "../kernel/features.h"

static const struct fmt_spec *fmt_of(struct runtime *rt, uint32_t id)
{
	if (id >= (uint32_t)rt->c->fmts.n)
		return NULL;
	return rt->c->fmts.v[id];
}

static int sema_printf(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	return bi_fmt_arg(s, n);
}

static int sema_unsafe(struct sema *s, struct node *n)
{
	if (!s->c->opts.unsafe)
		return sema_error(s, n, "%s() is an unsafe function being used in safe mode: it runs commands in user space; run with --unsafe",
				  n->name);
	s->c->destructive = true;
	return sema_printf(s, n);
}

/* Signal numbers by name, with or without "SIG", as signal() takes them. */
static int signal_number(const char *name)
{
	static const struct {
		const char *name;
		int sig;
	} sigs[] = {
		{ "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT },
		{ "ILL", SIGILL }, { "TRAP", SIGTRAP }, { "ABRT", SIGABRT },
		{ "BUS", SIGBUS }, { "FPE", SIGFPE }, { "KILL", SIGKILL },
		{ "USR1", SIGUSR1 }, { "SEGV", SIGSEGV }, { "USR2", SIGUSR2 },
		{ "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM },
		{ "CHLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP },
		{ "TSTP", SIGTSTP }, { "TTIN", SIGTTIN }, { "TTOU", SIGTTOU },
		{ "URG", SIGURG }, { "XCPU", SIGXCPU }, { "XFSZ", SIGXFSZ },
		{ "VTALRM", SIGVTALRM }, { "PROF", SIGPROF },
		{ "WINCH", SIGWINCH }, { "IO", SIGIO }, { "PWR", SIGPWR },
		{ "SYS", SIGSYS },
	};
	size_t i;

	if (!strncmp(name, "SIG", 3))
		name += 3;
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		if (!strcmp(sigs[i].name, name))
			return sigs[i].sig;
	return -1;
}

/*
 * signal(SIG), signal_thread(SIG): the kernel sends SIG to the current
 * process (bpf_send_signal) or thread (bpf_send_signal_thread), so it
 * acts before the probed code goes on.
 */
static int sema_signal(struct sema *s, struct node *n)
{
	struct node *a;
	int64_t v;

	if (!s->c->opts.unsafe)
		return sema_error(s, n, "%s() is an unsafe function being used in safe mode: it sends signals to traced processes; run with --unsafe",
				  n->name);
	s->c->destructive = true;
	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	a = n->list[0];
	if (a->kind == N_STR) {
		int sig = signal_number(a->str);

		if (sig < 0)
			return sema_error(s, a, "%s(): unknown signal '%s'", n->name, a->str);
		n->ival = sig;
	} else {
		if (sema_const_int(s, a, &v))
			return -EINVAL;
		if (v < 1 || v > 64)
			return sema_error(s, a, "%s(): %lld is not a signal number",
					  n->name, (long long)v);
		n->ival = v;
	}
	n->type = type_simple(TY_NONE);
	return 0;
}

void bi_send_signal(struct cg *g, int sig, int helper)
{
	ir_mov(&g->ir, BPF_REG_1, sig);
	ir_call(&g->ir, helper, 1);
}

static int send_signal(struct cg *g, struct node *n, struct val *out, int helper)
{
	int sig = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, sig, n->ival);
	bi_send_signal(g, sig, helper);
	out->kind = V_NONE;
	out->type = n->type;
	return 0;
}

/* signal(): to the current task's process, as bpftrace sends it. */
static int cg_signal(struct cg *g, struct node *n, struct val *out)
{
	return send_signal(g, n, out, BPF_FUNC_send_signal);
}

/* signal_thread(): to the current thread only. */
static int cg_signal_thread(struct cg *g, struct node *n, struct val *out)
{
	return send_signal(g, n, out, BPF_FUNC_send_signal_thread);
}

/* A printf whose last argument is a read of at least this many bytes is
 * sent at the length the value turns out to have. */
#define TRIM_MIN 256

/*
 * bi_send_args() where the frame is tight (g->tight): the record is
 * built in the statement's scratch, and each argument computed and
 * stored in it before the next, which takes the frame space the last
 * one used.  A fault on the way leaves the record unsent.
 */
static int send_args_late(struct cg *g, struct node *n, int kind, int first,
			  bool trim, bool wake)
{
	const struct fmt_spec *fs = g->c->fmts.v[n->id];
	int rec = cg_stmt_record_begin(g, kind, n->id, fs->size);
	int used = -1, len, i;
	struct val vs[2];

	for (i = first; i < n->nlist; i++) {
		const struct fmt_arg *a = &fs->args[i - first];
		struct node *an = n->list[i];
		int off = sizeof(struct rec_hdr) + a->offset;
		struct cg_mark mark = cg_mark(g);

		if (builtin_reads_into(an)) {
			if (an->bi->cg_prep(g, an, vs))
				return -EINVAL;
			used = an->bi->cg_into(g, an, vs, rec, off);
		} else {
			if (g->c->opts.dtrace)
				bi_d_null_faults(an);
			if (cg_expr(g, an, vs))
				return -EINVAL;
			bi_dscratch_shown(g, an, vs);
			cg_store(g, rec, off, vs,
				 type_in_reg(a->type) ? 8 : a->type->size);
		}
		cg_release(g, mark);
	}
	if (trim) {
		len = used;
		ir_alu_imm(&g->ir, BPF_ADD, len, sizeof(struct rec_hdr) +
			   fs->args[n->nlist - 1 - first].offset);
	} else {
		len = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, len, sizeof(struct rec_hdr) + fs->size);
	}
	cg_output_end(g, rec, len, wake);
	return 0;
}

/*
 * Sends a record with the call's arguments laid out as format n->id says.
 * Values read from memory (str(), buf()) go straight into the record.
 */
int bi_send_args(struct cg *g, struct node *n, int kind, int first)
{
	const struct fmt_spec *fs = g->c->fmts.v[n->id];
	struct val *vs;
	int skip, rec, i, used = -1, last = n->nlist - 1;
	bool late = false, trim, wake = kind != REC_PRINTF ||
		(g->c->opts.wake_formats && fs->fmt[0] &&
		 strchr(g->c->opts.wake_formats, fs->fmt[0]));

	trim = last >= first && builtin_reads_into(n->list[last]) &&
	       fs->args[last - first].type->size >= TRIM_MIN;
	/*
	 * Values computed first take frame space all together until the
	 * record is sent; where that is tight, one at a time.
	 */
	for (i = first; i < n->nlist; i++)
		if (!builtin_reads_into(n->list[i]))
			late |= i > first || n->nlist - first > 1;
	g->can_tighten |= late;
	if (late && g->tight)
		return send_args_late(g, n, kind, first, trim, wake);
	vs = xcalloc(2 * (n->nlist + 1), sizeof(*vs));
	skip = ir_label(&g->ir);
	for (i = first; i < n->nlist; i++) {
		struct node *a = n->list[i];
		int err;

		/* D: a string search's NULL recorded is read: a fault. */
		if (g->c->opts.dtrace)
			bi_d_null_faults(a);
		err = builtin_reads_into(a) ? a->bi->cg_prep(g, a, &vs[2 * i])
					    : cg_expr(g, a, &vs[2 * i]);

		if (err) {
			free(vs);
			return -EINVAL;
		}
		if (!builtin_reads_into(a))
			bi_dscratch_shown(g, a, &vs[2 * i]);
	}
	if (trim)
		rec = cg_scratch_begin(g, kind, n->id, fs->size, skip);
	else
		rec = cg_record_begin(g, kind, n->id, fs->size, skip);
	for (i = first; i < n->nlist; i++) {
		const struct fmt_arg *a = &fs->args[i - first];
		struct node *an = n->list[i];
		int off = sizeof(struct rec_hdr) + a->offset;

		if (builtin_reads_into(an))
			used = an->bi->cg_into(g, an, &vs[2 * i], rec, off);
		else
			cg_store(g, rec, off, &vs[2 * i],
				 type_in_reg(a->type) ? 8 : a->type->size);
	}
	if (trim) {
		ir_alu_imm(&g->ir, BPF_ADD, used, sizeof(struct rec_hdr) +
			   fs->args[last - first].offset);
		cg_output_end(g, rec, used, wake);
	} else {
		cg_record_end(g, rec, wake);
	}
	ir_place(&g->ir, skip);
	free(vs);
	return 0;
}

static int cg_printf(struct cg *g, struct node *n, struct val *out)
{
	return bi_send_args(g, n, REC_PRINTF, 1);
}

static int cg_system(struct cg *g, struct node *n, struct val *out)
{
	return bi_send_args(g, n, REC_SYSTEM, 1);
}

static int cg_cat(struct cg *g, struct node *n, struct val *out)
{
	return bi_send_args(g, n, REC_CAT, 1);
}

int bi_format_record(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len, struct buf *b)
{
	const struct fmt_spec *fs = fmt_of(rt, h->id);

	void *full;
	int ret;

	if (!fs)
		return -EINVAL;
	/* A record sent at its used length: the rest reads as zeroes. */
	full = len >= (size_t)fs->size ? NULL : xcalloc(1, fs->size);
	if (full)
		memcpy(full, data, len);
	if (rt->sink && rt->sink->format_rec)
		ret = rt->sink->format_rec(rt->sink->arg, fs,
					   full ? full : data, b);
	else
		ret = print_format(&rt->out, fs, full ? full : data, b);
	free(full);
	return ret;
}

static int rt_printf(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = bi_format_record(rt, h, data, len, &b);

	if (!ret)
		run_emit(rt, "printf", b.p, b.len);
	buf_free(&b);
	return ret;
}

static int rt_system(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = bi_format_record(rt, h, data, len, &b);

	struct buf out = { 0 };
	char chunk[4096];
	FILE *p;
	size_t n;

	/* A command that feeds its own probe must not outlive Ctrl-C. */
	if (ret || run_stopping())
		goto out;
	buf_put(&b, "", 1);
	fflush(rt->out.f);
	/*
	 * The command's output goes through ferret's own, as bpftrace's
	 * does: to -o's file, and under -f json as a "syscall" record.
	 */
	p = popen(b.p, "r");
	if (!p) {
		ret = -errno;
		goto out;
	}
	while (!run_stopping() && (n = fread(chunk, 1, sizeof(chunk), p)) > 0)
		buf_put(&out, chunk, n);
	pclose(p);
	if (out.len)
		run_emit(rt, "syscall", out.p, out.len);
out:
	buf_free(&out);
	buf_free(&b);
	return ret;
}

static int rt_cat(struct runtime *rt, const struct rec_hdr *h,
		  const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = bi_format_record(rt, h, data, len, &b);
	size_t n;
	char *text;

	if (!ret) {
		buf_put(&b, "", 1);
		text = util_read_file(b.p, &n);
		if (text) {
			run_emit(rt, "cat", text, n);
			free(text);
		} else {
			fprintf(stderr, "ferret: cat(\"%s\"): %s\n", b.p,
				strerror(errno));
		}
	}
	buf_free(&b);
	return ret;
}

static int sema_print(struct sema *s, struct node *n)
{
	struct node *a;

	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 3))
		return -EINVAL;
	a = n->list[0];
	if (a->kind == N_MAP && a->nlist == 0) {
		if (bi_map_arg(s, n, 0))
			return -EINVAL;
		if (n->nlist > 1 && bi_int_arg(s, n, 1))
			return -EINVAL;
		if (n->nlist > 2 && bi_int_arg(s, n, 2))
			return -EINVAL;
		return 0;
	}
	if (n->nlist > 1)
		return sema_error(s, n->list[1], "print() of a value takes no other arguments");
	if (sema_expr(s, a))
		return -EINVAL;
	if (type_is_agg(a->type) || a->type->kind == TY_NONE ||
	    a->type->kind == TY_CTX)
		return sema_error(s, a, "print() cannot print this value");
	n->id = sema_add_fmt(s, "", n->list, 1);
	n->flags |= NF_SIGNED;	/* marks print(value) */
	return 0;
}

static int cg_print(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir), rec, i;
	struct val v[3];

	if (n->flags & NF_SIGNED)
		return bi_send_args(g, n, REC_PRINT_VAL, 0);
	for (i = 1; i < n->nlist; i++)
		if (cg_expr(g, n->list[i], &v[i]))
			return -EINVAL;
	rec = cg_record_begin(g, REC_PRINT_MAP, n->list[0]->sym->id,
			      sizeof(struct rec_print_map), skip);
	for (i = 1; i < 3; i++) {
		int off = sizeof(struct rec_hdr) + 8 * (i - 1);

		if (i < n->nlist)
			ir_st(&g->ir, BPF_DW, rec, off, cg_reg(g, &v[i]));
		else
			ir_st_imm(&g->ir, BPF_DW, rec, off, 0);
	}
	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_print_map(struct runtime *rt, const struct rec_hdr *h,
			const void *data, size_t len)
{
	const struct rec_print_map *pm = data;
	int i = h->id - MAP_NFIXED;

	if (i < 0 || i >= rt->nmaps || len < sizeof(*pm))
		return -EINVAL;
	return print_map(&rt->out, &rt->maps[i], pm->top, pm->div);
}

static int rt_print_val(struct runtime *rt, const struct rec_hdr *h,
			const void *data, size_t len)
{
	const struct fmt_spec *fs = fmt_of(rt, h->id);

	if (!fs || len < (size_t)fs->size)
		return -EINVAL;
	print_value_record(&rt->out, fs->args[0].type, data);
	return 0;
}

static int sema_map_op(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 1) || bi_map_arg(s, n, 0))
		return -EINVAL;
	if (n->list[0]->nlist)
		return sema_error(s, n->list[0], "%s() takes a whole map, without keys",
				  n->name);
	return 0;
}

static int cg_map_op(struct cg *g, struct node *n, int kind)
{
	int skip = ir_label(&g->ir);
	int rec = cg_record_begin(g, kind, n->list[0]->sym->id, 0, skip);

	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	return 0;
}

static int cg_clear_map(struct cg *g, struct node *n, struct val *out)
{
	return cg_map_op(g, n, REC_CLEAR);
}

static int cg_zero_map(struct cg *g, struct node *n, struct val *out)
{
	return cg_map_op(g, n, REC_ZERO);
}

static int rt_clear(struct runtime *rt, const struct rec_hdr *h,
		    const void *data, size_t len)
{
	int i = h->id - MAP_NFIXED;

	if (i < 0 || i >= rt->nmaps)
		return -EINVAL;
	/* bpftrace 0.17 zeroes a keyless count() map instead of emptying it. */
	if (!rt->maps[i].sym->key && rt->maps[i].sym->val->kind == TY_COUNT)
		return print_zero_map(&rt->out, &rt->maps[i]);
	return print_clear_map(&rt->maps[i]);
}

static int rt_zero(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	int i = h->id - MAP_NFIXED;

	if (i < 0 || i >= rt->nmaps)
		return -EINVAL;
	return print_zero_map(&rt->out, &rt->maps[i]);
}

static int sema_delete(struct sema *s, struct node *n)
{
	struct node *m;

	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 1) || bi_map_arg(s, n, 0))
		return -EINVAL;
	m = n->list[0];
	if (!!m->nlist != !!m->sym->key)
		return sema_error(s, m, "delete() needs the map's key");
	return 0;
}

/*
 * delete(@m[k]).  A hist or lhist entry is one map entry per bucket, so
 * each bucket's is deleted.  A keyless count(), avg() or stats() map is
 * left holding a zero count, as bpftrace leaves it (it prints "@: 0"
 * after); avg() and stats() keep their total (stats() prints it).
 */
static int cg_delete(struct cg *g, struct node *n, struct val *out)
{
	struct node *m = n->list[0];
	const struct type *t = m->sym->val;
	bool buckets = t->kind == TY_HIST || t->kind == TY_LHIST;
	int zero = -1, r = -1, nb = 1, b, boff = 0, total = -1;
	struct cg_key key;
	bool keep;

	if (buckets) {
		r = ir_vreg(&g->ir);
		nb = t->kind == TY_HIST ? HIST_NBUCKETS :
		     (int)((t->lh_max - t->lh_min) / t->lh_step) + 2;
		ir_mov_imm(&g->ir, r, 0);
	}
	if (cg_key(g, m, r, &key))
		return -EINVAL;
	if (buckets)
		boff = key.off + ALIGN_UP(m->sym->key ? m->sym->key->size : 8, 8);
	keep = !m->sym->key && (t->kind == TY_AVG || t->kind == TY_STATS);
	if (keep) {
		int p = ir_vreg(&g->ir), miss = ir_label(&g->ir);

		total = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, total, 0);
		cg_key_lookup(g, m->sym->id, &key);
		ir_mov(&g->ir, p, BPF_REG_0);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, miss);
		ir_ld(&g->ir, BPF_DW, total, p, offsetof(struct agg_avg, total));
		ir_place(&g->ir, miss);
	}
	for (b = 0; b < nb; b++) {
		if (buckets)
			ir_st_imm(&g->ir, BPF_DW, key.base, boff, b);
		cg_key_delete(g, m->sym->id, &key);
	}
	if (!m->sym->key && (t->kind == TY_COUNT || keep)) {
		/* A new per-CPU entry starts at zero on every CPU. */
		zero = cg_alloc(g, t->size);
		cg_zero(g, zero, t->size);
		if (keep)
			ir_st(&g->ir, BPF_DW, BPF_REG_10,
			      zero + offsetof(struct agg_avg, total), total);
		cg_key_update(g, m->sym->id, &key, zero, BPF_ANY);
	}
	return 0;
}

static int sema_time(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 0, 1))
		return -EINVAL;
	if (n->nlist && n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "time() takes a format string literal");
	n->id = sema_add_fmt(s, n->nlist ? n->list[0]->str : "%H:%M:%S\n",
			     NULL, 0);
	return 0;
}

static int cg_time(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir);
	int rec = cg_record_begin(g, REC_TIME, n->id, 0, skip);

	cg_record_end(g, rec, false);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_time(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	const struct fmt_spec *fs = fmt_of(rt, h->id);
	char text[256];
	time_t now = time(NULL);
	struct tm tm;
	size_t n;

	if (!fs)
		return -EINVAL;
	localtime_r(&now, &tm);
	/* The format is the script's own string literal. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	n = strftime(text, sizeof(text), fs->fmt, &tm);
#pragma GCC diagnostic pop
	run_emit(rt, "time", text, n);
	return 0;
}

static int sema_exit(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	return bi_nargs(s, n, 0, 0);
}

static int cg_exit(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir);
	int rec = cg_record_begin(g, REC_EXIT, 0, 0, skip);

	cg_record_end(g, rec, true);
	ir_place(&g->ir, skip);
	/* Like bpftrace, nothing after exit() runs. */
	ir_ja(&g->ir, g->exit_label);
	return 0;
}

/* A record with a payload carries D's exit(status). */
static int rt_exit(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	int64_t status;

	/* D's status is that of the last exit() (END's, where it calls one). */
	if (len >= sizeof(status) && (!rt->exiting || rt->c->opts.dtrace)) {
		memcpy(&status, data, sizeof(status));
		rt->exit_status = (int)(status & 0xff);
	}
	rt->exiting = true;
	return 0;
}

/*
 * override(rc): the probed kernel function returns rc without running.
 * Only kprobes on functions the kernel lists for error injection, and
 * only where it was built with CONFIG_BPF_KPROBE_OVERRIDE; destructive,
 * so --unsafe.
 */
static int sema_override(struct sema *s, struct node *n)
{
	const char *why;
	int i;

	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	if (!s->c->opts.unsafe)
		return sema_error(s, n, "override() is an unsafe function being used in safe mode: it changes what a kernel function returns; run with --unsafe");
	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];

		if (!pi->prov->can_override)
			return sema_error(s, n, "override() can only be used in kprobes, not in %s",
					  pi->name);
	}
	if (!s->c->opts.dump && !feat_override(&why))
		return sema_error(s, n, "override(): %s", why);
	return 0;
}

static int cg_override(struct cg *g, struct node *n, struct val *out)
{
	struct val rc;

	if (cg_expr(g, n->list[0], &rc))
		return -EINVAL;
	ir_mov(&g->ir, BPF_REG_2, cg_reg(g, &rc));
	ir_mov(&g->ir, BPF_REG_1, g->ctx);
	ir_call(&g->ir, BPF_FUNC_override_return, 2);
	return 0;
}

/*
 * -k: a helper failed; told where bpftrace tells it, in the output (a
 * "helper_error" object under -f json), as a warning located at the
 * call's place in the script.  --no-warnings silences it.
 */
static int rt_helper_error(struct runtime *rt, const struct rec_hdr *h,
			   const void *data, size_t len)
{
	const struct helper_site *site;
	int64_t err;

	if (h->id >= (uint32_t)rt->c->helper_sites.n || len < sizeof(err))
		return -EINVAL;
	site = rt->c->helper_sites.v[h->id];
	memcpy(&err, data, sizeof(err));
	if (!diag_warnings())
		return 0;
	if (rt->out.format == OUT_JSON) {
		fprintf(rt->out.f, "{\"type\": \"helper_error\", \"helper\": \"%s\", \"retcode\": %lld, \"line\": %d, \"col\": %d}\n",
			ir_helper_name(site->helper), (long long)err,
			site->loc ? site->loc->line : 0,
			site->loc ? site->loc->col : 0);
		return 0;
	}
	diag_set_stream(rt->out.f);
	diag_warn(rt->c->src, site->loc, "Failed to %s: %s (%lld)",
		  ir_helper_name(site->helper), strerror((int)-err),
		  (long long)err);
	diag_set_stream(NULL);
	return 0;
}

/*
 * skboutput(PATH, SKB, LEN, OFFSET): the first LEN bytes of the packet SKB
 * holds go to user space through bpf_skb_output(), which only fentry and
 * fexit programs have, behind a struct skb_hdr; user space writes them
 * to the pcap file PATH, leaving out the first OFFSET bytes.  Returns
 * the helper's result: 0, or a negative error (LEN past the packet).
 */
static int sema_skboutput(struct sema *s, struct node *n)
{
	struct compiled *c = s->c;
	const char *why;
	int i;

	n->type = type_int(4, false);
	if (!c->opts.dump && !feat_fentry(&why))
		return sema_error(s, n, "skboutput() needs fentry/fexit programs (bpf_skb_output): %s",
				  why);
	if (bi_nargs(s, n, 4, 4))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "skboutput() expects a string literal as the pcap file name");
	if (bi_addr_arg(s, n, 1) || bi_int_arg(s, n, 2) || bi_int_arg(s, n, 3))
		return -EINVAL;
	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];

		if (!pi->prov->can_skb_output)
			return sema_error(s, n, "skboutput() can only be used in kfunc/fentry and kretfunc/fexit probes (bpf_skb_output), not in %s",
					  pi->name);
	}
	for (i = 0; i < c->pcaps.n; i++)
		if (!strcmp(c->pcaps.v[i], n->list[0]->str))
			break;
	if (i == c->pcaps.n)
		vec_push(&c->pcaps, xstrdup(n->list[0]->str));
	n->id = i;
	return 0;
}

static int cg_skboutput(struct cg *g, struct node *n, struct val *out)
{
	int hdr = cg_alloc(g, sizeof(struct skb_hdr)), len = ir_vreg(&g->ir);
	int flags = ir_vreg(&g->ir), r = ir_vreg(&g->ir);
	struct val skb, l, off;

	if (cg_expr(g, n->list[1], &skb) || cg_expr(g, n->list[2], &l) ||
	    cg_expr(g, n->list[3], &off))
		return -EINVAL;
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, hdr + offsetof(struct skb_hdr, file),
		  n->id);
	ir_st(&g->ir, BPF_W, BPF_REG_10, hdr + offsetof(struct skb_hdr, offset),
	      cg_reg(g, &off));
	ir_mov(&g->ir, len, cg_reg(g, &l));
	ir_st(&g->ir, BPF_W, BPF_REG_10, hdr + offsetof(struct skb_hdr, len),
	      len);
	ir_st_imm(&g->ir, BPF_W, BPF_REG_10, hdr + offsetof(struct skb_hdr, pad),
		  0);
	ir_call(&g->ir, BPF_FUNC_ktime_get_boot_ns, 0);
	ir_st(&g->ir, BPF_DW, BPF_REG_10, hdr + offsetof(struct skb_hdr, boot_ns),
	      BPF_REG_0);
	/* The packet's length rides in the flags' upper half. */
	ir_alu_imm(&g->ir, BPF_LSH, len, 32);
	ir_mov_imm(&g->ir, flags, BPF_F_CURRENT_CPU);
	ir_alu(&g->ir, BPF_OR, flags, len);
	ir_mov(&g->ir, BPF_REG_1, cg_reg(g, &skb));
	ir_ld_map(&g->ir, BPF_REG_2, MAP_SKB);
	ir_mov(&g->ir, BPF_REG_3, flags);
	ir_mov(&g->ir, BPF_REG_4, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_4, hdr);
	ir_mov_imm(&g->ir, BPF_REG_5, sizeof(struct skb_hdr));
	ir_call(&g->ir, BPF_FUNC_skb_output, 5);
	ir_mov(&g->ir, r, BPF_REG_0);
	return bi_int(out, r, n->type);
}

#define FN(n, k, s, c, r) { .name = n, .func = true, .rec_kind = k, \
			    .sema = s, .cg = c, .rt = r }
#define NOT_YET(n, why) { .name = n, .func = true, .unsupported = why }

const struct builtin builtin_output[] = {
	FN("printf", REC_PRINTF, sema_printf, cg_printf, rt_printf),
	FN("system", REC_SYSTEM, sema_unsafe, cg_system, rt_system),
	/* cat() only reads a file, and bpftrace 0.17 runs it in safe mode. */
	FN("cat", REC_CAT, sema_printf, cg_cat, rt_cat),
	FN("print", REC_PRINT_MAP, sema_print, cg_print, rt_print_map),
	FN("print", REC_PRINT_VAL, NULL, NULL, rt_print_val),
	FN("clear", REC_CLEAR, sema_map_op, cg_clear_map, rt_clear),
	FN("zero", REC_ZERO, sema_map_op, cg_zero_map, rt_zero),
	FN("delete", 0, sema_delete, cg_delete, NULL),
	FN("time", REC_TIME, sema_time, cg_time, rt_time),
	FN("exit", REC_EXIT, sema_exit, cg_exit, rt_exit),
	FN("signal", 0, sema_signal, cg_signal, NULL),
	FN("signal_thread", 0, sema_signal, cg_signal_thread, NULL),
	/* Not callable: no script names a function with a space. */
	FN("helper error", REC_HELPER_ERR, NULL, NULL, rt_helper_error),
	FN("override", 0, sema_override, cg_override, NULL),
	FN("skboutput", 0, sema_skboutput, cg_skboutput, NULL),
	NOT_YET("percpu_kaddr", "bpftrace 0.17 has no percpu_kaddr() either"),
	{ .name = NULL },
};
