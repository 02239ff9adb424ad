/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preprocessor subset, no root needed: conditionals over defined
 * names, #include ignored (read in D's), directives blanked so positions
 * stay true, and no directive inside a block comment.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "lang/cpp.h"

struct cpp_case {
	const char *name;
	const char *in;
	const char *want;	/* NULL: must fail; blanks at line ends dropped */
};

static const char *const defines[] = { "BPFTRACE_HAVE_BTF", NULL };
static const struct cpp_opts opts = { .defines = defines };

static const struct cpp_case cases[] = {
	{ "ifdef_defined", "#ifdef BPFTRACE_HAVE_BTF\na\n#else\nb\n#endif\n",
	  "\na\n\n\n\n" },
	{ "ifndef_defined", "#ifndef BPFTRACE_HAVE_BTF\na\n#else\nb\n#endif\n",
	  "\n\n\nb\n\n" },
	{ "include_blanked", "#include <linux/sched.h>\nx\n",
	  "\nx\n" },
	{ "include_missing", "#include <ferret/no_such_header.h>\nx\n", NULL },
	{ "include_missing_skipped", "#ifdef NOPE\n#include <nope.h>\n#endif\nx\n",
	  "\n\n\nx\n" },
	{ "define_object", "#define N 5\nBEGIN { @x = N + N; }\n",
	  "\nBEGIN { @x = 5 + 5; }\n" },
	{ "define_function", "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n@m = MAX($x, 3);\n",
	  "\n@m = (($x) > (3) ? ($x) : (3));\n" },
	{ "define_nested_and_undef",
	  "#define A B + 1\n#define B 2\nA\n#undef B\nA\n",
	  "\n\n2 + 1\n\nB + 1\n" },
	{ "define_not_in_strings_vars_maps",
	  "#define N 5\nprintf(\"N\"); $N = @N; N\n",
	  "\nprintf(\"N\"); $N = @N; 5\n" },
	{ "define_comment_and_continuation",
	  "#define X 1 + \\\n 2 // two\nX\n",
	  "\n\n1 +  2\n" },
	{ "define_self_reference", "#define X X + 1\nX\n", "\nX + 1\n" },
	{ "param_not_in_literals",
	  "#define T(s) printf(\"%60s '%c'\\n\", (s), 's')\nT(\"a\");\n",
	  "\nprintf(\"%60s '%c'\\n\", (\"a\"), 's');\n" },
	{ "param_stringified", "#define S(x) #x, # x\nS(a \"b\\n\" c);\n",
	  "\n\"a \\\"b\\\\n\\\" c\", \"a \\\"b\\\\n\\\" c\";\n" },
	{ "params_pasted", "#define P(a, b) a ## b + a##_x\nP(foo, bar);\n",
	  "\nfoobar + foo_x;\n" },
	{ "if_arithmetic", "#define V 3\n#if V * 2 > 5 && defined(V)\na\n#elif 1\nb\n#else\nc\n#endif\n",
	  "\n\na\n\n\n\n\n\n" },
	{ "elif_taken", "#if 0\na\n#elif defined BPFTRACE_HAVE_BTF\nb\n#else\nc\n#endif\n",
	  "\n\n\nb\n\n\n\n" },
	{ "if_division_by_zero", "#if 1 / 0\n#endif\n", NULL },
	{ "error_directive", "#error stop here\n", NULL },
	{ "macro_wrong_arity", "#define F(a) a\nF(1, 2)\n", NULL },
	{ "hash_in_block_comment",
	  "/*\n * text\n # need changes\n */\nBEGIN {}\n",
	  "/*\n * text\n # need changes\n */\nBEGIN {}\n" },
	{ "comment_closed_on_line", "/* a */\n#ifdef X\ny\n#endif\n",
	  "/* a */\n\n\n\n" },
	{ "opener_in_string", "printf(\"/*\");\n#ifdef X\ny\n#endif\n",
	  "printf(\"/*\");\n\n\n\n" },
	{ "opener_in_line_comment", "// /*\n#ifdef X\ny\n#endif\n",
	  "// /*\n\n\n\n" },
	{ "shebang_kept", "#!/usr/bin/env bpftrace\nx\n",
	  "#!/usr/bin/env bpftrace\nx\n" },
	{ "unknown_directive", "#frobnicate X 1\n", NULL },
	{ "unbalanced_endif", "#endif\n", NULL },
};

/* s without the blanks that end its lines (blanked text), in place. */
static char *trim_lines(char *s)
{
	char *r = s, *w = s, *keep = s;

	for (; *r; r++) {
		if (*r == '\n') {
			w = keep;
			*w++ = '\n';
			keep = w;
			continue;
		}
		*w++ = *r;
		if (*r != ' ')
			keep = w;
	}
	*keep = '\0';
	return s;
}

/* Writes text to dir/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void rm_file(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

/*
 * D's cpp reads a header of its own (not a system one), in place: its
 * text on the #include's line, its newlines blanks, its "//" comments
 * gone, its macros defined after it; __LINE__ and __FILE__ expand.
 * Without d_cpp, neither.
 */
static void d_headers(void)
{
	char dir[] = "/tmp/ferret-cpp-XXXXXX", *got;
	const char *dirs[2] = { dir, NULL };
	struct cpp_opts o = { .include_dirs = dirs, .d_cpp = true };
	struct source src = { "t.d",
		"#include <h.h>\n#include <stdint.h>\nV __LINE__ __FILE__\n" };
	struct tc t = { .name = "d_header_read" };

	if (!expect(&t, mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno))) {
		finish(&t);
		return;
	}
	put_file(dir, "h.h", "#define V 7 // seven\nint a; // \"x\"\n"
		 "char *s = \"//no\";\n#include \"g.h\"\n");
	put_file(dir, "g.h", "int g;\n");
	got = cpp_run(&src, &o);
	if (expect(&t, got != NULL, "failed"))
		expect(&t, !strcmp(trim_lines(got),
				   " int a;  char *s = \"//no\"; int g;\n\n7 3 \"t.d\"\n"),
		       "got \"%s\"", got);
	free(got);
	finish(&t);

	t = (struct tc){ .name = "bpftrace_header_not_read" };
	o.d_cpp = false;
	got = cpp_run(&src, &o);
	if (expect(&t, got != NULL, "failed"))
		expect(&t, !strcmp(trim_lines(got), "\n\nV __LINE__ __FILE__\n"),
		       "got \"%s\"", got);
	free(got);
	finish(&t);
	rm_file(dir, "h.h");
	rm_file(dir, "g.h");
	rmdir(dir);
}

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct cpp_case *c = &cases[i];
		struct source src = { "test.bt", c->in };
		struct tc t = { .name = c->name };
		char *got;
		FILE *saved = stderr;

		stderr = fopen("/dev/null", "w");
		got = cpp_run(&src, &opts);
		fclose(stderr);
		stderr = saved;
		if (!c->want)
			expect(&t, !got, "preprocessed, but should fail");
		else if (expect(&t, got != NULL, "failed"))
			expect(&t, !strcmp(trim_lines(got), c->want),
			       "got \"%s\"", got);
		free(got);
		finish(&t);
	}
	d_headers();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
