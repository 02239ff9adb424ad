/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_CTL_H
#define FERRET_STAT_CTL_H

/*
 * ferret stat's --control: commands read from a descriptor or a fifo
 * while counting, as perf stat 6.1 reads them (its evlist's control
 * descriptor): "enable" and "disable", of every event or of one by
 * name, "evlist" with -v, -g or -F, "ping", "stop" and "snapshot", each
 * acknowledged with "ack\n" on the ack descriptor as perf acknowledges
 * it.
 */

#include <stdbool.h>
#include <stdio.h>

#include "stat_ev.h"

struct stat_ctl {
	int fd;			/* commands come from here, or -1 */
	int ack;		/* "ack\n" goes here, or -1 */
	bool owned;		/* opened from fifos: closed at the end */
};

/* What a command does to the events, for stat_ctl_process(). */
struct stat_ctl_ops {
	void *arg;
	/*
	 * Starts (on) or stops the count of event i's group, i its first
	 * event, or of every event when i is -1.
	 */
	void (*toggle)(void *arg, int i, bool on);
	/* evlist -v: event i's attributes, after its name and ": ". */
	void (*describe)(void *arg, int i, FILE *f);
};

/* No control descriptor. */
void stat_ctl_init(struct stat_ctl *c);

/*
 * --control's value, "fd:CTL[,ACK]" or "fifo:CTL[,ACK]" (each fifo
 * opened for reading and writing, so that writers may come and go):
 * 0; -EINVAL for a value perf refuses without a word; or -errno for a
 * fifo that cannot be opened, after perf's "Failed to open" on stderr.
 */
int stat_ctl_parse(struct stat_ctl *c, const char *spec);

/* Closes the fifos that stat_ctl_parse() opened. */
void stat_ctl_close(struct stat_ctl *c);

/*
 * Reads one command (up to a newline or NUL, what is there now, at
 * most 63 bytes) and carries it out on l through ops, with perf's
 * messages on stderr and its "ack\n".  Whether there was one.  As in
 * perf, a descriptor that hung up is let go after one command.
 */
bool stat_ctl_process(struct stat_ctl *c, const struct stat_evlist *l,
		      const struct stat_ctl_ops *ops);

#endif
