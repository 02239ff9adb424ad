/* SPDX-License-Identifier: GPL-2.0 */
/* --export: maps for Prometheus, over HTTP or in a textfile. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>

#include "export.h"
#include "http.h"
#include "prom.h"
#include "../lang/ast.h"
#include "../lang/types.h"

#define DEFAULT_LISTEN "127.0.0.1:9435"

struct exporter {
	struct export_opts o;
	struct http_server *http;
	int ep, tfd;		/* the set the run polls; textfile's timer */
	struct runtime *rt;
	struct prom_map *maps;
	int nmaps;
	struct run_sink sink;
};

int export_parse(struct export_opts *o, const char *arg)
{
	if (!strcmp(arg, "prometheus") || !strncmp(arg, "prometheus=", 11)) {
		o->listen = arg[10] ? arg + 11 : DEFAULT_LISTEN;
		if (!*o->listen) {
			fprintf(stderr, "ferret: --export prometheus= needs an address (PORT, HOST:PORT or [ADDRESS]:PORT)\n");
			return -EINVAL;
		}
		return 0;
	}
	if (!strncmp(arg, "textfile=", 9) && arg[9]) {
		o->textfile = arg + 9;
		return 0;
	}
	fprintf(stderr, "ferret: --export '%s': expected prometheus[=ADDRESS] or textfile=PATH\n", arg);
	return -EINVAL;
}

/* The name a key expression gives its label, or NULL. */
static const char *expr_name(const struct node *n)
{
	switch (n->kind) {
	case N_BUILTIN:
		return n->name;
	case N_VAR:
		return n->name[0] == '$' ? n->name + 1 : n->name;
	case N_FIELD:
		return n->name;
	case N_CALL:
		/* str(x) and buf(x) are x as text. */
		if ((!strcmp(n->name, "str") || !strcmp(n->name, "buf")) && n->nlist)
			return expr_name(n->list[0]);
		return n->name;
	default:
		return NULL;
	}
}

static bool taken(char **names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], s))
			return true;
	return false;
}

/*
 * A valid label name from s: "le" is the histogram's and names from
 * "__" on are Prometheus' own, so they get a suffix or a prefix; one
 * already taken gets _N.
 */
static char *label_name(const char *s, char **names, int i)
{
	char *r = prom_name(s), *t = NULL;

	if (!strcmp(r, "le"))
		t = xstrdup("le_");
	else if (!strncmp(r, "__", 2))
		t = xasprintf("k%s", r);
	if (t) {
		free(r);
		r = t;
	}
	if (taken(names, i, r)) {
		t = xasprintf("%s_%d", r, i);
		free(r);
		r = t;
	}
	return r;
}

/* The --label names of map name, or NULL. */
static const char *given_labels(const struct export_opts *o, const char *name)
{
	size_t n = strlen(name);
	int i;

	for (i = 0; i < o->labels.n; i++) {
		const char *s = o->labels.v[i];

		if (!strncmp(s, name, n) && s[n] == '=')
			return s + n + 1;
	}
	return NULL;
}

static void name_labels(const struct export_opts *o, struct prom_map *m)
{
	const struct type *k = m->sym->key;
	const struct node *first = m->sym->first;
	const char *given;
	char **names;
	int n, i;

	if (!k)
		return;
	n = k->kind == TY_TUPLE ? k->nfields : 1;
	names = xcalloc(n, sizeof(*names));
	given = given_labels(o, m->name);
	for (i = 0; i < n; i++) {
		const char *s = NULL;
		char *part = NULL;

		if (given) {
			size_t len = strcspn(given, ",");

			part = len ? strndup(given, len) : NULL;
			given = given[len] ? given + len + 1 : NULL;
			s = part;
		} else if (first && first->kind == N_MAP && first->nlist == n) {
			s = expr_name(first->list[i]);
		}
		names[i] = s ? label_name(s, names, i) : NULL;
		free(part);
	}
	m->labels = names;
	m->nlabels = n;
}

/* Every map in the format, and the records the run lost. */
static int render(struct exporter *x, struct buf *out)
{
	struct print_entries e;
	int i, err;

	for (i = 0; i < x->nmaps; i++) {
		err = print_read_map(&x->rt->out, &x->rt->maps[i], &e);
		if (!err)
			prom_render(&x->rt->out, &x->maps[i], e.v, e.n, out);
		print_entries_free(&e);
		if (err)
			return err;
	}
	buf_printf(out, "# HELP ferret_lost_events_total Records lost because the ring buffer was full.\n"
		   "# TYPE ferret_lost_events_total counter\n"
		   "ferret_lost_events_total %llu\n",
		   (unsigned long long)run_lost(x->rt));
	return 0;
}

static int get(void *arg, const char *path, struct buf *body, const char **ctype)
{
	struct exporter *x = arg;

	if (!strcmp(path, "/metrics")) {
		*ctype = "text/plain; version=0.0.4; charset=utf-8";
		return render(x, body);
	}
	if (!strcmp(path, "/")) {
		buf_printf(body, "ferret: the metrics are at /metrics\n");
		return 0;
	}
	return -ENOENT;
}

