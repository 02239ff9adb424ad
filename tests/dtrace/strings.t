# D's string and conversion subroutines: results and corner cases as
# DTrace gives them (dtrace-utils' tests and the Dynamic Tracing Guide),
# strsize truncation, NULL from the searching subroutines, strtok's
# state from clause to clause, and the errors dtrace words.
cat >"$W/str1.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", strlen("kestrel"), strlen(""), strlen(execname));
	printf("[%s] [%s]\n", strjoin("wing", "span"), strjoin("", "tail"));
	printf("[%s] [%s]\n", strjoin("beak", ""), strjoin("", ""));
	printf("[%s] [%s]\n", toupper("Hawk-9 eye"), tolower("OWL at Night"));
	exit(0);
}
EOF
same basic 0 "7 0 6
[wingspan] [tail]
[beak] []
[HAWK-9 EYE] [owl at night]

" -- -s "$W/str1.d" -c true

cat >"$W/substr.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	s = "pelicanheron";
	printf("[%s] [%s]\n", substr(s, 3), substr(s, 30));
	printf("[%s] [%s]\n", substr(s, -5), substr(s, -40));
	printf("[%s] [%s]\n", substr(s, 2, 4), substr(s, 8, 20));
	printf("[%s] [%s]\n", substr(s, 3, -2), substr(s, 3, -20));
	printf("[%s] [%s]\n", substr(s, -9, -4), substr(s, -14, 4));
	printf("[%s] [%s]\n", substr(s, -16, 4), substr(s, 12));
	printf("[%s] [%s]\n", substr(s, -1, 0), substr(s, 0, 400));
	exit(0);
}
EOF
same substr 0 "[icanheron] []
[heron] [pelicanheron]
[lica] [eron]
[icanher] []
[icanh] [pe]
[] []
[] [pelicanheron]

" -- -s "$W/substr.d"

# D's pointer arithmetic on a string: s + k and k + s are the string from
# its char k, of what a variable holds (no more than strsize), "" past
# its end or before its start.
same string_offset 0 "[bcdef] [cdef] [2] [] [] [lo]

" -- -q -x strsize=6 -n 'BEGIN {
	g = "abcdefgh"; self->t = "12"; a[1] = "hello";
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", g + 1, 2 + g, self->t + 1,
	    self->t + 5, g + (-1), a[1] + 3);
	exit(0); }'

cat >"$W/index.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	s = "ternternterm";
	printf("%d %d %d\n", index(s, "tern"), rindex(s, "tern"), index(s, "term"));
	printf("%d %d %d\n", index(s, "tern", 1), rindex(s, "tern", 7), index(s, "tern", -9));
	printf("%d %d %d\n", rindex(s, "tern", -1), index(s, "", 40), rindex(s, ""));
	printf("%d %d %d\n", rindex(s, "", -3), index("", ""), index(s, "ternternterms"));
	printf("%d %d\n", rindex("", "a"), index(s, "", 5));
	exit(0);
}
EOF
same index 0 "0 4 8
4 4 0
-1 12 12
0 0 -1
-1 5

" -- -s "$W/index.d"

cat >"$W/search.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	s = "gullgannetgull";
	printf("[%s] [%s]\n", strchr(s, 'g'), strrchr(s, 'g'));
	printf("[%s] [%s]\n", strchr(s, 'n'), strrchr(s, 'n'));
	printf("[%s] [%s]\n", strstr(s, "net"), strstr(s, ""));
	printf("%d %d %d\n", strchr(s, 'z') == NULL, strstr(s, "gulls") != NULL, strrchr(s, 't') != NULL);
	exit(0);
}
EOF
sed -i 's/NULL/0/g' "$W/search.d"
same search 0 "[gullgannetgull] [gull]
[nnetgull] [netgull]
[netgull] [gullgannetgull]
1 0 1

" -- -s "$W/search.d"

cat >"$W/strtok.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	printf("%s\n", strtok("::wren::robin:finch::", ":"));
}
BEGIN
{
	printf("%s\n", strtok(0, ":"));
}
BEGIN
/strtok(0, ":") != 0/
{
	printf("%d\n", strtok(0, ":") == 0);
}
BEGIN
{
	printf("[%s] [%d] [%s]\n", strtok("lark", ""), strtok("", "lark") == NULL, strtok("a.b-c", "-."));
	exit(0);
}
EOF
same strtok 0 "wren
robin
1
[lark] [1] [a]

" -- -s "$W/strtok.d"

cat >"$W/lltostr.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	printf("[%s] [%s]\n", lltostr(0), lltostr(-4096));
	printf("[%s] [%s]\n", lltostr(0x7fffffffffffffff), lltostr(0x8000000000000000));
	printf("[%s] [%s]\n", lltostr(255, 16), lltostr(0, 16));
	printf("[%s] [%s]\n", lltostr(8, 8), lltostr(10, 2));
	printf("[%s] [%s]\n", lltostr(35, 36), lltostr(-1, 16));
	exit(0);
}
EOF
same lltostr 0 "[0] [-4096]
[9223372036854775807] [-9223372036854775808]
[0xff] [0x0]
[010] [1010]
[z] [0xffffffffffffffff]

