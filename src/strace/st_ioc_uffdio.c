/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the userfaultfd requests (type 0xaa), as strace decodes
 * them: what the call was asked at entry and, after it succeeded, what
 * the kernel answered (the features it changed, the ioctls it allows,
 * the bytes copied or zeroed).
 */
#include <sys/ioctl.h>
#include <linux/userfaultfd.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define BIT(n) { 1ULL << (n), "1<<" #n }
#define END { 0, NULL }

static const struct st_xlat api_features[] = {
	X(UFFD_FEATURE_PAGEFAULT_FLAG_WP), X(UFFD_FEATURE_EVENT_FORK),
	X(UFFD_FEATURE_EVENT_REMAP), X(UFFD_FEATURE_EVENT_REMOVE),
	X(UFFD_FEATURE_MISSING_HUGETLBFS), X(UFFD_FEATURE_MISSING_SHMEM),
	X(UFFD_FEATURE_EVENT_UNMAP), X(UFFD_FEATURE_SIGBUS), X(UFFD_FEATURE_THREAD_ID),
	X(UFFD_FEATURE_MINOR_HUGETLBFS), X(UFFD_FEATURE_MINOR_SHMEM),
	X(UFFD_FEATURE_EXACT_ADDRESS), X(UFFD_FEATURE_WP_HUGETLBFS_SHMEM), END,
};

static const struct st_xlat api_ioctls[] = {
	BIT(_UFFDIO_REGISTER), BIT(_UFFDIO_UNREGISTER), BIT(_UFFDIO_API), END,
};

static const struct st_xlat copy_modes[] = {
	X(UFFDIO_COPY_MODE_DONTWAKE), X(UFFDIO_COPY_MODE_WP), END,
};

static const struct st_xlat register_modes[] = {
	X(UFFDIO_REGISTER_MODE_MISSING), X(UFFDIO_REGISTER_MODE_WP),
	X(UFFDIO_REGISTER_MODE_MINOR), END,
};

static const struct st_xlat register_ioctls[] = {
	BIT(_UFFDIO_WAKE), BIT(_UFFDIO_COPY), BIT(_UFFDIO_ZEROPAGE),
	BIT(_UFFDIO_WRITEPROTECT), BIT(_UFFDIO_CONTINUE), END,
};

static const struct st_xlat zeropage_modes[] = { X(UFFDIO_ZEROPAGE_MODE_DONTWAKE), END };

static void range(struct buf *b, const struct uffdio_range *r)
{
	buf_printf(b, "{start=%#llx, len=%#llx}", (unsigned long long)r->start,
		   (unsigned long long)r->len);
}

/* The struct as the kernel left it, when the call succeeded and it can be read. */
static bool answered(const struct st_call *c, void *out, size_t size)
{
	return !st_call_failed(c) && st_ioctl_struct(c, true, out, size) == size;
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch ((unsigned)c->args[1]) {
	case UFFDIO_API: {
		struct uffdio_api in, out;

		if (!st_ioctl_umove(b, c, o, false, &in, sizeof(in)))
			return true;
		buf_printf(b, "{api=%#llx, features=", (unsigned long long)in.api);
		st_xlat_flags_dflt(b, api_features, in.features, "0", "UFFD_FEATURE_???");
		if (answered(c, &out, sizeof(out))) {
			if (out.features != in.features) {
				buf_printf(b, " => features=");
				st_xlat_flags_dflt(b, api_features, out.features, "0",
						   "UFFD_FEATURE_???");
			}
			buf_printf(b, ", ioctls=");
			st_xlat_flags_dflt(b, api_ioctls, out.ioctls, "0", "_UFFDIO_???");
		}
		buf_printf(b, "}");
		return true;
	}
	case UFFDIO_COPY: {
		struct uffdio_copy u;

		if (!st_ioctl_umove(b, c, o, false, &u, sizeof(u)))
			return true;
		buf_printf(b, "{dst=%#llx, src=%#llx, len=%#llx, mode=", (unsigned long long)u.dst,
			   (unsigned long long)u.src, (unsigned long long)u.len);
		st_xlat_flags_dflt(b, copy_modes, u.mode, "0", "UFFDIO_COPY_???");
		if (answered(c, &u, sizeof(u)))
			buf_printf(b, ", copy=%#llx", (unsigned long long)u.copy);
		buf_printf(b, "}");
		return true;
	}
	case UFFDIO_REGISTER: {
		struct uffdio_register u;

		if (!st_ioctl_umove(b, c, o, false, &u, sizeof(u)))
			return true;
		buf_printf(b, "{range=");
		range(b, &u.range);
		buf_printf(b, ", mode=");
		st_xlat_flags_dflt(b, register_modes, u.mode, "0", "UFFDIO_REGISTER_MODE_???");
		if (answered(c, &u, sizeof(u))) {
			buf_printf(b, ", ioctls=");
			st_xlat_flags_dflt(b, register_ioctls, u.ioctls, "0", "UFFDIO_???");
		}
		buf_printf(b, "}");
		return true;
	}
	case UFFDIO_UNREGISTER:
	case UFFDIO_WAKE: {
		struct uffdio_range r;

		if (st_ioctl_umove(b, c, o, false, &r, sizeof(r)))
			range(b, &r);
		return true;
	}
	case UFFDIO_ZEROPAGE: {
		struct uffdio_zeropage u;

		if (!st_ioctl_umove(b, c, o, false, &u, sizeof(u)))
			return true;
		buf_printf(b, "{range=");
		range(b, &u.range);
		buf_printf(b, ", mode=");
		st_xlat_flags_dflt(b, zeropage_modes, u.mode, "0", "UFFDIO_ZEROPAGE_???");
		if (answered(c, &u, sizeof(u)))
			buf_printf(b, ", zeropage=%#llx", (unsigned long long)u.zeropage);
		buf_printf(b, "}");
		return true;
	}
	}
	return false;
}

const struct st_ioc_family st_ioc_uffdio = { .type = 0xaa, .decode = decode };
