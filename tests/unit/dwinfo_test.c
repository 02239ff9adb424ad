/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .debug_info reader on a fixed program compiled with cc at run time
 * from a relative path, at -O2 with two functions forced inline, one in
 * the other, as DWARF 4 and 5, in 32-bit units and 64-bit ones (-gdwarf64): its
 * sections, dumped by objcopy, give the unit's name and directory, and
 * at every address of the function they are inlined in, the calls
 * addr2line -i -f finds there, innermost first, with their lines.
 * The same program after dwz (its shared file's sections given) and
 * built with -gsplit-dwarf (its .dwo's sections added) must give the
 * calls it gives before dwz and without split DWARF.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "runtime/dwinfo.h"
#include "harness.h"

static char dir[64];

static const char fixture[] =
	"#include <stdlib.h>\n"						/* 1 */
	"static volatile unsigned long sink;\n"				/* 2 */
	"\n"								/* 3 */
	"static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)\n"
	"{\n"								/* 5 */
	"\tx ^= x >> 13;\n"						/* 6 */
	"\tx *= 0x9e3779b97f4a7c15ul;\n"				/* 7 */
	"\treturn x ^ (x >> 7);\n"					/* 8 */
	"}\n"								/* 9 */
	"\n"								/* 10 */
	"static inline __attribute__((always_inline)) unsigned long burn(unsigned long n)\n"
	"{\n"								/* 12 */
	"\tunsigned long s = 0, i;\n"					/* 13 */
	"\n"								/* 14 */
	"\tfor (i = 0; i < n; i++)\n"					/* 15 */
	"\t\ts += mix(i + s);\n"					/* 16 */
	"\treturn s;\n"							/* 17 */
	"}\n"								/* 18 */
	"\n"								/* 19 */
	"__attribute__((noinline)) unsigned long work(unsigned long n)\n"
	"{\n"								/* 21 */
	"\treturn burn(n) + 1;\n"					/* 22 */
	"}\n"								/* 23 */
	"\n"								/* 24 */
	"int main(int argc, char **argv)\n"				/* 25 */
	"{\n"								/* 26 */
	"\tsink = work(argc > 1 ? strtoul(argv[1], NULL, 0) : 10);\n"	/* 27 */
	"\treturn 0;\n"							/* 28 */
	"}\n";								/* 29 */

static const char *const sect_names[] = {
	".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
	".debug_str_offsets", ".debug_addr", ".debug_ranges", ".debug_rnglists",
};

/* A file's bytes (owned), or an empty section. */
static struct dwr_sect slurp(const char *path)
{
	struct dwr_sect s = { 0 };
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return s;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET)) {
		s.owned = xmalloc(n);
		if (fread(s.owned, 1, n, f) == (size_t)n) {
			s.p = s.owned;
			s.len = n;
		}
	}
	fclose(f);
	return s;
}

/*
 * bin's sections, each dumped by objcopy where bin has it, their names
 * ending in suffix (".dwo" for a .dwo file's).
 */
static void dump_sects_as(const char *bin, const char *suffix,
			  struct dwinfo_sects *is)
{
	struct dwr_sect *v[] = { &is->info, &is->abbrev, &is->str, &is->line_str,
				 &is->str_offsets, &is->addr, &is->ranges, &is->rnglists };
	size_t i;

	memset(is, 0, sizeof(*is));
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		char *out = xasprintf("%s/%s%s%s", dir, bin, sect_names[i], suffix);
		char *r = run("objcopy --dump-section %s%s=%s %s/%s /dev/null 2>/dev/null",
			      sect_names[i], suffix, out, dir, bin);

		if (r)
			*v[i] = slurp(out);
		free(r);
		free(out);
	}
}

static void dump_sects(const char *bin, struct dwinfo_sects *is)
{
	dump_sects_as(bin, "", is);
}

static void free_sects(struct dwinfo_sects *is)
{
	free(is->info.owned);
	free(is->abbrev.owned);
	free(is->str.owned);
	free(is->line_str.owned);
	free(is->str_offsets.owned);
	free(is->addr.owned);
	free(is->ranges.owned);
	free(is->rnglists.owned);
}

/*
 * The frames at addr as a symbolizer (sym) gives them, "FUNC" then
 * "FILE:LINE", innermost first: their count, or -1.
 */
