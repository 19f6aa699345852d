#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_iozone_opts1.sh: IOzone options -J, -+J (compute delay).
#
# Header lines: tests/golden/compute-header.txt holds what a real IOzone
# 3.508 (built from its source, linux-AMD64) printed for the same
# options, one block per command: the lines after "Run began" up to
# "Time Resolution", without "Command line used", taken with opt_lines
# below from `iozone ARGS` run in an empty directory.
. "$(dirname "$0")/lib.sh"

# opt_lines FILE: the option lines of a report, "Command line used" left out
opt_lines() {
	sed -n '/Run began/,/Time Resolution/p' "$1" | sed '1,2d;$d' |
		grep -v "Command line used"
}

# secs_of OUT TEST: the measured seconds of TEST's row in OUT/results.csv
secs_of() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c["seconds"]) }' "$1/results.csv"
}

# --- -J, -+J: IOzone's header lines ---------------------------------------
: >"$T/header"
while read -r args; do
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $args --quiet --out "$T/o.h" --overwrite
	echo "== $args" >>"$T/header"
	opt_lines "$T/out" >>"$T/header"
	rm -rf "$T/o.h" iosweep.tmp iosweep.DUMMY.*
done <<'LIST'
-s 256 -r 4 -i 0 -i 1 -J 2
-+J -s 256 -r 4 -i 0 -i 1 -J 2
-J 0 -s 64 -r 4 -i 0
-J 7 -O -s 64 -r 4 -i 0
-t 2 -s 256 -r 4 -i 0 -J 1 -+J
LIST
cmp_golden compute-header.txt "$T/header"

# --- -J 2 on 64 records: 64 spins of 2 ms ----------------------------------
# IOzone's rule: the spins are in the timed region but left out of the
# figures, unless -+J counts them.  With -+J each pass's measured time is
# at least 64 x 2 ms = 0.128 s, and its kB/s at most 256 kB / 0.128 s;
# without -+J the run still lasts that long per pass (the spins are real)
# while the measured time leaves them out.
expect_success "$IOSWEEP" -s 256 -r 4 -i 0 -i 1 -J 2 -+J --out "$T/inc" --quiet
for t in write rewrite read reread; do
	s=$(secs_of "$T/inc" "$t")
	check awk -v s="$s" 'BEGIN { exit !(s >= 0.128) }'
done
kbps=$(awk '$1 == 256 && $2 == 4 { print $3 }' "$T/out")
check awk -v k="$kbps" 'BEGIN { exit !(k > 0 && k <= 256 / 0.128) }'

start=$(date +%s%N)
expect_success "$IOSWEEP" -s 256 -r 4 -i 0 -i 1 -J 2 --out "$T/exc" --quiet
end=$(date +%s%N)
# four passes of 64 spins of 2 ms each: the run took at least 0.512 s
check test $((end - start)) -ge 512000000
# the measured time of each pass is its wall time less its spins
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $(c["wall_s"]) - $(c["seconds"]) }' "$T/exc/results.csv" >"$T/spun"
check test "$(wc -l <"$T/spun")" -eq 4
check awk '$1 < 0.128 { bad = 1 } END { exit bad }' "$T/spun"

# throughput mode: each child spins before each record
expect_success "$IOSWEEP" -t 2 -s 256 -r 4 -i 0 -J 2 -+J --out "$T/tp" --quiet
check grep -q "Compute time 0.002000 seconds for reads and writes." "$T/out"
kbps=$(sed -n 's/.*Children see throughput for  2 initial writers[[:space:]]*= *\([0-9.]*\) kB\/sec/\1/p' "$T/out")
check awk -v k="$kbps" 'BEGIN { exit !(k > 0 && k <= 2 * 256 / 0.128) }'

# refused: with queue depth (one line naming both, exit 2)
expect_failure 2 "$IOSWEEP" -s 256 -r 4 -i 0 -J 2 --iodepth 4
check grep -q -e "-J and --iodepth" "$T/err"
check test "$(wc -l <"$T/err")" -eq 1

finish
