/* SPDX-License-Identifier: GPL-2.0 */
/* ferret profile: sample stacks; draw a flame graph, a pprof profile, a table. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "profile.h"
#include "../util.h"
#include "../runtime/flame.h"
#include "../runtime/pprof.h"
#include "../runtime/report.h"
#include "../runtime/samples.h"

#define PROF_HZ 99		/* off the beat of periodic work */
#define PROF_HZ_MAX 100000

/*
 * The map key of every sample: the command name at the root, then the
 * user frames, then the kernel frames (fold.h's order, whatever the
 * order here).
 */
#define PROF_KEY "comm, ustack, kstack"
#define PROF_KEY_CPU "comm, cpu, ustack, kstack"

static void prof_usage(FILE *f)
{
	fprintf(f,
"usage: ferret profile [-F HZ] [-p PID | -c COMMAND] [-d SECONDS] [-o FILE]\n"
"                      [-f svg|folded|pprof|report|raw] [-s KEYS] [-t TITLE]\n"
"       ferret profile -i INPUT [-f FORMAT] [-s KEYS] [-o FILE] [-t TITLE]\n"
"\n"
"Samples the stacks of every CPU and draws them as a flame graph (SVG),\n"
"or writes them as a pprof profile or perf report's table.\n"
"\n"
"options:\n"
"  -F HZ          samples per second and CPU (default %d)\n"
"  -p PID         only process PID; stop when it exits\n"
"  -c COMMAND     run COMMAND and profile only it; stop when it exits\n"
"  -d SECONDS     stop after SECONDS (else at Ctrl-C or the end of -p/-c)\n"
"  -o FILE        write to FILE (default: standard output)\n"
"  -f FORMAT      svg (default); folded: the stacks as text, one\n"
"                 \"frame;frame;... COUNT\" line each; pprof: a gzipped\n"
"                 pprof profile (go tool pprof); report: the table of\n"
"                 perf report --stdio; raw: the samples with addresses,\n"
"                 mappings and names, which -i renders in any format\n"
"  -s, --sort KEYS\n"
"                 -f report's columns: comm, pid, cpu, dso, sym,\n"
"                 comma-separated\n"
"                 (default comm,dso,sym)\n"
"  -i INPUT       render INPUT (\"-\": standard input) instead of\n"
"                 profiling: folded stacks (svg, folded) or a -f raw\n"
"                 recording (any format)\n"
"  -t TITLE       the graph's or the report's title\n"
"  -h             this text\n", PROF_HZ);
}

char *prof_program(int hz, int pid, bool child, long ms, bool cpu)
{
	struct buf b = { 0 };
	char *p;

	buf_printf(&b, "profile:hz:%d ", hz);
	if (pid > 0)
		buf_printf(&b, "/pid == %d/ ", pid);
	else if (child)
		buf_printf(&b, "/pid == cpid/ ");
	buf_printf(&b, "{ @[%s] = count(); }", cpu ? PROF_KEY_CPU : PROF_KEY);
	if (ms > 0)
		buf_printf(&b, " interval:ms:%ld { exit(); }", ms);
	p = xstrndup(b.p, b.len);
	buf_free(&b);
	return p;
}

enum prof_format { PF_SVG, PF_FOLDED, PF_PPROF, PF_REPORT, PF_RAW };

static const char *const prof_formats[] = {
	[PF_SVG] = "svg",
	[PF_FOLDED] = "folded",
	[PF_PPROF] = "pprof",
	[PF_REPORT] = "report",
	[PF_RAW] = "raw",
};

/* What to render, and where. */
struct prof_out {
	enum prof_format format;
	struct report_opts report;
	const char *title, *subtitle;
	const char *path;	/* NULL: standard output */
	FILE *f;
};

/*
 * Opens the output before anything is sampled, so that a file that
 * cannot be written is known at once.  0 or -errno.
 */
static int prof_open(struct prof_out *o)
{
	o->f = o->path ? fopen(o->path, "w") : stdout;
	return o->f ? 0 : -errno;
}

/* Writes p[0, len) to the output and closes it.  0 or -errno. */
static int prof_write(struct prof_out *o, const char *p, size_t len)
{
	int err = 0;

	if (fwrite(p, 1, len, o->f) != len || fflush(o->f))
		err = errno ? -errno : -EIO;
	if (o->path && fclose(o->f) && !err)
		err = -errno;
	o->f = NULL;
	return err;
}

