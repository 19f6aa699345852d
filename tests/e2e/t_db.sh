#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_db.sh: `iosweep db` on SQLite files: a folder added twice is stored
# once; an IOzone report and a new sweep both rank; the export of a run
# equals its folder byte for byte, its timeline.csv included, and the
# report from the database shows that timeline; tags, filters, show and
# rm; a database made by schema 1 is brought forward with its run; two
# adds at once both land; a file that is not a database, a newer schema,
# a read-only file, and a kill -9 in the middle of an add each leave the
# database as it was.
. "$(dirname "$0")/lib.sh"

I="$FIXTURES/iozone"
[ -f "$I/01_a_n64k_g8m_i0_i1.txt" ] || skip "no fixtures in $FIXTURES"
"$IOSWEEP" db list --db "$T/probe.db" >/dev/null 2>"$T/probe.err" ||
	skip "this iosweep has no SQLite: $(cat "$T/probe.err")"
command -v sqlite3 >/dev/null || skip "no sqlite3 program (Debian: sqlite3)"
SYNTH="$TOP/scripts/db-synth-folder"
DB="$T/lib.db"
unset IOSWEEP_DB
runs() { sqlite3 "$1" 'SELECT count(*) FROM runs'; }
samples() { sqlite3 "$1" 'SELECT count(*) FROM samples'; }

# 1. a real sweep and an IOzone report; the sweep twice is stored once
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 -i 1 --trials 2 --label boxA --out "$T/run1" \
	--log-interval 10ms
check test "$(wc -l < "$T/run1/timeline.csv")" -gt 1
expect_success "$IOSWEEP" db add --db "$DB" "$T/run1"
check grep -q "^$T/run1: added as run 1\$" "$T/out"
expect_success "$IOSWEEP" db add --db "$DB" "$T/run1"
check grep -q "^$T/run1: already in the database as run 1\$" "$T/out"
check test "$(runs "$DB")" -eq 1
# every sample of results.csv is a row, with its bytes and time
check test "$(samples "$DB")" -eq "$(($(wc -l < "$T/run1/results.csv") - 1))"
expect_success "$IOSWEEP" db add --db "$DB" "$I/01_a_n64k_g8m_i0_i1.txt" --label nas-old
check test "$(runs "$DB")" -eq 2
check test "$(sqlite3 "$DB" "SELECT kind FROM runs WHERE id = 2")" = iozone

# 2. both rank at 256 kB; the figures are the trials' means of results.csv
expect_success "$IOSWEEP" db rank --db "$DB" --test read --file-size 256k --record 64k \
	--highlight boxA
