/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runtime: load, attach, fire BEGIN, release the -c child, drain the
 * ring buffer until exit() or the end of the traced process, fire END,
 * detach, print the maps.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/auxv.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "run.h"
#include "record.h"
#include "../compile/compile.h"
#include "../kernel/loader.h"
#include "../kernel/symtab.h"
#include "../kernel/ringbuf.h"
#include "../lang/types.h"
#include "../builtins/builtin.h"
#include "../providers/provider.h"
#include "symbols.h"
#include "pcap.h"

/*
 * After reading a batch the reader polls again this long after it,
 * whatever else wakes it meanwhile, before it sleeps until woken: longer
 * than the gap between wake-ups (see cg.c), so a record that did not
 * wake it waits no longer than this.  The batch that went past the
 * wake-up a record was kept quiet by was read after that wake-up, so
 * the poll this long after it comes after the record.
 */
#define HOT_NS (WAKE_GAP_NS + WAKE_GAP_NS / 4)
/* With nothing to watch but a front end's tick hook: its check period. */
#define TICK_NS 1000000000LL
/* Pages of each CPU's perf buffer for skboutput() packets. */
#define SKB_PAGES 64
/* How long output may block once the run is stopping. */
#define OUTPUT_GRACE_S 1

static volatile sig_atomic_t stop_signal, dump_signal, alarm_signal;

/* SIGUSR1: print every map and go on, as bpftrace does. */
static void on_dump(int sig)
{
	dump_signal = 1;
}

/*
 * SIGINT, SIGTERM.  Output blocked on an unread pipe gets OUTPUT_GRACE_S
 * more: then SIGALRM interrupts the write and the rest is dropped.
 */
static void on_signal(int sig)
{
	if (!stop_signal)
		alarm(OUTPUT_GRACE_S);
	stop_signal = sig;
}

static void on_alarm(int sig)
{
	alarm_signal = 1;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

bool run_stopping(void)
{
	return stop_signal != 0;
}

int run_stop_signal(void)
{
	return stop_signal;
}

void run_emit(struct runtime *rt, const char *type, const char *text,
	      size_t len)
{
	FILE *f = rt->out.f;

	if (rt->out.format == OUT_JSON) {
		struct buf b = { 0 };

		print_json_string(&b, text, len);
		fprintf(f, "{\"type\": \"%s\", \"data\": %.*s}\n", type,
			(int)b.len, b.p);
		buf_free(&b);
		return;
	}
	fwrite(text, 1, len, f);
}

/*
 * The output's writer, under the run's FILE: it keeps the first write
 * error's errno, which stdio does not, and it retries a write that a
 * signal interrupted until the stop's grace period is over.
 */
struct out_sink {
	int fd;
	int err;		/* errno of the first failed write */
};

static ssize_t out_write(void *cookie, const char *buf, size_t len)
{
	struct out_sink *o = cookie;
	size_t done = 0;

	if (o->err) {
		errno = o->err;
		return -1;
	}
	while (done < len) {
		struct pollfd pw = { .fd = o->fd, .events = POLLOUT };
		ssize_t n;

		/* Past the grace period, a write that would block is lost. */
		if (alarm_signal && poll(&pw, 1, 0) == 0) {
			errno = EINTR;
			n = -1;
		} else {
			n = write(o->fd, buf + done, len - done);
		}

		if (n >= 0) {
			done += n;
			continue;
		}
		if (errno == EINTR && !alarm_signal)
			continue;
		o->err = errno;
		return done ? (ssize_t)done : -1;
	}
	return done;
}

/*
 * Flushes the output.  A write error is reported once, makes the run's
 * status non-zero and ends it; the output then goes to /dev/null, so
 * that what is left (END, the maps) neither fails again nor blocks.
 */
static void out_flush(struct runtime *rt, struct out_sink *os)
{
	FILE *f = rt->out.f;
	int null;

	if (!fflush(f) && !ferror(f) && !os->err)
		return;
	clearerr(f);
	if (!rt->out_err) {
		rt->out_err = os->err ? os->err : EIO;
		if (rt->out_err == EINTR)
			fprintf(stderr, "ferret: the output was not read for %d s after the stop: the rest is lost\n",
				OUTPUT_GRACE_S);
		else
			fprintf(stderr, "ferret: cannot write the output: %s\n",
				strerror(rt->out_err));
	}
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, os->fd);
		close(null);
	}
	__fpurge(f);
}

/* Appends record data (size bytes) to b, as release_held() reads them. */
static void keep_record(struct buf *b, const struct rec_hdr *plain,
			const void *data, size_t size)
{
	static const char pad[8];

	buf_put(b, &size, sizeof(size));
	buf_put(b, plain, sizeof(*plain));
	buf_put(b, (const char *)data + sizeof(*plain), size - sizeof(*plain));
	buf_put(b, pad, -size & 7);
}

static bool spec_fits(struct runtime *rt, const struct run_spec *s,
		      size_t need)
{
	return !rt->c->opts.specsize || s->used + need <= rt->c->opts.specsize;
}

/* Generation gen (a low byte) of s has ended. */
static bool spec_ended(const struct run_spec *s, uint32_t gen)
{
	return (uint8_t)(gen - s->live) >= 128;
}

/*
 * A speculative record: kept with its speculation unless its generation
 * has ended (see spec.c) or it does not fit; a run that does not fit is
 * dropped whole and counted once (see release_held()).
 */
static int spec_take(struct runtime *rt, const struct rec_hdr *h, size_t size)
{
	uint32_t id = (h->kind & REC_SPEC_MASK) >> REC_SPEC_SHIFT;
	struct rec_hdr plain = { h->kind & REC_TYPE_MASK, h->id };
	struct run_spec *s;

	if (!rt->spec || id < 1 || id > (uint32_t)rt->c->opts.nspec)
		return 0;
	s = &rt->spec[id];
	if (spec_ended(s, h->id >> REC_GEN_SHIFT) || rt->spec_reject == (int)id)
		return 0;
	if (!spec_fits(rt, s, size)) {
		rt->spec_drops++;
		return 0;
	}
	s->used += size;
	keep_record(&s->b, &plain, h, size);
	return 0;
}

