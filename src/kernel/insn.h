#ifndef FERRET_KERNEL_INSN_H
#define FERRET_KERNEL_INSN_H

#include <stddef.h>

/*
 * x86-64 instruction lengths, for placing a probe on each instruction of
 * a function (DTrace's pid provider offsets).  Only the length is
 * decoded: prefixes, REX, VEX/EVEX/XOP, the opcode maps' ModRM and
 * immediate forms, SIB and displacements, in 64-bit mode.
 */

/* The architecture's longest instruction. */
#define INSN_MAX 15

/*
 * The length of the instruction at code (at most len bytes readable):
 * 1..INSN_MAX, or -EINVAL for an opcode 64-bit mode does not have, an
 * instruction past INSN_MAX bytes or one cut off at len.
 */
int insn_len(const unsigned char *code, size_t len);

#endif
