# SPDX-License-Identifier: GPL-2.0-or-later
# share.sh: a real network share for the e2e tests that need one, sourced
# after lib.sh by a test that already runs inside its own network and
# mount namespaces (share_enter re-runs the test there).
#
# The share: an sshd of our own (its own host key, config and client key,
# listening on 127.0.0.1:2222 of the namespace's loopback, the only
# interface there) and sshfs mounting its export through FUSE at
# $SHARE_MNT.  Nothing of it is visible outside the namespaces: the
# namespace's /run is a tmpfs of its own (sshd's privilege-separation
# folder lives there), the mount is the namespace's, and share_down stops
# sshfs and sshd by their pids (also from the EXIT trap), so a failed test
# leaves nothing running.  share_link RATE shapes the loopback with tbf.
#
#   share_enter "$@"    first line of the test: re-run in new namespaces,
#                       or skip with the reason (not root, no unshare,
#                       no FUSE, no sshd or sshfs)
#   share_up            start sshd, mount; SHARE_MNT, SHARE_EXPORT, SSHD_PID,
#                       SSHFS_PID set; skips when it cannot
#   share_link RATE     tbf on lo at RATE (tc's units: 100mbit)
#   share_stall / share_resume   SIGSTOP / SIGCONT every sshd of the share
#   share_down          unmount, stop every process started, by pid

share_enter() {
	[ "${SHARE_IN_NS:-0}" = 1 ] && return 0
	[ "$(id -u)" -eq 0 ] || skip "needs root for network and mount namespaces"
	command -v unshare >/dev/null 2>&1 || skip "no unshare (util-linux)"
	[ -c /dev/fuse ] || skip "no /dev/fuse: FUSE is not available"
	command -v sshfs >/dev/null 2>&1 && [ -x /usr/sbin/sshd ] ||
		skip "no sshfs or sshd (scripts/bootstrap test installs sshfs, openssh-server)"
	command -v ip >/dev/null 2>&1 || skip "no ip (iproute2)"
	case $0 in /*) se_self=$0 ;; *) se_self="$OLDPWD/$0" ;; esac
	cd / && rm -rf "$T"
	SHARE_IN_NS=1 exec unshare --net --mount --propagation private sh "$se_self" "$@"
}

share_up() {
	S="$T/share"
	SHARE_EXPORT="$S/export"
	SHARE_MNT="$S/mnt"
	mkdir -p "$S/ssh" "$SHARE_EXPORT" "$SHARE_MNT" || skip "cannot make $S"
	ip link set lo up || skip "cannot bring up the namespace's loopback"
	mount -t tmpfs -o mode=755 tmpfs /run || skip "cannot mount a private /run"
	mkdir -p /run/sshd
	ssh-keygen -q -t ed25519 -N '' -f "$S/ssh/host_key" &&
		ssh-keygen -q -t ed25519 -N '' -f "$S/ssh/client_key" &&
		cp "$S/ssh/client_key.pub" "$S/ssh/authorized_keys" ||
		skip "ssh-keygen failed"
	cat > "$S/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port 2222
HostKey $S/ssh/host_key
AuthorizedKeysFile $S/ssh/authorized_keys
PidFile none
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
EOF
	/usr/sbin/sshd -D -e -f "$S/ssh/sshd_config" 2>"$S/ssh/sshd.log" &
	SSHD_PID=$!
	trap 'share_down; e2e_drop_T' EXIT
	wait_until "$SSHD_PID" grep -q "Server listening" "$S/ssh/sshd.log"
	kill -0 "$SSHD_PID" 2>/dev/null || skip "sshd did not start: $(head -n 2 "$S/ssh/sshd.log")"
	sshfs -f -o "IdentityFile=$S/ssh/client_key,StrictHostKeyChecking=no" \
		-o "UserKnownHostsFile=/dev/null,port=2222,LogLevel=ERROR" \
		"root@127.0.0.1:$SHARE_EXPORT" "$SHARE_MNT" 2>"$S/sshfs.log" &
	SSHFS_PID=$!
	wait_until "$SSHFS_PID" grep -q " $SHARE_MNT fuse.sshfs " /proc/self/mounts
	grep -q " $SHARE_MNT fuse.sshfs " /proc/self/mounts ||
		skip "sshfs did not mount: $(head -n 2 "$S/sshfs.log")"
}

# An Ethernet-like link: MTU 1500 (lo's 64 kB packets would not fit tbf's
# bucket) and Ethernet's framing counted (38 bytes a frame on the wire, 14
# of them in lo's packets already), then the rate.
share_link() {
	ip link set lo mtu 1500 &&
		tc qdisc replace dev lo root handle 1: stab overhead 24 linklayer ethernet \
			tbf rate "$1" burst 64kb latency 100ms
}

# The sshd processes serving the share: the listener and its descendants.
share_sshds() {
	sd_all="$SSHD_PID"
	sd_new="$SSHD_PID"
	while [ -n "$sd_new" ]; do
		sd_next=""
		for p in $sd_new; do
			for c in $(cat "/proc/$p/task/$p/children" 2>/dev/null); do
				sd_next="$sd_next $c"
			done
		done
		sd_all="$sd_all$sd_next"
		sd_new=$sd_next
	done
	echo "$sd_all"
}

share_stall() {
	for p in $(share_sshds); do kill -STOP "$p" 2>/dev/null; done
}

share_resume() {
	for p in $(share_sshds); do kill -CONT "$p" 2>/dev/null; done
}

share_down() {
	sd_pids=""
	if [ -n "${SSHD_PID:-}" ]; then
		sd_pids=$(share_sshds)
		share_resume
	fi
	if [ -n "${SHARE_MNT:-}" ] && grep -q " $SHARE_MNT " /proc/self/mounts; then
		fusermount3 -u "$SHARE_MNT" 2>/dev/null || umount -l "$SHARE_MNT" 2>/dev/null
	fi
	for p in ${SSHFS_PID:-} $sd_pids; do
		kill "$p" 2>/dev/null
	done
	for p in ${SSHFS_PID:-} ${SSHD_PID:-}; do
		wait "$p" 2>/dev/null
	done
	SSHFS_PID=""
	SSHD_PID=""
}