static int a2l_frames(const char *sym, const char *bin, uint64_t addr,
		      char func[][128], int line[], int max)
{
	char *out = run("%s %s/%s 0x%" PRIx64, sym, dir, bin, addr);
	char *l, *save = NULL;
	int n = 0;

	if (!out)
		return -1;
	for (l = strtok_r(out, "\n", &save); l && n < max; l = strtok_r(NULL, "\n", &save)) {
		char *where = strtok_r(NULL, "\n", &save), *colon;

		if (!where)
			break;
		snprintf(func[n], 128, "%s", l);
		colon = strrchr(where, ':');
		line[n++] = colon ? atoi(colon + 1) : 0;
	}
	free(out);
	return n;
}

/* flags: the compiler and its options. */
static bool build(const char *bin, const char *flags)
{
	char *out = run("cd %s && mkdir -p sub && cp fixture.c sub/ && "
			"%s -O2 -o %s sub/fixture.c 2>&1", dir, flags, bin);
	bool ok = out != NULL;

	free(out);
	return ok;
}

/*
 * binutils 2.40 cannot read the inlined calls of clang's DWARF 5, which
 * index their addresses and range lists: LLVM's symbolizer reads them.
 */
#define ADDR2LINE "addr2line -i -f -e"
#define LLVM_SYMBOLIZER "llvm-symbolizer --output-style=GNU -f -i --obj"

static void check(const char *name, const char *bin, const char *flags,
		  const char *sym)
{
	struct tc t = { .name = name };
	struct dwinfo_sects is;
	struct dwinfo *di;
	const struct dwinfo_cu *cu = NULL;
	char *path;
	uint64_t work = 0, a;
	int i, deepest = 0;

	if (!build(bin, flags)) {
		skip(name, "cc cannot build the fixture with these flags");
		return;
	}
	path = xasprintf("%s/%s", dir, bin);
	dump_sects(bin, &is);
	di = dwinfo_read(&is);
	expect(&t, di != NULL, "dwinfo_read: %s", strerror(errno));
	for (i = 0; di && i < di->ncus; i++)
		if (di->cus[i].name && !strcmp(di->cus[i].name, "sub/fixture.c"))
			cu = &di->cus[i];
	expect(&t, cu != NULL, "no unit named sub/fixture.c");
	expect(&t, !cu || (cu->comp_dir && !strcmp(cu->comp_dir, dir)),
	       "comp_dir '%s', want '%s'", cu && cu->comp_dir ? cu->comp_dir : "(none)", dir);
	expect(&t, !cu || cu->has_lines, "the unit has no line table");
	expect(&t, !di || dwinfo_unit_of_lines(di, cu ? cu->stmt_list : 0) == cu,
	       "the unit not found by its line table");
	expect(&t, nm_addr(path, "work", &work), "no symbol work");
	/* Every address of work's first 64 bytes, as addr2line sees it. */
	for (a = work; di && work && a < work + 64 && !t.failed; a++) {
		const struct dwinfo_inl *v[16];
		char func[16][128];
		int line[16], n, want, k;

		want = a2l_frames(sym, bin, a, func, line, 16);
		if (want <= 0)
			continue;
		n = dwinfo_inlined(di, a, v, 16);
		expect(&t, n == want - 1, "0x%" PRIx64 ": %d inlined calls, addr2line %d",
		       a, n, want - 1);
		for (k = 0; k < n && k < want - 1; k++) {
			expect(&t, !strcmp(v[k]->name, func[k]), "0x%" PRIx64 ": call %d is %s, addr2line %s",
			       a, k, v[k]->name, func[k]);
			expect(&t, v[k]->call_line == line[k + 1],
			       "0x%" PRIx64 ": %s called at line %d, addr2line %d",
			       a, v[k]->name, v[k]->call_line, line[k + 1]);
			expect(&t, v[k]->cu == cu - di->cus && v[k]->call_file >= 0,
			       "0x%" PRIx64 ": %s: unit %d, file %d", a, v[k]->name,
			       v[k]->cu, v[k]->call_file);
		}
		if (n > deepest)
			deepest = n;
	}
	/* mix inlined in burn inlined in work: the test has two levels. */
	expect(&t, deepest == 2, "at most %d calls inlined at an address of work", deepest);
	dwinfo_free(di);
	free_sects(&is);
	free(path);
	finish(&t);
}

