/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace's tables against the system's UAPI headers, and its
 * decoders on made-up calls.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "harness.h"
#include "strace/st_sys.h"
#include "strace/st_xlat.h"
#include "strace/st_decode.h"
#include "strace/st_stack.h"

#define UNISTD "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"

/* Every __NR_ of the header is in the table with its number, and back. */
static void test_systab(void)
{
	struct tc t = { .name = "syscall table equals asm/unistd_64.h" };
	char line[256], name[128];
	int nr, n = 0;
	FILE *f = fopen(UNISTD, "r");

	if (!f) {
		skip(t.name, "no " UNISTD);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		const struct st_sys *s;

		if (sscanf(line, "#define __NR_%127s %d", name, &nr) != 2)
			continue;
		n++;
		s = st_sys_by_nr(nr);
		expect(&t, s && !strcmp(s->name, name), "%s (%d): table has %s",
		       name, nr, s ? s->name : "nothing");
	}
	fclose(f);
	expect(&t, n == st_nsys, "header has %d calls, table %d", n, st_nsys);
	expect(&t, st_sys_by_nr(SYS_openat) && !strcmp(st_sys_by_nr(SYS_openat)->name, "openat"),
	       "SYS_openat");
	finish(&t);
}

/* Signatures: letters the decoders know, one per argument at most six. */
static void test_signatures(void)
{
	struct tc t = { .name = "signatures are well formed" };
	static const char known[] = "duxpfDPSOWRmrMCashkKLlcizZoybIYTXtUABnvVFwEeGqQgHjJN23456789~({&^*@[]<>=_#$?.,|;`+-01%'\\" "\200\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237\240\241\242\243\245\246\247\250\251\252\253\255\257\260\261\264\265\266\267\270\271\272\273\274\275\277\300\302\303\304\306\310\312\314\315\316\317\321\323\324\325\326";
	int i, decoded = 0;

	for (i = 0; i < st_nsys; i++) {
		const struct st_sys *s = &st_systab[i];
		int k;

		if (!s->sig)
			continue;
		decoded++;
		expect(&t, st_sys_nargs(s) <= 6, "%s: %d arguments", s->name, st_sys_nargs(s));
		for (k = 0; k < st_sys_nargs(s); k++)
			expect(&t, strchr(known, s->sig[k]) != NULL, "%s: letter %c",
			       s->name, s->sig[k]);
	}
	expect(&t, decoded >= 120, "only %d calls decoded", decoded);
	finish(&t);
}

/* Errno names and their values as <errno.h> has them, messages by strerror. */
static void test_errno(void)
{
	struct tc t = { .name = "errno names equal <errno.h>" };
	static const struct { int e; const char *n; } want[] = {
		{ ENOENT, "ENOENT" }, { EBADF, "EBADF" }, { EAGAIN, "EAGAIN" },
		{ ECHILD, "ECHILD" }, { ENOTTY, "ENOTTY" }, { EINPROGRESS, "EINPROGRESS" },
		{ EHWPOISON, "EHWPOISON" }, { ECONNREFUSED, "ECONNREFUSED" },
	};
	size_t i;
	int e;

	for (i = 0; i < ARRAY_SIZE(want); i++)
		expect(&t, st_errno_name(want[i].e) && !strcmp(st_errno_name(want[i].e), want[i].n),
		       "%d: %s", want[i].e, st_errno_name(want[i].e));
	/* every errno glibc knows by name has one here */
	for (e = 1; e <= EHWPOISON; e++) {
		const char *n = strerrorname_np(e);

		if (n && e != EDEADLOCK && e != EWOULDBLOCK && e != ENOTSUP)
			expect(&t, st_errno_name(e) && !strcmp(st_errno_name(e), n),
			       "%d: %s, header %s", e, st_errno_name(e), n);
	}
	finish(&t);
}

/*
 * Strings quoted as strace quotes them: octal escapes of three digits
 * only before an octal digit, -x (1) in hex when a byte is neither
 * printable nor a space, -xx (2) always in hex.
 */
