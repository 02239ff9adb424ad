/* SPDX-License-Identifier: GPL-2.0 */
#include <asm/ptrace.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"
#include "usdt.h"

#define NT_STAPSDT 3

struct usdtn_regdef {
	const char *name;
	int off;
	int size;
};

#define USDTN_R(n, field, size, shift) \
	{ n, (int)offsetof(struct pt_regs, field) + (shift), size }
#define USDTN_RN(n, field) \
	USDTN_R("r" #n, field, 8, 0), USDTN_R("r" #n "d", field, 4, 0), \
	USDTN_R("r" #n "w", field, 2, 0), USDTN_R("r" #n "b", field, 1, 0)

/* 64-bit names first, so usdtn_reg_name() finds them for size 8. */
static const struct usdtn_regdef usdtn_regs[] = {
	USDTN_R("rax", rax, 8, 0), USDTN_R("eax", rax, 4, 0),
	USDTN_R("ax", rax, 2, 0), USDTN_R("al", rax, 1, 0),
	USDTN_R("ah", rax, 1, 1),
	USDTN_R("rbx", rbx, 8, 0), USDTN_R("ebx", rbx, 4, 0),
	USDTN_R("bx", rbx, 2, 0), USDTN_R("bl", rbx, 1, 0),
	USDTN_R("bh", rbx, 1, 1),
	USDTN_R("rcx", rcx, 8, 0), USDTN_R("ecx", rcx, 4, 0),
	USDTN_R("cx", rcx, 2, 0), USDTN_R("cl", rcx, 1, 0),
	USDTN_R("ch", rcx, 1, 1),
	USDTN_R("rdx", rdx, 8, 0), USDTN_R("edx", rdx, 4, 0),
	USDTN_R("dx", rdx, 2, 0), USDTN_R("dl", rdx, 1, 0),
	USDTN_R("dh", rdx, 1, 1),
	USDTN_R("rsi", rsi, 8, 0), USDTN_R("esi", rsi, 4, 0),
	USDTN_R("si", rsi, 2, 0), USDTN_R("sil", rsi, 1, 0),
	USDTN_R("rdi", rdi, 8, 0), USDTN_R("edi", rdi, 4, 0),
	USDTN_R("di", rdi, 2, 0), USDTN_R("dil", rdi, 1, 0),
	USDTN_R("rbp", rbp, 8, 0), USDTN_R("ebp", rbp, 4, 0),
	USDTN_R("bp", rbp, 2, 0), USDTN_R("bpl", rbp, 1, 0),
	USDTN_R("rsp", rsp, 8, 0), USDTN_R("esp", rsp, 4, 0),
	USDTN_R("sp", rsp, 2, 0), USDTN_R("spl", rsp, 1, 0),
	USDTN_RN(8, r8), USDTN_RN(9, r9), USDTN_RN(10, r10),
	USDTN_RN(11, r11), USDTN_RN(12, r12), USDTN_RN(13, r13),
	USDTN_RN(14, r14), USDTN_RN(15, r15),
	USDTN_R("rip", rip, 8, 0),
};

#define USDTN_RIP ((int)offsetof(struct pt_regs, rip))

static const struct usdtn_regdef *usdtn_find_reg(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(usdtn_regs); i++)
		if (strlen(usdtn_regs[i].name) == len &&
		    !memcmp(usdtn_regs[i].name, name, len))
			return &usdtn_regs[i];
	return NULL;
}

const char *usdtn_reg_name(int off, int size)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(usdtn_regs); i++)
		if (usdtn_regs[i].off == off && usdtn_regs[i].size == size)
			return usdtn_regs[i].name;
	return NULL;
}

/* The parse state of one operand (a NUL-terminated copy). */
struct usdtn_lex {
	const char *p;
	const char *spec;	/* the whole spec, for messages */
	char *err;
	size_t errlen;
};

/* Writes "WHAT in USDT argument 'SPEC'" to the caller's buffer. */
static int __attribute__((format(printf, 2, 3)))
usdtn_fail(const struct usdtn_lex *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!l->err || !l->errlen)
		return -EINVAL;
	va_start(ap, fmt);
	n = vsnprintf(l->err, l->errlen, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < l->errlen)
		snprintf(l->err + n, l->errlen - n, " in USDT argument '%s'",
			 l->spec);
	return -EINVAL;
}

