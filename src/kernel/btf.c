/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel struct types from BTF.  Structs are built incomplete and their
 * fields read only when a script touches them: task_struct alone reaches
 * thousands of types, and most scripts need a handful.
 */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "btf.h"
#include "../lang/types.h"
#include "../util.h"

static struct btf *vmlinux;
static int load_err;

/* Types built so far, by BTF id, so recursive structs terminate. */
static struct type **by_id;
static int nby_id;

#define SYSFS_BTF "/sys/kernel/btf/vmlinux"

/*
 * The kernel's own BTF, mapped (kernels since 6.16 allow it) or read in
 * one piece: libbpf reads it through stdio, a syscall per 4 KiB, which
 * costs more than parsing it.  NULL with errno set when the file is not
 * there; libbpf then looks in its other places.
 */
static struct btf *sysfs_btf(void)
{
	struct btf *btf = NULL;
	struct stat st;
	void *data;
	bool mapped = true;
	ssize_t n;
	size_t got = 0;
	int fd, err;

	fd = open(SYSFS_BTF, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || st.st_size <= 0) {
		err = errno ? errno : EINVAL;
		goto out_close;
	}
	data = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (data == MAP_FAILED) {
		mapped = false;
		data = xmalloc(st.st_size);
		while (got < (size_t)st.st_size &&
		       (n = read(fd, (char *)data + got, st.st_size - got)) > 0)
			got += n;
		if (got != (size_t)st.st_size) {
			err = EIO;
			goto out_free;
		}
	}
	btf = btf__new(data, st.st_size);
	err = btf ? 0 : errno;
out_free:
	if (mapped)
		munmap(data, st.st_size);
	else
		free(data);
out_close:
	close(fd);
	errno = err;
	return btf;
}

/* kbtf_preload()'s thread, and what it found. */
static pthread_t preload;
static bool preloading;
static struct btf *preloaded;
static int preload_err;

static void *preload_run(void *arg)
{
	preloaded = sysfs_btf();
	preload_err = preloaded ? 0 : errno;
	return arg;
}

void kbtf_preload(void)
{
	if (vmlinux || load_err || preloading)
		return;
	preloading = !pthread_create(&preload, NULL, preload_run, NULL);
}

static struct btf *kbtf_get(void)
{
	if (preloading) {
		pthread_join(preload, NULL);
		preloading = false;
		if (!vmlinux && !load_err && (preloaded || preload_err != ENOENT)) {
			vmlinux = preloaded;
			load_err = preloaded ? 0 : preload_err;
		} else if (preloaded) {
			btf__free(preloaded);
		}
		preloaded = NULL;
	}
	if (!vmlinux && !load_err) {
		vmlinux = sysfs_btf();
		if (!vmlinux && errno == ENOENT)
			vmlinux = btf__load_vmlinux_btf();
		if (!vmlinux)
			load_err = errno ? errno : ENOENT;
	}
	errno = load_err;
	return vmlinux;
}

static struct type *kbtf_build(int id);

/* Types built from BTF go with the type arena; BTF itself stays. */
static void kbtf_drop_types(void)
{
	free(by_id);
	by_id = NULL;
	nby_id = 0;
}

struct btf *kbtf_vmlinux(void)
{
	return kbtf_get();
}

static struct type *new_struct(int id, const struct btf_type *t)
{
	struct type *ty = type_new();
	const char *name = btf__name_by_offset(vmlinux, t->name_off);

	ty->kind = TY_STRUCT;
	ty->size = t->size;
	ty->name = xstrdup(name && *name ? name : "(anon)");
	ty->btf_id = id;
	ty->incomplete = true;
	ty->is_union = btf_is_union(t);
	return ty;
}

/* Strips typedefs and qualifiers. */
static int skip_mods(int id)
{
	const struct btf_type *t = btf__type_by_id(vmlinux, id);

	while (t && (btf_is_typedef(t) || btf_is_const(t) ||
		     btf_is_volatile(t) || btf_is_restrict(t) ||
		     btf_is_type_tag(t))) {
		id = t->type;
		t = btf__type_by_id(vmlinux, id);
	}
	return id;
}

/*
 * The language type for BTF type id: integers and enums as ints, byte
 * arrays as strings, other arrays as arrays, pointers as pointers, structs
 * and unions as (lazy) structs; anything else as TY_NONE, which sema
 * refuses to read.
 */
static struct type *kbtf_build(int id)
{
	const struct btf_type *t;
	struct type *ty = NULL;