/* The textfile, whole or not at all: written aside and renamed over. */
static void write_textfile(struct exporter *x)
{
	struct buf b = { 0 };
	char *tmp = xasprintf("%s.%d.tmp", x->o.textfile, (int)getpid());
	FILE *f;
	int err = render(x, &b);

	f = err ? NULL : fopen(tmp, "w");
	if (!f || fwrite(b.p, 1, b.len, f) != b.len || fclose(f) ||
	    rename(tmp, x->o.textfile)) {
		if (!err)
			err = -errno;
		fprintf(stderr, "ferret: cannot write %s: %s\n", x->o.textfile,
			strerror(-err));
		unlink(tmp);
	}
	free(tmp);
	buf_free(&b);
}

static int setup(void *arg, struct runtime *rt)
{
	struct exporter *x = arg;
	int i, j;

	x->rt = rt;
	x->nmaps = rt->nmaps;
	x->maps = xcalloc(rt->nmaps ? rt->nmaps : 1, sizeof(*x->maps));
	for (i = 0; i < rt->nmaps; i++) {
		x->maps[i].name = rt->maps[i].name;
		x->maps[i].sym = rt->maps[i].sym;
		name_labels(&x->o, &x->maps[i]);
	}
	for (i = 0; i < x->o.labels.n; i++) {
		const char *s = x->o.labels.v[i];
		size_t n = strcspn(s, "=");

		for (j = 0; j < rt->nmaps; j++)
			if (strlen(rt->maps[j].name) == n && !strncmp(rt->maps[j].name, s, n))
				break;
		if (j == rt->nmaps) {
			fprintf(stderr, "ferret: --label %s: the program has no map %.*s\n",
				s, (int)n, s);
			return -EINVAL;
		}
	}
	return 0;
}

static int poll_fd(void *arg)
{
	return ((struct exporter *)arg)->ep;
}

static void poll_ready(void *arg)
{
	struct exporter *x = arg;
	struct epoll_event evs[2];
	uint64_t ticks;
	int n, i;

	n = epoll_wait(x->ep, evs, 2, 0);
	for (i = 0; i < n; i++) {
		if (x->http && evs[i].data.fd == http_fd(x->http)) {
			http_serve(x->http);
		} else if (evs[i].data.fd == x->tfd) {
			if (read(x->tfd, &ticks, sizeof(ticks)) == sizeof(ticks))
				write_textfile(x);
		}
	}
}

/* At the end: the textfile's last state, then the maps as usual. */
static void finish(void *arg, struct runtime *rt)
{
	struct exporter *x = arg;

	if (x->o.textfile)
		write_textfile(x);
	print_maps_at_exit(&rt->out, rt->maps, rt->nmaps);
}

struct exporter *export_new(const struct export_opts *o)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct exporter *x = xcalloc(1, sizeof(*x));
	char err[256];
	int e;

	x->o = *o;
	x->ep = x->tfd = -1;
	x->ep = epoll_create1(EPOLL_CLOEXEC);
	if (x->ep < 0)
		goto fail;
	if (o->listen) {
		x->http = http_listen(o->listen, get, x, err, sizeof(err));
		if (!x->http) {
			e = errno;
			fprintf(stderr, "ferret: --export prometheus: %s\n", err);
			errno = e;
			goto fail_quiet;
		}
		ev.data.fd = http_fd(x->http);
		if (epoll_ctl(x->ep, EPOLL_CTL_ADD, ev.data.fd, &ev))
			goto fail;
	}
	if (o->textfile) {
		struct itimerspec its = { { 0, 0 }, { 0, 0 } };
		char *tmp = xasprintf("%s.%d.tmp", o->textfile, (int)getpid());
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

		/* A path that cannot be written fails now, not at the first write. */
		e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		if (fd < 0) {
			fprintf(stderr, "ferret: --export: cannot write %s: %s\n",
				o->textfile, strerror(e));
			errno = e;
			goto fail_quiet;
		}

		x->tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
		if (x->tfd < 0)
			goto fail;
		its.it_value.tv_sec = o->interval_ms / 1000;
		its.it_value.tv_nsec = (o->interval_ms % 1000) * 1000000L;
		its.it_interval = its.it_value;
		ev.data.fd = x->tfd;
		if (timerfd_settime(x->tfd, 0, &its, NULL) ||
		    epoll_ctl(x->ep, EPOLL_CTL_ADD, x->tfd, &ev))
			goto fail;
	}
	x->sink.arg = x;
	x->sink.setup = setup;
	x->sink.poll_fd = poll_fd;
	x->sink.poll_ready = poll_ready;
	x->sink.finish = finish;
	return x;
fail:
	e = errno;
	fprintf(stderr, "ferret: --export: %s\n", strerror(e));
	errno = e;
fail_quiet:
	export_free(x);
	return NULL;
}

const struct run_sink *export_sink(struct exporter *x)
{
	return &x->sink;
}

void export_free(struct exporter *x)
{
	int i, j;

	if (!x)
		return;
	http_close(x->http);
	if (x->tfd >= 0)
		close(x->tfd);
	if (x->ep >= 0)
		close(x->ep);
	for (i = 0; i < x->nmaps; i++) {
		for (j = 0; j < x->maps[i].nlabels; j++)
			free(x->maps[i].labels[j]);
		free((void *)x->maps[i].labels);
	}
	free(x->maps);
	free(x);
}
