# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/rank.gp.

@TERMINAL@

# ---- the data: one row per run, best first: rank, label, mean kB/s, the
#      95% confidence interval of the mean (empty with one trial), and 1
#      for the run highlighted.
$rank << EOD
@DATA@
EOD
# ---- look
set title @TITLE_Q@ font ',12'
set ylabel @YLABEL_Q@
set style fill solid 0.85 border -1
set boxwidth 0.7
set xtics rotate by -30 left noenhanced
set xrange [0.3:*]
set yrange [0:*]
set grid ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key top right noenhanced
set datafile separator '\t'
set datafile missing ''
set bmargin 8
plot \
@PLOT@
