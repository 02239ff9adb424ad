/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: keyctl(2) as strace 6.1 prints it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/keyctl.h>

#include "st_keyctl.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define XI(n) { (uint64_t)(int64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat commands[] = {
	X(KEYCTL_GET_KEYRING_ID), X(KEYCTL_JOIN_SESSION_KEYRING), X(KEYCTL_UPDATE),
	X(KEYCTL_REVOKE), X(KEYCTL_CHOWN), X(KEYCTL_SETPERM), X(KEYCTL_DESCRIBE),
	X(KEYCTL_CLEAR), X(KEYCTL_LINK), X(KEYCTL_UNLINK), X(KEYCTL_SEARCH),
	X(KEYCTL_READ), X(KEYCTL_INSTANTIATE), X(KEYCTL_NEGATE),
	X(KEYCTL_SET_REQKEY_KEYRING), X(KEYCTL_SET_TIMEOUT), X(KEYCTL_ASSUME_AUTHORITY),
	X(KEYCTL_GET_SECURITY), X(KEYCTL_SESSION_TO_PARENT), X(KEYCTL_REJECT),
	X(KEYCTL_INSTANTIATE_IOV), X(KEYCTL_INVALIDATE), X(KEYCTL_GET_PERSISTENT),
	X(KEYCTL_DH_COMPUTE), X(KEYCTL_PKEY_QUERY), X(KEYCTL_PKEY_ENCRYPT),
	X(KEYCTL_PKEY_DECRYPT), X(KEYCTL_PKEY_SIGN), X(KEYCTL_PKEY_VERIFY),
	X(KEYCTL_RESTRICT_KEYRING), X(KEYCTL_MOVE), X(KEYCTL_CAPABILITIES),
	X(KEYCTL_WATCH_KEY), END,
};

/*
 * A key's permission bits: the kernel's include/linux/key.h, which no
 * UAPI header has.  Each bit before the mask that holds it, so that the
 * bits print one by one.
 */
static const struct st_xlat perms[] = {
	{ 0x01000000, "KEY_POS_VIEW" }, { 0x02000000, "KEY_POS_READ" },
	{ 0x04000000, "KEY_POS_WRITE" }, { 0x08000000, "KEY_POS_SEARCH" },
	{ 0x10000000, "KEY_POS_LINK" }, { 0x20000000, "KEY_POS_SETATTR" },
	{ 0x3f000000, "KEY_POS_ALL" },
	{ 0x00010000, "KEY_USR_VIEW" }, { 0x00020000, "KEY_USR_READ" },
	{ 0x00040000, "KEY_USR_WRITE" }, { 0x00080000, "KEY_USR_SEARCH" },
	{ 0x00100000, "KEY_USR_LINK" }, { 0x00200000, "KEY_USR_SETATTR" },
	{ 0x003f0000, "KEY_USR_ALL" },
	{ 0x00000100, "KEY_GRP_VIEW" }, { 0x00000200, "KEY_GRP_READ" },
	{ 0x00000400, "KEY_GRP_WRITE" }, { 0x00000800, "KEY_GRP_SEARCH" },
	{ 0x00001000, "KEY_GRP_LINK" }, { 0x00002000, "KEY_GRP_SETATTR" },
	{ 0x00003f00, "KEY_GRP_ALL" },
	{ 0x00000001, "KEY_OTH_VIEW" }, { 0x00000002, "KEY_OTH_READ" },
	{ 0x00000004, "KEY_OTH_WRITE" }, { 0x00000008, "KEY_OTH_SEARCH" },
	{ 0x00000010, "KEY_OTH_LINK" }, { 0x00000020, "KEY_OTH_SETATTR" },
	{ 0x0000003f, "KEY_OTH_ALL" }, END,
};

static const struct st_xlat reqkeys[] = {
	XI(KEY_REQKEY_DEFL_NO_CHANGE), X(KEY_REQKEY_DEFL_DEFAULT),
	X(KEY_REQKEY_DEFL_THREAD_KEYRING), X(KEY_REQKEY_DEFL_PROCESS_KEYRING),
	X(KEY_REQKEY_DEFL_SESSION_KEYRING), X(KEY_REQKEY_DEFL_USER_KEYRING),
	X(KEY_REQKEY_DEFL_USER_SESSION_KEYRING), X(KEY_REQKEY_DEFL_GROUP_KEYRING),
	X(KEY_REQKEY_DEFL_REQUESTOR_KEYRING), END,
};

