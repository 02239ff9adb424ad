# D's declarations: struct, union and enum definitions, typedefs, inline
# constants and typed variables, used in casts, sizeof, offsetof and
# member access; D's library constants; DTrace's errors for bad ones.

# Laid out as dtrace's CTF container lays them out: a bitfield in bytes
# of its own (kind in byte 16, flags in the 2 bytes at 18), no padding
# after the last member.
cat >"$W/layout.d" <<'EOF'
#pragma D option quiet

struct rec {
	char tag;
	long when;
	unsigned int kind : 4, flags : 12;
	short count[3];
};

union word {
	uint64_t all;
	struct {
		uint32_t lo;
		uint32_t hi;
	} half;
	char bytes[8];
};

typedef struct rec rec_t;
typedef unsigned short port_t;
typedef rec_t *rec_p;

enum level { LOW, MID = 1 << 4, HIGH, TOP = (MID | HIGH) * 2 };

inline int LIMIT = 3 * 7;
inline string GREETING = "hi there";
inline uint8_t WRAPPED = 0x1ff;

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(struct rec), sizeof(rec_t),
	    sizeof(union word), sizeof(port_t), sizeof(rec_p));
	printf("%d %d %d\n", offsetof(struct rec, when), offsetof(rec_t, count),
	    offsetof(union word, half));
	printf("%d %d %d %d\n", LOW, MID, HIGH, TOP);
	printf("%d %s %d\n", LIMIT, GREETING, WRAPPED);
	exit(0);
}
EOF
same layout 0 "26 26 8 2 8
8 20 0
0 16 17 34
21 hi there 255

" -- -s "$W/layout.d"

# A declared variable takes its values, and keys, in its declared type.
cat >"$W/typed.d" <<'EOF'
#pragma D option quiet

int narrow;
uint8_t byte;
int16_t counts[int];
self uint16_t mine;
this char c;

BEGIN
{
	narrow = 0x100000005;
	byte = 250;
	byte += 10;
	counts[0x100000001] = 70000;
	self->mine = -1;
	this->c = 0x141;
	printf("%d %d %d %d %c\n", narrow, byte, counts[1], self->mine, this->c);
	exit(0);
}
EOF
same typed 0 "5 4 4464 65535 A

" -- -s "$W/typed.d"

# A clause-local read before the clause stores it is zero, of its declared
# type, or an int64_t that ++ makes; a declared struct's members are
# stored one by one.
cat >"$W/unstored.d" <<'EOF'
#pragma D option quiet

this uint8_t small;
this int16_t unused;
this int acc;
this int fresh;
struct pair {
	int left;
	short right;
};
this struct pair pr;

BEGIN
{
	printf("%d %d", this->counter++, this->counter);
	printf(" %d %d", ++this->other, this->small - 1);
	this->small = this->small + 300;
	printf(" %d %d %d", this->small, sizeof(this->unused), this->unused);
	this->pr.left = 7;
	this->pr.right = 70000;
	printf(" %d %d %d\n", this->pr.left, this->pr.right, sizeof(this->pr));
	this->acc = this->acc > 0 ? 1 : this->acc + 5;
	printf("%d\n", this->acc);
}

BEGIN
{
	printf("%d\n", this->fresh);
	exit(0);
}
EOF
same local_unstored 0 "0 1 1 -1 44 2 0 7 4464 6
5
0

" -- -s "$W/unstored.d"

# Members through a pointer to user memory: sleep's timespec.
cat >"$W/member.d" <<'EOF'
#pragma D option quiet

struct ts {
	long sec;
	long nsec;
};
typedef struct ts ts_t;

syscall::clock_nanosleep:entry
/pid == $target/
{
	this->t = (ts_t *)arg2;
	printf("%d %d %d\n", this->t->sec, ((struct ts *)arg2)->nsec / 1000000,
	    sizeof(*this->t));
}
EOF
same member 0 "0 250 16

" -- -s "$W/member.d" -c "sleep 0.25"

# D's library: NULL and the usual constants, with Linux's values.
same library 0 "0 22 2 9 15 2 10 577 -100 4

" -- -q -n 'BEGIN { printf("%d %d %d %d %d %d %d %d %d %d\n", NULL, EINVAL,
	ENOENT, SIGKILL, SIGTERM, AF_INET, AF_INET6, O_WRONLY | O_CREAT | O_TRUNC,
	AT_FDCWD, DTRACEFLT_DIVZERO); exit(0); }'

# Errors, as dtrace words and tags them.
derr() {
	printf '%s\n' "$3" >"$W/e.d"
	err "$1" 1 "dtrace: failed to compile script $W/e.d: $2" -- -s "$W/e.d"
}
derr struct_redeclared "[D_DECL_TYPERED] line 2: type redeclared: struct s" \
	"struct s { int a; };
struct s { int b; };"
derr typedef_redeclared "[D_DECL_IDRED] line 2: typedef redeclared: t" \
	"typedef int t;
typedef long t;"
derr enumerator_redeclared "[D_DECL_IDRED] line 2: identifier redeclared: RED" \
	"enum colour { RED, GREEN };
enum flag { RED };"
derr enumerator_not_constant "[D_DECL_ENCONST] line 1: enumerator 'B' must be assigned to an integral constant expression" \
	"enum e { A, B = pid };"
derr member_incomplete "[D_DECL_INCOMPLETE] line 2: incomplete struct/union/enum struct later: l" \
	"struct now {
	struct later l;
};"
derr member_void "[D_DECL_VOIDOBJ] line 1: cannot have void member: v" \
	"struct s { int a; void v; };"
derr bitfield_size "[D_DECL_BFSIZE] line 1: bit-field too big for type: b" \
	"struct s { char b : 9; };"
# A name dtrace's lexer does not know, it looks past, which leaves the
# text of the error running on to the end of the line.
derr struct_syntax "line 1: syntax error near \"BEGIN { exit(0); }\"" \
	"struct s { int a; } BEGIN { exit(0); }"
derr offsetof_type "[D_OFFSETOF_TYPE] line 1: offsetof operand must be a struct or union type" \
	"BEGIN { trace(offsetof(uint64_t, x)); }"
derr offsetof_member "[D_UNKNOWN] line 2: failed to determine offset of nope: Member name not found" \
	"struct s { int a; };
