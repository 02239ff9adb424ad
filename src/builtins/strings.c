/* SPDX-License-Identifier: GPL-2.0 */
/* String functions: str(), strncmp(). */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "../providers/provider.h"
#include "../compile/compile.h"
#include "../kernel/ksyms.h"

static int sema_str(struct sema *s, struct node *n)
{
	struct node *a;

	if (bi_nargs(s, n, 1, 2))
		return -EINVAL;
	a = n->list[0];
	if (sema_expr(s, a))
		return -EINVAL;
	if (n->nlist == 2 && bi_int_arg(s, n, 1))
		return -EINVAL;
	if (a->kind == N_POSPARAM && a->ival > 0 &&
	    (int)a->ival <= s->c->opts.nparams) {
		/* str($1) is the parameter's text, a number's digits too. */
		a->type = type_str(strlen(s->c->opts.params[a->ival - 1]) + 1);
	}
	if (a->type->kind == TY_STR) {
		n->type = a->type;
		return 0;
	}
	if (a->type->kind != TY_INT && a->type->kind != TY_PTR &&
	    s->c->opts.dtrace) {
		char b[64];

		/* D's copyinstr() and stringof, which are str() here */
		if (n->flags & NF_READ_FAULTS)
			return sema_error(s, a, "[D_PROTO_ARG] copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: %s",
					  bi_d_type_word(a->type, b, sizeof(b)));
		return sema_error(s, n, "[D_STRINGOF_TYPE] cannot apply stringof to a value of type %s",
				  bi_d_type_word(a->type, b, sizeof(b)));
	}
	if (a->type->kind != TY_INT && a->type->kind != TY_PTR)
		return sema_error(s, a, "str() takes a pointer or a string");
	n->type = type_str(s->c->opts.strlen);
	return 0;
}

static int clamp_len(struct cg *g, const struct val *len, int max);

/* D's copyinstr(): a read at ptr that returned ret < 0 faults. */
static void read_fault(struct cg *g, const struct node *n, int ret, int ptr)
{
	int ok;

	if (!(n->flags & NF_READ_FAULTS))
		return;
	ok = ir_label(&g->ir);
	ir_jmp_imm(&g->ir, BPF_JSGE, ret, 0, ok);
	cg_fault(g, FAULT_BADADDR, ptr);
	ir_place(&g->ir, ok);
}

/*
 * Reads a NUL-terminated string from kernel or user memory.  D's
 * copyinstr(p, n) takes n bytes, its NUL one of them, and no more than
 * strsize (size - 1) of them, as DTrace does.
 */
static int cg_str(struct cg *g, struct node *n, struct val *out)
{
	struct val a, len;
	int off, base, size = n->type->size;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	if (a.type->kind == TY_STR && n->nlist == 1) {
		*out = a;
		return 0;
	}
	if (n->nlist == 2 && cg_expr(g, n->list[1], &len))
		return -EINVAL;
	off = cg_alloc_tmp(g, size, &base);
	cg_zero_at(g, base, off, size);
	if (a.type->kind == TY_STR) {
		/* str(s, n) of a string: keep the first n - 1 characters. */
		cg_copy(g, base, off, cg_base(&a), a.off,
			a.type->size < size ? a.type->size : size);
	} else {
		int ptr = cg_reg(g, &a);

		ir_mov(&g->ir, BPF_REG_1, base);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
		if (n->nlist == 2) {
			/* The verifier needs the size bounded by the buffer. */
			ir_mov(&g->ir, BPF_REG_2, clamp_len(g, &len,
				g->c->opts.dtrace ? size - 1 : size));
		} else {
			ir_mov_imm(&g->ir, BPF_REG_2, size);
		}
		ir_mov(&g->ir, BPF_REG_3, ptr);
		/* probe_read_str: bpftrace's str() takes user or kernel pointers. */
		ir_call(&g->ir, BPF_FUNC_probe_read_str, 3);
		read_fault(g, n, BPF_REG_0, ptr);
	}
	out->kind = V_STACK;
	out->off = off;
	out->base = base;
	out->type = n->type;
	return 0;
}