/*
 * At every address of work's first 64 bytes, the same inlined calls in
 * got as in want (names, lines, depths), two levels deep somewhere.
 */
static void same_calls(struct tc *t, const struct dwinfo *want,
		       const struct dwinfo *got, uint64_t work)
{
	uint64_t a;
	int deepest = 0;

	for (a = work; a < work + 64 && !t->failed; a++) {
		const struct dwinfo_inl *v[16], *w[16];
		int n = dwinfo_inlined(want, a, w, 16), m = dwinfo_inlined(got, a, v, 16), k;

		expect(t, n == m, "0x%" PRIx64 ": %d inlined calls, want %d", a, m, n);
		for (k = 0; k < n && k < m; k++)
			expect(t, !strcmp(v[k]->name, w[k]->name) &&
			       v[k]->call_line == w[k]->call_line && v[k]->depth == w[k]->depth &&
			       v[k]->call_file == w[k]->call_file,
			       "0x%" PRIx64 ": call %d is %s at %d (depth %d), want %s at %d (depth %d)",
			       a, k, v[k]->name, v[k]->call_line, v[k]->depth, w[k]->name,
			       w[k]->call_line, w[k]->depth);
		if (n > deepest)
			deepest = n;
	}
	expect(t, deepest == 2, "at most %d calls inlined at an address of work", deepest);
}

/*
 * dwz -m: two copies of the program share common.debug, to which their
 * abstract functions and strings moved.  With its sections the calls
 * are those before dwz; without them, the calls it alone names are
 * left out (none is misnamed).
 */
static void check_dwz(const char *name, const char *flags, const char *dwz)
{
	struct tc t = { .name = name };
	struct dwinfo_sects pre, post, sup;
	struct dwinfo *dpre = NULL, *dpost = NULL, *dnone = NULL;
	char *out, *path = NULL;
	uint64_t work = 0;

	if (!build("dwza", flags)) {
		skip(name, "cc cannot build the fixture with these flags");
		return;
	}
	out = run("cd %s && cp dwza dwzpre && cp dwza dwzb && %s -m dwzcommon.debug dwza dwzb 2>&1",
		  dir, dwz);
	if (!out) {
		skip(name, "dwz cannot process the fixture");
		return;
	}
	free(out);
	dump_sects("dwzpre", &pre);
	dump_sects("dwza", &post);
	dump_sects("dwzcommon.debug", &sup);
	path = xasprintf("%s/dwzpre", dir);
	expect(&t, nm_addr(path, "work", &work), "no symbol work");
	expect(&t, post.info.len < pre.info.len && sup.info.len > 0,
	       "dwz moved nothing: .debug_info %zu before, %zu after, %zu shared",
	       pre.info.len, post.info.len, sup.info.len);
	dpre = dwinfo_read(&pre);
	dnone = dwinfo_read(&post);
	post.sup = &sup;
	dpost = dwinfo_read(&post);
	if (expect(&t, dpre && dpost && dnone, "dwinfo_read: %s", strerror(errno)) && work) {
		int i;

		same_calls(&t, dpre, dpost, work);
		expect(&t, dpost->ncus == dpre->ncus && dpost->cus[0].comp_dir &&
		       dpre->cus[0].comp_dir && !strcmp(dpost->cus[0].comp_dir, dpre->cus[0].comp_dir),
		       "units: %d, want %d; directory %s", dpost->ncus, dpre->ncus,
		       dpost->cus[0].comp_dir ? dpost->cus[0].comp_dir : "(none)");
		for (i = 0; i < dnone->ninl; i++)
			expect(&t, dpre->ninl > i, "without the shared file: call %s", dnone->inl[i].name);
		expect(&t, dnone->ninl < dpre->ninl, "without the shared file: %d calls, with it %d",
		       dnone->ninl, dpre->ninl);
	}
	dwinfo_free(dpre);
	dwinfo_free(dpost);
	dwinfo_free(dnone);
	free_sects(&pre);
	free_sects(&post);
	free_sects(&sup);
	free(path);
	finish(&t);
}