static int take_record(struct runtime *rt, void *data, size_t size)
{
	const struct rec_hdr *h = data;
	const struct builtin *b;
	int err;

	/*
	 * D: what the clauses that ran before exit() took effect sent is
	 * still printed (new ones do not start: see the D exit()).
	 */
	if (rt->exiting && !rt->c->opts.dtrace)
		return 0;
	/* Speculative records wait in their speculation anyway. */
	if (rt->begin_queue && !(h->kind & REC_SPEC_MASK) &&
	    (h->kind & REC_TYPE_MASK) != REC_FAULT &&
	    (h->kind & REC_TYPE_MASK) != REC_EXIT) {
		struct rec_hdr plain = { h->kind & REC_KIND_MASK, h->id };

		keep_record(&rt->begin_q, &plain, data, size);
		return 0;
	}
	if (h->kind & REC_SPEC_MASK)
		return spec_take(rt, h, size);
	if (rt->sink && rt->sink->printf_rec && h->kind == REC_PRINTF) {
		const struct fmt_spec *fs = h->id < (uint32_t)rt->c->fmts.n ?
			rt->c->fmts.v[h->id] : NULL;
		size_t len = size - sizeof(*h);
		const void *p = (const char *)data + sizeof(*h);

		if (!fs)
			return 0;
		if (len < (size_t)fs->size) {
			if (rt->padlen < (size_t)fs->size) {
				free(rt->pad);
				rt->pad = xmalloc(fs->size);
				rt->padlen = fs->size;
			}
			memcpy(rt->pad, p, len);
			memset((char *)rt->pad + len, 0, fs->size - len);
			p = rt->pad;
		}
		rt->sink->printf_rec(rt->sink->arg, fs, p);
		return 0;
	}
	b = builtin_for_record(h->kind);
	if (!b) {
		fprintf(stderr, "ferret: unknown record kind %u\n", h->kind);
		return 0;
	}
	err = b->rt(rt, h, (const char *)data + sizeof(*h), size - sizeof(*h));
	if (err)
		fprintf(stderr, "ferret: %s() output failed: %s\n", b->name,
			strerror(-err));
	return 0;
}

/* Takes the records buffer b keeps (see keep_record()), in order. */
static void take_kept(struct runtime *rt, struct buf *b)
{
	size_t at = 0, size;

	while (at + sizeof(size) <= b->len) {
		memcpy(&size, b->p + at, sizeof(size));
		at += sizeof(size);
		take_record(rt, b->p + at, size);
		at += (size + 7) & ~(size_t)7;
	}
	b->len = 0;
}

int run_spec_end(struct runtime *rt, uint32_t id, uint32_t gen, bool commit)
{
	struct run_spec *s;
	struct buf keep = { 0 }, mine = { 0 };
	size_t at = 0, size;

	if (!rt->spec || id < 1 || id > (uint32_t)rt->c->opts.nspec)
		return -EINVAL;
	s = &rt->spec[id];
	gen &= 0xff;
	if (spec_ended(s, gen))
		return 0;
	/* Later generations' records stay; this one's go; older ones too. */
	s->used = 0;
	while (at + sizeof(size) <= s->b.len) {
		struct rec_hdr *h;
		uint32_t g;

		memcpy(&size, s->b.p + at, sizeof(size));
		at += sizeof(size);
		h = (struct rec_hdr *)(s->b.p + at);
		g = h->id >> REC_GEN_SHIFT;
		h->id &= REC_ID_MASK;
		if (g == gen && commit) {
			keep_record(&mine, h, h, size);
		} else if ((uint8_t)(g - gen) < 128 && g != gen) {
			h->id |= g << REC_GEN_SHIFT;
			keep_record(&keep, h, h, size);
			s->used += size;
		}
		at += (size + 7) & ~(size_t)7;
	}
	buf_free(&s->b);
	s->b = keep;
	s->live = gen + 1;
	take_kept(rt, &mine);
	buf_free(&mine);
	return 0;
}

/*
 * A held run's speculative records (one speculation's: one clause) fit
 * their speculation whole or not at all, as DTrace keeps a clause's
 * data.
 */
static void spec_check_run(struct runtime *rt, const struct buf *b)
{
	size_t at = 0, size, need = 0;
	uint32_t id = 0;

	while (at + sizeof(size) <= b->len) {
		const struct rec_hdr *h;

		memcpy(&size, b->p + at, sizeof(size));
		at += sizeof(size);
		h = (const struct rec_hdr *)(b->p + at);
		if (h->kind & REC_SPEC_MASK) {
			id = (h->kind & REC_SPEC_MASK) >> REC_SPEC_SHIFT;
			need += size;
		}
		at += (size + 7) & ~(size_t)7;
	}
	if (id && id <= (uint32_t)rt->c->opts.nspec &&
	    !spec_fits(rt, &rt->spec[id], need)) {
		rt->spec_drops++;
		rt->spec_reject = id;
	}
}

void run_take_run(struct runtime *rt, const struct buf *run,
		  enum run_take which)
{
	size_t at = 0, size;

	while (at + sizeof(size) <= run->len) {
		const struct rec_hdr *h;
		bool exit;

		memcpy(&size, run->p + at, sizeof(size));
		at += sizeof(size);
		h = (const struct rec_hdr *)(run->p + at);
		exit = (h->kind & REC_KIND_MASK) == REC_EXIT;
		if (which == RUN_TAKE_ALL ||
		    exit == (which == RUN_TAKE_EXITS))
			take_record(rt, run->p + at, size);
		at += (size + 7) & ~(size_t)7;
	}
}

/*
 * D: a clause that faulted recorded nothing, as DTrace drops what a
 * faulting clause put in its buffer.  The records of run b from the
 * clause's start (rec_fault.keep of them came before it) to its fault
 * go; the fault stays, to be told.
 */
