#!/bin/bash
# Debian's bpftrace tools (/usr/sbin/*.bt) under ferret and bpftrace at once.
#
# Usage: tests/tools/run.sh [BUILD]      (BUILD defaults to "build")
# Environment: TOOLS="opensnoop ..." runs only those tools; KEEP=1 keeps the
# outputs (the directory is printed on stderr at the end); TOOLDIR overrides
# /usr/sbin; FERRET_BIN replaces BUILD/ferret (FERRET_BIN=bpftrace checks the
# suite itself: every tool that bpftrace runs unmodified must then pass).
#
# For each tool both tracers run the same script side by side, in the
# background, outputs to files.  Once both have printed their header (the
# "Attaching N probes..." line and what BEGIN prints), one trigger process
# (BUILD/tests/ferret-trig, built from trigger.c, comm "ferret-trig", pinned
# to CPU 0 so that bpftrace's per-CPU buffers cannot reorder its events)
# causes events the tool reports; then both get SIGINT.  Both tracers see
# the very same trigger events (same pid, same comm, same paths), so those
# lines must be identical; only what two concurrent tracers legitimately
# see differently is normalised, each normalisation documented where it is
# done.  Checks per tool:
#   - the header (first lines, "Attaching N probes..." included) must be
#     byte-identical;
#   - the trigger's event lines must be identical after normalisation;
#   - every other line that is not a (system-wide, unrelated) event line -
#     END output, map output at exit - must be identical, and ferret's
#     event lines must have the tool's event-line shape;
#   - map output: the trigger's entries must be identical; entries fed by
#     unrelated activity are only checked for shape (hist.awk);
#   - ferret must exit 0 on SIGINT, and its stderr must equal bpftrace's
#     (minus bpftrace's RLIMIT_MEMLOCK complaint).
# Prints "ok NAME" / "FAIL NAME: why" (details indented below) / "skip NAME:
# why", then "N passed, N failed, N skipped".
set -u
export LC_ALL=C
BUILD=${1:-build}
HERE=$(cd "$(dirname "$0")" && pwd)
# FERRET_BIN=bpftrace runs bpftrace against itself: a check of this suite's
# own determinism (everything bpftrace can run must then pass).
FERRET=${FERRET_BIN:-$(cd "$BUILD" 2>/dev/null && pwd)/ferret}
TRIG=$(cd "$BUILD" 2>/dev/null && pwd)/tests/ferret-trig
TOOLDIR=${TOOLDIR:-/usr/sbin}
ALL_TOOLS="bitesize cpuwalk execsnoop gethostlatency killsnoop loads
	naptime opensnoop pidpersec runqlat runqlen setuids ssllatency sslsnoop
	statsnoop syncsnoop syscount tcpdrop threadsnoop writeback"
TOOLS=${TOOLS:-$ALL_TOOLS}
ATTACH_TIMEOUT=20	# seconds for both tracers to print their header
EXIT_TIMEOUT=10		# seconds for both to exit after SIGINT
pass=0 fail=0 skip=0

skip_all() {
	local t
	for t in $TOOLS; do
		echo "skip $t: $1"
		skip=$((skip + 1))
	done
	echo "$pass passed, $fail failed, $skip skipped"
	exit 0
}
[ "$(id -u)" = 0 ] || skip_all "needs root"
command -v bpftrace >/dev/null || skip_all "bpftrace is not installed"
command -v "$FERRET" >/dev/null || skip_all "no ferret binary at $BUILD/ferret (run make)"

SIGINT_HELPER=$(dirname "$TRIG")/ferret-sigint
if [ ! -x "$TRIG" ] || [ "$HERE/trigger.c" -nt "$TRIG" ] ||
	[ ! -x "$SIGINT_HELPER" ] || [ "$HERE/trigger.c" -nt "$SIGINT_HELPER" ]; then
	mkdir -p "$(dirname "$TRIG")"
	if ! ${CC:-cc} -O2 -Wall -pthread -o "$TRIG" "$HERE/trigger.c" ||
		! cp "$TRIG" "$SIGINT_HELPER"; then
		for t in $TOOLS; do
			echo "FAIL $t: cannot build $HERE/trigger.c"
			fail=$((fail + 1))
		done
		echo "$pass passed, $fail failed, $skip skipped"
		exit 1
	fi
fi
PIN=()
command -v taskset >/dev/null && PIN=(taskset -c 0)

# On disk, not tmpfs: bitesize and writeback need real block I/O.
WORK=$(mktemp -d /var/tmp/ferret-tools.XXXXXX)
if [ -n "${KEEP:-}" ]; then
	trap 'echo "outputs kept in $WORK" >&2' EXIT
