/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_FDS_H
#define FERRET_ST_FDS_H

/*
 * What -y knows of each thread's descriptors when /proc no longer says:
 * the path /proc gave while the thread lived, or the path an open call
 * named, kept across dup and dropped at close.  The working directory
 * is kept as descriptor AT_FDCWD.  And the protocol of the netlink
 * sockets socket calls made, for decoding their messages.
 */
#include <stdbool.h>
#include <stdint.h>

struct st_fds;

struct st_fds *st_fds_new(void);
void st_fds_free(struct st_fds *f);
/* The path of tid's fd, or NULL. */
const char *st_fds_get(const struct st_fds *f, int tid, int fd);
void st_fds_set(struct st_fds *f, int tid, int fd, const char *path);
void st_fds_drop(struct st_fds *f, int tid, int fd);
/* to now names what from does (dup, dup2, F_DUPFD). */
void st_fds_dup(struct st_fds *f, int tid, int from, int to);
/* The protocol of tid's netlink socket fd, made by a socket call seen. */
void st_fds_set_netlink(struct st_fds *f, int tid, int fd, int proto);
/* That protocol, or -1 (not a netlink socket ferret saw made). */
int st_fds_netlink(const struct st_fds *f, int tid, int fd);
/*
 * A traced call removed the file at path (absolute, as the paths kept):
 * the descriptors that name it print "(deleted)" once /proc cannot say.
 */
void st_fds_unlink(struct st_fds *f, const char *path);
/* A traced call renamed from to to: descriptors follow, to's are deleted. */
void st_fds_rename(struct st_fds *f, const char *from, const char *to);
/* Whether tid's fd names a file a traced call removed. */
bool st_fds_deleted(const struct st_fds *f, int tid, int fd);
/*
 * SCM_RIGHTS: a sendmsg passed the kernel's struct file at address file,
 * which the sender's descriptor named path; the path of a file a
 * recvmsg received, when one of the last 64 passed was it, or NULL.
 */
void st_fds_pass(struct st_fds *f, uint64_t file, const char *path);
const char *st_fds_passed(const struct st_fds *f, uint64_t file);
/* child starts with parent's descriptors (and working directory). */
void st_fds_fork(struct st_fds *f, int parent, int child);

#endif