/* "%NAME" at l->p. */
static int usdtn_lex_reg(struct usdtn_lex *l, const struct usdtn_regdef **r)
{
	const char *s = ++l->p;

	while (isalnum((unsigned char)*l->p))
		l->p++;
	*r = usdtn_find_reg(s, l->p - s);
	if (!*r)
		return usdtn_fail(l, "unknown register '%%%.*s'",
				  (int)(l->p - s), s);
	return 0;
}

/* A C-style integer (decimal, 0x hex, 0 octal, as gas reads them) at l->p. */
static int usdtn_lex_num(struct usdtn_lex *l, int64_t *v)
{
	const char *s = l->p;
	unsigned long long u;
	bool neg = false;
	char *end;

	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!isdigit((unsigned char)*s))
		return usdtn_fail(l, "expected a number at '%s'", l->p);
	errno = 0;
	u = strtoull(s, &end, 0);
	if (errno || u > (neg ? 1ull << 63 : (unsigned long long)INT64_MAX))
		return usdtn_fail(l, "number out of range");
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	l->p = end;
	return 0;
}

static bool usdtn_sym_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.';
}

static bool usdtn_sym_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

static int usdtn_lex_junk(const struct usdtn_lex *l)
{
	if (!*l->p)
		return usdtn_fail(l, "unterminated memory operand");
	return usdtn_fail(l, "unexpected '%s'", l->p);
}

/* A memory operand's displacement: "SYM", "SYM+N", "SYM-N", "N" or none. */
static int usdtn_lex_disp(struct usdtn_lex *l, struct usdtn_arg *a, bool *disp)
{
	const char *s = l->p;

	*disp = false;
	if (usdtn_sym_start(*l->p)) {
		while (usdtn_sym_char(*l->p))
			l->p++;
		a->symbol = xstrndup(s, l->p - s);
		*disp = true;
		if (*l->p != '+' && *l->p != '-')
			return 0;
	} else if (!*l->p || *l->p == '(') {
		return 0;
	}
	*disp = true;
	return usdtn_lex_num(l, &a->offset);
}

/* "(BASE,INDEX,SCALE)" and its shorter forms, after the displacement. */
static int usdtn_lex_regs(struct usdtn_lex *l, struct usdtn_arg *a)
{
	const struct usdtn_regdef *r;
	int64_t scale;
	int ret;

	l->p++;
	if (*l->p == '%') {
		ret = usdtn_lex_reg(l, &r);
		if (ret)
			return ret;
		if (r->size != 8)
			return usdtn_fail(l, "base register %%%s is not 64-bit",
					  r->name);
		a->reg = r->off;
		a->reg_size = r->size;
	}
	if (*l->p == ',') {
		l->p++;
		if (*l->p != '%')
			return usdtn_lex_junk(l);
		ret = usdtn_lex_reg(l, &r);
		if (ret)
			return ret;
		if (r->size != 8 || r->off == USDTN_RIP)
			return usdtn_fail(l, "bad index register %%%s",
					  r->name);
		a->index = r->off;
		if (*l->p == ',') {
			l->p++;
			ret = usdtn_lex_num(l, &scale);
			if (ret)
				return ret;
			if (scale != 1 && scale != 2 && scale != 4 &&
			    scale != 8)
				return usdtn_fail(l, "bad scale %lld",
						  (long long)scale);
			a->scale = scale;
		}
	}
	if (*l->p != ')' || l->p[1])
		return usdtn_lex_junk(l);
	if (a->reg == USDTN_NO_REG && a->index == USDTN_NO_REG)
		return usdtn_fail(l, "no register in parentheses");
	return 0;
}

/*
 * A memory operand.  "SYM(%rip)" is how the compiler addresses a global:
 * the value is at SYM's run-time address, so %rip itself is dropped.
 */
static int usdtn_lex_mem(struct usdtn_lex *l, struct usdtn_arg *a)
{
	bool disp;
	int ret;

	a->kind = USDTN_MEM;
	ret = usdtn_lex_disp(l, a, &disp);
	if (ret)
		return ret;
	if (!*l->p)
		return disp ? 0 : usdtn_fail(l, "empty operand");
	if (*l->p != '(')
		return usdtn_lex_junk(l);
	ret = usdtn_lex_regs(l, a);
	if (ret || a->reg != USDTN_RIP)
		return ret;
	if (!a->symbol)
		return usdtn_fail(l, "%%rip-relative operand without a symbol");
	if (a->index != USDTN_NO_REG)
		return usdtn_fail(l, "%%rip with an index");
	a->reg = USDTN_NO_REG;
	a->reg_size = 0;
	return 0;
}

