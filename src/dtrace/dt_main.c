/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret dtrace: dtrace(8)'s command line.  The D program is parsed by
 * dlang/ into the engine's tree, its probe descriptions become ferret
 * specs (dt_probes.c), D's names of builtins become the engine's, and
 * the run's output takes DTrace's shape: the "CPU ID FUNCTION:NAME"
 * lines when not quiet, aggregations at exit, dtrace's notices on
 * stderr.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include "util.h"
#include "builtins/builtin.h"
#include "builtins/dtrace.h"
#include "compile/compile.h"
#include "dlang/d_parse.h"
#include "dlang/d_lex.h"
#include "dtrace/d_flow.h"
#include "dtrace/d_undef.h"
#include "dtrace/d_print.h"
#include "dtrace/d_type.h"
#include "dtrace/dt_probes.h"
#include "dtrace/dtrace.h"
#include "kernel/btf.h"
#include "kernel/perf.h"
#include "lang/cdecl.h"
#include "lang/cpp.h"
#include "lang/types.h"
#include "runtime/record.h"
#include "runtime/run.h"
#include "runtime/symbols.h"

/* As dtrace's getopt(), which permutes: arguments may come before -s. */
const char dt_optstring[] = "n:s:P:m:f:i:lqc:p:o:wx:X:CD:U:I:ZeSVvb:hGAaFH3:6:";

/*
 * One program of the command line: -n, -s, -P, -m, -f or -i.  The
 * programs are parsed apart and compiled as one, on a source that joins
 * their texts: the program's lines are first..first+nlines-1 there.
 */
struct dt_cmd {
	int opt;
	const char *arg;
	char *text;		/* its D text (after cpp with -C) */
	char *lead;		/* how its compile errors start */
	int first, nlines;
	int matched;		/* probes its clauses matched */
	/* -v: the least attributes of its descriptions and statements */
	struct d_attr descattr, stmtattr;
	bool stmts;		/* it has a clause */
	struct vec descs;	/* -e -v: struct dt_desc *, a statement each */
};

#define DT_CMDS_MAX 64

/* A clause's run kept in a CPU's buffer, and its size there. */
struct dt_kept {
	struct buf run;
	size_t size;
};

/* One CPU's principal buffer, as user space keeps it. */
struct dt_cpubuf {
	struct dt_kept *runs;	/* fill and ring: in the order they came */
	int first, n, cap;	/* runs[first..n): kept; below: dropped */
	size_t used;		/* bytes of DTrace's records */
	bool full;		/* fill: nothing more goes in */
	uint64_t drops, said;	/* runs that did not fit, and told */
};

struct dt {
	struct dt_cmd cmds[DT_CMDS_MAX];
	int ncmds;
	bool quiet, destructive, zdefs, cpp, list, compile_only, dump;
	bool testing;		/* _DTRACE_TESTING: no CPU and ID columns */
	bool verbose;		/* -v: stability reports; -l lists attributes
				 * and argument types */
	bool amin_set;		/* -x amin: a minimum of attributes */
	struct d_attr amin;
	FILE *out;		/* -o's file once open, else NULL (stdout) */
	bool flowindent;	/* -F: labels indented by call depth */
	bool rawbytes;		/* -x rawbytes: trace() dumps its bytes */
	bool empty;		/* -x empty: an empty program is no error */
	bool pspec;		/* -x pspec: outer words are probe descriptions */
	bool defargs;		/* -x defaultargs: unset $N are 0 or "" */
	bool argref;		/* -x argref: arguments may go unused */
	/*
	 * -x evaltime: where the -c command is when tracing starts: before
	 * its execve (exec), or stopped after it (preinit), after ld.so's
	 * initialisers (postinit, dtrace's default) or at main().
	 */
	enum { EVAL_POSTINIT, EVAL_EXEC, EVAL_PREINIT, EVAL_MAIN } evaltime;
	bool stdc_k_and_r;	/* -X s: cpp without __STDC__ */
	struct d_flow flow;
	const void *clause;	/* the record printed: its format, one a clause */
	const char *outfile, *cmd_line;
	pid_t pid;
	int strsize;
	int strsize_run;	/* the strsize compiled at */
	size_t printsize;	/* -x printsize: print()'s bytes shown */
	struct dp_opts agg_opts;	/* aggsortkey, aggsortrev ... */
	struct vec defines;	/* cpp's names: dtrace's, then -D's less -U's */
	struct vec cmd_defines;	/* "DNAME[=VALUE]" of -D, "UNAME" of -U */
	struct vec incdirs;	/* -I, owned */
	struct bi_dtrace_probe *probes;
	int nprobes;
	int labels;		/* clause labels printed */
	bool *printed;		/* by map: printa() printed it */
	uint64_t *normal;	/* by map: normalize()'s divisor, 0: none */
	int nspec;		/* -x nspec */
	int scratchsize;	/* -x scratchsize, 0: the default */
	int cpu;		/* -x cpu: the one CPU traced, -1: all */
	int pcapsize;		/* -x pcapsize, 0: the default */
	int frames[4];		/* -x stackframes, ustackframes,
				 * jstackframes, maxframes; 0: the default */
	size_t specsize;	/* -x specsize */
	uint64_t said[3];	/* drops told so far, by notices[] */
	/*
	 * dtrace's principal buffers: -b/-x bufsize (4m), bufpolicy,
	 * switchrate.  With either of the first two set, each CPU's buffer
	 * is kept in user space as DTrace's would be (see buf_run()).
	 */
	uint64_t bufsize;
	enum { BUF_SWITCH, BUF_FILL, BUF_RING } bufpolicy;
	bool buf_emulate;
	uint64_t switchrate;	/* ns */
	uint64_t switched;	/* CLOCK_MONOTONIC of the last switch */
	uint64_t statusrate;	/* ns: drops are told at most so often */
	bool statusrate_set;	/* -x statusrate: END waits for a check */
	uint64_t started;	/* CLOCK_MONOTONIC once attached, 0 when
				 * exit() came before (in BEGIN) */
	uint64_t dynvarsize;	/* -x dynvarsize: see dynvar_entries() */
	uint64_t aggsize;	/* -x aggsize, 0 if not given */
	uint64_t *lost_said;	/* by CPU: ring buffer losses told */
	uint64_t *aggdrops_said;	/* by CPU: aggregation drops told */
	uint64_t dyndrops_said;	/* dynamic variable drops told */
	uint64_t status_at;	/* CLOCK_MONOTONIC of the last telling */
	size_t end_reserve;	/* fill: what END's clauses record */
	struct dt_cpubuf *cpus;	/* by CPU */
	int ncpus;
	bool filled;		/* fill: a CPU's buffer is full: stop */
	int **fmt_dsize;	/* by format id: each argument's size as D
				 * types it, 0 where that is its record's */
	int nfmts;
	pid_t child;
	bool child_said;
	struct runtime *rt;	/* the run, once set up */
	/*
	 * -x aggrate: printa() shows a copy of the aggregations taken at
	 * most once an aggrate (dtrace's dtrace_aggregate_snap()), the
	 * first by the first printa(), the next when a printa() or the
	 * switchrate's timer finds one due.  0: printa() reads them when
	 * its record arrives.
	 */
	uint64_t aggrate;	/* ns */
	uint64_t agg_at;	/* CLOCK_MONOTONIC of the last copy, 0: none */
	int agg_timer;		/* timerfd ticking at switchrate, or -1 */
	struct print_entries *agg_copy;	/* by map */
	int nagg_copy;
	bool stopped;		/* the event probes are stopped */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: ferret dtrace [-64] [-CeFHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-o output] [-p pid] [-s script] [-U name] [-x opt[=val]]\n"
		"\t[-P provider [[ predicate ] action ]]\n"
		"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n"
		"\n"
		"\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n"
		"\n"
		"\t-64 generate 64-bit D programs (the only data model here)\n"
		"\n"
		"  -b  set trace buffer size\n"
		"  -c  run specified command and exit upon its completion\n"
		"  -C  run cpp(1) preprocessor on script files\n"
		"  -D  define symbol when invoking preprocessor\n"
		"  -e  exit after compiling request but prior to enabling probes\n"
		"  -f  enable or list probes matching the specified function name\n"
		"  -F  coalesce trace output by function\n"
		"  -i  enable or list probes matching the specified probe id\n"
		"  -I  add include directory to preprocessor search path\n"
		"  -l  list probes matching specified criteria\n"
		"  -m  enable or list probes matching the specified module name\n"
		"  -n  enable or list probes matching the specified probe name\n"
		"  -o  set output file\n"
		"  -p  grab specified process-ID and cache its symbol tables\n"
		"  -P  enable or list probes matching the specified provider name\n"
		"  -q  set quiet mode (only output explicitly traced data)\n"
		"  -s  enable or list probes according to the specified D script\n"
		"  -S  print the program's tree, IR and BPF (ferret's -d)\n"
		"  -U  undefine symbol when invoking preprocessor\n"
		"  -v  set verbose mode (report stability attributes, arguments)\n"
		"  -V  report DTrace API version\n"
		"  -w  permit destructive actions\n"
		"  -x  enable or modify compiler and tracing options\n"
		"  -Z  permit probe descriptions that match zero probes\n");
}

/* D's builtin variables that are the engine's under another name. */
static const struct { const char *d, *ferret; } renames[] = {
	{ "execname", "comm" },
	{ "timestamp", "nsecs" },
	{ "curthread", "curtask" },
};

/*
 * D's subroutines that are the engine's under another name: a string
 * read from user memory (or kernel memory, for stringof) up to a NUL or
 * the string size, as str() reads it; copyinstr() of an address it
 * cannot read is DTrace's invalid address fault.
 */
static const struct {
	const char *d, *ferret;
	int flags;
} call_renames[] = {
	{ "copyinstr", "str", NF_READ_FAULTS },
	{ "stringof", "str", 0 },
};

/*
 * How dtrace reads each of its options' values (its dt_options.c), so
 * that a bad value or name is refused with its words whether ferret acts
 * on the option or not.
 */
enum opt_kind {
	OPT_FLAG,		/* no value; a value is invalid */
	OPT_ANY,		/* any value, or none */
	OPT_ARG,		/* a value is needed, any */
	OPT_SIZE,		/* none (0), or a size: k, m, g or t */
	OPT_RATE,		/* none (0), or a number with a unit of time or hz */
	OPT_RUNTIME,		/* none, a yes/no word, or a number */
	OPT_WORD,		/* one of words, '|' between them */
	OPT_POSITIVE,		/* an integer above 0 */
	OPT_NONNEG,		/* an integer, 0 or more */
	OPT_VERSION,		/* a D version this compiler has */
	OPT_IREGS,		/* BPF's integer registers: 8 */
	OPT_LOCKMEM,		/* "unlimited" or a size; nothing is refused */
};

struct dt_option {
	const char *name;
	enum opt_kind kind;
	bool no_pragma;		/* "cannot be used from within a D program" */
	const char *words;	/* OPT_WORD's */
};

/* Every option of dtrace's, compile-time, run-time and dynamic. */
static const struct dt_option dt_options[] = {
	{ "aggpercpu", OPT_FLAG, false, NULL },
	{ "amin", OPT_ARG, false, NULL },
	{ "argref", OPT_FLAG, false, NULL },
	{ "core", OPT_FLAG, false, NULL },
	{ "cpp", OPT_FLAG, false, NULL },
	{ "cppargs", OPT_ARG, true, NULL },
	{ "cpphdrs", OPT_FLAG, true, NULL },
	{ "cpppath", OPT_ARG, true, NULL },
	{ "ctypes", OPT_ARG, false, NULL },
	{ "ctfpath", OPT_ARG, true, NULL },
	{ "defaultargs", OPT_FLAG, false, NULL },
	{ "debug", OPT_FLAG, false, NULL },
	{ "debugassert", OPT_WORD, false, "mutexes" },
	{ "define", OPT_ARG, true, NULL },
	{ "disasm", OPT_NONNEG, false, NULL },
	{ "dofstashpath", OPT_ARG, false, NULL },
	{ "droptags", OPT_ANY, false, NULL },
	{ "dtypes", OPT_ARG, false, NULL },
	{ "empty", OPT_FLAG, false, NULL },
	{ "errtags", OPT_FLAG, false, NULL },
	{ "evaltime", OPT_WORD, false, "exec|preinit|postinit|main" },
	{ "incdir", OPT_ARG, true, NULL },
	{ "iregs", OPT_IREGS, false, NULL },
	{ "kdefs", OPT_FLAG, false, NULL },
	{ "knodefs", OPT_FLAG, false, NULL },
	{ "late", OPT_WORD, false, "dynamic|static" },
	{ "lazyload", OPT_ANY, false, NULL },
	{ "ldpath", OPT_ARG, true, NULL },
	{ "libdir", OPT_ARG, false, NULL },
	{ "linkmode", OPT_WORD, false, "kernel|dynamic|static" },
	{ "linktype", OPT_WORD, false, "elf|dof" },
	{ "linknommap", OPT_ANY, false, NULL },
	{ "modpath", OPT_ARG, true, NULL },
	{ "nolibs", OPT_FLAG, false, NULL },
	{ "pgmax", OPT_NONNEG, false, NULL },
	{ "preallocate", OPT_SIZE, false, NULL },
	{ "procfspath", OPT_ARG, true, NULL },
	{ "pspec", OPT_FLAG, false, NULL },
	{ "stdc", OPT_WORD, true, "a|c|t|s" },
	{ "strip", OPT_FLAG, false, NULL },
	{ "syslibdir", OPT_ARG, false, NULL },
	{ "sysslice", OPT_ARG, false, NULL },
	{ "tree", OPT_POSITIVE, false, NULL },
	{ "tregs", OPT_POSITIVE, false, NULL },
	{ "udefs", OPT_FLAG, false, NULL },
	{ "undef", OPT_ARG, true, NULL },
	{ "unodefs", OPT_FLAG, false, NULL },
	{ "useruid", OPT_NONNEG, false, NULL },
	{ "verbose", OPT_FLAG, false, NULL },
	{ "version", OPT_VERSION, false, NULL },
	{ "zdefs", OPT_FLAG, false, NULL },
	{ "aggsize", OPT_SIZE, false, NULL },
	{ "bpflog", OPT_RUNTIME, false, NULL },
	{ "bpflogsize", OPT_SIZE, false, NULL },
	{ "bufsize", OPT_SIZE, false, NULL },
	{ "bufpolicy", OPT_WORD, false, "ring|fill|switch" },
	{ "bufresize", OPT_WORD, false, "auto|manual" },
	{ "cleanrate", OPT_RATE, false, NULL },
	{ "cpu", OPT_RUNTIME, false, NULL },
	{ "destructive", OPT_RUNTIME, false, NULL },
	{ "dynvarsize", OPT_SIZE, false, NULL },
	{ "grabanon", OPT_RUNTIME, false, NULL },
	{ "jstackframes", OPT_RUNTIME, false, NULL },
	{ "jstackstrsize", OPT_SIZE, false, NULL },
	{ "lockmem", OPT_LOCKMEM, true, NULL },
	{ "maxframes", OPT_RUNTIME, false, NULL },
	{ "nspec", OPT_RUNTIME, false, NULL },
	{ "pcapsize", OPT_SIZE, false, NULL },
	{ "scratchsize", OPT_SIZE, false, NULL },
	{ "specsize", OPT_SIZE, false, NULL },
	{ "stackframes", OPT_RUNTIME, false, NULL },
	{ "statusrate", OPT_RATE, false, NULL },
	{ "strsize", OPT_SIZE, false, NULL },
	{ "ustackframes", OPT_RUNTIME, false, NULL },
	{ "noresolve", OPT_RUNTIME, false, NULL },
	{ "aggrate", OPT_RATE, false, NULL },
	{ "aggsortkey", OPT_RUNTIME, false, NULL },
	{ "aggsortkeypos", OPT_RUNTIME, false, NULL },
	{ "aggsortpos", OPT_RUNTIME, false, NULL },
	{ "aggsortrev", OPT_RUNTIME, false, NULL },
	{ "flowindent", OPT_RUNTIME, false, NULL },
	{ "quiet", OPT_RUNTIME, false, NULL },
	{ "quietresize", OPT_RUNTIME, false, NULL },
	{ "rawbytes", OPT_RUNTIME, false, NULL },
	{ "stackindent", OPT_RUNTIME, false, NULL },
	{ "switchrate", OPT_RATE, false, NULL },
	{ "printsize", OPT_SIZE, false, NULL },
};

