#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_link.sh: through the lab's SMB (smbnetfs) and SSH (sshfs) shares, a
# large sequential read with --cold reaches at least 85% of the link's
# nominal rate, at gigabit and at 100mbit, and no figure, read or write,
# exceeds the link by more than the token bucket's burst allows (5%).
# The NAS has 1 GB of RAM, so the file written just before is read from
# the server's cache: the link, not the disk, is what is measured.
# Each figure is printed ("PROFILE PROTO TEST kB/s %"), for the record.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

for profile in gigabit 100mbit; do
	case $profile in
	gigabit) size=256m ;;
	100mbit) size=48m ;;
	esac
	lab_up --link "$profile" --nas-ram 1G --share s:ext4:1G
	link=$(link_kbps "$profile")
	for proto in smb ssh; do
		dir=$(share s "$proto")
		out=$T/$profile-$proto
		expect_success lab run -- "$IOSWEEP" -s "$size" -r 1m -i 0 -i 1 --cold --force \
			--quiet -f "$dir/iosweep.tmp" --out "$out"
		for t in write read; do
			kbps=$(csv_mean "$out/summary.csv" "$t" $(( $(nl_size_kb "$size") )) )
			pct=$(awk -v k="${kbps:-0}" -v l="$link" 'BEGIN { printf "%.1f", 100 * k / l }')
			echo "$profile $proto $t ${kbps:-none} kB/s $pct% of $link kB/s"
			check awk -v p="$pct" 'BEGIN { exit !(p <= 105) }'
			[ "$t" = read ] && check awk -v p="$pct" 'BEGIN { exit !(p >= 85) }'
		done
		check test ! -e "$dir/iosweep.tmp"
	done
	expect_success lab down
done
finish
