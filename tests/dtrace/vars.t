# D's builtin variables beyond the engine's own: errno at a syscall's
# return (0 elsewhere), ppid, caller and id; those this engine lacks fail
# with their reason.

same errno 0 "2 -2 1
0

" -- -q -c "head -c 0 $W/nonexistent" \
	-n 'syscall::openat:entry /pid == $target/ { self->want = copyinstr(arg1) == "'"$W/nonexistent"'"; }
	    syscall::openat:return /self->want/ { printf("%d %d %d\n", errno, arg0, ppid == $pid); self->want = 0; }
	    syscall::exit_group:entry /pid == $target/ { printf("%d\n", errno); }'

same caller_id 0 "1 1

" -- -q -c "head -c 0 /dev/null" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("%d %d\n", caller > 0xffff800000000000 ? 1 : 0, id > 0); }'

# Kernel symbol references: &`name is the address /proc/kallsyms gives,
# with or without vmlinux's scope; through it any kernel memory reads,
# here the magic, version and flags that start the kernel's own BTF
# (the first four bytes of /sys/kernel/btf/vmlinux).
addr=$(awk '$3 == "vfs_read" && NF == 3 { print $1; exit }' /proc/kallsyms | sed 's/^0*//')
btf=$(od -An -tx4 -N4 /sys/kernel/btf/vmlinux | tr -d ' ' | sed 's/^0*//')
same ksym_addr 0 "$addr $addr 1
$btf

