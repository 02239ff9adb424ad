#!/bin/bash
# ferret timeline in headless Chromium, on a real recording of the
# workload (a shell running "workload open 5" then "workload ticks 5"):
# screenshots of the lanes (slices of several colours where the lanes
# are, their labels drawn, a selected slice outlined) and the DOM the
# page's script leaves after a zoom, a search and a selection, given
# in the URL's query (t0, t1, s, sel) as the page applies them at load.
# The expected values come from the workload (five openat calls of
# /nonexistent/ferret-N, five 20 ms sleeps) and the page's own data.
# The page and screenshots are copied to BUILD/tests/timeline/ at the end
# to be looked at (the run works in a directory of its own).
#   tests/record/browser.sh [BUILD]
set -u
BUILD=${1:-build}
FERRET=$BUILD/ferret
WL=$BUILD/tests/workload
here=$(dirname "$0")
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
OUT=$BUILD/tests/timeline
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$here/../lib.sh"

if [ "$(id -u)" != 0 ]; then
	skipped all "needs root to record a trace"
	summary timeline-browser
	exit
fi
browser=$(command -v chromium || command -v chromium-browser) || {
	skipped all "chromium is not installed (make deps-test installs it)"
	summary timeline-browser
	exit
}
[ -x "$WL" ] || make -s "$WL" BUILD="$BUILD" >/dev/null
if ! cc -O2 -Wall -Wextra -Werror -o "$W/pngstat" "$here/../flame/pngstat.c" -lz 2>"$W/cc.err"; then
	bad build_pngstat "$(head -3 "$W/cc.err")"
	summary timeline-browser
	exit
fi

# --- The trace and its page ---------------------------------------------
wl=$(realpath "$WL")
if ! timeout 60 "$FERRET" record -q -o "$W/t.ctf" sh -c "$wl open 5; $wl ticks 5" \
	>"$W/rec.out" 2>"$W/rec.err"; then
	bad record "ferret record failed: $(head -3 "$W/rec.err")"
	summary timeline-browser
	exit
fi
page=$W/t.html
if ! "$FERRET" timeline "$W/t.ctf" -o "$page" -t "workload" 2>"$W/tl.err"; then
	bad timeline "ferret timeline failed: $(head -3 "$W/tl.err")"
	summary timeline-browser
	exit
fi

# What the page should show, from its data and its layout constants:
# shell assignments, or a reason on stderr.
cat >"$W/facts.py" <<'EOF'
import json, re, shlex, sys
h = open(sys.argv[1]).read()
d = json.loads(h.split('id="ferret-data">\n')[1].split('\n</script>')[0])
m = re.search(r"var LABEL = (\d+), ROW = (\d+), FROW = \d+, AXIS = (\d+);", h)
c = re.search(r"#wrap \{ position: absolute; top: (\d+)px; bottom: (\d+)px;", h)
if not m or not c:
    sys.exit("the page's layout constants are not where this test looks")
label, row, axis = map(int, m.groups())
top, bottom = map(int, c.groups())
if d["calls"]:
    sys.exit("a function graph: lanes of more than a row")
R, names, n = d["recs"], d["names"], len(d["recs"]) // 6
byTid = {}
for t in sorted(d["threads"], key=lambda t: (t[1], t[0])):
    if t[0] > 0:
        byTid[t[0]] = t
lanes = d["ncpus"] + sum(1 for t in d["threads"] if t[0] > 0)
def comm(tid):
    return byTid[tid][2] if tid in byTid else "?"
def name(i):
    k = R[i * 6]
    if k == 0:
        return "%s %d" % (comm(R[i * 6 + 1]), R[i * 6 + 1])
    s = names[R[i * 6 + 5]]
    return "blocked in " + s if k == 3 and s != "blocked" else s
def found(s):
    s, c = s.lower(), 0
    for i in range(n):
        a = d["recidx"][i]
        t = json.dumps(d["args"][a], separators=(",", ":"), ensure_ascii=False) if a >= 0 else ""
        c += s in name(i).lower() or s in t.lower()
    return c
sel = [i for i in range(n) if R[i * 6] == 4 and names[R[i * 6 + 5]] == "openat" and
       d["args"][d["recidx"][i]].get("filename") == "/nonexistent/ferret-2"]
if len(sel) != 1:
    sys.exit("%d openat records of /nonexistent/ferret-2" % len(sel))
i = sel[0]
print("dur=%d lanes=%d label=%d axis=%d top=%d bottom=%d lanes_h=%d" %
      (d["dur"], lanes, label, axis, top, bottom, lanes * row))
print("sel=%d sel_tid=%d sel_comm=%s sel_start=%d sel_dur=%d" %
      (i, R[i * 6 + 1], shlex.quote(comm(R[i * 6 + 1])), R[i * 6 + 3], R[i * 6 + 4]))
