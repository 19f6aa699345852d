#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_share_link.sh: iosweep on the sshfs share of tests/e2e/share.sh behind
# a 100 Mbit/s link, the figures make check leaves to the machine:
#  - control: dd reads a 32 MB file the client never saw (written on the
#    server's side) through the share at 85% of the link or more, else
#    the link or the machine is not at its rate and the test skips;
#  - then a sequential read with --cold is network-bound at 85-105% of
#    100 Mbit Ethernet in the report (t_share: the verdict agrees with
#    the figure, whatever it is);
#  - --io-timeout 5 says the stalled share did not answer within 15 s of
#    the stall (t_share: after at least 5 s);
#  - on a local disk --io-timeout 1 never fires on a sweep that keeps
#    moving (no call there blocks for a second on a quiet machine).
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/e2e/share.sh"
. "$TOP/tests/timing/control.sh"
share_enter "$@"
share_up
share_link 100mbit || skip "cannot shape the namespace's loopback with tc"
timing_control
F="$SHARE_MNT/iosweep.tmp"

dd if=/dev/urandom of="$SHARE_EXPORT/control" bs=1M count=32 2>/dev/null
t0=$(date +%s%N)
dd if="$SHARE_MNT/control" of=/dev/null bs=1M 2>/dev/null
t1=$(date +%s%N)
ctl=$(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.0f", 32 * 1024 / (ns / 1e9) / (100e6 / 8 / 1024) * 100 }')
echo "control: dd read 32 MB through the share at $ctl% of 100 Mbit Ethernet"
[ "$ctl" -ge 85 ] || skip "the control read only $ctl% of the link: the link or the machine is slow now"

expect_success "$IOSWEEP" -s 32m -r 1m -i 0 -i 1 --cold --link 100mbit -f "$F" --out "$T/a"
pct=$(sed -n 's/.* read: network-bound: \([0-9]*\)% of 100 Mbit Ethernet (.*/\1/p' "$T/out" | head -n 1)
echo "iosweep: read with --cold at ${pct:-?}% of 100 Mbit Ethernet"
check test "${pct:-0}" -ge 85 -a "${pct:-0}" -le 105

"$IOSWEEP" -a -n 1m -g 64m -r 1m -i 0 -i 1 -f "$F" --out "$T/d" --io-timeout 5 \
	>"$T/d.out" 2>"$T/d.err" &
RUN=$!
wait_until "$RUN" grep -q '^ *2048 ' "$T/d.out"
share_stall
t0=$(date +%s)
wait_until "$RUN" grep -q 'did not answer' "$T/d.err"
t1=$(date +%s)
echo "--io-timeout 5 said so $((t1 - t0)) s after the stall"
check grep -q 'did not answer' "$T/d.err"
check test $((t1 - t0)) -le 15
share_resume
wait "$RUN"

disk_dir share
[ -n "$D" ] || skip "no disk directory for the local --io-timeout case"
expect_success "$IOSWEEP" -a -n 64k -g 16m -i 0 -i 1 -i 2 --io-timeout 1 \
	-f "$D/local.tmp" --out "$T/e"
check grep -q '^status,complete$' "$T/e/meta.csv"
share_down
finish
