/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "util.h"

static void __attribute__((noreturn)) oom(size_t n)
{
	fprintf(stderr, "ferret: out of memory allocating %zu bytes\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t nmemb, size_t n)
{
	void *p = calloc(nmemb ? nmemb : 1, n ? n : 1);

	if (!p)
		oom(nmemb * n);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (r < 0)
		oom(strlen(fmt));
	return p;
}

void vec_push(struct vec *vec, void *p)
{
	if (vec->n == vec->cap) {
		vec->cap = vec->cap ? vec->cap * 2 : 8;
		vec->v = xrealloc(vec->v, vec->cap * sizeof(*vec->v));
	}
	vec->v[vec->n++] = p;
}

/* Frees the array only; the elements belong to the caller. */
void vec_free(struct vec *vec)
{
	free(vec->v);
	vec->v = NULL;
	vec->n = vec->cap = 0;
}

void vec_free_all(struct vec *vec)
{
	int i;

	for (i = 0; i < vec->n; i++)
		free(vec->v[i]);
	vec_free(vec);
}

uint32_t hash_bytes(uint32_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		h = (h ^ *s++) * 16777619u;
	return h;
}

static void hindex_file(struct hindex *h, uint32_t hash, int val1)
{
	size_t i;

	for (i = hash & (h->cap - 1); h->slot[i].val; i = (i + 1) & (h->cap - 1))
		;
	h->slot[i].hash = hash;
	h->slot[i].val = val1;
}

void hindex_put(struct hindex *h, uint32_t hash, int val)
{
	if (2 * (h->n + 1) > h->cap) {
		struct hindex_slot *old = h->slot;
		size_t n = h->cap, k;

		h->cap = n ? 2 * n : 64;
		h->slot = xcalloc(h->cap, sizeof(*h->slot));
		for (k = 0; k < n; k++)
			if (old[k].val)
				hindex_file(h, old[k].hash, old[k].val);
		free(old);
	}
	hindex_file(h, hash, val + 1);
	h->n++;
}

int hindex_next(const struct hindex *h, uint32_t hash, size_t *pos)
{
	size_t i;

	if (!h->cap)
		return -1;
	for (; *pos < h->cap; (*pos)++) {
		i = (hash + *pos) & (h->cap - 1);
		if (!h->slot[i].val)
			break;
		if (h->slot[i].hash == hash) {
			(*pos)++;
			return h->slot[i].val - 1;
		}
	}
	*pos = h->cap;
	return -1;
}

void hindex_free(struct hindex *h)
{
	free(h->slot);
	memset(h, 0, sizeof(*h));
}

/* Keeps room for a NUL after len so b->p can be used as a C string. */
void buf_grow(struct buf *b, size_t n)
{
	size_t need = b->len + n + 1;

	if (need <= b->cap)
		return;
	if (b->cap == 0)
		b->cap = 64;
	while (b->cap < need)
		b->cap *= 2;
	b->p = xrealloc(b->p, b->cap);
}

void buf_puts(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void buf_put_udec(struct buf *b, uint64_t v, int zeros)
{
	/* Two digits a division, written in place from the right. */
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	uint64_t p = 10;
	int n = 1, w;
	char *d;

	while (n < 20 && v >= p) {
		n++;
		p *= 10;
	}
	w = n > zeros ? n : zeros;
	if (b->len + (size_t)w + 1 > b->cap)
		buf_grow(b, (size_t)w);
	d = b->p + b->len + w;
	b->len += (size_t)w;
	*d = '\0';
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);

		v /= 100;
		d -= 2;
		memcpy(d, pairs + 2 * r, 2);
	}
	if (v >= 10) {
		d -= 2;
		memcpy(d, pairs + 2 * v, 2);
	} else {
		*--d = (char)('0' + v);
	}
	while (w-- > n)
		*--d = '0';
}

void buf_put_sdec(struct buf *b, int64_t v)
{
	if (v < 0)
		buf_put(b, "-", 1);
	buf_put_udec(b, v < 0 ? -(uint64_t)v : (uint64_t)v, 0);
}

void buf_put_hex(struct buf *b, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char d[24];
	int n = sizeof(d);

	do {
		d[--n] = digits[v & 15];
		v >>= 4;
	} while (v);
	d[--n] = 'x';
	d[--n] = '0';
	buf_put(b, d + n, sizeof(d) - n);
}

/*
 * Formats once into the room the buffer has, and again only when that
 * was too small; a format without conversions is copied.  Output paths
 * (a line of ferret strace is a dozen calls) spend their time here.
 */
void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	if (!strchr(fmt, '%')) {
		buf_put(b, fmt, strlen(fmt));
		return;
	}
	buf_grow(b, 63);
	room = b->cap - b->len;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->p[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, n);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += n;
}

void buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

/*
 * Matches one bracket expression at *pp against c.  On return *pp points
 * past the closing ']'.  Returns -1 if the bracket is unterminated, in
 * which case the caller treats '[' as a literal.
 */
