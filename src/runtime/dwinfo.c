/* SPDX-License-Identifier: GPL-2.0 */
/* Compilation units and inlined calls from .debug_info (DWARF 2 to 5). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwinfo.h"
#include "../util.h"

/* DWARF's constants this reader needs (DWARF 5, section 7). */
enum {
	DW_UT_compile = 1, DW_UT_type, DW_UT_partial, DW_UT_skeleton,
	DW_UT_split_compile, DW_UT_split_type,

	DW_TAG_inlined_subroutine = 0x1d, DW_TAG_subprogram = 0x2e,
	DW_TAG_compile_unit = 0x11, DW_TAG_partial_unit = 0x3c,
	DW_TAG_imported_unit = 0x3d, DW_TAG_skeleton_unit = 0x4a,

	DW_AT_name = 0x03, DW_AT_stmt_list = 0x10, DW_AT_low_pc = 0x11,
	DW_AT_high_pc = 0x12, DW_AT_import = 0x18, DW_AT_comp_dir = 0x1b,
	DW_AT_abstract_origin = 0x31, DW_AT_specification = 0x47,
	DW_AT_ranges = 0x55, DW_AT_call_file = 0x58, DW_AT_call_line = 0x59,
	DW_AT_linkage_name = 0x6e, DW_AT_str_offsets_base = 0x72,
	DW_AT_addr_base = 0x73, DW_AT_rnglists_base = 0x74,
	DW_AT_dwo_name = 0x76, DW_AT_MIPS_linkage_name = 0x2007,
	DW_AT_GNU_dwo_name = 0x2130, DW_AT_GNU_dwo_id = 0x2131,
	DW_AT_GNU_ranges_base = 0x2132, DW_AT_GNU_addr_base = 0x2133,

	DW_FORM_addr = 0x01, DW_FORM_block2 = 0x03, DW_FORM_block4,
	DW_FORM_data2, DW_FORM_data4, DW_FORM_data8, DW_FORM_string,
	DW_FORM_block, DW_FORM_block1, DW_FORM_data1, DW_FORM_flag,
	DW_FORM_sdata, DW_FORM_strp, DW_FORM_udata, DW_FORM_ref_addr,
	DW_FORM_ref1, DW_FORM_ref2, DW_FORM_ref4, DW_FORM_ref8,
	DW_FORM_ref_udata, DW_FORM_indirect, DW_FORM_sec_offset,
	DW_FORM_exprloc, DW_FORM_flag_present, DW_FORM_strx, DW_FORM_addrx,
	DW_FORM_ref_sup4, DW_FORM_strp_sup, DW_FORM_data16,
	DW_FORM_line_strp, DW_FORM_ref_sig8, DW_FORM_implicit_const,
	DW_FORM_loclistx, DW_FORM_rnglistx, DW_FORM_ref_sup8,
	DW_FORM_strx1, DW_FORM_strx2, DW_FORM_strx3, DW_FORM_strx4,
	DW_FORM_addrx1, DW_FORM_addrx2, DW_FORM_addrx3, DW_FORM_addrx4,
	DW_FORM_GNU_addr_index = 0x1f01, DW_FORM_GNU_str_index,
	DW_FORM_GNU_ref_alt = 0x1f20, DW_FORM_GNU_strp_alt,

	DW_RLE_end_of_list = 0, DW_RLE_base_addressx, DW_RLE_startx_endx,
	DW_RLE_startx_length, DW_RLE_offset_pair, DW_RLE_base_address,
	DW_RLE_start_end, DW_RLE_start_length,
};

/* Nesting this reader follows; deeper trees end their unit's reading. */
#define MAX_DEPTH 256

/*
 * A DIE's offset in the shared file of dwz has this bit set, so that
 * one number names a DIE of either file.
 */
#define SUP_OFF (1ull << 63)

struct attrspec {
	uint64_t name, form;
	int64_t implicit;
};

struct abbrev {
	uint64_t code, tag;
	bool children;
	int first, n;		/* attrs[first .. first + n) */
};

struct abbrevs {
	struct abbrev *v;
	int n, cap;
	struct attrspec *attrs;
	int nattrs, capattrs;
};

/* What an attribute's form gave: a number, a string, or an index. */
enum vkind { V_NONE, V_NUM, V_STR, V_STRX, V_ADDR, V_ADDRX, V_REF,
	     V_RNGLISTX, V_UNKNOWN_STR };

struct val {
	enum vkind k;
	uint64_t u;
	const char *s;
};

