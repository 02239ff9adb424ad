/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Code generation tests, no root needed.
 *
 * tests/unit/cg/NAME.bt is compiled with listings on; its IR and BPF
 * listings must equal NAME.expected, or, for err_*.bt, its diagnostics
 * must equal NAME.expected (CG_TEST_UPDATE=1 rewrites those that differ,
 * to be reviewed with git diff).  Then generated stress cases: a long script
 * must compile, values live across calls must spill, and an oversized
 * frame must be a located error.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "kernel/btf.h"
#include "lang/parse.h"
#include "compile/compile.h"

#define CG_DIR "tests/unit/cg"

static int pass, fail, skipped;

static void result(bool ok, const char *name, const char *why)
{
	if (ok) {
		printf("ok %s\n", name);
		pass++;
	} else {
		printf("FAIL %s%s%s\n", name, why ? ": " : "", why ? why : "");
		fail++;
	}
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		fprintf(stderr, "cannot write %s\n", path);
}

/*
 * Compiles text with options base (or none); listings go to *dump,
 * diagnostics to *diag.
 */
static int compile_with(const char *name, const char *text,
			const struct compile_opts *base, char **dump,
			char **diag, struct compiled *cp)
{
	struct compile_opts o = { 0 };
	struct source src = { name, text };
	size_t dlen, glen;
	FILE *df = open_memstream(dump, &dlen);
	FILE *gf = open_memstream(diag, &glen);
	struct compiled c;
	struct node *ast;
	int ret = -1;

	diag_reset();
	diag_set_stream(gf);
	if (base)
		o = *base;
	o.dump = df;
	ast = parse_program(&src);
	if (ast) {
		ret = compile_program(&c, &src, ast, &o);
		if (cp && !ret)
			*cp = c;
		else
			compile_free(&c);
		ast_free(ast);
	}
	fclose(df);
	fclose(gf);
	diag_set_stream(stderr);
	return ret;
}

static int compile_text(const char *name, const char *text, char **dump,
			char **diag, struct compiled *cp)
{
	return compile_with(name, text, NULL, dump, diag, cp);
}

static void first_diff(const char *a, const char *b, char *why, size_t len)
{
	int line = 1;
	const char *s = a;

	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			s = a + 1;
		}
		a++;
		b++;
	}
	snprintf(why, len, "differs at line %d: got \"%.*s\"", line,
		 (int)strcspn(s, "\n"), s);
}

static void listing_cases(void)
{
	DIR *d = opendir(CG_DIR);
	struct dirent *e;
	char **names = NULL;
	int n = 0, i;

	if (!d) {
		result(false, "listings", "no " CG_DIR);
		return;
	}
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l > 3 && !strcmp(e->d_name + l - 3, ".bt")) {
			names = xrealloc(names, (n + 1) * sizeof(*names));
			names[n++] = xstrndup(e->d_name, l - 3);
		}
	}
	closedir(d);
	qsort(names, n, sizeof(*names), (int (*)(const void *, const void *))strcmp);
	for (i = 0; i < n; i++) {
		char *path = xasprintf(CG_DIR "/%s.bt", names[i]);
		char *exp_path = xasprintf(CG_DIR "/%s.expected", names[i]);
		char *text = util_read_file(path, NULL);
		char *expected = util_read_file(exp_path, NULL);
		char *dump = NULL, *diag = NULL, why[256];
		bool err_case = !strncmp(names[i], "err_", 4);
		const char *got;
		int ret;

		/* fentry/fexit cases type their args from the kernel's BTF. */
		if (strstr(names[i], "kfunc") &&
		    access("/sys/kernel/btf/vmlinux", R_OK)) {
			printf("skip %s: no kernel BTF\n", names[i]);
			skipped++;
			goto next;
		}
		if (!text || !expected) {
			result(false, names[i], "missing .bt or .expected");
			goto next;
		}
		ret = compile_text(path, text, &dump, &diag, NULL);
		got = err_case ? diag : dump;
		if (err_case && !ret) {
			result(false, names[i], "compiled but should fail");
		} else if (!err_case && ret) {
			result(false, names[i], diag);
		} else if (strcmp(got, expected)) {
			first_diff(got, expected, why, sizeof(why));
			result(false, names[i], why);
			if (getenv("CG_TEST_SHOW"))
				fputs(got, stdout);
			/* Rewrites the expectation, for review with git diff. */
			if (getenv("CG_TEST_UPDATE") && !err_case)
				write_text(exp_path, got);
		} else {
			result(true, names[i], NULL);
		}
next:
		free(dump);
		free(diag);
		free(text);
		free(expected);
		free(path);
		free(exp_path);
		free(names[i]);
	}
	free(names);
}