else
	trap 'rm -rf "$WORK"' EXIT
fi

fpid='' bpid=''
# alive PID: running and not yet a zombie.  (Not "kill -0": killsnoop would
# report this script's kill() calls.)
alive() {
	local st
	st=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	st=${st##*) }
	[ "${st%% *}" != Z ]
}

# reap: wait for both tracers (SIGKILL whatever still runs), set frc, brc.
reap() {
	local p
	for p in $fpid $bpid; do
		alive "$p" && kill -KILL "$p" 2>/dev/null
	done
	{ wait "$fpid"; frc=$?; wait "$bpid"; brc=$?; } 2>/dev/null
}

# stop_tracers: SIGINT to both (sent with sigqueue by ferret-sigint, not
# with kill(), see trigger.c), wait for both to exit; after EXIT_TIMEOUT
# name the ones still running in $hung and SIGKILL them.
stop_tracers() {
	local n
	"$SIGINT_HELPER" sigint "$fpid" "$bpid"
	for ((n = 0; n < EXIT_TIMEOUT * 10; n++)); do
		alive "$fpid" || alive "$bpid" || break
		sleep 0.1
	done
	hung=''
	alive "$fpid" && hung="ferret"
	alive "$bpid" && hung="$hung bpftrace"
	reap
}

lines() { wc -l <"$1"; }

# start TOOL NHDR: starts both tracers and waits until each has printed the
# "Attaching" line plus NHDR header lines.  Sets $why (fail) or $skipwhy.
start() {
	local tool=$1 nhdr=$2 n fdone=0 bdone=0 ref
	ref=$TOOLDIR/$tool.bt
	if [ -n "$refsed" ]; then
		ref=$D/$tool-ref.bt
		sed -E "$refsed" "$TOOLDIR/$tool.bt" >"$ref"
	fi
	"$FERRET" "$TOOLDIR/$tool.bt" >"$D/f.out" 2>"$D/f.err" </dev/null &
	fpid=$!
	bpftrace "$ref" >"$D/b.out" 2>"$D/b.err" </dev/null &
	bpid=$!
	# fdone/bdone: 0 starting, 1 header printed, dead: exited before that.
	for ((n = 0; n < ATTACH_TIMEOUT * 10; n++)); do
		[ "$(lines "$D/f.out")" -gt "$nhdr" ] && fdone=1
		[ "$(lines "$D/b.out")" -gt "$nhdr" ] && bdone=1
		[ $fdone = 0 ] && ! alive "$fpid" && fdone=dead
		[ $bdone = 0 ] && ! alive "$bpid" && bdone=dead
		[ $fdone != 0 ] && [ $bdone != 0 ] && break
		sleep 0.1
	done
	if [ $bdone = dead ]; then
		# No reference output: say what ferret did with it.
		reap
		skipwhy="bpftrace cannot run it here (rc $brc: $(grep -v RLIMIT_MEMLOCK "$D/b.err" | head -n 1))"
		if [ $fdone = 1 ]; then
			skipwhy="$skipwhy; ferret ran it"
		else
			skipwhy="$skipwhy; ferret: rc $frc: $(grep -v -e RLIMIT_MEMLOCK -e "^\s*$" "$D/f.err" | head -n 1)"
		fi
		return 1
	fi
	if [ $fdone = dead ]; then
		reap
		why="ferret exited (rc $frc) before printing its header: $(grep -v -e RLIMIT_MEMLOCK -e "^\s*$" "$D/f.err" | head -n 1)"
		return 1
	fi
	if [ $fdone = 0 ] || [ $bdone = 0 ]; then
		reap
		why="no header within ${ATTACH_TIMEOUT}s (ferret: $fdone, bpftrace: $bdone)"
		return 1
	fi
	# bpftrace prints "Attaching" before attaching and runs BEGIN around
	# then; give both a moment so every probe is live before the trigger.
	sleep 0.5
	return 0
}

# trigger ACTION [ARG]: one run of ferret-trig, pinned to CPU 0 (but for
# "spin", which is meant to keep every CPU busy).
trigger() {
	local pin=("${PIN[@]}")
	[ "$1" = spin ] && pin=()
	"${pin[@]}" "$TRIG" "$1" "${2:-$M}" >"$D/trig.out" 2>&1 ||
		why="trigger $1 failed: $(head -n 1 "$D/trig.out")"
}

detail() { sed 's/^/    /' | head -n 12; }

# The checks below leave the reason for failure in $why.

# check_header NHDR: the first NHDR+1 lines ("Attaching..." + the BEGIN
# header) must be byte-identical.
check_header() {
	local n=$(($1 + 1))
	head -n "$n" "$D/b.out" >"$D/b.hdr"
	head -n "$n" "$D/f.out" >"$D/f.hdr"
	if ! cmp -s "$D/f.hdr" "$D/b.hdr"; then
		why="header differs (< ferret, > bpftrace)"
		diff "$D/f.hdr" "$D/b.hdr" | grep '^[<>]' >"$D/why"
		return 1
	fi
}

# body NHDR FILE: what follows the header, without bpftrace's "Lost N
# events" notices (perf buffer overruns under unrelated system load; ferret
# uses a ring buffer and reports drops differently - a legitimate
# difference between the two tracers, not a formatting one).
body() {
	tail -n +$(($1 + 2)) "$2" | grep -av '^Lost [0-9]* events$'
}

squeeze() {	# cat -s when SQUEEZE=1, else a plain copy
	if [ "${SQUEEZE:-0}" = 1 ]; then cat -s; else cat; fi
}

# check_rest NHDR EVENT_RE: lines after the header that are not event lines
# (END output, maps printed at exit, stray junk) must be identical; event
# lines are those matching EVENT_RE (an ERE) - they come from system-wide
# activity and are compared separately.
check_rest() {
	body "$1" "$D/b.out" | grep -avE -- "$2" | squeeze >"$D/b.rest"
	body "$1" "$D/f.out" | grep -avE -- "$2" | squeeze >"$D/f.rest"
	if ! cmp -s "$D/f.rest" "$D/b.rest"; then
		why="non-event output differs (< ferret, > bpftrace)"
		diff "$D/f.rest" "$D/b.rest" | grep '^[<>]' >"$D/why"
		return 1
	fi
}

# check_events NHDR EVENT_RE SELECT NORM: the event lines selected by the
# fixed string SELECT, piped through the NORM command, must be identical
# and not empty.
check_events() {
	local nhdr=$1 re=$2 sel=$3 norm=$4
	body "$nhdr" "$D/b.out" | grep -aE -- "$re" | grep -aF -- "$sel" |
		eval "$norm" >"$D/b.ev"
	body "$nhdr" "$D/f.out" | grep -aE -- "$re" | grep -aF -- "$sel" |
		eval "$norm" >"$D/f.ev"
	if [ ! -s "$D/b.ev" ]; then
		why="the trigger caused no event lines under bpftrace (test problem)"
		return 1
	fi
	if ! cmp -s "$D/f.ev" "$D/b.ev"; then
		why="trigger event lines differ (< ferret, > bpftrace)"
		diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
		return 1
	fi
}

# check_hists FILE: well-formed hist/lhist blocks (see hist.awk).  Run on
# bpftrace's output too, which keeps the checker honest.
check_hists() {
	local who
	for who in b f; do
		body "$1" "$D/$who.out" | awk -f "$HERE/hist.awk" >"$D/$who.hist"
	done
	if [ -s "$D/b.hist" ]; then
		why="hist.awk rejects bpftrace's output (test problem)"
		cp "$D/b.hist" "$D/why"
		return 1
	fi
	if [ -s "$D/f.hist" ]; then
		why="malformed histogram"
		cp "$D/f.hist" "$D/why"
		return 1
	fi
}

# Normalisers.  Timestamps from time() and elapsed are taken by each tracer
# in user space when it gets the event, so they legitimately differ between
# the two (by a second boundary, or by the tracers' different start times).
NORM_TIME="sed -E 's/^[0-9]{2}:[0-9]{2}:[0-9]{2}/HH:MM:SS/'"
# execsnoop: "%-10u " of elapsed ms since the tracer started (the pattern
# keeps the column exactly 10 wide: digits, then padding, then the pid).
NORM_ELAPSED="sed -E 's/^[0-9][0-9 ]{9} ([0-9])/ELAPSED    \\1/'"

# The tools.  Each sets nhdr (lines BEGIN prints), runs start, its trigger,
# stop_tracers, then its checks; leaves $why empty on success.
run_tool() {
	local tool=$1 re
	case $tool in
	opensnoop)
		nhdr=2
		start "$tool" $nhdr || return
		trigger open
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		re='^[0-9]+ +.{16} +-?[0-9]+ +[0-9]+ '
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" "$M" cat
		;;
	statsnoop)
		nhdr=2
		start "$tool" $nhdr || return
		trigger stat
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		re='^[0-9]+ +.{16} +[0-9]+ '
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" "$M" cat
		;;
	killsnoop | setuids | syncsnoop)
		nhdr=2
		start "$tool" $nhdr || return
		case $tool in
		killsnoop) trigger kill ;;
		setuids) trigger setuid ;;
		syncsnoop) trigger sync ;;
		esac
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		re='^[0-9]{2}:[0-9]{2}:[0-9]{2} +[0-9]+ +.{16} '
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" " ferret-trig " "$NORM_TIME"
		;;
	gethostlatency)
		# uprobes and uretprobes on libc.  Each tracer times the call
		# itself, so the latency column is normalised.
		nhdr=2
		start "$tool" $nhdr || return
		trigger resolve
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		re='^[0-9]{2}:[0-9]{2}:[0-9]{2} +[0-9]+ +.{16} +[0-9]+ '
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" "$M" \
				"$NORM_TIME | sed -E 's/^(HH:MM:SS +[0-9]+ +.{16}) +[0-9]+ /\\1 LAT /'"
		;;
	threadsnoop)
		# uprobe:libpthread:pthread_create.  Since glibc 2.34 the
		# function lives in libc and libpthread.so.0 is a stub that
		# has no such symbol: bpftrace 0.17 attaches somewhere that
		# never fires (its header counts one probe: BEGIN); ferret,
		# asked for a library by name, finds the function in libc,
		# where glibc put it.  So ferret's header and event are
		# checked against their expected form alone.
		nhdr=1
		start "$tool" $nhdr || return
		trigger thread
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		if ! head -n 2 "$D/f.out" | tr '\n' '|' |
			grep -Eqx 'Attaching 2 probes\.\.\.\|TIME\(ms\) +PID +COMM +FUNC *\|'; then
			why="unexpected header: $(head -n 2 "$D/f.out" | tr '\n' '|')"
			return
		fi
		if ! body $nhdr "$D/f.out" | grep -qE "^[0-9]+ +[0-9]+ +ferret-trig +do_thread_fn\$"; then
			why="no 'ferret-trig do_thread_fn' event line from ferret"
			body $nhdr "$D/f.out" | head -5 >"$D/why"
		fi
		;;
	execsnoop)
		nhdr=1
		start "$tool" $nhdr || return
		trigger exec
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		# The marker is in the argv of ferret-trig itself (and of
		# taskset) and of the /bin/true it execs.
		re='^[0-9]+ +[0-9]+ '
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" "$M" "$NORM_ELAPSED"
		;;
	naptime)
		nhdr=2
		start "$tool" $nhdr || return
		trigger nanosleep
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		# PPID/PCOMM: the trigger's parent, this shell - also the same.
		re='^[0-9]{2}:[0-9]{2}:[0-9]{2} [0-9]+ +.{16} [0-9]+ +.{16} [0-9]+\.[0-9]{3}$'
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" " ferret-trig " "$NORM_TIME"
		;;
	writeback)
		nhdr=2
		start "$tool" $nhdr || return
		trigger writeback
		sleep 0.5
		stop_tracers
		[ -n "$why" ] && return
		# Writeback runs in kworkers, not in the trigger: select the
		# "sync" reason lines, which only sync() causes.  The ms column
		# is nsecs(written) - nsecs(start), each tracer reading nsecs at
		# a slightly different moment: normalised.  Kworkers run on
		# either CPU, so bpftrace's per-CPU buffers may reorder them:
		# sorted.
		re='^[0-9]{2}:[0-9]{2}:[0-9]{2}  .{8} [0-9]+ +.{16} [0-9]+\.[0-9]{3}$'
		check_header $nhdr && check_rest $nhdr "$re" &&
			check_events $nhdr "$re" " sync " \
				"$NORM_TIME | sed -E 's/ [0-9]+\.[0-9]{3}$/ MS/' | sort"
		;;
	tcpdrop)
		nhdr=2
		# bpftrace 0.17 cannot digest this script's #include lines with
		# this kernel (no kernel headers; with <sys/socket.h> it trips
		# over enum skb_drop_reason): its reference copy drops them and
		# spells out the two constants they were for (AF_INET 2,
		# AF_INET6 10).  ferret runs the script as shipped.
		refsed='/^#/d; s/\bAF_INET6\b/10/g; s/\bAF_INET\b/2/g'
		start "$tool" $nhdr || return
		sleep 0.3
		stop_tracers
		[ -n "$why" ] && return
		# Drops are not triggered (no deterministic way to get a TCP
		# drop with a reason and a socket): header only.
		check_header $nhdr
		;;
	sslsnoop | ssllatency) run_ssltool "$tool" ;;
	bitesize) run_bitesize ;;
	syscount) run_syscount ;;
	pidpersec) run_pidpersec ;;
	loads) run_loads ;;
	cpuwalk | runqlen | runqlat) run_histtool "$tool" ;;
	*)
		why="no test for $tool"
		;;
	esac
}

