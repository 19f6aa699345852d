#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_journal.sh: runs that survive.  A sweep keeps journal.txt in its
# result folder; outputs derived from it equal the run's; `kill -9` in the
# middle, then `iosweep resume DIR`, gives every cell-trial exactly once
# and the same cells as an uninterrupted run (sweeps with trials, queue
# depth in --order sweep, throughput mode), with each pass's timeline rows
# (--log-interval) once too; a second SIGINT while the results are saved
# keeps every finished cell in the journal, and one while the journal is
# closed says where the saved results are; a torn last line is dropped;
# resume refuses a complete run, another version, machine, target or
# command.
#
# Every kill and signal comes from the process itself, at a call the
# fault shim counts (FAULTSHIM_SIGNAL), so it lands at the same point of
# every run: the sweep below writes its test file in records, 2 trials x
# 2 write passes a cell, and its seventh cell (1024 kB / 256 kB, 4
# records) begins at write 2,017 (2 x 2 x (256 + 128 + ... + 8)).  Write
# 2,022 is in that cell's first rewrite pass: 6 cells x 2 trials done,
# and one more sample (its first write pass) journalled.
. "$(dirname "$0")/lib.sh"

[ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ] ||
	skip "no fault shim in \$FAULTSHIM (make e2e builds it): the kills are made by it"

SWEEP="-a -n 1m -g 4m -i 0 -i 1 --trials 2"
ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'

# samples DIR: the "s" lines its journal holds so far
samples() {
	grep -c '^s	' "$1/journal.txt" 2>/dev/null || true
}
# cells CSV: test,file_kb,record_kb,trial of every row that is not partial
cells() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["partial"]) == 0 { print $3 "," $4 "," $5 "," $6 }' "$1" | sort
}
# crc LINE: zlib's CRC-32 of LINE, 8 hex digits (gzip's trailer holds it)
crc() {
	printf '%s' "$1" | gzip -c | tail -c 8 | head -c 4 | od -An -tx4 | tr -d ' \n'
}
# set_meta DIR KEY VALUE: rewrite the journal's "m KEY" line, sealed anew
set_meta() {
	line=$(printf 'm\t%s\t%s' "$2" "$3")
	awk -F'\t' -v k="$2" -v l="$line	$(crc "$line")" \
		'$1 == "m" && $2 == k { print l; next } { print }' "$1/journal.txt" >"$T/j.new" &&
		mv "$T/j.new" "$1/journal.txt"
}
asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
# signalled SIGNALS CMD...: CMD with the fault shim raising SIGNALS
# (FAULTSHIM_SIGNAL); its status in KRC
signalled() {
	sigs=$1
	shift
	env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_SIGNAL="$sigs" "$@"
	KRC=$?
}
# killed NAME N [CALL]: a sweep into $T/NAME killed with SIGKILL as the
# Nth write (or CALL) on its test file, $T/f-NAME, begins
killed() {
	signalled "${3:-write}:$2:KILL@$T/f-$1" "$IOSWEEP" $SWEEP -f "$T/f-$1" --out "$T/$1" \
		>"$T/$1.out" 2>"$T/$1.err"
}
# dones DIR: the "d" (cell-trial done) lines its journal holds
dones() {
	grep -c '^d	' "$1/journal.txt"
}

# 1. An uninterrupted run: the journal ends "complete", and the outputs
# derived from it equal the run's byte for byte.
expect_success "$IOSWEEP" $SWEEP -f "$T/f-a" --out "$T/a"
cp "$T/out" "$T/a.out"
check test -s "$T/a/journal.txt"
check test "$(tail -n 1 "$T/a/journal.txt" | cut -f 1,2)" = "$(printf 'e\tcomplete')"
check test "$(samples "$T/a")" -eq "$(($(wc -l <"$T/a/results.csv") - 1))"
expect_success "$IOSWEEP" import "$T/a/journal.txt" --out "$T/a-imp"
for f in results.csv summary.csv meta.csv; do
	check cmp "$T/a/$f" "$T/a-imp/$f"
done
cells "$T/a/results.csv" >"$T/a.cells"
check test "$(wc -l <"$T/a.cells")" -eq 240

