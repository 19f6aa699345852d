#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_qd.sh: --iodepth (IOzone's -H), --jobs, --mix, --runtime, --ramp and
# --precondition on real files (issue 16).
#  - a 70/30 random mix at depth 4 with 2 jobs: one "random mix" row per
#    trial whose reads are 70% +- 3% of its operations (4096 of them: the
#    generator's spread is 0.7%), rd_iops + wr_iops = iops = ops/seconds,
#    bytes = ops x record; the read and write latency columns are filled,
#    the combined maximum is the larger of the two and the combined mean
#    lies between them; the report has the IOPS and latency section with
#    the workload line; importing the folder keeps the split (depth 1
#    where the build has no engine for 4);
#  - depth 8 sequential and random passes move exactly the file, reads
#    only read (wr_iops 0) and writes only write; -H 8 prints IOzone's
#    header line; meta.csv names the engine and depth, and inflight_max
#    says the engine had 8 in flight at once.  Where this build
#    cannot keep 8 in flight (no liburing) the run is refused with exit 2
#    and nothing is written;
#  - --runtime 1s --ramp 200ms: the timed region is exactly 1 s;
#  - --precondition runs to the end;
#  - refusals: depth out of range, a test other than 0, 1, 2, --ramp
#    without --runtime.
. "$(dirname "$0")/lib.sh"

# Direct I/O where a disk file system takes it (the reviews' setting).
DIRECT=
disk_dir qd
if [ -n "$D" ] && dd if=/dev/zero of="$D/probe" bs=4096 count=1 oflag=direct 2>/dev/null; then
	DIRECT=-I
	rm -f "$D/probe"
fi
[ -n "$D" ] || D=$T

# ---- the 70/30 mix ----
# (at depth 1 where this build cannot keep 4 in flight: checked below)
QD=4
run "$IOSWEEP" -s 16m -r 4k -i 0 -i 2 $DIRECT --iodepth 4 --jobs 2 --mix 70 \
	--trials 2 --quiet -f "$D/t" --out "$T/mix"
if [ "$RC" -eq 2 ] && grep -q -- '--iodepth 4:' "$T/err"; then
	QD=1
	echo "note: no engine keeps 4 in flight: the mix is checked at depth 1 (built without liburing)"
	expect_success "$IOSWEEP" -s 16m -r 4k -i 0 -i 2 $DIRECT --jobs 2 --mix 70 \
		--trials 2 --quiet -f "$D/t" --out "$T/mix"
else
	check test "$RC" -eq 0
fi
check grep -q '^IOPS and latency' "$T/out"
check grep -q "^workload: engine=[a-z_]* iodepth=$QD jobs=2 mix=70" "$T/out"
check grep -q "^most I/Os in flight at once per job: $QD\$" "$T/out"
check grep -q "^inflight_max,$QD\$" "$T/mix/meta.csv"
# io_uring counts its system calls: each I/O submitted by itself (one
# submit per I/O reaped), a wait now and then
if grep -q '^workload,engine=io_uring' "$T/mix/meta.csv"; then
	check grep -q '^engine_calls,"1\.00 submit, [0-9]*\.[0-9][0-9] wait per I/O (io_uring)"$' \
		"$T/mix/meta.csv"
	check grep -q '^system calls: 1\.00 submit, [0-9.]* wait per I/O (io_uring)$' "$T/out"
else
	check test "$(grep -c '^engine_calls,' "$T/mix/meta.csv")" -eq 0
fi
check grep -q '^random mix  *16384  *4 ' "$T/out"
# the reads of the mix: the ones its fixed seeds choose (lib.sh), 2
# workers of 2,048 operations
want=$(mix_reads 2 2048 70)
awk -F, -v want="$want" '
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["test"]) != "random mix" { next }
{
	n++
	ops = $(c["ops"]); s = $(c["seconds"]); io = $(c["iops"])
	rd = $(c["rd_iops"]); wr = $(c["wr_iops"])
	reads = sprintf("%.0f", rd * s)
	if (reads != want) print "bad: " reads " reads, not " want
	if (rd + wr < io * 0.9999 || rd + wr > io * 1.0001) print "bad: rd+wr " rd + wr " vs " io
	if (io < ops / s * 0.9999 || io > ops / s * 1.0001) print "bad: iops " io " vs " ops / s
	if ($(c["bytes"]) != ops * 4096) print "bad: bytes " $(c["bytes"]) " for " ops " ops"
	if (ops != 4096) print "bad: ops " ops
	rm = $(c["rd_lat_mean_us"]); wm = $(c["wr_lat_mean_us"]); am = $(c["lat_mean_us"])
	rx = $(c["rd_lat_max_us"]); wx = $(c["wr_lat_max_us"]); ax = $(c["lat_max_us"])
	if (rm == "" || wm == "") print "bad: no read or write latency"
	if (ax != (rx > wx ? rx : wx)) print "bad: max " ax " of " rx ", " wx
	lo = rm < wm ? rm : wm; hi = rm < wm ? wm : rm
	if (am < lo - 0.002 || am > hi + 0.002) print "bad: mean " am " outside " lo ".." hi
}
END { if (n != 2) print "bad: " n " random mix rows" }' "$T/mix/results.csv" >"$T/bad"
check test ! -s "$T/bad"
sed 's/^/  /' "$T/bad" | head -n 5
# summary.csv: the mean read share of the cell, and the split latency
# (every trial makes the same reads of the same operations: the share of
# the means is reads / ops whatever the trials' times)
awk -F, -v want="$want" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["test"]) == "random mix" { d = $(c["rd_iops"]) / $(c["iops"]) - want / 4096
	ok = d < 0.0005 && d > -0.0005 &&
	$(c["rd_lat_p99_us"]) != "" && $(c["wr_lat_p99_us"]) != "" }
