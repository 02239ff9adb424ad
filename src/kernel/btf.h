/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_BTF_H
#define FERRET_BTF_H

#include <stdbool.h>

struct type;

/*
 * Kernel types from /sys/kernel/btf/vmlinux, loaded on first use.
 * Installs the type_struct_named/type_complete_hook hooks of types.h.
 */
void kbtf_install(void);
/*
 * Starts reading the kernel's BTF on a thread of its own, for a caller
 * that is sure to need it: the first use waits for it.
 */
void kbtf_preload(void);
/* Frees the loaded BTF (types built from it stay in the type arena). */
void kbtf_release(void);

/* The kernel's BTF, loaded once and shared; NULL with errno. */
struct btf;
struct btf *kbtf_vmlinux(void);

/*
 * The language type of vmlinux BTF type id: integers and enums as ints,
 * char arrays as strings, pointers as pointers, structs as lazy structs,
 * anything else TY_NONE (unreadable).  NULL with errno without BTF.
 */
struct type *kbtf_type(int id);

/*
 * The type of kernel variable name, as kbtf_type() gives it, and in
 * *percpu whether it is a per-CPU variable (of section .data..percpu,
 * whose "address" is an offset in each CPU's area); NULL with errno
 * ENOENT if BTF describes no such variable.
 */
struct type *kbtf_var(const char *name, bool *percpu);

/* TY_STRUCT "struct NAME" (or union), fields filled lazily; NULL with errno. */
struct type *kbtf_struct(const char *name);

/*
 * The byte offset of member path in the kernel's struct sname, as BTF
 * describes it: path names members of embedded members with dots
 * ("se.exec_start"), and unnamed members are looked through.  Its size
 * in *size (if size).  -ENOENT if BTF has no such member (or it is a
 * bitfield).
 */
int kbtf_member(const char *sname, const char *path, int *size);

/* Parses a C type name as written in a cast or a tracepoint format
 * ("struct task_struct *", "const struct timespec *"); NULL if unknown. */
struct type *kbtf_parse_ctype(const char *ctype);

#endif
