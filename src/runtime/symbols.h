/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_SYMBOLS_H
#define FERRET_SYMBOLS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "util.h"

/*
 * Symbolization of stack frames as bpftrace 0.17 prints them (bpftrace
 * resolves through bcc; the names below are bcc's, ties between names
 * at one address included).
 *
 * A frame is "NAME+OFF" with OFF in decimal, or "NAME" without offset
 * (ksym(), usym()); with SYM_MODULE a user frame gets " (MODULE)", the
 * path of the object as /proc/PID/maps names it.  An address no symbol
 * names is "0x" and lowercase hex ("0" for 0), with SYM_MODULE followed
 * by " ([unknown])".
 */

#define SYM_OFFSET	0x1	/* "+OFF" */
#define SYM_MODULE	0x2	/* " (MODULE)", user frames only */
#define SYM_DATA	0x4	/* kernel data symbols (bBdDrR) name addresses
				 * too, as DTrace's %a and sym() name them */

/*
 * Appends the kernel symbol for addr to out.  /proc/kallsyms is read
 * once, on first use, keeping what bcc keeps (text and other non-data
 * symbols, modules' too); the name is that of the symbol starting
 * nearest at or below addr, whatever its size.  Which of several names
 * at one address wins depends on all of kallsyms (bcc's sort is not
 * stable): it is bpftrace's only for the same contents, and every BPF
 * program loaded adds a line.  0 if a symbol named addr, -ENOENT if the
 * hex form was appended (no symbol below addr, or kallsyms unreadable
 * or hiding addresses).
 */
int sym_kernel_ex(uint64_t addr, unsigned int flags, struct buf *out);

/* sym_kernel_ex(addr, SYM_OFFSET, out): a kstack frame. */
int sym_kernel(uint64_t addr, struct buf *out);

/* The executable file-backed mappings of a process, kept after it exits. */
struct sym_proc;

/*
 * Snapshots /proc/PID/maps: every executable mapping of a file, with its
 * start, end, file offset and path.  Nothing is read from the objects
 * yet; for a process in another mount namespace they will be read
 * through /proc/PID/root while it lives.  Frames in the vDSO stay
 * unnamed, as bpftrace 0.17 leaves them.  NULL with errno set (ENOENT if
 * there is no such process).
 */
struct sym_proc *sym_proc_capture(pid_t pid);

void sym_proc_free(struct sym_proc *p);

/*
 * The run's captures, one per pid: sym_proc_note() captures pid's
 * mappings if it has none yet (or again, when again is set and the
 * process still exists) and keeps them for the rest of the run;
 * sym_proc_get() is the same without again.  Both return NULL when the
 * process could never be read (it exited first); the failure is kept so
 * that it is not retried for every frame.  sym_proc_forget() drops the
 * capture (a process that is about to exec).  sym_reset() frees them.
 */
struct sym_proc *sym_proc_note(pid_t pid, bool again);
struct sym_proc *sym_proc_get(pid_t pid);
void sym_proc_forget(pid_t pid);
/* Whether one of p's captured mappings holds addr (p may be NULL). */
bool sym_proc_covers(struct sym_proc *p, uint64_t addr);

/*
 * Appends the user symbol for addr in the process p was captured from
 * (p may be NULL: always the hex form).  The object's symbols come from
 * its ELF file and its separate debug file, read once per path for the
 * whole run and shared by every sym_proc; the name is that of the
 * symbol that contains addr by its size.  0 if a symbol named addr,
 * -ENOENT if the hex form was appended.
 */
int sym_user_ex(struct sym_proc *p, uint64_t addr, unsigned int flags,
		struct buf *out);

/* sym_user_ex(p, addr, SYM_OFFSET, out): a ustack frame. */
int sym_user(struct sym_proc *p, uint64_t addr, struct buf *out);

/* The mapping a frame's address lies in. */
struct sym_where {
	uint64_t start, end;	/* its addresses, [start, end) */
	uint64_t pgoff;		/* the file offset at start */
	const char *path;	/* as /proc/PID/maps names it ("[vdso]"
				 * too); "[kernel.kallsyms]" or "[MODULE]"
				 * for the kernel */
	const char *build_id;	/* the object's GNU build id in hex, or
				 * NULL */
};

/*
 * The captured mapping of p (may be NULL) that holds addr, reading its
 * object's build id on first use; the strings live as long as p and the
 * run's object cache.  0, or -ENOENT if no mapping holds addr.
 */
int sym_user_where(struct sym_proc *p, uint64_t addr, struct sym_where *w);

/*
 * The kernel's text (_stext to _etext, build id from /sys/kernel/notes)
 * or the loaded module's (/proc/modules, build id from /sys/module) that
 * holds addr, read once per run.  0, or -ENOENT if none holds it (or
 * the kernel hides its addresses).
 */
int sym_kernel_where(uint64_t addr, struct sym_where *w);

/*
 * The kernel's image, text and data (_text to _end), if it holds addr:
 * where a data symbol (SYM_DATA) lives.  0, or -ENOENT.
 */
int sym_kernel_image(uint64_t addr, struct sym_where *w);

/*
 * Appends a whole kstack (user false) or ustack (user true, frames
 * resolved in p) as bpftrace prints one: "\n", then for each address up
 * to n or the first 0 one line: indent spaces and the frame with its
 * offset; or, with perf set, a tab, the address in lowercase hex
 * without "0x", a space and the frame (with its module for user frames).
 * bpftrace indents by 8 in printf(), print() and map values, by 4 in
 * map keys.
 */
void sym_stack(const uint64_t *ips, int n, bool user, struct sym_proc *p,
	       bool perf, int indent, struct buf *out);

/*
 * The symbols of the ELF file path, read at most once per run (the cache
 * user frames use), or NULL if it cannot be read.
 */
struct symtab;
const struct symtab *sym_symtab(const char *path);

/* How many object files have been read (each at most once); for tests. */
int sym_object_loads(void);

/* Drops the kallsyms table and every object read; for tests and exit. */
void sym_reset(void);

#endif