# 2. kill -9 in the seventh cell's first rewrite pass: no outputs, the
# journal holds the 49 samples; import reads the journal (the 48 of the
# 12 finished cell-trials whole); resume runs the rest: every cell-trial
# once, the same cells as the uninterrupted run, the folder marked
# resumed.
killed b 2022
check test "$KRC" -eq 137
check test ! -e "$T/b/results.csv"
check test "$(samples "$T/b")" -eq 49
check test "$(dones "$T/b")" -eq 12
expect_success "$IOSWEEP" import "$T/b" --out "$T/b-imp"
check grep -q '^status,interrupted: the journal ends before the run did$' "$T/b-imp/meta.csv"
check test "$(cells "$T/b-imp/results.csv" | wc -l)" -eq 48
check test "$(cells "$T/b-imp/results.csv" | comm -23 - "$T/a.cells" | wc -l)" -eq 0
done_before=$(grep -c '^d	' "$T/b/journal.txt")
expect_success "$IOSWEEP" resume "$T/b"
check grep -qx "iosweep: results in $T/b/" "$T/err"
check test "$(grep -c "$ROW" "$T/out")" -eq "$(grep -c "$ROW" "$T/a.out")"
check grep -q 'test complete' "$T/out"
cells "$T/b/results.csv" >"$T/b.cells"
check cmp "$T/a.cells" "$T/b.cells"
check test "$(uniq -d "$T/b.cells" | wc -l)" -eq 0
check test "$(awk -F, 'NR > 1' "$T/b/results.csv" | wc -l)" -eq 240
check test "$(cut -f 1-4 "$T/b/journal.txt" | grep '^d' | sort | uniq -d | wc -l)" -eq 0
check grep -q '^status,complete$' "$T/b/meta.csv"
check grep -q '^resumed_at,' "$T/b/meta.csv"
check grep -qx "resumed_samples,$((done_before * 4))" "$T/b/meta.csv"
check grep -q "^start_time,$(grep '^m	start_time' "$T/b/journal.txt" | cut -f 3)\$" "$T/b/meta.csv"
check test ! -e "$T/f-b"
# a complete run is refused, and left as it was
cp "$T/b/journal.txt" "$T/b.j"
expect_failure 2 "$IOSWEEP" resume "$T/b"
check grep -q "holds a complete run: nothing to resume" "$T/err"
check one_line_error
check cmp "$T/b.j" "$T/b/journal.txt"

# tl_sums DIR: per pass (test, file, record, trial: throughput mode's
# child has a trial of its own), its timeline rows' bytes (no total rows)
# into DIR.tl, and results.csv's bytes into DIR.res; no pass has two rows
# starting at the same time
tl_sums() {
	awk -F, 'NR > 1 && $7 != "total" { b[$3 "," $4 "," $5 "," $6] += $10 }
		END { for (k in b) print k "," b[k] }' "$1/timeline.csv" | sort >"$1.tl"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["test"] "," $c["file_kb"] "," $c["record_kb"] "," $c["trial"] "," \
			$c["bytes"] }' "$1/results.csv" | sort >"$1.res"
	cmp -s "$1.tl" "$1.res" &&
		test -z "$(awk -F, 'NR > 1 { print $3, $4, $5, $6, $7, $8 }' "$1/timeline.csv" |
			sort | uniq -d)"
}

# 2b. With --log-interval the journal keeps each pass's timeline rows:
# an import of the killed folder has them, and the resumed folder's
# timeline.csv has every pass's rows once, adding up to its sample.
SWEEP0=$SWEEP
SWEEP="$SWEEP --log-interval 10ms"
killed h 2022
# (each journalled pass has one row at least)
check test "$(samples "$T/h")" -eq 49
check test "$(grep -c '^t	' "$T/h/journal.txt")" -ge 49
expect_success "$IOSWEEP" import "$T/h" --out "$T/h-imp"
check tl_sums "$T/h-imp"
expect_success "$IOSWEEP" resume "$T/h"
check tl_sums "$T/h"
check test "$(wc -l <"$T/h.res")" -eq 240
SWEEP=$SWEEP0

# 3. A second SIGINT while the results are saved (at the first fsync of
# a file the save writes, NAME.tmp.PID before its rename): the process
# ends at once, says only where the journal is, and every cell-trial it
# finished is kept (import, resume).
signalled "write:2022:INT@$T/f-c,fsync:1:INT@.tmp." \
	"$IOSWEEP" $SWEEP -f "$T/f-c" --out "$T/c" >"$T/c.out" 2>"$T/c.err"
check test "$KRC" -eq 130
check test "$(cat "$T/c.err")" = \
	"iosweep: stopped at once; every finished pass is in $T/c/journal.txt: 'iosweep resume $T/c' runs the rest"
check test ! -e "$T/c/results.csv"
grep '^d	' "$T/c/journal.txt" | awk -F'\t' '{ print $2 "," $3 "," $4 }' | sort >"$T/c.done"
check test "$(wc -l <"$T/c.done")" -eq 12
expect_success "$IOSWEEP" import "$T/c" --out "$T/c-imp"
# every finished cell-trial: its 4 samples, whole; nothing else whole
cells "$T/c-imp/results.csv" | cut -d, -f 2- | sort | uniq -c |
	awk '$1 == 4 { print $2 }' | sort >"$T/c.kept"
