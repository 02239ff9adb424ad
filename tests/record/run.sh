#!/bin/bash
# ferret record: real recordings of the workload and of short commands,
# read back with babeltrace2 (its listing must hold every event) and its
# Python bindings (tests/record/ctfcheck.py): counts by event name, the
# command's exec and exit, its children's, a system call's arguments,
# sched_switch chains per CPU, times in order per CPU stream, lost events
# as the trace's discarded count; failing runs with their messages, also
# under the ASan/UBSan build when one is named.
#   tests/record/run.sh [BUILD] [ASAN_BUILD]
set -u
BUILD=${1:-build}
ASAN=${2:-}
FERRET=$BUILD/ferret
WL=$BUILD/tests/workload
here=$(dirname "$0")
PY=/usr/bin/python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$here/../lib.sh"

if [ "$(id -u)" != 0 ]; then
	skipped all "needs root"
	summary record
	exit 0
fi
if ! command -v babeltrace2 >/dev/null; then
	skipped all "babeltrace2 is not installed (apt-get install babeltrace2 python3-bt2)"
	summary record
	exit 0
fi
if ! $PY -c 'import bt2' 2>/dev/null; then
	skipped all "python3-bt2 is not installed"
	summary record
	exit 0
fi
[ -x "$WL" ] || make -s "$WL" BUILD="$BUILD" >/dev/null

# rec NAME ARGS...: records into $W/NAME.ctf; false (and says why) if
# ferret fails or babeltrace2 cannot list what it wrote.  With PERF set,
# perf record takes the system's sched_switch events around the run into
# $W/NAME.perf, on ferret's clock (see ctfcheck.py perfswitch).
rec() {
	local name=$1 wrap=()
	shift
	rm -rf "$W/$name.ctf"
	[ -n "${PERF:-}" ] && wrap=(perf record -q -k mono -e sched:sched_switch -a
				    -o "$W/$name.perf" --)
	if ! "${wrap[@]}" timeout 60 "$FERRET" record -q -o "$W/$name.ctf" "$@" \
		>"$W/$name.out" 2>"$W/$name.err"; then
		bad "$name" "ferret record failed: $(head -3 "$W/$name.err")"
		return 1
	fi
	if ! babeltrace2 "$W/$name.ctf" >"$W/$name.txt" 2>"$W/$name.bterr"; then
		bad "$name" "babeltrace2 cannot read the trace: $(head -3 "$W/$name.bterr")"
		return 1
	fi
	$PY "$here/ctfcheck.py" "$W/$name.ctf" counts >"$W/$name.counts"
}

# count NAME EVENT: how many EVENT events trace NAME has.
count() {
	awk -v e="$2" '$1 == e { print $2; f = 1 } END { if (!f) print 0 }' "$W/$1.counts"
}

# is NAME WHAT GOT WANT
is() {
	if [ "$3" = "$4" ]; then ok "$1: $2"; else bad "$1: $2" "got '$3', want '$4'"; fi
}

# pycheck NAME QUESTION ARGS...: a ctfcheck.py check of trace NAME.
pycheck() {
	local name=$1 q=$2 out
	shift 2
	if out=$($PY "$here/ctfcheck.py" "$W/$name.ctf" "$q" "$@" 2>&1); then
		ok "$name: $q ($out)"
	else
		bad "$name: $q" "$out"
	fi
}

# perfcheck NAME TID...: after PERF=1 rec NAME, the trace has every switch
# of the traced threads that perf saw.  Not every switch reaches a
# tracer: on this kernel perf and ftrace miss some as well, so a chain of
# switches can break; a switch perf saw and ferret did not is a loss.
perfcheck() {
	local name=$1
	shift
	perf script -i "$W/$name.perf" -F cpu,time,trace --ns >"$W/$name.ptxt" 2>"$W/$name.perr"
	pycheck "$name" perfswitch "$W/$name.ptxt" "$@"
}

# The babeltrace2 listing has every event the Python reading has.
listed() {
	local n m
	n=$(grep -c '^\[' "$W/$1.txt")
	m=$(awk '{ s += $2 } END { print s + 0 }' "$W/$1.counts")
	is "$1" "babeltrace2 lists every event" "$n" "$m"
}

# Threads of process 1 (this host's supervisor): their switches away are
# missing from perf record's sched_switch events as well, whatever
# records them; they break no chain here.
quiet=$(ls /proc/1/task | paste -sd,)

echo "== system calls of a command"
if rec open -c "$WL open 100" -e syscalls; then
	listed open
	is open "openat entries" \
		"$($PY "$here/ctfcheck.py" "$W/open.ctf" fields syscall_entry_openat |
		   grep -c 'filename=/nonexistent/ferret-')" 100
	is open "openat of ferret-42, its arguments" \
		"$($PY "$here/ctfcheck.py" "$W/open.ctf" fields syscall_entry_openat |
		   grep 'filename=/nonexistent/ferret-42 ')" \
		"dfd=-100 filename=/nonexistent/ferret-42 flags=0 mode=0"
	is open "openat exits with ENOENT" \
		"$($PY "$here/ctfcheck.py" "$W/open.ctf" fields syscall_exit_openat |
		   grep -c '^ret=-2$')" 100
	is open "no sched events without -e sched" "$(count open sched_switch)" 0
	pycheck open mono
fi
if PERF=1 rec getppid -c "$WL getppid 1000"; then
	listed getppid
	is getppid "getppid entries" "$(count getppid syscall_entry_getppid)" 1000
	is getppid "getppid exits" "$(count getppid syscall_exit_getppid)" 1000
	is getppid "the command's exec" \
		"$($PY "$here/ctfcheck.py" "$W/getppid.ctf" fields sched_process_exec |
		   grep -c "filename=$WL ")" 1
	is getppid "the command's exit" "$(count getppid sched_process_exit)" 1
	is getppid "the exit is the command's" \
		"$($PY "$here/ctfcheck.py" "$W/getppid.ctf" fields sched_process_exit |
		   sed 's/.* tid=\([0-9]*\).*/\1/')" \
		"$($PY "$here/ctfcheck.py" "$W/getppid.ctf" fields sched_process_exec |
		   sed 's/.* tid=\([0-9]*\).*/\1/')"
	is getppid "statedump start and end" \
		"$(count getppid lttng_statedump_start) $(count getppid lttng_statedump_end)" "1 1"
	is getppid "statedump has process 1" \
		"$($PY "$here/ctfcheck.py" "$W/getppid.ctf" fields lttng_statedump_process_state |
		   grep -c '^tid=1 pid=1 ppid=0 ')" 1
	pycheck getppid mono
	tid=$($PY "$here/ctfcheck.py" "$W/getppid.ctf" fields sched_process_exec |
	      sed 's/.* tid=\([0-9]*\).*/\1/')
	perfcheck getppid "$tid"
fi

