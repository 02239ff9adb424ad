#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/run.sh [FERRET]: ferret against bpftrace on the same workloads in the
# same run.  Benchmarks measure and never assert: a missed target or a failed
# sanity check is reported in the table, and the script still exits 0.
#
# Writes a Markdown table to stdout and to bench/results.md (overwritten).
# Progress goes to stderr.  See bench/README.md.
#
# Environment (all optional):
#   ONLY="1 2"         run only these benchmarks (default: 1 2 3 4 5 6)
#   BPFTRACE=PATH      the peer (default: bpftrace on PATH)
#   N=2000000          getppid calls in the workload of benchmarks 2 and 5
#   STARTUP_RUNS=10    timed runs per command in benchmark 1 (after 1 warm-up)
#   SPLIT_REPS=3       repetitions of benchmark 1's attach/teardown split
#   OVERHEAD_REPS=5    repetitions of benchmark 2
#   ATTACH_REPS=3      repetitions of benchmark 3 (bpftrace takes ~35 s each)
#   RSS_REPS=3         repetitions of benchmark 4
#   PRINTF_REPS=3      repetitions of benchmark 5
#   LATENCY_REPS=3     repetitions of benchmark 6's latency runs
#   LATENCY_EVENTS=200 sparse events per latency run
#   FLOOD_CALLS=1000000 getppid calls in benchmark 6's flood
#   RESULTS=FILE       where to write the table (default: bench/results.md)
set -u
set -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
BPFTRACE=${BPFTRACE:-$(command -v bpftrace || true)}
RESULTS=${RESULTS:-$HERE/results.md}
ONLY=${ONLY:-1 2 3 4 5 6}
N=${N:-2000000}
STARTUP_RUNS=${STARTUP_RUNS:-10}
SPLIT_REPS=${SPLIT_REPS:-3}
OVERHEAD_REPS=${OVERHEAD_REPS:-5}
ATTACH_REPS=${ATTACH_REPS:-3}
RSS_REPS=${RSS_REPS:-3}
PRINTF_REPS=${PRINTF_REPS:-3}
LATENCY_REPS=${LATENCY_REPS:-3}
LATENCY_EVENTS=${LATENCY_EVENTS:-200}
FLOOD_CALLS=${FLOOD_CALLS:-1000000}
BIN=$HERE/build
NCPUS=$(getconf _NPROCESSORS_ONLN)

source "$HERE/lib.sh"

[ "$(id -u)" = 0 ] || die "needs root (it attaches BPF programs)"
[ -x "$FERRET" ] || die "no ferret binary at ${1:-build/ferret}; run make first"
if [ -z "$BPFTRACE" ] || [ ! -x "$BPFTRACE" ]; then
	log "bpftrace not found: its columns will say n/a"
	BPFTRACE=""
fi
PEER=${BPFTRACE:-none}		# the peer's key in result arrays

TMP=$(mktemp -d /tmp/ferret-bench.XXXXXX)

# ---------------------------------------------------------------------------
# Background tracers.  Every tracer this script starts is recorded in
# TRACERS until it has been reaped; on exit, whatever is left gets SIGINT,
# then SIGKILL if it has not gone within 60 s.
TRACERS=()

forget_tracer() {
	local p keep=()
	for p in "${TRACERS[@]}"; do
		[ "$p" = "$1" ] || keep+=("$p")
	done
	TRACERS=("${keep[@]}")
}

