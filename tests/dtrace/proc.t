# The proc provider on real processes: a child's life from create to
# exit, with args[] translated (psinfo_t, lwpsinfo_t) and compared with
# the pids the kernel gave; exit statuses; signals sent, handled,
# ignored and taken by sigtimedwait; threads.

printf '/bin/true\n:\n' >"$W/one.sh"
same proc_life 0 "create 1 sh
start 1
lwp-start 1
exec /bin/true
exec-success true true
lwp-exit 1
exit 1 1

" -- -q -c "/bin/sh $W/one.sh" -n '
	proc:::create /pid == $target/ {
		kid = args[0]->pr_pid;
		printf("create %d %s\n", args[0]->pr_ppid == $target, args[0]->pr_fname);
	}
	proc:::start /pid == kid/ { printf("start %d\n", ppid == $target); }
	proc:::lwp-start /pid == kid/ { printf("lwp-start %d\n", tid == kid); }
	proc:::exec /pid == kid/ { printf("exec %s\n", args[0]); }
	proc:::exec-success /pid == kid/ {
		printf("exec-success %s %s\n", execname, curpsinfo->pr_fname);
	}
	proc:::lwp-exit /pid == kid/ { printf("lwp-exit %d\n", tid == kid); }
	proc:::exit /pid == kid/ { printf("exit %d %d\n", args[0], args[0] == CLD_EXITED); }'

# A child killed: signal-send names it in args[0] and args[1], and its
# exit status is CLD_KILLED.  The pid from create is the one the shell
# reports in $!.
printf '/bin/sleep 10 &\necho $! >%s\nkill -9 $!\nwait\n' "$W/kid" >"$W/kill.sh"
rm -f "$W/diff"
timeout 30 "$FERRET" dtrace -q -c "/bin/sh $W/kill.sh" -n '
	proc:::create /pid == $target/ { kid = args[0]->pr_pid; }
	proc:::signal-send /kid && args[1]->pr_pid == kid/ {
		printf("send %d %d %d\n", args[2], args[0]->pr_lwpid == kid,
		       args[1]->pr_ppid == $target);
	}
	proc:::exit /kid && pid == kid/ { printf("exit %d\n", args[0]); }
	proc:::exit /pid == $target/ { printf("%d\n", kid); }' >"$W/out" 2>"$W/err"
printf 'send 9 1 1\nexit 2\n%s\n\n' "$(cat "$W/kid" 2>/dev/null)" >"$W/want"
if diff "$W/want" "$W/out" >"$W/diff"; then
	ok proc_killed
else
	bad proc_killed "stdout differs (< expected, > ferret): $(head -2 "$W/err")"
fi

# exit's args[0] for a process exiting with a status
printf 'sh -c "exit 3"\n' >"$W/three.sh"
same proc_exit_status 0 "1

" -- -q -c "/bin/sh $W/three.sh" -n '
	proc:::exit /ppid == $target/ { printf("%d\n", args[0]); }'

# A signal caught by a handler (USR1), one ignored (USR2: discarded),
# and one blocked and taken by sigtimedwait (HUP: cleared).
# python3 itself, not a wrapper script that forks (pyenv's shims)
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
cat >"$W/sig.py" <<'EOF'
import os, signal
signal.signal(signal.SIGUSR1, lambda s, f: None)
signal.signal(signal.SIGUSR2, signal.SIG_IGN)
os.kill(os.getpid(), signal.SIGUSR1)
os.kill(os.getpid(), signal.SIGUSR2)
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP])
os.kill(os.getpid(), signal.SIGHUP)
signal.sigtimedwait([signal.SIGHUP], 1)
EOF
same proc_signals 0 "send 10
handle 10 1
discard 12
send 1
clear 1

" -- -q -c "$PY $W/sig.py" -n '
	proc:::signal-send /args[1]->pr_pid == $target && args[2] != SIGCHLD/ {
		printf("send %d\n", args[2]);
	}
	proc:::signal-handle /pid == $target/ {
		printf("handle %d %d\n", args[0], args[2] != 0);
	}
	proc:::signal-discard /args[1]->pr_pid == $target/ {
		printf("discard %d\n", args[2]);
	}
	proc:::signal-clear /pid == $target/ { printf("clear %d\n", args[0]); }'

# A thread: lwp-create in its creator, lwp-start and lwp-exit in it.
cat >"$W/thr.py" <<'EOF'
import threading
t = threading.Thread(target=lambda: None)
t.start()
t.join()
EOF
same proc_threads 0 "lwp-create 1 1
lwp-start 1
lwp-exit 1

