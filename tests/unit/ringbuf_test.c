/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer reader (kernel/ringbuf.c) against the kernel's own
 * producer: a raw tracepoint program run by BPF_PROG_TEST_RUN writes
 * records of 8 to 64 bytes carrying a sequence number, or reserves one
 * and discards it.  The reader must see every committed record once, in
 * order, with its bytes, across many wraps of a small buffer (records
 * that straddle its end included), skip discarded ones, and stop and
 * resume where a callback asks it to.  Needs root.
 */
#include <linux/bpf.h>
#include <poll.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "harness.h"
#include "kernel/ringbuf.h"

#define RB_SIZE (4 * 4096)

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

/*
 * ctx (u64 args): [0] sequence number, [1] size selector, [2] non-zero:
 * reserve 16 bytes and discard them instead.
 */
static int load_writer(int map_fd)
{
	struct bpf_insn p[64];
	int n = 0, i, fd;

	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_6, BPF_REG_1, 0, 0);
	/* 64 bytes of stack, zeroed; the sequence number at fp-64. */
	for (i = 1; i <= 8; i++)
		p[n++] = INSN(BPF_ST | BPF_MEM | BPF_DW, BPF_REG_10, 0, -8 * i, 0);
	p[n++] = INSN(BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_7, BPF_REG_6, 0, 0);
	p[n++] = INSN(BPF_STX | BPF_MEM | BPF_DW, BPF_REG_10, BPF_REG_7, -64, 0);
	p[n++] = INSN(BPF_STX | BPF_MEM | BPF_DW, BPF_REG_10, BPF_REG_7, -8, 0);
	p[n++] = INSN(BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_8, BPF_REG_6, 16, 0);
	p[n++] = INSN(BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_8, 0, 10, 0);
	/* Discard: r0 = reserve(map, 16, 0); if r0: discard(r0, 0). */
	p[n++] = INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map_fd);
	p[n++] = INSN(0, 0, 0, 0, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 16);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_3, 0, 0, 0);
	p[n++] = INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ringbuf_reserve);
	p[n++] = INSN(BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 3, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_1, BPF_REG_0, 0, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 0);
	p[n++] = INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ringbuf_discard);
	p[n++] = INSN(BPF_JMP | BPF_JA, 0, 0, 9, 0);
	/* Output: size = (ctx[1] & 56) + 8 bytes from fp-64. */
	p[n++] = INSN(BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_3, BPF_REG_6, 8, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_AND | BPF_K, BPF_REG_3, 0, 0, 56);
	p[n++] = INSN(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_3, 0, 0, 8);
	p[n++] = INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map_fd);
	p[n++] = INSN(0, 0, 0, 0, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0);
	p[n++] = INSN(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -64);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_4, 0, 0, 0);
	p[n++] = INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ringbuf_output);
	p[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0);
	p[n++] = INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "rb_writer", "GPL",
			   p, n, NULL);
	return fd < 0 ? -errno : fd;
}

static int write_rec(int prog, uint64_t seq, uint64_t sel, bool discard)
{
	uint64_t args[3] = { seq, sel, discard };
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = args,
		    .ctx_size_in = sizeof(args));

	return bpf_prog_test_run_opts(prog, &o) ? -errno : 0;
}

struct seen {
	struct tc *t;
	uint64_t next;		/* the sequence number expected next */
	int stop_at;		/* return -1 when this many were seen, or -1 */
	int n;
};

static int on_rec(void *arg, void *data, size_t size)
{
	struct seen *s = arg;
	uint64_t seq, tail;

	if (!expect(s->t, size >= 8 && size <= 64 && size % 8 == 0,
		    "record %d: size %zu", s->n, size))
		return -1;
	memcpy(&seq, data, 8);
	memcpy(&tail, (char *)data + size - 8, 8);
	expect(s->t, seq == s->next, "record %d: sequence %llu, expected %llu",
	       s->n, (unsigned long long)seq, (unsigned long long)s->next);
	expect(s->t, size == 8 || tail == (size == 64 ? seq : 0),
	       "record %llu of %zu bytes: last word %llu",
	       (unsigned long long)seq, size, (unsigned long long)tail);
	s->next = seq + 1;
	s->n++;
	return s->n == s->stop_at ? -1 : 0;
}