static const struct st_xlat caps0[] = {
	X(KEYCTL_CAPS0_CAPABILITIES), X(KEYCTL_CAPS0_PERSISTENT_KEYRINGS),
	X(KEYCTL_CAPS0_DIFFIE_HELLMAN), X(KEYCTL_CAPS0_PUBLIC_KEY), X(KEYCTL_CAPS0_BIG_KEY),
	X(KEYCTL_CAPS0_INVALIDATE), X(KEYCTL_CAPS0_RESTRICT_KEYRING), X(KEYCTL_CAPS0_MOVE),
	END,
};

static const struct st_xlat caps1[] = {
	X(KEYCTL_CAPS1_NS_KEYRING_NAME), X(KEYCTL_CAPS1_NS_KEY_TAG),
	X(KEYCTL_CAPS1_NOTIFICATIONS), END,
};

static const struct st_xlat pkey_ops[] = {
	X(KEYCTL_SUPPORTS_ENCRYPT), X(KEYCTL_SUPPORTS_DECRYPT), X(KEYCTL_SUPPORTS_SIGN),
	X(KEYCTL_SUPPORTS_VERIFY), END,
};

static const struct st_xlat move_flags[] = { X(KEYCTL_MOVE_EXCL), END };

/* The structs' sizes: keyctl_dh_params, keyctl_kdf_params, keyctl_pkey_params and _query. */
#define DH_SIZE 12
#define KDF_SIZE 56
#define PKEY_PARAMS_SIZE 40
#define PKEY_QUERY_SIZE 56
/* INSTANTIATE_IOV's buffers read by the BPF program; later ones from the task. */
#define IOV_READ 8
/* Elements of an iovec array read under -v. */
#define IOV_MAX_V 64

/* Region numbers: the strings and buffers, the iovecs' from IOV_BASE. */
enum { R0, R1, R2, R3, IOV_BASE };

/*
 * The BPF side.  Registers: $k1..$k4 the arguments after the command;
 * len: an expression, clamped to what strace reads of a string.
 */
static void str_region(struct buf *b, const struct st_opts *o, char l, int idx,
		       const char *addr, const char *len)
{
	char lim[64];

	buf_printf(b, "$kl = %s; if ($kl > %d) { $kl = %d; } ", len, o->strsize + 1,
		   o->strsize + 1);
	snprintf(lim, sizeof(lim), "$kl");
	st_region_capture(b, l, 0, idx, addr, lim);
}