def fmt(ns):
    for unit, f in ((1e9, "%.6f s"), (1e6, "%.3f ms"), (1e3, "%.3f us")):
        if ns >= unit:
            return f % (ns / unit)
    return "%d ns" % ns
# The window shown whole, and 4 ms before the end to 6 ms after it.
print("view_all=%s view_end=%s" % (shlex.quote("0 ns \u2013 " + fmt(d["dur"])),
      shlex.quote(fmt(d["dur"] - 10000000) + " \u2013 " + fmt(d["dur"]))))
print("n_sleep=%d n_sleep_sys=%d" % (found("clock_nanosleep"),
      sum(1 for i in range(n) if R[i * 6] == 4 and names[R[i * 6 + 5]] == "clock_nanosleep")))
EOF
if ! facts=$($PY "$W/facts.py" "$page" 2>&1); then
	bad page_data "$facts"
	summary timeline-browser
	exit
fi
dur=0 lanes=0 label=0 axis=0 top=0 bottom=0 lanes_h=0 view_all='' view_end=''
sel=0 sel_tid=0 sel_comm='' sel_start=0 sel_dur=0 n_sleep=0 n_sleep_sys=0
eval "$facts"
why="$facts" check data_workload_thread test "$sel_comm" = workload
why="$n_sleep_sys clock_nanosleep calls" check data_five_sleeps test "$n_sleep_sys" = 5

# --- The browser ----------------------------------------------------------
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
       --no-default-browser-check)
# chrome ARGS...: Chromium on a profile directory of its own, so that runs
# never find each other's browser; it exits when the page has loaded.
chrome() {
	local prof rc
	prof=$(mktemp -d /tmp/ferret-chromium-XXXXXX)
	timeout 120 "$browser" "${flags[@]}" --user-data-dir="$prof" "$@"
	rc=$?
	rm -rf "$prof"
	return $rc
}
# dom QUERY FILE: the DOM of the page opened with ?QUERY, after its script.
dom() {
	chrome --dump-dom "file://$page${1:+?$1}" >"$2" 2>/dev/null
	grep -q '</html>' "$2"
}
# text ID FILE: the text (inner HTML) of the element with that id.
text() { grep -o "id=\"$1\"[^>]*>.*" "$2" | sed 's/^[^>]*>//; s/<\/\(span\|div\)>.*//'; }
# dom_is NAME QUERY ID WANT [TEST-ARGS...]: the page opened with QUERY
# shows WANT as the text of element ID (and test's further TEST-ARGS hold).
dom_is() {
	local name=$1 q=$2 id=$3 want=$4 f=$W/$1.html got
	shift 4
	if dom "$q" "$f"; then
		got=$(text "$id" "$f")
		why="$got, want $want" check "$name" test "$got" = "$want" "$@"
	else
		bad "$name" "no DOM from chromium: $(head -c 300 "$f")"
	fi
}
# crop NAME QUERY X WIDTH: a screenshot of the canvas's lanes (the axis
# and the panels above and below cut off), from X (CSS px of the page)
# WIDTH wide, every lane in it.  The page is framed, moved so that the
# lanes are at the window's top left; pngstat's counts are then of them.
crop() {
	local png=$W/$1.png
	cat >"$W/$1.html" <<EOF
<!DOCTYPE html>
<html><head><style>
body { margin: 0; overflow: hidden; }
iframe { position: absolute; border: 0; left: -$3px; top: -$((top + axis))px;
	 width: $(($3 + $4))px; height: $((top + axis + lanes_h + bottom + 40))px; }
</style></head><body><iframe src="file://$page${2:+?$2}"></iframe></body></html>
EOF
	rm -f "$png"
	chrome --window-size="$4,$lanes_h" --screenshot="$png" "file://$W/$1.html" >/dev/null 2>&1
	shotstat "$png"
}
# shotstat PNG: pngstat's line, or why there is none.
shotstat() {
	if [ -s "$1" ]; then
		"$W/pngstat" "$1"
	else
		echo "no screenshot from chromium"
		return 1
	fi
}
# stat_of KEY PNGSTAT-LINE: the number after KEY=, -1 if none.
stat_of() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$2" | grep . || echo -1; }

# --- Screenshots ------------------------------------------------------------
# The whole page: a 1200 px wide window tall enough for every lane.
chrome --window-size="1200,$((top + axis + lanes_h + bottom + 8))" \
	--screenshot="$W/page.png" "file://$page" >/dev/null 2>&1
st=$(shotstat "$W/page.png" 2>&1)
why="$st" check shot_page_not_blank test "$(stat_of dark "$st")" -gt 1000

