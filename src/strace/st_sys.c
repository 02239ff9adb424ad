/* SPDX-License-Identifier: GPL-2.0 */
/* Lookups in the system call table. */
#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/audit.h>

#include "st_main.h"
#include "st_sys.h"
#include "st_xlat.h"
#include "../util.h"

#define ST_MAXNR 1024

static const struct st_sys *by_nr[ST_MAXNR];
static bool indexed;

static void st_index(void)
{
	int i;

	if (indexed)
		return;
	for (i = 0; i < st_nsys; i++)
		if (st_systab[i].nr >= 0 && st_systab[i].nr < ST_MAXNR)
			by_nr[st_systab[i].nr] = &st_systab[i];
	indexed = true;
}

const struct st_sys *st_sys_by_nr(long nr)
{
	st_index();
	if (nr < 0 || nr >= ST_MAXNR)
		return NULL;
	return by_nr[nr];
}

void st_sys_nr_arch(struct buf *b, uint64_t nr, uint32_t arch)
{
	const struct st_sys *s = arch == AUDIT_ARCH_X86_64 ? st_sys_by_nr(nr) : NULL;
	enum st_cstyle style = st_xlat_get_style();

	if (!s || style != ST_C_ABBREV)
		buf_printf(b, "%llu", (unsigned long long)nr);
	if (!s || style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* __NR_%s */" : "__NR_%s", s->name);
}

const struct st_sys *st_sys_by_name(const char *name)
{
	int i;

	for (i = 0; i < st_nsys; i++)
		if (!strcmp(st_systab[i].name, name))
			return &st_systab[i];
	return NULL;
}

int st_sys_nargs(const struct st_sys *s)
{
	const char *c;

	if (!s || !s->sig)
		return 6;
	c = strchr(s->sig, ':');
	return c ? (int)(c - s->sig) : (int)strlen(s->sig);
}

char st_sys_arg(const struct st_sys *s, int i)
{
	if (i < 0 || i >= st_sys_nargs(s) || !s || !s->sig)
		return 'x';
	return s->sig[i];
}

char st_sys_ret(const struct st_sys *s)
{
	const char *c = s && s->sig ? strchr(s->sig, ':') : NULL;

	return c ? c[1] : 'd';
}

bool st_sys_is_out(char letter)
{
	if (letter == ST_L_ITS_OUT || letter == ST_L_INT_OUT ||
	    letter == ST_L_MQATTR_OUT || letter == ST_L_TIME_OUT ||
	    letter == ST_L_CAPDATA_OUT || letter == ST_L_MSGBUF_OUT ||
	    letter == ST_L_ARCH_OUT || letter == ST_L_IPCBUF ||
	    letter == ST_L_TV_OUT || letter == ST_L_TZ_OUT ||
	    letter == ST_L_PTR_OUT || letter == ST_L_ULONG_OUT ||
	    letter == ST_L_MINCORE_OUT || letter == ST_L_NODEMASK_OUT ||
	    letter == ST_L_MMSG || letter == ST_L_IO_EVENT || letter == ST_L_IO_EVENTS)
		return true;
	return letter && strchr("RTXUBVFwGQHJN2456^*@]>=_,%'\\", letter);
}

bool st_sys_is_in(char letter)
{
	if (letter == ST_L_PRCTL || letter == ST_L_ITS || letter == ST_L_SIGEV ||
	    letter == ST_L_MQATTR_X || letter == ST_L_MQATTR || letter == ST_L_INT_IN ||
	    letter == ST_L_CAPHDR || letter == ST_L_CAPDATA || letter == ST_L_SIGINFO ||
	    letter == ST_L_SEMBUF || letter == ST_L_MSGBUF || letter == ST_L_KCMP_SLOT ||
	    letter == ST_L_NODEMASK || letter == ST_L_NODEMASK_A1 || letter == ST_L_GIDS_IN ||
	    letter == ST_L_PRCTL5 || letter == ST_L_LIMSTR || letter == ST_L_UTIMES ||
	    letter == ST_L_UTIMBUF || letter == ST_L_TIMEVAL2 || letter == ST_L_LL_RULESET ||
	    letter == ST_L_LL_PATH || letter == ST_L_SECCOMP ||
	    letter == ST_L_TV_IN || letter == ST_L_TZ_IN || letter == ST_L_LOFF_IN ||
	    letter == ST_L_IOCTL || letter == ST_L_CPUMASK_IN || letter == ST_L_SENDFILE_OFF ||
	    letter == ST_L_PRCTL_FPROG || letter == ST_L_FUTEXV || letter == ST_L_BPF_ATTR ||
	    letter == ST_L_URING || letter == ST_L_PERF || letter == ST_L_SYSCTL ||
	    letter == ST_L_KEYCTL || letter == ST_L_FSCONFIG ||
	    letter == ST_L_KEXEC || letter == ST_L_USER_DESC ||
	    letter == ST_L_MOVE_PAGES || letter == ST_L_PTRACE ||
	    letter == ST_L_AIO_IOCBS || letter == ST_L_IOCB || letter == ST_L_MMSG)
		return true;
	return letter && strchr("PSWtAvEeqgj3~({&[<n|$?.+-01", letter);
}

bool st_fd_keeping(const struct st_opts *o, long nr)
{
	static const char *const calls[] = {
		"open", "openat", "openat2", "creat", "close", "dup", "dup2",
		"dup3", "fcntl", "chdir", "fchdir", "pidfd_open", "open_tree",
		"landlock_create_ruleset", "seccomp", "userfaultfd",
		"unlink", "unlinkat", "rename", "renameat", "renameat2",
		"pipe", "pipe2", "socketpair",
	};
	const struct st_sys *s = st_sys_by_nr(nr);
	size_t i;

	if (!o->filtered || o->summary || !s)
		return false;
	/* The command's execve, whose failure is reported whatever the set. */
	if (o->cmd && (!strcmp(s->name, "execve") || !strcmp(s->name, "execveat")))
		return true;
	/* A netlink socket's protocol, for the messages sent or received. */
	if (!strcmp(s->name, "socket")) {
		const struct st_sys *io[4] = {
			st_sys_by_name("sendto"), st_sys_by_name("recvfrom"),
			st_sys_by_name("sendmsg"), st_sys_by_name("recvmsg"),
		};

		for (i = 0; i < 4; i++)
			if (io[i] && o->traced[io[i]->nr])
				return true;
	}
	if (!o->fdpaths && !o->npaths && !o->stack)
		return false;
	/*
	 * -k: the files code is mapped from, for a process gone from /proc,
	 * and the program an execve loads (its auxiliary vector at return).
	 */
	if (o->stack && (!strcmp(s->name, "mmap") || !strcmp(s->name, "munmap") ||
			 !strcmp(s->name, "execve") || !strcmp(s->name, "execveat")))
		return true;
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strcmp(s->name, calls[i]))
			return true;
	return false;
}

