/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_CSTORE_H
#define FERRET_CSTORE_H

#include <stddef.h>
#include "compile.h"

/*
 * What a run needs of a compiled program besides its BPF code, as bytes:
 * maps with their types, formats, probe instances, programs (without
 * code) and attachments.  A front end whose program is a function of
 * its text and options keeps these next to the pinned programs
 * (loader_find()), and a later run starts without parsing or compiling.
 */

/*
 * Appends c's description to out.  -ENOTSUP when c holds something
 * that cannot be described so (a type from a builtin or BTF pointer,
 * provider data, armed or grouped probes, skboutput() files, -k sites):
 * such a program is not kept.
 */
int cstore_save(const struct compiled *c, struct buf *out);

/*
 * Fills c (zeroed first; its programs have no code and fd -1) from the
 * n bytes at p.  opts becomes c->opts.  0, or -EINVAL for bytes that
 * are not a description (c is then freed).
 */
int cstore_load(struct compiled *c, const void *p, size_t n,
		const struct compile_opts *opts);

#endif
