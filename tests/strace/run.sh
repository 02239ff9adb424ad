#!/bin/bash
# ferret strace against its workload's own expectations and against
# strace 6.1 on the same workload.  Root.  Ends with "N passed, N failed".
set -u
BUILD=${1:-build}
FERRET=$(readlink -f "$BUILD/ferret")
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
cc -O2 -Wall -Wextra -Werror -o "$T/wl" "$HERE/workload.c" -lpthread || { echo "0 passed, 1 failed"; exit 1; }
WL=$T/wl
# Addresses, pids and alignment differ between runs: normalise them.
norm() { sed -E 's/"_=[^"]*"/"_=TRACER"/; s/\{pid=[0-9]+, uid/{pid=PID, uid/; s/[0-9]{3,}<([a-z0-9_.-]*)>/PID<\1>/g; /^setpgid/s/, [0-9]+\)/, PGID)/; /^sysinfo/s/[0-9]+/N/g; /^clock_adjtime/s/=[0-9]+/=N/g; /^clock_nanosleep/s/, \{tv_sec=[0-9]+, tv_nsec=[0-9]+\}\) +=/, {REM}) =/; /^getitimer/s/tv_sec=[0-9]+/tv_sec=N/g; s/tv_usec=[0-9]+/tv_usec=N/g; s/^wait4\([0-9]+/wait4(PID/; s/left \{tv_sec=[0-9]+, tv_nsec=[0-9]+\}/left {TIME}/; s/0x[0-9a-f]+/ADDR/g; s/si_(u|s)time=[0-9]+( \/\* [0-9.]+ s \*\/)?/si_\1time=T/g; /^waitid/s/\b[0-9]{3,}\b/PID/g; s/si_pid=[0-9]+/si_pid=PID/g; s/^[0-9]+ +//; s/\[pid +[0-9]+\] //; s/ +=/ =/; s/= [0-9]{3,}$/= PID/'; }
SET=openat,pipe2,write,read,close,getppid
cd "$T"
"$FERRET" strace -o f.txt -e trace=$SET "$WL" basic > exp.txt
grep -v '^write(1,' f.txt | grep -v '^+++' | norm > f.n
norm < exp.txt > exp.n
missing=$(grep -vxF -f f.n exp.n)
[ -z "$missing" ] && ok "basic: every expected line" || bad "basic: missing: $missing"
strace -o s.txt -e trace=$SET "$WL" basic > /dev/null
grep -v '^write(1,' s.txt | grep -v '^+++' | norm > s.n
diff <(tail -n 11 s.n) <(tail -n 11 f.n) > d.txt && ok "basic: equal to strace's lines" || bad "basic vs strace: $(cat d.txt)"
grep -q '^+++ exited with 0 +++' f.txt && ok "exit line" || bad "exit line"
# -c: calls and errors equal strace -c's
"$FERRET" strace -c -o fc.txt "$WL" basic > /dev/null
strace -c -o sc.txt "$WL" basic > /dev/null
cnt() { awk 'NF>=5 && $1 ~ /^[0-9.]+$/ && $NF != "total" { e = (NF == 6) ? $5 : 0; print $NF, $4, e }' "$1" | sort; }
diff <(cnt sc.txt) <(cnt fc.txt) > d.txt && ok "-c: counts and errors equal strace -c's" || bad "-c differs: $(cat d.txt)"
# -S: rows in strace's order for the keys that do not depend on timing
# (ties in call number order); -U: strace's columns, headings and rules.
for key in calls name errors nothing; do
	"$FERRET" strace -c -S $key -o fc.txt "$WL" basic > /dev/null
	strace -c -S $key -o sc.txt "$WL" basic > /dev/null
	diff <(awk '{ print $NF }' sc.txt) <(awk '{ print $NF }' fc.txt) > d.txt &&
		ok "-c -S $key: strace's row order" || bad "-S $key: $(head -6 d.txt)"
done
U=name,calls,max-time,min-time,avg-time,errors,time-percent
"$FERRET" strace -c -U $U -S calls -o fc.txt "$WL" basic > /dev/null
strace -c -U $U -S calls -o sc.txt "$WL" basic > /dev/null
colns() { awk 'NR <= 2 || /^-/ { print; next } { print $1, $2, (NF == 7 ? $6 : "") }' "$1"; }
diff <(colns sc.txt) <(colns fc.txt) > d.txt && ok "-c -U: strace's columns, headings and rules" ||
	bad "-U: $(head -6 d.txt)"
# Without -w a call's time is the CPU's: a sleep counts next to nothing;
# -w counts the wall clock, -O takes an overhead off each call.
secs_of() { awk -v c="$2" '$NF == c { print $2 }' "$1"; }
"$FERRET" strace -c -e trace=clock_nanosleep -o fc.txt sleep 0.2
strace -c -e trace=clock_nanosleep -o sc.txt sleep 0.2
f=$(secs_of fc.txt clock_nanosleep) s=$(secs_of sc.txt clock_nanosleep)
awk -v f="$f" -v s="$s" 'BEGIN { exit !(f != "" && f < 0.01 && s < 0.01) }' &&
	ok "-c: system CPU time, as strace's ($f s, strace $s s)" || bad "-c CPU time: $f s, strace $s s"
"$FERRET" strace -c -w -O 50ms -e trace=clock_nanosleep -o fc.txt sleep 0.2
strace -c -w -O 50ms -e trace=clock_nanosleep -o sc.txt sleep 0.2
f=$(secs_of fc.txt clock_nanosleep) s=$(secs_of sc.txt clock_nanosleep)
awk -v f="$f" -v s="$s" 'BEGIN { exit !(f >= 0.14 && f < 0.2 && s >= 0.14 && s < 0.2) }' &&
	ok "-c -w -O 50ms: the wall clock less the overhead ($f s, strace $s s)" || bad "-w -O: $f s, strace $s s"
for bad_opt in "-S bogus" "-U time,bogus" "-U calls,calls" "-O 5xs"; do
	"$FERRET" strace -c $bad_opt true > /dev/null 2> e.txt; rc=$?
	strace -c $bad_opt true > /dev/null 2> se.txt; src=$?
	[ $rc = 1 ] && [ $src = 1 ] && grep -q "$(sed -n '1s/^strace: //p' se.txt | cut -c1-30)" e.txt &&
		ok "-c $bad_opt: strace's error, exit 1" || bad "$bad_opt: rc $rc: $(cat e.txt) vs $(head -1 se.txt)"
done
# The command keeps the signal state it is given; ferret dies of the
# signal that killed it, as strace, even with that signal blocked.
for T in "$(command -v strace)" "$FERRET strace"; do
	"$WL" blocked-exec $T -e trace=none -o /dev/null "$WL" term-self > "ts-${T##*/}.txt"
	echo "rc $?" >> "ts-${T##*/}.txt"
done
diff ts-strace.txt "ts-ferret strace.txt" > d.txt && grep -q "SIGCHLD ignored" ts-strace.txt &&
	ok "-I: the command's ignored and blocked signals kept, ferret dies of its signal" ||
	bad "signal state: $(cat d.txt ts-strace.txt)"
# A call in progress when ferret is stopped (-I waiting) ends its line
# "<detached ...>", and ferret and its command die of the signal; by
# default, a command's trace to a file ignores the signal (-I never).
for T in strace "$FERRET strace"; do
	n=${T##*/}
	$T -I2 -e trace=clock_nanosleep -o "dt-$n.txt" "$WL" nap & p=$!
	sleep 1; kill $p; wait $p; echo "rc $?" >> "dt-$n.txt"
	sleep 0.2; pgrep -f "$WL nap" > /dev/null && echo "command runs on" >> "dt-$n.txt"
	pkill -f "$WL nap"
	$T -e trace=clock_nanosleep -o "dn-$n.txt" "$WL" nap & p=$!
	sleep 1; kill $p; wait $p; echo "rc $?" >> "dn-$n.txt"
done
sed -i 's/0x[0-9a-f]*/ADDR/g' dt-*.txt dn-*.txt
diff dt-strace.txt "dt-ferret strace.txt" > d.txt && grep -q 'detached' dt-strace.txt &&
	ok "-I2: <detached ...>, ferret and the command die of SIGTERM" || bad "-I2: $(cat d.txt)"
diff dn-strace.txt "dn-ferret strace.txt" > d.txt && grep -q 'rc 0' dn-strace.txt &&
	ok "-o FILE COMMAND: SIGTERM ignored, the trace ends with the command" || bad "-I default: $(cat d.txt)"
# -f across fork, vfork and exec; exit status passed through
"$FERRET" strace -f -o ff.txt "$WL" fork > /dev/null; rc=$?
[ $rc = 3 ] && ok "exit status passed through" || bad "exit status $rc, not 3"
grep -q 'exited with 7' ff.txt && ok "-f: forked child traced to its exit" || bad "-f fork"
grep -q 'execve("/bin/true", \["true"\]' ff.txt && ok "-f: vfork child's exec traced" || bad "-f vfork exec"
grep -Eq '^[0-9]+ +getppid\(\)' ff.txt && ok "-f -o: PID prefix" || bad "-f -o prefix"
"$FERRET" strace -f -e trace=getppid,exit "$WL" thread 2> ft.txt
grep -Eq '^\[pid +[0-9]+\] getppid\(\)' ft.txt && ok "-f: clone3 thread traced" || bad "-f thread: $(cat ft.txt)"
grep -q 'clone3' <("$FERRET" strace -f "$WL" thread 2>&1) && ok "clone3 decoded" || bad "clone3"
# filters and formats
"$FERRET" strace -e trace=%file -e status=failed "$WL" basic 2> fs.txt > /dev/null
[ "$(grep -c . fs.txt)" -ge 1 ] && ! grep -v -e ENOENT -e '^+++' fs.txt | grep -q . && ok "trace=%file status=failed" || bad "status=failed: $(cat fs.txt)"
"$FERRET" strace -Z -e trace=close "$WL" basic 2> fz.txt > /dev/null
grep -q 'close(9999)' fz.txt && ! grep -q 'close(4)' fz.txt && ok "-Z" || bad "-Z"
"$FERRET" strace -z -e trace=close "$WL" basic 2> fz.txt > /dev/null
! grep -q 'close(9999)' fz.txt && grep -q ' = 0' fz.txt && ok "-z" || bad "-z"
"$FERRET" strace -e trace=!close,write,read "$WL" basic 2> fn.txt > /dev/null
! grep -Eq '^(close|write|read)\(' fn.txt && grep -q '^getppid' fn.txt && ok "negated trace set" || bad "negation"
"$FERRET" strace -s 3 -e trace=write "$WL" basic 2> fs3.txt > /dev/null
grep -Eq "write\([0-9]+, \"hel\"\.\.\., 7\)" fs3.txt && ok "-s" || bad "-s: $(cat fs3.txt)"
WORKLOAD_LINGER=1 "$FERRET" strace -y -e trace=pipe2,write "$WL" basic 2> fy.txt > /dev/null
grep -Eq "write\([0-9]+<pipe:\[" fy.txt && ok "-y" || bad "-y: $(cat fy.txt)"
# -o '|command': the trace through a pipe, waited for before the exit.
"$FERRET" strace -o "|cat > fo.txt && sleep 0.2 && grep -c getppid fo.txt > fo2.txt" -e trace=getppid "$WL" basic > /dev/null
[ "$(cat fo2.txt 2>/dev/null)" -ge 1 ] 2>/dev/null && ok "-o '|command'" || bad "-o pipe: $(cat fo.txt fo2.txt 2>&1)"
# decode-fds=dev names devices only: a pipe stays a number, as in strace.
WORKLOAD_LINGER=1 "$FERRET" strace --decode-fds=dev -e trace=pipe2,write "$WL" basic 2> fyd.txt > /dev/null
grep -q '^write(' fyd.txt && ! grep -q 'pipe:' fyd.txt && ok "decode-fds=dev: no pipe paths" ||
	bad "decode-fds=dev: $(cat fyd.txt)"
"$FERRET" strace -T -e trace=getppid "$WL" basic 2> fT.txt > /dev/null
grep -Eq '= [0-9]+ <0\.[0-9]{6}>$' fT.txt && ok "-T" || bad "-T"
"$FERRET" strace -tt -e trace=getppid "$WL" basic 2> ft2.txt > /dev/null
grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} getppid' ft2.txt && ok "-tt" || bad "-tt"
"$FERRET" strace -ttt -e trace=getppid "$WL" basic 2> ft3.txt > /dev/null
grep -Eq '^[0-9]{10}\.[0-9]{6} getppid' ft3.txt && ok "-ttt" || bad "-ttt"
"$FERRET" strace -t -e trace=getppid "$WL" basic 2> ft1.txt > /dev/null
grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2} getppid' ft1.txt && ok "-t" || bad "-t"
"$FERRET" strace -r -e trace=getppid "$WL" basic 2> fr.txt > /dev/null
grep -Eq '^ +[0-9]+\.[0-9]{6} getppid' fr.txt && ok "-r" || bad "-r"
# Precisions: each option sets only what it names, as strace's.
"$FERRET" strace --relative-timestamps=ms --syscall-times=ns -e trace=getppid "$WL" basic 2> fp.txt > /dev/null
grep -Eq '^ +[0-9]+\.[0-9]{3} getppid\(\) += [0-9]+ <[0-9]+\.[0-9]{9}>$' fp.txt &&
	ok "--relative-timestamps=ms --syscall-times=ns" || bad "precisions: $(head -2 fp.txt)"
"$FERRET" strace --relative-timestamps=s --syscall-times=s -e trace=getppid "$WL" basic 2> fp.txt > /dev/null
grep -Eq '^ +[0-9]+ getppid\(\) += [0-9]+ <[0-9]+>$' fp.txt &&
	ok "--relative-timestamps=s --syscall-times=s" || bad "precision s: $(head -2 fp.txt)"
"$FERRET" strace --timestamps=precision:ms --timestamps=format:unix -e trace=getppid "$WL" basic 2> fp.txt > /dev/null
grep -Eq '^[0-9]{10}\.[0-9]{3} getppid' fp.txt &&
	ok "--timestamps=precision:ms --timestamps=format:unix" || bad "two --timestamps: $(head -2 fp.txt)"