int st_str_limit(const struct st_sys *s)
{
	/* MFD_NAME_MAX_LEN + 1 (mm/memfd.c); reboot's buffer less its NUL. */
	if (s && !strcmp(s->name, "memfd_create"))
		return 250;
	return 255;
}

static const struct {
	const char *name;
	unsigned cls;
} classes[] = {
	{ "%file", ST_FILE }, { "file", ST_FILE }, { "%desc", ST_DESC },
	{ "%network", ST_NETWORK }, { "network", ST_NETWORK },
	{ "%net", ST_NETWORK }, { "%process", ST_PROCESS },
	{ "process", ST_PROCESS }, { "%memory", ST_MEMORY },
	{ "memory", ST_MEMORY }, { "%signal", ST_SIGNAL },
	{ "signal", ST_SIGNAL }, { "desc", ST_DESC },
	{ "%ipc", ST_IPC }, { "ipc", ST_IPC }, { "%creds", ST_CREDS },
	{ "%stat", ST_STAT }, { "%lstat", ST_LSTAT }, { "%fstat", ST_FSTAT },
	{ "%%stat", ST_STAT_LIKE }, { "%statfs", ST_STATFS },
	{ "%fstatfs", ST_FSTATFS }, { "%%statfs", ST_STATFS_LIKE },
	{ "%pure", ST_PURE }, { "%clock", ST_CLOCK },
};

