/* SPDX-License-Identifier: GPL-2.0 */
/* The Chrome trace-event JSON writer (see chrome.h). */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "record/chrome.h"

static int cmp_tid(const void *a, const void *b)
{
	const struct rp_thread *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

static const struct rp_thread *thread_of(const struct rp_model *m, int tid)
{
	struct rp_thread key = { .tid = tid };

	return bsearch(&key, m->threads, m->nthreads, sizeof(key), cmp_tid);
}

/* ns as microseconds to the nanosecond ("%llu.%03llu"), into b. */
static void put_ns_us(struct buf *b, uint64_t ns)
{
	buf_put_udec(b, ns / 1000, 0);
	buf_put(b, ".", 1);
	buf_put_udec(b, ns % 1000, 3);
}

/* "SEP{"ph":"PH","cat":"CAT","name":" */
static void put_head(struct buf *b, const char *sep, const char *ph, const char *cat)
{
	buf_put(b, sep, strlen(sep));
	buf_put(b, "{\"ph\":\"", 7);
	buf_put(b, ph, strlen(ph));
	buf_put(b, "\",\"cat\":\"", 9);
	buf_put(b, cat, strlen(cat));
	buf_put(b, "\",\"name\":", 9);
}

/* ","pid":PID,"tid":TID */
static void put_ids(struct buf *b, int pid, int tid)
{
	buf_put(b, ",\"pid\":", 7);
	buf_put_sdec(b, pid);
	buf_put(b, ",\"tid\":", 7);
	buf_put_sdec(b, tid);
}

/* Microseconds since t0, to the nanosecond. */
static void put_us(struct buf *b, uint64_t t0, uint64_t t)
{
	put_ns_us(b, t > t0 ? t - t0 : 0);
}

/*
 * ,"ts":START,"dur":DUR of a slice from start to end.  Readers add the
 * two as doubles, and one that ends a hair past the next slice's start
 * (the next CPU slice begins at the very nanosecond) is taken to
 * overlap it: DevTools' engine drops such a slice.  dur is cut by a
 * nanosecond until ts + dur, in doubles, is not past end.  A decimal
 * of ns/1000 parses to the double nearest that ratio, which is what
 * ns / 1000.0 computes, so the check is the reader's own sum.
 */
static void put_span(struct buf *b, uint64_t t0, uint64_t start, uint64_t end)
{
	uint64_t a = start > t0 ? start - t0 : 0, e = end > t0 ? end - t0 : 0;
	uint64_t d = e > a ? e - a : 0;

	while (d && (double)a / 1000.0 + (double)d / 1000.0 > (double)e / 1000.0)
		d--;
	buf_put(b, ",\"ts\":", 6);
	put_ns_us(b, a);
	buf_put(b, ",\"dur\":", 7);
	put_ns_us(b, d);
}

static void put_name(struct buf *b, const char *s)
{
	rp_json_str(b, s, strlen(s));
}

static void flush(FILE *f, struct buf *b, bool force)
{
	if (b->len && (force || b->len > 1 << 16)) {
		fwrite(b->p, 1, b->len, f);
		b->len = 0;
	}
}

void chrome_write(FILE *f, const struct rp_model *m)
{
	struct buf b = { 0 };
	const char *sep = "";
	size_t i;
	int k;

	/* Sorted by tid for the lookups below (the model is ours to order). */
	qsort(((struct rp_model *)m)->threads, m->nthreads, sizeof(*m->threads), cmp_tid);
	buf_printf(&b, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"writer\":\"ferret convert\",\"hostname\":");
	put_name(&b, m->hostname ? m->hostname : "");
	buf_printf(&b, ",\"first_event_monotonic_ns\":%llu,\"clock_offset_ns\":%lld,\"events\":%llu,\"lost_events\":%llu},\n\"traceEvents\":[\n",
		   (unsigned long long)m->t0, (long long)m->clock_offset,
		   (unsigned long long)m->events, (unsigned long long)m->lost);
	buf_printf(&b, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"CPUs\"}}",
		   CHROME_CPU_PID, CHROME_CPU_PID);
	buf_printf(&b, ",\n{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%d,\"tid\":%d,\"args\":{\"sort_index\":-1}}",
		   CHROME_CPU_PID, CHROME_CPU_PID);
	sep = ",\n";
	for (k = 0; k < m->ncpus; k++) {
		buf_printf(&b, "%s{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"CPU %d\"}}",
			   sep, CHROME_CPU_PID, CHROME_CPU_PID + 1 + k, k);
		buf_printf(&b, "%s{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%d,\"tid\":%d,\"args\":{\"sort_index\":%d}}",
			   sep, CHROME_CPU_PID, CHROME_CPU_PID + 1 + k, k);
	}
	for (k = 0; k < m->nthreads; k++) {
		const struct rp_thread *t = &m->threads[k];
		const struct rp_thread *lead = thread_of(m, t->pid);

		if (t->tid <= 0)
			continue;
		if (t->tid == t->pid || !lead) {
			buf_printf(&b, "%s{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
				   sep, t->pid, t->pid);
			put_name(&b, lead ? lead->comm : t->comm);
			buf_printf(&b, "}}");
		}
		buf_printf(&b, "%s{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
			   sep, t->pid, t->tid);
		put_name(&b, t->comm);
		buf_printf(&b, "}}");
		flush(f, &b, false);
	}
	for (i = 0; i < m->n; i++) {
		const struct rp_slice *s = &m->s[i];
		const struct rp_thread *t = s->tid > 0 ? thread_of(m, s->tid) : NULL;
		int pid = t ? t->pid : s->tid;

		switch (s->kind) {
		case RP_RUN:
			if (s->cpu < 0 || s->end <= s->start)
				continue;
			put_head(&b, sep, "X", "sched");
			put_name(&b, t ? t->comm : "?");
			put_ids(&b, CHROME_CPU_PID, CHROME_CPU_PID + 1 + s->cpu);
			put_span(&b, m->t0, s->start, s->end);
			buf_put(&b, ",\"args\":{\"tid\":", 15);
			buf_put_sdec(&b, s->tid);
			buf_put(&b, ",\"pid\":", 7);
			buf_put_sdec(&b, pid);
			buf_put(&b, "}}", 2);
			break;
		case RP_SYSCALL:
		case RP_FUNC:
			if (s->tid <= 0)
				continue;
			put_head(&b, sep, "X", s->kind == RP_FUNC ? "function" : "syscall");
			put_name(&b, m->names[s->name]);
			put_ids(&b, pid, s->tid);
			put_span(&b, m->t0, s->start, s->end);
			if (s->args >= 0) {
				buf_put(&b, ",\"args\":", 8);
				buf_put(&b, m->text.p + s->args, strlen(m->text.p + s->args));
			}
			buf_put(&b, "}", 1);
			break;
		case RP_INSTANT:
		case RP_LOST:
			put_head(&b, sep, "i", s->kind == RP_LOST ? "lost" : "event");
			put_name(&b, m->names[s->name]);
			buf_put(&b, s->tid > 0 || s->cpu >= 0 ? ",\"s\":\"t\"" : ",\"s\":\"g\"", 8);
			if (s->tid > 0)
				put_ids(&b, pid, s->tid);
			else if (s->cpu >= 0)
				put_ids(&b, CHROME_CPU_PID, CHROME_CPU_PID + 1 + s->cpu);
			else
				put_ids(&b, CHROME_CPU_PID, CHROME_CPU_PID);
			buf_put(&b, ",\"ts\":", 6);
			put_us(&b, m->t0, s->start);
			if (s->args >= 0) {
				buf_put(&b, ",\"args\":", 8);
				buf_put(&b, m->text.p + s->args, strlen(m->text.p + s->args));
			}
			buf_put(&b, "}", 1);
			break;
		default:
			/*
			 * Thread states overlap syscalls without nesting in
			 * them: the CPU tracks show when each thread ran.
			 */
			continue;
		}
		flush(f, &b, false);
	}
	buf_printf(&b, "\n]}\n");
	flush(f, &b, true);
	buf_free(&b);
}
