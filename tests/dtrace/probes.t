# The syscall provider's description of every function, which stands on
# raw_syscalls: probefunc from the syscall number, comparisons of the
# probe's name with literals, arguments, and the count of probes matched.

printf 'echo a >/dev/null\necho b >/dev/null\necho c >/dev/null\n' >"$W/three.sh"

same every_syscall_label 0 "                   FUNCTION:NAME
                exit_group:entry 

" -- -c "/bin/sh $W/three.sh" \
	-n 'syscall:::entry /pid == $target && probefunc == "exit_group"/ { }'

same every_syscall_return 0 "
                2                3
" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall:::return /pid == $target && probefunc == "write"/ { @[arg0] = count(); }'

same every_syscall_args 0 "
                2                3
" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall:::entry /pid == $target && probefunc == "write"/ { @[arg2] = count(); }'

# != against a literal, on per-function probes, and probename.
same name_literals 0 "
                3
" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall::write:entry, syscall::close:entry, syscall::write:return
	    /pid == $target && probefunc != "close" && probename == "entry"/ { @ = count(); }'

# Arguments past a syscall's parameters are 0, as dtrace gives them:
# write has three, its return arg0 and arg1.  Its entry event's record
# ends after them, and a program reading past it cannot be attached.
same args_past_params 0 "1 3 0 0 0
ret 3 3 0

" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall::write:entry /pid == $target && arg0 == 1 && arg2 == 2/ { printf("%d %d %d %d %d\n", arg0, arg2 + 1, arg3, arg5, arg9); self->w = 1; }' \
	-n 'syscall::write:return /self->w/ { printf("ret %d %d %d\n", arg0 + 1, arg1 + 1, arg2); exit(0); }'
# Six thread-local copies of arg0..arg5 on write and writev, on every
# process: each attaches.
same args_six_saved 0 "saved

" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall::write*:entry { self->a = arg0; self->b = arg1; self->c = arg2;
	    self->d = arg3; self->e = arg4; self->f = arg5; }' \
	-n 'syscall::write:entry /pid == $target && self->d == 0 && self->f == 0/ { printf("saved\n"); exit(0); }'
# args[] is typed by the parameters: an index past them is dtrace's
# D_ARGS_IDX, for the fewest parameters of the syscalls matched; a
# return's args[] holds the result alone.
err args_index_past_params 1 "dtrace: invalid probe specifier syscall::write*:entry { trace(args[3]); }: [D_ARGS_IDX] index 3 is out of range for syscall::write*:entry args[ ]" -- \
	-n 'syscall::write*:entry { trace(args[3]); }'
err args_index_return 1 "dtrace: invalid probe specifier syscall::write:return { trace(args[1]); }: [D_ARGS_IDX] index 1 is out of range for syscall::write:return args[ ]" -- \
	-n 'syscall::write:return { trace(args[1]); }'
err args_index_negative 1 "dtrace: invalid probe specifier syscall::write:entry { trace(args[-1]); }: [D_ARGS_IDX] index -1 is out of range for syscall::write:entry args[ ]" -- \
	-n 'syscall::write:entry { trace(args[-1]); }'
err args_index_negative_expr 1 "dtrace: invalid probe specifier syscall::write:entry { trace(args[1 - 3]); }: [D_ARGS_IDX] index -2 is out of range for syscall::write:entry args[ ]" -- \
	-n 'syscall::write:entry { trace(args[1 - 3]); }'

# Functions are named as the kernel's syscall events name them (uname(2)
# is newuname there): every name printed must be an event in tracefs.
want=$(ls -d /sys/kernel/tracing/events/syscalls/sys_enter_* | wc -l)
printf 'uname -s >/dev/null\n' >"$W/uname.sh"
timeout 30 "$FERRET" dtrace -c "/bin/sh $W/uname.sh" \
	-n 'syscall:::entry /execname == "uname"/ { @[probefunc] = count(); }' \
	>"$W/out" 2>"$W/err"
missing=
while read -r f n; do
	[ -n "$f" ] || continue
	[ -d "/sys/kernel/tracing/events/syscalls/sys_enter_$f" ] || missing="$missing $f"
