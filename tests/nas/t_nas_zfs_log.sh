#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_zfs_log.sh: a LOG vdev on a fast device against none, on the
# lab's ZFS box (scripts/nas-lab --zfs).  Two boxes in turn, a RAIDz2 of
# four disks throttled slow (writes 4 MB/s each), the second with a LOG
# vdev on a tmpfs; on each, 4 KiB O_SYNC writes through the SSH share
# (sshfs carries each write's fsync to the box), recorded with the box's
# figures (run --record).  The figures name each layout (layout,
# log_bytes), the mean sync write latency with the LOG is lower than
# without, and `iosweep card` on both folders says so in one line with
# the figures of each summary.csv; down leaves no LOG loop device, tmpfs
# or kstat mount.  Skipped without root, FUSE, zfs-fuse
# or sshfs, or when a zfs-fuse daemon runs already (one per machine).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

# sweep SET: 4 KiB sync writes on the box's share, into $T/SET
sweep() {
	expect_success lab run --record "$T/$1" -- "$IOSWEEP" -s 8m -r 4k -i 0 -+n -o \
		--jobs 4 --iodepth 4 --trials 2 --quiet -f "$(share s ssh)/f" --out "$T/$1"
}
box() {
	lab_up --zfs raidz2:4 --zfs-disk 128M --nas-ram 128M --disk-read 16M --disk-write 4M \
		--proto ssh --share s:zfs:compression=off "$@"
}
box
sweep nolog
expect_success lab down
box --zfs-log 64M
sweep log
logloop=$(cat "$LABDIR/zfs/log_loop")
check test -n "$logloop"
expect_success lab down
# the LOG's loop device and tmpfs and the kstat mount went with the box
check sh -c "! grep -qs 'log.img' '/sys/block/${logloop#/dev/}/loop/backing_file'"
check sh -c "! awk '\$5 == \"/zfs-kstat\" || \$5 ~ \"^$LABDIR\"' /proc/self/mountinfo | grep -q ."

fig() { awk -F, -v k="$2" '$1 == k { print $2 }' "$T/$1/zfs-after.csv"; }
check test "$(fig nolog layout)" = raidz2:4
check test "$(fig nolog log_bytes)" -eq 0
check test "$(fig log log_bytes)" -eq $((64 * 1048576))
check test "$(fig log dataset.s.recordsize)" -eq 131072
# summary.csv's wr_lat_mean_us and wr_lat_max_us of the 8 MB file
lat() {
	awk -F, -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == "write" && $(c["record_kb"]) == 4 { print $(c[k]); exit }' \
		"$T/$1/summary.csv"
}
nolog=$(lat nolog wr_lat_mean_us) withlog=$(lat log wr_lat_mean_us)
echo "4 KiB sync writes: $nolog us on average without a LOG vdev, $withlog us with one"
check awk -v a="$nolog" -v b="$withlog" 'BEGIN { exit !(a > 0 && b > 0 && b < a) }'

expect_success "$IOSWEEP" card "$T/nolog" "$T/log"
cat "$T/out"
ms() { awk -v u="$1" -v p="$2" 'BEGIN { printf "%.*f", p, u / 1000 }'; }
line="4 KiB sync writes (RAIDz2 of 4, recordsize 128K): $(ms "$nolog" 2) ms on average, "
line="$line$(ms "$(lat nolog wr_lat_max_us)" 1) ms worst; with a LOG device: $(ms "$withlog" 2) "
line="${line}ms on average, $(ms "$(lat log wr_lat_max_us)" 1) ms worst ("
check grep -qF -- "$line" "$T/out"
check grep -qE -- "ms worst \([0-9.]+x lower\)$" "$T/out"
finish
