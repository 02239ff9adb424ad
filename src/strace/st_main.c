/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: options, and the program's compile and run. */
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <regex.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <bpf/bpf.h>

#include "st_inject.h"
#include "st_main.h"
#include "st_out.h"
#include "st_prog.h"
#include "st_stack.h"
#include "st_sys.h"
#include "st_tips.h"
#include "st_xlat.h"
#include "../compile/compile.h"
#include "../kernel/btf.h"
#include "../kernel/features.h"
#include "../kernel/loader.h"
#include "../lang/parse.h"
#include "../lang/types.h"
#include "../runtime/run.h"

const char *st_progname;

void st_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", st_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static void st_usage(FILE *f)
{
	fprintf(f,
"usage: ferret strace [options] COMMAND [ARG...]\n"
"       ferret strace [options] -p PID [-p PID...]\n"
"\n"
"Traces system calls with eBPF, printing what strace prints.\n"
"\n"
"  -f             follow forks, vforks and threads\n"
"  -ff            and with -o FILE, each one's trace to FILE.PID\n"
"  -p PID         trace process PID (several allowed)\n"
"  -o FILE        write the trace to FILE (default: stderr); '|CMD' or\n"
"                 '!CMD': to a pipe to CMD, waited for at the end\n"
"  -A             append to -o's file\n"
"  -i             print the instruction pointer of each line\n"
"  -u USER        run the command as USER\n"
"  -b execve      let a process go when it runs execve\n"
"  -e trace=SET   only these calls: names, %%file %%process %%network\n"
"                 %%memory %%signal %%desc, all, none; !SET negates\n"
"  -e status=SET  only calls that are successful and/or failed\n"
"  -z, -Z         only successful (-z) or failed (-Z) calls\n"
"  -c             count time, calls and errors in the kernel; print a table\n"
"  -C             the table and the trace\n"
"  -w             -c times are wall-clock time in the call (else CPU time)\n"
"  -I N           1 anywhere, 2 waiting: SIGINT/SIGTERM stop the trace;\n"
"                 3 never (default with -o FILE COMMAND), 4 never_tstp\n"
"  -S KEY         sort -c's table by time, calls, errors, name, avg_time,\n"
"                 min_time, max_time or nothing\n"
"  -U COLUMNS     -c's columns (time-percent,total-time,avg-time,calls,...)\n"
"  -O OVERHEAD    take OVERHEAD (us; or s, ms, ns) off each call's -c time\n"
"  -T             time spent in each call\n"
"  -n             print each call's number\n"
"  -t, -tt, -ttt  time of day, with microseconds, or since the epoch\n"
"  -r             time since the previous call\n"
"  -s N           print at most N bytes of strings (32)\n"
"  -a N           align return values at column N (40)\n"
"  -x, -xx        strings with non-ASCII bytes, or all strings, in hex\n"
"  -X STYLE       constants: abbrev (names), raw (numbers), verbose (both);\n"
"                 also --const-print-style=STYLE\n"
"  -q, -qq        no attach/detach messages; no exit status lines either\n"
"  -e signal=SET  only these signals' lines (names or numbers, all, none)\n"
"  -e decode-fds=path  as -y; decode-fds=all as -yy\n"
"  -e read=SET, -e write=SET  a hex dump of the data read from or written\n"
"                 to these descriptors (numbers, all, none, !SET)\n"
"  -P PATH        only calls that touch PATH (several allowed)\n"
"  -E VAR=VAL, -E VAR  set or remove a variable of the command's\n"
"                 environment (several allowed)\n"
"  --seccomp-bpf  accepted: nothing stops the tracee anyway\n"
"  -e inject=SET:error=ERRNO|retval=N[:signal=SIG][:delay_enter=T][:when=EXPR]\n"
"                 make calls fail, return N, bring a signal (the command\n"
"                 ferret starts); -e fault=SET[:error=ERRNO] fails them\n"
"  -k, --stack-traces  the user stack of each call, after its line\n"
"  -y             print the paths of file descriptors\n"
"  -yy            and sockets' endpoints, devices' numbers, pidfds'\n"
"                 processes\n"
"  -Y             print the command names of process ids\n"
"  -v, --no-abbrev  structs whole (stat, statx, rusage), execve's\n"
"                 environment and directory entries listed\n"
"  --json         one JSON object per call\n"
"  --dump-program print the generated program and exit\n"
"  -d             the programs' sizes and verified instructions, and\n"
"                 calls the table does not name, on stderr\n"
"  --tips[=[id:]ID,[format:]FORMAT]  a tip before exit (random; compact,\n"
"                 full or none)\n"
"  -V, --version  print ferret's version\n");
}

/* What the command's process does before it waits to run. */
struct st_child {
	const struct st_opts *o;
	uid_t uid;		/* -u: the user's ids */
	gid_t gid;
};

static int st_child(void *arg)
{
	const struct st_child *c = arg;

	/* -u: the groups first, while the process may still set them. */
	if (c->o->user && (initgroups(c->o->user, c->gid) || setgid(c->gid) ||
			   setuid(c->uid))) {
		st_err("cannot run as %s: %s\n", c->o->user,
			strerror(errno));
		_exit(1);
	}
	/* -b execve: the command outlives ferret once it is let go. */
	if (c->o->detach_exec)
		prctl(PR_SET_PDEATHSIG, 0);
	return c->o->inject ? st_inj_child(c->o->inject) : 0;
}

static int parse_trace(struct st_opts *o, const char *set)
{
	o->filtered = true;
	return st_sys_set(o->traced, set);
}

static int parse_status(struct st_opts *o, const char *set)
{
	char *copy = xstrdup(set), *tok, *save = NULL;

	unsigned bits = 0;
	bool neg = *set == '!';

	free(copy);
	copy = xstrdup(set + neg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "successful"))
			bits |= ST_OK;
		else if (!strcmp(tok, "failed"))
			bits |= ST_FAILED;
		else if (!strcmp(tok, "unfinished"))
			bits |= ST_UNFINISHED;
		else if (!strcmp(tok, "detached"))
			bits |= ST_DETACHED;
		else if (!strcmp(tok, "unavailable"))
			/* ptrace's case: ferret reads every call's result. */
			;
		else if (!strcmp(tok, "all"))
			bits |= ST_ALL;
		else if (strcmp(tok, "none")) {
			st_err("invalid status '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
	}
	free(copy);
	/* Status 0 prints everything: a set that shows nothing is ST_NONE. */
	o->status = neg ? ST_ALL & ~bits : bits;
	if (!o->status)
		o->status = ST_NONE;
	return 0;
}

