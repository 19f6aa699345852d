#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_agent_card.sh: the three measurements on the lab (issue 43, item
# 6).  A NAS of scripts/nas-lab with an agent (`up --agent`: iosweep serve
# in the server's namespace and cgroups, its root the share's export
# folder) behind a gigabit link; `iosweep nas` through the SMB share with
# --agent measures the link to the agent (link/), sweeps the pool on the
# NAS itself (pool/), and the card shows pool, link and share side by
# side: the measured link within 10% of gigabit's TCP payload (117.5 MB/s:
# 94% of 125), and a read verdict naming the slowest with the three
# figures.  The pool (no disk throttle) outruns the link, so the verdict
# names the network when the share comes within 10% of the measured link;
# a share further below passes only when the CPUs were at least 90% busy
# through the run (the client daemon, Samba and the agent share two CPUs,
# as t_nas_link allows), and the card must then say that neither the pool
# nor the network set the pace, or name the NAS's CPU from the box's own
# counters.  The box is sampled while the share runs (box/): the share's
# backing loop device shows busy time and reads in the sweep, and the
# card shows the box.  The agent is stopped by the lab's down.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

lab_up --link gigabit --nas-ram 256M --share s:ext4:2G --proto smb --agent "$IOSWEEP"
dir=$(share s smb)
agent=$(lab status | awk '$1 == "agent" { print $2 }')
token=$(lab status | awk '$1 == "agent" { print $3 }')
check test -n "$agent"
check test -n "$token"
busy0=$(awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat)
expect_success lab run -- "$IOSWEEP" nas "$dir" --budget 3m --no-files --nas-ram 128M --force \
	--link gigabit --agent "$agent" --token "$token" --out "$T/nas"
busy1=$(awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat)
busy=$(echo "$busy0 $busy1" | awk '{ b = $3 - $1; i = $4 - $2; printf "%.0f", 100 * b / (b + i) }')
cp "$T/out" "$T/nas.out"
grep -E 'link: measured|the pool, on the NAS|the box while|sets the pace' "$T/nas.out"
echo "CPUs busy: $busy%"
check test -s "$T/nas/link/link.csv"
check test -s "$T/nas/pool/summary.csv"
# the measured link: within 10% of gigabit's payload, both ways
bad=$(awk -F, '($2 == "up" || $2 == "down") && ($6 < 0.9 * 117500000 || $6 > 1.1 * 117500000)' \
	"$T/nas/link/link.csv" | wc -l)
check test "$bad" -eq 0
check grep -q '^  link: measured (iosweep link): [0-9]* MB/s to the NAS, [0-9]* MB/s from it' "$T/nas.out"
check grep -q '^  the pool, on the NAS itself (through the agent): [0-9]* MB/s read' "$T/nas.out"
line=$(grep 'reads: .*sets the pace' "$T/nas.out")
check test -n "$line"
case $line in
*"reads: the network sets the pace: the pool reads "*" MB/s locally, the link carries "*" MB/s, the share "*" MB/s"*) ;;
*"reads: neither the pool nor the network sets the pace: "*)
	echo "note: the share read below the measured link with the CPUs $busy% busy"
	check test "$busy" -ge 90 ;;
*"reads: the NAS's CPU sets the pace: it was "*"% busy while the share ran; the pool reads "*)
	echo "note: the box's own counters name its CPU (the CPUs $busy% busy through the run)" ;;
*) check false "the read verdict names neither the network nor the CPU: $line" ;;
esac
# the box while the share ran: its backing disk busy and read in the sweep
loop=$(losetup -n -O NAME -j "$LABDIR/disks/s.img" | head -n 1)
loop=${loop#/dev/}
echo "the share's disk: $loop"
awk -F, -v d="$loop" '$2 == "sweep" && $5 == d' "$T/nas/box/box.csv" | head -n 5
check test -n "$loop"
check test "$(awk -F, -v d="$loop" '$2 == "sweep" && $5 == d && $6 > 0 && $7 > 0' \
	"$T/nas/box/box.csv" | wc -l)" -ge 1
check grep -q "^ended,the share's phases ended$" "$T/nas/box/meta.csv"
check grep -q '^  the box while the share ran (the sweep, [0-9]* s): CPU [0-9]*% busy' "$T/nas.out"
# nothing of the pool's job is left in the share
check test -z "$(ls -A "$dir" | grep -v '^iosweep-nas')"
expect_success lab down
finish
