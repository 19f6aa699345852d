# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/surface.gp.  The surface
# is the measured grid itself: one row of the data block per file size,
# rows separated by blank lines, NaN where a record size was not run for
# that file size.  No dgrid3d, so nothing is interpolated.

@TERMINAL@

# ---- the data.  Columns: file size (kB), record size (kB), mean (@DATA_UNIT@), trials.
@DATA@
# ---- look
scale = @SCALE@      # the data are in @DATA_UNIT@; the z axis shows them / scale
set title @TITLE_Q@ font ',12'
set xlabel 'file size' offset 0,-1
set ylabel 'record size' offset 1,-1
set zlabel '@ZLABEL@' rotate parallel offset -1,0
set logscale xy 2
# (ranges a hair wider than the data: a tic exactly at the end of a log
#  axis can be lost to rounding)
set xrange [@XMIN@*0.9999:@XMAX@*1.0001]
set yrange [@YMIN@*0.9999:@YMAX@*1.0001]
set xtics (@XTICS@) offset -0.5,-0.5
set ytics (@YTICS@) offset 1,-0.3
set zrange [0:*]
set ticslevel 0
set view 60, 30, 0.95, 1.1
set grid x y z lc rgb '#d8d8d8'
set datafile missing 'NaN'
set pm3d depthorder border lc rgb '#303030' lw 0.5
set palette rgbformulae 33,13,10
set colorbox vertical user origin 0.93,0.3 size 0.015,0.4
unset key
splot $grid using 1:2:($3/scale) with pm3d notitle
