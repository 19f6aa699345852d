#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import_wrapped.sh: `iosweep import` on real IOzone reports as people
# publish them: in a Markdown code block, indented four spaces or a tab,
# in HTML with <br> and entities, with terminal colour codes and CRLF,
# in a log with a time stamp on every line, quoted in Markdown ("> "),
# after a wrapper script's lines, two in one file, interrupted mid-table,
# without their header (its command line from --command, from the text
# above it, or none), and the shapes of tests/data/import-published: an
# article of small tables each after its command line in backticks, a
# pasted report whose splash was cut, a blog post's one small table.
# Each wrapped import must give every figure of the plain report's
# import (test, sizes, trial, kB/s of results.csv), or of the text, and
# the refusals that protect the data stay: a shifted or torn table, a
# row of the wrong length, a header that does not match its rows.
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

# text_figures FILE K COLS [ops]: the figures of the Kth table of FILE as
# figures() prints them, read from the text: COLS names the tests of a
# row's figures in order (a comma list); with ops a figure is operations
# per second, kB/s times the record size
text_figures() {
	awk -v k="$2" -v cols="$3" -v ops="${4:-0}" '
		BEGIN { split(cols, c, ",") }
		/kB +reclen/ { t++; on = 1; next }
		on && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ {
			for (i = 3; t == k && i <= NF; i++)
				printf "%s,%s,%s,0,%.3f\n", c[i - 2], $1, $2, ops ? $i * $2 : $i
			next
		}
		/[^ \t]/ { on = 0 }' "$1" | sort
}

