/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret report, convert and timeline (see rp_main.h).  One pass over
 * the trace follows each thread's state: the thread on each CPU from
 * sched_switch (the first switch of each CPU, found by a short first
 * pass, names the thread running before it), woken by sched_wakeup,
 * inside a syscall between its entry and exit.  report prints as it
 * goes; the converters keep the slices this makes.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "record/ctfr.h"
#include "record/rp_main.h"
#include "record/chrome.h"
#include "record/fgraph.h"
#include "record/timeline.h"

/* LTTng's lttng_process_status for a thread asleep at the statedump. */
#define LT_WAIT 5

enum st { ST_UNKNOWN, ST_RUNNING, ST_RUNNABLE, ST_BLOCKED, ST_DEAD };

struct blk {
	uint32_t name;
	uint64_t ns;
	uint64_t n;
};

struct th {
	int tid, pid;
	char comm[64];
	enum st state;
	uint64_t since;
	int cpu;
	bool in_sys;
	uint32_t sys_name;
	uint64_t sys_start;
	struct buf sys_json;	/* entry arguments, without the closing
				 * brace; empty: none kept */
	bool blocked_in_sys;
	uint32_t blocked_sys;
	uint64_t run, runnable, blocked, switches, syscalls;
	uint64_t events;	/* in its context (record --context tid) */
	struct blk *bl;
	int nbl;
	bool used;
};

struct tr {
	struct rp_model *m;
	bool keep;		/* slices into m */
	struct th *th;		/* open-addressed by tid */
	size_t cap, n;
	int *cur;		/* tid on each CPU, -1 unknown */
	int ncur;
	uint64_t t0, last;
	bool started;
	uint32_t *hash;		/* name interning: indexes + 1 */
	size_t hcap;
	uint32_t n_running, n_runnable, n_blocked, n_lost;
	/* ev_kind()'s cache: class names (the reader's, stable) by address. */
	const char *kname[64];
	uint8_t kkind[64];
};

/* The events report, the model and the text treat apart, by name. */
enum ek {
	EK_OTHER, EK_SWITCH, EK_WAKEUP, EK_FORK, EK_EXEC, EK_EXIT, EK_MIGRATE,
	EK_IRQ_ENTRY, EK_IRQ_EXIT, EK_SOFTIRQ, EK_SYS_ENTRY, EK_SYS_EXIT,
	EK_FG_ENTRY, EK_FG_EXIT, EK_DUMP_PROCESS, EK_DUMP_EDGE, EK_DUMP,
};

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static enum ek classify(const char *n)
{
	static const struct { const char *name; enum ek kind; } names[] = {
		{ "sched_switch", EK_SWITCH },
		{ "sched_wakeup", EK_WAKEUP }, { "sched_waking", EK_WAKEUP },
		{ "sched_wakeup_new", EK_WAKEUP },
		{ "sched_process_fork", EK_FORK }, { "sched_process_exec", EK_EXEC },
		{ "sched_process_exit", EK_EXIT }, { "sched_process_free", EK_EXIT },
		{ "sched_process_wait", EK_EXIT },
		{ "sched_migrate_task", EK_MIGRATE },
		{ "irq_handler_entry", EK_IRQ_ENTRY }, { "irq_handler_exit", EK_IRQ_EXIT },
		{ "funcgraph_entry", EK_FG_ENTRY }, { "funcgraph_exit", EK_FG_EXIT },
		{ "lttng_statedump_process_state", EK_DUMP_PROCESS },
		{ "lttng_statedump_start", EK_DUMP_EDGE }, { "lttng_statedump_end", EK_DUMP_EDGE },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(n, names[i].name))
			return names[i].kind;
	if (prefix(n, "irq_softirq_"))
		return EK_SOFTIRQ;
	if (prefix(n, "syscall_entry_"))
		return EK_SYS_ENTRY;
	if (prefix(n, "syscall_exit_"))
		return EK_SYS_EXIT;
	if (prefix(n, "lttng_statedump_"))
		return EK_DUMP;
	return EK_OTHER;
}

/*
 * The kind of an event of class name: looked up once per class and
 * cached by the name's address, which the reader keeps for its life.
 */
static enum ek ev_kind(struct tr *t, const char *name)
{
	size_t h = ((uintptr_t)name >> 4) % ARRAY_SIZE(t->kname);

	if (t->kname[h] != name) {
		t->kname[h] = name;
		t->kkind[h] = (uint8_t)classify(name);
	}
	return (enum ek)t->kkind[h];
}

/* ---- names ---- */

static uint32_t hash_str(const char *s)
{
	return hash_bytes(HASH_INIT, s, strlen(s));
}

static uint32_t intern(struct tr *t, const char *s)
{
	struct rp_model *m = t->m;
	size_t i;

	if (m->nnames * 2 >= t->hcap) {
		size_t nc = t->hcap ? t->hcap * 2 : 256;
		uint32_t *nh = xcalloc(nc, sizeof(*nh));
		uint32_t k;

		for (k = 0; k < m->nnames; k++) {
			for (i = hash_str(m->names[k]) & (nc - 1); nh[i]; i = (i + 1) & (nc - 1))
				;
			nh[i] = k + 1;
		}
		free(t->hash);
		t->hash = nh;
		t->hcap = nc;
	}
	for (i = hash_str(s) & (t->hcap - 1); t->hash[i]; i = (i + 1) & (t->hcap - 1))
		if (!strcmp(m->names[t->hash[i] - 1], s))
			return t->hash[i] - 1;
	if (m->nnames == m->names_cap) {
		m->names_cap = m->names_cap ? m->names_cap * 2 : 64;
		m->names = xrealloc(m->names, m->names_cap * sizeof(*m->names));
	}
	m->names[m->nnames] = xstrdup(s);
	t->hash[i] = m->nnames + 1;
	return m->nnames++;
}

/* ---- JSON ---- */

void rp_json_str(struct buf *b, const char *s, size_t n)
{
	const uint8_t *p = (const uint8_t *)s, *e = p + n;

	buf_put(b, "\"", 1);
	while (p < e) {
		uint8_t c = *p;
		int len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 :
			  (c & 0xf8) == 0xf0 ? 4 : 0;
		int k;

		if (c == '"' || c == '\\') {
			buf_printf(b, "\\%c", c);
		} else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x7f) {
			/* <, > and & too: the text may sit inside an HTML script. */
			buf_printf(b, "\\u%04x", c);
		} else if (len == 1) {
			buf_put(b, p, 1);
		} else {
			bool ok = len > 1 && e - p >= len && !(len == 2 && c < 0xc2);

			for (k = 1; ok && k < len; k++)
				ok = (p[k] & 0xc0) == 0x80;
			if (ok) {
				buf_put(b, p, len);
				p += len;
				continue;
			}
			buf_printf(b, "\\ufffd");
		}
		p++;
	}
	buf_put(b, "\"", 1);
}

