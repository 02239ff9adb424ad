/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DWARF line reader on a fixed program compiled with cc at run time,
 * as DWARF 5, 4 and 2, compressed, PIE and not, from an absolute path
 * and a relative one: each function's first instruction is on one of
 * its lines, and every address of its first bytes answers as
 * addr2line(1) answers for the same binary.  A second program, with
 * functions forced inline, answers with the frames addr2line -i -f
 * gives.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"
#include "runtime/dwline.h"
#include "harness.h"

static char dir[64];

/* Lines counted from 1: each function's lines are named below. */
static const char fixture[] =
	"static volatile int sink;\n"			/* 1 */
	"__attribute__((noinline)) int alpha(int x)\n"	/* 2 */
	"{\n"						/* 3 */
	"\tsink = x;\n"					/* 4 */
	"\treturn x * 3 + 1;\n"				/* 5 */
	"}\n"						/* 6 */
	"\n"						/* 7 */
	"__attribute__((noinline)) int beta(int x)\n"	/* 8 */
	"{\n"						/* 9 */
	"\tint i, s = 0;\n"				/* 10 */
	"\n"						/* 11 */
	"\tfor (i = 0; i < x; i++)\n"			/* 12 */
	"\t\ts += alpha(i);\n"				/* 13 */
	"\treturn s;\n"					/* 14 */
	"}\n"						/* 15 */
	"\n"						/* 16 */
	"int main(int argc, char **argv)\n"		/* 17 */
	"{\n"						/* 18 */
	"\t(void)argv;\n"				/* 19 */
	"\treturn beta(argc) == 7;\n"			/* 20 */
	"}\n";						/* 21 */

static const struct {
	const char *name;
	int first, last;
} funcs[] = { { "alpha", 2, 6 }, { "beta", 8, 15 }, { "main", 17, 21 } };

/* mix inlined in burn inlined in work, at -O2. */
static const char inl_fixture[] =
	"static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)\n"
	"{\n"
	"\tx ^= x >> 13;\n"
	"\tx *= 0x9e3779b97f4a7c15ul;\n"
	"\treturn x ^ (x >> 7);\n"
	"}\n"
	"\n"
	"static inline __attribute__((always_inline)) unsigned long burn(unsigned long n)\n"
	"{\n"
	"\tunsigned long s = 0, i;\n"
	"\n"
	"\tfor (i = 0; i < n; i++)\n"
	"\t\ts += mix(i + s);\n"
	"\treturn s;\n"
	"}\n"
	"\n"
	"__attribute__((noinline)) unsigned long work(unsigned long n)\n"
	"{\n"
	"\treturn burn(n) + 1;\n"
	"}\n"
	"\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\t(void)argv;\n"
	"\treturn (int)work((unsigned long)argc * 1000);\n"
	"}\n";

/* Built from the fixture's absolute path, or with rel from a relative one. */
static bool build_in(const char *bin, const char *flags, bool rel)
{
	char *cmd = rel ? xasprintf("cd %s && mkdir -p sub && cp fixture.c sub/ && "
				    "cc -O1 %s -o %s sub/fixture.c 2>&1", dir, flags, bin) :
		    xasprintf("cc -O1 %s -o %s/%s %s/fixture.c 2>&1", flags, dir,
			      bin, dir);
	char *out = run("%s", cmd);
	bool ok = out != NULL;

	free(cmd);
	free(out);
	return ok;
}

static bool build(const char *bin, const char *flags)
{
	return build_in(bin, flags, false);
}

/* addr2line's answer for addr ("FILE:LINE", discriminator cut), or NULL. */
static char *addr2line(const char *bin, uint64_t addr)
{
	char *out = run("addr2line -e %s/%s 0x%" PRIx64, dir, bin, addr);

	if (out)
		out[strcspn(out, " \n")] = '\0';
	return out;
}

