/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's string and conversion subroutines (builtin_dstring[], only D
 * programs see them): strlen, strjoin, substr, index, rindex, strchr,
 * strrchr, strstr, strtok, lltostr, toupper, tolower, basename, dirname,
 * the byte-order conversions, rand, getmajor, getminor, and the ones
 * whose value is only ever text to print: cleanpath, inet_ntoa,
 * inet_ntoa6, inet_ntop.
 *
 * A D string is strsize characters and a NUL: a string result is a
 * frame string of compile_opts.strlen bytes (the front end makes that
 * strsize + 1), computed in BPF so that predicates, keys and
 * comparisons see it.  The loops index the frame with a register: the
 * verifier takes bounded variable offsets from a privileged program,
 * and every index is checked against a constant before its access.
 *
 * NULL, which strchr, strrchr, strstr and strtok return when they find
 * nothing, is an empty string whose second byte is DSTR_NULL_BYTE: it
 * prints as "", orders before every other string (cg.c's null_order()),
 * and "s == NULL" in D (sema's rewrite to __dstrnull) tells it apart.
 *
 * cleanpath and the inet functions keep their operand's bytes (a
 * TY_NAMED value) and name them in user space, as bpftrace's ntop():
 * they print and can be keys, but are not strings to BPF.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#include "internal.h"
#include "../compile/compile.h"

/* D's NULL string is marked as an unread one is (compile.h). */
#define DSTR_NULL_BYTE STR_UNREAD_BYTE

/*
 * A string: its offset from register base (r10, or where the frame
 * cannot spare it, the statement's scratch: cg_alloc_tmp()) and its
 * buffer's size.
 */
struct dstr {
	int base;
	int off;
	int size;
};

/* The bytes of a D string: strsize characters and a NUL. */
static int d_size(const struct compiled *c)
{
	return c->opts.strlen;
}

/* The words dtrace's prototypes use for a value of type t. */
const char *bi_d_type_word(const struct type *t, char *b, size_t len)
{
	static const char *const ints[9] = {
		[1] = "char", [2] = "short", [4] = "int", [8] = "long",
	};

	if (t->kind == TY_STR)
		return "string";
	if (t->kind == TY_INT && ints[t->size]) {
		snprintf(b, len, "%s%s", t->is_signed ? "" : "unsigned ",
			 ints[t->size]);
		return b;
	}
	if (t->kind == TY_NONE)
		return "void";
	if (t->kind == TY_KSTACK || t->kind == TY_USTACK)
		return "stack";
	if (bi_dtrace_symaddr(t, NULL, NULL, NULL))
		return t->size == 16 ? "_usymaddr" : "_symaddr";
	/* A translated struct used whole: its D type's name */
	if (t->kind == TY_BUF && t->name)
		return t->name;
	/* An anonymous struct or union: its keyword and a blank */
	if (t->kind == TY_STRUCT && (!t->name || !*t->name ||
				       !strcmp(t->name, "(anonymous)")))
		return t->is_union ? "union " : "struct ";
	if ((t->kind == TY_PTR || t->kind == TY_ARRAY) && t->elem) {
		char e[64];
		const char *w = bi_d_type_word(t->elem, e, sizeof(e));

		if (t->kind == TY_PTR)
			snprintf(b, len, "%s%s*", w, w[strlen(w) - 1] == '*' ? "" : " ");
		else
			snprintf(b, len, "%s [%d]", w, t->count);
		return b;
	}
	return type_name(t, b, len);
}

static bool is_null_const(const struct node *a)
{
	return a->kind == N_INT && a->ival == 0;
}

/* Argument i suits dtrace's "char *" (ferret may still refuse it). */
static int d_str_proto(struct sema *s, struct node *n, int i)
{
	struct node *a = n->list[i];

	if (sema_expr(s, a))
		return -EINVAL;
	if (a->type->kind == TY_STR || a->type->kind == TY_PTR ||
	    a->type->kind == TY_NAMED || is_null_const(a))
		return 0;
	return bi_d_proto_arg(s, n, i, "char *");
}

/*
 * Argument i is a string: a D string, or a pointer whose memory holds
 * one.  A NULL constant is read when the clause runs, where it faults
 * (invalid address), as in DTrace.
 */
static int d_str_arg(struct sema *s, struct node *n, int i)
{
	struct node *a = n->list[i];

	if (sema_expr(s, a))
		return -EINVAL;
	/* NULL is read when the clause runs, as DTrace reads it: a fault */
	if (is_null_const(a) || a->type->kind == TY_STR ||
	    a->type->kind == TY_PTR || bi_dtrace_is_part(a->type))
		return 0;
	if (a->type->kind == TY_NAMED)
		return sema_error(s, a, "%s( ) argument #%d is text ferret formats when it prints: it cannot be an argument of %s( )",
				  n->name, i + 1, n->name);
	return bi_d_proto_arg(s, n, i, "char *");
}

static struct dstr tmp_str(struct cg *g, int size);

/*
 * Whether a is a call that gives NULL when it finds nothing (strstr(),
 * strchr(), strrchr(), strtok()), or a string element of an associative
 * array or thread-local string, NULL where it was never assigned.
 */
static bool null_result(const struct node *a)
{
	if (a->kind == N_MAP)
		return sema_d_dyn_var(a) && a->type && a->type->kind == TY_STR;
	return a->kind == N_CALL && a->name &&
	       (!strcmp(a->name, "strstr") || !strcmp(a->name, "strchr") ||
		!strcmp(a->name, "strrchr") || !strcmp(a->name, "strtok"));
}

void bi_d_null_faults(struct node *a)
{
	if (null_result(a))
		a->flags |= NF_NULL_FAULTS;
}

/*
 * The end of a string search's not-found path, result d marked NULL:
 * where n's NULL is read as it is (NF_NULL_FAULTS), DTrace's fault at
 * address 0.  The path is a branch the search has anyway: checking the
 * result where it is used would be another, which the verifier walks
 * both ways, more than long unrolled clauses can afford.
 */
static void null_end(struct cg *g, const struct node *n)
{
	int z;

	if (!(n->flags & NF_NULL_FAULTS))
		return;
	z = ir_vreg(&g->ir);
	ir_mov_imm(&g->ir, z, 0);
	cg_fault(g, FAULT_BADADDR, z);
}

/* Evaluates string argument a (see d_str_arg()). */
static int str_operand(struct cg *g, struct node *a, struct dstr *out)
{
	int size = d_size(g->c), ok = ir_label(&g->ir), p;
	struct val v;

	bi_d_null_faults(a);
	if (cg_expr(g, a, &v))
		return -EINVAL;
	if (v.type->kind == TY_STR) {
		out->base = cg_base(&v);
		out->off = v.off;
		out->size = v.type->size;
		return 0;
	}
	*out = tmp_str(g, size);
	if (bi_dtrace_is_part(v.type))
		return bi_dtrace_part_str(g, a, cg_reg(g, &v), out->base,
					  out->off, size);
	p = cg_reg(g, &v);
	ir_mov(&g->ir, BPF_REG_1, out->base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, out->off);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, p);
	/* As str(): the pointer may be to user or kernel memory. */
	ir_call(&g->ir, BPF_FUNC_probe_read_str, 3);
	/* A string that cannot be read (NULL too) is DTrace's fault. */
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, p);
	ir_place(&g->ir, ok);
	return 0;
}

/* A zeroed string of size bytes, until the statement ends. */
static struct dstr tmp_str(struct cg *g, int size)
{
	struct dstr d = { .size = size };

	d.off = cg_alloc_tmp(g, size, &d.base);
	cg_zero_at(g, d.base, d.off, size);
	return d;
}

/* A zeroed result string of the D size. */
static struct dstr result(struct cg *g)
{
	return tmp_str(g, d_size(g->c));
}

/*
 * out = d, and what the subroutine took after m (its operands, its
 * scratch) given back: a subroutine's result is taken before m, so that
 * a call's operands and another call's beside it share their room.
 */
static int str_val(struct cg *g, struct cg_mark m, const struct dstr *d,
		   struct node *n, struct val *out)
{
	cg_release(g, m);
	out->kind = V_STACK;
	out->off = d->off;
	out->base = d->base;
	out->type = n->type;
	return 0;
}

/* bi_int() of a subroutine's result r, what it took after m given back. */
static int int_val(struct cg *g, struct cg_mark m, struct val *out, int r,
		   struct type *t)
{
	cg_release(g, m);
	return bi_int(out, r, t);
}

/* The characters of s that count: its NUL is within them, or strsize. */
static int lim(struct cg *g, const struct dstr *s)
{
	return s->size < d_size(g->c) - 1 ? s->size : d_size(g->c) - 1;
}

