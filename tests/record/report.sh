#!/bin/bash
# ferret report, convert and timeline against the reference readers, on
# the unit tests' fixed trace and, as root with a build that has ferret
# record, on a real recording: babeltrace2 lists the same events with the
# same field values as report prints; report's field names are those of
# the kernel's own ftrace text (read from a tracefs instance where the
# host allows enabling events); the Chrome JSON parses and its slices
# nest per thread and never overlap per CPU; the timeline's script
# parses (node).  Bad traces go through the ASan/UBSan build when named.
#   tests/record/report.sh [BUILD] [ASAN_BUILD]
set -u
BUILD=${1:-build}
ASAN=${2:-}
FERRET=$BUILD/ferret
pass=0 fail=0 skip=0
W=$(mktemp -d)
INST=
cleanup() {
	if [ -n "$INST" ] && [ -d "$INST" ]; then
		for e in "$INST"/events/sched/sched_switch "$INST"/events/sched/sched_wakeup; do
			echo 0 >"$e/enable" 2>/dev/null
		done
		rmdir "$INST" 2>/dev/null
	fi
	rm -rf "$W"
}
trap cleanup EXIT

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
skp() { echo "skip $1: $2"; skip=$((skip + 1)); }

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3

traces=()
if "$BUILD/tests/rp_test" --fixture "$W/fixture"; then
	traces+=(fixture)
else
	bad "fixture" "$BUILD/tests/rp_test --fixture failed (make $BUILD/tests/rp_test)"
fi
if [ "$(id -u)" = 0 ] && "$FERRET" record -h 2>&1 | grep -q 'ferret record'; then
	# The command after the options: -c splits at spaces, quotes and all.
	if timeout 60 "$FERRET" record -e sched -e syscalls -o "$W/real" \
		sh -c "for i in 1 2 3; do cat /etc/hostname >/dev/null; done; sleep 0.05" \
		>"$W/rec.log" 2>&1 && ! grep -q "Unterminated\|not found" "$W/rec.log"; then
		traces+=(real)
	else
		bad "ferret record" "$(tail -3 "$W/rec.log")"
	fi
else
	skp "a real recording" "needs root and a build with ferret record"
fi

# Every event babeltrace2 lists, with its fields, is a line of report's.
cat >"$W/bt_vs_report.py" <<'EOF'
import re, sys
bt, rp = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read().splitlines()
STATE = "SDTtXZPI"
def state(v):
    v = int(v)
    s = "|".join(STATE[i] for i in range(8) if v & (1 << i)) or "R"
    return s + ("+" if v & 0x100 else "")
def fields(text):
    return re.findall(r'(\w+) = ("(?:[^"\\]|\\.)*"|\[[^\]]*\]|[^,]+)(?:, |$)', text)
def norm(v):
    v = v.strip()
    if v.startswith('"'):
        v = v[1:-1]
    return v.lower()
RENAME = {"prev_tid": "prev_pid", "next_tid": "next_pid", "tid": "pid", "old_tid": "old_pid"}
FORK = {"parent_comm": "comm", "parent_tid": "pid", "child_comm": "child_comm",
        "child_tid": "child_pid"}
