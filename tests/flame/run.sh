#!/bin/bash
# Flame graphs end to end: -f folded against bpftrace's stacks, ferret
# profile on a busy workload of our own, and the SVGs opened in headless
# Chromium, screenshots checked for drawn boxes, text and highlights and
# the page's script checked through the DOM it leaves.  The SVGs and
# screenshots stay in BUILD/tests/flame/ to be looked at.
set -u
BUILD=${1:-build}
F=$BUILD/ferret
WL=$BUILD/tests/workload
HERE=$(dirname "$0")
OUT=$BUILD/tests/flame
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
source "$HERE/../lib.sh"
stat_of() {	# stat_of KEY PNGSTAT-LINE: the number after KEY=
	sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$2"
}
box_index() {	# box_index SVG NAME: the index of the first box named NAME
	grep -o '<g class="f" [^>]*><title>[^<]*' "$1" |
		sed 's/.*<title>//' | grep -n -m1 -F "$2 (" | cut -d: -f1 |
		awk '{ print $1 - 1 }'
}
# The box titled NAME in a DOM dump (one line), or nothing.
dom_box() { grep -F "<title>$2 (" "$1" | head -1; }

cc -O2 -g -fno-omit-frame-pointer -Wall -Wextra -Werror \
	-o "$TMP/busy" "$HERE/busy.c" || bad build_busy "cc failed"
cc -O2 -Wall -Wextra -Werror -o "$TMP/pngstat" "$HERE/pngstat.c" -lz ||
	bad build_pngstat "cc failed"
BUSY=$TMP/busy

# --- Drawn from fixed folded stacks (no root needed) -------------------
fixed=$OUT/fixed.svg
"$F" profile -i "$HERE/fixed.folded" -t "fixed stacks" -o "$fixed" 2>"$TMP/fixed.err"
why="$(cat "$TMP/fixed.err")" check fixed_renders grep -q '1000 samples, 10 stacks' "$TMP/fixed.err"
why="$(xmllint --noout "$fixed" 2>&1 | head -3)" check fixed_valid_xml \
	xmllint --noout "$fixed"
why="$(grep -c '<g class="f"' "$fixed") boxes" check fixed_box_count \
	test "$(grep -c '<g class="f"' "$fixed")" = 22
why="escaped name not found" check fixed_escaped \
	grep -qF '<title>printf&lt;int&gt; &amp; &quot;co&quot; (30 samples, 3.00%)</title>' "$fixed"

# -i - reads standard input; -f folded copies the stacks out as they are.
"$F" profile -i - -f folded <"$HERE/fixed.folded" >"$TMP/copy.folded" 2>/dev/null
why="differs" check folded_passthrough cmp -s "$TMP/copy.folded" "$HERE/fixed.folded"

# The page as a browser shows it.
if ! command -v chromium >/dev/null; then
	bad browser "chromium is not installed (make deps installs it)"
