/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_LOC_H
#define FERRET_LOC_H

/* A source range: 1-based line and column of its first character. */
struct loc {
	int line, col;
	int len;		/* characters covered on that line, >= 1 */
	/*
	 * The line a "line N:" message names where that is not line (0
	 * otherwise): dtrace names the line its lexer has reached.
	 */
	int named_line;
};

/* The script being compiled, for located diagnostics. */
struct source {
	const char *name;	/* file name, or "stdin"/"-e" */
	const char *text;	/* NUL-terminated */
};

/*
 * Prints "name:line:col: error: MSG", then the source line and a caret
 * (with '~' for the rest of the range) on stderr.  Counts errors.
 */
void diag_error(const struct source *src, const struct loc *loc,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_warn(const struct source *src, const struct loc *loc,
	       const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int diag_count(void);
/* --no-warnings: diag_warn() prints nothing; diag_warnings() says which. */
#include <stdbool.h>
void diag_set_warnings(bool on);
bool diag_warnings(void);
void diag_reset(void);
/*
 * Errors start with lead instead of "name:line:col: error: " (NULL: the
 * default), followed by "line N: " when line is set and the error has a
 * location; the source line and caret follow (diag_set_carets()).  ferret dtrace
 * leads with dtrace's "dtrace: failed to compile script x.d: ".
 */
void diag_set_lead(const char *lead, bool line);
/* DTrace's error tags ("[D_PROTO_LEN] ") are shown (-x errtags) or dropped. */
void diag_set_tags(bool on);
/*
 * Whether the source line and caret follow a located message that has a
 * lead (on by default; ferret dtrace leaves them out under dtrace-utils'
 * _DTRACE_TESTING, whose tests compare stderr with dtrace's own, where
 * the preprocessor's messages keep the caret cpp gives them).
 */
void diag_set_carets(bool on);
/*
 * For a source made of parts (several programs in one): errors on lines
 * from first on use lead instead, counting lines from first.  Adds to
 * what diag_set_lead() set.
 */
void diag_add_lead(int first, const char *lead, bool line);
/* Where diagnostics go (stderr by default); unit tests capture them. */
#include <stdio.h>
void diag_set_stream(FILE *f);

#endif
