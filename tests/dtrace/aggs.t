# Aggregations as DTrace prints them: stddev(), llquantize(), the
# quantizing increments, clear(), trunc(), normalize(), denormalize(),
# the sorting options (-x, #pragma, setopt()), joined printa(), key
# columns in D's integer widths, negative values, empty aggregations,
# and arguments DTrace rejects, in its words.

# stddev(): DTrace's integer square root of the mean of the squares less
# the square of the mean, sorted by it; %@ takes it as an unsigned value.
cat >"$W/stddev.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@spread["even"] = stddev(2);
	@spread["even"] = stddev(4);
	@spread["even"] = stddev(6);
	@spread["even"] = stddev(8);
	@spread["mixed"] = stddev(-40);
	@spread["mixed"] = stddev(10);
	@spread["mixed"] = stddev(75);
	@spread["one"] = stddev(123456789);
	@big = stddev(9000000000);
	@big = stddev(9000004000);
	@big = stddev(8999996000);
	printa("%-6s %@u\n", @spread);
	exit(0);
}
EOF
same stddev 0 "one    0
even   2
mixed  47

             3265
" -- -s "$W/stddev.d"

# llquantize(): log ranges of linear steps, negative ranges, the
# underflow bucket ("0" when lmag is 0, "abs() < n" when negative values
# are shown), both overflows, increments, half bars for mixed signs.
cat >"$W/llquant.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@lat = llquantize(3, 10, 0, 2, 5);
	@lat = llquantize(12, 10, 0, 2, 5);
	@lat = llquantize(47, 10, 0, 2, 5);
	@lat = llquantize(47, 10, 0, 2, 5);
	@lat = llquantize(250, 10, 0, 2, 5);
	@lat = llquantize(999, 10, 0, 2, 5);
	@lat = llquantize(5000, 10, 0, 2, 5);
	@lat = llquantize(-30, 10, 0, 2, 5);
	@w["b"] = llquantize(-9, 2, 1, 3, 4, 3);
	@w["b"] = llquantize(1, 2, 1, 3, 4, 2);
	@w["b"] = llquantize(20, 2, 1, 3, 4, -1);
	@w["a"] = llquantize(7, 2, 1, 3, 4);
	exit(0);
}
EOF
same llquantize 0 "

           value  ------------- Distribution ------------- count    
             -40 |                                         0        
             -20 |@@@@@                                    1        
             -10 |                                         0        
              -8 |                                         0        
              -6 |                                         0        
              -4 |                                         0        
              -2 |                                         0        
              -1 |                                         0        
               0 |                                         0        
               1 |                                         0        
               2 |@@@@@                                    1        
               4 |                                         0        
               6 |                                         0        
               8 |                                         0        
              10 |@@@@@                                    1        
              20 |                                         0        
              40 |@@@@@@@@@@                               2        
              60 |                                         0        
              80 |                                         0        
             100 |                                         0        
             200 |@@@@@                                    1        
             400 |                                         0        
             600 |                                         0        
             800 |@@@@@                                    1        
         >= 1000 |@@@@@                                    1        

  b                                                 
           value  ------------- Distribution ------------- count    
             -12                     |                     0        
              -8                     |@@@@@@@@@@           3        
              -6                     |                     0        
              -4                     |                     0        
              -3                     |                     0        
              -2                     |                     0        
       abs() < 2                     |@@@@@@@              2        
               2                     |                     0        
               3                     |                     0        
               4                     |                     0        
               6                     |                     0        
               8                     |                     0        
              12                     |                     0        
           >= 16                  @@@|                     -1       

  a                                                 
           value  ------------- Distribution ------------- count    
               4 |                                         0        
               6 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
               8 |                                         0        

" -- -s "$W/llquant.d"

# With steps above the factor and lmag 0, some buckets of the first range
# take no value: they are not shown, and an edge row that would be one
# takes the label of its neighbour further out.
same llquantize_ghost 0 "

           value  ------------- Distribution ------------- count    
              -2 |                                         0        
              -1 |@@@@@@@@@@                               1        
               0 |                                         0        
               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        
               2 |                                         0        

" -- -q -n 'BEGIN { @ = llquantize(-1, 2, 0, 1, 4); @ = llquantize(1, 2, 0, 1, 4, 3); exit(0); }'

