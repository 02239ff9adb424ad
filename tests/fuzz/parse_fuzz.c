/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness for the lexer and parser (C definitions included).
 * tests/fuzz/run.sh builds and runs it; "make test" does so for a
 * bounded time.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/ast.h"
#include "lang/loc.h"
#include "lang/parse.h"
#include "lang/types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct source src = { "fuzz", NULL };
	struct node *prog;
	char *text;

	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
	}
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	src.text = text;
	diag_set_stream(devnull);
	diag_reset();
	prog = parse_program(&src);
	if (prog) {
		ast_dump(devnull, prog);
		ast_free(prog);
	} else if (diag_count() != 1) {
		abort();
	}
	/* C definitions register types: each input starts afresh. */
	type_free_all();
	free(text);
	return 0;
}
