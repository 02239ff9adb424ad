/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D probe descriptions onto ferret's providers: one row per D provider,
 * each turning PROVIDER:MODULE:FUNCTION:NAME into the specs that fire at
 * the same moments, and naming the instances back in D's terms.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "kernel/symtab.h"
#include "kernel/tracefs.h"
#include "lang/types.h"
#include "providers/provider.h"
#include "providers/sdt.h"
#include "dtrace/dt_probes.h"
#include "strace/st_sys.h"

struct dt_prov {
	const char *name;
	int (*specs)(const struct dt_desc *d, long target, struct vec *out,
		     char *err, size_t errlen);
	/* The probes it can list, as "prov:mod:func:name", or NULL. */
	void (*list)(void (*fn)(const char *name, void *arg), void *arg);
	/*
	 * For -l: the probe description d names that the listing does not
	 * hold but that matching it makes (cpc's other counts), passed to
	 * fn as list's are, as dtrace-utils lists the probe it makes after
	 * those it has.  NULL: none.
	 */
	void (*provide)(const struct dt_desc *d,
			void (*fn)(const char *name, void *arg), void *arg);
};

/* An empty field matches anything, as in DTrace. */
static bool field_match(const char *pat, const char *s)
{
	return !*pat || util_glob(pat, s);
}

static int not_matched(const struct dt_desc *d, char *err, size_t errlen)
{
	snprintf(err, errlen, "[D_PDESC_ZERO] probe description %s:%s:%s:%s does not match any probes",
		 d->prov, d->mod, d->func, d->name);
	return -ENOENT;
}

static void count_one(const char *name, void *arg)
{
	(void)name;
	++*(int *)arg;
}

/* Whether the engine's provider for spec lists a probe matching pat (freed). */
static bool spec_listed(const char *spec, char *pat)
{
	const struct provider *p = provider_find(spec);
	int n = 0;

	if (p && p->list && (!p->available || p->available(NULL)))
		p->list(p, pat, count_one, &n);
	free(pat);
	return n > 0;
}

/*
 * Whether a description that names no provider, or a wildcard over
 * providers, takes part of provider p: as in DTrace, only where a probe
 * matching pat exists, so "write:entry" is the syscall's probe alone and
 * fbt takes no part on a kernel without kprobes.  A description that
 * names the provider is expanded as given, for the provider's own error.
 */
static bool prov_listed(const struct dt_desc *d, const char *spec, char *pat)
{
	if (*d->prov && !util_has_glob(d->prov)) {
		free(pat);
		return true;
	}
	return spec_listed(spec, pat);
}

static bool kfunc_listed(const struct dt_desc *d)
{
	const char *func = *d->func ? d->func : "*";

	return prov_listed(d, "kprobe:", *d->mod ?
			   xasprintf("kprobe:%s:%s", d->mod, func) :
			   xasprintf("kprobe:%s", func));
}

static int dtrace_specs(const struct dt_desc *d, long target,
			struct vec *out, char *err, size_t errlen)
{
	static const char *const names[] = { "BEGIN", "END", "ERROR" };
	size_t i;
	int n = 0;

	if (*d->mod || *d->func)
		return not_matched(d, err, errlen);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (field_match(d->name, names[i])) {
			vec_push(out, xstrdup(names[i]));
			n++;
		}
	return n ? 0 : not_matched(d, err, errlen);
}

static void dtrace_list(void (*fn)(const char *name, void *arg), void *arg)
{
	fn("dtrace:::BEGIN", arg);
	fn("dtrace:::END", arg);
	fn("dtrace:::ERROR", arg);
}

/* D's time units, as nanoseconds per unit; 0 for hz. */
static const struct { const char *unit; uint64_t ns; } units[] = {
	{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
	{ "ms", 1000000 }, { "msec", 1000000 },
	{ "s", 1000000000ULL }, { "sec", 1000000000ULL },
	{ "m", 60000000000ULL }, { "min", 60000000000ULL },
	{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
	{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
	{ "hz", 0 }, { "", 0 },
};

/*
 * "profile-N[unit]" and "tick-N[unit]" (no unit: hz) as a ferret timer
 * spec of type type: the largest of its units that states the period
 * exactly.
 */
static int timer_spec(const char *type, const char *rate, char **spec,
		      char *err, size_t errlen)
{
	static const struct { const char *unit; uint64_t ns; } fer[] = {
		{ "s", 1000000000ULL }, { "ms", 1000000 }, { "us", 1000 },
	};
	char *end;
	unsigned long long n;
	size_t i;

	errno = 0;
	n = strtoull(rate, &end, 10);
	if (end == rate || errno || !n)
		goto bad;
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(end, units[i].unit))
			break;
	if (i == ARRAY_SIZE(units))
		goto bad;
	if (!units[i].ns) {
		*spec = xasprintf("%s:hz:%llu", type, n);
		return 0;
	}
	n *= units[i].ns;
	for (i = 0; i < ARRAY_SIZE(fer); i++)
		if (n % fer[i].ns == 0) {
			*spec = xasprintf("%s:%s:%llu", type, fer[i].unit,
					  n / fer[i].ns);
			return 0;
		}
	snprintf(err, errlen, "%s: ferret's timers count in microseconds at the finest",
		 rate);
	return -EINVAL;
bad:
	snprintf(err, errlen, "invalid rate in probe name: %s", rate);
	return -EINVAL;
}

/*
 * The D name each timer spec was first made from ("tick-10msec" for
 * "interval:ms:10"), which names its probe as the description wrote it,
 * as DTrace's profile provider names the probes it makes.
 */
static struct vec timer_names;	/* char *: spec, name, spec, name ... */

static void timer_name_note(const char *spec, const char *name)
{
	int i;

	for (i = 0; i + 1 < timer_names.n; i += 2)
		if (!strcmp(timer_names.v[i], spec))
			return;
	vec_push(&timer_names, xstrdup(spec));
	vec_push(&timer_names, xstrdup(name));
}

static const char *timer_name(const char *spec)
{
	int i;

	for (i = 0; i + 1 < timer_names.n; i += 2)
		if (!strcmp(timer_names.v[i], spec))
			return timer_names.v[i + 1];
	return NULL;
}

/* The profile probes dtrace-utils lists, which a glob or "" matches. */
static const char *const profile_names[] = {
	"profile-97", "profile-199", "profile-499", "profile-997",
	"profile-1999", "profile-4001", "profile-4999", "tick-1",
	"tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000",
};

static int profile_one(const char *name, struct vec *out, char *err,
		       size_t errlen)
{
	char *spec;
	int ret;

	if (!strncmp(name, "profile-", 8))
		ret = timer_spec("profile", name + 8, &spec, err, errlen);
	else if (!strncmp(name, "tick-", 5))
		ret = timer_spec("interval", name + 5, &spec, err, errlen);
	else
		return -ENOENT;
	if (!ret) {
		timer_name_note(spec, name);
		vec_push(out, spec);
	}
	return ret;
}

static int profile_specs(const struct dt_desc *d, long target,
			 struct vec *out, char *err, size_t errlen)
{
	size_t i;
	int ret = 0, n = 0;

	(void)target;
	if (*d->mod || *d->func)
		return not_matched(d, err, errlen);
	if (*d->name && !util_has_glob(d->name)) {
		ret = profile_one(d->name, out, err, errlen);
		return ret == -ENOENT ? not_matched(d, err, errlen) : ret;
	}
	for (i = 0; !ret && i < ARRAY_SIZE(profile_names); i++)
		if (field_match(d->name, profile_names[i])) {
			ret = profile_one(profile_names[i], out, err, errlen);
			n++;
		}
	return ret ? ret : n ? 0 : not_matched(d, err, errlen);
}

static void profile_list(void (*fn)(const char *name, void *arg), void *arg)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profile_names); i++) {
		char *s = xasprintf("profile:::%s", profile_names[i]);

		fn(s, arg);
		free(s);
	}
}

