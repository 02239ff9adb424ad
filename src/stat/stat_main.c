/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: command line, and the runs that count. */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/epoll.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include "stat_main.h"
#include "stat_aggr.h"
#include "stat_bpf.h"
#include "stat_count.h"
#include "stat_ctl.h"
#include "stat_ev.h"
#include "stat_fmt.h"
#include "util.h"
#include "compile/compile.h"
#include "kernel/btf.h"
#include "kernel/perf.h"
#include "lang/ast.h"
#include "lang/parse.h"
#include "lang/types.h"
#include "providers/provider.h"
#include "runtime/run.h"

/* Exit status of a command line perf refuses (its usage_with_options). */
#define EXIT_USAGE 129
/* perf stat's -EINVAL, as its exit status: options that do not go together. */
#define EXIT_EINVAL 234

const char stat_optstring[] = "+e:p:t:ar:x:jI:o:hAC:nD:";

/* Long options without a short one. */
enum {
	OPT_PER_THREAD = 256,
	OPT_PER_CORE,
	OPT_PER_DIE,
	OPT_PER_SOCKET,
	OPT_PER_NODE,
	OPT_PRE,
	OPT_POST,
	OPT_APPEND,
	OPT_LOG_FD,
	OPT_TABLE,
	OPT_CONTROL,
};

struct ps {
	struct stat_evlist ev;
	struct stat_out out;
	struct stat_target t;
	char **cmd;
	const char *pid_arg;	/* -p's list, as given */
	int *pids;		/* and parsed */
	const char *tid_arg;	/* -t's list, as given */
	bool attached;		/* -p or -t: a command only times the count */
	int *tids;		/* and parsed */
	const char *cpu_arg;	/* -C's list, as given */
	int *cpus;		/* and parsed */
	enum stat_aggr aggr;
	bool all_cpus;		/* -a given */
	long interval_ms;
	bool intervals_done;	/* -I with -r: the first run printed them */
	int runs;
	bool forever;		/* -r 0 */
	char *target;		/* the header's "'ls -l'" */
	uint64_t t0, t1;	/* CLOCK_MONOTONIC: counting began, ended */
	uint64_t next;		/* -I: when the next interval ends */
	int nintervals;
	int tfd;		/* -I's timerfd, or -1 */
	struct runtime *rt;	/* the BPF run's, while it lasts */
	struct stat_bpf_mode bmode;	/* how it counts */
	struct stat_acc wall;
	const char *pre, *post;	/* --pre, --post: shell commands around
				 * each run */
	bool null_run;		/* --null: no default events */
	bool counted;		/* a run counted (perf opened its events) */
	int wstatus;		/* the last run's command's wait status */
	uint64_t *walls;	/* each run's elapsed ns, for --table */
	int delay;		/* -D: ms from the command's start to the
				 * count's, -1 (any negative) for never */
	struct stat_ctl ctl;	/* --control's descriptors */
	int efd;		/* epoll of tfd and ctl.fd, or -1 */
	int go_fd;		/* releases the held command, or -1 */
	bool ctl_file;		/* ctl.fd is a file, which epoll refuses:
				 * read to its end as the count starts */
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

#define REPEAT_HELP \
"    -r, --repeat <n>      repeat command and print average + stddev (max: 100, forever: 0)\n"
#define TABLE_HELP \
"        --table           display details about each run (only with -r option)\n"
#define OUTPUT_HELP \
"    -o, --output <file>   output file name\n"
#define INTERVAL_HELP \
"    -I, --interval-print <n>\n" \
"                          print counts at regular interval in ms (overhead is possible for values <= 100ms)\n"
#define LOG_FD_HELP \
"        --log-fd <n>      log output to fd, instead of stderr\n"
#define DELAY_HELP \
"    -D, --delay <n>       ms to wait before starting measurement after program start (-1: start with events disabled)\n"
#define CONTROL_HELP \
"        --control <fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]>\n" \
"                          Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events).\n" \
"\t\t\t  Optionally send control command completion ('ack\\n') to ack-fd descriptor.\n" \
"\t\t\t  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.\n"

/* perf's usage for one option it refuses the value of. */
static void option_usage(const char *help)
{
	fprintf(stderr, " Usage: ferret stat [<options>] [<command>]\n\n%s", help);
}

/*
 * How the option getopt_long() just read was given, for perf's words
 * about it: 0 as a switch ("-D 5"), 1 as a long option ("--delay 5"),
 * 2 as a long option with its value ("--delay=5"), whose usage perf
 * prints without the option's help.
 */
static int opt_form(char **argv)
{
	if (!strncmp(argv[optind - 1], "--", 2))
		return 2;
	return optind >= 2 && !strncmp(argv[optind - 2], "--", 2);
}

/* An int, all of s, as perf's numeric options take it; or -EINVAL. */
static int parse_int(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 0);
	if (!*s || *end || errno || *v < INT_MIN || *v > INT_MAX)
		return -EINVAL;
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
"\n Usage: ferret stat [<options>] [<command>]\n\n"
"    -e, --event <event>   event selector: perf's software, hardware and\n"
"                          cache events, CATEGORY:TRACEPOINT, or any probe\n"
"                          of ferret's (uprobe:BIN:FUNC, usdt:BIN:*, ...);\n"
"                          comma-separated, repeatable, globs expand\n"
"    -p, --pid <pid>       stat events on existing process id\n"
"    -t, --tid <tid>       stat events on existing thread id\n"
"    -a, --all-cpus        system-wide collection from all CPUs\n"
"    -C, --cpu <cpu>       list of cpus to monitor in system-wide\n"
"    -A, --no-aggr         disable CPU count aggregation\n"
"        --per-thread      aggregate counts per thread\n"
"        --per-core        aggregate counts per physical processor core\n"
"        --per-die         aggregate counts per processor die\n"
"        --per-socket      aggregate counts per processor socket\n"
"        --per-node        aggregate counts per numa node\n"
REPEAT_HELP
"    -x, --field-separator <separator>\n"
"                          print counts with custom separator (CSV)\n"
"    -j, --json-output     print counts in JSON format\n"
INTERVAL_HELP
TABLE_HELP
"    -n, --null            null run - dont start any counters\n"
"    -o, --output <file>   output file name\n"
"        --append          append to the output file\n"
LOG_FD_HELP
DELAY_HELP
CONTROL_HELP
"        --pre <command>   command to run prior to the measured command\n"
"        --post <command>  command to run after the measured command\n"
"    -h, --help            show this help\n\n");
}

