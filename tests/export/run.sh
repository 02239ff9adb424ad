#!/bin/bash
# --export: maps served to Prometheus and written for node_exporter, on
# real probes.  The scrapes are checked by promtool, and by a real
# Prometheus server that scrapes ferret and answers queries; the textfile
# by node_exporter's textfile collector, which serves it; bad HTTP
# requests and bad options get their answers without harming the run.
# Root.  Failing option runs also go through the ASan/UBSan build when
# one is named.
#   tests/export/run.sh [BUILD] [ASAN_BUILD]
set -u
BUILD=${1:-build}
ASAN=${2:-}
FERRET=$BUILD/ferret
WL=$(readlink -f "$BUILD/tests/workload")
pass=0 fail=0 skip=0
W=$(mktemp -d)
FPID=
cleanup() {
	[ -n "$FPID" ] && kill -INT "$FPID" 2>/dev/null
	[ -n "${PPID2:-}" ] && kill "$PPID2" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$W"
}
trap cleanup EXIT

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }

if [ "$(id -u)" != 0 ]; then
	echo "skip all: needs root"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

# A port nothing listens on, from the ephemeral range's top.
free_port() {
	local p
	for p in $(seq "$1" $(($1 + 200))); do
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
}

# Waits (up to 10 s, polling) until URL answers.
wait_http() {
	local i
	for i in $(seq 200); do
		curl -sf -o /dev/null "$1" && return 0
		kill -0 "$FPID" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

PORT=$(free_port 19435)
URL=http://127.0.0.1:$PORT/metrics
PROG='tracepoint:syscalls:sys_enter_getppid /comm == "workload"/ {
	@calls[comm] = count(); @sizes = hist(args->__syscall_nr * 100); @lin[pid] = lhist(7, 0, 20, 5);
	@biggest = max(3); @mean = avg(10);
}'
"$FERRET" -q --export "prometheus=127.0.0.1:$PORT" -e "$PROG" >"$W/out" 2>"$W/err" &
FPID=$!
if ! wait_http "$URL"; then
	bad "exporter listening" "$(cat "$W/err")"
	echo "$pass passed, $fail failed, $skip skipped"
	exit 1
fi
ok "exporter listening on 127.0.0.1:$PORT"
"$WL" getppid 1000
curl -sf "$URL" >"$W/m1" || bad "scrape" "curl failed"
grep -qx 'ferret_calls_total{comm="workload"} 1000' "$W/m1" &&
	ok "count() a counter with the key's builtin as its label" ||
	bad "count() value" "$(grep calls "$W/m1")"
# getppid is call 110: hist(11000) lands in [8192, 16384).
grep -qx 'ferret_sizes_bucket{le="8191"} 0' "$W/m1" &&
	grep -qx 'ferret_sizes_bucket{le="16383"} 1000' "$W/m1" &&
	grep -qx 'ferret_sizes_bucket{le="+Inf"} 1000' "$W/m1" &&
	grep -qx 'ferret_sizes_sum 11000000' "$W/m1" &&
	grep -qx 'ferret_sizes_count 1000' "$W/m1" &&
	ok "hist(): cumulative buckets at bpftrace's edges, _sum from its own slot, _count" ||
	bad "hist()" "$(grep sizes "$W/m1" | grep -v ' 0$' | head)"
grep -Eq '^ferret_lin_bucket\{pid="[0-9]+",le="9"\} 1000$' "$W/m1" &&
	grep -Eq '^ferret_lin_sum\{pid="[0-9]+"\} 7000$' "$W/m1" &&
	ok "lhist(): a bucket at each step, labelled by pid" ||
	bad "lhist()" "$(grep lin "$W/m1" | head -4)"
grep -qx 'ferret_biggest 3' "$W/m1" && grep -qx 'ferret_mean_count 1000' "$W/m1" &&
	grep -qx 'ferret_mean_sum 10000' "$W/m1" &&
	ok "max() a gauge, avg() a summary's _sum and _count" ||
	bad "max(), avg()" "$(grep -E 'biggest|mean' "$W/m1")"
if command -v promtool >/dev/null; then
	promtool check metrics <"$W/m1" >"$W/lint" 2>&1 &&
		ok "promtool accepts the scrape" || bad "promtool" "$(head -5 "$W/lint")"
else
	skipped "promtool" "not installed (apt-get install prometheus)"
fi

