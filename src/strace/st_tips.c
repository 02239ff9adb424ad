/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: --tips, ferret's own tips in strace's bubble. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "st_main.h"
#include "st_tips.h"
#include "../util.h"

/* Each a paragraph, wrapped to the bubble's width when printed. */
static const char *const tips[] = {
	"ferret strace traces with eBPF, not ptrace: the traced program is "
	"never stopped at a call, so a trace slows it down far less.",
	"-e trace=SET filters in the kernel: a call outside the set never "
	"reaches user space, and costs the program a few instructions.",
	"-c counts calls, errors and time in the kernel's maps; only the "
	"table crosses to user space, once, at the end.",
	"A run leaves its compiled programs pinned under /sys/fs/bpf/ferret, "
	"and the next run with the same options starts from them in a few "
	"milliseconds.  FERRET_NO_CACHE=1 turns that off.",
	"--dump-program prints the program ferret strace writes for its "
	"options, in ferret's own language; ferret runs such scripts too, "
	"with -e or from a file.",
	"-d prints, for each BPF program of the run, its instructions and "
	"how many of them the kernel's verifier processed.",
	"-k shows each call's user stack, unwound from a copy of the stack "
	"the program takes in the kernel, with the binaries' .eh_frame.",
	"--json prints one JSON object per call, for other programs to read.",
	"-yy names a socket's endpoints from the kernel's socket diagnostics, "
	"read as the call runs, so they stay right after the socket has "
	"closed.",
	"-e inject= makes calls fail or return a value of your choice through "
	"a seccomp filter with user notification: eBPF alone cannot change "
	"what a call does.",
};

/* ferret's own drawing, beside the bubble and below it. */
static const char *const art[] = {
	"        __       __",
	"       /  \\_____/  \\",
	"       \\  /     \\  /",
	"        |  o   o  |",
	"        |    Y    |",
	"         \\  \\_/  /",
	"          '-._.-'",
	"         /       \\",
	"        /  .---.  \\",
	"       |  /     \\  |",
	"       |  |     |  |",
	"       |  |     |  |",
	"        \\  \\   /  /",
	"         \\  '-'  /",
	"          )     (",
	"         /  / \\  \\",
	"        (__/   \\__)",
	"            \\ \\",
	"             \\ \\___",
	"              \\____)",
};

#define TEXT_W 44		/* the text's columns in the bubble */
#define MIN_LINES 6		/* the bubble's least text lines: its tail
				 * takes the second to the fifth */
#define MAX_LINES 32

/* The n bytes of a token that name a setting, past an optional prefix. */
static const char *past(const char *tok, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !strncasecmp(tok, prefix, k) ? tok + k : tok;
}

static bool is(const char *v, const char *end, const char *word)
{
	return (size_t)(end - v) == strlen(word) && !strncasecmp(v, word, end - v);
}

/*
 * A decimal id up to INT_MAX, as strtol() reads one (blanks and a '+'
 * before it, nothing after it); -1 if not one.
 */
static int id_of(const char *v, const char *end)
{
	long long n = 0;

	while (v < end && isspace((unsigned char)*v))
		v++;
	if (v < end && *v == '+')
		v++;
	if (v == end)
		return -1;
	for (; v < end; v++) {
		if (!isdigit((unsigned char)*v))
			return -1;
		n = n * 10 + (*v - '0');
		if (n > INT_MAX)
			return -1;
	}
	return (int)n;
}

int st_tips_parse(struct st_tips *t, const char *arg)
{
	const char *p = arg ? arg : "", *e;

	if (t->fmt == ST_TIPS_NONE)
		t->fmt = ST_TIPS_COMPACT;
	for (; *p; p = e) {
		const char *v, *id;
		int n;

		p += strspn(p, ",");
		e = p + strcspn(p, ",");
		if (e == p)
			break;
		v = past(p, e - p, "format:");
		id = past(p, e - p, "id:");
		if (is(v, e, "none"))
			t->fmt = ST_TIPS_NONE;
		else if (is(v, e, "compact"))
			t->fmt = ST_TIPS_COMPACT;
		else if (is(v, e, "full"))
			t->fmt = ST_TIPS_FULL;
		else if (v == p && is(id, e, "random"))
			t->id = -1;
		else if (v == p && (n = id_of(id, e)) >= 0)
			t->id = n;
		else {
			st_err("invalid --tips argument: '%s'\n", arg);
			fprintf(stderr, "Try '%s -h' for more information.\n", st_progname);
			return -EINVAL;
		}
	}
	return 0;
}

/* Greedy word wrap of s into lines of TEXT_W columns at most; their count. */
static int wrap(const char *s, char lines[][TEXT_W + 1], int max)
{
	int n = 0;

	while (*s && n < max) {
		size_t len = strlen(s), cut = len;

		if (len > TEXT_W) {
			for (cut = TEXT_W; cut > 0 && s[cut] != ' '; cut--)
				;
			if (!cut)
				cut = TEXT_W;
		}
		memcpy(lines[n], s, cut);
		lines[n++][cut] = '\0';
		s += cut;
		while (*s == ' ')
			s++;
	}
	return n;
}

void st_tips_print(const struct st_tips *t, FILE *f)
{
	/* The bubble's right edge on each text line: its tail from the second. */
	static const char *const edge[] = { " |   ", " \\   ", "  \\  ", "  _\\ ", " /   " };
	char lines[MAX_LINES][TEXT_W + 1];
	int id = t->id, n, nlines, last, i;
	size_t ntips = ARRAY_SIZE(tips);

	if (t->fmt == ST_TIPS_NONE)
		return;
	if (id < 0) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		srandom((unsigned)ts.tv_nsec ^ (unsigned)getpid());
		id = (int)(random() % ntips);
	}
	n = wrap(tips[(size_t)id % ntips], lines, MAX_LINES);
	nlines = n < MIN_LINES ? MIN_LINES : n;
	/* Top, top's edge, the text, the bottom; then one line of art, or all. */
	last = nlines + 3;
	if (t->fmt == ST_TIPS_FULL && last < (int)ARRAY_SIZE(art) - 1)
		last = (int)ARRAY_SIZE(art) - 1;
	for (i = 0; i <= last; i++) {
		int k = i - 2;

		if (i == 0)
			fprintf(f, "  %s    ", "______________________________________________");
		else if (i == 1)
			fprintf(f, " /%46s\\   ", "");
		else if (k < nlines)
			fprintf(f, " | %-*s%s", TEXT_W, k < n ? lines[k] : "",
				edge[k >= 1 && k <= 4 ? k : 0]);
		else if (k == nlines)
			fprintf(f, " \\%s/   ", "______________________________________________");
		else
			fprintf(f, "%52s", "");
		fprintf(f, "%s\n", i < (int)ARRAY_SIZE(art) ? art[i] : "");
	}
	fflush(f);
}
