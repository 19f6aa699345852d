#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_timeline.sh: --log-interval and the cliffs in time.
#
# Bad values are one-line errors naming the option.  A sweep with the log
# writes timeline.csv whose rows add up, pass by pass, to results.csv's
# bytes, on the interval grid, with rates that are bytes over length; a
# sweep without it writes none.  The folder's timeline survives `iosweep
# import`, and `iosweep plot` draws it.  Throughput mode (-t, processes
# and threads) keeps each child's rows and their total.  The live case on nas-sim is
# tests/nas/t_timeline_live.sh (make check-nas).
# e2e: alone (its live cliff sits at the edge of a throttled cgroup)
. "$(dirname "$0")/lib.sh"

# ---- bad input: one line naming the option, usage status, no folder
for bad in 5ms 0 abc 2x; do
	expect_failure 2 "$IOSWEEP" -s 1m -r 64k -i 0 -f "$T/f" --out "$T/bad" \
		--log-interval "$bad"
	check one_line_error
	check grep -q -- "--log-interval" "$T/err"
	check test ! -e "$T/bad"
done

# ---- a sweep with the log
expect_success "$IOSWEEP" -s 64m -r 1m -i 0 -i 1 -f "$T/f" --out "$T/tl" \
	--log-interval 20ms --trials 2 --quiet
check has_rows "$T/tl/timeline.csv"
check test -s "$T/tl/timecliffs.csv"
check grep -q '^Cliffs in time$' "$T/out"
check grep -q '^schema,label,test,file_kb,record_kb,trial,client,start_s,length_s,bytes,ops,kb_per_s,iops,lat_mean_us,lat_max_us,lat_p50_us,lat_p99_us$' \
	"$T/tl/timeline.csv"
# sums_match DIR: every pass's rows (not a total's) add up to its
# sample's bytes in results.csv (test, trial -> bytes); $T/res_sums: those
sums_match() {
	awk -F, 'NR > 1 && $7 != "total" { b[$3 "/" $6] += $10 }
		END { for (k in b) print k, b[k] }' "$1/timeline.csv" | sort > "$T/tl_sums"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $(c["test"]) "/" $(c["trial"]), $(c["bytes"]) }' "$1/results.csv" |
		sort > "$T/res_sums"
	cmp -s "$T/tl_sums" "$T/res_sums"
}
check sums_match "$T/tl"
check test "$(wc -l < "$T/res_sums")" -eq 8      # write..reread x 2 trials
# the grid: every row but a pass's last is 20 ms long and starts where the
# one before it ended; kb_per_s is bytes / 1024 / length_s (to 0.1 %);
# ops and latency figures are there when bytes are
awk -F, 'function off(a, b) { return a - b > 1e-9 || b - a > 1e-9 }
	NR > 2 && $3 == p3 && $6 == p6 && $8 != "0.000000000" {
		if (off($8, ps + pl)) bad++
		if (off(pl, 0.02)) bad++ }
	NR > 1 { p3 = $3; p6 = $6; ps = $8; pl = $9
		if ($9 > 0 && $10 > 0) {
			r = $10 / 1024 / $9
			if ($12 < r * 0.999 || $12 > r * 1.001) bad++
			if ($11 < 1 || $14 == "" || $15 == "" || $16 == "" || $17 == "") bad++
		} }
	END { exit bad > 0 }' "$T/tl/timeline.csv"
