#!/bin/sh
# Runs inside the guest that tests/vm/run.sh boots (busybox sh, as root, on
# Debian's stock kernel): ferret against a kernel with kprobes, BTF and BPF
# trampolines, which the development host lacks or forbids.  Prints "ok NAME" / "FAIL NAME: why" / "skip NAME: why" and
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

# Hundredths of a second since boot.
uptime_cs() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }

# run NAME ARGS...: ferret ARGS, stdout in $TMP/NAME.out, stderr in
# $TMP/NAME.err, exit status in $rc, time taken echoed (TCG is slow).
run() {
	name=$1
	shift
	t0=$(uptime_cs)
	timeout "$T" "$F" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
	rc=$?
	t1=$(uptime_cs)
	echo "# $name: ferret exited $rc after $((t1 - t0))0 ms"
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

# val FILE KEY: the value ferret printed for map KEY ("@n", "@x[a, b]").
val() { awk -v k="$2: " 'index($0, k) == 1 { print substr($0, length(k) + 1) }' "$1"; }
# hist FILE KEY: the bucket lines of histogram KEY.
hist() { awk -v k="$2: " 'index($0, k) == 1 { on = 1; next } on && /^$/ { exit } on' "$1"; }
# same NAME WHAT A B: ok when A and B are equal and not empty.
same() {
	if [ -n "$3" ] && [ "$3" = "$4" ]; then
		ok "$1"
	else
		bad "$1" "$2: '$3' != '$4'"
	fi
}

# The workload reads /dev/zero 16 times (1, 2, 4 ... 32768 bytes) after
# its loader read libc (read and pread64, which both reach vfs_read); the
# syscall tracepoints count them in the same run, so every kernel-function
# probe has a known answer.
R=16
TP='tracepoint:syscalls:sys_enter_read, tracepoint:syscalls:sys_enter_pread64
/pid == cpid/ { @tp_n = count(); @tp_sum = sum(args->count); }'

# fentry/fexit: counts by comm, typed args->NAME (an integer and a chain
# of struct pointers), retval of the function's type, func and probe.
run fentry -q -c "$WL read $R" -e "$TP"'
fentry:vfs_read /pid == cpid/ {
	@[comm] = count(); @entry_sum = sum(args->count);
	@entry = hist(args->count);
	@file[str(args->file->f_path.dentry->d_name.name)] = count();
}
fexit:vfs_read /pid == cpid/ {
	@exit = hist(retval); @exit_sum = sum(retval);
	@exit_names[probe, func] = count();
}'
o=$TMP/fentry.out
n=$(val "$o" @tp_n)
if [ $rc != 0 ]; then
	bad fentry "rc $rc: $(show "$TMP/fentry.err")"
else
	same fentry_count_by_comm "@[workload] vs read syscalls" \
		"$(val "$o" @[workload])" "$n"
	same fentry_args_count "sum(args->count) vs the syscalls'" \
		"$(val "$o" @entry_sum)" "$(val "$o" @tp_sum)"
	same fentry_args_struct_chain "reads of /dev/zero by name" \
		"$(val "$o" @file[zero])" "$R"
	same fexit_retval_sum "sum(retval) vs the bytes asked" \
		"$(val "$o" @exit_sum)" "$(val "$o" @tp_sum)"
	same fexit_retval_hist "hist(retval) vs hist(args->count)" \
		"$(hist "$o" @exit)" "$(hist "$o" @entry)"
	same fexit_probe_func "probe and func" \
		"$(val "$o" '@exit_names[kretfunc:vmlinux:vfs_read, vfs_read]')" "$n"
fi

# fexit's retval has the function's type: vfs_fstatat() returns int, so
# -ENOENT is -2, read at 4 bytes and sign-extended.
run fexit_int -q -c "$WL stat 5" -e '
tracepoint:syscalls:sys_exit_newfstatat /pid == cpid && args->ret == -2/ { @tp = count(); }
fexit:vfs_fstatat /pid == cpid/ { @[retval] = count(); }'
if [ $rc != 0 ]; then
	bad fexit_int_retval "rc $rc: $(show "$TMP/fexit_int.err")"
else
	same fexit_int_retval "@[-2] vs failed newfstatat calls" \
		"$(val "$TMP/fexit_int.out" '@[-2]')" "$(val "$TMP/fexit_int.out" @tp)"
fi

# kprobe/kretprobe: argN, retval, func and probe shared by one program
# (attach cookies), SYMBOL+OFFSET, and kstack in a kprobe.
run kprobe -q -c "$WL read $R" -e "$TP"'
kprobe:vfs_read /pid == cpid/ {
	@k_sum = sum(arg2); @k_names[probe, func] = count(); @[kstack] = count();
}
kretprobe:vfs_read /pid == cpid/ {
	@r_sum = sum(retval); @r_names[probe, func] = count();
}
kprobe:vfs_read+5 /pid == cpid/ { @off[probe, func] = count(); }'
o=$TMP/kprobe.out
n=$(val "$o" @tp_n)
if [ $rc != 0 ]; then
	bad kprobe "rc $rc: $(show "$TMP/kprobe.err")"
else
	same kprobe_arg2 "sum(arg2) vs the syscalls' count" \
		"$(val "$o" @k_sum)" "$(val "$o" @tp_sum)"
	same kprobe_probe_func "probe and func" \
		"$(val "$o" '@k_names[kprobe:vfs_read, vfs_read]')" "$n"
	same kretprobe_retval "sum(retval) vs the bytes asked" \
		"$(val "$o" @r_sum)" "$(val "$o" @tp_sum)"
	same kretprobe_probe_func "probe and func" \
		"$(val "$o" '@r_names[kretprobe:vfs_read, vfs_read]')" "$n"
	same kprobe_offset "hits at vfs_read+5" \
		"$(val "$o" '@off[kprobe:vfs_read+5, vfs_read]')" "$n"
	if grep -q '^    ksys_read+[0-9]*$' "$o" &&
		grep -q '^    vfs_read+[0-9]*$' "$o"; then
		ok kprobe_kstack
	else
		bad kprobe_kstack "no vfs_read/ksys_read frames: $(show "$o" 8)"
	fi
fi

# ferret dtrace's fbt provider (on kprobes): vfs_read's entries against
# the read syscalls of the same run, its returns (one more when the
# child's wait for the go-ahead returns once attached), and probefunc.
run dtrace_fbt dtrace -q -c "$WL read $R" -n '
int bad;
fbt::vfs_read:entry /pid == $target/ { e++; bad = probefunc == "vfs_read" ? bad : 1; }
fbt::vfs_read:return /pid == $target/ { r++; }
syscall::read:entry, syscall::pread64:entry /pid == $target/ { t++; }
END { printf("fbt %d %d %d %d\n", e, r, t, bad); }'
o=$TMP/dtrace_fbt.out
if [ $rc = 0 ] && awk '$1 == "fbt" && $2 > 0 && $2 == $4 &&
	($3 == $2 || $3 == $2 + 1) && $5 == 0 { ok = 1 } END { exit !ok }' "$o"; then
	ok dtrace_fbt
else
	bad dtrace_fbt "rc $rc: $(show "$o") $(show "$TMP/dtrace_fbt.err")"
fi

# ferret dtrace's rawfbt provider (kprobes always): as fbt above, with
# the probe named rawfbt:vmlinux:vfs_read.
run dtrace_rawfbt dtrace -q -c "$WL read $R" -n '
int rv;
rawfbt::vfs_read:entry /pid == $target/ { e++; }
rawfbt::vfs_read:entry /pid == $target && e == 1/ {
	printf("name %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}
rawfbt::vfs_read:return /pid == $target/ { r++; rv += arg1 < 0; }
syscall::read:entry, syscall::pread64:entry /pid == $target/ { t++; }
END { printf("rawfbt %d %d %d %d\n", e, r, t, rv); }'
o=$TMP/dtrace_rawfbt.out
if [ $rc = 0 ] && awk '$1 == "rawfbt" && $2 > 0 && $2 == $4 &&
	($3 == $2 || $3 == $2 + 1) && $5 == 0 { ok = 1 } END { exit !ok }' "$o" &&
	grep -qx 'name rawfbt:vmlinux:vfs_read:entry' "$o"; then
	ok dtrace_rawfbt
else
	bad dtrace_rawfbt "rc $rc: $(show "$o") $(show "$TMP/dtrace_rawfbt.err")"
fi

# rawfbt offers the compiler's synthetic copies of functions (.isra,
# .constprop ...), which -l lists, and a clause attaches to one.
run dtrace_rawfbt_list dtrace -l -n 'rawfbt::*.constprop.0:entry'
syn=$(awk 'NR > 1 && $2 == "rawfbt" && $3 == "vmlinux" && $NF == "entry" { print $4 }' \
	"$TMP/dtrace_rawfbt_list.out" | grep -v '^\(__\|trace_\|perf_\|bpf_\)' | head -1)
if [ $rc = 0 ] && [ -n "$syn" ]; then
	ok dtrace_rawfbt_list
	run dtrace_rawfbt_synthetic dtrace -n "rawfbt::$syn:entry, rawfbt::$syn:return { }" \
		-n 'tick-1s { exit(0); }'
	if [ $rc = 0 ] && grep -q "matched 2 probes" "$TMP/dtrace_rawfbt_synthetic.err"; then
		ok dtrace_rawfbt_synthetic
	else
		bad dtrace_rawfbt_synthetic "$syn: rc $rc: $(show "$TMP/dtrace_rawfbt_synthetic.err")"
	fi
else
	bad dtrace_rawfbt_list "rc $rc: $(show "$TMP/dtrace_rawfbt_list.out") $(show "$TMP/dtrace_rawfbt_list.err")"
fi

# sched:::enqueue and sched:::dequeue (fentry on enqueue_task_* and
# dequeue_task_*): a command that sleeps is taken off its run queue in its
# own thread and put back when woken; args[] name it, and args[2] is the
# CPU whose queue it is, the one the thread is on (task_cpu()).  Each is
# one probe, however many functions it is on: enqueue, dequeue and END
# are the 3 that dtrace says were matched (not quiet: quiet leaves the
# notice out, and the END line carries the probe's name before it).
run dtrace_enqueue dtrace -c "$WL sleep 50" -n '
int ebad;
int dbad;
int own;
sched:::enqueue /args[1]->pr_pid == $target/ {
	e++;
	ebad += args[0]->pr_lwpid != $target || args[2]->cpu_id != args[0]->pr_onpro ||
	    (args[3] != 0 && args[3] != 1);
}
sched:::dequeue /args[1]->pr_pid == $target/ {
	d++;
	dbad += args[0]->pr_lwpid != $target || args[2]->cpu_id != args[0]->pr_onpro;
	own += tid == $target;
}
END { printf("sched %d %d %d %d %d\n", e, d, ebad, dbad, own); }'
o=$TMP/dtrace_enqueue.out
if [ $rc = 0 ] && awk '{ for (i = 1; i + 5 <= NF; i++) if ($i == "sched" &&
	$(i + 1) > 0 && $(i + 2) > 0 && $(i + 3) == 0 && $(i + 4) == 0 && $(i + 5) > 0) ok = 1 }
	END { exit !ok }' "$o" &&
	grep -q "matched 3 probes" "$TMP/dtrace_enqueue.err"; then
	ok dtrace_enqueue
	echo "# $(cat "$o")"
else
	bad dtrace_enqueue "rc $rc: $(show "$o") $(show "$TMP/dtrace_enqueue.err")"
fi

# sched:::change-pri (fentry on set_user_nice): a process that sets its
# own nice value to 7 (setpriority(2)) gets priority 127, from the
# shell's 120 (args[0]->pr_pri, read before the change); renice(1) sets
# another process's, which args[] name.
run dtrace_change_pri dtrace -q -c "$WL nice 7" -n '
sched:::change-pri /pid == $target/ {
	printf("pri %d %d %d %d\n", args[0]->pr_lwpid == tid, args[1]->pr_pid == $target,
	    args[0]->pr_pri, args[2]);
}'
same dtrace_change_pri "change-pri in setpriority(2)" \
	"$(grep '^pri ' "$TMP/dtrace_change_pri.out")" "pri 1 1 120 127"
"$WL" sleep 3000 &
bg=$!
run dtrace_renice dtrace -q -c "renice -n 5 -p $bg" -n '
sched:::change-pri /pid == $target/ {
	printf("renice %d %d %d %d\n", args[0]->pr_lwpid, args[1]->pr_pid, args[0]->pr_pri, args[2]);
}'
kill "$bg" 2>/dev/null
wait "$bg" 2>/dev/null
same dtrace_change_pri_renice "change-pri of another process" \
	"$(grep '^renice ' "$TMP/dtrace_renice.out")" "renice $bg $bg 120 125"

# io:::wait-start and io:::wait-done (fentry and fexit on
# submit_bio_wait): squashfs reads its superblock synchronously, which
# mounting a RAM disk (brd, /dev/ram0: major 1, minor 0) of zeros shows
# before the mount fails: a read of block 0, at least the superblock's
# 96 bytes, which done sees end in the thread that started it.
if [ -f /lib/modules/brd.ko ] && [ -f /lib/modules/squashfs.ko ] &&
	insmod /lib/modules/brd.ko rd_nr=1 rd_size=1024 &&
	insmod /lib/modules/squashfs.ko && [ -b /dev/ram0 ] && mkdir -p /mnt/sq; then
	run dtrace_io_wait dtrace -q -c "mount -t squashfs -o ro /dev/ram0 /mnt/sq" -n '
io:::wait-start /pid == $target/ {
	printf("start %d %d %d %d %d %d %s\n", args[0]->b_flags & B_READ ? 1 : 0,
	    args[1]->dev_major, args[1]->dev_minor, getmajor(args[0]->b_edev),
	    args[0]->b_blkno, args[0]->b_bcount >= 96, args[2]->fi_name);
	self->t = tid;
}
io:::wait-done /pid == $target/ {
	printf("done %d %d %d %d %s\n", args[0]->b_flags & B_READ ? 1 : 0,
	    args[1]->dev_major, args[1]->dev_minor, self->t == tid, args[2]->fi_name);
}'
	o=$TMP/dtrace_io_wait.out
	same dtrace_io_wait_start "first wait-start" "$(grep -m1 '^start ' "$o")" \
		"start 1 1 0 1 0 1 <none>"
	same dtrace_io_wait_done "first wait-done" "$(grep -m1 '^done ' "$o")" \
		"done 1 1 0 1 <none>"
else
	skipped dtrace_io_wait "brd.ko or squashfs.ko is not in the initramfs or did not load"
fi

# -l lists the probes on kernel functions where they can be had.
run dtrace_list_kfunc dtrace -l -n 'sched:::*queue' -n 'sched:::change-pri' -n 'io:::wait-*'
n=$(awk '$2 == "sched" || $2 == "io" { print $NF }' "$TMP/dtrace_list_kfunc.out" | sort | tr '\n' ' ')
same dtrace_list_kfunc "probes listed" "$n" "change-pri dequeue enqueue wait-done wait-start "

# Wildcards attach every function -l lists for the same pattern.
run list_kprobe -l 'kprobe:vfs_rea*'
nk=$(grep -c '^kprobe:' "$TMP/list_kprobe.out")
if [ $rc = 0 ] && grep -qx 'kprobe:vfs_read' "$TMP/list_kprobe.out"; then
	ok list_kprobe
else
	bad list_kprobe "rc $rc: $(show "$TMP/list_kprobe.out") $(show "$TMP/list_kprobe.err")"
fi
run list_fentry -l 'fentry:vfs_rea*'
nf=$(grep -c '^kfunc:vmlinux:' "$TMP/list_fentry.out")
if [ $rc = 0 ] && grep -qx 'kfunc:vmlinux:vfs_read' "$TMP/list_fentry.out"; then
	ok list_fentry
else
	bad list_fentry "rc $rc: $(show "$TMP/list_fentry.out") $(show "$TMP/list_fentry.err")"
fi
run list_ret -l 'fexit:vfs_read'
run list_kret -l 'kr:vfs_read'
cat "$TMP/list_kret.out" >>"$TMP/list_ret.out"
same list_return_probes "-l of fexit and kretprobe" \
	"$(cat "$TMP/list_ret.out" | tr '\n' ' ')" \
	"kretfunc:vmlinux:vfs_read kretprobe:vfs_read "

run wildcard -c "$WL read $R" -e "$TP"'
kprobe:vfs_rea* /pid == cpid/ { @k[probe, func] = count(); }
fentry:vfs_rea* /pid == cpid/ { @f[probe, func] = count(); }'
o=$TMP/wildcard.out
n=$(val "$o" @tp_n)
if [ $rc != 0 ]; then
	bad wildcard "rc $rc: $(show "$TMP/wildcard.err")"
else
	same wildcard_attached "Attaching line vs -l" "$(head -n 1 "$o")" \
		"Attaching $((nk + nf + 2)) probes..."
	same wildcard_kprobe "kprobe:vfs_rea* hits on vfs_read" \
		"$(val "$o" '@k[kprobe:vfs_read, vfs_read]')" "$n"
	same wildcard_fentry "fentry:vfs_rea* hits on vfs_read" \
		"$(val "$o" '@f[kfunc:vmlinux:vfs_read, vfs_read]')" "$n"
fi

# kprobe:MODULE:FUNCTION, on a module loaded here: each read of
# binfmt_misc's status file (cat reads it, then reads the end) runs its
# bm_status_read().
if [ -f /lib/modules/binfmt_misc.ko ] && insmod /lib/modules/binfmt_misc.ko &&
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc; then
	run kprobe_module -q -c 'cat /proc/sys/fs/binfmt_misc/status' -e '
tracepoint:syscalls:sys_enter_read /pid == cpid/ { @reads = count(); }
kprobe:binfmt_misc:bm_status_read /pid == cpid/ { @[probe, func] = count(); }
kprobe:binfmt_misc:bm_*_read /pid == cpid/ { @w[probe] = count(); }'
	o=$TMP/kprobe_module.out
	same kprobe_module "hits in the module vs reads" \
		"$(val "$o" '@[kprobe:binfmt_misc:bm_status_read, bm_status_read]')" \
		"$(val "$o" @reads)"
	same kprobe_module_wildcard "a wildcard in the module vs reads" \
		"$(val "$o" '@w[kprobe:binfmt_misc:bm_status_read]')" \
		"$(val "$o" @reads)"
	run list_module -l 'kprobe:binfmt_misc:*'
	if grep -qx 'kprobe:binfmt_misc:bm_status_read' "$TMP/list_module.out"; then
		ok list_kprobe_module
	else
		bad list_kprobe_module "rc $rc: $(show "$TMP/list_module.out")"
	fi
else
	skipped kprobe_module "binfmt_misc.ko is not in the initramfs or did not load"
fi

# Errors the kernel decides: an offset inside an instruction.
run kprobe_bad_offset -e 'kprobe:vfs_read+1 { @ = count(); }'
if [ $rc != 0 ] && grep -q 'offset 1 is not at an instruction boundary of vfs_read' \
	"$TMP/kprobe_bad_offset.err"; then
	ok kprobe_bad_offset
else
	bad kprobe_bad_offset "rc $rc: $(show "$TMP/kprobe_bad_offset.err")"
fi

# override(): a kprobe makes getppid() fail with -7 (syscalls are on the
# kernel's error-injection list).
run override --unsafe -q -c "$WL getppid 3" -e 'kprobe:__x64_sys_getppid /pid == cpid/ { override(-7); }
tracepoint:syscalls:sys_exit_getppid /pid == cpid/ { @[args->ret] = count(); }'
if [ $rc = 0 ] && grep -qx '@\[-7\]: 3' "$TMP/override.out"; then
	ok override
elif [ $rc != 0 ] && grep -q 'override(): this kernel has no bpf_override_return()' "$TMP/override.err"; then
	# Debian builds without CONFIG_BPF_KPROBE_OVERRIDE: the error must
	# say so before anything loads; the helper itself cannot run here.
	ok override_refused_without_kernel_support
else
	bad override "rc $rc: $(show "$TMP/override.out") $(show "$TMP/override.err")"
fi

# path(): bpf_d_path() in an fentry program on a function the kernel
# allows it for, with a struct path reached through a BTF pointer.
run path -q -c "/bin/busybox head -c 1 /bin/ferret" -e 'fentry:filp_close /pid == cpid/ { printf("path=%s\n", path(args->filp->f_path)); }'
# head's one byte (the ELF header's 0x7f) shares the output and can come
# before a line, now that lines are written as they come.
if [ $rc = 0 ] && grep -q '^.\{0,1\}path=/bin/ferret$' "$TMP/path.out"; then
	ok path
else
	bad path "rc $rc: $(grep 'path=' "$TMP/path.out" | head -3 | tr '\n' '|') $(show "$TMP/path.err")"
fi

# Debian's TCP tools (from the bpftrace package) on a real connection over
# loopback: the ports are read from struct sock and swapped from network
# order with bswap() of a 16-bit variable, so a wrong width prints port 0.
# tool_run TOOL TRIGGER: starts the tool, runs the shell function TRIGGER
# once it has attached, stops it with SIGINT; output in $TMP/TOOL.out.
tcp_trigger() {
	timeout 20 nc -l -p 4242 >/dev/null 2>&1 &
	lp=$!
	sleep 0.5
	echo ferret | timeout 10 nc -w 1 127.0.0.1 4242 >/dev/null 2>&1
	wait $lp 2>/dev/null
}
dcache_trigger() {
	cat /tmp/ferret-dc-miss 2>/dev/null
	ls /tmp/ferret-dc-miss >/dev/null 2>&1
}
tool_run() {
	tool=$1
	timeout "$T" "$F" "/tools/$tool.bt" >"$TMP/$tool.out" 2>"$TMP/$tool.err" </dev/null &
	fp=$!
	i=0
	while [ $i -lt 600 ] && kill -0 $fp 2>/dev/null &&
	      ! grep -q '^Attaching' "$TMP/$tool.out" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	$2
	sleep 1
	kill -INT $fp 2>/dev/null
	wait $fp
	rc=$?
}
# tool_check NAME AWK-CONDITION: some line of the tool's output matches.
tool_check() {
	if [ $rc = 0 ] && awk "$2 { found = 1 } END { exit !found }" "$TMP/$1.out"; then
		ok "tool_$1"
	else
		bad "tool_$1" "rc $rc: $(show "$TMP/$1.out" 6) $(show "$TMP/$1.err")"
	fi
}
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
for tool in tcpconnect tcpaccept tcplife dcsnoop; do
	if [ ! -f "/tools/$tool.bt" ]; then
		skipped "tool_$tool" "/usr/sbin/$tool.bt is not installed on the host (bpftrace package)"
		continue
	fi
	case $tool in
	dcsnoop) tool_run $tool dcache_trigger ;;
	*) tool_run $tool tcp_trigger ;;
	esac
	# tcplife prints each line with three printf() calls while both ends
	# of the connection close at once on two CPUs: each line is whole.
	case $tool in
	# nc may listen on an IPv6 socket: the peer is then ::ffff:127.0.0.1.
	tcpconnect)	tool_check $tool 'NF == 7 && $4 ~ /127\.0\.0\.1$/ && $7 == 4242 && $5 > 0' ;;
	tcpaccept)	tool_check $tool 'NF == 8 && $6 ~ /127\.0\.0\.1$/ && $7 == 4242 && $5 > 0' ;;
	tcplife)	tool_check $tool 'NF == 9 && ($4 == 4242 || $6 == 4242) && $4 > 0 && $6 > 0' ;;
	# A dcache miss on the name the trigger looked up, by its command.
	dcsnoop)	tool_check $tool '$4 == "M" && $5 == "ferret-dc-miss" && ($3 == "cat" || $3 == "ls")' ;;
	esac
