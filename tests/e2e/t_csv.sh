#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_csv.sh: the CSV folder of a real sweep with --trials 5: five samples a
# cell and test, summary.csv equal to statistics recomputed here with awk
# from results.csv, labels with commas and quotes intact, sheets that match
# the summary, meta.csv, the default folder, --gzip files that zcat to the
# same bytes, and (when LibreOffice is installed) numbers that a
# spreadsheet reads as numbers.
. "$(dirname "$0")/lib.sh"

LABEL='Disk "A", 2024'
RESULTS_HEADER='schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial,cached_pct,client,host,writer,iops,rd_iops,wr_iops,cache_served'
SUMMARY_HEADER='label,test,file_kb,record_kb,n,mean,median,min,max,stddev,cv,ci95_low,ci95_high,short_timing,cached_pct,iops,rd_iops,wr_iops,cache_served'

# RFC 4180 field splitting for awk (quoted fields, doubled quotes; one line a row).
CSVAWK='
function csvsplit(s, f,    n, i, ch, fld, q) {
	n = 0; fld = ""; q = 0
	for (i = 1; i <= length(s); i++) {
		ch = substr(s, i, 1)
		if (q) {
			if (ch == "\"") {
				if (substr(s, i + 1, 1) == "\"") { fld = fld "\""; i++ } else q = 0
			} else fld = fld ch
		} else if (ch == "\"") q = 1
		else if (ch == ",") { f[++n] = fld; fld = "" }
		else fld = fld ch
	}
	f[++n] = fld
	return n
}
function abs(x) { return x < 0 ? -x : x }
'

run_sweep() {
	expect_success "$IOSWEEP" -i 0 -i 1 -i 2 -s 64 -s 256 -r 4 -r 16 \
		-f "$T/testfile" --trials 5 --label "$LABEL" "$@"
}

run_sweep --out "$T/res"
if grep -q 'not wired' "$T/err"; then
	skip "the sweep is not wired into main.c yet"
fi
D=$T/res
for f in results.csv summary.csv meta.csv sheets/write.csv sheets/rewrite.csv \
	 sheets/read.csv sheets/reread.csv sheets/random_read.csv sheets/random_write.csv; do
	check has_rows "$D/$f"
done
check grep -q "$D" "$T/err"
check test "$(head -n 1 "$D/results.csv")" = "$RESULTS_HEADER"
check test "$(head -n 1 "$D/summary.csv")" = "$SUMMARY_HEADER"
leftovers=$(find "$D" -name '*.tmp.*' | wc -l)
check test "$leftovers" -eq 0

# Every row: the label intact, a positive rate consistent with bytes and
# seconds, five full trials 0..4 per (test, file, record).
awk "$CSVAWK"'
NR == 1 { n = csvsplit($0, f); for (i = 1; i <= n; i++) c[f[i]] = i; next }
{
	n = csvsplit($0, f)
	if (n != 22) { print "row " NR ": " n " fields"; bad++; next }
	if (f[22] != "") { print "row " NR ": cache_served [" f[22] "] on a local disk"; bad++ }
	ci = f[c["iops"]]; cp = f[c["cached_pct"]]
	if (abs(ci - f[c["ops"]] / f[c["seconds"]]) > 0.0005 + 1e-9 * ci) { print "row " NR ": iops " ci; bad++ }
	if (cp !~ /^[0-9]+\.[0-9]$/ || cp + 0 > 100) { print "row " NR ": cached_pct [" cp "]"; bad++ }
	if (f[c["client"]] f[c["host"]] f[c["writer"]] != "") { print "row " NR ": a client in a one-client run"; bad++ }
	if (f[2] != label) { print "row " NR ": label [" f[2] "]"; bad++ }
	if (!(f[9] + 0 > 0)) { print "row " NR ": kb_per_s " f[9]; bad++ }
	want = f[7] / 1024 / f[8]
	if (abs(f[9] - want) > 0.0005 + 1e-9 * want) { print "row " NR ": kb_per_s " f[9] " vs " want; bad++ }
	if (f[14] != "0") { print "row " NR ": partial"; bad++ }
	key = f[3] "|" f[4] "|" f[5]
	count[key]++
	seen[key "|" f[6]]++
}
END {
	for (k in count) {
		if (count[k] != 5) { print k ": " count[k] " samples"; bad++ }
		for (t = 0; t < 5; t++)
			if (seen[k "|" t] != 1) { print k ": trial " t " x" seen[k "|" t] + 0; bad++ }
		cells++
	}
	if (cells < 24) { print cells " cells"; bad++ }
	exit bad > 0
}' label="$LABEL" "$D/results.csv" >"$T/check1"
check test $? -eq 0
sed 's/^/  /' "$T/check1" | head -n 10