/* A new register holding v. */
static int imm(struct cg *g, int64_t v)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, v);
	return r;
}

/* Sets reg to lo when below it (signed) and to hi when above. */
static void clamp(struct cg *g, int reg, int lo, int hi)
{
	int a = ir_label(&g->ir), b = ir_label(&g->ir);

	ir_jmp_imm(&g->ir, BPF_JSGE, reg, lo, a);
	ir_mov_imm(&g->ir, reg, lo);
	ir_place(&g->ir, a);
	ir_jmp_imm(&g->ir, BPF_JSLE, reg, hi, b);
	ir_mov_imm(&g->ir, reg, hi);
	ir_place(&g->ir, b);
}

/*
 * A copy of reg that the verifier knows only as a value in [0, hi]: it
 * goes through memory by the kernel's copy.  Unrolled scans set their
 * results to one constant per place they stop at; used as a helper's
 * size those would be precise, and the verifier would walk the rest of
 * the program once per constant (and the product of them for several
 * scans), where one walk with a range does.
 */
static int launder(struct cg *g, int reg, int hi)
{
	int slot = cg_alloc(g, 16), r = ir_vreg(&g->ir);

	cg_opaque(g, slot, reg, r);
	clamp(g, r, 0, hi);
	return r;
}

/*
 * Copies at most room - 1 characters of string s from from (a register,
 * or -1 for none) on to d's bytes from at on (the same), and a NUL;
 * with cnt (a register, or -1) at most cnt characters, none when cnt
 * is not positive.  Returns a register with the characters copied.
 *
 * The copy is the kernel's string read, whose source the verifier does
 * not check: its offset needs no bound.  The destination's does: a
 * variable at, in [0, room), needs room more bytes after d's start.
 */
static int emit_copy(struct cg *g, const struct dstr *d, int at, int room,
		     const struct dstr *s, int from, int cnt)
{
	int n = ir_vreg(&g->ir), sz = ir_vreg(&g->ir), done = ir_label(&g->ir);

	ir_mov_imm(&g->ir, n, 0);
	if (at >= 0) {
		ir_mov_imm(&g->ir, sz, room);
		ir_alu(&g->ir, BPF_SUB, sz, at);
	} else {
		ir_mov_imm(&g->ir, sz, room);
	}
	if (cnt >= 0) {
		int t = ir_vreg(&g->ir), ok = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSLE, cnt, 0, done);
		ir_mov(&g->ir, t, cnt);
		ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		ir_jmp(&g->ir, BPF_JSGE, t, sz, ok);
		ir_mov(&g->ir, sz, t);
		ir_place(&g->ir, ok);
	}
	clamp(g, sz, 1, room);
	ir_mov(&g->ir, BPF_REG_1, d->base);
	if (at >= 0)
		ir_alu(&g->ir, BPF_ADD, BPF_REG_1, at);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, d->off);
	ir_mov(&g->ir, BPF_REG_2, sz);
	ir_mov(&g->ir, BPF_REG_3, s->base);
	if (from >= 0)
		ir_alu(&g->ir, BPF_ADD, BPF_REG_3, from);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, s->off);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel_str, 3);
	ir_mov(&g->ir, n, BPF_REG_0);
	ir_alu_imm(&g->ir, BPF_ADD, n, -1);
	clamp(g, n, 0, room - 1);
	ir_place(&g->ir, done);
	return n;
}

/*
 * strlen: a register in [0, strsize], from a copy to scratch (which it
 * overwrites): the kernel's string read finds the NUL, and its count is
 * a range to the verifier, not one constant per length, so the code
 * after it is verified once, not once per length a loop could end at.
 */
static int emit_len(struct cg *g, const struct dstr *s, const struct dstr *scratch)
{
	return emit_copy(g, scratch, -1, scratch->size, s, -1, -1);
}

/* Marks result d NULL (it is zeroed). */
static void set_null(struct cg *g, const struct dstr *d)
{
	ir_st_imm(&g->ir, BPF_B, d->base, d->off + 1, DSTR_NULL_BYTE);
}

/* Writes the constant text t to zeroed result d. */
static void set_text(struct cg *g, const struct dstr *d, const char *t)
{
	int i;

	for (i = 0; t[i] && i < d->size - 1; i++)
		ir_st_imm(&g->ir, BPF_B, d->base, d->off + i, (uint8_t)t[i]);
}

/* Sema of a subroutine of string arguments strs and int arguments after. */
static int sema_args(struct sema *s, struct node *n, int strs, int min, int max)
{
	int i;

	if (bi_d_nargs(s, n, min, max))
		return -EINVAL;
	/* dtrace's prototype checks of every argument come first ... */
	for (i = 0; i < n->nlist; i++)
		if (i < strs ? d_str_proto(s, n, i) :
		    bi_d_int_arg(s, n, i, "int"))
			return -EINVAL;
	/* ... then what ferret cannot take as a string */
	for (i = 0; i < strs && i < n->nlist; i++)
		if (d_str_arg(s, n, i))
			return -EINVAL;
	return 0;
}

/* strlen(s): size_t. */
static int sema_strlen(struct sema *s, struct node *n)
{
	if (sema_args(s, n, 1, 1, 1))
		return -EINVAL;
	n->type = type_int(8, false);
	return 0;
}

static int cg_strlen(struct cg *g, struct node *n, struct val *out)
{
	struct cg_mark m = cg_mark(g);
	struct dstr a, tmp;

	if (str_operand(g, n->list[0], &a))
		return -EINVAL;
	tmp = result(g);
	return int_val(g, m, out, emit_len(g, &a, &tmp), n->type);
}

/* The sema of the subroutines whose value is a D string. */
static int sema_str_result(struct sema *s, struct node *n, int strs, int min,
			   int max)
{
	if (sema_args(s, n, strs, min, max))
		return -EINVAL;
	n->type = type_str(d_size(s->c));
	return 0;
}

/* The bytes operand a of a string subroutine takes: its own, or D's size. */
static int operand_size(struct sema *s, const struct node *a)
{
	return a->type->kind == TY_STR && a->type->size < d_size(s->c) ?
	       a->type->size : d_size(s->c);
}

/*
 * The result holds both operands' characters, no more than D's size: a
 * short one (a 32-byte name and a number) keeps the frame small, which
 * the 512-byte stack needs when translators join strings.
 */
static int sema_strjoin(struct sema *s, struct node *n)
{
	int size;

	if (sema_str_result(s, n, 2, 2, 2))
		return -EINVAL;
	size = operand_size(s, n->list[0]) + operand_size(s, n->list[1]) - 1;
	if (size < d_size(s->c))
		n->type = type_str(size);
	return 0;
}

/* The second string goes at a variable place: d has room for 2 results. */
static int cg_strjoin(struct cg *g, struct node *n, struct val *out)
{
	int size = n->type->size, la;
	struct dstr a, b, d = tmp_str(g, 2 * size);
	struct cg_mark m = cg_mark(g);

	d.size = size;
	if (str_operand(g, n->list[0], &a) || str_operand(g, n->list[1], &b))
		return -EINVAL;
	la = emit_copy(g, &d, -1, size, &a, -1, -1);
	emit_copy(g, &d, la, size, &b, -1, -1);
	return str_val(g, m, &d, n, out);
}

/* toupper(s), tolower(s): illumos's, the letters of the C locale. */
static int sema_case(struct sema *s, struct node *n)
{
	return sema_str_result(s, n, 1, 1, 1);
}

static int cg_case(struct cg *g, struct node *n, struct val *out)
{
	int lo = n->name[2] == 'u' ? 'a' : 'A', c = ir_vreg(&g->ir), i;
	struct dstr a, d = result(g);
	struct cg_mark m = cg_mark(g);

	if (str_operand(g, n->list[0], &a))
		return -EINVAL;
	emit_copy(g, &d, -1, d.size, &a, -1, -1);
	for (i = 0; i < d.size - 1; i++) {
		int keep = ir_label(&g->ir);

		ir_ld(&g->ir, BPF_B, c, d.base, d.off + i);
		ir_jmp_imm(&g->ir, BPF_JLT, c, lo, keep);
		ir_jmp_imm(&g->ir, BPF_JGT, c, lo + 25, keep);
		ir_alu_imm(&g->ir, BPF_XOR, c, 0x20);
		ir_st(&g->ir, BPF_B, d.base, d.off + i, c);
		ir_place(&g->ir, keep);
	}
	return str_val(g, m, &d, n, out);
}

