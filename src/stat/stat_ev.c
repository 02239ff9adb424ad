/* SPDX-License-Identifier: GPL-2.0 */
/* ferret stat: the events of -e. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	if (kind == STAT_BPF)
		l->nbpf++;
	return e;
}

/* perf's words for an event it cannot parse, and its usage line. */
static void syntax_error(const char *ev, const char *why)
{
	fprintf(stderr, "event syntax error: '%s'\n%*s\\___ %s\n", ev, 21, "", why);
}

static void usage_hint(void)
{
	fprintf(stderr, "Run 'ferret -l' for a list of valid probes\n\n"
		" Usage: ferret stat [<options>] [<command>]\n\n"
		"    -e, --event <event>   event selector. use 'ferret -l' to list available probes\n");
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

static int add_tracepoints(struct stat_evlist *l, const char *spec)
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
			free(name);
			found++;
		}
		for (j = 0; j < evs.n; j++)
			free(evs.v[j]);
		vec_free(&evs);
		free(dir);
	}
	if (!found) {
		syntax_error(spec, "unknown tracepoint");
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
		      const char *spec)
{
	int before = l->n;

	if (!p->list || (p->available && !p->available(NULL))) {
		syntax_error(spec, "probe type not available on this kernel");
		usage_hint();
		return -EINVAL;
	}
	p->list(p, spec, add_probe, l);
	if (l->n == before) {
		syntax_error(spec, "no such probe");
		usage_hint();
		return -EINVAL;
	}
	return 0;
}

static int add_one(struct stat_evlist *l, const char *ev)
{
	const struct provider *p;
	uint32_t type;
	uint64_t config;

	if (!stat_ev_lookup(ev, &type, &config)) {
		struct stat_event *e = add(l, ev, STAT_PERF);

		e->type = type;
		e->config = config;
		e->clock = type == PERF_TYPE_SOFTWARE &&
			   (config == PERF_COUNT_SW_CPU_CLOCK ||
			    config == PERF_COUNT_SW_TASK_CLOCK);
		return 0;
	}
	if (!strchr(ev, ':')) {
		syntax_error(ev, "parser error");
		usage_hint();
		return -EINVAL;
	}
	p = provider_find(ev);
	if (p && strcmp(p->name, "tracepoint"))
		return add_probes(l, p, ev);
	if (p)
		ev = strchr(ev, ':') + 1;
	if (!strchr(ev, ':')) {
		syntax_error(ev, "parser error");
		usage_hint();
		return -EINVAL;
	}
	return add_tracepoints(l, ev);
}

int stat_ev_parse(struct stat_evlist *l, const char *list)
{
	char *copy = xstrdup(list), *save = NULL, *tok;
	int err = 0;

	if (!*list) {
		syntax_error(list, "parser error");
		usage_hint();
		err = -EINVAL;
	}
	for (tok = strtok_r(copy, ",", &save); tok && !err;
	     tok = strtok_r(NULL, ",", &save))
		err = add_one(l, tok);
	free(copy);
	return err;
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
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
