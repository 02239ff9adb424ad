# Destructive actions: only with -w or the destructive option, dtrace's
# refusal otherwise; raise(), stop(), system(), freopen() for real, and
# the located refusals of what eBPF or this kernel cannot do.

err no_w 1 "dtrace: description 'BEGIN ' matched 1 probe" -- \
	-n 'BEGIN { system("echo hi"); exit(0); }'
if [ "$(sed -n 2p "$W/err")" = "dtrace: could not enable tracing: Destructive actions not allowed" ] &&
	[ ! -s "$W/out" ]; then
	ok no_w_refused
else
	bad no_w_refused "stderr: $(cat "$W/err") stdout: $(cat "$W/out")"
fi

same system_w 0 "5 and six

" -- -w -q -n 'BEGIN { system("echo %d and %s", 5, "six"); exit(0); }'
# dtrace's notices are left out under quiet (-q, -x quiet or its pragma).
if [ ! -s "$W/err" ] &&
   timeout 30 "$FERRET" dtrace -w -n 'BEGIN { exit(0); }' >"$W/out" 2>"$W/err" &&
   [ "$(sed -n 2p "$W/err")" = "dtrace: allowing destructive actions" ]; then
	ok system_w_notice
else
	bad system_w_notice "stderr: $(cat "$W/err")"
fi
same system_pragma 0 "ok

" -- -q -n '#pragma D option destructive
BEGIN { system("echo ok"); exit(0); }'

# raise(): the command's sleep is ended by the signal at its first call.
same raise 0 "raised

" -- -w -q -c "/bin/sleep 20" \
	-n 'syscall::clock_nanosleep:entry /pid == $target/ { raise(15); printf("raised\n"); }'

# stop(): the command stays stopped; the kernel says so.
cat >"$W/stop.d" <<'EOF'
#pragma D option quiet

syscall::clock_nanosleep:entry
/pid == $target/
{
	stop();
	printf("stopped\n");
}

tick-100ms
/n++ == 3/
{
	system("grep ^State: /proc/%d/status", $target);
	exit(0);
}
EOF
same stop 0 "stopped
State:	T (stopped)

" -- -w -s "$W/stop.d" -c "/bin/sleep 1"

# freopen(): the output goes on in a file, and back with "".
same freopen 0 "before
after