/* Hundreds of probes and statements: must compile, never run out of registers. */
static void long_script(void)
{
	struct buf b = { 0 };
	char *dump = NULL, *diag = NULL;
	struct compiled c;
	int i, j, ret;

	for (i = 0; i < 300; i++) {
		buf_printf(&b, "interval:ms:%d {\n", 100 + i);
		buf_printf(&b, "  $v0 = nsecs;\n");
		for (j = 1; j < 20; j++)
			buf_printf(&b, "  $v%d = %d * nsecs + $v%d;\n", j, j,
				   j - 1);
		buf_printf(&b, "  @m[%d] = sum(", i);
		for (j = 0; j < 20; j++)
			buf_printf(&b, "%s$v%d", j ? " + " : "", j);
		buf_printf(&b, ");\n}\n");
	}
	buf_put(&b, "", 1);
	ret = compile_text("long.bt", b.p, &dump, &diag, &c);
	result(!ret && c.progs.n == 300, "long_script_300_probes", diag);
	if (!ret)
		compile_free(&c);
	free(dump);
	free(diag);
	buf_free(&b);
}

/* 24 integers live across helper calls: more than r6-r9 can hold. */
static void spills(void)
{
	struct buf b = { 0 };
	char *dump = NULL, *diag = NULL;
	struct compiled c;
	int i, ret;
	bool spilled = false;

	buf_printf(&b, "BEGIN {\n");
	for (i = 0; i < 24; i++)
		buf_printf(&b, "  $a%d = nsecs + %d;\n", i, i);
	buf_printf(&b, "  printf(\"%%d\\n\", ");
	for (i = 0; i < 24; i++)
		buf_printf(&b, "%s$a%d", i ? " + " : "", i);
	buf_printf(&b, ");\n}\n");
	buf_put(&b, "", 1);
	ret = compile_text("spill.bt", b.p, &dump, &diag, &c);
	if (!ret) {
		struct cprog *p = c.progs.v[0];

		for (i = 0; i < p->code.n; i++) {
			const struct bpf_insn *in = &p->code.insn[i];

			if (in->code == (BPF_STX | BPF_DW | BPF_MEM) &&
			    in->dst_reg == BPF_REG_10)
				spilled = true;
			if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
				i++;
		}
		compile_free(&c);
	}
	result(!ret && spilled, "spill_24_live_values", diag);
	free(dump);
	free(diag);
	buf_free(&b);
}