echo "== system calls' out-parameters, as LTTng records them"
# The workload prints what each call wrote and where; the exit events
# carry the same (arrays LTTng reads, pointers LTTng keeps as pointers).
if rec outs -c "$WL outs"; then
	listed outs
	fields() { $PY "$here/ctfcheck.py" "$W/outs.ctf" fields "$1"; }
	read -r _ p0 p1 l0 l1 < <(grep '^pipe2 ' "$W/outs.out")
	is outs "pipe2's fds are pipes in /proc" "${l0%%:*} ${l1%%:*}" "pipe pipe"
	is outs "pipe2's exit: the fds the kernel wrote" "$(fields syscall_exit_pipe2)" \
		"ret=0 fildes=[$(printf '0x%x,0x%x' "$p0" "$p1")]"
	is outs "pipe2's entry: flags alone" "$(fields syscall_entry_pipe2)" "flags=$((0x80000))"
	read -r _ s0 s1 < <(grep '^socketpair ' "$W/outs.out")
	is outs "socketpair's exit: socket[2]" "$(fields syscall_exit_socketpair)" \
		"ret=0 socket=[$(printf '0x%x,0x%x' "$s0" "$s1")]"
	read -r _ child status addr < <(grep '^wait4 ' "$W/outs.out")
	is outs "the child's status" "$status" 768
	is outs "wait4's exit: the child, where its status went" "$(fields syscall_exit_wait4)" \
		"ret=$child stat_addr=$addr ru=0"
	is outs "wait4's entry: the in-parameters" "$(fields syscall_entry_wait4)" "upid=$child options=0"
	read -r _ a0 a1 a2 < <(grep '^getresuid ' "$W/outs.out")
	is outs "getresuid's exit: its three pointers" "$(fields syscall_exit_getresuid)" \
		"ret=0 ruidp=$a0 euidp=$a1 suidp=$a2"
	read -r _ rfd rbuf < <(grep '^read ' "$W/outs.out")
	is outs "read's exit: the bytes read, where" "$(fields syscall_exit_read | grep -c "^ret=6 buf=$rbuf\$")" 1
	is outs "read's entry: no buf" "$(fields syscall_entry_read | grep -c "^fd=$rfd count=65536\$")" 1
	is outs "report prints the array" "$("$FERRET" report "$W/outs.ctf" | grep -o 'sys_exit_pipe2: .*')" \
		"sys_exit_pipe2: ret=0 fildes={$p0,$p1}"
	if "$FERRET" convert "$W/outs.ctf" -f chrome -o "$W/outs.json" 2>"$W/outs.cerr"; then
		is outs "chrome: the slice's arguments and results" "$($PY -c '
import json, sys
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e["ph"] == "X" and e["name"] in ("pipe2", "wait4"):
        print(e["name"], json.dumps(e["args"], sort_keys=True))' "$W/outs.json" | paste -sd '|')" \
			"pipe2 {\"fildes\": [$p0, $p1], \"flags\": 524288, \"ret\": 0}|wait4 {\"options\": 0, \"ret\": $child, \"ru\": \"0x0\", \"stat_addr\": \"$(printf '0x%x' "$addr")\", \"upid\": $child}"
	else
		bad outs "convert: $(head -2 "$W/outs.cerr")"
	fi
fi
echo "== structures LTTng's syscall overrides decode"
# The workload prints its ports and fds; the events must hold them as
# LTTng's fields: connect's address at entry, accept's at exit.
if rec net -c "$WL net"; then
	listed net
	fields() { $PY "$here/ctfcheck.py" "$W/net.ctf" fields "$1" | sed 's/ \(uservaddr\|upeer_sockaddr\)=[0-9]*//'; }
	read -r _ cport4 l4 c4 s4 < <(grep '^inet ' "$W/net.out")
	read -r _ lport4 < <(grep '^listen4 ' "$W/net.out")
	read -r _ lport6 < <(grep '^listen6 ' "$W/net.out")
	read -r _ cport6 l6 c6 s6 < <(grep '^inet6 ' "$W/net.out")
	v4='_v4addr_length=4 v4addr=[0x7f,0x0,0x0,0x1] _v6addr_length=0 v6addr=[]'
	v6='_v4addr_length=0 v4addr=[] _v6addr_length=8 v6addr=[0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x1]'
	is net "connect's entries: family, dport, v4addr or v6addr" "$(fields syscall_entry_connect | paste -sd '|')" \
		"fd=$c4 addrlen=16 family=2 dport=$lport4 $v4|fd=$c6 addrlen=28 family=10 dport=$lport6 $v6"
	is net "connect's exits: ret alone" "$(fields syscall_exit_connect | paste -sd '|')" "ret=0|ret=0"
	is net "accept4's entry: the length it was given" "$(fields syscall_entry_accept4)" \
		"fd=$l4 upeer_addrlen=16 flags=$((0x80000))"
	is net "accept4's exit: the peer's address" "$(fields syscall_exit_accept4)" \
		"ret=$s4 upeer_addrlen=16 family=2 sport=$cport4 $v4"
	is net "accept's exit: the peer's IPv6 address" "$(fields syscall_exit_accept)" \
		"ret=$s6 upeer_addrlen=28 family=10 sport=$cport6 $v6"
	is net "report prints them" "$("$FERRET" report "$W/net.ctf" | grep -o 'sys_exit_accept4: .*')" \
		"sys_exit_accept4: ret=$s4 upeer_addrlen=16 family=2 sport=$cport4 _v4addr_length=4 v4addr={127,0,0,1} _v6addr_length=0 v6addr={}"
	if "$FERRET" convert "$W/net.ctf" -o "$W/net.json" 2>"$W/net.cerr"; then
		is net "chrome: connect's and accept's slices" "$($PY -c '
import json, sys
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e["ph"] == "X" and e["name"] in ("connect", "accept", "accept4"):
        a = e["args"]
        print(e["name"], a["family"], a.get("dport", a.get("sport")), a["v4addr"], a["v6addr"], a["ret"])' "$W/net.json" | paste -sd '|')" \
			"connect 2 $lport4 [127, 0, 0, 1] [] 0|accept4 2 $cport4 [127, 0, 0, 1] [] $s4|connect 10 $lport6 [] [0, 0, 0, 0, 0, 0, 0, 1] 0|accept 10 $cport6 [] [0, 0, 0, 0, 0, 0, 0, 1] $s6"
	else
		bad net "convert: $(head -2 "$W/net.cerr")"
	fi
fi
if rec polls -c "$WL polls"; then
	listed polls
	fields() { $PY "$here/ctfcheck.py" "$W/polls.ctf" fields "$1" | sed 's/ \(tvp\|tsp\|sig\|sigmask\)=[0-9]*//g'; }
	read -r _ r w ep < <(grep '^polls ' "$W/polls.out")
	flags() { echo "{POLLIN=$1,POLLPRI=0,POLLOUT=$2,POLLERR=0,POLLHUP=0,padding=0}"; }
	pin="{fd=$r,raw_events=1,events=$(flags 1 0)}"
	pout="{fd=$w,raw_events=4,events=$(flags 0 1)}"
	is polls "poll's entry: every pollfd's fd and events" "$(fields syscall_entry_poll)" \
		"timeout_msecs=0 nfds=3 fds_length=3 overflow=0 fds=[$pin,$pout,{fd=$w,raw_events=1,events=$(flags 1 0)}]"
	is polls "poll's exit: the ready ones' revents" "$(fields syscall_exit_poll)" \
		"ret=2 nfds=3 fds_length=2 fds=[$pin,$pout]"
	is polls "ppoll's exit: with overflow" "$(fields syscall_exit_ppoll)" \
		"ret=2 nfds=3 fds_length=2 overflow=0 fds=[$pin,$pout]"
	sets="_readfds_length=1 readfds=[$(printf '0x%x' $((1 << r)))] _writefds_length=1 writefds=[$(printf '0x%x' $((1 << w)))] _exceptfds_length=0 exceptfds=[]"
	n=$((w + 1))
	is polls "select's entry and exit: the sets' bytes" "$(fields syscall_entry_select)|$(fields syscall_exit_select)" \
		"n=$n overflow=0 $sets|ret=2 overflow=0 $sets"
	is polls "pselect6's entry and exit" "$(fields syscall_entry_pselect6)|$(fields syscall_exit_pselect6)" \
		"n=$n overflow=0 $sets|ret=2 overflow=0 $sets"
	ev="{data_union={u64=$((0x1234567800000000 | r)),fd=$r},raw_events=1,events={EPOLLIN=1,EPOLLPRI=0,EPOLLOUT=0,EPOLLERR=0,padding=0}}"
	is polls "epoll_ctl's entry: op_enum and the event" "$(fields syscall_entry_epoll_ctl)" \
		"epfd=$ep op_enum=EPOLL_CTL_ADD fd=$r event=$ev"
	is polls "epoll_wait's entry and exit" "$(fields syscall_entry_epoll_wait)|$(fields syscall_exit_epoll_wait)" \
		"epfd=$ep maxevents=4 timeout=0|ret=1 fds_length=1 overflow=0 fds=[$ev]"
	is polls "epoll_pwait's entry and exit" "$(fields syscall_entry_epoll_pwait)|$(fields syscall_exit_epoll_pwait)" \
		"epfd=$ep maxevents=4 timeout=0 sigsetsize=8|ret=1 fds_length=1 overflow=0 fds=[$ev]"
	is polls "report prints them" "$("$FERRET" report "$W/polls.ctf" | grep -o 'sys_exit_epoll_wait: .*')" \
		"sys_exit_epoll_wait: ret=1 fds_length=1 overflow=0 fds={{data_union={u64=$(printf '0x%x' $((0x1234567800000000 | r))),fd=$r},raw_events=0x1,events={EPOLLIN=1,EPOLLPRI=0,EPOLLOUT=0,EPOLLERR=0,padding=0}}}"
	if "$FERRET" convert "$W/polls.ctf" -o "$W/polls.json" 2>"$W/polls.cerr"; then
		is polls "chrome: poll's slice with both sides' fds" "$($PY -c '
