/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Providers, tracefs formats, perf events and kernel features.  Spec
 * parsing needs nothing; tests that read tracefs, load BPF or attach are
 * marked root and skipped for other users.  The attach tests load tiny
 * hand-assembled programs that store bpf_get_attach_cookie() (or a
 * constant) into an array map, fire the event and read the map back.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>

#include "util.h"
#include "lang/types.h"
#include "kernel/features.h"
#include "kernel/perf.h"
#include "kernel/tracefs.h"
#include "providers/provider.h"
#include "harness.h"


static bool need_root(const char *name)
{
	if (geteuid() == 0)
		return true;
	skip(name, "needs root");
	return false;
}

static void free_insts(struct vec *v)
{
	int i;

	for (i = 0; i < v->n; i++)
		provider_inst_free(v->v[i]);
	vec_free(v);
}

/* Expands spec with its provider; returns the result, err filled. */
static int expand(const char *spec, struct vec *out, char *err, size_t len)
{
	const struct provider *p = provider_find(spec);

	err[0] = '\0';
	if (!p) {
		snprintf(err, len, "no provider");
		return -ENOENT;
	}
	return p->expand(p, spec, out, err, len);
}

static struct probe_inst *expand_one(struct tc *t, const char *spec,
				     struct vec *out)
{
	char err[512];
	int ret = expand(spec, out, err, sizeof(err));

	if (!expect(t, ret == 0, "%s: %d %s", spec, ret, err) ||
	    !expect(t, out->n == 1, "%s: %d instances", spec, out->n))
		return NULL;
	return out->v[0];
}

static void expect_error(struct tc *t, const char *spec, int want_ret,
			 const char *want_text)
{
	struct vec out = { 0 };
	char err[512];
	int ret = expand(spec, &out, err, sizeof(err));

	expect(t, ret == want_ret, "%s: returned %d, want %d (%s)", spec, ret,
	       want_ret, err);
	expect(t, strstr(err, want_text) != NULL,
	       "%s: error '%s' lacks '%s'", spec, err, want_text);
	expect(t, out.n == 0, "%s: %d instances on error", spec, out.n);
	free_insts(&out);
}

static const struct field *find_field(const struct type *st, const char *name)
{
	int i;

	for (i = 0; st && i < st->nfields; i++)
		if (!strcmp(st->fields[i].name, name))
			return &st->fields[i];
	return NULL;
}

static void expect_field(struct tc *t, const struct type *st,
			 const char *name, int offset, const char *type)
{
	const struct field *f = find_field(st, name);
	char buf[64];

	if (!expect(t, f != NULL, "no field %s", name))
		return;
	type_name(f->type, buf, sizeof(buf));
	expect(t, f->offset == offset, "%s at %d, want %d", name, f->offset,
	       offset);
	expect(t, !strcmp(buf, type), "%s is %s, want %s", name, buf, type);
}

static void test_find(void)
{
	static const struct {
		const char *spec;
		const struct provider *want;
	} cases[] = {
		{ "BEGIN", &begin_provider },
		{ "END", &end_provider },
		{ "begin", NULL },
		{ "BEGINX", NULL },
		{ "tracepoint:sched:x", &tracepoint_provider },
		{ "t:sched:x", &tracepoint_provider },
		{ "rawtracepoint:x", &rawtracepoint_provider },
		{ "rt:x", &rawtracepoint_provider },
		{ "interval:s:1", &interval_provider },
		{ "i:s:1", &interval_provider },
		{ "profile:hz:99", &profile_provider },
		{ "p:hz:99", &profile_provider },
		{ "software:cs", &software_provider },
		{ "s:cs", &software_provider },
		{ "hardware:cycles", &hardware_provider },
		{ "h:cycles", &hardware_provider },
		{ "kprobe:f", &kprobe_provider },
		{ "k:f", &kprobe_provider },
		{ "kretprobe:f", &kretprobe_provider },
		{ "kr:f", &kretprobe_provider },
		{ "fentry:f", &fentry_provider },
		{ "kfunc:f", &fentry_provider },
		{ "f:f", &fentry_provider },
		{ "fexit:f", &fexit_provider },
		{ "kretfunc:f", &fexit_provider },
		{ "fr:f", &fexit_provider },
		{ "uprobe:/bin/sh:main", &uprobe_provider },
		{ "uretprobe:/bin/sh:main", &uretprobe_provider },
		{ "usdt:/bin/sh:p:n", &usdt_provider },
		{ "U:/bin/sh:p:n", &usdt_provider },
		{ "watchpoint:0x1000:8:w", &watchpoint_provider },
		{ "w:0x1000:8:w", &watchpoint_provider },
		{ "asyncwatchpoint:0x1000:8:w", &asyncwatchpoint_provider },
		{ "aw:0x1000:8:w", &asyncwatchpoint_provider },
		{ "nosuch:x", NULL },
		{ "", NULL },
		/* D's providers are found for D programs alone. */
		{ "syscall::read:entry", NULL },
		{ "sdt:proc:create", NULL },
	};
	struct tc t = { .name = "provider_find" };
	const struct provider *const *p;
	size_t i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct provider *got = provider_find(cases[i].spec);

		expect(&t, got == cases[i].want, "'%s' gave %s", cases[i].spec,
		       got ? got->name : "none");
	}
	for (p = provider_table; *p; p++) {
		n++;
		expect(&t, (*p)->expand && (*p)->list && (*p)->attach,
		       "%s lacks an op", (*p)->name);
	}
	expect(&t, n == 26, "%d providers in the table", n);
	provider_dtrace = true;
	expect(&t, provider_find("syscall::read:entry") == &syscall_provider,
	       "syscall is not found for D programs");
	provider_dtrace = false;
	finish(&t);
}

static void test_count(void)
{
	static const struct {
		const char *s;
		int ret;
		uint64_t v;
	} cases[] = {
		{ "0", 0, 0 }, { "100", 0, 100 }, { "1e6", 0, 1000000 },
		{ "2E3", 0, 2000 }, { "18446744073709551615", 0, UINT64_MAX },
		{ "18446744073709551616", -ERANGE, 0 }, { "1e20", -ERANGE, 0 },
		{ "", -EINVAL, 0 }, { "-1", -EINVAL, 0 }, { "1e", -EINVAL, 0 },
		{ "abc", -EINVAL, 0 }, { "12x", -EINVAL, 0 }, { "0x10", -EINVAL, 0 },
	};
	struct tc t = { .name = "parse_count" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		uint64_t v = 0;
		int ret = provider_parse_count(cases[i].s, &v);

		expect(&t, ret == cases[i].ret, "'%s' returned %d", cases[i].s,
		       ret);
		if (!ret)
			expect(&t, v == cases[i].v, "'%s' gave %llu", cases[i].s,
			       (unsigned long long)v);
	}
	finish(&t);
}

