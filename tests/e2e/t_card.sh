#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_card.sh: `iosweep card` and `iosweep nas` without root.  The card of
# real sweeps (a folder of result folders) shows the rows they ran with
# the very figures of their summary.csv rows, in text and Markdown, and
# says which rows are missing; an imported IOzone report gives the rows
# it can (RND4K Q1T1 from -a's 4 kB random cells) and names the others;
# a files.csv adds the small-file rate; the image script renders with
# gnuplot.  `iosweep nas --dry-run` prints the plan (the cache search
# without --nas-ram, the record sizes the budget takes) and writes nothing;
# a short real `iosweep nas` run ends with a card whose four rows equal
# its folders' summary.csv rows.  Bad input: one line, the right exit.
# e2e: alone (its guided run grows files until the curve settles)
. "$(dirname "$0")/lib.sh"

FX="$TOP/../shared/fixtures/iozone"
[ -d "$FX" ] || FX="/work/shared/fixtures/iozone"

. "$TOP/tests/e2e/card.sh"

# ---- two real sweeps in one folder: SEQ1M Q1T1 and RND4K Q1T1
mkdir -p "$T/runs"
expect_success "$IOSWEEP" -s 4m -s 8m -r 1m -i 0 -i 1 -+n --trials 2 --quiet \
	-f "$T/seq.tmp" --out "$T/runs/seq"
expect_success "$IOSWEEP" -s 8m -r 4k -i 0 -i 2 -+n --trials 2 --quiet \
	-f "$T/rnd.tmp" --out "$T/runs/rnd"
expect_success "$IOSWEEP" card "$T/runs" --card md
cp "$T/out" "$T/card.md"
check row_matches "$T/card.md" "SEQ1M Q1T1" "$T/runs/seq/summary.csv" read write 8192 1024
check row_matches "$T/card.md" "RND4K Q1T1" "$T/runs/rnd/summary.csv" "random read" "random write" 8192 4
# a Markdown table: the header, the alignment row, four rows of 6 bars
check grep -q '^| Test | Read MB/s | Write MB/s | Read IOPS | Write IOPS |$' "$T/card.md"
check grep -q '^|---|---:|---:|---:|---:|$' "$T/card.md"
check test "$(grep -c '^| \(SEQ1M\|RND4K\) Q[0-9]*T[0-9]* |.*|.*|.*|.*|$' "$T/card.md")" -eq 4
check grep -q '^| SEQ1M Q8T1 | - | - | - | - |$' "$T/card.md"
check grep -q '^Not in this run: SEQ1M Q8T1 (no sequential I/O of 1 MB records at queue depth 8, 1 thread); RND4K Q32T16 ' "$T/card.md"
# the command behind each row, as the sweep recorded it
check grep -q "^iosweep -s 8m -r 4k -i 0 -i 2 -+n --trials 2 --quiet -f $T/rnd.tmp --out $T/runs/rnd\$" "$T/card.md"
# text: the same figures in columns
expect_success "$IOSWEEP" card "$T/runs"
want=$(mb "$(summary_col "$T/runs/rnd/summary.csv" "random read" 8192 4 mean)")
check grep -q "^RND4K Q1T1  *$want " "$T/out"
check grep -q '^Verdicts$' "$T/out"

# ---- an imported IOzone report: the 4 kB random cells give RND4K Q1T1
expect_success "$IOSWEEP" card "$FX/02_a_n64k_g4m_alltests.txt" --card md
cp "$T/out" "$T/iozone.md"
expect_success "$IOSWEEP" import "$FX/02_a_n64k_g4m_alltests.txt" --out "$T/imp"
check row_matches "$T/iozone.md" "RND4K Q1T1" "$T/imp/summary.csv" "random read" "random write" 4096 4
check row_matches "$T/iozone.md" "SEQ1M Q1T1" "$T/imp/summary.csv" read write 4096 1024
check grep -q '^Not in this run: SEQ1M Q8T1 (no sequential I/O of 1 MB records at queue depth 8, 1 thread); RND4K Q32T16 (no random I/O of 4 kB records at queue depth 32, 16 threads)\.$' "$T/iozone.md"
check grep -q '^### iozone ' "$T/iozone.md"
# a report with no row at all still prints, and says so
expect_success "$IOSWEEP" card "$FX/04_s16m_r64k_i0_i1_i2.txt"
check grep -q '^Not in this run: SEQ1M Q8T1 .*RND4K Q1T1 ' "$T/out"

