/* SPDX-License-Identifier: GPL-2.0 */
/* -e inject= and -e fault= through a seccomp filter's user notification. */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <bpf/bpf.h>

#include "st_inject.h"
#include "st_main.h"
#include "st_sys.h"
#include "st_xlat.h"
#include "../util.h"

/* strace's limits: when= counts to 65535, which as a last means "never ends". */
#define INJ_LAST_INF 0xffff
#define INJ_MAX_ERRNO 4095

enum {
	INJ_ERROR = 1 << 0,
	INJ_RETVAL = 1 << 1,
	INJ_SIGNAL = 1 << 2,
	INJ_SYSCALL = 1 << 3,
	INJ_DELAY_ENTER = 1 << 4,
	INJ_DELAY_EXIT = 1 << 5,
	INJ_POKE_ENTER = 1 << 6,
	INJ_POKE_EXIT = 1 << 7,
};

/* poke_enter=@argN=HEX: bytes written where argument N points. */
struct inj_poke {
	int arg;		/* 1..7, as strace numbers them */
	unsigned char *data;
	size_t len;
};

/* One -e inject=: what it does, and when (strace's first..last+step). */
struct inj_rule {
	unsigned first, last, step;
	unsigned flags;
	uint64_t rval;		/* the errno of error=, or retval='s value */
	int signo;
	uint64_t delay_us;	/* delay_enter= */
	struct inj_poke *pokes;
	int npokes;
};

/* A thread's counts, per call of the set (strace counts per thread). */
struct inj_thread {
	pid_t tid;
	unsigned *first, *last;	/* by slot */
};

/* An answer held back by delay_enter=. */
struct inj_delayed {
	uint64_t due;		/* CLOCK_MONOTONIC ns */
	struct seccomp_notif_resp resp;
};

struct st_inj {
	struct inj_rule **rules;
	int nrules;
	struct inj_rule *rule[ST_NR_MAX];	/* by call number: the last one given */
	int slot[ST_NR_MAX];			/* its counters' index, or -1 */
	int nslots;
	struct sock_filter *filter;
	int nfilter;
	int *shared;		/* a page shared with the child: its listener's
				 * number, or a negative errno */
	int listener, epfd, timerfd, map_fd;
	pid_t child;
	bool exec_seen;		/* the command's first execve, which strace
				 * neither counts nor injects, has been */
	const struct st_opts *o;
	struct inj_thread *threads;
	int nthreads;
	struct seccomp_notif_sizes sizes;
	struct seccomp_notif *req;
	struct inj_delayed *delayed;
	int ndelayed;
};

/* strace's string_to_uint_ex(): decimal up to max, then an end in ends. */
static long uint_ex(const char *s, char **endp, long max, const char *ends)
{
	char *end;
	long long v;

	if (!*s)
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || v < 0 || v > max || errno == ERANGE)
		return -1;
	if (*end && (!ends || !strchr(ends, *end)))
		return -1;
	if (endp)
		*endp = end;
	return (long)v;
}

/* F, F+, F+S, F..L, F..L+, F..L+S. */
static bool parse_when(struct inj_rule *r, const char *v)
{
	char *end;
	long n = uint_ex(v, &end, 0xffff, "+.");

	if (n < 1)
		return false;
	r->first = (unsigned)n;
	if (end[0] == '.') {
		if (end[1] != '.')
			return false;
		n = uint_ex(end + 2, &end, 0xffff, "+");
		if (n < (long)r->first || n == INJ_LAST_INF)
			return false;
		r->last = (unsigned)n;
	} else {
		r->last = INJ_LAST_INF;
	}
	if (end[0]) {
		if (end[1]) {
			n = uint_ex(end + 1, NULL, 0xffff, NULL);
			if (n < 1)
				return false;
			r->step = (unsigned)n;
		} else {
			r->step = 1;
		}
	} else {
		r->step = r->last == INJ_LAST_INF ? 0 : 1;
	}
	return true;
}

