#!/bin/bash
# ferret stat against the real perf stat (perf 6.1, Debian's linux-perf),
# run side by side on the same commands: the same lines in the same
# columns once the numbers are masked, the same CSV fields and JSON keys,
# and the same counts where they are deterministic.  Error cases also go
# through the ASan/UBSan build when one is named.
#   tests/stat/run.sh [BUILD] [ASAN_BUILD]
set -u
BUILD=${1:-build}
ASAN=${2:-}
FERRET=$BUILD/ferret
pass=0 fail=0 skip=0
W=$(mktemp -d)
trap 'rm -rf "$W"; [ -n "${BG:-}" ] && kill "$BG" 2>/dev/null' EXIT

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() {
	echo "FAIL $1: $2"
	[ -f "$W/diff" ] && sed 's/^/    /' "$W/diff" | head -20
	rm -f "$W/diff"
	fail=$((fail + 1))
}
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }

if [ "$(id -u)" != 0 ]; then
	echo "skip all: needs root"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
if ! command -v perf >/dev/null || ! perf stat -e task-clock true 2>/dev/null; then
	echo "skip all: no working perf (apt-get install linux-perf)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
WL=$W/workload
cc -O2 -pthread -o "$WL" "$(dirname "$0")/workload.c" || exit 1

# Each tool's output with its "# started on" lines dropped.
pf() { timeout 60 perf stat -o "$W/p" "$@" >/dev/null 2>&1; grep -v '^# started on' "$W/p"; }
fs() { timeout 60 "$FERRET" stat -o "$W/f" "$@" >/dev/null 2>&1; grep -v '^# started on' "$W/f"; }

# Numbers masked with the spaces that right-align them, K/M/G rates as
# plain ones, so that the text compares; cols gives each line's length
# and the column of its '#', so that the alignment compares too.
mask() { sed -E 's/ *[0-9][0-9.,]*/ N/g; s/[KMG]\/sec/\/sec/; s/ +$//'; }
cols() { awk '/seconds time elapsed/ { print "elapsed"; next } { print length($0), index($0, "#") }'; }

# layout NAME ARGS...: the same lines, in the same columns (CSV and
# JSON have none to compare: their lines are as long as their numbers).
layout() {
	local name=$1
	shift
	pf "$@" >"$W/pl"
	fs "$@" >"$W/fl"
	if diff <(mask <"$W/pl") <(mask <"$W/fl") >"$W/diff"; then
		if [[ " $* " == *" -x"* || " $* " == *" -j "* ]] ||
		   diff <(cols <"$W/pl") <(cols <"$W/fl") >"$W/diff"; then ok "$name"
		else bad "$name" "columns differ (length, '#'; - perf, + ferret)"; fi
	else
		bad "$name" "layout differs (- perf, + ferret)"
	fi
}

layout default true
layout events_list -e task-clock,cs,faults,major-faults -e cpu-clock true
layout tracepoint -e syscalls:sys_enter_getppid "$WL" 0 10
layout tracepoint_clock -e task-clock,syscalls:sys_enter_getppid "$WL" 0 10
layout sched_glob -e 'sched:sched_process_*' true
layout unsupported -e cycles,instructions,L1-dcache-load-misses,page-faults true
layout system_wide -a -e task-clock,context-switches sleep 0.05
# Modifiers: software and hardware events keep them in their names, cache
# events and tracepoints print their own names.
layout modifiers -e page-faults:u,page-faults:k,page-faults:hG,task-clock:u,cycles:u \
	-e L1-dcache-loads:k,syscalls:sys_enter_getppid:u,faults:ukh,page-faults: \
	-e 'sched:sched_process_e*:k' "$WL" 0 10

# Per CPU (-A, -C) and per core, die, socket and node: perf's prefixes and
# columns, in std, CSV and JSON, with and without -I.
for args in "-a -A" "-a --per-core" "-a --per-die" "-a --per-socket" "-a --per-node" \
	    "-C 1" "-C 1,0 -A" "-C 0-99" "-a -A -r 2"; do
	# shellcheck disable=SC2086
	layout "aggr $args" $args -e task-clock,page-faults,cycles sleep 0.05
	# shellcheck disable=SC2086
	[[ $args == *-r* ]] || layout "aggr -I $args" $args -I 30 -e task-clock,cycles sleep 0.05
	# shellcheck disable=SC2086
	layout "aggr -x $args" $args -x, -e task-clock,page-faults,cycles sleep 0.05
	# shellcheck disable=SC2086
	layout "aggr -j $args" $args -j -e task-clock,cycles sleep 0.05
done
# The counts per CPU add up to the total, as perf's do.
f=$(fs -a -A -x, -e task-clock sleep 0.05 | grep task-clock | awk -F, '{ s += $2 } END { printf "%d %d", NR, s }')
if [ "${f%% *}" = "$(nproc)" ] && [ "${f#* }" -gt 0 ]; then ok aggr_cpus; else bad aggr_cpus "got '$f'"; fi

# Per thread: a two-thread process, each thread a line, busiest first.
"$WL" spin &
SP=$!
sleep 0.1
pt() { timeout -s INT 0.3 perf stat -o "$W/p" "$@" >/dev/null 2>&1; grep -v '^# started on' "$W/p"; }
ft() { timeout -s INT 0.3 "$FERRET" stat -o "$W/f" "$@" >/dev/null 2>&1; grep -v '^# started on' "$W/f"; }
# Thread ids as X's, keeping their width: the order of threads by count
# may differ from one run to the other.
tids() { sed -E ':a; s/(workload-X*)[0-9]/\1X/; ta'; }
for args in "" "-x," "-j" "-I 100"; do
	# shellcheck disable=SC2086
	pt --per-thread -p $SP $args -e task-clock,cs,cycles | tids | head -8 >"$W/pl"
	# shellcheck disable=SC2086
	ft --per-thread -p $SP $args -e task-clock,cs,cycles | tids | head -8 >"$W/fl"
	if diff <(mask <"$W/pl") <(mask <"$W/fl") >"$W/diff" &&
	   { [[ $args == -x, || $args == -j ]] || diff <(cols <"$W/pl") <(cols <"$W/fl") >"$W/diff"; }; then
		ok "per_thread $args"; else bad "per_thread $args" "differs from perf (- perf, + ferret)"; fi
done
f=$(ft --per-thread -p $SP -x, -e task-clock | cut -d, -f2 | tr '\n' ' ')
read -r a b <<<"$f"
if [ -n "$b" ] && awk "BEGIN { exit !($a >= $b && $b > 0) }"; then ok per_thread_sorted; else bad per_thread_sorted "got '$f'"; fi
# -t: threads alone; -p or -t with a command, which only times the count.
ST=$(ls /proc/$SP/task | sort -n | tail -1)
for args in "-t $ST" "-t $ST,$SP" "--per-thread -t $ST,$SP"; do
	# shellcheck disable=SC2086
	pt $args -e task-clock,cs | tids | sed "s/'[0-9,]*'/'T'/" >"$W/pl"
	# shellcheck disable=SC2086
	ft $args -e task-clock,cs | tids | sed "s/'[0-9,]*'/'T'/" >"$W/fl"
	if diff <(mask <"$W/pl") <(mask <"$W/fl") >"$W/diff" && diff <(cols <"$W/pl") <(cols <"$W/fl") >"$W/diff"; then
		ok "tid $args"; else bad "tid $args" "differs from perf (- perf, + ferret)"; fi
done
for args in "-p $SP" "-t $ST" "--per-thread -p $SP"; do
	# shellcheck disable=SC2086
	layout "attach_cmd $args" $args -e task-clock,cs sleep 0.1
done
layout "attach_cmd -r" -p "$SP" -r 2 -e task-clock sleep 0.1
f=$(fs -p $SP -x, -e task-clock sleep 0.2 | grep task-clock | cut -d, -f1)
if awk "BEGIN { exit !($f > 1) }"; then ok attach_cmd_counts; else bad attach_cmd_counts "task-clock '$f' ms"; fi
# Targets that conflict, as perf's target__validate() takes them: -p or
# -t override -C ("PID/TID switch overriding CPU") or else -a ("...
# SYSTEM"), one warning on stderr, and count the process or threads;
# -p overrides -t, whose list is then not read.  -p's, -t's and -C's
# lists are read after the other checks, as perf reads them.  The same
# stderr, exit status and (masked) counts as perf's.
warned() {
	local name=$1 prc frc
	shift
	set -- "${@//@P/$SP}"
	set -- "${@//@T/$ST}"
	rm -f "$W/p" "$W/f"
	timeout 20 perf stat -o "$W/p" "$@" >/dev/null 2>"$W/pe" </dev/null
	prc=$?
	timeout 20 "$FERRET" stat -o "$W/f" "$@" >/dev/null 2>"$W/fe" </dev/null
	frc=$?
	if [ "$prc" = "$frc" ] && diff <(sed 's/perf stat/ferret stat/' "$W/pe") "$W/fe" >"$W/diff" &&
	   diff <(grep -v '^# started on' "$W/p" | tids | mask) <(grep -v '^# started on' "$W/f" | tids | mask) >>"$W/diff"; then
		ok "$name"; else echo "rc perf $prc ferret $frc" >>"$W/diff"; bad "$name" "differs from perf (- perf, + ferret)"; fi
}
for args in "-a -p @P" "-a -t @T" "-C 0 -p @P" "-C 0 -t @T" "-a -C 0 -p @P" "-p @P -t @T" "-t x -p @P" \
	    "-C x -p @P" "-C 1,1 -t @T" "-a --per-thread -p @P" "-C 0 --per-thread -t @T,@P" "-a -p @P -x," "-a -t @T -j"; do
	# shellcheck disable=SC2086
	warned "target $args" $args -e task-clock,cs sleep 0.1
