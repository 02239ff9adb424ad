/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_D_ATTR_H
#define FERRET_D_ATTR_H

/*
 * DTrace's stability attributes: how stable a name is, how stable what
 * it means is, and what it depends on.  Each part is ordered, lowest
 * first, and an expression has the least of what it uses, part by part.
 */
#include <stdbool.h>
#include <stddef.h>

enum {
	D_STAB_INTERNAL, D_STAB_PRIVATE, D_STAB_OBSOLETE, D_STAB_EXTERNAL,
	D_STAB_UNSTABLE, D_STAB_EVOLVING, D_STAB_STABLE, D_STAB_STANDARD,
};
enum {
	D_CLASS_UNKNOWN, D_CLASS_CPU, D_CLASS_PLATFORM, D_CLASS_GROUP,
	D_CLASS_ISA, D_CLASS_COMMON,
};

struct d_attr {
	unsigned char name, data, class;
};

/* Stable/Stable/Common: what D's own names and program-defined ones have. */
extern const struct d_attr d_attr_default;
/* Standard/Standard/Common: the most, where a minimum starts. */
extern const struct d_attr d_attr_max;
/* Private/Private/Unknown: kernel symbols and types. */
extern const struct d_attr d_attr_private;
/* Unstable/Unstable/Common: a description with no provider named. */
extern const struct d_attr d_attr_unstable;

const char *d_stability_name(int s);
const char *d_class_name(int c);
/* a, lowered part by part to b's where b's is less. */
struct d_attr d_attr_min(struct d_attr a, struct d_attr b);
/* Whether any part of a is less than b's (dtrace's -x amin check). */
bool d_attr_below(struct d_attr a, struct d_attr b);
/*
 * "Name/Data/Class" (case ignored; parts left out are the most) into
 * *a: 0, or -EINVAL.  len bytes of s.
 */
int d_attr_parse(const char *s, size_t len, struct d_attr *a);
/* "Stable/Private/Common" into buf. */
const char *d_attr_str(struct d_attr a, char *buf, size_t len);

#endif