/* Many wraps: a batch of records of every size, read, again and again. */
static void test_wraps(int map, int prog)
{
	struct tc t = { .name = "wraps" };
	struct seen s = { .t = &t, .stop_at = -1 };
	struct rbuf *r = rbuf_open(&map, 1, RB_SIZE, on_rec, &s);
	uint64_t seq = 0;
	int round, i, got;

	if (!expect(&t, r, "rbuf_open: %s", strerror(errno)))
		goto out;
	for (round = 0; round < 200 && !t.failed; round++) {
		int batch = 1 + round % 97;

		for (i = 0; i < batch && !t.failed; i++, seq++)
			expect(&t, !write_rec(prog, seq, seq * 8, false),
			       "write %llu: %s", (unsigned long long)seq, strerror(errno));
		got = rbuf_consume(r);
		expect(&t, got == batch, "round %d: %d records, expected %d",
		       round, got, batch);
	}
	expect(&t, s.next == seq, "%llu records seen of %llu",
	       (unsigned long long)s.next, (unsigned long long)seq);
	expect(&t, rbuf_consume(r) == 0, "a record read twice");
out:
	rbuf_close(r);
	finish(&t);
}

/* Discarded records take space and are never handed over. */
static void test_discard(int map, int prog)
{
	struct tc t = { .name = "discard" };
	struct seen s = { .t = &t, .stop_at = -1 };
	struct rbuf *r = rbuf_open(&map, 1, RB_SIZE, on_rec, &s);
	uint64_t seq;
	int i, got;

	if (!expect(&t, r, "rbuf_open: %s", strerror(errno)))
		goto out;
	/* Whatever an earlier case left is read first. */
	rbuf_consume(r);
	s.next = seq = 1000000;
	for (i = 0; i < 3000 && !t.failed; i++) {
		expect(&t, !write_rec(prog, 0, 0, true), "discard: %s", strerror(errno));
		if (i % 3 == 0)
			expect(&t, !write_rec(prog, seq++, i, false), "write: %s",
			       strerror(errno));
		if (i % 50 == 49) {
			got = rbuf_consume(r);
			expect(&t, got >= 0, "consume: %s", strerror(-got));
		}
	}
	rbuf_consume(r);
	expect(&t, s.next == seq, "%llu records seen, expected %llu",
	       (unsigned long long)(s.next - 1000000),
	       (unsigned long long)(seq - 1000000));
	/* Discarded records alone (a program's wake-up) are counted, not handed. */
	i = s.n;
	for (got = 0; got < 4; got++)
		write_rec(prog, 0, 0, true);
	got = rbuf_consume(r);
	expect(&t, got == 4 && s.n == i, "4 discarded records: consume returned %d, %d handed",
	       got, s.n - i);
out:
	rbuf_close(r);
	finish(&t);
}

/* A callback's negative return stops the reader at that record. */
static void test_stop(int map, int prog)
{
	struct tc t = { .name = "stop_and_resume" };
	struct seen s = { .t = &t, .stop_at = -1 };
	struct rbuf *r = rbuf_open(&map, 1, RB_SIZE, on_rec, &s);
	int i, got;

	if (!expect(&t, r, "rbuf_open: %s", strerror(errno)))
		goto out;
	rbuf_consume(r);
	s.stop_at = s.n + 5;
	s.next = 7000;
	for (i = 0; i < 12; i++)
		write_rec(prog, 7000 + i, 0, false);
	got = rbuf_consume(r);
	expect(&t, got == -1, "consume returned %d, expected the callback's -1", got);
	expect(&t, s.next == 7005, "stopped after %llu", (unsigned long long)s.next);
	got = rbuf_consume(r);
	expect(&t, got == 7, "resumed with %d records, expected 7", got);
	expect(&t, s.next == 7012, "ended after %llu", (unsigned long long)s.next);
out:
	rbuf_close(r);
	finish(&t);
}

