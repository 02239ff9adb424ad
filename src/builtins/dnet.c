/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's network subroutines and actions.
 *
 * link_ntop(type, addr): a link-layer address as dtrace-utils writes it,
 * each byte two lowercase hex digits, colons between: 6 bytes of an
 * ARPHRD_ETHER address, 20 of an ARPHRD_INFINIBAND one.  As the inet
 * subroutines, the bytes are read when the clause runs and the text is
 * made when the record is printed.
 *
 * pcap(skb, linktype): the linear part of a struct sk_buff's packet, at
 * most -x pcapsize bytes of it, as dtrace-utils takes it: written to the
 * pcap file freopen() has sent the output to, else dumped as tracemem()
 * dumps bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../lang/types.h"
#include "../runtime/run.h"
#include "../util.h"

#define ARPHRD_ETHER 1
#define ARPHRD_INFINIBAND 32
#define ETH_ALEN 6
#define INFINIBAND_ALEN 20

/* The slot: the type as 8 bytes, then the address's bytes. */
#define LINK_SLOT (8 + 24)

static int sema_link_ntop(struct sema *s, struct node *n)
{
	struct node *a;
	char b[32];

	if (bi_d_nargs(s, n, 2, 2) || bi_d_int_arg(s, n, 0, "int"))
		return -EINVAL;
	a = n->list[1];
	if (sema_expr(s, a) || sema_d_decay(s, a))
		return -EINVAL;
	/* NULL and a type of neither kind are DTrace's faults as it runs. */
	if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 1, "void *");
	snprintf(b, sizeof(b), "%d", s->c->opts.strlen - 1);
	n->type = type_named(n->bi, LINK_SLOT, b);
	return 0;
}

/* Reads len bytes at addr into the slot, or faults as a load would. */
static void link_read(struct cg *g, int off, int len, int addr)
{
	int ok = ir_label(&g->ir);

	cg_probe_read(g, BPF_REG_10, off + 8, len, addr);
	ir_jmp_imm(&g->ir, BPF_JSGE, BPF_REG_0, 0, ok);
	cg_fault(g, FAULT_BADADDR, addr);
	ir_place(&g->ir, ok);
}

static int cg_link_ntop(struct cg *g, struct node *n, struct val *out)
{
	int off = cg_alloc(g, LINK_SLOT), type = ir_vreg(&g->ir), addr;
	int eth = ir_label(&g->ir), bad = ir_label(&g->ir);
	int done = ir_label(&g->ir);
	struct val t, a;

	if (cg_expr(g, n->list[0], &t) || cg_expr(g, n->list[1], &a))
		return -EINVAL;
	addr = cg_reg(g, &a);
	cg_zero(g, off, LINK_SLOT);
	ir_mov(&g->ir, type, cg_reg(g, &t));
	ir_st(&g->ir, BPF_DW, BPF_REG_10, off, type);
	ir_jmp_imm(&g->ir, BPF_JEQ, type, ARPHRD_ETHER, eth);
	ir_jmp_imm(&g->ir, BPF_JNE, type, ARPHRD_INFINIBAND, bad);
	link_read(g, off, INFINIBAND_ALEN, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, eth);
	link_read(g, off, ETH_ALEN, addr);
	ir_ja(&g->ir, done);
	ir_place(&g->ir, bad);
	cg_fault(g, FAULT_ILLOP, -1);
	ir_place(&g->ir, done);
	out->kind = V_STACK;
	out->off = off;
	out->type = n->type;
	return 0;
}

static void show_link_ntop(const struct type *t, const void *p,
			   struct buf *out)
{
	static const char hex[] = "0123456789abcdef";
	const uint8_t *b = p;
	uint64_t type;
	int strsize = 0, len, i, n = 0;
	char s[3 * INFINIBAND_ALEN];

	if (t->name)
		sscanf(t->name, "%d", &strsize);
	memcpy(&type, b, sizeof(type));
	len = type == ARPHRD_INFINIBAND ? INFINIBAND_ALEN : ETH_ALEN;
	for (i = 0; i < len; i++) {
		if (i)
			s[n++] = ':';
		s[n++] = hex[b[8 + i] >> 4];
		s[n++] = hex[b[8 + i] & 0xf];
	}
	buf_put(out, s, n < strsize ? (size_t)n : (size_t)strsize);
}