# ---- the small-file rate from a files.csv
expect_success "$IOSWEEP" files --count 40 --file-size 4k --trials 2 --dir "$T" --out "$T/runs/files"
expect_success "$IOSWEEP" card "$T/runs"
rate=$(awk -F, '$2 == "create" && $3 == "all" { s += $9; n++ } END { printf "%.0f", s / n }' "$T/runs/files/files.csv")
check grep -q "^  small files: $rate files/s created, " "$T/out"

# ---- the image
if command -v gnuplot >/dev/null 2>&1; then
	expect_success "$IOSWEEP" card "$T/runs" --card png --out "$T/img"
	check test -s "$T/img/card.png"
	check grep -q "RND4K Q1T1" "$T/img/card.gp"
	expect_success "$IOSWEEP" card "$T/runs" --card svg --out "$T/img"
	check grep -q '<svg' "$T/img/card.svg"
else
	echo "note: gnuplot not installed: the card image is not rendered"
fi

# ---- bad input: one line naming what is wrong
expect_failure 2 "$IOSWEEP" card "$T/nowhere"
check one_line_error
check grep -q "nowhere': no such file or folder" "$T/err"
expect_failure 2 "$IOSWEEP" card "$T/runs" --card bogus
check grep -q "^iosweep card: --card 'bogus': not a format (text, md, png, svg)$" "$T/err"
expect_failure 2 "$IOSWEEP" card "$T/runs" --link 12parsecs
check one_line_error
printf 'stream | too fast | read | 737mbit | 0 | 200\n' > "$T/bad.workloads"
expect_failure 4 "$IOSWEEP" card "$T/runs" --workloads "$T/bad.workloads"
check grep -q "bad.workloads:1: streams '0'" "$T/err"
check one_line_error
mkdir -p "$T/badfiles"
printf 'trial,phase,job,calls\n0,create,all\n' > "$T/badfiles/files.csv"
expect_failure 4 "$IOSWEEP" card "$T/badfiles/files.csv"
check grep -q "files.csv:2: expected 13 fields" "$T/err"
mkdir -p "$T/empty"
expect_failure 4 "$IOSWEEP" card "$T/empty"
check grep -q "holds no result folder" "$T/err"

