/* SPDX-License-Identifier: GPL-2.0 */
/* ferret strace: perf_event_open(2)'s struct perf_event_attr as strace 6.1 prints it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "st_perf.h"
#include "st_region.h"
#include "st_sys.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The struct as strace 6.1 knows it (up to sig_data, PERF_ATTR_SIZE_VER7). */
#define ATTR_SIZE 128
/* What strace reads without -v: up to wakeup_events. */
#define ATTR_ABBREV 48

static const struct st_xlat types[] = {
	X(PERF_TYPE_HARDWARE), X(PERF_TYPE_SOFTWARE), X(PERF_TYPE_TRACEPOINT),
	X(PERF_TYPE_HW_CACHE), X(PERF_TYPE_RAW), X(PERF_TYPE_BREAKPOINT), END,
};

static const struct st_xlat sizes[] = {
	X(PERF_ATTR_SIZE_VER0), X(PERF_ATTR_SIZE_VER1), X(PERF_ATTR_SIZE_VER2),
	X(PERF_ATTR_SIZE_VER3), X(PERF_ATTR_SIZE_VER4), X(PERF_ATTR_SIZE_VER5),
	X(PERF_ATTR_SIZE_VER6), X(PERF_ATTR_SIZE_VER7), END,
};

static const struct st_xlat hw_ids[] = {
	X(PERF_COUNT_HW_CPU_CYCLES), X(PERF_COUNT_HW_INSTRUCTIONS),
	X(PERF_COUNT_HW_CACHE_REFERENCES), X(PERF_COUNT_HW_CACHE_MISSES),
	X(PERF_COUNT_HW_BRANCH_INSTRUCTIONS), X(PERF_COUNT_HW_BRANCH_MISSES),
	X(PERF_COUNT_HW_BUS_CYCLES), X(PERF_COUNT_HW_STALLED_CYCLES_FRONTEND),
	X(PERF_COUNT_HW_STALLED_CYCLES_BACKEND), X(PERF_COUNT_HW_REF_CPU_CYCLES), END,
};

static const struct st_xlat sw_ids[] = {
	X(PERF_COUNT_SW_CPU_CLOCK), X(PERF_COUNT_SW_TASK_CLOCK), X(PERF_COUNT_SW_PAGE_FAULTS),
	X(PERF_COUNT_SW_CONTEXT_SWITCHES), X(PERF_COUNT_SW_CPU_MIGRATIONS),
	X(PERF_COUNT_SW_PAGE_FAULTS_MIN), X(PERF_COUNT_SW_PAGE_FAULTS_MAJ),
	X(PERF_COUNT_SW_ALIGNMENT_FAULTS), X(PERF_COUNT_SW_EMULATION_FAULTS),
	X(PERF_COUNT_SW_DUMMY), X(PERF_COUNT_SW_BPF_OUTPUT), X(PERF_COUNT_SW_CGROUP_SWITCHES), END,
};

static const struct st_xlat cache_ids[] = {
	X(PERF_COUNT_HW_CACHE_L1D), X(PERF_COUNT_HW_CACHE_L1I), X(PERF_COUNT_HW_CACHE_LL),
	X(PERF_COUNT_HW_CACHE_DTLB), X(PERF_COUNT_HW_CACHE_ITLB), X(PERF_COUNT_HW_CACHE_BPU),
	X(PERF_COUNT_HW_CACHE_NODE), END,
};

static const struct st_xlat cache_ops[] = {
	X(PERF_COUNT_HW_CACHE_OP_READ), X(PERF_COUNT_HW_CACHE_OP_WRITE),
	X(PERF_COUNT_HW_CACHE_OP_PREFETCH), END,
};

static const struct st_xlat cache_results[] = {
	X(PERF_COUNT_HW_CACHE_RESULT_ACCESS), X(PERF_COUNT_HW_CACHE_RESULT_MISS), END,
};

