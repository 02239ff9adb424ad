# The pid provider on the workload's functions (tests/runtime/workload.c):
# entry, return (arg1 is the return value), offset probes named by their
# offset, a.out as the program of -c's command or of -p's process, libc
# by its name, and "pid N has exited" for both.
WL=$BUILD/tests/workload
if [ ! -x "$WL" ]; then
	echo "skip pid: $WL is not built (make $WL)"
	skip=$((skip + 1))
else
# First: on this kernel, an offset probe set just after a run with a
# uretprobe on the same function was seen to miss its first run.
same pid_offset 0 "                   FUNCTION:NAME
                    ferret_mul:1                    0
                    ferret_mul:1                    2

" -- -c "$WL calls 4" -n 'pid$target:a.out:ferret_mul:1 { trace(arg0); }'

same pid_entry_return 0 "
               10
               60
" -- -q -c "$WL calls 10" \
	-n 'pid$target:a.out:ferret_add:entry { @calls = count(); }
	    pid$target:a.out:ferret_mul:return { @products = sum(arg1); }'
if [ ! -s "$W/err" ] &&
   timeout 30 "$FERRET" dtrace -c "$WL calls 1" -n 'pid$target:a.out:ferret_add:entry { }' \
	>"$W/out" 2>"$W/err" && grep -qxE "dtrace: pid [0-9]+ has exited" "$W/err"; then
	ok pid_c_exited
else
	bad pid_c_exited "stderr: $(cat "$W/err")"
fi

# The target's calls alone: not ferret's own, nor another process's.
same pid_libc 0 "libc.so.6:malloc:entry

" -- -q -c "/bin/cat /dev/null" \
	-n 'pid$target:libc:malloc:entry /!done/ { done = 1; printf("%s:%s:%s\n", probemod, probefunc, probename); }
	    pid$target:libc:malloc:entry /pid != $target/ { printf("pid %d\n", pid); }'

# A module named by its soname's prefix up to a '.': libc.so is libc.so.6.
same pid_libc_so 0 "libc.so.6:malloc:entry

" -- -q -c "/bin/cat /dev/null" \
	-n 'pid$target:libc.so:malloc:entry /!done/ { done = 1; printf("%s:%s:%s\n", probemod, probefunc, probename); }'

# arg6... at a function's entry are on the stack above the return
# address, as dtrace-utils reads them (x86-64 passes six in registers);
# past the arguments they are whatever the caller's frame holds.
same pid_stack_args 0 "6 70 80

" -- -q -c "$WL sargs 1" \
	-n 'pid$target:a.out:ferret_sargs:entry { printf("%d %d %d\n", arg5, arg6, arg7); x = arg8 + arg9; }'

# No clause runs until every probe is attached, as in DTrace: a process
# attached to with -p calls getppid() right after ferret_add(), and the
# syscall's probe, attached first, sees ferret_add()'s clause run before
# it at most once (when tracing starts between the two calls).
"$WL" spin 3000 &
wl=$!
sleep 0.2
timeout 30 "$FERRET" dtrace -q -p "$wl" -n 'int seen;
	syscall::getppid:entry /pid == $target/ { @[seen] = count(); }
	pid$target:a.out:ferret_add:entry { seen = 1; }
	tick-300ms { printa("%d %@d\n", @); exit(0); }' >"$W/out" 2>"$W/err"
kill "$wl" 2>/dev/null
wait "$wl" 2>/dev/null
before=$(awk '$1 == 0 { print $2 }' "$W/out")
after=$(awk '$1 == 1 { print $2 }' "$W/out")
if [ "${before:-0}" -le 1 ] && [ "${after:-0}" -gt 100 ]; then
	ok pid_all_attached_first
else
	bad pid_all_attached_first "before the uprobe: ${before:-0}, after: ${after:-0}: $(head -3 "$W/out" "$W/err")"
fi

# A process's pid probes fire in it alone, not in a child it forks with
# the probed text (the kernel runs a uprobe's programs for every process
# that hits it); the same with the process named by $1, not by -c or -p.
same pid_not_in_child 0 "1 5

" -- -q -c "$WL forkcalls 5" \
	-n 'pid$target:a.out:ferret_add:entry { @[pid == $target] = count(); }
	    END { printa("%d %@d\n", @); }'
"$WL" forkcalls 2000 &
wl=$!
sleep 0.1
timeout 30 "$FERRET" dtrace -q -n 'pid$1:a.out:ferret_add:entry { @[pid == $1] = count(); }
	tick-300ms { printa("%d %@d\n", @); exit(0); }' "$wl" >"$W/out" 2>"$W/err"
