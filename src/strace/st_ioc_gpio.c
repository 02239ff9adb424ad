/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: the GPIO character device's requests (linux/gpio.h,
 * type 0xB4), v1 and v2, as strace decodes them.  What the call reads
 * prints at entry; what it fills follows " => " after a success.
 * Most of these structs are longer than ST_IOCTL_READ: st_ioctl_struct()
 * has them whole, as long as their request's size says.
 */
#include <string.h>
#include <linux/gpio.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

static const struct st_xlat line_flags[] = {
	X(GPIOLINE_FLAG_KERNEL), X(GPIOLINE_FLAG_IS_OUT), X(GPIOLINE_FLAG_ACTIVE_LOW),
	X(GPIOLINE_FLAG_OPEN_DRAIN), X(GPIOLINE_FLAG_OPEN_SOURCE),
	X(GPIOLINE_FLAG_BIAS_PULL_UP), X(GPIOLINE_FLAG_BIAS_PULL_DOWN),
	X(GPIOLINE_FLAG_BIAS_DISABLE), END,
};

static const struct st_xlat handle_flags[] = {
	X(GPIOHANDLE_REQUEST_INPUT), X(GPIOHANDLE_REQUEST_OUTPUT),
	X(GPIOHANDLE_REQUEST_ACTIVE_LOW), X(GPIOHANDLE_REQUEST_OPEN_DRAIN),
	X(GPIOHANDLE_REQUEST_OPEN_SOURCE), X(GPIOHANDLE_REQUEST_BIAS_PULL_UP),
	X(GPIOHANDLE_REQUEST_BIAS_PULL_DOWN), X(GPIOHANDLE_REQUEST_BIAS_DISABLE), END,
};

/* Both edges first: strace names the pair before either bit. */
static const struct st_xlat event_flags[] = {
	X(GPIOEVENT_REQUEST_BOTH_EDGES), X(GPIOEVENT_REQUEST_RISING_EDGE),
	X(GPIOEVENT_REQUEST_FALLING_EDGE), END,
};

static const struct st_xlat v2_line_flags[] = {
	X(GPIO_V2_LINE_FLAG_USED), X(GPIO_V2_LINE_FLAG_ACTIVE_LOW),
	X(GPIO_V2_LINE_FLAG_INPUT), X(GPIO_V2_LINE_FLAG_OUTPUT),
	X(GPIO_V2_LINE_FLAG_EDGE_RISING), X(GPIO_V2_LINE_FLAG_EDGE_FALLING),
	X(GPIO_V2_LINE_FLAG_OPEN_DRAIN), X(GPIO_V2_LINE_FLAG_OPEN_SOURCE),
	X(GPIO_V2_LINE_FLAG_BIAS_PULL_UP), X(GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN),
	X(GPIO_V2_LINE_FLAG_BIAS_DISABLED), X(GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME),
	X(GPIO_V2_LINE_FLAG_EVENT_CLOCK_HTE), END,
};

/* The argument's address, as strace prints one it does not read. */
static void addr(struct buf *b, const struct st_call *c)
{
	if (c->args[2])
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
	else
		buf_printf(b, "NULL");
}

/*
 * Whether the argument's struct was readable as the call saw it at entry
 * or at exit, whole, into out; if not, its address (or NULL) is printed.
 */
static bool fetch(struct buf *b, const struct st_call *c, bool exit, void *out, size_t size)
{
	if (c->args[2] && st_ioctl_struct(c, exit, out, size) == size)
		return true;
	addr(b, c);
	return false;
}

/* A char array as a string up to its NUL, "..." after it if it has none. */
static void cstr(struct buf *b, const char *name, const char *s, size_t size,
		 const struct st_dopts *o)
{
	size_t n = strnlen(s, size - 1);

	buf_printf(b, "%s=", name);
	st_quote(b, (const unsigned char *)s, n, n == size - 1, o->xstyle);
}

/*
 * Before element i of an array: the separator; false (and "...") when
 * -s cuts the array there, as strace does unless -v.
 */
