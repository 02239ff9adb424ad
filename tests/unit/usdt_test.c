/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT notes and argument specs.  The spec parser runs on a table of
 * strings; the note reader on fixture programs compiled at run time
 * with <sys/sdt.h> (from systemtap-sdt-dev; without it those cases are
 * skipped), checked against readelf -n, readelf -S and nm.
 */
#include <asm/ptrace.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "kernel/usdt.h"
#include "harness.h"

static char dir[64];

#define OFF(r) ((int)offsetof(struct pt_regs, r))
#define NO USDTN_NO_REG

struct spec_case {
	const char *spec;
	int size;
	bool is_signed;
	enum usdtn_kind kind;
	int reg, reg_size, index, scale;
	int64_t offset;
	const char *symbol;
};

static const struct spec_case spec_ok[] = {
	{ "8@%rax", 8, false, USDTN_REG, OFF(rax), 8, NO, 1, 0, NULL },
	{ "-8@%rax", 8, true, USDTN_REG, OFF(rax), 8, NO, 1, 0, NULL },
	{ "-4@%eax", 4, true, USDTN_REG, OFF(rax), 4, NO, 1, 0, NULL },
	{ "4@%edx", 4, false, USDTN_REG, OFF(rdx), 4, NO, 1, 0, NULL },
	{ "2@%ax", 2, false, USDTN_REG, OFF(rax), 2, NO, 1, 0, NULL },
	{ "-2@%si", 2, true, USDTN_REG, OFF(rsi), 2, NO, 1, 0, NULL },
	{ "1@%al", 1, false, USDTN_REG, OFF(rax), 1, NO, 1, 0, NULL },
	{ "-1@%ah", 1, true, USDTN_REG, OFF(rax) + 1, 1, NO, 1, 0, NULL },
	{ "1@%bh", 1, false, USDTN_REG, OFF(rbx) + 1, 1, NO, 1, 0, NULL },
	{ "1@%sil", 1, false, USDTN_REG, OFF(rsi), 1, NO, 1, 0, NULL },
	{ "1@%dil", 1, false, USDTN_REG, OFF(rdi), 1, NO, 1, 0, NULL },
	{ "1@%bpl", 1, false, USDTN_REG, OFF(rbp), 1, NO, 1, 0, NULL },
	{ "1@%spl", 1, false, USDTN_REG, OFF(rsp), 1, NO, 1, 0, NULL },
	{ "8@%rdi", 8, false, USDTN_REG, OFF(rdi), 8, NO, 1, 0, NULL },
	{ "-4@%edi", 4, true, USDTN_REG, OFF(rdi), 4, NO, 1, 0, NULL },
	{ "8@%rbx", 8, false, USDTN_REG, OFF(rbx), 8, NO, 1, 0, NULL },
	{ "8@%rcx", 8, false, USDTN_REG, OFF(rcx), 8, NO, 1, 0, NULL },
	{ "8@%rsp", 8, false, USDTN_REG, OFF(rsp), 8, NO, 1, 0, NULL },
	{ "8@%rbp", 8, false, USDTN_REG, OFF(rbp), 8, NO, 1, 0, NULL },
	{ "8@%r8", 8, false, USDTN_REG, OFF(r8), 8, NO, 1, 0, NULL },
	{ "-4@%r8d", 4, true, USDTN_REG, OFF(r8), 4, NO, 1, 0, NULL },
	{ "2@%r9w", 2, false, USDTN_REG, OFF(r9), 2, NO, 1, 0, NULL },
	{ "1@%r10b", 1, false, USDTN_REG, OFF(r10), 1, NO, 1, 0, NULL },
	{ "8@%r11", 8, false, USDTN_REG, OFF(r11), 8, NO, 1, 0, NULL },
	{ "8@%r12", 8, false, USDTN_REG, OFF(r12), 8, NO, 1, 0, NULL },
	{ "-8@%r13", 8, true, USDTN_REG, OFF(r13), 8, NO, 1, 0, NULL },
	{ "4@%r14d", 4, false, USDTN_REG, OFF(r14), 4, NO, 1, 0, NULL },
	{ "1@%r15b", 1, false, USDTN_REG, OFF(r15), 1, NO, 1, 0, NULL },
	{ "%rsi", 8, false, USDTN_REG, OFF(rsi), 8, NO, 1, 0, NULL },
	{ "4@$5", 4, false, USDTN_CONST, NO, 0, NO, 1, 5, NULL },
	{ "-4@$-1", 4, true, USDTN_CONST, NO, 0, NO, 1, -1, NULL },
	{ "8@$0x10", 8, false, USDTN_CONST, NO, 0, NO, 1, 16, NULL },
	{ "-8@$-0x7fffffffffffffff", 8, true, USDTN_CONST, NO, 0, NO, 1,
	  -0x7fffffffffffffffll, NULL },
	{ "-8@$-9223372036854775808", 8, true, USDTN_CONST, NO, 0, NO, 1,
	  INT64_MIN, NULL },
	{ "1@$255", 1, false, USDTN_CONST, NO, 0, NO, 1, 255, NULL },
	{ "-4@-8(%rbp)", 4, true, USDTN_MEM, OFF(rbp), 8, NO, 1, -8, NULL },
	{ "-8@8(%rdi)", 8, true, USDTN_MEM, OFF(rdi), 8, NO, 1, 8, NULL },
	{ "8@(%rax)", 8, false, USDTN_MEM, OFF(rax), 8, NO, 1, 0, NULL },
	{ "4@0x10(%rsp)", 4, false, USDTN_MEM, OFF(rsp), 8, NO, 1, 16, NULL },
	{ "-4@(%rax,%rsi,4)", 4, true, USDTN_MEM, OFF(rax), 8, OFF(rsi), 4, 0,
	  NULL },
	{ "8@24(%rax,%rbx,8)", 8, false, USDTN_MEM, OFF(rax), 8, OFF(rbx), 8,
	  24, NULL },
	{ "2@-2(%r12,%r13)", 2, false, USDTN_MEM, OFF(r12), 8, OFF(r13), 1, -2,
	  NULL },
	{ "4@(,%rdx,2)", 4, false, USDTN_MEM, NO, 0, OFF(rdx), 2, 0, NULL },
	{ "-8@fx_global(%rip)", 8, true, USDTN_MEM, NO, 0, NO, 1, 0,
	  "fx_global" },
	{ "8@fx_tab+16(%rip)", 8, false, USDTN_MEM, NO, 0, NO, 1, 16, "fx_tab" },
	{ "4@fx.tab.1-4(%rip)", 4, false, USDTN_MEM, NO, 0, NO, 1, -4,
	  "fx.tab.1" },
	{ "4@0x601040", 4, false, USDTN_MEM, NO, 0, NO, 1, 0x601040, NULL },
	{ "-4@fx_abs", 4, true, USDTN_MEM, NO, 0, NO, 1, 0, "fx_abs" },
	{ "8@fx_abs+8(%rax,%rcx,4)", 8, false, USDTN_MEM, OFF(rax), 8,
	  OFF(rcx), 4, 8, "fx_abs" },
};

