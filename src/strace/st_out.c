/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records to lines.  A call's line is printed when its exit record
 * arrives; when another thread's record comes between a call's entry and
 * exit, the call is printed as strace prints it, "<unfinished ...>" and
 * later "<... NAME resumed>".
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "st_inject.h"
#include "st_main.h"
#include "st_out.h"
#include "st_decode.h"
#include "st_pidns.h"
#include "st_prog.h"
#include "st_stack.h"
#include "st_xlat.h"
#include "../compile/compile.h"
#include "../runtime/run.h"
#include "../runtime/print.h"
#include "../lang/types.h"

#define ST_ARG_COMMS 16

struct st_task {
	int tid;
	int tgid;		/* its thread group, 0 if not known */
	bool started;		/* its calls are shown */
	bool pending;		/* an entry without its exit yet */
	bool cut;		/* the pending entry was printed unfinished */
	int live_enter;		/* tasks traced when the pending call began */
	bool leader_gone;	/* a leader that exited before its group: its
				 * line waits for the group's end, or an exec */
	bool group_ended;	/* a leader whose group's last thread has gone
				 * while its own exit was not yet seen */
	int gone_code;		/* its exit code */
	bool restart_held;	/* returned ERESTART*: printed on its next
				 * record, as "= ?" if that is SIGKILL */
	bool released;		/* -b execve let it go */
	bool attach_note;	/* -f: "Process N attached" is still to be
				 * written, on the trace's stream */
	int note_child;		/* the child whose note follows this task's
				 * next line (its fork call's), or 0 */
	int fatal_sig;		/* the signal whose send made the group's
				 * SIGKILL (on_ignored()), or 0 */
	char comm[16];		/* -Y: its name ("" unknown), from /proc when
				 * first seen, its parent's at fork, then
				 * from each execve */
	long last_nr;		/* -n: its last call's number */
	bool called;		/* last_nr is a call of its own */
	char call_comm[16];	/* -Y: its name at the pending call's entry,
				 * which that call's line shows (execve) */
	/* Signals it ignores, sent during its pending call: their lines
	 * follow the call's, where ptrace would have stopped it. */
	int nignored;
	struct { int sig; uint64_t ts, ip; unsigned char si[48]; } ignored[4];
	struct st_call call;
	/* -ff: its own file, FILE.TID, and whether it was made (a file
	 * opened again is appended to, not truncated). */
	FILE *f;
	bool f_made;
	/* -k: the stack at the pending call's entry, at an execve's exit
	 * and at a signal's delivery; which of them "u" records fill; the lines of an exit's
	 * stack, written after the thread's last line. */
	struct st_ustack stk[3];
	int stk_cur;
	bool exec_mapped;	/* the pending execve's new mappings are known */
	struct buf late;
	/* -e inject=: what ferret did to its next call ("J" record), and
	 * to the pending one (st_inject.h's ST_INJ_ bits). */
	unsigned inj_next, inj;
};

/* A line held (see struct st_out), or when owed, the entry of tid's call. */
struct st_held {
	int tid;
	bool owed;
	struct buf b;
};

struct st_out {
	const struct st_opts *o;
	struct st_dopts d;
	FILE *f;
	pid_t held;
	struct st_task *tasks;
	int ntasks, cap;
	int live;
	int open_tid;		/* whose entry is the last thing "printed" */
	/*
	 * Lines held until the ring buffer's records at hand are read (see
	 * cut_open()): written ones, and calls cut whose "<unfinished ...>"
	 * lines are written then, in order.
	 */
	struct st_held *held_out;
	int nheld, held_cap;
	/*
	 * -Y: the names of processes calls' entries passed as arguments
	 * (waitid's child), read then: the line prints after the call,
	 * when the process may have been reaped.
	 */
	struct { long pid; char comm[16]; } arg_comm[ST_ARG_COMMS];
	int arg_comm_next;
	struct buf spare;	/* a written line's memory, for the next */
	bool multi;		/* more than one process traced at the start */
	int64_t mono_to_real;	/* ns to add to CLOCK_MONOTONIC */
	uint64_t last_ts;	/* -r */
	struct st_stack *stack;	/* -k */
	bool exec_seen;		/* the held command's execve has returned */
	bool exec_returned;	/* its first execve has returned */
	bool exec_failed;	/* and failed: its process then only exits,
				 * which strace does not show */
	bool exec_said;		/* and that was reported */
};

static void settle(struct st_out *s, struct st_task *t, bool killed);
static void on_release(struct st_out *s, const struct fmt_spec *fs,
		       const void *p);

static struct st_task *task(struct st_out *s, int tid, bool make)
{
	int i;

	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].tid == tid)
			return &s->tasks[i];
	if (!make)
		return NULL;
	if (s->ntasks == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->tasks = xrealloc(s->tasks, s->cap * sizeof(*s->tasks));
	}
	memset(&s->tasks[s->ntasks], 0, sizeof(s->tasks[0]));
	s->tasks[s->ntasks].tid = tid;
	if (s->o->pidcomm)
		st_read_comm(tid, s->tasks[s->ntasks].comm,
			     sizeof(s->tasks[0].comm));
	return &s->tasks[s->ntasks++];
}

/*
 * -ff: task t's file, made when first needed (or NULL, the failure told
 * once); the shared output otherwise.
 */
static FILE *task_file(struct st_out *s, struct st_task *t)
{
	char name[PATH_MAX];

	if (!s->o->separate)
		return s->f;
	if (!t || t->f)
		return t ? t->f : NULL;
	snprintf(name, sizeof(name), "%s.%d", s->o->outfile, t->tid);
	t->f = fopen(name, t->f_made || s->o->append ? "ae" : "we");
	if (!t->f && !t->f_made)
		st_err("cannot write %s: %s\n", name, strerror(errno));
	t->f_made = true;
	return t->f;
}

/* The shared output flushed; a failure told, as strace tells it. */
static void drain(struct st_out *s);

static void out_flush(struct st_out *s)
{
	drain(s);
	if (fflush(s->f) && s->o->outfile) {
		st_err("%s: %s\n", s->o->outfile, strerror(errno));
		clearerr(s->f);
	}
}

/* -ff: task t's file closed, as its process is gone. */
static void task_file_close(struct st_out *s, struct st_task *t)
{
	if (t->f && fclose(t->f))
		st_err("%s.%d: %s\n", s->o->outfile, t->tid, strerror(errno));
	t->f = NULL;
}

/* st_dopts.comm: a traced task's name, or one a call's entry named. */
static const char *task_comm(void *arg, long pid)
{
	struct st_out *s = arg;
	int i;

	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].tid == pid)
			return s->tasks[i].comm[0] ? s->tasks[i].comm : NULL;
	for (i = 0; i < ST_ARG_COMMS; i++)
		if (s->arg_comm[i].pid == pid)
			return s->arg_comm[i].comm[0] ? s->arg_comm[i].comm : NULL;
	return NULL;
}


static void call_clear(struct st_call *c)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		free(c->caps[i].data);
	/* Per call: not the whole (large) caps array. */
	memset(c, 0, offsetof(struct st_call, caps) + c->ncaps * sizeof(c->caps[0]));
}

/* Names descriptors below max of process pid as /proc/PID/fd has them. */
/* Whether pid's fd is closed at exec (its fdinfo's flags have O_CLOEXEC). */
static bool fd_cloexec(pid_t pid, int fd)
{
	char path[96], text[512], *f;
	ssize_t n;
	int in;

	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", (int)pid, fd);
	in = open(path, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return false;
	n = read(in, text, sizeof(text) - 1);
	close(in);
	if (n <= 0)
		return false;
	text[n] = 0;
	f = strstr(text, "flags:");
	return f && (strtoul(f + 6, NULL, 8) & O_CLOEXEC);
}

/*
 * Names pid's open descriptors below max; with exec, only those that
 * survive its exec (the held command has ferret's close-on-exec ones).
 */
static void seed_fds(struct st_fds *fds, pid_t pid, int max, bool exec)
{
	char dir[64], path[96], target[4096];
	struct dirent *d;
	DIR *dp;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	dp = opendir(dir);
	if (!dp)
		return;
	while ((d = readdir(dp))) {
		int fd = atoi(d->d_name);
		ssize_t n;

		if (d->d_name[0] < '0' || d->d_name[0] > '9' || fd >= max ||
		    (exec && fd_cloexec(pid, fd)))
			continue;
		snprintf(path, sizeof(path), "%s/%d", dir, fd);
		n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0)
			continue;
		target[n] = 0;
		st_fds_set(fds, pid, fd, target);
	}
	closedir(dp);
}

struct st_out *st_out_new(const struct st_opts *o, FILE *f, pid_t held,
			  const pid_t *tids, int ntids)
{
	struct st_out *s = xcalloc(1, sizeof(*s));
	struct timespec m, r;
	int i;

	s->o = o;
	s->f = f;
	s->held = held;
	s->multi = ntids > 1;
	s->d.strsize = o->strsize;
	s->d.fdpaths = o->fdpaths;
	s->d.fdplain = o->fdplain;
	s->d.fdsock = o->fdsock;
	s->d.fddev = o->fddev;
	s->d.fdpidfd = o->fdpidfd;
	s->d.pidcomm = o->pidcomm;
	s->d.pidns = o->pidns;
	s->d.verbose = o->verbose;
	s->d.noderef = o->noderef;
	s->d.kvm_vcpu = o->kvm_vcpu;
	s->d.argv_max = o->verbose ? ST_ARGV_MAX_V :
		o->strsize < ST_ARGV_MAX ? o->strsize : ST_ARGV_MAX;
	s->d.comm = task_comm;
	s->d.comm_arg = s;
	s->d.xstyle = o->xstyle;
	/* Paths for -y and -P; netlink sockets' protocols always. */
	s->d.fds = st_fds_new();
	s->d.keep_paths = o->fdpaths || o->npaths || (o->stack && o->lines && !o->json);
	if (s->d.keep_paths) {
		char cwd[4096];

		/* The command starts where ferret is. */
		if (held > 0 && getcwd(cwd, sizeof(cwd)))
			st_fds_set(s->d.fds, held, AT_FDCWD, cwd);
		/*
		 * What the command inherits (not what its exec closes: ferret's
		 * own descriptors) and what attached processes have open:
		 * named now, while /proc says, as a traced open would name them.
		 */
		if (held > 0)
			seed_fds(s->d.fds, held, INT_MAX, true);
		for (i = 0; i < ntids; i++)
			if (tids[i] != held)
				seed_fds(s->d.fds, tids[i], INT_MAX, false);
	}
	clock_gettime(CLOCK_MONOTONIC, &m);
	clock_gettime(CLOCK_REALTIME, &r);
	s->mono_to_real = (r.tv_sec - m.tv_sec) * 1000000000LL + (r.tv_nsec - m.tv_nsec);
	for (i = 0; i < ntids; i++)
		task(s, tids[i], true)->started = true;
	/* -ff: each traced thread's file, as strace makes one when it attaches. */
	for (i = 0; i < ntids; i++)
		task_file(s, task(s, tids[i], false));
	s->live = ntids;
	if (o->stack && o->lines && !o->json) {
		s->stack = st_stack_new();
		for (i = 0; i < ntids; i++)
			if (tids[i] != held)
				st_stack_seen(s->stack, tids[i]);
	}
	return s;
}

