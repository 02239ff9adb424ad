/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_INJECT_H
#define FERRET_ST_INJECT_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * -e inject= and -e fault=: calls made to fail, to return a value, or to
 * bring a signal, in strace's syntax and with its counting (when=, per
 * thread and call).  eBPF cannot change what a system call does without
 * kprobes and the kernel's error injection, so ferret gives the command
 * it starts a seccomp filter with user notification: each call of the
 * set waits at its entry for ferret's answer, which is "run it" or "it
 * returned this".  A call answered so never reaches the sys_enter
 * tracepoint; its exit shows its entry too (st_prog.c, @inj).
 */

/* @inj's value for a thread: what its next call got. */
#define ST_INJ_SKIP 1		/* it did not run: error= or retval= */
#define ST_INJ_DELAYED 2	/* its entry was held back: delay_enter= */
#define ST_INJ_POKED 4		/* its arguments were written: poke_enter= */
#define ST_INJ_RETVAL 8		/* what it returned is a success: retval= */
#define ST_INJ_SIG_SHIFT 8	/* the signal sent with it, in bits 8-15 */

struct st_inj;
struct st_opts;

/*
 * Adds "-e inject=ARG" (or fault= when fault is set) to *ip, made on
 * first use.  0, or -EINVAL after strace's message.
 */
int st_inj_parse(struct st_inj **ip, const char *arg, bool fault);
/* Whether call nr is in an injection's set. */
bool st_inj_has(const struct st_inj *in, long nr);
/* The signals the rules send, at most n of them into sigs; how many. */
int st_inj_signals(const struct st_inj *in, int *sigs, int n);
/*
 * Before the command is forked: the filter.  0 or a negative errno,
 * after saying why.
 */
int st_inj_prepare(struct st_inj *in);
/*
 * In the forked command, before it waits to be let go: installs the
 * filter.  Its argument is the struct st_inj.  0 or a negative errno.
 */
int st_inj_child(void *in);
/*
 * In ferret once the command waits: takes its filter's listener.  o
 * says which threads and calls are traced.  0 or a negative errno,
 * after saying why.
 */
int st_inj_start(struct st_inj *in, pid_t child, const struct st_opts *o);
/* The fd of the program's @inj map, written before each answer. */
void st_inj_set_map(struct st_inj *in, int fd);
/* The fd to poll for calls waiting for an answer, or -1. */
int st_inj_fd(const struct st_inj *in);
/* Answers each call waiting. */
void st_inj_ready(struct st_inj *in);
void st_inj_free(struct st_inj *in);

#endif
