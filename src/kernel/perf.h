/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PERF_H
#define FERRET_PERF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* perf_open()'s excl: the modes whose events an event leaves out. */
#define PERF_EXCL_USER		1u
#define PERF_EXCL_KERNEL	2u

/*
 * perf_event_open(2) for system-wide events (pid -1) on one CPU.  The
 * event starts disabled; perf_attach() enables it.  period is a sample
 * period, or a frequency in Hz when freq is set; excl has PERF_EXCL_*
 * bits.  fd or -errno.
 */
int perf_open(uint32_t type, uint64_t config, uint64_t period, bool freq,
	      unsigned excl, int cpu);

/*
 * A tracepoint event by tracefs id.  One event on any CPU is enough: a
 * BPF program attached to it runs for hits on every CPU.
 */
int perf_open_tracepoint(int id);

/*
 * A uprobe or kprobe through perf's dynamic PMU (pmu "uprobe" or
 * "kprobe" under /sys/bus/event_source/devices): the probe exists exactly
 * as long as the fd, so nothing stays registered in tracefs after a
 * crash.  uprobe: target is the file, offset a file offset; kprobe:
 * target is the function, offset within it.  ref_ctr_offset is a USDT
 * semaphore's file offset (0: none), which the kernel counts up while
 * the probe exists.  pid -1 probes every process.  fd or -errno.
 */
int perf_open_probe(const char *pmu, const char *target, uint64_t offset,
		    bool retprobe, int pid, uint64_t ref_ctr_offset);

/*
 * Attaches prog_fd to the perf event pfd and enables it.  With BPF perf
 * links (Linux 5.15) the link fd goes to *link_fd and cookie reaches
 * bpf_get_attach_cookie(); otherwise PERF_EVENT_IOC_SET_BPF is used,
 * *link_fd is -1, pfd alone holds the attachment and the program reads
 * a cookie of 0.  0 or -errno.
 */
int perf_attach(int pfd, int prog_fd, uint64_t cookie, int *link_fd);

/*
 * Parses a CPU list, "0-3,5,7-8" (a newline may end it), into an array
 * in the list's order: the count, *out malloc'd, or -EINVAL.
 */
int perf_parse_cpus(const char *s, int **out);

/*
 * Online CPUs from /sys/devices/system/cpu/online, read once.  Returns
 * the count and points *cpus at a sorted array owned by this module, or
 * -errno.
 */
int perf_online_cpus(const int **cpus);

/* The first online CPU (0 if that cannot be read). */
int perf_first_cpu(void);

/*
 * Describes why opening an event failed: "hardware event 'cycles' is not
 * available: ..." and similar.  what names the event as the user wrote
 * it; type is PERF_TYPE_*; err is the negative errno.
 */
void perf_strerror(char *buf, size_t len, uint32_t type, const char *what,
		   uint64_t period, bool freq, int err);

#endif
