#!/bin/bash
# Regenerates NAME.out from NAME.bt with the installed bpftrace (0.17,
# as root); json_* cases run with -f json.  The "Attaching" line is
# dropped, stderr is not kept.
set -u
cd "$(dirname "$0")"
for bt in ${@:-*.bt}; do
	bt=${bt%.bt}.bt
	opt=()
	[[ $bt == json_* ]] && opt=(-f json)
	bpftrace "${opt[@]}" "$bt" 2>/dev/null | tail -n +2 >"${bt%.bt}.out"
done