static void expect_timer(struct tc *t, const char *spec, const char *name,
			 uint64_t period, bool freq, int cpu)
{
	struct vec out = { 0 };
	struct probe_inst *pi = expand_one(t, spec, &out);

	if (pi) {
		expect(t, !strcmp(pi->name, name), "%s: name %s", spec,
		       pi->name);
		expect(t, pi->period == period && pi->freq == freq,
		       "%s: period %llu freq %d", spec,
		       (unsigned long long)pi->period, pi->freq);
		expect(t, pi->cpu == cpu, "%s: cpu %d, want %d", spec, pi->cpu,
		       cpu);
		expect(t, pi->config == PERF_COUNT_SW_CPU_CLOCK,
		       "%s: config %llu", spec, (unsigned long long)pi->config);
		expect(t, pi->when == WHEN_EVENT && !pi->args, "%s: when/args",
		       spec);
	}
	free_insts(&out);
}

static void test_interval(void)
{
	struct tc t = { .name = "interval_specs" };
	int cpu = perf_first_cpu();

	expect_timer(&t, "interval:s:1", "interval:s:1", 1000000000, false, cpu);
	expect_timer(&t, "i:ms:100", "interval:ms:100", 100000000, false, cpu);
	expect_timer(&t, "interval:us:1000", "interval:us:1000", 1000000,
		     false, cpu);
	expect_timer(&t, "interval:hz:10", "interval:hz:10", 10, true, cpu);
	expect_timer(&t, "interval:s:1e1", "interval:s:1e1", 10000000000ull,
		     false, cpu);
	expect_error(&t, "interval:min:1", -EINVAL, "'min' is not a unit of time");
	expect_error(&t, "interval:ns:1", -EINVAL, "not a unit of time");
	expect_error(&t, "interval:s:0", -EINVAL, "'0' is not a positive integer");
	expect_error(&t, "interval:s:abc", -EINVAL, "not a positive integer");
	expect_error(&t, "interval:1", -EINVAL, "need a unit and a count");
	expect_error(&t, "interval:s:1:2", -EINVAL, "need a unit and a count");
	expect_error(&t, "interval:s:18446744073709551615", -EINVAL,
		     "too long");
	finish(&t);
}

static void test_profile(void)
{
	struct tc t = { .name = "profile_specs" };

	expect_timer(&t, "profile:hz:99", "profile:hz:99", 99, true, -1);
	expect_timer(&t, "p:ms:10", "profile:ms:10", 10000000, false, -1);
	expect_timer(&t, "profile:s:1", "profile:s:1", 1000000000, false, -1);
	expect_timer(&t, "profile:us:100", "profile:us:100", 100000, false, -1);
	expect_error(&t, "profile:hz:0", -EINVAL, "not a positive integer");
	expect_error(&t, "profile:99", -EINVAL, "need a unit and a count");
	finish(&t);
}

static void expect_event(struct tc *t, const char *spec, const char *name,
			 uint64_t config, uint64_t period)
{
	struct vec out = { 0 };
	struct probe_inst *pi = expand_one(t, spec, &out);

	if (pi) {
		expect(t, !strcmp(pi->name, name), "%s: name %s", spec,
		       pi->name);
		expect(t, pi->config == config, "%s: config %llu", spec,
		       (unsigned long long)pi->config);
		expect(t, pi->period == period && !pi->freq,
		       "%s: period %llu", spec, (unsigned long long)pi->period);
		expect(t, pi->cpu == -1, "%s: cpu %d", spec, pi->cpu);
	}
	free_insts(&out);
}

static void test_software(void)
{
	struct tc t = { .name = "software_specs" };

	expect_event(&t, "software:faults", "software:faults",
		     PERF_COUNT_SW_PAGE_FAULTS, 100);
	expect_event(&t, "software:page-faults:7", "software:page-faults:7",
		     PERF_COUNT_SW_PAGE_FAULTS, 7);
	expect_event(&t, "software:faults:0", "software:faults:0",
		     PERF_COUNT_SW_PAGE_FAULTS, 100);
	expect_event(&t, "s:cs", "software:cs", PERF_COUNT_SW_CONTEXT_SWITCHES,
		     1000);
	expect_event(&t, "software:cpu-clock", "software:cpu-clock",
		     PERF_COUNT_SW_CPU_CLOCK, 1000000);
	expect_event(&t, "software:cpu:1e3", "software:cpu:1e3",
		     PERF_COUNT_SW_CPU_CLOCK, 1000);
	expect_event(&t, "software:task-clock", "software:task-clock",
		     PERF_COUNT_SW_TASK_CLOCK, 1);
	expect_event(&t, "software:minor-faults", "software:minor-faults",
		     PERF_COUNT_SW_PAGE_FAULTS_MIN, 100);
	expect_event(&t, "software:major-faults", "software:major-faults",
		     PERF_COUNT_SW_PAGE_FAULTS_MAJ, 1);
	expect_event(&t, "software:cpu-migrations", "software:cpu-migrations",
		     PERF_COUNT_SW_CPU_MIGRATIONS, 1);
	expect_event(&t, "software:dummy", "software:dummy",
		     PERF_COUNT_SW_DUMMY, 1);
	expect_error(&t, "software:nosuch:1", -EINVAL,
		     "nosuch is not a software probe (events: alignment-faults,");
	expect_error(&t, "software:*:1", -EINVAL,
		     "wildcards are not allowed in software probes");
	expect_error(&t, "software:faults:1:2", -EINVAL,
		     "need an event and an optional count");
	expect_error(&t, "software:faults:x", -EINVAL, "'x' is not a count");
	expect_error(&t, "software:", -EINVAL, "need an event");
	finish(&t);
}

static const char no_pmu[] =
	"hardware event 'cycles' is not available: this CPU has no performance monitoring unit (PMU) exposed to the kernel";