done

# skboutput(): packets from bpf_skb_output() in an fentry program written
# as pcap files of raw IP, one whole and one without the 20-byte IP
# header.  What is checked: the file header, the first record's length
# and bytes, that the second file holds that packet past its IP header,
# and that the TCP port the trigger used is in them.  Packets taken on
# two CPUs at once may reach the two files in different orders.
u32_at() { od -An -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
hex_of() { od -An -v -t x1 "$1" | tr -d ' \n'; }
le32() { printf '%08x' "$1" | sed -E 's/(..)(..)(..)(..)/\4\3\2\1/'; }
rm -f /tmp/skb-ip.pcap /tmp/skb-l4.pcap
timeout "$T" "$F" -e 'fentry:ip_rcv /args->skb->len >= 40/ { $a = skboutput("/tmp/skb-ip.pcap", args->skb, args->skb->len, 0); $b = skboutput("/tmp/skb-l4.pcap", args->skb, args->skb->len, 20); @rc[$a, $b] = count(); }' >"$TMP/skb.out" 2>"$TMP/skb.err" </dev/null &
fp=$!
i=0
while [ $i -lt 600 ] && kill -0 $fp 2>/dev/null && ! grep -q '^Attaching' "$TMP/skb.out"; do
	sleep 0.1
	i=$((i + 1))
done
tcp_trigger
sleep 1
kill -INT $fp 2>/dev/null
wait $fp
rc=$?
if [ ! -s /tmp/skb-ip.pcap ] || [ ! -s /tmp/skb-l4.pcap ]; then
	bad skboutput "rc $rc, no pcap files: $(show "$TMP/skb.out" 5) $(show "$TMP/skb.err")"
else
	h=$(hex_of /tmp/skb-ip.pcap)
	l4=$(hex_of /tmp/skb-l4.pcap)
	len=$(u32_at /tmp/skb-ip.pcap 32)
	len4=$(u32_at /tmp/skb-l4.pcap 32)
	why=""
	[ "$(echo "$h" | cut -c1-8)" = d4c3b2a1 ] || why="$why magic $(echo "$h" | cut -c1-8);"
	[ "$(u32_at /tmp/skb-ip.pcap 20)" = 101 ] || why="$why linktype $(u32_at /tmp/skb-ip.pcap 20);"
	[ "$(echo "$h" | cut -c81-82)" = 45 ] || why="$why first packet starts with $(echo "$h" | cut -c81-82), not an IPv4 header;"
	[ "$len" -gt 20 ] || why="$why first packet of $len bytes;"
	# a record of it: its two lengths, then its bytes
	echo "$l4" | grep -q "$(le32 $((len - 20)))$(le32 $((len - 20)))$(echo "$h" | cut -c$((81 + 40))-$((80 + 2 * len)))" ||
		why="$why the second file has no record of the first's packet past its IP header (lengths $len, $len4);"
	echo "$h" | grep -q 1092 || why="$why port 4242 (0x1092) is not in the packets;"
	grep -q '^@rc\[0, 0\]: [1-9]' "$TMP/skb.out" || why="$why skboutput() did not return 0: $(show "$TMP/skb.out" 6);"
	if [ $rc = 0 ] && [ -z "$why" ]; then
		ok skboutput
	else
		bad skboutput "rc $rc:$why $(show "$TMP/skb.err")"
	fi
fi

# ferret record on kernel functions: kprobe/kretprobe with arg0..arg5 and
# retval, fentry/fexit with vfs_read's parameters by name and type from
# BTF and its retval, read back with ferret report.  The workload's last
# read asks 32768 bytes of /dev/zero: each probe type has one event of it.
run record_kfunc record -q -o "$TMP/kf.ctf" -c "$WL read $R" -e sched \
	-e kprobe:vfs_read -e kretprobe:vfs_read -e fentry:vfs_read -e fexit:vfs_read
if [ $rc != 0 ]; then
	bad record_kfunc "rc $rc: $(show "$TMP/record_kfunc.err")"
elif ! "$F" report "$TMP/kf.ctf" >"$TMP/kf.txt" 2>"$TMP/kf.rerr"; then
	bad record_kfunc "report: $(show "$TMP/kf.rerr")"
else
	# ev NAME: the workload's NAME lines, their fields alone.
	ev() { grep "^ *workload-[0-9]* .* $1: " "$TMP/kf.txt" | sed "s/.* $1: //"; }
	ev kprobe_vfs_read >"$TMP/kf.k"
	ev kretprobe_vfs_read >"$TMP/kf.kr"
	ev fentry_vfs_read >"$TMP/kf.f"
	ev fexit_vfs_read >"$TMP/kf.fx"
	echo "# record_kfunc: $(wc -l <"$TMP/kf.k") kprobe, $(wc -l <"$TMP/kf.f") fentry events; $(show "$TMP/kf.fx" 2)"
	n=$(wc -l <"$TMP/kf.k")
	if [ "$n" -ge "$R" ]; then ok record_kprobe_events; else bad record_kprobe_events "$n events: $(show "$TMP/kf.txt")"; fi
	same record_kfunc_counts "kretprobe, fentry, fexit events vs kprobe's" \
		"$(wc -l <"$TMP/kf.kr") $(wc -l <"$TMP/kf.f") $(wc -l <"$TMP/kf.fx")" "$n $n $n"
	same record_kprobe_args "arg2 of the 32768-byte read" \
		"$(grep -c '^arg0=0x[0-9a-f]* arg1=0x[0-9a-f]* arg2=0x8000 arg3=0x[0-9a-f]* arg4=0x[0-9a-f]* arg5=0x[0-9a-f]*$' "$TMP/kf.k")" 1
	same record_kretprobe_retval "retval 32768" "$(grep -cx 'retval=32768' "$TMP/kf.kr")" 1
	same record_fentry_args "vfs_read's parameters by name, typed" \
		"$(grep -c '^file=0x[0-9a-f]* buf=0x[0-9a-f]* count=32768 pos=0x[0-9a-f]*$' "$TMP/kf.f")" 1
	same record_fexit_retval "the parameters and retval" \
		"$(grep -c '^file=0x[0-9a-f]* buf=0x[0-9a-f]* count=32768 pos=0x[0-9a-f]* retval=32768$' "$TMP/kf.fx")" 1
fi
# A negative result stays negative: vfs_fstatat() returns int -ENOENT,
# once per newfstatat that fails so (the record's own syscall exits).
run record_fexit_int record -q -o "$TMP/fi.ctf" -c "$WL stat 5" -e sched -e syscalls \
	-e fexit:vfs_fstatat
if [ $rc != 0 ] || ! "$F" report "$TMP/fi.ctf" >"$TMP/fi.txt" 2>"$TMP/fi.rerr"; then
	bad record_fexit_int "rc $rc: $(show "$TMP/record_fexit_int.err") $(show "$TMP/fi.rerr" 2>/dev/null)"
else
	n=$(grep -c 'workload-[0-9]* .* sys_exit_newfstatat: ret=-2 statbuf=0x' "$TMP/fi.txt")
	echo "# record_fexit_int: $n failed newfstatat calls"
	if [ "$n" -ge 5 ]; then
		same record_fexit_int "fexit retval -2 and dfd -100 vs failed newfstatat calls" \
			"$(grep -c 'workload-[0-9]* .* fexit_vfs_fstatat: dfd=-100 filename=0x[0-9a-f]* stat=0x[0-9a-f]* flags=[0-9]* retval=-2$' "$TMP/fi.txt")" "$n"
	else
		bad record_fexit_int "$n failed newfstatat calls: $(show "$TMP/fi.txt" 5)"
	fi
fi

# ferret stat counts kernel functions by BPF: kprobe:vfs_read, a glob of
# kprobes and fentry, each at least the workload's reads and equal to what
# ferret's bpftrace side counts for the same workload in this run (the
# held command's reads of its start pipe began before either attached).
run stat_bt -q -c "$WL read $R" -e 'kprobe:vfs_read /pid == cpid/ { @n = count(); }
tracepoint:syscalls:sys_enter_read, tracepoint:syscalls:sys_enter_pread64 /pid == cpid/ { @tp = count(); }'
bt=$(val "$TMP/stat_bt.out" @n)
tp=$(val "$TMP/stat_bt.out" @tp)
echo "# stat: the bpftrace side counts $bt vfs_read calls, $tp read syscalls"
if [ $rc != 0 ] || [ -z "$bt" ] || [ "$bt" -lt "$R" ]; then
	bad stat_kprobe_reference "rc $rc, @n '$bt': $(show "$TMP/stat_bt.err")"
else
	for ev in kprobe:vfs_read 'kprobe:vfs_*' fentry:vfs_read; do
		name=stat_$(echo "$ev" | tr -c 'a-z_\n' '_')
		run "$name" stat -x, -e "$ev" "$WL" read "$R"
		n=$(grep -E ',(kprobe|kfunc|fentry)[a-z:]*:vfs_read,' "$TMP/$name.err" | cut -d, -f1)
		lines=$(grep -c ',kprobe:' "$TMP/$name.err")
		echo "# $name: $n vfs_read calls, $lines kprobe lines"
		if [ $rc = 0 ] && [ -n "$n" ] && [ "$n" -ge "$R" ] && [ "$n" = "$bt" ]; then
			ok "$name"
		else
			bad "$name" "rc $rc, count '$n' (bpftrace side $bt, reads $R): $(show "$TMP/$name.err" 4)"
		fi
	done
	if [ "$(grep -c ',kprobe:vfs_' "$TMP/stat_kprobe_vfs__.err")" -gt 3 ]; then
		ok stat_kprobe_glob_lines
	else
		bad stat_kprobe_glob_lines "$(show "$TMP/stat_kprobe_vfs__.err" 4)"
	fi
	# Per CPU too: the CPUs' counts add up to the command's.
	run stat_kprobe_cpus stat -a -A -x, -e kprobe:vfs_getattr "$WL" stat 5
	n=$(grep ',kprobe:vfs_getattr,' "$TMP/stat_kprobe_cpus.err" | wc -l)
	if [ $rc = 0 ] && [ "$n" = "$(grep -c '^processor' /proc/cpuinfo)" ]; then
		ok stat_kprobe_per_cpu
	else
		bad stat_kprobe_per_cpu "rc $rc, $n lines: $(show "$TMP/stat_kprobe_cpus.err" 4)"
	fi
fi

# ferret record's function graph: vfs_read and the functions among -G
# known to run inside it, with a plain kprobe on vfs_read in the same
# run, probed with kprobes (the default here) and with fentry/fexit.
# From report's plain lines, per thread: every exit closes the
# innermost open call (same function, same depth), rettime >= calltime,
# a call lasts at least as long as its children together, nothing is
# left open; vfs_read's outermost calls are as many as the kprobe's
# events and its children sit one level down.  report -g: the
# function_graph text's shape.  fgraph_check NAME VIA.
fgraph_check() {
	n=$1
	run $n record -q -o "$TMP/$n.ctf" -c "$WL read $R" -e sched -e kprobe:vfs_read \
		--graph-probes=$2 -g vfs_read -G rw_verify_area -G 'security_file_*' \
		-G read_iter_zero -G '*_read_iter'
	if [ $rc != 0 ]; then
		bad $n "rc $rc: $(show "$TMP/$n.err")"
		return
	fi
	if ! "$F" report --no-graph "$TMP/$n.ctf" >"$TMP/$n.txt" 2>"$TMP/$n.rerr" ||
		! "$F" report "$TMP/$n.ctf" >"$TMP/$n.g" 2>>"$TMP/$n.rerr"; then
		bad $n "report: $(show "$TMP/$n.rerr")"
		return
	fi
	# bad=N: the first inconsistency; then roots, calls, deepest.
	awk '
	function fld(name,   i) {
		for (i = 1; i <= NF; i++)
			if (index($i, name "=") == 1)
				return substr($i, length(name) + 2)
		return ""
	}
	/ funcgraph_entry: / {
		t = $1; d = fld("depth") + 0
		if (d != n[t]) { if (!why) why = NR ": entry at depth " d ", " n[t] " open"; next }
		f[t, d] = fld("name"); kids[t, d] = 0; n[t]++; calls++
		if (d == 0 && f[t, d] == "vfs_read") roots++
		if (d > deep) deep = d
		if (d == 1 && f[t, 0] == "vfs_read") under++
	}
	/ funcgraph_exit: / {
		t = $1; d = fld("depth") + 0; c = fld("calltime") + 0; r = fld("rettime") + 0
		if (d != n[t] - 1 || fld("name") != f[t, d]) { if (!why) why = NR ": exit of " fld("name") " at depth " d; next }
		if (r < c) { if (!why) why = NR ": rettime before calltime" }
		if (r - c < kids[t, d]) { if (!why) why = NR ": shorter than its children" }
		if (d > 0) kids[t, d - 1] += r - c
		n[t]--
	}
	END {
		for (t in n) if (n[t] && !why) why = t " left " n[t] " calls open"
		print (why ? why : "ok") "|" roots + 0 "|" calls + 0 "|" deep + 0 "|" under + 0
	}' "$TMP/$n.txt" >"$TMP/$n.chk"
	IFS='|' read -r why roots calls deep under <"$TMP/$n.chk"
	kp=$(grep -c ' kprobe_vfs_read: ' "$TMP/$n.txt")
	echo "# $n: $roots vfs_read calls, $calls calls in all, depth up to $deep; $kp kprobe events; $(tail -n 1 "$TMP/$n.err")"
	same ${n}_nesting "entries and exits nest, times ordered" "$why" ok
	same ${n}_counts "vfs_read's outermost calls vs kprobe:vfs_read" "$roots" "$kp"
	if [ "$roots" -ge "$R" ] && [ "$under" -ge "$roots" ] && [ "$deep" -ge 2 ]; then
		ok ${n}_children
	else
		bad ${n}_children "$roots calls, $under children, depth $deep: $(show "$TMP/$n.txt" 5)"
	fi
	# The text: the header, vfs_read opening at depth 0, a leaf two
	# levels down, closing braces with a duration, as many as opened.
	opened=$(grep -c '^ [0-9])               |  vfs_read() {$' "$TMP/$n.g")
	if grep -qx '# CPU  DURATION                  FUNCTION CALLS' "$TMP/$n.g" &&
		grep -Eq '^ [0-9]\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|      security_file_permission\(\);$' "$TMP/$n.g" &&
		[ "$opened" -ge 1 ] &&
		[ "$(grep -Ec '^ [0-9]\) [ +!#*@$] +[0-9.]+ us +\|  \}$' "$TMP/$n.g")" = "$opened" ]; then
		ok ${n}_report_text
	else
		bad ${n}_report_text "$opened vfs_read braces: $(grep -v '^#' "$TMP/$n.g" | head -8 | tr '\n' '|')"
	fi
	# convert -f chrome: each call a complete event of its thread, as
	# many as the report's calls, vfs_read's as many as its roots.
	if "$F" convert "$TMP/$n.ctf" -f chrome -o "$TMP/$n.json" 2>"$TMP/$n.cerr"; then
		cf=$(grep -o '"ph":"X","cat":"function","name":"[^"]*"' "$TMP/$n.json" | wc -l)
		cv=$(grep -o '"ph":"X","cat":"function","name":"vfs_read"' "$TMP/$n.json" | wc -l)
		same ${n}_chrome "chrome: function slices, vfs_read's" "$cf $cv" "$calls $roots"
	else
		bad ${n}_chrome "convert: $(show "$TMP/$n.cerr")"
	fi
}
fgraph_check record_fgraph kprobe
fgraph_check record_fgraph_fentry fentry

# How long a larger graph takes from start to end: every function of
# the VFS and security layers under vfs_read, with each kind of probe.
for via in kprobe fentry; do
	n=record_fgraph_large_$via
	t0=$(uptime_cs)
	run $n record -o "$TMP/$n.ctf" -c "$WL read 1" -e sched --graph-probes=$via \
		-g vfs_read -G 'vfs_*' -G 'security_*' -G '*_read_iter'
	t1=$(uptime_cs)
	nf=$(sed -n 's/.*function graph of \([0-9]*\) kernel functions.*/\1/p' "$TMP/$n.err")
	if [ $rc = 0 ] && [ -n "$nf" ] && [ "$nf" -ge 100 ]; then
		ok $n
		echo "# $n: $nf functions, $((2 * nf)) probes: $(((t1 - t0) * 10)) ms from start to end"
	else
		bad $n "rc $rc: $(show "$TMP/$n.err")"
	fi
done
# A glob over every function is refused before anything is compiled.
run record_fgraph_all record -o "$TMP/fga.ctf" -c "$WL read 1" -g vfs_read -G '*'
if [ $rc != 0 ] && grep -q 'kernel functions; at most 4096' "$TMP/record_fgraph_all.err"; then
	ok record_fgraph_all_refused
	echo "# $(head -n 1 "$TMP/record_fgraph_all.err")"
else
	bad record_fgraph_all_refused "rc $rc: $(show "$TMP/record_fgraph_all.err")"
fi

# lockstat, last: its probes are on every spinlock's functions, whose
# trampolines take the kernel a while to remove after the run.
run dtrace_lockstat_list dtrace -l -P lockstat
n=$(awk 'NR > 1 { print $2 ":" $3 ":" $NF }' "$TMP/dtrace_lockstat_list.out" | sort | tr '\n' ' ')
same dtrace_lockstat_list "lockstat probes listed" "$n" \
	"lockstat:vmlinux:adaptive-acquire lockstat:vmlinux:adaptive-acquire-error lockstat:vmlinux:adaptive-release lockstat:vmlinux:rw-acquire lockstat:vmlinux:rw-release lockstat:vmlinux:spin-acquire lockstat:vmlinux:spin-release "

# lockstat (fexit on the lock functions): the workload's pipe write and
# epoll_ctl() take mutexes, which it owns at adaptive-acquire and no
# longer at adaptive-release; its exit takes tasklist_lock for writing.
run dtrace_lockstat dtrace -q -c "$WL polls" -n '
int ao;
int ro;
int sz;
lockstat:::adaptive-acquire /pid == $target/ { a++; ao += mutex_owned(args[0]); }
lockstat:::adaptive-release /pid == $target/ { r++; ro += mutex_owned(args[0]); }
lockstat:::spin-acquire /pid == $target/ { s++; sz += args[0] == NULL; }
lockstat:::spin-release /pid == $target/ { sr++; }
lockstat:::rw-acquire /pid == $target && args[1] == RW_WRITER/ { w++; }
lockstat:::rw-release /pid == $target && args[1] == RW_WRITER/ { wr++; }
END { printf("lockstat %d %d %d %d %d %d %d %d %d\n", a > 0, a == ao, r > 0, ro,
    s > 0, sz, sr > 0, w > 0, wr > 0); }'
same dtrace_lockstat "lock probes of the workload" \
	"$(grep '^lockstat ' "$TMP/dtrace_lockstat.out")" "lockstat 1 1 1 0 1 0 1 1 1"
[ $rc = 0 ] || echo "# $(show "$TMP/dtrace_lockstat.err")"
# Kernel data symbols (this guest's kallsyms lists them, the host's does
# not): `linux_banner read through its address is /proc/version's text,
# %a names `max_pfn's address as dtrace does, and the address is
# kallsyms' own.
run dtrace_ksym_data dtrace -q -n 'BEGIN {
	printf("%s", stringof((char *)&`linux_banner));
	printf("%a|%x|%d\n", &`max_pfn, (uint64_t)&`max_pfn,
	    *(unsigned long *)&`max_pfn > 0);
	exit(0);
}'
want="$(cat /proc/version)
vmlinux\`max_pfn|$(awk '$3 == "max_pfn" { print $1; exit }' /proc/kallsyms | sed 's/^0*//')|1"
same dtrace_ksym_data "kernel data symbols" "$(cat "$TMP/dtrace_ksym_data.out")" "$want"
[ $rc = 0 ] || echo "# $(show "$TMP/dtrace_ksym_data.err")"
# D's searching subroutines loop in bpf_loop() callbacks, which this
# kernel's verifier checks for their first turn alone: the answers must
# still be those of every turn.
run dtrace_strloop dtrace -q -n 'BEGIN {
	s = "/usr/lib/x86_64-linux-gnu/libc.so.6";
	printf("%d %d %d|%s|%s|%s|%s|%s|%s|%s\n", index(s, "lib"),
	    rindex(s, "lib"), index(s, "lib", 6), strstr(s, "linux"),
	    strchr(s, 0x78), strrchr(s, 0x2f), basename(s), dirname(s),
	    dirname("a/b"), dirname("/a//b/"));
	exit(0);
}'
same dtrace_strloop "string searches" "$(cat "$TMP/dtrace_strloop.out")" \
	"5 26 26|linux-gnu/libc.so.6|x86_64-linux-gnu/libc.so.6|/libc.so.6|libc.so.6|/usr/lib/x86_64-linux-gnu|a|/a"
[ $rc = 0 ] || echo "# $(show "$TMP/dtrace_strloop.err")"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
