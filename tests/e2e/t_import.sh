#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import.sh: `iosweep import` and `iosweep compare` on real IOzone files.
# The imported results.csv is checked against the fixture's table, read
# again here with awk, and compare's ratios are recomputed from the two
# fixtures the same way.  Bad inputs must fail with exit 4, name the file
# and line, and write nothing.
. "$(dirname "$0")/lib.sh"

R="$FIXTURES/real-iozone"
I="$FIXTURES/iozone"
[ -f "$R/rovanion-ext4_1.iozone" ] || skip "no fixtures in $FIXTURES"

# awk: every table row of an IOzone report as "test,file_kb,record_kb,value"
# (only full 13-column rows, as the real-iozone reports are)
table_rows() {
	awk 'BEGIN { split("write,rewrite,read,reread,random read,random write,bkwd read,record rewrite,stride read,fwrite,frewrite,fread,freread", n, ",") }
	     NF == 15 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ {
		for (i = 3; i <= 15; i++) printf "%s,%s,%s,%s\n", n[i - 2], $1, $2, $i }' "$1"
}

# 1. every fixture imports
n=0
for f in "$R/rovanion-ext4_1.iozone" "$R/rovanion-xfs1.iozone" \
	"$R/ilkermanap-srptarget.xfs.iozone-01.txt" "$R/psteinb-iozone.out" \
	"$R/toby1984-excel-report-iozone.txt" "$I"/01_*.txt "$I"/02_*.txt "$I"/03_a_n64k_g4m_R_b.txt \
	"$I"/03_*.out.xls "$I"/08_*.txt "$I"/13_*.txt "$I"/15_*.txt "$I"/16_*.txt \
	"$I"/19_*.txt "$I"/21_*.txt "$I"/22_*.txt "$I"/24_*.txt; do
	n=$((n + 1))
	expect_success "$IOSWEEP" import "$f" --out "$T/imp$n"
	check has_rows "$T/imp$n/results.csv"
	check grep -q "^$T/imp$n\$" "$T/err"
done

# 2. every cell of the ext4 report equals the file's figure
expect_success "$IOSWEEP" import "$R/rovanion-ext4_1.iozone" --label ext4 --out "$T/ext4"
table_rows "$R/rovanion-ext4_1.iozone" | sort > "$T/want.txt"
awk -F, 'NR > 1 { printf "%s,%s,%s,%d\n", $3, $4, $5, $9 }' "$T/ext4/results.csv" | sort > "$T/got.txt"
check test "$(wc -l < "$T/want.txt")" -eq 2119
check cmp -s "$T/want.txt" "$T/got.txt"
check grep -q '^version,3.327$' "$T/ext4/meta.csv"
check grep -q '^label,ext4$' "$T/ext4/meta.csv"
check grep -q '^tool,iozone$' "$T/ext4/meta.csv"

# the O_DIRECT header line becomes a flag
expect_success "$IOSWEEP" import "$R/ilkermanap-srptarget.xfs.iozone-01.txt" --out "$T/srp"
check grep -q '^flags,"direct,imported"$' "$T/srp/meta.csv"

# 3. several reports are trials of one set
expect_success "$IOSWEEP" import "$R/rovanion-ext4_1.iozone" "$R/rovanion-xfs1.iozone" --out "$T/two"
check test "$(awk -F, 'NR > 1 && $6 == 1' "$T/two/results.csv" | wc -l)" -eq 2119
check grep -q '^trials,2$' "$T/two/meta.csv"

# 4. compare ext4 and xfs: ratios recomputed from the raw files
expect_success "$IOSWEEP" compare "$R/rovanion-ext4_1.iozone" "$R/rovanion-xfs1.iozone" \
	--csv "$T/cmp.csv" --label ext4 --label xfs