/* A unit's header and the bases its attributes are read against. */
struct unit {
	const struct dwinfo_sects *f;	/* its file's sections */
	bool sup;		/* f is the shared file of dwz */
	uint64_t off;		/* of its header in .debug_info, SUP_OFF set
				 * in the shared file */
	int version;
	bool dw64;
	int addr_size;
	uint64_t str_offsets_base, addr_base, rnglists_base, base;
	bool have_str_base;
	bool split;		/* a split unit, of a .dwo file */
	uint64_t ranges_base;	/* a GNU split unit's, for .debug_ranges */
	uint64_t dwo_id;	/* a skeleton's or split unit's */
	bool have_dwo_id;
};

/* A subprogram's DIE: its name, or the DIE that names it. */
struct sub {
	uint64_t off;
	const char *name;
	uint64_t ref;		/* abstract origin or specification, or 0 */
};

/* An inlined call's range before its name is known. */
struct pend {
	struct dwinfo_inl inl;
	uint64_t origin;	/* its abstract origin's DIE, or 0 */
};

struct reader {
	const struct dwinfo_sects *s;
	struct dwinfo *di;
	struct sub *subs;
	int nsubs, capsubs;
	struct pend *pend;
	int npend, cappend;
	int capcus, capstrs;
	uint64_t *want;		/* DIEs of the shared file referred to */
	int nwant, capwant;
	int skel;		/* the skeleton unit a .dwo's unit completes,
				 * or -1 */
	bool found;		/* that unit was read */
};

static const char *keep(struct reader *r, const char *s)
{
	struct dwinfo *di = r->di;

	if (!s)
		return NULL;
	if (di->nstrs == r->capstrs) {
		r->capstrs = r->capstrs ? 2 * r->capstrs : 256;
		di->strs = xrealloc(di->strs, r->capstrs * sizeof(*di->strs));
	}
	return di->strs[di->nstrs++] = xstrdup(s);
}

static void read_abbrevs(const struct dwr_sect *sect, uint64_t off,
			 struct abbrevs *a)
{
	struct dwr c = dwr_at(sect, off);

	a->n = a->nattrs = 0;
	while (!c.bad) {
		struct abbrev ab = { 0 };

		ab.code = dwr_uleb(&c);
		if (!ab.code || c.bad)
			break;
		ab.tag = dwr_uleb(&c);
		ab.children = dwr_u(&c, 1) != 0;
		ab.first = a->nattrs;
		for (;;) {
			struct attrspec as = { 0 };

			as.name = dwr_uleb(&c);
			as.form = dwr_uleb(&c);
			if (c.bad || (!as.name && !as.form))
				break;
			if (as.form == DW_FORM_implicit_const)
				as.implicit = dwr_sleb(&c);
			if (a->nattrs == a->capattrs) {
				a->capattrs = a->capattrs ? 2 * a->capattrs : 256;
				a->attrs = xrealloc(a->attrs, a->capattrs * sizeof(*a->attrs));
			}
			a->attrs[a->nattrs++] = as;
		}
		ab.n = a->nattrs - ab.first;
		if (a->n == a->cap) {
			a->cap = a->cap ? 2 * a->cap : 64;
			a->v = xrealloc(a->v, a->cap * sizeof(*a->v));
		}
		a->v[a->n++] = ab;
	}
}

/* The abbreviation of code: codes are usually 1, 2, 3... in order. */
static const struct abbrev *abbrev_of(const struct abbrevs *a, uint64_t code)
{
	int i;

	if (code && code <= (uint64_t)a->n && a->v[code - 1].code == code)
		return &a->v[code - 1];
	for (i = 0; i < a->n; i++)
		if (a->v[i].code == code)
			return &a->v[i];
	return NULL;
}