END { exit !ok }' "$T/mix/summary.csv"
check test $? -eq 0
# importing the folder keeps the reads and writes of the mix
expect_success "$IOSWEEP" import "$T/mix" --out "$T/mix-imp"
a=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["test"]) == "random mix" { printf "%.0f ", $(c["rd_iops"]) }' "$T/mix/results.csv")
b=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["test"]) == "random mix" { printf "%.0f ", $(c["rd_iops"]) }' "$T/mix-imp/results.csv")
# ...with the run's workload and depth figures; only an engine that can
# tell (Windows' winaio) says what share the system left pending
check grep -q "^inflight_max,$QD\$" "$T/mix-imp/meta.csv"
check test "$(grep '^engine_calls,' "$T/mix/meta.csv")" = "$(grep '^engine_calls,' "$T/mix-imp/meta.csv")"
check grep -q "^workload,engine=" "$T/mix-imp/meta.csv"
# the engine, depth and jobs are fields of their own, kept by import
eng=$(sed -n 's/^workload,engine=\([a-z_]*\) .*/\1/p' "$T/mix/meta.csv")
check test -n "$eng"
for f in "$T/mix/meta.csv" "$T/mix-imp/meta.csv"; do
	check grep -q "^engine,$eng\$" "$f"
	check grep -q "^iodepth,$QD\$" "$f"
	check grep -q '^jobs,2$' "$f"
done
# a folder written before those fields (only the workload line) is read
# as it was: its depth and jobs come from the line
mkdir -p "$T/mix-old"
cp "$T/mix/"*.csv "$T/mix-old/"
grep -v '^\(engine\|iodepth\|jobs\),' "$T/mix/meta.csv" > "$T/mix-old/meta.csv"
check test "$(grep -c '^\(engine\|iodepth\|jobs\),' "$T/mix-old/meta.csv")" -eq 0
expect_success "$IOSWEEP" import "$T/mix-old" --out "$T/mix-old-imp"
check grep -q "^engine,$eng\$" "$T/mix-old-imp/meta.csv"
check grep -q "^iodepth,$QD\$" "$T/mix-old-imp/meta.csv"
check grep -q '^jobs,2$' "$T/mix-old-imp/meta.csv"
check test "$(grep -c '^async_pct,' "$T/mix/meta.csv")" -eq 0
check test -n "$a"
check test "$a" = "$b"

# ---- depth 8, or its refusal ----
run "$IOSWEEP" -s 8m -r 4k -i 0 -i 1 -i 2 $DIRECT -H 8 --quiet -f "$D/t" --out "$T/d8"
if [ "$RC" -eq 2 ]; then
	check grep -q -- '--iodepth 8:' "$T/err"
	check test ! -e "$T/d8"
	check test ! -e "$D/t"
	echo "note: this build cannot keep 8 in flight: $(head -n 1 "$T/err")"
else
	check test "$RC" -eq 0
	check grep -q 'POSIX async I/O (with bcopy). Depth 8' "$T/out"
	check grep -q '^workload,engine=[a-z_]* iodepth=8 jobs=1' "$T/d8/meta.csv"
	check grep -q '^inflight_max,8$' "$T/d8/meta.csv"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		t = $(c["test"]); w = t ~ /write/
		if ($(c["bytes"]) != 8388608) print "bad: " t " moved " $(c["bytes"])
		if (w && $(c["rd_iops"]) != "0.000") print "bad: " t " reads"
		if (!w && $(c["wr_iops"]) != "0.000") print "bad: " t " writes"
		n++
	}
	END { if (n != 6) print "bad: " n " rows" }' "$T/d8/results.csv" >"$T/bad"
	check test ! -s "$T/bad"
	sed 's/^/  /' "$T/bad" | head -n 5
fi

# ---- time-based passes ----
expect_success "$IOSWEEP" -s 4m -r 4k -i 0 -i 1 --jobs 2 --runtime 1s --ramp 200ms \
	--quiet -f "$D/t" --out "$T/rt"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{ if ($(c["seconds"]) != "1.000000000" || !($(c["ops"]) > 0)) bad++; n++ }
END { exit !(n == 4 && bad == 0) }' "$T/rt/results.csv"
check test $? -eq 0
check grep -q '^workload,engine=sync iodepth=1 jobs=2 runtime=1s ramp=200ms' "$T/rt/meta.csv"

# ---- preconditioning ----
expect_success "$IOSWEEP" -s 4m -r 4k -i 0 -i 2 --precondition --quiet -f "$D/t" \
	--out "$T/pre"
check grep -q 'precondition' "$T/pre/meta.csv"

# ---- refusals: exit 2, nothing written ----
expect_failure 2 "$IOSWEEP" -s 4m -i 0 --iodepth 5000 -f "$D/t" --out "$T/no1"
check grep -q -- "--iodepth '5000'" "$T/err"
expect_failure 2 "$IOSWEEP" -s 4m -i 0 -i 5 --iodepth 2 -f "$D/t" --out "$T/no2"
check grep -q -- "-i 5 and --iodepth" "$T/err"
expect_failure 2 "$IOSWEEP" -s 4m -i 0 --ramp 1s -f "$D/t" --out "$T/no3"
check grep -q -- "--ramp" "$T/err"
check test ! -e "$T/no1" -a ! -e "$T/no2" -a ! -e "$T/no3" -a ! -e "$D/t"

finish