/* The cpc probes a wildcard matches, as specs "cpc:NAME". */
struct cpc_match {
	struct vec *out;
	int n;
};

static void cpc_one(const char *spec, void *arg)
{
	struct cpc_match *m = arg;

	vec_push(m->out, xstrdup(spec));
	m->n++;
}

/*
 * cpc:::EVENT-MODE-COUNT takes any count, so a name without a wildcard
 * is decoded by the provider; one with a wildcard matches the listed
 * probes, as dtrace-utils matches the probes it has made.
 */
static int cpc_specs(const struct dt_desc *d, long target, struct vec *out,
		     char *err, size_t errlen)
{
	struct cpc_match m = { out, 0 };
	struct vec insts = { 0 };
	char *spec, e[256];
	int i, ret;

	if (!field_match(d->mod, "") || !field_match(d->func, ""))
		return not_matched(d, err, errlen);
	spec = xasprintf("cpc:%s", *d->name ? d->name : "*");
	if (util_has_glob(spec)) {
		cpc_provider.list(&cpc_provider, spec, cpc_one, &m);
		free(spec);
		return m.n ? 0 : not_matched(d, err, errlen);
	}
	ret = cpc_provider.expand(&cpc_provider, spec, &insts, e, sizeof(e));
	for (i = 0; i < insts.n; i++)
		provider_inst_free(insts.v[i]);
	vec_free(&insts);
	if (ret) {
		free(spec);
		if (ret == -ENOENT)
			return not_matched(d, err, errlen);
		snprintf(err, errlen, "%s", e);
		return ret;
	}
	vec_push(out, spec);
	return 0;
}

struct cpc_lister {
	void (*fn)(const char *name, void *arg);
	void *arg;
};

static void cpc_list_one(const char *spec, void *arg)
{
	struct cpc_lister *l = arg;
	char *s = xasprintf("cpc:::%s", spec + 4);

	l->fn(s, l->arg);
	free(s);
}

static void cpc_list(void (*fn)(const char *name, void *arg), void *arg)
{
	struct cpc_lister l = { fn, arg };

	cpc_provider.list(&cpc_provider, NULL, cpc_list_one, &l);
}

/* A name cpc's listing holds. */
static void cpc_listed(const char *spec, void *arg)
{
	*(bool *)arg = true;
}

static void cpc_provide(const struct dt_desc *d,
			void (*fn)(const char *name, void *arg), void *arg)
{
	struct vec specs = { 0 };
	bool listed = false;
	char e[256], *s;
	int i;

	if (*d->mod || *d->func || !*d->name || util_has_glob(d->name) ||
	    cpc_specs(d, -1, &specs, e, sizeof(e)))
		return;
	for (i = 0; i < specs.n; i++) {
		cpc_provider.list(&cpc_provider, specs.v[i], cpc_listed,
				  &listed);
		s = xasprintf("cpc:::%s", (char *)specs.v[i] + 4);
		if (!listed)
			fn(s, arg);
		free(s);
		free(specs.v[i]);
	}
	vec_free(&specs);
}

static int syscall_specs(const struct dt_desc *d, long target,
			 struct vec *out, char *err, size_t errlen)
{
	/* Every syscall probe is listed: one that is not does not exist. */
	if (!field_match(d->mod, "vmlinux") ||
	    (!field_match(d->name, "entry") && !field_match(d->name, "return")) ||
	    !spec_listed("syscall:", xasprintf("syscall:%s:%s:%s", d->mod,
						d->func, d->name)))
		return not_matched(d, err, errlen);
	vec_push(out, xasprintf("syscall:%s:%s:%s", d->mod, d->func, d->name));
	return 0;
}

static void syscall_list(void (*fn)(const char *name, void *arg), void *arg)
{
	syscall_provider.list(&syscall_provider, NULL, fn, arg);
}

/*
 * proc, sched, io and lockstat: the probes of the sdt provider, named
 * "sdt:PROV:NAME", that this kernel has events for.  Their module is
 * vmlinux, as in dtrace-utils, and their function empty.
 */
struct sdt_match {
	const char *prov;
	const struct dt_desc *d;
	struct vec *out;
	int n;
};

static void sdt_one(const char *spec, void *arg)
{
	struct sdt_match *m = arg;
	char *parts[3] = { NULL };

	if (provider_split(spec, parts, 3) == 3 && !strcmp(parts[1], m->prov) &&
	    field_match(m->d->name, parts[2])) {
		vec_push(m->out, xstrdup(spec));
		m->n++;
	}
	provider_free_parts(parts, 3);
}

/*
 * A probe this kernel cannot have (sched:::enqueue without BPF
 * trampolines) is not listed, nor matched by a wildcard; named, its
 * spec is made all the same, for expanding it to say why not.
 */
static int sdt_specs(const char *prov, const struct dt_desc *d,
		     struct vec *out, char *err, size_t errlen)
{
	struct sdt_match m = { prov, d, out, 0 };
	char *pattern;

	if (!field_match(d->mod, "vmlinux") || *d->func)
		return not_matched(d, err, errlen);
	/* A name given whole is all that is looked at (BEGIN: nothing). */
	pattern = xasprintf("sdt:%s:%s", prov,
			    *d->name && !util_has_glob(d->name) ? d->name : "*");
	sdt_provider.list(&sdt_provider, pattern, sdt_one, &m);
	free(pattern);
	if (!m.n && *d->name && !util_has_glob(d->name) &&
	    sdt_signature(prov, d->name)) {
		vec_push(out, xasprintf("sdt:%s:%s", prov, d->name));
		m.n++;
	}
	return m.n ? 0 : not_matched(d, err, errlen);
}

static int proc_specs(const struct dt_desc *d, long target, struct vec *out,
		      char *err, size_t errlen)
{
	return sdt_specs("proc", d, out, err, errlen);
}

static int sched_specs(const struct dt_desc *d, long target,
		       struct vec *out, char *err, size_t errlen)
{
	return sdt_specs("sched", d, out, err, errlen);
}

static int io_specs(const struct dt_desc *d, long target, struct vec *out,
		    char *err, size_t errlen)
{
	return sdt_specs("io", d, out, err, errlen);
}

static int lockstat_specs(const struct dt_desc *d, long target,
			  struct vec *out, char *err, size_t errlen)
{
	return sdt_specs("lockstat", d, out, err, errlen);
}

struct sdt_lister {
	const char *prov;
	void (*fn)(const char *name, void *arg);
	void *arg;
};

static void sdt_list_one(const char *spec, void *arg)
{
	struct sdt_lister *l = arg;
	char *parts[3] = { NULL };

	if (provider_split(spec, parts, 3) == 3 && !strcmp(parts[1], l->prov)) {
		char *s = xasprintf("%s:vmlinux::%s", parts[1], parts[2]);

		l->fn(s, l->arg);
		free(s);
	}
	provider_free_parts(parts, 3);
}

