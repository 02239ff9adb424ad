/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_FEATURES_H
#define FERRET_FEATURES_H

#include <stdbool.h>

/*
 * What this kernel can do.  Each check runs once, on first use, and is
 * cached.  When a feature is missing and why is not NULL, *why gets a
 * sentence saying what is missing (static storage); when it is present
 * *why is set to "".
 */
bool feat_ringbuf(const char **why);		/* BPF_MAP_TYPE_RINGBUF */
bool feat_perf_link(const char **why);		/* BPF links on perf events */
/*
 * bpf_get_attach_cookie() in programs of this bpf_prog_type, and a way
 * to set the cookie when attaching them (perf links for tracepoint,
 * perf_event and kprobe programs; the 6.10 raw_tracepoint_open cookie
 * for raw tracepoints).
 */
bool feat_cookie(int prog_type, const char **why);
bool feat_kprobes(const char **why);
bool feat_write_user(const char **why);	/* bpf_probe_write_user() */
bool feat_override(const char **why);		/* bpf_override_return() */
bool feat_uprobes(const char **why);
bool feat_btf(const char **why);		/* /sys/kernel/btf/vmlinux */
bool feat_hw_pmu(const char **why);		/* PERF_TYPE_HARDWARE events */
bool feat_fentry(const char **why);		/* BPF trampolines */
/* CAP_SYS_ADMIN, or CAP_BPF and CAP_PERFMON */
bool feat_privileged(const char **why);
/*
 * Whether this process is in the initial pid namespace: BPF helpers
 * give the kernel's process ids, which are the ones it sees only there.
 */
bool feat_init_pid_ns(const char **why);

/*
 * Whether kernel code may be preempted anywhere (preempt=full or lazy,
 * PREEMPT_RT) rather than only where it schedules.  Every BPF program
 * runs with migration disabled, but only on a kernel that is not
 * preemptible is one on a CPU sure to finish before that CPU runs another
 * task.  true when it cannot be told.
 */
bool feat_preemptible(void);

/* The kernel lockdown mode ("none", "integrity", ...), or NULL if unknown. */
const char *feat_lockdown(void);

#endif