/* substr(s, index[, length]) */
static int sema_substr(struct sema *s, struct node *n)
{
	return sema_str_result(s, n, 1, 2, 3);
}

/*
 * dtrace's arithmetic: a negative index counts from the end, and when
 * it reaches before the start the length shrinks by as much; a negative
 * length leaves that many characters off the end.  Without a length,
 * the rest of the string.  __dstroff(s, k) is sema's form of D's
 * pointer arithmetic on a string, s + k: the string from its char k,
 * "" from past its end or before its start (the bytes there are not
 * the string's).
 */
static int cg_substr(struct cg *g, struct node *n, struct val *out)
{
	struct dstr a, d = result(g);
	struct cg_mark m = cg_mark(g);
	struct val iv, cv;
	int len, idx = ir_vreg(&g->ir), rem = ir_vreg(&g->ir), t = ir_vreg(&g->ir);
	int nonneg = ir_label(&g->ir), none = ir_label(&g->ir);
	int copy = ir_label(&g->ir);

	if (str_operand(g, n->list[0], &a) || cg_expr(g, n->list[1], &iv))
		return -EINVAL;
	if (n->nlist == 3 && cg_expr(g, n->list[2], &cv))
		return -EINVAL;
	len = emit_len(g, &a, &d);
	cg_zero_at(g, d.base, d.off, d.size);
	ir_mov(&g->ir, idx, cg_reg(g, &iv));
	if (!strcmp(n->name, "__dstroff"))
		ir_jmp_imm(&g->ir, BPF_JSLT, idx, 0, none);
	if (n->nlist == 3)
		ir_mov(&g->ir, rem, cg_reg(g, &cv));
	else
		ir_mov_imm(&g->ir, rem, d.size);
	ir_jmp_imm(&g->ir, BPF_JSGE, idx, 0, nonneg);
	ir_alu(&g->ir, BPF_ADD, idx, len);
	ir_jmp_imm(&g->ir, BPF_JSGE, idx, 0, nonneg);
	ir_mov(&g->ir, t, idx);
	ir_alu(&g->ir, BPF_ADD, t, rem);
	ir_jmp_imm(&g->ir, BPF_JSLE, t, 0, none);
	ir_mov(&g->ir, rem, t);
	ir_mov_imm(&g->ir, idx, 0);
	ir_place(&g->ir, nonneg);
	ir_jmp(&g->ir, BPF_JSGE, idx, len, none);
	ir_jmp_imm(&g->ir, BPF_JSGE, rem, 0, copy);
	ir_alu(&g->ir, BPF_ADD, rem, len);
	ir_alu(&g->ir, BPF_SUB, rem, idx);
	ir_place(&g->ir, copy);
	/* the string's characters, no more than strsize of them, from k */
	if (!strcmp(n->name, "__dstroff")) {
		ir_mov(&g->ir, rem, len);
		ir_alu(&g->ir, BPF_SUB, rem, idx);
	}
	emit_copy(g, &d, -1, d.size, &a, idx, rem);
	ir_place(&g->ir, none);
	return str_val(g, m, &d, n, out);
}

/* A new register holding s's address. */
static int str_ptr(struct cg *g, const struct dstr *s)
{
	int r = ir_vreg(&g->ir);

	ir_mov(&g->ir, r, s->base);
	ir_alu_imm(&g->ir, BPF_ADD, r, s->off);
	return r;
}

/* The byte s[idx]; idx must be below s's size by a check the verifier saw. */
static int ld(struct cg *g, const struct dstr *s, int idx)
{
	int c = ir_vreg(&g->ir), p = ir_vreg(&g->ir);

	ir_mov(&g->ir, p, s->base);
	ir_alu(&g->ir, BPF_ADD, p, idx);
	ir_ld(&g->ir, BPF_B, c, p, s->off);
	return c;
}

/*
 * 1 in a new register when t[0 .. tlen) is at s[i ..], else 0.  i + tlen
 * is at most strlen(s): the bound checks only satisfy the verifier.  The
 * first characters are compared here, the rest (where the first match,
 * seldom) in a loop of their own (cg_loop_begin()), so that a search
 * calling this at each place is verified once, not once per character.
 */
static int emit_match(struct cg *g, const struct dstr *s, int i,
		      const struct dstr *t, int tlen)
{
	int res = imm(g, 0), zero = imm(g, 0), turns = ir_vreg(&g->ir);
	int no = ir_label(&g->ir), yes = ir_label(&g->ir);

	ir_jmp_imm(&g->ir, BPF_JEQ, tlen, 0, yes);
	ir_jmp_imm(&g->ir, BPF_JGE, i, lim(g, s), no);
	ir_jmp(&g->ir, BPF_JNE, ld(g, s, i), ld(g, t, zero), no);
	ir_mov(&g->ir, turns, tlen);
	ir_alu_imm(&g->ir, BPF_SUB, turns, 1);
	{
		int in[] = { str_ptr(g, s), str_ptr(g, t), i, imm(g, 1) };
		struct dstr ls = { .size = s->size }, lt = { .size = t->size };
		struct cg_loop l;
		int j, k, z;

		cg_loop_begin(g, &l, in, ARRAY_SIZE(in), 2);
		ls.base = l.v[0];
		lt.base = l.v[1];
		j = ir_vreg(&g->ir);
		k = ir_vreg(&g->ir);
		z = imm(g, 0);
		ir_mov(&g->ir, j, l.idx);
		ir_alu_imm(&g->ir, BPF_ADD, j, 1);
		ir_mov(&g->ir, k, l.v[2]);
		ir_alu(&g->ir, BPF_ADD, k, j);
		ir_jmp_imm(&g->ir, BPF_JGE, j, lim(g, t), l.stop);
		ir_jmp_imm(&g->ir, BPF_JGE, k, lim(g, s), l.stop);
		ir_jmp(&g->ir, BPF_JEQ, ld(g, &ls, k), ld(g, &lt, j), l.next);
		cg_loop_set(g, &l, 3, z);
		ir_ja(&g->ir, l.stop);
		cg_loop_end(g, &l, turns);
		ir_mov(&g->ir, res, l.v[3]);
		ir_ja(&g->ir, no);
	}
	ir_place(&g->ir, yes);
	ir_mov_imm(&g->ir, res, 1);
	ir_place(&g->ir, no);
	return res;
}

/*
 * index(s, t[, start]) and rindex(): where t first (last) occurs in s,
 * searching from start on (back), or -1.  As dtrace: index's start
 * below 0 is 0 and past the end finds only an empty t, at the end;
 * rindex's start below 0 finds only an empty t, at 0, and past the last
 * place t fits is that place.
 */
static int emit_index(struct cg *g, const struct dstr *s, const struct dstr *t,
		      int start, bool rev, const struct dstr *scratch)
{
	int len = emit_len(g, s, scratch), tlen = emit_len(g, t, scratch);
	int res = imm(g, -1), pos = ir_vreg(&g->ir), last = ir_vreg(&g->ir);
	int turns = ir_vreg(&g->ir), zero = imm(g, 0);
	int done = ir_label(&g->ir), ok = ir_label(&g->ir);

	ir_mov(&g->ir, last, len);
	ir_alu(&g->ir, BPF_SUB, last, tlen);
	if (start >= 0)
		ir_mov(&g->ir, pos, start);
	else if (rev)
		ir_mov(&g->ir, pos, len);
	else
		ir_mov_imm(&g->ir, pos, 0);
	if (!rev) {
		ir_jmp_imm(&g->ir, BPF_JSGE, pos, 0, ok);
		ir_mov_imm(&g->ir, pos, 0);
		ir_place(&g->ir, ok);
		ok = ir_label(&g->ir);
		ir_jmp(&g->ir, BPF_JSLT, pos, len, ok);
		ir_jmp_imm(&g->ir, BPF_JNE, tlen, 0, done);
		ir_mov(&g->ir, res, len);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, ok);
	} else {
		ir_jmp_imm(&g->ir, BPF_JSGE, pos, 0, ok);
		ir_jmp_imm(&g->ir, BPF_JNE, tlen, 0, done);
		ir_mov_imm(&g->ir, res, 0);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, ok);
		ok = ir_label(&g->ir);
		ir_jmp(&g->ir, BPF_JSLE, pos, last, ok);
		ir_mov(&g->ir, pos, last);
		ir_place(&g->ir, ok);
	}
	/*
	 * The places to try, one a turn of a bpf_loop() (cg_loop_begin()):
	 * from pos to last, or down to 0.
	 */
	ir_mov(&g->ir, turns, rev ? pos : last);
	ir_alu(&g->ir, BPF_SUB, turns, rev ? zero : pos);
	ir_alu_imm(&g->ir, BPF_ADD, turns, 1);
	ir_jmp_imm(&g->ir, BPF_JSLE, turns, 0, done);
	{
		int in[] = { str_ptr(g, s), str_ptr(g, t), pos, tlen, res };
		struct dstr ls = { .size = s->size }, lt = { .size = t->size };
		struct cg_loop l;
		int at;

		cg_loop_begin(g, &l, in, ARRAY_SIZE(in), 2);
		ls.base = l.v[0];
		lt.base = l.v[1];
		at = ir_vreg(&g->ir);
		ir_mov(&g->ir, at, l.v[2]);
		ir_alu(&g->ir, rev ? BPF_SUB : BPF_ADD, at, l.idx);
		/* The verifier's bound: at is never past the string's characters. */
		ir_jmp_imm(&g->ir, BPF_JGT, at, lim(g, s), l.stop);
		ir_jmp_imm(&g->ir, BPF_JEQ, emit_match(g, &ls, at, &lt, l.v[3]),
			   0, l.next);
		cg_loop_set(g, &l, 4, at);
		ir_ja(&g->ir, l.stop);
		cg_loop_end(g, &l, turns);
		ir_mov(&g->ir, res, l.v[4]);
	}
	ir_place(&g->ir, done);
	return res;
}