static void drop_faulted(struct buf *b)
{
	size_t at = 0, size, out = 0, *starts = NULL, *sizes = NULL;
	bool *drop = NULL, any = false;
	uint64_t n = 0, i, k;

	/* Most runs have no fault: one pass that allocates nothing. */
	while (!any && at + sizeof(size) <= b->len) {
		const struct rec_hdr *h;

		memcpy(&size, b->p + at, sizeof(size));
		h = (const struct rec_hdr *)(b->p + at + sizeof(size));
		any = (h->kind & REC_TYPE_MASK) == REC_FAULT;
		at += sizeof(size) + ((size + 7) & ~(size_t)7);
	}
	if (!any)
		return;
	at = 0;
	while (at + sizeof(size) <= b->len) {
		const struct rec_hdr *h;
		struct rec_fault f;

		memcpy(&size, b->p + at, sizeof(size));
		h = (const struct rec_hdr *)(b->p + at + sizeof(size));
		starts = xrealloc(starts, (n + 1) * sizeof(*starts));
		sizes = xrealloc(sizes, (n + 1) * sizeof(*sizes));
		drop = xrealloc(drop, (n + 1) * sizeof(*drop));
		starts[n] = at;
		sizes[n] = sizeof(size) + ((size + 7) & ~(size_t)7);
		drop[n] = false;
		if ((h->kind & REC_TYPE_MASK) == REC_FAULT &&
		    size >= sizeof(*h) + sizeof(f)) {
			memcpy(&f, (const char *)(h + 1), sizeof(f));
			for (k = f.keep >> 1; k < n; k++)
				drop[k] = true;
		}
		at += sizes[n++];
	}
	for (i = 0; i < n; i++) {
		if (drop[i])
			continue;
		if (out != starts[i])
			memmove(b->p + out, b->p + starts[i], sizes[i]);
		out += sizes[i];
	}
	if (n)
		b->len = out;
	free(starts);
	free(sizes);
	free(drop);
}

/*
 * Takes the records CPU cpu held, in the order they came, unless the
 * front end takes the run.
 */
static void release_held(struct runtime *rt, int cpu)
{
	if (rt->c->faults)
		drop_faulted(&rt->held[cpu]);
	if (rt->spec)
		spec_check_run(rt, &rt->held[cpu]);
	if (rt->sink && rt->sink->held_run && rt->held[cpu].len &&
	    rt->sink->held_run(rt->sink->arg, rt, cpu, &rt->held[cpu]))
		rt->held[cpu].len = 0;
	take_kept(rt, &rt->held[cpu]);
	rt->spec_reject = 0;
}

/* At the end of the run: what no REC_END released (one was lost). */
static void release_all_held(struct runtime *rt)
{
	int i;

	for (i = 0; i < rt->nheld; i++)
		release_held(rt, i);
}

/*
 * Records as the ring buffer gives them; held ones (see REC_HELD) wait
 * for their CPU's REC_END.  Held records go into user space's copy with
 * the plain kind, 8-byte aligned as the ring buffer keeps them.
 */
static int on_record(void *arg, void *data, size_t size)
{
	struct runtime *rt = arg;
	struct rec_hdr *h = data;
	uint32_t cpu = (h->kind >> REC_CPU_SHIFT) & REC_CPU_MASK;

	if (size < sizeof(*h))
		return 0;
	if ((h->kind & REC_KIND_MASK) == REC_END) {
		if ((int)cpu < rt->nheld)
			release_held(rt, cpu);
		return 0;
	}
	if (h->kind & REC_HELD) {
		struct rec_hdr plain = { h->kind & REC_KIND_MASK, h->id };
		struct buf *b;

		if ((int)cpu >= rt->nheld) {
			int n = cpu + 1;

			rt->held = xrealloc(rt->held, n * sizeof(*rt->held));
			memset(rt->held + rt->nheld, 0,
			       (n - rt->nheld) * sizeof(*rt->held));
			rt->nheld = n;
		}
		b = &rt->held[cpu];
		keep_record(b, &plain, data, size);
		return 0;
	}
	return take_record(rt, data, size);
}

static uint64_t stat_sum(struct runtime *rt, int slot)
{
	uint64_t *v = xcalloc(rt->out.ncpus, sizeof(uint64_t)), sum = 0;
	uint32_t key = slot;
	int i;

	if (!bpf_map_lookup_elem(rt->stats_fd, &key, v))
		for (i = 0; i < rt->out.ncpus; i++)
			sum += v[i];
	free(v);
	return sum;
}

int run_stat_cpus(struct runtime *rt, int slot, uint64_t *v)
{
	uint32_t key = slot;

	memset(v, 0, rt->out.ncpus * sizeof(*v));
	return bpf_map_lookup_elem(rt->stats_fd, &key, v) ? -errno : 0;
}

uint64_t run_stat(struct runtime *rt, int slot)
{
	return stat_sum(rt, slot);
}

uint64_t run_lost(struct runtime *rt)
{
	return stat_sum(rt, STAT_LOST);
}

static void report_stats(struct runtime *rt)
{
	uint64_t n = stat_sum(rt, STAT_LOST);
	int i;

	if (n)
		fprintf(stderr, "ferret: lost %llu events: the ring buffer was full\n",
			(unsigned long long)n);
	for (i = 0; i < rt->nmaps; i++) {
		n = stat_sum(rt, STAT_MAP_FULL0 + i);
		if (n)
			fprintf(stderr, "ferret: map %s was full (%d entries): %llu updates dropped\n",
				rt->maps[i].name, rt->c->opts.map_keys_max,
				(unsigned long long)n);
	}
}

/*
 * Runs the BEGIN or END programs in order.  Where a clause can fault,
 * each run's records are read before the next runs, so that the ERROR
 * probe a fault fires (see rt_fault()) runs before the next clause, as
 * in DTrace.  In D, so are they where a clause can call exit(), after
 * which no BEGIN clause runs; every END clause does.
 */
static void fire(struct runtime *rt, struct rbuf *rb, enum probe_when when)
{
	bool d = rt->c->opts.dtrace;
	int i;

	for (i = 0; i < rt->c->attach.n; i++) {
		struct cattach *at = rt->c->attach.v[i];
		struct cprog *p = rt->c->progs.v[at->prog];

		if (at->pi->when != when ||
		    (rt->exiting && !(d && when == WHEN_END)))
			continue;
		special_fire(p->fd, rt->c->opts.one_cpu ? rt->c->opts.cpu : -1);
		if (rt->c->faults || (d && rt->c->exits))
			rbuf_consume(rb);
		/*
		 * The ERROR clauses a fault fired while that read made
		 * records of their own (an exit() that stops the next
		 * clause), which a read takes when it starts after them.
		 */
		if (rt->c->faults)
			rbuf_consume(rb);
	}
}

int run_fire_error(struct runtime *rt, const uint64_t *args, int n)
{
	int i, err = 0;

	for (i = 0; i < rt->c->attach.n && !err; i++) {
		struct cattach *at = rt->c->attach.v[i];
		struct cprog *p = rt->c->progs.v[at->prog];

		if (at->pi->when == WHEN_ERROR)
			err = special_fire_args(p->fd, args, n,
						rt->c->opts.one_cpu ? rt->c->opts.cpu : -1);
	}
	return err;
}