import json, sys
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e["ph"] == "X" and e["name"] == "poll":
        a = e["args"]
        print([(f["fd"], f["raw_events"]) for f in a["fds"]], [(f["fd"], f["raw_events"]) for f in a["fds (exit)"]], a["ret"])' "$W/polls.json")" \
			"[($r, '0x1'), ($w, '0x4'), ($w, '0x1')] [($r, '0x1'), ($w, '0x4')] 2"
	else
		bad polls "convert: $(head -2 "$W/polls.cerr")"
	fi
fi
rm -rf "$W/ls.ctf"
if rec ls -c "ls -l /etc/hostname"; then
	# statx's arguments are LTTng's inout: its exit has them again, the
	# path read at the exit too; chrome keys them "NAME (exit)".
	is ls "statx's exit repeats its arguments" \
		"$($PY "$here/ctfcheck.py" "$W/ls.ctf" fields syscall_exit_statx | grep -c '^ret=0 dfd=-100 filename=/etc/hostname flags=')" 1
	"$FERRET" convert "$W/ls.ctf" -o "$W/ls.json" 2>/dev/null
	is ls "chrome: both sides of an inout argument" "$($PY -c '
import json, sys
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e["ph"] == "X" and e["name"] == "statx":
        print(e["args"]["filename"], e["args"]["filename (exit)"])' "$W/ls.json")" "/etc/hostname /etc/hostname"
fi

echo "== clone's arguments and the kernel's names of calls, as LTTng's events"
# LTTng's default build records clone's flags, newsp, parent_tid and
# child_tid at entry, all in hex (no tls), and ret alone at exit; the
# parent's exit and the child's both.
if rec clone -c "$WL clone"; then
	listed clone
	read -r _ f0 a0 c0 < <(grep '^clone ' "$W/clone.out" | sed -n 1p)
	read -r _ f1 a1 c1 < <(grep '^clone ' "$W/clone.out" | sed -n 2p)
	is clone "entries: flags, newsp, parent_tid, child_tid" \
		"$($PY "$here/ctfcheck.py" "$W/clone.ctf" fields syscall_entry_clone | paste -sd '|')" \
		"flags=$((f0)) newsp=0 parent_tid=0 child_tid=$a0|flags=$((f1)) newsp=0 parent_tid=$a1 child_tid=0"
	is clone "exits: the children in the parent, 0 in them" \
		"$($PY "$here/ctfcheck.py" "$W/clone.ctf" fields syscall_exit_clone | sort | paste -sd '|')" \
		"$(printf 'ret=%s\n' 0 0 "$c0" "$c1" | sort | paste -sd '|')"
	is clone "babeltrace2 prints the flags in hex" \
		"$(grep -o 'syscall_entry_clone: .*' "$W/clone.txt" | grep -o 'flags = [^,]*' | paste -sd '|')" \
		"flags = $(printf '0x%X' "$f0")|flags = $(printf '0x%X' "$f1")"
	is clone "report: sys_enter_clone's hex" "$("$FERRET" report "$W/clone.ctf" |
		grep -o 'sys_enter_clone: flags=[^ ]*' | paste -sd '|')" \
		"sys_enter_clone: flags=$f0|sys_enter_clone: flags=$f1"
fi
# The kernel and LTTng name these calls apart from strace (and libc):
# stat is newstat, uname newuname, sendfile sendfile64, umount2 umount.
if rec renamed -c "$WL renamed"; then
	listed renamed
	read -r _ fd st un < <(grep '^renamed ' "$W/renamed.out")
	fields() { $PY "$here/ctfcheck.py" "$W/renamed.ctf" fields "$1" | paste -sd '|'; }
	is renamed "newstat" "$(fields syscall_entry_newstat)/$(fields syscall_exit_newstat)" \
		"filename=/dev/null/ret=0 statbuf=$st"
	is renamed "newlstat" "$(fields syscall_entry_newlstat)/$(fields syscall_exit_newlstat)" \
		"filename=/nonexistent/ferret/ret=-2 statbuf=$st"
	is renamed "newfstat" "$(fields syscall_entry_newfstat)/$(fields syscall_exit_newfstat)" \
		"fd=$fd/ret=0 statbuf=$st"
	is renamed "newuname" "$(fields syscall_entry_newuname)/$(fields syscall_exit_newuname)" \
		"/ret=0 name=$un"
	is renamed "sendfile64" "$(fields syscall_entry_sendfile64)/$(fields syscall_exit_sendfile64)" \
		"out_fd=-1 in_fd=-1 offset=0 count=1/ret=-9 offset=0"
	is renamed "umount" "$(fields syscall_entry_umount)/$(fields syscall_exit_umount)" \
		"name=/nonexistent/ferret flags=0/ret=-2"
	is renamed "no event by strace's names" "$(grep -cE '^syscall_(entry|exit)_(stat|lstat|fstat|uname|sendfile|umount2) ' "$W/renamed.counts")" 0
	# Each is a tracepoint of this kernel by that name, as ftrace prints it.
	for c in newstat newlstat newfstat newuname sendfile64 umount; do
		[ -d "/sys/kernel/tracing/events/syscalls/sys_enter_$c" ] || echo "$c"
	done >"$W/renamed.missing"
	is renamed "the names are the kernel's tracepoints'" "$(paste -sd ' ' "$W/renamed.missing")" ""
	is renamed "report: sys_enter_newfstat" "$("$FERRET" report "$W/renamed.ctf" |
		grep -o 'sys_enter_newfstat: .*')" "sys_enter_newfstat: fd=$fd"
fi

