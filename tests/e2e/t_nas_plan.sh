#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_plan.sh: the plan of `iosweep nas` and its account of time.
#  - --dry-run prints the estimate and its phases (probe, sweep, small
#    files, queue depth, streams, card), which add up to it, within the
#    budget for 2 and 5 minutes, and writes nothing; the streams phase
#    lists the workloads' rates, and 2 minutes leave out only some of
#    them; --no-streams leaves the phase out unsaid;
#  - a budget too short for the whole plan trims it: the small-file
#    phase, then the sweep's random tests, each named on a "left out for
#    the budget" line, and the streams phase, and the estimate says it
#    is over; exit 0;
#  - a real run writes timing.csv (phase,planned_s,took_s: a row per
#    phase and the total, each column summing to its total; the planned
#    total is the printed estimate), says on stderr what each phase and
#    each qd cell took against its estimate, and a small-file phase the
#    budget left out is on the card with its reason; the streams phase
#    (a workloads file of one slow stream each way) ran on the share
#    into streams/streams.csv, and the card's rows for them say
#    "measured".
# How close the run comes to its estimate is timed in
# tests/timing/t_nas_time.sh, not here.
# e2e: alone (a guided run)
. "$(dirname "$0")/lib.sh"

# plan_sums FILE: the estimate and the sum of the phases' line agree (to
# the rounding of five figures) and the estimate is printed in seconds
plan_sums() {
	awk '/^  estimated time: / { est = $3 }
	/^     probe [0-9]* s, sweep / { sum = $2 + $5 + $9 + $13 + $16 + $19; n++ }
	END { d = est - sum; if (n != 1 || d < -3 || d > 3) exit 1 }' "$1"
}

# estimate FILE: the printed estimate in seconds
estimate() {
	sed -n 's/^  estimated time: \([0-9]*\) s.*/\1/p' "$1"
}

mkdir -p "$T/share"
for b in 2m:120 5m:300; do
	expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget "${b%:*}" --out "$T/dry"
	check grep -q '^  estimated time: [0-9]* s (.* min) (the probe.s share assumed)$' "$T/out"
	check grep -q '^     probe [0-9]* s, sweep [0-9]* s, small files [0-9]* s, queue depth [0-9]* s, streams [0-9]* s, card [0-9]* s$' "$T/out"
	check plan_sums "$T/out"
	check test "$(estimate "$T/out")" -le "${b#*:}"
	check grep -q '^  4. streams: the workloads. streams on the share, [123] s a count, 24 chunks/s, each stepped from 1 until a count misses a deadline: ~[0-9]* s at most$' "$T/out"
	check grep -q '^     read 737 Mbit/s x 3, write 737 Mbit/s x 1, read 220 Mbit/s x 2, read 147 Mbit/s x 4, read 100 Mbit/s x 2' "$T/out"
	check test "$(grep 'left out for the budget' "$T/out" | grep -vc ': 1 of 6 stream rates (')" -eq 0
done
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 5m --no-streams
check test "$(grep -c '4. streams\|stream rates\|Mbit/s x' "$T/out")" -eq 0
check grep -q '^     probe [0-9]* s, sweep [0-9]* s, small files [0-9]* s, queue depth [0-9]* s, streams 0 s, card [0-9]* s$' "$T/out"
check test ! -e "$T/dry"
check test -z "$(ls -A "$T/share")"

# ---- a budget too short: trimmed, and said
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 30s --link gigabit
check grep -q '^  2. small files: left out, the budget leaves no time for them$' "$T/out"
check grep -q '^  left out for the budget: the small-file phase, random tests in the sweep, the streams phase (a longer --budget takes them)$' "$T/out"
check grep -q '^  4. streams: left out, the budget leaves no time for them$' "$T/out"
check grep -q '^  1. sweep: .*, write, read, fsync in the timing' "$T/out"
check grep -q '^  estimated time: [0-9]* s (.* min); over the budget: even the smallest plan takes this long' "$T/out"
check plan_sums "$T/out"
# with --nas-ram the files must reach past the cache, whatever it costs
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 30s --nas-ram 1g --link gigabit
check grep -q '; over the budget: the files must reach past the cache' "$T/out"

# ---- a real run: the time of each phase kept beside its estimate
disk_dir nas
[ -n "$D" ] || skip "no disk file system for the share (set IOSWEEP_DISK_DIR)"
# one slow stream each way: seconds in all
printf '%s\n' 'stream | a slow read | read | 8mbit | 1 | -' \
	'stream | one slow recording | write | 8mbit | 1 | -' >"$T/w"
