/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/utsname.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/capability.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <zlib.h>

#include "util.h"
#include "kernel/btf.h"
#include "kernel/features.h"
#include "kernel/tracefs.h"

struct feat {
	int state;		/* 0: unchecked, 1: present, -1: missing */
	char why[256];
};

static bool feat_done(struct feat *f, const char **why)
{
	if (why)
		*why = f->state > 0 ? "" : f->why;
	return f->state > 0;
}

static void feat_missing(struct feat *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void feat_missing(struct feat *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(f->why, sizeof(f->why), fmt, ap);
	va_end(ap);
	f->state = -1;
}

/* r0 = 0; exit */
static int feat_load_trivial(enum bpf_prog_type type,
			     const struct bpf_prog_load_opts *opts)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd = bpf_prog_load(type, "ferret_probe", "GPL", insns,
			       ARRAY_SIZE(insns), opts);

	return fd < 0 ? -errno : fd;
}

bool feat_ringbuf(const char **why)
{
	static struct feat f;
	int r;

	if (!f.state) {
		r = libbpf_probe_bpf_map_type(BPF_MAP_TYPE_RINGBUF, NULL);
		if (r > 0)
			f.state = 1;
		else if (r == 0)
			feat_missing(&f, "BPF ring buffer maps are not available (they need Linux 5.8)");
		else
			feat_missing(&f, "cannot create a BPF ring buffer map: %s",
				     strerror(-r));
	}
	return feat_done(&f, why);
}

bool feat_perf_link(const char **why)
{
	static struct feat f;
	int prog, link, err;

	if (f.state)
		return feat_done(&f, why);
	prog = feat_load_trivial(BPF_PROG_TYPE_TRACEPOINT, NULL);
	if (prog < 0) {
		feat_missing(&f, "cannot load a BPF tracepoint program: %s",
			     strerror(-prog));
		return feat_done(&f, why);
	}
	/* A kernel that knows BPF_PERF_EVENT links rejects the bad fd. */
	link = bpf_link_create(prog, -1, BPF_PERF_EVENT, NULL);
	err = link < 0 ? errno : 0;
	if (link >= 0)
		close(link);
	close(prog);
	if (err == EBADF)
		f.state = 1;
	else
		feat_missing(&f, "BPF links for perf events are not available (they need Linux 5.15)");
	return feat_done(&f, why);
}

bool feat_cookie(int prog_type, const char **why)
{
	static struct feat cache[64];
	struct feat *f;
	const char *link_why;
	int r;

	if (prog_type <= 0 || prog_type >= (int)ARRAY_SIZE(cache)) {
		if (why)
			*why = "bpf_get_attach_cookie() is not supported for this program type";
		return false;
	}
	f = &cache[prog_type];
	if (f->state)
		return feat_done(f, why);
	r = libbpf_probe_bpf_helper(prog_type, BPF_FUNC_get_attach_cookie,
				    NULL);
	if (r <= 0) {
		feat_missing(f, "bpf_get_attach_cookie() is not available to %s programs on this kernel",
			     libbpf_bpf_prog_type_str(prog_type) ?:
			     "these");
		return feat_done(f, why);
	}
	switch (prog_type) {
	case BPF_PROG_TYPE_TRACEPOINT:
	case BPF_PROG_TYPE_PERF_EVENT:
	case BPF_PROG_TYPE_KPROBE:
		if (!feat_perf_link(&link_why)) {
			feat_missing(f, "%s", link_why);
			return feat_done(f, why);
		}
		break;
	default:
		break;
	}
	f->state = 1;
	return feat_done(f, why);
}

bool feat_override(const char **why)
{
	static struct feat f;

	if (f.state)
		return feat_done(&f, why);
	if (libbpf_probe_bpf_helper(BPF_PROG_TYPE_KPROBE, BPF_FUNC_override_return,
				    NULL) <= 0)
		feat_missing(&f, "this kernel has no bpf_override_return() (it needs CONFIG_BPF_KPROBE_OVERRIDE and CONFIG_FUNCTION_ERROR_INJECTION)");
	else
		f.state = 1;
	return feat_done(&f, why);
}

