#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_engine.sh: the sweep engine through the real binary.  Every test moves
# the whole file in whole records (bytes, ops and kB/s agree in
# results.csv), the test file is removed at the end unless -w, an existing
# file or a symbolic link is never written through, a bad -f fails before
# any output, trials give one sample each, and SIGINT stops the run with
# exit 130, the file removed.
. "$(dirname "$0")/lib.sh"

run "$IOSWEEP" -s 64k -r 64k -i 0 -f "$T/probe"
if grep -q 'not wired' "$T/err"; then
	skip "sweeps are not wired into main yet"
fi
rm -f "$T/probe"

# The first number row of a report: "kB reclen values...".
row() { awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { print; exit }' "$T/out"; }

# check_csv FILE TEST FILE_KB RECORD_KB BYTES OPS TRIALS
# Every row of TEST has those bytes and ops, seconds > 0, kb_per_s equal to
# bytes/1024/seconds within 0.1%, and trials 0..TRIALS-1 appear once each.
check_csv() {
	[ -f "$1" ] || { fail "no $1"; return; }
	out=$(awk -F, -v test="$2" -v fkb="$3" -v rkb="$4" -v bytes="$5" \
		-v ops="$6" -v trials="$7" '
		NR == 1 {
			for (i = 1; i <= NF; i++) c[$i] = i
			if (!c["test"] || !c["bytes"] || !c["seconds"] || !c["kb_per_s"] ||
			    !c["ops"] || !c["trial"] || !c["file_kb"] || !c["record_kb"]) {
				print "missing columns in: " $0; bad_header = 1; exit
			}
			next
		}
		$c["test"] == test && $c["file_kb"] == fkb && $c["record_kb"] == rkb {
			n++; seen[$c["trial"]]++
			if ($c["bytes"] != bytes) bad = bad " bytes=" $c["bytes"]
			if ($c["ops"] != ops) bad = bad " ops=" $c["ops"]
			if (!($c["seconds"] > 0)) bad = bad " seconds=" $c["seconds"]
			else {
				want = $c["bytes"] / 1024 / $c["seconds"]
				if ($c["kb_per_s"] < want * 0.999 || $c["kb_per_s"] > want * 1.001)
					bad = bad " kb_per_s=" $c["kb_per_s"] "(want " want ")"
			}
		}
		END {
			if (bad_header) exit
			if (n != trials) bad = bad " rows=" n
			for (t = 0; t < trials; t++) if (seen[t] != 1) bad = bad " trial" t
			print bad
		}' "$1")
	if [ -z "$out" ]; then pass; else fail "$2 $3/$4:$out"; fi
}

# 1. write/read: one row, four positive figures, file removed, CSV consistent.
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -i 1 -f "$T/t" --out "$T/o1"
check sh -c "echo '$(row)' | awk 'NF == 6 && \$1 == 1024 && \$2 == 64 && \$3 > 0 && \$4 > 0 && \$5 > 0 && \$6 > 0 { ok = 1 } END { exit !ok }'"
check grep -q '^iozone test complete\.$' "$T/out"
check test ! -e "$T/t"
check test -f "$T/o1/results.csv"
for t in write rewrite read reread; do
	check_csv "$T/o1/results.csv" "$t" 1024 64 1048576 16 1
done

# 2. Every test of the table, with -E: 17 figures, all positive.
expect_success "$IOSWEEP" -s 256k -r 64k -E -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 \
	-i 6 -i 7 -i 9 -i 10 -f "$T/t" --out "$T/o3"
check sh -c "echo '$(row)' | awk '{ for (i = 3; i <= NF; i++) if (!(\$i > 0)) exit 1; exit !(NF == 19) }'"
for t in write rewrite read reread "random read" "random write" "bkwd read" \
	"record rewrite" "stride read" fwrite frewrite fread freread pwrite \
	repwrite pread repread; do
	check_csv "$T/o3/results.csv" "$t" 256 64 262144 4 1
done
check test ! -e "$T/t"

# 3. Trials: one sample per trial, the report shows the mean.
expect_success "$IOSWEEP" -s 512k -r 64k -i 0 -i 1 --trials 3 -f "$T/t" --out "$T/o4"
for t in write rewrite read reread; do
	check_csv "$T/o4/results.csv" "$t" 512 64 524288 8 3
done

# 4. -w keeps the file, whole records of it; then it is not overwritten.
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -w -f "$T/t"
check test "$(wc -c < "$T/t")" -eq 1048576
expect_failure 3 "$IOSWEEP" -s 1m -r 64k -i 0 -f "$T/t"
check test ! -s "$T/out"
check grep -q "$T/t" "$T/err"
check test "$(wc -c < "$T/t")" -eq 1048576
expect_success "$IOSWEEP" -s 64k -r 64k -i 0 --overwrite -f "$T/t"
check test ! -e "$T/t"

# 5. A symbolic link is refused, its target untouched; so is a directory.
printf 'precious\n' > "$T/target"
ln -s "$T/target" "$T/link"
expect_failure 3 "$IOSWEEP" -s 64k -r 64k -i 0 --overwrite -f "$T/link"
check test ! -s "$T/out"
check grep -q 'symbolic link' "$T/err"
check test "$(cat "$T/target")" = precious
mkdir "$T/adir"
expect_failure 3 "$IOSWEEP" -s 64k -r 64k -i 0 --overwrite -f "$T/adir"
check test ! -s "$T/out"

# 6. A missing directory fails before the header, naming it.
expect_failure 3 "$IOSWEEP" -s 64k -r 64k -i 0 -f "$T/nodir/t"
check test ! -s "$T/out"
check grep -q "$T/nodir" "$T/err"

# 7. SIGINT: exit 130, the cell named, the file removed, no half row.
"$IOSWEEP" -s 32m -r 4k -i 0 -i 1 --trials 200 -f "$T/big" >"$T/out" 2>"$T/err" &
pid=$!
# the file is made after the handlers are set: wait for it (60 s at most)
i=0
while [ ! -e "$T/big" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.2
kill -INT "$pid"
wait "$pid"
RC=$?
check test "$RC" -eq 130
check grep -q 'interrupted in cell 32768 kB / 4 kB' "$T/err"
check test ! -e "$T/big"

finish