static void json_val(struct buf *b, const struct ctfr_event *ev, uint32_t i)
{
	const struct ctfr_val *v = &ev->vals[i];
	const struct ctfr_int_info *ii;
	uint32_t j, k;

	switch (v->kind) {
	case CTFR_INT:
	case CTFR_ENUM:
		ii = ctfr_int_info(v->type);
		if (v->kind == CTFR_ENUM && v->str)
			rp_json_str(b, v->str, v->len);
		else if (ii && ii->base == 16) {
			buf_put(b, "\"", 1);
			buf_put_hex(b, v->u);
			buf_put(b, "\"", 1);
		} else if (ii && ii->sign) {
			/* Beyond 2^53 a JSON reader loses digits: a string then. */
			bool big = v->s > (1LL << 53) || v->s < -(1LL << 53);

			if (big)
				buf_put(b, "\"", 1);
			buf_put_sdec(b, v->s);
			if (big)
				buf_put(b, "\"", 1);
		} else {
			if (v->u > (1ULL << 53))
				buf_put(b, "\"", 1);
			buf_put_udec(b, v->u, 0);
			if (v->u > (1ULL << 53))
				buf_put(b, "\"", 1);
		}
		break;
	case CTFR_FLOAT:
		buf_printf(b, "%.17g", v->f == v->f && v->f - v->f == 0 ? v->f : 0);
		break;
	case CTFR_STRING:
		rp_json_str(b, v->str, v->len);
		break;
	case CTFR_STRUCT:
	case CTFR_VARIANT:
		buf_put(b, "{", 1);
		for (j = i + 1, k = 0; k < v->n; k++) {
			const char *nm = ev->vals[j].name ? ev->vals[j].name : "";

			if (k)
				buf_put(b, ",", 1);
			rp_json_str(b, nm, strlen(nm));
			buf_put(b, ":", 1);
			json_val(b, ev, j);
			j = ev->vals[j].end;
		}
		buf_put(b, "}", 1);
		break;
	default:
		buf_put(b, "[", 1);
		for (j = i + 1, k = 0; k < v->n; k++) {
			if (k)
				buf_put(b, ",", 1);
			json_val(b, ev, j);
			j = ev->vals[j].end;
		}
		buf_put(b, "]", 1);
	}
}

/* The payload as a JSON object, less its closing brace. */
static void json_args_open(struct buf *b, const struct ctfr_event *ev)
{
	b->len = 0;
	if (ev->payload >= 0) {
		json_val(b, ev, ev->payload);
		b->len--;
	} else {
		buf_put(b, "{", 1);
	}
}

/* Whether the JSON object text b[0..len) has key (its quoted text and ':'). */
static bool json_has_key(const struct buf *b, size_t len, const struct buf *key)
{
	const char *p = b->p, *end = b->p + len, *q;

	/* A key follows '{' or ','; inside a string every quote is escaped. */
	while (p < end && (q = memmem(p, (size_t)(end - p), key->p, key->len))) {
		if (q > b->p && (q[-1] == '{' || q[-1] == ','))
			return true;
		p = q + 1;
	}
	return false;
}

/*
 * After a syscall slice's arguments (b, its object still open): the
 * exit's fields but ret, the values the call wrote.  One the entry has
 * too (both read and written) is keyed "NAME (exit)".
 */
static void json_exit_args(struct buf *b, const struct ctfr_event *ev)
{
	struct buf key = { 0 };
	const struct ctfr_val *p;
	size_t entry = b->len;
	uint32_t j, k;

	if (ev->payload < 0)
		return;
	p = &ev->vals[ev->payload];
	for (j = ev->payload + 1, k = 0; k < p->n; k++, j = ev->vals[j].end) {
		const char *nm = ev->vals[j].name ? ev->vals[j].name : "";

		if (!strcmp(nm, "ret"))
			continue;
		key.len = 0;
		rp_json_str(&key, nm, strlen(nm));
		buf_put(&key, ":", 1);
		buf_put(b, ",", b->len > 1 ? 1 : 0);
		if (json_has_key(b, entry, &key)) {
			key.len -= 2;
			buf_put(b, key.p, key.len);
			buf_printf(b, " (exit)\":");
		} else {
			buf_put(b, key.p, key.len);
		}
		json_val(b, ev, j);
	}
	buf_free(&key);
}

static int64_t keep_text(struct rp_model *m, const char *s, size_t n)
{
	int64_t off = m->text.len;

	buf_put(&m->text, s, n);
	buf_put(&m->text, "", 1);
	return off;
}

/* ---- threads ---- */

static struct th *find(struct tr *t, int tid, bool make)
{
	size_t i;

	if (t->n * 2 >= t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 1024, k;
		struct th *nt = xcalloc(nc, sizeof(*nt));

		for (k = 0; k < t->cap; k++) {
			if (!t->th[k].used)
				continue;
			for (i = (uint32_t)t->th[k].tid * 2654435761u & (nc - 1); nt[i].used;
			     i = (i + 1) & (nc - 1))
				;
			nt[i] = t->th[k];
		}
		free(t->th);
		t->th = nt;
		t->cap = nc;
	}
	for (i = (uint32_t)tid * 2654435761u & (t->cap - 1); t->th[i].used;
	     i = (i + 1) & (t->cap - 1))
		if (t->th[i].tid == tid)
			return &t->th[i];
	if (!make)
		return NULL;
	memset(&t->th[i], 0, sizeof(t->th[i]));
	t->th[i].used = true;
	t->th[i].tid = tid;
	t->th[i].pid = tid;
	t->th[i].cpu = -1;
	t->n++;
	return &t->th[i];
}

/*
 * The entry's arguments of h's call so far ("{" when none were kept),
 * followed by the ',' a further member needs.
 */
static void put_sys_json(struct buf *b, const struct th *h)
{
	if (h->sys_json.len > 1) {
		buf_put(b, h->sys_json.p, h->sys_json.len);
		buf_put(b, ",", 1);
	} else {
		buf_put(b, "{", 1);
	}
}

static void set_comm(struct th *h, const char *s, size_t n)
{
	if (!s)
		return;
	if (n >= sizeof(h->comm))
		n = sizeof(h->comm) - 1;
	memcpy(h->comm, s, n);
	h->comm[n] = 0;
}

static void add_slice(struct tr *t, uint64_t a, uint64_t z, int tid, int cpu,
		      enum rp_kind k, uint32_t name, int64_t args)
{
	struct rp_model *m = t->m;
	struct rp_slice *s;

	if (!t->keep)
		return;
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 4096;
		m->s = xrealloc(m->s, m->cap * sizeof(*m->s));
	}
	s = &m->s[m->n++];
	s->start = a;
	s->end = z;
	s->tid = tid;
	s->cpu = cpu;
	s->kind = k;
	s->name = name;
	s->args = args;
}

static void add_blocked(struct th *h, uint32_t name, uint64_t ns)
{
	int i;

	for (i = 0; i < h->nbl; i++)
		if (h->bl[i].name == name)
			break;
	if (i == h->nbl) {
		h->bl = xrealloc(h->bl, (h->nbl + 1) * sizeof(*h->bl));
		h->bl[i].name = name;
		h->bl[i].ns = 0;
		h->bl[i].n = 0;
		h->nbl++;
	}
	h->bl[i].ns += ns;
	h->bl[i].n++;
}