/* The D versions dtrace's compiler knows (its _dtrace_versions[]). */
static const char *const d_versions[] = {
	"1.0.0", "1.1.0", "1.2.0", "1.2.1", "1.2.2", "1.3.0", "1.4.0",
	"1.4.1", "1.5.0", "1.6.0", "1.6.1", "1.6.2", "1.6.3", "1.6.4",
	"2.0.0",
};

/*
 * The value of an option that may change while tracing, as DTrace reads
 * it: none or a word of yes/no, on/off ... sets it (to 0 or 1), an empty
 * one or a negative word unsets it, else a number.  1: set to *v; 0:
 * unset; -EINVAL: not a value.
 */
static int runtime_value(const char *value, long long *v)
{
	static const char *const words[][2] = {
		{ "yes", "no" }, { "enable", "disable" },
		{ "enabled", "disabled" }, { "true", "false" }, { "on", "off" },
		{ "set", "unset" },
	};
	char *end;
	size_t i;

	*v = 0;
	if (!value)
		return 1;
	if (!*value)
		return 0;
	for (i = 0; i < ARRAY_SIZE(words); i++) {
		if (!strcasecmp(value, words[i][0])) {
			*v = 1;
			return 1;
		}
		if (!strcasecmp(value, words[i][1]))
			return 0;
	}
	errno = 0;
	*v = strtoll(value, &end, 0);
	if (*end || errno || *v < 0)
		return -EINVAL;
	return 1;
}

/* aggsortkey, aggsortrev, aggsortpos, aggsortkeypos. */
static int set_sort_option(struct dp_opts *o, const char *name,
			   const char *value, char *err, size_t errlen)
{
	long long v;
	int set = runtime_value(value, &v);

	if (set < 0 || v > INT32_MAX) {
		snprintf(err, errlen, "Invalid value for specified option");
		return -EINVAL;
	}
	if (!strcmp(name, "aggsortkey"))
		o->sortkey = set;
	else if (!strcmp(name, "aggsortrev"))
		o->sortrev = set;
	else if (!strcmp(name, "aggsortpos"))
		o->sortpos = set ? (int)v : 0;
	else if (!strcmp(name, "aggsortkeypos"))
		o->keypos = set ? (int)v : 0;
	else {
		snprintf(err, errlen, "Invalid option name");
		return -EINVAL;
	}
	return 0;
}

/*
 * An option's unsigned value as dtrace reads it: decimal, octal or hex,
 * and with sizes a k, m, g or t suffix.  0, or -EINVAL.
 */
static int opt_number(const char *value, bool size, uint64_t *out)
{
	size_t len = value ? strlen(value) : 0;
	uint64_t mul = 1;
	char *end;

	if (!len || value[0] == '-')
		return -EINVAL;
	switch (size ? value[len - 1] : 0) {
	case 't': case 'T':
		mul <<= 10;
		/* fall through */
	case 'g': case 'G':
		mul <<= 10;
		/* fall through */
	case 'm': case 'M':
		mul <<= 10;
		/* fall through */
	case 'k': case 'K':
		mul <<= 10;
		len--;
		break;
	}
	errno = 0;
	*out = strtoull(value, &end, 0) * mul;
	if (errno || end != value + len || end == value)
		return -EINVAL;
	return 0;
}

/*
 * printsize, as dtrace takes it: a size, out of 1..64k the default,
 * rounded up to 8 bytes.
 */
static int set_printsize(struct dt *d, const char *value, char *err,
			 size_t errlen)
{
	uint64_t v = D_TYPE_PRINTSIZE;

	if (value && opt_number(value, true, &v)) {
		snprintf(err, errlen, "Invalid value for specified option");
		return -EINVAL;
	}
	if (!v || v > D_TYPE_PRINTSIZE_MAX)
		v = D_TYPE_PRINTSIZE;
	d->printsize = (v + 7) & ~(uint64_t)7;
	return 0;
}

/*
 * A size as dtrace reads one: a number (decimal, octal or hex) with an
 * optional k, m, g or t; none, or nothing before the suffix, is 0.  0 or
 * -EINVAL.
 */
static int opt_size(const char *value, uint64_t *out)
{
	size_t len = value ? strlen(value) : 0;
	uint64_t mul = 1;
	char *end;

	*out = 0;
	if (!len)
		return 0;
	switch (value[len - 1]) {
	case 't': case 'T':
		mul <<= 10;
		/* fall through */
	case 'g': case 'G':
		mul <<= 10;
		/* fall through */
	case 'm': case 'M':
		mul <<= 10;
		/* fall through */
	case 'k': case 'K':
		mul <<= 10;
		break;
	}
	if (strtoll(value, NULL, 0) < 0)
		return -EINVAL;
	errno = 0;
	*out = strtoull(value, &end, 0) * mul;
	if (errno || (int64_t)*out < 0 ||
	    end != value + len - (mul > 1 ? 1 : 0))
		return -EINVAL;
	return 0;
}

/*
 * A rate as dtrace reads one, in nanoseconds: a number with a unit (ns,
 * us, ms, s, m, h, d and their longer names) or "hz" (times a second).
 * 0 or -EINVAL.
 */
static int opt_rate(const char *value, uint64_t *out)
{
	static const struct { const char *name; uint64_t mul; } units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000 }, { "sec", 1000000000 },
		{ "m", 60000000000ULL }, { "min", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
		{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
		{ "hz", 0 },
	};
	uint64_t mul = 1;
	char *end;
	size_t i;

	*out = 0;
	if (!value)
		return 0;
	if (strtoll(value, NULL, 0) < 0)
		return -EINVAL;
	*out = strtoull(value, &end, 0);
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcasecmp(units[i].name, end))
			break;
	if (i == ARRAY_SIZE(units) && *end)
		return -EINVAL;
	if (i < ARRAY_SIZE(units))
		mul = units[i].mul;
	if (!mul)
		*out = *out ? 1000000000ULL / *out : 0;
	else
		*out *= mul;
	return 0;
}

/* One of the words of list ("a|b|c"), or of linktype's in any case. */
static bool opt_word(const char *list, const char *value, bool nocase)
{
	size_t n = strlen(value);
	const char *w = list;

	while (*w) {
		size_t len = strcspn(w, "|");

		if (len == n && !(nocase ? strncasecmp : strncmp)(w, value, n))
			return true;
		w += len + (w[len] == '|');
	}
	return false;
}

/*
 * Checks option name's value as dtrace checks it, pragma telling whether
 * it comes from the program.  Returns the option, or NULL with dtrace's
 * sentence in err.
 */
static const struct dt_option *check_option(const char *name,
					    const char *value, bool pragma,
					    char *err, size_t errlen)
{
	const struct dt_option *o = NULL;
	const char *why = "Invalid value for specified option";
	uint64_t v;
	long long r;
	size_t i;
	int n;

	for (i = 0; i < ARRAY_SIZE(dt_options) && !o; i++)
		if (!strcmp(name, dt_options[i].name))
			o = &dt_options[i];
	if (!o) {
		snprintf(err, errlen, "Invalid option name");
		return NULL;
	}
	if (o->kind == OPT_LOCKMEM && pragma)
		goto ctx;
	switch (o->kind) {
	case OPT_FLAG:
		if (value)
			goto bad;
		break;
	case OPT_ARG:
		if (!value)
			goto bad;
		break;
	case OPT_SIZE:
		if (opt_size(value, &v))
			goto bad;
		break;
	case OPT_RATE:
		if (opt_rate(value, &v))
			goto bad;
		break;
	case OPT_RUNTIME:
		if (runtime_value(value, &r) < 0)
			goto bad;
		break;
	case OPT_WORD:
		if (!value || !opt_word(o->words, value,
					!strcmp(name, "linktype")))
			goto bad;
		break;
	case OPT_POSITIVE:
	case OPT_NONNEG:
		if (!value || atoi(value) < (o->kind == OPT_POSITIVE))
			goto bad;
		break;
	case OPT_VERSION: {
		unsigned num[3] = { 0 };
		const char *c;
		char canon[48];

		if (!value)
			goto bad;
		for (c = value, n = 0; *c; c++) {
			if (isdigit((unsigned char)*c))
				num[n] = num[n] * 10 + (unsigned)(*c - '0');
			else if (*c != '.' || ++n > 2)
				break;
			if (num[n] > 0xfff)
				break;
		}
		if (*c || num[0] > 0xff) {
			why = "Version is not properly formatted or is too large";
			goto bad;
		}
		snprintf(canon, sizeof(canon), "%u.%u.%u", num[0], num[1],
			 num[2]);
		for (i = 0; i < ARRAY_SIZE(d_versions); i++)
			if (!strcmp(canon, d_versions[i]))
				break;
		if (i == ARRAY_SIZE(d_versions)) {
			why = "Requested version is not supported by compiler";
			goto bad;
		}
		break;
	}
	case OPT_IREGS:
		/* dtrace's code generator takes all of BPF's 8, no fewer */
		n = value ? atoi(value) : 0;
		if (n <= 0 || n > 8)
			goto bad;
		if (n < 8) {
			why = "Insufficient registers to generate code";
			goto bad;
		}
		break;
	case OPT_ANY:
	case OPT_LOCKMEM:
		break;
	}
	if (o->no_pragma && pragma)
		goto ctx;
	return o;
ctx:
	snprintf(err, errlen, "Option cannot be used from within a D program");
	return NULL;
bad:
	snprintf(err, errlen, "%s", why);
	return NULL;
}

/* The options of d->frames[], in its order. */
static const char *const frame_options[] = {
	"stackframes", "ustackframes", "jstackframes", "maxframes",
};

/*
 * Sets option name (from -x, or #pragma D option when pragma is set) to
 * value (NULL when none was given).  0, or -EINVAL with a sentence in
 * err.
 */
static int set_option(struct dt *d, const char *name, const char *value,
		      bool pragma, char *err, size_t errlen)
{
	long long r;
	uint64_t v;
	size_t i;
	int set;

	if (!check_option(name, value, pragma, err, errlen))
		return -EINVAL;
	set = runtime_value(value, &r);
	if (!strcmp(name, "amin")) {
		if (d_attr_parse(value, strlen(value), &d->amin)) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		d->amin_set = true;
		return 0;
	}
	if (!strcmp(name, "quiet")) {
		d->quiet = set > 0;
		return 0;
	}
	if (!strcmp(name, "destructive")) {
		d->destructive = set > 0;
		return 0;
	}
	if (!strcmp(name, "errtags")) {
		diag_set_tags(true);
		return 0;
	}
	if (!strcmp(name, "zdefs")) {
		d->zdefs = true;
		return 0;
	}
	if (!strcmp(name, "cpp")) {
		d->cpp = true;
		return 0;
	}
	/* -x define, undef and incdir are -D, -U and -I */
	if (!strcmp(name, "define") || !strcmp(name, "undef")) {
		vec_push(&d->cmd_defines, xasprintf("%c%s", toupper(name[0]),
						    value));
		return 0;
	}
	if (!strcmp(name, "incdir")) {
		vec_push(&d->incdirs, xstrdup(value));
		return 0;
	}
	if (!strcmp(name, "empty")) {
		d->empty = true;
		return 0;
	}
	if (!strcmp(name, "pspec")) {
		d->pspec = true;
		return 0;
	}
	if (!strcmp(name, "defaultargs")) {
		d->defargs = true;
		return 0;
	}
	if (!strcmp(name, "argref")) {
		d->argref = true;
		return 0;
	}
	if (!strcmp(name, "evaltime")) {
		d->evaltime = !strcmp(value, "exec") ? EVAL_EXEC :
			      !strcmp(value, "preinit") ? EVAL_PREINIT :
			      !strcmp(value, "main") ? EVAL_MAIN : EVAL_POSTINIT;
		return 0;
	}
	if (!strcmp(name, "stdc")) {
		d->stdc_k_and_r = !strcmp(value, "s");
		return 0;
	}
	if (!strcmp(name, "strsize")) {
		opt_size(value, &v);
		if (v < 2 || v > 65536) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		d->strsize = (int)v;
		return 0;
	}
	/* As dtrace-utils: out of range is the default, 1514; rounded up to 8. */
	if (!strcmp(name, "pcapsize")) {
		if (opt_size(value, &v)) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		d->pcapsize = (int)(!v || v > 65535 ? 1514 : v);
		d->pcapsize = (d->pcapsize + 7) & ~7;
		return 0;
	}
	/* The one CPU probes fire on and BEGIN and END run on: online. */
	if (!strcmp(name, "cpu")) {
		const int *cpus;
		int n = perf_online_cpus(&cpus), k;

		for (k = 0; !opt_number(value, false, &v) && k < n && (uint64_t)cpus[k] != v; k++)
			;
		if (k >= n) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		d->cpu = (int)v;
		return 0;
	}
	if (!strcmp(name, "scratchsize")) {
		if (opt_number(value, true, &v) || !v) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		/* The per-CPU map value holds twice it (dscratch.c). */
		if (v > 16 << 10) {
			snprintf(err, errlen, "at most 16k here: the kernel's per-CPU map values are at most 32 KiB, and scratch takes twice its size");
			return -EINVAL;
		}
		d->scratchsize = (int)v;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(frame_options); i++) {
		if (strcmp(name, frame_options[i]))
			continue;
		if (opt_number(value, false, &v) || !v || v > INT32_MAX) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		d->frames[i] = (int)v;
		return 0;
	}
	if (!strncmp(name, "aggsort", 7))
		return set_sort_option(&d->agg_opts, name, value, err, errlen);
	if (!strcmp(name, "printsize"))
		return set_printsize(d, value, err, errlen);
	if (!strcmp(name, "nspec") || !strcmp(name, "specsize")) {
		bool size = name[1] == 'p';

		/* Speculative records carry their id in 8 bits. */
		if (opt_number(value, size, &v) || (!size && v > SPEC_MAX)) {
			snprintf(err, errlen, "Invalid value for specified option");
			return -EINVAL;
		}
		if (size)
			d->specsize = v;
		else
			d->nspec = v;
		return 0;
	}
	if (!strcmp(name, "bufsize")) {
		opt_size(value, &d->bufsize);
		d->buf_emulate = true;
		return 0;
	}
	if (!strcmp(name, "bufpolicy")) {
		d->bufpolicy = !strcmp(value, "fill") ? BUF_FILL :
			       !strcmp(value, "ring") ? BUF_RING : BUF_SWITCH;
		d->buf_emulate = true;
		return 0;
	}
	if (!strcmp(name, "dynvarsize")) {
		opt_size(value, &d->dynvarsize);
		return 0;
	}
	if (!strcmp(name, "aggsize")) {
		opt_size(value, &d->aggsize);
		return 0;
	}
	if (!strcmp(name, "aggrate")) {
		opt_rate(value, &d->aggrate);
		return 0;
	}
	if (!strcmp(name, "switchrate") || !strcmp(name, "statusrate")) {
		opt_rate(value, name[1] == 'w' ? &d->switchrate :
					       &d->statusrate);
		d->statusrate_set |= name[1] == 't';
		return 0;
	}
	if (!strcmp(name, "flowindent")) {
		d->flowindent = set > 0;
		return 0;
	}
	if (!strcmp(name, "rawbytes")) {
		d->rawbytes = set > 0;
		return 0;
	}
	/* the rest are checked and change nothing ferret does */
	return 0;
}

