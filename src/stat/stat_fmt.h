/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_STAT_FMT_H
#define FERRET_STAT_FMT_H

/*
 * ferret stat's output, laid out as perf stat 6.1 lays out its own: the
 * standard table, CSV (-x SEP) and JSON lines (-j), each with or without
 * -I's time prefix.  Nothing here measures: the caller hands in the
 * counts, which makes the layout testable on fixed input.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum stat_mode { STAT_STD, STAT_CSV, STAT_JSON };

/*
 * How counts add up (perf's --per-* options): over everything, per CPU
 * (-A), per thread, or per core, die, socket or NUMA node.
 */
enum stat_aggr {
	STAT_AGGR_GLOBAL,
	STAT_AGGR_NONE,
	STAT_AGGR_THREAD,
	STAT_AGGR_CORE,
	STAT_AGGR_DIE,
	STAT_AGGR_SOCKET,
	STAT_AGGR_NODE,
};

/* What a line of an aggregation mode counts, as its prefix shows it. */
struct stat_id {
	int cpu;		/* STAT_AGGR_NONE */
	int socket, die, core;	/* CORE, DIE, SOCKET: its place */
	int node;		/* NODE */
	int nr;			/* the CPUs counted in it */
	const char *comm;	/* THREAD: name and id */
	int tid;
};

/* One counted event as printed. */
struct stat_line {
	const char *name;	/* as the user wrote it, or as expanded */
	bool clock;		/* task-clock or cpu-clock: counts nanoseconds,
				 * shown in msec, and is the base of the
				 * others' /sec rates */
	bool supported;		/* false: "<not supported>" */
	double val;		/* the count, averaged over the runs */
	double sd;		/* standard deviation of that mean (-r) */
	uint64_t run, ena;	/* time running and enabled, in ns */
	struct stat_id id;	/* under an aggregation mode */
	int group;		/* lines of one aggregate share their
				 * clocks' time for /sec rates */
};

struct stat_out {
	FILE *f;
	enum stat_mode mode;
	enum stat_aggr aggr;
	const char *sep;	/* -x: the CSV separator */
	const char *thousands;	/* grouping of the counts ("" none): the
				 * locale's, as perf's "%'" takes it */
	int runs;		/* -r: more than 1 prints the errors */
	bool interval;		/* -I: each line starts with the time */
	uint64_t ts_ns;		/* that time, since counting started */
	double wall_ns;		/* elapsed time (mean over runs), or the
				 * length -I asked for: the base of "CPUs
				 * utilized" */
	double wall_sd;		/* standard deviation of its mean */
	bool null_run;		/* --null: no blank line above the elapsed
				 * time, as perf 6.1 prints it */
	const uint64_t *walls;	/* --table: each run's elapsed ns (0 for a
				 * run that did not count), or NULL */
	int nwalls;
};

/*
 * A running mean and variance (Welford), as perf keeps them per event
 * over -r's runs.
 */
struct stat_acc {
	int n;
	double mean, m2;
};
void stat_acc_add(struct stat_acc *a, double v);
/* The standard deviation of the mean: sqrt(variance / n); 0 below 2. */
double stat_acc_sd(const struct stat_acc *a);
/* 100 * sd / avg, or 0 when avg is 0: perf's "( +- x.xx% )". */
double stat_rel_sd(double sd, double avg);

/* -o FILE's first line and the blank one after it. */
void stat_fmt_started(FILE *f, time_t t);

/*
 * The header above the counts: std's "Performance counter stats for
 * TARGET (N runs):" (target as "'ls -l'", "'system wide'" or "process id
 * '12'"), or under -I the column titles; CSV and JSON have none.
 */
void stat_fmt_header(const struct stat_out *o, const char *target);

/* The counts and their derived metrics, one line per event. */
void stat_fmt_lines(const struct stat_out *o, const struct stat_line *l,
		    int n);

/*
 * std's elapsed time (with -r its error, after --table's runs), and,
 * with ru, the user and system time in seconds; nothing under -I, CSV
 * or JSON.
 */
void stat_fmt_footer(const struct stat_out *o, bool ru, double user,
		     double sys);

/*
 * v with precision decimals, its integer digits grouped by sep every
 * three ("" for none), into buf.
 */
void stat_fmt_grouped(char *buf, size_t len, double v, int precision,
		      const char *sep);

#endif
