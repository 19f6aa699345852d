#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import_wrapped.sh: `iosweep import` on real IOzone reports as people
# publish them: in a Markdown code block, indented four spaces or a tab,
# in HTML with <br> and entities, with terminal colour codes and CRLF,
# in a log with a time stamp on every line, quoted in Markdown ("> "),
# after a wrapper script's lines, two in one file, interrupted mid-table,
# without their header (with --command).  Each wrapped import must give
# every figure of the plain report's import (test, sizes, trial, kB/s of
# results.csv), and the refusals that protect the data stay: a shifted or
# torn table is refused inside a code block as it is plain.
. "$(dirname "$0")/lib.sh"

R="$FIXTURES/real-iozone"
I="$FIXTURES/iozone"
P="$FIXTURES/published"
[ -f "$R/psteinb-iozone.out" ] || skip "no fixtures in $FIXTURES"

# figures DIR: test,file_kb,record_kb,trial,kb_per_s of DIR/results.csv, sorted
figures() {
	awk -F, 'NR > 1 { print $3 "," $4 "," $5 "," $6 "," $9 }' "$1/results.csv" | sort
}

# same_figures PLAIN_DIR DIR: every figure equal, and as many
same_figures() {
	figures "$1" >"$T/want.fig"
	figures "$2" >"$T/got.fig"
	check test -s "$T/want.fig"
	check cmp -s "$T/want.fig" "$T/got.fig"
}

esc=$(printf '\033')
cr=$(printf '\r')
n=0
for real in "$R/psteinb-iozone.out" "$R/rovanion-ext4_1.iozone" \
	"$R/ilkermanap-srptarget.xfs.iozone-01.txt" "$I/01_a_n64k_g8m_i0_i1.txt" \
	"$I/19_a_n64k_g1m_i0_i1_plus_u_R.txt"; do
	n=$((n + 1))
	expect_success "$IOSWEEP" import "$real" --out "$T/plain$n"

	# 1. a Markdown fence with an info string, prose around it
	{ printf '# Results\n\nRun on the NAS:\n\n```text\n'; cat "$real"; printf '```\n\nThat was fast.\n'; } >"$T/fence.md"
	expect_success "$IOSWEEP" import "$T/fence.md" --out "$T/fence$n"
	same_figures "$T/plain$n" "$T/fence$n"

	# 2. a Markdown block indented four spaces, and one indented a tab
	{ printf 'Results:\n\n'; sed 's/^/    /' "$real"; printf '\nMore text.\n'; } >"$T/indent.md"
	expect_success "$IOSWEEP" import "$T/indent.md" --out "$T/indent$n"
	same_figures "$T/plain$n" "$T/indent$n"
	{ printf 'Results:\n\n'; sed 's/^/\t/' "$real"; } >"$T/tab.md"
	expect_success "$IOSWEEP" import "$T/tab.md" --out "$T/tab$n"
	same_figures "$T/plain$n" "$T/tab$n"

	# 3. HTML: <pre>, a <br> variant at each line's end, entities
	{ printf '<html><body><p>Our run:</p>\n<pre>'
	  sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/$/<br \/>/' "$real"
	  printf '</pre></body></html>\n'; } >"$T/page.html"
	expect_success "$IOSWEEP" import "$T/page.html" --out "$T/html$n"
	same_figures "$T/plain$n" "$T/html$n"
	sed -e 's/$/<BR>/' "$real" >"$T/br.html"
	expect_success "$IOSWEEP" import "$T/br.html" --out "$T/br$n"
	same_figures "$T/plain$n" "$T/br$n"

	# 4. a terminal log: colour around every figure, CRLF line ends
	sed -e "s/\([0-9][0-9]*\)/${esc}[1;32m\1${esc}[0m/g" -e "s/\$/$cr/" "$real" >"$T/ansi.log"
	expect_success "$IOSWEEP" import "$T/ansi.log" --out "$T/ansi$n"
	same_figures "$T/plain$n" "$T/ansi$n"

	# 4b. a log: a time stamp at each line's start (a CI log's ISO 8601
	# with a varying fraction, syslog's with host and tag, a bracketed one)
	awk '{ printf "2023-05-01T10:00:%02d.%dZ %s\n", NR % 60, NR * 7, $0 }' "$real" >"$T/ci.log"
	expect_success "$IOSWEEP" import "$T/ci.log" --out "$T/ci$n"
	same_figures "$T/plain$n" "$T/ci$n"
	sed 's/^/Dec  2 05:18:08 nas1 bench[123]: /' "$real" >"$T/syslog.log"
	expect_success "$IOSWEEP" import "$T/syslog.log" --out "$T/syslog$n"
	same_figures "$T/plain$n" "$T/syslog$n"
	sed 's/^/[2020-01-01 10:00:00] /' "$real" >"$T/bracket.log"
	expect_success "$IOSWEEP" import "$T/bracket.log" --out "$T/bracket$n"
	same_figures "$T/plain$n" "$T/bracket$n"

	# 4c. quoted in Markdown ("> "), nested, around a fence
	{ printf 'They wrote:\n\n'; sed 's/^/> > /' "$real"; } >"$T/quote.md"
	expect_success "$IOSWEEP" import "$T/quote.md" --out "$T/quote$n"
	same_figures "$T/plain$n" "$T/quote$n"
	{ printf '> ```\n'; sed 's/^/> /' "$real"; printf '> ```\n'; } >"$T/qfence.md"
	expect_success "$IOSWEEP" import "$T/qfence.md" --out "$T/qfence$n"
	same_figures "$T/plain$n" "$T/qfence$n"

	# 5. after (and before) a wrapper script's lines
	{ printf '+ ./bench.sh /mnt/nas\nstarting iozone at 10:00\nkB  is what we measure\n'
	  cat "$real"; printf 'done in 42 s\nuploading results...\n'; } >"$T/wrapper.log"
	expect_success "$IOSWEEP" import "$T/wrapper.log" --out "$T/wrapper$n"
	same_figures "$T/plain$n" "$T/wrapper$n"
