/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the console's and keyboard's requests (linux/kd.h,
 * _IOC_TYPE 'K'), as strace 6.1 decodes them.  Tables, maps and fonts
 * longer than what the BPF program reads come from the task while it
 * lives (st_ioctl_struct(), st_tracee_read()).
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/kd.h>
#include <linux/keyboard.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The PIT's clock: KIOCSOUND's and KDMKTONE's counts divide it. */
#define PIT_TICK_RATE 1193182
/* The ports KDADDIO and KDDELIO name by GPFIRST (the kernel's vt_ioctl.c). */
#define GPFIRST 0x3b4
#define GPLAST 0x3df
/* KDFONTOP's flag the UAPI header leaves out (the kernel's console.h). */
#define KD_FONT_FLAG_OLD 0x80000000U
/* The kernel's limits: accent table entries, a default font's name. */
#define MAX_DIACR 256
#define FONT_NAME_MAX 32
/* GIO_FONT's and PIO_FONT's font: 256 glyphs of 32 rows of 8 pixels. */
#define FONT_BYTES 8192
/* GIO_CMAP's and PIO_CMAP's palette: 16 colours of 3 bytes. */
#define CMAP_BYTES 48

static const struct st_xlat led_flags[] = { X(LED_SCR), X(LED_NUM), X(LED_CAP), END };

/* KDGKBLED's and KDSKBLED's: the lights, then their defaults above them. */
static const struct st_xlat default_led_flags[] = {
	X(LED_SCR), X(LED_NUM), X(LED_CAP), { LED_SCR << 4, "LED_SCR<<4" },
	{ LED_NUM << 4, "LED_NUM<<4" }, { LED_CAP << 4, "LED_CAP<<4" }, END,
};

static const struct st_xlat kbd_types[] = { X(KB_84), X(KB_101), X(KB_OTHER), END };

static const struct st_xlat kd_modes[] = {
	X(KD_TEXT), X(KD_GRAPHICS), X(KD_TEXT0), X(KD_TEXT1), END,
};

static const struct st_xlat kbd_modes[] = {
	X(K_RAW), X(K_XLATE), X(K_MEDIUMRAW), X(K_UNICODE), X(K_OFF), END,
};

static const struct st_xlat meta_vals[] = { X(K_METABIT), X(K_ESCPREFIX), END };

static const struct st_xlat key_tables[] = {
	X(K_NORMTAB), X(K_SHIFTTAB), X(K_ALTTAB), X(K_ALTSHIFTTAB), END,
};

/* A kb_table that is no table's number: the modifiers that select it. */
static const struct st_xlat keymap_flags[] = {
	{ 1 << KG_SHIFT, "1<<KG_SHIFT" }, { 1 << KG_ALTGR, "1<<KG_ALTGR" },
	{ 1 << KG_CTRL, "1<<KG_CTRL" }, { 1 << KG_ALT, "1<<KG_ALT" },
	{ 1 << KG_SHIFTL, "1<<KG_SHIFTL" }, { 1 << KG_SHIFTR, "1<<KG_SHIFTR" },
	{ 1 << KG_CTRLL, "1<<KG_CTRLL" }, { 1 << KG_CTRLR, "1<<KG_CTRLR" }, END,
};

static const struct st_xlat key_types[] = {
	X(KT_LATIN), X(KT_FN), X(KT_SPEC), X(KT_PAD), X(KT_DEAD), X(KT_CONS),
	X(KT_CUR), X(KT_SHIFT), X(KT_META), X(KT_ASCII), X(KT_LOCK),
	X(KT_LETTER), X(KT_SLOCK), X(KT_DEAD2), X(KT_BRL), END,
};

