/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_UTIL_H
#define FERRET_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))

/* Allocation failure is fatal: the tracer has no sane way to go on. */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable array of pointers. */
struct vec {
	void **v;
	int n, cap;
};
void vec_push(struct vec *vec, void *p);
void vec_free(struct vec *vec);
/* vec_free() of a vector whose elements are each malloc()ed: them too. */
void vec_free_all(struct vec *vec);

/* FNV-1a over n bytes at p, continuing from h (start with HASH_INIT). */
#define HASH_INIT 2166136261u
uint32_t hash_bytes(uint32_t h, const void *p, size_t n);

/*
 * An index from 32-bit hashes to non-negative ints, open-addressed.  The
 * caller keeps the entries and compares them: a lookup only narrows them
 * to those filed under the same hash, which may be several.
 */
struct hindex {
	struct hindex_slot {
		uint32_t hash;
		int val;	/* the value + 1; 0: empty */
	} *slot;
	size_t cap, n;
};
void hindex_put(struct hindex *h, uint32_t hash, int val);
/*
 * The next value filed under hash, or -1 when there is none; *pos is 0
 * for the first call of a lookup and carries it on.
 */
int hindex_next(const struct hindex *h, uint32_t hash, size_t *pos);
void hindex_free(struct hindex *h);

/* Growable byte buffer. */
struct buf {
	char *p;
	size_t len, cap;
};
/* Makes room for n more bytes and a NUL (buf_put()'s slow path). */
void buf_grow(struct buf *b, size_t n);
/*
 * After any put the contents are NUL-terminated (the NUL is not in len).
 * Inline: the output paths put a few bytes at a time, millions of times.
 */
static inline void buf_put(struct buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap)
		buf_grow(b, n);
	if (n)
		memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}
/* The string s, without its NUL. */
void buf_puts(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * Integers as printf's %0*llu (zeros: the least digits, 0 for none),
 * %lld and 0x%llx would put them, without parsing a format: the output
 * paths that print millions of them.
 */
void buf_put_udec(struct buf *b, uint64_t v, int zeros);
void buf_put_sdec(struct buf *b, int64_t v);
void buf_put_hex(struct buf *b, uint64_t v);
void buf_free(struct buf *b);

/* Shell-style glob match of name against pattern ('*', '?', '[...]'). */
bool util_glob(const char *pattern, const char *name);
/* True if s contains a glob metacharacter. */
bool util_has_glob(const char *s);

/* The kernel's ENOTSUPP (include/linux/errno.h), which libc lacks. */
#define UTIL_ENOTSUPP 524

/*
 * strerror() for err or -err, naming also the kernel-internal errnos
 * (512-531, such as 524 ENOTSUPP) that reach user space from some
 * system calls and that libc knows only as "Unknown error N".
 */
const char *util_strerror(int err);

/*
 * Where execvp(name) would find its program: name itself if it has a
 * '/', else the first executable of that name in the $PATH directories
 * (an empty entry is the working directory; no $PATH is the C library's
 * default).  0 and, if full is not NULL, the path in *full (to free);
 * or -errno, as execvp would fail.
 */
int util_which(const char *name, char **full);

/* Reads a whole file; NULL with errno set on failure. */
char *util_read_file(const char *path, size_t *len);

#endif
