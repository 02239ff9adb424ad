/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A BPF ring buffer reader that maps the data area a chunk at a time.
 *
 * The map's file offsets, as the kernel lays them out: page 0 holds the
 * consumer position (the only page user space may write), page 1 the
 * producer position, and the data follows from page 2, twice: data
 * offset d and d + size are the same byte.  Each record starts with an
 * 8-byte header whose first word is its length with the BUSY bit (not
 * committed yet) and the DISCARD bit (skip it); records are 8-aligned.
 */
#include <errno.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ringbuf.h"
#include "../util.h"

/* Mapped at once: enough for a short run's records in one call. */
#define RBUF_CHUNK (128 << 10)

/* One ring buffer map. */
struct ring {
	int fd;
	size_t size, page, chunk;
	rbuf_fn fn;
	void *arg;
	uint64_t *cons;		/* page 0, read-write */
	char *base;		/* the producer page, then 2 * size of data */
	uint8_t *mapped;	/* one flag per chunk of the data */
};

struct rbuf {
	struct ring **r;
	int n;
	int epfd;		/* with several rings: an epoll set of them */
};

int rbuf_poll_fd(const struct rbuf *r)
{
	return r->n == 1 ? r->r[0]->fd : r->epfd;
}

/* Maps the chunks that hold data bytes [off, off + n). */
static int rbuf_map(struct ring *r, size_t off, size_t n)
{
	size_t c, last = (off + n - 1) / r->chunk;
	void *p;

	for (c = off / r->chunk; c <= last; c++) {
		if (r->mapped[c])
			continue;
		p = mmap(r->base + r->page + c * r->chunk, r->chunk, PROT_READ,
			 MAP_SHARED | MAP_FIXED, r->fd,
			 2 * r->page + c * r->chunk);
		if (p == MAP_FAILED)
			return -errno;
		r->mapped[c] = 1;
	}
	return 0;
}

static struct ring *ring_open(int map_fd, size_t size, rbuf_fn fn, void *arg)
{
	struct ring *r;
	void *p;
	int err;

	r = xcalloc(1, sizeof(*r));
	r->fd = map_fd;
	r->size = size;
	r->page = sysconf(_SC_PAGESIZE);
	r->chunk = size < RBUF_CHUNK ? size : RBUF_CHUNK;
	r->fn = fn;
	r->arg = arg;
	r->mapped = xcalloc(2 * size / r->chunk, 1);
	p = mmap(NULL, r->page, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
	if (p == MAP_FAILED)
		goto fail;
	r->cons = p;
	/* The whole range, reserved: chunks are mapped into it in place. */
	p = mmap(NULL, r->page + 2 * size, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		goto fail_cons;
	r->base = p;
	p = mmap(r->base, r->page, PROT_READ, MAP_SHARED | MAP_FIXED, map_fd,
		 r->page);
	if (p == MAP_FAILED)
		goto fail_base;
	return r;
fail_base:
	err = errno;
	munmap(r->base, r->page + 2 * size);
	errno = err;
fail_cons:
	err = errno;
	munmap(r->cons, r->page);
	errno = err;
fail:
	err = errno;
	free(r->mapped);
	free(r);
	errno = err;
	return NULL;
}

static int ring_consume(struct ring *r)
{
	const uint64_t mask = r->size - 1;
	uint64_t cons = __atomic_load_n(r->cons, __ATOMIC_ACQUIRE), prod;
	const uint64_t *prodp = (const uint64_t *)r->base;
	char *data = r->base + r->page;
	int n = 0, err;

	/*
	 * Up to the records committed when the call starts: a reader whose
	 * own work makes records (a uprobe on a function it calls) would
	 * otherwise never return, and never see a signal to stop.
	 */
	prod = __atomic_load_n(prodp, __ATOMIC_ACQUIRE);
	while (cons < prod) {
		size_t off = cons & mask;
		uint32_t len, *hdr;

		err = rbuf_map(r, off, BPF_RINGBUF_HDR_SZ);
		if (err)
			return err;
		hdr = (uint32_t *)(data + off);
		len = __atomic_load_n(hdr, __ATOMIC_ACQUIRE);
		if (len & BPF_RINGBUF_BUSY_BIT)
			return n;
		cons += (BPF_RINGBUF_HDR_SZ +
			 (len & ~BPF_RINGBUF_DISCARD_BIT) + 7) & ~7ULL;
		n++;
		if (!(len & BPF_RINGBUF_DISCARD_BIT)) {
			len &= ~BPF_RINGBUF_DISCARD_BIT;
			if (len) {
				err = rbuf_map(r, off + BPF_RINGBUF_HDR_SZ, len);
				if (err)
					return err;
			}
			err = r->fn(r->arg, data + off + BPF_RINGBUF_HDR_SZ, len);
			if (err < 0) {
				__atomic_store_n(r->cons, cons, __ATOMIC_RELEASE);
				return err;
			}
		}
		__atomic_store_n(r->cons, cons, __ATOMIC_RELEASE);
	}
	return n;
}

static void ring_close(struct ring *r)
{
	munmap(r->base, r->page + 2 * r->size);
	munmap(r->cons, r->page);
	free(r->mapped);
	free(r);
}

struct rbuf *rbuf_open(const int *fds, int n, size_t size, rbuf_fn fn, void *arg)
{
	struct rbuf *b;
	int i, err;

	if (n < 1 || !size || size & (size - 1)) {
		errno = EINVAL;
		return NULL;
	}
	b = xcalloc(1, sizeof(*b));
	b->r = xcalloc((size_t)n, sizeof(*b->r));
	b->epfd = -1;
	if (n > 1 && (b->epfd = epoll_create1(EPOLL_CLOEXEC)) < 0)
		goto fail;
	for (i = 0; i < n; i++) {
		struct epoll_event ev = { .events = EPOLLIN };

		if (!(b->r[i] = ring_open(fds[i], size, fn, arg)))
			goto fail;
		b->n = i + 1;
		if (b->epfd >= 0 && epoll_ctl(b->epfd, EPOLL_CTL_ADD, fds[i], &ev))
			goto fail;
	}
	return b;
fail:
	err = errno;
	rbuf_close(b);
	errno = err;
	return NULL;
}

int rbuf_consume(struct rbuf *b)
{
	int i, n = 0, got;

	for (i = 0; i < b->n; i++) {
		got = ring_consume(b->r[i]);
		if (got < 0)
			return got;
		n += got;
	}
	return n;
}

void rbuf_close(struct rbuf *b)
{
	int i;

	if (!b)
		return;
	for (i = 0; i < b->n; i++)
		ring_close(b->r[i]);
	if (b->epfd >= 0)
		close(b->epfd);
	free(b->r);
	free(b);
}