/*
 * Waits until the child sits in its read() of the go pipe, so the calls
 * it makes before (glibc's fork bookkeeping, prctl) are never traced,
 * however fast the probes attach.  /proc/PID/syscall names the system
 * call a blocked task is in.  The child gets there in well under a
 * millisecond: yield first, then check every 100 us; give up after two
 * seconds.
 */
static void wait_blocked_in_read(pid_t pid)
{
	char path[64], buf[64];
	int i, fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/syscall", pid);
	for (i = 0; i < 20000; i++) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			return;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return;
		buf[n] = 0;
		if (!strncmp(buf, "0 ", 2))
			return;
		if (i < 50)
			sched_yield();
		else
			usleep(100);
	}
}

pid_t run_spawn_held(const char *path, char *const argv[], int *go_fd,
		     int (*in_child)(void *arg), void *arg, bool quiet_fail)
{
	struct sigaction chld;
	int fds[2];
	pid_t pid;
	char go[8];

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	/*
	 * An ignored SIGCHLD would have the kernel reap the child before
	 * ferret learns how it ended: ferret takes the default, the
	 * command keeps what it was given.
	 */
	sigaction(SIGCHLD, NULL, &chld);
	if (chld.sa_handler == SIG_IGN)
		signal(SIGCHLD, SIG_DFL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (chld.sa_handler == SIG_IGN)
			signal(SIGCHLD, SIG_IGN);
		/*
		 * The held child makes the same calls as bpftrace's, so that
		 * traces of "-c" runs compare equal: an 8-byte read, a close.
		 * Given a path (ferret strace), it execs at once: the pipe
		 * is close-on-exec, and strace shows nothing before execve.
		 */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		close(fds[1]);
		/* Its failure the parent learns from arg, and ends the child. */
		if (in_child)
			in_child(arg);
		if (read(fds[0], go, sizeof(go)) != sizeof(go))
			_exit(127);
		if (!path)
			close(fds[0]);
		if (path)
			execv(path, argv);
		else
			execvp(argv[0], argv);
		/* Reported by the tracer, which sees the execve fail. */
		if (path && quiet_fail)
			_exit(1);
		fprintf(stderr, "ferret: cannot run %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	*go_fd = fds[1];
	wait_blocked_in_read(pid);
	return pid;
}

/*
 * Set by a SIGCHLD that came while the reader was not in ppoll(), which
 * that signal then no longer interrupts: the next wait does not sleep.
 */
static volatile sig_atomic_t child_signal;

static void on_child(int sig)
{
	child_signal = 1;
}

/*
 * When the script names user addresses, the -c child is held at its
 * exit (ptrace's exit event, which stops it before its memory is
 * released) just long enough to capture its mappings: a short-lived
 * command's frames can then be named at exit.  Nothing else of it is
 * traced, and SIGCHLD wakes the reader at once so the hold is short.
 */
static void hold_child_exit(pid_t child)
{
	struct sigaction sa = { .sa_handler = on_child };

	if (ptrace(PTRACE_SEIZE, child, NULL,
		   (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL)))
		return;
	sigaction(SIGCHLD, &sa, NULL);
}

/*
 * Reaps the child if it has exited (waiting for it when block is set);
 * resumes it from ptrace stops on the way, capturing its mappings at
 * its exit stop.  True once it is gone.
 */
static bool child_reap(pid_t child, int *status, bool block)
{
	for (;;) {
		pid_t r = waitpid(child, status, block ? __WALL : WNOHANG | __WALL);
		int st = *status, sig;

		if (r < 0)
			return errno == ECHILD;
		if (r == 0)
			return false;
		if (!WIFSTOPPED(st))
			return true;
		sig = WSTOPSIG(st);
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
			sym_proc_note(child, true);
			sig = 0;
		} else if (st >> 16 == PTRACE_EVENT_STOP) {
			/* A group stop (SIGSTOP and the like): let it stand. */
			ptrace(PTRACE_LISTEN, child, NULL, NULL);
			continue;
		}
		ptrace(PTRACE_CONT, child, NULL, (void *)(long)sig);
	}
}

/*
 * Children of ferret's that are not the traced command (what the command
 * made with CLONE_PARENT) are reaped as they end, as strace reaps them:
 * something may wait for their zombies to go.  The command's own end is
 * left to child_reap().
 */
static void reap_strays(pid_t child, const struct run_sink *sink)
{
	siginfo_t si;

	for (;;) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT | __WALL) ||
		    !si.si_pid || si.si_pid == child)
			return;
		if (waitpid(si.si_pid, NULL, WNOHANG | __WALL) <= 0)
			return;
		if (sink && sink->stray)
			sink->stray(sink->arg, si.si_pid);
	}
}

static bool target_gone(pid_t child, pid_t pid, int *status)
{
	if (child > 0 && child_reap(child, status, false))
		return true;
	if (pid > 0 && kill(pid, 0) < 0 && errno == ESRCH)
		return true;
	return false;
}

/* skboutput(): its perf buffer and the pcap files, by file id. */
struct skb_out {
	struct perf_buffer *pb;
	struct compiled *c;
	FILE **files;
	int64_t boot_to_real;	/* CLOCK_REALTIME - CLOCK_BOOTTIME, ns */
	uint64_t lost;
	int err;		/* first write error */
};

static int64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_skb(void *arg, int cpu, void *data, __u32 size)
{
	struct skb_out *so = arg;
	struct skb_hdr h;
	const char *pkt = (const char *)data + sizeof(h);
	int err;

	if (size < sizeof(h))
		return;
	memcpy(&h, data, sizeof(h));
	/* The sample is padded to 8 bytes: the header says how long it is. */
	if (h.file >= (uint32_t)so->c->pcaps.n || h.len > size - sizeof(h))
		return;
	if (h.offset > h.len)
		h.offset = h.len;
	err = pcap_packet(so->files[h.file], h.boot_ns + so->boot_to_real,
			  pkt + h.offset, h.len - h.offset);
	if (err && !so->err) {
		so->err = -err;
		fprintf(stderr, "ferret: cannot write %s: %s\n",
			(const char *)so->c->pcaps.v[h.file], strerror(-err));
	}
}

