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
#include "lang/types.h"
#include "dlang/d_parse.h"
#include "golden.h"

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
	/* Each case starts from D's library alone. */
	type_free_all();
	fclose(f);
	free(copy);
	free(text);
	return out;
}

int main(int argc, char **argv)
{
	return golden_main(argc, argv, CASES, ".d", run_case);
}
