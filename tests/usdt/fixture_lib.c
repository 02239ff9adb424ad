/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libferret_usdt.so, the fixture's shared library: a probe in an object
 * loaded at an address known only at run time, with a symbol-relative
 * operand (a static variable, addressed through %rip) and a string.
 */
#include <sys/sdt.h>

void fxlib_hello(const char *who);

static volatile int fxlib_count = 40;

void fxlib_hello(const char *who)
{
	fxlib_count += 2;
	STAP_PROBE2(fxlib, hello, fxlib_count, who);
}
