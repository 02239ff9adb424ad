/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_IOCTL_H
#define FERRET_ST_IOCTL_H

#include <stdbool.h>
#include "st_decode.h"
#include "st_xlat.h"

/*
 * The bytes of ioctl's third argument read at entry and at exit, as
 * ST_L_IOCTL and ST_L_IOCTL_OUT captures (fcntl's and quotactl's struct
 * arguments too): the largest struct a decoder shows whole, struct
 * loop_config (the task may be gone when the line prints).
 */
#define ST_IOCTL_READ 304
/*
 * ioctl's argument is read as long as the size its request carries
 * (_IOC_SIZE) where that is longer than ST_IOCTL_READ, up to this: a
 * page, what one buf() of the program holds at the least -s
 * (compile_opts.strlen), and btrfs's struct btrfs_ioctl_vol_args and
 * its v2, which strace reads whole.
 */
#define ST_IOCTL_READ_MAX 4096
/* The record of BLKPG's partition, beside its struct's (record 0). */
#define ST_BLKPG_IDX 1
/* The record of a TEE request's argument block, beside its struct's. */
#define ST_TEE_IDX 2

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
 * read (ST_IOCTL_READ bytes, or the request's size up to
 * ST_IOCTL_READ_MAX), and past that from the task while it lives, which
 * may have changed it since.  How many: less than size when the memory
 * could not be read.
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
 * size bytes at addr of the task as the call saw them at entry (exit
 * false) or at exit where the bytes read of ioctl's third argument
 * cover them, past those the task's memory now (which it may have
 * changed since); to_nul: up to a NUL.  How many: less than size when
 * the memory could not be read (or a NUL came first).
 */
size_t st_ioctl_mem(const struct st_call *c, bool exit, uint64_t addr, void *out,
		    size_t size, bool to_nul);

/*
 * A char array of n bytes as strace prints a struct's string field: up
 * to its NUL, or all but its last byte and "..." when none ends it.
 */
void st_ioctl_cstring(struct buf *b, const char *s, size_t n, const struct st_dopts *o);
/* A device number, makedev(major, minor), in the -X style. */
/*
 * Element i of an array an ioctl points to, at at, is unreadable: the
 * array's address alone for the first, else ", ... /" "* at *" "/" after
 * the elements shown, as strace ends such an array.
 */
void st_ioctl_arr_cut(struct buf *b, unsigned i, uint64_t at);
void st_ioctl_dev(struct buf *b, uint64_t v);

/*
 * A family of requests (one _IOC_TYPE) with a decoder of its own, in a
 * file of its own (st_ioc_<family>.c).  no_arg: whether request takes no
 * third argument (strace prints two); decode: the third argument into b,
 * false for a request the family does not decode (printed as a number or
 * pointer); ret_fd: for a request that returns a descriptor, the name of
 * its anonymous inode, in name (size bytes), else NULL; ret: the return
 * value of a call that succeeded with what strace shows beside it, into
 * b, false if it shows nothing more.  Any hook may be NULL.
 */
struct st_ioc_family {
	unsigned char type;
	bool (*no_arg)(unsigned request);
	bool (*decode)(struct buf *b, const struct st_call *c, const struct st_dopts *o);
	const char *(*ret_fd)(const struct st_call *c, char *name, size_t size);
	bool (*ret)(struct buf *b, const struct st_call *c, const struct st_dopts *o);
};

/* The family's ret_fd hook for the call's request; NULL if none. */
const char *st_ioctl_ret_fd(const struct st_call *c, char *name, size_t size);
/* The family's ret hook for the call's request; false if none. */
bool st_ioctl_ret(struct buf *b, const struct st_call *c, const struct st_dopts *o);

extern const struct st_ioc_family st_ioc_evdev;
/* Input event types and absolute axes, which also name requests. */
extern const struct st_xlat st_evdev_types[], st_evdev_abs[];
extern const struct st_ioc_family st_ioc_gpio;
extern const struct st_ioc_family st_ioc_kd;
extern const struct st_ioc_family st_ioc_hdio, st_ioc_ptp;

/*
 * The BPF program's code that reads, for requests that need it, more of
 * ioctl's argument than ST_IOCTL_READ bytes or what a pointer in it gives,
 * in records of letter l, argument i (after $a = the argument; $nr, $t
 * set); request: an expression of the request.  st_prog.c's.
 */
void st_ioctl_capture(struct buf *b, char l, int i, int strsize, const char *request);
/* The console's and keyboard's (st_ioc_kd.c). */
void st_ioc_kd_capture(struct buf *b, char l, int i, int strsize, const char *request);
extern const struct st_ioc_family st_ioc_v4l2;
/*
 * The BPF program's code that reads, for the Video4Linux2 requests
 * whose struct points to more (a window's clips, extended controls and
 * their strings), that memory in records of letter l (ST_L_IOCTL or
 * ST_L_IOCTL_OUT) for argument 2 numbered from ST_V4L2_IDX; $a is the
 * struct's address, $v the request.  strsize: -s.
 */
void st_ioc_v4l2_capture(struct buf *b, char l, int strsize);
#define ST_V4L2_IDX 1
/*
 * The BPF program's code that reads, at exit (l ST_L_IOCTL_OUT),
 * SIOCGIFCONF's buffer ($a the struct ifconf, $v the request).
 */
void st_ioc_sock_capture(struct buf *b, char l);
extern const struct st_ioc_family st_ioc_seccomp, st_ioc_rtc, st_ioc_loop,
	st_ioc_nbd, st_ioc_lirc, st_ioc_uffdio, st_ioc_ubi, st_ioc_ubi_volume, st_ioc_perf,
	st_ioc_sock, st_ioc_mtd, st_ioc_scsi, st_ioc_tee, st_ioc_btrfs, st_ioc_dm;
/*
 * Under -v, the BPF program's code that reads a device mapper request's
 * argument as long as its struct's data_size says, up to
 * ST_IOCTL_READ_MAX, for what follows the struct ($a the argument, $z
 * the length read; request: an expression of the request).
 */
void st_ioc_dm_capture(struct buf *b, const char *request);
extern const struct st_ioc_family st_ioc_kvm;
/*
 * Under -v, the BPF program's code that reads a KVM CPUID table
 * (struct kvm_cpuid2) whole, as long as its nent says, up to
 * ST_IOCTL_READ_MAX ($a the argument, $z the length read; request: an
 * expression of the request).
 */
void st_ioc_kvm_capture(struct buf *b, const char *request);
/*
 * Under -e kvm=vcpu, the BPF program's code that reads, at the exit of a
 * KVM_RUN that succeeded, the exit reason of the vCPU the descriptor
 * names from the kernel's run area (struct kvm_vcpu's, by BTF; nothing
 * without it), in a record of letter l (ST_L_IOCTL_OUT) for argument 2
 * numbered ST_KVM_EXIT_IDX; fd, request: expressions of the arguments.
 * A process may run its vCPU again or be gone before user space could
 * read the area it mapped.
 */
void st_ioc_kvm_exit(struct buf *b, char l, const char *fd, const char *request);
#define ST_KVM_EXIT_IDX 1
/*
 * Under -v, the code of the captures above: ioctl's argument read as
 * long as what it says of itself.
 */
void st_ioctl_len_capture(struct buf *b, const char *request);

#endif
