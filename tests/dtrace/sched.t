# The sched provider: a process that sleeps and yields goes off and on
# CPU, to sleep, is woken, and surrenders; off-cpu's args[] name the
# thread that on-cpu then runs in, on the same CPU.  Only switches
# after the command's exec are compared: -c's child may run while the
# probes are being attached, the one on-cpu stands on before the other.
# The kernel does not report every switch here (perf and ftrace miss the
# same ones, see tests/record), so an on-cpu after a missed off-cpu finds
# another thread recorded: the on-cpu that match are asked for, not all.

PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
cat >"$W/yield.py" <<'EOF'
import os, time
for i in range(5):
    time.sleep(0.01)
    os.sched_yield()
EOF
same sched_switches 0 "
  on-cpu                                                            1
  sleep                                                             1
  surrender-args                                                    1
  wakeup-args                                                       1
  next-is-on-cpu                                                    1
  surrender                                                         5
" -- -q -x evaltime=exec -c "$PY $W/yield.py" -n '
	sched:::off-cpu { next_tid[cpu] = args[0]->pr_lwpid; next_pid[cpu] = args[1]->pr_pid; }
	proc:::exec-success /pid == $target/ { go = 1; }
	sched:::on-cpu /go && pid == $target/ {
		@["on-cpu"] = min(1);
		@m["next-is-on-cpu"] = max(next_tid[cpu] == tid && next_pid[cpu] == pid);
	}
	sched:::sleep /pid == $target/ { @["sleep"] = min(1); }
	sched:::wakeup /args[1]->pr_pid == $target/ {
		@["wakeup-args"] = min(args[0]->pr_lwpid == $target);
	}
	sched:::surrender /pid == $target/ {
		@["surrender-args"] = min(args[0]->pr_lwpid == tid && args[1]->pr_pid == pid);
	}
	sched:::surrender /pid == $target/ { @n["surrender"] = count(); }'
else
	echo "skip sched_switches: no python3"
	skip=$((skip + 1))
fi

# One clause on both: the brief example of DTrace's guide.
same sched_on_off 0 "
                1
" -- -q -c "/bin/sleep 0.1" -n '
	sched:::on-cpu, sched:::off-cpu /pid == $target/ { @ = max(cpu >= 0); }'

# The scheduler's tick, in the thread it interrupts.
same sched_tick 0 "
                1
" -- -q -n '
	sched:::tick { @ = min(args[0]->pr_lwpid == tid && args[1]->pr_pid == pid); }
	sched:::tick /n++ == 20/ { exit(0); }'

# enqueue, dequeue and change-pri are on kernel functions (fentry on
# enqueue_task_*, dequeue_task_*, set_user_nice), tested in the QEMU
# guest (tests/vm); a kernel that refuses BPF trampolines refuses them
# by name with its reason, lists none, and leaves them out of wildcards.
why=$("$FERRET" -e 'fentry:vfs_read { }' 2>&1 | sed -n 's/^-e:1:1: error: //p')
if [ -n "$why" ]; then
	err sched_enqueue_refused 1 "dtrace: invalid probe specifier sched:::enqueue { }: sched:::enqueue is the entry of kernel function enqueue_task_*, which this kernel cannot trace: $why" -- \
		-n 'sched:::enqueue { }'
	err sched_dequeue_refused 1 "dtrace: invalid probe specifier sched:::dequeue { trace(args[2]->cpu_id); }: sched:::dequeue is the entry of kernel function dequeue_task_*, which this kernel cannot trace: $why" -- \
		-n 'sched:::dequeue { trace(args[2]->cpu_id); }'
	err sched_change_pri_refused 1 "dtrace: invalid probe specifier sched:::change-pri { trace(args[2]); }: sched:::change-pri is the entry of kernel function set_user_nice, which this kernel cannot trace: $why" -- \
		-n 'sched:::change-pri { trace(args[2]); }'
	err sched_enqueue_list 0 "dtrace: failed to match sched:::enqueue: No probe matches description" -- \
		-l -n 'sched:::enqueue'
	err sched_wildcard_no_queue 1 "dtrace: invalid probe specifier sched:::*queue { }: probe description sched:::*queue does not match any probes" -- \
		-n 'sched:::*queue { }'
else
	echo "skip sched_*_refused: this kernel runs BPF trampolines (the guest tests run these probes)"
	skip=$((skip + 5))
fi

# Their arguments are typed all the same: an index past them, or a
# member no translator gives, is the program's error.
err sched_enqueue_args_idx 1 "dtrace: invalid probe specifier sched:::dequeue { trace(args[3]); }: index 3 is out of range for sched:::dequeue args[ ]" -- \
	-n 'sched:::dequeue { trace(args[3]); }'
err sched_cpuinfo_nolgrp 1 "dtrace: invalid probe specifier sched:::enqueue { trace(args[2]->cpu_lgrp); }: translator does not define conversion for member: cpu_lgrp" -- \
	-n 'sched:::enqueue { trace(args[2]->cpu_lgrp); }'