" -- -q -n 'BEGIN { x = &`vfs_read; printf("%x %x %d\n", (uint64_t)&`vfs_read, (uint64_t)&vmlinux`vfs_read, x == &`vfs_read);
	printf("%x\n", *(uint32_t *)&`__start_BTF); exit(0); }'
# `name's value needs its address and its type: a kernel without
# CONFIG_KALLSYMS_ALL (this one) lists no data symbol, and kernel BTF
# describes per-CPU variables alone unless pahole encoded the others.
if ! grep -q ' [dbr] ' /proc/kallsyms; then
	err ksym_no_data 1 "dtrace: invalid probe specifier BEGIN { trace(\`max_threads); }: [D_IDENT_UNDEF] failed to resolve \`max_threads: Unknown symbol name (this kernel's /proc/kallsyms lists no data symbols: it is built without CONFIG_KALLSYMS_ALL)" -- \
		-n 'BEGIN { trace(`max_threads); }'
else
	addr=$(awk '$3 == "max_threads" && NF == 3 { print $1; exit }' /proc/kallsyms | sed 's/^0*//')
	same ksym_data_addr 0 "$addr
" -- -q -n 'BEGIN { printf("%x\n", (uint64_t)&`max_threads); exit(0); }'
fi
err ksym_nomod 1 "dtrace: invalid probe specifier BEGIN { trace(nosuchmod\`x); }: [D_IDENT_UNDEF] failed to resolve nosuchmod\`x: Unknown module name" -- \
	-n 'BEGIN { trace(nosuchmod`x); }'
err ksym_nosym 1 "dtrace: invalid probe specifier BEGIN { trace(&\`); }: [D_IDENT_UNDEF] failed to resolve \`: Unknown symbol name" -- \
	-n 'BEGIN { trace(&`); }'
err ksym_user 1 "dtrace: invalid probe specifier BEGIN { trace(\`\`vfs_read); }: [D_SYM_BADREF] kernel module 'vmlinux' symbol 'vfs_read' may not be referenced as a user symbol" -- \
	-n 'BEGIN { trace(``vfs_read); }'
err ksym_func 1 "dtrace: invalid probe specifier BEGIN { trace(\`vfs_read); }: [D_SYM_NOTYPES] no symbolic type information is available for vmlinux\`vfs_read: it is a function (its address is &\`vfs_read)" -- \
	-n 'BEGIN { trace(`vfs_read); }'
err ksym_notype 1 "dtrace: invalid probe specifier BEGIN { trace(\`__start_BTF); }: [D_SYM_NOTYPES] no symbolic type information is available for vmlinux\`__start_BTF: kernel BTF describes no variable of that name (read it through its address: *(int *)&\`__start_BTF)" -- \
	-n 'BEGIN { trace(`__start_BTF); }'
err ksym_write 1 "dtrace: invalid probe specifier BEGIN { \`vfs_read = 1; }: [D_OP_WRITE] operator = can only be applied to a writable variable" -- \
	-n 'BEGIN { `vfs_read = 1; }'
err ksym_addr_lval 1 "dtrace: invalid probe specifier BEGIN { &\`vfs_read = 0; }: operator = requires modifiable lvalue as an operand" -- \
	-n 'BEGIN { &`vfs_read = 0; }'

# curcpu: the current CPU's cpuinfo_t as dtrace-utils fills it: its
# number (cpu), its package as sysfs gives it, 0 for the processor set
# and the locality group; a profile probe fires on every CPU (each CPU
# seen must give its own line; a loaded machine may starve one of them).
# chip, pset and lgrp are curcpu's, as D's library defines them.
want=$(for d in /sys/devices/system/cpu/cpu[0-9]*; do
	n=${d##*cpu}
	c=$(cat "$d/topology/physical_package_id" 2>/dev/null || echo 0)
	echo "$n $n $c 0 0 $c 0 0"
done | sort -n)
timeout 30 "$FERRET" dtrace -q -n 'profile-197 { @[cpu, curcpu->cpu_id, curcpu->cpu_chip, curcpu->cpu_pset, curcpu->cpu_lgrp, chip, pset, lgrp] = count(); }
	tick-1500ms { printa("%d %d %d %d %d %d %d %d\n", @); exit(0); }' >"$W/out" 2>"$W/err"
got=$(grep . "$W/out" | sort -n)
if [ -n "$want" ] && [ -n "$got" ] &&
   [ -z "$(printf '%s\n' "$got" | grep -vxF "$want")" ]; then
	ok curcpu
else
	bad curcpu "want '$want', got '$got' $(head -2 "$W/err")"
fi
# ipl: dtrace-utils declares it and faults its every read, illegal.
same ipl 0 "1

" -- -q -n 'BEGIN { trace(ipl); } ERROR { printf("%d\n", arg4 == DTRACEFLT_ILLOP); exit(0); }'

# stackdepth: the frames of the kernel stack at the probe, as many as
# bpftrace prints for kstack at the same tracepoint; ustackdepth: as
# many as ferret's len(ustack) takes there (both count the frames
# bpf_get_stack() gives, as dtrace-utils does).  The kernel's unwinder
# sometimes adds a frame past entry_SYSCALL_64, in either run, so one
# more or one fewer is allowed.
k=$(bpftrace -c "$(command -v head) -c 0 /dev/null" -e 'tracepoint:syscalls:sys_enter_exit_group /pid == cpid/ { print(kstack); }' 2>/dev/null |
	grep -c '^        [a-z_].*+[0-9]*$')
u=$("$FERRET" -c "$(command -v head) -c 0 /dev/null" -e 'tracepoint:syscalls:sys_enter_exit_group /pid == cpid/ { printf("%d\n", len(ustack)); }' 2>/dev/null | grep -x '[0-9]*')
d=$("$FERRET" dtrace -q -c "head -c 0 /dev/null" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("%d %d\n", stackdepth, ustackdepth); }' 2>"$W/err")
if [ "$k" -ge 3 ] && [ "$u" -ge 1 ] && { [ "${d% *}" = "$k" ] || [ "${d% *}" = $((k + 1)) ] || [ "${d% *}" = $((k - 1)) ]; } &&
   { [ "${d#* }" = "$u" ] || [ "${d#* }" = $((u + 1)) ] || [ "${d#* }" = $((u - 1)) ]; }; then
	ok stackdepth
else
	bad stackdepth "stackdepth ustackdepth: '$d', bpftrace's kstack frames $k, len(ustack) $u"
fi

# vtimestamp: the thread's on-CPU time.  The workload spins until its
# own CLOCK_THREAD_CPUTIME_ID has advanced 300 ms, then sleeps 300 ms,
# with a getppid() before, between and after; it writes the CPU time it
# measured.  vtimestamp must advance by that (within 20 ms: it lags the
# scheduler's clock by up to a tick, 4 ms at HZ=250, and the spin's own
# ends add some) across the spin, and by under 5 ms across the sleep,
# which timestamp sees take 300 ms.  It never goes back at any of the
# process's syscall entries and returns.
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PY" ]; then
cat >"$W/spin.py" <<'EOF2'
import os, sys, time
os.getppid()
t0 = time.thread_time_ns()
while time.thread_time_ns() - t0 < 300000000:
    pass
t1 = time.thread_time_ns()
os.getppid()
time.sleep(0.3)
os.getppid()
open(sys.argv[1], "w").write("%d\n" % (t1 - t0))
EOF2
timeout 30 "$FERRET" dtrace -q -c "$PY $W/spin.py $W/spun" -n '
	self uint64_t vt;
	syscall::getppid:entry /pid == $target/ { printf("M %d %d\n", vtimestamp, timestamp); }
	syscall:::entry,syscall:::return /pid == $target && vtimestamp < self->vt/ { @back = count(); }
	syscall:::entry,syscall:::return /pid == $target/ { self->vt = vtimestamp; @seen = count(); }
	END { printa("B %@d\n", @back); printa("S %@d\n", @seen); }' >"$W/out" 2>"$W/err"
spun=$(cat "$W/spun" 2>/dev/null)
if awk -v spun="${spun:-0}" '
	$1 == "M" { v[n + 0] = $2; t[n + 0] = $3; n++ }
	$1 == "B" { back = $2 } $1 == "S" { seen = $2 }
	END {
		if (n < 3 || spun < 300000000 || seen < 100 || back) exit 1
		busy = v[n - 2] - v[n - 3]; idle = v[n - 1] - v[n - 2]
		d = busy - spun; if (d < 0) d = -d
		exit !(d < 20000000 && idle < 5000000 && t[n - 1] - t[n - 2] >= 300000000)
	}' "$W/out"; then
	ok vtimestamp
else
	bad vtimestamp "CPU time spun $spun; $(tr '\n' '|' <"$W/out" | tail -c 300) $(head -2 "$W/err")"
fi
else
	echo "skip vtimestamp: no python3"
	skip=$((skip + 1))
fi

# timestamp is one value for a firing, as DTrace caches it: read twice in
# a clause, or in two clauses of one firing, it does not move; a later
# firing's is later.
same timestamp_firing 0 "0 0 1

" -- -q -n 'BEGIN { a = timestamp; this->t = timestamp; d = timestamp - this->t; }
	tick-1ms { this->t = timestamp; }
	tick-1ms { printf("%d %d %d\n", d, timestamp - this->t, timestamp > a); exit(0); }'

# uregs[] at a syscall's entry: the registers the thread entered the
# kernel with.  x86-64's syscall ABI puts the arguments in rdi, rsi and
# rdx and the number in orig_ax (R_ERR: 257 for openat), the entry code
# sets ax to -ENOSYS (-38) before the call, and the syscall instruction
# leaves the return address in rcx and the flags in r11, which pt_regs
# also keeps as ip and flags.
same uregs_syscall 0 "1 1 1 257 -38 1 1

" -- -q -c "head -c 0 $W/uregs" \
	-n 'syscall::openat:entry /pid == $target && copyinstr(arg1) == "'"$W/uregs"'"/ {
		printf("%d %d %d %d %d %d %d\n", uregs[R_RDI] == arg0, uregs[R_RSI] == arg1,
		    uregs[R_RDX] == arg2, uregs[R_ERR], (int64_t)uregs[R_RAX],
		    uregs[R_PC] == uregs[R_RCX], uregs[R_RFL] == uregs[R_R11]); }'
# uregs[] takes an integer constant from 0 to 25 (R_TRAPNO), as DTrace's.
err uregs_not_const 1 "dtrace: invalid probe specifier BEGIN { trace(uregs[timestamp]); }: [D_PROTO_ARG] uregs[ ] argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { trace(uregs[timestamp]); }'
err uregs_negative 1 "dtrace: invalid probe specifier BEGIN { trace(uregs[-1]); }: [D_REGS_IDX] index -1 is out of range for array uregs" -- \
	-n 'BEGIN { trace(uregs[-1]); }'
err uregs_range 1 "dtrace: invalid probe specifier BEGIN { trace(uregs[R_TRAPNO + 1]); }: [D_UNKNOWN] uregs[]: index out of bounds (26)" -- \
	-n 'BEGIN { trace(uregs[R_TRAPNO + 1]); }'
# An associative array keeps the keys of its first use.
err assoc_nkeys 1 "dtrace: invalid probe specifier BEGIN { a[1, 2] = 1; } END { a[3] = 2; }: [D_PROTO_LEN] a[ ] prototype mismatch: 1 key passed, 2 expected" -- \
	-n 'BEGIN { a[1, 2] = 1; } END { a[3] = 2; }'
err assoc_keytype 1 "dtrace: invalid probe specifier BEGIN { a[\"k\"] = 1; } END { a[3] = 2; }: [D_PROTO_ARG] a[ ] key #1 is incompatible with prototype:" -- \
	-n 'BEGIN { a["k"] = 1; } END { a[3] = 2; }'
err assoc_scalar 1 "dtrace: invalid probe specifier BEGIN { a[1] = 1; trace(a); }: [D_IDENT_BADREF] associative array 'a' may not be referenced as scalar" -- \
	-n 'BEGIN { a[1] = 1; trace(a); }'
# Variables resolve in program order, as dtrace cooks the clauses: a
# global read in a clause above the one that assigns it is unknown, a
# variable named but not yet assigned (x -= 1, x = x + 1, self->, this->
# and array reads) is not yet declared; a predicate's error comes before
# its clause's; ++ makes a variable, a declaration declares it.
printf 'END\n{\n\tt = walltimestamp - begun;\n}\n\nBEGIN\n{\n\tbegun = walltimestamp;\n\texit(0);\n}\n' >"$W/undef.d"
err undef_order 1 "dtrace: failed to compile script $W/undef.d: [D_IDENT_UNDEF] line 3: failed to resolve begun: Unknown variable name" -- -s "$W/undef.d"
printf 'BEGIN\n/cnt > 1/\n{\n\ttrace(cnt);\n}\n' >"$W/undef_pred.d"
err undef_pred_first 1 "dtrace: failed to compile script $W/undef_pred.d: [D_IDENT_UNDEF] line 2: failed to resolve cnt: Unknown variable name" -- -s "$W/undef_pred.d"
err undef_compound 1 "dtrace: invalid probe specifier BEGIN { total -= 3; }: [D_VAR_UNDEF] total has not yet been declared or assigned" -- \
	-n 'BEGIN { total -= 3; }'
err undef_self_rhs 1 "dtrace: invalid probe specifier BEGIN { k = k * 2; }: [D_VAR_UNDEF] k has not yet been declared or assigned" -- \
	-n 'BEGIN { k = k * 2; }'
err undef_self 1 "dtrace: invalid probe specifier BEGIN { trace(self->ts); }: [D_VAR_UNDEF] self->ts has not yet been declared or assigned" -- \
	-n 'BEGIN { trace(self->ts); }'
err undef_this 1 "dtrace: invalid probe specifier BEGIN { trace(this->v); }: [D_VAR_UNDEF] this->v has not yet been declared or assigned" -- \
	-n 'BEGIN { trace(this->v); }'
err undef_assoc 1 "dtrace: invalid probe specifier BEGIN { trace(tbl[1]); }: [D_VAR_UNDEF] tbl has not yet been declared or assigned" -- \
	-n 'BEGIN { trace(tbl[1]); }'
same undef_made 0 "1 2 0 1

" -- -q -n 'int dcl; BEGIN /(p = 1) == 1/ { q++; printf("%d %d %d %d\n", p, q + 1, dcl, p); exit(0); }'

# args[N] as the syscall declares it: openat's dirfd is an int (AT_FDCWD
# prints as -100, sizeof 4) and its path a char pointer; not available
# where the probe has no arguments.
same args_typed 0 "-100 $W/args 4

" -- -q -c "head -c 0 $W/args" \
	-n 'syscall::openat:entry /pid == $target && copyinstr(args[1]) == "'"$W/args"'"/ {
		printf("%d %s %d\n", args[0], copyinstr(args[1]), sizeof(args[0])); }'