/* The function keys, in their order in linux/keyboard.h. */
#define FN_KEYS(F) \
	F(K_F1) F(K_F2) F(K_F3) F(K_F4) F(K_F5) F(K_F6) F(K_F7) F(K_F8) \
	F(K_F9) F(K_F10) F(K_F11) F(K_F12) F(K_F13) F(K_F14) F(K_F15) \
	F(K_F16) F(K_F17) F(K_F18) F(K_F19) F(K_F20) F(K_FIND) \
	F(K_INSERT) F(K_REMOVE) F(K_SELECT) F(K_PGUP) F(K_PGDN) \
	F(K_MACRO) F(K_HELP) F(K_DO) F(K_PAUSE) F(K_F21) F(K_F22) \
	F(K_F23) F(K_F24) F(K_F25) F(K_F26) F(K_F27) F(K_F28) F(K_F29) \
	F(K_F30) F(K_F31) F(K_F32) F(K_F33) F(K_F34) F(K_F35) F(K_F36) \
	F(K_F37) F(K_F38) F(K_F39) F(K_F40) F(K_F41) F(K_F42) F(K_F43) \
	F(K_F44) F(K_F45) F(K_F46) F(K_F47) F(K_F48) F(K_F49) F(K_F50) \
	F(K_F51) F(K_F52) F(K_F53) F(K_F54) F(K_F55) F(K_F56) F(K_F57) \
	F(K_F58) F(K_F59) F(K_F60) F(K_F61) F(K_F62) F(K_F63) F(K_F64) \
	F(K_F65) F(K_F66) F(K_F67) F(K_F68) F(K_F69) F(K_F70) F(K_F71) \
	F(K_F72) F(K_F73) F(K_F74) F(K_F75) F(K_F76) F(K_F77) F(K_F78) \
	F(K_F79) F(K_F80) F(K_F81) F(K_F82) F(K_F83) F(K_F84) F(K_F85) \
	F(K_F86) F(K_F87) F(K_F88) F(K_F89) F(K_F90) F(K_F91) F(K_F92) \
	F(K_F93) F(K_F94) F(K_F95) F(K_F96) F(K_F97) F(K_F98) F(K_F99) \
	F(K_F100) F(K_F101) F(K_F102) F(K_F103) F(K_F104) F(K_F105) \
	F(K_F106) F(K_F107) F(K_F108) F(K_F109) F(K_F110) F(K_F111) \
	F(K_F112) F(K_F113) F(K_F114) F(K_F115) F(K_F116) F(K_F117) \
	F(K_F118) F(K_F119) F(K_F120) F(K_F121) F(K_F122) F(K_F123) \
	F(K_F124) F(K_F125) F(K_F126) F(K_F127) F(K_F128) F(K_F129) \
	F(K_F130) F(K_F131) F(K_F132) F(K_F133) F(K_F134) F(K_F135) \
	F(K_F136) F(K_F137) F(K_F138) F(K_F139) F(K_F140) F(K_F141) \
	F(K_F142) F(K_F143) F(K_F144) F(K_F145) F(K_F146) F(K_F147) \
	F(K_F148) F(K_F149) F(K_F150) F(K_F151) F(K_F152) F(K_F153) \
	F(K_F154) F(K_F155) F(K_F156) F(K_F157) F(K_F158) F(K_F159) \
	F(K_F160) F(K_F161) F(K_F162) F(K_F163) F(K_F164) F(K_F165) \
	F(K_F166) F(K_F167) F(K_F168) F(K_F169) F(K_F170) F(K_F171) \
	F(K_F172) F(K_F173) F(K_F174) F(K_F175) F(K_F176) F(K_F177) \
	F(K_F178) F(K_F179) F(K_F180) F(K_F181) F(K_F182) F(K_F183) \
	F(K_F184) F(K_F185) F(K_F186) F(K_F187) F(K_F188) F(K_F189) \
	F(K_F190) F(K_F191) F(K_F192) F(K_F193) F(K_F194) F(K_F195) \
	F(K_F196) F(K_F197) F(K_F198) F(K_F199) F(K_F200) F(K_F201) \
	F(K_F202) F(K_F203) F(K_F204) F(K_F205) F(K_F206) F(K_F207) \
	F(K_F208) F(K_F209) F(K_F210) F(K_F211) F(K_F212) F(K_F213) \
	F(K_F214) F(K_F215) F(K_F216) F(K_F217) F(K_F218) F(K_F219) \
	F(K_F220) F(K_F221) F(K_F222) F(K_F223) F(K_F224) F(K_F225) \
	F(K_F226) F(K_F227) F(K_F228) F(K_F229) F(K_F230) F(K_F231) \
	F(K_F232) F(K_F233) F(K_F234) F(K_F235) F(K_F236) F(K_F237) \
	F(K_F238) F(K_F239) F(K_F240) F(K_F241) F(K_F242) F(K_F243) \
	F(K_F244) F(K_F245) F(K_UNDO)

#define FN_NAME(k) { (uint64_t)(k), #k },
#define FN_KVAL(k) { KVAL(k), "KVAL(" #k ")" },

/* The keys linux/keyboard.h names, by their K(type, value). */
static const struct st_xlat key_names[] = {
	FN_KEYS(FN_NAME)
	X(K_HOLE), X(K_ENTER), X(K_SH_REGS), X(K_SH_MEM), X(K_SH_STAT),
	X(K_BREAK), X(K_CONS), X(K_CAPS), X(K_NUM), X(K_HOLD),
	X(K_SCROLLFORW), X(K_SCROLLBACK), X(K_BOOT), X(K_CAPSON),
	X(K_COMPOSE), X(K_SAK), X(K_DECRCONSOLE), X(K_INCRCONSOLE),
	X(K_SPAWNCONSOLE), X(K_BARENUMLOCK), X(K_ALLOCATED), X(K_NOSUCHMAP),
	X(K_P0), X(K_P1), X(K_P2), X(K_P3), X(K_P4), X(K_P5), X(K_P6),
	X(K_P7), X(K_P8), X(K_P9), X(K_PPLUS), X(K_PMINUS), X(K_PSTAR),
	X(K_PSLASH), X(K_PENTER), X(K_PCOMMA), X(K_PDOT), X(K_PPLUSMINUS),
	X(K_PPARENL), X(K_PPARENR), X(K_DGRAVE), X(K_DACUTE), X(K_DCIRCM),
	X(K_DTILDE), X(K_DDIERE), X(K_DCEDIL), X(K_DMACRON), X(K_DBREVE),
	X(K_DABDOT), X(K_DABRING), X(K_DDBACUTE), X(K_DCARON), X(K_DOGONEK),
	X(K_DIOTA), X(K_DVOICED), X(K_DSEMVOICED), X(K_DBEDOT), X(K_DHOOK),
	X(K_DHORN), X(K_DSTROKE), X(K_DABCOMMA), X(K_DABREVCOMMA),
	X(K_DDBGRAVE), X(K_DINVBREVE), X(K_DBECOMMA), X(K_DCURRENCY),
	X(K_DGREEK), X(K_DOWN), X(K_LEFT), X(K_RIGHT), X(K_UP), X(K_SHIFT),
	X(K_CTRL), X(K_ALT), X(K_ALTGR), X(K_SHIFTL), X(K_SHIFTR),
	X(K_CTRLL), X(K_CTRLR), X(K_CAPSSHIFT), X(K_ASC0), X(K_ASC1),
	X(K_ASC2), X(K_ASC3), X(K_ASC4), X(K_ASC5), X(K_ASC6), X(K_ASC7),
	X(K_ASC8), X(K_ASC9), X(K_HEX0), X(K_HEX1), X(K_HEX2), X(K_HEX3),
	X(K_HEX4), X(K_HEX5), X(K_HEX6), X(K_HEX7), X(K_HEX8), X(K_HEX9),
	X(K_HEXa), X(K_HEXb), X(K_HEXc), X(K_HEXd), X(K_HEXe), X(K_HEXf),
	X(K_SHIFTLOCK), X(K_CTRLLOCK), X(K_ALTLOCK), X(K_ALTGRLOCK),
	X(K_SHIFTLLOCK), X(K_SHIFTRLOCK), X(K_CTRLLLOCK), X(K_CTRLRLOCK),
	X(K_CAPSSHIFTLOCK), X(K_SHIFT_SLOCK), X(K_CTRL_SLOCK),
	X(K_ALT_SLOCK), X(K_ALTGR_SLOCK), X(K_SHIFTL_SLOCK),
	X(K_SHIFTR_SLOCK), X(K_CTRLL_SLOCK), X(K_CTRLR_SLOCK),
	X(K_CAPSSHIFT_SLOCK), X(K_BRL_BLANK), X(K_BRL_DOT1), X(K_BRL_DOT2),
	X(K_BRL_DOT3), X(K_BRL_DOT4), X(K_BRL_DOT5), X(K_BRL_DOT6),
	X(K_BRL_DOT7), X(K_BRL_DOT8), X(K_BRL_DOT9), X(K_BRL_DOT10),
	END,
};