static void sdt_list(const char *prov,
		     void (*fn)(const char *name, void *arg), void *arg)
{
	struct sdt_lister l = { prov, fn, arg };

	sdt_provider.list(&sdt_provider, NULL, sdt_list_one, &l);
}

static void proc_list(void (*fn)(const char *name, void *arg), void *arg)
{
	sdt_list("proc", fn, arg);
}

static void sched_list(void (*fn)(const char *name, void *arg), void *arg)
{
	sdt_list("sched", fn, arg);
}

static void io_list(void (*fn)(const char *name, void *arg), void *arg)
{
	sdt_list("io", fn, arg);
}

static void lockstat_list(void (*fn)(const char *name, void *arg), void *arg)
{
	sdt_list("lockstat", fn, arg);
}

/*
 * The signature of D probe spec ("sdt:PROV:NAME"), or NULL for a spec
 * of another provider.
 */
static const struct sdt_sig *spec_sig(const char *spec)
{
	char *parts[3] = { NULL };
	const struct sdt_sig *sig = NULL;

	if (!strncmp(spec, "sdt:", 4) && provider_split(spec, parts, 3) == 3)
		sig = sdt_signature(parts[1], parts[2]);
	provider_free_parts(parts, 3);
	return sig;
}

/*
 * For a spec of a tracepoint's D probe (rawtp, sdt): 0, with its
 * argument count in *nargs and whether argument idx is a string (the
 * char data of an sdt probe's record) in *string; -ENOENT for the specs
 * of other probes.
 */
static int tp_arg_info(const char *spec, int idx, int *nargs, bool *string)
{
	const struct provider *p = provider_find(spec);
	struct vec insts = { 0 };
	const struct tracefs_event *ev;
	char *parts[3] = { NULL }, e[256];
	int i;

	*string = false;
	if (p == &rawtracepoint_provider) {
		if (p->expand(p, spec, &insts, e, sizeof(e)) || insts.n != 1)
			*nargs = -1;
		else
			*nargs = ((struct probe_inst *)insts.v[0])->nargs;
		for (i = 0; i < insts.n; i++)
			provider_inst_free(insts.v[i]);
		vec_free(&insts);
		return 0;
	}
	/*
	 * The fewest parameters of the syscalls matched; a return has one,
	 * the result.
	 */
	if (p == &syscall_provider) {
		*nargs = -1;
		if (p->expand(p, spec, &insts, e, sizeof(e)))
			insts.n = 0;
		for (i = 0; i < insts.n; i++) {
			const struct probe_inst *pi = insts.v[i];
			int n = 0;

			while (n < 10 && p->arg_offset(pi, n) >= 0)
				n++;
			if (p->retval_offset(pi) >= 0)
				n = 1;
			if (*nargs < 0 || n < *nargs)
				*nargs = n;
			provider_inst_free(insts.v[i]);
		}
		vec_free(&insts);
		return 0;
	}
	if (p != &dtracepoint_provider || provider_split(spec, parts, 3) != 3) {
		provider_free_parts(parts, 3);
		return -ENOENT;
	}
	ev = tracefs_event(parts[1], parts[2]);
	provider_free_parts(parts, 3);
	*nargs = ev ? ev->nfields : -1;
	*string = ev && idx >= 0 && idx < ev->nfields &&
		  ev->type->fields[idx].type->kind == TY_STR;
	return 0;
}

/* The D providers whose probes may type args[] or bound its index. */
static bool prov_typed(const char *prov)
{
	static const char *const typed[] = {
		"proc", "sched", "io", "rawtp", "sdt", "lockstat", "syscall",
	};
	size_t i;

	if (!*prov || util_has_glob(prov))
		return true;
	for (i = 0; i < ARRAY_SIZE(typed); i++)
		if (!strcmp(prov, typed[i]))
			return true;
	return false;
}

int dt_args_type(const char *const *descs, int ndescs, int idx,
		 const char **xlate, const char **ctype, char *err,
		 size_t errlen)
{
	static const struct sdt_arg tp_string = { "string", NULL, false };
	const struct sdt_arg *first = NULL;
	int i, j, typed = 0, other = 0, ret = 0;

	for (i = 0; !ret && i < ndescs; i++) {
		struct vec specs = { 0 };
		struct dt_desc d;
		char e[256];

		/* pid and USDT descriptions name no typed probes */
		if (dt_desc_parse(descs[i], &d, e, sizeof(e)))
			continue;
		if (prov_typed(d.prov) &&
		    !dt_desc_specs(&d, -1, &specs, e, sizeof(e))) {
			for (j = 0; !ret && j < specs.n; j++) {
				const struct sdt_sig *sig = spec_sig(specs.v[j]);
				int nargs;
				bool str;

				if (!sig && !tp_arg_info(specs.v[j], idx, &nargs,
							 &str)) {
					if (nargs >= 0 && (idx < 0 || idx >= nargs)) {
						snprintf(err, errlen, "[D_ARGS_IDX] index %d is out of range for %s args[ ]",
							 idx, descs[i]);
						ret = -EINVAL;
					} else if (!str) {
						other++;
					} else if (typed++ && first->ctype) {
						snprintf(err, errlen, "[D_ARGS_MULTI] args[ ] may not be referenced because probe description %s matches an unstable set of probes",
							 descs[i]);
						ret = -EINVAL;
					} else {
						first = &tp_string;
					}
				} else if (!sig) {
					other++;
				} else if (idx < 0 || idx >= sig->nargs) {
					snprintf(err, errlen, "[D_ARGS_IDX] index %d is out of range for %s args[ ]",
						 idx, descs[i]);
					ret = -EINVAL;
				} else if (typed++ && (strcmp(first->dtype, sig->args[idx].dtype))) {
					snprintf(err, errlen, "[D_ARGS_MULTI] args[ ] may not be referenced because probe description %s matches an unstable set of probes",
						 descs[i]);
					ret = -EINVAL;
				} else {
					first = &sig->args[idx];
				}
			}
		} else {
			other++;
		}
		for (j = 0; j < specs.n; j++)
			free(specs.v[j]);
		vec_free(&specs);
		dt_desc_free(&d);
	}
	if (ret)
		return ret;
	if (!typed)
		return -ENOENT;
	if (other) {
		snprintf(err, errlen, "[D_ARGS_MULTI] args[ ] may not be referenced because probe description %s matches an unstable set of probes",
			 descs[0]);
		return -EINVAL;
	}
	*xlate = first->xlate ? first->dtype : NULL;
	*ctype = first->ctype;
	return 0;
}

static int fbt_specs(const struct dt_desc *d, long target, struct vec *out,
		     char *err, size_t errlen)
{
	const char *func = *d->func ? d->func : "*";
	bool entry = field_match(d->name, "entry");
	bool ret = field_match(d->name, "return");

	if ((!entry && !ret) || !kfunc_listed(d))
		return not_matched(d, err, errlen);
	if (*d->mod && strcmp(d->mod, "vmlinux")) {
		if (entry)
			vec_push(out, xasprintf("kprobe:%s:%s", d->mod, func));
		if (ret)
			vec_push(out, xasprintf("kretprobe:%s:%s", d->mod, func));
		return 0;
	}
	if (entry)
		vec_push(out, xasprintf("kprobe:%s", func));
	if (ret)
		vec_push(out, xasprintf("kretprobe:%s", func));
	return 0;
}

/*
 * rawtp and sdt: the kernel's tracepoints as dtrace-utils names them,
 * PROVIDER:GROUP::EVENT, from tracefs's events, leaving out the groups
 * that are no tracepoints of their own: dynamic probes (kprobes,
 * uprobes, dtrace-utils' own dt_pid and dt_PID_* groups) and the syscall
 * events, which are the syscall provider's.
 */
