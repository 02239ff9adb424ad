# Clause labels, the aggregating functions at exit, printa, macro
# arguments, the syscall provider on -c's command, -l and located errors.
cat >"$W/labels.d" <<'EOF'
BEGIN
{
	total = 10;
}

BEGIN
{
	printf("total %d", total);
}

BEGIN
{
}

BEGIN
{
	total *= 3;
	trace(total);
	trace("x");
}

BEGIN
{
	exit(0);
}
EOF
same labels 0 "                   FUNCTION:NAME
                          :BEGIN total 10
                          :BEGIN 
                          :BEGIN          30  x                                
                          :BEGIN 

" -- -s "$W/labels.d"
if [ "$(head -1 "$W/err")" = "dtrace: script '$W/labels.d' matched 5 probes" ]; then
	ok labels_matched
else
	bad labels_matched "stderr: $(head -1 "$W/err")"
fi

cat >"$W/aggs.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	n = 0;
}

tick-1ms
/n < 8/
{
	@calls = count();
	@total = sum(n * 10);
	@least = min(n - 3);
	@most = max(n);
	@mean = avg(n);
	n++;
}

tick-1ms
/n == 8/
{
	exit(0);
}
EOF
same aggs_exit 0 "
                8
              280
               -3
                7
                3
" -- -s "$W/aggs.d"

cat >"$W/quant.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	v = 0;
}

tick-1ms
/v <= 300/
{
	@q = quantize(v - 100);
	@l = lquantize(v, 0, 250, 50);
	v += 50;
}

tick-1ms
/v > 300/
{
	exit(0);
}
EOF
same quantize 0 "

           value  ------------- Distribution ------------- count    
            -128 |                                         0        
             -64 |@@@@@@                                   1        
             -32 |@@@@@@                                   1        
             -16 |                                         0        
              -8 |                                         0        
              -4 |                                         0        
              -2 |                                         0        
              -1 |                                         0        
               0 |@@@@@@                                   1        
               1 |                                         0        
               2 |                                         0        
               4 |                                         0        
               8 |                                         0        
              16 |                                         0        
              32 |@@@@@@                                   1        
              64 |@@@@@@                                   1        
             128 |@@@@@@@@@@@                              2        
             256 |                                         0        


           value  ------------- Distribution ------------- count    
             < 0 |                                         0        
               0 |@@@@@@                                   1        
              50 |@@@@@@                                   1        
             100 |@@@@@@                                   1        
             150 |@@@@@@                                   1        
             200 |@@@@@@                                   1        
          >= 250 |@@@@@@@@@@@                              2        

" -- -s "$W/quant.d"

# printa(): a format joining two aggregations on their string keys, in
# the order of the first's values; printed aggregations are not printed
# again at exit.
cat >"$W/printa.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@n["beta"] = count();
	@n["alpha"] = count();
	@n["alpha"] = count();
	@s["alpha"] = sum(5);
	@s["beta"] = sum(7);
	printa("%-8s %@3d %@5d\n", @n, @s);
	exit(0);
}
EOF
same printa_fmt 0 "beta       1     7
alpha      2     5

" -- -s "$W/printa.d"

# Macro arguments: $1 as an integer, $$2 as a string; $target with -c.
same macros 0 "12 ferret

" -- -q -n 'BEGIN { printf("%d %s\n", $1 + 2, $$2); exit(0); }' 10 ferret
same exit_status 7 "
" -- -q -n 'BEGIN { exit(7); }'

# The syscall provider on a command's own calls, counted in the kernel.
# -c splits its command at spaces, without quoting, as dtrace does.
printf 'echo a >/dev/null\necho b >/dev/null\necho c >/dev/null\n' >"$W/three.sh"
printf 'echo hi >/dev/null\n' >"$W/one.sh"
same syscall_target 0 "
                3
" -- -q -c "/bin/sh $W/three.sh" \
	-n 'syscall::write:entry /pid == $target/ { @ = count(); }'
