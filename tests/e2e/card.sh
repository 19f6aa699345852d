# SPDX-License-Identifier: GPL-2.0-or-later
# card.sh: what the tests of the NAS card share (t_card, tests/nas/t_nas_guided_sim and
# tests/nas/t_nas_guided), sourced after lib.sh: reading a figure from a
# summary.csv and from the card's Markdown table, and comparing them the
# way the card converts (kB/s x 1024 / 1e6, two decimals; IOPS whole).
#   summary_col SUMMARY TEST FILE_KB RECORD_KB COLUMN   (FILE_KB "": any)
#   md_cell MD ROW FIELD   3 read MB/s, 4 write MB/s, 5 read IOPS, 6 write IOPS
#   mb KBPS                the card's MB/s of a kB/s figure
#   row_matches MD ROW SUMMARY RDTEST WRTEST FILE_KB RECORD_KB
#                          (each figure equal, or one unit of its last digit off)
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
# same_fig CARD CSV UNIT: the card's figure is the CSV's as printed, or one
# UNIT of the last printed digit from it: the card rounds the unrounded
# mean, the test rounds summary.csv's (three decimals), and the two can
# fall on either side of a rounding boundary ("-" must equal "-")
same_fig() {
	[ "$1" = "$2" ] ||
		awk -v a="$1" -v b="$2" -v u="$3" 'BEGIN {
			if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/) exit 1
			d = a - b; if (d < 0) d = -d; exit !(d <= u * 1.0001) }'
}
row_matches() {
	[ -n "$(md_cell "$1" "$2" 3)" ] &&
	same_fig "$(md_cell "$1" "$2" 3)" "$(mb "$(summary_col "$3" "$4" "$6" "$7" mean)")" 0.01 &&
	same_fig "$(md_cell "$1" "$2" 4)" "$(mb "$(summary_col "$3" "$5" "$6" "$7" mean)")" 0.01 &&
	same_fig "$(md_cell "$1" "$2" 5)" "$(iops "$(summary_col "$3" "$4" "$6" "$7" iops)")" 1 &&
	same_fig "$(md_cell "$1" "$2" 6)" "$(iops "$(summary_col "$3" "$5" "$6" "$7" iops)")" 1
}
