# Options: dtrace's words for a bad name or value (-x names the option
# without its value), the options a program may not set, empty programs,
# pspec, the preprocessor's __STDC__ under -X, and the buffer options.

cat >"$W/begin.d" <<'EOF'
BEGIN
{
	exit(0);
}
EOF
err opt_size_negative 1 "dtrace: failed to set -x bufsize: Invalid value for specified option" \
	-- -x bufsize=-1 -s "$W/begin.d"
err opt_size_suffix 1 "dtrace: failed to set -x dynvarsize: Invalid value for specified option" \
	-- -x dynvarsize=3q -s "$W/begin.d"
err opt_b_value 1 "dtrace: failed to set -b -5: Invalid value for specified option" \
	-- -b -5 -s "$W/begin.d"
err opt_strsize_min 1 "dtrace: failed to set -x strsize: Invalid value for specified option" \
	-- -x strsize=1 -s "$W/begin.d"
err opt_stdc_word 1 "dtrace: failed to set -x stdc: Invalid value for specified option" \
	-- -x stdc=q -s "$W/begin.d"
err opt_X_word 1 "dtrace: failed to set -X q: Invalid value for specified option" \
	-- -X q -s "$W/begin.d"
err opt_version_undef 1 "dtrace: failed to set -x version: Requested version is not supported by compiler" \
	-- -x version=3.1 -s "$W/begin.d"
err opt_version_form 1 "dtrace: failed to set -x version: Version is not properly formatted or is too large" \
	-- -x version=2.x -s "$W/begin.d"
err opt_flag_value 1 "dtrace: failed to set -x errtags: Invalid value for specified option" \
	-- -x errtags=yes -s "$W/begin.d"
err opt_rate_unit 1 "dtrace: failed to set -x switchrate: Invalid value for specified option" \
	-- -x switchrate=3parsecs -s "$W/begin.d"
err opt_policy_word 1 "dtrace: failed to set -x bufpolicy: Invalid value for specified option" \
	-- -x bufpolicy=spill -s "$W/begin.d"
err opt_unknown 1 "dtrace: failed to set -x nosuchoption: Invalid option name" \
	-- -x nosuchoption=1 -s "$W/begin.d"
same opt_accepted 0 "
" -- -q -x version=1.6.4 -x switchrate=10hz \
	-x aggrate=1ms -x bufresize=manual -x ldpath=/nowhere -s "$W/begin.d"

printf '#pragma D option modpath=/nowhere\nBEGIN { exit(0); }\n' >"$W/ctx.d"
err opt_pragma_ctx 1 "dtrace: failed to compile script $W/ctx.d: [D_PRAGMA_OPTSET] line 1: failed to set option 'modpath' to '/nowhere': Option cannot be used from within a D program" \
	-- -s "$W/ctx.d"
printf '\n#pragma D option stdc=a\nBEGIN { exit(0); }\n' >"$W/ctx2.d"
err opt_pragma_stdc 1 "dtrace: failed to compile script $W/ctx2.d: line 2: failed to set option 'stdc' to 'a': Option cannot be used from within a D program" \
	-- -s "$W/ctx2.d"
printf '#pragma D option iregs=6\nBEGIN { exit(0); }\n' >"$W/iregs.d"
err opt_iregs_few 1 "dtrace: failed to compile script $W/iregs.d: line 1: failed to set option 'iregs' to '6': Insufficient registers to generate code" \
	-- -s "$W/iregs.d"
printf '#pragma D option iregs=8\nBEGIN { exit(0); }\n' >"$W/iregs8.d"
same opt_iregs_all 0 "
" -- -q -s "$W/iregs8.d"

# An empty program: dtrace's D_EMPTY on the line after the last; with
# -x empty it compiles to nothing, and nothing matched.
printf '/*\n * nothing\n */\n\n#pragma D option quiet\n' >"$W/empty.d"
err empty_tag 1 "dtrace: failed to compile script $W/empty.d: [D_EMPTY] line 6: empty D program translation unit" \
	-- -s "$W/empty.d"
