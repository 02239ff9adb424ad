/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ksyms.h"

int ksyms_lookup(const char *name, uint64_t *addr)
{
	char line[512], sym[256];
	uint64_t a;
	char kind;
	FILE *f = fopen("/proc/kallsyms", "r");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNx64 " %c %255s", &a, &kind, sym) != 3)
			continue;
		if (strcmp(sym, name))
			continue;
		*addr = a;
		ret = a ? 0 : -EPERM;
		break;
	}
	fclose(f);
	return ret;
}
