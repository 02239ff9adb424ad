/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: perf stat's output layout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat_fmt.h"

/*
 * Column widths of perf 6.1's table: the count, the unit, the event
 * name (a shorter one for a count that is missing), and the metric.
 */
#define COUNTS_LEN 18
#define UNIT_LEN 4
#define NAME_LEN 32
#define BAD_NAME_LEN 25
#define METRIC_LEN 35

void stat_acc_add(struct stat_acc *a, double v)
{
	double d = v - a->mean;

	a->n++;
	a->mean += d / a->n;
	a->m2 += d * (v - a->mean);
}

double stat_acc_sd(const struct stat_acc *a)
{
	if (a->n < 2)
		return 0;
	return sqrt(a->m2 / (a->n - 1) / a->n);
}

double stat_rel_sd(double sd, double avg)
{
	return avg ? 100.0 * sd / avg : 0;
}

void stat_fmt_started(FILE *f, time_t t)
{
	char when[64];
	struct tm tm;

	/* ctime()'s layout, which ends in the newline. */
	localtime_r(&t, &tm);
	strftime(when, sizeof(when), "%a %b %e %H:%M:%S %Y", &tm);
	fprintf(f, "# started on %s\n\n", when);
}

void stat_fmt_grouped(char *buf, size_t len, double v, int precision,
		      const char *sep)
{
	char plain[64];
	size_t ndig, seplen = strlen(sep), o = 0, i;
	const char *p = plain;

	snprintf(plain, sizeof(plain), "%.*f", precision, v);
	if (*p == '-') {
		if (o + 1 < len)
			buf[o++] = '-';
		p++;
	}
	ndig = strspn(p, "0123456789");
	for (i = 0; i < ndig; i++) {
		if (i && seplen && (ndig - i) % 3 == 0) {
			if (o + seplen < len) {
				memcpy(buf + o, sep, seplen);
				o += seplen;
			}
		}
		if (o + 1 < len)
			buf[o++] = p[i];
	}
	for (p += ndig; *p && o + 1 < len; p++)
		buf[o++] = *p;
	if (len)
		buf[o < len ? o : len - 1] = '\0';
}

/* -I's column titles up to "counts", per aggregation mode, as perf's. */
static const char *const interval_titles[] = {
	[STAT_AGGR_GLOBAL] = "            ",
	[STAT_AGGR_NONE] = "CPU                    ",
	[STAT_AGGR_THREAD] = "            comm-pid                  ",
	[STAT_AGGR_CORE] = "core            cpus             ",
	[STAT_AGGR_DIE] = "die          cpus             ",
	[STAT_AGGR_SOCKET] = "socket cpus             ",
	[STAT_AGGR_NODE] = "node   cpus             ",
};

void stat_fmt_header(const struct stat_out *o, const char *target)
{
	if (o->mode != STAT_STD)
		return;
	if (o->interval) {
		fprintf(o->f, "#%*s %scounts %*s events\n", 15, "time",
			interval_titles[o->aggr], UNIT_LEN, "unit");
		return;
	}
	fprintf(o->f, "\n Performance counter stats for %s", target);
	if (o->runs > 1)
		fprintf(o->f, " (%d runs)", o->runs);
	fprintf(o->f, ":\n\n");
}

static void prefix(const struct stat_out *o)
{
	unsigned long s = (unsigned long)(o->ts_ns / 1000000000ULL);
	unsigned long ns = (unsigned long)(o->ts_ns % 1000000000ULL);

	if (!o->interval) {
		if (o->mode == STAT_JSON)
			fputc('{', o->f);
		return;
	}
	switch (o->mode) {
	case STAT_STD:
		fprintf(o->f, "%6lu.%09lu ", s, ns);
		break;
	case STAT_CSV:
		fprintf(o->f, "%6lu.%09lu%s", s, ns, o->sep);
		break;
	case STAT_JSON:
		fprintf(o->f, "{\"interval\" : %lu.%09lu, ", s, ns);
		break;
	}
}

