#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_zfs_cliff.sh: the ZFS box's ARC found from the client.  A box of
# scripts/nas-lab with its ARC capped at 256 MB (--nas-ram) on one disk
# read at 10 MB/s, its share through SMB on a gigabit link; a sweep with
# --cold (the client's cache dropped before every read, the ARC not)
# and --refine-cliffs finds one read cliff, of kind cache, whose estimate
# is within 15% of the cap, the level after it the disk's (70-115% of
# 10 MB/s: the throttle also counts what the daemon reads ahead and
# throws away); the sweep's findings and the card tell it as the NAS's
# read cache; `iosweep nas --nas-ram 256M` plans its files past the cap.
# -+n: each file is written once and read once.  A rewrite through Samba
# reaches zfs-fuse in pieces smaller than a record, each record is read
# back into the ARC, and this ARC (ZFS of 2010) then stays above its cap:
# 456 MB after a 432 MB file was rewritten under a 256 MB cap, so a sweep
# with rewrites finds a cache of about 470 MB (docs/nas.md, "A ZFS box").
# Files from 4 MB to 1 GB (two sizes past the cap); about 7 minutes (371 s
# when last run, the box up in 4 s).  Skipped without root, FUSE or
# zfs-fuse, or when a zfs-fuse daemon runs already (one per machine).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

CAP_KB=$((256 * 1024))
lab_up --link gigabit --zfs single --zfs-disk 2G --nas-ram 256M --disk-read 10M \
	--disk-write 40M --proto smb --share s:zfs:compression=off,dedup=off
dir=$(share s smb)
expect_success lab run -- "$IOSWEEP" -a -n 4m -g 1g -y 1m -q 1m -i 0 -i 1 --cold --force -+n \
	--refine-cliffs --refine-time 120 --quiet -f "$dir/iosweep.tmp" --out "$T/sweep"
grep '^ *[0-9][0-9]* *1024 ' "$T/out"
cat "$T/sweep/cliffs.csv"
# read cliffs: before <= cap < after, estimate within 15%, after at 10 MB/s
found=$(awk -F, -v c="$CAP_KB" 'NR > 1 && $2 ~ /^"?read"?$/ && $4 <= c && $5 >= 0.85 * c &&
	$10 >= 0.85 * c && $10 <= 1.15 * c && $7 >= 0.7 * 10240 && $7 <= 1.15 * 10240 &&
	$12 ~ /^"?cache"?$/' "$T/sweep/cliffs.csv" | wc -l)
check test "$found" -eq 1
check test "$(awk -F, 'NR > 1 && $2 ~ /^"?read"?$/' "$T/sweep/cliffs.csv" | wc -l)" -eq 1
expect_success "$IOSWEEP" cliffs "$T/sweep" --overwrite
check grep -q "read falls .*: the NAS's cache of about .*, not this computer's" "$T/out"
expect_success "$IOSWEEP" card "$T/sweep"
grep -i "fall" "$T/out"
check grep -q "reads fall .*the NAS's read cache" "$T/out"
# a run told the box's RAM plans its files past it
expect_success "$IOSWEEP" nas "$dir" --nas-ram 256M --dry-run --force --link gigabit
grep "sweep:" "$T/out"
check grep -q "to 512 MB (twice --nas-ram)" "$T/out"
expect_success lab down
finish