static bool tp_group_skipped(const char *group)
{
	static const char *const skip[] = {
		"kprobes", "uprobes", "syscalls", "dt_pid",
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(skip); i++)
		if (!strcmp(group, skip[i]))
			return true;
	n = strspn(group + 3, "0123456789");
	return !strncmp(group, "dt_", 3) && n && group[3 + n] == '_';
}

/* Every raw tracepoint the engine has (kernel BTF names), sorted. */
static struct vec rtp_names;
static bool rtp_loaded;

static void rtp_name(const char *name, void *arg)
{
	const char *colon = strchr(name, ':');

	vec_push(&rtp_names, xstrdup(colon ? colon + 1 : name));
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool rtp_exists(const char *event)
{
	if (!rtp_loaded) {
		rtp_loaded = true;
		rawtracepoint_provider.list(&rawtracepoint_provider, NULL,
					    rtp_name, NULL);
		qsort(rtp_names.v, rtp_names.n, sizeof(*rtp_names.v), str_cmp);
	}
	return bsearch(&event, rtp_names.v, rtp_names.n, sizeof(*rtp_names.v),
		       str_cmp) != NULL;
}

/* One walk over tracefs's events for a D provider on tracepoints. */
struct tp_walk {
	bool raw;		/* rawtp: only events with a raw tracepoint */
	const struct dt_desc *d;	/* matching, or NULL: listing */
	struct vec *out;	/* specs matched */
	void (*fn)(const char *name, void *arg);	/* listing */
	void *arg;
};

static int tp_walk_one(const char *group, const char *event, void *arg)
{
	struct tp_walk *w = arg;
	char *s;

	if (tp_group_skipped(group) || (w->raw && !rtp_exists(event)))
		return 0;
	if (!w->d) {
		s = xasprintf("%s:%s::%s", w->raw ? "rawtp" : "sdt", group,
			      event);
		w->fn(s, w->arg);
		free(s);
		return 0;
	}
	/* a raw tracepoint is known by its name alone */
	if (w->raw)
		s = xasprintf("rawtracepoint:%s", event);
	else
		s = xasprintf("dtracepoint:%s:%s", group, event);
	vec_push(w->out, s);
	return 0;
}

static int tp_specs(bool raw, const struct dt_desc *d, struct vec *out,
		    char *err, size_t errlen)
{
	struct tp_walk w = { .raw = raw, .d = d, .out = out };
	int from = out->n;

	if (!field_match(d->func, ""))
		return not_matched(d, err, errlen);
	tracefs_list(*d->mod ? d->mod : "*", *d->name ? d->name : "*",
		     tp_walk_one, &w);
	return out->n > from ? 0 : not_matched(d, err, errlen);
}

static int rawtp_specs(const struct dt_desc *d, long target,
		       struct vec *out, char *err, size_t errlen)
{
	return tp_specs(true, d, out, err, errlen);
}

static int sdtp_specs(const struct dt_desc *d, long target,
		      struct vec *out, char *err, size_t errlen)
{
	return tp_specs(false, d, out, err, errlen);
}

static void rawtp_list(void (*fn)(const char *name, void *arg), void *arg)
{
	struct tp_walk w = { .raw = true, .fn = fn, .arg = arg };

	tracefs_list("*", "*", tp_walk_one, &w);
}

static void sdtp_list(void (*fn)(const char *name, void *arg), void *arg)
{
	struct tp_walk w = { .fn = fn, .arg = arg };

	tracefs_list("*", "*", tp_walk_one, &w);
}

/*
 * The group of raw tracepoint event, for naming it rawtp:GROUP::EVENT:
 * the first group (by name) tracefs lists it in, or "vmlinux".  The events are
 * read once.
 */
struct tp_group {
	char *event, *group;
};

static struct tp_group *tp_groups;
static int ntp_groups = -1;

static int tp_group_add(const char *group, const char *event, void *arg)
{
	struct vec *v = arg;
	struct tp_group *g;

	if (tp_group_skipped(group))
		return 0;
	g = xmalloc(sizeof(*g));
	g->event = xstrdup(event);
	g->group = xstrdup(group);
	vec_push(v, g);
	return 0;
}

static int tp_event_cmp(const void *a, const void *b)
{
	return strcmp(((const struct tp_group *)a)->event,
		      ((const struct tp_group *)b)->event);
}

static int tp_group_cmp(const void *a, const void *b)
{
	int c = tp_event_cmp(a, b);

	return c ? c : strcmp(((const struct tp_group *)a)->group,
			      ((const struct tp_group *)b)->group);
}

static const char *tp_group_of(const char *event)
{
	struct tp_group key = { .event = (char *)event }, *g;
	int i;

	if (ntp_groups < 0) {
		struct vec v = { 0 };

		tracefs_list("*", "*", tp_group_add, &v);
		tp_groups = xcalloc(v.n + 1, sizeof(*tp_groups));
		for (i = 0; i < v.n; i++) {
			tp_groups[i] = *(struct tp_group *)v.v[i];
			free(v.v[i]);
		}
		ntp_groups = v.n;
		qsort(tp_groups, ntp_groups, sizeof(*tp_groups), tp_group_cmp);
		vec_free(&v);
	}
	g = bsearch(&key, tp_groups, ntp_groups, sizeof(*tp_groups),
		    tp_event_cmp);
	while (g && g > tp_groups && !strcmp(g[-1].event, event))
		g--;
	return g ? g->group : "vmlinux";
}

/*
 * rawfbt:MODULE:FUNCTION:entry|return, on kprobes whatever the kernel
 * has (dtrace-utils' rawfbt always uses kprobes), and on any function
 * kprobes take, the compiler's synthetic ones (name.isra.0) too.
 */
static int rawfbt_specs(const struct dt_desc *d, long target,
			struct vec *out, char *err, size_t errlen)
{
	const char *func = *d->func ? d->func : "*";
	bool entry = field_match(d->name, "entry");
	bool ret = field_match(d->name, "return");
	bool mod = *d->mod && strcmp(d->mod, "vmlinux");

	if ((!entry && !ret) || !kfunc_listed(d))
		return not_matched(d, err, errlen);
	if (entry)
		vec_push(out, mod ? xasprintf("rawfbt:%s:%s", d->mod, func) :
				    xasprintf("rawfbt:%s", func));
	if (ret)
		vec_push(out, mod ? xasprintf("rawfbt-return:%s:%s", d->mod, func) :
				    xasprintf("rawfbt-return:%s", func));
	return 0;
}

struct rawfbt_lister {
	void (*fn)(const char *name, void *arg);
	void *arg;
};

static void rawfbt_list_one(const char *spec, void *arg)
{
	struct rawfbt_lister *l = arg;
	char *parts[3] = { NULL }, *s;
	int n = provider_split(spec, parts, 3);

	if (n >= 2) {
		s = xasprintf("rawfbt:%s:%s:entry", n == 3 ? parts[1] : "vmlinux",
			      parts[n - 1]);
		l->fn(s, l->arg);
		free(s);
		s = xasprintf("rawfbt:%s:%s:return", n == 3 ? parts[1] : "vmlinux",
			      parts[n - 1]);
		l->fn(s, l->arg);
		free(s);
	}
	if (n > 0)
		provider_free_parts(parts, n);
}

/* Listed where this kernel has kprobes. */
static void rawfbt_list(void (*fn)(const char *name, void *arg), void *arg)
{
	struct rawfbt_lister l = { fn, arg };
	const char *why;

	if (rawfbt_provider.available(&why))
		rawfbt_provider.list(&rawfbt_provider, NULL, rawfbt_list_one, &l);
}

/* "pidN" and USDT providers "nameN": N, or -1 when prov has no digits. */
static long prov_pid(const char *prov, size_t *namelen)
{
	size_t n = strlen(prov), i = n;

	while (i > 0 && isdigit((unsigned char)prov[i - 1]))
		i--;
	if (i == n || i == 0)
		return -1;
	*namelen = i;
	return strtol(prov + i, NULL, 10);
}

/*
 * Process pid's program, for module a.out: -c's command has not run
 * exec() yet when probes are set (its /proc/PID/exe is ferret), so it is
 * the command's first word, found as execvp() finds it.
 */
static char *pid_program(long pid)
{
	char path[4096], *word;
	size_t n;

	if (!provider_cmd || pid != provider_cpid)
		return xasprintf("/proc/%ld/exe", pid);
	n = strcspn(provider_cmd, " ");
	word = xasprintf("%.*s", (int)n, provider_cmd);
	if (strchr(word, '/') || symtab_resolve_path(word, -1, path, sizeof(path)))
		return word;
	free(word);
	return xstrdup(path);
}

/*
 * pidN:MODULE:FUNCTION:entry|return|OFFSET, on uprobes in process N.  A
 * name that is empty or a glob is each of entry, return and the offsets
 * of the function's instructions that it matches.
 */
static int pid_specs(const struct dt_desc *d, long pid, struct vec *out,
		     char *err, size_t errlen)
{
	char *mod = !*d->mod || !strcmp(d->mod, "a.out") ?
		    pid_program(pid) : xstrdup(d->mod);
	const char *func = *d->func ? d->func : "*";
	const char *name = *d->name ? d->name : "*";
	char *end;

	if (util_glob(name, "entry"))
		vec_push(out, xasprintf("uprobe:%s:%s", mod, func));
	if (util_glob(name, "return"))
		vec_push(out, xasprintf("uretprobe:%s:%s", mod, func));
	if (util_has_glob(name))
		vec_push(out, xasprintf("uprobe:%s:%s+%s", mod, func, name));
	if (!util_has_glob(name) && strcmp(name, "entry") &&
	    strcmp(name, "return")) {
		strtoull(d->name, &end, 16);
		if (*end || util_has_glob(func)) {
			free(mod);
			snprintf(err, errlen, "invalid probe name for the pid provider: %s (entry, return or a hexadecimal offset)",
				 d->name);
			return -EINVAL;
		}
		vec_push(out, xasprintf("uprobe:%s:%s+0x%s", mod, func, d->name));
	}
	free(mod);
	provider_pid = pid;
	return 0;
}

/*
 * providerN:MODULE:FUNCTION:NAME, USDT probes of process N's program
 * (-c's command, which has not run exec() yet, as for pid).
 */
static int usdt_specs(const struct dt_desc *d, long pid, size_t namelen,
		      struct vec *out)
{
	char *prog = pid_program(pid);

	vec_push(out, xasprintf("usdt:%s:%.*s:%s", prog, (int)namelen,
				d->prov, *d->name ? d->name : "*"));
	free(prog);
	provider_pid = pid;
	return 0;
}

static const struct dt_prov provs[] = {
	{ "dtrace", dtrace_specs, dtrace_list, NULL },
	{ "cpc", cpc_specs, cpc_list, cpc_provide },
	{ "profile", profile_specs, profile_list, NULL },
	{ "syscall", syscall_specs, syscall_list, NULL },
	{ "proc", proc_specs, proc_list, NULL },
	{ "sched", sched_specs, sched_list, NULL },
	{ "io", io_specs, io_list, NULL },
	{ "lockstat", lockstat_specs, lockstat_list, NULL },
	{ "rawtp", rawtp_specs, rawtp_list, NULL },
	{ "sdt", sdtp_specs, sdtp_list, NULL },
	{ "fbt", fbt_specs, NULL, NULL },
	{ "rawfbt", rawfbt_specs, rawfbt_list, NULL },
};

int dt_desc_parse(const char *text, struct dt_desc *d, char *err,
		  size_t errlen)
{
	char *f[4] = { NULL }, *copy = xstrdup(text), *p = copy, *c;
	int n = 0, i;

	for (;;) {
		c = strchr(p, ':');
		if (n == 4) {
			for (i = 0; i < 4; i++)
				free(f[i]);
			free(copy);
			snprintf(err, errlen, "invalid probe description \"%s\": Overspecified probe description",
				 text);
			return -EINVAL;
		}
		f[n++] = c ? xstrndup(p, c - p) : xstrdup(p);
		if (!c)
			break;
		p = c + 1;
	}
	free(copy);
	/* Fields fill from the name leftwards. */
	for (i = 0; i < 4; i++) {
		char *v = i < n ? f[n - 1 - i] : xstrdup("");
		char **slot[4] = { &d->name, &d->func, &d->mod, &d->prov };

		*slot[i] = v;
	}
	return 0;
}

void dt_desc_free(struct dt_desc *d)
{
	free(d->prov);
	free(d->mod);
	free(d->func);
	free(d->name);
	memset(d, 0, sizeof(*d));
}

int dt_desc_specs(const struct dt_desc *d, long target, struct vec *out,
		  char *err, size_t errlen)
{
	size_t i, namelen;
	long pid;
	int ret, n = 0, first = out->n;

	if (!strncmp(d->prov, "pid", 3) && d->prov[3] &&
	    strspn(d->prov + 3, "0123456789") == strlen(d->prov + 3))
		return pid_specs(d, strtol(d->prov + 3, NULL, 10), out, err,
				 errlen);
	pid = *d->prov ? prov_pid(d->prov, &namelen) : -1;
	if (pid > 0)
		return usdt_specs(d, pid, namelen, out);
	for (i = 0; i < ARRAY_SIZE(provs); i++) {
		if (!field_match(d->prov, provs[i].name))
			continue;
		err[0] = 0;
		ret = provs[i].specs(d, target, out, err, errlen);
		if (ret == -ENOENT && (!*d->prov || util_has_glob(d->prov)))
			continue;
		if (ret)
			goto fail;
		n++;
	}
	if (n)
		return 0;
	ret = not_matched(d, err, errlen);
fail:
	while (out->n > first)
		free(out->v[--out->n]);
	return ret;
}

/*
 * Syscalls whose kernel events (and so DTrace's probe functions) are
 * named after the kernel's entry point rather than the UAPI __NR_ name
 * the syscall table has.  tests/dtrace checks it against tracefs.
 */
static const struct { const char *uapi, *event; } sc_renames[] = {
	{ "stat", "newstat" }, { "fstat", "newfstat" },
	{ "lstat", "newlstat" }, { "uname", "newuname" },
	{ "sendfile", "sendfile64" }, { "umount2", "umount" },
};

const char *dt_syscall_func(unsigned nr)
{
	const struct st_sys *sc = st_sys_by_nr(nr);
	size_t i;

	if (!sc)
		return "";
	for (i = 0; i < ARRAY_SIZE(sc_renames); i++)
		if (!strcmp(sc->name, sc_renames[i].uapi))
			return sc_renames[i].event;
	return sc->name;
}

long dt_syscall_nr(const char *func)
{
	const char *uapi = func;
	const struct st_sys *sc;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sc_renames); i++)
		if (!strcmp(func, sc_renames[i].event))
			uapi = sc_renames[i].uapi;
	sc = st_sys_by_name(uapi);
	/* "stat" names no probe: its event is newstat */
	return sc && !strcmp(dt_syscall_func(sc->nr), func) ? sc->nr : -1;
}