"$FERRET" strace --json -e trace=openat "$WL" basic 2> fj.txt > /dev/null
python3 -c '
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert any(o["syscall"] == "openat" and o.get("error") == "ENOENT" for o in objs)
assert all(not a.startswith(",") for o in objs for a in o["args"]), "args with a separator"
' fj.txt && ok "--json" || bad "--json: $(head -3 fj.txt)"
# execve's argv (more strings than -s shows, then "...") and envp (more
# pointers than a page holds), and getdents64 over more than a page of
# entries: each line equal to strace's.
same_line() {	# same_line NAME STRACE-ARGS... -- COMMAND...
	local name=$1
	shift
	local opts=() cmd
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	strace "${opts[@]}" -o s1.txt "$@" > /dev/null
	"$FERRET" strace "${opts[@]}" -o f1.txt "$@" > /dev/null
	grep -v '^+++' s1.txt | norm | sed -E "${NORM2:-}" > s1.n
	grep -v '^+++' f1.txt | norm | sed -E "${NORM2:-}" > f1.n
	diff s1.n f1.n > d.txt && [ -s s1.n ] && ok "$name" || bad "$name: $(head -4 d.txt)"
}
# -s past what one record holds (32 KiB, the kernel's per-CPU value):
# up to ST_STRSIZE_MAX shown as strace shows it, beyond that cut there.
for n in 0 4096 20000; do
	same_line "-s $n: a 300,000-byte write and read, long execve strings and path" \
		-s $n -e trace=write,read,execve,openat -- "$WL" long-strings
done
strace -s 32704 -e trace=write,read,execve,openat -o s1.txt "$WL" long-strings > /dev/null
"$FERRET" strace -s 262144 -e trace=write,read,execve,openat -o f1.txt "$WL" long-strings > /dev/null
diff <(grep -v '^+++' s1.txt | norm) <(grep -v '^+++' f1.txt | norm) > d.txt && grep -q '^write(3, "abcde' f1.txt &&
	ok "-s 262144: strings and buffers cut at 32704 bytes, as strace -s 32704 cuts them" ||
	bad "-s 262144: $(head -4 d.txt | cut -c1-200)"
# 40,000 calls of ~4 KiB strings: the reader falls behind, the ring
# buffer (larger with -s) holds them all.
same_line "execve of a path on a page never touched: read again at its failed exit" \
	-e trace=execve -- "$WL" exec-untouched
same_line "-s 4096: a flood of long strings, no line lost" -s 4096 -e trace=add_key -- "$WL" string-flood
for a in "-s -1" "-s x" "-s 5x" "-s 1073741824" "-s ''" "--string-limit=x"; do
	eval "\"\$FERRET\" strace $a -e trace=none true" > /dev/null 2> e.txt; rc=$?
	eval "strace $a -e trace=none true" > /dev/null 2> se.txt; src=$?
	[ $rc = $src ] && [ $rc = 1 ] && diff <(sed 's/^[^:]*: //; s/Try .* -h/Try -h/' se.txt) \
		<(sed 's/^[^:]*: //; s/Try .* -h/Try -h/' e.txt) > d.txt &&
		ok "$a: strace's message, exit 1" || bad "$a: rc $rc/$src: $(cat e.txt se.txt)"
done
for a in "-s 1073741823" "-s +7" "-s ' 7'"; do
	eval "\"\$FERRET\" strace $a -e trace=none true" > /dev/null 2> e.txt; rc=$?
	eval "strace $a -e trace=none true" > /dev/null 2> se.txt; src=$?
	[ $rc = 0 ] && [ $src = 0 ] && diff se.txt e.txt > /dev/null && ok "$a: taken, as strace takes it" ||
		bad "$a: rc $rc/$src: $(cat e.txt)"
done
same_line "-y: pidfd_getfd's descriptor as its process has it" -y -e trace=pidfd_getfd -- "$WL" getfd
NORM2='s/<pid:[0-9]+>/<pid:PID>/' same_line "-yy: pidfd_getfd's descriptor as its process has it" -yy -e trace=pidfd_getfd -- "$WL" getfd
# Both processes gone when the line prints: the caller's own duplicate
# of the file names it.
for o in -y -yy; do
	NORM2='s/<pid:[0-9]+>/<pid:PID>/' \
	same_line "$o: pidfd_getfd's descriptor after both processes have gone" $o \
		-e trace=pidfd_getfd -- "$WL" getfd-gone
done
NORM2="s#$T/tmp\\.[A-Za-z0-9]+#DIR#g; s#x{255}#X#g" \
same_line "-y: the working directory after chdir(\"..\"), through a link, and none past a page" \
	-y -e trace=openat,chdir -- sh -c 'exec "$1" cwd "$(mktemp -d -p "$2")"' sh "$WL" "$T"
NORM2="s#$T/tmp\\.[A-Za-z0-9]+#DIR#g" \
same_line "-y: a file renamed or removed, after the process is gone" \
	-y -e trace=fchmod -- sh -c 'exec "$1" unlink "$(mktemp -d -p "$2")"' sh "$WL" "$T"
# (when strace learns of the child's exit, before or after the parent's
# return, varies from run to run)
NORM2='s/\[[0-9]+\]/[N]/g; /\+\+\+ exited/d' \
same_line "-f: clone cut by its child's lines: the flags, then the rest resumed" \
	-f -e trace=clone,getppid -- "$WL" clone-cut
NORM2='s/:\[[0-9]+\]/:[INO]/g' \
same_line "-y: the pipe and socket pairs made, the descriptors SCM_RIGHTS passes, after the process is gone" \
	-y -e trace=pipe2,socketpair,sendmsg -- "$WL" pairs
# A netlink socket's port id is its process's id: any number of digits.
NORM2='s/[0-9]{4,}/N/g; s/(ROUTE:|nl_pid=)[0-9]+/\1N/g' \
same_line "-yy: sockets as each call found them, after the process is gone, a closed peer remembered" \
	-yy -e trace=socketpair,getpeername,close,socket,bind,listen,getsockname,connect,accept,sendto,shutdown -- "$WL" yy-gone
# The calls that made the sockets not traced: what each call's entry saw.
for y in -y -yy; do
	NORM2='s/[0-9]{4,}/N/g; s/(ROUTE:|nl_pid=)[0-9]+/\1N/g' \
	same_line "$y: sockets no traced call made, after the process is gone" \
		$y -e trace=getsockname,getpeername -- "$WL" yy-gone
done
same_line "open, socket, statx, fadvise and fcntl flags" \
	-e trace=openat,fcntl,fadvise64,socket,statx -- "$WL" flags
same_line "unsigned ints truncated, unknown values commented" \
	-e trace=alarm,getrlimit,close_range,lseek,fcntl,clock_gettime -- "$WL" values
same_line "poll, ppoll, epoll (a failed epoll_pwait2's timeout and mask as addresses), futex and mknod arguments" \
	-e trace=poll,ppoll,epoll_ctl,epoll_wait,epoll_pwait,epoll_pwait2,futex,mknodat -- "$WL" waits
NORM2='s/tms_([a-z]+)=[0-9]+( \/\* [0-9]+\.[0-9]+ s \*\/)?/tms_\1=N/g; s/left \{tv_sec=[0-9]+, tv_nsec=[0-9]+\}/left {T}/' \
same_line "ppoll: nfds an unsigned int, revents past -s 2's entries" -s 2 -e trace=ppoll -- "$WL" polls
NORM2='s/left \{tv_sec=[0-9]+, tv_nsec=[0-9]+\}/left {T}/' \
same_line "ppoll -v: every pollfd" -v -e trace=ppoll -- "$WL" polls
exec 9>>/dev/full
NORM2='s/left \{tv_sec=[0-9]+, tv_(n|u)sec=[0-9]+\}/left {T}/' \
same_line "ppoll, select, pselect6 -P: a path among the pollfds and the fd sets" -P /dev/full \
	-e trace=ppoll,select,pselect6 -- "$WL" polls
exec 9>&-
"$FERRET" strace -e trace=times "$WL" polls 2> ftm.txt > /dev/null
grep -Eq '^times\(\{tms_utime=[1-9][0-9]* /\* [0-9]+\.[0-9]{2} s \*/,' ftm.txt &&
	ok "times: clock ticks with their seconds" || bad "times: $(cat ftm.txt)"
NORM2='s/pid=[0-9]+/pid=PID/; s/tv_sec=[0-9]+, tv_nsec=[0-9]+/T/' \
same_line "socket options: ints, linger and credentials cut short, SO_ERROR, SO_TXREHASH, netlink, timestamps" \
	-e trace=setsockopt,getsockopt,recvmsg -- "$WL" sockopts
NORM2='s/pid=[0-9]+/pid=PID/; s/tv_sec=[0-9]+, tv_nsec=[0-9]+/T/' \
same_line "socket options -X verbose" -X verbose -e trace=setsockopt,getsockopt,recvmsg -- "$WL" sockopts
NORM2='s/ru_(u|s)time=\{tv_sec=[0-9]+, tv_usec=[0-9]+\}/ru_\1time=T/g; s/^waitid\(P_PID, [0-9]+/waitid(P_PID, PID/; s/= [0-9]+$/= PID/' \
same_line "wait4, waitid: stopped, continued, polled, killed; rusage when filled" \
	-e signal=none -e trace=wait4,waitid -- "$WL" stops
NORM2='s/\[[0-9]+\]/[N]/g; s/= [0-9]+$/= N/' \
same_line "clone3: the fields its flags use, set_tid, bytes past the struct, what it wrote" \
	-e signal=none -e trace=clone3 -- "$WL" clone3
NORM2='s/\[[0-9]+\]/[N]/g; s/= [0-9]+$/= N/' \
same_line "clone3 -X verbose" -X verbose -e signal=none -e trace=clone3 -- "$WL" clone3
same_line "utimensat: dates, UTIME_NOW, UTIME_OMIT, *at flags; statx's sync types" \
	-e trace=utimensat,statx -- "$WL" utimes
same_line "utimensat -X verbose" -X verbose -e trace=utimensat,statx -- "$WL" utimes
same_line "a path past PATH_MAX; utime, utimes, futimesat, modules, iopl, ioperm, memfd_secret, syslog, landlock, the mount API: short of acting" \
	-e trace=chdir,utime,utimes,futimesat,delete_module,finit_module,init_module,iopl,ioperm,memfd_secret,set_mempolicy_home_node,syslog,landlock_create_ruleset,landlock_add_rule,landlock_restrict_self,open_tree,move_mount,fsopen,fsmount,fspick,seccomp \
	-- "$WL" fails
NORM2='s/htons\([0-9]+\)/P/g; s/sa_data="[^"]*"/sa_data=D/g' \
same_line "sendmmsg, recvmmsg: each message's header, data, address and length" \
	-e trace=sendmmsg,recvmmsg -- "$WL" mmsg
NORM2='s/htons\([0-9]+\)/P/g; s/sa_data="[^"]*"/sa_data=D/g' \
same_line "sendmmsg, recvmmsg -s 4 -v" -s 4 -v -e trace=sendmmsg,recvmmsg -- "$WL" mmsg
same_line "-e raw=: those calls' arguments and returns in hex, undecoded" \
	-e raw=openat,close,read -e trace=openat,close,read,fstat -- "$WL" basic
same_line "rt_sigpending's short set at a mapping's end; buffers past one; sched_setattr's size after E2BIG" \
	-e trace=rt_sigpending,sched_setattr,write,futex_waitv -- "$WL" partial
same_line "buffers past a mapping's end under -e write=" -e write=all \
	-e trace=rt_sigpending,sched_setattr,write -- "$WL" partial
same_line "rt_sigpending's short set at a mapping's end; sched_setattr's size after E2BIG" \
	-e trace=rt_sigpending,sched_setattr -- "$WL" partial
# Ids and load times differ from run to run.
for o in "" -v "-v -X raw" "-v -X verbose" "-y -v"; do
	# shellcheck disable=SC2086
	NORM2='s/\b(id|load_time)=[0-9]+( \/\* [^*]* \*\/)?/\1=N/g; s/map_ids=\[[0-9, ]*\]/map_ids=[N]/' \
	same_line "bpf(2) ${o:-abbreviated}: a map and a program loaded, elements, info, short, long and unreadable attrs" \
		$o -e trace=bpf -- "$WL" bpfsys
done
for o in "" -v "-v -X raw" "-v -X verbose"; do
	# shellcheck disable=SC2086
	same_line "classic BPF programs ${o:-abbreviated}: seccomp, prctl, socket filters set and read back" \
		$o -e trace=seccomp,prctl,setsockopt,getsockopt -- "$WL" bpf
done
for x in abbrev raw verbose; do
	NORM2='s/^getcpu\(\[[0-9]+\]/getcpu([N]/' \
	same_line "unsigned counts, loff_t, priorities, namespaces, inotify masks, swap flags, sigset sizes, MSG_TRUNC, a name cut by its buffer, timeval, timezone, getcpu, robust lists, loff_t pointers, file modes, I/O priorities, futex ops, si_errno, EPOLL_CTL_DEL, select, iovecs, keyrings, umount2, limits, xattrs, CPU masks, mincore, sendfile offsets, -X $x" -X $x \
		-e trace=getdents64,semop,readahead,fadvise64,process_mrelease,unshare,userfaultfd,inotify_add_watch,swapon,getpriority,setpriority,shutdown,setns,getrandom,rt_sigprocmask,rt_sigsuspend,rt_sigpending,recvfrom,getsockname,settimeofday,getcpu,get_robust_list,splice,copy_file_range,mknod,ioprio_get,ioprio_set,futex,rt_tgsigqueueinfo,epoll_ctl,select,pselect6,writev,preadv,pwritev,add_key,request_key,umount2,sethostname,fsetxattr,listxattr,sched_setaffinity,mincore,sendfile \
		-- "$WL" tables
done
same_line "-v: uname's every field, getdents' records" -v -e trace=uname,getdents -- "$WL" tables
NORM2='s/[0-9]+<pid:[0-9]+>/FD<pid:PID>/; s/^pidfd_open\([0-9]+/pidfd_open(PID/' \
same_line "-yy: a pidfd's process" -yy -e trace=pidfd_open -- "$WL" tables
NORM2='s/[0-9]+<pid:[0-9]+>/FD<pid:PID>/; s/^pidfd_open\([0-9]+/pidfd_open(PID/' \
same_line "decode-fds=pidfd" --decode-fds=pidfd -e trace=pidfd_open -- "$WL" tables
NORM2='s/\[[0-9]+\]/[N]/g; s/= [0-9]+$/= N/' \
same_line "clone: the tid and pidfd it wrote" -y -e signal=none -e trace=clone -- "$WL" clones
same_line "execve: arrays that end a mapping, pointers that lead nowhere" -e trace=execve -- "$WL" tables
same_line "execve -v: arrays that end a mapping" -v -e trace=execve -- "$WL" tables
for x in abbrev raw verbose; do
	same_line "a fault's siginfo: SIGSEGV's code by name, si_addr, -X $x" -X $x -e trace=exit_group -- "$WL" segv