/* Ends h's current state at ts, counting and keeping it. */
static void close_state(struct tr *t, struct th *h, uint64_t ts)
{
	uint64_t d = ts > h->since ? ts - h->since : 0;

	switch (h->state) {
	case ST_RUNNING:
		h->run += d;
		add_slice(t, h->since, ts, h->tid, h->cpu, RP_RUN, t->n_running, -1);
		add_slice(t, h->since, ts, h->tid, h->cpu, RP_RUNNING, t->n_running, -1);
		break;
	case ST_RUNNABLE:
		h->runnable += d;
		add_slice(t, h->since, ts, h->tid, -1, RP_RUNNABLE, t->n_runnable, -1);
		break;
	case ST_BLOCKED:
		h->blocked += d;
		/* Name index n_blocked stands for "not in a syscall". */
		add_blocked(h, h->blocked_in_sys ? h->blocked_sys : t->n_blocked, d);
		add_slice(t, h->since, ts, h->tid, -1, RP_BLOCKED,
			  h->blocked_in_sys ? h->blocked_sys : t->n_blocked, -1);
		break;
	default:
		break;
	}
}

static void set_state(struct tr *t, struct th *h, enum st s, uint64_t ts, int cpu)
{
	close_state(t, h, ts);
	h->state = s;
	h->since = ts;
	h->cpu = cpu;
}

/* ---- events ---- */

static bool geti(const struct ctfr_event *ev, const char *a, const char *b, int64_t *v)
{
	return ctfr_field_int(ev, a, v) || (b && ctfr_field_int(ev, b, v));
}

static const struct ctfr_val *gets(const struct ctfr_event *ev, const char *name)
{
	const struct ctfr_val *v = ctfr_field(ev, name);

	return v && v->kind == CTFR_STRING ? v : NULL;
}

/*
 * A field of the event's context (LTTng's lttng add-context, ferret
 * record --context): the event's own, else its stream's; NULL if none.
 */
static const struct ctfr_val *ctx_val(const struct ctfr_event *ev, const char *name)
{
	const struct ctfr_val *v = ctfr_child(ev, ev->event_ctx, name);

	return v ? v : ctfr_child(ev, ev->stream_ctx, name);
}

/* The thread id in the event's context, or -1. */
static int ctx_tid(const struct ctfr_event *ev)
{
	const struct ctfr_val *v = ctx_val(ev, "tid");

	return v && (v->kind == CTFR_INT || v->kind == CTFR_ENUM) ? (int)v->s : -1;
}

/* The thread an event ran in: its context's tid, else the CPU's. */
static int event_tid(const struct tr *t, const struct ctfr_event *ev)
{
	int tid = ctx_tid(ev);

	if (tid >= 0)
		return tid;
	if (ev->cpu >= 0 && ev->cpu < t->ncur)
		return t->cur[ev->cpu];
	return -1;
}

/*
 * What an event's context says of the thread its tid names: its process
 * (pid) and its name then (procname).
 */
static void ctx_thread(struct tr *t, const struct ctfr_event *ev, enum ek k)
{
	const struct ctfr_val *p = ctx_val(ev, "pid"), *c = ctx_val(ev, "procname");
	int tid;
	struct th *h;

	if ((tid = ctx_tid(ev)) <= 0)
		return;
	h = find(t, tid, true);
	/* The statedump carries the context of the thread that wrote it. */
	if (k != EK_DUMP_PROCESS && k != EK_DUMP_EDGE && k != EK_DUMP)
		h->events++;
	if (p && p->kind == CTFR_INT && p->s > 0)
		h->pid = (int)p->s;
	if (c && c->kind == CTFR_STRING && c->len)
		set_comm(h, c->str, c->len);
}

static void grow_cpus(struct tr *t, int cpu)
{
	if (cpu < t->ncur)
		return;
	t->cur = xrealloc(t->cur, (cpu + 1) * sizeof(*t->cur));
	while (t->ncur <= cpu)
		t->cur[t->ncur++] = -1;
	if (t->m->ncpus < t->ncur)
		t->m->ncpus = t->ncur;
}

static void on_switch(struct tr *t, const struct ctfr_event *ev)
{
	int64_t prev = -1, next = -1, state = 0;
	const struct ctfr_val *pc = gets(ev, "prev_comm"), *nc = gets(ev, "next_comm");
	struct th *p, *n;

	geti(ev, "prev_tid", "prev_pid", &prev);
	geti(ev, "next_tid", "next_pid", &next);
	geti(ev, "prev_state", NULL, &state);
	/*
	 * A recording filtered to some processes misses the switches
	 * between threads it does not trace: the thread last seen coming
	 * on this CPU, if it is not the one leaving, stopped running here
	 * at some time before this, and is not known to run from now on.
	 */
	if (ev->cpu >= 0 && t->cur[ev->cpu] > 0 && t->cur[ev->cpu] != prev) {
		struct th *o = find(t, t->cur[ev->cpu], true);

		if (o->state == ST_RUNNING && o->cpu == ev->cpu)
			set_state(t, o, ST_UNKNOWN, ev->ts, -1);
	}
	if (prev > 0) {
		p = find(t, prev, true);
		if (pc)
			set_comm(p, pc->str, pc->len);
		if (p->state == ST_RUNNING)
			p->switches++;
		p->blocked_in_sys = p->in_sys;
		p->blocked_sys = p->sys_name;
		/* TASK_REPORT: X (0x10) and Z (0x20) end the thread. */
		set_state(t, p, state & 0x30 ? ST_DEAD : (state & 0xff) ? ST_BLOCKED :
			  ST_RUNNABLE, ev->ts, -1);
	}
	if (next > 0) {
		n = find(t, next, true);
		if (nc)
			set_comm(n, nc->str, nc->len);
		set_state(t, n, ST_RUNNING, ev->ts, ev->cpu);
	}
	if (ev->cpu >= 0)
		t->cur[ev->cpu] = next;
}