cleanup() {
	local p
	trap - EXIT INT TERM
	for p in "${TRACERS[@]}"; do
		kill -INT "$p" 2>/dev/null
	done
	for p in "${TRACERS[@]}"; do
		wait_gone "$p" 60 || kill -KILL "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

# wait_gone PID TIMEOUT_S: polls until PID has exited (bash reaps its
# children as they exit); sets T_GONE.  Fails on timeout.
wait_gone() {
	local p=$1 end=$((EPOCHSECONDS + $2))
	while kill -0 "$p" 2>/dev/null; do
		[ "$EPOCHSECONDS" -ge "$end" ] && return 1
		sleep 0.002
	done
	T_GONE=$EPOCHREALTIME
}

# start_tracer OUT ERR COMMAND...: starts COMMAND in the background with
# stdout to OUT and stderr to ERR; sets TPID and T_START.
start_tracer() {
	local out=$1 err=$2
	shift 2
	: >"$out"
	snapshot_ferrets
	T_START=$EPOCHREALTIME
	"$@" >"$out" 2>"$err" </dev/null &
	TPID=$!
	TRACERS+=("$TPID")
}

# stop_tracer PID TIMEOUT_S: SIGINT, then waits for the exit (SIGKILL after
# TIMEOUT_S) and for any release helper it left (see wait_released); sets
# T_INT, T_GONE and T_RELEASED.  Fails if it had to kill.
stop_tracer() {
	local p=$1 rc=0
	T_INT=$EPOCHREALTIME
	kill -INT "$p" 2>/dev/null
	if ! wait_gone "$p" "$2"; then
		log "tracer $p did not exit within $2 s of SIGINT: killing it"
		kill -KILL "$p" 2>/dev/null
		T_GONE=$EPOCHREALTIME
		rc=1
	fi
	wait "$p" 2>/dev/null
	forget_tracer "$p"
	wait_released 120
	return $rc
}

# wait_released TIMEOUT_S: waits for ferret's release helpers (see
# bench/lib.sh) that are not tracers of ours; sets T_RELEASED.
wait_released() {
	wait_helpers "$1" "${TRACERS[@]}"
	T_RELEASED=$EPOCHREALTIME
}

# wait_line FILE REGEX PID TIMEOUT_S: polls FILE until a line matches;
# sets T_LINE.  Fails if PID exits first or on timeout.
wait_line() {
	local end=$((EPOCHSECONDS + $4))
	until grep -q -- "$2" "$1" 2>/dev/null; do
		kill -0 "$3" 2>/dev/null || return 1
		[ "$EPOCHSECONDS" -ge "$end" ] && return 1
		sleep 0.002
	done
	T_LINE=$EPOCHREALTIME
}

# perf_fds_extra TOOL: perf event fds the tool holds besides one per
# tracepoint.  bpftrace 0.17 opens a perf output buffer per online CPU
# before attaching; ferret uses a BPF ring buffer (no perf event).
perf_fds_extra() {
	if [ "$1" = "$BPFTRACE" ]; then echo "$NCPUS"; else echo 0; fi
}

# ---------------------------------------------------------------------------
# Numbers.

median_args() {		# median of the arguments; "n/a" if none
	[ $# -eq 0 ] && { echo n/a; return; }
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
		END { if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "%.10g\n", m }'
}

isnum() { [[ "${1:-}" =~ ^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$ ]]; }

fmt() {				# fmt PRINTF-FORMAT VALUE: n/a passes through
	if isnum "$2"; then awk -v v="$2" -v f="$1" 'BEGIN { printf f, v }'; else echo "${2:-n/a}"; fi
}

ratio_na() {		# ratio A B: A/B to 3 significant digits
	if isnum "$1" && isnum "$2" && awk -v b="$2" 'BEGIN { exit !(b != 0) }'; then
		awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3g", a / b }'
	else
		echo n/a
	fi
}

le() {				# le A B: "yes" if A <= B, "no", or "n/a"
	if isnum "$1" && isnum "$2"; then
		awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? "yes" : "no" }'
	else
		echo n/a
	fi
}

# ---------------------------------------------------------------------------
# The table.
ROWS=()
NOTES=()
RAW=()

row() {				# row NUM BENCHMARK METRIC FERRET BPFTRACE RATIO TARGET MET
	local IFS='|'
	ROWS+=("| $1 | $2 | $3 | $4 | $5 | $6 | $7 | $8 |")
	log "  => $3: ferret $4, bpftrace $5, ratio $6, target $7: $8"
}
note() { NOTES+=("$*"); log "note: $*"; }
raw() { RAW+=("$*"); }

want() { [[ " $ONLY " == *" $1 "* ]]; }

# ---------------------------------------------------------------------------
build() {
	mkdir -p "$BIN"
	local p
	for p in benchloop timeit fdwait latency; do
		if [ ! -x "$BIN/$p" ] || [ "$HERE/$p.c" -nt "$BIN/$p" ]; then
			${CC:-cc} -O2 -Wall -Wextra -Werror -o "$BIN/$p" "$HERE/$p.c" -lpthread ||
				die "cannot build $p"
		fi
	done
}

# tools: the tracers to measure, ferret first.
tools() {
	echo "$FERRET"
	[ -n "$BPFTRACE" ] && echo "$BPFTRACE"
}

name() { [ "$1" = "$FERRET" ] && echo ferret || echo bpftrace; }

# ---------------------------------------------------------------------------
# measure_attach TOOL PROGRAM TIMEOUT_S: starts TOOL -e PROGRAM, waits for
# its "Attaching N probes..." line, then until it holds a perf event per
# probe (N + perf_fds_extra), runs `benchloop 1000`, stops it with SIGINT
# and waits for it to exit.  Sets A_LINE, A_ATTACH, A_TOTAL (ms from start),
# A_TEARDOWN (SIGINT to exit), A_RELEASE (SIGINT to the end of any release
# helper, see wait_released) and A_GETPPID (the count printed for sys_enter_getppid, to
# check that events flow).  Fails (and sets what it can) on a timeout.
measure_attach() {
	local tool=$1 prog=$2 to=$3 n thr out=$TMP/attach.out err=$TMP/attach.err
	A_LINE=n/a A_ATTACH=n/a A_TEARDOWN=n/a A_RELEASE=n/a A_TOTAL=n/a A_GETPPID=n/a
	start_tracer "$out" "$err" "$tool" -e "$prog"
	if ! wait_line "$out" '^Attaching [0-9]* probe' "$TPID" "$to"; then
		log "$(name "$tool"): no Attaching line: $(grep -v RLIMIT "$err" | head -3)"
		stop_tracer "$TPID" 60
		return 1
	fi
	A_LINE=$(ms_since "$T_START" "$T_LINE")
	n=$(sed -n 's/^Attaching \([0-9]*\) probe.*/\1/p' "$out" | head -1)
	thr=$((n + $(perf_fds_extra "$tool")))
	if ! "$BIN/fdwait" "$TPID" "$thr" $((to * 1000)) >"$TMP/fdwait.out"; then
		log "$(name "$tool"): holds $(cat "$TMP/fdwait.out") perf events, not $thr"
		stop_tracer "$TPID" 60
		return 1
	fi
	A_ATTACH=$(ms_since "$T_START" "$EPOCHREALTIME")
	"$BIN/benchloop" 1000 >/dev/null
	stop_tracer "$TPID" "$to"
	A_TEARDOWN=$(ms_since "$T_INT" "$T_GONE")
	A_RELEASE=$(ms_since "$T_INT" "$T_RELEASED")
	A_TOTAL=$(ms_since "$T_START" "$T_GONE")
	A_GETPPID=$(sed -n 's/^@\[tracepoint:syscalls:sys_enter_getppid\]: \([0-9]*\)$/\1/p' "$out")
	A_GETPPID=${A_GETPPID:-0}
}

# ---------------------------------------------------------------------------
# 1. Start-up: BEGIN { exit(); }, and ten tracepoints.
TEN_TP="read write openat close getpid getppid nanosleep clock_gettime futex mmap"

ten_probes() {
	local s list=""
	for s in $TEN_TP; do
		list="$list${list:+,} tracepoint:syscalls:sys_enter_$s"
	done
	echo "$list"
}

bench_startup() {
	local tool label prog med fails r
	local a=() td=() tot=()
	declare -A M
	local progs=("BEGIN { exit(); }"
		"$(ten_probes) { @[probe] = count(); } interval:ms:1 { exit(); }")
	local labels=("BEGIN { exit(); }: wall time"
		"10 tracepoints + interval:ms:1 { exit(); }: wall time")
	local i
	for i in 0 1; do
		prog=${progs[$i]}
		label=${labels[$i]}
		for tool in $(tools); do
			log "1. $(name "$tool"): $label ($STARTUP_RUNS runs)"
			# One run at a time, each after the previous run's perf
			# events are released (see wait_released), after one
			# untimed warm-up run.
			: >"$TMP/timeit.out"
			for ((r = 0; r <= STARTUP_RUNS; r++)); do
				snapshot_ferrets
				if [ "$r" = 0 ]; then
					"$BIN/timeit" 1 0 "$tool" -e "$prog"
				else
					"$BIN/timeit" 0 1 "$tool" -e "$prog" >>"$TMP/timeit.out"
				fi
				wait_released 120
			done
			fails=$(awk '$2 != 0' "$TMP/timeit.out" | wc -l)
			[ "$fails" -gt 0 ] && note "1. $(name "$tool") exited non-zero in $fails of $STARTUP_RUNS runs of '$prog'"
			# shellcheck disable=SC2046
			M[$tool]=$(median_args $(awk '{ print $1 }' "$TMP/timeit.out"))
			raw "1. $(name "$tool") '$label' ms: $(awk '{ printf "%s ", $1 }' "$TMP/timeit.out")"
		done
		med=$(ratio_na "${M[$FERRET]}" "${M[$PEER]:-n/a}")
		row 1 "Start-up" "$label (ms, median of $STARTUP_RUNS)" \
			"$(fmt %.1f "${M[$FERRET]}")" "$(fmt %.1f "${M[$PEER]:-n/a}")" \
			"$med" "≤ 0.1×" "$(le "$med" 0.1)"
	done

	# Where the ten-tracepoint time goes: attach vs teardown.
	prog="$(ten_probes) { @[probe] = count(); }"
	for tool in $(tools); do
		a=() td=() tot=()
		for ((r = 1; r <= SPLIT_REPS; r++)); do
			log "1. $(name "$tool"): 10 tracepoints, attach/teardown split, rep $r"
			if measure_attach "$tool" "$prog" 60; then
				a+=("$A_ATTACH") td+=("$A_TEARDOWN") tot+=("$A_TOTAL")
			fi
			[ "$A_GETPPID" != n/a ] && [ "$A_GETPPID" -lt 1000 ] &&
				note "1. $(name "$tool"): 10 tracepoints: sys_enter_getppid counted $A_GETPPID of 1000 calls"
			raw "1. $(name "$tool") 10-tp split rep $r: Attaching line $A_LINE ms, attached $A_ATTACH ms, SIGINT to exit $A_TEARDOWN ms, to release $A_RELEASE ms, total $A_TOTAL ms, getppid $A_GETPPID"
		done
		M[a$tool]=$(median_args "${a[@]}")
		M[d$tool]=$(median_args "${td[@]}")
	done
	row 1 "Start-up" "10 tracepoints: start → all attached (ms, median of $SPLIT_REPS)" \
		"$(fmt %.1f "${M[a$FERRET]}")" "$(fmt %.1f "${M[a$PEER]:-n/a}")" \
		"$(ratio_na "${M[a$FERRET]}" "${M[a$PEER]:-n/a}")" "—" "—"
	row 1 "Start-up" "10 tracepoints: SIGINT → exit, i.e. detach (ms, median of $SPLIT_REPS)" \
		"$(fmt %.1f "${M[d$FERRET]}")" "$(fmt %.1f "${M[d$PEER]:-n/a}")" \
		"$(ratio_na "${M[d$FERRET]}" "${M[d$PEER]:-n/a}")" "—" "—"
}

# ---------------------------------------------------------------------------
# 2. Added cost per event of a raw_syscalls count.
loop_ns() { sed -n 's/^benchloop: [0-9]* calls, \([0-9.]*\) ns\/call$/\1/p' "$1"; }

# run_loop TOOL PROG: the getppid loop's ns/call with TOOL running PROG
# attached (in LOOP_NS, and the count it printed in LOOP_CNT); 1 if the
# tracer did not attach.
run_loop() {
	local tool=$1 prog=$2 thr out=$TMP/ov.out err=$TMP/ov.err
	LOOP_NS='' LOOP_CNT=''
	start_tracer "$out" "$err" "$tool" -e "$prog"
	thr=$((1 + $(perf_fds_extra "$tool")))
	if ! wait_line "$out" '^Attaching' "$TPID" 30 ||
	   ! "$BIN/fdwait" "$TPID" "$thr" 30000 >/dev/null; then
		note "2. $(name "$tool") did not attach: $(grep -v RLIMIT "$err" | head -2)"
		stop_tracer "$TPID" 30
		return 1
	fi
	"$BIN/benchloop" "$N" >"$TMP/loop.out"
	LOOP_NS=$(loop_ns "$TMP/loop.out")
	stop_tracer "$TPID" 30
	LOOP_CNT=$(sed -n 's/^@\[benchloop\]: \([0-9]*\)$/\1/p' "$out")
}

# The added cost of the count, and, to show where it goes, of an empty
# program on the same tracepoint: the kernel's own price for running any
# BPF program there, which neither tool can go below.
bench_overhead() {
	local prog='tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }'
	local empty='tracepoint:raw_syscalls:sys_enter { }'
	local r tool ns base=()
	declare -A S E M
	for ((r = 1; r <= OVERHEAD_REPS; r++)); do
		log "2. rep $r: baseline"
		"$BIN/benchloop" "$N" >"$TMP/loop.out"
		ns=$(loop_ns "$TMP/loop.out")
		base+=("$ns")
		raw "2. baseline rep $r: $ns ns/call"
		for tool in $(tools); do
			log "2. rep $r: $(name "$tool")"
			run_loop "$tool" "$prog" || continue
			if [ -z "$LOOP_CNT" ] || [ "$LOOP_CNT" -lt "$N" ]; then
				note "2. $(name "$tool") rep $r: counted ${LOOP_CNT:-no} events for benchloop, expected ≥ $N"
			fi
			S[$tool]="${S[$tool]:-} $LOOP_NS"
			raw "2. $(name "$tool") rep $r: $LOOP_NS ns/call, @[benchloop] = ${LOOP_CNT:-none}"
			log "2. rep $r: $(name "$tool"), empty program"
			run_loop "$tool" "$empty" || continue
			E[$tool]="${E[$tool]:-} $LOOP_NS"
			raw "2. $(name "$tool") rep $r, empty program: $LOOP_NS ns/call"
		done
	done
	M[base]=$(median_args "${base[@]}")
	for tool in $(tools); do
		# shellcheck disable=SC2086
		M[$tool]=$(median_args ${S[$tool]:-})
		# shellcheck disable=SC2086
		M[e$tool]=$(median_args ${E[$tool]:-})
		M[add$tool]=n/a M[eadd$tool]=n/a M[prog$tool]=n/a
		if isnum "${M[$tool]}"; then
			M[add$tool]=$(awk -v a="${M[$tool]}" -v b="${M[base]}" 'BEGIN { printf "%.1f", a - b }')
		fi
		if isnum "${M[e$tool]}"; then
			M[eadd$tool]=$(awk -v a="${M[e$tool]}" -v b="${M[base]}" 'BEGIN { printf "%.1f", a - b }')
		fi
		if isnum "${M[$tool]}" && isnum "${M[e$tool]}"; then
			M[prog$tool]=$(awk -v a="${M[$tool]}" -v b="${M[e$tool]}" 'BEGIN { printf "%.1f", a - b }')
		fi
	done
	row 2 "Per-event cost" "getppid loop, untraced (ns/call, median of $OVERHEAD_REPS)" \
		"$(fmt %.1f "${M[base]}")" "$(fmt %.1f "${M[base]}")" "—" "—" "—"
	row 2 "Per-event cost" "getppid loop, raw_syscalls count attached (ns/call)" \
		"$(fmt %.1f "${M[$FERRET]}")" "$(fmt %.1f "${M[$PEER]:-n/a}")" \
		"$(ratio_na "${M[$FERRET]}" "${M[$PEER]:-n/a}")" "—" "—"
	local rr
	rr=$(ratio_na "${M[add$FERRET]}" "${M[add$PEER]:-n/a}")
	row 2 "Per-event cost" "added cost per event (ns)" \
		"$(fmt %.1f "${M[add$FERRET]}")" "$(fmt %.1f "${M[add$PEER]:-n/a}")" \
		"$rr" "≤ 0.4×" "$(le "$rr" 0.4)"
	row 2 "Per-event cost" "added cost of an empty program on the same tracepoint (ns): the kernel's floor" \
		"$(fmt %.1f "${M[eadd$FERRET]}")" "$(fmt %.1f "${M[eadd$PEER]:-n/a}")" \
		"$(ratio_na "${M[eadd$FERRET]}" "${M[eadd$PEER]:-n/a}")" "—" "—"
	row 2 "Per-event cost" "cost of the count program above that floor (ns)" \
		"$(fmt %.1f "${M[prog$FERRET]}")" "$(fmt %.1f "${M[prog$PEER]:-n/a}")" \
		"$(ratio_na "${M[prog$FERRET]}" "${M[prog$PEER]:-n/a}")" "—" "—"
}

# ---------------------------------------------------------------------------
# 3. Attaching every syscalls:sys_enter_* tracepoint.
bench_wildcard() {
	local prog='tracepoint:syscalls:sys_enter_* { @[probe] = count(); }'
	local tool r to nprobes
	local a=() l=() td=() tot=() rel=()
	declare -A M
	for tool in $(tools); do
		a=() l=() td=() tot=() rel=()
		to=30
		[ "$tool" = "$BPFTRACE" ] && to=120
		for ((r = 1; r <= ATTACH_REPS; r++)); do
			log "3. $(name "$tool"): sys_enter_*, rep $r"
			if measure_attach "$tool" "$prog" "$to"; then
				a+=("$A_ATTACH") l+=("$A_LINE") td+=("$A_TEARDOWN") tot+=("$A_TOTAL")
				rel+=("$A_RELEASE")
			else
				note "3. $(name "$tool") rep $r: did not attach within $to s"
			fi
			if [ "$A_GETPPID" != n/a ] && [ "$A_GETPPID" -lt 1000 ]; then
				note "3. $(name "$tool") rep $r: sys_enter_getppid counted $A_GETPPID of 1000 calls: events did not flow"
			fi
			nprobes=$(sed -n 's/^Attaching \([0-9]*\) probe.*/\1/p' "$TMP/attach.out" | head -1)
			raw "3. $(name "$tool") rep $r: $nprobes probes; Attaching line $A_LINE ms, attached $A_ATTACH ms, SIGINT to exit $A_TEARDOWN ms, to release $A_RELEASE ms, total $A_TOTAL ms, getppid $A_GETPPID"
		done
		M[a$tool]=$(median_args "${a[@]}")
		M[l$tool]=$(median_args "${l[@]}")
		M[d$tool]=$(median_args "${td[@]}")
		M[r$tool]=$(median_args "${rel[@]}")
		M[t$tool]=$(median_args "${tot[@]}")
		M[n$tool]=$nprobes
	done
	local desc="sys_enter_* (${M[n$FERRET]:-?} probes)"
	row 3 "Wildcard attach" "$desc: start → all attached (ms, median of $ATTACH_REPS)" \
		"$(fmt %.1f "${M[a$FERRET]}")" "$(fmt %.1f "${M[a$PEER]:-n/a}")" \
		"$(ratio_na "${M[a$FERRET]}" "${M[a$PEER]:-n/a}")" "ferret ≤ 1000 ms" \
		"$(le "${M[a$FERRET]}" 1000)"
	row 3 "Wildcard attach" "$desc: start → \"Attaching\" line (ms)" \
		"$(fmt %.1f "${M[l$FERRET]}")" "$(fmt %.1f "${M[l$PEER]:-n/a}")" \
		"$(ratio_na "${M[l$FERRET]}" "${M[l$PEER]:-n/a}")" "—" "—"
	row 3 "Wildcard attach" "$desc: SIGINT → exit, i.e. detach (ms)" \
		"$(fmt %.0f "${M[d$FERRET]}")" "$(fmt %.0f "${M[d$PEER]:-n/a}")" \
		"$(ratio_na "${M[d$FERRET]}" "${M[d$PEER]:-n/a}")" "—" "—"
	row 3 "Wildcard attach" "$desc: SIGINT → perf events released, incl. ferret's background helper (ms)" \
		"$(fmt %.0f "${M[r$FERRET]}")" "$(fmt %.0f "${M[r$PEER]:-n/a}")" \
		"$(ratio_na "${M[r$FERRET]}" "${M[r$PEER]:-n/a}")" "—" "—"
	row 3 "Wildcard attach" "$desc: total wall time, start → exit (ms)" \
		"$(fmt %.0f "${M[t$FERRET]}")" "$(fmt %.0f "${M[t$PEER]:-n/a}")" \
		"$(ratio_na "${M[t$FERRET]}" "${M[t$PEER]:-n/a}")" "—" "—"
}

# ---------------------------------------------------------------------------
# 4. Peak RSS.
bench_rss() {
	local prog='tracepoint:raw_syscalls:sys_enter { @[comm] = count(); } interval:s:1 { exit(); }'
	local tool r kb
	local s=()
	declare -A M
	if [ ! -x /usr/bin/time ]; then
		note "4. skipped: /usr/bin/time is missing (apt-get install -y time)"
		return
	fi
	for tool in $(tools); do
		s=()
		for ((r = 1; r <= RSS_REPS; r++)); do
			log "4. $(name "$tool"): rep $r"
			timeout -s INT -k 30 60 /usr/bin/time -v -o "$TMP/time.out" \
				"$tool" -q -e "$prog" >/dev/null 2>"$TMP/rss.err"
			kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): \([0-9]*\)$/\1/p' "$TMP/time.out")
			[ -n "$kb" ] && s+=("$kb")
			raw "4. $(name "$tool") rep $r: max RSS ${kb:-?} KiB"
		done
		M[$tool]=$(median_args "${s[@]}")
	done
	local f b rr
	f=$(awk -v k="${M[$FERRET]}" 'BEGIN { printf "%.1f", k / 1024 }')
	b=n/a
	[ -n "$BPFTRACE" ] && isnum "${M[$PEER]}" &&
		b=$(awk -v k="${M[$PEER]}" 'BEGIN { printf "%.1f", k / 1024 }')
	rr=$(ratio_na "${M[$FERRET]}" "${M[$PEER]:-n/a}")
	row 4 "Peak RSS" "raw_syscalls count for 1 s: max RSS (MiB, median of $RSS_REPS)" \
		"$f" "$b" "$rr" "≤ 0.2×" "$(le "$rr" 0.2)"
}

