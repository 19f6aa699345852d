#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_plot_qd.sh: the IOPS and latency charts of queue-depth sweeps, rendered
# by the real gnuplot (PNG by the sweep's --plot, SVG by iosweep plot).
#  - a sweep at depth 4 (one cell, 2 trials) with --plot writes
#    iops-<test>.png and latency-<test>.png per test; the IOPS row of the
#    script is summary.csv's iops (the mean of the trials) and its bars
#    the trials' min and max in results.csv; the latency row (merged
#    histograms) is summary.csv's lat_mean_us and lat_p99_us;
#  - a second set varying the record size (4k, 16k at 4 MB): `iosweep
#    plot` of both folders draws one line per set against the record size
#    (the axis they vary), both rows of the second set are its summary's
#    iops; the latency chart of folders comes from results.csv's
#    figures, its mean the summary's merged mean; the axes state units;
#  - sets without IOPS figures get none: an imported IOzone report alone
#    has no iops-*.gp, beside a queue-depth set it has no line on it; a
#    plain sweep's --plot draws no IOPS chart.
# Depth 1 where this build cannot keep 4 in flight (no io_uring).
. "$(dirname "$0")/lib.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
magic() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }

QD=4
run "$IOSWEEP" -s 4m -r 4k -i 0 -i 2 --iodepth 4 --trials 2 --quiet --plot \
	--label "QD A" -f "$T/t" --out "$T/a"
if [ "$RC" -eq 2 ] && grep -q -- '--iodepth 4:' "$T/err"; then
	QD=1
	echo "note: no engine keeps 4 in flight: the charts are checked at depth 1 (built without liburing)"
	expect_success "$IOSWEEP" -s 4m -r 4k -i 0 -i 2 --iodepth 1 --trials 2 --quiet \
		--plot --label "QD A" -f "$T/t" --out "$T/a"
else
	check test "$RC" -eq 0
fi
expect_success "$IOSWEEP" -s 4m -r 4k -r 16k -i 0 -i 2 --iodepth $QD --quiet \
	--label "QD B" -f "$T/t2" --out "$T/b"

# ---- the sweep's own charts (PNG) ----
P="$T/a/plots"
for t in write rewrite random-read random-write; do
	for c in iops latency; do
		check test -s "$P/$c-$t.gp"
		check [ "$(magic "$P/$c-$t.png" 8)" = 89504e470d0a1a0a ]
	done
done
check grep -q "^set ylabel 'IOPS (operations per second)'" "$P/iops-random-read.gp"
check grep -q "^set title 'random read IOPS against file size (4 kB records)'" \
	"$P/iops-random-read.gp"

# check_iops SUMMARY RESULTS SCRIPT TEST BLOCK ROWS: each row of $BLOCK in
# the script is (x, mean, min, max, trials, ...) and equals the cell's
# iops in summary.csv, the min and max of its trials in results.csv
check_iops() {
	awk -F, -v test="$4" -v block="$5" -v nrows="$6" '
	FNR == 1 { delete c; for (i = 1; i <= NF; i++) c[$i] = i; f++; next }
	f == 1 { if ($(c["test"]) == test) mean[$(c["record_kb"])] = $(c["iops"]); next }
	f == 2 {
		if ($(c["test"]) != test) next
		k = $(c["record_kb"]); v = $(c["iops"]); n[k]++
		if (!(k in lo) || v < lo[k]) lo[k] = v
		if (!(k in hi) || v > hi[k]) hi[k] = v
		next
	}
	$0 == "$" block " << EOD" { inb = 1; next }
	/^EOD$/ { inb = 0 }
	inb {
		rows++
		split($0, p, " ")
		x = p[1]                      # record size or file size (4096: 4 kB records)
		k = (x == 4096) ? 4 : x
		if (!(k in mean)) { print "bad: no summary row for " x; next }
		d = p[2] - mean[k]; if (d < 0) d = -d
		if (d > 0.0011) print "bad: " x " mean " p[2] " vs " mean[k]
		d = p[3] - lo[k]; if (d < 0) d = -d
		e = p[4] - hi[k]; if (e < 0) e = -e
		if (d > 0.0011 || e > 0.0011) print "bad: " x " min..max " p[3] ".." p[4]
		if (p[5] != n[k]) print "bad: " x " trials " p[5] " vs " n[k]
		if (!(p[2] > 0)) print "bad: " x " no IOPS"
	}
	END { if (rows != nrows) print "bad: " rows " rows in " block }
	' "$1" "$2" "$3" >"$T/bad"
	if [ -s "$T/bad" ]; then fail "$3: $(head -3 "$T/bad")"; else pass; fi
}
check_iops "$T/a/summary.csv" "$T/a/results.csv" "$P/iops-random-read.gp" "random read" s1 1
check_iops "$T/a/summary.csv" "$T/a/results.csv" "$P/iops-write.gp" write s1 1