/* dtrace-utils' capture size where -x pcapsize does not set one. */
#define PCAP_DEFAULT_SIZE 1514

/* The record after its header: time, link type, then the buffer. */
#define PCAP_TIME 0
#define PCAP_TYPE 8
#define PCAP_LEN 16
#define PCAP_DATA 24

/* D's PCAP_IP: libpcap's DLT_RAW, which pcap files call LINKTYPE_RAW. */
#define DLT_RAW 12

static int pcap_size(const struct compiled *c)
{
	return c->opts.pcapsize ? c->opts.pcapsize : PCAP_DEFAULT_SIZE;
}

static int sema_pcap(struct sema *s, struct node *n)
{
	struct type *skb = type_struct_named ? type_struct_named("sk_buff") : NULL;
	struct node *a;

	if (bi_d_nargs(s, n, 2, 2))
		return -EINVAL;
	a = n->list[0];
	if (sema_expr(s, a) || sema_d_decay(s, a))
		return -EINVAL;
	if (a->type->kind != TY_PTR && a->type->kind != TY_INT)
		return bi_d_proto_arg(s, n, 0, "void *");
	if (bi_d_int_arg(s, n, 1, "int"))
		return -EINVAL;
	if (bi_member_off(skb, "len") < 0 || bi_member_off(skb, "data_len") < 0 ||
	    bi_member_off(skb, "data") < 0)
		return sema_error(s, n, "pcap( ) reads struct sk_buff's len, data_len and data, which this kernel's BTF does not describe");
	n->type = type_simple(TY_NONE);
	return 0;
}

/* Reads size bytes at off into skb into frame slot at, zeros if it cannot. */
static int skb_read(struct cg *g, int at, int size, int skb, int off)
{
	int src = ir_vreg(&g->ir), r = ir_vreg(&g->ir);

	ir_mov(&g->ir, src, skb);
	ir_alu_imm(&g->ir, BPF_ADD, src, off);
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, at, 0);
	ir_mov(&g->ir, BPF_REG_1, BPF_REG_10);
	ir_alu_imm(&g->ir, BPF_ADD, BPF_REG_1, at);
	ir_mov_imm(&g->ir, BPF_REG_2, size);
	ir_mov(&g->ir, BPF_REG_3, src);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	ir_ld(&g->ir, size == 4 ? BPF_W : BPF_DW, r, BPF_REG_10, at);
	return r;
}

/*
 * As dtrace-utils: an address that cannot be read is no fault, but a
 * packet of no bytes, which nothing prints.
 */
static int cg_pcap(struct cg *g, struct node *n, struct val *out)
{
	struct type *sk = type_struct_named("sk_buff");
	int cap = pcap_size(g->c), base = sizeof(struct rec_hdr);
	int tmp = cg_alloc(g, 8), skip = ir_label(&g->ir), ok = ir_label(&g->ir);
	int skb, len, dlen, data, rec, dst = ir_vreg(&g->ir);
	struct val a, t;

	out->kind = V_NONE;
	if (cg_expr(g, n->list[0], &a) || cg_expr(g, n->list[1], &t))
		return -EINVAL;
	skb = ir_vreg(&g->ir);
	ir_mov(&g->ir, skb, cg_reg(g, &a));
	len = skb_read(g, tmp, 4, skb, bi_member_off(sk, "len"));
	dlen = skb_read(g, tmp, 4, skb, bi_member_off(sk, "data_len"));
	/* The linear part: a data_len past len wraps, and is cut to cap. */
	ir_alu(&g->ir, BPF_SUB, len, dlen);
	ir_jmp_imm(&g->ir, BPF_JLE, len, cap, ok);
	ir_mov_imm(&g->ir, len, cap);
	ir_place(&g->ir, ok);
	data = skb_read(g, tmp, 8, skb, bi_member_off(sk, "data"));
	rec = cg_record_begin(g, REC_PCAP, 0, PCAP_DATA + cap, skip);
	ir_call(&g->ir, BPF_FUNC_ktime_get_ns, 0);
	ir_st(&g->ir, BPF_DW, rec, base + PCAP_TIME, BPF_REG_0);
	ir_st(&g->ir, BPF_DW, rec, base + PCAP_TYPE, cg_reg(g, &t));
	ir_st(&g->ir, BPF_DW, rec, base + PCAP_LEN, len);
	ir_mov(&g->ir, dst, rec);
	ir_alu_imm(&g->ir, BPF_ADD, dst, base + PCAP_DATA);
	ir_mov(&g->ir, BPF_REG_1, dst);
	ir_mov(&g->ir, BPF_REG_2, len);
	ir_mov(&g->ir, BPF_REG_3, data);
	ir_call(&g->ir, BPF_FUNC_probe_read_kernel, 3);
	cg_record_end(g, rec, false);
	ir_place(&g->ir, skip);
	return 0;
}