done <"$W/out"
if [ -z "$missing" ] && grep -q "^  newuname " "$W/out"; then
	ok every_syscall_names
else
	bad every_syscall_names "not events:${missing:- none}; $(head -c 300 "$W/out")"
fi
if [ "$(head -1 "$W/err")" = "dtrace: description 'syscall:::entry ' matched $want probes" ]; then
	ok every_syscall_matched
else
	bad every_syscall_matched "stderr: $(head -1 "$W/err"), want $want probes"
fi

# A literal names the kernel's event: "newuname" matches uname(2) on the
# every-syscall probe, the UAPI name "uname" matches nothing.
printf 'uname -s >/dev/null\n' >"$W/uname1.sh"
same every_syscall_renamed 0 "
  newuname                                                          1
" -- -q -c "/bin/sh $W/uname1.sh" \
	-n 'syscall:::entry /execname == "uname" && (probefunc == "newuname" || probefunc == "uname")/ { @[probefunc] = count(); }'

# rawtp: every tracefs event with a raw tracepoint, as rawtp:GROUP::EVENT,
# leaving out dynamic probes' groups and the syscall events; args[] typed
# from the tracepoint's prototype in kernel BTF.
timeout 30 "$FERRET" dtrace -l -P rawtp >"$W/out" 2>"$W/err"
awk 'NR > 1 { print $3 ":" $4 }' "$W/out" | sort >"$W/listed"
notev=$(sort /sys/kernel/tracing/available_events | comm -23 "$W/listed" - | head -3)
if [ -z "$notev" ] && grep -qx 'sched:sched_switch' "$W/listed" &&
	grep -qx 'raw_syscalls:sys_enter' "$W/listed" &&
	! grep -qE '^(syscalls|kprobes|uprobes):' "$W/listed" &&
	[ "$(awk 'NR > 1 && ($2 != "rawtp" || NF != 4)' "$W/out")" = "" ]; then
	ok rawtp_list
else
	bad rawtp_list "not events: $notev; $(head -3 "$W/out")"
fi

timeout 30 "$FERRET" dtrace -l -n 'rawtp:sched::sched_switch' >"$W/out" 2>&1
if [ "$(sed 1d "$W/out" | sed -E 's/^ *[0-9]+ //')" = "     rawtp             sched                                   sched_switch" ]; then
	ok rawtp_list_one
else
	bad rawtp_list_one "$(cat "$W/out")"
fi

# sched_switch(bool preempt, struct task_struct *prev, *next, ...): prev
# is the thread leaving the CPU, the current one (its name "dtrace" or
# "sleep" as the switch comes before or after the exec).
same rawtp_switch_args 0 "1 1 1

" -- -q -c 'sleep 0.1' -n 'rawtp:sched::sched_switch /pid == $target/ {
	printf("%d %d %d\n", args[1] == curthread, args[1]->pid == tid,
	    stringof(args[1]->comm) == execname); exit(0); }'

# sys_enter(struct pt_regs *regs, long id): exit_group is 231 on x86-64.
same rawtp_sys_enter 0 "rawtp:raw_syscalls::sys_enter 231 231

" -- -q -c 'true' -n 'rawtp:::sys_enter /pid == $target && args[1] == 231/ {
	printf("%s:%s:%s:%s %d %d\n", probeprov, probemod, probefunc, probename,
	    args[1], args[0]->orig_ax); }'

err rawtp_args_idx 1 "dtrace: invalid probe specifier rawtp:sched::sched_switch { trace(args[4]); }: [D_ARGS_IDX] index 4 is out of range for rawtp:sched::sched_switch args[ ]" \
	-- -n 'rawtp:sched::sched_switch { trace(args[4]); }'
err rawtp_no_event 1 "dtrace: invalid probe specifier rawtp:::no_such_event { }: probe description rawtp:::no_such_event does not match any probes" \
	-- -n 'rawtp:::no_such_event { }'
err rawtp_function 1 "dtrace: invalid probe specifier rawtp:sched:f:sched_switch { }: probe description rawtp:sched:f:sched_switch does not match any probes" \
	-- -n 'rawtp:sched:f:sched_switch { }'
