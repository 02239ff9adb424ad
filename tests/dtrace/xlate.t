# Translators and xlate: a member of a translated struct is its
# translator's expression with the input bound to xlate's operand; the
# library's psinfo_t and lwpsinfo_t give curpsinfo and curlwpsinfo.

cat >"$W/xlate.d" <<'EOF'
#pragma D option quiet

struct ts {
	long sec;
	long nsec;
};

typedef struct duration {
	long ms;
	int whole_seconds;
	char unit;
} duration_t;

translator duration_t < struct ts *T > {
	ms = T->sec * 1000 + T->nsec / 1000000;
	whole_seconds = T->nsec == 0;
	unit = 'm';
};

inline duration_t *asked = xlate <duration_t *> ((struct ts *)arg2);

syscall::clock_nanosleep:entry
/pid == $target/
{
	printf("%d %d %c\n", xlate <duration_t *> ((struct ts *)arg2)->ms,
	    asked->whole_seconds, asked->unit);
}
EOF
same user_translator 0 "1250 0 m

" -- -s "$W/xlate.d" -c "sleep 1.25"

# The current process and thread, as the builtin variables see them.
same curpsinfo 0 "1 1 1 1 1 1 2
1 1 1 R 2

" -- -q -n 'BEGIN {
	printf("%d %d %d %d %d %d %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid, curpsinfo->pr_fname == execname,
	    curpsinfo->pr_nlwp, curpsinfo->pr_dmodel);
	printf("%d %d %d %c %d\n", curlwpsinfo->pr_lwpid == tid,
	    curlwpsinfo->pr_onpro == cpu, curlwpsinfo->pr_name == execname,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_state);
	exit(0); }'

# In a traced command: its pid and parent, and a member through a pointer
# the translator gives (the thread's own task).
same curpsinfo_target 0 "1 1 1

" -- -q -c "sleep 0.1" -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	printf("%d %d %d\n", curpsinfo->pr_pid == $target, curpsinfo->pr_ppid == $pid,
	    ((struct task_struct *)curpsinfo->pr_addr)->tgid == $target); }'

# pr_argc, pr_start and pr_time.  The workload, run as "start.py a b"
# (4 arguments), sleeps 300 ms, then a second thread and then the main
# one call getppid().  pr_argc is 4; psinfo's pr_start (the process's
# wall-clock start) lies between the shell's clock before and after the
# run, at least 300 ms before walltimestamp; lwpsinfo's pr_start is the
# process's in the main thread, at least 300 ms later in the second;
# lwpsinfo's pr_time (the thread's accounted CPU time) is at most
# vtimestamp, and within 5 ms of it.
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
cat >"$W/start.py" <<'EOF2'
import os, threading, time
time.sleep(0.3)
t = threading.Thread(target=os.getppid)
t.start()
t.join()
os.getppid()
EOF2
before=$(date +%s)
timeout 30 "$FERRET" dtrace -q -c "$PY $W/start.py a b" -n '
	syscall::getppid:entry /pid == $target/ {
		printf("%d %d %d %d %d %d\n", tid == pid, curpsinfo->pr_argc, curpsinfo->pr_start.tv_sec,
		    walltimestamp - (curpsinfo->pr_start.tv_sec * 1000000000 + curpsinfo->pr_start.tv_nsec),
		    (curlwpsinfo->pr_start.tv_sec - curpsinfo->pr_start.tv_sec) * 1000000000 +
		    curlwpsinfo->pr_start.tv_nsec - curpsinfo->pr_start.tv_nsec,
		    vtimestamp - (curlwpsinfo->pr_time.tv_sec * 1000000000 + curlwpsinfo->pr_time.tv_nsec)); }' \
	>"$W/out" 2>"$W/err"
after=$(date +%s)
if awk -v before="$before" -v after="$after" 'NF == 6 { l[n + 0] = $0; n++ }
	END {
		if (n < 2) exit 1
		split(l[n - 2], t); split(l[n - 1], m)
		exit !(t[1] == 0 && m[1] == 1 && t[2] == 4 && m[2] == 4 &&
		       m[3] >= before && m[3] <= after && t[3] == m[3] &&
		       m[4] >= 300000000 && m[4] < 10000000000 &&
		       m[5] == 0 && t[5] >= 300000000 && t[5] < m[4] &&
		       m[6] >= 0 && m[6] < 5000000 && t[6] >= 0 && t[6] < 5000000)
	}' "$W/out"; then
	ok psinfo_start_argc_time
else
	bad psinfo_start_argc_time "clock $before..$after; $(tr '\n' '|' <"$W/out") $(head -2 "$W/err")"
fi
else
	echo "skip psinfo_start_argc_time: no python3"
	skip=$((skip + 1))
fi

# pr_argc is read from the current address space: 0 for another's.
same argc_other 0 "0

" -- -q -c "sleep 0.1" -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	printf("%d\n", xlate <psinfo_t *> (curthread->real_parent)->pr_argc); }'

derr() {
	printf '%s\n' "$3" >"$W/e.d"
	err "$1" 1 "dtrace: failed to compile script $W/e.d: $2" -- -s "$W/e.d"
}
derr output_not_sou "[D_XLATE_SOU] line 1: translator output type must be a struct or union" \
	"translator int < int I > { };"
derr output_undefined "[D_XLATE_SOU] line 1: incomplete struct/union/enum struct nowhere" \
	"translator struct nowhere < int I > { x = I; };"
derr member_not_in_output "[D_XLATE_MEMB] line 3: translator member y is not a member of struct out" \
	"struct out { int x; };
translator struct out < int I > {
	y = I;
};"
derr redeclared "[D_XLATE_REDECL] line 3: translator from int32 to struct out has already been declared" \
	"struct out { int x; };
translator struct out < int I > { x = I; };
translator struct out < int J > { x = J + 1; };"
derr no_conversion "[D_XLATE_NOCONV] line 1: translator does not define conversion for member: pr_time.tv_sec" \
	"BEGIN { trace(curpsinfo->pr_time.tv_sec); }"
derr struct_member_whole "line 1: a struct member of a translated struct is not supported yet as a value: use one of its members (pr_start.tv_sec)" \
	"BEGIN { trace(curpsinfo->pr_start); }"
derr no_translator "[D_XLATE_NONE] line 2: cannot translate to \"struct out\": no translator to it is defined" \
	"struct out { int x; };
BEGIN { trace(xlate <struct out *>(curthread)->x); }"
derr wrong_operator "[D_OP_SOU] line 1: operator . cannot be applied to type \"psinfo_t *\"; must be applied to a struct or union" \
	"BEGIN { trace(xlate <psinfo_t *>(curthread).pr_pid); }"
derr whole_struct "line 1: a translated struct is not supported yet as a value: use one of its members (xlate <T *>(e)->member)" \
	"BEGIN { trace(curpsinfo); }"