/*
 * /REGEX: the calls whose names match (POSIX extended); returns how many
 * match, or -EINVAL after strace's message for a bad expression.
 */
static int set_regex(bool *set, const char *re, bool val)
{
	regex_t rx;
	char msg[128];
	int i, n = 0, err = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);

	if (err) {
		regerror(err, &rx, msg, sizeof(msg));
		st_err("regcomp: %s: %s\n", re, msg);
		regfree(&rx);
		return -EINVAL;
	}
	for (i = 0; i < st_nsys; i++)
		if (!regexec(&rx, st_systab[i].name, 0, NULL, 0)) {
			set[st_systab[i].nr] = val;
			n++;
		}
	regfree(&rx);
	return n;
}

int st_sys_set(bool *set, const char *spec)
{
	const char *whole = spec;
	bool neg = false, val, done = false;
	char *copy, *tok, *save = NULL;
	int i;
	size_t j;

	if (*spec == '!') {
		neg = true;
		spec++;
	}
	memset(set, neg, ST_NR_MAX * sizeof(*set));
	val = !neg;
	copy = xstrdup(spec);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool found = false, quiet = false, p64 = false;
		char *at;

		done = true;

		/* "?NAME": no error should NAME not be a call here. */
		if (*tok == '?') {
			quiet = true;
			tok++;
		}
		/*
		 * NAME@64 is the x86-64 personality's, the one ferret traces;
		 * NAME@32 and NAME@x32 are calls of personalities it does not
		 * decode: they select nothing.
		 */
		at = strrchr(tok, '@');
		if (at && !strcmp(at, "@64")) {
			*at = 0;
			p64 = true;
		} else if (at && (!strcmp(at, "@32") || !strcmp(at, "@x32"))) {
			continue;
		} else if (at) {
			st_err("incorrect personality designator '%s' in qualification '%s'\n",
				at + 1, tok);
			goto fail;
		}
		/* "all" may be one of a list; "none" only the whole set. */
		if (!strcmp(tok, "all") || (!strcmp(tok, "none") && !strcmp(spec, "none"))) {
			bool all = !strcmp(tok, "all") ? val : !val;

			memset(set, all, ST_NR_MAX * sizeof(*set));
			continue;
		}
		for (j = 0; j < ARRAY_SIZE(classes); j++)
			if (!strcmp(tok, classes[j].name)) {
				for (i = 0; i < st_nsys; i++)
					if (st_systab[i].cls & classes[j].cls)
						set[st_systab[i].nr] = val;
				found = true;
			}
		if (found)
			continue;
		for (i = 0; i < st_nsys; i++)
			if (!strcmp(st_systab[i].name, tok)) {
				set[st_systab[i].nr] = val;
				found = true;
			}
		/* A number in decimal, of a call the table has. */
		if (!found && isdigit((unsigned char)tok[0])) {
			char *end;
			unsigned long n = strtoul(tok, &end, 10);

			if (!*end && n < ST_NR_MAX && st_sys_by_nr((long)n)) {
				set[n] = val;
				found = true;
			}
		}
		if (!found && tok[0] == '/') {
			int r = set_regex(set, tok + 1, val);

			if (r < 0)
				goto fail;
			found = r > 0;
		}
		/* Another personality's call, or "?name": nothing here. */
		for (j = 0; !found && st_other_names[j]; j++)
			found = !strcmp(st_other_names[j], tok);
		if (!found && quiet)
			continue;
		if (!found) {
			st_err("invalid system call '%s%s'\n", tok, p64 ? "@64" : "");
			goto fail;
		}
	}
	/* A set of no names ("", ",", "!"), as strace: the whole of it. */
	if (!done) {
		st_err("invalid system call '%s'\n", whole);
		goto fail;
	}
	free(copy);
	return 0;
fail:
	free(copy);
	return -EINVAL;
}
