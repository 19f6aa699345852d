#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_lab.sh: scripts/nas-lab itself.  Bad command lines exit 2 and user
# nobody is told it needs root (77); up gives SMB and SSH shares that
# carry data both ways, in a namespace whose only interface is lo at
# 127.0.0.1 with MTU 1500 and the profile's tbf; the servers sit in the
# NAS's memory cgroup, the clients outside it; link cut stops transfers
# and restore brings them back; down leaves no namespace, mount, loop
# device, cgroup or process, and is idempotent; an up killed half-way is
# cleaned by the next up.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

expect_failure 2 sh "$NASLAB" up --link 3gbit
check grep -q "link '3gbit': not a profile" "$T/err"
expect_failure 2 sh "$NASLAB" up --share a:zfs
check grep -q "a zfs share needs --zfs LAYOUT" "$T/err"
expect_failure 2 sh "$NASLAB" up --share a:f2fs
check grep -q "file system 'f2fs' is not ext4, xfs or btrfs" "$T/err"
expect_failure 2 sh "$NASLAB" up --nas-ram 10M
check grep -q -- "--nas-ram '10M': at least 64M" "$T/err"
expect_failure 2 sh "$NASLAB" frobnicate
if command -v setpriv >/dev/null 2>&1; then
	chmod 711 "$T"
	mkdir -p "$T/scripts" && chmod 755 "$T/scripts" && cp "$NASLAB" "$TOP/scripts/nas-lib.sh" "$TOP/scripts/nas-zfs.sh" "$T/scripts/"
	expect_failure 77 setpriv --reuid=65534 --regid=65534 --clear-groups sh "$T/scripts/nas-lab" up --name "$LAB"
	check grep -q "needs root" "$T/err"
fi

lab_up --link gigabit --nas-ram 128M --share one:ext4:256M --share two:xfs:320M:20M
ns=iosweep-lab-$LAB
smb=$(share one smb) ssh=$(share two ssh)
check test -n "$smb"
check test -n "$ssh"
# the namespace: lo only, 127.0.0.1, MTU 1500, tbf at 1 Gbit/s
check test "$(nsenter --net=/run/netns/$ns ip -o link | wc -l)" -eq 1
check test "$(nsenter --net=/run/netns/$ns ip -o -4 addr | awk '{ print $4 }')" = 127.0.0.1/8
check nsenter --net=/run/netns/$ns ip -o link show lo | grep -q "mtu 1500"
check nsenter --net=/run/netns/$ns tc qdisc show dev lo | grep -q "tbf 1: root.*rate 1Gbit"
check test "$(cat "$LABDIR/link")" = gigabit
check test "$(lab run -- sh -c 'echo $IOSWEEP_LINK')" = gigabit
# data both ways, through each client
head -c 3000000 /dev/urandom > "$T/data"
check cp "$T/data" "$smb/data"
check cmp "$T/data" "$smb/data"
check cp "$T/data" "$ssh/data"
check cmp "$T/data" "$ssh/data"
check cmp "$T/data" "$LABDIR/disks/one/export/data"
check cmp "$T/data" "$LABDIR/disks/two/export/data"
# the servers in the NAS's cgroup, the clients not
mem=$(awk -F: '$2 == "memory" { print $3 }' /proc/self/cgroup)
cg=/sys/fs/cgroup/memory${mem%/}/iosweep-lab-$LAB
if [ -d "$cg" ]; then
	check grep -qx "$(cat "$LABDIR/pid/smbd.pid")" "$cg/cgroup.procs"
	check grep -qx "$(cat "$LABDIR/pid/sshd.pid")" "$cg/cgroup.procs"
	check test "$(cat "$cg/memory.limit_in_bytes")" -eq $((128 * 1024 * 1024))
	check sh -c "! grep -qx '$(cat "$LABDIR/pid/smbnetfs.pid")' '$cg/cgroup.procs'"
else
	echo "note: no cgroup v1 memory hierarchy: the cgroup membership was not checked"
fi
# the slow disk's throttle
check grep -q " 20971520\$" /sys/fs/cgroup/blkio/iosweep-lab-$LAB/blkio.throttle.read_bps_device
# a cut link stops a transfer; restored, it works again
check sh "$NASLAB" link --name "$LAB" cut
check test "$(timeout 5 nsenter --net=/run/netns/$ns ssh -o BatchMode=yes -o ConnectTimeout=3 \
	-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -i "$LABDIR/ssh/client_key" \
	root@127.0.0.1 echo hi 2>/dev/null)" = ""
check sh "$NASLAB" link --name "$LAB" restore
check test "$(timeout 10 nsenter --net=/run/netns/$ns ssh -o BatchMode=yes -o ConnectTimeout=5 \
	-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
	-i "$LABDIR/ssh/client_key" root@127.0.0.1 echo hi)" = hi
check sh "$NASLAB" link --name "$LAB" 100mbit
check nsenter --net=/run/netns/$ns tc qdisc show dev lo | grep -q "rate 100Mbit"
check test "$(cat "$LABDIR/link")" = 100mbit

# down: nothing left
pids=$(cat "$LABDIR"/pid/*.pid)
expect_success sh "$NASLAB" down --name "$LAB"
left_behind() {
	ip netns list | grep -q "iosweep-lab-$LAB" && echo "namespace"
	findmnt -rn -o TARGET | grep -q "^$LABDIR" && echo "mounts"
	losetup -a | grep -q "$LABDIR" && echo "loop devices"
	ls -d /sys/fs/cgroup/*/iosweep-lab-$LAB /sys/fs/cgroup/memory${mem%/}/iosweep-lab-$LAB 2>/dev/null | grep -q . && echo "cgroups"
	for p in $pids; do kill -0 "$p" 2>/dev/null && echo "process $p"; done
	[ -e "$LABDIR" ] && echo "state folder"
}
check test -z "$(left_behind)"
expect_success sh "$NASLAB" down --name "$LAB"

# an up killed half-way, then a second up and down
sh "$NASLAB" up --name "$LAB" >/dev/null 2>&1 &
killme=$!
wait_until $killme test -e "$LABDIR/pid/smbd.pid"
kill -KILL $killme
wait $killme 2>/dev/null
lab_up
check test -n "$(share share smb)"
check test -n "$(share share ssh)"
check ls "$(share share smb)"
pids=$(cat "$LABDIR"/pid/*.pid)
expect_success sh "$NASLAB" down --name "$LAB"
check test -z "$(left_behind)"
finish