void st_out_free(struct st_out *s)
{
	int i;

	for (i = 0; i < s->ntasks; i++) {
		task_file_close(s, &s->tasks[i]);
		call_clear(&s->tasks[i].call);
		st_ustack_free(&s->tasks[i].stk[0]);
		st_ustack_free(&s->tasks[i].stk[1]);
		st_ustack_free(&s->tasks[i].stk[2]);
		buf_free(&s->tasks[i].late);
	}
	st_stack_free(s->stack);
	st_fds_free(s->d.fds);
	free(s->tasks);
	for (i = 0; i < s->nheld; i++)
		buf_free(&s->held_out[i].b);
	free(s->held_out);
	buf_free(&s->spare);
	free(s);
}

void st_out_group(struct st_out *s, pid_t tid, pid_t tgid)
{
	struct st_task *t = task(s, tid, false);

	if (t)
		t->tgid = tgid;
}

int st_out_live(const struct st_out *s)
{
	return s->live;
}


/* ".NNN": the first digits (0, 3, 6 or 9) of ns nanoseconds; nothing for 0. */
static void fraction(struct buf *b, uint64_t ns, int digits)
{
	if (digits)
		buf_printf(b, ".%0*llu", digits, (unsigned long long)ns /
			   (digits == 3 ? 1000000 : digits == 6 ? 1000 : 1));
}

/*
 * The start of a line of tid's: its pid, times, call number and (-i)
 * instruction pointer ip, 0 for one not known (a process gone).
 */
/* live: how many tasks are traced as the line's call began. */
static void prefix(struct st_out *s, struct buf *b, int tid, uint64_t ts,
		   uint64_t ip, int live)
{
	size_t at = b->len;

	/*
	 * One formatting call per line unless -Y adds a name.  To a file,
	 * "PID " when more than one process may be traced (-f, or several
	 * at the start), as strace decides it once.
	 */
	if (s->o->separate) {
		/* -ff: a file per thread, which names it. */
	} else if (s->o->outfile && (s->o->follow || s->multi) && !s->o->pidcomm) {
		buf_printf(b, "%-5d ", tid);
	} else if (s->o->outfile && (s->o->follow || s->multi)) {
		buf_printf(b, "%d", tid);
		st_pid_comm(b, tid, &s->d);
		/* Without a name, as strace: the pid in a 5-column field. */
		if (b->len - at < 5)
			buf_printf(b, "%*s", (int)(5 - (b->len - at)), "");
		buf_printf(b, " ");
	} else if (live > 1 && !s->o->pidcomm) {
		buf_printf(b, "[pid %5d] ", tid);
	} else if (live > 1) {
		buf_printf(b, "[pid %5d", tid);
		st_pid_comm(b, tid, &s->d);
		buf_printf(b, "] ");
	}
	if (s->o->tstamp && ts) {
		uint64_t rt = ts + s->mono_to_real;
		time_t sec = rt / 1000000000ULL;
		struct tm tm;
		char hms[16];

		/* -t: time of day; -tt: with microseconds; -ttt: since the
		 * epoch; --timestamps picks the format and the digits. */
		int digits = s->o->ts_digits >= 0 ? s->o->ts_digits :
			s->o->tstamp == 1 ? 0 : 6;
		unsigned long long frac = rt % 1000000000ULL;

		localtime_r(&sec, &tm);
		strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
		if (s->o->tstamp == 3)
			buf_printf(b, "%llu", (unsigned long long)sec);
		else
			buf_printf(b, "%s", hms);
		fraction(b, frac, digits);
		buf_printf(b, " ");
	}
	if (s->o->relative && ts) {
		uint64_t d = s->last_ts && ts > s->last_ts ? ts - s->last_ts : 0;

		buf_printf(b, "%6llu", (unsigned long long)d / 1000000000ULL);
		fraction(b, d % 1000000000ULL, s->o->rel_digits);
		buf_printf(b, " ");
		s->last_ts = ts;
	}
	/* -n: the number of the task's current (or last) call, as strace. */
	if (s->o->sysnum) {
		const struct st_task *t = task(s, tid, false);

		buf_printf(b, "[%4ld] ", t ? t->last_nr : 0L);
	}
	if (s->o->iptr && ip)
		buf_printf(b, "[%016llx] ", (unsigned long long)ip);
	else if (s->o->iptr)
		buf_printf(b, "[????????????????] ");
}


/* n spaces. */
static void spaces(struct buf *b, size_t n)
{
	static const char sp[] = "                                ";

	while (n) {
		size_t k = n < sizeof(sp) - 1 ? n : sizeof(sp) - 1;

		buf_put(b, sp, k);
		n -= k;
	}
}

/*
 * Writes line b of thread tid (to its own file under -ff); its memory is
 * kept for the next line (spare_buf()).
 */
static void write_line(struct st_out *s, int tid, struct buf *b)
{
	struct st_task *t = task(s, tid, false);
	FILE *f = task_file(s, t);

	/* A write that fails is told, as strace tells it, and tracing goes on. */
	if (f && fwrite(b->p, 1, b->len, f) != b->len && s->o->outfile) {
		if (s->o->separate)
			st_err("%s.%d: %s\n", s->o->outfile, tid, strerror(errno));
		else
			st_err("%s: %s\n", s->o->outfile, strerror(errno));
		clearerr(f);
	}
	if (b->cap > s->spare.cap) {
		buf_free(&s->spare);
		s->spare = *b;
		*b = (struct buf){ 0 };
	}
	buf_free(b);
}

static void ripen(struct st_out *s, int tid);
static void drain_ready(struct st_out *s);

/* Adds a line to those held: b's, or (b NULL) tid's owed entry. */
static void hold(struct st_out *s, int tid, struct buf *b)
{
	struct st_held *h;

	if (s->nheld == s->held_cap) {
		int cap = s->held_cap ? 2 * s->held_cap : 16;
		void *p = realloc(s->held_out, cap * sizeof(*s->held_out));

		if (!p) {
			/* Out of memory: what is held goes out as it is. */
			drain(s);
			if (b)
				write_line(s, tid, b);
			return;
		}
		s->held_out = p;
		s->held_cap = cap;
	}
	h = &s->held_out[s->nheld++];
	h->tid = tid;
	h->owed = !b;
	h->b = (struct buf){ 0 };
	if (b) {
		h->b = *b;
		*b = (struct buf){ 0 };
	}
}

/*
 * Writes line b of thread tid, after the lines held: while some are, it
 * joins them.  A line of tid's comes after its entry's records, so an
 * entry tid owes is made then.
 */
static void emit_line(struct st_out *s, int tid, struct buf *b)
{
	if (!s->nheld) {
		write_line(s, tid, b);
		return;
	}
	ripen(s, tid);
	hold(s, tid, b);
	drain_ready(s);
}

/* -f: child c's "Process N attached", where it has not been written. */
static void attach_note(struct st_out *s, struct st_task *c)
{
	struct buf b = { 0 };

	if (!c->attach_note)
		return;
	c->attach_note = false;
	buf_printf(&b, "%s: Process %d attached\n", st_progname, c->tid);
	emit_line(s, c->tid, &b);
}

/*
 * As emit_line(), with strace's "Process N attached" of a child on the
 * trace's stream as it most often falls: after its parent's fork call
 * line, before the child's first.
 */
static void emit(struct st_out *s, int tid, struct buf *b)
{
	struct st_task *t = task(s, tid, false), *c;

	if (t)
		attach_note(s, t);
	emit_line(s, tid, b);
	t = task(s, tid, false);
	if (t && t->note_child) {
		c = task(s, t->note_child, false);
		t->note_child = 0;
		if (c)
			attach_note(s, c);
	}
}

/* An empty line buffer, with the memory of a line written before. */
static struct buf spare_buf(struct st_out *s)
{
	struct buf b = s->spare;

	s->spare = (struct buf){ 0 };
	b.len = 0;
	return b;
}

/*
 * False for a call traced only to keep -y's memory (st_fd_keeping()), and
 * under -P for one that touches none of the paths.
 */
static bool shown(const struct st_out *s, const struct st_call *c)
{
	if (s->o->filtered && c->nr >= 0 && c->nr < ST_NR_MAX &&
	    st_sys_by_nr(c->nr) && !s->o->traced[c->nr])
		return false;
	return !s->o->npaths ||
	       st_decode_touches(c, &s->d, s->o->paths, s->o->npaths);
}

/* The decoding options for call c: -e abbrev= and -e verbose= by call. */
static const struct st_dopts *call_d(struct st_out *s, const struct st_call *c)
{
	bool known = c->nr >= 0 && c->nr < ST_NR_MAX;

	s->d.verbose = known ? s->o->unabbrev[c->nr] : s->o->verbose;
	s->d.noderef = known ? s->o->nonverbose[c->nr] : s->o->noderef;
	s->d.argv_max = s->d.verbose ? ST_ARGV_MAX_V :
		s->o->strsize < ST_ARGV_MAX ? s->o->strsize : ST_ARGV_MAX;
	s->d.call = c;
	return &s->d;
}

/*
 * Task t's pending entry as strace prints it at entry, then the words
 * end; mid, if not NULL, comes between the arguments and the end (a
 * message strace writes to the same stream while the line is open).
 */
static void entry_text(struct st_out *s, struct st_task *t, const char *mid,
		       const char *end, struct buf *b)
{
	int fo = st_first_out(&t->call);

	prefix(s, b, t->tid, t->call.t_enter, t->call.ip_enter, t->live_enter);
	st_call_name(b, &t->call);
	buf_printf(b, "(");
	st_decode_args(b, &t->call, call_d(s, &t->call), 0, fo);
	if (fo > 0 && fo < st_call_nargs(&t->call) && st_entry_comma(&t->call))
		buf_printf(b, ", ");
	if (mid)
		buf_printf(b, "%s", mid);
	buf_printf(b, " %s\n", end);
}

static void entry_line(struct st_out *s, struct st_task *t, const char *mid,
		       const char *end)
{
	struct buf b = { 0 };

	entry_text(s, t, mid, end, &b);
	emit(s, t->tid, &b);
}

/*
 * The line of the entry tid owes, made now: its "<unfinished ...>"
 * line (or none, for a call no longer pending).
 */
static void ripen(struct st_out *s, int tid)
{
	int i;

	for (i = 0; i < s->nheld; i++) {
		struct st_held *h = &s->held_out[i];
		struct st_task *t;

		if (!h->owed || h->tid != tid)
			continue;
		h->owed = false;
		t = task(s, tid, false);
		if (t && t->pending)
			entry_text(s, t, NULL, "<unfinished ...>", &h->b);
	}
}

