/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_MAIN_H
#define FERRET_ST_MAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define ST_NR_MAX 1024

struct st_inj;

/* ferret strace's options. */
/*
 * Descriptors named by -e read= or -e write=: 0-1023 by bit; above, all
 * of them (high) or ST_FDSET_EXTRA named ones, the set negated by neg.
 */
#define ST_FDSET_EXTRA 16
struct st_fdset {
	uint64_t bits[16];
	bool high, neg;
	int extra[ST_FDSET_EXTRA], nextra;
};

static inline bool st_fdset_has(const struct st_fdset *s, long fd)
{
	bool in;
	int i;

	if (fd < 0)
		return false;
	if (fd < 1024)
		return s->bits[fd / 64] >> (fd % 64) & 1;
	in = s->high;
	for (i = 0; i < s->nextra && !in; i++)
		in = s->extra[i] == fd;
	return in != s->neg;
}

/* Bytes of a call's data that -e read= and -e write= can dump. */
#define ST_DUMP_MAX 65000

/*
 * The largest -s whose strings and buffers one record holds: a record is
 * built in a per-CPU array's value, which the kernel limits to 32 KiB
 * (PCPU_MIN_UNIT_SIZE), and carries up to 32 bytes of header and
 * fields before its string, which is 8-aligned.  A larger -s (strace
 * takes up to ST_STRSIZE_ASKED) shows this much of each, then "...".
 */
#define ST_REC_VALUE_MAX 32768
#define ST_STRSIZE_MAX (ST_REC_VALUE_MAX - 64)
#define ST_STRSIZE_ASKED 1073741823

/*
 * The columns of -c's table (-U), which are also -S's keys; ST_COL_NONE
 * (-S nothing) counts them.
 */
enum st_col {
	ST_COL_PCT, ST_COL_TOTAL, ST_COL_MIN, ST_COL_MAX, ST_COL_AVG,
	ST_COL_CALLS, ST_COL_ERRORS, ST_COL_NAME, ST_COL_NONE,
};

struct st_opts {
	bool follow;		/* -f */
	bool summary;		/* -c or -C */
	bool lines;		/* not -c */
	bool wall;		/* -w */
	int sortby;		/* -S: an enum st_col, ST_COL_PCT by default */
	uint64_t overhead;	/* -O: ns taken off each call's time */
	int columns[ST_COL_NONE];	/* -U: the table's columns */
	int ncolumns;
	bool timing;		/* -T */
	int tstamp;		/* -t 1, -tt 2, -ttt 3 */
	int ts_digits;		/* --timestamps' precision: 0, 3, 6, 9; -1 as -t */
	int rel_digits;		/* -r's precision: 0, 3, 6 (the default), 9 */
	int time_digits;	/* -T's, the same */
	bool relative;		/* -r */
	bool fdpaths;		/* -y, or descriptors named for decode-fds= */
	bool fdplain;		/* a descriptor's path shown (decode-fds=path) */
	bool fdsock, fddev;	/* -yy: sockets' endpoints, devices' numbers */
	bool pidns;		/* --pidns-translation, decode-pids=pidns */
	bool fdpidfd;		/* -yy: a pidfd's process (decode-fds=pidfd) */
	bool quiet_superseded;	/* -e quiet=superseded */
	bool pidcomm;		/* -Y */
	bool verbose;		/* -v, or a call left out of -e abbrev= */
	bool noderef;		/* a call left out of -e verbose= */
	bool kvm_vcpu;		/* -e kvm=vcpu */
	/*
	 * By call number: calls -v or -e abbrev= leave unabbreviated, and
	 * calls -e verbose= leaves undereferenced (their structs shown as
	 * addresses).  The BPF program reads as for -v when any call is.
	 */
	bool unabbrev[ST_NR_MAX];
	bool nonverbose[ST_NR_MAX];
	bool stack;		/* -k */
	bool sysnum;		/* -n: call numbers */
	bool json;		/* --json */
	bool dump;		/* --dump-program */
	bool debug;		/* -d: the programs' sizes, calls with no name */
	int strsize;		/* -s */
	int align;		/* -a: the column of "= " (40) */
	int quiet;		/* -q 1: no attach/detach lines; -qq 2: no exit
				 * lines either */
	int xstyle;		/* -x 1, -xx 2, --strings-in-hex=non-ascii-chars 3 */
	uint64_t signals;	/* -e signal=: bit sig-1 shows SIG (all) */
	struct st_fdset dump_read, dump_write;	/* -e read=, -e write= */
	bool dumping;		/* either names a descriptor */
	char **paths;		/* -P: the paths, and what each resolves to */
	int npaths;
	unsigned status;	/* ST_OK | ST_FAILED; 0: all */
	const char *outfile;	/* -o */
	bool append;		/* -A: -o's files appended to */
	bool separate;		/* -ff, --output-separately: -o FILE.TID a thread */
	bool iptr;		/* -i: the instruction pointer of each line */
	bool detach_exec;	/* -b execve: a task that execs is let go */
	const char *user;	/* -u: the command runs as this user */
	pid_t *pids;		/* -p */
	int npids;
	bool filtered;		/* -e trace= given */
	bool traced[ST_NR_MAX];	/* when filtered: which numbers */
	bool raw[ST_NR_MAX];	/* -e raw=: calls shown undecoded, in hex */
	bool any_raw;
	char **cmd;
	struct st_inj *inject;	/* -e inject=, -e fault=, or NULL */
};

/*
 * -e status=: calls that returned 0 or more, failed, never returned, or
 * were still in progress when ferret stopped tracing (detached).
 */
enum {
	ST_OK = 1, ST_FAILED = 2, ST_UNFINISHED = 4, ST_DETACHED = 16,
	ST_ALL = ST_OK | ST_FAILED | ST_UNFINISHED | ST_DETACHED,
	ST_NONE = 8,		/* a set that names none of them */
};

/*
 * ferret strace ARGS; returns the exit status.  argv[0] is "ferret
 * strace", or what ran ferret when a link named strace did: strace's
 * messages begin with it, as strace's begin with its own argv[0].
 */
int st_main(int argc, char **argv);

/* What strace's messages begin with: "ferret strace" or that path. */
extern const char *st_progname;

/* Prints "PROGNAME: " and the message on standard error. */
void st_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Whether -c's table shows column c or is sorted by it. */
static inline bool st_opts_col(const struct st_opts *o, int c)
{
	int i;

	for (i = 0; i < o->ncolumns; i++)
		if (o->columns[i] == c)
			return true;
	return o->sortby == c;
}

#endif