struct spec_err {
	const char *spec;
	const char *msg;	/* expected in the message */
};

static const struct spec_err spec_bad[] = {
	{ "3@%rax", "bad size 3" },
	{ "16@%rax", "bad size 16" },
	{ "-16@%rax", "bad size -16" },
	{ "0@%rax", "bad size 0" },
	{ "8@%xmm0", "unknown register '%xmm0'" },
	{ "8@%r16", "unknown register '%r16'" },
	{ "8@%rax+", "unexpected '+'" },
	{ "8@", "empty operand" },
	{ "8@(%eax)", "not 64-bit" },
	{ "8@8(%rax,%rbx,3)", "bad scale 3" },
	{ "8@8(%rax,%ebx,2)", "bad index register %ebx" },
	{ "8@(%rax,%rip,1)", "bad index register %rip" },
	{ "8@8(%rip)", "without a symbol" },
	{ "8@%rip", "%rip as a value" },
	{ "8@$foo", "expected a number" },
	{ "8@$", "expected a number" },
	{ "8@%fs:8", "unknown register '%fs'" },
	{ "8@8(%rax", "unterminated memory operand" },
	{ "8@8(%rax,", "unterminated memory operand" },
	{ "8@8(%rax)x", "unexpected ')x'" },
	{ "8@foo@GOTPCREL(%rip)", "unexpected '@GOTPCREL(%rip)'" },
	{ "8@()", "no register" },
	{ "8@(,%rax,)", "expected a number" },
	{ "4@$99999999999999999999", "out of range" },
	{ "-8@$-9223372036854775809", "out of range" },
	{ "8@+", "expected a number" },
};