/* Writes the lines held up to the first entry still owed. */
static void drain_ready(struct st_out *s)
{
	int i;

	for (i = 0; i < s->nheld && !s->held_out[i].owed; i++)
		write_line(s, s->held_out[i].tid, &s->held_out[i].b);
	if (i && i < s->nheld)
		memmove(s->held_out, s->held_out + i,
			(s->nheld - i) * sizeof(*s->held_out));
	s->nheld -= i;
}

/* Writes every line held, the owed entries as they are now. */
static void drain(struct st_out *s)
{
	int i;

	for (i = 0; i < s->nheld; i++)
		if (s->held_out[i].owed)
			ripen(s, s->held_out[i].tid);
	drain_ready(s);
}

/*
 * Whether -e status= names a part of the statuses: then, as strace, each
 * line waits for its call's end, and prints whole or not at all.
 */
static bool held_lines(const struct st_out *s)
{
	return s->o->status && (s->o->status & ST_ALL) != ST_ALL;
}

static void cut_open(struct st_out *s, int tid)
{
	struct st_task *t;

	/*
	 * -ff: no other thread's line comes between, nor with lines held
	 * for -e status=.
	 */
	if (!s->open_tid || s->open_tid == tid || s->o->json || s->o->separate ||
	    held_lines(s))
		goto out;
	t = task(s, s->open_tid, false);
	if (!t || !t->pending || t->cut || !shown(s, &t->call))
		goto out;
	/*
	 * The line is owed, and it and those after it are held until t's
	 * own next line (see emit()) or until the call is old enough
	 * (st_out_batch()): a call's records after its entry's (what its
	 * arguments point to) may come after another CPU's that cuts it,
	 * for each CPU reserves its records in the ring buffer as it goes.
	 */
	hold(s, t->tid, NULL);
	t->cut = true;
out:
	s->open_tid = 0;
}

/*
 * How long after a call's entry its entry records are surely all in the
 * ring buffer: the program that writes them runs to its end at once (a
 * tracepoint's, with preemption off), in microseconds, unless the
 * hypervisor takes the CPU away meanwhile.
 */
#define ENTRY_RECORDS_NS 50000000ULL

bool st_out_holding(const struct st_out *s)
{
	return s->nheld > 0;
}

/* CLOCK_MONOTONIC in ns, the clock of the records' times. */
static uint64_t mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void st_out_batch(struct st_out *s)
{
	uint64_t now;
	int i;

	if (!s->nheld)
		return;
	now = mono_now();
	/* The reader comes back within its hot poll (run.c) to look again. */
	for (i = 0; i < s->nheld; i++) {
		const struct st_held *h = &s->held_out[i];
		const struct st_task *t = h->owed ? task(s, h->tid, false) : NULL;

		if (h->owed && (!t || !t->pending ||
				now - t->call.t_enter >= ENTRY_RECORDS_NS))
			ripen(s, h->tid);
	}
	drain_ready(s);
}

static void json_line(struct st_out *s, struct st_task *t, bool returned)
{
	struct st_call *c = &t->call;
	struct buf b = { 0 }, a = { 0 };
	int i, n = st_call_nargs(c);

	buf_printf(&b, "{\"pid\": %d, \"syscall\": \"", t->tid);
	st_call_name(&b, c);
	buf_printf(&b, "\", \"args\": [");
	for (i = 0; i < n; i++) {
		if (st_sys_arg(c->sys, i) == ST_L_SKIP)
			continue;
		a.len = 0;
		st_decode_args(&a, c, call_d(s, c), i, st_call_whole(c) ? n : i + 1);
		if (i)
			buf_printf(&b, ", ");
		print_json_string(&b, a.p ? a.p : "", a.len);
		if (st_call_whole(c))
			break;
	}
	buf_printf(&b, "], ");
	if (!returned) {
		buf_printf(&b, "\"return\": null");
	} else {
		buf_printf(&b, "\"return\": %lld", (long long)c->ret);
		if (st_call_failed(c)) {
			const char *e = st_errno_name(-c->ret);

			buf_printf(&b, ", \"error\": \"%s\"", e ? e : "E???");
		}
	}
	buf_printf(&b, ", \"time\": %.6f", (c->t_enter + s->mono_to_real) / 1e9);
	if (returned)
		buf_printf(&b, ", \"duration\": %.6f", (c->t_exit - c->t_enter) / 1e9);
	buf_printf(&b, "}\n");
	buf_free(&a);
	emit(s, t->tid, &b);
}

/*
 * Bytes off to len of a dump of len bytes at addr, read from thread tid
 * now, as strace reads them, 64 KiB at a time, up to a read that fails;
 * the offset it stopped at.
 */
/* strace's line for a read of a dump that failed at off, after some was shown. */
static void cannot_fetch(struct buf *b, int tid, uint64_t addr, uint64_t off, uint64_t len)
{
	uint64_t fetch;

	if (off >= len)
		return;
	off -= off % 65536;
	fetch = len - off < 65536 ? len - off : 65536;
	if (off)
		buf_printf(b, " | <Cannot fetch %llu byte%s from pid %d @%#llx>\n",
			   (unsigned long long)fetch, fetch == 1 ? "" : "s", tid,
			   (unsigned long long)(addr + off));
}

static uint64_t dump_tracee(struct buf *b, int tid, uint64_t addr, uint64_t off,
			    uint64_t len)
{
	unsigned char *more = xmalloc(65536);
	uint64_t fetch;
	size_t got;

	for (; off < len; off += got) {
		/* Up to the end of strace's 64 KiB read that holds off. */
		fetch = 65536 - off % 65536;
		if (fetch > len - off)
			fetch = len - off;
		got = st_tracee_read(tid, addr + off, more, (size_t)fetch, false);
		if (got < fetch)
			break;
		st_hexdump(b, more, got, off, len);
	}
	free(more);
	cannot_fetch(b, tid, addr, off, len);
	return off;
}

/*
 * readv's and writev's buffers for -e read= and -e write=: each one's
 * share of the bytes the call moved (readv: ret), or each whole buffer
 * (writev: left is UINT64_MAX), " * N bytes in buffer K" and its dump,
 * as strace prints them; a: the first entries of the array of cnt at
 * arr, whose buffers are records of its letter and argument from index
 * first on, the first nbuf of them.  Other entries and buffers are read
 * from the process now.
 */
static void dump_iov(const struct st_call *c, const struct st_cap *a, uint64_t arr,
		     uint64_t cnt, uint64_t left, int first, int nbuf, struct buf *b)
{
	unsigned char ent[16];
	uint64_t len, at;
	size_t e, n;
	int j;

	for (e = 0; left && e < cnt && e < ST_IOV_MAX; e++) {
		const struct st_cap *d = NULL;

		if ((e + 1) * 16 <= a->len)
			memcpy(ent, a->data + 16 * e, 16);
		else if (st_tracee_read(c->tid, arr + 16 * e, ent, 16, false) < 16)
			break;
		memcpy(&at, ent, 8);
		memcpy(&len, ent + 8, 8);
		len = len < left ? len : left;
		left -= len;
		/* strace stops at an empty buffer. */
		if (!len)
			break;
		for (j = 0; j < c->ncaps && !d && e < (size_t)nbuf; j++)
			if (c->caps[j].arg == a->arg && c->caps[j].letter == a->letter &&
			    c->caps[j].idx == (int)e + first)
				d = &c->caps[j];
		if (!d) {
			buf_printf(b, " * %llu bytes in buffer %zu\n", (unsigned long long)len, e);
			dump_tracee(b, c->tid, at, 0, len);
			continue;
		}
		buf_printf(b, " * %llu bytes in buffer %zu\n", (unsigned long long)len, e);
		n = d->len < len ? d->len : (size_t)len;
		st_hexdump(b, d->data, n, 0, len);
		/* Past what the kernel read (4 KiB), from the process. */
		if (n < len)
			dump_tracee(b, c->tid, at, n, len);
	}
}

/*
 * -e read= and -e write=: the data the call moved on a named descriptor
 * (its first argument).  As strace: a read shows the bytes it returned,
 * after success only; a write shows the bytes it was given, whatever
 * it returned, when they (and a whole iovec array) could be read.
 * fsetxattr's value, process_madvise's ranges and process_vm_*v's
 * iovecs are not I/O.
 */
/*
 * The buffers of the struct msghdr in records of letter l, argument 1,
 * from index base (st_prog.c's msghdr_capture()), left bytes of them.
 */
static void dump_msghdr(const struct st_call *c, char l, int base, uint64_t left,
			struct buf *b)
{
	const struct st_cap *iov = st_cap_find(c, l, 1, base + 1), *h = st_cap_find(c, l, 1, base);
	uint64_t arr, cnt;

	if (!iov || !h || h->len < 32)
		return;
	memcpy(&arr, h->data + 16, 8);
	memcpy(&cnt, h->data + 24, 8);
	dump_iov(c, iov, arr, cnt, left, base + 2, ST_MSG_BUFS, b);
}

/*
 * sendmsg, recvmsg, sendmmsg and recvmmsg under -e write= and -e read=
 * (the call's set of descriptors: w), as strace: the buffers of the
 * message, up to what was received; each message's of those the call
 * sent or received (as far as they were read), as " = N buffers in
 * vector K" and up to its msg_len.  True for these calls.
 */
static bool dump_msgs(struct st_out *s, const struct st_call *c, struct buf *b)
{
	bool send = c->nr == __NR_sendmsg || c->nr == __NR_sendmmsg;
	bool mmsg = c->nr == __NR_sendmmsg || c->nr == __NR_recvmmsg;
	const struct st_cap *arr = st_cap_find(c, ST_L_MMSG, 1, 0);
	int64_t e;

	if (!arr)
		arr = st_cap_find(c, ST_L_MMSG_PART, 1, 0);
	if (c->nr != __NR_sendmsg && c->nr != __NR_recvmsg && !mmsg)
		return false;
	if (!st_fdset_has(send ? &s->o->dump_write : &s->o->dump_read, (int)c->args[0]))
		return true;
	if (!mmsg) {
		if (send)
			dump_msghdr(c, '+', 0, UINT64_MAX, b);
		else if (c->ret >= 0)
			dump_msghdr(c, '+', 0, (uint64_t)c->ret, b);
		return true;
	}
	for (e = 0; arr && e < c->ret && e < ST_MMSG_SHOWN &&
	     (size_t)(e + 1) * ST_MMSG_SIZE <= arr->len; e++) {
		const unsigned char *m = arr->data + e * ST_MMSG_SIZE;
		uint64_t iovlen;
		uint32_t len;

		memcpy(&iovlen, m + 24, 8);
		memcpy(&len, m + 56, 4);
		buf_printf(b, " = %llu buffers in vector %lld\n", (unsigned long long)iovlen,
			   (long long)e);
		dump_msghdr(c, ST_L_MMSG, ST_MMSG_IDX(e), len, b);
	}
	return true;
}

/*
 * The len bytes at addr that write, read and the like moved, as strace
 * dumps them: it reads them 64 KiB at a time and stops at a read that
 * fails, saying so unless that was the first.  k: the call's ST_L_DUMP
 * capture, what could be read of them (cut where a chunk could not be);
 * past ST_DUMP_BYTES, the rest is read from the process if it is still
 * there.
 */
