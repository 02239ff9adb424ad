#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/record.sh [FERRET]: the added cost per recorded event and the
# bytes per event on disk of perf record and ferret record, recording
# sched_switch and every system call's entry and exit of a getppid loop
# (benchloop.c), in one run; prints a Markdown table with ferret's ratios
# to perf's.  ferret records again with --context tid, with --context
# tid,pid,procname and with ten ids packed in words (prio, ppid, vpid,
# uid, gid, pid_ns, ...): the cost of an event context, against
# ferret's own default.  trace-cmd record is tried too: on a kernel in lockdown it
# cannot enable ftrace, and the table says so.  With two CPUs or more,
# two loops pinned to CPUs 0 and 1 are recorded at once by each tool (a
# buffer per CPU for both).  Then a loop of BIG calls
# is recorded at full speed (events written and lost), and the trace read
# by report, convert and timeline against perf script reading perf.data
# (events per second), and the timeline opened in headless Chromium.
# Root.  Measures only, never asserts.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
N=${N:-200000}
REPS=${REPS:-3}
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
. "$HERE/lib.sh"
cc -O2 -o "$T/loop" "$HERE/benchloop.c" || die "cannot build benchloop"
ns() { sed -n 's/.*calls, \([0-9.]*\) ns\/call/\1/p' | tail -1; }

# fer SUFFIX ARGS...: one ferret run, its figures added to fer_v$SUFFIX,
# fer_ev$SUFFIX and fer_b$SUFFIX.
fer() {
	local sfx=$1 v e b n
	shift
	rm -rf "$T/f.ctf"
	snapshot_ferrets
	v=$("$FERRET" record -o "$T/f.ctf" -e sched -e syscalls "$@" -c "$T/loop $N" \
		2>"$T/f.err" | ns)
	wait_helpers 30
	e=$(sed -n 's/^ferret record: \([0-9]*\) events,.*/\1/p' "$T/f.err")
	b=$(cat "$T"/f.ctf/channel0_* | wc -c)
	n=fer_v$sfx; declare -g "$n=${!n} $v"
	n=fer_ev$sfx; declare -g "$n=${!n} $e"
	n=fer_b$sfx; declare -g "$n=${!n} $b"
}

# Each run: ns/call, events recorded, bytes written; medians over REPS.
base_v="" perf_v="" perf_ev="" perf_b="" fer_v="" fer_ev="" fer_b=""
fer_v_t="" fer_ev_t="" fer_b_t="" fer_v_a="" fer_ev_a="" fer_b_a=""
fer_v_i="" fer_ev_i="" fer_b_i=""
IDS=tid,pid,prio,nice,ppid,vpid,uid,gid,pid_ns,mnt_ns
for _ in $(seq "$REPS"); do
	base_v+=" $("$T/loop" "$N" | ns)"

	rm -f "$T/perf.data"
	perf_v+=" $(perf record -q -e sched:sched_switch -e raw_syscalls:sys_enter \
		-e raw_syscalls:sys_exit -o "$T/perf.data" -- "$T/loop" "$N" 2>/dev/null | ns)"
	perf_ev+=" $(perf script -i "$T/perf.data" -F event 2>/dev/null | wc -l)"
	perf_b+=" $(stat -c %s "$T/perf.data")"

	fer ""
	fer _t --context tid
	fer _a --context tid,pid,procname
	fer _i --context "$IDS"
done
tc="runs"
if ! timeout 20 trace-cmd record -e sched_switch -o "$T/tc.dat" true >"$T/tc.err" 2>&1; then
	tc="cannot run here: $(grep -m1 -o "Can't enable ftrace\|Operation not permitted" "$T/tc.err" ||
		head -1 "$T/tc.err")"
fi

base=$(echo "$base_v" | median)
pv=$(echo "$perf_v" | median) pe=$(echo "$perf_ev" | median) pb=$(echo "$perf_b" | median)
fv=$(echo "$fer_v" | median) fe=$(echo "$fer_ev" | median) fb=$(echo "$fer_b" | median)
# per_event NS_PER_CALL EVENTS: the added ns per recorded event.
per_event() { awk -v v="$1" -v b="$base" -v e="$2" -v n="$N" \
	'BEGIN { if (e > 0) printf "%.1f", (v - b) * n / e; else print "n/a" }'; }
