/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stack symbolization.  Kernel frames against /proc/kallsyms (root);
 * user frames against fixture processes compiled with cc at run time,
 * which print their own function pointers to a pipe and wait.  Where
 * libbcc_bpf.so.0 (the library bpftrace 0.17 symbolizes with) can be
 * loaded, every answer is also compared with bcc's for the same
 * addresses, ties between names at one address included.
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "util.h"
#include "runtime/symbols.h"
#include "harness.h"

static char dir[64];

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* bcc's ABI as libbcc_bpf.so.0 (bcc 0.26) has it. */
struct bcc_symbol {
	const char *name;
	const char *demangle_name;
	const char *module;
	uint64_t offset;
};

struct bcc_symbol_option {
	int use_debug_file;
	int check_debug_file_crc;
	int lazy_symbolize;
	uint32_t use_symbol_type;
};

struct bcc {
	void *lib;
	void *(*symcache_new)(int pid, struct bcc_symbol_option *opt);
	void (*free_symcache)(void *cache, int pid);
	int (*resolve)(void *cache, uint64_t addr, struct bcc_symbol *sym);
};

static bool bcc_load(struct bcc *b)
{
	b->lib = dlopen("libbcc_bpf.so.0", RTLD_NOW | RTLD_LOCAL);
	if (!b->lib)
		return false;
	*(void **)&b->symcache_new = dlsym(b->lib, "bcc_symcache_new");
	*(void **)&b->free_symcache = dlsym(b->lib, "bcc_free_symcache");
	*(void **)&b->resolve = dlsym(b->lib, "bcc_symcache_resolve");
	return b->symcache_new && b->free_symcache && b->resolve;
}

/* What bpftrace prints for addr through bcc: resolve_ksym/resolve_usym. */
static void bcc_frame(struct bcc *b, void *cache, uint64_t addr, bool module,
		      struct buf *out)
{
	struct bcc_symbol s;

	memset(&s, 0, sizeof(s));
	if (!b->resolve(cache, addr, &s)) {
		buf_printf(out, "%s+%" PRIu64, s.name, s.offset);
		if (module)
			buf_printf(out, " (%s)", s.module);
		return;
	}
	if (addr)
		buf_printf(out, "0x%" PRIx64, addr);
	else
		buf_printf(out, "0");
	if (module)
		buf_printf(out, " ([unknown])");
}

struct ksym_line {
	uint64_t addr;
	char type;
	char name[128];
};

static int read_kallsyms(struct ksym_line **out)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	struct ksym_line *v = NULL;
	char line[512];
	int n = 0, cap = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a;
		char type, name[128];

		if (sscanf(line, "%llx %c %127s", &a, &type, name) != 3)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[n].addr = a;
		v[n].type = type;
		snprintf(v[n].name, sizeof(v[n].name), "%s", name);
		n++;
	}
	fclose(f);
	*out = v;
	return n;
}

static bool kept(char type)
{
	return !strchr("bBdDrR", type);
}

/*
 * SYM_DATA: a data symbol alone at its address names it, as DTrace's %a
 * does, in the kernel's image; without SYM_DATA it does not (bcc's).
 */
static void test_kernel_data(struct tc *t, const struct ksym_line *v, int n)
{
	struct sym_where w;
	struct buf b = { 0 };
	int i, j, pick = -1, r;
	char want[256];

	for (i = 0; i < n && pick < 0; i++) {
		if (kept(v[i].type) || v[i].addr < 0x00ffffffffffffffull ||
		    strchr(v[i].name, '.'))
			continue;
		for (j = 0; j < n; j++)
			if (j != i && v[j].addr == v[i].addr)
				break;
		if (j == n)
			pick = i;
	}
	if (pick < 0)
		return;
	snprintf(want, sizeof(want), "%s+0", v[pick].name);
	r = sym_kernel_ex(v[pick].addr, SYM_OFFSET | SYM_DATA, &b);
	expect(t, !r && !strcmp(b.p, want), "data %#" PRIx64 ": %d \"%s\", want %s",
	       v[pick].addr, r, b.p, want);
	b.len = 0;
	sym_kernel_ex(v[pick].addr, SYM_OFFSET, &b);
	expect(t, strcmp(b.p, want), "data named without SYM_DATA: %s", b.p);
	r = sym_kernel_image(v[pick].addr, &w);
	expect(t, !r && !strcmp(w.path, "[kernel.kallsyms]") &&
		   w.start <= v[pick].addr && v[pick].addr < w.end,
	       "data %#" PRIx64 " not in the kernel's image: %d", v[pick].addr, r);
	buf_free(&b);
}

