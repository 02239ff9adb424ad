/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: the events of -e. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/perf_event.h>

#include "stat_ev.h"
#include "util.h"
#include "kernel/tracefs.h"
#include "providers/provider.h"

struct named {
	const char *name;
	uint32_t type;
	uint64_t config;
};

/* perf's names of the generic events (perf list), aliases included. */
static const struct named generic[] = {
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
	{ "bpf-output", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
	{ "cgroup-switches", PERF_TYPE_SOFTWARE, 11 },
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "idle-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "idle-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
};

/* The hardware cache events: CACHE-OP[-misses], as perf names them. */
static const char *const caches[] = {
	"L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node",
};
static const char *const cache_ops[][2] = {
	{ "loads", "load-misses" },
	{ "stores", "store-misses" },
	{ "prefetches", "prefetch-misses" },
};

int stat_ev_lookup(const char *name, uint32_t *type, uint64_t *config)
{
	size_t i, op, miss;

	for (i = 0; i < ARRAY_SIZE(generic); i++) {
		if (!strcmp(name, generic[i].name)) {
			*type = generic[i].type;
			*config = generic[i].config;
			return 0;
		}
	}
	for (i = 0; i < ARRAY_SIZE(caches); i++) {
		size_t cl = strlen(caches[i]);

		if (strncmp(name, caches[i], cl) || name[cl] != '-')
			continue;
		for (op = 0; op < ARRAY_SIZE(cache_ops); op++) {
			for (miss = 0; miss < 2; miss++) {
				if (strcmp(name + cl + 1, cache_ops[op][miss]))
					continue;
				*type = PERF_TYPE_HW_CACHE;
				*config = i | op << 8 |
					  (miss ? PERF_COUNT_HW_CACHE_RESULT_MISS :
					   PERF_COUNT_HW_CACHE_RESULT_ACCESS) << 16;
				return 0;
			}
		}
	}
	return -ENOENT;
}

static struct stat_event *add(struct stat_evlist *l, const char *name,
			      enum stat_kind kind)
{
	struct stat_event *e;

	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	e = &l->v[l->n++];
	memset(e, 0, sizeof(*e));
	e->name = xstrdup(name);
	e->kind = kind;
	e->supported = true;
	e->leader = -1;
	if (kind == STAT_BPF)
		l->nbpf++;
	return e;
}

/* The terminal's width, or 80, which perf's error messages fit in. */
static int term_width(void)
{
	const char *lines = getenv("LINES"), *cols = getenv("COLUMNS");
	struct winsize ws;

	if (lines && cols && atoi(lines) > 0 && atoi(cols) > 0)
		return atoi(cols);
	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_row && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/*
 * perf's words for an event it cannot parse: the whole -e text with a
 * caret at idx.  As perf's, a text that would push the caret past
 * column 13 loses its head to "..", and one wider than the terminal its
 * tail.
 */
static void syntax_error(const char *text, int idx, const char *why)
{
	static const char head[] = "event syntax error: ";
	int max = term_width() - 2 - (int)(sizeof(head) - 1);
	int cut = idx > 13 ? idx - 13 : 0, len = (int)strlen(text) - cut;
	char *shown = xstrdup(text + cut);

	if (max < 3)
		max = 3;
	if (cut)
		shown[0] = shown[1] = '.';
	if (len > max) {
		shown[max - 1] = shown[max - 2] = '.';
		shown[max] = '\0';
	}
	fprintf(stderr, "%s'%s'\n%*s\\___ %s\n", head, shown,
		(int)(sizeof(head) - 1) + idx - cut + 1, "", why);
	free(shown);
}

static void usage_hint(void)
{
	fprintf(stderr, "Run 'ferret -l' for a list of valid probes\n\n"
		" Usage: ferret stat [<options>] [<command>]\n\n"
		"    -e, --event <event>   event selector. use 'ferret -l' to list available probes\n");
}

/* An event being parsed: the whole -e text, for errors, and where it starts. */
struct spec {
	const char *text;
	int off;
};

static int parse_error(const struct spec *sp, int idx, const char *why)
{
	syntax_error(sp->text, sp->off + idx, why);
	usage_hint();
	return -EINVAL;
}

#define MOD_LETTERS "ukhpPGHSDIWeb"

/* Excludes all three of user, kernel, hv unless some already are. */
static void exclude_all(struct stat_mod *m)
{
	if (m->exclude_user || m->exclude_kernel || m->exclude_hv)
		return;
	m->exclude_user = m->exclude_kernel = m->exclude_hv = true;
}

/* Excludes both host and guest unless G or H decided them already. */
static void exclude_gh(struct stat_mod *m)
{
	if (m->gh)
		return;
	m->gh = m->exclude_host = m->exclude_guest = true;
}

int stat_ev_modifier(const char *mod, struct stat_mod *m)
{
	const char *c;

	/* A letter twice is an error, p excepted; so is a longer text. */
	if (strlen(mod) > strlen("ukhGHpppPSDIWeb"))
		return -EINVAL;
	for (c = mod; *c; c++) {
		if (!strchr(MOD_LETTERS, *c))
			return -EINVAL;
		if (*c != 'p' && strchr(c + 1, *c))
			return -EINVAL;
	}
	for (c = mod; *c; c++) {
		switch (*c) {
		case 'u':
			exclude_all(m);
			if (!m->gh)
				m->exclude_guest = true;
			m->exclude_user = false;
			break;
		case 'k':
			exclude_all(m);
			m->exclude_kernel = false;
			break;
		case 'h':
			exclude_all(m);
			m->exclude_hv = false;
			break;
		case 'G':
			exclude_gh(m);
			m->exclude_guest = false;
			break;
		case 'H':
			exclude_gh(m);
			m->exclude_host = false;
			break;
		case 'I':
			m->exclude_idle = true;
			break;
		case 'p':
			m->precise++;
			/* Precise sampling needs the guest excluded. */
			if (!m->gh)
				m->exclude_guest = true;
			break;
		case 'P':
			m->precise_max = true;
			break;
		case 'D':
			m->pinned = true;
			break;
		case 'e':
			m->exclusive = true;
			break;
		case 'W':
			m->weak = true;
			break;
		default:
			/* S (sample read) and b (BPF counters) change no count. */
			break;
		}
	}
	return m->precise > 3 ? -EINVAL : 0;
}

void stat_ev_mod_default(struct stat_mod *m)
{
	memset(m, 0, sizeof(*m));
	m->exclude_guest = true;
}

/*
 * The modifier after colon, the last ':' of the event at sp: in *m, or
 * perf's error at perf's column: "parser error" for what is no modifier,
 * "Bad modifier" for letters perf refuses.
 */
static int parse_mod(const struct spec *sp, const char *ev, const char *colon,
		     struct stat_mod *m)
{
	const char *mod = colon + 1;
	size_t n = strspn(mod, MOD_LETTERS);

	if (mod[n]) {
		int at = (int)(colon - ev);

		if (n && mod[n] == ':')
			at++;
		else if (n && (mod[n] == ' ' || mod[n] == '\t'))
			at += 1 + (int)n;
		return parse_error(sp, at, "parser error");
	}
	memset(m, 0, sizeof(*m));
	if (stat_ev_modifier(mod, m))
		return parse_error(sp, (int)(mod - ev), "Bad modifier");
	return 0;
}

/* events/CAT/EVENT/id, or -errno. */
static int tp_id(const char *events, const char *cat, const char *ev,
		 uint64_t *id)
{
	char *path = xasprintf("%s/%s/%s/id", events, cat, ev);
	char *text = util_read_file(path, NULL);
	int err = text ? 0 : -errno;

	free(path);
	if (text)
		*id = strtoull(text, NULL, 10);
	free(text);
	return err;
}

/*
 * The directory entries of dir matching glob, in the order the directory
 * lists them (perf's order of expansion), directories only.
 */
static int tp_dirs(const char *dir, const char *glob, struct vec *out)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || de->d_type != DT_DIR ||
		    !util_glob(glob, de->d_name))
			continue;
		vec_push(out, xstrdup(de->d_name));
	}
	closedir(d);
	return 0;
}

