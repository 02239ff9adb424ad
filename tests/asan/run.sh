#!/bin/bash
# The failing runtime cases (tests/runtime/cases, "// mode: error") under
# the ASan/UBSan build, with leak detection: each must fail as in the
# plain build, print NAME.err's lines, and report no memory error, no
# undefined behaviour and no leak.  Run as tests/asan/run.sh BUILD
# ASAN_BUILD (BUILD supplies the workload binary).
set -u
BUILD=${1:-build}
ASAN_BUILD=${2:-build-asan}
FERRET=$ASAN_BUILD/ferret
WL=$BUILD/tests/workload
CASES=${CASES:-tests/runtime/cases}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
source "$(dirname "$0")/../lib.sh"
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1
SAN_RE='ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:'

if [ "$(id -u)" != 0 ]; then
	echo "skip asan: needs root"
	echo "asan: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
if [ ! -x "$FERRET" ]; then
	echo "FAIL asan: no $FERRET (make asan builds it)"
	echo "asan: 0 passed, 1 failed, 0 skipped"
	exit 1
fi

for t in "$CASES"/*.bt; do
	name=$(basename "$t" .bt)
	grep -qx '// mode: error' "$t" || continue
	if [ -n "${ONLY:-}" ] && [ "$ONLY" != "$name" ]; then
		continue
	fi
	script=$t
	if grep -q '@WL@' "$t"; then
		script=$TMP/$name.bt
		sed "s|@WL@|$(realpath "$WL")|g" "$t" >"$script"
	fi
	cmd=$(sed -n 's|^// cmd: ||p' "$t" | sed "s|@WL@|$WL|g")
	args=$(sed -n 's|^// args: ||p' "$t")
	flags=$(sed -n 's|^// flags: ||p' "$t")
	# shellcheck disable=SC2086
	if [ -n "$cmd" ]; then
		timeout 120 "$FERRET" $flags -c "$cmd" "$script" $args >"$TMP/out" 2>"$TMP/err" </dev/null
	else
		timeout 120 "$FERRET" $flags "$script" $args >"$TMP/out" 2>"$TMP/err" </dev/null
	fi
	rc=$?
	ok=1
	if [ $rc = 0 ] || [ $rc = 124 ]; then
		ok=0
		echo "--- $name: rc $rc, should fail"
	fi
	if grep -qE "$SAN_RE" "$TMP/err"; then
		ok=0
		echo "--- $name: sanitizer report"
		grep -E -A12 "$SAN_RE" "$TMP/err" | head -40
	fi
	while IFS= read -r line; do
		grep -qF -- "$line" "$TMP/err" || { ok=0; echo "--- $name: stderr lacks: $line"; }
	done <"${t%.bt}.err"
	if [ $ok = 1 ]; then ok "$name"; else bad "$name" "see the lines above"; fi
done
echo "asan: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