# bitesize: @[comm] = hist(bytes) for block requests, printed at exit after
# the END printf.  The trigger's O_DIRECT reads and writes of fixed sizes
# are issued from its own context, so its @[ferret-trig] block (counts
# included) must be identical; other comms' blocks are only shape-checked.
run_bitesize() {
	nhdr=1
	start bitesize $nhdr || return
	trigger blockio
	sleep 0.3
	stop_tracers
	[ -n "$why" ] && return
	check_header $nhdr || return
	check_hists $nhdr || return
	# Everything but the blocks: the END text and the blank lines.  Each
	# block ends in a blank line, and which other comms did block I/O
	# depends on each tracer's window (ferret attaches sooner and also
	# sees bpftrace's start-up I/O), so runs of blank lines are squeezed.
	SQUEEZE=1 check_rest $nhdr '^(@.*: |[[(].*\|)$' || return
	local who
	for who in b f; do
		body $nhdr "$D/$who.out" |
			awk '/^@\[ferret-trig\]: $/ { p = 1 } p && /^$/ { p = 0 } p' \
			>"$D/$who.ev"
	done
	if [ ! -s "$D/b.ev" ]; then
		why="no @[ferret-trig] histogram under bpftrace (test problem)"
		return
	fi
	if ! cmp -s "$D/f.ev" "$D/b.ev"; then
		why="@[ferret-trig] histogram differs (< ferret, > bpftrace)"
		diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
	fi
}

