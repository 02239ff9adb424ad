/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PARSE_H
#define FERRET_PARSE_H

#include "ast.h"
#include "loc.h"

/*
 * Parses a whole script into an N_PROGRAM (possibly with no probes); free
 * it with ast_free.  Returns NULL after reporting the first error with
 * diag_error.  Nesting deeper than PARSE_MAX_DEPTH and expressions of
 * more than PARSE_MAX_EXPR_NODES nodes are rejected, so that recursive
 * passes over the tree cannot exhaust the stack.
 */
#define PARSE_MAX_DEPTH 500
#define PARSE_MAX_EXPR_NODES 4096
struct node *parse_program(const struct source *src);

#endif
