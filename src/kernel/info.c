/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --info: what this kernel offers BPF tracing, in bpftrace's layout.
 * Helpers, map and program types are probed by loading or creating the
 * smallest object of each (libbpf's probes); the rest comes from
 * features.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "info.h"
#include "features.h"

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

static bool helper_ok(enum bpf_prog_type type, enum bpf_func_id id)
{
	return libbpf_probe_bpf_helper(type, id, NULL) == 1;
}

static bool map_ok(enum bpf_map_type type)
{
	return libbpf_probe_bpf_map_type(type, NULL) == 1;
}

static bool prog_ok(enum bpf_prog_type type)
{
	return libbpf_probe_bpf_prog_type(type, NULL) == 1;
}

/*
 * Loads a program of n instructions (n - 1 moves and an exit): the
 * verifier's limit is 4096 instructions before Linux 5.2, a million
 * after.
 */
static bool load_n(int n)
{
	struct bpf_insn *insn = calloc(n, sizeof(*insn));
	int i, fd;

	if (!insn)
		return false;
	for (i = 0; i < n - 1; i++)
		insn[i] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					     .dst_reg = BPF_REG_0 };
	insn[n - 1] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL", insn, n,
			   NULL);
	free(insn);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* A bounded loop: r0 counts to 4 with a backward jump (Linux 5.3). */
