#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_faults.sh: faults of a network during a sweep on the lab's SMB and
# SSH shares: the server killed (SIGKILL to it and its children, by pid)
# in the second cell, the link cut for 30 s (every packet dropped) and
# restored, the share full (a 96 MB disk), and the server restarted
# between the first and the second cell.  Each run must end within 90 s
# of the fault, either done (exit 0, every cell whole) or with exit 3 and
# a line naming the test file, with the first cell saved whole in
# results.csv; the run's process is gone and the test file removed or
# named.  The outcome of each case is printed, for the record.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

lab_up --link gigabit --nas-ram 256M --share s:ext4:1G --share small:ext4:96M

# descendants PID: PID and every process below it
descendants() {
	echo "$1"
	for c in $(ps -o pid= --ppid "$1"); do descendants "$c"; done
}
kill_server() { # NAME (smbd, sshd)
	for p in $(descendants "$(cat "$LABDIR/pid/$1.pid")"); do kill -KILL "$p" 2>/dev/null; done
}

# share_ready PROTO SHARE: until a file can be made on the share again
# after a fault (60 s at most: the clients reconnect on their own)
share_ready() {
	sr=$(share "$2" "$1")
	i=0
	while [ $i -lt 60 ]; do
		touch "$sr/probe" 2>/dev/null && rm -f "$sr/probe" && return 0
		sleep 1
		i=$((i + 1))
	done
	fail "share $2 through $1 unusable 60 s after the fault"
}

# sweep PROTO SHARE CASE: start a sweep of 64, 128 and 256 MB files in the
# background (pid in $SW, stderr in $T/CASE.err)
sweep() {
	dir=$(share "$2" "$1")
	F=$dir/iosweep-$3.tmp OUT=$T/$3
	# one file per case: an earlier case's file may stay a while (SMB
	# deletes a file still open on a dead session only when that ends)
	rm -f "$F" 2>/dev/null
	lab run -- "$IOSWEEP" -s 64m -s 128m -s 256m -r 1m -i 0 -i 1 --force --progress \
		-f "$F" --out "$OUT" >"$T/$3.out" 2>"$T/$3.err" &
	SW=$!
}
# second_cell: until the sweep has started its second cell
in_second_cell() { tr '\r' '\n' 2>/dev/null < "$T/$CASE.err" | grep -q 'cell 2/3'; }
# finish_case FAULT_TIME: wait (150 s at most) for the sweep, then judge
finish_case() {
	i=0
	while kill -0 "$SW" 2>/dev/null && [ $i -lt 1500 ]; do sleep 0.1; i=$((i + 1)); done
	if kill -0 "$SW" 2>/dev/null; then
		fail "$CASE: the sweep still runs 150 s after the fault"
		for p in $(descendants "$SW"); do kill -KILL "$p" 2>/dev/null; done
	fi
	wait "$SW"
	rc=$?
	took=$(( $(date +%s) - $1 ))
	msg=$(tr '\r' '\n' < "$T/$CASE.err" | sed 's/\x1b\[K//g' | grep -v '^iosweep: cell [0-9]' | grep . | head -n 1)
	echo "$CASE: exit $rc, $took s after the fault: $msg"
	check test "$took" -le 90
	check sh -c "! kill -0 $SW 2>/dev/null"
	case $rc in
	0)
		check grep -q 'test complete' "$T/$CASE.out"
		check test "$(partials "$OUT/results.csv" 262144 | grep -c '^0$')" -eq 4 ;;
	3)
		check grep -q "'$F'" "$T/$CASE.err"
		check test "$(partials "$OUT/results.csv" 65536 | grep -c '^0$')" -eq 4
		check test "$(tr '\r' '\n' < "$T/$CASE.err" | grep -c "^iosweep: cannot\|^iosweep: .*timed out")" -le 1 ;;
	*) fail "$CASE: exit $rc (wanted 0, or 3 with the finished cells saved)" ;;
	esac
	[ ! -e "$F" ] || check grep -q "$F" "$T/$CASE.err"
	# a file the run could not remove (the server was gone) goes now
	rm -f "$F" 2>/dev/null
}

for proto in smb ssh; do
	case $proto in smb) server=smbd ;; ssh) server=sshd ;; esac

	# the server killed in the second cell; started again for the next case
	CASE=$proto-kill
	sweep "$proto" s "$CASE"
	wait_until "$SW" in_second_cell
	sleep 1
	kill_server "$server"
	finish_case "$(date +%s)"
	check lab restart "$proto"

	# the link cut for 30 s in the second cell, then restored
	CASE=$proto-cut
	share_ready "$proto" s
	sweep "$proto" s "$CASE"
	wait_until "$SW" in_second_cell
	sleep 1
	t0=$(date +%s)
	check lab link cut
	sleep 30
	check lab link restore
	finish_case "$t0"

	# the server restarted between the first and second cell
	CASE=$proto-restart
	share_ready "$proto" s
	sweep "$proto" s "$CASE"
	wait_until "$SW" in_second_cell
	kill -STOP "$SW"
	t0=$(date +%s)
	check lab restart "$proto"
	kill -CONT "$SW"
	finish_case "$t0"

	# the share fills: a 96 MB disk and a 128 MB file
	CASE=$proto-full
	share_ready "$proto" small
	sweep "$proto" small "$CASE"
	t0=$(date +%s)
	finish_case "$t0"
	check test "$rc" -eq 3
	# SFTP (protocol 3) has no code for a full disk: sshfs can only say EIO
	case $proto in
	smb) check grep -q "No space left on device" "$T/$CASE.err" ;;
	ssh) check grep -q "Input/output error" "$T/$CASE.err" ;;
	esac
done

# nfs-ganesha killed (SIGKILL, by pid) in the second cell of an nfs://
# sweep: libnfs sees the connection go; the test file stays in the export
# (the server that would remove it is gone) and the message names it
url=$(share s nfs)
if [ -z "$url" ]; then
	fail "the lab has no NFS share"
elif lab run -- "$IOSWEEP" -s 64k -r 4k -i 0 -f "$url/probe" --out "$T/probe" 2>&1 |
	grep -q 'nfs:// needs libnfs'; then
	echo "note: this iosweep has no libnfs: ganesha killed mid-sweep not tried"
else
	CASE=nfs-kill F=$url/iosweep-nfs-kill.tmp OUT=$T/nfs-kill
	lab run -- "$IOSWEEP" -s 64m -s 128m -s 256m -r 1m -i 0 -i 1 --progress \
		-f "$F" --out "$OUT" >"$T/$CASE.out" 2>"$T/$CASE.err" &
	SW=$!
	wait_until "$SW" in_second_cell
	sleep 1
	for p in $(descendants "$(cat "$LABDIR/nfs/ganesha.pid")"); do kill -KILL "$p" 2>/dev/null; done
	finish_case "$(date +%s)"
	check test "$rc" -eq 3
	rm -f "$LABDIR/disks/s/export/iosweep-nfs-kill.tmp"
fi
expect_success lab down
finish
