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
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/stat.h>
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
#include "dtrace/dtrace.h"
#include "runtime/export.h"
#include "stat/stat_main.h"
#include "record/rp_main.h"
#include "record/rd_main.h"

static void usage(FILE *f)
{
	fprintf(f,
"USAGE:\n"
"    ferret [options] filename\n"
"    ferret [options] - <stdin input>\n"
"    ferret [options] -e 'program'\n"
"    ferret profile [options]            (ferret profile -h)\n"
"    ferret strace [options] COMMAND     (ferret strace -h)\n"
"    ferret stat [options] COMMAND       (ferret stat -h)\n"
"    ferret record [options] -c COMMAND  (ferret record -h)\n"
"    ferret report [--summary] TRACE_DIR (ferret report -h)\n"
"    ferret convert TRACE_DIR -f chrome -o FILE.json\n"
"    ferret timeline TRACE_DIR -o FILE.html\n"
"\n"
"OPTIONS:\n"
"    -B MODE        output buffering mode ('line', 'full', 'none')\n"
"    -f FORMAT      output format ('text', 'json', 'folded', 'raw')\n"
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
"    --export prometheus[=ADDR]\n"
"                   serve the maps to Prometheus at http://ADDR/metrics\n"
"                   (default 127.0.0.1:9435)\n"
"    --export textfile=PATH\n"
"                   write the maps for node_exporter's textfile collector\n"
"    --export-interval SECONDS\n"
"                   how often the textfile is written (default 15)\n"
"    --label @MAP=NAME[,NAME...]\n"
"                   the labels of the map's key parts, in order\n"
"\n"
"TROUBLESHOOTING OPTIONS:\n"
"    -v                      verbose messages (verifier statistics; the log of a rejected program)\n"
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
	return p->list && (!p->available || p->available(NULL)) &&
	       (!p->dtrace || provider_dtrace);
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
		struct loc loc = { 1, (int)bad + 1, 1, 0 };

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
 * -c's command must be one execvp can start: checked before anything is
 * compiled or attached, with bpftrace's words.
 */
static int check_command(const char *cmd)
{
	char *copy, **argv = run_split_command(cmd, &copy);
	int err = 0;

	if (!*argv[0]) {
		fprintf(stderr, "ferret: -c needs a command\n");
		err = -EINVAL;
	} else {
		err = util_which(argv[0], NULL);
		if (err)
			fprintf(stderr, "ferret: Failed to fork child: path '%s' does not exist or is not executable (%s)\n",
				argv[0], err == -ENOENT && !strchr(argv[0], '/') ?
				"not found in $PATH" : util_strerror(err));
	}
	free(argv);
	free(copy);
	return err;
}

static int script_main(int argc, char **argv);

/* ferret profile writes a script and runs it as "ferret -e" would. */
static int profile_main(int argc, char **argv)
{
	return prof_main(argc, argv, script_main);
}

enum {
	OPT_UNSAFE = 256, OPT_INFO, OPT_INCLUDE, OPT_NO_WARNINGS,
	OPT_USDT_FILE, OPT_EMIT, OPT_EXPORT, OPT_LABEL, OPT_EXPORT_INTERVAL,
};

static const char script_optstring[] = "B:e:c:p:lo:f:qvdhVkI:";
static const struct option script_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "unsafe", no_argument, NULL, OPT_UNSAFE },
	{ "info", no_argument, NULL, OPT_INFO },
	{ "include", required_argument, NULL, OPT_INCLUDE },
	{ "no-warnings", no_argument, NULL, OPT_NO_WARNINGS },
	{ "usdt-file-activation", no_argument, NULL, OPT_USDT_FILE },
	{ "emit-elf", required_argument, NULL, OPT_EMIT },
	{ "emit-llvm", required_argument, NULL, OPT_EMIT },
	{ "export", required_argument, NULL, OPT_EXPORT },
	{ "label", required_argument, NULL, OPT_LABEL },
	{ "export-interval", required_argument, NULL, OPT_EXPORT_INTERVAL },
	{ NULL, 0, NULL, 0 },
};

/* st_main's options (src/strace/st_main.c), for the privilege check. */
static const struct option strace_longopts[] = {
	{ "json", no_argument, NULL, 'J' },
	{ "dump-program", no_argument, NULL, 'D' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* rd_main's options (src/record/rd_main.c), for the privilege check. */
static const struct option record_longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "dump-program", no_argument, NULL, 'D' },
	{ "script", required_argument, NULL, 'S' },
	{ "output", required_argument, NULL, 'o' },
	{ "event", required_argument, NULL, 'e' },
	{ "pid", required_argument, NULL, 'p' },
	{ "duration", required_argument, NULL, 'd' },
	{ "all-cpus", no_argument, NULL, 'a' },
	{ NULL, 0, NULL, 0 },
};

