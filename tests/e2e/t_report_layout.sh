#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_report_layout.sh: for each IOzone 3.508 reference run whose options we
# support (fixtures/iozone/README.md), run iosweep with the same options
# and compare the SHAPE of the two reports (iozone_shape.awk): the splash
# lines apart from name, version, date, paths and resolution, the column
# header bytes, the same (file kB, record kB) rows in the same order with
# numbers ending at the same columns (so the same blank fillers), the
# trailer and the -R section's titles, record axes and ragged rows.  For
# the -b run the worksheet's record sequence is compared with IOzone's
# decoded file (03_*.out.xls.records.txt).
#
# Fixture 16 asks for -i 8 (throughput mode only) and -i 9..12 without -E,
# which IOzone drops silently and iosweep refuses (README, "Differences
# from IOzone"): it runs here without them, which is the run IOzone made,
# and its command line and IOzone's "Selected test not available" line are
# left out of the comparison (the third field of a case: lines to drop).
# Throughput (-t) fixtures are not compared here.  Each run writes its
# CSV folder under $T (--out), which the shape leaves out.
. "$(dirname "$0")/lib.sh"

IOZ="$FIXTURES/iozone"
SHAPE="$TOP/tests/e2e/iozone_shape.awk"
[ -d "$IOZ" ] || skip "no IOzone fixtures at $IOZ"
[ -x "$IOSWEEP" ] || skip "no binary"
cd "$T" || exit 1

# Records of a BIFF2 file, one per line: op len row col, then the label
# (row 0, the command line, masked) or, in column 0 and in the record-axis
# row after each title, the number.  Input: `od -An -v -tu1`.
xls_shape_od() {
	od -An -v -tu1 "$1" | awk '
	{ for (i = 1; i <= NF; i++) b[n++] = $i }
	function u16(at) { return b[at] + 256 * b[at + 1] }
	function dbl(at,    m, e, s, k) {
		m = 0
		for (k = 5; k >= 0; k--) m = m * 256 + b[at + k]
		m += (b[at + 6] % 16) * 281474976710656
		e = (b[at + 7] % 128) * 16 + int(b[at + 6] / 16)
		s = b[at + 7] >= 128 ? -1 : 1
		if (e == 0 && m == 0) return 0
		return s * (1 + m / 4503599627370496) * 2 ^ (e - 1023)
	}
	END {
		at = 0; axis = -1
		while (at + 4 <= n) {
			op = u16(at); len = u16(at + 2); body = at + 4
			if (op == 4) {
				row = u16(body); col = u16(body + 2); sl = b[body + 7]; s = ""
				for (k = 0; k < sl; k++) s = s sprintf("%c", b[body + 8 + k])
				if (row == 0) s = "CMD"; else axis = row + 1
				printf "L %d %d %d %s\n", len, row, col, s
			} else if (op == 3) {
				row = u16(body); col = u16(body + 2)
				if (col == 0 || row == axis) printf "N %d %d %d %g\n", len, row, col, dbl(body + 7)
				else printf "N %d %d %d\n", len, row, col
			} else printf "R %d %d\n", op, len
			at = body + len
		}
	}'
}

# The same lines from the fixture's decoded listing.
xls_shape_records() {
	awk '
	/ BOF / { printf "R 9 4\n"; next }
	/ EOF/ { printf "R 10 0\n"; next }
	/ LABEL / {
		split($0, q, "'\''"); s = q[2]
		for (i = 1; i <= NF; i++) { if ($i ~ /^r=/) row = substr($i, 3); if ($i ~ /^c=/) col = substr($i, 3) }
		if (row == 0) s = "CMD"; else axis = row + 1
		printf "L 264 %d %d %s\n", row, col, s; next
	}
	/ NUMBER / {
		for (i = 1; i <= NF; i++) { if ($i ~ /^r=/) row = substr($i, 3); if ($i ~ /^c=/) col = substr($i, 3) }
		if (col == 0 || row == axis) printf "N 15 %d %d %g\n", row, col, $NF
		else printf "N 15 %d %d\n", row, col
	}' "$1"
}