done

# 6. two reports in one file: a set each (labels #1, #2), or --pick
{ echo 'first run:'; cat "$R/rovanion-ext4_1.iozone"; echo 'second run:'; cat "$R/rovanion-xfs1.iozone"; } >"$T/two.log"
expect_success "$IOSWEEP" import "$R/rovanion-xfs1.iozone" --out "$T/xfs"
expect_success "$IOSWEEP" import "$T/two.log" --out "$T/two"
same_figures "$T/plain2" "$T/two/1"
same_figures "$T/xfs" "$T/two/2"
check grep -q '^label,two#1$' "$T/two/1/meta.csv"
check grep -q '^label,two#2$' "$T/two/2/meta.csv"
check grep -qx "$T/two/1" "$T/err"
check grep -qx "$T/two/2" "$T/err"
expect_success "$IOSWEEP" import "$T/two.log" --pick 2 --out "$T/pick2"
same_figures "$T/xfs" "$T/pick2"
check grep -q '^label,two$' "$T/pick2/meta.csv"
expect_failure 4 "$IOSWEEP" import "$T/two.log" --pick 3 --out "$T/pick3"
check grep -q "two.log: --pick 3, but the file holds 2 reports" "$T/err"
check test ! -e "$T/pick3"
expect_failure 2 "$IOSWEEP" import "$T/two.log" --pick 0 --out "$T/pick0"
# as one of several trials, a file of two reports needs --pick
expect_failure 4 "$IOSWEEP" import "$T/two.log" "$R/rovanion-xfs1.iozone" --out "$T/trials"
check grep -q "two.log:[0-9]*: a second report in one file" "$T/err"
check test ! -e "$T/trials"

