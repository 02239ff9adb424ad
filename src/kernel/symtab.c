/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "symtab.h"

#define SYMTAB_DEBUG_DIR "/usr/lib/debug"
#define SYMTAB_LD_CACHE "/etc/ld.so.cache"

/* A symbol while the table is built: the name is an offset in names. */
struct symtab_ent {
	uint64_t addr;
	uint64_t size;
	uint32_t name;
	uint8_t type;
	uint8_t bind;
};

struct symtab {
	char *path;
	char *debug_path;
	char *build_id;		/* lowercase hex, or NULL */
	int elf_type;
	struct symtab_seg *segs;
	int nsegs;
	struct symtab_sym *all;		/* every symbol, bcc's order */
	int nall;
	struct symtab_sym *sel;		/* FUNC, GNU_IFUNC, OBJECT */
	int nsel;
	struct symtab_sym **byname;	/* sel by name, then address */
	int nbyname;
	char *names;
};

struct symtab_build {
	struct symtab_ent *v;
	int n, cap;
	struct buf names;
};

static int symtab_elf_init(void)
{
	static int ready;

	if (!ready) {
		if (elf_version(EV_CURRENT) == EV_NONE)
			return -ENOSYS;
		ready = 1;
	}
	return 0;
}

/* libstdc++'s std::sort, on elements compared by a uint64_t key. */

struct compat_sort {
	char *base;
	size_t size;
	size_t key_off;
	char *tmp;			/* the value held out of the array */
	char *swp;
};

static char *cs_at(const struct compat_sort *s, long i)
{
	return s->base + (size_t)i * s->size;
}

static uint64_t cs_key_of(const struct compat_sort *s, const char *e)
{
	uint64_t k;

	memcpy(&k, e + s->key_off, sizeof(k));
	return k;
}

static bool cs_less(const struct compat_sort *s, long a, long b)
{
	return cs_key_of(s, cs_at(s, a)) < cs_key_of(s, cs_at(s, b));
}

static void cs_swap(struct compat_sort *s, long a, long b)
{
	memcpy(s->swp, cs_at(s, a), s->size);
	memcpy(cs_at(s, a), cs_at(s, b), s->size);
	memcpy(cs_at(s, b), s->swp, s->size);
}

static void cs_move(struct compat_sort *s, long to, long from)
{
	memcpy(cs_at(s, to), cs_at(s, from), s->size);
}

static void cs_hold(struct compat_sort *s, long i)
{
	memcpy(s->tmp, cs_at(s, i), s->size);
}

static void cs_put(struct compat_sort *s, long i)
{
	memcpy(cs_at(s, i), s->tmp, s->size);
}

static void cs_median_to_first(struct compat_sort *s, long result, long a,
			       long b, long c)
{
	if (cs_less(s, a, b)) {
		if (cs_less(s, b, c))
			cs_swap(s, result, b);
		else if (cs_less(s, a, c))
			cs_swap(s, result, c);
		else
			cs_swap(s, result, a);
	} else if (cs_less(s, a, c)) {
		cs_swap(s, result, a);
	} else if (cs_less(s, b, c)) {
		cs_swap(s, result, c);
	} else {
		cs_swap(s, result, b);
	}
}

static long cs_partition(struct compat_sort *s, long first, long last,
			 long pivot)
{
	for (;;) {
		while (cs_less(s, first, pivot))
			first++;
		last--;
		while (cs_less(s, pivot, last))
			last--;
		if (first >= last)
			return first;
		cs_swap(s, first, last);
		first++;
	}
}

/* Sifts the held value down from hole in the heap first[0, len). */
static void cs_adjust_heap(struct compat_sort *s, long first, long hole,
			   long len)
{
	long top = hole, child = hole, parent;
	uint64_t v = cs_key_of(s, s->tmp);

	while (child < (len - 1) / 2) {
		child = 2 * (child + 1);
		if (cs_less(s, first + child, first + child - 1))
			child--;
		cs_move(s, first + hole, first + child);
		hole = child;
	}
	if ((len & 1) == 0 && child == (len - 2) / 2) {
		child = 2 * (child + 1);
		cs_move(s, first + hole, first + child - 1);
		hole = child - 1;
	}
	parent = (hole - 1) / 2;
	while (hole > top && cs_key_of(s, cs_at(s, first + parent)) < v) {
		cs_move(s, first + hole, first + parent);
		hole = parent;
		parent = (hole - 1) / 2;
	}
	cs_put(s, first + hole);
}