static void test_spec_ok(void)
{
	struct tc t = { .name = "arg_specs" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(spec_ok); i++) {
		const struct spec_case *c = &spec_ok[i];
		struct usdtn_arg a;
		char err[256] = "";
		int r = usdtn_parse_arg(c->spec, strlen(c->spec), &a, err,
					sizeof(err));

		if (!expect(&t, r == 0, "'%s': %d %s", c->spec, r, err))
			continue;
		expect(&t, a.size == c->size && a.is_signed == c->is_signed &&
			   a.kind == c->kind && a.reg == c->reg &&
			   a.reg_size == c->reg_size && a.index == c->index &&
			   a.scale == c->scale && a.offset == c->offset &&
			   (c->symbol ? a.symbol && !strcmp(a.symbol, c->symbol) :
					!a.symbol),
		       "'%s': size %d signed %d kind %d reg %d/%d index %d "
		       "scale %d offset %" PRId64 " symbol %s", c->spec, a.size,
		       a.is_signed, a.kind, a.reg, a.reg_size, a.index, a.scale,
		       a.offset, a.symbol ? a.symbol : "-");
		if (a.kind == USDTN_REG) {
			const char *n = usdtn_reg_name(a.reg, a.reg_size);
			const char *want = strchr(c->spec, '%') + 1;

			expect(&t, n && !strcmp(n, want), "'%s': register named %s",
			       c->spec, n ? n : "NULL");
		}
		usdtn_arg_clear(&a);
	}
	finish(&t);
}

static void test_spec_bad(void)
{
	struct tc t = { .name = "arg_spec_errors" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(spec_bad); i++) {
		const struct spec_err *c = &spec_bad[i];
		struct usdtn_arg a;
		char err[256] = "";
		int r = usdtn_parse_arg(c->spec, strlen(c->spec), &a, err,
					sizeof(err));

		if (!expect(&t, r == -EINVAL, "'%s' parsed (%d)", c->spec, r)) {
			usdtn_arg_clear(&a);
			continue;
		}
		expect(&t, strstr(err, c->msg) && strstr(err, c->spec),
		       "'%s': message \"%s\", want \"%s\" and the spec",
		       c->spec, err, c->msg);
	}
	finish(&t);
}

static void test_spec_lists(void)
{
	struct tc t = { .name = "arg_spec_lists" };
	struct usdtn_arg *v = NULL;
	char err[256] = "";
	int n;

	n = usdtn_parse_args("-4@%eax  8@%rdx\t-8@-8(%rbp)", &v, err, sizeof(err));
	expect(&t, n == 3 && v[0].size == 4 && v[1].reg == OFF(rdx) &&
		   v[2].kind == USDTN_MEM && v[2].offset == -8,
	       "three args: %d %s", n, err);
	if (n > 0)
		usdtn_args_free(v, n);
	n = usdtn_parse_args("", &v, err, sizeof(err));
	expect(&t, n == 0, "empty list: %d", n);
	usdtn_args_free(v, 0);
	n = usdtn_parse_args("   ", &v, err, sizeof(err));
	expect(&t, n == 0, "blank list: %d", n);
	usdtn_args_free(v, 0);
	n = usdtn_parse_args("8@fx_a(%rip) 3@%rbx", &v, err, sizeof(err));
	expect(&t, n == -EINVAL && !v && strstr(err, "3@%rbx"),
	       "bad second arg: %d \"%s\"", n, err);
	finish(&t);
}

