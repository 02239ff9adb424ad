/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ftrace's function_graph text (see fgraph.h).  The widths and marks are
 * those of the kernel's kernel/trace/trace_functions_graph.c and
 * Documentation/trace/ftrace.rst.
 */
#include <limits.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "record/fgraph.h"

/* Spaces a level of nesting indents (ftrace's TRACE_GRAPH_INDENT). */
#define FG_INDENT 2
/* Calls deeper than this are not matched with their returns. */
#define FG_DEPTH 64
/* The "comm-pid" column of the thread banner, centred (PROCINFO_LENGTH). */
#define FG_PROC 14
/* The duration column's blanks, for a line without a duration. */
#define FG_NO_DURATION "              |  "
/* A CPU's thread before its first line. */
#define FG_NO_TID INT_MIN

/* Lines of text; one waiting for its CPU's entry to be known is a hole. */
struct fg_chunk {
	struct buf text;
	int wait_cpu;		/* the CPU whose entry it is, or -1: final */
};

/* An entry not printed yet: a leaf if its return is the CPU's next event. */
struct fg_pend {
	bool on;
	int tid;
	char *func;
	uint32_t depth;
	uint64_t seq;		/* its chunk */
};

struct fg_cpu {
	int last_tid;		/* the thread of its last line */
	char comm[16];		/* and its command */
	int depth;		/* ftrace's per-CPU depth: comments' indent */
	struct fg_pend p;
};

/* The functions a thread is inside, by depth: returns are matched to them. */
struct fg_th {
	int tid;
	bool used;
	char *stack[FG_DEPTH];
};

struct fg {
	int width;		/* digits of the largest CPU number */
	struct fg_cpu *cpu;
	int ncpu;
	struct fg_chunk *ch;
	size_t nch, cap;
	uint64_t seq0;		/* the sequence number of ch[0] */
	struct fg_th *th;	/* open-addressed by tid */
	size_t thcap, thn;
};

struct fg *fg_new(int ncpus)
{
	struct fg *f = xcalloc(1, sizeof(*f));
	int n = ncpus > 1 ? ncpus - 1 : 0;

	f->width = 1;
	while (n >= 10) {
		f->width++;
		n /= 10;
	}
	return f;
}

void fg_free(struct fg *f)
{
	size_t i;
	int c, d;

	if (!f)
		return;
	for (i = 0; i < f->nch; i++)
		buf_free(&f->ch[i].text);
	free(f->ch);
	for (c = 0; c < f->ncpu; c++)
		free(f->cpu[c].p.func);
	free(f->cpu);
	for (i = 0; i < f->thcap; i++)
		for (d = 0; d < FG_DEPTH; d++)
			free(f->th[i].stack[d]);
	free(f->th);
	free(f);
}

void fg_header(struct buf *out)
{
	buf_printf(out, "# tracer: function_graph\n#\n"
		   "# CPU  DURATION                  FUNCTION CALLS\n"
		   "# |     |   |                     |   |   |   |\n");
}

void fg_duration(struct buf *out, uint64_t ns)
{
	static const struct {
		uint64_t over;
		char mark;
	} marks[] = {
		{ 1000000000ULL, '$' }, { 100000000ULL, '@' }, { 10000000ULL, '*' },
		{ 1000000ULL, '#' }, { 100000ULL, '!' }, { 10000ULL, '+' },
	};
	char us[24], frac[8];
	char mark = ' ';
	size_t i;
	int len;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (ns > marks[i].over) {
			mark = marks[i].mark;
			break;
		}
	len = snprintf(us, sizeof(us), "%llu", (unsigned long long)(ns / 1000));
	buf_printf(out, "%c %s", mark, us);
	/* At most seven digits in all: fewer decimals as the microseconds grow. */
	if (len < 7) {
		int keep = 8 - len - 1;

		snprintf(frac, sizeof(frac), "%03llu", (unsigned long long)(ns % 1000));
		if (keep > 3)
			keep = 3;
		buf_printf(out, ".%.*s", keep, frac);
		len += keep + 1;
	}
	buf_printf(out, " us ");
	for (; len < 8; len++)
		buf_put(out, " ", 1);
	buf_put(out, "|  ", 3);
}

static struct fg_cpu *cpu_of(struct fg *f, int cpu)
{
	int i;