# 7. interrupted mid-table: the finished rows, marked partial
real="$R/rovanion-ext4_1.iozone"
first=$(grep -n '^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]' "$real" | head -n 1 | cut -d: -f1)
keep=$((first + 39))
{ head -n "$keep" "$real"
  sed -n "$((keep + 1))p" "$real" | awk '{ printf "%16s%8s%8s%8s", $1, $2, $3, $4 }'
  printf '\niozone: interrupted\n\nexiting iozone\n\n'; } >"$T/stopped.txt"
expect_success "$IOSWEEP" import "$T/stopped.txt" --out "$T/stopped"
# the plain import's figures of the 40 finished rows
head -n "$keep" "$real" | awk -v f="$first" 'NR >= f { print $1 "," $2 }' | sort -u >"$T/cells"
figures "$T/plain2" | awk -F, 'FILENAME == ARGV[1] { c[$0]; next } ($2 "," $3) in c' "$T/cells" - >"$T/want.fig"
figures "$T/stopped" >"$T/got.fig"
check test "$(wc -l <"$T/got.fig")" -eq $((40 * 13))
check cmp -s "$T/want.fig" "$T/got.fig"
check grep -q "stopped.txt:$((keep + 2)): partial: interrupted after 40 rows; the unfinished row at line $((keep + 1)) is left out" "$T/err"
check grep -q '^status,partial: interrupted after 40 rows$' "$T/stopped/meta.csv"
# without IOzone's word it is a truncated report, as before
head -n "$keep" "$real" >"$T/cut.txt"
expect_failure 4 "$IOSWEEP" import "$T/cut.txt" --out "$T/cut"
check grep -q "cut.txt:$keep: the report ends before 'iozone test complete.': truncated" "$T/err"

# 8. a table whose header lines were cut: refused without --command, in one line
real="$R/psteinb-iozone.out"
{ printf 'We ran `iozone -a -n 1g -g 2g -y 512k -q 4m`:\n\n```\n'
  sed -n '/random *random/,/^ *2097152 *4096/p' "$real"; printf '```\n'; } >"$T/cut.md"
expect_failure 4 "$IOSWEEP" import "$T/cut.md" --out "$T/nocmd"
check test "$(wc -l <"$T/err")" -eq 1
check grep -q "cut.md:5: a table without IOzone's header .*--command" "$T/err"
check test ! -e "$T/nocmd"
expect_success "$IOSWEEP" import "$T/cut.md" --command "iozone -a -n 1g -g 2g -y 512k -q 4m" --out "$T/cmd"
same_figures "$T/plain1" "$T/cmd"
check grep -q '^command_line,iozone -a -n 1g -g 2g -y 512k -q 4m$' "$T/cmd/meta.csv"
# the command line says how many figures a row holds, as the header's does
{ printf '```\n'; sed -n '/random *random/,/^ *8192 *8192/p' "$I/01_a_n64k_g8m_i0_i1.txt"; printf '```\n'; } >"$T/cut01.md"
expect_failure 4 "$IOSWEEP" import "$T/cut01.md" --command "iozone -a" --out "$T/badcmd"
check grep -q "cut01.md:4: rows of 4 figures where the command line (no -i: every test of the column header) implies 13" "$T/err"
expect_success "$IOSWEEP" import "$T/cut01.md" --command "iozone -a -n 64k -g 8m -i 0 -i 1" --out "$T/cmd01"
same_figures "$T/plain4" "$T/cmd01"
# and its -O makes the figures operations per second
expect_success "$IOSWEEP" import "$T/cut.md" --command "iozone -a -O" --out "$T/ops"
check grep -q '^source_unit,ops_per_s$' "$T/ops/meta.csv"

# 9. the published pages: the runs in them, every figure as printed
expect_success "$IOSWEEP" import "$P/harsh97-compcache-zcacheIOzone.md" \
	--command "iozone -a -M -B -s 1G -y 4k -+u -R -b iozone.xls" --out "$T/zc"
