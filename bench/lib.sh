# SPDX-License-Identifier: GPL-2.0
#
# What the benchmark scripts share; sourced after FERRET is set to the
# ferret binary's absolute path.
#
# Sample lists are space-separated numbers on stdin; "n/a" stands for a
# figure that could not be had, and ratio() prints "—" for it.

log() { echo "bench: $*" >&2; }
die() { echo "bench: $*" >&2; exit 1; }

median() {
	tr ' ' '\n' | grep -v '^$' | sort -g |
		awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a";
			else if (NR % 2) print v[(NR + 1) / 2];
			else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
minimum() {
	tr ' ' '\n' | grep -v '^$' | sort -g | head -1 | grep . || echo n/a
}
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b <= 0) print "—";
		else printf "%.3g\n", a / b }'
}
diff1() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a") print "n/a"; else printf "%.1f\n", a - b }'; }
ms_since() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }'; }

# ferret hands the release of its BPF links and perf events to a
# detached helper that outlives it (bench/README.md).  The kernel work
# still happens, holding locks the next tracer needs to attach, so after
# each ferret run a suite waits for such helpers: processes running this
# ferret binary that lead their own session (the helper calls setsid)
# and did not exist before the run (snapshot_ferrets).  They are only
# waited for, never signalled.
FERRET_COMM=$(basename "$FERRET" | cut -c1-15)
PRE_FERRETS=" "
snapshot_ferrets() {
	PRE_FERRETS=" $(ps -eo pid=,comm= | awk -v c="$FERRET_COMM" '$2 == c { print $1 }' | paste -sd ' ' -) "
}
# is_running PID: the process exists and has not exited.  A helper has
# no parent but init, and a zombie's /proc entry lasts until init reaps
# it, which some inits do only every second or two.
is_running() {
	local st
	st=$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
	[ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}
# wait_helpers TIMEOUT_S [PID...]: waits for the helpers started since
# snapshot_ferrets, leaving out the PIDs given (tracers still running);
# logs any still running at the timeout.
wait_helpers() {
	local p end=$((EPOCHSECONDS + $1))
	shift
	for p in $(ps -eo pid=,sid=,comm= | awk -v c="$FERRET_COMM" '$3 == c && $1 == $2 { print $1 }'); do
		[[ "$PRE_FERRETS" == *" $p "* ]] && continue
		[[ " $* " == *" $p "* ]] && continue
		[ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$FERRET" ] || continue
		while is_running "$p" && [ "$EPOCHSECONDS" -lt "$end" ]; do
			sleep 0.005
		done
		is_running "$p" && log "ferret release helper $p still running after the timeout"
	done
	return 0
}
