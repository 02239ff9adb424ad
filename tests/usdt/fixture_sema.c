/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fixture:sema, a probe with a semaphore (<sys/sdt.h> gives every probe
 * of a file one when _SDT_HAS_SEMAPHORES is set, hence a file of its
 * own).  It fires only while the semaphore is nonzero, that is while a
 * tracer has it raised.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short fixture_sema_semaphore __attribute__((section(".probes")));

void fixture_sema(void);
unsigned fixture_sema_value(void);

unsigned fixture_sema_value(void)
{
	return fixture_sema_semaphore;
}

void fixture_sema(void)
{
	if (fixture_sema_semaphore)
		STAP_PROBE1(fixture, sema, 42);
}
