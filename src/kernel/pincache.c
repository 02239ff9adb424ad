/* SPDX-License-Identifier: GPL-2.0 */
#include <dirent.h>
#include <elf.h>
#include <link.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <bpf/bpf.h>

#include "pincache.h"

#define BPFFS "/sys/fs/bpf"

void pcache_key_init(struct pcache_key *k)
{
	/* FNV-1a's offset basis, and a second, unrelated start. */
	k->h[0] = 0xcbf29ce484222325ULL;
	k->h[1] = 0x84222325cbf29ce4ULL ^ 0x9e3779b97f4a7c15ULL;
}

void pcache_key_add(struct pcache_key *k, const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t a = k->h[0], c = k->h[1];
	size_t i;

	for (i = 0; i < n; i++) {
		a = (a ^ b[i]) * 0x100000001b3ULL;
		c = (c ^ b[i]) * 0x1000000016fULL;
		c ^= c >> 29;
	}
	k->h[0] = a;
	k->h[1] = c;
}

struct self_note {
	const void *id;
	size_t len;
};

/* The build-id note of the first object listed: the executable. */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct self_note *sn = arg;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof(*nh);
			const char *desc = name + ((nh->n_namesz + 3) & ~3u);

			if (desc + nh->n_descsz > end)
				break;
			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(name, "GNU", 4) && nh->n_descsz) {
				sn->id = desc;
				sn->len = nh->n_descsz;
				return 1;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
	return 1;
}

int pcache_key_self(struct pcache_key *k)
{
	struct self_note sn = { 0 };

	dl_iterate_phdr(find_build_id, &sn);
	if (!sn.id)
		return -ENOENT;
	pcache_key_add(k, sn.id, sn.len);
	return 0;
}

/* bpffs at its usual place (mounted there if nothing is), and our folder. */
static int ensure_root(void)
{
	struct statfs st;

	if (statfs(BPFFS, &st))
		return -errno;
	if (st.f_type != BPF_FS_MAGIC &&
	    mount("bpf", BPFFS, "bpf", 0, "mode=0700"))
		return -errno;
	if (mkdir(PCACHE_ROOT, 0700) && errno != EEXIST)
		return -errno;
	return 0;
}

/* Unpins everything in directory path. */
static void clear_dir(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			unlinkat(dirfd(d), de->d_name, 0);
	closedir(d);
}

/* Removes key directory name, unless a run holds one of its slots. */
static int remove_key(const char *name)
{
	char path[PATH_MAX];
	int fd[PCACHE_SLOTS], s, err = 0;

	for (s = 0; s < PCACHE_SLOTS; s++) {
		snprintf(path, sizeof(path), PCACHE_ROOT "/%s/%d", name, s);
		fd[s] = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd[s] >= 0 && flock(fd[s], LOCK_EX | LOCK_NB)) {
			close(fd[s]);
			fd[s] = -1;
			err = -EBUSY;
		}
	}
	for (s = 0; s < PCACHE_SLOTS; s++) {
		if (fd[s] < 0)
			continue;
		if (!err) {
			snprintf(path, sizeof(path), PCACHE_ROOT "/%s/%d", name, s);
			clear_dir(path);
			rmdir(path);
		}
		close(fd[s]);
	}
	if (!err) {
		snprintf(path, sizeof(path), PCACHE_ROOT "/%s", name);
		if (rmdir(path))
			err = -errno;
	}
	return err;
}

struct key_dir {
	char name[64];
	struct timespec used;
	bool gone;
};

/* Past PCACHE_KEYS keys, removes the least recently used but keep. */
static void evict(const char *keep)
{
	struct key_dir *k = NULL;
	struct dirent *de;
	struct stat st;
	int n = 0, cap = 0, live, i, old;
	DIR *d = opendir(PCACHE_ROOT);

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, keep) ||
		    strlen(de->d_name) >= sizeof(k->name) ||
		    fstatat(dirfd(d), de->d_name, &st, 0) || !S_ISDIR(st.st_mode))
			continue;
		if (n == cap) {
			struct key_dir *nk;

			cap = cap ? 2 * cap : 8;
			nk = realloc(k, cap * sizeof(*k));
			if (!nk)
				break;
			k = nk;
		}
		memcpy(k[n].name, de->d_name, strlen(de->d_name) + 1);
		k[n].used = st.st_mtim;
		k[n].gone = false;
		n++;
	}
	closedir(d);
	/* keep is one of PCACHE_KEYS. */
	for (live = n; live >= PCACHE_KEYS; live--) {
		old = -1;
		for (i = 0; i < n; i++)
			if (!k[i].gone &&
			    (old < 0 || k[i].used.tv_sec < k[old].used.tv_sec ||
			     (k[i].used.tv_sec == k[old].used.tv_sec &&
			      k[i].used.tv_nsec < k[old].used.tv_nsec)))
				old = i;
		if (old < 0)
			break;
		k[old].gone = true;
		/* One in use stays; the next oldest may go instead. */
		if (remove_key(k[old].name))
			live++;
	}
	free(k);
}

int pcache_acquire(const struct pcache_key *k, struct pcache *pc)
{
	const char *off = getenv("FERRET_NO_CACHE");
	char key[64], name[40];
	int s, fd, err;

	pc->lock = -1;
	if (off && *off)
		return -ENOENT;
	err = ensure_root();
	if (err)
		return err;
	snprintf(name, sizeof(name), "%016llx%016llx",
		 (unsigned long long)k->h[0], (unsigned long long)k->h[1]);
	snprintf(key, sizeof(key), PCACHE_ROOT "/%s", name);
	if (!mkdir(key, 0700))
		evict(name);
	else if (errno != EEXIST)
		return -errno;
	/* Its time of last use, for evict(). */
	utimensat(AT_FDCWD, key, NULL, 0);
	for (s = 0; s < PCACHE_SLOTS; s++) {
		snprintf(pc->dir, sizeof(pc->dir), "%s/%d", key, s);
		if (mkdir(pc->dir, 0700) && errno != EEXIST)
			return -errno;
		fd = open(pc->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		if (flock(fd, LOCK_EX | LOCK_NB)) {
			close(fd);
			continue;
		}
		pc->lock = fd;
		return faccessat(fd, "ok", F_OK, 0) == 0 ? 1 : 0;
	}
	return -EBUSY;
}

int pcache_get(const struct pcache *pc, const char *name)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", pc->dir, name);
	fd = bpf_obj_get(path);
	return fd < 0 ? -errno : fd;
}

int pcache_pin(const struct pcache *pc, const char *name, int fd)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", pc->dir, name);
	return bpf_obj_pin(fd, path) ? -errno : 0;
}

int pcache_seal(const struct pcache *pc, int fd)
{
	return pcache_pin(pc, "ok", fd);
}

void pcache_clear(const struct pcache *pc)
{
	clear_dir(pc->dir);
}

void pcache_release(struct pcache *pc)
{
	if (pc->lock >= 0)
		close(pc->lock);
	pc->lock = -1;
}
