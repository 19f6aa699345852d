#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_share.sh: what iosweep gets right on the lab's SMB share
# (smbnetfs, which reports no sizes at all) behind gigabit, run through
# `nas-lab run` so IOSWEEP_LINK names the link:
#  - no free-space refusal without --force: a note that the free space is
#    not known, and the run completes;
#  - meta.csv records link,gigabit and fs_type,fuse.smbnetfs;
#  - cached_pct is empty on every row; cache_served is 1 exactly where a
#    figure is 5% above gigabit's nominal rate (small files read from caches
#    on this side), in results.csv and summary.csv;
#  - --cold says it cannot drop smbnetfs's caches;
#  - the text report has its Network section.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

lab_up --link gigabit --proto smb --share s:ext4:512M
dir=$(share s smb)
check test -n "$dir"
check test "$(stat -f -c %b "$dir")" -eq 0
expect_success lab run -- "$IOSWEEP" -a -n 1m -g 8m -r 1m -i 0 -i 1 --cold \
	-f "$dir/iosweep.tmp" --out "$T/a"
cp "$T/out" "$T/a.out"
check grep -q "^iosweep: the free space in '$dir' is not known (its file system reports no sizes): not checked" "$T/err"
check grep -q "^iosweep: --cold on fuse.smbnetfs: only this machine's page cache is dropped" "$T/err"
check grep -q '^link,gigabit$' "$T/a/meta.csv"
check grep -q '^fs_type,fuse.smbnetfs$' "$T/a/meta.csv"
check grep -q '^status,complete$' "$T/a/meta.csv"
check_share_csv "$T/a" 128173.828125 16
check grep -q '^Network (link gigabit)$' "$T/a.out"
echo "the share's figures (summary.csv test,file_kb,mean,cache_served):"
awk -F, 'NR > 1 { printf "  %s %s %s %s\n", $2, $3, $6, $NF }' "$T/a/summary.csv"
check test ! -e "$dir/iosweep.tmp"
finish
