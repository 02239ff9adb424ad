# Shared by the shell test suites (bash): one "ok NAME", "FAIL NAME: why"
# or "skip NAME: why" line per check, and the closing summary line that
# tests/run-all.sh adds up.  Source it, then call summary SUITE at the end.
pass=0 fail=0 skip=0

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }
check() {	# check NAME CONDITION-COMMAND... ; reason from $why
	local name=$1
	shift
	if "$@"; then ok "$name"; else bad "$name" "${why:-condition failed}"; fi
}
# summary SUITE: the closing line; the status says whether all passed.
summary() {
	echo "$1: $pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
}
