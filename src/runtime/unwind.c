/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DWARF call frame information (the .eh_frame format of the LSB and the
 * DWARF 4 standard, section 6.4) run over a copy of a user stack.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util.h"
#include "../kernel/symtab.h"
#include "unwind.h"

/* An FDE's range of virtual addresses and where it is in .eh_frame. */
struct unw_fde {
	uint64_t start, end;
	size_t off;
};

struct unw_image {
	struct unw_seg *segs;
	int nsegs;
	unsigned char *eh;	/* .eh_frame */
	size_t eh_len;
	uint64_t eh_vaddr;
	struct unw_fde *fdes;	/* by start */
	int nfdes;
	struct unw_sym *syms;
	int nsyms, first_global;
	char *names;
	struct { uint64_t addr, size; } *secs;	/* by section index */
	int nsecs;
	char *interp;
	uint64_t phdr;
};

/* Reading .eh_frame. */

struct unw_cur {
	const unsigned char *p, *end;
	const struct unw_image *im;
	bool bad;
};

static uint64_t cur_fixed(struct unw_cur *c, int n)
{
	uint64_t v = 0;
	int i;

	if (c->end - c->p < n) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t cur_uleb(struct unw_cur *c)
{
	uint64_t v = 0;
	int shift = 0;

	while (c->p < c->end) {
		unsigned char b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	c->bad = true;
	return v;
}

static int64_t cur_sleb(struct unw_cur *c)
{
	uint64_t v = 0;
	int shift = 0;
	unsigned char b = 0;

	while (c->p < c->end) {
		b = *c->p++;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~0ULL << shift;
			return (int64_t)v;
		}
	}
	c->bad = true;
	return (int64_t)v;
}

/* DW_EH_PE_* (LSB, "DWARF Exception Header Encoding"). */
#define PE_OMIT 0xff
#define PE_FORMAT 0x0f
#define PE_APP 0x70
#define PE_PCREL 0x10
#define PE_INDIRECT 0x80

/*
 * A pointer in encoding enc.  Indirect pointers (a personality routine's)
 * are consumed, not followed: nothing here needs their target.
 */
static uint64_t cur_ptr(struct unw_cur *c, unsigned enc)
{
	uint64_t here = c->im->eh_vaddr + (uint64_t)(c->p - c->im->eh), v;

	if (enc == PE_OMIT)
		return 0;
	switch (enc & PE_FORMAT) {
	case 0x00: v = cur_fixed(c, 8); break;
	case 0x01: v = cur_uleb(c); break;
	case 0x02: v = cur_fixed(c, 2); break;
	case 0x03: v = cur_fixed(c, 4); break;
	case 0x04: v = cur_fixed(c, 8); break;
	case 0x09: v = (uint64_t)cur_sleb(c); break;
	case 0x0a: v = (uint64_t)(int16_t)cur_fixed(c, 2); break;
	case 0x0b: v = (uint64_t)(int32_t)cur_fixed(c, 4); break;
	case 0x0c: v = cur_fixed(c, 8); break;
	default: c->bad = true; return 0;
	}
	if ((enc & PE_APP) == PE_PCREL)
		v += here;
	return v;
}

/* A CIE's contents that its FDEs need. */
struct unw_cie {
	uint64_t code_align;
	int64_t data_align;
	unsigned ra;
	unsigned fde_enc;
	bool aug_z, signal;
	const unsigned char *insns, *end;
};

/*
 * The entry at off: its length field read, *body at what follows the
 * length, *next past the entry; 0, or -EINVAL at the terminator or past
 * the end.
 */
static int entry_at(const struct unw_image *im, size_t off,
		    const unsigned char **body, size_t *next)
{
	struct unw_cur c = { im->eh + off, im->eh + im->eh_len, im, false };
	uint64_t len;

	if (off >= im->eh_len)
		return -EINVAL;
	len = cur_fixed(&c, 4);
	if (len == 0xffffffff)
		len = cur_fixed(&c, 8);
	if (c.bad || !len || len > (uint64_t)(c.end - c.p))
		return -EINVAL;
	*body = c.p;
	*next = (size_t)(c.p - im->eh) + len;
	return 0;
}

static int parse_cie(const struct unw_image *im, size_t off, struct unw_cie *cie)
{
	const unsigned char *body;
	const char *aug;
	struct unw_cur c;
	size_t next;
	int version;

	if (entry_at(im, off, &body, &next))
		return -EINVAL;
	c = (struct unw_cur){ body, im->eh + next, im, false };
	if (cur_fixed(&c, 4) != 0)
		return -EINVAL;
	version = (int)cur_fixed(&c, 1);
	aug = (const char *)c.p;
	while (c.p < c.end && *c.p)
		c.p++;
	if (c.p == c.end)
		return -EINVAL;
	c.p++;
	memset(cie, 0, sizeof(*cie));
	cie->fde_enc = 0;
	if (strstr(aug, "eh"))
		cur_fixed(&c, 8);
	cie->code_align = cur_uleb(&c);
	cie->data_align = cur_sleb(&c);
	cie->ra = version == 1 ? (unsigned)cur_fixed(&c, 1) : (unsigned)cur_uleb(&c);
	if (aug[0] == 'z') {
		uint64_t alen = cur_uleb(&c);
		const unsigned char *aend = c.p + alen;

		cie->aug_z = true;
		if (alen > (uint64_t)(c.end - c.p))
			return -EINVAL;
		for (aug++; *aug; aug++) {
			switch (*aug) {
			case 'R': cie->fde_enc = (unsigned)cur_fixed(&c, 1); break;
			case 'L': cur_fixed(&c, 1); break;
			case 'P': cur_ptr(&c, (unsigned)cur_fixed(&c, 1) & ~PE_INDIRECT); break;
			case 'S': cie->signal = true; break;
			default: break;
			}
		}
		c.p = aend;
	}
	if (c.bad)
		return -EINVAL;
	cie->insns = c.p;
	cie->end = c.end;
	return 0;
}

/* The FDE at off: its CIE's offset; *c at its initial location. */
static int fde_cie(const struct unw_image *im, size_t off, struct unw_cur *c,
		   size_t *cie_off)
{
	const unsigned char *body;
	size_t next;
	uint64_t id;

	if (entry_at(im, off, &body, &next))
		return -EINVAL;
	*c = (struct unw_cur){ body, im->eh + next, im, false };
	id = cur_fixed(c, 4);
	if (!id || id > (uint64_t)(body - im->eh))
		return -EINVAL;
	*cie_off = (size_t)(body - im->eh) - id;
	return 0;
}

static int fde_cmp(const void *a, const void *b)
{
	const struct unw_fde *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Every FDE of .eh_frame, sorted by address, with the CIEs' encodings. */
static int index_fdes(struct unw_image *im)
{
	size_t off = 0, next, cie_off, last_cie = (size_t)-1;
	unsigned enc = 0;
	int cap = 0;

	while (off + 4 <= im->eh_len) {
		const unsigned char *body;
		struct unw_cur c;
		struct unw_cie cie;
		uint64_t start, range;

		if (entry_at(im, off, &body, &next))
			break;
		if (!(body[0] | body[1] | body[2] | body[3]) ||
		    fde_cie(im, off, &c, &cie_off)) {
			off = next;
			continue;
		}
		if (cie_off != last_cie) {
			if (parse_cie(im, cie_off, &cie)) {
				off = next;
				continue;
			}
			enc = cie.fde_enc;
			last_cie = cie_off;
		}
		start = cur_ptr(&c, enc);
		range = cur_ptr(&c, enc & PE_FORMAT);
		if (!c.bad && range) {
			if (im->nfdes == cap) {
				cap = cap ? 2 * cap : 256;
				im->fdes = xrealloc(im->fdes, cap * sizeof(*im->fdes));
			}
			im->fdes[im->nfdes++] = (struct unw_fde){ start, start + range, off };
		}
		off = next;
	}
	qsort(im->fdes, im->nfdes, sizeof(*im->fdes), fde_cmp);
	return 0;
}

static const struct unw_fde *find_fde(const struct unw_image *im, uint64_t vaddr)
{
	int lo = 0, hi = im->nfdes;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (im->fdes[mid].start <= vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Nested ranges do not occur; the last that starts at or below. */
	if (lo && vaddr < im->fdes[lo - 1].end)
		return &im->fdes[lo - 1];
	return NULL;
}

/* Opening an image. */

static int read_syms(struct unw_image *im, Elf *elf)
{
	Elf_Scn *scn = NULL, *pick = NULL;
	struct buf names = { 0 };
	Elf_Data *data;
	GElf_Shdr sh;
	size_t i, n;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return -ENOEXEC;
		if (sh.sh_type == SHT_SYMTAB) {
			pick = scn;
			break;
		}
		if (sh.sh_type == SHT_DYNSYM && !pick)
			pick = scn;
	}
	if (!pick)
		return 0;
	gelf_getshdr(pick, &sh);
	data = elf_getdata(pick, NULL);
	if (!data || !sh.sh_entsize)
		return 0;
	n = data->d_size / sh.sh_entsize;
	im->syms = xcalloc(n ? n : 1, sizeof(*im->syms));
	im->first_global = (int)sh.sh_info;
	for (i = 0; i < n; i++) {
		GElf_Sym s;
		const char *name;

		if (!gelf_getsym(data, (int)i, &s))
			continue;
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		im->syms[i].name = (const char *)(uintptr_t)names.len;
		buf_put(&names, name ? name : "", strlen(name ? name : "") + 1);
		im->syms[i].value = s.st_value;
		im->syms[i].size = s.st_size;
		im->syms[i].shndx = s.st_shndx;
		im->syms[i].type = GELF_ST_TYPE(s.st_info);
		im->syms[i].bind = GELF_ST_BIND(s.st_info);
	}
	im->nsyms = (int)n;
	im->names = names.p;
	for (i = 0; i < n; i++)
		im->syms[i].name = im->names + (uintptr_t)im->syms[i].name;
	return 0;
}

static int read_image(struct unw_image *im, Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t i, n, shstr, flen;
	GElf_Ehdr eh;
	bool have_phdr = false;
	char *raw;

	if (elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &n) ||
	    elf_getshdrstrndx(elf, &shstr) || !gelf_getehdr(elf, &eh))
		return -ENOEXEC;
	raw = elf_rawfile(elf, &flen);
	im->segs = xcalloc(n ? n : 1, sizeof(*im->segs));
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph))
			continue;
		if (ph.p_type == PT_LOAD)
			im->segs[im->nsegs++] = (struct unw_seg){ ph.p_vaddr, ph.p_offset,
								  ph.p_filesz };
		if (ph.p_type == PT_PHDR) {
			im->phdr = ph.p_vaddr;
			have_phdr = true;
		}
		if (ph.p_type == PT_INTERP && raw && ph.p_offset < flen &&
		    ph.p_filesz <= flen - ph.p_offset && ph.p_filesz)
			im->interp = strndup(raw + ph.p_offset, ph.p_filesz);
	}
	/* Without PT_PHDR, where the load that holds e_phoff puts them. */
	for (i = 0; !have_phdr && i < (size_t)im->nsegs; i++)
		if (eh.e_phoff >= im->segs[i].offset &&
		    eh.e_phoff - im->segs[i].offset < im->segs[i].filesz) {
			im->phdr = im->segs[i].vaddr + (eh.e_phoff - im->segs[i].offset);
			have_phdr = true;
		}
	if (elf_getshdrnum(elf, &n))
		return -ENOEXEC;
	im->secs = xcalloc(n ? n : 1, sizeof(*im->secs));
	im->nsecs = (int)n;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		size_t idx = elf_ndxscn(scn);

		if (!gelf_getshdr(scn, &sh) || idx >= n)
			continue;
		if (sh.sh_flags & SHF_ALLOC) {
			im->secs[idx].addr = sh.sh_addr;
			im->secs[idx].size = sh.sh_size;
		}
		name = elf_strptr(elf, shstr, sh.sh_name);
		if (name && !strcmp(name, ".eh_frame") && sh.sh_type == SHT_PROGBITS) {
			Elf_Data *d = elf_getdata(scn, NULL);

			if (d && d->d_size) {
				im->eh = xmalloc(d->d_size);
				memcpy(im->eh, d->d_buf, d->d_size);
				im->eh_len = d->d_size;
				im->eh_vaddr = sh.sh_addr;
			}
		}
	}
	if (im->eh)
		index_fdes(im);
	return read_syms(im, elf);
}

