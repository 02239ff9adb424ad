/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_RD_SYSDEC_H
#define FERRET_RD_SYSDEC_H

#include <stdbool.h>
#include <stdint.h>

#include "ctf.h"
#include "../util.h"

/*
 * The system calls whose structures LTTng's kernel tracer decodes on
 * x86-64 (its syscall overrides): connect's address at entry, accept's
 * and accept4's at exit (family, port, v4addr or v6addr), poll's and
 * ppoll's pollfd arrays, select's and pselect6's fd_set bytes, and
 * epoll_ctl's and epoll_wait's/epoll_pwait's events, and clone's
 * arguments (its flags in hex, no tls), with LTTng's field names, types
 * and order.  The program reads the raw memory (a read per
 * side, see enum rd_sysdec_read); the fields are made here, in user
 * space.
 */

/* What the program reads at one side of a call, besides the registers. */
enum rd_sysdec_read {
	RD_READ_NONE,
	RD_READ_SOCKADDR,	/* connect's entry: the address, its
				 * length (unsigned) but at most 28 bytes */
	RD_READ_ADDRLEN,	/* accept's entry: *upeer_addrlen */
	RD_READ_ACCEPTED,	/* accept's exit: *upeer_addrlen and the
				 * address that long, at most 28 bytes */
	RD_READ_POLLFDS,	/* poll's entry: nfds pollfds, 512 at most */
	RD_READ_POLLED,		/* poll's exit: the same if 0 < ret <= nfds */
	RD_READ_FDSETS,		/* select's entry: the three fd_sets' longs
				 * holding n bits, if 0 < n <= 1024 */
	RD_READ_FDSETS_OUT,	/* select's exit: the same if ret > 0 */
	RD_READ_EPOLL_EVENT,	/* epoll_ctl's entry: its epoll_event */
	RD_READ_EPOLL_EVENTS,	/* epoll_wait's exit: the ret events, no
				 * more than maxevents or 341 */
	RD_READ_N,
};

struct rd_sysdec;

/* The decoder of call (ferret strace's name), or NULL. */
const struct rd_sysdec *rd_sysdec_find(const char *call);

/* Whether rd is read at a call's exit (else at its entry). */
bool rd_sysdec_at_exit(enum rd_sysdec_read rd);

/* What the program reads at the entry (exit false) or exit of d's call. */
enum rd_sysdec_read rd_sysdec_read_of(const struct rd_sysdec *d, bool exit);

/*
 * The program's block for read rd (not RD_READ_NONE), inside a probe on
 * sys_enter (exit false) or sys_exit: reads what rd says and prints the
 * record "K<kind> " fmt then the values rd_sysdec_shape() lists, then
 * tfmt, with args (fmt's values: time, CPU, number, [result,]
 * registers) first and targs (", "-led: tfmt's values, the event's
 * context) last, then returns.  reg[i] is the expression of argument
 * register i.
 */
void rd_sysdec_code(struct buf *b, enum rd_sysdec_read rd, int kind, const char *fmt,
		    const char *args, const char *tfmt, const char *targs,
		    const char *const reg[6]);

/*
 * The values that rd's records carry after the registers: a letter
 * each, 'd' an integer, 'r' a buffer (its u64 length, BUF_UNREAD when
 * unreadable, then the bytes).
 */
const char *rd_sysdec_shape(enum rd_sysdec_read rd);

/* The values of a record after its registers (rd_sysdec_shape()). */
struct rd_sysdec_in {
	int64_t num;		/* the 'd' value */
	const uint8_t *p[3];	/* the 'r' values, in order */
	uint64_t len[3];
};

/* The most fields of an event of a decoded call. */
#define RD_SYSDEC_FIELDS 12

/*
 * The fields of d's entry event (exit false) or exit event (ret first);
 * decls[i] declares fields[i] where it is CTF_RAW.  Returns how many.
 */
int rd_sysdec_fields(const struct rd_sysdec *d, bool exit, struct ctf_field *fields,
		     struct ctf_decl *decls);

/*
 * The values of those fields, from the call's argument registers a[],
 * its result (exit) and what the program read (in, NULL for none): raw
 * bytes are kept in bytes, which must outlive v's use.
 */
void rd_sysdec_values(const struct rd_sysdec *d, bool exit, const uint64_t a[6], int64_t ret,
		      const struct rd_sysdec_in *in, union ctf_value *v, struct buf *bytes);

#endif
