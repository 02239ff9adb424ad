/*
 * D's built-in library: the sched provider's cpuinfo_t, as the Dynamic
 * Tracing Guide defines it, translated from the kernel's run queue
 * (struct rq: one per CPU), which sched:::enqueue and sched:::dequeue
 * name.  Linux has no processor sets, and a CPU's package and NUMA node
 * are in per-CPU data no run queue points to: cpu_pset, cpu_chip and
 * cpu_lgrp are left out of the translator (D_XLATE_NOCONV).
 */

typedef id_t chipid_t;
typedef id_t lgrp_id_t;

typedef struct cpuinfo {
	processorid_t cpu_id;		/* the CPU's number */
	psetid_t cpu_pset;		/* processor set: none */
	chipid_t cpu_chip;		/* package: not known */
	lgrp_id_t cpu_lgrp;		/* locality group: not known */
} cpuinfo_t;

translator cpuinfo_t < struct rq *R > {
	cpu_id = R->cpu;
};
