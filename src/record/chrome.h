/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Chrome trace-event JSON of a recorded trace's model (rp_main.h),
 * as chrome://tracing, Perfetto UI and catapult read it: a pseudo
 * process "CPUs" with a track per CPU holding complete ("X") events for
 * the threads that ran there; a track per thread, under its process,
 * with its syscalls as complete events (arguments and ret in args) and
 * instant ("i") events for the rest; process and thread names as
 * metadata ("M") events.  Times in microseconds since the trace's first
 * event, to the nanosecond; a slice's dur is a nanosecond short where
 * ts + dur, added in doubles as readers add them, would pass its end.
 */
#ifndef FERRET_RECORD_CHROME_H
#define FERRET_RECORD_CHROME_H

#include <stdio.h>

#include "record/rp_main.h"

/*
 * The pid of the pseudo process holding the CPU tracks: above any real
 * pid (the kernel's PID_MAX_LIMIT is 2^22); CPU n's track is tid
 * CHROME_CPU_PID + 1 + n.
 */
#define CHROME_CPU_PID 4194304

void chrome_write(FILE *f, const struct rp_model *m);

#endif
