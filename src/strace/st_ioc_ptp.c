/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the PTP clock requests (linux/ptp_clock.h, type '='),
 * as strace decodes them: capabilities, external timestamp and periodic
 * output requests, pin functions, and the system/device clock offsets,
 * times of the system's clock with their dates in a comment.
 */
#include <string.h>
#include <time.h>
#include <linux/ptp_clock.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat extts_flags[] = {
	X(PTP_ENABLE_FEATURE), X(PTP_RISING_EDGE), X(PTP_FALLING_EDGE),
	X(PTP_STRICT_FLAGS), END,
};

static const struct st_xlat perout_flags[] = {
	X(PTP_PEROUT_ONE_SHOT), X(PTP_PEROUT_DUTY_CYCLE), X(PTP_PEROUT_PHASE), END,
};

static const struct st_xlat pin_funcs[] = {
	X(PTP_PF_NONE), X(PTP_PF_EXTTS), X(PTP_PF_PEROUT), X(PTP_PF_PHYSYNC), END,
};

static void addr(struct buf *b, uint64_t v)
{
	if (v)
		buf_printf(b, "%#llx", (unsigned long long)v);
	else
		buf_printf(b, "NULL");
}

/*
 * A time; wall: a time of the system's clock, its local date in a
 * comment (none for 0, an invalid nsec, a date out of range or -X raw).
 */
static void clock_time(struct buf *b, const struct ptp_clock_time *t, bool wall)
{
	char date[64], zone[16];
	time_t sec = t->sec;
	struct tm tm;

	buf_printf(b, "{sec=%lld, nsec=%u", (long long)t->sec, t->nsec);
	if (t->reserved)
		buf_printf(b, ", reserved=%#x", t->reserved);
	buf_printf(b, "}");
	if (!wall || st_xlat_get_style() == ST_C_RAW || (!t->sec && !t->nsec) ||
	    t->nsec > 999999999 || !localtime_r(&sec, &tm) ||
	    !strftime(date, sizeof(date), "%FT%T", &tm) || !strftime(zone, sizeof(zone), "%z", &tm))
		return;
	buf_printf(b, " /* %s", date);
	if (t->nsec)
		buf_printf(b, ".%09u", t->nsec);
	buf_printf(b, "%s */", zone);
}