static bool next_elem(struct buf *b, size_t i, const struct st_dopts *o)
{
	if (i)
		buf_printf(b, ", ");
	if (!o->verbose && i >= (size_t)o->strsize) {
		buf_printf(b, "...");
		return false;
	}
	return true;
}

/* n unsigned integers of w bytes (1 or 4) at p, cut at -s. */
static void uarray(struct buf *b, const void *p, size_t w, size_t n, const struct st_dopts *o)
{
	const unsigned char *q = p;
	size_t i;

	buf_printf(b, "[");
	for (i = 0; i < n && next_elem(b, i, o); i++)
		buf_printf(b, "%u", w == 1 ? q[i] : st_u32(q + 4 * i));
	buf_printf(b, "]");
}

/* A padding field's n u32 in hex, all of them: strace does not cut these at -s. */
static void padding(struct buf *b, const uint32_t *p, size_t n)
{
	size_t i;

	buf_printf(b, ", padding=[");
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%#x", i ? ", " : "", p[i]);
	buf_printf(b, "]");
}

/* A count, at most the array's length: strace shows no more. */
#define MIN_N(n, array) ((n) < ARRAY_SIZE(array) ? (size_t)(n) : ARRAY_SIZE(array))

static bool all_zero(const void *p, size_t size)
{
	const unsigned char *q = p;
	size_t i;

	for (i = 0; i < size; i++)
		if (q[i])
			return false;
	return true;
}

static void fd_field(struct buf *b, const struct st_call *c, int fd, const struct st_dopts *o)
{
	buf_printf(b, "{fd=");
	st_decode_fd(b, c->tid, fd, o, NULL);
	buf_printf(b, "}");
}

static void chipinfo(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpiochip_info ci;

	if (st_call_failed(c)) {
		addr(b, c);
		return;
	}
	if (!fetch(b, c, true, &ci, sizeof(ci)))
		return;
	buf_printf(b, "{");
	cstr(b, "name", ci.name, sizeof(ci.name), o);
	buf_printf(b, ", ");
	cstr(b, "label", ci.label, sizeof(ci.label), o);
	buf_printf(b, ", lines=%u}", ci.lines);
}

static void lineinfo(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpioline_info li;

	if (!fetch(b, c, false, &li, sizeof(li)))
		return;
	buf_printf(b, "{line_offset=%u}", li.line_offset);
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (!fetch(b, c, true, &li, sizeof(li)))
		return;
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, line_flags, li.flags, "0", "GPIOLINE_FLAG_???");
	buf_printf(b, ", ");
	cstr(b, "name", li.name, sizeof(li.name), o);
	buf_printf(b, ", ");
	cstr(b, "consumer", li.consumer, sizeof(li.consumer), o);
	buf_printf(b, "}");
}

static void unwatch(struct buf *b, const struct st_call *c)
{
	uint32_t offset;

	if (fetch(b, c, false, &offset, sizeof(offset)))
		buf_printf(b, "{offset=%u}", offset);
}

static void handle_request(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpiohandle_request hr;

	if (!fetch(b, c, false, &hr, sizeof(hr)))
		return;
	buf_printf(b, "{lines=%u, lineoffsets=", hr.lines);
	uarray(b, hr.lineoffsets, 4, MIN_N(hr.lines, hr.lineoffsets), o);
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, handle_flags, hr.flags, "0", "GPIOHANDLE_REQUEST_???");
	buf_printf(b, ", default_values=");
	uarray(b, hr.default_values, 1, MIN_N(hr.lines, hr.default_values), o);
	buf_printf(b, ", ");
	cstr(b, "consumer_label", hr.consumer_label, sizeof(hr.consumer_label), o);
	buf_printf(b, "}");
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (fetch(b, c, true, &hr, sizeof(hr)))
		fd_field(b, c, hr.fd, o);
}