/* Each function's first line, and its first bytes against addr2line. */
static void check_binary(const char *name, const char *bin, const char *flags,
			 bool rel)
{
	struct tc t = { .name = name };
	struct dwline *d;
	char *path;
	size_t i;

	if (!build_in(bin, flags, rel)) {
		skip(name, "cc cannot build the fixture with these flags");
		return;
	}
	path = xasprintf("%s/%s", dir, bin);
	d = dwline_open(path, NULL);
	expect(&t, d != NULL, "dwline_open: %s", strerror(errno));
	for (i = 0; d && i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		uint64_t a = 0, off;
		const char *file;
		int line, k;

		if (!expect(&t, nm_addr(path, funcs[i].name, &a), "no symbol %s",
			    funcs[i].name))
			break;
		line = 0;
		expect(&t, !dwline_find(d, a, &file, &line) && line >= funcs[i].first &&
		       line <= funcs[i].last, "%s at 0x%" PRIx64 ": line %d, want %d to %d",
		       funcs[i].name, a, line, funcs[i].first, funcs[i].last);
		expect(&t, !strcmp(file + strlen(file) - strlen("/fixture.c"), "/fixture.c"),
		       "%s: file '%s'", funcs[i].name, file);
		for (k = 0, off = 0; k < 24; k++, off += 1) {
			char *want = addr2line(bin, a + off), got[4200];

			if (dwline_find(d, a + off, &file, &line))
				snprintf(got, sizeof(got), "??:?");
			else
				snprintf(got, sizeof(got), "%s:%d", file, line);
			/* addr2line's "??:0" and "??:?" both say no line. */
			expect(&t, want && (!strcmp(got, want) ||
					    (!strcmp(got, "??:?") && !strncmp(want, "??:", 3))),
			       "0x%" PRIx64 ": %s, addr2line %s", a + off, got,
			       want ? want : "(failed)");
			free(want);
		}
	}
	dwline_close(d);
	free(path);
	finish(&t);
}

/*
 * dwline_frames() at each of work's first bytes against addr2line -i -f:
 * the same functions (the last one, NULL, is work), files and lines.
 */
static void check_frames(const char *name, const char *bin, const char *flags)
{
	struct tc t = { .name = name };
	char *cmd = xasprintf("cd %s && mkdir -p sub && cc -O2 %s -o %s sub/inl.c 2>&1",
			      dir, flags, bin);
	char *out = run("%s", cmd), *path = xasprintf("%s/%s", dir, bin);
	struct dwline *d = NULL;
	uint64_t work = 0, a;
	int deepest = 0;

	free(cmd);
	if (!out) {
		skip(name, "cc cannot build the inline fixture with these flags");
		free(path);
		return;
	}
	free(out);
	d = dwline_open(path, NULL);
	expect(&t, d != NULL, "dwline_open: %s", strerror(errno));
	expect(&t, nm_addr(path, "work", &work), "no symbol work");
	for (a = work; d && work && a < work + 64 && !t.failed; a++) {
		struct dwline_frame f[8];
		char *want = run("addr2line -i -f -e %s 0x%" PRIx64, path, a), got[8192];
		int n = dwline_frames(d, a, f, 8), k, len = 0;

		got[0] = '\0';
		for (k = 0; k < n; k++)
			len += snprintf(got + len, sizeof(got) - len, "%s\n%s:%d\n",
					f[k].func ? f[k].func : "work",
					f[k].file ? f[k].file : "??", f[k].line);
		/* A discriminator ends its line in addr2line's answer. */
		for (k = 0; want && want[k]; k++)
			if (!strncmp(want + k, " (discriminator", 15))
				memmove(want + k, strchr(want + k, '\n'),
					strlen(strchr(want + k, '\n')) + 1);
		expect(&t, want && n > 0 && !strcmp(got, want),
		       "0x%" PRIx64 ": got\n%s, addr2line\n%s", a, got, want ? want : "(failed)");
		if (n - 1 > deepest)
			deepest = n - 1;
		free(want);
	}
	expect(&t, deepest == 2, "at most %d calls inlined at an address of work", deepest);
	dwline_close(d);
	free(path);
	finish(&t);
}

