#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/uprobe.sh [FERRET]: user-space probes and user stacks, ferret
# against bpftrace in the same run.  Measures and never asserts.
#
# 1. Added cost per uprobe hit.  uprobeloop N (bench/uprobeloop.c) calls
#    the out-of-line function tick() N times, timed inside the process.
#    Each repetition runs it untraced, then under each tracer with -c and
#      count:  uprobe:LOOP:tick { @n = count(); }
#      ret:    uretprobe:LOOP:tick { @n = count(); }
#      empty:  uprobe:LOOP:tick { }     (the kernel's uprobe floor)
#    and checks that the count maps hold N.  Added cost per hit:
#    median(traced) - median(untraced), and the same for the best runs.
# 2. Start-up with uprobes on libc: the wall time, launch to exit, of
#      TOOL -e 'uprobe:libc:malloc { @ = count(); } interval:ms:1 { exit(); }'
#    and of the same with uprobe:libc:$GLOB (about 50 functions): it
#    covers resolving, loading, attaching and detaching.  exit() comes
#    from the first interval tick, which both tracers act on only after
#    attaching every probe, rather than from BEGIN, which fires before
#    the attach.  One checked run
#    (exit status 0, the expected "Attaching N probes..."), then
#    STARTUP_RUNS timed ones.  ferret leaves the release of its perf
#    events to a detached helper (see bench/README.md); the suite waits
#    for it after every run and reports that time as well.
# 3. Symbolizing user stacks at exit.  stackloop (bench/stackloop.c,
#    frame pointers on) makes 2^DEPTH getppid calls from as many distinct
#    user stacks, prints when it is done, makes a getpid call and sleeps
#    STACK_SLEEP_MS.  The tracers run
#      tracepoint:syscalls:sys_enter_getppid /comm == "stackloop"/ { @[ustack] = count(); }
#      tracepoint:syscalls:sys_enter_getpid /comm == "stackloop"/ { exit(); }
#    with -c "/bin/sh WRAPPER", the wrapper running stackloop in the
#    background: bpftrace 0.17 ends its -c child before printing and can
#    name frames only of a live process, so the workload must outlive
#    the tracer.  The time from the workload's "done" to the tracer's
#    exit is measured with the program above and with the same plus
#    END { clear(@); } (nothing to print); the difference is the time
#    spent symbolizing and printing the stacks.  Both tracers get
#    BPFTRACE_MAP_KEYS_MAX=STACK_KEYS so that the map holds every stack.
#    A separate run under strace counts how often each tracer opens each
#    object of the workload.
#
# Writes a Markdown table to stdout and to bench/results-uprobe.md.
# Environment: N (50000), REPS (7), STARTUP_RUNS (5), GLOB (clnt*),
# DEPTH (14), STACK_REPS (3), STACK_SLEEP_MS (3000), STACK_KEYS (131072),
# BPFTRACE, RESULTS.
set -u
set -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
BPFTRACE=${BPFTRACE:-$(command -v bpftrace || true)}
RESULTS=${RESULTS:-$HERE/results-uprobe.md}
N=${N:-50000}
REPS=${REPS:-7}
STARTUP_RUNS=${STARTUP_RUNS:-5}
GLOB=${GLOB:-clnt*}
DEPTH=${DEPTH:-14}
STACK_REPS=${STACK_REPS:-3}
STACK_SLEEP_MS=${STACK_SLEEP_MS:-3000}
STACK_KEYS=${STACK_KEYS:-131072}
BIN=$HERE/build
TMP=$(mktemp -d /tmp/ferret-uprobe-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

source "$HERE/lib.sh"

[ "$(id -u)" = 0 ] || die "needs root (it attaches BPF programs)"
[ -x "$FERRET" ] || die "no ferret binary at ${1:-build/ferret}; run make first"
mkdir -p "$BIN"
cc -O2 -Wall -Wextra -Werror -o "$BIN/uprobeloop" "$HERE/uprobeloop.c" ||
	die "cannot build uprobeloop"
cc -O2 -fno-omit-frame-pointer -Wall -Wextra -Werror -o "$BIN/stackloop" \
	"$HERE/stackloop.c" || die "cannot build stackloop"
cc -O2 -Wall -Wextra -Werror -o "$BIN/timeit" "$HERE/timeit.c" ||
	die "cannot build timeit"
LOOP=$BIN/uprobeloop
start=$(date +%s)
load_at_start=$(cut -d' ' -f1 /proc/loadavg)

TOOLS="ferret${BPFTRACE:+ bpftrace}"
declare -A SAMPLES ERR EXTRA EXITED
NOTES=()
note() { NOTES+=("$*"); log "note: $*"; }
bin_of() { if [ "$1" = bpftrace ]; then echo "$BPFTRACE"; else echo "$FERRET"; fi; }
# The first error line of a run, without bpftrace's RLIMIT_MEMLOCK warning.
first_error() { grep -v 'RLIMIT_MEMLOCK' "$1" | grep -m1 . || head -1 "$2"; }

met() {		# met RATIO LIMIT
	awk -v r="$1" -v l="$2" 'BEGIN { if (r == "—") print "n/a"; else print (r <= l ? "yes" : "no") }'
}

# wait_released: waits (at most 120 s) for new helpers; prints the ms waited.
wait_released() {
	local t0=$EPOCHREALTIME

	wait_helpers 120
	ms_since "$t0" "$EPOCHREALTIME"
}

# ---------------------------------------------------------------------------
# 1. Added cost per uprobe hit.
declare -A PROG=(
	[count]="uprobe:$LOOP:tick { @n = count(); }"
	[ret]="uretprobe:$LOOP:tick { @n = count(); }"
	[empty]="uprobe:$LOOP:tick { }"
)
HIT_CASES="count ret empty"

nsper() { sed -n 's/^uprobeloop: [0-9]* calls, \([0-9.]*\) ns\/call$/\1/p' "$1"; }

run_hit() {	# run_hit TOOL CASE: appends a sample or records the error
	local tool=$1 c=$2 ns
	snapshot_ferrets
	timeout 120 "$(bin_of "$tool")" -c "$LOOP $N" -e "${PROG[$c]}" \
		>"$TMP/out" 2>"$TMP/err" </dev/null
	[ "$tool" = ferret ] && wait_released >/dev/null
	ns=$(nsper "$TMP/out")
	if [ -z "$ns" ] || { [ "$c" != empty ] && ! grep -qx "@n: $N" "$TMP/out"; }; then
		ERR[$tool.$c]=$(first_error "$TMP/err" "$TMP/out")
		return
	fi
	SAMPLES[$tool.$c]="${SAMPLES[$tool.$c]:-} $ns"
}

for rep in $(seq "$REPS"); do
	log "1. uprobe hits: repetition $rep of $REPS"
	"$LOOP" "$N" >"$TMP/base" && SAMPLES[base]="${SAMPLES[base]:-} $(nsper "$TMP/base")"
	for c in $HIT_CASES; do
		for tool in $TOOLS; do
			run_hit "$tool" "$c"
		done
	done
done

# ---------------------------------------------------------------------------
# 2. Start-up with uprobes on libc.
declare -A SPROG=(
	[malloc]="uprobe:libc:malloc { @ = count(); } interval:ms:1 { exit(); }"
	[glob]="uprobe:libc:$GLOB { @ = count(); } interval:ms:1 { exit(); }"
)
declare -A NMATCH
NMATCH[ferret]=$("$FERRET" -l "uprobe:libc:$GLOB" 2>/dev/null | wc -l)
[ -n "$BPFTRACE" ] && NMATCH[bpftrace]=$("$BPFTRACE" -l "uprobe:libc:$GLOB" 2>/dev/null | wc -l)
[ -n "$BPFTRACE" ] && [ "${NMATCH[ferret]}" != "${NMATCH[bpftrace]}" ] &&
	note "uprobe:libc:$GLOB matches ${NMATCH[ferret]} functions for ferret -l, ${NMATCH[bpftrace]} for bpftrace -l"

for c in malloc glob; do
	for tool in $TOOLS; do
		bin=$(bin_of "$tool")
		want=2
		[ "$c" = glob ] && want=$((${NMATCH[$tool]} + 1))
		log "2. start-up, $c: $tool, 1 checked run and $STARTUP_RUNS timed"
		snapshot_ferrets
		timeout 300 "$bin" -e "${SPROG[$c]}" >"$TMP/out" 2>"$TMP/err" </dev/null
		rc=$?
		[ "$tool" = ferret ] && wait_released >/dev/null
		if [ $rc != 0 ] || ! grep -q "^Attaching $want probes\.\.\.$" "$TMP/out"; then
			ERR[$tool.start.$c]="exit status $rc, $(first_error "$TMP/err" "$TMP/out")"
			continue
		fi
		for r in $(seq "$STARTUP_RUNS"); do
			snapshot_ferrets
			read -r ms rc < <("$BIN/timeit" 0 1 timeout 300 "$bin" -e "${SPROG[$c]}")
			ms=$(printf '%.1f' "$ms")
			if [ "$rc" != 0 ]; then
				ERR[$tool.start.$c]="a timed run exited with status $rc"
				continue
			fi
			SAMPLES[$tool.start.$c]="${SAMPLES[$tool.start.$c]:-} $ms"
			if [ "$tool" = ferret ]; then
				w=$(wait_released)
				SAMPLES[$tool.released.$c]="${SAMPLES[$tool.released.$c]:-} $(awk -v a="$ms" -v b="$w" 'BEGIN { printf "%.1f", a + b }')"
			fi
		done
	done
done

# Where ferret's start-up time goes with one uprobe: the time it spends
# in the kernel attaching the uprobe (the uprobe PMU's perf_event_open
# and the BPF_LINK_CREATE calls), and releasing the BPF links, which
# ferret leaves to a detached process after it exits; strace -T, one run.
KERN_MALLOC=""
if command -v strace >/dev/null; then
	log "2. start-up, malloc: ferret under strace -T"
	snapshot_ferrets
	timeout 60 strace --seccomp-bpf -f -qq -T -e trace=perf_event_open,bpf,close \
		-o "$TMP/strace" "$FERRET" -e "${SPROG[malloc]}" >/dev/null 2>&1 </dev/null
	wait_released >/dev/null
	uptype=$(printf 'type=%#x' "$(cat /sys/bus/event_source/devices/uprobe/type 2>/dev/null || echo 0)")
	KERN_MALLOC=$(awk -v t="$uptype" '
		function dur(l) { return substr(l, match(l, /<[0-9.]+>$/) + 1, RLENGTH - 2) }
		/perf_event_open\(/ && (index($0, "{" t " ") || index($0, "{" t ",")) { open += dur($0) }
		/BPF_LINK_CREATE/ && match($0, /= [0-9]+ </) {
			open += dur($0)
			link[substr($0, RSTART + 2, RLENGTH - 4)] = 1 }
		match($0, /close\([0-9]+\)/) {
			if (substr($0, RSTART + 6, RLENGTH - 7) in link) detach += dur($0) }
		END { printf "%.1f %.1f\n", open * 1000, detach * 1000 }' "$TMP/strace")
fi

# ---------------------------------------------------------------------------
# 3. Symbolizing user stacks at exit.
SL=$BIN/stackloop
printf '#!/bin/sh\n%s %s %s &\nwait\n' "$SL" "$DEPTH" "$STACK_SLEEP_MS" >"$TMP/stackrun"
STACK_BASE='tracepoint:syscalls:sys_enter_getppid /comm == "stackloop"/ { @[ustack] = count(); } tracepoint:syscalls:sys_enter_getpid /comm == "stackloop"/ { exit(); }'
declare -A STPROG=(
	[print]="$STACK_BASE"
	[clear]="$STACK_BASE END { clear(@); }"
)

# stack_stats FILE: "ENTRIES WITH_FRAMES NAMED HEX_FRAMES" of a printed
# map: entries, entries with at least one frame, entries with a frame
# named left+OFF or right+OFF, frames printed as bare addresses.
stack_stats() {
	awk '/^@\[$/ { in_key = 1; frames = 0; named = 0; next }
	     in_key && /^\]: / { in_key = 0; n++; if (frames) f++; if (named) s++; next }
	     in_key { frames++; if ($1 ~ /^(left|right)\+[0-9]+$/) named = 1;
		      if ($1 ~ /^0x[0-9a-f]+$/) hex++ }
	     END { printf "%d %d %d %d\n", n, f, s, hex }' "$1"
}

run_stack() {	# run_stack TOOL VARIANT: appends samples or records the error
	local tool=$1 v=$2 t_end t_done ms
	snapshot_ferrets
	BPFTRACE_MAP_KEYS_MAX=$STACK_KEYS timeout 120 "$(bin_of "$tool")" \
		-c "/bin/sh $TMP/stackrun" -e "${STPROG[$v]}" \
		>"$TMP/out" 2>"$TMP/err" </dev/null
	t_end=$EPOCHREALTIME
	[ "$tool" = ferret ] && wait_released >/dev/null
	t_done=$(sed -n 's/^stackloop: [0-9]* calls, depth [0-9]*, done at \([0-9.]*\)$/\1/p' "$TMP/out")
	if [ -z "$t_done" ]; then
		ERR[$tool.stack.$v]=$(first_error "$TMP/err" "$TMP/out")
		return
	fi
	ms=$(ms_since "$t_done" "$t_end")
	SAMPLES[$tool.stack.$v]="${SAMPLES[$tool.stack.$v]:-} $ms"
	awk -v m="$ms" -v s="$STACK_SLEEP_MS" 'BEGIN { exit !(m > s) }' &&
		note "3. $tool took $ms ms from the workload's end to its exit, longer than the workload's $STACK_SLEEP_MS ms sleep: frames printed after the workload exited may be unnamed"
	if [ "$v" = print ]; then
		read -r n f s h < <(stack_stats "$TMP/out")
		SAMPLES[$tool.stack.entries]="${SAMPLES[$tool.stack.entries]:-} $n"
		SAMPLES[$tool.stack.frames]="${SAMPLES[$tool.stack.frames]:-} $f"
		SAMPLES[$tool.stack.named]="${SAMPLES[$tool.stack.named]:-} $s"
		SAMPLES[$tool.stack.hex]="${SAMPLES[$tool.stack.hex]:-} $h"
		[ -s "$TMP/stack.$tool" ] || sed -n '/^@\[$/,/^\]/p' "$TMP/out" | head -40 >"$TMP/stack.$tool"
	fi
}

for rep in $(seq "$STACK_REPS"); do
	log "3. user stacks: repetition $rep of $STACK_REPS"
	for v in print clear; do
		for tool in $TOOLS; do
			run_stack "$tool" "$v"
		done
	done
done

# The same stacks printed after the workload has exited: -c runs it
# directly, without a sleep, and the map is printed when it exits.
EXITED_PROG='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[ustack] = count(); }'
for tool in $TOOLS; do
	log "3. user stacks: $tool, printed after the workload exited"
	BPFTRACE_MAP_KEYS_MAX=$STACK_KEYS timeout 120 "$(bin_of "$tool")" \
		-c "$SL $DEPTH 0" -e "$EXITED_PROG" >"$TMP/out" 2>"$TMP/err" </dev/null
	[ "$tool" = ferret ] && wait_released >/dev/null
	read -r n f s h < <(stack_stats "$TMP/out")
	EXITED[$tool]="$f $s $h"
done

# The objects the workload maps executable, by the paths its maps name.
"$SL" 1 2000 >/dev/null &
slpid=$!
sleep 0.3
OBJECTS=$(awk '$2 ~ /x/ && $6 ~ /^\// { print $6 }' "/proc/$slpid/maps" | sort -u)
wait $slpid

# opens TOOL: under strace, how often the tracer process (not the
# processes it starts, which exec) opened each object, by path as given,
# as /proc/PID/root/PATH or relative to "/"; then debug files.
declare -A OPENS
if command -v strace >/dev/null; then
	for tool in $TOOLS; do
		log "3. user stacks: counting $tool's openat calls under strace"
		BPFTRACE_MAP_KEYS_MAX=$STACK_KEYS timeout 300 strace --seccomp-bpf -f -qq \
			-e trace=openat,execve -o "$TMP/strace" "$(bin_of "$tool")" \
			-c "/bin/sh $TMP/stackrun" -e "${STPROG[print]}" \
			>"$TMP/out" 2>"$TMP/err" </dev/null
		read -r n f s h < <(stack_stats "$TMP/out")
		EXTRA[$tool.strace]="$f stacks with frames printed under strace"
		OPENS[$tool]=$(awk -v objs="$OBJECTS" '
			NR == 1 { root = $1 }
			/execve\(/ && $1 != root { exec[$1] = 1 }
			/openat\(/ && !/= -1 / { line[++nl] = $0 }
			END {
				no = split(objs, o, "\n")
				for (i = 1; i <= nl; i++) {
					split(line[i], w, " ")
					if (w[1] in exec)
						continue
					if (!match(line[i], /"[^"]*"/))
						continue
					p = substr(line[i], RSTART + 1, RLENGTH - 2)
					sub(/^\/proc\/[0-9]+\/root\//, "/", p)
					if (p !~ /^\//)
						p = "/" p
					cnt[p]++
				}
				for (j = 1; j <= no; j++)
					printf "%s%s: %d", (j > 1 ? ", " : ""), o[j], cnt[o[j]] + 0
				for (p in cnt)
					if (p ~ /^\/usr\/lib\/debug\//)
						printf ", %s: %d", p, cnt[p]
				print ""
			}' "$TMP/strace")
	done
else
	note "strace is not installed: the openat counts of benchmark 3 are missing (apt-get install strace)"
fi

# ---------------------------------------------------------------------------
# The report.
base=$(median <<<"${SAMPLES[base]:-}")
added() {	# added STAT TOOL CASE
	local m
	m=$("$1" <<<"${SAMPLES[$2.$3]:-}")
	diff1 "$m" "$("$1" <<<"${SAMPLES[base]:-}")"
}
stat_of() { "$1" <<<"${SAMPLES[$2]:-}"; }
row() {		# row PROGRAM METRIC FERRET BPFTRACE TARGET_LIMIT
	local r target="—" m="—"
	r=$(ratio "$3" "$4")
	if [ -n "$5" ]; then
		target="≤ $5×"
		m=$(met "$r" "$5")
	fi
	echo "| $1 | $2 | $3 | $4 | $r | $target | $m |"
}
bstat() {	# bstat STAT KEY: bpftrace's figure, n/a without bpftrace
	if [ -n "$BPFTRACE" ]; then stat_of "$1" "bpftrace.$2"; else echo n/a; fi
}

{
	echo "# Uprobe and user-stack benchmark"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel $(uname -r), $(getconf _NPROCESSORS_ONLN) CPUs, load average $load_at_start at start;"
	peer=none
	[ -n "$BPFTRACE" ] && peer="$("$BPFTRACE" --version) $BPFTRACE"
	echo "$("$FERRET" -V) ($FERRET), peer: $peer."
	echo "uprobeloop $N calls per run, $REPS repetitions; start-up $STARTUP_RUNS timed runs each;"
	echo "stackloop depth $DEPTH ($((1 << DEPTH)) stacks), $STACK_REPS repetitions; medians; suite time $(( $(date +%s) - start )) s."
	echo "Ratios are ferret ÷ bpftrace; lower is better for ferret. See bench/README.md."
	echo
	echo "| Program | Metric | ferret | bpftrace | ferret/bpftrace | Target | Met |"
	echo "|---|---|---:|---:|---:|---|---|"
	echo "| (none) | untraced \`tick()\` call (ns) | $base | $base | — | — | — |"
	for c in $HIT_CASES; do
		limit=""
		[ "$c" = count ] && limit=1
		for stat in median minimum; do
			what="added cost per hit (ns, median)"
			[ $stat = minimum ] && what="added cost per hit (ns, best run)"
			b=n/a
			[ -n "$BPFTRACE" ] && b=$(added $stat bpftrace "$c")
			row "\`${PROG[$c]//$LOOP/LOOP}\`" "$what" "$(added $stat ferret "$c")" "$b" "$limit"
		done
	done
	for c in malloc glob; do
		p="\`${SPROG[$c]}\`"
		[ "$c" = glob ] && p="$p (${NMATCH[ferret]} functions)"
		row "$p" "wall time, launch to exit (ms, median)" \
			"$(stat_of median ferret.start.$c)" "$(bstat median start.$c)" 0.1
		row "$p" "wall time, launch to exit (ms, best run)" \
			"$(stat_of minimum ferret.start.$c)" "$(bstat minimum start.$c)" ""
		row "$p" "launch until the perf events are released (ms, median)" \
			"$(stat_of median ferret.released.$c)" "$(bstat median start.$c)" ""
	done
	if [ -n "$KERN_MALLOC" ]; then
		read -r ko kd <<<"$KERN_MALLOC"
		NOTES+=("2. ferret with \`uprobe:libc:malloc\`, one run under \`strace -T\`: attaching the uprobe took $ko ms in the kernel, and releasing the BPF links $kd ms, which ferret leaves to a detached process once its programs are stopped")
	fi
	sp="\`@[ustack] = count()\`, $((1 << DEPTH)) stacks"
	fp=$(stat_of median ferret.stack.print)
	fc=$(stat_of median ferret.stack.clear)
	bp=$(bstat median stack.print)
	bc=$(bstat median stack.clear)
	row "$sp" "workload done → tracer exit, printing (ms, median)" "$fp" "$bp" ""
	row "$sp" "the same with \`END { clear(@); }\` (ms, median)" "$fc" "$bc" ""
	row "$sp" "symbolizing and printing at exit (ms, difference)" "$(diff1 "$fp" "$fc")" "$(diff1 "$bp" "$bc")" ""
	row "$sp" "map entries printed (median)" "$(stat_of median ferret.stack.entries)" "$(bstat median stack.entries)" ""
	row "$sp" "distinct stacks with frames (median)" "$(stat_of median ferret.stack.frames)" "$(bstat median stack.frames)" ""
	row "$sp" "stacks with \`left\`/\`right\` frames named (median)" "$(stat_of median ferret.stack.named)" "$(bstat median stack.named)" ""
	row "$sp" "frames left as addresses (median)" "$(stat_of median ferret.stack.hex)" "$(bstat median stack.hex)" ""
	read -r ef es eh <<<"${EXITED[ferret]:-n/a n/a n/a}"
	read -r bf bs bh <<<"${EXITED[bpftrace]:-n/a n/a n/a}"
	sx="\`-c 'stackloop $DEPTH 0'\`, \`/pid == cpid/\`, printed after it exited"
	row "$sx" "distinct stacks with frames" "$ef" "$bf" ""
	row "$sx" "stacks with \`left\`/\`right\` frames named" "$es" "$bs" ""
	row "$sx" "frames left as addresses" "$eh" "$bh" ""
	echo
	echo "## Object files opened while symbolizing"
	echo
	echo "Successful openat() calls of the tracer process under \`strace -f\` (the"
	echo "workload and the shell it runs in are left out), for each object the"
	echo "workload maps, and for the debug files read; the same print run as above."
	echo
	for tool in $TOOLS; do
		echo "- $tool (${EXTRA[$tool.strace]:-not run}): ${OPENS[$tool]:-n/a}"
	done
	echo
	echo "## A stack as each tracer printed it"
	for tool in $TOOLS; do
		echo
		echo "$tool:"
		echo
		echo '```'
		sed -n '1,/^\]/p' "$TMP/stack.$tool" 2>/dev/null
		echo '```'
	done
	echo
	echo "## Samples"
	echo
	echo "- untraced (ns/call):${SAMPLES[base]:-}"
	for c in $HIT_CASES; do
		for tool in $TOOLS; do
			echo "- $tool $c (ns/call):${SAMPLES[$tool.$c]:- none}"
		done
	done
	for c in malloc glob; do
		for tool in $TOOLS; do
			echo "- $tool start-up $c (ms):${SAMPLES[$tool.start.$c]:- none}"
		done
		echo "- ferret start-up $c until released (ms):${SAMPLES[ferret.released.$c]:- none}"
	done
	for k in print clear entries frames named hex; do
		for tool in $TOOLS; do
			echo "- $tool stacks $k:${SAMPLES[$tool.stack.$k]:- none}"
		done
	done
	for k in "${!ERR[@]}"; do
		NOTES+=("$k: could not run here (${ERR[$k]})")
	done
	[ -z "$BPFTRACE" ] && NOTES+=("bpftrace was not found: its column says n/a")
	if [ ${#NOTES[@]} -gt 0 ]; then
		echo
		echo "## Notes"
		echo
		printf -- '- %s\n' "${NOTES[@]}"
	fi
} | tee "$RESULTS"
