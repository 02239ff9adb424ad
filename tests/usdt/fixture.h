/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Values the USDT fixture's hand-written probes (fixture_asm.S) load
 * into registers and memory, shared with fixture.c, which prints what a
 * trace of them must read.
 */
#ifndef FERRET_USDT_FIXTURE_H
#define FERRET_USDT_FIXTURE_H

#define FX_RAX 0x1122334455667788	/* %al 0x88, %ah 0x77 */
#define FX_RBX 0x7fffffffffff8001	/* %bx 0x8001 */
#define FX_RCX 0xffffffff80000000	/* %ecx 0x80000000 */
#define FX_RDX (-5)
#define FX_RDI 2			/* an index */
#define FX_STACK (-7)			/* the int at 8(%rsp) */

/* fixture_data, eight bytes each, little-endian in memory. */
#define FX_D0 0x0102030405060708
#define FX_D1 0xfffffffffffffff0
#define FX_D2 0x1111222233334444
#define FX_D3 0x8000000000000001

#endif
