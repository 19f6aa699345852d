#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_zfs_cliff.sh: the ZFS box's ARC found from the client.  A box of
# scripts/nas-lab with its ARC capped at 128 MB (--nas-ram) on one disk
# read at 5 MB/s, its share through SMB on a gigabit link; a sweep with
# --cold (the client's cache dropped before every read, the ARC not),
# two trials and --refine-cliffs finds one read cliff, of kind cache,
# whose estimate is within 15% of the cap, the level after it the disk's
# (70-115% of 5 MB/s: the throttle also counts what the daemon reads
# ahead and throws away); the sweep's findings and the card tell it as
# the NAS's read cache; `iosweep nas --nas-ram 128M` plans its files past
# the cap.  Two trials: the ARC's reads through Samba stray 20-40 MB/s
# from one size to the next on a busy machine, and with one trial the
# detector took that for noise too large to call a 3x drop a cliff (two
# runs at a 256 MB cap and a 10 MB/s disk); a slower disk makes the
# drop steeper.  This ARC keeps part of a file larger than itself, so the
# refined sizes fall in steps (51 MB/s at 128 MB, 19 at 152, 13 at 181,
# 11 at 215, 5.5 at 256 and 512, 2026-12-05); each of 152-215 MB held
# about 125 MB of its file, which is where the detector puts the cache
# (cliff_partial_estimate; before it, the crossing of the mid level put
# it at 147-235 MB, docs/nas.md, "A ZFS box").  -+n: each file is
# written once and read once.  A rewrite through Samba reaches zfs-fuse in pieces that do not cover
# whole records, each record is read back into the ARC, and this ARC
# (ZFS of 2010) then stays above its cap: 456 MB after a 432 MB file was
# rewritten under a 256 MB cap, so a sweep with rewrites finds a cache of
# about 470 MB (docs/nas.md, "A ZFS box").  Files from 16 MB to 512 MB
# (two sizes past the cap).  Skipped without root, FUSE or zfs-fuse, or
# when a zfs-fuse daemon runs already (one per machine).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

CAP_KB=$((128 * 1024))
lab_up --link gigabit --zfs single --zfs-disk 2G --nas-ram 128M --disk-read 5M \
	--disk-write 40M --proto smb --share s:zfs:compression=off,dedup=off
dir=$(share s smb)
expect_success lab run -- "$IOSWEEP" -a -n 16m -g 512m -y 1m -q 1m -i 0 -i 1 --cold --force -+n \
	--trials 2 \
	--refine-cliffs --refine-time 120 --quiet -f "$dir/iosweep.tmp" --out "$T/sweep"
grep '^ *[0-9][0-9]* *1024 ' "$T/out"
cat "$T/sweep/cliffs.csv"
# read cliffs: before <= cap < after, estimate within 15%, after at 5 MB/s
found=$(awk -F, -v c="$CAP_KB" 'NR > 1 && $2 ~ /^"?read"?$/ && $4 <= c && $5 >= 0.85 * c &&
	$10 >= 0.85 * c && $10 <= 1.15 * c && $7 >= 0.7 * 5120 && $7 <= 1.15 * 5120 &&
	$12 ~ /^"?cache"?$/' "$T/sweep/cliffs.csv" | wc -l)
check test "$found" -eq 1
check test "$(awk -F, 'NR > 1 && $2 ~ /^"?read"?$/' "$T/sweep/cliffs.csv" | wc -l)" -eq 1
expect_success "$IOSWEEP" cliffs "$T/sweep" --overwrite
check grep -q "read falls .*: the NAS's cache of about .*, not this computer's" "$T/out"
expect_success "$IOSWEEP" card "$T/sweep"
grep -i "fall" "$T/out"
check grep -q "reads fall .*the NAS's read cache" "$T/out"
# a run told the box's RAM plans its files past it
expect_success "$IOSWEEP" nas "$dir" --nas-ram 128M --dry-run --force --link gigabit
grep "sweep:" "$T/out"
check grep -q "to 256 MB (twice --nas-ram)" "$T/out"
expect_success lab down
finish
