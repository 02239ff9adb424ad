/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the TEE requests (type 0xa4) as strace decodes them at
 * entry: cancellation, sessions, shared memory, and the argument blocks
 * of invocations, session openings and the supplicant's requests (read
 * at entry beside the struct, record ST_TEE_IDX), each with its
 * parameters.
 */
#include <string.h>
#include <sys/ioctl.h>
#include <linux/tee.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The shared memory flags and the descriptor request of older headers. */
#define ST_TEE_SHM_MAPPED 0x1
#define ST_TEE_SHM_DMA_BUF 0x2
#define ST_TEE_IOC_SHM_REGISTER_FD _IOWR(TEE_IOC_MAGIC, TEE_IOC_BASE + 8, struct st_tee_shm_fd)

struct st_tee_shm_fd {
	int64_t fd;
	uint64_t size;
	uint32_t flags;
	uint8_t pad1[4];
	uint32_t id;
	uint8_t pad2[4];
};

static const struct st_xlat shm_flags[] = {
	{ ST_TEE_SHM_MAPPED, "TEE_IOCTL_SHM_MAPPED" },
	{ ST_TEE_SHM_DMA_BUF, "TEE_IOCTL_SHM_DMA_BUF" }, END,
};

static const struct st_xlat param_types[] = {
	X(TEE_IOCTL_PARAM_ATTR_TYPE_NONE), X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT),
	X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT), X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT),
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT), X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT),
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT), END,
};

static const struct st_xlat logins[] = {
	X(TEE_IOCTL_LOGIN_PUBLIC), X(TEE_IOCTL_LOGIN_USER), X(TEE_IOCTL_LOGIN_GROUP),
	X(TEE_IOCTL_LOGIN_APPLICATION), X(TEE_IOCTL_LOGIN_USER_APPLICATION),
	X(TEE_IOCTL_LOGIN_GROUP_APPLICATION), END,
};

static void params(struct buf *b, const struct tee_ioctl_param *p, uint32_t n,
		   const struct st_dopts *o)
{
	uint32_t i;

	buf_printf(b, "params=[");
	for (i = 0; i < n; i++) {
		uint64_t attr = p[i].attr;

		if (i == (uint32_t)o->strsize && !o->verbose) {
			buf_printf(b, ", ...");
			break;
		}
		buf_printf(b, "%s{attr=", i ? ", " : "");
		st_xlat_val(b, param_types, attr & ~(uint64_t)TEE_IOCTL_PARAM_ATTR_META,
			    "TEE_IOCTL_PARAM_ATTR_");
		if (attr & TEE_IOCTL_PARAM_ATTR_META)
			buf_printf(b, "|TEE_IOCTL_PARAM_ATTR_META");
		if (attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT ||
		    attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT ||
		    attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT)
			buf_printf(b, ", shm_offs=%#llx, size=%#llx, shm_id=%llu",
				   (unsigned long long)p[i].a, (unsigned long long)p[i].b,
				   (unsigned long long)p[i].c);
		else if (attr != TEE_IOCTL_PARAM_ATTR_TYPE_NONE)
			buf_printf(b, ", a=%#llx, b=%#llx, c=%#llx", (unsigned long long)p[i].a,
				   (unsigned long long)p[i].b, (unsigned long long)p[i].c);
		buf_printf(b, "}");
	}
	buf_printf(b, "]");
}