done
for args in "-a -A -p @P" "-C 0 --per-core -t @T" "-a -p 999999999" "-a -t x" "-C 0 -p abc" "-a -p @P -r -1" \
	    "-C 0 -t 999999999" "-C x -r -1" "-t x -r -1" "-p 999999999 --per-core" "-C x --per-thread" "-C x -I 100"; do
	# shellcheck disable=SC2086
	warned "target_error $args" $args -e task-clock true
done
kill $SP; wait $SP 2>/dev/null

# Groups: one leader per group; a member the kernel lacks leaves its
# group "not counted", with perf's hint when the group mixes PMUs.
layout group -e '{task-clock,page-faults}' "$WL" 0 5
layout group_mod -e '{task-clock,page-faults}:u,cs' "$WL" 0 5
layout group_two -e '{page-faults,cs},{task-clock,cycles},faults' "$WL" 0 5
layout group_unsupported -e '{page-faults,cycles}' "$WL" 0 5
layout group_mixed_hint -e '{page-faults,syscalls:sys_enter_getppid,cycles:u}:k' "$WL" 0 5
layout group_cpus -a -A -e '{task-clock,page-faults},{cs,cycles}' sleep 0.05
layout group_csv -x, -e '{task-clock,page-faults},{cs,cycles}' "$WL" 0 5
# What a group counts is the kernel's: the same as under perf.
for g in '{syscalls:sys_enter_getppid,page-faults:u}' '{task-clock,syscalls:sys_enter_getppid}' \
	 'syscalls:sys_enter_getppid,{cs,syscalls:sys_enter_getppid}'; do
	p=$(pf -x, -e "$g" "$WL" 0 7 | grep getppid | cut -d, -f1 | tr '\n' ' ')
	f=$(fs -x, -e "$g" "$WL" 0 7 | grep getppid | cut -d, -f1 | tr '\n' ' ')
	if [ -n "$f" ] && [ "$p" = "$f" ]; then ok "group_count $g"; else bad "group_count $g" "perf '$p', ferret '$f'"; fi
done

# What the modifiers count: user and kernel page faults apart, as perf
# counts them, none in the hypervisor, and a tracepoint whatever the mode.
pf -x, -e page-faults:u,page-faults:k,page-faults:h,syscalls:sys_enter_getppid:k "$WL" 0 7 >"$W/pm"
fs -x, -e page-faults:u,page-faults:k,page-faults:h,syscalls:sys_enter_getppid:k "$WL" 0 7 >"$W/fm"
read -r pu pk ph pt <<<"$(cut -d, -f1 "$W/pm" | tr '\n' ' ')"
read -r fu fk fh ft <<<"$(cut -d, -f1 "$W/fm" | tr '\n' ' ')"
if [ "$ph" = 0 ] && [ "$fh" = 0 ] && [ "$pt" = 7 ] && [ "$ft" = 7 ] && [ "$fk" -lt "$fu" ] &&
   [ $((fu - pu)) -le 6 ] && [ $((pu - fu)) -le 6 ] && [ $((fk - pk)) -le 3 ] && [ $((pk - fk)) -le 3 ]; then
	ok modifier_counts; else
	diff "$W/pm" "$W/fm" >"$W/diff"; bad modifier_counts "perf u=$pu k=$pk h=$ph tp=$pt, ferret u=$fu k=$fk h=$fh tp=$ft"; fi

# -r: perf's ( +- x.xx% ) columns, and the elapsed line with its error.
# (Whether page faults vary from run to run, hence show an error, is luck.)
pf -r 5 -e task-clock,page-faults,cycles "$WL" 1000 100 >"$W/pr"
fs -r 5 -e task-clock,page-faults,cycles "$WL" 1000 100 >"$W/fr"
if grep -q "(5 runs):" "$W/fr" && grep -Eq 'task-clock .*\( \+- *[0-9]+\.[0-9]{2}% \)$' "$W/fr" &&
   grep -Eq '^ +[0-9.]+ \+- [0-9.]+ seconds time elapsed  \( \+- *[0-9]+\.[0-9]{2}% \)$' "$W/fr" &&
   [ "$(mask <"$W/pr" | grep -v page-faults | grep -c '+-')" = "$(mask <"$W/fr" | grep -v page-faults | grep -c '+-')" ]; then
	ok repeat_errors
else
	diff "$W/pr" "$W/fr" >"$W/diff"
	bad repeat_errors "no relative errors as perf prints them"
fi
# Those errors as perf computes them: stddev of the mean over the mean.
fs -r 4 -x, -e syscalls:sys_enter_getppid sh -c "$WL 0 \$(( \$\$ % 4 * 100 + 100 ))" >/dev/null
fs -r 3 -x, -e syscalls:sys_enter_getppid "$WL" 0 300 >"$W/fc"
if grep -q '^300,,syscalls:sys_enter_getppid,0.00%,' "$W/fc"; then ok repeat_exact; else
	cp "$W/fc" "$W/diff"; bad repeat_exact "300 calls each run: no error"; fi

# -r 0: each run printed on its own, for ever: perf until SIGTERM,
# ferret until SIGINT too, which ends it after the run it stops.  That
# run's command gets the signal too, as under a terminal's ^C, and may
# die before its calls: the runs before it are compared.
perf stat -r 0 -o "$W/p0" -e task-clock,syscalls:sys_enter_getppid "$WL" 0 3 >/dev/null 2>&1 &
P0=$!
"$FERRET" stat -r 0 -o "$W/f0" -e task-clock,syscalls:sys_enter_getppid "$WL" 0 3 >/dev/null 2>&1 &
F0=$!
sleep 0.5
kill -TERM $P0
kill -INT $F0
sleep 0.5
if kill -0 $F0 2>/dev/null; then
	kill -KILL $F0
	bad forever "still running after SIGINT"
else
	wait $P0 $F0 2>/dev/null
	# The first two runs' lines, as perf prints them.
	first() { grep -v '^# started on' "$1" | head -16 | mask; }
	if [ "$(grep -c 'Performance counter stats' "$W/f0")" -ge 3 ] && diff <(first "$W/p0") <(first "$W/f0") >"$W/diff" &&
	   ! grep -q 'seconds user' "$W/f0" &&
	   [ "$(grep getppid "$W/f0" | sed '$d' | awk '{ print $1 }' | sort -u)" = 3 ]; then
		ok forever
	else
		bad forever "runs differ from perf's (- perf, + ferret)"
	fi
fi

# The deterministic counts: exactly what the workload did, in both.
for n in 1 1000 54321; do
	p=$(pf -x, -e syscalls:sys_enter_getppid "$WL" 0 $n | grep getppid | cut -d, -f1)
	f=$(fs -x, -e syscalls:sys_enter_getppid "$WL" 0 $n | grep getppid | cut -d, -f1)
	if [ "$p" = "$n" ] && [ "$f" = "$n" ]; then ok "getppid_$n"; else bad "getppid_$n" "perf $p, ferret $f"; fi
done

# CSV: the same number of fields, units and event names, line by line.
csvshape() { awk -F"$1" '{ printf "%d %s %s\n", NF, $2, $3 }'; }
for args in "-x, true" "-x; -r 3 true" "-x, -e task-clock,syscalls:sys_enter_getppid $WL 0 5" "-x, -I 100 sleep 0.25"; do
	# shellcheck disable=SC2086
	pf $args | grep -v '^$' >"$W/pc"
	# shellcheck disable=SC2086
	fs $args | grep -v '^$' >"$W/fc"
	sep=$(echo "$args" | cut -c3)
	if [[ $args == *-I* ]]; then
		sh() { cut -d"$sep" -f2- | csvshape "$sep"; }
	else
		sh() { csvshape "$sep"; }
	fi
	if diff <(sh <"$W/pc") <(sh <"$W/fc") >"$W/diff"; then ok "csv $args"; else bad "csv $args" "fields differ"; fi