/* ", rsv=[...]" in hex, -s of them, when any is not 0. */
static void rsv(struct buf *b, const unsigned *v, size_t n, const struct st_dopts *o)
{
	size_t i;

	for (i = 0; i < n && !v[i]; i++)
		;
	if (i == n)
		return;
	buf_printf(b, ", rsv=[");
	for (i = 0; i < n; i++) {
		if (i)
			buf_printf(b, ", ");
		if ((int)i == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		buf_printf(b, "%#x", v[i]);
	}
	buf_printf(b, "]");
}

/* ", ts=[...]": n times (each a triple when three), -s of them. */
static void times(struct buf *b, const struct ptp_clock_time *t, size_t n, bool three,
		  const struct st_dopts *o)
{
	size_t i, k;

	buf_printf(b, ", ts=[");
	for (i = 0; i < n; i++) {
		if (i)
			buf_printf(b, ", ");
		if ((int)i == o->strsize) {
			buf_printf(b, "...");
			break;
		}
		if (!three) {
			clock_time(b, &t[i], true);
			continue;
		}
		buf_printf(b, "[");
		for (k = 0; k < 3; k++) {
			if (k)
				buf_printf(b, ", ");
			clock_time(b, &t[3 * i + k], true);
		}
		buf_printf(b, "]");
	}
	buf_printf(b, "]");
}

static void caps(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct ptp_clock_caps k;

	if (st_call_failed(c) || st_ioctl_struct(c, true, &k, sizeof(k)) < sizeof(k)) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{max_adj=%d, n_alarm=%d, n_ext_ts=%d, n_per_out=%d, pps=%d, n_pins=%d"
		   ", cross_timestamping=%d, adjust_phase=%d", k.max_adj, k.n_alarm, k.n_ext_ts,
		   k.n_per_out, k.pps, k.n_pins, k.cross_timestamping, k.adjust_phase);
	rsv(b, (const unsigned *)k.rsv, ARRAY_SIZE(k.rsv), o);
	buf_printf(b, "}");
}

static void extts(struct buf *b, const struct st_call *c, bool v2, const struct st_dopts *o)
{
	struct ptp_extts_request r;

	if (st_ioctl_struct(c, false, &r, sizeof(r)) < sizeof(r)) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u, flags=", r.index);
	st_xlat_flags_dflt(b, extts_flags, r.flags, "0", "PTP_???");
	if (v2)
		rsv(b, r.rsv, ARRAY_SIZE(r.rsv), o);
	buf_printf(b, "}");
}

static void perout(struct buf *b, const struct st_call *c, bool v2, const struct st_dopts *o)
{
	struct ptp_perout_request r;

	if (st_ioctl_struct(c, false, &r, sizeof(r)) < sizeof(r)) {
		addr(b, c->args[2]);
		return;
	}
	/* A phase is an offset, a start a time of the clock. */
	buf_printf(b, "{%s=", r.flags & PTP_PEROUT_PHASE ? "phase" : "start");
	clock_time(b, &r.start, !(r.flags & PTP_PEROUT_PHASE));
	buf_printf(b, ", period=");
	clock_time(b, &r.period, false);
	buf_printf(b, ", index=%u, flags=", r.index);
	st_xlat_flags_dflt(b, perout_flags, r.flags, "0", "PTP_PEROUT_???");
	if (r.flags & PTP_PEROUT_DUTY_CYCLE) {
		buf_printf(b, ", on=");
		clock_time(b, &r.on, false);
	} else if (v2) {
		rsv(b, r.rsv, ARRAY_SIZE(r.rsv), o);
	}
	buf_printf(b, "}");
}

/*
 * PTP_SYS_OFFSET (three: _EXTENDED): the samples asked at entry, and
 * after a call that succeeded the times it wrote, "???" if they could
 * not be read.
 */
static void sys_offset(struct buf *b, const struct st_call *c, bool three,
		       const struct st_dopts *o)
{
	union {
		struct ptp_sys_offset one;
		struct ptp_sys_offset_extended three;
	} s;
	size_t size = three ? sizeof(s.three) : sizeof(s.one);
	unsigned n;

	if (st_ioctl_struct(c, false, &s, size) < size) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{n_samples=%u", s.one.n_samples);
	rsv(b, s.one.rsv, ARRAY_SIZE(s.one.rsv), o);
	if (!st_call_failed(c)) {
		if (st_ioctl_struct(c, true, &s, size) < size) {
			buf_printf(b, ", ???");
		} else {
			n = s.one.n_samples < PTP_MAX_SAMPLES ? s.one.n_samples : PTP_MAX_SAMPLES;
			if (three)
				times(b, &s.three.ts[0][0], n, true, o);
			else
				times(b, s.one.ts, 2 * n + 1, false, o);
		}
	}
	buf_printf(b, "}");
}

/*
 * A pin's function: the index asked at entry and what the kernel
 * answered (get), or all that is set (set).  v2: the reserved words too.
 */
static void pin(struct buf *b, const struct st_call *c, bool get, bool v2,
		const struct st_dopts *o)
{
	struct ptp_pin_desc d;
	size_t n;

	if (st_ioctl_struct(c, false, &d, sizeof(d)) < sizeof(d)) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{index=%u", d.index);
	if (get) {
		if (v2)
			rsv(b, d.rsv, ARRAY_SIZE(d.rsv), o);
		if (st_call_failed(c)) {
			buf_printf(b, "}");
			return;
		}
		if (st_ioctl_struct(c, true, &d, sizeof(d)) < sizeof(d)) {
			buf_printf(b, ", ???}");
			return;
		}
		/* Up to its NUL, "..." when none ends it. */
		n = strnlen(d.name, sizeof(d.name));
		buf_printf(b, ", name=");
		st_quote(b, (const unsigned char *)d.name, n < sizeof(d.name) ? n : n - 1,
			 n == sizeof(d.name), o->xstyle);
	}
	buf_printf(b, ", func=");
	st_xlat_val(b, pin_funcs, d.func, "PTP_PF_???");
	buf_printf(b, ", chan=%u", d.chan);
	if (!get && v2)
		rsv(b, d.rsv, ARRAY_SIZE(d.rsv), o);
	buf_printf(b, "}");
}

static void precise(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct ptp_sys_offset_precise s;

	if (st_call_failed(c) || st_ioctl_struct(c, true, &s, sizeof(s)) < sizeof(s)) {
		addr(b, c->args[2]);
		return;
	}
	buf_printf(b, "{device=");
	clock_time(b, &s.device, true);
	buf_printf(b, ", sys_realtime=");
	clock_time(b, &s.sys_realtime, true);
	buf_printf(b, ", sys_monoraw=");
	clock_time(b, &s.sys_monoraw, false);
	rsv(b, s.rsv, ARRAY_SIZE(s.rsv), o);
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch ((unsigned)c->args[1]) {
	case PTP_CLOCK_GETCAPS:
	case PTP_CLOCK_GETCAPS2:
		caps(b, c, o);
		return true;
	case PTP_EXTTS_REQUEST:
	case PTP_EXTTS_REQUEST2:
		extts(b, c, (unsigned)c->args[1] == PTP_EXTTS_REQUEST2, o);
		return true;
	case PTP_PEROUT_REQUEST:
	case PTP_PEROUT_REQUEST2:
		perout(b, c, (unsigned)c->args[1] == PTP_PEROUT_REQUEST2, o);
		return true;
	case PTP_ENABLE_PPS:
	case PTP_ENABLE_PPS2:
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
		return true;
	case PTP_SYS_OFFSET:
	case PTP_SYS_OFFSET2:
		sys_offset(b, c, false, o);
		return true;
	case PTP_SYS_OFFSET_EXTENDED:
	case PTP_SYS_OFFSET_EXTENDED2:
		sys_offset(b, c, true, o);
		return true;
	case PTP_PIN_GETFUNC:
		pin(b, c, true, false, o);
		return true;
	case PTP_PIN_GETFUNC2:
		pin(b, c, true, true, o);
		return true;
	case PTP_PIN_SETFUNC:
		pin(b, c, false, false, o);
		return true;
	case PTP_PIN_SETFUNC2:
		pin(b, c, false, true, o);
		return true;
	case PTP_SYS_OFFSET_PRECISE:
	case PTP_SYS_OFFSET_PRECISE2:
		precise(b, c, o);
		return true;
	default:
		return false;
	}
}

const struct st_ioc_family st_ioc_ptp = { .type = PTP_CLK_MAGIC, .decode = decode };
