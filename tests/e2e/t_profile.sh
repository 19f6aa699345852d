#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_profile.sh: `iosweep profile` (issue 16).
#  - --list names the built-in profiles with their descriptions;
#  - a profile file with a random workload and a 70/30 mix at two points
#    of the thread x queue grid runs every workload: DIR/NN-NAME/ result
#    folders and NN-NAME.txt reports, DIR/profile.csv with a row per
#    workload and test (IOPS = rd + wr, the mixes' read share the reads
#    its fixed seeds choose of 512 operations, latency filled), the table on stdout, and the
#    bar and grid charts rendered by the real gnuplot (when installed);
#  - --plot draws two runs together, one bar (and grid line) per set;
#  - the built-in zfs-review runs on a small file (O_SYNC writes, 8 x 8,
#    at depth 1 where the build cannot keep 8 in flight);
#  - refused before anything runs: an unknown profile (exit 2), a
#    malformed file (exit 4, file and line), a workload whose options are
#    bad (exit 2, file and line), an existing run without --overwrite.
. "$(dirname "$0")/lib.sh"

expect_success "$IOSWEEP" profile --list
check grep -q '^enterprise  *the enterprise SSD review' "$T/out"
check grep -q '^zfs-review  *the ZFS review' "$T/out"

# Depth 4 where this build can keep it, else depth 1 (the engine is t_qd's).
QD=4
deep_engine || QD=1

cat >"$T/small.profile" <<PEOF
# small: two grid points and a random workload
4k-random   | -r 4k -i 0 -i 2 -+n --jobs 2 --iodepth $QD
mix-t1      | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 1 --iodepth $QD
mix-t2      | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth $QD
PEOF
expect_success "$IOSWEEP" profile "$T/small.profile" --size 4m --file "$T/t" --out "$T/p"
check grep -q '^IOPS and latency by workload' "$T/out"
check grep -q '^mix-t2  *random mix' "$T/out"
for n in 01-4k-random 02-mix-t1 03-mix-t2; do
	check test "$(awk 'NR > 1' "$T/p/$n/results.csv" | wc -l)" -gt 0
	check grep -q 'iozone test complete' "$T/p/$n.txt"
done
# the mixes' reads (lib.sh): 512 operations of 8 kB in 4 MiB, one
# worker (mix-t1) or two (mix-t2)
awk -F, -v w1="$(mix_reads 1 512 70)" -v w2="$(mix_reads 2 256 70)" \
	'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{
	n++; t = $(c["test"])
	io = $(c["iops"]); rd = $(c["rd_iops"]); wr = $(c["wr_iops"])
	if (!(io > 0) || rd + wr < io * 0.9999 || rd + wr > io * 1.0001) print "bad: iops of " t
	if ($(c["lat_mean_us"]) == "" || $(c["lat_max_us"]) == "") print "bad: latency of " t
	if (t == "random mix") {
		mixes++
		want = (mixes == 1 ? w1 : w2) / 512
		if (rd / io - want > 0.0005 || want - rd / io > 0.0005) print "bad: read share " rd / io ", not " want
		if ($(c["mix_read_pct"]) != 70) print "bad: mix column"
	}
}
END { if (n != 7 || mixes != 2) print "bad: " n " rows, " mixes " mixes" }' \
	"$T/p/profile.csv" >"$T/bad"
check test ! -s "$T/bad"
sed 's/^/  /' "$T/bad" | head -n 5
for c in bars-iops bars-lat-mean bars-lat-max bars-lat-sd bars-lat-p99 \
	grid-iops grid-lat-mean grid-lat-max grid-lat-sd; do
	check test -s "$T/p/plots/$c.gp"
done
if command -v gnuplot >/dev/null 2>&1; then
	check test -s "$T/p/plots/grid-iops.png"
	check test -s "$T/p/plots/bars-iops.png"
	# the grid has a line per thread count, the bars one set
	check grep -q "title '1 threads, 8 kB, 70% reads'" "$T/p/plots/grid-iops.gp"
	check grep -q "title '2 threads, 8 kB, 70% reads'" "$T/p/plots/grid-iops.gp"
	(cd "$T/p/plots" && gnuplot -e "term='dumb'" grid-iops.gp) >/dev/null 2>&1
	check test -s "$T/p/plots/grid-iops.txt"
else
	echo "note: gnuplot not installed, charts not rendered"
fi
# two runs on one chart: one bar per result set (the second relabelled)
mkdir -p "$T/p2"
sed 's/^[^,]*,/box B,/; 1s/^box B,/label,/' "$T/p/profile.csv" >"$T/p2/profile.csv"
expect_success "$IOSWEEP" profile --plot "$T/p" "$T/p2" --out "$T/both"
check grep -q "title 'box B'" "$T/both/bars-iops.gp"
check grep -q "title 'box B, 2 threads, 8 kB, 70% reads'" "$T/both/grid-iops.gp"
if command -v gnuplot >/dev/null 2>&1; then
	check test -s "$T/both/bars-lat-max.png"
fi
printf 'label,workload\nx,y\n' >"$T/p2/profile.csv"
expect_failure 4 "$IOSWEEP" profile --plot "$T/p2" --out "$T/both2"
check grep -q "profile.csv:1: no column test" "$T/err"

# the same run again: refused without --overwrite, nothing touched
expect_failure 2 "$IOSWEEP" profile "$T/small.profile" --size 4m --file "$T/t" --out "$T/p"
check grep -q 'holds a profile run already' "$T/err"

# the built-in zfs-review, small
if [ "$QD" = 4 ]; then
	expect_success "$IOSWEEP" profile zfs-review --size 2m --file "$T/zf" --out "$T/z"
	check grep -q '^4k-sync-random-write  *random write  *4  *8  *8' "$T/out"
	check grep -q 'osync' "$T/z/02-4k-sync-random-write/meta.csv"
else
	run "$IOSWEEP" profile zfs-review --size 2m --file "$T/zf" --out "$T/z"
	check test "$RC" -ne 0
	check grep -q -- '--iodepth 8' "$T/err"
	echo "note: no engine keeps more than one I/O in flight: zfs-review and depth 4 not run (built without liburing)"
fi

# refusals
expect_failure 2 "$IOSWEEP" profile no-such-profile
check grep -q "no profile 'no-such-profile'" "$T/err"
printf '# bad\nx -r 4k\n' >"$T/bad.profile"
expect_failure 4 "$IOSWEEP" profile "$T/bad.profile" --out "$T/b1"
check grep -q "bad.profile:2: expected 'NAME | OPTIONS'" "$T/err"
printf 'ok | -r 4k -i 0\nworse | -r 4k -i 0 -i 2 --mix 170\n' >"$T/bad2.profile"
expect_failure 2 "$IOSWEEP" profile "$T/bad2.profile" --size 1m --out "$T/b2"
check grep -q "bad2.profile:2: workload 'worse': --mix '170'" "$T/err"
check test ! -e "$T/b1" -a ! -e "$T/b2"

finish