/* KDGKBSENT's and KDSKBSENT's kb_func: a function key's number. */
static const struct st_xlat fn_key_vals[] = {
	FN_KEYS(FN_KVAL)
	END,
};

static const struct st_xlat font_ops[] = {
	X(KD_FONT_OP_SET), X(KD_FONT_OP_GET), X(KD_FONT_OP_SET_DEFAULT),
	X(KD_FONT_OP_COPY), END,
};

static const struct st_xlat font_flags[] = {
	X(KD_FONT_FLAG_DONT_RECALC), X(KD_FONT_FLAG_OLD), END,
};

static void ptr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/*
 * The requests whose memory the BPF program reads past the argument's
 * first ST_IOCTL_READ bytes (st_ioc_kd_capture()): the whole argument,
 * or what a pointer in it gives, -s elements and one more as strace
 * reads them; REGION_MAX bytes at most, what lies past them is read
 * from the task.
 */
static const struct region {
	unsigned request;
	unsigned size;		/* the argument's bytes; 0: a pointer's */
	unsigned ptr;		/* the pointer's offset in the argument */
	unsigned elem;		/* the size of an element it points to */
	bool str;		/* a string: -s bytes and one more at most */
} regions[] = {
	{ GIO_SCRNMAP, E_TABSZ, 0, 0, true }, { PIO_SCRNMAP, E_TABSZ, 0, 0, true },
	{ GIO_FONT, FONT_BYTES, 0, 0, true }, { PIO_FONT, FONT_BYTES, 0, 0, true },
	{ GIO_UNISCRNMAP, E_TABSZ * 2, 0, 0, false },
	{ PIO_UNISCRNMAP, E_TABSZ * 2, 0, 0, false },
	{ KDGKBSENT, sizeof(struct kbsentry), 0, 0, false },
	{ KDSKBSENT, sizeof(struct kbsentry), 0, 0, false },
	{ KDGKBDIACR, sizeof(struct kbdiacrs), 0, 0, false },
	{ KDSKBDIACR, sizeof(struct kbdiacrs), 0, 0, false },
	{ KDGKBDIACRUC, sizeof(struct kbdiacrsuc), 0, 0, false },
	{ KDSKBDIACRUC, sizeof(struct kbdiacrsuc), 0, 0, false },
	{ GIO_UNIMAP, 0, offsetof(struct unimapdesc, entries), sizeof(struct unipair), false },
	{ PIO_UNIMAP, 0, offsetof(struct unimapdesc, entries), sizeof(struct unipair), false },
	{ GIO_FONTX, 0, offsetof(struct consolefontdesc, chardata), 1, false },
	{ PIO_FONTX, 0, offsetof(struct consolefontdesc, chardata), 1, false },
	{ KDFONTOP, 0, offsetof(struct console_font_op, data), 1, false },
};

/* The most a region holds; what lies past it is read from the task. */
#define REGION_MAX 8192
/* The records of a region: from its start to its page's end, then the rest. */
#define REGION_IDX 16

static const struct region *region_of(unsigned request)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(regions); k++)
		if (regions[k].request == request)
			return &regions[k];
	return NULL;
}

static uint64_t region_len(const struct region *r, int strsize)
{
	uint64_t n = r->size ? r->size : ((uint64_t)strsize + 1) * r->elem;

	if (r->str && n > (uint64_t)strsize + 1)
		n = (uint64_t)strsize + 1;
	return n < REGION_MAX ? n : REGION_MAX;
}

void st_ioc_kd_capture(struct buf *b, char l, int i, int strsize, const char *request)
{
	size_t k;

	buf_printf(b, "if ($a && $nr == %d) { $k = %s & 0xffffffff; $p = 0; $m = 0; ",
		   __NR_ioctl, request);
	for (k = 0; k < ARRAY_SIZE(regions); k++) {
		const struct region *r = &regions[k];

		if (r->size && region_len(r, strsize) <= ST_IOCTL_READ)
			continue;
		if (r->size)
			buf_printf(b, "if ($k == %u) { $p = $a; ", r->request);
		else
			buf_printf(b, "if ($k == %u) { $p = *($a + %u); ", r->request, r->ptr);
		buf_printf(b, "$m = %llu; } ", (unsigned long long)region_len(r, strsize));
	}
	buf_printf(b, "if ($m > %d) { $m = %d; } if ($p) { $f = 4096 - ($p & 4095); "
		   "if ($f > $m) { $f = $m; } printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $f)); "
		   "if ($m > $f) { printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p + $f, $m - $f)); } } } ",
		   REGION_MAX, REGION_MAX, l, i, REGION_IDX, l, i, REGION_IDX + 1);
}

