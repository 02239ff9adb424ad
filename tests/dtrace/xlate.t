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

# pr_argv and pr_envp: the vectors exec left above argc, read through
# copyin() as user memory; envp is past argv's NULL, so 0 where argc is
# not known (another address space), where argv still is.
cat >"$W/argv.d" <<'EOF'
#pragma D option quiet
syscall::clock_nanosleep:entry /pid == $target/ {
	this->v = (uint64_t *)copyin(curpsinfo->pr_argv, 3 * sizeof(uint64_t));
	this->e = (uint64_t *)copyin(curpsinfo->pr_envp, 2 * sizeof(uint64_t));
	printf("%d %s %s %d\n", curpsinfo->pr_argc, copyinstr(this->v[0]),
	    copyinstr(this->v[1]), this->v[2]);
	printf("%s %d\n", copyinstr(this->e[0]), this->e[1]);
	this->p = xlate <psinfo_t *> (curthread->real_parent);
	printf("%d %d\n", this->p->pr_argv != 0, this->p->pr_envp);
}
EOF
same argv_envp 0 "2 sleep 0.1 0
FERRET_X=1 0
1 0

" -- -s "$W/argv.d" -c "env -i FERRET_X=1 sleep 0.1"

# A struct, union or enum definition declares variables of its type, as
# C's does; translators take any input type (a pointer to a union, an
# integer) and give a union as well as a struct.
cat >"$W/decl.d" <<'EOF'
#pragma D option quiet

struct pair {
	int lo;
	int hi;
} *pp, *pq;

union word {
	int w;
	char b;
};

enum side { LEFT, RIGHT } sv;

translator union word < int V > {
	w = V * 2;
};

translator struct pair < union word *W > {
	lo = W->b;
	hi = W->w >> 8;
};

BEGIN
{
	pp = (struct pair *)alloca(sizeof (struct pair));
	pp->lo = 0x1203;
	pq = pp;
	sv = RIGHT;
	printf("%d %d %d %d %d\n", xlate <union word> (21).w,
	    xlate <struct pair *> ((union word *)pp)->lo,
	    xlate <struct pair *> ((union word *)pp)->hi, pq->lo, sv);
	exit(0);
}
EOF
same definition_declarators 0 "42 3 18 4611 1

" -- -s "$W/decl.d"

# A translated struct as a value: built member by member, zeros where
# the translator defines none, and stored whole in a global or a
# clause-local variable, whose members then read as the translator's;
# a translated struct's pointer (curcpu, xlate <T *>(e)) kept in a
# variable or cast points to the struct built in the clause.
cat >"$W/xval.d" <<'EOF'
#pragma D option quiet

struct three {
	int a;
	char b;
	int c;
};

translator struct three < int I > {
	a = I;
	c = I * 2;
};

cpuinfo_t *ci;

BEGIN
{
	ps = *curpsinfo;
}

BEGIN
{
	printf("%d %d\n", ps.pr_pid == pid, ps.pr_ppid == ppid);
}

BEGIN
{
	v = xlate <struct three> (0x1234);
	this->t = xlate <struct three> (7);
	this->lw = *curlwpsinfo;
	ci = curcpu;
	printf("%x %d %x %d %d %d\n", v.a, v.b, v.c, this->t.a, this->t.b,
	    this->t.c);
	printf("%d %d\n", this->lw.pr_lwpid == tid,
	    this->lw.pr_name == execname);
	printf("%d %d %d\n", ci->cpu_id == cpu, (int64_t)curcpu != 0,
	    xlate <cpuinfo_t *> ((processorid_t)cpu)->cpu_id == cpu);
	exit(0);
}
EOF
same struct_values 0 "1 1
1234 0 2468 7 0 14
1 1
1 1 1

" -- -s "$W/xval.d"

# A translator from a struct value, whose members cast the input to its
# own type (D's identity cast of a struct), used whole and by member;
# a global takes its first value's type, so a char member kept in one
# prints with %c in a later clause, as in DTrace.
cat >"$W/selfcast.d" <<'EOF'
#pragma D option quiet

struct pt {
	int x;
	char tag;
};

struct flat {
	long sum;
	char tag;
	short neg;
};

translator struct flat < struct pt P > {
	sum = ((struct pt)P).x + 1;
	tag = ((struct pt)P).tag;
	neg = -((struct pt)P).x;
};

struct pt in;
struct flat out;

BEGIN
{
	in.x = 41;
	in.tag = 'q';
	out = xlate <struct flat> (in);
	t = xlate <struct flat> (in).tag;
	n = xlate <struct flat> (in).neg;
}

BEGIN
{
	printf("%d %c %d %c %d\n", out.sum, out.tag, out.neg, t, n);
	exit(0);
}
EOF
same struct_self_cast 0 "42 q -41 q -41

