#!/bin/bash
# ferret convert -f chrome read by a real parser of the format: the
# Chrome DevTools Performance panel's trace engine (npm
# @paulirish/trace_engine, pinned below, installed into a temporary
# directory; skipped when npm cannot fetch it).  As root, records
# "workload threads N" (the main thread calls getppid N times while a
# second thread calls getuid N times), converts the trace, runs
# tests/record/chrome_engine.mjs over the JSON and checks: the engine
# reports no error or warning; no unmatched begin/end; it finds as many
# slices as the file has X events and B/E pairs, each on the thread
# (pid, tid) the file puts it on, with its name; no slice overlaps
# another it does not nest in; both threads under the workload's pid
# and their tids, named "workload"; the N getppid slices on the main
# thread and the N getuid slices on the other, none elsewhere, all kept
# in the engine's tree; the CPU tracks show the workload running.
#   tests/record/chrome_engine.sh [BUILD]
set -u
BUILD=${1:-build}
FERRET=$BUILD/ferret
WL=$BUILD/tests/workload
here=$(dirname "$0")
ENGINE=@paulirish/trace_engine
ENGINE_VERSION=0.0.65
CPU_PID=4194304		# CHROME_CPU_PID, src/record/chrome.h
N=50
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$here/../lib.sh"

# Stops with all checks skipped for REASON.
give_up() {
	skipped all "$1"
	summary chrome-engine
	exit 0
}
[ "$(id -u)" = 0 ] || give_up "needs root"
"$FERRET" record -h 2>&1 | grep -q 'ferret record' ||
	give_up "$FERRET has no ferret record"
command -v node >/dev/null || give_up "node is not installed (apt-get install nodejs)"
command -v npm >/dev/null || give_up "npm is not installed (apt-get install npm)"
[ -x "$WL" ] || make -s "$WL" BUILD="$BUILD" >/dev/null

# The engine at an exact version; its own dependencies are declared as
# "latest", so they are pinned too.  No install scripts are run.
mkdir -p "$W/npm"
cat >"$W/npm/package.json" <<EOF
{"private": true,
 "dependencies": {"$ENGINE": "$ENGINE_VERSION"},
 "overrides": {"third-party-web": "0.30.0", "legacy-javascript": "0.0.1"}}
EOF
if ! timeout 300 npm install --prefix "$W/npm" --no-audit --no-fund --ignore-scripts \
	--no-package-lock --no-update-notifier --loglevel=error \
	--fetch-retries=1 --fetch-timeout=30000 >"$W/npm.log" 2>&1; then
	give_up "cannot install $ENGINE@$ENGINE_VERSION from npm: $(grep -m1 -i error "$W/npm.log")"
fi

if ! timeout 60 "$FERRET" record -q -o "$W/t.ctf" -e sched -e syscalls \
	-c "$WL threads $N" >"$W/rec.out" 2>"$W/rec.err"; then
	bad "record" "$(head -3 "$W/rec.err")"
	summary chrome-engine
	exit
fi
main=$(awk '$1 == "main" { print $2 }' "$W/rec.out")
other=$(awk '$1 == "thread" { print $2 }' "$W/rec.out")
if [ -z "$main" ] || [ -z "$other" ] || [ "$main" = "$other" ]; then
	bad "record" "the workload did not print its two threads: $(head -3 "$W/rec.out")"
	summary chrome-engine
	exit
fi
if ! "$FERRET" convert "$W/t.ctf" -f chrome -o "$W/t.json" 2>"$W/conv.err"; then
	bad "convert" "$(head -3 "$W/conv.err")"
	summary chrome-engine
	exit
fi

# The file's own slices without the engine: per pid, tid and name, the
# X events and B/E pairs (an E closes its thread's innermost open B);
# then the unmatched begins and ends.
node -e '
const ev = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).traceEvents;
const n = new Map(), open = new Map();
let bad = 0;
const add = (e) => { const k = [e.pid, e.tid, e.name].join("\t"); n.set(k, (n.get(k) || 0) + 1); };
for (const e of ev) {
	const t = e.pid + "/" + e.tid;
	if (e.ph === "X") add(e);
	else if (e.ph === "B") { if (!open.has(t)) open.set(t, []); open.get(t).push(e); }
	else if (e.ph === "E") {
		const b = (open.get(t) || []).pop();
		if (!b || (e.name !== undefined && e.name !== b.name)) bad++; else add(b);
	}
}
for (const s of open.values()) bad += s.length;
for (const [k, c] of n) console.log(k + "\t" + c);
console.log("unmatched\t" + bad);
' "$W/t.json" >"$W/file.txt" 2>&1
grep -v '^unmatched' "$W/file.txt" | sort >"$W/file.slices"
file_slices=$(awk -F'\t' '{ s += $4 } END { print s + 0 }' "$W/file.slices")
file_unmatched=$(awk -F'\t' '$1 == "unmatched" { print $2 }' "$W/file.txt")

node "$here/chrome_engine.mjs" "$W/npm" "$W/t.json" >"$W/engine.txt" 2>"$W/engine.err"
rc=$?
if [ "$rc" = 2 ]; then
	bad "engine" "cannot load $ENGINE or the file: $(head -3 "$W/engine.err")"
	summary chrome-engine
	exit
