#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_fio_latency.sh: with -I on a disk file system, iosweep's mean 4 kB
# read latency agrees with fio's clat mean (psync, direct=1) on the same
# file within a factor of 2, and so does the median (in one of up to
# three rounds: the mean of a shared disk is tail-heavy).  Skips with the
# reason when fio, a disk file system or O_DIRECT is missing.  make
# check-timing (fio is the control, run beside iosweep in each round).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/timing/control.sh"

command -v fio >/dev/null 2>&1 || skip "fio is not installed"
disk_dir lat
[ -n "$D" ] || skip "no disk file system for O_DIRECT"
dd if=/dev/zero of="$D/probe" bs=4096 count=1 oflag=direct 2>/dev/null ||
	skip "O_DIRECT refused on $(stat -f -c %T "$D")"
timing_control
# up to three rounds, the shared disk is noisy: the means must agree
# in one of them, and so must the medians (fio's 50th percentile)
mean_ok=1 p50_ok=1
for round in 1 2 3; do
	rm -f "$D/t"
	run "$IOSWEEP" -I -s 64m -r 4k -i 0 -i 1 -w --latency --quiet \
		-f "$D/t" --out "$T/ofio$round"
	[ "$RC" -eq 0 ] || { fail "iosweep -I: $(head -n 1 "$T/err")"; break; }
	set -- $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == "read" { print $(c["lat_mean_us"]), $(c["lat_p50_us"]) }' \
		"$T/ofio$round/summary.csv")
	ours=${1:-0} ours50=${2:-0}
	# terse v3: read clat mean (field 16, us) and 50th percentile (24)
	set -- $(fio --name=x --rw=read --filename="$D/t" --bs=4k --size=64m \
		--direct=1 --ioengine=psync --output-format=terse --terse-version=3 \
		2>>"$T/err" | awk -F';' '{ sub(/.*=/, "", $24); print $16, $24 }')
	theirs=${1:-0} theirs50=${2:-0}
	echo "O_DIRECT 4 kB reads on $(stat -f -c %T "$D"), round $round:" \
		"iosweep mean $ours us, p50 $ours50 us; fio clat mean $theirs us, p50 $theirs50 us"
	awk -v a="$ours" -v b="$theirs" 'BEGIN { exit !(a > 0 && b > 0 && a <= 2 * b && b <= 2 * a) }' && mean_ok=0
	awk -v a="$ours50" -v b="$theirs50" 'BEGIN { exit !(a > 0 && b > 0 && a <= 2 * b && b <= 2 * a) }' && p50_ok=0
	[ $mean_ok -eq 0 ] && [ $p50_ok -eq 0 ] && break
done
check test "$mean_ok" -eq 0
check test "$p50_ok" -eq 0
finish
