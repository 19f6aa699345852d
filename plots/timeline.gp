# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/timeline.gp.

@TERMINAL@

# ---- the data, one block per pass (trial).  Columns: the middle of the
#      interval (seconds from the pass's start), MB/s in it (1 MB = 1024
#      kB = 1048576 bytes), then microseconds per operation of the
#      operations that finished in it: p50, p99, mean (NaN: none did).
@DATA@
# ---- look: throughput above, latency below, on one time axis; the
#      dashed lines are the cliffs in time found in these passes
set multiplot layout @ROWS@,1 title @TITLE_Q@ font ',12'
set lmargin 12
set rmargin 4
set xrange [0:@XMAX@]
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key top right noenhanced samplen 3
@MARKS@
set xlabel @RATE_XLABEL@
set ylabel 'MB/s in the interval'
set yrange [0:*]
plot \
@PLOT_RATE@
@LAT_PANEL@
unset multiplot
