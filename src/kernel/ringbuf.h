/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RINGBUF_H
#define FERRET_RINGBUF_H

#include <stddef.h>

/*
 * The reader of a BPF ring buffer map.
 *
 * The kernel lets user space map a ring buffer's data pages twice in a
 * row, so that a record that wraps reads as one piece, and it fills in
 * every page table entry of a mapping when it is made: for 8 MiB, 4,096
 * entries, about 1.5 ms to map and 0.7 ms to unmap, paid by every run
 * however little it prints.  This reader reserves the address range and
 * maps the data in chunks as records reach them, so a run pays for the
 * pages its records use.
 */
struct rbuf;

/* Called with each record; a negative return stops rbuf_consume(). */
typedef int (*rbuf_fn)(void *arg, void *data, size_t size);

/*
 * The reader of n ring buffer maps fds (one, or one per CPU), each of
 * size bytes (their max_entries).  NULL with errno set on failure.
 */
struct rbuf *rbuf_open(const int *fds, int n, size_t size, rbuf_fn fn, void *arg);
/*
 * The descriptor to poll for POLLIN: the map's own, or with several an
 * epoll descriptor that holds them all.
 */
int rbuf_poll_fd(const struct rbuf *r);
/*
 * Reads the records committed when it is called, each ring's in order
 * and one ring after the other, handing fn those not discarded.
 * Returns how many records it went past, the discarded ones too (a
 * program wakes the reader with one), or a negative errno (fn's
 * negative return, or a chunk that could not be mapped).
 */
int rbuf_consume(struct rbuf *r);
void rbuf_close(struct rbuf *r);

#endif
