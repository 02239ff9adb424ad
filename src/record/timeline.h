/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The HTML timeline of a recorded trace's model (rp_main.h): one file,
 * no external resources, its data in a JSON script element and drawn by
 * its own script on a canvas: a lane per CPU (the threads that ran), a
 * lane per thread (running, runnable, blocked, syscalls, other events,
 * and its function calls nested below, a row a level),
 * zoom and pan by wheel, drag and keys, search, fields on hover/click.
 * Only what is visible is drawn, slices under a pixel merged, so that
 * a million events stay smooth.
 */
#ifndef FERRET_RECORD_TIMELINE_H
#define FERRET_RECORD_TIMELINE_H

#include <stdio.h>

#include "record/rp_main.h"

/* The id of the script element holding the data, for tools and tests. */
#define TIMELINE_DATA_ID "ferret-data"

void timeline_write(FILE *f, const struct rp_model *m, const char *title);

#endif
