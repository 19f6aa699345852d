#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_agent_link.sh: `iosweep link` against an agent across a shaped
# link.  The test makes a network namespace of its own, shapes its
# loopback as scripts/nas-lab does (tc tbf with Ethernet's framing, MTU
# 1500) at 100 Mbit and at gigabit, starts `iosweep serve` on 127.0.0.1
# there and measures the link from the same namespace: each direction
# must be within 10% of the shaped rate, link.csv must hold both
# directions and the round trip, and meta.csv must say the link was
# measured.  Each figure is printed with the machine's load, for the
# record.  Needs root (a namespace, tc).
. "$(dirname "$0")/../e2e/lib.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root (a network namespace and tc)"
for t in ip tc nsenter; do
	command -v "$t" >/dev/null 2>&1 || skip "needs $t (iproute2, util-linux)"
done
NS=iosweep-agentlink-$$
AGENT_PID=""
ip netns add "$NS" 2>/dev/null || skip "cannot create a network namespace here"
trap '[ -n "$AGENT_PID" ] && kill "$AGENT_PID" 2>/dev/null; ip netns del "$NS" 2>/dev/null; e2e_drop_T' EXIT
# nsenter execs the program itself (ip netns exec may stay its parent), so
# the agent's pid is its own and a kill reaches it
inns() { nsenter --net="/run/netns/$NS" "$@"; }
inns ip link set lo mtu 1500 up || fail "cannot set up lo in $NS"
mkdir -p root

# shape PROFILE: lo's egress at the profile's rate, framed as Ethernet
shape() {
	case $1 in
	100mbit) bits=100000000 ;;
	gigabit) bits=1000000000 ;;
	esac
	burst=$((bits / 8 / 1000))
	[ $burst -ge 65536 ] || burst=65536
	inns tc qdisc replace dev lo root handle 1: stab overhead 24 linklayer ethernet \
		tbf rate "${bits}bit" burst "$burst" latency 20ms || skip "cannot shape lo with tc tbf"
}

# not through inns: a function in the background is a subshell of its own
nsenter --net="/run/netns/$NS" "$IOSWEEP" serve --listen 127.0.0.1:0 --root root \
	>serve.out 2>serve.err &
AGENT_PID=$!
wait_until "$AGENT_PID" grep -q '^token: ' serve.out
PORT=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\),.*/\1/p' serve.out)
TOKEN=$(sed -n 's/^token: //p' serve.out)
check test -n "$PORT"

for profile in 100mbit gigabit; do
	shape "$profile"
	expect_success inns "$IOSWEEP" link "127.0.0.1:$PORT" --token "$TOKEN" --streams 4 \
		--seconds 5 --out "link-$profile"
	cat "$T/out"
	check grep -q '^link_source,measured$' "link-$profile/meta.csv"
	check grep -q '^1,rtt,' "link-$profile/link.csv"
	for dir in up down; do
		mbit=$(awk -F, -v d="$dir" '$2 == d { print $7 }' "link-$profile/link.csv")
		pct=$(awk -v m="${mbit:-0}" -v b="$bits" 'BEGIN { printf "%.1f", 100 * m * 1e6 / b }')
		echo "$profile $dir: ${mbit:-none} Mbit/s, $pct% of the shaped rate (load $(cut -d' ' -f1-3 /proc/loadavg))"
		check awk -v p="$pct" 'BEGIN { exit !(p >= 90 && p <= 110) }'
	done
done
kill "$AGENT_PID"
wait "$AGENT_PID"
check test $? -eq 0
AGENT_PID=""
check test -z "$(ls -A root)"
finish