# babeltrace2 2.0 leaves an empty string field with the value it held
# in an earlier event of the class (its field objects are reused; fixed
# upstream after 2.0.4, Debian 12's): such a value, one the field had
# before, is taken for "" when report prints "" there.
prev, stale = {}, []
want = []
for l in bt:
    m = re.match(r'^\[(\d+)\] \S+ (\S+): \{ cpu_id = (\d+) \}, \{ ?(.*?) ?\}$', l)
    if not m:
        continue
    ts, name, cpu, f = int(m.group(1)), m.group(2), int(m.group(3)), fields(m.group(4))
    if name.startswith("syscall_entry_"):
        name = "sys_enter_" + name[14:]
    elif name.startswith("syscall_exit_"):
        name = "sys_exit_" + name[13:]
    elif name.startswith("irq_softirq_"):
        name = "softirq_" + name[12:]
    kv = {}
    old = {}
    for k, v in f:
        if v.startswith('"'):
            old[k] = set(prev.get((name, k), ()))
            prev.setdefault((name, k), set()).add(norm(v))
        if name == "sched_process_fork":
            if k not in FORK:
                continue
            k = FORK[k]
        elif name.startswith("sched_") and k in RENAME:
            k = RENAME[k]
        if name == "sched_switch" and k == "prev_state":
            v = state(v)
        kv[k] = norm(v)
    want.append((ts // 1000, cpu, name, kv, {k: o for k, o in old.items() if o}))
got = []
for l in rp:
    m = re.match(r'^\s*(.+)-(\d+|\?)\s+\[(\d{3})\]\s+(\d+)\.(\d{6}): (\S+):(.*)$', l)
    if not m:
        if not l.startswith("#") and not l.startswith("CPU:"):
            sys.exit("not an ftrace line: " + l)
        continue
    us = int(m.group(4)) * 1000000 + int(m.group(5))
    kv = {}
    for k, v in re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', m.group(7)):
        kv[k] = norm(v)
    got.append((us, int(m.group(3)), m.group(6), kv))
if len(want) != len(got):
    sys.exit("babeltrace2 lists %d events, report %d" % (len(want), len(got)))
# By time and CPU alone: the sort is stable, and within one CPU both list
# the stream's order.
key = lambda e: (e[0], e[1])
for w, g in zip(sorted(want, key=key), sorted(got, key=key)):
    if w[:3] != g[:3]:
        sys.exit("event differs: %r vs %r" % (w, g))
    for k, v in w[3].items():
        if k in g[3] and g[3][k] == "" and v in w[4].get(k, ()):
            continue
        if k in g[3] and g[3][k] != v and not (k == "target_cpu" and int(g[3][k]) == int(v)):
            sys.exit("%s %s: babeltrace2 %s, report %s" % (w[2], k, v, g[3][k]))
        if k not in g[3] and w[2] in ("sched_switch", "sched_wakeup") and k not in ("prev_prio", "next_prio", "prio"):
            sys.exit("%s: report lacks %s" % (w[2], k))
print(len(got))
EOF

cat >"$W/chrome.py" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
CPU = 4194304
names = {(e["pid"], e["tid"]) for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
tracks = {}
for e in ev:
    if e["ph"] == "X":
        assert e["dur"] >= 0, e
        assert (e["pid"], e["tid"]) in names, ("no thread name", e)
        tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], e["name"]))
    elif e["ph"] == "i":
        assert e["s"] in ("t", "g", "p"), e
    elif e["ph"] != "M":
        sys.exit("unexpected phase %r" % e)
n = 0
for (pid, tid), sl in tracks.items():
    sl.sort(key=lambda s: (s[0], -s[1]))
    stack = []
    for a, z, nm in sl:
        while stack and stack[-1] <= a + 1e-9:
            stack.pop()
        if stack and z > stack[-1] + 1e-9:
            sys.exit("slice %s [%f, %f] on %d/%d overlaps one it does not nest in" % (nm, a, z, pid, tid))
        if pid == CPU and stack:
            sys.exit("CPU %d runs two threads at %f" % (tid - CPU - 1, a))
        stack.append(z)
        n += 1
print(n)
EOF

for t in "${traces[@]}"; do
	D=$W/$t
	if ! "$FERRET" report "$D" >"$W/$t.report" 2>"$W/$t.err"; then
		bad "$t: report" "$(cat "$W/$t.err")"
		continue
	fi
	if command -v babeltrace2 >/dev/null; then
		babeltrace2 --clock-cycles --no-delta "$D" >"$W/$t.bt" 2>/dev/null
		if out=$($PY "$W/bt_vs_report.py" "$W/$t.bt" "$W/$t.report" 2>&1); then
			ok "$t: babeltrace2's $out events are report's lines, fields equal"
		else
			bad "$t: babeltrace2 vs report" "$out"
		fi
	else
		skp "$t: babeltrace2 vs report" "babeltrace2 is not installed"
	fi
	if "$FERRET" report --summary "$D" >"$W/$t.sum" 2>"$W/$t.err" &&
		grep -q '^ *TID  *PID COMM  *RUNNING  *RUNNABLE  *BLOCKED' "$W/$t.sum"; then
		ok "$t: report --summary"
	else
		bad "$t: report --summary" "$(cat "$W/$t.err" "$W/$t.sum" | head -5)"
	fi
	if "$FERRET" convert "$D" -f chrome -o "$W/$t.json" 2>"$W/$t.err" &&
		out=$($PY "$W/chrome.py" "$W/$t.json" 2>&1); then
		ok "$t: Chrome JSON parses, $out slices nest per thread and CPU"
	else
		bad "$t: Chrome JSON" "$(cat "$W/$t.err") $out"
	fi
	if ! "$FERRET" timeline "$D" -o "$W/$t.html" 2>"$W/$t.err"; then
		bad "$t: timeline" "$(cat "$W/$t.err")"
	elif grep -qE 'https?:|<link| src=|@import|url\(' "$W/$t.html"; then
		bad "$t: timeline" "refers to something external"
	elif ! command -v node >/dev/null; then
		skp "$t: timeline script" "node is not installed"
	else
		sed -n '/^<script>$/,/^<\/script>$/p' "$W/$t.html" | sed '1d;$d' >"$W/$t.js"
		if out=$(node --check "$W/$t.js" 2>&1); then
			ok "$t: timeline self-contained, its script parses"
		else
			bad "$t: timeline script" "$out"
		fi
	fi