static int sema_index(struct sema *s, struct node *n)
{
	if (sema_args(s, n, 2, 2, 3))
		return -EINVAL;
	n->type = type_int(4, true);
	return 0;
}

static int cg_index(struct cg *g, struct node *n, struct val *out)
{
	struct cg_mark m = cg_mark(g);
	struct dstr a, b, tmp;
	struct val sv;
	int start = -1;

	if (str_operand(g, n->list[0], &a) || str_operand(g, n->list[1], &b))
		return -EINVAL;
	if (n->nlist == 3) {
		if (cg_expr(g, n->list[2], &sv))
			return -EINVAL;
		start = ir_vreg(&g->ir);
		ir_mov(&g->ir, start, cg_reg(g, &sv));
	}
	tmp = result(g);
	return int_val(g, m, out,
		       emit_index(g, &a, &b, start, n->name[0] == 'r', &tmp),
		       n->type);
}

/* strstr(s, t): s from t's first occurrence on, or NULL. */
static int sema_strstr(struct sema *s, struct node *n)
{
	s->c->null_strs = true;
	return sema_str_result(s, n, 2, 2, 2);
}

static int cg_strstr(struct cg *g, struct node *n, struct val *out)
{
	struct dstr a, b, d = result(g);
	struct cg_mark m = cg_mark(g);
	int found, null = ir_label(&g->ir), done = ir_label(&g->ir);

	if (str_operand(g, n->list[0], &a) || str_operand(g, n->list[1], &b))
		return -EINVAL;
	found = emit_index(g, &a, &b, -1, false, &d);
	cg_zero_at(g, d.base, d.off, d.size);
	ir_jmp_imm(&g->ir, BPF_JSLT, found, 0, null);
	clamp(g, found, 0, lim(g, &a));
	emit_copy(g, &d, -1, d.size, &a, found, -1);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, null);
	set_null(g, &d);
	null_end(g, n);
	ir_place(&g->ir, done);
	return str_val(g, m, &d, n, out);
}

/* strchr(s, c), strrchr(s, c): s from c's first (last) place, or NULL. */
static int sema_strchr(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 2, 2) || d_str_arg(s, n, 0) ||
	    bi_d_int_arg(s, n, 1, "char"))
		return -EINVAL;
	s->c->null_strs = true;
	n->type = type_str(d_size(s->c));
	return 0;
}

/*
 * One character a turn of a bpf_loop() (cg_loop_begin()), from the
 * start or back from the end.  The NUL is part of the string:
 * strchr(s, 0) is the "" at its end.
 */
static int cg_strchr(struct cg *g, struct node *n, struct val *out)
{
	bool rev = n->name[3] == 'r';
	struct dstr a, d = result(g);
	struct cg_mark m = cg_mark(g);
	struct val cv;
	int c = ir_vreg(&g->ir), len, turns = ir_vreg(&g->ir);
	int null = ir_label(&g->ir), done = ir_label(&g->ir);

	if (str_operand(g, n->list[0], &a) || cg_expr(g, n->list[1], &cv))
		return -EINVAL;
	ir_mov(&g->ir, c, cg_reg(g, &cv));
	ir_alu_imm(&g->ir, BPF_AND, c, 0xff);
	len = emit_len(g, &a, &d);
	cg_zero_at(g, d.base, d.off, d.size);
	ir_mov(&g->ir, turns, len);
	ir_alu_imm(&g->ir, BPF_ADD, turns, 1);
	{
		int in[] = { str_ptr(g, &a), c, len, imm(g, -1) };
		struct dstr la = { .size = a.size };
		struct cg_loop l;
		int i, x, have;

		cg_loop_begin(g, &l, in, ARRAY_SIZE(in), 1);
		la.base = l.v[0];
		i = ir_vreg(&g->ir);
		x = imm(g, 0);
		have = ir_label(&g->ir);
		if (rev) {
			ir_mov(&g->ir, i, l.v[2]);
			ir_alu(&g->ir, BPF_SUB, i, l.idx);
		} else {
			ir_mov(&g->ir, i, l.idx);
		}
		/* Past the characters (the verifier's bound too) is the NUL. */
		ir_jmp_imm(&g->ir, BPF_JGE, i, lim(g, &a), have);
		ir_mov(&g->ir, x, ld(g, &la, i));
		ir_place(&g->ir, have);
		ir_jmp(&g->ir, BPF_JNE, x, l.v[1], l.next);
		cg_loop_set(g, &l, 3, i);
		ir_ja(&g->ir, l.stop);
		cg_loop_end(g, &l, turns);
		ir_jmp_imm(&g->ir, BPF_JSLT, l.v[3], 0, null);
		clamp(g, l.v[3], 0, lim(g, &a));
		emit_copy(g, &d, -1, d.size, &a, l.v[3], -1);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, null);
	set_null(g, &d);
	null_end(g, n);
	ir_place(&g->ir, done);
	return str_val(g, m, &d, n, out);
}

/*
 * strtok(s, delims): the next token of s, or NULL when only delimiters
 * are left; strtok(NULL, delims) goes on with the string the last call
 * left.  What is left is kept in a hidden global array (n->a) keyed by
 * CPU, which the first clause of each firing empties (cg_probe()): as
 * dtrace's, it lasts for the clauses of one firing on the CPU.
 */
#define STRTOK_STATE "strtok( ) state"

static int sema_strtok(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 2, 2))
		return -EINVAL;
	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	if (!is_null_const(n->list[0]) && d_str_arg(s, n, 0))
		return -EINVAL;
	if (d_str_arg(s, n, 1))
		return -EINVAL;
	if (!n->a) {
		struct node *cpu = ast_new(N_BUILTIN, &n->loc);

		cpu->name = xstrdup("cpu");
		n->a = ast_new(N_MAP, &n->loc);
		n->a->name = xstrdup(STRTOK_STATE);
		ast_push(n->a, cpu);
	}
	if (!sema_map(s, n->a) || sema_map_value(s, n->a, type_str(d_size(s->c))))
		return -EINVAL;
	s->c->strtok_state = n->a;
	s->c->null_strs = true;
	n->type = type_str(d_size(s->c));
	return 0;
}

/*
 * 1 in new register when c is a delimiter: bit c of the 256-bit set in
 * registers w[0..3].
 */
static int emit_is_delim(struct cg *g, const int w[4], int c)
{
	int r = ir_vreg(&g->ir), sh = ir_vreg(&g->ir), sel = ir_label(&g->ir);
	int k;

	ir_mov(&g->ir, sh, c);
	ir_alu_imm(&g->ir, BPF_RSH, sh, 6);
	ir_mov(&g->ir, r, w[3]);
	for (k = 0; k < 3; k++) {
		int no = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JNE, sh, k, no);
		ir_mov(&g->ir, r, w[k]);
		ir_ja(&g->ir, sel);
		ir_place(&g->ir, no);
	}
	ir_place(&g->ir, sel);
	ir_mov(&g->ir, sh, c);
	ir_alu_imm(&g->ir, BPF_AND, sh, 63);
	ir_alu(&g->ir, BPF_RSH, r, sh);
	ir_alu_imm(&g->ir, BPF_AND, r, 1);
	return r;
}

/*
 * Unrolled at fixed offsets, as dtrace-utils' own: the delimiters make
 * a 256-bit set, then one pass finds the token's start and end.
 */