/*
 * Where a decoder reads: the argument (the first ST_IOCTL_READ bytes
 * captured), or the task; and the region of either the BPF program
 * captured, as the call saw it at entry or at exit (exit).
 */
struct src {
	const struct st_call *c;
	bool exit;
	bool arg;
	bool region;
	uint64_t base, len;
};

static struct src arg_src(const struct st_call *c, bool exit, const struct st_dopts *o)
{
	const struct region *r = region_of((unsigned)c->args[1]);
	struct src m = { c, exit, true, false, c->args[2], 0 };

	if (r && r->size && region_len(r, o->strsize) > ST_IOCTL_READ) {
		m.region = true;
		m.len = region_len(r, o->strsize);
	}
	return m;
}

/* What the pointer at base the argument held at entry or exit points to. */
static struct src ptr_src(const struct st_call *c, bool exit, uint64_t base,
			  const struct st_dopts *o)
{
	const struct region *r = region_of((unsigned)c->args[1]);
	struct src m = { c, exit, false, false, base, 0 };

	if (r && !r->size) {
		m.region = true;
		m.len = region_len(r, o->strsize);
	}
	return m;
}

static const struct st_cap *find_cap(const struct st_call *c, bool exit, int idx)
{
	return st_cap_find(c, exit ? ST_L_IOCTL_OUT : ST_L_IOCTL, 2, idx);
}

/*
 * n bytes at offset off of m's region, from its records: as many as could
 * be read, and past the region's end what the task holds now.  -1 when
 * there is no record of it (its first page could not be read either).
 */
static long region_read(const struct src *m, uint64_t off, unsigned char *out, size_t n)
{
	const struct st_cap *a = find_cap(m->c, m->exit, REGION_IDX);
	const struct st_cap *z = find_cap(m->c, m->exit, REGION_IDX + 1);
	size_t have, got = 0;

	if (!a)
		return -1;
	have = a->len + (z ? z->len : 0);
	for (; got < n && off + got < have; got++) {
		uint64_t at = off + got;

		out[got] = at < a->len ? a->data[at] : z->data[at - a->len];
	}
	if (got < n && have >= m->len && off + got >= m->len)
		got += st_tracee_read(m->c->tid, m->base + off + got, out + got, n - got, false);
	return (long)got;
}

/* Up to n bytes at addr, as m gives them, into out; how many could be read. */
static size_t readmem(const struct src *m, uint64_t addr, unsigned char *out, size_t n)
{
	const struct st_call *c = m->c;
	uint64_t arg = c->args[2];
	unsigned char *tmp;
	size_t off, got;

	if (m->region && addr >= m->base && addr - m->base < m->len) {
		long r = region_read(m, addr - m->base, out, n);

		if (r >= 0)
			return (size_t)r;
	}
	if (!m->arg || !arg || addr < arg || addr - arg >= ST_IOCTL_READ)
		return st_tracee_read(c->tid, addr, out, n, false);
	off = addr - arg;
	tmp = malloc(off + n + 1);
	if (!tmp)
		return 0;
	got = st_ioctl_struct(c, m->exit, tmp, off + n);
	got = got > off ? got - off : 0;
	memcpy(out, tmp + off, got);
	free(tmp);
	return got;
}

/*
 * The argument's first n bytes at entry, or at exit (exit) of a call
 * that succeeded, into out; false, NULL or the address printed, when
 * there are none to show.
 */
static bool arg_or_addr(struct buf *b, const struct st_call *c, bool exit,
			void *out, size_t n)
{
	if (!c->args[2]) {
		buf_printf(b, "NULL");
		return false;
	}
	if ((exit && st_call_failed(c)) || st_ioctl_struct(c, exit, out, n) < n) {
		ptr(b, c->args[2]);
		return false;
	}
	return true;
}

/*
 * len bytes at addr as strace's printstr_ex() with QUOTE_FORCE_HEX
 * shows them: -s of them in hex, "..." if len is longer; the address
 * if the bytes shown and the one after cannot be read.
 */
static void hex_bytes(struct buf *b, const struct src *m, uint64_t addr,
		      uint64_t len, const struct st_dopts *o)
{
	uint64_t max = (uint64_t)o->strsize;
	size_t size = len < max + 1 ? len : max + 1;
	unsigned char *p;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	p = malloc(size + 1);
	if (!p || readmem(m, addr, p, size) < size) {
		ptr(b, addr);
		free(p);
		return;
	}
	st_quote(b, p, size > max ? max : size, len > max, 2);
	free(p);
}

/*
 * A NUL-terminated name of len bytes at most at addr, as strace's
 * printstr_ex() with QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0 shows
 * it: "..." when no NUL ends it within what is shown.
 */
static void name_str(struct buf *b, const struct src *m, uint64_t addr,
		     size_t len, const struct st_dopts *o)
{
	size_t max = (size_t)o->strsize, size = len < max + 1 ? len : max + 1, n;
	unsigned char p[FONT_NAME_MAX + 1];
	unsigned char *nul;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	n = readmem(m, addr, p, size);
	if (n < size && !memchr(p, 0, n)) {
		ptr(b, addr);
		return;
	}
	if (size > max)
		size = max;
	else
		p[size] = 0xff;
	if (size == len && size)
		size--;
	nul = memchr(p, 0, size);
	if (nul)
		st_quote(b, p, (size_t)(nul - p), false, o->xstyle);
	else
		st_quote(b, p, size, p[size] != 0, o->xstyle);
}