err args_none 1 "dtrace: invalid probe specifier BEGIN { trace(args[0]); }: args[0] is not available for probe BEGIN" -- \
	-n 'BEGIN { trace(args[0]); }'

# id is the ID column of the clause's label: 1 and 2 for BEGIN and END,
# as dtrace -l numbers them, and no other probe's.
env -u _DTRACE_TESTING timeout 30 "$FERRET" dtrace \
	-n 'BEGIN { trace(id); } tick-1ms { trace(id); exit(0); } END { trace(id); }' \
	>"$W/out" 2>"$W/err"
if awk 'NR > 1 && NF == 4 { if ($2 != $4) bad = 1; ids[$3] = $2 }
	END { exit bad || ids[":BEGIN"] != 1 || ids[":END"] != 2 ||
	      ids[":tick-1ms"] < 4 }' "$W/out"; then
	ok id_label
else
	bad id_label "$(head -5 "$W/out" | tr '\n' '|')"
fi

# cwd and root: the paths of the workload's working and root directories,
# as the shell's pwd -P gives them (the file system's names, symbolic
# links resolved), at its exit_group.  Under a tmpfs mounted inside the
# scratch directory and under a bind mount of a directory of it, the walk
# crosses each mount to the directory it is mounted on.  A path longer
# than strsize keeps its first strsize characters, as any D string; one
# deeper than ferret's 32 steps is dtrace-utils' "<unknown>".  These run
# at strsize 100; cwd_default_256 below at dtrace's 256.
cwd_case() {
	local name=$1 dir=$2 want
	shift 2
	want=$(cd "$dir" && pwd -P)
	same "$name" 0 "[${want:0:${CWD_CUT:-100}}] [/]

" -- -q -x strsize=100 "$@" -c "sh $W/cwd/in.sh $dir" \
		-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s] [%s]\n", cwd, root); }'
}
mkdir -p "$W/cwd/a/b" "$W/cwd/mnt" "$W/cwd/bind"
ln -s "$W/cwd/a/b" "$W/cwd/sym"
printf 'cd "$1" && exec true\n' >"$W/cwd/in.sh"
cwd_case cwd_nested "$W/cwd/a/b"
cwd_case cwd_symlink "$W/cwd/sym"
cwd_case cwd_slash /
if mount -t tmpfs ferret-cwd "$W/cwd/mnt" 2>/dev/null; then
	mkdir -p "$W/cwd/mnt/in/side"
	mount --bind "$W/cwd/mnt/in" "$W/cwd/bind"
	cwd_case cwd_tmpfs "$W/cwd/mnt/in/side"
	cwd_case cwd_tmpfs_root "$W/cwd/mnt"
	cwd_case cwd_bind "$W/cwd/bind/side"
	umount "$W/cwd/bind"
	umount "$W/cwd/mnt"
