#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_guided_sim.sh: `iosweep nas DIR --budget 3m` inside scripts/nas-sim: a
# NAS whose disk reads at 40 MB/s behind a fast link (10gbe given).  The
# run must end within 20% of the estimate it printed first, its card's
# four rows must equal the summary.csv rows they come from, and its
# verdicts must call the reads disk-bound, never network-bound.  The
# figures are printed for the record.  Needs root and a loop mount; skips
# with the reason otherwise.  About four minutes, so it is a leg of
# `make check-nas` (it needs no lab, only nas-sim), not of make check; and
# the sanitizers' memory would not fit nas-sim's 128 MB cgroup.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/e2e/card.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root (nas-sim: cgroups, loop mount)"
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 not installed"
MNT="$T/mnt"
mkdir -p "$MNT"
dd if=/dev/zero of="$T/img" bs=1M seek=1500 count=0 2>/dev/null || skip "cannot create the image file"
mkfs.ext4 -q -F "$T/img" >/dev/null 2>&1 || skip "mkfs.ext4 failed"
mount -o loop "$T/img" "$MNT" 2>/dev/null || skip "cannot loop-mount an image here"
trap 'umount "$MNT" 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

run sh "$TOP/scripts/nas-sim" --cache 128M --read-bw 40M --dir "$MNT" -- \
	"$IOSWEEP" nas "$MNT" --budget 3m --nas-ram 128m --link 10gbe --out "$T/run" --card md
[ "$RC" -eq 77 ] && skip "nas-sim cannot set up cgroups here: $(tail -n 1 "$T/err")"
check test "$RC" -eq 0
sed -n '/^iosweep nas: plan/,/estimated time/p' "$T/out"
grep '^iosweep nas: took\|^iosweep nas: \[[0-9]/3\] .* took' "$T/err"
grep -- '- reads are\|- writes are' "$T/out"

# within 20% of its own estimate
set -- $(sed -n 's/^iosweep nas: took \([0-9]*\) s of an estimated \([0-9]*\) s;.*/\1 \2/p' "$T/err")
took=${1:-0} est=${2:-0}
check test "$est" -gt 0
check awk -v t="$took" -v e="$est" 'BEGIN { exit !(t >= 0.8 * e && t <= 1.2 * e) }'
# the estimate printed first is the one it kept to
check grep -q "^  estimated time: $est s " "$T/out"

# the card's rows are summary.csv's rows (largest file of each folder)
for spec in "SEQ1M Q8T1:seq1m-q8t1:read:write:1024" "SEQ1M Q1T1:seq1m-q1t1:read:write:1024" \
	"RND4K Q32T16:rnd4k-q32t16:random read:random write:4" "RND4K Q1T1:rnd4k-q1t1:random read:random write:4"; do
	IFS=: read -r row dir rd wr rec <<EOS
$spec
EOS
	check row_matches "$T/out" "$row" "$T/run/$dir/summary.csv" "$rd" "$wr" "" "$rec"
done

# a throttled disk behind a fast link: the disk is the limit
check grep -q '^- reads are disk-bound: [0-9]* MB/s sustained is [0-9]*% of 10G Ethernet' "$T/out"
check sh -c "! grep -q 'reads are network-bound' '$T/out'"
check test -s "$T/run/sweep/report.html"
check test -s "$T/run/card.gp"
check test ! -e "$MNT/iosweep-nas.tmp"
finish