static void test_kernel(void)
{
	struct tc t = { .name = "kernel_known_symbol" };
	struct ksym_line *v = NULL;
	struct buf b = { 0 };
	int n, i, j, pick = -1, r;
	uint64_t next = 0;

	if (geteuid()) {
		skip(t.name, "not root: /proc/kallsyms hides addresses");
		return;
	}
	n = read_kallsyms(&v);
	if (n <= 0 || !v[n / 2].addr) {
		skip(t.name, "/proc/kallsyms shows no addresses");
		free(v);
		return;
	}
	/* a text symbol alone at its address, with a gap before the next */
	for (i = n / 3; i < n && pick < 0; i++) {
		if (v[i].type != 'T' || strchr(v[i].name, '.'))
			continue;
		next = UINT64_MAX;
		for (j = 0; j < n; j++) {
			if (j == i || !kept(v[j].type))
				continue;
			if (v[j].addr == v[i].addr)
				break;
			if (v[j].addr > v[i].addr && v[j].addr < next)
				next = v[j].addr;
		}
		if (j == n && next - v[i].addr > 16)
			pick = i;
		if (i > n / 3 + 200)
			break;
	}
	if (!expect(&t, pick >= 0, "no lone text symbol found"))
		goto out;
	r = sym_kernel(v[pick].addr, &b);
	expect(&t, !r && !strncmp(b.p, v[pick].name, strlen(v[pick].name)) &&
		   !strcmp(b.p + strlen(v[pick].name), "+0"),
	       "%#" PRIx64 ": %d \"%s\", want %s+0", v[pick].addr, r, b.p,
	       v[pick].name);
	b.len = 0;
	r = sym_kernel(v[pick].addr + 13, &b);
	expect(&t, !r && !strncmp(b.p, v[pick].name, strlen(v[pick].name)) &&
		   !strcmp(b.p + strlen(v[pick].name), "+13"),
	       "+13: \"%s\"", b.p);
	b.len = 0;
	r = sym_kernel_ex(v[pick].addr + 13, 0, &b);
	expect(&t, !r && !strcmp(b.p, v[pick].name), "ksym form: \"%s\"", b.p);
	b.len = 0;
	test_kernel_data(&t, v, n);
	r = sym_kernel(0x1000, &b);
	expect(&t, r == -ENOENT && !strcmp(b.p, "0x1000"), "low address: %d %s",
	       r, b.p);
	b.len = 0;
	sym_kernel(0, &b);
	expect(&t, !strcmp(b.p, "0"), "zero: %s", b.p);
	b.len = 0;
	{
		uint64_t ips[] = { v[pick].addr + 1, v[pick].addr + 2, 0,
				   v[pick].addr };
		char *want = xasprintf("\n        %s+1\n        %s+2\n",
				       v[pick].name, v[pick].name);

		sym_stack(ips, 4, false, NULL, false, 8, &b);
		expect(&t, !strcmp(b.p, want), "kstack text \"%s\", want \"%s\"",
		       b.p, want);
		free(want);
		b.len = 0;
		want = xasprintf("\n\t%" PRIx64 " %s+1\n", v[pick].addr + 1,
				 v[pick].name);
		sym_stack(ips, 1, false, NULL, true, 8, &b);
		expect(&t, !strcmp(b.p, want), "kstack(perf) \"%s\", want \"%s\"",
		       b.p, want);
		free(want);
	}
out:
	buf_free(&b);
	free(v);
	finish(&t);
}

/*
 * Ties between names at one address depend on the whole of kallsyms
 * (bcc's sort is not stable), and BPF programs loaded meanwhile by
 * anyone add lines: both tables must come from the same contents.
 */