BEGIN { trace(offsetof(struct s, nope)); }"
derr offsetof_bitfield "[D_OFFSETOF_BITFIELD] line 2: cannot take offset of a bit-field: b" \
	"struct s { int a; int b : 3; };
BEGIN { trace(offsetof(struct s, b)); }"
# The scoping operator in type names: D` (the program's types), C` and
# vmlinux` (the kernel's BTF) name the type the bare name does; union
# members and members of unnamed structs and unions inside are at their
# offsets, in the program's types and the kernel's (sk_buff's dev is in
# an unnamed union of an unnamed struct).
cat >"$W/scoped.d" <<'EOF'
#pragma D option quiet

union u {
	int i;
	char c;
	long l;
};

typedef struct pt {
	int a;
	union {
		long b;
		struct {
			char c;
			int d;
		};
	};
} pt_t;

BEGIN
{
	printf("%d %d %d %d\n", offsetof(union D`u, c), offsetof(union u, l),
	    sizeof(union C`u), offsetof(struct D`pt, b));
	printf("%d %d %d\n", offsetof(D`pt_t, d), sizeof(D`pt_t),
	    sizeof(struct D`pt) == sizeof(pt_t));
	printf("%d %d\n", offsetof(struct vmlinux`sk_buff, dev) == offsetof(struct sk_buff, dev),
	    offsetof(struct sk_buff, dev) > 0);
	printf("%d\n", ((struct vmlinux`task_struct *)curthread)->pid == tid);
	exit(0);
}
EOF
same scoped_types 0 "0 0 8 8
12 16 1
1 1
1

" -- -s "$W/scoped.d"
derr scope_unknown_module "line 1: failed to resolve type struct nomod\`s: Unknown module name" \
	"BEGIN { trace(offsetof(struct nomod\`s, x)); }"
derr inline_redefined "line 1: identifier redefined: SIGINT" \
	"inline int SIGINT = 2;"

# Inline arrays: the keys stand for the parameters, each converted to its
# parameter's type, and the value to the inline's type.
cat >"$W/iarr.d" <<'EOF'
#pragma D option quiet

struct pair { int sum; };
translator struct pair < int N > { sum = N * 2; };

inline string tag[string s, int n] = n > 1 ? strjoin("many ", s) : s;
inline int sq[int x] = x * x;
inline uint8_t low[int x] = x + 1;
inline int twice[int x] = (xlate < struct pair > (x)).sum;
inline int8_t keyed[int8_t k] = k;

BEGIN
{
	v = 7;
	printf("%s|%s\n", tag["cats", 3], tag["dog", 1]);
	printf("%d %d %d %d %d\n", sq[v + 1], sq[sq[2]], low[0x1ff], twice[v],
	    keyed[0x180]);
	exit(0);
}
EOF
same inline_array 0 "many cats|dog
64 16 0 14 -128

" -- -s "$W/iarr.d"
derr inline_array_keys "[D_PROTO_LEN] line 1: sq[ ] prototype mismatch: 2 keys passed, 1 expected" \
	"inline int sq[int x] = x * x; BEGIN { trace(sq[1, 2]); }"
derr inline_array_scalar "[D_IDENT_BADREF] line 1: associative array 'sq' may not be referenced as scalar" \
	"inline int sq[int x] = x * x; BEGIN { trace(sq); }"
derr inline_array_param_scope "[D_IDENT_UNDEF] line 1: failed to resolve x: Unknown variable name" \
	"inline int sq[int x] = x; BEGIN { trace(x); }"

# print(): what a pointer points to, in dtrace-utils' layout: the
# address, then the value from column 44, a level a column, members
# named, every value with its type as CTF names it, zero members left
# out, a char array up to its NUL.  Expected texts follow the layouts of
# dtrace-utils' test/unittest/print .r files (lines start with @ for the
# 44 columns here); the stored values are the script's own.
pexp() { sed 's/^@/                                            /'; }
cat >"$W/print.in" <<'EOF'
#pragma D option quiet

enum eh { FIRSTVAL = 0, SECONDVAL = 1, THIRDVAL = 3 };

struct test_struct {
	int a;
	char b[5];
	union {
		__u8 c;
		__u64 d;
	} u;
	struct {
		void *e;
		uint64_t f;
	} s;
	bool g;
	enum eh h;
};

BEGIN
{
	t = (struct test_struct *)alloca(sizeof(struct test_struct));
	c = (char *)t;
	t->a = 1;
	c[4] = 't';
	c[5] = 'e';
	c[6] = 's';
	c[7] = 't';
	t->u.d = 123456789;
	t->s.e = (void *)0xffff9b7aca7e0000;
	t->s.f = 987654321;
	t->g = 1;
	t->h = VALUE;
	print(t);
	exit(0);
}
EOF
sed 's/VALUE/SECONDVAL/' "$W/print.in" >"$W/print.d"
same_ptr print_struct 0 "$(pexp <<'EOF'
{ptr} = *
@(struct test_struct) {
@ .a = (int)1,
@ .b = (char [5]) [
@  (char)'t',
@  (char)'e',
@  (char)'s',
@  (char)'t',
@ ],
@ .u = (union) {
@  .c = (__u8)21,
@  .d = (__u64)123456789,
@ },
@ .s = (struct) {
@  .e = (void *)0xffff9b7aca7e0000,
@  .f = (uint64_t)987654321,
@ },
@ .g = (bool)1,
@ .h = (enum eh)SECONDVAL,
@}
EOF
)

" -- -s "$W/print.d"

# A zero enum member is left out like any zero member; an enum value
# with no enumerator prints as a number.
sed 's/VALUE/2/' "$W/print.in" >"$W/print.d"
same_ptr print_enum_number 0 "$(pexp <<'EOF'
{ptr} = *
@(struct test_struct) {
@ .a = (int)1,
@ .b = (char [5]) [
@  (char)'t',
@  (char)'e',
@  (char)'s',
@  (char)'t',
@ ],
@ .u = (union) {
@  .c = (__u8)21,
@  .d = (__u64)123456789,
@ },
@ .s = (struct) {
@  .e = (void *)0xffff9b7aca7e0000,
@  .f = (uint64_t)987654321,
@ },
@ .g = (bool)1,
@ .h = (enum eh)2,
@}
EOF
)

" -- -s "$W/print.d"

