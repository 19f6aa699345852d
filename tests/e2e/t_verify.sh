#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_verify.sh: IOzone's verify mode (-V N) and diagnostic mode (-+d).
#
# 1. Clean runs pass (exit 0, "iozone test complete", meta.csv complete
#    and flagged) for small auto-mode sweeps and throughput mode, and
#    their option lines are IOzone 3.508's: tests/golden/verify-header.txt
#    holds what a real IOzone 3.508 (built from its source, linux-AMD64)
#    printed for the same options, one block per command, taken with the
#    splash function of lib.sh from `iozone ARGS -f FILE` (throughput
#    mode: `iozone ARGS`, in an empty directory).
# 2. Every test that iosweep has, clean, in both modes.
# 3. A byte flipped on its way to the disk by the fault shim
#    (FAULTSHIM_FLIP, tests/fault/faultshim.c) is caught by -V and by
#    -+d at the offset the shim's call number and byte give: exit 3, one
#    line naming the file, the offset, both bytes, the cell, the test and
#    the trial; the finished cells saved, the partial one marked, the
#    file removed.  Then a flip in each kind of read and write call
#    (read, pread, fread, preadv; fwrite, pwritev), in throughput mode,
#    in a queue-depth pass, and with iosweep-mpi when it is built.
# 4. What verify mode refuses.
. "$(dirname "$0")/lib.sh"

ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'
REC=65536

# The message's two bytes differ in every bit (the shim inverts one byte),
# and -V's expected byte is the pattern.
bytes_inverted() {
	want=$(sed -n 's/.*expected 0x\([0-9a-f][0-9a-f]\), found 0x.*/\1/p' "$T/err")
	got=$(sed -n 's/.*expected 0x[0-9a-f][0-9a-f], found 0x\([0-9a-f][0-9a-f]\).*/\1/p' "$T/err")
	[ -n "$want" ] && [ -n "$got" ] && [ $((0x$want ^ 0x$got)) -eq 255 ] &&
		{ [ -z "${1:-}" ] || [ "$want" = "$1" ]; }
}

# --- 1. clean runs, IOzone's option lines --------------------------------
: >"$T/header"
n=0
while read -r args; do
	n=$((n + 1))
	case $args in *-t*) f= ;; *) f="-f $T/c" ;; esac
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $args $f --out "$T/clean$n"
	{ echo "== $args"; splash "$T/out"; } >>"$T/header"
	check grep -q '^iozone test complete\.$' "$T/out"
	check grep -qx 'status,complete' "$T/clean$n/meta.csv"
	case $args in
	-+d*) check grep -q '^flags,.*diagnostic' "$T/clean$n/meta.csv"
	      check grep -q '^	Data pattern: diagnostic (zlib ratio' "$T/out" ;;
	*) check grep -q '^flags,.*verify' "$T/clean$n/meta.csv"
	   check grep -q '^	Data pattern: verify 0x[0-9a-f][0-9a-f] (zlib ratio' "$T/out" ;;
	esac
	case $args in
	*-a*) check test "$(grep -c "$ROW" "$T/out")" -eq 9 ;;   # 4 kB .. 1 MB records
	*-t*) check test "$(grep -c 'Children see throughput' "$T/out")" -eq 6 ;;
	esac
	check test ! -e "$T/c"
	check test -z "$(ls "$T" | grep DUMMY)"
done <<EOF
-V 165 -a -s 1m -i 0 -i 1 -i 2
-+d -a -s 1m -i 0 -i 1 -i 2
-V 0 -t 2 -s 1m -r 64k -i 0 -i 1 -i 2
-+d -t 2 -s 1m -r 64k -i 0 -i 1 -i 2
-+d -V 7 -s 64k -r 4k -i 0 -i 1
EOF
cmp_golden verify-header.txt "$T/header"

# --- 2. every test, clean, both modes -------------------------------------
ALL="-i 0 -i 1 -i 2 -i 3 -i 4 -i 5 -i 6 -i 7 -i 9 -i 10"
if "$IOSWEEP" -E -s 64k -r 64k -i 0 -i 11 --dry-run >/dev/null 2>&1; then
	ALL="$ALL -i 11 -i 12"
else
	echo "note: no pwritev/preadv on this platform: tests 11 and 12 left out"
fi
for mode in "-V 33" "-+d"; do
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $mode -E -s 256k -r 16k $ALL --trials 2 --warmup 1 \
		-f "$T/c" --out "$T/all$n"
	check grep -q '^iozone test complete\.$' "$T/out"
	n=$((n + 1))
	# throughput mode's every test, threads
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $mode -t 2 -T -s 256k -r 16k --out "$T/all$n"
	check test "$(grep -c 'Children see throughput' "$T/out")" -eq 13
	n=$((n + 1))
done