echo "== descendants: fork, exec, pipe"
# The command after the options (-c splits at spaces, as bpftrace's does).
if PERF=1 rec pipe -- /bin/sh -c "cat /etc/hostname | wc -c >/dev/null; $WL sleep 20"; then
	listed pipe
	for p in cat wc workload; do
		is pipe "exec of $p" "$($PY "$here/ctfcheck.py" "$W/pipe.ctf" fields sched_process_exec |
			grep -c "filename=[^ ]*/$p ")" 1
	done
	is pipe "forks of sh" "$($PY "$here/ctfcheck.py" "$W/pipe.ctf" fields sched_process_fork |
		grep -c '^parent_comm=sh ')" 3
	is pipe "cat's openat of /etc/hostname" \
		"$($PY "$here/ctfcheck.py" "$W/pipe.ctf" fields syscall_entry_openat |
		   grep -c 'filename=/etc/hostname ')" 1
	is pipe "exits" "$(count pipe sched_process_exit)" 4
	is pipe "pipe2 entries" "$(count pipe syscall_entry_pipe2)" 1
	pycheck pipe mono
	sh_tid=$($PY "$here/ctfcheck.py" "$W/pipe.ctf" fields sched_process_fork |
		 awk "NR == 1" | sed 's/.*parent_tid=\([0-9]*\).*/\1/')
	perfcheck pipe "$sh_tid"
fi

echo "== -p: a process already running"
# A second of 20 ms sleeps: perf record starts first (see rec), and the
# process must still be running when ferret attaches.
"$WL" ticks 50 &
pid=$!
if PERF=1 rec pid -p "$pid" -e sched -e syscalls; then
	is pid "exit of the process" "$($PY "$here/ctfcheck.py" "$W/pid.ctf" fields sched_process_exit |
		grep -c " tid=$pid ")" 1
	is pid "its nanosleeps recorded" "$([ "$(count pid syscall_entry_clock_nanosleep)" -ge 1 ] &&
		echo yes)" yes
	perfcheck pid "$pid"
	pycheck pid mono
fi
wait "$pid" 2>/dev/null

echo "== -p without the scheduler's events: each event names its thread"
"$WL" ticks 15 &
pid=$!
if rec pidtid -p "$pid" -e syscalls; then
	is pidtid "every nanosleep entry carries the tid context" \
		"$(grep -c "syscall_entry_clock_nanosleep: { cpu_id = [0-9]* }, { tid = $pid }" "$W/pidtid.txt" |
		   awk '{ print ($1 > 0) }')/$(grep -c 'syscall_entry_clock_nanosleep: { cpu_id = [0-9]* }, {' "$W/pidtid.txt" |
		   awk '{ print ($1 > 0) }')" "1/1"
	is pidtid "no event without a tid context" \
		"$(grep '^\[' "$W/pidtid.txt" | grep -vc '}, { tid = [0-9]* }')" 0
	"$FERRET" report "$W/pidtid.ctf" >"$W/pidtid.rep" 2>&1
	is pidtid "report names the thread (comm-tid)" \
		"$(grep -c "workload-$pid .*sys_enter_clock_nanosleep" "$W/pidtid.rep" | awk '{ print ($1 > 0) }')" 1
	"$FERRET" report --summary "$W/pidtid.ctf" >"$W/pidtid.sum" 2>&1
	is pidtid "summary: no times without sched_switch" \
		"$(grep -c '^no sched_switch events' "$W/pidtid.sum")/$(awk -v p="$pid" '$1 == p { print $4, $5, $6, $7 }' "$W/pidtid.sum")" \
		"1/- - - -"
fi
wait "$pid" 2>/dev/null
"$WL" ticks 15 &
pid=$!
"$WL" ticks 15 &
pid2=$!
if rec pidlist -p "$pid,$pid2" -e syscalls; then
	is pidlist "-p A,B records both" \
		"$(grep -c "syscall_entry_clock_nanosleep: { cpu_id = [0-9]* }, { tid = $pid }" "$W/pidlist.txt" |
		   awk '{ print ($1 > 0) }') $(grep -c "syscall_entry_clock_nanosleep: { cpu_id = [0-9]* }, { tid = $pid2 }" "$W/pidlist.txt" |
		   awk '{ print ($1 > 0) }')" "1 1"
fi
wait "$pid" "$pid2" 2>/dev/null
for bad in "1," ",1" "1,,2" "1,x"; do
	"$FERRET" record -p "$bad" -o "$W/bad.ctf" >/dev/null 2>"$W/badp.err"
	is badp "-p '$bad' refused" "$?:$(grep -c "^ferret record: -p: '$bad' is not a process id" "$W/badp.err")" "1:1"
done
"$WL" ticks 15 &
pid=$!
if rec pidctx -p "$pid" -e syscalls --context procname; then
	is pidctx "the tid context goes first, before those asked for" \
		"$(grep -m1 -o '}, { tid = [0-9]*, procname = "[^"]*" }' "$W/pidctx.txt" | sed 's/[0-9][0-9]*/N/; s/"[^"]*"/S/')" \
		'}, { tid = N, procname = S }'
fi
wait "$pid" 2>/dev/null

echo "== the whole system"
if rec all -a -d 1 -e sched -e irq; then
	listed all
	is all "switches recorded" "$([ "$(count all sched_switch)" -gt 10 ] && echo yes)" yes
	is all "softirqs recorded" "$([ "$(count all irq_softirq_entry)" -gt 0 ] && echo yes)" yes
	pycheck all chain "$quiet"
	pycheck all mono
	is all "no system calls without -e syscalls" "$(count all syscall_entry_read)" 0
fi
# A ring buffer per online CPU, -b's MiB shared among them (their count
# rounded up to a power of two), each CPU's events in its own stream.
ncpu=$(grep -c ^processor /proc/cpuinfo)
p2=1
while [ $p2 -lt "$ncpu" ]; do p2=$((p2 * 2)); done
rm -rf "$W/rings.ctf"
if "$FERRET" record -a -d 0.3 -v -b 2 -e sched -o "$W/rings.ctf" >/dev/null 2>"$W/rings.err"; then
	is rings "-v: a ring per CPU" "$(grep 'ring buffers' "$W/rings.err")" \
		"ferret record: $ncpu ring buffers of $((2048 / p2 < 64 ? 64 : 2048 / p2)) KiB, one per online CPU"
	is rings "switches of every online CPU" \
		"$(babeltrace2 "$W/rings.ctf" | sed -n 's/.* sched_switch: { cpu_id = \([0-9]*\) }.*/\1/p' |
		   sort -u | wc -l)" "$(grep -c ^processor /proc/cpuinfo)"
else
	bad rings "ferret record -a -v failed: $(head -3 "$W/rings.err")"
fi
if rec tp -c "$WL getppid 50" -e 'tracepoint:syscalls:sys_enter_getppid' \
	-e 'tracepoint:sched:sched_process_e*'; then
	is tp "a tracepoint's own fields" \
		"$($PY "$here/ctfcheck.py" "$W/tp.ctf" fields sys_enter_getppid | sort | uniq -c |
		   awk '{ $1 = $1; print }')" "50 __syscall_nr=110"
	is tp "sched tracepoints by LTTng's fields" \
		"$(count tp sched_process_exec) $(count tp sched_process_exit)" "1 1"
fi