static void test_kernel_bcc(struct bcc *bcc)
{
	struct tc t = { .name = "kernel_matches_bcc" };
	struct ksym_line *v = NULL;
	struct buf mine = { 0 }, theirs = { 0 };
	char *before = NULL, *after = NULL;
	void *cache = NULL;
	int n, i, d, attempt, bad = 0;
	size_t lb, la;

	if (geteuid()) {
		skip(t.name, "not root: bcc reads no kernel symbols");
		return;
	}
	if (!bcc->lib) {
		skip(t.name, "libbcc_bpf.so.0 (bpftrace's symbolizer) not loadable");
		return;
	}
	for (attempt = 0; attempt < 10; attempt++) {
		struct bcc_symbol s;

		free(before);
		free(after);
		if (cache)
			bcc->free_symcache(cache, -1);
		before = util_read_file("/proc/kallsyms", &lb);
		sym_reset();
		sym_kernel(0, &mine);
		cache = bcc->symcache_new(-1, NULL);
		bcc->resolve(cache, 0, &s);
		after = util_read_file("/proc/kallsyms", &la);
		if (before && after && la == lb && !memcmp(before, after, lb))
			break;
		usleep(100000);
	}
	if (attempt == 10) {
		skip(t.name, "/proc/kallsyms kept changing (BPF programs loading)");
		goto out;
	}
	n = read_kallsyms(&v);
	for (i = 0; i < n && bad < 5; i++) {
		for (d = 0; d < 2; d++) {
			mine.len = theirs.len = 0;
			buf_put(&mine, "", 0);
			buf_put(&theirs, "", 0);
			sym_kernel(v[i].addr + d, &mine);
			bcc_frame(bcc, cache, v[i].addr + d, false, &theirs);
			if (strcmp(mine.p, theirs.p) &&
			    !expect(&t, false, "%#" PRIx64 ": \"%s\", bcc \"%s\"",
				    v[i].addr + d, mine.p, theirs.p))
				bad++;
		}
	}
	if (!t.failed)
		printf("info: %d kallsyms addresses named as bcc names them\n",
		       2 * n);
	finish(&t);
out:
	bcc->free_symcache(cache, -1);
	buf_free(&mine);
	buf_free(&theirs);
	free(before);
	free(after);
	free(v);
}

static const char fixture[] =
	"#include <stdio.h>\n"
	"#include <unistd.h>\n"
	"__attribute__((noinline)) int fx_one(int x) { return x + 1; }\n"
	"__attribute__((noinline)) int fx_two(int x) { return fx_one(x) * 2; }\n"
	"__attribute__((noinline)) static int fx_three(int x) { return fx_two(x) - 3; }\n"
	"int (*volatile fx_keep)(int) = fx_three;\n"
	"int main(void)\n"
	"{\n"
	"	char c;\n"
	"	printf(\"%p %p %p %p %p\\n\", (void *)fx_one, (void *)fx_two,\n"
	"	       (void *)fx_three, (void *)main, (void *)write);\n"
	"	fflush(stdout);\n"
	"	if (read(0, &c, 1) < 0)\n"
	"		return 2;\n"
	"	return fx_keep(0) == 99;\n"
	"}\n";

static const char *const fx_funcs[] = { "fx_one", "fx_two", "fx_three", "main" };

struct child {
	pid_t pid;
	int in;			/* its stdin: closing it lets it exit */
	uint64_t fn[5];		/* fx_one fx_two fx_three main write */
	char *exe;
};