check test $? -eq 0
# the folder's timeline survives an import, row for row
expect_success "$IOSWEEP" import "$T/tl" --out "$T/imp"
check cmp -s "$T/tl/timeline.csv" "$T/imp/timeline.csv"
# a broken timeline.csv refuses the import, naming the file and row
cp -r "$T/tl" "$T/broken"
sed -i '2s/,write,/,scribble,/' "$T/broken/timeline.csv"
expect_failure 4 "$IOSWEEP" import "$T/broken" --out "$T/imp2"
check grep -q "timeline.csv:2: test 'scribble' is not a test iosweep knows" "$T/err"
check test ! -e "$T/imp2"
# every pass's rows count its operations: ops x record = bytes, pass by pass
# (the sweep's loop without --latency reads the clock only for a sample)
ops_match() {
	awk -F, 'NR > 1 && $7 != "total" { b[$3 "/" $6] += $10; o[$3 "/" $6] += $11; r[$3 "/" $6] = $5 }
		END { for (k in b) if (o[k] * r[k] * 1024 != b[k]) bad++; exit bad > 0 }' "$1/timeline.csv"
}
check ops_match "$T/tl"
# with --latency every op is timed: the same sums
expect_success "$IOSWEEP" -s 16m -r 4k -i 0 -i 1 -f "$T/f" --out "$T/lat" \
	--log-interval 10ms --latency --quiet
check sums_match "$T/lat"
check ops_match "$T/lat"
# no log, no timeline
expect_success "$IOSWEEP" -s 4m -r 1m -i 0 -f "$T/f" --out "$T/none" --quiet
check test ! -e "$T/none/timeline.csv"
check test ! -e "$T/none/timecliffs.csv"
if grep -q '^Cliffs in time$' "$T/out"; then fail "Cliffs in time without --log-interval"; fi

# ---- throughput mode, processes and threads (-T): each child's rows add up
# to its sample (results.csv's trial: the child), and the total's row of an
# interval is the children's rows of that interval summed (bytes, ops; the
# longest length), all on one 10 ms grid from the release
for mode in proc thr; do
	set -- -t 3 -s 8m -r 64k -i 0 -i 1 -F "$T/c1" "$T/c2" "$T/c3"
	[ $mode = thr ] && set -- "$@" -T
	expect_success "$IOSWEEP" "$@" --log-interval 10ms --out "$T/tp-$mode"
	tl="$T/tp-$mode/timeline.csv"
	check test -s "$tl"
	check sums_match "$T/tp-$mode"
	check test "$(wc -l < "$T/res_sums")" -eq 12      # 4 tests x 3 children
	# child i's rows are trial i, client i (one count: trials from 0)
	check test "$(awk -F, 'NR > 1 && $7 != "total" && $6 != $7' "$tl" | wc -l)" -eq 0
	awk -F, 'function off(a, b) { return a - b > 1e-9 || b - a > 1e-9 }
		NR == 1 { next }
		{ k = $3 "/" $8
		  if ($7 == "total") { tb[k] = $10; to[k] = $11; tl[k] = $9; nt++ }
		  else { cb[k] += $10; co[k] += $11; if ($9 > cl[k]) cl[k] = $9 }
		  s = $8 * 100; if (off(s, int(s + 0.5))) bad++ }
		END { for (k in cb) if (tb[k] != cb[k] || to[k] != co[k] || off(tl[k], cl[k])) bad++
		      for (k in tb) if (!(k in cb)) bad++
		      exit bad > 0 || nt < 4 }' "$tl"
	check test $? -eq 0
	# the total's p50 and p99 are empty (percentiles do not add), a child's are not
	check test "$(awk -F, '$7 == "total" && $11 > 0 && ($16 != "" || $17 != "")' "$tl" | wc -l)" -eq 0
	check test "$(awk -F, '$7 == "0" && $11 > 0 && $16 != "" && $17 != ""' "$tl" | wc -l)" -gt 0
	check grep -q '^Cliffs in time$' "$T/out"
	check test -s "$T/tp-$mode/timecliffs.csv"
done
# the throughput folder's timeline survives an import, and its charts are
# the children's totals
expect_success "$IOSWEEP" import "$T/tp-proc" --out "$T/tp-imp"
check cmp -s "$T/tp-proc/timeline.csv" "$T/tp-imp/timeline.csv"
expect_success "$IOSWEEP" plot "$T/tp-proc" --out "$T/tp-plots"
check grep -q "title '3 children'" "$T/tp-plots/timeline-write.gp"
check grep -q 'all children together' "$T/tp-plots/timeline-write.gp"

finish
