# @TITLE@
#
# What it shows: @WHAT@
# From: @FROM@
#
# Render: gnuplot @NAME@.gp   (writes @NAME@.@EXT@ next to this script)
# Made by iosweep @VERSION@ from the template plots/qd-bars.gp.

@TERMINAL@

# ---- the data: one row per workload and test, one column per result set
#      (label); an empty field is a set without that test.
$bars << EOD
@DATA@
EOD
# ---- look
set title @TITLE_Q@ font ',12'
set ylabel @YLABEL_Q@
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -30 left noenhanced
set yrange [0:*]
set grid ytics lc rgb '#d8d8d8' dt 1
set border 3
set tics nomirror
set key outside bottom center horizontal noenhanced
set datafile separator '\t'
set datafile missing ''
set bmargin 8
plot \
@PLOT@
