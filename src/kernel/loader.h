/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_LOADER_H
#define FERRET_LOADER_H

#include <stdbool.h>
#include <stdint.h>

struct compiled;
struct symbol;

/* Map fds by map id (fixed maps first); -1 where not created. */
struct loaded {
	int *map_fd;
	int nmaps;
};

/* The BPF map type, key and value sizes a script map is stored with. */
void loader_map_layout(const struct symbol *sym, int *type, int *key_size,
		       int *value_size);

/*
 * Creates every map and loads every program of c, patching map fds and
 * start_ns into the code.  A verifier rejection is reported at the
 * script construct the failing instruction came from, with the whole log
 * when verbose.  0 or -errno (reported).
 */
int loader_load(struct compiled *c, struct loaded *l, uint64_t start_ns,
		bool verbose);
void loader_unload(struct compiled *c, struct loaded *l);

/*
 * Stops every event program: from now on each returns at its first
 * instructions (see MAP_CONTROL), and once this returns 0 none is still
 * running from before.  The links can then be released at leisure.
 * -errno when that cannot be vouched for; the programs stay stopped but
 * the caller must close the links to be sure.
 */
int loader_stop_events(struct loaded *l);

/* A sentence naming what is missing when the kernel says EPERM. */
const char *loader_eperm_hint(void);

#endif
