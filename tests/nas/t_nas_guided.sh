#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_guided.sh: `iosweep nas` on the lab's SMB share: a fast disk (not
# throttled) behind a 100 Mbit link.  The verdicts must call the reads
# network-bound against 100 Mbit Ethernet and never call the writes
# disk-bound (smbnetfs's write path may keep them below the link), the
# card's four rows must
# equal their summary.csv rows, and the run must end within 20% of the
# estimate it printed.  The figures are printed for the record.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"
. "$TOP/tests/e2e/card.sh"

lab_up --link 100mbit --nas-ram 512M --share s:ext4:1G
dir=$(share s smb)
[ -n "$dir" ] || { fail "the lab has no smb share"; finish; }
expect_success lab run -- "$IOSWEEP" nas "$dir" --budget 3m --no-files --force \
	--out "$T/run" --card md
sed -n '/^iosweep nas: plan/,/estimated time/p' "$T/out"
grep '^iosweep nas: took' "$T/err"
grep -- '- reads are\|- writes are' "$T/out"
sed -n '/NAS card/,/^\*\*Sequential/p' "$T/out"
grep '^iosweep nas: \[[0-9]/3\] .* took' "$T/err"

set -- $(sed -n 's/^iosweep nas: took \([0-9]*\) s of an estimated \([0-9]*\) s;.*/\1 \2/p' "$T/err")
took=${1:-0} est=${2:-0}
check test "$est" -gt 0
check awk -v t="$took" -v e="$est" 'BEGIN { exit !(t >= 0.8 * e && t <= 1.2 * e) }'

# the link recorded by the lab (IOSWEEP_LINK) is the one judged against
check grep -q '^- reads are network-bound: [0-9]* MB/s sustained is [0-9]*% of 100 Mbit Ethernet; ' "$T/out"
check grep -q '^- link: 100 Mbit Ethernet (12 MB/s nominal)$' "$T/out"
# the disk is fast: writes through the share reach the link or are told as
# below it (the NAS or this client), never called the disk's
check grep -q '^- writes are \(network-bound\|below the link\): ' "$T/out"
check test -z "$(grep '^- writes are disk-bound' "$T/out")"

check row_matches "$T/out" "SEQ1M Q8T1" "$T/run/seq1m-q8t1/summary.csv" read write "" 1024
check row_matches "$T/out" "SEQ1M Q1T1" "$T/run/seq1m-q1t1/summary.csv" read write "" 1024
check row_matches "$T/out" "RND4K Q32T16" "$T/run/rnd4k-q32t16/summary.csv" "random read" "random write" "" 4
check row_matches "$T/out" "RND4K Q1T1" "$T/run/rnd4k-q1t1/summary.csv" "random read" "random write" "" 4
# no --nas-ram: the plan says how far the search may grow the files
check grep -q '^  1. sweep: .*16 MB to [0-9.]* [MG]B (\(the worst case: from \|.* allows no larger files\)' "$T/out"
check grep -q '^     record sizes 1 MB' "$T/out"
check test ! -e "$dir/iosweep-nas.tmp"
expect_success lab down
finish
