#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/dtrace.sh [FERRET]: what a D clause costs against the same program
# in the bpftrace language, both under ferret, in one run: added ns per
# getppid with the count aggregation on one syscall and on every syscall,
# and the start-up of `BEGIN { exit(0); }` in each language.  Prints a
# Markdown table with D's ratio.  Root.  Measures only, never asserts.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
N=${N:-200000}
REPS=${REPS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cc -O2 -o "$T/loop" "$HERE/benchloop.c"
cc -O2 -o "$T/timeit" "$HERE/timeit.c" 2>/dev/null || true
export _DTRACE_TESTING=
ns() { "$@" 2>/dev/null | sed -n 's/.*calls, \([0-9.]*\) ns\/call/\1/p' | tail -1; }
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run() {
	local i v=()
	for i in $(seq "$REPS"); do v+=("$(ns "$@")"); done
	med "${v[@]}"
}
# Milliseconds from start to exit of a command, median of REPS.
ms() {
	local i v=() a b
	for i in $(seq "$REPS"); do
		a=$(date +%s%N)
		"$@" >/dev/null 2>&1
		b=$(date +%s%N)
		v+=("$(( (b - a) / 1000000 ))")
	done
	med "${v[@]}"
}
base=$(run "$T/loop" "$N")
bt_one=$(run "$FERRET" -q -c "$T/loop $N" \
	-e 'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }')
d_one=$(run "$FERRET" dtrace -q -c "$T/loop $N" \
	-n 'syscall::getppid:entry { @[execname] = count(); }')
bt_all=$(run "$FERRET" -q -c "$T/loop $N" \
	-e 'tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }')
d_all=$(run "$FERRET" dtrace -q -c "$T/loop $N" \
	-n 'syscall:::entry { @[execname] = count(); }')
bt_start=$(ms "$FERRET" -e 'BEGIN { exit(); }')
d_start=$(ms "$FERRET" dtrace -n 'BEGIN { exit(0); }')
add() { awk -v a="$1" -v b="$base" 'BEGIN { printf "%.1f", a - b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
echo "getppid loop, $N calls, median of $REPS; untraced: $base ns/call"
echo
echo "| program | bpftrace language | D | D ÷ bpftrace |"
echo "|---|---:|---:|---:|"
echo "| count on getppid's entry, added ns/call | $(add "$bt_one") | $(add "$d_one") | $(ratio "$(add "$d_one")" "$(add "$bt_one")") |"
echo "| count on every syscall's entry, added ns/call | $(add "$bt_all") | $(add "$d_all") | $(ratio "$(add "$d_all")" "$(add "$bt_all")") |"
echo "| \`BEGIN { exit }\`, ms from start to exit | $bt_start | $d_start | $(ratio "$d_start" "$bt_start") |"