done
unset -f sh

# JSON: the same keys in the same order, line by line.
keys() { grep -o '"[a-z-]*" :' | tr '\n' ' '; echo; }
for args in "-j true" "-j -r 3 true" "-j -e syscalls:sys_enter_getppid $WL 0 5" "-j -I 100 -e task-clock,cycles sleep 0.25"; do
	# shellcheck disable=SC2086
	pf $args | grep -v '^$' | while read -r l; do echo "$l" | keys; done >"$W/pk"
	# shellcheck disable=SC2086
	fs $args | grep -v '^$' | while read -r l; do echo "$l" | keys; done >"$W/fk"
	if [ -s "$W/fk" ] && diff "$W/pk" "$W/fk" >"$W/diff"; then ok "json $args"; else bad "json $args" "keys differ"; fi
done
if fs -j true | python3 -c 'import sys, json; [json.loads(l) for l in sys.stdin if l.strip()]' 2>"$W/diff"; then
	ok json_parses; else bad json_parses "not JSON lines"; fi

# -I: the header, and lines whose prefix is the time.
pf -I 100 -e task-clock,page-faults sleep 0.25 | mask >"$W/pi"
fs -I 100 -e task-clock,page-faults sleep 0.25 | mask >"$W/fi"
if [ "$(head -1 "$W/pi")" = "$(head -1 "$W/fi")" ] &&
   [ "$(sed 1d "$W/pi" | sed -n 1,2p)" = "$(sed 1d "$W/fi" | sed -n 1,2p)" ] &&
   [ "$(wc -l <"$W/fi")" -ge 3 ]; then ok interval; else
	diff "$W/pi" "$W/fi" >"$W/diff"; bad interval "interval lines differ"; fi

# -p: a running process, until it ends.
sleep 0.3 &
P=$!
fs -p $P -e task-clock,context-switches | mask >"$W/fp"
if grep -q "^ Performance counter stats for process id ' N':" "$W/fp" && grep -q context-switches "$W/fp"; then
	ok pid; else cp "$W/fp" "$W/diff"; bad pid "no process id header"; fi

# Probes perf cannot count, in a BPF map: a uprobe called a known number
# of times, and only in the command's process tree while the same binary
# runs outside it.
f=$(fs -x, -e "uprobe:$WL:ferret_stat_target" "$WL" 1234 | grep ferret_stat | cut -d, -f1,3)
if [ "$f" = "1234,uprobe:$WL:ferret_stat_target" ]; then ok uprobe_count; else bad uprobe_count "got '$f'"; fi
( while :; do "$WL" 1000 >/dev/null; done ) &
BG=$!
f=$(fs -x, -e "uprobe:$WL:ferret_stat_*" sh -c "$WL 10; $WL 5" | grep ferret_stat | cut -d, -f1)
kill $BG; wait $BG 2>/dev/null; BG=
if [ "$f" = 15 ]; then ok uprobe_tree_only; else bad uprobe_tree_only "got '$f', want 15"; fi
f=$(fs -e "uprobe:$WL:ferret_stat_target" -e task-clock "$WL" 3 | mask)
if echo "$f" | grep -q "^ N      uprobe:.*:ferret_stat_target *# N /sec" && echo "$f" | grep -q "seconds user"; then
	ok uprobe_layout; else bad uprobe_layout "$f"; fi
FX=$BUILD/tests/usdt_fixture
if [ -x "$FX" ]; then
	f=$(fs -x, -e "usdt:$FX:*" "$FX" --loop 7 | grep -c ',usdt:')
	t=$(fs -x, -e "usdt:$FX:*" "$FX" --loop 7 | grep 'fixture:tick' | cut -d, -f1)
	if [ "$f" -gt 5 ] && [ "$t" = 7 ]; then ok usdt_glob; else bad usdt_glob "$f probes, tick $t"; fi
else
	skipped usdt_glob "no $FX (make $FX)"
fi

# Probes counted by BPF in every mode perf's counters have: per CPU (the
# per-CPU map's slots), core and socket, per thread (keyed by the thread
# each descends from), -t, in a group, and with -r 0; laid out as perf
# lays out a tracepoint in their place, and counting what it counts.
U="uprobe:$WL:ferret_stat_target"
evmask() { sed -E "s#(uprobe:$WL:ferret_stat_target|syscalls:sys_enter_getppid) *#EV #g" | mask; }
LC=$(( $(nproc) - 1 ))
for args in "-a -A" "-a --per-core" "-a --per-socket" "-C $LC" "-a -A -x," "-a --per-core -j" "-a -A -r 2"; do
	# shellcheck disable=SC2086
	pf $args -e syscalls:sys_enter_getppid taskset -c $LC "$WL" 321 321 | evmask >"$W/pl"
	# shellcheck disable=SC2086
	fs $args -e "$U" taskset -c $LC "$WL" 321 321 | evmask >"$W/fl"
	if diff "$W/pl" "$W/fl" >"$W/diff"; then ok "bpf_aggr $args"; else bad "bpf_aggr $args" "differs from perf (- perf, + ferret)"; fi
done
f=$(fs -a -A -x, -e "$U" taskset -c $LC "$WL" 321 | grep ferret_stat | cut -d, -f1,2 | tr '\n' ' ')
want=$(for c in $(seq 0 $LC); do [ $c = $LC ] && printf 'CPU%d,321 ' $c || printf 'CPU%d,0 ' $c; done)
if [ "$f" = "$want" ]; then ok bpf_per_cpu_count; else bad bpf_per_cpu_count "got '$f', want '$want'"; fi
f=$(fs -C $LC -x, -e "$U" taskset -c $LC "$WL" 321 | grep ferret_stat | cut -d, -f1)
if [ "$f" = 321 ]; then ok bpf_cpu_list_count; else bad bpf_cpu_list_count "got '$f', want 321"; fi
if [ "$LC" != 0 ]; then
	f=$(fs -C 0 -x, -e "$U" taskset -c $LC "$WL" 321 | grep ferret_stat | cut -d, -f1)
	if [ "$f" = 0 ]; then ok bpf_cpu_list_other; else bad bpf_cpu_list_other "got '$f', want 0"; fi
fi
f=$(fs -a -A -I 50 -x, -e "$U" taskset -c $LC "$WL" 321 | grep "CPU$LC," | awk -F, '{ s += $3 } END { print s }')
if [ "$f" = 321 ]; then ok bpf_per_cpu_intervals; else bad bpf_per_cpu_intervals "got '$f', want 321"; fi

# Without a counter's "( +- N% )", which its runs print when they
# differed (a call more or less under load).
nopm() { sed -E 's/ +\( \+- +[0-9.]+% \)$//'; }

# A tool started with -D -1 --control fifo:$W/NAME.c,$W/NAME.a counts
# from its ack of "enable": a workload released after it counts in full,
# however long the tool took to attach.
# ctl_new NAME: fresh fifos for NAME.
ctl_new() { rm -f "$W/$1.c" "$W/$1.a"; mkfifo "$W/$1.c" "$W/$1.a"; }
# ctl NAME CMD: CMD sent on NAME's fifos; true once the tool acked it
# (perf's ack is "ack\n" and a NUL).  A tool that is gone fails it.
ctl() {
	timeout 20 sh -c 'printf "%s\n" "$2" >"$1"' _ "$W/$1.c" "$2" &&
		[ "$(timeout 20 head -c 5 "$W/$1.a" | tr -d '\0')" = ack ]
}
# ctl_opt NAME: the options that start a tool disabled, on NAME's fifos.
ctl_opt() { echo "-D -1 --control fifo:$W/$1.c,$W/$1.a"; }

