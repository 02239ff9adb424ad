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
#include "kernel/info.h"
#include "lang/types.h"
#include "profile/profile.h"
#include "strace/st_main.h"

static void usage(FILE *f)
{
	fprintf(f,
"USAGE:\n"
"    ferret [options] filename\n"
"    ferret [options] - <stdin input>\n"
"    ferret [options] -e 'program'\n"
"    ferret profile [options]            (ferret profile -h)\n"
"    ferret strace [options] COMMAND     (ferret strace -h)\n"
"\n"
"OPTIONS:\n"
"    -B MODE        output buffering mode ('line', 'full', 'none')\n"
"    -f FORMAT      output format ('text', 'json', 'folded')\n"
"    -o file        redirect ferret output to file\n"
"    -e 'program'   execute this program\n"
"    -h, --help     show this help message\n"
"    -I DIR         add the directory to the include search path\n"
"    --include FILE add an #include file before preprocessing\n"
"    -l [search]    list probes\n"
"    -p PID         enable USDT probes on PID\n"
"    -c 'CMD'       run CMD and enable USDT probes on resulting process\n"
"    --usdt-file-activation\n"
"                   activate usdt semaphores based on file path\n"
"    --unsafe       allow unsafe builtin functions\n"
"    -q             keep messages quiet\n"
"    --info         Print information about kernel BPF support\n"
"    -k             emit a warning when a bpf helper returns an error (except read functions)\n"
"    -kk            check all bpf helper functions\n"
"    -V, --version  ferret version\n"
"    --no-warnings  disable all warning messages\n"
"\n"
"TROUBLESHOOTING OPTIONS:\n"
"    -v                      verbose messages (the verifier log of a rejected program)\n"
"    -d                      (dry run) debug info: the AST, IR and BPF listings\n"
"    -dd                     (dry run) verbose debug info: every probe's listings\n"
"\n"
"ENVIRONMENT:\n"
"    BPFTRACE_MAP_KEYS_MAX       [default: 4096] max keys in a map\n"
"\n"
"EXAMPLES:\n"
"ferret -l '*sleep*'\n"
"    list probes containing \"sleep\"\n"
"ferret -e 'tracepoint:syscalls:sys_enter_nanosleep { printf(\"PID %%d sleeping...\\n\", pid); }'\n"
"    trace processes calling sleep\n"
"ferret -e 'tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }'\n"
"    count syscalls by process name\n");
}

/* -p PID, refused with bpftrace's words when it is no pid at all. */
static int parse_pid(const char *s, pid_t *pid)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end) {
		fprintf(stderr, "ferret: pid '%s' is not a valid decimal number\n", s);
		return -EINVAL;
	}
	if (errno || v < 1 || v > 4194304) {
		fprintf(stderr, "ferret: pid '%s' out of valid pid range [1,4194304]\n", s);
		return -ERANGE;
	}
	*pid = (pid_t)v;
	if (kill(*pid, 0) < 0) {
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

/*
 * For -l with no type or a wildcard one, as bpftrace lists them: with
 * -p, only types probing user code; types sharing a lister (uprobe and
 * uretprobe) under the first one's name only.
 */
static bool listable_any(const struct provider *const *p)
{
	const struct provider *const *q;

	if (!listable(*p) || (provider_pid > 0 && !(*p)->user))
		return false;
	for (q = provider_table; q < p; q++)
		if ((*q)->list == (*p)->list)
			return false;
	return true;
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

		if (!listable_any(p) || !util_glob(type, (*p)->name))
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
				util_strerror(-err));
			return 1;
		}
		return 0;
	}
	for (p = provider_table; *p; p++)
		if (listable_any(p))
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

/*
 * --include FILE, as bpftrace takes it: "#include <FILE>" before the
 * script, so the header must exist (in a -I directory or the system's);
 * like any #include it is not read, since kernel types come from BTF.
 */
static int check_include(const char *name, const struct cpp_opts *o)
{
	char *line = xasprintf("#include <%s>\n", name);
	struct source src = { "--include", line };
	char *pp = cpp_run(&src, o);

	free(line);
	free(pp);
	return pp ? 0 : -ENOENT;
}