" -- -s "$W/lltostr.d"

cat >"$W/paths.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	printf("%s %s\n", basename("/usr/lib//libc.so/"), dirname("/usr/lib//libc.so/"));
	printf("%s %s\n", basename("nest"), dirname("nest"));
	printf("%s %s\n", basename("///"), dirname("///"));
	printf("%s %s\n", basename(""), dirname(""));
	printf("%s %s\n", basename("/."), dirname("/./."));
	printf("%s %s\n", basename("eggs/"), dirname("/eggs"));
	printf("[%s] [%s] [%s]\n", cleanpath("/a/b/../../c/.//"), cleanpath("x/../.."), cleanpath(""));
	printf("[%s] [%s] [%s]\n", cleanpath("./"), cleanpath("/../.."), cleanpath("p/q/./r///s/"));
	exit(0);
}
EOF
same paths 0 "libc.so /usr/lib
nest .
/ /
. .
. /.
eggs /
[/c] [..] []
[.] [/] [p/q/r/s]

" -- -s "$W/paths.d"

cat >"$W/bytes.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	printf("%x %x %x %x\n", htons(0x1122334455667788), htonl(0x1122334455667788), ntohs(0xabcd), ntohl(0x01020304));
	printf("%d %d\n", htonll(0x1122334455667788) == 0x8877665544332211, ntohll(htonll(0x1234)) == 0x1234);
	printf("%x %x\n", getmajor(0xfedcba9876543210), getminor(0xfedcba9876543210));
	printf("%d\n", rand() == rand() && rand() == rand() && rand() == rand());
	exit(0);
}
EOF
same bytes 0 "8877 88776655 cdab 4030201
1 1
765 43210
0

" -- -s "$W/bytes.d"

cat >"$W/strsize.d" <<'EOF'
#pragma D option quiet
#pragma D option strsize=6
BEGIN
{
	printf("%d [%s]\n", strlen("albatross"), strjoin("alba", "tross"));
	printf("[%s] [%s]\n", lltostr(-12345678), toupper("albatross"));
	printf("[%s] [%s]\n", substr("albatross", 1), cleanpath("/albatross/"));
	exit(0);
}
EOF
same strsize 0 "6 [albatr]
[-12345] [ALBATR]
[lbatro] [/albat]

" -- -s "$W/strsize.d"

# A key built from strings, and a string compared in a predicate.
# (strsize 64: the nested subroutines' strings take more BPF stack than the default 256 leaves.)
cat >"$W/keys.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	@[strjoin(toupper("k"), lltostr(7))] = count();
	@[strjoin("K", "7")] = count();
}
BEGIN
/substr("plover", 2) == "over"/
{
	printa("%s %@d\n", @);
	exit(0);
}
EOF
same keys 0 "K7 2

" -- -x strsize=64 -s "$W/keys.d"

printf '#!/bin/bash\necho >/dev/tcp/$1/9\n' >"$W/conn.sh"
chmod +x "$W/conn.sh"
cat >"$W/inet.d" <<'EOF'
#pragma D option quiet
syscall::connect:entry
/pid == $target && arg2 == 16/
{
	printf("%s %s\n", inet_ntoa(arg1 + 4), inet_ntop(2, arg1 + 4));
	exit(0);
}
syscall::connect:entry
/pid == $target && arg2 == 28/
{
	printf("%s|%s|", inet_ntoa6(arg1 + 8), inet_ntoa6(arg1 + 8, 1));
	printf("%s\n", inet_ntop(10, arg1 + 8));
	exit(0);
}
EOF
same inet4 0 "127.0.0.1 127.0.0.1

" -- -s "$W/inet.d" -c "$W/conn.sh 127.0.0.1"
same inet6_mapped 0 "127.0.0.1|::ffff:127.0.0.1|::ffff:127.0.0.1

" -- -s "$W/inet.d" -c "$W/conn.sh ::ffff:127.0.0.1"
same inet6 0 "1080::808:c:417a|1080::808:c:417a|1080::808:c:417a

" -- -s "$W/inet.d" -c "$W/conn.sh 1080::808:c:417a"
# The same through the D library's address types, as dtrace-utils'
# scripts cast them.
cat >"$W/inet_t.d" <<'EOF'
#pragma D option quiet
syscall::connect:entry
/pid == $target && arg2 == 16/
{
	printf("%s %s %d\n", inet_ntoa((ipaddr_t *)(arg1 + 4)),
	    inet_ntop(AF_INET, (in_addr_t *)(arg1 + 4)), sizeof(ipaddr_t));
	exit(0);
}
syscall::connect:entry
/pid == $target && arg2 == 28/
{
	printf("%s %s %d\n", inet_ntoa6((in6_addr_t *)(arg1 + 8)),
	    inet_ntop(AF_INET6, (in6_addr_t *)(arg1 + 8)), sizeof(in6_addr_t));
	exit(0);
}
EOF
same inet4_types 0 "127.0.0.1 127.0.0.1 4