	id = skip_mods(id);
	if (id < nby_id && by_id[id])
		return by_id[id];
	t = btf__type_by_id(vmlinux, id);
	if (!t || id == 0)
		return type_simple(TY_NONE);
	if (btf_is_int(t)) {
		int sz = t->size;

		if (sz != 1 && sz != 2 && sz != 4 && sz != 8)
			return type_simple(TY_NONE);
		return type_int(sz, btf_int_encoding(t) & BTF_INT_SIGNED);
	}
	if (btf_is_enum(t) || btf_is_enum64(t))
		return type_int(t->size, true);
	if (btf_is_ptr(t)) {
		int eid = skip_mods(t->type);
		const struct btf_type *e = btf__type_by_id(vmlinux, eid);

		if (e && (btf_is_struct(e) || btf_is_union(e)))
			return type_ptr(kbtf_build(eid));
		if (e && btf_is_int(e))
			return type_ptr(kbtf_build(eid));
		return type_ptr(NULL);
	}
	if (btf_is_array(t)) {
		const struct btf_array *a = btf_array(t);
		int eid = skip_mods(a->type);
		const struct btf_type *e = btf__type_by_id(vmlinux, eid);

		/*
		 * BTF gives plain char no sign, as the compiler's choice;
		 * it is signed on x86-64, as D reads it.
		 */
		if (e && btf_is_int(e) && e->size == 1 && a->nelems > 0)
			return (btf_int_encoding(e) & BTF_INT_SIGNED) ||
			       !strcmp(btf__name_by_offset(vmlinux, e->name_off), "char") ?
			       type_str(a->nelems) : type_str_unsigned(a->nelems);
		/* A flexible array member (no elements) can still be indexed. */
		if (e) {
			struct type *et = kbtf_build(eid);

			if (et->kind != TY_NONE && et->size > 0)
				return type_array(et, a->nelems);
		}
		return type_simple(TY_NONE);
	}
	if (btf_is_struct(t) || btf_is_union(t)) {
		ty = new_struct(id, t);
		if (id >= nby_id) {
			int n = id + 1024;

			type_on_free(kbtf_drop_types);
			by_id = xrealloc(by_id, n * sizeof(*by_id));
			memset(by_id + nby_id, 0, (n - nby_id) * sizeof(*by_id));
			nby_id = n;
		}
		by_id[id] = ty;
		return ty;
	}
	return type_simple(TY_NONE);
}

/* Adds the members of BTF struct t at byte offset base, flattening
 * anonymous structs and unions the way C exposes their members. */
static void add_members(struct type *ty, const struct btf_type *t, int base)
{
	const struct btf_member *m = btf_members(t);
	int i, n = btf_vlen(t);

	for (i = 0; i < n; i++, m++) {
		const char *name = btf__name_by_offset(vmlinux, m->name_off);
		int bits = btf_member_bit_offset(t, i);
		int mid = skip_mods(m->type);
		const struct btf_type *mt = btf__type_by_id(vmlinux, mid);
		struct field *f;

		if ((!name || !*name) && mt &&
		    (btf_is_struct(mt) || btf_is_union(mt))) {
			add_members(ty, mt, base + bits / 8);
			continue;
		}
		ty->fields = xrealloc(ty->fields,
				      (ty->nfields + 1) * sizeof(*ty->fields));
		f = &ty->fields[ty->nfields++];
		memset(f, 0, sizeof(*f));
		f->name = xstrdup(name ? name : "");
		f->offset = base + bits / 8;
		f->type = kbtf_build(m->type);
		if (btf_member_bitfield_size(t, i) || bits % 8) {
			f->bitoff = bits % 8;
			f->bits = btf_member_bitfield_size(t, i);
			if (!f->bits || f->type->kind != TY_INT)
				f->type = type_simple(TY_NONE);
		}
		f->size = f->type->size;
	}
}

static int kbtf_complete(struct type *ty)
{
	const struct btf_type *t;
	int i;

	if (!ty->incomplete)
		return 0;
	if (!kbtf_get())
		return -errno;
	t = btf__type_by_id(vmlinux, ty->btf_id);
	if (!t)
		return -ENOENT;
	ty->incomplete = false;
	add_members(ty, t, 0);
	ty->align = 1;
	for (i = 0; i < ty->nfields; i++) {
		int a = type_align(ty->fields[i].type);

		if (a > ty->align && ty->fields[i].offset % a == 0)
			ty->align = a;
	}
	return 0;
}

struct type *kbtf_type(int id)
{
	if (!kbtf_get())
		return NULL;
	return kbtf_build(id);
}

struct type *kbtf_var(const char *name, bool *percpu)
{
	const struct btf_type *t;
	int id, i, n;

	if (!kbtf_get())
		return NULL;
	id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_VAR);
	if (id < 0) {
		errno = ENOENT;
		return NULL;
	}
	*percpu = false;
	n = btf__type_cnt(vmlinux);
	for (i = 1; i < n; i++) {
		const struct btf_var_secinfo *v;
		int k;

		t = btf__type_by_id(vmlinux, i);
		if (!btf_is_datasec(t))
			continue;
		v = btf_var_secinfos(t);
		for (k = 0; k < btf_vlen(t); k++)
			if ((int)v[k].type == id)
				*percpu = !strcmp(btf__name_by_offset(vmlinux, t->name_off),
						  ".data..percpu");
	}
	t = btf__type_by_id(vmlinux, id);
	return kbtf_build(t->type);
}

struct type *kbtf_struct(const char *name)
{
	int id;

