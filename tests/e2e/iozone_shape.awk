# SPDX-License-Identifier: GPL-2.0-or-later
# iozone_shape.awk: reduce an IOzone-style report (IOzone's own or ours) to
# its shape, so two runs of the same command compare equal whatever the
# timings, dates, paths and program name:
#   H:<line>   a splash line after "Run began" (numbers of resolutions
#              masked; the command line without program name and paths)
#   C:<line>|  a column header line, every byte, trailing spaces kept
#   R:<file> <record> len=<n> ends=<e1,e2,...>
#              a data row: sizes, length, and where each number ends,
#              which pins the widths and the blank fillers between them
#   T:<line>   the trailer ("iozone test complete.")
#   X:<line>   the -R section: its banner, section titles and record axes
#              as they are; rows as X:<file> n=<values>
#   B          a blank line after the header block
# Left out: everything before "Run began" (name, version, build,
# contributors), the date, iosweep's own lines ("Data pattern",
# "Trials per cell", iosweep-mpi's "Clients", the "Cache cliffs" section
# at the end, --out on the command line), the time resolution value and
# the poor-timer warning, which depends on the timings.
BEGIN { state = "pre"; blanks = 0 }

# Blank lines are printed only when something we keep follows them.
function keep(line) {
	for (; blanks > 0; blanks--) print "B"
	print line
}

function mask_cmd(line,    n, i, w, out) {
	n = split(line, w, " ")
	out = "Command line used:"
	# w[1..3] are "Command" "line" "used:", w[4] the program
	for (i = 5; i <= n; i++) {
		if (w[i] == "--out") { i++; continue }
		if ((w[i - 1] == "-f" || w[i - 1] == "-b") && i > 5)
			out = out " PATH"
		else
			out = out " " w[i]
	}
	return out
}

state == "pre" {
	if ($0 ~ /^\tRun began: /)
		state = "splash"
	next
}

state == "splash" {
	if ($0 ~ /^ +random +random/ || $0 ~ /^ +kB +reclen/ || $0 ~ /^ +$/) {
		state = "table"
	} else {
		if ($0 == "") next
		if ($0 ~ /^\tData pattern: / || $0 ~ /^\tTrials per cell: /) next
		if ($0 ~ /^\tClients: /) next
		line = $0
		sub(/^\t/, "", line)
		if (line ~ /^Command line used:/)
			line = mask_cmd(line)
		gsub(/Resolution = [0-9.]+/, "Resolution = N", line)
		print "H:" line
		next
	}
}

state == "table" {
	if ($0 ~ /^ +random +random/ || $0 ~ /^ +kB +reclen/ || ($0 ~ /^ +$/ && !rows)) {
		keep("C:" $0 "|")
		next
	}
	if ($0 ~ /^ +[0-9]+ +[0-9]+/) {
		rows++
		ends = ""
		s = $0
		pos = 0
		while (match(s, /[0-9]+/)) {
			pos += RSTART + RLENGTH - 1
			ends = ends (ends == "" ? "" : ",") pos
			s = substr(s, RSTART + RLENGTH)
		}
		keep("R:" $1 " " $2 " len=" length($0) " ends=" ends)
		next
	}
	if ($0 == "iozone test complete.") {
		keep("T:" $0)
		state = "trailer"
		next
	}
	if ($0 == "") { blanks++; next }
	keep("?:" $0)
	next
}

# iosweep's own section, after the report and -R: not compared
$0 == "Cache cliffs" { blanks = 0; state = "ours"; next }
state == "ours" { next }

# iosweep's page-cache note after the trailer (four lines): not compared
state == "trailer" && /^Page cache: [0-9]+ of [0-9]+ read figures/ { note = 4; if (blanks > 0) blanks-- }
note > 0 { note--; next }

state == "trailer" {
	if ($0 ~ /^Timer resolution is poor/ || $0 ~ /^reported inaccurate results/)
		next
	if ($0 == "Excel output is below:") {
		keep("X:" $0)
		state = "excel"
		next
	}
	if ($0 == "") { blanks++; next }
	keep("?:" $0)
	next
}

state == "excel" {
	if ($0 == "") { blanks++; next }
	if ($0 ~ /^"[0-9]+"  /) {
		file = $1
		gsub(/"/, "", file)
		keep("X:" file " n=" (NF - 1))
		next
	}
	keep("X:" $0)
}