# ---- iosweep nas: bad input, the dry run, a short real run
expect_failure 2 "$IOSWEEP" nas
check grep -q '^iosweep nas: name the folder on the NAS to test' "$T/err"
expect_failure 2 "$IOSWEEP" nas "$T" --budget 10x
check grep -q "^iosweep nas: --budget '10x': not a duration" "$T/err"
expect_failure 2 "$IOSWEEP" nas "$T" --nas-ram lots
check grep -q "^iosweep nas: --nas-ram 'lots': " "$T/err"
expect_failure 2 "$IOSWEEP" nas "$T/nowhere"
check one_line_error
mkdir -p "$T/share"
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 3m --out "$T/dry"
check grep -q '^iosweep nas: plan for ' "$T/out"
check grep -q '^  estimated time: [0-9]* s' "$T/out"
check grep -q 'SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T16, RND4K Q1T1' "$T/out"
check test ! -e "$T/dry"
check test -z "$(ls -A "$T/share")"
# no --nas-ram: a search for the cache, planned at its worst case; a short
# budget sweeps 1 MB records alone and names the record sizes it leaves out
check grep -q '^  1. sweep: up to [0-9]* file sizes, 16 MB to [0-9.]* [MG]B (the worst case: from 64 MB the files double until every curve has fallen at a cache cliff and two sizes past it agree within 15%, or .* ends it; ' "$T/out"
check grep -q '^     record sizes 1 MB (the budget leaves out 4 kB, 16 MB, 64 kB, 512 kB, 16 kB; a longer --budget takes them)$' "$T/out"
# --nas-ram: twice it, no search; two hours on 10 GbE take every record size
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 2h --link 10gbe --nas-ram 128m
check grep -q '^  1. sweep: 5 file sizes, 16 MB to 256 MB (twice --nas-ram), ' "$T/out"
check grep -q '^     record sizes 1 MB, 4 kB, 16 MB, 64 kB, 512 kB, 16 kB$' "$T/out"
check grep -q '^  3. queue depth (CrystalDiskMark.s cells) on a 256 MB file, ' "$T/out"
# a budget too short for the qd cells' 2 s file: the smallest, and said
expect_success "$IOSWEEP" nas "$T/share" --dry-run --budget 30s --no-files
check grep -q '^  3. queue depth (CrystalDiskMark.s cells) on a 16 MB file (the budget allows no larger one: a NAS.s cache may hold it), ' "$T/out"

expect_success "$IOSWEEP" nas "$T/share" --budget 30s --no-files --out "$T/nas" --card md
cp "$T/out" "$T/nas.md"
check grep -q '^  estimated time: [0-9]* s' "$T/nas.md"
# the qd cells read with -I exactly when the plan says the share takes it
# (a disk file system does, tmpfs does not), and the probe leaves nothing
if grep -q '^     direct I/O (-I), as CrystalDiskMark' "$T/nas.md"; then
	check test "$(grep -c '^# [A-Z0-9]* Q[0-9]*T[0-9]*: iosweep .* -I ' "$T/nas.md")" -eq 4
else
	check grep -q '^     buffered: the share takes no direct I/O' "$T/nas.md"
	check test "$(grep -c '^# [A-Z0-9]* Q[0-9]*T[0-9]*: iosweep .* -I ' "$T/nas.md")" -eq 0
fi
check test ! -e "$T/share/iosweep-nas-direct.tmp"
for slug in seq1m-q8t1 seq1m-q1t1 rnd4k-q32t16 rnd4k-q1t1; do
	check has_rows "$T/nas/$slug/summary.csv"
done
fk=$(awk -F, 'NR == 2 { print $3 }' "$T/nas/seq1m-q8t1/summary.csv")
check row_matches "$T/nas.md" "SEQ1M Q8T1" "$T/nas/seq1m-q8t1/summary.csv" read write "$fk" 1024
check row_matches "$T/nas.md" "SEQ1M Q1T1" "$T/nas/seq1m-q1t1/summary.csv" read write "$fk" 1024
check row_matches "$T/nas.md" "RND4K Q32T16" "$T/nas/rnd4k-q32t16/summary.csv" "random read" "random write" "$fk" 4
check row_matches "$T/nas.md" "RND4K Q1T1" "$T/nas/rnd4k-q1t1/summary.csv" "random read" "random write" "$fk" 4
check test -s "$T/nas/sweep/report.html"
check test -s "$T/nas/card.md"
# stdout is the plan, then the card that card.md keeps
tail -n "$(wc -l < "$T/nas/card.md")" "$T/nas.md" > "$T/nas-card.md"
check cmp -s "$T/nas/card.md" "$T/nas-card.md"
check grep -q '^iosweep nas: took [0-9]* s of an estimated [0-9]* s; results in ' "$T/err"
# nothing left on the share but the test file's absence
check test -z "$(ls -A "$T/share")"
# the card again from the folder: the same card
expect_success "$IOSWEEP" card "$T/nas" --card md
check cmp -s "$T/out" "$T/nas/card.md"

finish