/* One attribute's value in form; false for a form this reader lacks. */
static bool read_form(struct reader *r, struct dwr *c, const struct unit *u,
		      uint64_t form, int64_t implicit, struct val *v)
{
	int offsz = u->dw64 ? 8 : 4;

	v->k = V_NUM;
	v->u = 0;
	v->s = NULL;
	switch (form) {
	case DW_FORM_addr:
		v->k = V_ADDR;
		v->u = dwr_u(c, u->addr_size);
		break;
	case DW_FORM_data1: case DW_FORM_ref1: case DW_FORM_flag:
	case DW_FORM_strx1: case DW_FORM_addrx1:
		v->u = dwr_u(c, 1);
		break;
	case DW_FORM_data2: case DW_FORM_ref2: case DW_FORM_strx2:
	case DW_FORM_addrx2:
		v->u = dwr_u(c, 2);
		break;
	case DW_FORM_strx3: case DW_FORM_addrx3:
		v->u = dwr_u(c, 3);
		break;
	case DW_FORM_data4: case DW_FORM_ref4:
	case DW_FORM_strx4: case DW_FORM_addrx4:
		v->u = dwr_u(c, 4);
		break;
	case DW_FORM_data8: case DW_FORM_ref8: case DW_FORM_ref_sig8:
		v->u = dwr_u(c, 8);
		break;
	case DW_FORM_data16:
		dwr_skip(c, 16);
		v->k = V_NONE;
		break;
	case DW_FORM_sdata:
		v->u = (uint64_t)dwr_sleb(c);
		break;
	case DW_FORM_udata: case DW_FORM_ref_udata: case DW_FORM_strx:
	case DW_FORM_addrx: case DW_FORM_loclistx: case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index: case DW_FORM_GNU_str_index:
		v->u = dwr_uleb(c);
		break;
	case DW_FORM_string:
		v->k = V_STR;
		v->s = dwr_str(c);
		break;
	case DW_FORM_strp:
		v->k = V_STR;
		v->s = dwr_sect_str(&u->f->str, dwr_u(c, offsz));
		break;
	case DW_FORM_line_strp:
		v->k = V_STR;
		v->s = dwr_sect_str(&u->f->line_str, dwr_u(c, offsz));
		break;
	case DW_FORM_strp_sup: case DW_FORM_GNU_strp_alt:
		/* In the shared file's .debug_str: unknown without it. */
		v->u = dwr_u(c, offsz);
		v->k = V_UNKNOWN_STR;
		if (!u->sup && r->s->sup) {
			v->k = V_STR;
			v->s = dwr_sect_str(&r->s->sup->str, v->u);
		}
		break;
	case DW_FORM_sec_offset:
		v->u = dwr_u(c, offsz);
		break;
	case DW_FORM_ref_addr:
		v->k = V_REF;
		v->u = dwr_u(c, u->version <= 2 ? u->addr_size : offsz) |
		       (u->sup ? SUP_OFF : 0);
		break;
	case DW_FORM_GNU_ref_alt: case DW_FORM_ref_sup4: case DW_FORM_ref_sup8:
		/* A DIE of the shared file, which itself has none of these. */
		v->u = dwr_u(c, form == DW_FORM_ref_sup4 ? 4 :
				form == DW_FORM_ref_sup8 ? 8 : offsz);
		v->k = u->sup ? V_NONE : V_REF;
		v->u |= SUP_OFF;
		break;
	case DW_FORM_block1:
		dwr_skip(c, dwr_u(c, 1));
		v->k = V_NONE;
		break;
	case DW_FORM_block2:
		dwr_skip(c, dwr_u(c, 2));
		v->k = V_NONE;
		break;
	case DW_FORM_block4:
		dwr_skip(c, dwr_u(c, 4));
		v->k = V_NONE;
		break;
	case DW_FORM_block: case DW_FORM_exprloc:
		dwr_skip(c, dwr_uleb(c));
		v->k = V_NONE;
		break;
	case DW_FORM_flag_present:
		v->u = 1;
		break;
	case DW_FORM_implicit_const:
		v->u = (uint64_t)implicit;
		break;
	case DW_FORM_indirect:
		form = dwr_uleb(c);
		if (form == DW_FORM_indirect || form == DW_FORM_implicit_const)
			return false;
		return read_form(r, c, u, form, 0, v);
	default:
		return false;
	}
	/* The kinds that need the unit's bases, resolved later. */
	switch (form) {
	case DW_FORM_strx: case DW_FORM_strx1: case DW_FORM_strx2:
	case DW_FORM_strx3: case DW_FORM_strx4: case DW_FORM_GNU_str_index:
		v->k = V_STRX;
		break;
	case DW_FORM_addrx: case DW_FORM_addrx1: case DW_FORM_addrx2:
	case DW_FORM_addrx3: case DW_FORM_addrx4: case DW_FORM_GNU_addr_index:
		v->k = V_ADDRX;
		break;
	case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4:
	case DW_FORM_ref8: case DW_FORM_ref_udata:
		v->k = V_REF;
		v->u += u->off;
		break;
	case DW_FORM_rnglistx:
		v->k = V_RNGLISTX;
		break;
	}
	return !c->bad;
}