/*
 * The front ends: "ferret NAME ..." runs NAME's, anything else (the row
 * without a name) a script.  Each one's options, as it parses them, tell
 * the runs that need no privilege: those with an option of unprivileged
 * (help, version, dry runs that only print), those its parser will
 * refuse, and with bare_usage a command line of the front end's name
 * alone, which prints its usage.  A NULL unprivileged: the front end
 * only reads files and never needs privilege.
 */
static const struct frontend {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *optstring;
	const struct option *longopts;
	const char *unprivileged;
	bool bare_usage;
	bool link;		/* run when ferret is run by a link of this name */
	const char *argv0;	/* argv[0] as "ferret NAME" gives it, if not NAME */
} frontends[] = {
	{ "strace", st_main, "+dfcCwTtrys:o:p:e:zZhV", strace_longopts, "hDV", true, true,
	  "ferret strace" },
	{ "profile", profile_main, prof_optstring, prof_longopts, "hi", false, false, NULL },
	{ "dtrace", dt_main, dt_optstring, NULL, "hVle", true, true, NULL },
	{ "stat", stat_main, stat_optstring, NULL, "h", true, false, NULL },
	{ "record", rd_main, "+c:p:ad:o:e:s:b:vqh", record_longopts, "hD", true, false, NULL },
	{ "report", rp_report_main, "", NULL, NULL, true, false, NULL },
	{ "convert", rp_convert_main, "", NULL, NULL, true, false, NULL },
	{ "timeline", rp_timeline_main, "", NULL, NULL, true, false, NULL },
	{ NULL, script_main, script_optstring, script_longopts, "hVd", true, false, NULL },
};

/* Whether argv (argv[0] being the front end's name) traces anything. */
static bool needs_privilege(const struct frontend *fe, int argc, char **argv)
{
	bool need = argc > 1 || !fe->bare_usage;
	int opt, saved = opterr;
	char **copy;

	if (!fe->unprivileged)
		return false;
	copy = xcalloc(argc + 1, sizeof(*copy));
	memcpy(copy, argv, argc * sizeof(*copy));
	opterr = 0;
	optind = 0;
	/* To the end: getopt keeps its place inside "-dd" otherwise. */
	while ((opt = getopt_long(argc, copy, fe->optstring, fe->longopts,
				  NULL)) != -1)
		if (opt == '?' || opt == ':' ||
		    (opt < 256 && strchr(fe->unprivileged, opt)))
			need = false;
	/* The front end parses afresh: optind 0 reinitialises getopt. */
	optind = 0;
	opterr = saved;
	free(copy);
	return need;
}

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif

/* Whether capability cap is in this process's effective set. */
static bool cap_effective(const struct __user_cap_data_struct *d, int cap)
{
	return d[cap / 32].effective & (1u << (cap % 32));
}

/*
 * Loading and attaching BPF tracing programs needs CAP_SYS_ADMIN, or
 * CAP_BPF with CAP_PERFMON (Linux 5.8 and later): checked once, before
 * any front end starts, so that each says so instead of failing on the
 * first file or system call the kernel refuses.  A kernel that does not
 * answer capget() is left to refuse for itself.
 */
static int check_privilege(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { 0 };

	if (syscall(SYS_capget, &hdr, data))
		return 0;
	if (cap_effective(data, CAP_SYS_ADMIN) ||
	    (cap_effective(data, CAP_BPF) && cap_effective(data, CAP_PERFMON)))
		return 0;
	fprintf(stderr, "ferret: ferret currently only supports running as the root user, or with the capabilities CAP_BPF and CAP_PERFMON (or CAP_SYS_ADMIN)\n");
	return -EPERM;
}

/*
 * The soft limit on open files up to the hard one: each probe holds a
 * perf event and a BPF link per CPU it runs on, and the usual 1024 is
 * spent by a few hundred probes.
 */
