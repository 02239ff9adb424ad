/* SPDX-License-Identifier: GPL-2.0 */
#include <stdlib.h>
#include <string.h>

#include "cpp.h"
#include "../util.h"

#define CPP_MAX_DEPTH 32

static bool defined(const char *name, size_t len, const char *const *defines)
{
	for (; defines && *defines; defines++)
		if (strlen(*defines) == len && !strncmp(*defines, name, len))
			return true;
	return false;
}

/* Blanks [s, e) keeping newlines. */
static void blank(char *s, char *e)
{
	for (; s < e; s++)
		if (*s != '\n')
			*s = ' ';
}

/*
 * Whether a block comment is still open at e, given whether one was at
 * s: a '#' inside a comment starts no directive.  Strings and line
 * comments are skipped so that a comment opener inside them opens nothing.
 */
static bool in_comment_after(const char *s, const char *e, bool in)
{
	for (; s < e; s++) {
		if (in) {
			if (s[0] == '*' && s + 1 < e && s[1] == '/') {
				in = false;
				s++;
			}
		} else if (s[0] == '/' && s + 1 < e && s[1] == '*') {
			in = true;
			s++;
		} else if (s[0] == '/' && s + 1 < e && s[1] == '/') {
			break;
		} else if (s[0] == '"') {
			for (s++; s < e && *s != '"'; s++)
				if (*s == '\\' && s + 1 < e)
					s++;
		}
	}
	return in;
}

char *cpp_run(const struct source *src, const char *const *defines)
{
	char *text = xstrdup(src->text), *line = text, *end;
	bool active[CPP_MAX_DEPTH + 1] = { true }, seen_else[CPP_MAX_DEPTH + 1];
	struct loc loc = { 1, 1, 1 };
	bool comment = false, was;
	int depth = 0;

	for (; *line; line = *end ? end + 1 : end, loc.line++) {
		char *p = line, *w;
		size_t wl;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		was = comment;
		comment = in_comment_after(line, end, comment);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (was || p == end || *p != '#' ||
		    (loc.line == 1 && p[1] == '!')) {
			if (!active[depth])
				blank(line, end);
			continue;
		}
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		w = p;
		while (p < end && ((*p >= 'a' && *p <= 'z')))
			p++;
		wl = p - w;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		loc.col = w - line;
		loc.len = wl ? wl + 1 : 1;
		if ((wl == 5 && !strncmp(w, "ifdef", 5)) ||
		    (wl == 6 && !strncmp(w, "ifndef", 6))) {
			size_t nl = strcspn(p, " \t\n/");

			if (depth == CPP_MAX_DEPTH) {
				diag_error(src, &loc, "#if nesting is too deep");
				goto fail;
			}
			depth++;
			seen_else[depth] = false;
			active[depth] = active[depth - 1] &&
					(defined(p, nl, defines) == (wl == 5));
		} else if (wl == 4 && !strncmp(w, "else", 4)) {
			if (!depth || seen_else[depth]) {
				diag_error(src, &loc, "#else without #ifdef");
				goto fail;
			}
			seen_else[depth] = true;
			active[depth] = active[depth - 1] && !active[depth];
		} else if (wl == 5 && !strncmp(w, "endif", 5)) {
			if (!depth) {
				diag_error(src, &loc, "#endif without #ifdef");
				goto fail;
			}
			depth--;
		} else if (wl == 7 && !strncmp(w, "include", 7)) {
			/* Kernel types come from BTF: nothing to include. */
		} else if (active[depth]) {
			diag_error(src, &loc, "preprocessor directive '#%.*s' is not supported yet",
				   (int)wl, w);
			goto fail;
		}
		blank(line, end);
	}
	if (depth) {
		loc.col = 1;
		loc.len = 1;
		loc.line--;
		diag_error(src, &loc, "#ifdef without #endif");
		goto fail;
	}
	return text;
fail:
	free(text);
	return NULL;
}