struct unw_image *unw_image_open(const char *path)
{
	struct unw_image *im;
	Elf *elf;
	int fd, ret;

	elf = symtab_elf_open(path, &fd);
	if (!elf)
		return NULL;
	im = xcalloc(1, sizeof(*im));
	ret = read_image(im, elf);
	elf_end(elf);
	close(fd);
	if (ret) {
		unw_image_close(im);
		errno = -ret;
		return NULL;
	}
	return im;
}

void unw_image_close(struct unw_image *im)
{
	if (!im)
		return;
	free(im->segs);
	free(im->eh);
	free(im->fdes);
	free(im->syms);
	free(im->names);
	free(im->secs);
	free(im->interp);
	free(im);
}

int unw_image_loads(const struct unw_image *im, const struct unw_seg **segs)
{
	*segs = im->segs;
	return im->nsegs;
}

const char *unw_image_interp(const struct unw_image *im)
{
	return im->interp;
}

uint64_t unw_image_phdr(const struct unw_image *im)
{
	return im->phdr;
}

int unw_image_syms(const struct unw_image *im, const struct unw_sym **syms,
		   int *first_global)
{
	*syms = im->syms;
	*first_global = im->first_global;
	return im->nsyms;
}

int unw_image_section_of(const struct unw_image *im, uint64_t vaddr)
{
	int i;

	for (i = 1; i < im->nsecs; i++)
		if (im->secs[i].size && vaddr >= im->secs[i].addr &&
		    vaddr - im->secs[i].addr < im->secs[i].size)
			return i;
	return 0;
}