static void prof_close(struct prof_out *o)
{
	if (o->f && o->path)
		fclose(o->f);
	o->f = NULL;
}

/* Draws the folded stacks text[0, len) into out, with a note on stderr. */
static void prof_svg(const char *text, size_t len, const struct prof_out *o,
		     struct buf *out)
{
	struct flame_opts fo = { .title = o->title, .subtitle = o->subtitle };
	struct flame_stats st;

	flame_svg(text, len, &fo, out, &st);
	if (st.bad_lines)
		fprintf(stderr, "ferret: %d line%s without a count left out\n",
			st.bad_lines, st.bad_lines == 1 ? "" : "s");
	fprintf(stderr, "ferret: %llu sample%s, %d stack%s, %d box%s%s%s\n",
		(unsigned long long)st.samples, st.samples == 1 ? "" : "s",
		st.stacks, st.stacks == 1 ? "" : "s", st.boxes,
		st.boxes == 1 ? "" : "es", o->path ? " written to " : "",
		o->path ? o->path : "");
}

/*
 * Renders the samples s (or, when s is NULL, the folded stacks
 * text[0, len)) and writes the result.  Returns the exit status.
 */
static int prof_render(const struct samples *s, const char *text, size_t len,
		       struct prof_out *o)
{
	static const char *const root_labels[] = { "comm" };
	struct pprof_opts po = { root_labels, 1, NULL };
	struct pprof_line *lines = NULL;
	void *lines_ctx = NULL;
	struct buf folded = { 0 }, out = { 0 };
	int err = 0;

	if (s && (o->format == PF_SVG || o->format == PF_FOLDED)) {
		samples_fold(s, &folded);
		text = folded.p ? folded.p : "";
		len = folded.len;
	}
	switch (o->format) {
	case PF_SVG:
		prof_svg(text, len, o, &out);
		break;
	case PF_FOLDED:
		buf_put(&out, text, len);
		break;
	case PF_PPROF:
		/* Source lines where the binaries have DWARF line tables. */
		lines = pprof_lines(s, &lines_ctx);
		po.lines = lines;
		err = pprof_write(s, &po, &out);
		pprof_lines_free(lines, lines_ctx);
		break;
	case PF_REPORT:
		report_render(s, &o->report, &out);
		break;
	case PF_RAW:
		samples_write(s, &out);
		break;
	}
	if (err) {
		fprintf(stderr, "ferret: cannot encode the profile: %s\n",
			util_strerror(-err));
		prof_close(o);
	} else {
		err = prof_write(o, out.p ? out.p : "", out.len);
		if (err)
			fprintf(stderr, "ferret: cannot write %s: %s\n",
				o->path ? o->path : "the output",
				util_strerror(-err));
	}
	if (!err && (o->format == PF_PPROF || o->format == PF_RAW))
		fprintf(stderr, "ferret: %llu sample%s%s%s\n",
			(unsigned long long)samples_total(s),
			samples_total(s) == 1 ? "" : "s",
			o->path ? " written to " : "", o->path ? o->path : "");
	buf_free(&folded);
	buf_free(&out);
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

/* Renders the input file: folded stacks or a -f raw recording. */
static int prof_input(const char *input, struct prof_out *o)
{
	struct samples s = { 0 };
	bool dump;
	char *text;
	size_t len;
	int ret = 1, line, err;

	text = prof_read(input, &len);
	if (!text) {
		fprintf(stderr, "ferret: cannot read %s: %s\n", input,
			util_strerror(errno));
		return 1;
	}
	dump = samples_is_dump(text, len);
	if (dump && samples_read(&s, text, len, &line)) {
		fprintf(stderr, "ferret: %s:%d: not a valid ferret-samples line\n",
			input, line);
		goto out;
	}
	if (!dump && o->format != PF_SVG && o->format != PF_FOLDED) {
		fprintf(stderr, "ferret: -f %s needs addresses: %s holds folded stacks, not a recording of ferret profile -f raw\n",
			prof_formats[o->format], input);
		goto out;
	}
	err = prof_open(o);
	if (err) {
		fprintf(stderr, "ferret: cannot write %s: %s\n", o->path,
			util_strerror(-err));
		goto out;
	}
	o->report.title = o->title;
	ret = prof_render(dump ? &s : NULL, text, len, o);
out:
	samples_free(&s);
	free(text);
	return ret;
}

static int64_t prof_clock(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

const char prof_optstring[] = "+F:p:c:d:o:f:s:i:t:h";
const struct option prof_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "sort", required_argument, NULL, 's' },
	{ NULL, 0, NULL, 0 },
};