static int cg_strtok(struct cg *g, struct node *n, struct val *out)
{
	struct symbol *sym = n->a->sym;
	struct dstr a, dl, d;
	int w[4], p = ir_vreg(&g->ir), i, c = ir_vreg(&g->ir);
	int bit = ir_vreg(&g->ir), intok = imm(g, 0), start = imm(g, 0);
	int stop = ir_vreg(&g->ir), delim = imm(g, 0);
	int built = ir_label(&g->ir), scanned = ir_label(&g->ir);
	int null = ir_label(&g->ir), done = ir_label(&g->ir);
	int have = ir_label(&g->ir), left = ir_label(&g->ir);
	struct cg_key sk = { BPF_REG_10, 0 };
	struct cg_mark m;

	d = result(g);
	m = cg_mark(g);
	/*
	 * The state's value, made (from d, zeroed) when missing: what is
	 * left is written straight into it, with no copy on the way.
	 */
	sk.off = cg_map_key(g, n->a, -1);
	cg_key_lookup(g, sym->id, &sk);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_jmp_imm(&g->ir, BPF_JNE, p, 0, have);
	/*
	 * strtok(NULL, ...) with no string before it in the firing reads
	 * dtrace-utils' unset state: an invalid address.  Not checked after
	 * the clause's own strtok() of a string, which set it: a fault site
	 * there could not reach the end of a long unrolled clause.
	 */
	if (is_null_const(n->list[0]) && !g->strtok_set)
		cg_fault(g, FAULT_BADADDR, imm(g, 0));
	cg_key_update_at(g, sym->id, &sk, d.base, d.off, BPF_ANY);
	cg_key_lookup(g, sym->id, &sk);
	ir_mov(&g->ir, p, BPF_REG_0);
	ir_place(&g->ir, have);
	if (is_null_const(n->list[0])) {
		int miss = ir_label(&g->ir);

		a = result(g);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, miss);
		cg_copy(g, a.base, a.off, p, 0, a.size);
		ir_place(&g->ir, miss);
	} else if (str_operand(g, n->list[0], &a)) {
		return -EINVAL;
	}
	if (str_operand(g, n->list[1], &dl))
		return -EINVAL;
	for (i = 0; i < 4; i++)
		w[i] = imm(g, 0);
	for (i = 0; i < lim(g, &dl); i++) {
		int next = ir_label(&g->ir), k, sh = ir_vreg(&g->ir);

		ir_ld(&g->ir, BPF_B, c, dl.base, dl.off + i);
		ir_jmp_imm(&g->ir, BPF_JEQ, c, 0, built);
		ir_mov_imm(&g->ir, bit, 1);
		ir_mov(&g->ir, sh, c);
		ir_alu_imm(&g->ir, BPF_AND, sh, 63);
		ir_alu(&g->ir, BPF_LSH, bit, sh);
		ir_alu_imm(&g->ir, BPF_RSH, c, 6);
		for (k = 0; k < 4; k++) {
			int no = ir_label(&g->ir);

			ir_jmp_imm(&g->ir, BPF_JNE, c, k, no);
			ir_alu(&g->ir, BPF_OR, w[k], bit);
			ir_ja(&g->ir, next);
			ir_place(&g->ir, no);
		}
		ir_place(&g->ir, next);
	}
	ir_place(&g->ir, built);
	ir_mov_imm(&g->ir, stop, lim(g, &a));
	for (i = 0; i < lim(g, &a); i++) {
		int next = ir_label(&g->ir), in = ir_label(&g->ir), isd;

		ir_ld(&g->ir, BPF_B, c, a.base, a.off + i);
		ir_mov_imm(&g->ir, stop, i);
		ir_jmp_imm(&g->ir, BPF_JEQ, c, 0, scanned);
		isd = emit_is_delim(g, w, c);
		ir_jmp_imm(&g->ir, BPF_JNE, intok, 0, in);
		ir_jmp_imm(&g->ir, BPF_JNE, isd, 0, next);
		ir_mov_imm(&g->ir, start, i);
		ir_mov_imm(&g->ir, intok, 1);
		ir_ja(&g->ir, next);
		ir_place(&g->ir, in);
		ir_jmp_imm(&g->ir, BPF_JEQ, isd, 0, next);
		ir_mov_imm(&g->ir, delim, 1);
		ir_ja(&g->ir, scanned);
		ir_place(&g->ir, next);
		ir_mov_imm(&g->ir, stop, lim(g, &a));
	}
	ir_place(&g->ir, scanned);
	ir_jmp_imm(&g->ir, BPF_JEQ, intok, 0, null);
	start = launder(g, start, lim(g, &a));
	stop = launder(g, stop, lim(g, &a));
	{
		int cnt = ir_vreg(&g->ir), from = ir_vreg(&g->ir);
		int nodelim = ir_label(&g->ir);

		ir_mov(&g->ir, cnt, stop);
		ir_alu(&g->ir, BPF_SUB, cnt, start);
		emit_copy(g, &d, -1, d.size, &a, start, cnt);
		ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, done);
		/*
		 * A delimiter ends the token, and what is left starts at it,
		 * as dtrace-utils keeps the place: a later call with other
		 * delimiters may find it part of its token.
		 */
		ir_jmp_imm(&g->ir, BPF_JEQ, delim, 0, nodelim);
		ir_mov(&g->ir, from, stop);
		ir_mov(&g->ir, BPF_REG_1, p);
		ir_mov_imm(&g->ir, BPF_REG_2, d.size);
		ir_mov(&g->ir, BPF_REG_3, a.base);
		ir_alu(&g->ir, BPF_ADD, BPF_REG_3, from);
		ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_3, a.off);
		ir_call(&g->ir, BPF_FUNC_probe_read_kernel_str, 3);
		ir_ja(&g->ir, done);
		ir_place(&g->ir, nodelim);
		ir_st_imm(&g->ir, BPF_B, p, 0, 0);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, null);
	set_null(g, &d);
	/* What is left is gone before a fault, as in dtrace. */
	ir_jmp_imm(&g->ir, BPF_JEQ, p, 0, left);
	ir_st_imm(&g->ir, BPF_B, p, 0, 0);
	ir_place(&g->ir, left);
	null_end(g, n);
	ir_place(&g->ir, done);
	if (!is_null_const(n->list[0]))
		g->strtok_set = true;
	return str_val(g, m, &d, n, out);
}

/*
 * lltostr(v[, base]): as illumos, base 10 signed, other bases the bits
 * unsigned, base 16 with "0x" and base 8 with "0" in front.
 */
#define LLTOSTR_DIGITS 64	/* of 2^64 in base 2 */

static int sema_lltostr(struct sema *s, struct node *n)
{
	const struct node *b;
	int size;

	if (bi_d_nargs(s, n, 1, 2) || bi_d_int_arg(s, n, 0, "int64_t"))
		return -EINVAL;
	if (n->nlist == 2 && bi_d_int_arg(s, n, 1, "int"))
		return -EINVAL;
	b = n->nlist == 2 ? n->list[1] : NULL;
	if (b && b->kind == N_INT &&
	    ((int64_t)b->ival < 2 || (int64_t)b->ival > 36))
		return sema_error(s, b, "lltostr( ) base %lld is not between 2 and 36: dtrace fails it with an illegal operation",
				  (long long)b->ival);
	/* Base 10: a sign and 19 digits; any base: "0x" or a sign and 64 digits. */
	size = !b || (b->kind == N_INT && b->ival == 10) ? 21 : LLTOSTR_DIGITS + 4;
	n->type = type_str(size < d_size(s->c) ? size : d_size(s->c));
	return 0;
}

/*
 * The digits go last first into a buffer at fixed offsets (unrolled),
 * the prefix into the result at fixed offsets, then the digits after
 * it (d has room for the prefix's 3 characters more).
 */
