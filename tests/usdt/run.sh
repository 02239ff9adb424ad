#!/bin/bash
# USDT tests, as root on the real kernel, against the fixture of this
# directory (built by make as $BUILD/tests/usdt_fixture{,_nopie}).
#
# bpftrace 0.17 reads neither symbol-relative operands nor %al-style
# registers, and stops at arg5, so what a trace of every probe must
# print comes from the fixture itself (fixture --expect); the probes it
# does read right are compared with bpftrace's output byte for byte, and
# so is -l.
set -u
BUILD=${1:-build}
F=$(realpath "$BUILD/ferret")
HERE=$(cd "$(dirname "$0")" && pwd)
FX=$(realpath "$BUILD/tests/usdt_fixture")
FXN=$(realpath "$BUILD/tests/usdt_fixture_nopie")
LIB=$(realpath "$BUILD/tests/libferret_usdt.so")
TMP=$(mktemp -d)
BG=()
cleanup() {
	local p
	for p in "${BG[@]}"; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
source "$(dirname "$0")/../lib.sh"
# same NAME GOT WANT: the files must be equal.
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		bad "$1" "differs from the expected output:"
		diff "$2" "$3" | head -20
	fi
}
# waitfor FILE PATTERN: up to 10 s for a line matching PATTERN.
waitfor() {
	local i
	for i in $(seq 100); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

if [ "$(id -u)" != 0 ]; then
	echo "skip usdt: needs root"
	echo "usdt: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
for f in "$FX" "$FXN" "$LIB"; do
	if [ ! -x "$f" ] && [ ! -f "$f" ]; then
		echo "FAIL usdt: $f is missing (make builds it)"
		echo "usdt: 0 passed, 1 failed"
		exit 1
	fi
done

# The expected trace: the fixture's own account, then the two blank
# lines that end every run without maps.
expect() {	# expect FIXTURE OUT
	{ "$1" --expect; printf '\n\n'; } >"$2"
}
args_script() {	# args_script FIXTURE: usdt_args.bt for that file
	sed -e "s|@FX@|$1|g" -e "s|@LIB@|$LIB|g" "$HERE/usdt_args.bt"
}
strip() { grep -v '^Attaching [0-9]* probes\?\.\.\.$'; }

# Every operand kind, as a PIE and as a fixed-address program, under -c.
for fx in "$FX" "$FXN"; do
	name=args_$(basename "$fx")
	args_script "$fx" >"$TMP/args.bt"
	expect "$fx" "$TMP/want"
	timeout 30 "$F" -c "$fx" "$TMP/args.bt" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	strip <"$TMP/out" >"$TMP/got"
	if [ $rc != 0 ]; then
		bad "$name" "rc $rc: $(head -5 "$TMP/err")"
	else
		same "$name" "$TMP/got" "$TMP/want"
	fi
done

# Byte for byte against bpftrace, on what it reads right.
if command -v bpftrace >/dev/null; then
	sed "s|@FX@|$FX|g" "$HERE/usdt_compare.bt" >"$TMP/cmp.bt"
	timeout 30 "$F" -c "$FX" "$TMP/cmp.bt" >"$TMP/fo" 2>"$TMP/fe"
	timeout 60 bpftrace -c "$FX" "$TMP/cmp.bt" >"$TMP/bo" 2>/dev/null </dev/null
	if ! grep -q '^sema 42$' "$TMP/bo"; then
		skipped compare_bpftrace "bpftrace did not run it: $(head -3 "$TMP/bo")"
	else
		same compare_bpftrace "$TMP/fo" "$TMP/bo"
	fi
else
	skipped compare_bpftrace "bpftrace is not installed"
fi

# -c: the command's probes fire in it alone, not in a child it forks
# (the kernel runs a uprobe's programs for every process that hits it),
# and D's provider$target likewise.
timeout 30 "$F" -e "usdt:$FX:fixture:tick { @[pid == cpid] = count(); }" \
	-c "$FX --fork 3" >"$TMP/out" 2>"$TMP/err"
if grep -q "^@\[1\]: 3$" "$TMP/out" && ! grep -q "^@\[0\]" "$TMP/out"; then
	ok fork_child_not_traced
else
	bad fork_child_not_traced "$(cat "$TMP/out" "$TMP/err" | head -5)"
fi
timeout 30 "$F" dtrace -q -n 'fixture$target:::tick { @[pid == $target] = count(); }
	END { printa("%d %@d\n", @); }' -c "$FX --fork 3" >"$TMP/out" 2>"$TMP/err"
if [ "$(grep . "$TMP/out")" = "1 3" ]; then
	ok fork_child_not_traced_d
else
	bad fork_child_not_traced_d "$(cat "$TMP/out" "$TMP/err" | head -5)"
fi

# D's names of a USDT probe: the provider with the process's id, the
# object's file name, the function holding the site, the probe's name.
timeout 30 "$F" dtrace -q -n 'fixture$target:::cargs { printf("%s %s %s %s %d\n",
	probeprov, probemod, probefunc, probename, probeprov == strjoin("fixture", lltostr($target))); }' \
	-c "$FX" >"$TMP/out" 2>"$TMP/err"
