/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness for the whole compile pipeline without loading: the
 * preprocessor, the parser, sema (with the providers' spec expansion),
 * code generation and register allocation, as "ferret -d" runs them.
 * Nothing is loaded or attached.  tests/fuzz/run.sh builds and runs it.
 *
 * Input the preprocessor or the parser rejects must leave a located
 * diagnostic; whatever compiles is dumped as listings.  Nothing may
 * leak, crash, hang or trip the sanitizers.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "compile/compile.h"
#include "kernel/btf.h"
#include "lang/ast.h"
#include "lang/cpp.h"
#include "lang/loc.h"
#include "lang/parse.h"
#include "lang/types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct source src = { "fuzz", NULL };
	struct compile_opts o = { .strlen = 64, .map_keys_max = 4096 };
	struct compiled c;
	struct node *prog;
	char *text, *pp;

	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
		kbtf_install();
	}
	o.dump = devnull;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	src.text = text;
	diag_set_stream(devnull);
	diag_reset();
	pp = cpp_run(&src, NULL);
	if (!pp) {
		if (diag_count() < 1)
			abort();
		goto out;
	}
	src.text = pp;
	prog = parse_program(&src);
	if (!prog) {
		if (diag_count() < 1)
			abort();
	} else {
		memset(&c, 0, sizeof(c));
		compile_program(&c, &src, prog, &o);
		compile_free(&c);
		ast_free(prog);
	}
	free(pp);
out:
	type_free_all();
	free(text);
	return 0;
}
