#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_report.sh: the one-file HTML report without a browser: a real sweep's
# --report and `iosweep report` on result folders and IOzone reports; the
# page holds one chart per script `iosweep plot` writes, one table per test
# and set, the findings, the CSV files as data: links that decode back to
# the folder's bytes, and nothing that a browser would fetch; gnuplot
# missing; bad input.  (t_report_browser.sh loads the pages in Chromium.)
. "$(dirname "$0")/lib.sh"

IZ="$FIXTURES/iozone"
count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# Every src=, href= and CSS url() of a page: only data: and #fragments.
no_external() {
	bad=$(grep -o '\(src\|href\)="[^"]*"' "$1" | grep -v '^\(src\|href\)="\(data:\|#\)' | head -n 3)
	[ -z "$bad" ] || { echo "external reference in $1: $bad"; return 1; }
	bad=$(grep -o "\(src\|href\)='[^']*'" "$1" | grep -v "^\(src\|href\)='\(data:\|#\)" | head -n 3)
	[ -z "$bad" ] || { echo "external reference in $1: $bad"; return 1; }
	bad=$(grep -o 'url([^)]*)' "$1" | grep -v '^url(#' | head -n 3)
	[ -z "$bad" ] || { echo "external url() in $1: $bad"; return 1; }
	# the only http(s) text outside data: links: the SVG namespaces
	bad=$(sed 's/href="data:[^"]*"//g' "$1" | grep -o 'https\?://[^"'"'"' <]*' |
		grep -v '^http://www.w3.org/\(2000/svg\|1999/xlink\)$' | head -n 3)
	[ -z "$bad" ] || { echo "URL in $1: $bad"; return 1; }
}

# The data: link of the download named $2 in page $1, percent-decoded.
data_link() {
	sed -n 's/.*<a download="'"$2"'" href="data:text\/csv;charset=utf-8,\([^"]*\)".*/\1/p' "$1" |
	LC_ALL=C awk 'BEGIN { h = "0123456789ABCDEF" }
	{ out = ""; s = $0
	  while ((i = index(s, "%")) > 0) {
		out = out substr(s, 1, i - 1)
		printf "%s", out; out = ""
		printf "%c", (index(h, substr(s, i + 1, 1)) - 1) * 16 + index(h, substr(s, i + 2, 1)) - 1
		s = substr(s, i + 3)
	  }
	  printf "%s", out s }'
}

# --- a real sweep with --report ----------------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 512k -i 0 -i 1 --trials 2 --label "NAS <b>&'A'" \
	-f "$T/t1" --out "$T/a" --report --quiet
R="$T/a/report.html"
check test -s "$R"
check [ ! -e "$T/t1" ]
check grep -q '^<!DOCTYPE html>' "$R"
check grep -q '</html>$' "$R"
ls "$T/a" | grep -q '\.tmp\.' && fail "temporary file left in $T/a" || pass
# the label is text, never markup
check [ "$(count '<script' "$R")" = 1 ]
check grep -q '<h1>iosweep report: NAS &lt;b&gt;&amp;&#39;A&#39;</h1>' "$R"
# the header of the set
for dt in Date Host OS 'File system' RAM 'Command line' 'Data pattern' Trials Status; do
	check grep -q "<dt>$dt</dt>" "$R"
done
check grep -q '<dd>2 per cell</dd>' "$R"
check grep -q '<dt>Status</dt><dd>complete</dd>' "$R"
check grep -q 'zlib compression ratio 1.00' "$R"
# findings first: before the first test section
check grep -q '<section id="findings">' "$R"
f_line=$(grep -n '<section id="findings">' "$R" | cut -d: -f1)
t_line=$(grep -n '<section class="test"' "$R" | head -n 1 | cut -d: -f1)
check [ "$f_line" -lt "$t_line" ]
check grep -q '<h3>Cache cliffs</h3>' "$R"
check grep -q 'short_timing' "$R"
check grep -q 'page cache' "$R"
# one grid per test; a cell: shade, CI tooltip, trials behind <details>
for t in write rewrite read reread; do
	check [ "$(count "<table class=\"grid\" data-test=\"$t\" data-set=\"1\">" "$R")" = 1 ]
	check grep -q "<section class=\"test\" id=\"t-$t\">" "$R"