err rawtp_syscalls 1 "dtrace: invalid probe specifier rawtp:syscalls::sys_enter_read { }: probe description rawtp:syscalls::sys_enter_read does not match any probes" \
	-- -n 'rawtp:syscalls::sys_enter_read { }'

# sdt: the same events as tracepoints, args[] the record's fields after
# the common ones, char arrays and __data_loc strings as strings (as
# dtrace-utils' test/unittest/sdt/tst.args.d reads task_rename's).
timeout 30 "$FERRET" dtrace -l -P sdt >"$W/out" 2>"$W/err"
awk 'NR > 1 { print $3 ":" $4 }' "$W/out" | sort >"$W/listed_sdt"
if grep -qx 'sched:sched_switch' "$W/listed_sdt" &&
	cmp -s "$W/listed" "$W/listed_sdt" &&
	[ "$(awk 'NR > 1 && ($2 != "sdt" || NF != 4)' "$W/out")" = "" ]; then
	ok sdt_list
else
	bad sdt_list "$(head -3 "$W/out")"
fi

same sdt_task_rename 0 "PID OK, oldcomm [dtrace], newcomm [sleep], oom_score_adj 0

" -- -q -x evaltime=exec -c 'sleep 0' -n 'sdt:task::task_rename /args[0] == $target/ {
	printf("PID OK, oldcomm [%s], newcomm [%s], oom_score_adj %hd\n",
	    stringof(args[1]), args[2], args[3]); }'

# sched_switch: prev_comm, prev_pid, prev_prio, prev_state, next_comm ...
# (the command switched out before its exec is still named ferret).
same sdt_switch 0 "sleep 1 1 1

" -- -q -c 'sleep 0.1' -n 'sdt:sched::sched_switch /pid == $target && execname == "sleep"/ {
	printf("%s %d %d %d\n", args[0], args[1] == pid, args[2] == curthread->prio,
	    args[5] == curthread->pid ^^ 1); exit(0); }'

# sched_process_exec's filename is __data_loc char[].
same sdt_data_loc 0 "sdt:sched::sched_process_exec /bin/true 1

" -- -q -x evaltime=exec -c '/bin/true' -n 'sdt:::sched_process_exec /pid == $target/ {
	printf("%s:%s:%s:%s %s %d\n", probeprov, probemod, probefunc, probename,
	    args[0], args[1] == pid); }'

# A clause that reads no argument runs on the raw tracepoint; its name is
# still sdt's.
same sdt_no_args 0 "                   FUNCTION:NAME
             :sched_process_exec 

" -- -x evaltime=exec -c '/bin/true' -n 'sdt:sched::sched_process_exec /pid == $target/ { }'

err sdt_args_idx 1 "dtrace: invalid probe specifier sdt:sched::sched_switch { trace(args[7]); }: [D_ARGS_IDX] index 7 is out of range for sdt:sched::sched_switch args[ ]" \
	-- -n 'sdt:sched::sched_switch { trace(args[7]); }'
err sdt_args_multi 1 "dtrace: invalid probe specifier sdt:sched::sched_switch, sdt:task::task_rename { trace(args[1]); }: [D_ARGS_MULTI] args[ ] may not be referenced because probe description sdt:sched::sched_switch matches an unstable set of probes" \
	-- -n 'sdt:sched::sched_switch, sdt:task::task_rename { trace(args[1]); }'

# rawfbt needs kprobes (the QEMU guest tests it): a kernel without them
# refuses it with the reason, lists none, and fbt says the same.
if [ -e /sys/kernel/tracing/kprobe_events ]; then
	skip=$((skip + 1)); echo "skip rawfbt_refused: this kernel has kprobes"
else
	err rawfbt_refused 1 "dtrace: invalid probe specifier rawfbt::vfs_read:entry { }: kprobes are not available: this kernel was built without CONFIG_KPROBES" \
		-- -n 'rawfbt::vfs_read:entry { }'
	err rawfbt_listed 0 "dtrace: failed to match rawfbt:::: No probe matches description" \
		-- -l -P rawfbt