/* A UUID's 16 bytes as 8-4-4-4-12 hex digits. */
static void uuid(struct buf *b, const uint8_t *u)
{
	int i;

	for (i = 0; i < 16; i++)
		buf_printf(b, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", u[i]);
}

static void open_session(struct buf *b, const unsigned char *p, const struct st_dopts *o)
{
	struct tee_ioctl_open_session_arg a;
	uint32_t gid;
	int i;

	memcpy(&a, p, sizeof(a));
	buf_printf(b, "{uuid=");
	uuid(b, a.uuid);
	buf_printf(b, ", clnt_login=");
	st_xlat_val(b, logins, a.clnt_login, "TEE_IOCTL_LOGIN_???");
	switch (a.clnt_login) {
	case TEE_IOCTL_LOGIN_PUBLIC: case TEE_IOCTL_LOGIN_USER:
	case TEE_IOCTL_LOGIN_APPLICATION: case TEE_IOCTL_LOGIN_USER_APPLICATION:
		break;
	case TEE_IOCTL_LOGIN_GROUP: case TEE_IOCTL_LOGIN_GROUP_APPLICATION:
		memcpy(&gid, a.clnt_uuid, sizeof(gid));
		buf_printf(b, ", clnt_uuid=%u", gid);
		break;
	default:
		buf_printf(b, ", clnt_uuid=[");
		for (i = 0; i < TEE_IOCTL_UUID_LEN; i++)
			buf_printf(b, a.clnt_uuid[i] ? "%s%#x" : "%s%u", i ? ", " : "",
				   a.clnt_uuid[i]);
		buf_printf(b, "]");
	}
	buf_printf(b, ", cancel_id=%u, num_params=%u, ", a.cancel_id, a.num_params);
	params(b, (const struct tee_ioctl_param *)(p + sizeof(a)), a.num_params, o);
	buf_printf(b, "}");
}

/*
 * struct tee_ioctl_buf_data and the argument block it points to, shown
 * when its length is the block's with its parameters, as strace (the
 * kernel refuses any other).
 */
static void buf_data(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		     unsigned request)
{
	size_t size = request == TEE_IOC_INVOKE ? sizeof(struct tee_ioctl_invoke_arg) :
		request == TEE_IOC_OPEN_SESSION ? sizeof(struct tee_ioctl_open_session_arg) :
		request == TEE_IOC_SUPPL_RECV ? sizeof(struct tee_iocl_supp_recv_arg) :
		sizeof(struct tee_iocl_supp_send_arg);
	struct tee_ioctl_buf_data d;
	const unsigned char *p = NULL;
	size_t have = 0;
	uint32_t n;
	int i;

	if (!st_ioctl_umove(b, c, o, false, &d, sizeof(d)))
		return;
	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == 2 && c->caps[i].letter == ST_L_IOCTL &&
		    c->caps[i].idx == ST_TEE_IDX) {
			p = c->caps[i].data;
			have = c->caps[i].len;
		}
	buf_printf(b, "{buf_len=%llu, buf_ptr=", (unsigned long long)d.buf_len);
	if (d.buf_len > TEE_MAX_ARG_SIZE || d.buf_len < size || !p || have < size) {
		buf_printf(b, "%#llx}", (unsigned long long)d.buf_ptr);
		return;
	}
	/* The count is the block's last u32 before its parameters. */
	memcpy(&n, p + size - 4, 4);
	if (size + (uint64_t)n * sizeof(struct tee_ioctl_param) != d.buf_len || have < d.buf_len) {
		buf_printf(b, "%#llx}", (unsigned long long)d.buf_ptr);
		return;
	}
	if (request == TEE_IOC_INVOKE) {
		const struct tee_ioctl_invoke_arg *a = (const void *)p;

		buf_printf(b, "{func=%u, session=%#x, cancel_id=%u, num_params=%u, ", a->func,
			   a->session, a->cancel_id, a->num_params);
	} else if (request == TEE_IOC_OPEN_SESSION) {
		open_session(b, p, o);
		buf_printf(b, "}");
		return;
	} else if (request == TEE_IOC_SUPPL_RECV) {
		const struct tee_iocl_supp_recv_arg *a = (const void *)p;

		buf_printf(b, "{func=%u, num_params=%u, ", a->func, a->num_params);
	} else {
		buf_printf(b, "{num_params=%u, ", n);
	}
	params(b, (const struct tee_ioctl_param *)(p + size), n, o);
	buf_printf(b, "}}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];

	switch (request) {
	case TEE_IOC_CANCEL: {
		struct tee_ioctl_cancel_arg a;

		if (st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			buf_printf(b, "{cancel_id=%u, session=%#x}", a.cancel_id, a.session);
		return true;
	}
	case TEE_IOC_CLOSE_SESSION: {
		struct tee_ioctl_close_session_arg a;

		if (st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			buf_printf(b, "{session=%#x}", a.session);
		return true;
	}
	case TEE_IOC_SHM_ALLOC: {
		struct tee_ioctl_shm_alloc_data a;

		if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			return true;
		buf_printf(b, "{size=%#llx, flags=", (unsigned long long)a.size);
		st_xlat_flags(b, shm_flags, a.flags, "0");
		buf_printf(b, "}");
		return true;
	}
	case TEE_IOC_SHM_REGISTER: {
		struct tee_ioctl_shm_register_data a;

		if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			return true;
		buf_printf(b, "{addr=%#llx, length=%#llx, flags=", (unsigned long long)a.addr,
			   (unsigned long long)a.length);
		st_xlat_flags(b, shm_flags, a.flags, "0");
		buf_printf(b, "}");
		return true;
	}
	case ST_TEE_IOC_SHM_REGISTER_FD: {
		struct st_tee_shm_fd a;

		if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			return true;
		buf_printf(b, "{fd=%lld, flags=", (long long)a.fd);
		st_xlat_flags(b, shm_flags, a.flags, "0");
		buf_printf(b, "}");
		return true;
	}
	case TEE_IOC_INVOKE: case TEE_IOC_OPEN_SESSION: case TEE_IOC_SUPPL_RECV:
	case TEE_IOC_SUPPL_SEND:
		buf_data(b, c, o, request);
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_tee = { .type = TEE_IOC_MAGIC, .decode = decode };
