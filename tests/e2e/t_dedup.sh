#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_dedup.sh: data shaped for dedup and compression (-+w -+y -+C -+a
# -+Q -+S -+W), and the figures the report gives for it.
#
# 1. Sweeps with the shaping options pass, and their option lines are
#    IOzone 3.508's: tests/golden/dedup-header.txt holds what a real
#    IOzone 3.508 (built from its source, linux-AMD64) printed for the
#    same options, one block per command, taken with `iozone ARGS -f
#    FILE` (throughput mode: `iozone ARGS` in an empty directory): the
#    lines between "Run began" and "Command line used", and the start of
#    that line (-+a's line leaves a space before the next one).
# 2. meta.csv's measured shares are the asked ones.  With 64 kB records
#    and 4 kB granules every part of a record is whole granules, so the
#    only gap is the first record of a file, which nothing before it can
#    repeat: "within" is the share times 63/64 for 64 records; the
#    tolerance is 1/64 of the share plus 0.001 for the four decimals.
#    Across files the figure is exact (tolerance 0.001).
# 3. The files themselves, kept with -w (-t 2: -F names them), cut into
#    4 kB blocks by od and counted by awk: the same shares, so the figure
#    is not only iosweep's word; and gzip's ratio of the -+a file is near
#    the zlib ratio the header states.
# 4. Bad values and combinations are refused: one line naming the
#    option, exit 2.
# 5. -+M (IOzone's dedup+compress layout): IOzone's header line; the
#    stamps IOzone puts at the start of each 4 kB granule are in the
#    kept files where they belong (little-endian 4-byte integers); the
#    measured shares stay the asked ones (and od agrees); the zlib ratio
#    moves as the layout says: without -+a the parts are constant words
#    plus stamps (ratio far above 10, where the same run without -+M
#    gives 1.00), and with -+a 50 it is -+a's 1.8 again (the
#    compressible groups survive the XOR with each part's key).
# 6. -+e (IOzone's sparse mode): with -+w 50, test 0 seeks over the first
#    half of each record, so the file takes half its size on disk, reads
#    zeros there, and the measured figures count only the half written.
. "$(dirname "$0")/lib.sh"

# near X WANT TOL: |X - WANT| <= TOL
near() {
	awk -v x="$1" -v w="$2" -v t="$3" 'BEGIN { d = x - w; if (d < 0) d = -d; exit !(x != "" && d <= t) }'
}

# meta KEY DIR: the value of KEY in DIR/meta.csv
meta() {
	sed -n "s/^$1,//p" "$2/meta.csv"
}

# dups FILE...: duplicate 4 kB blocks over the files in order, each
# file's count on its own line ("name count"): a block counts when an
# earlier block of any of the files was the same.
dups() {
	for f in "$@"; do
		od -An -v -tx1 -w4096 "$f" | awk -v f="$f" '{ print f, $0 }'
	done | awk '{ k = substr($0, length($1) + 2) }
		seen[k]++ { n[$1]++ } { if (!($1 in n)) n[$1] += 0 }
		END { for (f in n) print f, n[f] }'
}

# --- 1. sweeps, IOzone's option lines ------------------------------------
: >"$T/header"
n=0
while read -r args; do
	n=$((n + 1))
	case $args in *-t*) f="-w -F $T/c0 $T/c1" ;; *) f="-w -f $T/f$n" ;; esac
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $args $f --out "$T/o$n"
	{ echo "== $args"
	  sed -n '/Run began/,/Command line used/p' "$T/out" | sed '1,2d' |
		sed 's/Command line used: .*/Command line used:/'; } >>"$T/header"
	check grep -q '^iozone test complete\.$' "$T/out"
	check grep -qx 'status,complete' "$T/o$n/meta.csv"
	check grep -q '^	Data pattern: shaped -+w [0-9]* -+y [0-9]* -+C [0-9]* -+a [0-9]* -+S [0-9]* (zlib ratio [0-9.]*), expected dedup ratio [0-9.]* at [0-9]*-byte blocks$' "$T/out"
	check grep -q '^	Duplicate 4096-byte granules: [0-9.]*% within a file' "$T/out"
	check test "$(meta dedup_granule_bytes "$T/o$n")" = 4096
done <<EOF
-+w 50 -+Q 4096 -s 4m -r 64k -i 0 -i 1
-+w 100 -+y 50 -s 4m -r 64k -i 0
-+w 100 -+y 100 -+C 50 -+S 3 -s 4m -r 64k -i 0
-+a 50 -s 4m -r 64k -i 0
-+w 50 -+a 30 -+W 2 -+S 0 -s 1m -r 64k -i 0
-t 2 -+w 50 -s 4m -r 64k -i 0 -i 1
EOF
cmp_golden dedup-header.txt "$T/header"