else
	echo "skip cwd_tmpfs cwd_tmpfs_root cwd_bind: cannot mount a tmpfs"
	skip=$((skip + 3))
fi
long="$W/cwd/a/$(printf 'n%.0s' $(seq 1 60))/$(printf 'm%.0s' $(seq 1 50))"
mkdir -p "$long"
cwd_case cwd_strsize "$long"
CWD_CUT=20 cwd_case cwd_strsize_20 "$long" -x strsize=20
deep="$W/cwd/deep/$(printf 'd/%.0s' $(seq 1 40))"
mkdir -p "$deep"
same cwd_deep 0 "[<unknown>]

" -- -q -x strsize=100 -c "sh $W/cwd/in.sh $deep" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s]\n", cwd); }'
# d_path(): a struct path's path, walked as cwd's is; & reaches a
# member through a pointer.  The file a command reads (at its fd 0, its
# standard input) by its real path, and by that and " (deleted)" once
# removed while open.
mkdir -p "$W/dpath"
echo hi >"$W/dpath/f.txt"
printf 'exec <"$1"\ncase $2 in rm) rm "$1" ;; esac\nexec head -n 1 >/dev/null\n' >"$W/dpath/cat.sh"
real=$(realpath "$W/dpath/f.txt")
dp='syscall::read:entry /pid == $target && arg0 == 0 && execname == "head"/ { printf("[%s] %d\n", d_path(&((struct file **)curthread->files->fdt->fd)[arg0]->f_path), d_path(&curthread->fs->pwd) == cwd); exit(0); }'
same d_path 0 "[$real] 1