static void on_skb_lost(void *arg, int cpu, __u64 n)
{
	struct skb_out *so = arg;

	so->lost += n;
}

/* Closes the files; the errno of the first failed write, or 0. */
static int skb_close(struct skb_out *so)
{
	int i, err;

	if (!so)
		return 0;
	perf_buffer__free(so->pb);
	for (i = 0; i < so->c->pcaps.n; i++)
		if (so->files[i] && fclose(so->files[i]) && !so->err) {
			so->err = errno;
			fprintf(stderr, "ferret: cannot write %s: %s\n",
				(const char *)so->c->pcaps.v[i], strerror(errno));
		}
	if (so->lost)
		fprintf(stderr, "ferret: lost %llu skboutput() packets: the perf buffer was full\n",
			(unsigned long long)so->lost);
	err = so->err;
	free(so->files);
	free(so);
	return err;
}

/* Creates the pcap files and the perf buffer reader; NULL after an error. */
static struct skb_out *skb_open(struct compiled *c, int map_fd)
{
	struct skb_out *so = xcalloc(1, sizeof(*so));
	int i, err;

	so->c = c;
	so->files = xcalloc(c->pcaps.n, sizeof(*so->files));
	so->boot_to_real = clock_ns(CLOCK_REALTIME) - clock_ns(CLOCK_BOOTTIME);
	for (i = 0; i < c->pcaps.n; i++) {
		const char *path = c->pcaps.v[i];

		so->files[i] = fopen(path, "w");
		err = so->files[i] ? pcap_begin(so->files[i], PCAP_LINKTYPE_RAW,
						   PCAP_SNAPLEN) : -errno;
		if (err) {
			fprintf(stderr, "ferret: cannot write %s: %s\n", path,
				strerror(-err));
			goto fail;
		}
	}
	so->pb = perf_buffer__new(map_fd, SKB_PAGES, on_skb, on_skb_lost, so,
				  NULL);
	if (!so->pb) {
		fprintf(stderr, "ferret: cannot read skboutput() packets: %s\n",
			strerror(errno));
		goto fail;
	}
	return so;
fail:
	skb_close(so);
	return NULL;
}

static int pidfd_of(pid_t pid)
{
	return pid > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
}

/*
 * Reads records until exit(), a stop signal, a write error, or the end
 * of the traced process (a pidfd in the poll set says so at once).  The
 * signals that end or interrupt the wait are blocked from the check of
 * their flags to ppoll(), which takes them, so none is missed in between.
 */
static void read_events(struct runtime *rt, struct out_sink *os,
			struct rbuf *rb,
			const struct run_opts *o, pid_t child,
			bool *child_done, int *status)
{
	struct pollfd pfd[4] = { { .fd = rbuf_poll_fd(rb), .events = POLLIN } };
	pid_t target = child > 0 ? child : o->pid;
	bool tick = o->sink && o->sink->tick;
	uint64_t hot_until = now_ns() + HOT_NS;
	sigset_t block, orig;
	int n;

	pfd[1].fd = pidfd_of(target);
	pfd[1].events = POLLIN;
	pfd[2].fd = rt->skb ? perf_buffer__epoll_fd(rt->skb->pb) : -1;
	pfd[2].events = POLLIN;
	pfd[3].fd = -1;
	pfd[3].events = POLLIN;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_SETMASK, NULL, &orig);
	/* A child's end (the command's, or a stray's) interrupts the wait. */
	if (child > 0) {
		struct sigaction sa = { .sa_handler = on_child, .sa_flags = SA_RESTART };

		sigaction(SIGCHLD, &sa, NULL);
		/*
		 * A stray that ended before the handler was there sent its
		 * SIGCHLD to the default action, which wakes nothing.
		 */
		reap_strays(child, o->sink);
	}
	for (;;) {
		struct timespec ts, *tsp = NULL;
		uint64_t now;

		sigprocmask(SIG_BLOCK, &block, NULL);
		if (rt->exiting || stop_signal || rt->out_err)
			break;
		if (dump_signal) {
			dump_signal = 0;
			sigprocmask(SIG_SETMASK, &orig, NULL);
			rbuf_consume(rb);
			print_maps(&rt->out, rt->maps, rt->nmaps);
			out_flush(rt, os);
			continue;
		}
		now = now_ns();
		/*
		 * Past the hot spell: the probes are told records must wake
		 * the reader again, then the buffer is looked at once more,
		 * for a record sent before they could see it (cg.c's
		 * wake_tail() reads the word after its record's commit).
		 */
		if (now >= hot_until && rt->ctl && rt->ctl[CONTROL_HOT / 8]) {
			rt->ctl[CONTROL_HOT / 8] = 0;
			__atomic_thread_fence(__ATOMIC_SEQ_CST);
			if (rbuf_consume(rb) > 0) {
				rt->ctl[CONTROL_HOT / 8] = 1;
				hot_until = now_ns() + HOT_NS;
				out_flush(rt, os);
				continue;
			}
		}
		if (now < hot_until) {
			ts.tv_sec = 0;
			ts.tv_nsec = (long)(hot_until - now);
			tsp = &ts;
		} else if (o->sink && o->sink->busy && o->sink->busy(o->sink->arg)) {
			ts.tv_sec = 0;
			ts.tv_nsec = HOT_NS;
			tsp = &ts;
		} else if ((target > 0 && pfd[1].fd < 0 && !*child_done) ||
			   (tick && target <= 0)) {
			/* No pidfd (or only a tick hook): check now and then. */
			ts.tv_sec = TICK_NS / 1000000000LL;
			ts.tv_nsec = TICK_NS % 1000000000LL;
			tsp = &ts;
		}
		if (o->sink && o->sink->poll_fd)
			pfd[3].fd = o->sink->poll_fd(o->sink->arg);
		if (child_signal) {
			child_signal = 0;
			ts.tv_sec = ts.tv_nsec = 0;
			tsp = &ts;
		}
		n = ppoll(pfd, 4, tsp, &orig);
		sigprocmask(SIG_SETMASK, &orig, NULL);
		if (n < 0 && errno != EINTR) {
			fprintf(stderr, "ferret: waiting for events: %s\n",
				strerror(errno));
			break;
		}
		if (n > 0 && pfd[3].fd >= 0 && pfd[3].revents)
			o->sink->poll_ready(o->sink->arg);
		if (rt->skb)
			perf_buffer__consume(rt->skb->pb);
		reap_strays(child, o->sink);
		/* Records that did not wake us are read here too. */
		if (rbuf_consume(rb) > 0) {
			hot_until = now_ns() + HOT_NS;
			if (rt->ctl)
				rt->ctl[CONTROL_HOT / 8] = 1;
		}
		out_flush(rt, os);
		if (!*child_done && target_gone(child, o->pid, status)) {
			*child_done = true;
			if (pfd[1].fd >= 0) {
				close(pfd[1].fd);
				pfd[1].fd = -1;
			}
			rbuf_consume(rb);
			if (!tick)
				break;
		}
		if (tick && o->sink->tick(o->sink->arg, *child_done))
			break;
	}
	sigprocmask(SIG_SETMASK, &orig, NULL);
	if (pfd[1].fd >= 0)
		close(pfd[1].fd);
}

