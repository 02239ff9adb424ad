# Run-time faults: the clause stops where it faults and what it recorded
# before is dropped ("next clause" is not printed), dtrace's message on
# stderr, the ERROR probe runs with the fault in its arguments, and
# tracing goes on.

cat >"$W/fault.d" <<'EOF'
#pragma D option quiet

ERROR
{
	printf("ERROR: probe %d clause %d fault %d past 64: %d\n", arg1, arg2, arg4,
	    arg5 > 64);
}

BEGIN
{
	x = ((struct task_struct *)64)->pid;
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	y = 0;
	printf("%d\n", 10 / y);
}

BEGIN
{
	printf("still tracing\n");
	exit(0);
}
EOF
same fault_begin 0 "ERROR: probe 1 clause 1 fault 1 past 64: 1
ERROR: probe 1 clause 2 fault 4 past 64: 0
still tracing

" -- -s "$W/fault.d"
# The address is the member's: 64 plus its offset in this kernel.
sed 's/pc [0-9]*$/pc NNN/; s/(0x[0-9a-f]*)/({ptr})/' "$W/err" >"$W/err.p"
if [ "$(sed -n 1,2p "$W/err.p")" = "dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address ({ptr}) at BPF pc NNN
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc NNN" ]; then
	ok fault_begin_messages
else
	bad fault_begin_messages "stderr: $(cat "$W/err")"
fi

# An event probe's fault: that clause stops, the next on the same event
# runs, and the ERROR probe runs once user space has read the fault.
cat >"$W/fault_tick.d" <<'EOF'
#pragma D option quiet

ERROR
{
	printf("ERROR: clause %d fault %d\n", arg2, arg4);
	exit(0);
}

tick-10ms
/n++ < 3/
{
	trace(((struct task_struct *)0)->tgid);
	printf("not reached\n");
}

tick-10ms
/n == 1/
{
	printf("tick goes on\n");
}
EOF
same fault_tick 0 "tick goes on
ERROR: clause 1 fault 1

" -- -s "$W/fault_tick.d"
if sed 's/pc [0-9]*$/pc NNN/' "$W/err" | grep -qxE "dtrace: error in dt_clause_1 for probe ID [0-9]+ \(profile:::tick-10ms\): invalid address \(0x[0-9a-f]+\) at BPF pc NNN"; then
	ok fault_tick_message
else
	bad fault_tick_message "stderr: $(cat "$W/err")"
fi

# commit() and discard() of an id past nspec: an illegal operation.
same commit_bad_id 0 "ERROR 3

" -- -q -x nspec=4 -n 'ERROR { printf("ERROR %d\n", arg4); } BEGIN { commit(5); } BEGIN { exit(0); }'
if sed 's/pc [0-9]*$/pc NNN/' "$W/err" | grep -qx "dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc NNN"; then
	ok commit_bad_id_message
else
	bad commit_bad_id_message "stderr: $(cat "$W/err")"
fi
same discard_negative 0 "                   FUNCTION:NAME
                          :BEGIN 

" -- -n 'BEGIN { discard(-1); } BEGIN { exit(0); }'
if grep -q "illegal operation" "$W/err"; then
	ok discard_negative_message
else
	bad discard_negative_message "stderr: $(cat "$W/err")"
fi

# A fault in an ERROR clause is told, and runs no ERROR clause again.
same fault_in_error 0 "
" -- -q -n 'ERROR { x = ((struct task_struct *)8)->pid; printf("twice\n"); } BEGIN { y = ((struct task_struct *)16)->pid; } BEGIN { exit(0); }'
if [ "$(grep -c "^dtrace: error in" "$W/err")" = 2 ] &&
	grep -q "for probe ID 3 (dtrace:::ERROR)" "$W/err"; then
	ok fault_in_error_message
else
	bad fault_in_error_message "stderr: $(cat "$W/err")"
fi

# A member through a NULL struct pointer faults at address 0, the
# pointer's, as dtrace-utils checks the pointer before adding the
# member's offset; a pointer that is not NULL faults at the member's.
same null_struct_member 0 "0 1
8 1

" -- -q -n 'BEGIN { trace(((struct task_struct *)NULL)->pid); }
	BEGIN { trace(((struct task_struct *)8)->pid); }
	ERROR { printf("%d %d\n", arg5 ? arg5 - offsetof(struct task_struct, pid) : 0,
	    arg4 == DTRACEFLT_BADADDR); }
	BEGIN { exit(0); }'

# dtrace-utils makes a statement of each probe description of a clause:
# a fault's dt_clause_N and the ERROR probe's arg2 count them, and the
# description the firing is by names it (BEGIN is the second of
# "tick-1s,BEGIN", after the three of "BEGIN,ERROR,END").
same fault_clause_per_description 0 "4

" -- -q -n 'BEGIN,ERROR,END { x = 1; } tick-1s,BEGIN { *(int *)0; } ERROR { printf("%d\n", arg2); exit(0); }'
if sed 's/pc [0-9]*$/pc NNN/' "$W/err" | grep -qx "dtrace: error in dt_clause_4 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc NNN"; then
	ok fault_clause_per_description_message
else
	bad fault_clause_per_description_message "stderr: $(cat "$W/err")"
fi

# A clause that faults records nothing, as DTrace drops what it put in
# its buffer: its label, its trace() and its printf()s before the fault,
# in BEGIN and in an event probe's run; the clauses before and after it
# in the same firing print theirs.
same fault_drops_clause 0 "a
d
a
d

" -- -q -n 'BEGIN, tick-10ms { printf("a\n"); }
	BEGIN, tick-10ms { printf("b\n"); *(int *)0; printf("c\n"); }
	BEGIN, tick-10ms { printf("d\n"); } tick-10ms { exit(0); }'
same fault_drops_label 0 "                   FUNCTION:NAME
                          :BEGIN           2

" -- -n 'BEGIN { trace(1); *(int *)0; } BEGIN { trace(2); exit(0); }'
