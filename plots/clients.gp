# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/clients.gp.

@TERMINAL@

# ---- the data, one block per file size.  Columns: clients (MPI ranks) of
#      a run, its aggregate kB/s (mean of the trials: all clients' bytes
#      over the time from the common start to the last client's end), the
#      trials' min and max.
@DATA@
# ---- look
set title @TITLE_Q@ font ',12'
set xlabel 'clients (MPI ranks)'
set ylabel 'aggregate kB/s (1 kB = 1024 bytes, 1 MB = 1024 kB)'
set xrange [@XMIN@:@XMAX@]
set xtics (@XTICS@)
set yrange [0:*]
set format y '%.0f'
set grid xtics ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced samplen 3 spacing 1.2
set pointsize 0.9

# ---- one line per file size; error bars from the trials' min and max
plot \
@PLOT@