static void test_bad_size(void)
{
	struct tc t = { .name = "bad_size" };

	errno = 0;
	int fd = -1;

	errno = 0;
	expect(&t, !rbuf_open(&fd, 1, 3 * 4096, on_rec, NULL) && errno == EINVAL,
	       "a size that is not a power of two was taken");
	errno = 0;
	expect(&t, !rbuf_open(&fd, 0, 4096, on_rec, NULL) && errno == EINVAL,
	       "no ring was taken");
	finish(&t);
}

/*
 * Two rings (one per CPU, as ferret record has them): one descriptor to
 * poll says when either has records, and each ring's come in order.
 */
static void test_rings(int map, int prog)
{
	struct tc t = { .name = "two_rings" };
	struct seen s = { .t = &t, .stop_at = -1 };
	int fds[2] = { map, -1 }, prog2 = -1, i, got;
	struct rbuf *r = NULL;
	struct pollfd pfd;

	fds[1] = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "rb_test2", 0, 0, RB_SIZE, NULL);
	if (!expect(&t, fds[1] >= 0, "second ring: %s", strerror(errno)))
		goto out;
	prog2 = load_writer(fds[1]);
	if (!expect(&t, prog2 >= 0, "second writer: %s", strerror(-prog2)))
		goto out;
	r = rbuf_open(fds, 2, RB_SIZE, on_rec, &s);
	if (!expect(&t, r, "rbuf_open: %s", strerror(errno)))
		goto out;
	rbuf_consume(r);
	pfd = (struct pollfd){ .fd = rbuf_poll_fd(r), .events = POLLIN };
	expect(&t, pfd.fd != map && pfd.fd != fds[1], "polls one ring's descriptor");
	expect(&t, poll(&pfd, 1, 0) == 0, "readable with nothing written");
	s.next = 9000;
	for (i = 0; i < 40; i++)
		write_rec(prog2, 9000 + i, (uint64_t)i * 8, false);
	expect(&t, poll(&pfd, 1, 1000) == 1 && pfd.revents & POLLIN,
	       "not readable after records in the second ring");
	got = rbuf_consume(r);
	expect(&t, got == 40 && s.next == 9040, "read %d records, up to %llu", got,
	       (unsigned long long)s.next);
	for (i = 0; i < 30; i++)
		write_rec(prog, 9040 + i, (uint64_t)i * 8, false);
	for (i = 0; i < 30; i++)
		write_rec(prog2, 9070 + i, (uint64_t)i * 8, false);
	got = rbuf_consume(r);
	expect(&t, got == 60 && s.next == 9100, "read %d records of both, up to %llu", got,
	       (unsigned long long)s.next);
out:
	rbuf_close(r);
	if (prog2 >= 0)
		close(prog2);
	if (fds[1] >= 0)
		close(fds[1]);
	finish(&t);
}

int main(void)
{
	int map, prog;

	test_bad_size();
	if (geteuid() != 0) {
		skip("wraps", "needs root");
		skip("discard", "needs root");
		skip("stop_and_resume", "needs root");
		skip("two_rings", "needs root");
		return harness_summary();
	}
	map = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "rb_test", 0, 0, RB_SIZE, NULL);
	if (map < 0) {
		printf("FAIL setup: cannot create a ring buffer: %s\n", strerror(errno));
		failed++;
		return harness_summary();
	}
	prog = load_writer(map);
	if (prog < 0) {
		printf("FAIL setup: cannot load the writer: %s\n", strerror(-prog));
		failed++;
		return harness_summary();
	}
	test_wraps(map, prog);
	test_discard(map, prog);
	test_stop(map, prog);
	test_rings(map, prog);
	close(prog);
	close(map);
	return harness_summary();
}
