#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/stat.sh [FERRET]: the cost per counted event of
#   ferret stat -e syscalls:sys_enter_getppid WORKLOAD
# against
#   perf stat -e syscalls:sys_enter_getppid WORKLOAD
# in the same run, and against a BPF program counting the same tracepoint
# in a map for the command (what ferret stat does for uprobes and USDT,
# measured here to show which costs less).  The workload
# (tests/stat/workload.c) makes N getppid
# calls and times them itself, so neither tool's start-up counts.  Each
# of REPS rounds runs it untraced, under perf and under ferret, in that
# order; the cost per event is (median traced - median untraced) / N.
# Both tools must report exactly N.  Measures and never asserts.
set -u
FERRET=${1:-build/ferret}
N=${N:-2000000}
REPS=${REPS:-7}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
WL=$W/workload
cc -O2 -o "$WL" "$(dirname "$0")/../tests/stat/workload.c" || exit 1
EV=syscalls:sys_enter_getppid

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$W/none"; : >"$W/perf"; : >"$W/ferret"; : >"$W/bpf"
for ((i = 0; i < REPS; i++)); do
	"$WL" 0 "$N" t >>"$W/none"
	perf stat -x, -o "$W/pc" -e "$EV" "$WL" 0 "$N" t >>"$W/perf" || exit 1
	"$FERRET" stat -x, -o "$W/fc" -e "$EV" "$WL" 0 "$N" t >>"$W/ferret" || exit 1
	"$FERRET" -q -e "tracepoint:$EV /pid == cpid/ { @n = count(); }" \
		-c "$WL 0 $N t" >"$W/bo" 2>/dev/null || exit 1
	head -1 "$W/bo" >>"$W/bpf"
	bc=$(sed -n 's/^@n: //p' "$W/bo")
	pc=$(grep "$EV" "$W/pc" | cut -d, -f1)
	fc=$(grep "$EV" "$W/fc" | cut -d, -f1)
	if [ "$pc" != "$N" ] || [ "$fc" != "$N" ] || [ "$bc" != "$N" ]; then
		echo "counts differ from $N: perf $pc, ferret $fc, BPF $bc" >&2
		exit 1
	fi
done
none=$(median <"$W/none")
perf=$(median <"$W/perf")
ferret=$(median <"$W/ferret")
bpf=$(median <"$W/bpf")
awk -v n="$N" -v reps="$REPS" -v none="$none" -v p="$perf" -v f="$ferret" -v b="$bpf" 'BEGIN {
	pc = (p - none) / n; fc = (f - none) / n; bc = (b - none) / n
	printf "getppid x %d, %d rounds (median of each)\n", n, reps
	printf "  untraced            %8.1f ns/call\n", none / n
	printf "  perf stat           %8.1f ns/call  (+%.1f ns per event)\n", p / n, pc
	printf "  ferret stat         %8.1f ns/call  (+%.1f ns per event)\n", f / n, fc
	printf "  BPF count in a map  %8.1f ns/call  (+%.1f ns per event)\n", b / n, bc
	if (pc > 0)
		printf "  ratio ferret/perf   %8.2f  (cost per event)\n", fc / pc
	else
		printf "  ratio ferret/perf   n/a (perf added no measurable cost)\n"
}'
