#!/bin/bash
# The run's end and its output under faults, as root on the real kernel:
# write errors end the run with a message and a non-zero status; a stop
# signal ends it even while output is blocked or probes are attaching;
# the end of a -c command or a -p process ends the run.
#
# Limits are generous hang detectors (a run that never ends), never
# timings: start-up and latency figures live in bench/.
set -u
BUILD=${1:-build}
F=$BUILD/ferret
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
source "$(dirname "$0")/../lib.sh"

if [ "$(id -u)" != 0 ]; then
	echo "skip output: needs root"
	echo "output: 0 passed, 0 failed, 1 skipped"
	exit 0
fi

# gone PID SECONDS: true once PID has exited, false after SECONDS.
gone() {
	local i=0
	while kill -0 "$1" 2>/dev/null; do
		[ $i -ge $(($2 * 20)) ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
}

# wait_attached FILE PID: until FILE holds the "Attaching" line.
wait_attached() {
	local i=0
	until grep -q '^Attaching' "$1" 2>/dev/null; do
		kill -0 "$2" 2>/dev/null || return 1
		[ $i -ge 400 ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
}

PRINTS='BEGIN { printf("hello\n"); exit(); }'

# Write errors: a full device, a file that takes no writes, a closed pipe.
"$F" -e "$PRINTS" -o /dev/full >"$TMP/o1" 2>&1
rc=$?
why="rc $rc: $(head -2 "$TMP/o1" | tr '\n' '|')" check o_dev_full \
	test $rc != 0 -a "$(grep -c 'cannot write the output: No space left on device' "$TMP/o1")" = 1
"$F" -e "$PRINTS" >/dev/full 2>"$TMP/o2"
rc=$?
why="rc $rc: $(head -2 "$TMP/o2" | tr '\n' '|')" check stdout_dev_full \
	test $rc != 0 -a "$(grep -c 'cannot write the output' "$TMP/o2")" = 1
"$F" -e "$PRINTS" -o /proc/version >"$TMP/o3" 2>&1
rc=$?
why="rc $rc: $(head -2 "$TMP/o3" | tr '\n' '|')" check o_proc_version \
	test $rc != 0 -a -s "$TMP/o3"
# The maps printed at exit fail too; one message, not one per line.
"$F" -e 'BEGIN { @a[1] = 1; @a[2] = 2; @b = 3; exit(); }' >/dev/full 2>"$TMP/o4"
rc=$?
why="rc $rc: $(tr '\n' '|' <"$TMP/o4")" check maps_dev_full \
	test $rc != 0 -a "$(grep -c 'cannot write the output' "$TMP/o4")" = 1
# A reader that goes away: the run ends, says so, exits non-zero.
( "$F" -e 'tracepoint:syscalls:sys_enter_getppid { printf("%d\n", pid); }' \
	2>"$TMP/o5"; echo "rc $?" >"$TMP/o5rc" ) | head -c 1 >/dev/null &
for i in $(seq 100); do
	grep -q rc "$TMP/o5rc" 2>/dev/null && break
	perl -e 'syscall(110) for 1..1000' 2>/dev/null || /bin/true
	sleep 0.05
done
why="$(cat "$TMP/o5rc" 2>/dev/null) $(tr '\n' '|' <"$TMP/o5")" check closed_pipe \
	grep -q 'rc [1-9]' "$TMP/o5rc"
wait

# SIGINT while blocked writing to a pipe nobody reads: ends within the
# grace period, says the rest is lost, and the lost-events line still
# reaches stderr.
mkfifo "$TMP/fifo"
sleep 60 <"$TMP/fifo" &
sleeper=$!
"$F" -e 'tracepoint:syscalls:sys_enter_getppid { printf("%s\n", "0123456789012345678901234567890123456789"); }' \
	>"$TMP/fifo" 2>"$TMP/o6" &
fp=$!
for i in $(seq 100); do
	perl -e 'syscall(110) for 1..20000' 2>/dev/null
	grep -q . /proc/$fp/wchan 2>/dev/null && case "$(cat /proc/$fp/wchan)" in *pipe_write) true ;; *) false ;; esac && break
	sleep 0.02
