#!/bin/bash
# Command-line and runtime behaviour tests, as root on the real kernel.
# With a sanitizer build named too (cli.sh BUILD ASAN_BUILD), every check
# of a failing run repeats it there, with leak detection (see san).
set -u
BUILD=${1:-build}
ASAN_BUILD=${2:-}
F=$BUILD/ferret
WL=$BUILD/tests/workload
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
source "$(dirname "$0")/../lib.sh"

# san NAME ARGS...: with a sanitizer build, ferret ARGS fails there as it
# does in BUILD (same exit status, same output), with no memory error,
# undefined behaviour or leak reported.  $RUN, if set, prefixes both
# commands (env, setpriv, prlimit).
SAN_RE='ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:'
san() {
	[ -n "$ASAN_BUILD" ] || return 0
	local name=$1 r1 r2
	shift
	# shellcheck disable=SC2086
	${RUN:-} "$F" "$@" >"$TMP/san1.txt" 2>&1 </dev/null
	r1=$?
	# shellcheck disable=SC2086
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		${RUN:-} "$ASAN_BUILD/ferret" "$@" 2>&1 </dev/null |
		sed "s|$ASAN_BUILD/ferret|$F|g" >"$TMP/san2.txt"
	r2=${PIPESTATUS[0]}
	why="rc $r1 vs $r2: $(grep -E -A8 "$SAN_RE" "$TMP/san2.txt" | head -12 | tr '\n' '|') $(diff "$TMP/san1.txt" "$TMP/san2.txt" | head -4 | tr '\n' '|')" \
		check "asan_$name" bash -c 'test "$1" != 0 -a "$1" = "$2" && ! grep -qE "$3" "$4" && cmp -s "$4" "$5"' \
		_ "$r1" "$r2" "$SAN_RE" "$TMP/san2.txt" "$TMP/san1.txt"
}

# neg NAME TEXT ARGS...: ferret ARGS fails (non-zero exit) and prints
# TEXT, a fixed string; san checks the same run.
neg() {
	local name=$1 text=$2 rc
	shift 2
	# shellcheck disable=SC2086
	${RUN:-} "$F" "$@" >"$TMP/neg.txt" 2>&1 </dev/null
	rc=$?
	why="rc $rc: $(head -3 "$TMP/neg.txt" | tr '\n' '|')" check "$name" \
		bash -c 'test "$1" != 0 && grep -qF -- "$2" "$3"' _ "$rc" "$text" "$TMP/neg.txt"
	san "$name" "$@"
}

if [ "$(id -u)" != 0 ]; then
	echo "skip cli: needs root"
	echo "cli: 0 passed, 0 failed, 1 skipped"
	exit 0
fi

# -c is split on blanks with no quoting, as bpftrace splits it, and
# options may follow the script.  The lines are compared sorted: whether
# BEGIN's line or the command's comes first is a race in bpftrace, which
# prints BEGIN's output from its reader while the command runs.
printf 'BEGIN { printf("begin\\n"); }\n' >"$TMP/c.bt"
"$F" "$TMP/c.bt" -c "/usr/bin/echo 'a  b' c" >"$TMP/c1.txt" 2>&1
bpftrace "$TMP/c.bt" -c "/usr/bin/echo 'a  b' c" 2>/dev/null | grep -v '^Attaching' | sort >"$TMP/c2.txt"
grep -v '^Attaching' "$TMP/c1.txt" | sort >"$TMP/c1b.txt"
why="$(diff "$TMP/c1b.txt" "$TMP/c2.txt" | head -3 | tr '\n' '|')" check c_split_like_bpftrace \
	cmp -s "$TMP/c1b.txt" "$TMP/c2.txt"
why="$(head -3 "$TMP/c1.txt")" check c_after_script grep -qx "'a  b' c" "$TMP/c1.txt"

# -l with wildcards in the path (the file system, or with -p the files
# the process maps) and in the probe type; a pattern with characters no
# probe spec holds is a located error.
FXB=$BUILD/tests/usdt_fixture
if [ -x "$FXB" ]; then
	"$FXB" --wait >/dev/null &
	fxp=$!
	sleep 0.2
	"$F" -l 'uprobe:*' -p $fxp 2>&1 | sed "s/$fxp/PID/" >"$TMP/l1.txt"
	bpftrace -l 'uprobe:*' -p $fxp 2>/dev/null | sed "s/$fxp/PID/" >"$TMP/l2.txt"
	why="$(diff "$TMP/l1.txt" "$TMP/l2.txt" | head -3 | tr '\n' '|')" check list_uprobe_pid \
		test -s "$TMP/l2.txt" -a "$(cat "$TMP/l1.txt")" = "$(cat "$TMP/l2.txt")"
	"$F" -l 'uprobe:*ferret_usdt*:fx*' -p $fxp >"$TMP/l3.txt" 2>&1
	why="$(head -3 "$TMP/l3.txt")" check list_uprobe_pid_lib \
		grep -qx "uprobe:/proc/$fxp/root$(realpath "$BUILD/tests/libferret_usdt.so"):fxlib_hello" "$TMP/l3.txt"
	kill -USR1 $fxp 2>/dev/null
	wait $fxp 2>/dev/null
	"$F" -l "uprobe:${FXB%_fixture}_fix*:*" >"$TMP/l4.txt" 2>&1
	bpftrace -l "uprobe:${FXB%_fixture}_fix*:*" 2>/dev/null >"$TMP/l5.txt"
	why="$(diff "$TMP/l4.txt" "$TMP/l5.txt" | head -3 | tr '\n' '|')" check list_path_glob \
		test -s "$TMP/l5.txt" -a "$(cat "$TMP/l4.txt")" = "$(cat "$TMP/l5.txt")"
	# bpftrace lists uprobe, not uretprobe too: one lister, one type.
	"$F" -l "u*:$FXB:main" >"$TMP/l6.txt" 2>&1
	bpftrace -l "u*:$FXB:main" >"$TMP/l6b.txt" 2>/dev/null
	why="$(cat "$TMP/l6.txt" | tr '\n' '|')" check list_type_glob \
		test -s "$TMP/l6b.txt" -a "$(cat "$TMP/l6.txt")" = "$(cat "$TMP/l6b.txt")"
else
	echo "skip list_uprobe_pid: $FXB is not built"
	skip=$((skip + 1))
fi
"$F" -l 'tracepoint:sched:sched_$x' >"$TMP/l7.txt" 2>&1
rc=$?
why="rc $rc: $(head -2 "$TMP/l7.txt" | tr '\n' '|')" check list_bad_pattern \
	test $rc != 0 -a "$(head -1 "$TMP/l7.txt")" = "-l:1:24: error: syntax error: unexpected '\$' in a probe pattern"
san list_bad_pattern -l 'tracepoint:sched:sched_$x'

# SIGUSR1 prints every map and tracing goes on, as in bpftrace.
usr1_run() {	# usr1_run TOOL OUT
	local i=0 p
	"$1" -e 'BEGIN { @a = 1; @b[1] = count(); @s = "x"; }' >"$2" 2>/dev/null &
	p=$!
	while [ $i -lt 200 ] && ! grep -q '^Attaching' "$2"; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -USR1 $p
	i=0
	while [ $i -lt 100 ] && ! grep -q '^@s: x' "$2"; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -INT $p
	wait $p
}
usr1_run "$F" "$TMP/u1.txt"
usr1_run bpftrace "$TMP/u2.txt"
why="$(diff "$TMP/u1.txt" "$TMP/u2.txt" | head -4 | tr '\n' '|')" check sigusr1_prints_maps \
	test "$(grep -c '^@s: x' "$TMP/u1.txt")" = 2 -a "$(cat "$TMP/u1.txt")" = "$(cat "$TMP/u2.txt")"

