/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: fsconfig(2) as strace 6.1 prints it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/mount.h>

#include "st_fsconfig.h"
#include "st_main.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat cmds[] = {
	X(FSCONFIG_SET_FLAG), X(FSCONFIG_SET_STRING), X(FSCONFIG_SET_BINARY),
	X(FSCONFIG_SET_PATH), X(FSCONFIG_SET_PATH_EMPTY), X(FSCONFIG_SET_FD),
	X(FSCONFIG_CMD_CREATE), X(FSCONFIG_CMD_RECONFIGURE), END,
};

/* The most of the key and of a string value strace reads. */
#define KEY_MAX 256
/* A binary value strace shows only when aux (its size) is at most this. */
#define BLOB_MAX (1024 * 1024)

enum { R_KEY, R_VALUE };

void st_fsconfig_capture(struct buf *b, const struct st_opts *o, const int *reg_off)
{
	int s = o->strsize + 1, key = s < KEY_MAX ? s : KEY_MAX;
	char len[16];

	buf_printf(b, "$kc = $a & 0xffffffff; $k2 = *(arg0 + %d); $k3 = *(arg0 + %d); "
		   "$k4 = (int64)(int32)*(arg0 + %d); ",
		   reg_off[2], reg_off[3], reg_off[4]);
	snprintf(len, sizeof(len), "%d", key);
	buf_printf(b, "if ($kc <= %d) { ", FSCONFIG_SET_FD);
	st_region_capture(b, ST_L_FSCONFIG, 1, R_KEY, "$k2", len);
	buf_printf(b, "} if ($kc == %d) { ", FSCONFIG_SET_STRING);
	st_region_capture(b, ST_L_FSCONFIG, 1, R_VALUE, "$k3", len);
	buf_printf(b, "} if ($kc == %d || $kc == %d) { ", FSCONFIG_SET_PATH, FSCONFIG_SET_PATH_EMPTY);
	snprintf(len, sizeof(len), "%d", ST_PATH_READ);
	st_region_capture(b, ST_L_FSCONFIG, 1, R_VALUE, "$k3", len);
	buf_printf(b, "} if ($kc == %d && $k4 >= 0 && $k4 <= %d) { $kl = $k4; "
		   "if ($kl > %d) { $kl = %d; } ", FSCONFIG_SET_BINARY, BLOB_MAX, s, s);
	st_region_capture(b, ST_L_FSCONFIG, 1, R_VALUE, "$k3", "$kl");
	buf_printf(b, "} ");
}

static void str_at(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		   int idx, uint64_t addr, uint64_t len, int style)
{
	size_t have;
	unsigned char *p = st_region(c, ST_L_FSCONFIG, 1, idx, &have);

	st_region_str(b, o, addr, len, style, p, have);
	free(p);
}

const char *st_fsconfig_refs(const struct st_call *c, char *path, int *fd)
{
	unsigned cmd = (unsigned)c->args[1];
	unsigned char *p;
	size_t have;

	*fd = -1;
	if (cmd != FSCONFIG_SET_PATH && cmd != FSCONFIG_SET_PATH_EMPTY && cmd != FSCONFIG_SET_FD)
		return NULL;
	*fd = (int)c->args[4];
	if (cmd == FSCONFIG_SET_FD)
		return NULL;
	p = st_region(c, ST_L_FSCONFIG, 1, R_VALUE, &have);
	if (!p || !memchr(p, 0, have)) {
		free(p);
		return NULL;
	}
	snprintf(path, ST_PATH_READ, "%s", (const char *)p);
	free(p);
	return path;
}

void st_fsconfig_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned cmd = (unsigned)c->args[1];
	uint64_t key = c->args[2], value = c->args[3];
	int aux = (int)c->args[4];
	struct st_dopts po = *o;

	st_decode_fd(b, c->tid, (int)c->args[0], o, NULL);
	buf_printf(b, ", ");
	st_xlat_val(b, cmds, cmd, "FSCONFIG_???");
	buf_printf(b, ", ");
	if (cmd <= FSCONFIG_SET_FD)
		str_at(b, c, o, R_KEY, key, KEY_MAX, ST_STR_NUL);
	else
		st_region_ptr(b, key);
	buf_printf(b, ", ");
	switch (cmd) {
	case FSCONFIG_SET_STRING:
		str_at(b, c, o, R_VALUE, value, KEY_MAX, ST_STR_NUL);
		break;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		/* A path: PATH_MAX - 1 characters whatever -s says. */
		po.strsize = ST_PATH_READ - 1;
		str_at(b, c, &po, R_VALUE, value, ST_STR_ANY, ST_STR_NUL);
		break;
	case FSCONFIG_SET_BINARY:
		if (aux >= 0 && aux <= BLOB_MAX) {
			str_at(b, c, o, R_VALUE, value, aux, ST_STR_HEX);
			break;
		}
		/* fall through */
	default:
		st_region_ptr(b, value);
	}
	buf_printf(b, ", ");
	switch (cmd) {
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		st_decode_dirfd(b, c->tid, aux, o);
		break;
	case FSCONFIG_SET_FD:
		st_decode_fd(b, c->tid, aux, o, NULL);
		break;
	default:
		buf_printf(b, "%d", aux);
	}
}