expect_success "$IOSWEEP" nas "$D" --budget 30s --workloads "$T/w" --out "$T/nas"
cp "$T/out" "$T/nas.out"
cp "$T/err" "$T/nas.err"
check plan_sums "$T/nas.out"
check test "$(sed -n 1p "$T/nas/timing.csv")" = "phase,planned_s,took_s"
check test "$(cut -d, -f1 "$T/nas/timing.csv" | tr '\n' ' ')" = \
	"phase probe sweep files queue depth streams card total "
awk -F, 'NR == 1 { next }
$1 == "total" { tp = $2; tt = $3; next }
{ if ($2 !~ /^[0-9]+\.[0-9]$/ || $3 !~ /^[0-9]+\.[0-9]$/) print "not seconds: " $0
  sp += $2; st += $3 }
END { if (sp - tp > 0.35 || tp - sp > 0.35) print "planned: rows " sp ", total " tp
      if (st - tt > 0.35 || tt - st > 0.35) print "took: rows " st ", total " tt }' \
	"$T/nas/timing.csv" >"$T/bad"
check test ! -s "$T/bad"
sed 's/^/  /' "$T/bad"
# the planned total is the estimate printed, to their roundings (timing.csv
# to 0.1 s, the plan to 1 s: 34.54 is "34.5" there and "35" here)
tp=$(awk -F, '$1 == "total" { print $2 }' "$T/nas/timing.csv")
check awk -v a="$tp" -v b="$(estimate "$T/nas.out")" \
	'BEGIN { d = a - b; exit !(b != "" && d <= 0.55 && d >= -0.55) }'
check grep -q '^iosweep nas: \[1/3\] sweep took [0-9]* s (estimated [0-9]* s)$' "$T/nas.err"
check grep -q '^iosweep nas: \[3/3\] queue depth took [0-9]* s (estimated [0-9]* s)$' "$T/nas.err"
for slug in seq1m-q8t1 seq1m-q1t1 rnd4k-q32t16 rnd4k-q1t1; do
	check grep -q "^iosweep nas: \[3/3\] $slug took [0-9.]* s (estimated [0-9.]* s, passes of [0-9.]* s)\$" "$T/nas.err"
done
check grep -q '^iosweep nas: took [0-9]* s of an estimated [0-9]* s; results in ' "$T/nas.err"
# the streams: one stream each way (a count runs 1 to 3 s, as the budget
# allows: 24 chunks a second), the card's rows measured whichever way they
# went; a probe slowed by the machine's load may leave them no
# share of the 30 s (the plan says so), and the rows are then estimated
if grep -q '^  4. streams: left out, the budget leaves no time for them$' "$T/nas.out"; then
	echo "note: the probe took the streams' share of the budget; their rows estimated"
	check test ! -e "$T/nas/streams"
	check grep -q '^  a slow read  .*(estimated)$' "$T/nas/card.txt"
else
	# the write too, unless the budget left its rate out (then said)
	rec="write "
	grep -q '^     read 8 Mbit/s x 1, write 8 Mbit/s x 1$' "$T/nas.out" || rec=""
	[ -n "$rec" ] || check grep -q '^  left out for the budget: .*1 of 2 stream rates' "$T/nas.out"
	check grep -q '^iosweep nas: \[streams\] took [0-9]* s (estimated [0-9]* s)$' "$T/nas.err"
	check test "$(sed -n 1p "$T/nas/streams/streams.csv")" = "streams,stream,mode,rate_bytes_per_s,fps,chunk_bytes,chunks,missed,worst_late_ms,first_miss_s,lat_mean_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,lat_max_ms,mb_per_s,background_mb_per_s"
	check test "$(awk -F, '$1 == 1 && $2 == 1 && $4 == 1000000 && $5 == 24 && $7 >= 24 && $7 % 24 == 0 { print $3 }' "$T/nas/streams/streams.csv" | tr '\n' ' ')" = "read $rec"
	check grep -q '^  a slow read  .*  \(yes\|no\), measured: ' "$T/nas/card.txt"
	if [ -n "$rec" ]; then
		check grep -q '^  one slow recording  .*  \(yes\|no\), measured: ' "$T/nas/card.txt"
	else
		check grep -q '^  one slow recording  .*(estimated)$' "$T/nas/card.txt"
	fi
	check grep -q '^up to 1 stream reading 1.0 MB/s (8 Mbit/s) each, 24 chunks/s, [1-3] s a count, in ' "$T/nas/streams/streams.txt"
fi
# the small files the budget left out: in the plan, left-out.txt, the card
if grep -q '^  2. small files: left out' "$T/nas.out"; then
	check grep -q '^files: the budget (30 s) leaves no time for it; a longer --budget takes it$' "$T/nas/left-out.txt"
	check grep -q '^  small files: left out, because the budget (30 s) leaves no time for it' "$T/nas/card.txt"
	check test ! -e "$T/nas/files"
else
	check test -s "$T/nas/files/files.csv"
fi
check test -z "$(ls -A "$D")"

finish