# as_text FILE K COLS DIR [ops]: DIR holds every figure of FILE's Kth
# table, equal to the text, and no other
as_text() {
	text_figures "$1" "$2" "$3" "${5:-0}" >"$T/want.fig"
	figures "$4" >"$T/got.fig"
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

	# 4d. pasted with IOzone's splash cut: from "Command line used:" on,
	# or from the column header on (no command line: the header's tests)
	{ printf 'Our run:\n\n```\n'; sed -n '/Command line used/,$p' "$real"; printf '```\n'; } >"$T/splash.md"
	expect_success "$IOSWEEP" import "$T/splash.md" --out "$T/splash$n"
	same_figures "$T/plain$n" "$T/splash$n"
	{ printf 'Our run:\n\n```\n'; sed -n '/random *random/,$p' "$real"; printf '```\n'; } >"$T/nosplash.md"
	expect_success "$IOSWEEP" import "$T/nosplash.md" --out "$T/nosplash$n"
	same_figures "$T/plain$n" "$T/nosplash$n"
	check grep -q "nosplash.md:5: a table without IOzone's header or a command line" "$T/err"

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

# 8. a table whose header lines were cut: the command line in the sentence
# above it stands for them, as --command does
real="$R/psteinb-iozone.out"
{ printf 'We ran `iozone -a -n 1g -g 2g -y 512k -q 4m`:\n\n```\n'
  sed -n '/random *random/,/^ *2097152 *4096/p' "$real"; printf '```\n'; } >"$T/cut.md"
expect_success "$IOSWEEP" import "$T/cut.md" --out "$T/prose"
same_figures "$T/plain1" "$T/prose"
check grep -q '^command_line,iozone -a -n 1g -g 2g -y 512k -q 4m$' "$T/prose/meta.csv"
check grep -q "cut.md:5: a table without IOzone's header: its command line is the one the text gives at line 1: iozone -a -n 1g -g 2g -y 512k -q 4m$" "$T/err"
expect_success "$IOSWEEP" import "$T/cut.md" --command "iozone -a -n 1g -g 2g -y 512k -q 4m" --out "$T/cmd"
same_figures "$T/plain1" "$T/cmd"
check grep -q '^command_line,iozone -a -n 1g -g 2g -y 512k -q 4m$' "$T/cmd/meta.csv"
# no command line anywhere: the column header's tests, kB/s, said so
sed 1d "$T/cut.md" >"$T/nocmd.md"
expect_success "$IOSWEEP" import "$T/nocmd.md" --out "$T/nocmd"
same_figures "$T/plain1" "$T/nocmd"
check grep -q '^command_line,$' "$T/nocmd/meta.csv"
check grep -q "nocmd.md:4: a table without IOzone's header or a command line: its figures are kB/s (IOzone's default), its tests those of the column header" "$T/err"
# a sentence's command line that is not this table's (no such -s): left, said why
{ printf 'Before, `iozone -a -s 512m -i 0 -i 1` on the old disk; now:\n\n'; cat "$T/nocmd.md"; } >"$T/other.md"
expect_success "$IOSWEEP" import "$T/other.md" --out "$T/other"
same_figures "$T/plain1" "$T/other"
check grep -q '^command_line,$' "$T/other/meta.csv"
check grep -q "other.md:6: the command line at line 1 is not this table's (line 7 has a file size its -s does not name (1048576 kB / 512 kB)): iozone -a -s 512m -i 0 -i 1" "$T/err"
# the command line says how many figures a row holds, as the header's does
{ printf '```\n'; sed -n '/random *random/,/^ *8192 *8192/p' "$I/01_a_n64k_g8m_i0_i1.txt"; printf '```\n'; } >"$T/cut01.md"
expect_failure 4 "$IOSWEEP" import "$T/cut01.md" --command "iozone -a" --out "$T/badcmd"
check grep -q "cut01.md:4: rows of 4 figures where the command line (no -i: every test of the column header) implies 13" "$T/err"
expect_success "$IOSWEEP" import "$T/cut01.md" --command "iozone -a -n 64k -g 8m -i 0 -i 1" --out "$T/cmd01"
same_figures "$T/plain4" "$T/cmd01"
# without one, 4 figures under 13 columns: where they sit says their tests
expect_success "$IOSWEEP" import "$T/cut01.md" --out "$T/where01"
same_figures "$T/plain4" "$T/where01"
# and its -O makes the figures operations per second
expect_success "$IOSWEEP" import "$T/cut.md" --command "iozone -a -O" --out "$T/ops"
check grep -q '^source_unit,ops_per_s$' "$T/ops/meta.csv"

# 9. the published pages: the runs in them, every figure as printed, with
# the command line given, or the one their text gives
for how in given text; do
if [ $how = given ]; then cz="-a -M -B -s 1G -y 4k -+u -R -b iozone.xls"
else cz=; fi
expect_success "$IOSWEEP" import "$P/harsh97-compcache-zcacheIOzone.md" \
	${cz:+--command "iozone $cz"} --out "$T/zc$how"
check test "$(awk 'END { print NR - 1 }' "$T/zc$how/1/results.csv")" -eq $((13 * 9))
check test "$(awk 'END { print NR - 1 }' "$T/zc$how/2/results.csv")" -eq $((13 * 9))
check grep -q ',stride read,1048576,16384,0,,,126241.000,' "$T/zc$how/1/results.csv"
check grep -q ',write,1048576,4,0,,,81631.000,' "$T/zc$how/2/results.csv"
check grep -q '^command_line,iozone -a -M -B -s 1G -y 4k -+u -R -b iozone.xls$' "$T/zc$how/2/meta.csv"
done
expect_success "$IOSWEEP" import "$P/ThomasKaiser-Knowledge-Quick_Preview_of_ODROID-H2.md" --out "$T/h2text"
check grep -q ',random write,2048000,16384,0,,,1351675.000,' "$T/h2text/3/results.csv"
check grep -q '^flags,"direct,fsync,imported"$' "$T/h2text/3/meta.csv"
check grep -q "H2.md:41: a table without IOzone's header: its command line is the one the text gives at line 38: iozone -e -I -a -s 100M" "$T/err"
for k in 1 2 3; do
	check test "$(awk 'END { print NR - 1 }' "$T/h2text/$k/results.csv")" -eq $((6 * 6))
done

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

# 12. the shapes people publish without IOzone's header (tests/data)
DP="$TOP/tests/data/import-published"
RW=write,rewrite,read,reread
# an article: three small tables, each after a sentence with its command
# line in backticks (the second's runs over two lines): a set each, with
# its own command line, grid and unit, every figure as the text has it
expect_success "$IOSWEEP" import "$DP/article-tables.md" --out "$T/art"
check test "$(ls "$T/art" | wc -l)" -eq 3
as_text "$DP/article-tables.md" 1 "$RW" "$T/art/1"
as_text "$DP/article-tables.md" 2 "$RW,random read,random write" "$T/art/2"
as_text "$DP/article-tables.md" 3 "write,rewrite,random read,random write" "$T/art/3" ops
check grep -q '^command_line,iozone -a -s 1g -r 4k -r 64k -r 1m -i 0 -i 1 -f /mnt/ssd/io.tmp$' "$T/art/1/meta.csv"
check grep -q '^command_line,iozone -a -I -s 4g -r 64k -r 16m -i 0 -i 1 -i 2 -f /mnt/nvme/io.tmp$' "$T/art/2/meta.csv"
check grep -q '^flags,"direct,imported"$' "$T/art/2/meta.csv"
check grep -q '^flags,imported$' "$T/art/1/meta.csv"
check grep -q '^source_unit,ops_per_s$' "$T/art/3/meta.csv"
check grep -q '^source_unit,kb_per_s$' "$T/art/2/meta.csv"
check grep -q "article-tables.md:26: a table without IOzone's header: its command line is the one the text gives at line 23: iozone -a -I" "$T/err"
# a report pasted with its splash cut: its own command line and unit
# lines; and one cut down to its column header, all 13 tests
expect_success "$IOSWEEP" import "$DP/pasted-report.md" --out "$T/paste"
as_text "$DP/pasted-report.md" 1 "$RW" "$T/paste"
check grep -q '^command_line,iozone -a -n 64k -g 512k -i 0 -i 1 -f /mnt/nas/io.tmp$' "$T/paste/meta.csv"
check test "$(grep -c "without IOzone's header" "$T/err")" -eq 0
expect_success "$IOSWEEP" import "$DP/pasted-report-nocmd.md" --out "$T/paste13"
as_text "$DP/pasted-report-nocmd.md" 1 "$RW,random read,random write,bkwd read,record rewrite,stride read,fwrite,frewrite,fread,freread" "$T/paste13"
# a blog post's one small table: no command line (the header's tests, by
# where the figures sit), or one at a prompt in its code block
expect_success "$IOSWEEP" import "$DP/blog-post.md" --out "$T/blog"
as_text "$DP/blog-post.md" 1 "$RW" "$T/blog"
check grep -q "blog-post.md:11: a table without IOzone's header or a command line: its figures are kB/s (IOzone's default)" "$T/err"
expect_success "$IOSWEEP" import "$DP/blog-prompt.md" --out "$T/prompt"
as_text "$DP/blog-prompt.md" 1 "$RW,random read,random write" "$T/prompt"
check grep -q '^command_line,iozone -a -s 128m -r 4k -r 512k -i 0 -i 1 -i 2$' "$T/prompt/meta.csv"
# the refusals inside such pages, each naming the line
for bad in "shifted.md:27: rows of 5 figures where the command line at line 23 (its -i tests) implies 6: the table is shifted" \
	"torn.md:14: 2 figures where the other rows have 4: a value is missing" \
	"length.md:15: 5 figures where the other rows have 4: a value is missing or extra" \
	"header.md:12: more figures than the column header has columns" \
	"layout.md:12: rows of 4 figures under a column header of 13, not where its columns are"; do
	f=bad-${bad%%:*}
	expect_failure 4 "$IOSWEEP" import "$DP/$f" --out "$T/bad"
	check grep -q "$f:${bad#*:}" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	check test ! -e "$T/bad"
done
# a torn row whose rest went to a line of its own ends no table quietly
{ sed -n '1,/^ *1048576 *64 /p' "$DP/article-tables.md" | sed '$s/ *1499836 .*//'
  printf '   1499836\n```\n'; } >"$T/rest.md"
expect_failure 4 "$IOSWEEP" import "$T/rest.md" --out "$T/bad"
check grep -q "rest.md:15: unexpected line in the result table: '1499836'" "$T/err"

finish