/* The tracepoints spec (CAT:EVENT, globs allowed) names, with modifier m. */
static int add_tracepoints(struct stat_evlist *l, const struct spec *sp,
			   const char *spec, const struct stat_mod *m)
{
	const char *colon = strchr(spec, ':');
	const char *root = tracefs_path();
	char *cat = xstrndup(spec, colon - spec), *events;
	struct vec cats = { 0 };
	int i, j, found = 0, err = 0;

	if (!root) {
		fprintf(stderr, "ferret stat: no tracefs: %s\n", strerror(errno));
		free(cat);
		return -ENOENT;
	}
	events = xasprintf("%s/events", root);
	if (util_has_glob(cat))
		tp_dirs(events, cat, &cats);
	else
		vec_push(&cats, xstrdup(cat));
	for (i = 0; i < cats.n; i++) {
		char *dir = xasprintf("%s/%s", events, (char *)cats.v[i]);
		struct vec evs = { 0 };

		if (util_has_glob(colon + 1))
			tp_dirs(dir, colon + 1, &evs);
		else
			vec_push(&evs, xstrdup(colon + 1));
		for (j = 0; j < evs.n; j++) {
			struct stat_event *e;
			uint64_t id = 0;
			char *name;

			if (tp_id(events, cats.v[i], evs.v[j], &id))
				continue;
			name = xasprintf("%s:%s", (char *)cats.v[i],
					 (char *)evs.v[j]);
			e = add(l, name, STAT_PERF);
			e->type = PERF_TYPE_TRACEPOINT;
			e->config = id;
			e->mod = *m;
			free(name);
			found++;
		}
		for (j = 0; j < evs.n; j++)
			free(evs.v[j]);
		vec_free(&evs);
		free(dir);
	}
	if (!found) {
		syntax_error(sp->text, 0, "unknown tracepoint");
		fprintf(stderr, "\nError:\tFile %s/%s/%s not found.\n"
			"Hint:\tPerhaps this kernel misses some CONFIG_ setting to enable this feature?.\n\n",
			events, cat, colon + 1);
		usage_hint();
		err = -EINVAL;
	}
	for (i = 0; i < cats.n; i++)
		free(cats.v[i]);
	vec_free(&cats);
	free(events);
	free(cat);
	return err;
}

