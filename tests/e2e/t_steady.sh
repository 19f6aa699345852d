#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_steady.sh: --steady on a real file (queue-depth runs, qd.c).
#  - a --runtime write with a rule most running file systems meet (slope
#    under 100% of the mean per 100 ms interval, over 500 ms): the report,
#    steady.csv and the sample agree, whether it was reached or not (when
#    is the machine's: make check-timing): reached, it says "steady by"
#    and when, at_s >= the window and ran_s >= at_s; not reached, "NOT
#    steady" and ran_s is the runtime; the sample's time is ran_s, and
#    timeline.csv's rows of the pass add up to its bytes;
#  - --steady-ramp 1s: not steady before 1.5 s (ramp + window), and
#    meta.csv's workload names the rule and the ramp;
#  - one that cannot be reached: a window longer than a 1 s runtime, and
#    a range no real rate keeps (0.0001%): the report says "NOT steady",
#    the pass ran its whole runtime;
#  - --precondition with --runtime and --steady: its row says when;
#    without --runtime it is bounded by 8 rounds, and the read after it
#    still reads the whole file;
#  - --jobs 2 with --log-interval (no --steady): the two workers' rows
#    summed add up to the sample's bytes, over exactly the runtime, with
#    the percentiles left empty;
#  - compare of a folder with itself: its steady levels do not differ
#    (ratio 1); with another: a row for the write;
#  - bad input: one line naming the option, exit 2, nothing written;
#  - kill -9 mid-sweep and resume: a steady row per pass, once.
. "$(dirname "$0")/lib.sh"

F="$T/f"
QD="-i 0 -s 8m -r 4k --iodepth 2 -f $F"

# field DIR TEST COLUMN: steady.csv's COLUMN of TEST's first row
field() {
	awk -F, -v t="$2" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c[col]); exit }' "$1/steady.csv"
}
# seconds DIR TEST: results.csv's timed seconds of TEST
seconds() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c["seconds"]), $(c["bytes"]); exit }' "$1/results.csv"
}
# tlsum DIR TEST: the bytes and the end of TEST's timeline rows
tlsum() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { b += $(c["bytes"]); e = $(c["start_s"]) + $(c["length_s"]) }
		END { printf "%d %.6f\n", b, e }' "$1/timeline.csv"
}

# agreed DIR TEST RUNTIME: steady.csv's row of TEST and the report in
# $T/out tell the same: reached after at_s >= 0.5 s (the window) with
# ran_s >= at_s, or not reached with ran_s the runtime
agreed() {
	st=$(field "$1" "$2" steady); at=$(field "$1" "$2" at_s); ran=$(field "$1" "$2" ran_s)
	echo "$2: steady ${st:-?} at ${at:-?} s, ran ${ran:-?} s of $3"
	if [ "$st" = 1 ]; then
		check grep -q "^	$2 (8192 kB file, 4 kB records, trial 1): steady by iops:slope:100%:500ms after [0-9.]* s" "$T/out"
		check awk -v a="${at:-0}" -v r="${ran:-0}" 'BEGIN { exit !(a >= 0.5 && r >= a) }'
	else
		check test "$st" = 0
		check grep -q "^	$2 (8192 kB file, 4 kB records, trial 1): NOT steady by iops:slope:100%:500ms within $3.0 s" "$T/out"
		check test "$ran" = "$3.000"
	fi
}

# ---- a rule most runs reach early
expect_success "$IOSWEEP" $QD --runtime 20s --log-interval 100ms \
	--steady iops:slope:100%:500ms --out "$T/ok"
sed -n '/^Steady state/,/^$/p' "$T/out"
agreed "$T/ok" write 20
set -- $(seconds "$T/ok" write)
echo "write sample: ${1:-?} s, ${2:-?} bytes"
check awk -v s="${1:-0}" -v r="${ran:-99}" 'BEGIN { exit !(s > r - 0.001 && s < r + 0.001) }'
bytes=${2:-0}
set -- $(tlsum "$T/ok" write)
echo "write timeline: ${1:-?} bytes up to ${2:-?} s"
check test "${1:-x}" = "$bytes"
check awk -v e="${2:-0}" -v r="${ran:-99}" 'BEGIN { exit !(e > r - 0.001 && e < r + 0.001) }'
# without --runtime: bounded by 8 rounds; the file is laid out whole
# first, so the size-based read after it moves every record
rm -f "$F"
expect_success "$IOSWEEP" -i 0 -i 1 -s 8m -r 4k --iodepth 2 -f "$F" --precondition \
	--log-interval 100ms --steady iops:slope:100%:300ms --out "$T/pre2"