static char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return xstrdup(s ? s + 1 : path);
}

/* A pid probe's module: its file's name (a process's program's, for
 * /proc/N/exe), as dtrace names a.out by the program's name. */
static char *module_name(const char *path)
{
	char link[4096];
	ssize_t n;
	int pid;

	if (sscanf(path, "/proc/%d/exe", &pid) == 1) {
		n = readlink(path, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = 0;
			/* a program deleted since it started */
			if (n > 10 && !strcmp(link + n - 10, " (deleted)"))
				link[n - 10] = 0;
			return base_name(link);
		}
	}
	return base_name(path);
}

void dt_probe_name(const struct probe_inst *pi, struct bi_dtrace_probe *p)
{
	const char *prov = pi->prov->name;
	char *parts[4] = { NULL };
	size_t i;

	memset(p, 0, sizeof(*p));
	p->id = pi->index + BI_DTRACE_FIRST_ID;
	if (!strcmp(prov, "BEGIN") || !strcmp(prov, "END") ||
	    !strcmp(prov, "ERROR")) {
		/* Their IDs as dtrace -l numbers them (dtrace_list()). */
		p->id = prov[0] == 'B' ? 1 : prov[1] == 'N' ? 2 : 3;
		parts[0] = xstrdup("dtrace");
		parts[3] = xstrdup(prov);
	} else if (!strncmp(pi->name, "syscall:", 8)) {
		provider_split(pi->name, parts, 4);
		if (pi->nsub) {
			p->sub_func = dt_syscall_func;
			p->sub_of = dt_syscall_nr;
		}
	} else if (!strcmp(prov, "usdt")) {
		/* usdt:PATH:PROVIDER:NAME: PROVIDER with its process's id */
		const char *name = strrchr(pi->name, ':');
		const char *pv = name;

		while (pv > pi->name && pv[-1] != ':')
			pv--;
		parts[0] = xasprintf("%.*s%d", (int)(name - pv), pv,
				     pi->pid > 0 ? pi->pid : provider_pid);
		parts[1] = module_name(pi->target ? pi->target : "");
		parts[2] = xstrdup(pi->func ? pi->func : "");
		parts[3] = xstrdup(name + 1);
	} else if (!strcmp(prov, "uprobe") || !strcmp(prov, "uretprobe")) {
		parts[0] = xasprintf("pid%d", pi->pid > 0 ? pi->pid : provider_pid);
		parts[1] = module_name(pi->target ? pi->target : "");
		const char *off = strrchr(pi->name, '+');

		parts[2] = xstrdup(pi->func ? pi->func : "");
		/* an offset probe is named by its offset, in hexadecimal */
		if (prov[1] == 'p' && off)
			parts[3] = xasprintf("%llx", strtoull(off + 1, NULL, 0));
		else
			parts[3] = xstrdup(prov[1] == 'p' ? "entry" : "return");
	} else if (!strcmp(prov, "rawfbt") || !strcmp(prov, "rawfbt-return")) {
		const char *colon = strchr(pi->target ? pi->target : "", ':');

		parts[0] = xstrdup("rawfbt");
		parts[1] = colon ? xstrndup(pi->target, colon - pi->target) :
				   xstrdup("vmlinux");
		parts[2] = xstrdup(pi->func ? pi->func : "");
		parts[3] = xstrdup(prov[6] ? "return" : "entry");
	} else if (!strcmp(prov, "kprobe") || !strcmp(prov, "kretprobe") ||
		   !strcmp(prov, "fentry") || !strcmp(prov, "fexit")) {
		parts[0] = xstrdup("fbt");
		parts[1] = xstrdup("vmlinux");
		parts[2] = xstrdup(pi->func ? pi->func : "");
		parts[3] = xstrdup(prov[1] == 'p' || prov[1] == 'e' ?
				   "entry" : "return");
	} else if (!strncmp(pi->name, "rawtracepoint:", 14)) {
		parts[0] = xstrdup("rawtp");
		parts[1] = xstrdup(tp_group_of(pi->name + 14));
		parts[3] = xstrdup(pi->name + 14);
	} else if (!strncmp(pi->name, "dtracepoint:", 12)) {
		char *r[3] = { NULL };

		if (provider_split(pi->name, r, 3) == 3) {
			parts[0] = xstrdup("sdt");
			parts[1] = xstrdup(r[1]);
			parts[3] = xstrdup(r[2]);
		}
		provider_free_parts(r, 3);
	} else if (!strncmp(pi->name, "sdt:", 4)) {
		char *r[3] = { NULL };

		if (provider_split(pi->name, r, 3) == 3) {
			parts[0] = xstrdup(r[1]);
			parts[1] = xstrdup("vmlinux");
			parts[3] = xstrdup(r[2]);
		}
		provider_free_parts(r, 3);
	} else if (!strcmp(prov, "cpc")) {
		parts[0] = xstrdup("cpc");
		parts[3] = xstrdup(pi->name + 4);
	} else if (!strcmp(prov, "profile") || !strcmp(prov, "interval")) {
		char *r[3] = { NULL };

		parts[0] = xstrdup("profile");
		if (timer_name(pi->name))
			parts[3] = xstrdup(timer_name(pi->name));
		else if (provider_split(pi->name, r, 3) == 3)
			parts[3] = xasprintf("%s-%s%s",
					     prov[0] == 'p' ? "profile" : "tick",
					     r[2], strcmp(r[1], "hz") ? r[1] : "");
		provider_free_parts(r, 3);
	}
	for (i = 0; i < 4; i++)
		if (!parts[i])
			parts[i] = xstrdup("");
	p->prov = parts[0];
	p->mod = parts[1];
	p->func = parts[2];
	p->name = parts[3];
}