# summary.csv recomputed independently from results.csv and meta.csv.
awk "$CSVAWK"'
BEGIN {
	# t(0.975, df), df 1..10: scipy.stats.t.ppf, to 12 digits (the
	# interval uses the exact quantile, not a 3-decimal table)
	split("12.7062047361747 4.30265272974946 3.18244630528371 2.77644510519779 " \
	      "2.57058183563632 2.44691185114497 2.36462425159279 2.30600413520417 " \
	      "2.26215716279821 2.22813885198627", t95, " ")
}
FILENAME == meta { if (csvsplit($0, f) == 2 && f[1] == "timer_resolution_s") res = f[2] + 0; next }
FILENAME == results {
	if (FNR == 1) next
	csvsplit($0, f)
	if (f[14] != "0" || f[9] == "") next
	key = f[2] "|" f[3] "|" f[4] "|" f[5]
	m = ++n[key]
	v[key, m] = f[9] + 0
	if (m == 1 || f[8] + 0 < shortest[key]) shortest[key] = f[8] + 0
	next
}
FNR == 1 { next }
{
	csvsplit($0, s)
	key = s[1] "|" s[2] "|" s[3] "|" s[4]
	k = n[key]
	if (!k) { print "summary row without samples: " key; bad++; next }
	done[key] = 1
	# insertion sort of the values
	for (i = 1; i <= k; i++) x[i] = v[key, i]
	for (i = 2; i <= k; i++) { y = x[i]; for (j = i - 1; j >= 1 && x[j] > y; j--) x[j + 1] = x[j]; x[j + 1] = y }
	sum = 0; for (i = 1; i <= k; i++) sum += x[i]
	mean = sum / k
	ss = 0; for (i = 1; i <= k; i++) ss += (x[i] - mean) ^ 2
	sd = k > 1 ? sqrt(ss / (k - 1)) : 0
	med = k % 2 ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2
	half = k > 1 ? t95[k - 1] * sd / sqrt(k) : 0
	thr = 1000 * res; if (thr < 1e-5) thr = 1e-5
	want_short = shortest[key] < thr ? 1 : 0
	w[1] = k; w[2] = mean; w[3] = med; w[4] = x[1]; w[5] = x[k]; w[6] = sd
	tol[1] = 0; tol[2] = tol[3] = tol[4] = tol[5] = 0.002; tol[6] = 0.003
	for (i = 1; i <= 6; i++)
		if (abs(s[4 + i] - w[i]) > tol[i] + 1e-9 * abs(w[i])) { print key ": column " 4 + i " " s[4 + i] " vs " w[i]; bad++ }
	if (abs(s[11] - (mean ? sd / mean : 0)) > 1e-5) { print key ": cv " s[11]; bad++ }
	if (abs(s[12] - (mean - half)) > 0.006 || abs(s[13] - (mean + half)) > 0.006) { print key ": ci " s[12] " " s[13]; bad++ }
	if (s[14] != want_short) { print key ": short_timing " s[14] " vs " want_short; bad++ }
	rows++
}
END {
	for (key in n) if (!done[key]) { print "no summary row for " key; bad++ }
	if (!rows) { print "empty summary"; bad++ }
	exit bad > 0
}' meta="$D/meta.csv" results="$D/results.csv" "$D/meta.csv" "$D/results.csv" "$D/summary.csv" >"$T/check2"
check test $? -eq 0
sed 's/^/  /' "$T/check2" | head -n 10

# sheets/<test>.csv: file KB down, record KB across, the summary means.
awk "$CSVAWK"'
FILENAME == summary { if (FNR > 1) { csvsplit($0, s); if (s[2] == "random read") mean[s[3] "|" s[4]] = s[6] }; next }
FNR == 1 { n = csvsplit($0, h); if (h[1] != "file_kb") bad++; next }
{
	csvsplit($0, f)
	for (i = 2; i <= n; i++) {
		key = f[1] "|" h[i]
		if (f[i] != mean[key]) { print "sheet " key ": " f[i] " vs " mean[key]; bad++ }
		checked++
	}
}
END { exit bad > 0 || checked < 4 }' summary="$D/summary.csv" "$D/summary.csv" "$D/sheets/random_read.csv" >"$T/check3"
check test $? -eq 0
sed 's/^/  /' "$T/check3" | head -n 5

