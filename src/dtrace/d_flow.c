/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flowindent's labels, as dtrace(8) of dtrace-utils lays them out: the
 * CPU in 3 columns, then the indented marker and function left-aligned
 * in 41, then a space.
 */
#include <stdlib.h>
#include <string.h>

#include "d_flow.h"

enum { FLOW_NONE, FLOW_ENTRY, FLOW_RETURN };

/*
 * Whether probe name is word ("entry", "return") or ends with "-word",
 * as dtrace tells them apart: its first occurrence must end the name, so
 * that "carpentry" is neither.
 */
static bool flow_word(const char *name, const char *word)
{
	const char *sub = strstr(name, word);

	return sub && !sub[strlen(word)] && (sub == name || sub[-1] == '-');
}

void d_flow_header(struct buf *out, bool cpu_column)
{
	if (cpu_column)
		buf_printf(out, "%3s %-41s\n", "CPU", "FUNCTION");
	else
		buf_printf(out, "%-41s\n", "FUNCTION");
}

static struct d_flow_cpu *flow_cpu(struct d_flow *f, unsigned cpu)
{
	if (cpu >= f->ncpus) {
		unsigned n = cpu + 1;

		f->cpus = xrealloc(f->cpus, n * sizeof(*f->cpus));
		memset(f->cpus + f->ncpus, 0,
		       (n - f->ncpus) * sizeof(*f->cpus));
		f->ncpus = n;
	}
	return &f->cpus[cpu];
}

void d_flow_label(struct d_flow *f, struct buf *out, unsigned cpu,
		  bool cpu_column, const void *clause, const char *prov,
		  const char *mod, const char *func, const char *name)
{
	struct d_flow_cpu *c = flow_cpu(f, cpu);
	bool sys = !strcmp(prov, "syscall");
	const char *mark = "| ";
	int kind = FLOW_NONE;
	struct buf label = { 0 };

	if (flow_word(name, "entry")) {
		kind = FLOW_ENTRY;
		mark = sys ? " => " : " -> ";
	} else if (flow_word(name, "return")) {
		kind = FLOW_RETURN;
		mark = sys ? " <= " : " <- ";
	}
	/* another clause of the probe just seen: the same call */
	if (kind == FLOW_ENTRY && c->any && c->clause != clause &&
	    !strcmp(c->prov, prov) && !strcmp(c->mod, mod) &&
	    !strcmp(c->func, func) && !strcmp(c->name, name)) {
		kind = FLOW_NONE;
		mark = "| ";
	}
	if (kind == FLOW_RETURN && c->indent > 0)
		c->indent -= 2;
	if (kind == FLOW_NONE)
		buf_printf(&label, "%*s%s%s:%s", c->indent, "", mark, func,
			   name);
	else
		buf_printf(&label, "%*s%s%s", c->indent, "", mark, func);
	buf_put(&label, "", 1);
	if (cpu_column)
		buf_printf(out, "%3u %-41s ", cpu, label.p);
	else
		buf_printf(out, "%-41s ", label.p);
	buf_free(&label);
	if (kind == FLOW_ENTRY)
		c->indent += 2;
	c->any = true;
	c->clause = clause;
	c->prov = prov;
	c->mod = mod;
	c->func = func;
	c->name = name;
}

void d_flow_free(struct d_flow *f)
{
	free(f->cpus);
	f->cpus = NULL;
	f->ncpus = 0;
}