/* Evaluates str()'s pointer and length ahead of cg_into_str(). */
static int cg_prep_ptr_len(struct cg *g, struct node *n, struct val *ops)
{
	if (cg_expr(g, n->list[0], &ops[0]))
		return -EINVAL;
	if (n->nlist >= 2 && cg_expr(g, n->list[1], &ops[1]))
		return -EINVAL;
	return 0;
}

/* A register holding len clamped to [0, max], unsigned. */
static int clamp_len(struct cg *g, const struct val *len, int max)
{
	int l = ir_vreg(&g->ir), ok = ir_label(&g->ir);

	ir_mov(&g->ir, l, cg_reg(g, len));
	ir_jmp_imm(&g->ir, BPF_JLE, l, max, ok);
	ir_mov_imm(&g->ir, l, max);
	ir_place(&g->ir, ok);
	return l;
}

/* The bytes str()'s record slot has (see slot_str()). */
static int str_room(const struct node *n)
{
	const struct node *k = n->nlist == 2 ? n->list[1] : NULL;

	if (k && k->kind == N_INT && k->ival > 0 &&
	    k->ival < (uint64_t)n->type->size)
		return (int)k->ival;
	return n->type->size;
}

static int cg_into_str(struct cg *g, struct node *n, const struct val *ops,
		       int base, int off)
{
	int size = n->type->size, used = ir_vreg(&g->ir), ok = ir_label(&g->ir);
	int ptr = cg_reg(g, &ops[0]);
	/* D's copyinstr(p, n): as cg_str() */
	int max = n->nlist == 2 && g->c->opts.dtrace ? size - 1 : size;

	/* An unreadable string is an empty one (but see mark_unread). */
	ir_st_imm(&g->ir, BPF_B, base, off, 0);
	if (n->nlist == 2 && n->list[1]->kind != N_INT)
		ir_mov(&g->ir, BPF_REG_2, clamp_len(g, &ops[1], max));
	else if (n->nlist == 2 && (uint64_t)n->list[1]->ival < (uint64_t)max)
		ir_mov_imm(&g->ir, BPF_REG_2, n->list[1]->ival);
	else if (n->nlist == 2)
		ir_mov_imm(&g->ir, BPF_REG_2, max);
	else
		ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_1, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off);
	ir_mov(&g->ir, BPF_REG_3, ptr);
	ir_call(&g->ir, BPF_FUNC_probe_read_str, 3);
	ir_mov(&g->ir, used, BPF_REG_0);
	read_fault(g, n, used, ptr);
	ir_jmp_imm(&g->ir, BPF_JSGT, used, 0, ok);
	if (g->c->opts.mark_unread && str_room(n) >= 2) {
		int ended = ir_label(&g->ir);

		/* A failed read is STR_UNREAD, its marking byte within the slot. */
		ir_jmp_imm(&g->ir, BPF_JSGE, used, 0, ended);
		ir_st_imm(&g->ir, BPF_B, base, off + 1, STR_UNREAD_BYTE);
		ir_mov_imm(&g->ir, used, 2);
		ir_ja(&g->ir, ok);
		ir_place(&g->ir, ended);
	}
	ir_mov_imm(&g->ir, used, 1);
	ir_place(&g->ir, ok);
	return used;
}

/* str(p, K) with a constant K below the string size fills K bytes. */
static struct type *slot_str(const struct node *n)
{
	int room = str_room(n);

	return room < n->type->size ? type_str(room) : NULL;
}

/*
 * buf(ptr, len): len bytes of kernel or user memory, printed with %r;
 * buf(s, len) of a string, buf(a[, len]) of an array.  A constant len
 * sizes the buffer; any other is bounded by the string size (bpftrace's
 * BPFTRACE_STRLEN).
 */