static void dump_whole(const struct st_call *c, const struct st_cap *k, uint64_t len,
		       struct buf *b)
{
	uint64_t shown = len, addr = c->args[1];

	if (k->len < len && k->cut)
		shown = k->len / 65536 * 65536;
	else if (k->len < len)
		shown = k->len;
	st_hexdump(b, k->data, (size_t)shown, 0, len);
	if (shown == k->len && k->len == ST_DUMP_BYTES && !k->cut)
		dump_tracee(b, c->tid, addr, shown, len);
	else if (k->cut)
		cannot_fetch(b, c->tid, addr, shown, len);
}

static void dump_io(struct st_out *s, const struct st_call *c, struct buf *b)
{
	int i, kind = st_prog_dump_kind(c->nr);

	if (!s->o->dumping || !c->sys || !c->sys->sig ||
	    !strcmp(c->sys->name, "fsetxattr") ||
	    !strcmp(c->sys->name, "process_madvise") ||
	    !strncmp(c->sys->name, "process_vm_", 11))
		return;
	if (dump_msgs(s, c, b))
		return;
	if (kind) {
		const struct st_cap *k = st_cap_find(c, ST_L_DUMP, 1, 0);
		uint64_t n = kind == 1 ? c->args[2] : (uint64_t)c->ret;

		if (k && st_fdset_has(kind == 1 ? &s->o->dump_write : &s->o->dump_read,
				      (int)c->args[0]) && (kind == 1 || c->ret > 0))
			dump_whole(c, k, n, b);
		return;
	}
	for (i = 0; i < c->ncaps; i++) {
		const struct st_cap *k = &c->caps[i];
		bool w = k->letter == 'v';
		const struct st_fdset *set = w ? &s->o->dump_write :
			k->letter == 'V' ? &s->o->dump_read : NULL;
		uint64_t n = w ? UINT64_MAX : (uint64_t)c->ret;

		if (!set || k->idx || !st_fdset_has(set, (int)c->args[0]) ||
		    (!w && c->ret < 0))
			continue;
		/* An iovec array not read whole: strace dumps none of it. */
		if (w && k->cut)
			continue;
		dump_iov(c, k, c->args[k->arg], c->args[k->arg + 1], n, 1, INT_MAX, b);
	}
}

static void flush_ignored(struct st_out *s, struct st_task *t);

/*
 * -k: what mmap and munmap did to the thread's mappings, for when /proc
 * no longer has them (the process gone before its stacks are placed).
 */
static void track_maps(struct st_out *s, const struct st_call *c)
{
	const char *path;

	if (c->nr == __NR_mmap && !st_call_failed(c) && !(c->args[3] & MAP_ANONYMOUS) &&
	    (int)c->args[4] >= 0) {
		path = st_fds_get(s->d.fds, c->tid, (int)c->args[4]);
		if (path && path[0] == '/')
			st_stack_map(s->stack, c->tid, (uint64_t)c->ret, c->args[1],
				     c->args[5], path);
	} else if (c->nr == __NR_munmap && c->ret == 0) {
		st_stack_unmap(s->stack, c->tid, c->args[0], c->args[1]);
	}
}

static bool execs(const struct st_call *c)
{
	return c->nr == __NR_execve || c->nr == __NR_execveat;
}

/*
 * -k: the mappings of the program t's returned execve runs, once (the
 * call's line may or may not have needed them first).
 */
static void exec_maps(struct st_out *s, struct st_task *t)
{
	const struct st_call *c = &t->call;
	char real[PATH_MAX];

	if (st_call_failed(c) || t->exec_mapped)
		return;
	t->exec_mapped = true;
	st_stack_exec(s->stack, t->tid, st_call_path(c, &s->d, real), &t->stk[1]);
}

/*
 * -k: t's stack after its call's line in b, as strace -k prints it.
 * strace walks a stack when the call returns, but takes it at entry for
 * the calls that change or end the program (execve, exit), and prints
 * those in the form of its queue; an exit's after the thread's last
 * line.  The command's first execve shows the new program's first frame.
 */
static void call_stack(struct st_out *s, struct st_task *t, bool returned,
		       struct buf *b)
{
	const struct st_call *c = &t->call;
	bool ends = c->nr == __NR_exit || c->nr == __NR_exit_group;

	if (returned && execs(c) && t->tid == s->held && !s->exec_seen) {
		s->exec_seen = true;
		/*
		 * The new program's mappings first: by the time its line is
		 * written the process may be gone, and /proc with it.
		 */
		exec_maps(s, t);
		st_stack_print(s->stack, t->tid, &t->stk[1], false, b);
	} else if (returned) {
		st_stack_print(s->stack, t->tid, &t->stk[0], execs(c), b);
	} else if (ends) {
		t->late.len = 0;
		st_stack_print(s->stack, t->tid, &t->stk[0], true, &t->late);
	}
}

static void finish_call(struct st_out *s, struct st_task *t, bool returned)
{
	struct st_call *c = &t->call;
	struct buf b = { 0 };
	char comm[16];
	size_t col;
	int fo = st_first_out(c), n = st_call_nargs(c);
	bool failed = returned && st_call_failed(c);

	if (t->tid == s->held && s->exec_failed)
		goto done;
	if (returned && execs(c) && t->tid == s->held && !s->exec_returned) {
		s->exec_returned = true;
		s->exec_failed = failed;
	}
	if (!shown(s, c))
		goto done;
	if (s->o->status && !t->cut &&
	    !(s->o->status & (!returned ? ST_UNFINISHED : failed ? ST_FAILED : ST_OK)))
		goto done;
	if (s->o->json) {
		json_line(s, t, returned);
		goto done;
	}
	cut_open(s, t->tid);
	b = spare_buf(s);
	/* The name the task had when the call began, as strace shows it. */
	memcpy(comm, t->comm, sizeof(comm));
	memcpy(t->comm, t->call_comm, sizeof(comm));
	/*
	 * A line cut at entry resumes at the exit, where its ip is read and
	 * its [pid N] decided; a whole line is decided as its call began,
	 * as strace starts it then (a fork's own line has no [pid N] when
	 * one task was traced).
	 */
	prefix(s, &b, t->tid, c->t_enter, t->cut ? c->ip_exit : c->ip_enter,
	       t->cut || t->live_enter <= 0 ? s->live : t->live_enter);
	memcpy(t->comm, comm, sizeof(comm));
	if (t->cut) {
		buf_printf(&b, "<... ");
		st_call_name(&b, c);
		buf_printf(&b, " resumed>");
		/* What a call that never returned would have written is not there. */
		if (returned)
			st_decode_args(&b, c, call_d(s, c), fo, n);
		else if (fo < n)
			buf_printf(&b, " <unfinished ...>");
	} else if (!returned && held_lines(s) && fo < n) {
		/*
		 * -e status: what the call was given, then as strace ends a
		 * line it never resumed (one whose arguments are all given
		 * ends as any other).
		 */
		st_call_name(&b, c);
		buf_printf(&b, "(");
		st_decode_args(&b, c, call_d(s, c), 0, fo);
		if (fo > 0 && st_entry_comma(c))
			buf_printf(&b, ", ");
		buf_printf(&b, " <unfinished ...>");
	} else {
		st_call_name(&b, c);
		buf_printf(&b, "(");
		st_decode_args(&b, c, call_d(s, c), 0, n);
	}
	buf_printf(&b, ")");
	col = b.len;
	if (col < (size_t)s->o->align)
		spaces(&b, s->o->align - col);
	else
		buf_put(&b, " ", 1);
	buf_printf(&b, "= ");
	if (returned)
		st_decode_ret(&b, c, call_d(s, c));
	else
		buf_printf(&b, "?");
	if (returned && (t->inj & (ST_INJ_SKIP | ST_INJ_POKED)))
		buf_printf(&b, " (INJECTED%s)",
			   !(t->inj & ST_INJ_POKED) ? "" :
			   t->inj & ST_INJ_SKIP ? ": args, retval" : ": args");
	if (returned && (t->inj & ST_INJ_DELAYED))
		buf_printf(&b, " (DELAYED)");
	if (s->o->timing && returned) {
		uint64_t d = c->t_exit - c->t_enter;

		buf_printf(&b, " <%llu", (unsigned long long)d / 1000000000ULL);
		fraction(&b, d % 1000000000ULL, s->o->time_digits);
		buf_printf(&b, ">");
	}
	buf_printf(&b, "\n");
	if (returned)
		dump_io(s, c, &b);
	if (s->stack)
		call_stack(s, t, returned, &b);
	emit(s, t->tid, &b);
done:
	/*
	 * The command could not be run: strace's child says so after the
	 * execve's line, and its process then exits 1 unseen.
	 */
	if (failed && execs(c) && t->tid == s->held && s->exec_failed &&
	    !s->exec_said) {
		s->exec_said = true;
		out_flush(s);
		fprintf(stderr, "%s: exec: %s\n", st_progname, strerror((int)-c->ret));
	}
	if (s->stack && returned && execs(c))
		exec_maps(s, t);
	if (returned)
		st_decode_after(c, &s->d);
	if (s->stack && returned)
		track_maps(s, c);
	call_clear(c);
	t->pending = false;
	t->cut = false;
	if (s->open_tid == t->tid)
		s->open_tid = 0;
	if (t->nignored)
		flush_ignored(s, t);
}

static uint64_t u64at(const struct fmt_spec *fs, const void *p, int i)
{
	uint64_t v;

	memcpy(&v, (const char *)p + fs->args[i].offset, 8);
	return v;
}

/* -i: the ip of record p's field i, or 0 (none, or no -i). */
static uint64_t rec_ip(const struct st_out *s, const struct fmt_spec *fs,
		       const void *p, int i)
{
	return s->o->iptr && fs->nargs > i ? u64at(fs, p, i) : 0;
}