/* "N@" at the start of the spec, if there is one. */
static int usdtn_lex_size(struct usdtn_lex *l, struct usdtn_arg *a)
{
	const char *q = l->p;
	long sz;

	if (*q == '-')
		q++;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q != '@' || q == l->p || !isdigit((unsigned char)q[-1]))
		return 0;
	sz = strtol(l->p, NULL, 10);
	if (sz != 1 && sz != 2 && sz != 4 && sz != 8 && sz != -1 &&
	    sz != -2 && sz != -4 && sz != -8)
		return usdtn_fail(l, "bad size %ld", sz);
	a->size = sz < 0 ? -sz : sz;
	a->is_signed = sz < 0;
	l->p = q + 1;
	return 0;
}

int usdtn_parse_arg(const char *s, size_t len, struct usdtn_arg *a,
		    char *err, size_t errlen)
{
	char *spec = xstrndup(s, len);
	struct usdtn_lex l = { spec, spec, err, errlen };
	const struct usdtn_regdef *r;
	int ret;

	memset(a, 0, sizeof(*a));
	a->size = 8;
	a->reg = a->index = USDTN_NO_REG;
	a->scale = 1;
	ret = usdtn_lex_size(&l, a);
	if (ret)
		goto out;
	if (*l.p == '%') {
		ret = usdtn_lex_reg(&l, &r);
		if (!ret && *l.p)
			ret = usdtn_fail(&l, "unexpected '%s'", l.p);
		if (!ret && r->off == USDTN_RIP)
			ret = usdtn_fail(&l, "%%rip as a value");
		a->kind = USDTN_REG;
		if (!ret) {
			a->reg = r->off;
			a->reg_size = r->size;
		}
	} else if (*l.p == '$') {
		l.p++;
		a->kind = USDTN_CONST;
		ret = usdtn_lex_num(&l, &a->offset);
		if (!ret && *l.p)
			ret = usdtn_fail(&l, "unexpected '%s'", l.p);
	} else {
		ret = usdtn_lex_mem(&l, a);
	}
out:
	if (ret)
		usdtn_arg_clear(a);
	free(spec);
	return ret;
}

void usdtn_arg_clear(struct usdtn_arg *a)
{
	free(a->symbol);
	a->symbol = NULL;
}

int usdtn_parse_args(const char *spec, struct usdtn_arg **args, char *err,
		     size_t errlen)
{
	struct usdtn_arg *v = NULL;
	int n = 0, ret;

	for (;;) {
		size_t len;

		spec += strspn(spec, " \t\n");
		if (!*spec)
			break;
		len = strcspn(spec, " \t\n");
		v = xrealloc(v, (n + 1) * sizeof(*v));
		ret = usdtn_parse_arg(spec, len, &v[n], err, errlen);
		if (ret) {
			usdtn_args_free(v, n);
			*args = NULL;
			return ret;
		}
		n++;
		spec += len;
	}
	*args = v;
	return n;
}

void usdtn_args_free(struct usdtn_arg *args, int nargs)
{
	int i;

	for (i = 0; i < nargs; i++)
		usdtn_arg_clear(&args[i]);
	free(args);
}

/* Notes. */

struct usdtn_elf {
	Elf *elf;
	int word;		/* 4 or 8 */
	bool swap;		/* the file's byte order is not ours */
	GElf_Phdr *loads;
	int nloads;
};

static uint64_t usdtn_word(const struct usdtn_elf *e, const char *p)
{
	uint64_t v;
	uint32_t w;

	if (e->word == 4) {
		memcpy(&w, p, 4);
		return e->swap ? __builtin_bswap32(w) : w;
	}
	memcpy(&v, p, 8);
	return e->swap ? __builtin_bswap64(v) : v;
}

static int usdtn_file_offset(const struct usdtn_elf *e, uint64_t vaddr,
			     uint64_t *off)
{
	int i;

	for (i = 0; i < e->nloads; i++) {
		const GElf_Phdr *ph = &e->loads[i];

		if (vaddr >= ph->p_vaddr &&
		    vaddr - ph->p_vaddr < ph->p_filesz) {
			*off = vaddr - ph->p_vaddr + ph->p_offset;
			return 0;
		}
	}
	return -ENOEXEC;
}