err empty_untagged 1 "dtrace: failed to compile script $W/empty.d: line 6: empty D program translation unit" \
	-- -s "$W/empty.d"
printf '/* nothing */\n' >"$W/empty2.d"
stderr empty_allowed 1 "dtrace: script '$W/empty2.d' matched 0 probes
dtrace: no probes matched
" -- -x empty -s "$W/empty2.d"
same empty_allowed_e 0 "" -- -x empty -e -s "$W/empty2.d"

# "int*x" is a declaration missing its ';' unless pspec makes it a
# description.
printf 'BEGIN { exit(0); }\n\nint*x\n' >"$W/pspec.d"
err pspec_off 1 "dtrace: failed to compile script $W/pspec.d: line 4: syntax error near end-of-input" \
	-- -s "$W/pspec.d"
err pspec_on 1 "dtrace: failed to compile script $W/pspec.d: line 3: expected predicate and/or actions following probe description" \
	-- -x pspec -s "$W/pspec.d"
printf '#pragma D option pspec\nBEGIN { exit(0); }\nint*x\n' >"$W/pspec2.d"
err pspec_pragma 1 "dtrace: failed to compile script $W/pspec2.d: [D_SYNTAX] line 3: expected predicate and/or actions following probe description" \
	-- -s "$W/pspec2.d"

# dtrace's getopt permutes: macro arguments may come before -s.
printf 'BEGIN { printf("%%d %%s\\n", $1, $$2); exit(0); }\n' >"$W/args.d"
same args_first 0 "7 seven

" -- -q 7 seven -s "$W/args.d"
printf 'BEGIN { trace($1); trace($2); exit(0); }\n' >"$W/defargs.d"
same defaultargs_x 0 "00
" -- -q -x defaultargs -s "$W/defargs.d"

# The preprocessor's __STDC__: defined in ISO modes (a, c, t: the
# default), not in K&R's (s); -U takes back a -D before it.
cat >"$W/stdc.d" <<'EOF'
#pragma D option quiet
BEGIN
{
#ifdef __STDC__
	printf("stdc %d\n", __STDC__);
#else
	printf("k&r\n");
#endif
#ifdef FOO
	printf("FOO %d\n", FOO);
#endif
	printf("D %x\n", __SUNW_D_VERSION);
	exit(0);
}
EOF
same stdc_default 0 "stdc 1
FOO 2
D 2000000

" -- -C -D FOO=2 -s "$W/stdc.d"
same stdc_t 0 "stdc 1
D 2000000

" -- -C -x stdc=t -s "$W/stdc.d"
same stdc_s 0 "k&r
D 2000000

" -- -C -X s -D FOO=2 -U FOO -s "$W/stdc.d"
# -x define, undef and incdir are -D, -U and -I, and like them they
# apply to a script named before them.
same x_define 0 "stdc 1
FOO 3
D 2000000

" -- -s "$W/stdc.d" -x define=FOO=3 -C
same x_undef 0 "k&r
D 2000000

" -- -s "$W/stdc.d" -x define=FOO=3 -x undef=__STDC__ -x undef=FOO -C
mkdir -p "$W/inc"
printf '#define GREETING "from incdir"\n' >"$W/inc/greet.h"
printf '#include <greet.h>\nBEGIN { printf("%%s\\n", GREETING); exit(0); }\n' >"$W/incl.d"
same x_incdir 0 "from incdir

" -- -q -C -x incdir="$W/inc" -s "$W/incl.d"