# printsize: the bytes shown ("..." where they end), -x or #pragma, and
# setopt() while tracing.
cat >"$W/printsize.d" <<'EOF'
#pragma D option quiet
#pragma D option printsize=8

struct test_struct {
	int a;
	char b[5];
	union {
		__u8 c;
		__u64 d;
	} u;
	long tail;
};

BEGIN
{
	t = (struct test_struct *)alloca(sizeof(struct test_struct));
	c = (char *)t;
	t->a = 1;
	c[4] = 't';
	c[5] = 'e';
	c[6] = 's';
	c[7] = 't';
	t->u.d = 12345678;
	t->tail = -1;
	print(t);
	setopt("printsize", "20");
	print(t);
	exit(0);
}
EOF
same_ptr print_printsize 0 "$(pexp <<'EOF'
{ptr} = *
@(struct test_struct) {
@ .a = (int)1,
@ .b = (char [5]) [
@  (char)'t',
@  (char)'e',
@  (char)'s',
@  (char)'t',
@ ],
@ ...
@}
{ptr} = *
@(struct test_struct) {
@ .a = (int)1,
@ .b = (char [5]) [
@  (char)'t',
@  (char)'e',
@  (char)'s',
@  (char)'t',
@ ],
@ .u = (union) {
@  .c = (__u8)78,
@  .d = (__u64)12345678,
@ ...
@ },
@}
EOF
)

" -- -s "$W/printsize.d"

# Ten levels down the listing stops; a char array whose first byte is
# NUL shows none of it; zeros are left out below the top.  As in
# dtrace-utils, a struct none of whose members was shown before the
# listing stopped is not closed.
cat >"$W/deep.d" <<'EOF'
#pragma D option quiet

struct deep {
	long long x;
	char empty[4];
	struct { long long x; struct { long long x; struct { long long x;
	struct { long long x; struct { long long x; struct { long long x;
	struct { long long x; struct { long long x; struct { long long x;
	struct { long long x; } j; } i; } h; } g; } f; } e; } d; } c; } b; } a;
};

BEGIN
{
	t = (struct deep *)alloca(sizeof(struct deep));
	c = (char *)t;
	c[9] = 'x';
	t->x = 1;
	t->a.x = 2;
	t->a.b.c.d.e.f.g.h.i.j.x = 11;
	print(t);
	exit(0);
}
EOF
same_ptr print_depth 0 "$(pexp <<'EOF'
{ptr} = *
@(struct deep) {
@ .x = (long long)1,
@ .empty = (char [4]) [
@ ],
@ .a = (struct) {
@  .x = (long long)2,
@  .b = (struct) {
@   .c = (struct) {
@    .d = (struct) {
@     .e = (struct) {
@      .f = (struct) {
@       .g = (struct) {
@        .h = (struct) {
@         .i = (struct) {
@          ...
@        },
@       },
@      },
@     },
@    },
@   },
@  },
@ },
@}
EOF
)

" -- -s "$W/deep.d"

# Kernel structs are named and laid out from the kernel's BTF: unnamed
# unions and structs nest without a name, as dtrace-utils' CTF has them.
same_ptr print_kernel_struct 0 "$(pexp <<'EOF'
{ptr} = *
@(struct sk_buff) {
@ .len = (unsigned int)123,
@ .data = (unsigned char *)0xfeedfacefeedface,
@ .truesize = (unsigned int)32,
@}
EOF
)

" -- -q -n 'BEGIN {
	skb = (struct sk_buff *)alloca(sizeof(struct sk_buff));
	skb->len = 123;
	skb->data = (unsigned char *)0xfeedfacefeedface;
	skb->truesize = 32;
	print(skb);
	exit(0); }'

# The running thread's task: its pid, comm and the unnamed union the
# kernel declares in it, each where the task keeps them.
timeout 30 "$FERRET" dtrace -q -n 'BEGIN { printf("%d %s\n", pid, execname);
	print(curthread); exit(0); }' >"$W/task.out" 2>"$W/err"
if awk 'NR == 1 { pid = $1; comm = $2; next }
	NR == 2 { addr = ($0 ~ /^0x[0-9a-f]+ = \*$/); next }
	NR == 3 { top = ($0 == sprintf("%44s(struct task_struct) {", "")); next }
	$0 == sprintf("%45s.pid = (pid_t)%d,", "", pid) { p = 1 }
	$0 == sprintf("%45s.tgid = (pid_t)%d,", "", pid) { g = 1 }
	$0 == sprintf("%45s.comm = (char [16]) [", "") { inc = 1; s = ""; next }
	inc && /\(char\)/ { s = s substr($0, 54, 1); next }
	inc { inc = 0 }
	$0 != "" { last = $0 }
	END { exit !(addr && top && p && g && s == comm && last == sprintf("%44s}", "")) }' \
	"$W/task.out"; then
	ok print_curthread
else
	bad print_curthread "$(head -3 "$W/task.out") $(head -2 "$W/err")"
fi

derr print_not_pointer "[D_PROTO_ARG] line 1: print( ) argument #1 is incompatible with prototype:" \
	"BEGIN { print(1); exit(1); }"
derr print_no_args "[D_PROTO_LEN] line 1: print( ) prototype mismatch: 0 args passed, 1 expected" \
	"BEGIN { print(); exit(1); }"
derr print_two_args "[D_PROTO_LEN] line 1: print( ) prototype mismatch: 2 args passed, 1 expected" \
	"BEGIN { x = 1; print(x, x); exit(1); }"
derr print_size_zero "[D_PRINT_SIZE] line 1: print( ) argument #1 reference has type 'struct bpf_raw_tracepoint_args' with size 0; cannot print( ) it." \
	"BEGIN { t = (int *)alloca(sizeof(int)); print((struct bpf_raw_tracepoint_args *)t); exit(0); }"
derr print_void "[D_PRINT_SIZE] line 1: print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it." \
	"BEGIN { print((void *)curthread); exit(0); }"
# A NULL pointer is DTrace's fault; the clause stops, the next runs.
timeout 30 "$FERRET" dtrace -q -n 'BEGIN { print((struct task_struct *)0); }
	BEGIN { exit(0); }' >"$W/out" 2>"$W/err"