check grep -q ' boxA .*<- highlighted$' "$T/out"
check grep -q ' nas-old ' "$T/out"
want=$(awk -F, '$3 == "read" && $4 == 256 && $5 == 64 { s += $7 / 1024 / $8; n++ }
	END { printf "%.1f", s / n }' "$T/run1/results.csv")
check grep -q " boxA .* 2 *$want " "$T/out"
io=$(awk '$1 == 256 && $2 == 64 { print $5; exit }' "$I/01_a_n64k_g8m_i0_i1.txt")
check grep -q " nas-old .* 1 *$io.0 " "$T/out"
# ranked: best mean first (the CSV twin of the table)
expect_success "$IOSWEEP" db rank --db "$DB" --test read --file-size 256k --csv "$T/rank.csv"
awk -F, 'NR > 1 { print $8 }' "$T/rank.csv" > "$T/means"
check test "$(wc -l < "$T/means")" -eq 2
check sort -rn -c "$T/means"
# without --record a run stands with its best record size: the one whose
# trials' mean in results.csv is highest
best=$(awk -F, '$3 == "read" && $4 == 256 { s[$5] += $7 / 1024 / $8; n[$5]++ }
	END { for (r in s) if (!seen++ || s[r] / n[r] > bm) { bm = s[r] / n[r]; br = r }
	      print br }' "$T/run1/results.csv")
check test -n "$best"
check test "$(awk -F, '$3 == "boxA" { print $6 }' "$T/rank.csv")" = "$best"
# the chart: a gnuplot script with the data and the highlighted bar
expect_success "$IOSWEEP" db rank --db "$DB" --test read --file-size 256k --highlight 1 \
	--plot "$T/chart" --format dumb
check grep -q 'boxA (1).*	1$' "$T/chart/rank.gp"
if command -v gnuplot >/dev/null; then check test -s "$T/chart/rank.txt"; fi
# the page: the table, the highlighted run marked, the chart inlined
expect_success "$IOSWEEP" db rank --db "$DB" --test read --file-size 256k --highlight boxA \
	--html "$T/rank.html"
check grep -q '<tr class=hl><td class=n>[0-9]*</td><td class=n>1</td><td>boxA</td>' "$T/rank.html"
check grep -q '<td>nas-old</td>' "$T/rank.html"
if command -v gnuplot >/dev/null; then check grep -q '<svg' "$T/rank.html"; fi
# bad queries
expect_failure 2 "$IOSWEEP" db rank --db "$DB" --test reed --file-size 1m
check one_line_error
check grep -q "'reed'" "$T/err"
expect_failure 2 "$IOSWEEP" db rank --db "$DB" --test read --file-size 1x
expect_failure 2 "$IOSWEEP" db rank --db "$DB" --test read --file-size 1m --where colour=red

# 3. export: the folder and the report come back byte for byte; CSV and JSON
expect_success "$IOSWEEP" db export --db "$DB" 1 --out "$T/exp1"
check diff -r "$T/run1" "$T/exp1"
expect_success "$IOSWEEP" db export --db "$DB" nas-old --out "$T/exp2"
check cmp "$I/01_a_n64k_g8m_i0_i1.txt" "$T/exp2/01_a_n64k_g8m_i0_i1.txt"
expect_failure 3 "$IOSWEEP" db export --db "$DB" 1 --out "$T/exp1"
check one_line_error
expect_success "$IOSWEEP" db export --db "$DB" 2 --out "$T/expj" --as json
check test -s "$T/expj/summary.json"
# every sample of the run, not the header alone
check test "$(awk 'NR > 1' "$T/expj/results.csv" | wc -l)" -eq \
	"$(sqlite3 "$DB" 'SELECT count(*) FROM samples WHERE run_id = 2')"
# compare and report read the runs as from their folders: the sweep
# against the IOzone report, two different runs: the sweep's 18 cells
# (64 to 256 kB files, 4 kB records up) x 4 tests
expect_success "$IOSWEEP" compare "$T/run1" "$I/01_a_n64k_g8m_i0_i1.txt" --csv "$T/c-folder.csv"
expect_success "$IOSWEEP" db compare --db "$DB" 1 2 --csv "$T/c-db.csv"
sed 's/boxA (run 1)/boxA/g; s/nas-old (run 2)/01_a_n64k_g8m_i0_i1/g' "$T/c-db.csv" > "$T/c-db2.csv"
check cmp "$T/c-folder.csv" "$T/c-db2.csv"
check test "$(awk 'NR > 1' "$T/c-folder.csv" | wc -l)" -eq 72
expect_success "$IOSWEEP" db report --db "$DB" --out "$T/r.html" --no-charts
check grep -q 'nas-old' "$T/r.html"
# the timeline went in with the run and comes back to the report
check grep -q '<h3>Cliffs in time</h3>' "$T/r.html"
check test "$(sqlite3 "$DB" "SELECT count(*) FROM run_files WHERE path = 'timeline.csv'")" -eq 1

# 4. tags, filters, show, rm
expect_success "$IOSWEEP" db tag --db "$DB" 1 ssd lab-a
expect_success "$IOSWEEP" db list --db "$DB" --tag ssd
check grep -q ' boxA ' "$T/out"
check test "$(grep -c '^ *[0-9]' "$T/out")" -eq 1
expect_success "$IOSWEEP" db list --db "$DB" --where label=nas-old
check test "$(grep -c '^ *[0-9]' "$T/out")" -eq 1
expect_success "$IOSWEEP" db list --db "$DB" --fs nofs
check test ! -s "$T/out"
expect_success "$IOSWEEP" db show --db "$DB" boxA
check grep -q '^  tags     lab-a,ssd$' "$T/out"
check grep -q '^read  *256  *64 ' "$T/out"
expect_failure 4 "$IOSWEEP" db show --db "$DB" nosuchrun
check one_line_error
expect_failure 2 "$IOSWEEP" db rm --db "$DB" 2 </dev/null
check grep -q 'without a terminal' "$T/err"
check test "$(runs "$DB")" -eq 2
expect_success "$IOSWEEP" db rm --db "$DB" 2 --yes
check test "$(runs "$DB")" -eq 1
check test "$(sqlite3 "$DB" 'SELECT count(*) FROM samples WHERE run_id = 2')" -eq 0
check test "$(sqlite3 "$DB" 'SELECT count(*) FROM run_files WHERE run_id = 2')" -eq 0
check test "$(sqlite3 "$DB" 'SELECT count(*) FROM cells WHERE run_id = 2')" -eq 0
check test "$(sqlite3 "$DB" 'SELECT count(*) FROM cells WHERE run_id = 1')" -gt 0

# 5. a database of schema 1 is brought forward, its run kept
sqlite3 "$T/v1.db" < "$TOP/tests/data/db/schema-v1.sql"
check test "$(sqlite3 "$T/v1.db" "SELECT value FROM iosweep_meta")" = 1
expect_success "$IOSWEEP" db list --db "$T/v1.db"
check grep -q ' 04_s16m_r64k_i0_i1_i2 ' "$T/out"
check test "$(sqlite3 "$T/v1.db" "SELECT value FROM iosweep_meta")" = 3
expect_success "$IOSWEEP" db tag --db "$T/v1.db" 1 old
expect_success "$IOSWEEP" db export --db "$T/v1.db" 1 --out "$T/expv1"
check cmp "$I/04_s16m_r64k_i0_i1_i2.txt" "$T/expv1/04_s16m_r64k_i0_i1_i2.txt"
# the same report added now is the same run
expect_success "$IOSWEEP" db add --db "$T/v1.db" "$I/04_s16m_r64k_i0_i1_i2.txt"
check grep -q 'already in the database as run 1' "$T/out"

# 5b. a database of schema 2 (two IOzone -a reports) is brought forward:
# its cells table is filled, and a rank without --record gives each run
# the record size whose full trials have the highest mean rate (the
# smaller on a tie), as worked out here from the samples table alone
sqlite3 "$T/v2.db" < "$TOP/tests/data/db/schema-v2.sql"
check test "$(sqlite3 "$T/v2.db" "SELECT value FROM iosweep_meta")" = 2
# best_by_samples TEST FILE_KB: "run record_kb" lines, by run
best_by_samples() {
	sqlite3 -separator ' ' "$T/v2.db" "SELECT run_id, record_kb, AVG(CASE WHEN rate_kbps
		IS NOT NULL THEN rate_kbps ELSE bytes / 1024.0 / (elapsed_ns / 1e9) END) FROM samples
		WHERE test = '$1' AND file_kb = $2 AND partial = 0 GROUP BY run_id, record_kb" |
		sort -k1,1n -k3,3gr -k2,2n | awk '!seen[$1]++ { print $1, $2 }'
}
# ranked: the last rank's (--csv $T/rank.csv) "run record_kb" lines, by run
ranked() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["id"], $c["record_kb"] }' "$T/rank.csv" | sort -k1,1n
}
for cell in "read 1024" "write 4096" "reread 64" "rewrite 2048"; do
	set -- $cell
	want=$(best_by_samples "$1" "$2")
	expect_success "$IOSWEEP" db rank --db "$T/v2.db" --test "$1" --file-size "${2}k" \
		--csv "$T/rank.csv" --overwrite
	got=$(ranked)
	check test -n "$want"
	check test "$got" = "$want"