void st_keyctl_capture(struct buf *b, const struct st_opts *o, bool exit,
		       const int *reg_off)
{
	char l = exit ? ST_L_KEYCTL_OUT : ST_L_KEYCTL, any[16], addr[32];
	/* As many iovecs as strace shows, and one more, which tells "...". */
	int j, n = o->verbose ? IOV_MAX_V : o->strsize + 1;

	snprintf(any, sizeof(any), "%d", o->strsize + 1);
	buf_printf(b, "$kc = $a & 0xffffffff; $k1 = *(arg0 + %d); $k2 = *(arg0 + %d); "
		   "$k3 = *(arg0 + %d); $k4 = *(arg0 + %d); ",
		   reg_off[1], reg_off[2], reg_off[3], reg_off[4]);
	if (exit) {
		/* What the call wrote, as long as it says, the buffer's size at most. */
		buf_printf(b, "$kr = (int64)arg1; if ($kr < 0) { $kr = 0; } ");
		buf_printf(b, "if ($kc == %d || $kc == %d || $kc == %d) { if ($kr > $k3) { $kr = $k3; } ",
			   KEYCTL_DESCRIBE, KEYCTL_READ, KEYCTL_GET_SECURITY);
		str_region(b, o, l, R0, "$k2", "$kr");
		buf_printf(b, "} if ($kc == %d) { $kt = $kr; if ($kt > $k3) { $kt = $k3; } ",
			   KEYCTL_DH_COMPUTE);
		str_region(b, o, l, R0, "$k2", "$kt");
		st_region_capture(b, l, 0, R1, "$k4", "56");
		buf_printf(b, "if ($k4) { $kp = *($k4); ");
		str_region(b, o, l, R2, "$kp", any);
		buf_printf(b, "$kp = *($k4 + 8); $kn = *(uint32 *)($k4 + 16); ");
		str_region(b, o, l, R3, "$kp", "$kn");
		buf_printf(b, "} } if ($kc == %d) { ", KEYCTL_PKEY_QUERY);
		st_region_capture(b, l, 0, R0, "$k4", "56");
		buf_printf(b, "} if (($kc == %d || $kc == %d || $kc == %d) && $k1) { "
			   "$kn = *(uint32 *)($k1 + 8); ",
			   KEYCTL_PKEY_ENCRYPT, KEYCTL_PKEY_DECRYPT, KEYCTL_PKEY_SIGN);
		str_region(b, o, l, R0, "$k4", "$kn");
		buf_printf(b, "} if ($kc == %d) { if ($kr > $k2) { $kr = $k2; } ", KEYCTL_CAPABILITIES);
		str_region(b, o, l, R0, "$k1", "$kr");
		buf_printf(b, "} ");
		return;
	}
	buf_printf(b, "if ($kc == %d) { ", KEYCTL_JOIN_SESSION_KEYRING);
	str_region(b, o, l, R0, "$k1", any);
	buf_printf(b, "} if ($kc == %d || $kc == %d) { ", KEYCTL_UPDATE, KEYCTL_INSTANTIATE);
	str_region(b, o, l, R0, "$k2", "$k3");
	buf_printf(b, "} if ($kc == %d || $kc == %d) { ", KEYCTL_SEARCH, KEYCTL_RESTRICT_KEYRING);
	str_region(b, o, l, R0, "$k2", any);
	str_region(b, o, l, R1, "$k3", any);
	buf_printf(b, "} if ($kc == %d) { ", KEYCTL_DH_COMPUTE);
	st_region_capture(b, l, 0, R0, "$k1", "12");
	buf_printf(b, "} if ($kc == %d) { ", KEYCTL_PKEY_QUERY);
	str_region(b, o, l, R0, "$k3", any);
	buf_printf(b, "} if ($kc >= %d && $kc <= %d) { ", KEYCTL_PKEY_ENCRYPT, KEYCTL_PKEY_VERIFY);
	st_region_capture(b, l, 0, R0, "$k1", "40");
	str_region(b, o, l, R1, "$k2", any);
	buf_printf(b, "if ($k1) { $kn = *(uint32 *)($k1 + 4); ");
	str_region(b, o, l, R2, "$k3", "$kn");
	buf_printf(b, "if ($kc == %d) { $kn = *(uint32 *)($k1 + 8); ", KEYCTL_PKEY_VERIFY);
	str_region(b, o, l, R3, "$k4", "$kn");
	buf_printf(b, "} } } if ($kc == %d) { $kn = $k3; if ($kn > %d) { $kn = %d; } ",
		   KEYCTL_INSTANTIATE_IOV, n, n);
	st_region_capture(b, l, 0, R0, "$k2", "$kn * 16");
	for (j = 0; j < IOV_READ; j++) {
		buf_printf(b, "if ($kn > %d) { $kp = *($k2 + %d); $kq = *($k2 + %d); ",
			   j, 16 * j, 16 * j + 8);
		snprintf(addr, sizeof(addr), "$kp");
		str_region(b, o, l, IOV_BASE + j, addr, "$kq");
		buf_printf(b, "} ");
	}
	buf_printf(b, "} ");
}

/* The user-space side. */

/* A region of the call: its bytes (NULL if none came) and how many. */
struct reg {
	unsigned char *p;
	size_t len;
};

static struct reg region(const struct st_call *c, bool exit, int idx)
{
	struct reg r;

	r.p = st_region(c, exit ? ST_L_KEYCTL_OUT : ST_L_KEYCTL, 0, idx, &r.len);
	return r;
}

static void str_at(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		   bool exit, int idx, uint64_t addr, uint64_t len, int style)
{
	struct reg r = region(c, exit, idx);

	st_region_str(b, o, addr, len, style, r.p, r.len);
	free(r.p);
}

static void serial(struct buf *b, int32_t id)
{
	st_xlat_enum(b, st_key_spec, (uint64_t)(int64_t)id, "%lld");
}

static void uid(struct buf *b, uint32_t u)
{
	if (u == (uint32_t)-1)
		buf_printf(b, "-1");
	else
		buf_printf(b, "%u", u);
}

