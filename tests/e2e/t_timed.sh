#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_timed.sh: what is inside a timed region (issue 15, item 7), proven with
# the fault shim's slow calls (tests/fault/faultshim.c): every fsync or
# every close of the test file first sleeps S = 200 ms, so a region that
# holds the call is at least S long, and the pass's wall time (the whole
# pass, wall_s) holds the call either way: a region that does not hold it
# leaves at least S of the wall time outside it.  No check bounds a time
# from above (how short a region without the call is: make check-timing).
#  - default: neither the fsync nor the close is timed;
#  - -e: the fsync is timed (writes and reads: IOzone's -e applies to the
#    read tests too), the close not;
#  - -c: the close is timed, the fsync not;
#  - the same in throughput mode (a child times what its loop timed; its
#    wall time is its region, so an untimed call is found in the run's own
#    time: the regions plus S for each slowed call);
#  - --latency: each op's time is the step between clock readings, so the
#    ops hold every slowed write (8 x 30 ms) and never more than the
#    region (t_latency.sh: with -e the region exceeds the ops by the
#    slowed fsync).
. "$(dirname "$0")/lib.sh"

[ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ] ||
	skip "no fault shim in \$FAULTSHIM (make e2e builds it)"
asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRELOAD="${asan:+$asan }$FAULTSHIM"
S=0.2

# slow CALL ARGS...: iosweep with every CALL on the test file slowed by S
slow() {
	call=$1; shift
	run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/t" FAULTSHIM_SLOW="$call:200" \
		FAULTSHIM_REPORT="$T/rep" "$IOSWEEP" "$@" --quiet
	[ "$RC" -eq 0 ] || { fail "exit $RC: $*"; sed 's/^/  err: /' "$T/err" | head -n 3; }
}
# rows DIR TEST: "seconds wall_s" of that test's rows
rows() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c["seconds"]), $(c["wall_s"]) }' "$1/results.csv"
}
# timed DIR TEST yes|no [tp]: every row's region holds the slow call
# (seconds >= S) or leaves it out (wall_s - seconds >= S); the pass's wall
# time holds it either way (>= S; not in throughput mode, whose wall time
# is the child's region)
timed() {
	rows "$1" "$2" >"$T/rows"
	[ -s "$T/rows" ] || { fail "$1: no $2 rows"; return; }
	echo "${1#"$T"/} $2 ($3): $(tr '\n' ';' <"$T/rows")"
	check awk -v s="$S" -v want="$3" -v tp="${4:-}" '{
		if (want == "yes" ? $1 < s : $2 - $1 < s) bad++
		if (tp == "" && $2 < s) bad++ } END { exit bad > 0 }' "$T/rows"
}

CELL="-s 256k -r 64k -i 0 -i 1 -f $T/t"
# ---- fsync: timed only with -e
slow fsync $CELL --out "$T/f0"
timed "$T/f0" write no; timed "$T/f0" rewrite no; timed "$T/f0" read no
check grep -q 'fsync [1-9]' "$T/rep"
slow fsync $CELL -e --out "$T/fe"
timed "$T/fe" write yes; timed "$T/fe" rewrite yes; timed "$T/fe" read yes
slow fsync -s 256k -r 64k -i 0 -f "$T/t" -c --out "$T/fc"
timed "$T/fc" write no
# ---- close: timed only with -c
slow close -s 256k -r 64k -i 0 -f "$T/t" --out "$T/c0"
timed "$T/c0" write no
check grep -q 'close [1-9]' "$T/rep"
slow close $CELL -c --out "$T/cc"
timed "$T/cc" write yes; timed "$T/cc" rewrite yes; timed "$T/cc" read yes; timed "$T/cc" reread yes
slow close -s 256k -r 64k -i 0 -f "$T/t" -e --out "$T/ce"
timed "$T/ce" write no
# stdio: fflush + fsync with -e, fclose with -c
slow fsync -s 256k -r 64k -i 0 -i 6 -i 7 -f "$T/t" -e --out "$T/se"
timed "$T/se" fwrite yes; timed "$T/se" fread yes
slow close -s 256k -r 64k -i 0 -i 6 -f "$T/t" --out "$T/s0"
timed "$T/s0" fwrite no

# ---- throughput mode: each child's region
# without -e the child's fsyncs are outside its regions: the run lasted
# at least its regions plus S per fsync the shim slowed (threads, -T, so
# the shim's count at exit has the child's calls)
rm -f "$T/t" "$T/rep"
t0=$(date +%s%N)
slow fsync -t 1 -T -s 256k -r 64k -i 0 -F "$T/t" --out "$T/o0"
t1=$(date +%s%N)
n=$(sed -n 's/.* fsync \([0-9]*\) .*/\1/p' "$T/rep")
echo "o0: ${n:-?} fsyncs slowed, run $(((t1 - t0) / 1000000)) ms, regions: $(rows "$T/o0" write | tr '\n' ';')"
check test "${n:-0}" -ge 1
check awk -F, -v run="$(((t1 - t0) / 1000))" -v n="${n:-0}" -v s="$S" \
	'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ sum += $(c["seconds"]) } END { exit !(NR > 1 && run / 1e6 - sum >= n * s) }' \
	"$T/o0/results.csv"
rm -f "$T/t"
slow fsync -t 1 -s 256k -r 64k -i 0 -F "$T/t" -e --out "$T/oe"
timed "$T/oe" write yes tp
rm -f "$T/t"
slow close -t 1 -T -s 256k -r 64k -i 0 -F "$T/t" -c --out "$T/oc"
timed "$T/oc" write yes tp
rm -f "$T/t"

# ---- --latency: the ops add up to the region
# mean x ops against seconds, for TEST in DIR: prints "seconds sum"
lat_sum() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c["seconds"]), $(c["lat_mean_us"]) * $(c["ops"]) / 1e6 }' "$1/results.csv"
}
run env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="$T/t" FAULTSHIM_SLOW="write:30" \
	"$IOSWEEP" -s 512k -r 64k -i 0 --latency --quiet -f "$T/t" --out "$T/lw"
check test "$RC" -eq 0
set -- $(lat_sum "$T/lw" write)
echo "--latency, writes slowed 30 ms: timed ${1:-?} s, mean x ops ${2:-?} s"
check awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { exit !(b >= 0.24 && b <= a * 1.001) }'
finish
