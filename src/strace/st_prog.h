/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_PROG_H
#define FERRET_ST_PROG_H

#include <stdint.h>
#include <sys/types.h>
#include "st_main.h"
#include "../util.h"

/*
 * Writes the program in ferret's language that traces what o asks for:
 * raw_syscalls sys_enter/sys_exit filtered in the kernel by thread
 * (a map of thread ids under -f, kept by sched_process_fork and exit)
 * and by call number, with what each call reads from memory chosen by
 * its descriptor in @sd.  tids: the threads traced at start.
 *
 * Records (printf formats the front end reads back):
 *   "E" tid nr nsecs regs     entry; regs: pt_regs bytes 56..120
 *   "X" tid ret nsecs         exit
 *   "c<L><i>" tid idx value   memory read for argument i (letter L); for
 *                             E the string idx of argv; for e and G the
 *                             idx-th page from the one the array or
 *                             buffer starts on (ST_ENVP_BYTES,
 *                             ST_DENTS_BYTES of it at most), which user
 *                             space counts
 *   "F" parent child          fork of a traced thread (-f)
 *   "Q" tid code group_dead   a traced thread exits
 *   "G" tid sig siginfo       a signal delivered to a traced thread
 * Under -c the maps @t (stats of ns per call number) and @e (errors).
 */
/*
 * argv strings shown at most (as many as -s asks, as strace shows; past
 * that, "..."); envp and dirent bytes read to count their entries.
 */
#define ST_ARGV_MAX 32
/* Strings of execve's argv and envp that -v shows, at most. */
#define ST_ARGV_MAX_V 128
#define ST_ENVP_BYTES (1024 * 8)
/* poll's pollfds read at exit for their revents (strace's line holds fewer). */
#define ST_POLL_OUT_MAX 128
#define ST_DENTS_BYTES 32768
/*
 * The bytes of a buffer sent to or received from a netlink socket read
 * in the kernel (sendto, recvfrom, and each of sendmsg's and recvmsg's
 * first iovec buffers): whole, as strace decodes the messages; other
 * buffers, -s and one more.
 */
#define ST_NL_READ 4096

/* The entries of an iovec array whose buffers are read: -s, or all (-v). */
int st_prog_iov_shown(const struct st_opts *o);

/*
 * The descriptor of call nr, the value of @sd[nr] that user space sets
 * before attaching: 0 for a call not traced; else ST_DESC_TRACED, the
 * letter of argument i in byte i, ST_DESC_REFETCH when its strings
 * may be read again at exit, ST_DESC_ENTRY / ST_DESC_EXIT when some
 * argument has memory read at entry / exit (without, a phase's program
 * ends before its capture code and the tail calls that run it),
 * ST_DESC_INJECT for the calls of -e inject='s set.
 * Numbers from ST_NR_MAX on share
 * @sd[ST_NR_MAX].  @sd is an array of ST_SD_SIZE entries, keyed by
 * uint32; its last entry belongs to no call.
 */
#define ST_SD_SIZE (ST_SD_HELD + 1)
/*
 * @sd[ST_FIXED_BASE + l]: for a letter whose memory is a struct of fixed
 * size, that size, and ST_FIXED_IN / ST_FIXED_OUT when it is read at
 * entry / exit (st_prog_fixed()): one unit of capture code reads them
 * all, in records "c\377" that carry the letter.
 */
#define ST_FIXED_BASE (ST_NR_MAX + 2)
#define ST_FIXED_IN (1ULL << 16)
#define ST_FIXED_OUT (1ULL << 17)
#define ST_FIXED_REC '\377'
/*
 * @sd[ST_SD_TID]: the one thread traced, when there is one and no -f
 * (st_prog_uses_pids()); else @pids holds them.  User space sets
 * either, so that the program's code is the same from run to run.
 */
#define ST_SD_TID (ST_FIXED_BASE + 256)
/*
 * @sd[ST_SD_HELD]: under -b execve, the command ferret starts, whose
 * first execve (ferret's own, of the command) lets nothing go.
 */
#define ST_SD_HELD (ST_SD_TID + 1)
uint64_t st_prog_fixed(unsigned char l);
/*
 * IR instructions of capture code per program (compile_opts.split_insns):
 * the rest of a phase goes on in a tail-called part.
 */
#define ST_SPLIT_INSNS 1200

#define ST_DESC_TRACED (1ULL << 48)
#define ST_DESC_REFETCH (1ULL << 49)
#define ST_DESC_ENTRY (1ULL << 50)
#define ST_DESC_EXIT (1ULL << 51)
#define ST_DESC_INJECT (1ULL << 52)
uint64_t st_prog_desc(const struct st_opts *o, long nr);

/*
 * -e read= and -e write=: 1 for a call whose buffer (argument 1) strace
 * dumps as written (write, pwrite64, sendto, mq_timedsend), 2 as read
 * (read, pread64, recvfrom, mq_timedreceive), else 0; the program reads
 * it whole for a descriptor of the set (st_sys.h's ST_L_DUMP).
 */
int st_prog_dump_kind(long nr);

/* Whether the threads traced are the keys of @pids (else @sd[ST_SD_TID]). */
bool st_prog_uses_pids(const struct st_opts *o, int ntids);
/*
 * The program for ntids threads given at start, which user space puts
 * in @pids or @sd before anything is attached: the text depends on the
 * options only, never on the ids.
 */
void st_prog_text(struct buf *b, const struct st_opts *o, int ntids);

#endif
