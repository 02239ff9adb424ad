/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the unit tests share: one "ok NAME" / "FAIL NAME: why" /
 * "skip NAME: why" line per case, counted for the closing summary line
 * "N passed, N failed, N skipped" (harness_summary).  A case collects its
 * first failed expectation in a struct tc and reports it with finish().
 */
#ifndef FERRET_TEST_HARNESS_H
#define FERRET_TEST_HARNESS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

static int passed, failed, skipped;

struct tc {
	const char *name;
	char why[512];
	bool failed;
};

static inline bool expect(struct tc *t, bool cond, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Records the first failed expectation of t; returns cond. */
static inline bool expect(struct tc *t, bool cond, const char *fmt, ...)
{
	va_list ap;

	if (cond || t->failed)
		return cond;
	t->failed = true;
	va_start(ap, fmt);
	vsnprintf(t->why, sizeof(t->why), fmt, ap);
	va_end(ap);
	return false;
}

static inline void finish(struct tc *t)
{
	if (t->failed) {
		printf("FAIL %s: %s\n", t->name, t->why);
		failed++;
	} else {
		printf("ok %s\n", t->name);
		passed++;
	}
}

static inline void skip(const char *name, const char *why)
{
	printf("skip %s: %s\n", name, why);
	skipped++;
}

static inline char *run(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Output of a shell command, NULL if it could not run or failed. */
static inline char *run(const char *fmt, ...)
{
	struct buf out = { 0 };
	char chunk[4096], *cmd;
	va_list ap;
	size_t n;
	FILE *f;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&cmd, fmt, ap);
	va_end(ap);
	if (r < 0)
		return NULL;
	f = popen(cmd, "r");
	free(cmd);
	if (!f)
		return NULL;
	buf_put(&out, "", 0);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_put(&out, chunk, n);
	if (pclose(f)) {
		buf_free(&out);
		return NULL;
	}
	return out.p;
}

/* Prints the closing line; the exit status for main. */
static inline int harness_summary(void)
{
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed != 0;
}

#endif