if [ $? = 0 ] && [ ! -s "$W/out" -o "$(cat "$W/out")" = "" ] &&
   grep -qE '^dtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x0\) at BPF pc [0-9]+$' "$W/err"; then
	ok print_null
else
	bad print_null "$(head -3 "$W/err")"
fi

# Bitfields print their values; zero array elements are left out; an
# array of structs shows each struct's members and closes it (where
# dtrace-utils shows only the struct's first line); int a[2][3] is
# named "int [3][2]", as libctf names it.  The stores are through plain
# pointers at the offsets dtrace's layout gives: kind in byte 0, flags
# in the 2 bytes at 2, count at 4, pts at 12, grid at 28.
cat >"$W/print2.d" <<'EOF'
#pragma D option quiet
struct pt { int x; int y; };
struct rec {
	unsigned int kind : 4, flags : 12;
	short count[3];
	struct pt pts[2];
	int grid[2][3];
	char **argv;
	struct list_head lh;
	uint8_t bytes[4];
};
BEGIN
{
	t = (struct rec *)alloca(sizeof(struct rec));
	u = (uint8_t *)t;
	*u = 5;
	s = (short *)t;
	s[1] = 0x123;
	s[3] = 7;
	s[6] = -9;
	i = (int *)t;
	i[7] = 3;
	i[10] = 4;
	i[12] = 6;
	t->argv = (char **)0x10;
	t->lh.next = (struct list_head *)0x20;
	print(t);
	exit(0);
}
EOF
same_ptr print_arrays_bitfields 0 "$(pexp <<'EOF'
{ptr} = *
@(struct rec) {
@ .kind = (unsigned int)5,
@ .flags = (unsigned int)291,
@ .count = (short [3]) [
@  (short)7,
@ ],
@ .pts = (struct pt [2]) [
@  (struct pt) {
@   .x = (int)65527,
@  },
@ ],
@ .grid = (int [3][2]) [
@  (int [3]) [
@   (int)3,
@  ],
@  (int [3]) [
@   (int)4,
@   (int)6,
@  ],
@ ],
@ .argv = (char **)0x10,
@ .lh = (struct list_head) {
@  .next = (struct list_head *)0x20,
@ },
@}
EOF
)

" -- -s "$W/print2.d"

# Variables declared with their struct's definition, member and bitfield
# stores and loads, the whole struct traced as DTrace dumps its bytes.
cat >"$W/svar.d" <<'EOF'
#pragma D option quiet

struct pair {
	short	left;
	char	mark;
	int	right;
} two, *pp;

union {
	uint32_t word;
	uint8_t	bytes[4];
} w;

struct flags {
	int	lo : 4;
	unsigned hi : 12;
	long	big : 40;
} fl;

BEGIN
{
	two.left = -3;
	two.right = 0x5a5a;
	w.word = 0x11223344;
	fl.lo = 9;
	fl.hi = 0xfff;
	fl.big = -5;
	printf("%d %d %d %x %x\n", two.left, two.mark, two.right, w.bytes[0], w.bytes[3]);
	printf("%d %d %d\n", fl.lo, fl.hi, fl.big);
	fl.hi = 0x1002;
	printf("%d %d %d\n", fl.lo, fl.hi, sizeof(two));
	pp = alloca(sizeof(struct pair));
	pp->right = 77;
	printf("%d\n", pp->right);
	trace(two);
	exit(0);
}
EOF
same "struct variables declared with their definition" 0 "-3 0 23130 44 11
-7 4095 -5
-7 2 8
77

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: fd ff 00 00 5a 5a 00 00                          ....ZZ..

" -- -s "$W/svar.d"

# Declared variables read before any assignment are zeros; a scalar
# array's bounds are checked when compiling and when running.
cat >"$W/unset.d" <<'EOF'
#pragma D option quiet

int arr[4];
uint16_t small;
struct { int a; int b; } st;
int never[int];

BEGIN
{
	printf("%d %d %d %d %d\n", arr[2], small, st.b, sizeof(small), sizeof(arr));
	printf("%d\n", never[pid]);
	i = 3;
	arr[i] = 42;
	printf("%d %d\n", arr[3], arr[i]);
}

BEGIN
{
	printf("dropped with the clause\n");
	i = 4;
	arr[i] = 1;
	printf("not reached\n");
}

ERROR
{
	printf("fault %d %d\n", arg4, arg5);
	exit(0);
}
EOF
same "declared variables read unassigned, bounds at run time" 0 "0 0 0 2 16
0
42 42
fault 11 4

" -- -s "$W/unset.d"

printf 'int arr[4];\nBEGIN { arr[4] = 1; }\n' >"$W/oob.d"
err "a constant index past a declared array's bounds" 1 \
	"dtrace: failed to compile script $W/oob.d: [D_ARR_BOUNDS] line 2: index outside array bounds: 4, max is 4" \
	-- -s "$W/oob.d"
printf 'int arr[0];\nBEGIN { exit(0); }\n' >"$W/dim0.d"
err "a declared array of no elements" 1 \
	"dtrace: failed to compile script $W/dim0.d: [D_DECL_ARRSUB] line 1: positive integral constant expression or tuple signature expected as array declaration subscript" \
	-- -s "$W/dim0.d"
printf 'int arr[];\nBEGIN { exit(0); }\n' >"$W/dimnone.d"
err "a declared array with no dimension" 1 \
	"dtrace: failed to compile script $W/dimnone.d: [D_DECL_ARRNULL] line 1: array declaration requires array dimension or tuple signature: arr" \
	-- -s "$W/dimnone.d"

# op=, ++ and -- of a member or element of a declared variable change it
# where it is: a global's, a thread-local's and a clause-local's; the
# value of x++ is the old one, of ++x and op= the new one at the
# member's width (a bitfield's too); / % >> are signed as the member is.
cat >"$W/rmw.d" <<'EOF'
#pragma D option quiet

struct acct {
	int	total;
	unsigned char	tick;
	int	lo : 4;
	unsigned top : 3;
	short	hist[3];
};
struct acct g;
self struct acct t;
this struct acct c;
int slots[4];