static int sema_buf(struct sema *s, struct node *n)
{
	struct type *t;
	struct node *len;
	char b[64];

	if (bi_nargs(s, n, 1, 2))
		return -EINVAL;
	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	t = n->list[0]->type;
	if (t->kind != TY_INT && t->kind != TY_PTR && t->kind != TY_STR &&
	    t->kind != TY_ARRAY)
		return sema_error(s, n->list[0], "buf() reads from a pointer, not %s",
				  type_name(t, b, sizeof(b)));
	if (n->nlist == 1) {
		/* An array's length is its size. */
		if (t->kind != TY_ARRAY)
			return sema_error(s, n, "buf() expects a length argument for non-array type %s",
					  type_name(t, b, sizeof(b)));
		n->type = type_buf(t->size);
		return 0;
	}
	if (bi_int_arg(s, n, 1))
		return -EINVAL;
	len = n->list[1];
	if (len->kind == N_INT) {
		int64_t k = (int64_t)len->ival;

		if (k < 1 || k > (1 << 16))
			return sema_error(s, len, "buf() length must be 1 to 65536");
		if (k > s->c->opts.strlen) {
			if (s->report)
				diag_warn(s->src, &n->loc,
					  "buf() length is too long and will be shortened to %d bytes (see BPFTRACE_STRLEN)",
					  s->c->opts.strlen);
			k = s->c->opts.strlen;
		}
		if ((type_is_record(t) || t->kind == TY_STR) && k > t->size)
			k = t->size;
		n->type = type_buf((int)k);
	} else {
		n->type = type_buf(s->c->opts.strlen);
	}
	return 0;
}

static int into_buf(struct cg *g, struct node *n, const struct val *ops,
		    int base, int off, bool mark)
{
	int max = n->type->size - 8, l, used = ir_vreg(&g->ir);

	if (n->nlist == 1 || (n->nlist == 2 && n->list[1]->kind == N_INT)) {
		l = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, l, max);
	} else {
		l = clamp_len(g, &ops[1], max);
	}
	ir_st(&g->ir, BPF_DW, base, off, l);
	ir_mov(&g->ir, BPF_REG_1, base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, off + 8);
	ir_mov(&g->ir, BPF_REG_2, l);
	ir_mov(&g->ir, BPF_REG_3, cg_reg(g, &ops[0]));
	ir_call(&g->ir, BPF_FUNC_probe_read, 3);
	/*
	 * bpftrace's buf() of unreadable memory is zeros of the length
	 * asked; a front end that must tell the two apart gets the length
	 * BUF_UNREAD instead (compile_opts.mark_unread).
	 */
	if (mark) {
		int ok = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
		ir_st_imm(&g->ir, BPF_DW, base, off, -1);
		ir_place(&g->ir, ok);
	}
	ir_mov(&g->ir, used, l);
	ir_alu_imm(&g->ir, BPF_ADD, used, 8);
	return used;
}

static int cg_into_buf(struct cg *g, struct node *n, const struct val *ops,
		       int base, int off)
{
	return into_buf(g, n, ops, base, off, g->c->opts.mark_unread);
}

/*
 * __ubuf(addr, len, CAP): ferret record's reads of a system call's
 * structures.  A buffer of CAP bytes (a constant) of which len are read,
 * its length BUF_UNREAD when they cannot be, whatever mark_unread says:
 * the reader must tell a fault from zeros, as LTTng's tracer does.
 */
static int sema_ubuf(struct sema *s, struct node *n)
{
	int64_t cap;

	if (bi_nargs(s, n, 3, 3) || sema_expr(s, n->list[0]) || bi_int_arg(s, n, 1) ||
	    sema_const_int(s, n->list[2], &cap))
		return -EINVAL;
	if (cap < 1 || cap > (1 << 16))
		return sema_error(s, n->list[2], "__ubuf() size must be 1 to 65536");
	n->type = type_buf((int)cap);
	return 0;
}

