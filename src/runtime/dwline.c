/* SPDX-License-Identifier: GPL-2.0 */
/* Source lines from DWARF line tables (.debug_line). */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "dwline.h"
#include "dwinfo.h"
#include "dwread.h"
#include "../util.h"

/* DWARF's constants this reader needs (DWARF 5, section 7). */
enum {
	DW_LNS_copy = 1, DW_LNS_advance_pc, DW_LNS_advance_line,
	DW_LNS_set_file, DW_LNS_set_column, DW_LNS_negate_stmt,
	DW_LNS_set_basic_block, DW_LNS_const_add_pc, DW_LNS_fixed_advance_pc,

	DW_LNE_end_sequence = 1, DW_LNE_set_address,

	DW_LNCT_path = 1, DW_LNCT_directory_index,

	DW_FORM_block = 0x09, DW_FORM_data1 = 0x0b, DW_FORM_data2 = 0x05,
	DW_FORM_data4 = 0x06, DW_FORM_data8 = 0x07, DW_FORM_data16 = 0x1e,
	DW_FORM_string = 0x08, DW_FORM_strp = 0x0e, DW_FORM_line_strp = 0x1f,
	DW_FORM_udata = 0x0f, DW_FORM_sdata = 0x0d,
};

/* Code from start to end (excluded) compiled from files[file]:line. */
struct range {
	uint64_t start, end;
	int file, line;
};

struct load {
	uint64_t off, vaddr, size;
};

struct dwline {
	struct range *r;
	int nr, capr;
	char **files;
	int nfiles, capfiles;
	struct load *loads;
	int nloads;
	struct dwinfo *di;	/* the inlined calls, or NULL */
	int *inl_file;		/* by di->inl: the call's file, an index of
				 * files, or -1 */
};

struct strsects {
	struct dwr_sect line_str, str;
};

/*
 * One attribute of a DWARF 5 directory or file entry in form: its
 * string (*s) or number (*v).  false for a form this reader cannot skip.
 */
static bool form_value(struct dwr *c, uint64_t form, bool dw64,
		       const struct strsects *ss, const char **s, uint64_t *v)
{
	*s = NULL;
	*v = 0;
	switch (form) {
	case DW_FORM_string:
		*s = dwr_str(c);
		break;
	case DW_FORM_line_strp:
		*s = dwr_sect_str(&ss->line_str, dwr_u(c, dw64 ? 8 : 4));
		break;
	case DW_FORM_strp:
		*s = dwr_sect_str(&ss->str, dwr_u(c, dw64 ? 8 : 4));
		break;
	case DW_FORM_udata:
		*v = dwr_uleb(c);
		break;
	case DW_FORM_sdata:
		*v = (uint64_t)dwr_sleb(c);
		break;
	case DW_FORM_data1:
		*v = dwr_u(c, 1);
		break;
	case DW_FORM_data2:
		*v = dwr_u(c, 2);
		break;
	case DW_FORM_data4:
		*v = dwr_u(c, 4);
		break;
	case DW_FORM_data8:
		*v = dwr_u(c, 8);
		break;
	case DW_FORM_data16:
		if (dwr_take(c, 16))
			c->p += 16;
		break;
	case DW_FORM_block:
		*v = dwr_uleb(c);
		if (dwr_take(c, *v))
			c->p += *v;
		break;
	default:
		return false;
	}
	return !c->bad;
}

static int add_file(struct dwline *d, const char *dir, const char *name)
{
	if (d->nfiles == d->capfiles) {
		d->capfiles = d->capfiles ? 2 * d->capfiles : 64;
		d->files = xrealloc(d->files, d->capfiles * sizeof(*d->files));
	}
	d->files[d->nfiles] = name[0] == '/' || !dir || !dir[0] ?
			      xstrdup(name) : xasprintf("%s/%s", dir, name);
	return d->nfiles++;
}

static void add_range(struct dwline *d, uint64_t start, uint64_t end,
		      int file, int line)
{
	if (d->nr == d->capr) {
		d->capr = d->capr ? 2 * d->capr : 1024;
		d->r = xrealloc(d->r, d->capr * sizeof(*d->r));
	}
	d->r[d->nr++] = (struct range){ start, end, file, line };
}