/* An int by name, in decimal where it has none, in the -X style. */
static void xlat_int(struct buf *b, const struct st_xlat *t, int v, const char *dflt)
{
	const char *n = st_xlat_name(t, (uint64_t)(int64_t)v);
	enum st_cstyle st = st_xlat_get_style();

	if (n && st == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%d", v);
	if (st != ST_C_RAW && (n || dflt))
		buf_printf(b, " /* %s */", n ? n : dflt);
}

/* An error number by name, unsigned where it has none (strace's print_err()). */
static void err_val(struct buf *b, uint32_t e)
{
	const char *n = e <= 4095 ? st_errno_name(e) : NULL;
	enum st_cstyle st = st_xlat_get_style();

	if (n && st == ST_C_ABBREV) {
		buf_printf(b, "%s", n);
		return;
	}
	buf_printf(b, "%u", e);
	if (n && st == ST_C_VERBOSE)
		buf_printf(b, " /* %s */", n);
}

static void ptr(struct buf *b, uint64_t v)
{
	st_region_ptr(b, v);
}

/* __spare[n] at p when not all zeros, as ", __spare=[...]" (-s elements). */
static void spare(struct buf *b, const struct st_dopts *o, const unsigned char *p, int n)
{
	int i;

	for (i = 0; i < n && !st_u32(p + 4 * i); i++)
		;
	if (i == n)
		return;
	buf_printf(b, ", __spare=[");
	for (i = 0; i < n; i++) {
		if (!o->verbose && i >= o->strsize) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s%#x", i ? ", " : "", st_u32(p + 4 * i));
	}
	buf_printf(b, "]");
}

/*
 * A struct of size bytes strace reads whole: true with its bytes in r,
 * or false with its address printed.
 */
static bool umove(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  bool exit, int idx, uint64_t addr, size_t size, struct reg *r)
{
	*r = region(c, exit, idx);
	if (!addr || o->noderef || (exit && st_call_failed(c)) || !r->p || r->len < size) {
		ptr(b, addr);
		free(r->p);
		r->p = NULL;
		return false;
	}
	return true;
}

/* What the call wrote: as many bytes as it returned, len at most. */
static void out_str(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		    uint64_t addr, uint64_t len, int style)
{
	uint64_t n = c->ret >= 0 && (uint64_t)c->ret > len ? len : (uint64_t)c->ret;

	if (st_call_failed(c))
		ptr(b, addr);
	else
		str_at(b, c, o, true, R0, addr, n, style);
}

static void iov_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	const struct st_call *c = ((const void **)arg)[0];
	const struct st_dopts *o = ((const void **)arg)[1];
	uint64_t base = st_u64(e), len = st_u64(e + 8);
	struct reg r = { NULL, 0 };

	buf_printf(b, "{iov_base=");
	if (idx < IOV_READ) {
		r = region(c, false, IOV_BASE + idx);
	} else if (base) {
		/* Past what the BPF program reads: the task's, while it lives. */
		size_t want = st_region_str_size(o, len);

		r.p = xmalloc(want + 1);
		r.len = st_tracee_read(c->tid, base, r.p, want, false);
	}
	st_region_str(b, o, base, len, 0, r.p, r.len);
	free(r.p);
	buf_printf(b, ", iov_len=%llu}", (unsigned long long)len);
}

static void dh_params(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct reg r;

	if (!umove(b, c, o, false, R0, c->args[1], DH_SIZE, &r))
		return;
	buf_printf(b, "{private=");
	serial(b, (int32_t)st_u32(r.p));
	buf_printf(b, ", prime=");
	serial(b, (int32_t)st_u32(r.p + 4));
	buf_printf(b, ", base=");
	serial(b, (int32_t)st_u32(r.p + 8));
	buf_printf(b, "}");
	free(r.p);
}

static void kdf_params(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct reg r = region(c, true, R1);
	uint64_t addr = c->args[4], len;

	if (!addr || !r.p || r.len < KDF_SIZE) {
		ptr(b, addr);
		free(r.p);
		return;
	}
	buf_printf(b, "{hashname=");
	str_at(b, c, o, true, R2, st_u64(r.p), ST_STR_ANY, ST_STR_NUL);
	len = st_u32(r.p + 16);
	buf_printf(b, ", otherinfo=");
	/* The kernel reads no otherinfo of length 0. */
	if (len)
		str_at(b, c, o, true, R3, st_u64(r.p + 8), len, 0);
	else
		ptr(b, st_u64(r.p + 8));
	buf_printf(b, ", otherinfolen=%llu", (unsigned long long)len);
	spare(b, o, r.p + 20, 8);
	buf_printf(b, "}");
	free(r.p);
}