# gated TOOL ARGS...: the tool's -x, output for a workload whose two
# threads make 100 and 200 calls of each kind once it is attached to.
gated() {
	local tool=$1 g s tids
	shift
	rm -f "$W/gate"
	"$WL" gate 100 200 >"$W/gate" &
	g=$!
	until [ -s "$W/gate" ]; do sleep 0.05; done
	tids=$(ls /proc/$g/task | sort -n | tail -1)
	set -- "${@//@P/$g}"
	set -- "${@//@T/$tids}"
	ctl_new g
	# shellcheck disable=SC2046
	if [ "$tool" = perf ]; then timeout 30 perf stat -o "$W/g" -x, $(ctl_opt g) "$@" >/dev/null 2>&1 &
	else timeout 30 "$FERRET" stat -o "$W/g" -x, $(ctl_opt g) "$@" >/dev/null 2>&1 & fi
	s=$!
	ctl g enable || echo "$tool did not ack enable" >&2
	kill -USR1 $g
	wait $s
	wait $g 2>/dev/null
	grep -v '^# started on' "$W/g" | grep . | sed -E 's/^workload-[0-9]+/workload-T/'
}
# With -a or -C overridden by -p or -t, as perf counts them.
for args in "--per-thread -p @P" "-t @T" "--per-thread -t @T,@P" "-p @P" "-a -t @T" "-C 0 -t @T" \
	    "-a --per-thread -p @P"; do
	# shellcheck disable=SC2086
	gated perf $args -e syscalls:sys_enter_getppid | cut -d, -f1-4 | sed -E 's/,[0-9]+$//' >"$W/pl"
	# shellcheck disable=SC2086
	gated ferret $args -e "$U",syscalls:sys_enter_getppid | cut -d, -f1-4 | sed -E 's/,[0-9]+$//' >"$W/fl"
	if [ -s "$W/pl" ] && diff <(cat "$W/pl" "$W/pl" | sed 's/syscalls:sys_enter_getppid/EV/') \
	   <(sed -E 's#uprobe:[^,]*|syscalls:sys_enter_getppid#EV#' "$W/fl") >"$W/diff"; then
		ok "bpf_thread $args"; else bad "bpf_thread $args" "counts differ from perf's (- perf, + ferret)"; fi
done
# gated2 ARGS...: perf and ferret attached at once (the same run) to two
# workloads, @P1 (threads of 100 and 200 calls: @T1 the 200's) and @P2
# (300 and 400: @T2 the 400's), released together; their -x, outputs,
# thread ids masked, in $W/g2perf and $W/g2ferret.  ferret counts the
# uprobe too, which must count what the tracepoint counts.
gated2() {
	local g1 g2 t1 t2 sp sf
	rm -f "$W/gate1" "$W/gate2"
	"$WL" gate 100 200 >"$W/gate1" &
	g1=$!
	"$WL" gate 300 400 >"$W/gate2" &
	g2=$!
	until [ -s "$W/gate1" ] && [ -s "$W/gate2" ]; do sleep 0.05; done
	t1=$(ls /proc/$g1/task | sort -n | tail -1)
	t2=$(ls /proc/$g2/task | sort -n | tail -1)
	set -- "${@//@P1/$g1}"
	set -- "${@//@P2/$g2}"
	set -- "${@//@T1/$t1}"
	set -- "${@//@T2/$t2}"
	ctl_new g2p
	ctl_new g2f
	# shellcheck disable=SC2046
	timeout 30 perf stat -o "$W/g2p" -x, $(ctl_opt g2p) "$@" -e syscalls:sys_enter_getppid >/dev/null 2>&1 &
	sp=$!
	# shellcheck disable=SC2046
	timeout 30 "$FERRET" stat -o "$W/g2f" -x, $(ctl_opt g2f) "$@" -e syscalls:sys_enter_getppid,"$U" >/dev/null 2>&1 &
	sf=$!
	# Both counting, however long ferret's uprobe took to attach.
	ctl g2p enable || echo "perf did not ack enable" >&2
	ctl g2f enable || echo "ferret did not ack enable" >&2
	kill -USR1 $g1 $g2
	wait $sp $sf
	wait $g1 $g2 2>/dev/null
	grep -v '^# started on' "$W/g2p" | grep . | sed -E 's/^workload-[0-9]+/workload-T/' |
		cut -d, -f1-4 | sed -E 's/,[0-9]+$//' >"$W/g2perf"
	grep -v '^# started on' "$W/g2f" | grep . | sed -E 's/^workload-[0-9]+/workload-T/' |
		cut -d, -f1-4 | sed -E 's/,[0-9]+$//' >"$W/g2ferret"
}
# -p and -t lists: perf counts every thread of each process, or each
# thread, and stops when all are gone; a process named twice is counted
# twice by perf's counters (the uprobe's map counts a thread once).
for args in "-p @P1,@P2" "--per-thread -p @P2,@P1" "-t @T1,@T2" "--per-thread -t @T2,@T1" \
	    "-t @T1,@P2" "-p @P1,@P2,@P1"; do
	# shellcheck disable=SC2086
	gated2 $args
	want=$(sed 's/syscalls:sys_enter_getppid/EV/' "$W/g2perf")
	[[ $args == *@P1,@P2,@P1 ]] || want=$(printf '%s\n%s\n' "$want" "$want")
	if [ -s "$W/g2perf" ] && diff <(echo "$want") \
	   <(sed -E 's#uprobe:[^,]*|syscalls:sys_enter_getppid#EV#' "$W/g2ferret" |
	     { [[ $args == *@P1,@P2,@P1 ]] && head -1 || cat; }) >"$W/diff"; then
		ok "list $args ($(cut -d, -f1 "$W/g2perf" | paste -sd ' '))"; else
		bad "list $args" "counts differ from perf's (- perf, + ferret)"; fi
done
# The sums perf gives, which the comparison above takes from it.
gated2 -p @P1,@P2
if [ "$(cat "$W/g2perf")" = "1000,,syscalls:sys_enter_getppid" ]; then ok list_sum; else
	cp "$W/g2perf" "$W/diff"; bad list_sum "perf counted otherwise"; fi

# -a --per-thread: every thread of the system that counted, busiest
# first, as perf prints them; the workload's two threads among them.
for tool in perf ferret; do
	gated $tool -a --per-thread -e syscalls:sys_enter_getppid,task-clock sleep 2.5 >"$W/a$tool"
done
if grep -q '^workload-T,200,,syscalls:sys_enter_getppid' "$W/aferret" &&
   grep -q '^workload-T,100,,syscalls:sys_enter_getppid' "$W/aferret" &&
   ! grep -q ',0,,syscalls' "$W/aferret" && [ "$(grep -c task-clock "$W/aferret")" -gt 3 ] &&
   diff <(grep -c '^workload-T' "$W/aperf") <(grep -c '^workload-T' "$W/aferret") >"$W/diff" &&
   awk -F, '$4 != ev { ev = $4; last = "" } last != "" && $2 + 0 > last + 0 { exit 1 } { last = $2 }' "$W/aferret"; then
	ok per_thread_system_wide; else cp "$W/aferret" "$W/diff"; bad per_thread_system_wide "not perf's lines"; fi
gated ferret -a --per-thread -e "$U" sleep 2.5 >"$W/fl"
if [ "$(cut -d, -f1,2 "$W/fl" | tr '\n' ' ')" = "workload-T,200 workload-T,100 " ]; then ok bpf_per_thread_system_wide; else
	cp "$W/fl" "$W/diff"; bad bpf_per_thread_system_wide "not the workload's two threads alone"; fi
for args in "-a --per-thread" "-a --per-thread -j"; do
	# shellcheck disable=SC2086
	pf $args -e task-clock,cs sleep 0.3 >"$W/pl"
	# shellcheck disable=SC2086
	fs $args -e task-clock,cs sleep 0.3 >"$W/fl"
	# One line of each tool's, the first of its task-clock's, compared.
	pick() { grep -m1 task-clock | sed -E 's/^ *[^ ]+-[0-9]+ +/COMM /; s/"thread" : "[^"]*"/"thread" : "C"/' | mask; }
	if diff <(pick <"$W/pl") <(pick <"$W/fl") >"$W/diff" &&
	   { [[ $args == *-j ]] || diff <(head -3 "$W/pl" | mask) <(head -3 "$W/fl" | mask) >>"$W/diff"; }; then
		ok "per_thread_system_wide_layout $args"; else bad "per_thread_system_wide_layout $args" "differs from perf (- perf, + ferret)"; fi
done

# Groups: a probe counted by BPF counts in one as alone, and leaves with
# the others "not counted" when a member cannot count, as a tracepoint.
for g in '{EV,task-clock}' '{task-clock,EV}:u' '{EV,page-faults,cycles}'; do
	pf -e "${g//EV/syscalls:sys_enter_getppid}" "$WL" 77 77 | evmask >"$W/pl"
	fs -e "${g//EV/$U}" "$WL" 77 77 | evmask >"$W/fl"
	if diff "$W/pl" "$W/fl" >"$W/diff"; then ok "bpf_group $g"; else bad "bpf_group $g" "differs from perf (- perf, + ferret)"; fi
done
f=$(fs -x, -e "{$U,task-clock}" "$WL" 77 | grep ferret_stat | cut -d, -f1)
if [ "$f" = 77 ]; then ok bpf_group_count; else bad bpf_group_count "got '$f', want 77"; fi
# -r 0: each run counted and printed on its own, until SIGINT.
"$FERRET" stat -r 0 -x, -o "$W/f0" -e "$U" "$WL" 7 >/dev/null 2>&1 &
F0=$!
sleep 1.5
kill -INT $F0
sleep 1
if kill -0 $F0 2>/dev/null; then
	kill -KILL $F0; bad bpf_forever "still running after SIGINT"
