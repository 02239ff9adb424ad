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
"  --unsafe       allow system(), signal() and override()\n"
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

/* Probe types this kernel cannot run list nothing. */
static bool listable(const struct provider *p)
{
	return p->list && (!p->available || p->available(NULL));
}

/* A probe pattern holds what probe specs hold; bpftrace parses it as one. */
static int check_pattern(const char *pattern)
{
	size_t bad = strcspn(pattern, " \t\n$;{}()'\"\\#=<>|&%^~`");

	if (!pattern[bad])
		return 0;
	{
		struct source src = { "-l", pattern };
		struct loc loc = { 1, (int)bad + 1, 1 };

		diag_error(&src, &loc, "syntax error: unexpected '%c' in a probe pattern",
			   pattern[bad]);
	}
	return -EINVAL;
}

/* "TYPE_GLOB:REST" for each provider whose name the type glob matches. */
static void list_type_glob(const char *pattern)
{
	const struct provider *const *p;
	size_t tl = strcspn(pattern, ":");
	char *type = xstrndup(pattern, tl);

	for (p = provider_table; *p; p++) {
		char *one;

		if (!listable(*p) || !util_glob(type, (*p)->name))
			continue;
		one = xasprintf("%s%s", (*p)->name, pattern + tl);
		(*p)->list(*p, one, list_one, NULL);
		free(one);
	}
	free(type);
}

static int list_probes(const char *pattern)
{
	const struct provider *const *p;
	const char *why;
	int err;

	if (pattern && check_pattern(pattern))
		return 1;
	if (pattern && strchr(pattern, ':')) {
		char *type = xstrndup(pattern, strcspn(pattern, ":"));
		bool glob = util_has_glob(type);

		free(type);
		if (glob) {
			list_type_glob(pattern);
			return 0;
		}
	}
	if (pattern) {
		const struct provider *prov = provider_find(pattern);

		if (!prov) {
			/* bpftrace lists every type for a bare pattern. */
			for (p = provider_table; *p; p++)
				if (listable(*p))
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
	for (p = provider_table; *p; p++)
		if (listable(*p))
			(*p)->list(*p, NULL, list_one, NULL);
	return 0;
}

/*
 * Starts cmd held until run_program() releases it (see run_spawn_held).
 * The command is split at every space, as bpftrace splits it: no quoting,
 * no expansion, and two spaces in a row make an empty argument.
 */
static pid_t start_child(const char *cmd, int *go_fd)
{
	char *copy = xstrdup(cmd), *p = copy, **argv = NULL;
	int n = 0;
	pid_t pid;

	for (;;) {
		char *sp = strchr(p, ' ');

		argv = xrealloc(argv, (n + 2) * sizeof(*argv));
		argv[n++] = p;
		if (!sp)
			break;
		*sp = 0;
		p = sp + 1;
	}
	argv[n] = NULL;
	if (!*argv[0]) {
		fprintf(stderr, "ferret: -c needs a command\n");
		free(argv);
		free(copy);
		return -1;
	}
	pid = run_spawn_held(NULL, argv, go_fd);
	free(argv);
	free(copy);
	return pid;
}

static int script_main(int argc, char **argv);

/* ferret profile writes a script and runs it as "ferret -e" would. */
static int profile_main(int argc, char **argv)
{
	return prof_main(argc, argv, script_main);
}

/* The front ends: "ferret NAME ..." runs NAME's, anything else a script. */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} subcommands[] = {
	{ "strace", st_main },
	{ "profile", profile_main },
};

int main(int argc, char **argv)
{
	size_t i;

	for (i = 0; argc > 1 && i < ARRAY_SIZE(subcommands); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			return subcommands[i].run(argc - 1, argv + 1);
	return script_main(argc, argv);
}

static int script_main(int argc, char **argv)
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

	/* Options may follow the script, as bpftrace's getopt permits. */
	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:c:p:lo:f:qvdhV", longopts,
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
		struct cpp_opts cpo = {
			.defines = access("/sys/kernel/btf/vmlinux", R_OK) ? NULL : with_btf,
		};
		char *pp = cpp_run(&src, &cpo);

		if (!pp) {
			free(text);
			return 1;
		}
		free(text);
		text = pp;
		src.text = pp;
	}
	ast = parse_program(&src);
	if (!ast) {
		free(text);
		return 1;
	}
	if (!ast->nlist) {
		/* Nothing to trace would wait forever: bpftrace refuses it too. */
		struct loc end = { 1, 1, 1 };
		const char *p;

		for (p = src.text; *p; p++)
			if (*p == '\n' && p[1])
				end.line++;
		diag_error(&src, &end, "syntax error: unexpected end of file, expecting a probe: the script has none");
		ast_free(ast);
		free(text);
		return 1;
	}
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
