/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Watchpoints while tracing: unwatch(ADDR) removes the watchpoints on
 * ADDR, and the records of armed probes (watchpoint:FUNC+argN, see
 * provider.h) set one.  In BPF they only send a record; user space
 * attaches and detaches, as bpftrace does.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../compile/compile.h"
#include "../providers/provider.h"

/* bpftrace's words for a breakpoint the debug registers cannot hold. */
#define WATCH_FULL "Failed to attach watchpoint probe. You are out of watchpoint registers."

static int sema_unwatch(struct sema *s, struct node *n)
{
	n->type = type_simple(TY_NONE);
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	return 0;
}

static int cg_unwatch(struct cg *g, struct node *n, struct val *out)
{
	int skip = ir_label(&g->ir), rec, addr;
	struct val v;

	if (cg_expr(g, n->list[0], &v))
		return -EINVAL;
	addr = cg_reg(g, &v);
	rec = cg_record_begin(g, REC_UNWATCH, 0, sizeof(uint64_t), skip);
	ir_st(&g->ir, BPF_DW, rec, sizeof(struct rec_hdr), addr);
	cg_record_end(g, rec, false);
	ir_place(&g->ir, skip);
	out->kind = V_NONE;
	out->type = n->type;
	return 0;
}

/*
 * Every watchpoint on the address goes, whichever probe set it; an
 * address nothing watches is no error (bpftrace's unwatch is silent).
 */
static int rt_unwatch(struct runtime *rt, const struct rec_hdr *h,
		      const void *data, size_t len)
{
	uint64_t addr;
	int i, kept = 0;

	if (len < sizeof(addr))
		return -EINVAL;
	memcpy(&addr, data, sizeof(addr));
	for (i = 0; i < rt->watches.n; i++) {
		struct run_watch *w = rt->watches.v[i];

		if (w->addr != addr) {
			rt->watches.v[kept++] = w;
			continue;
		}
		fdset_close(&w->fds);
		free(w);
	}
	rt->watches.n = kept;
	return 0;
}

static void watch_full(struct runtime *rt)
{
	size_t n = strlen(WATCH_FULL);

	if (rt->out.format == OUT_JSON) {
		run_emit(rt, "lost_events", WATCH_FULL, n);
		return;
	}
	run_emit(rt, "lost_events", WATCH_FULL "\n", n + 1);
}

/* The program that serves armed instance pi, and pi's cookie. */
static const struct cattach *watch_attachment(struct compiled *c,
					      const struct probe_inst *pi)
{
	int i;

	for (i = 0; i < c->attach.n; i++) {
		const struct cattach *at = c->attach.v[i];

		if (at->pi == pi)
			return at;
	}
	return NULL;
}

/*
 * An arm found the address for its probe: a watchpoint there, unless it
 * is the address the probe was last armed with, then the process goes
 * on if the arm stopped it.  With the debug registers all taken, the
 * probe is told so, as bpftrace tells it, and tracing goes on; any other
 * failure ends the run.
 */
static int rt_arm(struct runtime *rt, const struct rec_hdr *h,
		  const void *data, size_t len)
{
	struct compiled *c = rt->c;
	const struct cattach *at;
	struct probe_inst *pi;
	struct run_watch *w;
	pid_t target = provider_pid > 0 ? provider_pid : provider_cpid;
	char msg[512] = "";
	uint64_t addr;
	int err;

	if (len < sizeof(addr) || h->id >= (uint32_t)c->probes.n)
		return -EINVAL;
	pi = c->probes.v[h->id];
	at = watch_attachment(c, pi);
	if (!pi->arm || !at)
		return -EINVAL;
	memcpy(&addr, data, sizeof(addr));
	if (addr != pi->addr) {
		pi->addr = addr;
		w = xcalloc(1, sizeof(*w));
		w->pi = pi;
		w->addr = addr;
		err = pi->prov->attach(pi, ((struct cprog *)c->progs.v[at->prog])->fd,
				       at->cookie, &w->fds, msg, sizeof(msg));
		if (!err) {
			vec_push(&rt->watches, w);
		} else {
			fdset_close(&w->fds);
			free(w);
		}
		if (err == -ENOSPC) {
			watch_full(rt);
		} else if (err) {
			fprintf(stderr, "ferret: cannot attach %s: %s\n",
				pi->name, msg[0] ? msg : strerror(-err));
			rt->failed = rt->exiting = true;
		}
	}
	if (pi->arm_stop && target > 0 && kill(target, SIGCONT)) {
		fprintf(stderr, "ferret: cannot continue process %d after setting its watchpoint: %s\n",
			(int)target, strerror(errno));
		rt->failed = rt->exiting = true;
	}
	return 0;
}

#define FN(n, k, s, c, r) { .name = n, .func = true, .rec_kind = k, \
			    .sema = s, .cg = c, .rt = r }

const struct builtin builtin_watch[] = {
	FN("unwatch", REC_UNWATCH, sema_unwatch, cg_unwatch, rt_unwatch),
	/* Not callable: the arms' records (cg_arm). */
	FN("watchpoint arm", REC_ARM, NULL, NULL, rt_arm),
	{ .name = NULL },
};