/* -x NAME[=VALUE]. */
static int set_x(struct dt *d, const char *arg)
{
	char *name = xstrdup(arg), *eq = strchr(name, '='), err[128];
	int ret;

	if (eq)
		*eq = 0;
	ret = set_option(d, name, eq ? eq + 1 : NULL, false, err, sizeof(err));
	/* dtrace names the option without its value */
	if (ret)
		fprintf(stderr, "dtrace: failed to set -x %s: %s\n", name, err);
	free(name);
	return ret;
}

/* Inserts the statement "printf(fmt, arg)" at position at of block b. */
static void insert_printf(struct node *b, int at, const char *fmt,
			  struct node *arg)
{
	struct node *st = ast_new(N_EXPRSTMT, &b->loc);
	struct node *call = ast_new(N_CALL, &b->loc);
	struct node *s = ast_new(N_STR, &b->loc);
	int i;

	call->name = xstrdup("printf");
	s->str = xstrdup(fmt);
	s->slen = strlen(fmt);
	ast_push(call, s);
	if (arg)
		ast_push(call, arg);
	st->a = call;
	ast_push(b, st);
	for (i = b->nlist - 1; i > at; i--)
		b->list[i] = b->list[i - 1];
	b->list[at] = st;
}

/* The name of the function statement s calls, or NULL. */
static const char *stmt_call(const struct node *s)
{
	return s->kind == N_EXPRSTMT && s->a->kind == N_CALL ? s->a->name : NULL;
}

/* Functions whose statements record nothing a clause label would head. */
static bool records_nothing(const char *name)
{
	return !strcmp(name, "commit") || !strcmp(name, "discard") ||
	       !strcmp(name, "speculate") || !strcmp(name, "speculation");
}