else
	# The last run, which the signal cut short, may have counted nothing.
	if [ "$(grep -c ferret_stat "$W/f0")" -ge 3 ] &&
	   [ "$(grep ferret_stat "$W/f0" | sed '$d' | cut -d, -f1 | sort -u)" = 7 ]; then ok bpf_forever; else
		cp "$W/f0" "$W/diff"; bad bpf_forever "runs did not each count 7"; fi
fi

# Attaching is not counted: the elapsed time and the counters' window
# start once the probes are attached, as perf's start after enabling its
# counters.  Uprobes on bash's b* and c* functions (some 140) take time
# to attach (the wall time they add to a run of one probe says how much,
# and the check is skipped when it is under 0.1 s, twice the tolerance,
# as it could not fail); ferret's elapsed
# time must still be perf's for the same command within 50 ms, and with
# -a the counters must count over that time alone: perf's "CPUs
# utilized" within 0.02.
ms() { echo $(( $(date +%s%N) / 1000000 )); }
el() { awk '/seconds time elapsed/ { print $1 }'; }
cpus() { awk '/CPUs utilized/ { print $(NF - 2) }'; }
B=$(command -v bash)
t=$(ms); fs -e "$U" sleep 0.5 >/dev/null; w1=$(( $(ms) - t ))
t=$(ms); fs -e "uprobe:$B:b*" -e "uprobe:$B:c*" -e task-clock sleep 0.5 >"$W/fl"; wn=$(( $(ms) - t ))
pe=$(pf -e task-clock sleep 0.5 | el)
fe=$(el <"$W/fl")
if [ $((wn - w1)) -lt 100 ]; then
	skipped elapsed_after_attach "attaching took $((wn - w1)) ms: too little to tell"
elif [ -n "$fe" ] && awk "BEGIN { d = $fe - $pe; exit !(d < 0.05 && d > -0.05) }"; then
	ok elapsed_after_attach
else
	bad elapsed_after_attach "perf ${pe}s, ferret ${fe}s with $((wn - w1)) ms of attaching"
fi
pc=$(pf -a -e task-clock sleep 0.5 | cpus)
fc=$(fs -a -e task-clock -e "uprobe:$B:b*" -e "uprobe:$B:c*" sleep 0.5 | cpus)
if [ -n "$fc" ] && awk "BEGIN { d = $fc - $pc; exit !(d < 0.02 && d > -0.02) }"; then ok window_after_attach; else
	bad window_after_attach "CPUs utilized: perf $pc, ferret $fc"; fi

# -D N: the counters start N ms after the command, as perf's, with its
# messages on stderr: the calls made before are not counted, and the
# elapsed time runs from then.  -D -1: not counted at all.
# delayed TOOL EVENT N1 N2: TOOL stat -D 1000 -x, -e EVENT on a command
# that makes N1 calls of the uprobe target and of getppid() at once
# (within the delay), and N2 once the test saw "Events enabled"; the
# output in $W/dTOOL, the stderr and exit status in $W/deTOOL.
delayed() {
	local tool=$1 bin=$FERRET t=0 s
	[ "$1" = perf ] && bin=perf
	rm -f "$W/dg"; mkfifo "$W/dg"
	timeout 30 "$bin" stat -o "$W/d$tool" -x, -D 1000 -e "$2" \
		sh -c "$WL $3 $3; read x <$W/dg; $WL $4 $4" >/dev/null 2>"$W/de$tool" &
	s=$!
	until grep -q 'Events enabled' "$W/de$tool" || [ $t -ge 400 ]; do sleep 0.05; t=$((t + 1)); done
	timeout 20 sh -c 'echo >"$1"' _ "$W/dg"
	wait $s
	echo "rc $?" >>"$W/de$tool"
}
delayed perf syscalls:sys_enter_getppid 5 7
delayed ferret syscalls:sys_enter_getppid 5 7
p=$(grep getppid "$W/dperf" | cut -d, -f1)
f=$(grep getppid "$W/dferret" | cut -d, -f1)
if [ "$p" = 7 ] && [ "$f" = 7 ] && diff "$W/deperf" "$W/deferret" >"$W/diff"; then ok delay_count; else
	echo "perf $p ferret $f" >>"$W/diff"; bad delay_count "differs from perf (- perf, + ferret)"; fi
delayed ferret "$U" 5 7
f=$(grep ferret_stat "$W/dferret" | cut -d, -f1)
if [ "$f" = 7 ]; then ok delay_bpf_count; else bad delay_bpf_count "got '$f', want 7"; fi
pe=$(pf -D 200 -e task-clock sleep 0.5 | el)
fe=$(fs -D 200 -e task-clock -e "$U" sleep 0.5 | el)
if [ -n "$fe" ] && awk "BEGIN { d = $fe - $pe; exit !(d < 0.05 && d > -0.05 && $fe < 0.4) }"; then ok delay_elapsed; else
	bad delay_elapsed "perf ${pe}s, ferret ${fe}s"; fi
layout delay_never -D -1 -e task-clock,syscalls:sys_enter_getppid "$WL" 0 3
evmasked() { sed "s#$U#syscalls:sys_enter_getppid#"; }
pf -D -1 -x, -e syscalls:sys_enter_getppid "$WL" 3 3 >"$W/pl"
fs -D -1 -x, -e "$U" "$WL" 3 3 | evmasked >"$W/fl"
if grep -q '^<not counted>,,syscalls:sys_enter_getppid,0,' "$W/fl" && diff "$W/pl" "$W/fl" >"$W/diff"; then
	ok delay_never_bpf; else bad delay_never_bpf "differs from perf (- perf, + ferret)"; fi

# --control: enable and disable, of every event and of one by name,
# between the phases of a command whose calls are known: each phase
# waits for the test to release it, and says when it is done, so that
# no sleep decides what is counted.
# phases NAME C1 C2 C3 TOOL ARGS...: TOOL stat ARGS on a command of three
# phases of 100, 1,000 and 10,000 calls of the uprobe target and of
# getppid(); the commands of Ci (';' between them, each acked) are sent
# before phase i.  Its -x, output in $W/NAME.out (counts and names), its
# stderr in $W/NAME.err, "noack CMD" there for a command not acked.
phases() {
	local name=$1 tool=$5 i cmd s script="" cmds=("$2" "$3" "$4")
	shift 5
	[ "$tool" = perf ] || tool=$FERRET
	ctl_new "$name"
	for i in 1 2 3; do
		rm -f "$W/$name.g$i" "$W/$name.d$i"
		mkfifo "$W/$name.g$i" "$W/$name.d$i"
		script="$script read x <$W/$name.g$i; $WL $((10 ** (i + 1))) $((10 ** (i + 1))); echo >$W/$name.d$i;"
	done
	timeout 60 "$tool" stat -o "$W/$name.o" -x, --control "fifo:$W/$name.c,$W/$name.a" "$@" \
		sh -c "$script" >/dev/null 2>"$W/$name.err" &
	s=$!
	for i in 1 2 3; do
		IFS=';' read -ra cs <<<"${cmds[i - 1]}"
		for cmd in "${cs[@]}"; do
			ctl "$name" "$cmd" || echo "noack $cmd" >>"$W/$name.err"
		done
		timeout 20 sh -c 'echo >"$1"' _ "$W/$name.g$i"
		timeout 20 cat "$W/$name.d$i" >/dev/null
	done
	wait $s
	grep -v '^# started on' "$W/$name.o" | grep . | cut -d, -f1,3 >"$W/$name.out"
}
# want NAME LINES: NAME's counts are LINES ("count,event" each, ' ' between).
want() { [ "$(tr '\n' ' ' <"$W/$1.out")" = "$2 " ]; }
G=syscalls:sys_enter_getppid
for sc in "-D -1|enable|disable" "|disable|enable" "-D -1|disable;enable;ping|disable;stop"; do
	IFS='|' read -r opt c2 c3 <<<"$sc"
	# shellcheck disable=SC2086
	phases cp "" "$c2" "$c3" perf $opt -e $G
	# shellcheck disable=SC2086
	phases cf "" "$c2" "$c3" ferret $opt -e $G,"$U"
	n=$(cut -d, -f1 "$W/cp.out")
	case $sc in
	*"|disable|enable") w=10100 ;;
	*) w=1000 ;;
	esac
	# The tracepoint counts what perf's does (the shell's own getppid()
	# included when it counts from the start); the uprobe the phases'.
	if [ -n "$n" ] && [ "$n" -ge "$w" ] && want cf "$n,$G $w,$U" &&
	   diff "$W/cp.err" "$W/cf.err" >"$W/diff"; then ok "control $sc ($n)"; else
		{ cat "$W/cp.out"; echo; cat "$W/cf.out"; } >>"$W/diff"; bad "control $sc" "differs from perf (- perf, + ferret)"; fi
