/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CDECL_H
#define FERRET_CDECL_H

#include <stdbool.h>
#include "lex.h"

/*
 * C definitions at the head of a script: struct, union and enum
 * definitions and typedefs, laid out as gcc lays them out on x86-64
 * (natural alignment, bitfields packed into units of their declared
 * type, unions overlaid) and registered with type_define().
 */

/* True if word opens a C definition ("struct", "union", "enum", "typedef"). */
bool cdecl_starts(const char *word);

/*
 * Parses one definition whose first word is the current token *tok (lexed
 * in expression mode), up to its closing '}' or ';' and an optional ';'.
 * On return *tok holds the next token, lexed in probe-spec mode.  0, or
 * -EINVAL after reporting a located error.
 */
int cdecl_parse(struct lexer *lx, struct token *tok);
/*
 * The same for D's parser, which has a lexer of its own: errors are
 * worded as DTrace words them, and parsing stops at the definition's end
 * without lexing on.  On return *tok is freed and lx->p (line, col) is
 * just past the closing '}', or at the ';' that ends a typedef or a
 * "struct NAME" declaration, for D's parser to expect.  *defined is the
 * struct, union or enum a definition (not a typedef) defined, whose
 * declarators ("struct s { ... } x, *p;") D's parser reads, or NULL.
 */
struct type;
int cdecl_parse_d(struct lexer *lx, struct token *tok, struct type **defined);

/*
 * D's string members take strsize bytes, which D settles after its
 * definitions are parsed (a #pragma may come last, and dtrace lowers an
 * unset one to fit the stack): every struct and union of D's holding one,
 * directly or in a member, is laid out again for strsize.  Until the
 * first call they are laid out for DTrace's default, 256.
 */
void cdecl_strsize(int strsize);

#endif