static int cg_lltostr(struct cg *g, struct node *n, struct val *out)
{
	struct dstr tmp, d = tmp_str(g, n->type->size + 8);
	struct cg_mark m = cg_mark(g);
	struct val v, bv;
	int val = ir_vreg(&g->ir), base = ir_vreg(&g->ir), orig = ir_vreg(&g->ir);
	int nd = imm(g, 0), pre = imm(g, 0), dig = ir_vreg(&g->ir);
	int digits = ir_label(&g->ir), done = ir_label(&g->ir), l, i;

	d.size = n->type->size;
	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	if (n->nlist == 2 && cg_expr(g, n->list[1], &bv))
		return -EINVAL;
	tmp = tmp_str(g, LLTOSTR_DIGITS + 1);
	ir_mov(&g->ir, orig, cg_reg(g, &v));
	ir_mov(&g->ir, val, orig);
	if (n->nlist == 2) {
		ir_mov(&g->ir, base, cg_reg(g, &bv));
		ir_jmp_imm(&g->ir, BPF_JSLT, base, 2, done);
		ir_jmp_imm(&g->ir, BPF_JSGT, base, 36, done);
	} else {
		ir_mov_imm(&g->ir, base, 10);
	}
	l = ir_label(&g->ir);
	ir_jmp_imm(&g->ir, BPF_JNE, base, 10, l);
	ir_jmp_imm(&g->ir, BPF_JSGE, val, 0, l);
	ir_alu_imm(&g->ir, BPF_NEG, val, 0);
	ir_place(&g->ir, l);
	for (i = 0; i < LLTOSTR_DIGITS; i++) {
		int letter = ir_label(&g->ir), put = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JEQ, val, 0, digits);
		ir_mov(&g->ir, dig, val);
		ir_alu(&g->ir, BPF_MOD, dig, base);
		ir_jmp_imm(&g->ir, BPF_JGT, dig, 9, letter);
		ir_alu_imm(&g->ir, BPF_ADD, dig, '0');
		ir_ja(&g->ir, put);
		ir_place(&g->ir, letter);
		ir_alu_imm(&g->ir, BPF_ADD, dig, 'a' - 10);
		ir_place(&g->ir, put);
		ir_st(&g->ir, BPF_B, tmp.base, tmp.off + LLTOSTR_DIGITS - 1 - i,
		      dig);
		ir_mov_imm(&g->ir, nd, i + 1);
		ir_alu(&g->ir, BPF_DIV, val, base);
	}
	ir_place(&g->ir, digits);
	/* The prefix: "-" (base 10), "0x" (16), "0" (8, or a zero value). */
	{
		int neg = ir_label(&g->ir), hex = ir_label(&g->ir);
		int zero = ir_label(&g->ir), body = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JEQ, base, 16, hex);
		ir_jmp_imm(&g->ir, BPF_JEQ, base, 8, zero);
		ir_jmp_imm(&g->ir, BPF_JEQ, orig, 0, zero);
		ir_jmp_imm(&g->ir, BPF_JNE, base, 10, body);
		ir_jmp_imm(&g->ir, BPF_JSLT, orig, 0, neg);
		ir_ja(&g->ir, body);
		ir_place(&g->ir, neg);
		set_text(g, &d, "-");
		ir_mov_imm(&g->ir, pre, 1);
		ir_ja(&g->ir, body);
		ir_place(&g->ir, zero);
		set_text(g, &d, "0");
		ir_mov_imm(&g->ir, pre, 1);
		ir_ja(&g->ir, body);
		ir_place(&g->ir, hex);
		l = ir_label(&g->ir);
		ir_jmp_imm(&g->ir, BPF_JNE, orig, 0, l);
		set_text(g, &d, "0x0");
		ir_mov_imm(&g->ir, pre, 3);
		ir_ja(&g->ir, body);
		ir_place(&g->ir, l);
		set_text(g, &d, "0x");
		ir_mov_imm(&g->ir, pre, 2);
		ir_place(&g->ir, body);
	}
	{
		int from = imm(g, LLTOSTR_DIGITS);

		nd = launder(g, nd, LLTOSTR_DIGITS);
		ir_alu(&g->ir, BPF_SUB, from, nd);
		clamp(g, pre, 0, 3);
		emit_copy(g, &d, pre, d.size, &tmp, from, nd);
	}
	ir_place(&g->ir, done);
	return str_val(g, m, &d, n, out);
}

/*
 * basename(s) and dirname(s), as basename(1) and dirname(1): trailing
 * slashes do not count, "" is ".", and a string of slashes is "/".
 */
static int sema_path1(struct sema *s, struct node *n)
{
	return sema_str_result(s, n, 1, 1, 1);
}

/*
 * One unrolled pass: last, the last character not a slash; seg, where
 * its name starts; dend, where the directory before that name ends
 * (its own trailing slashes left out).
 */
/* One character a turn of a bpf_loop() (cg_loop_begin()). */
static int cg_path1(struct cg *g, struct node *n, struct val *out)
{
	bool base = n->name[0] == 'b';
	struct dstr a, d = result(g);
	struct cg_mark m = cg_mark(g);
	int c = ir_vreg(&g->ir), last, seg, dend, cnt = ir_vreg(&g->ir);
	int dot = ir_label(&g->ir);
	int root = ir_label(&g->ir), done = ir_label(&g->ir);
	int have = ir_label(&g->ir);

	if (str_operand(g, n->list[0], &a))
		return -EINVAL;
	{
		/* values: the string, prev, last, seg, dend */
		int in[] = { str_ptr(g, &a), imm(g, '/'), imm(g, -1), imm(g, 0),
			     imm(g, 0) };
		struct dstr la = { .size = a.size };
		struct cg_loop l;
		int x, same, t, turns = imm(g, lim(g, &a));

		cg_loop_begin(g, &l, in, ARRAY_SIZE(in), 1);
		la.base = l.v[0];
		same = ir_label(&g->ir);
		t = ir_vreg(&g->ir);
		ir_jmp_imm(&g->ir, BPF_JGE, l.idx, lim(g, &a), l.stop);
		x = ld(g, &la, l.idx);
		ir_jmp_imm(&g->ir, BPF_JEQ, x, 0, l.stop);
		cg_loop_set(g, &l, 1, x);
		ir_jmp_imm(&g->ir, BPF_JEQ, x, '/', l.next);
		ir_jmp_imm(&g->ir, BPF_JNE, l.v[1], '/', same);
		ir_mov(&g->ir, t, l.v[2]);
		ir_alu_imm(&g->ir, BPF_ADD, t, 1);
		cg_loop_set(g, &l, 4, t);
		cg_loop_set(g, &l, 3, l.idx);
		ir_place(&g->ir, same);
		cg_loop_set(g, &l, 2, l.idx);
		cg_loop_end(g, &l, turns);
		last = l.v[2];
		seg = l.v[3];
		dend = l.v[4];
	}
	/* Empty: "."; slashes only: "/". */
	ir_jmp_imm(&g->ir, BPF_JSGE, last, 0, have);
	ir_ld(&g->ir, BPF_B, c, a.base, a.off);
	ir_jmp_imm(&g->ir, BPF_JEQ, c, 0, dot);
	ir_ja(&g->ir, root);
	ir_place(&g->ir, have);
	clamp(g, last, 0, lim(g, &a));
	clamp(g, seg, 0, lim(g, &a));
	clamp(g, dend, 0, lim(g, &a));
	if (base) {
		ir_mov(&g->ir, cnt, last);
		ir_alu_imm(&g->ir, BPF_ADD, cnt, 1);
		ir_alu(&g->ir, BPF_SUB, cnt, seg);
		emit_copy(g, &d, -1, d.size, &a, seg, cnt);
	} else {
		ir_jmp_imm(&g->ir, BPF_JEQ, seg, 0, dot);
		ir_jmp_imm(&g->ir, BPF_JEQ, dend, 0, root);
		emit_copy(g, &d, -1, d.size, &a, -1, dend);
	}
	ir_ja(&g->ir, done);
	ir_place(&g->ir, dot);
	set_text(g, &d, ".");
	ir_ja(&g->ir, done);
	ir_place(&g->ir, root);
	set_text(g, &d, "/");
	ir_place(&g->ir, done);
	return str_val(g, m, &d, n, out);
}

/*
 * __dstrnull(s): sema's form of "s == NULL" (ival 0) and "s != NULL"
 * (ival 1) in D.
 */
static int sema_dstrnull(struct sema *s, struct node *n)
{
	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	n->type = type_int(4, true);
	return 0;
}

static int cg_dstrnull(struct cg *g, struct node *n, struct val *out)
{
	struct cg_mark m = cg_mark(g);
	struct val v;
	int r;

	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	if (v.type->kind == TY_STR && v.type->size >= 2)
		r = cg_str_is_null(g, cg_base(&v), v.off);
	else
		r = imm(g, 0);
	if (n->ival)
		ir_alu_imm(&g->ir, BPF_XOR, r, 1);
	return int_val(g, m, out, r, n->type);
}

/*
 * __dpartstr(p): sema's form of probe name part p (probeprov ...) where
 * D takes it as a string (compared with a string that is no literal):
 * the text of the firing probe's part, a string as long as the longest
 * of the clause's probes needs.
 */
