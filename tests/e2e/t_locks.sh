#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_locks.sh: IOzone's shared file (-+V), record locking (-+l, -+L) and
# whole-file locking (-W) (issue 27): throughput mode's children and
# iosweep-mpi's ranks on one file, each its own region; a lock seen held
# in /proc/locks while a pass runs; the combinations that cannot work
# refused with one line.
. "$(dirname "$0")/lib.sh"

# regions FILE N SIZE_KB: the file holds N regions of SIZE_KB, each written
# (not all zeros) and each different from the others.
regions() {
	f=$1 n=$2 kb=$3
	[ "$(wc -c <"$f")" -eq $((n * kb * 1024)) ] || { echo "size of $f"; return 1; }
	dd if=/dev/zero of="$T/zero" bs=1024 count="$kb" 2>/dev/null
	: >"$T/sums"
	i=0
	while [ $i -lt "$n" ]; do
		dd if="$f" of="$T/region" bs=1024 skip=$((i * kb)) count="$kb" 2>/dev/null
		cmp -s "$T/region" "$T/zero" && { echo "region $i is all zeros"; return 1; }
		cksum <"$T/region" >>"$T/sums"
		i=$((i + 1))
	done
	[ "$(sort -u "$T/sums" | wc -l)" -eq "$n" ] || { echo "regions repeat"; return 1; }
}

# 1. -t 4 -+V: one file, four regions, IOzone's header line, no other file.
mkdir "$T/tp" && cd "$T/tp" || exit 1
expect_success "$IOSWEEP" -t 4 -+V -x -w -s 1m -r 64k -i 0 -i 1 --out "$T/o1"
check grep -q '^	>>> Shared file mode enabled. <<<$' "$T/out"
check grep -q 'Children see throughput for  4 readers' "$T/out"
check test "$(ls "$T/tp" | grep -c DUMMY)" -eq 1
check regions "$T/tp/iosweep.DUMMY.0" 4 1024
rm -f "$T/tp/iosweep.DUMMY.0"
# every child reads back its own region: -+d checks every byte
expect_success "$IOSWEEP" -t 4 -+V -+d -s 512k -r 64k -i 0 -i 1 -i 2 -i 3 -i 5 \
	-i 9 -i 10 --out "$T/o2"
check test -z "$(ls "$T/tp" | grep DUMMY)"
# mapped (-B) and with threads (-T), whole-file and record locks together
expect_success "$IOSWEEP" -t 3 -+V -B -+d -s 512k -r 64k -i 0 -i 1 --out "$T/o3"
expect_success timeout 120 "$IOSWEEP" -t 3 -T -+L -W -+d -s 512k -r 64k -i 0 -i 1 \
	--out "$T/o4"
check grep -q '^	>>> Record locking, shared file mode enabled. <<<$' "$T/out"
check grep -q '^	Lock file when reading/writing.$' "$T/out"
cd "$T" || exit 1

