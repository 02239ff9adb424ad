/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RD_SYSIO_H
#define FERRET_RD_SYSIO_H

#include <stdbool.h>

/*
 * Which of a system call's arguments its entry event and its exit event
 * carry, as LTTng's kernel tracer (lttng-modules) records x86-64 calls.
 * dir has a letter per argument, in order:
 *   i  read by the call: the entry event's
 *   o  written by the call: the exit event's (the pointer, as LTTng
 *      records it)
 *   b  both: the entry's and the exit's, each with its value then
 *   A  an int[2] the call fills: the exit event's, the two ints the
 *      kernel wrote (pipe, pipe2, socketpair)
 * Arguments past dir's end are 'i'.  Field arg (from 0) is named name
 * instead of its tracepoint's name where LTTng names it otherwise (arg
 * -1: none).  ret_hex: the result is an address, shown in hex.
 */
struct rd_sysio {
	const char *call;	/* ferret strace's name of the call */
	const char *dir;
	int arg;
	const char *name;
	bool ret_hex;
};

/* The row of call, or NULL: every argument is the entry's alone. */
const struct rd_sysio *rd_sysio_find(const char *call);

/*
 * The name of call (ferret strace's name) in LTTng's event names, which
 * are the kernel's own (its syscall tracepoints'): "newfstat" for
 * "fstat", "newuname" for "uname", ...; call itself where they agree.
 */
const char *rd_sysio_event_name(const char *call);

#endif
