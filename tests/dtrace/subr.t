# epid numbers each clause on each of its probes from 1, in script
# order; the subroutines and variables ferret lacks fail where they are
# written, with the reason.
same epid 0 "1
2
3

" -- -q -n 'BEGIN { printf("%d\n", epid); }
	     BEGIN, END { printf("%d\n", epid); exit(0); }'

# Solaris's STREAMS and DDI subroutines: declared by dtrace-utils, which
# refuses to compile them, as ferret does with its words.
err msgsize 1 "dtrace: invalid probe specifier BEGIN { trace(msgsize(arg0)); }: [D_FUNC_UNDEF] unimplemented subroutine: msgsize" -- \
	-n 'BEGIN { trace(msgsize(arg0)); }'
err msgdsize 1 "dtrace: invalid probe specifier BEGIN { trace(msgdsize(arg0)); }: [D_FUNC_UNDEF] unimplemented subroutine: msgdsize" -- \
	-n 'BEGIN { trace(msgdsize(arg0)); }'
err ddi_pathname 1 "dtrace: invalid probe specifier BEGIN { trace(ddi_pathname(arg0, 1)); }: [D_FUNC_UNDEF] unimplemented subroutine: ddi_pathname" -- \
	-n 'BEGIN { trace(ddi_pathname(arg0, 1)); }'
err ddi_pathname_len 1 "dtrace: invalid probe specifier BEGIN { trace(ddi_pathname(arg0)); }: [D_PROTO_LEN] ddi_pathname( ) prototype mismatch: 1 arg passed, 2 expected" -- \
	-n 'BEGIN { trace(ddi_pathname(arg0)); }'
# ftruncate(): the output file (-o, or standard output where it is a
# file) loses what was written before, as in dtrace-utils' tst.ftruncate.
ft='tick-10ms { printf("%d\n", i++); } tick-10ms /i == 10/ { ftruncate(); } tick-10ms /i == 20/ { exit(0); }'
rm -f "$W/ft.out"
timeout 30 "$FERRET" dtrace -q -o "$W/ft.out" -n "$ft" >/dev/null 2>"$W/err"
timeout 30 "$FERRET" dtrace -q -n "$ft" >"$W/ft2.out" 2>>"$W/err"
want=$(seq 10 19)
# (written again from the start: no hole of NULs before it)
if [ "$(cat "$W/ft.out" 2>/dev/null)" = "$want" ] && [ "$(cat "$W/ft2.out")" = "$want" ] &&
   [ "$(tr -d '\000' <"$W/ft.out" | wc -c)" = "$(wc -c <"$W/ft.out")" ] &&
   [ "$(tr -d '\000' <"$W/ft2.out" | wc -c)" = "$(wc -c <"$W/ft2.out")" ]; then
	ok ftruncate
else
	bad ftruncate "-o: $(head -c 60 "$W/ft.out" 2>/dev/null | tr '\n' ' '); stdout: $(head -c 60 "$W/ft2.out" | tr '\n' ' ') $(head -2 "$W/err")"
fi
err ftruncate_args 1 "dtrace: invalid probe specifier BEGIN { ftruncate(1); }: [D_PROTO_LEN] ftruncate( ) prototype mismatch: 1 arg passed, 0 expected" -- \
	-n 'BEGIN { ftruncate(1); }'

# D's scratch space.  copyin(): sleep 0.01 asks clock_nanosleep for
# 0 s 10,000,000 ns, read as a struct, as an int, as bytes and as a
# string (the request's bytes up to the first NUL: none).
same copyin 0 "0 10000000
10000000

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 00 00 00 00 00 00 00 00 80 96 98 00 00 00 00 00  ................
0

" -- -q -c 'sleep 0.01' -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	this->ts = (struct timespec *)copyin(arg2, sizeof(struct timespec));
	printf("%d %d\n", this->ts->tv_sec, this->ts->tv_nsec);
	printf("%d\n", *(int *)copyin(arg2 + 8, 4));
	tracemem(copyin(arg2, 16), 16);
	printf("%d\n", strlen(stringof(copyin(arg2, 16)))); }'
# A string copied in: what write() is given, as dtrace-utils' own test.
# (strsize 128: the verifier's walk of strstr()'s search in a string read
# in, whose length it does not know, passes its limit above about 128.)
same copyin_string 0 "'ferret-copyin-test' abc

