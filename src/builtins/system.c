/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the system names: username, cgroup, numaid, jiffies, the stack
 * arguments sarg0..sarg9; strerror(), strftime(), cgroupid(), and the
 * address-space annotations kptr() and uptr().  Names (users, errno
 * messages, times) are made in user space from the integer the kernel
 * sends.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../providers/provider.h"

static int sema_username(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_USERNAME);
	return 0;
}

static int cg_username(struct cg *g, struct node *n, struct val *out)
{
	int r = bi_call0(g, BPF_FUNC_get_current_uid_gid);

	ir_alu32_imm(&g->ir, BPF_AND, r, -1);
	return bi_int(out, r, n->type);
}


static int cg_cgroup(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, bi_call0(g, BPF_FUNC_get_current_cgroup_id), n->type);
}

static int cg_numaid(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, bi_call0(g, BPF_FUNC_get_numa_node_id), n->type);
}

static int cg_jiffies(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, bi_call0(g, BPF_FUNC_jiffies64), n->type);
}

/*
 * sargN: the Nth argument passed on the stack (x86-64: above the return
 * address at the probed function's entry), for probes with registers.
 */
static int sema_sarg(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		if (provider_ptregs_offset(pi, "sp") < 0)
			return sema_error(s, n, "%s needs the stack pointer, which %s does not have",
					  n->name, pi->name);
	}
	n->type = type_int(8, false);
	return 0;
}

static int cg_sarg(struct cg *g, struct node *n, struct val *out)
{
	int k = atoi(n->name + 4), sp = ir_vreg(&g->ir), slot = cg_alloc(g, 8);
	int r = ir_vreg(&g->ir);

	ir_ld(&g->ir, BPF_DW, sp, g->ctx, provider_ptregs_offset(g->pi, "sp"));
	ir_alu_imm(&g->ir, BPF_ADD, sp, 8 * (k + 1));
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, 8, sp);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	return bi_int(out, r, n->type);
}

static int sema_strerror(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	n->type = type_simple(TY_STRERROR);
	return 0;
}

/* An integer argument, handed on as the value of the call's type. */
static int cg_retype(struct cg *g, struct node *n, struct val *out)
{
	struct val a;
	int r;

	if (cg_expr(g, n->list[n->nlist - 1], &a))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &a));
	return bi_int(out, r, n->type);
}

/* strftime(fmt, ns): fmt a string literal, ns from nsecs. */
static int sema_strftime(struct sema *s, struct node *n)
{
	struct type *t;

	if (bi_nargs(s, n, 2, 2) || bi_int_arg(s, n, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "strftime() expects a string literal as its format");
	t = type_new();
	t->kind = TY_TIMESTAMP;
	t->size = 8;
	t->name = xstrdup(n->list[0]->str);
	n->type = t;
	return 0;
}

/*
 * cgroupid(path): the id the kernel gives the cgroup2 directory at path
 * (its file handle), found now; bpf_get_current_cgroup_id() answers in
 * the same terms.
 */
static int sema_cgroupid(struct sema *s, struct node *n)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} h;
	int mount_id;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "cgroupid() expects a string literal");
	n->type = type_int(8, false);
	h.fh.handle_bytes = sizeof(h.id);
	if (name_to_handle_at(AT_FDCWD, n->list[0]->str, &h.fh, &mount_id, 0) ||
	    h.fh.handle_bytes != sizeof(h.id))
		return sema_error(s, n->list[0],
				  "Failed to get `cgroupid` for path: \"%s\": %s",
				  n->list[0]->str, strerror(errno ? errno : EINVAL));
	memcpy(&n->ival, h.fh.f_handle, sizeof(h.id));
	return 0;
}

static int cg_cgroupid(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, (int64_t)n->ival);
	return bi_int(out, r, n->type);
}

/* kptr(p), uptr(p): which address space p is in; x86 reads both alike. */
static int sema_asptr(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_addr_arg(s, n, 0))
		return -EINVAL;
	n->type = n->list[0]->type;
	return 0;
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_system[] = {
	VAR("username", sema_username, cg_username),
	VAR("cgroup", bi_sema_u64, cg_cgroup),
	VAR("numaid", bi_sema_u32, cg_numaid),
	VAR("jiffies", bi_sema_u64, cg_jiffies),
	VAR("sarg0", sema_sarg, cg_sarg), VAR("sarg1", sema_sarg, cg_sarg),
	VAR("sarg2", sema_sarg, cg_sarg), VAR("sarg3", sema_sarg, cg_sarg),
	VAR("sarg4", sema_sarg, cg_sarg), VAR("sarg5", sema_sarg, cg_sarg),
	VAR("sarg6", sema_sarg, cg_sarg), VAR("sarg7", sema_sarg, cg_sarg),
	VAR("sarg8", sema_sarg, cg_sarg), VAR("sarg9", sema_sarg, cg_sarg),
	FN("strerror", sema_strerror, cg_retype),
	FN("strftime", sema_strftime, cg_retype),
	FN("cgroupid", sema_cgroupid, cg_cgroupid),
	FN("kptr", sema_asptr, cg_retype),
	FN("uptr", sema_asptr, cg_retype),
	{ .name = NULL },
};
