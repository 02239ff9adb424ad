#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest half of bench/record-vm.sh: in the QEMU guest (busybox, the
# stock kernel, no lockdown), a getppid loop untraced and recorded by
# ferret record, perf record and trace-cmd record, each recording
# sched_switch and every system call's entry and exit of the loop alone;
# REPS rounds, medians.  Then the function graph of vfs_read over the
# VFS and security layers, by ferret record -g and by trace-cmd's
# function_graph tracer, on R reads: wall time from start to end and
# calls recorded.  Prints Markdown tables.  Measures only.
N=${N:-20000}
REPS=${REPS:-3}
ns() { sed -n 's/.*calls, \([0-9.]*\) ns\/call/\1/p' | tail -1; }
median() { tr ' ' '\n' | grep -v '^$' | sort -n |
	awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print v[int((NR + 1) / 2)] }'; }
base="" fv="" fe="" fb="" pv="" pe="" pb="" tv="" te="" tb=""
have_tc=0 have_perf=0
command -v trace-cmd >/dev/null && have_tc=1
command -v perf >/dev/null && have_perf=1
EVS="-e sched:sched_switch -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit"
i=0
while [ "$i" -lt "$REPS" ]; do
	i=$((i + 1))
	base="$base $(/bin/loop "$N" | ns)"

	rm -rf /tmp/f.ctf
	fv="$fv $(ferret record -o /tmp/f.ctf -e sched -e syscalls -c "/bin/loop $N" 2>/tmp/f.err | ns)"
	fe="$fe $(sed -n 's/^ferret record: \([0-9]*\) events,.*/\1/p' /tmp/f.err)"
	fb="$fb $(cat /tmp/f.ctf/channel0_* | wc -c)"

	if [ "$have_perf" = 1 ]; then
		rm -f /tmp/p.data
		# shellcheck disable=SC2086
		pv="$pv $(perf record -q $EVS -o /tmp/p.data -- /bin/loop "$N" 2>/dev/null | ns)"
		pe="$pe $(perf script -i /tmp/p.data -F event 2>/dev/null | wc -l)"
		pb="$pb $(wc -c </tmp/p.data)"
	fi
	if [ "$have_tc" = 1 ]; then
		rm -f /tmp/t.dat
		# -F: the command alone, -c: and its children, as the others record.
		# shellcheck disable=SC2086
		tv="$tv $(trace-cmd record -q -F -c $EVS -o /tmp/t.dat /bin/loop "$N" 2>/dev/null | ns)"
		te="$te $(trace-cmd report -i /tmp/t.dat 2>/dev/null |
			grep -c ' \(sched_switch\|sys_enter\|sys_exit\):')"
		tb="$tb $(wc -c </tmp/t.dat)"
	fi
done
b=$(echo "$base" | median)
row() {	# NAME NS_LIST EVENTS_LIST BYTES_LIST
	v=$(echo "$2" | median) e=$(echo "$3" | median) by=$(echo "$4" | median)
	awk -v n="$1" -v v="$v" -v e="$e" -v by="$by" -v b="$b" -v N="$N" 'BEGIN {
		if (v == "n/a" || e == "n/a" || e <= 0) { printf "| %s | n/a | | | |\n", n; exit }
		printf "| %s | %s | %d | %.1f | %.1f |\n", n, v, e, (v - b) * N / e, by / e }'
}
echo "getppid loop in the guest (QEMU TCG), $N calls, median of $REPS; untraced: $b ns/call"
echo
echo "| recorder | ns/call | events | added ns/event | bytes/event |"
echo "|---|---:|---:|---:|---:|"
row "ferret record" "$fv" "$fe" "$fb"
if [ "$have_perf" = 1 ]; then row "perf record" "$pv" "$pe" "$pb"; else echo "| perf record | not in the guest | | | |"; fi
if [ "$have_tc" = 1 ]; then row "trace-cmd record -F -c" "$tv" "$te" "$tb"; else echo "| trace-cmd record | not in the guest | | | |"; fi

# The function graph: the same functions under vfs_read, each tracer's
# run timed from its start to its end (attach and detach included).
R=${R:-2000}
set -f	# the globs are the tracers' own
cs() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }
GL="-G vfs_* -G security_* -G *_read_iter"
# ferret leaves its probes to a detached process that releases them
# after it exits (the kernel takes a grace period for each); the
# release is timed too, and waited for before the next run.
released() {
	while pidof ferret >/dev/null 2>&1; do sleep 0.1; done
}
echo
echo "function graph of vfs_read over vfs_*, security_*, *_read_iter; $R reads of /dev/zero"
echo
echo "| tracer | functions | calls recorded | start to exit (s) | probes released (s) |"
echo "|---|---:|---:|---:|---:|"
for via in kprobe fentry; do
	t0=$(cs)
	# shellcheck disable=SC2086
	ferret record -o /tmp/g.ctf -e sched --graph-probes=$via -g vfs_read $GL \
		-c "/bin/workload read $R" 2>/tmp/g.err
	t1=$(cs)
	released
	t2=$(cs)
	fn=$(sed -n 's/.*function graph of \([0-9]*\) kernel functions.*/\1/p' /tmp/g.err)
	fc=$(ferret report --no-graph /tmp/g.ctf 2>/dev/null | grep -c ': funcgraph_exit:')
	[ $via = kprobe ] && what="a kprobe and a kretprobe" || what="an fentry and an fexit"
	echo "| ferret record -g --graph-probes=$via ($what a function) | ${fn:-n/a} | $fc | $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 100 }') | $(awk -v a="$t0" -v b="$t2" 'BEGIN { printf "%.2f", (b - a) / 100 }') |"
done
if [ "$have_tc" = 1 ]; then
	t0=$(cs)
	trace-cmd record -q -p function_graph -g vfs_read -l 'vfs_*' -l 'security_*' \
		-l '*_read_iter' -F -o /tmp/tg.dat /bin/workload read "$R" >/dev/null 2>&1
	t1=$(cs)
	tn=$(trace-cmd report -i /tmp/tg.dat 2>/dev/null | grep -c ' funcgraph_entry:')
	t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 100 }')
	echo "| trace-cmd record -p function_graph | (its filter) | $tn | $t | $t |"
fi
