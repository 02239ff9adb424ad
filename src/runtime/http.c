/* SPDX-License-Identifier: GPL-2.0 */
/* A small non-blocking HTTP/1.1 server for /metrics. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>

#include "http.h"

struct conn {
	int fd;			/* -1: a free slot */
	char head[HTTP_HEAD_MAX];
	size_t have;
	struct buf out;		/* the answer */
	size_t sent;
	uint64_t since;		/* ms (CLOCK_MONOTONIC) of the last progress */
};

struct http_server {
	int lfd, ep, tfd;
	http_get_fn get;
	void *arg;
	struct conn conns[HTTP_CONN_MAX];
	int nconns;
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Splits addr into host (NULL: loopback) and port, in a copy it returns. */
static char *split_addr(const char *addr, const char **host, const char **port)
{
	char *copy = xstrdup(addr), *colon;

	*host = NULL;
	*port = copy;
	if (copy[0] == '[') {
		char *end = strchr(copy, ']');

		if (!end || end[1] != ':')
			return copy;
		*end = 0;
		*host = copy + 1;
		*port = end + 2;
		return copy;
	}
	colon = strrchr(copy, ':');
	if (colon) {
		*colon = 0;
		*host = *copy ? copy : NULL;
		*port = colon + 1;
	}
	return copy;
}

struct http_server *http_listen(const char *addr, http_get_fn get, void *arg,
				char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG };
	struct epoll_event ev = { .events = EPOLLIN };
	struct addrinfo *ai = NULL;
	struct http_server *h;
	const char *host, *port;
	char *copy, *end;
	int one = 1, rc, e, i;
	long pn;

	copy = split_addr(addr, &host, &port);
	pn = strtol(port, &end, 10);
	if (!*port || *end || pn < 1 || pn > 65535) {
		snprintf(err, errlen, "'%s' is not a port, HOST:PORT or [ADDRESS]:PORT", addr);
		free(copy);
		errno = EINVAL;
		return NULL;
	}
	if (!host)
		host = "127.0.0.1";
	rc = getaddrinfo(host, port, &hints, &ai);
	if (rc) {
		snprintf(err, errlen, "cannot resolve '%s': %s", host, gai_strerror(rc));
		free(copy);
		errno = EINVAL;
		return NULL;
	}
	h = xcalloc(1, sizeof(*h));
	h->get = get;
	h->arg = arg;
	h->ep = h->tfd = -1;
	for (i = 0; i < HTTP_CONN_MAX; i++)
		h->conns[i].fd = -1;
	h->lfd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (h->lfd < 0)
		goto fail;
	setsockopt(h->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(h->lfd, ai->ai_addr, ai->ai_addrlen) || listen(h->lfd, 64))
		goto fail;
	h->ep = epoll_create1(EPOLL_CLOEXEC);
	h->tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (h->ep < 0 || h->tfd < 0)
		goto fail;
	ev.data.fd = h->lfd;
	if (epoll_ctl(h->ep, EPOLL_CTL_ADD, h->lfd, &ev))
		goto fail;
	ev.data.fd = h->tfd;
	if (epoll_ctl(h->ep, EPOLL_CTL_ADD, h->tfd, &ev))
		goto fail;
	freeaddrinfo(ai);
	free(copy);
	return h;
fail:
	e = errno;
	snprintf(err, errlen, "cannot listen on %s: %s", addr, strerror(e));
	freeaddrinfo(ai);
	free(copy);
	http_close(h);
	errno = e;
	return NULL;
}

int http_fd(const struct http_server *h)
{
	return h->ep;
}

static void drop(struct http_server *h, struct conn *c)
{
	if (c->fd < 0)
		return;
	epoll_ctl(h->ep, EPOLL_CTL_DEL, c->fd, NULL);
	close(c->fd);
	c->fd = -1;
	buf_free(&c->out);
	h->nconns--;
}

/* The idle check runs each second while connections are open. */
static void arm_timer(struct http_server *h)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };

	if (h->nconns) {
		its.it_value.tv_sec = 1;
		its.it_interval.tv_sec = 1;
	}
	timerfd_settime(h->tfd, 0, &its, NULL);
}

static const char *reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 400: return "Bad Request";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 414: return "URI Too Long";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 505: return "HTTP Version Not Supported";
	default: return "Error";
	}
}

static void answer(struct conn *c, int status, const char *ctype,
		   const struct buf *body, bool head)
{
	struct buf msg = { 0 };

	if (!body) {
		buf_printf(&msg, "%d %s\n", status, reason(status));
		body = &msg;
		ctype = "text/plain; charset=utf-8";
	}
	c->out.len = 0;
	buf_printf(&c->out, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
		   "Content-Length: %zu\r\nConnection: close\r\n", status,
		   reason(status), ctype, body->len);
	if (status == 405)
		buf_printf(&c->out, "Allow: GET, HEAD\r\n");
	buf_printf(&c->out, "\r\n");
	if (!head && body->len)
		buf_put(&c->out, body->p, body->len);
	c->sent = 0;
	buf_free(&msg);
}

static size_t head_end(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (p[i] == '\n' && p[i + 1] == '\n')
			return i + 2;
		if (i + 3 < n && !memcmp(p + i, "\r\n\r\n", 4))
			return i + 4;
	}
	return 0;
}