" -- -q -c "sh $W/dpath/cat.sh $W/dpath/f.txt keep" -n "$dp"
same d_path_deleted 0 "[$real (deleted)] 1

" -- -q -c "sh $W/dpath/cat.sh $W/dpath/f.txt rm" -n "$dp"
# dtrace-utils' tst.DTRACEFLT_BADADDR.d_path: an unreadable struct path
# is an invalid address fault, at its address.
same d_path_badaddr 0 "1 24

" -- -q -n 'BEGIN { trace(d_path((struct path *)0x18)); } ERROR { printf("%d %d\n", arg4 == DTRACEFLT_BADADDR, arg5); exit(0); }'
err d_path_int 1 "dtrace: invalid probe specifier BEGIN { trace(d_path(\"a\")); }: [D_PROTO_ARG] d_path( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { trace(d_path("a")); }'
# A working directory removed while the process sits in it: d_path()'s
# " (deleted)" after its old path (cut to strsize as the rest is).
printf 'cd "$1" && rmdir "$1" && exec true\n' >"$W/cwd/rm.sh"
mkdir -p "$W/cwd/gone/here"
want=$(cd "$W/cwd/gone/here" && pwd -P)
same cwd_deleted 0 "[$want (deleted)] [/]

" -- -q -x strsize=100 -c "sh $W/cwd/rm.sh $W/cwd/gone/here" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s] [%s]\n", cwd, root); }'
mkdir -p "$W/cwd/gone/here"
full="$want (deleted)"
cut=$(( ${#want} + 4 ))
same cwd_deleted_strsize 0 "[${full:0:$cut}]

" -- -q -x strsize=$cut -c "sh $W/cwd/rm.sh $W/cwd/gone/here" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s]\n", cwd); }'
# cwd is a string to BPF: predicates and keys see it.
same cwd_predicate 0 "$W/cwd/a/b 1

" -- -q -x strsize=100 -c "sh $W/cwd/in.sh $W/cwd/a/b" \
	-n 'syscall::exit_group:entry /pid == $target && cwd == "'"$W/cwd/a/b"'"/ { @[cwd] = count(); }
	    END { printa("%s %@d\n", @); }'
# The walk takes twice strsize of room, which the 512-byte BPF stack
# cannot spare at the default strsize of 256: the probe keeps it in
# per-CPU scratch, so a path of 200 to 256 characters is whole (it was cut
# to 192 when strsize was lowered to fit the stack), and -x strsize=256
# is taken as it is.
long256="$W/cwd/a"
while [ ${#long256} -lt 230 ]; do long256="$long256/$(printf 'p%.0s' $(seq 1 40))"; done
long256=${long256:0:250}
mkdir -p "$long256"
want=$(cd "$long256" && pwd -P)
same cwd_default_256 0 "[$want]

" -- -q -c "sh $W/cwd/in.sh $long256" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s]\n", cwd); }'
same cwd_strsize_256 0 "[$want]

" -- -q -x strsize=256 -c "sh $W/cwd/in.sh $long256" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s]\n", cwd); }'
same cwd_default 0 "[$W/cwd/a/b]