fi
err rawfbt_name 1 "dtrace: invalid probe specifier rawfbt::vfs_read:start { }: probe description rawfbt::vfs_read:start does not match any probes" \
	-- -n 'rawfbt::vfs_read:start { }'

# lockstat: at the return of the kernel's lock functions (fexit), tested
# in the QEMU guest; a kernel that refuses BPF trampolines refuses them by
# name with its reason and lists none.  The spin and block probes, which
# time a function from entry to return, are refused everywhere.
why=$("$FERRET" -e 'fentry:vfs_read { }' 2>&1 | sed -n 's/^-e:1:1: error: //p')
if [ -n "$why" ]; then
	err lockstat_refused 1 "dtrace: invalid probe specifier lockstat:::adaptive-acquire { }: lockstat:::adaptive-acquire is the return of kernel function mutex_lock, which this kernel cannot trace: $why" -- \
		-n 'lockstat:::adaptive-acquire { }'
	err lockstat_rw_refused 1 "dtrace: invalid probe specifier lockstat:::rw-acquire { trace(args[1]); }: lockstat:::rw-acquire is the return of kernel function _raw_read_lock*, which this kernel cannot trace: $why" -- \
		-n 'lockstat:::rw-acquire { trace(args[1]); }'
	err lockstat_list 0 "dtrace: failed to match lockstat:::: No probe matches description" -- \
		-l -P lockstat
else
	echo "skip lockstat_*_refused: this kernel runs BPF trampolines (the guest tests run these probes)"
	skip=$((skip + 3))
fi
err lockstat_spin_spin 1 "dtrace: invalid probe specifier lockstat:::spin-spin { }: lockstat:::spin-spin times queued_spin_lock_slowpath() from entry to return, which needs state kept from one kernel event to another: ferret's D probes keep none yet" -- \
	-n 'lockstat:::spin-spin { }'
err lockstat_adaptive_block 1 "dtrace: invalid probe specifier lockstat:::adaptive-block { }: lockstat:::adaptive-block times mutex_lock() and schedule_preempt_disabled() from entry to return, which needs state kept from one kernel event to another: ferret's D probes keep none yet" -- \
	-n 'lockstat:::adaptive-block { }'
err lockstat_args_idx 1 "dtrace: invalid probe specifier lockstat:::spin-release { trace(args[1]); }: index 1 is out of range for lockstat:::spin-release args[ ]" -- \
	-n 'lockstat:::spin-release { trace(args[1]); }'
same lockstat_rw_consts 0 "0 1

" -- -q -n 'BEGIN { printf("%d %d\n", RW_WRITER, RW_READER); exit(0); }'

# argN in every probe, as D gives them: 0 at BEGIN and END (and past
# arg5 at ERROR); at profile-N and tick-N arg0 the interrupted kernel PC
# and arg1 the user PC, the other 0, and arg2... 0.
same args_begin_end 0 "0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0

" -- -q -n 'BEGIN { printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2,
	arg3, arg4, arg5, arg6, arg7, arg8, arg9); exit(0); }
	END { printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2,
	arg3, arg4, arg5, arg6, arg7, arg8, arg9); }'
same args_error 0 "1 0 0

" -- -q -n 'BEGIN { x = *(int *)8; }
	ERROR { printf("%d %d %d\n", arg4, arg6, arg9); exit(0); }'
printf 'dd if=/dev/zero of=/dev/null bs=1M count=4000 status=none\ni=0\nwhile [ $i -lt 400000 ]; do i=$((i+1)); done\n' >"$W/kernuser.sh"
same args_profile_pcs 0 "kernel 1 user 1 other 0

" -- -q -c "/bin/sh $W/kernuser.sh" -n '
	profile-997 /progenyof($target) && arg0 < 0 && arg1 == 0/ { k = 1; }
	profile-997 /progenyof($target) && arg0 == 0 && arg1 > 0/ { u = 1; }
	profile-997 /progenyof($target) && !(arg0 < 0 && arg1 == 0) && !(arg0 == 0 && arg1 > 0)/ { bad++; }
	profile-997 /progenyof($target) && (arg2 | arg3 | arg4 | arg5 | arg6 | arg7 | arg8 | arg9) != 0/ { bad++; }
	END { printf("kernel %d user %d other %d\n", k, u, bad); }'