int http_parse(const char *req, size_t len, char *path, size_t pathlen,
	       int *is_head)
{
	const char *sp1, *sp2, *eol, *q;
	size_t mlen, plen;

	eol = memchr(req, '\n', len);
	if (!eol)
		return 400;
	if (eol > req && eol[-1] == '\r')
		eol--;
	sp1 = memchr(req, ' ', eol - req);
	if (!sp1)
		return 400;
	sp2 = memchr(sp1 + 1, ' ', eol - sp1 - 1);
	if (!sp2 || sp2 == sp1 + 1 || memchr(sp2 + 1, ' ', eol - sp2 - 1))
		return 400;
	if (eol - sp2 - 1 != 8 || memcmp(sp2 + 1, "HTTP/1.", 7))
		return eol - sp2 - 1 >= 5 && !memcmp(sp2 + 1, "HTTP/", 5) ? 505 : 400;
	if (sp2[8] != '0' && sp2[8] != '1')
		return 505;
	mlen = sp1 - req;
	if (sp1[1] != '/')
		return 400;
	q = memchr(sp1 + 1, '?', sp2 - sp1 - 1);
	plen = (q ? q : sp2) - (sp1 + 1);
	if (plen + 1 > pathlen)
		return 414;
	if (mlen == 3 && !memcmp(req, "GET", 3))
		*is_head = 0;
	else if (mlen == 4 && !memcmp(req, "HEAD", 4))
		*is_head = 1;
	else
		return 405;
	memcpy(path, sp1 + 1, plen);
	path[plen] = 0;
	return 200;
}

static void respond(struct http_server *h, struct conn *c, size_t len)
{
	struct buf body = { 0 };
	const char *ctype = "text/plain; charset=utf-8";
	char path[1024];
	int head = 0, status, rc;

	status = http_parse(c->head, len, path, sizeof(path), &head);
	if (status != 200) {
		answer(c, status, NULL, NULL, false);
		return;
	}
	rc = h->get(h->arg, path, &body, &ctype);
	if (rc == -ENOENT)
		answer(c, 404, NULL, NULL, head);
	else if (rc)
		answer(c, 500, NULL, NULL, head);
	else
		answer(c, 200, ctype, &body, head);
	buf_free(&body);
}

/* Writes what the answer has left; the connection goes when it is sent. */
static void flush(struct http_server *h, struct conn *c)
{
	struct epoll_event ev = { .events = EPOLLOUT, .data.fd = c->fd };
	ssize_t n;

	while (c->sent < c->out.len) {
		n = send(c->fd, c->out.p + c->sent, c->out.len - c->sent, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			epoll_ctl(h->ep, EPOLL_CTL_MOD, c->fd, &ev);
			return;
		}
		if (n <= 0)
			break;
		c->sent += n;
		c->since = now_ms();
	}
	drop(h, c);
}

static void readable(struct http_server *h, struct conn *c)
{
	ssize_t n;
	size_t end;

	if (c->out.len) {
		flush(h, c);
		return;
	}
	for (;;) {
		n = recv(c->fd, c->head + c->have, sizeof(c->head) - c->have, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			drop(h, c);
			return;
		}
		c->have += n;
		c->since = now_ms();
		end = head_end(c->head, c->have);
		if (end) {
			respond(h, c, end);
			break;
		}
		if (c->have == sizeof(c->head)) {
			answer(c, 431, NULL, NULL, false);
			break;
		}
	}
	flush(h, c);
}

static struct conn *conn_of(struct http_server *h, int fd)
{
	int i;

	for (i = 0; i < HTTP_CONN_MAX; i++)
		if (h->conns[i].fd == fd)
			return &h->conns[i];
	return NULL;
}

static void accept_all(struct http_server *h)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct conn *c, *old;
	int fd, i;

	for (;;) {
		fd = accept4(h->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0)
			return;
		c = conn_of(h, -1);
		/* Full: the connection idle longest makes room. */
		if (!c) {
			old = &h->conns[0];
			for (i = 1; i < HTTP_CONN_MAX; i++)
				if (h->conns[i].since < old->since)
					old = &h->conns[i];
			drop(h, old);
			c = old;
		}
		c->fd = fd;
		c->have = 0;
		c->sent = 0;
		c->out.len = 0;
		c->since = now_ms();
		ev.data.fd = fd;
		if (epoll_ctl(h->ep, EPOLL_CTL_ADD, fd, &ev)) {
			close(fd);
			c->fd = -1;
			continue;
		}
		h->nconns++;
	}
}

static void reap_idle(struct http_server *h)
{
	uint64_t now = now_ms(), ticks;
	int i;

	if (read(h->tfd, &ticks, sizeof(ticks)) < 0 && errno != EAGAIN)
		return;
	for (i = 0; i < HTTP_CONN_MAX; i++)
		if (h->conns[i].fd >= 0 && now - h->conns[i].since > HTTP_IDLE_MS)
			drop(h, &h->conns[i]);
}

void http_serve(struct http_server *h)
{
	struct epoll_event evs[16];
	bool had = h->nconns > 0;
	struct conn *c;
	int n, i;

	n = epoll_wait(h->ep, evs, 16, 0);
	for (i = 0; i < n; i++) {
		if (evs[i].data.fd == h->lfd) {
			accept_all(h);
		} else if (evs[i].data.fd == h->tfd) {
			reap_idle(h);
		} else {
			c = conn_of(h, evs[i].data.fd);
			if (c)
				readable(h, c);
		}
	}
	if (had != (h->nconns > 0))
		arm_timer(h);
}

void http_close(struct http_server *h)
{
	int i;

	if (!h)
		return;
	for (i = 0; i < HTTP_CONN_MAX; i++)
		drop(h, &h->conns[i]);
	if (h->lfd >= 0)
		close(h->lfd);
	if (h->ep >= 0)
		close(h->ep);
	if (h->tfd >= 0)
		close(h->tfd);
	free(h);
}