" -- -q -c "sh $W/cwd/in.sh $W/cwd/a/b" \
	-n 'syscall::exit_group:entry /pid == $target/ { printf("[%s]\n", cwd); }'

# Clause-local (this->) variables live for one firing of a probe and are
# shared by every clause that firing runs, in program order; each firing
# starts with them zeroed.  The everyday idiom: a path read in one
# clause, tested in the next clause's predicate.
: >"$W/clocal"
same clocal_openat 0 "head $W/clocal

" -- -q -c "head -c 0 $W/clocal" \
	-n 'syscall::openat:entry /pid == $target/ { this->f = copyinstr(arg1); }
	    syscall::openat:entry /this->f == "'"$W/clocal"'"/ { printf("%s %s\n", execname, this->f); }'
# A string and the members of a struct, carried through three clauses of
# one event (one program runs them) and of BEGIN (one program each, run
# in turn from user space).
cat >"$W/clocal3.d" <<'EOF2'
#pragma D option quiet
struct pt { int x; char c; short z; };
this struct pt p;
PROBE
{
	this->s = "plover";
	this->p.x = 7;
}
PROBE
/this->s == "plover"/
{
	this->s = strjoin(this->s, "-egg");
	this->p.c = 'k';
}
PROBE
{
	this->p.z = this->p.x * 6;
	printf("%s %d %c %d\n", this->s, this->p.x, this->p.c, this->p.z);
	exit(0);
}
EOF2
sed 's/^PROBE$/BEGIN/' "$W/clocal3.d" >"$W/clocal3b.d"
sed 's/^PROBE$/tick-10ms/' "$W/clocal3.d" >"$W/clocal3t.d"
same clocal_three_begin 0 "plover-egg 7 k 42

" -- -s "$W/clocal3b.d"
same clocal_three_tick 0 "plover-egg 7 k 42

" -- -s "$W/clocal3t.d"
# A firing starts afresh: what the first firing stored, the second does
# not see (a tick's program, and BEGIN's against END's).
same clocal_next_firing 0 "5 plover
0 

" -- -q -n 'tick-10ms /n++ == 0/ { this->x = 5; this->s = "plover"; }
	    tick-10ms { printf("%d %s\n", this->x, this->s); }
	    tick-10ms /n == 2/ { exit(0); }'
