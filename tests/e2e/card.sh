# SPDX-License-Identifier: GPL-2.0-or-later
# card.sh: what the tests of the NAS card share (t_card, tests/nas/t_nas_guided_sim and
# tests/nas/t_nas_guided), sourced after lib.sh: reading a figure from a
# summary.csv and from the card's Markdown table, and comparing them the
# way the card converts (kB/s x 1024 / 1e6, two decimals; IOPS whole).
#   summary_col SUMMARY TEST FILE_KB RECORD_KB COLUMN   (FILE_KB "": any)
#   md_cell MD ROW FIELD   3 read MB/s, 4 write MB/s, 5 read IOPS, 6 write IOPS
#   mb KBPS                the card's MB/s of a kB/s figure
#   row_matches MD ROW SUMMARY RDTEST WRTEST FILE_KB RECORD_KB
summary_col() {
	awk -F, -v t="$2" -v f="$3" -v r="$4" -v col="$5" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t && (f == "" || $(c["file_kb"]) == f) && $(c["record_kb"]) == r {
			print $(c[col]); exit }' "$1"
}
md_cell() {
	awk -F'|' -v row="$2" -v k="$3" '$2 == " " row " " { split($k, a, " "); print a[1]; exit }' "$1"
}
mb() {
	awk -v k="$1" 'BEGIN { printf "%.2f", k * 1024 / 1e6 }'
}
# the card's IOPS of a summary.csv iops field: whole, "-" when empty (an
# IOzone report counts no operations)
iops() {
	if [ -z "$1" ]; then echo -; else awk -v k="$1" 'BEGIN { printf "%.0f", k }'; fi
}
row_matches() {
	[ -n "$(md_cell "$1" "$2" 3)" ] &&
	[ "$(md_cell "$1" "$2" 3)" = "$(mb "$(summary_col "$3" "$4" "$6" "$7" mean)")" ] &&
	[ "$(md_cell "$1" "$2" 4)" = "$(mb "$(summary_col "$3" "$5" "$6" "$7" mean)")" ] &&
	[ "$(md_cell "$1" "$2" 5)" = "$(iops "$(summary_col "$3" "$4" "$6" "$7" iops)")" ] &&
	[ "$(md_cell "$1" "$2" 6)" = "$(iops "$(summary_col "$3" "$5" "$6" "$7" iops)")" ]
}
