/* SPDX-License-Identifier: GPL-2.0 */
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_stack.h"
/* libiberty.h, which demangle.h includes, has an ARRAY_SIZE of its own. */
#undef ARRAY_SIZE
#include <libiberty/demangle.h>
#include "../runtime/unwind.h"

/* Frames printed at most, as strace's unwinder walks them. */
#define ST_STACK_DEPTH 256

void st_ustack_regs(struct st_ustack *u, const void *regs, size_t len)
{
	memset(u->regs, 0, sizeof(u->regs));
	memcpy(u->regs, regs, len < sizeof(u->regs) ? len : sizeof(u->regs));
	u->len = 0;
	u->have = true;
}

void st_ustack_page(struct st_ustack *u, int k, const void *page, int64_t len)
{
	uint64_t sp;
	size_t first, off, size;

	if (!u->have || k < 0 || k > ST_STACK_BYTES / 4096)
		return;
	memcpy(&sp, u->regs + 152, 8);
	first = 4096 - (sp & 4095);
	off = k ? first + (size_t)(k - 1) * 4096 : 0;
	size = k ? 4096 : first;
	if (off + size > u->cap) {
		u->cap = off + size;
		u->mem = xrealloc(u->mem, u->cap);
	}
	if (off > u->len)
		memset(u->mem + u->len, 0, off - u->len);
	/*
	 * A page that could not be read was never touched (a large frame's
	 * unused part): no frame's data is there, and zeros stand in.
	 */
	if (len > 0)
		memcpy(u->mem + off, page, (size_t)len < size ? (size_t)len : size);
	else
		memset(u->mem + off, 0, size);
	if (off + size > u->len)
		u->len = off + size;
}

void st_ustack_free(struct st_ustack *u)
{
	free(u->mem);
	memset(u, 0, sizeof(*u));
}

/* A file mapping of a process, and the file's image once opened. */
struct st_map {
	uint64_t start, end, pgoff;
	char *path;
};

/* A process's mappings, shared by the threads and children that have them. */
struct st_maps {
	int refs;
	struct st_map *v;
	int n;
};

/* Names found, by address: a direct-mapped cache per file. */
#define ST_NAME_CACHE 1024

struct st_name {
	uint64_t vaddr;
	const char *name;	/* NULL: none */
	uint64_t off;
	bool valid;
};

struct st_image {
	char *path;
	struct unw_image *im;	/* NULL: not an ELF file ferret can read */
	struct st_name *names;
};

struct st_stack {
	struct { int tid; struct st_maps *m; } *tasks;
	int ntasks, cap;
	struct st_image *images;
	int nimages;
};

static struct st_image *image(struct st_stack *k, const char *path);

struct st_stack *st_stack_new(void)
{
	return xcalloc(1, sizeof(struct st_stack));
}

static void maps_put(struct st_maps *m)
{
	int i;

	if (!m || --m->refs > 0)
		return;
	for (i = 0; i < m->n; i++)
		free(m->v[i].path);
	free(m->v);
	free(m);
}

void st_stack_free(struct st_stack *k)
{
	int i;

	if (!k)
		return;
	for (i = 0; i < k->ntasks; i++)
		maps_put(k->tasks[i].m);
	for (i = 0; i < k->nimages; i++) {
		free(k->images[i].path);
		free(k->images[i].names);
		unw_image_close(k->images[i].im);
	}
	free(k->tasks);
	free(k->images);
	free(k);
}

/* tid's slot, made if make. */
static struct st_maps **slot(struct st_stack *k, int tid, bool make)
{
	int i;

	for (i = 0; i < k->ntasks; i++)
		if (k->tasks[i].tid == tid)
			return &k->tasks[i].m;
	if (!make)
		return NULL;
	if (k->ntasks == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 16;
		k->tasks = xrealloc(k->tasks, k->cap * sizeof(*k->tasks));
	}
	k->tasks[k->ntasks].tid = tid;
	k->tasks[k->ntasks].m = NULL;
	return &k->tasks[k->ntasks++].m;
}

/* tid's file mappings from /proc, or NULL if it has none to read. */
static struct st_maps *read_maps(int tid)
{
	char path[64], line[4096 + 128];
	struct st_maps *m;
	FILE *f;
	int cap = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", tid);
	f = fopen(path, "re");
	if (!f)
		return NULL;
	m = xcalloc(1, sizeof(*m));
	m->refs = 1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e, off;
		char *p;
		int n = 0;

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %n", &s, &e, &off, &n) < 3 || !n)
			continue;
		p = line + n;
		if (*p != '/')
			continue;
		p[strcspn(p, "\n")] = 0;
		if (m->n == cap) {
			cap = cap ? 2 * cap : 32;
			m->v = xrealloc(m->v, cap * sizeof(*m->v));
		}
		m->v[m->n++] = (struct st_map){ s, e, off, xstrdup(p) };
	}
	fclose(f);
	if (!m->n) {
		maps_put(m);
		return NULL;
	}
	return m;
}

