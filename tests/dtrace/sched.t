# The sched provider: a process that sleeps and yields goes off and on
# CPU, to sleep, is woken, and surrenders; off-cpu's args[] name the
# thread that on-cpu then runs in, on the same CPU.  Only switches
# after the command's exec are compared: -c's child may run while the
# probes are being attached, the one on-cpu stands on before the other.

PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
cat >"$W/yield.py" <<'EOF'
import os, time
for i in range(5):
    time.sleep(0.01)
    os.sched_yield()
EOF
same sched_switches 0 "
  next-is-on-cpu                                                    1
  on-cpu                                                            1
  sleep                                                             1
  surrender-args                                                    1
  wakeup-args                                                       1
  surrender                                                         5
" -- -q -c "$PY $W/yield.py" -n '
	sched:::off-cpu { next_tid[cpu] = args[0]->pr_lwpid; next_pid[cpu] = args[1]->pr_pid; }
	proc:::exec-success /pid == $target/ { go = 1; }
	sched:::on-cpu /go && pid == $target/ {
		@["on-cpu"] = min(1);
		@["next-is-on-cpu"] = min(next_tid[cpu] == tid && next_pid[cpu] == pid);
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

# Probes with no event on this kernel (enqueue, dequeue: fbt in
# dtrace-utils) are not made up.
err sched_no_enqueue 1 "dtrace: invalid probe specifier sched:::enqueue { }: probe description sched:::enqueue does not match any probes" -- \
	-n 'sched:::enqueue { }'
err sched_no_change_pri 1 "dtrace: invalid probe specifier sched:::change-pri { }: probe description sched:::change-pri does not match any probes" -- \
	-n 'sched:::change-pri { }'
