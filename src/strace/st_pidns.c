/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace --pidns-translation: a process id as a traced process in
 * another pid namespace sees it, in ferret's namespace.  /proc's status
 * lines NSpid, NStgid, NSpgid and NSsid list a task's ids from the
 * namespace /proc belongs to (ferret's) down to the task's own; the
 * entry at the traced process's depth that equals the id, in a task of
 * that namespace or one below it, gives the first entry.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/nsfs.h>

#include "st_pidns.h"

/* Namespaces deeper than this are not followed. */
#define NS_DEPTH_MAX 32
/* Translations remembered. */
#define CACHE_SIZE 64

static const char *const keys[] = {
	[ST_PT_TID] = "NSpid:", [ST_PT_TGID] = "NStgid:",
	[ST_PT_PGID] = "NSpgid:", [ST_PT_SID] = "NSsid:",
};

static struct {
	ino_t ns;
	int type, id, ours;
} cache[CACHE_SIZE];
static int cache_next;

/* Tasks st_pidns_learn() was told of, the newest last. */
#define LEARNT_MAX 4096
static struct {
	unsigned long ns;
	int id, ours;
} learnt[LEARNT_MAX];
static int nlearnt, learnt_next;

void st_pidns_learn(int ours, int id, unsigned long ns)
{
	learnt[learnt_next].ns = ns;
	learnt[learnt_next].id = id;
	learnt[learnt_next].ours = ours;
	learnt_next = (learnt_next + 1) % LEARNT_MAX;
	if (nlearnt < LEARNT_MAX)
		nlearnt++;
}

/* The newest learnt task that is id in ns (ours != 0), or of ours. */
static int learnt_find(unsigned long ns, int id, int ours)
{
	int i, k;

	for (i = 1; i <= nlearnt; i++) {
		k = (learnt_next - i + LEARNT_MAX) % LEARNT_MAX;
		if (ours ? learnt[k].ours == ours : learnt[k].ns == ns && learnt[k].id == id)
			return k;
	}
	return -1;
}

/* The inode of path's pid namespace, or 0. */
static ino_t ns_ino(const char *path)
{
	struct stat st;

	return stat(path, &st) ? 0 : st.st_ino;
}

/* The ids of key's line in the status file at path; how many, 0 if none. */
static int ids_of(const char *path, const char *key, int *ids)
{
	char line[512], *p, *end;
	size_t klen = strlen(key);
	int n = 0;
	FILE *f = fopen(path, "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen))
			continue;
		for (p = line + klen; n < NS_DEPTH_MAX; p = end) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			ids[n++] = (int)v;
		}
		break;
	}
	fclose(f);
	return n;
}

/*
 * Whether the pid namespace of the task whose ns link is at path, up
 * levels, is ns.
 */
static bool ns_above(const char *path, int up, ino_t ns)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), parent;
	bool same = false;

	while (fd >= 0 && up-- > 0) {
		parent = ioctl(fd, NS_GET_PARENT);
		close(fd);
		fd = parent;
	}
	if (fd >= 0) {
		same = !fstat(fd, &st) && st.st_ino == ns;
		close(fd);
	}
	return same;
}

/*
 * The task at dir (/proc/P or /proc/P/task/T): if its key ids have id at
 * depth and its namespace at that depth is ns, its first id.
 */
static int match(const char *dir, const char *key, int depth, int id, ino_t ns)
{
	char path[700];
	int ids[NS_DEPTH_MAX], n;

	snprintf(path, sizeof(path), "%s/status", dir);
	n = ids_of(path, key, ids);
	if (n <= depth || ids[depth] != id)
		return 0;
	snprintf(path, sizeof(path), "%s/ns/pid", dir);
	return ns_above(path, n - 1 - depth, ns) ? ids[0] : 0;
}

/* Every task under /proc (threads too, for a tid) until one matches. */
static int scan(enum st_pid_type type, int depth, int id, ino_t ns)
{
	char dir[600];
	struct dirent *e, *t;
	DIR *d = opendir("/proc"), *td;
	int ours = 0;

	while (d && !ours && (e = readdir(d))) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(dir, sizeof(dir), "/proc/%s", e->d_name);
		if (type != ST_PT_TID) {
			ours = match(dir, keys[type], depth, id, ns);
			continue;
		}
		snprintf(dir, sizeof(dir), "/proc/%s/task", e->d_name);
		td = opendir(dir);
		while (td && !ours && (t = readdir(td))) {
			if (t->d_name[0] < '1' || t->d_name[0] > '9')
				continue;
			snprintf(dir, sizeof(dir), "/proc/%s/task/%s", e->d_name, t->d_name);
			ours = match(dir, keys[type], depth, id, ns);
		}
		if (td)
			closedir(td);
	}
	if (d)
		closedir(d);
	return ours;
}

int st_pidns_translate(int tid, int id, enum st_pid_type type)
{
	static ino_t own;
	char path[64];
	int ids[NS_DEPTH_MAX], depth, i, ours;
	ino_t ns, now;

	if (id <= 0)
		return 0;
	if (!own)
		own = ns_ino("/proc/self/ns/pid");
	snprintf(path, sizeof(path), "/proc/%d/ns/pid", tid);
	ns = ns_ino(path);
	if (!ns && (i = learnt_find(0, 0, tid)) >= 0)
		ns = learnt[i].ns;
	if (!ns || ns == own)
		return id;
	/*
	 * A task of the tracee's namespace that ferret saw forked: /proc
	 * confirms it while it lives (a learnt id may have been reused).
	 */
	if ((i = learnt_find(ns, id, 0)) >= 0) {
		ours = learnt[i].ours;
		snprintf(path, sizeof(path), "/proc/%d/ns/pid", ours);
		now = ns_ino(path);
		if (type == ST_PT_PGID || type == ST_PT_SID || !now || now == ns)
			return ours;
	}
	/* The traced thread's depth below ferret's namespace. */
	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	depth = ids_of(path, keys[ST_PT_TID], ids) - 1;
	if (depth < 1)
		return 0;
	for (i = 0; i < CACHE_SIZE; i++)
		if (cache[i].ns == ns && cache[i].type == (int)type && cache[i].id == id) {
			/* Still that task: a pid may have been reused since. */
			snprintf(path, sizeof(path), "/proc/%d", cache[i].ours);
			if (type == ST_PT_PGID || type == ST_PT_SID ||
			    match(path, keys[type], depth, id, ns) == cache[i].ours)
				return cache[i].ours;
			cache[i].ns = 0;
		}
	ours = scan(type, depth, id, ns);
	if (ours) {
		cache[cache_next].ns = ns;
		cache[cache_next].type = type;
		cache[cache_next].id = id;
		cache[cache_next].ours = ours;
		cache_next = (cache_next + 1) % CACHE_SIZE;
	}
	return ours;
}