if grep -qx "fixture[0-9]* usdt_fixture fire_cargs cargs 1" "$TMP/out"; then
	ok d_probe_names
else
	bad d_probe_names "$(cat "$TMP/out" "$TMP/err" | head -5)"
fi

# -p: the process runs before the probes attach.  The kernel raises the
# semaphore in it (the fixture prints it), only it is traced: a second
# fixture run meanwhile keeps its semaphore at 0 and adds no events.
args_script "$FX" >"$TMP/args.bt"
"$FX" --wait >"$TMP/fx.out" 2>&1 &
fxp=$!
BG+=($fxp)
waitfor "$TMP/fx.out" '^waiting$'
timeout 30 "$F" -p $fxp "$TMP/args.bt" >"$TMP/out" 2>"$TMP/err" &
fp=$!
BG+=($fp)
if waitfor "$TMP/out" '^Attaching'; then
	"$FX" --sema >"$TMP/other.out" 2>&1
	kill -USR1 $fxp
	wait $fp
	rc=$?
	wait $fxp
	strip <"$TMP/out" >"$TMP/got"
	expect "$FX" "$TMP/want"
	if [ $rc != 0 ]; then
		bad pid_args "rc $rc: $(head -5 "$TMP/err")"
	else
		same pid_args "$TMP/got" "$TMP/want"
	fi
	if grep -qx 'semaphore [1-9][0-9]*' "$TMP/fx.out"; then
		ok pid_semaphore_raised
	else
		bad pid_semaphore_raised "$(tr '\n' '|' <"$TMP/fx.out")"
	fi
	if grep -qx 'semaphore 0' "$TMP/other.out"; then
		ok pid_other_process_semaphore_untouched
	else
		bad pid_other_process_semaphore_untouched "$(tr '\n' '|' <"$TMP/other.out")"
	fi
else
	bad pid_args "ferret did not attach: $(head -5 "$TMP/err")"
	kill -USR1 $fxp
	wait $fp $fxp
fi

# No -p or -c: every process is traced, and one started after the
# probes attached has the semaphore raised as it maps the file.
"$F" -e "usdt:$FX:fixture:sema { printf(\"%s %d\\n\", probe, arg0); exit(); }" \
	>"$TMP/out" 2>"$TMP/err" &
fp=$!
BG+=($fp)
if waitfor "$TMP/out" '^Attaching'; then
	# "Attaching" is printed before the probes are attached, as in
	# bpftrace: a process started before they are sees no semaphore and
	# fires nothing, so one is started until the probes are there.
	for _ in $(seq 50); do
		"$FX" --sema >"$TMP/late.out" 2>&1
		grep -qx 'semaphore 0' "$TMP/late.out" || break
		sleep 0.1
	done
	timeout 10 tail --pid=$fp -f /dev/null
	kill $fp 2>/dev/null	# a probe that never fired must not hang the suite
	wait $fp
	rc=$?
	if [ $rc = 0 ] && grep -qx "usdt:$FX:fixture:sema 42" "$TMP/out"; then
		ok semaphore_new_process
	else
		bad semaphore_new_process "rc $rc: $(tr '\n' '|' <"$TMP/out") $(head -3 "$TMP/err")"
	fi
	if grep -qx 'semaphore [1-9][0-9]*' "$TMP/late.out"; then
		ok semaphore_new_process_raised
	else
		bad semaphore_new_process_raised "$(tr '\n' '|' <"$TMP/late.out")"
	fi