# Requests a scraper should never send: answered, and the run goes on.
req() { printf "$1" | timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT; cat >&3; head -1 <&3" 2>/dev/null | tr -d '\r'; }
[ "$(req 'POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n')" = "HTTP/1.1 405 Method Not Allowed" ] &&
	[ "$(req 'GET /nothing HTTP/1.1\r\n\r\n')" = "HTTP/1.1 404 Not Found" ] &&
	[ "$(req 'hello\r\n\r\n')" = "HTTP/1.1 400 Bad Request" ] &&
	[ "$(req 'GET /metrics HTTP/3.0\r\n\r\n')" = "HTTP/1.1 505 HTTP Version Not Supported" ] &&
	ok "bad requests: 405, 404, 400, 505" || bad "bad requests" "$(req 'POST /metrics HTTP/1.1\r\n\r\n')"
big=$(head -c 9000 /dev/zero | tr '\0' a)
[ "$(req "GET /metrics HTTP/1.1\r\nX: $big\r\n\r\n")" = "HTTP/1.1 431 Request Header Fields Too Large" ] &&
	ok "a head past 8 KiB: 431" || bad "long head" "$(req "GET /metrics HTTP/1.1\r\nX: $big\r\n\r\n")"
# Clients that connect and say nothing hold nobody up.
for i in $(seq 80); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT"; sleep 3) 2>/dev/null & done
sleep 0.2
start=$(date +%s%N)
curl -sf -m 5 "$URL" >"$W/m2" && grep -q '^ferret_calls_total' "$W/m2" &&
	ok "80 silent connections open: a scrape still answers ($(( ($(date +%s%N) - start) / 1000000 )) ms)" ||
	bad "silent connections" "no answer"
head -c 4096 /dev/urandom | timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT; cat >&3" 2>/dev/null
curl -sf -o /dev/null -I "$URL" && kill -0 "$FPID" &&
	ok "random bytes, then HEAD: still serving" || bad "random bytes" "exporter gone"

# A real Prometheus scrapes ferret and answers a query on what it saw.
if command -v prometheus >/dev/null; then
	PPORT=$(free_port 19600)
	cat >"$W/prom.yml" <<EOF
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: ferret
    static_configs:
      - targets: ['127.0.0.1:$PORT']
EOF
	prometheus --config.file="$W/prom.yml" --storage.tsdb.path="$W/tsdb" \
		--web.listen-address="127.0.0.1:$PPORT" >"$W/prom.log" 2>&1 &
	PPID2=$!
	got=
	for i in $(seq 150); do
		got=$(curl -sf "http://127.0.0.1:$PPORT/api/v1/query?query=ferret_calls_total" |
		      grep -o '"value":\[[0-9.]*,"[0-9]*"\]' | grep -o '"[0-9]*"\]' | tr -d '"]')
		[ -n "$got" ] && break
		sleep 0.1
	done
	[ "$got" = 1000 ] && ok "Prometheus scraped ferret: ferret_calls_total = 1000" ||
		bad "Prometheus query" "got '$got'; $(tail -3 "$W/prom.log")"
	q=$(curl -sf "http://127.0.0.1:$PPORT/api/v1/query" --data-urlencode 'query=histogram_quantile(0.5, ferret_sizes_bucket)' |
	    grep -o '"value":\[[0-9.]*,"[^"]*"\]' | sed 's/.*,"//; s/"\]//')
	[ -n "$q" ] && awk -v q="$q" 'BEGIN { exit !(q > 8191 && q <= 16383) }' &&
		ok "histogram_quantile over the buckets: $q, within [8192, 16383]" ||
		bad "histogram_quantile" "got '$q'"
	kill "$PPID2" 2>/dev/null
	wait "$PPID2" 2>/dev/null
	PPID2=
else
	skipped "Prometheus scrape" "prometheus not installed"
fi

kill -INT "$FPID"
wait "$FPID"
rc=$?
FPID=
[ "$rc" = 0 ] && grep -q '^@calls\[workload\]: 1000$' "$W/out" &&
	! grep -q 'nan\|18446744073709551615' "$W/out" &&
	[ "$(sed -n '/^@sizes:/,/^$/p' "$W/out" | grep -c '^\[')" = 1 ] &&
	grep -Eq '^\[8K, 16K\) +1000 \|' "$W/out" &&
	ok "Ctrl-C: exit 0 and the maps printed as usual, no sum bucket shown" ||
	bad "end of run" "rc $rc; $(head -5 "$W/out") $(cat "$W/err")"

# textfile: written whole (renamed into place) while running and at the end.
TF=$W/node/ferret.prom
mkdir -p "$W/node"
"$FERRET" -q --export "textfile=$TF" --export-interval 0.1 --label @calls=process \
	-e "$PROG" >"$W/out" 2>"$W/err" &
FPID=$!
for i in $(seq 200); do [ -s "$TF" ] && break; sleep 0.05; done
[ -s "$TF" ] && ok "textfile written while running" || bad "textfile" "$(cat "$W/err")"
"$WL" getppid 300
kill -INT "$FPID"
wait "$FPID"
FPID=
grep -qx 'ferret_calls_total{process="workload"} 300' "$TF" &&
	ok "textfile at the end: the last counts, --label naming the key" ||
	bad "textfile contents" "$(grep calls "$TF")"
[ "$(ls "$W/node")" = ferret.prom ] && ok "no temporary file left beside it" ||
	bad "textfile leftovers" "$(ls "$W/node")"
if command -v promtool >/dev/null; then
	promtool check metrics <"$TF" >"$W/lint" 2>&1 &&
		ok "promtool accepts the textfile" || bad "promtool textfile" "$(head -3 "$W/lint")"
fi
# node_exporter's textfile collector reads the file and serves its series.
if command -v prometheus-node-exporter >/dev/null; then
	NPORT=$(free_port 19700)
	prometheus-node-exporter --collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$W/node" \
		--web.listen-address="127.0.0.1:$NPORT" >"$W/ne.log" 2>&1 &
	PPID2=$!
	: >"$W/ne.txt"
	for i in $(seq 200); do
		curl -sf -o "$W/ne.txt" "http://127.0.0.1:$NPORT/metrics" && break
		kill -0 "$PPID2" 2>/dev/null || break
		sleep 0.05
	done
	grep -qx 'ferret_calls_total{process="workload"} 300' "$W/ne.txt" &&
		grep -qx 'node_textfile_scrape_error 0' "$W/ne.txt" &&
		ok "node_exporter serves the textfile's series, no scrape error" ||
		bad "node_exporter textfile" "$(grep 'ferret_calls\|textfile_scrape' "$W/ne.txt") $(tail -3 "$W/ne.log")"
	kill "$PPID2" 2>/dev/null
	wait "$PPID2" 2>/dev/null
	PPID2=
else
	skipped "node_exporter textfile" "prometheus-node-exporter not installed"
fi

# Bad options: a located reason and a non-zero exit, with nothing loaded.
opt_err() {	# NAME WANT_STDERR ARGS...
	local name=$1 want=$2 f
	shift 2
	for f in "$FERRET" ${ASAN:+"$ASAN/ferret"}; do
		timeout 20 "$f" "$@" >"$W/o" 2>"$W/e"
		rc=$?
		if [ "$rc" = 0 ] || [ "$rc" -ge 124 ] || ! grep -qF -- "$want" "$W/e" ||
		   grep -q 'Sanitizer\|runtime error' "$W/e"; then
			bad "$name ($f)" "rc $rc: $(head -3 "$W/e")"
			return
		fi
	done
	ok "$name"
}
opt_err "--export with an unknown kind" "expected prometheus[=ADDRESS] or textfile=PATH" \
	--export graphite=x -e 'BEGIN { exit(); }'
opt_err "--export prometheus= without an address" "needs an address" \
	--export prometheus= -e 'BEGIN { exit(); }'
opt_err "a port that is not one" "is not a port" \
	--export prometheus=127.0.0.1:99999 -e 'BEGIN { exit(); }'
nc_port=$(free_port 19800)
python3 -c "import socket,time,sys; s=socket.socket(); s.bind(('127.0.0.1',$nc_port)); s.listen(); time.sleep(15)" &
HOLD=$!
for i in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$nc_port") 2>/dev/null && break; sleep 0.05; done
opt_err "a port already taken" "Address already in use" \
	--export "prometheus=127.0.0.1:$nc_port" -e 'BEGIN { exit(); }'
kill "$HOLD" 2>/dev/null
opt_err "--label for a map the program lacks" "the program has no map @nope" \
	--export "textfile=$W/x.prom" --label @nope=a -e 'BEGIN { @x[1] = count(); exit(); }'
opt_err "--label without --export" "--label names the labels of --export" \
	--label @x=a -e 'BEGIN { exit(); }'
opt_err "--label without @MAP=" "expected @MAP=NAME" \
	--export "textfile=$W/x.prom" --label x -e 'BEGIN { exit(); }'
opt_err "--export-interval out of range" "expected seconds" \
	--export "textfile=$W/x.prom" --export-interval 0 -e 'BEGIN { exit(); }'
opt_err "a textfile in a directory that does not exist" "cannot write $W/none/x.prom" \
	--export "textfile=$W/none/x.prom" -e 'BEGIN { @x = count(); exit(); }'

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