int unw_image_bias(const struct unw_image *im, uint64_t map_start,
		   uint64_t map_pgoff, uint64_t *bias)
{
	int i;

	for (i = 0; i < im->nsegs; i++) {
		const struct unw_seg *s = &im->segs[i];
		uint64_t off = s->offset & ~0xfffULL;

		if (map_pgoff >= off && map_pgoff < s->offset + s->filesz) {
			*bias = map_start - ((s->vaddr & ~0xfffULL) + (map_pgoff - off));
			return 0;
		}
	}
	return -ENOENT;
}

/* Unwinding. */

void unw_regs_from_pt(struct unw_regs *r, const void *pt, size_t len)
{
	/* struct pt_regs offsets of the DWARF registers, asm/ptrace.h */
	static const int at[UNW_NREGS] = {
		80, 96, 88, 40, 104, 112, 32, 152, 72, 64, 56, 48, 24, 16, 8, 0, 128,
	};
	int i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < UNW_NREGS; i++)
		if ((size_t)at[i] + 8 <= len) {
			memcpy(&r->r[i], (const char *)pt + at[i], 8);
			r->known |= 1U << i;
		}
}

static int mem_read(const struct unw_mem *m, uint64_t addr, uint64_t *v)
{
	if (addr < m->base || addr - m->base > m->len || m->len - (addr - m->base) < 8)
		return -EFAULT;
	memcpy(v, m->data + (addr - m->base), 8);
	return 0;
}

