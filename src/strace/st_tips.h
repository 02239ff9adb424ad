/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_TIPS_H
#define FERRET_ST_TIPS_H

#include <stdio.h>

/* --tips' format: nothing, the bubble and a little of the art, all of it. */
enum st_tips_fmt { ST_TIPS_NONE, ST_TIPS_COMPACT, ST_TIPS_FULL };

/* --tips[=[[id:]ID][,[format:]FORMAT]]: what is printed before exit. */
struct st_tips {
	int id;			/* the tip, counted modulo their number; -1
				 * for one at random */
	enum st_tips_fmt fmt;
};

/*
 * Adds the settings of one --tips option (arg NULL: the option alone)
 * to t, which starts zeroed (no tips), as strace takes them: tokens
 * separated by commas or blanks, each an id (a decimal number up to
 * INT_MAX, or "random") or a format, "id:" and "format:" optional and
 * case-blind.  -EINVAL after strace's message for a bad argument.
 */
int st_tips_parse(struct st_tips *t, const char *arg);

/*
 * Prints t's tip, a speech bubble of ferret strace's own text beside
 * strace's art, laid out column for column as strace lays its tips out
 * (strace's tests check the layout).  Nothing for ST_TIPS_NONE.
 */
void st_tips_print(const struct st_tips *t, FILE *f);

#endif
