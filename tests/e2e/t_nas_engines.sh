#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_engines.sh: a build without io_uring still finishes `iosweep nas`
# and `iosweep profile`.  IOSWEEP_ENGINES hides the engines it does not
# name, so this build behaves as one built without liburing
# (IOSWEEP_ENGINES=sync,threads) or with no deep engine at all
# (IOSWEEP_ENGINES=sync):
#  - --version names the engines this build can pick, and the hidden ones;
#  - --iodepth 8 without io_uring runs on the threads engine: 8 in flight,
#    every row moves exactly the file, meta.csv names the engine;
#  - with no deep engine, --iodepth 8 is refused before anything is written;
#  - `iosweep nas --dry-run` plans the Q8T1 and Q32T16 cells with threads,
#    or leaves them out with one line each when no engine keeps the depth;
#  - a short real `iosweep nas` without io_uring exits 0 with a whole card
#    (every section, the four rows equal to their summary.csv rows) whose
#    engine line names threads for the deep cells;
#  - a guided run's left-out.txt puts one "Left out:" line per row on the
#    card in place of "Not in this run";
#  - `iosweep profile` leaves out a workload no engine can keep deep (one
#    line when checked, one under the table), runs the rest and exits 0;
#    with nothing left to run it is refused before anything runs.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/e2e/card.sh"

NOURING=sync,threads

# ---- --version
expect_success env IOSWEEP_ENGINES=$NOURING "$IOSWEEP" --version
check grep -q '^iosweep [0-9]' "$T/out"
# (a build without liburing has no io_uring to hide, and says why)
check grep -q '^engines: sync, threads; io_uring: \(hidden by IOSWEEP_ENGINES\|no (.*liburing.*)\)$' "$T/out"
expect_success env IOSWEEP_ENGINES=sync "$IOSWEEP" --version
check grep -q '^engines: sync; .*threads: hidden by IOSWEEP_ENGINES$' "$T/out"
expect_success "$IOSWEEP" --version
check grep -q '^engines: sync, .*threads' "$T/out"

# ---- depth 8 on the threads engine, or its refusal
expect_success env IOSWEEP_ENGINES=$NOURING "$IOSWEEP" -s 4m -r 4k -i 0 -i 1 -i 2 \
	--iodepth 8 --quiet -f "$T/d8.tmp" --out "$T/d8"
check grep -q '^workload,engine=threads iodepth=8 jobs=1' "$T/d8/meta.csv"
check grep -q '^inflight_max,8$' "$T/d8/meta.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{ if ($(c["bytes"]) != 4194304) print "bad: " $(c["test"]) " moved " $(c["bytes"]); n++ }
END { if (n != 6) print "bad: " n " rows" }' "$T/d8/results.csv" >"$T/bad"
check test ! -s "$T/bad"
sed 's/^/  /' "$T/bad" | head -n 5
expect_failure 2 env IOSWEEP_ENGINES=sync "$IOSWEEP" -s 4m -r 4k -i 0 --iodepth 8 \
	--quiet -f "$T/d8n.tmp" --out "$T/d8n"
check grep -q -- '--iodepth 8: .*IOSWEEP_ENGINES hides the others' "$T/err"
check test ! -e "$T/d8n"
check test ! -e "$T/d8n.tmp"

# ---- the plan: threads for the deep cells, or left out
mkdir -p "$T/share"
expect_success env IOSWEEP_ENGINES=$NOURING "$IOSWEEP" nas "$T/share" --dry-run --budget 3m
check grep -q '^     engines: SEQ1M Q8T1 threads, SEQ1M Q1T1 sync, RND4K Q32T16 threads, RND4K Q1T1 sync (threads: ' "$T/out"
check test "$(grep -c '^     left out: ' "$T/out")" -eq 0
expect_success env IOSWEEP_ENGINES=sync "$IOSWEEP" nas "$T/share" --dry-run --budget 3m
check grep -q '^     engines: SEQ1M Q1T1 sync, RND4K Q1T1 sync$' "$T/out"
check grep -q '^     left out: SEQ1M Q8T1, because --iodepth 8: ' "$T/out"
check grep -q '^     left out: RND4K Q32T16, because --iodepth 32: ' "$T/out"
check test -z "$(ls -A "$T/share")"

# ---- a whole run without io_uring
expect_success env IOSWEEP_ENGINES=$NOURING "$IOSWEEP" nas "$T/share" --budget 30s \
	--no-files --out "$T/nas" --card md