static void on_enter(struct st_out *s, const struct fmt_spec *fs,
		     const void *p)
{
	static const int regs[6] = { 56, 48, 40, 0, 16, 8 };
	int tid = (int)u64at(fs, p, 0), i;
	long nr = (long)u64at(fs, p, 1);
	const unsigned char *r = (const unsigned char *)p + fs->args[3].offset + 8;
	struct st_task *t = task(s, tid, true);
	const struct st_sys *sys = st_sys_by_nr(nr);
	int64_t len;

	settle(s, t, false);
	if (!t->started)
		return;
	/* strace -d's message for a call its table has no entry for. */
	if (s->o->debug && !sys)
		st_err("pid %d invalid syscall %#lx\n", tid, (unsigned long)nr);
	if (t->pending) {
		ripen(s, tid);
		call_clear(&t->call);
	}
	if (s->stack) {
		st_stack_seen(s->stack, tid);
		t->stk[0].have = t->stk[1].have = false;
		t->exec_mapped = false;
	}
	cut_open(s, tid);
	t->pending = true;
	t->cut = false;
	t->inj = t->inj_next;
	t->inj_next = 0;
	t->call.ret_ok = t->inj & ST_INJ_RETVAL;
	t->call.raw = nr >= 0 && nr < ST_NR_MAX && s->o->raw[nr];
	t->call.sys = sys;
	t->call.nr = nr;
	t->call.tid = tid;
	t->call.t_enter = u64at(fs, p, 2);
	/* strace prints an entry then, with or without "[pid N] ". */
	t->live_enter = s->live;
	t->call.prev_nr = t->called ? t->last_nr : -1;
	t->last_nr = nr;
	t->called = true;
	memcpy(t->call_comm, t->comm, sizeof(t->comm));
	for (i = 0; i < 6; i++)
		memcpy(&t->call.args[i], r + regs[i], 8);
	/* -i: ip follows orig_ax, past the arguments (st_prog.c). */
	memcpy(&len, r - 8, 8);
	t->call.ip_enter = 0;
	if (s->o->iptr && len >= 80)
		memcpy(&t->call.ip_enter, r + 72, 8);
	if (s->o->pidcomm) {
		long pids[6];
		int n = st_call_pid_args(&t->call, pids, 6), j;

		for (j = 0; j < n; j++) {
			if (task(s, (int)pids[j], false))
				continue;
			s->arg_comm[s->arg_comm_next].pid = pids[j];
			st_read_comm(pids[j], s->arg_comm[s->arg_comm_next].comm,
				     sizeof(s->arg_comm[0].comm));
			s->arg_comm_next = (s->arg_comm_next + 1) % ST_ARG_COMMS;
		}
	}
	s->open_tid = tid;
}

/*
 * The capture of letter l, argument arg, element idx: a new one, or the
 * one read at entry, which a read at exit replaces (see st_prog.c).
 */
/* Whether argument arg's argv elements ended at memory that could not be read. */
static bool has_cut(const struct st_call *c, int arg)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == arg && c->caps[i].letter == 'E' && c->caps[i].cut)
			return true;
	return false;
}

static bool has_cap(const struct st_call *c, char l, int arg, int idx)
{
	int i;

	for (i = c->ncaps - 1; i >= 0; i--)
		if (c->caps[i].letter == l && c->caps[i].arg == arg &&
		    c->caps[i].idx == idx)
			return true;
	return false;
}

static struct st_cap *cap_slot(struct st_call *c, char l, int arg, int idx)
{
	struct st_cap *k;
	int i;

	for (i = 0; i < c->ncaps; i++) {
		k = &c->caps[i];
		if (k->letter == l && k->arg == arg && k->idx == idx &&
		    l != 'B') {
			free(k->data);
			goto init;
		}
	}
	k = &c->caps[c->ncaps++];
init:
	memset(k, 0, sizeof(*k));
	k->letter = l;
	k->arg = arg;
	k->idx = idx;
	return k;
}

/* A string of a record into k: len counts the NUL, if it came. */
static void cap_str(struct st_cap *k, const struct fmt_arg *a, const char *v)
{
	k->len = strnlen(v, a->type->size);
	k->data = xmalloc(k->len + 1);
	memcpy(k->data, v, k->len);
	k->data[k->len] = 0;
	if (k->len < (size_t)a->type->size)
		k->len++;
}

/*
 * A record of argv strings (see st_prog.c): the first element's index,
 * then a string per pointer, the pointers in the ST_L_ARGV_PTRS capture
 * that came before (the first element of the array at base).  Each
 * element up to the first NULL pointer is a capture; its n is the
 * pointer.  A string that could not be read is marked unread; a pointer
 * that could not be read ends the array with a capture marked cut, n its
 * address.
 */
/* A new capture of argv's element slot, of argument arg. */
static struct st_cap *argv_elem(struct st_task *t, int arg, uint64_t slot)
{
	struct st_cap *k = &t->call.caps[t->call.ncaps++];

	memset(k, 0, sizeof(*k));
	k->letter = 'E';
	k->arg = arg;
	k->idx = (int)slot;
	return k;
}

static void argv_pack(struct st_task *t, const struct fmt_spec *fs,
		      const void *p, uint64_t base)
{
	int first = (int)u64at(fs, p, 1), m, nstr = fs->nargs - 2, arg = fs->fmt[2] - '0';
	const struct st_cap *pk = NULL;
	struct st_cap *k;
	uint64_t ptr, slot;
	int i;

	/* Read past the array's NULL (the slot before it was not): none. */
	if (first && !has_cap(&t->call, 'E', arg, first - 1))
		return;
	/* The slot before was the array's last readable one: already cut. */
	if (first && has_cut(&t->call, arg))
		return;
	for (i = 0; i < t->call.ncaps && !pk; i++)
		if (t->call.caps[i].letter == ST_L_ARGV_PTRS && t->call.caps[i].arg == arg)
			pk = &t->call.caps[i];
	for (m = 0; m < nstr && t->call.ncaps < ST_MAXCAPS; m++) {
		const struct fmt_arg *a = &fs->args[2 + m];
		const char *v = (const char *)p + a->offset;

		slot = (uint64_t)(first + m);
		if (!pk || 8 * slot + 8 > pk->len) {
			if (pk && !pk->cut)
				break;
			k = argv_elem(t, arg, slot);
			k->cut = true;
			k->n = base + 8 * slot;
			break;
		}
		memcpy(&ptr, pk->data + 8 * slot, 8);
		if (!ptr)
			break;
		k = argv_elem(t, arg, slot);
		k->n = ptr;
		if (a->type->size >= 2 && !memcmp(v, STR_UNREAD, 2))
			k->unread = true;
		else
			cap_str(k, a, v);
	}
}

/*
 * A continuation (ST_IDX_REST) of record 0 of letter l, argument arg:
 * its bytes appended, or the capture marked cut where they could not be
 * read.
 */
static void add_rest(struct st_task *t, char l, int arg,
		     const struct fmt_arg *a, const char *v)
{
	struct st_cap *k = st_cap_find(&t->call, l, arg, 0);
	uint64_t n;

	if (!k)
		return;
	memcpy(&n, v, 8);
	if (n == BUF_UNREAD) {
		k->cut = true;
		return;
	}
	if (n > (uint64_t)a->type->size - 8)
		n = a->type->size - 8;
	k->data = xrealloc(k->data, k->len + n + 1);
	memcpy(k->data + k->len, v + 8, n);
	k->len += n;
}

/*
 * Chunk number idx of a buffer read in ST_DUMP_CHUNK pieces (ST_L_DUMP's,
 * -v's msg_control), appended to the call's one capture of letter l,
 * argument arg, index at, while they come in order; one that could not
 * be read, or did not come (lost), cuts it there.
 */
static void add_chunk(struct st_task *t, char l, int arg, int at, int idx,
		      const struct fmt_arg *a, const char *v)
{
	struct st_cap *k = st_cap_find(&t->call, l, arg, at);
	uint64_t n;

	if (!k)
		k = cap_slot(&t->call, l, arg, at);
	if (k->cut)
		return;
	memcpy(&n, v, 8);
	if (n == BUF_UNREAD || k->len != (size_t)idx * ST_DUMP_CHUNK) {
		k->cut = true;
		return;
	}
	if (n > (uint64_t)a->type->size - 8)
		n = a->type->size - 8;
	/* Room doubled at each power of two: a dump can be hundreds of chunks. */
	if (!k->len || !(k->len & (k->len - 1)))
		k->data = xrealloc(k->data, 2 * (k->len > n ? k->len : n) + 1);
	memcpy(k->data + k->len, v + 8, n);
	k->len += n;
}

/*
 * The capture of letter l, argument arg, element idx from a record's
 * field a at v; none for memory the kernel would not let the program
 * read, as strace's own read fails.
 */
static void add_cap(struct st_task *t, char l, int arg, int idx,
		    const struct fmt_arg *a, const char *v)
{
	struct st_cap *k;
	uint64_t n = 0;

	if (t->call.ncaps == ST_MAXCAPS)
		return;
	if (idx == ST_IDX_REST && a->type->kind == TY_BUF) {
		add_rest(t, l, arg, a, v);
		return;
	}
	if (a->type->kind == TY_BUF) {
		memcpy(&n, v, 8);
		if (n == BUF_UNREAD)
			return;
	}
	if (a->type->kind == TY_STR && a->type->size >= 2 &&
	    !memcmp(v, STR_UNREAD, 2))
		return;
	k = cap_slot(&t->call, l, arg, idx);
	if (k->letter == 'B') {
		k->n = k->idx;
		k->idx = 0;
	}
	switch (a->type->kind) {
	case TY_STR:
		cap_str(k, a, v);
		break;
	case TY_BUF:
		if (n > (uint64_t)a->type->size - 8)
			n = a->type->size - 8;
		k->len = n;
		k->data = xmalloc(n + 1);
		memcpy(k->data, v + 8, n);
		break;
	default:
		memcpy(&k->n, v, 8);
		break;
	}
}

/* A string read as strace reads it (st_prog.c's exact_str()): its last byte, then the rest. */
static bool exact_pair(const struct fmt_spec *fs)
{
	return fs->nargs == 4 && fs->args[2].type->kind == TY_BUF &&
	       fs->args[3].type->kind == TY_STR &&
	       (fs->fmt[1] == 'P' || fs->fmt[1] == 'S' || fs->fmt[1] == ST_L_LIMSTR);
}

static void on_capture(struct st_out *s, const struct fmt_spec *fs,
		       const void *p)
{
	struct st_task *t = task(s, (int)u64at(fs, p, 0), false);
	int arg = fs->fmt[2] - '0', idx = (int)u64at(fs, p, 1);

	if (!t || !t->pending || t->call.ncaps == ST_MAXCAPS)
		return;
	/* A fixed-size struct (st_prog.c's fixed_unit): its letter in the record. */
	if (fs->fmt[1] == ST_FIXED_REC && fs->nargs == 4) {
		add_cap(t, (char)u64at(fs, p, 2), arg, 0, &fs->args[3],
			(const char *)p + fs->args[3].offset);
		return;
	}
	if (exact_pair(fs)) {
		add_cap(t, fs->fmt[1], arg, 0, &fs->args[3], (const char *)p + fs->args[3].offset);
		add_cap(t, fs->fmt[1], arg, 1, &fs->args[2], (const char *)p + fs->args[2].offset);
		return;
	}
	if (fs->fmt[1] == 'E') {
		argv_pack(t, fs, p, t->call.args[arg]);
		return;
	}
	if (fs->fmt[1] == ST_L_DUMP) {
		add_chunk(t, ST_L_DUMP, arg, 0, idx, &fs->args[2],
			  (const char *)p + fs->args[2].offset);
		return;
	}
	if (fs->fmt[1] == '+' && idx >= ST_MSG_CTL_IDX) {
		add_chunk(t, '+', arg, 7, idx - ST_MSG_CTL_IDX, &fs->args[2],
			  (const char *)p + fs->args[2].offset);
		return;
	}
	/* -yy's socket: its fields one capture each, from idx on. */
	if (fs->fmt[1] == ST_L_SOCKSNAP) {
		int f;

		for (f = 2; f < fs->nargs; f++)
			add_cap(t, fs->fmt[1], arg, idx + f - 2, &fs->args[f],
				(const char *)p + fs->args[f].offset);
		return;
	}
	add_cap(t, fs->fmt[1], arg, idx, &fs->args[2], (const char *)p + fs->args[2].offset);
}