static const struct st_xlat sample_types[] = {
	X(PERF_SAMPLE_IP), X(PERF_SAMPLE_TID), X(PERF_SAMPLE_TIME), X(PERF_SAMPLE_ADDR),
	X(PERF_SAMPLE_READ), X(PERF_SAMPLE_CALLCHAIN), X(PERF_SAMPLE_ID), X(PERF_SAMPLE_CPU),
	X(PERF_SAMPLE_PERIOD), X(PERF_SAMPLE_STREAM_ID), X(PERF_SAMPLE_RAW),
	X(PERF_SAMPLE_BRANCH_STACK), X(PERF_SAMPLE_REGS_USER), X(PERF_SAMPLE_STACK_USER),
	X(PERF_SAMPLE_WEIGHT), X(PERF_SAMPLE_DATA_SRC), X(PERF_SAMPLE_IDENTIFIER),
	X(PERF_SAMPLE_TRANSACTION), X(PERF_SAMPLE_REGS_INTR), X(PERF_SAMPLE_PHYS_ADDR),
	X(PERF_SAMPLE_AUX), X(PERF_SAMPLE_CGROUP), X(PERF_SAMPLE_DATA_PAGE_SIZE),
	X(PERF_SAMPLE_CODE_PAGE_SIZE), X(PERF_SAMPLE_WEIGHT_STRUCT), END,
};

static const struct st_xlat read_formats[] = {
	X(PERF_FORMAT_TOTAL_TIME_ENABLED), X(PERF_FORMAT_TOTAL_TIME_RUNNING),
	X(PERF_FORMAT_ID), X(PERF_FORMAT_GROUP), X(PERF_FORMAT_LOST), END,
};

static const struct st_xlat branch_types[] = {
	X(PERF_SAMPLE_BRANCH_USER), X(PERF_SAMPLE_BRANCH_KERNEL), X(PERF_SAMPLE_BRANCH_HV),
	X(PERF_SAMPLE_BRANCH_ANY), X(PERF_SAMPLE_BRANCH_ANY_CALL),
	X(PERF_SAMPLE_BRANCH_ANY_RETURN), X(PERF_SAMPLE_BRANCH_IND_CALL),
	X(PERF_SAMPLE_BRANCH_ABORT_TX), X(PERF_SAMPLE_BRANCH_IN_TX), X(PERF_SAMPLE_BRANCH_NO_TX),
	X(PERF_SAMPLE_BRANCH_COND), X(PERF_SAMPLE_BRANCH_CALL_STACK),
	X(PERF_SAMPLE_BRANCH_IND_JUMP), X(PERF_SAMPLE_BRANCH_CALL),
	X(PERF_SAMPLE_BRANCH_NO_FLAGS), X(PERF_SAMPLE_BRANCH_NO_CYCLES),
	X(PERF_SAMPLE_BRANCH_TYPE_SAVE), X(PERF_SAMPLE_BRANCH_HW_INDEX),
	X(PERF_SAMPLE_BRANCH_PRIV_SAVE), END,
};

static const struct st_xlat bp_types[] = {
	X(HW_BREAKPOINT_EMPTY), X(HW_BREAKPOINT_R), X(HW_BREAKPOINT_W), X(HW_BREAKPOINT_RW),
	X(HW_BREAKPOINT_X), END,
};

static const struct st_xlat open_flags[] = {
	X(PERF_FLAG_FD_NO_GROUP), X(PERF_FLAG_FD_OUTPUT), X(PERF_FLAG_PID_CGROUP),
	X(PERF_FLAG_FD_CLOEXEC), END,
};

/* The one-bit fields of the flags word, by bit; precise_ip (15, 16) apart. */
static const char *const bits[] = {
	"disabled", "inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel",
	"exclude_hv", "exclude_idle", "mmap", "comm", "freq", "inherit_stat",
	"enable_on_exec", "task", "watermark", NULL, NULL, "mmap_data", "sample_id_all",
	"exclude_host", "exclude_guest", "exclude_callchain_kernel",
	"exclude_callchain_user", "mmap2", "comm_exec", "use_clockid", "context_switch",
	"write_backward", "namespaces", "ksymbol", "bpf_event", "aux_output", "cgroup",
	"text_poke", "build_id", "inherit_thread", "remove_on_exec", "sigtrap",
};

#define BIT_FREQ 10
#define BIT_WATERMARK 14
#define BIT_USE_CLOCKID 25

static const char *const skid[] = {
	"arbitrary skid", "constant skid", "requested to have 0 skid", "must have 0 skid",
};

void st_perf_capture(struct buf *b, bool exit)
{
	if (exit) {
		buf_printf(b, "if ((int64)arg1 == %d) { ", -E2BIG);
		st_region_capture(b, ST_L_PERF_OUT, 0, 0, "$a + 4", "4");
		buf_printf(b, "} ");
		return;
	}
	st_region_capture(b, ST_L_PERF, 0, 0, "$a", "128");
}

