/* SPDX-License-Identifier: GPL-2.0 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/symtab.h"
#include "symbols.h"

/* bcc drops kallsyms entries below this bound of the x86-64 kernel space. */
#define SYM_KERNEL_MIN 0x00ffffffffffffffull

struct sym_ksym {
	uint64_t addr;
	uint64_t name;		/* offset in sym_kernel_names */
};

struct sym_obj {
	char *path;
	struct symtab *st;	/* NULL if the file could not be read */
};

struct sym_map {
	uint64_t start, end, pgoff;
	char *path;
	struct sym_obj *obj;	/* resolved on first use */
	unsigned int gen;	/* sym_gen when obj was set */
};

struct sym_proc {
	pid_t pid;
	char *root;		/* "/proc/PID/root" in another mount ns */
	struct sym_map *maps;	/* by start */
	int nmaps;
};

/* Kernel text and modules' text: the mappings of kernel frames. */
struct sym_kmap {
	uint64_t start, end;
	char *path;		/* "[kernel.kallsyms]", "[MODULE]" */
	char *build_id;
};

static struct sym_ksym *sym_ksyms;
static int sym_nksyms = -1;	/* -1: not read yet */
static struct sym_ksym *sym_kdata;	/* data symbols (SYM_DATA), by addr */
static int sym_nkdata;
static char *sym_kernel_names;
static struct sym_kmap *sym_kmaps;
static int sym_nkmaps = -1;	/* -1: not read yet */

static struct vec sym_objs;	/* struct sym_obj * */
static struct vec sym_procs;	/* struct sym_proc *, by sym_proc_note() */
static int sym_loads;
static unsigned int sym_gen = 1;

static bool sym_kernel_data(char type)
{
	return strchr("bBdDrR", type) != NULL;
}

