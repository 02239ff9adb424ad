#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/strace-lines.sh [FERRET]: how many of strace 6.1's lines ferret
# strace prints the same, on eight everyday commands under -f, in one run.
# Pids, addresses, times and large numbers are normalised, and each
# "<unfinished ...>" is joined with its "<... resumed>"; signal and exit
# lines are left out.  Root.  Measures only, never asserts.
set -u
FERRET=$(readlink -f "${1:-build/ferret}")
LINES=$(cd "$(dirname "$0")/.." && pwd)/tests/strace/lines.py
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
# lines FILE: the trace's call lines, joined and normalised.
lines() { python3 "$LINES" "$1"; }
total=0 same=0
echo "| command | strace lines | printed the same |"
echo "|---|---:|---:|"
run() {
	# Each tracer's run starts from the same files (tar's output).
	rm -f "$T/x.tgz"
	strace -f -o s.txt "$@" >/dev/null 2>&1
	rm -f "$T/x.tgz"
	"$FERRET" strace -f -o f.txt "$@" >/dev/null 2>&1
	lines s.txt | sort > s.n
	lines f.txt | sort > f.n
	local n m
	n=$(wc -l < s.n)
	m=$(comm -12 s.n f.n | wc -l)
	echo "| \`$*\` | $n | $m |"
	total=$((total + n)) same=$((same + m))
	comm -23 s.n f.n | cut -c1-160 | sed 's/^/    strace only: /' >&2
}
run ls -la /etc
run cat /etc/os-release
run /usr/bin/python3 -c 'import os; print(os.getcwd())'
run sh -c 'echo hi | wc -c'
run tar czf "$T/x.tgz" -C /usr/share/doc bash
run date
run id
run find /usr/share/doc/bash
echo
awk -v s="$same" -v t="$total" 'BEGIN { printf "%d of %d lines the same (%.1f%%), %s\n", s, t, 100 * s / t, strftime("%Y-%m-%d %H:%M UTC", systime(), 1) }'