static void test_hardware(void)
{
	struct tc t = { .name = "hardware_specs" };

	expect_error(&t, "hardware:nosuch", -EINVAL,
		     "nosuch is not a hardware probe");
	expect_error(&t, "h:*", -EINVAL, "wildcards are not allowed");
	if (feat_hw_pmu(NULL)) {
		expect_event(&t, "h:cycles", "hardware:cycles",
			     PERF_COUNT_HW_CPU_CYCLES, 1000000);
		expect_event(&t, "hardware:branches:10", "hardware:branches:10",
			     PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 10);
	} else {
		expect_error(&t, "h:cycles", -EOPNOTSUPP, no_pmu);
		expect_error(&t, "hardware:cycles:1000", -EOPNOTSUPP, no_pmu);
	}
	finish(&t);
}

static void test_special(void)
{
	struct tc t = { .name = "begin_end_specs" };
	struct vec out = { 0 };
	struct probe_inst *pi;

	pi = expand_one(&t, "BEGIN", &out);
	if (pi)
		expect(&t, pi->when == WHEN_BEGIN && !strcmp(pi->name, "BEGIN"),
		       "BEGIN: when %d name %s", pi->when, pi->name);
	free_insts(&out);
	pi = expand_one(&t, "END", &out);
	if (pi)
		expect(&t, pi->when == WHEN_END && !strcmp(pi->name, "END"),
		       "END: when %d name %s", pi->when, pi->name);
	free_insts(&out);
	expect_error(&t, "BEGIN:x", -EINVAL, "BEGIN takes no arguments");
	expect(&t, begin_provider.prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT &&
	       !provider_has_cookie(&begin_provider), "BEGIN prog type/cookie");
	finish(&t);
}

static void test_spec_errors(void)
{
	struct tc t = { .name = "tracepoint_spec_errors" };

	expect_error(&t, "tracepoint:sched", -EINVAL,
		     "tracepoint probe type requires 2 arguments: tracepoint:CATEGORY:EVENT");
	expect_error(&t, "t:a:b:c", -EINVAL, "requires 2 arguments");
	expect_error(&t, "tracepoint::x", -EINVAL, "requires 2 arguments");
	expect_error(&t, "tracepoint:ftrace:function", -EINVAL,
		     "ftrace-internal");
	expect_error(&t, "rawtracepoint:", -EINVAL,
		     "raw tracepoint probes need an event");
	expect_error(&t, "rawtracepoint:mymod:x", -EOPNOTSUPP,
		     "module 'mymod' are not supported yet");
	finish(&t);
}

static void test_unsupported(void)
{
	struct tc t = { .name = "unsupported_providers" };

	if (feat_uprobes(NULL)) {
		expect_error(&t, "uprobe:/bin/sh:no_such_function", -ENOENT,
			     "Could not resolve symbol: /bin/sh:no_such_function");
		expect_error(&t, "ur:/no/such/file:f", -EINVAL,
			     "uprobe target file '/no/such/file' does not exist or is not executable");
		expect_error(&t, "usdt:/bin/sh:p:n", -ENOENT,
			     "no USDT probe matches 'p:n' in /bin/sh");
		expect_error(&t, "U:/bin/sh:n*", -ENOENT,
			     "no USDT probe matches 'n*' in /bin/sh");
		expect_error(&t, "usdt:/bin/sh", -EINVAL,
			     "expected usdt:PATH:PROVIDER:NAME, usdt:PATH:NAME");
		expect_error(&t, "usdt:/bin/sh:a:b:c", -EINVAL,
			     "expected usdt:PATH:PROVIDER:NAME, usdt:PATH:NAME");
		expect_error(&t, "usdt:/no/such/file:p:n", -EINVAL,
			     "usdt target file '/no/such/file' does not exist or is not executable");
	}
	finish(&t);
}

/*
 * Where the kernel lacks kprobes or refuses trampolines, the providers
 * say so before expanding anything; the sentences name what is missing.
 */
static void test_kernel_function_available(void)
{
	struct tc t = { .name = "kernel_function_available" };
	const char *why, *why2;
	bool ok;

	ok = kprobe_provider.available(&why);
	expect(&t, ok == feat_kprobes(NULL), "kprobe: not feat_kprobes");
	expect(&t, ok || strstr(why, "CONFIG_KPROBES"), "kprobe: '%s'", why);
	expect(&t, kretprobe_provider.available(&why2) == ok &&
	       !strcmp(why, why2), "kretprobe: '%s'", why2);
	if (geteuid() == 0) {
		ok = fentry_provider.available(&why);
		expect(&t, ok || !strncmp(why, "fentry/fexit need", 17),
		       "fentry: '%s'", why);
		expect(&t, fexit_provider.available(&why2) == ok &&
		       !strcmp(why, why2), "fexit: '%s'", why2);
	}
	finish(&t);
}

/* kprobe specs: names, targets and offsets as perf's kprobe PMU wants. */
static void test_kprobe_specs(void)
{
	struct tc t = { .name = "kprobe_specs" };
	struct vec out = { 0 };
	struct probe_inst *pi;

	pi = expand_one(&t, "kprobe:vfs_read", &out);
	if (pi)
		expect(&t, !strcmp(pi->name, "kprobe:vfs_read") &&
		       !strcmp(pi->target, "vfs_read") &&
		       !strcmp(pi->func, "vfs_read") && pi->config == 0,
		       "%s %s %s", pi->name, pi->target, pi->func);
	free_insts(&out);
	pi = expand_one(&t, "k:vfs_read+0x10", &out);
	if (pi)
		expect(&t, !strcmp(pi->name, "kprobe:vfs_read+16") &&
		       !strcmp(pi->target, "vfs_read") && pi->config == 16,
		       "%s %s %llu", pi->name, pi->target,
		       (unsigned long long)pi->config);
	free_insts(&out);
	pi = expand_one(&t, "kretprobe:ext4:ext4_file_open", &out);
	if (pi)
		expect(&t, !strcmp(pi->name, "kretprobe:ext4:ext4_file_open") &&
		       !strcmp(pi->target, "ext4:ext4_file_open") &&
		       !strcmp(pi->func, "ext4_file_open") &&
		       pi->prov->retval_offset(pi) == 80,
		       "%s %s %s", pi->name, pi->target, pi->func);
	free_insts(&out);
	pi = expand_one(&t, "kprobe:vmlinux:vfs_read", &out);
	if (pi)
		expect(&t, !strcmp(pi->target, "vfs_read"), "%s", pi->target);
	free_insts(&out);
	expect_error(&t, "kr:vfs_read+4", -EINVAL,
		     "kretprobe probes take no offset");
	expect_error(&t, "kprobe:vfs_read+4x", -EINVAL, "bad offset '4x'");
	expect_error(&t, "kprobe:vfs_*+4", -EINVAL, "not allowed with a wildcard");
	expect_error(&t, "kprobe:", -EINVAL, "expected kprobe:[MODULE:]FUNCTION");
	expect_error(&t, "kprobe:no_such_function_xyz", -ENOENT,
		     "kernel function 'no_such_function_xyz' not found");
	finish(&t);
}

