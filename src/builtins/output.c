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
		return sema_error(s, n, "%s() is an unsafe function being used in safe mode (it runs commands): it needs --unsafe",
				  n->name);
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
 * signal(SIG): the kernel sends SIG to the current process
 * (bpf_send_signal), so it acts before the probed code goes on.
 */
static int sema_signal(struct sema *s, struct node *n)
{
	struct node *a;
	int64_t v;

	if (!s->c->opts.unsafe)
		return sema_error(s, n, "signal() is an unsafe function being used in safe mode (it sends signals): it needs --unsafe");
	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	a = n->list[0];
	if (a->kind == N_STR) {
		int sig = signal_number(a->str);

		if (sig < 0)
			return sema_error(s, a, "signal(): unknown signal '%s'", a->str);
		n->ival = sig;
	} else {
		if (sema_const_int(s, a, &v))
			return -EINVAL;
		if (v < 1 || v > 64)
			return sema_error(s, a, "signal(): %lld is not a signal number",
					  (long long)v);
		n->ival = v;
	}
	n->type = type_simple(TY_NONE);
	return 0;
}

static int cg_signal(struct cg *g, struct node *n, struct val *out)
{
	ir_mov_imm(&g->ir, BPF_REG_1, n->ival);
	ir_call(&g->ir, BPF_FUNC_send_signal, 1);
	out->kind = V_NONE;
	out->type = n->type;
	return 0;
}

/* A printf whose last argument is a read of at least this many bytes is
 * sent at the length the value turns out to have. */
#define TRIM_MIN 256

/*
 * Sends a record with the call's arguments laid out as format n->id says.
 * Values read from memory (str(), buf()) go straight into the record.
 */
static int send_args(struct cg *g, struct node *n, int kind, int first)
{
	const struct fmt_spec *fs = g->c->fmts.v[n->id];
	struct val *vs = xcalloc(2 * (n->nlist + 1), sizeof(*vs));
	int skip = ir_label(&g->ir), rec, i, used = -1, last = n->nlist - 1;
	bool trim;

	for (i = first; i < n->nlist; i++) {
		struct node *a = n->list[i];
		int err = builtin_reads_into(a) ? a->bi->cg_prep(g, a, &vs[2 * i])
						: cg_expr(g, a, &vs[2 * i]);

		if (err) {
			free(vs);
			return -EINVAL;
		}
	}
	trim = last >= first && builtin_reads_into(n->list[last]) &&
	       n->list[last]->type->size >= TRIM_MIN;
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
		cg_output_end(g, rec, used, fs->size, kind != REC_PRINTF);
	} else {
		cg_record_end(g, rec, kind != REC_PRINTF);
	}
	ir_place(&g->ir, skip);
	free(vs);
	return 0;
}

static int cg_printf(struct cg *g, struct node *n, struct val *out)
{
	return send_args(g, n, REC_PRINTF, 1);
}

static int cg_system(struct cg *g, struct node *n, struct val *out)
{
	return send_args(g, n, REC_SYSTEM, 1);
}

static int cg_cat(struct cg *g, struct node *n, struct val *out)
{
	return send_args(g, n, REC_CAT, 1);
}

/* Formats the record's arguments with its format into b. */
static int format_record(struct runtime *rt, const struct rec_hdr *h,
			 const void *data, size_t len, struct buf *b)
{
	const struct fmt_spec *fs = fmt_of(rt, h->id);

	void *full;
	int ret;

	if (!fs)
		return -EINVAL;
	if (len >= (size_t)fs->size)
		return print_format(&rt->out, fs, data, b);
	/* A record sent at its used length: the rest reads as zeroes. */
	full = xcalloc(1, fs->size);
	memcpy(full, data, len);
	ret = print_format(&rt->out, fs, full, b);
	free(full);
	return ret;
}

static int rt_printf(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = format_record(rt, h, data, len, &b);

	if (!ret)
		run_emit(rt, "printf", b.p, b.len);
	buf_free(&b);
	return ret;
}

static int rt_system(struct runtime *rt, const struct rec_hdr *h,
		     const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = format_record(rt, h, data, len, &b);

	struct buf text = { 0 };
	char chunk[4096];
	size_t n;
	FILE *p;

	if (!ret) {
		/*
		 * As bpftrace: the command's output is read and printed as
		 * ours (to -o, a "syscall" object under -f json), and ferret
		 * still takes SIGINT meanwhile, which system(3) would block.
		 */
		buf_put(&b, "", 1);
		fflush(rt->out.f);
		p = popen(b.p, "r");
		if (!p) {
			ret = -errno;
		} else {
			while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0)
				buf_put(&text, chunk, n);
			pclose(p);
			run_emit(rt, "syscall", text.p ? text.p : "", text.len);
		}
	}
	buf_free(&text);
	buf_free(&b);
	return ret;
}

