/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For each tests/unit/parse/NAME.bt, parses it and compares the AST dump
 * (or, for err_*.bt, the diagnostics) with NAME.expected; a tree's
 * ast_copy() must dump the same.  With file arguments, prints what each
 * would produce instead, for review.
 */
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/ast.h"
#include "lang/loc.h"
#include "lang/parse.h"
#include "golden.h"

#define CASES "tests/unit/parse/*.bt"

/* Writes to f what ast_copy(prog) dumps, where it differs from prog's. */
static void copy_check(FILE *f, const struct node *prog)
{
	struct node *cp = ast_copy(prog);
	char *a = NULL, *b = NULL;
	size_t alen, blen;
	FILE *fa = open_memstream(&a, &alen), *fb = open_memstream(&b, &blen);

	if (!fa || !fb) {
		perror("open_memstream");
		exit(2);
	}
	ast_dump(fa, prog);
	ast_dump(fb, cp);
	fclose(fa);
	fclose(fb);
	if (strcmp(a, b))
		fprintf(f, "ast_copy differs:\n%s", b);
	ast_free(cp);
	free(a);
	free(b);
}

static char *run_case(const char *path)
{
	struct source src;
	struct node *prog;
	char *text, *copy, *out = NULL;
	size_t len, outlen;
	FILE *f;

	text = util_read_file(path, &len);
	if (!text)
		return xasprintf("cannot read %s\n", path);
	copy = xstrdup(path);
	src.name = basename(copy);
	src.text = text;
	f = open_memstream(&out, &outlen);
	if (!f) {
		perror("open_memstream");
		exit(2);
	}
	diag_reset();
	diag_set_stream(f);
	prog = parse_program(&src);
	diag_set_stream(NULL);
	if (prog) {
		if (strncmp(src.name, "err_", 4) == 0)
			fprintf(f, "unexpected success:\n");
		ast_dump(f, prog);
		copy_check(f, prog);
		ast_free(prog);
	} else if (diag_count() != 1) {
		fprintf(f, "%d errors reported\n", diag_count());
	}
	fclose(f);
	free(copy);
	free(text);
	return out;
}

int main(int argc, char **argv)
{
	return golden_main(argc, argv, CASES, ".bt", run_case);
}