void dt_probe_free(struct bi_dtrace_probe *p)
{
	free((char *)p->prov);
	free((char *)p->mod);
	free((char *)p->func);
	free((char *)p->name);
}

struct list_ctx {
	struct dt_desc want;
	bool all;
	bool verbose;
	int id;
	int shown;
};

enum { S_PRIV = D_STAB_PRIVATE, S_UNST = D_STAB_UNSTABLE, S_EVOL = D_STAB_EVOLVING,
       S_STAB = D_STAB_STABLE };
enum { C_UNKN = D_CLASS_UNKNOWN, C_ISA = D_CLASS_ISA, C_COMM = D_CLASS_COMMON };

/*
 * A provider's attributes, as dtrace-utils declares them: of its
 * provider, module, function and name components, and of its arguments.
 */
static const struct dt_pattr {
	const char *prov;
	struct d_attr part[4], args;
} pattrs[] = {
	{ "dtrace", { { S_STAB, S_STAB, C_COMM }, { S_PRIV, S_PRIV, C_UNKN },
		      { S_PRIV, S_PRIV, C_UNKN }, { S_STAB, S_STAB, C_COMM } },
	  { S_STAB, S_STAB, C_COMM } },
	{ "syscall", { { S_EVOL, S_EVOL, C_COMM }, { S_PRIV, S_PRIV, C_UNKN },
		       { S_PRIV, S_PRIV, C_ISA }, { S_EVOL, S_EVOL, C_COMM } },
	  { S_PRIV, S_PRIV, C_ISA } },
	{ "fbt", { { S_EVOL, S_EVOL, C_COMM }, { S_PRIV, S_PRIV, C_UNKN },
		   { S_PRIV, S_PRIV, C_ISA }, { S_EVOL, S_EVOL, C_COMM } },
	  { S_PRIV, S_PRIV, C_ISA } },
	{ "rawfbt", { { S_EVOL, S_EVOL, C_COMM }, { S_PRIV, S_PRIV, C_UNKN },
		      { S_PRIV, S_PRIV, C_ISA }, { S_EVOL, S_EVOL, C_COMM } },
	  { S_PRIV, S_PRIV, C_ISA } },
	{ "profile", { { S_EVOL, S_EVOL, C_COMM }, { S_UNST, S_UNST, C_UNKN },
		       { S_PRIV, S_PRIV, C_UNKN }, { S_EVOL, S_EVOL, C_COMM } },
	  { S_EVOL, S_EVOL, C_COMM } },
	{ "cpc", { { S_EVOL, S_EVOL, C_COMM }, { S_UNST, S_UNST, C_UNKN },
		   { S_PRIV, S_PRIV, C_UNKN }, { S_EVOL, S_EVOL, C_COMM } },
	  { S_EVOL, S_EVOL, C_COMM } },
	{ "rawtp", { { S_EVOL, S_EVOL, C_ISA }, { S_PRIV, S_PRIV, C_UNKN },
		     { S_PRIV, S_PRIV, C_UNKN }, { S_PRIV, S_PRIV, C_ISA } },
	  { S_PRIV, S_PRIV, C_ISA } },
	{ "sdt", { { S_EVOL, S_EVOL, C_ISA }, { S_PRIV, S_PRIV, C_UNKN },
		   { S_PRIV, S_PRIV, C_UNKN }, { S_PRIV, S_PRIV, C_ISA } },
	  { S_PRIV, S_PRIV, C_ISA } },
	/* proc, sched, io and lockstat: dtrace-utils' SDT providers */
	{ NULL, { { S_EVOL, S_EVOL, C_ISA }, { S_PRIV, S_PRIV, C_UNKN },
		  { S_PRIV, S_PRIV, C_UNKN }, { S_EVOL, S_EVOL, C_ISA } },
	  { S_EVOL, S_EVOL, C_ISA } },
};

