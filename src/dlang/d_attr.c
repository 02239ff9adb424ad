/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "d_attr.h"
#include "util.h"

const struct d_attr d_attr_default = { D_STAB_STABLE, D_STAB_STABLE, D_CLASS_COMMON };
const struct d_attr d_attr_max = { D_STAB_STANDARD, D_STAB_STANDARD, D_CLASS_COMMON };
const struct d_attr d_attr_private = { D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN };
const struct d_attr d_attr_unstable = { D_STAB_UNSTABLE, D_STAB_UNSTABLE, D_CLASS_COMMON };

static const char *const stab_names[] = {
	"Internal", "Private", "Obsolete", "External", "Unstable",
	"Evolving", "Stable", "Standard",
};
static const char *const class_names[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};

const char *d_stability_name(int s)
{
	return s >= 0 && s < (int)ARRAY_SIZE(stab_names) ? stab_names[s] : "?";
}

const char *d_class_name(int c)
{
	return c >= 0 && c < (int)ARRAY_SIZE(class_names) ? class_names[c] : "?";
}

struct d_attr d_attr_min(struct d_attr a, struct d_attr b)
{
	if (b.name < a.name)
		a.name = b.name;
	if (b.data < a.data)
		a.data = b.data;
	if (b.class < a.class)
		a.class = b.class;
	return a;
}

bool d_attr_below(struct d_attr a, struct d_attr b)
{
	return a.name < b.name || a.data < b.data || a.class < b.class;
}

static int part_of(const char *s, size_t len, const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncasecmp(names[i], s, len))
			return i;
	return -1;
}

/*
 * As dtrace reads them: parts split at '/', an empty one ends the text
 * (what is left keeps the most); a fourth is an error.
 */
int d_attr_parse(const char *s, size_t len, struct d_attr *a)
{
	const char *e = s + len, *slash;
	unsigned char *parts[3] = { &a->name, &a->data, &a->class };
	int part, v;

	*a = d_attr_max;
	for (part = 0; s < e; part++) {
		slash = memchr(s, '/', e - s);
		if (!slash)
			slash = e;
		if (part == 3)
			return -EINVAL;
		v = part < 2 ? part_of(s, slash - s, stab_names, ARRAY_SIZE(stab_names)) :
			       part_of(s, slash - s, class_names, ARRAY_SIZE(class_names));
		if (v < 0)
			return -EINVAL;
		*parts[part] = (unsigned char)v;
		s = slash < e ? slash + 1 : e;
	}
	return 0;
}

const char *d_attr_str(struct d_attr a, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s/%s", d_stability_name(a.name),
		 d_stability_name(a.data), d_class_name(a.class));
	return buf;
}
