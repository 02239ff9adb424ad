/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's CPU variables beyond cpu: curcpu's cpuinfo_t (30-sched.d
 * translates it from the CPU's number, with __dcpuchip() for its
 * package) and ipl, as dtrace-utils has them on Linux.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "internal.h"
#include "../lang/types.h"
#include "../util.h"

/* CPUs first..last sit in package chip. */
struct chip_range {
	int first, last, chip;
};

/*
 * The CPUs' packages, as sysfs numbers them (topology/physical_package_id
 * of each cpuN, 0 where unreadable, as dtrace-utils leaves it), in runs
 * of consecutive CPUs: read once, when a program first asks.
 */
static struct chip_range *chip_ranges(int *n)
{
	static struct chip_range *ranges;
	static int nranges = -1;
	char path[96], *text;
	int cpu, chip;

	if (nranges >= 0) {
		*n = nranges;
		return ranges;
	}
	nranges = 0;
	for (cpu = 0;; cpu++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
		if (access(path, F_OK))
			break;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
			 cpu);
		text = util_read_file(path, NULL);
		chip = text ? atoi(text) : 0;
		free(text);
		if (nranges && ranges[nranges - 1].chip == chip &&
		    ranges[nranges - 1].last == cpu - 1) {
			ranges[nranges - 1].last = cpu;
			continue;
		}
		ranges = xrealloc(ranges, (nranges + 1) * sizeof(*ranges));
		ranges[nranges++] = (struct chip_range){ cpu, cpu, chip };
	}
	*n = nranges;
	return ranges;
}

static int sema_cpuchip(struct sema *s, struct node *n)
{
	if (bi_d_nargs(s, n, 1, 1) || bi_d_int_arg(s, n, 0, "processorid_t"))
		return -EINVAL;
	n->type = type_int(4, true);
	return 0;
}

/*
 * __dcpuchip(C): CPU C's package, a constant where every CPU has the
 * same one, else the test of C against each run of CPUs.
 */
static int cg_cpuchip(struct cg *g, struct node *n, struct val *out)
{
	int nr, i, r = ir_vreg(&g->ir), c;
	const struct chip_range *cr = chip_ranges(&nr);
	struct val a;

	if (cg_expr(g, n->list[0], &a))
		return -EINVAL;
	c = cg_reg(g, &a);
	ir_mov_imm(&g->ir, r, nr ? cr[0].chip : 0);
	for (i = 1; i < nr; i++) {
		int skip = ir_label(&g->ir);

		ir_jmp_imm(&g->ir, BPF_JSLT, c, cr[i].first, skip);
		ir_jmp_imm(&g->ir, BPF_JSGT, c, cr[i].last, skip);
		ir_mov_imm(&g->ir, r, cr[i].chip);
		ir_place(&g->ir, skip);
	}
	return bi_int(out, r, n->type);
}

/*
 * ipl: Linux has no interrupt priority level; dtrace-utils declares ipl
 * (a uint_t) and faults every read of it with an illegal operation.
 */
static int cg_ipl(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	cg_fault(g, FAULT_ILLOP, -1);
	ir_mov_imm(&g->ir, r, 0);
	return bi_int(out, r, n->type);
}

const struct builtin builtin_dcpu[] = {
	{ .name = "__dcpuchip", .func = true, .sema = sema_cpuchip,
	  .cg = cg_cpuchip },
	{ .name = "ipl", .sema = bi_sema_u32, .cg = cg_ipl },
	{ .name = NULL },
};