/* Moves the watchpoints' attachments to fds, released with the rest. */
static void watches_fold(struct runtime *rt, struct fdset *fds)
{
	int i, j;

	for (i = 0; i < rt->watches.n; i++) {
		struct run_watch *w = rt->watches.v[i];

		for (j = 0; j < w->fds.n; j++)
			fdset_add(fds, w->fds.fd[j]);
		for (j = 0; j < w->fds.nlink; j++)
			fdset_add_link(fds, w->fds.link[j]);
		free(w->fds.fd);
		free(w->fds.link);
		free(w);
	}
	vec_free(&rt->watches);
}

/*
 * Attaches every event probe; 0, -EINTR on a stop signal, or the error.
 * Armed instances wait for their arms; watchpoints are kept apart, for
 * unwatch().
 */
static int attach_all(struct runtime *rt, struct compiled *c,
		      struct fdset *fds)
{
	int k, err;

	/*
	 * Script order, except for probe types whose kernel runs the last
	 * program attached to a site first: those go second, in reverse, so
	 * that several blocks on one event still run as written.
	 */
	for (k = 0; k < 2 * c->attach.n; k++) {
		bool lifo = k >= c->attach.n;
		struct cattach *at = c->attach.v[lifo ? 2 * c->attach.n - 1 - k : k];
		struct cprog *p = c->progs.v[at->prog];
		struct run_watch *w = NULL;
		char msg[512] = "";

		if (at->pi->when != WHEN_EVENT || at->pi->prov->attach_lifo != lifo ||
		    at->pi->arm || at->rides)
			continue;
		if (stop_signal)
			return -EINTR;
		if (at->pi->addr) {
			w = xcalloc(1, sizeof(*w));
			w->pi = at->pi;
			w->addr = at->pi->addr;
			vec_push(&rt->watches, w);
		}
		err = at->pi->prov->attach(at->pi, p->fd, at->cookie,
					   w ? &w->fds : fds, msg, sizeof(msg));
		if (err) {
			fprintf(stderr, "ferret: cannot attach %s: %s\n",
				at->pi->name, msg[0] ? msg : strerror(-err));
			return err;
		}
	}
	return 0;
}

const struct map_info *run_map_named(const struct runtime *rt,
				     const char *name)
{
	int i;

	for (i = 0; i < rt->nmaps; i++)
		if (!strcmp(rt->maps[i].name, name))
			return &rt->maps[i];
	return NULL;
}