# system() output goes through ferret's output: -f json wraps it as
# bpftrace does, and -o takes it; join() data has no newline in JSON.
"$F" -f json --unsafe -e 'BEGIN { system("echo hi; echo there"); printf("x\n"); exit(); }' >"$TMP/sj1.txt" 2>/dev/null
bpftrace -f json --unsafe -e 'BEGIN { system("echo hi; echo there"); printf("x\n"); exit(); }' >"$TMP/sj2.txt" 2>/dev/null
why="$(diff "$TMP/sj1.txt" "$TMP/sj2.txt" | head -3 | tr '\n' '|')" check system_json \
	test -s "$TMP/sj2.txt" -a "$(cat "$TMP/sj1.txt")" = "$(cat "$TMP/sj2.txt")"
"$F" -q --unsafe -o "$TMP/so.txt" -e 'BEGIN { system("echo to-file"); exit(); }' >"$TMP/so-stdout.txt" 2>&1
why="$(cat "$TMP/so.txt" "$TMP/so-stdout.txt" | head -3 | tr '\n' '|')" check system_honours_o \
	test "$(head -1 "$TMP/so.txt")" = to-file -a ! -s "$TMP/so-stdout.txt"
"$F" -f json -c /usr/bin/true -e 'tracepoint:syscalls:sys_enter_execve /pid == cpid/ { join(args->argv); }' 2>/dev/null | grep '"join"' >"$TMP/jj1.txt"
bpftrace -f json -c /usr/bin/true -e 'tracepoint:syscalls:sys_enter_execve /pid == cpid/ { join(args->argv); }' 2>/dev/null | grep '"join"' >"$TMP/jj2.txt"
why="$(cat "$TMP/jj1.txt" "$TMP/jj2.txt" | tr '\n' '|')" check join_json \
	test -s "$TMP/jj2.txt" -a "$(cat "$TMP/jj1.txt")" = "$(cat "$TMP/jj2.txt")"

# A system() command that feeds its own probe still ends on SIGINT.
timeout 20 "$F" --unsafe -e 'tracepoint:syscalls:sys_enter_execve { system("/usr/bin/true"); }' >"$TMP/sl.txt" 2>&1 &
slp=$!
i=0
while [ $i -lt 200 ] && ! grep -q '^Attaching' "$TMP/sl.txt"; do sleep 0.05; i=$((i + 1)); done
/usr/bin/true
sleep 0.3
kill -INT $slp 2>/dev/null
pkill -INT -f "system(\"/usr/bin/true\")" 2>/dev/null
wait $slp
rc=$?
why="rc $rc (124: still running after 20 s)" check system_loop_sigint test $rc = 0

# cgroupid() of a cgroup2 directory is the id cgroup reports there.
mkdir -p "$TMP/cg2"
if mount -t cgroup2 none "$TMP/cg2" 2>/dev/null; then
	"$F" -q -e "BEGIN { printf(\"%d\\n\", cgroupid(\"$TMP/cg2\")); exit(); }" >"$TMP/cg1.txt" 2>&1
	bpftrace -q -e "BEGIN { printf(\"%d\\n\", cgroupid(\"$TMP/cg2\")); exit(); }" >"$TMP/cg2.txt" 2>/dev/null
	umount "$TMP/cg2"
	why="$(cat "$TMP/cg1.txt" "$TMP/cg2.txt" | tr '\n' '|')" check cgroupid_like_bpftrace \
		test -s "$TMP/cg2.txt" -a "$(cat "$TMP/cg1.txt")" = "$(cat "$TMP/cg2.txt")"
else
	echo "skip cgroupid_like_bpftrace: cannot mount cgroup2 here"
	skip=$((skip + 1))
fi

# A script with no probe is an error, not a wait for ever.
printf '// only a comment\n' >"$TMP/empty.bt"
for prog in "-e ''" "$TMP/empty.bt"; do
	eval timeout 10 "$F" "$prog" >"$TMP/em.txt" 2>&1
	rc=$?
	case $prog in -e*) what=e ;; *) what=file ;; esac
	why="rc $rc: $(head -1 "$TMP/em.txt")" check "empty_program_$what" \
		grep -q 'unexpected end of file, expecting a probe' "$TMP/em.txt"
	eval san "empty_program_$what" "$prog"
done

# -v: the verifier's statistics of each accepted program.
"$F" -v -e 'BEGIN { exit(); } interval:s:1 { @ = count(); }' >"$TMP/vv.txt" 2>&1
why="$(head -3 "$TMP/vv.txt" | tr '\n' '|')" check verbose_verifier_stats \
	sh -c "grep -q '^verifier: BEGIN ([0-9]* instructions): verification time' '$TMP/vv.txt' &&
	       grep -q '^verifier: interval:s:1 ' '$TMP/vv.txt' &&
	       grep -q '^processed [0-9]* insns' '$TMP/vv.txt'"

# USDT specs with the provider left out (usdt:PATH::NAME), and with the
# path left out, which needs -p (usdt::PROVIDER:NAME).
if [ -x "$FXB" ]; then
	fx=$(realpath "$FXB")
	"$F" -c "$fx" -e "usdt:$fx::asm_const { @[probe] = count(); }" >"$TMP/us1.txt" 2>&1
	bpftrace -c "$fx" -e "usdt:$fx::asm_const { @[probe] = count(); }" 2>/dev/null >"$TMP/us2.txt"
	why="$(diff "$TMP/us1.txt" "$TMP/us2.txt" | head -3 | tr '\n' '|')" check usdt_any_provider \
		test -s "$TMP/us2.txt" -a "$(cat "$TMP/us1.txt")" = "$(cat "$TMP/us2.txt")"
	"$F" -e 'usdt::fixture:asm_const { @ = count(); }' >"$TMP/us3.txt" 2>&1
	why="$(head -1 "$TMP/us3.txt")" check usdt_no_path_needs_pid \
		grep -q 'usdt probe must specify at least path or pid to probe' "$TMP/us3.txt"
	san usdt_no_path_needs_pid -e 'usdt::fixture:asm_const { @ = count(); }'
	"$fx" --wait >/dev/null &
	fxp=$!
	sleep 0.2
	"$F" -p $fxp -e 'usdt::fxlib:hello, usdt::fixture:asm_const { @ = count(); } interval:ms:100 { exit(); }' >"$TMP/us4.txt" 2>&1
	why="$(head -2 "$TMP/us4.txt" | tr '\n' '|')" check usdt_no_path_with_pid \
		grep -qx 'Attaching 3 probes...' "$TMP/us4.txt"
	kill -USR1 $fxp 2>/dev/null
	wait $fxp 2>/dev/null
fi

# Watchpoints: a hardware breakpoint on a long the workload writes 3
# times, in ferret and in bpftrace.
wp_run() {	# wp_run TOOL PROBE OUT: the workload writes once TOOL attached
	rm -f "$TMP/wa.txt" "$3"
	"$WL" watch 3 >"$TMP/wa.txt" &
	local wp=$! i=0 tp
	while [ $i -lt 100 ] && [ ! -s "$TMP/wa.txt" ]; do sleep 0.02; i=$((i + 1)); done
	timeout 30 "$1" -p $wp -e "$2:$(cat "$TMP/wa.txt"):8:w { @[comm] = count(); }" >"$3" 2>/dev/null &
	tp=$!
	i=0
	while [ $i -lt 500 ] && ! grep -qs '^Attaching' "$3"; do sleep 0.02; i=$((i + 1)); done
	# bpftrace 0.17 prints the line before it attaches.
	sleep 0.3
	kill -USR1 $wp
	wait $tp
	wait $wp
}
wp_run "$F" watchpoint "$TMP/w1.txt"
wp_run bpftrace watchpoint "$TMP/w2.txt"
why="$(cat "$TMP/w1.txt" "$TMP/w2.txt" | tr '\n' '|')" check watchpoint_like_bpftrace \
	test "$(grep '^@' "$TMP/w1.txt")" = '@[workload]: 3' -a "$(cat "$TMP/w1.txt")" = "$(cat "$TMP/w2.txt")"