/*
 * Loads a program that calls bpf_probe_write_user(): under lockdown the
 * verifier says the helper cannot be used, which libbpf's probe of
 * helpers does not take for a refusal.
 */
bool feat_write_user(const char **why)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ST | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_10,
		  .off = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2,
		  .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2,
		  .imm = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_3,
		  .imm = 8 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_write_user },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static struct feat f;
	int fd;

	if (f.state)
		return feat_done(&f, why);
	fd = bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, "ferret_probe", "GPL",
			   insns, ARRAY_SIZE(insns), NULL);
	if (fd < 0) {
		feat_missing(&f, "this kernel refuses bpf_probe_write_user(), the only way a BPF program writes user memory (a kernel under lockdown forbids it: see kernel_lockdown(7))");
	} else {
		close(fd);
		f.state = 1;
	}
	return feat_done(&f, why);
}

bool feat_kprobes(const char **why)
{
	static struct feat f;
	const char *dir;
	char *path;

	if (f.state)
		return feat_done(&f, why);
	if (!access("/sys/bus/event_source/devices/kprobe", F_OK)) {
		f.state = 1;
		return feat_done(&f, why);
	}
	dir = tracefs_path();
	if (dir) {
		path = xasprintf("%s/kprobe_events", dir);
		if (!access(path, F_OK))
			f.state = 1;
		free(path);
	}
	if (!f.state)
		feat_missing(&f, "kprobes are not available: this kernel was built without CONFIG_KPROBES");
	return feat_done(&f, why);
}

bool feat_uprobes(const char **why)
{
	static struct feat f;

	if (!f.state) {
		if (!access("/sys/bus/event_source/devices/uprobe", F_OK))
			f.state = 1;
		else
			feat_missing(&f, "uprobes are not available: this kernel was built without CONFIG_UPROBE_EVENTS");
	}
	return feat_done(&f, why);
}

bool feat_btf(const char **why)
{
	static struct feat f;

	if (!f.state) {
		if (!access("/sys/kernel/btf/vmlinux", R_OK))
			f.state = 1;
		else
			feat_missing(&f, "kernel BTF is not available: /sys/kernel/btf/vmlinux is missing (CONFIG_DEBUG_INFO_BTF)");
	}
	return feat_done(&f, why);
}

bool feat_hw_pmu(const char **why)
{
	static struct feat f;
	struct perf_event_attr attr;
	int fd, err;

	if (f.state)
		return feat_done(&f, why);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1,
		     PERF_FLAG_FD_CLOEXEC);
	err = fd < 0 ? errno : 0;
	if (fd >= 0) {
		close(fd);
		f.state = 1;
	} else if (err == ENOENT || err == EOPNOTSUPP || err == ENODEV) {
		feat_missing(&f, "this CPU has no performance monitoring unit (PMU) exposed to the kernel");
	} else {
		feat_missing(&f, "hardware perf events cannot be opened: %s",
			     strerror(err));
	}
	return feat_done(&f, why);
}

#define FEAT_LOCKDOWN "/sys/kernel/security/lockdown"

/*
 * securityfs is not mounted everywhere (minimal VMs); then a child in a
 * private mount namespace mounts it to read the mode, leaving the
 * system's mounts alone (and allocates nothing, being a fork of a
 * process that may have threads).  Returns the file's text or NULL.
 */
static char *feat_read_lockdown(void)
{
	char buf[128], *text;
	int pipefd[2], status, fd;
	ssize_t n = 0, r;
	pid_t pid;

	text = util_read_file(FEAT_LOCKDOWN, NULL);
	if (text || errno != ENOENT || pipe2(pipefd, O_CLOEXEC))
		return text;
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return NULL;
	}
	if (pid == 0) {
		close(pipefd[0]);
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    mount("securityfs", "/sys/kernel/security", "securityfs", 0,
			  NULL))
			_exit(1);
		fd = open(FEAT_LOCKDOWN, O_RDONLY);
		r = fd < 0 ? -1 : read(fd, buf, sizeof(buf));
		_exit(r > 0 && write(pipefd[1], buf, r) == r ? 0 : 1);
	}
	close(pipefd[1]);
	while (n < (ssize_t)sizeof(buf) - 1 &&
	       (r = read(pipefd[0], buf + n, sizeof(buf) - 1 - n)) > 0)
		n += r;
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	buf[n] = '\0';
	return n > 0 ? xstrdup(buf) : NULL;
}