static int glob_class(const char **pp, unsigned char c)
{
	const unsigned char *p = (const unsigned char *)*pp + 1;
	bool neg = false, match = false;

	if (*p == '!' || *p == '^') {
		neg = true;
		p++;
	}
	if (*p == ']') {
		match = c == ']';
		p++;
	}
	while (*p && *p != ']') {
		unsigned char lo = *p, hi = *p;

		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 3;
		} else {
			p++;
		}
		if (lo <= c && c <= hi)
			match = true;
	}
	if (!*p)
		return -1;
	*pp = (const char *)p + 1;
	return match != neg;
}

bool util_glob(const char *pattern, const char *name)
{
	const char *p = pattern, *n = name;
	const char *star_p = NULL, *star_n = NULL;

	while (*n) {
		if (*p == '*') {
			while (*p == '*')
				p++;
			if (!*p)
				return true;
			star_p = p;
			star_n = n;
			continue;
		}
		if (*p == '?') {
			p++;
			n++;
			continue;
		}
		if (*p == '[') {
			const char *q = p;
			int r = glob_class(&q, (unsigned char)*n);

			if (r == 1) {
				p = q;
				n++;
				continue;
			}
			if (r < 0 && *n == '[') {
				p++;
				n++;
				continue;
			}
		} else if (*p && *p == *n) {
			p++;
			n++;
			continue;
		}
		if (!star_p)
			return false;
		p = star_p;
		n = ++star_n;
	}
	while (*p == '*')
		p++;
	return !*p;
}

bool util_has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

char *util_read_file(const char *path, size_t *len)
{
	struct buf b = { 0 };
	char chunk[65536];
	int fd, err;
	ssize_t r;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	buf_put(&b, "", 0);
	for (;;) {
		r = read(fd, chunk, sizeof(chunk));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = errno;
			close(fd);
			buf_free(&b);
			errno = err;
			return NULL;
		}
		if (r == 0)
			break;
		buf_put(&b, chunk, r);
	}
	close(fd);
	if (len)
		*len = b.len;
	return b.p;
}

/* include/linux/errno.h: errnos the kernel keeps for itself, from 512. */
static const char *const util_kernel_errnos[] = {
	"ERESTARTSYS: interrupted system call, to be restarted",
	"ERESTARTNOINTR: system call to be restarted",
	"ERESTARTNOHAND: interrupted system call, restarted without a handler",
	"ENOIOCTLCMD: no such ioctl command",
	"ERESTART_RESTARTBLOCK: system call to be restarted by restart_syscall",
	"EPROBE_DEFER: driver probe deferred",
	"EOPENSTALE: open found a stale dentry",
	"ENOPARAM: parameter not supported",
	NULL,
	"EBADHANDLE: illegal NFS file handle",
	"ENOTSYNC: update synchronization mismatch",
	"EBADCOOKIE: cookie is stale",
	"ENOTSUPP: operation not supported",
	"ETOOSMALL: buffer or request is too small",
	"ESERVERFAULT: an untranslatable error occurred",
	"EBADTYPE: type not supported by server",
	"EJUKEBOX: request initiated, but will not complete before timeout",
	"EIOCBQUEUED: iocb queued, will get completion event",
	"ERECALLCONFLICT: conflict with recalled state",
	"ENOGRACE: NFS file lock reclaim refused",
};

const char *util_strerror(int err)
{
	static char text[128];
	const char *name;

	if (err < 0)
		err = -err;
	if (err < 512 || err >= 512 + (int)ARRAY_SIZE(util_kernel_errnos) ||
	    !util_kernel_errnos[err - 512])
		return strerror(err);
	name = util_kernel_errnos[err - 512];
	snprintf(text, sizeof(text), "%s (kernel error %d)", name, err);
	return text;
}

/* 0 if path is a regular file we may execute, else -errno. */
static int executable(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (!S_ISREG(st.st_mode) || access(path, X_OK))
		return -EACCES;
	return 0;
}

int util_which(const char *name, char **full)
{
	const char *path = getenv("PATH"), *dir, *end;
	char def[256];
	int ret = -ENOENT, e;

	if (full)
		*full = NULL;
	if (!*name)
		return -ENOENT;
	if (strchr(name, '/')) {
		ret = executable(name);
		if (!ret && full)
			*full = xstrdup(name);
		return ret;
	}
	if (!path) {
		if (!confstr(_CS_PATH, def, sizeof(def)))
			snprintf(def, sizeof(def), "/bin:/usr/bin");
		path = def;
	}
	for (dir = path; ; dir = end + 1) {
		char *cand;

		end = strchrnul(dir, ':');
		cand = end > dir ? xasprintf("%.*s/%s", (int)(end - dir), dir, name)
				 : xstrdup(name);
		e = executable(cand);
		if (!e) {
			if (full)
				*full = cand;
			else
				free(cand);
			return 0;
		}
		free(cand);
		/* execvp reports EACCES if some candidate had it. */
		if (e == -EACCES || e == -EISDIR)
			ret = -EACCES;
		if (!*end)
			break;
	}
	return ret;
}
