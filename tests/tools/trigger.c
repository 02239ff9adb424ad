/*
 * Deterministic trigger workloads for tests/tools/run.sh.
 *
 * Installed as BUILD/tests/ferret-trig, so every event it causes carries
 * the comm "ferret-trig" (unique on the system) and one pid that both
 * tracers see.  Usage: ferret-trig ACTION MARKER
 * MARKER is a unique string (e.g. a path prefix) the runner greps for.
 *
 * Also installed as BUILD/tests/ferret-sigint (another comm, so that its
 * own syscalls never count as the trigger's): "ferret-sigint sigint PID..."
 * sends SIGINT to each PID with sigqueue(), i.e. rt_sigqueueinfo and not
 * kill(), which killsnoop would report.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static int make_file(const char *path, size_t size)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	char buf[4096];

	if (fd < 0)
		die(path);
	memset(buf, 'x', sizeof(buf));
	while (size > 0) {
		size_t n = size < sizeof(buf) ? size : sizeof(buf);
		if (write(fd, buf, n) != (ssize_t)n)
			die("write");
		size -= n;
	}
	return fd;
}

/* opensnoop: 3 successful opens (fd 3 each time) and 3 ENOENT, via openat
 * (glibc's open) and the legacy open syscall; the last path is longer than
 * bpftrace's 64-byte strings, so str() truncates it. */
static void do_open(const char *m)
{
	char path[4096], missing[4096], longer[4096];
	int i, fd;

	snprintf(path, sizeof(path), "%s.file", m);
	snprintf(missing, sizeof(missing), "%s.missing", m);
	snprintf(longer, sizeof(longer), "%s.%s", m,
		 "missing-and-longer-than-64-bytes-0123456789abcdefghijklmnopqrstuvwxyz");
	close(make_file(path, 10));
	for (i = 0; i < 3; i++) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			die("open");
		close(fd);
	}
	syscall(SYS_open, missing, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, missing, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, longer, O_RDONLY);
	unlink(path);
}

/* statsnoop: each traced stat flavour, on an existing and a missing path. */
static void do_stat(const char *m)
{
	char path[4096], missing[4096];
	struct stat st;
	struct statfs sfs;
	struct statx stx;

	snprintf(path, sizeof(path), "%s.file", m);
	snprintf(missing, sizeof(missing), "%s.missing", m);
	close(make_file(path, 10));
	syscall(SYS_stat, path, &st);
	syscall(SYS_lstat, path, &st);
	syscall(SYS_statfs, path, &sfs);
	syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BASIC_STATS, &stx);
	syscall(SYS_stat, missing, &st);
	syscall(SYS_statx, AT_FDCWD, missing, 0, STATX_BASIC_STATS, &stx);
	unlink(path);
}

/* killsnoop: signal 0 to ourselves (ret 0) and SIGTERM to a pid that
 * cannot exist (ret -ESRCH).  A target pid of 0 would be filtered out by
 * the tool's /@tpid[tid]/ predicate, so avoid it. */
static void do_kill(const char *m)
{
	(void)m;
	kill(getpid(), 0);
	kill(4194304 + 7, SIGTERM);	/* > PID_MAX_LIMIT */
}

/* setuids: setuid, setfsuid and setresuid, as root (all keep uid 0),
 * plus setuid(-1), which fails with EINVAL (uid_t 4294967295, ret -22). */
static void do_setuid(const char *m)
{
	(void)m;
	syscall(SYS_setuid, 0);
	syscall(SYS_setfsuid, 0);
	syscall(SYS_setresuid, -1, -1, -1);
	syscall(SYS_setuid, -1);
}

/* syncsnoop: every traced sync flavour once. */
static void do_sync(const char *m)
{
	char path[4096];
	int fd;
	void *p;

	snprintf(path, sizeof(path), "%s.file", m);
	fd = make_file(path, 4096);
	sync();
	syncfs(fd);
	fsync(fd);
	fdatasync(fd);
	sync_file_range(fd, 0, 4096, SYNC_FILE_RANGE_WRITE);
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		die("mmap");
	msync(p, 4096, MS_SYNC);
	munmap(p, 4096);
	close(fd);
	unlink(path);
}

/* execsnoop: fork, exec /bin/true with known arguments. */
static void do_exec(const char *m)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid == 0) {
		/* Every string in memory the child has written: string
		 * literals live in file-backed pages that a fresh child has
		 * not faulted in yet, and a BPF program cannot read those. */
		char *argv[] = { strdup("/bin/true"), strdup(m), strdup("two words"),
				 strdup(""), strdup("last"), NULL };
		char *envp[] = { NULL };
		execve("/bin/true", argv, envp);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
}

/* naptime: the nanosleep syscall itself (glibc's nanosleep and sleep use
 * clock_nanosleep, which the tool does not trace). */