" -- -q -x strsize=128 -c "sh -c 'echo ferret-copyin-test >/dev/null'" -n 'syscall::write:entry /pid == $target &&
	strstr((string)copyin(arg1, 18), "-") != 0/ {
	printf("%c%s%c %s\n", 39, (string)copyin(arg1, 18), 39, (string)"abc"); }'
# copyinto() and bcopy() into alloca()'d memory, stores through
# pointers into it (x[i], *p, p->m), and alloca(0), which takes nothing.
same alloca 0 "a/b
0 8
b 3 /b
10000000 7
ferret
41 42

" -- -q -x strsize=32 -c 'sleep 0.01' -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	base = (char *)alloca(0);
	x = (char *)alloca(8);
	x[0] = 0x61; x[1] = 0x2f; x[2] = 0x62; x[3] = 0;
	printf("%s\n", stringof(x));
	printf("%d %d\n", x - base, (char *)alloca(0) - base); }
	syscall::clock_nanosleep:entry /pid == $target/ {
	x = (char *)alloca(4);
	x[0] = 0x61; x[1] = 0x2f; x[2] = 0x62; x[3] = 0;
	printf("%s %d %s\n", basename(x), strlen(x), strchr(x, 0x2f)); }
	syscall::clock_nanosleep:entry /pid == $target/ {
	this->ts = (struct timespec *)alloca(sizeof(struct timespec));
	copyinto(arg2, sizeof(struct timespec), this->ts);
	this->ts->tv_sec = 7;
	printf("%d %d\n", this->ts->tv_nsec, this->ts->tv_sec); }
	syscall::clock_nanosleep:entry /pid == $target/ {
	this->b = (char *)alloca(8);
	bcopy("ferret", this->b, 7);
	printf("%s\n", stringof(this->b)); }
	syscall::clock_nanosleep:entry /pid == $target/ {
	this->b = (char *)alloca(8);
	this->w = (uint16_t *)alloca(2);
	*this->w = 0x4241;
	this->b[0] = 0x41;
	printf("%x %x\n", this->b[0], *(char *)this->w == 0x41 ? 0x42 : 0); }'
# A pointer into scratch, traced, printed as an integer or cast to one,
# is its offset there, as DTrace keeps it: the first allocation at 8,
# each at the next 8-byte boundary; dereferenced it is the memory.
same alloca_offsets 0 "8 16 24 9 16
16
a

" -- -q -n 'BEGIN {
	x = (char *)alloca(8);
	y = (char *)alloca(3);
	z = alloca(1);
	x[1] = 0x61;
	printf("%d %d %d %d %d\n", (uint64_t)x, (uint64_t)y, (uint64_t)z, (uint64_t)(x + 1), (int)y);
	trace(y);
	printf("\n%c\n", *(x + 1));
	exit(0); }'
# bcopy() of a probe name's part, a string: its bytes.
same bcopy_part 0 "[tick] [pro]

" -- -q -n 'profile:::tick-1ms {
	p = (char *)alloca(8);
	bcopy(probename, p, 4);
	p[4] = 0;
	q = (char *)alloca(4);
	bcopy(probeprov, q, 3);
	q[3] = 0;
	printf("[%s] [%s]\n", stringof(p), stringof(q));
	exit(0); }'
# Stores of every integer width through pointers into scratch, read back
# whole: 4-byte ones too.
same scratch_widths 0 "8877665555441111 -7 4294967289

" -- -q -n 'BEGIN {
	p = alloca(8);
	*(uint64_t *)p = 0x1122334455667788;
	*(uint32_t *)p = 0x55443322;
	*(uint16_t *)p = 0x1100;
	*(uint8_t *)p = 0x11;
	*((uint32_t *)p + 1) = 0x88776655;
	q = alloca(4);
	*(int *)q = -7;
	printf("%x %d %u\n", *(uint64_t *)p, *(int *)q, *(uint32_t *)q);
	exit(0); }'
# Faults: a bad address, more than -x scratchsize (a variable size: a
# constant one is refused when compiling), a store past what alloca()
# gave (an invalid address), a bcopy() larger than it (an invalid size,
# DTRACEFLT_BADSIZE); each stops its clause and runs ERROR.
same scratch_faults 0 "fault 1 0
fault 5 0
fault 1 1
fault 10 1
done

