/* SPDX-License-Identifier: GPL-2.0 */
/* ferret profile: sample stacks, draw a flame graph. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"
#include "../util.h"
#include "../runtime/flame.h"

#define PROF_HZ 99		/* off the beat of periodic work */
#define PROF_HZ_MAX 100000

/*
 * The map key of every sample: the command name at the root, then the
 * user frames, then the kernel frames (fold.h's order, whatever the
 * order here).
 */
#define PROF_KEY "comm, ustack, kstack"

static void prof_usage(FILE *f)
{
	fprintf(f,
"usage: ferret profile [-F HZ] [-p PID | -c COMMAND] [-d SECONDS] [-o FILE]\n"
"                      [-f svg|folded] [-t TITLE]\n"
"       ferret profile -i FOLDED [-o FILE] [-t TITLE]\n"
"\n"
"Samples the stacks of every CPU and draws them as a flame graph (SVG).\n"
"\n"
"options:\n"
"  -F HZ          samples per second and CPU (default %d)\n"
"  -p PID         only process PID; stop when it exits\n"
"  -c COMMAND     run COMMAND and profile only it; stop when it exits\n"
"  -d SECONDS     stop after SECONDS (else at Ctrl-C or the end of -p/-c)\n"
"  -o FILE        write to FILE (default: standard output)\n"
"  -f FORMAT      svg (default) or folded: the stacks as text, one\n"
"                 \"frame;frame;... COUNT\" line each\n"
"  -i FOLDED      draw folded stacks read from FOLDED (\"-\": standard\n"
"                 input) instead of profiling\n"
"  -t TITLE       the graph's title\n"
"  -h             this text\n", PROF_HZ);
}

char *prof_program(int hz, int pid, bool child, long ms)
{
	struct buf b = { 0 };
	char *p;

	buf_printf(&b, "profile:hz:%d ", hz);
	if (pid > 0)
		buf_printf(&b, "/pid == %d/ ", pid);
	else if (child)
		buf_printf(&b, "/pid == cpid/ ");
	buf_printf(&b, "{ @[" PROF_KEY "] = count(); }");
	if (ms > 0)
		buf_printf(&b, " interval:ms:%ld { exit(); }", ms);
	p = xstrndup(b.p, b.len);
	buf_free(&b);
	return p;
}

/* Writes len bytes to path (NULL: standard output).  0 or -errno. */
static int prof_write(const char *path, const char *p, size_t len)
{
	FILE *f = path ? fopen(path, "w") : stdout;
	int err = 0;

	if (!f)
		return -errno;
	if (fwrite(p, 1, len, f) != len || fflush(f))
		err = errno ? -errno : -EIO;
	if (path && fclose(f) && !err)
		err = -errno;
	return err;
}

/* Draws the folded stacks text[0, len) and writes the result. */
static int prof_render(const char *text, size_t len, bool folded,
		       const char *title, const char *subtitle,
		       const char *outfile)
{
	struct flame_opts fo = { .title = title, .subtitle = subtitle };
	struct flame_stats st;
	struct buf svg = { 0 };
	int err;

	if (folded) {
		err = prof_write(outfile, text, len);
	} else {
		flame_svg(text, len, &fo, &svg, &st);
		if (st.bad_lines)
			fprintf(stderr, "ferret: %d line%s without a count left out\n",
				st.bad_lines, st.bad_lines == 1 ? "" : "s");
		err = prof_write(outfile, svg.p, svg.len);
		if (!err)
			fprintf(stderr, "ferret: %llu sample%s, %d stack%s, %d box%s%s%s\n",
				(unsigned long long)st.samples,
				st.samples == 1 ? "" : "s", st.stacks,
				st.stacks == 1 ? "" : "s", st.boxes,
				st.boxes == 1 ? "" : "es",
				outfile ? " written to " : "",
				outfile ? outfile : "");
	}
	if (err)
		fprintf(stderr, "ferret: cannot write %s: %s\n",
			outfile ? outfile : "the output", util_strerror(-err));
	buf_free(&svg);
	return err ? 1 : 0;
}

static char *prof_read(const char *path, size_t *len)
{
	struct buf b = { 0 };
	char chunk[65536];
	size_t n;
	char *p;

	if (strcmp(path, "-"))
		return util_read_file(path, len);
	buf_put(&b, "", 0);
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		buf_put(&b, chunk, n);
	if (ferror(stdin)) {
		buf_free(&b);
		errno = EIO;
		return NULL;
	}
	*len = b.len;
	buf_put(&b, "", 1);
	p = b.p;
	return p;
}