static void on_event(struct tr *t, const struct ctfr_event *ev, struct buf *scratch)
{
	const char *name = ev->name;
	enum ek k;
	int64_t tid, v;
	struct th *h;
	int cur;

	if (ev->cpu >= 0)
		grow_cpus(t, ev->cpu);
	if (!t->started) {
		t->t0 = ev->ts;
		t->started = true;
		/* Threads found running by the first pass ran since the start. */
		for (int c = 0; c < t->ncur; c++)
			if (t->cur[c] > 0) {
				h = find(t, t->cur[c], true);
				if (h->state == ST_UNKNOWN) {
					h->state = ST_RUNNING;
					h->since = ev->ts;
					h->cpu = c;
				}
			}
	}
	t->last = ev->ts;
	if (ev->kind == CTFR_EV_DISCARDED) {
		char num[48];
		int n = snprintf(num, sizeof(num), "{\"lost\":%llu}",
				 (unsigned long long)ev->discarded);

		t->m->lost += ev->discarded;
		add_slice(t, ev->ts, ev->ts, -1, ev->cpu, RP_LOST, t->n_lost,
			  t->keep ? keep_text(t->m, num, n) : -1);
		return;
	}
	t->m->events++;
	k = ev_kind(t, name);
	cur = event_tid(t, ev);
	ctx_thread(t, ev, k);
	if (k == EK_SWITCH) {
		on_switch(t, ev);
		return;
	}
	if (k == EK_WAKEUP) {
		if (geti(ev, "tid", "pid", &tid) && tid > 0) {
			const struct ctfr_val *c = gets(ev, "comm");

			h = find(t, tid, true);
			if (c)
				set_comm(h, c->str, c->len);
			if (h->state == ST_BLOCKED || h->state == ST_UNKNOWN)
				set_state(t, h, ST_RUNNABLE, ev->ts, -1);
		}
	} else if (k == EK_FORK) {
		const struct ctfr_val *c = gets(ev, "child_comm");
		int64_t pid;

		if (geti(ev, "child_tid", "child_pid", &tid) && tid > 0) {
			h = find(t, tid, true);
			if (c)
				set_comm(h, c->str, c->len);
			if (geti(ev, "child_pid", NULL, &pid) && pid > 0)
				h->pid = pid;
		}
		if (geti(ev, "parent_tid", NULL, &tid) && tid > 0 &&
		    geti(ev, "parent_pid", NULL, &pid) && pid > 0)
			find(t, tid, true)->pid = pid;
	} else if (k == EK_EXEC) {
		const struct ctfr_val *f = gets(ev, "filename");

		if (f && geti(ev, "tid", "pid", &tid) && tid > 0) {
			const char *base = memrchr(f->str, '/', f->len);
			size_t off = base ? (size_t)(base + 1 - f->str) : 0;
			size_t len = f->len - off;

			/* The kernel keeps TASK_COMM_LEN - 1 bytes of the name. */
			set_comm(find(t, tid, true), f->str + off, len > 15 ? 15 : len);
		}
	} else if (k == EK_DUMP_PROCESS) {
		const struct ctfr_val *c = gets(ev, "name");

		if (geti(ev, "tid", NULL, &tid) && tid > 0) {
			h = find(t, tid, true);
			if (c)
				set_comm(h, c->str, c->len);
			if (ctfr_field_int(ev, "pid", &v) && v > 0)
				h->pid = v;
			if (ctfr_field_int(ev, "status", &v) && v == LT_WAIT &&
			    h->state == ST_UNKNOWN)
				set_state(t, h, ST_BLOCKED, ev->ts, -1);
		}
	}
	if (k == EK_SYS_ENTRY) {
		if (cur <= 0)
			return;
		h = find(t, cur, true);
		if (h->in_sys && t->keep) {
			/* No exit seen: the slice ends where the next entry starts. */
			scratch->len = 0;
			put_sys_json(scratch, h);
			buf_puts(scratch, "\"exit\":\"not seen\"}");
			add_slice(t, h->sys_start, ev->ts, h->tid, ev->cpu, RP_SYSCALL,
				  h->sys_name, keep_text(t->m, scratch->p, scratch->len));
		}
		h->in_sys = true;
		h->syscalls++;
		h->sys_name = intern(t, name + 14);
		h->sys_start = ev->ts;
		h->sys_json.len = 0;
		if (t->keep)
			json_args_open(&h->sys_json, ev);
		return;
	}
	if (k == EK_SYS_EXIT) {
		if (cur <= 0)
			return;
		h = find(t, cur, true);
		if (h->in_sys && t->keep) {
			scratch->len = 0;
			if (ctfr_field_int(ev, "ret", &v)) {
				put_sys_json(scratch, h);
				buf_puts(scratch, "\"ret\":");
				buf_put_sdec(scratch, v);
			} else {
				buf_put(scratch, h->sys_json.len ? h->sys_json.p : "{",
					h->sys_json.len ? h->sys_json.len : 1);
			}
			json_exit_args(scratch, ev);
			buf_put(scratch, "}", 1);
			add_slice(t, h->sys_start, ev->ts, h->tid, ev->cpu, RP_SYSCALL,
				  h->sys_name, keep_text(t->m, scratch->p, scratch->len));
		}
		h->in_sys = false;
		h->sys_json.len = 0;
		return;
	}
	/* -g: a call is a slice from its exit, which has both times. */
	if (k == EK_FG_ENTRY)
		return;
	if (k == EK_FG_EXIT) {
		const struct ctfr_val *f = gets(ev, "name");
		int64_t call, ret;
		char fn[128];

		if (cur <= 0 || !t->keep || !f || !ctfr_field_int(ev, "calltime", &call) ||
		    !ctfr_field_int(ev, "rettime", &ret) || ret < call)
			return;
		snprintf(fn, sizeof(fn), "%.*s", (int)f->len, f->str);
		json_args_open(scratch, ev);
		buf_put(scratch, "}", 1);
		add_slice(t, (uint64_t)call, (uint64_t)ret, cur, ev->cpu, RP_FUNC,
			  intern(t, fn), keep_text(t->m, scratch->p, scratch->len));
		return;
	}
	if (t->keep && k != EK_DUMP_EDGE) {
		json_args_open(scratch, ev);
		buf_put(scratch, "}", 1);
		add_slice(t, ev->ts, ev->ts, cur > 0 ? cur : -1, ev->cpu, RP_INSTANT,
			  intern(t, name), keep_text(t->m, scratch->p, scratch->len));
	}
}

/* Ends every state and syscall still open at the trace's last event. */
static void finish_model(struct tr *t)
{
	struct rp_model *m = t->m;
	size_t i;

	for (i = 0; i < t->cap; i++) {
		struct th *h = &t->th[i];

		if (!h->used)
			continue;
		close_state(t, h, t->last);
		h->state = ST_UNKNOWN;
		if (h->in_sys && t->keep) {
			struct buf b = { 0 };

			put_sys_json(&b, h);
			buf_puts(&b, "\"exit\":\"after the end\"}");
			add_slice(t, h->sys_start, t->last, h->tid, -1, RP_SYSCALL, h->sys_name,
				  keep_text(m, b.p, b.len));
			buf_free(&b);
		}
	}
	m->t0 = t->t0;
	m->t1 = t->last;
	if (!t->keep)
		return;
	m->threads = xcalloc(t->n ? t->n : 1, sizeof(*m->threads));
	for (i = 0; i < t->cap; i++) {
		struct th *h = &t->th[i];
		struct rp_thread *o;

		if (!h->used)
			continue;
		o = &m->threads[m->nthreads++];
		o->tid = h->tid;
		o->pid = h->pid;
		snprintf(o->comm, sizeof(o->comm), "%s", h->comm[0] ? h->comm : "<...>");
	}
}

static void tr_init(struct tr *t, struct rp_model *m, bool keep)
{
	memset(t, 0, sizeof(*t));
	memset(m, 0, sizeof(*m));
	t->m = m;
	t->keep = keep;
	t->n_running = intern(t, "running");
	t->n_runnable = intern(t, "runnable");
	t->n_blocked = intern(t, "blocked");
	t->n_lost = intern(t, "lost events");
}