# bpftrace 0.17 takes asyncwatchpoint only as FUNC+ARG; ferret takes an address.
wp_run "$F" asyncwatchpoint "$TMP/w3.txt"
why="$(tr '\n' '|' <"$TMP/w3.txt")" check asyncwatchpoint_address \
	test "$(grep '^@' "$TMP/w3.txt")" = '@[workload]: 3'

# Two CPUs counting a key new to the map at once both count: the insert
# that finds the other's key adds to it.  Each of 3,000 keys counts 2.
out=$("$F" -e 'tracepoint:syscalls:sys_enter_getpgid /args.pid >= 1000000/ { @[args.pid] = count(); }' \
	-c "$WL sharedkeys 3000" 2>&1)
why="$(grep -c ': 2$' <<<"$out") keys of 3000 counted 2; $(grep -vE '^$|^Attaching|: 2$' <<<"$out" | head -3 | tr '\n' '|')" \
	check count_first_insert_race test "$(grep -c '^@\[[0-9]*\]: 2$' <<<"$out")" = 3000

# With -p, a relative uprobe path or a bare name is the file the process
# maps whose path ends so.
fabs=$(realpath "$F")
"$WL" ticks 60 >/dev/null &
rp=$!
sleep 0.2
(cd / && "$fabs" -p $rp -e 'uprobe:./workload:ferret_add { @[pid] = count(); } interval:ms:300 { exit(); }') >"$TMP/rel.txt" 2>&1
kill $rp 2>/dev/null
wait $rp 2>/dev/null
why="$(head -3 "$TMP/rel.txt" | tr '\n' '|')" check uprobe_relative_path_pid \
	grep -qE "^@\[$rp\]: [1-9]" "$TMP/rel.txt"

# -p with no number: bpftrace's words.
"$F" -p 12abc -e 'BEGIN { exit(); }' >"$TMP/p3.txt" 2>&1
why="$(cat "$TMP/p3.txt")" check pid_not_number \
	grep -q "pid '12abc' is not a valid decimal number" "$TMP/p3.txt"
san pid_not_number -p 12abc -e 'BEGIN { exit(); }'

# uprobe:PATH:ADDRESS: an address at a function's start probes it; one
# that no function contains (a data symbol) is refused with bpftrace's
# words.
addr=$(nm "$WL" | awk '$3 == "ferret_add" { print $1 }')
data=$(nm "$WL" | awk '$3 == "__data_start" { print $1 }')
out=$("$F" -e "uprobe:$WL:0x$addr { @ = count(); }" -c "$WL calls 6" 2>&1)
why="$out" check uprobe_address grep -qx '@: 6' <<<"$out"
out=$("$F" -e "uprobe:$WL:0x$data { @ = count(); }" -c "$WL calls 6" 2>&1)
why="$out" check uprobe_address_no_function \
	grep -q "Could not resolve address: $WL:0x$data" <<<"$out"
san uprobe_address_no_function -e "uprobe:$WL:0x$data { @ = count(); }" -c "$WL calls 6"

# -o FILE writes the output there and nothing to stdout.
"$F" -o "$TMP/o.txt" -e 'BEGIN { printf("to file\n"); exit(); }' >"$TMP/stdout" 2>&1
why="stdout: $(head -c 200 "$TMP/stdout")" check output_file \
	grep -qx 'to file' "$TMP/o.txt"
why="stdout not empty" check output_file_stdout_empty test ! -s "$TMP/stdout"

# -q drops the Attaching line.
out=$("$F" -q -e 'BEGIN { printf("x\n"); exit(); }')
why="got: $out" check quiet test "$(printf '%s' "$out" | head -1)" = x

# -f json: one JSON object per line, as bpftrace -f json.
"$F" -f json -e 'BEGIN { printf("hi\n"); @c = count(); exit(); }' >"$TMP/j.txt" 2>&1
bpftrace -f json -e 'BEGIN { printf("hi\n"); @c = count(); exit(); }' >"$TMP/jb.txt" 2>/dev/null
why="$(diff "$TMP/j.txt" "$TMP/jb.txt" | head -5)" check json_matches_bpftrace \
	cmp -s "$TMP/j.txt" "$TMP/jb.txt"

# -p PID: ferret exits when the process does.
sleep 1 &
sp=$!
start=$(date +%s%N)
timeout 10 "$F" -p $sp -e 'interval:s:5 { exit(); }' >"$TMP/p.txt" 2>&1
rc=$?
el=$(( ($(date +%s%N) - start) / 1000000 ))
why="rc $rc after $el ms" check pid_exit test $rc = 0 -a $el -lt 4000

# -p with a process that does not exist.
"$F" -p 999999 -e 'BEGIN { exit(); }' >"$TMP/p2.txt" 2>&1
why="$(cat "$TMP/p2.txt")" check pid_missing grep -q 'no process 999999' "$TMP/p2.txt"
san pid_missing -p 999999 -e 'BEGIN { exit(); }'

# -p PID limits uprobes to that process: another process running the
# same function at the same time is not counted.
"$WL" ticks 30 &
tp=$!
sleep 0.1
(for i in 1 2 3 4 5; do "$WL" calls 50; sleep 0.1; done) &
others=$!
timeout 10 "$F" -q -p $tp -e "uprobe:$WL:ferret_add { @[pid == $tp] = count(); }" >"$TMP/pu.txt" 2>&1
wait $others
why="$(tr '\n' '|' <"$TMP/pu.txt")" check pid_limits_uprobes \
	bash -c "grep -q '^@\[1\]: [0-9]' '$TMP/pu.txt' && ! grep -q '^@\[0\]' '$TMP/pu.txt'"

# -l lists a binary's functions as bpftrace does.
diff <("$F" -l 'uprobe:/bin/bash:*') <(bpftrace -l 'uprobe:/bin/bash:*' 2>/dev/null) >"$TMP/lu.diff" 2>&1
why="$(head -5 "$TMP/lu.diff" | tr '\n' '|')" check list_uprobes_like_bpftrace \
	test ! -s "$TMP/lu.diff" -a "$("$F" -l 'uprobe:/bin/bash:*' | wc -l)" -gt 1000
out=$("$F" -l "ur:$WL:ferret_a*")
why="got: $out" check list_uretprobe_alias test "$out" = "uretprobe:$WL:ferret_add"

# uaddr(): a fixed-address program's symbol is its run-time address (the
# uprobe on main fires with ip there); a PIE's is refused, saying why.
NOPIE=$BUILD/tests/usdt_fixture_nopie
if [ -x "$NOPIE" ]; then
	out=$("$F" -q -c "$NOPIE" -e "uprobe:$NOPIE:main { printf(\"%d\\n\", (uint64)uaddr(\"main\") == reg(\"ip\")); }" 2>&1)
	why="got: $out" check uaddr_is_runtime_address grep -qx 1 <<<"$out"
else
	bad uaddr_is_runtime_address "no $NOPIE (make builds it)"
fi
out=$("$F" -e "uprobe:$WL:main { printf(\"%d\\n\", uaddr(\"main\")); }" 2>&1)
why="got: $out" check uaddr_pie_refused grep -q 'position-independent' <<<"$out"
san uaddr_pie_refused -e "uprobe:$WL:main { printf(\"%d\\n\", uaddr(\"main\")); }"