else
	"$HERE/browser.sh" screenshot "$fixed" "$OUT/fixed.png"
	st=$("$TMP/pngstat" "$OUT/fixed.png" 2>&1)
	# 1180 px of root and 99 more rows' worth of boxes, text in them.
	why="$st" check shot_fixed_boxes test "$(stat_of warm "$st")" -gt 50000
	why="$st" check shot_fixed_text test "$(stat_of dark "$st")" -gt 1000
	why="$st" check shot_fixed_no_highlight test "$(stat_of magenta "$st")" = 0

	# The script ran: boxes counted, search and zoom from the URL.
	run=$(box_index "$fixed" run)
	"$HERE/browser.sh" dom "$fixed" "s=next_char%7Clex&z=$run" >"$TMP/dom.html"
	why="$(grep -o 'data-ready="[^"]*"' "$TMP/dom.html")" check script_ran \
		grep -q 'data-ready="22"' "$TMP/dom.html"
	# lex holds next_char: the samples under both count once (250).
	why="$(grep -o '<text id="matched"[^<]*' "$TMP/dom.html")" check search_matched \
		grep -q '>Matched: 25.00%</text>' "$TMP/dom.html"
	why="$(dom_box "$TMP/dom.html" lex)" check search_highlights \
		grep -q 'fill="rgb(224,64,224)"' <<<"$(dom_box "$TMP/dom.html" lex)"
	why="$(dom_box "$TMP/dom.html" run)" check zoom_fills_width \
		grep -q 'x="10.00" [^>]*width="1180.00"' <<<"$(dom_box "$TMP/dom.html" run)"
	# compute: 250 of run's 550 samples.
	why="$(dom_box "$TMP/dom.html" compute)" check zoom_scales_children \
		grep -q 'width="536.36"' <<<"$(dom_box "$TMP/dom.html" compute)"
	why="$(dom_box "$TMP/dom.html" main)" check zoom_dims_ancestors \
		grep -q 'class="f up"' <<<"$(dom_box "$TMP/dom.html" main)"
	why="$(dom_box "$TMP/dom.html" idle)" check zoom_hides_others \
		grep -q 'display: none' <<<"$(dom_box "$TMP/dom.html" idle)"
	"$HERE/browser.sh" screenshot "$fixed" "$OUT/fixed-zoom.png" "s=compute%7Cwrite&z=$run"
	st=$("$TMP/pngstat" "$OUT/fixed-zoom.png" 2>&1)
	why="$st" check shot_zoom_highlight test "$(stat_of magenta "$st")" -gt 1000
fi

if [ "$(id -u)" != 0 ]; then
	echo "skip flame runtime tests: need root"
	skip=$((skip + 1))
	echo "flame: $pass passed, $fail failed, $skip skipped"
	exit 0
fi

# --- -f folded on real stacks -----------------------------------------
# Kernel stacks: bpftrace's, frames reversed and offsets dropped.
prog='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[kstack] = count(); }'
"$F" -f folded -c "$WL getppid 7" -e "$prog" >"$TMP/k.folded" 2>"$TMP/k.err"
why="$(cat "$TMP/k.err")" check folded_attaching_on_stderr \
	grep -q '^Attaching 1 probe' "$TMP/k.err"
if command -v bpftrace >/dev/null; then
	bpftrace -c "$WL getppid 7" -e "$prog" 2>/dev/null |
		awk '/^@\[$/ { n = 0; next }
		     /^]: / { s = ""; for (i = n; i >= 1; i--) s = s (i < n ? ";" : "") f[i];
			      print s " " $2; next }
		     /^ +[^ ]/ { sub(/^ +/, ""); sub(/\+[0-9]+$/, ""); f[++n] = $0 }' \
		>"$TMP/kb.folded"
	why="ferret: $(cat "$TMP/k.folded") bpftrace: $(cat "$TMP/kb.folded")" \
		check folded_kstack_matches_bpftrace \
		eval 'test -s "$TMP/k.folded" && cmp -s "$TMP/k.folded" "$TMP/kb.folded"'
else
	bad folded_kstack_matches_bpftrace "bpftrace is not installed"
fi
why="$(cat "$TMP/k.folded")" check folded_kstack_count \
	grep -qE '^entry_SYSCALL_64[^ ]*;[^ ]+ 7$' "$TMP/k.folded"

# Other key parts at the root; maps without a stack left out, on stderr.
"$F" -f folded -c "$WL getppid 3" -e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[comm, kstack] = count(); @n = count(); }' \
	>"$TMP/c.folded" 2>"$TMP/c.err"
why="$(cat "$TMP/c.folded")" check folded_comm_root \
	grep -qE '^workload;entry_SYSCALL_64[^ ]* 3$' "$TMP/c.folded"
why="$(cat "$TMP/c.folded")" check folded_only_stacks \
	test "$(grep -cvE '^[^ ;]+(;[^;]+)* [0-9]+$' "$TMP/c.folded")" = 0
why="$(cat "$TMP/c.err")" check folded_names_left_out \
	grep -q '@n has no stack in its key' "$TMP/c.err"

