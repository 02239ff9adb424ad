/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.c's hash index: every value filed is found under its hash and
 * under no other, however many share a hash and however often the
 * index grows; a lookup of a hash never filed finds nothing.
 */
#include "harness.h"

/* Values 0..n-1 filed under hash v % nhash; each must come back once. */
static void check_index(struct tc *t, int n, uint32_t nhash)
{
	struct hindex h = { 0 };
	uint32_t k;
	int v, *seen = xcalloc(n, sizeof(*seen));

	for (v = 0; v < n; v++)
		hindex_put(&h, (uint32_t)v % nhash, v);
	expect(t, h.n == (size_t)n, "%zu filed, want %d", h.n, n);
	for (k = 0; k < nhash && !t->failed; k++) {
		size_t pos = 0;

		while ((v = hindex_next(&h, k, &pos)) >= 0) {
			if (!expect(t, v < n && (uint32_t)v % nhash == k,
				    "hash %u gave value %d", k, v))
				break;
			seen[v]++;
		}
	}
	for (v = 0; v < n && !t->failed; v++)
		expect(t, seen[v] == 1, "value %d found %d times", v, seen[v]);
	if (!t->failed) {
		size_t pos = 0;

		v = hindex_next(&h, nhash + 7, &pos);
		expect(t, v == -1, "an unfiled hash gave %d", v);
	}
	free(seen);
	hindex_free(&h);
	expect(t, !h.slot && !h.cap && !h.n, "hindex_free left it filled");
}

static void test_hindex(void)
{
	struct tc t = { .name = "hindex: distinct hashes across growth" };
	struct hindex empty = { 0 };
	size_t pos = 0;

	check_index(&t, 1000, 1000);
	finish(&t);
	t = (struct tc){ .name = "hindex: many values under one hash" };
	check_index(&t, 300, 1);
	finish(&t);
	t = (struct tc){ .name = "hindex: hashes that collide in the table" };
	check_index(&t, 2000, 37);
	finish(&t);
	t = (struct tc){ .name = "hindex: an empty index finds nothing" };
	expect(&t, hindex_next(&empty, 0, &pos) == -1, "found a value");
	finish(&t);
}

static void test_hash_bytes(void)
{
	struct tc t = { .name = "hash_bytes: FNV-1a, continued across calls" };
	uint32_t whole = hash_bytes(HASH_INIT, "ferret", 6);
	uint32_t split = hash_bytes(hash_bytes(HASH_INIT, "fer", 3), "ret", 3);

	/* FNV-1a of "a" is 0xe40c292c, of "" the offset basis. */
	expect(&t, hash_bytes(HASH_INIT, "a", 1) == 0xe40c292cu,
	       "hash of \"a\" is %#x", hash_bytes(HASH_INIT, "a", 1));
	expect(&t, hash_bytes(HASH_INIT, "", 0) == HASH_INIT, "empty input changed it");
	expect(&t, whole == split, "%#x whole, %#x in two calls", whole, split);
	finish(&t);
}

/* The integer putters against snprintf() of the formats they stand for. */
static void test_buf_put_ints(void)
{
	static const uint64_t u[] = {
		0, 1, 9, 10, 11, 19, 90, 99, 100, 101, 110, 999, 1000, 1001,
		99999, 100000, 123456789, 4294967295ull, 10000000000000000000ull,
		9007199254740993ull, UINT64_MAX - 1, UINT64_MAX,
	};
	static const int64_t sv[] = { 0, -1, 1, -10, INT64_MIN, INT64_MIN + 1, INT64_MAX };
	struct tc t = { .name = "buf_put_udec, buf_put_sdec, buf_put_hex" };
	struct buf b = { 0 };
	char want[64];
	size_t i;
	int z;

	/* Every number up to 100,000, in the pairs of digits it is put as. */
	for (i = 0; i <= 100000; i++) {
		b.len = 0;
		buf_put_udec(&b, i, 0);
		snprintf(want, sizeof(want), "%zu", i);
		if (strcmp(b.p, want)) {
			expect(&t, false, "udec %zu: %s", i, b.p);
			break;
		}
	}
	for (i = 0; i < ARRAY_SIZE(u); i++) {
		for (z = 0; z <= 6; z += 3) {
			b.len = 0;
			buf_put_udec(&b, u[i], z);
			snprintf(want, sizeof(want), "%0*llu", z, (unsigned long long)u[i]);
			expect(&t, !strcmp(b.p, want), "udec %llu, %d: %s, want %s",
			       (unsigned long long)u[i], z, b.p, want);
		}
		b.len = 0;
		buf_put_hex(&b, u[i]);
		snprintf(want, sizeof(want), "0x%llx", (unsigned long long)u[i]);
		expect(&t, !strcmp(b.p, want), "hex: %s, want %s", b.p, want);
	}
	for (i = 0; i < ARRAY_SIZE(sv); i++) {
		b.len = 0;
		buf_put_sdec(&b, sv[i]);
		snprintf(want, sizeof(want), "%lld", (long long)sv[i]);
		expect(&t, !strcmp(b.p, want), "sdec: %s, want %s", b.p, want);
	}
	buf_free(&b);
	finish(&t);
}

int main(void)
{
	test_hindex();
	test_buf_put_ints();
	test_hash_bytes();
	return harness_summary();
}
