#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cliffs_cpu.sh: a cliff in the CPU's cache is not the storage's.
#  - a real small sweep (-a -g 64m -i 0 -i 1) in the temporary directory,
#    whose files stay in the page cache (cached_pct 100, measured with
#    mincore): any cliff it reports in a read test is called the CPU's
#    cache (cpu-cache in cliffs.csv, "CPU cache ... the file was in
#    memory" in the text), never a storage cache;
#  - that sweep's folder with reread planted to fall 3x past 8 MB (its
#    cached_pct as measured): `iosweep cliffs` reads the folder back and
#    finds the drop as cpu-cache, in cliffs.csv, the text, the chart's
#    mark and the HTML findings;
#  - the same folder with cached_pct left empty (as an import of an
#    IOzone report has it): the same drop is a plain cache, as before.
# e2e: alone (its verdicts read how busy the host CPU is)
. "$(dirname "$0")/lib.sh"

# --- a real sweep whose files stay in memory -------------------------------
expect_success "$IOSWEEP" -a -g 64m -i 0 -i 1 --trials 2 -f "$T/testfile" --out "$T/res"
cp "$T/out" "$T/report.txt"
# the read passes found their files in the page cache
low=$(awk -F, 'NR > 1 && ($3 == "read" || $3 == "reread") && $15 < 99' "$T/res/results.csv" | wc -l)
if [ "$low" -ne 0 ]; then
	echo "note: $low read figures found their file partly out of the page cache: real-sweep check skipped"
else
	# a cliff of a read test is the CPU's cache, whatever this machine shows
	bad=$(awk -F, 'NR > 1 && ($2 == "\"read\"" || $2 == "\"reread\"") && $12 != "cpu-cache"' \
		"$T/res/cliffs.csv" | wc -l)
	check test "$bad" -eq 0
	if grep -Eq '^	[0-9]+\. (read|reread)[ ,].*: cache of about' "$T/report.txt"; then
		fail "a read cliff of an in-memory sweep called a storage cache"
		sed -n '/^Cache cliffs$/,$p' "$T/report.txt" | head -n 8
	else
		pass
	fi
	n=$(awk -F, 'NR > 1 && $12 == "cpu-cache"' "$T/res/cliffs.csv" | wc -l)
	[ "$n" -gt 0 ] && check grep -q 'CPU cache of about .*the file was in memory' "$T/report.txt"
fi

# --- the folder read back, reread replaced by a drop of 3x past 8 MB ----------
# The real sweep's reread figures move with the machine's load, so the
# planted curve is flat on both sides of the drop: 3,000,000 kB/s up to
# 8 MB, a third of it from 16 MB (results.csv: 4 file_kb, 5 record_kb,
# 8 seconds, 9 kb_per_s, 13 wall_s, 15 cached_pct, 19-20 iops).  keep=1:
# every file in memory (cached_pct 100), keep=0: cached_pct unknown.
plant() {
	mkdir -p "$2"
	cp "$T/res/meta.csv" "$2/"
	awk -F, -v OFS=, -v keep="$3" 'NR > 1 && $3 == "reread" {
		kbps = $4 >= 16384 ? 1000000 : 3000000
		$8 = sprintf("%.9f", $4 / kbps); $9 = sprintf("%.3f", kbps)
		$13 = $8; $19 = sprintf("%.3f", kbps / $5); $20 = $19 }
		NR > 1 { $15 = keep ? "100.0" : "" }
		{ print }' "$T/res/results.csv" >"$2/results.csv"
}
plant x "$T/inmem" 1
expect_success "$IOSWEEP" cliffs "$T/inmem"
cp "$T/out" "$T/inmem.txt"
# (reread alone "falls"; with a real read drop at the same sizes the two
# share one finding: "read and reread fall")
check grep -Eq 'reread[^:]* falls? .* between 8 MB and 16 MB: CPU cache of about .* not the storage.s: the file was in memory' "$T/inmem.txt"
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