static void cs_heap_sort(struct compat_sort *s, long first, long last)
{
	long len = last - first, parent;

	if (len >= 2) {
		for (parent = (len - 2) / 2;; parent--) {
			cs_hold(s, first + parent);
			cs_adjust_heap(s, first, parent, len);
			if (parent == 0)
				break;
		}
	}
	while (last - first > 1) {
		last--;
		cs_hold(s, last);
		cs_move(s, last, first);
		cs_adjust_heap(s, first, 0, last - first);
	}
}

static void cs_introsort(struct compat_sort *s, long first, long last,
			 long depth)
{
	long cut;

	while (last - first > 16) {
		if (depth == 0) {
			cs_heap_sort(s, first, last);
			return;
		}
		depth--;
		cs_median_to_first(s, first, first + 1,
				   first + (last - first) / 2, last - 1);
		cut = cs_partition(s, first + 1, last, first);
		cs_introsort(s, cut, last, depth);
		last = cut;
	}
}

/*
 * Sinks element i into the sorted run before it.  Unguarded: an element
 * not above it must precede it.
 */
static void cs_linear_insert(struct compat_sort *s, long i)
{
	uint64_t v;
	long next = i - 1;

	cs_hold(s, i);
	v = cs_key_of(s, s->tmp);
	while (v < cs_key_of(s, cs_at(s, next))) {
		cs_move(s, i, next);
		i = next;
		next--;
	}
	cs_put(s, i);
}

static void cs_insertion_sort(struct compat_sort *s, long first, long last)
{
	long i;

	if (first == last)
		return;
	for (i = first + 1; i != last; i++) {
		if (cs_less(s, i, first)) {
			cs_hold(s, i);
			memmove(cs_at(s, first + 1), cs_at(s, first),
				(size_t)(i - first) * s->size);
			cs_put(s, first);
		} else {
			cs_linear_insert(s, i);
		}
	}
}

void symtab_sort_compat(void *base, size_t n, size_t size, size_t key_off)
{
	struct compat_sort s = { base, size, key_off, NULL, NULL };
	long depth, i;

	if (n < 2)
		return;
	s.tmp = xmalloc(size);
	s.swp = xmalloc(size);
	depth = 2 * (long)(63 - __builtin_clzll(n));
	cs_introsort(&s, 0, (long)n, depth);
	if (n > 16) {
		cs_insertion_sort(&s, 0, 16);
		for (i = 16; i < (long)n; i++)
			cs_linear_insert(&s, i);
	} else {
		cs_insertion_sort(&s, 0, (long)n);
	}
	free(s.tmp);
	free(s.swp);
}

/* Reading ELF files. */

static void symtab_add(struct symtab_build *b, const GElf_Sym *sym,
		       const char *name)
{
	struct symtab_ent *e;

	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 256;
		b->v = xrealloc(b->v, b->cap * sizeof(*b->v));
	}
	e = &b->v[b->n++];
	e->addr = sym->st_value;
	e->size = sym->st_size;
	e->type = GELF_ST_TYPE(sym->st_info);
	e->bind = GELF_ST_BIND(sym->st_info);
	e->name = b->names.len;
	buf_put(&b->names, name, strlen(name) + 1);
}

/* Every named symbol with a value in SYMTAB and DYNSYM sections, in order. */
static int symtab_read_syms(struct symtab_build *b, Elf *elf)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data = NULL;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			return -ENOEXEC;
		if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
			continue;
		if (!sh.sh_entsize)
			return -ENOEXEC;
		while ((data = elf_getdata(scn, data))) {
			size_t i, n = data->d_size / sh.sh_entsize;

			for (i = 0; i < n; i++) {
				const char *name;
				GElf_Sym sym;

				if (!gelf_getsym(data, (int)i, &sym))
					continue;
				name = elf_strptr(elf, sh.sh_link, sym.st_name);
				if (!name || !*name || !sym.st_value)
					continue;
				symtab_add(b, &sym, name);
			}
		}
	}
	return 0;
}