done
check [ "$(count '<table class="grid"' "$R")" = 4 ]
check grep -q '<td class="s[0-7]" title="95% CI [0-9]* to [0-9]* kB/s; n 2; cv [0-9.]*%"><details><summary>[0-9]*' "$R"
# the charts: one inline SVG per script `iosweep plot` writes for the folder
expect_success "$IOSWEEP" plot "$T/a" --no-render --out "$T/a-plots"
nscripts=$(ls "$T/a-plots"/*.gp | wc -l | tr -d ' ')
if command -v gnuplot >/dev/null 2>&1; then
	check [ "$nscripts" -ge 8 ]
	check [ "$(count '<svg role="img"' "$R")" = "$nscripts" ]
	check [ "$(count '<figure id="chart-' "$R")" = "$nscripts" ]
	check [ "$(count '<title id="c[0-9]*-t">' "$R")" = "$nscripts" ]
	check [ "$(count '<desc id="c[0-9]*-d">' "$R")" = "$nscripts" ]
	check grep -q '<title id="c1-t">write throughput against file size (64 kB records)</title>' "$R"
	# alternative text: the script's words, then the lines' labels, then
	# the cliff sentences of the test when this machine's measured write
	# curve has one (a load spike can make one)
	check grep -q '<desc id="c1-d">write throughput (mean of the trials) against file size on a log2 axis, one line per result set;.*Line: NAS &lt;b&gt;&amp;&#39;A&#39;\(\. Cache cliffs: [^<]*\)\{0,1\}\.</desc>' "$R"
	# ids unique in the page: gnuplot's point shapes prefixed per chart
	check [ "$(grep -o " id=\"[^\"]*\"\| id='[^']*'" "$R" | sort | uniq -d | wc -l)" = 0 ]
	check grep -q "xlink:href='#c1-gpPt" "$R"
	check [ "$(count '<?xml' "$R")" = 0 ]
else
	echo "note: gnuplot is not installed: chart checks skipped"
fi
check no_external "$R"
# the CSV files ride along, byte for byte
data_link "$R" 'NAS__b___A_-results.csv' > "$T/results.csv"
check cmp -s "$T/results.csv" "$T/a/results.csv"
data_link "$R" 'NAS__b___A_-summary.csv' > "$T/summary.csv"
check cmp -s "$T/summary.csv" "$T/a/summary.csv"
data_link "$R" 'NAS__b___A_-sheets-read.csv' > "$T/read.csv"
check cmp -s "$T/read.csv" "$T/a/sheets/read.csv"
check grep -q 'download="NAS__b___A_-meta.csv"' "$R"
check grep -q 'download="NAS__b___A_-cliffs.csv"' "$R"

# an existing report is kept: the sweep refuses before running
expect_failure 2 "$IOSWEEP" -s 64k -r 64k -i 0 -f "$T/t2" --out "$T/a" --report --quiet
check grep -q "holds results already" "$T/err"
check [ ! -e "$T/t2" ]

# throughput mode has no grid to report
expect_failure 2 "$IOSWEEP" -t 2 -s 1m -r 64k -i 0 --report
check grep -q -- "--report and -t: only for a sweep" "$T/err"

# --- two sets: the comparison ---------------------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 512k -i 0 -i 1 --trials 2 --data zero --label B \
	-f "$T/t3" --out "$T/b" --quiet
mkdir "$T/tmp"
TMPDIR=$T/tmp expect_success "$IOSWEEP" report "$T/a" "$T/b" --out "$T/cmp.html"
check [ -z "$(ls -A "$T/tmp")" ]      # the scratch folder is gone
C="$T/cmp.html"
check grep -q "iosweep report: $T/cmp.html (" "$T/err"
check [ "$(count '<table class="grid"' "$C")" = 8 ]
check [ "$(count '<table class="grid ratio"' "$C")" = 4 ]
check [ "$(count '<table class="sortable verdict"' "$C")" = 1 ]
check grep -q '<h3>Comparison</h3>' "$C"
check grep -q 'B is faster in [0-9]* of 4 tests by the geometric mean' "$C"
check grep -q 'cells differ significantly (Welch' "$C"
check grep -q '<h3>A: NAS' "$C"
check grep -q '<h3>B: B</h3>' "$C"
expect_success "$IOSWEEP" plot "$T/a" "$T/b" --no-render --out "$T/cmp-plots"
n2=$(ls "$T/cmp-plots"/*.gp | wc -l | tr -d ' ')
if command -v gnuplot >/dev/null 2>&1; then
	check [ "$(count '<svg role="img"' "$C")" = "$n2" ]
	check [ "$(count '<figure id="chart-overlay-' "$C")" = 4 ]
	check grep -q 'Lines: NAS &lt;b&gt;&amp;&#39;A&#39;; B.</desc>' "$C"
fi
check no_external "$C"
check grep -q 'download="1-NAS__b___A_-results.csv"' "$C"
check grep -q 'download="2-B-results.csv"' "$C"

# --- an IOzone report (imported: no times, no RAM) -----------------------------
if [ -f "$IZ/01_a_n64k_g8m_i0_i1.txt" ]; then
	expect_success "$IOSWEEP" report "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/iz.html" --no-charts
	check [ "$(count '<table class="grid"' "$T/iz.html")" = 4 ]
	check [ "$(count '<svg' "$T/iz.html")" = 0 ]
	check grep -q 'not recorded (imported)' "$T/iz.html"
	check grep -q 'imported figures carry no times' "$T/iz.html"
	check grep -q 'RAM is not recorded' "$T/iz.html"
	check grep -q '<caption>write, 01_a_n64k_g8m_i0_i1: mean kB/s of 1 trial per cell</caption>' "$T/iz.html"
	check grep -q '<td class="s[0-7]" title="one trial: no interval">1066042</td>' "$T/iz.html"
fi

# --- gnuplot missing: the tables stay, the page says so -------------------------
IOSWEEP_GNUPLOT=$T/no-such-gnuplot expect_success "$IOSWEEP" report "$T/a" --out "$T/nognu.html"
check grep -q 'gnuplot not found, so the report has every table but no chart' "$T/err"
check grep -q 'gnuplot was not found, so this report has no charts' "$T/nognu.html"
check [ "$(count '<svg' "$T/nognu.html")" = 0 ]
check [ "$(count '<table class="grid"' "$T/nognu.html")" = 4 ]
check grep -q 'download="NAS__b___A_-results.csv"' "$T/nognu.html"

# --- bad input: one line, the right code, nothing written ----------------------
cp "$C" "$T/keep.html"
expect_failure 2 "$IOSWEEP" report "$T/a" --out "$T/cmp.html"
check grep -q "'$T/cmp.html' exists already; choose another --out or add --overwrite" "$T/err"
check cmp -s "$C" "$T/keep.html"
expect_success "$IOSWEEP" report "$T/a" --out "$T/cmp.html" --overwrite --no-charts
check [ "$(count '<table class="grid"' "$C")" = 4 ]
expect_failure 4 "$IOSWEEP" report "$T/no-such-folder" --out "$T/x.html"
check [ ! -e "$T/x.html" ]
expect_failure 2 "$IOSWEEP" report --out "$T/x.html"
check grep -q "no INPUT given" "$T/err"
expect_failure 2 "$IOSWEEP" report "$T/a" --outt "$T/x.html"
check grep -q "did you mean '--out'" "$T/err"
expect_failure 2 "$IOSWEEP" report "$T/a" "$T/b" --highlight nobody --out "$T/x.html"
check grep -q "highlight 'nobody'" "$T/err"
check [ ! -e "$T/x.html" ]
expect_failure 2 "$IOSWEEP" report "$T/a" --label x --label y --out "$T/x.html"
expect_failure 1 "$IOSWEEP" report "$T/a" --out "$T/no-such-dir/x.html"
check [ "$(wc -l < "$T/err")" = 1 ]
TMPDIR=$T/no-tmp expect_failure 1 "$IOSWEEP" report "$T/a" --out "$T/x.html"
check grep -q "cannot create a temporary folder in '$T/no-tmp'" "$T/err"
check [ ! -e "$T/x.html" ]
expect_success "$IOSWEEP" report --help
check grep -q '^usage: iosweep report INPUT' "$T/out"
# the default name: FOLDER/report.html for one folder, else ./iosweep-report.html
rm -f "$T/b/report.html"
expect_success "$IOSWEEP" report "$T/b" --no-charts
check test -s "$T/b/report.html"
expect_success "$IOSWEEP" report "$T/a" "$T/b" --no-charts
check test -s "$T/iosweep-report.html"

finish
