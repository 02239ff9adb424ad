#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/usdt.sh [FERRET]: the cost a USDT probe adds to each hit, ferret
# against bpftrace in the same run.  Measures and never asserts.
#
# The workload is usdtloop (bench/usdtloop.c): N hits of bench:tick, a
# probe with one register argument and no semaphore, timed inside the
# process.  Each repetition runs it untraced, then under each tracer
# with -c (both confine USDT probes to the child), with
#   count:  usdt:LOOP:bench:tick { @n = count(); }
#   arg:    usdt:LOOP:bench:tick { @s = sum(arg0); }
#   empty:  usdt:LOOP:bench:tick { }      (the kernel's uprobe floor)
# and checks that the map holds N.  Added cost = median(traced) -
# median(untraced), in ns per hit, and the same with the best run of
# each, which other load on the machine cannot inflate.  A tracer that cannot run a case is
# reported as not runnable, with its first error line.
#
# Writes a Markdown table to stdout and to bench/results-usdt.md.
# Environment: N (1000000 hits), REPS (15), BPFTRACE, RESULTS.
set -u
set -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
BPFTRACE=${BPFTRACE:-$(command -v bpftrace || true)}
RESULTS=${RESULTS:-$HERE/results-usdt.md}
N=${N:-1000000}
REPS=${REPS:-15}
BIN=$HERE/build
TMP=$(mktemp -d /tmp/ferret-usdt-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

source "$HERE/lib.sh"

[ "$(id -u)" = 0 ] || die "needs root (it attaches BPF programs)"
[ -x "$FERRET" ] || die "no ferret binary at ${1:-build/ferret}; run make first"
mkdir -p "$BIN"
cc -O2 -Wall -Wextra -Werror -o "$BIN/usdtloop" "$HERE/usdtloop.c" ||
	die "cannot build usdtloop (needs <sys/sdt.h>: apt-get install systemtap-sdt-dev)"
LOOP=$BIN/usdtloop
start=$(date +%s)

declare -A PROG=(
	[count]="usdt:$LOOP:bench:tick { @n = count(); }"
	[arg]="usdt:$LOOP:bench:tick { @s = sum(arg0); }"
	[empty]="usdt:$LOOP:bench:tick { }"
)
# What the map must hold after a run of N hits (the sum of 0..N-1).
declare -A WANT=(
	[count]="@n: $N"
	[arg]="@s: $((N * (N - 1) / 2))"
	[empty]=""
)
CASES="count arg empty"
TOOLS="ferret${BPFTRACE:+ bpftrace}"
declare -A SAMPLES ERR

nsper() { sed -n 's/^usdtloop: [0-9]* hits, \([0-9.]*\) ns\/hit$/\1/p' "$1"; }

run_tool() {	# run_tool TOOL CASE: appends a sample or records the error
	local tool=$1 c=$2 bin ns
	bin=$FERRET
	[ "$tool" = bpftrace ] && bin=$BPFTRACE
	snapshot_ferrets
	timeout 120 "$bin" -c "$LOOP $N" -e "${PROG[$c]}" >"$TMP/out" 2>"$TMP/err" </dev/null
	[ "$tool" = ferret ] && wait_helpers 120
	ns=$(nsper "$TMP/out")
	if [ -z "$ns" ] || { [ -n "${WANT[$c]}" ] && ! grep -qx "${WANT[$c]}" "$TMP/out"; }; then
		ERR[$tool.$c]=$(grep -v 'RLIMIT_MEMLOCK' "$TMP/err" | grep -m1 . ||
				head -1 "$TMP/out")
		return
	fi
	SAMPLES[$tool.$c]="${SAMPLES[$tool.$c]:-} $ns"
}

for rep in $(seq "$REPS"); do
	log "repetition $rep of $REPS"
	"$LOOP" "$N" >"$TMP/base" && SAMPLES[base]="${SAMPLES[base]:-} $(nsper "$TMP/base")"
	for c in $CASES; do
		for tool in $TOOLS; do
			run_tool "$tool" "$c"
		done
	done
done

base=$(median <<<"${SAMPLES[base]:-}")
# added STAT TOOL CASE: STAT (median or minimum) of the traced runs less
# that of the untraced ones.
added() {
	diff1 "$("$1" <<<"${SAMPLES[$2.$3]:-}")" "$("$1" <<<"${SAMPLES[base]:-}")"
}

{
	echo "# USDT benchmark"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel $(uname -r), $(getconf _NPROCESSORS_ONLN) CPUs, load average $(cut -d' ' -f1 /proc/loadavg) at start;"
	peer=none
	[ -n "$BPFTRACE" ] && peer="$("$BPFTRACE" --version) $BPFTRACE"
	echo "$("$FERRET" -V) ($FERRET), peer: $peer."
	echo "usdtloop $N hits per run, $REPS repetitions, medians; suite time $(( $(date +%s) - start )) s."
	echo "Ratios are ferret ÷ bpftrace; lower is better for ferret. See bench/README.md."
	echo
	echo "| Program | Metric | ferret | bpftrace | ferret/bpftrace | Target | Met |"
	echo "|---|---|---:|---:|---:|---|---|"
	echo "| (none) | untraced loop (ns/hit) | $base | $base | — | — | — |"
	for c in $CASES; do
		for stat in median minimum; do
			f=$(added $stat ferret "$c")
			b=n/a
			[ -n "$BPFTRACE" ] && b=$(added $stat bpftrace "$c")
			r=$(ratio "$f" "$b")
			target="—" met="—"
			if [ "$c" = count ]; then
				target="≤ 1×"
				met=$(awk -v r="$r" 'BEGIN { if (r == "—") print "n/a"; else print (r <= 1 ? "yes" : "no") }')
			fi
			what="added cost per hit (ns, median)"
			[ $stat = minimum ] && what="added cost per hit (ns, best run)"
			echo "| \`${PROG[$c]//$LOOP/LOOP}\` | $what | $f | $b | $r | $target | $met |"
		done
	done
	echo
	echo "## Samples (ns/hit)"
	echo
	echo "- untraced:${SAMPLES[base]:-}"
	for c in $CASES; do
		for tool in $TOOLS; do
			echo "- $tool $c:${SAMPLES[$tool.$c]:- none}"
		done
	done
	notes=""
	for c in $CASES; do
		for tool in $TOOLS; do
			[ -n "${ERR[$tool.$c]:-}" ] &&
				notes+="- $tool could not run the $c case here (last error: ${ERR[$tool.$c]})"$'\n'
		done
	done
	[ -z "$BPFTRACE" ] && notes+="- bpftrace was not found: its column says n/a"$'\n'
	if [ -n "$notes" ]; then
		echo
		echo "## Notes"
		echo
		printf '%s' "$notes"
	fi
} | tee "$RESULTS"
