/* SPDX-License-Identifier: GPL-2.0 */
/* ferret: command line. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "util.h"
#include "lang/parse.h"
#include "lang/cpp.h"
#include "compile/compile.h"
#include "providers/provider.h"
#include "runtime/run.h"
#include "kernel/btf.h"
#include "lang/types.h"
#include "profile/profile.h"
#include "strace/st_main.h"

static void usage(FILE *f)
{
	fprintf(f,
"usage: ferret [options] FILE [ARG...]\n"
"       ferret [options] -e PROGRAM [ARG...]\n"
"       ferret -l [PATTERN]\n"
"       ferret profile [-F HZ] [-p PID | -c COMMAND] [-d SECONDS] [-o FILE]\n"
"       ferret strace [options] COMMAND [ARG...]   (ferret strace -h)\n"
"\n"
"Compiles a bpftrace program to eBPF, attaches it and prints its output.\n"
"\n"
"options:\n"
"  -e PROGRAM     run PROGRAM\n"
"  -c COMMAND     run COMMAND, held until every probe is attached; exit when it exits\n"
"  -p PID         exit when PID exits\n"
"  -l [PATTERN]   list probes matching PATTERN\n"
"  -o FILE        write output to FILE\n"
"  -f FORMAT      output format: text (default), json, or folded (stack maps\n"
"                 as folded stacks for flame graphs)\n"
"  -q             quiet: no \"Attaching\" line\n"
"  -v             verbose: verifier logs on load errors\n"
"  -d             dump the AST, IR and BPF listings and exit without loading\n"
"  --unsafe       allow system() and cat()\n"
"  -h, --help     this text\n"
"  -V, --version  print the version\n"
"\n"
"ARGs are the positional parameters $1, $2 ...; $# counts them.\n");
}

static int parse_pid(const char *s, pid_t *pid)
{
	*pid = atoi(s);
	if (*pid <= 0 || kill(*pid, 0) < 0) {
		fprintf(stderr, "ferret: no process %s\n", s);
		return -ESRCH;
	}
	return 0;
}

/*
 * BPFTRACE_MAP_KEYS_MAX, read as bpftrace reads it: the entries of each
 * map.  Unset or empty leaves the default; anything but a positive
 * integer is an error.
 */
static int env_map_keys_max(int *max)
{
	const char *s = getenv("BPFTRACE_MAP_KEYS_MAX");
	unsigned long long v;
	char *end;

	if (!s || !*s)
		return 0;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || !v || v > INT_MAX) {
		fprintf(stderr, "ferret: BPFTRACE_MAP_KEYS_MAX '%s' is not an integer from 1 to %d\n",
			s, INT_MAX);
		return -EINVAL;
	}
	*max = (int)v;
	return 0;
}

static void list_one(const char *name, void *arg)
{
	printf("%s\n", name);
}

/*
 * Probe types this kernel cannot run list nothing; with -p only types
 * probing user code take part.  Types that share a lister (uprobe and
 * uretprobe) list under the first one's name, as bpftrace lists them.
 */
static bool listable(const struct provider *const *p)
{
	const struct provider *const *q;

	if (!(*p)->list || ((*p)->available && !(*p)->available(NULL)))
		return false;
	if (provider_pid > 0 && !(*p)->user)
		return false;
	for (q = provider_table; q < p; q++)
		if ((*q)->list == (*p)->list)
			return false;
	return true;
}

/* bpftrace parses a -l pattern as a probe: these cannot be in one. */
static int check_pattern(const char *pattern)
{
	static const char bad[] = "$?;@{}\"'()=<>|&%^`\\ \t\n";
	struct source src = { "stdin", pattern };
	const char *c = strpbrk(pattern, bad);
	struct loc loc = { 1, 1, 1 };

	if (!c)
		return 0;
	loc.col = c - pattern + 1;
	diag_error(&src, &loc, "invalid character '%c'", *c);
	return -EINVAL;
}

static int list_probes(const char *pattern)
{
	const struct provider *const *p;
	const char *why, *colon;
	char *type;
	int err;

	if (pattern && check_pattern(pattern))
		return 1;
	colon = pattern ? strchr(pattern, ':') : NULL;
	type = colon ? xstrndup(pattern, colon - pattern) : NULL;
	if (pattern && !(type && util_has_glob(type))) {
		const struct provider *prov = provider_find(pattern);

		free(type);
		if (!prov) {
			/* bpftrace lists every type for a bare pattern. */
			for (p = provider_table; *p; p++)
				if (listable(p))
					(*p)->list(*p, pattern, list_one, NULL);
			return 0;
		}
		if (!prov->list)
			return 0;
		if (prov->available && !prov->available(&why)) {
			fprintf(stderr, "ferret: cannot list %s: %s\n", pattern,
				why);
			return 1;
		}
		err = prov->list(prov, pattern, list_one, NULL);
		if (err) {
			fprintf(stderr, "ferret: cannot list %s: %s\n", pattern,
				strerror(-err));
			return 1;
		}
		return 0;
	}
	/* No pattern, or a wildcard type ("*:./prog:*"): each type it
	 * matches lists the rest. */
	for (p = provider_table; *p; p++) {
		char *one;

		if (!listable(p) || (type && !util_glob(type, (*p)->name)))
			continue;
		one = type ? xasprintf("%s%s", (*p)->name, colon) : NULL;
		(*p)->list(*p, one, list_one, NULL);
		free(one);
	}
	free(type);
	return 0;
}