/* The aggregate a line counts, ahead of its count. */
static void aggr_prefix(const struct stat_out *o, const struct stat_line *l)
{
	static const char *const keys[] = {
		[STAT_AGGR_NONE] = "cpu", [STAT_AGGR_THREAD] = "thread",
		[STAT_AGGR_CORE] = "core", [STAT_AGGR_DIE] = "die",
		[STAT_AGGR_SOCKET] = "socket", [STAT_AGGR_NODE] = "node",
	};
	const struct stat_id *id = &l->id;
	bool std = o->mode == STAT_STD;
	const char *sep = o->mode == STAT_CSV ? o->sep : " ";
	char name[64];
	int w = 0;

	switch (o->aggr) {
	case STAT_AGGR_GLOBAL:
		return;
	case STAT_AGGR_NONE:
		if (o->mode == STAT_JSON)
			snprintf(name, sizeof(name), "%d", id->cpu);
		else
			snprintf(name, sizeof(name), "CPU%-*d", std ? 7 : 0,
				 id->cpu);
		break;
	case STAT_AGGR_THREAD:
		if (std)
			snprintf(name, sizeof(name), "%16s-%-8d", id->comm, id->tid);
		else
			snprintf(name, sizeof(name), "%s-%d", id->comm, id->tid);
		break;
	case STAT_AGGR_CORE:
		snprintf(name, sizeof(name), "S%d-D%d-C%-*d", id->socket, id->die,
			 std ? 8 : 0, id->core);
		break;
	case STAT_AGGR_DIE:
		snprintf(name, sizeof(name), "S%d-D%-*d", id->socket,
			 std ? 8 : 0, id->die);
		break;
	case STAT_AGGR_SOCKET:
		snprintf(name, sizeof(name), "S%-*d", std ? 5 : 0, id->socket);
		break;
	case STAT_AGGR_NODE:
		snprintf(name, sizeof(name), "N%-*d", std ? 5 : 0, id->node);
		break;
	}
	if (o->aggr >= STAT_AGGR_CORE)
		w = std ? 4 : 0;
	if (o->mode == STAT_JSON) {
		fprintf(o->f, "\"%s\" : \"%s\", ", keys[o->aggr], name);
		if (o->aggr >= STAT_AGGR_CORE)
			fprintf(o->f, "\"aggregate-number\" : %d, ", id->nr);
		return;
	}
	fprintf(o->f, "%s%s", name, sep);
	if (o->aggr >= STAT_AGGR_CORE)
		fprintf(o->f, "%*d%s", w, id->nr, sep);
}

/*
 * The derived metric of l: "CPUs utilized" for a clock, otherwise a rate
 * per second of the clocks' time when a clock was counted (nsecs >= 0).
 * Returns false for none.
 */
static bool metric(const struct stat_out *o, const struct stat_line *l,
		   double nsecs, double *val, char *unit, size_t len)
{
	double r = 0;
	char scale = 0;

	if (l->clock) {
		*val = o->wall_ns ? l->val / o->wall_ns : 0;
		snprintf(unit, len, "CPUs utilized");
		return true;
	}
	if (nsecs < 0)
		return false;
	if (nsecs)
		r = 1e9 * l->val / nsecs;
	if (r > 1e9) {
		r /= 1e9;
		scale = 'G';
	} else if (r > 1e6) {
		r /= 1e6;
		scale = 'M';
	} else if (r > 1e3) {
		r /= 1e3;
		scale = 'K';
	}
	*val = r;
	if (scale)
		snprintf(unit, len, "%c/sec", scale);
	else
		snprintf(unit, len, "/sec");
	return true;
}

static void line_std(const struct stat_out *o, const struct stat_line *l,
		     bool ok, bool has_m, double mval, const char *munit)
{
	char num[64];
	double pct;

	if (ok) {
		stat_fmt_grouped(num, sizeof(num), l->clock ? l->val / 1e6 : l->val,
				 l->clock ? 2 : 0, o->thousands);
		fprintf(o->f, "%*s ", COUNTS_LEN, num);
	} else {
		fprintf(o->f, "%*s ", COUNTS_LEN,
			l->supported ? "<not counted>" : "<not supported>");
	}
	fprintf(o->f, "%-*s ", UNIT_LEN, l->clock ? "msec" : "");
	fprintf(o->f, "%-*s", ok ? NAME_LEN : BAD_NAME_LEN, l->name);
	if (ok && has_m) {
		int w = fprintf(o->f, " # %8.3f", mval);

		fprintf(o->f, " %-*s", METRIC_LEN - w - 1, munit);
	} else {
		fprintf(o->f, "%*s", METRIC_LEN, "");
	}
	pct = o->runs > 1 ? stat_rel_sd(l->sd, l->val) : 0;
	if (pct)
		fprintf(o->f, "  ( +-%6.2f%% )", pct);
	if (l->run != l->ena)
		fprintf(o->f, "  (%.2f%%)", l->ena ? 100.0 * l->run / l->ena : 0);
}

/* CSV's and JSON's share of the time running: whole percents, as perf's. */
static double running_pct(const struct stat_line *l)
{
	if (l->run == l->ena || !l->ena)
		return 100;
	return (double)(100 * l->run / l->ena);
}

static void line_csv(const struct stat_out *o, const struct stat_line *l,
		     bool ok, bool has_m, double mval, const char *munit)
{
	const char *sep = o->sep;
	char num[64];

	if (ok)
		fprintf(o->f, "%.*f%s", l->clock ? 2 : 0,
			l->clock ? l->val / 1e6 : l->val, sep);
	else
		fprintf(o->f, "%s%s", l->supported ? "<not counted>" :
			"<not supported>", sep);
	fprintf(o->f, "%s%s%s", l->clock ? "msec" : "", sep, l->name);
	if (o->runs > 1)
		fprintf(o->f, "%s%.2f%%", sep, stat_rel_sd(l->sd, l->val));
	fprintf(o->f, "%s%llu%s%.2f", sep, (unsigned long long)l->run, sep,
		running_pct(l));
	if (ok && has_m) {
		snprintf(num, sizeof(num), "%.3f", mval);
		fprintf(o->f, "%s%s%s%s", sep, num, sep, munit);
	} else {
		fprintf(o->f, "%s%s", sep, sep);
	}
}