# Negative values, multi-key columns in D's widths (char, short, int,
# long long, string), increments and negative counts in quantize() and
# lquantize(), and aggregations left empty (not printed).
cat >"$W/neg.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@neg["sum"] = sum(-5);
	@neg["sum"] = sum(-6);
	@low["min"] = min(3);
	@low["min"] = min(-9);
	@high["max"] = max(-9);
	@high["max"] = max(-4);
	@mean["avg"] = avg(-7);
	@mean["avg"] = avg(2);
	@k[(char)-3, (short)300, 70000, (long long)-1, "tag"] = count();
	@k[(char)5, (short)-1, -70000, (long long)8, "a"] = count();
	@k[(char)5, (short)-1, -70000, (long long)8, "a"] = count();
	@never = sum(1);
	@neverk["x"] = count();
	trunc(@never);
	trunc(@neverk);
	@q["neg"] = quantize(-1);
	@q["neg"] = quantize(-300, 2);
	@q["neg"] = quantize(5, -1);
	@l = lquantize(-25, -20, 20, 10);
	@l = lquantize(3, -20, 20, 10, 4);
	@l = lquantize(25, -20, 20, 10, 2);
	exit(0);
}
EOF
same negative_and_widths 0 "
  sum                                                             -11
  min                                                              -9
  max                                                              -4
  avg                                                              -2
 253   300    70000               -1  tag                                                               1
   5 65535   -70000                8  a                                                                 2
  neg                                               
           value  ------------- Distribution ------------- count    
            -512                     |                     0        
            -256                     |@@@@@@@@@@           2        
            -128                     |                     0        
             -64                     |                     0        
             -32                     |                     0        
             -16                     |                     0        
              -8                     |                     0        
              -4                     |                     0        
              -2                     |                     0        
              -1                     |@@@@@                1        
               0                     |                     0        
               1                     |                     0        
               2                     |                     0        
               4                @@@@@|                     -1       
               8                     |                     0        


           value  ------------- Distribution ------------- count    
           < -20 |@@@@@@                                   1        
             -20 |                                         0        
             -10 |                                         0        
               0 |@@@@@@@@@@@@@@@@@@@@@@@                  4        
              10 |                                         0        
           >= 20 |@@@@@@@@@@@                              2        

" -- -s "$W/neg.d"

# clear() zeroes the values and keeps the keys; later values start from
# zero.  A printed aggregation is not printed again at exit.
cat >"$W/clear.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@n["ant"] = sum(50);
	@n["bee"] = sum(-7);
	@n["cat"] = sum(12);
	@q = quantize(3);
	@q = quantize(40);
	printf("before:");
	printa(@n);
	clear(@n);
	clear(@q);
	printf("after:");
	printa(@n);
	printa(@q);
}

tick-1ms
/i++ == 3/
{
	@n["cat"] = sum(1);
	@n["dog"] = sum(-2);
	printf("later:");
	printa(@n);
	exit(0);
}
EOF
same clear 0 "before:
  bee                                                              -7
  cat                                                              12
  ant                                                              50
after:
  ant                                                               0
  bee                                                               0
  cat                                                               0


           value  ------------- Distribution ------------- count    
              -1 |                                         0        
               0 |                                         0        
               1 |                                         0        

later:
  dog                                                              -2
  ant                                                               0
  bee                                                               0
  cat                                                               1

" -- -s "$W/clear.d"

# A cleared min() holds INT64_MAX and a cleared max() INT64_MIN, as in
# DTrace, until values come; a joined key one lacks shows 0.
same clear_minmax 0 "
  x                                                  9223372036854775807

  x                                                  -9223372036854775808

  y                                                                 0               -3
  x                                                                 7 -9223372036854775808

" -- -q -n 'BEGIN { @a["x"] = min(5); @b["x"] = max(5); clear(@a); clear(@b);
	printa(@a); printa(@b); }
	tick-1ms /i++ == 2/ { @a["x"] = min(7); @b["y"] = max(-3); printa(@a, @b); exit(0); }'

# trunc(@a, n) keeps the n largest values, trunc(@a, -n) the n smallest
# (ties by key), trunc(@a) none; a quantize weighs its buckets.
cat >"$W/trunc.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	i = 0;
}

tick-1ms
/i < 12/
{
	@top[i] = sum(i * 3 - 10);
	@low[i] = count();
	@low[i % 4] = count();
	@all[i] = count();
	@q[i % 3] = quantize(i);
	i++;
}