int run_program(struct compiled *c, const struct run_opts *o, pid_t child,
		int child_go_fd)
{
	static const cookie_io_functions_t out_io = { .write = out_write };
	struct runtime rt = { .c = c, .sink = o->sink, .exit_status = -1,
			      .out_orig = -1 };
	struct out_sink os = { .fd = fileno(o->out) };
	struct loaded l = { 0 };
	struct fdset fds = { 0 };
	struct rbuf *rb = NULL;
	struct sigaction sa = { .sa_handler = on_signal };
	struct sigaction al = { .sa_handler = on_alarm };
	struct sigaction du = { .sa_handler = on_dump };
	struct sigaction pipe_ign = { .sa_handler = SIG_IGN }, pipe_old;
	int i, err, nprobes = 0, status = 0, ret = 1;
	bool child_done = false;
	const char **names;

	fflush(o->out);
	rt.out.f = fopencookie(&os, "w", out_io);
	if (!rt.out.f)
		return 1;
	setvbuf(rt.out.f, NULL, o->bufmode, 0);
	rt.out.format = o->format;
	rt.out.ncpus = libbpf_num_possible_cpus();
	names = xcalloc(2 * (c->probes.n + 1), sizeof(*names));
	for (i = 0; i < c->probes.n; i++) {
		struct probe_inst *pi = c->probes.v[i];

		names[i] = pi->name;
		names[c->probes.n + 1 + i] = pi->func;
	}
	rt.out.probe_names = names;
	rt.out.func_names = names + c->probes.n + 1;
	rt.out.nprobes = c->probes.n;
	rt.start_ns = now_ns();
	if (o->loaded) {
		l = *o->loaded;
		memset(o->loaded, 0, sizeof(*o->loaded));
		o->loaded->pc.lock = -1;
	}
	err = loader_load(c, &l, rt.start_ns, o->verbose, o->cache);
	if (err)
		goto out;
	/*
	 * A cached set stays locked until the last link is gone (the
	 * releaser of fdset_close_async() closes this copy last).
	 */
	i = l.pc.lock >= 0 ? fcntl(l.pc.lock, F_DUPFD_CLOEXEC, 0) : -1;
	if (i >= 0)
		fdset_add_fast(&fds, i, false);
	rt.ringbuf_fd = l.map_fd[MAP_RINGBUF];
	rt.ctl = loader_control_map(&l);
	rt.out.stack_fds = &l.map_fd[MAP_STACKS];
	rt.out.nstack_fds = c->nstack_maps;
	rt.pids_fd = l.map_fd[MAP_PIDS];
	rt.stats_fd = l.map_fd[MAP_STATS];
	rt.nmaps = c->maps.n;
	rt.maps = xcalloc(rt.nmaps + 1, sizeof(*rt.maps));
	for (i = 0; i < rt.nmaps; i++) {
		struct symbol *sym = c->maps.v[i];

		rt.maps[i].name = sym->name;
		rt.maps[i].sym = sym;
		rt.maps[i].fd = l.map_fd[MAP_NFIXED + i];
	}
	rt.out_fd = os.fd;
	if (c->uses_spec)
		rt.spec = xcalloc(c->opts.nspec + 1, sizeof(*rt.spec));
	rb = l.nrings ? rbuf_open(l.ring_fd, l.nrings, c->ringbuf_size, on_record, &rt) :
			rbuf_open(&rt.ringbuf_fd, 1, c->ringbuf_size, on_record, &rt);
	if (!rb) {
		fprintf(stderr, "ferret: cannot map the ring buffer: %s\n",
			strerror(errno));
		goto out;
	}
	if (c->pcaps.n) {
		rt.skb = skb_open(c, l.map_fd[MAP_SKB]);
		if (!rt.skb)
			goto out;
	}
	/* An armed instance is counted as its arm, as bpftrace counts it. */
	for (i = 0; i < c->attach.n; i++)
		if (!((struct cattach *)c->attach.v[i])->pi->arm)
			nprobes++;
	/* A closed output is a write error (EPIPE), reported as such. */
	sigaction(SIGPIPE, &pipe_ign, &pipe_old);
	sigaction(SIGALRM, &al, NULL);
	if (o->deaf)
		sa.sa_handler = SIG_IGN;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGUSR1, &du, NULL);
	/*
	 * A ptraced child would stay stopped when a program stops it.  One
	 * already stopped under ferret's ptrace is held at its exit through
	 * that, and let go otherwise.
	 */
	if (child > 0 && c->uses_pids && !c->stops_target && !o->child_stopped)
		hold_child_exit(child);
	if (child > 0 && c->uses_pids && !c->stops_target && o->child_stopped &&
	    !ptrace(PTRACE_SETOPTIONS, child, NULL,
		    (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL))) {
		struct sigaction hs = { .sa_handler = on_child };

		sigaction(SIGCHLD, &hs, NULL);
	}
	/*
	 * BEGIN runs before the event probes are attached, as in bpftrace,
	 * and its records are read before any event's: what it prints (a
	 * tool's header) comes first, and what it stores is there for the
	 * first event.  The "Attaching" line still means attached.
	 */
	if (o->sink && o->sink->setup && o->sink->setup(o->sink->arg, &rt))
		goto out;
	/* Where fire() reads BEGIN's records as it goes (see run.h). */
	rt.begin_queue = c->opts.dtrace && (c->faults || c->exits);
	fire(&rt, rb, WHEN_BEGIN);
	/*
	 * D: no event clause runs until every probe is attached, as in
	 * DTrace, where a syscall probe cannot fire before the pid probe
	 * its clause makes the process reach.  The stop word holds
	 * CONTROL_HELD meanwhile, unless BEGIN's exit() has set it.
	 */
	if (c->opts.dtrace && rt.ctl)
		__sync_val_compare_and_swap(&rt.ctl[CONTROL_STOP / 8], 0,
					    CONTROL_HELD);
	err = attach_all(&rt, c, &fds);
	if (c->opts.dtrace && rt.ctl)
		__sync_val_compare_and_swap(&rt.ctl[CONTROL_STOP / 8],
					    CONTROL_HELD, 0);
	rt.begin_queue = false;
	if (err && err != -EINTR)
		goto out;
	take_kept(&rt, &rt.begin_q);
	if (!err) {
		/* Folded and raw output stay pure stacks: the line goes to stderr. */
		if (!o->quiet && o->format != OUT_JSON)
			fprintf(o->format == OUT_FOLDED || o->format == OUT_RAW ?
				stderr : rt.out.f,
				"Attaching %d probe%s...\n", nprobes,
				nprobes == 1 ? "" : "s");
		else if (!o->quiet)
			fprintf(rt.out.f, "{\"type\": \"attached_probes\", \"data\": {\"probes\": %d}}\n",
				nprobes);
		out_flush(&rt, &os);
		rbuf_consume(rb);
		out_flush(&rt, &os);
		if (o->sink && o->sink->started && o->sink->started(o->sink->arg))
			err = -ECANCELED;
		if (!err && child_go_fd >= 0) {
			if (write(child_go_fd, "g\0\0\0\0\0\0", 8) != 8)
				fprintf(stderr, "ferret: cannot release the child: %s\n",
					strerror(errno));
			close(child_go_fd);
			child_go_fd = -1;
		}
		if (!err && child > 0 && o->child_stopped &&
		    ptrace(c->uses_pids && !c->stops_target ? PTRACE_CONT :
			   PTRACE_DETACH, child, NULL, NULL))
			fprintf(stderr, "ferret: cannot release the child: %s\n",
				strerror(errno));
		if (!err)
			read_events(&rt, &os, rb, o, child, &child_done, &status);
		else
			rt.failed = true;
	}
	rbuf_consume(rb);
	/*
	 * Stop the probes before END, as bpftrace does: what END prints or
	 * clears must not be refilled by events while user space works on
	 * it.  Stopped programs leave their links to be released after exit.
	 */
	watches_fold(&rt, &fds);
	fdset_close_async(&fds, (!o->no_stop || fdset_stop_pays(&fds)) &&
			  loader_stop_events(&l) == 0);
	rbuf_consume(rb);
	release_all_held(&rt);
	if (o->sink && o->sink->drain)
		o->sink->drain(o->sink->arg, &rt);
	/* END runs even after exit(), as in bpftrace. */
	rt.exiting = false;
	fire(&rt, rb, WHEN_END);
	rbuf_consume(rb);
	if (rt.skb)
		perf_buffer__consume(rt.skb->pb);
	rt.exiting = true;
	out_flush(&rt, &os);
	if (o->sink && o->sink->finish)
		o->sink->finish(o->sink->arg, &rt);
	else
		print_maps_at_exit(&rt.out, rt.maps, rt.nmaps);
	out_flush(&rt, &os);
	if (!o->stats_told)
		report_stats(&rt);
	ret = rt.out_err || rt.failed ? 1 :
	      rt.exit_status > 0 ? rt.exit_status : 0;
