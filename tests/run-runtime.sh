#!/bin/bash
# Runtime tests: real probes on the running kernel, as root.
#
# Each tests/runtime/cases/NAME.bt is a script whose leading comments say
# how to run it:
#   // cmd: COMMAND        run with -c COMMAND (@WL@ is the workload binary,
#                          in the script's probe specs too)
#   // args: A B           positional parameters
#   // flags: -f json      options given to both tracers before the script
#   // mode: compare       output must equal bpftrace's for the same run (default)
#   // mode: compare-sorted the same, ignoring line order (bpftrace orders
#                          equal values by kernel hash order)
#   // mode: expect        output must equal NAME.out
#   // mode: error         ferret must fail; stderr must contain NAME.err's lines
#   // mode: contains      stdout must contain every line of NAME.out
# Output is compared after dropping the "Attaching N probes..." line.
set -u
BUILD=${1:-build}
FERRET=$BUILD/ferret
WL=$BUILD/tests/workload
CASES=${CASES:-tests/runtime/cases}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
source "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ]; then
	for t in "$CASES"/*.bt; do
		echo "skip $(basename "$t" .bt): needs root"
		skip=$((skip + 1))
	done
	echo "runtime: $pass passed, $fail failed, $skip skipped"
	exit 0
fi
have_bpftrace=1
command -v bpftrace >/dev/null || have_bpftrace=0

run() {			# run TOOL SCRIPT OUT ERR
	local tool=$1 script=$2 out=$3 err=$4
	local cmd args flags
	# Probe specs may name the workload binary as @WL@ too.
	if grep -q '@WL@' "$script"; then
		sed "s|@WL@|$(realpath "$WL")|g" "$script" >"$TMP/$(basename "$script")"
		script=$TMP/$(basename "$script")
	fi
	cmd=$(sed -n 's|^// cmd: ||p' "$script" | sed "s|@WL@|$WL|g")
	args=$(sed -n 's|^// args: ||p' "$script")
	flags=$(sed -n 's|^// flags: ||p' "$script")
	if [ -n "$cmd" ]; then
		# shellcheck disable=SC2086
		timeout 60 "$tool" $flags -c "$cmd" "$script" $args >"$out.raw" 2>"$err" </dev/null
	else
		# shellcheck disable=SC2086
		timeout 60 "$tool" $flags "$script" $args >"$out.raw" 2>"$err" </dev/null
	fi
	local rc=$?
	grep -v '^Attaching [0-9]* probes\?\.\.\.$' "$out.raw" |
		sed "s|$(realpath "$WL")|@WL@|g" >"$out"
	return $rc
}

for t in "$CASES"/*.bt; do
	name=$(basename "$t" .bt)
	mode=$(sed -n 's|^// mode: ||p' "$t")
	mode=${mode:-compare}
	if [ -n "${ONLY:-}" ] && [ "$ONLY" != "$name" ]; then
		continue
	fi
	run "$FERRET" "$t" "$TMP/f.out" "$TMP/f.err"
	rc=$?
	ok=1
	case $mode in
	compare|compare-sorted)
		if [ $have_bpftrace = 0 ]; then
			echo "skip $name: bpftrace is not installed"
			skip=$((skip + 1))
			continue
		fi
		run bpftrace "$t" "$TMP/b.out" "$TMP/b.err"
		brc=$?
		if [ "$mode" = compare-sorted ]; then
			sort -o "$TMP/f.out" "$TMP/f.out"
			sort -o "$TMP/b.out" "$TMP/b.out"
		fi
		if [ $brc != 0 ]; then
			# The reference must run: an error on both sides is no match.
			ok=0
			echo "--- $name: bpftrace failed (rc $brc)"
			grep -v RLIMIT_MEMLOCK "$TMP/b.err" | head -5
		elif [ $rc != 0 ] || ! cmp -s "$TMP/f.out" "$TMP/b.out"; then
			ok=0
			echo "--- $name: ferret (rc $rc) vs bpftrace"
			diff "$TMP/f.out" "$TMP/b.out" | head -20
			head -5 "$TMP/f.err"
		fi
		;;
	expect)
		if [ $rc != 0 ] || ! cmp -s "$TMP/f.out" "${t%.bt}.out"; then
			ok=0
			echo "--- $name: ferret (rc $rc) vs expected"
			diff "$TMP/f.out" "${t%.bt}.out" | head -20
			head -5 "$TMP/f.err"
		fi
		;;
	contains)
		while IFS= read -r line; do
			grep -qF -- "$line" "$TMP/f.out" || { ok=0; echo "--- $name: missing: $line"; }
		done <"${t%.bt}.out"
		[ $rc = 0 ] || { ok=0; echo "--- $name: rc $rc"; head -5 "$TMP/f.err"; }
		;;
	error)
		[ $rc != 0 ] || { ok=0; echo "--- $name: succeeded but should fail"; }
		while IFS= read -r line; do
			grep -qF -- "$line" "$TMP/f.err" || { ok=0; echo "--- $name: stderr lacks: $line"; cat "$TMP/f.err" | head -10; }
		done <"${t%.bt}.err"
		;;
	esac
	if [ $ok = 1 ]; then ok "$name"; else bad "$name" "see the lines above"; fi
done
echo "runtime: $pass passed, $fail failed, $skip skipped"
