# printf() with DTrace's conversions: integers at their own size (a
# 64-bit %x prints every digit), C's integer type names in casts and
# sizeof, and strings read from the traced process with copyinstr().

same printf_sizes 0 "1234567890 ffffffff -1 255 -5 4 8 61 61

" -- -q -n 'BEGIN { x = 0x1234567890;
	printf("%x %x %d %u %d %d %d %lx %p\n", x, (unsigned int)-1, (int)-1,
	       (unsigned char)-1, (long long)-5, sizeof(int), sizeof(char *),
	       (ulong_t)97, (void *)97);
	exit(0); }'

printf 'hello\n' >"$W/greeting"
same copyinstr 0 "$W/greeting

" -- -q -c "head -c 0 $W/greeting"  \
	-n 'syscall::openat:entry /pid == $target && copyinstr(arg1) == "'"$W/greeting"'"/ {
		printf("%s\n", copyinstr(arg1)); }'

# DTrace's own conversions.  %Y and %T of walltimestamp are compared
# with date(1)'s text for the seconds printed beside them, as dtrace
# writes them (ctime's fields with the year first; RFC 822 with the ISO
# week-numbering year).
timeout 30 "$FERRET" dtrace -q -n 'BEGIN { t = walltimestamp;
	printf("%d|%Y|%T|%-22Y|\n", t / 1000000000, t, t, t); exit(0); }' \
	>"$W/out" 2>"$W/err"
IFS='|' read -r secs y t yl _ <"$W/out"
want_y=$(date -d "@$secs" '+%Y %b %e %T')
want_t=$(date -d "@$secs" '+%a, %d %b %G %T %Z')
if [ "$y" = "$want_y" ] && [ "$t" = "$want_t" ] &&
   [ "$yl" = "$(printf '%-22s' "$want_y")" ]; then
	ok printf_time
else
	bad printf_time "got '$y' '$t' '$yl', want '$want_y' '$want_t' (secs $secs): $(head -1 "$W/err")"
fi

same printf_dynamic 0 "[   42][42   ][abc][  -7][ab   ]

" -- -q -n 'BEGIN { w = 5; printf("[%*d][%-*d][%.*s][%*d][%-*s]\n",
	w, 42, w, 42, 3, "abcdef", 4, -7, 5, "ab"); exit(0); }'

same printf_flags 0 "$(printf "%#x %#o %+d % d %'d %05d %X %#X" 255 8 5 5 1234567 42 255 255)

" -- -q -n 'BEGIN { printf("%#x %#o %+d % d %'"'"'d %05d %X %#X\n",
	255, 8, 5, 5, 1234567, 42, 255, 255); exit(0); }'

# %S writes a string as a D string literal; %c and %C a character.
same printf_chars 0 '[a\tb\n\\\"q\"][A][   ab][\n][ab   ]

' -- -q -n 'BEGIN { printf("[%S][%c][%5s][%C][%-5s]\n", "a\tb\n\\\"q\"",
	65, "ab", 10, "ab"); exit(0); }'

# %a names a kernel address: vmlinux`symbol, +0xoffset past its start.
a=$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
same printf_kaddr 0 "vmlinux\`vfs_read|vmlinux\`vfs_read+0x10|$a