# ---------------------------------------------------------------------------
# 5. printf throughput through the output buffer.
sum_lost() {			# total of "lost N events" in the given files
	cat "$@" 2>/dev/null | grep -io 'lost [0-9]* events' |
		awk '{ s += $2 } END { print s + 0 }'
}

bench_printf() {
	local pprog='tracepoint:raw_syscalls:sys_enter /pid == cpid/ { printf("%d\n", args->id); }'
	local cprog='tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @ = count(); }'
	local tool r t0 wall printed lost exp acc
	local p=() l=() w=() ns=()
	declare -A M
	for tool in $(tools); do
		log "5. $(name "$tool"): counting the workload's system calls"
		timeout -s INT -k 30 120 "$tool" -q -c "$BIN/benchloop $N" -e "$cprog" \
			>"$TMP/cnt.out" 2>"$TMP/cnt.err" </dev/null
		exp=$(sed -n 's/^@: \([0-9]*\)$/\1/p' "$TMP/cnt.out")
		[ -z "$exp" ] && note "5. $(name "$tool"): the count run printed no @ ($(grep -v RLIMIT "$TMP/cnt.err" | head -2))"
		M[e$tool]=${exp:-n/a}
		p=() l=() w=() ns=() acc=0
		for ((r = 1; r <= PRINTF_REPS; r++)); do
			log "5. $(name "$tool"): printf rep $r"
			rm -f "$TMP/p.out"
			t0=$EPOCHREALTIME
			timeout -s INT -k 30 120 "$tool" -q -o "$TMP/p.out" -c "$BIN/benchloop $N" \
				-e "$pprog" >"$TMP/p.stdout" 2>"$TMP/p.err" </dev/null
			wall=$(ms_since "$t0" "$EPOCHREALTIME")
			printed=$(grep -c '^[0-9][0-9]*$' "$TMP/p.out" 2>/dev/null)
			lost=$(sum_lost "$TMP/p.out" "$TMP/p.stdout" "$TMP/p.err")
			p+=("${printed:-0}") l+=("$lost") w+=("$wall")
			ns+=("$(loop_ns "$TMP/p.stdout")")
			if [ -n "$exp" ] && [ $((printed + lost)) -eq "$exp" ]; then
				acc=$((acc + 1))
			fi
			raw "5. $(name "$tool") rep $r: printed $printed, lost $lost, expected ${exp:-?}, wall $wall ms, workload $(loop_ns "$TMP/p.stdout") ns/call"
		done
		M[p$tool]=$(median_args "${p[@]}")
		M[l$tool]=$(median_args "${l[@]}")
		M[w$tool]=$(median_args "${w[@]}")
		M[ns$tool]=$(median_args "${ns[@]}")
		M[a$tool]="$acc/$PRINTF_REPS runs"
	done
	local b=$PEER
	row 5 "printf throughput" "events expected (the child's system calls, from a count run)" \
		"${M[e$FERRET]}" "${M[e$b]:-n/a}" "—" "—" "—"
	row 5 "printf throughput" "lines printed (median of $PRINTF_REPS)" \
		"$(fmt %.0f "${M[p$FERRET]}")" "$(fmt %.0f "${M[p$b]:-n/a}")" \
		"$(ratio_na "${M[p$FERRET]}" "${M[p$b]:-n/a}")" "—" "—"
	row 5 "printf throughput" "lost events reported (median)" \
		"$(fmt %.0f "${M[l$FERRET]}")" "$(fmt %.0f "${M[l$b]:-n/a}")" "—" "—" "—"
	row 5 "printf throughput" "printed + lost = expected" \
		"${M[a$FERRET]}" "${M[a$b]:-n/a}" "—" "—" "—"
	row 5 "printf throughput" "wall time of the -c run (ms, median)" \
		"$(fmt %.0f "${M[w$FERRET]}")" "$(fmt %.0f "${M[w$b]:-n/a}")" \
		"$(ratio_na "${M[w$FERRET]}" "${M[w$b]:-n/a}")" "—" "—"
	row 5 "printf throughput" "workload ns/call while traced (median)" \
		"$(fmt %.1f "${M[ns$FERRET]}")" "$(fmt %.1f "${M[ns$b]:-n/a}")" \
		"$(ratio_na "${M[ns$FERRET]}" "${M[ns$b]:-n/a}")" "—" "—"
}