# User and kernel stacks: user frames root-most, kernel frames marked.
"$F" -f folded -c "$BUSY 1000" -e 'profile:hz:999 /pid == cpid/ { @[ustack, kstack] = count(); }' \
	>"$TMP/u.folded" 2>"$TMP/u.err"
why="$(sort -t' ' -k2 -n "$TMP/u.folded" | tail -3)" check folded_user_frames \
	grep -qE '(^|;)main;busy_spin [0-9]+$' "$TMP/u.folded"
why="$(grep read_zero "$TMP/u.folded" | head -2)" check folded_kernel_after_user \
	grep -qE '(^|;)main;[^ ]*read[^ ;]*;[^ ]*vfs_read_\[k\];read_zero_\[k\]' "$TMP/u.folded"
# Once a line reaches a kernel frame, every frame after it is one.
user_after_kernel() {
	awk '{ sub(/ [0-9]+$/, ""); n = split($0, f, ";"); k = 0
	       for (i = 1; i <= n; i++) {
		       if (f[i] ~ /_\[k\]$/) k = 1; else if (k) { print; break }
	       } }' "$1"
}
why="$(user_after_kernel "$TMP/u.folded" | head -2)" check folded_no_user_after_kernel \
	test -z "$(user_after_kernel "$TMP/u.folded")"

# --- ferret profile -----------------------------------------------------
svg=$OUT/busy.svg
"$F" profile -F 999 -c "$BUSY 1500" -o "$svg" 2>"$TMP/p.err"
why="$(cat "$TMP/p.err")" check profile_runs grep -q "samples, .* written to $svg" "$TMP/p.err"
why="$(xmllint --noout "$svg" 2>&1 | head -3)" check profile_valid_xml xmllint --noout "$svg"
for frame in busy main busy_spin 'vfs_read_[k]' 'read_zero_[k]'; do
	why="no box '$frame'" check "profile_has_${frame//[^a-z_]/}" \
		grep -qF "<title>$frame (" "$svg"
done
why="$(grep -o '<title>busy_spin ([^<]*' "$svg")" check profile_spin_is_big \
	grep -qE '<title>busy_spin \([0-9]+ samples, ([2-9][0-9]|100)\.[0-9]+%\)' "$svg"
if command -v chromium >/dev/null; then
	"$HERE/browser.sh" screenshot "$svg" "$OUT/busy.png"
	st=$("$TMP/pngstat" "$OUT/busy.png" 2>&1)
	why="$st" check shot_profile_boxes test "$(stat_of warm "$st")" -gt 20000
	why="$st" check shot_profile_text test "$(stat_of dark "$st")" -gt 500
fi

# -p PID -d: only that process, for that long.
"$BUSY" 4000 &
bp=$!
"$F" profile -p $bp -d 1 -f folded -o "$TMP/pid.folded" 2>"$TMP/pid.err"
rc=$?
kill $bp 2>/dev/null
wait $bp 2>/dev/null
why="rc $rc, $(cat "$TMP/pid.err")" check profile_pid_duration \
	test $rc = 0 -a -s "$TMP/pid.folded"
# A sample whose stack could not be read is the comm alone ("busy 5").
why="$(grep -vE '^busy[; ]' "$TMP/pid.folded" | head -3)" check profile_pid_only \
	test "$(grep -cvE '^busy[; ]' "$TMP/pid.folded")" = 0

# Arguments are checked before anything runs.
"$F" profile -F 0 >/dev/null 2>"$TMP/e1"
why="$(cat "$TMP/e1")" check profile_bad_hz grep -q -- '-F takes a frequency' "$TMP/e1"
"$F" profile -p $$ -c true >/dev/null 2>"$TMP/e2"
why="$(cat "$TMP/e2")" check profile_p_and_c grep -q 'not both' "$TMP/e2"
"$F" profile -f png >/dev/null 2>"$TMP/e3"
why="$(cat "$TMP/e3")" check profile_bad_format grep -q "unknown profile format 'png'" "$TMP/e3"

echo "flame: $pass passed, $fail failed, $skip skipped"
