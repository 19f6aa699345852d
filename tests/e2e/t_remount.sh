#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_remount.sh: IOzone's -U on a small ext4 file system on a loop device
# (an image in the test's folder, attached with losetup so the device
# stays when the file system is unmounted).
#  - without -U the reads of a file just written say how much of it the
#    page cache held, and the report's note agrees (how much it held is
#    the machine's: make check-timing); with -U every pass starts after an
#    unmount and a mount, so read, reread and random read say cached_pct
#    0, and the data is still there (-+d checks every byte of every read);
#  - afterwards the file system is mounted where it was, with the same
#    options, and the test file is gone;
#  - a busy file system (a file on it held open), a directory that is not
#    a mount point, a test file elsewhere, a bind-mounted file system, a
#    tmpfs, a loop device that detaches itself (mount -o loop), a user
#    who is not root and -t: one line, a non-zero exit, nothing written,
#    and the file system still mounted;
#  - iosweep fileop -U remounts before each of its 12 phases.
# Needs root and loop devices; skips with the reason otherwise.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root (loop devices, mount)"
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 not installed"
command -v losetup >/dev/null 2>&1 || skip "losetup not installed"

MNT="$T/mnt"
LOOP=""
LOOP2=""
cleanup() {
	for m in "$T/bind" "$T/auto" "$T/tmp" "$MNT"; do
		mountpoint -q "$m" 2>/dev/null && umount "$m"
	done
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	[ -n "$LOOP2" ] && losetup -d "$LOOP2" 2>/dev/null
	e2e_drop_T
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$MNT" "$T/bind" "$T/auto" "$T/tmp"
dd if=/dev/zero of="$T/img" bs=1M seek=96 count=0 2>/dev/null ||
	skip "cannot create the image file"
mkfs.ext4 -q -F "$T/img" >/dev/null 2>&1 || skip "mkfs.ext4 failed"
LOOP=$(losetup -f --show "$T/img" 2>/dev/null) || skip "no free loop device"
mount -o noatime "$LOOP" "$MNT" 2>/dev/null || skip "cannot mount $LOOP here"

# the mount's line in mountinfo without its id: what must come back as it was
mline() { awk -v d="$MNT" '$5 == d { $1 = ""; $2 = ""; print }' /proc/self/mountinfo; }
before=$(mline)
check test -n "$before"

# ---- without -U: the reads say what the page cache held
expect_success "$IOSWEEP" -s 16m -r 256k -i 0 -i 1 -i 2 --quiet -f "$MNT/t" --out "$T/warm"
echo "warm: read cached_pct $(col "$T/warm/results.csv" read cached_pct)"
check all_between 0 100 $(col "$T/warm/results.csv" read cached_pct)
check all_between 0 100 $(col "$T/warm/results.csv" reread cached_pct)
cache_note_agrees "$T/out" "$T/warm"

# ---- with -U: every pass after a remount, so nothing of the file is cached
expect_success "$IOSWEEP" -U "$MNT" -s 16m -r 256k -i 0 -i 1 -i 2 --trials 2 --quiet \
	-f "$MNT/t" --out "$T/cold"
for t in read reread "random read" "random write" rewrite; do
	echo "-U: $t cached_pct $(col "$T/cold/results.csv" "$t" cached_pct | tr '\n' ' ')"
	check all_between 0 0 $(col "$T/cold/results.csv" "$t" cached_pct)
done
check test "$(mline)" = "$before"
check test ! -e "$MNT/t"
# IOzone prints no line for -U; the command line names it
check grep -q "Command line used: .* -U $MNT " "$T/out"

# ---- the data survives each remount: -+d checks every byte read
expect_success "$IOSWEEP" -U "$MNT" -+d -s 4m -r 64k -i 0 -i 1 -i 2 --quiet \
	-f "$MNT/d" --out "$T/diag"
check test "$(col "$T/diag/results.csv" read cached_pct)" = "0.0"
check test "$(mline)" = "$before"

# ---- fileop -U: each of fileop's 12 phases after a remount (ext4 counts
#      its mounts in the superblock), the tree gone, the mount as it was
mounts() { dumpe2fs -h "$LOOP" 2>/dev/null | awk -F: '/^Mount count/ { print $2 + 0 }'; }
if command -v dumpe2fs >/dev/null 2>&1; then
	mkdir "$MNT/fo"
	m0=$(mounts)
	expect_success "$IOSWEEP" fileop -f 2 -U "$MNT" -d "$MNT/fo"
	check test "$(mounts)" -eq $((m0 + 12))
	check test -z "$(ls -A "$MNT/fo")"
	check test "$(mline)" = "$before"
	m0=$(mounts)
	expect_success "$IOSWEEP" fileop -f 1 -U "$MNT" -d "$MNT/fo" --trials 2
	check test "$(mounts)" -eq $((m0 + 24))
	# a -U that does not hold -d's directory is refused before any phase
	expect_failure 1 "$IOSWEEP" fileop -f 1 -U "$MNT" -d "$T/tmp"
	check one_line_error
	check test "$(mline)" = "$before"
	rmdir "$MNT/fo"
else
	fail "dumpe2fs not found (Debian: e2fsprogs)"
fi

# ---- refusals: one line, non-zero, nothing written, still mounted
expect_failure 3 "$IOSWEEP" -U "$T" -s 1m -i 0 -f "$MNT/x" --out "$T/o1"
check one_line_error
check grep -q "^iosweep: -U '$T': not a mount point" "$T/err"
expect_failure 3 "$IOSWEEP" -U "$MNT" -s 1m -i 0 -f "$T/x" --out "$T/o2"
check one_line_error
check grep -q "the test file '$T/x' is not on it" "$T/err"
check test ! -e "$T/x"
expect_failure 2 "$IOSWEEP" -U "$MNT" -s 1m -t 2 -F "$MNT/a" "$MNT/b" --out "$T/o3"
check one_line_error
check grep -q -- '-U and -t' "$T/err"

# a file held open on it: the unmount is refused, nothing changes
echo busy > "$MNT/busy"
exec 9<"$MNT/busy"
expect_failure 3 "$IOSWEEP" -U "$MNT" -s 1m -i 0 -f "$MNT/x" --out "$T/o4"
exec 9<&-
check one_line_error
check grep -q "cannot unmount '$MNT': Device or resource busy" "$T/err"
check grep -q 'it stays mounted' "$T/err"
check test "$(mline)" = "$before"
check test ! -e "$MNT/x"
check test ! -e "$T/o4"

# the current directory on it keeps it busy: said before anything runs
(cd "$MNT" && "$IOSWEEP" -U "$MNT" -s 1m -i 0 -f "$MNT/x" --out "$T/o5" >"$T/out" 2>"$T/err")
check test $? -eq 3
check grep -q 'the current directory is on it' "$T/err"

# mounted twice (a bind mount): unmounting one would keep the cache
mount --bind "$MNT" "$T/bind"
expect_failure 3 "$IOSWEEP" -U "$MNT" -s 1m -i 0 -f "$MNT/x" --out "$T/o6"
check grep -q "also mounted at '$T/bind'" "$T/err"
expect_failure 3 "$IOSWEEP" -U "$T/bind" -s 1m -i 0 -f "$T/bind/x" --out "$T/o6"
check one_line_error
umount "$T/bind"

# tmpfs: its files would be gone
if mount -t tmpfs -o size=8m tmpfs "$T/tmp" 2>/dev/null; then
	expect_failure 3 "$IOSWEEP" -U "$T/tmp" -s 1m -i 0 -f "$T/tmp/x" --out "$T/o7"
	check grep -q "a tmpfs file system, whose files would be gone" "$T/err"
	umount "$T/tmp"
fi

# mount -o loop: the device goes with the unmount
dd if=/dev/zero of="$T/img2" bs=1M seek=8 count=0 2>/dev/null
mkfs.ext4 -q -F "$T/img2" >/dev/null 2>&1
if mount -o loop "$T/img2" "$T/auto" 2>/dev/null; then
	LOOP2=$(awk -v d="$T/auto" '$5 == d { for (i = 7; i <= NF; i++) if ($i == "-") print $(i + 2) }' \
		/proc/self/mountinfo)
	expect_failure 3 "$IOSWEEP" -U "$T/auto" -s 1m -i 0 -f "$T/auto/x" --out "$T/o8"
	check grep -q "detaches itself when unmounted" "$T/err"
	check mountpoint -q "$T/auto"
	umount "$T/auto"
	LOOP2=""
fi

# the mount fails after the unmount (the fault shim's mount(2) says
# EIO): the run stops, and the message's command puts it back as it was
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	# an AddressSanitizer binary wants its runtime first in the preload list
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	run env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_MOUNT_FAIL=2 "$IOSWEEP" -U "$MNT" \
		-s 1m -r 64k -i 0 -i 1 -f "$MNT/x" --out "$T/o10"
	check test "$RC" -eq 3
	check grep -q "^iosweep: -U: unmounted '$MNT' but cannot mount it again: Input/output error" "$T/err"
	check test -z "$(mline)"
	how=$(sed -n "s/.*put it back with \(mount -t .* '[^']*' '[^']*'\).*/\1/p" "$T/err" | head -n 1)
	echo "the message says: $how"
	check test -n "$how"
	eval "$how"
	check test "$(mline)" = "$before"
	# the test file was out of reach: the message names it for removal
	check grep -q "then remove the test file '$MNT/x'" "$T/err"
	check test -e "$MNT/x"
	rm -f "$MNT/x"
else
	fail "the fault shim (FAULTSHIM) is not built"
fi

# not root
if command -v setpriv >/dev/null 2>&1; then
	chmod 711 "$T"
	cp "$IOSWEEP" "$T/iosweep-copy"
	chmod 755 "$T/iosweep-copy"
	chmod 777 "$T/tmp"
	(cd "$T/tmp" && setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$T/iosweep-copy" -U "$MNT" -s 1m -i 0 -f "$MNT/x" --out "$T/tmp/o9" \
		>"$T/out" 2>"$T/err")
	check test $? -eq 3
	check grep -q "^iosweep: -U '$MNT': unmounting and mounting need root" "$T/err"
fi
check test "$(mline)" = "$before"

finish
