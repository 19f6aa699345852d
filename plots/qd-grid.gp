# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/qd-grid.gp.

@TERMINAL@

# ---- the data, one block per line.  Columns: @COLUMNS@.
@DATA@
# ---- look
set title @TITLE_Q@ font ',12'
set xlabel @XLABEL_Q@
set ylabel @YLABEL_Q@
set logscale x 2
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
set mxtics 1
set yrange [0:*]
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced
set pointsize 1.0
plot \
@PLOT@