if rec rawtp -c "$WL getppid 1000" -e rawtracepoint:sys_enter -e 'rt:vmlinux:sys_exi*' \
	-e rawtracepoint:sched_process_exec; then
	listed rawtp
	is rawtp "sys_enter of getppid (arg1 110)" \
		"$($PY "$here/ctfcheck.py" "$W/rawtp.ctf" fields rawtracepoint_sys_enter | grep -c ' arg1=110$')" 1000
	is rawtp "exits too" "$(($(count rawtp rawtracepoint_sys_exit) >= 1000))" 1
	# sched_process_exec(p, old_pid, bprm): a pointer, a signed pid_t, a pointer.
	is rawtp "arguments typed from BTF" \
		"$(sed -n 's/.* rawtracepoint_sched_process_exec: { cpu_id = [0-9]* }, //p' "$W/rawtp.txt" |
		   sed -E 's/0x[0-9A-F]+/PTR/g; s/= [0-9]+/= N/g')" "{ tid = N }, { arg0 = PTR, arg1 = N, arg2 = PTR }"
	pycheck rawtp mono
fi

echo "== user probes and samples"
[ -x "$BUILD/tests/usdt_fixture" ] || make -s "$BUILD/tests/usdt_fixture" BUILD="$BUILD" >/dev/null
WLR=$(readlink -f "$WL")
if rec up -c "$WLR calls 10" -e "uprobe:$WLR:ferret_a*" -e "uretprobe:$WLR:ferret_mul" \
	-e profile:997; then
	listed up
	is up "uprobe entries" "$(count up uprobe_ferret_add)" 10
	is up "uprobe arguments" "$($PY "$here/ctfcheck.py" "$W/up.ctf" fields uprobe_ferret_add |
		awk '{ print $1, $2 }' | paste -sd ' ')" \
		"$(for i in $(seq 0 9); do printf 'arg0=%d arg1=10 ' "$i"; done | sed 's/ $//')"
	is up "uretprobe return values" "$($PY "$here/ctfcheck.py" "$W/up.ctf" fields uretprobe_ferret_mul |
		paste -sd ' ')" "retval=0 retval=6 retval=12 retval=18 retval=24"
	pycheck up mono
fi
if [ -x "$BUILD/tests/usdt_fixture" ]; then
	FX=$(readlink -f "$BUILD/tests/usdt_fixture")
	if rec usdt -c "$FX" -e "usdt:$FX:fixture:*"; then
		is usdt "USDT probes of the provider" "$(grep -c '^usdt_fixture_' "$W/usdt.counts")" 9
		is usdt "a probe hit twice" "$(count usdt usdt_fixture_twice)" 2
		is usdt "another provider left out" "$(count usdt usdt_other_plain)" 0
	fi
else
	skipped usdt "no USDT fixture"
fi
if rec prof -a -d 1 -e profile:199; then
	is prof "samples of both CPUs' time" "$(($(count prof perf_cpu_clock) >= 100))" 1
	is prof "samples carry stacks" "$($PY "$here/ctfcheck.py" "$W/prof.ctf" fields perf_cpu_clock |
		grep -c 'kstack_length=[1-9]' | awk '{ print ($1 > 0) }')" 1
fi

echo "== --script: its printf lines as events"
cat >"$W/s.bt" <<'EOF'
tracepoint:syscalls:sys_enter_getppid /pid == cpid/ {
	@n++;
	if (@n % 100 == 0) { printf("getppid %d of %s\n", @n, comm); }
}
END { printf("done\n"); }
EOF
if rec script -c "$WL getppid 500" -e sched --script "$W/s.bt"; then
	is script "lines as ferret_printf events" \
		"$($PY "$here/ctfcheck.py" "$W/script.ctf" fields ferret_printf | paste -sd '|')" \
		"msg=getppid 100 of workload|msg=getppid 200 of workload|msg=getppid 300 of workload|msg=getppid 400 of workload|msg=getppid 500 of workload|msg=done"
	pycheck script mono
fi

echo "== --context: each event's thread, as LTTng's tid context"
# Two threads make their calls at the same time and print their ids:
# every event carries the thread that made it, as lttng add-context -k
# -t tid -t pid -t procname gives it, and with no scheduler events to go
# by, report and convert put each call on that thread.
cat >"$W/ctx.bt" <<'EOF'
tracepoint:syscalls:sys_enter_getuid /pid == cpid/ {
	@n++;
	if (@n % 100 == 0) { printf("getuid %d\n", @n); }
}
EOF
if rec ctx -c "$WL threads 500" -e syscalls --context tid --context pid,procname \
	--script "$W/ctx.bt"; then
	listed ctx
	read -r _ main < <(grep '^main ' "$W/ctx.out")
	read -r _ other < <(grep '^thread ' "$W/ctx.out")
	is ctx "two threads" "$([ -n "$main" ] && [ -n "$other" ] && [ "$main" != "$other" ] && echo yes)" yes
	is ctx "the stream's event.context, as LTTng declares it" \
		"$(sed -n '/^stream {/,/^};/p' "$W/ctx.ctf/metadata" | sed -n '/event.context/,/};/p' | paste -sd '|')" \
		"$(printf '\tevent.context := struct {|\t\tinteger { size = 32; align = 8; signed = 1; encoding = none; base = 10; } _tid;|\t\tinteger { size = 32; align = 8; signed = 1; encoding = none; base = 10; } _pid;|\t\tinteger { size = 8; align = 8; signed = 1; encoding = UTF8; base = 10; } _procname[16];|\t};')"
	# babeltrace2's text: each event's context after its packet context.
	for ev in syscall_entry_getppid syscall_exit_getppid syscall_entry_getuid syscall_exit_getuid; do
		case $ev in *getppid) t=$main ;; *) t=$other ;; esac
		is ctx "babeltrace2: every $ev in its thread" \
			"$(grep -c " $ev: { cpu_id = [0-9]* }, { tid = $t, pid = $main, procname = \"workload\" }, " "$W/ctx.txt")/$(grep -c " $ev: " "$W/ctx.txt")" \
			"500/500"
	done
	is ctx "babeltrace2: --script's lines in the thread that printed them" \
		"$(grep -c " ferret_printf: { cpu_id = [0-9]* }, { tid = $other, pid = $main, procname = \"workload\" }, { msg = \"getuid [1-5]00\" }" "$W/ctx.txt")" 5
	is ctx "babeltrace2 and its Python bindings agree" \
		"$($PY "$here/ctfcheck.py" "$W/ctx.ctf" context syscall_entry_getppid syscall_entry_getuid |
		   sort | uniq -c | awk '{ $1 = $1; print }' | paste -sd '|')" \
		"500 syscall_entry_getppid tid=$main pid=$main procname=workload|500 syscall_entry_getuid tid=$other pid=$main procname=workload"
	# The statedump is written by ferret's own thread, as LTTng's by its.
	is ctx "the statedump in ferret's thread" \
		"$(grep -c " lttng_statedump_start: { cpu_id = 0 }, { tid = [0-9]*, pid = [0-9]*, procname = \"ferret\" }" "$W/ctx.txt")" 1
	"$FERRET" report "$W/ctx.ctf" >"$W/ctx.rep" 2>&1
	is ctx "report: getppid's lines in the main thread, getuid's in the other" \
		"$(grep -c "^ *workload-$main .* sys_enter_getppid:" "$W/ctx.rep") $(grep -c "^ *workload-$main .* sys_exit_getppid: ret=" "$W/ctx.rep") $(grep -c "^ *workload-$other .* sys_enter_getuid:" "$W/ctx.rep") $(grep -c "^ *workload-$other .* sys_exit_getuid: ret=" "$W/ctx.rep")" \
		"500 500 500 500"
	is ctx "report: as many lines as babeltrace2's events" \
		"$(grep -c ': sys_e' "$W/ctx.rep")" \
		"$(grep -c ' syscall_e' "$W/ctx.txt")"
	is ctx "report --summary: the threads, their process and calls" \
		"$("$FERRET" report --summary "$W/ctx.ctf" | awk -v a="$main" -v b="$other" \
			'$1 == a || $1 == b { print $1, $2, $3, ($8 >= 500) }' | sort | paste -sd '|')" \
		"$(printf '%s\n' "$main $main workload 1" "$other $main workload 1" | sort | paste -sd '|')"
	if "$FERRET" convert "$W/ctx.ctf" -f chrome -o "$W/ctx.json" 2>"$W/ctx.cerr"; then
		is ctx "chrome: each call on its thread, in its process" "$($PY -c '