# signal() needs --unsafe, then kills the process making the call.
"$F" -e 'BEGIN { signal("KILL"); }' >"$TMP/sig.txt" 2>&1
why="$(head -1 "$TMP/sig.txt")" check signal_needs_unsafe grep -q 'is an unsafe function being used in safe mode' "$TMP/sig.txt"
san signal_needs_unsafe -e 'BEGIN { signal("KILL"); }'
"$F" -e 'BEGIN { signal_thread("KILL"); }' >"$TMP/sigt.txt" 2>&1
why="$(head -1 "$TMP/sigt.txt")" check signal_thread_needs_unsafe grep -q '^-e:1:9: error: signal_thread() is an unsafe function' "$TMP/sigt.txt"
printf '%s getppid 3; echo status=$?\n' "$WL" >"$TMP/sig.sh"
"$F" -q --unsafe -c "sh $TMP/sig.sh" \
	-e 'tracepoint:syscalls:sys_enter_getppid /comm == "workload"/ { signal("SIGUSR1"); }' >"$TMP/sig2.txt" 2>&1
why="$(tr '\n' '|' <"$TMP/sig2.txt")" check signal_kills grep -q '^status=138$' "$TMP/sig2.txt"
"$F" -q --unsafe -c "sh $TMP/sig.sh" \
	-e 'tracepoint:syscalls:sys_enter_getppid /comm == "workload"/ { signal_thread("SIGUSR1"); }' >"$TMP/sig3.txt" 2>&1
why="$(tr '\n' '|' <"$TMP/sig3.txt")" check signal_thread_kills grep -q '^status=138$' "$TMP/sig3.txt"

# -c: ferret exits with the child and prints maps; the child ran held.
out=$("$F" -q -c "$WL getppid 7" -e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @n = count(); }')
why="got: $out" check child_counts_all_calls grep -q '^@n: 7$' <<<"$out"

# SIGINT and SIGTERM end tracing, run END and print the maps.
for sig in INT TERM; do
	"$F" -e 'interval:ms:10 { @ticks = count(); } END { printf("end ran\n"); }' >"$TMP/s.txt" 2>&1 &
	fp=$!
	for _ in $(seq 50); do grep -q Attaching "$TMP/s.txt" && break; sleep 0.1; done
	sleep 0.3
	kill -$sig $fp
	wait $fp
	rc=$?
	why="rc $rc: $(tr '\n' '|' <"$TMP/s.txt")" check "sig${sig}_prints_maps" \
		grep -q '^@ticks: [0-9]' "$TMP/s.txt"
	why="rc $rc" check "sig${sig}_runs_end" grep -q '^end ran$' "$TMP/s.txt"
done

# kill -9 leaves nothing attached: every attachment is an fd of the
# process, so the links it held are gone once it is.
link_ids() {	# the BPF link ids open in process $1
	local f
	for f in /proc/"$1"/fdinfo/*; do
		sed -n 's/^link_id:[[:space:]]*//p' "$f" 2>/dev/null
	done | sort -n
}
link_alive() {	# is link id $1 open in any process?
	grep -qsx "link_id:[[:space:]]*$1" /proc/[0-9]*/fdinfo/* 2>/dev/null
}
"$F" -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); } profile:hz:49 { @p = count(); }' >"$TMP/k.txt" 2>&1 &
fp=$!
for _ in $(seq 50); do grep -q Attaching "$TMP/k.txt" && break; sleep 0.1; done
ids=$(link_ids $fp)
kill -9 $fp
wait $fp 2>/dev/null
sleep 0.5
alive=0
for id in $ids; do link_alive "$id" && alive=$((alive + 1)); done
why="links held: $(echo $ids | wc -w), still alive after kill -9: $alive" \
	check kill9_detaches test -n "$ids" -a "$alive" = 0

# Probes stop before END: with a workload still making the traced call,
# END reads the same count before and after a pause.  Then their links,
# left to be released behind ferret's exit, go within seconds.
"$WL" getppid 2000000000 &
wp=$!
"$F" --unsafe -e 'tracepoint:syscalls:sys_enter_getppid /comm == "workload"/ { @n = count(); }
	uprobe:'"$WL"':main { @m = count(); }
	interval:ms:1000 { exit(); }
	END { print(@n); system("sleep 0.3"); print(@n); }' >"$TMP/e.txt" 2>&1 &
fp=$!
for _ in $(seq 50); do grep -q Attaching "$TMP/e.txt" && break; sleep 0.1; done
ids=$(link_ids $fp)
wait $fp
kill $wp
wait $wp 2>/dev/null
counts=$(sed -n 's/^@n: //p' "$TMP/e.txt" | sort -u)
why="$(tr '\n' '|' <"$TMP/e.txt")" check probes_stop_before_end \
	test "$(wc -l <<<"$counts")" = 1 -a "${counts:-0}" -gt 0
alive=1
for _ in $(seq 100); do
	alive=0
	for id in $ids; do link_alive "$id" && alive=$((alive + 1)); done
	[ "$alive" = 0 ] && break
	sleep 0.1
done
why="links held: $(echo $ids | wc -w), alive 10 s after exit: $alive" \
	check links_released_after_exit test "$(echo $ids | wc -w)" = 3 -a "$alive" = 0

# Without privilege: the message names what is needed.
if command -v setpriv >/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$F" -e 'BEGIN { exit(); }' >"$TMP/u.txt" 2>&1
	why="$(cat "$TMP/u.txt")" check unprivileged_message grep -q 'CAP_BPF' "$TMP/u.txt"
	RUN="setpriv --reuid=65534 --regid=65534 --clear-groups" san unprivileged_message -e 'BEGIN { exit(); }'
else
	echo "skip unprivileged_message: no setpriv"
	skip=$((skip + 1))
fi

# A probe that updates more maps than one BPF program may use (64) goes
# on in tail-called programs, split between its statements.
prog='BEGIN {'
for i in $(seq 1 80); do prog="$prog @m$i = $i;"; done
"$F" -e "$prog exit(); }" >"$TMP/m.txt" 2>&1
why="$(grep -v '^@' "$TMP/m.txt" | head -3)" check many_maps \
	test "$(grep -c '^@m\([0-9]*\): \1$' "$TMP/m.txt")" = 80
"$F" -e "$prog printf(\"x\"); @late = 1; exit(); }" >"$TMP/m.txt" 2>&1
why="$(head -3 "$TMP/m.txt")" check many_maps_tail \
	grep -q '^@late: 1$' "$TMP/m.txt"

# A verifier rejection is told at the script's construct; -v adds the log.
prog='BEGIN { $i = 0; while ($i >= 0) { $i = $i + 0; } exit(); }'
"$F" -e "$prog" >"$TMP/v.txt" 2>&1
why="$(head -3 "$TMP/v.txt")" check verifier_located \
	grep -q '^-e:1:[0-9]*: error: the BPF verifier rejected the program for BEGIN' "$TMP/v.txt"
san verifier_located -e "$prog"
"$F" -v -e "$prog" >"$TMP/vv.txt" 2>&1
why="no log" check verifier_log_with_v grep -q '^verifier log:' "$TMP/vv.txt"

# Values spilled in separate branches share frame slots: ten branches,
# each holding eight pointers across a printf, fit in 512 bytes.
prog='BEGIN { $a = (uint64)0; $n = 0;'
for b in 0 1 2 3 4 5 6 7 8 9; do
	args=""
	for k in 0 1 2 3 4 5 6 7; do args="$args, str(*(\$a + $((8 * k))), 16)"; done
	prog="$prog if (\$n == $b) { printf(\"$b:%s%s%s%s%s%s%s%s\\n\"$args); }"
done
prog="$prog exit(); }"
"$F" -e "$prog" >"$TMP/sp.txt" 2>&1
why="$(tail -2 "$TMP/sp.txt")" check spills_share_slots grep -qx '0:' "$TMP/sp.txt"

# A map that fills up is reported.
"$F" -q -c "$WL getppid 5000" -e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @m[@n] = 1; @n++; }' >"$TMP/m.txt" 2>"$TMP/m.err"
why="$(cat "$TMP/m.err")" check map_full_reported \
	grep -q 'map @m was full (4096 entries): 904 updates dropped' "$TMP/m.err"

# Every printf is printed, or counted as lost: never silently dropped.
"$F" -q -o "$TMP/l.txt" -c "$WL getppid 300000" \
	-e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d\n", 1); }' 2>"$TMP/l.err"
printed=$(grep -c '^1$' "$TMP/l.txt")
lost=$(sed -n 's/^ferret: lost \([0-9]*\) events.*/\1/p' "$TMP/l.err")
why="printed $printed + lost ${lost:-0}" check printf_all_or_counted \
	test $((printed + ${lost:-0})) = 300000
# Several records lost in one run of a probe are each counted: a reader
# held up by a stalled pipe makes the buffer overflow.
"$F" -q -c "$WL getppid 200000" \
	-e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("a\n"); printf("b\n"); printf("c\n"); }' \
	2>"$TMP/l3.err" | (sleep 2; cat >"$TMP/l3.txt")
