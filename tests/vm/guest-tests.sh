#!/bin/sh
# Runs inside the guest that tests/vm/run.sh boots (busybox sh, as root, on
# Debian's stock kernel): ferret against a kernel with kprobes, BTF and BPF
# trampolines.  Prints "ok NAME" / "FAIL NAME: why" / "skip NAME: why" and
# ends with "N passed, N failed, N skipped".
set -u
F=${FERRET:-/bin/ferret}
WL=${WORKLOAD:-/bin/workload}
T=${TIMEOUT:-180}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0 skip=0

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }
# first N lines of a file on one line, for a FAIL reason
show() { head -n "${2:-3}" "$1" | tr '\n' '|'; }

# run NAME ARGS...: ferret ARGS, stdout in $TMP/NAME.out, stderr in
# $TMP/NAME.err, exit status in $rc, time taken echoed (TCG is slow).
run() {
	name=$1
	shift
	t0=$(date +%s)
	timeout "$T" "$F" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
	rc=$?
	echo "# $name: ferret exited $rc after $(($(date +%s) - t0)) s"
}

# The kernel this runs on, so the log proves it is not the host's.
kver=$(uname -r)
echo "# guest kernel: $kver ($(uname -v))"
echo "# lockdown: $(cat /sys/kernel/security/lockdown 2>/dev/null || echo unknown)"
want=$(cat /etc/ferret-vm-kernel 2>/dev/null || echo "")
if [ -z "$want" ]; then
	skipped kernel_version "no /etc/ferret-vm-kernel to compare with"
elif [ "$kver" = "$want" ]; then
	ok kernel_version
else
	bad kernel_version "running $kver, booted $want"
fi
if [ -r /sys/kernel/btf/vmlinux ]; then
	ok kernel_btf
else
	bad kernel_btf "/sys/kernel/btf/vmlinux is missing"
fi

# ferret -V
run version -V
if [ $rc = 0 ] && grep -q '^ferret v[0-9]' "$TMP/version.out"; then
	ok version
	echo "# $(cat "$TMP/version.out")"
else
	bad version "rc $rc: $(show "$TMP/version.out") $(show "$TMP/version.err")"
fi

# BEGIN { printf }
run begin_printf -q -e 'BEGIN { printf("hello %d %s\n", 42, "vm"); exit(); }'
if [ $rc = 0 ] && grep -qx 'hello 42 vm' "$TMP/begin_printf.out"; then
	ok begin_printf
else
	bad begin_printf "rc $rc: $(show "$TMP/begin_printf.out") $(show "$TMP/begin_printf.err")"
fi

# A tracepoint counts every getppid() of the workload.
run tracepoint_count -q -c "$WL getppid 7" \
	-e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @n = count(); }'
if [ $rc = 0 ] && grep -qx '@n: 7' "$TMP/tracepoint_count.out"; then
	ok tracepoint_count
else
	bad tracepoint_count "rc $rc: $(show "$TMP/tracepoint_count.out") $(show "$TMP/tracepoint_count.err")"
fi

# -l lists the sched tracepoints.
run list_sched -l 'tracepoint:sched:*'
n=$(grep -c '^tracepoint:sched:' "$TMP/list_sched.out")
if [ $rc = 0 ] && grep -qx 'tracepoint:sched:sched_switch' "$TMP/list_sched.out"; then
	ok list_sched
	echo "# $n sched tracepoints"
else
	bad list_sched "rc $rc, $n lines: $(show "$TMP/list_sched.err")"
fi

# kprobe: and fentry: are detected as available here, so ferret reaches
# its own "not supported yet" and not the missing-feature errors it gives
# on a kernel without kprobes or with trampolines locked down.
unsupported() {
	name=$1 prog=$2 hostmsg=$3
	run "$name" -e "$prog"
	if [ $rc = 0 ]; then
		bad "$name" "ferret succeeded: $(show "$TMP/$name.out")"
	elif grep -q -e "$hostmsg" "$TMP/$name.err"; then
		bad "$name" "feature detection says missing: $(show "$TMP/$name.err" 1)"
	elif grep -q 'not supported yet' "$TMP/$name.err"; then
		ok "$name"
		echo "# $(head -n 1 "$TMP/$name.err")"
	else
		bad "$name" "rc $rc: $(show "$TMP/$name.err")"
	fi
}
unsupported kprobe_detected 'kprobe:vfs_read { @ = count(); }' \
	'CONFIG_KPROBES\|kprobes are not available'
unsupported fentry_detected 'fentry:vfs_read { @ = count(); }' \
	'lockdown\|trampolines\|need kernel BTF'

echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