static int sema_dpartstr(struct sema *s, struct node *n)
{
	int len;

	if (sema_expr(s, n->list[0]))
		return -EINVAL;
	if (!bi_dtrace_is_part(n->list[0]->type))
		return sema_error(s, n, "__dpartstr( ) takes a probe name's part");
	len = bi_dtrace_part_len(s, n->list[0]);
	if (len < 0)
		return -EINVAL;
	n->type = type_str(len + 1 < d_size(s->c) ? len + 1 : d_size(s->c));
	return 0;
}

static int cg_dpartstr(struct cg *g, struct node *n, struct val *out)
{
	struct dstr d = tmp_str(g, n->type->size);
	struct val v;

	if (cg_expr(g, n->list[0], &v) ||
	    bi_dtrace_part_str(g, n->list[0], cg_reg(g, &v), d.base, d.off,
			       d.size))
		return -EINVAL;
	out->kind = V_STACK;
	out->off = d.off;
	out->base = d.base;
	out->type = n->type;
	return 0;
}

/*
 * __dnullstr(): sema's form of D's NULL stored where a string is kept,
 * the NULL string.
 */
static int sema_dnullstr(struct sema *s, struct node *n)
{
	s->c->null_strs = true;
	n->type = type_str(2);
	return 0;
}

static int cg_dnullstr(struct cg *g, struct node *n, struct val *out)
{
	struct dstr d = tmp_str(g, 2);

	set_null(g, &d);
	return str_val(g, cg_mark(g), &d, n, out);
}

/* htons() ... ntohll(): the value's low bytes in the other order. */
static int sema_swap(struct sema *s, struct node *n)
{
	size_t l = strlen(n->name);
	int size = n->name[l - 1] == 's' ? 2 : n->name[l - 2] == 'l' ? 8 : 4;
	static const char *const protos[9] = {
		[2] = "uint16_t", [4] = "uint32_t", [8] = "uint64_t",
	};

	if (bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, protos[size]))
		return -EINVAL;
	n->type = type_int(size, false);
	return 0;
}

static int cg_swap(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int r = ir_vreg(&g->ir);

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, r, cg_reg(g, &a));
	ir_alu32_imm(&g->ir, BPF_END | BPF_TO_BE, r, n->type->size * 8);
	return bi_int(out, r, n->type);
}

/* rand(): int. */
static int sema_rand(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 0, 0))
		return -EINVAL;
	n->type = type_int(4, true);
	return 0;
}

static int cg_rand(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_prandom_u32);

	ir_alu_imm(&g->ir, BPF_LSH, r, 32);
	ir_alu_imm(&g->ir, BPF_ARSH, r, 32);
	return bi_int(out, r, n->type);
}

/* getmajor(dev), getminor(dev): Linux's dev_t, 12 bits and 20. */
static int sema_devpart(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, "dev_t"))
		return -EINVAL;
	n->type = type_int(4, false);
	return 0;
}

static int cg_devpart(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int r = ir_vreg(&g->ir);

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, r, cg_reg(g, &a));
	if (!strcmp(n->name, "getmajor")) {
		ir_alu_imm(&g->ir, BPF_RSH, r, 20);
		ir_alu_imm(&g->ir, BPF_AND, r, 0xfff);
	} else {
		ir_alu_imm(&g->ir, BPF_AND, r, 0xfffff);
	}
	return bi_int(out, r, n->type);
}

/* Characters of pr_psargs, as psinfo_t declares it (char[80]). */
#define PSARGS_LEN 79

/*
 * __psargs(T), psinfo_t's pr_psargs (30-procfs.d): the first 79 bytes
 * of task T's arguments, from its mm's arg_start, NULs made spaces, as
 * /proc/PID/cmdline shows them in ps.  BPF reads user memory of the
 * current address space only: for a task of another one (or none: a
 * kernel thread) it is "".
 */
static int sema_psargs(struct sema *s, struct node *n)
{
	struct type *ts = type_struct_named ? type_struct_named("task_struct") : NULL;
	struct type *ms = type_struct_named ? type_struct_named("mm_struct") : NULL;

	if (bi_d_nargs(s, n, 1, 1) || sema_expr(s, n->list[0]))
		return -EINVAL;
	if (n->list[0]->type->kind != TY_PTR && n->list[0]->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 0, "struct task_struct *");
	if (bi_member_off(ts, "mm") < 0 || bi_member_off(ms, "arg_start") < 0 ||
	    bi_member_off(ms, "arg_end") < 0)
		return sema_error(s, n, "pr_psargs needs the kernel's BTF description of task_struct's mm and mm_struct's arg_start and arg_end, which this kernel does not give");
	n->type = type_str(d_size(s->c));
	return 0;
}

/* A new register holding the 8 bytes at kernel address addr + off. */
static int read_u64(struct cg *g, int addr, int off)
{
	int slot = cg_alloc(g, 8), a = ir_vreg(&g->ir), r = ir_vreg(&g->ir);

	ir_mov(&g->ir, a, addr);
	ir_alu_imm(&g->ir, BPF_ADD, a, off);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, 8, a);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	return r;
}

static int cg_psargs(struct cg *g, struct node *n, struct val *out)
{
	int mm_off = bi_member_off(type_struct_named("task_struct"), "mm");
	struct type *ms = type_struct_named("mm_struct");
	int done = ir_label(&g->ir), c = ir_vreg(&g->ir), i;
	int task = ir_vreg(&g->ir), mm, cur, start, len, max;
	struct dstr d = result(g);
	struct cg_mark m = cg_mark(g);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	ir_mov(&g->ir, task, cg_reg(g, &a));
	max = d.size - 1 < PSARGS_LEN ? d.size - 1 : PSARGS_LEN;
	ir_jmp_imm(&g->ir, BPF_JEQ, task, 0, done);
	mm = read_u64(g, task, mm_off);
	ir_jmp_imm(&g->ir, BPF_JEQ, mm, 0, done);
	ir_call(&g->ir, BPF_FUNC_get_current_task, 0);
	ir_mov(&g->ir, c, BPF_REG_0);
	cur = read_u64(g, c, mm_off);
	ir_jmp(&g->ir, BPF_JNE, cur, mm, done);
	start = read_u64(g, mm, bi_member_off(ms, "arg_start"));
	len = read_u64(g, mm, bi_member_off(ms, "arg_end"));
	ir_alu(&g->ir, BPF_SUB, len, start);
	ir_jmp_imm(&g->ir, BPF_JSLE, len, 0, done);
	clamp(g, len, 1, max);
	ir_mov(&g->ir, BPF_REG_1, d.base);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, d.off);
	ir_mov(&g->ir, BPF_REG_2, len);
	ir_mov(&g->ir, BPF_REG_3, start);
	ir_call(&g->ir, BPF_FUNC_probe_read_user, 3);
	ir_jmp_imm(&g->ir, BPF_JSLT, BPF_REG_0, 0, done);
	/* Each NUL before the last byte read separates two arguments. */
	for (i = 0; i < max - 1; i++) {
		int keep = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JLE, len, i + 1, done);
		ir_ld(&g->ir, BPF_B, c, d.base, d.off + i);
		ir_jmp_imm(&g->ir, BPF_JNE, c, 0, keep);
		ir_st_imm(&g->ir, BPF_B, d.base, d.off + i, ' ');
		ir_place(&g->ir, keep);
	}
	ir_place(&g->ir, done);
	return str_val(g, m, &d, n, out);
}

/*
 * The subroutines named in user space.  Their type's name holds
 * "strsize,arg": the characters the text is cut to, and the strict flag
 * of inet_ntoa6.
 */
static struct type *named(struct sema *s, struct node *n, int size, int arg)
{
	char b[32];

	snprintf(b, sizeof(b), "%d,%d", d_size(s->c) - 1, arg);
	return type_named(n->bi, size, b);
}

static void named_args(const struct type *t, int *strsize, int *arg)
{
	*strsize = 0;
	*arg = 0;
	if (t->name)
		sscanf(t->name, "%d,%d", strsize, arg);
}

static void put_cut(struct buf *out, const char *s, size_t len, int strsize)
{
	buf_put(out, s, len < (size_t)strsize ? len : (size_t)strsize);
}

/* cleanpath(s): "." and ".." taken out, slashes single, none at the end. */
static int sema_cleanpath(struct sema *s, struct node *n)
{
	if (sema_args(s, n, 1, 1, 1))
		return -EINVAL;
	n->type = named(s, n, d_size(s->c), 0);
	return 0;
}

static int cg_cleanpath(struct cg *g, struct node *n, struct val *out)
{
	struct dstr a, d = result(g);
	struct cg_mark m = cg_mark(g);

	if (str_operand(g, n->list[0], &a))
		return -EINVAL;
	emit_copy(g, &d, -1, d.size, &a, -1, -1);
	return str_val(g, m, &d, n, out);
}

