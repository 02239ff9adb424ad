/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RUN_H
#define FERRET_RUN_H

#include <stdbool.h>
#include <sys/types.h>
#include "pcap.h"
#include "print.h"
#include "../providers/provider.h"

struct compiled;
struct runtime;
struct fmt_spec;
struct skb_out;

/*
 * A front end that takes the program's output as data instead of text
 * (ferret strace).  Any hook may be NULL.
 */
struct run_sink {
	void *arg;
	/*
	 * Each printf() record instead of its text: the format and its
	 * payload, fs->size bytes (a record sent shorter reads as zeroes
	 * past its end).
	 */
	void (*printf_rec)(void *arg, const struct fmt_spec *fs,
			   const void *payload);
	/*
	 * The text of another record made from a format (system()'s,
	 * freopen()'s) into out, by the front end's rules: 0 or -errno.
	 */
	int (*format_rec)(void *arg, const struct fmt_spec *fs,
			  const void *payload, struct buf *out);
	/*
	 * After each wait for records; child_done says the -c child has
	 * been reaped.  True stops tracing.  With a tick hook, the end of
	 * the -c child stops nothing by itself.
	 */
	bool (*tick)(void *arg, bool child_done);
	/*
	 * Optional: true while the front end holds output for a later tick
	 * to write; the reader then comes back within its hot poll.
	 */
	bool (*busy)(void *arg);
	/*
	 * Once the maps exist, before BEGIN runs and anything is attached:
	 * fills maps the front end keeps.  0 or a negative errno, after
	 * reporting it, which ends the run.
	 */
	int (*setup)(void *arg, struct runtime *rt);
	/*
	 * Once every probe is attached, just before the -c child is
	 * released: where a front end's count starts (perf stat's starts
	 * after enabling its counters).  0 or a negative errno, after
	 * reporting it, which ends the run.
	 */
	int (*started)(void *arg);
	/*
	 * A held run of records from CPU cpu (kept as run_take_run() takes
	 * them), before it is taken: 0 takes it as usual; 1 leaves it to
	 * the front end, which has dropped it or kept a copy.
	 */
	int (*held_run)(void *arg, struct runtime *rt, int cpu,
			const struct buf *run);
	/*
	 * Once the event probes are stopped and their records read, before
	 * END runs: where the front end takes the runs it kept.
	 */
	void (*drain)(void *arg, struct runtime *rt);
	/* After detaching, instead of printing the maps. */
	void (*finish)(void *arg, struct runtime *rt);
	/*
	 * A descriptor of the front end's polled with the records (-1:
	 * none, asked before each wait), and what to do when it is ready.
	 */
	int (*poll_fd)(void *arg);
	void (*poll_ready)(void *arg);
	/*
	 * A child of ferret's that is not the command (one the command
	 * made with CLONE_PARENT) was reaped, or NULL.
	 */
	void (*stray)(void *arg, pid_t pid);
};

struct loaded;

struct run_opts {
	char *cmd;		/* -c: command run as the child */
	pid_t pid;		/* -p: exit when it exits */
	bool verbose;		/* -v: verifier logs */
	bool quiet;		/* -q: no "Attaching" line */
	enum out_format format;
	FILE *out;
	int bufmode;		/* setvbuf() mode of the output (_IOLBF,
				 * _IOFBF or _IONBF).  Whatever it is, the
				 * output is flushed after each batch. */
	const struct run_sink *sink;	/* or NULL: print as bpftrace */
	int *child_status;	/* if set: the -c child's wait status, or -1 */
	bool deaf;		/* SIGINT and SIGTERM are ignored: the run
				 * ends only with what it traces */
	bool stop_kills;	/* a -c child still running when a signal
				 * stops the run gets that signal, not
				 * SIGTERM (ferret strace, as strace) */
	bool cache;		/* programs may come from, and go to, the
				 * pin cache (loader_load()) */
	struct loaded *loaded;	/* loader_find()'s answer, which the run
				 * takes over, or NULL */
	const bool *leave_child;	/* if set and true when the run ends:
				 * a -c child still running is neither
				 * signalled nor waited for (ferret strace
				 * -b execve let it go) */
	bool stats_told;	/* the front end tells lost records and
				 * refused map updates itself (run_stat_cpus()) */
	bool no_stop;		/* the programs need not be stopped before
				 * their links close: no END, and nothing
				 * read after the run but records (ferret
				 * strace) */
	bool child_stopped;	/* the -c child is stopped under this
				 * process's ptrace where run_child_stop_at()
				 * left it: the run lets it go where it would
				 * write child_go_fd */
};

/*
 * An attachment that can be removed while tracing: a watchpoint, which
 * unwatch() removes by the address it watches.  Those set at start and
 * those armed probes set while tracing (probe_inst.arm) are kept so.
 */
struct run_watch {
	const struct probe_inst *pi;
	uint64_t addr;
	struct fdset fds;
};

/*
 * D's speculation id: its records, kept until the commit or discard of
 * their generation (see spec.c).
 */
struct run_spec {
	struct buf b;		/* records as release_held() keeps them, the
				 * generation in rec_hdr.id */
	size_t used;		/* bytes of records, against opts.specsize */
	uint8_t live;		/* the oldest generation not yet ended */
};