static void pkey_query(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct reg r;

	if (!umove(b, c, o, true, R0, c->args[4], PKEY_QUERY_SIZE, &r))
		return;
	buf_printf(b, "{supported_ops=");
	st_xlat_flags_dflt(b, pkey_ops, st_u32(r.p), "0", "KEYCTL_SUPPORTS_???");
	buf_printf(b, ", key_size=%u, max_data_size=%u, max_sig_size=%u, max_enc_size=%u, "
		   "max_dec_size=%u", st_u32(r.p + 4), st_u16(r.p + 8), st_u16(r.p + 10),
		   st_u16(r.p + 12), st_u16(r.p + 14));
	spare(b, o, r.p + 16, 10);
	buf_printf(b, "}");
	free(r.p);
}

/* ENCRYPT, DECRYPT, SIGN (out: op2 is written) and VERIFY. */
static void pkey_op(struct buf *b, const struct st_call *c, const struct st_dopts *o, bool out)
{
	struct reg r;
	bool ok = umove(b, c, o, false, R0, c->args[1], PKEY_PARAMS_SIZE, &r);
	uint32_t in_len = 0, len2 = 0;

	if (ok) {
		in_len = st_u32(r.p + 4);
		len2 = st_u32(r.p + 8);
		buf_printf(b, "{key_id=");
		serial(b, (int32_t)st_u32(r.p));
		buf_printf(b, ", in_len=%u, %s=%u", in_len, out ? "out_len" : "in2_len", len2);
		spare(b, o, r.p + 12, 7);
		buf_printf(b, "}");
		free(r.p);
	}
	buf_printf(b, ", ");
	str_at(b, c, o, false, R1, c->args[2], ST_STR_ANY, ST_STR_NUL);
	buf_printf(b, ", ");
	if (ok)
		str_at(b, c, o, false, R2, c->args[3], in_len, 0);
	else
		ptr(b, c->args[3]);
	buf_printf(b, ", ");
	if (!ok)
		ptr(b, c->args[4]);
	else if (!out)
		str_at(b, c, o, false, R3, c->args[4], len2, 0);
	else if (st_call_failed(c))
		ptr(b, c->args[4]);
	else
		str_at(b, c, o, true, R0, c->args[4], len2, 0);
}

static void caps_elem(struct buf *b, const unsigned char *e, uint64_t idx, void *arg)
{
	(void)arg;
	if (idx == 0)
		st_xlat_flags_dflt(b, caps0, *e, "0", "KEYCTL_CAPS0_???");
	else if (idx == 1)
		st_xlat_flags_dflt(b, caps1, *e, "0", "KEYCTL_CAPS1_???");
	else
		buf_printf(b, *e ? "%#x" : "%u", *e);
}

static void capabilities(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	uint64_t n = c->args[2];

	if (st_call_failed(c)) {
		ptr(b, c->args[1]);
	} else {
		struct reg r = region(c, true, R0);

		if ((uint64_t)c->ret < n)
			n = c->ret;
		st_region_array(b, o, c->args[1], n, 1, r.p, r.len, caps_elem, NULL);
		free(r.p);
	}
	buf_printf(b, ", %llu", (unsigned long long)c->args[2]);
}