/* A string value, its index looked up in .debug_str_offsets. */
static const char *str_of(struct reader *r, const struct unit *u,
			  const struct val *v)
{
	struct dwr c;
	uint64_t base;
	int offsz = u->dw64 ? 8 : 4;

	if (v->k == V_STR)
		return v->s;
	if (v->k != V_STRX)
		return NULL;
	/*
	 * Without a base, DWARF 5 units start after the table's header;
	 * GNU's split units of DWARF 4 have no header.
	 */
	base = u->have_str_base ? u->str_offsets_base :
	       u->version < 5 ? 0 : (uint64_t)(u->dw64 ? 16 : 8);
	c = dwr_at(&u->f->str_offsets, base + v->u * offsz);
	base = dwr_u(&c, offsz);
	return c.bad ? NULL : dwr_sect_str(&u->f->str, base);
}

/* An address value, its index looked up in .debug_addr; 0: none. */
static uint64_t addr_of(struct reader *r, const struct unit *u, uint64_t idx)
{
	struct dwr c = dwr_at(&u->f->addr, u->addr_base + idx * u->addr_size);
	uint64_t a = dwr_u(&c, u->addr_size);

	return c.bad ? 0 : a;
}

static uint64_t val_addr(struct reader *r, const struct unit *u,
			 const struct val *v)
{
	return v->k == V_ADDRX ? addr_of(r, u, v->u) : v->u;
}

static void add_inl(struct reader *r, const struct pend *p, uint64_t lo,
		    uint64_t hi)
{
	/* Code the linker dropped is at 0, and covers nothing. */
	if (!lo || hi <= lo)
		return;
	if (r->npend == r->cappend) {
		r->cappend = r->cappend ? 2 * r->cappend : 256;
		r->pend = xrealloc(r->pend, r->cappend * sizeof(*r->pend));
	}
	r->pend[r->npend] = *p;
	r->pend[r->npend].inl.lo = lo;
	r->pend[r->npend].inl.hi = hi;
	r->npend++;
}

/* DWARF 2 to 4's range list at off of .debug_ranges. */
static void ranges_v4(struct reader *r, const struct unit *u, uint64_t off,
		      const struct pend *p)
{
	struct dwr c = dwr_at(&u->f->ranges, off);
	uint64_t max = u->addr_size == 8 ? ~0ull : 0xffffffffull;
	uint64_t base = u->base, b, e;

	while (!c.bad) {
		b = dwr_u(&c, u->addr_size);
		e = dwr_u(&c, u->addr_size);
		if (c.bad || (!b && !e))
			break;
		if (b == max)
			base = e;
		else
			add_inl(r, p, base + b, base + e);
	}
}

/* DWARF 5's range list at off of .debug_rnglists. */
static void ranges_v5(struct reader *r, const struct unit *u, uint64_t off,
		      const struct pend *p)
{
	struct dwr c = dwr_at(&u->f->rnglists, off);
	uint64_t base = u->base, b, e;

	while (!c.bad) {
		switch (dwr_u(&c, 1)) {
		case DW_RLE_end_of_list:
			return;
		case DW_RLE_base_addressx:
			base = addr_of(r, u, dwr_uleb(&c));
			break;
		case DW_RLE_startx_endx:
			b = addr_of(r, u, dwr_uleb(&c));
			e = addr_of(r, u, dwr_uleb(&c));
			add_inl(r, p, b, e);
			break;
		case DW_RLE_startx_length:
			b = addr_of(r, u, dwr_uleb(&c));
			add_inl(r, p, b, b + dwr_uleb(&c));
			break;
		case DW_RLE_offset_pair:
			b = dwr_uleb(&c);
			e = dwr_uleb(&c);
			add_inl(r, p, base + b, base + e);
			break;
		case DW_RLE_base_address:
			base = dwr_u(&c, u->addr_size);
			break;
		case DW_RLE_start_end:
			b = dwr_u(&c, u->addr_size);
			e = dwr_u(&c, u->addr_size);
			add_inl(r, p, b, e);
			break;
		case DW_RLE_start_length:
			b = dwr_u(&c, u->addr_size);
			add_inl(r, p, b, b + dwr_uleb(&c));
			break;
		default:
			return;
		}
	}
}