static void tr_free(struct tr *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++) {
		buf_free(&t->th[i].sys_json);
		free(t->th[i].bl);
	}
	free(t->th);
	free(t->cur);
	free(t->hash);
}

static void model_free(struct rp_model *m)
{
	uint32_t i;

	for (i = 0; i < m->nnames; i++)
		free(m->names[i]);
	free(m->names);
	free(m->s);
	free(m->threads);
	buf_free(&m->text);
}

/* ---- the first pass: who ran on each CPU before its first switch ---- */

struct pre {
	struct tr *t;
	int known, want;
};

static int pre_fn(const struct ctfr_event *ev, void *arg)
{
	struct pre *p = arg;
	int64_t prev;
	const struct ctfr_val *c;

	if (ev->kind != CTFR_EV_EVENT || ev->cpu < 0 || ev_kind(p->t, ev->name) != EK_SWITCH)
		return 0;
	grow_cpus(p->t, ev->cpu);
	if (p->t->cur[ev->cpu] != -1)
		return 0;
	if (!geti(ev, "prev_tid", "prev_pid", &prev))
		return 0;
	p->t->cur[ev->cpu] = prev;
	if (prev > 0 && (c = gets(ev, "prev_comm")))
		set_comm(find(p->t, prev, true), c->str, c->len);
	/* Positive: stop the walk, every CPU is known. */
	return ++p->known >= p->want ? 1 : 0;
}

/* ---- report's lines ---- */

static const char *const softirqs[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET",
	"SCHED", "HRTIMER", "RCU",
};

static void put_val(struct buf *b, const struct ctfr_event *ev, uint32_t i, bool quote)
{
	const struct ctfr_val *v = &ev->vals[i];
	const struct ctfr_int_info *ii;
	uint32_t j, k;

	switch (v->kind) {
	case CTFR_INT:
	case CTFR_ENUM:
		ii = ctfr_int_info(v->type);
		if (v->kind == CTFR_ENUM && v->str)
			buf_printf(b, "%.*s", (int)v->len, v->str);
		else if (ii && ii->base == 16)
			buf_put_hex(b, v->u);
		else if (ii && ii->sign)
			buf_put_sdec(b, v->s);
		else
			buf_put_udec(b, v->u, 0);
		break;
	case CTFR_FLOAT:
		buf_printf(b, "%g", v->f);
		break;
	case CTFR_STRING:
		if (quote)
			rp_json_str(b, v->str, v->len);
		else
			buf_printf(b, "%.*s", (int)v->len, v->str);
		break;
	default:
		buf_put(b, "{", 1);
		for (j = i + 1, k = 0; k < v->n; k++) {
			if (k)
				buf_put(b, ",", 1);
			if (ev->vals[j].name)
				buf_printf(b, "%s=", ev->vals[j].name);
			put_val(b, ev, j, quote);
			j = ev->vals[j].end;
		}
		buf_put(b, "}", 1);
	}
}

/* " name=value ..." of the payload, as ftrace prints a format it has no rule for. */
static void put_fields(struct buf *b, const struct ctfr_event *ev, bool quote)
{
	const struct ctfr_val *p;
	uint32_t j, k;

	if (ev->payload < 0)
		return;
	p = &ev->vals[ev->payload];
	for (j = ev->payload + 1, k = 0; k < p->n; k++) {
		const struct ctfr_val *c = &ev->vals[j];

		buf_put(b, " ", 1);
		if (c->name)
			buf_put(b, c->name, strlen(c->name));
		buf_put(b, "=", 1);
		put_val(b, ev, j, quote);
		j = c->end;
	}
}

static const char *sv(const struct ctfr_event *ev, const char *name, int *len)
{
	const struct ctfr_val *v = gets(ev, name);

	*len = v ? (int)v->len : 0;
	return v ? v->str : "";
}

static long long iv(const struct ctfr_event *ev, const char *a, const char *b)
{
	int64_t v = 0;

	geti(ev, a, b, &v);
	return v;
}

/* prev_state as the kernel's sched_switch format prints it. */
static void put_state(struct buf *b, int64_t s)
{
	static const char flags[] = "SDTtXZPI";
	int64_t bits = s & 0xff;
	bool any = false;
	int i;

	if (!bits)
		buf_put(b, "R", 1);
	for (i = 0; i < 8; i++)
		if (bits & (1 << i)) {
			if (any)
				buf_put(b, "|", 1);
			buf_put(b, &flags[i], 1);
			any = true;
		}
	if (s & 0x100)
		buf_put(b, "+", 1);
}

/* The line's event name and text: ftrace's formats for the events it has. */
static void format_event(struct buf *b, const struct ctfr_event *ev, enum ek k)
{
	const char *n = ev->name;
	const char *s1, *s2;
	int l1, l2;

	if (k == EK_SWITCH) {
		s1 = sv(ev, "prev_comm", &l1);
		s2 = sv(ev, "next_comm", &l2);
		buf_printf(b, "sched_switch: prev_comm=%.*s prev_pid=%lld prev_prio=%lld prev_state=",
			   l1, s1, iv(ev, "prev_tid", "prev_pid"), iv(ev, "prev_prio", NULL));
		put_state(b, iv(ev, "prev_state", NULL));
		buf_printf(b, " ==> next_comm=%.*s next_pid=%lld next_prio=%lld", l2, s2,
			   iv(ev, "next_tid", "next_pid"), iv(ev, "next_prio", NULL));
	} else if (k == EK_WAKEUP) {
		s1 = sv(ev, "comm", &l1);
		buf_printf(b, "%s: comm=%.*s pid=%lld prio=%lld target_cpu=%03lld", n, l1, s1,
			   iv(ev, "tid", "pid"), iv(ev, "prio", NULL), iv(ev, "target_cpu", NULL));
	} else if (k == EK_FORK) {
		s1 = sv(ev, "parent_comm", &l1);
		s2 = sv(ev, "child_comm", &l2);
		buf_printf(b, "%s: comm=%.*s pid=%lld child_comm=%.*s child_pid=%lld", n, l1, s1,
			   iv(ev, "parent_tid", "parent_pid"), l2, s2,
			   iv(ev, "child_tid", "child_pid"));
	} else if (k == EK_EXEC) {
		s1 = sv(ev, "filename", &l1);
		buf_printf(b, "%s: filename=%.*s pid=%lld old_pid=%lld", n, l1, s1,
			   iv(ev, "tid", "pid"), iv(ev, "old_tid", "old_pid"));
	} else if (k == EK_EXIT) {
		s1 = sv(ev, "comm", &l1);
		buf_printf(b, "%s: comm=%.*s pid=%lld prio=%lld", n, l1, s1,
			   iv(ev, "tid", "pid"), iv(ev, "prio", NULL));
	} else if (k == EK_MIGRATE) {
		s1 = sv(ev, "comm", &l1);
		buf_printf(b, "%s: comm=%.*s pid=%lld prio=%lld orig_cpu=%lld dest_cpu=%lld", n,
			   l1, s1, iv(ev, "tid", "pid"), iv(ev, "prio", NULL),
			   iv(ev, "orig_cpu", NULL), iv(ev, "dest_cpu", NULL));
	} else if (k == EK_IRQ_ENTRY) {
		s1 = sv(ev, "name", &l1);
		buf_printf(b, "%s: irq=%lld name=%.*s", n, iv(ev, "irq", NULL), l1, s1);
	} else if (k == EK_IRQ_EXIT) {
		buf_printf(b, "%s: irq=%lld ret=%s", n, iv(ev, "irq", NULL),
			   iv(ev, "ret", NULL) ? "handled" : "unhandled");
	} else if (k == EK_SOFTIRQ) {
		long long vec = iv(ev, "vec", NULL);

		buf_printf(b, "softirq_%s: vec=%lld [action=%s]", n + 12, vec,
			   vec >= 0 && vec < (long long)ARRAY_SIZE(softirqs) ? softirqs[vec] : "?");
	} else if (k == EK_SYS_ENTRY) {
		/* trace-cmd's names; the arguments decoded, strings quoted. */
		buf_puts(b, "sys_enter_");
		buf_puts(b, n + 14);
		buf_put(b, ":", 1);
		put_fields(b, ev, true);
	} else if (k == EK_SYS_EXIT) {
		buf_puts(b, "sys_exit_");
		buf_puts(b, n + 13);
		buf_put(b, ":", 1);
		put_fields(b, ev, true);
	} else {
		buf_puts(b, n);
		buf_put(b, ":", 1);
		put_fields(b, ev, false);
	}
}

