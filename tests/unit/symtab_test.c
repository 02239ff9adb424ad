/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ELF symbol tables.  The fixtures (a non-PIE and a PIE executable and a
 * shared library with known functions) are compiled with cc into a
 * temporary directory at run time; every expectation about them comes
 * from readelf, nm and ldconfig run on the same files, not from symtab.
 */
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elf.h>
#include <sys/stat.h>

#include "util.h"
#include "kernel/symtab.h"
#include "harness.h"

static char dir[64];

static const char fixture_exe[] =
	"#include <stdio.h>\n"
	"int fx_counter = 7;\n"
	"const char fx_table[64] = \"table\";\n"
	"__attribute__((noinline)) int fx_alpha(int x) { return x * 3 + fx_counter; }\n"
	"__attribute__((noinline)) int fx_beta(int x) { return fx_alpha(x) ^ 0x55; }\n"
	"__attribute__((noinline)) static int fx_static_only(int x) { return fx_beta(x) - 1; }\n"
	"int (*volatile fx_ptr)(int) = fx_static_only;\n"
	"__asm__(\".text\\n.globl fx_asm_nosize\\n.type fx_asm_nosize, @function\\n\"\n"
	"        \"fx_asm_nosize:\\n nop\\n nop\\n nop\\n ret\\n\");\n"
	"int main(int argc, char **argv) { (void)argv; printf(\"%d %s\\n\", fx_ptr(argc), fx_table); return 0; }\n";

static const char fixture_lib[] =
	"int fx_lib_data = 42;\n"
	"__attribute__((noinline)) int fx_lib_add(int a, int b) { return a + b + fx_lib_data; }\n"
	"__attribute__((noinline)) static int fx_lib_hidden(int a) { return fx_lib_add(a, 3) * 5; }\n"
	"int (*volatile fx_lib_ptr)(int) = fx_lib_hidden;\n"
	"int fx_lib_call(int a) { return fx_lib_ptr(a) + 1; }\n";

static char *fx_path(const char *name)
{
	return xasprintf("%s/%s", dir, name);
}

static bool write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return false;
	fputs(text, f);
	return !fclose(f);
}

static bool build_fixtures(char *why, size_t len)
{
	char *exe = fx_path("fx.c"), *lib = fx_path("lib.c");
	char *out;
	bool ok = false;

	if (!write_file(exe, fixture_exe) || !write_file(lib, fixture_lib)) {
		snprintf(why, len, "cannot write sources to %s", dir);
		goto out;
	}
	out = run("cd %s && cc -O1 -g -fno-pie -no-pie -o fx_nopie fx.c 2>&1 && "
		  "cc -O1 -g -fPIE -pie -o fx_pie fx.c 2>&1 && "
		  "cc -O1 -g -fPIC -shared -o libfxt.so lib.c 2>&1 && "
		  "cp fx_pie fx_stripped && strip fx_stripped 2>&1 && "
		  "cp libfxt.so libfxt_stripped.so && strip libfxt_stripped.so 2>&1 && "
		  "echo 'not elf' > notelf && cp fx_pie fxtool && "
		  "cp fx_pie fxnoexec && chmod -x fxnoexec && "
		  "objcopy --only-keep-debug libfxt.so fxdl.debug 2>&1 && "
		  "cp libfxt_stripped.so libfxt_dl.so && "
		  "objcopy --add-gnu-debuglink=fxdl.debug libfxt_dl.so 2>&1 && "
		  "objcopy --only-keep-debug libfxt.so fxbad.debug 2>&1 && "
		  "cp libfxt_stripped.so libfxt_badcrc.so && "
		  "objcopy --add-gnu-debuglink=fxbad.debug libfxt_badcrc.so 2>&1 && "
		  "echo x >> fxbad.debug",
		  dir);
	if (!out) {
		snprintf(why, len, "cc, strip or objcopy failed in %s", dir);
		goto out;
	}
	free(out);
	ok = true;
out:
	free(exe);
	free(lib);
	return ok;
}

