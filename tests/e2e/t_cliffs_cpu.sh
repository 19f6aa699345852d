#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cliffs_cpu.sh: a cliff in the CPU's cache is not the storage's.
#  - a real small sweep (-a -g 64m -i 0 -i 1) in the temporary directory,
#    whose files stay more or less in the page cache (cached_pct, measured
#    with mincore): every cliff it reports in a read test has the kind its
#    figures give (cpu-cache when every trial of every size from the last
#    before the drop to the first after had cached_pct >= 99, else cache),
#    and the text says so (where a real cliff lies, and how much stayed
#    cached, is the machine's: make check-timing);
#  - that sweep's folder with every curve planted flat and reread planted
#    to fall 3x past 8 MB (every file in memory): `iosweep cliffs` reads
#    the folder back and finds that drop alone, as cpu-cache, in
#    cliffs.csv, the text, the chart's mark and the HTML findings;
#  - the same folder with cached_pct left empty (as an import of an
#    IOzone report has it): the same drop is a plain cache, as before.
. "$(dirname "$0")/lib.sh"

# --- a real sweep whose files stay in memory -------------------------------
expect_success "$IOSWEEP" -a -g 64m -i 0 -i 1 --trials 2 -f "$T/testfile" --out "$T/res"
cp "$T/out" "$T/report.txt"
# the kind of every read cliff as cliff.c draws it from results.csv (4
# file_kb, 5 record_kb, 15 cached_pct; cliffs.csv: 3 record_kb, 4 before_kb,
# 5 after_kb, 12 kind): the least cached_pct of the sizes it spans
awk -F, 'FNR == NR { if (FNR > 1) { k = $3 "," $5 "," $4; if (!(k in m) || $15 + 0 < m[k]) m[k] = $15 + 0 }; next }
	FNR > 1 && ($2 == "\"read\"" || $2 == "\"reread\"") {
		t = $2; gsub(/"/, "", t); want = "cpu-cache"
		for (k in m) { split(k, f, ","); if (f[1] == t && f[2] == $3 && f[3] >= $4 && f[3] <= $5 && m[k] < 99) want = "cache" }
		print t, $3, $4, $5, $12, want }' "$T/res/results.csv" "$T/res/cliffs.csv" >"$T/kinds"
sed 's/^/read cliff (test record before after kind, from the figures): /' "$T/kinds"
check test "$(awk '$5 != $6' "$T/kinds" | wc -l)" -eq 0
# the text: no storage cache for a read test unless its figures say so
if [ "$(awk '$6 == "cache"' "$T/kinds" | wc -l)" -eq 0 ] &&
	grep -Eq '^	[0-9]+\. (read|reread)[ ,].*: cache of about' "$T/report.txt"; then
	fail "a read cliff of an in-memory sweep called a storage cache"
	sed -n '/^Cache cliffs$/,$p' "$T/report.txt" | head -n 8
else
	pass
fi
if [ "$(awk '$6 == "cpu-cache"' "$T/kinds" | wc -l)" -gt 0 ]; then
	check grep -q 'CPU cache of about .*the file was in memory' "$T/report.txt"
fi

# --- the folder read back, every curve flat, reread falling 3x past 8 MB ----
# The real sweep's figures move with the machine's load, and a real drop
# at the same sizes would share one finding with the planted one, so
# every curve is planted: 3,000,000 kB/s, reread a third of it from 16 MB
# (results.csv: 4 file_kb, 5 record_kb, 8 seconds, 9 kb_per_s, 13 wall_s,
# 15 cached_pct, 19-20 iops).  keep=1: every file in memory (cached_pct
# 100), keep=0: cached_pct unknown.
plant() {
	mkdir -p "$2"
	cp "$T/res/meta.csv" "$2/"
	awk -F, -v OFS=, -v keep="$3" 'NR > 1 {
		kbps = $3 == "reread" && $4 >= 16384 ? 1000000 : 3000000
		$8 = sprintf("%.9f", $4 / kbps); $9 = sprintf("%.3f", kbps)
		$13 = $8; $19 = sprintf("%.3f", kbps / $5); $20 = $19
		$15 = keep ? "100.0" : "" }
		{ print }' "$T/res/results.csv" >"$2/results.csv"
}
plant x "$T/inmem" 1
expect_success "$IOSWEEP" cliffs "$T/inmem"
cp "$T/out" "$T/inmem.txt"
# one finding, the planted one, and no other cliff
check grep -Eq '^	1\. reread falls 3[-.0-9]*x between 8 MB and 16 MB: CPU cache of about .* not the storage.s: the file was in memory' "$T/inmem.txt"
check test "$(grep -c '^	[0-9]*\. ' "$T/inmem.txt")" -eq 1
check test "$(awk -F, 'NR > 1 && !($2 == "\"reread\"" && $4 == 8192 && $5 == 16384)' "$T/inmem/cliffs.csv" | wc -l)" -eq 0
check grep -q '^"[^"]*","reread",[0-9]*,8192,16384,.*,cpu-cache,[01]$' "$T/inmem/cliffs.csv"
if awk -F, 'NR > 1 && $2 == "\"reread\"" && $12 != "cpu-cache"' "$T/inmem/cliffs.csv" | grep -q .; then
	fail "a planted in-memory reread cliff is not cpu-cache"
else
	pass
fi
if command -v gnuplot >/dev/null 2>&1; then
	expect_success "$IOSWEEP" plot "$T/inmem" --tests reread --record all --no-render
	check grep -q "drops .* from 8 MB to 16 MB (CPU cache, file in memory: ~" "$T/inmem/plots/reread.gp"
fi
expect_success "$IOSWEEP" report "$T/inmem" --no-charts --out "$T/inmem.html"
check grep -q 'CPU cache of about .*the file was in memory' "$T/inmem.html"

# --- the same drop with cached_pct unknown: the storage's cache, as before -----
plant x "$T/unknown" 0
expect_success "$IOSWEEP" cliffs "$T/unknown"
check grep -q 'reread.* between 8 MB and 16 MB: cache of about' "$T/out"
check grep -q '^"[^"]*","reread",[0-9]*,8192,16384,.*,cache,[01]$' "$T/unknown/cliffs.csv"
if grep -q 'CPU cache' "$T/out"; then fail "CPU cache claimed without cached_pct"; else pass; fi

finish
