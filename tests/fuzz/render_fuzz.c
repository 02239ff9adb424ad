/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libFuzzer harness of what ferret profile -i reads from a user's file:
 * a -f raw dump (samples.h), rendered as perf report's table, pprof's
 * Profile message and folded stacks, or folded stacks, drawn as a flame
 * graph.  No file an input names is opened (pprof's source lines are
 * not looked up).
 */
#include <stdint.h>
#include <stdlib.h>

#include "runtime/flame.h"
#include "runtime/pprof.h"
#include "runtime/report.h"
#include "runtime/samples.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const labels[] = { "comm" };
	static const struct report_opts by_pid = {
		.keys = { REPORT_PID, REPORT_SYM, REPORT_DSO, REPORT_COMM }, .nkeys = 4,
	};
	const char *text = (const char *)data;
	struct pprof_opts po = { labels, 1, NULL };
	struct report_opts dflt = { 0 };
	struct flame_opts fo = { 0 };
	struct samples s = { 0 };
	struct buf out = { 0 };
	int line;

	if (samples_is_dump(text, size)) {
		if (!samples_read(&s, text, size, &line)) {
			report_render(&s, &dflt, &out);
			report_render(&s, &by_pid, &out);
			pprof_encode(&s, &po, &out);
			samples_fold(&s, &out);
		}
		samples_free(&s);
	} else {
		flame_svg(text, size, &fo, &out, NULL);
	}
	buf_free(&out);
	return 0;
}