/*
 * A unit's file table, as indices into d->files by the unit's file
 * numbers (from 0 in DWARF 5, from 1 before: index 0 then unused).
 */
struct ftab {
	int *v;
	int n;
};

/* DWARF 5's entry formats: pairs of content type and form. */
static bool v5_entries(struct dwr *c, bool dw64, const struct strsects *ss,
		       struct dwline *d, const char *const *dirs, int ndirs,
		       struct ftab *out, char ***dirs_out, int *ndirs_out)
{
	uint64_t fmt[16][2], n, i;
	int nfmt = (int)dwr_u(c, 1), k;

	if (nfmt > 16)
		return false;
	for (k = 0; k < nfmt; k++) {
		fmt[k][0] = dwr_uleb(c);
		fmt[k][1] = dwr_uleb(c);
	}
	n = dwr_uleb(c);
	if (c->bad || n > (uint64_t)(c->end - c->p))
		return false;
	for (i = 0; i < n; i++) {
		const char *path = NULL, *s;
		uint64_t dir = 0, v;

		for (k = 0; k < nfmt; k++) {
			if (!form_value(c, fmt[k][1], dw64, ss, &s, &v))
				return false;
			if (fmt[k][0] == DW_LNCT_path)
				path = s;
			else if (fmt[k][0] == DW_LNCT_directory_index)
				dir = v;
		}
		if (dirs_out) {
			*dirs_out = xrealloc(*dirs_out, (i + 1) * sizeof(**dirs_out));
			(*dirs_out)[i] = (char *)(path ? path : "");
			*ndirs_out = (int)i + 1;
			continue;
		}
		out->v = xrealloc(out->v, (i + 1) * sizeof(*out->v));
		if (dir > 0 && dir < (uint64_t)ndirs && dirs[dir][0] != '/' &&
		    dirs[0][0]) {
			/* A relative directory is the compilation's (entry 0). */
			char *full = xasprintf("%s/%s", dirs[0], dirs[dir]);

			out->v[i] = add_file(d, full, path ? path : "??");
			free(full);
		} else {
			out->v[i] = add_file(d, dir < (uint64_t)ndirs ? dirs[dir] : NULL,
					     path ? path : "??");
		}
		out->n = (int)i + 1;
	}
	return true;
}

/*
 * DWARF 2 to 4: NUL-terminated lists of directories, then of files.
 * Directory 0 is the compilation's, comp_dir (from .debug_info, or NULL
 * if unknown), which a relative directory is under too.
 */
static bool v4_entries(struct dwr *c, struct dwline *d, const char *comp_dir,
		       struct ftab *out)
{
	char **dirs = NULL;
	int ndirs = 1, i;

	dirs = xmalloc(sizeof(*dirs));
	dirs[0] = comp_dir ? xstrdup(comp_dir) : NULL;
	while (!c->bad && c->p < c->end && *c->p) {
		const char *dir = dwr_str(c);

		dirs = xrealloc(dirs, (ndirs + 1) * sizeof(*dirs));
		dirs[ndirs++] = dir[0] != '/' && comp_dir && comp_dir[0] ?
				xasprintf("%s/%s", comp_dir, dir) : xstrdup(dir);
	}
	dwr_u(c, 1);
	out->v = xmalloc(sizeof(*out->v));
	out->v[0] = -1;
	out->n = 1;
	while (!c->bad && c->p < c->end && *c->p) {
		const char *name = dwr_str(c);
		uint64_t dir = dwr_uleb(c);

		dwr_uleb(c);	/* modification time */
		dwr_uleb(c);	/* length */
		out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
		out->v[out->n++] = add_file(d, dir < (uint64_t)ndirs ? dirs[dir] : NULL,
					    name);
	}
	dwr_u(c, 1);
	for (i = 0; i < ndirs; i++)
		free(dirs[i]);
	free(dirs);
	return !c->bad;
}