# A header of the script's own (beside it, or in an -I directory) is
# read, as dtrace's cpp reads it: its macros, conditionals, nested
# headers, include guards and D declarations hold for the text after it,
# whose line numbers stay true.
mkdir -p "$W/h"
cat >"$W/h/a.h" <<'EOF'
#ifndef A_H
#define A_H
#include "b.h"	// beside a.h
#define TWICE(x) ((x) * 2)
inline int answer = TWICE(B_HALF); /* a D inline */
typedef struct pair { int a; int b; } pair_t;
#endif
EOF
cat >"$W/h/b.h" <<'EOF'
#define B_HALF 21
#if B_HALF > 20
#define BIG "yes"
#endif
EOF
printf '#include "self.h"\n' >"$W/h/self.h"
printf '#define OK 1\n#if\n#endif\n' >"$W/h/bad.h"
cat >"$W/hdr.d" <<'EOF'
#include "a.h"
#include <a.h>
BEGIN { printf("%d %s %d\n", answer, BIG, sizeof(pair_t)); }
BEGIN { printf("%d\n", __LINE__); exit(0); }
EOF
same header_read 0 "42 yes 8
4

" -- -q -C -I "$W/h" -s "$W/hdr.d"
printf '#include <self.h>\nBEGIN { exit(0); }\n' >"$W/self.d"
err header_self 1 "$W/h/self.h:1:1: error: #include nested more than 32 deep" -- \
	-C -I "$W/h" -s "$W/self.d"
printf '#include <bad.h>\nBEGIN { exit(0); }\n' >"$W/bad.d"
err header_error_located 1 "$W/h/bad.h:2:1: error: invalid expression in #if" -- \
	-C -I "$W/h" -s "$W/bad.d"

# Buffers.  Each clause's record takes DTrace's 4-byte EPID and its data
# in the CPU's principal buffer (an int 4 bytes); tick-1ms fires on one
# CPU.  fill: the run stops when the next record does not fit.
cat >"$W/fill.d" <<'EOF2'
#pragma D option bufpolicy=fill
#pragma D option bufsize=40
#pragma D option quiet
int i;
tick-1ms { printf("%d\n", i++); }
tick-1ms { printf("%d\n", i++); }
tick-1ms { printf("%d\n", i++); }
tick-1ms /i > 50/ { exit(1); }
EOF2
same buf_fill 0 "0
1
2
3
4

" -- -s "$W/fill.d"

# ring: the most recent records, printed when tracing stops (the exit()
# clause's record is one of them).
cat >"$W/ring.d" <<'EOF2'
#pragma D option bufpolicy=ring
#pragma D option bufsize=32
#pragma D option quiet
int n;
tick-1ms /n < 20/ { printf("%d\n", n++); }
tick-1ms /n == 20/ { exit(0); }
EOF2
same buf_ring 0 "17
18
19

" -- -s "$W/ring.d"
# Not quiet, the labels are records' parts; a 64-bit value is aligned
# to 8 bytes after the EPID.
cat >"$W/ring2.d" <<'EOF2'
#pragma D option bufpolicy=ring
#pragma D option bufsize=32
int n;
tick-1ms /n < 5/ { trace((int64_t)n); n++; }
tick-1ms /n == 5/ { exit(0); }
EOF2
same buf_ring_labels 0 "                   FUNCTION:NAME
                       :tick-1ms                    4
                       :tick-1ms 

" -- -s "$W/ring2.d"

# switch: what does not fit before the next switch is dropped, and told
# by CPU; exit() takes effect all the same.
cat >"$W/switch.d" <<'EOF2'
#pragma D option bufsize=32
#pragma D option switchrate=10s
#pragma D option quiet
int n;
tick-1ms /n < 50/ { printf("%d\n", n++); }
tick-1ms /n == 50/ { exit(0); }
EOF2
same buf_switch 0 "0
1
2
3

" -- -s "$W/switch.d"
if grep -qxE 'dtrace: 47 drops on CPU [0-9]+' "$W/err" &&
   [ "$(wc -l <"$W/err")" = 1 ]; then
	ok buf_switch_drops
else
	rm -f "$W/diff"
	bad buf_switch_drops "stderr: $(head -3 "$W/err")"
fi

