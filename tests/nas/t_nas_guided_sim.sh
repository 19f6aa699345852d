#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_guided_sim.sh: `iosweep nas DIR --budget 3m` inside scripts/nas-sim: a
# NAS whose disk reads at 40 MB/s behind a fast link (10gbe given), no
# --nas-ram, so the sweep searches for the cache (doubling past 64 MB
# within the budget; nas-sim's cache is the page cache --cold drops, so
# no curve falls and the search runs to its time bound).  The run must
# end within 20% of the estimate it printed first, its card's four rows
# and its sequential figures must equal the summary.csv rows they come
# from, and its verdicts must call the reads disk-bound, never
# network-bound.  The figures are printed for the record.  Needs root and a loop mount; skips
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
trap 'umount "$MNT" 2>/dev/null; e2e_drop_T' EXIT
trap 'exit 130' INT TERM

run sh "$TOP/scripts/nas-sim" --cache 128M --read-bw 40M --dir "$MNT" -- \
	"$IOSWEEP" nas "$MNT" --budget 3m --link 10gbe --out "$T/run" --card md
[ "$RC" -eq 77 ] && skip "nas-sim cannot set up cgroups here: $(tail -n 1 "$T/err")"
check test "$RC" -eq 0
sed -n '/^iosweep nas: plan/,/estimated time/p' "$T/out"
grep '^iosweep nas: took\|^iosweep nas: \[[0-9]/3\] .* took' "$T/err"
grep -- '- reads are\|- writes are' "$T/out"
grep -- '--until-settled added' "$T/err"
sed -n '/NAS card/,/^- link/p' "$T/out"

# within 20% of its own estimate
set -- $(sed -n 's/^iosweep nas: took \([0-9]*\) s of an estimated \([0-9]*\) s;.*/\1 \2/p' "$T/err")
took=${1:-0} est=${2:-0}
check test "$est" -gt 0
check awk -v t="$took" -v e="$est" 'BEGIN { exit !(t >= 0.8 * e && t <= 1.2 * e) }'
# the estimate printed first is the one it kept to
check grep -q "^  estimated time: $est s " "$T/out"

# the search: planned at its worst case, grown past the base grid only
# as far as that, and it says why it stopped
check grep -q '^  1. sweep: up to [0-9]* file sizes, 16 MB to [0-9.]* [MG]B (the worst case: from 64 MB the files double until every curve has fallen' "$T/out"
worst=$(sed -n 's/^  1. sweep: up to [0-9]* file sizes, 16 MB to \([0-9.]*\) \([MG]\)B .*/\1 \2/p' "$T/out" |
	awk '{ print $1 * ($2 == "G" ? 1048576 : 1024) }')
largest=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["file_kb"]) > m { m = $(c["file_kb"]) } END { print m + 0 }' "$T/run/sweep/summary.csv")
check test "$largest" -ge 65536
check test "$largest" -le "${worst:-0}"
if [ "${worst:-0}" -gt 65536 ]; then
	check grep -q '^iosweep: --until-settled added [0-9]* larger file sizes\{0,1\}: ' "$T/err"
fi

# without a cliff the sequential figures are the sweep's largest 1 MB
# cells (one decimal); a cliff's levels are medians of its plateaus
for t in write read; do
	want=$(awk -F, -v t="$t" -v f="$largest" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t && $(c["file_kb"]) == f && $(c["record_kb"]) == 1024 {
			printf "%.1f", $(c["mean"]) * 1024 / 1e6 }' "$T/run/sweep/summary.csv")
	if grep -q "^- $t: .* no cache cliff found" "$T/out"; then
		check grep -q "^- $t: $want MB/s on [0-9.]* [MG]B files, no cache cliff found" "$T/out"
	else
		check grep -q "^- $t: [0-9.]* MB/s up to .* files, [0-9.]* MB/s from " "$T/out"
	fi
done

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