bpe() { awk -v b="$1" -v e="$2" 'BEGIN { if (e > 0) printf "%.1f", b / e; else print "n/a" }'; }
pp=$(per_event "$pv" "$pe") fp=$(per_event "$fv" "$fe")
pbe=$(bpe "$pb" "$pe") fbe=$(bpe "$fb" "$fe")
ftv=$(echo "$fer_v_t" | median) fte=$(echo "$fer_ev_t" | median) ftb=$(echo "$fer_b_t" | median)
fav=$(echo "$fer_v_a" | median) fae=$(echo "$fer_ev_a" | median) fab=$(echo "$fer_b_a" | median)
ftp=$(per_event "$ftv" "$fte") fap=$(per_event "$fav" "$fae")
ftbe=$(bpe "$ftb" "$fte") fabe=$(bpe "$fab" "$fae")
fiv=$(echo "$fer_v_i" | median) fie=$(echo "$fer_ev_i" | median) fib=$(echo "$fer_b_i" | median)
fip=$(per_event "$fiv" "$fie") fibe=$(bpe "$fib" "$fie")
echo "getppid loop, $N calls, median of $REPS; untraced: $base ns/call"
echo "events: sched_switch, every system call's entry and exit"
echo
echo "| recorder | ns/call | events | added ns/event | bytes/event | ferret ÷ perf (cost) | ferret ÷ perf (bytes) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
echo "| perf record | $pv | $pe | $pp | $pbe | | |"
echo "| ferret record | $fv | $fe | $fp | $fbe | $(ratio "$fp" "$pp") | $(ratio "$fbe" "$pbe") |"
echo "| trace-cmd record | $tc | | | | | |"
echo
echo "| ferret record | ns/call | events | added ns/event | bytes/event | ÷ default (cost) | ÷ default (bytes) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
echo "| default | $fv | $fe | $fp | $fbe | | |"
echo "| --context tid | $ftv | $fte | $ftp | $ftbe | $(ratio "$ftp" "$fp") | $(ratio "$ftbe" "$fbe") |"
echo "| --context tid,pid,procname | $fav | $fae | $fap | $fabe | $(ratio "$fap" "$fp") | $(ratio "$fabe" "$fbe") |"
echo "| --context $IDS | $fiv | $fie | $fip | $fibe | $(ratio "$fip" "$fp") | $(ratio "$fibe" "$fbe") |"

# Two CPUs recording at once: a loop pinned to each of CPUs 0 and 1, so
# that both write events at the same time (ferret gives each CPU a ring
# buffer of its own, as perf gives each its own buffer).  The figure is
# the two loops' mean ns/call.
if [ "$(nproc)" -ge 2 ]; then
	printf '%s\n' "taskset -c 0 \"$T/loop\" \"\$1\" >\"$T/l0\" 2>&1 &" \
		"taskset -c 1 \"$T/loop\" \"\$1\" >\"$T/l1\" 2>&1" "wait" \
		"cat \"$T/l0\" \"$T/l1\"" >"$T/both.sh"
	mean2() { sed -n 's/.*calls, \([0-9.]*\) ns\/call/\1/p' |
		awk '{ s += $1; n++ } END { if (n == 2) printf "%.1f", s / 2; else print "n/a" }'; }
	b2_v="" p2_v="" p2_ev="" f2_v="" f2_ev=""
	for _ in $(seq "$REPS"); do
		b2_v+=" $(bash "$T/both.sh" "$N" | mean2)"
		rm -f "$T/perf2.data"
		p2_v+=" $(perf record -q -e sched:sched_switch -e raw_syscalls:sys_enter \
			-e raw_syscalls:sys_exit -o "$T/perf2.data" -- bash "$T/both.sh" "$N" \
			2>/dev/null | mean2)"
		p2_ev+=" $(perf script -i "$T/perf2.data" -F event 2>/dev/null | wc -l)"
		rm -rf "$T/f2.ctf"
		snapshot_ferrets
		f2_v+=" $("$FERRET" record -o "$T/f2.ctf" -e sched -e syscalls \
			-c "bash $T/both.sh $N" 2>"$T/f2.err" | mean2)"
		wait_helpers 30
		f2_ev+=" $(sed -n 's/^ferret record: \([0-9]*\) events,.*/\1/p' "$T/f2.err")"
	done
	b2=$(echo "$b2_v" | median) p2=$(echo "$p2_v" | median) p2e=$(echo "$p2_ev" | median)
	f2=$(echo "$f2_v" | median) f2e=$(echo "$f2_ev" | median)
	# The added ns per event: each loop's calls over its half of the events.
	pe2() { awk -v v="$1" -v b="$b2" -v e="$2" -v n="$N" \
		'BEGIN { if (e > 0) printf "%.1f", (v - b) * 2 * n / e; else print "n/a" }'; }
	pp2=$(pe2 "$p2" "$p2e") fp2=$(pe2 "$f2" "$f2e")
	echo
	echo "two loops of $N calls at once, pinned to CPUs 0 and 1 (median of $REPS;" \
		"untraced: $b2 ns/call)"
	echo
	echo "| recorder | ns/call | events | added ns/event | ferret ÷ perf (cost) |"
	echo "|---|---:|---:|---:|---:|"
	echo "| perf record | $p2 | $p2e | $pp2 | |"
	echo "| ferret record | $f2 | $f2e | $fp2 | $(ratio "$fp2" "$pp2") |"