static const struct {
	const char *in;
	size_t n;
	bool ellipsis;
	int x;
	const char *out;
} quotes[] = {
	{ "\177ELF\2\0011\n", 8, true, 0, "\"\\177ELF\\2\\0011\\n\"..." },
	{ "\0018\0017", 4, false, 0, "\"\\18\\0017\"" },
	{ "a\tb", 3, false, 1, "\"a\\tb\"" },
	{ "a\001", 2, false, 1, "\"\\x61\\x01\"" },
	{ "hi", 2, false, 2, "\"\\x68\\x69\"" },
};

/* A made-up openat decoded as strace prints it. */
static void test_decode(void)
{
	struct tc t = { .name = "openat and a failed return decode as strace" };
	struct st_dopts o = { .strsize = 32 };
	struct st_call c = { 0 };
	struct buf b = { 0 };
	char path[] = "/etc/passwd";
	size_t i;

	c.sys = st_sys_by_name("openat");
	c.args[0] = (uint64_t)AT_FDCWD;
	c.args[2] = O_RDONLY | O_CLOEXEC;
	c.args[1] = 0x1000;
	c.caps[0].letter = 'P';
	c.caps[0].arg = 1;
	c.caps[0].data = (unsigned char *)path;
	c.caps[0].len = sizeof(path);
	c.ncaps = 1;
	c.ret = -ENOENT;
	st_decode_args(&b, &c, &o, 0, st_call_nargs(&c));
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "AT_FDCWD, \"/etc/passwd\", O_RDONLY|O_CLOEXEC"), "got %s", b.p);
	b.len = 0;
	st_decode_ret(&b, &c, &o);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "-1 ENOENT (No such file or directory)"), "got %s", b.p);
	b.len = 0;
	for (i = 0; i < ARRAY_SIZE(quotes); i++) {
		st_quote(&b, (const unsigned char *)quotes[i].in, quotes[i].n,
			 quotes[i].ellipsis, quotes[i].x);
		buf_put(&b, "", 1);
		expect(&t, !strcmp(b.p, quotes[i].out), "quote %zu: %s", i, b.p);
		b.len = 0;
	}
	/* mmap: the mapping type apart from the flags, as strace prints them. */
	st_xlat_flags(&b, st_mmap_flags, MAP_ANONYMOUS | MAP_FIXED, "0");
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "MAP_FIXED|MAP_ANONYMOUS") &&
	       !strcmp(st_xlat_name(st_mmap_types, MAP_PRIVATE), "MAP_PRIVATE"),
	       "mmap flags: %s", b.p);
	b.len = 0;
	st_signame(&b, SIGCHLD);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "SIGCHLD"), "signal: %s", b.p);
	buf_free(&b);
	finish(&t);
}

/* -X and the hex dump of -e read=/write= on fixed values. */
static void test_styles(void)
{
	struct tc t = { .name = "-X styles and hex dumps" };
	struct buf b = { 0 };
	static const struct {
		enum st_cstyle style;
		uint64_t val;
		const char *zero, *out;
	} flags[] = {
		{ ST_C_RAW, PROT_READ | PROT_WRITE, "PROT_NONE", "0x3" },
		{ ST_C_VERBOSE, PROT_READ | PROT_WRITE, "PROT_NONE",
		  "0x3 /* PROT_READ|PROT_WRITE */" },
		{ ST_C_RAW, 0, "PROT_NONE", "0" },
		{ ST_C_VERBOSE, 0, "PROT_NONE", "0 /* PROT_NONE */" },
		{ ST_C_VERBOSE, 0, "0", "0" },
		{ ST_C_VERBOSE, 0x40000000, "0", "0x40000000" },
		{ ST_C_ABBREV, PROT_READ | 0x40000000, "0", "PROT_READ|0x40000000" },
		{ ST_C_VERBOSE, PROT_READ | 0x40000000, "0",
		  "0x40000001 /* PROT_READ|0x40000000 */" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		st_xlat_style(flags[i].style);
		st_xlat_flags(&b, st_prot, flags[i].val, flags[i].zero);
		buf_put(&b, "", 1);
		expect(&t, !strcmp(b.p, flags[i].out), "flags %zu: %s", i, b.p);
		b.len = 0;
	}
	st_xlat_style(ST_C_VERBOSE);
	st_sig(&b, SIGCHLD);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p, "17 /* SIGCHLD */"), "signal: %s", b.p);
	b.len = 0;
	st_xlat_style(ST_C_ABBREV);
	st_hexdump(&b, (const unsigned char *)"\177ELF\2\1\1\3\0\0\0\0\0\0\0\0\3\0", 18,
		   0, 18);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p,
		" | 00000  7f 45 4c 46 02 01 01 03  00 00 00 00 00 00 00 00  .ELF............ |\n"
		" | 00010  03 00                                             ..               |\n"),
	       "dump: %s", b.p);
	b.len = 0;
	/* The tail of a dump past 1 MiB: six-digit offsets. */
	st_hexdump(&b, (const unsigned char *)"AB", 2, 0x100000, 0x100002);
	buf_put(&b, "", 1);
	expect(&t, !strcmp(b.p,
		" | 100000  41 42                                             AB               |\n"),
	       "dump past 1 MiB: %s", b.p);
	buf_free(&b);
	finish(&t);
}

