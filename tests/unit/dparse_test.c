/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For each tests/unit/dparse/NAME.d, parses it as D and compares the AST
 * dump, followed by one "pragma NAME[=VALUE] LINE:COL" line per #pragma D
 * option, (or, for err_*.d, the diagnostics) with NAME.expected.  Cases
 * named cmd_*.d are parsed as a dtrace -n argument would be (source name
 * "-n").  Every case gets the same macro arguments (see macros below).
 * With file arguments, prints what each would produce instead, for review.
 */
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/ast.h"
#include "lang/loc.h"
#include "dlang/d_parse.h"

#define CASES "tests/unit/dparse/*.d"

static char *args[] = { "42", "hello", "-7", "\"a\\tb\"", "0x10", "12abc" };

static const struct d_macros macros = {
	.args = args,
	.nargs = ARRAY_SIZE(args),
	.target = 1234,
	.pid = 100,
	.ppid = 99,
	.uid = 1000,
	.gid = 1001,
};

static char *run_case(const char *path)
{
	struct vec pragmas = { 0 };
	struct source src;
	struct node *prog;
	char *text, *copy, *out = NULL;
	size_t len, outlen;
	FILE *f;
	int i;

	text = util_read_file(path, &len);
	if (!text)
		return xasprintf("cannot read %s\n", path);
	copy = xstrdup(path);
	src.name = basename(copy);
	if (!strncmp(src.name, "cmd_", 4))
		src.name = "-n";
	src.text = text;
	f = open_memstream(&out, &outlen);
	if (!f) {
		perror("open_memstream");
		exit(2);
	}
	diag_reset();
	diag_set_stream(f);
	prog = d_parse_program(&src, &macros, &pragmas);
	diag_set_stream(NULL);
	if (prog) {
		if (strncmp(basename(copy), "err_", 4) == 0)
			fprintf(f, "unexpected success:\n");
		ast_dump(f, prog);
		ast_free(prog);
		for (i = 0; i < pragmas.n; i++) {
			struct d_pragma *pr = pragmas.v[i];

			fprintf(f, "pragma %s%s%s %d:%d\n", pr->name,
				pr->value ? "=" : "", pr->value ? pr->value : "",
				pr->loc.line, pr->loc.col);
		}
	} else if (diag_count() != 1) {
		fprintf(f, "%d errors reported\n", diag_count());
	} else if (pragmas.n) {
		fprintf(f, "pragmas left after a failure\n");
	}
	d_pragmas_free(&pragmas);
	fclose(f);
	free(copy);
	free(text);
	return out;
}

/* Prints the first differing line of the two texts. */
static void diff_hint(const char *want, const char *got)
{
	int line = 1;
	size_t wl, gl;

	for (;;) {
		wl = strcspn(want, "\n");
		gl = strcspn(got, "\n");
		if (wl != gl || memcmp(want, got, wl) || !want[wl] != !got[gl])
			break;
		if (!want[wl])
			return;
		want += wl + 1;
		got += gl + 1;
		line++;
	}
	printf("  line %d:\n  want: %.*s%s\n  got:  %.*s%s\n", line, (int)wl,
	       want, *want ? "" : "<end>", (int)gl, got, *got ? "" : "<end>");
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, i;
	glob_t g;

	if (argc > 1) {
		for (i = 1; i < argc; i++) {
			char *out = run_case(argv[i]);

			fputs(out, stdout);
			free(out);
		}
		return 0;
	}
	if (glob(CASES, 0, NULL, &g) != 0) {
		printf("FAIL no cases in %s\n0 passed, 1 failed\n", CASES);
		return 1;
	}
	for (i = 0; i < (int)g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i];
		char *exp_path, *want, *got, *name;
		size_t len;

		name = xstrdup(path);
		exp_path = xasprintf("%.*s.expected", (int)strlen(path) - 2,
				     path);
		want = util_read_file(exp_path, &len);
		got = run_case(path);
		if (want && strcmp(want, got) == 0) {
			printf("ok %s\n", basename(name));
			passed++;
		} else {
			printf("FAIL %s\n", basename(name));
			if (want)
				diff_hint(want, got);
			else
				printf("  missing %s\n", exp_path);
			failed++;
		}
		free(want);
		free(got);
		free(exp_path);
		free(name);
	}
	globfree(&g);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