struct report {
	struct tr t;
	struct buf line, scratch;
	FILE *out;
	bool lines;
	struct fg *fg;		/* the function graph's text, or NULL */
};


/*
 * "%16s-%-5d [%03d] %5llu.%06llu: " by hand: printf's parsing costs more
 * than the rest of a line.
 */
/*
 * The thread ftrace gives an event's line (a switch is the previous
 * thread's), and its command: NULL where unknown.
 */
static int line_thread(struct tr *t, const struct ctfr_event *ev, const char **comm)
{
	const struct ctfr_val *c;
	int tid = event_tid(t, ev);
	struct th *h;

	if (ev_kind(t, ev->name) == EK_SWITCH) {
		int64_t p;

		if (geti(ev, "prev_tid", "prev_pid", &p))
			tid = p;
	}
	*comm = NULL;
	if (tid == 0)
		*comm = "<idle>";
	else if (tid > 0 && tid == ctx_tid(ev) && (c = ctx_val(ev, "procname")) &&
		 c->kind == CTFR_STRING && c->len)
		*comm = c->str;
	else if (tid > 0 && (h = find(t, tid, false)) && h->comm[0])
		*comm = h->comm;
	return tid;
}

static void put_prefix(struct report *r, const struct ctfr_event *ev)
{
	static const char spaces[] = "                ";
	struct tr *t = &r->t;
	const char *comm;
	int tid = line_thread(t, ev, &comm);
	struct buf *b = &r->line;
	uint64_t secs = ev->ts / 1000000000;
	size_t n, start;

	if (!comm)
		comm = "<...>";
	n = strlen(comm);
	if (n < 16)
		buf_put(b, spaces, 16 - n);
	buf_put(b, comm, n);
	buf_put(b, "-", 1);
	start = b->len;
	if (tid < 0)
		buf_put(b, "?", 1);
	else
		buf_put_udec(b, tid, 0);
	if (b->len - start < 5)
		buf_put(b, spaces, 5 - (b->len - start));
	buf_put(b, " [", 2);
	buf_put_udec(b, ev->cpu < 0 ? 0 : ev->cpu, 3);
	buf_put(b, "] ", 2);
	start = b->len;
	buf_put_udec(b, secs, 0);
	if (b->len - start < 5) {
		/* Right-aligned in five columns. */
		size_t len = b->len - start;

		buf_put(b, spaces, 5 - len);
		memmove(b->p + start + 5 - len, b->p + start, len);
		memset(b->p + start, ' ', 5 - len);
	}
	buf_put(b, ".", 1);
	buf_put_udec(b, ev->ts % 1000000000 / 1000, 6);
	buf_put(b, ": ", 2);
}

/* A line of the function graph's text (fgraph.h) for ev. */
static void graph_event(struct report *r, const struct ctfr_event *ev)
{
	struct fg_thread th;
	const char *func;
	char addr[24];
	int64_t depth = 0, call = 0, ret = 0, ip = 0;
	enum ek k;

	if (ev->kind == CTFR_EV_DISCARDED) {
		r->line.len = 0;
		buf_printf(&r->line, "CPU:%d [LOST %llu EVENTS]", ev->cpu,
			   (unsigned long long)ev->discarded);
		buf_put(&r->line, "", 1);
		fg_line(r->fg, r->line.p);
		return;
	}
	k = ev_kind(&r->t, ev->name);
	if (k == EK_DUMP_PROCESS || k == EK_DUMP_EDGE || k == EK_DUMP)
		return;
	if (ev->cpu >= 0)
		grow_cpus(&r->t, ev->cpu);
	th.tid = line_thread(&r->t, ev, &th.comm);
	if (k == EK_FG_ENTRY || k == EK_FG_EXIT) {
		func = ctfr_field_str(ev, "name");
		if (!func) {
			ctfr_field_int(ev, "func", &ip);
			snprintf(addr, sizeof(addr), "0x%llx", (unsigned long long)ip);
			func = addr;
		}
		ctfr_field_int(ev, "depth", &depth);
		if (k == EK_FG_ENTRY) {
			fg_entry(r->fg, ev->cpu, &th, func, (uint32_t)depth);
			return;
		}
		ctfr_field_int(ev, "calltime", &call);
		ctfr_field_int(ev, "rettime", &ret);
		fg_exit(r->fg, ev->cpu, &th, func, (uint32_t)depth, (uint64_t)call,
			(uint64_t)ret);
		return;
	}
	r->line.len = 0;
	format_event(&r->line, ev, k);
	buf_put(&r->line, "", 1);
	fg_comment(r->fg, ev->cpu, &th, r->line.p);
}

/*
 * Lines gather in r->line and leave in writes of about LINES_BATCH
 * bytes: a call into stdio per line cost a tenth of the report's time.
 */
#define LINES_BATCH (64 << 10)

static int flush_lines(struct report *r)
{
	size_t n = r->line.len;

	r->line.len = 0;
	return fwrite(r->line.p, 1, n, r->out) == n ? 0 : -EIO;
}

static int report_fn(const struct ctfr_event *ev, void *arg)
{
	struct report *r = arg;

	if (r->fg) {
		graph_event(r, ev);
		r->line.len = 0;
		fg_take(r->fg, &r->line);
		if (fwrite(r->line.p, 1, r->line.len, r->out) != r->line.len)
			return -EIO;
	} else if (r->lines) {
		if (ev->kind == CTFR_EV_DISCARDED) {
			buf_printf(&r->line, "CPU:%d [LOST %llu EVENTS]\n", ev->cpu,
				   (unsigned long long)ev->discarded);
		} else {
			if (ev->cpu >= 0)
				grow_cpus(&r->t, ev->cpu);
			put_prefix(r, ev);
			format_event(&r->line, ev, ev_kind(&r->t, ev->name));
			buf_put(&r->line, "\n", 1);
		}
		if (r->line.len >= LINES_BATCH && flush_lines(r))
			return -EIO;
	}
	on_event(&r->t, ev, &r->scratch);
	return 0;
}

