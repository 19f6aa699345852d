# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/throughput.gp.

@TERMINAL@

# ---- the data, one block per result set.  Columns: processes, then
#      Children see mean, min, max, Parent sees mean, min, max over the
#      trials, Children see 95% CI low, high (@DATA_UNIT@; NaN where the
#      source has no figure), trials.
@DATA@
# ---- look
scale = @SCALE@      # the data are in @DATA_UNIT@; the y axis shows them / scale
lo = @LO@; hi = @HI@      # error bars: columns 3:4 are min..max, 8:9 the 95% CI
set title '@TITLE@' font ',12'
set xlabel '@XLABEL@'
set ylabel '@YLABEL@'
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
set mxtics 1
@YAXIS@
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 4 spacing 1.2
set pointsize 0.8
set style textbox opaque noborder margins 1,1

# ---- reference lines (nominal interface rates, not measurements)
@REFLABELS@
plot \
@PLOT@