done
# By name: an event alone, the leader of a group (its group stops), a
# member (nothing stops, as in perf), and a name not there.
phases cp "" "disable $G" "enable $G;disable nosuch" perf -e $G,page-faults
phases cf "" "disable $G;disable $U" "enable $G;enable $U;disable nosuch" ferret -e $G,page-faults,"$U"
n=$(head -1 "$W/cp.out" | cut -d, -f1)
if [ -n "$n" ] && [ "$n" -ge 10100 ] && [ "$(head -1 "$W/cf.out")" = "$n,$G" ] && [ "$(sed -n 3p "$W/cf.out")" = "10100,$U" ] &&
   diff "$W/cp.err" <(grep -v "Event $U" "$W/cf.err") >"$W/diff" &&
   [ "$(grep -c "Event $U" "$W/cf.err")" = 2 ]; then ok "control_by_name ($(head -1 "$W/cp.out"))"; else
	{ cat "$W/cp.out"; echo; cat "$W/cf.out"; } >>"$W/diff"; bad control_by_name "differs from perf (- perf, + ferret)"; fi
phases cp "" "disable page-faults" "disable $G" perf -e "{$G,page-faults}"
phases cf "" "disable page-faults;disable $U" "disable $G" ferret -e "{$G,page-faults,$U}"
n=$(head -1 "$W/cp.out" | cut -d, -f1)
if [ -n "$n" ] && [ "$n" -ge 1100 ] && [ "$(head -1 "$W/cf.out")" = "$n,$G" ] && [ "$(sed -n 3p "$W/cf.out")" = "1100,$U" ] &&
   diff "$W/cp.err" <(grep -v "Event $U" "$W/cf.err") >"$W/diff"; then ok "control_group ($n)"; else
	{ cat "$W/cp.out"; echo; cat "$W/cf.out"; } >>"$W/diff"; bad control_group "differs from perf (- perf, + ferret)"; fi
# The commands perf 6.1 takes, its messages and acks: evlist (-g, -F),
# ping and stop acked and nothing more, a malformed one, an unknown one
# and snapshot neither done nor acked (the ping after them is the next
# ack), then nothing left on the ack fifo.
for tool in perf ferret; do
	[ $tool = perf ] && bin=perf || bin=$FERRET
	ctl_new k
	rm -f "$W/k.c2"; mkfifo "$W/k.c2"
	timeout 30 "$bin" stat -o "$W/k" -x, --control "fifo:$W/k.c,$W/k.a" -e "{task-clock,page-faults},$G" \
		sh -c "read x <$W/k.c2" >/dev/null 2>"$W/k$tool" &
	s=$!
	for cmd in evlist "evlist -g" "evlist -F" "evlist -x" ping stop "enablex" "enable nosuch" "disable"; do
		ctl k "$cmd" || echo "noack $cmd" >>"$W/k$tool"
	done
	timeout 20 sh -c 'printf "snapshot\nxyz\n" >"$1"' _ "$W/k.c"
	ctl k ping || echo "noack ping" >>"$W/k$tool"
	[ -z "$(timeout 0.3 cat "$W/k.a" | tr -d '\0')" ] || echo "extra ack" >>"$W/k$tool"
	timeout 20 sh -c 'echo >"$1"' _ "$W/k.c2"
	wait $s
done
if diff "$W/kperf" "$W/kferret" >"$W/diff"; then ok control_commands; else bad control_commands "differs from perf (- perf, + ferret)"; fi
# fd: descriptors (the fifos held open by the shell), and ones that are
# not open, which perf polls and reads nothing from.
for tool in perf ferret; do
	[ $tool = perf ] && bin=perf || bin=$FERRET
	ctl_new k
	rm -f "$W/kg" "$W/kr"; mkfifo "$W/kg" "$W/kr"
	# The shell's own getppid() comes before it says it is ready.
	timeout 30 "$bin" stat -o "$W/k" -x, -D -1 --control fd:7,8 -e $G sh -c "echo >$W/kr; read x <$W/kg; $WL 0 9" \
		7<>"$W/k.c" 8<>"$W/k.a" >/dev/null 2>"$W/k$tool" &
	s=$!
	timeout 20 cat "$W/kr" >/dev/null
	ctl k enable || echo "noack enable" >>"$W/k$tool"
	timeout 20 sh -c 'echo >"$1"' _ "$W/kg"
	wait $s
	grep -v '^# started' "$W/k" | grep . | cut -d, -f1,3 >>"$W/k$tool"
	timeout 30 "$bin" stat -o "$W/k" -x, --control fd:99,98 -e $G "$WL" 0 4 >/dev/null 2>>"$W/k$tool"
	grep -v '^# started' "$W/k" | grep . | cut -d, -f1,3 >>"$W/k$tool"
done
if grep -q "^9,$G" "$W/kferret" && grep -q "^4,$G" "$W/kferret" && diff "$W/kperf" "$W/kferret" >"$W/diff"; then
	ok control_fd; else bad control_fd "differs from perf (- perf, + ferret)"; fi
# --control's and -D's refusals: perf's words, usage and exit status.
# perr_n N NAME ARGS...: the first N lines of the two tools' errors (all
# with N 0), perf's name for ours, and their exit statuses, the same.
perr_n() {
	local n=$1 name=$2 prc frc
	shift 2
	timeout 20 perf stat "$@" >/dev/null 2>"$W/pe" </dev/null
	prc=$?
	timeout 20 "$FERRET" stat "$@" >/dev/null 2>"$W/fe" </dev/null
	frc=$?
	if [ "$n" -gt 0 ]; then
		head -"$n" "$W/pe" >"$W/pe.n" && mv "$W/pe.n" "$W/pe"
		head -"$n" "$W/fe" >"$W/fe.n" && mv "$W/fe.n" "$W/fe"
	fi
	if [ "$prc" = "$frc" ] && diff <(sed "s/perf stat/ferret stat/" "$W/pe") "$W/fe" >"$W/diff"; then
		ok "$name"; else echo "rc perf $prc ferret $frc" >>"$W/diff"; bad "$name" "differs from perf"; fi
}
perr_all() { perr_n 0 "$@"; }
for v in x fifo: fifo:,x "fifo:$W/nonexistent/c" "fifo:$W/k.c,$W/nonexistent/a" fd: fd:x fd:3,x fd:3, fd:3,4x; do
	perr_all "control_bad $v" --control "$v" -e task-clock true
done
perr_all "control_bad =x" --control=x -e task-clock true
perr_all "control_bad =fifo" "--control=fifo:$W/nonexistent/c" -e task-clock true
perr_all delay_word -D x true
perr_all delay_suffix -D 5ms true
perr_all delay_long --delay x true
perr_all delay_long_eq --delay=x true

# --pre and --post around each run, as perf runs them: a --pre that fails
# skips its run (no counts: "<not supported>"), a failing command skips
# --post, and the exit status is perf's.
hooks() {
	local name=$1 prc frc
	shift
	rm -f "$W/once"
	timeout 60 "$FERRET" stat -o "$W/f" "$@" >"$W/fh" 2>/dev/null
	frc=$?
	# perf now and then loses a failed command's exit status and runs
	# --post after it: ferret matches one of three perf runs.
	for try in 1 2 3; do
		rm -f "$W/once"
		timeout 60 perf stat -o "$W/p" "$@" >"$W/ph" 2>/dev/null
		prc=$?
		if [ "$prc" = "$frc" ] && diff "$W/ph" "$W/fh" >"$W/diff" &&
		   diff <(grep -v '^# started on' "$W/p" | nopm | mask) <(grep -v '^# started on' "$W/f" | nopm | mask) >"$W/diff"; then
			ok "$name"
			return
		fi
	done
	echo "rc perf $prc ferret $frc" >>"$W/diff"
	bad "$name" "differs from perf (- perf, + ferret)"
}
hooks pre_post -r 3 --pre 'echo pre' --post 'echo post' -e task-clock,syscalls:sys_enter_getppid "$WL" 0 4
hooks pre_fails -r 2 --pre 'echo pre; exit 3' --post 'echo post' -e task-clock,page-faults true
hooks pre_fails_once -r 3 --pre "echo pre; [ -e $W/once ] || { touch $W/once; exit 1; }" -e syscalls:sys_enter_getppid "$WL" 0 4
rm -f "$W/once"
hooks cmd_fails -r 2 --pre 'echo pre' --post 'echo post' -e task-clock sh -c 'exit 2'
hooks post_fails -r 2 --post 'echo post; exit 4' -e task-clock true
hooks pre_killed -r 2 --pre 'kill -9 $$' -e task-clock true
hooks pre_one_run --pre 'echo pre' --post 'echo post' -e syscalls:sys_enter_getppid "$WL" 0 2
# The runs counted are those --pre let run: 4 calls each, averaged.
f=$(fs -x, -r 3 --pre "[ -e $W/once ] && exit 0; touch $W/once; exit 1" -e syscalls:sys_enter_getppid "$WL" 0 4 | grep getppid | cut -d, -f1)
rm -f "$W/once"
if [ "$f" = 4 ]; then ok pre_skip_count; else bad pre_skip_count "got '$f', want 4"; fi