else
	bad semaphore_new_process "ferret did not attach: $(head -5 "$TMP/err")"
	kill $fp
	wait $fp
fi
# ... and lowered again once the probes are gone.  ferret leaves their
# release to a helper that outlives it by tens of milliseconds.
for _ in $(seq 50); do
	"$FX" --sema >"$TMP/after.out" 2>&1
	grep -qx 'semaphore 0' "$TMP/after.out" && break
	sleep 0.1
done
if grep -qx 'semaphore 0' "$TMP/after.out"; then
	ok semaphore_lowered_after_exit
else
	bad semaphore_lowered_after_exit "$(tr '\n' '|' <"$TMP/after.out")"
fi

# The probe builtin over a wildcard: sites in firing order, named as
# bpftrace names them (one name for the two sites of twice).
"$F" -q -c "$FX" -e "usdt:$FX:fixture:tw* { printf(\"%s %d\\n\", probe, arg0); }" \
	>"$TMP/out" 2>"$TMP/err"
printf 'usdt:%s:fixture:twice 1\nusdt:%s:fixture:twice 2\nusdt:%s:fixture:twelve 1\n\n\n' \
	"$FX" "$FX" "$FX" >"$TMP/want"
same probe_names "$TMP/out" "$TMP/want"

# A program on $PATH and the library by its file: names are full paths.
PATH=$(dirname "$FX"):$PATH "$F" -q -c "$FX" \
	-e 'usdt:usdt_fixture:str { printf("%s\n", str(arg0)); }' >"$TMP/out" 2>"$TMP/err"
printf 'hello, usdt\n\n\n' >"$TMP/want"
same path_lookup "$TMP/out" "$TMP/want"

# Listing: the same lines as bpftrace -l.
list_same() {	# list_same NAME PATTERN [ARGS...]
	local name=$1 pat=$2
	shift 2
	"$F" -l "$pat" "$@" >"$TMP/fl" 2>"$TMP/fe"
	bpftrace -l "$pat" "$@" >"$TMP/bl" 2>/dev/null
	if [ ! -s "$TMP/bl" ]; then
		bad "$name" "bpftrace listed nothing for $pat"
	else
		same "$name" "$TMP/fl" "$TMP/bl"
	fi
}
if command -v bpftrace >/dev/null; then
	list_same list_all "usdt:$FX:*"
	list_same list_provider "usdt:$FX:fixture:*"
	list_same list_any_provider "usdt:$FX:*:plain"
	list_same list_name_only "usdt:$FX:plain"
	list_same list_name_glob "usdt:$FX:asm_*"
	list_same list_path_glob "usdt:$(dirname "$FX")/usdt_fix*:*"
	list_same list_library "usdt:$LIB:*"
	"$FX" --wait >"$TMP/fx.out" 2>&1 &
	fxp=$!
	BG+=($fxp)
	waitfor "$TMP/fx.out" '^waiting$'
	list_same list_pid "usdt:*" -p $fxp
	list_same list_pid_path "usdt:$FX:*" -p $fxp
	# A library by name, from the process's maps: bpftrace 0.17 wants
	# a path, so compare with its listing of the mapped file.
	"$F" -l 'usdt:libferret_usdt:*' -p $fxp >"$TMP/fl" 2>"$TMP/fe"
	bpftrace -l "usdt:$LIB:*" -p $fxp >"$TMP/bl" 2>/dev/null
	same list_pid_library_name "$TMP/fl" "$TMP/bl"
	kill -USR1 $fxp
	wait $fxp
else
	skipped listing "bpftrace is not installed"
fi