" -- -s "$W/inet_t.d" -c "$W/conn.sh 127.0.0.1"
same inet6_types 0 "1080::808:c:417a 1080::808:c:417a 16

" -- -s "$W/inet_t.d" -c "$W/conn.sh 1080::808:c:417a"
# link_ntop(): Ethernet's 6 bytes and InfiniBand's 20 as dtrace-utils'
# tst.link_ntop writes them (two hex digits each, colons between), with
# the type a constant or a variable; strsize cuts the text; a type of
# neither at run time faults, illegal, and an address that cannot be
# read faults, invalid.
cat >"$W/link.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	this->e = (uint64_t *)alloca(sizeof(uint64_t));
	*(this->e) = htonll(0x000102030405 << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	*(this->e) = htonll(0x020820ac040e << 16);
	t = ARPHRD_ETHER;
	printf("%s\n", link_ntop(t, this->e));
	this->ib = (uint64_t *)alloca(24);
	this->ib[0] = htonll(0x10800808200c417a);
	this->ib[1] = htonll(0x017f01ffff7f01ff);
	this->ib[2] = htonll(0xfe7f01ff00000000);
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, this->ib));
	t = ARPHRD_INFINIBAND;
	@[link_ntop(t, this->ib)] = count();
	exit(0);
}
EOF
same link_ntop 0 "00:01:02:03:04:05
02:08:20:ac:04:0e
10:80:08:08:20:0c:41:7a:01:7f:01:ff:ff:7f:01:ff:fe:7f:01:ff

  10:80:08:08:20:0c:41:7a:01:7f:01:ff:ff:7f:01:ff:fe:7f:01:ff                1
" -- -s "$W/link.d"
# An array variable is its bytes' address, as C's arrays decay: a
# global's, a thread-local's, and alloca()'d memory copied from one.
same link_ntop_array 0 "de:ad:be:ef:00:01
01:02:03:04:05:06
de:ad:be:ef:00:01

" -- -q -n 'uint8_t mac[6]; self uint8_t m2[6];
	BEGIN { mac[0] = 0xde; mac[1] = 0xad; mac[2] = 0xbe; mac[3] = 0xef; mac[5] = 1;
	self->m2[0] = 1; self->m2[1] = 2; self->m2[2] = 3; self->m2[3] = 4; self->m2[4] = 5; self->m2[5] = 6;
	printf("%s\n%s\n", link_ntop(ARPHRD_ETHER, mac), link_ntop(ARPHRD_ETHER, self->m2));
	p = alloca(6); bcopy(mac, p, 6);
	printf("%s\n", link_ntop(ARPHRD_ETHER, p));
	exit(0); }'
same link_ntop_strsize 0 "00:00:00

" -- -q -x strsize=8 -n 'BEGIN { p = (uint64_t *)alloca(8); printf("%s\n", link_ntop(ARPHRD_ETHER, p)); exit(0); }'
same link_ntop_badtype 0 "1

" -- -q -n 'BEGIN { p = (uint64_t *)alloca(8); t = -1; trace(link_ntop(t, p)); } ERROR { printf("%d\n", arg4 == DTRACEFLT_ILLOP); exit(0); }'
same link_ntop_badaddr 0 "1 16

" -- -q -n 'BEGIN { t = ARPHRD_ETHER; trace(link_ntop(t, 16)); } ERROR { printf("%d %d\n", arg4 == DTRACEFLT_BADADDR, arg5); exit(0); }'
# Constant arguments dtrace takes when compiling and fails when the
# clause runs: an unknown link type or address family (an illegal
# operation), NULL (an invalid address at 0), and a string copyinstr()
# cannot read (its address).
same bad_const_args 0 "3 0
1 0
1 0
3 0
1 0
1 4660
1 0
done

" -- -q -n 'ERROR { printf("%d %d\n", arg4, arg5); }
	BEGIN { trace(link_ntop(-1, 16)); }
	BEGIN { trace(link_ntop(ARPHRD_ETHER, NULL)); }
	BEGIN { trace(inet_ntoa(NULL)); }
	BEGIN { trace(inet_ntop(3, 8)); }
	BEGIN { trace(inet_ntoa6(NULL)); }
	BEGIN { trace(copyinstr(0x1234)); }
	BEGIN { printf("%s\n", copyinstr(0, 8)); }
	BEGIN { printf("done\n"); exit(0); }'

