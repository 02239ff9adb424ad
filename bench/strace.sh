#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/strace.sh [FERRET]: added cost per getppid of strace, perf trace and
# ferret strace, in one run; prints a Markdown table with ferret's ratio
# to strace's.  Root.  Measures only, never asserts.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
N=${N:-200000}
REPS=${REPS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cc -O2 -o "$T/loop" "$HERE/benchloop.c"
ns() { "$@" 2>/dev/null | sed -n 's/.*calls, \([0-9.]*\) ns\/call/\1/p' | tail -1; }
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run() {
	local i v=()
	for i in $(seq "$REPS"); do v+=("$(ns "$@")"); done
	med "${v[@]}"
}
base=$(run "$T/loop" "$N")
s_f=$(run strace -f -o "$T/s.out" "$T/loop" "$N")
s_c=$(run strace -c -o "$T/sc.out" "$T/loop" "$N")
p_s=$(run perf trace -s -o "$T/p.out" "$T/loop" "$N")
f_f=$(run "$FERRET" strace -f -o "$T/f.out" "$T/loop" "$N")
f_c=$(run "$FERRET" strace -c -o "$T/fc.out" "$T/loop" "$N")
add() { awk -v a="$1" -v b="$base" 'BEGIN { printf "%.1f", a - b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "n/a" }'; }
echo "getppid loop, $N calls, median of $REPS; untraced: $base ns/call"
echo
echo "| tracer | ns/call | added ns/call | ferret ÷ strace | target |"
echo "|---|---:|---:|---:|---|"
echo "| strace -f -o FILE | $s_f | $(add "$s_f") | | |"
echo "| perf trace -s | $p_s | $(add "$p_s") | | |"
echo "| ferret strace -f -o FILE | $f_f | $(add "$f_f") | $(ratio "$(add "$f_f")" "$(add "$s_f")") | ≤ 1/60 (0.0167) |"
echo "| strace -c | $s_c | $(add "$s_c") | | |"
echo "| ferret strace -c | $f_c | $(add "$f_c") | $(ratio "$(add "$f_c")" "$(add "$s_c")") | ≤ 1/100 (0.01) |"