/*
 * Reads tid's mappings into its slot; false (the slot kept) if it cannot.
 * Unless replace (an execve: the old program is gone), what was known
 * and /proc no longer shows stays: a process on its way out reads as
 * only part of what it had, and a stack taken before may need the rest
 * (munmap, which ferret follows, is what takes mappings away).
 */
static bool refresh_as(struct st_stack *k, int tid, bool replace)
{
	struct st_maps **s = slot(k, tid, true), *m = read_maps(tid), *o = *s;
	int i, j;

	if (!m)
		return false;
	for (i = 0; !replace && o && i < o->n; i++) {
		for (j = 0; j < m->n; j++)
			if (o->v[i].start < m->v[j].end && m->v[j].start < o->v[i].end)
				break;
		if (j < m->n)
			continue;
		m->v = xrealloc(m->v, (m->n + 1) * sizeof(*m->v));
		m->v[m->n] = o->v[i];
		m->v[m->n++].path = xstrdup(o->v[i].path);
	}
	maps_put(o);
	*s = m;
	return true;
}

static bool refresh(struct st_stack *k, int tid)
{
	return refresh_as(k, tid, false);
}

void st_stack_seen(struct st_stack *k, int tid)
{
	struct st_maps **s = slot(k, tid, false);

	if (!s || !*s)
		refresh(k, tid);
}

void st_stack_fork(struct st_stack *k, int parent, int child)
{
	struct st_maps **p = slot(k, parent, false), **c;

	if (!p || !*p)
		return;
	c = slot(k, child, true);
	maps_put(*c);
	*c = *slot(k, parent, false);
	(*c)->refs++;
}

void st_stack_mapped(struct st_stack *k, int tid)
{
	refresh(k, tid);
}

/* AT_* types of the auxiliary vector (elf.h). */
static uint64_t auxv_get(const struct st_ustack *u, uint64_t type)
{
	size_t at = 8, n = u->len / 8;
	const uint64_t *w = (const void *)u->mem;
	uint64_t argc;
	int nulls = 0;

	if (n < 1)
		return 0;
	memcpy(&argc, u->mem, 8);
	at = 1 + argc + 1;
	/* envp's entries, then its NULL */
	while (at < n && nulls < 1) {
		uint64_t v;

		memcpy(&v, &w[at++], 8);
		if (!v)
			nulls++;
	}
	for (; at + 1 < n; at += 2) {
		uint64_t t, v;

		memcpy(&t, &w[at], 8);
		memcpy(&v, &w[at + 1], 8);
		if (t == AT_NULL)
			break;
		if (t == type)
			return v;
	}
	return 0;
}

/*
 * The loads of the file at path, loaded with bias, into tid's mappings;
 * with fill, only those no mapping known overlaps.
 */
static void map_image(struct st_stack *k, int tid, const char *path,
		      const struct unw_image *im, uint64_t bias, bool fill)
{
	struct st_maps **s = slot(k, tid, false);
	const struct unw_seg *segs;
	int i, j, n = unw_image_loads(im, &segs);

	for (i = 0; i < n; i++) {
		uint64_t start = bias + (segs[i].vaddr & ~0xfffULL);
		uint64_t len = (segs[i].vaddr & 0xfff) + segs[i].filesz;
		uint64_t end = start + ((len + 4095) & ~4095ULL);

		if (!segs[i].filesz)
			continue;
		for (j = 0; fill && s && *s && j < (*s)->n; j++)
			if ((*s)->v[j].start < end && start < (*s)->v[j].end)
				break;
		if (fill && s && *s && j < (*s)->n)
			continue;
		st_stack_map(k, tid, start, len, segs[i].offset & ~0xfffULL, path);
		s = slot(k, tid, false);
	}
}

void st_stack_exec(struct st_stack *k, int tid, const char *path,
		   const struct st_ustack *u)
{
	struct st_maps **s = slot(k, tid, false);
	uint64_t phdr, base;
	struct st_image *exe, *ld;
	char real[4096];
	bool fill = refresh_as(k, tid, true);

	/* Gone already: what it had is not what it runs now. */
	if (!fill && s && *s) {
		maps_put(*s);
		*s = NULL;
	}
	/*
	 * Placed from the auxiliary vector too, where /proc showed nothing:
	 * a process on its way out can read as part of what it had.
	 */
	if (!path || !u->have || !u->len)
		return;
	phdr = auxv_get(u, AT_PHDR);
	exe = image(k, path);
	if (!phdr || !exe->im)
		return;
	map_image(k, tid, path, exe->im, phdr - unw_image_phdr(exe->im), fill);
	base = auxv_get(u, AT_BASE);
	if (base && unw_image_interp(exe->im) && realpath(unw_image_interp(exe->im), real)) {
		ld = image(k, real);
		if (ld->im)
			map_image(k, tid, real, ld->im, base, fill);
	}
}