printed=$(grep -c '^[abc]$' "$TMP/l3.txt")
lost=$(sed -n 's/^ferret: lost \([0-9]*\) events.*/\1/p' "$TMP/l3.err")
why="printed $printed + lost ${lost:-0}" check lost_counts_each_record \
	test "${lost:-0}" -gt 0 -a $((printed + ${lost:-0})) = 600000

# A line made of several printf() calls in one run of a probe is never cut
# by another CPU's records, as with bpftrace's per-CPU buffers: two
# processes make the same calls at once on two CPUs.
if [ "$(nproc)" -ge 2 ]; then
	printf '#!/bin/sh\n%s getppid 4000 & %s getppid 4000; wait\n' "$WL" "$WL" >"$TMP/two.sh"
	chmod +x "$TMP/two.sh"
	"$F" -q -c "$TMP/two.sh" -e 'tracepoint:syscalls:sys_enter_getppid /comm == "workload"/ { printf("%d ", tid); printf("%d %d\n", tid, cpu); }' \
		>"$TMP/two.txt" 2>"$TMP/two.err"
	lines=$(grep -c . "$TMP/two.txt")
	cut=$(awk 'NF && ($1 != $2 || NF != 3)' "$TMP/two.txt" | wc -l)
	why="$cut cut lines of $lines: $(head -c 200 "$TMP/two.err")" \
		check run_output_not_cut test "$cut" = 0 -a "$lines" = 8000
else
	skipped run_output_not_cut "one CPU"
fi

# -l lists probes.
"$F" -l 'tracepoint:sched:sched_switch' >"$TMP/l1.txt" 2>&1
why="$(cat "$TMP/l1.txt")" check list_tracepoint grep -qx 'tracepoint:sched:sched_switch' "$TMP/l1.txt"
n=$("$F" -l 'tracepoint:syscalls:sys_enter_*' | wc -l)
why="$n" check list_wildcard test "$n" -gt 300
# system() needs --unsafe; cat() does not (bpftrace 0.17 runs it in safe mode).
# system() and cat() need --unsafe.
"$F" -e 'BEGIN { system("echo hi"); exit(); }' >"$TMP/x.txt" 2>&1
why="$(cat "$TMP/x.txt")" check system_needs_unsafe grep -q 'is an unsafe function being used in safe mode' "$TMP/x.txt"
san system_needs_unsafe -e 'BEGIN { system("echo hi"); exit(); }'
"$F" -q -e 'BEGIN { cat("/proc/sys/kernel/ostype"); exit(); }' >"$TMP/cat.txt" 2>&1
bpftrace -q -e 'BEGIN { cat("/proc/sys/kernel/ostype"); exit(); }' >"$TMP/catb.txt" 2>/dev/null
why="$(head -3 "$TMP/cat.txt")" check cat_in_safe_mode cmp -s "$TMP/cat.txt" "$TMP/catb.txt"
out=$("$F" -q --unsafe -e 'BEGIN { system("echo from %s", "system"); cat("/proc/sys/kernel/ostype"); exit(); }' 2>&1)
why="got: $out" check system_and_cat grep -q 'from system' <<<"$out"
why="got: $out" check cat_prints_file grep -qx 'Linux' <<<"$out"

# Scripts with a #! line and positional parameters.
printf '#!/usr/bin/env ferret\nBEGIN { printf("%%s-%%d\\n", str($1), $2); exit(); }\n' >"$TMP/s.bt"
out=$("$F" -q "$TMP/s.bt" abc 42)
why="got: $out" check script_file_params test "$out" = abc-42

# Kernel-function probes where the kernel lacks kprobes or its lockdown
# refuses BPF trampolines: a located error naming that, for running and
# for -l.  (tests/vm runs them on a kernel that has both.)
kfunc_missing() {	# NAME PROGRAM LIST-PATTERN TEXT
	"$F" -e "$2" >"$TMP/km.out" 2>"$TMP/km.err"
	local rc=$?
	why="rc $rc: $(head -3 "$TMP/km.err" | tr '\n' '|')" check "$1" \
		grep -q "^-e:1:1: error: .*$4" "$TMP/km.err"
	san "$1" -e "$2"
	"$F" -l "$3" >"$TMP/kl.out" 2>"$TMP/kl.err"
	rc=$?
	why="rc $rc: $(head -3 "$TMP/kl.err" "$TMP/kl.out" | tr '\n' '|')" \
		check "$1_list" line_with "ferret: cannot list $3: " "$4" "$TMP/kl.err"
	san "$1_list" -l "$3"
}
line_with() {	# FIXED-PREFIX REGEX FILE: a line starts with one, matches both
	grep -F "$1" "$3" | grep -q "$2"
}
if [ ! -e /sys/bus/event_source/devices/kprobe ] &&
	[ ! -e /sys/kernel/tracing/kprobe_events ] &&
	[ ! -e /sys/kernel/debug/tracing/kprobe_events ]; then
	kfunc_missing kprobe_missing 'kprobe:vfs_read { @ = count(); }' \
		'kprobe:vfs_*' 'this kernel was built without CONFIG_KPROBES'
	kfunc_missing kretprobe_missing 'kretprobe:vfs_read { @ = count(); }' \
		'kretprobe:vfs_*' 'this kernel was built without CONFIG_KPROBES'
else
	echo "skip kprobe_missing: this kernel has kprobes"
	skip=$((skip + 1))
