/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CPP_H
#define FERRET_CPP_H

#include <stdbool.h>

#include "loc.h"

struct cpp_opts {
	const char *const *defines;	/* NAME or NAME=VALUE; NULL-terminated */
	const char *const *include_dirs; /* -I, searched first; NULL-terminated */
	bool keep_pragmas;		/* #pragma lines kept as they are (D's) */
	/*
	 * D's, as dtrace runs gcc's cpp: headers outside the system's are
	 * read, and __LINE__ and __FILE__ expand.
	 */
	bool d_cpp;
};

/*
 * The C preprocessor as bpftrace scripts use it: #define (object-like
 * and function-like) and #undef, expanded in the text that follows
 * (outside strings and comments; $name and @name are the script's own
 * and never expanded); #if, #elif, #ifdef, #ifndef, #else and #endif,
 * with defined() and integer arithmetic in #if; #include, which must
 * name a header that exists (kernel types come from BTF, so a system
 * header is not read; with d_cpp another one is, in place, its text on
 * the #include's line).  Directive lines and skipped regions
 * become empty lines, so line numbers stay true.  Returns the new text, or NULL after a located
 * error.  o may be NULL.
 */
char *cpp_run(const struct source *src, const struct cpp_opts *o);

#endif