" -- -s "$W/selfcast.d"
derr() {
	printf '%s\n' "$3" >"$W/e.d"
	err "$1" 1 "dtrace: failed to compile script $W/e.d: $2" -- -s "$W/e.d"
}
derr output_not_sou "[D_XLATE_SOU] line 1: translator output type must be a struct or union" \
	"translator int < int I > { };"
derr output_undefined "[D_XLATE_SOU] line 1: incomplete struct/union/enum struct nowhere" \
	"translator struct nowhere < int I > { x = I; };"
derr member_not_in_output "[D_XLATE_MEMB] line 4: translator member y is not a member of struct out" \
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
derr struct_member_whole "[D_PRINTF_ARG_TYPE] line 1: printf( ) argument #2 is incompatible with conversion #1 prototype:" \
	"BEGIN { printf(\"%d\", curpsinfo->pr_start); }"
derr print_whole "[D_PROTO_ARG] line 1: print( ) argument #1 is incompatible with prototype:" \
	"BEGIN { print(*curpsinfo); }"
derr no_translator "[D_XLATE_NONE] line 2: cannot translate to \"struct out\": no translator to it is defined" \
	"struct out { int x; };
BEGIN { trace(xlate <struct out *>(curthread)->x); }"
derr wrong_operator "[D_OP_SOU] line 1: operator . cannot be applied to type \"psinfo_t *\"; must be applied to a struct or union" \
	"BEGIN { trace(xlate <psinfo_t *>(curthread).pr_pid); }"
# Definition errors are on the line of the ';' that ends the translator,
# as dtrace checks the definition there.
derr output_int_at_end "[D_XLATE_SOU] line 4: translator output type must be a struct or union" \
	"translator int < int I >
{
	x = I;
};"
derr redeclared_at_end "[D_XLATE_REDECL] line 5: translator from int32 to struct out has already been declared" \
	"struct out { int x; };
translator struct out < int I > { x = I; };
translator struct out < int J > {
	x = J;
};"
derr cast_other_struct "[D_CAST_INVAL] line 2: invalid cast expression: \"struct a\" to \"struct b\"" \
	"struct a { int x; } va; struct b { int x; };
BEGIN { trace(((struct b)va).x); }"

# trace() of a translated struct, or of a struct member of one, dumps
# its bytes as tracemem() does (as DTrace traces a struct): the struct
# built in memory from each member's translation, zeros where the
# translator defines none.  The clause also prints the members' values
# and offsets; the dump must hold each at its offset, little-endian, and
# be the struct's size.  The workload writes its pid, which pr_pid and
# pr_lwpid must be.
xsou_check() {
	awk -v pid="$(cat "$W/xsou.pid" 2>/dev/null)" '
	function hex(h,   i, v) {
		v = 0
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	}
	function le(off, n,   i, v) {
		v = 0
		for (i = n - 1; i >= 0; i--)
			v = v * 256 + b[off + i]
		return v
	}
	/^ +[0-9a-f]+: / {
		base = hex(substr($1, 1, length($1) - 1))
		for (i = 2; i <= NF && $i ~ /^[0-9a-f][0-9a-f]$/ && i <= 17; i++)
			b[base + i - 2] = hex($i)
		if (base + i - 2 > size) size = base + i - 2
		next
	}
	$1 == "I" { n++; if (le($2, $3) != $4) { print "int at " $2 ": " le($2, $3) " not " $4; bad = 1 } }
	$1 == "P" { n++; if ($2 != pid) { print "pid " $2 " not " pid; bad = 1 } }
	$1 == "S" { n++; for (i = 1; i <= length($3); i++) if (b[$2 + i - 1] != index("abcdefghijklmnopqrstuvwxyz", substr($3, i, 1)) + 96) { print "string at " $2; bad = 1 }
		    if (b[$2 + length($3)] != 0) { print "no NUL after " $3; bad = 1 } }
	$1 == "Z" { n++; if ($2 != size) { print "size " size " not " $2; bad = 1 } }
	END { exit bad || n != want }' want="$1" "$W/out"
}
printf 'echo $$ >%s\nexec true\n' "$W/xsou.pid" >"$W/xsou.sh"
timeout 30 "$FERRET" dtrace -q -c "sh $W/xsou.sh" -n '
	syscall::exit_group:entry /pid == $target/ {
		trace(*curpsinfo);
		printf("I %d 4 %d\n", offsetof(psinfo_t, pr_pid), curpsinfo->pr_pid);
		printf("I %d 4 %d\n", offsetof(psinfo_t, pr_ppid), curpsinfo->pr_ppid);
		printf("I %d 4 %d\n", offsetof(psinfo_t, pr_nlwp), curpsinfo->pr_nlwp);
		printf("I %d 4 %d\n", offsetof(psinfo_t, pr_argc), curpsinfo->pr_argc);
		printf("I %d 8 %d\n", offsetof(psinfo_t, pr_start), curpsinfo->pr_start.tv_sec);
		printf("I %d 1 %d\n", offsetof(psinfo_t, pr_dmodel), curpsinfo->pr_dmodel);
		printf("I %d 8 0\n", offsetof(psinfo_t, pr_lwp));
		printf("S %d %s\n", offsetof(psinfo_t, pr_fname), curpsinfo->pr_fname);
		printf("P %d\n", curpsinfo->pr_pid);
		printf("Z %d\n", sizeof(psinfo_t));
	}' >"$W/out" 2>"$W/err"