static int cg_into_ubuf(struct cg *g, struct node *n, const struct val *ops,
			int base, int off)
{
	return into_buf(g, n, ops, base, off, true);
}

/*
 * __dmem(addr, len): D's tracemem() bytes, a buffer of n->ival bytes (its
 * size argument, which its caller checked) of which len are read; not
 * cut to the string size, as buf() is.
 */
static int sema_dmem(struct sema *s, struct node *n)
{
	if (sema_expr(s, n->list[0]) || sema_expr(s, n->list[1]))
		return -EINVAL;
	n->type = type_buf((int)n->ival);
	return 0;
}

/* buf(), __dmem() and __ubuf() on the stack, each as its cg_into reads it. */
static int cg_buf(struct cg *g, struct node *n, struct val *out)
{
	struct val ops[2];
	int off;

	if (cg_prep_ptr_len(g, n, ops))
		return -EINVAL;
	off = cg_alloc(g, n->type->size);
	n->bi->cg_into(g, n, ops, BPF_REG_10, off);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static int sema_strncmp(struct sema *s, struct node *n)
{
	int64_t k;
	int i;

	if (bi_nargs(s, n, 3, 3))
		return -EINVAL;
	for (i = 0; i < 2; i++) {
		if (sema_expr(s, n->list[i]))
			return -EINVAL;
		if (n->list[i]->type->kind != TY_STR)
			return sema_error(s, n->list[i], "strncmp() compares strings");
	}
	if (sema_const_int(s, n->list[2], &k))
		return -EINVAL;
	if (k < 0)
		return sema_error(s, n->list[2], "strncmp() length must not be negative");
	n->ival = k;
	n->type = type_int(8, true);
	return 0;
}

static int cg_strncmp_fn(struct cg *g, struct node *n, struct val *out)
{
	struct val a, b;
	int r;

	if (cg_expr(g, n->list[0], &a) || cg_expr(g, n->list[1], &b))
		return -EINVAL;
	if (n->ival == 0) {
		r = ir_vreg(&g->ir);
		ir_mov_imm(&g->ir, r, 0);
	} else {
		r = cg_strncmp(g, &a, &b, n->ival);
	}
	return bi_int(out, r, n->type);
}

/* strcontains(haystack, needle): 1 if needle occurs in haystack. */
static int sema_strcontains(struct sema *s, struct node *n)
{
	int i;

	if (bi_nargs(s, n, 2, 2))
		return -EINVAL;
	for (i = 0; i < 2; i++) {
		if (sema_expr(s, n->list[i]))
			return -EINVAL;
		if (n->list[i]->type->kind != TY_STR)
			return sema_error(s, n->list[i], "strcontains() takes strings");
	}
	n->type = type_int(8, true);
	return 0;
}

/*
 * Unrolled over every start in the haystack and every needle byte: no
 * loop for the verifier to bound.  A literal needle is compared for its
 * own length only.
 */
static int cg_strcontains(struct cg *g, struct node *n, struct val *out)
{
	struct val a, b;
	int res = ir_vreg(&g->ir), x = ir_vreg(&g->ir), y = ir_vreg(&g->ir);
	int found = ir_label(&g->ir), done = ir_label(&g->ir);
	int hs, ns, i, j;
	bool lit = n->list[1]->kind == N_STR;

	if (cg_expr(g, n->list[0], &a) || cg_expr(g, n->list[1], &b))
		return -EINVAL;
	hs = a.type->size;
	ns = lit ? (int)n->list[1]->slen : b.type->size;
	ir_mov_imm(&g->ir, res, 0);
	if (lit && ns == 0)
		ir_ja(&g->ir, found);
	for (i = 0; i < hs; i++) {
		int next = ir_label(&g->ir);

		for (j = 0; j < ns && i + j < hs; j++) {
			if (!lit) {
				ir_ld(&g->ir, BPF_B, y, cg_base(&b), b.off + j);
				ir_jmp_imm(&g->ir, BPF_JEQ, y, 0, found);
			}
			ir_ld(&g->ir, BPF_B, x, cg_base(&a), a.off + i + j);
			if (j == 0)
				ir_jmp_imm(&g->ir, BPF_JEQ, x, 0, done);
			if (lit)
				ir_jmp_imm(&g->ir, BPF_JNE, x,
					   (uint8_t)n->list[1]->str[j], next);
			else
				ir_jmp(&g->ir, BPF_JNE, x, y, next);
		}
		/* Every needle byte matched, none left over. */
		if (j == ns) {
			ir_ja(&g->ir, found);
		} else if (!lit) {
			/* The haystack's buffer ended: so must the needle. */
			ir_ld(&g->ir, BPF_B, y, cg_base(&b), b.off + j);
			ir_jmp_imm(&g->ir, BPF_JEQ, y, 0, found);
		}
		ir_place(&g->ir, next);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, found);
	ir_mov_imm(&g->ir, res, 1);
	ir_place(&g->ir, done);
	return bi_int(out, res, n->type);
}

static int sema_kaddr(struct sema *s, struct node *n)
{
	uint64_t addr;
	int err;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "kaddr() takes a symbol name literal");
	err = ksyms_lookup(n->list[0]->str, &addr);
	if (err == -EPERM)
		return sema_error(s, n->list[0],
				  "kernel addresses are hidden (kptr_restrict): kaddr() needs root");
	if (err)
		return sema_error(s, n->list[0], "Failed to resolve kernel symbol: %s (not in /proc/kallsyms)",
				  n->list[0]->str);
	n->ival = addr;
	n->type = type_int(8, false);
	return 0;
}