same args_tick_pcs 0 "1

" -- -q -n 'tick-1ms /((arg0 < 0 && arg1 == 0) || (arg0 == 0 && arg1 > 0)) && arg2 == 0 && arg9 == 0/ { n++; }
	tick-1ms /n == 20/ { printf("%d\n", n / 20); exit(0); }'

# cpc:::EVENT-MODE-COUNT: libpfm4's generic perf events as dtrace-utils
# names them, those this machine opens listed with a count of 1e9, any
# count taken; user, kernel and all count events in those modes alone.
sw="perf_count_sw_cpu_clock cpu_clock perf_count_sw_task_clock task_clock
perf_count_sw_page_faults page_faults faults perf_count_sw_context_switches
context_switches cs perf_count_sw_cpu_migrations cpu_migrations migrations
perf_count_sw_page_faults_min minor_faults perf_count_sw_page_faults_maj
major_faults perf_count_sw_cgroup_switches cgroup_switches"
want=$(for e in $sw; do echo "cpc $e-all-1000000000"; done)
got=$(timeout 30 "$FERRET" dtrace -l -P cpc 2>&1 | awk 'NR > 1 { print $2, $3 }')
if ls -d /sys/bus/event_source/devices/cpu* >/dev/null 2>&1; then
	# a PMU's events come first, the software ones in this order after
	if [ "$(echo "$got" | grep -vE '^cpc ([a-z0-9_]*(cycles|instructions|branch|cache|stalled|l1|llc|tlb|node)[a-z0-9_]*)-all-' )" = "$want" ]; then
		ok cpc_list
	else
		bad cpc_list "$(echo "$got" | head -5)"
	fi
	skip=$((skip + 1)); echo "skip cpc_hardware_refused: this machine has a PMU"
else
	if [ "$got" = "$want" ]; then
		ok cpc_list
	else
		printf '%s\n' "$want" >"$W/want"
		printf '%s\n' "$got" | diff "$W/want" - >"$W/diff"
		bad cpc_list "dtrace -l -P cpc differs"
	fi
	err cpc_hardware_refused 1 "dtrace: invalid probe specifier cpc:::cpu_cycles-all-100000 { }: [D_PDESC_ZERO] probe description cpc:::cpu_cycles-all-100000 does not match any probes" \
		-- -n 'cpc:::cpu_cycles-all-100000 { }'
fi
# -l of another count lists the probe the description makes, after the
# others, as dtrace-utils makes and lists it; a listed one once.
got=$(timeout 30 "$FERRET" dtrace -l -n cpc:::task_clock-kernel-5000 -n cpc:::cpu_clock-all-1000000000 2>&1 |
	awk 'NR > 1 { print $2, $3 }')
