/* SPDX-License-Identifier: GPL-2.0 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/loc.h"

static FILE *diag_stream;
static int diag_errors;
static bool diag_no_warnings;
static bool diag_tags;
static bool diag_no_carets;
/* Leads by part of the source: parts[i] covers lines from first on. */
static struct diag_part {
	int first;
	const char *lead;
	bool line;
} diag_parts[64];
static int diag_nparts;

void diag_set_tags(bool on)
{
	diag_tags = on;
}

void diag_set_carets(bool on)
{
	diag_no_carets = !on;
}

void diag_set_lead(const char *lead, bool line)
{
	diag_nparts = 0;
	if (lead)
		diag_add_lead(1, lead, line);
}

void diag_add_lead(int first, const char *lead, bool line)
{
	if (diag_nparts < (int)(sizeof(diag_parts) / sizeof(diag_parts[0])))
		diag_parts[diag_nparts++] = (struct diag_part){ first, lead, line };
}

/* The part holding line (the first for none), or NULL. */
static const struct diag_part *diag_part(int line)
{
	int i = diag_nparts - 1;

	while (i > 0 && (line <= 0 || diag_parts[i].first > line))
		i--;
	return i >= 0 ? &diag_parts[i] : NULL;
}

void diag_set_warnings(bool on)
{
	diag_no_warnings = !on;
}

bool diag_warnings(void)
{
	return !diag_no_warnings;
}

void diag_set_stream(FILE *f)
{
	diag_stream = f;
}

int diag_count(void)
{
	return diag_errors;
}

void diag_reset(void)
{
	diag_errors = 0;
}

/* Returns the start of 1-based line n of text, or NULL past the end. */
static const char *find_line(const char *text, int n, int *len)
{
	const char *p = text, *nl;

	while (--n > 0) {
		nl = strchr(p, '\n');
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	nl = strchr(p, '\n');
	*len = nl ? (int)(nl - p) : (int)strlen(p);
	if (*len > 0 && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/*
 * The caret line copies tabs from the source line so that the caret lands
 * under the right character whatever the terminal's tab width.
 */
static void show_line(FILE *f, const struct source *src, const struct loc *loc)
{
	const char *line;
	int llen, i, len;

	if (!src->text || loc->line < 1 || loc->col < 1)
		return;
	line = find_line(src->text, loc->line, &llen);
	if (!line)
		return;
	fprintf(f, "%.*s\n", llen, line);
	for (i = 0; i < loc->col - 1; i++)
		fputc(i < llen && line[i] == '\t' ? '\t' : ' ', f);
	fputc('^', f);
	len = loc->len;
	if (len > llen - (loc->col - 1))
		len = llen - (loc->col - 1);
	for (i = 1; i < len; i++)
		fputc('~', f);
	fputc('\n', f);
}

/*
 * With a lead (ferret dtrace), a message that starts with one of DTrace's
 * error tags ("[D_PROTO_LEN] ") has it before the line, as dtrace puts it
 * under -x errtags (diag_set_tags()), and drops it otherwise.
 */
static void __attribute__((format(printf, 4, 0)))
report(const char *what, const struct source *src, const struct loc *loc,
       const char *fmt, va_list ap)
{
	FILE *f = diag_stream ? diag_stream : stderr;
	const char *name = src && src->name ? src->name : "ferret";
	const struct diag_part *part = diag_part(loc ? loc->line : 0);
	const char *msg, *end;
	char *text;
	int tag = 0;

	if (vasprintf(&text, fmt, ap) < 0)
		return;
	msg = text;
	if (part && !strncmp(text, "[D_", 3) &&
	    (end = strstr(text, "] ")) != NULL) {
		tag = (int)(end - text) + 2;
		if (!diag_tags) {
			msg += tag;
			tag = 0;
		}
	}
	if (part && !strcmp(what, "error") && part->line && loc &&
	    loc->line > 0) {
		fprintf(f, "%s%.*sline %d: ", part->lead, tag, text,
			(loc->named_line ? loc->named_line : loc->line) -
			part->first + 1);
		msg += tag;
	} else if (part && !strcmp(what, "error")) {
		fputs(part->lead, f);
	} else if (loc && loc->line > 0) {
		fprintf(f, "%s:%d:%d: %s: ", name, loc->line, loc->col, what);
	} else {
		fprintf(f, "%s: %s: ", name, what);
	}
	fputs(msg, f);
	fputc('\n', f);
	if (src && loc && loc->line > 0 && !(diag_no_carets && part))
		show_line(f, src, loc);
	fflush(f);
	free(text);
}

void diag_error(const struct source *src, const struct loc *loc,
		const char *fmt, ...)
{
	va_list ap;

	/* dtrace stops at its first error: with a lead, only that one shows. */
	if (diag_errors++ && diag_part(loc ? loc->line : 0))
		return;
	va_start(ap, fmt);
	report("error", src, loc, fmt, ap);
	va_end(ap);
}

void diag_warn(const struct source *src, const struct loc *loc,
	       const char *fmt, ...)
{
	va_list ap;

	if (diag_no_warnings)
		return;
	va_start(ap, fmt);
	report("warning", src, loc, fmt, ap);
	va_end(ap);
}