/* tid's mappings, its own to change (a list shared with others copied). */
static struct st_maps *own(struct st_stack *k, int tid)
{
	struct st_maps **s = slot(k, tid, true), *m;
	int i;

	if (*s && (*s)->refs == 1)
		return *s;
	m = xcalloc(1, sizeof(*m));
	m->refs = 1;
	if (*s) {
		m->n = (*s)->n;
		m->v = xcalloc(m->n ? m->n : 1, sizeof(*m->v));
		for (i = 0; i < m->n; i++) {
			m->v[i] = (*s)->v[i];
			m->v[i].path = xstrdup((*s)->v[i].path);
		}
		maps_put(*s);
	}
	*s = m;
	return m;
}

/* Takes [start, end) out of m's mappings, splitting one that holds it. */
static void punch(struct st_maps *m, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < m->n; i++) {
		struct st_map *p = &m->v[i];

		if (p->end <= start || p->start >= end)
			continue;
		if (p->start < start && p->end > end) {
			struct st_map tail = { end, p->end, p->pgoff + (end - p->start),
					       xstrdup(p->path) };

			m->v = xrealloc(m->v, (m->n + 1) * sizeof(*m->v));
			p = &m->v[i];
			p->end = start;
			m->v[m->n++] = tail;
		} else if (p->start < start) {
			p->end = start;
		} else if (p->end > end) {
			p->pgoff += end - p->start;
			p->start = end;
		} else {
			free(p->path);
			m->v[i--] = m->v[--m->n];
		}
	}
}

void st_stack_map(struct st_stack *k, int tid, uint64_t start, uint64_t len,
		  uint64_t pgoff, const char *path)
{
	uint64_t end = start + ((len + 4095) & ~4095ULL);
	struct st_maps *m = own(k, tid);

	punch(m, start, end);
	m->v = xrealloc(m->v, (m->n + 1) * sizeof(*m->v));
	m->v[m->n++] = (struct st_map){ start, end, pgoff, xstrdup(path) };
}

void st_stack_unmap(struct st_stack *k, int tid, uint64_t start, uint64_t len)
{
	punch(own(k, tid), start, start + ((len + 4095) & ~4095ULL));
}

void st_stack_gone(struct st_stack *k, int tid)
{
	struct st_maps **s = slot(k, tid, false);

	if (s) {
		maps_put(*s);
		*s = NULL;
	}
}

static const struct st_map *map_of(const struct st_maps *m, uint64_t addr)
{
	int i;

	for (i = 0; m && i < m->n; i++)
		if (addr >= m->v[i].start && addr < m->v[i].end)
			return &m->v[i];
	return NULL;
}

static struct st_image *image(struct st_stack *k, const char *path)
{
	struct st_image *m;
	int i;

	for (i = 0; i < k->nimages; i++)
		if (!strcmp(k->images[i].path, path))
			return &k->images[i];
	k->images = xrealloc(k->images, (k->nimages + 1) * sizeof(*k->images));
	m = &k->images[k->nimages++];
	m->path = xstrdup(path);
	m->im = unw_image_open(path);
	m->names = xcalloc(ST_NAME_CACHE, sizeof(*m->names));
	return m;
}

/*
 * Symbols: the choice Debian 12's libdw (elfutils 0.188) makes for
 * strace, as its output shows: among symbols at one address the first
 * in the table, whatever their binding (getrlimit before __getrlimit,
 * __getpid before getpid).
 */

struct pick {
	int sec;		/* addr's section */
	uint64_t addr;
	const struct unw_sym *closest, *sizeless, *nearest;
	uint64_t min_label;
};

static bool eligible(const struct unw_sym *s, uint64_t addr)
{
	return s->name[0] && s->shndx != SHN_UNDEF && s->value <= addr &&
	       s->type != STT_SECTION && s->type != STT_FILE && s->type != STT_TLS;
}

static bool same_section(const struct pick *p, const struct unw_sym *s)
{
	if (s->shndx >= SHN_LORESERVE)
		return s->value == p->addr;
	return s->shndx == p->sec;
}