# 2. A lock is held while a pass runs: /proc/locks shows the test file's
# inode with a record's range (-+l) or to EOF (-W).  -J 20: as in IOzone
# a child spins 20 ms with its record locked (-+l), and a sweep's pass
# spins with the whole file locked (-W).
# seen_lock PID FILE PATTERN: poll /proc/locks until a line for FILE's
# inode matches PATTERN (an extended regex of the range) or PID ends.
seen_lock() {
	pid=$1 f=$2 pat=$3 n=0
	while kill -0 "$pid" 2>/dev/null && [ $n -lt 600 ]; do
		if [ -f "$f" ]; then
			# the file as /proc/locks names it: major:minor:inode
			dev=$(stat -c %d "$f" 2>/dev/null) || dev=0
			id=$(printf '%02x:%02x:%s' $(((dev >> 8) & 0xfff)) \
				$(((dev & 0xff) | ((dev >> 12) & 0xfff00))) \
				"$(stat -c %i "$f" 2>/dev/null)")
			grep -E " $id $pat\$" /proc/locks >"$T/lockline" 2>/dev/null &&
				return 0
		fi
		sleep 0.02
		n=$((n + 1))
	done
	return 1
}
if [ -r /proc/locks ]; then
	mkdir "$T/rl" && cd "$T/rl" || exit 1
	"$IOSWEEP" -t 1 -+l -J 20 -s 2m -r 64k -i 0 --out "$T/o5" \
		>"$T/rl.out" 2>&1 &
	pid=$!
	check seen_lock $pid "$T/rl/iosweep.DUMMY.0" '[0-9]+ [0-9]+'
	# one record: 65536 bytes from a multiple of 65536
	check awk '{ s = $(NF - 1); e = $NF; if (e - s + 1 != 65536 || s % 65536) exit 1 }' \
		"$T/lockline"
	cd "$T" || exit 1
	wait $pid
	check test $? -eq 0
	check grep -q '^	>>> Record locking mode enabled. <<<$' "$T/rl.out"
	"$IOSWEEP" -W -J 20 -s 2m -r 64k -i 0 -f "$T/wl.tmp" --out "$T/o6" \
		>"$T/wl.out" 2>&1 &
	pid=$!
	check seen_lock $pid "$T/wl.tmp" '0 EOF'
	wait $pid
	check test $? -eq 0
	# without either option no lock is ever taken
	"$IOSWEEP" -J 20 -s 1m -r 64k -i 0 -f "$T/nl.tmp" --out "$T/o7" >/dev/null 2>&1 &
	pid=$!
	if seen_lock $pid "$T/nl.tmp" '.*'; then fail "a lock without -W or -+l"; else pass; fi
	wait $pid
else
	echo "note: no /proc/locks here: the held-lock cases are left out"
fi

# 3. What cannot work is refused with one line.
expect_failure 2 "$IOSWEEP" -+l --iodepth 4 -s 1m -r 64k -i 0 -f "$T/x.tmp"
check one_line_error
check grep -q -- '-+l and --iodepth' "$T/err"
expect_failure 2 "$IOSWEEP" -+V --jobs 2 -s 1m -r 64k -i 0 -f "$T/x.tmp"
check one_line_error
check test ! -e "$T/x.tmp"

# 4. iosweep-mpi: four ranks on one file (the N-to-1 case).
if [ -n "${IOSWEEP_MPI:-}" ] && [ -x "${IOSWEEP_MPI:-}" ] && command -v mpirun >/dev/null 2>&1; then
	LAUNCH=${IOSWEEP_MPIRUN:-mpirun}
	mpi_launcher 4
	MPI_BIN=$IOSWEEP_MPI
	# shellcheck disable=SC2086
	expect_success timeout 120 $MPIRUN "$MPI_BIN" -+V -+d -w -s 1m -r 64k \
		-i 0 -i 1 -i 2 -f "$T/n1.dat" --out "$T/m1"
	check regions "$T/n1.dat" 4 1024
	check test "$(ls "$T" | grep -c '^n1\.dat')" -eq 1
	# record locks, each rank reading another's region, every byte checked
	# shellcheck disable=SC2086
	expect_success timeout 120 $MPIRUN "$MPI_BIN" -+L -+d --reorder -s 1m -r 64k \
		-i 0 -i 1 -i 2 -f "$T/n2.dat" --out "$T/m2"
	check test ! -e "$T/n2.dat"
	check grep -q '^clients,4$' "$T/m2/meta.csv"
	# shellcheck disable=SC2086
	expect_failure 2 timeout 120 $MPIRUN "$MPI_BIN" -+V -s 1m -r 64k -i 0 \
		-f "$T/n3.%r" --out "$T/m3"
	check grep -q 'ranks share one file' "$T/out" "$T/err"
	# shellcheck disable=SC2086
	expect_failure 2 timeout 120 $MPIRUN "$MPI_BIN" -+V -W -s 1m -r 64k -i 0 \
		-f "$T/n4.dat" --out "$T/m4"
	check grep -q 'would deadlock' "$T/out" "$T/err"
	check test ! -e "$T/n3.0" -a ! -e "$T/n4.dat"
else
	echo "note: no iosweep-mpi or mpirun: the ranks' shared file is left out"
fi

finish