out:
	alarm(0);
	if (child_go_fd >= 0)
		close(child_go_fd);
	/* Never left stopped, nor deaf to the SIGTERM below. */
	if (c->stops_target && child > 0 && !child_done)
		kill(child, SIGCONT);
	else if (c->stops_target && child <= 0 && o->pid > 0)
		kill(o->pid, SIGCONT);
	/* A command let go ends on its own: how, seen or not, is not told. */
	if (child > 0 && o->leave_child && *o->leave_child) {
		status = -1;
	} else if (child > 0 && !child_done) {
		if (ret == 0 || !target_gone(child, 0, &status)) {
			kill(child, o->stop_kills && stop_signal ? stop_signal : SIGTERM);
			child_reap(child, &status, true);
		}
	}
	if (o->child_status)
		*o->child_status = child > 0 ? status : -1;
	/* Probes attached before a failure are released in the background too. */
	watches_fold(&rt, &fds);
	if (fds.n || fds.nlink)
		fdset_close_async(&fds, (!o->no_stop || fdset_stop_pays(&fds)) &&
				  loader_stop_events(&l) == 0);
	fdset_close(&fds);
	if (skb_close(rt.skb))
		ret = 1;
	rbuf_close(rb);
	loader_control_unmap(rt.ctl);
	free(rt.pad);
	for (i = 0; i < rt.nheld; i++)
		buf_free(&rt.held[i]);
	free(rt.held);
	buf_free(&rt.begin_q);
	for (i = 0; rt.spec && i <= c->opts.nspec; i++)
		buf_free(&rt.spec[i].b);
	free(rt.spec);
	loader_unload(c, &l);
	free(rt.maps);
	free(names);
	out_flush(&rt, &os);
	fclose(rt.out.f);
	/* The output goes back where it was before freopen(). */
	if (rt.out_orig >= 0) {
		dup2(rt.out_orig, os.fd);
		close(rt.out_orig);
	}
	free(rt.out_path);
	err = pcap_set_close(&rt.pcaps);
	if (err) {
		fprintf(stderr, "ferret: cannot write a pcap() capture file: %s\n",
			strerror(-err));
		ret = 1;
	}
	if (rt.out_err)
		ret = 1;
	sigaction(SIGPIPE, &pipe_old, NULL);
	return ret;
}

/*
 * cmd split at every space, as bpftrace splits it: no quoting, no
 * expansion, and two spaces in a row make an empty argument.  The
 * strings point into *copy; both are freed by the caller.
 */
char **run_split_command(const char *cmd, char **copy)
{
	char *p = xstrdup(cmd), **argv = NULL;
	int n = 0;

	*copy = p;
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
	return argv;
}

/* A ptrace stop of child's, passing on a signal it got meanwhile. */
static int stop_wait(pid_t child, int *status)
{
	for (;;) {
		if (waitpid(child, status, __WALL) < 0)
			return -errno;
		if (!WIFSTOPPED(*status))
			return -ECHILD;
		if (*status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXEC << 8)) ||
		    WSTOPSIG(*status) == SIGTRAP)
			return 0;
		if (*status >> 16 == PTRACE_EVENT_STOP)
			ptrace(PTRACE_LISTEN, child, NULL, NULL);
		else
			ptrace(PTRACE_CONT, child, NULL,
			       (void *)(long)WSTOPSIG(*status));
	}
}

/* The value of auxv entry type of process pid, or 0. */
static uint64_t auxv_get(pid_t pid, uint64_t type)
{
	char path[64];
	uint64_t v[2], ret = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (!ret && read(fd, v, sizeof(v)) == sizeof(v) && v[0])
		if (v[0] == type)
			ret = v[1];
	close(fd);
	return ret;
}

/*
 * The run-time address of pid's main(): its symbol, moved by as much as
 * the entry point (AT_ENTRY against the ELF header's) where the program
 * is position-independent.  0 if it has no such symbol.
 */
static uint64_t main_addr(pid_t pid, uint64_t entry)
{
	char path[64];
	const struct symtab_sym *sym;
	struct symtab *st;
	Elf64_Ehdr eh;
	uint64_t addr = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof(eh), 0) == sizeof(eh) &&
	    (st = symtab_open(path))) {
		sym = symtab_find(st, "main");
		if (sym)
			addr = sym->addr + (eh.e_type == ET_DYN ?
					    entry - eh.e_entry : 0);
		symtab_close(st);
	}
	close(fd);
	return addr;
}

/*
 * Runs the stopped child to addr with a breakpoint there, removed after:
 * it is left stopped with its instruction pointer at addr.
 */
static int run_to(pid_t child, uint64_t addr)
{
	struct user_regs_struct regs;
	long word;
	int status, ret;

	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, child, (void *)addr, NULL);
	if (errno)
		return -errno;
	if (ptrace(PTRACE_POKETEXT, child, (void *)addr,
		   (void *)((word & ~0xffL) | 0xcc)) ||
	    ptrace(PTRACE_CONT, child, NULL, NULL))
		return -errno;
	ret = stop_wait(child, &status);
	if (ret)
		return ret;
	if (ptrace(PTRACE_GETREGS, child, NULL, &regs) ||
	    ptrace(PTRACE_POKETEXT, child, (void *)addr, (void *)word))
		return -errno;
	if (regs.rip != addr + 1)
		return -EPROTO;
	regs.rip = addr;
	return ptrace(PTRACE_SETREGS, child, NULL, &regs) ? -errno : 0;
}

int run_child_stop_at(pid_t child, int go_fd, enum run_stop_at when)
{
	uint64_t entry, addr;
	int status, ret;

	/* Seized while it waits on the pipe: its execve stops it. */
	if (ptrace(PTRACE_SEIZE, child, NULL,
		   (void *)(long)(PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL))) {
		ret = -errno;
		close(go_fd);
		return ret;
	}
	ret = write(go_fd, "g\0\0\0\0\0\0", 8) == 8 ? 0 : -errno;
	close(go_fd);
	if (!ret)
		ret = stop_wait(child, &status);
	if (!ret && when != RUN_STOP_PREINIT) {
		entry = auxv_get(child, AT_ENTRY);
		addr = when == RUN_STOP_MAIN ? main_addr(child, entry) : 0;
		ret = entry ? run_to(child, addr ? addr : entry) : -ENOEXEC;
	}
	if (ret) {
		kill(child, SIGKILL);
		waitpid(child, NULL, __WALL);
	}
	return ret;
}

/* Starts cmd held until run_program() releases it (see run_spawn_held). */
pid_t run_start_command(const char *cmd, int *go_fd)
{
	char *copy, **argv = run_split_command(cmd, &copy);
	pid_t pid = run_spawn_held(NULL, argv, go_fd, NULL, NULL, false);

	free(argv);
	free(copy);
	return pid;
}