int prof_main(int argc, char **argv, prof_runner run)
{
	const char *cmd = NULL, *input = NULL, *sort = NULL;
	char tmp[] = "/tmp/ferret-profile-XXXXXX", pidbuf[32], *end;
	char *program = NULL, *text = NULL, *rargv[16], *subtitle = NULL;
	char *title = NULL, *bad;
	struct prof_out o = { .format = PF_SVG };
	struct samples s = { 0 };
	int hz = PROF_HZ, pid = 0, opt, rargc = 0, ret = 1, fd, err, line;
	int64_t t0, elapsed, wall;
	long ms = 0;
	double secs;
	size_t len, i;

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
			o.path = optarg;
			break;
		case 'f':
			for (i = 0; i < ARRAY_SIZE(prof_formats); i++)
				if (!strcmp(optarg, prof_formats[i]))
					break;
			if (i == ARRAY_SIZE(prof_formats)) {
				fprintf(stderr, "ferret: unknown profile format '%s' (svg, folded, pprof, report or raw)\n",
					optarg);
				return 1;
			}
			o.format = i;
			break;
		case 's':
			sort = optarg;
			break;
		case 'i':
			input = optarg;
			break;
		case 't':
			o.title = optarg;
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
	if (sort && o.format != PF_REPORT) {
		fprintf(stderr, "ferret: --sort orders the table of -f report, not -f %s\n",
			prof_formats[o.format]);
		return 1;
	}
	if (sort && report_parse_sort(sort, &o.report, &bad)) {
		if (bad)
			fprintf(stderr, "ferret: unknown --sort key '%s' (comm, pid, cpu, dso or sym)\n",
				bad);
		else
			fprintf(stderr, "ferret: --sort takes keys: comm, pid, cpu, dso, sym\n");
		free(bad);
		return 1;
	}
	if (input)
		return prof_input(input, &o);

	err = prof_open(&o);
	if (err) {
		fprintf(stderr, "ferret: cannot write %s: %s\n",
			o.path ? o.path : "the output", util_strerror(-err));
		return 1;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "ferret: cannot make a temporary file: %s\n",
			util_strerror(errno));
		prof_close(&o);
		return 1;
	}
	close(fd);
	/* The CPU only where a column shows it: it splits every stack's count. */
	if (report_wants_cpu(&o.report))
		o.report.cpu_root = 1;
	program = prof_program(hz, pid, cmd != NULL, ms, o.report.cpu_root > 0);
	rargv[rargc++] = "ferret";
	rargv[rargc++] = "-f";
	rargv[rargc++] = "raw";
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
	o.subtitle = subtitle;
	if (!o.title && o.format == PF_REPORT)
		o.report.title = title = xasprintf("ferret profile: %s", subtitle);
	else
		o.report.title = o.title;
	if (!cmd && !pid && !ms)
		fprintf(stderr, "ferret: sampling at %d Hz until Ctrl-C\n", hz);
	/* From before the program loads: what a profile's reader calls its span. */
	wall = prof_clock(CLOCK_REALTIME);
	t0 = prof_clock(CLOCK_MONOTONIC);
	/* The runner parses its own command line: getopt starts afresh. */
	optind = 0;
	if (run(rargc, rargv))
		goto out;
	elapsed = prof_clock(CLOCK_MONOTONIC) - t0;
	text = util_read_file(tmp, &len);
	if (!text) {
		fprintf(stderr, "ferret: cannot read the samples back from %s: %s\n",
			tmp, util_strerror(errno));
		goto out;
	}
	if (samples_read(&s, text, len, &line)) {
		fprintf(stderr, "ferret: the samples recorded are unreadable (line %d)\n",
			line);
		goto out;
	}
	s.hz = hz;
	s.time_ns = wall;
	s.duration_ns = elapsed;
	ret = prof_render(&s, NULL, 0, &o);
out:
	prof_close(&o);
	unlink(tmp);
	samples_free(&s);
	free(text);
	free(program);
	free(subtitle);
	free(title);
	return ret;
}