/* perf's OPT_UINTEGER: strtol() of all of s, as an unsigned int; or -EINVAL. */
static int parse_uint(const char *s, long *v)
{
	char *end;

	*v = (long)(unsigned int)strtol(s, &end, 10);
	return *end ? -EINVAL : 0;
}

/* A positive integer no larger than max, or -EINVAL. */
static int parse_count(const char *s, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || *v < 1 || *v > max)
		return -EINVAL;
	return 0;
}

/* The locale's digit grouping, which perf's "%'" takes from LC_NUMERIC. */
static char *thousands_sep(void)
{
	locale_t loc = newlocale(LC_NUMERIC_MASK, "", (locale_t)0);
	char *sep;

	if (loc == (locale_t)0)
		return xstrdup("");
	sep = xstrdup(nl_langinfo_l(THOUSEP, loc));
	freelocale(loc);
	return sep;
}

/* The lines of the counts read last: from the start, or for an interval. */
static struct stat_line *lines_of(struct ps *s, bool delta, bool avg)
{
	struct stat_line *l = xcalloc(s->ev.n, sizeof(*l));
	int i;

	for (i = 0; i < s->ev.n; i++) {
		struct stat_event *e = &s->ev.v[i];
		uint64_t val = e->val, run = e->run, ena = e->ena;

		if (delta) {
			val -= e->pval;
			run -= e->prun;
			ena -= e->pena;
		}
		l[i].name = e->name;
		l[i].clock = e->clock;
		l[i].supported = e->supported;
		l[i].run = run;
		l[i].ena = ena;
		/* Counters the kernel multiplexed are scaled up, as perf's. */
		l[i].val = run && run < ena ? (double)val * ena / run : (double)val;
		if (avg) {
			l[i].val = e->acc.mean;
			l[i].sd = stat_acc_sd(&e->acc);
		}
	}
	return l;
}

static void read_all(struct ps *s)
{
	stat_count_read(&s->ev);
	if (s->rt)
		stat_bpf_read(s->rt, &s->ev, &s->bmode, now_ns());
}

/* -I: prints the interval that ended, and starts the next. */
static void print_interval(struct ps *s)
{
	struct stat_out o = s->out;
	struct stat_line *l;
	int i, j, n = s->ev.n;

	read_all(s);
	o.interval = true;
	/* -r's error (not -r 0's): perf's CSV and JSON have its field then. */
	o.runs = s->runs > 1 ? 2 : 1;
	o.ts_ns = now_ns() - s->t0;
	o.wall_ns = (double)s->interval_ms * 1e6;
	if (s->nintervals++ % 26 == 0)
		stat_fmt_header(&o, s->target);
	if (s->aggr == STAT_AGGR_GLOBAL) {
		l = lines_of(s, true, false);
		/*
		 * perf 6.1 keeps -r's statistics of the intervals' counts:
		 * each line's error is that of their mean, relative to the
		 * line's count.  Per CPU, thread or aggregate it keeps none.
		 */
		for (i = 0; o.runs > 1 && i < s->ev.n; i++) {
			stat_acc_add(&s->ev.v[i].iacc, l[i].val);
			l[i].sd = stat_acc_sd(&s->ev.v[i].iacc);
		}
	} else {
		l = stat_aggr_lines(&s->ev, s->aggr, true, s->t.all_threads, &n);
	}
	stat_fmt_lines(&o, l, n);
	fflush(o.f);
	free(l);
	for (i = 0; i < s->ev.n; i++) {
		struct stat_event *e = &s->ev.v[i];

		e->pval = e->val;
		e->prun = e->run;
		e->pena = e->ena;
		for (j = 0; e->cnt && j < e->nfds; j++)
			e->pcnt[j] = e->cnt[j];
	}
}

/* -I's timer, disarmed until count_start(). */
static int timer_open(struct ps *s)
{
	s->tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (s->tfd < 0) {
		fprintf(stderr, "ferret stat: cannot create the interval timer: %s\n",
			strerror(errno));
		return -errno;
	}
	return 0;
}

static volatile sig_atomic_t stop_sig;

/* Lets the held command run, once. */
static int release(struct ps *s)
{
	int err = 0;

	if (s->go_fd < 0)
		return 0;
	if (write(s->go_fd, "g\0\0\0\0\0\0", 8) != 8) {
		err = -errno;
		fprintf(stderr, "ferret stat: cannot start the command: %s\n",
			strerror(errno));
	}
	close(s->go_fd);
	s->go_fd = -1;
	return err;
}

/*
 * Starts (on) or stops the count of event i's group, or of every event
 * when i is -1: the perf counters that lead, and the probes' gates.
 */