/* An element of an array at p, printed into b. */
typedef void elem_fn(struct buf *b, const unsigned char *p);

/*
 * nmemb elements of size bytes at addr as strace's print_array() shows
 * them: -s of them unless -v, then "..."; at the first that cannot be
 * read, "..." and its address in a comment (the address alone if it is
 * the first);
 * more: the count was cut to the kernel's limit (a "..." at the end).
 * At exit, memory of a call that failed is not read.
 */
static void array(struct buf *b, const struct src *m, uint64_t addr, uint64_t nmemb,
		  size_t size, bool more, const struct st_dopts *o, elem_fn *elem)
{
	uint64_t limit = !o->verbose && nmemb > (uint64_t)o->strsize ? (uint64_t)o->strsize : nmemb;
	uint64_t want = limit < nmemb ? limit + 1 : nmemb, got, i;
	bool cut = false;
	unsigned char *p;

	if (!addr) {
		buf_printf(b, "NULL");
		return;
	}
	if (!nmemb) {
		buf_printf(b, more ? "[...]" : "[]");
		return;
	}
	if (addr + nmemb * size <= addr || nmemb * size / size != nmemb) {
		ptr(b, addr);
		return;
	}
	p = malloc(want * size + 1);
	got = p && !(m->exit && st_call_failed(m->c)) ? readmem(m, addr, p, want * size) / size : 0;
	for (i = 0; i < nmemb; i++) {
		if (i)
			buf_printf(b, ", ");
		if (i >= got) {
			if (i)
				buf_printf(b, "... /* %#llx */", (unsigned long long)(addr + i * size));
			else
				ptr(b, addr);
			cut = true;
			break;
		}
		if (!i)
			buf_printf(b, "[");
		if (i >= limit) {
			buf_printf(b, "...");
			cut = true;
			break;
		}
		elem(b, p + i * size);
	}
	if (got) {
		if (more && !cut)
			buf_printf(b, ", ...");
		buf_printf(b, "]");
	}
	free(p);
}

/* A character as strace's print_char() with quotes and \t\n\v\f\r. */
static void quoted_char(struct buf *b, unsigned char ch)
{
	if (ch >= ' ' && ch < 0x7f)
		buf_printf(b, ch == '\'' || ch == '\\' ? "'\\%c'" : "'%c'", ch);
	else if (ch >= '\t' && ch <= '\r')
		buf_printf(b, "'\\%c'", "tnvfr"[ch - '\t']);
	else
		buf_printf(b, "'\\x%02x'", ch);
}