static int rt_cat(struct runtime *rt, const struct rec_hdr *h,
		  const void *data, size_t len)
{
	struct buf b = { 0 };
	int ret = format_record(rt, h, data, len, &b);
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
		return send_args(g, n, REC_PRINT_VAL, 0);
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
	if (m->sym->val->kind == TY_HIST || m->sym->val->kind == TY_LHIST)
		return sema_error(s, m, "delete() of a hist/lhist entry is not supported yet");
	if (!!m->nlist != !!m->sym->key)
		return sema_error(s, m, "delete() needs the map's key");
	return 0;
}

/*
 * delete(@) of a keyless count(), avg() or stats() map: bpftrace 0.17
 * leaves the entry with its count at 0 (and an avg/stats total kept), so
 * it still prints ("@: 0").  The entry is replaced, not updated, so that
 * every CPU's share is reset.
 */
static void cg_delete_reset(struct cg *g, struct node *m, int key)
{
	int val = cg_alloc(g, sizeof(struct agg_avg)), p = ir_vreg(&g->ir);
	int total = ir_vreg(&g->ir), done = ir_label(&g->ir);
	bool avg = m->sym->val->kind != TY_COUNT;

	cg_lookup(g, m->sym->id, key);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
	if (avg)
		ir_ld(&g->ir, BPF_DW, total, p, offsetof(struct agg_avg, total));
	ir_ld_map(&g->ir, BPF_REG_1, m->sym->id);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_call(&g->ir, BPF_FUNC_map_delete_elem, 2);
	cg_zero(g, val, sizeof(struct agg_avg));
	if (avg)
		ir_st(&g->ir, BPF_DW, BPF_REG_10,
		      val + offsetof(struct agg_avg, total), total);
	cg_update(g, m->sym->id, key, val, BPF_ANY);
	ir_place(&g->ir, done);
}

static int cg_delete(struct cg *g, struct node *n, struct val *out)
{
	struct node *m = n->list[0];
	int key = cg_map_key(g, m, -1);
	int kind = m->sym->val->kind;

	if (!m->sym->key && (kind == TY_COUNT || kind == TY_AVG ||
			     kind == TY_STATS)) {
		cg_delete_reset(g, m, key);
		return 0;
	}
	ir_ld_map(&g->ir, BPF_REG_1, m->sym->id);
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, key);
	ir_call(&g->ir, BPF_FUNC_map_delete_elem, 2);
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

static int rt_exit(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	rt->exiting = true;
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

#define FN(n, k, s, c, r) { .name = n, .func = true, .rec_kind = k, \
			    .sema = s, .cg = c, .rt = r }
#define NOT_YET(n, why) { .name = n, .func = true, .unsupported = why }

const struct builtin builtin_output[] = {
	FN("printf", REC_PRINTF, sema_printf, cg_printf, rt_printf),
	FN("system", REC_SYSTEM, sema_unsafe, cg_system, rt_system),
	FN("cat", REC_CAT, sema_printf, cg_cat, rt_cat),
	FN("print", REC_PRINT_MAP, sema_print, cg_print, rt_print_map),
	FN("print", REC_PRINT_VAL, NULL, NULL, rt_print_val),
	FN("clear", REC_CLEAR, sema_map_op, cg_clear_map, rt_clear),
	FN("zero", REC_ZERO, sema_map_op, cg_zero_map, rt_zero),
	FN("delete", 0, sema_delete, cg_delete, NULL),
	FN("time", REC_TIME, sema_time, cg_time, rt_time),
	FN("exit", REC_EXIT, sema_exit, cg_exit, rt_exit),
	FN("signal", 0, sema_signal, cg_signal, NULL),
	/* Not callable: no script names a function with a space. */
	FN("helper error", REC_HELPER_ERR, NULL, NULL, rt_helper_error),
	NOT_YET("override", "it needs kprobes"), NOT_YET("strftime", ""),
	NOT_YET("macaddr", ""), NOT_YET("cgroupid", ""), NOT_YET("path", ""),
	NOT_YET("sizeof", ""),
	NOT_YET("unwatch", ""), NOT_YET("skboutput", ""), NOT_YET("cgroup_path", ""),
	NOT_YET("strerror", ""), NOT_YET("strcontains", ""),
	NOT_YET("pton", ""), NOT_YET("len", ""), NOT_YET("percpu_kaddr", ""),
	{ .name = NULL },
};
