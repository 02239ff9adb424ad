/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness for the lexer and parser.  Build and run from the
 * project root:
 *
 *   clang -std=gnu11 -g -O1 -D_GNU_SOURCE -Isrc \
 *     -fsanitize=fuzzer,address,undefined -o build/parse_fuzz \
 *     tests/fuzz/parse_fuzz.c src/util.c src/lang/types.c \
 *     src/lang/diag.c src/lang/lex.c src/lang/parse.c src/lang/ast.c
 *   mkdir -p build/fuzz-corpus && cp tests/unit/parse/[a-z]*.bt build/fuzz-corpus/
 *   build/parse_fuzz -dict=tests/fuzz/bt.dict -max_total_time=60 \
 *     build/fuzz-corpus
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
	free(text);
	return 0;
}