/* -e signal=SET: names with or without SIG, numbers, all, none, !SET. */
static int parse_signals(struct st_opts *o, const char *set)
{
	char *copy, *tok, *save = NULL;
	bool neg = *set == '!';
	uint64_t bits = 0;

	copy = xstrdup(set + neg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int sig = st_signum(tok);

		if (!strcmp(tok, "all"))
			bits = ~0ULL;
		else if (!strcmp(tok, "none"))
			bits = 0;
		else if (sig > 0 && sig <= 64)
			bits |= 1ULL << (sig - 1);
		else {
			st_err("invalid signal '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
	}
	free(copy);
	o->signals = neg ? ~bits : bits;
	return 0;
}

/*
 * -e read=SET, -e write=SET: descriptors, or all or none alone; each
 * leading '!' negates.  As strace, a bad descriptor is named, and a set
 * that names none ("", ",", "!") is named whole.
 */
static int parse_fdset(struct st_opts *o, struct st_fdset *s, const char *set)
{
	const char *whole = set;
	char *copy, *tok, *save = NULL, *end;
	bool neg = false, any = false;
	size_t i;

	for (; *set == '!'; set++)
		neg = !neg;
	memset(s, 0, sizeof(*s));
	copy = xstrdup(set);
	if (!strcmp(set, "all")) {
		memset(s->bits, 0xff, sizeof(s->bits));
		s->high = true;
		any = true;
	} else if (!strcmp(set, "none")) {
		any = true;
	}
	for (tok = any ? NULL : strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		long fd = strtol(tok, &end, 10);

		if (isdigit((unsigned char)*tok) && !*end && fd < 1024) {
			s->bits[fd / 64] |= 1ULL << (fd % 64);
		} else if (isdigit((unsigned char)*tok) && !*end && fd <= INT_MAX &&
			   s->nextra < ST_FDSET_EXTRA) {
			s->extra[s->nextra++] = (int)fd;
		} else {
			st_err("invalid descriptor '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
		any = true;
	}
	if (!any) {
		st_err("invalid descriptor '%s'\n", whole);
		free(copy);
		return -EINVAL;
	}
	free(copy);
	if (neg) {
		for (i = 0; i < ARRAY_SIZE(s->bits); i++)
			s->bits[i] = ~s->bits[i];
		s->neg = true;
	}
	for (i = 0; i < ARRAY_SIZE(s->bits); i++)
		o->dumping |= s->bits[i] != 0;
	o->dumping |= s->high || s->nextra || s->neg;
	return 0;
}

/*
 * decode-fds=SET: path (-y), socket and dev (what -yy adds for those),
 * all (-yy), none.
 */
static int parse_decode_fds(struct st_opts *o, const char *set)
{
	char *copy = xstrdup(set), *tok, *save = NULL;

	o->fdpaths = o->fdplain = o->fdsock = o->fddev = o->fdpidfd = false;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "path")) {
			o->fdpaths = o->fdplain = true;
		} else if (!strcmp(tok, "socket")) {
			o->fdpaths = o->fdsock = true;
		} else if (!strcmp(tok, "dev")) {
			o->fdpaths = o->fddev = true;
		} else if (!strcmp(tok, "pidfd")) {
			o->fdpaths = o->fdpidfd = true;
		} else if (!strcmp(tok, "all")) {
			o->fdpaths = o->fdplain = o->fdsock = o->fddev = o->fdpidfd = true;
		} else if (strcmp(tok, "none")) {
			st_err("invalid decode-fds '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
	}
	free(copy);
	return 0;
}

/*
 * quiet=SET: attach (-q), exit (with attach, -qq), personality and
 * path-resolution (messages ferret never prints), superseded and
 * thread-execve (the "+++ superseded" line), all, none.
 */
static int parse_quiet(struct st_opts *o, const char *set)
{
	char *copy = xstrdup(set + (*set == '!')), *tok, *save = NULL;
	bool attach = false, exit_ = false, super = false;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "attach"))
			attach = true;
		else if (!strcmp(tok, "exit") || !strcmp(tok, "exits"))
			exit_ = true;
		else if (!strcmp(tok, "superseded") || !strcmp(tok, "thread-execve"))
			super = true;
		else if (!strcmp(tok, "all"))
			attach = exit_ = super = true;
		else if (strcmp(tok, "none") && strcmp(tok, "personality") &&
			 strcmp(tok, "path-resolution")) {
			st_err("invalid quiet '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
	}
	free(copy);
	if (*set == '!') {
		attach = !attach;
		exit_ = !exit_;
		super = !super;
	}
	o->quiet = exit_ ? 2 : attach ? 1 : 0;
	o->quiet_superseded = super;
	return 0;
}

/*
 * -e abbrev= and -e verbose=: the calls the set names keep the default
 * (abbreviated, structs shown); out: by call number, those it leaves out.
 */
static int parse_call_set(bool *out, const char *spec)
{
	bool *set = xmalloc(ST_NR_MAX * sizeof(*set));
	int r = st_sys_set(set, spec), i;

	for (i = 0; !r && i < ST_NR_MAX; i++)
		out[i] = !set[i];
	free(set);
	return r;
}

static int parse_e(struct st_opts *o, const char *e)
{
	if (!strncmp(e, "signal=", 7))
		return parse_signals(o, e + 7);
	if (!strncmp(e, "signals=", 8))
		return parse_signals(o, e + 8);
	if (!strncmp(e, "inject=", 7))
		return st_inj_parse(&o->inject, e + 7, false);
	if (!strncmp(e, "fault=", 6))
		return st_inj_parse(&o->inject, e + 6, true);
	if (!strncmp(e, "decode-fds=", 11))
		return parse_decode_fds(o, e + 11);
	if (!strncmp(e, "decode-fd=", 10))
		return parse_decode_fds(o, e + 10);
	if (!strncmp(e, "quiet=", 6) || !strncmp(e, "q=", 2) ||
	    !strncmp(e, "silent=", 7) || !strncmp(e, "silence=", 8))
		return parse_quiet(o, strchr(e, '=') + 1);
	if (!strncmp(e, "decode-pids=", 12)) {
		if (!strcmp(e + 12, "comm"))
			o->pidcomm = true;
		else if (!strcmp(e + 12, "pidns"))
			o->pidns = true;
		else if (strcmp(e + 12, "none")) {
			st_err("invalid decode-pids '%s'\n", e + 12);
			return -EINVAL;
		}
		return 0;
	}
	if (!strncmp(e, "abbrev=", 7) || !strncmp(e, "a=", 2))
		return parse_call_set(o->unabbrev, strchr(e, '=') + 1);
	if (!strncmp(e, "raw=", 4)) {
		int r = st_sys_set(o->raw, e + 4);
		size_t i;

		for (i = 0; !r && i < ST_NR_MAX; i++)
			o->any_raw |= o->raw[i];
		return r;
	}
	if (!strncmp(e, "verbose=", 8) || !strncmp(e, "v=", 2))
		return parse_call_set(o->nonverbose, strchr(e, '=') + 1);
	if (!strncmp(e, "read=", 5))
		return parse_fdset(o, &o->dump_read, e + 5);
	if (!strncmp(e, "write=", 6))
		return parse_fdset(o, &o->dump_write, e + 6);
	if (!strncmp(e, "trace=", 6))
		return parse_trace(o, e + 6);
	if (!strncmp(e, "t=", 2))
		return parse_trace(o, e + 2);
	if (!strncmp(e, "status=", 7))
		return parse_status(o, e + 7);
	if (!strncmp(e, "kvm=", 4)) {
		if (strcmp(e + 4, "vcpu")) {
			st_err("invalid -e kvm= argument: '%s'\n", e + 4);
			return -EINVAL;
		}
		o->kvm_vcpu = true;
		return 0;
	}
	if (strchr(e, '=')) {
		st_err("-e %s is not supported (trace=, status=, signal=, raw=, read=, write=, decode-fds=, inject=, fault= and kvm= are)\n", e);
		return -EINVAL;
	}
	return parse_trace(o, e);
}

/*
 * PID and, under -f, every thread of it (the kernel's workers among them,
 * which strace attaches to as well).  Returns how many it added.
 */
static int add_pid(pid_t **tids, int *n, pid_t pid, bool follow)
{
	char path[64];
	struct dirent *de;
	int added = 1;
	DIR *d;

	*tids = xrealloc(*tids, (*n + 1) * sizeof(**tids));
	(*tids)[(*n)++] = pid;
	if (!follow)
		return added;
	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	d = opendir(path);
	if (!d)
		return added;
	while ((de = readdir(d))) {
		pid_t t = atoi(de->d_name);

		if (t > 0 && t != pid) {
			*tids = xrealloc(*tids, (*n + 1) * sizeof(**tids));
			(*tids)[(*n)++] = t;
			added++;
		}
	}
	closedir(d);
	return added;
}

/* cmd as execvp would find it, or NULL if it names a path or is not found. */
/*
 * Once the command runs, ferret lets go of its standard input and output
 * (the trace goes to stderr or to files it opened), as strace does: a
 * command that closes them must be the last to hold a pipe there, or the
 * process at the pipe's other end never sees EOF or EPIPE.
 */
static void release_std_fds(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	if (fd > STDOUT_FILENO)
		close(fd);
}

struct st_run {
	struct st_opts *o;
	struct st_out *out;
	pid_t child;
	const pid_t *tids;	/* the threads traced from the start */
	int ntids;
	const int *nthreads;	/* of each -p PID, as many as tids took */
	bool attached;		/* the -p lines are out */
	bool to_file;		/* -o */
	bool let_go;		/* -b execve let the command go */
	struct runtime *rt;
	const struct compiled *c;
	const struct loaded *lo;
};

static bool st_tick(void *arg, bool child_done)
{
	struct st_run *r = arg;
	int i;

	st_out_batch(r->out);
	/* As strace, once the processes are traced. */
	for (i = 0; !r->attached && r->o->quiet < 1 && i < r->o->npids; i++)
		if (r->nthreads[i] > 1)
			st_err("Process %d attached with %d threads\n", (int)r->o->pids[i],
			       r->nthreads[i]);
		else
			st_err("Process %d attached\n", (int)r->o->pids[i]);
	r->attached = true;
	/* -b execve: the run ends with the last task it lets go. */
	if (r->o->detach_exec && st_out_live(r->out) <= 0) {
		r->let_go = r->child > 0 && st_out_released(r->out, r->child);
		return true;
	}
	if (r->child > 0) {
		if (!child_done)
			return false;
		if (r->o->follow && st_out_live(r->out) > 0 && r->rt && run_lost(r->rt))
			st_out_prune(r->out);
		return !r->o->follow || st_out_live(r->out) <= 0;
	}
	for (i = 0; i < r->o->npids; i++)
		if (kill(r->o->pids[i], 0) == 0 || errno != ESRCH)
			return false;
	return true;
}

static bool st_busy(void *arg)
{
	struct st_run *r = arg;

	return st_out_holding(r->out);
}

static void st_printf(void *arg, const struct fmt_spec *fs, const void *p)
{
	struct st_run *r = arg;

	st_out_record(r->out, fs, p);
}

/* The threads traced from the start, when the program keeps them in @pids. */
static int set_tids(struct st_run *r, struct runtime *rt)
{
	const struct map_info *m = run_map_named(rt, "@pids");
	uint64_t one = 1;
	int i;

	for (i = 0; m && i < r->ntids; i++) {
		/* Little-endian: the id's low bytes first, whatever the key's size. */
		uint64_t k = (uint64_t)r->tids[i];

		if (bpf_map_update_elem(m->fd, &k, &one, BPF_ANY))
			return -errno;
	}
	return 0;
}

/*
 * -d: what the kernel holds of each program of the run, as it reports
 * it: its instructions after the verifier's rewriting, and those the
 * verifier processed when it checked it (by this run or, for programs
 * the pin cache gave, the run that loaded them).
 */
static void debug_progs(const struct st_run *r)
{
	uint64_t total = 0, verified = 0;
	int i, n = 0;

	for (i = 0; i < r->c->progs.n; i++) {
		const struct cprog *p = r->c->progs.v[i];
		struct bpf_prog_info info;
		uint32_t len = sizeof(info);

		memset(&info, 0, sizeof(info));
		if (p->fd < 0 || bpf_obj_get_info_by_fd(p->fd, &info, &len))
			continue;
		st_err("program %d (%s): %u instructions, %u processed by the verifier\n",
		       i, p->name,
		       info.xlated_prog_len / 8, info.verified_insns);
		total += info.xlated_prog_len / 8;
		verified += info.verified_insns;
		n++;
	}
	st_err("%d programs, %llu instructions, %llu processed by the verifier%s\n",
	       n, (unsigned long long)total, (unsigned long long)verified,
	       r->lo->reused ? ", when an earlier run loaded them (kept in /sys/fs/bpf/ferret)" : "");
}

/*
 * @sd: each call number's descriptor (st_prog_desc()), each fixed-size
 * letter's size (st_prog_fixed()) and the one thread traced, if the
 * program looks for it there, in one write; then @pids' threads.
 */
static int st_setup(void *arg, struct runtime *rt)
{
	struct st_run *r = arg;
	const struct map_info *m = run_map_named(rt, "@sd");

	r->rt = rt;
	int64_t vals[ST_SD_SIZE] = { 0 };
	bool pids = st_prog_uses_pids(r->o, r->ntids);
	long nr;
	int err = 0, l;

	if (r->o->debug)
		debug_progs(r);
	for (nr = 0; nr <= ST_NR_MAX; nr++)
		vals[nr] = (int64_t)st_prog_desc(r->o, nr);
	for (l = 1; l < 256; l++)
		vals[ST_FIXED_BASE + l] = (int64_t)st_prog_fixed((unsigned char)l);
	if (!pids)
		vals[ST_SD_TID] = r->tids[0];
	vals[ST_SD_HELD] = r->child;
	err = m ? loader_array_fill(m->fd, vals, ARRAY_SIZE(vals), sizeof(vals[0])) : 0;
	if (err) {
		st_err("cannot fill the map of calls: %s\n",
			strerror(-err));
		return err;
	}
	err = pids ? set_tids(r, rt) : 0;
	m = run_map_named(rt, "@inj");
	if (m && r->o->inject)
		st_inj_set_map(r->o->inject, m->fd);
	if (err)
		st_err("cannot set the threads to trace: %s\n",
			strerror(-err));
	return err;
}

/* -e inject=: the calls waiting for ferret's answer. */
static int st_poll_fd(void *arg)
{
	struct st_run *r = arg;

	return st_inj_fd(r->o->inject);
}

static void st_poll_ready(void *arg)
{
	struct st_run *r = arg;

	st_inj_ready(r->o->inject);
}

static void st_finish(void *arg, struct runtime *rt)
{
	struct st_run *r = arg;
	int i;

	st_out_finish(r->out, rt);
	/*
	 * Processes still running when tracing stops are detached; the
	 * command too, which a trace to a file keeps quiet about, as strace.
	 */
	for (i = 0; r->o->quiet < 1 && i < r->o->npids; i++)
		if (kill(r->o->pids[i], 0) == 0 && !st_out_released(r->out, r->o->pids[i]))
			st_err("Process %d detached\n",
				(int)r->o->pids[i]);
	if (r->child > 0 && r->o->quiet < 1 && !r->to_file && kill(r->child, 0) == 0 &&
	    !r->let_go)
		st_err("Process %d detached\n", (int)r->child);
}

/*
 * A child the command made with CLONE_PARENT, which is ferret's to reap:
 * untraced without -f, it is one strace calls unknown when it reaps it.
 */
static void st_stray(void *arg, pid_t pid)
{
	struct st_run *r = arg;

	if (!r->o->follow && r->o->quiet < 2)
		st_err("Exit of unknown pid %d ignored\n", (int)pid);
}

/*
 * Ends ferret by signal sig, as strace ends when its command died of one
 * or it was stopped by one: no core file of ferret's, and the signal
 * unblocked should ferret have inherited it blocked.  128 + sig should
 * the signal not be fatal.
 */
static int die_of(int sig, FILE *out)
{
	struct rlimit nocore = { 0, 0 };
	sigset_t set;

	fflush(out);
	setrlimit(RLIMIT_CORE, &nocore);
	signal(sig, SIG_DFL);
	raise(sig);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	return 128 + sig;
}

/*
 * -s N as strace takes it: a decimal number, signs and leading blanks
 * allowed, 0 to ST_STRSIZE_ASKED; -1 when it is not one.  What is shown
 * stops at ST_STRSIZE_MAX (st_main.h says why).
 */
static int parse_strsize(const char *arg)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (end == arg || *end || errno || v < 0 || v > ST_STRSIZE_ASKED)
		return -1;
	return v > ST_STRSIZE_MAX ? ST_STRSIZE_MAX : (int)v;
}

/* Codes of the long options without a short one. */
enum {
	LONG_QUAL = 256, LONG_RELATIVE, LONG_TIMESTAMPS, LONG_SYSCALL_TIMES,
	LONG_HEX, LONG_PIDNS, LONG_SECCOMP, LONG_DUMP, LONG_SEPARATE,
	LONG_DETACH_ON, LONG_STRSIZE, LONG_TIPS,
};

/* The columns of -c's table, -U's names and -S's keys, with strace's aliases. */
static const struct {
	const char *name;
	int col;
} col_names[] = {
	{ "time", ST_COL_PCT }, { "time_percent", ST_COL_PCT },
	{ "time-percent", ST_COL_PCT }, { "time_total", ST_COL_TOTAL },
	{ "time-total", ST_COL_TOTAL }, { "total_time", ST_COL_TOTAL },
	{ "total-time", ST_COL_TOTAL },
	{ "min_time", ST_COL_MIN }, { "min-time", ST_COL_MIN },
	{ "shortest", ST_COL_MIN }, { "time_min", ST_COL_MIN },
	{ "time-min", ST_COL_MIN },
	{ "longest", ST_COL_MAX }, { "max_time", ST_COL_MAX },
	{ "max-time", ST_COL_MAX }, { "time_max", ST_COL_MAX },
	{ "time-max", ST_COL_MAX },
	{ "avg_time", ST_COL_AVG }, { "avg-time", ST_COL_AVG },
	{ "time_avg", ST_COL_AVG }, { "time-avg", ST_COL_AVG },
	{ "calls", ST_COL_CALLS }, { "count", ST_COL_CALLS },
	{ "error", ST_COL_ERRORS }, { "errors", ST_COL_ERRORS },
	{ "name", ST_COL_NAME }, { "syscall", ST_COL_NAME },
	{ "syscall_name", ST_COL_NAME }, { "syscall-name", ST_COL_NAME },
	{ "none", ST_COL_NONE }, { "nothing", ST_COL_NONE },
};

/* The column named by the n bytes at name, or -1. */
static int col_named(const char *name, size_t n)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(col_names); k++)
		if (!strncmp(col_names[k].name, name, n) && !col_names[k].name[n])
			return col_names[k].col;
	return -1;
}