done
same_line "calls no table names: syscall_0x1c3(...), traced whatever -e trace= says" \
	-e trace=getpid -- "$WL" nosys
same_line "calls no table names under -e trace=none" -e trace=none -- "$WL" nosys
same_line "obsolete calls as their raw arguments; io_setup, io_destroy" \
	-e trace=afs_syscall,create_module,get_kernel_syms,query_module,sysfs,epoll_ctl_old,vserver,io_setup,io_destroy \
	-- "$WL" oldcalls
same_line "preadv2, pwritev2 (RWF_ flags, the offset's high half not shown), io_uring_enter" \
	-e trace=preadv2,pwritev2,io_uring_enter -- "$WL" rwv2
for x in abbrev raw verbose; do
	same_line "NUMA policies, -X $x: modes and flags, node masks in and out" \
		-X $x -e trace=set_mempolicy,get_mempolicy,mbind,migrate_pages -- "$WL" numa
done
for x in abbrev raw verbose; do
	same_line "quotactl, quotactl_fd, -X $x: QCMD, formats, dqblk, dqinfo, XFS" \
		-X $x -e trace=quotactl,quotactl_fd -- "$WL" quota
done
same_line "quotactl -v: structs whole" -v -e trace=quotactl,quotactl_fd -- "$WL" quota
for x in abbrev raw verbose; do
	same_line "sockaddrs, -X $x: abstract names with NULs, short lengths, IPv6 scopes" \
		-X $x -e trace=connect -- "$WL" sockaddrs
done
same_line "setgroups' lists, up to the element that cannot be read" \
	-e trace=setgroups,getgroups -- "$WL" groups
same_line "setgroups' lists, -s 1" -s 1 -e trace=setgroups -- "$WL" groups
same_line "a buffer past -s that ends a mapping: its address, as strace reads one byte more" \
	-e trace=write -- "$WL" page-end
same_line "-e write=1: no dump of a writev whose iovec array runs off its mapping" \
	-e trace=writev -e write=1 -- "$WL" page-end
same_line "-Y: untraced children named at wait4's, waitid's and kill's entry, reaped before the line" \
	-Y -e signal=none -e trace=wait4,waitid,kill -- "$WL" wait-y
same_line "-Y: waitid's child named though reaped when the line prints" \
	-Y -e trace=waitid -- "$WL" waitid-child
same_line "-Y: si_pid named for a stopped child, not for one the call reaped" \
	-Y -e signal=none -e trace=waitid -- "$WL" waitid-stop
same_line "mount_setattr: struct mount_attr, its flags, bytes past it" \
	-e trace=mount_setattr -- "$WL" mount-attrs
same_line "NUMA node masks, -s 1" -s 1 -e trace=set_mempolicy,get_mempolicy -- "$WL" numa
for x in abbrev raw verbose; do
	NORM2='s/pid=[0-9]+/pid=PID/; s/(F_SETOWN( \*\/)?|ADDR), [0-9]+/\1, PID/' \
	same_line "fcntl, -X $x: struct flock, f_owner_ex, owners, signals, leases, seals" \
		-X $x -e trace=fcntl -- "$WL" fcntls
done
# At -s's default: messages longer than it are read whole in the kernel
# on a netlink socket, for a process that has exited by the time its
# lines are written.
for x in abbrev raw verbose; do
	same_line "netlink messages sent, -X $x: types and flags by protocol, payloads, arrays, rtnetlink structs" \
		-X $x -e trace=sendto,sendmsg -- "$WL" netlink
done
same_line "netlink messages sent, -e verbose=none: strings, as strace" \
	-e verbose=none -e trace=sendto,sendmsg -- "$WL" netlink
for x in abbrev raw verbose; do
	same_line "NETLINK_ROUTE attributes, -X $x: nested, structs, arrays, names, flags, short values" \
		-X $x -e trace=sendto -- "$WL" nlroute
done
for x in abbrev raw verbose; do
	same_line "NETLINK_SOCK_DIAG, -X $x: each family's request and reply, attributes, acks" \
		-X $x -e trace=sendto -- "$WL" sockdiag
done
same_line "NETLINK_SOCK_DIAG -v: the same, unabridged" -v -e trace=sendto -- "$WL" sockdiag
NORM2='s/nlmsg_pid=[0-9]+/nlmsg_pid=PID/g' \
same_line "netlink messages past -s in buffers overwritten at once: sent, received (also into a large buffer whose later pages nothing touched), on a duplicate, in a child" \
	-f -e trace=sendto,recvfrom,sendmsg,recvmsg -- "$WL" nlwhole
NORM2='s/socket:\[[0-9]+\]/socket:[INO]/g' \
same_line "-y: a netlink socket's inode as the call found it, closed by the time its line prints" \
	-y -e trace=sendto -- "$WL" nlroute
NORM2='s/^[0-9]+ +//' \
same_line "a stop signal's default action: --- stopped by SIGSTOP ---" \
	-f -e trace=none -e 'signal=!SIGCHLD' -- "$WL" restart
NORM2='s/^[0-9]+ +//' \
same_line "restart_syscall: the call a stop interrupted, resumed" \
	-f -e signal=none -e trace=clock_nanosleep,restart_syscall -- "$WL" restart
NORM2='s|/\* [0-9]+ in strace|/* PID in strace|g' \
same_line "--pidns-translation: ids a process in another pid namespace sees, in ferret's" \
	--pidns-translation -f -e signal=none -e trace=getpid,gettid,getpgid,kill -- "$WL" pidns
same_line "arrays that end a mapping: pollfds, iovecs, sembufs up to the element that faults" \
	-e trace=poll,writev,semop -- "$WL" tables
NORM2='s/si_pid=[0-9]+/si_pid=PID/; s/^wait4\([0-9]+/wait4(PID/; s/^kill\([0-9]+/kill(PID/; s/[0-9]{3,}/N/g' \
same_line "signals the process ignores: SIGCHLD after the wait that reaped, SIGWINCH" \
	-e trace=wait4,kill -- "$WL" ignored
same_line "ioctl: termios, winsize, ints, modem lines, inode flags, requests without an argument" \
	-e trace=ioctl -- "$WL" tables
same_line "ioctl -v: termios' c_line and c_cc" -v -e trace=ioctl -- "$WL" tables
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: btrfs's requests, a page-long volume name" \
		-X $x -e trace=ioctl -- "$WL" btrfs
done
same_line "ioctl -v: btrfs's requests, a send's clone sources" -v -e trace=ioctl -- "$WL" btrfs
same_line "ioctl -v, success injected: btrfs's v2 volume arguments' transid and qgroups, balance state, search items, inode paths" \
	-v -e inject=ioctl:retval=0 -e trace=ioctl -- "$WL" btrfs2
for args in "" "-v -X verbose -s 1"; do
	same_line "ioctl $args, success injected: btrfs's answers abbreviated or cut at -s" \
		$args -e inject=ioctl:retval=0 -e trace=ioctl -- "$WL" btrfs2
done
# The device mapper: no device here, so what one answers is shown under
# an injected success (the payload after the struct only under -v).
for args in "" "-v" "-v -X verbose -s 5" "-X raw -e inject=ioctl:retval=0" \
	"-v -e inject=ioctl:retval=0"; do
	same_line "ioctl $args: the device mapper's struct dm_ioctl, targets, strings, lists, deps" \
		$args -e trace=ioctl -- "$WL" dm
done
# SG_IO's headers, v3 and v4, and the buffers they point to (which the
# workload keeps until ferret has read them).
for args in "" "-v" "-s 2" "-xx" "-X verbose -e inject=ioctl:retval=0"; do
	same_line "ioctl $args: SG_IO's sg_io_hdr and sg_io_v4, commands, data, iovecs, sense" \
		$args -e trace=ioctl -- "$WL" sgio
done
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: fstrim_range, fsxattr, fiemap in and out, counter_watch" \
		-X $x -e trace=ioctl -- "$WL" fsioctls
done
NORM2='s/fe_physical=[0-9]+/fe_physical=N/' \
same_line "ioctl -v: fiemap's extents" -v -e trace=ioctl -- "$WL" fsioctls
same_line "ioctl -v: fiemap's extents past a mapping's end, success injected" \
	-v -e inject=ioctl:retval=42 -e trace=ioctl -- "$WL" fsioctls
# KVM: a VM whose vCPU runs a page of real-mode code (an out, a hlt) on
# /dev/kvm; -e kvm=vcpu shows each KVM_RUN's exit reason, which the BPF
# program reads from the vCPU's run area at the call's exit.
if [ -c /dev/kvm ] && "$WL" kvm; then
	for args in "-y" "-v -y" "-e kvm=vcpu" "-v -X verbose --kvm=vcpu" "-e verbose=none"; do
		same_line "ioctl $args: KVM's extensions, memory region, CPUID, registers, runs" \
			$args -e trace=ioctl -- "$WL" kvm
	done
else
	bad "ioctl: KVM: /dev/kvm cannot run a guest here"
fi
# -f on a process whose threads include the kernel's own, which no fork
# event names and which may outlive the leader: KVM's NX-page recovery
# worker (always the last to go), io_uring's SQ poller and io-wq workers
# (the poller last in some runs, and the leader's exit seen after its
# last worker's in others, so eight runs).  The run ends with the
# command; every line, exit lines and the pids (P1 the first seen, ...)
# included, and the exit status are strace's.  A hang is killed after
# 30 s and fails.
pid_order() { awk '$1 ~ /^[0-9]+$/ { if (!($1 in m)) m[$1] = "P" (++n); sub(/^[0-9]+ +/, m[$1] " ") } { print }'; }
same_end() {	# same_end NAME STRACE-ARGS... -- COMMAND...
	local name=$1 opts=() rc src
	shift
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	strace "${opts[@]}" -o s1.txt "$@" > /dev/null; src=$?
	timeout -k 5 30 "$FERRET" strace "${opts[@]}" -o f1.txt "$@" > /dev/null; rc=$?
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		bad "$name: still running after 30 s"
		return
	fi
	pid_order < s1.txt | norm | sed -E "${NORM2:-}" > s1.n
	pid_order < f1.txt | norm | sed -E "${NORM2:-}" > f1.n
	diff s1.n f1.n > d.txt && [ $rc = $src ] && grep -q '+++ exited with 0 +++$' s1.n &&
		ok "$name" || bad "$name: rc $rc (strace $src): $(head -4 d.txt)"
}
# A leader that exits before its two threads: the threads' exit lines,
# then the leader's, as strace reports the leader once its group is
# reaped; without -f, the untraced threads' end is the leader's line.
same_end "-f, a leader that exits first: its exit line after its threads'" \
	-f -e trace=getppid,exit -- "$WL" leader-exit
same_end "a leader that exits first, threads not followed: its exit line at the group's end" \
	-e trace=getppid,exit -- "$WL" leader-exit
if [ -c /dev/kvm ] && "$WL" kvm; then
	same_end "-f, KVM: the run ends with the command, after its worker thread" \
		-f -e trace=ioctl,exit_group -- "$WL" kvm
fi
for i in 1 2 3 4 5 6 7 8; do
	same_end "-f, io_uring's SQ poller and io-wq workers: the run ends with the command (run $i)" \
		-f -e trace=io_uring_setup,io_uring_enter,mmap,exit_group -- "$WL" uring-workers
