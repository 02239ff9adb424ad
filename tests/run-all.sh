#!/bin/bash
# make test: unit tests, then runtime tests; one closing summary line.
set -u
BUILD=${1:-build}
pass=0 fail=0 skip=0
tally() {
	local line
	line=$(tail -n 1 "$1")
	if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]; then
		pass=$((pass + BASH_REMATCH[1]))
		fail=$((fail + BASH_REMATCH[2]))
		skip=$((skip + ${BASH_REMATCH[4]:-0}))
	else
		fail=$((fail + 1))
	fi
}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for suite in run-unit.sh run-runtime.sh; do
	"$(dirname "$0")/$suite" "$BUILD" | tee "$log"
	tally "$log"
done
echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