/* A time as strace's parse_ts() reads it: a number and s, ms, us or ns (us). */
static bool parse_delay(const char *v, uint64_t *us)
{
	static const struct { const char *suffix; double scale; } units[] = {
		{ "", 1 }, { "s", 1e6 }, { "ms", 1e3 }, { "us", 1 }, { "ns", 1e-3 },
	};
	char *end;
	double d;
	size_t i;

	if (!*v || *v == '-' || *v == '+')
		return false;
	errno = 0;
	d = strtod(v, &end);
	if (end == v || errno || d < 0)
		return false;
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(end, units[i].suffix)) {
			d *= units[i].scale;
			if (d > 1e15)
				return false;
			*us = (uint64_t)d;
			return true;
		}
	return false;
}

/* @argN=HEX[,@argN=HEX...], each N 1..7 and HEX an even count of digits. */
static bool parse_pokes(struct inj_rule *r, const char *v)
{
	char *copy, *tok, *save = NULL;
	bool ok = *v != 0;

	copy = xstrdup(v);
	for (tok = strtok_r(copy, ",", &save); ok && tok; tok = strtok_r(NULL, ",", &save)) {
		struct inj_poke *p;
		size_t len, i;

		if (strncmp(tok, "@arg", 4) || tok[4] < '1' || tok[4] > '7' || tok[5] != '=') {
			ok = false;
			break;
		}
		len = strlen(tok + 6);
		if (!len || len % 2 || len > 2048) {
			ok = false;
			break;
		}
		/* One poke an argument, as strace takes them. */
		for (i = 0; i < (size_t)r->npokes; i++)
			if (r->pokes[i].arg == tok[4] - '0')
				ok = false;
		if (!ok)
			break;
		r->pokes = xrealloc(r->pokes, (r->npokes + 1) * sizeof(*r->pokes));
		p = &r->pokes[r->npokes++];
		p->arg = tok[4] - '0';
		p->len = len / 2;
		p->data = xmalloc(p->len);
		for (i = 0; i < p->len && ok; i++)
			ok = sscanf(tok + 6 + 2 * i, "%2hhx", &p->data[i]) == 1;
	}
	free(copy);
	return ok;
}

static int errno_by_name(const char *name)
{
	int e;

	for (e = 1; e <= INJ_MAX_ERRNO; e++) {
		const char *n = st_errno_name(e);

		if (n && !strcasecmp(n, name))
			return e;
	}
	return -1;
}