/*
 * As dtrace-utils: lexically, a ".." takes back the name before it, or
 * stays in a relative path that has none; a path that comes to nothing
 * is ".", but "" stays "".
 */
static void show_cleanpath(const struct type *t, const void *p,
			   struct buf *out)
{
	const char *s = p;
	size_t n = strnlen(s, t->size), r = 0, w = 0, floor = 0;
	bool rooted = n && s[0] == '/';
	int strsize, arg;
	char *o;

	named_args(t, &strsize, &arg);
	if (!n)
		return;
	o = xcalloc(n + 3, 1);
	if (rooted) {
		o[w++] = '/';
		r = floor = 1;
	}
	while (r < n) {
		size_t e = r;

		while (e < n && s[e] != '/')
			e++;
		if (e == r || (e - r == 1 && s[r] == '.')) {
			r = e + 1;
			continue;
		}
		if (e - r == 2 && s[r] == '.' && s[r + 1] == '.') {
			if (w > floor) {
				w--;
				while (w > floor && o[w] != '/')
					w--;
			} else if (!rooted) {
				if (w)
					o[w++] = '/';
				o[w++] = '.';
				o[w++] = '.';
				floor = w;
			}
			r = e + 1;
			continue;
		}
		if (w > (rooted ? 1u : 0u))
			o[w++] = '/';
		memcpy(o + w, s + r, e - r);
		w += e - r;
		r = e + 1;
	}
	if (!w)
		o[w++] = '.';
	put_cut(out, o, w, strsize);
	free(o);
}

/* Reads len bytes at addr into the frame at off, or faults as a load. */
static void ntop_read(struct cg *g, int off, int len, int addr)
{
	int ok = ir_label(&g->ir);

	cg_probe_read(g, BPF_REG_10, off, len, addr);
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, addr);
	ir_place(&g->ir, ok);
}

/* inet_ntoa(ipaddr_t *), inet_ntoa6(struct in6_addr *[, strict]). */
static int sema_ntoa(struct sema *s, struct node *n)
{
	bool six = n->name[9] == '6';
	struct node *a;
	int64_t strict = 0;

	if (bi_d_nargs(s, n, 1, six ? 2 : 1))
		return -EINVAL;
	a = n->list[0];
	if (sema_expr(s, a))
		return -EINVAL;
	/* NULL is DTrace's invalid address as it runs. */
	if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 0, six ? "struct in6_addr *" : "ipaddr_t *");
	if (n->nlist == 2) {
		if (bi_d_int_arg(s, n, 1, "int"))
			return -EINVAL;
		if (n->list[1]->kind != N_INT)
			return sema_error(s, n->list[1], "inet_ntoa6( ) argument #2 must be an integer constant");
		strict = n->list[1]->ival != 0;
	}
	n->type = named(s, n, six ? 16 : 8, (int)strict);
	return 0;
}

static int cg_ntoa(struct cg *g, struct node *n, struct val *out)
{
	int size = n->type->size, off = cg_alloc(g, size);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	cg_zero(g, off, size);
	ntop_read(g, off, size == 8 ? 4 : 16, cg_reg(g, &a));
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

/* IPv6 as inet_ntop(3); inet_ntoa6 without strict gives a v4 tail alone. */
static void show_ip6(const uint8_t *ip, bool tail_alone, int strsize,
		     struct buf *out)
{
	char b[INET6_ADDRSTRLEN];
	const char *dot;

	if (!inet_ntop(AF_INET6, ip, b, sizeof(b)))
		return;
	dot = strchr(b, '.');
	if (tail_alone && dot) {
		const char *c = strrchr(b, ':');

		put_cut(out, c + 1, strlen(c + 1), strsize);
		return;
	}
	put_cut(out, b, strlen(b), strsize);
}

static void show_ntoa(const struct type *t, const void *p, struct buf *out)
{
	int strsize, strict;
	char b[INET_ADDRSTRLEN];

	named_args(t, &strsize, &strict);
	if (t->size == 16) {
		show_ip6(p, !strict, strsize, out);
		return;
	}
	if (inet_ntop(AF_INET, p, b, sizeof(b)))
		put_cut(out, b, strlen(b), strsize);
}

/* inet_ntop(af, addr): AF_INET or AF_INET6, as inet_ntop(3). */
static int sema_ntop(struct sema *s, struct node *n)
{
	struct node *a;

	if (bi_d_nargs(s, n, 2, 2) || bi_d_int_arg(s, n, 0, "int"))
		return -EINVAL;
	a = n->list[1];
	if (sema_expr(s, a))
		return -EINVAL;
	/* NULL and a family of neither kind are DTrace's faults as it runs. */
	if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 1, "void *");
	n->type = named(s, n, 24, 0);
	return 0;
}

/* The family at 0, the address at 8: 4 bytes of AF_INET, 16 of AF_INET6. */
static int cg_ntop(struct cg *g, struct node *n, struct val *out)
{
	int off = cg_alloc(g, 24), af = ir_vreg(&g->ir), addr;
	int four = ir_label(&g->ir), done = ir_label(&g->ir), bad = ir_label(&g->ir);
	struct val f, a;

	if (cg_expr(g, n->list[0], &f) || cg_expr(g, n->list[1], &a))
		return -EINVAL;
	addr = cg_reg(g, &a);
	cg_zero(g, off, 24);
	ir_mov(&g->ir, af, cg_reg(g, &f));
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, af);
	ir_jmp_imm(&g->ir, BPF_JNE, af, AF_INET6, four);
	ntop_read(g, off + 8, 16, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, four);
	ir_jmp_imm(&g->ir, BPF_JNE, af, AF_INET, bad);
	ntop_read(g, off + 8, 4, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, bad);
	cg_fault(g, FAULT_ILLOP, -1);
	ir_place(&g->ir, done);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static void show_ntop(const struct type *t, const void *p, struct buf *out)
{
	const uint8_t *b = p;
	uint64_t af;
	int strsize, arg;
	char s[INET_ADDRSTRLEN];

	named_args(t, &strsize, &arg);
	memcpy(&af, b, sizeof(af));
	if (af == AF_INET6)
		show_ip6(b + 8, false, strsize, out);
	else if (af == AF_INET && inet_ntop(AF_INET, b + 8, s, sizeof(s)))
		put_cut(out, s, strlen(s), strsize);
}

#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_dstring[] = {
	FN("strlen", sema_strlen, cg_strlen),
	FN("strjoin", sema_strjoin, cg_strjoin),
	FN("substr", sema_substr, cg_substr),
	FN("index", sema_index, cg_index),
	FN("rindex", sema_index, cg_index),
	FN("strchr", sema_strchr, cg_strchr),
	FN("strrchr", sema_strchr, cg_strchr),
	FN("strstr", sema_strstr, cg_strstr),
	FN("strtok", sema_strtok, cg_strtok),
	FN("lltostr", sema_lltostr, cg_lltostr),
	FN("toupper", sema_case, cg_case),
	FN("tolower", sema_case, cg_case),
	FN("basename", sema_path1, cg_path1),
	FN("dirname", sema_path1, cg_path1),
	FN("htons", sema_swap, cg_swap),
	FN("htonl", sema_swap, cg_swap),
	FN("htonll", sema_swap, cg_swap),
	FN("ntohs", sema_swap, cg_swap),
	FN("ntohl", sema_swap, cg_swap),
	FN("ntohll", sema_swap, cg_swap),
	FN("rand", sema_rand, cg_rand),
	FN("getmajor", sema_devpart, cg_devpart),
	FN("getminor", sema_devpart, cg_devpart),
	FN("__dstrnull", sema_dstrnull, cg_dstrnull),
	FN("__dstroff", sema_substr, cg_substr),
	FN("__dpartstr", sema_dpartstr, cg_dpartstr),
	FN("__dnullstr", sema_dnullstr, cg_dnullstr),
	FN("__psargs", sema_psargs, cg_psargs),
	{ .name = "cleanpath", .func = true, .sema = sema_cleanpath,
	  .cg = cg_cleanpath, .show = show_cleanpath },
	{ .name = "inet_ntoa", .func = true, .sema = sema_ntoa, .cg = cg_ntoa,
	  .show = show_ntoa },
	{ .name = "inet_ntoa6", .func = true, .sema = sema_ntoa, .cg = cg_ntoa,
	  .show = show_ntoa },
	{ .name = "inet_ntop", .func = true, .sema = sema_ntop, .cg = cg_ntop,
	  .show = show_ntop },
	{ .name = NULL },
};
