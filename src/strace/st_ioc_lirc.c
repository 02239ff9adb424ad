/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the infrared remote control requests (type 'i'), as
 * strace decodes them: one unsigned int through the pointer, read at
 * exit for the requests that get it, at entry for those that set it.
 */
#include <sys/ioctl.h>
#include <linux/lirc.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat features[] = {
	X(LIRC_CAN_SEND_PULSE), X(LIRC_CAN_SEND_LIRCCODE), X(LIRC_CAN_SET_SEND_CARRIER),
	X(LIRC_CAN_SET_SEND_DUTY_CYCLE), X(LIRC_CAN_SET_TRANSMITTER_MASK),
	X(LIRC_CAN_REC_MODE2), X(LIRC_CAN_REC_SCANCODE), X(LIRC_CAN_REC_LIRCCODE),
	X(LIRC_CAN_SET_REC_CARRIER), X(LIRC_CAN_MEASURE_CARRIER),
	X(LIRC_CAN_USE_WIDEBAND_RECEIVER), X(LIRC_CAN_SET_REC_TIMEOUT),
	X(LIRC_CAN_GET_REC_RESOLUTION), X(LIRC_CAN_SET_REC_CARRIER_RANGE), END,
};

static const struct st_xlat modes[] = {
	X(LIRC_MODE_RAW), X(LIRC_MODE_PULSE), X(LIRC_MODE_MODE2), X(LIRC_MODE_SCANCODE),
	X(LIRC_MODE_LIRCCODE), END,
};

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	unsigned request = (unsigned)c->args[1];
	unsigned v;

	switch (request) {
	case LIRC_GET_FEATURES: case LIRC_GET_SEND_MODE: case LIRC_GET_REC_MODE:
	case LIRC_GET_REC_RESOLUTION: case LIRC_GET_MIN_TIMEOUT: case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_LENGTH: case LIRC_SET_SEND_MODE: case LIRC_SET_REC_MODE:
	case LIRC_SET_SEND_CARRIER: case LIRC_SET_REC_CARRIER: case LIRC_SET_SEND_DUTY_CYCLE:
	case LIRC_SET_TRANSMITTER_MASK: case LIRC_SET_REC_TIMEOUT:
	case LIRC_SET_REC_TIMEOUT_REPORTS: case LIRC_SET_MEASURE_CARRIER_MODE:
	case LIRC_SET_REC_CARRIER_RANGE: case LIRC_SET_WIDEBAND_RECEIVER:
	case LIRC_GET_REC_TIMEOUT:
		break;
	default:
		return false;
	}
	if (!st_ioctl_umove(b, c, o, _IOC_DIR(request) == _IOC_READ, &v, sizeof(v)))
		return true;
	buf_printf(b, "[");
	switch (request) {
	case LIRC_GET_FEATURES:
		st_xlat_flags_dflt(b, features, v, "0", "LIRC_CAN_???");
		break;
	case LIRC_GET_SEND_MODE: case LIRC_GET_REC_MODE:
	case LIRC_SET_SEND_MODE: case LIRC_SET_REC_MODE:
		st_xlat_val(b, modes, v, "LIRC_MODE_???");
		break;
	case LIRC_SET_TRANSMITTER_MASK:
		buf_printf(b, "%#x", v);
		break;
	default:
		buf_printf(b, "%u", v);
	}
	buf_printf(b, "]");
	return true;
}

const struct st_ioc_family st_ioc_lirc = { .type = 'i', .decode = decode };