/* A value, a name of the table when it has one, the number as an int. */
static void xval_d(struct buf *b, const struct st_xlat *t, int v, const char *dflt)
{
	enum st_cstyle style = st_xlat_get_style();
	const char *n = v >= 0 ? st_xlat_name(t, (uint64_t)v) : NULL;

	if (n && style == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%d", v);
	if (style != ST_C_RAW)
		buf_printf(b, " /* %s */", n ? n : dflt);
}

static void sound(struct buf *b, uint64_t v)
{
	unsigned freq = v ? (unsigned)(PIT_TICK_RATE / v) : 0;

	buf_printf(b, "%llu", (unsigned long long)v);
	if (st_xlat_get_style() == ST_C_RAW)
		return;
	if (freq)
		buf_printf(b, " /* %u Hz */", freq);
	else
		buf_printf(b, " /* off */");
}

/* KDMKTONE's argument: the duration in ticks above 16 bits, the count below. */
static void tone(struct buf *b, unsigned v)
{
	unsigned ticks = v >> 16, count = v & 0xffff;
	unsigned freq = ticks && count ? PIT_TICK_RATE / count : 0;

	if (ticks)
		buf_printf(b, "%u<<16|", ticks);
	buf_printf(b, "%u", count);
	if (st_xlat_get_style() == ST_C_RAW)
		return;
	if (freq)
		buf_printf(b, " /* %u Hz, %u ms */", freq, ticks);
	else
		buf_printf(b, " /* off */");
}

static void io_port(struct buf *b, uint64_t v)
{
	buf_printf(b, "%#llx", (unsigned long long)v);
	if (v >= GPFIRST && v <= GPLAST && st_xlat_get_style() != ST_C_RAW)
		buf_printf(b, " /* GPFIRST + %llu */", (unsigned long long)(v - GPFIRST));
}

static void sigaccept(struct buf *b, uint64_t v)
{
	enum st_cstyle style = st_xlat_get_style();
	bool named = st_xlat_name(st_signals, v) || (v >= 32 && v <= 64);

	if (v >= 0x7fffffff) {
		buf_printf(b, "%llu", (unsigned long long)v);
		return;
	}
	if (style == ST_C_ABBREV) {
		st_signame(b, (int)v);
		return;
	}
	buf_printf(b, "%d", (int)v);
	if (style == ST_C_VERBOSE && named) {
		buf_printf(b, " /* ");
		st_signame(b, (int)v);
		buf_printf(b, " */");
	}
}

/* The value through the pointer, in [], printed by a table at exit. */
static void got_val(struct buf *b, const struct st_call *c, size_t n,
		    const struct st_xlat *t, const char *dflt, bool flags)
{
	unsigned char p[4] = { 0 };
	uint32_t v;

	if (!arg_or_addr(b, c, true, p, n))
		return;
	v = n == 1 ? p[0] : st_u32(p);
	buf_printf(b, "[");
	if (flags)
		st_xlat_flags_dflt(b, t, v, "0", dflt);
	else
		st_xlat_val(b, t, v, dflt);
	buf_printf(b, "]");
}

static void uni_direct(struct buf *b, const unsigned char *p)
{
	enum st_cstyle style = st_xlat_get_style();
	unsigned v = st_u16(p);
	bool direct = (v & ~UNI_DIRECT_MASK) == UNI_DIRECT_BASE;

	if (direct && style == ST_C_ABBREV) {
		buf_printf(b, "UNI_DIRECT_BASE+%#x", v & UNI_DIRECT_MASK);
		return;
	}
	buf_printf(b, "%#x", v);
	if (direct && style == ST_C_VERBOSE)
		buf_printf(b, " /* UNI_DIRECT_BASE+%#x */", v & UNI_DIRECT_MASK);
}

static void diacr(struct buf *b, const unsigned char *p)
{
	buf_printf(b, "{diacr=");
	quoted_char(b, p[0]);
	buf_printf(b, ", base=");
	quoted_char(b, p[1]);
	buf_printf(b, ", result=");
	quoted_char(b, p[2]);
	buf_printf(b, "}");
}

static void diacr_uc(struct buf *b, const unsigned char *p)
{
	buf_printf(b, "{diacr=%#x, base=%#x, result=%#x}", st_u32(p), st_u32(p + 4),
		   st_u32(p + 8));
}

static void unipair(struct buf *b, const unsigned char *p)
{
	buf_printf(b, "{unicode=%#x, fontpos=%#x}", st_u16(p), st_u16(p + 2));
}

/* kb_value: the number, and unless -X raw the key it names in a comment. */
static void key_value(struct buf *b, unsigned v)
{
	unsigned type = KTYP(v), val = KVAL(v);
	const char *n = st_xlat_name(key_names, v), *tn;

	buf_printf(b, "kb_value=%#x", v);
	if (st_xlat_get_style() == ST_C_RAW)
		return;
	if (n) {
		buf_printf(b, " /* %s */", n);
		return;
	}
	tn = st_xlat_name(key_types, type);
	if (tn)
		buf_printf(b, " /* K(%s, ", tn);
	else
		buf_printf(b, " /* K(%#x, ", type);
	switch (type) {
	case KT_LATIN:
	case KT_META:
	case KT_LETTER:
	case KT_DEAD2:
		quoted_char(b, val);
		break;
	default:
		buf_printf(b, "%#x", val);
	}
	buf_printf(b, ") */");
}

/* struct kbentry: the table and index asked, the value set or got. */
static void kbentry(struct buf *b, const struct st_call *c, bool get)
{
	unsigned char e[sizeof(struct kbentry)];

	if (!arg_or_addr(b, c, false, e, 2))
		return;
	buf_printf(b, "{kb_table=");
	if (st_xlat_name(key_tables, e[0]))
		st_xlat_val(b, key_tables, e[0], NULL);
	else
		st_xlat_flags_dflt(b, keymap_flags, e[0], "0", "K_???");
	buf_printf(b, ", kb_index=%u", e[1]);
	if (get && st_call_failed(c)) {
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, ", ");
	if (st_ioctl_struct(c, get, e, sizeof(e)) < sizeof(e))
		buf_printf(b, "kb_value=???");
	else
		key_value(b, st_u16(e + 2));
	buf_printf(b, "}");
}

/*
 * struct kbsentry: the function key, and the string set or got, as
 * strace shows it: up to its NUL, -s bytes at most, "..." if cut.
 */
static void kbsentry(struct buf *b, const struct st_call *c, bool get,
		     const struct st_dopts *o)
{
	unsigned char e[sizeof(struct kbsentry)];
	size_t n, ret, size;
	struct src m;
	unsigned char *nul;

	if (!arg_or_addr(b, c, false, e, 1))
		return;
	buf_printf(b, "{kb_func=");
	st_xlat_val(b, fn_key_vals, e[0], "KVAL(K_???" ")");
	if (get && st_call_failed(c)) {
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, ", kb_string=");
	m = arg_src(c, get, o);
	n = readmem(&m, c->args[2], e, sizeof(e));
	nul = n > 1 ? memchr(e + 1, 0, n - 1) : NULL;
	if (!nul && n < sizeof(e)) {
		buf_printf(b, "???}");
		return;
	}
	ret = nul ? (size_t)(nul - e) : sizeof(e) - 1;
	size = ret < (size_t)o->strsize ? ret : (size_t)o->strsize;
	if (size && !e[size])
		st_quote(b, e + 1, size - 1, false, o->xstyle);
	else
		st_quote(b, e + 1, size, true, o->xstyle);
	buf_printf(b, "}");
}

/* struct kbdiacrs or kbdiacrsuc: the count, then the entries. */
static void diacrs(struct buf *b, const struct st_call *c, bool get, bool uc,
		   const struct st_dopts *o)
{
	unsigned char p[4];
	uint32_t cnt;
	struct src m;

	if (!arg_or_addr(b, c, get, p, 4))
		return;
	cnt = st_u32(p);
	buf_printf(b, "{kb_cnt=%u, %s=", cnt, uc ? "kbdiacruc" : "kbdiacr");
	m = arg_src(c, get, o);
	array(b, &m, c->args[2] + 4, cnt < MAX_DIACR ? cnt : MAX_DIACR,
	      uc ? sizeof(struct kbdiacruc) : sizeof(struct kbdiacr), cnt > MAX_DIACR, o,
	      uc ? diacr_uc : diacr);
	buf_printf(b, "}");
}

/* struct unimapdesc: the count asked and, for GIO_UNIMAP, answered. */
static void unimap(struct buf *b, const struct st_call *c, bool get,
		   const struct st_dopts *o)
{
	unsigned char d[sizeof(struct unimapdesc)], x[sizeof(struct unimapdesc)];
	struct src m;
	unsigned ct;

	if (!c->args[2]) {
		buf_printf(b, "NULL");
		return;
	}
	if (st_ioctl_struct(c, false, d, sizeof(d)) < sizeof(d)) {
		ptr(b, c->args[2]);
		return;
	}
	ct = st_u16(d);
	buf_printf(b, "{entry_ct=%u", ct);
	if (!get) {
		buf_printf(b, ", entries=");
		m = ptr_src(c, false, st_u64(d + 8), o);
		array(b, &m, st_u64(d + 8), ct, sizeof(struct unipair), false, o, unipair);
		buf_printf(b, "}");
		return;
	}
	/* Read whatever the call returned: ENOMEM says how many there are. */
	if (st_ioctl_struct(c, true, x, sizeof(x)) < sizeof(x)) {
		ptr(b, c->args[2]);
		buf_printf(b, "}");
		return;
	}
	buf_printf(b, " => %u, entries=", st_u16(x));
	m = ptr_src(c, true, st_u64(x + 8), o);
	if (st_call_failed(c) && c->ret != -ENOMEM)
		ptr(b, st_u64(x + 8));
	else
		array(b, &m, st_u64(x + 8), ct, sizeof(struct unipair), false, o, unipair);
	buf_printf(b, "}");
}

/*
 * struct consolefontdesc at p as at entry or at exit (exit); data: its
 * glyphs shown, not their address.
 */
static void fontdesc(struct buf *b, const struct st_call *c, const unsigned char *p,
		     bool exit, bool data, const struct st_dopts *o)
{
	struct src m = ptr_src(c, exit, st_u64(p + 8), o);
	unsigned count = st_u16(p);

	buf_printf(b, "{charcount=%u, charheight=%u, chardata=", count, st_u16(p + 2));
	if (data)
		hex_bytes(b, &m, st_u64(p + 8), (uint64_t)(count < 512 ? count : 512) * 32, o);
	else
		ptr(b, st_u64(p + 8));
	buf_printf(b, "}");
}

static void fontx(struct buf *b, const struct st_call *c, bool get,
		  const struct st_dopts *o)
{
	unsigned char p[sizeof(struct consolefontdesc)];

	if (!arg_or_addr(b, c, false, p, sizeof(p)))
		return;
	fontdesc(b, c, p, false, !get, o);
	if (!get || st_call_failed(c) || st_ioctl_struct(c, true, p, sizeof(p)) < sizeof(p))
		return;
	buf_printf(b, " => ");
	fontdesc(b, c, p, true, true, o);
}

/*
 * struct console_font_op as asked (entry) or answered: the fields the
 * operation uses, its font data shown when set or got.
 */
static void font_op(struct buf *b, const struct st_call *c, const unsigned char *p,
		    bool entry, const struct st_dopts *o)
{
	unsigned op = st_u32(p), width = st_u32(p + 8), count = st_u32(p + 16);
	bool sized = op != KD_FONT_OP_SET_DEFAULT && op != KD_FONT_OP_COPY;
	uint64_t data = st_u64(p + 24);
	struct src m = ptr_src(c, !entry, data, o);

	buf_printf(b, "{");
	if (entry) {
		buf_printf(b, "op=");
		st_xlat_val(b, font_ops, op, "KD_FONT_OP_???");
		if (sized) {
			buf_printf(b, ", flags=");
			st_xlat_flags_dflt(b, font_flags, st_u32(p + 4), "0", "KD_FONT_FLAG_???");
		}
		buf_printf(b, ", ");
	}
	if (op != KD_FONT_OP_COPY)
		buf_printf(b, "width=%u, ", width);
	buf_printf(b, "height=%u", st_u32(p + 12));
	if (sized)
		buf_printf(b, ", charcount=%u", count);
	switch (op) {
	case KD_FONT_OP_GET:
		if (entry) {
			buf_printf(b, ", data=");
			ptr(b, data);
			break;
		}
		/* fall through */
	case KD_FONT_OP_SET:
		/* Glyphs of 32 rows of up to 32 pixels, 512 of them at most. */
		buf_printf(b, ", data=");
		hex_bytes(b, &m, data, (uint64_t)((width < 32 ? width : 32) + 7) / 8 * 32 *
			  (count < 512 ? count : 512), o);
		break;
	case KD_FONT_OP_SET_DEFAULT:
		if (entry) {
			buf_printf(b, ", data=");
			name_str(b, &m, data, FONT_NAME_MAX, o);
		}
		break;
	case KD_FONT_OP_COPY:
		break;
	default:
		buf_printf(b, ", data=");
		ptr(b, data);
	}
	buf_printf(b, "}");
}

static void fontop(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned char p[sizeof(struct console_font_op)];
	unsigned op;

	if (!arg_or_addr(b, c, false, p, sizeof(p)))
		return;
	font_op(b, c, p, true, o);
	op = st_u32(p);
	if (op == KD_FONT_OP_SET || op == KD_FONT_OP_COPY || st_call_failed(c) ||
	    st_ioctl_struct(c, true, p, sizeof(p)) < sizeof(p))
		return;
	buf_printf(b, " => ");
	font_op(b, c, p, false, o);
}

static bool no_arg(unsigned request)
{
	switch (request) {
	case KDENABIO:
	case KDDISABIO:
	case KDMAPDISP:
	case KDUNMAPDISP:
	case PIO_FONTRESET:
		return true;
	}
	return false;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	uint64_t v = c->args[2];
	unsigned char p[16];
	bool get = false;
	struct src m;

	switch (request) {
	case KIOCSOUND:
		sound(b, v);
		break;
	case KDMKTONE:
		tone(b, (unsigned)v);
		break;
	case KDGETLED:
		got_val(b, c, 1, led_flags, "LED_???", true);
		break;
	case KDSETLED:
		st_xlat_flags_dflt(b, led_flags, (unsigned char)v, "0", "LED_???");
		break;
	case KDGKBLED:
		got_val(b, c, 1, default_led_flags, "LED_???", true);
		break;
	case KDSKBLED:
		st_xlat_flags_dflt(b, default_led_flags, (unsigned char)v, "0", "LED_???");
		break;
	case KDGKBTYPE:
		got_val(b, c, 1, kbd_types, "KB_???", false);
		break;
	case KDADDIO:
	case KDDELIO:
		io_port(b, v);
		break;
	case KDSETMODE:
		st_xlat_val(b, kd_modes, (unsigned)v, "KD_???");
		break;
	case KDGETMODE:
		got_val(b, c, 4, kd_modes, "KD_???", false);
		break;
	case GIO_SCRNMAP:
	case PIO_SCRNMAP:
	case GIO_FONT:
	case PIO_FONT:
	case GIO_CMAP:
	case PIO_CMAP:
		get = request == GIO_SCRNMAP || request == GIO_FONT || request == GIO_CMAP;
		m = arg_src(c, get, o);
		if (get && st_call_failed(c))
			ptr(b, v);
		else
			hex_bytes(b, &m, v, request == GIO_SCRNMAP || request == PIO_SCRNMAP ?
				  E_TABSZ : request == GIO_CMAP || request == PIO_CMAP ?
				  CMAP_BYTES : FONT_BYTES, o);
		break;
	case GIO_UNISCRNMAP:
	case PIO_UNISCRNMAP:
		m = arg_src(c, request == GIO_UNISCRNMAP, o);
		array(b, &m, v, E_TABSZ, 2, false, o, uni_direct);
		break;
	case KDGKBMODE:
		if (arg_or_addr(b, c, true, p, 4)) {
			buf_printf(b, "[");
			xval_d(b, kbd_modes, (int)st_u32(p), "K_???");
			buf_printf(b, "]");
		}
		break;
	case KDSKBMODE:
		xval_d(b, kbd_modes, (int)v, "K_???");
		break;
	case KDGKBENT:
	case KDSKBENT:
		kbentry(b, c, request == KDGKBENT);
		break;
	case KDGKBSENT:
	case KDSKBSENT:
		kbsentry(b, c, request == KDGKBSENT, o);
		break;
	case KDGKBDIACR:
	case KDSKBDIACR:
		diacrs(b, c, request == KDGKBDIACR, false, o);
		break;
	case KDGKBDIACRUC:
	case KDSKBDIACRUC:
		diacrs(b, c, request == KDGKBDIACRUC, true, o);
		break;
	case KDGETKEYCODE:
	case KDSETKEYCODE:
		if (!arg_or_addr(b, c, false, p, sizeof(struct kbkeycode)))
			break;
		buf_printf(b, "{scancode=%#x, keycode=%#x", st_u32(p), st_u32(p + 4));
		if (request == KDGETKEYCODE && !st_call_failed(c) &&
		    st_ioctl_struct(c, true, p, sizeof(struct kbkeycode)) == sizeof(struct kbkeycode))
			buf_printf(b, " => %#x", st_u32(p + 4));
		buf_printf(b, "}");
		break;
	case KDSIGACCEPT:
		sigaccept(b, v);
		break;
	case KDKBDREP:
		if (!arg_or_addr(b, c, false, p, sizeof(struct kbd_repeat)))
			break;
		buf_printf(b, "{delay=%d, period=%d}", (int)st_u32(p), (int)st_u32(p + 4));
		if (!st_call_failed(c) &&
		    st_ioctl_struct(c, true, p, sizeof(struct kbd_repeat)) == sizeof(struct kbd_repeat))
			buf_printf(b, " => {delay=%d, period=%d}", (int)st_u32(p), (int)st_u32(p + 4));
		break;
	case KDGKBMETA:
		got_val(b, c, 4, meta_vals, "K_???", false);
		break;
	case KDSKBMETA:
		st_xlat_val(b, meta_vals, (unsigned)v, "K_???");
		break;
	case GIO_UNIMAP:
	case PIO_UNIMAP:
		unimap(b, c, request == GIO_UNIMAP, o);
		break;
	case PIO_UNIMAPCLR:
		if (arg_or_addr(b, c, false, p, sizeof(struct unimapinit)))
			buf_printf(b, "{advised_hashsize=%u, advised_hashstep=%u, advised_hashlevel=%u}",
				   st_u16(p), st_u16(p + 2), st_u16(p + 4));
		break;
	case GIO_FONTX:
	case PIO_FONTX:
		fontx(b, c, request == GIO_FONTX, o);
		break;
	case KDFONTOP:
		fontop(b, c, o);
		break;
	case KDENABIO:
	case KDDISABIO:
	case KDMAPDISP:
	case KDUNMAPDISP:
	case PIO_FONTRESET:
		break;
	default:
		return false;
	}
	return true;
}

const struct st_ioc_family st_ioc_kd = { .type = 'K', .no_arg = no_arg, .decode = decode };