fi
# sum KEY: a value of the engine's summary line.
sum() {
	grep '^summary' "$W/engine.txt" | tr '\t' '\n' | awk -F= -v k="$1" '$1 == k { print $2 }'
}
# is NAME GOT WANT [DETAIL]
is() {
	if [ "$2" = "$3" ]; then ok "$1"; else bad "$1" "got '$2', want '$3'${4:+; $4}"; fi
}
# thread PID TID: the engine's name, slices and slices in its tree.
thread() {
	awk -F'\t' -v p="$1" -v t="$2" '$1 == "thread" && $2 == p && $3 == t { print $4 "|" $5 "|" $6 }' "$W/engine.txt"
}
# slices NAME [PID TID]: how many NAME slices the engine has there (or
# anywhere when no thread is given).
slices() {
	awk -F'\t' -v n="$1" -v p="${2:-}" -v t="${3:-}" '
		$1 == "slice" && $4 == n && (p == "" || ($2 == p && $3 == t)) { s += $5 }
		END { print s + 0 }' "$W/engine.txt"
}

echo "# $(grep '^engine' "$W/engine.txt" | tr '\t' ' '), main $main, thread $other"
engine_errors=$(grep '^error' "$W/engine.txt" | cut -f2- | head -3)
if [ "$rc" = 0 ] && [ "$(sum errors)" = 0 ]; then
	ok "the engine parses the JSON without an error ($(sum events) events)"
else
	bad "the engine parses the JSON" "exit $rc: $engine_errors $(head -3 "$W/engine.err")"
fi
is "no engine warnings" "$(sum warnings)" 0 "$(grep '^warning' "$W/engine.txt" | cut -f2- | head -3)"
is "no unmatched begin/end (engine's reading: unmatched, mismatched)" \
	"$(sum unmatched) $(sum mismatched)" "0 0" \
	"$(grep -E '^(unmatched|mismatched)' "$W/engine.txt" | head -3 | tr '\t\n' ' ;')"
is "no unmatched begin/end (the file read apart)" "$file_unmatched" 0
is "the engine finds the file's $file_slices X events and B/E pairs" \
	"$(sum engine_slices) $(sum file_slices)" "$file_slices $file_slices"
awk -F'\t' '$1 == "slice" { print $2 "\t" $3 "\t" $4 "\t" $5 }' "$W/engine.txt" | sort >"$W/engine.slices"
if diff "$W/file.slices" "$W/engine.slices" >"$W/slices.diff"; then
	ok "every slice on the file's pid and tid, by name ($(wc -l <"$W/file.slices") thread-name pairs)"
else
	bad "every slice on the file's pid and tid" "$(head -4 "$W/slices.diff" | tr '\t\n' ' ;')"
fi
is "no slice overlaps one it does not nest in" "$(sum dropped_overlap)" 0 \
	"$(grep -P '^dropped.*\toverlap$' "$W/engine.txt" | head -3 | tr '\t\n' ' ;')"
# Slices that start at the nanosecond the previous one ends (a CPU's
# next thread) must not end past it in the engine's float sum ts + dur,
# or it leaves them out of its tree: ferret cuts such a dur by 1 ns.
is "the engine's tree keeps every slice ($(sum in_tree))" "$(sum dropped_rounding)" 0 \
	"$(grep -P '^dropped.*\trounding$' "$W/engine.txt" | head -2 | cut -f2-5 | tr '\t\n' ' ;')"

is "process $main named workload" \
	"$(awk -F'\t' -v p="$main" '$1 == "process" && $2 == p { print $3 }' "$W/engine.txt")" workload
m=$(thread "$main" "$main")
is "main thread $main under pid $main, named workload, its slices all in the tree" \
	"$(echo "$m" | awk -F'|' '{ print $1, ($2 == $3 && $2 > 0) }')" "workload 1" "$m"
o=$(thread "$main" "$other")
is "thread $other under pid $main, named workload, its slices all in the tree" \
	"$(echo "$o" | awk -F'|' '{ print $1, ($2 == $3 && $2 > 0) }')" "workload 1" "$o"
is "$N getppid slices on the main thread, none elsewhere" \
	"$(slices getppid "$main" "$main") $(slices getppid)" "$N $N"
is "$N getuid slices on thread $other, none elsewhere" \
	"$(slices getuid "$main" "$other") $(slices getuid)" "$N $N"
cpu=$(awk -F'\t' -v p="$CPU_PID" '$1 == "slice" && $2 == p && $4 == "workload" { s += $5 } END { print s + 0 }' "$W/engine.txt")
cpus=$(awk -F'\t' -v p="$CPU_PID" '$1 == "thread" && $2 == p && $4 ~ /^CPU [0-9]+$/' "$W/engine.txt" | wc -l)
is "CPU tracks named CPU n under pid $CPU_PID show the workload running" \
	"$([ "$cpus" -ge 1 ] && [ "$cpu" -ge 1 ] && echo yes)" yes "$cpus tracks, $cpu workload slices"
echo "# $(grep '^summary' "$W/engine.txt" | cut -f2- | tr '\t' ' ')"
summary chrome-engine