check test "$(awk 'END { print NR - 1 }' "$T/zc/1/results.csv")" -eq $((13 * 9))
check test "$(awk 'END { print NR - 1 }' "$T/zc/2/results.csv")" -eq $((13 * 9))
check grep -q ',stride read,1048576,16384,0,,,126241.000,' "$T/zc/1/results.csv"
check grep -q ',write,1048576,4,0,,,81631.000,' "$T/zc/2/results.csv"
expect_success "$IOSWEEP" import "$P/ThomasKaiser-Knowledge-Quick_Preview_of_ODROID-H2.md" \
	--command "iozone -e -I -a -s 100M -r 4k -r 16k -r 512k -r 1024k -r 16384k -i 0 -i 1 -i 2" --out "$T/h2"
check grep -q ',random write,2048000,16384,0,,,1351675.000,' "$T/h2/3/results.csv"
check grep -q '^flags,"direct,fsync,imported"$' "$T/h2/3/meta.csv"

# 10. a 0 in the table (no measurement) is said, not dropped without a word
expect_success "$IOSWEEP" import "$I/24_s4m_r64k_i0_i1_plus_n_noretest.txt" --out "$T/zero"
check grep -q "24_s4m_r64k_i0_i1_plus_n_noretest.txt:[0-9]*: 2 figures are 0, IOzone's mark for no measurement, left out: rewrite (1), reread (1)" "$T/err"

# 11. the refusals that protect the data hold inside a code block
for real in "$R/psteinb-iozone.out" "$R/rovanion-ext4_1.iozone"; do
	awk '/^ +[0-9]+ +[0-9]+ +[0-9]/ { sub(/^ +[0-9]+ +[0-9]+ +[0-9]+/, sprintf("%16s%8s", $1, $2)) } { print }' \
		"$real" >"$T/shifted.txt"
	row=$(grep -n '^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]' "$T/shifted.txt" | head -n 1 | cut -d: -f1)
	{ printf '```\n'; cat "$T/shifted.txt"; printf '```\n'; } >"$T/shifted.md"
	expect_failure 4 "$IOSWEEP" import "$T/shifted.md" --out "$T/shifted"
	check grep -q "shifted.md:$((row + 1)): rows of 12 figures where the command line" "$T/err"
	check test ! -e "$T/shifted"
	# and in a log or a quote
	sed 's/^/2023-05-01T10:00:00Z /' "$T/shifted.txt" >"$T/shifted.log"
	expect_failure 4 "$IOSWEEP" import "$T/shifted.log" --out "$T/shifted"
	check grep -q "shifted.log:$row: rows of 12 figures where the command line" "$T/err"
	sed 's/^/> /' "$T/shifted.txt" >"$T/shiftedq.md"
	expect_failure 4 "$IOSWEEP" import "$T/shiftedq.md" --out "$T/shifted"
	check grep -q "shiftedq.md:$row: rows of 12 figures where the command line" "$T/err"
	check test ! -e "$T/shifted"
done
# torn: cut inside a row, plain and in an indented block
head -c 20000 "$R/rovanion-ext4_1.iozone" >"$T/torn.iozone"
expect_failure 4 "$IOSWEEP" import "$T/torn.iozone" --out "$T/torn"
check grep -q "torn.iozone:[0-9][0-9]*: .*truncated" "$T/err"
{ printf 'text\n\n'; sed 's/^/    /' "$T/torn.iozone"; } >"$T/torn.md"
expect_failure 4 "$IOSWEEP" import "$T/torn.md" --out "$T/torn"
check grep -q "torn.md:[0-9][0-9]*: .*truncated" "$T/err"
# a row missing a value in a fence: the file's own line is named
sed '30s/ 4274062/        /' "$I/01_a_n64k_g8m_i0_i1.txt" | { printf 'x\n```\n'; cat; printf '```\n'; } >"$T/missing.md"
expect_failure 4 "$IOSWEEP" import "$T/missing.md" --out "$T/missing"
check grep -q "missing.md:32: .*missing" "$T/err"
check test ! -e "$T/missing"

finish