# --null: no counters unless named, and no blank line above the time;
# --table: each run's time and its distance from the mean.
layout null --null true
layout null_events --null -e task-clock,page-faults true
layout null_system_wide --null -a sleep 0.05
layout null_interval --null -I 100 sleep 0.25
for args in "--null -x," "--null -j" "-r 2 --table -x, -e task-clock" "-r 2 --table -j -e task-clock"; do
	# shellcheck disable=SC2086
	pf $args true >"$W/pl"
	# shellcheck disable=SC2086
	fs $args true >"$W/fl"
	if diff <(mask <"$W/pl") <(mask <"$W/fl") >"$W/diff"; then ok "null_table $args"; else bad "null_table $args" "differs from perf"; fi
done
# The table's bars, signs and decimals (hence its indent) follow each
# run's times: masked.  So does a counter's "( +- N% )", printed when
# its runs differed (a page fault more in one of them).
bars() { sed -E 's/\) #+$/) #/; s/\([-+]/(/; s/^ +# /# /' | nopm | mask; }
for args in "--null -r 3 --table" "-r 4 --table -e task-clock,page-faults" "-r 2 --table -e syscalls:sys_enter_getppid"; do
	# shellcheck disable=SC2086
	pf $args "$WL" 0 3 | bars >"$W/pl"
	# shellcheck disable=SC2086
	fs $args "$WL" 0 3 | bars >"$W/fl"
	if grep -q 'Table of individual' "$W/fl" && diff "$W/pl" "$W/fl" >"$W/diff"; then ok "table $args"; else bad "table $args" "differs from perf (- perf, + ferret)"; fi
done
# The table's arithmetic: the runs' distances from the mean add up to 0,
# and each bar has a '#' per 5% of it, plus one.
fs -r 5 --table -e task-clock sh -c 'sleep 0.0$(( $$ % 5 ))' >"$W/ft"
if awk '/Table of/ { t = 1; next } /Final result/ { t = 0 } t && NF == 3 {
		r = $1; d = $2; gsub(/[()+]/, "", d); s += d; n++
		w = 100 * d / r; w = w < 0 ? -w : w; b = length($3) - 1 - int(int(w) / 5)
		# A distance printed rounded may cross a 5% step: one off at most.
		if (b > 1 || b < -1) bad = 1 }
	END { exit !(n == 5 && !bad && s < 0.001 && s > -0.001) }' "$W/ft"; then ok table_sums; else
	cp "$W/ft" "$W/diff"; bad table_sums "bars or distances wrong"; fi

# -o FILE --append: each run adds its "# started on" and counts; --log-fd
# N writes the counts to N alone, without that line; "-o -" is stderr.
rm -f "$W/pa" "$W/fa"
for i in 1 2; do
	perf stat -o "$W/pa" --append -e task-clock,syscalls:sys_enter_getppid "$WL" 0 2 2>/dev/null
	"$FERRET" stat -o "$W/fa" --append -e task-clock,syscalls:sys_enter_getppid "$WL" 0 2 2>/dev/null
done
if [ "$(grep -c '^# started on' "$W/fa")" = 2 ] &&
   diff <(sed 's/^# started on.*/# started/' "$W/pa" | mask) <(sed 's/^# started on.*/# started/' "$W/fa" | mask) >"$W/diff"; then
	ok append; else bad append "differs from perf (- perf, + ferret)"; fi
perf stat --log-fd 5 -e task-clock,syscalls:sys_enter_getppid "$WL" 0 2 5>"$W/pl" 2>"$W/pe"
"$FERRET" stat --log-fd 5 -e task-clock,syscalls:sys_enter_getppid "$WL" 0 2 5>"$W/fl" 2>"$W/fe"
if [ ! -s "$W/fe" ] && [ ! -s "$W/pe" ] && grep -q getppid "$W/fl" && diff <(mask <"$W/pl") <(mask <"$W/fl") >"$W/diff"; then
	ok log_fd; else bad log_fd "differs from perf (- perf, + ferret)"; fi
"$FERRET" stat --log-fd 1 -x, -e syscalls:sys_enter_getppid "$WL" 0 3 >"$W/fl" 2>"$W/fe"
if [ ! -s "$W/fe" ] && grep -q '^3,,syscalls:sys_enter_getppid' "$W/fl"; then ok log_fd_stdout; else
	cp "$W/fe" "$W/diff"; bad log_fd_stdout "counts not on fd 1"; fi
"$FERRET" stat -o - -x, -e syscalls:sys_enter_getppid "$WL" 0 3 >"$W/fl" 2>"$W/fe"
if [ ! -s "$W/fl" ] && grep -q '^3,,syscalls:sys_enter_getppid' "$W/fe" && ! grep -q 'started on' "$W/fe"; then
	ok output_dash; else bad output_dash "'-o -' is not stderr"; fi

# -o: perf's first line.
"$FERRET" stat -o "$W/o" true 2>/dev/null
if head -1 "$W/o" | grep -Eq '^# started on [A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4}$'; then
	ok output_file; else bad output_file "$(head -2 "$W/o")"; fi
# The command's exit status is ferret's.
"$FERRET" stat sh -c 'exit 3' 2>/dev/null
rc=$?
if [ $rc = 3 ]; then ok exit_status; else bad exit_status "rc $rc"; fi