# --- 3. a flipped byte ---------------------------------------------------
if [ -z "${FAULTSHIM:-}" ] || [ ! -f "$FAULTSHIM" ]; then
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it): flips left out"
	finish
fi
asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRELOAD="${asan:+$asan }$FAULTSHIM"
A="$T/t"

# 3a. Cells of 64 and 128 kB, 64 kB records, -i 0 -i 1: the 64 kB cell
# writes twice (write, rewrite), the 128 kB cell four times; write 6 is
# the rewrite's second record, so the file holds the bad byte at
# 1 x 64 kB + B and the read of the 128 kB cell finds it.
N=6 B=100
OFF=$(((N - 2 - 2 - 1) * REC + B))
for mode in "-V 165" "-+d"; do
	out="$T/flip$n"
	n=$((n + 1))
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" \
		FAULTSHIM_REPORT="$T/rep" FAULTSHIM_FLIP="write:$N:$B" \
		"$IOSWEEP" $mode -s 64k -s 128k -r 64k -i 0 -i 1 -f "$A" --out "$out"
	check grep -q "flipped 1 " "$T/rep"
	rm -f "$T/rep"
	# one line: the file, the offset, both bytes, the cell, the test, the trial
	check grep -qx "iosweep: data mismatch in '$A' at offset $OFF: expected 0x[0-9a-f][0-9a-f], found 0x[0-9a-f][0-9a-f] (cell 128 kB / 64 kB, test read, trial 1 of 1)" "$T/err"
	case $mode in -V*) check bytes_inverted a5 ;; *) check bytes_inverted ;; esac
	check test "$(grep -c 'mismatch' "$T/err")" -eq 1
	check test "$(wc -l <"$T/err")" -eq 2
	# the finished cell whole, the partial one's write passes marked
	first_cell_kept "$out"
	check test "$(partials "$out/results.csv" 128 | grep -c '^1$')" -eq 2
	check grep -q "^status,\"failed: data mismatch in '$A' at offset $OFF: " "$out/meta.csv"
	check test ! -e "$A"
done

# 3b. One flip per kind of call, in both modes (256 kB, 64 kB records):
# MODE|TESTS|CALL:N:B|offset|test.  Reads change the buffer (the file
# stays good), writes the file.  Backwards read reads records 3, 2, 1, 0;
# fread and pread read in order; preadv and pwritev move the four
# records in one call; test 6 (fwrite, frewrite) writes after test 0.
while IFS='|' read -r mode tests flip off test; do
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" \
		FAULTSHIM_FLIP="$flip" \
		"$IOSWEEP" $mode -s 256k -r 64k $tests -f "$A" --out "$T/kind$n"
	n=$((n + 1))
	check grep -qx "iosweep: data mismatch in '$A' at offset $off: expected 0x[0-9a-f][0-9a-f], found 0x[0-9a-f][0-9a-f] (cell 256 kB / 64 kB, test $test, trial 1 of 1)" "$T/err"
	check bytes_inverted
	check test ! -e "$A"
done <<EOF
-V 1|-i 0 -i 3|read:2:9|$((2 * REC + 9))|backwards read
-+d|-i 0 -i 3|read:4:0|0|backwards read
-+d|-i 0 -i 7|fread:2:65535|$((REC + 65535))|fread
-V 2|-E -i 0 -i 10|pread:3:4095|$((2 * REC + 4095))|pread
-+d|-i 0 -i 6 -i 7|fwrite:6:17|$((REC + 17))|fread
-+d|-i 0 -i 2 -i 1|write:8:3|$((3 * REC + 3))|read
EOF
case $ALL in *"-i 12"*)
	while IFS='|' read -r mode flip off; do
		expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" \
			FAULTSHIM_FLIP="$flip" \
			"$IOSWEEP" $mode -E -s 256k -r 64k -i 0 -i 11 -i 12 -f "$A" \
			--out "$T/kind$n"
		n=$((n + 1))
		check grep -qx "iosweep: data mismatch in '$A' at offset $off: expected 0x[0-9a-f][0-9a-f], found 0x[0-9a-f][0-9a-f] (cell 256 kB / 64 kB, test preadv, trial 1 of 1)" "$T/err"
	done <<EOF
-V 3|preadv:1:200000|200000
-+d|pwritev:2:70000|70000
EOF
	;;
esac

# 3c. --trials 3: a flip in the third trial's rewrite names that trial
# (each trial of the 128 kB cell writes 4 records).
expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" \
	FAULTSHIM_FLIP="write:12:1" \
	"$IOSWEEP" -+d -s 128k -r 64k -i 0 -i 1 --trials 3 -f "$A" --out "$T/trial"
check grep -q "at offset $((REC + 1)): .* (cell 128 kB / 64 kB, test read, trial 3 of 3)\$" "$T/err"
check test "$(partials "$T/trial/results.csv" 128 | grep -c '^0$')" -eq 8

