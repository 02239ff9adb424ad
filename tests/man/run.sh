#!/bin/bash
# The man pages: each renders without a warning, and every option the
# matching --help lists is in it.
set -u
BUILD=${1:-build}
F=$BUILD/ferret
HERE=$(cd "$(dirname "$0")" && pwd)
MAN=$HERE/../../man
pass=0 fail=0 skip=0

if ! command -v man >/dev/null; then
	echo "skip man: man is not installed"
	echo "man: 0 passed, 0 failed, 7 skipped"
	exit 0
fi
for page in ferret ferret-strace ferret-profile ferret-dtrace ferret-stat ferret-record ferret-report; do
	case $page in
	ferret) help=$("$F" -h 2>&1) ;;
	ferret-strace) help=$("$F" strace -h 2>&1) ;;
	ferret-profile) help=$("$F" profile -h 2>&1) ;;
	ferret-dtrace) help=$("$F" dtrace -h 2>&1) ;;
	ferret-stat) help=$("$F" stat -h 2>&1) ;;
	ferret-record) help=$("$F" record -h 2>&1) ;;
	ferret-report) help=$("$F" report -h 2>&1; "$F" convert -h 2>&1; "$F" timeline -h 2>&1) ;;
	esac
	warn=$(MANWIDTH=80 man --warnings -E UTF-8 -l "$MAN/$page.1" 2>&1 >/dev/null)
	text=$(MANWIDTH=200 man -E UTF-8 -l "$MAN/$page.1" 2>/dev/null | col -b)
	missing=
	# Options as --help lists them: a dash and letters at a line's start.
	for opt in $(printf '%s\n' "$help" | grep -oE '^ +-{1,2}[a-zA-Z][a-zA-Z-]*' | tr -d ' ' | sort -u); do
		printf '%s\n' "$text" | grep -qE -- "(^|[ ,])$opt([][ ,=]|$)" || missing="$missing $opt"
	done
	if [ -n "$warn" ]; then
		echo "FAIL man_$page: renders with warnings: $(echo "$warn" | head -2)"
		fail=$((fail + 1))
	elif [ -n "$missing" ]; then
		echo "FAIL man_$page: --help options missing from the page:$missing"
		fail=$((fail + 1))
	elif [ -z "$text" ]; then
		echo "FAIL man_$page: renders empty"
		fail=$((fail + 1))
	else
		echo "ok man_$page"
		pass=$((pass + 1))
	fi
done
echo "man: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
