#!/bin/bash
# ferret profile -f pprof|report|raw end to end: a fixed recording
# rendered and read by go tool pprof (no root needed), the inlined
# frames of binaries after dwz and with split DWARF (recordings of every
# byte of a function, no root needed), refusals of bad input (also
# under ASan/UBSan when a sanitizer build is named), then,
# as root, real recordings of a busy workload of our own: go tool pprof
# must count the same functions as the folded rendering of the same
# recording, and the report table must have the columns, header and
# top symbols of perf report --stdio on the same workload.
#
#   tests/profile/run.sh BUILD [ASAN_BUILD]
set -u
BUILD=${1:-build}
ASAN_BUILD=${2:-}
F=$BUILD/ferret
HERE=$(dirname "$0")
FIXED=$HERE/fixed.samples
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
source "$HERE/../lib.sh"
# go tool pprof keeps state under $HOME/pprof; none of it is wanted.
export HOME=$TMP

have_go() { command -v go >/dev/null && go tool pprof -h >/dev/null 2>&1; }

# Per-function leaf counts ("NAME COUNT", sorted) of folded stacks,
# kernel suffixes dropped and unnamed frames left out.
folded_flat() {
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); k = split($0, f, ";");
	       name = f[k]; sub(/_\[k\]$/, "", name); c[name] += n }
	     END { for (x in c) if (x != "[unknown]") print x " " c[x] }' "$1" |
		LC_ALL=C sort
}
# The same from go tool pprof -top on the samples/count values: every
# node, names as ferret wrote them (no symbolization of its own), each
# sample counted for the function it is in, not for one inlined there
# (folded stacks name no inlined calls; libc6-dbg gives libc's).
pprof_flat() {
	go tool pprof -top -noinlines -sample_index=samples -nodecount=100000 \
		-nodefraction=0 -edgefraction=0 -symbolize=none "$1" 2>/dev/null |
		awk 'seen && $1 > 0 { name = $6; for (i = 7; i <= NF; i++) name = name " " $i
				      if (name !~ /^\[/) print name " " $1 }
		     /^ *flat  *flat%/ { seen = 1 }' | LC_ALL=C sort
}
# The top N of "NAME COUNT" lines by count.
top_of() { sort -k2,2nr -k1,1 <<<"$1" | head -n "$2"; }

# The frames at file offset OFF of BIN as "FUNC FILE:LINE;FUNC
# FILE:LINE...", innermost first, from addr2line -i -f, or from
# elfutils' eu-addr2line -i -f with SYM=eu (its columns dropped), or
# from llvm-symbolizer with SYM=llvm.
sym_frames() {	# sym_frames BIN OFF
	if [ "${SYM:-}" = llvm ]; then
		llvm-symbolizer --output-style=GNU -f -i --obj "$1" "$(printf '0x%x' "$2")" |
			sed 's/ (discriminator [0-9]*)//'
	elif [ "${SYM:-}" = eu ]; then
		eu-addr2line -i -f -e "$1" "$(printf '0x%x' "$2")" |
			sed -E 's/ inlined at .*//; s/^(.*:[0-9]+):[0-9]+$/\1/'
	else
		addr2line -i -f -e "$1" "$(printf '0x%x' "$2")" | sed 's/ (discriminator [0-9]*)//'
	fi | paste -sd' ;' -
}
# The locations of FILE's mapping in go tool pprof -raw's RAWPP, one a
# line: "ADDR FUNC FILE:LINE;FUNC FILE:LINE...", innermost first.  The
# mapping's number, start and offset in $map_id, $map_start, $map_off.
pprof_locs() {	# pprof_locs RAWPP FILE
	read -r map_id map_start map_off < <(sed -n \
		"s|^\([0-9]*\): \(0x[0-9a-f]*\)/0x[0-9a-f]*/\(0x[0-9a-f]*\) $2 .*|\1 \2 \3|p" "$1")
	awk -v m="M=$map_id" '/^Mappings/ { exit }
		$3 == m { if (a != "") print a, f; a = $2; f = $4 " " $5; next }
		/^ +[0-9]+: / { if (a != "") print a, f; a = ""; next }
		a != "" && NF == 3 && $3 == "s=0" { f = f ";" $1 " " $2 }
		END { if (a != "") print a, f }' "$1"
}
# Each location of LOCS (pprof_locs' lines for BIN's mapping) against
# sym_frames at its address, or in the call before it (a return
# address); one without frames (a PLT stub) agrees with "?? ??:0":
# $nloc locations, $ninl with inlined calls, $nbad that differ, the
# last in $badloc.
frames_agree() {	# frames_agree LOCS BIN
	local a f off w0 w1
	nloc=0 nbad=0 ninl=0 badloc=
	while read -r a f; do
		off=$(( a - map_start + map_off ))
		w0=$(sym_frames "$2" "$off")
		w1=$(sym_frames "$2" $((off - 1)))
		nloc=$((nloc + 1))
		[[ $f == *";"* ]] && ninl=$((ninl + 1))
		[ -z "$f" ] && [[ $w0 == "?? ??:0"* ]] && continue
		if [ "$f" != "$w0" ] && [ "$f" != "$w1" ]; then
			nbad=$((nbad + 1)); badloc="$a '$f' ($SYM '$w0' / '$w1')"
		fi
	done <"$1"
}
# A recording of one sample at each byte of FUNC in BIN, as if BIN were
# mapped whole at 0x555555554000: every address, each its own leaf.
every_byte() {	# every_byte BIN FUNC
	local base=$((0x555555554000)) addr size id i
	read -r addr size < <(nm -S "$1" | awk -v f="$2" '$4 == f { print $1, $2 }')
	id=$(readelf -n "$1" | sed -n 's/.*Build ID: //p')
	printf 'ferret-samples 1\nhz 99\nm %x %x 0 =%s =%s\n' \
		"$base" $((base + 0x100000)) "$id" "$1"
	for ((i = 0; i < 0x$size; i++)); do
		printf 'l %x u 1 =%s\n' $((base + 0x$addr + i)) "$2"
	done
	for ((i = 1; i <= 0x$size; i++)); do
		printf 's 1 1 u 1 =x 1 %d 0\n' "$i"
	done
}

# --- A fixed recording (no root needed) --------------------------------
"$F" profile -i "$FIXED" -f folded -o "$TMP/fixed.folded" 2>"$TMP/err"
why="$(cat "$TMP/err")" check fixed_folded grep -qx \
	'busy;__libc_start_call_main;main;busy_spin 720' "$TMP/fixed.folded"