static void toggle(void *arg, int i, bool on)
{
	struct ps *s = arg;
	int err;

	stat_count_switch(&s->ev, i, on);
	if (s->rt && (err = stat_bpf_gate(s->rt, &s->ev, &s->bmode, i, on, now_ns())))
		fprintf(stderr, "ferret stat: cannot %s the probes' count: %s\n",
			on ? "start" : "stop", strerror(-err));
}

static void describe(void *arg, int i, FILE *f)
{
	struct ps *s = arg;

	stat_count_describe(f, &s->ev, i, &s->t);
}

/* Sleeps for ms milliseconds, or until a stop signal. */
static void delay_sleep(long ms)
{
	struct timespec ts = { ms / 1000, ms % 1000 * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR && !stop_sig &&
	       !run_stopping())
		;
}

/*
 * The count's start, once what counts is in place (BPF probes
 * attached), as perf's: the threads the probes count (so that they
 * count from here, with the counters), the counters that do not wait
 * for an exec and the probes' gates, -I's timer and t0, then the
 * command's release.  With -D, the command is released first; the
 * counters wait for the delay, or for --control's "enable" (-D -1),
 * with perf's messages.
 */
static int count_start(struct ps *s)
{
	struct itimerspec its = { { 0 }, { 0 } };
	int err;

	if (s->rt && s->bmode.tree && (err = stat_bpf_seed(s->rt, &s->ev))) {
		fprintf(stderr, "ferret stat: cannot set the process to count: %s\n",
			strerror(-err));
		return err;
	}
	if (s->delay) {
		err = release(s);
		if (err)
			return err;
		fprintf(stderr, "Events disabled\n");
		if (s->delay > 0) {
			delay_sleep(s->delay);
			toggle(s, -1, true);
			fprintf(stderr, "Events enabled\n");
		}
	} else {
		stat_count_enable(&s->ev, &s->t);
	}
	if (s->tfd >= 0) {
		its.it_interval.tv_sec = s->interval_ms / 1000;
		its.it_interval.tv_nsec = s->interval_ms % 1000 * 1000000L;
		its.it_value = its.it_interval;
		if (timerfd_settime(s->tfd, 0, &its, NULL)) {
			fprintf(stderr, "ferret stat: cannot start the interval timer: %s\n",
				strerror(errno));
			return -errno;
		}
	}
	s->t0 = now_ns();
	if (!s->delay) {
		if (s->rt && (err = stat_bpf_gate(s->rt, &s->ev, &s->bmode, -1, true, s->t0))) {
			fprintf(stderr, "ferret stat: cannot start the probes' count: %s\n",
				strerror(-err));
			return err;
		}
		err = release(s);
		if (err)
			return err;
	}
	if (s->ctl_file) {
		struct stat_ctl_ops ops = { .arg = s, .toggle = toggle, .describe = describe };

		while (stat_ctl_process(&s->ctl, &s->ev, &ops))
			;
	}
	return 0;
}

/* The count's end, once: the counters stop and t1 is taken, as in perf. */
static void count_stop(struct ps *s)
{
	if (s->t1)
		return;
	stat_count_disable(&s->ev);
	s->t1 = now_ns();
}

/* The timer's expirations since the last read: intervals to print. */
static void timer_ready(struct ps *s)
{
	uint64_t n = 0;

	if (read(s->tfd, &n, sizeof(n)) == sizeof(n) && n)
		print_interval(s);
}

/*
 * -I's timer and --control's descriptor, polled as one descriptor (the
 * BPF run polls one of ours): 0, or -errno after saying why.  A control
 * descriptor epoll cannot watch (a file, say) is read once at the start.
 */
static int events_open(struct ps *s)
{
	struct epoll_event ev = { .events = EPOLLIN };

	s->efd = -1;
	if (s->tfd < 0 && s->ctl.fd < 0)
		return 0;
	s->efd = epoll_create1(EPOLL_CLOEXEC);
	if (s->efd < 0) {
		fprintf(stderr, "ferret stat: cannot poll: %s\n", strerror(errno));
		return -errno;
	}
	ev.data.fd = s->tfd;
	if (s->tfd >= 0 && epoll_ctl(s->efd, EPOLL_CTL_ADD, s->tfd, &ev)) {
		fprintf(stderr, "ferret stat: cannot poll the interval timer: %s\n",
			strerror(errno));
		return -errno;
	}
	ev.data.fd = s->ctl.fd;
	if (s->ctl.fd >= 0 && epoll_ctl(s->efd, EPOLL_CTL_ADD, s->ctl.fd, &ev) &&
	    errno == EPERM)
		s->ctl_file = true;
	return 0;
}

static void events_close(struct ps *s)
{
	if (s->efd >= 0)
		close(s->efd);
	s->efd = -1;
}

/* What is ready of -I's timer and --control's commands. */
static void events_ready(struct ps *s)
{
	struct stat_ctl_ops ops = { .arg = s, .toggle = toggle, .describe = describe };
	struct epoll_event ev[2];
	int n = epoll_wait(s->efd, ev, 2, 0), i;

	for (i = 0; i < n; i++) {
		if (ev[i].data.fd == s->tfd) {
			timer_ready(s);
			continue;
		}
		stat_ctl_process(&s->ctl, &s->ev, &ops);
		if (ev[i].events & (EPOLLHUP | EPOLLERR))
			epoll_ctl(s->efd, EPOLL_CTL_DEL, s->ctl.fd, NULL);
	}
}

/*
 * Whether any of -p's processes or -t's threads is still there (a
 * zombie is), as perf's is_target_alive() asks of its threads.
 */