static const char fixture_main[] =
	"#include <sys/sdt.h>\n"
	"long fx_global = 5;\n"
	"int fx_arr[8] = { 1, 2, 3 };\n"
	"struct fx_s { int a; long b; } fx_struct;\n"
	"void fx_sem(int x);\n"
	"__attribute__((noinline)) void fx_probe_struct(struct fx_s *p, int i)\n"
	"{ STAP_PROBE3(fxprov, mem, p->b, fx_arr[i], p->a); }\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"	long a = argc; int b = argc * 2; char c = (char)argc;\n"
	"	unsigned short d = argc;\n"
	"	(void)argv;\n"
	"	DTRACE_PROBE2(fxprov, two, a, b);\n"
	"	STAP_PROBE3(fxprov, three, a, b, c);\n"
	"	STAP_PROBE2(fxprov, konst, 42, -1);\n"
	"	STAP_PROBE2(fxprov, glob, fx_global, d);\n"
	"	STAP_PROBE(fxprov, zero);\n"
	"	fx_probe_struct(&fx_struct, argc);\n"
	"	fx_sem(argc);\n"
	"	return 0;\n"
	"}\n";

static const char fixture_sem[] =
	"#define _SDT_HAS_SEMAPHORES 1\n"
	"#include <sys/sdt.h>\n"
	"unsigned short fxprov_withsem_semaphore __attribute__((unused))\n"
	"	__attribute__((section(\".probes\")));\n"
	"unsigned short fxother_sem2_semaphore __attribute__((unused))\n"
	"	__attribute__((section(\".probes\")));\n"
	"extern long fx_global;\n"
	"void fx_sem(int x)\n"
	"{\n"
	"	if (fxprov_withsem_semaphore)\n"
	"		STAP_PROBE2(fxprov, withsem, fx_global, x);\n"
	"	if (fxother_sem2_semaphore)\n"
	"		STAP_PROBE1(fxother, sem2, x);\n"
	"}\n";

/* One probe as readelf -n prints it. */
struct re_note {
	char provider[64], name[64], args[256];
	uint64_t pc, base, sema;
	bool seen;
};

static int readelf_notes(const char *path, struct re_note *v, int max)
{
	char *out = run("readelf -nW %s", path), *line, *save = NULL;
	int n = 0;

	if (!out)
		return -1;
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long pc, base, sema;
		char *p;

		if ((p = strstr(line, "Provider: ")) && n < max) {
			memset(&v[n], 0, sizeof(v[n]));
			snprintf(v[n++].provider, sizeof(v[0].provider), "%s",
				 p + 10);
		} else if (n && (p = strstr(line, "Name: "))) {
			snprintf(v[n - 1].name, sizeof(v[0].name), "%s", p + 6);
		} else if (n && (p = strstr(line, "Location: ")) &&
			   sscanf(p, "Location: %llx, Base: %llx, Semaphore: %llx",
				  &pc, &base, &sema) == 3) {
			v[n - 1].pc = pc;
			v[n - 1].base = base;
			v[n - 1].sema = sema;
		} else if (n && (p = strstr(line, "Arguments:"))) {
			p += 10;
			p += strspn(p, " ");
			snprintf(v[n - 1].args, sizeof(v[0].args), "%s", p);
		}
	}
	free(out);
	return n;
}