cases_ok=0
cases_bad=0
while IFS='|' read -r fixture args drop; do
	[ -n "$fixture" ] || continue
	f=$(ls "$IOZ/$fixture"_*.txt 2>/dev/null | grep -v "\.out\.xls" | head -n 1)
	[ -n "$f" ] || { fail "$fixture: fixture missing"; continue; }
	rm -f "$T/t" "$T/out.xls"
	args=$(printf '%s\n' "$args" | sed "s|/tmp/ioz|$T|g")
	fails_before=$E2E_FAILS
	# shellcheck disable=SC2086
	run "$IOSWEEP" $args --out "$T/res-$fixture"
	if [ "$RC" -ne 0 ] && grep -q -i 'O_DIRECT\|direct' "$T/err"; then
		echo "note: $fixture: -I not possible here: $(head -n 1 "$T/err")"
		continue
	fi
	if [ "$RC" -ne 0 ]; then
		fail "$fixture: exit $RC: $args"; sed 's/^/  err: /' "$T/err" | head -n 3
		cases_bad=$((cases_bad + 1))
		continue
	fi
	awk -f "$SHAPE" "$f" | grep -v -E "${drop:-^$}" > "$T/want.shape"
	awk -f "$SHAPE" "$T/out" | grep -v -E "${drop:-^$}" > "$T/got.shape"
	if ! grep -q '^R:' "$T/want.shape"; then
		fail "$fixture: no rows in IOzone's report"; cases_bad=$((cases_bad + 1)); continue
	fi
	if cmp -s "$T/want.shape" "$T/got.shape"; then pass; else
		fail "$fixture: report shape differs ($args)"
		diff "$T/want.shape" "$T/got.shape" | head -n 12 | sed 's/^/    /'
	fi
	if [ -e "$IOZ/$(basename "$f" .txt).out.xls.records.txt" ]; then
		xls_shape_records "$IOZ/$(basename "$f" .txt).out.xls.records.txt" > "$T/want.xls"
		check test "$(grep -c '^N' "$T/want.xls")" -gt 900
		if [ -s "$T/out.xls" ]; then
			xls_shape_od "$T/out.xls" > "$T/got.xls"
			if cmp -s "$T/want.xls" "$T/got.xls"; then pass; else
				fail "$fixture: -b worksheet structure differs"
				diff "$T/want.xls" "$T/got.xls" | head -n 8 | sed 's/^/    /'
			fi
		else
			fail "$fixture: -b wrote no worksheet"
		fi
	fi
	if [ "$E2E_FAILS" -eq "$fails_before" ]; then cases_ok=$((cases_ok + 1)); else
		cases_bad=$((cases_bad + 1)); fi
done <<'CASES'
01|-a -n 64k -g 8m -i 0 -i 1 -f /tmp/ioz/t
02|-a -n 64k -g 4m -f /tmp/ioz/t
03|-a -n 64k -g 4m -R -b /tmp/ioz/out.xls -f /tmp/ioz/t
04|-s 16m -r 64k -i 0 -i 1 -i 2 -f /tmp/ioz/t
06|-a -n 64k -g 4m -i 0 -i 1 -c -e -f /tmp/ioz/t
07|-s 16m -r 64k -i 0 -i 1 -I -f /tmp/ioz/t
08|-a -n 64k -g 4m -i 0 -i 1 -O -f /tmp/ioz/t
09|-s 16m -r 64k -i 0 -i 1 -+u -f /tmp/ioz/t
13|-a -n 64k -g 4m -i 0 -i 1 -R -f /tmp/ioz/t
15|-a -g 32m -i 0 -i 1 -f /tmp/ioz/t
16|-s 4m -r 64k -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 -i 6 -i 7 -f /tmp/ioz/t|^H:(Command line used|Selected test not available)
19|-a -n 64k -g 1m -i 0 -i 1 -+u -R -f /tmp/ioz/t
21|-s 1m -r 4k -i 0 -i 1 -N -f /tmp/ioz/t
22|-s 8m -r 64k -E -i 0 -i 9 -i 10 -f /tmp/ioz/t
24|-s 4m -r 64k -i 0 -i 1 -+n -f /tmp/ioz/t
CASES
echo "report layout: $cases_ok fixtures match, $cases_bad differ"
finish