grep '^	precondition ' "$T/out"
check grep -q '^	precondition (8192 kB file, 4 kB records, trial 1): ' "$T/out"
set -- $(seconds "$T/pre2" read)
check test "${2:-x}" = 8388608

# ---- a queue-depth timeline without --steady: two workers summed
expect_success "$IOSWEEP" -i 0 -s 8m -r 4k --iodepth 2 --jobs 2 -f "$F" --runtime 1s \
	--ramp 200ms --log-interval 100ms --out "$T/jobs"
check test ! -e "$T/jobs/steady.csv"
for t in write rewrite; do
	set -- $(seconds "$T/jobs" $t)
	secs=${1:-0}; bytes=${2:-0}
	set -- $(tlsum "$T/jobs" $t)
	echo "--jobs 2 $t: sample $bytes bytes in $secs s, timeline ${1:-?} bytes to ${2:-?} s"
	check test "${1:-x}" = "$bytes"
	check awk -v e="${2:-0}" -v s="$secs" 'BEGIN { exit !(e > s - 0.000001 && e < s + 0.000001 && s == 1) }'
done
# p50 and p99 do not add across workers: empty; mean and max are there
check awk -F, 'NR > 1 && $11 > 0 { n++; if ($14 == "" || $15 == "" || $16 != "" || $17 != "") bad++ }
	END { exit !(n > 0 && !bad) }' "$T/jobs/timeline.csv"

# ---- --steady-ramp: nothing judged before it, so not before ramp + window
expect_success "$IOSWEEP" $QD --runtime 10s --log-interval 100ms \
	--steady iops:slope:100%:500ms --steady-ramp 1s --out "$T/ramp"
agreed "$T/ramp" write 10
at=$(field "$T/ramp" write at_s)
[ -n "$at" ] && check awk -v a="$at" 'BEGIN { exit !(a >= 1.5) }'
check grep -q 'steady=iops:slope:100%:500ms steady_ramp=1s' "$T/ramp/meta.csv"

# ---- not reached: a window longer than the run, and an impossible range
expect_success "$IOSWEEP" $QD --runtime 1s --steady iops:slope:100%:5s --out "$T/short"
check grep -q '^	write .*: NOT steady by iops:slope:100%:5s within 1.0 s: it ended before one window was full' "$T/out"
check test "$(field "$T/short" write steady)" = 0
check test "$(field "$T/short" write ran_s)" = 1.000
check test -z "$(field "$T/short" write at_s)"
expect_success "$IOSWEEP" $QD --runtime 2s --log-interval 100ms \
	--steady iops:range:0.0001%:300ms --out "$T/never"
grep '^	write ' "$T/out"
check grep -q '^	write .*: NOT steady by iops:range:0.0001%:300ms within 2.0 s: window mean [0-9]* IOPS, criterion' "$T/out"
check test "$(field "$T/never" write ran_s)" = 2.000

# ---- --precondition: when its writing was steady
expect_success "$IOSWEEP" $QD --precondition --runtime 10s --log-interval 100ms \
	--steady iops:slope:100%:500ms --out "$T/pre"
grep '^	precondition ' "$T/out"
agreed "$T/pre" precondition 10

# ---- import: steady.csv survives it, row for row (reached, not reached,
# never judged, a precondition), and the report of the import has the
# section; a broken steady.csv refuses the import naming file and row
for d in ok short never pre; do
	expect_success "$IOSWEEP" import "$T/$d" --out "$T/imp-$d"
	check cmp -s "$T/$d/steady.csv" "$T/imp-$d/steady.csv"
done
expect_success "$IOSWEEP" report "$T/imp-ok" --out "$T/imp-ok.html"
expect_success "$IOSWEEP" import "$T/ok" "$T/pre" --out "$T/imp-two"
# the second folder's rows follow the first's, as its trials do
check test "$(grep -c '^1,' "$T/imp-two/steady.csv")" -eq \
	"$(($(grep -c '^1,' "$T/ok/steady.csv") + $(grep -c '^1,' "$T/pre/steady.csv")))"
