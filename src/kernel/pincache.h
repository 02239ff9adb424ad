/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PINCACHE_H
#define FERRET_PINCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Loaded programs kept between runs, pinned in bpffs.  Verifying a large
 * program is most of a run's start-up; a run whose programs and maps are
 * exactly those of an earlier run (the same instructions, maps named by
 * index, the same map definitions: the key) takes the pinned ones.
 *
 * PCACHE_ROOT/KEY/SLOT holds one set: maps "m<id>", programs "p<i>",
 * and "ok", pinned last.  A set serves one run at a time: its slot
 * directory stays flock()ed until the run's last link is closed, since
 * a link still attached would feed the next run's maps.  PCACHE_SLOTS
 * sets per key let a run start while the last one is still letting go;
 * past PCACHE_KEYS keys the least recently used is removed.  bpffs is
 * mounted at its usual place if nothing is there.  FERRET_NO_CACHE set
 * in the environment (non-empty) turns the cache off.
 */
#define PCACHE_ROOT "/sys/fs/bpf/ferret"
#define PCACHE_SLOTS 2
#define PCACHE_KEYS 4

struct pcache_key {
	uint64_t h[2];
};

struct pcache {
	int lock;		/* the slot's directory, locked; -1: none */
	char dir[96];		/* the slot's path */
};

void pcache_key_init(struct pcache_key *k);
void pcache_key_add(struct pcache_key *k, const void *p, size_t n);
/*
 * Adds this executable's build ID (its GNU build-id note): what a key of
 * a program's source must hold for the code to be the same.  -ENOENT
 * for an executable without one.
 */
int pcache_key_self(struct pcache_key *k);

/*
 * Takes a slot of key k and locks it: 1 when it holds a whole set, 0
 * when it is empty and to be filled (pcache_pin(), then pcache_seal()).
 * A negative errno when there is no slot to use: the caller loads as if
 * there were no cache.  pc->lock is -1 then.
 */
int pcache_acquire(const struct pcache_key *k, struct pcache *pc);
/* The object pinned as name in the slot: an fd, or -errno. */
int pcache_get(const struct pcache *pc, const char *name);
/* Pins fd as name in the slot.  0 or -errno. */
int pcache_pin(const struct pcache *pc, const char *name, int fd);
/* Marks the slot's set whole (fd: any object of it).  0 or -errno. */
int pcache_seal(const struct pcache *pc, int fd);
/* Removes every pin of the slot, which stays locked. */
void pcache_clear(const struct pcache *pc);
/* Unlocks the slot (closes pc->lock). */
void pcache_release(struct pcache *pc);

#endif
