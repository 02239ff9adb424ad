#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/export.sh [FERRET]: what it costs to get a map of SERIES keys out
# of the kernel.  ferret --export answers a Prometheus scrape of it;
# bpftrace, which has no exporter, prints it, and its cost is the time
# from SIGINT to its exit with the map, less the same with an empty map.
# Both read every entry of the same map filled by the same workload in
# one run.  Prints a Markdown table and the ratio.  Root.  Measures only.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FERRET=$(readlink -f "${1:-build/ferret}")
SERIES=${SERIES:-10000}
REPS=${REPS:-5}
T=$(mktemp -d)
PORT=${PORT:-19499}
FPID=
trap '[ -n "$FPID" ] && kill -INT "$FPID" 2>/dev/null; wait 2>/dev/null; rm -rf "$T"' EXIT
cc -O2 -o "$T/loop" "$HERE/benchloop.c"
export BPFTRACE_MAP_KEYS_MAX=$((SERIES * 2))
PROG='tracepoint:syscalls:sys_enter_getppid /comm == "loop"/ { @calls[@n] = count(); @n = @n + 1; }'
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

"$FERRET" -q --export "prometheus=127.0.0.1:$PORT" -e "$PROG" >/dev/null 2>"$T/ferret.err" &
FPID=$!
for i in $(seq 200); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/metrics" && break; sleep 0.05; done
"$T/loop" "$SERIES" >/dev/null
got=$(curl -sf "http://127.0.0.1:$PORT/metrics" | grep -c '^ferret_calls_total{')
v=()
for i in $(seq "$REPS"); do
	v+=("$(curl -sf -o /dev/null -w '%{time_total}' "http://127.0.0.1:$PORT/metrics" |
	       awk '{ printf "%.1f", $1 * 1000 }')")
done
scrape=$(med "${v[@]}")
kill -INT "$FPID"
wait "$FPID" 2>/dev/null
FPID=

# bpftrace: ms from SIGINT to exit, with the map filled and with it empty.
bt_exit() {	# FILL(0/1)
	local a b pid
	# SIGINT as it should be, whatever the caller ignored or blocked.
	python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp("bpftrace", sys.argv[1:])' bpftrace -e "$PROG" >"$T/bt.out" 2>&1 &
	pid=$!
	for i in $(seq 400); do grep -q Attaching "$T/bt.out" 2>/dev/null && break; sleep 0.05; done
	[ "$1" = 1 ] && "$T/loop" "$SERIES" >/dev/null
	sleep 0.2
	a=$(date +%s%N)
	kill -INT "$pid"
	wait "$pid" 2>/dev/null
	b=$(date +%s%N)
	[ "$1" = 1 ] && cp "$T/bt.out" "$T/bt.full"
	echo $(( (b - a) / 100000 )) | awk '{ printf "%.1f", $1 / 10 }'
}
if command -v bpftrace >/dev/null; then
	full=() empty=()
	for i in $(seq "$REPS"); do
		full+=("$(bt_exit 1)")
		empty+=("$(bt_exit 0)")
	done
	bt=$(awk -v f="$(med "${full[@]}")" -v e="$(med "${empty[@]}")" 'BEGIN { printf "%.1f", f - e }')
	bt_lines=$(grep -c '^@calls\[' "$T/bt.full")
else
	bt=n/a bt_lines=n/a
fi
ratio=$(awk -v a="$scrape" -v b="$bt" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "n/a" }')
echo "A map of $SERIES keys (one per getppid call), median of $REPS"
echo
echo "| | ferret --export, one scrape | bpftrace, printing it at exit | ferret ÷ bpftrace |"
echo "|---|---:|---:|---:|"
echo "| ms | $scrape | $bt | $ratio |"
echo "| series / map lines seen | $got | $bt_lines | |"
