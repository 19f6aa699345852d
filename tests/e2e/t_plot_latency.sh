#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_plot_latency.sh: the latency charts of a --latency sweep, rendered by
# the real gnuplot.
#  - --latency --plot writes latency-<test>.gp and percentiles-<test>.gp
#    beside the throughput charts, rendered to PNG;
#  - every row of latency-write.gp (mean, p50, p99, p99.9 at 64 kB records)
#    equals the lat_* figures of the same cell in summary.csv (3 decimals
#    there, 4 in the script), and its operation count is the cell's ops;
#  - a percentile curve starts at the cell's minimum, rises, and ends by
#    the cell's maximum; the x tics read as percentiles;
#  - the scripts render by hand to SVG and text;
#  - without --latency no latency charts; a result folder (results.csv
#    keeps each trial's figures, not its histogram) gets latency-<test>.gp
#    and no percentile curves: its rows are summary.csv's merged figures
#    where the folder has them; without summary.csv the mean over every
#    operation (equal to the merged mean) and no percentiles of the two
#    trials (NaN, not drawn), the chart still rendered.
. "$(dirname "$0")/lib.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
magic() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }

# --- a sweep with histograms and --plot ---------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 2m -i 0 -i 1 --latency --trials 2 --plot \
	-f "$T/testfile" --out "$T/res"
P="$T/res/plots"
for f in latency-write percentiles-write latency-read percentiles-reread write; do
	check test -s "$P/$f.gp"
	check [ "$(magic "$P/$f.png" 8)" = 89504e470d0a1a0a ]
done
check grep -q "^set title 'write latency per operation against file size (64 kB records)'" \
	"$P/latency-write.gp"
check grep -q "^set logscale y 10$" "$P/latency-write.gp"
check grep -q "^set xtics ('min' 0, '90%%' 1" "$P/percentiles-write.gp"

# check_rows SCRIPT NFIGS TOL: the rows of $s1 (file kB, mean, p50, p99,
# p99.9, operations, trials) against summary.csv's lat_* figures (the
# first NFIGS of them, within TOL), 2 trials, 2 x file / 64 kB operations
check_rows() {
	awk -F, -v nfigs="$2" -v tol="$3" '
	FNR == 1 && FILENAME ~ /summary/ { for (i = 1; i <= NF; i++) c[$i] = i; next }
	FILENAME ~ /summary/ {
		if ($(c["test"]) == "write" && $(c["record_kb"]) == 64)
			want[$(c["file_kb"])] = $(c["lat_mean_us"]) " " $(c["lat_p50_us"]) " " \
				$(c["lat_p99_us"]) " " $(c["lat_p999_us"])
		next
	}
	/^\$s1 << EOD$/ { inb = 1; next }
	/^EOD$/ { inb = 0 }
	inb {
		rows++
		split($0, f, " ")    # the script: blank-separated
		if (!(f[1] in want)) { print "bad: no summary row for " f[1]; next }
		split(want[f[1]], w, " ")
		for (k = 1; k <= nfigs; k++) {
			d = f[k + 1] - w[k]; if (d < 0) d = -d
			if (d > tol) print "bad: " f[1] " kB figure " k ": " f[k + 1] " vs " w[k]
		}
		if (f[7] != 2) print "bad: " f[1] " kB: " f[7] " trials"
		if (f[6] != 2 * f[1] / 64) print "bad: " f[1] " kB: " f[6] " operations"
	}
	END { if (rows != 6) print "bad: " rows " rows" }
	' "$T/res/summary.csv" "$1" >"$T/bad"
	if [ -s "$T/bad" ]; then fail "$(head -3 "$T/bad")"; else pass; fi
}
# the figures: latency-write.gp rows against summary.csv (merged trials)
check_rows "$P/latency-write.gp" 4 0.00056

# a curve: starts at the minimum (q = 0), never falls, ends by the max
awk '
/^# line 1: .* max / { for (i = 1; i <= NF; i++) if ($i == "max") max = $(i + 1) }
/^\$p1 << EOD$/ { inb = 1; next }
/^EOD$/ { if (inb) done = 1; inb = 0 }
inb && !done {
	n++
	if (n == 1 && ($1 != 0 || $2 != 0)) print "bad: first row " $0
	if (n > 1 && $3 < last) print "bad: falls at " $0
	if ($3 > max + 0.00005) print "bad: above the max " max ": " $0
	last = $3
}
END { if (n < 2 || max == "") print "bad: " n " rows, max " max }
' "$P/percentiles-write.gp" >"$T/bad"
if [ -s "$T/bad" ]; then fail "$(head -3 "$T/bad")"; else pass; fi

# --- by hand, another terminal ------------------------------------------------
(cd "$P" && gnuplot -e "term='svg'" percentiles-write.gp) >"$T/out" 2>"$T/err"
check grep -q '<svg' "$P/percentiles-write.svg"
check grep -q '99%' "$P/percentiles-write.svg"
(cd "$P" && gnuplot -e "term='dumb'" latency-write.gp) >"$T/out" 2>"$T/err"
check grep -q 'write latency per operation against file size' "$P/latency-write.txt"
check grep -q 'p99.9' "$P/latency-write.txt"

# --- no histograms: no percentile charts --------------------------------------
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 --plot -f "$T/testfile2" --out "$T/plain"
check test -s "$T/plain/plots/write.gp"
check [ ! -e "$T/plain/plots/latency-write.gp" ]
check [ ! -e "$T/plain/plots/percentiles-write.gp" ]
expect_success "$IOSWEEP" plot "$T/res" --out "$T/replot" --tests write
check test -s "$T/replot/write.png"
check [ "$(magic "$T/replot/latency-write.png" 8)" = 89504e470d0a1a0a ]
check grep -q "from the trials' figures in results.csv or the merged ones in summary.csv" \
	"$T/replot/latency-write.gp"
check [ ! -e "$T/replot/percentiles-write.gp" ]
# summary.csv's merged figures, as they are (3 decimals there, 4 here)
check_rows "$T/replot/latency-write.gp" 4 0.00001
check [ "$(awk '/^\$s1 << EOD$/ { inb = 1; next } /^EOD$/ { inb = 0 } inb { print $8 }' \
	"$T/replot/latency-write.gp" | sort -u)" = summary.csv ]
# without summary.csv: the mean (each trial's lat_mean_us weighted by its
# ops = the merged mean); no percentiles from two trials' own
cp -r "$T/res" "$T/res2"
rm "$T/res2/summary.csv"
expect_success "$IOSWEEP" plot "$T/res2" --out "$T/replot2" --tests write
check [ "$(magic "$T/replot2/latency-write.png" 8)" = 89504e470d0a1a0a ]
check_rows "$T/replot2/latency-write.gp" 1 0.0011
check [ "$(awk '/^\$s1 << EOD$/ { inb = 1; next } /^EOD$/ { inb = 0 } inb { print $3, $4, $5, $8 }' \
	"$T/replot2/latency-write.gp" | sort -u)" = "NaN NaN NaN results.csv" ]
# lines: the merged figures titled as a run's; no percentile line without them
check [ "$(grep -c "^     \$s1 using 1:[2345] .* title '[^']*: \(p50\|p99\|p99.9\|mean\)'" \
	"$T/replot/latency-write.gp")" -eq 4 ]
check [ "$(grep -c '^     \$s1 using 1:' "$T/replot2/latency-write.gp")" -eq 1 ]
check grep -q "^     \$s1 using 1:2 .*mean (trials'' figures)'$" "$T/replot2/latency-write.gp"

finish
