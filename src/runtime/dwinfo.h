/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_DWINFO_H
#define FERRET_DWINFO_H

/*
 * What a binary's .debug_info says of its code, as much as source lines
 * need (DWARF 2 to 5, 32- and 64-bit units): each compilation unit's
 * name, directory and line table, and the code of each inlined call
 * with the function inlined and the file and line it was called from,
 * as addr2line -i reads them.  Read from the sections' bytes (dwline.c
 * maps the file); the strings are copied.  What dwz moved to a shared
 * file (.gnu_debugaltlink, or DWARF 5's supplementary file) is read from
 * that file's sections where the caller gives them: the units a unit
 * imports, the DIEs its references name, and the strings.  A skeleton
 * unit of split DWARF names its .dwo file, whose split unit the caller
 * gives to dwinfo_add_split().  Not read: type units.
 */

#include <stdbool.h>
#include <stdint.h>

#include "dwread.h"

/* The sections read; absent ones are empty. */
struct dwinfo_sects {
	struct dwr_sect info, abbrev, str, line_str, str_offsets, addr,
			ranges, rnglists;
	/*
	 * dwz's shared file (info, abbrev and str), which the GNU _alt and
	 * DWARF 5 _sup forms refer to, or NULL: the names only it holds
	 * are then unknown, and the calls they name are left out.
	 */
	const struct dwinfo_sects *sup;
};

struct dwinfo_cu {
	const char *name;	/* DW_AT_name, or NULL */
	const char *comp_dir;	/* DW_AT_comp_dir, or NULL */
	uint64_t stmt_list;	/* its line table's offset in .debug_line */
	bool has_lines;		/* stmt_list is there */
	int version;
	/*
	 * A skeleton unit of split DWARF (DWARF 5's, or GNU's of DWARF 4):
	 * the .dwo file that holds the rest (NULL: not a skeleton), the
	 * id of its split unit, and the bases that unit's addresses and
	 * ranges are read against.
	 */
	const char *dwo_name;
	uint64_t dwo_id;
	uint64_t addr_base, ranges_base, base;
	bool dw64;
};

/*
 * One address range of an inlined call: a call whose code is in
 * several ranges has one of these for each.
 */
struct dwinfo_inl {
	uint64_t lo, hi;	/* [lo, hi) */
	const char *name;	/* the function inlined */
	int cu;			/* the unit, an index of cus */
	int call_file;		/* an index of the unit's line table's files */
	int call_line;
	int depth;		/* 1: inlined in a function; 2: in a call of
				 * depth 1; ... */
};

struct dwinfo {
	struct dwinfo_cu *cus;
	int ncus;
	struct dwinfo_inl *inl;	/* by lo */
	int ninl;
	uint64_t *maxhi;	/* the greatest hi of inl[0..i] */
	char **strs;		/* the copied strings */
	int nstrs;
};

/*
 * Reads the units of s->info.  NULL with errno ENODATA when it has no
 * compilation unit this reader can read.
 */
struct dwinfo *dwinfo_read(const struct dwinfo_sects *s);

/*
 * Adds the inlined calls of the split unit of di->cus[cu], a skeleton
 * unit, from s: the .dwo file's info, abbrev, str, str_offsets and
 * rnglists, and addr and ranges of the skeleton's file, with the
 * skeleton's line table for their files.  0, or -ENOENT when s holds
 * no unit with the skeleton's id (another build's .dwo).
 */
int dwinfo_add_split(struct dwinfo *di, int cu, const struct dwinfo_sects *s);

/* The unit whose line table is at stmt_list in .debug_line, or NULL. */
const struct dwinfo_cu *dwinfo_unit_of_lines(const struct dwinfo *di,
					     uint64_t stmt_list);

/*
 * The inlined calls whose code holds addr, innermost first: their
 * count, at most max, each in out[].
 */
int dwinfo_inlined(const struct dwinfo *di, uint64_t addr,
		   const struct dwinfo_inl **out, int max);

void dwinfo_free(struct dwinfo *di);

#endif