enum { R_SAME, R_UNDEF, R_OFFSET, R_VALOFF, R_REG, R_EXPR, R_VALEXPR };

struct unw_rule {
	uint8_t kind;
	int64_t off;		/* R_OFFSET, R_VALOFF; R_REG: the register */
	const unsigned char *expr;
	size_t elen;
};

struct unw_state {
	struct unw_rule r[UNW_NREGS];
	unsigned cfa_reg;
	int64_t cfa_off;
	const unsigned char *cfa_expr;
	size_t cfa_elen;
};

#define UNW_REMEMBER 8

/*
 * Runs the CFA program [p, end) up to the row for target (from loc):
 * DWARF 4 section 6.4.2.  init: the state after the CIE's program, which
 * DW_CFA_restore goes back to.
 */
static int run_cfa(const struct unw_image *im, const struct unw_cie *cie,
		   const unsigned char *p, const unsigned char *end,
		   uint64_t loc, uint64_t target, struct unw_state *st,
		   const struct unw_state *init)
{
	struct unw_cur c = { p, end, im, false };
	struct unw_state saved[UNW_REMEMBER];
	int nsaved = 0;

	while (c.p < c.end && !c.bad) {
		unsigned op = *c.p++, reg = 0;
		uint64_t delta = 0;
		int64_t off;

		switch (op & 0xc0) {
		case 0x40:
			delta = op & 0x3f;
			goto advance;
		case 0x80:
			reg = op & 0x3f;
			off = (int64_t)cur_uleb(&c) * cie->data_align;
			if (reg < UNW_NREGS)
				st->r[reg] = (struct unw_rule){ R_OFFSET, off, NULL, 0 };
			continue;
		case 0xc0:
			reg = op & 0x3f;
			if (reg < UNW_NREGS)
				st->r[reg] = init ? init->r[reg] : (struct unw_rule){ R_SAME, 0, NULL, 0 };
			continue;
		}
		switch (op) {
		case 0x00:	/* nop */
			break;
		case 0x01:	/* set_loc */
			loc = cur_ptr(&c, cie->fde_enc);
			if (loc > target)
				return 0;
			break;
		case 0x02: delta = cur_fixed(&c, 1); goto advance;
		case 0x03: delta = cur_fixed(&c, 2); goto advance;
		case 0x04: delta = cur_fixed(&c, 4); goto advance;
		case 0x05:	/* offset_extended */
		case 0x11:	/* offset_extended_sf */
		case 0x14:	/* val_offset */
		case 0x15:	/* val_offset_sf */
		case 0x2f:	/* GNU_negative_offset_extended */
			reg = (unsigned)cur_uleb(&c);
			if (op == 0x11 || op == 0x15)
				off = cur_sleb(&c) * cie->data_align;
			else if (op == 0x2f)
				off = -(int64_t)cur_uleb(&c) * cie->data_align;
			else
				off = (int64_t)cur_uleb(&c) * cie->data_align;
			if (reg < UNW_NREGS)
				st->r[reg] = (struct unw_rule){
					op == 0x14 || op == 0x15 ? R_VALOFF : R_OFFSET, off, NULL, 0 };
			break;
		case 0x06:	/* restore_extended */
			reg = (unsigned)cur_uleb(&c);
			if (reg < UNW_NREGS)
				st->r[reg] = init ? init->r[reg] : (struct unw_rule){ R_SAME, 0, NULL, 0 };
			break;
		case 0x07:	/* undefined */
		case 0x08:	/* same_value */
			reg = (unsigned)cur_uleb(&c);
			if (reg < UNW_NREGS)
				st->r[reg] = (struct unw_rule){ op == 0x07 ? R_UNDEF : R_SAME, 0, NULL, 0 };
			break;
		case 0x09:	/* register */
			reg = (unsigned)cur_uleb(&c);
			off = (int64_t)cur_uleb(&c);
			if (reg < UNW_NREGS)
				st->r[reg] = (struct unw_rule){ R_REG, off, NULL, 0 };
			break;
		case 0x0a:	/* remember_state */
			if (nsaved == UNW_REMEMBER)
				return -EINVAL;
			saved[nsaved++] = *st;
			break;
		case 0x0b:	/* restore_state: the CFA rule with the rest */
			if (!nsaved)
				return -EINVAL;
			*st = saved[--nsaved];
			break;
		case 0x0c:	/* def_cfa */
			st->cfa_reg = (unsigned)cur_uleb(&c);
			st->cfa_off = (int64_t)cur_uleb(&c);
			st->cfa_expr = NULL;
			break;
		case 0x12:	/* def_cfa_sf */
			st->cfa_reg = (unsigned)cur_uleb(&c);
			st->cfa_off = cur_sleb(&c) * cie->data_align;
			st->cfa_expr = NULL;
			break;
		case 0x0d:	/* def_cfa_register */
			st->cfa_reg = (unsigned)cur_uleb(&c);
			st->cfa_expr = NULL;
			break;
		case 0x0e:	/* def_cfa_offset */
			st->cfa_off = (int64_t)cur_uleb(&c);
			break;
		case 0x13:	/* def_cfa_offset_sf */
			st->cfa_off = cur_sleb(&c) * cie->data_align;
			break;
		case 0x0f:	/* def_cfa_expression */
			st->cfa_elen = cur_uleb(&c);
			st->cfa_expr = c.p;
			if (st->cfa_elen > (uint64_t)(c.end - c.p))
				return -EINVAL;
			c.p += st->cfa_elen;
			break;
		case 0x10:	/* expression */
		case 0x16: {	/* val_expression */
			uint64_t len;

			reg = (unsigned)cur_uleb(&c);
			len = cur_uleb(&c);
			if (len > (uint64_t)(c.end - c.p))
				return -EINVAL;
			if (reg < UNW_NREGS)
				st->r[reg] = (struct unw_rule){ op == 0x10 ? R_EXPR : R_VALEXPR,
								0, c.p, len };
			c.p += len;
			break;
		}
		case 0x2e:	/* GNU_args_size */
			cur_uleb(&c);
			break;
		default:
			return -EINVAL;
		}
		continue;
advance:
		loc += delta * cie->code_align;
		if (loc > target)
			return 0;
	}
	return c.bad ? -EINVAL : 0;
}

