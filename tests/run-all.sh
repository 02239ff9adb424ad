#!/bin/bash
# make test: unit tests (also under ASan/UBSan when a sanitizer build is
# named, as are the failing runs of cli.sh and of the runtime cases, with
# leak detection), the fuzzers for a bounded time, runtime tests, the
# bpftrace tool scripts, the guest-kernel tests; one closing summary line.
set -u
BUILD=${1:-build}
ASAN_BUILD=${2:-}
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
here=$(dirname "$0")
"$here/run-unit.sh" "$BUILD" | tee "$log"
tally "$log"
if [ -n "$ASAN_BUILD" ]; then
	echo "== unit tests under ASan/UBSan"
	ASAN_OPTIONS=detect_leaks=1 "$here/run-unit.sh" "$ASAN_BUILD" | tee "$log"
	tally "$log"
fi
echo "== fuzzing (libFuzzer, ${FUZZ_SECONDS:-30} s per harness)"
"$here/fuzz/run.sh" "$BUILD" | tee "$log"
tally "$log"
"$here/man/run.sh" "$BUILD" | tee "$log"
tally "$log"
"$here/run-runtime.sh" "$BUILD" | tee "$log"
tally "$log"
"$here/runtime/cli.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
"$here/runtime/output.sh" "$BUILD" | tee "$log"
tally "$log"
if [ -n "$ASAN_BUILD" ]; then
	echo "== failing runtime cases under ASan/UBSan, leaks detected"
	"$here/asan/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
	tally "$log"
fi
"$here/usdt/run.sh" "$BUILD" | tee "$log"
tally "$log"
echo "== ferret strace"
"$here/strace/run.sh" "$BUILD" | tee "$log"
tally "$log"
echo "== ferret dtrace"
"$here/dtrace/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== --export (Prometheus)"
"$here/export/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== ferret stat"
"$here/stat/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== ferret record"
"$here/record/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== ferret report, convert, timeline"
"$here/record/report.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== Chrome JSON read by DevTools' trace engine"
"$here/record/chrome_engine.sh" "$BUILD" | tee "$log"
tally "$log"
echo "== ferret timeline in headless Chromium"
"$here/record/browser.sh" "$BUILD" | tee "$log"
tally "$log"
"$here/tools/run.sh" "$BUILD" | tee "$log"
tally "$log"
"$here/flame/run.sh" "$BUILD" | tee "$log"
tally "$log"
echo "== ferret profile -f pprof|report"
"$here/profile/run.sh" "$BUILD" "$ASAN_BUILD" | tee "$log"
tally "$log"
echo "== guest kernel (QEMU): Debian's stock kernel"
"$here/vm/run.sh" "$BUILD" | tee "$log"
tally "$log"
echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