# syscount: @syscall[id] and @process[comm] counts, top 10 of each printed
# in END, then cleared.  The trigger makes 150000 calls of syscall 1000,
# which does not exist (raw_syscalls:sys_enter fires anyway, and nothing
# else uses that number), so "@syscall[1000]: 150000" is exact; the
# trigger's @process line is exact too (every syscall it makes after exec).
# Other entries reflect unrelated system activity (and how many there are
# depends on how long each tracer was attached): only the order and the
# limit of 10 are checked.
run_syscount() {
	nhdr=1
	start syscount $nhdr || return
	trigger syscalls
	sleep 0.3
	stop_tracers
	[ -n "$why" ] && return
	local re='^@(syscall|process)\[[^]]*\]: [0-9]+$' who
	check_header $nhdr || return
	# The rest: everything but the entries right under the two "Top 10"
	# titles (what is printed at exit after END's clear() included).  The
	# pattern goes through the environment: gawk, unlike mawk, takes the
	# backslashes of an awk -v value as escapes.
	for who in b f; do
		body $nhdr "$D/$who.out" |
			RE=$re awk '/^Top 10 / { print; inb = 1; next }
				inb && $0 ~ ENVIRON["RE"] { next }
				{ inb = 0; print }' >"$D/$who.rest"
	done
	if ! cmp -s "$D/f.rest" "$D/b.rest"; then
		why="output other than the top-10 entries differs (< ferret, > bpftrace)"
		diff "$D/f.rest" "$D/b.rest" | grep '^[<>]' >"$D/why"
		return
	fi
	for who in b f; do
		body $nhdr "$D/$who.out" |
			grep -aE '^@(syscall\[1000\]|process\[ferret-trig\]): ' >"$D/$who.ev"
	done
	if [ "$(lines "$D/b.ev")" != 2 ]; then
		why="trigger not in bpftrace's top 10 (test problem)"
		return
	fi
	if ! cmp -s "$D/f.ev" "$D/b.ev"; then
		why="trigger's entries differ (< ferret, > bpftrace)"
		diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
		return
	fi
	# At most 10 entries per print, in ascending order of count.
	for who in f b; do
		body $nhdr "$D/$who.out" | grep -aE "$re" |
			awk -F': ' '{ split($1, k, "["); m = k[1]; n[m]++
				if (n[m] > 1 && $2 + 0 < last[m]) print "not ascending: " $0
				if (n[m] == 11) print "more than 10 entries: " $0
				last[m] = $2 + 0 }' >"$D/$who.shape"
	done
	if [ -s "$D/b.shape" ]; then
		why="unexpected top-10 shape under bpftrace (test problem)"
		cp "$D/b.shape" "$D/why"
	elif [ -s "$D/f.shape" ]; then
		why="wrong top-10 shape"
		cp "$D/f.shape" "$D/why"
	fi
}