const char prof_optstring[] = "+F:p:c:d:o:f:i:t:h";
const struct option prof_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int prof_main(int argc, char **argv, prof_runner run)
{
	const char *cmd = NULL, *outfile = NULL, *input = NULL;
	const char *title = NULL;
	char tmp[] = "/tmp/ferret-profile-XXXXXX", pidbuf[32], *end;
	char *program = NULL, *text = NULL, *rargv[16], *subtitle = NULL;
	bool folded = false;
	int hz = PROF_HZ, pid = 0, opt, rargc = 0, ret = 1, fd;
	long ms = 0;
	double secs;
	size_t len;

	optind = 1;
	while ((opt = getopt_long(argc, argv, prof_optstring, prof_longopts,
				  NULL)) != -1) {
		switch (opt) {
		case 'F':
			hz = (int)strtol(optarg, &end, 10);
			if (*end || hz < 1 || hz > PROF_HZ_MAX) {
				fprintf(stderr, "ferret: -F takes a frequency from 1 to %d Hz, not '%s'\n",
					PROF_HZ_MAX, optarg);
				return 1;
			}
			break;
		case 'p':
			pid = (int)strtol(optarg, &end, 10);
			if (*end || pid <= 0 || kill(pid, 0) < 0) {
				fprintf(stderr, "ferret: no process %s\n", optarg);
				return 1;
			}
			break;
		case 'c':
			cmd = optarg;
			break;
		case 'd':
			secs = strtod(optarg, &end);
			if (*end || !(secs > 0) || secs > 1e7) {
				fprintf(stderr, "ferret: -d takes a positive number of seconds, not '%s'\n",
					optarg);
				return 1;
			}
			ms = (long)(secs * 1000 + 0.5);
			if (ms < 1)
				ms = 1;
			break;
		case 'o':
			outfile = optarg;
			break;
		case 'f':
			if (!strcmp(optarg, "folded")) {
				folded = true;
			} else if (strcmp(optarg, "svg")) {
				fprintf(stderr, "ferret: unknown profile format '%s' (svg or folded)\n",
					optarg);
				return 1;
			}
			break;
		case 'i':
			input = optarg;
			break;
		case 't':
			title = optarg;
			break;
		case 'h':
			prof_usage(stdout);
			return 0;
		default:
			prof_usage(stderr);
			return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ferret: profile takes no argument '%s'\n",
			argv[optind]);
		prof_usage(stderr);
		return 1;
	}
	if (pid && cmd) {
		fprintf(stderr, "ferret: profile takes -p or -c, not both\n");
		return 1;
	}
	if (input) {
		text = prof_read(input, &len);
		if (!text) {
			fprintf(stderr, "ferret: cannot read %s: %s\n", input,
				util_strerror(errno));
			return 1;
		}
		ret = prof_render(text, len, folded, title, NULL, outfile);
		free(text);
		return ret;
	}

	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "ferret: cannot make a temporary file: %s\n",
			util_strerror(errno));
		return 1;
	}
	close(fd);
	program = prof_program(hz, pid, cmd != NULL, ms);
	rargv[rargc++] = "ferret";
	rargv[rargc++] = "-f";
	rargv[rargc++] = "folded";
	rargv[rargc++] = "-o";
	rargv[rargc++] = tmp;
	if (cmd) {
		rargv[rargc++] = "-c";
		rargv[rargc++] = (char *)cmd;
		subtitle = xasprintf("%s, %d Hz", cmd, hz);
	} else if (pid) {
		snprintf(pidbuf, sizeof(pidbuf), "%d", pid);
		rargv[rargc++] = "-p";
		rargv[rargc++] = pidbuf;
		subtitle = xasprintf("pid %d, %d Hz", pid, hz);
	} else {
		subtitle = xasprintf("all processes, %d Hz", hz);
	}
	rargv[rargc++] = "-e";
	rargv[rargc++] = program;
	rargv[rargc] = NULL;
	if (!cmd && !pid && !ms)
		fprintf(stderr, "ferret: sampling at %d Hz until Ctrl-C\n", hz);
	/* The runner parses its own command line: getopt starts afresh. */
	optind = 0;
	if (run(rargc, rargv))
		goto out;
	text = util_read_file(tmp, &len);
	if (!text) {
		fprintf(stderr, "ferret: cannot read the samples back from %s: %s\n",
			tmp, util_strerror(errno));
		goto out;
	}
	ret = prof_render(text, len, folded, title, subtitle, outfile);
out:
	unlink(tmp);
	free(text);
	free(program);
	free(subtitle);
	return ret;
}