done

# The kernel's own text for the same event kinds (not the same events).
TR=/sys/kernel/tracing
if [ "$(id -u)" != 0 ] || [ ! -d $TR/instances ] || [ ! -f "$W/fixture.report" ]; then
	skp "field names as ftrace prints them" "needs root, tracefs and the fixture"
elif ! mkdir "$TR/instances/ferret-report-$$" 2>/dev/null; then
	skp "field names as ftrace prints them" "no tracefs instance"
else
	INST=$TR/instances/ferret-report-$$
	if echo 1 >"$INST/events/sched/sched_switch/enable" 2>/dev/null &&
		echo 1 >"$INST/events/sched/sched_wakeup/enable" 2>/dev/null; then
		sleep 0.05 & wait
		echo 0 >"$INST/tracing_on"
		shape() { grep -oE " (sched_switch|sched_wakeup): .*" "$1" | sed -E 's/=[^ ]*//g' | sort -u; }
		shape "$INST/trace" >"$W/k.shape"
		shape "$W/fixture.report" >"$W/f.shape"
		if [ -s "$W/k.shape" ] && cmp -s "$W/k.shape" "$W/f.shape"; then
			ok "field names as ftrace prints them: $(tr '\n' '|' <"$W/k.shape")"
		elif [ ! -s "$W/k.shape" ]; then
			skp "field names as ftrace prints them" "the kernel wrote no event"
		else
			bad "field names as ftrace prints them" "kernel $(cat "$W/k.shape") ours $(cat "$W/f.shape")"
		fi
	else
		skp "field names as ftrace prints them" "the host refuses to enable events"
	fi
fi

# Bad traces: every reader exits 1 with the file and offset, under ASan too.
if [ -f "$W/fixture/channel0_0" ]; then
	for f in "$FERRET" ${ASAN:+"$ASAN/ferret"}; do
		[ -x "$f" ] || continue
		n=0 bads=0
		size=$(stat -c %s "$W/fixture/channel0_0")
		for cut in 1 17 40 63 64 65 100 $((size / 2)) $((size - 1)); do
			rm -rf "$W/cut" && cp -r "$W/fixture" "$W/cut"
			truncate -s "$cut" "$W/cut/channel0_0"
			for cmd in "report" "report --summary" "convert -o $W/cut.json" "timeline -o $W/cut.html"; do
				n=$((n + 1))
				# shellcheck disable=SC2086
				ASAN_OPTIONS=detect_leaks=1 "$f" $cmd "$W/cut" >/dev/null 2>"$W/cut.err"
				rc=$?
				if [ $rc != 1 ] || ! grep -q "channel0_0: offset [0-9]*: " "$W/cut.err" ||
					grep -q "Sanitizer" "$W/cut.err"; then
					bads=$((bads + 1))
					echo "    $f $cmd (cut at $cut): rc $rc $(head -3 "$W/cut.err")"
				fi
			done
		done
		if [ $bads = 0 ]; then
			ok "$f: $n runs on truncated traces: exit 1, file and offset named"
		else
			bad "$f: truncated traces" "$bads of $n runs"
		fi
	done
fi

# A full disk: exit 1 and one line naming where the output went, for each
# reader and each way it leaves (lines gather in big writes, so the
# failure shows at the first of them or at the end).
if [ -f "$W/fixture/channel0_0" ]; then
	for f in "$FERRET" ${ASAN:+"$ASAN/ferret"}; do
		[ -x "$f" ] || continue
		bads=0
		for cmd in "report" "report --summary" "convert -f chrome" "timeline"; do
			# shellcheck disable=SC2086
			ASAN_OPTIONS=detect_leaks=1 "$f" $cmd -o /dev/full "$W/fixture" >/dev/null 2>"$W/full.err"
			rc=$?
			if [ $rc != 1 ] || [ "$(wc -l <"$W/full.err")" != 1 ] ||
				! grep -qx "ferret ${cmd%% *}: writing /dev/full: No space left on device" "$W/full.err"; then
				bads=$((bads + 1))
				echo "    $f $cmd -o /dev/full: rc $rc $(head -3 "$W/full.err")"
			fi
		done
		if [ $bads = 0 ]; then
			ok "$f: -o /dev/full: exit 1, one line naming the file"
		else
			bad "$f: -o /dev/full" "$bads of 4 runs"
		fi
	done
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