" -- -q -n "BEGIN { printf(\"%a|%a|%p\n\", 0x$a, 0x$a + 16, 0x$a); exit(0); }"

timeout 30 "$FERRET" dtrace -q -c 'cat /dev/null' -n 'syscall::read:entry
	/pid == $target/ { printf("%a\n", caller); exit(0); }' >"$W/out" 2>"$W/err"
if grep -qx 'vmlinux`[A-Za-z_][A-Za-z0-9_.]*+0x[0-9a-f]*' "$W/out"; then
	ok printf_caller
else
	bad printf_caller "got '$(head -1 "$W/out")': $(head -1 "$W/err")"
fi

# dtrace's compile-time errors for formats and their arguments.
err printf_extra 1 'dtrace: invalid probe specifier BEGIN { printf("x = %d y = %d\n", 1, 2, 3); }: [D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 2 arguments required by this format string' \
	-- -n 'BEGIN { printf("x = %d y = %d\n", 1, 2, 3); }'
err printf_extra_width 1 'dtrace: invalid probe specifier BEGIN { printf("%?d\n", 1, 2); }: [D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 1 arguments required by this format string' \
	-- -n 'BEGIN { printf("%?d\n", 1, 2); }'
err printf_novalue 1 'dtrace: invalid probe specifier BEGIN { printf("%s"); }: [D_PRINTF_ARG_PROTO] printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding value argument' \
	-- -n 'BEGIN { printf("%s"); }'
err printf_nowidth 1 'dtrace: invalid probe specifier BEGIN { printf("%s %*d\n", "foo"); }: [D_PRINTF_DYN_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding "*" argument' \
	-- -n 'BEGIN { printf("%s %*d\n", "foo"); }'
err printf_noprec 1 'dtrace: invalid probe specifier BEGIN { printf("%s %.*d\n", "foo"); }: [D_PRINTF_DYN_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding ".*" argument' \
	-- -n 'BEGIN { printf("%s %.*d\n", "foo"); }'
err printf_badwidth 1 'dtrace: invalid probe specifier BEGIN { printf("%*d\n", "foo", 1); }: [D_PRINTF_DYN_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%*d\n", "foo", 1); }'
# The lines after the first: the prototype's.
"$FERRET" dtrace -n 'BEGIN { printf("%.*d\n", "foo", 1); }' 2>"$W/err" >/dev/null
printf '\tconversion: %% .* d\n\t prototype: int\n\t  argument: string\n' >"$W/want"
if sed -n 2,4p "$W/err" | diff "$W/want" - >"$W/diff"; then
	ok printf_badprec_proto
else
	bad printf_badprec_proto "stderr lines 2-4 differ"
fi
err printf_argtype 1 'dtrace: invalid probe specifier BEGIN { printf("%d", "x"); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%d", "x"); }'
"$FERRET" dtrace -n 'BEGIN { printf("%s\n", printf("test")); }' 2>"$W/err" >/dev/null
printf '\tconversion: %%s\n\t prototype: char [] or string (or use stringof)\n\t  argument: void\n' >"$W/want"
if sed -n 2,4p "$W/err" | diff "$W/want" - >"$W/diff"; then
	ok printf_void_proto
else
	bad printf_void_proto "stderr lines 2-4 differ"
fi
err printf_float 1 'dtrace: invalid probe specifier BEGIN { printf("%f", 1); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%f", 1); }'
err printf_time_size 1 'dtrace: invalid probe specifier BEGIN { printf("%Y", 1); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%Y", 1); }'
err printf_aggconv 1 'dtrace: invalid probe specifier BEGIN { printf("hello %@d", 1); }: [D_PRINTF_AGG_CONV] %@ conversion requires an aggregation and is not for use with printf( )' \
	-- -n 'BEGIN { printf("hello %@d", 1); }'
err printf_positional 1 'dtrace: invalid probe specifier BEGIN { printf("%3$d", 1); }: [D_SYNTAX] format conversion #1 uses unsupported positional format (%n$)' \
	-- -n 'BEGIN { printf("%3$d", 1); }'
err printf_noname 1 'dtrace: invalid probe specifier BEGIN { printf("%3", 1); }: [D_SYNTAX] format conversion #1 name expected before end of format string' \
	-- -n 'BEGIN { printf("%3", 1); }'
err printf_undefined 1 'dtrace: invalid probe specifier BEGIN { printf("%d %%%Z", 1, 2); }: [D_SYNTAX] format conversion #3 is undefined: %Z' \
	-- -n 'BEGIN { printf("%d %%%Z", 1, 2); }'
err printf_empty 1 'dtrace: invalid probe specifier BEGIN { printf(""); }: [D_PRINTF_FMT_EMPTY] printf( ) format string is empty' \
	-- -n 'BEGIN { printf(""); }'
# printf( )'s prototype (string, ...) and its constant format; trace( )'s.
err printf_noargs 1 'dtrace: invalid probe specifier BEGIN { printf(); }: [D_PROTO_LEN] printf( ) prototype mismatch: 0 args passed, at least 1 expected' \
	-- -n 'BEGIN { printf(); }'
err printf_int_fmt 1 'dtrace: invalid probe specifier BEGIN { printf(7); }: [D_PROTO_ARG] printf( ) argument #1 is incompatible with prototype:' \
	-- -n 'BEGIN { printf(7); }'
err printf_var_fmt 1 'dtrace: invalid probe specifier BEGIN { printf(execname); }: [D_PRINTF_ARG_FMT] printf( ) argument #1 is incompatible with prototype:' \
	-- -n 'BEGIN { printf(execname); }'
err trace_noargs 1 'dtrace: invalid probe specifier BEGIN { trace(); }: [D_PROTO_LEN] trace( ) prototype mismatch: 0 args passed, 1 expected' \
	-- -n 'BEGIN { trace(); }'
err trace_void 1 'dtrace: invalid probe specifier BEGIN { trace(exit(0)); }: [D_TRACE_VOID] trace( ) may not be applied to a void expression' \
	-- -n 'BEGIN { trace(exit(0)); }'
err trace_agg 1 'dtrace: invalid probe specifier BEGIN { @n = count(); trace(@n); }: [D_TRACE_DYN] trace( ) may not be applied to a dynamic expression' \
	-- -n 'BEGIN { @n = count(); trace(@n); }'
# %k takes a stack: dtrace's type error for anything else (ferret's D
# has no stack( ) value to give it).
err printf_stack 1 'dtrace: invalid probe specifier BEGIN { printf("%k", 1); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%k", 1); }'
"$FERRET" dtrace -n 'BEGIN { printf("%k", 1); }' 2>"$W/err" >/dev/null
printf '\tconversion: %%k\n\t prototype: stack\n\t  argument: int\n' >"$W/want"
if sed -n 2,4p "$W/err" | diff "$W/want" - >"$W/diff"; then
	ok printf_stack_proto
else
	bad printf_stack_proto "stderr lines 2-4 differ"
fi

# %wc: a wchar_t, an int, printed as %lc prints it.
same printf_wchar 0 "[A] [A]
[z] 
" -- -q -n 'BEGIN { printf("[%wc] [%lc]\n[%wc] ", 65, 65, 0x7a); exit(0); }'
err printf_wchar_type 1 'dtrace: invalid probe specifier BEGIN { printf("%wc", "x"); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%wc", "x"); }'

# %A names a user address in $target's address space as dtrace does:
# object`symbol+0xoffset, object`symbol at its start; an address no
# object holds stays hex.  The workload sleeps after its getloadavg() so
# that its mappings can be read when the record is printed.  The
# symbol's address, from the uprobe's own pc, is the test's fact.
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
	printf 'import os, time\nos.getloadavg()\ntime.sleep(0.5)\n' >"$W/la.py"
	timeout 30 "$FERRET" dtrace -q -c "$PY $W/la.py" \
		-n 'pid$target:libc.so.6:getloadavg:entry { printf("%A|%A|%A\n", uregs[R_PC],
		uregs[R_PC] + 3, 16); exit(0); }' >"$W/out" 2>"$W/err"
	if [ "$(head -1 "$W/out")" = 'libc.so.6`getloadavg|libc.so.6`getloadavg+0x3|0x10' ]; then
		ok printf_uaddr
	else
		bad printf_uaddr "got '$(head -1 "$W/out")': $(head -2 "$W/err")"
	fi
else
	echo "skip printf_uaddr: no python3"
	skip=$((skip + 1))
fi