fi
mode=$(cat /sys/kernel/security/lockdown 2>/dev/null ||
	unshare -m sh -c 'mount -t securityfs none /sys/kernel/security &&
		cat /sys/kernel/security/lockdown' 2>/dev/null)
mode=$(sed -n 's/.*\[\(.*\)\].*/\1/p' <<<"$mode")
if [ -n "$mode" ] && [ "$mode" != none ]; then
	kfunc_missing fentry_lockdown 'fentry:vfs_read { @ = count(); }' \
		'fentry:vfs_*' "refuses them (lockdown: $mode)"
	kfunc_missing fexit_lockdown 'kretfunc:vfs_read { @ = hist(retval); }' \
		'fexit:vfs_*' "refuses them (lockdown: $mode)"
else
	echo "skip fentry_lockdown: lockdown is '${mode:-unknown}'"
	skip=$((skip + 1))
fi
# -d lists the programs all the same: compiling needs BTF, not trampolines.
out=$("$F" -d -e 'fexit:vfs_read { @ = hist(retval); } kprobe:vfs_read { @k = sum(arg2); }' 2>&1)
why="$(head -3 <<<"$out")" check kfunc_dump_without_kernel_support \
	grep -q '^BPF kretfunc:vmlinux:vfs_read' <<<"$out"
why="$(head -3 <<<"$out")" check kprobe_dump_without_kernel_support \
	grep -q '^BPF kprobe:vfs_read' <<<"$out"
# BPFTRACE_MAP_KEYS_MAX sets the entries of each map, as in bpftrace.
fill='BEGIN { $i = 0; unroll(20) { @[$i] = 1; $i++; } exit(); }'
BPFTRACE_MAP_KEYS_MAX=5 "$F" -q -e "$fill" >"$TMP/mk.txt" 2>"$TMP/mk.err"
n=$(grep -c '^@\[' "$TMP/mk.txt")
why="$n entries, stderr: $(cat "$TMP/mk.err")" check map_keys_max_env \
	bash -c "test $n = 5 && grep -q 'map @ was full (5 entries): 15 updates dropped' '$TMP/mk.err'"
n=$("$F" -q -e "$fill" 2>&1 | grep -c '^@\[')
why="$n entries" check map_keys_max_default test "$n" = 20
out=$(BPFTRACE_MAP_KEYS_MAX=5x "$F" -e 'BEGIN { exit(); }' 2>&1)
rc=$?
why="rc $rc: $out" check map_keys_max_invalid \
	bash -c "test $rc = 1 && grep -q 'BPFTRACE_MAP_KEYS_MAX' <<<'$out'"
RUN="env BPFTRACE_MAP_KEYS_MAX=5x" san map_keys_max_invalid -e 'BEGIN { exit(); }'

# -l compares with bpftrace (same listing, byte for byte).
same_list() {	# NAME ARGS...: ferret and bpftrace list the same, non-empty
	local name=$1
	shift
	local fa rc
	fa=$(realpath "$F")
	(cd "${LDIR:-.}" && timeout 60 "$fa" "$@") >"$TMP/lf.txt" 2>&1
	rc=$?
	(cd "${LDIR:-.}" && timeout 60 bpftrace "$@") 2>/dev/null >"$TMP/lb.txt"
	why="rc $rc, $(wc -l <"$TMP/lf.txt") vs $(wc -l <"$TMP/lb.txt") lines: $(diff "$TMP/lf.txt" "$TMP/lb.txt" | head -4 | tr '\n' '|')" \
		check "$name" bash -c "test $rc = 0 -a -s '$TMP/lb.txt' && cmp -s '$TMP/lf.txt' '$TMP/lb.txt'"
}
FX=$BUILD/tests/usdt_fixture
if [ -x "$FX" ]; then
	"$FX" --wait >/dev/null &
	fxp=$!
	sleep 0.3
	same_list list_pid_usdt -l 'usdt:*' -p $fxp
	same_list list_pid_uprobe -l 'uprobe:*' -p $fxp
	same_list list_pid_uretprobe -l 'uretprobe:*' -p $fxp
	same_list list_pid_all -p $fxp -l
	same_list list_pid_any_type -l '*:*' -p $fxp
	kill $fxp
	wait $fxp 2>/dev/null
else
	bad list_pid_usdt "no $FX (make builds it)"
fi
same_list list_glob_path -l "uprobe:./$BUILD/tests/work*:ferret_a*"
same_list list_glob_dir -l "uprobe:./$BUILD/tests/*:ferret_*"
same_list list_glob_type -l "*:./$BUILD/tests/workload:ferret_*"
same_list list_glob_type_prefix -l "u*:./$BUILD/tests/workload:*"
same_list list_glob_bare_path -l 'uprobe:*b*sh:main'
LDIR=$BUILD/tests same_list list_glob_cwd -l 'uprobe:work*:ferret_add'
[ -x "$FX" ] && same_list list_glob_usdt -l "*:./$BUILD/tests/usdt_fix*:*"
# A system() that fires its own probe does not keep ferret from ending
# on Ctrl-C (SIGINT to the whole process group, as a terminal sends it).
prog='tracepoint:syscalls:sys_enter_execve { system("sleep 0.3"); @n = count(); } BEGIN { system("true"); } END { printf("end\n"); }'
setsid "$F" --unsafe -e "$prog" >"$TMP/sl.txt" 2>&1 &
fp=$!
for _ in $(seq 50); do grep -q Attaching "$TMP/sl.txt" && break; sleep 0.1; done
sleep 1
kill -INT -- -$fp
start=$(date +%s%N)
for _ in $(seq 100); do kill -0 $fp 2>/dev/null || break; sleep 0.02; done
el=$(( ($(date +%s%N) - start) / 1000000 ))
kill -0 $fp 2>/dev/null && kill -9 $fp
wait $fp 2>/dev/null
why="ended after $el ms: $(tr '\n' '|' <"$TMP/sl.txt")" check sigint_with_system_feedback \
	bash -c "test $el -lt 1000 && grep -qx end '$TMP/sl.txt' && grep -q '^@n: ' '$TMP/sl.txt'"

# --version and --help: bpftrace's layout, every bpftrace option listed.
why="" check version grep -q '^ferret v' <("$F" --version)
"$F" --help >"$TMP/h1.txt" 2>&1
bpftrace --help >"$TMP/h2.txt" 2>&1
why="$(diff <(grep '^[A-Z]' "$TMP/h1.txt") <(grep '^[A-Z]' "$TMP/h2.txt") | tr '\n' '|')" \
	check help_sections cmp -s <(grep '^[A-Z]' "$TMP/h1.txt") <(grep '^[A-Z]' "$TMP/h2.txt")
missing=$(sed -n '/^OPTIONS:/,/^ENVIRONMENT:/s/^    \(-[^ ]*\).*/\1/p' "$TMP/h2.txt" | sed 's/,$//' |
	grep -v -e '--emit-' | while read -r o; do
		grep -q -- "^    $o[ ,]\|^    $o\$" "$TMP/h1.txt" || echo "$o"
	done)
why="not in ferret -h: $missing" check help_lists_bpftrace_options test -z "$missing"

# --info: bpftrace's sections, and each of its lines, on stderr as there.
"$F" --info 2>"$TMP/i1.txt" >"$TMP/i1.out"
bpftrace --info 2>"$TMP/i2.txt" >/dev/null
missing=$(sed -n 's/^  \([^:(]*[^:( ]\).*/\1/p' "$TMP/i2.txt" | while read -r k; do
	grep -q "^  $k[: ]" "$TMP/i1.txt" || echo "$k"; done)
why="sections: $(diff <(grep '^[A-Z]' "$TMP/i1.txt") <(grep '^[A-Z]' "$TMP/i2.txt") | tr '\n' '|') missing: $missing" \
	check info_layout bash -c "cmp -s <(grep '^[A-Z]' '$TMP/i1.txt') <(grep '^[A-Z]' '$TMP/i2.txt') && test -z '$missing' && ! test -s '$TMP/i1.out'"
why="$(grep -i 'tracepoint\|kprobe:' "$TMP/i1.txt" | tr '\n' '|')" check info_tells_kernel \
	bash -c "grep -qx '  tracepoint: yes' '$TMP/i1.txt' && grep -qx '  kprobe: $([ -e /sys/bus/event_source/devices/kprobe ] && echo yes || echo no)' '$TMP/i1.txt'"

# A program on standard input ("-"), as bpftrace reads it.
prog='BEGIN { printf("from stdin\n"); exit(); }'
why="" check stdin_program cmp -s <(echo "$prog" | "$F" -) <(echo "$prog" | bpftrace - 2>/dev/null)

# Options bpftrace has: each accepted or refused as bpftrace does.
prog='BEGIN { printf("x\n"); exit(); }'
opt_like() {	# NAME ARGS...: same output and success as bpftrace
	local name=$1 r1 r2
	shift
	"$F" "$@" -e "$prog" >"$TMP/o1.txt" 2>/dev/null
	r1=$?
	bpftrace "$@" -e "$prog" >"$TMP/o2.txt" 2>/dev/null
	r2=$?
	why="rc $r1 vs $r2: $(diff "$TMP/o1.txt" "$TMP/o2.txt" | head -3 | tr '\n' '|')" \
		check "$name" bash -c "test $r1 = $r2 && cmp -s '$TMP/o1.txt' '$TMP/o2.txt'"
}
for m in none line full; do opt_like "buffer_$m" -B $m; done
opt_like buffer_invalid -B sometimes
san buffer_invalid -B sometimes -e "$prog"
opt_like include_missing --include no_such_header_ferret.h
san include_missing --include no_such_header_ferret.h -e "$prog"
opt_like include_found --include stdio.h
opt_like include_dir -I /tmp --include stdio.h
opt_like no_warnings --no-warnings
opt_like usdt_file_activation --usdt-file-activation
opt_like format_invalid -f xml
san format_invalid -f xml -e "$prog"
# -k/-kk: a failing helper is reported as bpftrace reports it, at its
# place in the script; --no-warnings silences it.
k_like() {	# NAME OPTION PROGRAM
	BPFTRACE_MAP_KEYS_MAX=2 "$F" $2 -e "$3" >"$TMP/k1.txt" 2>&1
	BPFTRACE_MAP_KEYS_MAX=2 bpftrace $2 -e "$3" >"$TMP/k2.txt" 2>/dev/null
	why="$(grep -h 'Failed to' "$TMP/k1.txt" "$TMP/k2.txt" | tr '\n' '|')" check "$1" \
		bash -c "grep -q 'Failed to' '$TMP/k2.txt' && cmp -s <(grep -o 'Failed to .*' '$TMP/k1.txt') <(grep -o 'Failed to .*' '$TMP/k2.txt')"
}
k_like helper_error_k -k 'BEGIN { @[1] = 1; @[2] = 2; @[3] = 3;
	@[4] = 4; exit(); }'