	if (cpu < 0)
		cpu = 0;
	if (cpu >= f->ncpu) {
		f->cpu = xrealloc(f->cpu, (size_t)(cpu + 1) * sizeof(*f->cpu));
		for (i = f->ncpu; i <= cpu; i++) {
			memset(&f->cpu[i], 0, sizeof(f->cpu[i]));
			f->cpu[i].last_tid = FG_NO_TID;
			f->cpu[i].depth = -1;
		}
		f->ncpu = cpu + 1;
	}
	return &f->cpu[cpu];
}

static struct fg_th *th_of(struct fg *f, int tid)
{
	size_t i;

	if ((f->thn + 1) * 2 > f->thcap) {
		struct fg_th *old = f->th;
		size_t oldcap = f->thcap, j;

		f->thcap = oldcap ? oldcap * 2 : 64;
		f->th = xcalloc(f->thcap, sizeof(*f->th));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].used)
				continue;
			for (i = (unsigned)old[j].tid & (f->thcap - 1); f->th[i].used;
			     i = (i + 1) & (f->thcap - 1))
				;
			f->th[i] = old[j];
		}
		free(old);
	}
	for (i = (unsigned)tid & (f->thcap - 1); f->th[i].used; i = (i + 1) & (f->thcap - 1))
		if (f->th[i].tid == tid)
			return &f->th[i];
	f->th[i].used = true;
	f->th[i].tid = tid;
	f->thn++;
	return &f->th[i];
}

/* The chunk that takes the next final text. */
static struct buf *tail(struct fg *f)
{
	if (!f->nch || f->ch[f->nch - 1].wait_cpu >= 0) {
		if (f->nch == f->cap) {
			f->cap = f->cap ? f->cap * 2 : 16;
			f->ch = xrealloc(f->ch, f->cap * sizeof(*f->ch));
		}
		memset(&f->ch[f->nch], 0, sizeof(f->ch[f->nch]));
		f->ch[f->nch++].wait_cpu = -1;
	}
	return &f->ch[f->nch - 1].text;
}

static void put_cpu(struct fg *f, struct buf *b, int cpu)
{
	buf_printf(b, " %*d) ", f->width, cpu);
}

/* "comm-tid" centred in FG_PROC columns, the command cut at 7 bytes. */
static void put_proc(struct buf *b, int tid, const char *comm)
{
	char id[16];
	int len, pad, i;

	if (tid < 0)
		snprintf(id, sizeof(id), "?");
	else
		snprintf(id, sizeof(id), "%d", tid);
	if (!comm)
		comm = tid == 0 ? "<idle>" : "<...>";
	len = (int)strnlen(comm, 7) + (int)strlen(id) + 1;
	pad = len < FG_PROC ? FG_PROC - len : 0;
	for (i = 0; i < pad / 2; i++)
		buf_put(b, " ", 1);
	buf_printf(b, "%.7s-%s", comm, id);
	for (i = 0; i < pad - pad / 2; i++)
		buf_put(b, " ", 1);
}

/* The banner when cpu's line is another thread's than its last one. */
static void banner(struct fg *f, int cpu, const struct fg_thread *t)
{
	struct fg_cpu *c = cpu_of(f, cpu);
	int prev = c->last_tid;
	char prev_comm[sizeof(c->comm)];
	struct buf *b;

	if (prev == t->tid)
		return;
	memcpy(prev_comm, c->comm, sizeof(prev_comm));
	c->last_tid = t->tid;
	snprintf(c->comm, sizeof(c->comm), "%s", t->comm ? t->comm : "");
	if (prev == FG_NO_TID)
		return;
	b = tail(f);
	buf_printf(b, " ------------------------------------------\n");
	put_cpu(f, b, cpu);
	put_proc(b, prev, prev_comm[0] ? prev_comm : NULL);
	buf_printf(b, " => ");
	put_proc(b, t->tid, t->comm);
	buf_printf(b, "\n ------------------------------------------\n\n");
}

static void indent(struct buf *b, int n)
{
	for (; n > 0; n--)
		buf_put(b, " ", 1);
}

/* The chunk of sequence number seq. */
static struct fg_chunk *chunk(struct fg *f, uint64_t seq)
{
	return &f->ch[seq - f->seq0];
}

/*
 * Prints cpu's waiting entry: as a leaf with duration ns, or (leaf
 * false) as the opening of a call.
 */