BEGIN
{
	g.total += 40; g.total++; ++g.total; g.total -= 2;
	g.tick = 253;
	printf("%d %d %d %d\n", g.total, g.tick++, g.tick, ++g.tick);
	printf("%d\n", ++g.tick);
	g.lo = 6;
	printf("%d %d %d\n", g.lo++, g.lo, g.lo += 1);
	g.top = 7; g.top++;
	printf("%d %d %d\n", g.top, g.top--, g.top);
	g.total = -9; g.total /= 2; slots[1] = -9; slots[1] %= 4;
	slots[2] = -32; slots[2] >>= 3;
	printf("%d %d %d\n", g.total, slots[1], slots[2]);
	k = 3; slots[k] |= 5; slots[k] <<= 2; slots[k] ^= 1; slots[k]--;
	g.hist[k - 1] -= 300; g.hist[k - 1] *= 200;
	printf("%d %d\n", slots[3], g.hist[2]);
	self->t.hist[0]++; self->t.hist[0] += 9; self->t.total--;
	this->c.total = 5; this->c.total *= 7; this->c.hist[1]--;
	printf("%d %d %d %d\n", self->t.hist[0], self->t.total, this->c.total,
	    this->c.hist[1]);
	exit(0);
}
EOF
same "op=, ++ and -- of members and elements" 0 "40 253 254 255
0
6 7 -8
0 0 7
-4 -1 -4
20 5536
10 -1 35 -1

" -- -s "$W/rmw.d"
# op=, ++ and -- through a pointer: into alloca()'d memory and a
# global's bytes, each narrowed to the type pointed to (an unsigned char
# wraps, a short goes negative), x++ the old value, the others the new.
cat >"$W/rmwptr.d" <<'EOF'
#pragma D option quiet
struct ab { int a; short b; };
int g[4];
BEGIN
{
	p = (int *)alloca(4 * sizeof(int));
	p[0] = 5; p[1] = 250; p[2] = -3; p[3] = 17;
	p[0] += 10;
	p[1] *= 2;
	x = p[2]++;
	y = ++p[2];
	z = (p[0] -= 1);
	p[3] %= 5;
	p[3]--;
	*p <<= 1;
	printf("%d %d %d %d %d %d %d\n", p[0], p[1], p[2], p[3], x, y, z);
	c = (unsigned char *)alloca(1);
	*c = 250;
	*c += 10;
	s = (struct ab *)alloca(sizeof(struct ab));
	s->a = 7; s->b = 32767;
	s->a |= 0x30;
	s->b++;
	printf("%d %d %d\n", *c, s->a, s->b);
	g[1] = 40;
	q = &g[1];
	*q -= 2;
	q[1]++;
	w = (*q)--;
	printf("%d %d %d\n", g[1], g[2], w);
	exit(0);
}
EOF
same "op=, ++ and -- through a pointer" 0 "28 500 -1 1 -3 -1 14
4 55 -32768
37 1 38

" -- -s "$W/rmwptr.d"
# Past what alloca() gave, and into kernel memory, they fault as = does,
# and the next clause runs.
for t in "p = (int *)alloca(4); p[1] += 1;" "p = (int *)alloca(4); p[1]--;" \
	"curthread->pid += 1;" "++curthread->pid;"; do
	same "fault: $t" 0 "next