static void try_sym(struct pick *p, const struct unw_sym *s)
{
	const struct unw_sym *c = p->closest;

	if (s->value + s->size > p->min_label)
		p->min_label = s->value + s->size;
	if (s->size && p->addr - s->value >= s->size) {
		/* Past its end: a name only if nothing holds addr. */
		if (same_section(p, s) && (!p->nearest || p->nearest->value < s->value))
			p->nearest = s;
		return;
	}
	if (!c || c->value < s->value) {
		if (s->size)
			p->closest = s;
		else if (!c && s->value >= p->min_label && same_section(p, s))
			p->sizeless = s;
	} else if (s->size && c->value == s->value && c->size > s->size) {
		/* The same start: the end nearer addr. */
		p->closest = s;
	}
}

/*
 * The name of ELF address addr and *off from it; NULL if none.  A symbol
 * that holds addr, as libdw prefers one (the nearest start, then the
 * shorter, then the first), the globals searched before the locals; else one of size 0 in addr's section; else,
 * as strace -k shows in Debian 12, the nearest symbol that starts below
 * addr in its section.
 */
static const char *sym_name(const struct unw_image *im, uint64_t addr,
			    uint64_t *off)
{
	const struct unw_sym *syms, *s;
	struct pick p = { unw_image_section_of(im, addr), addr, NULL, NULL, NULL, 0 };
	int fg, n = unw_image_syms(im, &syms, &fg), i;

	for (i = fg ? fg : 1; i < n; i++)
		if (eligible(&syms[i], addr))
			try_sym(&p, &syms[i]);
	if (!p.closest && fg > 1 && (!p.sizeless || p.sizeless->value != addr))
		for (i = 1; i < fg; i++)
			if (eligible(&syms[i], addr))
				try_sym(&p, &syms[i]);
	s = p.closest;
	if (!s && p.sizeless && p.sizeless->value >= p.min_label)
		s = p.sizeless;
	if (!s)
		s = p.nearest;
	if (!s)
		return NULL;
	*off = addr - s->value;
	return s->name;
}

static const char *cached_name(struct st_image *m, uint64_t addr, uint64_t *off)
{
	struct st_name *e = &m->names[(addr ^ addr >> 10) % ST_NAME_CACHE];

	if (!e->valid || e->vaddr != addr) {
		e->vaddr = addr;
		e->name = sym_name(m->im, addr, &e->off);
		e->valid = true;
	}
	*off = e->off;
	return e->name;
}

/* The page its lowest load starts on: 0 but for fixed-address programs. */
static uint64_t low_vaddr(const struct unw_image *im)
{
	const struct unw_seg *segs;
	int i, n = unw_image_loads(im, &segs);
	uint64_t low = n ? segs[0].vaddr : 0;

	for (i = 1; i < n; i++)
		if (segs[i].vaddr < low)
			low = segs[i].vaddr;
	return low & ~0xfffULL;
}

void st_stack_print(struct st_stack *k, int tid, const struct st_ustack *u,
		    bool queued, struct buf *b)
{
	struct st_maps **s = slot(k, tid, true);
	struct unw_regs r;
	struct unw_mem m;
	bool activation = true, reread = false;
	int depth;

	if (!u->have)
		return;
	unw_regs_from_pt(&r, u->regs, sizeof(u->regs));
	m.base = r.r[UNW_RSP];
	m.data = u->mem;
	m.len = u->len;
	if (!*s)
		refresh(k, tid);
	for (depth = 0; depth < ST_STACK_DEPTH; depth++) {
		/*
		 * A caller's frame is named by its return address, where
		 * strace 6.1 with Debian's libdw names it, though the call
		 * is the byte before (the unwinder looks its CFI up there).
		 */
		uint64_t pc = r.r[UNW_RIP], bias, off = 0, low;
		const struct st_map *mp = map_of(*s, pc - !activation);
		struct st_image *im;
		const char *name;
		bool sig;

		if (!mp && !reread) {
			reread = true;
			if (refresh(k, tid))
				mp = map_of(*s, pc - !activation);
		}
		if (!mp)
			break;
		im = image(k, mp->path);
		if (!im->im || unw_image_bias(im->im, mp->start, mp->pgoff, &bias))
			break;
		name = cached_name(im, pc - bias, &off);
		/* Bracketed: the offset from the file's first load (libdw's). */
		low = low_vaddr(im->im);
		if (name) {
			/* C++ names as strace shows them (libiberty's, with parameters). */
			char *plain = name[0] == '_' && name[1] == 'Z' ?
				cplus_demangle(name, DMGL_AUTO | DMGL_PARAMS) : NULL;

			buf_printf(b, " > %s(%s+0x%" PRIx64 ") [0x%" PRIx64 "]\n",
				   mp->path, plain ? plain : name, off, pc - bias - low);
			free(plain);
		}
		else {
			buf_printf(b, " > %s(%s) [0x%" PRIx64 "]\n", mp->path,
				   queued ? "+0x0" : "", pc - bias - low);
		}
		if (unw_step(im->im, bias, activation, &r, &m, &sig) <= 0)
			break;
		activation = sig;
	}
}