/* fentry/fexit: args typed from the BTF prototype, retval from its return. */
static void test_kfunc_specs(void)
{
	struct tc t = { .name = "kfunc_specs" };
	struct vec out = { 0 };
	struct probe_inst *pi;
	const struct type *ret;

	if (!feat_btf(NULL)) {
		skip(t.name, "no kernel BTF");
		return;
	}
	/* ssize_t vfs_read(struct file *, char *, size_t, loff_t *) */
	pi = expand_one(&t, "fentry:vfs_read", &out);
	if (pi) {
		expect(&t, !strcmp(pi->name, "kfunc:vmlinux:vfs_read") &&
		       !strcmp(pi->func, "vfs_read") && pi->btf_id > 0 &&
		       !pi->ret, "%s %s %d", pi->name, pi->func, pi->btf_id);
		expect_field(&t, pi->args, "file", 0, "struct file *");
		expect_field(&t, pi->args, "buf", 8, "uint8 *");
		expect_field(&t, pi->args, "count", 16, "uint64");
		expect_field(&t, pi->args, "pos", 24, "int64 *");
		expect(&t, pi->args && pi->args->nfields == 4, "fields");
	}
	free_insts(&out);
	pi = expand_one(&t, "kretfunc:vmlinux:vfs_read", &out);
	if (pi) {
		ret = pi->ret;
		expect(&t, !strcmp(pi->name, "kretfunc:vmlinux:vfs_read") &&
		       ret && ret->kind == TY_INT && ret->size == 8 &&
		       ret->is_signed && pi->prov->retval_offset(pi) == 32,
		       "%s retval", pi->name);
	}
	free_insts(&out);
	expect_error(&t, "fentry:no_such_function_xyz", -ENOENT,
		     "not found in the kernel's BTF");
	expect_error(&t, "fexit:ext4:ext4_file_open", -EOPNOTSUPP,
		     "module functions ('ext4') are not supported");
	expect_error(&t, "fentry:migrate_disable", -EOPNOTSUPP,
		     "the kernel refuses tracing programs on it");
	expect_error(&t, "fentry:", -EINVAL, "expected fentry:FUNCTION");
	finish(&t);
}

/* Formats as Linux 6.18 prints them. */
static const char fmt_openat[] =
	"name: sys_enter_openat\nID: 782\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"dfd: 0x%08lx, filename: 0x%08lx\", ((unsigned long)(REC->dfd))\n";

static const char fmt_exec[] =
	"name: sched_process_exec\nID: 365\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"filename=%s pid=%d old_pid=%d\", __get_str(filename)\n";

static const char fmt_odd[] =
	"name: odd\nID: 7\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:unsigned long args[6];\toffset:24;\tsize:48;\tsigned:0;\n"
	"\tfield:__data_loc u8[] buf;\toffset:72;\tsize:4;\tsigned:0;\n"
	"\tfield:__rel_loc char[] rel;\toffset:76;\tsize:4;\tsigned:0;\n"
	"\tfield:u8 flag;\toffset:80;\tsize:1;\tsigned:0;\n"
	"\tfield:s16 delta;\toffset:82;\tsize:2;\tsigned:1;\n"
	"\tfield:struct in6_addr addr;\toffset:84;\tsize:16;\tsigned:0;\n"
	"\tfield:char data[];\toffset:100;\tsize:0;\tsigned:0;\n";

static void test_format_parse(void)
{
	struct tc t = { .name = "tracefs_parse" };
	struct tracefs_event *ev;
	const struct field *f;

	ev = tracefs_parse("syscalls", "sys_enter_openat", fmt_openat);
	if (expect(&t, ev != NULL, "openat: %s", strerror(errno))) {
		expect(&t, ev->id == 782, "id %d", ev->id);
		expect(&t, ev->nfields == 5, "%d fields", ev->nfields);
		expect(&t, ev->size == 48, "size %d", ev->size);
		expect(&t, !strcmp(ev->fields[2].ctype, "const char *"),
		       "ctype '%s'", ev->fields[2].ctype);
		expect(&t, ev->type->kind == TY_STRUCT &&
		       !strcmp(ev->type->name,
			       "_tracepoint_syscalls_sys_enter_openat"),
		       "struct type name");
		expect_field(&t, ev->type, "__syscall_nr", 8, "int32");
		expect_field(&t, ev->type, "dfd", 16, "int64");
		expect_field(&t, ev->type, "filename", 24, "uint64");
		expect_field(&t, ev->type, "flags", 32, "int64");
		expect_field(&t, ev->type, "mode", 40, "uint64");
		tracefs_event_free(ev);
	}
	ev = tracefs_parse("sched", "sched_process_exec", fmt_exec);
	if (expect(&t, ev != NULL, "exec: %s", strerror(errno))) {
		expect_field(&t, ev->type, "filename", 8, "string[64]");
		f = find_field(ev->type, "filename");
		expect(&t, f && f->data_loc && f->size == 4, "data_loc field");
		expect(&t, ev->fields[0].data_loc &&
		       !strcmp(ev->fields[0].ctype, "__data_loc char[]"),
		       "data_loc ctype");
		expect_field(&t, ev->type, "pid", 12, "int32");
		expect_field(&t, ev->type, "old_pid", 16, "int32");
		tracefs_event_free(ev);
	}
	ev = tracefs_parse("x", "odd", fmt_odd);
	if (expect(&t, ev != NULL, "odd: %s", strerror(errno))) {
		expect_field(&t, ev->type, "comm", 8, "string[16]");
		expect_field(&t, ev->type, "args", 24, "none");
		expect(&t, ev->fields[1].array_len == 6 &&
		       !strcmp(ev->fields[1].ctype, "unsigned long[6]"),
		       "args: len %d ctype %s", ev->fields[1].array_len,
		       ev->fields[1].ctype);
		expect_field(&t, ev->type, "buf", 72, "none");
		expect_field(&t, ev->type, "rel", 76, "none");
		expect(&t, ev->fields[3].rel_loc, "rel_loc flag");
		expect_field(&t, ev->type, "flag", 80, "uint8");
		expect_field(&t, ev->type, "delta", 82, "int16");
		expect_field(&t, ev->type, "addr", 84, "none");
		expect_field(&t, ev->type, "data", 100, "none");
		expect(&t, ev->fields[7].array_len == -1, "flexible array");
		tracefs_event_free(ev);
	}
	errno = 0;
	ev = tracefs_parse("x", "y", "name: y\nformat:\n");
	expect(&t, !ev && errno == EINVAL, "no ID accepted");
	tracefs_event_free(ev);
	ev = tracefs_parse("x", "y", "ID: 1\n\tfield:int;\toffset:0;\tsize:4;\n");
	expect(&t, !ev && errno == EINVAL, "nameless field accepted");
	tracefs_event_free(ev);
	ev = tracefs_parse("x", "y", "ID: 1\n\tfield:int a;\tsize:4;\n");
	expect(&t, !ev && errno == EINVAL, "field without offset accepted");
	tracefs_event_free(ev);
	finish(&t);
}