/* A file offset in .text maps to its address as linked. */
static void check_vaddr(void)
{
	struct tc t = { .name = "vaddr_of_offset" };
	char *path = xasprintf("%s/pie5", dir);
	char *out = run("readelf -SW %s | sed -n 's/.* \\.text *PROGBITS *\\([0-9a-f]*\\) \\([0-9a-f]*\\) .*/\\1 \\2/p'",
			path);
	unsigned long long addr = 0, off = 0;
	struct dwline *d = dwline_open(path, NULL);
	uint64_t v = 0;

	expect(&t, out && sscanf(out, "%llx %llx", &addr, &off) == 2,
	       "readelf: '%s'", out ? out : "(failed)");
	expect(&t, d != NULL, "dwline_open: %s", strerror(errno));
	expect(&t, d && !dwline_vaddr(d, off + 16, &v) && v == addr + 16,
	       "offset 0x%llx: 0x%" PRIx64 ", want 0x%llx", off + 16, v, addr + 16);
	expect(&t, d && dwline_vaddr(d, 1ull << 40, &v) == -ENOENT,
	       "an offset past the file mapped");
	dwline_close(d);
	free(out);
	free(path);
	finish(&t);
}

/* What dwline_open() refuses, and why. */
static void check_refusals(void)
{
	struct tc t = { .name = "refusals" };
	char *nodebug = xasprintf("%s/nodebug", dir), *text = xasprintf("%s/fixture.c", dir);
	char *nothere = xasprintf("%s/nothere", dir);
	struct dwline *d;

	expect(&t, build("nodebug", ""), "cc without -g");
	errno = 0;
	d = dwline_open(nodebug, NULL);
	expect(&t, !d && errno == ENODATA, "no -g: %p, %s", (void *)d, strerror(errno));
	dwline_close(d);
	d = dwline_open(text, NULL);
	expect(&t, !d && errno == ENOEXEC, "not ELF: %p, %s", (void *)d, strerror(errno));
	dwline_close(d);
	d = dwline_open(nothere, NULL);
	expect(&t, !d && errno == ENOENT, "missing: %p, %s", (void *)d, strerror(errno));
	dwline_close(d);
	free(nodebug);
	free(text);
	free(nothere);
	finish(&t);
}

int main(void)
{
	char *path;
	char *which = run("command -v cc && command -v addr2line && command -v nm && command -v readelf");

	if (!which) {
		skip("dwline", "cc, addr2line, nm or readelf is missing");
		return harness_summary();
	}
	free(which);
	if (!harness_mkdtemp(dir, sizeof(dir), "dwline")) {
		printf("FAIL fixture: mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	if (!harness_write(dir, "fixture.c", fixture))
		return 1;
	path = xasprintf("%s/sub", dir);
	mkdir(path, 0700);
	free(path);
	if (!harness_write(dir, "sub/inl.c", inl_fixture))
		return 1;
	check_binary("dwarf5_pie", "pie5", "-g -gdwarf-5 -fPIE -pie", false);
	check_binary("dwarf4_pie", "pie4", "-g -gdwarf-4 -fPIE -pie", false);
	check_binary("dwarf5_no_pie", "nopie5", "-g -gdwarf-5 -fno-pie -no-pie", false);
	check_binary("dwarf2", "dw2", "-g -gdwarf-2 -fno-pie -no-pie", false);
	check_binary("compressed", "gz", "-g -gz=zlib", false);
	/*
	 * DWARF 5 names the compilation's directory in its line table; DWARF
	 * 4 and 2 leave it to .debug_info: the paths are whole in all.
	 */
	check_binary("dwarf5_relative_source", "rel5", "-g -gdwarf-5", true);
	check_binary("dwarf4_relative_source", "rel4", "-g -gdwarf-4", true);
	check_binary("dwarf2_relative_source", "rel2", "-g -gdwarf-2", true);
	check_frames("dwarf5_inlined_frames", "inl5", "-g -gdwarf-5");
	check_frames("dwarf4_inlined_frames", "inl4", "-g -gdwarf-4");
	check_frames("dwarf4_compressed_inlined_frames", "inlgz", "-g -gdwarf-4 -gz=zlib");
	check_vaddr();
	check_refusals();
	harness_rmtree(dir);
	return harness_summary();
}