/* D's actions that change the system: only with -w. */
static bool destructive_action(const char *name)
{
	static const char *const names[] = {
		"raise", "stop", "system", "freopen", "chill", "breakpoint",
		"panic", "copyout", "copyoutstr",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* What a clause has done so far, for the rules of speculate_rules(). */
enum {
	CL_DATAREC = 1, CL_AGG = 2, CL_SPEC = 4, CL_COMMIT = 8,
};

static int speculate_rules(const struct source *src, const struct node *b,
			   int *cf);

/* One statement of speculate_rules()'s. */
static int speculate_rule(const struct source *src, const struct node *st,
			  int *cf)
{
	const char *msg = NULL, *fn = stmt_call(st);

	if (st->kind == N_IF) {
		if (speculate_rules(src, st->b, cf))
			return -EINVAL;
		return !st->c ? 0 : st->c->kind == N_IF ?
		       speculate_rule(src, st->c, cf) :
		       speculate_rules(src, st->c, cf);
	}
	if (st->kind == N_BLOCK)
		return speculate_rules(src, st, cf);
	if (st->kind == N_ASSIGN && st->a->kind == N_MAP &&
	    st->a->name[0] == '@') {
		if (*cf & CL_COMMIT)
			msg = "[D_AGG_COMM] aggregating actions may not follow commit( )";
		else if (*cf & CL_SPEC)
			msg = "[D_AGG_SPEC] aggregating actions may not follow speculate( )";
		*cf |= CL_AGG;
	} else if (!fn || !strcmp(fn, "speculation") || !strcmp(fn, "discard")) {
		return 0;
	} else if (!strcmp(fn, "commit")) {
		if (*cf & (CL_DATAREC | CL_AGG))
			msg = "[D_COMM_DREC] commit( ) may not follow data-recording action(s)";
		*cf |= CL_COMMIT;
	} else if (!strcmp(fn, "speculate")) {
		if (*cf & CL_SPEC)
			msg = "[D_SPEC_SPEC] speculate( ) may not follow speculate( )";
		else if (*cf & CL_COMMIT)
			msg = "[D_SPEC_COMM] speculate( ) may not follow commit( )";
		else if (*cf & (CL_DATAREC | CL_AGG))
			msg = "[D_SPEC_DREC] speculate( ) may not follow data-recording action(s)";
		*cf |= CL_SPEC;
	} else {
		if ((*cf & CL_SPEC) && destructive_action(fn))
			msg = "[D_ACT_SPEC] destructive actions may not follow speculate( )";
		else if ((*cf & CL_SPEC) && !strcmp(fn, "exit"))
			msg = "[D_EXIT_SPEC] exit( ) may not follow speculate( )";
		else if (*cf & CL_COMMIT)
			msg = "[D_DREC_COMM] data-recording actions may not follow commit( )";
		*cf |= CL_DATAREC;
	}
	if (!msg)
		return 0;
	diag_error(src, &st->a->loc, "%s", msg);
	return -EINVAL;
}

/*
 * DTrace's rules on the order of a clause's actions around speculate()
 * and commit(), with its error tags and words: statements of block b in
 * order, *cf what came before.  0 or -EINVAL after reporting.
 */
static int speculate_rules(const struct source *src, const struct node *b,
			   int *cf)
{
	int i;

	for (i = 0; b && i < b->nlist; i++)
		if (speculate_rule(src, b->list[i], cf))
			return -EINVAL;
	return 0;
}

/* Where a clause's label goes: after its speculate(), if it has one. */
static int label_at(const struct node *body)
{
	int i;

	for (i = 0; i < body->nlist; i++) {
		const char *fn = stmt_call(body->list[i]);

		if (fn && !strcmp(fn, "speculate"))
			return i + 1;
	}
	return 0;
}

/*
 * A clause prints its label when it records anything, or has no
 * statements at all (its default action traces the probe): assignments
 * and aggregations alone print nothing.  A clause whose only action is
 * speculate() takes the default action into the speculation, as
 * dtrace-utils records it.
 */
static bool clause_records(const struct node *body)
{
	bool spec = false, other = false;
	int i;

	if (!body || !body->nlist)
		return true;
	for (i = 0; i < body->nlist; i++) {
		const char *fn = stmt_call(body->list[i]);

		if (fn && !records_nothing(fn))
			return true;
		if (fn && !strcmp(fn, "speculate"))
			spec = true;
		else if (fn)
			other = true;
	}
	return spec && !other;
}

static void rename_builtins(struct node *n)
{
	size_t i;
	int j;

	if (!n)
		return;
	/*
	 * args[N]: argument N typed as the probe declares it; uregs[N]: a
	 * user register (dvars.c)
	 */
	if (n->kind == N_INDEX && n->a->kind == N_BUILTIN &&
	    (!strcmp(n->a->name, "args") || !strcmp(n->a->name, "uregs"))) {
		bool uregs = !strcmp(n->a->name, "uregs");

		ast_free(n->a);
		n->a = NULL;
		n->kind = N_CALL;
		n->name = xstrdup(uregs ? "__duregs" : "__dargs");
		ast_push(n, n->b);
		n->b = NULL;
	}
	if (n->kind == N_CALL)
		for (i = 0; i < ARRAY_SIZE(call_renames); i++)
			if (!strcmp(n->name, call_renames[i].d)) {
				free(n->name);
				n->name = xstrdup(call_renames[i].ferret);
				n->flags |= call_renames[i].flags;
				break;
			}
	if (n->kind == N_BUILTIN)
		for (i = 0; i < ARRAY_SIZE(renames); i++)
			if (!strcmp(n->name, renames[i].d)) {
				free(n->name);
				n->name = xstrdup(renames[i].ferret);
				break;
			}
	rename_builtins(n->a);
	rename_builtins(n->b);
	rename_builtins(n->c);
	for (j = 0; j < n->nlist; j++)
		rename_builtins(n->list[j]);
}

/*
 * Turns each clause's D descriptions into ferret specs, drops what -Z
 * lets match nothing, and gives clauses their labels.  0 or -EINVAL
 * after reporting.
 */
/* The command whose program has line (of the joined source). */
static struct dt_cmd *cmd_of(struct dt *d, int line)
{
	int k = d->ncmds - 1;

	while (k > 0 && d->cmds[k].first > line)
		k--;
	return &d->cmds[k];
}

/*
 * -v and -x amin: clause p as dtrace cooks it under description desc,
 * which it matches or (-Z) not.  The description's attributes, and its
 * statement's (its names', and those the probe gives probeprov ...
 * args), go into the least of p's command; under amin, dtrace's error
 * for the first to fall below it: the description's, then the names'
 * in the actions, then in the predicate.  0, or -EINVAL after reporting.
 */
static int desc_attrs(struct dt *d, const struct source *src,
		      const struct node *p, const struct dt_desc *desc)
{
	const struct d_clause_attr *ca = d_clause_attr(p);
	struct dt_cmd *cm = cmd_of(d, p->loc.line);
	struct d_attr da, st, parts[5];
	int i, pass, shift = cm->first - 1;
	char a[64];

	dt_desc_attr(desc, d->pid, &da, parts);
	if (d->amin_set && d_attr_below(da, d->amin)) {
		struct loc at = { (ca ? ca->end_line : p->loc.line) + shift, 1, 1, 0 };

		diag_error(src, &at, "[D_ATTR_MIN] attributes for clause (%s) are less than predefined minimum",
			   d_attr_str(da, a, sizeof(a)));
		return -EINVAL;
	}
	st = ca ? ca->attr : d_attr_default;
	for (i = 0; ca && i < 5; i++)
		if (ca->uses & (1u << i))
			st = d_attr_min(st, parts[i]);
	for (pass = 0; ca && d->amin_set && pass < 2; pass++) {
		for (i = 0; i < ca->leaves.n; i++) {
			const struct d_attr_leaf *l = ca->leaves.v[i];
			struct d_attr la = l->use ? parts[ffs((int)l->use) - 1] : l->attr;
			struct loc at = l->loc;

			if (l->in_pred != (pass == 1) || !d_attr_below(la, d->amin))
				continue;
			at.line += shift;
			diag_error(src, &at, "[D_ATTR_MIN] attributes for %s (%s) are less than predefined minimum",
				   l->what, d_attr_str(la, a, sizeof(a)));
			return -EINVAL;
		}
	}
	if (!cm->stmts)
		cm->descattr = cm->stmtattr = d_attr_max;
	cm->stmts = true;
	if (d->compile_only && d->verbose) {
		struct dt_desc *c = xcalloc(1, sizeof(*c));

		c->prov = xstrdup(desc->prov);
		c->mod = xstrdup(desc->mod);
		c->func = xstrdup(desc->func);
		c->name = xstrdup(desc->name);
		vec_push(&cm->descs, c);
	}
	cm->descattr = d_attr_min(cm->descattr, da);
	cm->stmtattr = d_attr_min(cm->stmtattr, st);
	return 0;
}

static int lower(struct dt *d, const struct source *src, struct node *prog)
{
	struct d_undef undef = { 0 };
	int i, j, k, kept = 0, cf;

	for (i = 0; i < prog->nlist; i++) {
		struct node *p = prog->list[i];
		struct vec specs = { 0 }, pids = { 0 };

		for (j = 0; j < p->nspecs; j++) {
			struct node *sp = p->specs[j];
			struct dt_desc desc;
			char err[512] = "";
			int ret = dt_desc_parse(sp->str, &desc, err, sizeof(err));
			const char *tag = ret ? "[D_PDESC_INVAL] " : "";
			int deflt = d->pid > 0 ? (int)d->pid : 0;

			/*
			 * A pid or USDT description names its process
			 * (provider_pid, which the description's
			 * specs set): their probes fire in it alone.
			 */
			provider_pid = deflt;
			if (!ret)
				ret = dt_desc_specs(&desc, d->pid, &specs, err,
						    sizeof(err));
			while (pids.n < specs.n)
				vec_push(&pids, (void *)(intptr_t)provider_pid);
			provider_pid = deflt;
			if ((!ret || (ret == -ENOENT && d->zdefs)) && !d->list &&
			    (d->verbose || d->amin_set) &&
			    desc_attrs(d, src, p, &desc)) {
				dt_desc_free(&desc);
				for (k = 0; k < specs.n; k++)
					free(specs.v[k]);
				vec_free(&specs);
				vec_free(&pids);
				goto err;
			}
			if (!ret)
				dt_desc_free(&desc);
			else if (desc.prov)
				dt_desc_free(&desc);
			if (ret == -ENOENT && d->zdefs)
				continue;
			if (ret) {
				diag_error(src, &sp->loc, "%s%s", tag, err);
				for (k = 0; k < specs.n; k++)
					free(specs.v[k]);
				vec_free(&specs);
				vec_free(&pids);
				goto err;
			}
		}
		for (j = 0; j < p->nspecs; j++)
			ast_free(p->specs[j]);
		p->nspecs = 0;
		for (j = 0; j < specs.n; j++) {
			struct node *sp = ast_new(N_SPEC, &p->loc);

			sp->str = specs.v[j];
			sp->ival = (int)(intptr_t)pids.v[j];
			ast_push_spec(p, sp);
		}
		vec_free(&specs);
		vec_free(&pids);
		if (!p->nspecs) {
			ast_free(p);
			continue;
		}
		if (!p->b)
			p->b = ast_new(N_BLOCK, &p->loc);
		/* -l lists what the programs match: they are not compiled */
		if (!d->list && d_undef_clause(&undef, src, p, d_declared))
			goto err;
		rename_builtins(p->a);
		rename_builtins(p->b);
		cf = 0;
		if (speculate_rules(src, p->b, &cf))
			goto err;
		/* flowindent labels records even when quiet, as dtrace does */
		if ((!d->quiet || d->flowindent) && clause_records(p->b)) {
			struct node *lab = ast_new(N_BUILTIN, &p->loc);

			lab->name = xstrdup("__dprobe");
			/* The label is part of the speculation. */
			insert_printf(p->b, label_at(p->b), "%s", lab);
		}
		prog->list[kept++] = p;
	}
	prog->nlist = kept;
	d_undef_free(&undef);
	return 0;
err:
	d_undef_free(&undef);
	return -EINVAL;
}

/*
 * flowindent's label: a record's line ends where the next begins, as in
 * label_show(), but for quiet, whose labels dtrace runs together.
 */
static void flow_label(struct dt *d, unsigned cpu,
		       const struct bi_dtrace_probe *p, struct buf *out)
{
	if (d->labels++ && !d->quiet)
		buf_put(out, "\n", 1);
	else if (d->labels == 1)
		d_flow_header(out, !d->testing);
	d_flow_label(&d->flow, out, cpu, !d->testing, d->clause,
		     p ? p->prov : "", p ? p->mod : "", p ? p->func : "",
		     p ? p->name : "");
}

static void label_show(void *arg, unsigned cpu,
		       const struct bi_dtrace_probe *p, struct buf *out)
{
	struct dt *d = arg;
	const char *func = p ? p->func : "", *name = p ? p->name : "";
	char fn[512];

	if (d->flowindent) {
		flow_label(d, cpu, p, out);
		return;
	}
	if (d->labels++)
		buf_put(out, "\n", 1);
	else if (d->testing)
		buf_printf(out, "%32s\n", "FUNCTION:NAME");
	else
		d_print_trace_header(out);
	/* _DTRACE_TESTING: dtrace leaves out the CPU and ID columns. */
	if (d->testing) {
		snprintf(fn, sizeof(fn), "%s:%s", func, name);
		buf_printf(out, "%32s ", fn);
	} else {
		d_print_trace_prefix(out, cpu, p ? p->id : 0, func, name);
	}
}

/* DTrace's trace() conversions (d_print.c). */
static const char *trace_conv(void *arg, const struct type *t)
{
	struct dt *d = arg;

	/*
	 * a struct's bytes (a translated one's): dumped as tracemem(); and
	 * any value under rawbytes, which run_printf() dumps
	 */
	if (t->kind == TY_BUF || (d->rawbytes && (t->kind == TY_STR ||
	    t->kind == TY_NAMED || t->kind == TY_INT || t->kind == TY_PTR)))
		return "%r";
	if (t->kind == TY_STR || t->kind == TY_NAMED)
		return d_print_trace_conv(0, false, true, d->quiet);
	if (t->kind != TY_INT && t->kind != TY_PTR)
		return NULL;
	return d_print_trace_conv(t->size, t->is_signed, false, d->quiet);
}

/*
 * -v: a program's stability report, as dtrace prints it after its
 * notice: the least attributes of its probe descriptions and of its
 * statements (D's own, Stable/Stable/Common, when it has none).  Under
 * -e (stmts), each statement's description follows, as far as the
 * first that matches no single probe.
 */
static void report_attrs(const struct dt *d, const struct dt_cmd *cm,
			 FILE *f, bool stmts)
{
	int i;

	bool script = cm->opt == 's';
	int len = script ? (int)strlen(cm->arg) : (int)strcspn(cm->arg, "{/;");

	fprintf(f, "\nStability attributes for %s %.*s:\n",
		script ? "script" : "description", len, cm->arg);
	dt_print_attr(f, "Minimum Probe Description Attributes",
		      cm->stmts ? cm->descattr : d_attr_default);
	dt_print_attr(f, "Minimum Statement Attributes",
		      cm->stmts ? cm->stmtattr : d_attr_default);
	if (!stmts)
		fprintf(f, "\n");
	for (i = 0; stmts && i < cm->descs.n; i++)
		if (dt_desc_info(cm->descs.v[i], d->pid, f))
			break;
	fflush(f);
}

/*
 * A description is named up to its predicate or body, as dtrace names
 * it ("syscall:::entry ").  Like dtrace's other notices, quiet (-q, or
 * the option set by -x or a pragma) leaves it out; -v's report follows
 * each program's, quiet or not.
 */
static void say_matched(struct dt *d)
{
	int i;

	for (i = 0; i < d->ncmds; i++) {
		const struct dt_cmd *cm = &d->cmds[i];
		bool script = cm->opt == 's';
		int len = script ? (int)strlen(cm->arg) :
				   (int)strcspn(cm->arg, "{/;");

		if (!d->quiet)
			fprintf(stderr, "dtrace: %s '%.*s' matched %d probe%s\n",
				script ? "script" : "description", len, cm->arg,
				cm->matched, cm->matched == 1 ? "" : "s");
		if (d->verbose)
			report_attrs(d, cm, d->out ? d->out : stdout, false);
	}
}

static int run_setup(void *arg, struct runtime *rt)
{
	struct dt *d = arg;

	d->rt = rt;
	say_matched(d);
	if (d->destructive && !d->quiet)
		fprintf(stderr, "dtrace: allowing destructive actions\n");
	return 0;
}

/*
 * DTrace's record of a clause's run: its recorded values one after the
 * other, each at its alignment, from off.  A string takes strsize bytes.
 */
struct dt_rec {
	size_t off, align;
	bool label;		/* the clause's label: its default action */
};

/* -x dynvarsize, as dynvar_entries() reads it while the maps are made. */
static uint64_t dt_dynvarsize;

/*
 * An associative array or thread-local variable: DTrace's dynamic ones,
 * named as D names them (the engine's own maps have other names).
 */
static bool dynvar(const struct symbol *sym)
{
	const char *c = sym->name;

	if (!sym->key)
		return false;
	if (!strncmp(c, "self->", 6))
		c += 6;
	if (!*c || isdigit((unsigned char)*c))
		return false;
	for (; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_')
			return false;
	return true;
}

/*
 * The entries of a dynamic variable's map: what dynvarsize holds of
 * them, as dtrace-utils sizes its map of dynamic variables, dynvarsize
 * over a tuple (its components, 8 bytes an integer, and an 8-byte
 * thread key) and a value of the variable's D type; one at least.  The
 * whole of dynvarsize is each variable's here, where dtrace-utils'
 * variables share one map sized by the largest tuple and value.
 */
static int dynvar_entries(const struct symbol *sym, int key_size,
			  int value_size)
{
	const struct type *t;
	uint64_t tuple, dvar, n;

	if (!dynvar(sym))
		return 0;
	tuple = ALIGN_UP((uint64_t)key_size, 8) + 8;
	t = sym->shown_val ? sym->shown_val : sym->val;
	dvar = t && t->size > 0 ? (uint64_t)t->size : (uint64_t)value_size;
	n = dt_dynvarsize / (tuple + dvar);
	if (!n)
		n = 1;
	return n > INT32_MAX ? INT32_MAX : (int)n;
}

/*
 * The size D gives a recorded integer where ferret computes it in 64
 * bits: a variable's (x, x++, x = y, x += y) is its declared or first
 * assigned type's.  0: the record's own.
 */
static int d_size(const struct node *n)
{
	const struct node *v = n;

	if (n->kind == N_INCDEC || n->kind == N_ASSIGN)
		v = n->a;
	if (v->kind != N_MAP || !v->sym || !v->sym->shown_val ||
	    v->sym->shown_val->kind != TY_INT || !n->type ||
	    n->type->kind != TY_INT)
		return 0;
	return v->sym->shown_val->size;
}

/* The D sizes of the arguments of every printf() and trace() under n. */
static void fmt_dsizes(struct dt *d, const struct node *n, int nfmts)
{
	int i;

	if (!n)
		return;
	if (n->kind == N_CALL && (!strcmp(n->name, "printf") ||
				  !strcmp(n->name, "trace")) &&
	    n->id >= 0 && n->id < nfmts && n->nlist > 1) {
		if (!d->fmt_dsize) {
			d->fmt_dsize = xcalloc(nfmts + 1, sizeof(*d->fmt_dsize));
			d->nfmts = nfmts;
		}
		free(d->fmt_dsize[n->id]);
		d->fmt_dsize[n->id] = xcalloc(n->nlist, sizeof(int));
		for (i = 1; i < n->nlist; i++)
			d->fmt_dsize[n->id][i - 1] = d_size(n->list[i]);
	}
	fmt_dsizes(d, n->a, nfmts);
	fmt_dsizes(d, n->b, nfmts);
	fmt_dsizes(d, n->c, nfmts);
	for (i = 0; i < n->nlist; i++)
		fmt_dsizes(d, n->list[i], nfmts);
}

static void rec_value(struct dt_rec *r, const struct type *t, int strsize,
		      int dsize)
{
	size_t size = 8, a = 8;

	if (dsize > 0) {
		size = a = (size_t)dsize;
	} else if (t && t->kind == TY_STR) {
		size = (size_t)strsize;
		a = 1;
	} else if (t && t->size > 0) {
		size = (size_t)t->size;
		a = t->kind == TY_STRUCT && t->align ? (size_t)t->align :
		    size >= 8 ? 8 : size >= 4 ? 4 : size >= 2 ? 2 : 1;
	}
	r->off = ALIGN_UP(r->off, a) + size;
	if (a > r->align)
		r->align = a;
}

/* What the statements of block b record, into r. */
static void rec_block(struct dt_rec *r, const struct node *b, int strsize)
{
	int i, j;

	for (i = 0; b && i < b->nlist; i++) {
		const struct node *st = b->list[i], *call;

		if (st->kind == N_IF) {
			rec_block(r, st->b, strsize);
			if (st->c && st->c->kind == N_IF) {
				struct node fake = { .kind = N_BLOCK };
				const struct node *one[1] = { st->c };

				fake.list = (struct node **)one;
				fake.nlist = 1;
				rec_block(r, &fake, strsize);
			} else {
				rec_block(r, st->c, strsize);
			}
			continue;
		}
		if (st->kind == N_BLOCK) {
			rec_block(r, st, strsize);
			continue;
		}
		if (!stmt_call(st))
			continue;
		call = st->a;
		if (!strcmp(call->name, "printf") || !strcmp(call->name, "trace")) {
			for (j = 1; j < call->nlist; j++) {
				const struct node *a = call->list[j];

				if (a->kind == N_BUILTIN &&
				    !strcmp(a->name, "__dprobe"))
					r->label = true;
				else
					rec_value(r, a->type, strsize, d_size(a));
			}
		} else if (!strcmp(call->name, "exit")) {
			r->off = ALIGN_UP(r->off, (size_t)4) + 4;
		} else if (call->bi && call->bi->rec_kind) {
			rec_value(r, NULL, strsize, 0);
		}
	}
}

/*
 * The bytes a run takes in DTrace's principal buffer as its kernel kept
 * it: a 4-byte EPID and the data, to the data's alignment; 0 for a run
 * that records nothing.
 */
static size_t rec_v1_size(const struct dt_rec *r)
{
	size_t a = r->align > 4 ? r->align : 4;

	if (r->off == 4 && !r->label)
		return 0;
	return ALIGN_UP(r->off, a);
}

/* Whether clause p has a description of probe name ("END"). */
static bool clause_is(const struct node *p, const char *name)
{
	int i;

	for (i = 0; i < p->nspecs; i++)
		if (!strcmp(p->specs[i]->str, name))
			return true;
	return false;
}

/*
 * dtrace's checks of the buffer size when tracing is enabled: under the
 * fill policy, room for what END's clauses record (DTrace's kernel
 * reserves it); then room for a perf header and the largest record as
 * dtrace-utils lays it out (a 16-byte header, the data; an ERROR
 * clause's record carries the fault's five arguments).  0, or -ENOSPC
 * after reporting.
 */
static int buf_check(struct dt *d, const struct node *prog)
{
	size_t maxrec = 0, reserve = 0;
	int i;

	for (i = 0; i < prog->nlist; i++) {
		const struct node *p = prog->list[i];
		struct dt_rec v1 = { 4, 4, false }, utils = { 16, 8, false };

		rec_block(&v1, p->b, d->strsize_run);
		rec_block(&utils, p->b, d->strsize_run);
		if (clause_is(p, "END"))
			reserve += rec_v1_size(&v1);
		if (clause_is(p, "ERROR") && utils.off < 16 + 5 * 8)
			utils.off = 16 + 5 * 8;
		if (utils.off > maxrec)
			maxrec = utils.off;
	}
	d->end_reserve = d->bufpolicy == BUF_FILL ? reserve : 0;
	if (d->bufpolicy == BUF_FILL && reserve > d->bufsize) {
		say_matched(d);
		fprintf(stderr, "dtrace: could not enable tracing: END enablings exceed size of principal buffer\n");
		return -ENOSPC;
	}
	if (d->bufsize < 8 + maxrec) {
		say_matched(d);
		fprintf(stderr, "dtrace: could not enable tracing: Enabling exceeds size of buffer\n");
		return -ENOSPC;
	}
	return 0;
}

/*
 * dtrace-utils' check of its maps of associative arrays and aggregations
 * when tracing is enabled: each holds entries of its largest tuple (the
 * keys, 8 bytes an integer; an aggregation's its id too) and largest
 * value (an aggregation's data a sequence word too), and one that holds
 * none is refused.
 * Thread-local variables take no part: dtrace-utils runs them with a
 * dynvarsize that holds none.  0, or -ENOSPC after reporting.
 */
static int map_check(struct dt *d, const struct compiled *c)
{
	uint64_t dtuple = 0, dval = 0, atuple = 0, aval = 0;
	int i;

	for (i = 0; i < c->maps.n; i++) {
		const struct symbol *sym = c->maps.v[i];
		const struct type *t = sym->shown_val ? sym->shown_val : sym->val;
		uint64_t k = sym->key ? ALIGN_UP((uint64_t)sym->key->size, 8) : 0;
		uint64_t v = t && t->size > 0 ? ALIGN_UP((uint64_t)t->size, 8) : 8;

		if (dynvar(sym) && strncmp(sym->name, "self->", 6)) {
			dtuple = k > dtuple ? k : dtuple;
			dval = v > dval ? v : dval;
		} else if (sym->name[0] == '@' && sym->val &&
			   type_is_agg(sym->val)) {
			atuple = k + 8 > atuple ? k + 8 : atuple;
			aval = v + 8 > aval ? v + 8 : aval;
		}
	}
	if ((dval && d->dynvarsize < dtuple + dval) ||
	    (aval && d->aggsize && d->aggsize < atuple + aval)) {
		say_matched(d);
		fprintf(stderr, "dtrace: could not enable tracing: Enabling exceeds size of buffer\n");
		return -ENOSPC;
	}
	return 0;
}

/* A kept run's size in DTrace's buffer (see rec_v1_size()); -1: leave it. */
static long run_size(const struct dt *d, const struct runtime *rt,
		     const struct buf *run)
{
	struct dt_rec r = { 4, 4, false };
	size_t at = 0, size;

	while (at + sizeof(size) <= run->len) {
		const struct rec_hdr *h;
		const struct fmt_spec *fs;
		int i;

		memcpy(&size, run->p + at, sizeof(size));
		at += sizeof(size);
		h = (const struct rec_hdr *)(run->p + at);
		at += (size + 7) & ~(size_t)7;
		if (h->kind & REC_SPEC_MASK)
			return -1;
		switch (h->kind & REC_KIND_MASK) {
		case REC_PRINTF:
			fs = h->id < (uint32_t)rt->c->fmts.n ?
			     rt->c->fmts.v[h->id] : NULL;
			for (i = 0; fs && i < fs->nargs; i++) {
				const struct type *t = fs->args[i].type;

				if (t->kind == TY_NAMED && t->namer &&
				    !strcmp(t->namer->name, "__dprobe"))
					r.label = true;
				else
					rec_value(&r, t, d->strsize_run,
						  h->id < (uint32_t)d->nfmts &&
						  d->fmt_dsize[h->id] ?
						  d->fmt_dsize[h->id][i] : 0);
			}
			break;
		case REC_EXIT:
			r.off = ALIGN_UP(r.off, (size_t)4) + 4;
			break;
		default:
			rec_value(&r, NULL, d->strsize_run, 0);
			break;
		}
	}
	return (long)rec_v1_size(&r);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* The buffer of CPU cpu, made on first use. */
static struct dt_cpubuf *cpubuf(struct dt *d, int cpu)
{
	if (cpu >= d->ncpus) {
		d->cpus = xrealloc(d->cpus, (cpu + 1) * sizeof(*d->cpus));
		memset(d->cpus + d->ncpus, 0,
		       (cpu + 1 - d->ncpus) * sizeof(*d->cpus));
		d->ncpus = cpu + 1;
	}
	return &d->cpus[cpu];
}

static void keep_run(struct dt_cpubuf *cb, const struct buf *run, size_t size)
{
	struct dt_kept *k;

	if (cb->n == cb->cap) {
		cb->cap = cb->cap ? 2 * cb->cap : 64;
		cb->runs = xrealloc(cb->runs, cb->cap * sizeof(*cb->runs));
	}
	k = &cb->runs[cb->n++];
	memset(k, 0, sizeof(*k));
	buf_put(&k->run, run->p, run->len);
	k->size = size;
	cb->used += size;
}

/*
 * A clause's run on CPU cpu, weighed as DTrace's principal buffer of
 * that CPU would take it (held_run of run_sink).  switch: the buffer is
 * emptied every switchrate; a run that does not fit is a drop, told.
 * fill: runs are kept until one does not fit beside END's reserve; then
 * the CPU takes nothing more and tracing stops, as DTrace stops when a
 * fill buffer fills.  ring: runs are kept, the oldest dropped to make
 * room.  Kept runs are printed when tracing stops (buf_drain()); the
 * exit() of a run kept or dropped takes effect now.
 */
static int buf_run(void *arg, struct runtime *rt, int cpu,
		   const struct buf *run)
{
	struct dt *d = arg;
	long size = run_size(d, rt, run);
	struct dt_cpubuf *cb;
	uint64_t now;
	int i;

	if (!d->buf_emulate || size <= 0)
		return 0;
	cb = cpubuf(d, cpu);
	switch (d->bufpolicy) {
	case BUF_SWITCH:
		now = mono_ns();
		if (now - d->switched >= d->switchrate) {
			for (i = 0; i < d->ncpus; i++)
				d->cpus[i].used = 0;
			d->switched = now;
		}
		if (cb->used + (size_t)size > d->bufsize) {
			cb->drops++;
			goto drop;
		}
		cb->used += (size_t)size;
		return 0;
	case BUF_FILL:
		if (cb->full)
			goto drop;
		if (cb->used + (size_t)size > d->bufsize - d->end_reserve) {
			cb->full = true;
			d->filled = true;
			goto drop;
		}
		break;
	case BUF_RING:
		if ((size_t)size > d->bufsize) {
			cb->drops++;
			goto drop;
		}
		while (cb->used + (size_t)size > d->bufsize) {
			cb->used -= cb->runs[cb->first].size;
			buf_free(&cb->runs[cb->first++].run);
		}
		break;
	}
	keep_run(cb, run, (size_t)size);
drop:
	/* exit() is not data: it takes effect whatever the buffer holds */
	run_take_run(rt, run, RUN_TAKE_EXITS);
	return 1;
}

/* The runs the buffers kept, CPU by CPU, as dtrace reads them at the end. */
/*
 * dtrace sees an exit() at its status checks (dtrace_status()), the
 * first as tracing starts and then one a statusrate, so END runs at
 * the first check after the exit().  Where the script sets statusrate,
 * END waits for that check (a signal ends the wait); at dtrace's
 * default of a second, ferret ends at once.
 */
static void status_wait(struct dt *d, struct runtime *rt)
{
	uint64_t now = mono_ns(), until;
	struct timespec ts;

	if (!d->statusrate_set || !rt->exiting || !d->started || !d->statusrate ||
	    now <= d->started)
		return;
	until = d->started + (now - d->started + d->statusrate - 1) / d->statusrate *
			     d->statusrate;
	ts.tv_sec = (time_t)(until / 1000000000ULL);
	ts.tv_nsec = (long)(until % 1000000000ULL);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

static void buf_drain(void *arg, struct runtime *rt)
{
	struct dt *d = arg;
	int i, k;

	d->stopped = true;
	status_wait(d, rt);

	for (i = 0; i < d->ncpus; i++) {
		struct dt_cpubuf *cb = &d->cpus[i];

		for (k = cb->first; k < cb->n; k++) {
			run_take_run(rt, &cb->runs[k].run, RUN_TAKE_BUT_EXITS);
			buf_free(&cb->runs[k].run);
		}
		cb->first = cb->n = 0;
		cb->used = 0;
	}
}

/*
 * The ring buffer's losses as dtrace's principal buffer drops (by CPU),
 * refused updates of aggregations as its aggregation drops, and of
 * dynamic variables as its dynamic variable drops, since last told.
 */
static void say_stat_drops(struct dt *d, struct runtime *rt)
{
	int n = rt->out.ncpus, i, m;
	uint64_t *v = xcalloc(n + 1, sizeof(*v)), dyn = 0, k;

	if (!d->lost_said) {
		d->lost_said = xcalloc(n + 1, sizeof(*d->lost_said));
		d->aggdrops_said = xcalloc(n + 1, sizeof(*d->aggdrops_said));
	}
	if (!run_stat_cpus(rt, STAT_LOST, v))
		for (i = 0; i < n; i++) {
			cpubuf(d, i)->drops += v[i] - d->lost_said[i];
			d->lost_said[i] = v[i];
		}
	for (i = 0; i < n; i++)
		v[i] = 0;
	for (m = 0; m < rt->nmaps; m++) {
		uint64_t *w = xcalloc(n + 1, sizeof(*w));

		if (!run_stat_cpus(rt, STAT_MAP_FULL0 + m, w))
			for (i = 0; i < n; i++) {
				if (dynvar(rt->maps[m].sym))
					dyn += w[i];
				else if (rt->maps[m].name[0] == '@')
					v[i] += w[i];
			}
		free(w);
	}
	for (i = 0; i < n; i++) {
		k = v[i] - d->aggdrops_said[i];
		if (k)
			fprintf(stderr, "dtrace: %llu aggregation drop%s on CPU %d\n",
				(unsigned long long)k, k > 1 ? "s" : "", i);
		d->aggdrops_said[i] = v[i];
	}
	k = dyn - d->dyndrops_said;
	if (k)
		fprintf(stderr, "dtrace: %llu dynamic variable drop%s\n",
			(unsigned long long)k, k > 1 ? "s" : "");
	d->dyndrops_said = dyn;
	free(v);
}

/*
 * dtrace's notices of principal buffer drops since the last, by CPU, at
 * most once a statusrate (as dtrace reads its status) but at the end.
 */
static void say_cpu_drops(struct dt *d, bool end)
{
	uint64_t now = mono_ns();
	int i;

	if (!end && now - d->status_at < d->statusrate)
		return;
	d->status_at = now;
	if (d->rt)
		say_stat_drops(d, d->rt);

	for (i = 0; i < d->ncpus; i++) {
		struct dt_cpubuf *cb = &d->cpus[i];
		uint64_t n = cb->drops - cb->said;

		if (!n)
			continue;
		fprintf(stderr, "dtrace: %llu drop%s on CPU %d\n",
			(unsigned long long)n, n > 1 ? "s" : "", i);
		cb->said = cb->drops;
	}
}

static void buf_free_all(struct dt *d)
{
	int i, k;

	for (i = 0; i < d->ncpus; i++) {
		for (k = d->cpus[i].first; k < d->cpus[i].n; k++)
			buf_free(&d->cpus[i].runs[k].run);
		free(d->cpus[i].runs);
	}
	free(d->cpus);
}

/* dtrace's notices of drops since the last, in its order and words. */
static void say_drops(struct dt *d)
{
	static const struct { const char *what, *why; } notices[] = {
		{ "speculative drop", "" },
		{ "failed speculation", " (no speculative buffer available)" },
	};
	uint64_t now[2];
	size_t i;

	if (!d->rt || !d->rt->c->uses_spec)
		return;
	now[0] = d->rt->spec_drops;
	now[1] = run_stat(d->rt, STAT_SPEC_UNAVAIL(d->rt->c));
	for (i = 0; i < ARRAY_SIZE(notices); i++) {
		uint64_t n = now[i] - d->said[i];

		if (!n)
			continue;
		fprintf(stderr, "dtrace: %llu %s%s%s\n", (unsigned long long)n,
			notices[i].what, n > 1 ? "s" : "", notices[i].why);
		d->said[i] = now[i];
	}
}

/* Once every probe is attached: the status interval starts, as dtrace's. */
static int run_started(void *arg)
{
	struct dt *d = arg;

	d->status_at = mono_ns();
	d->started = d->rt && d->rt->exiting ? 0 : d->status_at;
	return 0;
}

static bool run_tick(void *arg, bool child_done)
{
	struct dt *d = arg;

	say_drops(d);
	say_cpu_drops(d, false);
	if (d->filled)
		return true;
	/* -c's command, or -p's process */
	if (child_done && (d->child > 0 || d->pid > 0) && !d->child_said) {
		d->child_said = true;
		if (!d->quiet)
			fprintf(stderr, "dtrace: pid %d has exited\n",
				(int)(d->child > 0 ? d->child : d->pid));
	}
	return child_done;
}

/* Keys this run names in user space: probe names, symbols, stacks. */
static void key_text(void *arg, const struct type *t, const void *p,
		     struct buf *out)
{
	struct runtime *rt = arg;

	print_value(&rt->out, t, p, out);
}

/*
 * An address as %a (pid < 0: the kernel's) or %A (process pid's) names
 * it: the object that holds it ("vmlinux" for the kernel's own text and
 * data, a module's name, a user object's base name, "libc.so.6") and the
 * symbol, text or data, at or below it, if any (s->name NULL when the
 * object alone is known).
 * The names live until the next call.
 */
static int dsym(void *arg, uint64_t addr, int pid, struct bi_dtrace_sym *s)
{
	static char object[128], name[256];
	struct sym_proc *p = NULL;
	struct buf b = { 0 };
	struct sym_where w;
	char *plus, *end;
	const char *base;
	uint64_t off;
	size_t n;
	int ret;

	(void)arg;
	if (pid >= 0) {
		p = pid ? sym_proc_note(pid, false) : NULL;
		/* not mapped when captured: it may have exec'd or loaded it since */
		if (p && !sym_proc_covers(p, addr))
			p = sym_proc_note(pid, true);
		if (!p || sym_user_where(p, addr, &w))
			return -ENOENT;
		base = strrchr(w.path, '/');
		snprintf(object, sizeof(object), "%s", base ? base + 1 : w.path);
		ret = sym_user_ex(p, addr, SYM_OFFSET, &b);
	} else {
		if (sym_kernel_where(addr, &w) && sym_kernel_image(addr, &w))
			return -ENOENT;
		n = strlen(w.path);
		if (!strcmp(w.path, "[kernel.kallsyms]") || n < 2)
			snprintf(object, sizeof(object), "vmlinux");
		else
			snprintf(object, sizeof(object), "%.*s", (int)(n - 2),
				 w.path + 1);
		ret = sym_kernel_ex(addr, SYM_OFFSET | SYM_DATA, &b);
	}
	s->object = object;
	s->name = NULL;
	s->base = w.start;
	if (ret) {
		buf_free(&b);
		return 0;
	}
	buf_put(&b, "", 1);
	plus = strrchr(b.p, '+');
	off = plus ? strtoull(plus + 1, &end, 10) : 0;
	if (plus)
		*plus = '\0';
	snprintf(name, sizeof(name), "%s", b.p);
	buf_free(&b);
	s->name = name;
	s->value = addr - off;
	return 0;
}

/* dsym() for the D printer. */
static int addr_sym(void *arg, uint64_t addr, int pid, struct dp_sym *s)
{
	struct bi_dtrace_sym ds;

	if (dsym(arg, addr, pid, &ds))
		return -ENOENT;
	s->object = ds.object;
	s->name = ds.name;
	s->value = ds.value;
	return 0;
}

/*
 * The frames of a stack value (TY_KSTACK, TY_USTACK at p), read from its
 * stack map, and its process (-1 for the kernel).
 */
static int stack_frames(void *arg, const struct type *t, const void *p,
			uint64_t *pcs, int *pid)
{
	struct runtime *rt = arg;
	struct sym_proc *proc;
	uint64_t v;

	*pid = -1;
	if (t->kind == TY_USTACK) {
		memcpy(&v, (const char *)p + 8, sizeof(v));
		*pid = (int)v;
	}
	return print_stack_read(&rt->out, t, p, pcs, &proc);
}

/*
 * trace()'s value under rawbytes, dumped as dtrace dumps the record: an
 * integer's bytes, or a string's strsize + 1, zeros after its NUL (a
 * record here may hold fewer, and bytes past the NUL are not cleared).
 */
static void raw_value(const struct dt *d, const struct type *t,
		      const char *p, struct buf *out)
{
	size_t n = (size_t)t->size, len;
	struct buf text = { 0 };
	char *s;

	if (t->kind == TY_INT || t->kind == TY_PTR) {
		d_print_rawbytes(out, p, n < 8 ? n : 8);
		return;
	}
	/* a probe's name: the text it prints, as a string of D's */
	if (t->kind == TY_NAMED) {
		print_value(&d->rt->out, t, p, &text);
		p = text.p ? text.p : "";
		n = text.len;
	}
	len = strnlen(p, n);
	n = (size_t)d->strsize_run + 1;
	s = xcalloc(n, 1);
	memcpy(s, p, len < n ? len : n - 1);
	d_print_rawbytes(out, s, n);
	free(s);
	buf_free(&text);
}

/*
 * Each printf() record (trace()'s and the clause labels' too), with
 * DTrace's conversions: an integer is formatted at its own size (%x of
 * a 64-bit value prints all of it).  Values that are neither integers
 * nor strings (probe names, stacks, symbols) are their text, as %s.  A
 * format DTrace's rules cannot print falls back to the engine's.
 */
/* The text of printf() (or system(), freopen()) record fs, payload: b. */
static void d_format(struct dt *d, const struct fmt_spec *fs,
		     const void *payload, struct buf *out)
{
	struct runtime *rt = d->rt;
	struct dp_val *vals = xcalloc(fs->nargs + 1, sizeof(*vals));
	struct buf *texts = xcalloc(fs->nargs + 1, sizeof(*texts));
	struct dp_ctx ctx = { .text = key_text, .text_arg = rt,
			      .sym = addr_sym, .stack = stack_frames };
	uint64_t (*pcs)[STACK_DEPTH] = xcalloc(fs->nargs + 1, sizeof(*pcs));
	uint64_t addr;
	int i;

	d->clause = fs;
	for (i = 0; i < fs->nargs; i++) {
		const struct type *t = fs->args[i].type;
		const char *p = (const char *)payload + fs->args[i].offset;
		struct dp_val *v = &vals[i];

		if (t->kind != TY_BUF && !strcmp(fs->fmt, "%r")) {
			raw_value(d, t, p, &texts[i]);
			v->s = texts[i].p ? texts[i].p : "";
			v->n = texts[i].len;
		} else if (t->kind == TY_INT || t->kind == TY_PTR) {
			uint64_t u = 0;

			memcpy(&u, p, t->size < 8 ? t->size : 8);
			v->size = t->size < 8 ? t->size : 8;
			v->is_signed = t->kind == TY_INT && t->is_signed;
			/* %A names it in $target's address space */
			v->pid = d->pid > 0 ? d->pid : 0;
			v->i = (int64_t)u;
			if (v->is_signed && v->size < 8)
				v->i = (int64_t)(u << (64 - 8 * v->size)) >>
				       (64 - 8 * v->size);
		} else if (t->kind == TY_STR) {
			v->s = p;
			v->n = strnlen(p, t->size);
		} else if (t->kind == TY_FLOAT) {
			float f;
			double df;
			long double lf;

			v->fp = true;
			if (t->size == 4) {
				memcpy(&f, p, sizeof(f));
				v->f = f;
			} else if (t->size == 8) {
				memcpy(&df, p, sizeof(df));
				v->f = df;
			} else {
				memcpy(&lf, p, sizeof(lf));
				v->f = lf;
			}
		} else if (t->kind == TY_BUF) {
			/* tracemem()'s bytes: DTrace's offset, hex and ASCII dump. */
			int64_t n;

			memcpy(&n, p, 8);
			if (n < 0)
				n = 0;
			if (n > t->size - 8)
				n = t->size - 8;
			d_print_rawbytes(&texts[i], p + 8, (size_t)n);
			v->s = texts[i].p ? texts[i].p : "";
			v->n = texts[i].len;
		} else if (t->kind == TY_KSTACK || t->kind == TY_USTACK) {
			v->stack = true;
			v->pcs = pcs[i];
			v->npcs = stack_frames(rt, t, p, pcs[i], &v->pid);
		} else {
			/* D's symbol values: %a and %A take their address */
			if (bi_dtrace_symaddr(t, p, &addr, &v->pid)) {
				v->addr = true;
				v->i = (int64_t)addr;
				v->size = 8;
			}
			print_value(&rt->out, t, p, &texts[i]);
			buf_put(&texts[i], "", 1);
			v->s = texts[i].p;
			v->n = texts[i].len - 1;
		}
	}
	if (d_print_printf(out, fs->fmt, vals, fs->nargs, &ctx)) {
		out->len = 0;
		print_format(&rt->out, fs, payload, out);
	}
	for (i = 0; i < fs->nargs; i++)
		buf_free(&texts[i]);
	free(texts);
	free(vals);
	free(pcs);
}

static void run_printf(void *arg, const struct fmt_spec *fs,
		       const void *payload)
{
	struct dt *d = arg;
	struct buf b = { 0 };

	d_format(d, fs, payload, &b);
	fwrite(b.p, 1, b.len, d->rt->out.f);
	buf_free(&b);
}

static int run_format(void *arg, const struct fmt_spec *fs,
		      const void *payload, struct buf *out)
{
	d_format(arg, fs, payload, out);
	return 0;
}

/*
 * printf()'s, system()'s and freopen()'s formats are checked by DTrace's
 * rules, as run_printf() and run_format() print them ("%%" a percent
 * sign), and printa()'s against its keys; cat() and the rest keep the
 * engine's.
 */
static int fmt_check(const char *func, const char *fmt,
		     const struct type *const *args, int nargs, int *at,
		     char *err, size_t len)
{
	/* trace()'s format is trace_conv()'s, made for its argument */
	if (!strcmp(func, "trace"))
		return 0;
	/* printa()'s: its first aggregation's keys, that aggregation at *at */
	if (!strcmp(func, "printa"))
		return d_print_check_keys(fmt, args, nargs, *at, err, len);
	if (strcmp(func, "printf") && strcmp(func, "system") &&
	    strcmp(func, "freopen"))
		return 1;
	/* freopen("") goes back to the standard output */
	if (!strcmp(func, "freopen") && !*fmt && !nargs)
		return 0;
	return d_print_check(func, fmt, args, nargs, at, err, len);
}

struct named_key {
	char *text;
	void *raw;
};

static int cmp_named_key(const void *pa, const void *pb)
{
	const struct named_key *a = pa, *b = pb;
	int r = strcmp(a->text, b->text);

	/* the first of a text's raw values is the one its keys all take */
	return r ? r : a->raw < b->raw ? -1 : a->raw > b->raw;
}

/*
 * A key field named in user space (probefunc, probename ...) holds what
 * the probe sent, which differs between probes of one name (a function's
 * entry and return): the fields of one text take one of its values, so
 * that DTrace's key, the text, is one key.
 */
static void group_named(struct runtime *rt, const struct type *t, int off,
			struct print_entries *e)
{
	struct named_key *v = xcalloc(e->n + 1, sizeof(*v));
	struct buf b = { 0 };
	int i, first = 0;

	for (i = 0; i < e->n; i++) {
		b.len = 0;
		key_text(rt, t, (char *)e->v[i].key + off, &b);
		buf_put(&b, "", 1);
		v[i].text = xstrdup(b.p);
		v[i].raw = (char *)e->v[i].key + off;
	}
	qsort(v, e->n, sizeof(*v), cmp_named_key);
	for (i = 1; i < e->n; i++) {
		if (strcmp(v[i].text, v[first].text))
			first = i;
		else
			memcpy(v[i].raw, v[first].raw, (size_t)t->size);
	}
	for (i = 0; i < e->n; i++)
		free(v[i].text);
	free(v);
	buf_free(&b);
}

/*
 * Keys as DTrace aggregates them: addresses of one symbol (sym(),
 * func(), usym() ...) as one, and names in user space by their text;
 * the entries that then share a key are merged.
 */
static void group_keys(struct runtime *rt, const struct symbol *sym,
		       struct print_entries *e)
{
	const struct type *k = sym->key;
	int nf = k && k->kind == TY_TUPLE ? k->nfields : k ? 1 : 0;
	bool any = false;
	int i, f;

	for (f = 0; f < nf; f++) {
		const struct type *t = k->kind == TY_TUPLE ? k->fields[f].type : k;
		int off = k->kind == TY_TUPLE ? k->fields[f].offset : 0;

		if (t->kind == TY_NAMED) {
			group_named(rt, t, off, e);
			any = true;
		}
		any |= bi_dtrace_symaddr(t, NULL, NULL, NULL);
	}
	if (!any)
		return;
	for (i = 0; i < e->n; i++)
		for (f = 0; f < nf; f++) {
			const struct type *t = k->kind == TY_TUPLE ?
					       k->fields[f].type : k;
			int off = k->kind == TY_TUPLE ? k->fields[f].offset : 0;

			/* the reader's storage, which this copy owns */
			bi_dtrace_sym_group(t, (char *)e->v[i].key + off);
		}
	d_print_merge(sym, e->v, &e->n);
}

/*
 * Reads map i of rt into *e and describes it in *a, its keys grouped as
 * DTrace aggregates them when group is set.  0 or -errno.
 */
static int read_agg(struct dt *d, struct runtime *rt, int i,
		    struct print_entries *e, struct dp_agg *a, bool group)
{
	int ret = print_read_map(&rt->out, &rt->maps[i], e);

	if (ret) {
		fprintf(stderr, "dtrace: cannot read %s: %s\n",
			rt->maps[i].name, util_strerror(-ret));
		return ret;
	}
	if (group)
		group_keys(rt, rt->maps[i].sym, e);
	a->sym = rt->maps[i].sym;
	a->ents = e->v;
	a->n = e->n;
	a->normal = d->normal ? d->normal[i] : 0;
	return 0;
}

/*
 * clear(), trunc(), normalize(), denormalize(), on the maps as they are
 * when the record arrives (as printa() prints them then).  clear() keeps
 * the keys with zero values, as DTrace's does.
 */
static int run_aggact(void *arg, struct runtime *rt, int op, uint32_t id,
		      int64_t value)
{
	struct dt *d = arg;
	int m = (int)id - MAP_NFIXED, n, ret, i;
	struct print_entries e;
	const struct print_entry **drop;
	const void **keys;
	struct dp_agg a;

	if (m < 0 || m >= rt->nmaps)
		return -EINVAL;
	if (!d->normal)
		d->normal = xcalloc(rt->nmaps + 1, sizeof(*d->normal));
	switch (op) {
	case DAGG_NORMALIZE:
		d->normal[m] = (uint64_t)value;
		return 0;
	case DAGG_DENORMALIZE:
		d->normal[m] = 1;
		return 0;
	case DAGG_CLEAR: {
		/*
		 * DTrace clears min() to INT64_MAX and max() to INT64_MIN,
		 * and prints them so until a value comes.
		 */
		const struct type *t = rt->maps[m].sym->val;
		struct agg_minmax mm = { INT64_MAX, 1 };

		if (t->kind != TY_MIN && t->kind != TY_MAX)
			return print_zero_map(&rt->out, &rt->maps[m]);
		if (t->kind == TY_MAX)
			mm.value = INT64_MIN;
		return print_fill_map(&rt->out, &rt->maps[m], &mm, sizeof(mm));
	}
	case DAGG_TRUNC:
		if (!value)
			return print_clear_map(&rt->maps[m]);
		break;
	default:
		return -EINVAL;
	}
	ret = read_agg(d, rt, m, &e, &a, false);
	if (ret) {
		print_entries_free(&e);
		return ret;
	}
	drop = xcalloc(a.n + 1, sizeof(*drop));
	keys = xcalloc(a.n + 1, sizeof(*keys));
	n = d_print_trunc(&a, value, drop);
	for (i = 0; i < n; i++)
		keys[i] = drop[i]->key;
	ret = print_delete_keys(&rt->out, &rt->maps[m], keys, n);
	free(keys);
	free(drop);
	print_entries_free(&e);
	return ret;
}

/*
 * Whether option name is one of dtrace's run-time options that only
 * dynamic ones may follow while tracing (dt_options[] from "aggsize" up
 * to "aggrate", dtrace's _dtrace_rtoptions): those are "Operation
 * illegal when tracing is active" whatever their value.
 */
static bool static_runtime_option(const char *name)
{
	size_t i, rt = 0, drt = 0;

	for (i = 0; i < ARRAY_SIZE(dt_options); i++) {
		if (!strcmp(dt_options[i].name, "aggsize"))
			rt = i;
		else if (!strcmp(dt_options[i].name, "aggrate"))
			drt = i;
	}
	for (i = rt; i < drt; i++)
		if (!strcmp(dt_options[i].name, name))
			return true;
	return false;
}

/*
 * setopt(), as dtrace's dtrace_setopt() takes it while tracing: without
 * a value the option is set to "1"; a compile-time option is checked
 * (and changes nothing now), a dynamic one (quiet, rawbytes, the
 * aggsort ones, printsize, switchrate ...) checked and set, a run-time
 * one refused, each failure reported in dtrace's words and tracing
 * going on.
 */
static int run_setopt(void *arg, const char *name, const char *value,
		      int clause, const struct bi_dtrace_probe *p)
{
	struct dt *d = arg;
	char err[128];

	if (!value)
		value = "1";
	if (static_runtime_option(name))
		snprintf(err, sizeof(err), "Operation illegal when tracing is active");
	else if (!strcmp(name, "flowindent"))
		snprintf(err, sizeof(err), "not while tracing here: the labels are compiled into the clauses");
	else if (!set_option(d, name, value, false, err, sizeof(err)))
		return 0;
	fprintf(stderr, "dtrace: error in dt_clause_%d for probe ID %d (%s:%s:%s:%s): couldn't set option \"%s\" to \"%s\": %s\n\n",
		clause, p ? p->id : 0, p ? p->prov : "", p ? p->mod : "",
		p ? p->func : "", p ? p->name : "", name, value, err);
	return 0;
}

/* print(): the value's layout, as dtrace's print() shows it. */
static int run_print(void *arg, struct runtime *rt, const struct type *t,
		     const char *name, uint64_t addr, const void *data,
		     size_t n)
{
	struct dt *d = arg;
	struct buf b = { 0 };

	d_type_print(&b, t, name, addr, data, n,
		     d->printsize ? d->printsize : D_TYPE_PRINTSIZE);
	fwrite(b.p, 1, b.len, rt->out.f);
	buf_free(&b);
	return 0;
}

static void agg_copy_free(struct dt *d)
{
	int i;

	for (i = 0; i < d->nagg_copy; i++)
		print_entries_free(&d->agg_copy[i]);
	free(d->agg_copy);
	d->agg_copy = NULL;
	d->nagg_copy = 0;
}

/* A copy of every aggregation, for printa() to show until the next. */
static void agg_copy_take(struct dt *d, struct runtime *rt)
{
	struct dp_agg a;
	int i;

	agg_copy_free(d);
	d->agg_copy = xcalloc(rt->nmaps + 1, sizeof(*d->agg_copy));
	d->nagg_copy = rt->nmaps;
	for (i = 0; i < rt->nmaps; i++)
		if (rt->maps[i].name[0] == '@' &&
		    read_agg(d, rt, i, &d->agg_copy[i], &a, true))
			print_entries_free(&d->agg_copy[i]);
}

/*
 * A new copy if an aggrate has passed since the last one's time, which
 * then moves on by one aggrate: dtrace's check at each consumption of
 * the buffers, which lags behind a clock it visits less often.
 */
static void agg_copy_due(struct dt *d, struct runtime *rt)
{
	if (mono_ns() - d->agg_at < d->aggrate)
		return;
	d->agg_at += d->aggrate;
	agg_copy_take(d, rt);
}

static int agg_poll_fd(void *arg)
{
	return ((struct dt *)arg)->agg_timer;
}

/* dtrace consumes the buffers at least once a switchrate. */
static void agg_poll_ready(void *arg)
{
	struct dt *d = arg;
	uint64_t ticks;

	if (read(d->agg_timer, &ticks, sizeof(ticks)) > 0 && d->rt &&
	    d->agg_at)
		agg_copy_due(d, d->rt);
}

/*
 * printa()'s entries of map m: the aggrate copy while tracing, else the
 * map now (once tracing stops dtrace snaps again, so END shows it).
 */
static int printa_agg(struct dt *d, struct runtime *rt, int m,
		      struct print_entries *e, struct dp_agg *a)
{
	uint64_t tick = d->switchrate ? d->switchrate : 1000000000ULL;
	struct itimerspec it = {
		.it_value = { (time_t)(tick / 1000000000ULL),
			      (long)(tick % 1000000000ULL) },
		.it_interval = { (time_t)(tick / 1000000000ULL),
				 (long)(tick % 1000000000ULL) },
	};

	if (!d->aggrate || d->stopped || rt->exiting || run_stopping())
		return read_agg(d, rt, m, e, a, true);
	if (!d->agg_at) {
		d->agg_at = mono_ns();
		agg_copy_take(d, rt);
		d->agg_timer = timerfd_create(CLOCK_MONOTONIC,
					      TFD_CLOEXEC | TFD_NONBLOCK);
		if (d->agg_timer >= 0)
			timerfd_settime(d->agg_timer, 0, &it, NULL);
	} else {
		agg_copy_due(d, rt);
	}
	a->sym = rt->maps[m].sym;
	a->ents = m < d->nagg_copy ? d->agg_copy[m].v : NULL;
	a->n = m < d->nagg_copy ? d->agg_copy[m].n : 0;
	a->normal = d->normal ? d->normal[m] : 0;
	return 0;
}

/* printa(): the maps now, and none of them again at exit. */
static int run_printa(void *arg, struct runtime *rt, const char *fmt,
		      const uint32_t *ids, int n)
{
	struct dt *d = arg;
	struct dp_agg *aggs = xcalloc(n + 1, sizeof(*aggs));
	struct print_entries *ents = xcalloc(n + 1, sizeof(*ents));
	struct dp_ctx ctx = { .text = key_text, .text_arg = rt,
			      .sym = addr_sym, .stack = stack_frames };
	struct buf b = { 0 };
	int i, k = 0, ret = 0;

	if (!d->printed)
		d->printed = xcalloc(rt->nmaps + 1, sizeof(*d->printed));
	for (i = 0; i < n && !ret; i++) {
		int m = (int)ids[i] - MAP_NFIXED;

		if (m < 0 || m >= rt->nmaps) {
			ret = -EINVAL;
			break;
		}
		d->printed[m] = true;
		ret = printa_agg(d, rt, m, &ents[k], &aggs[k]);
		k++;
	}
	if (!ret && fmt)
		ret = d_print_printa_fmt(&b, fmt, aggs, k, &d->agg_opts, &ctx);
	else if (!ret)
		d_print_printa(&b, aggs, k, &d->agg_opts, &ctx);
	if (ret == -EINVAL && fmt)
		fprintf(stderr, "dtrace: printa( ) format \"%s\" wants more keys than the aggregation has\n",
			fmt);
	fwrite(b.p, 1, b.len, rt->out.f);
	buf_free(&b);
	for (i = 0; i < k; i++)
		print_entries_free(&ents[i]);
	free(ents);
	free(aggs);
	return ret;
}

/*
 * At exit: the last label's line ends, then dtrace's empty line and the
 * aggregations (maps named "@..."), in the order the program made them,
 * but for those printa() printed.
 */
static void run_finish(void *arg, struct runtime *rt)
{
	struct dt *d = arg;
	struct dp_agg *aggs = xcalloc(rt->nmaps + 1, sizeof(*aggs));
	struct print_entries *ents = xcalloc(rt->nmaps + 1, sizeof(*ents));
	struct dp_ctx ctx = { .text = key_text, .text_arg = rt,
			      .sym = addr_sym, .stack = stack_frames };
	struct buf b = { 0 };
	int i, n = 0;

	say_drops(d);
	say_cpu_drops(d, true);
	if (d->labels && !d->quiet)
		buf_put(&b, "\n", 1);
	for (i = 0; i < rt->nmaps; i++) {
		if (rt->maps[i].name[0] != '@' || (d->printed && d->printed[i]))
			continue;
		if (read_agg(d, rt, i, &ents[n], &aggs[n], true)) {
			print_entries_free(&ents[n]);
			continue;
		}
		n++;
	}
	d_print_exit(&b, aggs, n, &d->agg_opts, &ctx);
	fwrite(b.p, 1, b.len, rt->out.f);
	buf_free(&b);
	for (i = 0; i < n; i++)
		print_entries_free(&ents[i]);
	free(ents);
	free(aggs);
}

/* Drops the names of d->defines that define name (NAME or NAME=...). */
static void cpp_undef(struct dt *d, const char *name)
{
	size_t n = strlen(name);
	int i, k = 0;

	for (i = 0; i < d->defines.n; i++) {
		char *def = d->defines.v[i];

		if (!strncmp(def, name, n) && (!def[n] || def[n] == '=')) {
			free(def);
			continue;
		}
		d->defines.v[k++] = def;
	}
	d->defines.n = k;
}

/*
 * The names -C's preprocessor starts with, as dtrace's cpp has them: its
 * own (D's version, the system's), C's __STDC__ but under -X s (K&R C),
 * and gcc's for this machine, then -D and -U in command-line order.
 * NULL-terminated.
 */
static void cpp_names(struct dt *d)
{
	static const char *const predef[] = {
		"__linux", "__unix", "__SVR4", "__SUNW_D=1", "__SUNW_D_64",
		"__Linux", "__amd64", "__SUNW_D_VERSION=0x02000000",
		"__linux__", "__unix__", "__x86_64__",
	};
	size_t i;
	int k;

	for (i = 0; i < ARRAY_SIZE(predef); i++)
		vec_push(&d->defines, xstrdup(predef[i]));
	if (!d->stdc_k_and_r) {
		vec_push(&d->defines, xstrdup("__STDC__=1"));
		vec_push(&d->defines, xstrdup("__STDC_VERSION__=199901L"));
	}
	for (k = 0; k < d->cmd_defines.n; k++) {
		const char *c = d->cmd_defines.v[k];

		if (c[0] == 'D')
			vec_push(&d->defines, xstrdup(c + 1));
		else
			cpp_undef(d, c + 1);
	}
	vec_push(&d->defines, NULL);
}

/* Reads cm's text into src (cm->text owns it); NULL after reporting. */
static char *read_program(struct dt_cmd *cm, struct source *src)
{
	if (cm->opt == 's') {
		src->name = cm->arg;
		cm->text = util_read_file(cm->arg, NULL);
		if (!cm->text)
			fprintf(stderr, "dtrace: failed to open %s: %s\n",
				cm->arg, util_strerror(errno));
		cm->lead = xasprintf("dtrace: failed to compile script %s: ",
				     cm->arg);
	} else {
		/* A name starting with '-' tells the parser it is no file. */
		static const char *const names[] = {
			['n'] = "-n", ['P'] = "-P", ['m'] = "-m", ['f'] = "-f",
			['i'] = "-i",
		};

		src->name = names[cm->opt];
		cm->text = xstrdup(cm->arg);
		cm->lead = xasprintf("dtrace: invalid probe specifier %s: ",
				     cm->arg);
	}
	src->text = cm->text;
	return cm->text;
}

/*
 * Probe descriptions that are numbers (-i 12, or one in a program) name
 * the probe dtrace -l numbers so: each becomes that probe's description.
 * True after reporting a number no probe has.
 */
static bool resolve_ids(const struct source *one, struct node *prog)
{
	int i, j;

	for (i = 0; i < prog->nlist; i++)
		for (j = 0; j < prog->list[i]->nspecs; j++) {
			struct node *s = prog->list[i]->specs[j];
			char *desc;

			if (!s->str || !*s->str ||
			    strspn(s->str, "0123456789") != strlen(s->str))
				continue;
			desc = dt_probe_by_id(strtol(s->str, NULL, 10));
			if (!desc) {
				diag_error(one, &s->loc, "[D_PDESC_INVAL] invalid probe identifier %s: Unknown probe identifier",
					   s->str);
				return true;
			}
			free(s->str);
			s->str = desc;
		}
	return false;
}

/*
 * dtrace's check after reading each program: unless -x argref (or the
 * program's pragma) says otherwise, its last argument must be referenced,
 * else D_MACRO_UNUSED, named at the line the reading ended on.  True
 * after reporting it.
 */
static bool unused_arg(const struct dt *d, const struct dt_cmd *cm,
		       const struct source *one, const struct d_macros *m,
		       const struct vec *pragmas, int np)
{
	struct loc loc = { .line = 1 };
	const char *t;
	int i;

	if (m->nargs < 1 || d->argref || m->argref[m->nargs])
		return false;
	for (i = np; i < pragmas->n; i++)
		if (!strcmp(((struct d_pragma *)pragmas->v[i])->name, "argref"))
			return false;
	for (t = cm->text; *t; t++)
		loc.line += *t == '\n';
	diag_error(one, &loc, "[D_MACRO_UNUSED] extraneous argument '%s' ($%d is not referenced)",
		   m->args[m->nargs - 1], m->nargs);
	return true;
}

static void shift_lines(struct node *n, int by)
{
	int i;

	if (!n)
		return;
	n->loc.line += by;
	shift_lines(n->a, by);
	shift_lines(n->b, by);
	shift_lines(n->c, by);
	for (i = 0; i < n->nlist; i++)
		shift_lines(n->list[i], by);
	for (i = 0; i < n->nspecs; i++)
		shift_lines(n->specs[i], by);
}

/*
 * Parses every program of the command line into one tree on one source,
 * src, whose text joins theirs; their pragmas go to pragmas.  Each is
 * parsed on its own text, so that its parse errors name it; errors found
 * later are led as its own by line (diag_add_lead).  NULL after
 * reporting.
 */
static struct node *parse_programs(struct dt *d, struct source *src,
				   const struct d_macros *macros,
				   struct vec *pragmas)
{
	struct node *prog = NULL, *part;
	struct buf all = { 0 };
	int k, i, line = 0;

	for (k = 0; k < d->ncmds; k++) {
		struct dt_cmd *cm = &d->cmds[k];
		struct source one = { 0 };
		struct d_macros mm;
		int np = pragmas->n;
		const char *t;

		if (!read_program(cm, &one))
			goto fail;
		diag_set_lead(cm->lead, cm->opt == 's');
		if (d->cpp) {
			struct cpp_opts cpo = { 0 };
			char *pp;

			cpo.defines = (const char *const *)d->defines.v;
			cpo.include_dirs = (const char *const *)d->incdirs.v;
			cpo.keep_pragmas = true;
			cpo.d_cpp = true;
			/*
			 * As dtrace runs cpp: its message in the form of the
			 * preprocessor's own, then dtrace's line.
			 */
			diag_set_lead(NULL, false);
			pp = cpp_run(&one, &cpo);
			diag_set_lead(cm->lead, cm->opt == 's');
			if (!pp) {
				fprintf(stderr, "%sPreprocessor failed to process input program\n",
					cm->lead);
				goto fail;
			}
			free(cm->text);
			cm->text = pp;
			one.text = pp;
		}
		d_args_hook = dt_args_type;
		d_provider_attr_hook = dt_provider_attr;
		/* -P, -m and -f name a description's first fields only */
		mm = *macros;
		mm.level = cm->opt == 'P' ? 1 : cm->opt == 'm' ? 2 :
			   cm->opt == 'f' ? 3 : 4;
		mm.argref = xcalloc(macros->nargs + 1, sizeof(*mm.argref));
		part = d_parse_program(&one, &mm, pragmas);
		if (part && (resolve_ids(&one, part) ||
			     unused_arg(d, cm, &one, &mm, pragmas, np))) {
			ast_free(part);
			part = NULL;
		}
		free(mm.argref);
		if (!part)
			goto fail;
		shift_lines(part, line);
		for (i = np; i < pragmas->n; i++)
			((struct d_pragma *)pragmas->v[i])->loc.line += line;
		if (!prog) {
			prog = part;
		} else {
			for (i = 0; i < part->nlist; i++)
				ast_push(prog, part->list[i]);
			part->nlist = 0;
			ast_free(part);
		}
		cm->first = line + 1;
		for (t = cm->text; *t; t++)
			cm->nlines += *t == '\n';
		if (t > cm->text && t[-1] != '\n')
			cm->nlines++;
		buf_put(&all, cm->text, t - cm->text);
		if (t > cm->text && t[-1] != '\n')
			buf_put(&all, "\n", 1);
		line += cm->nlines;
		if (k == 0)
			src->name = one.name;
	}
	buf_put(&all, "", 1);
	src->text = all.p;
	diag_set_lead(NULL, false);
	for (k = 0; k < d->ncmds; k++)
		diag_add_lead(d->cmds[k].first, d->cmds[k].lead,
			      d->cmds[k].opt == 's');
	return prog;
fail:
	buf_free(&all);
	ast_free(prog);
	return NULL;
}

/*
 * Compiles *ast into c at strsize, DTrace's 256 unless set.  A string
 * takes strsize + 1 bytes, more than the 512-byte BPF stack spares for
 * a few: the compiler keeps a probe's large ones in per-CPU scratch when
 * its frame would overflow, so no strsize is lowered to fit.
 */
static int compile_d(struct dt *d, struct compiled *c, struct source *src,
		     struct node **ast, struct compile_opts *o)
{
	int strsize = d->strsize ? d->strsize : 256;

	/* D's strsize counts characters; the engine's strings hold a NUL too. */
	o->strlen = strsize + 1;
	cdecl_strsize(strsize);
	return compile_program(c, src, *ast, o);
}

/*
 * The probe descriptions of every clause of prog, in order (strings
 * appended to descs): what -l lists, taken before lower() turns them
 * into ferret specs.
 */
static void list_descs(const struct node *prog, struct vec *descs)
{
	int i, j;

	for (i = 0; i < prog->nlist; i++)
		for (j = 0; j < prog->list[i]->nspecs; j++)
			vec_push(descs, xstrdup(prog->list[i]->specs[j]->str));
}

/*
 * -l with programs: the probes each description matches, description
 * by description under one heading, so a probe two descriptions match
 * is listed twice, as dtrace lists each statement's.  A description that
 * matches nothing is told and the listing goes on: dtrace's -l implies
 * -Z, and its status stays 0.
 */
static int list_probes(struct dt *d, const struct vec *descs)
{
	int i;

	dt_list_header();
	for (i = 0; i < descs->n; i++)
		if (dt_list(descs->v[i], d->pid, d->verbose) == -EINVAL)
			return 1;
	return 0;
}

int dt_main(int argc, char **argv)
{
	/* dtrace's defaults: one speculation of 4 MiB. */
	struct dt d = { .pid = -1, .nspec = 1, .specsize = 4 << 20,
			.bufsize = 4 << 20, .switchrate = 1000000000,
			.statusrate = 1000000000, .dynvarsize = 1 << 20, .cpu = -1,
			.agg_timer = -1 };
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { .out = stdout, .quiet = true };
	struct run_sink sink = {
		.arg = &d, .setup = run_setup, .tick = run_tick,
		.finish = run_finish, .printf_rec = run_printf,
		.format_rec = run_format,
		.held_run = buf_run, .drain = buf_drain, .started = run_started,
		.poll_fd = agg_poll_fd, .poll_ready = agg_poll_ready,
	};
	struct bi_dtrace_label label = {
		.arg = &d, .show = label_show, .trace_conv = trace_conv,
		.sym = dsym,
		.printa = run_printa, .probe_name = dt_probe_name,
		.probe_free = dt_probe_free, .aggact = run_aggact,
		.setopt = run_setopt, .print = run_print,
	};
	struct d_macros macros = { .target = -1 };
	struct source src = { 0 };
	int ret_c;
	struct vec pragmas = { 0 }, descs = { 0 };
	struct node *ast = NULL;
	struct compiled c;
	bool compiled = false;
	char *text = NULL;
	int opt, ret = 1, i, go_fd = -1, status = -1;
	pid_t child = 0;

	d.testing = getenv("_DTRACE_TESTING") != NULL;
	diag_set_carets(!d.testing);
	optind = 0;
	while ((opt = getopt(argc, argv, dt_optstring)) != -1) {
		switch (opt) {
		case 'n': case 's': case 'P': case 'm': case 'f': case 'i':
			if (d.ncmds == DT_CMDS_MAX) {
				fprintf(stderr, "dtrace: at most %d programs (-n, -s, -P, -m, -f, -i)\n",
					DT_CMDS_MAX);
				return 2;
			}
			d.cmds[d.ncmds].opt = opt;
			d.cmds[d.ncmds++].arg = optarg;
			break;
		case 'l':
			d.list = true;
			break;
		case 'q':
			d.quiet = true;
			break;
		case 'c':
			d.cmd_line = optarg;
			break;
		case 'p': {
			char *end;
			long v = strtol(optarg, &end, 10);

			if (*end || v <= 0) {
				fprintf(stderr, "dtrace: invalid pid: %s\n", optarg);
				return 2;
			}
			d.pid = v;
			break;
		}
		case 'o':
			d.outfile = optarg;
			break;
		case 'w':
			d.destructive = true;
			break;
		case 'x':
			if (set_x(&d, optarg))
				return 1;
			break;
		case 'C':
			d.cpp = true;
			break;
		case 'D':
		case 'U':
			vec_push(&d.cmd_defines, xasprintf("%c%s", opt, optarg));
			break;
		case 'I':
			vec_push(&d.incdirs, xstrdup(optarg));
			break;
		case 'Z':
			d.zdefs = true;
			break;
		case '6':
		case '3':
			/* -64 is the data model D has here; -32's is not made */
			if (strcmp(optarg, opt == '6' ? "4" : "2")) {
				fprintf(stderr, "dtrace: illegal option -- %c%s\n",
					opt, optarg);
				usage(stderr);
				return 2;
			}
			if (opt == '3') {
				fprintf(stderr, "dtrace: -32 is not supported: ferret compiles D for the 64-bit data model (LP64) only\n");
				return 2;
			}
			break;
		case 'e':
			d.compile_only = true;
			break;
		case 'S':
			d.dump = true;
			break;
		case 'b':
		case 'X': {
			char err[128];

			if (set_option(&d, opt == 'b' ? "bufsize" : "stdc",
				       optarg, false, err, sizeof(err))) {
				fprintf(stderr, "dtrace: failed to set -%c %s: %s\n",
					opt, optarg, err);
				return 1;
			}
			break;
		}
		case 'v':
			d.verbose = true;
			break;
		case 'V':
			printf("dtrace: Oracle D 2.0\n");
			return 0;
		case 'h':
			usage(stdout);
			return 0;
		case 'F':
			d.flowindent = true;
			break;
		case 'G': case 'A': case 'a': case 'H':
			fprintf(stderr, "dtrace: -%c is not supported by ferret dtrace\n",
				opt);
			return 2;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (d.pid > 0 && d.cmd_line) {
		fprintf(stderr, "dtrace: only one of -c and -p may be given\n");
		return 2;
	}
	/* As dtrace fails to grab it: its error's text alone. */
	if (d.pid > 0 && kill((pid_t)d.pid, 0) && errno == ESRCH) {
		fprintf(stderr, "dtrace: %s\n", strerror(ESRCH));
		return 1;
	}
	/*
	 * The consumer is named dtrace, as D scripts expect of it: their
	 * /execname != "dtrace"/ leaves out its own system calls, and its
	 * BEGIN and END probes fire with that execname.
	 */
	prctl(PR_SET_NAME, "dtrace", 0, 0, 0);
	/* As dtrace creates the process: before anything is compiled. */
	if (d.cmd_line) {
		char *copy, **cargv = run_split_command(d.cmd_line, &copy);
		int bad = util_which(cargv[0], NULL);

		if (bad)
			fprintf(stderr, "dtrace: failed to execute %s: %s\n", cargv[0],
				strerror(-bad));
		free(cargv);
		free(copy);
		if (bad)
			return 1;
	}
	provider_dtrace = true;
	if (d.list && !d.ncmds) {
		if (d.pid > 0)
			provider_pid = d.pid;
		dt_list_header();
		ret = dt_list(NULL, d.pid, d.verbose) ? 1 : 0;
		goto out;
	}
	/* -e with nothing to compile has nothing to do: dtrace exits 0 */
	if (!d.ncmds && d.compile_only)
		return 0;
	if (!d.ncmds) {
		usage(stderr);
		return 2;
	}
	macros.args = argv + optind;
	macros.defargs = d.defargs;
	macros.pspec = d.pspec;
	macros.empty = d.empty;
	macros.nargs = argc - optind;
	macros.pid = getpid();
	macros.ppid = getppid();
	macros.uid = getuid();
	macros.gid = getgid();
	provider_cmd = d.cmd_line;
	if (d.cmd_line && !d.dump) {
		child = run_start_command(d.cmd_line, &go_fd);
		if (child < 0)
			goto out;
		d.child = child;
		d.pid = child;
		copts.cpid = child;
		provider_cpid = child;
	}
	macros.target = d.pid;
	cpp_names(&d);
	vec_push(&d.incdirs, NULL);
	/* Declarations and offsetof() name the kernel's types as they parse. */
	kbtf_install();
	ast = parse_programs(&d, &src, &macros, &pragmas);
	text = (char *)src.text;
	if (!ast)
		goto out;
	for (i = 0; i < pragmas.n; i++) {
		struct d_pragma *pr = pragmas.v[i];
		char err[128];

		if (set_option(&d, pr->name, pr->value, true, err, sizeof(err))) {
			if (pr->value)
				diag_error(&src, &pr->loc, "[D_PRAGMA_OPTSET] failed to set option '%s' to '%s': %s",
					   pr->name, pr->value, err);
			else
				diag_error(&src, &pr->loc, "[D_PRAGMA_OPTSET] failed to set option '%s': %s",
					   pr->name, err);
			goto out;
		}
	}
	/*
	 * -l: the programs are parsed and their descriptions checked, but not
	 * compiled, since a probe that cannot attach here is one to list as
	 * unmatched, not an error.
	 */
	if (d.list) {
		list_descs(ast, &descs);
		d.zdefs = true;
	}
	if (lower(&d, &src, ast))
		goto out;
	if (d.list) {
		ret = list_probes(&d, &descs);
		goto out;
	}
	/* -e stops before dtrace counts what matched */
	if (!ast->nlist && d.compile_only) {
		ret = 0;
		goto out;
	}
	if (!ast->nlist && !d.zdefs) {
		say_matched(&d);
		fprintf(stderr, "dtrace: no probes matched\n");
		goto out;
	}
	if (!ast->nlist) {
		fprintf(stderr, "dtrace: no probes specified\n");
		goto out;
	}
	bi_dtrace_set_probes(NULL, 0, &label);
	copts.dtrace = true;
	/* Destructive actions compile; without -w the run is refused. */
	copts.unsafe = true;
	copts.nspec = d.nspec;
	copts.specsize = d.specsize;
	copts.scratchsize = d.scratchsize;
	copts.one_cpu = d.cpu >= 0;
	copts.cpu = d.cpu;
	copts.pcapsize = d.pcapsize;
	copts.stackframes = d.frames[0];
	copts.ustackframes = d.frames[1];
	copts.jstackframes = d.frames[2];
	copts.maxframes = d.frames[3];
	copts.fmt_check = fmt_check;
	/* each clause's run whole, to weigh against the buffer */
	copts.hold_runs = d.buf_emulate;
	dt_dynvarsize = d.dynvarsize;
	copts.map_entries = dynvar_entries;
	copts.decl_type = d_decl_type;
	/*
	 * The pid and USDT providers' probes are the target's alone, the
	 * command's too: its pid restricts their uprobes when they attach.
	 */
	copts.pid = d.pid > 0 ? d.pid : 0;
	if (d.dump)
		copts.dump = stdout;
	if (d.pid > 0)
		provider_pid = d.pid;
	compiled = true;
	ret_c = compile_d(&d, &c, &src, &ast, &copts);
	d.strsize_run = copts.strlen - 1;
	if (ret_c)
		goto out;
	d.nprobes = c.probes.n;
	d.probes = xcalloc(d.nprobes + 1, sizeof(*d.probes));
	for (i = 0; i < d.nprobes; i++)
		dt_probe_name(c.probes.v[i], &d.probes[i]);
	bi_dtrace_set_probes(d.probes, d.nprobes, &label);
	for (i = 0; i < c.attach.n; i++) {
		const struct cattach *at = c.attach.v[i];
		const struct cattach *prev = i ? c.attach.v[i - 1] : NULL;

		int k = d.ncmds - 1, line = at->clause->loc.line;

		/* a D probe on two events (proc:::exec) is one probe */
		if (prev && prev->clause == at->clause &&
		    !strcmp(prev->pi->name, at->pi->name))
			continue;
		while (k > 0 && d.cmds[k].first > line)
			k--;
		d.cmds[k].matched += at->pi->nsub ? at->pi->nsub : 1;
	}
	if (d.dump || d.compile_only) {
		/* -e -v: the reports, without dtrace's notices */
		for (i = 0; d.compile_only && d.verbose && i < d.ncmds; i++)
			report_attrs(&d, &d.cmds[i], stdout, true);
		ret = 0;
		goto out;
	}
	if (c.destructive && !d.destructive) {
		say_matched(&d);
		fprintf(stderr, "dtrace: could not enable tracing: Destructive actions not allowed\n");
		goto out;
	}
	if (buf_check(&d, ast) || map_check(&d, &c))
		goto out;
	if (d.buf_emulate)
		fmt_dsizes(&d, ast, c.fmts.n);
	d.switched = d.status_at = mono_ns();
	if (d.outfile) {
		ropts.out = d.out = fopen(d.outfile, "w");
		if (!ropts.out) {
			fprintf(stderr, "dtrace: failed to open output file '%s': %s\n",
				d.outfile, util_strerror(errno));
			ropts.out = stdout;
			goto out;
		}
	}
	ropts.bufmode = _IOLBF;
	ropts.stats_told = true;
	ropts.sink = &sink;
	ropts.pid = child ? 0 : copts.pid;
	ropts.child_status = &status;
	/* As dtrace starts the command: run to evaltime, then traced. */
	if (child > 0 && d.evaltime != EVAL_EXEC) {
		int sr = run_child_stop_at(child, go_fd,
					   d.evaltime == EVAL_PREINIT ? RUN_STOP_PREINIT :
					   d.evaltime == EVAL_MAIN ? RUN_STOP_MAIN :
					   RUN_STOP_POSTINIT);

		go_fd = -1;
		if (sr) {
			fprintf(stderr, "dtrace: failed to control pid %d: %s\n",
				(int)child, util_strerror(-sr));
			child = 0;
			ret = 1;
			goto out;
		}
		ropts.child_stopped = true;
	}
	ret = run_program(&c, &ropts, child, go_fd);
	go_fd = -1;
	child = 0;
out:
	if (go_fd >= 0)
		close(go_fd);
	if (child > 0)
		waitpid(child, NULL, 0);
	if (compiled)
		compile_free(&c);
	for (i = 0; i < d.nprobes; i++)
		dt_probe_free(&d.probes[i]);
	free(d.probes);
	free(d.printed);
	free(d.normal);
	agg_copy_free(&d);
	if (d.agg_timer >= 0)
		close(d.agg_timer);
	buf_free_all(&d);
	free(d.lost_said);
	free(d.aggdrops_said);
	for (i = 0; i < d.nfmts; i++)
		free(d.fmt_dsize[i]);
	free(d.fmt_dsize);
	d_flow_free(&d.flow);
	ast_free(ast);
	d_pragmas_free(&pragmas);
	for (i = 0; i < descs.n; i++)
		free(descs.v[i]);
	vec_free(&descs);
	free(text);
	for (i = 0; i < d.ncmds; i++) {
		int j;

		free(d.cmds[i].text);
		free(d.cmds[i].lead);
		for (j = 0; j < d.cmds[i].descs.n; j++) {
			dt_desc_free(d.cmds[i].descs.v[j]);
			free(d.cmds[i].descs.v[j]);
		}
		vec_free(&d.cmds[i].descs);
	}
	kbtf_release();
	type_free_all();
	for (i = 0; i < d.defines.n; i++)
		free(d.defines.v[i]);
	vec_free(&d.defines);
	for (i = 0; i < d.cmd_defines.n; i++)
		free(d.cmd_defines.v[i]);
	vec_free(&d.cmd_defines);
	for (i = 0; i < d.incdirs.n; i++)
		free(d.incdirs.v[i]);
	vec_free(&d.incdirs);
	if (ropts.out != stdout)
		fclose(ropts.out);
	return ret;
}
