#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_time.sh: `iosweep nas --budget 2m` on a local disk ends within
# 10% of its estimate, and the estimate within the budget.  The wall time
# is taken around the command; timing.csv's phases say where it went
# (printed).  The deterministic half (the plan's phases add up to the
# estimate, timing.csv's rows to its totals, a trimmed plan says what it
# left out) is tests/e2e/t_nas_plan.sh.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/timing/control.sh"

timing_control
disk_dir nas
[ -n "$D" ] || skip "no disk file system for the share (set IOSWEEP_DISK_DIR)"
t0=$(date +%s%N)
expect_success "$IOSWEEP" nas "$D" --budget 2m --out "$T/nas"
t1=$(date +%s%N)
est=$(sed -n 's/^  estimated time: \([0-9]*\) s.*/\1/p' "$T/out")
wall_ms=$(((t1 - t0) / 1000000))
echo "iosweep nas --budget 2m: estimate ${est:-?} s, took $wall_ms ms; load $(cut -d' ' -f1-3 /proc/loadavg)"
sed 's/^/  /' "$T/nas/timing.csv"
check test -n "$est"
check test "${est:-999}" -le 120
check awk -v e="${est:-0}" -v w="$wall_ms" 'BEGIN { r = w / 1000 / e; exit !(r >= 0.9 && r <= 1.1) }'

finish