/* One symbol as readelf -sW prints it. */
struct re_sym {
	uint64_t value, size;
	char type[16], bind[16];
	int count;		/* lines with this name, both tables */
	bool in_dynsym;
	bool in_symtab;
};

static bool readelf_sym(const char *path, const char *name, struct re_sym *rs)
{
	char *out = run("readelf -sW %s", path), *line, *save = NULL;
	bool dyn = false;

	memset(rs, 0, sizeof(*rs));
	if (!out)
		return false;
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long v, sz;
		char type[16], bind[16], vis[16], ndx[16], nm[256];

		if (strstr(line, "Symbol table '.dynsym'"))
			dyn = true;
		else if (strstr(line, "Symbol table '.symtab'"))
			dyn = false;
		if (sscanf(line, " %*d: %llx %lli %15s %15s %15s %15s %255s", &v,
			   &sz, type, bind, vis, ndx, nm) != 7 ||
		    strcmp(nm, name))
			continue;
		if (!rs->count++) {
			rs->value = v;
			rs->size = sz;
			snprintf(rs->type, sizeof(rs->type), "%s", type);
			snprintf(rs->bind, sizeof(rs->bind), "%s", bind);
		}
		if (dyn)
			rs->in_dynsym = true;
		else
			rs->in_symtab = true;
	}
	free(out);
	return rs->count > 0;
}