	if (!kbtf_get())
		return NULL;
	id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_STRUCT);
	if (id < 0)
		id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_UNION);
	if (id < 0) {
		errno = ENOENT;
		return NULL;
	}
	return kbtf_build(id);
}

struct type *kbtf_parse_ctype(const char *ctype)
{
	char name[128];
	const char *p = ctype;
	struct type *t;
	int stars = 0;
	size_t n;

	while (!strncmp(p, "const ", 6) || !strncmp(p, "volatile ", 9))
		p = strchr(p, ' ') + 1;
	if (strncmp(p, "struct ", 7) && strncmp(p, "union ", 6))
		return NULL;
	p = strchr(p, ' ') + 1;
	n = strcspn(p, " *");
	if (n == 0 || n >= sizeof(name))
		return NULL;
	memcpy(name, p, n);
	name[n] = 0;
	for (p += n; *p; p++)
		if (*p == '*')
			stars++;
	t = kbtf_struct(name);
	if (!t)
		return NULL;
	while (stars--)
		t = type_ptr(t);
	return t;
}

/*
 * Macros of kernel headers that scripts name and BTF cannot carry (only
 * enums reach BTF).  Values are the kernel UAPI/ABI ones.
 */
static const struct {
	const char *name;
	int64_t value;
} kernel_macros[] = {
	{ "TASK_RUNNING", 0x0000 },
	{ "TASK_INTERRUPTIBLE", 0x0001 },
	{ "TASK_UNINTERRUPTIBLE", 0x0002 },
	{ "__TASK_STOPPED", 0x0004 },
	{ "__TASK_TRACED", 0x0008 },
	{ "EXIT_DEAD", 0x0010 },
	{ "EXIT_ZOMBIE", 0x0020 },
	{ "TASK_PARKED", 0x0040 },
	{ "TASK_DEAD", 0x0080 },
	{ "TASK_WAKEKILL", 0x0100 },
	{ "TASK_WAKING", 0x0200 },
	{ "TASK_NOLOAD", 0x0400 },
	{ "TASK_NEW", 0x0800 },
	{ "AF_UNIX", 1 },
	{ "AF_INET", 2 },
	{ "AF_INET6", 10 },
	{ "AF_NETLINK", 16 },
	{ "AF_PACKET", 17 },
};

static int kbtf_const(const char *name, int64_t *value)
{
	size_t i;
	int id, n, k;

	for (i = 0; i < ARRAY_SIZE(kernel_macros); i++) {
		if (!strcmp(kernel_macros[i].name, name)) {
			*value = kernel_macros[i].value;
			return 0;
		}
	}
	if (!kbtf_get())
		return -ENOENT;
	n = btf__type_cnt(vmlinux);
	for (id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(vmlinux, id);

		if (!btf_is_enum(t))
			continue;
		for (k = 0; k < btf_vlen(t); k++) {
			const struct btf_enum *e = btf_enum(t) + k;

			if (!strcmp(btf__name_by_offset(vmlinux, e->name_off), name)) {
				*value = e->val;
				return 0;
			}
		}
	}
	return -ENOENT;
}

void kbtf_release(void)
{
	if (preloading) {
		pthread_join(preload, NULL);
		preloading = false;
		btf__free(preloaded);
		preloaded = NULL;
	}
	btf__free(vmlinux);
	vmlinux = NULL;
	free(by_id);
	by_id = NULL;
	nby_id = 0;
}

/* A kernel typedef ("rwlock_t") as the type it names, or NULL. */
static struct type *kbtf_typedef(const char *name)
{
	int id;

	if (!kbtf_get())
		return NULL;
	id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_TYPEDEF);
	if (id < 0)
		return NULL;
	return kbtf_build(id);
}

void kbtf_install(void)
{
	type_struct_named = kbtf_struct;
	type_complete_hook = kbtf_complete;
	type_const_named = kbtf_const;
	type_typedef_hook = kbtf_typedef;
}

/*
 * The field name (len bytes) of struct t, looked for through unnamed
 * members too; its offset from t's start, or -1.
 */
static int member_in(struct type *t, const char *name, size_t len,
		     const struct field **out)
{
	int i, off;

	if (!t || t->kind != TY_STRUCT || type_complete(t))
		return -1;
	for (i = 0; i < t->nfields; i++) {
		const struct field *f = &t->fields[i];

		if (f->name && *f->name) {
			if (strlen(f->name) != len || strncmp(f->name, name, len))
				continue;
			*out = f;
			return f->offset;
		}
		off = member_in(f->type, name, len, out);
		if (off >= 0)
			return f->offset + off;
	}
	return -1;
}

int kbtf_member(const char *sname, const char *path, int *size)
{
	struct type *t = kbtf_struct(sname);
	const struct field *f = NULL;
	int off = 0, o;
	size_t len;

	while (t) {
		len = strcspn(path, ".");
		o = member_in(t, path, len, &f);
		if (o < 0 || f->bits)
			break;
		off += o;
		if (!path[len]) {
			if (size)
				*size = f->size;
			return off;
		}
		path += len + 1;
		t = f->type;
	}
	return -ENOENT;
}