# pidpersec: each second "HH:MM:SS PIDs/sec: @: N", N counting every fork on
# the system; the tracers' 1s intervals have different phases, so the
# lines are not comparable one to one.  Checked: the shape of every line,
# and that ferret's counts add up to at least the trigger's 50 forks.
run_pidpersec() {
	nhdr=1
	start pidpersec $nhdr || return
	sleep 0.3
	trigger fork 50
	sleep 2.2	# >= one more interval, so no fork is still pending in @
	stop_tracers
	[ -n "$why" ] && return
	local re='^[0-9]{2}:[0-9]{2}:[0-9]{2} PIDs/sec: @: [0-9]+$' sum
	check_header $nhdr && check_rest $nhdr "$re" || return
	sum=$(body $nhdr "$D/f.out" | grep -aE "$re" | awk '{ s += $NF } END { print s + 0 }')
	[ "$sum" -ge 50 ] || why="ferret counted $sum forks in all, the trigger alone made 50"
}

# loads: each second "HH:MM:SS load averages: A.AAA B.BBB C.CCC" from the
# kernel's avenrun.  The values only change every 5s, so the two tracers
# must have printed at least one identical triple.
run_loads() {
	nhdr=1
	start loads $nhdr || return
	sleep 2.3
	stop_tracers
	[ -n "$why" ] && return
	local re='^[0-9]{2}:[0-9]{2}:[0-9]{2} load averages: [0-9]+\.[0-9]{3} [0-9]+\.[0-9]{3} [0-9]+\.[0-9]{3}$' who
	check_header $nhdr && check_rest $nhdr "$re" || return
	for who in b f; do
		body $nhdr "$D/$who.out" | grep -aE "$re" | cut -d' ' -f2- | sort -u >"$D/$who.ev"
	done
	if [ ! -s "$D/f.ev" ]; then
		why="ferret printed no load averages line"
	elif [ -z "$(comm -12 "$D/f.ev" "$D/b.ev")" ]; then
		why="no load averages in common (< ferret, > bpftrace)"
		diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
	fi
}

