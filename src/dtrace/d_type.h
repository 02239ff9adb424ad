/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's print(): a value laid out by its C type, as dtrace-utils' dtrace
 * prints it.  Pure but for the kernel's BTF, which names kernel types.
 */
#ifndef FERRET_D_TYPE_H
#define FERRET_D_TYPE_H

#include <stddef.h>
#include <stdint.h>
#include "../util.h"

struct type;

/* dtrace's default and largest printsize. */
#define D_TYPE_PRINTSIZE 8192
#define D_TYPE_PRINTSIZE_MAX 65536

/*
 * Appends print()'s text for the n bytes data of type t (whose name is
 * name, or NULL to name it from t) that were at addr: "ADDR = *", then
 * the value one line a member, no more than limit bytes of it shown.
 */
void d_type_print(struct buf *out, const struct type *t, const char *name,
		  uint64_t addr, const void *data, size_t n, size_t limit);

#endif