/* The kernel's restart codes (linux/errno.h), never seen by the caller. */
static bool restart_code(int64_t ret)
{
	return ret <= -512 && ret >= -516;
}

/*
 * A call that returned a restart code is printed when the thread's next
 * record comes: strace sees no exit of a call that SIGKILL interrupts
 * (ptrace reports none), and prints it unfinished, "= ?".
 */
static void settle(struct st_out *s, struct st_task *t, bool killed)
{
	if (!t || !t->restart_held)
		return;
	t->restart_held = false;
	finish_call(s, t, !killed);
}

/*
 * A string argument that eBPF could read neither at entry nor at exit,
 * read from the task now, as strace reads it: BPF cannot fault a page in,
 * and a call that fails before it reads its path (openat2 with flags it
 * refuses) leaves a string literal's page untouched.  A page at a time,
 * up to the NUL; nothing if the task is gone or the address is bad, and
 * the line shows the address.
 */
static void late_strings(struct st_out *s, struct st_call *c)
{
	size_t path_max = ST_PATH_READ;
	int i, n = st_call_nargs(c);

	/*
	 * After an execve that succeeded the old image's addresses mean
	 * nothing; after EFAULT the string was likely unreadable when the
	 * call ran, and what the address holds now may have been written
	 * since.
	 */
	if (!c->sys || !c->sys->sig || (strchr(c->sys->sig, 'E') && c->ret >= 0) ||
	    c->ret == -EFAULT)
		return;
	for (i = 0; i < n; i++) {
		char l = st_sys_arg(c->sys, i), *data;
		uint64_t a = c->args[i];
		size_t got = 0, max;
		struct st_cap *k;

		if ((l != 'P' && l != 'S') || !a || has_cap(c, l, i, 0) ||
		    c->ncaps == ST_MAXCAPS)
			continue;
		/* What strace reads: a whole path, -s characters and one more. */
		max = l == 'P' ? path_max : (size_t)s->o->strsize + 1;
		data = xmalloc(max + 1);
		got = st_tracee_read(c->tid, a, (unsigned char *)data, max, true);
		/* A string cut by a page that cannot be read: strace's read fails too. */
		if (!got || (got < max && !memchr(data, 0, got))) {
			free(data);
			continue;
		}
		/* As the program captures it: the last byte apart. */
		if (got == max) {
			k = cap_slot(c, l, i, 1);
			k->data = xmalloc(1);
			k->data[0] = (unsigned char)data[--got];
			k->len = 1;
		}
		k = cap_slot(c, l, i, 0);
		k->len = strnlen(data, got);
		if (k->len < got)
			k->len++;
		data[got] = 0;
		k->data = (unsigned char *)data;
	}
}

/*
 * A fixed-size struct that eBPF could not read (a page the tracee never
 * touched: nothing faults it in when the call is answered without
 * running, as -e inject= does), read from the task now, as late_strings()
 * reads a string; one the call writes only when it succeeded.
 */
static void late_fixed(struct st_call *c)
{
	int i, n = st_call_nargs(c);

	if (!c->sys || !c->sys->sig || strchr(c->sys->sig, 'E') || c->ret == -EFAULT)
		return;
	for (i = 0; i < n; i++) {
		char l = st_sys_arg(c->sys, i);
		uint64_t f = st_prog_fixed((unsigned char)l), a = c->args[i];
		size_t size = f & 0xffff, got;
		unsigned char *data;
		struct st_cap *k;

		if (!f || !a || has_cap(c, l, i, 0) || c->ncaps == ST_MAXCAPS ||
		    (!(f & ST_FIXED_IN) && st_call_failed(c)))
			continue;
		data = xmalloc(size);
		got = st_tracee_read(c->tid, a, data, size, false);
		if (got < size) {
			free(data);
			continue;
		}
		k = cap_slot(c, l, i, 0);
		k->data = data;
		k->len = size;
	}
}

static void on_exit_rec(struct st_out *s, const struct fmt_spec *fs,
			const void *p)
{
	struct st_task *t = task(s, (int)u64at(fs, p, 0), false);

	if (!t || !t->pending)
		return;
	t->call.ret = (int64_t)u64at(fs, p, 1);
	t->call.t_exit = u64at(fs, p, 2);
	t->call.ip_exit = rec_ip(s, fs, p, 3);
	late_strings(s, &t->call);
	late_fixed(&t->call);
	if (restart_code(t->call.ret)) {
		t->restart_held = true;
		return;
	}
	finish_call(s, t, true);
}

/* "+++ exited with N +++" or "+++ killed by SIG +++" for tid. */
/* A process's last line; ts: when it went (CLOCK_MONOTONIC ns), or 0. */
static void gone_line(struct st_out *s, int tid, int code, uint64_t ts)
{
	struct buf b = { 0 };

	struct st_task *t = task(s, tid, false);

	if (!s->o->lines || s->o->json || s->o->quiet >= 2)
		return;
	/*
	 * -n: a process that exited made exit_group its last call, whether
	 * -e trace= let ferret see it or not.
	 */
	if (t && !(code & 0x7f) && t->last_nr != __NR_exit)
		t->last_nr = __NR_exit_group;
	cut_open(s, tid);
	prefix(s, &b, tid, ts, 0, s->live);
	if (code & 0x7f) {
		buf_printf(&b, "+++ killed by ");
		st_signame(&b, code & 0x7f);
		buf_printf(&b, "%s +++\n", code & 0x80 ? " (core dumped)" : "");
	} else {
		buf_printf(&b, "+++ exited with %d +++\n", (code >> 8) & 0xff);
	}
	if (t && t->late.len) {
		buf_put(&b, t->late.p, t->late.len);
		t->late.len = 0;
	}
	emit(s, tid, &b);
}

static void task_gone(struct st_out *s, struct st_task *t)
{
	task_file_close(s, t);
	if (s->live > 0)
		s->live--;
	t->started = false;
	t->leader_gone = t->group_ended = false;
}

/* Whether a started task other than the leader of group tgid is in it. */
static bool group_lives(const struct st_out *s, int tgid)
{
	int i;

	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].started && s->tasks[i].tgid == tgid &&
		    s->tasks[i].tid != tgid)
			return true;
	return false;
}

/*
 * The leader's line, once its own exit and its group's end are both
 * seen and no thread of the group traced is left to print its own: the
 * leader's line comes last, as strace has it once the group is reaped
 * (at the group's end, ts).
 */
static void leader_end(struct st_out *s, struct st_task *l, uint64_t ts)
{
	if (!l || !l->started || !l->leader_gone || !l->group_ended ||
	    group_lives(s, l->tid))
		return;
	gone_line(s, l->tid, l->gone_code, ts);
	task_gone(s, l);
	if (s->stack)
		st_stack_gone(s->stack, l->tid);
}

static void on_gone(struct st_out *s, const struct fmt_spec *fs, const void *p)
{
	int tid = (int)u64at(fs, p, 0), code = (int)u64at(fs, p, 1);
	bool group_dead = u64at(fs, p, 2);
	int tgid = (int)u64at(fs, p, 3);
	uint64_t ts = fs->nargs > 4 ? u64at(fs, p, 4) : 0;
	struct st_task *t = task(s, tid, false), *l;

	if (t)
		t->restart_held = false;
	if (t && t->pending)
		finish_call(s, t, false);
	l = task(s, tgid, false);
	/*
	 * Each exiting thread reads the group's live count in its own time,
	 * and more than one can read it at 0: the group's end is known from
	 * the first such record, whichever thread's (the leader's own, one
	 * not traced: the kernel's own worker, which no fork event names,
	 * or without -f a thread other than the one traced).
	 */
	if (group_dead && l && l->started)
		l->group_ended = true;
	if (!t || !t->started) {
		leader_end(s, l, ts);
		return;
	}
	/*
	 * A leader's line waits for its group's end, for an exec by another
	 * thread may take its pid over (see on_exec()).
	 */
	if (tid == tgid) {
		t->leader_gone = true;
		t->gone_code = code;
		leader_end(s, t, ts);
		return;
	}
	gone_line(s, tid, code, ts);
	task_gone(s, t);
	if (s->stack)
		st_stack_gone(s->stack, tid);
	leader_end(s, l, ts);
}

/*
 * Thread old called execve and took over the pid of its leader, new: the
 * leader's pending call ends unfinished, the leader's line says it was
 * superseded, and old's pending execve goes on as new.
 */
static void on_exec(struct st_out *s, const struct fmt_spec *fs, const void *p)
{
	int old = (int)u64at(fs, p, 0), new = (int)u64at(fs, p, 1);
	struct st_task *t = task(s, old, false), *l = task(s, new, true);
	struct buf b = { 0 };

	if (!t || !t->started)
		return;
	ripen(s, old);
	ripen(s, new);
	/*
	 * -ff: the execve's line so far ends in its thread's file, which
	 * closes; the thread goes on in its leader's, as strace swaps them.
	 */
	if (s->o->separate && t->pending && shown(s, &t->call) && !s->o->json) {
		char end[48];

		snprintf(end, sizeof(end), "<pid changed to %d ...>", new);
		entry_line(s, t, NULL, end);
		t->cut = true;
	}
	l->restart_held = false;
	if (l->pending)
		finish_call(s, l, false);
	/*
	 * An execve line still open (no line came between, the leader's
	 * above cuts it) ends as strace ends it when the thread takes over
	 * its leader's pid.
	 */
	else if (!s->o->separate && !s->o->json && !held_lines(s) && s->open_tid == old && t->pending &&
		 !t->cut && shown(s, &t->call)) {
		char end[48];

		snprintf(end, sizeof(end), "<pid changed to %d ...>", new);
		entry_line(s, t, NULL, end);
		t->cut = true;
		s->open_tid = 0;
	}
	if (l->started)
		task_gone(s, l);
	/* -qqq quiets it as --quiet=thread-execve does. */
	if (s->o->lines && !s->o->json && !s->o->quiet_superseded && s->o->quiet < 3) {
		cut_open(s, new);
		prefix(s, &b, new, 0, 0, s->live);
		buf_printf(&b, "+++ superseded by execve in pid %d +++\n", old);
		emit(s, new, &b);
	}
	/* t's slot may move as l's is made: find it again. */
	t = task(s, old, false);
	call_clear(&l->call);
	st_ustack_free(&l->stk[0]);
	st_ustack_free(&l->stk[1]);
	st_ustack_free(&l->stk[2]);
	buf_free(&l->late);
	task_file_close(s, t);
	{
		FILE *lf = l->f;
		bool made = l->f_made;

		*l = *t;
		l->f = lf;
		l->f_made = made;
	}
	memset(t->stk, 0, sizeof(t->stk));
	memset(&t->late, 0, sizeof(t->late));
	l->tid = new;
	l->call.tid = new;
	memset(&t->call, 0, sizeof(t->call));
	t->started = t->pending = false;
	if (s->open_tid == old)
		s->open_tid = new;
}

