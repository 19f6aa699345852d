#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_ops_results.sh: small-file operations in the result folder and every
# emitter that reads one.  `iosweep fileop --out` and `iosweep files
# --out` write results.csv (schema 5, a row per trial and operation,
# iops = ops / seconds, per-job rows with --jobs) and summary.csv (n =
# the trials, mean = the rows' mean); --json mirrors summary.csv;
# `iosweep import` of such a folder writes both back byte for byte; an
# import of fileop's text carries the A row's figures into iops;
# `compare` gives one row per operation and tree with an adjusted p, and
# refuses a grid against operations; the HTML report has a section with
# a table per set and compare's ratio and adjusted p; `plot` writes a chart per
# operation and a latency chart per set, and renders them with gnuplot's
# dumb terminal when gnuplot is there.
. "$(dirname "$0")/lib.sh"

W="$T/work"
mkdir "$W" || exit 1
DATA="$TOP/tests/data/fileop"

# --- fileop: two force factors, three trials
expect_success "$IOSWEEP" fileop -l 1 -u 2 --trials 3 -d "$W" --out "$T/a" --json
check test -z "$(ls -A "$W")"
R="$T/a/results.csv"
# 15 operations (link and unlink on Linux) x 2 forces x 3 trials
check test "$(grep -c '^5,.*,fileop ' "$R")" -eq 90
# every row: iops is ops over seconds, files = force^3, schema 5
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ n++; if ($c["schema"] != 5) bad++
	  if ($c["files"] != $c["force"] ^ 3) bad++
	  if ($c["seconds"] > 0) { want = $c["ops"] / $c["seconds"]
	    if (want - $c["iops"] > 0.01 * want || $c["iops"] - want > 0.01 * want) bad++ } }
	END { exit !(n == 90 && bad == 0) }' "$R"
check test $? -eq 0
# summary: n = 3 trials, mean = the trials' mean of iops, per (test, force)
awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
	FILENAME ~ /results/ { k = $3 "/" $(c[FILENAME, "force"])
		s[k] += $(c[FILENAME, "iops"]); m[k]++; next }
	{ k = $2 "/" $(c[FILENAME, "force"]); rows++
	  if ($(c[FILENAME, "n"]) != 3 || m[k] != 3) bad++
	  d = $(c[FILENAME, "mean"]) - s[k] / 3; if (d < 0) d = -d
	  if (d > 0.01 + 1e-6 * s[k]) bad++ }
	END { exit !(rows == 30 && bad == 0) }' "$R" "$T/a/summary.csv"
check test $? -eq 0
# summary.json: the same rows
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
s = [r for r in d["summary"] if r["test"].startswith("fileop ")]
assert d["schema"] == 5 and len(s) == 30, (d["schema"], len(s))
assert all(r["n"] == 3 and r["mean"] > 0 and r["files"] == r["force"] ** 3 for r in s)' \
		"$T/a/summary.json"
	check test $? -eq 0
else
	echo "note: no python3: summary.json's rows not read"
fi
# read back: the same results.csv and summary.csv
expect_success "$IOSWEEP" import "$T/a" --out "$T/a2"
check cmp -s "$T/a/results.csv" "$T/a2/results.csv"
check cmp -s "$T/a/summary.csv" "$T/a2/summary.csv"

# --- compare: a second run, one row per (operation, force) with a p
expect_success "$IOSWEEP" fileop -l 1 -u 2 --trials 3 -d "$W" --out "$T/b"
expect_success "$IOSWEEP" compare "$T/a" "$T/b" --csv "$T/cmp.csv"
check grep -q "figures in calls/s" "$T/out"
check test "$(head -n 1 "$T/cmp.csv")" = \
	"label_a,label_b,test,files,force,n_a,mean_a,n_b,mean_b,ratio,pct_diff,p_value,p_adjusted,adjustment,significant"
awk -F, 'NR > 1 { n++; if ($6 != 3 || $8 != 3 || $12 == "" || $13 == "" || $13 < $12 ||
	$14 != "bh") bad++ } END { exit !(n == 30 && bad == 0) }' "$T/cmp.csv"
check test $? -eq 0
# a grid against operations: nothing in common, refused
expect_success "$IOSWEEP" -a -n 64k -g 64k -i 0 -f "$W/grid.tmp" --out "$T/grid" --quiet
expect_failure 4 "$IOSWEEP" compare "$T/grid" "$T/a"
check grep -q "no cell and test in common" "$T/err"