/* Runs exe, or "unshare -m exe" with unshare set: another mount namespace. */
static bool child_start_ns(struct child *c, const char *exe, bool unshare)
{
	int to[2], from[2];
	FILE *f;
	int n;

	memset(c, 0, sizeof(*c));
	c->pid = -1;
	c->in = -1;
	if (pipe(to) || pipe(from))
		return false;
	c->pid = fork();
	if (c->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		if (unshare)
			execlp("unshare", "unshare", "-m", exe, (char *)NULL);
		else
			execl(exe, exe, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	c->in = to[1];
	c->exe = xstrdup(exe);
	f = fdopen(from[0], "r");
	if (!f)
		return false;
	n = fscanf(f, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64
		   " %" SCNx64, &c->fn[0], &c->fn[1], &c->fn[2], &c->fn[3],
		   &c->fn[4]);
	fclose(f);
	return c->pid > 0 && n == 5;
}

static bool child_start(struct child *c, const char *exe)
{
	return child_start_ns(c, exe, false);
}

static void child_stop(struct child *c)
{
	int st;

	if (c->in >= 0)
		close(c->in);
	c->in = -1;
	if (c->pid > 0)
		waitpid(c->pid, &st, 0);
	c->pid = -1;
	free(c->exe);
	c->exe = NULL;
}

static bool build(const char *flags, const char *out)
{
	char *cmd = xasprintf("cd %s && cc -O1 -g -fno-omit-frame-pointer %s "
			      "-o %s fx.c", dir, flags, out);
	bool ok = !system(cmd);

	free(cmd);
	return ok;
}

static bool frame_is(struct sym_proc *p, uint64_t addr, unsigned int flags,
		     const char *want, char *got, size_t len)
{
	struct buf b = { 0 };
	bool ok;

	sym_user_ex(p, addr, flags, &b);
	snprintf(got, len, "%s", b.p ? b.p : "");
	ok = b.p && !strcmp(b.p, want);
	buf_free(&b);
	return ok;
}

/* Names with +0 and +N, while alive and after exit, and the load cache. */
static void test_user(const char *tname, const char *exe_name,
		      const char *flags)
{
	struct tc t = { .name = tname };
	char *exe = xasprintf("%s/%s", dir, exe_name), got[512], want[600];
	struct sym_proc *p = NULL, *p2 = NULL;
	struct child c;
	int loads, i;

	if (!expect(&t, build(flags, exe_name), "cc %s failed", flags))
		goto out;
	if (!expect(&t, child_start(&c, exe), "fixture did not start"))
		goto stop;
	p = sym_proc_capture(c.pid);
	if (!expect(&t, p != NULL, "capture: %s", strerror(errno)))
		goto stop;
	loads = sym_object_loads();
	for (i = 0; i < 4; i++) {
		snprintf(want, sizeof(want), "%s+0", fx_funcs[i]);
		expect(&t, frame_is(p, c.fn[i], SYM_OFFSET, want, got,
				    sizeof(got)),
		       "%#" PRIx64 ": \"%s\", want \"%s\"", c.fn[i], got, want);
		snprintf(want, sizeof(want), "%s+3", fx_funcs[i]);
		expect(&t, frame_is(p, c.fn[i] + 3, SYM_OFFSET, want, got,
				    sizeof(got)),
		       "\"%s\", want \"%s\"", got, want);
		expect(&t, frame_is(p, c.fn[i] + 3, 0, fx_funcs[i], got,
				    sizeof(got)),
		       "usym form \"%s\", want \"%s\"", got, fx_funcs[i]);
	}
	snprintf(want, sizeof(want), "fx_two+1 (%s)", exe);
	expect(&t, frame_is(p, c.fn[1] + 1, SYM_OFFSET | SYM_MODULE, want, got,
			    sizeof(got)), "perf form \"%s\", want \"%s\"", got,
	       want);
	expect(&t, sym_object_loads() == loads + 1,
	       "%d objects read for one executable", sym_object_loads() - loads);
	expect(&t, frame_is(p, 0x10, SYM_OFFSET, "0x10", got, sizeof(got)),
	       "unmapped: \"%s\"", got);
	expect(&t, frame_is(p, 0x10, SYM_OFFSET | SYM_MODULE,
			    "0x10 ([unknown])", got, sizeof(got)),
	       "unmapped perf form: \"%s\"", got);
	snprintf(want, sizeof(want), "0x%" PRIx64, c.fn[0]);
	expect(&t, frame_is(NULL, c.fn[0], SYM_OFFSET, want, got, sizeof(got)),
	       "no process: \"%s\", want \"%s\"", got, want);
	{
		uint64_t ips[] = { c.fn[0] + 1, c.fn[1] + 2, 0, c.fn[2] };
		struct buf b = { 0 };

		snprintf(want, sizeof(want), "\n    fx_one+1\n    fx_two+2\n");
		sym_stack(ips, 4, true, p, false, 4, &b);
		expect(&t, b.p && !strcmp(b.p, want), "ustack \"%s\"", b.p);
		b.len = 0;
		snprintf(want, sizeof(want), "\n\t%" PRIx64 " fx_one+1 (%s)\n",
			 c.fn[0] + 1, exe);
		sym_stack(ips, 1, true, p, true, 4, &b);
		expect(&t, b.p && !strcmp(b.p, want), "ustack(perf) \"%s\", want \"%s\"",
		       b.p, want);
		buf_free(&b);
	}
	/* a second snapshot of the same objects reads nothing again */
	p2 = sym_proc_capture(c.pid);
	loads = sym_object_loads();
	expect(&t, p2 && frame_is(p2, c.fn[2], SYM_OFFSET, "fx_three+0", got,
				  sizeof(got)), "second snapshot: \"%s\"", got);
	expect(&t, sym_object_loads() == loads, "executable read again");
	child_stop(&c);
	expect(&t, frame_is(p, c.fn[1] + 2, SYM_OFFSET, "fx_two+2", got,
			    sizeof(got)), "after exit: \"%s\"", got);
	errno = 0;
	expect(&t, !sym_proc_capture(0x7ffffff0) && errno == ENOENT,
	       "capture of a missing pid: errno %d", errno);
	goto out;
stop:
	child_stop(&c);
out:
	sym_proc_free(p);
	sym_proc_free(p2);
	free(exe);
	finish(&t);
}

/* A process in another mount namespace: its files are read through /proc/PID/root. */
static void test_user_mntns(void)
{
	struct tc t = { .name = "user_mount_namespace" };
	char *exe = xasprintf("%s/fx_pie", dir), got[512], want[600];
	struct sym_proc *p = NULL;
	struct child c;
	int loads;

	if (geteuid() || system("unshare -m true >/dev/null 2>&1")) {
		skip(t.name, "needs root and unshare(1) to make a mount namespace");
		free(exe);
		return;
	}
	if (!expect(&t, child_start_ns(&c, exe, true), "fixture did not start"))
		goto out;
	p = sym_proc_capture(c.pid);
	if (!expect(&t, p != NULL, "capture: %s", strerror(errno)))
		goto out;
	loads = sym_object_loads();
	frame_is(p, c.fn[1] + 2, SYM_OFFSET | SYM_MODULE, "", got, sizeof(got));
	snprintf(want, sizeof(want), "fx_two+2 (%s)", exe);
	expect(&t, !strcmp(got, want), "\"%s\", want \"%s\"", got, want);
	expect(&t, sym_object_loads() == loads + 1,
	       "the executable was not read again through /proc/PID/root");
out:
	child_stop(&c);
	sym_proc_free(p);
	free(exe);
	finish(&t);
}

/* The executable mappings of pid: start, end, path. */
struct xmap {
	uint64_t start, end;
	char path[512];
};

static int exec_maps(pid_t pid, struct xmap *v, int max)
{
	char path[64], line[1024];
	FILE *f;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f) && n < max) {
		unsigned long long s, e;
		char perm[8], name[512] = "";

		if (sscanf(line, "%llx-%llx %7s %*s %*s %*s %511s", &s, &e, perm,
			   name) < 3 || !strchr(perm, 'x') ||
		    (name[0] != '/' && strcmp(name, "[vdso]")))
			continue;
		v[n].start = s;
		v[n].end = e;
		snprintf(v[n].path, sizeof(v[n].path), "%s", name);
		n++;
	}
	fclose(f);
	return n;
}