/* Calls of helper id in p's code. */
static int calls_of(const struct cprog *p, int id)
{
	int i, n = 0;

	for (i = 0; i < p->code.n; i++) {
		const struct bpf_insn *in = &p->code.insn[i];

		if (in->code == (BPF_JMP | BPF_CALL) && in->src_reg == 0 &&
		    in->imm == id)
			n++;
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	return n;
}

/*
 * compile_opts.split_insns: a long event probe becomes a chain of parts,
 * the first attached, each later one in its own MAP_TAILS slot, reached
 * by one tail call from the part before it, with the variables carried
 * through MAP_CARRY; a probe with a string variable is never split.
 */
static void split_parts(void)
{
	struct compile_opts o = { .interleave = true, .split_insns = 40 };
	struct buf b = { 0 };
	char *dump = NULL, *diag = NULL;
	struct compiled c;
	int i, ret, tails = 0;
	bool ok;

	buf_printf(&b, "tracepoint:syscalls:sys_enter_read /pid == 1/ {\n  $a = nsecs; $b = 2;\n");
	for (i = 0; i < 6; i++)
		buf_printf(&b, "  if ($a > %d) { printf(\"%%d %%d\\n\", $a, $b); $b = $b + 1; }\n", i);
	buf_printf(&b, "}\n");
	buf_put(&b, "", 1);
	ret = compile_with("split.bt", b.p, &o, &dump, &diag, &c);
	ok = !ret && c.progs.n > 2 && c.attach.n == 1 &&
	     c.ntails == c.progs.n - 1 && c.carry_size == 16;
	for (i = 0; ok && i < c.progs.n; i++) {
		const struct cprog *p = c.progs.v[i];
		int last = i == c.progs.n - 1;

		/* Slots in order; each part but the last tail-calls once. */
		ok = p->tail == i - 1 && calls_of(p, BPF_FUNC_tail_call) == !last;
		tails += calls_of(p, BPF_FUNC_tail_call);
	}
	result(ok && tails == c.ntails, "split_parts_chain", diag);
	if (!ret)
		compile_free(&c);
	free(dump);
	free(diag);
	dump = diag = NULL;
	ret = compile_with("nosplit.bt",
			   "tracepoint:syscalls:sys_enter_read { $s = comm; printf(\"%s\\n\", $s); "
			   "printf(\"%s\\n\", $s); printf(\"%s\\n\", $s); printf(\"%s\\n\", $s); }\n",
			   &o, &dump, &diag, &c);
	result(!ret && c.progs.n == 1 && !c.ntails, "split_not_with_strings", diag);
	if (!ret)
		compile_free(&c);
	free(dump);
	free(diag);
	buf_free(&b);
}

/*
 * ring_per_cpu (ferret record): each use of a ring buffer, a reserve, a
 * query or an output, first looks up its CPU's ring; with one ring none
 * does.  tests/record loads such programs.
 */
static void rings(void)
{
	static const char *const text =
		"tracepoint:syscalls:sys_enter_read { printf(\"%d\\n\", pid); }\n";
	struct compile_opts o = { .ring_per_cpu = true };
	char *dump = NULL, *diag = NULL;
	struct compiled c;
	int ret, cpu, uses, i;

	for (i = 0; i < 2; i++) {
		o.ring_per_cpu = i == 0;
		ret = compile_with("rings.bt", text, &o, &dump, &diag, &c);
		cpu = uses = 0;
		if (!ret && c.progs.n == 1) {
			const struct cprog *p = c.progs.v[0];

			cpu = calls_of(p, BPF_FUNC_get_smp_processor_id);
			uses = calls_of(p, BPF_FUNC_ringbuf_reserve) +
			       calls_of(p, BPF_FUNC_ringbuf_query) +
			       calls_of(p, BPF_FUNC_ringbuf_output);
		}
		result(!ret && uses >= 2 && cpu == (i == 0 ? uses : 0),
		       i == 0 ? "ring_per_cpu_lookups" : "one_ring_no_lookup", diag);
		if (!ret)
			compile_free(&c);
		free(dump);
		free(diag);
		dump = diag = NULL;
	}
}

/* Nine 64-byte strings alive at once pass the 512-byte frame. */
static void stack_overflow(void)
{
	struct buf b = { 0 };
	char *dump = NULL, *diag = NULL;
	int i, ret;

	buf_printf(&b, "BEGIN {\n");
	for (i = 0; i < 9; i++)
		buf_printf(&b, "  $s%d = str(%d);\n", i, i);
	buf_printf(&b, "}\n");
	buf_put(&b, "", 1);
	ret = compile_text("stack.bt", b.p, &dump, &diag, NULL);
	result(ret && strstr(diag, "stack.bt:") &&
	       strstr(diag, "bytes of BPF stack; the kernel allows 512"),
	       "stack_overflow_located", diag);
	free(dump);
	free(diag);
	buf_free(&b);
}

/*
 * A key of eight 64-byte strings does not fit the frame beside the rest:
 * the probe is generated again with the key in the scratch map's key
 * entry.  A key that fits stays in the frame.
 */
static void big_keys(void)
{
	static const char *const k8 = "str(0), str(1), str(2), str(3), "
				      "str(4), str(5), str(6), str(7)";
	char *dump = NULL, *diag = NULL, text[256];
	struct compiled c;
	int ret;

	snprintf(text, sizeof(text), "BEGIN { @[%s] = count(); }\n", k8);
	ret = compile_text("bigkey.bt", text, &dump, &diag, &c);
	result(!ret && c.scratch_stmt == 8 * 64 &&
	       strstr(dump, "map[scratch]") && !strstr(diag, "stack"),
	       "big_key_in_scratch", diag);
	if (!ret)
		compile_free(&c);
	free(dump);
	free(diag);
	ret = compile_text("smallkey.bt",
			   "BEGIN { @[str(0), str(1)] = count(); }\n",
			   &dump, &diag, &c);
	result(!ret && !c.scratch_stmt && !strstr(dump, "map[scratch]"),
	       "small_key_in_frame", diag);
	if (!ret)
		compile_free(&c);
	free(dump);
	free(diag);
}

int main(void)
{
	kbtf_install();
	listing_cases();
	long_script();
	spills();
	stack_overflow();
	big_keys();
	split_parts();
	rings();
	printf("%d passed, %d failed, %d skipped\n", pass, fail, skipped);
	return fail != 0;
}