/*
 * -O OVERHEAD: a time, an integer or a decimal number with an exponent,
 * in s, ms, us (the default, as strace's) or ns; into *ns.  -EINVAL when
 * malformed.
 */
static int parse_overhead(const char *arg, uint64_t *ns)
{
	static const struct { const char *sfx; double scale; } units[] = {
		{ "", 1e3 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 }, { "ns", 1 },
	};
	size_t flen = strspn(arg, "eE.-+0123456789"), ilen = strspn(arg, "+0123456789"), k;
	unsigned long long iv = 0;
	char *end;
	double fv = 0;

	errno = 0;
	if (flen > ilen)
		fv = strtod(arg, &end);
	else
		iv = strtoull(arg, &end, 10);
	if (end == arg || errno || fv < 0 || arg[0] == '-')
		return -EINVAL;
	for (k = 0; k < ARRAY_SIZE(units); k++)
		if (!strcmp(end, units[k].sfx))
			break;
	if (k == ARRAY_SIZE(units))
		return -EINVAL;
	*ns = flen > ilen ? (uint64_t)(fv * units[k].scale) : iv * (uint64_t)units[k].scale;
	return 0;
}

/* -U COLUMNS: a comma-separated list; the name column is always there. */
static int parse_columns(struct st_opts *o, const char *list)
{
	bool seen[ST_COL_NONE] = { false };
	const char *p = list, *e;
	int c;

	o->ncolumns = 0;
	for (;; p = e + 1) {
		e = strchrnul(p, ',');
		c = col_named(p, (size_t)(e - p));
		if (c < 0 || c == ST_COL_NONE) {
			st_err("unknown column name: '%.*s'\n",
				(int)(e - p), p);
			return -EINVAL;
		}
		if (seen[c]) {
			st_err("call summary column has been provided more than once: '%.*s'\n",
				(int)(e - p), p);
			return -EINVAL;
		}
		seen[c] = true;
		o->columns[o->ncolumns++] = c;
		if (!*e)
			break;
	}
	if (!seen[ST_COL_NAME])
		o->columns[o->ncolumns++] = ST_COL_NAME;
	return 0;
}

