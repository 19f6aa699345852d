#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_cliff.sh: a sweep with --cold past the NAS's RAM, through the lab's
# SMB share (smbnetfs) on a gigabit link, finds the server's cache cliff:
# a read cliff between the last file size that fits in --nas-ram (256 MB)
# minus what the server processes hold and the first that does not, the
# estimate (with --refine-cliffs) within 10% of that, the level after it
# the disk's 40 MB/s, and no other read cliff (none from the link).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

lab_up --link gigabit --nas-ram 256M --proto smb --share s:ext4:2G:40M
dir=$(share s smb)
expect_success lab run -- "$IOSWEEP" -a -n 32m -g 1g -y 1m -q 1m -i 0 -i 1 --cold --force \
	--refine-cliffs --refine-time 300 --quiet -f "$dir/iosweep.tmp" --out "$T/sweep"
# what the server processes hold of the RAM: their own memory (v1's
# total_rss; v2's anon), the rest is the cache
mem=$(awk -F: '$2 == "memory" { print $3 }' /proc/self/cgroup)
stat=/sys/fs/cgroup/memory${mem%/}/iosweep-lab-$LAB/memory.stat
held=$(awk '$1 == "total_rss" || $1 == "anon" { print int($2 / 1024); exit }' "$stat" 2>/dev/null)
[ -n "$held" ] || { echo "note: no memory.stat of the lab's cgroup: the servers' memory taken as 0"; held=0; }
cache_kb=$((256 * 1024 - held))
echo "servers hold $held kB; cache $cache_kb kB"
cat "$T/sweep/cliffs.csv"
# read cliffs: before <= cache < after (the refined step), estimate within 10%
found=$(awk -F, -v c="$cache_kb" 'NR > 1 && $2 ~ /^"?read"?$/ && $4 <= c && $5 >= c &&
	$10 >= 0.9 * c && $10 <= 1.1 * c && $7 >= 0.9 * 40960 && $7 <= 1.15 * 40960' \
	"$T/sweep/cliffs.csv" | wc -l)
check test "$found" -eq 1
check test "$(awk -F, 'NR > 1 && $2 ~ /^"?read"?$/' "$T/sweep/cliffs.csv" | wc -l)" -eq 1
expect_success lab down
finish
