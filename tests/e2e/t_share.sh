#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_share.sh: iosweep on a real FUSE share (share.sh: sshfs to an sshd of
# the test's own, in its own network and mount namespaces) behind a
# 100 Mbit/s link:
#  - --cold says which caches it cannot drop; cached_pct is empty on
#    every row (mincore cannot see a share's caches), never 0.0;
#  - --link is recorded in meta.csv; cache_served is 1 exactly on the
#    figures above the link's rate, in results.csv and summary.csv;
#  - a sequential read with --cold gets the verdict its figure gives
#    (netbound.h: network-bound from 84.6% to 105% of 100 Mbit Ethernet,
#    served by a cache above, the client's or share's pace below) in the
#    report, summary.json and report.html (that it lands at 85-105% is the
#    link's and the machine's: make check-timing);
#  - IOSWEEP_LINK stands in for --link; a bad one and a bad --link are
#    refused in one line; --io-timeout with -t is refused;
#  - --io-timeout: the server stopped (SIGSTOP) mid-sweep ends the run:
#    one line naming the path, the blocked call, the test and how long it
#    waited (at least the timeout); the finished cells saved; exit 3 once
#    the kernel lets the blocked call go; nothing left.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/e2e/share.sh"
share_enter "$@"
share_up
share_link 100mbit || skip "cannot shape the namespace's loopback with tc"
CAP=12817.3828125   # 105% of 100 Mbit/s in kB/s (1 kB = 1024 bytes): netbound.h
F="$SHARE_MNT/iosweep.tmp"

# -- the link, cache visibility, findings ------------------------------------
expect_success "$IOSWEEP" -s 32m -r 1m -i 0 -i 1 --cold --link 100mbit \
	-f "$F" --out "$T/a" --report --json
cp "$T/out" "$T/a.out"
check grep -q "^iosweep: --cold on fuse.sshfs: only this machine's page cache is dropped" "$T/err"
check grep -q '^link,100mbit$' "$T/a/meta.csv"
check grep -q '^fs_type,fuse.sshfs$' "$T/a/meta.csv"
check_share_csv "$T/a" $CAP 4
check grep -q '^Network (link 100mbit)$' "$T/a.out"
# the read's verdict, drawn from summary.csv's figure as netbound.c does
read_kbps=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["test"]) == "read" { print $(c["mean"]) }' "$T/a/summary.csv")
want=$(awk -v k="${read_kbps:-0}" 'BEGIN { p = k / (100e6 / 8 / 1024) * 100
	if (p > 105) printf(p < 110 ? "served by a cache: %.1f%%" : "served by a cache: %.0f%%", p)
	else if (p >= 84.6) printf "network-bound: %.0f%%", p
	else printf "%.0f%%", p }')
echo "read with --cold over sshfs at 100mbit: $read_kbps kB/s: read: $want of 100 Mbit Ethernet"
check test -n "$read_kbps"
check grep -q "^	*[0-9]*\.* *read: $want of 100 Mbit Ethernet (" "$T/a.out"
check grep -q "read: $want of 100 Mbit Ethernet" "$T/a/summary.json"
check grep -q '<h3>The network</h3>' "$T/a/report.html"
check grep -q "read: $want of 100 Mbit Ethernet" "$T/a/report.html"
check test ! -e "$F"

# -- IOSWEEP_LINK, bad values ------------------------------------------------
IOSWEEP_LINK=gigabit expect_success "$IOSWEEP" -s 1m -r 1m -i 0 -f "$F" --out "$T/b"
check grep -q '^link,gigabit$' "$T/b/meta.csv"
IOSWEEP_LINK=fast expect_failure 2 "$IOSWEEP" -s 1m -i 0 -f "$F" --out "$T/c"
check one_line_error
check grep -q "IOSWEEP_LINK (no --link given): --link 'fast': not a profile" "$T/err"
expect_failure 2 "$IOSWEEP" -s 1m -i 0 -f "$F" --out "$T/c" --link 940mbits
check one_line_error
check grep -q "unknown unit 'mbits'" "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -s 1m -i 0 -F "$F.1" "$F.2" --io-timeout 5 --out "$T/c"
check one_line_error
check grep -q -- "--io-timeout and -t" "$T/err"
check test ! -e "$T/c" -a ! -e "$F"

# -- --io-timeout: the server stops answering mid-sweep ----------------------
"$IOSWEEP" -a -n 1m -g 64m -r 1m -i 0 -i 1 -f "$F" --out "$T/d" --io-timeout 5 \
	>"$T/d.out" 2>"$T/d.err" &
RUN=$!
wait_until "$RUN" grep -q '^ *2048 ' "$T/d.out"
check grep -q '^ *2048 ' "$T/d.out"
share_stall
wait_until "$RUN" grep -q 'did not answer' "$T/d.err"
wait_until "$RUN" grep -q 'results of the finished cells' "$T/d.err"
check grep -q "^iosweep: --io-timeout: '$F' did not answer for [0-9]* s (blocked in [a-z_ ]*, test [a-z]*, cell [0-9]* kB / 1024 kB); the share stopped responding, so the run ends here; the test file '$F' is left there\$" "$T/d.err"
waited=$(sed -n "s/.*did not answer for \([0-9]*\) s .*/\1/p" "$T/d.err")
check test "${waited:-0}" -ge 5
check grep -q "^iosweep: results of the finished cells in $T/d/\$" "$T/d.err"
check grep -q '^status,"failed: --io-timeout: ' "$T/d/meta.csv"
# the cells before the stall are whole in summary.csv
check test "$(awk -F, '$3 == 1024 || $3 == 2048' "$T/d/summary.csv" | wc -l)" -eq 8
# the blocked call returns once the server answers again; then exit 3
share_resume
wait_until 0 sh -c "! kill -0 $RUN 2>/dev/null"
kill -0 "$RUN" 2>/dev/null && { fail "iosweep still running after the share answered"; kill -9 "$RUN"; }
wait "$RUN"
check test $? -eq 3
check test -z "$(pgrep -f "$F" 2>/dev/null)"

share_down
check test -z "$(grep " $SHARE_MNT " /proc/self/mounts)"
finish
