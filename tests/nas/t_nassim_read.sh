#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nassim_read.sh: the read cliff behind an emulated NAS.  Inside
# scripts/nas-sim (256 MB of cache, reads from a 50 MB/s disk) a sweep of
# 32 MB .. 512 MB at 1 MB records with --refine-cliffs must name a cliff
# for read, the figure a reviewer charts first, between 128 and 256 MB, in
# the same finding as reread's when reread falls too; and the level after
# must be the disk's speed within 5 %: the file just past the cache is
# still partly in it and reads faster (the sheer fall at 256 MB, then the
# last size at the disk's speed, is what this run gives every time).
# Three runs, every one must pass.  Needs root and loop mounting; skips
# with the reason otherwise.  Part of make check-nas.
. "$(dirname "$0")/../e2e/lib.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root (cgroups, loop mount)"
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 not installed"
chmod 711 "$T"
cp "$TOP/scripts/nas-sim" "$TOP/scripts/nas-lib.sh" "$T/" && chmod 755 "$T/nas-sim"
MNT="$T/mnt"
mkdir -p "$MNT"
dd if=/dev/zero of="$T/img" bs=1M seek=1300 count=0 2>/dev/null ||
	skip "cannot create the image file"
mkfs.ext4 -q -F "$T/img" >/dev/null 2>&1 || skip "mkfs.ext4 failed"
mount -o loop "$T/img" "$MNT" 2>/dev/null || skip "cannot loop-mount an image here"
trap 'umount "$MNT" 2>/dev/null; e2e_drop_T' EXIT
trap 'exit 130' INT TERM

# The cache it measures is a memory cgroup: the sanitizers' shadow memory
# would count against it, so the build without them (make e2e passes it).
bin=$IOSWEEP
[ -x "${IOSWEEP_PLAIN:-}" ] && bin=$IOSWEEP_PLAIN
if grep -q __asan_init "$bin" 2>/dev/null; then
	skip "needs the build without sanitizers (IOSWEEP_PLAIN)"
fi

disk_kbps=51200                  # --read-bw 50M: 52428800 B/s
for i in 1 2 3; do
	rm -rf "$T/r$i" "$MNT/f.tmp"
	run sh "$T/nas-sim" --cache 256M --read-bw 50M --dir "$MNT" -- \
		"$bin" -a -n 32m -g 512m -r 1m -i 0 -i 1 --refine-cliffs \
		-f "$MNT/f.tmp" --out "$T/r$i" --quiet
	[ "$RC" -eq 77 ] && skip "nas-sim cannot set up cgroups here: $(tail -n 1 "$T/err")"
	check test "$RC" -eq 0
	csv=$T/r$i/cliffs.csv
	echo "run $i:"; cat "$csv"
	# read's cliff: 128 MB <= before < after <= 256 MB, the level after
	# within 5 % of the disk, a cache (not write-back, not the CPU's)
	ok=$(awk -F, -v d="$disk_kbps" 'NR > 1 && $2 == "\"read\"" && $4 >= 131072 &&
		$5 <= 262144 && $7 >= 0.95 * d && $7 <= 1.05 * d && $12 == "cache"' "$csv" | wc -l)
	check test "$ok" -eq 1
	# every read-side cliff there is: the same level after, one finding
	bad=$(awk -F, -v d="$disk_kbps" 'NR > 1 && $2 ~ /read/ &&
		($7 < 0.95 * d || $7 > 1.05 * d)' "$csv" | wc -l)
	check test "$bad" -eq 0
	check test "$(awk -F, 'NR > 1 && $2 ~ /read/ { print $11 }' "$csv" | sort -u | wc -l)" -eq 1
	# the findings say it in words (rewrite may fall there too: the
	# cgroup's limit writes its dirty pages back)
	check grep -Eq "^	1\. (rewrite, )?read( and reread both| and reread all)? fall .* between (1[2-9][0-9]|2[0-9]{2}) MB and 256 MB" "$T/out"
	rm -f "$MNT/f.tmp"
done
finish