/*
 * -gsplit-dwarf: the skeleton's calls, completed from its .dwo by
 * dwinfo_add_split, are those of the same code built without it.  A
 * .dwo of another build is refused and adds nothing.
 */
static void check_split(const char *name, const char *flags)
{
	struct tc t = { .name = name };
	struct dwinfo_sects whole, skel, dwo, other;
	struct dwinfo *dw = NULL, *ds = NULL;
	char *flags2 = xasprintf("%s -gsplit-dwarf", flags), *out, *path;
	uint64_t work = 0;
	int i, nskel = 0, ninl;

	memset(&other, 0, sizeof(other));
	memset(&dwo, 0, sizeof(dwo));
	free(run("rm -rf %s/*.dwo %s/oth", dir, dir));
	if (!build("whole", flags) || !build("split", flags2)) {
		skip(name, "cc cannot build the fixture with split DWARF");
		free(flags2);
		return;
	}
	/* The same source with another macro: another id. */
	out = run("mkdir -p %s/oth && cd %s/oth && cp ../fixture.c . && "
		  "%s -O2 -DOTHER -o other fixture.c && cp $(ls *.dwo | head -1) ../other.dwo",
		  dir, dir, flags2);
	free(out);
	dump_sects("whole", &whole);
	dump_sects("split", &skel);
	dump_sects_as("other.dwo", ".dwo", &other);
	other.addr = skel.addr;
	other.ranges = skel.ranges;
	other.addr.owned = other.ranges.owned = NULL;
	path = xasprintf("%s/split", dir);
	expect(&t, nm_addr(path, "work", &work), "no symbol work");
	dw = dwinfo_read(&whole);
	ds = dwinfo_read(&skel);
	if (expect(&t, dw && ds && other.info.len, "no units, or no other .dwo")) {
		for (i = 0; i < ds->ncus; i++) {
			if (!ds->cus[i].dwo_name)
				continue;
			nskel++;
			/* Under the build directory, which is dir. */
			free_sects(&dwo);
			dump_sects_as(ds->cus[i].dwo_name, ".dwo", &dwo);
			dwo.addr = skel.addr;
			dwo.ranges = skel.ranges;
			dwo.addr.owned = dwo.ranges.owned = NULL;
			expect(&t, dwo.info.len > 0, "no .dwo %s", ds->cus[i].dwo_name);
			ninl = ds->ninl;
			expect(&t, dwinfo_add_split(ds, i, &other) == -ENOENT && ds->ninl == ninl,
			       "another build's .dwo read");
			expect(&t, dwinfo_add_split(ds, i, &dwo) == 0, "the .dwo's unit not found");
		}
		expect(&t, nskel == 1, "%d skeleton units", nskel);
		if (work)
			same_calls(&t, dw, ds, work);
	}
	dwinfo_free(dw);
	dwinfo_free(ds);
	free_sects(&whole);
	free_sects(&skel);
	free_sects(&dwo);
	free_sects(&other);
	free(path);
	free(flags2);
	finish(&t);
}

/*
 * Damaged sections: truncated at many lengths, and bytes changed by a
 * fixed pseudo-random sequence, the reader reads within them (run under
 * ASan, out-of-bounds reads are reported) and its answers stay in them.
 */
static void check_damaged(void)
{
	struct tc t = { .name = "damaged" };
	struct dwinfo_sects is, bad;
	uint8_t *info = NULL, *abbrev = NULL;
	uint32_t x = 12345;
	int round, i;

	if (!build("dmg", "cc -g -gdwarf-4")) {
		skip(t.name, "cc cannot build the fixture");
		return;
	}
	dump_sects("dmg", &is);
	if (!expect(&t, is.info.len > 64 && is.abbrev.len > 16, "no sections dumped"))
		goto out;
	info = xmalloc(is.info.len);
	abbrev = xmalloc(is.abbrev.len);
	for (round = 0; round < 400 && !t.failed; round++) {
		struct dwinfo *di;
		const struct dwinfo_inl *v[16];

		bad = is;
		memcpy(info, is.info.p, is.info.len);
		memcpy(abbrev, is.abbrev.p, is.abbrev.len);
		bad.info.p = info;
		bad.abbrev.p = abbrev;
		bad.info.owned = bad.abbrev.owned = NULL;
		if (round < 100) {
			bad.info.len = is.info.len * round / 100;
		} else {
			for (i = 0; i < 8; i++) {
				x = x * 1103515245u + 12345u;
				if (x & 0x10000)
					info[(x >> 8) % is.info.len] ^= (uint8_t)(x >> 24);
				else
					abbrev[(x >> 8) % is.abbrev.len] ^= (uint8_t)(x >> 24);
			}
		}
		di = dwinfo_read(&bad);
		for (i = 0; di && i < di->ninl; i++)
			expect(&t, di->inl[i].lo < di->inl[i].hi && di->inl[i].name &&
			       di->inl[i].cu >= 0 && di->inl[i].cu < di->ncus,
			       "round %d: call %d out of shape", round, i);
		if (di)
			dwinfo_inlined(di, 0x1100, v, 16);
		dwinfo_free(di);
	}
out:
	free(info);
	free(abbrev);
	free_sects(&is);
	finish(&t);
}