/* The line program's state machine, as much of it as lines need. */
struct lstate {
	uint64_t addr, seq_start;
	int file, line;
	bool have_prev, seq_zero;
	uint64_t paddr;
	int pfile, pline;
};

/*
 * A row of the matrix: the previous row covers up to this one's address.
 * A sequence at address 0 is code the linker dropped, covering nothing.
 */
static void row(struct dwline *d, const struct ftab *ft, struct lstate *s,
		bool end)
{
	if (!s->have_prev)
		s->seq_zero = s->addr == 0;
	if (s->have_prev && s->addr > s->paddr && !s->seq_zero &&
	    s->pfile >= 0 && s->pfile < ft->n && ft->v[s->pfile] >= 0)
		add_range(d, s->paddr, s->addr, ft->v[s->pfile], s->pline);
	s->have_prev = !end;
	s->paddr = s->addr;
	s->pfile = s->file;
	s->pline = s->line;
}

static void run_program(struct dwr *c, struct dwline *d, const struct ftab *ft,
			int version, uint8_t min_inst, int8_t line_base,
			uint8_t line_range, uint8_t opcode_base,
			const uint8_t *std_lens)
{
	struct lstate s;
	uint64_t n, i;
	uint8_t op;

	memset(&s, 0, sizeof(s));
	s.file = 1;
	s.line = 1;
	while (!c->bad && c->p < c->end) {
		op = (uint8_t)dwr_u(c, 1);
		if (op >= opcode_base) {
			op -= opcode_base;
			s.addr += (uint64_t)(op / line_range) * min_inst;
			s.line += line_base + op % line_range;
			row(d, ft, &s, false);
			continue;
		}
		switch (op) {
		case 0:
			n = dwr_uleb(c);
			if (!n || !dwr_take(c, n))
				return;
			op = *c->p;
			if (op == DW_LNE_end_sequence) {
				c->p += n;
				row(d, ft, &s, true);
				s.addr = 0;
				s.file = 1;
				s.line = 1;
			} else if (op == DW_LNE_set_address && (n == 5 || n == 9)) {
				c->p++;
				s.addr = dwr_u(c, (int)n - 1);
			} else {
				c->p += n;
			}
			break;
		case DW_LNS_copy:
			row(d, ft, &s, false);
			break;
		case DW_LNS_advance_pc:
			s.addr += dwr_uleb(c) * min_inst;
			break;
		case DW_LNS_advance_line:
			s.line += (int)dwr_sleb(c);
			break;
		case DW_LNS_set_file:
			s.file = (int)dwr_uleb(c);
			break;
		case DW_LNS_const_add_pc:
			s.addr += (uint64_t)((255 - opcode_base) / line_range) * min_inst;
			break;
		case DW_LNS_fixed_advance_pc:
			s.addr += dwr_u(c, 2);
			break;
		default:
			/* set_column, negate_stmt and the rest: operands skipped */
			for (i = 0; i < std_lens[op - 1]; i++)
				dwr_uleb(c);
			break;
		}
	}
}

/* A unit's file table, by the unit's offset in .debug_line. */
struct utab {
	uint64_t off;
	struct ftab ft;
};

/* What reading one file's line tables needs, and keeps for inlined calls. */
struct lread {
	struct strsects ss;
	const struct dwinfo *di;	/* or NULL */
	struct utab *units;
	int nunits;
};

/*
 * One unit of .debug_line at c (off in the section); c moves past it.
 * false: stop reading.
 */
