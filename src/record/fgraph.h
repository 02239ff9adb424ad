/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function graph's text, as ftrace's function_graph tracer prints it
 * with its default options (funcgraph-cpu, -overhead, -duration): a CPU
 * column, a duration column with ftrace's marks, the calls indented two
 * spaces a level, a call with nothing inside it on one line ("f();")
 * and the others as "f() {" ... "}" with the duration on the brace;
 * other events are comments, and a line for a CPU now running another
 * thread is preceded by the banner naming both.
 *
 * Events go in in time order.  An entry waits for its CPU's next event
 * (a leaf when that is its own return), and the lines after it wait
 * with it, so the text stays in time order.
 */
#ifndef FERRET_RECORD_FGRAPH_H
#define FERRET_RECORD_FGRAPH_H

#include <stdint.h>

#include "util.h"

struct fg;

/* A formatter for a trace of ncpus CPUs (the CPU column's width). */
struct fg *fg_new(int ncpus);
void fg_free(struct fg *f);

/* ftrace's header for these columns, into out. */
void fg_header(struct buf *out);

/*
 * The thread an event ran in: tid (0 the idle task, -1 unknown) and its
 * command name (NULL: unknown).
 */
struct fg_thread {
	int tid;
	const char *comm;
};

void fg_entry(struct fg *f, int cpu, const struct fg_thread *t, const char *func,
	      uint32_t depth);
void fg_exit(struct fg *f, int cpu, const struct fg_thread *t, const char *func,
	     uint32_t depth, uint64_t calltime, uint64_t rettime);
/* Another event: text is its "name: fields" (a comment line). */
void fg_comment(struct fg *f, int cpu, const struct fg_thread *t, const char *text);
/* A line printed as it is (lost events), at its place in time. */
void fg_line(struct fg *f, const char *text);
/* Ends every entry still waiting (as "f() {"). */
void fg_finish(struct fg *f);

/* Appends the text that is final to out, and forgets it. */
void fg_take(struct fg *f, struct buf *out);

/*
 * ftrace's duration column for duration ns: the mark ('+' above 10 us,
 * '!' 100 us, '#' 1 ms, '*' 10 ms, '@' 100 ms, '$' 1 s, else ' '), a
 * space, the microseconds with three decimals (fewer past five digits,
 * none past six), " us ", padded to the column, and "|  ".
 */
void fg_duration(struct buf *out, uint64_t ns);

#endif
