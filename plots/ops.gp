# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/ops.gp.

@TERMINAL@

# ---- the data, one block per result set (or per percentile).  Columns:
#      @COLUMNS@
@DATA@
# ---- look
set title '@TITLE@' font ',12'
set xlabel '@XLABEL@'
set ylabel '@YLABEL@'
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@) @XTICS_ROTATE@
set mxtics 1
@YAXIS@
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 4 spacing 1.2
set pointsize 0.8

plot \
@PLOT@