check cmp "$T/c.done" "$T/c.kept"
check test "$(cells "$T/c-imp/results.csv" | wc -l)" -eq 48
expect_success "$IOSWEEP" resume "$T/c"
check cmp "$T/a.cells" "$(cells "$T/c/results.csv" >"$T/c.cells"; echo "$T/c.cells")"

# 3b. The second SIGINT after the results are saved, as the journal is
# closed (its end line written): the process says where the results are,
# the line the run ends with, and nothing else.
signalled "write:2022:INT@$T/f-k,close:1:INT@$T/k/journal.txt" \
	"$IOSWEEP" $SWEEP -f "$T/f-k" --out "$T/k" >"$T/k.out" 2>"$T/k.err"
check test "$KRC" -eq 130
check test "$(cat "$T/k.err")" = "iosweep: results of the finished cells in $T/k/"
check grep -q '^e	interrupted: interrupted in cell 1024 kB / 256 kB, test write (SIGINT)	' "$T/k/journal.txt"
check test "$(cells "$T/k/results.csv" | wc -l)" -eq 48
check test "$(dones "$T/k")" -eq 12

# 4. A torn last line (the pass in flight when the power went) is dropped:
# import and resume read the rest; damage elsewhere names the line.
# (killed in the third cell's first rewrite pass, 1024 kB / 16 kB: 64
# records a pass, from write 1,537)
killed d 1611
check test "$(samples "$T/d")" -eq 17
printf 's\twrite\t2048\t64\t1\t0\t0\t4\t2097152\t3' >>"$T/d/journal.txt"
expect_success "$IOSWEEP" import "$T/d" --out "$T/d-imp"
check test "$(awk -F, 'NR > 1' "$T/d-imp/results.csv" | wc -l)" -eq "$(($(samples "$T/d") - 1))"
cp -r "$T/d" "$T/d2"
sed -i '5s/	[0-9a-f]*$/	00000000/' "$T/d2/journal.txt"
expect_failure 4 "$IOSWEEP" import "$T/d2" --out "$T/d2-imp"
check grep -q "$T/d2/journal.txt:5: damaged record" "$T/err"
check test ! -e "$T/d2-imp"
expect_failure 4 "$IOSWEEP" resume "$T/d2"
check grep -q "journal.txt:5: damaged record" "$T/err"

# 5. Refusals, each naming what differs and leaving the folder as it was.
for what in version host fs_type; do
	rm -rf "$T/e"
	cp -r "$T/d" "$T/e"
	set_meta "$T/e" "$what" "other-$what"
	cp "$T/e/journal.txt" "$T/e.j"
	expect_failure 2 "$IOSWEEP" resume "$T/e"
	case $what in
	version) check grep -q "^iosweep: version differs: the run was made by iosweep other-version" "$T/err" ;;
	host) check grep -q "^iosweep: machine differs: the run was made on 'other-host'" "$T/err" ;;
	fs_type) check grep -q "^iosweep: target differs: the run's test file was on other-fs_type" "$T/err" ;;
	esac
	check one_line_error
	check cmp "$T/e.j" "$T/e/journal.txt"
	check test ! -e "$T/e/results.csv"
done
expect_failure 2 "$IOSWEEP" resume "$T/d" --command "iosweep -a -f /elsewhere"
check grep -q "^iosweep resume: command differs: the run in '$T/d' was 'iosweep $SWEEP -f $T/f-d --out $T/d', --command gives 'iosweep -a -f /elsewhere'\$" "$T/err"
check one_line_error
mkdir "$T/empty"
expect_failure 4 "$IOSWEEP" resume "$T/empty"
check grep -q "has no journal.txt: not a sweep iosweep can resume" "$T/err"
check one_line_error
# the torn folder itself resumes to the full set of cells; the torn line
# was cut, so its journal reads whole afterwards
expect_success "$IOSWEEP" resume "$T/d" --command "iosweep $SWEEP -f $T/f-d --out $T/d"
check cmp "$T/a.cells" "$(cells "$T/d/results.csv" >"$T/d.cells"; echo "$T/d.cells")"
expect_success "$IOSWEEP" import "$T/d/journal.txt" --out "$T/d-all"
check cmp "$T/d/results.csv" "$T/d-all/results.csv"