/*
 * --timestamps[=[format:]FORMAT[,[precision:]PRECISION]]: time (of day)
 * or unix (seconds since the epoch), in s, ms, us or ns.
 */
/* A precision's digits after the point (s, ms, us, ns), or -1. */
static int precision_digits(const char *v)
{
	static const struct { const char *name; int digits; } precs[] = {
		{ "s", 0 }, { "ms", 3 }, { "us", 6 }, { "ns", 9 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(precs); i++)
		if (!strcmp(v, precs[i].name))
			return precs[i].digits;
	return -1;
}

/*
 * --relative-timestamps[=PRECISION] and --syscall-times[=PRECISION] into
 * *digits; microseconds without one.
 */
static int parse_precision(const char *opt, const char *arg, int *digits)
{
	*digits = arg ? precision_digits(arg) : 6;
	if (*digits >= 0)
		return 0;
	st_err("invalid --%s argument: '%s'\n", opt, arg);
	return -EINVAL;
}

/*
 * Each option sets only what it names: --timestamps=precision:ms
 * --timestamps=format:unix is the two together, as in strace.
 */
static int parse_timestamps(struct st_opts *o, const char *arg)
{
	char *copy = xstrdup(arg ? arg : ""), *tok, *save = NULL;
	int d;

	if (!o->tstamp)
		o->tstamp = 1;
	if (o->ts_digits < 0)
		o->ts_digits = 0;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const char *v = tok;

		if (!strncmp(v, "format:", 7))
			v += 7;
		else if (!strncmp(v, "precision:", 10))
			v += 10;
		if (!strcmp(v, "time") || !strcmp(v, "unix") || !strcmp(v, "none")) {
			o->tstamp = !strcmp(v, "unix") ? 3 : !strcmp(v, "time");
			continue;
		}
		d = precision_digits(v);
		if (d >= 0)
			o->ts_digits = d;
		if (d < 0) {
			st_err("invalid --timestamps argument: '%s'\n", tok);
			free(copy);
			return -EINVAL;
		}
	}
	free(copy);
	return 0;
}