" -- -q -n "BEGIN { $t } BEGIN { printf(\"next\\n\"); exit(0); }"
	if sed -E 's/\(0x[0-9a-f]+\)/(ADDR)/; s/pc [0-9]+$/pc NNN/' "$W/err" |
		grep -qx "dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (ADDR) at BPF pc NNN"; then
		ok "fault: $t: the message"
	else
		bad "fault: $t: the message" "stderr: $(head -3 "$W/err")"
	fi
done

# The address of a member or element of a variable (and an array
# variable as a value, its first element's) points at the variable's
# bytes: read through, subtracted in elements, cast to an integer.  A
# variable's own address, a bitfield's and void's contents are dtrace's
# errors.
cat >"$W/addr.d" <<'EOF'
#pragma D option quiet

struct rec {
	char	tag;
	long	when;
} recs[3];
short	lens[5];
self struct rec sr;

BEGIN
{
	lens[1] = 11; lens[4] = -44;
	recs[2].when = 1234;
	self->sr.when = 9;
	p = &lens[1];
	q = lens;
	r = &recs[2].when;
	printf("%d %d %d %d\n", *p, q[4], *(q + 1), (int)(p - q));
	printf("%d %d %d\n", *r, (int)((uintptr_t)&recs[1] - (uintptr_t)&recs[0]),
	    *&self->sr.when);
	printf("%d\n", ((short *)lens)[4]);
	exit(0);
}
EOF
same "addresses of members and elements of variables" 0 "11 -44 11 1
1234 16 9
-44

" -- -s "$W/addr.d"
printf 'int a[4];\nBEGIN { p = &a; }\n' >"$W/addrvar.d"
err "the address of an array variable" 1 \
	"dtrace: failed to compile script $W/addrvar.d: [D_ADDROF_VAR] line 2: cannot take address of dynamic variable" \
	-- -s "$W/addrvar.d"
printf 'BEGIN { @c = count(); trace(&@c); }\n' >"$W/addragg.d"
err "the address of an aggregation" 1 \
	"dtrace: failed to compile script $W/addragg.d: [D_ADDROF_VAR] line 1: cannot take address of dynamic variable" \
	-- -s "$W/addragg.d"
printf 'struct { int x : 3; } b;\nBEGIN { p = &b.x; }\n' >"$W/addrbits.d"
err "the address of a bitfield" 1 \
	"dtrace: failed to compile script $W/addrbits.d: [D_ADDROF_BITFIELD] line 2: cannot take address of bit-field" \
	-- -s "$W/addrbits.d"
printf 'void *v;\nBEGIN { trace(*v); }\n' >"$W/derefvoid.d"
err "a void pointer dereferenced" 1 \
	"dtrace: failed to compile script $W/derefvoid.d: [D_DEREF_VOID] line 2: cannot dereference pointer to void" \
	-- -s "$W/derefvoid.d"

# Declared thread-local and clause-local arrays are indexed as declared,
# not as associative arrays: elements stored, changed and read in place
# (a char array member of a struct element too), bounds checked when the
# clause runs; a thread-local's elements last into the next clause.
cat >"$W/tlarr.d" <<'EOF2'
#pragma D option quiet

self int tl[3];
struct tsr { short n; char c[2]; };
self struct tsr ts[2];
this long cl[2][3];
this char buf[4];

BEGIN
{
	k = 2;
	self->tl[1] = 9;
	self->tl[k] = -4;
	self->tl[0] += 5;
	self->ts[1].c[1] = 'q';
	this->cl[1][k] = 77;
	this->cl[0][0]--;
	this->buf[k] = 'x';
	printf("%d %d %d %c %d %d %d %c %d\n", self->tl[0], self->tl[1],
	    self->tl[k], self->ts[1].c[1], this->cl[1][2], this->cl[0][0],
	    this->cl[1][0], this->buf[2], sizeof(this->cl));
}

BEGIN
{
	printf("%d %d\n", self->tl[1] + self->tl[2], self->ts[0].n);
	k = 3;
	this->buf[k] = 'y';
	printf("%c\n", this->buf[3]);
}

BEGIN
{
	k = 4;
	this->buf[k] = 'z';
	printf("not reached\n");
}

ERROR
{
	printf("fault %d %d\n", arg4, arg5);
	exit(0);
}
EOF2
same "thread-local and clause-local arrays" 0 "5 9 -4 q 77 -1 0 x 48
5 0
y
fault 11 4

" -- -s "$W/tlarr.d"

# A string member takes strsize bytes, laid out once strsize is settled
# (here by a #pragma after the definition): stored, read and sized.
cat >"$W/strmem.d" <<'EOF2'
struct job { string name; short prio; string tags[2]; };
struct job jobs[int];
struct { struct job j; char last; } one;

BEGIN
{
	jobs[3].name = "compile";
	jobs[3].prio = -2;
	jobs[3].tags[1] = strjoin("fast", "er");
	one.j.tags[0] = "solo";
	one.last = 'e';
	printf("%d %d %d\n", sizeof(struct job), sizeof(one),
	    sizeof(jobs[3].name));
	printf("%s %d [%s] [%s] %s %c\n", jobs[3].name, jobs[3].prio,
	    jobs[3].tags[0], jobs[3].tags[1], one.j.tags[0], one.last);
	exit(0);
}

#pragma D option quiet
#pragma D option strsize=24
EOF2
same "string members of structs" 0 "74 75 24
compile -2 [] [faster] solo e

" -- -s "$W/strmem.d"
printf 'struct s { string a; int b; };\nBEGIN { trace(offsetof(struct s, b)); }\n' >"$W/stroff.d"
err "offsetof past a string member" 1 \
	"dtrace: failed to compile script $W/stroff.d: line 2: offsetof in a struct with a string member is not supported yet: the member's place waits for strsize, settled after the program is read" \
	-- -s "$W/stroff.d"

# NULL is the integer constant 0, which a pointer of any type takes, and
# so does a string, which then tests equal to NULL; a char of a NULL
# string is a read of its address, a fault, as is a store through a NULL
# pointer.  ERROR's exit() stops the BEGIN clauses after the fault.
cat >"$W/null.d" <<'EOF2'
#pragma D option quiet

string word;

BEGIN
{
	word = "gull";
	this->w = "tern";
	self->w = "skua";
	names[7] = "auk";
	ptr = (int *)alloca(8);
	*ptr = 41;
	printf("%c%c%c%c %d %d\n", word[1], this->w[1], self->w[1],
	    names[7][1], *ptr, word == NULL);
	word = NULL;
	this->w = NULL;
	self->w = NULL;
	names[7] = NULL;
	ptr = NULL;
	printf("[%s] %d %d %d %d %d\n", word, word == NULL, this->w == NULL,
	    self->w != NULL, names[7] == NULL, ptr == NULL);
	ptr = (int *)alloca(4);
	vp = ptr;
	vp = 0;
	n = 1;
	n = NULL;
	printf("%d %d %d\n", vp == NULL, n, sizeof(NULL));
}

BEGIN
{
	word = NULL;
	printf("%d\n", word[2]);
}

BEGIN
{
	printf("not reached\n");
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(3);
}
EOF2
same "NULL as a pointer and as a string" 3 "ueku 41 0
[] 1 1 0 1 1
1 0 4
fault 1 at 2

" -- -s "$W/null.d"
if grep -qE '^dtrace: error in dt_clause_1 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x2\) at BPF pc [0-9]+$' "$W/err"; then
	ok "a NULL string's char is an invalid address"
else
	bad "a NULL string's char is an invalid address" "$(head -3 "$W/err")"
fi
printf '#pragma D option quiet\nBEGIN { p = (char *)alloca(4); p = NULL; p[3] = 1; }\nBEGIN { exit(0); }\nERROR { printf("fault %%d at %%d\\n", arg4, arg5); exit(1); }\n' >"$W/nullst.d"
same "a store through NULL" 1 "fault 1 at 3

" -- -s "$W/nullst.d"

# A struct member or element takes a struct of its type whole, from a
# variable, a member of one, or memory a pointer reaches.
cat >"$W/structval.d" <<'EOF2'
#pragma D option quiet
struct pt { int x, y; };
struct seg { struct pt from; struct pt to; };
union cell { struct pt p; uint64_t raw; };
struct pt pts[3];
struct seg S;
self struct seg ts;
struct seg segs[string];
union cell U;
this struct pt t;

BEGIN
{
	this->t.x = -4;
	this->t.y = 9;
	pts[1] = this->t;
	S.to = pts[1];
	self->ts.from = S.to;
	segs["a"].to = self->ts.from;
	i = 2;
	pts[i] = segs["a"].to;
	p = (struct pt *)alloca(sizeof(struct pt));
	p->x = 3;
	p->y = 1;
	S.from = *p;
	U.p = S.from;
	printf("%d %d %d %d %d %d %d %d %d %x\n", pts[1].x, pts[1].y, S.to.y,
	    self->ts.from.x, segs["a"].to.y, pts[2].x, S.from.x, S.from.y,
	    U.p.y, U.raw);
	exit(0);
}
EOF2
same "a struct stored into a member or element" 0 "-4 9 9 -4 9 -4 3 1 1 100000003

" -- -s "$W/structval.d"
printf 'struct pt { int x, y; };\nstruct seg { struct pt from; struct pt to; };\nstruct seg S;\nBEGIN { S.to = S; }\n' >"$W/structbad.d"
err "a struct of another type stored into a member" 1 \
	"dtrace: failed to compile script $W/structbad.d: [D_OP_INCOMPAT] line 4: operands have incompatible types: \"struct pt\" = \"struct seg\"" \
	-- -s "$W/structbad.d"

# "this" and "self" declare variables of a struct or union defined with
# them; storing 0 to a struct element of an associative array or to a
# thread-local struct deletes it, as D deletes a dynamic variable.
cat >"$W/declzero.d" <<'EOF2'
#pragma D option quiet
self struct span { int lo, hi; } whole, half;
this union { uint32_t w; uint8_t b[4]; } word;
struct span spans[int];

BEGIN
{
	self->whole.lo = 2;
	self->whole.hi = 30;
	self->half.hi = 15;
	this->word.w = 0x01020304;
	spans[4] = self->whole;
	spans[5] = self->whole;
	spans[4] = 0;
	self->whole = 0;
	printf("%d %d %d %d %d %d\n", spans[4].hi, spans[5].hi, spans[5].lo,
	    self->whole.hi, self->half.hi, this->word.b[0]);
	spans[4] = self->half;
	printf("%d\n", spans[4].hi);
	exit(0);
}
EOF2
same "struct declarations after this and self; a store of 0 deletes" 0 "0 30 2 0 15 4
15

" -- -s "$W/declzero.d"

# An associative array of arrays: a[k][i] is element i of the array
# under key k.  D checks no bounds there when compiling; an index past
# them is an address outside the element, an invalid address fault.
cat >"$W/assocarr.d" <<'EOF2'
#pragma D option quiet
short recent[string][3];

BEGIN
{
	recent["ls"][0] = 300;
	recent["ls"][2] = recent["ls"][0] / 3;
	i = 1;
	recent["cd"][i] = -7;
	printf("%d %d %d %d %d %d\n", recent["ls"][0], recent["ls"][1],
	    recent["ls"][2], recent["cd"][1], recent["pwd"][2],
	    sizeof(recent["ls"]));
}

BEGIN
{
	recent["ls"][3] = 1;
}

BEGIN
{
	i = -2;
	printf("%d\n", recent["cd"][i]);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}
EOF2
same "associative arrays of arrays" 0 "300 0 100 -7 0 6
fault 1 in clause 1
fault 1 in clause 2

" -- -s "$W/assocarr.d"

# A pointer into a global's bytes (an array used as a value, &s.m)
# stores there; past them it is an invalid address.
cat >"$W/ptrglobal.d" <<'EOF2'
#pragma D option quiet
struct pair { short a; long b; };
int vals[4];
struct pair pr;
int *vp;

BEGIN
{
	vals[1] = 10;
	vp = vals;
	vp[2] = vp[1] * 3;
	*(vp + 3) = -1;
	sp = &pr.b;
	*sp = 0x123456789;
	q = (struct pair *)&pr.a;
	q->a = 12;
	printf("%d %d %d %d %x %d\n", vals[0], vals[1], vals[2], vals[3],
	    pr.b, pr.a);
}

BEGIN
{
	vp[4] = 1;
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}
EOF2
same "stores through a pointer into a global's bytes" 0 "0 10 30 -1 123456789 12
fault 1 in clause 1

" -- -s "$W/ptrglobal.d"
# Character constants are ints of their bytes, the first the most
# significant, and D decodes escapes as dtrace does in constants and
# strings alike: \' and \? are no escapes there and keep their backslash.
cat >"$W/chars.d" <<'EOF2'
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", 'xy', '\'', '\?', '\101B', '\x7e\x7f');
	printf("%d %d %c\n", sizeof('ab'), sizeof('abcde'), '\'');
	printf("%s|%s\n", "q\'r\?s", "t\\u\"v\x41\60");
	exit(0);
}
EOF2
same char_constants 0 "30841 23591 23615 16706 32383
4 8 '
q\\'r\\?s|t\\u\"vA0

" -- -s "$W/chars.d"

# float, double and long double are types of their C sizes (in typedefs
# and members too, a struct ending at its last member as CTF lays it
# out): variables of them hold zeros until a value of their type is
# stored, and printf's floating conversions print them; no operator
# takes them.
cat >"$W/floats.d" <<'EOF2'
#pragma D option quiet

float f;
double d;
long double ld;
float fa[int];
self double sd;
typedef long double ldt;
struct fl {
	long double m;
	int i;
};

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(float), sizeof(double),
	    sizeof(long double), sizeof(f), sizeof(ld));
	printf("%d %d %d\n", sizeof(ldt), sizeof(struct fl), offsetof(struct fl, i));
	printf("%e|%E|%f|%g|%G\n", f, d, d, f, d);
	printf("%10.2f|%-6g|%Le|%LG|%+.1e\n", d, f, ld, ld, d);
	g = d;
	printf("%f %f %g\n", g, fa[3], self->sd);
	exit(0);
}
EOF2
same floats_read_zero 0 "4 8 16 4 16
16 20 16
0.000000e+00|0.000000E+00|0.000000|0|0
      0.00|0     |0.000000e+00|0|+0.0e+00
