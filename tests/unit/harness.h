/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the unit tests share: one "ok NAME" / "FAIL NAME: why" /
 * "skip NAME: why" line per case, counted for the closing summary line
 * "N passed, N failed, N skipped" (harness_summary).  A case collects its
 * first failed expectation in a struct tc and reports it with finish().
 */
#ifndef FERRET_TEST_HARNESS_H
#define FERRET_TEST_HARNESS_H

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Makes a fresh directory /tmp/ferret-NAME-?????? into dir (mkdtemp's
 * template, its six placeholders written here).  False with errno set.
 */
static inline bool harness_mkdtemp(char *dir, size_t len, const char *name)
{
	int n = snprintf(dir, len, "/tmp/ferret-%s-", name);

	if (n < 0 || (size_t)n + 7 > len) {
		errno = ENAMETOOLONG;
		return false;
	}
	memset(dir + n, 'X', 6);
	dir[n + 6] = 0;
	return mkdtemp(dir) != NULL;
}

/* Writes text to dir/name; false, saying so as a failure, if it cannot. */
static inline bool harness_write(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	bool ok = f && fputs(text, f) >= 0;

	if (f && fclose(f))
		ok = false;
	if (!ok) {
		printf("FAIL fixture: cannot write %s\n", path);
		failed++;
	}
	free(path);
	return ok;
}

/* Removes a directory tree the test made; says so if it cannot. */
static inline void harness_rmtree(const char *dir)
{
	char *cmd = xasprintf("rm -rf %s", dir);

	if (system(cmd))
		printf("info: could not remove %s\n", dir);
	free(cmd);
}

/* The address nm(1) gives symbol name in path, found or not. */
static inline bool nm_addr(const char *path, const char *name, uint64_t *addr)
{
	char *out = run("nm %s", path), *line, *save = NULL;
	bool found = false;

	if (!out)
		return false;
	for (line = strtok_r(out, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long a;
		char k, nm[256];

		if (sscanf(line, "%llx %c %255s", &a, &k, nm) == 3 &&
		    !strcmp(nm, name)) {
			*addr = a;
			found = true;
		}
	}
	free(out);
	return found;
}

/* Prints the closing line; the exit status for main. */
static inline int harness_summary(void)
{
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed != 0;
}

#endif