/* The ranges an inlined call's DW_AT_ranges names. */
static void ranges_of(struct reader *r, const struct unit *u,
		      const struct val *v, const struct pend *p)
{
	uint64_t off = v->u;

	if (u->version < 5) {
		ranges_v4(r, u, off + u->ranges_base, p);
		return;
	}
	if (v->k == V_RNGLISTX) {
		int offsz = u->dw64 ? 8 : 4;
		struct dwr c = dwr_at(&u->f->rnglists, u->rnglists_base + off * offsz);

		off = dwr_u(&c, offsz);
		if (c.bad)
			return;
		off += u->rnglists_base;
	}
	ranges_v5(r, u, off, p);
}

/* The attributes of one DIE that this reader keeps. */
struct die {
	struct val name, linkage, comp_dir, low, high, ranges, origin, spec;
	struct val call_file, call_line, stmt_list, import, dwo_name, dwo_id;
};

/* A DIE of the shared file that v refers to is to be read. */
static void want(struct reader *r, const struct val *v)
{
	if (v->k != V_REF || !(v->u & SUP_OFF) || !r->s->sup)
		return;
	if (r->nwant == r->capwant) {
		r->capwant = r->capwant ? 2 * r->capwant : 64;
		r->want = xrealloc(r->want, r->capwant * sizeof(*r->want));
	}
	r->want[r->nwant++] = v->u & ~SUP_OFF;
}

static void add_sub(struct reader *r, uint64_t off, const char *name,
		    uint64_t ref)
{
	if (!name && !ref)
		return;
	if (r->nsubs == r->capsubs) {
		r->capsubs = r->capsubs ? 2 * r->capsubs : 256;
		r->subs = xrealloc(r->subs, r->capsubs * sizeof(*r->subs));
	}
	r->subs[r->nsubs++] = (struct sub){ off, keep(r, name), ref };
}

/*
 * The unit's own DIE: its name, directory, line table and bases (cu
 * NULL: the bases only).
 */
static void unit_die(struct reader *r, struct unit *u, const struct die *d,
		     struct dwinfo_cu *cu)
{
	if (d->low.k == V_ADDR || d->low.k == V_ADDRX)
		u->base = val_addr(r, u, &d->low);
	if (d->dwo_id.k == V_NUM) {
		u->dwo_id = d->dwo_id.u;
		u->have_dwo_id = true;
	}
	if (!cu || u->split)
		return;
	/* The bases first: the strings and addresses are read against them. */
	cu->name = keep(r, str_of(r, u, &d->name));
	cu->comp_dir = keep(r, str_of(r, u, &d->comp_dir));
	cu->has_lines = d->stmt_list.k == V_NUM;
	cu->stmt_list = d->stmt_list.u;
	cu->dwo_name = u->have_dwo_id ? keep(r, str_of(r, u, &d->dwo_name)) : NULL;
	cu->dwo_id = u->dwo_id;
	cu->addr_base = u->addr_base;
	cu->ranges_base = u->rnglists_base;
	cu->base = u->base;
	cu->dw64 = u->dw64;
}

/* An inlined call: its ranges, pending its function's name. */
static void inlined_die(struct reader *r, const struct unit *u,
			const struct die *d, int cu, int depth)
{
	struct pend p = { 0 };
	uint64_t lo;

	p.inl.cu = cu;
	p.inl.depth = depth;
	p.inl.call_file = d->call_file.k == V_NUM ? (int)d->call_file.u : -1;
	p.inl.call_line = d->call_line.k == V_NUM ? (int)d->call_line.u : 0;
	p.origin = d->origin.k == V_REF ? d->origin.u : 0;
	if (d->ranges.k == V_NUM || d->ranges.k == V_RNGLISTX) {
		ranges_of(r, u, &d->ranges, &p);
	} else if (d->low.k == V_ADDR || d->low.k == V_ADDRX) {
		lo = val_addr(r, u, &d->low);
		if (d->high.k == V_ADDR || d->high.k == V_ADDRX)
			add_inl(r, &p, lo, val_addr(r, u, &d->high));
		else if (d->high.k == V_NUM)
			add_inl(r, &p, lo, lo + d->high.u);
	}
}

/*
 * The DIEs of one unit, from c (after its header) to its end: the
 * unit's own, its subprograms and its inlined calls (cu: its index of
 * di->cus; -1 for a unit of the shared file, which holds no code), and
 * the DIEs of the shared file that they refer to.
 */