static bool unit(struct dwr *c, struct dwline *d, struct lread *lr, uint64_t off)
{
	const struct strsects *ss = &lr->ss;
	const struct dwinfo_cu *cu = lr->di ? dwinfo_unit_of_lines(lr->di, off) : NULL;
	uint64_t len = dwr_u(c, 4), hlen;
	bool dw64 = len == 0xffffffff;
	struct dwr u, h;
	struct ftab ft = { 0 };
	uint8_t min_inst, line_range, opcode_base, std_lens[256];
	int8_t line_base;
	bool ok;
	char **dirs = NULL;
	int version, ndirs = 0, i;

	if (dw64)
		len = dwr_u(c, 8);
	if (c->bad || len > (uint64_t)(c->end - c->p))
		return false;
	u.p = c->p;
	u.end = c->p + len;
	u.bad = false;
	c->p = u.end;
	version = (int)dwr_u(&u, 2);
	if (version < 2 || version > 5)
		return true;
	if (version >= 5)
		dwr_u(&u, 2);	/* address and segment selector sizes */
	hlen = dwr_u(&u, dw64 ? 8 : 4);
	if (u.bad || hlen > (uint64_t)(u.end - u.p))
		return true;
	h.p = u.p;
	h.end = u.p + hlen;
	h.bad = false;
	u.p = h.end;
	min_inst = (uint8_t)dwr_u(&h, 1);
	if (version >= 4)
		dwr_u(&h, 1);	/* maximum operations per instruction */
	dwr_u(&h, 1);	/* default_is_stmt: every row is a line here */
	line_base = (int8_t)dwr_u(&h, 1);
	line_range = (uint8_t)dwr_u(&h, 1);
	opcode_base = (uint8_t)dwr_u(&h, 1);
	if (!line_range || !opcode_base)
		return true;
	for (i = 1; i < opcode_base; i++)
		std_lens[i - 1] = (uint8_t)dwr_u(&h, 1);
	if (version >= 5)
		ok = v5_entries(&h, dw64, ss, d, NULL, 0, NULL, &dirs, &ndirs) &&
		     v5_entries(&h, dw64, ss, d, (const char *const *)dirs, ndirs,
				&ft, NULL, NULL);
	else
		ok = v4_entries(&h, d, cu ? cu->comp_dir : NULL, &ft);
	if (ok)
		run_program(&u, d, &ft, version, min_inst, line_base,
			    line_range, opcode_base, std_lens);
	free(dirs);
	lr->units = xrealloc(lr->units, (lr->nunits + 1) * sizeof(*lr->units));
	lr->units[lr->nunits++] = (struct utab){ off, ft };
	return true;
}

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* A mapped ELF64 file. */
struct elf {
	const char *path;	/* as opened */
	const uint8_t *p;
	size_t len;
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const char *shstr;
	size_t shstrlen;
};

static int elf_map(struct elf *e, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	void *p;

	memset(e, 0, sizeof(*e));
	if (fd < 0)
		return -errno;
	e->path = path;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < sizeof(Elf64_Ehdr)) {
		close(fd);
		return -ENOEXEC;
	}
	p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	err = -errno;
	close(fd);
	if (p == MAP_FAILED)
		return err;
	e->p = p;
	e->len = st.st_size;
	e->eh = p;
	if (memcmp(e->eh->e_ident, ELFMAG, SELFMAG) ||
	    e->eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    e->eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    e->eh->e_shoff > e->len ||
	    e->eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    (e->len - e->eh->e_shoff) / sizeof(Elf64_Shdr) < e->eh->e_shnum ||
	    e->eh->e_phoff > e->len ||
	    (e->len - e->eh->e_phoff) / sizeof(Elf64_Phdr) < e->eh->e_phnum ||
	    (e->eh->e_shnum && e->eh->e_shstrndx >= e->eh->e_shnum)) {
		munmap(p, e->len);
		e->p = NULL;
		return -ENOEXEC;
	}
	e->sh = (const Elf64_Shdr *)(e->p + e->eh->e_shoff);
	if (e->eh->e_shnum) {
		const Elf64_Shdr *s = &e->sh[e->eh->e_shstrndx];

		if (s->sh_offset <= e->len && s->sh_size <= e->len - s->sh_offset) {
			e->shstr = (const char *)e->p + s->sh_offset;
			e->shstrlen = s->sh_size;
		}
	}
	return 0;
}

static void elf_unmap(struct elf *e)
{
	if (e->p)
		munmap((void *)e->p, e->len);
	e->p = NULL;
}

