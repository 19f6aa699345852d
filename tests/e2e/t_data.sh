#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_data.sh: every mode writes the data the header states (issue 15, item 1).
#  - the file each writing mode leaves behind with -w (sweep: write,
#    random write, record rewrite, fwrite, pwrite, pwritev; throughput
#    mode with processes and with -T threads: initial writers, random
#    writers, fwriters, pwriters) compresses with gzip -6 (deflate, zlib's
#    algorithm) at ~1.0 with the default random pattern, and the header's
#    "zlib ratio" is within 3% of what gzip makes of the file;
#  - the children of -t write different data (no file equals another);
#  - --data zero leaves files of zeros, and the header says so;
#  - --data ratio=0.50 compresses about 2:1, file and header alike;
#  - every writing mode (sweep tests, -m, -B, -X, --iodepth --jobs, -t
#    children, iosweep files, fileop -n) leaves no aligned block of 512 B,
#    4 kB, 128 kB or 1 MiB twice, and the header says "unique 512 B blocks".
# A writer that sends one record over and over (the old throughput mode:
# 144:1) fails every random-data check here.
. "$(dirname "$0")/lib.sh"

# ratio FILE: size / gzip -6 size, three decimals
ratio() {
	echo "$(wc -c <"$1") $(gzip -6 -c "$1" | wc -c)" | awk '{ printf "%.3f\n", $1 / $2 }'
}
# the header's zlib ratio from the report in $T/out
header_ratio() {
	sed -n 's/.*Data pattern: .*(zlib ratio \([0-9.]*\)).*/\1/p' "$T/out" | head -n 1
}
# within A B TOL: |A - B| <= TOL x B
within() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= t * b) }'
}
# random_file WHAT FILE: compresses at ~1.0, and the header agrees
random_file() {
	r=$(ratio "$2"); h=$(header_ratio)
	echo "$1: $2 ($(wc -c <"$2") bytes) gzip ratio $r, header $h"
	check within "$r" 1.0 0.03
	check within "$h" "$r" 0.03
}

MB2=2097152

# ---- sweep mode, one writing test at a time (test 0 first, as required) ----
for t in "0" "0 -i 2" "0 -i 4" "0 -i 6" "0 -i 9 -E" "0 -i 11 -E"; do
	n=$(echo "$t" | tr -dc '0-9')
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" -s 2m -r 4k -i $t -w --quiet -f "$T/s$n" --out "$T/os$n"
	check test "$(wc -c <"$T/s$n")" -eq $MB2
	random_file "sweep -i $t" "$T/s$n"
done
# larger records (a window per 1 MiB call) and a pwritev group of 16 records
expect_success "$IOSWEEP" -s 8m -r 1m -i 0 -i 11 -E -w --quiet -f "$T/big" --out "$T/obig"
random_file "sweep -r 1m" "$T/big"

# ---- throughput mode: processes, then threads ----
for mode in "" "-T"; do
	for t in "0" "0 -i 2" "0 -i 6" "0 -i 9"; do
		n=$(echo "$mode$t" | tr -dc 'T0-9')
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" -t 2 $mode -s 2m -r 4k -i $t -w --quiet \
			-F "$T/a$n" "$T/b$n" --out "$T/ot$n"
		for f in "$T/a$n" "$T/b$n"; do
			check test "$(wc -c <"$f")" -eq $MB2
			random_file "-t 2 $mode -i $t" "$f"
		done
		check test "$(cmp -s "$T/a$n" "$T/b$n"; echo $?)" -eq 1
	done
done

# ---- --data zero: zeros, and the header says they compress ----
head -c $MB2 /dev/zero >"$T/zeros"
expect_success "$IOSWEEP" -s 2m -r 4k -i 0 -i 6 --data zero -w --quiet -f "$T/z" --out "$T/oz"
check cmp -s "$T/z" "$T/zeros"
check grep -q 'Data pattern: zero (zlib ratio [0-9]\{3,\}\.[0-9][0-9])' "$T/out"
expect_success "$IOSWEEP" -t 2 -T -s 2m -r 4k -i 0 --data zero -w --quiet \
	-F "$T/z1" "$T/z2" --out "$T/otz"
check cmp -s "$T/z1" "$T/zeros"
check cmp -s "$T/z2" "$T/zeros"
check grep -q 'Data pattern: zero (zlib ratio [0-9]\{3,\}\.[0-9][0-9])' "$T/out"