const char *feat_lockdown(void)
{
	static char mode[32];
	static bool done;
	char *text, *open_br, *close_br;

	if (done)
		return mode[0] ? mode : NULL;
	done = true;
	text = feat_read_lockdown();
	if (!text)
		return NULL;
	open_br = strchr(text, '[');
	close_br = open_br ? strchr(open_br, ']') : NULL;
	if (close_br && close_br - open_br - 1 < (long)sizeof(mode))
		snprintf(mode, sizeof(mode), "%.*s",
			 (int)(close_br - open_br - 1), open_br + 1);
	free(text);
	return mode[0] ? mode : NULL;
}

/* "none voluntary (full) lazy": 1 full or lazy, 0 none or voluntary, -1. */
static int preempt_mode(const char *mode, size_t n)
{
	if ((n == 4 && !strncmp(mode, "full", 4)) ||
	    (n == 4 && !strncmp(mode, "lazy", 4)))
		return 1;
	if ((n == 4 && !strncmp(mode, "none", 4)) ||
	    (n == 9 && !strncmp(mode, "voluntary", 9)))
		return 0;
	return -1;
}

/* The build's default model from its config: as preempt_mode(). */
static int preempt_config(const char *release)
{
	static const struct {
		const char *line;
		int preemptible;
	} models[] = {
		{ "CONFIG_PREEMPT_NONE=y", 0 },
		{ "CONFIG_PREEMPT_VOLUNTARY=y", 0 },
		{ "CONFIG_PREEMPT=y", 1 },
		{ "CONFIG_PREEMPT_LAZY=y", 1 },
		{ "CONFIG_PREEMPT_RT=y", 1 },
	};
	char path[300], line[256];
	gzFile f;
	size_t i;
	int ret = -1;

	snprintf(path, sizeof(path), "/boot/config-%s", release);
	f = gzopen(path, "r");
	if (!f)
		f = gzopen("/proc/config.gz", "r");
	if (!f)
		return -1;
	while (ret < 0 && gzgets(f, line, sizeof(line))) {
		line[strcspn(line, "\n")] = 0;
		for (i = 0; i < ARRAY_SIZE(models); i++)
			if (!strcmp(line, models[i].line))
				ret = models[i].preemptible;
	}
	gzclose(f);
	return ret;
}

static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || p[-1] == ' ') && (!p[n] || p[n] == ' ' ||
						    p[n] == '\n'))
			return true;
	return false;
}

/*
 * A dynamic kernel's mode is in debugfs, which lockdown refuses (and logs
 * every attempt to open): there, where the lockdown mode is not known,
 * and where debugfs says nothing, it is preempt= on the command line,
 * else the build default.
 */
static int feat_read_preempt(void)
{
	struct utsname u;
	char *text, *open_br, *close_br, *arg;
	const char *mode;
	int ret = -1;

	if (uname(&u))
		return -1;
	if (has_word(u.version, "PREEMPT_RT") ||
	    has_word(u.version, "PREEMPT") ||
	    has_word(u.version, "PREEMPT_LAZY"))
		return 1;
	if (!has_word(u.version, "PREEMPT_DYNAMIC"))
		return 0;
	/*
	 * The lockdown mode is read only where securityfs is mounted: the
	 * fork that mounts it elsewhere would cost this stop more than the
	 * file gives, and without it the file is not tried.
	 */
	mode = access(FEAT_LOCKDOWN, F_OK) ? NULL : feat_lockdown();
	text = !mode || strcmp(mode, "none") ? NULL :
		util_read_file("/sys/kernel/debug/sched/preempt", NULL);
	if (text) {
		open_br = strchr(text, '(');
		close_br = open_br ? strchr(open_br, ')') : NULL;
		if (close_br)
			ret = preempt_mode(open_br + 1, close_br - open_br - 1);
		free(text);
		if (ret >= 0)
			return ret;
	}
	text = util_read_file("/proc/cmdline", NULL);
	for (arg = text ? strstr(text, "preempt=") : NULL; arg;
	     arg = strstr(arg + 1, "preempt="))
		if (arg == text || arg[-1] == ' ')
			ret = preempt_mode(arg + 8, strcspn(arg + 8, " \n"));
	free(text);
	return ret >= 0 ? ret : preempt_config(u.release);
}