# A library by name through /etc/ld.so.cache (libstdc++ has probes).
std=$("$F" -l 'usdt:libstdc++:*' 2>/dev/null | head -1 | cut -d: -f2)
if [ -n "$std" ] && command -v bpftrace >/dev/null; then
	"$F" -l 'usdt:libstdc++:*' >"$TMP/fl" 2>&1
	bpftrace -l "usdt:\"$std\":*" >"$TMP/bl" 2>/dev/null
	same list_ld_cache_library "$TMP/fl" "$TMP/bl"
else
	skipped list_ld_cache_library "no libstdc++ with USDT probes in the ld.so cache"
fi

# Spec forms with -p: usdt::PROV:NAME (every object of the process),
# usdt:PATH::NAME (any provider), usdt::NAME, and a relative path or a
# program name matched among the process's mappings.  bpftrace runs the
# first three and is compared byte for byte; it takes relative paths
# from its own directory only, so those are checked against the
# absolute form's output.
form_run() {	# form_run TOOL SPEC OUT: one fixture run under -p
	local fxp tp
	"$FX" --wait >"$TMP/fx.out" 2>&1 &
	fxp=$!
	BG+=($fxp)
	waitfor "$TMP/fx.out" '^waiting$'
	(cd "$TMP" && timeout 30 "$1" -p $fxp -e "$2 { printf(\"%s %s\\n\", probe, str(arg0)); exit(); }" \
		2>/dev/null | strip | sed "s|/proc/$fxp/|/proc/PID/|" >"$3") &
	tp=$!
	waitfor "$3" . || sleep 3
	sleep 0.5
	kill -USR1 $fxp
	wait $tp
	wait $fxp
}
form_run "$F" "usdt:$FX:fixture:str" "$TMP/form_want"
for spec in "usdt::fixture:str" "usdt:$FX::str" "usdt::str"; do
	form_run "$F" "$spec" "$TMP/form_f"
	same "form_ferret_${spec//[^a-z:]/_}" "$TMP/form_f" "$TMP/form_want"
	if command -v bpftrace >/dev/null; then
		form_run bpftrace "$spec" "$TMP/form_b"
		same "form_${spec//[^a-z:]/_}" "$TMP/form_f" "$TMP/form_b"
	fi
done
for spec in "usdt:usdt_fixture:fixture:str" "usdt:./usdt_fixture:fixture:str" \
	"usdt:tests/usdt_fixture:fixture:str"; do
	form_run "$F" "$spec" "$TMP/form_f"
	same "form_${spec//[^a-z:]/_}" "$TMP/form_f" "$TMP/form_want"
done
grep -q 'hello' "$TMP/form_want" || bad form_want "no output: $(cat "$TMP/form_want")"

# Errors name what is wrong.
err_case() {	# err_case NAME PROGRAM EXPECTED-STDERR-SUBSTRING
	"$F" -e "$2" >"$TMP/out" 2>"$TMP/err"
	if [ $? != 0 ] && grep -qF -- "$3" "$TMP/err"; then
		ok "$1"
	else
		bad "$1" "stderr: $(head -3 "$TMP/err")"
	fi
}
err_case err_no_such_arg "usdt:$FX:other:plain { printf(\"%d\\n\", arg0); }" \
	"usdt:$FX:other:plain has 0 arguments: there is no arg0"
err_case err_arg_past_end "usdt:$FX:fixture:str { printf(\"%d\\n\", arg2); }" \
	"usdt:$FX:fixture:str has 2 arguments: there is no arg2"
err_case err_no_match "usdt:$FX:fixture:nosuch { exit(); }" \
	"no USDT probe matches 'fixture:nosuch' in $FX"
err_case err_no_file "usdt:/nonexistent/prog:p:n { exit(); }" \
	"usdt target file '/nonexistent/prog' does not exist or is not executable"
err_case err_form "usdt:$FX { exit(); }" \
	"expected usdt:PATH:PROVIDER:NAME, usdt:PATH:NAME"
err_case err_not_elf "usdt:$HERE/run.sh:p:n { exit(); }" \
	"not an ELF file"

echo "usdt: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
