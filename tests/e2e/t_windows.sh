#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_windows.sh: the Windows build (iosweep.exe, native Win32) run under
# wine by `make check-windows`: a sweep with trials and chart scripts, the
# same CSV schema as the Linux build's, throughput mode (threads), import,
# compare and cliffs of the IOzone fixtures, the bad-input table of
# t_badinput.sh, the no-clobber and existing-file refusals, the refusals
# of options with no Windows meaning, -I (FILE_FLAG_NO_BUFFERING), a
# non-ASCII path, and queue-depth runs (overlapped I/O, Win32 worker
# threads, mixes, time-based passes, a profile), mmap files.  Skipped unless
# IOSWEEP_WIN names the .exe.
# What wine cannot show (misaligned unbuffered I/O failing, symbolic links,
# Ctrl-C) is covered by tests/unit/test_platform.c and the README.
IOSWEEP=${IOSWEEP_WIN:-${IOSWEEP:-}}
. "$(dirname "$0")/lib.sh"
[ -n "${IOSWEEP_WIN:-}" ] || skip "IOSWEEP_WIN not set (make check-windows runs this under wine)"
command -v wine >/dev/null 2>&1 || skip "wine not installed"
export WINEDEBUG=-all
export LC_ALL=C.UTF-8   # wine hands the command line to the program as UTF-16 from UTF-8
WIN="$IOSWEEP_WIN"
win() { wine "$WIN" "$@"; }
FX="$TOP/../shared/fixtures/iozone"
R="$TOP/../shared/fixtures/real-iozone"
CR=$(printf '\r')

# 1. A sweep with trials and --plot: report, CSVs of Linux's schema, scripts.
expect_success win -a -n 64k -g 4m --trials 2 --plot -f t.tmp --out o1
cp "$T/out" report1.txt
check test -s o1/results.csv
check test -s o1/summary.csv
check test -s o1/meta.csv
check test -s o1/cliffs.csv
check test "$(ls o1/plots/*.gp | wc -l)" -gt 3
check test ! -e t.tmp
check grep -q '^os,Windows ' o1/meta.csv
check grep -q '^fs_type,' o1/meta.csv
check grep -q 'Build: windows-' report1.txt
for f in o1/results.csv o1/summary.csv o1/meta.csv report1.txt; do
	if grep -q "$CR" "$f"; then fail "carriage return in $f"; else pass; fi
done
# every row of results.csv: positive bytes and seconds, rate = bytes / seconds
check awk -F, 'NR > 1 && ($7 <= 0 || $8 <= 0 || ($9 - $7 / 1024 / $8) ^ 2 > ($9 / 1000) ^ 2) { bad = 1 } END { exit bad }' o1/results.csv
# the same schema as the Linux build's
if [ -n "${IOSWEEP_PLAIN:-}" ] && [ -x "$IOSWEEP_PLAIN" ]; then
	expect_success "$IOSWEEP_PLAIN" -a -n 64k -g 128k --trials 2 -f l.tmp --out lin
	for f in results.csv summary.csv cliffs.csv; do
		check test "$(head -n 1 "o1/$f")" = "$(head -n 1 "lin/$f")"
	done
	check test "$(cut -d, -f1 o1/meta.csv)" = "$(cut -d, -f1 lin/meta.csv)"
fi

# 2. Throughput mode: children are threads, and the report says so.
expect_success win -t 2 -s 1m -r 64k -i 0 -i 1 -F f1 f2 --out o2
check grep -q 'threads' "$T/out"
check test -s o2/results.csv
check test ! -e f1

# 3. Import, compare and cliffs of IOzone's own output.
expect_success win import "$FX/01_a_n64k_g8m_i0_i1.txt" --out imp1
check test -s imp1/results.csv
expect_success win import "$R/rovanion-ext4_1.iozone" --label ext4 --out ext4
expect_success win compare ext4 "$R/rovanion-xfs1.iozone" --csv cmp.csv
check test -s cmp.csv
expect_success win cliffs "$R/rovanion-ext4_1.iozone" --out cl
check test -s cl/cliffs.csv
expect_failure 4 win import "$TOP/README.md" --out bad

