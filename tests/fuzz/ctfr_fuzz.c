/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness of the CTF reader that ferret report, convert and
 * timeline run on traces from anywhere: an input is a little-endian u32
 * length N, N bytes of TSDL metadata, and the rest one stream's bytes.
 * Every event is walked and every value looked at, as report does.
 * Seeds (tests/fuzz/run.sh) pack recorded traces so.
 */
#include <stdint.h>
#include <string.h>

#include "record/ctfr.h"

/* Touches what report reads of an event: its fields by name. */
static int walk(const struct ctfr_event *ev, void *arg)
{
	uint64_t *n = arg;
	int64_t v;
	uint32_t i;

	if (ev->kind == CTFR_EV_DISCARDED)
		return 0;
	for (i = 0; i < ev->nvals; i++)
		if (ev->vals[i].name)
			*n += ctfr_field_int(ev, ev->vals[i].name, &v) ? (uint64_t)v : 0;
	*n += ctfr_field_str(ev, "comm") != NULL;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctfr *r;
	uint32_t mlen;
	uint64_t n = 0;

	if (size < 4)
		return 0;
	memcpy(&mlen, data, 4);
	if (mlen > size - 4)
		mlen = (uint32_t)(size - 4);
	r = ctfr_new();
	if (!ctfr_parse_metadata(r, (const char *)data + 4, mlen, "metadata") &&
	    !ctfr_add_stream(r, data + 4 + mlen, size - 4 - mlen, "channel0_0")) {
		ctfr_nevent_classes(r);
		ctfr_clock_offset(r);
		ctfr_read(r, walk, &n);
	}
	ctfr_error(r);
	ctfr_free(r);
	return 0;
}