/* ---- --summary ---- */

static int cmp_th(const void *a, const void *b)
{
	const struct th *x = *(const struct th *const *)a, *y = *(const struct th *const *)b;

	if (x->run != y->run)
		return x->run > y->run ? -1 : 1;
	return x->tid - y->tid;
}

static int cmp_blk(const void *a, const void *b)
{
	const struct blk *x = a, *y = b;

	return x->ns == y->ns ? 0 : x->ns > y->ns ? -1 : 1;
}

/* Seconds of ns as the summary prints them, in b (at least 16 bytes). */
static const char *secs(char *b, size_t len, uint64_t ns)
{
	snprintf(b, len, "%llu.%06llu", (unsigned long long)(ns / 1000000000),
		 (unsigned long long)(ns % 1000000000 / 1000));
	return b;
}

/*
 * Per thread: time running, runnable and blocked, switches, syscalls and
 * the syscalls it blocked in.  A trace without sched_switch (sched not
 * recorded) knows none of the times: they print as "-".
 */
static void print_summary(struct tr *t, bool sched, FILE *f)
{
	struct th **v = xcalloc(t->n ? t->n : 1, sizeof(*v));
	size_t i, n = 0;
	uint64_t span = t->last - t->t0;
	int w = 16;
	char b[3][32];

	for (i = 0; i < t->cap; i++)
		if (t->th[i].used && t->th[i].tid > 0 &&
		    (sched ? t->th[i].run || t->th[i].runnable || t->th[i].blocked ||
			     t->th[i].syscalls : t->th[i].syscalls || t->th[i].events))
			v[n++] = &t->th[i];
	qsort(v, n, sizeof(*v), cmp_th);
	for (i = 0; i < n; i++)
		if ((int)strlen(v[i]->comm) > w)
			w = (int)strlen(v[i]->comm);
	fprintf(f, "%zu threads over %s s; times in seconds, \"blocked in\": the syscall a thread slept in (\"-\": none)\n",
		n, secs(b[0], sizeof(b[0]), span));
	if (!sched)
		fprintf(f, "no sched_switch events in the trace (record -e sched): times and switches unknown\n");
	fprintf(f, "%8s %8s %-*s %12s %12s %12s %9s %9s  %s\n", "TID", "PID", w, "COMM",
		"RUNNING", "RUNNABLE", "BLOCKED", "SWITCHES", "SYSCALLS", "BLOCKED IN");
	for (i = 0; i < n; i++) {
		struct th *h = v[i];
		int k;

		if (!sched) {
			fprintf(f, "%8d %8d %-*s %12s %12s %12s %9s %9llu  -\n", h->tid, h->pid,
				w, h->comm[0] ? h->comm : "<...>", "-", "-", "-", "-",
				(unsigned long long)h->syscalls);
			continue;
		}
		fprintf(f, "%8d %8d %-*s %12s %12s %12s %9llu %9llu  ", h->tid, h->pid,
			w, h->comm[0] ? h->comm : "<...>",
			secs(b[0], sizeof(b[0]), h->run),
			secs(b[1], sizeof(b[1]), h->runnable),
			secs(b[2], sizeof(b[2]), h->blocked),
			(unsigned long long)h->switches, (unsigned long long)h->syscalls);
		if (h->nbl)
			qsort(h->bl, h->nbl, sizeof(*h->bl), cmp_blk);
		for (k = 0; k < h->nbl; k++)
			fprintf(f, "%s%s %s (%llu)", k ? ", " : "",
				h->bl[k].name == t->n_blocked ? "-" : t->m->names[h->bl[k].name],
				secs(b[0], sizeof(b[0]), h->bl[k].ns),
				(unsigned long long)h->bl[k].n);
		fputc('\n', f);
	}
	free(v);
}

/* ---- the commands ---- */

/* Opens dir and runs the first pass; NULL after saying why. */
static struct ctfr *open_trace(const char *cmd, const char *dir, struct tr *t)
{
	struct ctfr *r = ctfr_new();
	struct pre p = { .t = t };
	int err;

	err = ctfr_open(r, dir);
	if (!err) {
		p.want = ctfr_nstreams(r);
		err = p.want ? ctfr_read(r, pre_fn, &p) : 0;
		if (err > 0)
			err = 0;
	}
	if (err) {
		fprintf(stderr, "ferret %s: %s\n", cmd, ctfr_error(r));
		ctfr_free(r);
		return NULL;
	}
	return r;
}

static void report_usage(FILE *f)
{
	fprintf(f,
"usage: ferret report [--summary | -g | --no-graph] [-o FILE] TRACE_DIR\n"
"\n"
"Prints a recorded trace (CTF, as ferret record writes it) one event a\n"
"line in ftrace's text format: COMM-TID [CPU] SECONDS: EVENT: FIELDS.\n"
"\n"
"options:\n"
"  -s, --summary  per thread: time running, runnable and blocked (and the\n"
"                 syscalls it blocked in), switches and syscalls\n"
"  -g, --graph    ftrace's function_graph text: the calls ferret record -g\n"
"                 recorded, nested, with their durations, other events as\n"
"                 comments (the default for a trace with such calls)\n"
"  --no-graph     one line an event even for a trace with such calls\n"
"  -o FILE        write to FILE (default: standard output)\n"
"  -h, --help     this text\n");
}

static FILE *open_out(const char *cmd, const char *path)
{
	FILE *f;

	if (!path || !strcmp(path, "-"))
		return stdout;
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "ferret %s: %s: %s\n", cmd, path, strerror(errno));
	return f;
}

static int close_out(const char *cmd, const char *path, FILE *f)
{
	int bad = ferror(f);

	if (f == stdout)
		bad |= fflush(f);
	else
		bad |= fclose(f);
	if (bad) {
		fprintf(stderr, "ferret %s: writing %s: %s\n", cmd,
			f == stdout ? "the output" : path, strerror(errno ? errno : EIO));
		return 1;
	}
	return 0;
}

