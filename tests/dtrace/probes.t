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

# Functions are named as the kernel's syscall events name them (uname(2)
# is newuname there): every name printed must be an event in tracefs.
want=$(ls -d /sys/kernel/tracing/events/syscalls/sys_enter_* | wc -l)
printf 'uname -s >/dev/null\n' >"$W/uname.sh"
timeout 30 "$FERRET" dtrace -q -c "/bin/sh $W/uname.sh" \
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