static void line_json(const struct stat_out *o, const struct stat_line *l,
		      bool ok, bool has_m, double mval, const char *munit)
{
	if (ok)
		fprintf(o->f, "\"counter-value\" : \"%f\", ",
			l->clock ? l->val / 1e6 : l->val);
	else
		fprintf(o->f, "\"counter-value\" : \"%s\", ",
			l->supported ? "<not counted>" : "<not supported>");
	fprintf(o->f, "\"unit\" : \"%s\", \"event\" : \"%s\", ",
		l->clock ? "msec" : "", l->name);
	if (o->runs > 1)
		fprintf(o->f, "\"variance\" : %.2f, ", stat_rel_sd(l->sd, l->val));
	fprintf(o->f, "\"event-runtime\" : %llu, \"pcnt-running\" : %.2f, ",
		(unsigned long long)l->run, running_pct(l));
	/*
	 * perf 6.1 prints a metric it does not have from a NULL unit, which
	 * glibc writes as "(null)"; a count that is missing has "".
	 */
	fprintf(o->f, "\"metric-value\" : %f, \"metric-unit\" : \"%s\"}",
		ok && has_m ? mval : 0, !ok ? "" : has_m ? munit : "(null)");
}

void stat_fmt_lines(const struct stat_out *o, const struct stat_line *l,
		    int n)
{
	double nsecs = 0;
	int i, nclocks = 0;

	for (i = 0; i < n; i++) {
		bool ok = l[i].supported && l[i].run && l[i].ena;
		char munit[32];
		double mval = 0;
		bool has_m;
		int j;

		/*
		 * The mean of the clocks that ran in the line's aggregate is
		 * what its /sec rate divides by.
		 */
		nsecs = 0;
		nclocks = 0;
		for (j = 0; j < n; j++) {
			if (l[j].group == l[i].group && l[j].clock &&
			    l[j].supported && l[j].run && l[j].ena) {
				nsecs += l[j].val;
				nclocks++;
			}
		}
		nsecs = nclocks ? nsecs / nclocks : -1;
		has_m = ok && metric(o, &l[i], nsecs, &mval, munit, sizeof(munit));
		prefix(o);
		aggr_prefix(o, &l[i]);
		if (o->mode == STAT_CSV)
			line_csv(o, &l[i], ok, has_m, mval, munit);
		else if (o->mode == STAT_JSON)
			line_json(o, &l[i], ok, has_m, mval, munit);
		else
			line_std(o, &l[i], ok, has_m, mval, munit);
		fputc('\n', o->f);
	}
}

/* Decimals that show two digits past the first the error leaves in doubt. */
static int precision_for(double sd)
{
	if (sd > 1 || sd <= 0)
		return 2;
	return (int)lround(ceil(-log10(sd))) + 2;
}

/*
 * --table: each run's elapsed time and its distance from the mean, with
 * a bar of a '#' per 5% of that distance, indented as the mean is.
 */
static void table(const struct stat_out *o, int prec, double avg)
{
	char mean[64];
	int i, h, n, indent;

	snprintf(mean, sizeof(mean), " %17.*f", prec, avg);
	indent = (int)strspn(mean, " ");
	fprintf(o->f, "%*s# Table of individual measurements:\n", indent, "");
	for (i = 0; i < o->nwalls; i++) {
		double run = o->walls[i] / 1e9;

		/* A run that did not count is 0: one '#', not a division by 0. */
		n = 1 + (run ? abs((int)(100.0 * (run - avg) / run) / 5) : 0);
		fprintf(o->f, " %17.*f (%+.*f) ", prec, run, prec, run - avg);
		for (h = 0; h < n; h++)
			fputc('#', o->f);
		fputc('\n', o->f);
	}
	fprintf(o->f, "\n%*s# Final result:\n", indent, "");
}

void stat_fmt_footer(const struct stat_out *o, bool ru, double user,
		     double sys)
{
	double avg = o->wall_ns / 1e9, pct;

	if (o->interval || o->mode != STAT_STD)
		return;
	if (!o->null_run)
		fputc('\n', o->f);
	if (o->runs <= 1) {
		fprintf(o->f, " %17.9f seconds time elapsed", avg);
		if (ru)
			fprintf(o->f, "\n\n %17.9f seconds user\n %17.9f seconds sys\n",
				user, sys);
	} else {
		double sd = o->wall_sd / 1e9;
		int prec = precision_for(sd);

		if (o->walls)
			table(o, prec, avg);
		fprintf(o->f, " %17.*f +- %.*f seconds time elapsed", prec, avg,
			prec, sd);
		pct = stat_rel_sd(sd, avg);
		if (pct)
			fprintf(o->f, "  ( +-%6.2f%% )", pct);
	}
	fprintf(o->f, "\n\n");
}