err proto_len 1 'dtrace: invalid probe specifier BEGIN { strtok("a"); }: strtok( ) prototype mismatch: 1 arg passed, 2 expected' -- \
	-n 'BEGIN { strtok("a"); }'
err proto_most 1 'dtrace: invalid probe specifier BEGIN { trace(substr("a", 1, 2, 3)); }: substr( ) prototype mismatch: 4 args passed, at most 3 expected' -- \
	-n 'BEGIN { trace(substr("a", 1, 2, 3)); }'
err proto_least 1 'dtrace: invalid probe specifier BEGIN { trace(index()); }: index( ) prototype mismatch: 0 args passed, at least 2 expected' -- \
	-n 'BEGIN { trace(index()); }'
err proto_arg 1 'dtrace: invalid probe specifier BEGIN { trace(strlen(12)); }: strlen( ) argument #1 is incompatible with prototype:' -- \
	-n 'BEGIN { trace(strlen(12)); }'
err proto_int 1 'dtrace: invalid probe specifier BEGIN { trace(substr("a", "b")); }: substr( ) argument #2 is incompatible with prototype:' -- \
	-n 'BEGIN { trace(substr("a", "b")); }'
printf 'BEGIN\n{\n\ttrace(strjoin("a",\n\t    lltostr(1, 99)));\n}\n' >"$W/base.d"
err lltostr_base 1 "dtrace: failed to compile script $W/base.d: line 4: lltostr( ) base 99 is not between 2 and 36: dtrace fails it with an illegal operation" -- \
	-s "$W/base.d"
# A string argument that cannot be read, NULL or a bad pointer, is an
# invalid address when the clause runs: the ERROR probe fires, and the
# clause goes no further.
same null_arg 0 "ERROR 1 0
ERROR 1 4096

" -- -q -n 'BEGIN { trace(strlen(0)); printf("not here\n"); }
	BEGIN { trace(strjoin("a", (char *)4096)); printf("nor here\n"); }
	ERROR { printf("ERROR %d %d\n", arg4, arg5); }
	BEGIN { exit(0); }'
if sed 's/pc [0-9]*$/pc NNN/' "$W/err" | grep -qx "dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc NNN"; then
	ok null_arg_message
else
	bad null_arg_message "stderr: $(cat "$W/err")"
fi
# The NULL strstr(), strchr(), strrchr() and strtok() give when they find
# nothing faults where a subroutine is given it; a found string does not.
same null_result_arg 0 "1 2
ERROR 1 0

" -- -q -n 'BEGIN { printf("%d %d\n", strlen(strchr("abc", 99)), strlen(strstr("abc", "b"))); }
	BEGIN { trace(strlen(strstr("abc", "x"))); }
	ERROR { printf("ERROR %d %d\n", arg4, arg5); exit(0); }'
# trace() and printf() of the NULL a search gives read address 0: the
# clause faults; a string found is recorded.  strtok(NULL, ...) after
# the last token gives NULL too.
same null_result_traced 0 "ERROR 1 0
ERROR 1 0
[bc] [a]
abc
ERROR 1 0

" -- -q -n 'BEGIN { trace(strstr("abc", "x")); printf("not here\n"); }
	BEGIN { printf("[%s]\n", strchr("abc", 120)); }
	ERROR { printf("ERROR %d %d\n", arg4, arg5); }
	BEGIN { printf("[%s] [%s]\n", strstr("abc", "b"), strtok("a b", " ")); }
	BEGIN { trace(strtok("abc", "def")); printf("\n"); }
	BEGIN { trace(strtok(NULL, "def")); }
	BEGIN { exit(0); }'
err named_arg 1 'dtrace: invalid probe specifier BEGIN { trace(strlen(cleanpath("/a"))); }: strlen( ) argument #1 is text ferret formats when it prints: it cannot be an argument of strlen( )' -- \
	-n 'BEGIN { trace(strlen(cleanpath("/a"))); }'

