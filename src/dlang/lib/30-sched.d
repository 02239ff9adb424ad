/*
 * D's built-in library: the sched provider's cpuinfo_t, as the Dynamic
 * Tracing Guide defines it, translated from the kernel's run queue
 * (struct rq: one per CPU), which sched:::enqueue and sched:::dequeue
 * name.  Linux has no processor sets, and a CPU's package and NUMA node
 * are in per-CPU data no run queue points to: cpu_pset, cpu_chip and
 * cpu_lgrp are left out of the translator (D_XLATE_NOCONV).
 *
 * curcpu, the current CPU's, is translated from the CPU's number with
 * what dtrace-utils fills its cpuinfo_t with: the number, the package
 * sysfs gives the CPU (topology/physical_package_id), and 0 for the
 * processor set and the locality group.
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

translator cpuinfo_t < processorid_t C > {
	cpu_id = C;
	cpu_pset = 0;
	cpu_chip = __dcpuchip(C);
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> ((processorid_t)cpu);

/* The current CPU's processor set, package and locality group. */
inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