# 5b. A resume stopped by SIGINT, then one killed, then one left alone:
# every cell-trial once, the same cells, three resumes recorded.  The
# first resume starts again at the third cell (256 writes), the second
# at the fourth (1024 kB / 32 kB, 32 writes a pass).
killed g 1611
check test "$(dones "$T/g")" -eq 4
signalled "write:300:INT@$T/f-g" "$IOSWEEP" resume "$T/g" >"$T/g1.out" 2>"$T/g1.err"
check test "$KRC" -eq 130
check grep -q '^status,"interrupted: interrupted in cell 1024 kB / 32 kB, test write (SIGINT)"$' "$T/g/meta.csv"
check test "$(dones "$T/g")" -eq 6
signalled "write:100:KILL@$T/f-g" "$IOSWEEP" resume "$T/g" >"$T/g2.out" 2>"$T/g2.err"
check test "$KRC" -eq 137
check test "$(dones "$T/g")" -eq 7
expect_success "$IOSWEEP" resume "$T/g"
check test "$(grep -c '^r	' "$T/g/journal.txt")" -eq 3
check cmp "$T/a.cells" "$(cells "$T/g/results.csv" >"$T/g.cells"; echo "$T/g.cells")"
check test ! -e "$T/f-g"

# 6. Throughput mode (-l 1 -u 4): killed after two child counts finished
# (by the third child, as it begins its first write: it runs from the
# third count on), resumed: every (test, processes, trial, child) once,
# as a run left alone; no child left running, no child file left behind.
TP="-l 1 -u 4 -s 8m -r 64k -i 0 -i 1 -i 2 --log-interval 10ms"
mkdir "$T/tp" && cd "$T/tp" || exit 1
expect_success "$IOSWEEP" $TP --out "$T/ta"
cp "$T/out" "$T/ta.out"
tp_cells() {
	awk -F, 'NR > 1 { print $3 "," $4 "," $5 "," $6 }' "$1" | sort
}
tp_cells "$T/ta/throughput.csv" >"$T/ta.cells"
check test "$(wc -l <"$T/ta.cells")" -gt 40
signalled "write:1:KILL:parent@DUMMY.2" "$IOSWEEP" $TP --out "$T/tb" >"$T/tb.out" 2>"$T/tb.err"
check test "$KRC" -eq 137
check test "$(grep -c '^c	' "$T/tb/journal.txt")" -eq 2
# the children see their parent gone and end (60 s at most)
children() { [ -n "$(pgrep -f "iosweep $TP --out $T/tb")" ]; }
i=0
while children && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
check test -z "$(pgrep -f "iosweep $TP --out $T/tb")"
expect_failure 4 "$IOSWEEP" import "$T/tb" --out "$T/tb-imp"
check grep -q "journal.txt: a throughput-mode (-t) journal: reading an unfinished -t run is not supported yet" "$T/err"
check one_line_error
cd "$T" || exit 1
expect_success "$IOSWEEP" resume "$T/tb"
tp_cells "$T/tb/throughput.csv" >"$T/tb.cells"
check cmp "$T/ta.cells" "$T/tb.cells"
check test "$(grep -c 'Children see throughput' "$T/out")" -eq "$(grep -c 'Children see throughput' "$T/ta.out")"
check test "$(grep -c '^resumed_samples,' "$T/tb/meta.csv")" -eq 1
# the children's timelines (--log-interval): every child's pass once, as
# in the run left alone (the bytes of a stonewalled child differ from run
# to run), each adding up to its sample, and a total for every test of
# every count
check tl_sums "$T/tb"
tl_sums "$T/ta"
check test "$(cut -d, -f 1-4 "$T/ta.res")" = "$(cut -d, -f 1-4 "$T/tb.res")"
tl_totals() {
	awk -F, 'NR > 1 && $7 == "total" { print $3 "," $6 }' "$1/timeline.csv" | sort -u
}
check test "$(tl_totals "$T/ta")" = "$(tl_totals "$T/tb")"
check test "$(tl_totals "$T/tb" | wc -l)" -eq 24	# 6 tests, 4 counts
check test -z "$(ls "$T/tp" | grep DUMMY)"

# 7. Queue depth (--iodepth) and --order sweep runs resume the same way.
if deep_engine; then
	SWEEP="-a -n 1m -g 2m -i 0 -i 2 --iodepth 4 --trials 2 --order sweep"
	expect_success "$IOSWEEP" $SWEEP -f "$T/f-q" --out "$T/q"
	cells "$T/q/results.csv" >"$T/q.cells"
	# (io_uring writes without write(2): counted by the fsyncs of its
	# passes)
	killed q2 100 fsync
	check test "$KRC" -eq 137
	check test "$(samples "$T/q2")" -eq 49
	expect_success "$IOSWEEP" resume "$T/q2"
	check cmp "$T/q.cells" "$(cells "$T/q2/results.csv" >"$T/q2.cells"; echo "$T/q2.cells")"
	check grep -q '^workload,' "$T/q2/meta.csv"
else
	echo "note: no engine with --iodepth above 1 in this build: the queue-depth resume is not run"
fi

finish