void dt_print_attr(FILE *f, const char *title, struct d_attr a)
{
	fprintf(f, "\n\t%s\n", title);
	fprintf(f, "\t\tIdentifier Names: %s\n", d_stability_name(a.name));
	fprintf(f, "\t\tData Semantics:   %s\n", d_stability_name(a.data));
	fprintf(f, "\t\tDependency Class: %s\n", d_class_name(a.class));
}

/*
 * The argument types of probe d, as -lv lists them: a D probe's
 * signature, a tracepoint's fields (a system call's after its number),
 * a raw tracepoint's BTF types; n of them.  Others have none.
 */
static int list_arg_types(const struct dt_desc *d, char (*types)[64], int max)
{
	const struct sdt_sig *sig = NULL;
	const struct tracefs_event *ev = NULL;
	int i, n = 0, skip = 0;

	if (!strcmp(d->prov, "proc") || !strcmp(d->prov, "sched") ||
	    !strcmp(d->prov, "io") || !strcmp(d->prov, "lockstat"))
		sig = sdt_signature(d->prov, d->name);
	for (i = 0; sig && i < sig->nargs && n < max; i++)
		snprintf(types[n++], 64, "%s", sig->args[i].dtype);
	if (sig)
		return n;
	if (!strcmp(d->prov, "syscall")) {
		char ev_name[128];

		snprintf(ev_name, sizeof(ev_name), "sys_%s_%s",
			 strcmp(d->name, "return") ? "enter" : "exit", d->func);
		ev = tracefs_event("syscalls", ev_name);
		skip = 1;
	} else if (!strcmp(d->prov, "sdt")) {
		ev = tracefs_event(d->mod, d->name);
	} else if (!strcmp(d->prov, "rawtp")) {
		struct vec specs = { 0 }, insts = { 0 };
		char err[256];

		if (!dt_desc_specs(d, -1, &specs, err, sizeof(err)) && specs.n) {
			const struct provider *p = provider_find(specs.v[0]);

			if (p && !p->expand(p, specs.v[0], &insts, err, sizeof(err)) &&
			    insts.n == 1) {
				const struct probe_inst *pi = insts.v[0];

				for (i = 0; i < pi->nargs && n < max; i++) {
					struct type *t = p->arg_type ? p->arg_type(pi, i) : NULL;

					if (t)
						bi_d_type_word(t, types[n], 64);
					else
						snprintf(types[n], 64, "uint64_t");
					n++;
				}
			}
		}
		for (i = 0; i < insts.n; i++)
			provider_inst_free(insts.v[i]);
		vec_free(&insts);
		vec_free_all(&specs);
		return n;
	}
	for (i = skip; ev && i < ev->nfields && n < max; i++) {
		const char *t = ev->fields[i].ctype, *br = strchr(t, '[');

		/* an array as CTF names it: "char [16]" */
		if (br && br > t && br[-1] != ' ')
			snprintf(types[n++], 64, "%.*s %s", (int)(br - t), t, br);
		else
			snprintf(types[n++], 64, "%s", t);
	}
	return n;
}

/* Providers' attributes a #pragma D attributes changed: struct dt_pattr *. */
static struct vec pattr_set;

static const struct dt_pattr *pattr_of(const char *prov)
{
	const struct dt_pattr *pa = pattrs;
	int i;

	for (i = 0; i < pattr_set.n; i++) {
		pa = pattr_set.v[i];
		if (!strcmp(pa->prov, prov))
			return pa;
	}
	pa = pattrs;
	while (pa->prov && strcmp(pa->prov, prov))
		pa++;
	return pa;
}

int dt_provider_attr(const char *prov, const char *part, struct d_attr a)
{
	static const char *const parts[] = {
		"provider", "module", "function", "name", "args",
	};
	struct dt_pattr *pa;
	size_t i, j;
	int k;

	for (j = 0; j < ARRAY_SIZE(provs) && strcmp(provs[j].name, prov); j++)
		;
	if (j == ARRAY_SIZE(provs))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(parts) && strcmp(parts[i], part); i++)
		;
	if (i == ARRAY_SIZE(parts))
		return -EINVAL;
	for (k = 0; k < pattr_set.n; k++)
		if (!strcmp(((struct dt_pattr *)pattr_set.v[k])->prov, prov))
			break;
	if (k == pattr_set.n) {
		pa = xmalloc(sizeof(*pa));
		*pa = *pattr_of(prov);
		pa->prov = provs[j].name;
		vec_push(&pattr_set, pa);
	}
	pa = pattr_set.v[k];
	if (i < 4)
		pa->part[i] = a;
	else
		pa->args = a;
	return 0;
}

/* Whether probe d is one that description want names. */
static bool desc_matches(const struct dt_desc *want, const struct dt_desc *d)
{
	return field_match(want->prov, d->prov) && field_match(want->mod, d->mod) &&
	       field_match(want->func, d->func) && field_match(want->name, d->name);
}

/* The listed probes description want matches: how many, and the first. */
struct match_ctx {
	const struct dt_desc *want;
	int n;
	struct dt_desc first;	/* when n > 0; free with dt_desc_free */
};

