/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CPP_H
#define FERRET_CPP_H

#include "loc.h"

/*
 * The part of the C preprocessor bpftrace scripts use: #ifdef, #ifndef,
 * #else and #endif over the names in defines (NULL-terminated), and
 * #include, which is accepted and ignored because kernel types come from
 * BTF.  Returns a copy of src->text with directive lines and skipped
 * regions blanked, so line and column numbers stay true; NULL after a
 * located error (other directives, unbalanced conditionals).
 */
char *cpp_run(const struct source *src, const char *const *defines);

#endif