if [ ! -s "$W/err" ] &&
   timeout 30 "$FERRET" dtrace -c "/bin/sh $W/one.sh" -n 'syscall::write:entry /pid == $target/ { @ = count(); }' \
	>"$W/out" 2>"$W/err" && grep -qE "^dtrace: pid [0-9]+ has exited$" "$W/err"; then
	ok syscall_target_exited
else
	bad syscall_target_exited "stderr: $(cat "$W/err")"
fi

# Thread-local variables from entry to return, and arg0 at both.
same self_vars 0 "
  sh                                                                1
" -- -q -c "/bin/sh $W/one.sh" \
	-n 'syscall::write:entry /pid == $target/ { self->len = arg2; }
	    syscall::write:return /self->len == 3 && arg0 == 3/ { @[execname] = count(); self->len = 0; }'

# Assignments are expressions, as in C: the value is the lvalue's after
# the assignment (a declared int's 32 bits of 0x1ffffffff are -1), in a
# predicate, a key, an argument and another assignment alike; the
# strings are dtrace-utils' tst.tstring_asgn_expr.
cat >"$W/asgn.d" <<'EOF'
#pragma D option quiet
int k;
BEGIN /(n = 3) > 2/
{
	trace(this->x = 1); trace(" "); trace(this->x); printf("\n");
	a = b = 3; self->s = 4; y = 0;
	printf("%d %d %d %d %d\n", a, b, n, y += 2, y *= 10);
	printf("%d %d\n", self->s += 1, self->s);
	@[x = 5] = count();
	printf("%d %d %d\n", x, k = 0x1ffffffff, k += 0x7fffffff);
	v[1] = 0; p = (int *)alloca(8);
	printf("%d %d %d %d\n", v[1] = 9, v[1], *p = 7, p[0]);
}
BEGIN
{
	trace(z = strjoin((s = strjoin("abc", "def")), (t = strjoin("ABC", "DEF"))));
	printf(" %s %s %s\n", s, t, z);
	exit(0);
}
EOF
same assign_expr 0 "1 1
3 3 3 2 20
5 5
5 -1 2147483646
9 9 7 7
abcdefABCDEF abcdef ABCDEF abcdefABCDEF

        5                1
" -- -s "$W/asgn.d"
err assign_agg 1 "dtrace: invalid probe specifier BEGIN { trace(@a = count()); }: operator = of an aggregation has no value: assign @a with a statement of its own" -- \
	-n 'BEGIN { trace(@a = count()); }'
err assign_impure 1 "dtrace: invalid probe specifier BEGIN { p = (int *)alloca(8); trace(*(p + i++) = 1); }: assignment inside an expression is not supported yet where its lvalue has a call, an increment or an assignment in it" -- \
	-n 'BEGIN { p = (int *)alloca(8); trace(*(p + i++) = 1); }'

# -C: the C preprocessor first; a #pragma reaches D as dtrace's cpp
# passes it on, and -D defines a name for #if.
cat >"$W/cpp.d" <<'EOF'
#if defined(BIG) && BIG > 1
#define LIMIT (BIG * 100)
#else
#define LIMIT 7
#endif
#pragma D option quiet
BEGIN
{
	printf("limit %d\n", LIMIT);
	exit(0);
}
EOF
same cpp_pragma 0 "limit 7

" -- -C -s "$W/cpp.d"
same cpp_define 0 "limit 300

" -- -C -D BIG=3 -s "$W/cpp.d"

# dtrace stops at the first error: a program with two shows one.
timeout 30 "$FERRET" dtrace -n 'BEGIN { x = y; z = w; }' >"$W/out" 2>"$W/err"
rc=$?
if [ $rc = 1 ] && [ "$(grep -c '^dtrace:' "$W/err")" = 1 ] &&
   grep -q 'failed to resolve y: Unknown variable name' "$W/err"; then
	ok first_error_only
else
	bad first_error_only "exit $rc: $(tr '\n' '|' <"$W/err")"
fi