# D's default strsize is DTrace's 256: a path of 200 characters is
# traced whole, one of 300 cut to its first 256.  The workload's shell
# opens them O_RDWR|O_CREAT (<>), which no library load does.
dsz_path() {
	local n=$1 dir="$W/dsz/$(printf 'd%.0s' $(seq 1 120))" base
	base=$((n - ${#dir} - 1))
	printf '%s/%s' "$dir" "$(printf 'f%.0s' $(seq 1 $base))"
}
p200=$(dsz_path 200)
p300=$(dsz_path 300)
mkdir -p "$(dirname "$p200")"
touch "$p200" "$p300"
printf 'exec 3<>"$1"; exec 4<>"$2"; mv "$1" "$1.moved"; mv "$1.moved" "$1"\n' >"$W/dsz.sh"
same strsize_default 0 "[$p200]
[${p300:0:256}]

" -- -q -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::openat:entry /pid == $target && arg2 == 0x42/ {
		printf("[%s]\n", copyinstr(arg1));
	}'
same strsize_default_x 0 "[${p200:0:100}]
[${p300:0:100}]

" -- -q -x strsize=100 -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::openat:entry /pid == $target && arg2 == 0x42/ { printf("[%s]\n", copyinstr(arg1)); }'
# The searching subroutines nested three deep on a copyinstr() string of
# 217 characters at the default strsize 256: the verifier sees strings
# of any length there, and checks each search loop once (bpf_loop()).
mkdir -p "$W/nest"
nest_f="$(printf 'x%.0s' $(seq 70))marker-$(printf 'y%.0s' $(seq 70))marker+$(printf 'z%.0s' $(seq 60)).qq"
printf 'cd "%s" && exec 3<>"nest/%s"\n' "$W" "$nest_f" >"$W/nest.sh"
cat >"$W/nest.d" <<'EOF'
#pragma D option quiet
syscall::openat:entry
/pid == $target && arg2 == 0x42/
{
	this->p = copyinstr(arg1);
	printf("%d %d %d %d\n", index(this->p, "marker"), rindex(this->p, "marker"),
	    index(this->p, "marker", 76), rindex(this->p, "marker", 151));
	printf("%d %d %d\n", index(strstr(strstr(this->p, "marker"), "z"), "qq"),
	    rindex(strstr(strstr(this->p, "-"), "+"), "z", 10),
	    index(strstr(strstr(this->p, "y"), "m"), "q"));
	printf("[%s]\n", strstr(strstr(strstr(this->p, "marker"), "marker+"), ".qq"));
	printf("[%s] [%s]\n", strchr(strrchr(this->p, '+'), '.'),
	    strrchr(strchr(this->p, '-'), 'y'));
	printf("[%s] %d\n", basename(this->p), strlen(dirname(this->p)));
}
EOF
same nested_search_strsize_256 0 "75 152 152 75
61 10 68
[.qq]
[.qq] [ymarker+$(printf 'z%.0s' $(seq 60)).qq]
[$nest_f] 4

" -- -s "$W/nest.d" -c "sh $W/nest.sh"

# Eighteen searches in one clause, each checked once by the verifier.
cat >"$W/many.d" <<'EOF'
#pragma D option quiet
BEGIN
{
	x = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz";
	y = "klmnopqrstuvw";
	printf("%d %d %d %d %d %d %d\n", index(x, y, -1), index(x, y),
	    index(x, y, 10), index(x, y, 20), index(x, y, 30), index(x, y, 40),
	    index(x, y, 50));
	printf("%d %d %d %d %d %d\n", index(x, y, 60), index(x, y, 70),
	    index(x, y, 80), index(x, y, 90), index(x, y, 100), index(x, y, 120));
	printf("%d %d %d %d %d\n", rindex(x, y, 200), rindex(x, y, 113),
	    rindex(x, y, 10), rindex(x, y, 9), rindex(x, y, -1));
	exit(0);
}
EOF
same many_searches 0 "10 10 10 36 36 62 62
62 88 88 114 114 -1
114 88 10 -1 -1

" -- -s "$W/many.d"

# The common one-liners with two strings of 256, run for real: a key of
# the program's name and a path, a key of two paths (past the frame:
# built in scratch) and a record of two paths.
same strsize_key_execname 0 "sh $p200 1
sh ${p300:0:256} 1

" -- -q -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::openat:entry /pid == $target && arg2 == 0x42/ { @[execname, copyinstr(arg1)] = count(); }
	END { printa("%s %s %@d\n", @); }'
same strsize_key_two_paths 0 "$p200 $p200.moved 1
$p200.moved $p200 1

" -- -q -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::renameat2:entry /ppid == $target/ { @[copyinstr(arg1), copyinstr(arg3)] = count(); }
	END { printa("%s %s %@d\n", @); }'
same strsize_printf_two_paths 0 "$p200 -> $p200.moved
$p200.moved -> $p200

" -- -q -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::renameat2:entry /ppid == $target/ { printf("%s -> %s\n", copyinstr(arg1), copyinstr(arg3)); }'
# The entry/return pattern: the path kept per thread, shown on return.
same strsize_self_path 0 "$p200 3
${p300:0:256} 4

" -- -q -c "sh $W/dsz.sh $p200 $p300" -n '
	syscall::openat:entry /pid == $target && arg2 == 0x42/ { self->p = copyinstr(arg1); }
	syscall::openat:return /self->p != ""/ { printf("%s %d\n", self->p, arg1); self->p = ""; }'
# String temporaries beyond the 512-byte BPF stack: a probe whose frame
# would pass it keeps its strings of more than 64 bytes in per-CPU
# scratch, so the subroutines work at the default strsize of 256 as
# DTrace's do, with nothing lowered (dtrace never lowers strsize) and no
# notice.  These strings are 50 to 250 characters long: a strsize cut
# below 256 would show.
s50() { printf "$1%.0s" $(seq 1 50); }
A=$(s50 a) B=$(s50 b) C=$(s50 c) D=$(s50 d) E=$(s50 e)
dstr_g="a = \"$A\"; b = \"$B\"; c = \"$C\"; d = \"$D\"; e = \"$E\";"
same strjoin_nested_left 0 "$A$B$C$D$E

" -- -q -n "BEGIN { $dstr_g printf(\"%s\\n\", strjoin(strjoin(strjoin(strjoin(a, b), c), d), e)); exit(0); }"
same strjoin_nested_right 0 "$A$B$C$D$E

" -- -q -n "BEGIN { $dstr_g printf(\"%s\\n\", strjoin(a, strjoin(b, strjoin(c, strjoin(d, e))))); exit(0); }"
# Both sides nested: distinct slots for what is alive at once.
same strjoin_nested_both 0 "$A$B$C$D|$D$C$B$A

" -- -q -n "BEGIN { $dstr_g printf(\"%s|%s\\n\", strjoin(strjoin(a, b), strjoin(c, d)), strjoin(strjoin(d, c), strjoin(b, a))); exit(0); }"
# A chain of ternaries comparing strjoin() results: each comparison's
# strings die once it is made.
same strjoin_compare_chain 0 "3

" -- -q -n "BEGIN { $dstr_g printf(\"%d\\n\",
	strjoin(a, b) > strjoin(b, a) ? 1 :
	strjoin(c, d) == strjoin(d, c) ? 2 :
	strjoin(e, a) > strjoin(a, e) ? 3 :
	strjoin(b, c) != strjoin(c, b) ? 4 : 0); exit(0); }"
# strtok() of a strjoin() result and its state, a substr() of a join,
# and the joins kept in clause-locals.
same strtok_of_strjoin 0 "$A
$B$C
$C
$E$A$B

" -- -q -n "BEGIN { $dstr_g
	this->s = strjoin(strjoin(a, \",\"), strjoin(b, strjoin(c, \",\")));
	this->t = strjoin(e, strjoin(a, b));
	printf(\"%s\\n\", strtok(this->s, \",\"));
	printf(\"%s\\n\", strtok(NULL, \",\"));
	printf(\"%s\\n\", substr(strjoin(this->s, d), 101, 50));
	printf(\"%s\\n\", this->t);
	exit(0); }"
# Before, these lowered strsize with a notice (or were refused with -x
# strsize=256): now neither, and no notice.
err strsize_not_lowered 0 "" -- \
	-e -n 'BEGIN { @[strjoin(toupper("k"), lltostr(7))] = count(); }'
err strsize_256_fits 0 "" -- \
	-x strsize=256 -e -n 'BEGIN { @[strjoin(toupper("k"), lltostr(7))] = count(); }'
# What per-CPU scratch cannot hold is a located error.
err strsize_scratch_full 1 "dtrace: invalid probe specifier BEGIN { trace(strjoin(strjoin(toupper(\"a\"), toupper(\"b\")), toupper(\"c\"))); }: this statement needs 40016 bytes of per-CPU scratch for its values; a map value holds at most 32768" -- \
	-x strsize=10000 -e -n 'BEGIN { trace(strjoin(strjoin(toupper("a"), toupper("b")), toupper("c"))); }'
same strsize_lowered_runs 0 "
  K7                                                                1
" -- -q -n 'BEGIN { @[strjoin(toupper("k"), lltostr(7))] = count(); exit(0); }'

# s[i] of a string is its char i (D's *(s + i)), whatever holds the
# string: a builtin, a global, a clause-local, a thread-local, an
# associative array's value, a subroutine's result, an assignment.  Past
# the string's end (up to strsize) it is the NUL padding, 0.
cat >"$W/sidx.d" <<'EOF2'
#pragma D option quiet
syscall::exit_group:entry
/pid == $target/
{
	printf("%c%c %d %d\n", execname[0], execname[3], execname[4], execname[200]);
	g = "plover";
	this->l = "avocet";
	self->t = "dunlin";
	a[7, "k"] = "curlew";
	printf("%c %c %c %c\n", g[1], this->l[2], self->t[3], a[7, "k"][4]);
	i = 5;
	j = -1;
	k = 6;
	printf("%c %d %d %d\n", g[i], g[j], g[k], g[i + 300]);
	printf("%c %c\n", strjoin("god", "wit")[3], (s = toupper(g))[i - 1]);
	printf("%s %d\n", s, "knot"[3]);
	exit(0);
}
EOF2
same index_string 0 "te 0 0
l o l e
r 0 0 0
w E
PLOVER 116

" -- -s "$W/sidx.d" -c true
# copyinstr()'s result indexed where it is assigned; its maxsize counts
# the NUL and is bounded by strsize, as in DTrace.
cat >"$W/cidx.d" <<'EOF2'
#pragma D option quiet
#pragma D option strsize=10
syscall::write:entry
/pid == $target/
{
	printf("%c %c\n", (s = copyinstr(arg1, 64))[2], copyinstr(arg1)[8]);
	printf("[%s] [%s] [%s]\n", s, copyinstr(arg1, 5), copyinstr(arg1, 10));
	exit(0);
}
EOF2
same index_copyinstr 0 "n n
[sanderlin] [sand] [sanderlin]

" -- -s "$W/cidx.d" -c "sh -c 'echo sanderling >/dev/null'"
# A struct's char array in scratch memory is stored to and read a char at
# a time.
same index_struct_chars 0 "65 66 0

" -- -q -n 'BEGIN {
	p = (struct in6_addr *)alloca(sizeof(struct in6_addr));
	p->in6_u.u6_addr8[0] = 0x41;
	i = 1;
	p->in6_u.u6_addr8[i] = 0x42;
	printf("%d %d %d\n", p->in6_u.u6_addr8[0], p->in6_u.u6_addr8[i], p->in6_u.u6_addr8[15]);
	exit(0); }'
# An unsigned byte array of kernel BTF (__u8 u6_addr8[16]) reads its
# chars unsigned, as DTrace; a D string's chars are signed.
same index_unsigned_bytes 0 "254 128 1 -2 1

" -- -q -n 'BEGIN {
	p = (struct in6_addr *)alloca(sizeof(struct in6_addr));
	p->in6_u.u6_addr8[0] = 0xfe;
	i = 1;
	p->in6_u.u6_addr8[i] = 0x80;
	s = "\xfe";
	printf("%d %d %d %d %d\n", p->in6_u.u6_addr8[0], p->in6_u.u6_addr8[i],
	    p->in6_u.u6_addr8[0] > 0x7f, s[0], s[0] < 0);
	exit(0); }'
# D's string as a type name: sizeof(string) is strsize, a cast to
# string * and a declared clause-local string, empty until stored.
same string_type 0 "32 [] 1

" -- -q -x strsize=32 -n 'this string u; BEGIN {
	p = (string *)alloca(sizeof(string) + 1);
	printf("%d [%s] %d\n", sizeof(string), this->u, p != NULL);
	exit(0); }'
err index_bounds_array 1 'dtrace: invalid probe specifier BEGIN { trace(curlwpsinfo->pr_name[16]); }: [D_ARR_BOUNDS] index outside array bounds: 16, max is 16' -- \
	-n 'BEGIN { trace(curlwpsinfo->pr_name[16]); }'
err index_bounds_string 1 'dtrace: invalid probe specifier BEGIN { s = "x"; trace(s[64]); }: [D_ARR_BOUNDS] index outside array bounds: 64, max is 64' -- \
	-x strsize=64 -n 'BEGIN { s = "x"; trace(s[64]); }'

# <, <=, > and >= order strings as strcmp() does: bytes unsigned, a
# prefix before the longer string, strings of different sizes.
cat >"$W/srel.d" <<'EOF2'
#pragma D option quiet
BEGIN
{
	a = "heron";
	b = "herons";
	c = "her\xe9";
	d = "hero";
	printf("%d%d%d%d ", a < b, a <= b, a > b, a >= b);
	printf("%d%d%d%d ", b < a, b <= a, b > a, b >= a);
	printf("%d%d%d%d ", c > a, c < a, a <= a, a < a);
	printf("%d%d%d ", d < a, strjoin("he", "ron") >= a, a > strjoin("her", "on"));
	printf("%d%d\n", "" < d, execname > "");
	exit(0);
}
EOF2
same relational 0 "1100 0011 1010 110 11

" -- -s "$W/srel.d"
err relational_int 1 'dtrace: invalid probe specifier BEGIN { trace("a" < 1); }: Type mismatch for '"'"'<'"'"': comparing '"'"'string[2]'"'"' with '"'"'int32'"'"' (strings can only be compared with ==, !=, <, <=, > and >= against strings)' -- \
	-n 'BEGIN { trace("a" < 1); }'
# A probe's name and its parts are strings to the string subroutines,
# as in DTrace: each probe of the clause gives its own.
same probe_parts 0 "dtrace:BEGIN 5 BEG
profile:tick-1ms 8 TIC

" -- -q -x strsize=16 -n 'BEGIN, tick-1ms { printf("%s %d %s\n", strjoin(probeprov, strjoin(":", probename)), strlen(probename), toupper(substr(probename, 0, 3))); } tick-1ms { exit(0); }'
err probefunc_every_syscall 1 "dtrace: invalid probe specifier syscall:::entry { trace(strlen(probefunc)); exit(0); }: probefunc of a probe for every syscall is the syscall's name, which ferret names when it prints: it cannot be a string operand here" -- \
	-n 'syscall:::entry { trace(strlen(probefunc)); exit(0); }'
# They compare with strings known only when running, as strings: each
# probe's program writes its own text.
same probe_parts_cmp 0 "BEGIN 0 1 1
tick-1ms 1 0 1

" -- -q -n 'BEGIN, tick-1ms { printf("%s %d %d %d\n", probename,
	probename == strjoin("tick-", "1ms"), probeprov > probename, probename != probeprov); }
	tick-1ms { exit(0); }'
same probe_parts_cmp_bvar 0 "0 0 1 1

" -- -q -n 'BEGIN { printf("%d %d %d %d\n", execname == probename, curthread->comm != probeprov,
	probename < execname, probeprov >= execname); exit(0); }'
printf 'echo a >/dev/null\necho b >/dev/null\n' >"$W/two.sh"
same probe_parts_cmp_pred 0 "
  write                                                             2
" -- -q -c "/bin/sh $W/two.sh" -n 'syscall::write:entry, syscall::close:entry
	/pid == $target && probefunc == strjoin("wri", "te")/ { @[probefunc] = count(); }'
same probe_parts_index 0 "dN t

" -- -q -n 'BEGIN { s = probeprov; printf("%c%c %c\n", s[0], probename[4], probeprov[1]); exit(0); }'
same probe_parts_char_ptr 0 "t dtrace BEGIN

" -- -q -n 'char *p; BEGIN { p = probeprov; q = (char *)probename; printf("%c %s %s\n", p[1], stringof(p), stringof(q)); exit(0); }'
err probefunc_every_syscall_cmp 1 "dtrace: invalid probe specifier syscall:::entry /probefunc == execname/ { }: probefunc of a probe for every syscall is the syscall's name, which ferret names when it prints: it cannot be a string operand here" -- \
	-n 'syscall:::entry /probefunc == execname/ { }'

# A string variable holding NULL equals only NULL and orders before
# every other string, "" included, whichever side it is on; two NULLs
# are equal.
same null_string_order 0 "0 0 0 1 1 1 1
0 0 1 1 1
1 0 1 0

" -- -q -n 'BEGIN {
	s = "abc"; s = NULL; t = "x";
	printf("%d %d %d %d %d %d %d\n", t <= s, t < s, t == s, t != s, s < t, s <= t, s != t);
	t = "";
	printf("%d %d %d %d %d\n", t < s, t == s, s < t, s != t, t > s);
	t = NULL;
	printf("%d %d %d %d\n", s == t, s < t, s <= t, s != t);
	exit(0); }'
# A string element of an associative array never assigned is NULL: it
# equals NULL and orders first; traced, printed or given to strlen() it
# reads address 0.  An assigned one, and one of another key, are read.
same null_assoc_elem 0 "1 0 1 1 0
two 3
ERROR 1 0
ERROR 1 0
ERROR 1 0

" -- -q -n 'string s[int];
	BEGIN { s[2] = "two"; x = s[1];
		printf("%d %d %d %d %d\n", s[1] == NULL, s[2] == NULL, x == NULL, s[1] < "", s[1] == "");
		printf("%s %d\n", s[2], strlen(s[2])); }
	BEGIN { trace(s[1]); }
	BEGIN { printf("%s\n", s[3]); }
	BEGIN { trace(strlen(s[4])); }
	BEGIN { exit(0); }
	ERROR { printf("ERROR %d %d\n", arg4, arg5); }'
# So is a thread-local string never assigned.
same null_thread_local 0 "1 0 1 0
one 3 1
ERROR 1 0
ERROR 1 0
ERROR 1 0

" -- -q -n 'self string s, t;
	BEGIN { self->t = "one"; x = self->s;
		printf("%d %d %d %d\n", self->s == NULL, self->t == NULL, x == NULL, self->s == "");
		printf("%s %d %d\n", self->t, strlen(self->t), self->s < self->t); }
	BEGIN { trace(self->s); }
	BEGIN { printf("%s\n", self->s); }
	BEGIN { trace(strlen(self->s)); }
	BEGIN { exit(0); }
	ERROR { printf("ERROR %d %d\n", arg4, arg5); }'
# Each comparison of long strings is unrolled a byte at a time; a clause
# of a hundred of them, past what the verifier follows in one program,
# goes on in tail-called parts and counts them all.
L=$(printf 'a%.0s' $(seq 1 200))
{
	echo '#pragma D option quiet'
	echo 'BEGIN {'
	echo "	s1 = \"${L}b\"; s2 = \"${L}c\"; n = 0;"
	for i in $(seq 1 100); do echo '	n += (s1 < s2) + (s2 == s1);'; done
	echo '	printf("%d\n", n);'
	echo '	exit(0);'
	echo '}'
} >"$W/longcmp.d"
same long_compares_split 0 "100

" -- -s "$W/longcmp.d"
