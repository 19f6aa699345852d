#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cliffs.sh: `iosweep cliffs` on real IOzone reports.  The two Rovanion
# runs (ext4, xfs; 4 kB .. 4 GB files) fall 6-21x between 256 MB and
# 512 MB in every read test; an O_DIRECT run (ilkermanap), an all-in-cache
# run (psteinb), IOzone's noisy small-file cells and a flat copy of the
# ext4 report (every figure replaced by 100000 kB/s +- 10 %) show none.
# Also: the two runs as two trials, a result folder as input (cliffs.csv
# lands in it), --label, and the errors.
. "$(dirname "$0")/lib.sh"

REAL="$FIXTURES/real-iozone"
HEADER='label,test,record_kb,before_kb,after_kb,level_before_kb_per_s,level_after_kb_per_s,ratio,confidence,estimated_cache_kb,finding,kind,edge'

[ -r "$REAL/rovanion-ext4_1.iozone" ] || skip "fixtures not found in $REAL"

# rows of a cliffs.csv other than the header
rows() { tail -n +2 "$1" | wc -l | tr -d ' '; }

# --- the page-cache cliff, once per report
for f in rovanion-ext4_1.iozone rovanion-xfs1.iozone; do
	expect_success "$IOSWEEP" cliffs "$REAL/$f" --out "$T/$f"
	check grep -q '^Cache cliffs$' "$T/out"
	check grep -q 'read, reread, random read, bkwd read, stride read, fread and freread all fall .* between 256 MB and 512 MB: cache of about 362 MB' "$T/out"
	check grep -qx "$T/$f/cliffs.csv" "$T/err"
	check test "$(head -n 1 "$T/$f/cliffs.csv")" = "$HEADER"
	n=$(rows "$T/$f/cliffs.csv")
	check test "$n" -ge 50
	# every row: the one cliff, a real drop, the geometric mean as estimate,
	# never write or rewrite (writes do not fall: no -e in those runs)
	# (stride read at 8 MB records falls over 128 MB .. 512 MB or 1 GB,
	# through 1.1 GB/s at 256 MB: the drop is the step across the mid
	# level, 256 -> 512 MB, and the estimate where it crosses it)
	bad=$(awk -F, 'NR > 1 && ($4 != 262144 || $5 != 524288 || $8 < 2.5 ||
		$6 <= $7 || $11 != 1 || $2 ~ /write/ || $12 != "cache" || $13 != 0 ||
		($2 == "\"stride read\"" && $3 == 8192 ? $10 <= $4 || $10 >= $5 : $10 != 370728))' \
		"$T/$f/cliffs.csv" | wc -l)
	check test "$bad" -eq 0
	# ratio = level before / level after, to the printed precision
	bad=$(awk -F, 'NR > 1 { r = $6 / $7; if (r - $8 > 0.01 || $8 - r > 0.01) print }' \
		"$T/$f/cliffs.csv" | wc -l)
	check test "$bad" -eq 0
	check grep -q '^"rovanion-[a-z0-9_]*","read",64,262144,524288,' "$T/$f/cliffs.csv"
done

# --- no cliff where there is none
for f in "$REAL/ilkermanap-srptarget.xfs.iozone-01.txt" "$REAL/psteinb-iozone.out" \
	 "$FIXTURES/iozone/01_a_n64k_g8m_i0_i1.txt" "$FIXTURES/iozone/02_a_n64k_g4m_alltests.txt"; do
	name=$(basename "$f")
	expect_success "$IOSWEEP" cliffs "$f" --out "$T/$name"
	check grep -q 'none found' "$T/out"
	check test "$(rows "$T/$name/cliffs.csv")" -eq 0
	check test "$(cat "$T/$name/cliffs.csv")" = "$HEADER"
done

# a flat, O_DIRECT-like copy of the ext4 report: same grid, every figure
# 100000 +- 10 % (a fixed-seed generator, so the test is repeatable)
awk 'BEGIN { srand(7) }
     /^ *[0-9]+ +[0-9]+ +[0-9]/ { printf "%16d%8d", $1, $2
				  for (i = 3; i <= NF; i++) printf "%9d", 100000 * (0.9 + 0.2 * rand())
				  print ""; next }
     { print }' "$REAL/rovanion-ext4_1.iozone" > "$T/flat.iozone"
expect_success "$IOSWEEP" cliffs "$T/flat.iozone" --out "$T/flat"
check grep -q 'none found' "$T/out"
check test "$(rows "$T/flat/cliffs.csv")" -eq 0

# --- two runs as two trials: found with the trials' spread, higher confidence
expect_success "$IOSWEEP" cliffs "$REAL/rovanion-ext4_1.iozone" "$REAL/rovanion-xfs1.iozone" \
	--out "$T/two" --label 'Raptor, "LUN1"'
check grep -q 'between 256 MB and 512 MB' "$T/out"
check grep -q '^"Raptor, ""LUN1""","read",64,262144,524288,' "$T/two/cliffs.csv"
low=$(awk -F, 'NR > 1 && $9 < 0.95' "$T/two/cliffs.csv" | wc -l)
check test "$low" -eq 0

# --- a result folder: cliffs.csv goes into it by default
expect_success "$IOSWEEP" import "$REAL/rovanion-xfs1.iozone" --out "$T/folder"
if [ "$RC" -eq 0 ]; then
	expect_success "$IOSWEEP" cliffs "$T/folder"
	check test -s "$T/folder/cliffs.csv"
	check grep -q 'between 256 MB and 512 MB' "$T/out"
	# a second time refuses to clobber it, --overwrite replaces it
	expect_failure 3 "$IOSWEEP" cliffs "$T/folder"
	check grep -q "cliffs.csv' exists already" "$T/err"
	expect_success "$IOSWEEP" cliffs "$T/folder" --overwrite
fi

# --- default folder for files: ./iosweep-cliffs
(cd "$T" && "$IOSWEEP" cliffs "$REAL/psteinb-iozone.out" >/dev/null 2>&1)
check test -s "$T/iosweep-cliffs/cliffs.csv"

# --- errors
expect_failure 2 "$IOSWEEP" cliffs
check grep -q 'no input files' "$T/err"
expect_failure 2 "$IOSWEEP" cliffs --bogus "$REAL/psteinb-iozone.out"
check grep -q "unknown option '--bogus'" "$T/err"
expect_failure 2 "$IOSWEEP" cliffs "$REAL/psteinb-iozone.out" --out
check grep -q "'--out' needs a value" "$T/err"
expect_failure 4 "$IOSWEEP" cliffs "$T/no-such-file" --out "$T/x"
check grep -q 'no-such-file' "$T/err"
check test ! -e "$T/x/cliffs.csv"
printf 'not an iozone report\n' > "$T/junk.txt"
expect_failure 4 "$IOSWEEP" cliffs "$T/junk.txt" --out "$T/x"
expect_success "$IOSWEEP" cliffs --help
check grep -q '^usage: iosweep cliffs' "$T/out"

finish