# -l lists in dtrace's columns.
if timeout 30 "$FERRET" dtrace -l -n 'syscall::read:entry' >"$W/out" 2>"$W/err" &&
	[ "$(sed -n 1p "$W/out")" = "   ID   PROVIDER            MODULE                          FUNCTION NAME" ] &&
	sed -n 2p "$W/out" | grep -qE '^ *[0-9]+ +syscall +vmlinux +read entry$'; then
	ok list
else
	bad list "$(head -3 "$W/out") $(head -1 "$W/err")"
fi
if timeout 30 "$FERRET" dtrace -l -P profile | grep -qE '^ *[0-9]+ +profile +tick-1000$' &&
	[ "$(timeout 30 "$FERRET" dtrace -l -P dtrace | wc -l)" = 4 ]; then
	ok list_provider
else
	bad list_provider "$(timeout 30 "$FERRET" dtrace -l -P dtrace)"
fi

# -l with a script: the probes each description of each clause matches,
# description by description under one heading, as dtrace lists each
# statement's (a probe two descriptions match is listed twice); the
# script is parsed, and a description that matches nothing is told while
# the listing goes on, with status 0 (-l implies -Z).
cat >"$W/list.d" <<'EOF'
BEGIN
{
	n = 0;
}

syscall::getppid:entry, syscall::getppid:return
/pid == $target/
{
	@[probefunc] = count();
}

END, dtrace:::BEGIN
{
	printa(@);
}

nosuch:::probe { }
EOF
if timeout 30 "$FERRET" dtrace -l -s "$W/list.d" >"$W/out" 2>"$W/err"; then
	rc=0
else
	rc=$?
fi
if [ "$rc" = 0 ] && [ "$(wc -l <"$W/out")" = 6 ] &&
	[ "$(sed -n 1p "$W/out")" = "   ID   PROVIDER            MODULE                          FUNCTION NAME" ] &&
	[ "$(sed -n 2p "$W/out")" = "    1     dtrace                                                     BEGIN" ] &&
	sed -n 3p "$W/out" | grep -qE '^ *[0-9]+ +syscall +vmlinux +getppid entry$' &&
	sed -n 4p "$W/out" | grep -qE '^ *[0-9]+ +syscall +vmlinux +getppid return$' &&
	[ "$(sed -n 5p "$W/out")" = "    2     dtrace                                                     END" ] &&
	[ "$(sed -n 6p "$W/out")" = "    1     dtrace                                                     BEGIN" ] &&
	[ "$(cat "$W/err")" = "dtrace: failed to match nosuch:::probe: No probe matches description" ]; then
	ok list_script
else
	bad list_script "status $rc: $(cat "$W/out" "$W/err")"
fi
# Several programs, -s and -n, under one heading, in command-line order.
if timeout 30 "$FERRET" dtrace -l -n 'syscall::getppid:' -s "$W/list.d" -n END >"$W/out" 2>/dev/null &&
	[ "$(grep -c '^   ID   PROVIDER' "$W/out")" = 1 ] && [ "$(wc -l <"$W/out")" = 9 ] &&
	sed -n 2p "$W/out" | grep -qE '^ *[0-9]+ +syscall +vmlinux +getppid entry$' &&
	sed -n 3p "$W/out" | grep -qE '^ *[0-9]+ +syscall +vmlinux +getppid return$' &&
	[ "$(sed -n 4p "$W/out")" = "    1     dtrace                                                     BEGIN" ] &&
	[ "$(sed -n 9p "$W/out")" = "    2     dtrace                                                     END" ]; then
	ok list_several
else
	bad list_several "$(cat "$W/out")"
fi
err list_unmatched 0 "dtrace: failed to match ::nosuchfunc:: No probe matches description" -- \
	-l -n BEGIN -n nosuchfunc:
printf 'BEGIN\n{\n\tx = ;\n}\n' >"$W/list-bad.d"
err list_script_error 1 "dtrace: failed to compile script $W/list-bad.d: line 3: syntax error near \";\"" -- \
	-l -s "$W/list-bad.d"

# Bad input: located errors in dtrace's words, its exit statuses.
err bad_option 1 "dtrace: failed to set -x nosuch: Invalid option name" -- \
	-x nosuch -n 'BEGIN { exit(0); }'
