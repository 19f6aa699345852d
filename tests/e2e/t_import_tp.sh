#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import_tp.sh: IOzone throughput-mode (-t, -l/-u) output through the real
# binary: `iosweep import` of IOzone 3.508's own reports and -b sheets into
# throughput.csv (figures as printed), a -t run of ours read back from its
# folder, `iosweep plot` of two imported sets rendered by the real gnuplot
# (Children see solid, Parent sees dashed, reference lines, --highlight),
# `iosweep compare` per test and process count, and bad input refused with
# the file and line (exit 4).
. "$(dirname "$0")/lib.sh"

IZ="$FIXTURES/iozone"
TP="$TOP/tests/data/iozone-tp"
[ -f "$IZ/14_t2_s8m_r64k_i0_i1_plus_u.txt" ] || skip "IOzone fixtures not found in $IZ"

# row TEST PROCS [CHILD]: the throughput.csv row of $T/imp (aggregate row unless CHILD)
row() { awk -F, -v t="$1" -v p="$2" -v c="${3:-}" '$3 == t && $4 == p && $6 == c' "$T/imp/throughput.csv"; }

# --- 14: -t 2 -+u, every figure of one block as printed ----------------------
expect_success "$IOSWEEP" import "$IZ/14_t2_s8m_r64k_i0_i1_plus_u.txt" --out "$T/imp"
check has_rows "$T/imp/throughput.csv"
check [ "$(row re-readers 2)" = "1,14_t2_s8m_r64k_i0_i1_plus_u,re-readers,2,0,,8192,64,kB,4489139.310000,658403.490000,184381.810000,4304757.500000,2244569.660000,576.000000,,,0.003000,0.003000,99.010000" ]
check [ "$(row 'initial writers' 2 | cut -d, -f10-15)" = "547228.090000,214914.930000,104463.970000,442764.120000,273614.050000,1664.000000" ]
check [ "$(grep -c '' "$T/imp/throughput.csv")" = 5 ]

# --- every Children see / Parent sees line of the -l/-u, -C, -+u reports -----
for f in "$TP/l2u4_u_C_R_b.txt" "$TP/t3_C_u_R_b.txt" "$IZ/27_l1_u2_s4m_r64k_i0.txt"; do
	rm -rf "$T/imp"
	expect_success "$IOSWEEP" import "$f" --out "$T/imp"
	# the report's own lines, read with awk: procs, test, figure
	awk -F'\t' '/Children see throughput for|Parent sees throughput for/ {
		line = $0; sub(/^[ \t]*/, "", line)
		split(line, w, /[ \t]+/); n = w[5]
		name = line; sub(/^.*throughput for *[0-9]+ /, "", name); sub(/[ \t]*=.*$/, "", name)
		v = line; sub(/^.*= */, "", v); sub(/ .*$/, "", v)
		printf "%s|%s|%s|%.2f\n", (line ~ /^Children/ ? "c" : "p"), name, n, v }' "$f" | sort >"$T/want"
	awk -F, 'NR > 1 && $6 == "" { printf "c|%s|%s|%.2f\n", $3, $4, $10; printf "p|%s|%s|%.2f\n", $3, $4, $11 }' \
		"$T/imp/throughput.csv" | sort >"$T/got"
	check test -s "$T/want"
	if cmp -s "$T/want" "$T/got"; then pass; else fail "$f: figures differ"; diff "$T/want" "$T/got" | head; fi
done
# -C: the per-child rows of l2u4 (4 processes: Child[3] of the writers)
rm -rf "$T/imp"
expect_success "$IOSWEEP" import "$TP/l2u4_u_C_R_b.txt" --out "$T/imp"
check [ "$(row 'initial writers' 4 0 | cut -d, -f16,17)" = "512.000000,986529.810000" ]
check [ "$(row 'initial writers' 4 3 | cut -d, -f16,17)" = "0.000000,0.000000" ]

# --- the -b sheet of a run: Children see, rounding to the report's figures -----
rm -rf "$T/imp"
expect_success "$IOSWEEP" import "$TP/l1u3.xls" --out "$T/imp"
check [ "$(row readers 2 | cut -d, -f10 | xargs printf '%.2f')" = 233475.34 ]
check [ "$(row readers 3 | cut -d, -f11)" = "" ]     # a sheet has no Parent sees

# --- two files are two trials; a mix with a grid report is refused -------------
rm -rf "$T/imp"
expect_success "$IOSWEEP" import "$TP/l1u3_R_b.txt" "$TP/l1u3_R_b.txt" --out "$T/imp"
check [ "$(awk -F, '$5 == 1' "$T/imp/throughput.csv" | grep -c '')" = 12 ]
expect_failure 4 "$IOSWEEP" import "$TP/l1u3_R_b.txt" "$IZ/04_s16m_r64k_i0_i1_i2.txt" --out "$T/mix"
check grep -q "cannot be trials of one set" "$T/err"
check [ ! -e "$T/mix" ]