# The same error, in the same words at the same column, as perf's (its
# name for ours).
perr() { perr_n 2 "$@"; }
# Refusals: perf's words where it has them, a usage exit, no hang.
err() {
	local name=$1 rc=$2 pat=$3 bin got
	shift 3
	for bin in "$FERRET" ${ASAN:+"$ASAN/ferret"}; do
		timeout 20 "$bin" stat "$@" >"$W/eo" 2>"$W/ee" </dev/null
		got=$?
		if [ "$got" != "$rc" ] || ! grep -q -- "$pat" "$W/ee" || grep -q 'Sanitizer' "$W/ee"; then
			cp "$W/ee" "$W/diff"
			bad "$name" "$bin: rc $got, want $rc and '$pat'"
			return
		fi
	done
	ok "$name"
}
err unknown_event 129 "event syntax error: 'nosuch'" -e nosuch true
err unknown_tracepoint 129 "unknown tracepoint" -e nosuch:event true
err unknown_glob 129 "unknown tracepoint" -e 'sched:nosuch_*' true
err unknown_probe 129 "no such probe" -e "uprobe:$WL:nosuch" true
err empty_event 129 "event syntax error" -e '' true
err no_command 129 "no command" -e task-clock
perr repeat_word -r abc true
perr repeat_suffix -r 1x true
perr repeat_negative -r -1 true
# irfield: for each counted line of -I's plain output, the event, whether
# the line is of the first interval, whether its count is 0, and whether
# it carries -r's error field.  The field shows when the error is not 0,
# which depends on the counts: a cs line's last count is 0 or not as the
# sleep's wake-up falls, so two runs compare by this rule, not by line.
irfield() {
	awk '!/^ *[0-9]/ || /<not/ { next }
	{ if (t0 == "") t0 = $1; ev = $3 == "msec" ? $4 : $3
	  print ev, ($1 == t0 ? "first" : "later"), ($2 + 0 == 0 ? "zero" : "nonzero"),
		(/\( \+-/ ? "field" : "nofield") }' | sort -u
}
# irfield_agree PERF FERRET: no line kind of both has the field in one
# and not the other, and ferret shows it on a later task-clock line.
irfield_agree() {
	[ ! -s "$1" ] && [ ! -s "$2" ] && return 0
	grep -q '^task-clock later nonzero field$' "$2" || { echo "no error field on task-clock"; return 1; }
	join <(awk '{ print $1 "/" $2 "/" $3, $4 }' "$1" | sort) <(awk '{ print $1 "/" $2 "/" $3, $4 }' "$2" | sort) |
		awk '$2 != $3 { print "error field: perf " $2 ", ferret " $3 " on " $1; bad = 1 } END { exit bad }'
}
# -I with -r: perf 6.1 runs every run but prints the first one's
# intervals alone, each with -r's error field, the error of the mean of
# the intervals' counts so far relative to the line's count (the last
# line's is visible in std).  The same runs, lines and exit status.
for mode in "" "-x," "-j"; do
	for tool in perf ferret; do
		rm -f "$W/runs"
		# shellcheck disable=SC2086
		if [ $tool = perf ]; then pf -I 20 -r 3 $mode -e task-clock,cs,cycles sh -c "echo run >>$W/runs; sleep 0.05"
		else fs -I 20 -r 3 $mode -e task-clock,cs,cycles sh -c "echo run >>$W/runs; sleep 0.05"; fi >"$W/ir${tool}raw"
		if [ -z "$mode" ]; then irfield <"$W/ir${tool}raw"; fi >"$W/ir${tool}field"
		sed -E 's/^ *[0-9.]+[ ,]//; s/"interval" : [0-9.]+/"interval" : T/; s/ +\( \+- *[0-9.]+% \)$//' \
			<"$W/ir${tool}raw" >"$W/ir$tool"
		echo "runs $(wc -l <"$W/runs")" >>"$W/ir$tool"
	done
	# Intervals may fall one apart: the lines are compared by kind, and
	# the error field by when it shows.
	if diff <(mask <"$W/irperf" | sort -u) <(mask <"$W/irferret" | sort -u) >"$W/diff" &&
	   irfield_agree "$W/irperffield" "$W/irferretfield" >>"$W/diff" &&
	   [ "$(grep -c 'runs 3' "$W/irferret")" = 1 ]; then ok "interval_repeat $mode"; else
		bad "interval_repeat $mode" "differs from perf (- perf, + ferret)"; fi
done
# The last line's error, from ferret's own CSV: task-clock's run times
# (its counts in ns, 0 for an interval not counted).
fs -I 20 -r 2 -x, -e task-clock sh -c 'sleep 0.05' | grep . >"$W/ire"
f=$(awk -F, '{ v[NR] = $6; e = $5 } END { n = NR; for (i = 1; i <= n; i++) m += v[i] / n
	for (i = 1; i <= n; i++) s += (v[i] - m) ^ 2; sd = sqrt(s / (n - 1) / n)
	got = e + 0; want = v[n] ? 100 * sd / v[n] : 0; d = got - want
	printf "%s", (n >= 2 && d < 0.02 && d > -0.02) ? "ok" : got " want " want }' "$W/ire")
if [ "$f" = ok ]; then ok interval_repeat_error; else cp "$W/ire" "$W/diff"; bad interval_repeat_error "$f"; fi
timeout 20 perf stat -I 20 -r 2 -e task-clock sh -c 'sleep 0.05; exit 3' 2>/dev/null; prc=$?
timeout 20 "$FERRET" stat -I 20 -r 2 -e task-clock sh -c 'sleep 0.05; exit 3' 2>/dev/null; frc=$?
if [ "$prc" = "$frc" ]; then ok interval_repeat_status; else bad interval_repeat_status "perf $prc ferret $frc"; fi
# -r 0: the first run's intervals, without the error field, then runs
# unseen until stopped (perf by SIGTERM).
timeout -s TERM 0.5 perf stat -o "$W/p" -I 20 -r 0 -x, -e task-clock sleep 0.05
timeout -s TERM 0.5 "$FERRET" stat -o "$W/f" -I 20 -r 0 -x, -e task-clock sleep 0.05
if diff <(grep -v '^#' "$W/p" | grep . | sed -E 's/^ *[0-9.]+,//' | mask | sort -u) \
	<(grep -v '^#' "$W/f" | grep . | sed -E 's/^ *[0-9.]+,//' | mask | sort -u) >"$W/diff" &&
   [ "$(grep -c task-clock "$W/f")" -le 4 ]; then ok interval_forever; else
	bad interval_forever "differs from perf (- perf, + ferret)"; fi
# -I below 10 ms: perf 6.1 takes it (and 0 as no interval); a negative
# or non-numeric value is its option error.
# How many intervals end before the command does is timing's: the lines'
# shapes are compared, not their number.
pf -I 5 -e task-clock,cs sleep 0.02 >"$W/pl"
fs -I 5 -e task-clock,cs sleep 0.02 >"$W/fl"
if diff <(mask <"$W/pl" | sort -u) <(mask <"$W/fl" | sort -u) >"$W/diff"; then ok interval_5ms
else bad interval_5ms "layout differs (- perf, + ferret)"; fi
# 1 ms: each tool prints that often (the lines' counts are timing's).
pf -x, -I 1 -e task-clock sleep 0.02 | grep -c task-clock >"$W/i1"
fs -x, -I 1 -e task-clock sleep 0.02 | grep -c task-clock >>"$W/i1"
if awk 'NR == 1 { p = $1 } NR == 2 { f = $1 } END { exit !(p >= 8 && f >= 8) }' "$W/i1"; then
	ok "interval_1ms ($(paste -sd ' ' "$W/i1") lines)"; else bad interval_1ms "lines of perf, ferret: $(paste -sd ' ' "$W/i1")"; fi
layout interval_zero -I 0 -e task-clock true
perr interval_negative -I -1 true
perr interval_word -I x true
perr interval_suffix -I 5ms true
err missing_binary 255 "Workload failed" /nonexistent/cmd
perr bad_pid -p 999999999 true
perr bad_pid_word -p abc true
perr pid_list_missing -p "$$,999999999" true
perr pid_list_word -p "$$,x" true
perr pid_list_empty -p "$$,,1" true
err bad_option 129 "Usage: ferret stat" --nosuch true
perr mod_parser -e page-faults:x true
perr mod_bad -e page-faults:pppp true
perr mod_twice -e page-faults:uu true
perr mod_two_colons -e page-faults:u:k true
perr mod_space -e 'page-faults:u k' true
perr mod_tracepoint -e syscalls:sys_enter_getppid:x true
perr mod_tp_twice -e sched:sched_switch:uu true
perr mod_no_event -e nosuch:u true
perr mod_unknown_tp -e nosuch:event:u true
perr mod_in_list -e task-clock,page-faults:uu true
perr mod_long_cut -e 'page-faults:uu,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' true
perr unknown_in_list -e task-clock,nosuch true
perr group_unclosed_member -e 'task-clock}' true
perr group_empty -e '{}' true
perr group_mod_parser -e '{task-clock}:x' true
perr group_mod_bad -e '{task-clock}:uu' true
perr group_nested -e '{task-clock,{cs}}' true
perr group_trailing -e '{task-clock}u' true
perr group_leader_unsupported -e '{cycles,page-faults}' true
# Kernel functions are counted by BPF where the kernel has kprobes or BPF
# trampolines (tests/vm counts them); here, refused with the kernel's reason.
if [ ! -e /sys/bus/event_source/devices/kprobe ]; then
	err kprobe_unavailable 129 "kprobes are not available" -e kprobe:vfs_read true
	err kprobe_glob_unavailable 129 "kprobes are not available" -e 'kprobe:vfs_*' true
else
	skipped kprobe_unavailable "this kernel has kprobes (tests/vm counts them)"
fi
if grep -q '\[none\]' /sys/kernel/security/lockdown 2>/dev/null; then
	skipped fentry_unavailable "no lockdown here (tests/vm counts fentry)"
else
	err fentry_unavailable 129 "fentry/fexit need" -e fentry:vfs_read true
fi
perr output_log_fd -o "$W/x" --log-fd 2 true
perr table_no_repeat --table true
perr table_one_run -r 1 --table true
perr table_forever -r 0 --table true
perr log_fd_negative --log-fd -1 true
perr log_fd_word --log-fd x true
perr log_fd_closed --log-fd 9 true
perr output_bad_dir -o /nonexistent/x true
perr output_before_aggr -o /nonexistent/x -A true
perr tid_word -t abc true
perr tid_list_word -t 1,x true
perr tid_missing -t 999999999 true
perr aggr_not_system_wide -A true
perr per_core_not_system_wide --per-core true
perr per_thread_no_pid --per-thread true
perr per_thread_cpu_list -C 0 --per-thread true
perr cpu_list_bad -C x true
perr cpu_list_twice -C 1,0,1 true
perr cpu_list_reversed -C 1-0 true
if [ -n "$ASAN" ] && [ -x "$ASAN/ferret" ]; then
	if "$ASAN/ferret" stat -r 2 -x, -e task-clock,"uprobe:$WL:ferret_stat_target" "$WL" 10 2>"$W/ee" >/dev/null &&
	   ! grep -q Sanitizer "$W/ee" && grep -q '^10,' "$W/ee"; then ok asan_run; else
		cp "$W/ee" "$W/diff"; bad asan_run "ASan build failed a run"; fi
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
