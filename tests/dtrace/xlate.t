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
derr no_conversion "[D_XLATE_NOCONV] line 1: translator does not define conversion for member: pr_argc" \
	"BEGIN { trace(curpsinfo->pr_argc); }"
derr no_translator "[D_XLATE_NONE] line 2: cannot translate to \"struct out\": no translator to it is defined" \
	"struct out { int x; };
BEGIN { trace(xlate <struct out *>(curthread)->x); }"
derr wrong_operator "[D_OP_SOU] line 1: operator . cannot be applied to type \"psinfo_t *\"; must be applied to a struct or union" \
	"BEGIN { trace(xlate <psinfo_t *>(curthread).pr_pid); }"
derr whole_struct "line 1: a translated struct is not supported yet as a value: use one of its members (xlate <T *>(e)->member)" \
	"BEGIN { trace(curpsinfo); }"