" -- -q -x scratchsize=64 -n 'ERROR { printf("fault %d %d\n", arg4, arg5 != 0); }
	BEGIN { copyin(0, 4); trace("not reached"); }
	BEGIN { sz = 65; alloca(sz); trace("not reached"); }
	BEGIN { s = (char *)alloca(15); s[15] = 65; s[16] = 65; trace("not reached"); }
	BEGIN { s = (char *)alloca(8); bcopy("0123456789", s, 9); trace("not reached"); }
	BEGIN { printf("done\n"); exit(0); }'
sed 's/pc [0-9]*$/pc NNN/; s/(0x[0-9a-f]*)/({ptr})/' "$W/err" >"$W/err.p"
if grep -qx "dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): out of scratch space at BPF pc NNN" "$W/err.p" &&
   grep -qx "dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address ({ptr}) at BPF pc NNN" "$W/err.p"; then
	ok scratch_fault_messages
else
	bad scratch_fault_messages "stderr: $(cat "$W/err")"
fi
# Strings stored through pointers into alloca()'d memory: each its
# characters and NUL, strsize + 1 bytes of scratch checked as D checks a
# store of its type; one past what alloca() gave stops the clause with
# an invalid size.
same scratch_strings 0 "hello world llo|ld|ye
fault 10
done

" -- -q -x strsize=16 -n 'ERROR { printf("fault %d\n", arg4); }
	BEGIN { x = (string *)alloca(sizeof(string) * 3);
	*x = "hello";
	x[1] = strjoin("wor", "ld");
	printf("%s %s %s|%s|%s\n", *x, x[1], *x + 2, 3 + x[1], (*x = "bye") + 1); }
	BEGIN { y = (string *)alloca(4); *y = "abc"; trace("not reached"); }
	BEGIN { printf("done\n"); exit(0); }'
# Loads through alloca() pointers are checked as stores are: before the
# allocation or past what the clause has allocated is an invalid
# address, a load that starts inside and ends past it an invalid size
# (its size in arg5), and a pointer kept from an earlier clause reaches
# nothing that clause has allocated.
same scratch_loads 0 "fault 1 1
fault 1 1
fault 10 4
fault 1 1
fault 10 20
66 66 66
done

" -- -q -n 'ERROR { printf("fault %d %d\n", arg4, arg4 == 10 ? arg5 : arg5 != 0); }
	BEGIN { s = (char *)alloca(15); trace(s[-1]); }
	BEGIN { s = (char *)alloca(15); trace(s[16]); }
	BEGIN { i = (int *)alloca(6); trace(i[1]); }
	BEGIN { k = (char *)alloca(1); *k = 97; }
	BEGIN { trace(*k); }
	BEGIN { d = alloca(20); c = alloca(10); bcopy(c, d, 20); }
	BEGIN { a = (int *)alloca(8); a[1] = 66; printf("%d %d ", a[1], *(a + 1)); }
	struct st { int x, y; } *sp;
	BEGIN { sp = alloca(sizeof(struct st)); sp->y = 66; printf("%d\n", sp->y); }
	BEGIN { printf("done\n"); exit(0); }'
# A variable holds alloca() pointers or other ones, as DTrace keeps it;
# a ?: mixing the two cannot be stored.
printf 'BEGIN { a = (char *)alloca(1); }\nBEGIN { a = (char *)curthread; exit(0); }\n' >"$W/clash.d"
# An alloca() pointer cast to an integer is its offset in scratch, and
# that offset plus or minus an integer, cast back to a pointer, reaches
# the allocation again (DTrace's alloca taint); a variable keeps the
# integer alone, so a pointer made from it is an invalid address.
same scratch_int_offsets 0 "7 7 8 12 1
fault 1
done

" -- -q -n 'ERROR { printf("fault %d\n", arg4); }
	BEGIN { p = (int *)alloca(3 * sizeof(int)); q = (int *)((long)p + 4); *q = 7;
	r = (int *)((long)p + 8 - 4); (*(int *)((long)p + 12 - 4))++;
	printf("%d %d %d %d %d\n", p[1], *r, (long)p, (long)p + 4, p[2]); }
	BEGIN { p = (int *)alloca(4); x = (long)p; v = (int *)x; *v = 1; }
	BEGIN { printf("done\n"); exit(0); }'
