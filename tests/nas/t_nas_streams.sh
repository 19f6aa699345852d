#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_streams.sh: "will it work?" measured on the lab (issue 43, items 4
# and 6).  Paced streams of 30 MB/s, each with a deadline per frame at 24
# frames a second, read from the lab's Samba share (smbnetfs) behind a
# gigabit link, stepped up from one stream (iosweep streams
# --max-streams 5, the run the guided run's streams phase makes per
# rate) into a result folder's streams/; the card of that folder, asked
# the workloads "3 streams of 30 MB/s" and "5 streams of 30 MB/s", says
# "yes, measured" for three and "no, measured" for five:
# - five need 150 MB/s, more than gigabit's TCP payload (117.5 MB/s):
#   they cannot keep their deadlines, whatever the load, so "no" always;
# - three need 90 MB/s, 77% of the link, and fit.  The client is the
#   tight part, not the link: smbnetfs serves a server's reads in one
#   worker process, one 128 kB SMB read in flight (strace), read-ahead's
#   (1 MB a file) among them, so at 90 MB/s a chunk that read-ahead has
#   not fetched waits behind the other streams' read-ahead and takes up
#   to 40-73 ms of its 41.7 ms frame.  With the mount's read-ahead at
#   256 kB (set below; the FUSE mount starts at 1 MB, and 4 MB is worse:
#   30-36 misses in 216) the slowest chunk took 17-21 ms and none missed
#   (6 runs at load 2.5; at 1 MB, 2 of 6 runs missed 6).  The machine is
#   shared (load 4 to 48 from other programs' builds and tests while this
#   was written); and on a quiet one (load 0.7 to 1.5), 3 runs in 15
#   had one stream stall once at 60-100 ms (one stream, 1 or 2 chunks,
#   anywhere in the run; the cause not found).  So a run where three
#   missed is run again, up to three runs, and a third miss passes only
#   when other programs took at least 20% of the CPUs' time through it
#   (the CPUs' busy time less the lab's servers' and iosweep's own), as
#   t_nas_link allows a read below the link when the CPUs were busy.
# The NAS has 1 GB of RAM: the streams' files (450 MB) are read from its
# cache, so the link, not its disk, is what the streams meet.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

cpu() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }
# lab_cpu: the CPU time (ticks) the lab's servers and clients used so far
lab_cpu() {
	for p in $(pgrep -f "$LABDIR"); do cat "/proc/$p/stat" 2>/dev/null; done |
		awk '{ s += $14 + $15 } END { print s + 0 }'
}

lab_up --link gigabit --nas-ram 1G --share s:ext4:2G --proto smb
dir=$(share s smb)
check test -n "$dir"
# the SMB mount's read-ahead: 256 kB a file (above); the mount goes at down
bdi=$(awk -v m="$LABDIR/mnt/smb" '$5 == m { print $3 }' /proc/self/mountinfo)
check test -n "$bdi"
[ -n "$bdi" ] && echo 256 >"/sys/class/bdi/$bdi/read_ahead_kb"
check test "$(cat "/sys/class/bdi/$bdi/read_ahead_kb")" -eq 256
printf '%s\n' 'stream | three at 30 MB/s | read | 30MB | 3 | -' \
	'stream | five at 30 MB/s | read | 30MB | 5 | -' >"$T/w"
# stepped N: the stepped run into $T/resN/streams and the card of that
# folder; $three and $five its rows, $others the other programs' share
stepped() {
	busy0=$(cpu)
	lab0=$(lab_cpu)
	# iosweep's own CPU time: its shell's children's, once it has ended
	expect_success sh -c '"$1" streams --rate 30MB --max-streams 5 --time 3s --dir "$2" \
		--out "$3"; rc=$?; awk "{ print \$16 + \$17 }" /proc/$$/stat >"$4"; exit $rc' \
		sh "$IOSWEEP" "$dir" "$T/res$1/streams" "$T/own"
	lab1=$(lab_cpu)
	busy1=$(cpu)
	others=$(echo "$busy0 $busy1 $lab0 $lab1 $(cat "$T/own")" | awk '{ b = $3 - $1; i = $4 - $2
		o = b - ($6 - $5) - $7; printf "%.0f", (o > 0 ? 100 * o / (b + i) : 0) }')
	busy=$(echo "$busy0 $busy1" | awk '{ b = $3 - $1; i = $4 - $2; printf "%.0f", 100 * b / (b + i) }')
	sed 's/^/  /' "$T/out"
	echo "CPUs busy: $busy%, other programs $others% (load $(cut -d' ' -f1-3 /proc/loadavg))"
	check test -s "$T/res$1/streams/streams.csv"
	check test -z "$(ls -A "$dir")"
	expect_success "$IOSWEEP" card "$T/res$1" --workloads "$T/w"
	grep -A3 '^Will it work?' "$T/out"
	three=$(grep '^  three at 30 MB/s ' "$T/out")
	five=$(grep '^  five at 30 MB/s ' "$T/out")
	# five: more than the link carries, every time
	case $five in
	*"  no, measured: "[1-5]" stream"*" missed "*) ;;
	*) check false "five streams: $five" ;;
	esac
}

# three: a stall of the client in one run of five or so (above) is
# chance, three runs in a row a defect: a miss is run again, up to three
# runs, and the last judged
for n in 1 2 3; do
	stepped $n
	case $three in
	*"  no, measured: "[123]" stream"*" missed "*)
		echo "note: run $n: three streams missed (other programs took $others% of the CPUs)" ;;
	*) break ;;
	esac
done
case $three in
*"  yes, measured: "[345]" streams kept every deadline"*) ;;
*"  no, measured: "[123]" stream"*" missed "*)
	echo "note: three streams missed in three runs, the last with other programs taking $others% of the CPUs"
	check test "$others" -ge 20 ;;
*) check false "three streams: $three" ;;
esac
# the stepped run stopped at its first count that missed, at 4 or 5 here
# unless the load took an earlier one (then said above)
steps=$(awk -F, 'NR > 1 && $2 == 1' "$T/res1/streams/streams.csv" | wc -l)
check test "$steps" -ge 1
check test "$steps" -le 5
expect_success lab down
finish
