#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_plot.sh: `iosweep plot` on real IOzone reports, rendered by the real
# gnuplot into PNG, SVG, PDF and text; the scripts re-rendered by hand with
# another terminal; gnuplot missing; bad options.
. "$(dirname "$0")/lib.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
IZ="$FIXTURES/iozone"
REAL="$FIXTURES/real-iozone"
[ -f "$IZ/01_a_n64k_g8m_i0_i1.txt" ] || skip "IOzone fixtures not found in $IZ"

magic() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }

# --- two reports as two lines, PNG (the default) -----------------------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" "$IZ/06_a_n64k_g4m_i0_i1_c_e.txt" \
	--label "box one" --label "box two" --out "$T/png" --tests write,read
for f in write read overlay-write overlay-read surface-write-1 surface-read-2; do
	check test -s "$T/png/$f.gp"
	check test -s "$T/png/$f.png"
	check [ "$(magic "$T/png/$f.png" 8)" = 89504e470d0a1a0a ]
done
check [ ! -e "$T/png/rewrite.gp" ]
check grep -q "iosweep plot: $T/png/write.png" "$T/err"
# the script holds its data and the labels of the run
check grep -q '^\$s1 << EOD$' "$T/png/write.gp"
check grep -q "title 'box one'" "$T/png/write.gp"
check grep -q "^#   'box one' from $IZ/01_a_n64k_g8m_i0_i1.txt: iozone" "$T/png/write.gp"
check grep -q "title 'box two'" "$T/png/write.gp"
check grep -q "^set logscale x 2$" "$T/png/write.gp"
# in-cache figures of GB/s: the axis is in MB/s, the data stay in KB/s
# ... far above the reference lines: a log axis, and the chart says why
check grep -q "set ylabel 'MB/s, log scale'" "$T/png/write.gp"
check grep -q "log scale: the data lie far above the reference lines" "$T/png/write.gp"
# one vocabulary: 1024-based kB, MB, GB, said once on each chart's axis
check grep -q "^set xlabel 'file size (1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB)'" "$T/png/write.gp"
check grep -q "set xtics ('64 kB' 64, '128 kB' 128, " "$T/png/write.gp"
for f in "$T"/png/*.gp; do
	# (comment lines name the input files, whose paths may hold anything;
	# a crowded axis' short tics are 64k, 1M, 2G)
	if grep -v '^#' "$f" | grep -Eq "KiB|MiB|GiB|KB|'[0-9]+K'"; then fail "other units in $f"; else pass; fi
	check grep -q "1 kB = 1024 bytes" "$f"
done
check grep -q '"100 Mbit Ethernet\\nnominal 11.9 MB/s" at graph 1.03, graph ' "$T/png/write.gp"
check grep -q 'set arrow from graph 1, first 12207.031250/scale to graph 1.025' "$T/png/write.gp"
check grep -q '"gigabit Ethernet\\nnominal 119.2 MB/s"' "$T/png/write.gp"
check grep -q "lw 5.0 pt 7 title 'box two'" "$T/png/overlay-write.gp"
# 01: write at 64 kB file and 64 kB records is 1,066,042 kB/s in the report
check grep -q '^64 1066042.00 1066042.00 1066042.00 1066042.00 1066042.00 1$' "$T/png/write.gp"
if grep -q 'set dgrid3d' "$T/png/surface-write-1.gp"; then fail "surface interpolates"; else pass; fi
check grep -q '^64 128 NaN 0$' "$T/png/surface-write-1.gp"    # not run: IOzone's triangle

# --- SVG: rendered file is SVG and names the series ---------------------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" "$IZ/06_a_n64k_g4m_i0_i1_c_e.txt" \
	--label "box one" --label "box two" --out "$T/svg" --format svg --tests write \
	--ref "100 Mbit,usb 2.0"
check grep -q '<svg' "$T/svg/write.svg"
check grep -q 'box one' "$T/svg/write.svg"
check grep -q 'box two' "$T/svg/write.svg"
check grep -q '>USB 2.0<' "$T/svg/write.svg"
check grep -q '>nominal 57.2 MB/s<' "$T/svg/write.svg"
check [ ! -e "$T/svg/write.png" ]

# --- the scripts render by hand, from anywhere, with another terminal ---------
mkdir -p "$T/elsewhere"
(cd "$T/elsewhere" && gnuplot -e "term='svg'" "$T/png/read.gp") >"$T/out" 2>"$T/err"
check test -s "$T/png/read.svg"
check grep -q '<svg' "$T/png/read.svg"
check [ ! -e "$T/elsewhere/read.svg" ]
(cd "$T/png" && gnuplot -e "term='dumb'" write.gp) >"$T/out" 2>"$T/err"
check grep -q 'write throughput against file size' "$T/png/write.txt"
(cd "$T/png" && gnuplot -e "term='pdf'" overlay-read.gp) >"$T/out" 2>"$T/err"
check [ "$(magic "$T/png/overlay-read.pdf" 4)" = 25504446 ]

# --- dumb and pdf through iosweep ---------------------------------------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/dumb" --format dumb \
	--tests read --record 512k
check grep -q 'read throughput against file size (512 kB records)' "$T/dumb/read.txt"
check grep -q "01_a_n64k_g8m_i0_i1" "$T/dumb/read.txt"
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/pdf" --format pdf \
	--tests write --record all --errors ci --log-y
check [ "$(magic "$T/pdf/write.pdf" 4)" = 25504446 ]
check grep -q "title '01_a_n64k_g8m_i0_i1, 4 kB records'" "$T/pdf/write.gp"
check grep -q "title '01_a_n64k_g8m_i0_i1, 8 MB records'" "$T/pdf/write.gp"

# --- a real cache cliff is marked (ext4 read: 256 MB -> 512 MB) ---------------
if [ -f "$REAL/rovanion-ext4_1.iozone" ]; then
	expect_success "$IOSWEEP" plot "$REAL/rovanion-ext4_1.iozone" --out "$T/cliff" --tests read
	check grep -q "from 256 MB to 512 MB" "$T/cliff/read.gp"
	check grep -q "set ylabel 'MB/s" "$T/cliff/read.gp"
	check test -s "$T/cliff/read.png"
fi

# --- the user's own reference lines -------------------------------------------
printf 'name,kbps,note\n"my '"'"'uplink'"'"', 30 MB",30000,"measured, by hand"\n' >"$T/refs.csv"
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/own" --tests write \
	--ref-file "$T/refs.csv" --ref all --no-render
check grep -q "set label 1 \"my 'uplink', 30 MB\\\\nnominal 29.3 MB/s\"" "$T/own/write.gp"
check [ ! -e "$T/own/write.png" ]
printf 'name,kbps\nslow,abc\n' >"$T/badrefs.csv"
expect_failure 4 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/x" --ref-file "$T/badrefs.csv"
check grep -q "badrefs.csv:2: 'abc' is not a rate" "$T/err"

# --- gnuplot missing: scripts written, advice given ---------------------------
IOSWEEP_GNUPLOT=/nonexistent/gnuplot expect_success "$IOSWEEP" plot \
	"$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/nognuplot" --tests write
check test -s "$T/nognuplot/write.gp"
check [ ! -e "$T/nognuplot/write.png" ]
check grep -q "gnuplot not found" "$T/err"
check grep -q "for f in \*.gp; do gnuplot" "$T/err"
IOSWEEP_GNUPLOT=/nonexistent/gnuplot expect_failure 5 "$IOSWEEP" plot \
	"$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/nognuplot2" --render
check test -s "$T/nognuplot2/write.gp"

# --- bad input: one line naming the option or file ---------------------------
expect_failure 2 "$IOSWEEP" plot
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --format qt --out "$T/qt"
check grep -q "format 'qt': opens a window" "$T/err"
check [ ! -e "$T/qt" ]
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --format nosuchterm --out "$T/nst"
check grep -q "format 'nosuchterm': a terminal this gnuplot does not have" "$T/err"
check [ ! -e "$T/nst" ]
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --format 'p n g' --out "$T/pngsp"
check grep -q "not a gnuplot terminal name" "$T/err"
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --ref "token ring"
check grep -q "ref 'token ring': unknown" "$T/err"
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --tests write,scribble
check grep -q "tests 'scribble'" "$T/err"
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --record 3x
expect_failure 2 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --bogus
expect_failure 4 "$IOSWEEP" plot "$T/no-such-report.txt"
expect_failure 1 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/r3" --record 3
check grep -q "record 3 kB: no results" "$T/err"
expect_failure 1 "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/hl" --highlight nobody
check [ "$(wc -l <"$T/err")" -eq 1 ]
expect_success "$IOSWEEP" plot --help
check grep -q "usage: iosweep plot" "$T/out"

# --- a result folder of a sweep: charts in FOLDER/plots; a sweep's --plot ---
expect_success "$IOSWEEP" -a -n 64k -g 512k -i 0 -i 1 -f "$T/testfile" --out "$T/res" --trials 2
expect_success "$IOSWEEP" plot "$T/res" --tests write
check test -s "$T/res/plots/write.png"
check [ "$(magic "$T/res/plots/write.png" 8)" = 89504e470d0a1a0a ]
check grep -q '^64 .* 2$' "$T/res/plots/write.gp"   # two trials per point
check grep -q "^#   '.*' from $T/res: iosweep" "$T/res/plots/write.gp"
expect_success "$IOSWEEP" -i 0 -s 256k -r 64k -f "$T/testfile2" --out "$T/res2" --plot
check test -s "$T/res2/plots/write.gp"
check [ "$(magic "$T/res2/plots/write.png" 8)" = 89504e470d0a1a0a ]

finish
