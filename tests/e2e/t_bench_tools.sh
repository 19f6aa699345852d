#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_bench_tools.sh: the benchmark's own tools, for structure only (never
# a speed): scripts/bench-targets lists every named goal of the targets
# table, measured or not, and a measured row once with its verdict;
# scripts/bench_verdict.py decides a ratio against its control band;
# scripts/bench_settle.py says how it let the device settle;
# floor -q (tests/bench/floor_qd.c) prints one "qd" line of counted I/Os
# and refuses a bad engine with one line and exit 2.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is needed by the bench scripts"

NAMES="cached-psync-4k-qd1 cached-uring-4k-qd1 cached-uring-4k-qd8 cached-uring-4k-qd32
cached-uring-4k-write-qd8 cached-uring-128k-seq-qd8 cached-uring-8k-mix70-4x4
tmpfs-sweep-wall tmpfs-sweep-cpu time-to-answer"

# nothing measured: every named goal has one "not measured" row
mkdir -p "$T/b"
expect_success sh "$TOP/scripts/bench-targets" "$T/b"
for n in $NAMES; do
	check [ "$(grep -c "^$n,.*,not measured," "$T/b/targets.csv")" -eq 1 ]
done

# one measured row: listed once, with its verdict; the others stay listed
printf 'goal,target,measured,range,verdict,how\ncached-uring-4k-qd8,t,m,r,met,h\n' \
	>"$T/b/goals-qdc.csv"
expect_success sh "$TOP/scripts/bench-targets" "$T/b"
check [ "$(grep -c '^cached-uring-4k-qd8,' "$T/b/targets.csv")" -eq 1 ]
check grep -q '^cached-uring-4k-qd8,t,m,r,met,h$' "$T/b/targets.csv"
check grep -q '^cached-uring-4k-qd32,.*,not measured,' "$T/b/targets.csv"

# the verdict rule: decided only outside [r x lo, r x hi]
expect_success python3 -c "
import sys; sys.path.insert(0, '$TOP/scripts')
from bench_verdict import part, verdict
assert part(1.20, 1.10, 0.95, 1.05) == 'met'
assert part(1.12, 1.10, 0.95, 1.05) == 'undecided'
assert part(1.00, 1.10, 0.95, 1.05) == 'short'
assert part(0.90, 0.97, 0.95, 1.05, above=False) == 'met'
assert part(1.10, 0.97, 0.95, 1.05, above=False) == 'short'
assert verdict(['met', 'undecided']).startswith('undecided')
assert verdict(['met', 'short', 'undecided']) == 'not met'
assert verdict(['met', 'met']) == 'met'
"

# the disk goal: met at or above the control band's low end; settling
# names how it waited (a fixed pause where no block device is watched)
expect_success python3 -c "
import sys; sys.path.insert(0, '$TOP/scripts')
from bench_verdict import in_band
from bench_settle import settle
assert in_band(0.90, 0.90) == 'met' and in_band(0.89, 0.90) == 'short'
r = settle('$T', max_s=0.2, quiet_s=0.1, pause_s=0, drop=False)
assert r['text'].startswith('settled ') and ', no drop (not asked), ' in r['text']
assert (r['quiet'] is None) == ('fixed pause 0 s' in r['text'])
assert r['quiet'] is not True or r['text'].endswith(' quiet 0.1 s')
"
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	expect_success python3 -c "
import sys; sys.path.insert(0, '$TOP/scripts')
from bench_settle import settle
r = settle('/dev/shm', pause_s=0, drop=False)
assert r['quiet'] is None and r['text'].endswith(': fixed pause 0 s'), r
"
fi

# floor -q: one line "qd, IOPS, seconds, I/Os" with I/Os counted
command -v cc >/dev/null 2>&1 || skip "no C compiler for the floor program"
expect_success sh "$TOP/scripts/bench-floor" "$T/fl"
head -c 1048576 /dev/urandom >"$T/f"
engines=psync
nm "$T/fl/floor" 2>/dev/null | grep -q io_uring_queue_init && engines="psync uring"
for e in $engines; do
	expect_success "$T/fl/floor" -q "$e" -s 1024 -r 4 -f "$T/f" -T 100 -R 20 -m 70
	check awk -F'\t' 'NR == 1 && NF == 4 && $1 == "qd" && $2 > 0 && $4 > 0 { ok = 1 }
		END { exit !(ok && NR == 1) }' "$T/out"
done
expect_failure 2 "$T/fl/floor" -q libaio -s 1024 -r 4 -f "$T/f"
check grep -q "^floor: engines are psync and uring, not 'libaio'" "$T/err"
finish
