/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the seccomp user notification requests (type '!'), as
 * strace decodes them: the notification received (what the caller
 * passed in, when it is not all zeros, and what the kernel wrote), the
 * response sent, the id checked, and the descriptor added.
 */
#include <fcntl.h>
#include <sys/ioctl.h>
#include <linux/audit.h>
#include <linux/elf-em.h>
#include <linux/seccomp.h>

#include "st_ioctl.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The request with the direction of an old kernel's header (strace decodes it too). */
#define ID_VALID_WRONG_DIR SECCOMP_IOR(2, __u64)

static const struct st_xlat resp_flags[] = { X(SECCOMP_USER_NOTIF_FLAG_CONTINUE), END };

static const struct st_xlat addfd_flags[] = {
	X(SECCOMP_ADDFD_FLAG_SETFD), X(SECCOMP_ADDFD_FLAG_SEND), END,
};

/* A new descriptor's open flags, without the access mode (strace's open_mode_flags). */
static const struct st_xlat open_mode_flags[] = {
	X(O_CREAT), X(O_EXCL), X(O_NOCTTY), X(O_TRUNC), X(O_APPEND), X(O_NONBLOCK),
	X(O_SYNC), { 0x100000, "__O_SYNC" }, X(O_DSYNC), X(O_DIRECT),
	{ 0100000, "O_LARGEFILE" }, X(O_NOFOLLOW), X(O_NOATIME), X(O_CLOEXEC),
	X(O_PATH), X(O_TMPFILE), { 020000000, "__O_TMPFILE" }, X(O_DIRECTORY),
	{ O_ASYNC, "FASYNC" }, END,
};

static void notif(struct buf *b, const struct seccomp_notif *n, const struct st_dopts *o)
{
	int i;

	buf_printf(b, "{id=%#llx, pid=%d", (unsigned long long)n->id, (int)n->pid);
	st_pid_comm(b, n->pid, o);
	buf_printf(b, ", flags=%#x, data={nr=", n->flags);
	st_sys_nr_arch(b, (uint32_t)n->data.nr, n->data.arch);
	buf_printf(b, ", arch=");
	st_xlat_val(b, st_audit_arch, n->data.arch, "AUDIT_ARCH_???");
	if (n->data.instruction_pointer)
		buf_printf(b, ", instruction_pointer=%#llx, args=[",
			   (unsigned long long)n->data.instruction_pointer);
	else
		buf_printf(b, ", instruction_pointer=NULL, args=[");
	for (i = 0; i < 6; i++)
		buf_printf(b, "%s%#llx", i ? ", " : "", (unsigned long long)n->data.args[i]);
	buf_printf(b, "]}}");
}

static bool all_zero(const void *p, size_t n)
{
	const unsigned char *q = p;

	while (n--)
		if (*q++)
			return false;
	return true;
}

/*
 * SECCOMP_IOCTL_NOTIF_RECV: what the caller passed in unless it is all
 * zeros (as the kernel wants it), then what the kernel wrote.
 */
static void recv(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct seccomp_notif n;

	if (!st_ioctl_umove(b, c, o, false, &n, sizeof(n)))
		return;
	if (!all_zero(&n, sizeof(n))) {
		notif(b, &n, o);
		buf_printf(b, " => ");
	}
	if (st_ioctl_umove(b, c, o, true, &n, sizeof(n)))
		notif(b, &n, o);
}

/* An error to return, negated: -ENOSR, in the -X style. */
static void neg_errno(struct buf *b, int32_t e)
{
	const char *n = e < 0 ? st_errno_name(-e) : NULL;
	enum st_cstyle style = st_xlat_get_style();

	if (!n || style != ST_C_ABBREV)
		buf_printf(b, "%d", e);
	if (!n || style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* -%s */" : "-%s", n);
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];

	switch (request) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		recv(b, c, o);
		return true;
	case SECCOMP_IOCTL_NOTIF_SEND: {
		struct seccomp_notif_resp r;

		if (!st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			return true;
		buf_printf(b, "{id=%#llx, val=%lld, error=", (unsigned long long)r.id,
			   (long long)r.val);
		neg_errno(b, r.error);
		buf_printf(b, ", flags=");
		st_xlat_flags_dflt(b, resp_flags, r.flags, "0", "SECCOMP_USER_NOTIF_FLAG_???");
		buf_printf(b, "}");
		return true;
	}
	case SECCOMP_IOCTL_NOTIF_ID_VALID:
	case ID_VALID_WRONG_DIR: {
		uint64_t id;

		if (st_ioctl_umove(b, c, o, false, &id, sizeof(id)))
			buf_printf(b, "[%#llx]", (unsigned long long)id);
		return true;
	}
	case SECCOMP_IOCTL_NOTIF_ADDFD: {
		struct seccomp_notif_addfd a;

		if (!st_ioctl_umove(b, c, o, false, &a, sizeof(a)))
			return true;
		buf_printf(b, "{id=%#llx, flags=", (unsigned long long)a.id);
		st_xlat_flags_dflt(b, addfd_flags, a.flags, "0", "SECCOMP_ADDFD_FLAG_???");
		buf_printf(b, ", srcfd=");
		st_decode_fd(b, c->tid, (int32_t)a.srcfd, o, NULL);
		buf_printf(b, ", newfd=%d, newfd_flags=", (int32_t)a.newfd);
		st_xlat_flags_dflt(b, open_mode_flags, a.newfd_flags, "0", "O_???");
		buf_printf(b, "}");
		return true;
	}
	}
	return false;
}

const struct st_ioc_family st_ioc_seccomp = { .type = '!', .decode = decode };
