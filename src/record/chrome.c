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

/* Microseconds since t0, to the nanosecond. */
static void put_us(struct buf *b, uint64_t t0, uint64_t t)
{
	uint64_t d = t > t0 ? t - t0 : 0;

	buf_printf(b, "%llu.%03llu", (unsigned long long)(d / 1000),
		   (unsigned long long)(d % 1000));
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
			buf_printf(&b, "%s{\"ph\":\"X\",\"cat\":\"sched\",\"name\":", sep);
			put_name(&b, t ? t->comm : "?");
			buf_printf(&b, ",\"pid\":%d,\"tid\":%d,\"ts\":", CHROME_CPU_PID,
				   CHROME_CPU_PID + 1 + s->cpu);
			put_us(&b, m->t0, s->start);
			buf_printf(&b, ",\"dur\":");
			put_us(&b, s->start, s->end);
			buf_printf(&b, ",\"args\":{\"tid\":%d,\"pid\":%d}}", s->tid, pid);
			break;
		case RP_SYSCALL:
		case RP_FUNC:
			if (s->tid <= 0)
				continue;
			buf_printf(&b, "%s{\"ph\":\"X\",\"cat\":\"%s\",\"name\":", sep,
				   s->kind == RP_FUNC ? "function" : "syscall");
			put_name(&b, m->names[s->name]);
			buf_printf(&b, ",\"pid\":%d,\"tid\":%d,\"ts\":", pid, s->tid);
			put_us(&b, m->t0, s->start);
			buf_printf(&b, ",\"dur\":");
			put_us(&b, s->start, s->end);
			if (s->args >= 0)
				buf_printf(&b, ",\"args\":%s", m->text.p + s->args);
			buf_printf(&b, "}");
			break;
		case RP_INSTANT:
		case RP_LOST:
			buf_printf(&b, "%s{\"ph\":\"i\",\"cat\":\"%s\",\"name\":", sep,
				   s->kind == RP_LOST ? "lost" : "event");
			put_name(&b, m->names[s->name]);
			if (s->tid > 0)
				buf_printf(&b, ",\"s\":\"t\",\"pid\":%d,\"tid\":%d", pid, s->tid);
			else if (s->cpu >= 0)
				buf_printf(&b, ",\"s\":\"t\",\"pid\":%d,\"tid\":%d", CHROME_CPU_PID,
					   CHROME_CPU_PID + 1 + s->cpu);
			else
				buf_printf(&b, ",\"s\":\"g\",\"pid\":%d,\"tid\":%d", CHROME_CPU_PID,
					   CHROME_CPU_PID);
			buf_printf(&b, ",\"ts\":");
			put_us(&b, m->t0, s->start);
			if (s->args >= 0)
				buf_printf(&b, ",\"args\":%s", m->text.p + s->args);
			buf_printf(&b, "}");
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
