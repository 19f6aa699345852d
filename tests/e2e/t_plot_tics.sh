#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_plot_tics.sh: the size axes' tic labels never run together, rendered
# by the real gnuplot with the dumb terminal (the narrowest chart):
#  - a 16-size sweep (64 kB .. 2 GB, an IOzone 3.414 report from Windows),
#    a small range (64 kB .. 8 MB), two sizes, and a record-size axis;
#  - on the line under the chart's bottom border the labels are apart
#    (one space between short forms, two between full ones, whose own
#    space would read as a separator), and they are the axis' powers of
#    two, all of them or every 2nd, 4th, ... from the first (the layouts
#    gnuplot_axis.c documents), in the full form ("128 MB") or the short
#    one ("128M");
#  - the 16-size charts and their surface render with pngcairo too.
. "$(dirname "$0")/lib.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
IZ="$FIXTURES/iozone"
[ -f "$IZ/01_a_n64k_g8m_i0_i1.txt" ] || skip "IOzone fixtures not found in $IZ"

# report LO_KB HI_KB: an IOzone 3.414 auto-mode report of Windows with
# file sizes LO..HI (read falls 10x past 256 MB, as a NAS's would)
report() {
	awk -v lo="$1" -v hi="$2" 'BEGIN {
	printf "\tIozone: Performance Test of File I/O\n\t        Version $Revision: 3.414 $\n"
	printf "\t\tCompiled for 32 bit mode.\n\t\tBuild: Windows \n\n"
	printf "\tRun began: Mon Nov 30 09:19:31 2015\n\n\tAuto Mode\n"
	printf "\tCommand line used: iozone -a -n %dk -g %dk -i 0 -i 1\n", lo, hi
	printf "\tOutput is in Kbytes/sec\n\tTime Resolution = 0.000001 seconds.\n"
	printf "\tProcessor cache size set to 1024 Kbytes.\n"
	printf "\tProcessor cache line size set to 32 bytes.\n"
	printf "\tFile stride size set to 17 * record size.\n"
	printf "%60s%s\n", "", "random  random    bkwd   record   stride"
	printf "              KB  reclen   write rewrite    read    reread    read   write"
	printf "    read  rewrite     read   fwrite frewrite   fread  freread\n"
	for (f = lo; f <= hi; f *= 2)
		for (r = f > 32768 ? 64 : 4; r <= f && r <= 16384; r *= 2) {
			v = f <= 262144 ? 900000 : 90000
			printf "%16d%8d%8d%8d%8d%8d\n", f, r, v + r, v + 2 * r, 2 * v + r, 2 * v + 3 * r
		}
	printf "\niozone test complete.\n" }'
}

# labels LO_KB HI_KB: the axis' labels, one a line: "full short"
labels() {
	awk -v lo="$1" -v hi="$2" 'BEGIN {
	split("kB MB GB TB", u, " ")
	for (p = 1; p < lo; p *= 2) ;
	for (; p <= hi; p *= 2) {
		v = p; i = 1
		while (v >= 1024 && v % 1024 == 0) { v /= 1024; i++ }
		print v " " u[i] "\t" v substr("kMGT", i, 1)
	} }'
}

# check_axis FILE.txt LO_KB HI_KB: the tic labels of the chart's x axis
check_axis() {
	labels "$2" "$3" >"$T/want"
	# the line under the last bottom border (+-----+) holds the tic labels;
	# the border may carry the y axis' lowest label ("      2 +-----+")
	line=$(awk '/^ *[^ |+]* *\+-+\+ *$/ { getline l; last = l } END { print last }' "$1")
	printf '%s\n' "$line" >"$T/line"
	if printf '%s' "$line" | grep -q '[0-9] [kMGT]B'; then
		printf '%s\n' "$line" | sed 's/^ *//; s/ *$//; s/   */\n/g' >"$T/got"
		col=1
	else
		printf '%s\n' "$line" | tr -s ' ' '\n' | sed '/^$/d' >"$T/got"
		col=2
	fi
	# every label one of the axis' own, every k-th from the first
	verdict=$(awk -F '\t' -v col="$col" 'NR == FNR { want[n++] = $col; next }
		{ got[m++] = $0 }
		END {
			if (m == 0) { print "no labels"; exit }
			for (k = 1; k <= n; k *= 2) {
				ok = m == int((n - 1) / k) + 1
				for (i = 0; ok && i < m; i++)
					ok = got[i] == want[i * k]
				if (ok) { print "ok " k; exit }
			}
			print "labels are not the axis (every k-th power of two)"
		}' "$T/want" "$T/got")
	case $verdict in
	ok*) pass ;;
	*) fail "$1: $verdict: '$line'" ;;
	esac
}

# --- 16 file sizes, 64 kB .. 2 GB ----------------------------------------------
report 64 2097152 >"$T/w16.txt"
expect_success "$IOSWEEP" plot "$T/w16.txt" "$T/w16.txt" --label "Windows box" --label "again" \
	--out "$T/w16" \
	--tests write,read --format dumb
for f in write read overlay-read; do
	check test -s "$T/w16/$f.txt"
	check_axis "$T/w16/$f.txt" 64 2097152
done
# the chart says where the cliff is, and the tics in the script are the
# short forms, every one (they fit at 16 sizes)
check grep -q "set xtics ('64k' 64, '128k' 128, " "$T/w16/read.gp"
check grep -q "'128M' 131072, '256M' 262144, '512M' 524288, '1G' 1048576" "$T/w16/read.gp"
for gp in "$T"/w16/read.gp "$T"/w16/surface-read-1.gp; do
	(cd "$T/w16" && gnuplot -e "term='pngcairo'" "$gp") >"$T/out" 2>"$T/err"
	check [ $? -eq 0 ]
	check [ "$(od -An -tx1 -N8 "${gp%.gp}.png" | tr -d ' \n')" = 89504e470d0a1a0a ]
	check [ ! -s "$T/err" ]
done
# the surface labels every other size of both axes
check grep -q "set xtics ('64k' 64, '' 128 1, '256k' 256, " "$T/w16/surface-read-1.gp"

# --- a small range: the full forms fit --------------------------------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/small" \
	--tests read --format dumb
check_axis "$T/small/read.txt" 64 8192
check grep -q "set xtics ('64 kB' 64, '128 kB' 128, " "$T/small/read.gp"

# --- two sizes ---------------------------------------------------------------
report 1024 2048 >"$T/w2.txt"
expect_success "$IOSWEEP" plot "$T/w2.txt" --out "$T/two" --tests read --format dumb
check_axis "$T/two/read.txt" 1024 2048

# --- a record-size axis: latency against record size at one file size -------
expect_success "$IOSWEEP" -a -s 1m -i 0 --latency -f "$T/testfile" --out "$T/rec" --quiet
expect_success "$IOSWEEP" plot "$T/rec" --tests write --format dumb
check test -s "$T/rec/plots/latency-write.txt"
check grep -q "record size" "$T/rec/plots/latency-write.gp"
check_axis "$T/rec/plots/latency-write.txt" 4 1024

finish
