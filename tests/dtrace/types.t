# D's declarations: struct, union and enum definitions, typedefs, inline
# constants and typed variables, used in casts, sizeof, offsetof and
# member access; D's library constants; DTrace's errors for bad ones.

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
same layout 0 "24 24 8 2 8
8 18 0
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
derr struct_syntax "line 1: syntax error near \"BEGIN\"" \
	"struct s { int a; } BEGIN { exit(0); }"
derr offsetof_type "[D_OFFSETOF_TYPE] line 1: offsetof operand must be a struct or union type" \
	"BEGIN { trace(offsetof(uint64_t, x)); }"
derr offsetof_member "[D_UNKNOWN] line 2: failed to determine offset of nope: Member name not found" \
	"struct s { int a; };
BEGIN { trace(offsetof(struct s, nope)); }"
derr offsetof_bitfield "[D_OFFSETOF_BITFIELD] line 2: cannot take offset of a bit-field: b" \
	"struct s { int a; int b : 3; };
BEGIN { trace(offsetof(struct s, b)); }"
derr inline_redefined "line 1: identifier redefined: SIGINT" \
	"inline int SIGINT = 2;"