/* Section name's bytes, decompressed if SHF_COMPRESSED; false: none. */
static bool elf_sect(const struct elf *e, const char *name, struct dwr_sect *out)
{
	int i;

	memset(out, 0, sizeof(*out));
	for (i = 0; e->shstr && i < e->eh->e_shnum; i++) {
		const Elf64_Shdr *s = &e->sh[i];
		const uint8_t *p;
		const Elf64_Chdr *ch;
		uLongf n;

		if (s->sh_name >= e->shstrlen ||
		    strncmp(e->shstr + s->sh_name, name, e->shstrlen - s->sh_name) ||
		    s->sh_type == SHT_NOBITS || s->sh_offset > e->len ||
		    s->sh_size > e->len - s->sh_offset)
			continue;
		p = e->p + s->sh_offset;
		if (!(s->sh_flags & SHF_COMPRESSED)) {
			out->p = p;
			out->len = s->sh_size;
			return true;
		}
		ch = (const Elf64_Chdr *)p;
		if (s->sh_size < sizeof(*ch) || ch->ch_type != ELFCOMPRESS_ZLIB ||
		    ch->ch_size > (1u << 30))
			return false;
		n = ch->ch_size;
		out->owned = xmalloc(n ? n : 1);
		if (uncompress(out->owned, &n, p + sizeof(*ch),
			       s->sh_size - sizeof(*ch)) != Z_OK || n != ch->ch_size) {
			free(out->owned);
			out->owned = NULL;
			return false;
		}
		out->p = out->owned;
		out->len = n;
		return true;
	}
	return false;
}

/* The most bytes of a build id or a supplementary file's checksum. */
#define MAX_ID 64

/*
 * Which file dwz moved e's shared DWARF to: .gnu_debugaltlink's name
 * and build id, or DWARF 5's .debug_sup's name and checksum (sup: the
 * one e holds if e is such a file itself).  The name (owned), or NULL
 * for no such link.
 */
static char *sup_link(const struct elf *e, bool sup, uint8_t *id, size_t *idlen)
{
	struct dwr_sect s;
	struct dwr c;
	const char *name = NULL;
	char *ret = NULL;
	uint64_t n = 0;

	*idlen = 0;
	if (!sup && elf_sect(e, ".gnu_debugaltlink", &s)) {
		c = dwr_at(&s, 0);
		name = dwr_str(&c);
		n = (uint64_t)(c.end - c.p);
	} else if (elf_sect(e, ".debug_sup", &s)) {
		c = dwr_at(&s, 0);
		if (dwr_u(&c, 2) != 5 || (dwr_u(&c, 1) != 0) != sup)
			c.bad = true;
		name = dwr_str(&c);
		n = dwr_uleb(&c);
		dwr_take(&c, n);
	} else {
		return NULL;
	}
	if (!c.bad && n <= MAX_ID) {
		memcpy(id, c.p, n);
		*idlen = n;
		ret = xstrdup(name);
	}
	free(s.owned);
	return ret;
}

/* Whether e's GNU build id note, or its .debug_sup checksum, is id. */
static bool has_id(const struct elf *e, const uint8_t *id, size_t idlen)
{
	uint8_t sid[MAX_ID];
	char *name;
	size_t n;
	int i;

	if (!idlen)
		return true;
	name = sup_link(e, true, sid, &n);
	if (name && n == idlen && !memcmp(sid, id, n)) {
		free(name);
		return true;
	}
	free(name);
	for (i = 0; e->shstr && i < e->eh->e_shnum; i++) {
		const Elf64_Shdr *sh = &e->sh[i];
		struct dwr_sect s;
		struct dwr c;

		if (sh->sh_type != SHT_NOTE || sh->sh_offset > e->len ||
		    sh->sh_size > e->len - sh->sh_offset)
			continue;
		s.p = e->p + sh->sh_offset;
		s.len = sh->sh_size;
		s.owned = NULL;
		c = dwr_at(&s, 0);
		while (!c.bad && c.p < c.end) {
			uint64_t namesz = dwr_u(&c, 4), descsz = dwr_u(&c, 4);
			uint64_t type = dwr_u(&c, 4);
			const uint8_t *owner = c.p;

			dwr_skip(&c, (namesz + 3) & ~3ull);
			if (!dwr_take(&c, descsz))
				break;
			if (type == NT_GNU_BUILD_ID && namesz == 4 &&
			    !memcmp(owner, "GNU", 4) && descsz == idlen &&
			    !memcmp(c.p, id, idlen))
				return true;
			dwr_skip(&c, (descsz + 3) & ~3ull);
		}
	}
	return false;
}