static bool targets_alive(const struct ps *s)
{
	const int *ids = s->t.pids ? s->t.pids : s->t.tids;
	int n = s->t.pids ? s->t.npids : s->t.ntids, i;

	for (i = 0; i < n; i++)
		if (!kill((pid_t)ids[i], 0) || errno != ESRCH)
			return true;
	return !ids && s->t.pid > 0 && (!kill(s->t.pid, 0) || errno != ESRCH);
}

/* How often targets_alive() is asked when no pidfd can say it. */
#define TARGET_POLL_MS 100

static void on_stop(int sig)
{
	stop_sig = sig;
}

/*
 * Waits for the command (child), the end of every process of -p or
 * thread of -t, or for a stop signal, printing -I's intervals
 * meanwhile.  A command gets the stop signal too and is waited for: its
 * end ends the count, as in perf.  One process (or the command) has a
 * pidfd that says when it ends; lists are asked now and then.
 */
static void wait_plain(struct ps *s, pid_t child, int *status,
		       struct rusage *ru)
{
	bool list = child <= 0 && (s->t.npids > 1 || s->t.ntids > 1);
	pid_t target = child > 0 ? child : list ? 0 : s->t.pid;
	struct pollfd pfd[2] = { { .fd = -1, .events = POLLIN },
				 { .fd = s->efd, .events = POLLIN } };
	struct timespec tick = { 0, TARGET_POLL_MS * 1000000L };
	struct sigaction sa = { .sa_handler = on_stop };
	sigset_t block, orig;
	bool forwarded = false, asking;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &orig);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (target > 0)
		pfd[0].fd = (int)syscall(SYS_pidfd_open, target, 0);
	/* -p's or -t's targets without a pidfd (a thread's, say). */
	asking = child <= 0 && pfd[0].fd < 0 && (s->t.pids || s->t.tids);
	for (;;) {
		int n;

		if (stop_sig) {
			if (child <= 0)
				break;
			if (!forwarded)
				kill(child, stop_sig);
			forwarded = true;
		}
		n = ppoll(pfd, 2, asking ? &tick : NULL, &orig);
		if (n < 0 && errno != EINTR)
			break;
		if (n > 0 && pfd[1].revents)
			events_ready(s);
		if (n > 0 && pfd[0].revents)
			break;
		if (asking && !targets_alive(s))
			break;
		/* Without a pidfd, the command's end is found by polling. */
		if (pfd[0].fd < 0 && child > 0 && waitpid(child, status, WNOHANG) == child) {
			child = 0;
			break;
		}
	}
	count_stop(s);
	if (child > 0)
		wait4(child, status, 0, ru);
	if (pfd[0].fd >= 0)
		close(pfd[0].fd);
	sigprocmask(SIG_SETMASK, &orig, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
}

/* run_program()'s hooks for a run with BPF-counted probes. */
static int bpf_setup(void *arg, struct runtime *rt)
{
	struct ps *s = arg;

	s->rt = rt;
	return 0;
}

/* Attaching, however long, is not counted: the count starts after it. */
static int bpf_started(void *arg)
{
	return count_start(arg);
}

/* The run ends with the command, or with the last of -p's or -t's list. */
static bool bpf_tick(void *arg, bool child_done)
{
	struct ps *s = arg;

	if (!child_done && s->attached && !s->cmd && (s->t.npids > 1 || s->t.ntids > 1) &&
	    !targets_alive(s))
		child_done = true;
	if (child_done)
		count_stop(s);
	return child_done;
}

static int bpf_poll_fd(void *arg)
{
	struct ps *s = arg;

	return s->efd;
}

static void bpf_poll_ready(void *arg)
{
	events_ready(arg);
}

static void bpf_finish(void *arg, struct runtime *rt)
{
	struct ps *s = arg;

	count_stop(s);
	if (stat_bpf_read(rt, &s->ev, &s->bmode, s->t1))
		fprintf(stderr, "ferret stat: cannot read the probes' counts\n");
	s->rt = NULL;
}

/*
 * Runs the generated program until the command or process ends; the
 * command is released by count_start().
 */
static int run_bpf(struct ps *s, pid_t child, int *status)
{
	struct source src = { .name = "ferret-stat" };
	/* Room for every thread under -a --per-thread, and their forks. */
	struct compile_opts copts = { .map_keys_max = 65536 };
	struct run_opts ropts = { 0 };
	struct run_sink sink = {
		.arg = s, .setup = bpf_setup, .started = bpf_started,
		.tick = bpf_tick,
		.poll_fd = bpf_poll_fd, .poll_ready = bpf_poll_ready,
		.finish = bpf_finish,
	};
	struct compiled c = { 0 };
	struct buf text = { 0 };
	struct node *ast;
	int ret = -EINVAL;

	if (s->bmode.gated) {
		copts.array_map = STAT_BPF_GATES;
		copts.array_size = stat_bpf_ngates(&s->ev);
	}
	stat_bpf_text(&text, &s->ev, &s->bmode);
	src.text = text.p;
	kbtf_install();
	ast = parse_program(&src);
	if (!ast)
		goto out;
	if (compile_program(&c, &src, ast, &copts))
		goto out_ast;
	ropts.quiet = true;
	ropts.out = stderr;
	ropts.sink = &sink;
	ropts.child_status = status;
	/* A list's end is bpf_tick()'s to find. */
	ropts.pid = child > 0 || s->t.npids > 1 || s->t.ntids > 1 ? 0 : s->t.pid;
	ret = run_program(&c, &ropts, child, -1) ? -EIO : 0;
out_ast:
	compile_free(&c);
	ast_free(ast);
out:
	buf_free(&text);
	return ret;
}

