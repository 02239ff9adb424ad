/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>

#include "util.h"
#include "kernel/features.h"
#include "kernel/perf.h"

int perf_open(uint32_t type, uint64_t config, uint64_t period, bool freq,
	      unsigned excl, int cpu)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.type = type;
	attr.size = sizeof(attr);
	attr.config = config;
	attr.disabled = 1;
	attr.exclude_user = !!(excl & PERF_EXCL_USER);
	attr.exclude_kernel = !!(excl & PERF_EXCL_KERNEL);
	if (freq) {
		attr.freq = 1;
		attr.sample_freq = period;
	} else {
		attr.sample_period = period;
	}
	fd = syscall(__NR_perf_event_open, &attr, -1, cpu, -1,
		     PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int perf_open_tracepoint(int id)
{
	return perf_open(PERF_TYPE_TRACEPOINT, id, 1, false, 0,
			 perf_first_cpu());
}

/* Reads an integer from a sysfs file of a dynamic PMU; -errno. */
static int pmu_read_int(const char *pmu, const char *file, long *v)
{
	char path[128], *text;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s",
		 pmu, file);
	text = util_read_file(path, NULL);
	if (!text)
		return errno ? -errno : -EIO;
	*v = strtol(text, NULL, 10);
	free(text);
	return 0;
}

/* The first bit of a PMU format field ("config:0", "config:32-63"). */
static int pmu_format_shift(const char *pmu, const char *field)
{
	char path[128], *text;
	int shift = -ENOENT;

	snprintf(path, sizeof(path),
		 "/sys/bus/event_source/devices/%s/format/%s", pmu, field);
	text = util_read_file(path, NULL);
	if (!text)
		return -errno;
	if (!strncmp(text, "config:", 7))
		shift = atoi(text + 7);
	free(text);
	return shift;
}

int perf_open_probe(const char *pmu, const char *target, uint64_t offset,
		    bool retprobe, int pid, uint64_t ref_ctr_offset)
{
	struct perf_event_attr attr;
	long type = 0;
	int fd, shift, err;

	err = pmu_read_int(pmu, "type", &type);
	if (err)
		return err;
	memset(&attr, 0, sizeof(attr));
	attr.type = type;
	attr.size = sizeof(attr);
	attr.sample_period = 1;
	attr.disabled = 1;
	if (retprobe) {
		shift = pmu_format_shift(pmu, "retprobe");
		if (shift < 0)
			return shift;
		attr.config |= 1ULL << shift;
	}
	if (ref_ctr_offset) {
		shift = pmu_format_shift(pmu, "ref_ctr_offset");
		if (shift < 0)
			return shift;
		attr.config |= ref_ctr_offset << shift;
	}
	attr.config1 = (uint64_t)(uintptr_t)target;
	attr.config2 = offset;
	/* pid -1 needs a CPU; the program still runs for hits on every CPU. */
	fd = syscall(__NR_perf_event_open, &attr, pid,
		     pid < 0 ? perf_first_cpu() : -1, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int perf_attach(int pfd, int prog_fd, uint64_t cookie, int *link_fd)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts,
		    .perf_event.bpf_cookie = cookie);
	int link = -1, err;

	*link_fd = -1;
	if (feat_perf_link(NULL)) {
		link = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &opts);
		if (link < 0)
			return -errno;
	} else if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd)) {
		return -errno;
	}
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0)) {
		err = -errno;
		if (link >= 0)
			close(link);
		return err;
	}
	*link_fd = link;
	return 0;
}

int perf_parse_cpus(const char *s, int **out)
{
	int *cpus = NULL, n = 0, cap = 0;
	long lo, hi, c;
	char *end;

	while (*s && *s != '\n') {
		lo = strtol(s, &end, 10);
		if (end == s || lo < 0)
			goto bad;
		hi = lo;
		s = end;
		if (*s == '-') {
			hi = strtol(s + 1, &end, 10);
			if (end == s + 1 || hi < lo)
				goto bad;
			s = end;
		}
		for (c = lo; c <= hi; c++) {
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				cpus = xrealloc(cpus, cap * sizeof(*cpus));
			}
			cpus[n++] = (int)c;
		}
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			goto bad;
	}
	if (!n)
		goto bad;
	*out = cpus;
	return n;
bad:
	free(cpus);
	return -EINVAL;
}

int perf_online_cpus(const int **cpus)
{
	static int *online;
	static int n;
	char *text;

	if (!online) {
		text = util_read_file("/sys/devices/system/cpu/online", NULL);
		if (!text)
			return -errno;
		n = perf_parse_cpus(text, &online);
		free(text);
		if (n < 0)
			return n;
	}
	*cpus = online;
	return n;
}

int perf_first_cpu(void)
{
	const int *cpus = NULL;

	return perf_online_cpus(&cpus) > 0 ? cpus[0] : 0;
}

static long perf_max_sample_rate(void)
{
	char *text = util_read_file("/proc/sys/kernel/perf_event_max_sample_rate",
				    NULL);
	long v = text ? strtol(text, NULL, 10) : -1;

	free(text);
	return v;
}

void perf_strerror(char *buf, size_t len, uint32_t type, const char *what,
		   uint64_t period, bool freq, int err)
{
	long max;

	if (type == PERF_TYPE_HARDWARE &&
	    (err == -ENOENT || err == -EOPNOTSUPP || err == -ENODEV)) {
		snprintf(buf, len,
			 "hardware event '%s' is not available: this CPU has no performance monitoring unit (PMU) exposed to the kernel",
			 what);
		return;
	}
	if (freq && err == -EINVAL) {
		max = perf_max_sample_rate();
		if (max > 0 && period > (uint64_t)max) {
			snprintf(buf, len,
				 "%s: %llu Hz is above the kernel's limit of %ld Hz (sysctl kernel.perf_event_max_sample_rate)",
				 what, (unsigned long long)period, max);
			return;
		}
	}
	if (err == -EACCES || err == -EPERM) {
		snprintf(buf, len,
			 "%s: perf_event_open: %s (needs root or CAP_PERFMON)",
			 what, strerror(-err));
		return;
	}
	snprintf(buf, len, "%s: perf_event_open: %s", what, strerror(-err));
}