import json, sys
n = {}
for e in json.load(open(sys.argv[1]))["traceEvents"]:
    if e["ph"] == "X" and e["name"] in ("getppid", "getuid"):
        k = (e["name"], e["pid"], e["tid"])
        n[k] = n.get(k, 0) + 1
print("|".join("%d %s %d %d" % ((v,) + k) for k, v in sorted(n.items())))' "$W/ctx.json")" \
			"500 getppid $main $main|500 getuid $main $other"
	else
		bad ctx "convert: $(head -2 "$W/ctx.cerr")"
	fi
	if "$FERRET" timeline "$W/ctx.ctf" -o "$W/ctx.html" 2>"$W/ctx.terr"; then
		is ctx "timeline: a lane for each thread, in its process" \
			"$(grep -o "\[$main,$main,\"workload\"\]\|\[$other,$main,\"workload\"\]" "$W/ctx.html" | sort -u | wc -l)" 2
	else
		bad ctx "timeline: $(head -2 "$W/ctx.terr")"
	fi
fi
echo "== --context: LTTng's other kernel contexts"
# Every other context lttng add-context -k offers that BPF can read,
# checked against the truth: the command runs at nice 5 as uid/gid
# 65534, so prio is 25 and every id 65534; getppid's result is ppid;
# the namespaces are this shell's (stat of /proc/self/ns/*); cpu_id is
# the packet's; the stacks hold kernel and user addresses.
OTHER=prio,nice,ppid,vpid,vtid,vppid,cpu_id,hostname,uid,euid,suid,gid,egid,sgid,vuid,veuid,vsuid,vgid,vegid,vsgid,pid_ns,mnt_ns,net_ns,user_ns,uts_ns,ipc_ns,cgroup_ns,time_ns,need_reschedule,callstack-kernel,callstack-user
ns_of() { stat -L -c %i "/proc/self/ns/$1"; }
if rec ctx2 -c "nice -n 5 setpriv --reuid=65534 --regid=65534 --clear-groups $WL getppid 300" \
	-e syscalls --context "tid,$OTHER"; then
	listed ctx2
	i32="integer { size = 32; align = 8; signed = 1; encoding = none; base = 10; }"
	u32="integer { size = 32; align = 8; signed = 0; encoding = none; base = 10; }"
	want="$(printf '\tevent.context := struct {\n'
		for f in tid prio nice ppid vpid vtid vppid cpu_id; do printf '\t\t%s _%s;\n' "$i32" $f; done
		printf '\t\tinteger { size = 8; align = 8; signed = 1; encoding = UTF8; base = 10; } _hostname[65];\n'
		for f in uid euid suid gid egid sgid vuid veuid vsuid vgid vegid vsgid pid_ns mnt_ns net_ns user_ns uts_ns ipc_ns cgroup_ns time_ns; do
			printf '\t\t%s _%s;\n' "$u32" $f
		done
		printf '\t\tinteger { size = 8; align = 8; signed = 0; encoding = none; base = 10; } _need_reschedule;\n'
		for k in kernel user; do
			printf '\t\t%s __callstack_%s_length;\n' "$u32" $k
			printf '\t\tinteger { size = 64; align = 8; signed = 0; encoding = none; base = 16; } _callstack_%s[ __callstack_%s_length ];\n' $k $k
		done
		printf '\t};')"
	is ctx2 "the stream's event.context, as LTTng declares each context" \
		"$(sed -n '/^stream {/,/^};/p' "$W/ctx2.ctf/metadata" | sed -n '/event.context/,/};/p')" "$want"
	ids="uid = 65534, euid = 65534, suid = 65534, gid = 65534, egid = 65534, sgid = 65534, vuid = 65534, veuid = 65534, vsuid = 65534, vgid = 65534, vegid = 65534, vsgid = 65534"
	nss="pid_ns = $(ns_of pid), mnt_ns = $(ns_of mnt), net_ns = $(ns_of net), user_ns = $(ns_of user), uts_ns = $(ns_of uts), ipc_ns = $(ns_of ipc), cgroup_ns = $(ns_of cgroup), time_ns = $(ns_of time)"
	is ctx2 "babeltrace2: prio, nice, the ids, hostname, namespaces and stacks of every getppid" \
		"$(grep -c " syscall_entry_getppid: { cpu_id = [0-9]* }, { tid = [0-9]*, prio = 25, nice = 5, ppid = [0-9]*, vpid = [0-9]*, vtid = [0-9]*, vppid = [0-9]*, cpu_id = [0-9]*, hostname = \"$(hostname)\", $ids, $nss, need_reschedule = [01], _callstack_kernel_length = [1-9][0-9]*, callstack_kernel = \[ \[0\] = 0xFFFF[0-9A-F]*, .*_callstack_user_length = [1-9][0-9]*, callstack_user = \[ \[0\] = 0x[0-7]\?[0-9A-F]\{1,11\}[], ]" "$W/ctx2.txt")" 300
	is ctx2 "babeltrace2 and its Python bindings agree" \
		"$($PY "$here/ctfcheck.py" "$W/ctx2.ctf" context syscall_entry_getppid |
		   sed 's/ _callstack_kernel.*//; s/[a-z_]*=//g; s/^[a-z_]* //' | sort -u)" \
		"$(grep ' syscall_entry_getppid: ' "$W/ctx2.txt" |
		   sed 's/.*{ cpu_id = [0-9]* }, { \(.*\), _callstack_kernel.*/\1/; s/[a-z_]* = //g; s/, / /g; s/"//g' | sort -u)"
	is ctx2 "ppid and vppid are getppid's result, vpid and vtid the thread's, cpu_id the packet's" "$($PY -c '
import bt2, sys
bad = n = 0
for m in bt2.TraceCollectionMessageIterator(sys.argv[1]):
    if type(m) is not bt2._EventMessageConst or m.event.name != "syscall_exit_getppid":
        continue
    c, p = m.event.common_context_field, m.event.payload_field
    n += 1
    if (int(c["ppid"]), int(c["vppid"]), int(c["vpid"]), int(c["vtid"]), int(c["cpu_id"])) != \
       (int(p["ret"]), int(p["ret"]), int(c["tid"]), int(c["tid"]), int(m.event.packet.context_field["cpu_id"])):
        bad += 1
print(n, bad)' "$W/ctx2.ctf")" "300 0"
	"$FERRET" report "$W/ctx2.ctf" >"$W/ctx2.rep" 2>&1
	is ctx2 "report reads the trace" "$(grep -c ' sys_enter_getppid:' "$W/ctx2.rep")" 300
	"$FERRET" convert "$W/ctx2.ctf" -f chrome -o "$W/ctx2.json" 2>"$W/ctx2.cerr"
	is ctx2 "convert reads the trace" "$(grep -o '"name": *"getppid"' "$W/ctx2.json" | wc -l)" 300
	"$FERRET" timeline "$W/ctx2.ctf" -o "$W/ctx2.html" 2>"$W/ctx2.terr"
	is ctx2 "timeline reads the trace" "$([ -s "$W/ctx2.html" ] && echo yes)" yes
