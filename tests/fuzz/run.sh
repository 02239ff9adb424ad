#!/bin/bash
# Builds the libFuzzer harnesses with clang (ASan, UBSan, leak detection)
# and runs each for a bounded time on a seed corpus made of the scripts the
# repository already keeps (parser, codegen and runtime test cases; for D,
# the D library and the scripts of tests/dtrace).
#
#   tests/fuzz/run.sh [BUILD]      FUZZ_SECONDS=N per harness (default 30)
#
# parse_fuzz: lexer and parser.  compile_fuzz: preprocessor, parser, sema
# with the providers' spec expansion, codegen and register allocation, as
# "ferret -d" runs them, loading nothing.  dparse_fuzz: the D lexer and
# parser with the D library in scope.  ctfr_fuzz: the CTF reader that
# report, convert and timeline run on any trace, seeded with recorded
# traces (rp_test --fixture; BUILD/tests/rp_test must be built).
# render_fuzz: what profile -i reads, a -f raw dump or folded stacks,
# rendered as every format.  A crash, a sanitizer report, a
# leak or an input running past 10 s fails the harness; libFuzzer leaves
# the input that did it in BUILD/fuzz/.
set -u
BUILD=${1:-build}
SECONDS_EACH=${FUZZ_SECONDS:-30}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$BUILD/fuzz
pass=0 fail=0 skip=0

if ! command -v clang >/dev/null; then
	echo "skip fuzz: clang is not installed (apt-get install clang)"
	echo "fuzz: 0 passed, 0 failed, 5 skipped"
	exit 0
fi
mkdir -p "$OUT/seeds" || exit 1
# Seeds: every script the tests keep.
cp "$ROOT"/tests/unit/parse/*.bt "$ROOT"/tests/unit/cg/*.bt \
	"$ROOT"/tests/runtime/cases/*.bt "$OUT/seeds/" 2>/dev/null
# D seeds: the D library and every script tests/dtrace writes.
mkdir -p "$OUT/dseeds" || exit 1
cp "$ROOT"/src/dlang/lib/*.d "$OUT/dseeds/"
awk -v out="$OUT/dseeds" '
	/^cat >"\$W\/[^"]*\.d" <<.EOF.$/ { f = out "/t" ++n ".d"; next }
	/^EOF$/ { if (f) close(f); f = ""; next }
	f { print >f }' "$ROOT"/tests/dtrace/*.t

# CTF seeds: a u32 metadata length, the metadata, one stream.
mkdir -p "$OUT/ctfseeds" || exit 1
if "$BUILD/tests/rp_test" --fixture "$OUT/ctf-fixture" >/dev/null 2>&1; then
	for f in "$OUT"/ctf-fixture/channel0_*; do
		python3 -c 'import sys, struct
m = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(struct.pack("<I", len(m)) + m + open(sys.argv[2], "rb").read())' \
			"$OUT/ctf-fixture/metadata" "$f" >"$OUT/ctfseeds/$(basename "$f")"
	done
fi

mkdir -p "$OUT/rseeds" || exit 1
cp "$ROOT"/tests/profile/fixed.samples "$ROOT"/tests/flame/fixed.folded "$OUT/rseeds/"

CFLAGS_F="-std=gnu11 -g -O1 -D_GNU_SOURCE -DFERRET_VERSION=\"fuzz\" -I$ROOT/src \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
LIBS="$(pkg-config --libs libbpf libelf zlib 2>/dev/null || echo -lbpf -lelf -lz) -liberty -lm"
# With the D library's text, which the build generates from src/dlang/lib.
LIB_SRCS="$(find "$ROOT/src" -name '*.c' ! -path "$ROOT/src/main.c" | sort) $BUILD/dlang/d_lib.c"
PARSE_SRCS="$ROOT/src/util.c $ROOT/src/lang/types.c $ROOT/src/lang/diag.c
	$ROOT/src/lang/lex.c $ROOT/src/lang/parse.c $ROOT/src/lang/ast.c
	$ROOT/src/lang/cdecl.c"

build() {	# build NAME SOURCES...
	local name=$1
	shift
	# shellcheck disable=SC2086
	clang $CFLAGS_F -o "$OUT/$name" "$HERE/$name.c" "$@" $LIBS \
		>"$OUT/$name.build.log" 2>&1
}

run() {		# run NAME DICT SEEDS
	local name=$1 corpus=$OUT/corpus-$1
	mkdir -p "$corpus"
	(cd "$OUT" && ASAN_OPTIONS=detect_leaks=1 ./"$name" \
		-dict="$HERE/$2" -max_total_time="$SECONDS_EACH" \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		"corpus-$name" "$3" >"$name.log" 2>&1)
}

# shellcheck disable=SC2086
for h in parse_fuzz compile_fuzz dparse_fuzz ctfr_fuzz render_fuzz; do
	srcs=$LIB_SRCS dict=bt.dict seeds=seeds
	[ $h = parse_fuzz ] && srcs=$PARSE_SRCS
	[ $h = dparse_fuzz ] && dict=d.dict seeds=dseeds
	[ $h = ctfr_fuzz ] && srcs="$ROOT/src/util.c $ROOT/src/record/ctfr.c" dict=ctf.dict seeds=ctfseeds
	[ $h = render_fuzz ] && dict=render.dict seeds=rseeds
	# shellcheck disable=SC2086
	if ! build $h $srcs; then
		echo "FAIL $h: does not build"
		sed 's/^/  | /' "$OUT/$h.build.log" | head -20
		fail=$((fail + 1))
		continue
	fi
	if run $h $dict $seeds; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$h.log")
		echo "ok $h (${runs:-?} inputs in ${SECONDS_EACH} s)"
		pass=$((pass + 1))
	else
		echo "FAIL $h: see $OUT/$h.log"
		grep -E 'ERROR|SUMMARY|Test unit written|runtime error' "$OUT/$h.log" |
			head -10 | sed 's/^/  | /'
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