/*
 * The program is a function of its text, the compile options and this
 * build (kernel BTF and features do not change while pins last): an
 * earlier run's, kept with its description, is taken without parsing
 * or compiling (loader_find()).
 */
static int kept(struct compiled *c, const struct buf *text,
		const struct compile_opts *co, struct loaded *lo)
{
	struct pcache_key key;
	int32_t v[9] = { co->strlen, (int32_t)co->ringbuf_size, co->interleave,
			 co->split_insns, co->mark_unread, co->array_size,
			 co->map_keys_max, co->wake_busy, co->wake_formats != NULL };

	pcache_key_init(&key);
	if (pcache_key_self(&key))
		return -ENOENT;
	pcache_key_add(&key, "ferret strace", 13);
	pcache_key_add(&key, v, sizeof(v));
	pcache_key_add(&key, co->array_map, strlen(co->array_map));
	pcache_key_add(&key, text->p, text->len);
	return loader_find(c, &key, co, lo);
}

/*
 * The ring buffer: 8 MiB, more where a call's records can be large: 64
 * MiB under -k (~20 KiB of stack a call) and -e read=/-e write= (a
 * buffer dumped whole, ST_DUMP_BYTES in the kernel); a large -s, room
 * for 32,768 records of its longest string, 256 MiB at most.  ferret
 * never stops the tracee: a flood of long strings outruns the reader,
 * which quotes every byte of them (strace's own printstrn-umoven test,
 * 100,000 calls with up to 4 KiB each at -s 4096, needs over 64 MiB).
 */
static size_t ring_size(const struct st_opts *o)
{
	size_t want = ((size_t)o->strsize + 64) * 32768, size = 8 << 20;

	if ((o->stack || o->dumping) && want < (size_t)64 << 20)
		want = (size_t)64 << 20;
	while (size < want && size < (size_t)256 << 20)
		size *= 2;
	return size;
}