/*
 * Starts cmd held until run_program() releases it (see run_spawn_held).
 * As bpftrace does, cmd is split at each single space, with no quoting
 * or expansion: "a  b" has an empty argument between a and b.
 */
static pid_t start_child(const char *cmd, int *go_fd)
{
	char *copy = xstrdup(cmd), **argv, *p;
	int n = 1;
	pid_t pid;

	for (p = copy; *p; p++)
		n += *p == ' ';
	argv = xcalloc(n + 1, sizeof(*argv));
	n = 0;
	for (p = copy; p; ) {
		argv[n++] = p;
		p = strchr(p, ' ');
		if (p)
			*p++ = 0;
	}
	if (!*argv[0]) {
		fprintf(stderr, "ferret: cannot parse command '%s'\n", cmd);
		pid = -1;
	} else {
		pid = run_spawn_held(NULL, argv, go_fd);
	}
	free(argv);
	free(copy);
	return pid;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "unsafe", no_argument, NULL, 'U' },
		{ NULL, 0, NULL, 0 },
	};
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { .out = stdout };
	const char *program = NULL, *outfile = NULL;
	bool list = false, dump = false;
	struct source src = { 0 };
	struct compiled c;
	struct node *ast;
	char *text = NULL;
	pid_t child = 0;
	int go_fd = -1, opt, ret;

	if (argc > 1 && !strcmp(argv[1], "profile"))
		return prof_main(argc - 1, argv + 1, main);
	if (argc > 1 && !strcmp(argv[1], "strace"))
		return st_main(argc - 1, argv + 1);
	while ((opt = getopt_long(argc, argv, "+e:c:p:lo:f:qvdhV", longopts,
				  NULL)) != -1) {
		switch (opt) {
		case 'e':
			program = optarg;
			break;
		case 'c':
			ropts.cmd = optarg;
			break;
		case 'p':
			if (parse_pid(optarg, &ropts.pid))
				return 1;
			break;
		case 'l':
			list = true;
			break;
		case 'o':
			outfile = optarg;
			break;
		case 'f':
			if (!strcmp(optarg, "json")) {
				ropts.format = OUT_JSON;
			} else if (!strcmp(optarg, "folded")) {
				ropts.format = OUT_FOLDED;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "ferret: unknown output format '%s' (text, json or folded)\n",
					optarg);
				return 1;
			}
			break;
		case 'q':
			ropts.quiet = true;
			break;
		case 'v':
			ropts.verbose = true;
			break;
		case 'd':
			dump = true;
			break;
		case 'U':
			copts.unsafe = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("ferret v%s\n", FERRET_VERSION);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	/* "-l PATTERN -p PID", as bpftrace takes it. */
	if (list && argc - optind == 3 && !strcmp(argv[optind + 1], "-p") &&
	    parse_pid(argv[optind + 2], &ropts.pid))
		return 1;
	provider_pid = ropts.pid;
	if (list)
		return list_probes(optind < argc ? argv[optind] : program);
	if (!program) {
		if (optind >= argc) {
			usage(stderr);
			return 1;
		}
		src.name = argv[optind++];
		text = util_read_file(src.name, NULL);
		if (!text) {
			fprintf(stderr, "ferret: cannot read %s: %s\n", src.name,
				strerror(errno));
			return 1;
		}
		src.text = text;
	} else {
		src.name = "-e";
		src.text = program;
	}
	if (env_map_keys_max(&copts.map_keys_max))
		return 1;
	kbtf_install();
	copts.params = argv + optind;
	copts.nparams = argc - optind;

	{
		static const char *const with_btf[] = { "BPFTRACE_HAVE_BTF", NULL };
		char *pp = cpp_run(&src, access("/sys/kernel/btf/vmlinux", R_OK) ?
				   NULL : with_btf);

		if (!pp)
			return 1;
		free(text);
		text = pp;
		src.text = pp;
	}
	ast = parse_program(&src);
	if (!ast)
		return 1;
	if (outfile) {
		ropts.out = fopen(outfile, "w");
		if (!ropts.out) {
			fprintf(stderr, "ferret: cannot write %s: %s\n", outfile,
				strerror(errno));
			return 1;
		}
	}
	if (ropts.cmd && !dump) {
		child = start_child(ropts.cmd, &go_fd);
		if (child < 0)
			return 1;
		copts.cpid = child;
		provider_cpid = child;
	} else if (ropts.cmd) {
		copts.cpid = 1;
	}
	copts.pid = ropts.pid;
	if (dump)
		copts.dump = stdout;
	ret = compile_program(&c, &src, ast, &copts);
	if (ret || dump) {
		if (go_fd >= 0)
			close(go_fd);
		if (child > 0)
			waitpid(child, NULL, 0);
		compile_free(&c);
		ast_free(ast);
		free(text);
		kbtf_release();
		type_free_all();
		return ret ? 1 : 0;
	}
	ret = run_program(&c, &ropts, child, go_fd);
	compile_free(&c);
	ast_free(ast);
	free(text);
	kbtf_release();
	type_free_all();
	if (ropts.out != stdout)
		fclose(ropts.out);
	return ret;
}