same clocal_begin_end 0 "3
0

" -- -q -n 'BEGIN { this->x = 3; } BEGIN { printf("%d\n", this->x); exit(0); }
	    END { printf("%d\n", this->x); }'
# A clause that faults ends, and the next clause of the firing runs with
# what it stored before the fault (ERROR runs once user space reads the
# fault); after an exit() no clause of the firing starts, as in
# dtrace-utils, whose clauses each test that tracing is still active.
same clocal_fault 0 "next 1
ERROR 0

" -- -q -n 'tick-10ms { this->a = 1; trace(*(int *)0); this->a = 2; }
	    tick-10ms { printf("next %d\n", this->a); }
	    ERROR { printf("ERROR %d\n", arg2); exit(0); }'
same clocal_exit 0 "first 4

" -- -q -n 'tick-10ms { this->a = 4; exit(0); printf("first %d\n", this->a); }
	    tick-10ms { printf("after exit %d\n", this->a); }'
# The type an earlier clause gives a this-> variable is the program's:
# a later clause reads it as that type, and stores into it only what
# fits it.
err clocal_type 1 "dtrace: invalid probe specifier BEGIN { this->x = 1; } BEGIN { this->x = \"a\"; }: Type mismatch for this->x: trying to assign value of type 'string[2]' when variable already contains a value of type 'int32'" -- \
	-n 'BEGIN { this->x = 1; } BEGIN { this->x = "a"; }'
# A clause on two probes shares the firing's variables on each with the
# clauses of that probe; a probe the first clause does not name starts
# with zeros.
same clocal_two_probes 0 "BEGIN 1
tick-10ms 0

" -- -q -n 'BEGIN { this->a = 1; }
	    BEGIN, tick-10ms { printf("%s %d\n", probename, this->a); }
	    tick-10ms { exit(0); }'
# syscall:::entry, one program on raw_syscalls for every syscall, runs
# its clauses in order too.
echo "exit 77" >"$W/exit77.sh"
same clocal_every_syscall 0 "77 exit_group

" -- -q -c "sh $W/exit77.sh" \
	-n 'syscall:::entry /pid == $target/ { this->a = arg0; }
	    syscall:::entry /pid == $target && this->a == 77/ { printf("%d %s\n", this->a, probefunc); }'
# Clauses whose code together is longer than a BPF jump reaches (each
# strtok() is unrolled over the string) still run in one program: no
# jump passes more than one clause.
same clocal_long 0 "a
b
c
1
a|b

" -- -q -n 'tick-10ms { this->s = strjoin("a,b", ",c"); printf("%s\n", strtok(this->s, ","));
		printf("%s\n", strtok(NULL, ",")); printf("%s\n", strtok(NULL, ",")); printf("%d\n", strtok(NULL, ",") == NULL); }
	    tick-10ms { printf("%s|%s\n", strtok(this->s, ","), strtok(NULL, ",")); exit(0); }'
# BEGIN's clauses are run one at a time, and a fault in one runs ERROR
# before the next: the next BEGIN clause still sees what the faulting
# one stored.
same clocal_begin_fault 0 "ERROR
BEGIN 5

" -- -q -n 'BEGIN { this->a = 5; trace(*(int *)0); }
	    ERROR { printf("ERROR\n"); }
	    BEGIN { printf("BEGIN %d\n", this->a); exit(0); }'

# D's scalar globals share one map: a clause may use more of them than
# the 64 maps the kernel lets a program use.
prog='BEGIN {'
for i in $(seq 1 100); do prog="$prog g$i = $i;"; done
prog="$prog s = \"str\"; }
BEGIN { printf(\"%d %d %s\\n\", g1 + g50, g100, s); exit(0); }"
same globals_many 0 "51 100 str

" -- -q -n "$prog"

# A clause longer than a BPF jump reaches (32767 instructions): its
# predicate's jump past it is BPF's 32-bit jump (Linux 6.4).
{
	echo 'int x;'
	echo 'BEGIN /arg0 == 12345/ {'
	for i in $(seq 1 7000); do echo "x = x * 3 + $i;"; done
	echo '}'
	echo 'BEGIN { printf("%d\n", x); exit(0); }'
} >"$W/long.d"
same clause_far_jump 0 "0

" -- -q -s "$W/long.d"