done
check test "$(sqlite3 "$T/v2.db" "SELECT value FROM iosweep_meta")" = 3
check test "$(sqlite3 "$T/v2.db" "SELECT count(*) FROM cells")" -eq \
	"$(sqlite3 "$T/v2.db" "SELECT count(*) FROM (SELECT DISTINCT run_id, test, file_kb,
		record_kb FROM samples WHERE partial = 0)")"

# 6. refused, nothing changed: not a database, a newer schema, another
#    program's database, a read-only file
head -c 4096 /dev/urandom > "$T/junk.db"
cp "$T/junk.db" "$T/junk.orig"
expect_failure 4 "$IOSWEEP" db add --db "$T/junk.db" "$T/run1"
check one_line_error
check grep -q "junk.db.*not a database" "$T/err"
check cmp "$T/junk.db" "$T/junk.orig"
check test ! -e "$T/junk.db-wal"
cp "$DB" "$T/new.db"
sqlite3 "$T/new.db" "PRAGMA journal_mode = DELETE; UPDATE iosweep_meta SET value = '99'" >/dev/null
cp "$T/new.db" "$T/new.orig"
expect_failure 4 "$IOSWEEP" db add --db "$T/new.db" "$I/01_a_n64k_g8m_i0_i1.txt"
check one_line_error
check grep -q "new.db' has schema 99, newer than" "$T/err"
check cmp "$T/new.db" "$T/new.orig"
sqlite3 "$T/other.db" "CREATE TABLE photos (id INTEGER); INSERT INTO photos VALUES (1)"
cp "$T/other.db" "$T/other.orig"
expect_failure 4 "$IOSWEEP" db add --db "$T/other.db" "$T/run1"
check one_line_error
check grep -q "not an iosweep database" "$T/err"
check cmp "$T/other.db" "$T/other.orig"
if command -v setpriv >/dev/null && [ "$(id -u)" -eq 0 ]; then
	mkdir "$T/ro" && cp "$DB" "$T/ro/lib.db"
	sqlite3 "$T/ro/lib.db" "PRAGMA journal_mode = DELETE" >/dev/null
	cp "$T/ro/lib.db" "$T/ro.orig"
	chmod 755 "$T" "$T/ro" && chmod 644 "$T/ro/lib.db"
	nob() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
	expect_failure 4 nob "$IOSWEEP" db add --db "$T/ro/lib.db" "$I/01_a_n64k_g8m_i0_i1.txt"
	check one_line_error
	check grep -q "lib.db' is read-only" "$T/err"
	check cmp "$T/ro/lib.db" "$T/ro.orig"
	# reading a read-only library works
	expect_success nob "$IOSWEEP" db list --db "$T/ro/lib.db"
	check grep -q ' boxA ' "$T/out"