static void match_one(const char *name, void *arg)
{
	struct match_ctx *c = arg;
	struct dt_desc d;
	char err[64];

	if (dt_desc_parse(name, &d, err, sizeof(err)))
		return;
	if (desc_matches(c->want, &d) && !c->n++) {
		c->first = d;
		return;
	}
	dt_desc_free(&d);
}

bool dt_desc_attr(const struct dt_desc *d, long target, struct d_attr *desc,
		  struct d_attr parts[5])
{
	const char *fields[4] = { d->prov, d->mod, d->func, d->name };
	const struct dt_pattr *pa = NULL;
	bool glob[4];
	struct vec v = { 0 };
	char err[256];
	int i, m = 0;
	size_t j;

	for (i = 0; i < 4; i++)
		glob[i] = !*fields[i] || util_has_glob(fields[i]);
	/*
	 * How many probes it matches, and whose the first is: counted in
	 * the listing, or for a provider that lists none (fbt), one a spec,
	 * several for a spec with a glob.
	 */
	for (j = 0; j < ARRAY_SIZE(provs); j++) {
		struct match_ctx c = { .want = d };
		int n0 = v.n;

		if (!field_match(d->prov, provs[j].name) ||
		    provs[j].specs(d, target, &v, err, sizeof(err)) || v.n == n0)
			continue;
		if (!pa)
			pa = pattr_of(provs[j].name);
		if (provs[j].list) {
			provs[j].list(match_one, &c);
			m += c.n ? c.n : 1;
			if (c.n)
				dt_desc_free(&c.first);
			continue;
		}
		for (i = n0; i < v.n; i++)
			m += strpbrk(v.v[i], "*?") ? 2 : 1;
	}
	vec_free_all(&v);
	if (!pa && !glob[0] && !dt_desc_specs(d, target, &v, err, sizeof(err)) && v.n) {
		pa = pattr_of(d->prov);
		m = v.n;
	}
	vec_free_all(&v);
	/*
	 * Several probes under a component the provider holds stable but
	 * the description leaves open: dtrace finds no one probe to say
	 * what the description is, as when it matches none.
	 */
	if (pa && m > 1 &&
	    ((pa->args.data < S_EVOL && glob[0]) ||
	     (pa->part[1].name >= S_EVOL && glob[1]) ||
	     (pa->part[2].name >= S_EVOL && glob[2]) ||
	     (pa->part[3].name >= S_EVOL && glob[3])))
		pa = NULL;
	if (!pa) {
		*desc = d_attr_unstable;
		for (i = 0; i < 5; i++)
			parts[i] = d_attr_unstable;
		return false;
	}
	/* A description naming no provider is Unstable, whatever it finds. */
	*desc = glob[0] ? d_attr_unstable : pa->part[0];
	for (i = 1; i < 4; i++)
		if (!glob[i] && !glob[0])
			*desc = d_attr_min(*desc, pa->part[i]);
	for (i = 0; i < 4; i++)
		parts[i] = pa->part[i];
	parts[4] = pa->args;
	return true;
}

static void print_types(FILE *f, const struct dt_desc *d)
{
	char types[16][64];
	int i, n = list_arg_types(d, types, 16);

	fprintf(f, "\n\tArgument Types\n");
	for (i = 0; i < n; i++)
		fprintf(f, "\t\targs[%d]: %s\n", i, types[i]);
	if (!n)
		fprintf(f, "\t\tNone\n");
	fprintf(f, "\n");
}

int dt_desc_info(const struct dt_desc *d, long target, FILE *f)
{
	struct match_ctx fm = { .want = d };
	struct d_attr da, parts[5], arga;
	size_t j;

	fprintf(f, "\n%s:%s:%s:%s\n", d->prov, d->mod, d->func, d->name);
	if (!dt_desc_attr(d, target, &da, parts))
		return -ENOENT;
	/* The arguments' attributes are the description's provider's. */
	arga = !*d->prov || util_has_glob(d->prov) ? d_attr_unstable : parts[4];
	dt_print_attr(f, "Probe Description Attributes", da);
	dt_print_attr(f, "Argument Attributes", arga);
	for (j = 0; j < ARRAY_SIZE(provs) && !fm.n; j++)
		if (provs[j].list && field_match(d->prov, provs[j].name))
			provs[j].list(match_one, &fm);
	/* A provider that lists nothing (fbt): its probe as described. */
	print_types(f, fm.n ? &fm.first : d);
	if (fm.n)
		dt_desc_free(&fm.first);
	return 0;
}

/* -lv: probe d's attributes and argument types, as dtrace lists them. */
static void list_verbose(const struct dt_desc *d)
{
	const struct dt_pattr *pa = pattr_of(d->prov);
	const char *parts[4] = { d->prov, d->mod, d->func, d->name };
	struct d_attr a;
	int i;

	/* The provider's, lowered by each component the probe names */
	a = pa->part[0];
	for (i = 1; i < 4; i++)
		if (*parts[i] && !util_has_glob(parts[i]))
			a = d_attr_min(a, pa->part[i]);
	dt_print_attr(stdout, "Probe Description Attributes", a);
	dt_print_attr(stdout, "Argument Attributes", pa->args);
	print_types(stdout, d);
}

static void list_one(const char *name, void *arg)
{
	struct list_ctx *c = arg;
	struct dt_desc d;
	char err[64];

	c->id++;
	if (dt_desc_parse(name, &d, err, sizeof(err)))
		return;
	if (c->all || desc_matches(&c->want, &d)) {
		printf("%5d %10s %17s %33s %s\n", c->id, d.prov,
		       *d.mod ? d.mod : "", d.func, d.name);
		if (c->verbose)
			list_verbose(&d);
		c->shown++;
	}
	dt_desc_free(&d);
}

struct id_find {
	long want, id;
	char *found;
};

static void id_one(const char *name, void *arg)
{
	struct id_find *f = arg;

	if (++f->id == f->want && !f->found)
		f->found = xstrdup(name);
}

char *dt_probe_by_id(long id)
{
	struct id_find f = { id, 0, NULL };
	size_t i;

	for (i = 0; id > 0 && i < ARRAY_SIZE(provs) && !f.found; i++)
		if (provs[i].list)
			provs[i].list(id_one, &f);
	return f.found;
}

void dt_list_header(void)
{
	printf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
	       "FUNCTION", "NAME");
}

int dt_list(const char *text, long target, bool verbose)
{
	struct list_ctx c = { .all = !text, .verbose = verbose };
	char err[256];
	size_t i;

	if (text && dt_desc_parse(text, &c.want, err, sizeof(err))) {
		fprintf(stderr, "dtrace: %s\n", err);
		return -EINVAL;
	}
	for (i = 0; i < ARRAY_SIZE(provs); i++)
		if (provs[i].list)
			provs[i].list(list_one, &c);
	for (i = 0; text && i < ARRAY_SIZE(provs); i++)
		if (provs[i].provide && field_match(c.want.prov, provs[i].name))
			provs[i].provide(&c.want, list_one, &c);
	/* named by its fields, as dtrace names the description it parsed */
	if (text && !c.shown)
		fprintf(stderr, "dtrace: failed to match %s:%s:%s:%s: No probe matches description\n",
			c.want.prov, c.want.mod, c.want.func, c.want.name);
	if (text)
		dt_desc_free(&c.want);
	return text && !c.shown ? -ENOENT : 0;
}
