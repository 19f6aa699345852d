#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_link.sh: through the lab's SMB (smbnetfs) and SSH (sshfs) shares,
# at gigabit and at 100mbit, a large sequential write and a --cold read
# either reach the link or the findings name what held them back:
# - no figure, read or write, exceeds the link by more than the token
#   bucket's burst allows (5%);
# - a read at 85% of the link's nominal rate or more is told as
#   "network-bound: N% of <link>" on the report's read line;
# - a read below 85% passes only when the findings call it CPU-bound
#   with the machine's CPUs at least 90% busy through the pass (the
#   client daemons, the servers and every other program here share two
#   CPUs); below 85% with CPU to spare fails: the lab should fill the
#   link then;
# - the write line is network-bound, CPU-bound, or says that with CPU to
#   spare the client's file system code or the share set the pace.
# The NAS has 1 GB of RAM and no disk throttle, so the file written just
# before is read from the server's cache: the link, not the disk, is what
# is measured.  Each figure is printed with the machine's load, for the
# record ("PROFILE PROTO TEST kB/s % verdict").
# With NAS_GOALS=FILE (make bench-nas) each figure is also written there
# as a goal row for scripts/bench-targets: the read's share of the link
# (>= 85%, told network-bound) and the write's verdict (told: what
# limits it); the file is written whole at the end, or not at all.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

# goal ROW: one CSV row of the goals file (goal,target,measured,range,verdict,how)
goal() { [ -n "${NAS_GOALS:-}" ] && printf '%s\n' "$1" >> "$T/goals.csv"; return 0; }

link_name() { case $1 in gigabit) echo "gigabit Ethernet" ;; 100mbit) echo "100 Mbit Ethernet" ;; esac; }
# finding TEST REPORT: the text report's Network line of TEST
finding() { awk -v t="$1" '$0 ~ "^\t[0-9]+\\. " t ": " { print; exit }' "$2"; }

for profile in gigabit 100mbit; do
	case $profile in
	gigabit) size=256m ;;
	100mbit) size=48m ;;
	esac
	lab_up --link "$profile" --nas-ram 1G --share s:ext4:1G
	link=$(link_kbps "$profile")
	name=$(link_name "$profile")
	for proto in smb ssh; do
		dir=$(share s "$proto")
		out=$T/$profile-$proto
		load=$(cut -d' ' -f1-3 /proc/loadavg)
		expect_success lab run -- "$IOSWEEP" -s "$size" -r 1m -i 0 -i 1 --cold --force \
			-f "$dir/iosweep.tmp" --out "$out"
		cp "$T/out" "$out.txt"
		for t in write read; do
			kbps=$(csv_mean "$out/summary.csv" "$t" $(( $(nl_size_kb "$size") )) )
			pct=$(awk -v k="${kbps:-0}" -v l="$link" 'BEGIN { printf "%.1f", 100 * k / l }')
			line=$(finding "$t" "$out.txt")
			case $line in
			*"network-bound: "*"% of $name"*) verdict=network-bound ;;
			*"CPU-bound: this machine's CPUs were "*) verdict=CPU-bound ;;
			*"set this pace, not the network or this CPU"*) verdict=client-or-share ;;
			*) verdict=none ;;
			esac
			echo "$profile $proto $t ${kbps:-none} kB/s $pct% of $link kB/s: $verdict (load $load)"
			check awk -v p="$pct" 'BEGIN { exit !(p > 0 && p <= 105) }'
			if [ "$t" = read ]; then
				if awk -v p="$pct" 'BEGIN { exit !(p >= 85) }'; then
					check test "$verdict" = network-bound
				else
					check test "$verdict" = CPU-bound
					busy=$(echo "$line" | sed -n "s/.*CPUs were \([0-9]*\)% busy.*/\1/p")
					check test "${busy:-0}" -ge 90
				fi
			else
				check test "$verdict" != none
			fi
			[ "$verdict" != none ] || echo "  report: $line"
			how="make bench-nas: one --cold run of $size in 1 MB records (load $load)"
			kbps=$(printf '%.0f' "${kbps:-0}")
			if [ "$t" = read ]; then
				met=$(awk -v p="$pct" -v v="$verdict" 'BEGIN { print (p >= 85 && v == "network-bound") ? "met" : "not met" }')
				goal "\"$proto read at $profile: share of the link, told as such\",\">= 85%, network-bound\",\"$pct% ($kbps kB/s), $verdict\",,$met,\"$how\""
			else
				met=$( [ "$verdict" != none ] && echo met || echo "not met")
				goal "\"$proto write at $profile: what limits it, told\",\"network-bound or the limit named\",\"$pct% ($kbps kB/s), $verdict\",,$met,\"$how\""
			fi
		done
		check test ! -e "$dir/iosweep.tmp"
	done
	expect_success lab down
done
if [ -n "${NAS_GOALS:-}" ] && [ -s "$T/goals.csv" ]; then
	{ echo "goal,target,measured,range,verdict,how"; cat "$T/goals.csv"; } > "$NAS_GOALS.tmp" &&
		mv "$NAS_GOALS.tmp" "$NAS_GOALS"
fi
finish