# --- plot: a chart per operation, a latency chart per set
expect_success "$IOSWEEP" plot "$T/a" "$T/b" --out "$T/p" --no-render
check test "$(ls "$T/p"/ops-fileop-*.gp | wc -l)" -eq 15
check test -f "$T/p/ops-latency-1.gp"
check test -f "$T/p/ops-latency-2.gp"
# the chart's data: per set, force, mean, min, max (the summary's figures)
want=$(awk -F, '$2 == "fileop create" && $NF == 2 { printf "%.6g\n", $6 }' "$T/a/summary.csv")
got=$(awk '/^\$s1 << EOD/ { on = 1; next } /^EOD/ { on = 0 } on && $1 == 2 { print $2 }' \
	"$T/p/ops-fileop-create.gp")
check test -n "$want"
check test "$want" = "$got"
if command -v gnuplot >/dev/null 2>&1; then
	expect_success "$IOSWEEP" plot "$T/a" --out "$T/pd" --format dumb
	check test -s "$T/pd/ops-fileop-mkdir.txt"
	check test -s "$T/pd/ops-latency.txt"
else
	echo "note: no gnuplot: the charts are not rendered"
fi

# --- the HTML report: the section, a table row per (operation, force)
# and set, the second set's rows with B/A and the adjusted p of compare
expect_success "$IOSWEEP" report "$T/a" "$T/b" --out "$T/r.html"
check grep -q '<section class="test" id="t-ops">' "$T/r.html"
sed -n '/id="t-ops"/,/<\/section>/p' "$T/r.html" > "$T/ops.html"
check test "$(grep -c '^<tr><th scope="row">fileop ' "$T/ops.html")" -eq 60
awk -F, 'NR > 1 && $3 == "fileop create" && $5 == 2 { printf "%.4f\n", $13 }' "$T/cmp.csv" \
	> "$T/want_p"
grep '^<tr><th scope="row">fileop create[^<]*</th><td data-v="8">' "$T/ops.html" | tail -n 1 |
	sed 's/<[^>]*>/ /g' | awk '{ print $(NF - 1) }' > "$T/got_p"
check test -s "$T/want_p"
check cmp -s "$T/want_p" "$T/got_p"

# --- files: per-job rows with --jobs 2
expect_success "$IOSWEEP" files --count 40 --file-size 4k --jobs 2 --trials 2 \
	--dir "$W" --out "$T/f"
check test -z "$(ls -A "$W")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$3 == "files create" { k[$(c["client"])]++; if ($(c["files"]) != 40) bad++ }
	END { exit !(k["all"] == 2 && k["0"] == 2 && k["1"] == 2 && bad == 0) }' "$T/f/results.csv"
check test $? -eq 0
check grep -q '^[^,]*,files create,,,2,' "$T/f/summary.csv"
expect_success "$IOSWEEP" import "$T/f" --out "$T/f2"
check cmp -s "$T/f/results.csv" "$T/f2/results.csv"
# the jobs' rows without the 'all' ones: refused by name (a fuzz finding)
mkdir "$T/fj"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	$(c["client"]) != "all"' "$T/f/results.csv" >"$T/fj/results.csv"
expect_failure 4 "$IOSWEEP" import "$T/fj" --out "$T/fj2"
check one_line_error
check grep -q "results.csv: small-file rows of jobs only" "$T/err"
check test ! -e "$T/fj2"

# --- an import of fileop's own text: iops is the A row's figure
expect_success "$IOSWEEP" import "$DATA/f3_bw.txt" --out "$T/i"
want=$(awk '/^A / { print $3 }' "$DATA/f3_bw.txt")
got=$(awk -F, '$3 == "fileop mkdir" { printf "%.0f", $19 }' "$T/i/results.csv")
check test "$want" = "$got"
check test "$(grep -c ',fileop ' "$T/i/results.csv")" -eq 15

# --- cliffs: no file size axis, refused by name, nothing written
expect_failure 4 "$IOSWEEP" cliffs "$T/a"
check one_line_error
check grep -q "small-file" "$T/err"
check test ! -e "$T/a/cliffs.csv"

# --- --json needs --out
expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$W" --json
check one_line_error
check grep -q -- "--json" "$T/err"
expect_failure 2 "$IOSWEEP" files --count 4 --dir "$W" --json
check one_line_error
check test -z "$(ls -A "$W")"

finish
