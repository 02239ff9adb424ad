/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_KSYMS_H
#define FERRET_KSYMS_H

#include <stdint.h>

/*
 * Address of kernel symbol name from /proc/kallsyms.  0, -ENOENT if there
 * is no such symbol, -EPERM if the kernel hides addresses (kptr_restrict
 * shows them as zero to unprivileged readers).
 */
int ksyms_lookup(const char *name, uint64_t *addr);

#endif