/* The ELF header and program headers of the file at path, into eh and ph. */
static bool elf_read(const char *path, Elf64_Ehdr *eh, Elf64_Phdr *ph, int max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool ok = fd >= 0 && pread(fd, eh, sizeof(*eh), 0) == sizeof(*eh) &&
		  eh->e_phnum <= max &&
		  pread(fd, ph, eh->e_phnum * sizeof(*ph), (off_t)eh->e_phoff) ==
		  (ssize_t)(eh->e_phnum * sizeof(*ph));

	if (fd >= 0)
		close(fd);
	return ok;
}

/*
 * -k, an execve's first frame: the program and its loader placed from
 * the auxiliary vector where /proc (here the test's own mappings, which
 * hold neither at those addresses) shows nothing there.
 */
static void test_stack_exec(void)
{
	struct tc t = { .name = "-k: an execve's program placed from its auxiliary vector" };
	static const char ld[] = "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2";
	const uint64_t exe_bias = 0x200000000000ULL, ld_bias = 0x210000000000ULL;
	const uint64_t sp = 0x7ff000000000ULL;
	unsigned char regs[ST_STACK_REGS] = { 0 };
	struct st_ustack u = { 0 };
	struct st_stack *k = st_stack_new();
	struct buf b = { 0 };
	Elf64_Ehdr eh, lh;
	Elf64_Phdr ph[32], lph[32];
	uint64_t words[8] = { 0 }, rip;
	int i;

	if (!elf_read("/usr/bin/true", &eh, ph, 32) || !elf_read(ld, &lh, lph, 32)) {
		skip(t.name, "no /usr/bin/true or no x86-64 loader");
		st_stack_free(k);
		return;
	}
	/* argc 0, argv's and envp's NULLs, AT_PHDR, AT_BASE, AT_NULL. */
	for (i = 0; i < eh.e_phnum && ph[i].p_type != PT_PHDR; i++)
		;
	words[3] = AT_PHDR;
	words[4] = exe_bias + (i < eh.e_phnum ? ph[i].p_vaddr : eh.e_phoff);
	words[5] = AT_BASE;
	words[6] = ld_bias;
	rip = ld_bias + lh.e_entry;
	memcpy(regs + 128, &rip, 8);
	memcpy(regs + 152, &sp, 8);
	st_ustack_regs(&u, regs, sizeof(regs));
	st_ustack_page(&u, 0, words, sizeof(words));
	st_stack_seen(k, getpid());
	st_stack_exec(k, getpid(), "/usr/bin/true", &u);
	st_stack_print(k, getpid(), &u, false, &b);
	expect(&t, b.len && !strncmp(b.p, " > ", 3) && strstr(b.p, "ld-linux-x86-64.so.2("),
	       "first frame: %.*s", (int)b.len, b.p ? b.p : "");
	free(b.p);
	st_ustack_free(&u);
	st_stack_free(k);
	finish(&t);
}

int main(void)
{
	test_systab();
	test_signatures();
	test_errno();
	test_decode();
	test_styles();
	test_stack_exec();
	return harness_summary();
}
