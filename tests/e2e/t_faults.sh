#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_faults.sh: faults during a sweep.  EIO on write, read and fsync and
# ENOSPC from the LD_PRELOAD shim (tests/fault/faultshim.c, $FAULTSHIM),
# short writes and reads, the target directory removed midway, a file
# larger than the free space, and (as root) a real ENOSPC on a small tmpfs.
# Each failure must end with exit 3, one line naming the call, the path and
# the cell, the finished cells saved and complete, the partial cell marked,
# meta.csv's status "failed: ...", and the test file removed.
. "$(dirname "$0")/lib.sh"

[ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ] ||
	skip "no fault shim in \$FAULTSHIM (make e2e builds it)"
# An AddressSanitizer binary wants its runtime first in the preload list.
asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRELOAD="${asan:+$asan }$FAULTSHIM"

A="$T/t"
ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'

# The number after NAME in the shim's report line.
count_of() {
	awk -v name="$1" '{ for (i = 1; i < NF; i++) if ($i == name) v = $(i + 1) } END { print v + 0 }' "$2"
}

# 0. The shim is at work and counts the calls of one 64 kB cell.
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" FAULTSHIM_REPORT="$T/rep" \
	"$IOSWEEP" -s 64k -r 64k -i 0 -i 1 -f "$A" --out "$T/count"
check test "$RC" -eq 0
W1=$(count_of write "$T/rep")
R1=$(count_of read "$T/rep")
F1=$(count_of fsync "$T/rep")
check test "$W1" -gt 0
check test "$R1" -gt 0
check test "$F1" -gt 0

# 1. A fault in the first call of that kind in the second cell (128 kB):
# CALL N ERRNO  expected words  test
while read -r call n errname words test; do
	out="$T/f-$call-$errname"
	rm -f "$T/rep"
	run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" FAULTSHIM_REPORT="$T/rep" \
		FAULTSHIM_FAIL="$call:$n:$errname" \
		"$IOSWEEP" -s 64k -s 128k -s 256k -r 64k -i 0 -i 1 -f "$A" --out "$out"
	check test "$RC" -eq 3
	check test "$(count_of faults "$T/rep")" -ge 1
	words=$(echo "$words" | tr _ ' ')
	# one line: the call, the path, the reason, the cell and the test
	check grep -qx "iosweep: cannot $call '$A': $words (cell 128 kB / 64 kB, test $test)" "$T/err"
	check test "$(grep -c 'cannot' "$T/err")" -eq 1
	# the report and the CSV files: the finished cell whole, nothing later
	first_cell_kept "$out"
	check grep -qx "status,\"failed: cannot $call '$A': $words (cell 128 kB / 64 kB, test $test)\"" "$out/meta.csv"
	check test ! -e "$A"
	check test -z "$(find "$out" -name '*.tmp.*')"
done <<EOF
write $((W1 + 1)) EIO Input/output_error write
read $((R1 + 1)) EIO Input/output_error read
fsync $((F1 + 1)) EIO Input/output_error write
write $((W1 + 2)) ENOSPC No_space_left_on_device write
EOF
# the partial cell of the read fault: its write and rewrite are kept, marked
check test "$(partials "$T/f-read-EIO/results.csv" 128 | grep -c '^1$')" -eq 2

# 2. Short transfers (at most 1000 bytes a call) are finished by iosweep:
# every test succeeds and moves the whole file.
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" FAULTSHIM_REPORT="$T/rep" \
	FAULTSHIM_SHORT=1000 "$IOSWEEP" -s 256k -r 64k -E -i 0 -i 1 -i 2 -i 3 -i 4 \
	-i 5 -i 9 -i 10 -f "$A" --out "$T/short"
check test "$RC" -eq 0
check test "$(count_of short "$T/rep")" -gt 1000
check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "partial") P = i; next } $7 != 262144 || $P != 0' "$T/short/results.csv" | wc -l)" -eq 0
check test "$(awk -F, 'NR > 1' "$T/short/results.csv" | wc -l)" -eq 13
check grep -qx 'status,complete' "$T/short/meta.csv"
check test ! -e "$A"

# 3. The target directory removed while the sweep runs.
mkdir "$T/gone"
rm -f "$T/out"	# so the rows counted below are this run's
"$IOSWEEP" -a -n 1m -g 64m -i 0 -i 1 --trials 2 -f "$T/gone/t" --out "$T/gd" \
	>"$T/out" 2>"$T/err" &
pid=$!
i=0
rows_now() { seen=$(grep -c "$ROW" "$T/out" 2>/dev/null); echo "${seen:-0}"; }
while [ "$(rows_now)" -lt 1 ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
rm -rf "$T/gone"
wait "$pid"
RC=$?
check test "$RC" -eq 3
check grep -q "^iosweep: cannot [a-z]* '$T/gone/t': No such file or directory (cell [0-9]* kB / [0-9]* kB, test [a-z ]*)\$" "$T/err"
check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "partial") P = i; next } $P == 0' "$T/gd/results.csv" | wc -l)" -ge 8
check grep -q '^status,"failed: cannot' "$T/gd/meta.csv"
check test ! -e "$T/gone"

# 4. A file larger than the free space: refused before anything, with the
# numbers; nothing printed, created or written.
expect_failure 3 "$IOSWEEP" -s 4096t -r 16m -i 0 -f "$T/huge" --out "$T/fs"
check grep -qx "iosweep: not enough free space in '$T' for a 4398046511104 kB test file: [0-9]* kB free (use --force to run anyway)" "$T/err"
check test ! -s "$T/out"
check test ! -e "$T/huge"
check test ! -e "$T/fs"

# 5. A real full file system: an 8 MB tmpfs (root only).
if [ "$(id -u)" -ne 0 ]; then
	echo "note: not root: the tmpfs ENOSPC case is skipped"
elif ! mkdir "$T/mnt" || ! mount -t tmpfs -o size=8m,mode=0755 iosweep-e2e "$T/mnt" 2>"$T/mnterr"; then
	echo "note: cannot mount a tmpfs ($(cat "$T/mnterr")): the ENOSPC case is skipped"
else
	trap 'umount "$T/mnt" 2>/dev/null; e2e_drop_T' EXIT
	# without --force: refused with the numbers, nothing written
	expect_failure 3 "$IOSWEEP" -s 4m -s 16m -r 64k -i 0 -i 1 -f "$T/mnt/t" --out "$T/mnt/ns"
	check grep -qx "iosweep: not enough free space in '$T/mnt' for a 16384 kB test file: 8192 kB free (use --force to run anyway)" "$T/err"
	check test ! -e "$T/mnt/ns"
	# with --force: the 16 MB cell fills the disk; the results still fit
	# on it (the test file goes first)
	ns="$T/mnt/ns"
	expect_failure 3 "$IOSWEEP" -s 4m -s 16m -r 64k -i 0 -i 1 --force -f "$T/mnt/t" --out "$ns"
	check grep -qx "iosweep: cannot write '$T/mnt/t': No space left on device (cell 16384 kB / 64 kB, test write)" "$T/err"
	check test "$(partials "$ns/results.csv" 4096 | grep -c '^0$')" -eq 4
	check test "$(partials "$ns/results.csv" 16384 | grep -c '^0$')" -eq 0
	check grep -q '^status,"failed: cannot write' "$ns/meta.csv"
	check test ! -e "$T/mnt/t"
	check test "$(ls -A "$T/mnt")" = "ns"
	check umount "$T/mnt"
fi

finish
