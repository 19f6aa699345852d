# SPDX-License-Identifier: GPL-2.0-or-later
# fileop_shape.awk: reduce the output of IOzone's fileop (or of `iosweep
# fileop`) to its layout, so two runs of the same options compare equal
# whatever the timings and the directory:
#   B          a blank line
#   T:<line>   the title line, the directory shown as DIR
#   C:<line>|  the column header, every byte, trailing blanks kept
#   R:<tag> <force> figs=<n> files=<n> [BADLAYOUT]
#              an A, B or W row: its figures are checked to be numbers,
#              nan or inf and the line to be exactly what fileop's printf
#              widths make of them ("%c %4d" then "%7.0f " each, then
#              "%10d "): BADLAYOUT when it is not (wider figures push
#              the rest of the line along in both programs alike)
#   V:<line>|  a -t block's line, each figure with the blanks before it
#              replaced by as many N (the widths of fileop's fields)
#   ?:<line>   anything else, as it is
{ sub(/\r$/, "") }

$0 == "" { print "B"; next }

/^Fileop:  Working in / {
	line = $0
	sub(/Working in .*, File size is/, "Working in DIR, File size is", line)
	print "T:" line
	next
}

/^ \.     / { print "C:" $0 "|"; next }

/^[ABW] / {
	figs = 0
	bad = 0
	s = sprintf("%s %4s ", $1, $2)
	for (i = 3; i < NF; i++) {
		if ($i !~ /^(-?nan|-?inf|[0-9]+)$/)
			bad = 1
		s = s sprintf("%7s ", $i)
		figs++
	}
	s = s sprintf("%10s ", $NF)
	if (s != $0 || $2 !~ /^[0-9]+$/ || $NF !~ /^[0-9]+$/)
		bad = 1
	print "R:" $1 " " $2 " figs=" figs " files=" $NF (bad ? " BADLAYOUT" : "")
	next
}

/^[a-z]+: +(Dirs|Files) = / || /^         (Avg|Best|Worst|p50|p99) / {
	line = $0
	out = ""
	while (match(line, / *(-?nan|-?inf|[0-9][0-9.]*)/)) {
		n = RLENGTH
		mask = ""
		while (n-- > 0)
			mask = mask "N"
		out = out substr(line, 1, RSTART - 1) mask
		line = substr(line, RSTART + RLENGTH)
	}
	print "V:" out line "|"
	next
}

{ print "?:" $0 }