# meta.csv: key,value rows, the label and the trials.
awk "$CSVAWK"'
NR == 1 { ok = $0 == "key,value"; next }
{ csvsplit($0, f); m[f[1]] = f[2] }
END {
	exit !(ok && m["label"] == label && m["trials"] == "5" && m["tool"] == "iosweep" &&
	       m["schema"] == "5" && m["host"] != "" && m["start_time"] != "")
}' label="$LABEL" "$D/meta.csv"
check test $? -eq 0

# An existing folder is refused without --overwrite, nothing changed.
sum_before=$(cksum <"$D/summary.csv")
run "$IOSWEEP" -i 0 -s 64 -r 4 -f "$T/testfile" --trials 5 --label "$LABEL" --out "$D"
check test "$RC" -eq 2
check grep -q -- '--overwrite' "$T/err"
check test "$(cksum <"$D/summary.csv")" = "$sum_before"

# --gzip: .csv.gz names only, gzip data, readable with the same header.
run_sweep --out "$T/gz" --gzip
for f in results summary meta sheets/write sheets/random_read; do
	check test -s "$T/gz/$f.csv.gz"
	check test ! -e "$T/gz/$f.csv"
	check gzip -t "$T/gz/$f.csv.gz"
done
check test "$(zcat "$T/gz/results.csv.gz" | head -n 1)" = "$RESULTS_HEADER"
check test "$(zcat "$T/gz/summary.csv.gz" | wc -l)" -eq "$(wc -l <"$D/summary.csv")"
# Byte identity needs one result set written both ways: the importer re-exports it.
if "$IOSWEEP" import "$D" --out "$T/re" >"$T/import.out" 2>&1; then
	expect_success "$IOSWEEP" import "$D" --out "$T/regz" --gzip
	for f in results summary meta sheets/write sheets/random_read; do
		check cmp -s "$T/re/$f.csv" "$D/$f.csv"
		zcat "$T/regz/$f.csv.gz" >"$T/plain.csv"
		check cmp -s "$T/plain.csv" "$T/re/$f.csv"
	done
else
	echo "note: 'iosweep import DIR --out' unavailable; gzip identity left to test_csvout"
fi

# The default folder: iosweep-results/<label>-<YYYYmmdd-HHMMSS>/, named on stderr.
mkdir "$T/cwd"
(cd "$T/cwd" && run_sweep && echo "$RC" >"$T/rc" && cp "$T/err" "$T/err.default")
check test "$(cat "$T/rc")" -eq 0
dflt=$(ls -d "$T/cwd/iosweep-results/"Disk__A___2024-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9] 2>/dev/null | head -n 1)
check test -n "$dflt"
check has_rows "$dflt/results.csv"
check grep -q "iosweep-results/Disk__A___2024-" "$T/err.default"

# LibreOffice: results.csv and summary.csv become xlsx with numeric cells.
if command -v soffice >/dev/null 2>&1 || command -v libreoffice >/dev/null 2>&1; then
	LO=$(command -v soffice || command -v libreoffice)
	if command -v unzip >/dev/null 2>&1; then
		for f in results summary; do
			HOME=$T "$LO" --headless --convert-to xlsx \
				--outdir "$T/xlsx" "$D/$f.csv" >/dev/null 2>&1
			check test -s "$T/xlsx/$f.xlsx"
			unzip -p "$T/xlsx/$f.xlsx" xl/worksheets/sheet1.xml >"$T/$f.xml"
			# file_kb (column D of results, C of summary) in row 2 is a number
			col=D; [ $f = summary ] && col=C
			check grep -q "<c r=\"${col}2\"[^>]*t=\"n\"[^>]*><v>64</v>" "$T/$f.xml"
			# text cells: the headers (22 and 19), then label and test
			# on each row (a one-client run leaves client, host and
			# writer empty)
			heads=19; [ $f = results ] && heads=22
			rows=$(wc -l <"$D/$f.csv")
			texts=$(grep -o 't="s"' "$T/$f.xml" | wc -l)
			check test "$texts" -eq $((heads + 2 * (rows - 1)))
		done
		# the label arrives whole in the shared strings
		unzip -p "$T/xlsx/results.xlsx" xl/sharedStrings.xml >"$T/strings.xml"
		check grep -q 'Disk &quot;A&quot;, 2024\|Disk "A", 2024' "$T/strings.xml"
	else
		echo "note: unzip missing; LibreOffice check left out"
	fi