static void event_request(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpioevent_request er;

	if (!fetch(b, c, false, &er, sizeof(er)))
		return;
	buf_printf(b, "{lineoffset=%u, handleflags=", er.lineoffset);
	st_xlat_flags_dflt(b, handle_flags, er.handleflags, "0", "GPIOHANDLE_REQUEST_???");
	buf_printf(b, ", eventflags=");
	st_xlat_flags_dflt(b, event_flags, er.eventflags, "0", "GPIOEVENT_REQUEST_???");
	buf_printf(b, ", ");
	cstr(b, "consumer_label", er.consumer_label, sizeof(er.consumer_label), o);
	buf_printf(b, "}");
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (fetch(b, c, true, &er, sizeof(er)))
		fd_field(b, c, er.fd, o);
}

/* struct gpiohandle_data: filled by the call (get) or read by it. */
static void handle_data(struct buf *b, const struct st_call *c, bool get,
			const struct st_dopts *o)
{
	struct gpiohandle_data hd;

	if (get && st_call_failed(c)) {
		addr(b, c);
		return;
	}
	if (!fetch(b, c, get, &hd, sizeof(hd)))
		return;
	buf_printf(b, "{values=");
	uarray(b, hd.values, 1, ARRAY_SIZE(hd.values), o);
	buf_printf(b, "}");
}

static void handle_config(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpiohandle_config hc;

	if (!fetch(b, c, false, &hc, sizeof(hc)))
		return;
	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, handle_flags, hc.flags, "0", "GPIOHANDLE_REQUEST_???");
	buf_printf(b, ", default_values=");
	uarray(b, hc.default_values, 1, ARRAY_SIZE(hc.default_values), o);
	buf_printf(b, "}");
}

/*
 * A v2 attribute: its one field by its id; an unknown id, or padding
 * in use, raw (under "attr=" when field).
 */
static void attribute(struct buf *b, const struct gpio_v2_line_attribute *a, bool field)
{
	if (!a->padding) {
		switch (a->id) {
		case GPIO_V2_LINE_ATTR_ID_FLAGS:
			buf_printf(b, "flags=");
			st_xlat_flags_dflt(b, v2_line_flags, a->flags, "0",
					   "GPIO_V2_LINE_FLAG_???");
			return;
		case GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES:
			buf_printf(b, "values=%#llx", (unsigned long long)a->values);
			return;
		case GPIO_V2_LINE_ATTR_ID_DEBOUNCE:
			buf_printf(b, "debounce_period_us=%u", a->debounce_period_us);
			return;
		}
	}
	if (field)
		buf_printf(b, "attr={");
	buf_printf(b, "id=%u", a->id);
	if (a->padding)
		buf_printf(b, ", padding=%#x", a->padding);
	buf_printf(b, ", data=%#llx", (unsigned long long)a->values);
	if (field)
		buf_printf(b, "}");
}

static void line_config(struct buf *b, const struct gpio_v2_line_config *lc,
			const struct st_dopts *o)
{
	size_t i, n = MIN_N(lc->num_attrs, lc->attrs);

	buf_printf(b, "{flags=");
	st_xlat_flags_dflt(b, v2_line_flags, lc->flags, "0", "GPIO_V2_LINE_FLAG_???");
	buf_printf(b, ", num_attrs=%u", lc->num_attrs);
	if (!all_zero(lc->padding, sizeof(lc->padding)))
		padding(b, lc->padding, ARRAY_SIZE(lc->padding));
	if (lc->num_attrs) {
		buf_printf(b, ", attrs=[");
		for (i = 0; i < n && next_elem(b, i, o); i++) {
			buf_printf(b, "{");
			attribute(b, &lc->attrs[i].attr, true);
			buf_printf(b, ", mask=%#llx}", (unsigned long long)lc->attrs[i].mask);
		}
		buf_printf(b, "]");
	}
	buf_printf(b, "}");
}

