/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_IOCTL_H
#define FERRET_ST_IOCTL_H

#include <stdbool.h>
#include "st_decode.h"

/*
 * The bytes of ioctl's third argument read at entry and at exit, as
 * ST_L_IOCTL and ST_L_IOCTL_OUT captures (fcntl's and quotactl's struct
 * arguments too): the largest struct a decoder shows whole, struct
 * loop_config (the task may be gone when the line prints).
 */
#define ST_IOCTL_READ 304

/* The names of request, "A or B" when the number names several; NULL if none. */
const char *st_ioctl_name(unsigned request);
/*
 * The name of a request that carries a parameter or its size in its
 * number, as strace builds it (EVIOCGNAME(16), EVIOCGBIT(EV_KEY, 96),
 * MIXER_READ(17)); verbose: for -X verbose's comment.  False if none.
 */
bool st_ioctl_number(struct buf *b, unsigned code, bool verbose);
/*
 * Whether an undecoded request's argument prints as a pointer (NULL for
 * 0): a named request with data, of a type strace has a decoder for.
 */
bool st_ioctl_pointer(unsigned request);
/* Whether request takes no third argument: strace prints two. */
bool st_ioctl_no_arg(unsigned request);
/*
 * ioctl's third argument as strace decodes it for the request, into b;
 * false if the request has no decoder here (the caller prints it).
 */
bool st_ioctl_arg(struct buf *b, const struct st_call *c,
		  const struct st_dopts *o);

/*
 * The bytes read of the third argument at entry (exit false) or at exit,
 * ST_IOCTL_READ at most, into out; how many.  fcntl's struct argument is
 * read so too.
 */
size_t st_ioctl_arg_bytes(const struct st_call *c, int arg, bool exit, unsigned char *out);

/*
 * The first size bytes of ioctl's third argument as the call saw them
 * at entry (exit false) or at exit, into out: from what the BPF program
 * read, and past ST_IOCTL_READ from the task while it lives.  How many:
 * less than size when the memory could not be read.
 */
size_t st_ioctl_struct(const struct st_call *c, bool exit, void *out, size_t size);

/*
 * As strace reads a struct argument: its first size bytes into out as
 * the call saw them at entry (exit false) or at exit, and true; or its
 * address into b ("NULL" for none) and false when it is NULL, could not
 * be read, the call failed (exit true), or under -e verbose=none.
 */
bool st_ioctl_umove(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		    bool exit, void *out, size_t size);

/*
 * A family of requests (one _IOC_TYPE) with a decoder of its own, in a
 * file of its own (st_ioc_<family>.c).  no_arg: whether request takes no
 * third argument (strace prints two); decode: the third argument into b,
 * false for a request the family does not decode (printed as a number or
 * pointer).  Either hook may be NULL.
 */
struct st_ioc_family {
	unsigned char type;
	bool (*no_arg)(unsigned request);
	bool (*decode)(struct buf *b, const struct st_call *c, const struct st_dopts *o);
};

extern const struct st_ioc_family st_ioc_seccomp, st_ioc_rtc, st_ioc_loop,
	st_ioc_nbd, st_ioc_lirc, st_ioc_uffdio, st_ioc_ubi, st_ioc_ubi_volume;

#endif