# 4. The bad-input table of t_badinput.sh: exit 2, the message, nothing written.
mkdir w && cd w || exit 1
sed -n '/^done <<.CASES.$/,/^CASES$/p' "$TOP/tests/e2e/t_badinput.sh" | sed '1d;$d' >../cases
set -f
while IFS='|' read -r fixture want args; do
	[ -n "$fixture" ] || continue
	args=$(printf '%s\n' "$args" | sed "s|/tmp/ioz/||g")
	# shellcheck disable=SC2086
	expect_failure 2 win $args
	check grep -q -F -e "$want" "$T/err"
	check test -z "$(ls -A)"
done <../cases
set +f
cd .. || exit 1

# 5. No clobbering: an existing test file, an existing --out.
printf 'mine\n' >mine
expect_failure 3 win -s 64k -r 4k -i 0 -f mine --out o5
check grep -q 'exists already' "$T/err"
check test "$(cat mine)" = mine
check test ! -e o5
expect_failure 2 win -s 64k -r 4k -i 0 -f t5.tmp --out o1
check grep -q 'holds results already' "$T/err"

# 6. Options with no Windows meaning (-+r, -i 11, --cold) are refused, naming the option and Windows.
expect_failure 2 win -s 64k -r 4k -i 0 -+r -f t6.tmp
check grep -q -e '-+r.*[Ww]indows' "$T/err"
expect_failure 2 win -s 64k -r 4k -i 0 -i 11 -f t6.tmp
check grep -q 'windows' "$T/err"
expect_failure 3 win -s 64k -r 4k -i 0 -i 1 --cold -f t6.tmp --out o6   # refused before any I/O, as on a POSIX system without posix_fadvise
check grep -q -e '--cold.*Windows' "$T/err"
check test ! -e t6.tmp
check test ! -e o6

# 7. -I (FILE_FLAG_NO_BUFFERING) and -o (FILE_FLAG_WRITE_THROUGH) run.
expect_success win -s 1m -r 64k -i 0 -i 1 -I -f t7.tmp --out o7
check grep -q 'FILE_FLAG_NO_BUFFERING' "$T/out"
expect_success win -s 256k -r 64k -i 0 -o -f t7.tmp --out o7o
# IOzone's -+U (its unbuffered Windows API) is -I and -o together: its
# line, the files opened without buffering and written through (meta's
# flags), a run that reads back what it wrote
expect_success win -+U -s 1m -r 64k -i 0 -i 1 -f t7.tmp --out o7u
check grep -q 'Unbuffered Windows API usage. >>> Very Experimental <<<' "$T/out"
check grep -q '^flags,.*direct' o7u/meta.csv
check grep -q '^flags,.*osync' o7u/meta.csv

# 8. A path with non-ASCII characters, created, named in the CSV, removed.
expect_success win -s 64k -r 4k -i 0 -i 1 -f 'résumé-日.tmp' --out 'sortie-é'
check test -s 'sortie-é/results.csv'
check grep -q 'résumé-日.tmp' 'sortie-é/meta.csv'
check test ! -e 'résumé-日.tmp'

