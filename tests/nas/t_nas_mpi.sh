#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_mpi.sh: iosweep-mpi with 4 clients (ranks), each on its own file of
# one SMB share of the lab behind a gigabit link: the aggregate of each
# test never exceeds the link (5% for the token bucket's burst), and
# results.csv keeps each client's figure (client 0-3; "all" is the
# aggregate), every one positive and their sum within the link too.  Figures are printed, for the record.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

mpi_require
mpi_launcher 4
lab_up --link gigabit --nas-ram 1G --proto smb --share s:ext4:2G
dir=$(share s smb)
link=$(link_kbps gigabit)
expect_success lab run -- timeout 300 $MPIRUN "$MPI_BIN" -s 64m -r 1m -i 0 -i 1 --cold --force \
	--quiet -f "$dir/t.%r" --out "$T/o"
for t in write read; do
	agg=$(csv_mean "$T/o/summary.csv" "$t" 65536)
	echo "aggregate $t: ${agg:-none} kB/s of $link"
	check awk -v a="${agg:-0}" -v l="$link" 'BEGIN { exit !(a > 0 && a <= 1.05 * l) }'
	awk -F, -v t="$t" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t && $(c["client"]) != "" && $(c["client"]) != "all" { print $(c["client"]), $(c["kb_per_s"]) }' \
		"$T/o/results.csv" > "$T/per-$t"
	sed "s/^/  client /" "$T/per-$t"
	check test "$(awk '{ print $1 }' "$T/per-$t" | sort -u | wc -l)" -eq 4
	check awk '$2 <= 0 { exit 1 }' "$T/per-$t"
	check awk -v l="$link" '{ s += $2 } END { exit !(s <= 1.05 * l) }' "$T/per-$t"
done
check test -z "$(ls "$dir")"
expect_success lab down
finish
