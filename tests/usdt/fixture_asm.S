/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT probes whose argument specs are written out by hand, so that
 * every operand form the parser knows is exercised whatever the C
 * compiler would choose: byte, word, long and quad registers (%ah
 * included), signed and unsigned; base + index * scale + offset memory
 * operands; %rsp-relative stack slots; symbol-relative operands with
 * %rip, with an index and absolute; and constants of each size.
 */
#include <sys/sdt.h>
#include "fixture.h"

	.data
	.balign 8
	.globl fixture_data
	.type fixture_data, @object
fixture_data:
	.quad FX_D0, FX_D1, FX_D2, FX_D3
	.size fixture_data, 32

	.text
	.globl fixture_asm
	.type fixture_asm, @function
/* void fixture_asm(void): hits fixture:asm_regs, asm_mem, asm_sym, asm_const */
fixture_asm:
	pushq %rbx
	subq $16, %rsp
	movabsq $FX_RAX, %rax
	movabsq $FX_RBX, %rbx
	movabsq $FX_RCX, %rcx
	movq $FX_RDX, %rdx
	movq $FX_RDI, %rdi
	leaq fixture_data(%rip), %rsi
	movl $FX_STACK, 8(%rsp)
	STAP_PROBE8(fixture, asm_regs, -1@%al, 1@%ah, -2@%bx, 2@%bx, -4@%ecx, 4@%ecx, -8@%rdx, 8@%rdx)
	STAP_PROBE5(fixture, asm_mem, 8@(%rsi,%rdi,8), -2@6(%rsi,%rdi,4), -4@8(%rsp), 1@-1(%rsi,%rdi,8), -8@-8(%rsi,%rdi,8))
	STAP_PROBE5(fixture, asm_sym, 8@fixture_data+16(%rip), -4@fixture_data+4(%rip), 8@fixture_data(,%rdi,8), -2@fixture_data+8, 1@fixture_data+31(%rip))
	STAP_PROBE5(fixture, asm_const, $-5, -1@$200, 1@$200, 2@$70000, -4@$4294967295)
	addq $16, %rsp
	popq %rbx
	ret
	.size fixture_asm, .-fixture_asm
	.section .note.GNU-stack,"",@progbits