# --- 2. and 3. the measured shares, and the files' own ---------------------
# case: within share, across share (- for one file), blocks per file
while read -r k within across blocks; do
	o=$T/o$k
	check near "$(meta dedup_within "$o")" "$(awk -v s="$within" 'BEGIN { print s * 63 / 64 }')" \
		"$(awk -v s="$within" 'BEGIN { print s / 64 + 0.001 }')"
	if [ "$across" = - ]; then
		check test -z "$(meta dedup_across "$o")"
		check test "$(meta dedup_files "$o")" = 1
		dups "$T/f$k" >"$T/d"
		check near "$(awk '{ print $2 }' "$T/d")" \
			"$(awk -v s="$within" -v b="$blocks" 'BEGIN { print s * b * 63 / 64 }')" 0.5
	else
		check near "$(meta dedup_across "$o")" "$across" 0.001
		check test "$(meta dedup_files "$o")" = 2
		dups "$T/c0" "$T/c1" >"$T/d"
		check near "$(awk -v f="$T/c0" '$1 == f { print $2 }' "$T/d")" 0 0.5
		check near "$(awk -v f="$T/c1" '$1 == f { print $2 }' "$T/d")" \
			"$(awk -v s="$across" -v b="$blocks" 'BEGIN { print s * b }')" 0.5
	fi
done <<EOF
1 0 - 1024
2 0.5 - 1024
3 1 - 1024
6 0 0.5 1024
EOF
# -+a 50: groups of 64 bytes, half of them one value repeated: zlib's
# ratio is 64 / (32 + 32 / ~9) ~ 1.8; gzip (zlib's format, level 6) of
# the file agrees within 5%.
r=$(meta data_compress_ratio "$T/o4")
check near "$r" 1.85 0.15
g=$(awk -v a="$(wc -c <"$T/f4")" -v b="$(gzip -c "$T/f4" | wc -c)" 'BEGIN { print a / b }')
check near "$g" "$r" "$(awk -v r="$r" 'BEGIN { print r * 0.05 }')"
# -+w without -+a: nothing compresses
check near "$(meta data_compress_ratio "$T/o1")" 1 0.02

# --- 4. refusals ---------------------------------------------------------
while read -r opt args; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" $args -s 64k -r 4k -i 0 -f "$T/bad"
	check test "$(wc -l <"$T/err")" -eq 1
	check grep -q -- "$opt" "$T/err"
	check test ! -e "$T/bad"
done <<EOF
-+w -+w 150
-+w -+w -1
-+a -+a 101
-+Q -+Q 0
-+Q -+Q 100
-+Q -+Q 4x
-+Q -+Q 2m
-+y -+y 50
-+C -+w 50 -+C 10
-+d -+w 50 -+d
-+w -+d -+w 50
-V -+w 50 -V 1
-+a -+a 20 --data zero
-+M -+M
-+M -+Q 4k -+M
-+e -+e
-+e -+w 50 -+y 10 -+e
-+e -+w 50 -+e -I
EOF

# --- 5. -+M: IOzone's dedup+compress layout ------------------------------
expect_success "$IOSWEEP" -t 2 -+w 100 -+y 50 -+M -s 4m -r 64k -i 0 -w \
	-F "$T/m0" "$T/m1" --out "$T/m"
check grep -q '^	Dedup+compress enabled$' "$T/out"
check grep -q '^	Data pattern: shaped -+w 100 -+y 50 -+C 0 -+a 0 -+S 1 -+M (zlib ratio [0-9.]*), expected dedup ratio [0-9.]* at [0-9]*-byte blocks$' "$T/out"
# half of each record is shared by every record, and without -+a its
# granules are all alike (zeros and one stamp): 511 of 1024 repeat; every
# granule of the second file is in the first
check near "$(meta dedup_within "$T/m")" "$(awk 'BEGIN { print 511 / 1024 }')" 0.001
check near "$(meta dedup_across "$T/m")" 1 0.001
dups "$T/m0" "$T/m1" >"$T/d"
check near "$(awk -v f="$T/m0" '$1 == f { print $2 }' "$T/d")" 511 0.5
check near "$(awk -v f="$T/m1" '$1 == f { print $2 }' "$T/d")" 1024 0.5
r=$(meta data_compress_ratio "$T/m")
echo "-+M without -+a: zlib ratio $r"
check awk -v r="$r" 'BEGIN { exit !(r > 10) }'
# the shared part's granules: 0xdeadbeef + seed (1), then zeros
check test "$(od -An -tx1 -j 4096 -N 8 "$T/m0" | tr -d ' ')" = f0beadde00000000
check test "$(od -An -tx1 -j 28672 -N 8 "$T/m1" | tr -d ' ')" = f0beadde00000000
# the across part (second half of record 0): (offset >> 12, 0xdead)
check test "$(od -An -tx1 -j 36864 -N 8 "$T/m0" | tr -d ' ')" = 09000000adde0000
check test "$(od -An -tx1 -j 36864 -N 8 "$T/m1" | tr -d ' ')" = 09000000adde0000
# the same run without -+M: random words, nothing compresses
expect_success "$IOSWEEP" -t 2 -+w 100 -+y 50 -s 4m -r 64k -i 0 \
	-F "$T/n0" "$T/n1" --out "$T/n"