int rp_report_main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "summary", no_argument, NULL, 's' },
		{ "graph", no_argument, NULL, 'g' },
		{ "no-graph", no_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report rep;
	struct rp_model m;
	const char *out = NULL;
	bool summary = false, graph = false, no_graph = false;
	struct ctfr *r;
	int opt, err, ret = 1;

	optind = 0;
	while ((opt = getopt_long(argc, argv, "sgo:h", lo, NULL)) != -1) {
		switch (opt) {
		case 's':
			summary = true;
			break;
		case 'g':
			graph = true;
			break;
		case 'N':
			no_graph = true;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			report_usage(stdout);
			return 0;
		default:
			report_usage(stderr);
			return 1;
		}
	}
	if (optind != argc - 1 || (summary && graph) || (graph && no_graph)) {
		report_usage(stderr);
		return 1;
	}
	memset(&rep, 0, sizeof(rep));
	tr_init(&rep.t, &m, false);
	rep.lines = !summary;
	r = open_trace("report", argv[optind], &rep.t);
	if (!r)
		goto out;
	rep.out = open_out("report", out);
	if (!rep.out)
		goto out;
	setvbuf(rep.out, NULL, _IOFBF, 1 << 16);
	if (!summary && (graph || (!no_graph && ctfr_has_class(r, "funcgraph_entry")))) {
		rep.fg = fg_new(ctfr_nstreams(r));
		rep.line.len = 0;
		fg_header(&rep.line);
		fwrite(rep.line.p, 1, rep.line.len, rep.out);
	} else if (rep.lines)
		fprintf(rep.out, "# tracer: nop\n#\n# ferret report of %s: %d CPUs\n#\n",
			argv[optind], ctfr_nstreams(r));
	err = ctfr_read(r, report_fn, &rep);
	if (!rep.fg && rep.lines && flush_lines(&rep) && !err)
		err = -EIO;
	if (err) {
		/* A failed write is close_out()'s to tell, with the path. */
		if (err != -EIO)
			fprintf(stderr, "ferret report: %s\n", ctfr_error(r));
		close_out("report", out, rep.out);
		goto out;
	}
	if (rep.fg) {
		fg_finish(rep.fg);
		rep.line.len = 0;
		fg_take(rep.fg, &rep.line);
		fwrite(rep.line.p, 1, rep.line.len, rep.out);
	}
	finish_model(&rep.t);
	if (summary)
		print_summary(&rep.t, ctfr_has_class(r, "sched_switch"), rep.out);
	ret = close_out("report", out, rep.out);
	if (!ret && ctfr_discarded(r))
		fprintf(stderr, "ferret report: the trace lost %llu events\n",
			(unsigned long long)ctfr_discarded(r));
out:
	fg_free(rep.fg);
	buf_free(&rep.line);
	buf_free(&rep.scratch);
	tr_free(&rep.t);
	model_free(&m);
	ctfr_free(r);
	return ret;
}

struct build {
	struct tr t;
	struct buf scratch;
};

static int build_fn(const struct ctfr_event *ev, void *arg)
{
	struct build *b = arg;

	on_event(&b->t, ev, &b->scratch);
	return 0;
}

/* Reads dir into m; 0, or 1 after saying why. */
static int build_model(const char *cmd, const char *dir, struct rp_model *m,
		       struct ctfr **rp)
{
	struct build b;
	struct ctfr *r;
	const char *host;
	int err;

	memset(&b, 0, sizeof(b));
	tr_init(&b.t, m, true);
	r = open_trace(cmd, dir, &b.t);
	if (!r) {
		tr_free(&b.t);
		return 1;
	}
	err = ctfr_read(r, build_fn, &b);
	if (err) {
		fprintf(stderr, "ferret %s: %s\n", cmd, ctfr_error(r));
		tr_free(&b.t);
		buf_free(&b.scratch);
		ctfr_free(r);
		return 1;
	}
	finish_model(&b.t);
	m->clock_offset = ctfr_clock_offset(r);
	host = ctfr_env(r, "hostname");
	m->hostname = host ? host : "";
	if (m->ncpus < ctfr_nstreams(r))
		m->ncpus = ctfr_nstreams(r);
	tr_free(&b.t);
	buf_free(&b.scratch);
	*rp = r;
	return 0;
}

/*
 * The trace in dir, read into its model and written to out by write
 * (arg passed on): the exit status, after saying what went wrong.
 */
static int render(const char *cmd, const char *dir, const char *out,
		  void (*write)(FILE *f, const struct rp_model *m, const void *arg),
		  const void *arg)
{
	struct ctfr *r = NULL;
	struct rp_model m;
	int ret = 1;
	FILE *f;

	if (build_model(cmd, dir, &m, &r)) {
		model_free(&m);
		return 1;
	}
	f = open_out(cmd, out);
	if (f) {
		write(f, &m, arg);
		ret = close_out(cmd, out, f);
	}
	model_free(&m);
	ctfr_free(r);
	return ret;
}

static void write_chrome(FILE *f, const struct rp_model *m, const void *arg)
{
	chrome_write(f, m);
}

static void write_timeline(FILE *f, const struct rp_model *m, const void *arg)
{
	timeline_write(f, m, arg);
}

static void convert_usage(FILE *f)
{
	fprintf(f,
"usage: ferret convert TRACE_DIR [-f chrome] [-o FILE]\n"
"\n"
"Converts a recorded trace to the Chrome trace-event JSON that\n"
"chrome://tracing, Perfetto UI and catapult open: a track per CPU with\n"
"the threads that ran, a track per thread with its syscalls, instant\n"
"events for the rest, process and thread names.\n"
"\n"
"options:\n"
"  -f FORMAT      chrome (the only one so far)\n"
"  -o FILE        write to FILE (default: standard output)\n"
"  -h, --help     this text\n");
}

int rp_convert_main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *fmt = "chrome", *dir = NULL;
	int opt;

	optind = 0;
	/* getopt permutes: the directory may come before the options. */
	while ((opt = getopt_long(argc, argv, "f:o:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'f':
			fmt = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			convert_usage(stdout);
			return 0;
		default:
			convert_usage(stderr);
			return 1;
		}
	}
	if (optind == argc - 1)
		dir = argv[optind];
	if (!dir) {
		convert_usage(stderr);
		return 1;
	}
	if (strcmp(fmt, "chrome")) {
		fprintf(stderr, "ferret convert: unknown format '%s' (chrome is the one there is)\n", fmt);
		return 1;
	}
	return render("convert", dir, out, write_chrome, NULL);
}

static void timeline_usage(FILE *f)
{
	fprintf(f,
"usage: ferret timeline TRACE_DIR -o FILE.html [-t TITLE]\n"
"\n"
"Draws a recorded trace as one HTML file that works offline: a lane per\n"
"CPU with the threads that ran, a lane per thread with its running,\n"
"runnable, blocked and syscall slices, and markers for other events.\n"
"Zoom with the wheel or W/S, pan by dragging or with A/D, search, and\n"
"click a slice for its fields.\n"
"\n"
"options:\n"
"  -o FILE        write to FILE (\"-\": standard output)\n"
"  -t TITLE       the page's title (default: the directory's name)\n"
"  -h, --help     this text\n");
}

int rp_timeline_main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *dir = NULL, *title = NULL;
	int opt;

	optind = 0;
	while ((opt = getopt_long(argc, argv, "o:t:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'o':
			out = optarg;
			break;
		case 't':
			title = optarg;
			break;
		case 'h':
			timeline_usage(stdout);
			return 0;
		default:
			timeline_usage(stderr);
			return 1;
		}
	}
	if (optind == argc - 1)
		dir = argv[optind];
	if (!dir || !out) {
		if (dir)
			fprintf(stderr, "ferret timeline: -o FILE names the HTML file to write\n");
		timeline_usage(stderr);
		return 1;
	}
	return render("timeline", dir, out, write_timeline, title ? title : dir);
}