tick-1ms
/i == 12/
{
	trunc(@top, 3);
	trunc(@low, -2);
	trunc(@all);
	trunc(@q, 1);
	printa(@top);
	printa(@low);
	printa(@all);
	printa(@q);
	exit(0);
}
EOF
same trunc 0 "
        9               17
       10               20
       11               23

        4                1
        5                1


        2
           value  ------------- Distribution ------------- count    
               1 |                                         0        
               2 |@@@@@@@@@@                               1        
               4 |@@@@@@@@@@                               1        
               8 |@@@@@@@@@@@@@@@@@@@@                     2        
              16 |                                         0        


" -- -s "$W/trunc.d"

# normalize() divides what is printed (bars keep their length);
# denormalize() undoes it.
cat >"$W/normal.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	i = 0;
}

tick-1ms
/i < 10/
{
	@bytes[i % 2 ? "odd" : "even"] = sum(i * 100);
	@mean = avg(i * 10);
	@hits = count();
	@dist = lquantize(i, 0, 10, 5);
	@back = sum(i);
	i++;
}

tick-1ms
/i == 10/
{
	normalize(@bytes, 4);
	printa("%s %@d\n", @bytes);
	normalize(@mean, 3);
	normalize(@hits, 2);
	normalize(@dist, 5);
	normalize(@back, 9);
	denormalize(@back);
	exit(0);
}
EOF
same normalize 0 "even 500
odd 625

               15
                5

           value  ------------- Distribution ------------- count    
             < 0 |                                         0        
               0 |@@@@@@@@@@@@@@@@@@@@                     1        
               5 |@@@@@@@@@@@@@@@@@@@@                     1        
           >= 10 |                                         0        

               45
" -- -s "$W/normal.d"

# Joined printa(): one row per key of any of the aggregations (zero where
# one lacks it), sorted by the first's values, or the aggsortpos-th's;
# setopt() changes the sorting options while tracing, and warns for an
# option it cannot set.
cat >"$W/join.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	@calls["read", 3] = count();
	@calls["read", 3] = count();
	@calls["write", 1] = count();
	@calls["open", 7] = count();
	@calls["open", 7] = count();
	@calls["open", 7] = count();
	@bytes["read", 3] = sum(4096);
	@bytes["write", 1] = sum(80);
	@bytes["close", 2] = sum(0);
	@worst["read", 3] = max(900);
	@worst["open", 7] = max(-5);
	printa(@calls, @bytes, @worst);
	printa("%-6s fd %d: %@d calls, %@d bytes, worst %@d\n", @calls, @bytes, @worst);
	setopt("aggsortpos", "1");
	printa("%-6s %@d %@d\n", @calls, @bytes);
	setopt("aggsortkey");
	setopt("aggsortkeypos", "1");
	printa("%-6s %d %@d\n", @calls);
	setopt("aggsortrev", "yes");
	printa("%-6s %d %@d\n", @calls);
	setopt("aggsortkey", "false");
	setopt("aggsortkeypos", "0");
	setopt("aggsortnope");
	printa("%-6s %d %@d\n", @calls);
	exit(0);
}
EOF
same joined 0 "
  close                                                     2                0                0                0
  write                                                     1                1               80                0
  read                                                      3                2             4096              900
  open                                                      7                3                0               -5
close  fd 2: 0 calls, 0 bytes, worst 0
write  fd 1: 1 calls, 80 bytes, worst 0
read   fd 3: 2 calls, 4096 bytes, worst 900
open   fd 7: 3 calls, 0 bytes, worst -5
close  0 0
open   3 0
write  1 80
read   2 4096
write  1 1
read   3 2
open   7 3
open   7 3
read   3 2
write  1 1
open   7 3
read   3 2
write  1 1

" -- -s "$W/join.d"
if grep -qx 'dtrace: error in dt_clause_0 for probe ID [0-9]* (dtrace:::BEGIN): couldn'"'"'t set option "aggsortnope" to "1": Invalid option name' "$W/err"; then
	ok setopt_warning
else
	bad setopt_warning "stderr: $(cat "$W/err")"
fi

# The sorting options from the command line and #pragma: by key from
# its second field, and reversed (the aggregations too, at exit).
cat >"$W/sort.d" <<'EOF'
#pragma D option quiet
#pragma D option aggsortkeypos=1

BEGIN
{
	@a["x", 3] = sum(1);
	@a["y", 1] = sum(2);
	@a["z", 2] = sum(3);
	@b[1] = count();
	exit(0);
}
EOF
same sort_key 0 "
  y                                                         1                2
  z                                                         2                3
  x                                                         3                1
        1                1
" -- -x aggsortkey -s "$W/sort.d"
same sort_rev 0 "
        1                1
  z                                                         2                3
  y                                                         1                2
  x                                                         3                1