# The lanes right of their labels: blocked, running, system call slices,
# the CPUs' threads in colours of their own, event marks; the two lane
# backgrounds and nothing else would be 2 colours.
st=$(crop lanes "" "$label" 1000 2>&1)
why="$st" check shot_lanes_drawn test "$(stat_of colours "$st")" -ge 8
# Nothing drawn there is near black but a selection (or lost events).
why="$st" check shot_lanes_nothing_selected test "$(stat_of dark "$st")" = 0
# The labels column: a name a lane, drawn on the canvas.
st=$(crop labels "" 0 $((label - 2)) 2>&1)
why="$st, $lanes lanes" check shot_lane_labels test "$(stat_of dark "$st")" -gt $((lanes * 20))

# Zoomed to the openat of /nonexistent/ferret-2 (a fifth of the width),
# then selected: the selection's black outline is the only dark there.
z0=$((sel_start - 2 * sel_dur)) z1=$((sel_start + 3 * sel_dur))
# Slices across the window there, no marks likely: the lanes'
# backgrounds, threads blocked, the workload running in its lane and on
# its CPU's in the colour of its name, the openat's system call slice.
st=$(crop zoom "t0=$z0&t1=$z1" "$label" 1000 2>&1)
why="$st" check shot_zoom_slices test "$(stat_of colours "$st")" -ge 6
why="$st" check shot_zoom_unselected test "$(stat_of dark "$st")" = 0
st=$(crop zoom-sel "t0=$z0&t1=$z1&sel=$sel" "$label" 1000 2>&1)
why="$st" check shot_selection_outlined test "$(stat_of dark "$st")" -gt 100

# --- The DOM ------------------------------------------------------------------
if dom "" "$W/plain.html"; then
	why="$(text view "$W/plain.html")" check dom_plain_view_all \
		test "$(text view "$W/plain.html")" = "$view_all"
	why="$(text qn "$W/plain.html")" check dom_plain_no_search \
		test -z "$(text qn "$W/plain.html")"
	why="$(text info "$W/plain.html")" check dom_plain_nothing_selected \
		test "$(text info "$W/plain.html")" = "Click a slice or a mark for its fields."
else
	bad dom_plain "no DOM from chromium: $(head -c 300 "$W/plain.html")"
fi

# Zoom: 20 to 30 ms of the trace (it lasts over 100 ms: five 20 ms sleeps).
if [ "$dur" -lt 30000000 ]; then
	bad dom_zoom_view "the trace lasts $dur ns, under 30 ms"
else
	dom_is dom_zoom_view "t0=20000000&t1=30000000" view "20.000 ms – 30.000 ms"
fi
# Past the end: the window keeps its span and ends with the trace.
dom_is dom_zoom_clamped "t0=$((dur - 4000000))&t1=$((dur + 6000000))" view "$view_end"

# Search by name: the sleeps' system calls and the times blocked in them.
dom_is dom_search_name "s=clock_nanosleep" qn "$n_sleep found" -a "$n_sleep" -ge 10
# Search by a field's value: the five openat calls' filenames.
dom_is dom_search_field "s=%2Fnonexistent%2Fferret-" qn "5 found"
dom_is dom_search_nothing "s=zz-no-such-event-qq" qn "0 found"

# Selection: openat's name, thread, CPU and the fields of its entry and exit.
if dom "sel=$sel" "$W/sel.html"; then
	info=$(text info "$W/sel.html")
	why="$info" check dom_select_name grep -q '^<b>openat</b><br>syscall at [0-9.]* ms, for ' <<<"$info"
	why="$info, want thread workload $sel_tid" check dom_select_thread \
		grep -q "<br>thread workload $sel_tid, CPU [0-9]*<br>" <<<"$info"
	why="$info" check dom_select_fields \
		grep -q '<br>filename = "/nonexistent/ferret-2"<br>.*<br>ret = -2$' <<<"$info"
else
	bad dom_select "no DOM from chromium: $(head -c 300 "$W/sel.html")"
fi
# All three at once, as a link to a view would give them.
all_three() {
	[ "$(text view "$1")" = "20.000 ms – 30.000 ms" ] &&
		[ "$(text qn "$1")" = "$n_sleep found" ] &&
		grep -q "^<b>openat</b>" <<<"$(text info "$1")"
}
if dom "t0=20000000&t1=30000000&s=clock_nanosleep&sel=$sel" "$W/all.html"; then
	why="$(text view "$W/all.html") | $(text qn "$W/all.html") | $(text info "$W/all.html" | head -c 80)" \
		check dom_zoom_search_select all_three "$W/all.html"
else
	bad dom_zoom_search_select "no DOM from chromium: $(head -c 300 "$W/all.html")"
fi

mkdir -p "$OUT" && cp "$page" "$W"/*.png "$OUT"/ 2>/dev/null
summary timeline-browser
