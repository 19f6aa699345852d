#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_clients_curve.sh: `iosweep-mpi clients-curve` from 1 to 8 clients
# (one mpirun of 8 ranks) on one SMB share of the lab behind a gigabit
# link, each client writing and then reading (--cold) its own 128 MB
# file: for write and read the curve has a knee, named by the printed
# line with the same count as clients-curve.csv's knee row; the
# aggregate at the knee, where the share saturates, is at or above 90%
# of the link's nominal rate, and no step exceeds the link by more than
# the token bucket's burst (5%); the charts are drawn; the share is left
# empty.  As in t_nas_link, a plateau below 90% passes only when this
# machine's CPUs were at least 90% busy through the run (/proc/stat):
# the clients, smbnetfs and smbd share two CPUs with everything else
# here, and then the CPU, not the link, set the plateau (said in a
# note).  Every step's figures are printed, for the record.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

# cpu_ticks: all CPUs' ticks and their idle ticks (idle + iowait) so far
cpu_ticks() { awk '$1 == "cpu" { for (i = 2; i <= NF; i++) t += $i; print t, $5 + $6; exit }' /proc/stat; }

mpi_require
mpi_launcher 8
lab_up --link gigabit --nas-ram 1G --proto smb --share s:ext4:2G
dir=$(share s smb)
link=$(link_kbps gigabit)
t0=$(cpu_ticks)
expect_success lab run -- timeout 1200 $MPIRUN "$MPI_BIN" clients-curve -s 128m -r 1m -i 0 -i 1 \
	--cold --force --quiet -f "$dir/t.%r" --link gigabit --out "$T/cv"
busy=$(echo "$t0 $(cpu_ticks)" | awk '{ d = $3 - $1; printf "%.0f", (d > 0 ? 100 * (1 - ($4 - $2) / d) : 0) }')
echo "CPUs ${busy}% busy through the run (load $(cut -d' ' -f1-3 /proc/loadavg))"
sed 's/^/  /' "$T/out"
csv="$T/cv/clients-curve.csv"
check test "$(awk -F, 'NR > 1 { print $1 }' "$csv" | sort -un | tr '\n' ' ')" = "1 2 4 8 "
check awk -F, -v l="$link" 'NR > 1 && $4 > 1.05 * l { print "above the link: " $0; bad = 1 } END { exit bad }' "$csv"
for t in write read; do
	knee=$(awk -F, -v t="$t" '$2 == t && $12 == 1 { print $1 }' "$csv")
	check test -n "$knee"
	s=s
	[ "$knee" = 1 ] && s=
	check grep -q "^$t: the share saturates at $knee client$s: .* MB/s aggregate, [0-9]*% of gigabit Ethernet; each client gets .* MB/s\$" "$T/out"
	pct=$(awk -F, -v t="$t" -v l="$link" '$2 == t && $12 == 1 { printf "%.0f", 100 * $4 / l }' "$csv")
	if [ "${pct:-0}" -ge 90 ]; then
		pass
	else
		echo "note: $t plateaus at ${pct:-?}% of the link with the CPUs ${busy}% busy: the CPU's plateau, not the link's"
		check test "$busy" -ge 90
	fi
	check test -s "$T/cv/clients-curve-$t.png"
done
check test -z "$(ls "$dir")"
expect_success lab down
finish