void st_keyctl_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	int cmd = (int)c->args[0];
	uint64_t a1 = c->args[1], a2 = c->args[2], a3 = c->args[3], a4 = c->args[4];

	st_xlat_val(b, commands, (unsigned)cmd, "KEYCTL_???");
	if (cmd == KEYCTL_SESSION_TO_PARENT)
		return;
	buf_printf(b, ", ");
	switch (cmd) {
	case KEYCTL_GET_KEYRING_ID:
		serial(b, (int32_t)a1);
		buf_printf(b, ", %d", (int)a2);
		break;
	case KEYCTL_JOIN_SESSION_KEYRING:
		str_at(b, c, o, false, R0, a1, ST_STR_ANY, ST_STR_NUL);
		break;
	case KEYCTL_UPDATE:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		str_at(b, c, o, false, R0, a2, a3, 0);
		buf_printf(b, ", %llu", (unsigned long long)a3);
		break;
	case KEYCTL_REVOKE:
	case KEYCTL_CLEAR:
	case KEYCTL_INVALIDATE:
	case KEYCTL_ASSUME_AUTHORITY:
		serial(b, (int32_t)a1);
		break;
	case KEYCTL_LINK:
	case KEYCTL_UNLINK:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		serial(b, (int32_t)a2);
		break;
	case KEYCTL_DESCRIBE:
	case KEYCTL_READ:
	case KEYCTL_GET_SECURITY:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		out_str(b, c, o, a2, a3, cmd == KEYCTL_READ ? 0 : ST_STR_OMIT0);
		buf_printf(b, ", %llu", (unsigned long long)a3);
		break;
	case KEYCTL_SEARCH:
	case KEYCTL_RESTRICT_KEYRING:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		str_at(b, c, o, false, R0, a2, ST_STR_ANY, ST_STR_NUL);
		buf_printf(b, ", ");
		str_at(b, c, o, false, R1, a3, ST_STR_ANY, ST_STR_NUL);
		if (cmd == KEYCTL_SEARCH) {
			buf_printf(b, ", ");
			serial(b, (int32_t)a4);
		}
		break;
	case KEYCTL_CHOWN:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		uid(b, (uint32_t)a2);
		buf_printf(b, ", ");
		uid(b, (uint32_t)a3);
		break;
	case KEYCTL_SETPERM:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, perms, (uint32_t)a2, "0", "KEY_???");
		break;
	case KEYCTL_INSTANTIATE:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		str_at(b, c, o, false, R0, a2, a3, 0);
		buf_printf(b, ", %llu, ", (unsigned long long)a3);
		serial(b, (int32_t)a4);
		break;
	case KEYCTL_INSTANTIATE_IOV: {
		const void *arg[2] = { c, o };
		struct reg r = region(c, false, R0);

		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		st_region_array(b, o, a2, a3, 16, r.p, r.len, iov_elem, arg);
		free(r.p);
		buf_printf(b, ", %llu, ", (unsigned long long)a3);
		serial(b, (int32_t)a4);
		break;
	}
	case KEYCTL_NEGATE:
		serial(b, (int32_t)a1);
		buf_printf(b, ", %u, ", (unsigned)a2);
		serial(b, (int32_t)a3);
		break;
	case KEYCTL_SET_REQKEY_KEYRING:
		xlat_int(b, reqkeys, (int)a1, "KEY_REQKEY_DEFL_???");
		break;
	case KEYCTL_SET_TIMEOUT:
		serial(b, (int32_t)a1);
		buf_printf(b, ", %u", (unsigned)a2);
		break;
	case KEYCTL_REJECT:
		serial(b, (int32_t)a1);
		buf_printf(b, ", %u, ", (unsigned)a2);
		err_val(b, (uint32_t)a3);
		buf_printf(b, ", ");
		serial(b, (int32_t)a4);
		break;
	case KEYCTL_GET_PERSISTENT:
		uid(b, (uint32_t)a1);
		buf_printf(b, ", ");
		serial(b, (int32_t)a2);
		break;
	case KEYCTL_DH_COMPUTE:
		dh_params(b, c, o);
		buf_printf(b, ", ");
		out_str(b, c, o, a2, a3, 0);
		buf_printf(b, ", %llu, ", (unsigned long long)a3);
		kdf_params(b, c, o);
		break;
	case KEYCTL_PKEY_QUERY:
		serial(b, (int32_t)a1);
		buf_printf(b, ", %#llx, ", (unsigned long long)a2);
		str_at(b, c, o, false, R0, a3, ST_STR_ANY, ST_STR_NUL);
		buf_printf(b, ", ");
		pkey_query(b, c, o);
		break;
	case KEYCTL_PKEY_ENCRYPT:
	case KEYCTL_PKEY_DECRYPT:
	case KEYCTL_PKEY_SIGN:
	case KEYCTL_PKEY_VERIFY:
		pkey_op(b, c, o, cmd != KEYCTL_PKEY_VERIFY);
		break;
	case KEYCTL_MOVE:
		serial(b, (int32_t)a1);
		buf_printf(b, ", ");
		serial(b, (int32_t)a2);
		buf_printf(b, ", ");
		serial(b, (int32_t)a3);
		buf_printf(b, ", ");
		st_xlat_flags_dflt(b, move_flags, (uint32_t)a4, "0", "KEYCTL_MOVE_???");
		break;
	case KEYCTL_CAPABILITIES:
		capabilities(b, c, o);
		break;
	default:
		buf_printf(b, "%#llx, %#llx, %#llx, %#llx", (unsigned long long)a1,
			   (unsigned long long)a2, (unsigned long long)a3, (unsigned long long)a4);
	}
}