static uint64_t u64at(const unsigned char *p, size_t off)
{
	return st_u64(p + off);
}

/* The config field, by the event's type. */
static void config(struct buf *b, uint32_t type, uint64_t v)
{
	buf_printf(b, ", config=");
	switch (type) {
	case PERF_TYPE_HARDWARE:
		if (v >> 32)
			buf_printf(b, "%#llx<<32|", (unsigned long long)(v >> 32));
		st_xlat_val(b, hw_ids, v & PERF_HW_EVENT_MASK, "PERF_COUNT_HW_???");
		break;
	case PERF_TYPE_SOFTWARE:
		st_xlat_val(b, sw_ids, v, "PERF_COUNT_SW_???");
		break;
	case PERF_TYPE_TRACEPOINT:
		buf_printf(b, "%llu", (unsigned long long)v);
		break;
	case PERF_TYPE_HW_CACHE:
		if (v >> 32)
			buf_printf(b, "%#llx<<32|", (unsigned long long)(v >> 32));
		if ((v & PERF_HW_EVENT_MASK) >> 24)
			buf_printf(b, "%#llx<<24|", (unsigned long long)((v & PERF_HW_EVENT_MASK) >> 24));
		st_xlat_val(b, cache_results, (v >> 16) & 0xff, "PERF_COUNT_HW_CACHE_RESULT_???");
		buf_printf(b, "<<16|");
		st_xlat_val(b, cache_ops, (v >> 8) & 0xff, "PERF_COUNT_HW_CACHE_OP_???");
		buf_printf(b, "<<8|");
		st_xlat_val(b, cache_ids, v & 0xff, "PERF_COUNT_HW_CACHE_???");
		break;
	default:
		buf_printf(b, "%#llx", (unsigned long long)v);
	}
}

/* The fields -v shows past the flags, as far as size says the struct goes. */
static void verbose_fields(struct buf *b, const unsigned char *p, uint32_t size)
{
	uint32_t type = st_u32(p);
	uint64_t flags = u64at(p, 40), st = u64at(p, 24);
	uint32_t bpt = st_u32(p + 52);
	bool bp = type == PERF_TYPE_BREAKPOINT;

	if (flags & (1ULL << BIT_WATERMARK))
		buf_printf(b, ", wakeup_watermark=%u", st_u32(p + 48));
	else
		buf_printf(b, ", wakeup_events=%u", st_u32(p + 48));
	if (bp) {
		buf_printf(b, ", bp_type=");
		st_xlat_val(b, bp_types, bpt, bpt <= (HW_BREAKPOINT_X | HW_BREAKPOINT_RW) ?
			    "HW_BREAKPOINT_INVALID" : "HW_BREAKPOINT_???");
		buf_printf(b, ", bp_addr=%#llx", (unsigned long long)u64at(p, 56));
	} else {
		buf_printf(b, ", config1=%#llx", (unsigned long long)u64at(p, 56));
	}
	if (size <= 64)
		return;
	if (bp)
		buf_printf(b, ", bp_len=%llu", (unsigned long long)u64at(p, 64));
	else
		buf_printf(b, ", config2=%#llx", (unsigned long long)u64at(p, 64));
	if (size <= 72)
		return;
	if (st & PERF_SAMPLE_BRANCH_STACK) {
		buf_printf(b, ", branch_sample_type=");
		st_xlat_flags_dflt(b, branch_types, u64at(p, 72), "0", "PERF_SAMPLE_BRANCH_???");
	}
	if (size <= 80)
		return;
	buf_printf(b, ", sample_regs_user=%#llx", (unsigned long long)u64at(p, 80));
	if (size <= 88)
		return;
	if (st & PERF_SAMPLE_STACK_USER)
		buf_printf(b, ", sample_stack_user=%#x", st_u32(p + 88));
	if (flags & (1ULL << BIT_USE_CLOCKID)) {
		if (size <= 92)
			return;
		buf_printf(b, ", clockid=");
		st_xlat_val(b, st_clocks, st_u32(p + 92), "CLOCK_???");
	}
	if (size <= 96)
		return;
	buf_printf(b, ", sample_regs_intr=%#llx", (unsigned long long)u64at(p, 96));
	if (size <= 104)
		return;
	buf_printf(b, ", aux_watermark=%u", st_u32(p + 104));
	if (size <= 108)
		return;
	buf_printf(b, ", sample_max_stack=%u", st_u16(p + 108));
	if (size <= 110)
		return;
	if (st_u16(p + 110))
		buf_printf(b, " /* bytes 110..111: %#x */", st_u16(p + 110));
	if (size <= 112)
		return;
	buf_printf(b, ", aux_sample_size=%u", st_u32(p + 112));
	if (size <= 116)
		return;
	if (st_u32(p + 116))
		buf_printf(b, " /* bytes 116..119: %#x */", st_u32(p + 116));
	if (size <= 120)
		return;
	buf_printf(b, ", sig_data=%#llx", (unsigned long long)u64at(p, 120));
}

