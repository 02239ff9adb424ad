/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_SYMTAB_H
#define FERRET_SYMTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <libelf.h>

/*
 * ELF symbol tables for uprobes and user stack symbolization.
 *
 * A symtab holds every named symbol with a nonzero value of an ELF file:
 * its separate debug file's first (found by build id under
 * /usr/lib/debug/.build-id, else by .gnu_debuglink next to the file, in
 * its .debug/ or under /usr/lib/debug with the CRC checked), then its own
 * .symtab and .dynsym.  That is the list bcc builds, in bcc's order, and
 * it is sorted by address exactly as bcc sorts it, so that where several
 * names share an address the one symtab_symbolize() returns is the one
 * bpftrace 0.17 prints.  Entries equal in name, address, size and type
 * are kept once.
 *
 * The lookups by name, by glob and symtab_lookup_addr() see only FUNC,
 * GNU_IFUNC and OBJECT symbols.  Addresses are ELF virtual addresses
 * (st_value); the conversions below relate them to file offsets (what
 * the perf uprobe PMU takes) and to run-time addresses.
 */

struct symtab;

struct symtab_sym {
	const char *name;	/* owned by the symtab */
	uint64_t addr;		/* st_value */
	uint64_t size;		/* st_size, may be 0 */
	uint8_t type;		/* STT_FUNC, STT_OBJECT, ... */
	uint8_t bind;		/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
};

/* A PT_LOAD program header. */
struct symtab_seg {
	uint64_t vaddr;
	uint64_t offset;
	uint64_t filesz;
	uint64_t memsz;
	uint32_t flags;		/* PF_R | PF_W | PF_X */
};

/*
 * Reads path's symbols (and its debug file's, see above) and program
 * headers.  NULL with errno set: ENOENT and the like from open(2),
 * ENOEXEC if path is not an ELF file or is corrupt.
 */
struct symtab *symtab_open(const char *path);

/*
 * path opened read-only as an ELF file: its handle, and its descriptor
 * in *fd, both to release (elf_end(), close()).  NULL with errno set.
 */
Elf *symtab_elf_open(const char *path, int *fd);

void symtab_close(struct symtab *st);

const char *symtab_path(const struct symtab *st);

/* The debug file whose symbols were read, or NULL. */
const char *symtab_debug_path(const struct symtab *st);

/* The GNU build id note of the file as lowercase hex, or NULL. */
const char *symtab_build_id(const struct symtab *st);

/* e_type: ET_EXEC for fixed-address executables, ET_DYN for PIE and .so. */
int symtab_elf_type(const struct symtab *st);

/* The PT_LOAD headers in file order; returns their count. */
int symtab_segments(const struct symtab *st, const struct symtab_seg **segs);

/*
 * The FUNC, GNU_IFUNC and OBJECT symbols, by address; returns their
 * count.
 */
int symtab_symbols(const struct symtab *st, const struct symtab_sym **syms);

/*
 * The symbol called name.  Where several differ in address (static
 * functions of different files), a global or weak one wins over a local
 * one, then the lowest address.  NULL if there is none.
 */
const struct symtab_sym *symtab_find(const struct symtab *st, const char *name);

/*
 * Calls cb for each symbol whose name matches the shell glob pattern
 * (util_glob), by name, then address; a name at one address is reported
 * once.  A nonzero return from cb stops the walk and is returned; else 0.
 */
int symtab_glob(const struct symtab *st, const char *pattern,
		int (*cb)(const struct symtab_sym *sym, void *arg), void *arg);

/*
 * The symbol that contains vaddr (addr <= vaddr < addr + size; the
 * innermost where they nest), else the nearest FUNC at or below vaddr
 * if its size is 0 (hand-written assembly often has none).  *off gets
 * vaddr - addr.  NULL if neither.
 */
const struct symtab_sym *symtab_lookup_addr(const struct symtab *st,
					    uint64_t vaddr, uint64_t *off);

/*
 * The symbol DTrace names a function by, among the functions at sym's
 * address (aliases: malloc, __libc_malloc, __malloc): as its libproc
 * orders them, a function before other types, a global or weak one
 * before a local one, a name not starting with '$', then fewer leading
 * underscores, the smaller size, and the name.  sym itself if none is
 * preferred to it.
 */
const struct symtab_sym *symtab_preferred(const struct symtab *st,
					  const struct symtab_sym *sym);

/*
 * The name bpftrace 0.17 (through bcc) gives vaddr: among all the
 * symbols of any type, the last in bcc's order that starts at or below
 * vaddr and contains it, walking down from vaddr and stopping at the
 * first symbol that ends below the start of the nearest one.  No
 * fallback for symbols of size 0.  *off as above; NULL if none.
 */
const struct symtab_sym *symtab_symbolize(const struct symtab *st,
					  uint64_t vaddr, uint64_t *off);

/*
 * File offset of vaddr through the PT_LOAD that holds it in its file
 * part: what perf_event_attr.config2 (probe_offset) of the uprobe PMU
 * takes.  0, or -ENOENT if no segment maps vaddr from the file.
 */
int symtab_vaddr_to_offset(const struct symtab *st, uint64_t vaddr,
			   uint64_t *off);

/*
 * The virtual address the file offset off loads at (an executable
 * segment wins where the file ranges of two overlap).  0 or -ENOENT.
 */
int symtab_offset_to_vaddr(const struct symtab *st, uint64_t off,
			   uint64_t *vaddr);

/*
 * The ELF virtual address of the run-time address addr, which lies in a
 * mapping of this file that starts at map_start with file offset
 * map_pgoff (the first and third columns of /proc/PID/maps).  0 or
 * -ENOENT.
 */
int symtab_runtime_to_vaddr(const struct symtab *st, uint64_t addr,
			    uint64_t map_start, uint64_t map_pgoff,
			    uint64_t *vaddr);

/*
 * The file a uprobe or usdt target names, into out (len bytes):
 * - a path with a '/' is taken as is and must exist;
 * - a library name, "libNAME" or "libNAME.so[.N]": with pid > 0 the
 *   library of that name the process has mapped, else the first x86-64
 *   libc6 entry of /etc/ld.so.cache whose soname starts with
 *   "libNAME.so" (as bpftrace does for "libc") or, for a name with
 *   ".so", is that name; if neither, $PATH as below;
 * - another bare name: the first executable ELF file of that name in a
 *   $PATH directory.
 * 0; -ENOENT if nothing matches (nothing is guessed); -ENAMETOOLONG if
 * the path does not fit in out.
 */
int symtab_resolve_path(const char *target, pid_t pid, char *out, size_t len);

/*
 * Calls fn with the path of each file pid has mapped executable, the
 * program first, each once, in the order of /proc/PID/maps.  0 or -errno.
 */
int symtab_mapped_files(pid_t pid, void (*fn)(const char *path, void *arg),
			void *arg);

/*
 * Sorts n elements of size bytes by the 64-bit unsigned key at key_off
 * in each, with the algorithm of libstdc++'s std::sort, so that equal
 * keys end up in the order bcc's sorted symbol tables have them.
 */
void symtab_sort_compat(void *base, size_t n, size_t size, size_t key_off);

/*
 * How many of the n elements of size bytes, sorted by the 64-bit
 * unsigned key at key_off in each, have a key at or below key.
 */
size_t symtab_upper_key(const void *base, size_t n, size_t size,
			size_t key_off, uint64_t key);

#endif
