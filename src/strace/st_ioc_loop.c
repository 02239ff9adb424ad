/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the loop device requests (type 0x4C), as strace decodes
 * them: the old and 64-bit status structs (whole under -v, the
 * encryption's fields otherwise only when there is one), the
 * configuration, descriptors and plain values.
 */
#include <linux/loop.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* Gone from the headers (v3.2), still named by strace. */
#define ST_LO_FLAGS_USE_AOPS 2

static const struct st_xlat lo_flags[] = {
	X(LO_FLAGS_READ_ONLY), { ST_LO_FLAGS_USE_AOPS, "LO_FLAGS_USE_AOPS" },
	X(LO_FLAGS_AUTOCLEAR), X(LO_FLAGS_PARTSCAN), X(LO_FLAGS_DIRECT_IO), END,
};

static const struct st_xlat crypt_types[] = {
	X(LO_CRYPT_NONE), X(LO_CRYPT_XOR), X(LO_CRYPT_DES), X(LO_CRYPT_FISH2),
	X(LO_CRYPT_BLOW), X(LO_CRYPT_CAST128), X(LO_CRYPT_IDEA), X(LO_CRYPT_DUMMY),
	X(LO_CRYPT_SKIPJACK), X(LO_CRYPT_CRYPTOAPI), END,
};

static bool no_arg(unsigned request)
{
	return request == LOOP_CLR_FD || request == LOOP_SET_CAPACITY ||
	       request == LOOP_CTL_GET_FREE;
}

/*
 * A name in a char array of size bytes, as strace prints one: up to its
 * NUL among the first size - 1, "..." after when there is none there and
 * the last byte is not one either.
 */
static void cstring(struct buf *b, const unsigned char *s, size_t size, const struct st_dopts *o)
{
	size_t n = strnlen((const char *)s, size - 1);

	st_quote(b, s, n, n == size - 1 && s[n], o->xstyle);
}

/* The key: as many bytes as its size says, LO_KEY_SIZE at most. */
static void key(struct buf *b, const unsigned char *k, uint32_t size, const struct st_dopts *o)
{
	buf_printf(b, ", lo_encrypt_key=");
	st_quote(b, k, size < LO_KEY_SIZE ? size : LO_KEY_SIZE, false, o->xstyle);
}

static void crypt_type(struct buf *b, uint32_t type, uint32_t key_size)
{
	buf_printf(b, ", lo_encrypt_type=");
	st_xlat_val(b, crypt_types, type, "LO_CRYPT_???");
	buf_printf(b, ", lo_encrypt_key_size=%u", key_size);
}

static void info(struct buf *b, const struct loop_info *i, const struct st_dopts *o)
{
	bool crypt = o->verbose || i->lo_encrypt_type != LO_CRYPT_NONE;
	int j;

	buf_printf(b, "{lo_number=%d", i->lo_number);
	if (o->verbose) {
		buf_printf(b, ", lo_device=");
		st_ioctl_dev(b, i->lo_device);
		buf_printf(b, ", lo_inode=%lu, lo_rdevice=", i->lo_inode);
		st_ioctl_dev(b, i->lo_rdevice);
	}
	buf_printf(b, ", lo_offset=%#x", (unsigned)i->lo_offset);
	if (crypt)
		crypt_type(b, (unsigned)i->lo_encrypt_type, (unsigned)i->lo_encrypt_key_size);
	buf_printf(b, ", lo_flags=");
	st_xlat_flags_dflt(b, lo_flags, (unsigned)i->lo_flags, "0", "LO_FLAGS_???");
	buf_printf(b, ", lo_name=");
	cstring(b, (const unsigned char *)i->lo_name, sizeof(i->lo_name), o);
	if (crypt)
		key(b, i->lo_encrypt_key, (unsigned)i->lo_encrypt_key_size, o);
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	buf_printf(b, ", lo_init=[%#lx, %#lx], reserved=[", i->lo_init[0], i->lo_init[1]);
	for (j = 0; j < 4; j++)
		buf_printf(b, "%s%#x", j ? ", " : "", (unsigned char)i->reserved[j]);
	buf_printf(b, "]}");
}

static void info64(struct buf *b, const struct loop_info64 *i, const struct st_dopts *o)
{
	bool crypt = o->verbose || i->lo_encrypt_type != LO_CRYPT_NONE;

	if (o->verbose) {
		buf_printf(b, "{lo_device=");
		st_ioctl_dev(b, i->lo_device);
		buf_printf(b, ", lo_inode=%llu, lo_rdevice=", (unsigned long long)i->lo_inode);
		st_ioctl_dev(b, i->lo_rdevice);
		buf_printf(b, ", lo_offset=%#llx, lo_sizelimit=%llu, lo_number=%u",
			   (unsigned long long)i->lo_offset, (unsigned long long)i->lo_sizelimit,
			   i->lo_number);
	} else {
		buf_printf(b, "{lo_offset=%#llx, lo_number=%u", (unsigned long long)i->lo_offset,
			   i->lo_number);
	}
	if (crypt)
		crypt_type(b, i->lo_encrypt_type, i->lo_encrypt_key_size);
	buf_printf(b, ", lo_flags=");
	st_xlat_flags_dflt(b, lo_flags, i->lo_flags, "0", "LO_FLAGS_???");
	buf_printf(b, ", lo_file_name=");
	cstring(b, i->lo_file_name, sizeof(i->lo_file_name), o);
	if (crypt) {
		buf_printf(b, ", lo_crypt_name=");
		cstring(b, i->lo_crypt_name, sizeof(i->lo_crypt_name), o);
		key(b, i->lo_encrypt_key, i->lo_encrypt_key_size, o);
	}
	if (o->verbose)
		buf_printf(b, ", lo_init=[%#llx, %#llx]}", (unsigned long long)i->lo_init[0],
			   (unsigned long long)i->lo_init[1]);
	else
		buf_printf(b, ", ...}");
}

/* struct loop_config: its reserved words only when one is not zero. */
static void config(struct buf *b, const struct st_call *c, const struct loop_config *l,
		   const struct st_dopts *o)
{
	size_t j, n = sizeof(l->__reserved) / sizeof(l->__reserved[0]);
	bool reserved = false;

	buf_printf(b, "{fd=");
	st_decode_fd(b, c->tid, (int32_t)l->fd, o, NULL);
	buf_printf(b, ", block_size=%u, info=", l->block_size);
	info64(b, &l->info, o);
	for (j = 0; j < n; j++)
		reserved |= l->__reserved[j] != 0;
	if (reserved) {
		buf_printf(b, ", __reserved=[");
		for (j = 0; j < n; j++)
			buf_printf(b, "%s%#llx", j ? ", " : "", (unsigned long long)l->__reserved[j]);
		buf_printf(b, "]");
	}
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	uint64_t v = c->args[2];

	switch (request) {
	case LOOP_SET_STATUS:
	case LOOP_GET_STATUS: {
		struct loop_info i;

		if (st_ioctl_umove(b, c, o, request == LOOP_GET_STATUS, &i, sizeof(i)))
			info(b, &i, o);
		return true;
	}
	case LOOP_SET_STATUS64:
	case LOOP_GET_STATUS64: {
		struct loop_info64 i;

		if (st_ioctl_umove(b, c, o, request == LOOP_GET_STATUS64, &i, sizeof(i)))
			info64(b, &i, o);
		return true;
	}
	case LOOP_CONFIGURE: {
		struct loop_config l;

		if (st_ioctl_umove(b, c, o, false, &l, sizeof(l)))
			config(b, c, &l, o);
		return true;
	}
	case LOOP_SET_FD:
	case LOOP_CHANGE_FD:
		st_decode_fd(b, c->tid, (int32_t)v, o, NULL);
		return true;
	case LOOP_CTL_ADD:
	case LOOP_CTL_REMOVE:
		buf_printf(b, "%d", (int)v);
		return true;
	case LOOP_SET_DIRECT_IO:
	case LOOP_SET_BLOCK_SIZE:
		buf_printf(b, "%llu", (unsigned long long)v);
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_loop = { .type = 0x4C, .no_arg = no_arg, .decode = decode };
