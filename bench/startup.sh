#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/startup.sh [FERRET]: end-to-end wall time of `ferret strace` and of
# strace 6.1 on short commands, in one run, interleaved; median of REPS
# runs after one warm-up each.  ferret is timed with its pin cache filled
# by the warm-up (the programs of an earlier run with the same options
# reused) and without it (FERRET_NO_CACHE=1: compiled and verified).
# Then the dry run (-d) of a kprobe tool,
# ferret against bpftrace.  Prints a Markdown table with ferret's ratio
# to strace's and writes it to bench/results-startup.md.  Root.  Measures
# only, never asserts.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
REPS=${REPS:-9}
RESULTS=${RESULTS:-$HERE/results-startup.md}
BIN=$HERE/build
mkdir -p "$BIN"
if [ ! -x "$BIN/timeit" ] || [ "$HERE/timeit.c" -nt "$BIN/timeit" ]; then
	${CC:-cc} -O2 -Wall -Wextra -Werror -o "$BIN/timeit" "$HERE/timeit.c" || exit 1
fi
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
CMDS=("true" "cat /etc/os-release" "ls /usr/share/doc")
{
	echo "# ferret strace start-up"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel $(uname -r), $(nproc) CPUs, load average $(cut -d' ' -f1 /proc/loadavg);"
	echo "median wall time of $REPS runs each, the two tracers interleaved, output to /dev/null."
	echo
	echo "| command | untraced ms | strace -o /dev/null ms | ferret strace, cached programs ms | ferret ÷ strace | ferret strace, no cache ms | ferret ÷ strace | target |"
	echo "|---|---:|---:|---:|---:|---:|---:|---|"
	for cmd in "${CMDS[@]}"; do
		# shellcheck disable=SC2206
		argv=($cmd)
		b=() s=() f=() c=()
		"$BIN/timeit" 1 0 strace -o /dev/null "${argv[@]}"
		"$BIN/timeit" 1 0 "$FERRET" strace -o /dev/null "${argv[@]}"
		for ((r = 0; r < REPS; r++)); do
			b+=("$("$BIN/timeit" 0 1 "${argv[@]}" | cut -d' ' -f1)")
			s+=("$("$BIN/timeit" 0 1 strace -o /dev/null "${argv[@]}" | cut -d' ' -f1)")
			f+=("$("$BIN/timeit" 0 1 "$FERRET" strace -o /dev/null "${argv[@]}" | cut -d' ' -f1)")
			c+=("$(FERRET_NO_CACHE=1 "$BIN/timeit" 0 1 "$FERRET" strace -o /dev/null "${argv[@]}" | cut -d' ' -f1)")
		done
		mb=$(med "${b[@]}") ms=$(med "${s[@]}") mf=$(med "${f[@]}") mc=$(med "${c[@]}")
		echo "| \`$cmd\` | $mb | $ms | $mf | $(ratio "$mf" "$ms") | $mc | $(ratio "$mc" "$ms") | ≤ 1 |"
	done
	# A kprobe tool's dry run: compiling its kprobe specs reads
	# /proc/kallsyms once (it used to rescan it per spec).
	tool=/usr/sbin/tcpretrans.bt
	if [ -r "$tool" ] && command -v bpftrace >/dev/null; then
		b=() f=()
		"$BIN/timeit" 1 0 "$FERRET" -d "$tool"
		"$BIN/timeit" 1 0 bpftrace -d "$tool"
		for ((r = 0; r < REPS; r++)); do
			f+=("$("$BIN/timeit" 0 1 "$FERRET" -d "$tool" | cut -d' ' -f1)")
			b+=("$("$BIN/timeit" 0 1 bpftrace -d "$tool" | cut -d' ' -f1)")
		done
		echo
		echo "| dry run | bpftrace -d ms | ferret -d ms | ferret ÷ bpftrace |"
		echo "|---|---:|---:|---:|"
		echo "| \`$tool\` (kprobes; /proc/kallsyms read once) | $(med "${b[@]}") | $(med "${f[@]}") | $(ratio "$(med "${f[@]}")" "$(med "${b[@]}")") |"
	fi
} | tee "$RESULTS"
