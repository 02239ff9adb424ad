/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_PROVIDER_H
#define FERRET_PROVIDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "../util.h"

struct type;
struct provider;

/* When a probe's program runs, for providers the kernel does not fire. */
enum probe_when {
	WHEN_EVENT,	/* attached to a kernel event */
	WHEN_BEGIN,	/* run once after every probe is attached */
	WHEN_END,	/* run once at exit, before maps are printed */
};

/* How generated code reaches args->field and argN. */
enum ctx_mode {
	CTX_NONE,	/* no arguments */
	CTX_RECORD,	/* ctx points at a tracepoint record: direct loads */
	CTX_U64_ARRAY,	/* ctx is u64 args[] (raw tracepoints) */
};

/* One attach point, after wildcard expansion. */
struct probe_inst {
	char *name;		/* canonical, as the "probe" builtin prints it */
	const struct provider *prov;
	enum probe_when when;
	struct type *args;	/* TY_STRUCT of args->fields, or NULL */
	uint64_t config;	/* provider data: tracepoint id, perf config */
	uint64_t period;	/* perf events: sample period or frequency */
	bool freq;		/* period is a frequency in Hz */
	int cpu;		/* perf events: -1 for every CPU, else that CPU */
	char *target;		/* provider data: raw tracepoint name ... */
	int index;		/* position in the program's probe table */
};

/* File descriptors an attachment holds; closing them detaches. */
struct fdset {
	int *fd;
	int n, cap;
};
void fdset_add(struct fdset *s, int fd);
void fdset_close(struct fdset *s);

/*
 * A probe type.  Providers never print: they return 0 or a negative errno
 * and describe a failure in err, which the caller reports at the spec.
 */
struct provider {
	const char *name;		/* "tracepoint" */
	const char *alias;		/* "t", or NULL */
	int prog_type;			/* enum bpf_prog_type */
	enum ctx_mode ctx;
	bool cookie;			/* bpf_get_attach_cookie() works: one
					 * program can serve many instances */

	/*
	 * Expands spec (the whole text, e.g. "tracepoint:sched:sched_*")
	 * into struct probe_inst pointers appended to out.  Matching nothing
	 * is an error.
	 */
	int (*expand)(const struct provider *p, const char *spec,
		      struct vec *out, char *err, size_t errlen);

	/* Calls fn with every probe name matching pattern (NULL: all). */
	int (*list)(const struct provider *p, const char *pattern,
		    void (*fn)(const char *name, void *arg), void *arg);

	/*
	 * Attaches prog_fd to pi; cookie reaches bpf_get_attach_cookie().
	 * The fds that keep it attached go into fds.
	 */
	int (*attach)(const struct probe_inst *pi, int prog_fd,
		      uint64_t cookie, struct fdset *fds,
		      char *err, size_t errlen);
};

/* The provider a spec belongs to (by prefix before ':' or whole word). */
const struct provider *provider_find(const char *spec);
/* Every provider, NULL-terminated, for -l. */
extern const struct provider *const provider_table[];

#endif