" -- -x aggsortrev -s "$W/sort.d"
same sort_off 0 "
  x                                                         3                1
  y                                                         1                2
  z                                                         2                3
        1                1
" -- -x aggsortkey=false -x aggsortrev=off -s "$W/sort.d"

# Arguments DTrace rejects, located and in its words.
e() {
	printf 'BEGIN\n{\n\t%s\n}\n' "$2" >"$W/e.d"
	err "$1" 1 "dtrace: failed to compile script $W/e.d: line 3: $3" -- -s "$W/e.d"
}
e stddev_string '@a = stddev("x");' 'stddev( ) argument #1 must be of scalar type'
e stddev_none '@a = stddev();' 'stddev( ) prototype mismatch: 0 args passed, 1 expected'
e count_arg '@a = count(1);' 'count( ) prototype mismatch: 1 arg passed, 0 expected'
e quantize_many '@a = quantize(1, 1, 2);' 'quantize( ) prototype mismatch: 3 args passed, at most 2 expected'
e llq_few '@a = llquantize(1, 10, 0, 2);' 'llquantize( ) prototype mismatch: 4 args passed, at least 5 expected'
e llq_factor '@a = llquantize(1, 1, 0, 2, 10);' 'llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2'
e llq_steps '@a = llquantize(1, 10, 0, 2, 3);' 'llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor'
e llq_square '@a = llquantize(1, 2, 0, 2, 8);' 'llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0'
e llq_hmag '@a = llquantize(1, 10, 3, 2, 10);' 'llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)'
e llq_overflow '@a = llquantize(1, 2, 0, 70, 4);' 'llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits'
e llq_nonconst 'x = 4; @a = llquantize(1, 10, 0, 2, x);' 'llquantize( ) argument #4 must be a non-zero positive integer constant'
e llq_match '@a = llquantize(1, 10, 0, 2, 10); @a = llquantize(2, 5, 0, 2, 5);' "llquantize() factor (argument #1) doesn't match previous declaration: expected 10, found 5"
e llq_incr '@a = llquantize(1, 10, 0, 2, 10, "s");' 'llquantize( ) increment value (argument #6) must be of scalar type'
e lq_bounds '@a = lquantize(1, 10, 10);' 'lquantize( ) base (argument #1) must be less than limit (argument #2)'
e lq_step '@a = lquantize(1, 0, 10, 20);' 'lquantize( ) step (argument #3) too large: must have at least one quantization level'
e lq_match '@a = lquantize(1, 0, 10, 2); @a = lquantize(1, 0, 12, 2);' "lquantize( ) limit (argument #2) doesn't match previous declaration: expected 10, found 12"
e clear_scalar 'x = 1; clear(x);' 'clear( ) argument #1 is incompatible with prototype:'
e trunc_many '@a = count(); trunc(@a, 1, 2);' 'trunc( ) prototype mismatch: 3 args passed, at most 2 expected'
e trunc_string '@a = count(); trunc(@a, "x");' 'trunc( ) argument #2 is incompatible with prototype:'
e normalize_one '@a = count(); normalize(@a);' 'normalize( ) prototype mismatch: 1 arg passed, 2 expected'
e normalize_string '@a = count(); normalize(@a, "x");' 'normalize( ) argument #2 must be of scalar type'
e denormalize_undef 'denormalize(@nosuch);' 'undefined aggregation: @nosuch'
e setopt_int 'setopt(1);' 'setopt( ) argument #1 is incompatible with prototype:'

# setopt()'s value may be computed when the clause runs: its text is
# recorded and the option set from it.
same setopt_computed 0 "key 2 1
key 1 5
key 1 5
key 2 1

" -- -q -n 'BEGIN {
	@a[1] = sum(5);
	@a[2] = sum(1);
	printa("key %d %@d\n", @a);
	j = 1;
	setopt("aggsortrev", j > 0 ? lltostr(j) : "0");
	printa("key %d %@d\n", @a);
	exit(0); }'