" -- -w -q -n "BEGIN { printf(\"before\\n\"); freopen(\"%s/fre%d.out\", \"$W\", 1); printf(\"in the file\\n\"); freopen(\"\"); printf(\"after\\n\"); exit(0); }"
if [ "$(cat "$W/fre1.out" 2>/dev/null)" = "in the file" ]; then
	ok freopen_file
else
	bad freopen_file "$W/fre1.out: $(cat "$W/fre1.out" 2>&1)"
fi
err freopen_dot 1 "dtrace: invalid probe specifier BEGIN { freopen(\".\"); }: [D_FREOPEN_INVALID] freopen( ) argument #1 cannot be \".\"" -- \
	-w -n 'BEGIN { freopen("."); }'

# What eBPF cannot do, refused where it is written.
printf 'BEGIN\n{\n\tchill(100);\n}\n' >"$W/chill.d"
err chill 1 "dtrace: failed to compile script $W/chill.d: line 3: chill( ) is not available: dtrace-utils does not implement it, and a clause that spins with preemption off stalls its CPU for the whole time" -- \
	-w -s "$W/chill.d"
err breakpoint 1 "dtrace: invalid probe specifier tick-1s { breakpoint(); }: breakpoint( ) is not available: a BPF program has no way to stop the kernel in a debugger" -- \
	-w -n 'tick-1s { breakpoint(); }'
err panic 1 "dtrace: invalid probe specifier tick-1s { panic(); }: panic( ) is not available: a BPF program has no way to panic the kernel" -- \
	-w -n 'tick-1s { panic(); }'
err stop_begin 1 "dtrace: invalid probe specifier BEGIN { stop(); }: stop( ) acts on the current process, which in BEGIN is dtrace itself" -- \
	-w -n 'BEGIN { stop(); }'
err raise_args 1 "dtrace: invalid probe specifier tick-1s { raise(); }: [D_PROTO_LEN] raise( ) prototype mismatch: 0 args passed, 1 expected" -- \
	-w -n 'tick-1s { raise(); }'
# dtrace checks the arguments before anything else: so does ferret,
# before it refuses what it cannot do.
err chill_args 1 "dtrace: invalid probe specifier tick-1s { chill(1, 2); }: [D_PROTO_LEN] chill( ) prototype mismatch: 2 args passed, 1 expected" -- \
	-w -n 'tick-1s { chill(1, 2); }'
err chill_type 1 "dtrace: invalid probe specifier tick-1s { chill(\"x\"); }: [D_PROTO_ARG] chill( ) argument #1 is incompatible with prototype:" -- \
	-w -n 'tick-1s { chill("x"); }'
err panic_args 1 "dtrace: invalid probe specifier tick-1s { panic(0); }: [D_PROTO_LEN] panic( ) prototype mismatch: 1 arg passed, 0 expected" -- \
	-w -n 'tick-1s { panic(0); }'
err raise_type 1 "dtrace: invalid probe specifier tick-1s { raise(\"x\"); }: [D_PROTO_ARG] raise( ) argument #1 is incompatible with prototype:" -- \
	-w -n 'tick-1s { raise("x"); }'
err copyout_type 1 "dtrace: invalid probe specifier tick-1s { copyout(\"a\", \"b\", 1); }: [D_PROTO_ARG] copyout( ) argument #2 is incompatible with prototype:" -- \
	-w -n 'tick-1s { copyout("a", "b", 1); }'

# copyout() and copyoutstr() need bpf_probe_write_user(), which a kernel
# under lockdown refuses: then they are refused where they are written.
printf 'syscall::write:entry\n{\n\tcopyoutstr("HELLO", arg1, 5);\n}\n' >"$W/cpo.d"
"$FERRET" dtrace -w -s "$W/cpo.d" -c /bin/true >"$W/out" 2>"$W/err"
if grep -q "refuses bpf_probe_write_user" "$W/err"; then
	err copyoutstr_refused 1 "dtrace: failed to compile script $W/cpo.d: line 3: copyoutstr( ) is not available: this kernel refuses bpf_probe_write_user(), the only way a BPF program writes user memory (a kernel under lockdown forbids it: see kernel_lockdown(7))" -- \
		-w -s "$W/cpo.d"
	err copyout_refused 1 "dtrace: invalid probe specifier syscall::write:entry { copyout(arg1, arg1, 4); }: copyout( ) is not available: this kernel refuses bpf_probe_write_user(), the only way a BPF program writes user memory (a kernel under lockdown forbids it: see kernel_lockdown(7))" -- \
		-w -n 'syscall::write:entry { copyout(arg1, arg1, 4); }'
else
	printf 'echo hello\n' >"$W/hello.sh"
	same copyoutstr 0 "HELLO
" -- -w -q -c "/bin/sh $W/hello.sh" \
		-n 'syscall::write:entry /pid == $target/ { copyoutstr("HELLO", arg1, 5); }'
fi

# A command BEGIN's system() starts runs once the event probes are
# enabled, as in DTrace, also where clauses can fault or exit() (whose
# BEGIN clauses run one at a time): the probes see it, and BEGIN's
# output keeps its order around the command's.
same system_begin_traced 0 "a
hi
b
exit of sh

" -- -w -q -n 'BEGIN { parent = pid; printf("a\n"); system("echo hi"); printf("b\n"); }
	proc:::exit /progenyof(parent) && execname == "sh"/ { printf("exit of %s\n", execname); exit(0); }'

# system()'s format is DTrace's, as printf()'s: "%%" is a percent sign,
# and its arguments are checked against it.
same system_percent 0 "%s 5 six

" -- -w -q -n 'BEGIN { system("echo %%s %d %s", 5, "six"); exit(0); }'
err system_format_arg 1 "dtrace: invalid probe specifier BEGIN { system(\"echo %d\", \"x\"); }: system( ) argument #2 is incompatible with conversion #1 prototype:" -- \
	-w -n 'BEGIN { system("echo %d", "x"); }'