err alloca_var_clash 1 "dtrace: failed to compile script $W/clash.d: [D_ALLOCA_INCOMPAT] line 2: a: cannot reuse the same identifier for both alloca and non-alloca allocations" -- \
	-s "$W/clash.d"
err alloca_ternary 1 "dtrace: invalid probe specifier BEGIN { a = (char *)alloca(1); a = a == NULL ? (char *)50 : a; }: [D_ALLOCA_INCOMPAT] ternary conditional with alloca and non-alloca branches cannot be assigned to a variable" -- \
	-n 'BEGIN { a = (char *)alloca(1); a = a == NULL ? (char *)50 : a; }'
same alloca_declared 0 "66

" -- -q -n 'int *arr; BEGIN { arr = alloca(5 * sizeof(int)); arr[3] = 0x42; printf("%d\n", arr[3]); exit(0); }'
err store_string_type 1 "dtrace: invalid probe specifier BEGIN { x = (string *)alloca(32); *x = 5; }: [D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"" -- \
	-n 'BEGIN { x = (string *)alloca(32); *x = 5; }'
err alloca_size 1 "dtrace: invalid probe specifier BEGIN { alloca(65); }: [D_ALLOCA_SIZE] alloca(65) size larger than scratchsize 64" -- \
	-x scratchsize=64 -n 'BEGIN { alloca(65); }'
err copyin_proto 1 "dtrace: invalid probe specifier BEGIN { copyin(\"a\", 4); }: [D_PROTO_ARG] copyin( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { copyin("a", 4); }'
# progenyof(): the process itself and its descendants, through a shell;
# BEGIN runs in ferret, the target's parent, not its descendant.
printf '#!/bin/sh\nsh -c "python3 -c \\"import os; os.getppid()\\""\n' >"$W/progeny.sh"
chmod +x "$W/progeny.sh"
same progenyof 0 "0 1 1
1 1 0

" -- -q -c "$W/progeny.sh" -n 'BEGIN { printf("%d %d %d\n", progenyof($target), progenyof($pid), progenyof(1)); }
	syscall::getppid:entry /execname == "python3"/ { printf("%d %d %d\n", progenyof($target), progenyof(ppid), progenyof(pid + 1)); }'
# tracemem(): DTrace's dump of the bytes, size of them or the dynamic
# size (at most size); the first openat of a dynamically linked program,
# traced from its execve (evaltime=preinit),
# names ld.so's cache.
same tracemem 0 "
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74 63 2f 6c 64 2e 73 6f 2e 63 61 63 68 65  /etc/ld.so.cache
        10: 00                                               .

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74                                         /et

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74 63 2f                                   /etc/

" -- -q -x evaltime=preinit -c /bin/true -n 'syscall::openat:entry /pid == $target/ { tracemem(arg1, 17); n = 3; tracemem(arg1, 5, n); tracemem(arg1, 5, 100); exit(0); }'
# -x rawbytes: trace() dumps its record's bytes as tracemem() does: an
# integer's size of them, a string's strsize + 1 (zeros after its end),
# a probe's name as the string it is.
same rawbytes 0 "
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 07 01                                            ..

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 66 65 72 72 65 74 2d 00 00                       ferret-..

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 66 65 72 72 65 74 2d 72 00                       ferret-r.

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 42 45 47 49 4e 00 00 00 00                       BEGIN....

" -- -q -x strsize=8 -x rawbytes -n 'BEGIN { trace((short)0x107); trace(strjoin("ferret", "-")); trace("ferret-raw"); trace(probename); exit(0); }'
err tracemem_zero 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread, 0); }: [D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression" -- \
	-n 'BEGIN { tracemem(curthread, 0); }'
err tracemem_struct 1 "dtrace: invalid probe specifier BEGIN { tracemem(*curthread, 8); }: [D_TRACEMEM_ADDR] tracemem( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { tracemem(*curthread, 8); }'
err tracemem_string_size 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread, \"x\"); }: [D_PROTO_ARG] tracemem( ) argument #2 is incompatible with prototype:" -- \
	-n 'BEGIN { tracemem(curthread, "x"); }'
err tracemem_one_arg 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread); }: [D_PROTO_LEN] tracemem( ) prototype mismatch: 1 arg passed, at least 2 expected" -- \
	-n 'BEGIN { tracemem(curthread); }'