/*
 * Maps into sup the shared file of dwz that e links to, where a file
 * with the link's build id (or checksum) is: at the name the link
 * gives, absolute or relative to the directory of e (as opened, then
 * with its symbolic links resolved), then under /usr/lib/debug by the
 * build id (.build-id/xx/rest.debug) and by name (.dwz/).  false: no
 * link, or no such file.
 */
static bool sup_open(const struct elf *e, struct elf *sup)
{
	uint8_t id[MAX_ID];
	char *cand[4], real[PATH_MAX], hex[2 * MAX_ID + 1], *name;
	const char *dwz, *slash;
	size_t idlen, i;
	int n = 0, k;
	bool found = false;

	name = sup_link(e, false, id, &idlen);
	if (!name || !name[0]) {
		free(name);
		return false;
	}
	if (name[0] == '/') {
		cand[n++] = xstrdup(name);
	} else {
		slash = strrchr(e->path, '/');
		cand[n++] = slash ? xasprintf("%.*s/%s", (int)(slash - e->path),
					      e->path, name) : xstrdup(name);
		if (realpath(e->path, real) && (slash = strrchr(real, '/')))
			cand[n++] = xasprintf("%.*s/%s", (int)(slash - real), real, name);
	}
	if (idlen > 1) {
		for (i = 0; i < idlen; i++)
			snprintf(hex + 2 * i, 3, "%02x", id[i]);
		cand[n++] = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug",
				      hex, hex + 2);
	}
	dwz = strstr(name, ".dwz/");
	slash = strrchr(name, '/');
	cand[n++] = xasprintf("/usr/lib/debug/.dwz/%s",
			      dwz ? dwz + 5 : slash ? slash + 1 : name);
	for (k = 0; k < n; k++) {
		if (!found && !elf_map(sup, cand[k])) {
			found = has_id(sup, id, idlen);
			if (!found)
				elf_unmap(sup);
		}
		free(cand[k]);
	}
	free(name);
	return found;
}

/*
 * The inlined calls of the skeleton unit di->cus[cu] of split DWARF,
 * from the .dwo file it names: under the unit's build directory (or at
 * its absolute name), else in the directory of e (the file with the
 * skeleton).  The skeleton's file gives its addresses and DWARF 4's
 * range lists (is).  A .dwo of another build (not the skeleton's id)
 * is not read.
 */
static void read_dwo(const struct elf *e, struct dwinfo *di, int cu,
		     const struct dwinfo_sects *is)
{
	const struct dwinfo_cu *u = &di->cus[cu];
	const char *slash = strrchr(e->path, '/'), *base;
	struct dwinfo_sects ds;
	struct elf dwo;
	char *cand[3];
	int n = 0, k;
	bool found = false;

	if (u->dwo_name[0] == '/') {
		cand[n++] = xstrdup(u->dwo_name);
	} else {
		if (u->comp_dir && u->comp_dir[0])
			cand[n++] = xasprintf("%s/%s", u->comp_dir, u->dwo_name);
		cand[n++] = slash ? xasprintf("%.*s/%s", (int)(slash - e->path), e->path,
					      u->dwo_name) : xstrdup(u->dwo_name);
	}
	base = strrchr(u->dwo_name, '/');
	if (base)
		cand[n++] = slash ? xasprintf("%.*s%s", (int)(slash - e->path), e->path,
					      base) : xstrdup(base + 1);
	for (k = 0; k < n; k++) {
		if (!found && !elf_map(&dwo, cand[k])) {
			memset(&ds, 0, sizeof(ds));
			if (elf_sect(&dwo, ".debug_info.dwo", &ds.info) &&
			    elf_sect(&dwo, ".debug_abbrev.dwo", &ds.abbrev)) {
				elf_sect(&dwo, ".debug_str.dwo", &ds.str);
				elf_sect(&dwo, ".debug_str_offsets.dwo", &ds.str_offsets);
				elf_sect(&dwo, ".debug_rnglists.dwo", &ds.rnglists);
				ds.addr = is->addr;
				ds.ranges = is->ranges;
				found = !dwinfo_add_split(di, cu, &ds);
			}
			free(ds.info.owned);
			free(ds.abbrev.owned);
			free(ds.str.owned);
			free(ds.str_offsets.owned);
			free(ds.rnglists.owned);
			elf_unmap(&dwo);
		}
		free(cand[k]);
	}
}

