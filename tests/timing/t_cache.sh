#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cache.sh: what the page cache keeps, on a quiet machine with memory
# to spare (control.sh, and MemAvailable of 1 GB or more), each beside
# the verdict make check holds to its figures (t_cold, t_remount,
# t_cliffs_cpu):
#  - a 16 MB file just written on a disk file system is read back from
#    the page cache: read and reread say cached_pct >= 90, and the report
#    counts all 4 read figures as coming from memory;
#  - with --cold, the rewrite (which --cold leaves alone) still finds the
#    file cached (>= 90) while the reads start from the device (<= 10);
#  - a small sweep (-a -g 64m -i 0 -i 1) keeps its files in memory
#    (every read figure >= 99), so every read cliff it shows is the CPU's
#    cache, never the storage's.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/timing/control.sh"

disk_dir cache
[ -n "$D" ] || skip "no disk file system (only tmpfs)"
avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null)
[ "${avail:-0}" -ge 1048576 ] || skip "less than 1 GB of memory available (${avail:-?} kB)"
timing_control

expect_success "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 --trials 2 --quiet -f "$D/t" --out "$T/warm"
echo "warm: read cached_pct $(col "$T/warm/results.csv" read cached_pct | tr '\n' ' ')"
check all_between 90 100 $(col "$T/warm/results.csv" read cached_pct)
check all_between 90 100 $(col "$T/warm/results.csv" reread cached_pct)
check grep -q '^Page cache: 4 of 4 read figures came mostly from memory' "$T/out"

expect_success "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 --trials 2 --cold --quiet -f "$D/t" --out "$T/cold"
echo "--cold: rewrite cached_pct $(col "$T/cold/results.csv" rewrite cached_pct | tr '\n' ' ')"
check all_between 90 100 $(col "$T/cold/results.csv" rewrite cached_pct)
check all_between 0 10 $(col "$T/cold/results.csv" read cached_pct)

expect_success "$IOSWEEP" -a -g 64m -i 0 -i 1 --trials 2 -f "$D/sweep" --out "$T/res"
low=$(awk -F, 'NR > 1 && ($3 == "read" || $3 == "reread") && $15 < 99' "$T/res/results.csv" | wc -l)
echo "in-memory sweep: $low read figures under cached_pct 99"
check test "$low" -eq 0
check test "$(awk -F, 'NR > 1 && ($2 == "\"read\"" || $2 == "\"reread\"") && $12 != "cpu-cache"' \
	"$T/res/cliffs.csv" | wc -l)" -eq 0
finish