/* No .debug_info: nothing to read, and said so. */
static void check_empty(void)
{
	struct tc t = { .name = "empty" };
	struct dwinfo_sects is;
	static const uint8_t junk[] = { 0x10, 0, 0, 0, 9, 0 };
	struct dwinfo *di;

	memset(&is, 0, sizeof(is));
	errno = 0;
	di = dwinfo_read(&is);
	expect(&t, !di && errno == ENODATA, "no sections: %p, %s", (void *)di, strerror(errno));
	dwinfo_free(di);
	/* A unit longer than its section, of a version no one wrote. */
	is.info.p = junk;
	is.info.len = sizeof(junk);
	errno = 0;
	di = dwinfo_read(&is);
	expect(&t, !di && errno == ENODATA, "junk: %p, %s", (void *)di, strerror(errno));
	dwinfo_free(di);
	finish(&t);
}

int main(void)
{
	char *which = run("command -v cc && command -v addr2line && command -v nm && command -v objcopy");

	if (!which) {
		skip("dwinfo", "cc, addr2line, nm or objcopy is missing");
		return harness_summary();
	}
	free(which);
	if (!harness_mkdtemp(dir, sizeof(dir), "dwinfo")) {
		printf("FAIL fixture: mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	if (!harness_write(dir, "fixture.c", fixture))
		return 1;
	check("dwarf4_inlined", "inl4", "cc -g -gdwarf-4", ADDR2LINE);
	check("dwarf5_inlined", "inl5", "cc -g -gdwarf-5", ADDR2LINE);
	/* binutils 2.40 misreads DWARF 5 in 64-bit units: DWARF 4 is checked so. */
	check("dwarf4_64bit", "inl4_64", "cc -g -gdwarf-4 -gdwarf64", ADDR2LINE);
	check("dwarf4_pie", "pie4", "cc -g -gdwarf-4 -fPIE -pie", ADDR2LINE);
	/* clang's DWARF 5 indexes its strings, addresses and range lists. */
	which = run("command -v clang && command -v llvm-symbolizer");
	if (which) {
		check("clang_dwarf5_indexed", "clang5", "clang -g -gdwarf-5", LLVM_SYMBOLIZER);
		check("clang_dwarf4", "clang4", "clang -g -gdwarf-4", ADDR2LINE);
	} else {
		skip("clang", "clang or llvm-symbolizer is missing");
	}
	free(which);
	which = run("command -v dwz");
	if (which) {
		check_dwz("dwz_dwarf4", "cc -g -gdwarf-4", "dwz");
		check_dwz("dwz_dwarf5", "cc -g -gdwarf-5", "dwz");
		check_dwz("dwz_dwarf5_sup", "cc -g -gdwarf-5", "dwz -5");
	} else {
		skip("dwz", "dwz is missing (make deps-test installs it)");
	}
	free(which);
	check_split("split_dwarf4", "cc -g -gdwarf-4");
	check_split("split_dwarf5", "cc -g -gdwarf-5");
	which = run("command -v clang");
	if (which)
		check_split("split_clang_dwarf5", "clang -g -gdwarf-5");
	else
		skip("split_clang", "clang is missing");
	free(which);
	check_empty();
	check_damaged();
	harness_rmtree(dir);
	return harness_summary();
}
