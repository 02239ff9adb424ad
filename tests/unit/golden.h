/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Golden-file unit tests (parse_test, dparse_test): each case file
 * matching a glob has NAME.expected beside it holding what run_case()
 * must return for it.  With file arguments, prints what each case
 * produces instead, for review.
 */
#ifndef FERRET_TEST_GOLDEN_H
#define FERRET_TEST_GOLDEN_H

#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Prints the first differing line of the two texts. */
static inline void diff_hint(const char *want, const char *got)
{
	int line = 1;
	size_t wl, gl;

	for (;;) {
		wl = strcspn(want, "\n");
		gl = strcspn(got, "\n");
		if (wl != gl || memcmp(want, got, wl) || !want[wl] != !got[gl])
			break;
		if (!want[wl])
			return;
		want += wl + 1;
		got += gl + 1;
		line++;
	}
	printf("  line %d:\n  want: %.*s%s\n  got:  %.*s%s\n", line, (int)wl,
	       want, *want ? "" : "<end>", (int)gl, got, *got ? "" : "<end>");
}

/*
 * Runs every case matching cases (file names ending in ext); prints
 * "ok NAME" or "FAIL NAME" with the first differing line, then the
 * summary line.  The exit status main() returns.
 */
static inline int golden_main(int argc, char **argv, const char *cases, const char *ext,
		char *(*run_case)(const char *path))
{
	int passed = 0, failed = 0, i;
	glob_t g;

	if (argc > 1) {
		for (i = 1; i < argc; i++) {
			char *out = run_case(argv[i]);

			fputs(out, stdout);
			free(out);
		}
		return 0;
	}
	if (glob(cases, 0, NULL, &g) != 0) {
		printf("FAIL no cases in %s\n0 passed, 1 failed\n", cases);
		return 1;
	}
	for (i = 0; i < (int)g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i];
		char *exp_path, *want, *got, *name;
		size_t len;

		name = xstrdup(path);
		exp_path = xasprintf("%.*s.expected", (int)(strlen(path) - strlen(ext)),
				     path);
		want = util_read_file(exp_path, &len);
		got = run_case(path);
		if (want && strcmp(want, got) == 0) {
			printf("ok %s\n", basename(name));
			passed++;
		} else {
			printf("FAIL %s\n", basename(name));
			if (want)
				diff_hint(want, got);
			else
				printf("  missing %s\n", exp_path);
			failed++;
		}
		free(want);
		free(got);
		free(exp_path);
		free(name);
	}
	globfree(&g);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

#endif