/* Address and offset of section name from readelf -SW. */
static bool readelf_section(const char *path, const char *name,
			    uint64_t *addr, uint64_t *off)
{
	char *out = run("readelf -SW %s", path), *line, *save = NULL;
	bool found = false;

	if (!out)
		return false;
	for (line = strtok_r(out, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char *rb = strchr(line, ']'), nm[128], type[64];
		unsigned long long a, o;

		if (!rb || sscanf(rb + 1, "%127s %63s %llx %llx", nm, type, &a,
				  &o) != 4 || strcmp(nm, name))
			continue;
		*addr = a;
		*off = o;
		found = true;
	}
	free(out);
	return found;
}

struct collect {
	struct tc *t;
	const char *path;
	struct re_note *want;
	int nwant;
	int calls;
	int stop_after;		/* return 1 after this many calls; 0 never */
};

static int byte_at(const char *path, uint64_t off)
{
	FILE *f = fopen(path, "rb");
	int c = -1;

	if (f && !fseek(f, (long)off, SEEK_SET))
		c = fgetc(f);
	if (f)
		fclose(f);
	return c;
}

static int collect_cb(const struct usdtn_probe *p, void *arg)
{
	struct collect *c = arg;
	struct tc *t = c->t;
	char semname[160];
	uint64_t sa = 0, so = 0, nmaddr = 0;
	int i, words = 0;
	const char *s;

	c->calls++;
	for (i = 0; i < c->nwant; i++)
		if (!c->want[i].seen && !strcmp(c->want[i].provider, p->provider) &&
		    !strcmp(c->want[i].name, p->name) && c->want[i].pc == p->pc)
			break;
	if (!expect(t, i < c->nwant, "probe %s:%s at %#" PRIx64
		    " not in readelf -n", p->provider, p->name, p->pc))
		return -1;
	c->want[i].seen = true;
	expect(t, !strcmp(c->want[i].args, p->args), "%s:%s args '%s', readelf '%s'",
	       p->provider, p->name, p->args, c->want[i].args);
	expect(t, p->base == c->want[i].base && p->semaphore == c->want[i].sema,
	       "%s:%s base %#" PRIx64 " sema %#" PRIx64, p->provider, p->name,
	       p->base, p->semaphore);
	for (s = p->args; *s;) {
		s += strspn(s, " ");
		if (*s)
			words++;
		s += strcspn(s, " ");
	}
	expect(t, p->argc == words, "%s:%s has %d args, readelf %d",
	       p->provider, p->name, p->argc, words);
	expect(t, byte_at(c->path, p->pc_offset) == 0x90,
	       "%s:%s: no nop at file offset %#" PRIx64, p->provider, p->name,
	       p->pc_offset);
	if (expect(t, readelf_section(c->path, ".text", &sa, &so),
		   "no .text section"))
		expect(t, p->pc_offset == p->pc - sa + so,
		       "%s:%s pc offset %#" PRIx64 ", .text says %#" PRIx64,
		       p->provider, p->name, p->pc_offset, p->pc - sa + so);
	snprintf(semname, sizeof(semname), "%s_%s_semaphore", p->provider,
		 p->name);
	if (!nm_addr(c->path, semname, &nmaddr)) {
		expect(t, !p->semaphore && !p->sema_offset,
		       "%s:%s: semaphore %#" PRIx64 " nm does not know",
		       p->provider, p->name, p->semaphore);
	} else if (expect(t, readelf_section(c->path, ".probes", &sa, &so),
			  "no .probes section")) {
		expect(t, p->semaphore == nmaddr &&
			   p->sema_offset == nmaddr - sa + so,
		       "%s:%s semaphore %#" PRIx64 " offset %#" PRIx64
		       ", nm %#" PRIx64 " offset %#" PRIx64, p->provider,
		       p->name, p->semaphore, p->sema_offset, nmaddr,
		       nmaddr - sa + so);
	}
	return c->stop_after && c->calls >= c->stop_after ? 1 : 0;
}

static bool write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return false;
	fputs(text, f);
	return !fclose(f);
}