0.000000 0.000000 0

" -- -s "$W/floats.d"
printf 'float f;\nBEGIN { printf("%%d", f); }\n' >"$W/fconv.d"
err "float to %d" 1 \
	"dtrace: failed to compile script $W/fconv.d: [D_PRINTF_ARG_TYPE] line 2: printf( ) argument #2 is incompatible with conversion #1 prototype:" \
	-- -s "$W/fconv.d"
printf 'double d;\nBEGIN { printf("%%Lf", d); }\n' >"$W/lfconv.d"
err "double to %Lf" 1 \
	"dtrace: failed to compile script $W/lfconv.d: [D_PRINTF_ARG_TYPE] line 2: printf( ) argument #2 is incompatible with conversion #1 prototype:" \
	-- -s "$W/lfconv.d"

# sizeof of a string is strsize, D's string being char[strsize], whatever
# the value a variable or an element holds; a char array keeps its
# length, and a literal is its characters and NUL.
cat >"$W/strsizeof.d" <<'EOF2'
#pragma D option quiet
#pragma D option strsize=48

char buf[10];
string s;

BEGIN
{
	x = "abc";
	this->y = "hello";
	self->z = execname;
	a["k"] = "v";
	printf("%d %d %d %d %d %d %d %d\n", sizeof(buf), sizeof(s), sizeof(x),
	    sizeof(this->y), sizeof(self->z), sizeof(a["k"]), sizeof("lit"),
	    sizeof(curpsinfo->pr_fname));
	exit(0);
}
EOF2
same sizeof_strings 0 "10 48 48 48 48 48 4 16