bool feat_preemptible(void)
{
	static int preemptible = -2;

	if (preemptible == -2)
		preemptible = feat_read_preempt();
	return preemptible != 0;
}

/* A function any kernel with BTF has, to point a test program at. */
static int feat_btf_func(void)
{
	static const char *const names[] = {
		"bpf_fentry_test1", "do_sys_openat2", "schedule", "vfs_read",
	};
	struct btf *btf = kbtf_vmlinux();
	int id = -ENOENT;
	size_t i;

	if (!btf)
		return -errno;
	for (i = 0; i < ARRAY_SIZE(names) && id < 0; i++)
		id = btf__find_by_name_kind(btf, names[i], BTF_KIND_FUNC);
	return id;
}

bool feat_fentry(const char **why)
{
	static struct feat f;
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = BPF_TRACE_FENTRY);
	const char *btf_why, *mode;
	int id, prog, link;

	if (f.state)
		return feat_done(&f, why);
	if (!feat_btf(&btf_why)) {
		feat_missing(&f, "fentry/fexit need kernel BTF; %s", btf_why);
		return feat_done(&f, why);
	}
	id = feat_btf_func();
	if (id < 0) {
		feat_missing(&f, "fentry/fexit: no kernel function found in BTF to test with");
		return feat_done(&f, why);
	}
	opts.attach_btf_id = id;
	prog = feat_load_trivial(BPF_PROG_TYPE_TRACING, &opts);
	link = prog >= 0 ? bpf_raw_tracepoint_open(NULL, prog) : prog;
	if (prog >= 0 && link < 0)
		link = -errno;
	if (link >= 0) {
		f.state = 1;
		close(link);
	} else if (link == -EPERM && (mode = feat_lockdown()) &&
		   strcmp(mode, "none")) {
		feat_missing(&f, "fentry/fexit need BPF trampolines; this kernel refuses them (lockdown: %s)",
			     mode);
	} else {
		feat_missing(&f, "fentry/fexit need BPF trampolines; this kernel refuses them (%s)",
			     strerror(-link));
	}
	if (prog >= 0)
		close(prog);
	return feat_done(&f, why);
}

/* The initial pid namespace's inode number (PROC_PID_INIT_INO). */
#define INIT_PID_NS_INO 0xEFFFFFFCU

bool feat_init_pid_ns(const char **why)
{
	static struct feat f;
	struct stat st;

	if (f.state)
		return feat_done(&f, why);
	if (stat("/proc/self/ns/pid", &st) || st.st_ino == INIT_PID_NS_INO)
		f.state = 1;
	else
		feat_missing(&f, "this process is in a pid namespace of its own (inode %llu), where the process ids BPF programs see are not the ones it sees",
			     (unsigned long long)st.st_ino);
	return feat_done(&f, why);
}

bool feat_privileged(const char **why)
{
	static struct feat f;
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	uint64_t eff;

	if (f.state)
		return feat_done(&f, why);
	memset(data, 0, sizeof(data));
	if (syscall(__NR_capget, &hdr, data)) {
		feat_missing(&f, "cannot read capabilities: %s", strerror(errno));
		return feat_done(&f, why);
	}
	eff = data[0].effective | (uint64_t)data[1].effective << 32;
	if (eff & (1ull << CAP_SYS_ADMIN) ||
	    ((eff & (1ull << CAP_BPF)) && (eff & (1ull << CAP_PERFMON))))
		f.state = 1;
	else
		feat_missing(&f, "tracing needs root, or the CAP_BPF and CAP_PERFMON capabilities");
	return feat_done(&f, why);
}
