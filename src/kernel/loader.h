/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_LOADER_H
#define FERRET_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pincache.h"

struct compiled;
struct compile_opts;
struct symbol;

/* Map fds by map id (fixed maps first); -1 where not created. */
struct loaded {
	int *map_fd;
	int nmaps;
	struct pcache pc;	/* the cache slot the run holds (pc.lock
				 * >= 0) until its links are gone */
	bool keyed;		/* pc is loader_find()'s: its set carries
				 * the program's description */
	bool reused;		/* the programs came from the cache */
	int *ring_fd;		/* ring_per_cpu: each CPU's ring buffer,
				 * which map_fd[MAP_RINGBUF] holds */
	int nrings;
};

/* The BPF map type, key and value sizes a script map is stored with. */
void loader_map_layout(const struct symbol *sym, int *type, int *key_size,
		       int *value_size);

/*
 * Creates every map and loads every program of c, patching map fds and
 * start_ns into the code.  A verifier rejection is reported at the
 * script construct the failing instruction came from, with the whole log
 * when verbose.  0 or -errno (reported).
 *
 * With cache, programs without per-run constants come from the pin
 * cache (pincache.h) when an earlier run left the same ones, their maps
 * emptied; else those loaded are pinned for the next run.  The run
 * keeps l->pc.lock open until its last link is closed.
 */
int loader_load(struct compiled *c, struct loaded *l, uint64_t start_ns,
		bool verbose, bool cache);
void loader_unload(struct compiled *c, struct loaded *l);

/*
 * MAP_CONTROL's value mapped into user space (compile.h's CONTROL_*
 * words), or NULL when the program has none or the kernel cannot map
 * it.  Unmap with loader_control_unmap().
 */
volatile uint64_t *loader_control_map(const struct loaded *l);
void loader_control_unmap(volatile uint64_t *ctl);

/*
 * For a front end whose program is a function of its text, its options
 * and ferret's build (key: pcache_key_self() and those), before it
 * parses anything.  1: an earlier run kept that program; c is it (see
 * cstore.h), its maps and programs taken from the cache and emptied:
 * no parse, no compile.  0: none kept; compile, and loader_load() keeps
 * the result under key.  Negative: no cache.  l goes to loader_load()
 * either way (run_opts.loaded), or to loader_unload().
 */
int loader_find(struct compiled *c, const struct pcache_key *key,
		const struct compile_opts *opts, struct loaded *l);

/*
 * Stops every event program: from now on each returns at its first
 * instructions (see MAP_CONTROL), and once this returns 0 none is still
 * running from before.  The links can then be released at leisure.
 * -errno when that cannot be vouched for; the programs stay stopped but
 * the caller must close the links to be sure.
 */
int loader_stop_events(struct loaded *l);
/*
 * Writes n values of vs bytes each (zeros where vals is NULL) to entries
 * 0..n-1 of array map fd: through a mapping of it where the map is
 * mmapable (as loader_load() creates arrays), else by bpf() in a batch.
 * 0 or -errno.
 */
int loader_array_fill(int fd, const void *vals, uint32_t n, size_t vs);

/* A sentence naming what is missing when the kernel says EPERM. */
const char *loader_eperm_hint(void);

#endif