static void unit_dies(struct reader *r, struct dwr *c, struct unit *u,
		      const struct abbrevs *a, int cu)
{
	int level = 0, inl_depth[MAX_DEPTH + 1];
	bool first = true;

	inl_depth[0] = 0;
	while (!c->bad && c->p < c->end) {
		uint64_t off = (uint64_t)(c->p - u->f->info.p) | (u->sup ? SUP_OFF : 0);
		uint64_t code;
		const struct abbrev *ab;
		struct die d;
		int i;

		code = dwr_uleb(c);
		if (!code) {
			if (level-- <= 0)
				return;
			continue;
		}
		ab = abbrev_of(a, code);
		if (!ab)
			return;
		memset(&d, 0, sizeof(d));
		for (i = 0; i < ab->n; i++) {
			const struct attrspec *as = &a->attrs[ab->first + i];
			struct val v;

			if (!read_form(r, c, u, as->form, as->implicit, &v))
				return;
			switch (as->name) {
			case DW_AT_name: d.name = v; break;
			case DW_AT_linkage_name:
			case DW_AT_MIPS_linkage_name: d.linkage = v; break;
			case DW_AT_comp_dir: d.comp_dir = v; break;
			case DW_AT_low_pc: d.low = v; break;
			case DW_AT_high_pc: d.high = v; break;
			case DW_AT_ranges: d.ranges = v; break;
			case DW_AT_abstract_origin: d.origin = v; break;
			case DW_AT_specification: d.spec = v; break;
			case DW_AT_call_file: d.call_file = v; break;
			case DW_AT_call_line: d.call_line = v; break;
			case DW_AT_stmt_list: d.stmt_list = v; break;
			case DW_AT_import: d.import = v; break;
			case DW_AT_dwo_name:
			case DW_AT_GNU_dwo_name: d.dwo_name = v; break;
			case DW_AT_GNU_dwo_id: d.dwo_id = v; break;
			case DW_AT_str_offsets_base:
				u->str_offsets_base = v.u;
				u->have_str_base = true;
				break;
			case DW_AT_addr_base:
			case DW_AT_GNU_addr_base: u->addr_base = v.u; break;
			case DW_AT_rnglists_base:
			case DW_AT_GNU_ranges_base: u->rnglists_base = v.u; break;
			}
		}
		if (first) {
			if (ab->tag != DW_TAG_compile_unit && ab->tag != DW_TAG_partial_unit &&
			    ab->tag != DW_TAG_skeleton_unit)
				return;
			unit_die(r, u, &d, cu >= 0 ? &r->di->cus[cu] : NULL);
			first = false;
		} else if (ab->tag == DW_TAG_subprogram) {
			const char *name = str_of(r, u, &d.linkage);

			if (!name)
				name = str_of(r, u, &d.name);
			add_sub(r, off, name, d.origin.k == V_REF ? d.origin.u :
					      d.spec.k == V_REF ? d.spec.u : 0);
			if (!name) {
				want(r, &d.origin);
				want(r, &d.spec);
			}
		} else if (ab->tag == DW_TAG_inlined_subroutine && cu >= 0) {
			inlined_die(r, u, &d, cu, inl_depth[level] + 1);
			want(r, &d.origin);
		} else if (ab->tag == DW_TAG_imported_unit) {
			want(r, &d.import);
		}
		if (ab->children) {
			if (level == MAX_DEPTH)
				return;
			inl_depth[level + 1] = inl_depth[level] +
					       (ab->tag == DW_TAG_inlined_subroutine);
			level++;
		}
	}
}

/*
 * The split unit of a .dwo file at c (after its header) that completes
 * the skeleton r->skel: its inlined calls, read against the skeleton's
 * bases, if its id is the skeleton's (then r->found, and false: stop
 * reading).
 */
static bool split_unit(struct reader *r, struct dwr *c, struct abbrevs *a,
		       struct unit *u, int type, uint64_t abbrev_off)
{
	const struct dwinfo_cu *cu = &r->di->cus[r->skel];
	int npend = r->npend;

	if (type != DW_UT_compile && type != DW_UT_split_compile)
		return true;
	u->split = true;
	u->addr_base = cu->addr_base;
	u->ranges_base = u->version < 5 ? cu->ranges_base : 0;
	/* DWARF 5's range lists of a .dwo are indexed from its header's end. */
	u->rnglists_base = u->dw64 ? 20 : 12;
	u->base = cu->base;
	read_abbrevs(&u->f->abbrev, abbrev_off, a);
	unit_dies(r, c, u, a, r->skel);
	if (u->have_dwo_id && u->dwo_id == cu->dwo_id) {
		r->found = true;
		return false;
	}
	/* Another build's unit: nothing of it is kept. */
	r->npend = npend;
	r->nsubs = 0;
	return true;
}