" -- -q -c "$PY $W/thr.py" -n '
	proc:::lwp-create /pid == $target/ {
		lwp = args[0]->pr_lwpid;
		printf("lwp-create %d %d\n", args[1]->pr_pid == $target,
		       lwp != $target);
	}
	proc:::lwp-start /lwp && tid == lwp/ { printf("lwp-start %d\n", pid == $target); }
	proc:::lwp-exit /lwp && tid == lwp/ { printf("lwp-exit %d\n", pid == $target); }
	proc:::create, proc:::start /pid == $target/ { printf("not a thread\n"); }'
else
	echo "skip proc_signals, proc_threads: no python3"
	skip=$((skip + 2))
fi

# exec is one probe on two events (execve's and execveat's).
err proc_exec_one_probe 0 "dtrace: description 'proc:::exec ' matched 1 probe" -- \
	-c /bin/true -n 'proc:::exec { }'

# Probes this kernel has no event for are not made up.
err proc_no_probe 1 "dtrace: invalid probe specifier proc:::nosuch { }: probe description proc:::nosuch does not match any probes" -- \
	-n 'proc:::nosuch { }'
err proc_args_range 1 "dtrace: invalid probe specifier proc:::create { trace(args[1]->pr_pid); }: [D_ARGS_IDX] index 1 is out of range for proc:::create args[ ]" -- \
	-n 'proc:::create { trace(args[1]->pr_pid); }'
err proc_args_multi 1 "dtrace: invalid probe specifier proc:::create, sched:::wakeup { trace(args[0]->pr_pid); }: [D_ARGS_MULTI] args[ ] may not be referenced because probe description sched:::wakeup matches an unstable set of probes" -- \
	-n 'proc:::create, sched:::wakeup { trace(args[0]->pr_pid); }'

# pr_psargs: the arguments, NULs made spaces, cut at 79 bytes (and at
# strsize); "" for a task of another address space (off-cpu's next).
same proc_psargs 0 "[/bin/sleep 0.01] [sleep]

" -- -q -x evaltime=exec -c "/bin/sleep 0.01" -n '
	proc:::exec-success /pid == $target/ {
		printf("[%s] [%s]\n", curpsinfo->pr_psargs, curpsinfo->pr_fname);
	}'

long=0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789
want=$(printf '/bin/true %s' "$long" | head -c 79)
same proc_psargs_long 0 "[$want]

" -- -q -x strsize=128 -x evaltime=exec -c "/bin/true $long" -n '
	proc:::exec-success /pid == $target/ { printf("[%s]\n", curpsinfo->pr_psargs); }'

same proc_psargs_other 0 "[]

" -- -q -c "/bin/sleep 0.1" -n '
	sched:::off-cpu /pid == $target && args[1]->pr_pid != pid/ {
		printf("[%s]\n", args[1]->pr_psargs);
		exit(0);
	}'

# -x evaltime: where -c's command is when tracing starts.  postinit,
# dtrace's default, once ld.so has loaded and initialised the libraries
# (the program's entry point): its execve, and ld.so's opening of libc,
# are not traced.  exec: from before the execve.  preinit: stopped in
# it, before it returns, so its return and ld.so's calls are.  main: at
# main(), so _start has run.
evalprog='syscall::execve:return /pid == $target/ { @["execve"] = count(); }
	proc:::exec-success /pid == $target/ { @["exec-success"] = count(); }
	syscall::openat:entry /pid == $target && basename(copyinstr(arg1)) == "libc.so.6"/ { @["libc"] = count(); }
	syscall::exit_group:entry /pid == $target/ { @["exit_group"] = count(); }
	END { printa("%s %@d\n", @); }'
same evaltime_default 0 "exit_group 1

" -- -q -c /bin/true \
	-n "$evalprog"
same evaltime_exec 0 "exec-success 1
execve 1
exit_group 1
libc 1

" -- -q -x evaltime=exec -c /bin/true \
	-n "$evalprog"
same evaltime_preinit 0 "execve 1
exit_group 1
libc 1

" -- -q -x evaltime=preinit -c /bin/true \
	-n "$evalprog"
same evaltime_postinit_start 0 "_start main
" -- -q -c "$BUILD/tests/workload calls 1" \
	-n 'pid$target:a.out:_start:entry { printf("_start "); } pid$target:a.out:main:entry { printf("main"); }'
same evaltime_main 0 "main
" -- -q -x evaltime=main -c "$BUILD/tests/workload calls 1" \
	-n 'pid$target:a.out:_start:entry { printf("_start "); } pid$target:a.out:main:entry { printf("main"); }'
err evaltime_bad 1 "dtrace: failed to set -x evaltime: Invalid value for specified option" -- \
	-x evaltime=later -n 'BEGIN { exit(0); }'