static void do_nanosleep(const char *m)
{
	struct timespec a = { 0, 12345678 }, b = { 0, 1000000 };

	(void)m;
	syscall(SYS_nanosleep, &a, NULL);
	syscall(SYS_nanosleep, &b, NULL);
}

/* pidpersec / runqlat: fork MARKER (a number) short-lived children. */
static void do_fork(const char *m)
{
	int i, n = atoi(m);

	for (i = 0; i < n; i++) {
		pid_t pid = fork();
		if (pid < 0)
			die("fork");
		if (pid == 0)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
}

/* syscount: many calls of a syscall number that does not exist; the
 * raw_syscalls:sys_enter tracepoint still fires with that id, so the
 * @syscall entry for it counts only our calls. */
#define FAKE_SYSCALL 1000
#define FAKE_CALLS 150000
static void do_syscalls(const char *m)
{
	int i;

	(void)m;
	for (i = 0; i < FAKE_CALLS; i++)
		syscall(FAKE_SYSCALL);
}

/* bitesize: direct (uncached) writes of known sizes to the root disk. */
static void do_blockio(const char *m)
{
	char path[4096];
	void *buf;
	int fd, i;

	snprintf(path, sizeof(path), "%s.file", m);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_DIRECT, 0644);
	if (fd < 0)
		die(path);
	if (posix_memalign(&buf, 4096, 65536))
		die("posix_memalign");
	memset(buf, 'y', 65536);
	/* Allocate the blocks first so the timed writes are pure data I/O. */
	if (fallocate(fd, 0, 0, 1 << 20))
		die("fallocate");
	fsync(fd);
	for (i = 0; i < 8; i++)
		if (pwrite(fd, buf, 4096, (off_t)i * 4096) != 4096)
			die("pwrite");
	for (i = 0; i < 4; i++)
		if (pwrite(fd, buf, 16384, 65536 + (off_t)i * 16384) != 16384)
			die("pwrite");
	for (i = 0; i < 2; i++)
		if (pread(fd, buf, 65536, 262144 + (off_t)i * 65536) != 65536)
			die("pread");
	close(fd);
	unlink(path);
	free(buf);
}

/* writeback: dirty some page cache, then sync (flusher work, reason sync). */
static void do_writeback(const char *m)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s.file", m);
	close(make_file(path, 1 << 20));
	sync();
	unlink(path);
	sync();
}

/* cpuwalk / runqlen / loads: keep both CPUs busy for a while. */
static void do_spin(const char *m)
{
	long ms = atol(m);
	struct timespec t0, t;
	pid_t kid = fork();

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= ms)
			break;
	}
	if (kid == 0)
		_exit(0);
	if (kid > 0)
		waitpid(kid, NULL, 0);
}

/*
 * gethostlatency: getaddrinfo() of the marker, numeric-only so that no
 * resolver is asked (the call fails at once, but it is made).
 */
static void do_resolve(const char *m)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST }, *res = NULL;

	if (getaddrinfo(m, NULL, &hints, &res) == 0)
		freeaddrinfo(res);
}

/*
 * threadsnoop: one thread, started at do_thread_fn, joined; then the
 * process lives 200 ms more, so that a tracer naming the start routine
 * (usym()) can still read its mappings.
 */
static void *do_thread_fn(void *arg)
{
	return arg;
}

static void do_thread(const char *m)
{
	pthread_t t;

	struct timespec ts = { 0, 200 * 1000 * 1000 };

	if (pthread_create(&t, NULL, do_thread_fn, NULL) == 0)
		pthread_join(t, NULL);
	nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(const char *);
	} actions[] = {
		{ "open", do_open }, { "stat", do_stat }, { "kill", do_kill },
		{ "setuid", do_setuid }, { "sync", do_sync }, { "exec", do_exec },
		{ "nanosleep", do_nanosleep }, { "fork", do_fork },
		{ "syscalls", do_syscalls }, { "blockio", do_blockio },
		{ "writeback", do_writeback }, { "spin", do_spin },
		{ "resolve", do_resolve }, { "thread", do_thread },
	};
	size_t i;
	int j;

	if (argc >= 3 && strcmp(argv[1], "sigint") == 0) {
		union sigval v = { 0 };

		for (j = 2; j < argc; j++)
			if (sigqueue(atoi(argv[j]), SIGINT, v) != 0 && errno != ESRCH)
				die("sigqueue");
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: %s ACTION MARKER\n", argv[0]);
		return 2;
	}
	for (i = 0; i < sizeof(actions) / sizeof(actions[0]); i++) {
		if (strcmp(argv[1], actions[i].name) == 0) {
			actions[i].fn(argv[2]);
			return 0;
		}
	}
	fprintf(stderr, "%s: unknown action %s\n", argv[0], argv[1]);
	return 2;
}