/* addr and offset of the section holding vaddr, from readelf -SW. */
static bool readelf_section_of(const char *path, uint64_t vaddr,
			       uint64_t *sh_addr, uint64_t *sh_off, char *name,
			       size_t len)
{
	char *out = run("readelf -SW %s", path), *line, *save = NULL;
	bool found = false;

	if (!out)
		return false;
	for (line = strtok_r(out, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char *rb = strchr(line, ']'), nm[128], type[64];
		unsigned long long a, o, sz;

		if (!strchr(line, '[') || !rb ||
		    sscanf(rb + 1, "%127s %63s %llx %llx %llx", nm, type, &a,
			   &o, &sz) != 5)
			continue;
		if (!a || !strcmp(type, "NOBITS") || vaddr < a || vaddr >= a + sz)
			continue;
		*sh_addr = a;
		*sh_off = o;
		snprintf(name, len, "%s", nm);
		found = true;
	}
	free(out);
	return found;
}

static bool readelf_type(const char *path, char *type, size_t len)
{
	char *out = run("readelf -hW %s", path), *p;
	bool ok = false;

	if (!out)
		return false;
	p = strstr(out, "Type:");
	if (p && sscanf(p + 5, " %15s", type) == 1)
		ok = true;
	(void)len;
	free(out);
	return ok;
}

static const char *const fx_names[] = {
	"fx_alpha", "fx_beta", "fx_static_only", "fx_counter", "fx_table",
	"fx_ptr", "main",
};

static const char *const lib_names[] = {
	"fx_lib_add", "fx_lib_hidden", "fx_lib_call", "fx_lib_data",
	"fx_lib_ptr",
};

static uint8_t type_of(const char *t)
{
	if (!strcmp(t, "FUNC"))
		return STT_FUNC;
	if (!strcmp(t, "OBJECT"))
		return STT_OBJECT;
	if (!strcmp(t, "IFUNC"))
		return STT_GNU_IFUNC;
	return 0xff;
}

static uint8_t bind_of(const char *b)
{
	if (!strcmp(b, "GLOBAL"))
		return STB_GLOBAL;
	if (!strcmp(b, "WEAK"))
		return STB_WEAK;
	if (!strcmp(b, "LOCAL"))
		return STB_LOCAL;
	return 0xff;
}

static void test_open_errors(void)
{
	struct tc t = { .name = "open_errors" };
	char *p = fx_path("notelf");
	struct symtab *st;

	st = symtab_open("/nonexistent/ferret/x");
	expect(&t, !st && errno == ENOENT, "missing file: %p errno %d", st,
	       errno);
	symtab_close(st);
	st = symtab_open(p);
	expect(&t, !st && errno == ENOEXEC, "non-ELF file: %p errno %d", st,
	       errno);
	symtab_close(st);
	free(p);
	finish(&t);
}

/* Type, symbols by name against readelf, .symtab-only statics. */
static void check_names(const char *tname, const char *file,
			const char *const *names, size_t nnames,
			const char *want_type)
{
	struct tc t = { .name = tname };
	char *p = fx_path(file), rtype[16] = "";
	struct symtab *st = symtab_open(p);
	size_t i;

	if (!expect(&t, st != NULL, "open %s: %s", p, strerror(errno)))
		goto out;
	expect(&t, readelf_type(p, rtype, sizeof(rtype)) &&
		   !strcmp(rtype, want_type), "readelf type %s, want %s", rtype,
	       want_type);
	expect(&t, symtab_elf_type(st) == (!strcmp(want_type, "EXEC") ?
					   ET_EXEC : ET_DYN),
	       "elf type %d for %s", symtab_elf_type(st), want_type);
	expect(&t, !strcmp(symtab_path(st), p), "path %s", symtab_path(st));
	for (i = 0; i < nnames; i++) {
		const struct symtab_sym *s = symtab_find(st, names[i]);
		struct re_sym rs;

		if (!expect(&t, readelf_sym(p, names[i], &rs),
			    "readelf has no %s", names[i]))
			break;
		if (!expect(&t, s != NULL, "no symbol %s", names[i]))
			break;
		expect(&t, s->addr == rs.value && s->size == rs.size &&
			   s->type == type_of(rs.type) &&
			   s->bind == bind_of(rs.bind),
		       "%s: addr %#" PRIx64 " size %" PRIu64
		       " type %d bind %d; readelf %#" PRIx64 " %" PRIu64
		       " %s %s", names[i], s->addr, s->size, s->type, s->bind,
		       rs.value, rs.size, rs.type, rs.bind);
	}
	expect(&t, !symtab_find(st, "fx_no_such_symbol"), "found a ghost");
	expect(&t, !symtab_find(st, "fx"), "prefix matched as a name");
	symtab_close(st);
out:
	free(p);
	finish(&t);
}

static int count_cb(const struct symtab_sym *s, void *arg)
{
	struct vec *v = arg;

	vec_push(v, (void *)s);
	return 0;
}

static int stop_cb(const struct symtab_sym *s, void *arg)
{
	(*(int *)arg)++;
	return 7;
}

/* Statics only in .symtab, both tables deduplicated, stripped files. */
static void test_tables(void)
{
	struct tc t = { .name = "symtab_dynsym_dedupe" };
	char *lib = fx_path("libfxt.so"), *slib = fx_path("libfxt_stripped.so");
	char *sexe = fx_path("fx_stripped");
	char *nmd = run("nm -D %s", lib), *nma = run("nm %s", lib);
	struct symtab *st = symtab_open(lib), *sst = symtab_open(slib);
	struct symtab *sx = symtab_open(sexe);
	struct vec v = { 0 };
	struct re_sym rs;
	const struct symtab_sym *s;

	if (!expect(&t, st && sst && sx && nmd && nma, "open or nm failed"))
		goto out;
	expect(&t, !strstr(nmd, " fx_lib_hidden") && strstr(nma, " fx_lib_hidden"),
	       "nm: fx_lib_hidden should be in .symtab only");
	s = symtab_find(st, "fx_lib_hidden");
	expect(&t, s && s->bind == STB_LOCAL && s->type == STT_FUNC,
	       "fx_lib_hidden missing or not a local function");
	expect(&t, readelf_sym(lib, "fx_lib_add", &rs) && rs.in_dynsym &&
		   rs.in_symtab, "readelf: fx_lib_add should be in both tables");
	symtab_glob(st, "fx_lib_add", count_cb, &v);
	expect(&t, v.n == 1, "fx_lib_add reported %d times", v.n);
	v.n = 0;
	expect(&t, symtab_find(sst, "fx_lib_add") != NULL,
	       "stripped library lost its .dynsym symbol");
	expect(&t, symtab_find(sst, "fx_lib_hidden") == NULL,
	       "stripped library kept a .symtab symbol");
	expect(&t, symtab_find(sx, "fx_static_only") == NULL,
	       "stripped executable kept a static");
	expect(&t, symtab_debug_path(st) == NULL, "fixture has a debug file %s",
	       symtab_debug_path(st));
out:
	vec_free(&v);
	symtab_close(st);
	symtab_close(sst);
	symtab_close(sx);
	free(nmd);
	free(nma);
	free(lib);
	free(slib);
	free(sexe);
	finish(&t);
}

/* Symbols of a .gnu_debuglink file next to a stripped library, CRC checked. */
static void test_debuglink(void)
{
	struct tc t = { .name = "debuglink" };
	char *lib = fx_path("libfxt.so"), *dl = fx_path("libfxt_dl.so");
	char *bad = fx_path("libfxt_badcrc.so"), *dbg = fx_path("fxdl.debug");
	struct symtab *st = symtab_open(dl), *sb = symtab_open(bad);
	const struct symtab_sym *s;
	struct re_sym rs;

	if (!expect(&t, st && sb, "open failed"))
		goto out;
	expect(&t, symtab_debug_path(st) && !strcmp(symtab_debug_path(st), dbg),
	       "debug file %s, want %s",
	       symtab_debug_path(st) ? symtab_debug_path(st) : "none", dbg);
	s = symtab_find(st, "fx_lib_hidden");
	expect(&t, s && readelf_sym(lib, "fx_lib_hidden", &rs) &&
		   s->addr == rs.value && s->size == rs.size,
	       "static from the debug file: %s", s ? "wrong address" : "missing");
	expect(&t, symtab_find(st, "fx_lib_add") != NULL, "lost fx_lib_add");
	expect(&t, !symtab_debug_path(sb), "used a debug file with a bad CRC: %s",
	       symtab_debug_path(sb));
	expect(&t, !symtab_find(sb, "fx_lib_hidden") &&
		   symtab_find(sb, "fx_lib_add"),
	       "bad-CRC library symbols wrong");
out:
	symtab_close(st);
	symtab_close(sb);
	free(lib);
	free(dl);
	free(bad);
	free(dbg);
	finish(&t);
}

/* vaddr -> file offset by segments must agree with the sections' view. */
static void check_offsets(const char *tname, const char *file,
			  const char *const *names, size_t nnames)
{
	struct tc t = { .name = tname };
	char *p = fx_path(file);
	struct symtab *st = symtab_open(p);
	size_t i;

	if (!expect(&t, st != NULL, "open %s", p))
		goto out;
	for (i = 0; i < nnames; i++) {
		const struct symtab_sym *s = symtab_find(st, names[i]);
		uint64_t sa = 0, so = 0, off = 0, back = 0;
		char sec[128] = "";
		int r;

		if (!expect(&t, s != NULL, "no %s", names[i]))
			break;
		if (!expect(&t, readelf_section_of(p, s->addr, &sa, &so, sec,
						   sizeof(sec)),
			    "readelf has no section for %s", names[i]))
			break;
		r = symtab_vaddr_to_offset(st, s->addr, &off);
		expect(&t, !r && off == s->addr - sa + so,
		       "%s in %s: offset %#" PRIx64 " (ret %d), want %#" PRIx64,
		       names[i], sec, off, r, s->addr - sa + so);
		r = symtab_offset_to_vaddr(st, off, &back);
		expect(&t, !r && back == s->addr,
		       "%s: offset %#" PRIx64 " back to %#" PRIx64 " (ret %d)",
		       names[i], off, back, r);
	}
	{
		uint64_t off;

		expect(&t, symtab_vaddr_to_offset(st, 0xfff0000000000000ull,
						  &off) == -ENOENT,
		       "unmapped address has an offset");
	}
	symtab_close(st);
out:
	free(p);
	finish(&t);
}

/* nm's "ADDR T NAME" address for name. */
static void test_lookup_addr(void)
{
	struct tc t = { .name = "lookup_addr" };
	char *p = fx_path("fx_pie");
	struct symtab *st = symtab_open(p);
	static const char *const fns[] = { "fx_alpha", "fx_beta",
					   "fx_static_only", "fx_counter",
					   "fx_table" };
	const struct symtab_sym *s;
	uint64_t a, off = 0;
	struct re_sym rs;
	size_t i;

	if (!expect(&t, st != NULL, "open %s", p))
		goto out;
	for (i = 0; i < ARRAY_SIZE(fns); i++) {
		if (!expect(&t, nm_addr(p, fns[i], &a) &&
			    readelf_sym(p, fns[i], &rs) && rs.size > 1,
			    "nm/readelf: %s", fns[i]))
			break;
		s = symtab_lookup_addr(st, a, &off);
		expect(&t, s && !strcmp(s->name, fns[i]) && off == 0,
		       "%#" PRIx64 ": %s+%" PRIu64 ", want %s+0", a,
		       s ? s->name : "NULL", off, fns[i]);
		s = symtab_lookup_addr(st, a + rs.size - 1, &off);
		expect(&t, s && !strcmp(s->name, fns[i]) && off == rs.size - 1,
		       "%#" PRIx64 ": %s+%" PRIu64 ", want %s+%" PRIu64,
		       a + rs.size - 1, s ? s->name : "NULL", off, fns[i],
		       rs.size - 1);
		s = symtab_symbolize(st, a + 1, &off);
		expect(&t, s && !strcmp(s->name, fns[i]) && off == 1,
		       "symbolize %#" PRIx64 ": %s+%" PRIu64 ", want %s+1",
		       a + 1, s ? s->name : "NULL", off, fns[i]);
	}
	if (expect(&t, nm_addr(p, "fx_asm_nosize", &a) &&
		   readelf_sym(p, "fx_asm_nosize", &rs) && rs.size == 0,
		   "fx_asm_nosize should have size 0")) {
		s = symtab_lookup_addr(st, a + 2, &off);
		expect(&t, s && !strcmp(s->name, "fx_asm_nosize") && off == 2,
		       "size-0 fallback: %s+%" PRIu64, s ? s->name : "NULL",
		       off);
		s = symtab_symbolize(st, a + 2, &off);
		expect(&t, !s || strcmp(s->name, "fx_asm_nosize"),
		       "bcc-style lookup used a size-0 symbol");
	}
	s = symtab_lookup_addr(st, 1, &off);
	expect(&t, !s, "address 1 named %s", s ? s->name : "");
	symtab_close(st);
out:
	free(p);
	finish(&t);
}

static void test_glob(void)
{
	struct tc t = { .name = "glob" };
	char *p = fx_path("fx_nopie");
	char *out = run("readelf -sW %s", p);
	struct symtab *st = symtab_open(p);
	struct vec v = { 0 }, want = { 0 };
	static const char *const pats[] = { "fx_*", "fx_?eta", "*_only",
					    "fx_[ab]*", "main", "nomatch*" };
	size_t i;
	int j, stops = 0;

	if (!expect(&t, st && out, "open or readelf failed"))
		goto out;
	for (i = 0; i < ARRAY_SIZE(pats); i++) {
		char *copy = xstrdup(out), *line, *save = NULL;

		v.n = 0;
		for (j = 0; j < want.n; j++)
			free(want.v[j]);
		want.n = 0;
		symtab_glob(st, pats[i], count_cb, &v);
		for (line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			char type[16], nm[256];
			unsigned long long val;
			int k;

			if (sscanf(line, " %*d: %llx %*i %15s %*s %*s %*s %255s",
				   &val, type, nm) != 3 || !val ||
			    type_of(type) == 0xff || fnmatch(pats[i], nm, 0))
				continue;
			for (k = 0; k < want.n; k++)
				if (!strcmp(want.v[k], nm))
					break;
			if (k == want.n)
				vec_push(&want, xstrdup(nm));
		}
		free(copy);
		expect(&t, v.n == want.n, "'%s': %d symbols, readelf %d",
		       pats[i], v.n, want.n);
		for (j = 0; j < v.n; j++) {
			const struct symtab_sym *s = v.v[j];

			expect(&t, !fnmatch(pats[i], s->name, 0),
			       "'%s' gave %s", pats[i], s->name);
			expect(&t, j == 0 ||
				   strcmp(((const struct symtab_sym *)v.v[j - 1])->name,
					  s->name) <= 0,
			       "'%s' not in name order", pats[i]);
		}
	}
	expect(&t, symtab_glob(st, "fx_*", stop_cb, &stops) == 7 && stops == 1,
	       "callback return does not stop the walk");
out:
	for (j = 0; j < want.n; j++)
		free(want.v[j]);
	vec_free(&want);
	vec_free(&v);
	symtab_close(st);
	free(out);
	free(p);
	finish(&t);
}

/* Run-time address -> vaddr for a mapping of each executable segment. */
static void test_runtime(void)
{
	struct tc t = { .name = "runtime_to_vaddr" };
	char *p = fx_path("fx_pie");
	struct symtab *st = symtab_open(p);
	const struct symtab_seg *segs;
	const struct symtab_sym *s;
	uint64_t a, va = 0;
	int n, i;

	if (!expect(&t, st && nm_addr(p, "fx_beta", &a), "open or nm"))
		goto out;
	n = symtab_segments(st, &segs);
	for (i = 0; i < n; i++) {
		uint64_t pg = segs[i].offset & ~0xfffull;
		uint64_t start = 0x7f1234560000ull + pg;
		uint64_t rt;

		if (!(segs[i].flags & PF_X))
			continue;
		if (a < segs[i].vaddr || a >= segs[i].vaddr + segs[i].filesz)
			continue;
		rt = start + (a - segs[i].vaddr + segs[i].offset - pg);
		expect(&t, !symtab_runtime_to_vaddr(st, rt, start, pg, &va) &&
			   va == a, "run-time %#" PRIx64 " -> %#" PRIx64
			   ", want %#" PRIx64, rt, va, a);
		s = symtab_symbolize(st, va, NULL);
		expect(&t, s && !strcmp(s->name, "fx_beta"), "named %s",
		       s ? s->name : "NULL");
		expect(&t, symtab_runtime_to_vaddr(st, start - 1, start, pg,
						   &va) == -ENOENT,
		       "address below the mapping converted");
	}
	expect(&t, va == a, "fx_beta is in no executable segment");
	symtab_close(st);
out:
	free(p);
	finish(&t);
}

/* ldconfig -p's path for soname on x86-64. */
static bool ldconfig_path(const char *soname, char *path, size_t len)
{
	char *out = run("ldconfig -p 2>/dev/null || /sbin/ldconfig -p"), *line;
	char *save = NULL;
	bool found = false;

	if (!out)
		return false;
	for (line = strtok_r(out, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char nm[256], *arrow = strstr(line, "=> ");

		if (sscanf(line, " %255s", nm) != 1 || strcmp(nm, soname) ||
		    !strstr(line, "x86-64") || !arrow)
			continue;
		snprintf(path, len, "%s", arrow + 3);
		found = true;
	}
	free(out);
	return found;
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_ino == sb.st_ino &&
	       sa.st_dev == sb.st_dev;
}

static void test_resolve(void)
{
	struct tc t = { .name = "resolve_path" };
	char want[4096], got[4096], small[8], *tool = fx_path("fxtool");
	char *old = getenv("PATH") ? xstrdup(getenv("PATH")) : NULL;
	char *path;
	int r;

	if (!expect(&t, ldconfig_path("libc.so.6", want, sizeof(want)),
		    "ldconfig -p lists no x86-64 libc.so.6"))
		goto out;
	r = symtab_resolve_path("libc", 0, got, sizeof(got));
	expect(&t, !r && !strcmp(got, want), "libc: %d %s, ldconfig %s", r,
	       r ? "" : got, want);
	r = symtab_resolve_path("libc.so.6", 0, got, sizeof(got));
	expect(&t, !r && !strcmp(got, want), "libc.so.6: %d %s, ldconfig %s",
	       r, r ? "" : got, want);
	/* DTrace's name for malloc's aliases in libc */
	{
		struct symtab *lc = symtab_open(want);
		const struct symtab_sym *m = lc ? symtab_find(lc, "__libc_malloc") : NULL;
		const struct symtab_sym *pm = m ? symtab_preferred(lc, m) : NULL;

		expect(&t, pm && !strcmp(pm->name, "malloc") && pm->addr == m->addr,
		       "preferred name of __libc_malloc: %s", pm ? pm->name : "none");
		if (lc)
			symtab_close(lc);
	}
	/* an soname's prefix up to a '.', as dtrace's pid provider takes it */
	r = symtab_resolve_path("libc.so", 0, got, sizeof(got));
	expect(&t, !r && !strcmp(got, want), "libc.so: %d %s, ldconfig %s",
	       r, r ? "" : got, want);
	r = symtab_resolve_path("libc.so", getpid(), got, sizeof(got));
	expect(&t, !r && same_file(got, want) && strstr(got, "libc.so.6"),
	       "libc.so in our maps: %d %s", r, r ? "" : got);
	expect(&t, symtab_resolve_path("libc.s", 0, got, sizeof(got)) ==
		   -ENOENT, "libc.s taken for a prefix of libc.so.6");
	r = symtab_resolve_path("libc", getpid(), got, sizeof(got));
	expect(&t, !r && same_file(got, want) && strstr(got, "libc.so.6"),
	       "libc in our maps: %d %s", r, r ? "" : got);
	r = symtab_resolve_path("libc", 0, small, sizeof(small));
	expect(&t, r == -ENAMETOOLONG, "short buffer: %d", r);
	expect(&t, symtab_resolve_path("libferretnosuchlib", 0, got,
				       sizeof(got)) == -ENOENT,
	       "found a missing library");
	expect(&t, symtab_resolve_path("libferretnosuchlib.so.1", getpid(),
				       got, sizeof(got)) == -ENOENT,
	       "found a missing soname");
	r = symtab_resolve_path(tool, 0, got, sizeof(got));
	expect(&t, !r && !strcmp(got, tool), "absolute path: %d", r);
	expect(&t, symtab_resolve_path("/nonexistent/ferret", 0, got,
				       sizeof(got)) == -ENOENT,
	       "missing absolute path resolved");
	path = xasprintf("%s:%s", dir, old ? old : "/usr/bin");
	setenv("PATH", path, 1);
	free(path);
	r = symtab_resolve_path("fxtool", 0, got, sizeof(got));
	expect(&t, !r && !strcmp(got, tool), "$PATH: %d %s, want %s", r,
	       r ? "" : got, tool);
	expect(&t, symtab_resolve_path("fxnoexec", 0, got, sizeof(got)) ==
		   -ENOENT, "found a file that is not executable");
	expect(&t, symtab_resolve_path("notelf", 0, got, sizeof(got)) ==
		   -ENOENT, "found a file that is not ELF");
	expect(&t, symtab_resolve_path("ferret-no-such-tool", 0, got,
				       sizeof(got)) == -ENOENT,
	       "found a missing program");
	if (old)
		setenv("PATH", old, 1);
	else
		unsetenv("PATH");
out:
	free(old);
	free(tool);
	finish(&t);
}

struct kv {
	uint64_t key;
	uint32_t id;
	uint32_t pad;
};

/* symtab_sort_compat against std::sort compiled here with c++. */
static void test_sort_compat(void)
{
	static const char prog[] =
		"#include <algorithm>\n#include <cstdio>\n#include <vector>\n"
		"struct E { unsigned long k; unsigned id;\n"
		"  bool operator<(const E &o) const { return k < o.k; } };\n"
		"int main() { unsigned long n, k; std::vector<E> v;\n"
		"  while (scanf(\"%lu\", &k) == 1) { E e = { k, (unsigned)v.size() }; v.push_back(e); }\n"
		"  std::sort(v.begin(), v.end());\n"
		"  for (n = 0; n < v.size(); n++) printf(\"%u\\n\", v[n].id); }\n";
	static const size_t sizes[] = { 0, 1, 2, 15, 16, 17, 100, 5000, 40000 };
	struct tc t = { .name = "sort_compat_std_sort" };
	char *src = fx_path("sort.cc"), *in = fx_path("keys");
	char *out = NULL;
	size_t si;

	if (system("command -v c++ >/dev/null 2>&1")) {
		skip(t.name, "no c++ compiler to build the std::sort reference");
		goto done;
	}
	if (!write_file(src, prog) ||
	    !(out = run("c++ -O1 -o %s/sortref %s 2>&1", dir, src))) {
		skip(t.name, "c++ could not build the std::sort reference");
		goto done;
	}
	free(out);
	out = NULL;
	for (si = 0; si < ARRAY_SIZE(sizes) && !t.failed; si++) {
		size_t n = sizes[si], i;
		struct kv *v = xcalloc(n ? n : 1, sizeof(*v));
		unsigned int seed = 12345 + si;
		FILE *f = fopen(in, "w");
		char *line, *save = NULL;

		for (i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			/* few distinct keys and sorted runs: many ties */
			v[i].key = i % 7 == 0 ? i / 3 : (seed >> 16) % (n / 4 + 1);
			v[i].id = i;
			if (f)
				fprintf(f, "%" PRIu64 "\n", v[i].key);
		}
		if (!f || fclose(f)) {
			expect(&t, false, "cannot write %s", in);
			free(v);
			break;
		}
		symtab_sort_compat(v, n, sizeof(*v), offsetof(struct kv, key));
		out = run("%s/sortref < %s", dir, in);
		if (!expect(&t, out != NULL, "sortref failed")) {
			free(v);
			break;
		}
		i = 0;
		for (line = strtok_r(out, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save), i++) {
			if (!expect(&t, i < n && (uint32_t)atol(line) == v[i].id,
				    "n=%zu: element %zu is #%s in std::sort, #%u here",
				    n, i, line, i < n ? v[i].id : 0))
				break;
		}
		expect(&t, i == n, "n=%zu: std::sort gave %zu elements", n, i);
		free(out);
		out = NULL;
		free(v);
	}
	finish(&t);
done:
	free(out);
	free(src);
	free(in);
}

int main(void)
{
	char why[256];

	if (!harness_mkdtemp(dir, sizeof(dir), "symtab")) {
		printf("FAIL fixtures: mkdtemp: %s\n", strerror(errno));
		printf("0 passed, 1 failed, 0 skipped\n");
		return 1;
	}
	if (!build_fixtures(why, sizeof(why))) {
		printf("FAIL fixtures: %s\n", why);
		failed++;
	} else {
		test_open_errors();
		check_names("names_nopie", "fx_nopie", fx_names,
			    ARRAY_SIZE(fx_names), "EXEC");
		check_names("names_pie", "fx_pie", fx_names,
			    ARRAY_SIZE(fx_names), "DYN");
		check_names("names_lib", "libfxt.so", lib_names,
			    ARRAY_SIZE(lib_names), "DYN");
		test_tables();
		test_debuglink();
		check_offsets("offsets_nopie", "fx_nopie", fx_names,
			      ARRAY_SIZE(fx_names));
		check_offsets("offsets_pie", "fx_pie", fx_names,
			      ARRAY_SIZE(fx_names));
		check_offsets("offsets_lib", "libfxt.so", lib_names,
			      ARRAY_SIZE(lib_names));
		test_lookup_addr();
		test_glob();
		test_runtime();
		test_resolve();
		test_sort_compat();
	}
	if (system(NULL)) {
		harness_rmtree(dir);
	}
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