fi
# In namespaces of its own (pid, UTS, user; a process stays in the
# user namespace while its events are written, for ferret to read its
# map): the v ids are the command's view (its pid as its shell saw it, the ids its user
# namespace maps root to), hostname its UTS namespace's name, set after
# the namespace was made, and the namespaces' inode numbers are those
# /proc shows inside.
cat >"$W/ns.sh" <<EOF
hostname ferret-uts
stat -L -c %i /proc/self/ns/pid /proc/self/ns/uts | paste -sd' ' >"$W/ns.ids"
unshare -U --map-user=1000 --map-group=1000 sh -c "sleep 3 & exec $WL getppid 100" &
echo \$! >"$W/ns.pid"
wait
sleep 1
EOF
if rec ctx3 -c "unshare -p -f -u sh $W/ns.sh" -e syscalls \
	--context vpid,vtid,vppid,ppid,hostname,uid,vuid,vgid,pid_ns,uts_ns; then
	read -r pns uns <"$W/ns.ids"
	read -r vp <"$W/ns.pid"
	is ctx3 "babeltrace2: the command's own view" \
		"$(grep " syscall_exit_getppid: .* vpid = $vp, " "$W/ctx3.txt" |
		   sed 's/.*}, { tid = [0-9]*, \(vpid.*\) }, { ret = \([0-9-]*\) }/\1 ret=\2/; s/ ppid = [0-9]*,/ ppid = P,/' |
		   sort -u)" \
		"vpid = $vp, vtid = $vp, vppid = 1, ppid = P, hostname = \"ferret-uts\", uid = 0, vuid = 1000, vgid = 1000, pid_ns = $pns, uts_ns = $uns ret=1"
fi
# Without --context, the program and the trace stay as they were.
is ctx "no context by default: the trace" "$(grep -c 'event.context' "$W/getppid.ctf/metadata")" 0
is ctx "no context by default: the program" \
	"$("$FERRET" record --dump-program -c true | grep -c -e '<<' -e 'comm)')" 0
is ctx "--context: the ids in the CPU value, procname at the end" \
	"$("$FERRET" record --dump-program --context tid,pid,procname -c true -e syscalls |
	   grep -c 'printf("K[0-9]* %d %d.* %s", nsecs, ((uint64)cpu | (uint64)tid << 16 | (uint64)pid << 40), .*, comm);')" \
	"$("$FERRET" record --dump-program -c true -e syscalls | grep -c 'printf("K')"

echo "== the metadata"
if [ -f "$W/getppid.ctf/metadata" ]; then
	m=$W/getppid.ctf/metadata
	is metadata "first line" "$(head -1 "$m")" "/* CTF 1.8 */"
	is metadata "kernel domain for Trace Compass" \
		"$(grep -c -e 'domain = "kernel";' -e 'tracer_name = "lttng-modules";' "$m")" 2
	is metadata "writer named" "$(grep -c 'writer = "ferret ' "$m")" 1
	is metadata "a stream per CPU at most" \
		"$([ "$(ls "$W/getppid.ctf" | grep -c '^channel0_')" -le "$(nproc --all)" ] && echo yes)" yes
fi

echo "== endings: -d, Ctrl-C, lost events"
rm -rf "$W/int.ctf"
"$FERRET" record -q -a -e sched -o "$W/int.ctf" 2>"$W/int.err" &
fp=$!
# The trace directory is made before the probes attach: wait for the
# program to run, then some more.
for _ in $(seq 100); do
	[ -f "$W/int.ctf/metadata" ] && break
	sleep 0.1
done
sleep 1
kill -INT "$fp"
wait "$fp"
rc=$?
is int "Ctrl-C: exit status" "$rc" 0
if babeltrace2 "$W/int.ctf" >"$W/int.txt" 2>"$W/int.bterr"; then
	is int "Ctrl-C leaves a trace with switches" "$([ "$(grep -c sched_switch "$W/int.txt")" -gt 0 ] &&
		echo yes)" yes
else
	bad int "babeltrace2 cannot read the trace left by Ctrl-C: $(head -2 "$W/int.bterr")"
fi
# A reader stopped for a while: the 1 MiB buffer fills and records are
# lost, which the end reports and the trace counts.
rm -rf "$W/lost.ctf"
"$FERRET" record -b 1 -o "$W/lost.ctf" -c "$WL getppid 3000000" -e syscalls \
	>/dev/null 2>"$W/lost.err" &
fp=$!
for _ in $(seq 100); do
	[ -f "$W/lost.ctf/metadata" ] && break
	sleep 0.1
done
sleep 0.5
kill -STOP "$fp"
sleep 0.5
kill -CONT "$fp"
wait "$fp"
said=$(sed -n 's/^ferret record: \([0-9]*\) events lost.*/\1/p' "$W/lost.err")
if [ -z "$said" ]; then
	skipped lost "no event was lost with a 1 MiB buffer and the reader stopped"
else
	is lost "the lost events as the trace's discarded count" \
		"$($PY "$here/ctfcheck.py" "$W/lost.ctf" lost)" "$said"
	$PY "$here/ctfcheck.py" "$W/lost.ctf" counts >"$W/lost.counts"
	is lost "entries, exits and lost add up" \
		"$(($(count lost syscall_entry_getppid) + $(count lost syscall_exit_getppid) + said >= 6000000))" 1
	is lost "babeltrace2 says so" "$(babeltrace2 "$W/lost.ctf" 2>&1 >/dev/null |
		grep -c 'WARNING: Tracer discarded' | awk '{ print ($1 >= 1) }')" 1
fi

echo "== errors"
# fails NAME FIRST_STDERR_LINE ARGS...: exit status 1 with that message,
# under each build.
fails() {
	local name=$1 want=$2 b got
	shift 2
	for b in "$BUILD" ${ASAN:+"$ASAN"}; do
		ASAN_OPTIONS=detect_leaks=1 timeout 30 "$b/ferret" record "$@" >"$W/e.out" 2>"$W/e.err"
		got=$?
		if [ "$got" != 1 ]; then
			bad "$name" "$b: exit status $got, not 1: $(head -3 "$W/e.err")"
			return
		fi
		if [ "$(head -1 "$W/e.err")" != "$want" ]; then
			bad "$name" "$b: said '$(head -1 "$W/e.err")', not '$want'"
			return
		fi
		if grep -q Sanitizer "$W/e.err"; then
			bad "$name" "$b: $(grep -m1 Sanitizer "$W/e.err")"
			return
		fi
	done
	ok "$name"
}
fails bad-set "ferret record: unknown event set 'bogus' (sched, syscalls, irq, tracepoint:CATEGORY:EVENT, rawtracepoint:EVENT, kprobe:, kretprobe:, fentry:, fexit:, uprobe:, uretprobe:, usdt:, profile:HZ)" \
	-a -e bogus
fails bad-tracepoint "ferret record: 'tracepoint:nosuch:event' matches no tracepoint" \
	-a -e tracepoint:nosuch:event
fails bad-rawtp "ferret record: 'rawtracepoint:ferret_nosuch': raw tracepoint 'ferret_nosuch' not found (no btf_trace_ferret_nosuch in kernel BTF)" \
	-a -e rawtracepoint:ferret_nosuch
fails rawtp-module "ferret record: 'rawtracepoint:nf_tables:nft_trace': raw tracepoints of module 'nf_tables' are not supported yet; only vmlinux" \
	-a -e rawtracepoint:nf_tables:nft_trace
