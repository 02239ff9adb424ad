/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness for the D front end: the D lexer and parser, with the
 * D library's types, inlines and translators in scope, as "ferret dtrace"
 * parses a script (macro variables set, two script arguments).
 * tests/fuzz/run.sh builds and runs it.
 *
 * Input the parser rejects must leave a located diagnostic.  Nothing may
 * leak, crash, hang or trip the sanitizers.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "dlang/d_parse.h"
#include "kernel/btf.h"
#include "lang/ast.h"
#include "lang/loc.h"
#include "lang/types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	static char *args[] = { "1", "two" };
	struct d_macros m = { .args = args, .nargs = 2, .target = -1,
			      .pid = 100, .ppid = 1 };
	struct source src = { "fuzz.d", NULL };
	struct vec pragmas = { 0 };
	struct node *prog;
	char *text;

	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
		kbtf_install();
	}
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	src.text = text;
	diag_set_stream(devnull);
	diag_reset();
	prog = d_parse_program(&src, &m, &pragmas);
	if (!prog) {
		if (diag_count() < 1)
			abort();
	} else {
		ast_free(prog);
	}
	d_pragmas_free(&pragmas);
	type_free_all();
	free(text);
	return 0;
}