/* The string at *p before end, moving *p past its NUL; NULL if unterminated. */
static const char *usdtn_str(const char **p, const char *end)
{
	const char *s = *p, *nul = memchr(s, '\0', end - s);

	if (!nul)
		return NULL;
	*p = nul + 1;
	return s;
}

static int usdtn_note(const struct usdtn_elf *e, const char *desc,
		      size_t len, bool have_base, uint64_t base_addr,
		      int (*cb)(const struct usdtn_probe *probe, void *arg),
		      void *arg)
{
	const char *p, *end = desc + len;
	struct usdtn_probe pr = { 0 };
	char err[256];
	int ret;

	if (len < (size_t)3 * e->word)
		return -ENOEXEC;
	p = desc + 3 * e->word;
	pr.pc = usdtn_word(e, desc);
	pr.base = usdtn_word(e, desc + e->word);
	pr.semaphore = usdtn_word(e, desc + 2 * e->word);
	pr.provider = usdtn_str(&p, end);
	pr.name = pr.provider ? usdtn_str(&p, end) : NULL;
	pr.args = pr.name ? usdtn_str(&p, end) : NULL;
	if (!pr.args)
		return -ENOEXEC;
	if (have_base && base_addr != pr.base) {
		pr.pc += base_addr - pr.base;
		if (pr.semaphore)
			pr.semaphore += base_addr - pr.base;
	}
	ret = usdtn_file_offset(e, pr.pc, &pr.pc_offset);
	if (!ret && pr.semaphore)
		ret = usdtn_file_offset(e, pr.semaphore, &pr.sema_offset);
	if (ret)
		return ret;
	pr.argc = usdtn_parse_args(pr.args, &pr.argv, err, sizeof(err));
	ret = cb(&pr, arg);
	if (pr.argc > 0)
		usdtn_args_free(pr.argv, pr.argc);
	return ret;
}

static int usdtn_walk(struct usdtn_elf *e,
		      int (*cb)(const struct usdtn_probe *probe, void *arg),
		      void *arg)
{
	Elf_Scn *scn = NULL, *notes[16];
	uint64_t base_addr = 0;
	bool have_base = false;
	size_t shstrndx, i, nnotes = 0;
	int ret;

	if (elf_getshdrstrndx(e->elf, &shstrndx))
		return -ENOEXEC;
	while ((scn = elf_nextscn(e->elf, scn))) {
		const char *name;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			return -ENOEXEC;
		name = elf_strptr(e->elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (!strcmp(name, ".stapsdt.base")) {
			have_base = true;
			base_addr = sh.sh_addr;
		} else if (sh.sh_type == SHT_NOTE &&
			   !strcmp(name, ".note.stapsdt") &&
			   nnotes < ARRAY_SIZE(notes)) {
			notes[nnotes++] = scn;
		}
	}
	for (i = 0; i < nnotes; i++) {
		Elf_Data *data = elf_getdata(notes[i], NULL);
		size_t off = 0, noff, doff;
		GElf_Nhdr nh;

		if (!data)
			return -ENOEXEC;
		while ((off = gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
			if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp((char *)data->d_buf + noff, "stapsdt", 8))
				continue;
			ret = usdtn_note(e, (char *)data->d_buf + doff,
					 nh.n_descsz, have_base, base_addr, cb,
					 arg);
			if (ret)
				return ret;
		}
	}
	return 0;
}

int usdtn_list(const char *path,
	       int (*cb)(const struct usdtn_probe *probe, void *arg),
	       void *arg)
{
	struct usdtn_elf e = { 0 };
	size_t nph, i;
	GElf_Ehdr eh;
	int fd, ret;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	e.elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e.elf || elf_kind(e.elf) != ELF_K_ELF ||
	    !gelf_getehdr(e.elf, &eh) || elf_getphdrnum(e.elf, &nph)) {
		ret = -ENOEXEC;
		goto out;
	}
	e.word = eh.e_ident[EI_CLASS] == ELFCLASS32 ? 4 : 8;
	e.swap = eh.e_ident[EI_DATA] !=
		 (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB :
							     ELFDATA2MSB);
	e.loads = xcalloc(nph, sizeof(*e.loads));
	for (i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(e.elf, (int)i, &ph)) {
			ret = -ENOEXEC;
			goto out;
		}
		if (ph.p_type == PT_LOAD)
			e.loads[e.nloads++] = ph;
	}
	ret = usdtn_walk(&e, cb, arg);
out:
	free(e.loads);
	if (e.elf)
		elf_end(e.elf);
	close(fd);
	return ret;
}