static bool parse_token(struct inj_rule *r, const char *tok, bool fault)
{
	const char *v;
	long n;

#define PREFIX(p) (!strncmp(tok, p, strlen(p)) && (v = tok + strlen(p)))
	if (PREFIX("when="))
		return parse_when(r, v);
	if (PREFIX("syscall=")) {
		int i;

		if (r->flags & INJ_SYSCALL)
			return false;
		/* Only calls without effects stand in for the one injected. */
		for (i = 0; i < st_nsys; i++)
			if (!strcmp(st_systab[i].name, v))
				break;
		if (i == st_nsys || !(st_systab[i].cls & ST_PURE))
			return false;
		r->flags |= INJ_SYSCALL;
		return true;
	}
	if (PREFIX("error=")) {
		if (r->flags & (INJ_ERROR | INJ_RETVAL))
			return false;
		n = uint_ex(v, NULL, INJ_MAX_ERRNO, NULL);
		if (n < 0)
			n = errno_by_name(v);
		if (n < 1)
			return false;
		r->rval = (uint64_t)n;
		r->flags |= INJ_ERROR;
		return true;
	}
	if (fault)
		return false;
	if (PREFIX("retval=")) {
		unsigned long long u;
		char *end;

		if (r->flags & (INJ_ERROR | INJ_RETVAL))
			return false;
		errno = 0;
		u = strtoull(v, &end, 0);
		if (end == v || *end || ((u == 0 || u == ULLONG_MAX) && errno))
			return false;
		if ((long long)u < 0 && (long long)u >= -INJ_MAX_ERRNO)
			st_err("Inadvertent injection of error %lld is possible for retval=%llu\n",
				-(long long)u, u);
		r->rval = u;
		r->flags |= INJ_RETVAL;
		return true;
	}
	if (PREFIX("signal=")) {
		if (r->flags & INJ_SIGNAL)
			return false;
		n = st_signum(v);
		if (n < 1 || n > 64)
			return false;
		r->signo = (int)n;
		r->flags |= INJ_SIGNAL;
		return true;
	}
	if (PREFIX("poke_enter=") || PREFIX("poke_exit=")) {
		unsigned f = tok[5] == 'e' && tok[6] == 'n' ? INJ_POKE_ENTER : INJ_POKE_EXIT;

		if (r->flags & f)
			return false;
		r->flags |= f;
		return parse_pokes(r, v);
	}
	if (PREFIX("delay_enter=") || PREFIX("delay_exit=")) {
		unsigned f = tok[6] == 'e' && tok[7] == 'n' ? INJ_DELAY_ENTER : INJ_DELAY_EXIT;
		uint64_t us;

		if ((r->flags & f) || !parse_delay(v, &us))
			return false;
		r->flags |= f;
		if (f == INJ_DELAY_ENTER)
			r->delay_us = us;
		return true;
	}
#undef PREFIX
	return false;
}

static void rule_free(struct inj_rule *r)
{
	int i;

	for (i = 0; r && i < r->npokes; i++)
		free(r->pokes[i].data);
	if (r)
		free(r->pokes);
	free(r);
}

/* The set being built: the options' parser may return without freeing it. */
static struct st_inj *made;

int st_inj_parse(struct st_inj **ip, const char *arg, bool fault)
{
	const char *what = fault ? "fault" : "inject";
	struct inj_rule *r = xcalloc(1, sizeof(*r));
	char *copy = xstrdup(arg), *tok, *save = NULL, *name, *rest;
	bool set[ST_NR_MAX];
	struct st_inj *in;
	int nr;

	r->first = 1;
	r->last = INJ_LAST_INF;
	r->step = 1;
	/* The calls are all before the first ':', "" included, as strace. */
	name = copy;
	rest = strchr(copy, ':');
	if (rest)
		*rest++ = 0;
	for (tok = rest ? strtok_r(rest, ":", &save) : NULL; tok;
	     tok = strtok_r(NULL, ":", &save))
		if (!parse_token(r, tok, fault))
			goto invalid;
	if (st_sys_set(set, name))
		goto fail;
	if (!(r->flags & (INJ_ERROR | INJ_RETVAL | INJ_SIGNAL | INJ_DELAY_ENTER |
			  INJ_DELAY_EXIT | INJ_POKE_ENTER | INJ_POKE_EXIT))) {
		if (!fault)
			goto invalid;
		/* fault= fails with ENOSYS unless told otherwise. */
		r->rval = ENOSYS;
		r->flags |= INJ_ERROR;
	}
	/*
	 * A notification stops a call before it runs: after it, ferret
	 * has no hold on the thread to wait or write in.
	 */
	if (r->flags & (INJ_DELAY_EXIT | INJ_POKE_EXIT)) {
		st_err("-e %s=%s: %s is not possible here: ferret stops a call only at its entry (seccomp user notification), not at its exit as ptrace does\n",
			what, arg, r->flags & INJ_DELAY_EXIT ? "delay_exit=" : "poke_exit=");
		goto fail;
	}
	in = *ip;
	if (!in) {
		in = *ip = made = xcalloc(1, sizeof(*in));
		in->listener = in->epfd = in->timerfd = in->map_fd = -1;
		for (nr = 0; nr < ST_NR_MAX; nr++)
			in->slot[nr] = -1;
	}
	in->rules = xrealloc(in->rules, (in->nrules + 1) * sizeof(*in->rules));
	in->rules[in->nrules++] = r;
	for (nr = 0; nr < ST_NR_MAX; nr++) {
		if (!set[nr])
			continue;
		in->rule[nr] = r;
		if (in->slot[nr] < 0)
			in->slot[nr] = in->nslots++;
	}
	free(copy);
	return 0;
invalid:
	st_err("invalid %s argument '%s'\n", what, arg);
fail:
	rule_free(r);
	free(copy);
	return -EINVAL;
}