k_like helper_error_kk -kk 'BEGIN { printf("%s\n", str(0)); exit(); }'
why="$(head -3 "$TMP/k1.txt" | tr '\n' '|')" check helper_error_located \
	grep -q -- '^-e:1:[0-9]*: warning: Failed to probe_read_str: Bad address (-14)$' "$TMP/k1.txt"
"$F" -k -e 'BEGIN { printf("%s\n", str(0)); exit(); }' >"$TMP/k3.txt" 2>&1
why="$(cat "$TMP/k3.txt")" check helper_error_k_skips_reads bash -c "! grep -q 'Failed to' '$TMP/k3.txt'"
prog='BEGIN { @[1] = 1; @[2] = 2; @[3] = 3; exit(); }'
BPFTRACE_MAP_KEYS_MAX=2 "$F" -f json -k -e "$prog" >"$TMP/k5.txt" 2>/dev/null
BPFTRACE_MAP_KEYS_MAX=2 bpftrace -f json -k -e "$prog" >"$TMP/k6.txt" 2>/dev/null
why="$(diff "$TMP/k5.txt" "$TMP/k6.txt" | tr '\n' '|')" check helper_error_json \
	bash -c "grep -q helper_error '$TMP/k6.txt' && cmp -s '$TMP/k5.txt' '$TMP/k6.txt'"
BPFTRACE_MAP_KEYS_MAX=2 "$F" -k --no-warnings -e "$prog" >"$TMP/k4.txt" 2>&1
why="$(cat "$TMP/k4.txt")" check helper_error_no_warnings bash -c "! grep -q 'Failed to' '$TMP/k4.txt'"
n1=$("$F" -d -e 'tracepoint:syscalls:sys_enter_open* { @ = count(); }' | grep -c '^IR ')
n2=$("$F" -dd -e 'tracepoint:syscalls:sys_enter_open* { @ = count(); }' | grep -c '^IR ')
why="-d: $n1, -dd: $n2 IR listings" check dd_lists_every_probe test "$n1" = 1 -a "$n2" -gt 1

# /proc/kallsyms is read once a run, however many specs and kaddr()
# calls name kernel symbols (-d compiles kprobes where the kernel has none).
prog='kprobe:vfs_read { @a = count(); } kprobe:vfs_write { @b = count(); }
	kretprobe:vfs_open { @c = count(); } BEGIN { printf("%x\n", kaddr("vfs_read")); }'
if command -v strace >/dev/null; then
	strace -f -e trace=openat,open -o "$TMP/ks.trace" "$F" -d -e "$prog" >"$TMP/ks.txt" 2>&1
	rc=$?
	n=$(grep -c '"/proc/kallsyms"' "$TMP/ks.trace")
	why="rc $rc, opened $n times: $(grep -m2 error "$TMP/ks.txt" | tr '\n' '|')" \
		check kallsyms_read_once test $rc = 0 -a "$n" = 1
else
	echo "skip kallsyms_read_once: no strace"
	skip=$((skip + 1))
fi

# -c with a command that cannot run fails with bpftrace's words before
# anything is compiled or attached: BEGIN never runs.  The command is
# found as execvp finds it (a bare name in $PATH).
printf 'echo x\n' >"$TMP/noexec"
chmod -x "$TMP/noexec"
for c in /nonexistent/cmd ferret_no_such_command "$TMP/noexec" "$TMP"; do
	case $c in /non*) n=missing ;; ferret*) n=not_in_path ;; "$TMP") n=directory ;; *) n=not_executable ;; esac
	neg "c_cmd_$n" "Failed to fork child: path '$c' does not exist or is not executable" \
		-c "$c" -e 'BEGIN { printf("begun\n"); }'
	why="$(head -3 "$TMP/neg.txt" | tr '\n' '|')" check "c_cmd_${n}_nothing_run" \
		bash -c "! grep -q 'begun\|Attaching' '$TMP/neg.txt'"
done
out=$("$F" -q -c "true" -e 'BEGIN { printf("begun\n"); exit(); }' 2>&1)
why="$out" check c_cmd_in_path test "$out" = begun

# Without privilege every entry point says what ferret needs, and exits
# non-zero; help, version and -d dry runs need none.
if command -v setpriv >/dev/null; then
	RUN="setpriv --reuid=65534 --regid=65534 --clear-groups"
	need='ferret currently only supports running as the root user, or with the capabilities CAP_BPF and CAP_PERFMON'
	RUN=$RUN neg unprivileged_script "$need" -e 'BEGIN { exit(); }'
	RUN=$RUN neg unprivileged_list "$need" -l 'tracepoint:*'
	RUN=$RUN neg unprivileged_list_all "$need" -l
	RUN=$RUN neg unprivileged_info "$need" --info
	RUN=$RUN neg unprivileged_strace "$need" strace /bin/true
	RUN=$RUN neg unprivileged_profile "$need" profile -d 1
	for a in -h -V "strace -h" "profile -h"; do
		# shellcheck disable=SC2086
		$RUN "$F" $a >"$TMP/up.txt" 2>&1
		rc=$?
		why="rc $rc: $(head -2 "$TMP/up.txt" | tr '\n' '|')" check "unprivileged_ok_${a// /_}" \
			bash -c "test $rc = 0 && ! grep -q CAP_BPF '$TMP/up.txt'"
	done
	$RUN "$F" -d -e 'BEGIN { printf("x\n"); exit(); }' >"$TMP/up.txt" 2>&1
	rc=$?
	why="rc $rc: $(head -2 "$TMP/up.txt" | tr '\n' '|')" check unprivileged_ok_dry_run \
		bash -c "test $rc = 0 && grep -q '^BPF BEGIN' '$TMP/up.txt'"
	unset RUN
else
	echo "skip unprivileged_*: no setpriv"
	skip=$((skip + 1))