# A program may use at most 64 maps and each aggregation is one: a
# clause that updates more goes on in tail-called programs, split
# between statements, in BEGIN and on an event alike.
{
	echo '#pragma D option quiet'
	echo 'BEGIN {'
	for i in $(seq 0 149); do
		case $((i % 5)) in
		0) echo "	@s$i[$i] = sum($i);" ;;
		1) echo "	@s$i[$i] = count();" ;;
		2) echo "	@s$i[$i] = max($i * 2);" ;;
		3) echo "	@s$i[$i] = min(-$i);" ;;
		4) echo "	@s$i[$i] = avg($i * 3);" ;;
		esac
	done
	echo '	printa("%d %@d %@d %@d %@d %@d\n", @s145, @s146, @s147, @s148, @s149);'
	echo '	printa("%d %@d\n", @s0);'
	echo '	exit(0);'
	echo '}'
} >"$W/many.d"
# At the exit, each aggregation printa() has not shown, in order.
want=$(for i in $(seq 1 144); do
	case $((i % 5)) in
	0) v=$i ;; 1) v=1 ;; 2) v=$((i * 2)) ;; 3) v=-$i ;; 4) v=$((i * 3)) ;;
	esac
	printf '%9d%17d\n' $i $v
done)
same many_aggs 0 "148 0 0 0 -148 0
149 0 0 0 0 447
147 0 0 294 0 0
146 0 1 0 0 0
145 145 0 0 0 0
0 0

$want
" -- -s "$W/many.d"
{
	echo 'syscall::getppid:entry /pid == $target/ {'
	for i in $(seq 0 99); do echo "	@c$i = count();"; done
	echo '}'
	echo 'END { printa("%@d\n", @c0); printa("%@d\n", @c99); exit(0); }'
} >"$W/many-ev.d"
if timeout 30 "$FERRET" dtrace -q -s "$W/many-ev.d" -c "$BUILD/tests/workload getppid 7" >"$W/out" 2>"$W/err" &&
	[ "$(grep -c '^ *7$' "$W/out")" = 100 ] && [ ! -s "$W/err" ]; then
	ok many_aggs_event
else
	bad many_aggs_event "not 98 counts and 2 printa() lines of 7: $(sort "$W/out" | uniq -c | head -3) $(head -2 "$W/err")"
fi
{
	echo 'BEGIN {'
	echo '	printf("x\n");'
	for i in $(seq 0 69); do echo "	@c$i = count();"; done
	echo '}'
} >"$W/many-rec.d"
err many_aggs_after_output 1 "dtrace: failed to compile script $W/many-rec.d: line 65: this statement takes the probe past 64 maps, the most one BPF program may use; a probe goes on in another program only where its variables are integers, before it sends output" -- -s "$W/many-rec.d"

# printa's %s takes a key D names in user space (probefunc, probename),
# as any string.
same printa_probe_name_keys 0 "[] [BEGIN] 1
[tick-10ms] 3

" -- -q -n 'BEGIN { @b[probefunc, probename] = count(); printa("[%s] [%s] %@d\n", @b); }
	tick-10ms /i++ < 3/ { @t[probename] = count(); }
	tick-10ms /i == 4/ { printa("[%s] %@d\n", @t); exit(0); }'

# -x aggrate: printa() shows a copy of the aggregation taken at most once
# an aggrate (the first by the first printa(), the next when a printa()
# or the switchrate's tick finds one due, an aggrate after the last);
# END's printa(), after tracing stops, shows it whole.  The first write
# takes the first copy, two more 50 ms later show it, and two after a
# 600 ms sleep show the copy taken 400 ms after the first.
cat >"$W/aggrate.d" <<'EOF'
#pragma D option quiet
#pragma D option switchrate=50ms
#pragma D option aggrate=400ms

syscall::write:entry
/pid == $target/
{
	@ = count();
	printa("%@d ", @);
}

END
{
	printa("end %@d\n", @);
}
EOF
printf 'echo a >/dev/null\nsleep 0.05\necho b >/dev/null; echo c >/dev/null\nsleep 0.6\necho d >/dev/null; echo e >/dev/null\n' >"$W/aggrate.sh"
same aggrate_copy 0 "1 1 1 3 3 end 5

" -- -s "$W/aggrate.d" -c "sh $W/aggrate.sh"

# A key named in user space (probefunc, probename) is its text, as
# dtrace's string: a function's entry and return make one key, and keys
# of equal values sort by text, in printa() and at exit, joined too.
same named_keys_one 0 "getppid 6 3 3
entry 3
return 3

" -- -q -c "$BUILD/tests/workload getppid 3" \
	-n 'syscall::getppid:return,syscall::getppid:entry /pid == $target/ { @a[probefunc] = count(); @b[probename] = count(); }
	    syscall::getppid:entry /pid == $target/ { @c[probefunc] = count(); }
	    syscall::getppid:return /pid == $target/ { @d[probefunc] = count(); }
	    END { printa("%s %@d %@d %@d\n", @a, @c, @d); printa("%s %@d\n", @b); }'