static void add_probe(const char *name, void *arg)
{
	struct stat_evlist *l = arg;
	int i;

	/* A probe listed twice (aliases) is counted once. */
	for (i = 0; i < l->n; i++)
		if (l->v[i].kind == STAT_BPF && !strcmp(l->v[i].name, name))
			return;
	add(l, name, STAT_BPF);
}

static int add_probes(struct stat_evlist *l, const struct provider *p,
		      const struct spec *sp, const char *spec)
{
	const char *why = NULL;
	int before = l->n;

	/* The kernel's reason, such as no kprobes, or lockdown's refusal. */
	if (p->available && !p->available(&why))
		return parse_error(sp, 0, why ? why : "probe type not available on this kernel");
	if (!p->list)
		return parse_error(sp, 0, "probe type not available on this kernel");
	p->list(p, spec, add_probe, l);
	if (l->n == before)
		return parse_error(sp, 0, "no such probe");
	return 0;
}

/* A software, hardware or cache event of perf's, name as printed. */
static void add_perf(struct stat_evlist *l, const char *name, uint32_t type,
		     uint64_t config, const struct stat_mod *m)
{
	struct stat_event *e = add(l, name, STAT_PERF);

	e->type = type;
	e->config = config;
	e->mod = *m;
	e->clock = type == PERF_TYPE_SOFTWARE &&
		   (config == PERF_COUNT_SW_CPU_CLOCK ||
		    config == PERF_COUNT_SW_TASK_CLOCK);
}

/*
 * One event of -e, ev (the text at sp): NAME[:MOD] for perf's events,
 * CAT:EVENT[:MOD] for tracepoints, or a probe of ferret's.  perf names a
 * software or hardware event as written, modifier included, and a cache
 * event or tracepoint by its own name.
 */
static int add_one(struct stat_evlist *l, const struct spec *sp, const char *ev)
{
	const struct provider *p;
	const char *c1, *c2;
	struct stat_mod m;
	uint32_t type;
	uint64_t config;
	char *base;
	int err;

	stat_ev_mod_default(&m);
	if (!stat_ev_lookup(ev, &type, &config)) {
		add_perf(l, ev, type, config, &m);
		return 0;
	}
	c1 = strchr(ev, ':');
	if (!c1)
		return parse_error(sp, 0, "parser error");
	p = provider_find(ev);
	if (p && strcmp(p->name, "tracepoint"))
		return add_probes(l, p, sp, ev);
	if (p) {
		ev = c1 + 1;
		c1 = strchr(ev, ':');
		if (!c1)
			return parse_error(sp, 0, "parser error");
	}
	base = xstrndup(ev, c1 - ev);
	if (!stat_ev_lookup(base, &type, &config)) {
		err = parse_mod(sp, ev, c1, &m);
		if (!err)
			add_perf(l, type == PERF_TYPE_HW_CACHE ? base : ev, type,
				 config, &m);
		free(base);
		return err;
	}
	free(base);
	c2 = strchr(c1 + 1, ':');
	if (!c2) {
		/* perf reads NAME:MOD, and knows no event NAME. */
		if (c1[1] && strspn(c1 + 1, MOD_LETTERS) == strlen(c1 + 1))
			return parse_error(sp, (int)(c1 - ev), "parser error");
		return add_tracepoints(l, sp, ev, &m);
	}
	err = parse_mod(sp, ev, c2, &m);
	if (!err) {
		base = xstrndup(ev, c2 - ev);
		err = add_tracepoints(l, sp, base, &m);
		free(base);
	}
	return err;
}

