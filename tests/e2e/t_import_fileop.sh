#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import_fileop.sh: `iosweep import` of fileop's text output.  Every
# figure the text prints is the imported fileop.csv's figure, the
# expectation computed here with awk from the text itself: iosweep
# fileop's own output (table with B and W rows, -t with --latency; the
# counts and -t's total times against the run's own fileop.csv), the
# real fileop 3.508 outputs in tests/data/fileop/ (table, -e, -b -w, -L,
# -t), fileop's Windows columns, the output inside Markdown, HTML and a
# CRLF log; the marks for no measurement (inf, nan) left out and said
# once; several files as trials; bad input refused with one line naming
# the file and line, exit 4 and nothing written.
. "$(dirname "$0")/lib.sh"

DATA="$TOP/tests/data/fileop"
W="$T/work"
mkdir "$W" || exit 1

# text_figs FILE: "force op tag figure" for each figure of the A, B and W
# rows ("-" for fileop's inf and nan)
text_figs() {
	awk '/^ *\. +mkdir/ { n = 0; for (i = 2; i < NF; i++) op[++n] = $i; next }
	     /^[ABW] +[0-9]/ { for (i = 1; i <= n; i++) { v = $(i + 2)
		if (v !~ /^[0-9]+$/) v = "-"; print $2, op[i], $1, v } }' "$1" | sort
}
# csv_figs CSV TAGS: the same from fileop.csv (ops_per_s, best_per_s,
# worst_per_s), for the rows the text has (TAGS: "A", "AB", "ABW")
csv_figs() {
	awk -F, -v tags="$2" 'NR > 1 { for (t = 1; t <= length(tags); t++) {
		tag = substr(tags, t, 1); c = tag == "A" ? 6 : tag == "B" ? 13 : 14
		v = $c == "" ? "-" : sprintf("%.0f", $c); print $1, $3, tag, v } }' "$1" | sort
}
# tags FILE: the row tags a table has ("A", "AB", "AW", "ABW")
tags() {
	for t in A B W; do grep -q "^$t " "$1" && printf %s "$t"; done
}
# same_table TEXT CSV: every figure of the text's table is the CSV's
same_table() {
	text_figs "$1" > "$T/want"
	csv_figs "$2" "$(tags "$1")" > "$T/got"
	[ -s "$T/want" ] && cmp -s "$T/want" "$T/got" || { diff "$T/want" "$T/got" | head -n 5; false; }
}
# block_figs FILE: for -t's blocks, "pass op count total avg best_per_s
# best_s worst_per_s worst_s p50_us p99_us" ("-" where fileop printed inf
# or nan: the figure and its seconds are left out)
block_figs() {
	awk 'function s3(v) { return v ~ /^[0-9.]+$/ ? sprintf("%.3f", v) : "-" }
	     function pair(per, sec) { if (per ~ /^[0-9.]+$/ && sec ~ /^[0-9.]+$/) return sprintf("%.3f %.9f", per, sec); return "- -" }
	     function flush() { if (op != "") print pass, op, cnt, tot, avg, best, worst, p50, p99 }
	     /^[a-z]+: +(Dirs|Files) = / { flush(); op = $1; sub(":", "", op)
		if (op == "mkdir") pass++
		cnt = $4; tot = sprintf("%.9f", $8); avg = best = worst = "- -"; p50 = p99 = "-"; next }
	     { line = $0; gsub(/\(s\)\/sec/, "", line); gsub(/\(/, " ", line); split(line, w, " ") }
	     $1 == "Avg" { avg = s3(w[4]) }
	     $1 == "Best" { best = pair(w[4], w[5]) }
	     $1 == "Worst" { worst = pair(w[4], w[5]) }
	     $1 == "p50" { p50 = sprintf("%.3f", w[5] * 1e6) }
	     $1 == "p99" { p99 = sprintf("%.3f", w[5] * 1e6) }
	     END { flush() }' "$1" | sort
}
csv_block_figs() {
	awk -F, 'function pair(per, sec) { if (per == "") return "- -"; return per " " sec }
	     NR > 1 { if (!($1 in pass)) pass[$1] = ++npass
		print pass[$1], $3, $4, $5, $6 == "" ? "-" : $6, pair($13, $7), pair($14, $8), $9 == "" ? "-" : $9, $11 == "" ? "-" : $11 }' "$1" | sort
}
same_blocks() {
	block_figs "$1" > "$T/want"
	csv_block_figs "$2" > "$T/got"
	[ -s "$T/want" ] && cmp -s "$T/want" "$T/got" || { diff "$T/want" "$T/got" | head -n 5; false; }
}
# the import's folder holds fileop.csv's header and meta.csv
csv_header() {
	[ "$(head -n 1 "$1/fileop.csv")" = \
	  "force,trial,op,count,total_s,ops_per_s,best_s,worst_s,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,best_per_s,worst_per_s" ]
}
# counts CSV: "force trial op count" of each row
counts() { awk -F, 'NR > 1 { print $1, $2, $3, $4 }' "$1"; }

# --- round trip: iosweep fileop -b -w, its stdout imported
expect_success "$IOSWEEP" fileop -f 2 -b -w -d "$W" --out "$T/d1"
cp "$T/out" "$T/run.txt"
expect_success "$IOSWEEP" import "$T/run.txt" --out "$T/d2"
check csv_header "$T/d2"
check same_table "$T/run.txt" "$T/d2/fileop.csv"
check test "$(tail -n +2 "$T/d2/fileop.csv" | wc -l)" -eq 15
# the counts are the run's own (fileop's at force 2: 14 dirs, 4 readdir, 8 files)
check test "$(counts "$T/d1/fileop.csv")" = "$(counts "$T/d2/fileop.csv")"
# total times and the B and W rows' seconds are not in the text: empty
check test "$(awk -F, 'NR > 1 && ($5 != "" || $7 != "" || $8 != "")' "$T/d2/fileop.csv" | wc -l)" -eq 0
check grep -qx 'tool,fileop' "$T/d2/meta.csv"
check grep -qx 'source_unit,ops_per_s' "$T/d2/meta.csv"
check grep -qx 'label,run' "$T/d2/meta.csv"
check grep -qx "workload,fileop source=imported file=$T/run.txt platform=linux size_bytes=1" "$T/d2/meta.csv"
check grep -qx "$T/d2" "$T/err"

# --- -t with --latency: every figure, and the counts and total times exact
expect_success "$IOSWEEP" fileop -t --latency -l 1 -u 2 -d "$W" --out "$T/d3"
cp "$T/out" "$T/runt.txt"
expect_success "$IOSWEEP" import "$T/runt.txt" --out "$T/d4" --label mine
check same_blocks "$T/runt.txt" "$T/d4/fileop.csv"
check test "$(awk -F, 'NR > 1 { print $1, $3, $4, $5 }' "$T/d3/fileop.csv")" = \
	   "$(awk -F, 'NR > 1 { print $1, $3, $4, $5 }' "$T/d4/fileop.csv")"
check test "$(awk -F, 'NR > 1 && $9 != "" && $11 != ""' "$T/d4/fileop.csv" | wc -l)" -eq 30
check grep -qx 'label,mine' "$T/d4/meta.csv"

# --- the real fileop's outputs: every figure
for f in f3_bw range_e leave_bw step_b; do
	expect_success "$IOSWEEP" import "$DATA/$f.txt" --out "$T/r-$f"
	check same_table "$DATA/$f.txt" "$T/r-$f/fileop.csv"
done
for f in verbose verbose_leave; do
	expect_success "$IOSWEEP" import "$DATA/$f.txt" --out "$T/r-$f"
	check same_blocks "$DATA/$f.txt" "$T/r-$f/fileop.csv"
done
# -e: no title, so no file size; -s 4k's size from the title
check grep -qx "workload,fileop source=imported file=$DATA/range_e.txt platform=linux" \
	"$T/r-range_e/meta.csv"
check grep -q "platform=linux size_bytes=4096\$" "$T/r-leave_bw/meta.csv"
check test "$(cut -d, -f1 "$T/r-range_e/fileop.csv" | sort -u | tr '\n' ' ')" = "1 2 3 4 force "
check test "$(cut -d, -f1 "$T/r-step_b/fileop.csv" | sort -u | tr '\n' ' ')" = "1 3 5 force "
# -L: delete's nan average means no call: count 0, total 0, figures empty
for f in leave_bw verbose_leave; do
	check test "$(grep ',delete,' "$T/r-$f/fileop.csv")" = "2,0,delete,0,0.000000000,,,,,,,,,"
done
# the marks for no measurement: said once, with the table's line
expect_success "$IOSWEEP" import "$DATA/leave_bw.txt" --out "$T/r-marks"
n=$(awk '/^[ABW] / { for (i = 3; i < NF; i++) if ($i !~ /^[0-9]+$/) n++ } END { print n + 0 }' \
	"$DATA/leave_bw.txt")
check test "$n" -gt 0
check test "$(grep -c 'inf or nan' "$T/err")" -eq 1
check grep -q "^iosweep import: $DATA/leave_bw.txt:3: $n figures are inf or nan, fileop's marks for no measurement, left out: .*delete (3)" "$T/err"

# --- fileop's Windows columns (no link, unlink), made from the Linux table
awk '/^ *\. +mkdir/ { printf " .     "; for (i = 2; i < NF; i++) if ($i != "link" && $i != "unlink")
		printf "%7s ", $i; printf "%10s\n", " Total_files"; next }
     /^[ABW] / { printf "%c %4d ", $1, $2; for (i = 3; i < NF; i++) if (i != 15 && i != 16)
		printf "%7s ", $i; printf "%10d \n", $NF; next } { print }' \
	"$DATA/f3_bw.txt" > "$T/win.txt"