int st_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'J' },
		{ "dump-program", no_argument, NULL, LONG_DUMP },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "seccomp-bpf", no_argument, NULL, LONG_SECCOMP },
		{ "stack-traces", no_argument, NULL, 'k' },
		{ "summary-sort-by", required_argument, NULL, 'S' },
		{ "summary-columns", required_argument, NULL, 'U' },
		{ "interruptible", required_argument, NULL, 'I' },
		{ "summary-syscall-overhead", required_argument, NULL, 'O' },
		{ "const-print-style", required_argument, NULL, 'X' },
		{ "no-abbrev", no_argument, NULL, 'v' },
		{ "env", required_argument, NULL, 'E' },
		/* strace's long names of the short options. */
		{ "columns", required_argument, NULL, 'a' },
		{ "summary-only", no_argument, NULL, 'c' },
		{ "summary", no_argument, NULL, 'C' },
		{ "follow-forks", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "output-append-mode", no_argument, NULL, 'A' },
		{ "output-separately", no_argument, NULL, LONG_SEPARATE },
		{ "instruction-pointer", no_argument, NULL, 'i' },
		{ "user", required_argument, NULL, 'u' },
		{ "detach-on", required_argument, NULL, LONG_DETACH_ON },
		{ "attach", required_argument, NULL, 'p' },
		{ "trace-path", required_argument, NULL, 'P' },
		{ "string-limit", required_argument, NULL, LONG_STRSIZE },
		{ "summary-wall-clock", no_argument, NULL, 'w' },
		{ "syscall-number", no_argument, NULL, 'n' },
		{ "successful-only", no_argument, NULL, 'z' },
		{ "failed-only", no_argument, NULL, 'Z' },
		{ "failing-only", no_argument, NULL, 'Z' },
		{ "relative-timestamps", optional_argument, NULL, LONG_RELATIVE },
		{ "timestamps", optional_argument, NULL, LONG_TIMESTAMPS },
		{ "absolute-timestamps", optional_argument, NULL, LONG_TIMESTAMPS },
		{ "syscall-times", optional_argument, NULL, LONG_SYSCALL_TIMES },
		{ "strings-in-hex", optional_argument, NULL, LONG_HEX },
		/* strace's -e qualifiers as long options: -e NAME=VALUE. */
		{ "trace", required_argument, NULL, LONG_QUAL },
		{ "signal", required_argument, NULL, LONG_QUAL },
		{ "signals", required_argument, NULL, LONG_QUAL },
		{ "status", required_argument, NULL, LONG_QUAL },
		{ "read", required_argument, NULL, LONG_QUAL },
		{ "write", required_argument, NULL, LONG_QUAL },
		{ "fault", required_argument, NULL, LONG_QUAL },
		{ "inject", required_argument, NULL, LONG_QUAL },
		{ "abbrev", required_argument, NULL, LONG_QUAL },
		{ "verbose", required_argument, NULL, LONG_QUAL },
		{ "raw", required_argument, NULL, LONG_QUAL },
		{ "quiet", optional_argument, NULL, LONG_QUAL },
		{ "silent", optional_argument, NULL, LONG_QUAL },
		{ "silence", optional_argument, NULL, LONG_QUAL },
		{ "decode-fds", optional_argument, NULL, LONG_QUAL },
		{ "decode-pids", required_argument, NULL, LONG_QUAL },
		{ "kvm", required_argument, NULL, LONG_QUAL },
		{ "pidns-translation", no_argument, NULL, LONG_PIDNS },
		{ "tips", optional_argument, NULL, LONG_TIPS },
		{ "debug", no_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	struct st_opts o = { .strsize = 32, .lines = true, .align = 40,
			     .signals = ~0ULL, .ts_digits = -1, .rel_digits = 6,
			     .time_digits = 6,
			     .columns = { ST_COL_PCT, ST_COL_TOTAL, ST_COL_AVG,
					  ST_COL_CALLS, ST_COL_ERRORS, ST_COL_NAME },
			     .ncolumns = 6 };
	struct compile_opts copts = { 0 };
	struct run_opts ropts = { 0 };
	struct run_sink sink = { 0 };
	struct st_run run = { .o = &o };
	struct source src = { .name = "ferret-strace" };
	struct buf text = { 0 };
	struct compiled c = { 0 };
	struct loaded lo = { .pc.lock = -1 };
	struct node *ast = NULL;
	pid_t *tids = NULL, child = 0;
	int *nthreads = NULL;
	int ntids = 0, opt, go_fd = -1, status = -1, ret = 1, i, longind = 0, gj, gk;
	bool only_summary = false, both = false, seccomp = false;
	struct st_child sc = { .o = &o };
	int intr = 0;		/* -I: 1 anywhere .. 4 never_tstp; 0 not given */
	int nf = 0;		/* -f's given: -ff writes each thread's own file */
	FILE *out = stderr;
	char *exe, **envs = NULL;
	const char *why = NULL;
	bool piped = false;
	int nenvs = 0;
	struct st_tips tips = { .id = -1, .fmt = ST_TIPS_NONE };

	st_progname = argv[0];
	while ((opt = getopt_long(argc, argv, "+dfcCwTtryYvkns:o:p:e:zZha:qxX:P:E:S:U:O:I:Aiu:b:V", longopts,
				  &longind)) != -1) {
		switch (opt) {
		case 'f':
			o.follow = true;
			o.separate |= ++nf >= 2;
			break;
		case 'A': o.append = true; break;
		case LONG_SEPARATE: o.separate = true; break;
		case 'i': o.iptr = true; break;
		case 'u': o.user = optarg; break;
		case 'b':
		case LONG_DETACH_ON:
			/* As strace: execve is the one call a task is let go at. */
			if (strcmp(optarg, "execve")) {
				st_err("invalid -b argument: '%s'\n", optarg);
				return 1;
			}
			o.detach_exec = true;
			break;
		case 'c': only_summary = true; break;
		case 'C': both = true; break;
		case 'w': o.wall = true; break;
		case 'T': o.timing = true; break;
		case 't':
			o.tstamp = o.tstamp < 3 ? o.tstamp + 1 : 3;
			o.ts_digits = -1;
			break;
		case 'r': o.relative = true; break;
		case 'y':
			/* -yy: what -e decode-fds=all says. */
			o.fdsock = o.fddev = o.fdpidfd = o.fdpaths;
			o.fdpaths = o.fdplain = true;
			break;
		case 'Y': o.pidcomm = true; break;
		case 'v': memset(o.unabbrev, true, sizeof(o.unabbrev)); break;
		case 'k': o.stack = true; break;
		case 'n': o.sysnum = true; break;
		case 'J': o.json = true; break;
		case LONG_DUMP: o.dump = true; break;
		case 'z': o.status = ST_OK; break;
		case 'q': o.quiet++; break;
		case 'x': o.xstyle = o.xstyle < 2 ? o.xstyle + 1 : 2; break;
		case LONG_SECCOMP: seccomp = true; break;
		case 'S':
			o.sortby = col_named(optarg, strlen(optarg));
			if (o.sortby < 0) {
				st_err("invalid sortby: '%s'\n", optarg);
				goto out;
			}
			break;
		case 'O':
			if (parse_overhead(optarg, &o.overhead)) {
				st_err("invalid -O argument: '%s'\n", optarg);
				goto out;
			}
			break;
		case 'I': {
			static const char *const modes[] = {
				"", "anywhere", "waiting", "never", "never_tstp",
			};
			char *end;
			long v = strtol(optarg, &end, 10);

			if (*optarg && !*end && v >= 1 && v <= 4) {
				intr = (int)v;
				break;
			}
			for (intr = 1; intr <= 4; intr++)
				if (!strcmp(optarg, modes[intr]) ||
				    (intr == 1 && !strcmp(optarg, "always")))
					break;
			if (intr > 4) {
				st_err("invalid -I argument: '%s'\n", optarg);
				goto out;
			}
			break;
		}
		case 'U':
			if (parse_columns(&o, optarg))
				goto out;
			break;
		case 'X': {
			static const char *const styles[] = {
				[ST_C_ABBREV] = "abbrev", [ST_C_RAW] = "raw",
				[ST_C_VERBOSE] = "verbose",
			};
			size_t k;

			for (k = 0; k < ARRAY_SIZE(styles); k++)
				if (!strcmp(optarg, styles[k]))
					break;
			if (k == ARRAY_SIZE(styles)) {
				st_err("invalid -X argument: '%s'\n",
					optarg);
				return 1;
			}
			st_xlat_style(k);
			break;
		}
		case 'E':
			envs = xrealloc(envs, (nenvs + 1) * sizeof(*envs));
			envs[nenvs++] = optarg;
			break;
		case 'P': {
			char real[PATH_MAX];

			o.paths = xrealloc(o.paths, (o.npaths + 2) * sizeof(char *));
			o.paths[o.npaths++] = xstrdup(optarg);
			/* strace matches what a symbolic link names too. */
			if (realpath(optarg, real) && strcmp(real, optarg))
				o.paths[o.npaths++] = xstrdup(real);
			break;
		}
		case 'a':
			o.align = atoi(optarg);
			if (o.align < 0 || o.align > 4096) {
				st_err("-a %s: 0 to 4096\n", optarg);
				return 1;
			}
			break;
		case 'Z': o.status = ST_FAILED; break;
		case 's':
		case LONG_STRSIZE:
			o.strsize = parse_strsize(optarg);
			if (o.strsize < 0) {
				st_err("invalid %s argument: '%s'\n",
				       opt == 's' ? "-s" : "--string-limit", optarg);
				fprintf(stderr, "Try '%s -h' for more information.\n", st_progname);
				return 1;
			}
			break;
		case 'o': o.outfile = optarg; break;
		case 'p': {
			char *copy = xstrdup(optarg), *tok, *save = NULL;

			for (tok = strtok_r(copy, ", ", &save); tok;
			     tok = strtok_r(NULL, ", ", &save)) {
				pid_t p = atoi(tok);

				if (p <= 0 || kill(p, 0) < 0) {
					st_err("no process %s\n", tok);
					free(copy);
					return 1;
				}
				o.pids = xrealloc(o.pids, (o.npids + 1) * sizeof(pid_t));
				o.pids[o.npids++] = p;
			}
			free(copy);
			break;
		}
		case 'e':
			if (parse_e(&o, optarg))
				return 1;
			break;
		case LONG_QUAL: {
			const char *name = longopts[longind].name;
			char *q;
			int err;

			/* --quiet and --decode-fds alone: -q, -y. */
			if (!optarg)
				optarg = (char *)(!strcmp(name, "decode-fds") ? "path" : "attach");
			if (!strcmp(name, "silent") || !strcmp(name, "silence"))
				name = "quiet";
			q = xmalloc(strlen(name) + strlen(optarg) + 2);
			sprintf(q, "%s=%s", name, optarg);
			err = parse_e(&o, q);
			free(q);
			if (err)
				return 1;
			break;
		}
		case LONG_RELATIVE:
			o.relative = true;
			if (parse_precision("relative-timestamps", optarg, &o.rel_digits))
				return 1;
			break;
		case LONG_TIMESTAMPS:
			if (parse_timestamps(&o, optarg))
				return 1;
			break;
		case LONG_SYSCALL_TIMES:
			o.timing = true;
			if (parse_precision("syscall-times", optarg, &o.time_digits))
				return 1;
			break;
		case LONG_HEX:
			if (!optarg || !strcmp(optarg, "all"))
				o.xstyle = 2;
			else if (!strcmp(optarg, "non-ascii"))
				o.xstyle = 1;
			else if (!strcmp(optarg, "non-ascii-chars"))
				o.xstyle = 3;
			else if (!strcmp(optarg, "none"))
				o.xstyle = 0;
			else {
				st_err("invalid --strings-in-hex argument: '%s'\n",
					optarg);
				return 1;
			}
			break;
		case LONG_PIDNS:
			o.pidns = true;
			break;
		case LONG_TIPS:
			if (st_tips_parse(&tips, optarg))
				return 1;
			break;
		case 'd': o.debug = true; break;
		case 'h':
			st_usage(stdout);
			return 0;
		case 'V':
			printf("ferret strace -- version %s\n", FERRET_VERSION);
			return 0;
		default:
			/* getopt named the option; strace's pointer follows. */
			fprintf(stderr, "Try '%s -h' for more information.\n", st_progname);
			return 1;
		}
	}
	o.summary = only_summary || both;
	o.lines = !only_summary || both;
	if (o.separate && o.summary) {
		st_err("(-c/--summary-only or -C/--summary) and "
			"-ff/--output-separately are mutually exclusive\n");
		return 1;
	}
	if (o.separate && o.outfile && (o.outfile[0] == '|' || o.outfile[0] == '!')) {
		st_err("piping the output and -ff/--output-separately "
			"are mutually exclusive\n");
		return 1;
	}
	if (!o.outfile) {
		if (o.separate && nf < 2)
			st_err("--output-separately has no effect without -o/--output\n");
		if (o.append)
			st_err("-A/--output-append-mode has no effect without -o/--output\n");
		/* -ff without -o is -f. */
		o.separate = false;
	}
	if (o.iptr && !o.lines)
		st_err("-i/--instruction-pointer has no effect with -c/--summary-only\n");
	if (seccomp && o.detach_exec)
		st_err("--seccomp-bpf is not enabled because it is not compatible with -b\n");
	if (o.user) {
		struct passwd *pw;

		if (getuid() || geteuid()) {
			st_err("You must be root to use the -u/--username option\n");
			return 1;
		}
		pw = getpwnam(o.user);
		if (!pw) {
			st_err("Cannot find user '%s'\n", o.user);
			return 1;
		}
		sc.uid = pw->pw_uid;
		sc.gid = pw->pw_gid;
	}
	for (i = 0; i < ST_NR_MAX; i++) {
		o.verbose |= o.unabbrev[i];
		o.noderef |= o.nonverbose[i];
	}
	if (optind < argc)
		o.cmd = argv + optind;
	if (!o.cmd && !o.npids) {
		st_err("must have PROG [ARGS] or -p PID\n");
		fprintf(stderr, "Try '%s -h' for more information.\n", st_progname);
		return 1;
	}
	if (o.inject && (o.npids || !o.cmd)) {
		st_err("-e inject= works on the command ferret starts, not with -p: "
			"ferret injects through a seccomp filter, which only a process can give itself\n");
		return 1;
	}
	if (o.dump) {
		st_prog_text(&text, &o, 1);
		fwrite(text.p, 1, text.len, stdout);
		buf_free(&text);
		return 0;
	}
	/* The threads to trace are known by their ids in the kernel's namespace. */
	if (!feat_init_pid_ns(&why)) {
		st_err("cannot trace from here: %s\n", why);
		return 1;
	}
	if (o.outfile && !o.separate) {
		/* -o '|command' or -o '!command': to a pipe, as strace. */
		piped = o.outfile[0] == '|' || o.outfile[0] == '!';
		out = piped ? popen(o.outfile + 1, "we") :
		      fopen(o.outfile, o.append ? "ae" : "we");
		if (!out) {
			st_err("cannot write %s: %s\n",
				o.outfile, strerror(errno));
			return 1;
		}
	}
	if (o.cmd) {
		/* As strace: one execve, of the program found in PATH. */
		struct stat st;

		exe = NULL;
		if (!strchr(o.cmd[0], '/'))
			util_which(o.cmd[0], &exe);
		if (!exe)
			exe = xstrdup(o.cmd[0]);
		/* A command that is not there fails here, as in strace. */
		if (stat(exe, &st)) {
			st_err("Can't stat '%s': %s\n",
				o.cmd[0], strerror(errno));
			free(exe);
			free(envs);
			return 1;
		}
		/* -E: the command's environment, after PATH found it. */
		for (i = 0; i < nenvs; i++) {
			if (strchr(envs[i], '='))
				putenv(envs[i]);
			else
				unsetenv(envs[i]);
		}
		if (o.inject && st_inj_prepare(o.inject)) {
			free(exe);
			free(envs);
			return 1;
		}
		child = run_spawn_held(exe, o.cmd, &go_fd, st_child, &sc, true);
		free(exe);
		if (child < 0) {
			st_err("cannot start %s: %s\n",
				o.cmd[0], strerror(errno));
			return 1;
		}
		if (o.inject && st_inj_start(o.inject, child, &o)) {
			ret = 1;
			goto out;
		}
		release_std_fds();
		add_pid(&tids, &ntids, child, false);
	}
	nthreads = xcalloc(o.npids + 1, sizeof(*nthreads));
	for (i = 0; i < o.npids; i++)
		nthreads[i] = add_pid(&tids, &ntids, o.pids[i], o.follow);
	st_prog_text(&text, &o, ntids);
	buf_put(&text, "", 1);
	src.text = text.p;
	copts.strlen = o.strsize + 2 > 4096 ? o.strsize + 2 : 4096;
	/* An iovec array's entries in one record (st_prog.c's iov_capture()). */
	if (copts.strlen < 16 * (st_prog_iov_shown(&o) + 1))
		copts.strlen = 16 * (st_prog_iov_shown(&o) + 1);
	copts.ringbuf_size = ring_size(&o);
	copts.interleave = true;
	copts.split_insns = ST_SPLIT_INSNS;
	copts.mark_unread = true;
	/* -k: a call's records are its stack's pages, past a page. */
	if (o.stack) {
		copts.wake_busy = 4 * ST_STACK_BYTES;
		copts.wake_formats = "M";
	}
	/* A call's records can be a whole dump: the reader may be idle past them. */
	if (o.dumping && copts.wake_busy < ST_DUMP_BYTES + 65536)
		copts.wake_busy = ST_DUMP_BYTES + 65536;
	/* -e inject=:signal= sends its signals from the program. */
	copts.unsafe = o.inject != NULL;
	copts.array_map = "@sd";
	copts.array_size = ST_SD_SIZE;
	copts.cpid = child;
	if (kept(&c, &text, &copts, &lo) == 1) {
		c.src = &src;
	} else {
		/* The program reads task_struct: BTF loads while it is parsed. */
		kbtf_preload();
		kbtf_install();
		ast = parse_program(&src);
		if (!ast)
			goto out;
		if (compile_program(&c, &src, ast, &copts)) {
			compile_free(&c);
			goto out;
		}
	}
	run.out = st_out_new(&o, out, child, tids, ntids);
	/* Each -p process's threads follow it in tids (add_pid()). */
	for (i = 0, gj = child > 0; i < o.npids; gj += nthreads[i++])
		for (gk = 1; gk < nthreads[i]; gk++)
			st_out_group(run.out, tids[gj + gk], o.pids[i]);
	run.child = child;
	run.tids = tids;
	run.ntids = ntids;
	run.nthreads = nthreads;
	run.to_file = out != stderr || o.separate;
	run.c = &c;
	run.lo = &lo;
	sink.arg = &run;
	sink.printf_rec = st_printf;
	sink.tick = st_tick;
	sink.busy = st_busy;
	sink.setup = st_setup;
	sink.finish = st_finish;
	sink.stray = st_stray;
	if (o.inject) {
		sink.poll_fd = st_poll_fd;
		sink.poll_ready = st_poll_ready;
	}
	ropts.quiet = true;
	ropts.out = out;
	ropts.sink = &sink;
	ropts.child_status = &status;
	ropts.leave_child = &run.let_go;
	ropts.stop_kills = true;
	ropts.cache = true;
	/* No END: once the traced tasks are gone, no program writes. */
	ropts.no_stop = true;
	/*
	 * -I: as in strace, "never" (the default when a command's trace goes
	 * to a file) leaves ferret deaf to the signals that would end it
	 * early, so that it ends with the command; never_tstp to ^Z too.
	 * The command was forked before and keeps the dispositions it had.
	 */
	if (!intr)
		intr = o.cmd && run.to_file ? 3 : 2;
	if (intr >= 3) {
		signal(SIGHUP, SIG_IGN);
		signal(SIGQUIT, SIG_IGN);
		ropts.deaf = true;
	}
	if (intr == 4)
		signal(SIGTSTP, SIG_IGN);
	ropts.loaded = &lo;
	ret = run_program(&c, &ropts, child, go_fd);
	go_fd = -1;
	st_out_free(run.out);
	compile_free(&c);
	/* As strace: once the trace is over, even when it dies of a signal. */
	st_tips_print(&tips, stderr);
	if (!ret && child > 0 && status >= 0) {
		if (WIFEXITED(status)) {
			ret = WEXITSTATUS(status);
		} else if (WIFSIGNALED(status)) {
			ret = die_of(WTERMSIG(status), out);
		}
	} else if (!ret && run_stop_signal()) {
		/* Stopped by a signal with the processes still running: its death, as strace's. */
		ret = die_of(run_stop_signal(), out);
	}
out:
	/* A cache slot held for a program that did not compile, or run. */
	loader_unload(&c, &lo);
	if (go_fd >= 0)
		close(go_fd);
	if (child > 0 && ret == 1 && status < 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	st_inj_free(o.inject);
	if (ast)
		ast_free(ast);
	buf_free(&text);
	free(tids);
	free(nthreads);
	free(envs);
	free(o.pids);
	for (i = 0; i < o.npaths; i++)
		free(o.paths[i]);
	free(o.paths);
	kbtf_release();
	type_free_all();
	if (out != stderr && piped)
		pclose(out);
	else if (out != stderr && fclose(out))
		st_err("%s: %s\n", o.outfile, strerror(errno));
	return ret;
}