# Sizes too small: dtrace-utils' check of a perf header and its largest
# record (16 bytes of header; an ERROR clause's carries five arguments),
# and under fill DTrace's reserve for END's records.
cat >"$W/small.d" <<'EOF2'
BEGIN { exit(0); }
ERROR { exit(1); }
EOF2
stderr buf_too_small 1 "dtrace: script '$W/small.d' matched 2 probes
dtrace: could not enable tracing: Enabling exceeds size of buffer
" -- -b 63 -s "$W/small.d"
same buf_just_enough 0 "
" -- -q -b 64 -s "$W/small.d"
err buf_zero 1 "dtrace: script '$W/small.d' matched 2 probes" \
	-- -x bufsize=0 -s "$W/small.d"
cat >"$W/end.d" <<'EOF2'
#pragma D option bufpolicy=fill
#pragma D option bufsize=64
#pragma D option strsize=64
BEGIN { exit(0); }
END { trace(execname); }
EOF2
stderr buf_end_reserve 1 "dtrace: script '$W/end.d' matched 2 probes
dtrace: could not enable tracing: END enablings exceed size of principal buffer
" -- -s "$W/end.d"

# -x cpu: probes fire on that CPU alone, profile's and tick's timers
# are there, and BEGIN and END run there; a process pinned to the other
# CPU makes system calls nothing traces.  A CPU that is not online is an
# invalid value.  The CPU is kept busy meanwhile: on this VM an idle
# CPU's cpu-clock timers fire late (perf record -e cpu-clock -C 1 on an
# idle CPU 1 takes 2 to 9 of its 20 samples in 2 s), which would hold up
# the tick for any tracer.
if [ "$(nproc)" -ge 2 ]; then
	for c in 0 1; do
		taskset -c $c timeout 60 sh -c 'while :; do :; done' &
		busy=$!
		same "cpu=$c: BEGIN, profile, tick and END on CPU $c" 0 "begin $c
tick $c
end $c
$c

" -- -q -x cpu=$c -n 'BEGIN { printf("begin %d\n", cpu); } profile-997 { @[cpu] = count(); }
		tick-300ms { printf("tick %d\n", cpu); exit(0); } END { printf("end %d\n", cpu); printa("%d\n", @); }'
		kill $busy
		wait $busy 2>/dev/null
		o=$((1 - c))
		printf 'for i in 1 2 3 4 5; do /bin/true; done\n' >"$W/five.sh"
		for on in $c $o; do
			[ $on = $c ] && want="5

" || want="
"
			same "cpu=$c: the system calls of a process on CPU $on" 0 "$want" -- -q -x cpu=$c \
				-c "taskset -c $on /bin/sh $W/five.sh" \
				-n 'syscall::execve:return /progenyof($target) && execname == "true"/ { @ = count(); }
				END { printa("%@d\n", @); }'
		done
	done
else
	echo "skip cpu=N: one CPU online"
	skip=$((skip + 1))
fi
err cpu_offline 1 "dtrace: failed to set -x cpu: Invalid value for specified option" -- \
	-x cpu=4096 -n 'BEGIN { exit(0); }'
# statusrate: dtrace sees an exit() at its next status check, one a
# statusrate from the start, so END comes that much later (here the
# check at 2 s after an exit() at 300 ms); without it, at once.
cat >"$W/statusrate.d" <<'EOF2'
#pragma D option quiet
tick-300ms { ts = timestamp; exit(0); }
END /timestamp - ts > 1000000000 && timestamp - ts < 10000000000/ { printf("waited\n"); }
END /timestamp - ts <= 1000000000/ { printf("at once\n"); }
EOF2
same statusrate_waits 0 "waited

" -- -x statusrate=2s -s "$W/statusrate.d"
same statusrate_default 0 "at once

