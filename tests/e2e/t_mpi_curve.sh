#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_mpi_curve.sh: `iosweep-mpi clients-curve` under one mpirun of four
# ranks on this host (oversubscribed): the same small cell on 1, 2 and 4
# clients, each step an ordinary result folder (c1, c2, c4 with as many
# clients' rows), and clients-curve.csv with one row per step and test
# whose aggregate is the step's summary.csv mean, whose shares hold
# min <= median <= max (all three the same for one client), whose knee
# column agrees with the rule re-derived from its aggregates (no later
# step grows from the knee by 10% per doubling), and the printed line of
# each test names the same knee; the chart's script is written and
# rendered by gnuplot to a PNG; `iosweep report` on the curve's folder
# draws the curve's section with the steps as sets.  Bad input: the
# plain build, no --out, more than one cell, a curve already there: one
# line, exit 2.  No rate is asserted.  Skipped without mpirun or the MPI
# build ($IOSWEEP_MPI).
# e2e: alone (its ranks meet at barriers that busy-poll)
. "$(dirname "$0")/lib.sh"

mpi_require
mpi_launcher 4
LIMIT=120
CELL="-s 256k -r 64k -i 0 -i 1 --latency --quiet"

expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" clients-curve $CELL -f "$T/f.%r" \
	--link gigabit --out "$T/cv"
cp "$T/out" "$T/printed"
csv="$T/cv/clients-curve.csv"
check test "$(head -n 1 "$csv")" = "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s,client_median_kb_per_s,client_max_kb_per_s,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,knee,link,folder"
# the rows: every test on 1, 2 and 4 clients, in that order, their folders
check test "$(awk -F, 'NR > 1 { printf "%s/%s/%s ", $2, $1, $14 }' "$csv")" = \
	"write/1/c1 write/2/c2 write/4/c4 rewrite/1/c1 rewrite/2/c2 rewrite/4/c4 read/1/c1 read/2/c2 read/4/c4 reread/1/c1 reread/2/c2 reread/4/c4 "
for k in 1 2 4; do
	check test -s "$T/cv/c$k/results.csv"
	check test -s "$T/cv/c$k.txt"
	# each step's clients: 0..k-1 in its results.csv
	check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] != "" && $c["client"] != "all" { print $c["client"] }' \
		"$T/cv/c$k/results.csv" | sort -u | tr '\n' ' ')" = "$(seq 0 $((k - 1)) | tr '\n' ' ')"
done
# the aggregate is the step's own summary mean; the shares are ordered
check awk -F, -v d="$T/cv" 'NR == 1 { next }
	{
		f = d "/" $14 "/summary.csv"; mean = ""
		while ((getline l < f) > 0) { split(l, x, ","); if (x[2] == $2) mean = x[6] }
		close(f)
		if (mean == "" || $4 - mean > 0.01 || mean - $4 > 0.01) { print "aggregate " $0 " vs " mean; bad = 1 }
		if (!($5 > 0 && $5 <= $6 && $6 <= $7)) { print "shares " $0; bad = 1 }
		if ($1 == 1 && ($5 != $6 || $6 != $7)) { print "one client " $0; bad = 1 }
		if ($8 == "" || $10 == "" || $8 > $10) { print "latency " $0; bad = 1 }
		if ($13 != "gigabit") { print "link " $0; bad = 1 }
	}
	END { exit bad }' "$csv"
# the knee, re-derived: the smallest step from which no later step grows
# by 10% or more per doubling (the last step is never one)
awk -F, 'NR > 1 { n[$2]++; c[$2, n[$2]] = $1; a[$2, n[$2]] = $4; k[$2, n[$2]] = $12 }
	END {
		for (t in n) {
			knee = 0
			for (i = 1; i < n[t] && !knee; i++) {
				grows = a[t, i] <= 0
				for (j = i + 1; j <= n[t]; j++)
					if ((a[t, j] / a[t, i]) ^ (1 / (log(c[t, j] / c[t, i]) / log(2))) >= 1.10)
						grows = 1
				if (!grows)
					knee = i
			}
			for (i = 1; i <= n[t]; i++)
				if (k[t, i] != (i == knee)) print "knee column of " t " at " c[t, i]
			print t, knee ? c[t, knee] : "none" > "/dev/stderr"
		}
	}' "$csv" 2>"$T/knees" >"$T/knee-bad"
check test ! -s "$T/knee-bad"
check test "$(wc -l <"$T/knees")" -eq 4
while read -r t knee; do
	if [ "$knee" = none ]; then
		check grep -q "^$t: no knee up to 4 clients: the aggregate still grows (.* MB/s aggregate, [0-9]*% of gigabit Ethernet; each client gets .* MB/s)\$" "$T/printed"
	else
		s=s
		[ "$knee" = 1 ] && s=
		check grep -q "^$t: the share saturates at $knee client$s: .* MB/s aggregate, [0-9]*% of gigabit Ethernet; each client gets .* MB/s\$" "$T/printed"
	fi
done <"$T/knees"
# the chart: written, and drawn by the real gnuplot
check grep -q "^set logscale x 2" "$T/cv/clients-curve-write.gp"
check grep -q "gigabit Ethernet" "$T/cv/clients-curve-write.gp"
if command -v gnuplot >/dev/null 2>&1; then
	check test "$(head -c 4 "$T/cv/clients-curve-write.png" | od -An -c | tr -d ' ')" = '211PNG'
	expect_success "$IOSWEEP" report "$T/cv"
	check grep -q 'id="t-curve"' "$T/cv/report.html"
	check grep -q '<figure id="chart-clients-curve-read">' "$T/cv/report.html"
	check grep -q '4 clients' "$T/cv/report.html"
else
	echo "note: no gnuplot, the charts not drawn (Debian: gnuplot-nox)"
fi

# bad input: one line naming the problem, exit 2, nothing run
expect_failure 2 "$IOSWEEP" clients-curve $CELL -f "$T/g" --out "$T/x"
check grep -q "needs many clients" "$T/err"
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" clients-curve $CELL -f "$T/g.%r"
check grep -q "give --out DIR" "$T/err"
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" clients-curve -a -g 1m -f "$T/g.%r" --out "$T/x"
check grep -q "one -s and one -r" "$T/err"
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" clients-curve $CELL -f "$T/g.%r" --out "$T/cv"
check grep -q "holds a curve already" "$T/err"
check test ! -e "$T/x"
check test -z "$(ls "$T" | grep '^[fg]\.')"
finish
