/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_OUT_H
#define FERRET_ST_OUT_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include "st_main.h"

struct fmt_spec;
struct runtime;
struct st_out;

/*
 * The user-space half: turns the program's records into strace's lines
 * (or JSON objects) on f, and the -c maps into its summary table.
 * held: the -c child, whose calls show from its execve on (0: none).
 */
struct st_out *st_out_new(const struct st_opts *o, FILE *f, pid_t held,
			  const pid_t *tids, int ntids);
void st_out_free(struct st_out *s);
/* Thread tid, traced from the start, is one of process tgid's. */
void st_out_group(struct st_out *s, pid_t tid, pid_t tgid);
void st_out_record(void *arg, const struct fmt_spec *fs, const void *payload);
/* How many traced threads are alive, as the records tell. */
int st_out_live(const struct st_out *s);
/* Whether -b execve let thread tid go. */
bool st_out_released(const struct st_out *s, int tid);
/*
 * After lost records: the traced threads that no longer exist, whose
 * exit records may be among those lost, stop counting as live.
 */
void st_out_prune(struct st_out *s);
/* The records at hand are read: the lines held for them are written. */
void st_out_batch(struct st_out *s);
/* Whether lines are held for a later st_out_batch(). */
bool st_out_holding(const struct st_out *s);
/* At the end: calls still pending, then the -c table. */
void st_out_finish(void *arg, struct runtime *rt);

#endif