static void test_features_consistent(void)
{
	bool (*const checks[])(const char **) = {
		feat_ringbuf, feat_perf_link, feat_kprobes, feat_uprobes,
		feat_btf, feat_hw_pmu, feat_fentry, feat_privileged,
	};
	struct tc t = { .name = "features_consistent" };
	const char *why;
	size_t i;

	if (!need_root(t.name))
		return;
	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		bool ok = checks[i](&why);

		expect(&t, why && (ok ? !*why : !!*why),
		       "check %zu: %d '%s'", i, ok, why ? why : "(null)");
		expect(&t, checks[i](NULL) == ok, "check %zu not cached", i);
	}
	expect(&t, feat_privileged(NULL), "root is not privileged");
	expect(&t, feat_btf(NULL) == !access("/sys/kernel/btf/vmlinux", R_OK),
	       "btf");
	if (!feat_fentry(&why))
		expect(&t, !strncmp(why, "fentry/fexit need", 17), "fentry: %s",
		       why);
	finish(&t);
}

static int read_file_int(const char *path)
{
	char *s = util_read_file(path, NULL);
	int v = s ? atoi(s) : -1;

	free(s);
	return v;
}

static void test_tp_expand(void)
{
	struct tc t = { .name = "tracepoint_expand" };
	struct vec out = { 0 };
	struct probe_inst *pi;
	const struct field *f;
	char path[256];

	if (!need_root(t.name))
		return;
	pi = expand_one(&t, "tracepoint:syscalls:sys_enter_openat", &out);
	if (pi) {
		snprintf(path, sizeof(path),
			 "%s/events/syscalls/sys_enter_openat/id",
			 tracefs_path());
		expect(&t, !strcmp(pi->name,
				   "tracepoint:syscalls:sys_enter_openat"),
		       "name %s", pi->name);
		expect(&t, (int)pi->config == read_file_int(path),
		       "config %llu", (unsigned long long)pi->config);
		expect_field(&t, pi->args, "dfd", 16, "int64");
		expect_field(&t, pi->args, "filename", 24, "uint64");
		expect_field(&t, pi->args, "flags", 32, "int64");
		expect_field(&t, pi->args, "mode", 40, "uint64");
		expect(&t, !find_field(pi->args, "common_pid"), "common_pid kept");
	}
	free_insts(&out);
	pi = expand_one(&t, "t:sched:sched_switch", &out);
	if (pi) {
		expect(&t, !strcmp(pi->name, "tracepoint:sched:sched_switch"),
		       "name %s", pi->name);
		expect_field(&t, pi->args, "prev_comm", 8, "string[16]");
		expect_field(&t, pi->args, "prev_pid", 24, "int32");
		expect_field(&t, pi->args, "next_comm", 40, "string[16]");
	}
	free_insts(&out);
	pi = expand_one(&t, "tracepoint:sched:sched_process_exec", &out);
	if (pi) {
		expect_field(&t, pi->args, "filename", 8, "string[64]");
		f = find_field(pi->args, "filename");
		expect(&t, f && f->data_loc && f->size == 4, "data_loc");
	}
	free_insts(&out);
	finish(&t);
}

static void test_tp_errors(void)
{
	struct tc t = { .name = "tracepoint_errors" };
	char want[256];

	if (!need_root(t.name))
		return;
	snprintf(want, sizeof(want),
		 "tracepoint not found: nosuchcat:x: there is no category 'nosuchcat' (no %s/events/nosuchcat)",
		 tracefs_path());
	expect_error(&t, "tracepoint:nosuchcat:x", -ENOENT, want);
	snprintf(want, sizeof(want),
		 "tracepoint not found: sched:nosuch (no %s/events/sched/nosuch)",
		 tracefs_path());
	expect_error(&t, "tracepoint:sched:nosuch", -ENOENT, want);
	expect_error(&t, "tracepoint:sched:nosuch*", -ENOENT,
		     "no tracepoint matches 'sched:nosuch*'");
	expect_error(&t, "tracepoint:nosuch*:*", -ENOENT,
		     "no tracepoint matches");
	expect_error(&t, "tracepoint:sched:../sched/sched_switch", -ENOENT,
		     "not found");
	finish(&t);
}

