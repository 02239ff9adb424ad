/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CPP_H
#define FERRET_CPP_H

#include "loc.h"

/*
 * The C preprocessor as bpftrace scripts use it: #define (object-like
 * and function-like, with C's expansion order and no recursion into a
 * macro being expanded), #undef, #if/#elif (defined(), C integer
 * arithmetic, unknown names 0), #ifdef, #ifndef, #else, #endif, and
 * #include, accepted and ignored because kernel types come from BTF.
 * The names in defines (NULL-terminated) are defined as 1.  Returns the
 * text with directive lines and skipped regions emptied and macros
 * expanded, every line where it was; NULL after a located error (other
 * directives, '#' and '##' in bodies, unbalanced conditionals).
 */
char *cpp_run(const struct source *src, const char *const *defines);

#endif