/* libc: the load cache, every-byte agreement with bcc, and a timing. */
static void test_user_libc(struct bcc *bcc)
{
	struct tc t = { .name = "user_libc_cache" };
	struct tc tb = { .name = "user_matches_bcc" };
	char *exe = xasprintf("%s/fx_pie", dir), got[512];
	struct sym_proc *p = NULL;
	struct xmap maps[32];
	struct child c;
	int loads, n, i;

	if (!expect(&t, child_start(&c, exe), "fixture did not start")) {
		finish(&t);
		goto stop;
	}
	p = sym_proc_capture(c.pid);
	if (!expect(&t, p != NULL, "capture")) {
		finish(&t);
		goto stop;
	}
	loads = sym_object_loads();
	frame_is(p, c.fn[4], SYM_OFFSET, "", got, sizeof(got));
	expect(&t, strstr(got, "write+0") != NULL, "write resolved as \"%s\"",
	       got);
	expect(&t, sym_object_loads() == loads + 1, "libc read %d times",
	       sym_object_loads() - loads);
	frame_is(p, c.fn[4] + 1, SYM_OFFSET, "", got, sizeof(got));
	/* user_pie read this executable already, for another process */
	frame_is(p, c.fn[0], SYM_OFFSET, "", got, sizeof(got));
	expect(&t, sym_object_loads() == loads + 1,
	       "%d objects read for libc and a known executable, want 1",
	       sym_object_loads() - loads);
	finish(&t);

	n = exec_maps(c.pid, maps, ARRAY_SIZE(maps));
	for (i = 0; i < n; i++) {
		const char *base = strrchr(maps[i].path, '/');
		uint64_t a, len = maps[i].end - maps[i].start;
		double t0, t1, t2;
		struct buf b = { 0 };

		if (!base || strncmp(base, "/libc.so", 8))
			continue;
		sym_reset();
		t0 = now_ms();
		sym_user(p, maps[i].start + len / 2, &b);
		t1 = now_ms();
		for (a = 0; a < 10000; a++) {
			b.len = 0;
			sym_user(p, maps[i].start + a * (len / 10000), &b);
		}
		t2 = now_ms();
		printf("info: %s: symbols read in %.1f ms; 10000 distinct "
		       "addresses symbolized in %.2f ms (%.0f ns each)\n",
		       maps[i].path, t1 - t0, t2 - t1, (t2 - t1) * 100);
		buf_free(&b);
	}

	if (!bcc->lib) {
		skip(tb.name, "libbcc_bpf.so.0 (bpftrace's symbolizer) not loadable");
		goto stop;
	}
	{
		struct bcc_symbol_option o = { 1, 1, 1, 65535 };
		void *cache = bcc->symcache_new(c.pid, &o);
		struct buf mine = { 0 }, theirs = { 0 };
		long checked = 0;

		for (i = 0; i < n && !tb.failed; i++) {
			uint64_t a;

			for (a = maps[i].start; a < maps[i].end && !tb.failed;
			     a += 7) {
				mine.len = theirs.len = 0;
				buf_put(&mine, "", 0);
				buf_put(&theirs, "", 0);
				sym_user_ex(p, a, SYM_OFFSET | SYM_MODULE, &mine);
				bcc_frame(bcc, cache, a, true, &theirs);
				expect(&tb, !strcmp(mine.p, theirs.p),
				       "%#" PRIx64 " in %s: \"%s\", bcc \"%s\"", a,
				       maps[i].path, mine.p, theirs.p);
				checked++;
			}
		}
		if (!tb.failed)
			printf("info: %ld addresses in %d mappings named as bcc "
			       "names them\n", checked, n);
		bcc->free_symcache(cache, c.pid);
		buf_free(&mine);
		buf_free(&theirs);
	}
	finish(&tb);
stop:
	child_stop(&c);
	sym_proc_free(p);
	free(exe);
}

int main(void)
{
	struct bcc bcc = { 0 };
	char *src;

	signal(SIGPIPE, SIG_IGN);
	if (!bcc_load(&bcc) && bcc.lib) {
		dlclose(bcc.lib);
		bcc.lib = NULL;
	}
	test_kernel();
	test_kernel_bcc(&bcc);
	if (!harness_mkdtemp(dir, sizeof(dir), "symbols")) {
		printf("FAIL fixtures: mkdtemp: %s\n", strerror(errno));
		failed++;
		goto done;
	}
	src = xasprintf("%s/fx.c", dir);
	if (harness_write(dir, "fx.c", fixture)) {
		test_user("user_pie", "fx_pie", "-fPIE -pie");
		test_user("user_nopie", "fx_nopie", "-fno-pie -no-pie");
		test_user_libc(&bcc);
		test_user_mntns();
	}
	free(src);
	{
		harness_rmtree(dir);
	}
done:
	sym_reset();
	if (bcc.lib)
		dlclose(bcc.lib);
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
