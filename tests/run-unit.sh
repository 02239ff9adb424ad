#!/bin/bash
# Runs every unit test binary (no root needed) from the project root.
set -u
BUILD=${1:-build}
pass=0 fail=0 skip=0
for t in "$BUILD"/tests/*_test; do
	[ -x "$t" ] || continue
	"$t" >"$BUILD/tests/$(basename "$t").log" 2>&1
	rc=$?
	last=$(tail -n 1 "$BUILD/tests/$(basename "$t").log")
	grep -E '^(FAIL|skip) ' "$BUILD/tests/$(basename "$t").log"
	if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		pass=$((pass + BASH_REMATCH[1]))
		fail=$((fail + BASH_REMATCH[2]))
		skip=$((skip + ${BASH_REMATCH[4]:-0}))
		echo "$(basename "$t"): $last"
	else
		echo "FAIL $(basename "$t"): no summary line (exit $rc)"
		fail=$((fail + 1))
	fi
done
echo "unit: $pass passed, $fail failed, $skip skipped"
