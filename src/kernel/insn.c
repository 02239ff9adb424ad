/*
 * x86-64 instruction lengths from the opcode maps of the Intel SDM
 * (volume 2, appendix A) and AMD's APM (volume 3, appendix A): each
 * opcode's ModRM and immediate form as data, in 64-bit mode.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "kernel/insn.h"

/* An opcode's form: its immediate (low nibble) and whether ModRM follows. */
enum {
	N = 0,		/* no immediate */
	B = 1,		/* imm8 */
	W = 2,		/* imm16 */
	Z = 3,		/* imm16 under 0x66, else imm32 */
	V = 4,		/* imm64 under REX.W, imm16 under 0x66, else imm32 */
	D = 5,		/* imm32 (rel32: 0x66 does not shorten it here) */
	WB = 6,		/* imm16 then imm8 (enter) */
	MO = 7,		/* a memory offset of the address size (moffs) */
	M = 0x10,	/* ModRM follows */
	SP = 0x20,	/* decided by the code below: prefix, escape, group */
	X = 0xff,	/* not an instruction in 64-bit mode */
};

static const uint8_t map1[256] = {
	/* 0x00 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, SP,
	/* 0x10 */ M, M, M, M, B, Z, X, X, M, M, M, M, B, Z, X, X,
	/* 0x20 */ M, M, M, M, B, Z, SP, X, M, M, M, M, B, Z, SP, X,
	/* 0x30 */ M, M, M, M, B, Z, SP, X, M, M, M, M, B, Z, SP, X,
	/* 0x40 */ SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP, SP,
	/* 0x50 */ N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,
	/* 0x60 */ X, X, SP, M, SP, SP, SP, SP, Z, M | Z, B, M | B, N, N, N, N,
	/* 0x70 */ B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,
	/* 0x80 */ M | B, M | Z, X, M | B, M, M, M, M, M, M, M, M, M, M, M, SP,
	/* 0x90 */ N, N, N, N, N, N, N, N, N, N, X, N, N, N, N, N,
	/* 0xa0 */ MO, MO, MO, MO, N, N, N, N, B, Z, N, N, N, N, N, N,
	/* 0xb0 */ B, B, B, B, B, B, B, B, V, V, V, V, V, V, V, V,
	/* 0xc0 */ M | B, M | B, W, N, SP, SP, M | B, M | Z, WB, N, W, N, N, B, X, N,
	/* 0xd0 */ M, M, M, M, X, X, X, N, M, M, M, M, M, M, M, M,
	/* 0xe0 */ B, B, B, B, B, B, B, B, D, D, X, B, N, N, N, N,
	/* 0xf0 */ SP, N, SP, SP, N, N, SP, SP, N, N, N, N, N, N, M, M,
};