check test "$(grep -c ' link ' "$T/win.txt")" -eq 0
expect_success "$IOSWEEP" import "$T/win.txt" --out "$T/r-win"
check same_table "$T/win.txt" "$T/r-win/fileop.csv"
check test "$(tail -n +2 "$T/r-win/fileop.csv" | wc -l)" -eq 13
check grep -q 'platform=windows size_bytes=1$' "$T/r-win/meta.csv"

# --- inside other text: a Markdown fence, HTML with <br>, a CRLF log
{ echo "# fileop on the NAS"; echo; echo '```text'; cat "$DATA/f3_bw.txt"; echo '```'
  echo "Looks fine."; } > "$T/nas.md"
{ echo "<p>our run</p>"; echo "<pre>"; sed 's/$/<br>/' "$DATA/step_b.txt"; echo "</pre>"; } > "$T/run.html"
sed 's/$/\r/' "$DATA/verbose.txt" > "$T/crlf.log"
expect_success "$IOSWEEP" import "$T/nas.md" --out "$T/w1"
check same_table "$DATA/f3_bw.txt" "$T/w1/fileop.csv"
check grep -q "^iosweep import: $T/nas.md:6: " "$T/err"
expect_success "$IOSWEEP" import "$T/run.html" --out "$T/w2"
check same_table "$DATA/step_b.txt" "$T/w2/fileop.csv"
expect_success "$IOSWEEP" import "$T/crlf.log" --out "$T/w3"
check same_blocks "$DATA/verbose.txt" "$T/w3/fileop.csv"