static int cg_kaddr(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, (int64_t)n->ival);
	return bi_int(out, r, n->type);
}

static int sema_join(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 2) || bi_int_arg(s, n, 0))
		return -EINVAL;
	if (n->nlist == 2 && n->list[1]->kind != N_STR)
		return sema_error(s, n->list[1], "join() separator must be a string literal");
	n->id = sema_add_fmt(s, n->nlist == 2 ? n->list[1]->str : " ", NULL, 0);
	return 0;
}

/*
 * Reads argv-style arrays: each slot is a user pointer, the list ends at
 * NULL, at an empty or unreadable string, or after JOIN_ARGS entries.
 * Strings go straight into the record.
 */
static int cg_join(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int skip = ir_label(&g->ir), done = ir_label(&g->ir);
	int arr, rec, ptr, i, slot;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	arr = cg_reg(g, &a);
	slot = cg_alloc(g, 8);
	rec = cg_record_begin(g, REC_JOIN, n->id, sizeof(struct rec_join), skip);
	ptr = ir_vreg(&g->ir);
	for (i = 0; i < JOIN_ARGS; i++) {
		int base = sizeof(struct rec_hdr) + offsetof(struct rec_join, s) +
			   i * JOIN_STRLEN;

		ir_st_imm(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), i);
		ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, slot);
		ir_mov_imm(&g->ir, BPF_REG_2, 8);
		ir_mov(&g->ir, BPF_REG_3, arr);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, 8 * i);
		ir_call(&g->ir, BPF_FUNC_probe_read_user, 3);
		ir_ld(&g->ir, BPF_DW, ptr, BPF_REG_10, slot);
		ir_jmp_imm(&g->ir, BPF_JEQ, ptr, 0, done);
		ir_mov(&g->ir, BPF_REG_1, rec);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, base);
		ir_mov_imm(&g->ir, BPF_REG_2, JOIN_STRLEN);
		ir_mov(&g->ir, BPF_REG_3, ptr);
		ir_call(&g->ir, BPF_FUNC_probe_read_user_str, 3);
		/* Like bpftrace, stop at an empty or unreadable string. */
		ir_jmp_imm(&g->ir, BPF_JSLE, BPF_REG_0, 1, done);
	}
	ir_st_imm(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), JOIN_ARGS);
	ir_place(&g->ir, done);
	cg_record_end(g, rec, false);
	ir_place(&g->ir, skip);
	return 0;
}