check grep -q 'geometric mean of the ratios' "$T/out"
check test "$(awk 'END { print NR }' "$T/cmp.csv")" -eq 2120
table_rows "$R/rovanion-ext4_1.iozone" > "$T/a.txt"
table_rows "$R/rovanion-xfs1.iozone" > "$T/b.txt"
bad=$(awk -F, 'FILENAME == ARGV[1] { a[$1 "," $2 "," $3] = $4; next }
	FILENAME == ARGV[2] { b[$1 "," $2 "," $3] = $4; next }
	FNR == 1 { next }
	{ k = $3 "," $4 "," $5; r = b[k] / a[k]; d = r - $10; if (d < 0) d = -d
	  if (!(k in a) || d > 1e-6 || $1 != "ext4" || $2 != "xfs" || $14 != "bh" || $15 != "n/a") { print; bad++ } }
	END { print bad + 0 }' "$T/a.txt" "$T/b.txt" "$T/cmp.csv" | tail -n 1)
check test "$bad" -eq 0
# the geometric mean of the write ratios, recomputed
gm=$(awk -F, 'FILENAME == ARGV[1] { a[$1 "," $2 "," $3] = $4; next }
	$1 == "write" { s += log($4 / a[$1 "," $2 "," $3]); n++ }
	END { printf "%.4f", exp(s / n) }' "$T/a.txt" "$T/b.txt")
check grep -q "^  write  *$gm  (163 cells)" "$T/out"
check grep -q '^label_a,label_b,test,file_kb,record_kb,n_a,mean_a,n_b,mean_b,ratio,pct_diff,p_value,p_adjusted,adjustment,significant$' "$T/cmp.csv"
check grep -q "Benjamini-Hochberg-adjusted p < 0.05 over the 0 cells tested" "$T/out"
# two trials a side (ext4 and xfs as trials, against ext4 twice: two
# different folders, so the p-values are not all 1): Holm named, p_adj >= p
cp "$R/rovanion-ext4_1.iozone" "$T/ext4-again.iozone"
expect_success "$IOSWEEP" import "$R/rovanion-ext4_1.iozone" "$T/ext4-again.iozone" --out "$T/two-ext4"
expect_success "$IOSWEEP" compare "$T/two" "$T/two-ext4" --adjust holm --csv "$T/cmp-holm.csv"
check grep -q "Holm-adjusted p < 0.05 over the 2119 cells tested" "$T/out"
check test "$(awk -F, 'NR > 1 && ($13 < $12 || $14 != "holm" || $15 != "no")' "$T/cmp-holm.csv" | wc -l)" -eq 0
check test "$(awk -F, 'NR > 1 && $12 < 1' "$T/cmp-holm.csv" | wc -l)" -gt 2000
expect_failure 2 "$IOSWEEP" compare "$T/two" "$T/two-ext4" --adjust bonferroni
check grep -q "adjust 'bonferroni': use holm, bh or none" "$T/err"

# compare refuses to overwrite its CSV unless told
expect_failure 3 "$IOSWEEP" compare "$R/rovanion-ext4_1.iozone" "$R/rovanion-xfs1.iozone" --csv "$T/cmp.csv"
expect_success "$IOSWEEP" compare "$T/ext4" "$R/rovanion-xfs1.iozone" --csv "$T/cmp.csv" --overwrite

# 5. bad inputs: exit 4, FILE:LINE in the message, nothing written
head -c 20000 "$R/rovanion-ext4_1.iozone" > "$T/cut.iozone"
expect_failure 4 "$IOSWEEP" import "$T/cut.iozone" --out "$T/bad1"
check grep -q "cut.iozone:[0-9][0-9]*: .*truncated" "$T/err"
check test ! -e "$T/bad1"

expect_failure 4 "$IOSWEEP" import "$I/12_help.txt" --out "$T/bad2"
check grep -q "12_help.txt:1: not an IOzone report" "$T/err"
check test ! -e "$T/bad2"

sed '30s/ 4274062/        /' "$I/01_a_n64k_g8m_i0_i1.txt" > "$T/missing.txt"
expect_failure 4 "$IOSWEEP" import "$T/missing.txt" --out "$T/bad3"
check grep -q "missing.txt:30: .*missing" "$T/err"
check test ! -e "$T/bad3"

expect_failure 4 "$IOSWEEP" import "$I/01_a_n64k_g8m_i0_i1.txt" "$I/08_a_n64k_g4m_i0_i1_O.txt" --out "$T/bad4"
check grep -q "08_a_n64k_g4m_i0_i1_O.txt: .*units" "$T/err"
check test ! -e "$T/bad4"

expect_failure 2 "$IOSWEEP" import --out "$T/bad5"
expect_failure 2 "$IOSWEEP" compare "$R/rovanion-ext4_1.iozone"

# 6. round trip: iosweep's own report, imported, equals its results.csv means
if "$IOSWEEP" -s 1m -r 64k -i 0 -i 1 -f "$T/testfile" --trials 2 --out "$T/run" \
	> "$T/report.txt" 2> "$T/run.err" && [ -f "$T/run/results.csv" ]; then
	expect_success "$IOSWEEP" import "$T/report.txt" --out "$T/back"
	check grep -q '^tool,iosweep$' "$T/back/meta.csv"
	# means of results.csv (bytes / 1024 / seconds) against the imported figures
	bad=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		FILENAME == ARGV[1] { if ($c["partial"] == 0) { t = $c["test"]; s[t] += $c["bytes"] / 1024 / $c["seconds"]; n[t]++ }; next }
		{ t = $c["test"]; m = s[t] / n[t]; d = m - $c["kb_per_s"]; if (d < 0) d = -d; if (d >= 1.0001) bad++; seen++ }
		END { print (seen == 4 ? bad + 0 : 99) }' "$T/run/results.csv" "$T/back/results.csv")
	check test "$bad" -eq 0
else
	echo "note: sweep unavailable, round trip not checked"
fi

# A real report with every row shifted by one column (the first figure
# gone, header unchanged, command line -a: 13 tests): refused with exit 4,
# the file and the first row's line, alone or as one of several trials.
for real in "$R/psteinb-iozone.out" "$R/rovanion-ext4_1.iozone"; do
	awk '/^ +[0-9]+ +[0-9]+ +[0-9]/ { sub(/^ +[0-9]+ +[0-9]+ +[0-9]+/, sprintf("%16s%8s", $1, $2)) } { print }' \
		"$real" >"$T/shifted.txt"
	row=$(grep -n '^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]' "$T/shifted.txt" | head -n 1 | cut -d: -f1)
	expect_failure 4 "$IOSWEEP" import "$T/shifted.txt" --out "$T/shifted"
	check grep -q "shifted.txt:$row: rows of 12 figures where the command line" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	check test ! -e "$T/shifted"
	expect_failure 4 "$IOSWEEP" import "$real" "$T/shifted.txt" --out "$T/shifted"
	check grep -q "shifted.txt:$row:" "$T/err"
	expect_failure 4 "$IOSWEEP" import "$T/shifted.txt" "$real" --out "$T/shifted"
	check grep -q "shifted.txt:$row:" "$T/err"
	check test ! -e "$T/shifted"
	expect_success "$IOSWEEP" import "$real" --out "$T/unshifted"
	rm -rf "$T/unshifted"
done

finish