cp "$T/out" "$T/nas.md"
check grep -q '^     engines: SEQ1M Q8T1 threads, ' "$T/nas.md"
check grep -q '^Engines: SEQ1M Q8T1 threads, SEQ1M Q1T1 sync, RND4K Q32T16 threads, RND4K Q1T1 sync$' "$T/nas/card.md"
for s in '^### iosweep .* NAS card' '^| Test | Read MB/s' '^\*\*Sequential, 1 thread\*\*' \
	'^\*\*Verdicts\*\*' '^\*\*Commands behind each row\*\*'; do
	check grep -q "$s" "$T/nas/card.md"
done
check test "$(grep -c '^Not in this run' "$T/nas/card.md")" -eq 0
check test "$(grep -c '^Left out' "$T/nas/card.md")" -eq 0
check test ! -e "$T/nas/left-out.txt"
for slug in seq1m-q8t1 seq1m-q1t1 rnd4k-q32t16 rnd4k-q1t1; do
	check test -s "$T/nas/$slug/summary.csv"
done
check grep -q '^workload,engine=threads iodepth=8 jobs=1' "$T/nas/seq1m-q8t1/meta.csv"
check grep -q '^workload,engine=threads iodepth=32 jobs=16' "$T/nas/rnd4k-q32t16/meta.csv"
fk=$(awk -F, 'NR == 2 { print $3 }' "$T/nas/seq1m-q8t1/summary.csv")
check row_matches "$T/nas/card.md" "SEQ1M Q8T1" "$T/nas/seq1m-q8t1/summary.csv" read write "$fk" 1024
check row_matches "$T/nas/card.md" "RND4K Q32T16" "$T/nas/rnd4k-q32t16/summary.csv" "random read" "random write" "$fk" 4
check grep -q '^iosweep nas: took [0-9]* s of an estimated [0-9]* s; results in ' "$T/err"
check test -z "$(ls -A "$T/share")"

# ---- a left-out row on the card (the folder a run without the cell leaves)
cp -r "$T/nas" "$T/nas-lo"
rm -rf "$T/nas-lo/seq1m-q8t1" "$T/nas-lo/seq1m-q8t1.txt"
printf 'seq1m-q8t1: --iodepth 8: no engine here\n' >"$T/nas-lo/left-out.txt"
expect_success "$IOSWEEP" card "$T/nas-lo"
check grep -q '^Left out: SEQ1M Q8T1, because --iodepth 8: no engine here$' "$T/out"
check test "$(grep -c '^Not in this run' "$T/out")" -eq 0
check grep -q '^Engines: SEQ1M Q1T1 sync, RND4K Q32T16 threads, RND4K Q1T1 sync$' "$T/out"

# ---- profile: a workload no engine keeps deep is left out, the rest run
cat >"$T/p.profile" <<PEOF
deep | -r 4k -i 0 -i 2 -+n --jobs 2 --iodepth 4
flat | -r 4k -i 0 -i 2 -+n --jobs 2
PEOF
expect_success env IOSWEEP_ENGINES=sync "$IOSWEEP" profile "$T/p.profile" --size 4m \
	--file "$T/p.tmp" --out "$T/p"
check grep -q "^iosweep profile: left out: workload 'deep', because --iodepth 4: " "$T/err"
check grep -q '^left out: deep, because --iodepth 4: ' "$T/out"
check grep -q '^flat  *random read' "$T/out"
check test ! -e "$T/p/01-deep"
check test -s "$T/p/02-flat/results.csv"
check test "$(awk -F, '$2 == "flat"' "$T/p/profile.csv" | wc -l)" -eq 3
check test "$(awk -F, '$2 == "deep"' "$T/p/profile.csv" | wc -l)" -eq 0
expect_success env IOSWEEP_ENGINES=$NOURING "$IOSWEEP" profile "$T/p.profile" --size 4m \
	--file "$T/p.tmp" --out "$T/p2"
check grep -q '^workload,engine=threads iodepth=4 jobs=2' "$T/p2/01-deep/meta.csv"
printf 'deep | -r 4k -i 0 --iodepth 4\n' >"$T/d.profile"
expect_failure 2 env IOSWEEP_ENGINES=sync "$IOSWEEP" profile "$T/d.profile" --size 4m \
	--file "$T/p.tmp" --out "$T/p3"
check grep -q '^iosweep profile: no workload of .* can run here' "$T/err"
check test ! -e "$T/p3"

finish