else
	echo "note: LibreOffice not installed; spreadsheet check left out"
fi

# --json: summary.json holds every row and field of summary.csv and of
# throughput.csv (numbers as numbers, empty fields null, labels, test names
# and units strings), meta.csv as "meta" and cliffs.csv as "cliffs", for a
# sweep, -t runs (plain and --gzip), an import of a report and imports of
# IOzone throughput-mode output (a report with -C and -+u, a -b sheet in ops).
if command -v python3 >/dev/null 2>&1; then
	cat >"$T/jsoncheck.py" <<'PY'
import csv, gzip, io, json, os, sys
d = sys.argv[1]
j = json.load(open(os.path.join(d, "summary.json")))

def open_csv(name):
    """NAME.csv or NAME.csv.gz in d, as text; None when neither exists."""
    p = os.path.join(d, name + ".csv")
    if os.path.exists(p):
        return open(p, newline="")
    if os.path.exists(p + ".gz"):
        return io.TextIOWrapper(gzip.open(p + ".gz"), newline="")
    return None

def rows_of(name):
    f = open_csv(name)
    return None if f is None else list(csv.DictReader(f))

def same(rows, objs, text):
    assert len(rows) == len(objs), (len(rows), len(objs))
    for r, o in zip(rows, objs):
        assert list(r) == list(o), (list(r), list(o))
        for k, v in r.items():
            if v == "":
                assert o[k] is None, (k, o[k])
            elif k in text:
                assert o[k] == v, (k, v, o[k])
            else:
                assert type(o[k]) in (int, float), (k, v, o[k])
                assert abs(float(v) - o[k]) <= 1e-9 * max(1.0, abs(float(v))), (k, v, o[k])

rows = rows_of("summary")
same(rows, j["summary"], ("label", "test"))
tp = rows_of("throughput")
same(tp or [], j["throughput"], ("label", "test", "unit"))
assert len(rows) + len(j["throughput"]) > 0
meta = dict(csv.reader(open_csv("meta")))
assert j["meta"]["label"] == meta["label"] and j["meta"]["ram_kb"] == int(meta["ram_kb"])
n = len(rows_of("cliffs") or [])
assert len(j["cliffs"]) == n
print("json ok", len(rows), len(j["throughput"]), n)
PY
	expect_success "$IOSWEEP" -a -n 64k -g 2m -i 0 -i 1 --trials 2 --label 2024 --json \
		-f "$T/j" --out "$T/json1" --quiet
	check python3 "$T/jsoncheck.py" "$T/json1"
	check grep -q '"throughput": \[\],' "$T/json1/summary.json"
	expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 --json -f "$T/j" --out "$T/json1"
	expect_success "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -i 1 --json -F "$T/j1" "$T/j2" --out "$T/json2"
	check python3 "$T/jsoncheck.py" "$T/json2"
	check grep -q '"test": "readers"' "$T/json2/summary.json"
	expect_success "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -C --gzip --json --label 2024 \
		-F "$T/j1" "$T/j2" --out "$T/json2gz"
	check test -f "$T/json2gz/throughput.csv.gz"
	check python3 "$T/jsoncheck.py" "$T/json2gz"
	check grep -q '"label": "2024", "test": "initial writers", "processes": 2, "trial": 0, "child": 1,' \
		"$T/json2gz/summary.json"
	expect_success "$IOSWEEP" import "$FIXTURES/real-iozone/psteinb-iozone.out" --json --out "$T/json3"
	check python3 "$T/jsoncheck.py" "$T/json3"
	expect_success "$IOSWEEP" import "$TOP/tests/data/iozone-tp/t3_C_u_R_b.txt" --json --out "$T/json4"
	check python3 "$T/jsoncheck.py" "$T/json4"
	check grep -q '"cpu_pct": 258.920000}' "$T/json4/summary.json"
	expect_success "$IOSWEEP" import "$TOP/tests/data/iozone-tp/t2_O.xls" --json --out "$T/json5"
	check python3 "$T/jsoncheck.py" "$T/json5"
	check grep -q '"unit": "ops", "children_see": 101618.078125,' "$T/json5/summary.json"
else
	echo "note: python3 not installed: the --json check is skipped"
fi

finish