/*
 * The units and inlined calls of e's .debug_info into d->di, reading
 * the string sections already read (ss) with the rest, what dwz moved
 * to a shared file from that file, and split DWARF's .dwo files.
 */
static void read_info(const struct elf *e, struct dwline *d,
		      const struct strsects *ss)
{
	struct dwinfo_sects is, sis;
	struct elf sup;
	bool have_sup;
	int i;

	memset(&is, 0, sizeof(is));
	memset(&sis, 0, sizeof(sis));
	have_sup = sup_open(e, &sup);
	if (have_sup && elf_sect(&sup, ".debug_info", &sis.info) &&
	    elf_sect(&sup, ".debug_abbrev", &sis.abbrev)) {
		elf_sect(&sup, ".debug_str", &sis.str);
		is.sup = &sis;
	}
	if (elf_sect(e, ".debug_info", &is.info) &&
	    elf_sect(e, ".debug_abbrev", &is.abbrev)) {
		is.str = ss->str;
		is.line_str = ss->line_str;
		elf_sect(e, ".debug_str_offsets", &is.str_offsets);
		elf_sect(e, ".debug_addr", &is.addr);
		elf_sect(e, ".debug_ranges", &is.ranges);
		elf_sect(e, ".debug_rnglists", &is.rnglists);
		d->di = dwinfo_read(&is);
		for (i = 0; d->di && i < d->di->ncus; i++)
			if (d->di->cus[i].dwo_name)
				read_dwo(e, d->di, i, &is);
	}
	free(sis.info.owned);
	free(sis.abbrev.owned);
	free(sis.str.owned);
	if (have_sup)
		elf_unmap(&sup);
	free(is.info.owned);
	free(is.abbrev.owned);
	free(is.str_offsets.owned);
	free(is.addr.owned);
	free(is.ranges.owned);
	free(is.rnglists.owned);
}

static int cmp_utab(const void *k, const void *e)
{
	uint64_t off = *(const uint64_t *)k;
	const struct utab *u = e;

	return off < u->off ? -1 : off > u->off;
}

/* Each inlined call's file, from its unit's file table. */
static void inl_files(struct dwline *d, const struct lread *lr)
{
	int i;

	d->inl_file = xmalloc((d->di->ninl ? d->di->ninl : 1) * sizeof(*d->inl_file));
	for (i = 0; i < d->di->ninl; i++) {
		const struct dwinfo_inl *in = &d->di->inl[i];
		const struct dwinfo_cu *cu = &d->di->cus[in->cu];
		const struct utab *u = cu->has_lines ?
			bsearch(&cu->stmt_list, lr->units, lr->nunits,
				sizeof(*lr->units), cmp_utab) : NULL;

		d->inl_file[i] = u && in->call_file >= 0 && in->call_file < u->ft.n ?
				 u->ft.v[in->call_file] : -1;
	}
}

