/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_EXPORT_H
#define FERRET_EXPORT_H

#include "run.h"

/*
 * --export: a script's maps for Prometheus, read from the kernel when
 * asked (a scrape costs nothing per event), in prom.h's format.
 *
 *   prometheus[=ADDR]   served at http://ADDR/metrics (http.h's server,
 *                       polled in the run's event loop); ADDR as
 *                       http_listen() takes it, 127.0.0.1:9435 without
 *   textfile=PATH       written every interval and at the end, whole
 *                       (a temporary file renamed over PATH), for
 *                       node_exporter's textfile collector
 *
 * Labels are named after the key expressions where they name something
 * (@x[comm, $fd, args->ret]: comm, fd, ret), else key0, key1...;
 * --label @x=a,b names them for one map.
 */
struct export_opts {
	const char *listen;	/* prometheus address, or NULL */
	const char *textfile;	/* or NULL */
	int interval_ms;	/* textfile's period */
	struct vec labels;	/* "@map=name,name" */
};

struct exporter;

/*
 * Parses one --export argument into o.  0, or -EINVAL after saying why
 * on stderr.
 */
int export_parse(struct export_opts *o, const char *arg);

/*
 * Starts listening (a port that is taken fails here, before anything is
 * loaded).  NULL with errno set, after saying why on stderr.
 */
struct exporter *export_new(const struct export_opts *o);

/* The run_sink that serves or writes the maps while the run lasts. */
const struct run_sink *export_sink(struct exporter *x);

void export_free(struct exporter *x);

#endif