# check_lat SUMMARY SCRIPT TEST BLOCK TOL FIGS: the latency rows (x, mean,
# p50, p99, p99.9, ops, trials) against summary.csv's lat_* (FIGS of them)
check_lat() {
	awk -F, -v test="$3" -v block="$4" -v tol="$5" -v figs="$6" '
	FNR == 1 && FILENAME ~ /summary/ { for (i = 1; i <= NF; i++) c[$i] = i; next }
	FILENAME ~ /summary/ {
		if ($(c["test"]) == test)
			want[$(c["record_kb"])] = $(c["lat_mean_us"]) " " $(c["lat_p50_us"]) " " \
				$(c["lat_p99_us"]) " " $(c["lat_p999_us"])
		next
	}
	$0 == "$" block " << EOD" { inb = 1; next }
	/^EOD$/ { inb = 0 }
	inb {
		rows++
		split($0, p, " ")
		k = (p[1] == 4096) ? 4 : p[1]
		if (!(k in want)) { print "bad: no summary row for " p[1]; next }
		split(want[k], w, " ")
		for (j = 1; j <= figs; j++) {
			d = p[j + 1] - w[j]; if (d < 0) d = -d
			if (d > tol) print "bad: " p[1] " figure " j ": " p[j + 1] " vs " w[j]
		}
	}
	END { if (rows < 1) print "bad: no rows in " block }
	' "$1" "$2" >"$T/bad"
	if [ -s "$T/bad" ]; then fail "$2: $(head -3 "$T/bad")"; else pass; fi
}
# from the histograms (merged trials): every figure
check_lat "$T/a/summary.csv" "$P/latency-random-read.gp" "random read" s1 0.00056 4
check_lat "$T/a/summary.csv" "$P/latency-write.gp" write s1 0.00056 4

# ---- iosweep plot on two folders (SVG) ----
expect_success "$IOSWEEP" plot "$T/a" "$T/b" --format svg --out "$T/p"
Q="$T/p"
for t in write random-read random-write; do
	check grep -q '</svg>' "$Q/iops-$t.svg"
	check grep -q '</svg>' "$Q/latency-$t.svg"
	check grep -q 'QD A' "$Q/iops-$t.svg"
	check grep -q 'QD B' "$Q/iops-$t.svg"
done
check grep -q "^set title 'random read IOPS against record size (4 MB file)'" \
	"$Q/iops-random-read.gp"
check grep -q "^set xlabel 'record size, bytes per operation (1 kB = 1024 bytes" \
	"$Q/iops-random-read.gp"
check grep -q "^set ylabel 'microseconds per operation" "$Q/latency-random-read.gp"
check_iops "$T/a/summary.csv" "$T/a/results.csv" "$Q/iops-random-read.gp" "random read" s1 1
check_iops "$T/b/summary.csv" "$T/b/results.csv" "$Q/iops-random-read.gp" "random read" s2 2
check_iops "$T/b/summary.csv" "$T/b/results.csv" "$Q/iops-random-write.gp" "random write" s2 2
# folders keep the trials' figures, not the histograms: the mean is exact
check grep -q "from the trials' figures in results.csv" "$Q/latency-random-read.gp"
check_lat "$T/a/summary.csv" "$Q/latency-random-read.gp" "random read" s1 0.0011 1
check_lat "$T/b/summary.csv" "$Q/latency-random-read.gp" "random read" s2 0.0011 4
check [ ! -e "$Q/percentiles-random-read.gp" ]

# ---- no IOPS figures, no IOPS chart ----
Z="$FIXTURES/iozone/04_s16m_r64k_i0_i1_i2.txt"
expect_success "$IOSWEEP" plot "$Z" --out "$T/z" --format svg
check test -s "$T/z/random-read.svg"
check [ -z "$(ls "$T/z" | grep '^iops-')" ]
check [ -z "$(ls "$T/z" | grep '^latency-')" ]
expect_success "$IOSWEEP" plot "$T/a" "$Z" --out "$T/az" --format svg --tests random-read
check grep -q '^\$s1 << EOD$' "$T/az/iops-random-read.gp"
check [ "$(grep -c '<< EOD$' "$T/az/iops-random-read.gp")" -eq 1 ]
check grep -q '</svg>' "$T/az/iops-random-read.svg"
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 --quiet --plot -f "$T/t3" --out "$T/plain"
check test -s "$T/plain/plots/write.png"
check [ ! -e "$T/plain/plots/iops-write.gp" ]

finish