/* The events of text (NUL-terminated, comma-separated), at off in sp's text. */
static int add_list(struct stat_evlist *l, const struct spec *sp, char *text)
{
	char *save = NULL, *tok;
	struct spec at = *sp;
	int err = 0;

	for (tok = strtok_r(text, ",", &save); tok && !err;
	     tok = strtok_r(NULL, ",", &save)) {
		at.off = sp->off + (int)(tok - text);
		err = add_one(l, &at, tok);
	}
	return err;
}

/*
 * The group at list + off: "{EVENTS}" and perhaps ":MOD", up to the next
 * comma.  Its first event leads the others; MOD applies to each on top of
 * its own modifier, leaving the names as they are, as perf's does.
 * *end gets where the group's text ends.
 */
static int add_group(struct stat_evlist *l, const char *list, int off, int *end)
{
	const char *open = list + off, *close = strchr(open + 1, '}');
	const char *nested = strchr(open + 1, '{');
	struct spec sp = { .text = list, .off = off };
	struct stat_mod m;
	char *inner, *tail;
	int first = l->n, i, err;

	if (nested && (!close || nested < close))
		return parse_error(&sp, (int)(nested - open), "parser error");
	if (!close)
		return parse_error(&sp, (int)strlen(open), "parser error");
	if (close == open + 1)
		return parse_error(&sp, 0, "parser error");
	*end = (int)(strchrnul(close, ',') - list);
	if (close[1] && close[1] != ',' && close[1] != ':')
		return parse_error(&sp, (int)(close - open), "parser error");
	tail = xstrndup(open, list + *end - open);
	if (close[1] == ':' &&
	    (err = parse_mod(&sp, tail, tail + (close - open) + 1, &m))) {
		free(tail);
		return err;
	}
	inner = xstrndup(open + 1, close - open - 1);
	sp.off = off + 1;
	err = add_list(l, &sp, inner);
	free(inner);
	for (i = first; !err && i < l->n; i++) {
		struct stat_event *e = &l->v[i];

		/* The modifier changes nothing a probe counted by BPF counts. */
		e->leader = first;
		if (close[1] == ':')
			stat_ev_modifier(tail + (close - open) + 2, &e->mod);
	}
	free(tail);
	return err;
}

int stat_ev_parse(struct stat_evlist *l, const char *list)
{
	struct spec sp = { .text = list };
	int off = 0, end = 0, err = 0;

	if (!*list)
		return parse_error(&sp, 0, "parser error");
	while (list[off] && !err) {
		if (list[off] == ',') {
			off++;
		} else if (list[off] == '{') {
			err = add_group(l, list, off, &end);
			off = end;
		} else {
			char *text;

			end = (int)(strchrnul(list + off, ',') - list);
			text = xstrndup(list + off, end - off);
			sp.off = off;
			err = add_list(l, &sp, text);
			free(text);
			off = end;
		}
	}
	return err;
}

/*
 * The PMU type perf would see: a probe counted by BPF is one of the
 * kernel's probe events, which perf opens as it opens a tracepoint.
 */
static uint32_t pmu_type(const struct stat_event *e)
{
	return e->kind == STAT_BPF ? PERF_TYPE_TRACEPOINT : e->type;
}

bool stat_ev_mixed_group(const struct stat_evlist *l, int i)
{
	uint32_t type = pmu_type(&l->v[i]);
	int j, members = 0;

	for (j = i; j < l->n && l->v[j].leader == i; j++)
		members++;
	if (l->v[i].leader != i || members < 2)
		return false;
	/*
	 * Software events go in any group; the others must share one type.
	 * perf looks at the whole list here, not the group alone.
	 */
	for (j = 0; j < l->n; j++) {
		if (pmu_type(&l->v[j]) == PERF_TYPE_SOFTWARE)
			continue;
		if (type == PERF_TYPE_SOFTWARE)
			type = pmu_type(&l->v[j]);
		else if (type != pmu_type(&l->v[j]))
			return true;
	}
	return false;
}

void stat_ev_default(struct stat_evlist *l)
{
	stat_ev_parse(l, "task-clock,context-switches,cpu-migrations,page-faults,"
		      "cycles,instructions,branches,branch-misses");
}

void stat_ev_free(struct stat_evlist *l)
{
	int i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].fds);
		free(l->v[i].cnt);
		free(l->v[i].pcnt);
	}
	for (i = 0; l->comms && i < l->nids; i++)
		free(l->comms[i]);
	free(l->comms);
	free(l->ids);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
