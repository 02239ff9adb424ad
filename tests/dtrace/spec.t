# Speculations: ids from a small pool, records kept until commit() or
# discard(), across probes, threads and CPUs; running out of ids, a full
# speculation, and DTrace's compile-time rules with its error tags.

# Claims until none is left; the first end of a speculation wins.
cat >"$W/sp_ids.d" <<'EOF'
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	printf("ids %d %d %d\n", a, b, c);
}

BEGIN
{
	speculate(a);
	printf("a guessed\n");
}

BEGIN
{
	speculate(b);
	printf("b guessed\n");
	printf("b again\n");
}

BEGIN
{
	discard(a);
	commit(a);
	commit(b);
	discard(b);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
EOF
same spec_ids 0 "ids 1 2 0
b guessed
b again
done

" -- -s "$W/sp_ids.d"
if grep -qx "dtrace: 1 failed speculation (no speculative buffer available)" "$W/err"; then
	ok spec_ids_notice
else
	bad spec_ids_notice "stderr: $(cat "$W/err")"
fi

# The clause label is part of the speculation: committed, it prints
# where the commit is; commit() alone prints no label.
cat >"$W/sp_label.d" <<'EOF'
BEGIN
{
	self->s = speculation();
	printf("id %d", self->s);
}

BEGIN
{
	speculate(self->s);
	printf("guess");
}

BEGIN
{
	printf("before");
}

BEGIN
{
	commit(self->s);
}

BEGIN
{
	exit(0);
}
EOF
same spec_label 0 "                   FUNCTION:NAME
                          :BEGIN id 1
                          :BEGIN before
                          :BEGIN guess
                          :BEGIN 

" -- -s "$W/sp_label.d"

# A clause whose only action is speculate() records its label in the
# speculation, as dtrace-utils takes its default action: shown when
# committed, not when discarded.
same spec_default_action 0 "                   FUNCTION:NAME
                          :BEGIN 
                          :BEGIN 

" -- -n 'BEGIN { a = speculation(); b = speculation(); }
	BEGIN { speculate(a); } BEGIN { speculate(b); x = 1; }
	BEGIN { commit(a); } BEGIN { discard(b); } BEGIN { exit(0); }'

# speculate() of 0, of an id past nspec or of an id not in use ends the
# clause there, recording nothing; commit(0) and discard(0) do nothing.
cat >"$W/sp_zero.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	speculate(0);
	n++;
}

BEGIN
{
	speculate(200);
	n++;
}

BEGIN
{
	speculate(1);
	n++;
}

BEGIN
{
	commit(0);
	discard(0);
	commit(1);
}

BEGIN
{
	printf("n %d\n", n);
	exit(0);
}
EOF
same spec_zero 0 "n 0

" -- -s "$W/sp_zero.d"

# Across probes of one thread: each write speculates at its entry; the
# return commits the one that failed and discards the others.
printf 'echo one >/dev/null\necho three >&-\necho fifteen >/dev/null\n' >"$W/writes.sh"
cat >"$W/sp_writes.d" <<'EOF'
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("write of %d bytes", arg2);
}

syscall::write:return
/self->spec && arg1 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::write:return
/self->spec/
{
	speculate(self->spec);
	printf(" that went");
}

syscall::write:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}

END
{
	printf("\n");
}
EOF
same spec_syscalls 0 "write of 6 bytes

" -- -s "$W/sp_writes.d" -c "/bin/sh $W/writes.sh"

# Across threads and CPUs: the command's write speculates, the tick's
# interrupt on any CPU commits.
printf 'echo three >/dev/null\nsleep 5\n' >"$W/slow.sh"
cat >"$W/sp_tick.d" <<'EOF'
#pragma D option quiet

syscall::write:entry
/pid == $target && !s/
{
	s = speculation();
	speculate(s);
	printf("%d bytes, speculated by pid %d\n", arg2, pid == $target);
	ready = 1;
}

tick-10ms
/ready/
{
	commit(s);
	ready = 0;
	done = 1;
}

tick-10ms
/done/
{
	printf("committed by another\n");
	exit(0);
}
EOF
same spec_tick 0 "6 bytes, speculated by pid 1
committed by another

" -- -s "$W/sp_tick.d" -c "/bin/sh $W/slow.sh"