static bool have_sdt(void)
{
	char *out = run("echo '#include <sys/sdt.h>' | cc -E -x c - "
			">/dev/null 2>&1 && echo yes");
	bool ok = out != NULL;

	free(out);
	return ok;
}

static void test_notes(const char *tname, const char *flags)
{
	struct tc t = { .name = tname };
	struct re_note want[32];
	char *exe = xasprintf("%s/fx_%s", dir, tname), *out;
	struct collect c = { &t, exe, want, 0, 0, 0 };
	int i, r, withsem = 0;

	out = run("cd %s && cc -O2 %s -o %s main.c sem.c 2>&1", dir, flags, exe);
	if (!expect(&t, out != NULL, "cc %s failed", flags))
		goto out;
	free(out);
	c.nwant = readelf_notes(exe, want, ARRAY_SIZE(want));
	if (!expect(&t, c.nwant == 8, "readelf -n lists %d probes, want 8",
		    c.nwant))
		goto out;
	r = usdtn_list(exe, collect_cb, &c);
	expect(&t, r == 0, "usdtn_list: %d", r);
	expect(&t, c.calls == c.nwant, "%d probes, readelf %d", c.calls,
	       c.nwant);
	for (i = 0; i < c.nwant; i++) {
		expect(&t, want[i].seen, "missed %s:%s", want[i].provider,
		       want[i].name);
		if (want[i].sema)
			withsem++;
	}
	expect(&t, withsem == 2, "%d probes with semaphores, want 2", withsem);
	c.calls = 0;
	c.stop_after = 2;
	for (i = 0; i < c.nwant; i++)
		want[i].seen = false;
	r = usdtn_list(exe, collect_cb, &c);
	expect(&t, r == 1 && c.calls == 2, "stop: ret %d after %d calls", r,
	       c.calls);
out:
	free(exe);
	finish(&t);
}

static int count_cb(const struct usdtn_probe *p, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

static void test_list_errors(void)
{
	struct tc t = { .name = "list_errors" };
	char *txt = xasprintf("%s/notelf", dir);
	FILE *f = fopen(txt, "w");
	int n = 0, r;

	if (f) {
		fputs("not an ELF file\n", f);
		fclose(f);
	}
	r = usdtn_list("/nonexistent/ferret", count_cb, &n);
	expect(&t, r == -ENOENT, "missing file: %d", r);
	r = usdtn_list(txt, count_cb, &n);
	expect(&t, r == -ENOEXEC, "non-ELF: %d", r);
	r = usdtn_list("/proc/self/exe", count_cb, &n);
	expect(&t, r == 0 && n == 0, "no notes: %d, %d probes", r, n);
	free(txt);
	finish(&t);
}

int main(void)
{
	test_spec_ok();
	test_spec_bad();
	test_spec_lists();
	if (!harness_mkdtemp(dir, sizeof(dir), "usdt")) {
		printf("FAIL fixtures: mkdtemp: %s\n", strerror(errno));
		failed++;
		goto done;
	}
	test_list_errors();
	if (!have_sdt()) {
		skip("notes_pie", "<sys/sdt.h> not found (systemtap-sdt-dev)");
		skip("notes_nopie", "<sys/sdt.h> not found (systemtap-sdt-dev)");
	} else {
		char *m = xasprintf("%s/main.c", dir), *s = xasprintf("%s/sem.c", dir);

		if (!write_file(m, fixture_main) || !write_file(s, fixture_sem)) {
			printf("FAIL fixtures: cannot write to %s\n", dir);
			failed++;
		} else {
			test_notes("notes_pie", "-fPIE -pie");
			test_notes("notes_nopie", "-fno-pie -no-pie");
		}
		free(m);
		free(s);
	}
	{
		harness_rmtree(dir);
	}
done:
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
