#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_zfs_box.sh: scripts/nas-lab's ZFS box (--zfs).  Bad layouts and
# dataset properties exit 2; up with a RAIDz2 of four throttled disks, a
# LOG vdev and two datasets gives a pool laid out so (zpool status), the
# datasets' properties as asked, the ARC capped at --nas-ram (its kstat
# c_max), the daemon in a block-I/O cgroup of its own throttling the four
# disks and not the LOG device, and an SMB share that carries data to the
# dataset.  `run --record DIR` writes the box's figures before and after
# a sweep: allocated bytes grow by at least the bytes iosweep wrote (no
# dedup, no compression on that dataset), the dataset's used bytes by
# those bytes to 1.25 times them (raidz2's small-record overhead), DEDUP
# and compressratio 1.00, the ARC within its cap and busier after.  down
# leaves no daemon, pool, mount, loop device, cgroup or namespace, also
# after an up killed once zfs-fuse ran.  Skipped without root, FUSE or
# zfs-fuse, or when a zfs-fuse daemon runs already (one per machine).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

expect_failure 2 sh "$NASLAB" up --zfs raidz3
check grep -q -- "--zfs 'raidz3': not a layout" "$T/err"
expect_failure 2 sh "$NASLAB" up --zfs raidz2:9
check grep -q "raidz2 takes 3 to 8 disks" "$T/err"
expect_failure 2 sh "$NASLAB" up --zfs mirror --share a:zfs:frob=1
check grep -q "'frob=1' is not one of recordsize" "$T/err"
expect_failure 2 sh "$NASLAB" up --zfs mirror --share a:ext4
check grep -q "a ZFS box's shares are NAME\[:zfs\[:PROPS\]\]" "$T/err"

MIB=1048576
lab_up --zfs raidz2:4 --zfs-disk 256M --zfs-log 128M --nas-ram 128M --disk-read 30M \
	--disk-write 30M --proto smb --share a:zfs:recordsize=16k,compression=off,dedup=off \
	--share b:zfs:compression=on,dedup=on
pool=iosweep-$LAB
zpid=$(cat "$LABDIR/zfs/pid")
check kill -0 "$zpid"
zpool status "$pool" > "$T/status"
check grep -q "raidz2" "$T/status"
check test "$(awk '/raidz2/ { on = 1; next } /logs/ { on = 0 } on && /loop/' "$T/status" | wc -l)" -eq 4
check test "$(awk '/logs/ { on = 1; next } on && /loop/' "$T/status" | wc -l)" -eq 1
check test "$(zfs get -H -o value recordsize "$pool/a")" = 16K
check test "$(zfs get -H -o value compression "$pool/a")" = off
check test "$(zfs get -H -o value dedup "$pool/b")" = on
check test "$(cat /zfs-kstat/zfs/arcstats/c_max)" -eq $((128 * MIB))
# the daemon's disks: four throttled loop devices, the LOG one not
blk=$(awk -F: '$2 == "blkio" { print $3 }' /proc/self/cgroup)
cg=/sys/fs/cgroup/blkio${blk%/}/iosweep-lab-$LAB-zfs
if [ -d "$cg" ]; then
	check grep -qx "$zpid" "$cg/cgroup.procs"
	check test "$(grep -c " $((30 * MIB))\$" "$cg/blkio.throttle.read_bps_device")" -eq 4
	logdev=$(losetup -n -O MAJ:MIN -j "$LABDIR/zfs/fast/log.img" | tr -d ' ')
	check test -n "$logdev"
	check sh -c "! grep -q '^$logdev ' '$cg/blkio.throttle.read_bps_device'"
else
	echo "note: no cgroup v1 blkio hierarchy: the throttle was not checked"
fi
# data through SMB onto the dataset
smb=$(share a smb)
head -c 3000000 /dev/urandom > "$T/data"
check cp "$T/data" "$smb/data"
check cmp "$T/data" "$LABDIR/disks/a/export/data"

# the box's figures around a sweep that keeps its 64 MiB file
expect_success lab run --record "$T/rec" -- "$IOSWEEP" -s 64m -r 1m -i 0 -w --quiet \
	-f "$smb/f" --out "$T/rec"
fig() { awk -F, -v k="$2" '$1 == k { print $2 }' "$T/rec/zfs-$1.csv"; }
check test -s "$T/rec/zfs-before.csv"
check test -s "$T/rec/zfs-after.csv"
check test "$(fig after pool)" = "$pool"
written=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $(c["file_kb"]) * 1024; exit }' "$T/rec/summary.csv")
check test "$written" -eq $((64 * MIB))
alloc=$(( $(fig after allocated_bytes) - $(fig before allocated_bytes) ))
used=$(( $(fig after dataset.a.used_bytes) - $(fig before dataset.a.used_bytes) ))
echo "written $written, allocated +$alloc (raidz2: parity too), dataset a used +$used"
cat "$T/rec/zfs-after.csv"
check test "$alloc" -ge "$written"
# raidz2 charges a 16k record on four disks more than its bytes (the
# parity and padding of small blocks): 73,911,936 for 67,108,864 (1.10x)
check awk -v u="$used" -v w="$written" 'BEGIN { exit !(u >= w && u <= 1.25 * w) }'
check test "$(fig after dedupratio)" = 1.00
check test "$(fig after dataset.a.compressratio)" = 1.00
check test "$(fig after arc_c_max)" -eq $((128 * MIB))
check test "$(fig after arc_size)" -le $((128 * MIB))
check test $(( $(fig after arc_hits) + $(fig after arc_misses) )) -gt \
	$(( $(fig before arc_hits) + $(fig before arc_misses) ))
check awk -v p="$(fig after arc_hit_pct)" 'BEGIN { exit !(p > 0 && p <= 100) }'
expect_success lab zfs-stats
check grep -q "^allocated_bytes,[0-9][0-9]*$" "$T/out"

# down: nothing left
left_behind() {
	kill -0 "$zpid" 2>/dev/null && echo "zfs-fuse $zpid"
	zpool list -H -o name 2>/dev/null | grep -qx "$pool" && echo "pool"
	ip netns list | grep -q "iosweep-lab-$LAB" && echo "namespace"
	findmnt -rn -o TARGET | grep -q "^$LABDIR" && echo "mounts"
	findmnt -rn -o TARGET | grep -qx /zfs-kstat && echo "kstat mount"
	losetup -a | grep -q "$LABDIR" && echo "loop devices"
	ls -d /sys/fs/cgroup/*/iosweep-lab-$LAB* /sys/fs/cgroup/*/*/*/iosweep-lab-$LAB* 2>/dev/null |
		grep -q . && echo "cgroups"
	[ -e "$LABDIR" ] && echo "state folder"
}
expect_success lab down
check test -z "$(left_behind)"

# an up killed once its daemon runs, then down
sh "$NASLAB" up --name "$LAB" --zfs single --zfs-disk 128M --proto smb >/dev/null 2>&1 &
killme=$!
wait_until $killme test -s "$LABDIR/zfs/pid"
zpid=$(cat "$LABDIR/zfs/pid" 2>/dev/null)
kill -KILL $killme
wait $killme 2>/dev/null
check test -n "$zpid"
expect_success lab down
check test -z "$(left_behind)"
finish
