/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_REGION_H
#define FERRET_ST_REGION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_decode.h"
#include "../util.h"

/*
 * Memory a decoder reads that is no argument of its own: an array or a
 * struct an argument or a field points to, read by the BPF program in
 * two records, one up to the end of the page it starts on and one past
 * it (which may be unmapped), so that an array that ends a mapping shows
 * what precedes the end, as strace's element-by-element reads do.
 */

/* The index of the record that continues region idx past its first page. */
#define ST_REGION_REST(idx) ((idx) + 64)
/* The most bytes of a region read. */
#define ST_REGION_MAX 4096

/*
 * The BPF program's code that reads len bytes (an expression, ST_REGION_MAX
 * at most) at addr (an expression, nothing read if 0) into records idx
 * and ST_REGION_REST(idx) of letter l, argument i.  It sets $s, $m, $f
 * ($t must be the thread id).
 */
void st_region_capture(struct buf *b, char l, int i, int idx, const char *addr,
		       const char *len);

/*
 * Region idx of letter l, argument i joined, or NULL if nothing of it was
 * read; *len: how many bytes were (fewer than asked where it stops being
 * readable).  The caller frees it.
 */
unsigned char *st_region(const struct st_call *c, char l, int i, int idx, size_t *len);

/*
 * An array of n elements of size bytes at addr, as strace's print_array()
 * prints one, from have bytes of it at data: NULL, [] for none, the
 * address if the first element could not be read (or under -e
 * verbose=none), "... /" "* addr *" "/"
 * where later ones could not, "..." past -s elements unless -v.  elem
 * prints element idx at e.  True if every element was shown or left
 * out for -s (strace's print_array() says so too).
 */
typedef void st_elem_fn(struct buf *b, const unsigned char *e, uint64_t idx, void *arg);
bool st_region_array(struct buf *b, const struct st_dopts *o, uint64_t addr,
		     uint64_t n, size_t size, const unsigned char *data, size_t have,
		     st_elem_fn *elem, void *arg);

/*
 * strace's printstr_ex(): len bytes at addr (ST_STR_ANY: a string up to
 * its NUL, -s at most) in style (ST_STR_* bits), from have bytes of it
 * at p, read as st_region_str_size() says: the address where the bytes
 * strace reads could not be, "..." where more follow than -s shows.
 */
#define ST_STR_NUL 1	/* it ends at a NUL (QUOTE_0_TERMINATED) */
#define ST_STR_OMIT0 2	/* a NUL that ends what is shown is left out */
#define ST_STR_HEX 4	/* every byte as a hex escape */
#define ST_STR_ANY ((uint64_t)-1)
void st_region_str(struct buf *b, const struct st_dopts *o, uint64_t addr, uint64_t len,
		   int style, const unsigned char *p, size_t have);
/* The bytes st_region_str() of len bytes needs read: -s and one more, len at most. */
uint64_t st_region_str_size(const struct st_dopts *o, uint64_t len);

/* A pointer as strace prints one: NULL, or in hex. */
void st_region_ptr(struct buf *b, uint64_t v);

#endif