# cpuwalk (lhist of cpu), runqlen (lhist of run queue length), runqlat
# (hist of wakeup-to-run latency): one system-wide histogram printed at
# exit, counts naturally different.  Checked: the map's shape (hist.awk)
# and the rest of the output; for cpuwalk, whose 2 CPUs are both kept busy
# by the trigger, the buckets (one per CPU) must be the same too.
run_histtool() {
	local tool=$1 who
	nhdr=1
	# runqlat includes <linux/sched.h> for TASK_RUNNING, which bpftrace
	# 0.17 cannot parse here (unknown type name '__aligned_u64'): its
	# reference copy drops the #include and uses TASK_RUNNING's value,
	# 0.  ferret runs the script as shipped.
	[ "$tool" = runqlat ] &&
		refsed='/^#include <linux\/sched.h>/d; s/\bTASK_RUNNING\b/0/g'
	start "$tool" $nhdr || return
	case $tool in
	runqlat) trigger fork 50 ;;
	*) trigger spin 1200 ;;
	esac
	sleep 0.2
	stop_tracers
	[ -n "$why" ] && return
	check_header $nhdr && check_hists $nhdr &&
		check_rest $nhdr '^[[(].*\|$' || return
	if [ "$tool" = cpuwalk ]; then
		for who in b f; do
			body $nhdr "$D/$who.out" | awk -v mode=skeleton -f "$HERE/hist.awk" >"$D/$who.ev"
		done
		if ! cmp -s "$D/f.ev" "$D/b.ev"; then
			why="buckets differ (< ferret, > bpftrace)"
			diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
		fi
	fi
}

# The TLS server of ssl_trigger: Python's ssl module, whose handshake is
# libssl's SSL_do_handshake (openssl s_server and s_client call
# SSL_accept and SSL_connect instead); its reads and writes are
# SSL_read_ex and SSL_write_ex, which the tools do not trace.
SSL_PY_SERVER='
import socket, ssl, sys
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
ctx.load_cert_chain(sys.argv[2], sys.argv[3])
ls = socket.create_server(("127.0.0.1", int(sys.argv[1])))
ls.settimeout(10)
c, _ = ls.accept()
s = ctx.wrap_socket(c, server_side=True)
s.recv(1024)
s.sendall(b"HTTP/1.0 200 OK\r\n\r\nferret\n")
s.close()
'

