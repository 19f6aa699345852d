#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cold.sh: --cold and cached_pct (issue 15, item 2) on a disk file system.
#  - without --cold, a 16 MB file just written is read back: write samples
#    say cached_pct 0 (the file is new), read and reread a percentage, and
#    the report's page-cache note agrees with those figures (how much the
#    cache kept is the machine's: make check-timing);
#  - with --cold, every read pass starts with the file dropped: read and
#    reread say cached_pct <= 10, no note, meta.csv's flags say cold;
#    write passes are not touched (strace: one POSIX_FADV_DONTNEED per
#    read pass, none for the writes);
#  - the same in throughput mode (-t 2, each child's file);
#  - summary.csv's cached_pct is the mean of the trials'.
# On tmpfs the page cache is the storage and nothing can be dropped, so a
# disk file system is needed (IOSWEEP_DISK_DIR, /var/tmp or build/); the
# test skips with the reason when there is none.
. "$(dirname "$0")/lib.sh"

disk_dir cold
[ -n "$D" ] || skip "no disk file system to drop pages from (only tmpfs)"


# ---- a sweep without --cold: the reads come from memory, and it says so
expect_success "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 --trials 2 --quiet -f "$D/t" --out "$T/warm"
cp "$T/out" "$T/warm.txt"
echo "warm: read cached_pct $(col "$T/warm/results.csv" read cached_pct | tr '\n' ' ')"
check all_between 0 100 $(col "$T/warm/results.csv" read cached_pct)
check all_between 0 100 $(col "$T/warm/results.csv" reread cached_pct)
check all_between 0 0 $(col "$T/warm/results.csv" write cached_pct)
cache_note_agrees "$T/warm.txt" "$T/warm"
# the note follows IOzone's trailer, and the report still imports
if grep -q '^Page cache:' "$T/warm.txt"; then
	check test "$(grep -n 'iozone test complete' "$T/warm.txt" | cut -d: -f1)" -lt \
		"$(grep -n '^Page cache:' "$T/warm.txt" | cut -d: -f1)"
fi
expect_success "$IOSWEEP" import "$T/warm.txt" --out "$T/warm-imp"
# the summary: the trials' mean
check test "$(col "$T/warm/summary.csv" read cached_pct)" = \
	"$(col "$T/warm/results.csv" read cached_pct | awk '{ s += $1 } END { printf "%.1f", s / NR }')"

# ---- the same sweep with --cold: every read pass starts from the device
expect_success "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 --trials 2 --cold --quiet -f "$D/t" --out "$T/cold"
cp "$T/out" "$T/cold.txt"
echo "cold: read cached_pct $(col "$T/cold/results.csv" read cached_pct | tr '\n' ' ')" \
	"reread $(col "$T/cold/results.csv" reread cached_pct | tr '\n' ' ')"
check all_between 0 10 $(col "$T/cold/results.csv" read cached_pct)
check all_between 0 10 $(col "$T/cold/results.csv" reread cached_pct)
check all_between 0 100 $(col "$T/cold/results.csv" rewrite cached_pct)
check test "$(grep -c '^Page cache:' "$T/cold.txt")" -eq 0
check grep -q '^flags,cold$' "$T/cold/meta.csv"
check test "$(grep -c "^flags,.*cold" "$T/warm/meta.csv")" -eq 0
# what --cold drops: the file once before each read pass (2 tests x 2
# trials), never before a write
if command -v strace >/dev/null 2>&1; then
	rm -rf "$T/cold"
	env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -qq \
		-e trace=fadvise64 -o "$T/drops" "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 --trials 2 \
		--cold --quiet -f "$D/t" --out "$T/cold" >"$T/out" 2>"$T/err"
	check test $? -eq 0
	check test "$(grep -c 'POSIX_FADV_DONTNEED) = 0' "$T/drops")" -eq 4
else
	echo "note: strace not installed: what --cold drops is not counted"
fi

# ---- throughput mode: each child's file (-x: no stonewalling, so no child
# is stopped before its first record and every child reads)
expect_success "$IOSWEEP" -t 2 -s 8m -r 256k -i 0 -i 1 -x --quiet -F "$D/a" "$D/b" --out "$T/tw"
check all_between 0 100 $(col "$T/tw/results.csv" read cached_pct)
cache_note_agrees "$T/out" "$T/tw"
expect_success "$IOSWEEP" -t 2 -T -s 8m -r 256k -i 0 -i 1 --cold --quiet -F "$D/a" "$D/b" --out "$T/tc"
check all_between 0 10 $(col "$T/tc/results.csv" read cached_pct)
check all_between 0 10 $(col "$T/tc/results.csv" reread cached_pct)
check test "$(grep -c '^Page cache:' "$T/out")" -eq 0
finish
