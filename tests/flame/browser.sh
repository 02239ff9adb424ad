#!/bin/bash
# Opens an SVG in headless Chromium.
#
#   browser.sh screenshot FILE.svg OUT.png [QUERY]   PNG of the page, the
#                                                   window sized to the SVG
#   browser.sh dom FILE.svg [QUERY]                  the DOM after the
#                                                   page's script ran
#
# QUERY is the URL's query string without "?", e.g. "s=read&z=3" (the
# flame graph's search and zoom).  Each run gets a profile directory of
# its own, so runs do not find each other's browser.
set -u
mode=$1 svg=$(realpath "$2")
if [ "$mode" = screenshot ]; then
	png=$3 query=${4:-}
else
	query=${3:-}
fi
browser=$(command -v chromium || command -v chromium-browser) || {
	echo "browser.sh: chromium is not installed" >&2
	exit 2
}
profile=$(mktemp -d /tmp/ferret-chromium-XXXXXX)
trap 'rm -rf "$profile"' EXIT
url="file://$svg${query:+?$query}"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars
       --no-first-run --user-data-dir="$profile")
if [ "$mode" = screenshot ]; then
	w=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)".*/\1/p' "$svg")
	h=$(sed -n 's/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$svg")
	rm -f "$png"
	timeout 60 "$browser" "${flags[@]}" --window-size="${w:-1200},${h:-800}" \
		--screenshot="$png" "$url" >/dev/null 2>&1
	[ -s "$png" ]
else
	timeout 60 "$browser" "${flags[@]}" --dump-dom "$url" 2>/dev/null
fi