"$F" profile -i "$FIXED" -f raw -o "$TMP/fixed.raw" 2>/dev/null
why="differs" check fixed_raw_round_trip cmp -s "$TMP/fixed.raw" "$FIXED"
"$F" profile -i "$FIXED" -f pprof -o "$TMP/fixed.pb.gz" 2>"$TMP/err"
why="$(cat "$TMP/err")" check fixed_pprof_written \
	grep -q "1000 samples written to $TMP/fixed.pb.gz" "$TMP/err"
why="$(od -An -tx1 -N2 "$TMP/fixed.pb.gz")" check fixed_pprof_gzipped \
	test "$(od -An -tx1 -N2 "$TMP/fixed.pb.gz" | tr -d ' ')" = 1f8b
"$F" profile -i "$FIXED" -f report >"$TMP/fixed.report" 2>/dev/null
why="$(sed -n 12,13p "$TMP/fixed.report")" check fixed_report_top \
	grep -qE '^    72\.00%  busy       busy               \[\.\] busy_spin$' "$TMP/fixed.report"
if have_go; then
	want=$(folded_flat "$TMP/fixed.folded")
	got=$(pprof_flat "$TMP/fixed.pb.gz")
	why="pprof: $got; folded: $want" check fixed_pprof_counts_match_folded \
		test -n "$got" -a "$got" = "$want"
	go tool pprof -raw "$TMP/fixed.pb.gz" >"$TMP/fixed.rawpp" 2>&1
	why="$(grep -A5 '^Mappings' "$TMP/fixed.rawpp")" check fixed_pprof_mappings \
		grep -qE '^1: 0x555555555000/0x555555556000/0x1000 /opt/app/busy daa005d3c6c74f84469c78141239408ca53a00e7 \[FN\]$' "$TMP/fixed.rawpp"
	why="$(grep -A5 '^Mappings' "$TMP/fixed.rawpp")" check fixed_pprof_kernel_mapping \
		grep -qE '^[0-9]+: 0xffffffff81000000/0xffffffff82000000/0x0 \[kernel\.kallsyms\] 85c7e4e2' "$TMP/fixed.rawpp"
	why="$(head -3 "$TMP/fixed.rawpp")" check fixed_pprof_period \
		grep -qx 'Period: 10101010' "$TMP/fixed.rawpp"
	why="$(grep -m1 -A3 '^Samples' "$TMP/fixed.rawpp")" check fixed_pprof_sample_types \
		grep -qx 'samples/count cpu/nanoseconds\[dflt\]' "$TMP/fixed.rawpp"
	why="$(grep -c 'comm:\[busy\]' "$TMP/fixed.rawpp")" check fixed_pprof_labels \
		eval 'grep -q "comm:\[busy\]" "$TMP/fixed.rawpp" && grep -q "pid:\[4242\]" "$TMP/fixed.rawpp"'
	# cpu/nanoseconds, the default: 720 samples at 99 Hz are 7.27 s.
	go tool pprof -top -symbolize=none "$TMP/fixed.pb.gz" >"$TMP/fixed.top" 2>&1
	why="$(grep busy_spin "$TMP/fixed.top")" check fixed_pprof_cpu_time \
		grep -qE '^ +7\.27s 72\.00% .* busy_spin$' "$TMP/fixed.top"
else
	for n in fixed_pprof_counts_match_folded fixed_pprof_mappings \
		 fixed_pprof_kernel_mapping fixed_pprof_period \
		 fixed_pprof_sample_types fixed_pprof_labels fixed_pprof_cpu_time; do
		skipped "$n" "go is not installed (make deps-test installs golang-go)"
	done
fi

