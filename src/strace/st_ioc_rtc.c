/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the real-time clock requests (type 'p'), as strace
 * decodes them: times and alarms, the interrupt rate and epoch, the PLL,
 * the voltage flags and the clock's parameters.
 */
#include <sys/ioctl.h>
#include <linux/rtc.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define BIT(n) { 1ULL << (n), "1<<" #n }
#define END { 0, NULL }

static const struct st_xlat vl_flags[] = {
	X(RTC_VL_DATA_INVALID), X(RTC_VL_BACKUP_LOW), X(RTC_VL_BACKUP_EMPTY),
	X(RTC_VL_ACCURACY_LOW), X(RTC_VL_BACKUP_SWITCH), END,
};

static const struct st_xlat params[] = {
	X(RTC_PARAM_FEATURES), X(RTC_PARAM_CORRECTION), X(RTC_PARAM_BACKUP_SWITCH_MODE), END,
};

static const struct st_xlat features[] = {
	BIT(RTC_FEATURE_ALARM), BIT(RTC_FEATURE_ALARM_RES_MINUTE),
	BIT(RTC_FEATURE_NEED_WEEK_DAY), BIT(RTC_FEATURE_ALARM_RES_2S),
	BIT(RTC_FEATURE_UPDATE_INTERRUPT), BIT(RTC_FEATURE_CORRECTION),
	BIT(RTC_FEATURE_BACKUP_SWITCH_MODE), BIT(RTC_FEATURE_ALARM_WAKEUP_ONLY), END,
};

static const struct st_xlat bsm[] = {
	X(RTC_BSM_DISABLED), X(RTC_BSM_DIRECT), X(RTC_BSM_LEVEL), X(RTC_BSM_STANDBY), END,
};

static bool no_arg(unsigned request)
{
	switch (request) {
	case RTC_AIE_ON: case RTC_AIE_OFF: case RTC_UIE_ON: case RTC_UIE_OFF:
	case RTC_PIE_ON: case RTC_PIE_OFF: case RTC_WIE_ON: case RTC_WIE_OFF:
	case RTC_VL_CLR:
		return true;
	}
	return false;
}

/* struct rtc_time: the last three fields under -v only. */
static void rtc_time(struct buf *b, const struct rtc_time *t, const struct st_dopts *o)
{
	buf_printf(b, "{tm_sec=%d, tm_min=%d, tm_hour=%d, tm_mday=%d, tm_mon=%d, tm_year=%d",
		   t->tm_sec, t->tm_min, t->tm_hour, t->tm_mday, t->tm_mon, t->tm_year);
	if (o->verbose)
		buf_printf(b, ", tm_wday=%d, tm_yday=%d, tm_isdst=%d}", t->tm_wday, t->tm_yday,
			   t->tm_isdst);
	else
		buf_printf(b, ", ...}");
}

/*
 * struct rtc_param: at entry (exit false) the parameter asked and the
 * index, and with set the value; at exit the value got.  A padding that
 * is not zero shows.
 */
static void param(struct buf *b, const struct rtc_param *p, bool exit, bool set)
{
	buf_printf(b, "{");
	if (!exit) {
		buf_printf(b, "param=");
		st_xlat_val(b, params, p->param, "RTC_PARAM_???");
	}
	if (exit || set) {
		if (!exit)
			buf_printf(b, ", ");
		switch (p->param) {
		case RTC_PARAM_FEATURES:
			buf_printf(b, "uvalue=");
			st_xlat_flags_dflt(b, features, p->uvalue, "0", "1<<RTC_FEATURE_???");
			break;
		case RTC_PARAM_CORRECTION:
			buf_printf(b, "svalue=%lld", (long long)p->svalue);
			break;
		case RTC_PARAM_BACKUP_SWITCH_MODE:
			buf_printf(b, "uvalue=");
			st_xlat_val(b, bsm, p->uvalue, "RTC_BSM_???");
			break;
		default:
			buf_printf(b, "uvalue=%#llx", (unsigned long long)p->uvalue);
		}
	}
	if (!exit)
		buf_printf(b, ", index=%u", p->index);
	if (p->__pad)
		buf_printf(b, ", __pad=%#x", p->__pad);
	buf_printf(b, "}");
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	bool exit = false;

	switch (request) {
	case RTC_RD_TIME:
	case RTC_ALM_READ:
		exit = true;
		/* fall through */
	case RTC_SET_TIME:
	case RTC_ALM_SET: {
		struct rtc_time t;

		if (st_ioctl_umove(b, c, o, exit, &t, sizeof(t)))
			rtc_time(b, &t, o);
		return true;
	}
	case RTC_IRQP_SET:
	case RTC_EPOCH_SET:
		buf_printf(b, "%llu", (unsigned long long)c->args[2]);
		return true;
	case RTC_IRQP_READ:
	case RTC_EPOCH_READ: {
		unsigned long v;

		if (st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
			buf_printf(b, "[%lu]", v);
		return true;
	}
	case RTC_WKALM_RD:
		exit = true;
		/* fall through */
	case RTC_WKALM_SET: {
		struct rtc_wkalrm w;

		if (!st_ioctl_umove(b, c, o, exit, &w, sizeof(w)))
			return true;
		buf_printf(b, "{enabled=%u, pending=%u, time=", w.enabled, w.pending);
		rtc_time(b, &w.time, o);
		buf_printf(b, "}");
		return true;
	}
	case RTC_PLL_GET:
		exit = true;
		/* fall through */
	case RTC_PLL_SET: {
		struct rtc_pll_info p;

		if (st_ioctl_umove(b, c, o, exit, &p, sizeof(p)))
			buf_printf(b, "{pll_ctrl=%d, pll_value=%d, pll_max=%d, pll_min=%d, "
				   "pll_posmult=%d, pll_negmult=%d, pll_clock=%ld}", p.pll_ctrl,
				   p.pll_value, p.pll_max, p.pll_min, p.pll_posmult, p.pll_negmult,
				   p.pll_clock);
		return true;
	}
	case RTC_VL_READ: {
		unsigned v;

		if (!st_ioctl_umove(b, c, o, true, &v, sizeof(v)))
			return true;
		buf_printf(b, "[");
		st_xlat_flags_dflt(b, vl_flags, v, "0", "RTC_VL_???");
		buf_printf(b, "]");
		return true;
	}
	case RTC_PARAM_GET:
	case RTC_PARAM_SET: {
		bool set = request == RTC_PARAM_SET;
		struct rtc_param p;

		if (!st_ioctl_umove(b, c, o, false, &p, sizeof(p)))
			return true;
		param(b, &p, false, set);
		if (set)
			return true;
		buf_printf(b, " => ");
		if (st_ioctl_umove(b, c, o, true, &p, sizeof(p)))
			param(b, &p, true, false);
		return true;
	}
	}
	return false;
}

const struct st_ioc_family st_ioc_rtc = { .type = 'p', .no_arg = no_arg, .decode = decode };