/* "--- SIG {siginfo} ---" for tid, if the signal filters let it show. */
static void signal_line(struct st_out *s, struct st_task *t, int sig,
			const unsigned char *si, uint64_t ts, uint64_t ip)
{
	struct buf b = { 0 };
	struct st_dopts d;

	/* ptrace never stops for SIGKILL: strace shows none. */
	if (!t || !t->started || s->o->json || sig == SIGKILL ||
	    sig < 1 || sig > 64 || !(s->o->signals & (1ULL << (sig - 1))))
		return;
	cut_open(s, t->tid);
	prefix(s, &b, t->tid, ts, ip, s->live);
	buf_printf(&b, "--- ");
	st_signame(&b, sig);
	buf_printf(&b, " ");
	/*
	 * -Y: strace names si_pid from /proc as the signal arrives, after a
	 * wait that reaped the sender; no name remembered from a call.
	 */
	d = s->d;
	d.comm = NULL;
	st_decode_siginfo_fd(&b, sig, si, 48, t->tid, &d);
	buf_printf(&b, " ---\n");
	/* -k: where the signal stopped it (its delivery's, if it came with one). */
	if (s->stack && t->stk[2].have) {
		st_stack_print(s->stack, t->tid, &t->stk[2], false, &b);
		t->stk[2].have = false;
	}
	emit(s, t->tid, &b);
}

static void on_signal(struct st_out *s, const struct fmt_spec *fs,
		      const void *p)
{
	int tid = (int)u64at(fs, p, 0), sig = (int)u64at(fs, p, 1);
	struct st_task *t = task(s, tid, false);
	const unsigned char *si = (const unsigned char *)p + fs->args[2].offset + 8;

	uint64_t ts = fs->nargs > 3 ? u64at(fs, p, 3) : 0;
	struct buf b = { 0 };

	/*
	 * The SIGKILL a fatal signal became: the call it interrupted
	 * returned as the signal's delivery would have found it.
	 */
	settle(s, t, sig == SIGKILL && !(t && t->fatal_sig));
	signal_line(s, t, sig, si, ts, rec_ip(s, fs, p, 5));
	/*
	 * A stop signal taken by its default action stops the thread
	 * group: strace's line for the stop that ptrace reports.
	 */
	if (fs->nargs > 4 && !u64at(fs, p, 4) && t && t->started && !s->o->json &&
	    (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU) &&
	    (s->o->signals & (1ULL << (sig - 1)))) {
		prefix(s, &b, t->tid, ts, rec_ip(s, fs, p, 5), s->live);
		buf_printf(&b, "--- stopped by ");
		st_signame(&b, sig);
		buf_printf(&b, " ---\n");
		emit(s, t->tid, &b);
	}
}

/*
 * A signal tid ignores, or one the kernel turned into its group's SIGKILL
 * when it was sent (fatal): shown at once when it is in no call, else
 * after the call's line (ptrace stops the task on its way back).  A
 * siginfo the sender left to the kernel is made as the kernel makes it.
 */
static void on_ignored(struct st_out *s, const struct fmt_spec *fs,
		       const void *p)
{
	int tid = (int)u64at(fs, p, 0), sig = (int)u64at(fs, p, 1);
	struct st_task *t = task(s, tid, false);
	const unsigned char *si = (const unsigned char *)p + fs->args[2].offset + 8;
	bool fatal = fs->nargs > 4 && u64at(fs, p, 4);
	int kind = fs->nargs > 5 ? (int)u64at(fs, p, 5) : 2;
	uint64_t ip = rec_ip(s, fs, p, 8);
	unsigned char made[48] = { 0 };
	int32_t v[3];

	if (!t)
		return;
	if (kind < 2) {
		/* SEND_SIG_NOINFO: SI_USER from the sender; SEND_SIG_PRIV: SI_KERNEL. */
		v[0] = sig;
		memcpy(made, &v[0], 4);
		v[1] = kind ? 0x80 : 0;
		memcpy(made + 8, &v[1], 4);
		if (!kind) {
			v[0] = (int32_t)u64at(fs, p, 6);
			v[2] = (int32_t)u64at(fs, p, 7);
			memcpy(made + 16, &v[0], 4);
			memcpy(made + 20, &v[2], 4);
		}
		si = made;
	}
	if (fatal)
		t->fatal_sig = sig;
	if (!t->pending || t->nignored == (int)ARRAY_SIZE(t->ignored)) {
		signal_line(s, t, sig, si, u64at(fs, p, 3), ip);
		return;
	}
	t->ignored[t->nignored].ip = ip;
	t->ignored[t->nignored].sig = sig;
	t->ignored[t->nignored].ts = u64at(fs, p, 3);
	memcpy(t->ignored[t->nignored].si, si, 48);
	t->nignored++;
}

/* The ignored signals' lines that waited for t's call. */
static void flush_ignored(struct st_out *s, struct st_task *t)
{
	int i, n = t->nignored;

	t->nignored = 0;
	for (i = 0; i < n; i++)
		signal_line(s, t, t->ignored[i].sig, t->ignored[i].si, t->ignored[i].ts,
			    t->ignored[i].ip);
}

void st_out_prune(struct st_out *s)
{
	int i;

	for (i = 0; i < s->ntasks; i++) {
		struct st_task *t = &s->tasks[i];

		if (t->started && kill(t->tid, 0) && errno == ESRCH) {
			if (t->pending)
				finish_call(s, t, false);
			task_gone(s, t);
		}
	}
}

/* -k: "U tid which regs" starts a stack, "u tid k bytes" adds its page k. */
static void on_stack(struct st_out *s, const struct fmt_spec *fs,
		     const void *p)
{
	struct st_task *t = task(s, (int)u64at(fs, p, 0), false);
	bool regs = fs->fmt[0] == 'U';
	int which = regs ? (int)u64at(fs, p, 1) % 3 : t ? t->stk_cur : 0;
	const char *r = (const char *)p + fs->args[2].offset;
	int64_t len;

	if (!t || !s->stack)
		return;
	memcpy(&len, r, 8);
	if (regs) {
		t->stk_cur = which;
		if (len > 0)
			st_ustack_regs(&t->stk[which], r + 8, (size_t)len);
	} else {
		st_ustack_page(&t->stk[which], (int)u64at(fs, p, 1), r + 8, len);
	}
}

/*
 * -Y: the name the program read at a call's entry of a child a pid
 * argument names, which replaces what /proc had (the entry's record came
 * first), or nothing, once the call has reaped the child.
 */
static void on_pid_comm(struct st_out *s, long pid, const char *comm)
{
	bool known = false;
	int i;

	if (task(s, (int)pid, false))
		return;
	for (i = 0; i < ST_ARG_COMMS; i++)
		if (s->arg_comm[i].pid == pid) {
			snprintf(s->arg_comm[i].comm, sizeof(s->arg_comm[i].comm), "%s", comm);
			known = true;
		}
	if (known)
		return;
	s->arg_comm[s->arg_comm_next].pid = pid;
	snprintf(s->arg_comm[s->arg_comm_next].comm, sizeof(s->arg_comm[0].comm), "%s", comm);
	s->arg_comm_next = (s->arg_comm_next + 1) % ST_ARG_COMMS;
}

/*
 * Whether strace keeps quiet of attaching and detaching: under -q, and
 * for a command's trace to a file.
 */
static bool quiet_attach(const struct st_out *s)
{
	return s->o->quiet >= 1 || (s->o->outfile && s->o->cmd);
}

/*
 * -f: strace's "Process N attached" for child t of parent, as strace
 * writes it (quiet_attach()).  On the trace's own stream it takes its
 * place among the lines (emit()).
 */
static void fork_note(struct st_out *s, int parent, struct st_task *t)
{
	struct st_task *p;

	if (!s->o->follow || s->o->json || quiet_attach(s))
		return;
	if (s->f != stderr || s->o->separate) {
		fprintf(stderr, "%s: Process %d attached\n", st_progname, t->tid);
		return;
	}
	t->attach_note = true;
	p = task(s, parent, false);
	if (p)
		p->note_child = t->tid;
}

void st_out_record(void *arg, const struct fmt_spec *fs, const void *payload)
{
	struct st_out *s = arg;

	switch (fs->fmt[0]) {
	case 'E':
		on_enter(s, fs, payload);
		break;
	case 'X':
		on_exit_rec(s, fs, payload);
		break;
	case 'c':
		on_capture(s, fs, payload);
		break;
	case 'F': {
		int parent = (int)u64at(fs, payload, 0);
		const char *pc = task_comm(s, parent);
		struct st_task *t;

		st_fds_fork(s->d.fds, parent, (int)u64at(fs, payload, 1));
		if (s->stack)
			st_stack_fork(s->stack, parent, (int)u64at(fs, payload, 1));
		if (fs->nargs > 3)
			st_pidns_learn((int)u64at(fs, payload, 1), (int)u64at(fs, payload, 3),
				       (unsigned long)(uint32_t)u64at(fs, payload, 4));
		t = task(s, (int)u64at(fs, payload, 1), true);
		t->started = true;
		t->tgid = (int)u64at(fs, payload, 2);
		task_file(s, t);
		/* The child has its parent's name until it runs execve. */
		if (pc)
			snprintf(t->comm, sizeof(t->comm), "%s", task_comm(s, parent));
		s->live++;
		fork_note(s, parent, t);
		break;
	}
	case 'K': {
		/* -Y: the name an execve gave a task (the record's string). */
		struct st_task *t = task(s, (int)u64at(fs, payload, 0), false);

		if (t)
			snprintf(t->comm, sizeof(t->comm), "%s",
				 (const char *)payload + fs->args[1].offset);
		break;
	}
	case 'N':
		on_pid_comm(s, (long)u64at(fs, payload, 0),
			    (const char *)payload + fs->args[1].offset);
		break;
	case 'Q':
		on_gone(s, fs, payload);
		break;
	case 'J': {
		/* -e inject=: what the next call of the thread got. */
		struct st_task *t = task(s, (int)u64at(fs, payload, 0), false);

		if (t)
			t->inj_next = (unsigned)u64at(fs, payload, 1);
		break;
	}
	case 'U':
	case 'u':
		on_stack(s, fs, payload);
		break;
	case 'M':
		/* Code mapped: its file known while the process lives. */
		if (s->stack && u64at(fs, payload, 1) == __NR_mmap)
			st_stack_mapped(s->stack, (int)u64at(fs, payload, 0));
		break;
	case 'R':
		on_exec(s, fs, payload);
		break;
	case 'B':
		on_release(s, fs, payload);
		break;
	case 'G':
		on_signal(s, fs, payload);
		break;
	case 'I':
		on_ignored(s, fs, payload);
		break;
	}
}

struct row {
	const char *name;
	char buf[32];
	uint64_t nr, calls, errors, ns, min, max, avg, key;
	double avg_us;
};

/* -S's column; ties in call number order, as strace's stable sort. */
static int sortby;

