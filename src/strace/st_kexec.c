/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: kexec_load(2) and kexec_file_load(2) as strace 6.1 prints them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/kexec.h>

#include "st_kexec.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat archs[] = {
	X(KEXEC_ARCH_DEFAULT), X(KEXEC_ARCH_386), X(KEXEC_ARCH_68K), X(KEXEC_ARCH_PARISC),
	X(KEXEC_ARCH_X86_64), X(KEXEC_ARCH_PPC), X(KEXEC_ARCH_PPC64), X(KEXEC_ARCH_IA_64),
	X(KEXEC_ARCH_ARM), X(KEXEC_ARCH_S390), X(KEXEC_ARCH_SH), X(KEXEC_ARCH_MIPS_LE),
	X(KEXEC_ARCH_MIPS), X(KEXEC_ARCH_AARCH64), X(KEXEC_ARCH_RISCV),
	X(KEXEC_ARCH_LOONGARCH), END,
};

static const struct st_xlat load_flags[] = {
	X(KEXEC_ON_CRASH), X(KEXEC_PRESERVE_CONTEXT), END,
};

static const struct st_xlat file_flags[] = {
	X(KEXEC_FILE_UNLOAD), X(KEXEC_FILE_ON_CRASH), X(KEXEC_FILE_NO_INITRAMFS), END,
};

/* struct kexec_segment: buf, bufsz, mem, memsz. */
#define SEG_SIZE 32

void st_kexec_capture(struct buf *b, const struct st_opts *o, int i, const int *reg_off)
{
	char len[32];

	/* kexec_load: segments[nr_segments], KEXEC_SEGMENT_MAX at most, or strace shows none. */
	buf_printf(b, "if ($nr == %d) { $kl = *(arg0 + %d); if ($kl <= %d) { ",
		   __NR_kexec_load, reg_off[1], KEXEC_SEGMENT_MAX);
	snprintf(len, sizeof(len), "$kl * %d", SEG_SIZE);
	st_region_capture(b, ST_L_KEXEC, i, 0, "$a", len);
	/* kexec_file_load: cmdline_len bytes, -s and one more at most. */
	buf_printf(b, "} } else { $kl = *(arg0 + %d); if ($kl > %d) { $kl = %d; } ",
		   reg_off[2], o->strsize + 1, o->strsize + 1);
	st_region_capture(b, ST_L_KEXEC, i, 0, "$a", "$kl");
	buf_printf(b, "} ");
}

static void seg(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)idx;
	(void)arg;
	buf_printf(b, "{buf=");
	st_region_ptr(b, st_u64(e));
	buf_printf(b, ", bufsz=%llu, mem=", (unsigned long long)st_u64(e + 8));
	st_region_ptr(b, st_u64(e + 16));
	buf_printf(b, ", memsz=%llu}", (unsigned long long)st_u64(e + 24));
}

static void file_load(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		      const unsigned char *p, size_t have)
{
	st_decode_fd(b, c->tid, (int)c->args[0], o, NULL);
	buf_printf(b, ", ");
	st_decode_fd(b, c->tid, (int)c->args[1], o, NULL);
	buf_printf(b, ", %llu, ", (unsigned long long)c->args[2]);
	st_region_str(b, o, c->args[3], c->args[2], 0, p, have);
	buf_printf(b, ", ");
	st_xlat_flags_dflt(b, file_flags, c->args[4], "0", "KEXEC_FILE_???");
}

void st_kexec_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t n = c->args[1], flags = c->args[3];
	size_t have;
	unsigned char *p;

	if (ST_IS(c, "kexec_file_load")) {
		p = st_region(c, ST_L_KEXEC, 3, 0, &have);
		file_load(b, c, o, p, have);
		free(p);
		return;
	}
	p = st_region(c, ST_L_KEXEC, 2, 0, &have);
	st_region_ptr(b, c->args[0]);
	buf_printf(b, ", %llu, ", (unsigned long long)n);
	if (n > KEXEC_SEGMENT_MAX)
		st_region_ptr(b, c->args[2]);
	else
		st_region_array(b, o, c->args[2], n, SEG_SIZE, p, have, seg, NULL);
	free(p);
	buf_printf(b, ", ");
	/* The architecture in the high half of the low word, flags in the rest. */
	st_xlat_val(b, archs, flags & KEXEC_ARCH_MASK, "KEXEC_ARCH_???");
	flags &= ~(uint64_t)KEXEC_ARCH_MASK;
	if (flags) {
		buf_printf(b, "|");
		st_xlat_flags_dflt(b, load_flags, flags, "0", "KEXEC_???");
	}
}