# ---------------------------------------------------------------------------
# 6. The end of a -c command, and how soon output appears.
bench_latency() {
	local tool r prog='tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }'
	local lprog='tracepoint:syscalls:sys_enter_getppid /pid == PID/ { printf("e\n"); }'
	local p50=() p99=() wk=() line
	declare -A M
	for tool in $(tools); do
		log "6. $(name "$tool"): -c /bin/true ($STARTUP_RUNS runs)"
		: >"$TMP/timeit.out"
		for ((r = 0; r <= STARTUP_RUNS; r++)); do
			if [ "$r" = 0 ]; then
				"$BIN/timeit" 1 0 "$tool" -e "$prog" -c /bin/true
			else
				"$BIN/timeit" 0 1 "$tool" -e "$prog" -c /bin/true >>"$TMP/timeit.out"
			fi
			wait_released 120
		done
		# shellcheck disable=SC2046
		M[c$tool]=$(median_args $(awk '{ print $1 }' "$TMP/timeit.out"))
		raw "6. $(name "$tool") -c /bin/true ms: $(awk '{ printf "%s ", $1 }' "$TMP/timeit.out")"
		p50=() p99=() wk=()
		for ((r = 1; r <= LATENCY_REPS; r++)); do
			log "6. $(name "$tool"): printf latency and flood wake-ups, rep $r"
			line=$("$BIN/latency" -n "$LATENCY_EVENTS" -f "$FLOOD_CALLS" "$tool" -e "$lprog" 2>>"$TMP/latency.err") || {
				note "6. $(name "$tool"): the latency run failed: $(tail -1 "$TMP/latency.err")"
				continue
			}
			read -r a b c _ m <<<"$line"
			p50+=("$a") p99+=("$b") wk+=("$c")
			raw "6. $(name "$tool") latency rep $r: p50 $a us, p99 $b us, flood wake-ups $c /s, events whose line never came $m"
			[ "${m:-0}" != 0 ] && note "6. $(name "$tool"): $m of $LATENCY_EVENTS sparse events printed nothing within 1 s (rep $r)"
			wait_released 120
		done
		M[5$tool]=$(median_args "${p50[@]}")
		M[9$tool]=$(median_args "${p99[@]}")
		M[w$tool]=$(median_args "${wk[@]}")
	done
	local b=$PEER med
	med=$(ratio_na "${M[c$FERRET]}" "${M[c$b]:-n/a}")
	row 6 "Exit and latency" "count syscalls -c /bin/true: wall time (ms, median of $STARTUP_RUNS)" \
		"$(fmt %.1f "${M[c$FERRET]}")" "$(fmt %.1f "${M[c$b]:-n/a}")" "$med" "≤ 0.1×" "$(le "$med" 0.1)"
	row 6 "Exit and latency" "sparse printf, event → line read, p50 (µs, $LATENCY_EVENTS events 5 ms apart)" \
		"$(fmt %.1f "${M[5$FERRET]}")" "$(fmt %.1f "${M[5$b]:-n/a}")" \
		"$(ratio_na "${M[5$FERRET]}" "${M[5$b]:-n/a}")" "—" "—"
	row 6 "Exit and latency" "sparse printf, event → line read, p99 (µs)" \
		"$(fmt %.1f "${M[9$FERRET]}")" "$(fmt %.1f "${M[9$b]:-n/a}")" \
		"$(ratio_na "${M[9$FERRET]}" "${M[9$b]:-n/a}")" "ferret ≤ 1000 µs" "$(le "${M[9$FERRET]}" 1000)"
	row 6 "Exit and latency" "printf flood ($FLOOD_CALLS calls): tracer wake-ups per second" \
		"$(fmt %.0f "${M[w$FERRET]}")" "$(fmt %.0f "${M[w$b]:-n/a}")" \
		"$(ratio_na "${M[w$FERRET]}" "${M[w$b]:-n/a}")" "ferret ≤ ~1000/s" "$(le "${M[w$FERRET]}" 1100)"
}