# ssl_trigger: one TLS handshake and request on localhost, from openssl
# s_client (libssl's SSL_write and SSL_read) to a server in Python (its
# SSL_do_handshake), or to openssl s_server where there is no python3.
# Sets $ssl_funcs: the functions the trigger makes the tools see.
ssl_trigger() {
	local port=$((20000 + RANDOM % 20000)) i sp
	if command -v python3 >/dev/null; then
		ssl_funcs="SSL_do_handshake SSL_read SSL_write"
		timeout 20 python3 -c "$SSL_PY_SERVER" $port "$WORK/ssl-cert.pem" \
			"$WORK/ssl-key.pem" >"$D/ssl-server.out" 2>&1 &
	else
		ssl_funcs="SSL_read SSL_write"
		timeout 20 openssl s_server -accept $port -cert "$WORK/ssl-cert.pem" \
			-key "$WORK/ssl-key.pem" -naccept 1 -www -quiet >/dev/null 2>&1 &
	fi
	sp=$!
	for i in $(seq 100); do
		ss -ltn 2>/dev/null | grep -q ":$port " && break
		sleep 0.05
	done
	printf 'GET / HTTP/1.0\r\n\r\n' |
		timeout 10 openssl s_client -connect 127.0.0.1:$port -quiet >/dev/null 2>&1
	wait $sp
}

# ssl_seen FILE: every function of $ssl_funcs is a line of FILE, else $why.
ssl_seen() {
	local fn
	for fn in $ssl_funcs; do
		if ! grep -qx "$fn" "$1"; then
			why="ferret saw no $fn call of the trigger's"
			return 1
		fi
	done
}

# ssl_same_funcs: reads lines "TID BPFTRACE_FUNC TID FERRET_FUNC" of the
# same events and prints what does not match: ferret must name a traced
# function; bpftrace's name must be the same, or its address stand for
# one function of the process throughout, and ferret's function for one
# address.
ssl_same_funcs() {
	awk '$1 != $3 { print "events do not pair: thread " $1 " against " $3; next }
		$4 !~ /^(SSL_[a-z_]+|RSA_[a-z]+|ossl_[a-z_]+|rsa_ossl_[a-z_]+)$/ {
			print "ferret names no traced function: " $4; next }
		$2 !~ /^0x/ { if ($2 != $4) print "bpftrace: " $2 ", ferret: " $4; next }
		{ a = $1 " " $2; n = $1 " " $4 }
		(a in f) && f[a] != $4 { print "bpftrace: " a " is " f[a] " and " $4 " to ferret" }
		(n in b) && b[n] != $2 { print "ferret: " n " is " b[n] " and " $2 " to bpftrace" }
		{ f[a] = $4; b[n] = $2 }'
}

# sslsnoop and ssllatency: uprobes on libssl and libcrypto.  Both list
# libcrypto functions this build of OpenSSL does not export; bpftrace 0.17
# skips them silently, ferret warns of each as it skips it (see README):
# those warnings are taken out before stderr is compared.  bpftrace 0.17
# names a function kept in a map (func stored for the uretprobe) by its
# address, but for the first one sslsnoop prints: the checks below match
# its names and addresses with ferret's names instead of comparing them.
run_ssltool() {
	local tool=$1 re who
	if ! command -v openssl >/dev/null; then
		skipwhy="openssl is not installed"
		return
	fi
	case $tool in
	sslsnoop) nhdr=2 ;;
	ssllatency) nhdr=1 ;;
	esac
	# The key is made before tracing: making it calls libcrypto too.
	[ -s "$WORK/ssl-key.pem" ] ||
		openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=ferret \
			-keyout "$WORK/ssl-key.pem" -out "$WORK/ssl-cert.pem" >/dev/null 2>&1
	start "$tool" $nhdr || return
	ssl_trigger
	sleep 0.3
	stop_tracers
	[ -n "$why" ] && return
	awk '/: warning: Could not resolve symbol: .*; this probe is skipped$/ { skip = 2; next }
		skip > 0 { skip--; next } { print }' "$D/f.err" >"$D/f.err2"
	mv "$D/f.err2" "$D/f.err"
	check_header $nhdr || return
	case $tool in
	sslsnoop)
		# TIME and LAT are each tracer's own clock: TID, COMM and RET
		# must be the same, and FUNC the same function.
		re='^[0-9]+ +[0-9]+ +.{8} +[0-9]+ +-?[0-9]+ '
		check_rest $nhdr "$re" || return
		for who in b f; do
			body $nhdr "$D/$who.out" | grep -aE "$re" |
				awk '{ print $2, $3, $5 }' | sort >"$D/$who.ev"
		done
		if [ ! -s "$D/b.ev" ]; then
			why="the trigger caused no event lines under bpftrace (test problem)"
			return
		elif ! cmp -s "$D/f.ev" "$D/b.ev"; then
			why="event lines differ in TID, COMM or RET (< ferret, > bpftrace)"
			diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
			return
		fi
		# Thread by thread, in time order, the two list the same events:
		# FUNC, side by side, must name one function (an address is a
		# process's).  Threads are not interleaved by time: two threads'
		# returns microseconds apart can reach the two tracers in either
		# order.  Within a thread both print in the order of the calls.
		for who in b f; do
			body $nhdr "$D/$who.out" | grep -aE "$re" |
				sort -s -n -k2,2 -k1,1 | awk '{ print $2, $NF }' >"$D/$who.fn"
		done
		paste -d' ' "$D/b.fn" "$D/f.fn" | ssl_same_funcs >"$D/why"
		if [ -s "$D/why" ]; then
			why="FUNC names other functions than bpftrace's"
			return
		fi
		awk '{ print $2 }' "$D/f.fn" >"$D/f.names"
		ssl_seen "$D/f.names"
		;;
	ssllatency)
		# The histograms hold each tracer's own latencies: their form is
		# checked.  The stats' counts, map by map, must be the same
		# (sorted: bpftrace's keys are addresses).
		check_hists $nhdr || return
		for re in '^Latency distribution in microsecond:$' '^@hist\[SSL_(read|write)\]: $' \
			'^@stat\[SSL_(read|write)\]: count [0-9]+, average [0-9]+, total [0-9]+$'; do
			if ! body $nhdr "$D/f.out" | grep -qE "$re"; then
				why="no line like '$re' at exit"
				body $nhdr "$D/f.out" | head -12 >"$D/why"
				return
			fi
		done
		for who in b f; do
			body $nhdr "$D/$who.out" |
				sed -nE 's/^(@stat|@statF)\[[^]]*\]: count ([0-9]+), .*/\1 \2/p' |
				sort >"$D/$who.ev"
		done
		if [ ! -s "$D/b.ev" ]; then
			why="no stats under bpftrace (test problem)"
			return
		elif ! cmp -s "$D/f.ev" "$D/b.ev"; then
			why="call counts differ (< ferret, > bpftrace)"
			diff "$D/f.ev" "$D/b.ev" | grep '^[<>]' >"$D/why"
			return
		fi
		body $nhdr "$D/f.out" | sed -nE 's/^@statF?\[([^]]*)\]: count .*/\1/p' >"$D/f.fn"
		ssl_seen "$D/f.fn"
		;;
	esac
}

