#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_rates.sh: the speed and timing-window checks make check leaves out,
# on a quiet machine (control.sh), each beside the deterministic half of
# it in tests/e2e:
#  - -+O 100 with two children: at least half the paced rate (t_throughput
#    holds it at or under the rate);
#  - all 13 of IOzone's throughput tests of 1 MB in under 6 s (IOzone
#    sleeps 2 s before each; t_throughput counts the sleeps);
#  - --latency: mean x ops below the timed region by more than 2% in at
#    most one row in ten (t_latency: never above it);
#  - -e with every fsync slowed 200 ms: the region exceeds the ops by at
#    most 0.45 s (t_latency: at least 0.2 s);
#  - a region without the slowed call is under 100 ms (t_timed: the call
#    is outside it); with writes slowed 30 ms, mean x ops is the region
#    within 2% (t_timed: never above it);
#  - --ci 30% on cells slowed 100 ms a call stops at exactly 3 trials, and
#    --settle-drop ends in under 10 s (t_adaptive: the verdicts agree);
#  - --steady iops:slope:100%:500ms is reached before 19 s of 20, and the
#    pass stops within 1 s of it (t_steady: the verdict agrees).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/timing/control.sh"

[ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ] ||
	skip "no fault shim in \$FAULTSHIM (make check-timing builds it)"
timing_control
asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRELOAD="${asan:+$asan }$FAULTSHIM"
# csv DIR EXPR: awk EXPR over DIR/results.csv's rows, columns by name in c[]
csv() {
	awk -F, "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; next } $2" "$1/results.csv"
}

# -+O: paced, and near the pace
expect_success "$IOSWEEP" -t 2 -+O 100 -x -s 256k -r 4k -i 0 -F "$T/rate0" "$T/rate1" --out "$T/pace"
v=$(awk '/Children see throughput for  2 initial writers/ { print $(NF - 1) }' "$T/out")
echo "-+O 100, 2 children of 4 kB: ${v:-?} kB/s of 800"
check awk -v v="${v:-0}" 'BEGIN { exit !(v >= 400 && v <= 800 * 1.001) }'

# throughput mode: no sleeps between the tests
t0=$(date +%s%N)
expect_success "$IOSWEEP" -t 2 -s 1m -r 64k --out "$T/tp"
t1=$(date +%s%N)
echo "13 throughput tests of 1 MB: $(((t1 - t0) / 1000000)) ms"
check test $(((t1 - t0) / 1000000)) -lt 6000

# --latency: the untimed steps between operations are small
expect_success "$IOSWEEP" -s 1m -r 4k -r 64k -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 -i 6 -i 7 \
	--latency --trials 2 --quiet -f "$T/t" --out "$T/lat"
low=$(csv "$T/lat" '$(c["partial"]) != 1 { n++; if ($(c["lat_mean_us"]) * $(c["ops"]) / 1e6 < 0.98 * $(c["seconds"])) k++ }
	END { print k + 0, n + 0 }')
echo "--latency: mean x ops more than 2% below the region in $low rows"
check awk -v k="${low% *}" -v n="${low#* }" 'BEGIN { exit !(n > 0 && k * 10 <= n) }'

# -e, fsync slowed 200 ms: the region holds the fsync and little else
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/t" FAULTSHIM_SLOW=fsync:200 \
	"$IOSWEEP" -s 1m -r 64k -i 0 -e --latency --quiet -f "$T/t" --out "$T/e"
check test "$RC" -eq 0
d=$(csv "$T/e" '{ d = $(c["seconds"]) - $(c["lat_mean_us"]) * $(c["ops"]) / 1e6; if (d > m) m = d } END { print m + 0 }')
echo "-e, fsync slowed 200 ms: region - ops up to $d s"
check awk -v d="$d" 'BEGIN { exit !(d >= 0.2 && d <= 0.45) }'

# a region without the slowed fsync is short
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/t" FAULTSHIM_SLOW=fsync:200 \
	"$IOSWEEP" -s 256k -r 64k -i 0 -i 1 --quiet -f "$T/t" --out "$T/f0"
check test "$RC" -eq 0
m=$(csv "$T/f0" '{ if ($(c["seconds"]) > m) m = $(c["seconds"]) } END { print m + 0 }')
echo "fsync slowed 200 ms, not timed: the longest region $m s"
check awk -v m="$m" 'BEGIN { exit !(m > 0 && m < 0.1) }'

# --latency, writes slowed 30 ms: the ops add up to the region
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/t" FAULTSHIM_SLOW=write:30 \
	"$IOSWEEP" -s 512k -r 64k -i 0 --latency --quiet -f "$T/t" --out "$T/lw"
check test "$RC" -eq 0
set -- $(csv "$T/lw" '$(c["test"]) == "write" { print $(c["seconds"]), $(c["lat_mean_us"]) * $(c["ops"]) / 1e6 }')
echo "--latency, writes slowed 30 ms: timed ${1:-?} s, mean x ops ${2:-?} s"
check awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { exit !(a >= 0.24 && b >= a * 0.98 && b <= a * 1.02) }'

# --ci 30% on quiet cells: three trials
expect_success env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/q.tmp" FAULTSHIM_SLOW=any:100 \
	"$IOSWEEP" -s 1m -r 128k -i 0 -i 1 --trials 6 --ci 30% -f "$T/q.tmp" --out "$T/quiet" --quiet
echo "--ci 30%, calls slowed 100 ms: trials $(awk -F, 'NR > 1 { printf "%s ", $5 }' "$T/quiet/summary.csv")"
check test "$(awk -F, 'NR > 1 && $5 != 3' "$T/quiet/summary.csv" | wc -l)" -eq 0
check grep -q '1 of 1 cells within +-30% of the mean; trials per cell 3 to 3, median 3' "$T/out"

# --settle-drop: done in under 10 s
t0=$(date +%s%N)
expect_success env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH=slow.tmp FAULTSHIM_SLOW=write:50 \
	"$IOSWEEP" -a -n 64k -g 128k -r 64k -i 0 -+n -f "$T/slow.tmp" --out "$T/drop" \
	--until-settled --settle-drop --settle-time 2 --quiet
t1=$(date +%s%N)
spent=$(sed -n 's/.*(\([0-9.]*\) s spent)$/\1/p' "$T/err")
echo "--settle-drop --settle-time 2: ${spent:-?} s spent, the run $(((t1 - t0) / 1000000)) ms"
check awk -v s="${spent:-9}" 'BEGIN { exit !(s <= 2) }'
check test $(((t1 - t0) / 1000000)) -lt 10000

# --steady: reached early, and the pass stops soon after
expect_success "$IOSWEEP" -i 0 -s 8m -r 4k --iodepth 2 -f "$T/st" --runtime 20s \
	--log-interval 100ms --steady iops:slope:100%:500ms --out "$T/steady"
set -- $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["test"]) == "write" { print $(c["steady"]), $(c["at_s"]), $(c["ran_s"]); exit }' \
	"$T/steady/steady.csv")
echo "--steady iops:slope:100%:500ms: steady ${1:-?} at ${2:-?} s, ran ${3:-?} s of 20"
check awk -v st="${1:-0}" -v a="${2:-0}" -v r="${3:-99}" \
	'BEGIN { exit !(st == 1 && a >= 0.5 && a < 19 && r >= a && r < a + 1) }'
finish
