/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_HTTP_H
#define FERRET_HTTP_H

#include <stddef.h>
#include "../util.h"

/*
 * A small HTTP/1.1 server for GET and HEAD, run from the tracer's event
 * loop: every socket is non-blocking and sits in one epoll set, whose
 * descriptor the loop polls with its own.  Each connection carries one
 * request and is closed after the answer (Connection: close).  A
 * request head larger than HTTP_HEAD_MAX, a client idle for
 * HTTP_IDLE_MS, and connections past HTTP_CONN_MAX are answered or
 * dropped without holding anything else up.
 */
#define HTTP_HEAD_MAX 8192
#define HTTP_IDLE_MS 10000
#define HTTP_CONN_MAX 64

struct http_server;

/*
 * What a GET of path answers: 0 with body filled and *ctype set, or
 * -ENOENT for a 404.
 */
typedef int (*http_get_fn)(void *arg, const char *path, struct buf *body,
			   const char **ctype);

/*
 * Listens on addr: "PORT", "HOST:PORT" or "[V6]:PORT" (HOST a name or a
 * numeric address; without one, the loopback address).  NULL with
 * errno set and the reason in err.
 */
struct http_server *http_listen(const char *addr, http_get_fn get, void *arg,
				char *err, size_t errlen);

/* The descriptor to poll for reading: ready when http_serve() has work. */
int http_fd(const struct http_server *h);

/* Accepts, reads and answers whatever is ready, without blocking. */
void http_serve(struct http_server *h);

void http_close(struct http_server *h);

/*
 * Parses the request head in req[0, len) (up to its blank line): the
 * status to answer (200, or 400, 405, 414, 505) and, for 200, the path
 * without its query string in path (pathlen bytes with the NUL) and
 * whether the method is HEAD.  Pure, for tests.
 */
int http_parse(const char *req, size_t len, char *path, size_t pathlen,
	       int *is_head);

#endif