fi

# Sustained recording, then reading: a loop of BIG calls recorded at full
# speed (events written and events lost, both counted by ferret), then
# the trace read by report, report --summary, convert and timeline, each
# timed against perf script reading perf's recording of the same loop.
BIG=${BIG:-500000}
secs() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
	awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.2f", n / s / 1e6; else print "n/a" }'; }
rm -rf "$T/big.ctf"
snapshot_ferrets
s0=$(date +%s.%N)
"$FERRET" record -o "$T/big.ctf" -e sched -e syscalls -b 256 -c "$T/loop $BIG" \
	>/dev/null 2>"$T/big.err"
s1=$(date +%s.%N)
wait_helpers 30
bw=$(sed -n 's/^ferret record: \([0-9]*\) events,.*/\1/p' "$T/big.err")
bl=$(sed -n 's/^ferret record: \([0-9]*\) events lost.*/\1/p' "$T/big.err")
bl=${bl:-0}
rs=$(awk -v s="$s0" -v e="$s1" 'BEGIN { printf "%.3f", e - s }')
rm -f "$T/big.data"
perf record -q -e sched:sched_switch -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit \
	-o "$T/big.data" -- "$T/loop" "$BIG" >/dev/null 2>&1
pn=$(perf script -i "$T/big.data" -F event 2>/dev/null | wc -l)
t_rep=$(secs "$FERRET" report -o /dev/null "$T/big.ctf")
t_sum=$(secs "$FERRET" report --summary -o /dev/null "$T/big.ctf")
t_conv=$(secs "$FERRET" convert -f chrome -o "$T/big.json" "$T/big.ctf")
t_tl=$(secs "$FERRET" timeline -o "$T/big.html" "$T/big.ctf")
t_ps=$(secs perf script -i "$T/big.data")
# Chromium opening the timeline: the page's own time from navigation to
# its first view drawn (data-drawn-ms), the best of two.  The wall time of
# --dump-dom is not it: serializing the 30 MB page back costs seconds.
browser=$(command -v chromium || command -v chromium-browser || true)
t_open=n/a
if [ -n "$browser" ]; then
	drawn() { local p; p=$(mktemp -d); timeout 120 "$browser" --headless --no-sandbox \
		--disable-gpu --no-first-run --user-data-dir="$p" --dump-dom "file://$1" 2>/dev/null |
		sed -n 's/.*data-drawn-ms="\([0-9]*\)".*/\1/p' | head -1; rm -rf "$p"; }
	t_open=$( (drawn "$T/big.html"; drawn "$T/big.html") | sort -n | head -1)
	t_open=${t_open:-n/a}
fi
echo
echo "getppid loop of $BIG calls recorded at full speed (-e sched -e syscalls, -b 256):"
echo "$bw events written, $bl lost (counted in the trace), $(rate "$((bw + bl))" "$rs") M events/s offered over $rs s"
echo
echo "| reading $bw events | seconds | M events/s | × perf script's rate |"
echo "|---|---:|---:|---:|"
echo "| perf script ($pn events of perf.data) | $t_ps | $(rate "$pn" "$t_ps") | |"
for r in "report:$t_rep" "report --summary:$t_sum" "convert -f chrome:$t_conv" "timeline:$t_tl"; do
	n=${r%%:*} t=${r##*:}
	echo "| ferret $n | $t | $(rate "$bw" "$t") | $(ratio "$(rate "$bw" "$t")" "$(rate "$pn" "$t_ps")") |"
done
echo
echo "timeline of $bw events ($(($(stat -c %s "$T/big.html") / 1048576)) MiB) in headless Chromium: first view drawn $t_open ms after navigation"
