#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_timed.sh: what is inside a timed region (issue 15, item 7), proven with
# the fault shim's slow calls (tests/fault/faultshim.c): every fsync or
# every close of the test file first sleeps S = 200 ms, so a region that
# holds the call is at least S long, and one that does not is far shorter
# than S (256 kB in 64 kB records moves in a few ms), while the pass's wall
# time (the whole pass, wall_s) holds the call either way.
#  - default: neither the fsync nor the close is timed;
#  - -e: the fsync is timed (writes and reads: IOzone's -e applies to the
#    read tests too), the close not;
#  - -c: the close is timed, the fsync not;
#  - the same in throughput mode (a child times what its loop timed);
#  - --latency: each op's time is the step between clock readings, so the
#    ops add up to the region: with write slowed by 30 ms, mean x ops is
#    the timed seconds within 2% (t_latency.sh: with -e the region exceeds
#    the ops by the slowed fsync).
# e2e: alone (it tells 200 ms sleeps from passes of a few ms)
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
# timed DIR TEST yes|no [tp]: every row's region holds the slow call (>= S)
# or not (< S / 2); the pass's wall time holds it either way (>= S; not in
# throughput mode, whose wall time is the child's region)
timed() {
	rows "$1" "$2" >"$T/rows"
	[ -s "$T/rows" ] || { fail "$1: no $2 rows"; return; }
	echo "${1#"$T"/} $2 ($3): $(tr '\n' ';' <"$T/rows")"
	check awk -v s="$S" -v want="$3" -v tp="${4:-}" '{
		if (want == "yes" ? $1 < s : $1 >= s / 2) bad++
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
rm -f "$T/t"
slow fsync -t 1 -s 256k -r 64k -i 0 -F "$T/t" --out "$T/o0"
timed "$T/o0" write no tp
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
check awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { exit !(a >= 0.24 && b >= a * 0.98 && b <= a * 1.02) }'
finish