static int rt_join(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t len)
{
	const struct rec_join *j = data;
	const struct fmt_spec *fs;
	struct buf b = { 0 };
	uint64_t i;

	if (h->id >= (uint32_t)rt->c->fmts.n || len < sizeof(*j))
		return -EINVAL;
	fs = rt->c->fmts.v[h->id];
	for (i = 0; i < j->n && i < JOIN_ARGS; i++) {
		if (i)
			buf_printf(&b, "%s", fs->fmt);
		buf_put(&b, j->s[i], strnlen(j->s[i], JOIN_STRLEN));
	}
	/* A line of text; a JSON record's data has no newline (bpftrace). */
	if (rt->out.format != OUT_JSON)
		buf_put(&b, "\n", 1);
	run_emit(rt, "join", b.p ? b.p : "", b.len);
	buf_free(&b);
	return 0;
}

/*
 * path(p): the file name of a struct path *, by bpf_d_path(), which the
 * kernel allows in fentry/fexit programs on a short list of functions
 * (vfs_getattr, security_file_open, ...); the verifier refuses others.
 */
static int sema_path(struct sema *s, struct node *n)
{
	int i;

	if (bi_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	/* A struct path in kernel memory passes as its address. */
	if (n->list[0]->type->kind != TY_STRUCT && bi_addr_arg(s, n, 0))
		return -EINVAL;
	for (i = 0; i < s->cur->insts.n; i++) {
		const struct probe_inst *pi = s->cur->insts.v[i];

		if (!pi->prov->can_d_path)
			return sema_error(s, n, "path() can only be used in kfunc/fentry and kretfunc/fexit probes (bpf_d_path), not in %s",
					  pi->name);
	}
	n->type = type_str(s->c->opts.strlen);
	return 0;
}

static int cg_path(struct cg *g, struct node *n, struct val *out)
{
	int size = n->type->size, off = cg_alloc(g, size);
	struct val p;

	if (cg_expr(g, n->list[0], &p))
		return -EINVAL;
	cg_zero(g, off, size);
	ir_mov(&g->ir, BPF_REG_1, cg_reg(g, &p));
	ir_mov(&g->ir, BPF_REG_2, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_2, off);
	ir_mov_imm(&g->ir, BPF_REG_3, size);
	ir_call(&g->ir, BPF_FUNC_d_path, 3);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_strings[] = {
	FN("strcontains", sema_strcontains, cg_strcontains),
	FN("path", sema_path, cg_path),
	{ .name = "str", .func = true, .sema = sema_str, .cg = cg_str,
	  .cg_prep = cg_prep_ptr_len, .cg_into = cg_into_str,
	  .slot_type = slot_str },
	{ .name = "buf", .func = true, .sema = sema_buf, .cg = cg_buf,
	  .cg_prep = cg_prep_ptr_len, .cg_into = cg_into_buf },
	{ .name = "__dmem", .func = true, .sema = sema_dmem, .cg = cg_buf,
	  .cg_prep = cg_prep_ptr_len, .cg_into = cg_into_buf },
	{ .name = "__ubuf", .func = true, .sema = sema_ubuf, .cg = cg_buf,
	  .cg_prep = cg_prep_ptr_len, .cg_into = cg_into_ubuf },
	FN("strncmp", sema_strncmp, cg_strncmp_fn),
	FN("kaddr", sema_kaddr, cg_kaddr),
	{ .name = "join", .func = true, .rec_kind = REC_JOIN, .sema = sema_join,
	  .cg = cg_join, .rt = rt_join },
	{ .name = NULL },
};
