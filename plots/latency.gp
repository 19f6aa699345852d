# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/latency.gp.

@TERMINAL@

# ---- the data, one block per result set.  Columns: the size on the x
#      axis (kB), then microseconds per operation over every operation of
#      the merged trials: mean, p50, p99, p99.9; then operations, trials
#      (a set read back from a result folder: see "What it shows").
@DATA@
# ---- look
set title @TITLE_Q@ font ',12'
set xlabel @XLABEL_Q@
set ylabel 'microseconds per operation (log scale)'
set logscale x 2
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
set pointsize 0.8

# ---- one colour per result set (per figure when there is one set); the
#      line's dash and point say the figure: p50 solid, p99 dashed, p99.9
#      short dashes, mean dash-dot
plot \
@PLOT@