else
	echo "note: read-only database case left out (needs root and setpriv)"
fi

# 7. two adds at once both land (WAL, busy timeout, BEGIN IMMEDIATE)
sh "$SYNTH" "$T/syn1" 2000 3 synA 1
sh "$SYNTH" "$T/syn2" 2000 3 synB 2
before=$(runs "$DB")
"$IOSWEEP" db add --db "$DB" "$T/syn1" >"$T/a1.out" 2>&1 & p1=$!
"$IOSWEEP" db add --db "$DB" "$T/syn2" >"$T/a2.out" 2>&1 & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
check test "$r1" -eq 0
check test "$r2" -eq 0
check test "$(runs "$DB")" -eq $((before + 2))
check test "$(sqlite3 "$DB" "SELECT count(*) FROM samples s JOIN runs r ON r.id = s.run_id WHERE r.label IN ('synA', 'synB')")" -eq 24000
# the same folder by two at once: stored once, the other says so
sh "$SYNTH" "$T/syn3" 2000 3 synC 3
"$IOSWEEP" db add --db "$DB" "$T/syn3" >"$T/a3.out" 2>&1 & p1=$!
"$IOSWEEP" db add --db "$DB" "$T/syn3" >"$T/a4.out" 2>&1 & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
check test "$r1" -eq 0
check test "$r2" -eq 0
check test "$(sqlite3 "$DB" "SELECT count(*) FROM runs WHERE label = 'synC'")" -eq 1
check test "$(cat "$T/a3.out" "$T/a4.out" | grep -c 'already in the database')" -eq 1

# 8. kill -9 in the middle of a big add: the database is as it was
sh "$SYNTH" "$T/big" 60000 2 big 4
sqlite3 "$DB" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
sqlite3 "$DB" "SELECT id, hash FROM runs ORDER BY id; SELECT count(*) FROM samples" > "$T/before.txt"
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	# killed by the fault shim as SQLite's 2,000th write to the WAL begins
	# (the add writes some 36,000 pages there before its commit)
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_SIGNAL="pwrite:2000:KILL@$DB-wal" \
		"$IOSWEEP" db add --db "$DB" "$T/big" >"$T/out" 2>"$T/err"
	check test "$?" -eq 137
	check test "$(stat -c %s "$DB-wal")" -gt 1048576
	check test "$(sqlite3 "$DB" 'PRAGMA integrity_check')" = ok
	sqlite3 "$DB" "SELECT id, hash FROM runs ORDER BY id; SELECT count(*) FROM samples" > "$T/after.txt"
	check cmp "$T/before.txt" "$T/after.txt"
	# and the add, done again, lands whole
	expect_success "$IOSWEEP" db add --db "$DB" "$T/big"
	check test "$(sqlite3 "$DB" "SELECT count(*) FROM samples s JOIN runs r ON r.id = s.run_id WHERE r.label = 'big'")" -eq 240000
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it): the add killed mid-transaction is left out"
	expect_success "$IOSWEEP" db add --db "$DB" "$T/big"
fi

# 9. --db-add: a complete run goes in; a database that cannot take it
#    stops the run before anything is measured
expect_success "$IOSWEEP" -a -n 64k -g 128k -i 0 --label swadd --out "$T/swadd" --db-add --db "$DB"
check grep -q "^iosweep: added to the results library $DB as run [0-9]*\$" "$T/err"
check test "$(sqlite3 "$DB" "SELECT count(*) FROM runs WHERE label = 'swadd'")" -eq 1
expect_failure 2 "$IOSWEEP" -a -n 64k -g 128k -i 0 --out "$T/swjunk" --db-add --db "$T/junk.db"
check one_line_error
check grep -q "junk.db.*not a database" "$T/err"
check test ! -e "$T/swjunk"
check cmp "$T/junk.db" "$T/junk.orig"

# 10. the default file: $XDG_DATA_HOME/iosweep/results.db, or IOSWEEP_DB
XDG_DATA_HOME="$T/xdg" expect_success "$IOSWEEP" db add "$T/run1"
check test -s "$T/xdg/iosweep/results.db"
IOSWEEP_DB="$T/env.db" expect_success "$IOSWEEP" db add "$T/run1"
check test -s "$T/env.db"

finish