static void raise_nofile(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

int main(int argc, char **argv)
{
	const struct frontend *fe = frontends;

	const char *self = strrchr(argv[0], '/');

	/* Run by a link named "dtrace" or "strace", ferret is that front end. */
	self = self ? self + 1 : argv[0];
	for (; fe->name; fe++)
		if (fe->link && !strcmp(self, fe->name)) {
			if (needs_privilege(fe, argc, argv) && check_privilege())
				return 1;
			raise_nofile();
			return fe->run(argc, argv);
		}
	fe = frontends;
	while (fe->name && (argc < 2 || strcmp(argv[1], fe->name)))
		fe++;
	if (fe->name) {
		argc--;
		argv++;
		if (fe->argv0)
			argv[0] = (char *)fe->argv0;
	}
	if (needs_privilege(fe, argc, argv) && check_privilege())
		return 1;
	raise_nofile();
	return fe->run(argc, argv);
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

/*
 * Descriptors a run holds at once, at least: its programs and maps, and
 * for each attachment what provider_attach_fds() counts; 0 where the
 * limit on open files is no concern.
 */
static long fds_needed(const struct compiled *c)
{
	long n = c->progs.n + MAP_NFIXED + c->maps.n;
	int i;

	for (i = 0; i < c->attach.n; i++) {
		const struct cattach *at = c->attach.v[i];

		if (!at->rides)
			n += provider_attach_fds(at->pi);
	}
	return n;
}

/*
 * A run that needs more descriptors than this process may open fails
 * here, before anything is attached, rather than at the probe that
 * finds none left.  Some room stays for what else is open (standard
 * streams, BTF, the ring buffer's epoll, ELF files).
 */
static int check_fd_limit(const struct compiled *c)
{
	struct rlimit rl;
	long need = fds_needed(c) + 64;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur == RLIM_INFINITY ||
	    (rlim_t)need <= rl.rlim_cur)
		return 0;
	fprintf(stderr, "ferret: attaching %d probe%s needs about %ld open files, but this process may open %llu (RLIMIT_NOFILE, raised to its hard limit): trace fewer functions, or raise the hard limit (ulimit -Hn)\n",
		c->attach.n, c->attach.n == 1 ? "" : "s", need,
		(unsigned long long)rl.rlim_cur);
	return -EMFILE;
}

static int script_main(int argc, char **argv)
{
	static const char *const with_btf[] = { "BPFTRACE_HAVE_BTF", NULL };
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { .out = stdout };
	struct export_opts eo = { .interval_ms = 15000 };
	struct exporter *exporter = NULL;
	const char *program = NULL, *outfile = NULL;
	bool list = false, info = false, compiled = false;
	struct source src = { 0 };
	const char *incdirs[argc + 1];	/* -I, NULL-terminated */
	struct vec includes = { 0 };
	struct cpp_opts cpo = { 0 };
	struct compiled c;
	struct node *ast = NULL;
	char *text = NULL;
	pid_t child = 0;
	int go_fd = -1, opt, ret = 1, dump = 0, bufmode = -1, i;
	int nincdirs = 0, longindex = 0;

	/* Options may follow the script, as bpftrace's getopt permits. */
	optind = 1;
	while ((opt = getopt_long(argc, argv, script_optstring, script_longopts,
				  &longindex)) != -1) {
		switch (opt) {
		case 'B':
			if (buffer_mode(optarg, &bufmode)) {
				fprintf(stderr, "ferret: -B must be either 'line', 'full', or 'none'\n");
				goto out;
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
				goto out;
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
			} else if (!strcmp(optarg, "raw")) {
				ropts.format = OUT_RAW;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "ferret: unknown output format '%s' (text, json, folded or raw)\n",
					optarg);
				goto out;
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
		case OPT_EXPORT:
			if (export_parse(&eo, optarg))
				goto out;
			break;
		case OPT_LABEL:
			if (optarg[0] != '@' || !strchr(optarg, '=')) {
				fprintf(stderr, "ferret: --label %s: expected @MAP=NAME[,NAME...]\n",
					optarg);
				goto out;
			}
			vec_push(&eo.labels, optarg);
			break;
		case OPT_EXPORT_INTERVAL: {
			char *end;
			double s = strtod(optarg, &end);

			if (*end || !(s >= 0.001 && s <= 86400)) {
				fprintf(stderr, "ferret: --export-interval %s: expected seconds, from 0.001 to 86400\n",
					optarg);
				goto out;
			}
			eo.interval_ms = (int)(s * 1000 + 0.5);
			break;
		}
		case OPT_EMIT:
			fprintf(stderr, "ferret: --%s: ferret compiles without LLVM and loads no ELF object; -d lists the IR and BPF instead\n",
				script_longopts[longindex].name);
			goto out;
		case 'h':
			usage(stdout);
			ret = 0;
			goto out;
		case 'V':
			printf("ferret v%s\n", FERRET_VERSION);
			ret = 0;
			goto out;
		default:
			usage(stderr);
			goto out;
		}
	}
	if (ropts.cmd && !list && check_command(ropts.cmd))
		goto out;
	/* On stderr, where bpftrace prints it. */
	if (info) {
		ret = info_print(stderr) ? 1 : 0;
		goto out;
	}
	if (copts.helper_check > 2)
		copts.helper_check = 2;
	incdirs[nincdirs] = NULL;
	cpo.include_dirs = incdirs;
	cpo.defines = access("/sys/kernel/btf/vmlinux", R_OK) ? NULL : with_btf;
	for (i = 0; i < includes.n; i++)
		if (check_include(includes.v[i], &cpo))
			goto out;
	/* "-l PATTERN -p PID", as bpftrace takes it. */
	if (list && argc - optind == 3 && !strcmp(argv[optind + 1], "-p") &&
	    parse_pid(argv[optind + 2], &ropts.pid))
		goto out;
	provider_pid = ropts.pid;
	provider_cmd = ropts.cmd;
	if (list) {
		ret = list_probes(optind < argc ? argv[optind] : program);
		goto out;
	}
	if (!program) {
		if (optind >= argc) {
			usage(stderr);
			goto out;
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
			goto out;
		}
		src.text = text;
	} else {
		src.name = "-e";
		src.text = program;
	}
	if (env_map_keys_max(&copts.map_keys_max))
		goto out;
	kbtf_install();
	copts.params = argv + optind;
	copts.nparams = argc - optind;

	{
		char *pp = cpp_run(&src, &cpo);

		if (!pp)
			goto out;
		free(text);
		text = pp;
		src.text = pp;
	}
	ast = parse_program(&src);
	if (!ast)
		goto out;
	if (!ast->nlist) {
		/* Nothing to trace would wait forever: bpftrace refuses it too. */
		struct loc end = { 1, 1, 1, 0 };
		const char *p;

		for (p = src.text; *p; p++)
			if (*p == '\n' && p[1])
				end.line++;
		diag_error(&src, &end, "syntax error: unexpected end of file, expecting a probe: the script has none");
		goto out;
	}
	if (outfile) {
		ropts.out = fopen(outfile, "w");
		if (!ropts.out) {
			fprintf(stderr, "ferret: cannot write %s: %s\n", outfile,
				util_strerror(errno));
			ropts.out = stdout;
			goto out;
		}
	}
	if (eo.labels.n && !eo.listen && !eo.textfile) {
		fprintf(stderr, "ferret: --label names the labels of --export: there is none\n");
		goto out;
	}
	if ((eo.listen || eo.textfile) && !dump) {
		exporter = export_new(&eo);
		if (!exporter)
			goto out;
	}
	copts.hist_sums = eo.listen || eo.textfile;
	/*
	 * -B sets standard output's buffering, line by default, as in
	 * bpftrace; a -o file is written in full blocks (the run flushes
	 * it after each batch of records) unless -B says otherwise.
	 */
	ropts.bufmode = bufmode >= 0 ? bufmode : outfile ? _IOFBF : _IOLBF;
	if (ropts.cmd && !dump) {
		child = run_start_command(ropts.cmd, &go_fd);
		if (child < 0)
			goto out;
		copts.cpid = child;
		provider_cpid = child;
	} else if (ropts.cmd) {
		copts.cpid = 1;
	}
	copts.pid = ropts.pid;
	if (dump)
		copts.dump = stdout;
	copts.dump_all = dump > 1;
	compiled = true;
	if (compile_program(&c, &src, ast, &copts))
		goto out;
	if (dump) {
		ret = 0;
		goto out;
	}
	if (check_fd_limit(&c))
		goto out;
	if (exporter)
		ropts.sink = export_sink(exporter);
	ret = run_program(&c, &ropts, child, go_fd);
	go_fd = -1;	/* run_program closes it */
	child = 0;	/* and reaps the child */
out:
	if (go_fd >= 0)
		close(go_fd);
	if (child > 0)
		waitpid(child, NULL, 0);
	if (compiled)
		compile_free(&c);
	export_free(exporter);
	vec_free(&eo.labels);
	ast_free(ast);
	free(text);
	kbtf_release();
	type_free_all();
	vec_free(&includes);
	if (ropts.out != stdout)
		fclose(ropts.out);
	return ret;
}