fi

# Descriptors: the soft limit on open files is raised to the hard one,
# and a run needing more than that is refused before anything is
# attached (BEGIN never runs).  Leaving the probes behind at exit closes
# the other descriptors a range at a time, not one close() per number.
prog='tracepoint:syscalls:sys_enter_* { @ = count(); } interval:ms:100 { exit(); }'
prlimit --nofile=200:20000 "$F" -e "$prog" >"$TMP/nf.txt" 2>&1
rc=$?
why="rc $rc: $(head -2 "$TMP/nf.txt" | tr '\n' '|')" check nofile_soft_raised \
	bash -c "test $rc = 0 && grep -q '^Attaching [0-9]* probes' '$TMP/nf.txt'"
RUN="prlimit --nofile=200:200" neg nofile_too_few \
	'open files, but this process may open 200 (RLIMIT_NOFILE' \
	-e 'tracepoint:syscalls:sys_enter_* { @ = count(); } BEGIN { printf("begun\n"); }'
why="$(head -2 "$TMP/neg.txt" | tr '\n' '|')" check nofile_too_few_nothing_run \
	bash -c "! grep -q 'begun\|Attaching' '$TMP/neg.txt'"
if command -v strace >/dev/null; then
	prlimit --nofile=20000:20000 strace -f -qq -e trace=close -o "$TMP/cl.trace" \
		"$F" -q -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); } interval:ms:50 { exit(); }' >/dev/null 2>&1
	n=$(grep -c 'close(' "$TMP/cl.trace")
	why="$n close() calls" check exit_closes_by_range test "$n" -gt 0 -a "$n" -lt 1000
else
	echo "skip exit_closes_by_range: no strace"
	skip=$((skip + 1))
fi

# Early errors free what the run had read and parsed: under the
# sanitizer build (san), leak detection finds nothing.
printf 'BEGIN { printf("begun\\n"); exit(); }\n' >"$TMP/early.bt"
neg output_unwritable "cannot write /nonexistent/x" \
	-o /nonexistent/x -e 'BEGIN { @x = 1; exit(); }'
RUN="env BPFTRACE_MAP_KEYS_MAX=x" neg map_keys_max_invalid_file \
	"BPFTRACE_MAP_KEYS_MAX 'x' is not an integer" "$TMP/early.bt"
neg include_then_bad_option "-B must be either" --include stdio.h -B bad -e 'BEGIN { }'
neg emit_elf_refused "ferret compiles without LLVM" --emit-elf x "$TMP/early.bt"
# ferret strace's options that take a value refuse a bad one, located.
neg strace_unknown_user "Cannot find user 'no-such-user'" strace -u no-such-user /bin/true
neg strace_detach_on "invalid -b argument: 'open'" strace -b open /bin/true
neg strace_personality "incorrect personality designator 'q'" strace -e trace=getpid@q /bin/true
neg strace_ff_summary "mutually exclusive" strace -ff -c -o "$TMP/ffc" /bin/true
neg strace_ff_pipe "mutually exclusive" strace -ff -o '|cat' /bin/true
neg strace_empty_set "invalid system call '!,'" strace -e 'trace=!,' /bin/true

# Identical blocks on one tracepoint, and a tracepoint named twice in one
# probe, each run, as in bpftrace: the same output and probe count (the
# event takes a program once, so each gets a program of its own).
T=tracepoint:syscalls:sys_enter_getppid
for form in blocks list; do
	if [ $form = blocks ]; then
		prog="$T /pid == cpid/ { @a = count(); } $T /pid == cpid/ { @a = count(); }"
	else
		prog="$T,$T /pid == cpid/ { @a = count(); }"
	fi
	"$F" -c "$WL getppid 5" -e "$prog" >"$TMP/dup1.txt" 2>&1
	rc=$?
	bpftrace -c "$WL getppid 5" -e "$prog" >"$TMP/dup2.txt" 2>/dev/null
	why="rc $rc: $(diff "$TMP/dup1.txt" "$TMP/dup2.txt" | head -4 | tr '\n' '|')" \
		check "same_tracepoint_twice_$form" bash -c "test $rc = 0 &&
			grep -qx '@a: 10' '$TMP/dup1.txt' && cmp -s '$TMP/dup1.txt' '$TMP/dup2.txt'"
done
# More programs on one tracepoint than the kernel runs there: an error at
# the block that is one too many, naming the limit.
prog=
for i in $(seq 65); do prog="$prog$T { @a$i = count(); }
"; done
neg tracepoint_progs_limit "-e:65:1: error: too many BPF programs on $T: the kernel runs at most 64 on one event (BPF_TRACE_MAX_PROGS)" \
	-e "$prog"

# A uprobe wildcard some of whose matches the kernel refuses (ENOTSUPP,
# 524: an instruction uprobes can neither step nor emulate) attaches the
# rest with one warning counting the skipped; the kernel's errno is
# named wherever it shows.
LIBC=$(ldd /bin/sh | awk '/libc\.so/ { print $3 }')
"$F" -e "uprobe:$LIBC:__nptl_free_tcb { @ = count(); }" >"$TMP/ns.txt" 2>&1
if grep -q 'error 524' "$TMP/ns.txt"; then
	neg uprobe_enotsupp_named "the kernel cannot place a uprobe on the instruction there (ENOTSUPP: operation not supported (kernel error 524))" \
		-e "uprobe:$LIBC:__nptl_free_tcb { @ = count(); }"
	"$F" -e "uprobe:$LIBC:*nptl_free* { @ = count(); } interval:ms:100 { exit(); }" >"$TMP/ns2.txt" 2>&1
	rc=$?
	n=$(grep -c 'warning: could not attach' "$TMP/ns2.txt")
	why="rc $rc, $n warnings: $(head -3 "$TMP/ns2.txt" | tr '\n' '|')" check uprobe_wildcard_skips_refused \
		bash -c "test $rc = 0 -a $n = 1 && grep -q '^Attaching' '$TMP/ns2.txt' &&
			grep -q 'could not attach [1-9][0-9]* of the [0-9]* probes uprobe:$LIBC:\*nptl_free\* matches, skipping them; the first, uprobe:$LIBC:__nptl_free_tcb: .*(kernel error 524)' '$TMP/ns2.txt'"
else
	echo "skip uprobe_wildcard_skips_refused: this kernel probes __nptl_free_tcb ($(head -1 "$TMP/ns.txt"))"
	skip=$((skip + 1))
fi

# Under lockdown, a run that stops its probes does not try debugfs,
# which the kernel refuses and logs in its ring buffer on every attempt.
lockdown=$(cat /sys/kernel/security/lockdown 2>/dev/null ||
	unshare -m --propagation private sh -c \
		'mount -t securityfs securityfs /sys/kernel/security && cat /sys/kernel/security/lockdown' 2>/dev/null)
if [[ "$lockdown" == *"[integrity]"* || "$lockdown" == *"[confidentiality]"* ]] && dmesg >/dev/null 2>&1; then
	before=$(dmesg | grep 'Lockdown: ferret: debugfs' | tail -1)
	"$F" -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); } interval:ms:20 { exit(); }' >"$TMP/ld.txt" 2>&1
	rc=$?
	"$F" strace -o /dev/null true >>"$TMP/ld.txt" 2>&1
	rc2=$?
	after=$(dmesg | grep 'Lockdown: ferret: debugfs' | tail -1)
	why="rc $rc $rc2, kernel log: $after" check lockdown_no_debugfs \
		test "$rc" = 0 -a "$rc2" = 0 -a "$before" = "$after"
else
	echo "skip lockdown_no_debugfs: the kernel is not under lockdown"
	skip=$((skip + 1))
fi

echo "cli: $pass passed, $fail failed, $skip skipped"