# --- dwz: DWARF moved to a shared file (no root needed) ------------------
# inlined.c built twice at -O2 from a relative path, then `dwz -m` moves
# what the two copies share to common.debug, to which each links by
# .gnu_debugaltlink (`dwz -5 -m`: DWARF 5's .debug_sup): a recording of
# every byte of inl_outer must get the same locations, functions,
# inlined frames and lines from the binary after dwz as from it before,
# and the frames eu-addr2line -i -f gives (binutils 2.40's addr2line
# names the inlined calls of DWARF 4 after dwz by their caller, and
# neither reads DWARF 5's .debug_sup: there, before dwz is the peer).
DWZ=$TMP/dwz
if have_go && command -v dwz >/dev/null && command -v cc >/dev/null; then
	mkdir -p "$DWZ/sub"
	cp "$HERE/inlined.c" "$DWZ/sub/"
	dwz_locs() {	# dwz_locs BIN NAME: NAME.locs, every byte of inl_outer
		every_byte "$1" inl_outer >"$DWZ/$2.raw"
		"$F" profile -i "$DWZ/$2.raw" -f pprof -o "$DWZ/$2.pb.gz" 2>"$DWZ/$2.err"
		go tool pprof -raw "$DWZ/$2.pb.gz" >"$DWZ/$2.rawpp" 2>&1
		pprof_locs "$DWZ/$2.rawpp" "$1" | cut -d' ' -f2- >"$DWZ/$2.locs"
	}
	for form in gnu4 gnu5 sup5; do
		v=${form#???}
		(cd "$DWZ" && cc -O2 -g -gdwarf-$v -fno-omit-frame-pointer -o "pre$form" sub/inlined.c &&
		 cp "pre$form" "a$form" && cp "pre$form" "b$form" &&
		 dwz $([ "$form" = sup5 ] && echo -5) -m "common$form.debug" "a$form" "b$form")
		sect=.gnu_debugaltlink
		[ "$form" = sup5 ] && sect=.debug_sup
		why="$(readelf -S "$DWZ/a$form" | grep -c debug_)" check "dwz_${form}_linked" \
			eval 'readelf -S "$DWZ/a$form" | grep -q " $sect " && [ -s "$DWZ/common$form.debug" ]'
		dwz_locs "$DWZ/pre$form" "pre$form"
		dwz_locs "$DWZ/a$form" "a$form"
		ninl=$(grep -c ';' "$DWZ/pre$form.locs")
		why="$(cat "$DWZ/a$form.err"; diff "$DWZ/pre$form.locs" "$DWZ/a$form.locs" | head -4)" \
			check "dwz_${form}_same_frames" eval \
			'[ "$ninl" -gt 0 ] && grep -q "^inl_mix .*;inl_burn .*;inl_outer " "$DWZ/a$form.locs" &&
			 cmp -s "$DWZ/pre$form.locs" "$DWZ/a$form.locs"'
		# The shared file's reader under ASan/UBSan: the same profile, no report.
		if [ -n "$ASAN_BUILD" ]; then
			ASAN_OPTIONS=detect_leaks=1 "$ASAN_BUILD/ferret" profile -i "$DWZ/a$form.raw" \
				-f pprof -o "$DWZ/a$form.asan.pb.gz" 2>"$TMP/asan.err"
			why="$(head -5 "$TMP/asan.err")" check "dwz_${form}_asan" eval \
				'cmp -s "$DWZ/a$form.pb.gz" "$DWZ/a$form.asan.pb.gz" && ! grep -q "ERROR: \|runtime error" "$TMP/asan.err"'
		else
			skipped "dwz_${form}_asan" "no sanitizer build named"
		fi
		if [ "$form" != sup5 ] && command -v eu-addr2line >/dev/null; then
			pprof_locs "$DWZ/a$form.rawpp" "$DWZ/a$form" >"$DWZ/a$form.alocs"
			SYM=eu frames_agree "$DWZ/a$form.alocs" "$DWZ/a$form"
			why="$nloc locations, $ninl with inlined calls, $nbad differ: $badloc" \
				check "dwz_${form}_match_eu_addr2line" \
				test "$nloc" -gt 0 -a "$ninl" -gt 0 -a "$nbad" = 0
		elif [ "$form" != sup5 ]; then
			skipped "dwz_${form}_match_eu_addr2line" "eu-addr2line is missing (make deps-test installs elfutils)"
		fi
	done
	# binutils reads dwz's DWARF 5 with the GNU forms.
	pprof_locs "$DWZ/agnu5.rawpp" "$DWZ/agnu5" >"$DWZ/agnu5.alocs"
	SYM=addr2line frames_agree "$DWZ/agnu5.alocs" "$DWZ/agnu5"
	why="$nloc locations, $ninl with inlined calls, $nbad differ: $badloc" \
		check dwz_gnu5_match_addr2line test "$nloc" -gt 0 -a "$ninl" -gt 0 -a "$nbad" = 0
	# The link is found from the binary's directory, not the current one;
	# a shared file at the link's name with another build id is not read
	# (its names would be another program's), so the calls it names are
	# left out and the rest stays.
	mv "$DWZ/commongnu4.debug" "$DWZ/commongnu4.real"
	cp "$DWZ/commongnu5.debug" "$DWZ/commongnu4.debug"
	dwz_locs "$DWZ/agnu4" stale
	why="$(head -3 "$DWZ/stale.locs")" check dwz_stale_shared_file_unread eval \
		'[ -s "$DWZ/stale.locs" ] && ! grep -q ";" "$DWZ/stale.locs" &&
		 grep -q "^inl_outer [^ ]*inlined\.c:4[0-9]$" "$DWZ/stale.locs"'
	mv "$DWZ/commongnu4.real" "$DWZ/commongnu4.debug"
	# As root: found by its build id under /usr/lib/debug/.build-id when
	# the link's name is not there.
	alt_id=$(readelf -n "$DWZ/commongnu4.debug" | sed -n 's/.*Build ID: //p')
	alt_dbg=/usr/lib/debug/.build-id/${alt_id:0:2}/${alt_id:2}.debug
	if [ "$(id -u)" = 0 ] && [ -n "$alt_id" ] && [ ! -e "$alt_dbg" ]; then
		mkdir -p "${alt_dbg%/*}" && cp "$DWZ/commongnu4.debug" "$alt_dbg"
		mv "$DWZ/commongnu4.debug" "$DWZ/commongnu4.real"
		dwz_locs "$DWZ/agnu4" byid
		rm -f "$alt_dbg"
		rmdir "${alt_dbg%/*}" 2>/dev/null
		mv "$DWZ/commongnu4.real" "$DWZ/commongnu4.debug"
		why="$(diff "$DWZ/pregnu4.locs" "$DWZ/byid.locs" | head -4)" check dwz_found_by_build_id \
			cmp -s "$DWZ/pregnu4.locs" "$DWZ/byid.locs"
	else
		skipped dwz_found_by_build_id "needs root, to write under /usr/lib/debug"
	fi
else
	skipped dwz "go, dwz or cc is missing (make deps-test installs golang-go and dwz)"
fi

# --- Split DWARF: inlined calls from the .dwo files (no root needed) -------
# inlined.c built with -gsplit-dwarf (gcc's GNU skeleton of DWARF 4 and
# DWARF 5's skeleton units; clang's DWARF 5, which indexes its strings,
# addresses and range lists) leaves its inlined calls in a .dwo file
# under the build directory: a recording of every byte of inl_outer
# must get the same functions, inlined frames and lines as the same
# build without -gsplit-dwarf (the same code at the same addresses), and
# the frames llvm-symbolizer gives (binutils 2.40's addr2line and
# elfutils 0.188's eu-addr2line read no inlined call from a .dwo; LLVM
# 14's symbolizer misplaces the ranges of clang's .dwo given as offsets
# from the unit's base, so clang's build without it is its peer there).
SPL=$TMP/split
if have_go && command -v cc >/dev/null; then
	mkdir -p "$SPL/sub"
	cp "$HERE/inlined.c" "$SPL/sub/"
	for form in gcc4 gcc5 clang5; do
		v=${form: -1}
		comp=${form%?}
		[ "$comp" = gcc ] && comp=cc
		if ! command -v "$comp" >/dev/null; then
			skipped "split_$form" "$comp is missing (make deps-test installs clang)"
			continue
		fi
		(cd "$SPL" && $comp -O2 -g -gdwarf-$v -fno-omit-frame-pointer -o "n$form" sub/inlined.c &&
		 $comp -O2 -g -gdwarf-$v -gsplit-dwarf -fno-omit-frame-pointer -o "s$form" sub/inlined.c)
		why="$(ls "$SPL")" check "split_${form}_dwo" eval \
			'ls "$SPL"/*.dwo >/dev/null 2>&1 && ! readelf -S "$SPL/s$form" | grep -q "debug_info\.dwo" &&
			 cmp -s <(objcopy -O binary -j .text "$SPL/s$form" /dev/stdout) \
				<(objcopy -O binary -j .text "$SPL/n$form" /dev/stdout) &&
			 test "$(nm "$SPL/s$form" | grep " T ")" = "$(nm "$SPL/n$form" | grep " T ")"'
		for b in n s; do
			every_byte "$SPL/$b$form" inl_outer >"$SPL/$b$form.raw"
			"$F" profile -i "$SPL/$b$form.raw" -f pprof -o "$SPL/$b$form.pb.gz" 2>"$SPL/$b$form.err"
			go tool pprof -raw "$SPL/$b$form.pb.gz" >"$SPL/$b$form.rawpp" 2>&1
			pprof_locs "$SPL/$b$form.rawpp" "$SPL/$b$form" >"$SPL/$b$form.alocs"
			cut -d' ' -f2- "$SPL/$b$form.alocs" >"$SPL/$b$form.locs"
		done
		why="$(cat "$SPL/s$form.err"; diff "$SPL/n$form.locs" "$SPL/s$form.locs" | head -4)" \
			check "split_${form}_same_frames" eval \
			'grep -q "^inl_mix .*;inl_burn .*;inl_outer " "$SPL/s$form.locs" &&
			 cmp -s "$SPL/n$form.locs" "$SPL/s$form.locs"'
		if command -v llvm-symbolizer >/dev/null; then
			peer=$SPL/s$form
			[ "$form" = clang5 ] && peer=$SPL/n$form
			SYM=llvm frames_agree "$SPL/s$form.alocs" "$peer"
			why="$nloc locations, $ninl with inlined calls, $nbad differ: $badloc" \
				check "split_${form}_match_llvm_symbolizer" \
				test "$nloc" -gt 0 -a "$ninl" -gt 0 -a "$nbad" = 0
		else
			skipped "split_${form}_match_llvm_symbolizer" "llvm-symbolizer is missing (make deps-test installs llvm)"
		fi
		if [ -n "$ASAN_BUILD" ]; then
			ASAN_OPTIONS=detect_leaks=1 "$ASAN_BUILD/ferret" profile -i "$SPL/s$form.raw" \
				-f pprof -o "$SPL/s$form.asan.pb.gz" 2>"$TMP/asan.err"
			why="$(head -5 "$TMP/asan.err")" check "split_${form}_asan" eval \
				'cmp -s "$SPL/s$form.pb.gz" "$SPL/s$form.asan.pb.gz" && ! grep -q "ERROR: \|runtime error" "$TMP/asan.err"'
		else
			skipped "split_${form}_asan" "no sanitizer build named"
		fi
	done
	# A sample in the PLT, which has no symbol and no line, beside the
	# rest: the mapping still claims functions and lines, so go tool
	# pprof keeps ferret's frames rather than symbolizing it again.
	if [ -x "$SPL/ngcc5" ]; then
		plt=$(readelf -SW "$SPL/ngcc5" | awk '$2 == ".plt" { print $4 }')
		nb=$(grep -c '^l ' "$SPL/ngcc5.raw")
		{ grep -v '^s ' "$SPL/ngcc5.raw"
		  printf 'l %x u 1 -\n' $((0x555555554000 + 0x${plt:-0} + 4))
		  grep '^s ' "$SPL/ngcc5.raw"
		  printf 's 1 1 u 1 =x 1 %d 0\n' $((nb + 1)); } >"$SPL/plt.raw"
		"$F" profile -i "$SPL/plt.raw" -f pprof -o "$SPL/plt.pb.gz" 2>"$SPL/plt.err"
		go tool pprof -raw "$SPL/plt.pb.gz" >"$SPL/plt.rawpp" 2>&1
		pprof_locs "$SPL/plt.rawpp" "$SPL/ngcc5" | cut -d' ' -f2- | grep -v '^ *$' >"$SPL/plt.locs"
		why="$(cat "$SPL/plt.err"; grep -A1 '^Mappings' "$SPL/plt.rawpp"; diff "$SPL/ngcc5.locs" "$SPL/plt.locs" | head -4)" \
			check pprof_plt_sample_keeps_frames eval \
			'[ -n "$plt" ] && grep -qE "^1: .* $SPL/ngcc5 [0-9a-f]+ \[FN\]\[FL\]\[LN\]$" "$SPL/plt.rawpp" &&
			 test "$(wc -l <"$SPL/plt.locs")" = "$nb" && cmp -s "$SPL/ngcc5.locs" "$SPL/plt.locs"'
	fi
	# A .dwo of another build (another id) at the skeleton's name is not
	# read: its calls would be another program's.  A binary moved with
	# its .dwo away from the build directory finds it beside itself.
	if [ -e "$SPL/sgcc4-inlined.dwo" ]; then
		mv "$SPL/sgcc4-inlined.dwo" "$SPL/keep.dwo"
		(cd "$SPL" && cc -O2 -g -gdwarf-4 -gsplit-dwarf -DOTHER -o other sub/inlined.c) &&
			cp "$SPL/other-inlined.dwo" "$SPL/sgcc4-inlined.dwo"
		every_byte "$SPL/sgcc4" inl_outer >"$SPL/stale.raw"
		"$F" profile -i "$SPL/stale.raw" -f pprof -o "$SPL/stale.pb.gz" 2>/dev/null
		go tool pprof -raw "$SPL/stale.pb.gz" >"$SPL/stale.rawpp" 2>&1
		pprof_locs "$SPL/stale.rawpp" "$SPL/sgcc4" | cut -d' ' -f2- >"$SPL/stale.locs"
		why="$(head -3 "$SPL/stale.locs")" check split_stale_dwo_unread eval \
			'[ -s "$SPL/stale.locs" ] && ! grep -q ";" "$SPL/stale.locs" &&
			 grep -q "^inl_outer [^ ]*inlined\.c:4[0-9]$" "$SPL/stale.locs"'
		mkdir -p "$TMP/moved"
		mv "$SPL/keep.dwo" "$TMP/moved/sgcc4-inlined.dwo"
		rm "$SPL/sgcc4-inlined.dwo"
		cp "$SPL/sgcc4" "$TMP/moved/"
		every_byte "$TMP/moved/sgcc4" inl_outer >"$SPL/moved.raw"
		"$F" profile -i "$SPL/moved.raw" -f pprof -o "$SPL/moved.pb.gz" 2>/dev/null
		go tool pprof -raw "$SPL/moved.pb.gz" >"$SPL/moved.rawpp" 2>&1
		pprof_locs "$SPL/moved.rawpp" "$TMP/moved/sgcc4" | cut -d' ' -f2- >"$SPL/moved.locs"
		why="$(diff "$SPL/ngcc4.locs" "$SPL/moved.locs" | head -4)" check split_dwo_beside_binary \
			cmp -s "$SPL/ngcc4.locs" "$SPL/moved.locs"
		mv "$TMP/moved/sgcc4-inlined.dwo" "$SPL/sgcc4-inlined.dwo"
	fi
else
	skipped split "go or cc is missing (make deps-test installs golang-go)"
fi

# --- Bad input: a clear message and a non-zero status -------------------
refuses() {	# refuses NAME PATTERN FERRET-ARGS...: exit 1, PATTERN on stderr
	local name=$1 pat=$2 bin
	shift 2
	for bin in "$F" ${ASAN_BUILD:+"$ASAN_BUILD/ferret"}; do
		ASAN_OPTIONS=detect_leaks=1 "$bin" "$@" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if [ "$rc" != 1 ] || ! grep -q -- "$pat" "$TMP/err"; then
			bad "$name" "$bin: status $rc: $(head -3 "$TMP/err")"
			return
		fi
	done
	ok "$name"
}
printf 'main;f 3\n' >"$TMP/f.folded"
printf 'ferret-samples 1\nl 10 u 7 =f\n' >"$TMP/bad.samples"
refuses bad_format "unknown profile format 'svgz'" profile -i "$FIXED" -f svgz
refuses bad_sort_key "unknown --sort key 'srcline'" profile -i "$FIXED" -f report --sort comm,srcline
refuses sort_needs_report "not -f pprof" profile -i "$FIXED" -f pprof -s sym
refuses unwritable_output "cannot write $TMP/no/such/dir/p.pb.gz" \
	profile -i "$FIXED" -f pprof -o "$TMP/no/such/dir/p.pb.gz"
refuses pprof_needs_addresses "needs addresses" profile -i "$TMP/f.folded" -f pprof
refuses bad_recording "bad.samples:2: not a valid" profile -i "$TMP/bad.samples" -f report
refuses missing_input "cannot read $TMP/none" profile -i "$TMP/none" -f report
if [ "$(id -u)" = 0 ]; then
	# Refused before anything is sampled: no profile runs for an hour.
	refuses unwritable_before_sampling "cannot write $TMP: Is a directory" \
		profile -d 3600 -f pprof -o "$TMP"
fi
# Every format rendered under ASan/UBSan, leaks detected.
if [ -n "$ASAN_BUILD" ]; then
	asan_ok=1
	for fmt in pprof report raw folded svg; do
		ASAN_OPTIONS=detect_leaks=1 "$ASAN_BUILD/ferret" profile -i "$FIXED" \
			-f "$fmt" -o "$TMP/asan.$fmt" 2>"$TMP/asan.err" || asan_ok=0
		grep -q 'ERROR: \|runtime error' "$TMP/asan.err" && asan_ok=0
	done
	why="$(head -5 "$TMP/asan.err")" check asan_renders test "$asan_ok" = 1
else
	skipped asan_renders "no sanitizer build named"
fi

if [ "$(id -u)" != 0 ]; then
	skipped profile_recordings "need root"
	summary profile
	exit
fi

# --- Real recordings ------------------------------------------------------
cc -O2 -g -fno-omit-frame-pointer -Wall -Wextra -Werror \
	-o "$TMP/busy" "$HERE/../flame/busy.c" || bad build_busy "cc failed"
BUSY=$TMP/busy
busy_id=$(readelf -n "$BUSY" 2>/dev/null | sed -n 's/.*Build ID: //p')

# Recorded once, rendered as pprof and as folded stacks.
"$F" profile -F 999 -c "$BUSY 1500" -f raw -o "$TMP/rec.raw" 2>"$TMP/err"
why="$(cat "$TMP/err")" check rec_raw grep -q "samples written to $TMP/rec.raw" "$TMP/err"
"$F" profile -i "$TMP/rec.raw" -f folded -o "$TMP/rec.folded" 2>/dev/null
"$F" profile -i "$TMP/rec.raw" -f pprof -o "$TMP/rec.pb.gz" 2>/dev/null
why="$(sort -t' ' -k2,2nr "$TMP/rec.folded" | head -3)" check rec_folded_spin \
	grep -qE '^busy;([^;]*;)?main;busy_spin [0-9]+$' "$TMP/rec.folded"
if have_go; then
	want=$(folded_flat "$TMP/rec.folded")
	got=$(pprof_flat "$TMP/rec.pb.gz")
	why="pprof: $(top_of "$got" 5 | tr '\n' ,) folded: $(top_of "$want" 5 | tr '\n' ,)" \
		check rec_pprof_counts_match_folded test -n "$got" -a "$got" = "$want"
	why="$(top_of "$got" 3 | tr '\n' ,)" check rec_pprof_top_is_busy_spin \
		test "$(top_of "$got" 1 | cut -d' ' -f1)" = busy_spin
	# As a user runs it, symbolization left to go tool pprof.
	go tool pprof -top "$TMP/rec.pb.gz" >"$TMP/rec.top" 2>&1
	why="$(head -12 "$TMP/rec.top")" check rec_pprof_plain_top \
		grep -qE '^ +[0-9.]+m?s +[0-9.]+% .* busy_spin$' "$TMP/rec.top"
	go tool pprof -raw "$TMP/rec.pb.gz" >"$TMP/rec.rawpp" 2>&1
	why="$(grep -A4 '^Mappings' "$TMP/rec.rawpp")" check rec_pprof_main_mapping \
		grep -qE "^1: 0x[0-9a-f]+/0x[0-9a-f]+/0x[0-9a-f]+ $BUSY $busy_id \[FN\]" "$TMP/rec.rawpp"
	why="$(grep -A4 '^Mappings' "$TMP/rec.rawpp")" check rec_pprof_kernel_mapping \
		grep -qE '^[0-9]+: 0xffffffff[0-9a-f]+/0xffffffff[0-9a-f]+/0x0 \[kernel\.kallsyms\]' "$TMP/rec.rawpp"
	why="$(grep -A4 '^Mappings' "$TMP/rec.rawpp")" check rec_pprof_libc_mapping \
		grep -qE '^[0-9]+: 0x[0-9a-f]+/0x[0-9a-f]+/0x[0-9a-f]+ /[^ ]*libc\.so\.6 [0-9a-f]{40}' "$TMP/rec.rawpp"
	# The addresses are real: busy_spin's lie in busy's mapping.
	range=$(sed -n "s|^1: \(0x[0-9a-f]*\)/\(0x[0-9a-f]*\)/.*|\1 \2|p" "$TMP/rec.rawpp")
	addr=$(sed -n 's/^ *[0-9]*: \(0x[0-9a-f]*\) M=1 busy_spin .*/\1/p' "$TMP/rec.rawpp" | head -1)
	why="busy_spin at '$addr', mapping '$range'" check rec_pprof_addresses \
		eval '[ -n "$addr" ] && [ -n "$range" ] &&
		      (( $addr >= ${range% *} && $addr < ${range#* } ))'

	# Source lines from busy's DWARF line tables (it is built with -g):
	# go tool pprof -lines shows busy_spin's loop at file:line, and each
	# of busy's locations is where addr2line puts it (a return address
	# one byte back, in its call).
	go tool pprof -lines -top -nodecount=100 "$TMP/rec.pb.gz" >"$TMP/rec.lines" 2>&1
	why="$(sed -n 7,12p "$TMP/rec.lines")" check rec_pprof_lines \
		grep -qE '^ +[0-9.]+m?s +[0-9.]+% .* busy_spin /[^ ]*busy\.c:3[34]$' "$TMP/rec.lines"
	why="$(grep -A2 '^Mappings' "$TMP/rec.rawpp")" check rec_pprof_mapping_has_lines \
		grep -qE "^1: .* $BUSY $busy_id \[FN\]\[FL\]\[LN\]$" "$TMP/rec.rawpp"
	mstart=$(( ${range% *} ))
	moff=$(sed -n "s|^1: 0x[0-9a-f]*/0x[0-9a-f]*/\(0x[0-9a-f]*\) .*|\1|p" "$TMP/rec.rawpp")
	nloc=0 nbad=0 badloc=
	while read -r a f; do
		v=$(( a - mstart + moff ))
		w0=$(addr2line -e "$BUSY" "$(printf '0x%x' $v)" | sed 's/ .*//')
		w1=$(addr2line -e "$BUSY" "$(printf '0x%x' $((v - 1)))" | sed 's/ .*//')
		nloc=$((nloc + 1))
		[ -z "$f" ] && [[ $w0 == "?? ??:0"* ]] && continue
		if [ "$f" != "$w0" ] && [ "$f" != "$w1" ]; then
			nbad=$((nbad + 1)); badloc="$a $f (addr2line $w0 / $w1)"
		fi
	done < <(sed -n 's/^ *[0-9]*: \(0x[0-9a-f]*\) M=1 [^ ]* \([^ ]*:[0-9]*\) s=0$/\1 \2/p' "$TMP/rec.rawpp")
	why="$nloc locations, $nbad differ: $badloc" check rec_pprof_lines_match_addr2line \
		test "$nloc" -gt 0 -a "$nbad" = 0
	# Inlined calls: inlined.c built at -O2 from a relative path, its hot
	# loop in two levels of forced inlining.  Each location gets a line
	# per function inlined there, innermost first, then its own; the
	# files are whole (DWARF 4 names the build's directory in
	# .debug_info alone); go tool pprof -lines shows the inlined
	# functions at their own lines, -traces in the stacks, and every
	# location of the binary has the frames addr2line -i -f gives.
	mkdir -p "$TMP/inl/sub"
	cp "$HERE/inlined.c" "$TMP/inl/sub/"
	for v in 4 5; do
		(cd "$TMP/inl" && cc -O2 -g -gdwarf-$v -fno-omit-frame-pointer -o inl$v sub/inlined.c) ||
			bad "inline_build_dwarf$v" "cc failed"
		INL=$TMP/inl/inl$v
		"$F" profile -F 999 -c "$INL 1000" -f raw -o "$TMP/inl$v.raw" 2>/dev/null
		"$F" profile -i "$TMP/inl$v.raw" -f pprof -o "$TMP/inl$v.pb.gz" 2>/dev/null
		# The DWARF readers under ASan/UBSan: the same profile, no report.
		if [ -n "$ASAN_BUILD" ]; then
			ASAN_OPTIONS=detect_leaks=1 "$ASAN_BUILD/ferret" profile -i "$TMP/inl$v.raw" \
				-f pprof -o "$TMP/inl$v.asan.pb.gz" 2>"$TMP/asan.err"
			why="$(head -5 "$TMP/asan.err")" check "pprof_inlined_asan_dwarf$v" eval \
				'cmp -s "$TMP/inl$v.pb.gz" "$TMP/inl$v.asan.pb.gz" && ! grep -q "ERROR: \|runtime error" "$TMP/asan.err"'
		else
			skipped "pprof_inlined_asan_dwarf$v" "no sanitizer build named"
		fi
		go tool pprof -lines -top -nodecount=100 "$TMP/inl$v.pb.gz" >"$TMP/inl$v.lines" 2>&1
		why="$(sed -n 7,14p "$TMP/inl$v.lines")" check "pprof_inlined_lines_dwarf$v" eval \
			"grep -qE ' inl_mix $TMP/inl/sub/inlined\.c:1[789] \(inline\)$' '$TMP/inl$v.lines' &&
			 grep -qE ' inl_burn $TMP/inl/sub/inlined\.c:2[67] \(inline\)$' '$TMP/inl$v.lines' &&
			 grep -qE ' inl_outer $TMP/inl/sub/inlined\.c:4[56]$' '$TMP/inl$v.lines'"
		go tool pprof -traces "$TMP/inl$v.pb.gz" >"$TMP/inl$v.traces" 2>&1
		why="$(sed -n 6,14p "$TMP/inl$v.traces")" check "pprof_inlined_traces_dwarf$v" eval \
			"grep -A2 -E '^ +[0-9.]+m?s +inl_mix \(inline\)$' '$TMP/inl$v.traces' |
			 tr -s ' \n' ' ' | grep -qE 'inl_mix \(inline\) inl_burn \(inline\) inl_outer( |$)'"
		go tool pprof -raw "$TMP/inl$v.pb.gz" >"$TMP/inl$v.rawpp" 2>&1
		pprof_locs "$TMP/inl$v.rawpp" "$INL" >"$TMP/inl$v.locs"
		SYM=addr2line frames_agree "$TMP/inl$v.locs" "$INL"
		why="$nloc locations, $ninl with inlined calls, $nbad differ: $badloc" \
			check "pprof_inlined_match_addr2line_dwarf$v" test "$nloc" -gt 0 -a "$ninl" -gt 0 -a "$nbad" = 0
	done

	# dwz and split DWARF (above): a real recording of the binary after
	# dwz (built with -gsplit-dwarf), rendered, then rendered again with
	# the binary before dwz (built without) in its place: go tool pprof
	# -lines -traces gives the same stacks, inlined frames and lines.
	for t in "dwz_gnu4 $DWZ/agnu4 $DWZ/pregnu4" "dwz_sup5 $DWZ/asup5 $DWZ/presup5" \
		 "split_gcc5 $SPL/sgcc5 $SPL/ngcc5"; do
		read -r tn bin ref <<<"$t"
		if [ ! -x "$bin" ] || [ ! -x "$ref" ]; then
			skipped "${tn}_recording" "no $bin or $ref (see above)"
			continue
		fi
		"$F" profile -F 999 -c "$bin 1000" -f raw -o "$TMP/$tn.raw" 2>/dev/null
		"$F" profile -i "$TMP/$tn.raw" -f pprof -o "$TMP/$tn.bin.pb.gz" 2>/dev/null
		mv "$bin" "$bin.kept"
		cp "$ref" "$bin"
		"$F" profile -i "$TMP/$tn.raw" -f pprof -o "$TMP/$tn.ref.pb.gz" 2>/dev/null
		mv "$bin.kept" "$bin"
		for w in bin ref; do
			go tool pprof -lines -traces "$TMP/$tn.$w.pb.gz" >"$TMP/$tn.$w.traces" 2>&1
		done
		why="$(diff "$TMP/$tn.ref.traces" "$TMP/$tn.bin.traces" | head -6)" \
			check "${tn}_recording" eval \
			'grep -qE "^ +[0-9.]+m?s +inl_mix ${bin%/*}/sub/inlined\.c:1[789] \(inline\)$" "$TMP/$tn.bin.traces" &&
			 cmp -s "$TMP/$tn.ref.traces" "$TMP/$tn.bin.traces"'
	done

	# Without -g, names alone, and no file or line claimed.
	cc -O2 -fno-omit-frame-pointer -o "$TMP/busy_nodebug" "$HERE/../flame/busy.c"
	"$F" profile -F 499 -c "$TMP/busy_nodebug 500" -f pprof -o "$TMP/nd.pb.gz" 2>/dev/null
	go tool pprof -raw "$TMP/nd.pb.gz" >"$TMP/nd.rawpp" 2>&1
	why="$(grep -A2 '^Mappings' "$TMP/nd.rawpp"; grep -m2 'M=1 busy_spin' "$TMP/nd.rawpp")" \
		check pprof_no_debug_no_lines eval \
		'grep -q "M=1 busy_spin " "$TMP/nd.rawpp" && ! grep -q "M=1 busy_spin .*busy\.c" "$TMP/nd.rawpp" &&
		 grep -qE "^1: .*busy_nodebug [0-9a-f]+ \[FN\]$" "$TMP/nd.rawpp"'

	# -f pprof straight from a recording, -p PID with -d, whole system.
	"$F" profile -F 499 -c "$BUSY 1000" -f pprof -o "$TMP/c.pb.gz" 2>"$TMP/err"
	got=$(pprof_flat "$TMP/c.pb.gz")
	why="$(cat "$TMP/err"; top_of "$got" 3 | tr '\n' ,)" check c_pprof \
		test "$(top_of "$got" 1 | cut -d' ' -f1)" = busy_spin
	"$BUSY" 8000 &
	bpid=$!
	sleep 0.3
	"$F" profile -F 499 -p "$bpid" -d 1 -f pprof -o "$TMP/p.pb.gz" 2>"$TMP/err"
	got=$(pprof_flat "$TMP/p.pb.gz")
	why="$(cat "$TMP/err"; top_of "$got" 3 | tr '\n' ,)" check p_pprof \
		test "$(top_of "$got" 1 | cut -d' ' -f1)" = busy_spin
	go tool pprof -raw "$TMP/p.pb.gz" >"$TMP/p.rawpp" 2>&1
	why="$(grep -m3 'pid:' "$TMP/p.rawpp")" check p_pprof_pid_label \
		eval 'grep -q "pid:\[$bpid\]" "$TMP/p.rawpp" && ! grep "pid:\[" "$TMP/p.rawpp" | grep -qv "pid:\[$bpid\]"'
	"$F" profile -F 99 -d 1 -f pprof -o "$TMP/a.pb.gz" 2>"$TMP/err"
	go tool pprof -raw "$TMP/a.pb.gz" >"$TMP/a.rawpp" 2>&1
	why="$(cat "$TMP/err"; grep -m5 'comm:' "$TMP/a.rawpp" | sort -u)" check system_pprof_has_busy \
		grep -q 'comm:\[busy\]' "$TMP/a.rawpp"
	kill "$bpid" 2>/dev/null
	wait "$bpid" 2>/dev/null
else
	for n in rec_pprof_counts_match_folded rec_pprof_top_is_busy_spin \
		 rec_pprof_plain_top rec_pprof_main_mapping rec_pprof_kernel_mapping \
		 rec_pprof_libc_mapping rec_pprof_addresses rec_pprof_lines \
		 rec_pprof_mapping_has_lines rec_pprof_lines_match_addr2line \
		 pprof_inlined_lines_dwarf4 pprof_inlined_traces_dwarf4 \
		 pprof_inlined_match_addr2line_dwarf4 pprof_inlined_lines_dwarf5 \
		 pprof_inlined_traces_dwarf5 pprof_inlined_match_addr2line_dwarf5 \
		 pprof_inlined_asan_dwarf4 pprof_inlined_asan_dwarf5 \
		 dwz_gnu4_recording dwz_sup5_recording split_gcc5_recording \
		 pprof_no_debug_no_lines c_pprof p_pprof \
		 p_pprof_pid_label system_pprof_has_busy; do
		skipped "$n" "go is not installed (make deps-test installs golang-go)"
	done
fi

# --- -f report against perf report --stdio --------------------------------
# The table's rows: "COMM|DSO|SYM" for the top N, sym with its marker.
rows_of() {
	awk -v n="$2" '/^#/ || !NF { next } { sub(/ +$/, ""); m = split($0, c, /  +/); r = ""
		for (i = 3; i <= m; i++) r = r (i > 3 ? "|" : "") c[i]
		print r; if (++k == n) exit }' "$1"
}
# The header comments after the first line, up to the column titles,
# numbers blanked.
header_of() {
	awk 'NR > 1 && /^# Overhead/ { exit } NR > 1 { print }' "$1" |
		sed -E 's/[0-9]+/N/g; s/ +$//'
}
# The column titles, two spaces or more apart.
columns_of() { grep -m1 '^# Overhead' "$1" | sed -E 's/ +$//; s/  +/|/g'; }
if command -v perf >/dev/null && perf record -e cpu-clock -o "$TMP/probe.data" true >/dev/null 2>&1; then
	perf record -e cpu-clock -F 999 -o "$TMP/perf.data" -- "$BUSY" 1500 >/dev/null 2>&1
	"$F" profile -F 999 -c "$BUSY 1500" -f report -o "$TMP/f.default" 2>"$TMP/err"
	for sort in "" comm,dso sym dso,sym sym,comm pid pid,sym cpu; do
		tag=${sort:-default}
		tag=${tag//,/_}
		perf report --stdio -i "$TMP/perf.data" ${sort:+--sort "$sort"} \
			>"$TMP/p.$tag" 2>/dev/null
		if [ -n "$sort" ]; then
			"$F" profile -i "$TMP/rec.raw" -f report --sort "$sort" \
				-o "$TMP/f.$tag" 2>/dev/null
		fi
		why="perf: $(columns_of "$TMP/p.$tag") ferret: $(columns_of "$TMP/f.$tag")" \
			check "report_columns_$tag" test "$(columns_of "$TMP/p.$tag")" = "$(columns_of "$TMP/f.$tag")"
		why="perf: $(header_of "$TMP/p.$tag" | tr '\n' '/') ferret: $(header_of "$TMP/f.$tag" | tr '\n' '/')" \
			check "report_header_$tag" test "$(header_of "$TMP/p.$tag")" = "$(header_of "$TMP/f.$tag")"
		# Layout: the dots under each title as wide as its column.
		why="$(grep -m1 -A1 '^# Overhead' "$TMP/f.$tag")" check "report_dots_$tag" \
			eval 'awk "/^# Overhead/ { h = length(\$0) } /^# \\.\\./ { d = length(\$0) } END { exit !(h && h == d) }" "$TMP/f.$tag"'
	done
	# busy_spin and read_zero lead both tables, in that order.
	why="perf: $(rows_of "$TMP/p.default" 2 | tr '\n' ,) ferret: $(rows_of "$TMP/f.default" 2 | tr '\n' ,)" \
		check report_top_symbols_match_perf \
		eval 'test "$(rows_of "$TMP/p.default" 2)" = "$(rows_of "$TMP/f.default" 2)" &&
		      test "$(rows_of "$TMP/p.default" 2 | head -1)" = "busy|busy|[.] busy_spin"'
	why="perf: $(rows_of "$TMP/p.sym" 1) ferret: $(rows_of "$TMP/f.sym" 1)" \
		check report_top_sym_matches_perf \
		test "$(rows_of "$TMP/p.sym" 1)" = "$(rows_of "$TMP/f.sym" 1)"
	why="perf: $(rows_of "$TMP/p.comm_dso" 2 | tr '\n' ,) ferret: $(rows_of "$TMP/f.comm_dso" 2 | tr '\n' ,)" \
		check report_top_dsos_match_perf \
		test "$(rows_of "$TMP/p.comm_dso" 2)" = "$(rows_of "$TMP/f.comm_dso" 2)"
	# Pid:Command: busy's own process, its id where perf has its own run's.
	why="perf: $(rows_of "$TMP/p.pid_sym" 1) ferret: $(rows_of "$TMP/f.pid_sym" 1)" \
		check report_top_pid_matches_perf \
		test "$(rows_of "$TMP/p.pid_sym" 1 | sed -E 's/^ *[0-9]+:/PID:/')" = \
		     "$(rows_of "$TMP/f.pid_sym" 1 | sed -E 's/^ *[0-9]+:/PID:/')"
	# cpu from a recording that kept none (perf's without --sample-cpu,
	# ferret's -f raw): one row, perf's -001, past the column.
	why="perf: $(rows_of "$TMP/p.cpu" 2 | tr '\n' ,) ferret: $(rows_of "$TMP/f.cpu" 2 | tr '\n' ,)" \
		check report_cpu_unknown_matches_perf \
		eval 'test "$(rows_of "$TMP/p.cpu" 2)" = "$(rows_of "$TMP/f.cpu" 2)" &&
		      test "$(rows_of "$TMP/f.cpu" 2)" = "-001"'
	# cpu,comm recorded live: ferret keeps each sample's CPU, perf with
	# --sample-cpu.  Same columns and header; every CPU an online one as
	# three digits; busy the top command in both.
	perf record --sample-cpu -e cpu-clock -F 999 -o "$TMP/perfc.data" -- "$BUSY" 1500 >/dev/null 2>&1
	perf report --stdio -i "$TMP/perfc.data" --sort cpu,comm >"$TMP/p.cpu_comm" 2>/dev/null
	"$F" profile -F 999 -c "$BUSY 1500" -f report --sort cpu,comm -o "$TMP/f.cpu_comm" 2>"$TMP/err"
	why="perf: $(columns_of "$TMP/p.cpu_comm") ferret: $(columns_of "$TMP/f.cpu_comm")" \
		check report_columns_cpu_comm test "$(columns_of "$TMP/p.cpu_comm")" = "$(columns_of "$TMP/f.cpu_comm")"
	why="perf: $(header_of "$TMP/p.cpu_comm" | tr '\n' '/') ferret: $(header_of "$TMP/f.cpu_comm" | tr '\n' '/')" \
		check report_header_cpu_comm test "$(header_of "$TMP/p.cpu_comm")" = "$(header_of "$TMP/f.cpu_comm")"
	cpus_ok() {	# cpus_ok FILE: each row's CPU three digits, below nproc
		awk -v n="$(nproc)" '/^#/ || !NF { next } { k++; if ($2 !~ /^[0-9][0-9][0-9]$/ || $2 + 0 >= n) bad = 1 }
			END { exit !(k > 0 && !bad) }' "$1"
	}
	top_comm() { awk '!/^#/ && NF { print $3; exit }' "$1"; }
	why="$(cat "$TMP/err" "$TMP/f.cpu_comm" | head -20)" check report_cpu_live_cpus \
		eval 'cpus_ok "$TMP/f.cpu_comm" && cpus_ok "$TMP/p.cpu_comm"'
	why="perf: $(top_comm "$TMP/p.cpu_comm") ferret: $(top_comm "$TMP/f.cpu_comm")" \
		check report_cpu_live_top_comm \
		eval 'test "$(top_comm "$TMP/f.cpu_comm")" = busy && test "$(top_comm "$TMP/p.cpu_comm")" = busy'
	# Overheads agree within a few points for a CPU-bound loop.
	pct() { awk '!/^#/ && NF { sub(/%/, "", $1); print $1; exit }' "$1"; }
	why="perf $(pct "$TMP/p.default")%, ferret $(pct "$TMP/f.default")%" check report_overhead_close \
		awk -v a="$(pct "$TMP/p.default")" -v b="$(pct "$TMP/f.default")" \
			'BEGIN { d = a - b; exit !(a > 0 && b > 0 && d < 15 && d > -15) }'
else
	skipped report_vs_perf "perf record -e cpu-clock does not work here (make deps-test installs linux-perf)"
fi

summary profile