static void resolve(struct fg *f, int cpu, bool leaf, uint64_t ns)
{
	struct fg_cpu *c = cpu_of(f, cpu);
	struct fg_chunk *k;

	if (!c->p.on)
		return;
	k = chunk(f, c->p.seq);
	put_cpu(f, &k->text, cpu);
	if (leaf)
		fg_duration(&k->text, ns);
	else
		buf_printf(&k->text, FG_NO_DURATION);
	indent(&k->text, (int)c->p.depth * FG_INDENT);
	buf_printf(&k->text, "%s%s\n", c->p.func, leaf ? "();" : "() {");
	k->wait_cpu = -1;
	c->depth = leaf ? (int)c->p.depth - 1 : (int)c->p.depth;
	free(c->p.func);
	c->p.func = NULL;
	c->p.on = false;
}

void fg_entry(struct fg *f, int cpu, const struct fg_thread *t, const char *func,
	      uint32_t depth)
{
	struct fg_cpu *c;
	struct fg_th *h = th_of(f, t->tid);

	resolve(f, cpu, false, 0);
	banner(f, cpu, t);
	c = cpu_of(f, cpu);
	if (depth < FG_DEPTH) {
		free(h->stack[depth]);
		h->stack[depth] = xstrdup(func);
	}
	/* A hole for the entry's line, after what is there. */
	if (f->nch == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->ch = xrealloc(f->ch, f->cap * sizeof(*f->ch));
	}
	memset(&f->ch[f->nch], 0, sizeof(f->ch[f->nch]));
	f->ch[f->nch].wait_cpu = cpu < 0 ? 0 : cpu;
	c->p.seq = f->seq0 + f->nch++;
	c->p.on = true;
	c->p.tid = t->tid;
	c->p.func = xstrdup(func);
	c->p.depth = depth;
}

void fg_exit(struct fg *f, int cpu, const struct fg_thread *t, const char *func,
	     uint32_t depth, uint64_t calltime, uint64_t rettime)
{
	struct fg_cpu *c = cpu_of(f, cpu);
	struct fg_th *h = th_of(f, t->tid);
	uint64_t ns = rettime > calltime ? rettime - calltime : 0;
	bool match = depth < FG_DEPTH && h->stack[depth] && !strcmp(h->stack[depth], func);
	struct buf *b;

	if (depth < FG_DEPTH) {
		free(h->stack[depth]);
		h->stack[depth] = NULL;
	}
	if (c->p.on && c->p.tid == t->tid && c->p.depth == depth && !strcmp(c->p.func, func)) {
		resolve(f, cpu, true, ns);
		return;
	}
	resolve(f, cpu, false, 0);
	banner(f, cpu, t);
	b = tail(f);
	put_cpu(f, b, cpu);
	fg_duration(b, ns);
	indent(b, (int)depth * FG_INDENT);
	/* A return whose entry is not in the trace names its function. */
	if (match)
		buf_printf(b, "}\n");
	else
		buf_printf(b, "} /* %s */\n", func);
	c->depth = (int)depth - 1;
}

void fg_comment(struct fg *f, int cpu, const struct fg_thread *t, const char *text)
{
	struct fg_cpu *c;
	struct buf *b;

	resolve(f, cpu, false, 0);
	banner(f, cpu, t);
	c = cpu_of(f, cpu);
	b = tail(f);
	put_cpu(f, b, cpu);
	buf_printf(b, FG_NO_DURATION);
	if (c->depth > 0)
		indent(b, (c->depth + 1) * FG_INDENT);
	buf_printf(b, "/* %s */\n", text);
}

void fg_line(struct fg *f, const char *text)
{
	buf_printf(tail(f), "%s\n", text);
}

void fg_finish(struct fg *f)
{
	int c;

	for (c = 0; c < f->ncpu; c++)
		resolve(f, c, false, 0);
}

void fg_take(struct fg *f, struct buf *out)
{
	size_t n = 0;

	while (n < f->nch && f->ch[n].wait_cpu < 0) {
		buf_put(out, f->ch[n].text.p, f->ch[n].text.len);
		buf_free(&f->ch[n].text);
		n++;
	}
	if (!n)
		return;
	memmove(f->ch, f->ch + n, (f->nch - n) * sizeof(*f->ch));
	f->nch -= n;
	f->seq0 += n;
}
