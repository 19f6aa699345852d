#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_fio.sh: with -I (O_DIRECT) on a real disk file system, iosweep's write
# and read rates for a 64 MiB file in 64 KiB records agree with fio's
# (psync engine, direct=1, bs=64k, the same size, a fresh file written
# twice then read twice, like write/rewrite and read/reread) within a
# factor of 2 either way.  The check is loose on purpose: the machine is
# shared and noisy; each tool's figure is the median of six passes.
# Skips with the reason when fio is missing, the directory is on tmpfs or
# the file system refuses O_DIRECT.  make check-timing (fio is the
# control: both tools measure the same disk in the same minute).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/timing/control.sh"

command -v fio >/dev/null 2>&1 || skip "fio is not installed"
run "$IOSWEEP" -s 64k -r 64k -i 0 -f "$T/probe"
grep -q 'not wired' "$T/err" && skip "sweeps are not wired into main yet"
rm -f "$T/probe"

disk_dir fio
[ -n "$D" ] || skip "no writable directory on a disk file system (/var/tmp is tmpfs?)"
if ! dd if=/dev/zero of="$D/probe" bs=65536 count=1 oflag=direct 2>/dev/null; then
	skip "O_DIRECT is not supported on $(stat -f -c %T "$D") at $D"
fi
rm -f "$D/probe"
timing_control

# kB/s of iosweep's write, rewrite, read and reread: fields 3 to 6.
iosweep_rates() {
	"$IOSWEEP" -s 64m -r 64k -I -i 0 -i 1 -f "$D/t" >"$T/out" 2>"$T/err" || {
		fail "iosweep -I failed: $(head -n 1 "$T/err")"; echo "0 0 0 0"; return; }
	awk '$1 == 65536 && $2 == 64 { print $3, $4, $5, $6; exit }' "$T/out"
}

# The same four with fio, KiB/s: write a fresh file, write it again, read
# it twice (terse v3: field 48 is the write bandwidth, 7 the read).
fio_rates() {
	rm -f "$D/fio.dat"
	for rw in write write read read; do
		# shellcheck disable=SC2086
		fio --name=x --rw=$rw --filename="$D/fio.dat" --bs=64k --size=64m \
			--direct=1 --ioengine=psync --fallocate=none \
			--output-format=terse --terse-version=3 2>>"$T/err" |
			awk -F';' -v rw=$rw '{ print (rw == "write" ? $48 : $7) }'
	done | tr '\n' ' '
	rm -f "$D/fio.dat"
}

# The median of the numbers given (the lower middle one of an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] + 0 }'; }

# within a factor of 2: a <= 2b and b <= 2a, both positive
close() { [ "$1" -gt 0 ] && [ "$2" -gt 0 ] && [ "$1" -le $(($2 * 2)) ] && [ "$2" -le $(($1 * 2)) ]; }

# Three interleaved rounds, so a noisy spell hits both tools alike; each
# tool's figure is the median of its six writes and of its six reads.  A
# shared machine can still have a bad minute: up to three attempts, and the
# check passes when one attempt agrees (a real gap, such as one tool being
# three times slower, fails all three).
attempt=0
while :; do
	attempt=$((attempt + 1))
	iws="" irs="" fws="" frs=""
	for round in 1 2 3; do
		set -- $(iosweep_rates)
		iws="$iws ${1:-0} ${2:-0}" irs="$irs ${3:-0} ${4:-0}"
		set -- $(fio_rates)
		fws="$fws ${1:-0} ${2:-0}" frs="$frs ${3:-0} ${4:-0}"
	done
	# shellcheck disable=SC2086
	iw=$(median $iws) ir=$(median $irs) fw=$(median $fws) fr=$(median $frs)
	echo "attempt $attempt: direct I/O, 64 MiB in 64 KiB records on $(stat -f -c %T "$D"):"
	echo "  write: iosweep $iw kB/s, fio $fw KiB/s (medians of:$iws /$fws)"
	echo "  read:  iosweep $ir kB/s, fio $fr KiB/s (medians of:$irs /$frs)"
	if { close "$iw" "$fw" && close "$ir" "$fr"; } || [ "$attempt" -ge 3 ]; then
		break
	fi
done
check close "$iw" "$fw"
check close "$ir" "$fr"
check test ! -e "$D/t"
finish
