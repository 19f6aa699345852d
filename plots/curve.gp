# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/curve.gp.

@TERMINAL@

# ---- the data: one row per step of the curve.  Columns: clients (MPI
#      ranks), the aggregate (all clients' bytes over the time from the
#      common start to the last client's end, mean of the trials), each
#      client's own rate: min, median, max over the clients and trials
#      (kB/s, 1 kB = 1024 bytes).
@DATA@
# ---- look
scale = @SCALE@      # the data are in kB/s; the y axis shows them / scale
set title @TITLE_Q@ font ',12'
set xlabel 'clients (MPI ranks), log2 scale'
set ylabel '@YLABEL@'
set logscale x 2
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
@YAXIS@
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 4 spacing 1.2
set pointsize 0.9
set style textbox opaque noborder margins 1,1

# ---- the knee: where the aggregate stops growing by 10% per doubling
@KNEE@
# ---- reference lines (nominal interface rates, not measurements)
@REFLABELS@
plot \
@PLOT@
