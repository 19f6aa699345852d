#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_xls_office: the -b worksheet opens in LibreOffice, and every cell it
# shows equals the -R text section of the same run (section, file size,
# record size, value).  Skips when LibreOffice is not installed.
. "$(dirname "$0")/lib.sh"

office=$(command -v libreoffice || command -v soffice) || skip "LibreOffice is not installed"

expect_success "$IOSWEEP" -a -n 64k -g 1m -i 0 -i 1 -i 2 -R -b "$T/out.xls" \
	-f "$T/t" --out "$T/res" --quiet
cp "$T/out" "$T/report.txt"
run timeout 180 "$office" --headless -env:UserInstallation=file://"$T/lo" \
	--convert-to csv --outdir "$T" "$T/out.xls"
check test -s "$T/out.csv"

# -R text -> "section|file|record|value" lines
awk '
/^Excel output is below:/ { on = 1; next }
!on { next }
/^"[A-Za-z -]+ report"$/ { gsub(/"/, ""); sec = tolower($0); hdr = 1; next }
hdr && /^ +"/ { n = split($0, f, /"/); nr = 0; for (i = 2; i <= n; i += 2) rec[++nr] = f[i]; hdr = 0; next }
/^"[0-9]+"/ { split($0, f, /"/); file = f[2]; sub(/^"[0-9]+" */, "");
	m = split($0, v, / +/); k = 0
	for (i = 1; i <= m; i++) if (v[i] != "") { k++; print sec "|" file "|" rec[k] "|" v[i] } }
' "$T/report.txt" | sort > "$T/r.txt"

# LibreOffice's CSV of the sheet -> the same lines
awk -F, '
NR <= 3 { next }
$1 ~ /Report$/ { sec = tolower($1); next }
$1 == "" { for (i = 2; i <= NF; i++) rec[i] = $i; next }
{ for (i = 2; i <= NF; i++) if ($i != "") print sec "|" $1 "|" rec[i] "|" $i }
' "$T/out.csv" | sort > "$T/x.txt"

check test "$(wc -l < "$T/r.txt")" -gt 100
if cmp -s "$T/r.txt" "$T/x.txt"; then pass; else
	fail "the .xls cells differ from the -R text"; diff "$T/r.txt" "$T/x.txt" | head -n 10
fi
finish