/*
 * One unit at c, of f's .debug_info (sup: f is the shared file of dwz);
 * c moves past it.  false: stop reading.
 */
static bool read_unit(struct reader *r, struct dwr *c, struct abbrevs *a,
		      const struct dwinfo_sects *f, bool sup)
{
	struct unit u = { 0 };
	struct dwr body;
	uint64_t len, abbrev_off;
	int type = DW_UT_compile;

	u.f = f;
	u.sup = sup;
	u.off = (uint64_t)(c->p - f->info.p) | (sup ? SUP_OFF : 0);
	len = dwr_u(c, 4);
	u.dw64 = len == 0xffffffff;
	if (u.dw64)
		len = dwr_u(c, 8);
	if (c->bad || len > (uint64_t)(c->end - c->p))
		return false;
	body.p = c->p;
	body.end = c->p + len;
	body.bad = false;
	c->p = body.end;
	u.version = (int)dwr_u(&body, 2);
	if (u.version < 2 || u.version > 5)
		return true;
	if (u.version >= 5) {
		type = (int)dwr_u(&body, 1);
		u.addr_size = (int)dwr_u(&body, 1);
		abbrev_off = dwr_u(&body, u.dw64 ? 8 : 4);
		if (type == DW_UT_skeleton || type == DW_UT_split_compile) {
			u.dwo_id = dwr_u(&body, 8);
			u.have_dwo_id = true;
		}
	} else {
		abbrev_off = dwr_u(&body, u.dw64 ? 8 : 4);
		u.addr_size = (int)dwr_u(&body, 1);
	}
	if (body.bad || (u.addr_size != 4 && u.addr_size != 8))
		return true;
	if (r->skel >= 0)
		return split_unit(r, &body, a, &u, type, abbrev_off);
	if (type != DW_UT_compile && type != DW_UT_partial && type != DW_UT_skeleton)
		return true;
	read_abbrevs(&f->abbrev, abbrev_off, a);
	if (sup) {
		unit_dies(r, &body, &u, a, -1);
		return true;
	}
	if (r->di->ncus == r->capcus) {
		r->capcus = r->capcus ? 2 * r->capcus : 64;
		r->di->cus = xrealloc(r->di->cus, r->capcus * sizeof(*r->di->cus));
	}
	memset(&r->di->cus[r->di->ncus], 0, sizeof(*r->di->cus));
	r->di->cus[r->di->ncus].version = u.version;
	unit_dies(r, &body, &u, a, r->di->ncus);
	r->di->ncus++;
	return true;
}

/*
 * The units of the shared file that hold the DIEs r->want names, and
 * those that they import or refer to in turn, each read once.
 */
static void read_sup(struct reader *r, struct abbrevs *a)
{
	const struct dwinfo_sects *sup = r->s->sup;
	struct dwr c = dwr_at(&sup->info, 0);
	uint64_t *start = NULL, len;
	bool *done;
	int n = 0, cap = 0, i, lo, hi, mid;

	/* Where each unit starts: its length is all a unit needs read. */
	while (!c.bad && c.p < c.end) {
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			start = xrealloc(start, cap * sizeof(*start));
		}
		start[n++] = (uint64_t)(c.p - sup->info.p);
		len = dwr_u(&c, 4);
		if (len == 0xffffffff)
			len = dwr_u(&c, 8);
		dwr_skip(&c, len);
	}
	done = xcalloc(n ? n : 1, sizeof(*done));
	for (i = 0; i < r->nwant; i++) {
		lo = 0;
		hi = n - 1;
		while (lo < hi) {
			mid = lo + (hi - lo + 1) / 2;
			if (start[mid] <= r->want[i])
				lo = mid;
			else
				hi = mid - 1;
		}
		if (!n || start[lo] > r->want[i] || done[lo])
			continue;
		done[lo] = true;
		c = dwr_at(&sup->info, start[lo]);
		read_unit(r, &c, a, sup, true);
	}
	free(done);
	free(start);
}

static int cmp_sub(const void *k, const void *e)
{
	uint64_t off = *(const uint64_t *)k;
	const struct sub *s = e;

	return off < s->off ? -1 : off > s->off;
}

static int cmp_subs(const void *a, const void *b)
{
	return cmp_sub(&((const struct sub *)a)->off, b);
}

/* The name of the subprogram DIE at off, through its origins. */
static const char *sub_name(const struct reader *r, uint64_t off)
{
	int hops;

	for (hops = 0; off && r->nsubs && hops < 8; hops++) {
		const struct sub *s = bsearch(&off, r->subs, r->nsubs,
					      sizeof(*r->subs), cmp_sub);

		if (!s)
			return NULL;
		if (s->name)
			return s->name;
		off = s->ref;
	}
	return NULL;
}