static void v2_lineinfo(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpio_v2_line_info li;
	size_t i, n;

	if (!fetch(b, c, false, &li, sizeof(li)))
		return;
	buf_printf(b, "{offset=%u}", li.offset);
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (!fetch(b, c, true, &li, sizeof(li)))
		return;
	buf_printf(b, "{");
	cstr(b, "name", li.name, sizeof(li.name), o);
	buf_printf(b, ", ");
	cstr(b, "consumer", li.consumer, sizeof(li.consumer), o);
	buf_printf(b, ", flags=");
	st_xlat_flags_dflt(b, v2_line_flags, li.flags, "0", "GPIO_V2_LINE_FLAG_???");
	buf_printf(b, ", num_attrs=%u", li.num_attrs);
	if (li.num_attrs) {
		n = MIN_N(li.num_attrs, li.attrs);
		buf_printf(b, ", attrs=[");
		for (i = 0; i < n && next_elem(b, i, o); i++) {
			buf_printf(b, "{");
			attribute(b, &li.attrs[i], false);
			buf_printf(b, "}");
		}
		buf_printf(b, "]");
	}
	if (!all_zero(li.padding, sizeof(li.padding)))
		padding(b, li.padding, ARRAY_SIZE(li.padding));
	buf_printf(b, "}");
}

static void v2_line_request(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpio_v2_line_request lr;

	if (!fetch(b, c, false, &lr, sizeof(lr)))
		return;
	buf_printf(b, "{num_lines=%u, offsets=", lr.num_lines);
	uarray(b, lr.offsets, 4, MIN_N(lr.num_lines, lr.offsets), o);
	buf_printf(b, ", ");
	cstr(b, "consumer", lr.consumer, sizeof(lr.consumer), o);
	buf_printf(b, ", config=");
	line_config(b, &lr.config, o);
	if (lr.event_buffer_size)
		buf_printf(b, ", event_buffer_size=%u", lr.event_buffer_size);
	if (!all_zero(lr.padding, sizeof(lr.padding)))
		padding(b, lr.padding, ARRAY_SIZE(lr.padding));
	buf_printf(b, "}");
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (fetch(b, c, true, &lr, sizeof(lr)))
		fd_field(b, c, lr.fd, o);
}

static void v2_get_values(struct buf *b, const struct st_call *c)
{
	struct gpio_v2_line_values lv;

	if (!fetch(b, c, false, &lv, sizeof(lv)))
		return;
	buf_printf(b, "{mask=%#llx}", (unsigned long long)lv.mask);
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	if (fetch(b, c, true, &lv, sizeof(lv)))
		buf_printf(b, "{bits=%#llx}", (unsigned long long)lv.bits);
}

static void v2_set_values(struct buf *b, const struct st_call *c)
{
	struct gpio_v2_line_values lv;

	if (fetch(b, c, false, &lv, sizeof(lv)))
		buf_printf(b, "{bits=%#llx, mask=%#llx}", (unsigned long long)lv.bits,
			   (unsigned long long)lv.mask);
}

static void v2_set_config(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	struct gpio_v2_line_config lc;

	if (fetch(b, c, false, &lc, sizeof(lc)))
		line_config(b, &lc, o);
}

static bool decode(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	switch ((unsigned)c->args[1]) {
	case GPIO_GET_CHIPINFO_IOCTL:
		chipinfo(b, c, o);
		return true;
	case GPIO_GET_LINEINFO_IOCTL:
	case GPIO_GET_LINEINFO_WATCH_IOCTL:
		lineinfo(b, c, o);
		return true;
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL:
		unwatch(b, c);
		return true;
	case GPIO_GET_LINEHANDLE_IOCTL:
		handle_request(b, c, o);
		return true;
	case GPIO_GET_LINEEVENT_IOCTL:
		event_request(b, c, o);
		return true;
	case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
		handle_data(b, c, true, o);
		return true;
	case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
		handle_data(b, c, false, o);
		return true;
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		handle_config(b, c, o);
		return true;
	case GPIO_V2_GET_LINEINFO_IOCTL:
	case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		v2_lineinfo(b, c, o);
		return true;
	case GPIO_V2_GET_LINE_IOCTL:
		v2_line_request(b, c, o);
		return true;
	case GPIO_V2_LINE_SET_CONFIG_IOCTL:
		v2_set_config(b, c, o);
		return true;
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		v2_get_values(b, c);
		return true;
	case GPIO_V2_LINE_SET_VALUES_IOCTL:
		v2_set_values(b, c);
		return true;
	}
	return false;
}

const struct st_ioc_family st_ioc_gpio = { .type = 0xB4, .decode = decode };