" -- -s "$W/statusrate.d"
# Dynamic variables: dynvarsize holds as many as dtrace-utils' map does,
# dynvarsize over a tuple (8 bytes an integer key, 8 for the thread key)
# and the value's D type (an int: 100 / 20 = 5 of a[int], 100 / 28 = 3 of
# b[int, int]); a store that finds no room is a drop, told as dtrace
# tells it, and the element stays unset.
cat >"$W/dynvar.d" <<'EOF2'
#pragma D option dynvarsize=100
#pragma D option quiet
int n;
tick-1ms /n++ < 10/ { a[n] = n; }
tick-1ms /n == 10/ { exit(0); }
END { printf("%d %d %d\n", a[1], a[5], a[6]); }
EOF2
same dynvar_one 0 "1 5 0

" -- -s "$W/dynvar.d"
if [ "$(cat "$W/err")" = "dtrace: 5 dynamic variable drops" ]; then
	ok dynvar_one_drops
else
	rm -f "$W/diff"
	bad dynvar_one_drops "stderr: $(head -3 "$W/err")"
fi
cat >"$W/dynvar2.d" <<'EOF2'
#pragma D option dynvarsize=100
#pragma D option quiet
int n;
tick-1ms /n++ < 5/ { b[n, n] = n; }
tick-1ms /n == 5/ { exit(0); }
END { printf("%d %d %d %d\n", b[1, 1], b[2, 2], b[3, 3], b[4, 4]); }
EOF2
same dynvar_two_keys 0 "1 2 3 0

" -- -s "$W/dynvar2.d"
if [ "$(cat "$W/err")" = "dtrace: 2 dynamic variable drops" ]; then
	ok dynvar_two_keys_drops
else
	rm -f "$W/diff"
	bad dynvar_two_keys_drops "stderr: $(head -3 "$W/err")"
fi
# Storing 0 frees the element's room: three of a[int] fit in 60 bytes,
# and a fourth after one of them is set to 0; self->x = 0 deletes too.
cat >"$W/dynvar0.d" <<'EOF2'
#pragma D option dynvarsize=60
#pragma D option quiet
BEGIN
{
	self->x = 5;
	self->x = 0;
	a[1] = 1; a[2] = 2; a[3] = 3;
	a[1] = 0;
	a[4] = 4;
	printf("%d %d%d%d%d\n", self->x, a[1], a[2], a[3], a[4]);
	exit(0);
}
EOF2
same dynvar_zero_frees 0 "0 0234

" -- -s "$W/dynvar0.d"
if [ ! -s "$W/err" ]; then
	ok dynvar_zero_frees_no_drops
else
	rm -f "$W/diff"
	bad dynvar_zero_frees_no_drops "stderr: $(head -3 "$W/err")"
fi
# setopt() while tracing, as dtrace takes it: a dynamic option is set,
# a compile-time one checked, a run-time one refused whatever its value,
# a bad value and an unknown name reported, and tracing goes on.
same setopt_runtime 0 "[abc]

" -- -q -n 'BEGIN {
	setopt("quiet", "no"); setopt("version", "1.0"); setopt("errtags");
	setopt("bufsize", "junk"); setopt("quiet", "maybe"); setopt("nope");
	setopt("switchrate", "10hz"); setopt("aggrate", "0.5hz");
	setopt("quiet", "yes"); printf("[%s]\n", "abc");
	exit(0); }'
sed 's/probe ID [0-9]*/probe ID N/' "$W/err" >"$W/err.p"
cat >"$W/err.want" <<'EOF2'
dtrace: error in dt_clause_0 for probe ID N (dtrace:::BEGIN): couldn't set option "errtags" to "1": Invalid value for specified option

dtrace: error in dt_clause_0 for probe ID N (dtrace:::BEGIN): couldn't set option "bufsize" to "junk": Operation illegal when tracing is active

dtrace: error in dt_clause_0 for probe ID N (dtrace:::BEGIN): couldn't set option "quiet" to "maybe": Invalid value for specified option

dtrace: error in dt_clause_0 for probe ID N (dtrace:::BEGIN): couldn't set option "nope" to "1": Invalid option name

dtrace: error in dt_clause_0 for probe ID N (dtrace:::BEGIN): couldn't set option "aggrate" to "0.5hz": Invalid value for specified option