/* -B: bpftrace's three stdio buffering modes. */
static int buffer_mode(const char *s, int *mode)
{
	if (!strcmp(s, "line"))
		*mode = _IOLBF;
	else if (!strcmp(s, "full"))
		*mode = _IOFBF;
	else if (!strcmp(s, "none"))
		*mode = _IONBF;
	else
		return -EINVAL;
	return 0;
}

enum {
	OPT_UNSAFE = 256, OPT_INFO, OPT_INCLUDE, OPT_NO_WARNINGS,
	OPT_USDT_FILE, OPT_EMIT,
};

static int script_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "unsafe", no_argument, NULL, OPT_UNSAFE },
		{ "info", no_argument, NULL, OPT_INFO },
		{ "include", required_argument, NULL, OPT_INCLUDE },
		{ "no-warnings", no_argument, NULL, OPT_NO_WARNINGS },
		{ "usdt-file-activation", no_argument, NULL, OPT_USDT_FILE },
		{ "emit-elf", required_argument, NULL, OPT_EMIT },
		{ "emit-llvm", required_argument, NULL, OPT_EMIT },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const with_btf[] = { "BPFTRACE_HAVE_BTF", NULL };
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { .out = stdout };
	const char *program = NULL, *outfile = NULL;
	bool list = false, info = false;
	struct source src = { 0 };
	const char *incdirs[argc + 1];	/* -I, NULL-terminated */
	struct vec includes = { 0 };
	struct cpp_opts cpo = { 0 };
	struct compiled c;
	struct node *ast;
	char *text = NULL;
	pid_t child = 0;
	int go_fd = -1, opt, ret, dump = 0, bufmode = _IOLBF, i, longindex = 0;
	int nincdirs = 0;

	/* Options may follow the script, as bpftrace's getopt permits. */
	optind = 1;
	while ((opt = getopt_long(argc, argv, "B:e:c:p:lo:f:qvdhVkI:", longopts,
				  &longindex)) != -1) {
		switch (opt) {
		case 'B':
			if (buffer_mode(optarg, &bufmode)) {
				fprintf(stderr, "ferret: -B must be either 'line', 'full', or 'none'\n");
				return 1;
			}
			break;
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
			dump++;
			break;
		case 'k':
			copts.helper_check++;
			break;
		case 'I':
			incdirs[nincdirs++] = optarg;
			break;
		case OPT_INCLUDE:
			vec_push(&includes, optarg);
			break;
		case OPT_UNSAFE:
			copts.unsafe = true;
			break;
		case OPT_INFO:
			info = true;
			break;
		case OPT_NO_WARNINGS:
			diag_set_warnings(false);
			break;
		case OPT_USDT_FILE:
			/*
			 * Nothing to do: the kernel raises a probe's semaphore
			 * in every process that maps the file (ref_ctr_offset),
			 * which is what this asks of bpftrace.
			 */
			break;
		case OPT_EMIT:
			fprintf(stderr, "ferret: --%s: ferret compiles without LLVM and loads no ELF object; -d lists the IR and BPF instead\n",
				longopts[longindex].name);
			return 1;
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
	/* On stderr, where bpftrace prints it. */
	if (info)
		return info_print(stderr) ? 1 : 0;
	if (copts.helper_check > 2)
		copts.helper_check = 2;
	incdirs[nincdirs] = NULL;
	cpo.include_dirs = incdirs;
	cpo.defines = access("/sys/kernel/btf/vmlinux", R_OK) ? NULL : with_btf;
	for (i = 0, ret = 0; i < includes.n && !ret; i++)
		ret = check_include(includes.v[i], &cpo);
	vec_free(&includes);
	if (ret)
		return 1;
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
		if (!strcmp(src.name, "-")) {
			/* "-": the program is read from standard input. */
			src.name = "stdin";
			text = util_read_file("/dev/stdin", NULL);
		} else {
			text = util_read_file(src.name, NULL);
		}
		if (!text) {
			fprintf(stderr, "ferret: cannot read %s: %s\n", src.name,
				util_strerror(errno));
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
				util_strerror(errno));
			return 1;
		}
	}
	if (setvbuf(ropts.out, NULL, bufmode, 0))
		fprintf(stderr, "ferret: cannot set -B buffering\n");
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
	copts.dump_all = dump > 1;
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