/* A running program, as the builtins' runtime hooks see it. */
struct runtime {
	struct compiled *c;
	struct rt_out out;
	struct map_info *maps;	/* by map id - MAP_NFIXED */
	int nmaps;
	int ringbuf_fd, stats_fd;
	int pids_fd;		/* MAP_PIDS, or -1 */
	volatile uint64_t *ctl;	/* MAP_CONTROL's value mapped, or NULL */
	bool exiting;
	int out_err;		/* errno of the first failed output write */
	uint64_t start_ns;	/* CLOCK_MONOTONIC at start */
	const struct run_sink *sink;
	void *pad;		/* a full-size copy of a short record */
	size_t padlen;
	struct skb_out *skb;	/* skboutput()'s packets, or NULL */
	struct vec watches;	/* struct run_watch *: hooks add and remove
				 * them; the rest are released at the stop */
	bool failed;		/* a hook failed: the run ends, status 1 */
	int exit_status;	/* D's exit(status): the run's status when
				 * nothing failed, or -1 */
	struct buf *held;	/* by CPU: REC_HELD records waiting for their
				 * REC_END, each as a size_t size and the
				 * record */
	int nheld;
	/*
	 * D: what BEGIN's clauses sent while the event probes are not yet
	 * attached, kept in order and taken once they are (faults and
	 * exit() take effect at once), so that a command system() starts
	 * runs with the probes enabled, as in DTrace.
	 */
	bool begin_queue;
	struct buf begin_q;
	struct run_spec *spec;	/* by speculation id, 1..opts.nspec */
	uint64_t spec_drops;	/* speculative runs that did not fit */
	int spec_reject;	/* the id whose records the held run being
				 * taken drops (it did not fit), or 0 */
	int out_fd;		/* the output's descriptor (freopen()) */
	int out_orig;		/* a copy of what it was before freopen(),
				 * or -1 */
	char *out_path;		/* the file freopen() sent it to, or NULL */
	struct pcap_set pcaps;	/* D's pcap() files */
};

/* The script's map called name ("@x"), or NULL. */
const struct map_info *run_map_named(const struct runtime *rt,
				     const char *name);

/*
 * cmd split at every space, as bpftrace splits it: no quoting, no
 * expansion, and two spaces in a row make an empty argument.  The
 * strings point into *copy; both are freed by the caller.
 */
char **run_split_command(const char *cmd, char **copy);
/* Starts cmd held until run_program() releases it (see run_spawn_held). */
pid_t run_start_command(const char *cmd, int *go_fd);

/* Where run_child_stop_at() stops the command (dtrace's evaltime). */
enum run_stop_at {
	RUN_STOP_PREINIT,	/* just after its execve: before ld.so runs */
	RUN_STOP_POSTINIT,	/* at the program's entry point, once ld.so has
				 * loaded and initialised its libraries */
	RUN_STOP_MAIN,		/* at main(), or the entry point without one */
};
/*
 * Lets the child run_start_command() holds (its go_fd, which this closes)
 * exec and run to when, where it stays stopped under ptrace (seized by
 * this process) for run_program() with child_stopped set.  0, or a
 * negative errno if it ended or could not be traced (then killed).
 */
int run_child_stop_at(pid_t child, int go_fd, enum run_stop_at when);

/* Loads, attaches and runs c until exit; returns the exit status. */
int run_program(struct compiled *c, const struct run_opts *o, pid_t child,
		int child_go_fd);

/*
 * Starts path, or argv[0] searched in PATH when path is NULL, held: the
 * child blocks reading a pipe until run_program() writes *go_fd, after
 * every probe is attached, so its first instructions are traced; closing
 * the pipe without writing makes it exit instead.  in_child, if set, runs
 * in the child first, with arg.  Should path fail to execute, the child
 * says so and exits 127, or exits 1 in silence under quiet_fail (ferret
 * strace reports the failed execve as strace does).  Returns once the
 * child is blocked in that read.  The pid, or -1 after reporting the
 * error.
 */
pid_t run_spawn_held(const char *path, char *const argv[], int *go_fd,
		     int (*in_child)(void *arg), void *arg, bool quiet_fail);

/* True once SIGINT or SIGTERM asked the run to end. */
bool run_stopping(void);
/* The signal (SIGINT, SIGTERM) that stopped the run, or 0. */
int run_stop_signal(void);

/* Writes text as one output record (a JSON object under -f json). */
void run_emit(struct runtime *rt, const char *type, const char *text,
	      size_t len);

/* Which records of a run run_take_run() takes. */
enum run_take { RUN_TAKE_ALL, RUN_TAKE_EXITS, RUN_TAKE_BUT_EXITS };
/*
 * Takes the records of a run held_run() was given (each a size_t size,
 * the record, padding to 8 bytes), as if they had just been read.
 */
void run_take_run(struct runtime *rt, const struct buf *run,
		  enum run_take which);
/* Records lost so far because the ring buffer was full. */
uint64_t run_lost(struct runtime *rt);
/* Runs D's ERROR programs with arguments args[0..n).  0 or -errno. */
int run_fire_error(struct runtime *rt, const uint64_t *args, int n);
/*
 * MAP_STATS slot (enum stat_slot) of each CPU into v (rt->out.ncpus
 * entries).  0 or -errno.
 */
int run_stat_cpus(struct runtime *rt, int slot, uint64_t *v);
/* The sum over CPUs of MAP_STATS slot (enum stat_slot). */
uint64_t run_stat(struct runtime *rt, int slot);
/*
 * D's commit (commit true) or discard of generation gen (its low byte)
 * of speculation id: its records are taken, in the order they came, or
 * dropped.  0, or -EINVAL for an unknown id.
 */
int run_spec_end(struct runtime *rt, uint32_t id, uint32_t gen, bool commit);

#endif