static int symtab_read_segs(struct symtab *st, Elf *elf)
{
	size_t i, n;

	if (elf_getphdrnum(elf, &n))
		return -ENOEXEC;
	st->segs = xcalloc(n, sizeof(*st->segs));
	for (i = 0; i < n; i++) {
		struct symtab_seg *sg;
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph))
			return -ENOEXEC;
		if (ph.p_type != PT_LOAD)
			continue;
		sg = &st->segs[st->nsegs++];
		sg->vaddr = ph.p_vaddr;
		sg->offset = ph.p_offset;
		sg->filesz = ph.p_filesz;
		sg->memsz = ph.p_memsz;
		sg->flags = ph.p_flags;
	}
	return 0;
}

static Elf_Scn *symtab_section(Elf *elf, const char *name)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			return NULL;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/* The GNU build id of elf as lowercase hex, or NULL if it has none. */
static char *symtab_read_build_id(Elf *elf)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Shdr sh;
		GElf_Nhdr nh;
		size_t off = 0, noff, doff;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		while ((off = gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
			const unsigned char *id = data->d_buf;
			struct buf p = { 0 };
			size_t i;

			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((char *)data->d_buf + noff, "GNU", 4) ||
			    nh.n_descsz < 2)
				continue;
			id += doff;
			for (i = 0; i < nh.n_descsz; i++)
				buf_printf(&p, "%02x", id[i]);
			return p.p;
		}
	}
	return NULL;
}

/* "/usr/lib/debug/.build-id/NN/NNNN....debug" for the build id, or NULL. */
static char *symtab_buildid_path(const char *build_id)
{
	if (!build_id)
		return NULL;
	return xasprintf(SYMTAB_DEBUG_DIR "/.build-id/%.2s/%s.debug",
			 build_id, build_id + 2);
}