/*
 * A DWARF expression (DWARF 4 section 2.5) of the kinds CFI uses, with
 * push (if has_push) on the stack first.
 */
static int eval(const unsigned char *p, size_t len, const struct unw_regs *r,
		const struct unw_mem *m, bool has_push, uint64_t push,
		uint64_t *out)
{
	struct unw_cur c = { p, p + len, NULL, false };
	uint64_t st[16];
	int n = 0;

	if (has_push)
		st[n++] = push;
	while (c.p < c.end) {
		unsigned op = *c.p++;
		uint64_t a, b;

		if (n >= 15)
			return -EINVAL;
		if (op >= 0x30 && op <= 0x4f) {		/* lit0..lit31 */
			st[n++] = op - 0x30;
			continue;
		}
		if (op >= 0x70 && op <= 0x8f) {		/* breg0..breg31 */
			int64_t off = cur_sleb(&c);

			if (op - 0x70 >= UNW_NREGS || !(r->known & (1U << (op - 0x70))))
				return -EINVAL;
			st[n++] = r->r[op - 0x70] + (uint64_t)off;
			continue;
		}
		switch (op) {
		case 0x08: st[n++] = cur_fixed(&c, 1); continue;		/* const1u */
		case 0x09: st[n++] = (uint64_t)(int8_t)cur_fixed(&c, 1); continue;
		case 0x0a: st[n++] = cur_fixed(&c, 2); continue;
		case 0x0b: st[n++] = (uint64_t)(int16_t)cur_fixed(&c, 2); continue;
		case 0x0c: st[n++] = cur_fixed(&c, 4); continue;
		case 0x0d: st[n++] = (uint64_t)(int32_t)cur_fixed(&c, 4); continue;
		case 0x0e: case 0x0f: st[n++] = cur_fixed(&c, 8); continue;
		case 0x10: st[n++] = cur_uleb(&c); continue;			/* constu */
		case 0x11: st[n++] = (uint64_t)cur_sleb(&c); continue;		/* consts */
		case 0x12: if (!n) return -EINVAL; st[n] = st[n - 1]; n++; continue; /* dup */
		case 0x13: if (!n) return -EINVAL; n--; continue;		/* drop */
		case 0x14: if (n < 2) return -EINVAL; st[n] = st[n - 2]; n++; continue; /* over */
		case 0x16: if (n < 2) return -EINVAL;				/* swap */
			a = st[n - 1]; st[n - 1] = st[n - 2]; st[n - 2] = a; continue;
		case 0x06:							/* deref */
			if (!n || mem_read(m, st[n - 1], &st[n - 1]))
				return -EFAULT;
			continue;
		case 0x23: if (!n) return -EINVAL; st[n - 1] += cur_uleb(&c); continue;
		}
		if (n < 2)
			return -EINVAL;
		b = st[--n];
		a = st[n - 1];
		switch (op) {
		case 0x1a: a &= b; break;				/* and */
		case 0x1c: a -= b; break;				/* minus */
		case 0x1e: a *= b; break;				/* mul */
		case 0x21: a |= b; break;				/* or */
		case 0x22: a += b; break;				/* plus */
		case 0x24: a = b < 64 ? a << b : 0; break;		/* shl */
		case 0x25: a = b < 64 ? a >> b : 0; break;		/* shr */
		case 0x27: a ^= b; break;				/* xor */
		case 0x29: a = a == b; break;				/* eq */
		case 0x2a: a = (int64_t)a >= (int64_t)b; break;		/* ge */
		case 0x2b: a = (int64_t)a > (int64_t)b; break;		/* gt */
		case 0x2c: a = (int64_t)a <= (int64_t)b; break;		/* le */
		case 0x2d: a = (int64_t)a < (int64_t)b; break;		/* lt */
		case 0x2e: a = a != b; break;				/* ne */
		default: return -EINVAL;
		}
		st[n - 1] = a;
	}
	if (c.bad || !n)
		return -EINVAL;
	*out = st[n - 1];
	return 0;
}