/* Appends (addr, name) to *v, of *n entries and room for *cap. */
static void sym_ksym_add(struct sym_ksym **v, int *n, size_t *cap,
			 uint64_t addr, uint64_t name)
{
	if ((size_t)*n == *cap) {
		*cap = *cap ? *cap * 2 : 65536;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[*n].addr = addr;
	(*v)[*n].name = name;
	(*n)++;
}

static void sym_kernel_load(void)
{
	size_t len, cap = 0, dcap = 0;
	char *text, *p, *end;

	sym_nksyms = 0;
	text = util_read_file("/proc/kallsyms", &len);
	if (!text)
		return;
	end = text + len;
	for (p = text; p < end;) {
		char *nl = memchr(p, '\n', end - p), *q, *name;
		uint64_t addr;

		if (!nl)
			nl = end;
		*nl = '\0';
		addr = strtoull(p, &q, 16);
		if (q == p || q + 3 > nl || addr == 0 || addr == ULLONG_MAX ||
		    addr < SYM_KERNEL_MIN)
			goto next;
		name = q + 3;
		name[strcspn(name, " \t")] = '\0';
		if (sym_kernel_data(q[1]))
			sym_ksym_add(&sym_kdata, &sym_nkdata, &dcap, addr,
				     name - text);
		else
			sym_ksym_add(&sym_ksyms, &sym_nksyms, &cap, addr,
				     name - text);
next:
		p = nl + 1;
	}
	sym_kernel_names = text;
	symtab_sort_compat(sym_ksyms, sym_nksyms, sizeof(*sym_ksyms),
			   offsetof(struct sym_ksym, addr));
	symtab_sort_compat(sym_kdata, sym_nkdata, sizeof(*sym_kdata),
			   offsetof(struct sym_ksym, addr));
}

/* The entry of v (n, by addr) starting nearest at or below addr, or NULL. */
static const struct sym_ksym *sym_ksym_below(const struct sym_ksym *v, int n,
					     uint64_t addr)
{
	size_t i = symtab_upper_key(v, n, sizeof(*v),
				    offsetof(struct sym_ksym, addr), addr);

	return i ? &v[i - 1] : NULL;
}

static void sym_hex(uint64_t addr, unsigned int flags, struct buf *out)
{
	if (addr)
		buf_printf(out, "0x%" PRIx64, addr);
	else
		buf_put(out, "0", 1);
	if (flags & SYM_MODULE)
		buf_printf(out, " ([unknown])");
}

int sym_kernel_ex(uint64_t addr, unsigned int flags, struct buf *out)
{
	const struct sym_ksym *k, *d;

	if (sym_nksyms < 0)
		sym_kernel_load();
	k = sym_ksym_below(sym_ksyms, sym_nksyms, addr);
	if (flags & SYM_DATA) {
		d = sym_ksym_below(sym_kdata, sym_nkdata, addr);
		if (d && (!k || d->addr > k->addr))
			k = d;
	}
	if (!k) {
		sym_hex(addr, flags & ~SYM_MODULE, out);
		return -ENOENT;
	}
	buf_printf(out, "%s", sym_kernel_names + k->name);
	if (flags & SYM_OFFSET)
		buf_printf(out, "+%" PRIu64, addr - k->addr);
	return 0;
}

int sym_kernel(uint64_t addr, struct buf *out)
{
	return sym_kernel_ex(addr, SYM_OFFSET, out);
}

/*
 * bcc also keeps executable mappings without a file, "[vdso]" and the
 * like, but names nothing in them.  They are kept, so that a frame in
 * one is known to lie in a mapping (sym_user_where()), and never read
 * as objects.
 */
static bool sym_file_backed(const char *name)
{
	return name[0] == '/';
}

static bool sym_mapping_named(const char *name)
{
	return sym_file_backed(name) || name[0] == '[';
}

struct sym_proc *sym_proc_capture(pid_t pid)
{
	char mpath[64], *text, *p, *end;
	struct stat ns, self;
	struct sym_proc *sp;
	size_t len;
	int cap = 0;

	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	text = util_read_file(mpath, &len);
	if (!text)
		return NULL;
	sp = xcalloc(1, sizeof(*sp));
	sp->pid = pid;
	snprintf(mpath, sizeof(mpath), "/proc/%d/ns/mnt", (int)pid);
	if (!stat(mpath, &ns) && !stat("/proc/self/ns/mnt", &self) &&
	    (ns.st_ino != self.st_ino || ns.st_dev != self.st_dev))
		sp->root = xasprintf("/proc/%d/root", (int)pid);
	end = text + len;
	for (p = text; p < end;) {
		char *nl = memchr(p, '\n', end - p);
		unsigned long long start, stop, pgoff;
		char perm[8];
		int name = 0;
		struct sym_map *m;

		if (!nl)
			nl = end;
		*nl = '\0';
		if (sscanf(p, "%llx-%llx %7s %llx %*s %*s %n", &start, &stop,
			   perm, &pgoff, &name) < 4 || !name ||
		    !strchr(perm, 'x') || !sym_mapping_named(p + name))
			goto next;
		if (sp->nmaps == cap) {
			cap = cap ? cap * 2 : 32;
			sp->maps = xrealloc(sp->maps, cap * sizeof(*sp->maps));
		}
		m = &sp->maps[sp->nmaps++];
		m->start = start;
		m->end = stop;
		m->pgoff = pgoff;
		m->path = xstrdup(p + name);
		m->obj = NULL;
		m->gen = 0;
next:
		p = nl + 1;
	}
	free(text);
	return sp;
}

void sym_proc_free(struct sym_proc *p)
{
	int i;

	if (!p)
		return;
	for (i = 0; i < p->nmaps; i++)
		free(p->maps[i].path);
	free(p->maps);
	free(p->root);
	free(p);
}

static struct sym_obj *sym_object(const char *path)
{
	struct sym_obj *o;
	int i;

	for (i = 0; i < sym_objs.n; i++) {
		o = sym_objs.v[i];
		if (!strcmp(o->path, path))
			return o;
	}
	o = xcalloc(1, sizeof(*o));
	o->path = xstrdup(path);
	o->st = symtab_open(path);
	sym_loads++;
	vec_push(&sym_objs, o);
	return o;
}

const struct symtab *sym_symtab(const char *path)
{
	return sym_object(path)->st;
}

static struct sym_map *sym_find_map(struct sym_proc *p, uint64_t addr)
{
	int lo = 0, hi = p->nmaps;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (p->maps[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr >= p->maps[lo - 1].end)
		return NULL;
	return &p->maps[lo - 1];
}

/* The symbols of m's object, read on first use; NULL if unreadable. */
static const struct symtab *sym_map_symtab(struct sym_proc *p,
					   struct sym_map *m)
{
	if (!sym_file_backed(m->path))
		return NULL;
	if (m->gen != sym_gen) {
		if (p->root) {
			char *path = xasprintf("%s%s", p->root, m->path);

			m->obj = sym_object(path);
			free(path);
		} else {
			m->obj = sym_object(m->path);
		}
		m->gen = sym_gen;
	}
	return m->obj->st;
}

int sym_user_ex(struct sym_proc *p, uint64_t addr, unsigned int flags,
		struct buf *out)
{
	const struct symtab_sym *s = NULL;
	struct sym_map *m = p ? sym_find_map(p, addr) : NULL;
	uint64_t vaddr, off = 0;

	if (m && sym_map_symtab(p, m) &&
	    !symtab_runtime_to_vaddr(m->obj->st, addr, m->start, m->pgoff,
				     &vaddr))
		s = symtab_symbolize(m->obj->st, vaddr, &off);
	if (!s) {
		sym_hex(addr, flags, out);
		return -ENOENT;
	}
	buf_printf(out, "%s", s->name);
	if (flags & SYM_OFFSET)
		buf_printf(out, "+%" PRIu64, off);
	if (flags & SYM_MODULE)
		buf_printf(out, " (%s)", m->path);
	return 0;
}

int sym_user(struct sym_proc *p, uint64_t addr, struct buf *out)
{
	return sym_user_ex(p, addr, SYM_OFFSET, out);
}

int sym_user_where(struct sym_proc *p, uint64_t addr, struct sym_where *w)
{
	struct sym_map *m = p ? sym_find_map(p, addr) : NULL;
	const struct symtab *st;

	memset(w, 0, sizeof(*w));
	if (!m)
		return -ENOENT;
	st = sym_map_symtab(p, m);
	w->start = m->start;
	w->end = m->end;
	w->pgoff = m->pgoff;
	w->path = m->path;
	w->build_id = st ? symtab_build_id(st) : NULL;
	return 0;
}

/* The GNU build id among the ELF notes in p[0, len), as hex, or NULL. */
static char *sym_note_build_id(const unsigned char *p, size_t len)
{
	size_t off = 0;

	while (off + 12 <= len) {
		uint32_t namesz, descsz, type;
		size_t name, desc, next;

		memcpy(&namesz, p + off, 4);
		memcpy(&descsz, p + off + 4, 4);
		memcpy(&type, p + off + 8, 4);
		name = off + 12;
		desc = name + ALIGN_UP((size_t)namesz, 4);
		next = desc + ALIGN_UP((size_t)descsz, 4);
		if (desc > len || desc + descsz > len)
			return NULL;
		if (type == 3 && namesz == 4 && !memcmp(p + name, "GNU", 4) &&
		    descsz) {
			struct buf b = { 0 };
			uint32_t i;

			for (i = 0; i < descsz; i++)
				buf_printf(&b, "%02x", p[desc + i]);
			return b.p;
		}
		off = next;
	}
	return NULL;
}

static char *sym_file_build_id(const char *path)
{
	size_t len;
	char *text = util_read_file(path, &len), *id;

	if (!text)
		return NULL;
	id = sym_note_build_id((const unsigned char *)text, len);
	free(text);
	return id;
}

/*
 * The kernel's text and that of each loaded module, read once: the
 * ranges kernel frames are attributed to.
 */
static void sym_kmaps_load(void)
{
	uint64_t stext = 0, etext = 0;
	char *text, *p, *end, *path;
	size_t len;
	int i;

	if (sym_nkmaps >= 0)
		return;
	sym_nkmaps = 0;
	if (sym_nksyms < 0)
		sym_kernel_load();
	for (i = 0; i < sym_nksyms; i++) {
		const char *name = sym_kernel_names + sym_ksyms[i].name;

		if (!strcmp(name, "_stext"))
			stext = sym_ksyms[i].addr;
		else if (!strcmp(name, "_etext"))
			etext = sym_ksyms[i].addr;
	}
	if (stext && etext > stext) {
		sym_kmaps = xcalloc(1, sizeof(*sym_kmaps));
		sym_kmaps[0].start = stext;
		sym_kmaps[0].end = etext;
		sym_kmaps[0].path = xstrdup("[kernel.kallsyms]");
		sym_kmaps[0].build_id = sym_file_build_id("/sys/kernel/notes");
		sym_nkmaps = 1;
	}
	text = util_read_file("/proc/modules", &len);
	if (!text)
		return;
	end = text + len;
	for (p = text; p < end;) {
		char *nl = memchr(p, '\n', end - p), name[64];
		unsigned long long size, addr;
		struct sym_kmap *k;

		if (!nl)
			nl = end;
		*nl = '\0';
		if (sscanf(p, "%63s %llu %*s %*s %*s %llx", name, &size,
			   &addr) != 3 || !addr || !size)
			goto next;
		sym_kmaps = xrealloc(sym_kmaps,
				     (sym_nkmaps + 1) * sizeof(*sym_kmaps));
		k = &sym_kmaps[sym_nkmaps++];
		memset(k, 0, sizeof(*k));
		k->start = addr;
		k->end = addr + size;
		k->path = xasprintf("[%s]", name);
		path = xasprintf("/sys/module/%s/notes/.note.gnu.build-id",
				 name);
		k->build_id = sym_file_build_id(path);
		free(path);
next:
		p = nl + 1;
	}
	free(text);
}

int sym_kernel_where(uint64_t addr, struct sym_where *w)
{
	int i;

	memset(w, 0, sizeof(*w));
	sym_kmaps_load();
	for (i = 0; i < sym_nkmaps; i++) {
		const struct sym_kmap *k = &sym_kmaps[i];

		if (addr >= k->start && addr < k->end) {
			w->start = k->start;
			w->end = k->end;
			w->path = k->path;
			w->build_id = k->build_id;
			return 0;
		}
	}
	return -ENOENT;
}

int sym_kernel_image(uint64_t addr, struct sym_where *w)
{
	static uint64_t start, end;
	static bool known;
	int i;

	memset(w, 0, sizeof(*w));
	if (!known) {
		known = true;
		if (sym_nksyms < 0)
			sym_kernel_load();
		for (i = 0; i < sym_nksyms; i++)
			if (!strcmp(sym_kernel_names + sym_ksyms[i].name, "_text"))
				start = sym_ksyms[i].addr;
		/* Without CONFIG_KALLSYMS_ALL, no _end: the last data symbol. */
		for (i = 0; i < sym_nkdata; i++)
			if (!strcmp(sym_kernel_names + sym_kdata[i].name, "_end"))
				end = sym_kdata[i].addr;
		if (!end && sym_nkdata)
			end = sym_kdata[sym_nkdata - 1].addr + 1;
	}
	if (!start || addr < start || addr >= end)
		return -ENOENT;
	w->start = start;
	w->end = end;
	w->path = "[kernel.kallsyms]";
	return 0;
}

void sym_stack(const uint64_t *ips, int n, bool user, struct sym_proc *p,
	       bool perf, int indent, struct buf *out)
{
	unsigned int flags = SYM_OFFSET | (perf && user ? SYM_MODULE : 0);
	int i;

	buf_put(out, "\n", 1);
	for (i = 0; i < n && ips[i]; i++) {
		if (perf)
			buf_printf(out, "\t%" PRIx64 " ", ips[i]);
		else
			buf_printf(out, "%*s", indent, "");
		if (user)
			sym_user_ex(p, ips[i], flags, out);
		else
			sym_kernel_ex(ips[i], flags, out);
		buf_put(out, "\n", 1);
	}
}

/* The cached capture of pid, or NULL; *found tells a cached failure. */
static struct sym_proc *sym_cached(pid_t pid, bool *found, int *index)
{
	int i;

	*found = false;
	for (i = sym_procs.n - 1; i >= 0; i--) {
		struct sym_proc *p = sym_procs.v[i];

		if (p->pid == pid) {
			*found = true;
			*index = i;
			return p->nmaps || p->root ? p : NULL;
		}
	}
	return NULL;
}

struct sym_proc *sym_proc_note(pid_t pid, bool again)
{
	struct sym_proc *p;
	bool found;
	int i;

	p = sym_cached(pid, &found, &i);
	if (found && !again)
		return p;
	p = sym_proc_capture(pid);
	if (!p) {
		if (found)
			return sym_procs.v[i];
		/* Remember the failure, so it is not retried for each frame. */
		p = xcalloc(1, sizeof(*p));
		p->pid = pid;
		vec_push(&sym_procs, p);
		return NULL;
	}
	if (found) {
		sym_proc_free(sym_procs.v[i]);
		sym_procs.v[i] = p;
	} else {
		vec_push(&sym_procs, p);
	}
	return p;
}

struct sym_proc *sym_proc_get(pid_t pid)
{
	return sym_proc_note(pid, false);
}

bool sym_proc_covers(struct sym_proc *p, uint64_t addr)
{
	return p && sym_find_map(p, addr);
}

void sym_proc_forget(pid_t pid)
{
	bool found;
	int i;

	sym_cached(pid, &found, &i);
	if (!found)
		return;
	sym_proc_free(sym_procs.v[i]);
	sym_procs.v[i] = sym_procs.v[--sym_procs.n];
}

int sym_object_loads(void)
{
	return sym_loads;
}

void sym_reset(void)
{
	int i;

	for (i = 0; i < sym_objs.n; i++) {
		struct sym_obj *o = sym_objs.v[i];

		symtab_close(o->st);
		free(o->path);
		free(o);
	}
	vec_free(&sym_objs);
	for (i = 0; i < sym_procs.n; i++)
		sym_proc_free(sym_procs.v[i]);
	vec_free(&sym_procs);
	sym_loads = 0;
	sym_gen++;
	for (i = 0; i < sym_nkmaps; i++) {
		free(sym_kmaps[i].path);
		free(sym_kmaps[i].build_id);
	}
	free(sym_kmaps);
	sym_kmaps = NULL;
	sym_nkmaps = -1;
	free(sym_ksyms);
	free(sym_kernel_names);
	sym_ksyms = NULL;
	sym_kernel_names = NULL;
	sym_nksyms = -1;
}
