/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_INFO_H
#define FERRET_INFO_H

#include <stdio.h>

/*
 * --info: the kernel's BPF features that tracing uses, and how ferret
 * was built, in bpftrace's sections and wording.  0 or -errno.
 */
int info_print(FILE *f);

#endif