# The mutex and rwlock subroutines, as dtrace-utils computes them on
# Linux: on locks laid out in scratch space, in each state a queued
# rwlock's cnts or a mutex's owner word takes (readers from bit 9, the
# waiting-writer bit 0x100, the writer's byte 0xff; the owner task with
# flag bits in its low 3), and on a kernel mutex reached from curthread
# that nothing holds while the workload makes a syscall (its signal's
# cred_guard_mutex, held only across exec and ptrace attach).
same lock_subrs 0 "mutex 1 1 0 1 0
mutex 0 0
rw readers 400 1 0 0
rw writer 0 1 1
rw waiting 0 0 1
kernel 0 1

" -- -q -c "head -c 0 /dev/null" -n '
	syscall::exit_group:entry /pid == $target/ {
		this->m = (struct mutex *)alloca(sizeof(struct mutex));
		*(uint64_t *)((char *)this->m + offsetof(struct mutex, owner)) = (uint64_t)curthread | 5;
		printf("mutex %d %d %d %d %d\n", mutex_owned(this->m), mutex_owner(this->m) == curthread,
		       mutex_owner(this->m) == (struct task_struct *)((uint64_t)curthread | 5),
		       mutex_type_adaptive(this->m), mutex_type_spin(this->m));
		*(uint64_t *)((char *)this->m + offsetof(struct mutex, owner)) = (uint64_t)curthread->real_parent;
		printf("mutex %d %d\n", mutex_owned(this->m), mutex_owner(this->m) == curthread);
		this->l = (rwlock_t *)alloca(sizeof(rwlock_t));
		*(uint64_t *)this->l = 0x400;
		printf("rw readers %x %d %d %d\n", rw_read_held(this->l), 0 != rw_read_held(this->l),
		       0 != rw_write_held(this->l), 0 != rw_iswriter(this->l));
		*(uint64_t *)this->l = 0xff;
		printf("rw writer %d %d %d\n", 0 != rw_read_held(this->l),
		       0 != rw_write_held(this->l), 0 != rw_iswriter(this->l));
		*(uint64_t *)this->l = 0x100;
		printf("rw waiting %d %d %d\n", 0 != rw_read_held(this->l),
		       0 != rw_write_held(this->l), 0 != rw_iswriter(this->l));
		this->k = (struct mutex *)((uintptr_t)curthread->signal +
		    offsetof(struct signal_struct, cred_guard_mutex));
		printf("kernel %d %d\n", mutex_owned(this->k), mutex_owner(this->k) == NULL);
	}'
err mutex_proto 1 "dtrace: invalid probe specifier BEGIN { trace(mutex_owned(curthread)); }: [D_PROTO_ARG] mutex_owned( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { trace(mutex_owned(curthread)); }'
err rw_proto 1 "dtrace: invalid probe specifier BEGIN { trace(rw_iswriter(1)); }: [D_PROTO_ARG] rw_iswriter( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { trace(rw_iswriter(1)); }'
err rw_mutex 1 "dtrace: invalid probe specifier BEGIN { trace(rw_read_held((struct mutex *)0)); }: [D_PROTO_ARG] rw_read_held( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { trace(rw_read_held((struct mutex *)0)); }'
err mutex_nargs 1 "dtrace: invalid probe specifier BEGIN { trace(mutex_type_spin()); }: [D_PROTO_LEN] mutex_type_spin( ) prototype mismatch: 0 args passed, 1 expected" -- \
	-n 'BEGIN { trace(mutex_type_spin()); }'

