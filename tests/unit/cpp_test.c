/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preprocessor subset, no root needed: conditionals over defined
 * names, #include ignored, directives blanked so positions stay true,
 * and no directive inside a block comment.
 */
#include <stdarg.h>
#include <stdbool.h>

#include "harness.h"
#include "lang/cpp.h"

struct cpp_case {
	const char *name;
	const char *in;
	const char *want;	/* NULL: must fail; blanks at line ends dropped */
};

static const char *const defines[] = { "BPFTRACE_HAVE_BTF", NULL };

static const struct cpp_case cases[] = {
	{ "ifdef_defined", "#ifdef BPFTRACE_HAVE_BTF\na\n#else\nb\n#endif\n",
	  "\na\n\n\n\n" },
	{ "ifndef_defined", "#ifndef BPFTRACE_HAVE_BTF\na\n#else\nb\n#endif\n",
	  "\n\n\nb\n\n" },
	{ "include_blanked", "#include <linux/sched.h>\nx\n",
	  "\nx\n" },
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
	{ "unknown_directive", "#pragma once\n", NULL },
	{ "define_object", "#define X 1 + 2\nX*X\n", "\n1 + 2*1 + 2\n" },
	{ "define_function", "#define MAX(a,b) ((a)>(b)?(a):(b))\nMAX(1, MAX(2,3))\n",
	  "\n((1)>(((2)>(3)?(2):(3)))?(1):(((2)>(3)?(2):(3))))\n" },
	{ "define_name_alone", "#define F(x) x\nF + F(2)\n", "\nF + 2\n" },
	{ "define_not_in_strings", "#define X 1\n\"X\" X // X\n", "\n\"X\" 1 // X\n" },
	{ "define_self", "#define X X + 1\nX\n", "\nX + 1\n" },
	{ "define_continued", "#define X(a, \\\n b) a - b\nX(3, 1)\n", "\n\n3 - 1\n" },
	{ "undef", "#define X 1\n#undef X\nX\n", "\n\nX\n" },
	{ "if_expr", "#define V 3\n#if defined(V) && V * 2 == 6\na\n#elif 1\nb\n#else\nc\n#endif\n",
	  "\n\na\n\n\n\n\n\n" },
	{ "elif_taken", "#if 0\na\n#elif defined BPFTRACE_HAVE_BTF\nb\n#else\nc\n#endif\n",
	  "\n\n\nb\n\n\n\n" },
	{ "nested_skipped", "#if 0\n#if 1\na\n#endif\n#else\nb\n#endif\n",
	  "\n\n\n\n\nb\n\n" },
	{ "macro_arg_count", "#define F(a, b) a\nF(1)\n", NULL },
	{ "macro_unterminated", "#define F(a) a\nF(1\n", NULL },
	{ "if_bad_expr", "#if 1 +\n#endif\n", NULL },
	{ "stringify_refused", "#define S(a) #a\nS(x)\n", NULL },
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
		got = cpp_run(&src, defines);
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
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
