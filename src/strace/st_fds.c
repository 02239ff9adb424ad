/* SPDX-License-Identifier: GPL-2.0 */
/* Descriptor paths remembered for -y (see st_fds.h). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "st_fds.h"
#include "../util.h"

struct fd_path {
	int tid, fd;
	char *path;
};

struct st_fds {
	struct fd_path *v;
	int n, cap;
};

struct st_fds *st_fds_new(void)
{
	return xcalloc(1, sizeof(struct st_fds));
}

void st_fds_free(struct st_fds *f)
{
	int i;

	if (!f)
		return;
	for (i = 0; i < f->n; i++)
		free(f->v[i].path);
	free(f->v);
	free(f);
}

static struct fd_path *find(const struct st_fds *f, int tid, int fd)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].tid == tid && f->v[i].fd == fd)
			return &f->v[i];
	return NULL;
}

const char *st_fds_get(const struct st_fds *f, int tid, int fd)
{
	const struct fd_path *p = f ? find(f, tid, fd) : NULL;

	return p ? p->path : NULL;
}

void st_fds_set(struct st_fds *f, int tid, int fd, const char *path)
{
	struct fd_path *p;

	if (!f || (fd < 0 && fd != AT_FDCWD))
		return;
	p = find(f, tid, fd);
	if (p) {
		if (strcmp(p->path, path)) {
			free(p->path);
			p->path = xstrdup(path);
		}
		return;
	}
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 32;
		f->v = xrealloc(f->v, f->cap * sizeof(*f->v));
	}
	f->v[f->n].tid = tid;
	f->v[f->n].fd = fd;
	f->v[f->n++].path = xstrdup(path);
}

void st_fds_drop(struct st_fds *f, int tid, int fd)
{
	struct fd_path *p = f ? find(f, tid, fd) : NULL;

	if (!p)
		return;
	free(p->path);
	*p = f->v[--f->n];
}

void st_fds_dup(struct st_fds *f, int tid, int from, int to)
{
	const char *path = st_fds_get(f, tid, from);
	char *copy;

	if (from == to)
		return;
	if (!path) {
		st_fds_drop(f, tid, to);
		return;
	}
	copy = xstrdup(path);
	st_fds_set(f, tid, to, copy);
	free(copy);
}

void st_fds_fork(struct st_fds *f, int parent, int child)
{
	int i, n = f ? f->n : 0;

	for (i = 0; i < n; i++)
		if (f->v[i].tid == parent) {
			char *copy = xstrdup(f->v[i].path);

			st_fds_set(f, child, f->v[i].fd, copy);
			free(copy);
		}
}