static bool loops_ok(void)
{
	static const struct bpf_insn insn[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_0, .imm = 1 },
		{ .code = BPF_JMP | BPF_JLT | BPF_K, .dst_reg = BPF_REG_0,
		  .off = -2, .imm = 4 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL", insn,
			       sizeof(insn) / sizeof(insn[0]), NULL);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* BPF_MAP_LOOKUP_BATCH on an empty hash map answers ENOENT when known. */
static bool map_batch_ok(void)
{
	uint32_t keys[1], vals[1], count = 1;
	uint64_t batch = 0;
	int fd = bpf_map_create(BPF_MAP_TYPE_HASH, NULL, 4, 4, 1, NULL);
	int err;

	if (fd < 0)
		return false;
	err = bpf_map_lookup_batch(fd, NULL, &batch, keys, vals, &count, NULL);
	close(fd);
	return !err || errno == ENOENT;
}

static bool release_at_least(const struct utsname *u, int major, int minor)
{
	int a = 0, b = 0;

	if (sscanf(u->release, "%d.%d", &a, &b) < 2)
		return false;
	return a > major || (a == major && b >= minor);
}

int info_print(FILE *f)
{
	enum bpf_prog_type kp = BPF_PROG_TYPE_KPROBE;
	struct utsname u;

	if (uname(&u))
		return -errno;
	fprintf(f, "System\n");
	fprintf(f, "  OS: %s %s %s\n", u.sysname, u.release, u.version);
	fprintf(f, "  Arch: %s\n\n", u.machine);

	fprintf(f, "Build\n");
	fprintf(f, "  version: v%s\n", FERRET_VERSION);
	fprintf(f, "  LLVM: none (ferret compiles to BPF itself)\n");
	fprintf(f, "  libbpf: %s\n", libbpf_version_string());
	fprintf(f, "  unsafe uprobe: no\n");
	fprintf(f, "  bfd: no\n");
	fprintf(f, "  libdw (DWARF support): no\n\n");

	fprintf(f, "Kernel helpers\n");
	fprintf(f, "  probe_read: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read)));
	fprintf(f, "  probe_read_str: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read_str)));
	fprintf(f, "  probe_read_user: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read_user)));
	fprintf(f, "  probe_read_user_str: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read_user_str)));
	fprintf(f, "  probe_read_kernel: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read_kernel)));
	fprintf(f, "  probe_read_kernel_str: %s\n", yes_no(helper_ok(kp, BPF_FUNC_probe_read_kernel_str)));
	fprintf(f, "  get_current_cgroup_id: %s\n", yes_no(helper_ok(kp, BPF_FUNC_get_current_cgroup_id)));
	fprintf(f, "  send_signal: %s\n", yes_no(helper_ok(kp, BPF_FUNC_send_signal)));
	fprintf(f, "  override_return: %s\n", yes_no(helper_ok(kp, BPF_FUNC_override_return)));
	fprintf(f, "  get_boot_ns: %s\n", yes_no(helper_ok(kp, BPF_FUNC_ktime_get_boot_ns)));
	/* Only programs attached by BTF (fentry) may call these two. */
	fprintf(f, "  dpath: %s\n", yes_no(feat_fentry(NULL) &&
					    helper_ok(kp, BPF_FUNC_d_path)));
	fprintf(f, "  skboutput: %s\n", yes_no(feat_fentry(NULL) &&
						helper_ok(kp, BPF_FUNC_skb_output)));
	fprintf(f, "  get_attach_cookie: %s\n", yes_no(feat_cookie(BPF_PROG_TYPE_TRACEPOINT, NULL)));
	fprintf(f, "  ringbuf_output: %s\n\n", yes_no(helper_ok(kp, BPF_FUNC_ringbuf_output)));

	fprintf(f, "Kernel features\n");
	fprintf(f, "  Instruction limit: %d\n", load_n(4097) ? 1000000 : 4096);
	fprintf(f, "  Loop support: %s\n", yes_no(loops_ok()));
	fprintf(f, "  btf: %s\n", yes_no(feat_btf(NULL)));
	fprintf(f, "  map batch: %s\n", yes_no(map_batch_ok()));
	fprintf(f, "  uprobe refcount: %s\n",
		yes_no(!access("/sys/bus/event_source/devices/uprobe/format/ref_ctr_offset", R_OK)));
	fprintf(f, "  perf links: %s\n\n", yes_no(feat_perf_link(NULL)));

	fprintf(f, "Map types\n");
	fprintf(f, "  hash: %s\n", yes_no(map_ok(BPF_MAP_TYPE_HASH)));
	fprintf(f, "  percpu hash: %s\n", yes_no(map_ok(BPF_MAP_TYPE_PERCPU_HASH)));
	fprintf(f, "  array: %s\n", yes_no(map_ok(BPF_MAP_TYPE_ARRAY)));
	fprintf(f, "  percpu array: %s\n", yes_no(map_ok(BPF_MAP_TYPE_PERCPU_ARRAY)));
	fprintf(f, "  stack_trace: %s\n", yes_no(map_ok(BPF_MAP_TYPE_STACK_TRACE)));
	fprintf(f, "  perf_event_array: %s\n", yes_no(map_ok(BPF_MAP_TYPE_PERF_EVENT_ARRAY)));
	fprintf(f, "  ringbuf: %s\n\n", yes_no(feat_ringbuf(NULL)));

	fprintf(f, "Probe types\n");
	fprintf(f, "  kprobe: %s\n", yes_no(feat_kprobes(NULL)));
	fprintf(f, "  uprobe: %s\n", yes_no(feat_uprobes(NULL)));
	fprintf(f, "  tracepoint: %s\n", yes_no(prog_ok(BPF_PROG_TYPE_TRACEPOINT)));
	fprintf(f, "  perf_event: %s\n", yes_no(prog_ok(BPF_PROG_TYPE_PERF_EVENT)));
	fprintf(f, "  hardware: %s\n", yes_no(feat_hw_pmu(NULL)));
	fprintf(f, "  kfunc: %s\n", yes_no(feat_fentry(NULL)));
	/* ferret has no iter probes: none it could attach. */
	fprintf(f, "  iter:task: no\n");
	fprintf(f, "  iter:task_file: no\n");
	fprintf(f, "  kprobe_multi: %s\n",
		yes_no(feat_kprobes(NULL) && release_at_least(&u, 5, 18)));
	fprintf(f, "  raw_tp_special: %s\n", yes_no(prog_ok(BPF_PROG_TYPE_RAW_TRACEPOINT)));
	return 0;
}