static uint32_t symtab_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
	static uint32_t table[256];
	size_t i;

	if (!table[1]) {
		for (i = 0; i < 256; i++) {
			uint32_t c = i;
			int k;

			for (k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
	}
	crc = ~crc;
	for (i = 0; i < n; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static bool symtab_crc_matches(const char *path, uint32_t want)
{
	unsigned char chunk[65536];
	uint32_t crc = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return false;
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		crc = symtab_crc32(crc, chunk, n);
	close(fd);
	return n == 0 && crc == want;
}

static bool symtab_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * The .gnu_debuglink file as bcc looks for it: the first of DIR/NAME
 * (unless that is path itself), DIR/.debug/NAME and /usr/lib/debug/DIR/NAME
 * that exists, provided its CRC matches.
 */
static char *symtab_debuglink_path(Elf *elf, const char *path)
{
	Elf_Scn *scn = symtab_section(elf, ".gnu_debuglink");
	const char *slash = strrchr(path, '/');
	char *dir, *cand[3], *found = NULL;
	size_t namelen, crcoff;
	Elf_Data *data;
	uint32_t crc;
	int i;

	if (!scn || !(data = elf_getdata(scn, NULL)) || !data->d_buf)
		return NULL;
	namelen = strnlen(data->d_buf, data->d_size);
	crcoff = ALIGN_UP(namelen + 1, 4);
	if (!namelen || crcoff + 4 > data->d_size)
		return NULL;
	memcpy(&crc, (char *)data->d_buf + crcoff, 4);
	dir = slash ? xstrndup(path, slash - path) : xstrdup(".");
	cand[0] = xasprintf("%s/%.*s", dir, (int)namelen, (char *)data->d_buf);
	cand[1] = xasprintf("%s/.debug/%.*s", dir, (int)namelen,
			    (char *)data->d_buf);
	cand[2] = xasprintf(SYMTAB_DEBUG_DIR "%s/%.*s", dir, (int)namelen,
			    (char *)data->d_buf);
	for (i = 0; i < 3 && !found; i++) {
		if (i == 0 && symtab_same_file(cand[0], path))
			continue;
		if (!access(cand[i], F_OK)) {
			found = cand[i];
			cand[i] = NULL;
		}
	}
	for (i = 0; i < 3; i++)
		free(cand[i]);
	free(dir);
	if (found && !symtab_crc_matches(found, crc)) {
		free(found);
		found = NULL;
	}
	return found;
}

static char *symtab_find_debug(Elf *elf, const char *path,
			       const char *build_id)
{
	char *p = symtab_buildid_path(build_id);

	if (p && !access(p, F_OK) && !symtab_same_file(p, path))
		return p;
	free(p);
	return symtab_debuglink_path(elf, path);
}

static int symtab_read_debug(struct symtab_build *b, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	int ret;

	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		ret = -ENOEXEC;
		goto out;
	}
	ret = symtab_read_syms(b, elf);
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}

static int symtab_cmp_byname(const void *a, const void *b)
{
	const struct symtab_sym *x = *(const struct symtab_sym * const *)a;
	const struct symtab_sym *y = *(const struct symtab_sym * const *)b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool symtab_selected(uint8_t type)
{
	return type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT;
}

/*
 * Sorts the entries as bcc does, drops all but the last of entries equal
 * in name, address, size and type (among equal addresses the lookups
 * meet the last first, so what they find does not change), and builds
 * the public arrays.
 */
static void symtab_finish(struct symtab *st, struct symtab_build *b)
{
	int i, j, k, n = 0;

	symtab_sort_compat(b->v, b->n, sizeof(*b->v),
			   offsetof(struct symtab_ent, addr));
	st->names = b->names.p ? b->names.p : xstrdup("");
	b->names.p = NULL;
	st->all = xcalloc(b->n, sizeof(*st->all));
	for (i = 0; i < b->n; i = j) {
		for (j = i; j < b->n && b->v[j].addr == b->v[i].addr; j++)
			;
		for (k = i; k < j; k++) {
			struct symtab_ent *e = &b->v[k];
			struct symtab_sym *s;
			int l;

			for (l = k + 1; l < j; l++)
				if (b->v[l].size == e->size &&
				    b->v[l].type == e->type &&
				    !strcmp(st->names + b->v[l].name,
					    st->names + e->name))
					break;
			if (l < j)
				continue;
			s = &st->all[n++];
			s->name = st->names + e->name;
			s->addr = e->addr;
			s->size = e->size;
			s->type = e->type;
			s->bind = e->bind;
		}
	}
	st->nall = n;
	st->sel = xcalloc(n, sizeof(*st->sel));
	for (i = 0; i < n; i++)
		if (symtab_selected(st->all[i].type))
			st->sel[st->nsel++] = st->all[i];
	st->byname = xcalloc(st->nsel, sizeof(*st->byname));
	for (i = 0; i < st->nsel; i++)
		st->byname[i] = &st->sel[i];
	qsort(st->byname, st->nsel, sizeof(*st->byname), symtab_cmp_byname);
	for (i = 0; i < st->nsel; i++) {
		if (st->nbyname &&
		    !symtab_cmp_byname(&st->byname[st->nbyname - 1],
				       &st->byname[i]))
			continue;
		st->byname[st->nbyname++] = st->byname[i];
	}
}

static struct symtab *symtab_load(Elf *elf, const char *path)
{
	struct symtab_build b = { 0 };
	struct symtab *st = xcalloc(1, sizeof(*st));
	GElf_Ehdr eh;
	int ret;

	st->path = xstrdup(path);
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		ret = -ENOEXEC;
		goto fail;
	}
	st->elf_type = eh.e_type;
	ret = symtab_read_segs(st, elf);
	if (ret)
		goto fail;
	st->build_id = symtab_read_build_id(elf);
	st->debug_path = symtab_find_debug(elf, path, st->build_id);
	if (st->debug_path && symtab_read_debug(&b, st->debug_path)) {
		free(st->debug_path);
		st->debug_path = NULL;
		b.n = 0;
		b.names.len = 0;
	}
	ret = symtab_read_syms(&b, elf);
	if (ret)
		goto fail;
	symtab_finish(st, &b);
	free(b.v);
	return st;
fail:
	free(b.v);
	buf_free(&b.names);
	symtab_close(st);
	errno = -ret;
	return NULL;
}

Elf *symtab_elf_open(const char *path, int *fd)
{
	Elf *elf;
	int ret = symtab_elf_init();

	if (ret) {
		errno = -ret;
		return NULL;
	}
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(*fd);
		errno = ENOEXEC;
		return NULL;
	}
	return elf;
}

struct symtab *symtab_open(const char *path)
{
	struct symtab *st;
	Elf *elf;
	int fd, err;

	elf = symtab_elf_open(path, &fd);
	if (!elf)
		return NULL;
	st = symtab_load(elf, path);
	err = errno;
	elf_end(elf);
	close(fd);
	errno = err;
	return st;
}

void symtab_close(struct symtab *st)
{
	if (!st)
		return;
	free(st->path);
	free(st->debug_path);
	free(st->build_id);
	free(st->segs);
	free(st->all);
	free(st->sel);
	free(st->byname);
	free(st->names);
	free(st);
}

const char *symtab_path(const struct symtab *st)
{
	return st->path;
}

const char *symtab_debug_path(const struct symtab *st)
{
	return st->debug_path;
}

const char *symtab_build_id(const struct symtab *st)
{
	return st->build_id;
}

int symtab_elf_type(const struct symtab *st)
{
	return st->elf_type;
}

int symtab_segments(const struct symtab *st, const struct symtab_seg **segs)
{
	*segs = st->segs;
	return st->nsegs;
}

int symtab_symbols(const struct symtab *st, const struct symtab_sym **syms)
{
	*syms = st->sel;
	return st->nsel;
}

/* Index of the first entry of byname not named below name. */
static int symtab_name_lower(const struct symtab *st, const char *name)
{
	int lo = 0, hi = st->nbyname;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (strcmp(st->byname[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct symtab_sym *symtab_find(const struct symtab *st, const char *name)
{
	const struct symtab_sym *best = NULL;
	int i;

	for (i = symtab_name_lower(st, name);
	     i < st->nbyname && !strcmp(st->byname[i]->name, name); i++) {
		const struct symtab_sym *s = st->byname[i];

		if (!best || (best->bind == STB_LOCAL && s->bind != STB_LOCAL))
			best = s;
	}
	return best;
}

int symtab_glob(const struct symtab *st, const char *pattern,
		int (*cb)(const struct symtab_sym *sym, void *arg), void *arg)
{
	bool glob = util_has_glob(pattern);
	int i, ret;

	i = glob ? 0 : symtab_name_lower(st, pattern);
	for (; i < st->nbyname; i++) {
		const struct symtab_sym *s = st->byname[i];

		if (!glob && strcmp(s->name, pattern))
			break;
		if (glob && !util_glob(pattern, s->name))
			continue;
		ret = cb(s, arg);
		if (ret)
			return ret;
	}
	return 0;
}

size_t symtab_upper_key(const void *base, size_t n, size_t size,
			size_t key_off, uint64_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint64_t k;

		memcpy(&k, (const char *)base + mid * size + key_off, sizeof(k));
		if (k <= key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Number of entries of v[0, n) that start at or below addr. */
static int symtab_upper(const struct symtab_sym *v, int n, uint64_t addr)
{
	return (int)symtab_upper_key(v, n, sizeof(*v),
				     offsetof(struct symtab_sym, addr), addr);
}

/*
 * bcc's search: from the last symbol starting at or below addr, walk
 * down to the first that contains addr, giving up at one that ends
 * below the start of that last symbol (nothing further down can be a
 * symbol nesting the ones above).
 */
static const struct symtab_sym *symtab_containing(const struct symtab_sym *v,
						  int n, uint64_t addr)
{
	int i = symtab_upper(v, n, addr) - 1;
	uint64_t limit;

	if (i < 0)
		return NULL;
	limit = v[i].addr;
	for (; i >= 0; i--) {
		if (addr - v[i].addr < v[i].size)
			return &v[i];
		if (limit > v[i].addr + v[i].size)
			break;
	}
	return NULL;
}

const struct symtab_sym *symtab_lookup_addr(const struct symtab *st,
					    uint64_t vaddr, uint64_t *off)
{
	const struct symtab_sym *s, *v = st->sel;
	int i;

	s = symtab_containing(v, st->nsel, vaddr);
	if (!s) {
		for (i = symtab_upper(v, st->nsel, vaddr) - 1; i >= 0; i--)
			if (v[i].type == STT_FUNC || v[i].type == STT_GNU_IFUNC)
				break;
		if (i >= 0 && !st->sel[i].size)
			s = &st->sel[i];
	}
	if (s && off)
		*off = vaddr - s->addr;
	return s;
}

/* Negative if a's name is preferred to b's (see symtab_preferred). */
static int symtab_prefer(const struct symtab_sym *a, const struct symtab_sym *b)
{
	const char *an = a->name, *bn = b->name;

	if ((a->type == STT_FUNC) != (b->type == STT_FUNC))
		return a->type == STT_FUNC ? -1 : 1;
	if ((a->bind == STB_LOCAL) != (b->bind == STB_LOCAL))
		return a->bind == STB_LOCAL ? 1 : -1;
	if ((*an == '$') != (*bn == '$'))
		return *an == '$' ? 1 : -1;
	for (; *an == '_' && *bn == '_'; an++, bn++)
		;
	if ((*an == '_') != (*bn == '_'))
		return *an == '_' ? 1 : -1;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	return strcmp(an, bn);
}

const struct symtab_sym *symtab_preferred(const struct symtab *st,
					  const struct symtab_sym *sym)
{
	const struct symtab_sym *v = st->sel, *best = sym;
	int i;

	for (i = symtab_upper(v, st->nsel, sym->addr) - 1;
	     i >= 0 && v[i].addr == sym->addr; i--)
		if ((v[i].type == STT_FUNC || v[i].type == STT_GNU_IFUNC) &&
		    symtab_prefer(&v[i], best) < 0)
			best = &v[i];
	return best;
}

const struct symtab_sym *symtab_symbolize(const struct symtab *st,
					  uint64_t vaddr, uint64_t *off)
{
	const struct symtab_sym *s;

	s = symtab_containing(st->all, st->nall, vaddr);
	if (s && off)
		*off = vaddr - s->addr;
	return s;
}

int symtab_vaddr_to_offset(const struct symtab *st, uint64_t vaddr,
			   uint64_t *off)
{
	int i;

	for (i = 0; i < st->nsegs; i++) {
		const struct symtab_seg *sg = &st->segs[i];

		if (vaddr >= sg->vaddr && vaddr - sg->vaddr < sg->filesz) {
			*off = vaddr - sg->vaddr + sg->offset;
			return 0;
		}
	}
	return -ENOENT;
}

int symtab_offset_to_vaddr(const struct symtab *st, uint64_t off,
			   uint64_t *vaddr)
{
	const struct symtab_seg *hit = NULL;
	int i;

	for (i = 0; i < st->nsegs; i++) {
		const struct symtab_seg *sg = &st->segs[i];

		if (off < sg->offset || off - sg->offset >= sg->filesz)
			continue;
		if (!hit || (!(hit->flags & PF_X) && (sg->flags & PF_X)))
			hit = sg;
	}
	if (!hit)
		return -ENOENT;
	*vaddr = off - hit->offset + hit->vaddr;
	return 0;
}

int symtab_runtime_to_vaddr(const struct symtab *st, uint64_t addr,
			    uint64_t map_start, uint64_t map_pgoff,
			    uint64_t *vaddr)
{
	if (addr < map_start)
		return -ENOENT;
	return symtab_offset_to_vaddr(st, addr - map_start + map_pgoff, vaddr);
}

/* Resolving target names. */

static int symtab_copy_out(const char *path, char *out, size_t len)
{
	size_t n = strlen(path);

	if (n >= len)
		return -ENAMETOOLONG;
	memcpy(out, path, n + 1);
	return 0;
}

static bool symtab_is_elf_exe(const char *path)
{
	unsigned char magic[4];
	struct stat sb;
	ssize_t n;
	int fd;

	if (stat(path, &sb) || !S_ISREG(sb.st_mode) || access(path, X_OK))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, magic, sizeof(magic));
	close(fd);
	return n == 4 && !memcmp(magic, ELFMAG, SELFMAG);
}

static int symtab_which(const char *name, char *out, size_t len)
{
	const char *p = getenv("PATH");
	int ret = -ENOENT;

	while (p && *p && ret == -ENOENT) {
		size_t n = strcspn(p, ":");
		char *cand;

		if (n) {
			cand = xasprintf("%.*s/%s", (int)n, p, name);
			if (symtab_is_elf_exe(cand))
				ret = symtab_copy_out(cand, out, len);
			free(cand);
		}
		p += n;
		if (*p == ':')
			p++;
	}
	return ret;
}

/*
 * How a library name matches a file name: LIB_EXACT the same name
 * ("libX.so.N"); LIB_DOT the name and a '.' suffix ("libX.so" for
 * libX.so.N, as dtrace's pid provider and bcc take it); LIB_STEM a name
 * "libX.<...>" or "libX-<...>" with ".so" in it, as bcc matches a "libX"
 * a process has mapped.
 */
enum { LIB_EXACT, LIB_DOT, LIB_STEM };

static bool symtab_name_matches(const char *name, int how, const char *base)
{
	size_t n = strlen(name);

	if (how == LIB_EXACT)
		return !strcmp(base, name);
	if (strncmp(base, name, n))
		return false;
	if (how == LIB_DOT)
		return base[n] == '.';
	return (base[n] == '.' || base[n] == '-') && strstr(base, ".so");
}

static bool symtab_lib_matches(const char *name, int how, const char *path)
{
	const char *base = strrchr(path, '/');

	return base && symtab_name_matches(name, how, base + 1);
}

static int symtab_lib_in_pid(const char *name, int how, pid_t pid,
			     char *out, size_t len)
{
	char mpath[64], line[PATH_MAX + 256];
	int ret = -ENOENT;
	FILE *f;

	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	f = fopen(mpath, "re");
	if (!f)
		return -ENOENT;
	while (ret == -ENOENT && fgets(line, sizeof(line), f)) {
		char *path = strchr(line, '/');

		if (!path)
			continue;
		path[strcspn(path, "\n")] = '\0';
		if (symtab_lib_matches(name, how, path))
			ret = symtab_copy_out(path, out, len);
	}
	fclose(f);
	return ret;
}

/*
 * /etc/ld.so.cache in glibc's "glibc-ld.so.cache1.1" format, alone or
 * after the old "ld.so-1.7.0" table: a 48-byte header (magic[17],
 * version[3], u32 nlibs, u32 len_strings, u8 flags, u8 pad[3],
 * u32 extension_offset, u32 unused[3]), then nlibs 24-byte entries
 * (i32 flags, u32 key, u32 value, u32 osversion, u64 hwcap) whose key
 * (soname) and value (path) are string offsets from the header's start.
 * Entry flags: the low byte 3 is an ELF libc6 library, the second byte
 * 3 is x86-64.
 */
#define SYMTAB_LDC_OLD_MAGIC "ld.so-1.7.0"
#define SYMTAB_LDC_NEW_MAGIC "glibc-ld.so.cache1.1"
#define SYMTAB_LDC_HDR_SIZE 48
#define SYMTAB_LDC_ENT_SIZE 24
#define SYMTAB_LDC_OLD_HDR_SIZE 16
#define SYMTAB_LDC_OLD_ENT_SIZE 12
#define SYMTAB_LDC_FLAGS_X8664_LIBC6 0x0303

static uint32_t symtab_u32(const char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static int symtab_ld_cache(const char *name, int how, char *out, size_t len)
{
	size_t size, base = 0, slen, plen = strlen(name);
	char *data = util_read_file(SYMTAB_LD_CACHE, &size);
	uint32_t nlibs, i;
	int ret = -ENOENT;

	if (!data)
		return -ENOENT;
	if (size >= SYMTAB_LDC_OLD_HDR_SIZE &&
	    !memcmp(data, SYMTAB_LDC_OLD_MAGIC, strlen(SYMTAB_LDC_OLD_MAGIC))) {
		base = SYMTAB_LDC_OLD_HDR_SIZE +
		       (size_t)symtab_u32(data + 12) * SYMTAB_LDC_OLD_ENT_SIZE;
		base = ALIGN_UP(base, 8);
	}
	if (base > size || size - base < SYMTAB_LDC_HDR_SIZE ||
	    memcmp(data + base, SYMTAB_LDC_NEW_MAGIC, strlen(SYMTAB_LDC_NEW_MAGIC)))
		goto out;
	nlibs = symtab_u32(data + base + 20);
	if (nlibs > (size - base - SYMTAB_LDC_HDR_SIZE) / SYMTAB_LDC_ENT_SIZE)
		goto out;
	slen = size - base;
	for (i = 0; i < nlibs && ret == -ENOENT; i++) {
		const char *e = data + base + SYMTAB_LDC_HDR_SIZE +
				(size_t)i * SYMTAB_LDC_ENT_SIZE;
		uint32_t flags = symtab_u32(e), key = symtab_u32(e + 4);
		uint32_t value = symtab_u32(e + 8);
		const char *k = data + base + key, *v = data + base + value;

		if ((flags & 0xffff) != SYMTAB_LDC_FLAGS_X8664_LIBC6 || key >= slen ||
		    value >= slen || !memchr(k, '\0', slen - key) ||
		    !memchr(v, '\0', slen - value))
			continue;
		if (how != LIB_STEM && !symtab_name_matches(name, how, k))
			continue;
		if (how == LIB_STEM &&
		    (strncmp(k, name, plen) || strncmp(k + plen, ".so", 3)))
			continue;
		ret = symtab_copy_out(v, out, len);
	}
out:
	free(data);
	return ret;
}

struct mapped_match {
	const char *tail;	/* the target without a leading "./" */
	char *found;
};

static void mapped_match_one(const char *path, void *arg)
{
	struct mapped_match *m = arg;
	size_t pl = strlen(path), tl = strlen(m->tail);

	if (!m->found && pl > tl && path[pl - tl - 1] == '/' &&
	    !strcmp(path + pl - tl, m->tail))
		m->found = xstrdup(path);
}

int symtab_resolve_path(const char *target, pid_t pid, char *out, size_t len)
{
	int ret, how;

	if (!*target)
		return -ENOENT;
	if (pid > 0 && target[0] != '/') {
		/*
		 * A relative path or a bare name with -p: the file the process
		 * maps whose path ends so, seen through its root.
		 */
		struct mapped_match m = { target, NULL };
		char *in_root;

		while (!strncmp(m.tail, "./", 2))
			m.tail += 2;
		symtab_mapped_files(pid, mapped_match_one, &m);
		if (m.found) {
			in_root = xasprintf("/proc/%d/root%s", (int)pid, m.found);
			ret = symtab_copy_out(in_root, out, len);
			free(in_root);
			free(m.found);
			return ret;
		}
	}
	if (strchr(target, '/')) {
		if (access(target, F_OK))
			return -ENOENT;
		return symtab_copy_out(target, out, len);
	}
	/* "libX.so.N" exactly, else as a prefix; "libX" as a stem */
	how = strstr(target, ".so") ? LIB_EXACT : LIB_STEM;
	if (how == LIB_EXACT || !strncmp(target, "lib", 3)) {
		do {
			ret = -ENOENT;
			if (pid > 0)
				ret = symtab_lib_in_pid(target, how, pid, out, len);
			if (ret == -ENOENT)
				ret = symtab_ld_cache(target, how, out, len);
		} while (ret == -ENOENT && how++ == LIB_EXACT);
		if (ret != -ENOENT)
			return ret;
	}
	return symtab_which(target, out, len);
}

int symtab_mapped_files(pid_t pid, void (*fn)(const char *path, void *arg),
			void *arg)
{
	char file[64], exe[4096], line[4096 + 128], **seen = NULL;
	int nseen = 0, i;
	ssize_t n;
	FILE *f;

	snprintf(file, sizeof(file), "/proc/%d/exe", (int)pid);
	n = readlink(file, exe, sizeof(exe) - 1);
	if (n < 0)
		return -errno;
	exe[n] = 0;
	fn(exe, arg);
	snprintf(file, sizeof(file), "/proc/%d/maps", (int)pid);
	f = fopen(file, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char perms[8], *path;
		bool dup = false;

		if (sscanf(line, "%*x-%*x %7s", perms) != 1 || perms[2] != 'x')
			continue;
		path = strchr(line, '/');
		if (!path)
			continue;
		path[strcspn(path, "\n")] = 0;
		if (!strcmp(path, exe))
			continue;
		for (i = 0; i < nseen && !dup; i++)
			dup = !strcmp(seen[i], path);
		if (dup)
			continue;
		seen = xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = xstrdup(path);
		fn(path, arg);
	}
	fclose(f);
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	return 0;
}
