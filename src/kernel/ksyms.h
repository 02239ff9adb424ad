/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_KSYMS_H
#define FERRET_KSYMS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Address of kernel symbol name from /proc/kallsyms (its first line of
 * that name).  0, -ENOENT if there is no such symbol, -EPERM if the
 * kernel hides addresses (kptr_restrict shows them as zero to
 * unprivileged readers).  The file is read once, on first use, and kept
 * sorted for lookups; ksyms_text() shares that reading.
 */
int ksyms_lookup(const char *name, uint64_t *addr);

/*
 * As ksyms_lookup, of module's symbol name: module "" is vmlinux, NULL
 * any module (vmlinux's first).  Its type letter in *kind ('T', 'd' ...).
 * -ENODEV when module names no module that kallsyms lists.
 */
int ksyms_lookup_in(const char *module, const char *name, uint64_t *addr,
		    char *kind);

/*
 * Whether /proc/kallsyms lists the kernel's local data symbols ('d', 'b',
 * 'r'): a kernel built without CONFIG_KALLSYMS_ALL lists functions and
 * a few section bounds alone.
 */
bool ksyms_lists_data(void);

/* A kernel function: its name and module ("" for vmlinux). */
struct ksyms_func {
	const char *name;
	const char *module;
};

/*
 * Name lists of kernel functions, each read once, on first use, and kept:
 * sorted by name then module, without duplicates.  Each returns the count
 * and points *out at the array, or -errno (lockdown makes the tracefs
 * files unreadable with EPERM).
 *
 * ksyms_traceable: what ftrace can attach to, tracefs
 *   available_filter_functions, without the placeholders it lists for
 *   functions the linker dropped ("__ftrace_invalid_address__...").
 * ksyms_text: the text symbols ('t', 'T') of /proc/kallsyms.
 * ksyms_kprobe_blacklist: what kprobes refuse, from debugfs
 *   kprobes/blacklist (-ENOENT where debugfs is not mounted).
 */
int ksyms_traceable(const struct ksyms_func **out);
int ksyms_text(const struct ksyms_func **out);
int ksyms_kprobe_blacklist(const struct ksyms_func **out);

/* True if name (any module) is in the list of n functions. */
bool ksyms_has(const struct ksyms_func *funcs, int n, const char *name);

#endif