done
# -p PID -f on a process with io_uring's workers: strace attaches to
# them as to its other threads, so its message counts them and each has
# its exit line, the leader's last.  A hang is killed after 30 s.
for T in strace "$FERRET strace"; do
	n=${T##*/}
	WORKLOAD_LINGER=1 "$WL" uring-workers & wp=$!
	for i in $(seq 50); do
		[ "$(ls /proc/$wp/task 2> /dev/null | wc -l)" -ge 4 ] && break
		sleep 0.05
	done
	timeout -k 5 30 $T -f -p $wp -o "pw-$n.txt" 2> "pw-$n.err"; echo "rc $?" >> "pw-$n.err"
	wait $wp
	sed -E 's/^(ferret )?strace: //; s/[0-9]{3,}/PID/' "pw-$n.err" > "pw-$n.msg"
	pid_order < "pw-$n.txt" | grep ' +++ ' > "pw-$n.end"
done
diff pw-strace.msg "pw-ferret strace.msg" > d.txt && grep -q 'attached with 4 threads' pw-strace.msg &&
	[ "$(grep -c . pw-strace.end)" = "$(grep -c . "pw-ferret strace.end")" ] &&
	[ "$(tail -1 pw-strace.end)" = "$(tail -1 "pw-ferret strace.end")" ] &&
	ok "-p PID -f, io_uring's workers: strace's message, an exit line each, the leader's last" ||
	bad "-p -f workers: $(cat d.txt pw-strace.end "pw-ferret strace.end")"
for a in "-e kvm=bogus" "--kvm=cpu"; do
	strace $a true > /dev/null 2> sx.txt; src=$?
	"$FERRET" strace $a true > /dev/null 2> fx.txt; rc=$?
	[ $rc = $src ] && [ "$(sed 's/^[^:]*: //' fx.txt)" = "$(sed 's/^[^:]*: //' sx.txt)" ] &&
		ok "$a: strace's error" || bad "$a: rc $rc: $(cat fx.txt) (strace: $(cat sx.txt))"
done
# Input event devices: no device here, so what one would fill is shown
# under an injected success (96: the whole of a key bitset).
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: input event device structs, bitsets, names, codes" \
		-X $x -e trace=ioctl -- "$WL" evdev
	same_line "ioctl -v -X $x, success injected: input event device answers" \
		-v -X $x -e trace=ioctl -e inject=ioctl:retval=96 -- "$WL" evdev
done
same_line "ioctl -s 2, 8 injected: evdev bitsets cut at the return, strings and slots at -s" \
	-s 2 -e trace=ioctl -e inject=ioctl:retval=8 -- "$WL" evdev
# GPIO requests: the workload's structs are at a fixed address, so the
# lines compare whole, hex values too (norm() would hide them).  No chip
# here: -e inject= makes the calls succeed, for what they fill.
for args in "" "-v" "-X raw" "-X verbose" "-s 3 -x" "-e inject=ioctl:retval=0" \
	"-v -y -X verbose -e inject=ioctl:retval=0"; do
	strace $args -e trace=ioctl -o s1.txt "$WL" gpio > /dev/null 2> /dev/null
	"$FERRET" strace $args -e trace=ioctl -o f1.txt "$WL" gpio > /dev/null 2> /dev/null
	diff <(grep -v '^+++' s1.txt) <(grep -v '^+++' f1.txt) > d.txt && grep -q "num_lines=2" s1.txt &&
		ok "gpio ioctls $args: v1 and v2 structs, cut, unreadable, unknown flags and ids" ||
		bad "gpio ioctls $args: $(head -4 d.txt)"
done
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: the console's and keyboard's requests (linux/kd.h)" \
		-X $x -e trace=ioctl -- "$WL" kdioctls
	same_line "ioctl, -X $x: the console's and keyboard's requests, answered (what they got)" \
		-X $x -e trace=ioctl -e inject=ioctl:retval=0 -- "$WL" kdioctls
done
same_line "ioctl -s 100 -v: the console's tables, fonts and strings, longer" \
	-s 100 -v -e trace=ioctl -e inject=ioctl:retval=0 -- "$WL" kdioctls
# strace warns of the struct it reads short on stderr.
{
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: HDIO's geometry, drive commands and settings; PTP clocks' requests" \
		-X $x -e trace=ioctl -- "$WL" hdioptp
done
same_line "ioctl, injected successes: HDIO's and PTP clocks' answers, offsets' times" \
	-e trace=ioctl -e inject=ioctl:retval=0 -- "$WL" hdioptp
same_line "ioctl -X verbose, injected successes: HDIO's and PTP clocks' answers" \
	-X verbose -e trace=ioctl -e inject=ioctl:retval=0 -- "$WL" hdioptp
} 2> /dev/null
for x in abbrev raw verbose; do
	same_line "ioctl, -X $x: Video4Linux2 formats by buffer type, buffers, controls, clips and controls past a mapping's end, requests named but not decoded" \
		-X $x -e trace=ioctl -- "$WL" v4l2
done
same_line "ioctl -v, answered (injected): Video4Linux2 capabilities, queried controls, CREATE_BUFS's return" \
	-v -e inject=ioctl:retval=0 -e trace=ioctl -- "$WL" v4l2
same_line "ioctl -s 1 -X verbose, answered (injected): Video4Linux2 arrays cut at -s" \
	-s 1 -X verbose -e inject=ioctl:retval=3 -e trace=ioctl -- "$WL" v4l2
# A seccomp listener's notification from a child (its pid varies), the
# real-time clock's and loop devices' requests: structs in, out, cut short.
for x in abbrev raw verbose; do
	NORM2='s/pid=[0-9]+/pid=PID/' \
	same_line "ioctl -y -X $x: seccomp, RTC, loop, nbd, lirc, userfaultfd and UBI requests" \
		-y -X $x -e signal=none -e trace=ioctl -- "$WL" miscioctls
done
NORM2='s/pid=[0-9]+/pid=PID/' \
same_line "ioctl -v: rtc_time's and loop status' every field" -v -e signal=none \
	-e trace=ioctl -- "$WL" miscioctls
NORM2='s/pid=[0-9]+/pid=PID/' \
same_line "ioctl -e verbose=none: struct arguments as addresses" -e verbose=none \
	-e signal=none -e trace=ioctl -- "$WL" miscioctls
# Socket addresses of every family strace decodes, and of some it keeps
# raw.  Their hex values matter, so only pointers are normalised.
same_exact() {	# same_exact NAME STRACE-ARGS... -- COMMAND...
	local name=$1
	shift
	local opts=()
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	strace "${opts[@]}" -o s1.txt "$@" > /dev/null 2>&1
	"$FERRET" strace "${opts[@]}" -o f1.txt "$@" > /dev/null
	grep -v '^+++' s1.txt | sed -E 's/0x[0-9a-f]{9,}/ADDR/g' > s1.n
	grep -v '^+++' f1.txt | sed -E 's/0x[0-9a-f]{9,}/ADDR/g' > f1.n
	diff s1.n f1.n > d.txt && [ -s s1.n ] && ok "$name" || bad "$name: $(head -4 d.txt)"
}
for x in abbrev raw verbose; do
	same_exact "socket addresses, -X $x: packet, IPX, X.25, AX.25, Bluetooth, RxRPC, 802.15.4, ALG, NFC, vsock, QRTR, MCTP, XDP" \
		-X $x -e trace=connect,bind,sendto,getsockname -- "$WL" sa-families
done
same_exact "socket addresses -x -y: strings in hex, XDP's umem descriptor with its path" \
	-x -y -e trace=connect -- "$WL" sa-families
python3 "$HERE/../../src/strace/gen-ioctls.py" --check "$HERE/../../src/strace/st_ioctlent.c" > gi.txt 2>&1 &&
	ok "st_ioctlent.c: every request's number is the headers'" || bad "st_ioctlent.c: $(tail -3 gi.txt)"
same_line "-y: paths escaped as strace escapes them, anonymous inodes named" -y \
	-e trace=fsync,inotify_init1,eventfd2 -- "$WL" tables
same_line "-y: the descriptors landlock_create_ruleset and open_tree return" -y \
	-e trace=landlock_create_ruleset,landlock_add_rule,open_tree -- "$WL" fails
for x in abbrev raw verbose; do
	same_line "mmap's flags, remap_file_pages, mount, fanotify, -X $x" -X $x \
		-e trace=mmap,remap_file_pages,mount,fanotify_init,fanotify_mark -- "$WL" maps
done
same_line "memfd_create: names cut by -s, huge page sizes, unknown flags" \
	-e trace=memfd_create -- "$WL" memfd
same_line "memfd_create -X verbose" -X verbose -e trace=memfd_create -- "$WL" memfd
# The CPU time times() gives depends on the run (a tick more under load).
NORM2='s/tms_([a-z]+)=[0-9]+( \/\* [0-9]+\.[0-9]+ s \*\/)?/tms_\1=N/g' \
same_line "rusage, tms, itimerval, stack_t, uids, sigpending, CPU mask" \
	-e signal=none \
	-e trace=getrusage,times,setitimer,getitimer,sigaltstack,getresuid,rt_sigpending,sched_getaffinity,wait4 \
	-- "$WL" more
same_line "-y: descriptors named after the process is gone" \
	-y -e trace=openat,dup,dup2,close,write,chdir -- "$WL" fds
same_line "socket options, socklen in => out, pselect6's sets" \
	-e trace=pselect6,setsockopt,getsockopt,getsockname,getpeername -- "$WL" sockets
NORM2='s/htons\([0-9]+\)/htons(P)/g' \
same_line "sendmsg and recvmsg: iovecs, SCM_RIGHTS, SOL_IP's messages, a failed recvmsg's msg_namelen; sa_flags' order" \
	-e trace=sendmsg,recvmsg,rt_sigaction -- "$WL" msgs
same_line "nanosleep: the time left only when interrupted" \
	-e trace=clock_nanosleep,nanosleep -- "$WL" sleeps
same_line "openat2's open_how, sched_attr, timex, sched_getscheduler's policy" \
	-e trace=openat2,sched_getattr,sched_setattr,clock_adjtime,sched_getscheduler -- "$WL" kstructs
# -Y: the command name of each live process id, in arguments and in the
# values getpid, gettid and clone return.
same_line "-Y: command names of process ids" -Y \
	-e trace=getpid,gettid,kill,tkill,tgkill,getpgid,getsid,setpgid,sched_getaffinity,prlimit64,pidfd_open,sched_getscheduler \
	-- "$WL" pids
same_line "-f -Y: a child's name after fork and after execve" -f -Y -e signal=none \
	-e trace=exit_group,getpid -- sh -c '/bin/sleep 0.1; true'
# -yy: sockets' protocols and endpoints, a device's numbers, while the
# process keeps them open.
# (ports, inodes and netlink ids differ from run to run)
NORM2='s/(htons\(|:)[0-9]{4,5}\b/\1PORT/g; s/\[[0-9]{3,}/[INO/g; s/->[0-9]{3,}/->INO/g; s/(ROUTE:|nl_pid=)[0-9]+/\1PID/g' \
same_line "-yy: TCP, UNIX, NETLINK endpoints; /dev/null<char 1:3>" -yy \
	-e trace=getsockname,write -- "$WL" yy
# strace's long options; the descriptors the command inherits are named
# from the start (stdout is /dev/null here), after the command has gone.
same_line "long options: --trace=, --decode-fds=dev, --string-limit=, --columns=" \
	--trace=write --decode-fds=dev --string-limit=4 --columns=30 -- "$WL" basic
same_line "long options: --quiet=attach,exit, --strings-in-hex=all, --trace-path=" \
	--quiet=attach,exit --strings-in-hex=all --trace-path=/etc/hostname -- cat /etc/hostname
"$FERRET" strace --decode-fds=path,bogus true > /dev/null 2> fp.txt; rc=$?
[ $rc = 1 ] && grep -q "invalid decode-fds 'bogus'" fp.txt &&
	ok "--decode-fds=bogus: refused" || bad "--decode-fds=bogus: rc $rc: $(cat fp.txt)"
# Classes strace knows, regular expressions, other personalities' names,
# status sets, and -n's call numbers.
same_line "-e trace=%creds,%%stat,/^get.*pid\$,ipc,mmap2 -e status=successful,unfinished -n" \
	-n -e 'trace=%creds,%%stat,/^get.*pid$,ipc,mmap2' -e status=successful,unfinished -- "$WL" pids
same_line "-e status=!successful" -e 'status=!successful' -e trace=kill,exit_group,openat -- "$WL" pids
same_line "modes (051, 000), ints cut to 32 bits, unreadable pointers as addresses" \
	-e trace=chmod,umask,dup3,pipe2,chdir,write,mkdir,chown,nanosleep -- "$WL" bits
same_line "eventfd2, timerfd_create, inotify_init1 and flock flags" \
	-e trace=eventfd2,timerfd_create,inotify_init1,flock -- "$WL" fdflags
for style in abbrev raw verbose; do
	same_line "ioctl requests, -X $style: names, _IOC(...), no argument" -X $style \
		-e trace=ioctl -- "$WL" ioctls
done
same_line "-e trace=NUMBER, -e signal=lower-case name, -e silent=, --strings-in-hex=non-ascii-chars" \
	-e trace=110 -e signal=sigusr1 -e silent=attach --strings-in-hex=non-ascii-chars -- "$WL" basic
"$FERRET" strace --timestamps=format:unix,precision:ms -e trace=getppid "$WL" basic 2> fts.txt > /dev/null
grep -Eq '^[0-9]{10}\.[0-9]{3} getppid' fts.txt && grep -Eq '^[0-9]{10}\.[0-9]{3} \+\+\+ exited' fts.txt &&
	ok "--timestamps=format:unix,precision:ms, on the exit line too" || bad "--timestamps: $(head -2 fts.txt)"
same_line "ids, preadv/pwritev, readahead, xattrs, pkey_free, sched_rr_get_interval, pidfds" \
	-e trace=acct,setreuid,setregid,setresuid,setresgid,setfsuid,setfsgid,pwritev,preadv,readahead,setxattr,lsetxattr,fsetxattr,listxattr,flistxattr,removexattr,lremovexattr,fremovexattr,pkey_free,sched_rr_get_interval,pidfd_getfd,pidfd_send_signal,process_mrelease,process_madvise,faccessat2,fchownat,arch_prctl,personality,fallocate,openat,clock_nanosleep \
	-- "$WL" misc
same_line "prctl by option: names, out-parameters, values, annotated returns, vector lengths, tagged addresses, VMA names" \
	-e trace=prctl -- "$WL" prctl
# The time a timer has left differs between the two runs.
NORM2='/_gettime\(/s/it_value=\{tv_sec=[0-9]+, tv_nsec=[0-9]+\}/it_value={LEFT}/' \
same_line "timer_create, timer_settime, timer_gettime, timerfd_settime: sigevents, itimerspecs, flags" \
	-e trace=timer_create,timer_settime,timer_gettime,timer_getoverrun,timer_delete,timerfd_create,timerfd_settime,timerfd_gettime -- "$WL" timers
same_line "mq_open, mq_timedsend, mq_timedreceive, mq_notify, mq_getsetattr, mq_unlink" \
	-e trace=mq_open,mq_timedsend,mq_timedreceive,mq_notify,mq_getsetattr,mq_unlink -- "$WL" mq
# time() ticks between the two runs: its numbers and dates compare as N.
NORM2='/^time\(/s/[0-9][0-9T:+-]*/N/g' \
same_line "names, loff_t, ints in and out: sched_*param, mlockall, pkey_alloc, sync_file_range, signalfd, time()" \
	-e trace=clock_settime,sched_get_priority_max,sched_get_priority_min,sched_setparam,sched_getparam,sched_setscheduler,mlockall,munlockall,mlock2,pkey_alloc,sync_file_range,vmsplice,signalfd,signalfd4,time,swapoff,pivot_root -- "$WL" more2
NORM2='s/pid=[0-9]+\}/pid=PID}/' \
same_line "capget, capset: header versions, the three sets, an unknown version" \
	-e trace=capget,capset -- "$WL" caps
NORM2='s/si_pid=[0-9]+/si_pid=PID/g; s/^(rt_(tg)?sigqueueinfo)\([0-9]+, ([0-9]+, )?/\1(PID, /' \
same_line "rt_sigtimedwait, rt_sigqueueinfo, rt_tgsigqueueinfo: siginfo with its value, the signal taken" \
	-e trace=rt_sigtimedwait,rt_sigqueueinfo,rt_tgsigqueueinfo -- "$WL" sigqueue
NORM2='s/^(shm|sem|msg)([a-z]*)\([0-9]+/\1\2(ID/; s/_(a|d|c|o|s|r)time=[0-9]+/_\1time=T/g; s/_(cpid|lpid|lspid|lrpid)=[0-9]+/_\1=PID/g; s/= [0-9]+$/= N/; s/(used_ids|shm_tot|shm_rss|semusz|semaem|msgpool|msgmap|msgtql)=[0-9]+/\1=N/g' \
same_line "System V IPC: keys, flags with modes, sembufs, messages, ctl commands" \
	-e trace=%ipc -- "$WL" ipc
NORM2='s/^kcmp\([0-9]+, [0-9]+/kcmp(PID, PID/' \
same_line "ioprio_get, ioprio_set (IOPRIO_PRIO_VALUE), kcmp by type" \
	-e trace=ioprio_get,ioprio_set,kcmp -- "$WL" prio
exec 9>/dev/full
same_line "-yy: a descriptor the command inherited, named though it exits at once" \
	-yy -e trace=dup -- "$WL" dup9
exec 9>&-
same_line "getcwd: the path, whole under -s 3" -s 3 -e trace=getcwd -- /bin/pwd
same_line "waitid: id type and siginfo" -e signal=none -e trace=waitid -- "$WL" waitid
# sysinfo's figures change from run to run: its numbers are compared as N.
same_line "statfs, fstatfs, sysinfo, getgroups" \
	-e trace=statfs,fstatfs,sysinfo,getgroups -- "$WL" structs
same_line "rt_sigreturn: the mask it restores, its return" \
	-e trace=rt_sigreturn,rt_sigprocmask -- "$WL" signal
same_line "a path on a page the tracee never touched" -e trace=rmdir -- "$WL" fresh
same_line "unreadable memory: a string into an unmapped page, open_how's tail, an untouched file page" \
	-e trace=faccessat,openat2 -- "$WL" unread
same_line "execve: 40 arguments" -e trace=execve -- /bin/echo $(seq 1 40)
same_line "execve: 40 arguments, -s 10" -s 10 -e trace=execve -- /bin/echo $(seq 1 40)
same_line "execve: 32 arguments" -e trace=execve -- /bin/echo $(seq 1 31)
envs=$(for i in $(seq 700); do echo -n "V$i=1 "; done)
# shellcheck disable=SC2086
same_line "execve: 700 environment variables" -e trace=execve -- env -i $envs /bin/true
mkdir big && (cd big && seq 1 2000 | xargs touch)
same_line "getdents64: 2000 entries" -e trace=getdents64 -- ls big
# -v: stat and statx whole, with their dates; directory entries listed;
# execve's environment (strace's own "_=" aside).  One listing first, so
# that reading the directory does not move its atime between the runs.
mkdir -p vdir/sub && touch vdir/a vdir/b && mkfifo vdir/fifo && ls -la vdir > /dev/null
same_line "-v: stat, statx, getdents64 whole" -v \
	-e trace=newfstatat,statx,getdents64 -- ls -la vdir
same_line "-E: a variable set, one replaced, one removed" -v -e trace=execve \
	-E FERRET_E_NEW=1 -E HOME=/nonexistent -E LANG -- env -i A=1 LANG=C HOME=/ /bin/true
same_line "--strings-in-hex=non-ascii-chars" --strings-in-hex=non-ascii-chars -e trace=write \
	-- printf 'a\tb\001c\377d\n'
same_line "-v: execve's argv and environment" -v -e trace=execve -- env -i A=1 B=2 /bin/echo $(seq 1 40)
# Options: -x/-xx quoting, -e signal=, column alignment, -qq, --seccomp-bpf.
same_line "-x: a string with a control byte in hex" -x -e trace=write -- printf 'a\001b\n'
same_line "-xx: every string in hex" -xx -e trace=write -- printf 'hi\n'
# -X: constants as numbers, or numbers with their names in comments,
# also inside structs, composite values and signal sets.
for style in raw verbose; do
	same_line "-X $style: open, socket, statx, fcntl flags" -X $style \
		-e trace=openat,fcntl,fadvise64,socket,statx -- "$WL" flags
	same_line "-X $style: poll, ppoll, epoll, futex, mknod" -X $style \
		-e trace=poll,ppoll,epoll_ctl,epoll_wait,epoll_pwait,epoll_pwait2,futex,mknodat -- "$WL" waits
	same_line "-X $style: signals, sigaction, sigsets, siginfo" -X $style \
		-e trace=rt_sigaction,rt_sigprocmask -- "$WL" signal
	NORM2='s/sin_port="[^"]*"( \/\* htons\([0-9]+\) \*\/)?/sin_port=P/g' \
	same_line "-X $style: sockaddr, cmsg" -X $style \
		-e trace=getsockname,sendmsg,recvmsg -- "$WL" msgs
done
"$FERRET" strace -X bogus true > /dev/null 2> fx.txt; rc=$?
[ $rc = 1 ] && grep -q "invalid -X argument: 'bogus'" fx.txt &&
	ok "-X bogus: strace's error" || bad "-X bogus: rc $rc: $(cat fx.txt)"
# -e read= and -e write=: hex dumps of the data, whole (not cut at -s),
# only for the descriptors named.
same_line "-e write=1 -e read=3: hex dumps" -e trace=read,write,pread64 \
	-e write=1 -e read=3 -- sh -c 'printf "hello world, this is a longer line\n"; head -c 40 /etc/passwd'
same_line "-e write=all -s 4: the whole buffer" -s 4 -e trace=write -e write=all -- printf 'twenty bytes of text'
same_line "-e write=1: a failed write's bytes dumped, as strace" -e trace=write -e write=1 -- \
	sh -c 'exec 2>/dev/null 3</dev/null; printf "abc" >&3'
same_line "-e read=!3: every descriptor but 3" -e trace=read -e 'read=!3' -- cat /etc/hostname
# Past 8 KiB: buffers dumped whole (six-digit offsets past 1 MiB), one
# that runs off its mapping up to strace's 64 KiB read that fails, one
# past what the program reads in the kernel; readlink is not dumped.
NORM2='s/from pid [0-9]+/from pid PID/' \
same_line "-e write=7 -e read=all: long buffers dumped whole" -e write=7 -e read=all \
	-e trace=write,pwrite64,read,pread64,readlink -- "$WL" big-dumps
same_line "-e write= -e read=: readv's and writev's buffers, descriptors past 1023, !!" \
	-e trace=readv,writev -e write=1000 -e 'read=!!2000' -- "$WL" tables
# A child the command makes with CLONE_PARENT is ferret's to reap.
"$FERRET" strace -e trace=none "$WL" clone-parent > /dev/null 2>&1; rc=$?
[ $rc = 0 ] && ok "CLONE_PARENT child reaped (strace)" || bad "CLONE_PARENT child not reaped: rc $rc"
"$FERRET" -e 'tracepoint:syscalls:sys_enter_kill { @ = count(); }' -c "$WL clone-parent" > fcp.txt 2>&1
grep -qx reaped fcp.txt && ok "CLONE_PARENT child reaped (-c)" || bad "-c CLONE_PARENT: $(cat fcp.txt)"
"$FERRET" strace -e read=x true > /dev/null 2> fd.txt; rc=$?
[ $rc = 1 ] && grep -q "invalid descriptor 'x'" fd.txt &&
	ok "-e read=x: strace's error" || bad "-e read=x: rc $rc: $(cat fd.txt)"
same_line "-e signal=none" -e signal=none -e trace=rt_sigreturn -- "$WL" signal
same_line "-P: only the calls that touch a path, by name or descriptor" -P /etc/hostname -- cat /etc/hostname
strace -a 20 -e trace=close -o sa.txt "$WL" basic > /dev/null
"$FERRET" strace -a 20 -e trace=close -o fa.txt "$WL" basic > /dev/null
diff <(grep '^close(9999)' sa.txt) <(grep '^close(9999)' fa.txt) > d.txt && grep -q . fa.txt &&
	ok "-a 20: strace's column" || bad "-a: $(cat d.txt)"
"$FERRET" strace -qq --seccomp-bpf -e trace=getppid "$WL" basic 2> fq.txt > /dev/null; rc=$?
[ $rc = 0 ] && ! grep -q '^+++' fq.txt && grep -q '^getppid' fq.txt &&
	ok "-qq: no exit line; --seccomp-bpf accepted" || bad "-qq: rc $rc: $(cat fq.txt)"
# -e inject=: the same lines as strace's (errors, values, signals,
# delays, counted per thread and process by when=), and the program sees
# the same results.
inj_same() {	# inj_same NAME STRACE-ARGS...
	local name=$1
	shift
	strace "$@" -o si.txt "$WL" inject 2> sie.txt > sio.txt
	"$FERRET" strace "$@" -o fi.txt "$WL" inject 2> fie.txt > fio.txt
	sed -E 's/^[0-9]+ +//' si.txt | norm > si.n
	sed -E 's/^[0-9]+ +//' fi.txt | norm > fi.n
	sed -E 's/getppid: [0-9]+/getppid: N/' sio.txt > sio.n
	sed -E 's/getppid: [0-9]+/getppid: N/' fio.txt > fio.n
	if diff si.n fi.n > d.txt && diff sio.n fio.n >> d.txt &&
	   diff <(sed 's/^strace:/S:/' sie.txt) <(sed 's/^ferret strace:/S:/' fie.txt) >> d.txt &&
	   grep -qE 'INJECTED|DELAYED' fi.n; then
		ok "$name"
	else
		bad "$name: $(head -6 d.txt)"
	fi
}
inj_same "-e inject=: error=, retval= (one in the error range: a success), when=N+" \
	-e trace=chdir,getppid,geteuid -e inject=chdir:error=ENOENT:when=2+ \
	-e inject=getppid:retval=42 -e inject=geteuid:retval=0xfffffffffffffffe
inj_same "-e fault=: ENOSYS, when=F..L, counted per thread and process (-f)" \
	-f -e trace=chdir -e fault=chdir:when=2..3
inj_same "-e inject=: signal= alone, and with error= every other call (-f)" \
	-f -e trace=chdir,getppid -e inject=chdir:signal=USR1:when=3 \
	-e inject=getppid:error=EPERM:signal=USR1:when=1+2
inj_same "-e inject=: delay_enter= (DELAYED); calls -e trace= leaves out are not counted" \
	-f -e trace=chdir -e inject=chdir,getppid:delay_enter=20ms:when=2
# Arguments strace refuses, with its message and status.
for a in 42 chdir chdir:when=0 chdir:error=4096 chdir:retval=0x10000000000000000 \
	 chdir:signal=129 chdir:when=24..23 chdir:syscall=chdir chdir:error=1:retval=0 \
	 chdir:poke_enter=@arg1=00,@arg1=00 nosuchcall:error=EPERM; do
	strace -e inject="$a" true > /dev/null 2> sx.txt; rs=$?
	"$FERRET" strace -e inject="$a" true > /dev/null 2> fx.txt; rf=$?
	if [ $rs = $rf ] && [ "$(sed 's/^ferret strace:/strace:/' fx.txt)" = "$(cat sx.txt)" ]; then
		ok "-e inject=$a: strace's error"
	else
		bad "-e inject=$a: rc $rf (strace $rs): $(cat fx.txt) / $(cat sx.txt)"
	fi
done
# What a seccomp notification cannot do, and what it cannot reach.
"$FERRET" strace -e inject=chdir:delay_exit=1 true > /dev/null 2> fx.txt; rc=$?
[ $rc = 1 ] && grep -q 'delay_exit= is not possible here: ferret stops a call only at its entry' fx.txt &&
	ok "-e inject=:delay_exit=: why not" || bad "delay_exit: rc $rc: $(cat fx.txt)"
"$FERRET" strace -p $$ -e inject=chdir:error=EPERM > /dev/null 2> fx.txt; rc=$?
[ $rc = 1 ] && grep -q 'works on the command ferret starts, not with -p' fx.txt &&
	ok "-e inject= with -p: why not" || bad "inject -p: rc $rc: $(cat fx.txt)"
# A command that is not there: strace's message, exit 1, nothing traced.
"$FERRET" strace /nonexistent-ferret > fm.out 2> fm.txt; rc=$?
strace /nonexistent-ferret 2> sm.txt > /dev/null
[ $rc = 1 ] && [ "$(sed 's/^ferret strace:/strace:/' fm.txt)" = "$(cat sm.txt)" ] && [ ! -s fm.out ] &&
	ok "missing command: strace's error" || bad "missing command: rc $rc: $(cat fm.txt)"
# A thread other than the leader calls execve: the run ends with the new
# program, the leader is superseded, as strace says.
timeout -k 5 20 "$FERRET" strace -f -o fx.txt "$WL" thread-exec > /dev/null; rc=$?
sed -n '/superseded/,/exit_group/p' fx.txt | sed -E 's/^[0-9]+ +//; s/ +=/ =/; s/pid [0-9]+/pid N/' > fx.n
strace -f -o sx.txt "$WL" thread-exec > /dev/null
sed -n '/superseded/,/exit_group/p' sx.txt | sed -E 's/^[0-9]+ +//; s/ +=/ =/; s/pid [0-9]+/pid N/; s/0x[0-9a-f]+/ADDR/g' > sx.n
sed -i -E 's/0x[0-9a-f]+/ADDR/g' fx.n
[ $rc = 0 ] && grep -q '^+++ superseded by execve in pid N +++' fx.n &&
	grep -q 'exited with 0' fx.txt && diff <(head -2 sx.n) <(head -2 fx.n) > d.txt &&
	ok "thread execve: superseded leader, no hang" || bad "thread execve: rc $rc: $(head -4 d.txt) $(grep -c . fx.n)"
# A thread's execve while the leader waits: the leader's call ends
# unfinished with nothing it would write.  -e status=: no line is cut
# for another's, the call that never returns shows with unfinished only.
for st in all unfinished none; do
	timeout -k 5 20 "$FERRET" strace -f -e status=$st -e trace=pause,execve -o fx.txt \
		"$WL" thread-exec > /dev/null
	strace -f -e status=$st -e trace=pause,execve -o sx.txt "$WL" thread-exec > /dev/null
	nx() { sed -E 's/^[0-9]+ +//; s/pid [0-9]+/pid N/; s/ +=/ =/; s/0x[0-9a-f]+/ADDR/g' "$1"; }
	diff <(nx sx.txt) <(nx fx.txt) > d.txt && ok "thread execve, -e status=$st: strace's lines" ||
		bad "thread execve, status=$st: $(head -4 d.txt)"
done
# A thread's execveat while the leader runs in user space, after the
# leader's own execveat: each call completes, "<pid changed to N ...>",
# superseded, resumed "= 0"; and with --quiet=thread-execve.
for q in "" --quiet=personality,thread-execve; do
	nbad=0
	for i in 1 2 3; do
		# shellcheck disable=SC2086
		timeout -k 5 20 "$FERRET" strace -a30 -f -e trace=execveat $q -o fx.txt "$WL" thread-exec-busy > /dev/null
		# shellcheck disable=SC2086
		strace -a30 -f -e trace=execveat $q -o sx.txt "$WL" thread-exec-busy > /dev/null
		nx() { sed -E 's/\b[0-9]{2,}\b/PID/g' "$1"; }
		diff <(nx sx.txt) <(nx fx.txt) > d.txt || { nbad=$((nbad + 1)); cat d.txt; }
	done
	[ $nbad = 0 ] && grep -q '= 0$' fx.txt && ok "thread execveat, leader busy ${q:-(no option)}: strace's lines, 3 runs" ||
		bad "thread execveat, leader busy $q: $nbad of 3 differ"
done
# -qqq: no superseded line (the leader may not have made its call yet).
timeout -k 5 20 "$FERRET" strace -f -qqq -o fx.txt "$WL" thread-exec > /dev/null
strace -f -qqq -o sx.txt "$WL" thread-exec > /dev/null
! grep -q superseded fx.txt && ! grep -q superseded sx.txt && grep -q 'execve resumed' fx.txt &&
	ok "thread execve, -qqq: no superseded line, as strace" || bad "thread execve -qqq: $(cat fx.txt)"
# -p: attach to a running process
sleep 30 & sp=$!
"$FERRET" strace -p $sp 2> fp.txt & fpid=$!
sleep 1; kill $sp; wait $fpid
grep -q 'killed by SIGTERM' fp.txt && grep -q "^ferret strace: Process $sp attached$" fp.txt &&
	ok "-p: attached, then the process's end" || bad "-p: $(cat fp.txt)"
# -p and a command to a file: two processes from the start, so "PID " leads each line.
( sleep 0.5; exec "$WL" basic ) > /dev/null & sp=$!
"$FERRET" strace -o fpc.txt -e trace=getppid -p $sp sh -c "sleep 1; exec $WL basic" > /dev/null 2>&1; wait $sp
grep -q getppid fpc.txt && ! grep -vqE '^[0-9]+ ' fpc.txt &&
	ok "-p PID and a command, -o: PID before each line" || bad "-p with a command: $(head -3 fpc.txt)"
# The pin cache: a run takes the programs an earlier run with the same
# options pinned, prints what a run without the cache prints, and finds
# nothing left by a run killed with records unread.
C=/sys/fs/bpf/ferret
CS="-e trace=getppid,pipe2,close -s 33"
cached() { "$FERRET" strace $CS -o "$1" "$WL" basic > /dev/null; norm < "$1" | grep -v '^write(1,' > "$1.n"; }
FERRET_NO_CACHE=1 cached k0.txt
cached k1.txt
key=$(ls -td $C/*/ 2> /dev/null | head -1)
ino1=$(stat -c %i "${key}0/p0" 2> /dev/null)
sleep 0.3
cached k2.txt
ino2=$(stat -c %i "${key}0/p0" 2> /dev/null)
[ -n "$ino1" ] && [ "$ino1" = "$ino2" ] && [ ! -e "${key}1" ] && [ -e "${key}0/ok" ] &&
	ok "pin cache: the second run reuses the first one's programs" ||
	bad "pin cache: not reused ($key: $ino1 $ino2 $(ls "$key" 2>&1))"
cmp -s k0.txt.n k1.txt.n && cmp -s k0.txt.n k2.txt.n && [ -s k0.txt.n ] &&
	ok "pin cache: the same lines loaded and reused" || bad "pin cache output: $(diff k0.txt.n k2.txt.n | head -5)"
# A kept program is not compiled again: no kernel BTF read, its
# description taken from the slot.
sleep 0.3
strace -f -e trace=openat,bpf -o kt.txt "$FERRET" strace $CS -o k7.txt "$WL" basic > /dev/null
norm < k7.txt | grep -v '^write(1,' > k7.txt.n
grep -q 'BPF_OBJ_GET.*/manifest"' kt.txt && ! grep -q 'btf/vmlinux' kt.txt && ! grep -qE 'BPF_PROG_LOAD.*insn_cnt=[0-9]{3,}' kt.txt &&
	cmp -s k0.txt.n k7.txt.n && ok "pin cache: a kept program runs without compiling or loading" ||
	bad "pin cache: compiled again: $(grep -c btf/vmlinux kt.txt) $(diff k0.txt.n k7.txt.n | head -3)"
"$FERRET" strace $CS -o k3.txt sh -c "sleep 0.4; exec $WL basic" > /dev/null & fp=$!
sleep 0.2; kill -STOP $fp; sleep 0.6; kill -KILL $fp; wait $fp 2> /dev/null
cached k4.txt
cmp -s k0.txt.n k4.txt.n && ok "pin cache: nothing left over from a killed run" ||
	bad "pin cache after a killed run: $(diff k0.txt.n k4.txt.n | head -5)"
cached k5.txt & cached k6.txt; wait
cmp -s k0.txt.n k5.txt.n && cmp -s k0.txt.n k6.txt.n &&
	ok "pin cache: two runs at once, each its own set" || bad "pin cache, two at once: $(diff k0.txt.n k5.txt.n | head -3) $(diff k0.txt.n k6.txt.n | head -3)"
# -c's maps start empty in a reused set: the counts are one run's.
"$FERRET" strace -c $CS -o kc1.txt cat /dev/null > /dev/null
sleep 0.3
"$FERRET" strace -c $CS -o kc2.txt "$WL" basic > /dev/null
strace -c $CS -o sc2.txt "$WL" basic > /dev/null
diff <(cnt sc2.txt) <(cnt kc2.txt) > d.txt && [ -n "$(cnt kc2.txt)" ] &&
	ok "pin cache: -c counts of one run, not two" || bad "pin cache -c: $(cat d.txt)"
before=$(ls $C | sort)
FERRET_NO_CACHE=1 "$FERRET" strace -e trace=getpid,gettid -o /dev/null true
[ "$(ls $C | sort)" = "$before" ] && ok "FERRET_NO_CACHE: nothing pinned" || bad "FERRET_NO_CACHE pinned something"
for s in 41 42 43 44 45; do "$FERRET" strace -e trace=getppid -s $s -o /dev/null true; done
n=$(ls $C | wc -l)
[ "$n" -le 4 ] && [ "$n" -ge 1 ] && ok "pin cache: at most 4 sets of options kept ($n)" || bad "pin cache holds $n keys"
# In a pid namespace of its own, the ids BPF programs see are not the
# ones ferret sees: a clear error, at once, not a trace that never ends
# (the pinned programs are reachable there).
timeout 10 unshare -Urpf "$FERRET" strace -e trace=getpid true > /dev/null 2> e.txt; rc=$?
[ $rc = 1 ] && grep -q "pid namespace of its own" e.txt &&
	ok "in a pid namespace of its own: an error, exit 1" || bad "pid namespace: rc $rc: $(cat e.txt)"
# -k: each call's stack, unwound from the kernel's copy of it with the
# binaries' .eh_frame, named as strace -k names it (libdw): strace 6.1's
# frames, line for line, on the same program.  Frame offsets are relative
# to each file, so they do not move with ASLR.
knorm() { norm | sed -E 's/= [0-9]+$/= N/'; }
"$FERRET" strace -k -e trace=getppid,write,exit_group -o fk.txt "$WL" basic > out1.txt
strace -k -e trace=getppid,write,exit_group -o sk.txt "$WL" basic > out2.txt
grep -c '^ > ' sk.txt > nk.txt
diff <(knorm < sk.txt) <(knorm < fk.txt) > d.txt && [ "$(cat nk.txt)" -gt 10 ] &&
	ok "-k: strace -k's frames for every call ($(cat nk.txt) frames)" || bad "-k: $(head -8 d.txt)"
grep -q '^ > .*/libc.so.6(__write+0x[0-9a-f]*) \[0x[0-9a-f]*\]$' fk.txt &&
	ok "-k: a frame names its file, symbol, offset and file address" || bad "-k frame form: $(grep -m2 '^ > ' fk.txt)"
# A frame with pages it never touched (a large buffer): those cannot be
# read, and the frames above them still unwind.
printf '#include <unistd.h>\n__attribute__((noinline)) static int deep(void) { volatile char big[20000]; big[0] = 1; return getppid() + big[0]; }\nint main(void) { return deep() < 0; }\n' > kbig.c
cc -O1 -fno-stack-clash-protection -o kbig kbig.c
"$FERRET" strace -k -e trace=getppid -o fk.txt ./kbig
strace -k -e trace=getppid -o sk.txt ./kbig
diff <(knorm < sk.txt) <(knorm < fk.txt) > d.txt && grep -q '(main+' fk.txt &&
	ok "-k: frames above a stack page never touched" || bad "-k untouched page: $(head -6 d.txt)"
# C++ names demangled with their parameters, as strace -k shows them.
printf '#include <unistd.h>\nnamespace ns { __attribute__((noinline)) int f(int x) { return (int)write(1, "", x); } }\nint main() { return ns::f(0); }\n' > k.cc
g++ -O0 -o kcc k.cc
"$FERRET" strace -k -e trace=write -o fk.txt ./kcc
strace -k -e trace=write -o sk.txt ./kcc
grep -q '(ns::f(int)+0x' fk.txt && diff <(knorm < sk.txt) <(knorm < fk.txt) > d.txt &&
	ok "-k: C++ frames demangled as strace -k's" || bad "-k C++: $(grep -m3 '^ > ' fk.txt) $(head -4 d.txt)"
# exit_group's stack comes after the process's last line, a child's
# execve's is the program that called it (strace's queue: "FILE(+0x0)").
# The workload is gone long before its lines are written: its files are
# placed from the execve's auxiliary vector and the mmap calls seen.
"$FERRET" strace -k -f -e trace=execve,exit_group -e signal=none -o fk.txt sh -c "$WL basic > /dev/null; exit 0"
strace -k -f -e trace=execve,exit_group -e signal=none -o sk.txt sh -c "$WL basic > /dev/null; exit 0"
diff <(knorm < sk.txt | sed -n '/^ > /p') <(knorm < fk.txt | sed -n '/^ > /p') > d.txt &&
	ok "-k -f: execve and exit_group stacks as strace -k's" || bad "-k -f: $(head -8 d.txt)"
# The command's execve shows the new program's first frame even when the
# command has exited before its line is written (/bin/true, five times).
strace -k -e trace=execve -o skt.txt /bin/true
n=0
for i in 1 2 3 4 5; do
	"$FERRET" strace -k -e trace=execve -o fkt.txt /bin/true
	diff <(knorm < skt.txt) <(knorm < fkt.txt) > d.txt && n=$((n + 1))
done
[ $n = 5 ] && grep -q '^ > .*ld-linux' skt.txt &&
	ok "-k: a command gone before its execve's line still shows its first frame" ||
	bad "-k short command: $n of 5 as strace's: $(head -4 d.txt)"
# A signal's line is followed by the stack its delivery stopped the thread
# in: SIGCHLD, which bash handles here and blocks while it waits, is
# delivered when bash unblocks it (sigprocmask).
"$FERRET" strace -k -e trace=wait4 -o fks.txt bash -c 'trap : CHLD; sleep 0.3 & wait'
strace -k -e trace=wait4 -o sks.txt bash -c 'trap : CHLD; sleep 0.3 & wait'
diff <(knorm < sks.txt | sed -n '/^--- SIGCHLD/,/^[^ ]/p' | grep '^ > ') \
     <(knorm < fks.txt | sed -n '/^--- SIGCHLD/,/^[^ ]/p' | grep '^ > ') > d.txt &&
	grep -A1 '^--- SIGCHLD' fks.txt | grep -q '^ > .*libc.so.6(' &&
	ok "-k: SIGCHLD's line followed by the stack its delivery stopped bash in" || bad "-k signal: $(head -6 d.txt) $(grep -A2 SIGCHLD fks.txt)"
grep -A1 '+++ exited' fk.txt | grep -q '^ > ' &&
	ok "-k: exit_group's stack after the exit line" || bad "-k exit order: $(grep -m3 -A1 exit_group fk.txt)"
# A stack per call costs the ring buffer ~20 KiB: records lost to a flood
# of calls must not leave ferret waiting for exits it never saw.
timeout 60 "$FERRET" strace -k -f -o /dev/null sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done' 2> err.txt
[ $? = 0 ] && ok "-k -f: ends with its command (lost records or not)" || bad "-k -f hung or failed: $(head -3 err.txt)"
# io_uring_setup (a real ring), io_uring_register's opcodes and
# perf_event_open's attr, _sysctl's args: NULL, short, unknown values, arrays that end a
# mapping, in every -X style, -v, -y and -e verbose=none.
RAWSET=io_uring_setup,io_uring_register,perf_event_open,_sysctl
for o in "" -v "-X raw" "-X verbose" "-e verbose=none" -y; do
	# shellcheck disable=SC2086
	same_line "io_uring and perf_event_open${o:+ $o}" $o -e trace=$RAWSET -- "$WL" rawcalls
done
# keyctl's commands: strings, buffers and structs in and out, NULL, cut
# by a mapping's end, unknown values, a real key read back.
for o in "" -v "-X raw" "-X verbose" "-s 4" "-e verbose=none"; do
	# shellcheck disable=SC2086
	NORM2='s/, [1-9][0-9]{5,}([,)])/, KEY\1/g' \
	same_line "keyctl${o:+ $o}" $o -e trace=keyctl -- "$WL" keyctl
done
# fsconfig's commands: keys, strings, blobs and paths; -y's descriptors;
# -P by its value's path and aux descriptor only.
for o in "" "-s 8" "-X raw" "-X verbose" -y "-x" "-P /dev/null"; do
	# shellcheck disable=SC2086
	same_line "fsconfig${o:+ $o}" $o -e trace=fsconfig -- "$WL" fsconfig
done
# kexec_load's segments and flags, kexec_file_load's command line, each
# call refused by a flag the kernel does not know.
for o in "" "-s 2" -v "-X raw" "-X verbose" -y; do
	# shellcheck disable=SC2086
	same_line "kexec_load, kexec_file_load${o:+ $o}" $o -e trace=kexec_load,kexec_file_load -- "$WL" kexec
done
# modify_ldt's struct user_desc, and its int error zero-extended.
for o in "" "-X raw" "-e verbose=none"; do
	# shellcheck disable=SC2086
	same_line "modify_ldt${o:+ $o}" $o -e trace=modify_ldt -- "$WL" ldt
done
# MTD requests: their structs at entry; with a success injected, what
# a device answers as well.
same_line "MTD ioctls" -e trace=ioctl -- "$WL" mtd
same_line "MTD ioctls, success injected" -e trace=ioctl -e inject=ioctl:retval=0 -- "$WL" mtd
# -y: sockets named by their inode, the process gone when lines print.
NORM2='s/socket:\[[0-9]+\]/socket:[INO]/g' \
same_line "-y: sockets made and accepted, closed before their lines print" \
	-y -e trace=socket,bind,listen,connect,accept,close -- "$WL" sockets-y
# -y: an injected return value names the descriptor the process has.
same_line "-y: descriptors returned by injection" -y \
	-e inject=landlock_create_ruleset,memfd_secret,socket:retval=7 \
	-e trace=landlock_create_ruleset,memfd_secret,socket -- "$WL" fd-injected
# -Y: the names prctl(PR_SET_NAME) gives, traced or not, quoted as strace.
for set in getppid getppid,prctl; do
	NORM2='s/^[0-9]+</PID</' \
	same_line "-Y: names set by prctl, -e trace=$set" -f -Y -e signal=none -e trace=$set -- "$WL" rename
done
# struct msghdr: NULL and empty iovec arrays, control buffers that are
# short, unreadable or NULL, control messages cut short.
same_line "sendmsg: msghdr and control messages at their edges" -e trace=sendmsg,connect -- "$WL" msghdr-edges
# TEE requests: structs, argument blocks with their parameters.
same_line "TEE ioctls" -e trace=ioctl -- "$WL" tee
# BLKPG with the partition it points to, BLKTRACESETUP.
same_line "block ioctls: BLKPG, BLKTRACESETUP" -e trace=ioctl -- "$WL" block
# SCSI generic requests: names, no argument, ints, values, resets.
for x in abbrev raw verbose; do
	same_line "SCSI generic ioctls, -X $x" -X $x -e trace=ioctl -- "$WL" scsi
done
# PACKET_STATISTICS: struct tpacket_stats as far as the length goes,
# tpacket_stats_v3 whole at the end of a mapping.
same_line "getsockopt PACKET_STATISTICS" -e trace=getsockopt -- "$WL" packet-stats
# set_thread_area's struct user_desc, get_thread_area's entry number.
for o in "" "-X raw"; do
	# shellcheck disable=SC2086
	same_line "set_thread_area, get_thread_area${o:+ $o}" $o \
		-e trace=set_thread_area,get_thread_area -- "$WL" thread-area
done
# move_pages: pages, nodes and their status, cut by -s and a mapping's end.
for o in "" "-s 2" -v "-X raw" "-X verbose"; do
	# shellcheck disable=SC2086
	NORM2='s/^move_pages\([0-9]+/move_pages(PID/' \
	same_line "move_pages${o:+ $o}" $o -e trace=move_pages -- "$WL" move_pages
done
# ptrace on a stopped child and on no process: the words, siginfos,
# sigmasks, options and struct user offsets of the requests, and the
# syscall info of a signal stop and an entry stop, as far as it was
# asked for and written.  The entry stop's last argument is whatever
# the child's r9 held: 0 in one run, an address in another.
for o in "" "-X raw" "-X verbose" "-e verbose=none"; do
	# shellcheck disable=SC2086
	NORM2='s/^ptrace\(([^,]+), [0-9]+/ptrace(\1, PID/; s/(args=\[([^],]*, ){5})(0|ADDR)\]/\1R9]/' \
	same_line "ptrace${o:+ $o}" $o -e trace=ptrace -e signal=none -- "$WL" ptrace
done
# Native AIO: iocbs of each opcode with their buffers and iovecs, an
# array that ends a mapping, unknown opcodes and flags, the events.
for o in "" "-s 4" -v "-X raw" "-X verbose" -y; do
	# shellcheck disable=SC2086
	NORM2='s/pipe:\[[0-9]+\]/pipe:[INO]/g' \
	same_line "aio${o:+ $o}" $o -e trace=io_setup,io_submit,io_getevents,io_pgetevents,io_cancel,io_destroy \
		-- "$WL" aio
done
# The perf event requests, on no descriptor and on an event of its own.
for o in "" "-s 4" -v "-X raw" "-X verbose" "-e verbose=none"; do
	# shellcheck disable=SC2086
	NORM2='s/^(ioctl\(3, [^[]*)\[[0-9]+\]/\1[ID]/' \
	same_line "perf ioctls${o:+ $o}" $o -e trace=ioctl,perf_event_open -- "$WL" perfioc
done
# The socket requests: owner and mark ints, the loopback interface's
# struct ifreq answers and interface list, set requests on no descriptor.
for o in "" "-s 4" -v "-X raw" "-X verbose" "-e verbose=none"; do
	# shellcheck disable=SC2086
	NORM2='s/\[[0-9]+\]/[N]/g; s/inet_addr\("[0-9.]+"\)/inet_addr(A)/g' \
	same_line "socket ioctls${o:+ $o}" $o -e trace=ioctl -- "$WL" sockioc
done
# -e verbose= and -e abbrev= by call: structs and arrays as addresses
# (strings still shown, empty arrays as []), annotations left out;
# the calls abbrev= leaves out unabbreviated.  IPC ids are whatever the
# kernel hands out in each run.
for m in kstructs fcntls sockopts waits polls structs groups ipc; do
	NORM2='s/^(shm|sem|msg)([a-z]*)\([0-9]+/\1\2(ID/; s/= [0-9]+$/= N/; s/getrandom\("[^"]*"/getrandom(R/; s/htons\([0-9]+\)/P/g; s/(F_SETOWN( \*\/)?), [0-9]+/\1, PID/; s/[0-9]{4,}/N/g' \
	same_line "-e verbose=none: $m" -e verbose=none -e signal=none -e 'trace=!rt_sigreturn,sysinfo' -- "$WL" $m
done
same_line "-e verbose=!io_submit,io_cancel" -e 'verbose=!io_submit,io_cancel' \
	-e trace=io_submit,io_getevents,io_cancel -- "$WL" aio
same_line "-e abbrev=!io_submit -s 4" -e 'abbrev=!io_submit' -s 4 \
	-e trace=io_submit,io_getevents -- "$WL" aio
same_line "-e abbrev=execve -v, --verbose=!execve" -v -e abbrev=execve --verbose='!execve' \
	-e trace=execve,io_submit -- "$WL" aio
# -e read= and -e write= of messages and vectors, recvmmsg's time left,
# iovecs cut by -s, process_vm_readv and process_vm_writev.
for o in "" "-s 7" "-e read=all -e write=all" "-e read=3 -e write=4 -v" "-e verbose=none"; do
	# shellcheck disable=SC2086
	NORM2='s/^(process_vm_[a-z]+)\([0-9]+/\1(PID/; s/left \{tv_sec=[0-9]+, tv_nsec=[0-9]+\}/left {T}/' \
	same_line "message and vector dumps${o:+ $o}" $o \
		-e trace=sendmsg,recvmsg,sendmmsg,recvmmsg,pwritev,process_vm_readv,process_vm_writev \
		-- "$WL" iodump
done
# sendmmsg and recvmmsg: an array cut by an unmapped page, messages past
# the fourth, the msg_namelen recvmmsg was given.
for o in "" -v; do
	# shellcheck disable=SC2086
	same_line "sendmmsg, recvmmsg: a cut array, six messages, names given short${o:+ $o}" $o \
		-e trace=sendmmsg,recvmmsg -- "$WL" mmsg-edges
done
# -y: the descriptors a recvmsg received name the sender's files, after
# the process has gone (strace reads /proc while it is stopped).
NORM2='s/:\[[0-9]+\]/:[INO]/g; s/pid=[0-9]+/pid=PID/' \
same_line "-y: SCM_RIGHTS received after SCM_CREDENTIALS, by a process gone" \
	-y -e trace=sendmsg,recvmsg -- "$WL" scm-pass
# SCM_RIGHTS past 256 bytes: -v shows every descriptor strace reads
# (net.core.optmem_max), then "...".
for o in "" -v; do
	# shellcheck disable=SC2086
	same_line "sendmsg: SCM_RIGHTS of 2,000 descriptors and past optmem_max${o:+ $o}" $o \
		-e trace=sendmsg -- "$WL" scm-many
done
# A msghdr's iovecs past the eighth and their buffers past the fourth
# (read from the process), shown and dumped.
for o in "" "-s 5" "-e write=all -e read=all"; do
	# shellcheck disable=SC2086
	same_line "sendmsg, recvmsg: iovecs past the eighth${o:+ $o}" $o \
		-e trace=sendmsg,recvmsg -- "$WL" msg-iovs
done
# iovec arrays longer than -s: as many entries as strace shows (-s of
# them, all under -v), each buffer cut at -s; readv's past what it read.
for o in "" "-s 5" "-s 100" -v "-s 0" "-s 2000"; do
	# shellcheck disable=SC2086
	NORM2='s/^(process_vm_readv)\([0-9]+/\1(PID/' \
	same_line "long iovec arrays${o:+ $o}" $o \
		-e trace=writev,pwritev,readv,preadv,process_vm_readv -- "$WL" long-iovs
done
# -ff: a file a process, FILE.PID, each as strace writes it, and no FILE.
mkdir ffo sfo
"$FERRET" strace -ff -o ffo/t -e signal=none -e trace=getppid,execve,exit_group "$WL" fork > /dev/null
strace -ff -o sfo/t -e signal=none -e trace=getppid,execve,exit_group "$WL" fork > /dev/null
ffs() { for f in $(ls "$1" | sort -t. -k2 -n); do echo "== file"; norm < "$1/$f"; done; }
diff <(ffs sfo) <(ffs ffo) > d.txt && [ "$(ls ffo | wc -l)" = 3 ] &&
	ok "-ff -o: a file a process, equal to strace's" || bad "-ff: $(ls ffo) $(head -6 d.txt)"
rm -rf ffo sfo
"$FERRET" strace --output-separately -c -o x true 2> e.txt; rc=$?
[ $rc = 1 ] && grep -q 'mutually exclusive' e.txt && ok "-ff with -c refused" || bad "-ff -c: rc $rc $(cat e.txt)"
# -A: the trace appended to what the file holds.
echo first > fa.txt
"$FERRET" strace -f -A -o fa.txt -e trace=getppid "$WL" fork > /dev/null
"$FERRET" strace -f -A -o fa.txt -e trace=getppid "$WL" fork > /dev/null
[ "$(head -1 fa.txt)" = first ] && [ "$(grep -Ec '^[0-9]+ +getppid' fa.txt)" = 2 ] &&
	ok "-A: appended" || bad "-A: $(cat fa.txt)"
# -i: with address randomisation off, the same instruction pointers as
# strace's, "?" for a process gone, on calls, signals and exits.
for t in strace "$FERRET strace"; do
	# shellcheck disable=SC2086
	setarch -R $t -f -i -o "i-${t##*/}.txt" -e signal=none -e trace=getppid,exit_group "$WL" fork > /dev/null
	# shellcheck disable=SC2086
	setarch -R $t -i -o "i-${t##*/}.txt" -A -e trace=kill "$WL" sigself 2> /dev/null
done
ipn() { sed -E 's/^[0-9]+ +//; s/si_pid=[0-9]+/si_pid=N/g; s/= [0-9]{3,}$/= PID/; s/(kill\()[0-9]+/\1PID/' "$1"; }
diff <(ipn i-strace.txt) <(ipn "i-ferret strace.txt") > d.txt &&
	grep -q '^[0-9]* *\[0000[0-9a-f]*\] --- SIGUSR1' "i-ferret strace.txt" &&
	grep -q '\[????????????????\] +++ exited' "i-ferret strace.txt" &&
	ok "-i: strace's instruction pointers" || bad "-i: $(head -6 d.txt)"
# -u: the command runs as the user, its calls traced.
"$FERRET" strace -u nobody -e trace=getuid,geteuid id -u 2> fu.txt > out.txt
[ "$(cat out.txt)" = 65534 ] && grep -q '^geteuid() *= 65534$' fu.txt &&
	ok "-u nobody" || bad "-u: $(cat out.txt) $(cat fu.txt)"
"$FERRET" strace -u no-such-user true 2> e.txt; rc=$?
[ $rc = 1 ] && grep -q "Cannot find user 'no-such-user'" e.txt && ok "-u: an unknown user" || bad "-u unknown: $rc $(cat e.txt)"
# -b execve: the command's first execve is ferret's; one after lets it go,
# its open line ends "<detached ...>", and ferret's status is 0.
for t in strace "$FERRET strace"; do
	# shellcheck disable=SC2086
	$t -b execve -e trace=execve,exit_group -o "b-${t##*/}.txt" "$WL" execfalse > /dev/null 2> "be-${t##*/}.txt"
	echo "rc $?" >> "be-${t##*/}.txt"
done
diff <(norm < b-strace.txt) <(norm < "b-ferret strace.txt") > d.txt &&
	diff <(sed -E 's/^[a-z ]*strace: //; s/[0-9]+/N/g' be-strace.txt) \
	     <(sed -E 's/^[a-z ]*strace: //; s/[0-9]+/N/g' "be-ferret strace.txt") >> d.txt &&
	grep -q 'rc 0' be-strace.txt && ok "-b execve: let go at the second execve" || bad "-b: $(head -6 d.txt)"
# A command let go that ends before ferret has stopped: its status is
# not ferret's either (strace's is 0 too, as the same run shows).
rcs="" src=""
for i in 1 2 3 4 5 6; do
	"$FERRET" strace -b execve -e trace=none sh -c 'exec false' 2>/dev/null
	rcs="$rcs$?"
done
strace -b execve -e trace=none sh -c 'exec false' 2>/dev/null
src=$?
[ "$rcs" = 000000 ] && [ "$src" = 0 ] && ok "-b execve: a command let go that ends at once leaves status 0" ||
	bad "-b execve, a quick end: ferret $rcs, strace $src"
# -f, the trace on stderr: "Process N attached" for each child, after its
# parent's fork line, where strace most often writes it (at times it cuts
# that line); a fork line begun with one task traced has no [pid N].
# Not under -q, nor for a command's trace to a file.
for t in strace "$FERRET strace"; do
	# shellcheck disable=SC2086
	$t -f -e trace=clone,wait4 sh -c '/bin/true & wait' 2> "fa-${t##*/}.txt"
done
n=$(sed -n 's/^clone(.*) = \([0-9]*\)$/\1/p' "fa-ferret strace.txt")
[ -n "$n" ] && sed -n 2p "fa-ferret strace.txt" | grep -qx "ferret strace: Process $n attached" &&
	[ "$(grep -c 'Process [0-9]* attached' fa-strace.txt)" = 1 ] &&
	[ "$(grep -c 'Process [0-9]* attached' "fa-ferret strace.txt")" = 1 ] &&
	grep -q '^clone(' fa-strace.txt &&
	ok "-f: Process N attached after the fork line, which has no [pid N]" ||
	bad "-f attached: $(head -3 "fa-ferret strace.txt") / $(head -3 fa-strace.txt)"
"$FERRET" strace -q -f -e trace=clone sh -c '/bin/true & wait' 2> fq1.txt
"$FERRET" strace -f -o fq2.txt -e trace=clone sh -c '/bin/true & wait' 2> fq3.txt
! grep -q attached fq1.txt fq3.txt && ok "-f: no attach line under -q, nor with -o and a command" ||
	bad "-f quiet attach: $(cat fq1.txt fq3.txt)"
# trace=?NAME, NAME@64, NAME@32.
"$FERRET" strace -f -e 'trace=?getppid,?nosuch,getpid@64,getpid@32' "$WL" fork 2> fq.txt > /dev/null
grep -Eq '^\[pid +[0-9]+\] getppid\(\)' fq.txt && ok "trace=?NAME, NAME@64, NAME@32" || bad "?NAME: $(head -3 fq.txt)"
"$FERRET" strace -e 'trace=getpid@q' true 2> e.txt; rc=$?
[ $rc = 1 ] && grep -q "incorrect personality designator 'q'" e.txt && ok "trace=NAME@bad refused" || bad "@q: $rc $(cat e.txt)"
# A fatal signal the kernel makes its group's SIGKILL at once (no ptrace):
# its line still shows, with the siginfo the kernel made for it.
NORM2='s/si_pid=[0-9]+/si_pid=PID/; s/^kill\([0-9]+/kill(PID/' \
same_line "fatal signals: sent to itself" -e trace=kill -- "$WL" sigself 2> /dev/null
NORM2='s/si_pid=[0-9]+/si_pid=PID/' same_line "fatal signals: SIGPIPE" -e trace=write -- "$WL" sigpipe 2> /dev/null
for t in strace "$FERRET strace"; do
	rm -f pidf
	# shellcheck disable=SC2086
	$t -e trace=read -o "k-${t##*/}.txt" "$WL" sigread pidf > /dev/null &
	tp=$!
	for _ in $(seq 500); do
		[ -s pidf ] && grep -q '^0 ' "/proc/$(cat pidf)/syscall" 2> /dev/null && break
		sleep 0.01
	done
	kill -TERM "$(cat pidf)"
	wait $tp
done
diff <(tail -3 k-strace.txt | norm) <(tail -3 "k-ferret strace.txt" | norm) > d.txt &&
	grep -q 'killed by SIGTERM' k-strace.txt &&
	ok "fatal signals: SIGTERM in a read" || bad "SIGTERM in read: $(head -6 d.txt)"
# Run by a link named strace, ferret is ferret strace, answers -V, and
# begins its messages with the path it was run by, as strace does: each
# bad set gets strace's own message and exit status.
mkdir -p lk && ln -sf "$FERRET" lk/strace
lk/strace -V | grep -q '^ferret strace -- version' && ok "run as strace: -V" || bad "run as strace: -V"
nbad=0 nq=0
for q in -eread= '-eread=,' '-eread=!' '-ewrite=!,' -eread=-1 -eread=1,all '-eread=1,!all' \
	-eread=2147483648 -eread=1,none -e '-etrace=,' '-etrace=!' -etrace=0x -etrace=415 \
	-etrace=1,none '-etrace=1,!chdir' -etrace=/non_syscall -etrace=% -etrace=-1@64 \
	-etrace=syscall_1 '-etrace=/+id' '-etrace=?32767,nonsense' -einject= -einject=:when=3 \
	'-efault=,::' -einject=chdir:when=0; do
	"$PWD/lk/strace" "$q" true > /dev/null 2> lf.txt; frc=$?
	strace "$q" true > /dev/null 2> ls.txt; src=$?
	nq=$((nq + 1))
	if [ $frc != $src ] || ! diff <(sed 's|^[^:]*: ||' ls.txt) <(sed 's|^[^:]*: ||' lf.txt) > d.txt ||
	   ! grep -q "^$PWD/lk/strace: " lf.txt; then
		nbad=$((nbad + 1))
		echo "    $q: $frc $(head -2 lf.txt) | strace: $src $(head -2 ls.txt)"
	fi
done
[ $nbad = 0 ] && ok "run as strace: strace's messages for $nq bad sets" || bad "run as strace: $nbad sets differ"
# Bad options and no command: getopt's or strace's message, then strace's
# pointer to -h, and status 1.
nbad=0
for q in "" -K --bogus -s; do
	# shellcheck disable=SC2086
	"$PWD/lk/strace" $q > /dev/null 2> of.txt; frc=$?
	# shellcheck disable=SC2086
	strace $q > /dev/null 2> os.txt; src=$?
	if [ $frc != $src ] || ! diff os.txt <(sed "s|$PWD/lk/strace|strace|g" of.txt) > d.txt; then
		nbad=$((nbad + 1))
		echo "    [$q]: $frc/$src $(head -3 d.txt)"
	fi
done
[ $nbad = 0 ] && ok "run as strace: bad options and no command as strace says them" ||
	bad "run as strace: $nbad bad options differ"
# An orphaned group's stopped member: SIGHUP kills it before the SIGCONT
# that follows could be dequeued, so no SIGCONT line, as in strace's.
strace -f -e trace=none -o os.txt "$WL" orphan
"$FERRET" strace -f -e trace=none -o of.txt "$WL" orphan
diff <(norm < os.txt | sort) <(norm < of.txt | sort) > d.txt &&
	ok "an orphaned group: SIGHUP, and no SIGCONT line" || bad "orphaned group: $(head -4 d.txt)"
# A command that cannot run: its failed execve, strace's report of it
# after the line, and the exit status 1, even with no call traced.
for q in "" "-e trace=none" "-qq"; do
	# shellcheck disable=SC2086
	"$PWD/lk/strace" $q / > /dev/null 2> xf.txt; frc=$?
	# shellcheck disable=SC2086
	strace $q / > /dev/null 2> xs.txt; src=$?
	if [ $frc = $src ] && diff <(sed -E 's|^[^ :]*strace: |strace: |' xs.txt | norm) \
		<(sed -E 's|^[^ :]*strace: |strace: |' xf.txt | norm) > d.txt; then
		ok "a command that cannot run ${q:-(no option)}: strace's lines and status"
	else
		bad "cannot run $q: $frc/$src $(head -4 d.txt)"
	fi
done
# An output file that cannot be written: strace's message, and the trace
# goes on to the command's end.
"$FERRET" strace -o /dev/full -e trace=none true 2> ff.txt; frc=$?
strace -o /dev/full -e trace=none true 2> fs.txt; src=$?
[ $frc = $src ] && diff <(sed 's/^[^:]*: //' fs.txt) <(sed 's/^[^:]*: //' ff.txt) > d.txt &&
	ok "-o /dev/full: strace's message and status" || bad "-o /dev/full: $frc/$src $(head -3 d.txt)"
# Once the command runs, the tracer holds neither its standard input nor
# its standard output (strace puts dummies there): a command that closes
# them leaves no reader of its input pipe and no writer of its output's.
held() {	# held TRACER...: "same" for each of fds 0, 1 the tracer still shares
	echo | "$@" -qq -e trace=none -e signal=none sh -c 'for i in 0 1; do
		[ "$(readlink /proc/$$/fd/$i)" = "$(readlink /proc/$PPID/fd/$i)" ] && echo same $i || echo other $i
	done' | cat
}
s=$(held strace) f=$(held "$FERRET" strace)
[ "$s" = "$(printf 'other 0\nother 1')" ] && [ "$f" = "$s" ] &&
	ok "the command's standard input and output are not held, as with strace" ||
	bad "standard descriptors held: strace: $s; ferret: $f"
# --tips: ferret's own text and drawing in strace's bubble, column for
# column (the text and the drawing beside it masked); full: the whole
# drawing below the bubble; ids counted modulo the tips' number; a tip at
# random by default; a bad argument as strace refuses it.
shape() {	# shape FILE: the bubble, each text line's 44 columns masked
	cut -c1-52 "$1" | sed -E 's/^ \| .{44}/ | TEXT/; s/ +$//' | uniq
}
for fmt in compact full; do
	strace -qqq -e trace=none --tips=id:1,format:$fmt true 2> ts.txt
	"$FERRET" strace -qqq -e trace=none --tips=id:1,format:$fmt true 2> tf.txt
	"$FERRET" strace -qqq -e trace=none --tips=id:1,format:full true 2> tfull.txt
	if diff <(shape ts.txt) <(shape tf.txt) > d.txt && [ -s ts.txt ] &&
	   { [ $fmt = full ] || [ "$(wc -l < tf.txt)" -lt "$(wc -l < tfull.txt)" ]; } &&
	   [ "$(tail -1 tfull.txt | cut -c53- | tr -d ' ')" != "" ]; then
		ok "--tips=format:$fmt: strace's bubble, ferret's drawing"
	else
		bad "--tips=format:$fmt: $(head -6 d.txt)"
	fi
done
"$FERRET" strace -qqq -e trace=none --tips=id:0 true 2> t0.txt
"$FERRET" strace -qqq -e trace=none --tips=id:2147483647 true 2> tm.txt
n=0 same=0
for i in $(seq 1 40); do
	"$FERRET" strace -qqq -e trace=none --tips=id:$i true 2> ti.txt
	[ -s ti.txt ] || break
	cmp -s t0.txt ti.txt && { n=$i; break; }
done
for i in 1 2 3 4 5; do
	"$FERRET" strace -qqq -e trace=none --tips true 2> "tr$i.txt"
	cmp -s tr1.txt "tr$i.txt" && same=$((same + 1))
done
"$FERRET" strace -qqq -e trace=none --tips=format:none true 2> tn.txt
[ "$n" -gt 1 ] && [ -s tm.txt ] && [ $same -lt 5 ] && [ ! -s tn.txt ] &&
	ok "--tips: $n tips, ids modulo that, a random one by default, none with format:none" ||
	bad "--tips: wrapped at $n; id:2147483647 $(wc -l < tm.txt) lines; $same of 5 random the same"
nbad=0
for q in --tips=id:x --tips=id: --tips=format: --tips=id:-1 --tips=id:2147483648 \
	--tips=format:5 '--tips=id: 3' '--tips= full' '--tips=id:3, full' --tips=ID:3,FULL --tips=,,1 --tips=; do
	"$PWD/lk/strace" -qqq -e trace=none "$q" true > /dev/null 2> lf.txt; frc=$?
	strace -qqq -e trace=none "$q" true > /dev/null 2> ls.txt; src=$?
	if [ $frc != $src ] || { [ $src != 0 ] && ! diff ls.txt <(sed "s|$PWD/lk/strace|strace|g" lf.txt) > d.txt; } ||
	   { [ $src = 0 ] && ! diff <(head -3 ls.txt | shape /dev/stdin) <(head -3 lf.txt | shape /dev/stdin) > d.txt; }; then
		nbad=$((nbad + 1))
		echo "    [$q]: $frc/$src $(head -3 d.txt)"
	fi
done
[ $nbad = 0 ] && ok "--tips: strace's arguments taken and refused as strace does" ||
	bad "--tips: $nbad arguments differ"
# -d: strace's message for a call its table does not name, and the
# programs' sizes as the kernel reports them.
"$FERRET" strace -d -e trace=none -o /dev/null "$WL" nosys 2> df.txt
strace -d -e trace=none -o /dev/null "$WL" nosys 2> ds.txt
diff <(grep -o 'invalid syscall .*' ds.txt) <(grep -o 'invalid syscall .*' df.txt) > d.txt &&
	[ "$(grep -c 'invalid syscall' df.txt)" = 3 ] &&
	grep -q "^ferret strace: pid [0-9]* invalid syscall 0x1c3$" df.txt &&
	grep -Eq '^ferret strace: [0-9]+ programs, [0-9]+ instructions, [1-9][0-9]* processed by the verifier' df.txt &&
	ok "-d: strace's invalid syscall messages, the programs' sizes" || bad "-d: $(head -4 d.txt) $(tail -2 df.txt)"
# Everyday commands under -f: every call line strace prints, ferret
# prints the same (as multisets, after lines.py --exact hides what
# differs between any two runs of the command).
mkdir -p every && cp -r /usr/share/doc/bash every/doc
every() {	# every NAME SKIP CMD...: SKIP, a regex of lines not compared
	local name=$1 skip=$2
	shift 2
	rm -f every/x.tgz
	strace -f -o es.txt "$@" > /dev/null 2>&1
	rm -f every/x.tgz
	"$FERRET" strace -f -o ef.txt "$@" > /dev/null 2>&1
	python3 "$HERE/lines.py" --exact --skip "$skip" es.txt | sort > es.n
	python3 "$HERE/lines.py" --exact --skip "$skip" ef.txt | sort > ef.n
	if [ -s es.n ] && diff es.n ef.n > d.txt; then
		ok "everyday: $name: strace's $(wc -l < es.n) call lines, each printed the same"
	else
		bad "everyday: $name: $(grep -c '^[<>]' d.txt) lines differ: $(head -4 d.txt | cut -c1-200)"
	fi
}
every "ls -la /etc" "^$" ls -la /etc
every "cat" "^$" cat /etc/os-release
every "python3 -c" "^$" /usr/bin/python3 -c 'import os; print(os.getcwd())'
every "sh -c 'echo hi | wc -c'" "^$" sh -c 'echo hi | wc -c'
# gzip's reads of the pipe from tar come in sizes that depend on how the
# two processes interleave.
every "tar czf" "^read\\(0, " tar czf every/x.tgz -C every doc
every "date" "^$" date
every "id" "^$" id
every "find" "^$" find every/doc
# The table is what its generator makes of this machine's header.
python3 "$HERE/../../src/strace/gen-systab.py" | diff - "$HERE/../../src/strace/st_systab.c" > d.txt &&
	ok "st_systab.c is gen-systab.py's output" || bad "st_systab.c differs from its generator: $(head -4 d.txt)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
