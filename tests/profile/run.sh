#!/bin/bash
# ferret profile -f pprof|report|raw end to end: a fixed recording
# rendered and read by go tool pprof (no root needed), refusals of bad
# input (also under ASan/UBSan when a sanitizer build is named), then,
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
refuses bad_sort_key "unknown --sort key 'pid'" profile -i "$FIXED" -f report --sort comm,pid
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
		irange=$(sed -n "s|^\([0-9]*\): \(0x[0-9a-f]*\)/0x[0-9a-f]*/\(0x[0-9a-f]*\) $INL .*|\1 \2 \3|p" "$TMP/inl$v.rawpp")
		read -r im istart ioff <<<"$irange"
		# Each location of the binary as "ADDR FUNC FILE:LINE;FUNC FILE:LINE...".
		awk -v m="M=$im" '/^Mappings/ { exit }
			$3 == m { if (a != "") print a, f; a = $2; f = $4 " " $5; next }
			/^ +[0-9]+: / { if (a != "") print a, f; a = ""; next }
			a != "" && NF == 3 && $3 == "s=0" { f = f ";" $1 " " $2 }
			END { if (a != "") print a, f }' "$TMP/inl$v.rawpp" >"$TMP/inl$v.locs"
		nloc=0 nbad=0 ninl=0 badloc=
		while read -r a f; do
			off=$(( a - istart + ioff ))
			w0=$(addr2line -i -f -e "$INL" "$(printf '0x%x' $off)" | sed 's/ (discriminator [0-9]*)//' | paste -sd' ;' -)
			w1=$(addr2line -i -f -e "$INL" "$(printf '0x%x' $((off - 1)))" | sed 's/ (discriminator [0-9]*)//' | paste -sd' ;' -)
			nloc=$((nloc + 1))
			[[ $f == *";"* ]] && ninl=$((ninl + 1))
			if [ "$f" != "$w0" ] && [ "$f" != "$w1" ]; then
				nbad=$((nbad + 1)); badloc="$a '$f' (addr2line '$w0' / '$w1')"
			fi
		done <"$TMP/inl$v.locs"
		why="$nloc locations, $ninl with inlined calls, $nbad differ: $badloc" \
			check "pprof_inlined_match_addr2line_dwarf$v" test "$nloc" -gt 0 -a "$ninl" -gt 0 -a "$nbad" = 0
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
	for sort in "" comm,dso sym dso,sym sym,comm; do
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
	# Overheads agree within a few points for a CPU-bound loop.
	pct() { awk '!/^#/ && NF { sub(/%/, "", $1); print $1; exit }' "$1"; }
	why="perf $(pct "$TMP/p.default")%, ferret $(pct "$TMP/f.default")%" check report_overhead_close \
		awk -v a="$(pct "$TMP/p.default")" -v b="$(pct "$TMP/f.default")" \
			'BEGIN { d = a - b; exit !(a > 0 && b > 0 && d < 15 && d > -15) }'
else
	skipped report_vs_perf "perf record -e cpu-clock does not work here (make deps-test installs linux-perf)"
fi

summary profile