# --- several files: trials of one set
expect_success "$IOSWEEP" import "$DATA/f3_bw.txt" "$T/nas.md" --out "$T/tr"
check grep -qx 'trials,2' "$T/tr/meta.csv"
check test "$(awk -F, 'NR > 1 { print $2 }' "$T/tr/fileop.csv" | sort -u | tr '\n' ' ')" = "0 1 "
# fileop's and IOzone's results do not mix; nor do Linux and Windows columns
printf 'not a fileop output\n' > "$T/other.txt"
expect_failure 4 "$IOSWEEP" import "$DATA/f3_bw.txt" "$T/other.txt" --out "$T/mix"
check grep -q "^iosweep import: $T/other.txt: no fileop output" "$T/err"
check test ! -e "$T/mix"
expect_failure 4 "$IOSWEEP" import "$DATA/f3_bw.txt" "$T/win.txt" --out "$T/mix"
check grep -q "^iosweep import: $T/win.txt:3: fileop's Windows columns" "$T/err"
check test ! -e "$T/mix"

# --- refusals: one line, FILE:LINE, exit 4, nothing written
# refuse NAME LINE WHY: import $T/NAME, expect "NAME:LINE: WHY..."
refuse() {
	expect_failure 4 "$IOSWEEP" import "$T/$1" --out "$T/bad"
	check test "$(wc -l < "$T/err")" -eq 1
	check grep -q "^iosweep import: $T/$1:$2: $3" "$T/err"
	check test ! -e "$T/bad"
}
F="$DATA/f3_bw.txt"	# line 3 the column header, 4 A, 5 B, 6 W
awk 'NR == 4 { $5 = "" } { print }' "$F" > "$T/short.txt"
refuse short.txt 4 "A row with 17 fields, fileop's Linux rows have 18"
awk 'NR == 5 { $6 = "12x4" } { print }' "$F" > "$T/word.txt"
refuse word.txt 5 "create figure '12x4' in the B row is not a number"
awk 'NR != 4' "$F" > "$T/noa.txt"
refuse noa.txt 4 "B row of force factor 3 without its A row"
awk 'NR == 6 { $NF = 26 } { print }' "$F" > "$T/cube.txt"
refuse cube.txt 6 "Total_files '26' at force factor 3: fileop makes 27"
head -c "$(head -n 4 "$F" | wc -c)" "$F" > "$T/cut.txt"
head -n 5 "$F" | cut -c 1-60 | tail -n 1 | tr -d '\n' >> "$T/cut.txt"
refuse cut.txt 5 "B row with .* fields, fileop's Linux rows have 18: the table stops mid-row"
awk 'NR == 6 { print; sub(/^W/, "B") } { print }' "$F" > "$T/order.txt"
refuse order.txt 7 "B row after the W row of force factor 3"
awk '{ print } NR == 6 { print "A    2   1 1 1 1 1 1 1 1 1 1 1 1 1 1 1          8 " }' "$F" > "$T/shrink.txt"
refuse shrink.txt 7 "force factor 2 after 3"
{ cat "$F"; cat "$F"; } > "$T/two.txt"
refuse two.txt 8 "a second fileop output in one file"
V="$DATA/verbose.txt"	# line 3 mkdir, 18 create
sed '18s/Files =         8/Files =         9/' "$V" > "$T/count.txt"
refuse count.txt 18 "create's 9 files are no force factor's cube"
sed '3s/Dirs =        14/Dirs =        15/' "$V" > "$T/dirs.txt"
refuse dirs.txt 3 "mkdir: 15 calls, fileop makes 14 at force factor 2"
awk 'NR < 18 || NR > 22' "$V" > "$T/skip.txt"
refuse skip.txt 18 "the create block expected"
head -n 20 "$V" > "$T/tcut.txt"
refuse tcut.txt 20 "the output stops inside the create block"
sed '5s/=  *[0-9.]* (/= 14716.x6 (/' "$V" > "$T/tword.txt"
refuse tword.txt 5 "Best mkdir(s)/sec: '14716.x6"

# --- a folder that holds one of the two files: refused before either is written
mkdir "$T/half"
echo 'key,value' > "$T/half/meta.csv"
expect_failure 3 "$IOSWEEP" import "$DATA/f3_bw.txt" --out "$T/half"
check grep -q "'$T/half/meta.csv' exists already" "$T/err"
check test ! -e "$T/half/fileop.csv"
check test "$(cat "$T/half/meta.csv")" = "key,value"
expect_success "$IOSWEEP" import "$DATA/f3_bw.txt" --out "$T/half" --overwrite
check has_rows "$T/half/fileop.csv"

finish