static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int r = 0;

	if (sortby == ST_COL_NAME)
		r = strcmp(x->name, y->name);
	else if (sortby != ST_COL_NONE && x->key != y->key)
		r = x->key < y->key ? 1 : -1;
	if (r)
		return r;
	return x->nr < y->nr ? -1 : x->nr > y->nr;
}

/* The value of an aggregation map's entry for key, or 0. */
static uint64_t agg_of(const struct print_entries *e, const void *key)
{
	int j;

	for (j = 0; j < e->n; j++)
		if (!memcmp(e->v[j].key, key, 8))
			return e->v[j].agg[0];
	return 0;
}

static uint64_t sort_key(const struct row *r)
{
	switch (sortby) {
	case ST_COL_AVG: return r->avg;
	case ST_COL_CALLS: return r->calls;
	case ST_COL_ERRORS: return r->errors;
	case ST_COL_MIN: return r->min;
	case ST_COL_MAX: return r->max;
	default: return r->ns;
	}
}

static double secs(uint64_t ns)
{
	return (double)(ns / 1000000000) + (double)(ns % 1000000000) / 1000000000.0;
}

/* A call's mean time in ns, rounded as strace divides a timespec. */
static uint64_t mean_ns(uint64_t ns, uint64_t calls)
{
	return calls ? (ns + calls / 2) / calls : 0;
}

/* A line of dashes under each of the columns. */
static void rule(FILE *f, const int *col, int last, const int *w)
{
	int i, j;

	for (i = 0; i <= last; i++) {
		if (i)
			fputc(' ', f);
		for (j = 0; j < w[col[i]]; j++)
			fputc('-', f);
	}
	fputc('\n', f);
}

/*
 * Column c of row r (the heading when r is NULL; text is the heading or
 * the row's name), at the column's width w but for a last name column.
 */
static void cell(FILE *f, int c, int w, int i, bool last,
		 const struct row *r, const char *text, double pct)
{
	if (i)
		fputc(' ', f);
	if (c == ST_COL_NAME) {
		if (last)
			fputs(text, f);
		else
			fprintf(f, "%-*s", w, text);
		return;
	}
	if (!r) {
		fprintf(f, "%*s", w, text);
		return;
	}
	switch (c) {
	case ST_COL_PCT: fprintf(f, "%*.2f", w, pct); break;
	case ST_COL_TOTAL: fprintf(f, "%*.6f", w, secs(r->ns)); break;
	case ST_COL_MIN: fprintf(f, "%*.6f", w, secs(r->min)); break;
	case ST_COL_MAX: fprintf(f, "%*.6f", w, secs(r->max)); break;
	case ST_COL_AVG: fprintf(f, "%*llu", w, (unsigned long long)r->avg_us); break;
	case ST_COL_CALLS: fprintf(f, "%*llu", w, (unsigned long long)r->calls); break;
	case ST_COL_ERRORS: fprintf(f, "%*.0llu", w, (unsigned long long)r->errors); break;
	}
}

/*
 * The -c table as strace 6.1 lays it out: the columns -U chose (by
 * default % time, seconds, usecs/call, calls, errors, syscall), each as
 * wide as its heading or its widest value, the last one unpadded.
 */
static void summary(struct st_out *s, struct runtime *rt)
{
	static const struct { const char *head; int width; } cols[] = {
		[ST_COL_PCT] = { "% time", 6 }, [ST_COL_TOTAL] = { "seconds", 11 },
		[ST_COL_MIN] = { "shortest", 8 }, [ST_COL_MAX] = { "longest", 7 },
		[ST_COL_AVG] = { "usecs/call", 11 }, [ST_COL_CALLS] = { "calls", 9 },
		[ST_COL_ERRORS] = { "errors", 9 }, [ST_COL_NAME] = { "syscall", 16 },
	};
	const struct map_info *tm = run_map_named(rt, "@t"), *em = run_map_named(rt, "@e");
	const struct map_info *nm = run_map_named(rt, "@mn"), *xm = run_map_named(rt, "@mx");
	struct print_entries te = { 0 }, ee = { 0 }, ne = { 0 }, xe = { 0 };
	struct row *rows = NULL, tot = { .name = "total", .min = UINT64_MAX };
	const int *col = s->o->columns;
	int n = 0, i, k, w[ST_COL_NONE], last = s->o->ncolumns - 1;
	uint64_t min_max = 0, avg_max = 0;
	size_t name_max = 0;
	char tmp[64];

	sortby = s->o->sortby;
	if (nm && print_read_map(&rt->out, nm, &ne))
		ne.n = 0;
	if (xm && print_read_map(&rt->out, xm, &xe))
		xe.n = 0;
	if (em && print_read_map(&rt->out, em, &ee))
		ee.n = 0;
	if (tm && !print_read_map(&rt->out, tm, &te)) {
		rows = xcalloc(te.n + 1, sizeof(*rows));
		for (i = 0; i < te.n; i++) {
			struct row *r = &rows[n++];
			const void *key = te.v[i].key;
			const struct st_sys *sys;
			uint64_t nr;

			memcpy(&nr, key, 8);
			sys = st_sys_by_nr(nr);
			if (sys) {
				r->name = sys->name;
			} else {
				snprintf(r->buf, sizeof(r->buf), "syscall_%#llx",
					 (unsigned long long)nr);
				r->name = r->buf;
			}
			r->nr = nr;
			r->ns = te.v[i].agg[0];
			r->calls = te.v[i].agg[1];
			r->errors = agg_of(&ee, key);
			r->min = agg_of(&ne, key);
			r->max = agg_of(&xe, key);
			r->avg = mean_ns(r->ns, r->calls);
			r->avg_us = secs(r->avg) * 1e6;
			r->key = sort_key(r);
			tot.calls += r->calls;
			tot.errors += r->errors;
			tot.ns += r->ns;
			if (r->min < tot.min)
				tot.min = r->min;
			if (r->min > min_max)
				min_max = r->min;
			if (r->max > tot.max)
				tot.max = r->max;
			if (r->avg > avg_max)
				avg_max = r->avg;
			if (strlen(r->name) > name_max)
				name_max = strlen(r->name);
		}
	}
	if (!n)
		tot.min = 0;
	if (rows)
		qsort(rows, n, sizeof(*rows), row_cmp);
	for (k = 0; k < ST_COL_NONE; k++)
		w[k] = cols[k].width;
#define WIDEN(c, ...) do { int l_ = snprintf(tmp, sizeof(tmp), __VA_ARGS__); \
		if (l_ > w[c]) w[c] = l_; } while (0)
	WIDEN(ST_COL_TOTAL, "%.6f", secs(tot.ns));
	WIDEN(ST_COL_MIN, "%llu.000000", (unsigned long long)(min_max / 1000000000));
	WIDEN(ST_COL_MAX, "%llu.000000", (unsigned long long)(tot.max / 1000000000));
	WIDEN(ST_COL_AVG, "%llu", (unsigned long long)(secs(avg_max) * 1e6));
	WIDEN(ST_COL_CALLS, "%llu", (unsigned long long)tot.calls);
	WIDEN(ST_COL_ERRORS, "%llu", (unsigned long long)tot.errors);
#undef WIDEN
	if ((int)name_max + 1 > w[ST_COL_NAME])
		w[ST_COL_NAME] = (int)name_max + 1;
	for (i = 0; i <= last; i++)
		cell(s->f, col[i], w[col[i]], i, i == last, NULL, cols[col[i]].head, 0);
	fputc('\n', s->f);
	rule(s->f, col, last, w);
	for (k = 0; k < n; k++) {
		for (i = 0; i <= last; i++)
			cell(s->f, col[i], w[col[i]], i, i == last, &rows[k], rows[k].name,
			     rows[k].ns && tot.ns ? 100.0 * secs(rows[k].ns) / secs(tot.ns) : 0.0);
		fputc('\n', s->f);
	}
	rule(s->f, col, last, w);
	/* The totals' mean is over every call, in floating point as strace's. */
	tot.avg_us = tot.calls ? secs(tot.ns) / tot.calls * 1e6 : 0;
	for (i = 0; i <= last; i++)
		cell(s->f, col[i], w[col[i]], i, i == last, &tot, "total", 100.0);
	fputc('\n', s->f);
	free(rows);
	print_entries_free(&te);
	print_entries_free(&ee);
	print_entries_free(&ne);
	print_entries_free(&xe);
}

/*
 * A task let go in a call: its line ends so if it is still the one open
 * (under -ff, each is open in its own file), as strace ends it.
 */
static bool detach_line(struct st_out *s, struct st_task *t, const char *mid)
{
	bool shows = t->pending && (t->tid == s->open_tid || s->o->separate) &&
		     !t->cut && !s->o->json && shown(s, &t->call) &&
		     (!s->o->status || (s->o->status & ST_DETACHED));

	if (shows)
		entry_line(s, t, mid, "<detached ...>");
	t->pending = false;
	if (s->open_tid == t->tid)
		s->open_tid = 0;
	return shows;
}

/*
 * -b execve: thread old ran an execve that took over the pid new (the
 * same, unless old was not the leader); both are let go.
 */
static void on_release(struct st_out *s, const struct fmt_spec *fs,
		       const void *p)
{
	int tids[2] = { (int)u64at(fs, p, 0), (int)u64at(fs, p, 1) }, i;

	for (i = 0; i < 2; i++) {
		struct st_task *t = task(s, tids[i], false);

		if (!t || !t->started || (i && tids[1] == tids[0]))
			continue;
		char msg[PATH_MAX + 64];
		/* On the trace's own stream, the message cuts the open line. */
		bool same = s->f == stderr && !s->o->separate;
		bool quiet = quiet_attach(s);

		snprintf(msg, sizeof(msg), "%s: Process %d detached\n", st_progname, t->tid);
		settle(s, t, false);
		if (!(detach_line(s, t, same && !quiet ? msg : NULL) && same) && !quiet)
			fputs(msg, stderr);
		t->released = true;
		task_gone(s, t);
	}
}

bool st_out_released(const struct st_out *s, int tid)
{
	int i;

	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].tid == tid)
			return s->tasks[i].released;
	return false;
}

void st_out_finish(void *arg, struct runtime *rt)
{
	struct st_out *s = arg;
	int i;

	drain(s);
	for (i = 0; i < s->ntasks; i++) {
		struct st_task *t = &s->tasks[i];

		settle(s, t, false);
		/*
		 * A leader whose group's end no record told: the group is
		 * reaped once its pid is gone.
		 */
		if (t->leader_gone && kill(t->tid, 0) && errno == ESRCH) {
			gone_line(s, t->tid, t->gone_code, mono_now());
			task_gone(s, t);
			continue;
		}
		if (!t->pending || !t->started)
			continue;
		/*
		 * A call still in progress in a task that lives on: ferret
		 * stopped tracing first, and strace ends the open line so.
		 */
		if (kill(t->tid, 0) == 0) {
			detach_line(s, t, NULL);
			continue;
		}
		finish_call(s, t, false);
	}
	if (s->o->summary)
		summary(s, rt);
	out_flush(s);
}
