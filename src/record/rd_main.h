/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RD_MAIN_H
#define FERRET_RD_MAIN_H

/*
 * ferret record: records scheduler, system call, interrupt and
 * tracepoint events into a CTF 1.8 trace directory (ctf.h), with LTTng's
 * kernel event and field names.  Integer fields hold the kernel's
 * values as ftrace shows them (a priority is 120 for nice 0, where LTTng
 * writes 20).  Returns the exit status.
 */
int rd_main(int argc, char **argv);

#endif