if msg=$(xsou_check 10); then
	ok trace_psinfo_whole
else
	bad trace_psinfo_whole "$msg $(head -2 "$W/err")"
fi
timeout 30 "$FERRET" dtrace -q -c "sh $W/xsou.sh" -n '
	syscall::exit_group:entry /pid == $target/ {
		trace(curlwpsinfo->pr_start);
		printf("I 0 8 %d\n", curlwpsinfo->pr_start.tv_sec);
		printf("I 8 8 %d\n", curlwpsinfo->pr_start.tv_nsec);
		printf("Z %d\n", sizeof(timestruc_t));
	}' >"$W/out" 2>"$W/err"
if msg=$(xsou_check 3); then
	ok trace_member_whole
else
	bad trace_member_whole "$msg $(head -2 "$W/err")"
fi
timeout 30 "$FERRET" dtrace -q -c "sh $W/xsou.sh" -n '
	syscall::exit_group:entry /pid == $target/ {
		trace(*curlwpsinfo);
		printf("I %d 4 %d\n", offsetof(lwpsinfo_t, pr_lwpid), curlwpsinfo->pr_lwpid);
		printf("I %d 1 %d\n", offsetof(lwpsinfo_t, pr_sname), curlwpsinfo->pr_sname);
		printf("I %d 4 %d\n", offsetof(lwpsinfo_t, pr_pri), curlwpsinfo->pr_pri);
		printf("S %d %s\n", offsetof(lwpsinfo_t, pr_name), curlwpsinfo->pr_name);
		printf("P %d\n", curlwpsinfo->pr_lwpid);
		printf("Z %d\n", sizeof(lwpsinfo_t));
	}' >"$W/out" 2>"$W/err"
if msg=$(xsou_check 6); then
	ok trace_lwpsinfo_whole
else
	bad trace_lwpsinfo_whole "$msg $(head -2 "$W/err")"
fi
# Not quiet: the label line, then the dump, as dtrace-utils' tests of
# trace() of a struct show it; xlate <T>(e) used whole, and the member
# the translator leaves out (b) zero.
cat >"$W/xsou.d" <<'EOF'
struct three {
	int a;
	char b;
	int c;
};
translator struct three < int I > {
	a = I;
	c = I * 2;
};
BEGIN
{
	trace(xlate <struct three>(0x1234));
	exit(0);
}
EOF
same trace_struct_label 0 "                   FUNCTION:NAME
                          :BEGIN 
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 34 12 00 00 00 00 00 00 68 24 00 00              4.......h\$..


" -- -s "$W/xsou.d"

# print() of a translated struct's pointer: the struct built as trace()
# builds it, at its address, in print()'s layout under its D type's
# name.  Its members must be the values the builtin variables give, in
# the clause that prints them.
timeout 30 "$FERRET" dtrace -q -n 'BEGIN { printf("%d %d %d %s\n", pid, ppid, tid,
	execname); print(curpsinfo); print(curlwpsinfo); exit(0); }' \
	>"$W/pxl.out" 2>"$W/err"
if awk 'function at(d, s) { return sprintf("%" (44 + d) "s%s", "", s) }
	NR == 1 { pid = $1; ppid = $2; tid = $3; comm = $4; next }
	/^0x[0-9a-f]+ = \*$/ { addrs++; next }
	$0 == at(0, "(psinfo_t) {") { ps = 1 }
	$0 == at(0, "(lwpsinfo_t) {") { lw = 1 }
	$0 == at(1, ".pr_pid = (pid_t)" pid ",") { n++ }
	$0 == at(1, ".pr_ppid = (pid_t)" ppid ",") { n++ }
	$0 == at(1, ".pr_lwpid = (int)" tid ",") { n++ }
	$0 == at(1, ".pr_start = (timestruc_t) {") { starts++ }
	$0 ~ "^" at(2, "[.]tv_sec = [(]time_t[)][1-9][0-9]*,$") { secs++ }
	$0 == at(1, ".pr_fname = (char [16]) [") || $0 == at(1, ".pr_name = (char [16]) [") {
		inc = 1; s = ""; next }
	inc && substr($0, 1, 53) == at(2, "(char)\047") { s = s substr($0, 54, 1); next }
	inc { inc = 0; names += (s == comm) }
	$0 == at(0, "}") { ends++ }
	END { exit !(addrs == 2 && ps && lw && n == 3 && starts == 2 &&
		     secs == 2 && names == 2 && ends == 2) }' "$W/pxl.out"; then
	ok print_translated
else
	bad print_translated "$(head -8 "$W/pxl.out") $(head -2 "$W/err")"
fi