declare -A PENDING=()

for tool in $TOOLS; do
	D=$WORK/$tool
	mkdir -p "$D"
	M=$WORK/$tool.$$	# unique marker: paths and argv the trigger uses
	why='' skipwhy='' hung='' frc=0 brc=0 refsed=
	rm -f "$D/why"
	if [ ! -r "$TOOLDIR/$tool.bt" ]; then
		echo "skip $tool: no $TOOLDIR/$tool.bt"
		skip=$((skip + 1))
		continue
	fi
	# Tools that need features ferret does not have yet are skipped,
	# with the reason, only while ferret still refuses them as such.
	if [ -n "${PENDING[$tool]:-}" ] &&
	   "$FERRET" -d "$TOOLDIR/$tool.bt" 2>&1 >/dev/null |
	   grep -q 'not supported yet'; then
		echo "skip $tool: ${PENDING[$tool]}"
		skip=$((skip + 1))
		continue
	fi
	run_tool "$tool"
	if [ -z "$why$skipwhy" ]; then
		if [ -n "$hung" ]; then
			why="did not exit within ${EXIT_TIMEOUT}s of SIGINT:$hung"
		elif [ "$frc" != 0 ]; then
			why="ferret exited with rc $frc (bpftrace: $brc)"
			grep -v '^\s*$' "$D/f.err" >"$D/why"
		# bpftrace 0.17 sometimes fails to close a uretprobe's perf
		# event at detach, or to open /proc/PID/root of a process that
		# has gone, and says so: its own fault, not output.
		elif ! cmp -s <(grep -v 'RLIMIT_MEMLOCK' "$D/f.err") \
			<(grep -v -e 'RLIMIT_MEMLOCK' -e 'PERF_EVENT_IOC_DISABLE) failed' \
				-e 'close perf event FD' -e 'failed to close perf event FDs' \
				-e '^Opening /proc/[0-9]*/root failed' "$D/b.err"); then
			why="stderr differs (< ferret, > bpftrace)"
			diff <(grep -v 'RLIMIT_MEMLOCK' "$D/f.err") \
				<(grep -v 'RLIMIT_MEMLOCK' "$D/b.err") |
				grep '^[<>]' >"$D/why"
		fi
	fi
	if [ -n "$skipwhy" ]; then
		echo "skip $tool: $skipwhy"
		skip=$((skip + 1))
	elif [ -n "$why" ]; then
		echo "FAIL $tool: $why"
		[ -s "$D/why" ] && detail <"$D/why"
		fail=$((fail + 1))
	else
		echo "ok $tool"
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