check near "$(meta data_compress_ratio "$T/n")" 1 0.02
# -+w 50 -+y 100 -+C 100 -+a 50 -+M: the within-only part is stamped
# (writer, 0xbeef) and the unique half (writer, offset >> 12); -+a's
# groups still compress
expect_success "$IOSWEEP" -t 2 -+w 50 -+y 100 -+C 100 -+a 50 -+M -s 4m -r 64k \
	-i 0 -w -F "$T/a0" "$T/a1" --out "$T/a"
check test "$(od -An -tx1 -j 0 -N 8 "$T/a1" | tr -d ' ')" = 01000000efbe0000
check test "$(od -An -tx1 -j 32768 -N 8 "$T/a1" | tr -d ' ')" = 0100000008000000
check near "$(meta dedup_across "$T/a")" 0 0.001
check near "$(meta dedup_within "$T/a")" "$(awk 'BEGIN { print 0.5 * 63 / 64 }')" 0.01
r=$(meta data_compress_ratio "$T/a")
echo "-+M -+a 50: zlib ratio $r"
check near "$r" 1.85 0.25
g=$(awk -v a="$(wc -c <"$T/a0")" -v b="$(gzip -c "$T/a0" | wc -c)" 'BEGIN { print a / b }')
check near "$g" "$r" "$(awk -v r="$r" 'BEGIN { print r * 0.1 }')"

# --- 6. -+e: holes instead of the dedupable part ---------------------------
expect_success "$IOSWEEP" -+w 50 -+e -s 4m -r 64k -i 0 -i 1 -w -f "$T/sp" --out "$T/sp-o"
check grep -q '^	>>> I/O Sparse mode enabled. <<<$' "$T/out"
check grep -q '^	Data pattern: shaped -+w 50 -+y 0 -+C 0 -+a 0 -+S 1 -+e (zlib ratio 1.00), expected dedup ratio [0-9.]* at [0-9]*-byte blocks$' "$T/out"
check test "$(meta dedup_probe_bytes "$T/sp-o")" = 2097152
check near "$(meta dedup_within "$T/sp-o")" 0 0.001
check test "$(wc -c <"$T/sp")" -eq 4194304
used=$(( $(stat -c %b "$T/sp") * $(stat -c %B "$T/sp") ))
echo "-+e: 4194304-byte file, $used bytes allocated"
check test "$used" -le 2359296
check test "$(od -An -v -tx1 -j 65536 -N 32768 "$T/sp" | tr -d ' \n' | tr -d 0 | wc -c)" -eq 0
check test "$(od -An -tx1 -j 98304 -N 8 "$T/sp" | tr -d ' ')" != 0000000000000000
# as IOzone, only test 0 leaves holes: random writes (-i 2) and throughput
# mode's writers write whole records, zeros where test 0's holes are, so
# the file's bytes are the same and every one is allocated
expect_success "$IOSWEEP" -+w 50 -+e -s 4m -r 64k -i 0 -i 2 -w -f "$T/sp2" --out "$T/sp2-o"
check grep -q '^	>>> I/O Sparse mode enabled. <<<$' "$T/out"
check test "$(od -An -v -tx1 -j 65536 -N 32768 "$T/sp2" | tr -d ' \n' | tr -d 0 | wc -c)" -eq 0
check test "$(( $(stat -c %b "$T/sp2") * $(stat -c %B "$T/sp2") ))" -ge 4194304
expect_success "$IOSWEEP" -t 2 -+w 50 -+e -s 1m -r 64k -i 0 -w -F "$T/spa" "$T/spb" --out "$T/spt"
check test "$(od -An -v -tx1 -N 32768 "$T/spb" | tr -d ' \n' | tr -d 0 | wc -c)" -eq 0
check test "$(( $(stat -c %b "$T/spb") * $(stat -c %B "$T/spb") ))" -ge 1048576
rm -f "$T/sp2" "$T/spa" "$T/spb"
# the same without -+e: every byte allocated
expect_success "$IOSWEEP" -+w 50 -s 4m -r 64k -i 0 -w -f "$T/nsp" --out "$T/nsp-o"
check test "$(( $(stat -c %b "$T/nsp") * $(stat -c %B "$T/nsp") ))" -ge 4194304
check test "$(meta dedup_probe_bytes "$T/nsp-o")" = 4194304

finish