kill "$wl" 2>/dev/null
wait "$wl" 2>/dev/null
if grep -q "^1 [1-9]" "$W/out" && ! grep -q "^0 " "$W/out"; then
	ok pid_macro_not_in_child
else
	bad pid_macro_not_in_child "$(head -3 "$W/out" "$W/err")"
fi

# Aliases at one address (malloc, __libc_malloc, __malloc) are one
# probe, named as DTrace names it (its preferred symbol): a wildcard
# over them fires once per call, and naming an alias names malloc.
same pid_alias_name 0 "malloc

" -- -q -c "/bin/cat /dev/null" \
	-n 'pid$target:libc:__libc_malloc:entry /!done/ { done = 1; printf("%s\n", probefunc); }'
timeout 30 "$FERRET" dtrace -q -c "/bin/cat /dev/null" \
	-n 'pid$target:libc:malloc:entry { @a = count(); }
	    pid$target:libc:*malloc:entry { @b[probefunc] = count(); }
	    END { printa("all %@d\n", @a); printa("%s %@d\n", @b); }' >"$W/out" 2>"$W/err"
a=$(awk '$1 == "all" { print $2 }' "$W/out")
b=$(awk '$1 == "malloc" { print $2 }' "$W/out")
if [ -n "$a" ] && [ "$a" -gt 0 ] && [ "$a" = "$b" ] &&
   ! grep -qE "^(__libc_malloc|__malloc|__GI___libc_malloc) " "$W/out"; then
	ok pid_alias_once
else
	bad pid_alias_once "malloc $a, *malloc's malloc $b: $(head -3 "$W/out" "$W/err")"
fi

# A probe name that is empty or a glob is entry, return and a probe at
# each instruction whose offset it matches: the offsets are where objdump
# finds ferret_mul's instructions (hlt has none: the kernel refuses it),
# each firing on every call; the keys, one count apiece, sort as text.
size=$(nm -S --defined-only "$WL" | awk '$4 == "ferret_mul" { print strtonum("0x" $2) }')
offs=$(objdump -d --no-show-raw-insn "$WL" |
	awk -v size="$size" '/<ferret_mul>:$/ { f = 1; next } f && /^$/ { exit }
	     f && /^ *[0-9a-f]+:/ { a = strtonum("0x" $1); if (!n++) s = a
		if (a - s < size && $2 != "hlt") printf "%x\n", a - s }')
want=$(printf '%s\nentry\nreturn\n' "$offs" | LC_ALL=C sort | awk '{ printf "%s 2\n", $1 }')
same pid_every_insn 0 "$want

" -- -q -c "$WL calls 4" -n 'pid$target:a.out:ferret_mul: { @[probename] = count(); }
	    END { printa("%s %@d\n", @); }'
want=$(printf '%s\n' "$offs" | grep '^[37]' | awk '{ printf "%s\n", $1 }')
same pid_insn_glob 0 "$want

" -- -q -c "$WL calls 2" -n 'pid$target:a.out:ferret_mul:[37]* { printf("%s\n", probename); }'
if [ "$(printf '%s\n' "$offs" | wc -l)" -ge 2 ]; then
	ok pid_every_insn_objdump
else
	bad pid_every_insn_objdump "objdump found $(printf '%s\n' "$offs" | wc -l) instructions in ferret_mul"
fi

# -p: the process's own program is a.out, named by its file.
"$WL" ticks 25 &
wl=$!
sleep 0.1
same pid_p 0 "workload:ferret_add:entry 10

" -- -q -p "$wl" \
	-n 'pid$target:a.out:ferret_add:entry /!done/ { done = 1; printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg1); }'
wait "$wl"
# Under -q, dtrace's notices (pid N has exited) are left out.
if ! grep -q "has exited" "$W/err" && [ ! -s "$W/err" ]; then
	ok pid_p_exited
else
	bad pid_p_exited "stderr: $(cat "$W/err")"
fi

# uregs[] at a function's entry: the program counter is the function's
# address (the program's load address, from the process's maps, plus its
# symbol's value, from nm), the first two arguments are in rdi and rsi.
# Two seconds of ticks: the process must outlive ferret's start on a
# loaded machine (the probe's first hit ends the run).
"$WL" ticks 100 &
wl=$!
sleep 0.1
base=$(awk '$6 ~ /workload$/ && $3 == "00000000" { split($1, a, "-"); print a[1]; exit }' "/proc/$wl/maps")
sym=$(nm "$WL" | awk '$3 == "ferret_add" { print $1 }')
want=$(printf '%x' $((0x${base:-0} + 0x${sym:-0})))
same pid_uregs 0 "$want 1 10

" -- -q -p "$wl" \
	-n 'pid$target:a.out:ferret_add:entry /!done/ { done = 1;
		printf("%x %d %d\n", uregs[R_PC], uregs[R_RDI] == arg0, uregs[R_RSI]); exit(0); }'
