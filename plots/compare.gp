# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/compare.gp.

@TERMINAL@

# ---- the data, one block per line on the chart.  Columns: file size (kB),
#      mean, min, max, 95% CI low, 95% CI high (all @DATA_UNIT@), trials.
@DATA@
# ---- look
scale = @SCALE@      # the data are in @DATA_UNIT@; the y axis shows them / scale
lo = @LO@; hi = @HI@      # error bars: columns 3:4 are min..max, 5:6 the 95% CI
set title '@TITLE@' font ',12'
set xlabel 'file size (1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB)'
set ylabel '@YLABEL@'
set logscale x 2
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
set mxtics 1
@YAXIS@
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 3 spacing 1.2
set pointsize 0.8
set style textbox opaque noborder margins 1,1

# ---- reference lines (nominal interface rates, not measurements)
@REFLABELS@
# ---- cache cliffs found in the data
@CLIFFS@
plot \
@PLOT@