" -- -s "$W/strsizeof.d"

# Each bitfield takes the bytes its bits need, rounded up to a power of
# two and aligned to them, as dtrace's CTF lays it out; a struct is
# aligned as its first member, and ends with its last.
cat >"$W/bfsize.d" <<'EOF2'
#pragma D option quiet

struct one { int a : 3; };
struct two { int a : 3; int b : 3; };
struct wide { char c; int x : 20; short s; };
struct big { long a : 33; char b; };
union u { int a : 9; char c[3]; };
struct outer { char c; struct two t; };

BEGIN
{
	printf("%d %d %d %d %d %d\n", sizeof(struct one), sizeof(struct two),
	    sizeof(struct wide), sizeof(struct big), sizeof(union u),
	    sizeof(struct outer));
	printf("%d %d %d\n", offsetof(struct wide, s), offsetof(struct big, b),
	    offsetof(struct outer, t));
	exit(0);
}
EOF2
same bitfield_sizes 0 "1 2 10 6 3 3
8 5 1

" -- -s "$W/bfsize.d"

# extern declarations, and function prototypes, which D takes as
# externs: each name a symbol of the D module with the declared type
# (every C declarator), apart from the program's variables.
cat >"$W/extern.d" <<'EOF2'
#pragma D option quiet
extern int e1, *e2, **e3, e4[4], e5[2][3], e6[];
extern e7;
extern unsigned long long e8;
extern struct task_struct *e9;
extern int (*e10)(int, char *), *(*e11)(void);
extern int e12(...), e13(int, ...), e14();
int f1(void);
char *f2(int, const char *);
extern int e1;
int f1(void);

BEGIN
{
	e1 = 41;
	printf("%d\n", e1 + 1);
	exit(0);
}
EOF2
same extern_decls 0 "42

" -- -s "$W/extern.d"
err extern_redeclared 1 "dtrace: invalid probe specifier extern int x; extern char x; BEGIN { }: [D_DECL_IDRED] identifier redeclared: D\`x" -- \
	-n 'extern int x; extern char x; BEGIN { }'
err proto_redeclared 1 "dtrace: invalid probe specifier int f(int); int f(char *); BEGIN { }: [D_DECL_IDRED] identifier redeclared: D\`f" -- \
	-n 'int f(int); int f(char *); BEGIN { }'
err extern_useless 1 "dtrace: invalid probe specifier extern int; BEGIN { }: [D_DECL_USELESS] useless declaration" -- \
	-n 'extern int; BEGIN { }'
err extern_ref 1 "dtrace: invalid probe specifier extern int x; BEGIN { trace(D\`x); }: [D_SYM_BADREF] user module 'D' symbol 'x' may not be referenced as a kernel symbol" -- \
	-n 'extern int x; BEGIN { trace(D`x); }'
err d_module_unknown 1 "dtrace: invalid probe specifier BEGIN { trace(D\`y); }: [D_IDENT_UNDEF] failed to resolve D\`y: Unknown symbol name" -- \
	-n 'BEGIN { trace(D`y); }'
err proto_parmclass 1 "dtrace: invalid probe specifier int f(static int); BEGIN { }: [D_DECL_PARMCLASS] inappropriate storage class for function or associative array parameter" -- \
	-n 'int f(static int); BEGIN { }'
err proto_void_name 1 "dtrace: invalid probe specifier int f(void v); BEGIN { }: [D_DECL_PROTO_NAME] void parameter may not have a name: v" -- \
	-n 'int f(void v); BEGIN { }'
err proto_void_sole 1 "dtrace: invalid probe specifier extern int f(char, void); BEGIN { }: [D_DECL_PROTO_VOID] void must be sole parameter" -- \
	-n 'extern int f(char, void); BEGIN { }'
err proto_dynamic 1 "dtrace: invalid probe specifier int f(int k, int a[int]); BEGIN { }: [D_DECL_PROTO_TYPE] function prototype may not use parameter of type dynamic variable: a, parameter #2" -- \
	-n 'int f(int k, int a[int]); BEGIN { }'
err array_varargs 1 "dtrace: invalid probe specifier int a[int, ...]; BEGIN { }: [D_DECL_PROTO_VARARGS] array prototype may not use a variable-length argument list" -- \
	-n 'int a[int, ...]; BEGIN { }'

# A parenthesized name no variable has is a kernel typedef where BTF has
# one (uint); a pointer and NULL make a ?: of the pointer's type.
same kernel_typedef_cast 0 "4294967295 4
1 1

" -- -q -n 'BEGIN { x = 3; printf("%u %d\n", (uint)-1, (x) + 1);
	this->p = pid < 0 ? NULL : curthread; this->q = pid > 0 ? NULL : curthread;
	printf("%d %d\n", this->p != NULL, this->q == NULL); exit(0); }'

# Members that are function pointers, and arrays of them, are pointers
# to the layout (int (*afp[2])()); sizeof is a constant expression where
# one is wanted (tracemem's size).
same function_pointer_members 0 "32 24 16

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 00 00 00 00 00 00 00 00                          ........

" -- -q -n 'struct fo { int (*fp)(); int (*afp[2])(); long x; };
	BEGIN { printf("%d %d %d\n", sizeof(struct fo), offsetof(struct fo, x),
	    sizeof(((struct fo *)0)->afp));
	this->z = (long *)alloca(8); *this->z = 0;
	tracemem(this->z, sizeof(long)); exit(0); }'

# A struct's char array cast to a pointer or an integer is the address
# of its first element, as C's arrays decay; past its end the read goes
# on in the memory after it (the translated struct's, for curlwpsinfo).
same array_member_cast 0 "1 1 116 101

" -- -q -n 'BEGIN { printf("%d %d %d %d\n",
	    (uint64_t)curthread->comm - (uint64_t)curthread == offsetof(struct task_struct, comm),
	    (char *)curthread->comm == &curthread->comm[0],
	    ((char *)curthread->comm)[1], ((char *)curlwpsinfo->pr_name)[5]);
	    x = ((char *)curlwpsinfo->pr_name)[32]; exit(0); }'