# --- bad input: file and line, exit 4, nothing written -------------------------
sed '/Min xfer/d' "$IZ/05_t2_s8m_r64k_i0_i1_F.txt" | sed '/re-readers/,$d' >"$T/cut.txt"
expect_failure 4 "$IOSWEEP" import "$T/cut.txt" --out "$T/bad"
check grep -q "^iosweep import: $T/cut.txt:[0-9]*: the report ends before 'iozone test complete.'" "$T/err"
sed 's/Parent sees throughput for  2 readers/Parent sees throughput for  3 readers/' \
	"$IZ/05_t2_s8m_r64k_i0_i1_F.txt" >"$T/bad.txt"
expect_failure 4 "$IOSWEEP" import "$T/bad.txt" --out "$T/bad"
check grep -q "^iosweep import: $T/bad.txt:44: Parent sees for 3 readers after Children see for 2 readers" "$T/err"
check [ ! -e "$T/bad" ]

# --- our own -l 1 -u 2 run: its folder imports, with Parent sees --------------
expect_success "$IOSWEEP" -l 1 -u 2 -s 256k -r 64k -i 0 -i 1 -C --out "$T/run" --label ours
check has_rows "$T/run/throughput.csv"
# Children see of the report = the folder's, to the report's 2 decimals
awk '/Children see throughput for/ { v = $0; sub(/^.*= */, "", v); sub(/ .*$/, "", v); print v }' \
	"$T/out" | sort >"$T/want"
awk -F, 'NR > 1 && $6 == "" { printf "%.2f\n", $10 }' "$T/run/throughput.csv" | sort >"$T/got"
check test -s "$T/want"
check cmp -s "$T/want" "$T/got"
rm -rf "$T/imp"
expect_success "$IOSWEEP" import "$T/run" --out "$T/imp"
check cmp -s "$T/run/throughput.csv" "$T/imp/throughput.csv"

# --- compare per test and process count ----------------------------------------
expect_success "$IOSWEEP" compare "$TP/l1u3_R_b.txt" "$T/run" --csv "$T/cmp.csv"
check grep -q '^initial writers *1 children see ' "$T/out"
check grep -q '^re-readers *2 parent sees ' "$T/out"
check grep -q '^label_a,label_b,test,processes,figure,n_a,mean_a,n_b,mean_b,ratio,pct_diff,p_value,p_adjusted,adjustment,significant$' "$T/cmp.csv"
check [ "$(grep -c '' "$T/cmp.csv")" = 17 ]      # 4 tests x 2 counts x 2 figures + header
expect_failure 4 "$IOSWEEP" compare "$TP/l1u3_R_b.txt" "$IZ/04_s16m_r64k_i0_i1_i2.txt"
check grep -q "is not a throughput-mode (-t) result" "$T/err"

# --- cache cliffs need file sizes: refused ------------------------------------
expect_failure 4 "$IOSWEEP" cliffs "$TP/t3.xls"
check grep -q "t3.xls: a throughput-mode (-t) result has no file size axis" "$T/err"

# --- plot: two imported sets, rendered by the real gnuplot ---------------------
command -v gnuplot >/dev/null 2>&1 || { echo "note: gnuplot is not installed: charts not rendered"; finish; }
expect_success "$IOSWEEP" plot "$TP/l1u3_R_b.txt" "$TP/l2u4_u_C_R_b.txt" --label "nas a" --label "nas b" \
	--highlight "nas a" --out "$T/png"
for f in throughput-initial-writers overlay-throughput-initial-writers throughput-rewriters; do
	check test -s "$T/png/$f.gp"
	check [ "$(od -An -tx1 -N8 "$T/png/$f.png" | tr -d ' \n')" = 89504e470d0a1a0a ]
done
check test -s "$T/png/throughput-readers.png"     # only set a has readers: one line,
check [ ! -e "$T/png/overlay-throughput-readers.gp" ]   # so no overlay
G="$T/png/throughput-initial-writers.gp"
check grep -q "^set xlabel 'processes'$" "$G"
check grep -q "lt 1 dt 1 lw 2.0 pt 7 title 'nas a, Children see'" "$G"
check grep -q "lt 1 dt (10,6) lw 1.5 pt 6 title 'nas a, Parent sees'" "$G"
check grep -q "title 'nas b, Children see'" "$G"
check grep -q '^# gigabit Ethernet (nominal 119.2 MB/s)' "$G"
check grep -q "with lines dt 2 lw 1.2 lc rgb '#808080' notitle" "$G"
# the data: processes, Children see of the report (l1u3, 3 initial writers)
check grep -q '^3 1540074.12 1540074.12 1540074.12 17904.29 17904.29 17904.29 1540074.12 1540074.12 1$' "$G"
check grep -q "lw 5.0 pt 7 title 'nas a, Children see'" "$T/png/overlay-throughput-initial-writers.gp"
check grep -q "lw 1.5 pt 7 title 'nas b, Children see'" "$T/png/overlay-throughput-initial-writers.gp"
# svg too, and a mix with a grid report is refused
expect_success "$IOSWEEP" plot "$TP/t3.xls" "$T/run" --format svg --out "$T/svg" --tests read
check grep -q '<svg' "$T/svg/throughput-readers.svg"
check [ ! -e "$T/svg/throughput-initial-writers.gp" ]
expect_failure 1 "$IOSWEEP" plot "$TP/t3.xls" "$IZ/04_s16m_r64k_i0_i1_i2.txt" --out "$T/mixplot"
check grep -q "cannot be mixed" "$T/err"
finish