# ---------------------------------------------------------------------------
build
START=$EPOCHSECONDS
others=$(ps -eo pid=,args= | awk -v me=$$ '$1 != me && ($2 ~ /(^|\/)(bpftrace|ferret)$/)' | head -5)
if [ -n "$others" ]; then
	note "other tracers were running when the suite started, which can skew the numbers: $(echo "$others" | awk '{ $1 = ""; print }' | paste -sd ';' -)"
fi
read -r load1 _ </proc/loadavg

want 1 && bench_startup
want 2 && bench_overhead
want 3 && bench_wildcard
want 4 && bench_rss
want 5 && bench_printf
want 6 && bench_latency

{
	echo "# ferret benchmarks"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel $(uname -r), $NCPUS CPUs, load average $load1 at start;"
	echo "ferret $("$FERRET" -V 2>&1 | head -1) ($FERRET),"
	echo "peer: ${BPFTRACE:+$("$BPFTRACE" --version 2>/dev/null | head -1)} ${BPFTRACE:-none}."
	echo "Suite time: $((EPOCHSECONDS - START)) s. Ratios are ferret ÷ bpftrace; lower is better for ferret"
	echo "except in benchmark 5's lines printed. See bench/README.md for the methods."
	echo
	echo "| # | Benchmark | Metric | ferret | bpftrace | ferret/bpftrace | Target | Met |"
	echo "|---|---|---|---:|---:|---:|---|---|"
	printf '%s\n' "${ROWS[@]}"
	if [ ${#NOTES[@]} -gt 0 ]; then
		echo
		echo "## Notes"
		echo
		printf -- '- %s\n' "${NOTES[@]}"
	fi
	echo
	echo "## Samples"
	echo
	printf -- '- %s\n' "${RAW[@]}"
} >"$TMP/results.md"
cp "$TMP/results.md" "$RESULTS"
cat "$RESULTS"
