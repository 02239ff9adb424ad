#!/bin/bash
# ferret dtrace: D programs with the output DTrace gives them (its formats
# as dtrace-utils' tests and documentation show them), run for real on
# this kernel's probes.  _DTRACE_TESTING drops the CPU and ID columns, as
# dtrace does, so that the expected text is fixed.  Failing runs also go
# through the ASan/UBSan build when one is named.
#   tests/dtrace/run.sh [BUILD] [ASAN_BUILD] [TOPIC...]
# Each topic is a file tests/dtrace/TOPIC.t, sourced here; its tests call
# same, err, ok and bad, and write scratch files under $W.
set -u
BUILD=${1:-build}
ASAN=${2:-}
FERRET=$BUILD/ferret
pass=0 fail=0 skip=0
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export _DTRACE_TESTING=1

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() {
	echo "FAIL $1: $2"
	[ -f "$W/diff" ] && sed 's/^/    /' "$W/diff" | head -20
	fail=$((fail + 1))
}

if [ "$(id -u)" != 0 ]; then
	echo "skip all: needs root"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

# check_run STREAM NAME WANT_RC EXPECTED -- ferret dtrace ARGS...: the
# exit status and the whole of stdout (STREAM out) or stderr (err).
check_run() {
	local stream=$1 name=$2 rc=$3 want=$4 got
	shift 5
	rm -f "$W/diff"
	timeout 30 "$FERRET" dtrace "$@" >"$W/out" 2>"$W/err"
	got=$?
	printf '%s' "$want" >"$W/want"
	if [ "$got" != "$rc" ]; then
		bad "$name" "exit status $got, not $rc: $(head -3 "$W/err")"
	elif ! diff "$W/want" "$W/$stream" >"$W/diff"; then
		bad "$name" "std$stream differs (< expected, > ferret)"
	else
		ok "$name"
	fi
}
# same NAME WANT_RC EXPECTED_STDOUT -- ferret dtrace ARGS...
same() { check_run out "$@"; }
# stderr NAME WANT_RC EXPECTED_STDERR -- ferret dtrace ARGS...: for
# errors dtrace reports on more than one line.
stderr() { check_run err "$@"; }

# same_ptr NAME WANT_RC EXPECTED_STDOUT -- ferret dtrace ARGS...: as same,
# with print()'s "ADDR = *" lines masked as "{ptr} = *", as dtrace-utils'
# tests mask them (the address is where the run put the data).
same_ptr() {
	local name=$1 rc=$2 want=$3 got
	shift 4
	rm -f "$W/diff"
	timeout 30 "$FERRET" dtrace "$@" >"$W/out.raw" 2>"$W/err"
	got=$?
	sed -E 's/^0x[0-9a-f]+ = \*$/{ptr} = */' "$W/out.raw" >"$W/out"
	printf '%s' "$want" >"$W/want"
	if [ "$got" != "$rc" ]; then
		bad "$name" "exit status $got, not $rc: $(head -3 "$W/err")"
	elif ! grep -qE '^0x[0-9a-f]+ = \*$' "$W/out.raw"; then
		bad "$name" "no address line: $(head -3 "$W/out.raw")"
	elif ! diff "$W/want" "$W/out" >"$W/diff"; then
		bad "$name" "stdout differs (< expected, > ferret)"
	else
		ok "$name"
	fi
}

# err NAME WANT_RC STDERR_FIRST_LINE -- ferret dtrace ARGS...
err() {
	local name=$1 rc=$2 want=$3 b got xt=()
	shift 4
	rm -f "$W/diff"
	# An expected error tag is shown only as dtrace shows it: -x errtags.
	case $want in *"[D_"*) xt=(-x errtags) ;; esac
	for b in "$BUILD" ${ASAN:+"$ASAN"}; do
		ASAN_OPTIONS=detect_leaks=1 timeout 30 "$b/ferret" dtrace "${xt[@]}" "$@" \
			>"$W/out" 2>"$W/err"
		got=$?
		if [ "$got" != "$rc" ]; then
			bad "$name" "$b: exit status $got, not $rc: $(head -3 "$W/err")"
			return
		fi
		if [ "$(head -1 "$W/err")" != "$want" ]; then
			printf '%s\n' "$want" >"$W/want"
			head -1 "$W/err" | diff "$W/want" - >"$W/diff"
			bad "$name" "$b: first line of stderr differs"
			return
		fi
		if grep -q "Sanitizer" "$W/err"; then
			bad "$name" "$b: $(grep -m1 Sanitizer "$W/err")"
			return
		fi
	done
	ok "$name"
}
here=$(dirname "$0")
shift $(($# > 2 ? 2 : $#))
if [ $# -gt 0 ]; then
	topics=("$@")
else
	topics=()
	for t in "$here"/*.t; do
		topics+=("$(basename "$t" .t)")
	done
fi
for t in "${topics[@]}"; do
	echo "# $t"
	# shellcheck source=/dev/null
	. "$here/$t.t"
done

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