# 3d. Throughput mode, threads (-T: one count of calls for the process),
# without stonewalling (-x: every reader reads its whole file): the
# second child's write 20 is its rewrite's fourth record.
expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/tpb" \
	FAULTSHIM_FLIP="write:20:8" \
	"$IOSWEEP" -+d -t 2 -T -x -s 1m -r 64k -i 0 -i 1 -F "$T/tpa" "$T/tpb" --out "$T/tp"
check grep -qx "iosweep: data mismatch in '$T/tpb' at offset $((3 * REC + 8)): expected 0x[0-9a-f][0-9a-f], found 0x[0-9a-f][0-9a-f] (cell 1024 kB / 64 kB, test readers, child 2 of 2)" "$T/err"
check bytes_inverted
check grep -q "^iosweep: results of the finished tests in $T/tp/\$" "$T/err"
check grep -qx 'status,failed' "$T/tp/meta.csv"
check test "$(awk -F, 'NR > 1' "$T/tp/results.csv" | wc -l)" -eq 4
check test ! -e "$T/tpa"
check test ! -e "$T/tpb"

# 3e. A queue-depth pass (--iodepth 1: the depth-1 engine's pwrite):
# write 20 of 16 records a pass is the rewrite's fourth record.
expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$A" \
	FAULTSHIM_FLIP="pwrite:20:3" \
	"$IOSWEEP" -V 9 --iodepth 1 -s 1m -r 64k -i 0 -i 1 -f "$A" --out "$T/qd"
check grep -qx "iosweep: data mismatch in '$A' at offset $((3 * REC + 3)): expected 0x09, found 0xf6 (cell 1024 kB / 64 kB, test read, trial 1 of 1)" "$T/err"
check grep -q "^iosweep: results of the finished cells in $T/qd/\$" "$T/err"
# clean queue-depth runs: jobs and a mix; the deep engine when there is one
depth=1
deep_engine && depth=8
for mode in "-V 4" "-+d"; do
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $mode --iodepth $depth --jobs 2 -s 1m -r 4k \
		-i 0 -i 1 -i 2 -f "$A" --out "$T/qdc$n"
	n=$((n + 1))
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $mode --iodepth $depth --mix 50 -s 1m -r 4k \
		-i 0 -i 2 -f "$A" --out "$T/qdc$n"
	n=$((n + 1))
done

# 3f. iosweep-mpi: two ranks, each reading the other's file (--reorder),
# clean; then a flip in rank 1's file ends both ranks with its message.
MPI_BIN=${IOSWEEP_MPI:-}
LAUNCH=${IOSWEEP_MPIRUN:-mpirun}
if [ -n "$MPI_BIN" ] && [ -x "$MPI_BIN" ] && command -v "$LAUNCH" >/dev/null 2>&1 &&
	command -v timeout >/dev/null 2>&1; then
	mpi_launcher 2
	asan=$(ldd "$MPI_BIN" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	mkdir -p "$T/m"
	# shellcheck disable=SC2086
	expect_success timeout 120 $MPIRUN "$MPI_BIN" -+d -s 1m -r 64k -i 0 -i 1 -i 2 \
		--reorder --reorder-shift 1 -f "$T/m/t.%r" --out "$T/mpi1"
	check grep -q '^iozone test complete\.$' "$T/out"
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" \
		FAULTSHIM_PATH="$T/m/t.1" FAULTSHIM_FLIP="write:20:5" \
		timeout 120 $MPIRUN "$MPI_BIN" -V 165 -s 1m -r 64k -i 0 -i 1 \
		-f "$T/m/t.%r" --out "$T/mpi2"
	check grep -q "rank 1 on host .*: data mismatch in '$T/m/t.1' at offset $((3 * REC + 5)): expected 0xa5, found 0x5a (cell 1024 kB / 64 kB, test read, trial 1 of 1)" "$T/err"
	check test -z "$(ls "$T/m")"
else
	echo "note: no iosweep-mpi, $LAUNCH or timeout: the MPI cases are left out"
fi

# --- 4. refused --------------------------------------------------------------
expect_failure 2 "$IOSWEEP" -V 165 --data zero -s 64k -i 0 -f "$A"
check grep -qx "iosweep: --data 'zero' and -V: verify mode writes its own data, the data its check expects; drop --data" "$T/err"
expect_failure 2 "$IOSWEEP" -V 256 -s 64k -i 0 -f "$A"
check grep -q -- "-V '256': must be from 0 to 255" "$T/err"
expect_failure 2 "$IOSWEEP" -+E -V 165 -s 64k -i 1 -f "$A"
check grep -qx "iosweep: -+E and -V (it checks data it wrote itself): choose one" "$T/err"
check test ! -e "$A"

finish
