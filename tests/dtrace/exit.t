# exit(): the rest of its clause still runs and is printed; no later
# clause starts, of the same probe or another, but END's; the status is
# that of the last exit() (END's, where it calls one).
cat >"$W/begin_exit.d" <<'EOF'
BEGIN
{
	exit(3);
	printf("rest of the clause");
	n++;
}

BEGIN
{
	printf("later clause");
	n++;
}

tick-1ms
{
	printf("tick");
}

END
{
	printf("n=%d", n);
}
EOF
same begin_exit 3 "                   FUNCTION:NAME
                          :BEGIN rest of the clause
                            :END n=1

" -- -s "$W/begin_exit.d"

cat >"$W/event_exit.d" <<'EOF'
#pragma D option quiet

tick-1ms
{
	ticks++;
	exit(ticks + 4);
	printf("tick %d\n", ticks);
}

tick-1ms
{
	printf("same probe, later clause\n");
}

profile-997
/ticks/
{
	printf("another probe\n");
}

END
{
	printf("end %d\n", ticks);
}
EOF
same event_exit 5 "tick 1
end 1

" -- -s "$W/event_exit.d"

# END's exit() decides the status; every END clause runs.
cat >"$W/end_exit.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	exit(1);
}

END
{
	exit(0);
	printf("first END clause\n");
}

END
{
	printf("second END clause\n");
}
EOF
same end_exit 0 "first END clause
second END clause

" -- -s "$W/end_exit.d"

err exit_str 1 'dtrace: invalid probe specifier BEGIN { exit("a"); }: [D_PROTO_ARG] exit( ) argument #1 is incompatible with prototype:' -- \
	-n 'BEGIN { exit("a"); }'
err exit_noarg 1 'dtrace: invalid probe specifier BEGIN { exit(); }: [D_PROTO_LEN] exit( ) prototype mismatch: 0 args passed, 1 expected' -- \
	-n 'BEGIN { exit(); }'
