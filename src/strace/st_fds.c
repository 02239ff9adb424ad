/* SPDX-License-Identifier: GPL-2.0 */
/* Descriptor paths remembered for -y (see st_fds.h). */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "st_fds.h"
#include "../util.h"

struct fd_path {
	int tid, fd;
	char *path;		/* or NULL */
	int nlproto;		/* a netlink socket's protocol, or -1 */
	bool deleted;		/* a traced call removed the file at path */
};

/* The files SCM_RIGHTS messages passed: the kernel's struct file, the path. */
#define ST_FDS_PASSED 64
struct passed {
	uint64_t file;
	char *path;
};

struct st_fds {
	struct fd_path *v;
	int n, cap;
	struct passed passed[ST_FDS_PASSED];
	int next;		/* the slot the next one takes */
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
	for (i = 0; i < ST_FDS_PASSED; i++)
		free(f->passed[i].path);
	free(f->v);
	free(f);
}

void st_fds_pass(struct st_fds *f, uint64_t file, const char *path)
{
	struct passed *p = &f->passed[f->next];

	f->next = (f->next + 1) % ST_FDS_PASSED;
	free(p->path);
	p->file = file;
	p->path = xstrdup(path);
}

const char *st_fds_passed(const struct st_fds *f, uint64_t file)
{
	int i;

	for (i = 0; i < ST_FDS_PASSED && file; i++)
		if (f->passed[i].file == file && f->passed[i].path)
			return f->passed[i].path;
	return NULL;
}

static struct fd_path *find(const struct st_fds *f, int tid, int fd)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->v[i].tid == tid && f->v[i].fd == fd)
			return &f->v[i];
	return NULL;
}

/* tid's entry for fd, made (knowing nothing) if there is none. */
static struct fd_path *entry(struct st_fds *f, int tid, int fd)
{
	struct fd_path *p = find(f, tid, fd);

	if (p)
		return p;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 32;
		f->v = xrealloc(f->v, f->cap * sizeof(*f->v));
	}
	p = &f->v[f->n++];
	p->tid = tid;
	p->fd = fd;
	p->path = NULL;
	p->nlproto = -1;
	p->deleted = false;
	return p;
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
	p = entry(f, tid, fd);
	p->nlproto = -1;
	p->deleted = false;
	if (!p->path || strcmp(p->path, path)) {
		free(p->path);
		p->path = xstrdup(path);
	}
}

void st_fds_set_netlink(struct st_fds *f, int tid, int fd, int proto)
{
	if (f && fd >= 0)
		entry(f, tid, fd)->nlproto = proto;
}

int st_fds_netlink(const struct st_fds *f, int tid, int fd)
{
	const struct fd_path *p = f ? find(f, tid, fd) : NULL;

	return p ? p->nlproto : -1;
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
	const struct fd_path *p = f ? find(f, tid, from) : NULL;
	char *copy;
	bool deleted;
	int proto;

	if (from == to || !f)
		return;
	if (!p) {
		st_fds_drop(f, tid, to);
		return;
	}
	copy = p->path ? xstrdup(p->path) : NULL;
	proto = p->nlproto;
	deleted = p->deleted;
	st_fds_drop(f, tid, to);
	if (copy) {
		st_fds_set(f, tid, to, copy);
		find(f, tid, to)->deleted = deleted;
	}
	st_fds_set_netlink(f, tid, to, proto);
	free(copy);
}

void st_fds_fork(struct st_fds *f, int parent, int child)
{
	int i, n = f ? f->n : 0;

	for (i = 0; i < n; i++)
		if (f->v[i].tid == parent) {
			char *copy = f->v[i].path ? xstrdup(f->v[i].path) : NULL;
			int fd = f->v[i].fd, proto = f->v[i].nlproto;

			bool deleted = f->v[i].deleted;

			if (copy) {
				st_fds_set(f, child, fd, copy);
				find(f, child, fd)->deleted = deleted;
			}
			st_fds_set_netlink(f, child, fd, proto);
			free(copy);
		}
}

bool st_fds_deleted(const struct st_fds *f, int tid, int fd)
{
	const struct fd_path *p = f ? find(f, tid, fd) : NULL;

	return p && p->deleted;
}

void st_fds_unlink(struct st_fds *f, const char *path)
{
	int i, n = f ? f->n : 0;

	for (i = 0; i < n; i++)
		if (f->v[i].path && f->v[i].fd != AT_FDCWD &&
		    !strcmp(f->v[i].path, path))
			f->v[i].deleted = true;
}

void st_fds_rename(struct st_fds *f, const char *from, const char *to)
{
	int i, n = f ? f->n : 0;

	if (!strcmp(from, to))
		return;
	st_fds_unlink(f, to);
	for (i = 0; i < n; i++)
		if (f->v[i].path && f->v[i].fd != AT_FDCWD &&
		    !strcmp(f->v[i].path, from)) {
			free(f->v[i].path);
			f->v[i].path = xstrdup(to);
		}
}