done
wchan=$(cat /proc/$fp/wchan 2>/dev/null)
kill -INT $fp
if gone $fp 10; then
	wait $fp
	rc=$?
	why="wchan $wchan, rc $rc: $(tr '\n' '|' <"$TMP/o6")" check sigint_blocked_pipe \
		test "${wchan%pipe_write}" != "$wchan" -a $rc != 0 -a "$(grep -c 'not read' "$TMP/o6")" = 1
else
	kill -KILL $fp
	bad sigint_blocked_pipe "still running 10 s after SIGINT (wchan $wchan)"
fi
kill $sleeper 2>/dev/null
wait 2>/dev/null

# A stop signal while thousands of uprobes attach: the run ends at once.
LIBC=$(ldd /bin/true | awk '/libc.so/ { print $3 }')
"$F" -e "uprobe:$LIBC:* { @ = count(); }" >"$TMP/o7" 2>&1 &
fp=$!
for i in $(seq 200); do
	[ "$(ls /proc/$fp/fd 2>/dev/null | wc -l)" -gt 60 ] && break
	sleep 0.05
done
nfd=$(ls /proc/$fp/fd 2>/dev/null | wc -l)
kill -INT $fp
if gone $fp 5; then
	wait $fp
	why="$nfd fds when signalled: $(head -3 "$TMP/o7" | tr '\n' '|')" check sigint_during_attach \
		test "$nfd" -gt 60 -a "$(grep -c '^Attaching' "$TMP/o7")" = 0
else
	kill -KILL $fp
	bad sigint_during_attach "still running 5 s after SIGINT ($nfd fds)"
fi

# SIGINT while ferret's own printing feeds its probe (a uprobe on every
# process's malloc): records never stop coming, and the run still ends.
"$F" -e "uprobe:$LIBC:malloc { printf(\"%d\\n\", pid); }" >"$TMP/o10" 2>&1 &
fp=$!
for i in $(seq 200); do
	[ "$(grep -c "^$fp\$" "$TMP/o10" 2>/dev/null)" -gt 1000 ] && break
	sleep 0.05
done
self=$(grep -c "^$fp\$" "$TMP/o10")
kill -INT $fp
if gone $fp 5; then
	wait $fp
	why="$self lines of its own" check sigint_feeding_itself test "$self" -gt 1000
else
	kill -KILL $fp
	bad sigint_feeding_itself "still running 5 s after SIGINT"
fi

# The end of a -p process ends the run, as the end of a -c command does.
sleep 0.3 &
sp=$!
"$F" -p $sp -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }' >"$TMP/o8" 2>&1 &
fp=$!
if gone $fp 10; then
	wait $fp
	rc=$?
	why="rc $rc: $(head -3 "$TMP/o8" | tr '\n' '|')" check p_target_exit test $rc = 0
else
	kill -KILL $fp
	bad p_target_exit "still running 10 s after the -p process ended"
fi

# A sparse printf is on the output before the traced command goes on:
# its line comes before the one the command prints after the call.
"$F" -e 'tracepoint:syscalls:sys_enter_getppid /comm == "perl"/ { printf("traced\n"); }' \
	>>"$TMP/o9" 2>&1 &
fp=$!
wait_attached "$TMP/o9" $fp
perl -e '$| = 1; syscall(110); select(undef, undef, undef, 0.05); print "after\n"' >>"$TMP/o9"
kill -INT $fp
wait $fp
why="$(tr '\n' '|' <"$TMP/o9")" check sparse_line_first \
	test "$(grep -v '^Attaching' "$TMP/o9" | head -2 | tr '\n' ' ')" = "traced after "

summary output