err syntax 1 'dtrace: invalid probe specifier BEGIN { x = ; }: syntax error near ";"' -- \
	-n 'BEGIN { x = ; }'
printf 'BEGIN\n{\n\ttrace(nosuch(1));\n}\n' >"$W/e.d"
err script_error 1 "dtrace: failed to compile script $W/e.d: line 3: Unknown function: nosuch" -- \
	-s "$W/e.d"
err no_match 1 "dtrace: invalid probe specifier nosuchprov:::entry { }: probe description nosuchprov:::entry does not match any probes" -- \
	-n 'nosuchprov:::entry { }'
err macro_missing 1 'dtrace: invalid probe specifier BEGIN { trace($3); }: macro argument $3 is not defined' -- \
	-n 'BEGIN { trace($3); }'
err no_file 1 "dtrace: failed to open $W/nosuch.d: No such file or directory" -- \
	-s "$W/nosuch.d"

# Error tags as dtrace shows them: only under -x errtags, before the line.
printf 'BEGIN\n{\n\t@a = count(1);\n}\n' >"$W/tags.d"
err tags_hidden 1 "dtrace: failed to compile script $W/tags.d: line 3: count( ) prototype mismatch: 1 arg passed, 0 expected" -- -s "$W/tags.d"
err tags_shown 1 "dtrace: failed to compile script $W/tags.d: [D_PROTO_LEN] line 3: count( ) prototype mismatch: 1 arg passed, 0 expected" -- -s "$W/tags.d"
# Each family of dtrace's parse errors has its tag.
printf 'BEGIN\n{\n\tx = 1 +;\n}\n' >"$W/tsyn.d"
err tag_syntax 1 "dtrace: failed to compile script $W/tsyn.d: [D_SYNTAX] line 3: syntax error near \";\"" -- -s "$W/tsyn.d"
err tag_lexer 1 'dtrace: invalid probe specifier BEGIN { x = 09; }: [D_INT_DIGIT] constant 09 contains invalid digit 9' -- \
	-n 'BEGIN { x = 09; }'
err tag_chr 1 "dtrace: invalid probe specifier BEGIN { x = ''; }: [D_CHR_NULL] empty character constant" -- \
	-n "BEGIN { x = ''; }"
err tag_macro 1 'dtrace: invalid probe specifier BEGIN { trace($3); }: [D_MACRO_UNDEF] macro argument $3 is not defined' -- \
	-n 'BEGIN { trace($3); }'
err tag_pdesc 1 'dtrace: invalid probe specifier nosuchprov:::entry { }: [D_PDESC_ZERO] probe description nosuchprov:::entry does not match any probes' -- \
	-n 'nosuchprov:::entry { }'
printf '#pragma D option nspec=x\nBEGIN { exit(0); }\n' >"$W/topt.d"
err tag_optset 1 "dtrace: failed to compile script $W/topt.d: [D_PRAGMA_OPTSET] line 1: failed to set option 'nspec' to 'x': Invalid value for specified option" -- -s "$W/topt.d"
err tag_scope 1 'dtrace: invalid probe specifier int `a;: [D_DECL_SCOPE] D scoping operator may not be used in a declaration name (`a)' -- \
	-n 'int `a;'
err tag_lval 1 'dtrace: invalid probe specifier BEGIN { 1++; }: [D_OP_LVAL] operator ++ requires modifiable lvalue as an operand' -- \
	-n 'BEGIN { 1++; }'

# A -c command that cannot run: dtrace's message when it creates the
# process, before anything is compiled (the clause's error is not
# reached), and status 1.
err c_missing 1 "dtrace: failed to execute /nonexistent/cmd: No such file or directory" -- \
	-n 'BEGIN { x = 1 +; }' -c /nonexistent/cmd
err c_missing_path 1 "dtrace: failed to execute no-such-command-here: No such file or directory" -- \
	-n 'BEGIN { exit(0); }' -c 'no-such-command-here arg'