# ---- --data ratio=0.50: half of every 4 kB block is zeros ----
for mode in sweep tp; do
	if [ $mode = sweep ]; then
		expect_success "$IOSWEEP" -s 2m -r 4k -i 0 --data ratio=0.5 -w --quiet \
			-f "$T/h" --out "$T/oh"
	else
		rm -f "$T/h"
		expect_success "$IOSWEEP" -t 1 -s 2m -r 4k -i 0 --data ratio=0.5 -w --quiet \
			-F "$T/h" --out "$T/oth"
	fi
	r=$(ratio "$T/h"); h=$(header_ratio)
	echo "--data ratio=0.5 ($mode): gzip ratio $r, header $h"
	check within "$r" 2.0 0.05
	check within "$h" "$r" 0.05
done
# ---- unique blocks: nothing for a file system that deduplicates ----
# Every writing mode with the default data leaves files in which no
# aligned block of 512 B, 4 kB, 128 kB or 1 MiB equals another, within a
# file or across the files of the run (the walk of the pattern buffer
# comes round every record + 1 MiB: without the tags of pattern.h a 4 MB
# file of 4 kB records holds each 4 kB block four times).
U="$T/uniq"
mkdir -p "$U"
UN=0
uniq_sweep() {  # uniq_sweep WHAT ARGS...: one sweep, its file kept
	_w=$1
	shift
	rm -f "$U/f"
	UN=$((UN + 1))
	expect_success "$IOSWEEP" "$@" -w --quiet -f "$U/f" --out "$U/o$UN"
	all_distinct "$_w" "$U/f"
}
uniq_sweep "sweep -i 0 -r 4k" -s 4m -r 4k -i 0
uniq_sweep "sweep -i 0 -r 2m" -s 6m -r 2m -i 0
uniq_sweep "sweep -i 0 -i 2 (random write)" -s 4m -r 4k -i 0 -i 2
uniq_sweep "sweep -i 0 -i 6 (fwrite)" -s 4m -r 4k -i 0 -i 6
uniq_sweep "sweep -i 0 -i 11 -E (pwritev)" -s 4m -r 8k -i 0 -i 11 -E
uniq_sweep "sweep -m" -s 4m -r 4k -i 0 -m
uniq_sweep "sweep -B (mmap)" -s 4m -r 4k -i 0 -B
uniq_sweep "--iodepth 4 --jobs 2" -s 4m -r 4k -i 0 -i 2 --iodepth 4 --jobs 2
check grep -q 'Data pattern: random (zlib ratio 1\.0[0-9]), unique 512 B blocks, expected dedup ratio 1\.00' "$T/out"
# -X: every operation writes the start of one buffer
awk 'BEGIN { for (i = 0; i < 512; i++) print i * 8192, 8192 }' >"$U/traj"
uniq_sweep "-X" -X "$U/traj"
for mode in "" "-T"; do
	rm -f "$U/a" "$U/b"
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" -t 2 $mode -s 4m -r 4k -i 0 -i 2 -i 9 -w --quiet \
		-F "$U/a" "$U/b" --out "$U/ot$mode"
	all_distinct "-t 2 $mode" "$U/a" "$U/b"
done
expect_success "$IOSWEEP" files --count 200 --file-size 24k --jobs 2 --keep --dir "$U"
# shellcheck disable=SC2046
all_distinct "iosweep files, 24 kB" $(find "$U/iosweep_files" -type f | sort)
rm -rf "$U/iosweep_files"
expect_success "$IOSWEEP" files --count 300 --file-size 1000 --keep --dir "$U"
# shellcheck disable=SC2046
set -- $(distinct 512 $(find "$U/iosweep_files" -type f))
echo "iosweep files, 1000 bytes: $2 distinct 512-byte blocks of $1"
check test "$1" -eq 300
check test "$2" -eq 300
rm -rf "$U/iosweep_files"
mkdir -p "$U/fo"
expect_success "$IOSWEEP" fileop -f 3 -s 4096 -n -L -d "$U/fo"
# shellcheck disable=SC2046
all_distinct "fileop -n" $(find "$U/fo" -type f | sort)
# --data ratio=0.50 keeps its zeros, and its 4 kB blocks are unique
rm -f "$U/f"
expect_success "$IOSWEEP" -s 4m -r 4k -i 0 --data ratio=0.5 -w --quiet -f "$U/f" \
	--out "$U/oratio"
nd=$(distinct 4096 "$U/f")
echo "--data ratio=0.5: ${nd#* } distinct 4 kB blocks of ${nd% *}"
check test "${nd% *}" -eq "${nd#* }"
check grep -q 'Data pattern: ratio=0.50 (zlib ratio [0-9.]*), unique 4 kB blocks' "$T/out"
finish
