# stack(), ustack() and jstack(): as actions (a newline, then a frame a
# line, indented by 14, named module`function+0xoffset), as aggregation
# keys and in printf()'s %k; stackdepth and ustackdepth.  The facts come
# from elsewhere: kernel frames are checked against /proc/kallsyms (each
# function is a text symbol there and its offset falls inside it), user
# frames against the workload's own code (objdump: the return address
# after each call of tests/runtime/workload.c's "stack" mode).
WL=$BUILD/tests/workload
if [ ! -x "$WL" ]; then
	echo "skip stack: $WL is not built (make $WL)"
	skip=$((skip + 1))
else
awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' /proc/kallsyms | sort >"$W/ksyms"

# kframes FILE: every line of FILE is an indented kernel frame whose
# function and offset /proc/kallsyms bears out; prints what is wrong.
kframes() {
	gawk -v ind="${2-14}" 'NR == FNR { a[++n] = strtonum("0x" $1); s[n] = $2; next }
	{
		pre = sprintf("%" ind "s", "")
		if (ind == 0)
			pre = ""
		if (substr($0, 1, ind) != pre ||
		    !match(substr($0, ind + 1), /^vmlinux`([A-Za-z0-9_.]+)\+0x([0-9a-f]+)$/, m)) {
			print "not a frame: [" $0 "]"
			next
		}
		found = 0
		for (i = 1; i <= n; i++) {
			if (s[i] != m[1])
				continue
			j = i
			while (j < n && a[j + 1] == a[i])
				j++
			if (j < n && a[i] + strtonum("0x" m[2]) < a[j + 1])
				found = 1
		}
		if (!found)
			print "no such place in /proc/kallsyms: " $0
	}' "$W/ksyms" "$1"
}

# Return addresses as FUNC+0xOFF: the instruction after FUNC's first one
# matching PATTERN (a call, the syscall instruction), in ELF file FILE.
ret_after() {
	objdump -d --no-show-raw-insn "$1" | gawk -v f="$2" -v c="$3" '
	$0 ~ "^[0-9a-f]+ <" f "(@@[A-Z_.0-9]+)?>:$" { base = strtonum("0x" $1); in_f = 1; next }
	/^[0-9a-f]+ </ { in_f = 0 }
	in_f && want { printf "%s+0x%x\n", f, strtonum("0x" $1) - base; exit }
	in_f && $0 ~ c { want = 1 }'
}
outer_ret=$(ret_after "$WL" ferret_outer 'call.*<ferret_inner>')
main_ret=$(ret_after "$WL" main 'call.*<ferret_outer>')
libc=$(ldd "$WL" | awk '$1 == "libc.so.6" { print $3 }')
sys_ret=$(ret_after "$libc" syscall '\tsyscall *$')
# Without these the user-stack cases below would compare against empty
# names; say why instead.
[ -n "$outer_ret" ] && [ -n "$main_ret" ] && [ -n "$sys_ret" ] ||
	bad stack_return_addresses "objdump and gawk found none (ferret_outer: '$outer_ret', main: '$main_ret', syscall: '$sys_ret')"

# A syscall's kernel stack: the syscall path's functions, with
# do_syscall_64 and the entry code, in dtrace's layout (the clause's
# label, the frames, the blank line that ends the record).
timeout 30 "$FERRET" dtrace -c "$WL getppid 1" -n 'syscall::getppid:entry
	/pid == $target/ { stack(); }' >"$W/out" 2>"$W/err"
sed -n '3,/^$/p' "$W/out" | sed '$d' >"$W/frames"
kframes "$W/frames" >"$W/diff"
if [ "$(sed -n 1,2p "$W/out")" != "                   FUNCTION:NAME
                   getppid:entry " ]; then
	bad stack_syscall "label: $(head -2 "$W/out")"
elif [ ! -s "$W/frames" ] || [ -s "$W/diff" ]; then
	bad stack_syscall "frames: $(head -3 "$W/diff") $(head -2 "$W/err")"
elif ! grep -q '`do_syscall_64+' "$W/frames" ||
     ! grep -q '`entry_SYSCALL_64' "$W/frames"; then
	bad stack_syscall "no do_syscall_64 and entry_SYSCALL_64: $(cat "$W/frames")"
elif [ "$(tail -2 "$W/out")" != "" ]; then
	bad stack_syscall "not ended by a blank line: $(tail -3 "$W/out" | cat -A)"
else
	ok stack_syscall
fi

# stack(n): the first n frames of stack(); -x stackframes the default.
timeout 30 "$FERRET" dtrace -q -x stackframes=3 -c "$WL getppid 1" \
	-n 'syscall::getppid:entry /pid == $target/ { stack(2); printf("-"); stack();
	printf("-"); stack(50); }' >"$W/out" 2>"$W/err"
s2=$(awk 'BEGIN { RS = "-" } NR == 1' "$W/out")
s3=$(awk 'BEGIN { RS = "-" } NR == 2' "$W/out")
s50=$(awk 'BEGIN { RS = "-" } NR == 3' "$W/out")
if [ "$(printf '%s\n' "$s2" | grep -c .)" != 2 ] ||
   [ "$(printf '%s\n' "$s3" | grep -c .)" != 3 ]; then
	bad stack_depth "stack(2), stackframes=3: $(cat -A "$W/out" | head -8)"
elif [ "$s2" != "$(printf '%s\n' "$s50" | head -3)" ] ||
     [ "$s3" != "$(printf '%s\n' "$s50" | head -4)" ]; then
	bad stack_depth "not the first frames of stack(50): $(cat "$W/out")"
else
	ok stack_depth
fi

# A user stack: the caller's frames from the workload's code (libc's
# syscall() keeps no frame pointer, so ferret_inner, whose frame it
# runs in, is passed over, as any frame-pointer walk passes it over).
same ustack_syscall 0 "
              libc.so.6\`$sys_ret
              workload\`$outer_ret
              workload\`$main_ret

" -- -q -c "$WL stack 1" -n 'syscall::getppid:entry /pid == $target/ { ustack(3); }'

# At a pid probe: the function itself, without an offset at its start.
same ustack_pid 0 "
              workload\`ferret_inner
              workload\`$outer_ret
              workload\`$main_ret

" -- -q -c "$WL stack 1" -n 'pid$target:a.out:ferret_inner:entry { ustack(3); }'

# jstack() is ustack() (no Java helper); ustack(n, strsize) takes strsize.
same jstack 0 "
              workload\`ferret_inner

              workload\`ferret_inner

" -- -q -c "$WL stack 1" -n 'pid$target:a.out:ferret_inner:entry { jstack(1); ustack(1, 100); }'

# -x ustackframes: ustack()'s frames; stackdepth and ustackdepth count
# the frames stack() and ustack() give.
timeout 30 "$FERRET" dtrace -q -x ustackframes=2 -c "$WL stack 1" \
	-n 'syscall::getppid:entry /pid == $target/ { ustack(); printf("%d %d", stackdepth,
	ustackdepth); stack(127); ustack(127); }' >"$W/out" 2>"$W/err"
read -r kd ud < <(sed -n 4p "$W/out")
nk=$(sed -n '5,/^$/p' "$W/out" | grep -c .)
nu=$(awk 'NR > 5 && /^$/ { n++ } n == 1 && /./' "$W/out" | grep -c .)
if [ "$(sed -n 2,3p "$W/out" | grep -c '^              ')" != 2 ] ||
   [ "$(sed -n 1p "$W/out")" != "" ]; then
	bad ustackframes "ustack() with ustackframes=2: $(head -4 "$W/out" | cat -A)"
elif [ -z "$kd" ] || [ "$kd" != "$nk" ] || [ "$ud" != "$nu" ] || [ "$ud" -lt 3 ]; then
	bad stackdepth "stackdepth $kd ustackdepth $ud, frames $nk and $nu: $(cat "$W/out")"
else
	ok ustackframes
	ok stackdepth
fi

# Stacks as aggregation keys: the stack's lines, then the value on a
# line of its own; printa() prints them so too.
same stack_key 0 "

              workload\`ferret_inner
              workload\`$outer_ret
                3
" -- -q -c "$WL stack 3" -n 'pid$target:a.out:ferret_inner:entry { @[ustack(2)] = count(); }'

same stack_key_printa 0 "
workload\`ferret_inner
 3|
workload\`ferret_inner
workload\`$outer_ret


" -- -q -c "$WL stack 3" -n 'pid$target:a.out:ferret_inner:entry { @[ustack(1)] = count();
	@b[ustack(2)] = count(); }
	END { printa("%k %@d|", @); printa("%k\n", @b); }'

# printf's %k: no indent; left-aligned, the width indents each frame.
same printf_k 0 "
workload\`ferret_inner
workload\`$outer_ret
|
   workload\`ferret_inner
   workload\`$outer_ret
|

" -- -q -c "$WL stack 1" -n 'pid$target:a.out:ferret_inner:entry { printf("%k|%-3k|\n", ustack(2), ustack(2)); }'

timeout 30 "$FERRET" dtrace -q -c "$WL getppid 1" -n 'syscall::getppid:entry
	/pid == $target/ { printf("%k", stack(4)); }' >"$W/out" 2>"$W/err"
sed '1d; /^$/d' "$W/out" >"$W/frames"
kframes "$W/frames" 0 >"$W/diff"
if [ "$(head -1 "$W/out")" != "" ] || [ "$(grep -c . "$W/frames")" != 4 ] ||
   [ -s "$W/diff" ]; then
	bad printf_k_kernel "$(head -2 "$W/diff") $(cat -A "$W/out" | head -5)"
else
	ok printf_k_kernel
fi

# A kernel stack at a probe that has none (a uprobe fires in user mode):
# the newline alone.
same stack_none 0 "


" -- -q -c "$WL stack 1" -n 'pid$target:a.out:ferret_inner:entry { stack(); printf("\n"); }'

err stack_arg 1 "dtrace: invalid probe specifier BEGIN { stack(\"i'm not an integer constant\"); }: [D_PROTO_ARG] stack( ) argument #1 is incompatible with prototype:" \
	-- -n "BEGIN { stack(\"i'm not an integer constant\"); }"
err stack_len 1 'dtrace: invalid probe specifier BEGIN { stack(1, 2); exit(0); }: [D_PROTO_LEN] stack( ) prototype mismatch: 2 args passed, at most 1 expected' \
	-- -n 'BEGIN { stack(1, 2); exit(0); }'
err stack_size 1 'dtrace: invalid probe specifier BEGIN { stack(-1); }: [D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant' \
	-- -n 'BEGIN { stack(-1); }'
err stack_zero 1 'dtrace: invalid probe specifier BEGIN { stack(0); }: [D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant' \
	-- -n 'BEGIN { stack(0); }'
err ustack_frames 1 'dtrace: invalid probe specifier BEGIN { ustack(0, 200); exit(0); }: [D_USTACK_FRAMES] ustack( ) argument #1 must be a non-zero positive integer constant' \
	-- -n 'BEGIN { ustack(0, 200); exit(0); }'
err ustack_strsize 1 'dtrace: invalid probe specifier BEGIN { ustack(1, -1); exit(0); }: [D_USTACK_STRSIZE] ustack( ) argument #2 must be a positive integer constant' \
	-- -n 'BEGIN { ustack(1, -1); exit(0); }'
err ustack_len 1 'dtrace: invalid probe specifier BEGIN { ustack(1, 10, "badarg"); exit(0); }: [D_PROTO_LEN] ustack( ) prototype mismatch: 3 args passed, at most 2 expected' \
	-- -n 'BEGIN { ustack(1, 10, "badarg"); exit(0); }'
err ustack_arg2 1 'dtrace: invalid probe specifier BEGIN { ustack(1, "x"); }: [D_PROTO_ARG] ustack( ) argument #2 is incompatible with prototype:' \
	-- -n 'BEGIN { ustack(1, "x"); }'
err printf_k_type 1 'dtrace: invalid probe specifier BEGIN { printf("%k", 1); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:' \
	-- -n 'BEGIN { printf("%k", 1); }'

# The symbol subroutines.  A kernel address from /proc/kallsyms: func()
# and sym() name its function (without an offset), mod() its module
# (the kernel's own text is vmlinux), each printed as a key is ("  %-50s");
# an address no object holds is hex.
a=$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
k() { printf '  %-50s' "$@"; }
same sym_kernel 0 "$(k 'vmlinux`vfs_read' 'vmlinux`vfs_read' vmlinux 0x1 0x1)
vmlinux\`vfs_read+0x10|vmlinux

" -- -q -n "BEGIN { func(0x$a + 16); sym(0x$a); mod(0x$a + 16); func(1); mod(1);
	printf(\"\\n%a|%s\\n\", func(0x$a + 16), mod(0x$a)); exit(0); }"

# As keys they aggregate by function (module): two addresses in
# vfs_read are one key.
same sym_key 0 "
$(k 'vmlinux`vfs_read')                2
$(k vmlinux)                3
" -- -q -n "BEGIN { @[func(0x$a)] = count(); @[sym(0x$a + 4)] = count();
	@m[mod(0x$a)] = sum(3); exit(0); }"

# User addresses in the probing process: ufunc() and usym() name the
# function, uaddr() adds the offset, umod() names the object; %A takes
# them too.  The pc at the pid probe is the function's address.
same usym_pid 0 "                   FUNCTION:NAME
                ferret_add:entry $(k 'workload`ferret_add' 'workload`ferret_add' workload 'workload`ferret_add+0x3' 'workload`ferret_add' 0x10 0x10)workload\`ferret_add+0x3

" -- -c "$WL calls 1" -n 'pid$target:a.out:ferret_add:entry { ufunc(uregs[R_PC] + 3);
	usym(uregs[R_PC]); umod(uregs[R_PC]); uaddr(uregs[R_PC] + 3); uaddr(uregs[R_PC]);
	ufunc(16); umod(16); printf("%A", ufunc(uregs[R_PC] + 3)); exit(0); }'

# As keys: ufunc() by function, umod() by object; uaddr() keeps the
# address.
same usym_key 0 "
$(k 'workload`ferret_add')                4
$(k 'workload`ferret_add')                2
$(k 'workload`ferret_add+0x3')                2
$(k workload)                4
" -- -q -c "$WL calls 2" -n 'pid$target:a.out:ferret_add:entry {
	@f[ufunc(uregs[R_PC])] = count(); @f[ufunc(uregs[R_PC] + 3)] = count();
	@a[uaddr(uregs[R_PC])] = count(); @a[uaddr(uregs[R_PC] + 3)] = count();
	@m[umod(uregs[R_PC])] = count(); @m[umod(uregs[R_PC] + 3)] = count(); }'

err sym_arg 1 'dtrace: invalid probe specifier BEGIN { func("x"); }: [D_PROTO_ARG] func( ) argument #1 is incompatible with prototype:' \
	-- -n 'BEGIN { func("x"); }'
err usym_len 1 'dtrace: invalid probe specifier BEGIN { usym(); }: [D_PROTO_LEN] usym( ) prototype mismatch: 0 args passed, 1 expected' \
	-- -n 'BEGIN { usym(); }'
fi

# BEGIN and END fire in the consumer: no kernel frames of their own
# (ferret runs them with a bpf() call, whose frames are not the probe's),
# so stackdepth is 0 and stack() empty; an event probe has its frames.
same stack_begin_empty 0 "0 
1
0

" -- -q -n 'BEGIN { printf("%d ", stackdepth); stack(); }
	END { printf("%d\n", stackdepth); }
	syscall::getpid:entry /pid == $target/ { printf("%d\n", stackdepth > 0); exit(0); }' \
	-c 'python3 -c "import os; os.getpid()"'