void st_perf_attr(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		  uint64_t addr, const unsigned char *p, size_t have)
{
	unsigned char a[ATTR_SIZE] = { 0 };
	unsigned char *q = NULL;
	size_t have_out = 0;
	uint32_t size, asize;
	uint64_t flags;
	int k;

	if (!addr || !p || have < 8) {
		st_region_ptr(b, addr);
		return;
	}
	size = st_u32(p + 4);
	if (size > ATTR_SIZE)
		size = ATTR_SIZE;
	if (!size)
		size = PERF_ATTR_SIZE_VER0;
	if (size < PERF_ATTR_SIZE_VER0) {
		st_region_ptr(b, addr);
		return;
	}
	if (!o->verbose)
		size = ATTR_ABBREV;
	/* -e verbose=none: strace reads no struct whole. */
	if (have < size || o->noderef) {
		st_region_ptr(b, addr);
		return;
	}
	memcpy(a, p, size);
	asize = st_u32(a + 4);
	flags = u64at(a, 40);
	buf_printf(b, "{type=");
	st_xlat_val(b, types, st_u32(a), "PERF_TYPE_???");
	buf_printf(b, ", size=");
	st_xlat_val(b, sizes, asize, "PERF_ATTR_SIZE_???");
	if (ST_IS(c, "perf_event_open") && c->ret == -E2BIG) {
		buf_printf(b, " => ");
		q = st_region(c, ST_L_PERF_OUT, 0, 0, &have_out);
		if (q && have_out >= 4)
			st_xlat_val(b, sizes, st_u32(q), "PERF_ATTR_SIZE_???");
		else
			buf_printf(b, "???");
		free(q);
	}
	config(b, st_u32(a), u64at(a, 8));
	buf_printf(b, flags & (1ULL << BIT_FREQ) ? ", sample_freq=%llu" : ", sample_period=%llu",
		   (unsigned long long)u64at(a, 16));
	buf_printf(b, ", sample_type=");
	st_xlat_flags_dflt(b, sample_types, u64at(a, 24), "0", "PERF_SAMPLE_???");
	buf_printf(b, ", read_format=");
	st_xlat_flags_dflt(b, read_formats, u64at(a, 32), "0", "PERF_FORMAT_???");
	for (k = 0; k < (int)ARRAY_SIZE(bits); k++) {
		if (k == 15) {
			buf_printf(b, ", precise_ip=%u /* %s */", (unsigned)(flags >> 15) & 3,
				   skid[(flags >> 15) & 3]);
			continue;
		}
		if (bits[k] && (o->verbose || (flags >> k & 1)))
			buf_printf(b, ", %s=%u", bits[k], (unsigned)(flags >> k & 1));
	}
	if (flags >> 38)
		buf_printf(b, ", __reserved_1=%#llx /* Bits 63..38 */",
			   (unsigned long long)(flags >> 38));
	if (o->verbose)
		verbose_fields(b, a, size);
	if ((asize && asize > size) || (!asize && size < PERF_ATTR_SIZE_VER0))
		buf_printf(b, ", ...");
	buf_printf(b, "}");
}

void st_perf_args(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	size_t have;
	unsigned char *p = st_region(c, ST_L_PERF, 0, 0, &have);

	st_perf_attr(b, c, o, c->args[0], p, have);
	free(p);
	buf_printf(b, ", %d, %d, ", (int)c->args[1], (int)c->args[2]);
	st_decode_fd(b, c->tid, (int)c->args[3], o, NULL);
	buf_printf(b, ", ");
	st_xlat_flags_dflt(b, open_flags, c->args[4], "0", "PERF_FLAG_???");
}