EOF2
if diff "$W/err.want" "$W/err.p" >"$W/diff"; then
	ok setopt_runtime_errors
else
	bad setopt_runtime_errors "stderr differs (< expected, > ferret)"
fi

# -P, -m and -f name a description's first fields, read from the right
# as dtrace reads them (a leading ':' starts no field); more fields than
# that are overspecified, quoted as given.
err spec_provider_over 1 "dtrace: invalid probe specifier profile:::profile-97: [D_PDESC_INVAL] invalid probe description \"profile:::profile-97\": Overspecified probe description" -- \
	-P profile:::profile-97
err spec_module_over 1 "dtrace: invalid probe specifier :genunix::: [D_PDESC_INVAL] invalid probe description \":genunix::\": Overspecified probe description" -- \
	-m :genunix::
err spec_function_fields 1 "dtrace: invalid probe specifier ::read:: [D_PDESC_ZERO] probe description :read:: does not match any probes" -- \
	-f ::read:
same spec_function_read 0 "   ID   PROVIDER            MODULE                          FUNCTION NAME
$("$FERRET" dtrace -l -n 'syscall::read:' | tail -n +2)
" -- -l -f read
# "profile" alone is every profile probe dtrace lists.
same spec_provider_all 0 "done

" -- -q -P 'profile { printf("done\n"); exit(0); }'

# -i: probes by the number dtrace -l gives them; a number none has is
# dtrace's unknown probe identifier.
same probe_id_list 0 "   ID   PROVIDER            MODULE                          FUNCTION NAME
    2     dtrace                                                     END
" -- -l -i 2
same probe_id_clause 0 "1
" -- -q -i '1 { trace(1); exit(0); }'
err probe_id_unknown 1 "dtrace: invalid probe specifier 0: [D_PDESC_INVAL] invalid probe identifier 0: Unknown probe identifier" -- \
	-i 0

# Each program must reference the last argument, unless -x argref (or
# its pragma) says otherwise: dtrace's D_MACRO_UNUSED, at a script's
# last line.
err args_extraneous 1 "dtrace: invalid probe specifier BEGIN { exit(0); }: [D_MACRO_UNUSED] extraneous argument 'foo' (\$1 is not referenced)" -- \
	-n 'BEGIN { exit(0); }' foo
err args_extraneous_last 1 "dtrace: invalid probe specifier BEGIN { trace(\$1); exit(0); }: [D_MACRO_UNUSED] extraneous argument 'b' (\$2 is not referenced)" -- \
	-n 'BEGIN { trace($1); exit(0); }' a b
printf 'BEGIN\n{\n\texit(0);\n}\n' >"$W/noargs.d"
err args_extraneous_script 1 "dtrace: failed to compile script $W/noargs.d: [D_MACRO_UNUSED] line 5: extraneous argument '2' (\$2 is not referenced)" -- \
	-s "$W/noargs.d" 1 2
same args_argref 0 "
" -- -q -x argref -n 'BEGIN { exit(0); }' foo
printf '#pragma D option argref\nBEGIN\n{\n\texit(0);\n}\n' >"$W/argref.d"
same args_argref_pragma 0 "
" -- -q -s "$W/argref.d" foo
same args_referenced 0 "b

" -- -q -n 'BEGIN { printf("%s\n", $$2); exit(0); }' a b

# -64 is the data model there is; -32 is refused.  -e with no program
# has nothing to do.  -p of a process that is not there is dtrace's
# failure to grab it.
same model_64 0 "8

" -- -64 -q -n 'BEGIN { printf("%d\n", sizeof(long)); exit(0); }'
err model_32 2 "dtrace: -32 is not supported: ferret compiles D for the 64-bit data model (LP64) only" -- \
	-32 -n 'BEGIN { exit(0); }'
same compile_nothing 0 "" -- -b 1g -e
err grab_missing 1 "dtrace: No such process" -- -p 2147483646 -n 'BEGIN { exit(0); }'