fails unwritable "ferret record: cannot make the trace directory '/proc/ferret.ctf': No such file or directory" \
	-a -o /proc/ferret.ctf
touch "$W/file"
fails not-a-dir "ferret record: cannot make the trace directory '$W/file': Not a directory" \
	-a -o "$W/file"
fails no-command "ferret record: cannot run 'ferret-no-such-command': No such file or directory" \
	-o "$W/x.ctf" -c ferret-no-such-command
fails no-scope "ferret record: nothing to record: give a command (-c CMD), processes (-p PID) or the whole system (-a)"
fails bad-duration "ferret record: -d: 'soon' is not a number of seconds" -a -d soon
fails a-and-c "ferret record: -a records the whole system: not with -c or -p" -a -c true
fails perf-context "ferret record: --context: 'perf:cpu:cycles': LTTng's perf counter contexts are not supported yet" \
	-a --context tid,perf:cpu:cycles
fails bad-context "ferret record: --context: unknown context type 'cycles' (tid, pid, procname, prio, nice, ppid, vpid, vtid, vppid, cpu_id, hostname, uid, euid, suid, gid, egid, sgid, vuid, veuid, vsuid, vgid, vegid, vsgid, pid_ns, mnt_ns, net_ns, user_ns, uts_ns, ipc_ns, cgroup_ns, time_ns, callstack-kernel, callstack-user, need_reschedule)" \
	-a --context tid,cycles
fails interruptible "ferret record: --context: interruptible is not supported: LTTng takes it from the interrupt flag at the traced instruction, which a BPF program cannot read" \
	-a --context interruptible
fails preemptible "ferret record: --context: preemptible is not supported: it needs the CPU's preempt count at the traced instruction, which a BPF program cannot read (and LTTng offers it only on CONFIG_PREEMPT kernels)" \
	-a --context tid,preemptible
fails migratable "ferret record: --context: migratable is not supported: LTTng offers it only on PREEMPT_RT_FULL kernels (the -rt patch set), from a task field mainline kernels do not have" \
	-a --context migratable
fails twice-context "ferret record: --context: tid given twice" -a --context tid --context tid
printf 'BEGIN { printf("x\\n") }\nkprobe:f { printf("%%d\\n", arg0 }\n' >"$W/bad.bt"
fails script-error "$W/bad.bt:2:32: error: syntax error: unexpected '}', expecting ',' or ')'" \
	-a -o "$W/x.ctf" --script "$W/bad.bt"
fails script-missing "ferret record: --script: cannot read '$W/none.bt': No such file or directory" \
	-a -o "$W/x.ctf" --script "$W/none.bt"
fails bad-fentry "ferret record: 'fentry:ferret_no_such_function': kernel function 'ferret_no_such_function' not found in the kernel's BTF" \
	-a -o "$W/x.ctf" -e fentry:ferret_no_such_function
# Kernel functions: where this kernel refuses kprobes or trampolines
# (this host: no kprobes, lockdown), record says so as the language
# does, located at its program's probe; tests/vm records them.
for spec in kprobe:vfs_read kretprobe:vfs_read fentry:vfs_read fexit:vfs_read; do
	why=$("$FERRET" -e "$spec { exit(); }" 2>&1 >/dev/null | sed -n 's/^-e:[0-9]*:[0-9]*: error: //p' | head -1)
	if [ -z "$why" ]; then
		skipped "refused-$spec" "this kernel runs $spec (tests/vm records it)"
		continue
	fi
	fails "refused-$spec" "ferret-record:2:1: error: $why" -a -o "$W/x.ctf" -e "$spec"
done
# The function graph: -G without -g; the program it records with (a
# kprobe and a kretprobe block over the same functions); and where this
# kernel has no kprobes, one error naming why, fentry's refusal too.
fails graph-no-root "ferret record: -G names functions under a -g FUNC: give one" \
	-a -o "$W/x.ctf" -G 'vfs_*'
if "$FERRET" record --dump-program -a -g vfs_read -G 'rw_*' -G security_file_permission \
	>"$W/g.prog" 2>"$W/g.err" &&
	grep -qx 'kprobe:vfs_read, kprobe:rw_\*, kprobe:security_file_permission /pid != [0-9]*/ {' "$W/g.prog" &&
	grep -qx 'kretprobe:vfs_read, kretprobe:rw_\*, kretprobe:security_file_permission /pid != [0-9]*/ {' "$W/g.prog" &&
	grep -q '@fgdepth\[tid\]' "$W/g.prog" && grep -q '^rawtracepoint:sched_switch ' "$W/g.prog"; then
	ok "graph-program"
else
	bad "graph-program" "$(head -3 "$W/g.err") $(grep -m2 probe "$W/g.prog")"
fi
# --graph-probes=fentry: fentry and fexit blocks over the same functions.
if "$FERRET" record --dump-program -a --graph-probes=fentry -g vfs_read -G 'rw_*' \
	>"$W/gf.prog" 2>"$W/gf.err" &&
	grep -qx 'fentry:vfs_read, fentry:rw_\* /pid != [0-9]*/ {' "$W/gf.prog" &&
	grep -qx 'fexit:vfs_read, fexit:rw_\* /pid != [0-9]*/ {' "$W/gf.prog" &&
	! grep -q kprobe "$W/gf.prog"; then
	ok "graph-program-fentry"
else
	bad "graph-program-fentry" "$(head -3 "$W/gf.err") $(grep -m2 -e fentry -e fexit "$W/gf.prog")"
fi
fails graph-probes-bad "ferret record: --graph-probes: 'uprobe' is not kprobe or fentry" \
	-a -o "$W/x.ctf" --graph-probes=uprobe -g vfs_read
fails graph-probes-no-root "ferret record: --graph-probes is for a -g FUNC: give one" \
	-a -o "$W/x.ctf" --graph-probes=kprobe
kwhy=$("$FERRET" -e 'kprobe:vfs_read { exit(); }' 2>&1 >/dev/null | sed -n 's/^-e:[0-9]*:[0-9]*: error: //p' | head -1)
fwhy=$("$FERRET" -e 'fentry:vfs_read { exit(); }' 2>&1 >/dev/null | sed -n 's/^-e:[0-9]*:[0-9]*: error: //p' | head -1)
if [ -z "$kwhy" ]; then
	skipped "graph-refused" "this kernel has kprobes (tests/vm records a graph)"
else
	fails graph-refused "ferret record: -g vfs_read: the function graph needs kprobes: $kwhy${fwhy:+ (and $fwhy)}" \
		-a -o "$W/x.ctf" -g vfs_read -G 'rw_*'
fi
if [ -z "$fwhy" ]; then
	skipped "graph-refused-fentry" "this kernel runs fentry (tests/vm records a graph with it)"
else
	fails graph-refused-fentry "ferret record: -g vfs_read: --graph-probes=fentry: $fwhy" \
		-a -o "$W/x.ctf" --graph-probes=fentry -g vfs_read
fi
if [ -n "$ASAN" ]; then
	rm -rf "$W/asan.ctf"
	if ASAN_OPTIONS=detect_leaks=1 timeout 120 "$ASAN/ferret" record -q -o "$W/asan.ctf" \
		-c "$WL open 20" -e sched -e syscalls >/dev/null 2>"$W/asan.err" &&
	   ! grep -q Sanitizer "$W/asan.err" && babeltrace2 "$W/asan.ctf" >/dev/null 2>&1; then
		ok "asan: a recording under ASan/UBSan"
	else
		bad "asan: a recording under ASan/UBSan" "$(grep -m1 -e Sanitizer -e ferret "$W/asan.err")"
	fi
fi

summary record