# pcap(skb, linktype): a UDP datagram to 127.0.0.1, taken where the
# loopback device queues it.  Its dump is the packet's linear bytes and
# no more (tracemem() of the same address shows them and what follows),
# as dtrace-utils dumps them without tshark; a NULL skb captures nothing
# and is no fault.  After freopen(), the same packets go to a pcap file
# of pcapsize-byte captures (20 rounded up to 24), which tcpdump reads.
cat >"$W/udp.py" <<'EOF2'
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.sendto(b"ferret-pcap-payload", ("127.0.0.1", 9))
EOF2
timeout 30 "$FERRET" dtrace -q -x pcapsize=128 -c "python3 $W/udp.py" -n '
rawtp:net::net_dev_queue
/pid == $target && !done/
{
	done = 1;
	pcap((void *)0, PCAP_ETHER);
	printf("len %d\n", ((struct sk_buff *)arg0)->len);
	pcap((struct sk_buff *)arg0, PCAP_ETHER);
	tracemem(((struct sk_buff *)arg0)->data, 128);
}
ERROR { printf("fault\n"); }' >"$W/out" 2>"$W/err"
rc=$?
# The dump's rows, then tracemem()'s: the first four rows alike, the
# dump ending at the packet's last byte (61: 14 + 20 + 8 + 19).
awk '/^ +[0-9a-f]+: /' "$W/out" >"$W/rows"
n=$(wc -l <"$W/rows")
if [ $rc = 0 ] && grep -qx 'len 61' "$W/out" && ! grep -q fault "$W/out" &&
   [ "$n" = 12 ] && [ "$(sed -n 1,3p "$W/rows")" = "$(sed -n 5,7p "$W/rows")" ] &&
   sed -n 4p "$W/rows" | grep -qE '^ +30: 2d 70 63 61 70 2d 70 61 79 6c 6f 61 64 +-pcap-payload$'; then
	ok pcap_dump
else
	bad pcap_dump "rc $rc: $(head -20 "$W/out") $(head -3 "$W/err")"
fi
rm -f "$W/cap.pcap"
timeout 30 "$FERRET" dtrace -q -w -x pcapsize=20 -c "python3 $W/udp.py" -n '
rawtp:net::net_dev_queue
/pid == $target && !done/
{
	done = 1;
	freopen("'"$W"'/cap.pcap");
	pcap((struct sk_buff *)arg0, PCAP_ETHER);
	freopen("");
	printf("back\n");
}' >"$W/out" 2>"$W/err"
rc=$?
tcpdump -nn -r "$W/cap.pcap" >"$W/td" 2>"$W/tderr"
if [ $rc = 0 ] && grep -qx back "$W/out" &&
   grep -q 'link-type EN10MB (Ethernet), snapshot length 24' "$W/tderr" &&
   [ "$(grep -c ' IP ' "$W/td")" = 1 ] &&
   [ "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(len(d), d[24 + 8:24 + 16].hex(), d[40 + 12:40 + 14].hex())' "$W/cap.pcap")" = "64 1800000018000000 0800" ]; then
	ok pcap_file
else
	bad pcap_file "rc $rc: $(cat "$W/out" "$W/err" "$W/tderr" "$W/td")"
fi
err pcap_arguments 1 "dtrace: invalid probe specifier BEGIN { pcap(1); }: [D_PROTO_LEN] pcap( ) prototype mismatch: 1 arg passed, 2 expected" -- \
	-n 'BEGIN { pcap(1); }'
err pcap_linktype 1 "dtrace: invalid probe specifier BEGIN { pcap((void *)0, \"ip\"); }: [D_PROTO_ARG] pcap( ) argument #2 is incompatible with prototype:" -- \
	-n 'BEGIN { pcap((void *)0, "ip"); }'

# copyinto()'s arguments are evaluated in the order written, and a chain
# of sixteen stores through a scratch pointer takes the value stored at
# each level, not frame space to read it back.
printf 'hello-world-text\n' >"$W/order.txt"
same copyinto_order 0 "....llo.........

" -- -q -c "dd if=$W/order.txt of=/dev/null status=none" -n 'syscall::write:entry /pid == $target/ {
	p = (char *)alloca(16);
	p[0] = p[1] = p[2] = p[3] = p[4] = p[5] = p[6] = p[7] =
	p[8] = p[9] = p[10] = p[11] = p[12] = p[13] = p[14] = p[15] = 0x2e;
	n = 2;
	copyinto(arg1 + (n++), (n++), (void *)(p + (n++)));
	printf("%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c\n", p[0], p[1], p[2], p[3],
	    p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]);
	exit(0); }'