static uint64_t mono_to_real(void)
{
	struct timespec r, m;

	clock_gettime(CLOCK_REALTIME, &r);
	clock_gettime(CLOCK_MONOTONIC, &m);
	return (uint64_t)(r.tv_sec - m.tv_sec) * 1000000000ULL +
	       (uint64_t)(r.tv_nsec - m.tv_nsec);
}

static int rt_pcap(struct runtime *rt, const struct rec_hdr *h,
		   const void *data, size_t size)
{
	static struct type *dump;
	const char *p = (const char *)data;
	uint64_t ts, type, len;
	struct fmt_arg arg = { .offset = 0 };
	struct fmt_spec fs = { .fmt = "%r", .args = &arg, .nargs = 1 };
	struct buf b = { 0 };
	FILE *f;
	int ret;

	if (size < PCAP_DATA)
		return -EINVAL;
	memcpy(&ts, p + PCAP_TIME, 8);
	memcpy(&type, p + PCAP_TYPE, 8);
	memcpy(&len, p + PCAP_LEN, 8);
	if (len > size - PCAP_DATA)
		return -EINVAL;
	/* An skb that could not be read: nothing to capture. */
	if (!len)
		return 0;
	if (rt->out_path) {
		f = pcap_set_file(&rt->pcaps, rt->out_path,
				  type == DLT_RAW ? PCAP_LINKTYPE_RAW : (uint32_t)type,
				  pcap_size(rt->c));
		/* Another link type in the same file: left out, as in dtrace. */
		if (!f)
			return errno == EINVAL ? 0 : -errno;
		ret = pcap_packet(f, ts + mono_to_real(), p + PCAP_DATA,
				  (uint32_t)len);
		return ret;
	}
	/* One type for every dump: the record's length says how much. */
	if (!dump || dump->size != 8 + pcap_size(rt->c))
		dump = type_buf(pcap_size(rt->c));
	arg.type = dump;
	fs.size = dump->size;
	ret = rt->sink && rt->sink->format_rec ?
	      rt->sink->format_rec(rt->sink->arg, &fs, p + PCAP_LEN, &b) :
	      print_format(&rt->out, &fs, p + PCAP_LEN, &b);
	if (!ret)
		run_emit(rt, "printf", b.p, b.len);
	buf_free(&b);
	return ret;
}

static int sema_unimplemented(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, n->name[0] == 'd' ? 2 : 1, n->name[0] == 'd' ? 2 : 1))
		return -EINVAL;
	return sema_error(s, n, "[D_FUNC_UNDEF] unimplemented subroutine: %s",
			  n->name);
}

const struct builtin builtin_dnet[] = {
	{ .name = "msgsize", .func = true, .sema = sema_unimplemented },
	{ .name = "msgdsize", .func = true, .sema = sema_unimplemented },
	{ .name = "ddi_pathname", .func = true, .sema = sema_unimplemented },
	{ .name = "link_ntop", .func = true, .sema = sema_link_ntop,
	  .cg = cg_link_ntop, .show = show_link_ntop },
	{ .name = "pcap", .func = true, .rec_kind = REC_PCAP, .sema = sema_pcap,
	  .cg = cg_pcap, .rt = rt_pcap },
	{ .name = NULL },
};