wait "$wl"

err pid_return_arg0 1 'dtrace: invalid probe specifier pid$target:a.out:ferret_mul:return { trace(arg0); }: arg0 is not available at return probe uretprobe:'"$WL"':ferret_mul: arg0 is the offset of the returning instruction, which the kernel does not give' -- \
	-c "$WL calls 1" -n 'pid$target:a.out:ferret_mul:return { trace(arg0); }'
err pid_bad_name 1 'dtrace: invalid probe specifier pid$target:a.out:ferret_add:bogus { }: invalid probe name for the pid provider: bogus (entry, return or a hexadecimal offset)' -- \
	-c "$WL calls 1" -n 'pid$target:a.out:ferret_add:bogus { }'

# -F (flowindent): each record's label is the probe's function, indented
# two columns a level: an entry ("->", "=>" for syscall) is printed, then
# the depth rises; at a return ("<-", "<=") it falls first.  Other
# probes are "| FUNC:NAME".  The depth is kept per CPU, so these runs are
# pinned to one (their -c child inherits it).  The workload's "stack"
# mode calls main -> ferret_outer -> ferret_inner -> getppid().
printf '#!/bin/sh\nexec taskset -c 0 %s "$@"\n' "$FERRET" >"$W/pinned"
printf '#!/bin/sh\nunset _DTRACE_TESTING\nexec taskset -c 0 %s "$@"\n' \
	"$FERRET" >"$W/pinned-cpu"
chmod +x "$W/pinned" "$W/pinned-cpu"
real_ferret=$FERRET
FERRET=$W/pinned
same flow_nested 0 "FUNCTION                                 
 -> ferret_outer                          
   -> ferret_inner                        
     => getppid                           
     <= getppid                           
   <- ferret_inner                        
 <- ferret_outer                          
 -> ferret_outer                          
   -> ferret_inner                        
     => getppid                           
     <= getppid                           
   <- ferret_inner                        
 <- ferret_outer                          

" -- -F -c "$WL stack 2" \
	-n 'pid$target:a.out:ferret_*:entry, pid$target:a.out:ferret_*:return,
	    syscall::getppid:entry, syscall::getppid:return /pid == $target/ { }'
# The same nesting, read back from the output alone: each entry's marker
# stands two columns right of the one before, and each return's where its
# entry's stood (six entries: three calls deep, twice).
if awk 'NR == 1 { next }
	/->|=>/ { p = index($0, "-") + index($0, "="); if (p != 2 + 2 * d) bad = 1; d++; n++ }
	/<-|<=/ { d--; p = index($0, "<"); if (p != 2 + 2 * d) bad = 1 }
	END { exit bad || d || n != 6 }' "$W/out"; then
	ok flow_nested_depth
else
	bad flow_nested_depth "$(cat "$W/out")"
fi

# -x flowindent; BEGIN and END are "| :NAME"; a second clause at the
# same entry is the same call: "| FUNC:NAME" at the depth it made.
same flow_clauses 0 "FUNCTION                                 
| :BEGIN                                            1
 -> ferret_outer                                             0
  | ferret_outer:entry                    second
 <- ferret_outer                          ok
| :END                                    

" -- -x flowindent -c "$WL stack 1" \
	-n 'BEGIN { trace(1); }
	    pid$target:a.out:ferret_outer:entry { trace(arg0); }
	    pid$target:a.out:ferret_outer:entry { printf("second"); }
	    pid$target:a.out:ferret_outer:return { printf("ok"); }
	    END { }'

# With the CPU column; #pragma sets it, and quiet keeps the labels but
# not the newlines that end a record, as dtrace prints them.
printf '#pragma D option flowindent\n#pragma D option quiet\nsyscall::getppid:entry /pid == $target/ { printf("x"); }\nsyscall::getppid:return /pid == $target/ { printf("y"); }\n' >"$W/flow.d"
FERRET=$W/pinned-cpu
same flow_pragma_quiet 0 "CPU FUNCTION                                 
  0  => getppid                               x  0  <= getppid                               y  0  => getppid                               x  0  <= getppid                               y
" -- \
	-s "$W/flow.d" -c "$WL getppid 2"
FERRET=$real_ferret
err flow_bad_value 1 "dtrace: failed to set -x flowindent: Invalid value for specified option" -- \
	-x flowindent=maybe -n 'BEGIN { exit(0); }'
fi
