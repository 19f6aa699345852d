# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/percentiles.gp.

@TERMINAL@

# ---- the data, one block per file size.  Columns: x = -log10(1 - q) (the
#      "nines": 1 is 90%, 2 is 99%, 3 is 99.9%), the quantile q, and the
#      latency at q in microseconds over every operation of the merged
#      trials.  A curve ends where the operations run out (q = 1 - 1/n).
@DATA@
# ---- look
set title @TITLE_Q@ font ',12'
set xlabel 'percentile (nines scale); file sizes: 1 kB = 1024 bytes, 1 MB = 1024 kB'
set ylabel 'microseconds per operation (log scale)'
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
set mxtics 1
set logscale y 10
set yrange [@YMIN@:@YMAX@]
set format y '%g'
@YTICS@
set grid xtics ytics mytics lc rgb '#d8d8d8' dt 1, lc rgb '#eeeeee' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 3 spacing 1.2
set pointsize 0.6
plot \
@PLOT@