# 9. Queue depth, natively: the workers are Win32 threads, depth > 1 is
#    overlapped ReadFile/WriteFile reaped from an I/O completion port
#    (engine winaio).  Each row: the whole file moved once (bytes =
#    ops x record), IOPS = ops / seconds and kB/s = bytes / 1024 / seconds,
#    reads only read and writes only write; the engine had the depth in
#    flight at once (meta.csv inflight_max, counted after each submission);
#    and by Little's law (IOPS x mean latency = the mean number
#    outstanding) more than half the depth was outstanding on average.
#    This shows iosweep keeping the queue full, not the disk's
#    concurrency.  The engine counts how the system answered each call
#    (meta.csv async_pct, the share left pending, 0..100; the report says
#    the share done inside the call): wine 8 answers every overlapped
#    ReadFile/WriteFile on a file with ERROR_IO_PENDING, so exactly 100
#    here, where a count that mixed up the two answers would show 0 or
#    less; import reads the key and refuses one that is not a percentage.
qd_rows() {   # qd_rows FILE BYTES OPS DEPTH: "bad: ..." lines for rows that do not add up
	awk -F, -v want_b="$2" -v want_o="$3" -v depth="$4" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		n++; t = $(c["test"]); b = $(c["bytes"]); o = $(c["ops"]); s = $(c["seconds"])
		io = $(c["iops"]); kb = $(c["kb_per_s"]); rd = $(c["rd_iops"]); wr = $(c["wr_iops"])
		if (want_b != "" && b != want_b) print "bad: " t " moved " b
		if (want_o != "" && o != want_o) print "bad: " t " ops " o
		if (!(s > 0) || !(o > 0) || b != o * 4096) print "bad: " t " bytes " b " ops " o " s " s
		if ((io - o / s) ^ 2 > (io / 10000) ^ 2) print "bad: " t " iops " io " vs " o / s
		if ((kb - b / 1024 / s) ^ 2 > (kb / 1000) ^ 2) print "bad: " t " kB/s " kb
		if ((rd + wr - io) ^ 2 > (io / 10000) ^ 2) print "bad: " t " rd+wr " rd + wr
		if (t ~ /write/ && rd != "0.000") print "bad: " t " reads"
		if (t ~ /read/ && wr != "0.000") print "bad: " t " writes"
		if (io * $(c["lat_mean_us"]) / 1e6 < depth / 2) print "bad: " t " outstanding " io * $(c["lat_mean_us"]) / 1e6
	}
	END { if (!n) print "bad: no rows" }' "$1"
}
expect_success win -s 4m -r 4k --iodepth 8 -i 0 -i 2 -f t9.tmp --out o9
check grep -q '^workload: engine=winaio iodepth=8 jobs=1$' "$T/out"
check grep -q '^write  *4096  *4 ' "$T/out"
check grep -q '^workload,engine=winaio iodepth=8 jobs=1$' o9/meta.csv
check grep -q '^inflight_max,8$' o9/meta.csv
check test ! -e t9.tmp
# async_pct: a percentage; under wine (every call ERROR_IO_PENDING) exactly 100
async_pct() { awk -F, '$1 == "async_pct" { print $2 }' "$1/meta.csv"; }
in_pct() { awk -v v="$1" 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9])?$/ && v + 0 >= 0 && v + 0 <= 100) }'; }
check in_pct "$(async_pct o9)"
check test "$(async_pct o9)" = 100
check grep -q '^transfers the system completed inside the call: 0%$' "$T/out"
expect_success win import o9 --out imp9
mkdir bad9a && cp o9/*.csv bad9a/ && sed -i 's/^async_pct,.*/async_pct,150/' bad9a/meta.csv
expect_failure 4 win import bad9a --out imp9b
check grep -q "async_pct '150'" "$T/err"
check test ! -e imp9b
qd_rows o9/results.csv 4194304 1024 8 >bad9
check test ! -s bad9
sed 's/^/  /' bad9 | head -n 5
check test "$(awk -F, 'NR > 1' o9/results.csv | wc -l)" -eq 4
# IOzone's -H 4 and -I (FILE_FLAG_NO_BUFFERING: sector-aligned buffers and offsets)
expect_success win -s 1m -r 4k -H 4 -I -i 0 -i 1 -f t9.tmp --out o9i
check grep -q 'FILE_FLAG_NO_BUFFERING' "$T/out"
check grep -q '^inflight_max,4$' o9i/meta.csv
check test "$(async_pct o9i)" = 100
qd_rows o9i/results.csv 1048576 256 4 >bad9
check test ! -s bad9
# two jobs (Win32 threads), each at depth 4, a 70/30 random mix: every
# record once, 70% +- 6% of the 1024 operations reads
expect_success win -s 4m -r 4k --iodepth 4 --jobs 2 --mix 70 -i 0 -i 2 -f t9.tmp --out o9m
check grep -q '^workload,engine=winaio iodepth=4 jobs=2 mix=70$' o9m/meta.csv
check grep -q '^inflight_max,4$' o9m/meta.csv
check test "$(async_pct o9m)" = 100
qd_rows o9m/results.csv 4194304 1024 4 >bad9
check test ! -s bad9
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["test"]) == "random mix" { n++; sh = $(c["rd_iops"]) / $(c["iops"]); if (sh < 0.64 || sh > 0.76) bad++ }
END { exit !(n == 1 && !bad) }' o9m/results.csv
check test $? -eq 0
# time-based: 2 s counted after a 500 ms ramp, exactly; the file wraps
expect_success win -s 2m -r 4k --iodepth 8 --runtime 2s --ramp 500ms -i 0 -i 1 -f t9.tmp --out o9t
check grep -q '^workload,engine=winaio iodepth=8 jobs=1 runtime=2s ramp=500ms$' o9t/meta.csv
qd_rows o9t/results.csv "" "" 8 >bad9
check test ! -s bad9
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{ n++; if ($(c["seconds"]) != "2.000000000") bad++ } END { exit !(n == 4 && !bad) }' o9t/results.csv
check test $? -eq 0
# --precondition and depth 1 with jobs (the sync engine, two threads)
expect_success win -s 1m -r 4k --jobs 2 --precondition -i 0 -i 2 -f t9.tmp --out o9p
check grep -q '^workload,engine=sync iodepth=1 jobs=2 precondition$' o9p/meta.csv
check grep -q '^inflight_max,1$' o9p/meta.csv
check test -z "$(async_pct o9p)"   # the sync engine cannot tell: no figure
check test -z "$(grep '^transfers the system' "$T/out")"
# a profile: two workloads, their folders, reports and profile.csv
printf '%s\n' 'r8 | -r 4k -i 0 -i 2 -+n --iodepth 8' 'mix | -r 4k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth 4' >w.profile
expect_success win profile w.profile --size 1m --file t9.tmp --out o9prof
check grep -q '^IOPS and latency by workload' "$T/out"
check test -s o9prof/01-r8/results.csv
check test -s o9prof/02-mix/results.csv
check grep -q 'random mix' o9prof/profile.csv
# refused as on Linux: a depth beyond the option's range (the engine keeps 1024)
expect_failure 2 win -s 1m -r 4k --iodepth 2000 -i 0 -f t9.tmp --out o9x
check grep -q -e "--iodepth '2000'" "$T/err"
check test ! -e o9x

# mmap files (CreateFileMapping, MapViewOfFile, FlushViewOfFile): every
# mmap test checked with -V, msync both ways, the file kept and its bytes
# what -V wrote; throughput mode's threads map too.
expect_success win -D -G -Z -V 165 -w -s 256k -r 16k -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 \
	-f tm.tmp --out omm
check grep -q '^	Using msync(MS_SYNC) on mmap files' "$T/out"
check grep -q '^iozone test complete' "$T/out"
check test "$(od -An -v -tx1 tm.tmp | tr -s ' ' '\n' | grep -v '^$' | sort -u)" = a5
rm -f tm.tmp
expect_success win -t 2 -T -B -+d -s 256k -r 16k -i 0 -i 1 -i 2 -F tm0.tmp tm1.tmp
check test "$(grep -c 'Children see throughput' "$T/out")" -eq 6

finish