bool st_inj_has(const struct st_inj *in, long nr)
{
	return in && nr >= 0 && nr < ST_NR_MAX && in->rule[nr];
}

int st_inj_signals(const struct st_inj *in, int *sigs, int n)
{
	int i, j, k = 0;

	for (i = 0; in && i < in->nrules; i++) {
		const struct inj_rule *r = in->rules[i];

		if (!(r->flags & INJ_SIGNAL))
			continue;
		for (j = 0; j < k && sigs[j] != r->signo; j++)
			;
		if (j == k && k < n)
			sigs[k++] = r->signo;
	}
	return k;
}

int st_inj_prepare(struct st_inj *in)
{
	struct sock_filter *f;
	int nr, n = 0;

	/*
	 * The calls of the set, and execve: the command's first is the
	 * end of the calls ferret's held child makes, which are not the
	 * command's.  Two instructions a call, as the jumps of classic BPF
	 * reach 255 instructions at most.
	 */
	f = in->filter = xcalloc(6 + 2 * ST_NR_MAX, sizeof(*f));
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch));
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, nr));
	for (nr = 0; nr < ST_NR_MAX; nr++) {
		if (!in->rule[nr] && nr != __NR_execve && nr != __NR_execveat)
			continue;
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	in->nfilter = n;
	in->shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (in->shared == MAP_FAILED) {
		in->shared = NULL;
		st_err("-e inject=: %s\n", strerror(errno));
		return -ENOMEM;
	}
	*in->shared = -ENOSYS;
	return 0;
}

int st_inj_child(void *arg)
{
	struct st_inj *in = arg;
	struct sock_fprog prog = { .len = (unsigned short)in->nfilter, .filter = in->filter };
	long fd;

	fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	/* Without CAP_SYS_ADMIN a filter needs no_new_privs. */
	if (fd < 0 && errno == EACCES && !prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			     SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	__atomic_store_n(in->shared, fd < 0 ? -errno : (int)fd, __ATOMIC_SEQ_CST);
	return fd < 0 ? -errno : 0;
}

int st_inj_start(struct st_inj *in, pid_t child, const struct st_opts *o)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int pidfd, fd = __atomic_load_n(in->shared, __ATOMIC_SEQ_CST), err;

	in->o = o;
	in->child = child;
	if (fd < 0) {
		st_err("-e inject=: the command cannot be given a seccomp filter: %s\n",
			strerror(-fd));
		return fd;
	}
	/* The listener is the child's: a copy of it through a pidfd. */
	pidfd = (int)syscall(SYS_pidfd_open, child, 0);
	if (pidfd >= 0) {
		in->listener = (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
		err = errno;
		close(pidfd);
	} else {
		err = errno;
	}
	if (in->listener < 0) {
		st_err("-e inject=: cannot take the filter's listener: %s\n",
			strerror(err));
		return -err;
	}
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &in->sizes) < 0) {
		err = errno;
		st_err("-e inject=: %s\n", strerror(err));
		return -err;
	}
	if (in->sizes.seccomp_notif < sizeof(struct seccomp_notif))
		in->sizes.seccomp_notif = sizeof(struct seccomp_notif);
	in->req = xcalloc(1, in->sizes.seccomp_notif);
	in->epfd = epoll_create1(EPOLL_CLOEXEC);
	in->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (in->epfd < 0 || in->timerfd < 0 ||
	    epoll_ctl(in->epfd, EPOLL_CTL_ADD, in->listener, &ev) ||
	    epoll_ctl(in->epfd, EPOLL_CTL_ADD, in->timerfd, &ev)) {
		err = errno;
		st_err("-e inject=: %s\n", strerror(err));
		return -err;
	}
	return 0;
}

