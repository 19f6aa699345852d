#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_report_browser.sh: the HTML report of a real sweep and of a two-set
# comparison, loaded by headless Chromium: after the scripts ran, the DOM
# holds one SVG per chart, one table per test and set, the findings and the
# buttons the script adds; Chromium logs no console message and its net
# log shows no request from the page; a screenshot is taken (kept in
# $REPORT_SHOTS when set, for a person to look at).  A control page with
# a console error and an external image proves both detectors see them.
# Skips when Chromium or gnuplot is missing ($CHROMIUM names the browser).
. "$(dirname "$0")/lib.sh"

BROWSER=${CHROMIUM:-}
if [ -z "$BROWSER" ]; then
	for b in chromium chromium-browser google-chrome; do
		command -v "$b" >/dev/null 2>&1 && { BROWSER=$b; break; }
	done
fi
[ -n "$BROWSER" ] || skip "Chromium is not installed (apt-get install chromium)"
command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"

count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# browse OUT PAGE [extra flags...]: load PAGE, DOM in OUT.dom, log in OUT.log,
# net log in OUT.net.  The flags keep Chromium from any traffic of its own
# that could be avoided, and from needing a sandbox, GPU or D-Bus.
browse() {
	out=$1 page=$2
	shift 2
	prof=$(mktemp -d "$T/profile.XXXXXX")
	timeout 180 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --user-data-dir="$prof" \
		--enable-logging=stderr --v=0 --log-net-log="$out.net" \
		--virtual-time-budget=5000 "$@" "file://$page" >"$out.dom" 2>"$out.log"
	RC=$?
}

# Requests the page made: net-log events of the page's own network
# isolation key (file://), which Chromium's own traffic never carries.
page_requests() {
	grep '"network_isolation_key":"file://' "$1.net" | grep -o '"url":"[^"]*"' | sort -u
}

# Console messages (any level) of a page, as Chromium logs them.
console_lines() {
	grep 'CONSOLE' "$1.log"
}

# --- the control page: both detectors must fire --------------------------------
cat > "$T/control.html" <<'EOF'
<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>control</title>
<link rel="icon" href="data:,"></head><body><p>control</p>
<img src="http://iosweep-control.invalid/x.png" alt="">
<script>console.error("iosweep control error");</script></body></html>
EOF
browse "$T/control" "$T/control.html" --dump-dom
check [ "$RC" -eq 0 ]
check grep -q '<p>control</p>' "$T/control.dom"
check grep -q 'iosweep control error' "$T/control.log"
page_requests "$T/control" | grep -q 'iosweep-control.invalid' && pass ||
	fail "the net log does not show the control page's request"

# --- a real sweep: its --report, loaded ---------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 512k -i 0 -i 1 --trials 2 --label "Box A" \
	-f "$T/t1" --out "$T/a" --report --quiet
expect_success "$IOSWEEP" plot "$T/a" --no-render --out "$T/a-plots"
charts_a=$(ls "$T/a-plots"/*.gp | wc -l | tr -d ' ')
check [ "$charts_a" -ge 8 ]

check_page() {   # NAME PAGE CHARTS GRIDS
	browse "$T/$1" "$2" --dump-dom
	check [ "$RC" -eq 0 ]
	D="$T/$1.dom"
	check grep -q '<section id="findings">' "$D"
	check grep -q '<h2>Findings</h2>' "$D"
	check [ "$(count '<svg role="img"' "$D")" = "$3" ]
	check [ "$(count '</svg>' "$D")" = "$3" ]
	check [ "$(count '<table class="grid' "$D")" = "$4" ]
	# the script ran to its end: one button per grid with trials
	check [ "$(count '<button type="button">Show all trials</button>' "$D")" = "$(count '<table class="grid"' "$D")" ]
	if console_lines "$T/$1" >/dev/null; then
		fail "console messages from $1:"; console_lines "$T/$1" | head -n 5
	else
		pass
	fi
	reqs=$(page_requests "$T/$1")
	if [ -n "$reqs" ]; then fail "$1 made requests: $reqs"; else pass; fi
	check grep -q '"events"' "$T/$1.net"   # the net log was written
}
check_page single "$T/a/report.html" "$charts_a" 4
for t in write rewrite read reread; do
	check [ "$(count "<table class=\"grid\" data-test=\"$t\"" "$T/single.dom")" = 1 ]
done

# --- two sets: the comparison ------------------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 512k -i 0 -i 1 --trials 2 --data zero \
	--label "Box B" -f "$T/t2" --out "$T/b" --quiet
expect_success "$IOSWEEP" report "$T/a" "$T/b" --out "$T/cmp.html"
expect_success "$IOSWEEP" plot "$T/a" "$T/b" --no-render --out "$T/cmp-plots"
charts_c=$(ls "$T/cmp-plots"/*.gp | wc -l | tr -d ' ')
check_page compare "$T/cmp.html" "$charts_c" 12
check grep -q '<table class="sortable verdict"' "$T/compare.dom"
check grep -q '<th scope="col" title="sort by this column">test</th>' "$T/compare.dom"

# --- the script's two jobs, clicked: sort the verdicts, open every trial --------
# (the third column is the geometric mean; a click sorts it ascending)
sed 's|</body>|<script>document.querySelector("table.sortable thead th:nth-child(3)").click();document.querySelectorAll("table.grid").forEach(function(t){var b=t.parentNode.previousElementSibling;if(b\&\&b.tagName==="BUTTON")b.click();});</script></body>|' \
	"$T/cmp.html" > "$T/clicked.html"
browse "$T/clicked" "$T/clicked.html" --dump-dom
check [ "$RC" -eq 0 ]
D="$T/clicked.dom"
check [ "$(count '<details open="">' "$D")" -gt 0 ]
check [ "$(count '<details>' "$D")" = 0 ]
check [ "$(count '>Hide the trials</button>' "$D")" = 8 ]
sed -n '/<table class="sortable verdict"/,/<\/table>/p' "$D" |
	grep -o '<th scope="row">[^<]*</th><td data-v="[^"]*">[^<]*</td><td data-v="[^"]*"' |
	sed 's/.*data-v="\([^"]*\)"$/\1/' > "$T/geo"
check [ "$(wc -l < "$T/geo")" = 4 ]
check sort -g -c "$T/geo"
if console_lines "$T/clicked" >/dev/null; then fail "console messages after the clicks"; else pass; fi

# --- what a person sees: screenshots ------------------------------------------
browse "$T/shot" "$T/cmp.html" --window-size=1200,3000 --screenshot="$T/compare.png"
check [ "$RC" -eq 0 ]
check [ "$(od -An -tx1 -N8 "$T/compare.png" | tr -d ' \n')" = 89504e470d0a1a0a ]
check [ "$(wc -c < "$T/compare.png")" -gt 50000 ]
if [ -n "${REPORT_SHOTS:-}" ]; then
	mkdir -p "$REPORT_SHOTS" && cp "$T/compare.png" "$T/cmp.html" "$T/a/report.html" "$REPORT_SHOTS/"
fi

finish