check grep -q '^1,[^,]*,precondition,8192,4,1,' "$T/imp-two/steady.csv"
check test -z "$(grep '^1,[^,]*,precondition,8192,4,0,' "$T/imp-two/steady.csv")"
cp -r "$T/ok" "$T/bad-steady"
sed -i '2s/,iops:slope:100%:500ms,/,iops:slope:lots,/' "$T/bad-steady/steady.csv"
expect_failure 4 "$IOSWEEP" import "$T/bad-steady" --out "$T/imp-bad"
check grep -q "steady.csv:2: rule 'iops:slope:lots': " "$T/err"
check test ! -e "$T/imp-bad"
cp -r "$T/short" "$T/bad-steady2"
sed -i '2s/,0,,/,1,,/' "$T/bad-steady2/steady.csv"
expect_failure 4 "$IOSWEEP" import "$T/bad-steady2" --out "$T/imp-bad2"
check grep -q "steady.csv:2: at_s '' does not go with steady 1" "$T/err"

# ---- compare: the steady levels of two folders' timelines
expect_success "$IOSWEEP" compare "$T/ok" "$T/ok"
sed -n '/^steady levels/,/^$/p' "$T/out"
check awk '/^steady levels/ { on = 1 } on && $1 == "write" && $2 == 8192 {
	found = 1; if ($10 != "1.0000" || $11 != "no") bad = 1 }
	END { exit !(found && !bad) }' "$T/out"
expect_success "$IOSWEEP" compare "$T/ok" "$T/never"
check awk '/^steady levels/ { on = 1 } on && $1 == "write" && $2 == 8192 &&
	($11 == "yes" || $11 == "no") { found = 1 } END { exit !found }' "$T/out"

# ---- bad input
for bad in "--steady iops:slope:10%" "--steady lat:slope:1:30s" \
	"--steady iops:slope:10%:30s:1" "--steady-ramp 10s --runtime 2s" \
	"--log-interval 300ms --runtime 2s --steady iops:slope:10%:1s"; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" -i 0 -s 8m -r 4k -f "$F" $bad --out "$T/bad"
	check one_line_error
	check grep -q -- '--steady' "$T/err"
	check test ! -e "$T/bad"
done
expect_failure 2 "$IOSWEEP" -i 0 -s 8m -r 4k -f "$F" --steady snia --out "$T/bad"
check grep -q -- "--steady 'snia': only with --runtime or --precondition" "$T/err"
head -n 1 "$T/err"

# ---- kill -9 and resume: the journal keeps what --steady found, so the
# resumed folder has one steady row per pass of every cell (3 cells, write
# and rewrite), as a run left alone; an import of the killed folder has the
# finished cells' rows
rm -f "$F"
"$IOSWEEP" -a -n 1m -g 4m -r 64k -i 0 --iodepth 2 -f "$F" --runtime 1s \
	--steady iops:slope:100%:500ms --log-interval 100ms --out "$T/rs" >"$T/rs.out" 2>&1 &
pid=$!
cells_done() {
	n=$(grep -c '^d	' "$1/journal.txt" 2>/dev/null || true)
	[ "${n:-0}" -ge "$2" ]
}
wait_until "$pid" cells_done "$T/rs" 1
kill -KILL "$pid" 2>/dev/null
wait "$pid"
check test ! -e "$T/rs/steady.csv"
check test "$(grep -c '^y	' "$T/rs/journal.txt")" -ge 2
expect_success "$IOSWEEP" import "$T/rs" --out "$T/rs-imp"
check test "$(awk -F, 'NR > 1 && $4 == 1024' "$T/rs-imp/steady.csv" | wc -l)" -eq 2
expect_success "$IOSWEEP" resume "$T/rs"
check test "$(awk -F, 'NR > 1 { print $3, $4 }' "$T/rs/steady.csv" | sort -u | wc -l)" -eq 6
check test "$(awk 'NR > 1' "$T/rs/steady.csv" | wc -l)" -eq 6
finish