/* The line tables and inlined calls of e into d: true if it has lines. */
static bool read_lines(const struct elf *e, struct dwline *d)
{
	struct lread lr;
	struct dwr_sect line;
	struct dwr c;
	int i;

	if (!elf_sect(e, ".debug_line", &line))
		return false;
	memset(&lr, 0, sizeof(lr));
	elf_sect(e, ".debug_line_str", &lr.ss.line_str);
	elf_sect(e, ".debug_str", &lr.ss.str);
	if (!d->di)
		read_info(e, d, &lr.ss);
	lr.di = d->di;
	c = dwr_at(&line, 0);
	while (c.p < c.end && unit(&c, d, &lr, (uint64_t)(c.p - line.p)))
		;
	/* Units come in offset order: the table is sorted. */
	if (d->di)
		inl_files(d, &lr);
	for (i = 0; i < lr.nunits; i++)
		free(lr.units[i].ft.v);
	free(lr.units);
	free(line.owned);
	free(lr.ss.line_str.owned);
	free(lr.ss.str.owned);
	return true;
}

static void read_loads(const struct elf *e, struct dwline *d)
{
	const Elf64_Phdr *ph = (const Elf64_Phdr *)(e->p + e->eh->e_phoff);
	int i;

	d->loads = xcalloc(e->eh->e_phnum ? e->eh->e_phnum : 1, sizeof(*d->loads));
	for (i = 0; i < e->eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD)
			d->loads[d->nloads++] = (struct load){ ph[i].p_offset,
				ph[i].p_vaddr, ph[i].p_filesz };
}

struct dwline *dwline_open(const char *path, const char *build_id)
{
	struct dwline *d;
	struct elf e;
	bool any;
	int err;

	err = elf_map(&e, path);
	if (err) {
		errno = err == -ENOENT ? ENOENT : ENOEXEC;
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	read_loads(&e, d);
	any = read_lines(&e, d);
	elf_unmap(&e);
	if (!any && build_id && strlen(build_id) > 2) {
		char *dbg = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug",
				      build_id, build_id + 2);

		if (!elf_map(&e, dbg)) {
			any = read_lines(&e, d);
			elf_unmap(&e);
		}
		free(dbg);
	}
	if (!d->nr) {
		dwline_close(d);
		errno = ENODATA;
		return NULL;
	}
	qsort(d->r, d->nr, sizeof(*d->r), cmp_range);
	return d;
}

int dwline_find(const struct dwline *d, uint64_t vaddr, const char **file,
		int *line)
{
	int lo = 0, hi = d->nr - 1, mid, best = -1;

	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		if (d->r[mid].start <= vaddr) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (best < 0 || vaddr >= d->r[best].end)
		return -ENOENT;
	*file = d->files[d->r[best].file];
	*line = d->r[best].line;
	return 0;
}

int dwline_frames(const struct dwline *d, uint64_t vaddr,
		  struct dwline_frame *f, int max)
{
	const struct dwinfo_inl *inl[DWLINE_MAX_FRAMES];
	int n = 0, k, err;

	if (max < 1)
		return -EINVAL;
	err = dwline_find(d, vaddr, &f[0].file, &f[0].line);
	if (err)
		return err;
	if (d->di)
		n = dwinfo_inlined(d->di, vaddr, inl, max - 1 < DWLINE_MAX_FRAMES ?
						     max - 1 : DWLINE_MAX_FRAMES);
	f[0].func = n ? inl[0]->name : NULL;
	for (k = 0; k < n; k++) {
		int file = d->inl_file[inl[k] - d->di->inl];

		f[k + 1].func = k + 1 < n ? inl[k + 1]->name : NULL;
		f[k + 1].file = file >= 0 ? d->files[file] : NULL;
		f[k + 1].line = inl[k]->call_line;
	}
	return n + 1;
}

int dwline_vaddr(const struct dwline *d, uint64_t off, uint64_t *vaddr)
{
	int i;

	for (i = 0; i < d->nloads; i++) {
		const struct load *l = &d->loads[i];

		if (off >= l->off && off - l->off < l->size) {
			*vaddr = l->vaddr + (off - l->off);
			return 0;
		}
	}
	return -ENOENT;
}

void dwline_close(struct dwline *d)
{
	int i;

	if (!d)
		return;
	for (i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	free(d->r);
	free(d->loads);
	dwinfo_free(d->di);
	free(d->inl_file);
	free(d);
}