if [ "$got" = "cpc task_clock-kernel-5000
cpc cpu_clock-all-1000000000" ]; then
	ok cpc_list_count
else
	bad cpc_list_count "$got"
fi
same cpc_names 0 "cpc   cpu_clock-all-10000000|

" -- -q -n 'cpc:::cpu_clock-all-10000000 { printf("%s %s %s %s|\n", probeprov, probemod, probefunc, probename); exit(0); }'
same cpc_wildcard 0 "
  cpu_clock-all-1000000000                                          1
" -- -q -n 'cpc:::cpu_c*-all-1000000000 /cpu == 0/ { @[probename] = count(); exit(0); }'
same cpc_modes 0 "user 1 0
kernel 0 1
all 1 1

" -- -q -c "/bin/sh $W/kernuser.sh" -n '
	BEGIN { u0 = k0 = u1 = k1 = u2 = k2 = 0; }
	cpc:::task_clock-user-1000000 /progenyof($target) && arg1 > 0 && arg0 == 0/ { u0 = 1; }
	cpc:::task_clock-user-1000000 /progenyof($target) && arg0 != 0/ { k0 = 1; }
	cpc:::task_clock-kernel-1000000 /progenyof($target) && arg1 != 0/ { u1 = 1; }
	cpc:::task_clock-kernel-1000000 /progenyof($target) && arg0 < 0 && arg1 == 0/ { k1 = 1; }
	cpc:::task_clock-all-1000000 /progenyof($target) && arg1 > 0/ { u2 = 1; }
	cpc:::task_clock-all-1000000 /progenyof($target) && arg0 < 0/ { k2 = 1; }
	END { printf("user %d %d\nkernel %d %d\nall %d %d\n", u0, k0, u1, k1, u2, k2); }'
err cpc_bad_count 1 "dtrace: invalid probe specifier cpc:::cpu_clock-all-1000x { }: [D_PDESC_ZERO] probe description cpc:::cpu_clock-all-1000x does not match any probes" \
	-- -n 'cpc:::cpu_clock-all-1000x { }'
err cpc_bad_mode 1 "dtrace: invalid probe specifier cpc:::cpu_clock-both-1000 { }: [D_PDESC_ZERO] probe description cpc:::cpu_clock-both-1000 does not match any probes" \
	-- -n 'cpc:::cpu_clock-both-1000 { }'
err cpc_attribute 1 "dtrace: invalid probe specifier cpc:::cpu_clock-all-x-1000 { }: [D_PDESC_ZERO] probe description cpc:::cpu_clock-all-x-1000 does not match any probes" \
	-- -n 'cpc:::cpu_clock-all-x-1000 { }'
err cpc_no_event 1 "dtrace: invalid probe specifier cpc:::no_such_event-all-1000 { }: [D_PDESC_ZERO] probe description cpc:::no_such_event-all-1000 does not match any probes" \
	-- -n 'cpc:::no_such_event-all-1000 { }'
err cpc_zero 1 "dtrace: invalid probe specifier cpc:::cpu_clock-all-0 { }: cpu_clock-all-0: a count of 0 samples nothing (the count is how many events pass from one firing to the next)" \
	-- -n 'cpc:::cpu_clock-all-0 { }'

# A description without a provider takes the probes that exist: the
# syscall's write:entry alone (no kernel function is named write), on
# this kernel with or without kprobes; a name no provider has matches
# nothing, as dtrace says.
printf 'echo a >/dev/null\n' >"$W/one.sh"
same no_provider_syscall 0 "write

" -- -q -c "/bin/sh $W/one.sh" -n 'write:entry /pid == $target/ { printf("%s\n", probefunc); }'
err no_provider_matched 0 "dtrace: description 'write:entry ' matched 1 probe" -- -c /bin/true -n 'write:entry /0/ { }'
err no_provider_none 1 "dtrace: invalid probe specifier no_such_function_xyz:entry: probe description ::no_such_function_xyz:entry does not match any probes" -- \
	-n 'no_such_function_xyz:entry'

# -lv: each probe's attributes as dtrace-utils' providers declare them
# (the description's: the provider's, lowered by each component the
# probe names) and its argument types: none for BEGIN, a system call's
# parameters from its tracepoint, a D probe's signature, a raw
# tracepoint's BTF types.
timeout 30 "$FERRET" dtrace -lv -n 'dtrace:::BEGIN' -n 'syscall::read:entry' \
	-n 'sched:::on-cpu' -n 'rawtp:sched::sched_process_fork' >"$W/out" 2>"$W/err"
rc=$?
sed -E 's/^ *[0-9]+ +/ID /' "$W/out" >"$W/lv"
cat >"$W/lv.want" <<'EOF2'
   ID   PROVIDER            MODULE                          FUNCTION NAME
ID dtrace                                                     BEGIN

	Probe Description Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Argument Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Argument Types
		None

ID syscall           vmlinux                              read entry

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: unsigned int
		args[1]: char *
		args[2]: size_t

ID sched           vmlinux                                   on-cpu

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

ID rawtp             sched                                   sched_process_fork

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: struct task_struct *
		args[1]: struct task_struct *

EOF2
if [ $rc = 0 ] && diff "$W/lv.want" "$W/lv" >"$W/diff"; then
	ok list_verbose
else
	bad list_verbose "rc $rc: $(head -3 "$W/err")"
fi