int unw_step(const struct unw_image *im, uint64_t bias, bool activation,
	     struct unw_regs *r, const struct unw_mem *m, bool *signal_frame)
{
	const struct unw_fde *f;
	struct unw_state init = { 0 }, st;
	struct unw_regs out = { { 0 }, 0 };
	struct unw_cie cie;
	struct unw_cur c;
	size_t cie_off;
	uint64_t pc, cfa, v;
	int i, ret;

	*signal_frame = false;
	if (!(r->known & (1U << UNW_RIP)))
		return -EINVAL;
	pc = r->r[UNW_RIP] - bias - !activation;
	f = find_fde(im, pc);
	if (!f)
		return -ENOENT;
	if (fde_cie(im, f->off, &c, &cie_off) || parse_cie(im, cie_off, &cie))
		return -EINVAL;
	cur_ptr(&c, cie.fde_enc);
	cur_ptr(&c, cie.fde_enc & PE_FORMAT);
	if (cie.aug_z)
		c.p += cur_uleb(&c);
	if (c.bad || c.p > c.end)
		return -EINVAL;
	ret = run_cfa(im, &cie, cie.insns, cie.end, 0, UINT64_MAX, &init, NULL);
	if (ret)
		return ret;
	st = init;
	ret = run_cfa(im, &cie, c.p, c.end, f->start, pc, &st, &init);
	if (ret)
		return ret;
	if (st.cfa_expr) {
		ret = eval(st.cfa_expr, st.cfa_elen, r, m, false, 0, &cfa);
		if (ret)
			return ret;
	} else {
		if (st.cfa_reg >= UNW_NREGS || !(r->known & (1U << st.cfa_reg)))
			return -EINVAL;
		cfa = r->r[st.cfa_reg] + (uint64_t)st.cfa_off;
	}
	for (i = 0; i < UNW_NREGS; i++) {
		const struct unw_rule *u = &st.r[i];

		switch (u->kind) {
		case R_SAME:
			if (!(r->known & (1U << i)))
				continue;
			v = r->r[i];
			break;
		case R_UNDEF:
			continue;
		case R_OFFSET:
			if (mem_read(m, cfa + (uint64_t)u->off, &v))
				return -EFAULT;
			break;
		case R_VALOFF:
			v = cfa + (uint64_t)u->off;
			break;
		case R_REG:
			if (u->off < 0 || u->off >= UNW_NREGS || !(r->known & (1U << u->off)))
				continue;
			v = r->r[u->off];
			break;
		case R_EXPR:
			ret = eval(u->expr, u->elen, r, m, true, cfa, &v);
			if (ret || mem_read(m, v, &v))
				return -EFAULT;
			break;
		default:
			ret = eval(u->expr, u->elen, r, m, true, cfa, &v);
			if (ret)
				return ret;
			break;
		}
		out.r[i] = v;
		out.known |= 1U << i;
	}
	/* The return address is the caller's rip; its stack pointer the CFA. */
	if (cie.ra >= UNW_NREGS || st.r[cie.ra].kind == R_UNDEF ||
	    st.r[cie.ra].kind == R_SAME || !(out.known & (1U << cie.ra)))
		return 0;
	out.r[UNW_RIP] = out.r[cie.ra];
	out.known |= 1U << UNW_RIP;
	if (st.r[UNW_RSP].kind == R_SAME) {
		out.r[UNW_RSP] = cfa;
		out.known |= 1U << UNW_RSP;
	}
	if (!out.r[UNW_RIP])
		return 0;
	*signal_frame = cie.signal;
	*r = out;
	return 1;
}