# One id, claimed at each tick and never ended: the second claim fails.
cat >"$W/sp_none.d" <<'EOF'
#pragma D option quiet

tick-10ms
/i < 2/
{
	printf("id %d\n", speculation());
	i++;
}

tick-10ms
/i == 2/
{
	exit(0);
}
EOF
same spec_out_of_ids 0 "id 1
id 0

" -- -s "$W/sp_none.d"
if grep -qx "dtrace: 1 failed speculation (no speculative buffer available)" "$W/err"; then
	ok spec_out_of_ids_notice
else
	bad spec_out_of_ids_notice "stderr: $(cat "$W/err")"
fi

# A clause's records that do not fit the speculation are dropped whole,
# and counted.
cat >"$W/sp_full.d" <<'EOF'
#pragma D option quiet
#pragma D option specsize=40

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%d\n", 1);
}

BEGIN
{
	speculate(s);
	printf("%d\n", 2);
	printf("%d\n", 3);
}

BEGIN
{
	speculate(s);
	printf("%d\n", 4);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
EOF
same spec_full 0 "1
4

" -- -s "$W/sp_full.d"
if grep -qx "dtrace: 1 speculative drop" "$W/err"; then
	ok spec_full_notice
else
	bad spec_full_notice "stderr: $(cat "$W/err")"
fi

# DTrace's rules on what may come before and after speculate() and
# commit(), with its tags, at the offending statement's line.
spec_rule() {
	local name=$1 want=$2
	shift 2
	printf '%s\n' "$@" >"$W/rule.d"
	err "$name" 1 "dtrace: failed to compile script $W/rule.d: $want" -- -s "$W/rule.d"
}
spec_rule spec_after_data "[D_SPEC_DREC] line 4: speculate( ) may not follow data-recording action(s)" \
	'BEGIN' '{' '	printf("x");' '	speculate(1);' '}'
spec_rule spec_after_spec "[D_SPEC_SPEC] line 4: speculate( ) may not follow speculate( )" \
	'BEGIN' '{' '	speculate(1);' '	speculate(1);' '}'
spec_rule spec_after_commit "[D_SPEC_COMM] line 4: speculate( ) may not follow commit( )" \
	'BEGIN' '{' '	commit(1);' '	speculate(1);' '}'
spec_rule commit_after_data "[D_COMM_DREC] line 4: commit( ) may not follow data-recording action(s)" \
	'BEGIN' '{' '	trace(1);' '	commit(1);' '}'
spec_rule data_after_commit "[D_DREC_COMM] line 5: data-recording actions may not follow commit( )" \
	'BEGIN' '{' '	commit(1);' '	discard(1);' '	exit(0);' '}'
spec_rule agg_after_spec "[D_AGG_SPEC] line 4: aggregating actions may not follow speculate( )" \
	'BEGIN' '{' '	speculate(1);' '	@n = count();' '}'
spec_rule agg_after_commit "[D_AGG_COMM] line 4: aggregating actions may not follow commit( )" \
	'BEGIN' '{' '	commit(1);' '	@n = sum(2);' '}'
spec_rule destructive_after_spec "[D_ACT_SPEC] line 4: destructive actions may not follow speculate( )" \
	'BEGIN' '{' '	speculate(1);' '	raise(9);' '}'
spec_rule exit_after_spec "[D_EXIT_SPEC] line 5: exit( ) may not follow speculate( )" \
	'BEGIN' '{' '	speculate(1);' '	x = 1;' '	exit(0);' '}'
spec_rule spec_no_id "[D_PROTO_LEN] line 3: speculate( ) prototype mismatch: 0 args passed, 1 expected" \
	'BEGIN' '{' '	speculate();' '}'
spec_rule nspec_negative "line 1: failed to set option 'nspec' to '-72': Invalid value for specified option" \
	'#pragma D option nspec=-72' 'BEGIN { exit(0); }'
spec_rule specsize_suffix "line 1: failed to set option 'specsize' to '1b': Invalid value for specified option" \
	'#pragma D option specsize=1b' 'BEGIN { exit(0); }'
err nspec_too_many 1 "dtrace: failed to set -x nspec: Invalid value for specified option" -- \
	-x nspec=256 -n 'BEGIN { exit(0); }'