static int cmp_inl(const void *a, const void *b)
{
	const struct dwinfo_inl *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->depth - y->depth;
}

/*
 * The pending calls into di->inl, each named by its abstract origin (one
 * unnamed is left out), sorted with those already there.  The
 * subprograms' names stay in di->strs; r's tables go.
 */
static void add_pends(struct reader *r)
{
	struct dwinfo *di = r->di;
	uint64_t maxhi = 0;
	int i, n = di->ninl;

	/* The shared file's units come after the rest, in any order. */
	if (r->nsubs)
		qsort(r->subs, r->nsubs, sizeof(*r->subs), cmp_subs);
	di->inl = xrealloc(di->inl, (n + r->npend + 1) * sizeof(*di->inl));
	for (i = 0; i < r->npend; i++) {
		const char *name = sub_name(r, r->pend[i].origin);

		if (!name)
			continue;
		di->inl[n] = r->pend[i].inl;
		di->inl[n++].name = name;
	}
	di->ninl = n;
	qsort(di->inl, n, sizeof(*di->inl), cmp_inl);
	di->maxhi = xrealloc(di->maxhi, (n ? n : 1) * sizeof(*di->maxhi));
	for (i = 0; i < n; i++) {
		if (di->inl[i].hi > maxhi)
			maxhi = di->inl[i].hi;
		di->maxhi[i] = maxhi;
	}
	free(r->pend);
	free(r->subs);
	free(r->want);
}

struct dwinfo *dwinfo_read(const struct dwinfo_sects *s)
{
	struct reader r = { .s = s, .skel = -1 };
	struct abbrevs a = { 0 };
	struct dwr c = dwr_at(&s->info, 0);

	r.di = xcalloc(1, sizeof(*r.di));
	while (!c.bad && c.p < c.end && read_unit(&r, &c, &a, s, false))
		;
	if (r.nwant)
		read_sup(&r, &a);
	free(a.v);
	free(a.attrs);
	add_pends(&r);
	if (!r.di->ncus) {
		dwinfo_free(r.di);
		errno = ENODATA;
		return NULL;
	}
	return r.di;
}

int dwinfo_add_split(struct dwinfo *di, int cu, const struct dwinfo_sects *s)
{
	struct reader r = { .s = s, .di = di, .skel = cu };
	struct abbrevs a = { 0 };
	struct dwr c = dwr_at(&s->info, 0);

	if (cu < 0 || cu >= di->ncus || !di->cus[cu].dwo_name)
		return -EINVAL;
	/* keep() grows di->strs from its count. */
	r.capstrs = di->nstrs;
	while (!c.bad && c.p < c.end && read_unit(&r, &c, &a, s, false))
		;
	free(a.v);
	free(a.attrs);
	if (!r.found)
		r.npend = 0;
	add_pends(&r);
	return r.found ? 0 : -ENOENT;
}

const struct dwinfo_cu *dwinfo_unit_of_lines(const struct dwinfo *di,
					     uint64_t stmt_list)
{
	int i;

	for (i = 0; i < di->ncus; i++)
		if (di->cus[i].has_lines && di->cus[i].stmt_list == stmt_list)
			return &di->cus[i];
	return NULL;
}

int dwinfo_inlined(const struct dwinfo *di, uint64_t addr,
		   const struct dwinfo_inl **out, int max)
{
	int lo = 0, hi = di->ninl - 1, mid, last = -1, n = 0, i, j;

	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		if (di->inl[mid].lo <= addr) {
			last = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	/* Back while some range before may still reach addr. */
	for (i = last; i >= 0 && di->maxhi[i] > addr && n < max; i--)
		if (addr < di->inl[i].hi)
			out[n++] = &di->inl[i];
	/* Innermost (deepest) first. */
	for (i = 1; i < n; i++) {
		const struct dwinfo_inl *x = out[i];

		for (j = i; j > 0 && out[j - 1]->depth < x->depth; j--)
			out[j] = out[j - 1];
		out[j] = x;
	}
	return n;
}

void dwinfo_free(struct dwinfo *di)
{
	int i;

	if (!di)
		return;
	for (i = 0; i < di->nstrs; i++)
		free(di->strs[i]);
	free(di->strs);
	free(di->cus);
	free(di->inl);
	free(di->maxhi);
	free(di);
}