/* 0x0f xx; 0x0f 0x38 xx is ModRM throughout, 0x0f 0x3a xx ModRM, imm8. */
static const uint8_t map2[256] = {
	/* 0x00 */ M, M, M, M, X, N, N, N, N, N, X, N, X, M, N, M | B,
	/* 0x10 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0x20 */ M, M, M, M, X, X, X, X, M, M, M, M, M, M, M, M,
	/* 0x30 */ N, N, N, N, N, N, X, N, SP, X, SP, X, X, X, X, X,
	/* 0x40 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0x50 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0x60 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0x70 */ M | B, M | B, M | B, M | B, M, M, M, N, SP, M, X, X, M, M, M, M,
	/* 0x80 */ D, D, D, D, D, D, D, D, D, D, D, D, D, D, D, D,
	/* 0x90 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0xa0 */ N, N, N, M, M | B, M, X, X, N, N, N, M, M | B, M, M, M,
	/* 0xb0 */ M, M, M, M, M, M, M, M, M, M, M | B, M, M, M, M, M,
	/* 0xc0 */ M, M, M | B, M, M | B, M | B, M | B, M, N, N, N, N, N, N, N, N,
	/* 0xd0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0xe0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0xf0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
};

static bool legacy_prefix(unsigned char c)
{
	switch (c) {
	case 0xf0: case 0xf2: case 0xf3:
	case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
	case 0x66: case 0x67:
		return true;
	}
	return false;
}

/* Whether fwait and the x87 opcode op, ModRM m are one instruction. */
static bool wait_form(unsigned char op, unsigned char m)
{
	int reg = (m >> 3) & 7;

	switch (op) {
	case 0xd9:
	case 0xdd:
		return m < 0xc0 && (reg == 6 || reg == 7);
	case 0xdb:
		return m == 0xe2 || m == 0xe3;
	case 0xdf:
		return m == 0xe0;
	}
	return false;
}

/* Bytes of ModRM, SIB and displacement at p (n readable), or -EINVAL. */
static int modrm_len(const unsigned char *p, size_t n)
{
	int mod, rm, len = 1;

	if (n < 1)
		return -EINVAL;
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return 1;
	/* 64- and 32-bit addressing (0x67) share this form: no 16-bit one. */
	if (rm == 4) {
		if (n < 2)
			return -EINVAL;
		len++;
		if (mod == 0 && (p[1] & 7) == 5)
			len += 4;
	} else if (mod == 0 && rm == 5) {
		len += 4;	/* RIP-relative */
	}
	if (mod == 1)
		len += 1;
	else if (mod == 2)
		len += 4;
	return len;
}

/* Bytes of immediate form f: its low nibble. */
static int imm_len(int f, bool opsize, bool adsize, bool rexw)
{
	switch (f & 0xf) {
	case B: return 1;
	case W: return 2;
	case Z: return opsize ? 2 : 4;
	case V: return rexw ? 8 : opsize ? 2 : 4;
	case D: return 4;
	case WB: return 3;
	case MO: return adsize ? 4 : 8;
	}
	return 0;
}

/*
 * The opcode, ModRM and immediate of a VEX (map 1-3), EVEX (maps 1-3,
 * 5, 6) or XOP (maps 8-10) instruction, from its opcode byte at p.
 */
static int vex_body(const unsigned char *p, size_t n, int map, bool xop)
{
	int m, imm = 0;

	if (n < 1)
		return -EINVAL;
	if (xop) {
		if (map < 8 || map > 10)
			return -EINVAL;
		imm = map == 8 ? 1 : map == 10 ? 4 : 0;
	} else if (map == 1) {
		/* vzeroupper, vzeroall: no ModRM */
		if (p[0] == 0x77)
			return 1;
		imm = (map2[p[0]] & 0xf) == B;
	} else if (map == 3) {
		imm = 1;
	} else if (map != 2 && map != 5 && map != 6) {
		return -EINVAL;
	}
	m = modrm_len(p + 1, n - 1);
	return m < 0 ? m : 1 + m + imm;
}

/*
 * The length from code of the instruction whose VEX, EVEX or XOP prefix
 * of plen bytes (all readable) is at p, of opcode map map.
 */
static int vex_insn(const unsigned char *code, const unsigned char *p,
		    const unsigned char *end, int plen, int map, bool xop)
{
	int body = vex_body(p + plen, end - p - plen, map, xop);

	if (body < 0)
		return body;
	p += plen + body;
	return p <= end ? (int)(p - code) : -EINVAL;
}

int insn_len(const unsigned char *code, size_t len)
{
	const unsigned char *p = code, *end = code + (len < INSN_MAX ?
						      len : INSN_MAX);
	bool opsize = false, adsize = false, repne = false;
	unsigned char rex = 0;
	int f, m, imm;

	while (p < end && (legacy_prefix(*p) || (*p & 0xf0) == 0x40)) {
		/* REX counts only just before the opcode. */
		rex = (*p & 0xf0) == 0x40 ? *p : 0;
		opsize |= *p == 0x66;
		adsize |= *p == 0x67;
		repne |= *p == 0xf2;
		p++;
	}
	if (p >= end)
		return -EINVAL;
	switch (*p) {
	case 0xc4: case 0xc5:
		/* VEX: C5 R.vvvv.L.pp (map 1); C4 R.X.B.mmmmm W.vvvv.L.pp */
		if (p + (*p == 0xc5 ? 2 : 3) > end)
			return -EINVAL;
		return vex_insn(code, p, end, *p == 0xc5 ? 2 : 3,
				*p == 0xc5 ? 1 : p[1] & 0x1f, false);
	case 0x62:
		/* EVEX: 62 P0 P1 P2, the map in P0's low bits */
		if (p + 4 > end)
			return -EINVAL;
		return vex_insn(code, p, end, 4, p[1] & 7, false);
	case 0x8f:
		/* XOP where the next byte's map is 8 or more, else pop r/m */
		if (p + 1 < end && (p[1] & 0x1f) >= 8)
			return p + 3 > end ? -EINVAL :
			       vex_insn(code, p, end, 3, p[1] & 0x1f, true);
		f = M;
		break;
	case 0x0f:
		if (++p >= end)
			return -EINVAL;
		if (*p == 0x38 || *p == 0x3a) {
			f = *p == 0x38 ? M : M | B;
			if (++p >= end)
				return -EINVAL;
		} else if (*p == 0x78) {
			/* extrq, insertq (imm8, imm8) under 0x66, 0xf2; vmread */
			f = M;
			imm = opsize || repne ? 2 : 0;
			goto operands;
		} else {
			f = map2[*p];
		}
		if (f == X)
			return -EINVAL;
		break;
	case 0x9b:
		/*
		 * fwait before the x87 control instructions it makes waiting
		 * forms of (fstcw, fstenv, fstsw, fsave, fclex, finit) is
		 * one instruction as the SDM lists them and objdump decodes
		 * them; elsewhere it is one byte.
		 */
		if (p + 2 < end && wait_form(p[1], p[2])) {
			p++;
			f = M;
			break;
		}
		f = N;
		break;
	case 0xf6: case 0xf7:
		/* group 3: test r/m, imm is /0 and /1 */
		if (p + 1 >= end)
			return -EINVAL;
		f = M;
		if (((p[1] >> 3) & 7) < 2)
			f |= *p == 0xf6 ? B : Z;
		break;
	default:
		f = map1[*p];
		if (f == X || f == SP)
			return -EINVAL;
	}
	imm = imm_len(f, opsize, adsize, rex & 8);
operands:
	p++;
	if (f & M) {
		m = modrm_len(p, end - p);
		if (m < 0)
			return m;
		p += m;
	}
	p += imm;
	return p <= end ? (int)(p - code) : -EINVAL;
}