static double tv_s(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

/*
 * One run: counts from the command's start to its end, or from now to
 * -p's process's end or a stop signal.  *ret: the command's status.
 */
static int run_once(struct ps *s, struct rusage *ru, int *ret)
{
	struct rusage before, after;
	pid_t child = 0;
	int status = -1, err, i;

	for (i = 0; i < s->ev.n; i++) {
		struct stat_event *e = &s->ev.v[i];

		e->val = e->run = e->ena = e->pval = e->prun = e->pena = 0;
		e->open = false;
		e->open_ns = 0;
	}
	if (s->cmd) {
		child = run_spawn_held(NULL, s->cmd, &s->go_fd, NULL, NULL, false);
		if (child < 0)
			return -errno;
		if (!s->t.system_wide && !s->attached)
			s->t.pid = child;
		s->t.skip = child;
	}
	err = stat_count_open(&s->ev, &s->t);
	if (err)
		goto fail;
	s->tfd = -1;
	if (s->interval_ms && !s->intervals_done && (err = timer_open(s)))
		goto fail;
	err = events_open(s);
	if (err)
		goto fail;
	s->t1 = 0;
	getrusage(RUSAGE_CHILDREN, &before);
	if (s->ev.nbpf) {
		err = run_bpf(s, child, &status);
		getrusage(RUSAGE_CHILDREN, &after);
		timersub(&after.ru_utime, &before.ru_utime, &ru->ru_utime);
		timersub(&after.ru_stime, &before.ru_stime, &ru->ru_stime);
		child = 0;
		if (err)
			goto fail;
	} else {
		err = count_start(s);
		if (err)
			goto fail;
		wait_plain(s, child, &status, ru);
		child = 0;
	}
	stat_count_read(&s->ev);
	if (s->interval_ms && !s->intervals_done) {
		/* What the last, partial interval counted. */
		print_interval(s);
	}
	/*
	 * perf 6.1 prints the intervals of -r's first run alone: the
	 * first command's end stops the others' interval loops at once.
	 */
	s->intervals_done = s->interval_ms > 0;
	events_close(s);
	if (s->tfd >= 0)
		close(s->tfd);
	for (i = 0; i < s->ev.n; i++)
		stat_acc_add(&s->ev.v[i].acc, s->ev.v[i].run < s->ev.v[i].ena &&
			     s->ev.v[i].run ? (double)s->ev.v[i].val *
			     s->ev.v[i].ena / s->ev.v[i].run : (double)s->ev.v[i].val);
	stat_acc_add(&s->wall, (double)(s->t1 - s->t0));
	stat_count_close(&s->ev);
	s->counted = true;
	s->wstatus = status;
	if (status >= 0)
		*ret = WIFEXITED(status) ? WEXITSTATUS(status) :
		       WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
	return 0;
fail:
	events_close(s);
	if (s->tfd >= 0)
		close(s->tfd);
	s->tfd = -1;
	stat_count_close(&s->ev);
	if (s->go_fd >= 0)
		close(s->go_fd);
	s->go_fd = -1;
	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	return err;
}

/*
 * Run r of -r's, between --pre and --post as perf runs them: a --pre
 * that fails skips the run, a command that exits non-zero skips --post,
 * and a failing one's system() status, cut to 8 bits as perf's exit
 * status is, becomes ferret's.
 */
static int run_hooked(struct ps *s, int r, struct rusage *ru, int *ret)
{
	int st, err;

	if (s->pre && (st = system(s->pre))) {
		*ret = st & 0xff;
		return 0;
	}
	err = run_once(s, ru, ret);
	if (err)
		return err;
	if (s->walls)
		s->walls[r] = s->t1 - s->t0;
	if (s->wstatus > 0 && WIFEXITED(s->wstatus) && WEXITSTATUS(s->wstatus))
		return 0;
	if (s->post && (st = system(s->post)))
		*ret = st & 0xff;
	return 0;
}

static bool mixed_group_hint(const struct ps *s);

/* The counts of the runs, between perf's header and footer. */
static void print_summary(struct ps *s, bool ru_display, const struct rusage *ru)
{
	struct stat_line *l;
	int n = s->ev.n, i;

	s->out.wall_ns = s->wall.mean;
	s->out.wall_sd = stat_acc_sd(&s->wall);
	/* perf's events are not supported until a run opens them. */
	for (i = 0; !s->counted && i < s->ev.n; i++)
		s->ev.v[i].supported = false;
	stat_fmt_header(&s->out, s->target);
	/*
	 * perf averages -r's runs over everything only; per CPU or
	 * aggregate it prints the last run's counts, with no error.
	 */
	if (s->aggr == STAT_AGGR_GLOBAL)
		l = lines_of(s, false, true);
	else
		l = stat_aggr_lines(&s->ev, s->aggr, false, s->t.all_threads, &n);
	stat_fmt_lines(&s->out, l, n);
	free(l);
	stat_fmt_footer(&s->out, ru_display, tv_s(&ru->ru_utime),
			tv_s(&ru->ru_stime));
	if (s->out.mode == STAT_STD && mixed_group_hint(s))
		fprintf(s->out.f, "The events in group usually have to be from the same PMU. Try reorganizing the group.\n");
	fflush(s->out.f);
}

/* A group that counted nothing, of types perf calls mixed. */
static bool mixed_group_hint(const struct ps *s)
{
	int i;

	for (i = 0; i < s->ev.n; i++) {
		const struct stat_event *e = &s->ev.v[i];

		if (e->leader == i && e->supported && (!e->run || !e->ena) &&
		    stat_ev_mixed_group(&s->ev, i))
			return true;
	}
	return false;
}

/* "'ls -l'", "'system wide'" or "process id '12'", for the header. */
static char *target_of(const struct ps *s)
{
	struct buf b = { 0 };
	int i;

	if (s->cpu_arg && !s->all_cpus) {
		buf_printf(&b, "'CPU(s) %s'", s->cpu_arg);
	} else if (s->t.system_wide) {
		buf_printf(&b, "'system wide'");
	} else if (s->tid_arg) {
		buf_printf(&b, "thread id '%s'", s->tid_arg);
	} else if (s->pid_arg) {
		buf_printf(&b, "process id '%s'", s->pid_arg);
	} else {
		buf_printf(&b, "'");
		for (i = 0; s->cmd[i]; i++)
			buf_printf(&b, "%s%s", i ? " " : "", s->cmd[i]);
		buf_printf(&b, "'");
	}
	buf_put(&b, "", 1);
	return b.p;
}

static int usage_error(const char *msg, const char *arg)
{
	fprintf(stderr, "%s%s%s%s\n", msg, arg ? ": '" : "", arg ? arg : "",
		arg ? "'" : "");
	usage(stderr);
	return EXIT_USAGE;
}

/*
 * perf's refusal of options that do not go together: its message, then
 * its usage with only the options concerned; exit 234.
 */
static int refuse(const char *msg, bool usage_line, const char *opts)
{
	fprintf(stderr, "%s\n", msg);
	if (usage_line)
		fprintf(stderr, "\n Usage: ferret stat [<options>] [<command>]\n\n");
	fputs(opts, stderr);
	return EXIT_EINVAL;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/*
 * -p's or -t's list of ids, "12,34", in its order, an id named twice
 * twice: the count, or -EINVAL.  live: each must be a running process
 * (perf finds its threads in /proc then), else -ESRCH.
 */
static int parse_id_list(const char *arg, bool live, int **ids)
{
	const char *p = arg;
	int n = 0, err = 0;
	long v;

	*ids = NULL;
	for (;;) {
		size_t len = strcspn(p, ",");
		char *tok = xstrndup(p, len);

		if (parse_count(tok, INT_MAX, &v))
			err = -EINVAL;
		else if (live && kill((pid_t)v, 0) && errno == ESRCH)
			err = -ESRCH;
		free(tok);
		if (err)
			break;
		*ids = xrealloc(*ids, (n + 1) * sizeof(**ids));
		(*ids)[n++] = (int)v;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (err) {
		free(*ids);
		*ids = NULL;
		return err;
	}
	return n;
}

/*
 * -C's list, sorted as perf's CPU maps are: the count, or -EINVAL for
 * what perf cannot parse, a CPU named twice included.
 */
static int parse_cpu_list(const char *arg, int **cpus)
{
	int n, i;

	if (arg[strspn(arg, "0123456789,-")])
		return -EINVAL;
	n = perf_parse_cpus(arg, cpus);
	if (n < 0)
		return n;
	qsort(*cpus, n, sizeof(**cpus), cmp_int);
	for (i = 1; i < n; i++) {
		if ((*cpus)[i - 1] == (*cpus)[i]) {
			free(*cpus);
			*cpus = NULL;
			return -EINVAL;
		}
	}
	return n;
}

/*
 * perf's target__validate(): a process or threads to count override -C
 * and -a, with the warning of the first it overrides, and -p overrides
 * -t (its list is not read, and the header names the process).
 */
static void target_validate(struct ps *s)
{
	const char *warn = NULL;

	if (s->pid_arg)
		s->tid_arg = NULL;
	if (s->tid_arg || s->pid_arg) {
		if (s->cpu_arg)
			warn = "PID/TID switch overriding CPU";
		else if (s->all_cpus)
			warn = "PID/TID switch overriding SYSTEM";
		s->cpu_arg = NULL;
		s->all_cpus = false;
	}
	if (warn)
		fprintf(stderr, "%s\n", warn);
	s->t.system_wide = s->all_cpus || s->cpu_arg;
}

/*
 * -p's process, -t's threads or -C's CPUs, read after the other checks
 * as perf reads them: 0, or perf's exit status after its message.
 */
static int target_resolve(struct ps *s)
{
	if (s->pid_arg) {
		s->t.npids = parse_id_list(s->pid_arg, true, &s->pids);
		if (s->t.npids < 0)
			goto no_threads;
		s->t.pids = s->pids;
		s->t.pid = s->pids[0];
	}
	if (s->tid_arg) {
		s->t.ntids = parse_id_list(s->tid_arg, false, &s->tids);
		if (s->t.ntids < 0)
			goto no_threads;
		s->t.tids = s->tids;
		s->t.pid = s->tids[0];
	}
	if (s->cpu_arg) {
		s->t.ncpus = parse_cpu_list(s->cpu_arg, &s->cpus);
		if (s->t.ncpus < 0)
			return refuse("failed to parse CPUs map: No such file or directory", true,
				      "    -C, --cpu <cpu>       list of cpus to monitor in system-wide\n"
				      "    -a, --all-cpus        system-wide collection from all CPUs\n");
		s->t.cpus = s->cpus;
	}
	return 0;
no_threads:
	fprintf(stderr, "Problems finding threads of monitor\n\n");
	option_usage("    -p, --pid <pid>       stat events on existing process id\n"
		     "    -t, --tid <tid>       stat events on existing thread id\n");
	return EXIT_EINVAL;
}

int stat_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "event", required_argument, NULL, 'e' },
		{ "pid", required_argument, NULL, 'p' },
		{ "tid", required_argument, NULL, 't' },
		{ "all-cpus", no_argument, NULL, 'a' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "field-separator", required_argument, NULL, 'x' },
		{ "json-output", no_argument, NULL, 'j' },
		{ "interval-print", required_argument, NULL, 'I' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "no-aggr", no_argument, NULL, 'A' },
		{ "cpu", required_argument, NULL, 'C' },
		{ "per-thread", no_argument, NULL, OPT_PER_THREAD },
		{ "per-core", no_argument, NULL, OPT_PER_CORE },
		{ "per-die", no_argument, NULL, OPT_PER_DIE },
		{ "per-socket", no_argument, NULL, OPT_PER_SOCKET },
		{ "per-node", no_argument, NULL, OPT_PER_NODE },
		{ "null", no_argument, NULL, 'n' },
		{ "pre", required_argument, NULL, OPT_PRE },
		{ "post", required_argument, NULL, OPT_POST },
		{ "append", no_argument, NULL, OPT_APPEND },
		{ "log-fd", required_argument, NULL, OPT_LOG_FD },
		{ "table", no_argument, NULL, OPT_TABLE },
		{ "delay", required_argument, NULL, 'D' },
		{ "control", required_argument, NULL, OPT_CONTROL },
		{ NULL, 0, NULL, 0 },
	};
	struct ps s = { .runs = 1, .tfd = -1, .efd = -1, .go_fd = -1 };
	char *end;
	const char *outfile = NULL;
	bool append = false, table = false;
	long log_fd = 0, repeat = 1;
	char *thousands = NULL;
	struct rusage ru;
	FILE *out = stderr;
	bool bpf_used = false;
	int opt, ret = 0, r, i, err;
	long v;

	memset(&ru, 0, sizeof(ru));
	stat_ctl_init(&s.ctl);
	s.out.mode = STAT_STD;
	optind = 0;
	while ((opt = getopt_long(argc, argv, stat_optstring, longopts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			if (stat_ev_parse(&s.ev, optarg)) {
				ret = EXIT_USAGE;
				goto out;
			}
			break;
		/* -p, -t and -C are read once the options are checked, as in perf. */
		case 'p':
			s.pid_arg = optarg;
			break;
		case 't':
			s.tid_arg = optarg;
			break;
		case 'a':
			s.all_cpus = true;
			break;
		case 'C':
			s.cpu_arg = optarg;
			break;
		case 'A':
			s.aggr = STAT_AGGR_NONE;
			break;
		case OPT_PER_THREAD:
			s.aggr = STAT_AGGR_THREAD;
			break;
		case OPT_PER_CORE:
			s.aggr = STAT_AGGR_CORE;
			break;
		case OPT_PER_DIE:
			s.aggr = STAT_AGGR_DIE;
			break;
		case OPT_PER_SOCKET:
			s.aggr = STAT_AGGR_SOCKET;
			break;
		case OPT_PER_NODE:
			s.aggr = STAT_AGGR_NODE;
			break;
		case 'r':
			if (parse_int(optarg, &v)) {
				fprintf(stderr, " Error: switch `r' expects a numerical value\n");
				ret = EXIT_USAGE;
				option_usage(REPEAT_HELP);
				goto out;
			}
			repeat = v;
			break;
		case 'x':
			s.out.mode = STAT_CSV;
			s.out.sep = optarg;
			break;
		case 'j':
			s.out.mode = STAT_JSON;
			break;
		case 'I':
			/*
			 * perf's unsigned option: strtol()'s value cut to 32
			 * bits, 0 printing no intervals; perf 6.1 takes any
			 * other value, below 10 ms too.
			 */
			if (optarg[0] == '-' || parse_uint(optarg, &v)) {
				fprintf(stderr, " Error: switch `I' expects %s numerical value\n",
					optarg[0] == '-' ? "an unsigned" : "a");
				option_usage(INTERVAL_HELP);
				ret = EXIT_USAGE;
				goto out;
			}
			s.interval_ms = v;
			break;
		case 'o':
			outfile = optarg;
			break;
		case OPT_APPEND:
			append = true;
			break;
		case OPT_LOG_FD:
			if (parse_int(optarg, &log_fd)) {
				fprintf(stderr, " Error: option `log-fd' expects a numerical value\n");
				option_usage(LOG_FD_HELP);
				ret = EXIT_USAGE;
				goto out;
			}
			break;
		case 'n':
			s.null_run = true;
			break;
		case OPT_PRE:
			s.pre = optarg;
			break;
		case OPT_POST:
			s.post = optarg;
			break;
		case OPT_TABLE:
			table = true;
			break;
		case 'D':
			/* perf's OPT_INTEGER: strtol()'s value cut to an int. */
			s.delay = (int)strtol(optarg, &end, 10);
			if (*end) {
				i = opt_form(argv);
				if (i)
					fprintf(stderr, " Error: option `delay' expects a numerical value\n");
				else
					fprintf(stderr, " Error: switch `D' expects a numerical value\n");
				option_usage(i == 2 ? "" : DELAY_HELP);
				ret = EXIT_USAGE;
				goto out;
			}
			break;
		case OPT_CONTROL:
			if (stat_ctl_parse(&s.ctl, optarg)) {
				fprintf(stderr, "\n");
				option_usage(opt_form(argv) == 2 ? "" : CONTROL_HELP);
				ret = EXIT_USAGE;
				goto out;
			}
			break;
		case 'h':
			usage(stdout);
			goto out;
		default:
			usage(stderr);
			ret = EXIT_USAGE;
			goto out;
		}
	}
	if (optind < argc)
		s.cmd = argv + optind;
	/* perf's checks of its output options come first, in its order. */
	if (outfile && log_fd) {
		ret = refuse("cannot use both --output and --log-fd", true,
			     OUTPUT_HELP LOG_FD_HELP);
		goto out;
	}
	if (table && repeat <= 1) {
		ret = refuse("--table is only supported with -r", true,
			     REPEAT_HELP TABLE_HELP);
		goto out;
	}
	if (log_fd < 0) {
		ret = refuse("argument to --log-fd must be a > 0", true,
			     LOG_FD_HELP);
		goto out;
	}
	if (outfile && strcmp(outfile, "-")) {
		/* "-" is perf's name for standard error. */
		out = fopen(outfile, append ? "a" : "w");
		if (!out) {
			fprintf(stderr, "failed to create output file: %s\n",
				strerror(errno));
			out = stderr;
			ret = 255;
			goto out;
		}
		stat_fmt_started(out, time(NULL));
	} else if (log_fd > 0) {
		out = fdopen((int)log_fd, append ? "a" : "w");
		if (!out) {
			fprintf(stderr, "Failed opening logfd: %s\n", strerror(errno));
			out = stderr;
			ret = EXIT_EINVAL;
			goto out;
		}
	}
	target_validate(&s);
	if (repeat < 0) {
		fprintf(stderr, "Run count must be a positive number\n\n");
		option_usage(REPEAT_HELP);
		ret = EXIT_EINVAL;
		goto out;
	}
	/* 0: as in perf, run and print again and again. */
	s.forever = !repeat;
	s.runs = repeat ? (int)repeat : 1;
	/* -a --per-thread: every thread of the system; -C has none. */
	if (s.aggr == STAT_AGGR_THREAD && !s.pid_arg && !s.tid_arg &&
	    (!s.all_cpus || s.cpu_arg)) {
		ret = refuse("The --per-thread option is only available when monitoring via -p -t -a options or only --per-thread.",
			     false,
			     "    -p, --pid <pid>       stat events on existing process id\n"
			     "    -t, --tid <tid>       stat events on existing thread id\n");
		goto out;
	}
	if (s.aggr != STAT_AGGR_GLOBAL && s.aggr != STAT_AGGR_THREAD &&
	    !s.t.system_wide) {
		ret = refuse("both cgroup and no-aggregation modes only available in system-wide mode",
			     true,
			     "    -G, --cgroup <name>   monitor event in cgroup name only\n"
			     "    -A, --no-aggr         disable CPU count aggregation\n"
			     "    -a, --all-cpus        system-wide collection from all CPUs\n"
			     "        --for-each-cgroup <name>\n"
			     "                          expand events for each cgroup\n");
		goto out;
	}
	if (!s.cmd && !s.pid_arg && !s.tid_arg && !s.t.system_wide) {
		ret = usage_error("ferret stat: no command to run: give a command, -p PID or -a", NULL);
		goto out;
	}
	s.attached = s.pid_arg || s.tid_arg;
	if ((s.runs > 1 || s.forever) && !s.cmd) {
		ret = usage_error("ferret stat: -r needs a command to repeat", NULL);
		goto out;
	}
	ret = target_resolve(&s);
	if (ret)
		goto out;
	if (s.cmd && util_which(s.cmd[0], NULL)) {
		fprintf(stderr, "Workload failed: No such file or directory\n");
		ret = 255;
		goto out;
	}
	if (!s.ev.n && !s.null_run)
		stat_ev_default(&s.ev);
	s.t.all_threads = s.aggr == STAT_AGGR_THREAD && s.t.system_wide && !s.t.pid;
	s.bmode.per_cpu = s.t.system_wide && !s.t.all_threads;
	s.bmode.tree = !s.bmode.per_cpu;
	s.bmode.per_thread = s.aggr == STAT_AGGR_THREAD;
	s.bmode.gated = s.delay || s.ctl.fd >= 0;
	s.t.delayed = s.delay != 0;
	bpf_used = s.ev.nbpf > 0;
	if (s.t.pid > 0)
		provider_pid = s.t.pid;
	thousands = s.out.mode == STAT_STD ? thousands_sep() : xstrdup("");
	s.out.f = out;
	s.out.thousands = thousands;
	s.out.runs = s.runs;
	s.out.aggr = s.aggr;
	s.out.null_run = s.null_run;
	if (table) {
		s.walls = xcalloc(s.runs, sizeof(*s.walls));
		s.out.walls = s.walls;
		s.out.nwalls = s.runs;
	}
	s.target = target_of(&s);
	s.t.cmd = s.cmd && !s.attached;
	for (r = 0; s.forever || r < s.runs; r++) {
		err = run_hooked(&s, r, &ru, &ret);
		if (err) {
			/* perf's status for an event it cannot count at all. */
			ret = err == -EOPNOTSUPP || err == -ESRCH ? 255 : 1;
			goto out;
		}
		if (!s.forever)
			continue;
		/*
		 * -r 0 prints each run on its own (with -I, nothing after the
		 * first run's intervals), without the user and system times,
		 * as perf does; a stop signal ends the runs, where perf 6.1
		 * only dies of SIGTERM.
		 */
		if (!s.interval_ms)
			print_summary(&s, false, &ru);
		for (i = 0; i < s.ev.n; i++)
			memset(&s.ev.v[i].acc, 0, sizeof(s.ev.v[i].acc));
		memset(&s.wall, 0, sizeof(s.wall));
		if (stop_sig || run_stopping())
			break;
	}
	if (!s.interval_ms && !s.forever)
		print_summary(&s, s.cmd && !s.t.system_wide && !s.attached, &ru);
out:
	stat_ctl_close(&s.ctl);
	free(s.walls);
	free(s.cpus);
	free(s.pids);
	free(s.tids);
	free(s.target);
	free(thousands);
	stat_ev_free(&s.ev);
	if (bpf_used) {
		kbtf_release();
		type_free_all();
	}
	if (out != stderr)
		fclose(out);
	else
		fflush(stderr);
	return ret;
}