void st_inj_set_map(struct st_inj *in, int fd)
{
	in->map_fd = fd;
}

int st_inj_fd(const struct st_inj *in)
{
	return in ? in->epfd : -1;
}

static struct inj_thread *thread_of(struct st_inj *in, pid_t tid)
{
	struct inj_thread *t;
	int nr;

	for (t = in->threads; t < in->threads + in->nthreads; t++)
		if (t->tid == tid)
			return t;
	in->threads = xrealloc(in->threads, (in->nthreads + 1) * sizeof(*in->threads));
	t = &in->threads[in->nthreads++];
	t->tid = tid;
	t->first = xcalloc(in->nslots, sizeof(*t->first));
	t->last = xcalloc(in->nslots, sizeof(*t->last));
	for (nr = 0; nr < ST_NR_MAX; nr++)
		if (in->slot[nr] >= 0) {
			t->first[in->slot[nr]] = in->rule[nr]->first;
			t->last[in->slot[nr]] = in->rule[nr]->last;
		}
	return t;
}

/* strace's count: whether this call of the thread is one to tamper with. */
static bool due(struct st_inj *in, pid_t tid, int nr)
{
	struct inj_thread *t = thread_of(in, tid);
	int s = in->slot[nr];

	if (!t->first[s] || !t->last[s])
		return false;
	if (t->last[s] != INJ_LAST_INF)
		t->last[s]--;
	if (--t->first[s])
		return false;
	t->first[s] = in->rule[nr]->step;
	return true;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void send_resp(struct st_inj *in, struct seccomp_notif_resp *resp)
{
	/* ENOENT: the thread has gone (killed) while it waited. */
	while (ioctl(in->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && errno == EINTR)
		;
}

/* The timer set for the earliest answer held back, or off. */
static void arm(struct st_inj *in)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	uint64_t first = UINT64_MAX;
	int i;

	for (i = 0; i < in->ndelayed; i++)
		if (in->delayed[i].due < first)
			first = in->delayed[i].due;
	if (first != UINT64_MAX) {
		its.it_value.tv_sec = (time_t)(first / 1000000000ULL);
		its.it_value.tv_nsec = (long)(first % 1000000000ULL);
		if (!its.it_value.tv_sec && !its.it_value.tv_nsec)
			its.it_value.tv_nsec = 1;
	}
	timerfd_settime(in->timerfd, TFD_TIMER_ABSTIME, &its, NULL);
}

/* Writes poke_enter='s bytes where the call's arguments point. */
static bool poke(pid_t tid, const struct inj_rule *r, const struct seccomp_notif *req)
{
	bool all = true;
	int i;

	for (i = 0; i < r->npokes; i++) {
		const struct inj_poke *p = &r->pokes[i];
		struct iovec local = { p->data, p->len };
		struct iovec remote = { (void *)(uintptr_t)(p->arg <= 6 ? req->data.args[p->arg - 1] : 0),
					p->len };

		if (!remote.iov_base ||
		    process_vm_writev(tid, &local, 1, &remote, 1, 0) != (ssize_t)p->len) {
			st_err("pid %d: failed to poke at %#llx\n",
				(int)tid, (unsigned long long)(uintptr_t)remote.iov_base);
			all = false;
		}
	}
	return all;
}

static void answer(struct st_inj *in, const struct seccomp_notif *req)
{
	struct seccomp_notif_resp resp = {
		.id = req->id, .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE,
	};
	pid_t tid = (pid_t)req->pid;
	int nr = req->data.nr;
	const struct inj_rule *r = nr >= 0 && nr < ST_NR_MAX ? in->rule[nr] : NULL;
	uint64_t val = 0, key = (uint64_t)tid;

	if (!in->exec_seen) {
		in->exec_seen = tid == in->child && (nr == __NR_execve || nr == __NR_execveat);
		r = NULL;
	}
	/* As strace: only the calls it traces, of the threads it traces. */
	if (!r || (!in->o->follow && tid != in->child) ||
	    (in->o->filtered && !in->o->traced[nr]) || !due(in, tid, nr)) {
		send_resp(in, &resp);
		return;
	}
	if (r->flags & INJ_SIGNAL)
		val |= (uint64_t)r->signo << ST_INJ_SIG_SHIFT;
	if ((r->flags & INJ_POKE_ENTER) && poke(tid, r, req))
		val |= ST_INJ_POKED;
	if (r->flags & INJ_DELAY_ENTER)
		val |= ST_INJ_DELAYED;
	if (r->flags & (INJ_ERROR | INJ_RETVAL)) {
		val |= ST_INJ_SKIP;
		resp.flags = 0;
		if (r->flags & INJ_ERROR)
			resp.error = -(int32_t)r->rval;
		else
			resp.val = (int64_t)r->rval;
		if (r->flags & INJ_RETVAL)
			val |= ST_INJ_RETVAL;
	}
	/* What the exit (or entry) program reads, before the thread goes on. */
	if (val && in->map_fd >= 0)
		bpf_map_update_elem(in->map_fd, &key, &val, BPF_ANY);
	if (r->flags & INJ_DELAY_ENTER) {
		in->delayed = xrealloc(in->delayed, (in->ndelayed + 1) * sizeof(*in->delayed));
		in->delayed[in->ndelayed].due = now_ns() + r->delay_us * 1000;
		in->delayed[in->ndelayed++].resp = resp;
		arm(in);
		return;
	}
	send_resp(in, &resp);
}

/* The answers held back whose time has come. */
static void release_due(struct st_inj *in)
{
	uint64_t t = now_ns(), ticks;
	int i = 0;

	while (read(in->timerfd, &ticks, sizeof(ticks)) > 0)
		;
	while (i < in->ndelayed) {
		if (in->delayed[i].due > t) {
			i++;
			continue;
		}
		send_resp(in, &in->delayed[i].resp);
		in->delayed[i] = in->delayed[--in->ndelayed];
	}
	arm(in);
}

void st_inj_ready(struct st_inj *in)
{
	struct pollfd p = { .fd = in->listener, .events = POLLIN };

	if (in->ndelayed)
		release_due(in);
	while (poll(&p, 1, 0) > 0) {
		/* Every task with the filter has gone. */
		if (!(p.revents & POLLIN)) {
			epoll_ctl(in->epfd, EPOLL_CTL_DEL, in->listener, NULL);
			break;
		}
		memset(in->req, 0, in->sizes.seccomp_notif);
		if (ioctl(in->listener, SECCOMP_IOCTL_NOTIF_RECV, in->req) < 0) {
			if (errno == EINTR || errno == ENOENT)
				continue;
			break;
		}
		answer(in, in->req);
	}
}

void st_inj_free(struct st_inj *in)
{
	int i;

	if (!in)
		return;
	if (in == made)
		made = NULL;
	for (i = 0; i < in->nrules; i++)
		rule_free(in->rules[i]);
	free(in->rules);
	for (i = 0; i < in->nthreads; i++) {
		free(in->threads[i].first);
		free(in->threads[i].last);
	}
	free(in->threads);
	free(in->filter);
	free(in->req);
	free(in->delayed);
	if (in->shared)
		munmap(in->shared, 4096);
	if (in->listener >= 0)
		close(in->listener);
	if (in->epfd >= 0)
		close(in->epfd);
	if (in->timerfd >= 0)
		close(in->timerfd);
	free(in);
}