static int count_cb(const char *cat, const char *event, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

static void test_tp_wildcards(void)
{
	struct tc t = { .name = "tracepoint_wildcards" };
	struct vec out = { 0 };
	char err[512];
	int ret, n = 0, i;

	if (!need_root(t.name))
		return;
	ret = tracefs_list("syscalls", "sys_enter_*", count_cb, &n);
	expect(&t, ret == n && n > 300, "tracefs_list: %d, %d calls", ret, n);
	ret = expand("t:syscalls:sys_enter_*", &out, err, sizeof(err));
	expect(&t, ret == 0 && out.n == n, "expanded %d of %d: %s", out.n, n,
	       err);
	for (i = 1; i < out.n; i++) {
		struct probe_inst *a = out.v[i - 1], *b = out.v[i];

		expect(&t, strcmp(a->name, b->name) < 0, "order: %s, %s",
		       a->name, b->name);
		expect(&t, b->args && b->config, "%s: args/config", b->name);
	}
	free_insts(&out);
	ret = expand("tracepoint:s?hed:sched_switc[h]", &out, err, sizeof(err));
	expect(&t, ret == 0 && out.n == 1, "glob class: %d %d", ret, out.n);
	free_insts(&out);
	ret = expand("tracepoint:*:sched_switch", &out, err, sizeof(err));
	expect(&t, ret == 0 && out.n == 1, "category glob: %d %d", ret, out.n);
	free_insts(&out);
	n = 0;
	ret = tracefs_list("ftrace", "*", count_cb, &n);
	expect(&t, ret == 0 && n == 0, "ftrace listed: %d", n);
	finish(&t);
}

struct names {
	int n;
	bool saw;
	const char *want;
};

static void names_cb(const char *name, void *arg)
{
	struct names *nm = arg;

	nm->n++;
	if (nm->want && !strcmp(name, nm->want))
		nm->saw = true;
}

static void test_list(void)
{
	struct tc t = { .name = "provider_list" };
	struct names nm = { 0 };

	if (!need_root(t.name))
		return;
	nm.want = "tracepoint:sched:sched_switch";
	tracepoint_provider.list(&tracepoint_provider, "t:sched:sched_sw*",
				 names_cb, &nm);
	expect(&t, nm.saw && nm.n >= 1, "t:sched:sched_sw*: %d", nm.n);
	memset(&nm, 0, sizeof(nm));
	nm.want = "tracepoint:sched:sched_switch";
	tracepoint_provider.list(&tracepoint_provider, NULL, names_cb, &nm);
	expect(&t, nm.saw && nm.n > 500, "all tracepoints: %d", nm.n);
	memset(&nm, 0, sizeof(nm));
	nm.want = "tracepoint:sched:sched_switch";
	tracepoint_provider.list(&tracepoint_provider, "*sched_switch", names_cb,
				 &nm);
	expect(&t, nm.saw && nm.n == 1, "*sched_switch: %d", nm.n);
	memset(&nm, 0, sizeof(nm));
	nm.want = "software:page-faults:";
	software_provider.list(&software_provider, "s:*faults*", names_cb, &nm);
	expect(&t, nm.saw && nm.n == 5, "s:*faults*: %d", nm.n);
	memset(&nm, 0, sizeof(nm));
	nm.want = "rawtracepoint:sched_switch";
	rawtracepoint_provider.list(&rawtracepoint_provider, "rt:sched_s*",
				    names_cb, &nm);
	expect(&t, nm.saw, "rt:sched_s*: %d", nm.n);
	finish(&t);
}

static void test_rtp_expand(void)
{
	struct tc t = { .name = "rawtracepoint_expand" };
	struct vec out = { 0 };
	struct probe_inst *pi;
	char err[512];
	int ret;

	if (!need_root(t.name))
		return;
	pi = expand_one(&t, "rawtracepoint:sched_switch", &out);
	if (pi) {
		expect(&t, !strcmp(pi->name, "rawtracepoint:sched_switch") &&
		       !strcmp(pi->target, "sched_switch"), "name %s", pi->name);
		if (feat_btf(NULL))
			expect(&t, pi->nargs >= 3, "nargs %d", pi->nargs);
	}
	free_insts(&out);
	pi = expand_one(&t, "rt:vmlinux:sys_enter", &out);
	if (pi)
		expect(&t, !feat_btf(NULL) || pi->nargs == 2, "sys_enter nargs %d",
		       pi->nargs);
	free_insts(&out);
	ret = expand("rt:sched_s*", &out, err, sizeof(err));
	expect(&t, ret == 0 && out.n >= 2, "rt:sched_s*: %d %d", ret, out.n);
	free_insts(&out);
	expect_error(&t, "rawtracepoint:nosuch_tp", -ENOENT,
		     "raw tracepoint 'nosuch_tp' not found");
	expect_error(&t, "rawtracepoint:nosuch*", -ENOENT,
		     "no raw tracepoint matches 'nosuch*'");
	finish(&t);
}

/* Instruction encoding, from linux/bpf.h's opcode fields. */
#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define MOV64_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD64_IMM(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define ST_W(d, o, i)	INSN(BPF_ST | BPF_MEM | BPF_W, d, 0, o, i)
#define STX_DW(d, s, o)	INSN(BPF_STX | BPF_MEM | BPF_DW, d, s, o, 0)
#define JEQ_IMM(d, i, o) INSN(BPF_JMP | BPF_JEQ | BPF_K, d, 0, o, i)

/*
 * map[0] = bpf_get_attach_cookie(ctx), or value when use_cookie is false.
 * Returns the program fd or -errno.
 */
static int load_store_prog(int type, int map_fd, bool use_cookie, int value)
{
	struct bpf_insn insns[] = {
		use_cookie ? CALL(BPF_FUNC_get_attach_cookie) :
			     MOV64_IMM(BPF_REG_0, value),
		MOV64_REG(BPF_REG_7, BPF_REG_0),
		ST_W(BPF_REG_10, -4, 0),
		INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD,
		     0, map_fd),
		INSN(0, 0, 0, 0, 0),
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ADD64_IMM(BPF_REG_2, -4),
		CALL(BPF_FUNC_map_lookup_elem),
		JEQ_IMM(BPF_REG_0, 0, 1),
		STX_DW(BPF_REG_0, BPF_REG_7, 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	int fd = bpf_prog_load(type, "ferret_test", "GPL", insns,
			       ARRAY_SIZE(insns), NULL);

	return fd < 0 ? -errno : fd;
}

static uint64_t map_get(int map_fd)
{
	uint32_t key = 0;
	uint64_t v = 0;

	bpf_map_lookup_elem(map_fd, &key, &v);
	return v;
}

static void map_clear(int map_fd)
{
	uint32_t key = 0;
	uint64_t v = 0;

	bpf_map_update_elem(map_fd, &key, &v, BPF_ANY);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Moves the caller to an online CPU other than the first, if there is one. */
static int other_cpu(void)
{
	const int *cpus;
	int n = perf_online_cpus(&cpus);
	cpu_set_t set;

	if (n < 2)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpus[n - 1], &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -1 : cpus[n - 1];
}

static void all_cpus(void)
{
	const int *cpus;
	int n = perf_online_cpus(&cpus), i;
	cpu_set_t set;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++)
		CPU_SET(cpus[i], &set);
	sched_setaffinity(0, sizeof(set), &set);
}

typedef void (*trigger_fn)(void);

static void trigger_getppid(void)
{
	syscall(__NR_getppid);
}

static void trigger_faults(void)
{
	size_t len = 64 * 4096, i;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	for (i = 0; i < len; i += 4096)
		p[i] = 1;
	munmap(p, len);
}

static void trigger_sleep(void)
{
	usleep(30000);
}

/*
 * Expands spec, attaches a cookie-storing program with cookie, fires
 * trigger until the map shows the cookie (or a second passes), detaches.
 */
static void attach_case(const char *name, const char *spec, int prog_type,
			uint64_t cookie, trigger_fn trigger, bool cross_cpu)
{
	struct tc t = { .name = name };
	struct vec out = { 0 };
	struct fdset fds = { 0 };
	struct probe_inst *pi;
	char err[512] = "";
	int map, prog, ret, cpu = -1;
	double end;

	if (!need_root(name))
		return;
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ferret_test", 4, 8, 1, NULL);
	if (!expect(&t, map >= 0, "map: %s", strerror(errno)))
		goto out;
	prog = load_store_prog(prog_type, map, true, 0);
	if (!expect(&t, prog >= 0, "load: %s", strerror(-prog)))
		goto out_map;
	pi = expand_one(&t, spec, &out);
	if (!pi)
		goto out_prog;
	expect(&t, pi->prov->prog_type == prog_type, "prog type %d",
	       pi->prov->prog_type);
	expect(&t, provider_has_cookie(pi->prov), "no cookie support");
	ret = pi->prov->attach(pi, prog, cookie, &fds, err, sizeof(err));
	if (!expect(&t, ret == 0, "attach: %d %s", ret, err))
		goto out_fds;
	if (cross_cpu)
		cpu = other_cpu();
	end = now() + 1;
	do
		trigger();
	while (map_get(map) != cookie && now() < end);
	expect(&t, map_get(map) == cookie, "map holds %#llx, want %#llx%s",
	       (unsigned long long)map_get(map), (unsigned long long)cookie,
	       cpu >= 0 ? " (event on another CPU)" : "");
	if (cpu >= 0)
		all_cpus();
out_fds:
	fdset_close(&fds);
	expect(&t, fds.n == 0 && !fds.fd, "fdset not empty after close");
	if (!t.failed) {
		map_clear(map);
		trigger();
		if (trigger == trigger_getppid)
			expect(&t, map_get(map) == 0, "still attached after close");
	}
	free_insts(&out);
out_prog:
	close(prog);
out_map:
	close(map);
out:
	finish(&t);
}

static void test_special_fire(void)
{
	struct tc t = { .name = "special_fire" };
	int map, prog, ret;

	if (!need_root(t.name))
		return;
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ferret_test", 4, 8, 1, NULL);
	if (!expect(&t, map >= 0, "map: %s", strerror(errno)))
		goto out;
	prog = load_store_prog(BPF_PROG_TYPE_RAW_TRACEPOINT, map, false, 42);
	if (expect(&t, prog >= 0, "load: %s", strerror(-prog))) {
		ret = special_fire(prog, -1);
		expect(&t, ret == 0, "fire: %s", strerror(-ret));
		expect(&t, map_get(map) == 42, "map holds %llu",
		       (unsigned long long)map_get(map));
		close(prog);
	}
	/* Under test_run a raw tracepoint program's cookie reads 0. */
	map_clear(map);
	prog = load_store_prog(BPF_PROG_TYPE_RAW_TRACEPOINT, map, true, 0);
	if (prog >= 0) {
		bpf_map_update_elem(map, &(uint32_t){ 0 }, &(uint64_t){ 7 },
				    BPF_ANY);
		ret = special_fire(prog, -1);
		expect(&t, ret == 0 && map_get(map) == 0,
		       "cookie under test_run: %d %llu", ret,
		       (unsigned long long)map_get(map));
		close(prog);
	}
	expect(&t, special_fire(-1, -1) == -EBADF, "bad fd accepted");
	close(map);
out:
	finish(&t);
}

static void test_hw_attach(void)
{
	struct tc t = { .name = "hardware_attach_no_pmu" };
	struct probe_inst pi = {
		.name = "hardware:cycles", .prov = &hardware_provider,
		.config = PERF_COUNT_HW_CPU_CYCLES, .period = 1000000,
		.cpu = -1, .target = "cycles",
	};
	struct fdset fds = { 0 };
	char err[512] = "";
	int prog, map, ret;

	if (!need_root(t.name))
		return;
	if (feat_hw_pmu(NULL)) {
		skip(t.name, "this machine has a PMU");
		return;
	}
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ferret_test", 4, 8, 1, NULL);
	prog = load_store_prog(BPF_PROG_TYPE_PERF_EVENT, map, true, 0);
	if (expect(&t, prog >= 0, "load: %s", strerror(-prog))) {
		ret = hardware_provider.attach(&pi, prog, 1, &fds, err,
					       sizeof(err));
		expect(&t, ret == -ENOENT || ret == -EOPNOTSUPP, "ret %d", ret);
		expect(&t, !strcmp(err, no_pmu), "error '%s'", err);
		expect(&t, fds.n == 0, "%d fds left", fds.n);
		close(prog);
	}
	close(map);
	fdset_close(&fds);
	finish(&t);
}

/* watchpoint:FUNC+argN: bpftrace's checks, in its words. */
static void test_watchpoint_func_errors(void)
{
	struct tc t = { .name = "watchpoint_func_errors" };
	const char *cmd = provider_cmd;
	int pid = provider_pid;

	provider_pid = 0;
	provider_cmd = NULL;
	expect_error(&t, "watchpoint:f+arg1:8:w", -EINVAL,
		     "-p PID or -c CMD required for watchpoint");
	expect_error(&t, "watchpoint:f+foo:8:w", -EINVAL,
		     "Invalid function argument");
	expect_error(&t, "watchpoint:f+arg:8:w", -EINVAL,
		     "Invalid function argument");
	expect_error(&t, "asyncwatchpoint:f+arg1x:8:w", -EINVAL,
		     "Invalid function argument");
	expect_error(&t, "watchpoint:f+arg1+2:8:w", -EINVAL,
		     "Invalid function/address argument");
	expect_error(&t, "watchpoint:+arg1:8:w", -EINVAL,
		     "Invalid function/address argument");
	expect_error(&t, "watchpoint:0:8:w", -EINVAL,
		     "watchpoint must be attached to a non-zero address");
	expect_error(&t, "watchpoint:f+arg1:3:w", -EINVAL,
		     "watchpoint length must be one of (1,2,4,8)");
	expect_error(&t, "watchpoint:f+arg1:8:r", -EINVAL,
		     "invalid watchpoint mode: r");
	provider_cmd = "/proc/self/exe";
	expect_error(&t, "watchpoint:f+arg6:8:w", -EINVAL,
		     "x86_64 doesn't support arg6");
	provider_cmd = "/nonexistent/ferret-cmd";
	expect_error(&t, "watchpoint:f+arg1:8:w", -ENOENT,
		     "cannot find the program");
	provider_cmd = cmd;
	provider_pid = pid;
	finish(&t);
}

/*
 * An instance per function, named as bpftrace names it, armed by a
 * uprobe on the function: stopping the process unless async.
 */
static void test_watchpoint_func_expand(void)
{
	struct tc t = { .name = "watchpoint_func_expand" };
	const char *cmd = provider_cmd;
	struct probe_inst *pi;
	struct vec out = { 0 };

	if (!need_root(t.name))
		return;
	provider_cmd = "/proc/self/exe --flag";
	pi = expand_one(&t, "watchpoint:main+arg1:4:rw", &out);
	if (pi) {
		expect(&t, !strcmp(pi->name, "watchpoint:/proc/self/exe:main:1:4:rw"),
		       "name %s", pi->name);
		expect(&t, pi->arm && pi->arm_arg == 1 && pi->arm_stop,
		       "arm %p arg %d stop %d", (void *)pi->arm, pi->arm_arg,
		       pi->arm_stop);
		expect(&t, pi->addr == 0, "addr 0x%llx before arming",
		       (unsigned long long)pi->addr);
		expect(&t, pi->arm && pi->arm->prov->arg_offset &&
		       pi->arm->prov->arg_offset(pi->arm, 1) >= 0,
		       "the arm cannot read arg1");
	}
	free_insts(&out);
	pi = expand_one(&t, "aw:main+arg0:8:w", &out);
	if (pi) {
		expect(&t, !strcmp(pi->name, "asyncwatchpoint:/proc/self/exe:main:8:w"),
		       "name %s", pi->name);
		expect(&t, pi->arm && !pi->arm_stop, "async arm stops");
	}
	free_insts(&out);
	expect_error(&t, "watchpoint:ferret_no_such_function+arg0:8:w",
		     -ENOENT, "ferret_no_such_function");
	provider_cmd = cmd;
	finish(&t);
}

/*
 * Attach cost for every syscalls:sys_enter_* tracepoint with one shared
 * program.  Detaching costs tens of milliseconds per tracepoint (an RCU
 * grace period each), so this runs only with FERRET_BENCH set.
 */
static void bench_syscalls(void)
{
	static const struct bpf_insn ret0[] = {
		MOV64_IMM(BPF_REG_0, 0), EXIT(),
	};
	const char *name = "bench_attach_syscalls";
	struct tc t = { .name = name };
	struct vec out = { 0 };
	struct fdset fds = { 0 };
	char err[512] = "";
	double t0, t1, t2, t3;
	int prog, i, ret = 0;

	if (!getenv("FERRET_BENCH")) {
		skip(name, "set FERRET_BENCH=1 (detaching takes ~40 ms per tracepoint)");
		return;
	}
	if (!need_root(name))
		return;
	t0 = now();
	ret = expand("tracepoint:syscalls:sys_enter_*", &out, err, sizeof(err));
	t1 = now();
	prog = bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, "ferret_test", "GPL",
			     ret0, ARRAY_SIZE(ret0), NULL);
	for (i = 0; !ret && i < out.n; i++) {
		struct probe_inst *pi = out.v[i];

		ret = pi->prov->attach(pi, prog, i, &fds, err, sizeof(err));
	}
	t2 = now();
	fdset_close(&fds);
	t3 = now();
	expect(&t, !ret, "%s", err);
	close(prog);
	if (!t.failed)
		snprintf(t.why, sizeof(t.why), "%d tracepoints: expand %.3f s, attach %.3f s, detach %.3f s",
			 out.n, t1 - t0, t2 - t1, t3 - t2);
	if (t.failed) {
		finish(&t);
	} else {
		printf("ok %s: %s\n", name, t.why);
		passed++;
	}
	free_insts(&out);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_find();
	test_count();
	test_interval();
	test_profile();
	test_software();
	test_hardware();
	test_special();
	test_spec_errors();
	test_unsupported();
	test_kernel_function_available();
	test_kprobe_specs();
	test_kfunc_specs();
	test_format_parse();
	test_features_consistent();
	test_tp_expand();
	test_tp_errors();
	test_tp_wildcards();
	test_list();
	test_rtp_expand();
	test_special_fire();
	attach_case("attach_tracepoint_cookie",
		    "tracepoint:syscalls:sys_enter_getppid",
		    BPF_PROG_TYPE_TRACEPOINT, 0xc0ffee0001ull, trigger_getppid,
		    true);
	attach_case("attach_rawtracepoint_cookie", "rt:sys_enter",
		    BPF_PROG_TYPE_RAW_TRACEPOINT, 0xc0ffee0002ull,
		    trigger_getppid, false);
	attach_case("attach_interval_cookie", "interval:ms:10",
		    BPF_PROG_TYPE_PERF_EVENT, 0xc0ffee0003ull, trigger_sleep,
		    false);
	attach_case("attach_profile_cookie", "profile:hz:97",
		    BPF_PROG_TYPE_PERF_EVENT, 0xc0ffee0004ull, trigger_sleep,
		    false);
	attach_case("attach_software_cookie", "software:faults:1",
		    BPF_PROG_TYPE_PERF_EVENT, 0xc0ffee0005ull, trigger_faults,
		    false);
	test_hw_attach();
	test_watchpoint_func_errors();
	test_watchpoint_func_expand();
	bench_syscalls();
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
